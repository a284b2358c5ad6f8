"""Line-level Markdown reading and claim extraction, on the raw text.

CommonMark does not help with what curators write (full-width punctuation,
``**结论：**正文``, one-line paragraphs holding inline `` - `` bullets), so this
module works on raw lines and keeps 1-based line numbers throughout.

Public functions
----------------
``split_front_matter(text)``  -> (dict[str, str | list[str]], body_first_line, problem)
``iter_blocks(lines, first_line)`` -> list[Block]  (headings, list items, table rows, paragraphs)
``find_quantities(text)``      -> tuple[Quantity, ...]
``find_section_refs(text)``    -> tuple[str, ...]
``find_suggested_sections(text)`` -> tuple[str, ...]

A statement's claim, with its facts, is built by ``ingest.claims.make_claim`` (which needs ``ingest.facts``, built on
this module's sentence splitter).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import yaml

from .arxiv import find_arxiv_ids
from .lexicon import Lexicon, load_lexicon
from .models import ArxivRef, Quantity
from ingest.lazyre import compile_lazy

__all__ = [
    "FIRST_VARIANT",
    "NAME_END",
    "VARIANT_TAIL",
    "Block",
    "camel_names",
    "not_a_paper", "opens_not_a_paper",
    "alias_before",
    "arxiv_refs",
    "split_front_matter",
    "iter_blocks",
    "find_quantities",
    "find_section_refs",
    "find_suggested_sections",
    "find_placements",
    "find_urls",
    "find_wikilinks",
    "split_sentences",
    "strip_markup",
    "without_titles",
]

_FM_FENCE = compile_lazy(r"^---\s*$")
#: libyaml's C ``BaseLoader`` when PyYAML was built with it (same strings-only results, ~10x faster;
#: docs/PERFORMANCE.md), else the pure-Python one.
_YAML_LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)


def _load_yaml(block: str) -> object:
    """``block`` read with ``_YAML_LOADER``; on an error, re-read with the pure-Python ``BaseLoader``
    so that the message and line are the same with or without libyaml (raises ``yaml.YAMLError``)."""
    try:
        return yaml.load(block, Loader=_YAML_LOADER)
    except yaml.YAMLError:
        return yaml.load(block, Loader=yaml.BaseLoader)


#: The last text ``split_front_matter`` read and its answer, as one tuple (replaced in one step, so
#: threads never see a text with another text's answer): ``read_source`` reads the block to detect
#: the kind, then ``parse_note`` reads the same string again (identity, not equality, is checked).
_FM_LAST: tuple[object, tuple[dict[str, object], int, str | None]] | None = None


def split_front_matter(text: str) -> tuple[dict[str, object], int, str | None]:
    """Split an optional YAML front matter block off ``text``.

    Returns ``(fields, first_body_line, problem)``: ``fields`` maps keys to
    strings or lists of strings (YAML is read with ``BaseLoader``, so
    ``arxiv: 2401.10000`` stays ``"2401.10000"`` and ``no`` stays ``"no"``;
    PITFALLS P16/P17); ``first_body_line`` is the 1-based line where the body
    starts (1 when there is no front matter); ``problem`` is a one-line
    description when the block exists but is not valid YAML mapping (the
    fields are then empty and the body starts after the block, so the note
    still ingests: lenient for human notes), or when it holds a YAML tag, which
    is ignored (``_explicit_tags``: the fields are then kept, values as plain text).
    """
    global _FM_LAST
    last = _FM_LAST
    if last is not None and last[0] is text:
        fields, first, problem = last[1]
    else:
        fields, first, problem = _split_front_matter(text)
        _FM_LAST = (text, (fields, first, problem))
    # A copy: callers may change what they get.
    return {k: (list(v) if isinstance(v, list) else v) for k, v in fields.items()}, first, problem


#: C0 control characters other than tab, newline and carriage return, and DEL: never stored (RDF literals
#: may hold them, but a NUL in an agent's name or a title reaches terminals, Markdown and HTML).
_CONTROL = compile_lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


#: Values a front matter block may hold with its YAML aliases expanded: nine aliases of nine made 387 M
#: strings, which ``str()`` below wrote out for minutes and gigabytes (issue 23).
_FM_MAX_VALUES = 100_000


def _expanded_size(data: object) -> int:
    """How many values ``data`` (a loaded YAML document) holds with shared (aliased) parts counted each
    time they are used; counted once per distinct object, so linear in the document.  A part that
    holds itself (``&a [*a]``) counts once."""
    sizes: dict[int, int] = {}
    stack: list[tuple[object, bool]] = [(data, False)]
    on_stack: set[int] = set()
    while stack:
        x, done = stack.pop()
        if not isinstance(x, (list, dict)):
            continue
        k = id(x)
        kids = list(x.values()) if isinstance(x, dict) else x
        if done:
            on_stack.discard(k)
            sizes[k] = min(1 + sum(sizes.get(id(c), 1) if isinstance(c, (list, dict)) else 1 for c in kids),
                           _FM_MAX_VALUES + 1)
            continue
        if k in sizes or k in on_stack:
            continue
        on_stack.add(k)
        stack.append((x, True))
        stack.extend((c, False) for c in kids if isinstance(c, (list, dict)))
    return sizes.get(id(data), 1)


#: The tags YAML gives untagged values (``BaseLoader`` resolves nothing): any other tag was written out.
_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))


def _explicit_tags(block: str) -> list[tuple[int, str, str | None]]:
    """The tags written in YAML ``block`` (``!!python/object/apply:os.system``, ``!!int``, ``!foo``), which
    the plain-string reading ignores: ``(0-based line in the block, tag as written, top-level key)`` each,
    in order.  Read only when the block holds a ``!`` at all; a block YAML cannot read gives none."""
    if "!" not in block:
        return []
    try:
        root = yaml.compose(block, Loader=_YAML_LOADER)
    except (yaml.YAMLError, RecursionError):
        return []
    out: list[tuple[int, str, str | None]] = []
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, str | None]] = [(root, None)] if root is not None else []
    while stack:  # iterative, each node once (aliases share nodes)
        node, key = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            shown = node.tag.replace("tag:yaml.org,2002:", "!!", 1) if node.tag.startswith("tag:yaml.org,2002:") \
                else node.tag
            out.append((node.start_mark.line, shown, key))
        if isinstance(node, yaml.MappingNode):
            for k, v in reversed(node.value):
                name = key if key is not None or node is not root else (
                    k.value if isinstance(k, yaml.ScalarNode) else None)
                stack.extend([(v, name), (k, name)])
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((c, key) for c in reversed(node.value))
    return sorted(out, key=lambda t: t[0])


_FIELD_LINE = re.compile(r"^(?P<k>[^\s:#\-\[{][^:\n]{0,60}?)\s*:(?:\s+(?P<v>.*?))?\s*$")
_LIST_LINE = re.compile(r"^\s+-\s+(?P<v>.*?)\s*$|^-\s+(?P<v2>.*?)\s*$")


def _fields_line_by_line(block: str) -> dict[str, object] | None:
    """A front matter YAML refuses, read as a person reads it: each line ``key: value`` (the value up to the line's end,
    colons and all; quotes around it dropped), a ``- item`` line under a key with no value a list item; None unless every
    non-blank line reads so (a block that is not fields at all stays refused)."""
    out: dict[str, object] = {}
    key: str | None = None
    for line in block.split("\n"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _LIST_LINE.match(line)
        if item and key is not None and isinstance(out.get(key), list):
            out[key].append((item.group("v") or item.group("v2") or "").strip("\"'"))  # type: ignore[union-attr]
            continue
        m = _FIELD_LINE.match(line)
        if not m or _CONTROL.search(line):
            return None
        key = m.group("k").strip()
        value = (m.group("v") or "").strip()
        if value[:1] == "[" and value.endswith("]") and "[" not in value[1:-1]:
            out[key] = [x.strip().strip("\"'") for x in value[1:-1].split(",") if x.strip()]  # "标签: [kv-cache, 驱逐]"
            continue
        if value[:1] in ("[", "{", "|", ">", "&", "*", "!"):
            return None  # an unclosed flow collection, a block scalar, an anchor, an alias or a tag: YAML's to read
        out[key] = value.strip("\"'") if value else []
    return {k: v for k, v in out.items() if v != []} or None


def _split_front_matter(text: str) -> tuple[dict[str, object], int, str | None]:
    """``split_front_matter`` without the one-text memo."""
    lines = text.split("\n")
    if not lines or not _FM_FENCE.match(lines[0]):
        return {}, 1, None
    for i in range(1, min(len(lines), 400)):
        if _FM_FENCE.match(lines[i]) or lines[i].strip() == "...":
            block = "\n".join(lines[1:i])
            try:
                data = _load_yaml(block)  # strings only
            except RecursionError:  # `a: [[[[…]]]]` thousands deep: a warning, the note still goes in (issue 23)
                return {}, i + 2, "front matter is nested too deeply to read"
            except yaml.YAMLError as e:
                mark = getattr(e, "problem_mark", None)
                where = f"line {mark.line + 2}" if mark is not None else "front matter"
                problem = getattr(e, "problem", None) or str(e).split("\n")[0]
                # (where the unclosed part began: "[a, b" on line 3 is found wanting on line 4)
                ctx, cmark = getattr(e, "context", None), getattr(e, "context_mark", None)
                began = (f" ({ctx} that starts on line {cmark.line + 2})"
                         if ctx and cmark is not None and mark is not None and cmark.line != mark.line else "")
                lenient = _fields_line_by_line(block)
                if lenient:
                    # "标题: SnapKV: LLM Knows What You are Looking for …" (a colon inside an unquoted value): YAML refuses
                    # it, a person reads it; each "key: value" line is read as written, and the warning says so
                    return lenient, i + 2, f"front matter {where}: {problem}{began}; read line by line as key: value"
                return {}, i + 2, f"front matter {where}: {problem}{began}"
            if data is None:
                return {}, i + 2, None
            if not isinstance(data, dict):
                return {}, i + 2, "front matter is not a key: value mapping"
            if _expanded_size(data) > _FM_MAX_VALUES:  # YAML aliases: a "billion laughs" in 1 KB (issue 23)
                return {}, i + 2, (f"front matter holds more than {_FM_MAX_VALUES:,} values once its YAML aliases "
                                   "(*name) are expanded")
            tagged = _explicit_tags(block)
            clean: dict[str, object] = {}
            for k, v in data.items():
                if isinstance(v, list):
                    clean[str(k)] = [str(x) for x in v if not isinstance(x, (list, dict))]
                elif isinstance(v, dict):
                    clean[str(k)] = str(v)
                else:
                    clean[str(k)] = str(v)
            for k, v in clean.items():  # a YAML escape ("\0", "\x07") can put a control character in a value
                bad = _CONTROL.search(k) or next(filter(None, map(_CONTROL.search, v if isinstance(v, list) else [v])),
                                                 None)
                if bad is not None:
                    return {}, i + 2, (f"front matter: {k!r} holds the control character U+{ord(bad.group()):04X} "
                                       "(a YAML escape such as \"\\0\")")
            if tagged:  # a warning; the fields are kept (callers add "front matter ignored" only without them)
                line, tag, key = tagged[0]
                more = f", and {len(tagged) - 1} more; their values are" if len(tagged) > 1 else "; its value is"
                return clean, i + 2, (f"front matter line {line + 2}: the YAML tag {tag}"
                                      f"{f' (on {key!r})' if key else ''} was ignored{more} read as plain text")
            return clean, i + 2, None
    # an opening fence without a closing one: read as body; said when the next line reads as a field ("author: lee"), so
    # the writer knows their fields were not taken (a lone "---" over prose is a rule)
    if len(lines) > 1 and re.match(r"^[A-Za-z_][\w-]{0,40}\s*:(?:\s|$)", lines[1]):
        return {}, 1, "front matter opened on line 1 is never closed (no second ---): its lines are read as text"
    return {}, 1, None


@dataclass(frozen=True)
class Block:
    """A unit of Markdown: ``kind`` is heading, item, row, para or code.

    ``level`` is the heading level (1-6) or the list indent; ``text`` is the
    raw text (markers stripped for items and headings); lines are 1-based and
    inclusive.
    """

    kind: Literal["heading", "item", "row", "para", "code"]
    text: str
    line: int
    line_end: int
    level: int = 0


_HEADING = compile_lazy(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = compile_lazy(r"^(\s*)(?:[-*+•·]|\d{1,3}[.)、]|[（(]\d{1,3}[)）])\s+(.*)$")
_FENCE = compile_lazy(r"^\s*(```|~~~)")
_SEP_ROW = compile_lazy(r"[\s:|\-]+")
_LABEL_LINE = compile_lazy(r"^\s*(?:\*\*)?[^\s：:*|]{1,14}(?:\*\*)?\s*[：:](?!//)")


def iter_blocks(lines: list[str], first_line: int = 1) -> list[Block]:
    """Group raw lines into blocks.

    ``lines`` are the file's lines (without newlines) starting at 1-based
    ``first_line``.  Headings are ATX (``#``); list items continue over
    indented lines; table rows are one block each (separator rows dropped);
    paragraphs run to a blank line or another block; fenced code is one
    ``code`` block.  HTML-only lines (``<details>``, ``</summary>``) are kept
    as paragraphs' text.
    """
    out: list[Block] = []
    buf: list[str] = []
    buf_kind = ""
    buf_start = 0
    buf_level = 0

    def flush(end: int) -> None:
        nonlocal buf, buf_kind
        if buf:
            text = " ".join(s.strip() for s in buf).strip()
            if text:
                out.append(Block(buf_kind, text, buf_start, end, buf_level))  # type: ignore[arg-type]
        buf = []
        buf_kind = ""

    in_code = False
    code_start = 0
    n = first_line - 1
    for idx, raw in enumerate(lines):
        n = first_line + idx
        line = raw.rstrip("\r")
        if in_code:
            if _FENCE.match(line):
                in_code = False
                out.append(Block("code", "", code_start, n))
            continue
        if _FENCE.match(line):
            flush(n - 1)
            in_code, code_start = True, n
            continue
        if not line.strip():
            flush(n - 1)
            continue
        m = _HEADING.match(line)
        if m:
            flush(n - 1)
            out.append(Block("heading", m.group(2), n, n, len(m.group(1))))
            continue
        if line.lstrip().startswith("|"):
            flush(n - 1)
            cells = line.strip().strip("|")
            if _SEP_ROW.fullmatch(cells):
                continue
            out.append(Block("row", line.strip(), n, n))
            continue
        m = _ITEM.match(line)
        if m:
            flush(n - 1)
            buf, buf_kind, buf_start, buf_level = [m.group(2)], "item", n, len(m.group(1))
            continue
        if buf_kind == "item" and (line.startswith("  ") or line.startswith("\t")):
            buf.append(line)
            continue
        if buf_kind == "item":
            flush(n - 1)
        if buf and _LABEL_LINE.match(line):
            flush(n - 1)  # "来源：…" / "Evidence: …" lines are statements of their own
        if not buf:
            buf_kind, buf_start, buf_level = "para", n, 0
        buf.append(line)
    flush(n)
    return out


#: HTML element names (WHATWG HTML, plus the obsolete ``font``/``center``/``tt``/``strike``/``big``): only
#: these are tags to remove.  Other angle-bracket words are text a note quotes (``<think>``, ``Vec<u8>``).
_HTML_ELEMENTS = (
    "a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas caption center "
    "cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure "
    "font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link "
    "main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp "
    "rt ruby s samp script search section select slot small source span strike strong style sub summary sup svg "
    "table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr"
).split()
_MARKUP = compile_lazy(r"\*\*|__|`|</?(?:" + "|".join(sorted(_HTML_ELEMENTS, key=len, reverse=True))
                     + r")(?![A-Za-z0-9])(?:\s[^<>]{0,200})?/?>", re.IGNORECASE)
#: Neither part holds a ``[`` of its own (nor the label a ``]``): each ``[`` is then tried against the text up
#: to the next one only (``[a](`` 5,000 times took seconds, growing with the square; issue 23).
_LINK = compile_lazy(r"\[([^\[\]]*+)\]\(([^)\[]*+)\)")
def _tag_gap(m: re.Match[str]) -> str:
    """What a removed markup mark leaves: a space where a block element's tag stood between two Latin words or
    numbers (``<summary>HTML</summary>QGEMM-X``), else nothing (``换行<br/>和``, ``**bold**``)."""
    t = m.string
    if _BLOCK_TAG.match(m.group()) and m.start() > 0 and m.end() < len(t) \
            and t[m.start() - 1].isascii() and t[m.start() - 1].isalnum() and t[m.end()].isascii() and t[m.end()].isalnum():
        return " "
    return ""


#: A tag of an element that stands apart from the words around it (a block, a line break, a table cell).
_BLOCK_TAG = compile_lazy(r"</?(?:details|summary|div|p|br|li|ul|ol|tr|td|th|table|h[1-6]|blockquote|section|hr)\b", re.IGNORECASE)
#: A code span (CommonMark 0.31 §6.1): a run of backticks, then text, then a run of the same length.
_CODE_SPAN = compile_lazy(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


_WS = compile_lazy(r"\s+")


def _link_text(m: re.Match[str]) -> str:
    return f"{m.group(1)} ({m.group(2)})" if m.group(1) != m.group(2) else m.group(1)


def strip_markup(text: str) -> str:
    """Drop emphasis markers, inline code ticks and HTML tags; keep link text and URL.

    A code span keeps its text as written, backticks removed (`` `<think>` ``, `` `Vec<u8>` ``,
    `` `a**b` ``); outside code spans only tags of HTML elements are removed (``<b>``,
    ``<br/>``, ``<span class="x">``), not other angle-bracket words a note quotes.  Each
    substitution runs only when its pattern can match: a link needs ``[``, markup one of ``*``,
    ``_``, a backtick or ``<`` (every alternative of ``_MARKUP`` starts with one of them).

    >>> strip_markup("模型把思考放在 `<think>` 标签里，**加粗**<br/>")
    '模型把思考放在 <think> 标签里，加粗'
    >>> strip_markup("返回 Vec<u8>，不是 `List<int>`")
    '返回 Vec<u8>，不是 List<int>'
    """
    if "`" in text:
        parts, last = [], 0
        for m in _CODE_SPAN.finditer(text):
            parts.append(_strip_outside_code(text[last:m.start()]))
            parts.append(m.group(2))
            last = m.end()
        parts.append(_strip_outside_code(text[last:]))
        text = "".join(parts)
    else:
        text = _strip_outside_code(text)
    return _WS.sub(" ", text).strip()


def _strip_outside_code(text: str) -> str:
    """``strip_markup`` of text holding no code span."""
    if "[" in text:
        text = _LINK.sub(_link_text, text)
    if "*" in text or "_" in text or "`" in text or "<" in text:
        # (a block element's tag parts words: "<summary>HTML</summary>QGEMM-X claims …" is "HTML QGEMM-X claims …")
        text = _MARKUP.sub(_tag_gap, text)
    return text


#: A sentence ends after 。！？, or after . ! ? and a space before a capital, CJK character or lower-case
#: word, but not after an abbreviation ("vs. BF16", "e.g.", "et al.", "Fig. 3", "p. 4") or an initial ("L. Fontaine").
_SENT_END = compile_lazy(r"(?<=[。！？])|(?<=[.!?])(?<!\bvs\.)(?<!\bcf\.)(?<!\bal\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bFig\.)"
                       r"(?<!\bfig\.)(?<!\bEq\.)(?<!\bNo\.)(?<!\bp\.)(?<!\bpp\.)(?<!\bSec\.)(?<!\bsec\.)(?<!\bapprox\.)"
                       r"(?<!\bResp\.)(?<!\bresp\.)(?<!\bv\.)(?<!\b[A-Z]\.)(?<!\b[a-z]\.)(?<!\betc\.)(?<!\bincl\.)\s+"
                       # a capital, CJK or an opening quote; in chat-style writing a lower-case word too
                       # ("…one fixed 512. headline is 35% lower TTFT"), never a number or a symbol
                       r"(?=[A-Z\u4e00-\u9fff\"“(（]|(?<=[.!?]\s)[a-z]{2,}\b(?![.(]))")


#: A span that is only an entry's number (``**3. Title**`` read with its bold markers gone): not a sentence.
_ENUMERATOR = compile_lazy(r"\s*[*_]{0,3}\s*(?:\d{1,3}|[ivxIVX]{1,4})[.)]\s*")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Return ``(start, end)`` character spans of the sentences of ``text``.

    Splits after 。！？ and after . ! ? followed by space and a capital, a CJK character
    or (chat-style writing) a lower-case word; never after an abbreviation (``e.g.``,
    ``vs.``, ``et al.``), inside numbers (``5.94x``) or URLs.  A semicolon joins
    clauses of one sentence and does not end it.  An entry's number standing alone before a
    sentence (``3. PagedAttention …`` once bold markers are gone) is not a sentence of its own.

    >>> ["1. PagedAttention (arXiv:2309.06180). Read it."[a:b] for a, b in split_sentences("1. PagedAttention (arXiv:2309.06180). Read it.")]
    ['PagedAttention (arXiv:2309.06180).', 'Read it.']
    """
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        end = m.start()
        if end > start and text[start:end].strip() and not _ENUMERATOR.fullmatch(text[start:end]):
            spans.append((start, end))
        start = m.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


# Numbers with units.  Order matters: ranges first.
_NUM = r"\d++(?:[.,]\d++)?"  # possessive: a digit run is read once (issue 23: 20,000 digits took 67 s)
_UNIT = r"(?:%|％|×|[xX](?![a-zA-Z0-9])|倍|B(?![a-zA-Z])|M(?![a-zA-Z])|K(?![a-zA-Z])|k(?![a-zA-Z])|万|亿|GPU ?小时|GPU[- ]hours?|⭐)"
_QUANT = compile_lazy(
    # The lookahead only names the characters a figure can start with (an ``approx`` word, a space,
    # a sign or a digit); it changes no match, but saves trying every alternative at every position.
    rf"(?=[大约近超a~～≈\s+\-−\d])"
    rf"(?P<approx>大概|大约|约|近|超过|about|approx(?:imately)?\.?|~|～|≈)?\s*"
    rf"(?P<sign>[+\-−])?(?<!\d)(?P<a>{_NUM})\s*(?:(?P<u1>{_UNIT})\s*)?"
    rf"(?:(?:-|–|—|~|～|至|到|to)\s*(?P<b>{_NUM}))?\s*(?P<u2>{_UNIT})",
)
_DIGIT = compile_lazy(r"\d")
_UNIT_NORM = {"％": "%", "×": "x", "X": "x", "倍": "x", "k": "K", "⭐": "stars"}


def find_quantities(text: str, lexicon: Lexicon | None = None) -> tuple[Quantity, ...]:
    """Find figures with units in ``text`` (``76%``, ``2x``, ``3.87-5.84×``, ``552B``, ``大概3倍``).

    Returns a tuple of ``Quantity`` in text order.  A figure glued to a word
    (``Llama2-70B``, ``H100``, ``v0.17``) is not a quantity; ``metric`` is the
    nearest metric word of the lexicon within 16 characters before (or after)
    the figure.
    """
    if _DIGIT.search(text) is None:
        return ()  # every figure has a digit (``_NUM``)
    lex = lexicon or load_lexicon()
    out: list[Quantity] = []
    for m in _QUANT.finditer(text):
        s = m.start("sign") if m.group("sign") else m.start("a")
        prev = text[s - 1] if s > 0 else " "
        if prev.isalnum() and prev.isascii() or prev in "-_./@v%":  # %: percent-encoding (%E5%84%9B), not 84%
            continue
        unit = m.group("u2")
        if m.group("u1") and m.group("b") is None:
            continue
        unit = _UNIT_NORM.get(unit, unit).replace(" ", "")
        if unit.startswith("GPU"):
            unit = "GPU-h"
        try:
            a = float(m.group("a").replace(",", ""))
            b = float(m.group("b").replace(",", "")) if m.group("b") else None
        except ValueError:
            continue
        if m.group("sign") in ("-", "−"):
            a = -a
        raw = text[m.start("approx") if m.group("approx") else s : m.end()].strip()
        before = text[max(0, s - 16) : s]
        after = text[m.end() : m.end() + 16]
        metric = None
        best = -1
        for name, pat in lex.metrics:
            for mm in pat.finditer(before):
                if mm.end() > best:
                    best, metric = mm.end(), name
        if metric is None:
            for name, pat in lex.metrics:
                if pat.search(after):
                    metric = name
                    break
        out.append(Quantity(raw=raw, value=a, value_high=b, unit=unit, metric=metric, approx=bool(m.group("approx"))))
    return tuple(out)


def find_section_refs(text: str, lexicon: Lexicon | None = None) -> tuple[str, ...]:
    """Section keys named with ``§`` in ``text`` (``§3.1`` -> ``"3.1"``, ``§七`` -> ``"七"``), in order, unique."""
    lex = lexicon or load_lexicon()
    if lex.refs_need_section_sign and "§" not in text:
        return ()
    seen: dict[str, None] = {}
    for m in lex.section_ref.finditer(text):
        seen.setdefault(m.group(1), None)
    return tuple(seen)


def find_placements(text: str, lexicon: Lexicon | None = None) -> tuple[tuple[str, bool], ...]:
    """Placement phrases in ``text`` as ``(section key, negated)`` pairs, in order, unique.

    A placement is the lexicon's ``suggestion_pattern`` (a trigger such as
    建议归入 / 可归 / 列入 / belongs in, then a chain of ``§`` keys that may
    carry 「title」 or （note） annotations: ``建议归入 §6.1（开放问题）和 §6.2``
    gives ``6.1`` and ``6.2``).  ``negated`` is true when one of the lexicon's
    ``placement_negations`` stands right before the trigger (``不可列入 §七``,
    ``不建议归入 §3``, ``does not belong in §2``): a negative placement.
    """
    lex = lexicon or load_lexicon()
    if lex.refs_need_section_sign and "§" not in text:
        return ()  # a placement's keys are ``section_ref`` matches inside it, which start with "§"
    seen: dict[str, bool] = {}
    for m in lex.suggestion.finditer(text):
        neg = bool(lex.placement_negation.search(text[max(0, m.start() - 16) : m.start()]))
        for ref in lex.section_ref.finditer(m.group(1)):
            seen.setdefault(ref.group(1), neg)
    return tuple(seen.items())


def find_suggested_sections(text: str, lexicon: Lexicon | None = None) -> tuple[str, ...]:
    """Sections ``text`` proposes as destination ("建议归入 §3.1", "建议归 §6.1", "belongs in §5.7").

    Negative placements ("不可列入 §七 引用列表") are not suggestions; see ``find_placements``.
    """
    return tuple(k for k, neg in find_placements(text, lexicon) if not neg)


_URL = compile_lazy(r"https?://[^\s<>()\[\]{}\"'，。；、）》」]+", re.IGNORECASE)


def find_urls(text: str) -> list[tuple[str, int, int]]:
    """``(url, start, end)`` for every http(s) URL; trailing punctuation is dropped."""
    out = []
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?*_`")
        out.append((url, m.start(), m.start() + len(url)))
    return out


#: No ``[`` inside a link: ``[[`` 10,000 times was read from each pair to the end (issue 23: quadratic).
_WIKI = compile_lazy(r"\[\[([^\[\]|#]++)(?:#[^\[\]|]*+)?(?:\|([^\[\]]*+))?\]\]")


def find_wikilinks(text: str) -> list[tuple[str, str | None]]:
    """``[[target|alias]]`` links as ``(target, alias)`` pairs (Obsidian style)."""
    return [(m.group(1).strip(), (m.group(2) or "").strip() or None) for m in _WIKI.finditer(text)]


_ALIAS_BEFORE = compile_lazy(
    r"(?:^|[\s(（\[【/:：,，、*_])(?P<a>[A-Za-z][\w+.]*(?:-[\w+.]+)*(?:\s[A-Z0-9][\w+.-]*)?)"
    r"\s*(?:\*\*)?\s*[(（\[【]\s*(?:\[)?(?:arXiv\s*[:：]?\s*|https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|arxiv\.org/(?:abs|pdf)/)?$",
    re.IGNORECASE)
#: Two authors joined by "&" right before an identifier, as a paper is cited by them: "(Eliseev & Mazur)", arxiv.org/…",
#: "Leviathan & Matias (arXiv:…". Only "&": "Medusa and Hydra (…" names two works, not one.
_AUTHOR_PAIR_BEFORE = compile_lazy(
    r"(?:^|[\s(（\[【\"“])(?P<a>[A-Z][a-z][a-z'’-]{1,20}\s*&\s*[A-Z][a-z][a-z'’-]{1,20})\s*[)）]?[\"”]?\s*[,，:：—–-]?\s*"
    r"[(（\[【]?\s*(?:arXiv\s*[:：]?\s*|https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|arxiv\.org/(?:abs|pdf)/)?$")
#: Words written before a name that are no part of it ("on FastServe (…", "than Sarathi-Serve (…"); an adjective stays
#: ("lower TTFT (…" names no work at all), and so does a word that is no compound name ("in FP8 [9]", "with LLMs (…").
_LEAD_WORDS = frozenset("at about than like via into onto using use uses called named against over under beside besides".split())
#: Words that are never a work's short name (a name written before "(arXiv:…)" is often an author).
_NOT_ALIAS = frozenset("""a an the see paper papers cf e.g i.e arxiv link pdf abs doi et al and or of in on for
    with from by to vs this that our their its new work works method model models""".split())


#: What may follow a work's short name and still name that work: its first version ("Medusa-1", "EAGLE-1" are Medusa,
#: EAGLE) or the precision it is run at ("KIVI-2bit", "AWQ-INT4", "QuaRot-W4A16", "SmoothQuant-fp8"); a later number
#: is often another paper ("EAGLE-2", "FlashAttention-2") and is not taken.
FIRST_VARIANT = r"(?:-(?:1|\d{1,2}-?bits?|int\d{1,2}|fp\d{1,2}|w\d{1,2}(?:a\d{1,2})?)(?![\w.-]))?"
#: Where a work's short name ends: no word character, ``#`` or ``-`` follows it ("QuIP#" and "EAGLE-2" are other names).
NAME_END = r"(?![\w#-])"
#: The same tail at the end of one ``[\w-]+`` token ("kivi-2bit" is the token of "KIVI").
VARIANT_TAIL = compile_lazy(r"-(?:1|\d{1,2}-?bits?|int\d{1,2}|fp\d{1,2}|w\d{1,2}(?:a\d{1,2})?)$", re.IGNORECASE)
#: Capitalised words that open or link a sentence, never a work's name before its identifier ("Also (arXiv:…)").
_SENTENCE_WORDS = frozenset("""also however here there recently similarly finally note notably both each some many most later
    earlier prior related original follow version table figure section appendix abstract preprint source link code repo
    blog survey see read reading paper papers this that these those then thus hence which where when while since after
    before first second third last next previous above below compare compared versus unlike like same other another
    earlier later newer older update updated latest full text pdf html slides talk video thread post tweet issue
    proceedings conference workshop journal edition arxiv""".split())
#: A precision, an accelerator or a model written as a word ("BF16", "W4A16", "INT8", "H100", "A100-80GB", "Llama-3.1-8B"):
#: never a work's name.
_SETTING_WORD = compile_lazy(r"(?:BF|FP|INT|MXFP|NVFP|TF)\d{1,2}|W\d{1,2}A\d{1,2}(?:KV\d{1,2})?|[AHBLV]\d{2,3}[A-Z]?(?:-\d+G[B]?)?"
                           # a model by its parameter count ("Llama-3.1-8B", "Qwen2.5-7B-Instruct", "Mixtral-8x7B")
                           r"|[A-Za-z][\w.]*(?:-[\w.]+)*?-\d+(?:\.\d+)?(?:x\d+)?[BM](?:-[A-Za-z][\w.-]*)?", re.IGNORECASE)


def alias_before(line: str, start: int) -> str | None:
    """The short name written right before an identifier at ``line[start:]`` (``SmoothQuant (arXiv:…``,
    ``Mooncake（2407.00079``, ``EAGLE-2 [2406.16858``), when it looks like a name of a work: it has
    two capitals, a digit or a lower-case letter before a capital (``vLLM``, ``H2O``, ``KIVI``,
    ``SnapKV``, ``EAGLE-2``) or is one capitalised word of four letters or more that no sentence opens or
    links with (``Medusa``, ``Hydra``, a first author's ``Leviathan`` as curators cite it; not ``Also``, ``Table``).

    >>> alias_before("- SmoothQuant (arXiv:2211.10438) migrates outliers", 15)
    'SmoothQuant'
    >>> alias_before("Chen et al. (arXiv:2302.01318) arrive", 13) is None
    True
    """
    window = line[max(0, start - 60):start]
    pair = _AUTHOR_PAIR_BEFORE.search(window)
    if pair:
        return pair.group("a")  # ("speculative expert loading (Eliseev & Mazur)", https://arxiv.org/pdf/…": its two authors)
    m = _ALIAS_BEFORE.search(window)
    if not m:
        return None
    if re.search(r"[A-Za-z]['’][a-z]{1,2}\s+$", window[:m.start("a")]):
        return None  # "Merge, Don't Drop [2609.21150]": the last word of a title's phrase, no name ("Drop")
    a = m.group("a").strip(" .-")
    first, _, rest = a.partition(" ")
    if rest and first.lower() in _NOT_ALIAS | _LEAD_WORDS and re.search(r"[a-z][A-Z]|\w-\w", rest):
        a = rest  # "on FastServe (2305.05920)", "than Sarathi-Serve (…)": the name is the compound after the preposition
    elif rest and re.fullmatch(r"[a-z]+", first):
        return None  # "against BF16 [Huang2024]", "3x lower TTFT (…", "in FP8 (…": a plain word and what it says, no name
    a = re.sub(r"\s+v\d{1,2}(?:\.\d+)*$", "", a)  # "**RetroKV v2**（…v2）": the work's name, not its version
    if a.lower() in _NOT_ALIAS or len(a) < 2 or len(a) > 40 or _SETTING_WORD.fullmatch(a) or re.fullmatch(r"v\d{1,2}(?:\.\d+)*", a, re.I):
        return None  # (a precision or a GPU, "BF16", "H100", is the setting a reference is cited for, not its name)
    if not (re.search(r"[A-Z].*[A-Z]|\d|[a-z][A-Z]", a)) and not (re.fullmatch(r"[A-Z][a-z]{3,19}", a)
                                                                 and a.lower() not in _SENTENCE_WORDS):
        return None  # (a capitalised word alone is a name, "Medusa（arxiv.org/abs/…", "Hydra (…": not a sentence's word)
    return a


def arxiv_refs(lines: list[str], first_line: int = 1) -> list[ArxivRef]:
    """Every arXiv mention in ``lines`` as ``ArxivRef`` with its 1-based line (``first_line`` is the first's)."""
    return [
        ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=n)
        for n, ln in enumerate(lines, first_line)
        for m in find_arxiv_ids(ln)
    ]


_LINK_TEXT = compile_lazy(r"!?\[([^\[\]]*+)\]\([^)\[]*+\)")  # no bracket inside: linear in [[[[… (issue 23)
_EMPH_TITLE = compile_lazy(r"\*\*[^*]+\*\*|(?<![*\w])\*[^*\n]+\*(?![*\w])|[\"“「《][^\"”」》]{6,}[\"”」》]")


def without_titles(text: str, titles: list[str]) -> str:
    """A reference or paper-list entry with its titles removed: link texts, bold/italic/quoted titles and
    the titles the citations of its lines give; what is left is what the entry says of the work (a title's
    "Lossless" or "Online RL" asserts nothing)."""
    out = _LINK_TEXT.sub(" ", text)
    out = _EMPH_TITLE.sub(" ", out)
    for t in sorted(set(titles), key=len, reverse=True):
        out = out.replace(t, " ")
    return out


#: The words that say something is no paper.
_NO_PAPER_WORDS = r"not a paper|no paper|non-paper|非论文|(?:这)?不是论文"
#: An item's head saying it is about no paper: "(not a paper)", "（非论文）", "跟论文无关".
_NOT_PAPER = compile_lazy(rf"[(（\[]\s*(?:{_NO_PAPER_WORDS})\s*[)）\]]|\bnot a paper\b|(?:跟|和|与)论文无关", re.IGNORECASE)
#: ... or a line opening with it, as a clause of its own: "Not a paper. The three papers above …", "不是论文，是组会的讨论记录".
_OPENS_NOT_PAPER = compile_lazy(rf"\W{{0,3}}(?:{_NO_PAPER_WORDS}|(?:跟|和|与)论文无关)\s*(?:[.,;:!，。；：！—(（]|$)", re.IGNORECASE)


def not_a_paper(head: str) -> bool:
    """Whether an item's head says it is about no paper ("our AWQ run (not a paper): …", "（非论文）")."""
    return bool(_NOT_PAPER.search(head[:120]))


def opens_not_a_paper(line: str) -> bool:
    """Whether ``line`` opens by saying, as a clause of its own, that its topic is no paper ("Not a paper. …",
    "不是论文，是…"; not "Not a paper I expected to like")."""
    return bool(_OPENS_NOT_PAPER.match(line))


_CAMEL = compile_lazy(r"(?<![\w-])[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+(?![\w-])")


def camel_names(title: str) -> list[str]:
    """The camel-cased words of a title, each a system's name (``… Multi-turn Conversations with CachedAttention``
    gives ``["CachedAttention"]``; ``LLM``, ``Fast``, ``FlashAttention-2`` give none)."""
    return _CAMEL.findall(title)
