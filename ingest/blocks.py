"""Markdown blocks with line spans, from a real CommonMark parser (markdown-it-py).

A note is read as a person reads it: headings, list entries (with their nesting), table rows,
paragraphs, block quotes and callouts, code, HTML, rules.  ``read_blocks(lines, first_line)`` parses
the body of a note (front matter already split off) with markdown-it-py's CommonMark parser plus GFM
tables, and returns one :class:`MdBlock` per block in file order, each with its 1-based line span.

What the parser is told, and why:

* setext headings are off (``lheading``): in curators' notes a ``---`` under a line of text is a
  separator between digest entries far more often than a heading underline;
* an HTML block that runs on past its tag lines (CommonMark ends a ``<details>`` block only at a
  blank line) is split: its tag-only lines stay ``html``, the lines after them are parsed again as
  Markdown, so ``</details>`` followed by text loses nothing;
* HTML comments and code (fenced or indented) are blocks of their own kinds and never claims, but
  an indented block that reads as prose (a chat thread's indented replies, an indented paragraph:
  ``_is_prose``) is the writer's text and is parsed again, dedented;
  block quotes (``>``) and Obsidian/GitHub callouts (``> [!warning] 未复现``) give their inner
  blocks ``quoted=True`` and ``callout="warning"``, their markers stripped from the text;
* list items keep their marker (``1.``, ``2)``, ``-``), their task box (``[ ]``/``[x]``), their
  depth and the index of the enclosing item; a list item's own text is its paragraphs before any
  nested list, so a parent entry and its sub-bullets are separate blocks;
* table rows carry their cells and the header's cells.

Chinese list markers (``一、``, ``（1）``, ``1）``) are not CommonMark list markers; they stay in the
paragraph's text, line by line (``MdBlock.lines``), for :mod:`ingest.structure` to find.
"""
from __future__ import annotations

import csv
import html
import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from collections.abc import Callable, Iterator, Set as AbstractSet
from typing import Literal

from markdown_it import MarkdownIt

from .arxiv import find_arxiv_ids
from ingest.lazyre import compile_lazy

__all__ = ["MdBlock", "read_blocks", "BlockKind", "value_cells", "without_value_cells"]

BlockKind = Literal["heading", "item", "row", "para", "code", "html", "hr"]

_CALLOUT = compile_lazy(r"^\s*\[!([A-Za-z][\w-]*)\][+-]?\s*")
_TASK = compile_lazy(r"^\[([ xX])\]\s+")
_TAG_LINE = compile_lazy(r"^\s*(?:<[^>]*>\s*)+$")
_COMMENT = compile_lazy(r"<!--.*?-->", re.S)


@dataclass(frozen=True)
class MdBlock:
    """One Markdown block.

    Attributes
    ----------
    kind : str
        ``heading``, ``item`` (a list entry's own text), ``row`` (a table body row), ``para``,
        ``code`` (fenced or indented), ``html`` (an HTML block: comments, ``<details>``), ``hr``.
    text : str
        The block's own source text, markers removed (heading ``#``s, list marker and task box,
        ``>`` and callout marker), lines joined with ``"\\n"``; for a row, the cells joined with
        ``" | "``.
    line, line_end : int
        1-based inclusive span of the block's own lines.
    level : int
        Heading level (1-6); list depth (0 for a top-level entry); 0 otherwise.
    marker : str
        The list marker as written (``"1."``, ``"2)"``, ``"-"``), else ``""``.
    task : str | None
        ``" "`` or ``"x"`` for a task-list entry.
    parent : int | None
        Index (in the returned list) of the enclosing list entry.
    cells, header : tuple[str, ...]
        A row's cells and its table's header cells.
    quoted : bool
        Inside a block quote.
    callout : str | None
        The callout type of the enclosing ``> [!type]`` quote, lower case.
    lines : tuple[tuple[int, str], ...]
        ``(line number, text)`` of each own line (markers removed from the first).
    index : int
        The block's own position in the list :func:`read_blocks` returns (what ``parent`` refers to).
    indented : bool
        Read from an indented block of prose (a chat thread's reply under its message).
    setting : str
        For a line of a notebook's output cell: the heading above it and the input cell that printed it, whose
        conditions (the model, the bit width) hold for its figures; else ``""``.
    """

    kind: BlockKind
    text: str
    line: int
    line_end: int
    level: int = 0
    marker: str = ""
    task: str | None = None
    parent: int | None = None
    cells: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    quoted: bool = False
    callout: str | None = None
    lines: tuple[tuple[int, str], ...] = field(default=(), compare=False)
    index: int = -1
    indented: bool = False
    setting: str = field(default="", compare=False)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    # (no link reference definitions: "[^1]: https://arxiv.org/abs/2401.09670", a footnote citing a paper by its bare
    # link, would be one and vanish; a note's "[label]: url" lines are text the writer wrote)
    return MarkdownIt("commonmark", {"html": True}).enable("table").disable(["lheading", "reference"])


def read_blocks(lines: list[str], first_line: int = 1) -> list[MdBlock]:
    """Parse ``lines`` (a note's body, without newlines) into blocks with 1-based line spans.

    Parameters
    ----------
    lines : list[str]
        The lines to parse; ``lines[0]`` is line ``first_line`` of the file.
    first_line : int
        The file line of ``lines[0]`` (after a front matter block).

    Returns
    -------
    list[MdBlock]
        In file order.  Never raises: any text parses.
    """
    out: list[MdBlock] = []
    # a line of "=" alone is a separator (setext headings are off): a rule, like "***"
    lines = _setext_headings(lines)
    lines = ["***" if _EQ_RULE.match(ln) else ln for ln in lines]
    # "• ravi: …" pasted from Slack, Docs or Word: a bullet CommonMark does not know (one character for one,
    # so every column stays where it was)
    # (none of these reads inside a fenced block: code and its output stay as written)
    lines = _markdown_fences(lines)
    lines = _proposed_edits(lines)
    lines = _unfenced_csv(lines)
    lines = [_SUGGESTED.sub(_suggestion_applied, ln) if "[[" in ln else ln for ln in lines]
    code = _fenced_lines(lines)  # (what a fence holds is code: no speaker notes or citations are read in it)
    lines = _speaker_notes(_cite_keys_resolved(lines, code), code)
    fenced = _fenced_lines(lines)
    lines = [_BULLET.sub(r"\1-", ln, count=1) if k not in fenced else ln for k, ln in enumerate(lines)]
    lines = _marked_lines(lines, fenced)
    lines = _chapter_lines(lines, fenced)
    lines = _bare_tasks(lines, fenced)
    lines = _keycap_entries(lines, fenced)
    lines = _hanging_entries(lines, fenced)
    lines = _labelled_lines(lines, fenced)
    lines = _shell_comments(lines, fenced)
    lines = _definition_fields(lines, fenced)
    rows, lines = _tab_rows(lines, first_line, fenced)
    html_rows, lines = _html_rows(lines, first_line, fenced)
    rows += html_rows
    lines = _html_text(_feed_lines(lines, fenced), fenced)
    csv_rows, lines = _csv_rows(lines, first_line, fenced)
    rows += csv_rows
    grid_rows, lines = _grid_rows(lines, first_line, fenced)
    rows += grid_rows
    _parse_into(out, lines, first_line, quoted=False, callout=None)
    out = [x for b in out for y in _bibtex_split(b) for x in _latex_split(y)]
    if rows:
        # the rows go in at their lines; a block's ``parent`` is an index into the list, so it follows
        tagged = sorted([(b.line, 0, k, b) for k, b in enumerate(out)] + [(r.line, 1, -1, r) for r in rows],
                        key=lambda t: (t[0], t[1]))
        new_of = {k: n for n, (_ln, _row, k, _b) in enumerate(tagged) if k >= 0}
        out = [replace(b, parent=new_of[b.parent]) if b.parent is not None else b for _ln, _row, _k, b in tagged]
    # a row's identifier-shaped values under a header naming no paper read as that header's values ("run_id=2610.04471",
    # "ttft_p99_ms=1312.4470"): whatever reads the row's text finds no identifier in them (:func:`value_cells`)
    out = [replace(b, text=_valued_text(b)) if b.kind == "row" and value_cells(b) else b for b in out]
    # an errata table's "原文" / "Original" cell quotes the document it corrects: the row says what the correction says
    out = [_without_original(b) if b.kind == "row" else b for b in out]
    return [replace(b, index=i) for i, b in enumerate(out)]


#: An errata table's columns: the text as it stands ("原文", "Original", "Was", "Current text") and what it should say ("应为",
#: "Should be", "Correction"; not "After" or "New", which a benchmark's before/after table has too).
_ORIGINAL_COLUMN = compile_lazy(r"(?:原文|原句|原稿|现文|当前|original(?: text)?|was|current(?: text)?|old(?: text)?|before)", re.IGNORECASE)
SHOULD_COLUMN = compile_lazy(r"(?:应为|应改为|改为|更正为?|修正为?|正确(?:写法|的)?|should (?:be|read)|corrected(?: text)?|corrections?|"
                             r"replace (?:with|by))", re.IGNORECASE)


def _quoted_original(header: tuple[str, ...]) -> int | None:
    """The column of an errata table's header ("| 位置 | 原文 | 应为 | 依据 |") that quotes the text corrected, else None
    (a header with no column saying what the text should be is no errata table)."""
    names = [re.sub(r"[*_`]", "", h).strip() for h in header]
    if not any(SHOULD_COLUMN.fullmatch(h) for h in names):
        return None
    return next((k for k, h in enumerate(names) if _ORIGINAL_COLUMN.fullmatch(h)), None)


def _without_original(row: MdBlock) -> MdBlock:
    """A row of an errata table without its quote of the text corrected (its figures are the document's, not the
    corrector's): the place, the correction and how it was checked, header and cells alike; any other row as it is."""
    k = _quoted_original(row.header)
    if k is None:
        return row
    cells = tuple(c for n, c in enumerate(row.cells) if n != k)
    header = tuple(h for n, h in enumerate(row.header) if n != k)
    return replace(row, cells=cells, header=header, text=" | ".join(cells))


def _valued_text(row: MdBlock) -> str:
    """A row's text with each of its :func:`value_cells` written ``header=value``."""
    values = value_cells(row)
    return " | ".join(f"{row.header[k].strip()}={c.strip()}" if c.strip() in values and k < len(row.header) else c
                      for k, c in enumerate(row.cells))


_BARE_TASK = compile_lazy(r"^\[[ xX]\]\s+\S")


def _bare_tasks(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """Task lines written without a list mark (``[x] Title — link — why`` / ``[ ] …``, a reading queue kept in a plain
    text editor), two or more of them: a task list, each line (with the indented lines under it) an entry of its own.
    Their lines get a list mark in front."""
    hits = [k for k, t in enumerate(lines) if k not in fenced and _BARE_TASK.match(t)]
    return _list_marked(lines, hits) if len(hits) >= 2 else lines


def _list_marked(lines: list[str], ks: list[int]) -> list[str]:
    """``lines`` with a list mark put in front of the lines at ``ks`` (entries written without one)."""
    out = list(lines)
    for k in ks:
        out[k] = "- " + lines[k]
    return out


def _marked_lines(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """A paragraph whose every line opens with a symbol (``🔥 SpecBatch …`` / ``📌 [2602.11873v3] …`` / ``☕ 杂事：…``,
    ``★ …`` / ``◆ …``) and half or more of whose lines (two or more) bring their own paper: a list written with
    pictographs for bullets, each line an entry of its own.  Its lines get a list mark in front.  A paragraph that opens with words
    and has marked remarks under it, or one topic's fields labelled with pictographs (``📌 ArborSpec —— …`` over
    ``🔗 arxiv 2603.05529``), stays as it is."""
    marked: list[int] = []
    for k, end in _paragraph_runs(lines, fenced, _opens_with_symbol):
        # (a line brings its own paper when its first identifier comes early and not after a comparison: "🆚 compared
        # against H2O (arXiv:…)" is one topic's field)
        own = [ids[0].arxiv_id for n in range(k, end) if (ids := find_arxiv_ids(lines[n])) and ids[0].start < 80
               and not _COMPARED_BEFORE.search(lines[n][:ids[0].start])]
        works = set(own)
        with_id = len(own)
        if end - k >= 2 and len(works) >= 2 and with_id >= 2 and with_id * 2 >= end - k \
                and (end == len(lines) or not lines[end].strip() or lines[end].lstrip().startswith(("#", "-", "*"))):
            marked.extend(range(k, end))
    return _list_marked(lines, marked)


def _paragraph_runs(lines: list[str], fenced: AbstractSet[int], opens: Callable[[str], object]) -> Iterator[tuple[int, int]]:
    """``(start, end)`` (end exclusive) of each run of unfenced lines that ``opens`` accepts, the run's first line opening a
    paragraph (the top of the text or right after a blank line)."""
    k = 0
    while k < len(lines):
        if k in fenced or not opens(lines[k]) or (k > 0 and lines[k - 1].strip()):
            k += 1
            continue
        end = k
        while end < len(lines) and end not in fenced and opens(lines[end]):
            end += 1
        yield k, end
        k = max(end, k + 1)


#: A recording's chapter line: "00:06:40 — Acceptance rate vs …", "12:30 - Retrieval drafts", "1:02:10 – Q&A".
_CHAPTER_LINE = compile_lazy(r"^\s*(?:\d{1,2}:)?\d{1,2}:\d{2}\s*[—–-]\s*\S")


def _chapter_lines(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """A paragraph of three lines or more, each a recording's chapter (``00:06:40 — Acceptance rate vs mean accepted tokens``):
    a list, each chapter an entry of its own.  Its lines get a list mark in front."""
    return _list_marked(lines, [n for k, end in _paragraph_runs(lines, fenced, _CHAPTER_LINE.match)
                                if end - k >= 3 and (end == len(lines) or not lines[end].strip()) for n in range(k, end)])


#: A paragraph opening with a keycap number ("1️⃣ Prism-MoE（arXiv:…）", "🔟 …"): a numbered entry.
_KEYCAP = compile_lazy(r"^\s*(?:\d\ufe0f?\u20e3|\U0001F51F)\s*\S")


#: A BibTeX entry's first line: "@article{samsi2023words,", "@inproceedings{li2023clover,".
BIBTEX_ENTRY = compile_lazy(r"\s*@(?:article|misc|inproceedings|incollection|conference|techreport|unpublished|online|preprint|book|"
                          r"phdthesis|mastersthesis|manual|software|dataset)\s*\{", re.IGNORECASE)
#: A BibTeX field holding the reader's words: "note = {Read §3–§5 properly …}", "annote = {…}", "comment = \"…\"".
_BIB_NOTE = compile_lazy(r"^\s*(?:note|annote|annotation|comment|comments|review|remark|remarks)\s*=\s*[{\"]", re.IGNORECASE)


def _bibtex_split(b: MdBlock) -> list[MdBlock]:
    """A code block holding two BibTeX entries or more (a ``.bib`` pasted whole in one fence): one code block per entry,
    and each entry's ``note = {…}`` field (``annote``, ``comment``) as a paragraph of the reader's words at its lines, so
    that what they say of the entry is read as what the reader says.  Any other block as it is."""
    if b.kind != "code" or b.quoted:
        return [b]
    starts = [k for k, (_ln, t) in enumerate(b.lines) if BIBTEX_ENTRY.match(t)]
    if len(starts) < 2:
        return [b]
    out: list[MdBlock] = []
    for n, k in enumerate(starts):
        seg = list(b.lines[k: starts[n + 1] if n + 1 < len(starts) else len(b.lines)])
        seg = [(ln, t) for ln, t in seg if not t.strip().startswith(("```", "~~~"))]
        note_at = next((j for j, (_ln, t) in enumerate(seg) if _BIB_NOTE.match(t)), None)
        code = seg if note_at is None else seg[:note_at]
        out.append(replace(b, text="\n".join(t for _ln, t in code), line=code[0][0], line_end=code[-1][0], lines=tuple(code)))
        if note_at is None:
            continue
        # the field's value up to its closing brace (or quote), over as many lines as it takes
        depth, said = 0, []
        for ln, t in seg[note_at:]:
            part = re.sub(r"^\s*\w+\s*=\s*[{\"]", "", t) if not said else t
            depth += t.count("{") - t.count("}")
            said.append((ln, part.strip()))
            if depth <= 0:
                break
        if said:
            last = re.sub(r"[}\"]\s*,?\s*$", "", said[-1][1])
            said[-1] = (said[-1][0], last)
            said = [(ln, t) for ln, t in said if t]
        if said:
            out.append(replace(b, kind="para", text="\n".join(t for _ln, t in said), line=said[0][0], line_end=said[-1][0],
                               lines=tuple(said)))
    return out


#: A LaTeX sectioning command that opens a part of a related-work draft: "\paragraph{Low-rank keys.}", "\subsection{…}".
_TEX_PART = compile_lazy(r"^\s*\\(?:sub)*(?:paragraph|subsection|subsubsection)\*?\{(?P<t>[^{}]{1,120})\}\s*(?P<rest>.*)$")
#: A draft's map from its citation keys to identifiers: "% keys: loki=2406.02542  palu=2407.21118v2".
_TEX_KEYS = compile_lazy(r"^\s*%\s*(?:keys?|cite ?keys?|bib)\s*:\s*(?P<pairs>.+)$", re.IGNORECASE)
#: An identifier written with its scheme already: "arXiv:2408.05646", "arxiv.org/abs/…", "10.48550/arXiv.…".
_WRITTEN_ID = compile_lazy(r"(?:arxiv|https?:|(?:www\.)?arxiv\.org|10\.)", re.IGNORECASE)
#: A citation command: "\citet{loki}", "\citep{h2o,snapkv}", "\cite[§3]{palu}".
_TEX_CITE = compile_lazy(r"\\cite[tp]?\*?(?:\[[^\]]*\])?\{(?P<keys>[^{}]+)\}")


def _latex_split(b: MdBlock) -> list[MdBlock]:
    r"""A code block holding a LaTeX draft in parts (two ``\paragraph{…}`` or ``\subsection{…}`` commands or more, a related-work
    section pasted from Overleaf): each part a heading over its text, its ``%`` comments a paragraph of the writer's own (how far
    they read), and each ``\citet{loki}`` written with the identifier the draft's ``% keys:`` line gives it (``loki
    (arXiv:2406.02542)``).  Any other block as it is."""
    if b.kind != "code" or b.quoted or sum(1 for _ln, t in b.lines if _TEX_PART.match(t)) < 2:
        return [b]
    keys: dict[str, str] = {}
    for _ln, t in b.lines:
        m = _TEX_KEYS.match(t)
        if m:
            for k, v in re.findall(r"([\w:.-]+)\s*=\s*(\S+)", m.group("pairs")):
                keys[k] = v

    def cited(text: str) -> str:
        def ident(v: str) -> str:
            return v if _WRITTEN_ID.match(v) else "arXiv:" + v

        def one(m: re.Match[str]) -> str:
            names = [k.strip() for k in m.group("keys").split(",") if k.strip()]
            return ", ".join(f"{k} ({ident(keys[k])})" if k in keys else k for k in names)
        return _TEX_CITE.sub(one, text)

    out: list[MdBlock] = []
    run: list[tuple[int, str]] = []
    run_kind = ""

    def flush() -> None:
        if run:
            out.append(replace(b, kind=run_kind, text="\n".join(t for _ln, t in run), line=run[0][0], line_end=run[-1][0],
                               lines=tuple(run), level=0))
            run.clear()

    for ln, t in b.lines:
        part = _TEX_PART.match(t)
        if t.strip().startswith(("```", "~~~")) or _TEX_KEYS.match(t):
            continue
        if part:
            flush()
            title = part.group("t").strip().rstrip(".")
            out.append(replace(b, kind="heading", text=title, line=ln, line_end=ln, lines=((ln, title),), level=3))
            if part.group("rest").strip():
                run_kind = "para"
                run.append((ln, cited(part.group("rest").strip())))
            continue
        kind = "para" if t.strip() else ""
        if not kind or re.match(r"\s*\\(?:section|label|begin|end|bibliography)\b", t):
            flush()
            continue
        comment = t.lstrip().startswith("%")
        text = t.lstrip().lstrip("%").strip() if comment else cited(t.strip())
        if run and (run_kind != ("comment" if comment else "para")):
            flush()
        run_kind = "comment" if comment else "para"
        run.append((ln, text))
    flush()
    return [replace(x, kind="para") if x.kind == "comment" else x for x in out] or [b]


#: An edit suggested in a document exported in suggesting mode: "[[deleted: does not condition on …]]", "[[inserted: …]]".
_SUGGESTED = compile_lazy(r"\[\[(?P<op>deleted|inserted|removed|added|删除|插入|新增)\s*[:：]\s*(?P<t>[^\[\]]*)\]\]", re.IGNORECASE)


def _suggestion_applied(m: re.Match[str]) -> str:
    """The text a suggestion leaves: an insertion's words, nothing of a deletion (the writer proposes to say the first
    and no longer the second: "It is task-agnostic and [[deleted: does not condition …]][[inserted: conditions …]]")."""
    return "" if m.group("op").lower() in ("deleted", "removed", "删除") else m.group("t")


def _keycap_entries(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """Paragraphs numbered with keycap digits (``1️⃣ …``, ``2️⃣ …``), two or more, each opening after a
    blank line: a numbered list written with emoji, each paragraph an entry of its own.  Its first line gets a list mark in
    front (the paragraph's later lines continue the entry, as CommonMark's lazy lines do)."""
    opens = [k for k, ln in enumerate(lines) if k not in fenced and _KEYCAP.match(ln) and (k == 0 or not lines[k - 1].strip()
                                                                                           or _KEYCAP.match(lines[k - 1]))]
    return _list_marked(lines, opens) if len(opens) >= 2 else lines


#: A line that opens with a log's label in capitals and a colon: "TIL: …", "FYI: …", "NB: …".
_CAPS_LABEL = compile_lazy(r"^(?P<l>TIL|FYI|PSA|IDEA|NB|FINDING|OBS):\s+\S")  # (not a huddle's "AI: priya — …" action items)


#: A shell prompt and its command: "$ python bench.py --batch 64", "(venv) $ pip show quarry", "user@gpu-07:~$ nvidia-smi".
SHELL_PROMPT = compile_lazy(r"^(?:\([\w.-]{1,30}\)\s*)?(?:[\w.-]{1,30}@[\w.-]{1,40}:[^$\s]{0,60})?\$ \S")


def _shell_comments(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """A terminal session pasted as it ran (three prompts or more, ``$ python bench.py …``): its ``# note: …`` lines are the
    shell's comments, not Markdown headings; they are kept as text (the space after ``#`` becomes a no-break space, so
    every character stays where it was)."""
    if sum(1 for k, ln in enumerate(lines) if k not in fenced and SHELL_PROMPT.match(ln)) < 3:
        return lines
    return [ln[:1] + "\u00a0" + ln[2:] if k not in fenced and re.match(r"#[ \t]", ln) else ln for k, ln in enumerate(lines)]


def _labelled_lines(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """Three or more lines in a row, flush left, each opening with the same label in capitals ("TIL: …" / "TIL: …" /
    "TIL: …", a log of one-line finds): each line is an entry of its own, so it gets a list mark in front."""
    out = list(lines)
    k = 0
    while k < len(lines):
        m = _CAPS_LABEL.match(lines[k]) if k not in fenced else None
        if m is None:
            k += 1
            continue
        end = k + 1
        while end < len(lines) and end not in fenced and (n := _CAPS_LABEL.match(lines[end])) and n.group("l") == m.group("l"):
            end += 1
        if end - k >= 3:
            for j in range(k, end):
                out[j] = "- " + lines[j]
        k = end
    return out


def _hanging_entries(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """Paragraphs written with a hanging indent, two or more (an annotated bibliography: a citation flush left,
    the annotation indented under it, a blank line, the next): each is an entry of its own, so its first line gets a
    list mark in front (its indented lines stay its text)."""
    paras: list[tuple[int, int]] = []  # (first line, last line) of each hanging paragraph
    k = 0
    while k < len(lines):
        ln = lines[k]
        if k in fenced or not ln.strip() or ln[:1].isspace() or (k and lines[k - 1].strip()) \
                or re.match(r"\s*(?:[-*+>#|]|\d{1,3}[.)]\s|```|~~~|[（(]?\d{1,3}[)）、]|[一二三四五六七八九十]{1,3}[、.．]|\*\*|__|【)", ln):
            k += 1
            continue
        end = k + 1
        while end < len(lines) and end not in fenced and lines[end].strip() and re.match(r"(?: {2,}|\t)\S", lines[end]):
            end += 1
        if end > k + 1 and (end == len(lines) or not lines[end].strip()):
            paras.append((k, end - 1))
        k = end
    if len(paras) < 2:
        return lines
    out = list(lines)
    for a, _b in paras:
        out[a] = "- " + lines[a]
    return out


#: A comparison before a line's first identifier: the work is the one compared with ("compared against H2O (…)", "vs …").
_COMPARED_BEFORE = compile_lazy(r"\b(?:compared (?:against|to|with)|vs\.?|versus|than|against|over|baseline)\b|对比|相比|比", re.IGNORECASE)


def _opens_with_symbol(line: str) -> bool:
    """Whether ``line`` opens, flush left, with a pictograph or a typographic mark (category So) and then text."""
    return bool(line) and unicodedata.category(line[0]) == "So" and bool(re.match(r"^.[\ufe0f\u200d]?\S*\s+\S", line))


def _fenced_lines(lines: list[str]) -> set[int]:
    """Indexes of the lines of fenced code blocks (the fences included)."""
    out: set[int] = set()
    fence: str | None = None
    for k, ln in enumerate(lines):
        m = _FENCE_OPEN.match(ln)
        if fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            out.add(k)
        elif fence is not None:
            out.add(k)
            if ln.strip().startswith(fence) and not ln.strip().strip(fence[0]):
                fence = None
    return out


_FENCE_OPEN = compile_lazy(r"^ {0,3}(`{3,}|~{3,})")
_MD_HEADING_LINE = compile_lazy(r"^ {0,3}#{1,6}\s+\S")
_MD_ENTRY_LINE = compile_lazy(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+\S")


def _fences(lines: list[str]) -> Iterator[tuple[int, int, str, list[str]]]:
    """``(open, close, info, body)`` of each fenced block of ``lines``: the opening and closing fence lines' indexes (the
    closing one ``len(lines)`` when the fence is never closed), its info string lower-cased, its non-blank lines."""
    k = 0
    while k < len(lines):
        m = _FENCE_OPEN.match(lines[k])
        if not m:
            k += 1
            continue
        fence = m.group(1)
        j = k + 1
        while j < len(lines) and not (lines[j].strip().startswith(fence) and not lines[j].strip().strip(fence[0])):
            j += 1
        yield k, j, lines[k][m.end():].strip().lower(), [x for x in lines[k + 1:j] if x.strip()]
        k = j + 1


def _markdown_fences(lines: list[str]) -> list[str]:
    """A Markdown document pasted inside a fence (a project's CHANGELOG.md, a README section): a fence with no language
    or ``markdown``/``md``, whose lines are headings and list entries (seven in ten at least, one heading and two
    entries at least), is read as Markdown: its fence lines become blank lines, so its entries are the writer's
    topics.  Code, logs and configs (their lines are neither) stay code."""
    out = list(lines)
    for k, end, info, body in _fences(lines):
        heads = sum(1 for x in body if _MD_HEADING_LINE.match(x))
        entries = sum(1 for x in body if _MD_ENTRY_LINE.match(x))
        if end < len(lines) and info in ("", "markdown", "md") and heads >= 1 and entries >= 2 \
                and (heads + entries) * 10 >= 7 * len(body):
            out[k] = out[end] = ""
        elif end < len(lines) and info in ("", "text", "txt", "git", "commit") and body and _COMMIT_LINE.match(body[0]):
            # a commit pasted as `git log` prints it ("commit 9b1c0e4…", "Author:", "Date:", then its message indented four
            # spaces): the message is the writer's text, its "* 31.3, TransMLA: …" bullets their topics; the header stays
            out[k] = out[end] = ""
            for j in range(k + 1, end):
                if re.match(r"(?: {4}|\t)\S", lines[j]):
                    out[j] = lines[j][4:] if lines[j].startswith("    ") else lines[j][1:]
                elif lines[j].strip() and not lines[j][:1].isspace():
                    out[j] = lines[j] + "  "  # (a header line: "Author: …", kept on a line of its own)
    return out


#: The first line of a commit as ``git log`` prints it: "commit 9b1c0e4f7a2d35e8…".
_COMMIT_LINE = compile_lazy(r"^commit [0-9a-f]{7,40}\b")


#: A unified diff's hunk header, with the heading the hunk is under: "@@ -51,1 +51,2 @@ ### 2.3 · Asynchrony …".
_HUNK = compile_lazy(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@\s*(?P<where>.*)$"
                   # a hunk written by hand, headed by the section it edits: "@@ 2.3 向量量化 @@", "@@ §3.2 @@"
                   r"|^@@\s++(?P<where2>(?:§\s*+)?\d{1,2}(?:\.\d{1,2}){0,2}(?=[\s.)·:：—–-]|\s*@@)[^@]*+)@@\s*$")
#: The number of a living document's heading named in a hunk header ("### 2.3 · Asynchrony", "## §4 …", "3.1)").
_HUNK_KEY = compile_lazy(r"^#*\s*§?\s*(?P<key>\d{1,2}(?:\.\d{1,2}){0,2})(?=[\s.)·:：—–-]|$)")


_NOTES_OPEN = compile_lazy(r"^(?P<ind>\s*)<!--\s*(?P<label>(?:speaker|presenter)\s+notes?)\s*[:：]\s*(?P<rest>.*)$", re.IGNORECASE)


#: A comment opening a slide's notes in a deck: ``<!--`` and what follows on its line.
_DECK_COMMENT = compile_lazy(r"^(?P<ind>\s*)<!--\s*(?P<rest>.*)$")
#: A deck's directive written as a comment (``<!-- _class: lead -->``, ``<!-- paginate: false -->``): no notes.
_DIRECTIVE = compile_lazy(r"^\s*<!--\s*_?(?:theme|paginate|header|footer|class|backgroundColor|backgroundImage|color|size|style|"
                        r"headingDivider|math|transition|fit)\s*:[^>]*-->\s*$", re.IGNORECASE)


def _is_deck(lines: list[str], fenced: AbstractSet[int]) -> bool:
    """Whether ``lines`` are a slide deck's: two or more ``---`` rules each followed (within three lines) by a
    ``# `` slide title."""
    titled = 0
    for k, ln in enumerate(lines):
        if k in fenced or ln.strip() != "---":
            continue
        nxt = next((x for x in lines[k + 1:k + 4] if x.strip()), "")
        if nxt.startswith("# "):
            titled += 1
            if titled >= 2:
                return True
    return False


def _speaker_notes(lines: list[str], fenced: AbstractSet[int] = frozenset()) -> list[str]:
    """``lines`` with a slide deck's speaker notes written as HTML comments (``<!-- speaker notes: read §3 in the
    PDF -->``, Marp and reveal.js) read as text (``Speaker notes: read §3 in the PDF``): the presenter's words,
    where they say how they checked.  In a deck (``_is_deck``) every comment written over several lines but a
    directive is a slide's notes; elsewhere other comments stay comments.  Line numbers are kept."""
    out = list(lines)
    deck = _is_deck(lines, fenced)
    k = 0
    while k < len(lines):
        m = _NOTES_OPEN.match(lines[k]) if k not in fenced else None
        if m is None and deck and k not in fenced and not _DIRECTIVE.match(lines[k]) and "-->" not in lines[k]:
            # in a slide deck (Marp, reveal.js: slides between "---" rules, each under its "# " title) a comment written
            # over several lines is the presenter's notes (a one-line comment, "<!-- old draft … -->", stays a comment)
            m = _DECK_COMMENT.match(lines[k])
        if not m:
            k += 1
            continue
        j = k
        while j < len(lines) and "-->" not in lines[j]:
            j += 1
        if j == len(lines):
            return out
        for x in range(k, j + 1):
            t = lines[x] if x > k else f"{m.group('ind')}Speaker notes: {m.group('rest')}"
            out[x] = t.replace("-->", "").rstrip()
        k = j + 1
    return out


#: A BibTeX entry's opening ("@article{eliseev2023fast,") and the arXiv identifier in its fields.
_BIB_OPEN = compile_lazy(r"^\s*%?\s*@\w+\{\s*(?P<key>[^,\s{}]+)\s*,")
_BIB_EPRINT = compile_lazy(r"\beprint\s*=\s*[{\"]\s*(?:arXiv:)?(?P<id>\d{4}\.\d{4,5}(?:v\d+)?)|\barXiv[:\s]+(?P<id2>\d{4}\.\d{4,5}(?:v\d+)?)", re.IGNORECASE)
#: A line inside a BibTeX entry: a ``field = {…}`` line, its closing brace, a comment.
_BIB_FIELD = compile_lazy(r"^\s*(?:%|\}|[\w-]+\s*=)")
_CITE = compile_lazy(r"\\cite[pt]?\*?(?:\[[^\]\\]*\]){0,2}\{(?P<keys>[^{}]+)\}")


def _cite_keys_resolved(lines: list[str], fenced: AbstractSet[int] = frozenset()) -> list[str]:
    """``lines`` of a LaTeX draft pasted into a note with each ``\\cite{a,b}`` followed by the arXiv identifiers its
    keys have in the BibTeX entries the note carries (``@article{a, …, eprint = {2312.17238}}``): ``\\cite{a}
    [arXiv:2312.17238]``, so a paragraph citing by key names its works.  Unchanged without such entries."""
    if not any("\\cite" in t for t in lines):
        return lines
    ids: dict[str, str] = {}
    key = None
    for t in lines:
        m = _BIB_OPEN.match(t)
        if m:
            key = m.group("key")
        elif not _BIB_FIELD.match(t):
            key = None  # the entry has ended: an identifier in the prose after it is not its
        e = _BIB_EPRINT.search(t) if key else None
        if e and key not in ids:
            ids[key] = e.group("id") or e.group("id2")
    if not ids:
        return lines

    def cite(m: re.Match[str]) -> str:
        found = [ids[k.strip()] for k in m.group("keys").split(",") if k.strip() in ids]
        return m.group(0) + (" [" + "; ".join(f"arXiv:{x}" for x in found) + "]" if found else "")
    return [_CITE.sub(cite, t) if k not in fenced else t for k, t in enumerate(lines)]


def _proposed_edits(lines: list[str]) -> list[str]:
    """``lines`` with every fenced unified diff of a Markdown file (```` ```diff ```` or ```` ```patch ```` with
    ``--- a/….md`` / ``+++ b/….md``, or hunks headed by hand with the section they edit, ``@@ 2.3 向量量化 @@``: a
    proposed edit of the living document) read as what it
    proposes: its added lines are text of the note (an added line that opens an entry or brings a work starts a
    list entry, the others continue it), the first added line of a hunk names the section its header is under
    (`` (→ §2.3)``); the fences, headers, context and removed lines are blank.  Line numbers are kept."""
    out = list(lines)
    k = 0
    while k < len(lines):
        m = _FENCE_OPEN.match(lines[k])
        info = lines[k][m.end():].strip().lower() if m else ""
        if not m:
            if _DIFF_OLD.match(lines[k]) and k + 1 < len(lines) and _DIFF_NEW.match(lines[k + 1]):
                # a diff pasted without a fence ("--- a/organized/knowledge/….md" / "+++ b/…" / "@@ -40,6 +40,9 @@"): up to
                # the first line no diff writes; under a note that lists its changes above it, the added lines are the
                # detail of those entries, no entries of their own
                end = next((j for j in range(k + 2, len(lines)) if not _DIFF_BODY.match(lines[j])), len(lines))
                listed = any(_MD_ENTRY_LINE.match(t) for t in lines[:k])
                _read_diff(out, lines, k, end - 1, entries=not listed)
                k = end
                continue
            k += 1
            continue
        end = next((j for j in range(k + 1, len(lines)) if lines[j].strip().startswith(m.group(1))), None)
        if end is None:
            return out
        body = lines[k + 1:end]
        is_md_diff = info in ("diff", "patch") and any(re.match(r"^\+\+\+ \S+\.(?:md|markdown|txt)\b", t) or
                                                       ((h := _HUNK.match(t)) is not None and h.group("where2")) for t in body)
        if is_md_diff:
            _read_diff(out, lines, k, end)
        k = end + 1
    return out


#: The two header lines of a unified diff of a Markdown or text file, and the lines of its body.
_DIFF_OLD = compile_lazy(r"^--- (?:a/)?\S+\.(?:md|markdown|txt)\b")
_DIFF_NEW = compile_lazy(r"^\+\+\+ (?:b/)?\S+\.(?:md|markdown|txt)\b")
_DIFF_BODY = compile_lazy(r"^(?:[ +\-\\]|@@|$)")


def _read_diff(out: list[str], lines: list[str], k: int, end: int, *, entries: bool = True) -> None:
    """Lines ``k`` to ``end`` of ``lines`` (a proposed edit: a fenced diff with its fences, or an unfenced one) written into
    ``out`` as ``_proposed_edits`` reads them; ``entries=False``: added lines go on with the text above them."""
    where = ""
    first = hand = False
    for j in range(k, end + 1):
        t = lines[j]
        h = _HUNK.match(t)
        if h and h.group("where2"):
            # a hunk headed by hand with its section ("@@ 2.3 向量量化 @@"): the header opens the entry (the
            # section it edits), its added lines are the entry's text, indented under it
            km = _HUNK_KEY.match(h.group("where2").strip())
            where, first = (km.group("key") if km else ""), False
            out[j] = f"- {h.group('where2').strip()}" + (f" (→ §{where})" if where else "")
            hand = True
            continue
        if h:
            km = _HUNK_KEY.match((h.group("where") or "").strip())
            where, first, hand = (km.group("key") if km else ""), True, False
            out[j] = ""
        elif t.startswith("+") and not t.startswith("+++") and hand:
            out[j] = "  " + t[1:].lstrip()
        elif t.startswith("+") and not t.startswith("+++"):
            added = t[1:]
            # the hunk's first added line, and an added line that brings a work of its own, open an entry;
            # the other added lines go on with it (a "- LMCache (github…)" entry under "- Tidewater (arXiv:…)")
            # (an entry giving a long title first, "+- *SWIFT: On-the-Fly …* (arXiv:2404.18911) …", brings it too)
            opens = entries and (first or bool(re.search(r"arxiv|\d{4}\.\d{4,5}", added[:80], re.IGNORECASE)) or bool(
                re.search(r"arxiv\s*[:：]?\s*\d{4}\.\d{4,5}", added, re.IGNORECASE)))
            bare = re.sub(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+", "", added)
            if not entries:  # (its bold name is no heading of a topic: the note's own list above names the change)
                bare = re.sub(r"^(\s*)\*\*([^*\n]{1,80})\*\*", r"\1\2", bare)
            text = f"- {bare.lstrip()}" if opens else bare
            out[j] = text + (f" (→ §{where})" if first and where else "")
            first = False
        else:
            out[j] = ""


_DEFINITION = compile_lazy(r"^:[ \t]{1,4}(?=\S)")
_TERM = compile_lazy(r"^(?![-*+#>|]\s|\d{1,3}[.)]\s)[^\s:：].{0,38}$")


#: A table column whose cells may be a work's bare identifier: its header names papers, links or sources, or is empty.
_PAPER_COLUMN = compile_lazy(r"^\W*$|arxiv|eprint|paper|doi|url|link|ref|source|论文|链接|文献|出处|编号|^\W*(?:id|ids|no\.?|#)\W*$|"
                             r"title|name|work|method|system|标题|名称|方法|工作", re.IGNORECASE)
_ID_SHAPED = compile_lazy(r"\s*\d{4}\.\d{4,5}\s*")
#: A column of runs or of measured values: a log's key (``ttft_p99_ms``), a run's number (``run id``), a measure or a unit.
_MEASURE_HEADER = compile_lazy(r"[a-z0-9]_[a-z0-9]|\b(?:run|job|trial|seed|step|batch|build|commit|node|host|req(?:uest)?|exp(?:eriment)?)"
                               r"[\s_-]?(?:id|no\.?|#|number)\b|\b(?:ms|sec|secs|seconds|latency|time|ttft|tpot|tbt|tps|rps|qps|throughput|"
                               r"goodput|p50|p90|p95|p99|mem(?:ory)?|gb|mb|tok/s|tokens?/s|score|loss|ppl|acc(?:uracy)?)\b", re.IGNORECASE)


def value_cells(row: MdBlock) -> frozenset[str]:
    """The cells of a table row that are identifier-shaped numbers under a header naming no paper (``run_id`` over
    ``2610.04471``, ``ttft_p99_ms`` over ``1312.4470``): a run's number or a measured value, no arXiv identifier."""
    if row.kind != "row" or not row.header or (row.cells and _PAPER_COLUMN.search(row.cells[0].strip()) and row.cells[0].strip()):
        return frozenset()  # (a comparison matrix's "| arXiv | 2402.02750 | 2401.18079 |" row under its works' names)
    return frozenset(cell.strip() for k, cell in enumerate(row.cells)
                     if k < len(row.header) and _ID_SHAPED.fullmatch(cell) and _MEASURE_HEADER.search(row.header[k].strip())
                     and not _PAPER_COLUMN.search(row.header[k].strip()))


def without_value_cells(row: MdBlock) -> str:
    """A row's text (its cells joined with ``" | "``) with its :func:`value_cells` left out."""
    values = value_cells(row)
    return " | ".join(c for c in row.cells if c.strip() not in values) if values else row.text


_UNDERLINE = compile_lazy(r"^(?P<u>=+|-+)\s*$")


def _width(text: str) -> int:
    """The columns ``text`` takes in a monospaced editor (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _setext_headings(lines: list[str]) -> list[str]:
    """A setext heading written as a person underlines a title: a line standing alone, then a line of ``=`` or ``-``
    as wide as it (within two columns or a fifth) and a blank line, becomes ``#`` / ``##`` over a blank line.  Setext headings are
    off in the parser because a ``---`` under an entry separates a digest's entries; an underline cut to the title's
    width is no separator."""
    out = list(lines)
    for k in range(1, len(lines)):
        m = _UNDERLINE.match(lines[k])
        title = lines[k - 1].strip()
        if not m or not title or (k >= 2 and lines[k - 2].strip()) or _TERM_NOT_TITLE.match(title) \
                or (k + 1 < len(lines) and lines[k + 1].strip()):
            continue  # (a title stands alone: a blank line before it and after its underline; "Message: 1" over
            # "----------" over "Date: …" is a digest's message header)
        u, w = len(m.group("u")), _width(title)
        if u >= 3 and abs(u - w) <= max(2, w // 5):
            out[k - 1] = ("# " if m.group("u")[0] == "=" else "## ") + title
            out[k] = ""
    return out


#: A line that is no title however it is underlined: a list entry, a quote, a table row, a heading already, a fence.
_TERM_NOT_TITLE = compile_lazy(r"^(?:[-*+>|#]|\d{1,3}[.)]\s|```|~~~)")


def _definition_fields(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """A definition list (PHP Markdown Extra, Pandoc): a ``Term`` line, then ``: value`` lines.  Each value
    becomes a ``Term: value`` field at its own line and the term's line is left blank, so a card written so
    (``Title`` / ``: SageAttention: …``) reads as one written ``Title: SageAttention: …``."""
    out = list(lines)
    term = None
    terms: list[tuple[int, list[int]]] = []  # (term line, its value lines)
    for k, ln in enumerate(lines):
        if not _DEFINITION.match(ln) or k == 0 or k in fenced:
            term = None
            continue
        prev = lines[k - 1]
        if term is None and _TERM.match(prev.rstrip()) and not prev.rstrip().endswith((":", "：", ".", "。")):
            term = prev.strip()
            terms.append((k - 1, []))
            out[k - 1] = ""
        if term is not None:
            out[k] = f"{term}: {_DEFINITION.sub('', ln, count=1).strip()}"
            terms[-1][1].append(k)
    # A glossary (two terms or more, each giving its own paper): each term is a topic of its own, a bold heading over its
    # definitions, as a reader sees it ("Unified paging" / ": Paper: S-LoRA [2311.03285]")
    cited = [{m.group(0) for k in values for m in _ANY_ID.finditer(lines[k])} for _t, values in terms]
    if sum(1 for c in cited if c) >= 2 and len(set().union(*cited)) >= 2:
        for t, values in terms:
            out[t] = f"**{lines[t].strip()}**"
            for k in values:
                out[k] = _DEFINITION.sub("", lines[k], count=1).strip()
    return out


_ANY_ID = compile_lazy(r"(?<![\d.])\d{4}\.\d{4,5}(?!\d)")


_TR = compile_lazy(r"^\s*<tr\b[^>]*>(?P<cells>.*)</tr>\s*$", re.IGNORECASE)
_CELL = compile_lazy(r"<t([hd])\b[^>]*>(.*?)</t\1>", re.IGNORECASE | re.DOTALL)
_TR_ANY = compile_lazy(r"<tr\b[^>]*>(?P<cells>.*?)</tr>", re.IGNORECASE)
_ONE_LINE_TABLE = compile_lazy(r"^\s*<table\b[^>]*>\s*(?:<(?:thead|tbody)\b[^>]*>\s*)?<tr\b.*</table>\s*$", re.IGNORECASE)
_TABLE_TAG = compile_lazy(r"^\s*</?(?:table|thead|tbody|tfoot)\b[^>]*>\s*$", re.IGNORECASE)


#: A line of pasted HTML content: it opens with a block tag that holds text (a heading, a paragraph, a list entry).
_HTML_LINE = compile_lazy(r"^\s*<(?P<tag>h[1-6]|p|li|div|blockquote|ul|ol|html|body|span|br)\b[^>]*>", re.IGNORECASE)
_HTML_TAG = compile_lazy(r"<[^<>]{1,400}>")
_HTML_HREF = compile_lazy(r"<a\b[^<>]*?\bhref=[\"'](?P<href>[^\"'<>]+)[\"'][^<>]*>(?P<text>[^<]{0,400})</a>", re.IGNORECASE)


#: A feed's element on its line, RSS 2.0 or Atom: "<item>", "<title>…</title>", "<link href="…"/>", "</entry>".
_FEED_TAG = compile_lazy(r"^\s*<(?P<close>/)?(?P<tag>[A-Za-z][\w:.-]*)\b[^<>]*?(?P<empty>/)?>(?P<rest>.*)$")
#: A feed element whose text is what the feed's reader reads (an entry's title, its link, its text); the others (dates,
#: guids, authors, categories) are the feed's bookkeeping.
_FEED_TEXT = frozenset({"title", "description", "summary", "content", "content:encoded", "link"})


def _feed_lines(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """``lines`` with an RSS or Atom feed pasted raw read as the posts it lists: each ``<item>`` / ``<entry>`` a topic
    headed by its ``<title>`` (``### title``), its ``<link>`` the address, its ``<description>`` / ``<summary>`` /
    ``<content>`` the text it shows (entities unescaped, tags dropped); the feed's own title and bookkeeping (dates,
    ``<guid>``, ``<id>``) blank; a line of the reader's between the elements (">> my take …") the reader's text,
    its ``>`` marks dropped (no quote: the reader writes it).  Needs an ``<rss`` / ``<feed`` root and an entry.  Line
    numbers are kept."""
    roots = [k for k, t in enumerate(lines) if k not in fenced and re.match(r"\s*<(?:rss|feed)\b", t, re.IGNORECASE)]
    if not roots:
        return lines
    start = roots[0]
    end = next((k for k in range(len(lines) - 1, start, -1) if re.match(r"\s*</(?:rss|feed)\s*>", lines[k], re.IGNORECASE)),
               len(lines) - 1)
    entries = [k for k in range(start, end + 1) if re.match(r"\s*<(?:item|entry)\b", lines[k], re.IGNORECASE)]
    if not entries:
        return lines
    out = list(lines)
    if start > 0 and lines[start - 1].lstrip().startswith("<?xml"):
        out[start - 1] = ""
    in_entry = False
    open_tag: str | None = None  # an element whose text runs over several lines ("<description>" … "</description>")

    def shown(text: str) -> str:
        # (a description holds HTML escaped once, "&lt;p&gt;…": its tags are dropped after unescaping, as those written bare)
        text = text.replace("<![CDATA[", "").replace("]]>", "")
        text = _HTML_TAG.sub(" ", html.unescape(_HTML_TAG.sub(" ", text)))
        # (arXiv's own feed opens each description with "arXiv:2603.11852v2 Announce Type: replace": bookkeeping)
        text = re.sub(r"\bAnnounce Type:\s*[\w-]+", " ", text)
        return re.sub(r"\s+", " ", text).strip()

    for k in range(start, end + 1):
        t = lines[k]
        if open_tag is not None:
            closing = re.search(rf"</{re.escape(open_tag)}\s*>", t, re.IGNORECASE)
            out[k] = shown(t[:closing.start()] if closing else t) if in_entry else ""
            if closing:
                open_tag = None
            continue
        m = _FEED_TAG.match(t)
        if not m:
            out[k] = re.sub(r"^\s*>+\s?", "", t) if t.strip() else t  # the reader's own line
            continue
        tag = m.group("tag").lower()
        if tag in ("item", "entry"):
            in_entry = not m.group("close")
            out[k] = ""
            continue
        if m.group("close") or not in_entry or tag not in _FEED_TEXT:
            out[k] = ""
            if not m.group("close") and not m.group("empty") and not re.search(rf"</{re.escape(m.group('tag'))}\s*>", t, re.I) \
                    and tag in _FEED_TEXT | {"author"}:
                open_tag = m.group("tag")
            continue
        body = m.group("rest")
        closing = re.search(rf"</{re.escape(m.group('tag'))}\s*>", body, re.IGNORECASE)
        if tag == "link" and (href := re.search(r"\bhref=[\"']([^\"']+)", t)):
            out[k] = href.group(1)
        elif tag == "title":
            out[k] = "### " + shown(body[:closing.start()] if closing else body)
        else:
            out[k] = shown(body[:closing.start()] if closing else body)
        if not closing and not m.group("empty") and tag != "link":
            open_tag = m.group("tag")
    return out


def _html_text(lines: list[str], fenced: AbstractSet[int]) -> list[str]:
    """``lines`` with raw HTML content pasted into a note (a newsletter's ``<h2>``, ``<p>``, ``<li>`` lines) read as
    the text it shows: ``<h2>X</h2>`` is ``## X``, ``<li>X</li>`` is ``- X``, a link is its text and its address
    (``text (https://…)``), entities are characters (``&amp;`` is ``&``); tags alone on a line are blank. A note
    needs three such lines or more; comments and tables are read elsewhere.  Line numbers are kept."""
    hits = [k for k, t in enumerate(lines) if k not in fenced and _HTML_LINE.match(t)]
    if len(hits) < 3:
        return lines
    out = list(lines)
    for k in hits:
        t = lines[k]
        tag = _HTML_LINE.match(t).group("tag").lower()
        t = _HTML_HREF.sub(lambda m: f"{_HTML_TAG.sub('', m.group('text')).strip()} ({m.group('href')})", t)
        text = html.unescape(_HTML_TAG.sub(" ", t))
        text = re.sub(r"\s+", " ", text).strip()
        if tag.startswith("h") and len(tag) == 2 and text:
            out[k] = "#" * int(tag[1]) + " " + text
        elif tag == "li" and text:
            out[k] = "- " + text
        else:
            out[k] = text
    return out


def _html_rows(lines: list[str], first_line: int, fenced: AbstractSet[int]) -> tuple[list[MdBlock], list[str]]:
    """Rows of an HTML table pasted raw (``<table>`` then one ``<tr><td>…</td></tr>`` per line, copied from a
    web page or an online document): each row a ``row`` block, its cells as text, the ``<th>`` row (else the
    first) its header.  Returns the rows and ``lines`` with the table's lines blanked."""
    rows: list[MdBlock] = []
    out = list(lines)
    k = 0

    def add(cells_html: str, x: int, header: tuple[str, ...], first: bool) -> tuple[str, ...]:
        cells = _CELL.findall(cells_html)
        text = tuple(re.sub(r"\s+", " ", _clean_inline(re.sub(r"<[^>]+>", " ", c))).strip() for _t, c in cells)
        if not header and (all(t == "h" for t, _c in cells) or first):
            return text
        rows.append(MdBlock("row", " | ".join(text), first_line + x, first_line + x, cells=text, header=header,
                            lines=((first_line + x, lines[x]),)))
        return header

    while k < len(lines):
        if k in fenced or not re.match(r"^\s*<table\b", lines[k], re.IGNORECASE):
            k += 1
            continue
        if _ONE_LINE_TABLE.match(lines[k]):  # a whole table on one line, as a web editor pastes it
            header: tuple[str, ...] = ()
            trs = list(_TR_ANY.finditer(lines[k]))
            for n, m in enumerate(trs):
                header = add(m.group("cells"), k, header, n == 0 and len(trs) > 1)  # (a lone row is no header)
            out[k] = ""
            k += 1
            continue
        j = k + 1
        while j < len(lines) and (_TR.match(lines[j]) or _TABLE_TAG.match(lines[j]) or not lines[j].strip()) \
                and not re.match(r"^\s*</table>", lines[j], re.IGNORECASE):
            j += 1
        body = [x for x in range(k + 1, j) if _TR.match(lines[x])]
        if body and j < len(lines) and re.match(r"^\s*</table>", lines[j], re.IGNORECASE):
            header = ()
            for x in body:
                header = add(_TR.match(lines[x]).group("cells"), x, header, x == body[0])  # type: ignore[union-attr]
            for x in range(k, j + 1):
                out[x] = ""
            k = j + 1
        else:
            k = j
    return rows, out


#: A header line of an Anki "Notes in Plain Text" export: "#separator:tab", "#html:false", "#tags column:3", "#columns:Front	Back".
_ANKI_LINE = compile_lazy(r"^#(?:separator|html|tags column|columns|notetype(?: column)?|deck(?: column)?|guid column|if matches)\s*:.*$",
                          re.IGNORECASE)


def _anki_header(lines: list[str], k: int, width: int) -> tuple[str, ...] | None:
    """The column names of the Anki export whose notes start at ``lines[k]`` (its ``#columns:`` line, else "Front",
    "Back", …, the ``#tags column:N`` one "Tags"), or None when the lines above it are no Anki file header."""
    above = []
    for x in range(k - 1, -1, -1):
        if not lines[x].strip():
            continue
        if not _ANKI_LINE.match(lines[x]):
            break
        above.append(lines[x])
    if not any(re.match(r"#separator\s*:", a, re.I) for a in above):
        return None
    named = next((a.split(":", 1)[1] for a in above if re.match(r"#columns\s*:", a, re.I)), None)
    if named:
        cols = [c.strip() for c in named.split("\t")]
        if len(cols) == width:
            return tuple(cols)
    cols = ["Front", "Back", *(f"Field {i}" for i in range(3, width + 1))][:width]
    tags = next((int(m.group(1)) for a in above if (m := re.match(r"#tags column\s*:\s*(\d+)", a, re.I))), None)
    if tags and 1 <= tags <= width:
        cols[tags - 1] = "Tags"
    return tuple(cols)


def _tab_rows(lines: list[str], first_line: int, fenced: AbstractSet[int]) -> tuple[list[MdBlock], list[str]]:
    """Rows of a table pasted from a spreadsheet (cells separated by tabs, no Markdown table syntax): three
    lines or more in a row, each with the same number of tabs (one or more) between text cells.  Returns
    the rows as ``row`` blocks (the first line is their header) and ``lines`` with those lines blanked."""
    rows: list[MdBlock] = []
    out = list(lines)
    k = 0
    while k < len(lines):
        n = lines[k].count("\t")
        if n == 0 or k in fenced or lines[k].startswith(("\t", "    ")) or not lines[k].split("\t")[0].strip():
            k += 1
            continue
        j = k
        while j < len(lines) and j not in fenced and lines[j].count("\t") == n and lines[j].split("\t")[0].strip() \
                and not lines[j].startswith("\t"):
            j += 1
        anki = _anki_header(lines, k, n + 1)
        if anki is not None and j - k >= 2:
            # an Anki export ("#separator:tab" / "#html:false" / "#tags column:3" above the notes): no header line, every
            # line a note; the file's own header lines are no text
            for x in range(k - 1, -1, -1):
                if lines[x].strip() and not _ANKI_LINE.match(lines[x]):
                    break
                out[x] = ""
            rows += _row_blocks(anki, [(x, [c.strip() for c in lines[x].split("\t")]) for x in range(k, j)], first_line, lines)
            for x in range(k, j):
                out[x] = ""
        elif j - k >= 3:
            header = tuple(c.strip() for c in lines[k].split("\t"))
            rows += _row_blocks(header, [(x, [c.strip() for c in lines[x].split("\t")]) for x in range(k + 1, j)], first_line, lines)
            for x in range(k, j):
                out[x] = ""
        k = max(j, k + 1)
    return rows, out


#: The header of a fixed-width grid: three or more column names, each after two spaces or more ("Paper  ID  Read  Claim").
_GRID_HEADER = compile_lazy(r"^(?:[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff()/.-]*(?: [\w\u4e00-\u9fff()/.-]+)?)(?: {2,}[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff()/.-]*(?: [\w\u4e00-\u9fff()/.-]+)?){2,}\s*$")


def _grid_rows(lines: list[str], first_line: int, fenced: AbstractSet[int]) -> tuple[list[MdBlock], list[str]]:
    """Rows of a sheet pasted as fixed-width text (columns aligned with spaces, no pipes or tabs): a header of
    three or more names two spaces apart, then two lines or more whose text starts at the first column; each is
    cut at the header's column starts.  A line indented to a later column goes on with the row above (a wrapped
    cell).  Returns the rows (header names, cells) and ``lines`` with the grid blanked."""
    rows: list[MdBlock] = []
    out = list(lines)
    k = 0
    while k < len(lines):
        if k in fenced or not _GRID_HEADER.match(lines[k]) or "\t" in lines[k] or "|" in lines[k]:
            k += 1
            continue
        starts = [m.start() for m in re.finditer(r"(?:(?<=  )|^)\S", lines[k])]
        header = tuple(lines[k][a:b].strip() for a, b in zip(starts, [*starts[1:], None]))
        got: list[tuple[int, list[str]]] = []
        j = k + 1
        while j < len(lines) and j not in fenced and lines[j].strip():
            t = lines[j]
            lead = len(t) - len(t.lstrip(" "))
            if got and lead >= starts[1]:
                cells = got[-1][1]  # a wrapped cell: its text joins the column it is under
                col = max(n for n, a in enumerate(starts) if a <= lead)
                cells[col] = f"{cells[col]} {t.strip()}".strip()
                j += 1
                continue
            if lead != 0 or any(t[a - 1:a] not in (" ", "") for a in starts[1:] if a < len(t)):
                break  # not cut at the header's columns: the grid has ended
            got.append((j, [t[a:b].strip() for a, b in zip(starts, [*starts[1:], None])]))
            j += 1
        if len(got) >= 2:
            rows += _row_blocks(header, got, first_line, lines)
            for x in range(k, j):
                out[x] = ""
        k = max(j, k + 1)
    return rows, out


def _row_blocks(header: tuple[str, ...], got: list[tuple[int, list[str]]], first_line: int, lines: list[str]) -> list[MdBlock]:
    """``row`` blocks of a table read from a paste (tabs, CSV, a fixed-width grid): one per ``(index, cells)``
    of ``got``, with ``header``, its text the cells joined by `` | ``, at its line."""
    return [MdBlock("row", " | ".join(cells), first_line + x, first_line + x, cells=tuple(cells), header=header,
                    lines=((first_line + x, lines[x]),)) for x, cells in got]


#: The header of a CSV export: three or more plain field names separated by commas ("paper,arxiv,status,claim").
#: (a first column of row numbers may be headed "#" or "No."; a name may ask, "Read?")
_CSV_FIELD = r"(?:[A-Za-z\u4e00-\u9fff_][\w\u4e00-\u9fff ?-]{0,23}|#|No\.?)"
_CSV_HEADER = compile_lazy(rf"^{_CSV_FIELD}(?:,{_CSV_FIELD}){{2,}}\s*$")


def _unfenced_csv(lines: list[str]) -> list[str]:
    """``lines`` with the fences removed around a spreadsheet pasted as CSV inside a code fence (```` ```csv ````, or
    an unlabelled fence whose first line is a header of field names and whose every other line reads as that many
    fields, three lines or more): what it holds is a table (``_csv_rows``), not code."""
    out = list(lines)
    for k, j, info, body in _fences(lines):
        if info in ("csv", "", "text", "txt", "plain") and len(body) >= 3 and _CSV_HEADER.match(body[0]):
            width = len(body[0].split(","))
            try:
                fits = all(len(r) == width for r in csv.reader(body[1:]))
            except csv.Error:
                fits = False
            if fits:
                out[k] = ""
                if j < len(lines):
                    out[j] = ""
    return out


def _group_header(line: str, width: int) -> bool:
    """Whether ``line`` is a spreadsheet's row of column groups above a CSV header of ``width`` fields: as many fields,
    half of them or more empty, the others short names."""
    try:
        got = next(csv.reader([line]))
    except (csv.Error, StopIteration):
        return False
    return len(got) == width and sum(1 for c in got if not c.strip()) * 2 >= width \
        and all(len(c) <= 24 and not re.search(r"\d{4}\.\d{4,5}", c) for c in got)


def _csv_rows(lines: list[str], first_line: int, fenced: AbstractSet[int]) -> tuple[list[MdBlock], list[str]]:
    """Rows of a CSV export pasted as it is (RFC 4180 as Python's ``csv`` module reads it: quoted fields with
    commas and doubled quotes inside): a header line of plain field names, then two lines or more that each
    read as that many fields (a row is one line).  Returns the rows as ``row`` blocks with the header's
    names and ``lines`` with the header and rows blanked."""
    rows: list[MdBlock] = []
    out = list(lines)
    k = 0
    while k < len(lines):
        if k in fenced or not _CSV_HEADER.match(lines[k]):
            k += 1
            continue
        header = tuple(c.strip() for c in lines[k].split(","))
        j = k + 1
        parsed: list[tuple[str, ...]] = []
        while j < len(lines) and j not in fenced and lines[j].strip():
            # (a quoted cell may run over lines, as a spreadsheet's export writes a cell with a line break in it: the
            # record ends where its quotes close, five lines at most; the row is read at its first line)
            end = j
            while lines[j:end + 1] and "\n".join(lines[j:end + 1]).count('"') % 2 and end - j < 4 and end + 1 < len(lines) \
                    and end + 1 not in fenced:
                end += 1
            try:
                got = next(csv.reader(["\n".join(lines[j:end + 1])]))
            except (csv.Error, StopIteration):
                break
            if len(got) != len(header):
                break
            parsed.append((j, tuple(re.sub(r"\s*\n\s*", " ", c).strip() for c in got)))
            j = end + 1
        if len(parsed) >= 2:
            rows += _row_blocks(header, [(x, list(cells)) for x, cells in parsed], first_line, lines)
            for x in range(k, j):
                out[x] = ""
            if k and _group_header(lines[k - 1], len(header)):
                out[k - 1] = ""  # ",Paper,,,Reading,,Placement,": a spreadsheet's row grouping the columns, no row of its own
        k = max(j, k + 1)
    return rows, out


_EQ_RULE = compile_lazy(r"^ {0,3}={3,}\s*$")
_BULLETS = "•●▪◦‣∙"
#: A meeting's action item written flush left: ``AI: priya — …``, ``Action: …``, ``TODO: …``, ``待办：…``.
_ACTION_LINE = compile_lazy(r"^(?:AI|A\.I\.|Actions?|Action items?|TODO|To-?do|Next steps?|Follow-?ups?|待办|行动项|跟进|后续)\s*[:：]\s*\S",
                          re.IGNORECASE)
_BULLET = compile_lazy(rf"^(\s*)[{_BULLETS}](?=[ \t])")
#: A source line inside a blockquote that carries its own quote marker.
_QUOTE_MARK = compile_lazy(r"^ {0,3}>")
#: A line that opens a unit of its own: a chat message's stamp ("[12:44] bram: …"), a reply marker ("└ replying to …"),
#: a list entry.
_NEW_LINE_UNIT = compile_lazy(r"^\s*(?:\[(?:\d{2,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?,?\s+)?\d{1,2}(?:[:.]\d{2}){1,2}(?:\s?[AaPp]\.?[Mm]\.?)?\]"
                              r"|\d{1,2}:\d{2}\s|└|↳|[-*+]\s|\d{1,2}[.)]\s)")
#: A chat turn's stamp and speaker alone on a line, its message below ("[2029-01-20 15:19] mei:", "[10:44 AM] dana:"): a quote
#: right under it is what the speaker answers, and the lines after the quote without ">" are the speaker's answer.
_TURN_ALONE = compile_lazy(r"^\s*(?:[↳↪⤷└]\s*)?\[(?:\d{2,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?,?\s+)?\d{1,2}(?:[:.]\d{2}){1,2}"
                           r"(?:\s?[AaPp]\.?[Mm]\.?)?\]\s+@?[\w.\-]{1,30}(?:\s[A-Z][\w.\-]{0,29}){0,2}\s*[:：]\s*$")


#: The languages of a notebook's input cell, and the info strings of the output cell after it.
_PROGRAM_INFO = frozenset({"python", "py", "python3", "ipython", "ipython3", "bash", "sh", "shell", "console", "julia", "r"})
_OUTPUT_INFO = frozenset({"text", "txt", "output", "out", "stdout", "plain", "plaintext"})
#: An output line that gives a measure by name: "wikitext2 ppl: 6.21", "c4 ppl = 8.03", "tokens/s: 1532.9", "acc 0.612".
_RESULT_LINE = compile_lazy(r"^\s*[A-Za-z][\w ./@-]{1,40}?\s*[:=]?\s+[-+]?\d+(?:\.\d+)?\s*(?:%|x|×|ms|s|GB|tok/s)?\s*$")


def _parse_into(out: list[MdBlock], lines: list[str], first_line: int, *, quoted: bool, callout: str | None) -> None:
    tokens = _parser().parse("\n".join(lines))
    list_stack: list[tuple[int, str]] = []  # (depth, marker) of open lists
    item_stack: list[int | None] = []  # index in ``out`` of the open list items' own blocks
    item_open: list[bool] = []  # whether the open item already got its own text block
    markers: list[str] = []  # the open list items' markers as written ("1.", "2)", "-")
    quote_depth = 0
    quote_start: int | None = None  # the first line of the outermost open blockquote
    cur_callout = callout
    header: tuple[str, ...] = ()
    row_cells: list[str] = []
    row_map: list[int] | None = None
    in_head = False
    program_end: int | None = None  # the last line of the latest fenced cell of a program (a notebook's input cell)
    i = 0
    n = len(tokens)

    def ln(k: int) -> int:
        return first_line + k

    def own_lines(a: int, b: int) -> tuple[tuple[int, str], ...]:
        return tuple((ln(k), lines[k]) for k in range(a, min(b, len(lines))))

    while i < n:
        t = tokens[i]
        typ = t.type
        if typ in ("bullet_list_open", "ordered_list_open"):
            list_stack.append((len(list_stack), t.markup))
        elif typ in ("bullet_list_close", "ordered_list_close"):
            list_stack.pop()
        elif typ == "list_item_open":
            item_stack.append(None)
            item_open.append(False)
            markers.append((t.info + t.markup) if t.info else t.markup)
        elif typ == "list_item_close":
            item_stack.pop()
            item_open.pop()
            markers.pop()
        elif typ == "blockquote_open":
            quote_depth += 1
            if quote_depth == 1:
                quote_start = t.map[0] if t.map else None
        elif typ == "blockquote_close":
            quote_depth -= 1
            if quote_depth == 0:
                cur_callout = callout
        elif typ == "heading_open":
            inline = tokens[i + 1]
            a, b = t.map or (0, 1)
            out.append(MdBlock("heading", _clean_inline(inline.content), ln(a), ln(b - 1), level=int(t.tag[1]),
                               quoted=quoted or quote_depth > 0, callout=cur_callout, lines=own_lines(a, b)))
            i += 3
            continue
        elif typ == "paragraph_open":
            inline = tokens[i + 1]
            a, b = t.map or (0, 1)
            text = inline.content
            q = quoted or quote_depth > 0
            if q and quote_depth > 0:
                m = _CALLOUT.match(text)
                if m:
                    cur_callout = m.group(1).lower()
                    text = text[m.end():]
            plines = _para_lines(lines, a, b, ln)
            if q and plines:
                first = _CALLOUT.sub("", plines[0][1], count=1)
                plines = ((plines[0][0], first), *plines[1:])
            rest = None
            rest_quoted = q
            if q and quote_depth > 0 and not quoted:
                # "> arxiv.org — Rollwise: …" (a chat's link preview) right above "[12:44] bram: skimmed the abstract …":
                # CommonMark reads the next messages as the quote's lazy continuation; a line without ">" that opens a
                # message, a list entry or a reply is the writer's again
                answered = quote_start is not None and quote_start > 0 and bool(_TURN_ALONE.match(lines[quote_start - 1]))
                cut = next((k for k in range(a + 1, min(b, len(lines))) if not _QUOTE_MARK.match(lines[k])
                            and (_NEW_LINE_UNIT.match(lines[k]) or answered)), None)
                if cut is not None:
                    rest = (cut, b, "\n".join(text.split("\n")[cut - a:]))
                    text = "\n".join(text.split("\n")[:cut - a])
                    plines = plines[:cut - a]
                    b = cut
                    rest_quoted = False
            if item_stack:
                # "AI: priya — …" written flush left right under a bullet: CommonMark makes it the bullet's lazy
                # continuation; the writer started the meeting's action items
                cut = next((k for k in range(a + 1, min(b, len(lines))) if _ACTION_LINE.match(lines[k])), None)
                if cut is not None:
                    rest = (cut, b, "\n".join(text.split("\n")[cut - a:]))
                    text = "\n".join(text.split("\n")[:cut - a])
                    plines = plines[:cut - a]
                    b = cut
            if item_stack and not item_open[-1]:
                # the list item's own text: its first paragraph (later paragraphs before a nested
                # list are appended to it)
                task = None
                m = _TASK.match(text)
                if m:
                    task = "x" if m.group(1) in "xX" else " "
                    text = text[m.end():]
                    if plines:
                        plines = ((plines[0][0], _TASK.sub("", plines[0][1], count=1)), *plines[1:])
                parent = next((p for p in reversed(item_stack[:-1]) if p is not None), None)
                out.append(MdBlock("item", _clean_text(text), ln(a), ln(b - 1), level=len(list_stack) - 1,
                                   marker=markers[-1], task=task, parent=parent, quoted=q,
                                   callout=cur_callout, lines=plines))
                item_stack[-1] = len(out) - 1
                item_open[-1] = True
            elif item_stack and item_stack[-1] is not None and _no_nested_since(out, item_stack[-1]):
                # a further paragraph of the same list item: part of its own text
                k = item_stack[-1]
                prev = out[k]
                out[k] = MdBlock("item", prev.text + "\n" + _clean_text(text), prev.line, ln(b - 1),
                                 level=prev.level, marker=prev.marker, task=prev.task, parent=prev.parent,
                                 quoted=prev.quoted, callout=prev.callout, lines=prev.lines + plines)
            else:
                parent = next((p for p in reversed(item_stack) if p is not None), None)
                # a paragraph written indented by two or three spaces (a thread's reply under its post) is indented too
                nudged = not item_stack and not q and a < len(lines) and bool(re.match(r" {2,3}\S", lines[a]))
                out.append(MdBlock("para", _clean_text(text), ln(a), ln(b - 1), parent=parent, quoted=q,
                                   callout=cur_callout, lines=plines, indented=nudged))
            if rest is not None:
                ra, rb, rtext = rest
                out.append(MdBlock("para", _clean_text(rtext), ln(ra), ln(rb - 1), quoted=rest_quoted,
                                   callout=cur_callout if rest_quoted else callout,
                                   lines=tuple((ln(k), lines[k].strip()) for k in range(ra, min(rb, len(lines))))))
            i += 3
            continue
        elif typ == "fence" and t.info.strip().lower() in ("json", "jsonc", "yaml", "yml") and \
                (fields := _record_fields(t.content)):
            # an agent's finding as a JSON or YAML record ("claim": "…", "evidence": "…"): its fields are the
            # writer's statements, one ``key: value`` line each, at their own lines
            a, b = t.map or (0, 1)
            parent = next((p for p in reversed(item_stack) if p is not None), None)
            # a YAML list of records ("- paper: …" / "  id: …" / "  takeaway: |"): one paragraph per record
            starts = {k for k, row in enumerate(t.content.splitlines()) if _YAML_ITEM.match(row)}
            groups: list[list[tuple[int, str]]] = []
            for k, v in fields:
                if not groups or k in starts:
                    groups.append([])
                groups[-1].append((k, v))
            for g in groups:
                plines = tuple((ln(a + 1 + k), v) for k, v in g)
                out.append(MdBlock("para", "\n".join(v for _k, v in plines), plines[0][0], plines[-1][0], parent=parent,
                                   quoted=quoted or quote_depth > 0, callout=cur_callout, lines=plines))
        elif typ == "code_block" and _is_prose(t.content):
            # an indented block of prose (a chat thread's replies, a pasted mail's quoted lines, indented
            # continuation paragraphs) is text its writer indented, not code: parsed again, dedented
            a, b = t.map or (0, 1)
            n0 = len(out)
            _parse_into(out, [_dedent(x) for x in lines[a:b]], ln(a), quoted=quoted or quote_depth > 0,
                        callout=cur_callout)
            out[n0:] = [replace(x, indented=True) for x in out[n0:]]
        elif typ == "fence" and t.info.strip().lower() in _OUTPUT_INFO and program_end is not None \
                and 0 <= (t.map or (0, 1))[0] - program_end <= 2 and not quoted and quote_depth == 0:
            # a notebook's output cell right after its input cell ("```python … !python main.py --wbits 3 …" then
            # "```text … wikitext2 ppl: 6.21"): what the run printed is a result; each line giving a measure is a
            # statement of its own, at its line (the log's other lines stay code)
            a, b = t.map or (0, 1)
            parent = next((p for p in reversed(item_stack) if p is not None), None)
            rows = [(k, row) for k, row in enumerate(t.content.rstrip("\n").split("\n"), start=a + 1) if _RESULT_LINE.match(row)]
            cell = next((x for x in reversed(out) if x.kind == "code"), None)
            heading = next((x.text for x in reversed(out) if x.kind == "heading"), "")
            setting = f"{heading}\n{cell.text if cell is not None else ''}"
            for k, row in rows:
                out.append(MdBlock("para", row.strip(), ln(k), ln(k), parent=parent, callout=cur_callout,
                                   lines=((ln(k), row.strip()),), setting=setting))
            if not rows:
                out.append(MdBlock("code", t.content.rstrip("\n"), ln(a), ln(b - 1), parent=parent, callout=cur_callout,
                                   lines=own_lines(a, b)))
            program_end = None
        elif typ in ("fence", "code_block"):
            a, b = t.map or (0, 1)
            parent = next((p for p in reversed(item_stack) if p is not None), None)
            out.append(MdBlock("code", t.content.rstrip("\n"), ln(a), ln(b - 1), parent=parent,
                               quoted=quoted or quote_depth > 0, callout=cur_callout, lines=own_lines(a, b)))
            program_end = b if typ == "fence" and t.info.strip().lower() in _PROGRAM_INFO else None
        elif typ == "html_block":
            a, b = t.map or (0, 1)
            _html_block(out, lines, a, b, ln, quoted=quoted or quote_depth > 0, callout=cur_callout)
        elif typ == "hr":
            a, b = t.map or (0, 1)
            out.append(MdBlock("hr", "", ln(a), ln(b - 1), lines=own_lines(a, b)))
        elif typ == "thead_open":
            in_head = True
        elif typ == "thead_close":
            in_head = False
        elif typ == "tr_open":
            row_cells = []
            row_map = t.map
        elif typ == "inline" and row_map is not None:
            row_cells.append(_clean_inline(t.content))
        elif typ == "tr_close":
            if in_head:
                header = tuple(row_cells)
            elif row_map is not None:
                a, b = row_map
                parent = next((p for p in reversed(item_stack) if p is not None), None)
                out.append(MdBlock("row", " | ".join(row_cells), ln(a), ln(b - 1), cells=tuple(row_cells),
                                   header=header, parent=parent, quoted=quoted or quote_depth > 0,
                                   callout=cur_callout, lines=own_lines(a, b)))
            row_map = None
        elif typ == "table_close":
            header = ()
        i += 1


#: A line of code, a shell session or a log, not prose: a prompt, a keyword at the start, brackets or a
#: semicolon at the end, an assignment, an option, a log level or a timestamp.
_CODE_LINE = compile_lazy(
    r"^\s*(?:\$\s|>>>|#include|#!|(?:def|class|import|return|for|while|if|elif|else|fn|let|const|var|pub|struct)\b"
    r"|from\s+\S+\s+import\b|[{}\[\]()]|//|/\*|--?[A-Za-z]|[\w.\[\]]+\s*[:+*/-]?=(?!=)|\S+=\S)"
    r"|[;{}(\[,\\]\s*$|\s--?[a-z][\w-]*|\w\.(?:py|sh|json|ya?ml|toml|cu|cpp|h|txt|log)\b"
    r"|\b(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE)\b|\d{2}:\d{2}:\d{2}|\w\(.*\)\s*$")
_CHAT_HEAD = compile_lazy(r"^\s*\*\*[^*]+\*\*\s+\d{1,2}:\d{2}\s*$")  # "**ben** 10:35"
_PROSE_WORD = compile_lazy(r"[A-Za-z][a-z'’]+|[\u4e00-\u9fff]")


def _is_prose(content: str) -> bool:
    """Whether an indented code block's text reads as prose: no line of code (``_CODE_LINE``), and at least
    half of its lines of four words or more (a CJK character counting as a word), not counting a chat
    line's ``**name** 10:35``."""
    rows = [x for x in content.splitlines() if x.strip() and not _CHAT_HEAD.match(x)]
    if not rows or any(_CODE_LINE.search(x) for x in rows):
        return False
    wordy = [x for x in rows if len(_PROSE_WORD.findall(x)) >= 4]
    return len(wordy) * 2 >= len(rows)


_FIELD_ROW = compile_lazy(r'^\s*"?(?P<k>[A-Za-z_][\w -]{0,30})"?\s*:\s*"?(?P<v>.*?)"?\s*,?\s*$')


_YAML_ITEM = compile_lazy(r"^\s*-\s+(?=[A-Za-z_\"][\w \"-]{0,30}:)")


def _record_fields(content: str) -> list[tuple[int, str]]:
    """``(line offset in the block, "key: value")`` of a fenced JSON or YAML record whose values are text (at
    least one of four words or more), else ``[]``: a program's output of numbers or a config is still code.
    A YAML list's ``- key: value`` opens a record; a block scalar (``takeaway: |`` or ``>``) gives one
    statement per line of its text; ``#`` comments are none."""
    out: list[tuple[int, str]] = []
    block: tuple[str, int] | None = None  # (key, indent) of an open YAML block scalar
    for k, row in enumerate(content.splitlines()):
        if block is not None:
            if not row.strip():
                continue  # a blank line inside a block text ("takeaway: |" over two paragraphs)
            if len(row) - len(row.lstrip()) > block[1]:
                out.append((k, f"{block[0]}: {row.strip()}"))
                continue
            block = None
        if row.lstrip().startswith("#"):
            continue
        one = _one_line_record(row)
        if one:  # '{"arxiv": "2401.15077v3", "claim": "EAGLE gives 3x …"}' on one line (JSON Lines too)
            out.extend((k, f) for f in one)
            continue
        item = _YAML_ITEM.match(row)
        body = row[item.end():] if item else row
        m = _FIELD_ROW.match(body)
        if m and m.group("v").strip() in ("|", ">", "|-", ">-"):
            block = (m.group("k").strip(), item.end() if item else len(row) - len(row.lstrip()))
            continue
        if m and m.group("v").strip() and m.group("v").strip() not in ("{", "[", "{}", "[]"):
            out.append((k, f"{m.group('k').strip()}: {m.group('v').strip()}"))
    if not out or not any(len(_PROSE_WORD.findall(v)) >= 4 for _k, v in out):
        return []
    return out


def _one_line_record(row: str) -> list[str]:
    """``["key: value", …]`` of a JSON object written on one line, its text and number values only; ``[]``
    for anything else."""
    row = row.strip().rstrip(",")
    if not (row.startswith("{") and row.endswith("}")):
        return []
    try:
        obj = json.loads(row)
    except ValueError:
        return []
    if not isinstance(obj, dict):
        return []
    return [f"{k}: {v}" for k, v in obj.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
            and str(v).strip()]


def _dedent(line: str) -> str:
    """One level of indentation (four columns, a tab) less."""
    return line[1:] if line.startswith("\t") else line[min(4, len(line) - len(line.lstrip(" "))):]


def _no_nested_since(out: list[MdBlock], k: int) -> bool:
    """True when nothing but the item's own block was added since ``out[k]`` (no nested list yet)."""
    return k == len(out) - 1


def _para_lines(lines: list[str], a: int, b: int, ln) -> tuple[tuple[int, str], ...]:
    """The paragraph's lines ``a..b-1`` as ``(file line, text)``, list and quote markers stripped."""
    got = []
    for k in range(a, min(b, len(lines))):
        s = lines[k]
        s = re.sub(r"^\s*(?:>\s?)+", "", s)  # quote markers
        s = re.sub(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?", "", s) if k == a else s.strip()
        got.append((ln(k), s.strip()))
    return tuple(got)


def _html_block(out: list[MdBlock], lines: list[str], a: int, b: int, ln, *, quoted: bool, callout: str | None) -> None:
    """An HTML block: its leading tag-only lines (and comments) are ``html``; text after them is Markdown."""
    k = a
    while k < b and (_TAG_LINE.match(lines[k]) or _COMMENT.fullmatch(lines[k].strip()) or lines[k].strip().startswith("<!--")):
        if lines[k].strip().startswith("<!--") and "-->" not in lines[k]:
            # a multi-line comment: up to its end
            while k < b and "-->" not in lines[k]:
                k += 1
        k += 1
    k = min(k, b)
    if k == a:
        # tags with text between them on the first line (``<style>x</style>``): the block is text
        text = _clean_text("\n".join(lines[a:b]))
        if text:
            out.append(MdBlock("para", text, ln(a), ln(b - 1), quoted=quoted, callout=callout,
                               lines=_para_lines(lines, a, b, ln)))
        return
    if k > a:
        out.append(MdBlock("html", "\n".join(lines[a:k]), ln(a), ln(k - 1), quoted=quoted, callout=callout,
                           lines=tuple((ln(j), lines[j]) for j in range(a, k))))
    if k < b:
        rest = lines[k:b]
        # tag-only lines at the end (``</details>``) stay HTML as well
        tail = len(rest)
        while tail > 0 and _TAG_LINE.match(rest[tail - 1]):
            tail -= 1
        if tail > 0:
            _parse_into(out, rest[:tail], ln(k), quoted=quoted, callout=callout)
        if tail < len(rest):
            out.append(MdBlock("html", "\n".join(rest[tail:]), ln(k + tail), ln(b - 1), quoted=quoted,
                               callout=callout, lines=tuple((ln(k + j), rest[j]) for j in range(tail, len(rest)))))


def _clean_inline(text: str) -> str:
    """Inline source of a heading or cell: comments removed, whitespace folded."""
    return re.sub(r"\s+", " ", _COMMENT.sub("", text)).strip()


def _clean_text(text: str) -> str:
    """Inline source of a paragraph or list item: comments removed, lines kept."""
    return "\n".join(s.strip() for s in _COMMENT.sub("", text).split("\n")).strip()
