"""Read an analyst's shift brief: what it says it consumed, found and proposes.

A *brief* (预消化简报) summarises one shift of new material for a living
knowledge document.  This module turns its text into a ``BriefDoc`` (the
brief's own statements about the shift, for ``audit-brief`` and queries) and
a list of ``Claim`` records (what it asserts), keeping 1-based line numbers.

Pure functions: no I/O (except the thin :func:`read_brief` wrapper), no
rdflib.  arXiv identifiers come from :mod:`ingest.arxiv`, claims are built by
:func:`ingest.claims.make_claim` (evidence level, quantities, qualifiers,
section references from the lexicon).

The format, as written by analysts (Chinese; English headings are accepted
for the same structure, see the keyword tables below)::

    inference · E1 预消化简报(2026-10-27)                 <- title: 简报 / brief
    作者：… 增量来源：宿主机增量清单 work-guard/<uuid>.json（8 项材料全部消费）
        检查过的来源：inbox/a.md、organized/b.md；对照 organized/knowledge/x.md …
    增量条数：6 条（显著增量）＋ 3 条低相关/复查项

    增量 1：title (arXiv:2502.07115 v5)                   <- one per increment
    来源 - inbox/… - 卡片：organized/…                    <- block labels start a
    要点 preamble： 1. … 2. … 3. …                            paragraph; bullets are
    与 knowledge/x.md 现有脉络的关系 - … - 建议归入 §3.1     often inline " - "
    值得警惕之处 - … - …

    低相关 / 复查项（…）                                   <- top-level sections
    材料 判断 理由                                          (header row)
    organized/repo_cards/…md（…） 非新观点，仅计数更新 reason…
    值得警惕的矛盾与待核实说法汇总
      1. …
    可引用的 arXiv 号列表（本批）
      • arXiv:2502.07115 —— Title（已在 §七 引用列表内…）
    今晚建议的归并动作（按优先级）
      1. §3.1 修订 MC-SF 条目（增量 1）…
    证据边界与未消费声明
      • …

How the parts are told apart
----------------------------
* Increment headings: a line ``增量 N：title`` / ``Increment N: title`` (ATX
  ``#`` and ``**`` allowed) that starts a paragraph.
* Top-level section headings: a heading, or a short (<= 80 characters)
  paragraph line, whose text names one of :data:`SECTION_HEADINGS` within its
  first 16 characters ("值得警惕的矛盾与待核实…", "今晚建议的归并动作…").  The
  count line "增量条数：6 条（…）＋ 3 条低相关/复查项" is not one: its keyword
  sits too far in.
* Consumed sources vs baselines: in the header, paths after a
  :data:`HEADER_LABELS` ``consumed`` label are materials *until* a
  ``baseline`` marker (对照, baseline, compared against …); paths after that
  marker are reference documents (the living document, the queue) and are
  never materials.  The same baseline paths (or paths they end with, such as
  ``knowledge/inference.md`` for ``organized/knowledge/inference.md``) are
  left out of each increment's ``sources``.
* Quoted living-document entries: a bullet ``触及的现有条目：…`` /
  ``Existing entries it touches: …`` (provkg's own brief) quotes an entry the
  increment touches; its arXiv IDs and ``§`` keys belong to the living
  document, so they are not counted among the increment's ``arxiv_ids`` and
  ``sections``.
* Inline bullets: `` - `` with whitespace on both sides (never ``--tp-size``,
  ``Llama2-70B``, ``3.87-5.84×``, ``并发-延迟``), and only after a label's
  dash ("来源 - …"), after a colon ("命令： - …"), or when a paragraph holds two
  or more (a lone " - " in prose is a dash); inline numbered points
  ``1. … 2. …`` only when they count up from 1 and are followed by a space (so
  ``2.38×`` and ``v0.17`` stay whole).  Text outside bullets is split into
  sentences.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .arxiv import find_arxiv_ids
from .errors import IngestError
from .lexicon import Lexicon, load_lexicon
from .models import (
    BriefCitation,
    BriefDoc,
    BriefIncrement,
    BriefLowRelevance,
    Claim,
)
from .claims import make_claim
from .text import (
    Block,
    find_section_refs,
    find_urls,
    iter_blocks,
    split_sentences,
    strip_markup,
)
from ingest.lazyre import compile_lazy

__all__ = [
    "HEADER_LABELS",
    "INCREMENT_HEADING",
    "COUNT_PATTERNS",
    "SECTION_HEADINGS",
    "BLOCK_LABELS",
    "BLOCK_ROLES",
    "CITATION_STATUS",
    "LOW_RELEVANCE_VERDICTS",
    "LOW_RELEVANCE_HEADER_WORDS",
    "SUGGESTION_TRIGGERS",
    "find_paths",
    "looks_like_brief",
    "parse_brief",
    "read_brief",
]

# ---------------------------------------------------------------------------
# Keyword tables (data, not code).  Patterns are Python regular expressions,
# matched case-insensitively.

#: Labels in the header (the lines before the first increment or section).
#: ``manifest``: the increment manifest is the first ``.json`` path after one
#: of these (else the first ``.json`` path of the header).  ``consumed``: the
#: list of materials read.  ``baseline``: ends the consumed list; the paths
#: after it are reference documents, not materials.
HEADER_LABELS: dict[str, tuple[str, ...]] = {
    "manifest": (r"增量来源", r"增量清单", r"清单", r"increment manifest", r"manifest"),
    "consumed": (
        r"检查过的来源", r"已检查的来源", r"消费的来源", r"已消费(?:的)?(?:来源|材料)",
        r"sources? checked", r"checked sources?", r"consumed sources?",
        r"materials? (?:read|consumed|checked)",
    ),
    "baseline": (
        r"对照", r"基线", r"参照", r"baselines?", r"compared (?:against|with|to)",
        r"reference documents?",
    ),
}

#: Stated counts.  Each pattern's group 1 is the number.
#: A count is 1-9 digits standing alone (``(?<!\d)…(?!\d)``): a run of 20,000 digits is tried from its
#: start only, not from each of its digits (issue 23: quadratic), and never reaches ``int()``'s limit.
COUNT_PATTERNS: dict[str, tuple[str, ...]] = {
    "increments": (
        r"增量条数\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)",
        r"增量(?:数|数量)?\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)\s*条",
        r"\bincrements?(?: count)?\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)",
        r"\bnumber of increments\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)",
    ),
    "materials": (
        r"(?<!\d)(\d{1,9})(?!\d)\s*项材料",
        r"材料\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)",
        r"\b(?<!\d)(\d{1,9})(?!\d)\s+materials?\b",
        r"\bmaterials?\s*[:：]\s*(?<!\d)(\d{1,9})(?!\d)",
    ),
}

#: Increment headings: group 1 the number, group 2 the title.
INCREMENT_HEADING = compile_lazy(
    r"^(?:#{1,6}\s*)?(?:\*\*)?\s*(?:增量|increment)\s*#?\s*(\d{1,3})\s*(?:\*\*)?\s*(?:[:：.、]|[—–]|-(?=\s))\s*(?:\*\*)?\s*(.+?)\s*(?:\*\*)?\s*$",
    re.IGNORECASE,
)

#: Top-level sections after the increments, in priority order (the first kind
#: whose pattern matches wins).
SECTION_HEADINGS: dict[str, tuple[str, ...]] = {
    "warnings": (r"矛盾与待核实", r"待核实说法", r"contradictions? and unverified", r"unverified (?:statements?|claims?)"),
    "citations": (r"可引用的\s*arxiv", r"arxiv\s*号列表", r"citable arxiv", r"arxiv id list"),
    "low_relevance": (r"低相关", r"复查项", r"low[- ]relevance", r"review items?"),
    "actions": (r"归并动作", r"merge actions?", r"proposed actions?"),
    "boundary": (r"证据边界", r"未消费声明", r"evidence boundary"),
    "non_arxiv": (r"非\s*arxiv\s*来源", r"non[- ]arxiv sources?"),
}

#: Labels that open a block inside an increment ("来源 - …", "Key points:").
#: ``relation`` takes the whole "与 knowledge/x.md 现有脉络的关系" phrase.
BLOCK_LABELS: dict[str, tuple[str, ...]] = {
    "sources": (r"来源", r"出处", r"sources?"),
    "points": (r"要点", r"主要内容", r"key points", r"main points", r"highlights", r"summary"),
    "relation": (
        r"与(?:(?!\s-\s)[^\n：:]){0,60}?关系", r"relation(?:ship)? to [^\n:：]{0,60}?(?=\s*(?:[:：]|\s-\s|$))",
        r"relation(?:ship)?", r"how it relates[^\n:：]{0,60}?(?=\s*(?:[:：]|\s-\s|$))", r"placement",
    ),
    "caveats": (r"值得警惕之处", r"值得警惕", r"注意事项", r"caveats?", r"warnings?", r"risks?"),
}

#: Claim role of each block label (``None``: text before any label) and of
#: the claim-bearing top-level sections.
BLOCK_ROLES: dict[str | None, str] = {
    None: "statement",
    "sources": "metadata",
    "points": "statement",
    "relation": "relation",
    "caveats": "caveat",
    "warnings": "caveat",
    "actions": "action",
}

#: Status of a row of the citable-arXiv list, decided on the text of its
#: trailing parenthesis (or what follows the title).  Checked in this order:
#: "已在 §七 引用列表内，本批新增正文条目" is ``already_cited`` although it says 新增.
CITATION_STATUS: dict[str, tuple[str, ...]] = {
    "already_cited": (r"已在\s*§?\s*\S*\s*引用列表", r"已引用", r"已收录", r"already (?:cited|listed|in)"),
    "discarded": (r"已?丢弃", r"已?舍弃", r"discarded", r"dropped", r"rejected"),
    "not_included": (
        r"弱相关", r"未纳入", r"不纳入", r"归类偏差", r"低相关",
        r"weakly relevant", r"not included", r"misfiled", r"low[- ]relevance", r"out of scope",
    ),
    "new": (r"^\s*新\s*$", r"^\s*新\s*[，,；;:：]", r"新增引用", r"新引用", r"^\s*new\b", r"newly cited", r"to be cited"),
}

#: Words that mark the verdict cell of a low-relevance row.
LOW_RELEVANCE_VERDICTS: tuple[str, ...] = (
    r"低相关", r"弱相关", r"不入正文", r"不纳入", r"不建议纳入", r"归类噪声", r"噪声", r"归类偏差",
    r"非新观点", r"仅计数更新", r"丢弃", r"留档", r"附注", r"无关",
    r"low[- ]relevance", r"weakly relevant", r"not (?:included|relevant|new)", r"noise",
    r"misfiled", r"discard(?:ed)?", r"count update only",
)

#: Words of the header row of the low-relevance table (材料 判断 理由).
LOW_RELEVANCE_HEADER_WORDS: tuple[str, ...] = ("材料", "判断", "理由", "material", "verdict", "reason")

#: Phrases after which the following ``§`` chain is a proposed destination:
#: "建议归入 §3.1「…」", "可归 §6", "建议归入 §6.1（…）与 §6.2（…）".
SUGGESTION_TRIGGERS: tuple[str, ...] = (
    r"(?<![不未勿])(?:建议|可|拟)\s*(?:归入|归到|归|并入|放入|纳入)", r"(?<![不未勿])归入", r"(?<![不未勿])并入",
    r"belongs? (?:in|to|under)", r"merge (?:it )?into", r"file (?:it )?under",
    r"goes? (?:in|into|under)", r"suggested (?:section|destination)",
)


def _alt(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_HEADER_RE = {k: _alt(v) for k, v in HEADER_LABELS.items()}
_COUNT_RE = {k: [re.compile(p, re.IGNORECASE) for p in v] for k, v in COUNT_PATTERNS.items()}
_SECTION_RE = {k: _alt(v) for k, v in SECTION_HEADINGS.items()}
_LABEL_RE = {
    k: re.compile(
        r"^(?:#{1,6}\s*)?(?:\*\*)?\s*(?:" + "|".join(f"(?:{p})" for p in v) + r")\s*(?:\*\*)?"
        r"(?:\s*[:：]\s*|\s+-\s+|\s+|$)",
        re.IGNORECASE,
    )
    for k, v in BLOCK_LABELS.items()
}
#: On a continuation line of a paragraph a label must end with ":", " - " or the line.
_LABEL_STRICT_RE = {
    k: re.compile(
        r"^(?:\*\*)?\s*(?:" + "|".join(f"(?:{p})" for p in v) + r")\s*(?:\*\*)?(?:\s*[:：]|\s+-\s+|\s*$)",
        re.IGNORECASE,
    )
    for k, v in BLOCK_LABELS.items()
}
_STATUS_RE = {k: _alt(v) for k, v in CITATION_STATUS.items()}
_VERDICT_RE = _alt(LOW_RELEVANCE_VERDICTS)
_SUGGEST_RE = _alt(SUGGESTION_TRIGGERS)

# ---------------------------------------------------------------------------
# Small finders

_SECTION_KEY = r"§\s*([0-9]+(?:\.[0-9]+)*|[一二三四五六七八九十百]+)"
_ANNOT = r"(?:「[^」]{0,80}」|『[^』]{0,80}』|（[^）]{0,120}）|\([^)]{0,120}\)|\"[^\"]{0,80}\"|“[^”]{0,80}”)"
# An annotation may stand between the trigger and the key: provkg's own brief writes
# "建议归入（笔记未指明章节，按文本相近度推荐）：§5.3" for a section routed by text similarity.
_CHAIN_HEAD = compile_lazy(r"\s*(?:" + _ANNOT + r"\s*)?[:：]?\s*" + _SECTION_KEY + r"\s*" + _ANNOT + r"?")
_CHAIN_NEXT = compile_lazy(r"\s*(?:与|和|及|、|/|／|,|，|and|or)\s*" + _SECTION_KEY + r"\s*" + _ANNOT + r"?", re.IGNORECASE)
_LEADING_SECTIONS = compile_lazy(r"^\s*" + _SECTION_KEY + r"(?:\s*[/／、,，和与及]\s*" + _SECTION_KEY + r")*")

_PATH = compile_lazy(
    r"(?<![A-Za-z0-9_./:\\-])((?:[A-Za-z0-9_.-]+/)+[\w.-]*\w"
    r"\.(?:md|markdown|json|jsonl|txt|ya?ml|csv|tsv|pdf|html?))(?![A-Za-z0-9_/])"
)
_INLINE_BULLET = compile_lazy(r"(?:(?<=\s)|^)[-•▪◦‣]\s+(?=\S)")
_NUMBERED = compile_lazy(r"(?:(?<=[\s：:。；;，,])|^)(\d{1,2})(?:[.)）]\s+|、\s*)(?=\S)")
_BULLET_PREFIX = compile_lazy(r"^\s*(?:[-*+•·▪]|\d{1,3}[.)、]|[（(]\d{1,3}[)）])\s+")
_INCREMENT_MENTION = compile_lazy(r"(?:增量|increment)\s*#?\s*(\d{1,3})", re.IGNORECASE)
_TRAILING_SEP = compile_lazy(r"^\s*(?:——|—|–|-{1,2}|:|：)\s*")


def find_paths(text: str) -> list[tuple[str, int, int]]:
    """Workspace-relative file paths written in ``text``.

    A path has at least one ``/`` and a known file extension (``.md``,
    ``.json``, ``.txt``, ``.yaml``, ``.csv``, ``.pdf``, ``.html`` …), ASCII
    folders and a file name that may hold any letters (``inbox/jay/2026-10-27-1050-engineering-screen.md``,
    ``inbox/li/2026-12-08-随记.md``, ``work-guard/<uuid>.json``).  Paths inside http(s) URLs are not returned;
    ``recursive-oss/rec`` and ``v0.17/v0.18`` (no extension) are not paths.

    Returns
    -------
    list[tuple[str, int, int]]
        ``(path, start, end)`` in text order, duplicates kept.

    Examples
    --------
    >>> [p for p, _s, _e in find_paths("检查过的来源：inbox/a/b.md、recursive-oss/rec；对照organized/k.md")]
    ['inbox/a/b.md', 'organized/k.md']
    """
    masked = text
    for _url, s, e in find_urls(text):
        masked = masked[:s] + " " * (e - s) + masked[e:]
    return [(m.group(1), m.start(1), m.end(1)) for m in _PATH.finditer(masked)]


def _unique(items) -> tuple:
    return tuple(dict.fromkeys(items))


def _suggested_chain(text: str) -> tuple[str, ...]:
    """Sections proposed as destination, following annotated chains."""
    out: list[str] = []
    for m in _SUGGEST_RE.finditer(text):
        head = _CHAIN_HEAD.match(text, m.end())
        if not head:
            continue
        out.append(head.group(1))
        pos = head.end()
        while True:
            nxt = _CHAIN_NEXT.match(text, pos)
            if not nxt:
                break
            out.append(nxt.group(1))
            pos = nxt.end()
    return _unique(out)


def _lexicon_suggestions(text: str, lex: Lexicon) -> tuple[str, ...]:
    """The lexicon's suggested sections, skipping negated triggers ("不可纳入 §七")."""
    out: list[str] = []
    for m in lex.suggestion.finditer(text):
        if m.start() > 0 and text[m.start() - 1] in _NEGATING_CHARS:
            continue
        out.extend(r.group(1) for r in lex.section_ref.finditer(m.group(1)))
    return _unique(out)


_NEGATING_CHARS = "不未勿非"

#: A bullet quoting a living-document entry an increment touches (provkg's brief, zh or en).
_TOUCHED_ENTRY = compile_lazy(r"^\s*[-*•]\s*(?:触及的现有条目|existing entries it touches)\s*[:：]", re.IGNORECASE)


def _first_count(kind: str, text: str) -> int | None:
    best: tuple[int, int] | None = None
    for pat in _COUNT_RE[kind]:
        m = pat.search(text)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), int(m.group(1)))
    return best[1] if best else None


# ---------------------------------------------------------------------------
# Line-level structure


@dataclass(frozen=True)
class _Region:
    kind: str               # "header", "increment", or a SECTION_HEADINGS key
    line: int               # heading line (1-based); header: 1
    body: int               # first body line
    end: int                # last line (inclusive), trailing blanks trimmed
    number: int | None = None
    title: str | None = None


def _plain(line: str) -> str:
    return strip_markup(re.sub(r"^\s*#{1,6}\s*", "", line)).strip()


def _section_kind(line: str) -> str | None:
    raw = line.strip()
    if not raw or _BULLET_PREFIX.match(raw) or raw.startswith("|"):
        return None
    text = _plain(raw)
    if not text or len(text) > 80:
        return None
    for kind, pat in _SECTION_RE.items():
        m = pat.search(text)
        if m and m.start() <= 16:
            return kind
    return None


def _regions(lines: list[str]) -> list[_Region]:
    """Split the file into header, increments and top-level sections."""
    marks: list[tuple[int, str, int | None, str | None]] = []
    for i, raw in enumerate(lines):
        prev_blank = i == 0 or not lines[i - 1].strip()
        is_atx = raw.lstrip().startswith("#")
        if not (prev_blank or is_atx):
            continue
        m = INCREMENT_HEADING.match(raw.strip())
        if m:
            marks.append((i + 1, "increment", int(m.group(1)), strip_markup(m.group(2))))
            continue
        kind = _section_kind(raw)
        if kind:
            marks.append((i + 1, kind, None, _plain(raw)))
    out: list[_Region] = []
    starts = [(1, "header", None, None)] + marks

    def trim(a: int, b: int) -> int:
        while b > a and not lines[b - 1].strip():
            b -= 1
        return b

    for j, (ln, kind, num, title) in enumerate(starts):
        nxt = starts[j + 1][0] if j + 1 < len(starts) else len(lines) + 1
        if kind == "header":
            if nxt > 1:
                out.append(_Region("header", 1, 1, trim(1, nxt - 1)))
            continue
        out.append(_Region(kind, ln, ln + 1, trim(ln, nxt - 1), num, title))
    return out


def _line_mapper(block: Block, lines: list[str]):
    """Map a character offset of ``block.text`` to its 1-based line."""
    pieces = [lines[k - 1].strip() for k in range(block.line, block.line_end + 1)]
    if len(pieces) <= 1:
        return lambda _off: block.line
    rest = sum(len(p) + 1 for p in pieces[1:])
    bounds = [len(block.text) - rest]
    for p in pieces[1:]:
        bounds.append(bounds[-1] + 1 + len(p))

    def line_of(off: int) -> int:
        for k, b in enumerate(bounds):
            if off < b:
                return block.line + k
        return block.line_end

    return line_of


def _match_label(text: str, first_line: str | None = None) -> tuple[str | None, int]:
    """Block label at the start of ``text``: ``(kind, end offset)``.

    A Chinese label may be followed by a plain space ("要点 飞P 对…"); a Latin
    one needs ":", " - " or the end of its line ``first_line`` (default
    ``text``): "Sources are thin" is prose.
    """
    head = re.sub(r"^\s*#{1,6}\s*", "", first_line if first_line is not None else text).strip()
    for kind, pat in _LABEL_RE.items():
        m = pat.match(text)
        if m and m.end() > 0:
            if m.group(0).strip().isascii() and not _LABEL_STRICT_RE[kind].match(head):
                continue
            return kind, m.end()
    return None, 0


def _sentences(text: str) -> list[tuple[int, int]]:
    """:func:`ingest.text.split_sentences`, but never cutting inside brackets or quotes."""
    spans = split_sentences(text)
    if len(spans) < 2:
        return spans
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and _depth(text[: out[-1][1]]) > 0:
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


def _depth(text: str) -> int:
    depth = 0
    for ch in text:
        if ch in "（(《「『【[“":
            depth += 1
        elif ch in "）)》」』】]”" and depth:
            depth -= 1
    return depth


def _split_numbered(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split ``text[start:end]`` at ``1. … 2. …`` counting up from 1."""
    cuts: list[tuple[int, int]] = []  # (marker start, content start)
    want = 1
    for m in _NUMBERED.finditer(text, start, end):
        if int(m.group(1)) == want:
            cuts.append((m.start(), m.end()))
            want += 1
    if len(cuts) < 2:
        return [(start, end)]
    spans = [(start, cuts[0][0])]
    for k, (_ms, cs) in enumerate(cuts):
        spans.append((cs, cuts[k + 1][0] if k + 1 < len(cuts) else end))
    return spans


def _strip_span(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _segments(text: str, start: int, *, inline: bool) -> list[tuple[int, int]]:
    """Claim spans of ``text[start:]``: bullets, numbered points, sentences.

    ``inline``: split on inline `` - `` bullets (paragraphs); list items are
    already one bullet each.
    """
    end = len(text)
    pieces: list[tuple[int, int, bool]] = []  # (s, e, is_bullet)
    # "值得警惕之处 - a - b": the label ate the first bullet's dash.
    lead_bullet = start > 0 and text[:start].rstrip().endswith("-")
    if inline:
        cuts = [m for m in _INLINE_BULLET.finditer(text, start) if m.start() >= start]
        # One lone " - " in prose is a dash, not a list: split only after a
        # label's dash, after a colon, or when there are two or more.
        if cuts and not (lead_bullet or len(cuts) >= 2 or text[start:cuts[0].start()].rstrip().endswith((":", "："))
                         or not text[start:cuts[0].start()].strip()):
            cuts = []
        if cuts:
            pieces.append((start, cuts[0].start(), lead_bullet))
            for k, m in enumerate(cuts):
                pieces.append((m.end(), cuts[k + 1].start() if k + 1 < len(cuts) else end, True))
        else:
            pieces.append((start, end, lead_bullet))
    else:
        pieces.append((start, end, True))
    out: list[tuple[int, int]] = []
    for s, e, is_bullet in pieces:
        parts = _split_numbered(text, s, e)
        if len(parts) > 1:
            pre_s, pre_e = parts[0]
            for ss, se in _sentences(text[pre_s:pre_e]):
                out.append((pre_s + ss, pre_s + se))
            out.extend(parts[1:])
        elif is_bullet:
            out.append((s, e))
        else:
            for ss, se in _sentences(text[s:e]):
                out.append((s + ss, s + se))
    spans = []
    for s, e in out:
        s, e = _strip_span(text, s, e)
        if e > s and any(ch.isalnum() for ch in text[s:e]):
            spans.append((s, e))
    return spans


# ---------------------------------------------------------------------------
# Claims


def _claim(
    text: str,
    s: int,
    e: int,
    line_of,
    *,
    role: str,
    item: int | None,
    evidence: str,
    subjects: tuple[str, ...],
    lex: Lexicon,
    extra_suggested: tuple[str, ...] = (),
) -> Claim:
    seg = text[s:e]
    line, line_end = line_of(s), line_of(e - 1)
    c = make_claim(seg, line, line_end, role=role, item=item, evidence=evidence, subjects=subjects, lexicon=lex)
    update: dict[str, object] = {}
    suggested = _unique(extra_suggested + _lexicon_suggestions(seg, lex) + _suggested_chain(seg))
    if suggested != c.suggested_sections:
        update["suggested_sections"] = suggested
    if line != line_end and c.arxiv:
        matches = find_arxiv_ids(seg)
        if len(matches) == len(c.arxiv):
            update["arxiv"] = tuple(
                r.model_copy(update={"line": line_of(s + mm.start)}) for r, mm in zip(c.arxiv, matches)
            )
    return c.model_copy(update=update) if update else c


def _split_at_labels(blocks: list[Block], lines: list[str]) -> list[Block]:
    """Cut multi-line paragraphs where a continuation line starts with a label."""
    out: list[Block] = []
    for b in blocks:
        if b.kind != "para" or b.line == b.line_end:
            out.append(b)
            continue
        starts = [b.line] + [
            k for k in range(b.line + 1, b.line_end + 1)
            if any(p.match(lines[k - 1].strip()) for p in _LABEL_STRICT_RE.values())
        ]
        if len(starts) == 1:
            out.append(b)
            continue
        for j, a in enumerate(starts):
            z = starts[j + 1] - 1 if j + 1 < len(starts) else b.line_end
            text = " ".join(lines[k - 1].strip() for k in range(a, z + 1)).strip()
            out.append(Block("para", text, a, z))
    return out


def _label_blocks(blocks: list[Block], lines: list[str]) -> list[tuple[str | None, Block, int]]:
    """Give each block of an increment its label (see :data:`BLOCK_LABELS`).

    A paragraph (or heading) that starts with a label switches the label for
    itself and the blocks after it; a heading without a label resets it and
    bears no claims.  Returns ``(label, block, content start offset)``.
    """
    out: list[tuple[str | None, Block, int]] = []
    label: str | None = None
    for b in _split_at_labels(blocks, lines):
        if b.kind == "code":
            continue
        start = 0
        if b.kind in ("para", "heading"):
            kind, off = _match_label(b.text, lines[b.line - 1])
            if kind is not None:
                label, start = kind, off
            elif b.kind == "heading":
                label = None
                continue
        out.append((label, b, start))
    return out


def _block_claims(
    labelled: list[tuple[str | None, Block, int]],
    lines: list[str],
    *,
    item: int | None,
    evidence: str,
    subjects: tuple[str, ...],
    lex: Lexicon,
) -> list[Claim]:
    """Claims of labelled blocks; the label decides the role (:data:`BLOCK_ROLES`)."""
    claims: list[Claim] = []
    for label, b, start in labelled:
        line_of = _line_mapper(b, lines)
        role = BLOCK_ROLES.get(label, "statement")
        for s, e in _segments(b.text, start, inline=b.kind != "item"):
            claims.append(_claim(b.text, s, e, line_of, role=role, item=item, evidence=evidence,
                                 subjects=subjects, lex=lex))
    return claims


# ---------------------------------------------------------------------------
# Header


def _parse_header(text: str) -> tuple[str | None, tuple[str, ...], tuple[str, ...]]:
    """``(manifest, consumed sources, baseline paths)`` from the header text."""
    manifest = None
    for m in _HEADER_RE["manifest"].finditer(text):
        for p, _s, _e in find_paths(text[m.end():]):
            if p.endswith(".json"):
                manifest = p
                break
        if manifest:
            break
    if manifest is None:
        manifest = next((p for p, _s, _e in find_paths(text) if p.endswith(".json")), None)

    baselines: list[str] = []
    consumed: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        lab = _HEADER_RE["consumed"].search(line)
        if lab is None:
            i += 1
            continue
        rest = line[lab.end():]
        # The first baseline marker outside brackets ("inbox/a.md（与卡片对照）" is not one).
        stop = next((m for m in _HEADER_RE["baseline"].finditer(rest) if _depth(rest[: m.start()]) == 0), None)
        clause = rest[: stop.start()] if stop else rest
        if stop:
            baselines.extend(p for p, _s, _e in find_paths(rest[stop.start():]))
        found = [p for p, _s, _e in find_paths(clause)]
        if not found and not stop:  # English style: the list follows as bullets
            j = i + 1
            while j < len(lines) and (not lines[j].strip() and j == i + 1 or _BULLET_PREFIX.match(lines[j])):
                found.extend(p for p, _s, _e in find_paths(lines[j]))
                j += 1
            i = j - 1
        consumed.extend(found)
        i += 1
    # Baselines named elsewhere in the header ("Baseline: organized/…").
    for line in lines:
        m = _HEADER_RE["baseline"].search(line)
        if m and not _HEADER_RE["consumed"].search(line[: m.start()]):
            baselines.extend(p for p, _s, _e in find_paths(line[m.end():]))
    base = _unique(baselines)
    consumed = [p for p in consumed if p not in base and p != manifest]
    return manifest, _unique(consumed), base


def _is_baseline(path: str, baselines: tuple[str, ...]) -> bool:
    return any(path == b or b.endswith("/" + path) or path.endswith("/" + b) for b in baselines)


# ---------------------------------------------------------------------------
# Sections


def _close_paren(text: str) -> tuple[str, str | None]:
    """Split a trailing balanced parenthesis off ``text``: ``(before, inside)``."""
    t = text.rstrip()
    pairs = {"）": "（", ")": "("}
    if not t or t[-1] not in pairs:
        return t, None
    depth = 0
    for k in range(len(t) - 1, -1, -1):
        ch = t[k]
        if ch in pairs:
            depth += 1
        elif ch in pairs.values():
            depth -= 1
            if depth == 0:
                return t[:k].rstrip(), t[k + 1 : -1].strip()
    return t, None


def _status(status_text: str) -> str:
    for status, pat in _STATUS_RE.items():
        if pat.search(status_text):
            return status
    return "unknown"


def _citation(block: Block) -> BriefCitation | None:
    text = strip_markup(block.text)
    matches = find_arxiv_ids(text)
    if not matches:
        return None
    m = matches[0]
    rest = _TRAILING_SEP.sub("", text[m.end:], count=1)
    title, inside = _close_paren(rest)
    if inside is None:  # "arXiv:… — Title — status"
        parts = re.split(r"\s+(?:——|—|–)\s+", rest)
        title, inside = (parts[0], parts[-1]) if len(parts) > 1 else (rest, None)
    title = title.strip() or None
    status_text = inside.strip() if inside else None
    return BriefCitation(
        arxiv_id=m.arxiv_id,
        version=m.version,
        title=title,
        status=_status(status_text) if status_text else "unknown",  # type: ignore[arg-type]
        status_text=status_text,
        line=block.line,
    )


_CJK = compile_lazy(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _cells(row: str) -> list[str]:
    """Columns of a low-relevance row (table pipes, tabs, or CJK spacing)."""
    if "|" in row:
        return [c.strip() for c in row.strip().strip("|").split("|")]
    if "\t" in row:
        return [c.strip() for c in row.split("\t") if c.strip()]
    cells: list[str] = []
    depth = 0
    cur_start = 0
    k = 0
    n = len(row)
    while k < n:
        ch = row[k]
        if ch in "（(《「『【[“" :
            depth += 1
        elif ch in "）)》」』】]”":
            depth = max(0, depth - 1)
        elif ch.isspace() and depth == 0:
            j = k
            while j < n and row[j].isspace():
                j += 1
            left = row[k - 1] if k > 0 else ""
            right = row[j] if j < n else ""
            tail = row[j:]
            left_cjk = bool(_CJK.match(left)) or left in "）》」』】"
            right_ok = (
                bool(_CJK.match(right)) or right in "§" or right.isdigit()
                or bool(find_arxiv_ids(tail[:40]) and find_arxiv_ids(tail[:40])[0].start == 0)
                or bool(_PATH.match(tail))
            )
            if left_cjk and right_ok:
                cells.append(row[cur_start:k].strip())
                cur_start = j
            k = j
            continue
        k += 1
    cells.append(row[cur_start:].strip())
    return [c for c in cells if c]


def _low_relevance_row(row: str, line: int) -> BriefLowRelevance | None:
    text = _BULLET_PREFIX.sub("", row.strip())
    if not text or re.fullmatch(r"[\s|:\-]+", text):
        return None
    words = {w.lower() for w in re.split(r"[\s|]+", text) if w}
    if words and words <= {w.lower() for w in LOW_RELEVANCE_HEADER_WORDS}:
        return None
    cells = _cells(text)
    if len(cells) >= 2:
        for k in range(1, len(cells)):
            if _VERDICT_RE.search(cells[k]):
                return BriefLowRelevance(material=" ".join(cells[:k]), verdict=cells[k], line=line)
        return BriefLowRelevance(material=cells[0], verdict=cells[1], line=line)
    # One cell: "path (note) verdict …" in Latin text.
    lead = _PATH.match(text)
    am = find_arxiv_ids(text)
    end = lead.end() if lead else (am[0].end if am and am[0].start == 0 else 0)
    if end:
        rest = text[end:]
        pm = re.match(r"\s*[（(]", rest)
        if pm:
            depth = 0
            for k, ch in enumerate(rest):
                if ch in "（(":
                    depth += 1
                elif ch in "）)":
                    depth -= 1
                    if depth == 0:
                        end += k + 1
                        break
        verdict = re.split(r"(?<=[.;。；])\s", text[end:].strip(" —–-:："), maxsplit=1)[0]
        return BriefLowRelevance(material=text[:end].strip(), verdict=verdict.strip(), line=line)
    m = _VERDICT_RE.search(text)
    if m and m.start() > 0:
        return BriefLowRelevance(material=text[: m.start()].strip(" —–-:："), verdict=text[m.start():].strip(), line=line)
    return BriefLowRelevance(material=text, verdict="", line=line)


# ---------------------------------------------------------------------------
# Public API


def parse_brief(text: str, *, lexicon: Lexicon | None = None) -> tuple[BriefDoc, list[Claim]]:
    """Parse a shift brief into what it states about the shift and its claims.

    Parameters
    ----------
    text : str
        The whole brief (Chinese or English headings; see the module
        docstring for the format and the keyword tables for the words).
    lexicon : Lexicon, optional
        Lexicon for :func:`ingest.claims.make_claim`; the bundled one if omitted.

    Returns
    -------
    tuple[BriefDoc, list[Claim]]
        ``BriefDoc`` with ``manifest`` (path or ``None``),
        ``stated_increment_count`` / ``stated_material_count`` (``None`` when
        not stated), ``consumed_sources`` (materials listed in the header, in
        order, unique, baselines excluded), ``increments`` (one
        ``BriefIncrement`` per ``增量 N：`` heading, with the paths, URLs,
        arXiv keys and ``§`` keys in its span), ``low_relevance`` (table
        rows), ``citations`` (the citable-arXiv list with mapped status) and
        ``warnings`` (the items of the contradictions section).  The claims
        are in document order: increment bullets, numbered points and
        sentences (``item`` = increment number; ``role`` ``metadata`` under
        来源/Sources, ``statement`` under 要点, ``relation`` under 与…关系,
        ``caveat`` under 值得警惕), then the warnings (``caveat``) and the
        merge actions (``action``; ``item`` = the one increment it names, if
        exactly one; ``suggested_sections`` include the leading ``§`` keys).
        Increment claims inherit the evidence level stated in the increment's
        sources block and have the arXiv keys of the increment heading as
        ``subjects``.

    Raises
    ------
    Nothing on purpose: human text is read leniently; a brief without the
    expected parts gives empty fields.

    Examples
    --------
    >>> doc, claims = parse_brief("E1 简报\\n\\n增量条数：1 条\\n\\n增量 1：标题\\n\\n值得警惕之处 - 未验证 - 建议归入 §3.1\\n")
    >>> doc.stated_increment_count, [(i.number, i.title, i.sections) for i in doc.increments]
    (1, [(1, '标题', ('3.1',))])
    >>> [(c.line, c.role, c.text, c.suggested_sections) for c in claims]
    [(7, 'caveat', '未验证', ()), (7, 'caveat', '建议归入 §3.1', ('3.1',))]
    """
    lex = lexicon or load_lexicon()
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    regions = _regions(lines)

    header = next((r for r in regions if r.kind == "header"), None)
    header_text = "\n".join(lines[header.line - 1 : header.end]) if header else ""
    manifest, consumed, baselines = _parse_header(header_text)

    def count(kind: str) -> int | None:
        found = _first_count(kind, header_text)
        if found is not None:
            return found
        body = "\n".join(l for l in lines if not INCREMENT_HEADING.match(l.strip()))
        return _first_count(kind, body)

    increments: list[BriefIncrement] = []
    low: list[BriefLowRelevance] = []
    citations: list[BriefCitation] = []
    warnings: list[str] = []
    claims: list[Claim] = []

    for r in regions:
        body_lines = lines[r.body - 1 : r.end]
        blocks = iter_blocks(body_lines, r.body) if r.end >= r.body else []
        if r.kind == "increment":
            span = "\n".join(lines[r.line - 1 : r.end])
            own = "\n".join(l for l in lines[r.line - 1 : r.end] if not _TOUCHED_ENTRY.match(l))
            title_ids = tuple(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(r.title or "")))
            # Evidence stated in the sources block, inherited by the claims.
            labelled = _label_blocks(blocks, lines)
            src_text = " ".join(strip_markup(b.text[st:]) for lab, b, st in labelled if lab == "sources")
            evidence = lex.evidence_of(src_text) or "unknown"
            inc_claims = _block_claims(labelled, lines, item=r.number, evidence=evidence,
                                       subjects=title_ids, lex=lex)
            claims.extend(inc_claims)
            increments.append(BriefIncrement(
                number=r.number or 0,
                title=r.title or "",
                line=r.line,
                line_end=r.end,
                sources=_unique(p for p, _s, _e in find_paths(span)
                                if not _is_baseline(p, baselines) and p != manifest),
                urls=_unique(u for u, _s, _e in find_urls(span)),
                arxiv_ids=_unique(m.arxiv_id for m in find_arxiv_ids(own)),
                sections=find_section_refs(own, lex),
            ))
        elif r.kind == "low_relevance":
            for k in range(r.body, r.end + 1):
                row = _low_relevance_row(lines[k - 1], k)
                if row is not None:
                    low.append(row)
        elif r.kind == "citations":
            for b in blocks:
                if b.kind in ("item", "row"):
                    c = _citation(b)
                    if c is not None:
                        citations.append(c)
        elif r.kind in ("warnings", "actions"):
            role = BLOCK_ROLES[r.kind]
            items = [b for b in blocks if b.kind == "item"] or [b for b in blocks if b.kind == "para"]
            for b in items:
                if r.kind == "warnings":
                    warnings.append(strip_markup(b.text))
                    extra: tuple[str, ...] = ()
                    item = None
                else:
                    # Each clause's leading "§x" (or "§x/§y") names a target section.
                    extra = ()
                    for clause in re.split(r"[；;。]", b.text):
                        lead = _LEADING_SECTIONS.match(clause)
                        if lead:
                            extra += tuple(re.findall(_SECTION_KEY, lead.group(0)))
                    extra = _unique(extra)
                    named = _unique(int(x) for x in _INCREMENT_MENTION.findall(b.text))
                    item = named[0] if len(named) == 1 else None
                line_of = _line_mapper(b, lines)
                if b.kind == "item":
                    s, e = _strip_span(b.text, 0, len(b.text))
                    spans = [(s, e)] if e > s else []
                else:
                    spans = _segments(b.text, 0, inline=True)
                for s, e in spans:
                    claims.append(_claim(b.text, s, e, line_of, role=role, item=item, evidence="unknown",
                                         subjects=(), lex=lex, extra_suggested=extra))

    doc = BriefDoc(
        manifest=manifest,
        stated_increment_count=count("increments"),
        stated_material_count=count("materials"),
        consumed_sources=consumed,
        increments=tuple(increments),
        low_relevance=tuple(low),
        citations=tuple(citations),
        warnings=tuple(warnings),
    )
    return doc, claims


_BRIEF_TITLE = compile_lazy(r"简报|\bbrief(?:ing)?\b", re.IGNORECASE)


def states_a_shift(doc: "BriefDoc", *, manifest_line: bool = True) -> bool:
    """Whether a parsed brief states anything a brief states about its shift: a manifest line, a
    stated count, consumed materials, increments or a citable list (a table or a warnings list
    alone is in notes too).  ``audit-brief`` refuses a file that does not.  ``ingest --kind brief``
    warns about one that states none but a manifest line (``manifest_line=False``: any ``.json``
    path makes one)."""
    return bool((manifest_line and doc.manifest) or doc.stated_increment_count is not None
                or doc.stated_material_count is not None or doc.consumed_sources or doc.increments or doc.citations)


def looks_like_brief(text: str) -> bool:
    """Whether ``text`` has the shape of a shift brief.

    True when one of the first five non-blank lines says 简报 / "brief" and
    the text has at least one increment heading (``增量 N：…`` /
    ``Increment N: …`` at the start of a line).  A note that only mentions a
    brief, or a living document with numbered sections, is not one.

    Parameters
    ----------
    text : str
        The file's text.

    Returns
    -------
    bool

    Examples
    --------
    >>> looks_like_brief("inference · E1 预消化简报\\n\\n增量 1：标题\\n")
    True
    >>> looks_like_brief("# Notes\\n\\nIncrement 1: a numbered note\\n")
    False
    """
    head = [l for l in text.splitlines() if l.strip()][:5]
    if not any(_BRIEF_TITLE.search(l) for l in head):
        return False
    return any(INCREMENT_HEADING.match(l.strip()) for l in text.splitlines())


def read_brief(path: str | Path, *, lexicon: Lexicon | None = None) -> tuple[BriefDoc, list[Claim]]:
    """Read a brief file (UTF-8) and :func:`parse_brief` it.

    Parameters
    ----------
    path : str or pathlib.Path
        The brief's file.
    lexicon : Lexicon, optional
        Passed to :func:`parse_brief`.

    Returns
    -------
    tuple[BriefDoc, list[Claim]]
        As :func:`parse_brief`.

    Raises
    ------
    IngestError
        When the file cannot be read or is not UTF-8 (message ``path: problem``).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise IngestError(str(path), None, f"cannot read brief: {e}") from e
    return parse_brief(text, lexicon=lexicon)
