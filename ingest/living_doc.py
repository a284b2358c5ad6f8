"""Parse a living document (a curated Markdown list of works).

A *living document* is a Markdown file that curators keep adding papers to:
headings split it into sections (``### §3.1 调度算法``, ``## 七、引用列表``,
``### 📖Trending LLM/VLM Topics ([©️back👆🏻](#paperlist))``, ``### 1️⃣ Merging``),
and each section holds table rows (``|2023.09|🔥[**vLLM**] Title(@Org)|[[pdf]](url)|...``),
list items (``1. [**Title.**](url) *Authors.* Venue YYYY.``) or paragraphs that
cite works by arXiv identifier.

:func:`parse_living_doc` works on raw lines (no CommonMark parser: headings
with full-width punctuation, emoji keycaps and HTML blocks are easier to read
line by line).  It is pure; :func:`read_living_doc` only opens the file
(networkx ``parse_edgelist`` / ``read_edgelist`` split, STYLE.md rec. 6).

Rules followed
--------------
* Headings: ATX headings (``#`` .. ``######``, CommonMark §4.2, up to three
  leading spaces) outside fenced code blocks, plus one-line HTML ``<h1>`` ..
  ``<h6>``.  Setext headings are not recognised (a ``---`` under a paragraph
  is far more often a rule than a heading in these files).
* Section keys: ``§3.1``/``3.1``/``3.1.``/``3.`` -> ``"3.1"``/``"3"``;
  ``§七``/``七、``/``（七）``/``第七节`` -> ``"七"`` (Chinese numerals kept as
  written); keycap emoji ``1️⃣`` -> ``"1"``; otherwise a slug of the cleaned
  title (``"trending-llm-vlm-topics"``), made unique with ``-2``, ``-3`` ...
* A section runs from its heading to the line before the next heading of the
  same or a higher level (fewer ``#``), or to the last line.
* Entries: each table row (header and ``|---|`` rows skipped), each list item
  (with its continuation lines), each paragraph, each fenced code block.
  Lines holding only HTML tags (``<details>``, ``</div>``) and thematic breaks
  separate blocks and belong to no entry; the contents of ``<details>`` are
  parsed like any other lines.
* Citations: every arXiv identifier found by :func:`ingest.arxiv.find_arxiv_ids`,
  one :class:`~ingest.models.ArxivRef` per (line, id) -- an id linked twice on
  one line counts once (as in the corpus ``*.facts.json`` method).
* Citation titles, first that applies: table rows -- the title column (or the
  cell after the date), else the text of a link to the paper; other entries
  -- the text of a link to the paper (``[Title](https://arxiv.org/abs/ID)``),
  else the field after the id in a separated record
  (``arXiv:ID · Title · YYYY-MM · Venue``, see :func:`separated_title`), else
  the first bold text of the entry (unless it is only an identifier).  Bold
  text is often a short name (``**vLLM**``): when the same document gives
  the work a title from one of the other sources, a bold name that differs
  from it is dropped (``title`` None), not kept as a second title.
"""
from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ingest.arxiv import find_arxiv_ids, normalise_title
from ingest.errors import IngestError
from ingest.models import ArxivRef, Section
from ingest.numerals import arabic_key
from ingest.text import alias_before
from ingest.lazyre import compile_lazy

#: An author-year citation key as written inside brackets: ``Wu 2023``, ``Kwon et al. 2023``, ``Zhong, 2024``,
#: ``Patel and Li 2024b``, written as one word too (``Frantar2022``, ``Dettmers2022b``, ``ShengY24``) (``ingest.living`` resolves
#: ``[Wu 2023]`` in the body to the entry it opens).
AUTHOR_YEAR_KEY = (r"(?:[A-Z][\w'’-]{1,20}(?:\s+et\s+al\.?|\s+(?:and|&)\s+[A-Z][\w'’-]{1,20})?,?\s+(?:19|20)\d{2}[a-z]?"
                   r"|[A-Z][a-z'’-]{1,20}(?:19|20)\d{2}[a-z]?"
                   # a surname, the first author's initial and a two-digit year: ``ShengY24``, ``WuB23``, ``QinR24a``
                   r"|[A-Z][a-z'’-]{1,20}[A-Z]{1,2}\d{2}[a-z]?)")
#: A reference entry led by its citation key: ``- [FastServe] Fast Distributed Inference Serving …, arXiv
#: 2305.05920``, ``- 〔12〕QuaRot: … arXiv:2404.00456``; the text between the key and the identifier is the title.
_KEYED_ENTRY = compile_lazy(r"^\s*(?:[-*+]|\d{1,3}[.)、])?\s*[\[〔【［](?P<key>[^\]〕】］<>*]{1,40})[\]〕】］](?!\()\s*(?P<title>[^\n]{8,300}?)\s*[,，.。;；]?\s*"
                          r"(?=(?:arXiv|arxiv\.org|https?://(?:www\.)?arxiv|doi|10\.48550)|\d{4}\.\d{4,5})")


def _keyed_entry(line: str) -> tuple[str, str, int] | None:
    """``(alias, title, end of title)`` of a keyed reference entry whose citation key is a work's name
    (``[FastServe]``, ``[Sarathi-Serve]``); None for a line that is no keyed entry or whose key is a
    number (``[12]``, ``〔3〕``) or an author-year key (``Dao22``, ``KLZ+23``), which name no work."""
    m = _KEYED_ENTRY.match(line)
    if not m:
        return None
    key = m.group("key").strip()
    if not re.search(r"[A-Za-z]{2}", key) or re.fullmatch(r"[A-Za-z]{1,6}\+?\d{2,4}[a-z]?", key) \
            or re.fullmatch(AUTHOR_YEAR_KEY, key):
        return None  # (an author-year key, "[Wu 2023]", "[Kwon et al. 2023]": its title is read as a plain record's)
    # "[FlashDecoding++] Hong, K., Dai, G., et al. "FlashDecoding++: Faster …." arXiv:…": authors first, the title quoted
    q = _QUOTED_TITLE.search(line, m.start("title"))
    pre = line[m.start("title"):q.start()] if q else ""
    if q and len(pre) <= 240 and re.search(r"[A-Z][\w'’\-]+,\s*[A-Z]\.", pre) and not re.search(r"(?:\b[a-z]{3,}\b\s+){3}", pre):
        return key, q.group(1).strip().rstrip(" .。,，"), q.end()
    return key, _without_authors(m.group("title")).strip(" *_—–-,;"), m.end("title")


#: Where a keyed entry's title ends and its authors, year or venue begin: ", Karpukhin et al.",
#: ". A. Agrawal, N. Kedia", ", 2020", ", NeurIPS 2023".
_AFTER_TITLE = compile_lazy(r"(?:[,.;]\s+|\s+[—–-]\s+)(?=[A-Z][\w'’\-]+(?:\s+[A-Z][\w'’\-]+)?\s+et\s+al\b|(?:[A-Z]\.\s*){1,3}[A-Z][\w'’\-]+"
                          r"|[A-Z][\w'’\-]+,\s+(?:[A-Z]\.\s*){1,3}(?:,|and|&|$)|(?:19|20)\d{2}\b|(?:in\s+)?(?:Proc\.|Proceedings|NeurIPS|ICML|ICLR|OSDI|SOSP|MLSys|ISCA|EuroSys|ACL|EMNLP)\b)")


def _without_authors(title: str) -> str:
    """A keyed entry's title without the authors, year or venue written after it."""
    m = _AFTER_TITLE.search(title)
    return title[: m.start()] if m and m.start() >= 8 else title


__all__ = [
    "AUTHOR_YEAR_KEY",
    "CITATION_SECTION_KEYS",
    "Entry",
    "LivingDoc",
    "parse_living_doc",
    "read_living_doc",
    "heading_key",
    "clean_heading",
    "slugify",
    "is_citation_title",
    "separated_record",
    "separated_title",
    "reference_title",
    "reference_authors",
]


@dataclass(frozen=True)
class Entry:
    """One block of a living document: a list item, table row, paragraph or code block.

    Attributes
    ----------
    text : str
        The lines as written, joined with ``"\\n"`` (list markers and ``|`` kept).
    line, line_end : int
        1-based, inclusive span.
    section : str or None
        Key of the innermost enclosing section, ``None`` before the first heading.
    """

    text: str
    line: int
    line_end: int
    section: str | None


@dataclass(frozen=True)
class LivingDoc:
    """What :func:`parse_living_doc` returns.

    Attributes
    ----------
    sections : tuple[Section, ...]
        Every heading in file order.
    citations : tuple[ArxivRef, ...]
        Every (line, arXiv id) mention in file order, with title/date/venue/section.
    entries : tuple[Entry, ...]
        Every block in file order.
    title : str or None
        The cleaned text of the first level-1 heading, if any.
    """

    sections: tuple[Section, ...]
    citations: tuple[ArxivRef, ...]
    entries: tuple[Entry, ...]
    title: str | None


# --------------------------------------------------------------------------
# Headings

_ATX_RE = compile_lazy(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*(?:(?<=[ \t])#+[ \t]*)?$")
_HTML_H_RE = compile_lazy(r"^\s*<h([1-6])\b[^>]*>(.*?)</h\1>\s*$", re.I)
_FENCE_RE = compile_lazy(r"^ {0,3}(`{3,}|~{3,})")
_CN_DIGITS = "零〇一二三四五六七八九十百千两"
_CN_NUM = rf"[{_CN_DIGITS}]+"
_KEYCAPS = {f"{d}\ufe0f\u20e3": str(d) for d in range(10)} | {f"{d}\u20e3": str(d) for d in range(10)}
_KEYCAPS["\U0001f51f"] = "10"

_NUM_PATTERNS: tuple[re.Pattern[str], ...] = (
    # §3.1 / § 3.1. / §七 / §七、
    re.compile(rf"^§\s*(?P<key>\d+(?:\.\d+)*|{_CN_NUM})\.?(?:[、.:：)）]\s*|\s+|$)"),
    # 第三节 / 第3章 / 第三部分
    re.compile(rf"^第\s*(?P<key>\d+|{_CN_NUM})\s*(?:节|章|部分|篇|部|条)[、.:：\s]*"),
    # （七） / (3)
    re.compile(rf"^[(（]\s*(?P<key>\d+|{_CN_NUM})\s*[)）]\s*"),
    # 七、引用列表 / 七. / 七 标题
    re.compile(rf"^(?P<key>{_CN_NUM})(?:[、.．:：]\s*|\s+)"),
    # [4.2] Page selection / 【3】 (numbers in brackets)
    re.compile(r"^[\[【〔]\s*(?P<key>\d+(?:\.\d+)*)\s*[\]】〕]\s*"),
    # S3: Weight-only quantization / S3.1: Group-wise / Sec. 3.2 Codebooks / Section 3.1 — … (a section's number)
    re.compile(r"^S(?P<key>\d{1,2}\.\d+(?:\.\d+)*)(?!\.?\d)(?:\s*[:：—–|]\s*|\.\s+|\s+[—–-]\s+)|^S(?P<one>\d{1,2})(?!\.?\d)\s*[:：]\s*"),
    re.compile(r"^(?:Sec\.?|Section)\s?(?P<key>\d{1,2}(?:\.\d+)+)(?!\.?\d)\.?(?:\s*[:：—–|]\s*|\s+|$)"),
    # Part IV: Open questions / Chapter II — … / Part 2: KV cache compression (part numbers)
    # Section 1 — Draft models
    re.compile(r"^(?:Part|Chapter|Book|Section)\s+(?P<key>[IVXLC]{1,6}|\d{1,2})\b(?!\.\d)\s*[:.—–-]?\s*"),
    # Topic 4: Verification / Topic 4.2: Tree verification / Module 3.1 — … / Ch. 2.3 … (a label word before the number)
    re.compile(r"^(?:Topic|Module|Unit|Lecture|Theme|Track|Ch\.|Chapter|Part|Section)\s*(?P<key>\d{1,2}(?:\.\d{1,2})+|\d{1,2})(?![\d.])"
               r"\s*[:.—–-]?\s*"),
    # II.3 Paged kernels / IV.1.2 …
    re.compile(r"^(?P<key>[IVXLC]{1,6}\.\d+(?:\.\d+)*)\.?(?:\s+|[:：、]\s*|$)"),
    # Part B: Sparse attention / B.3 Query-aware sparsity (parts lettered, their sections B.1, B.2)
    re.compile(r"^(?:Part|Appendix)\s+(?P<key>[A-H])\b\s*[:.—–-]?\s*"),
    re.compile(r"^(?P<key>[A-H]\.\d{1,2}(?:\.\d{1,2})*)\.?(?:\s+|[:：、]\s*|$)"),  # (not "H.264 decode offload")
    # IV. Offloading / VI. Open questions (a part numbered in Roman, its sections IV.1, IV.2)
    re.compile(r"^(?P<key>[IVX]{1,5})\.\s+(?=\S)"),
    # 3.1 Foo / 3.1. Foo / 3. Foo / 3) Foo / 3、Foo
    re.compile(r"^(?P<key>\d+(?:\.\d+)+)\.?(?:\s*节\s*|\s+|[:：、)）/]\s*|$)"),  # also 4.2) Preemption, 6.1/ Tree
    re.compile(r"^(?P<key>\d{1,3})(?:[.)、:：/]\s*|\s+)(?=\S)"),
)
_BACKLINK_RE = compile_lazy(r"\(\s*\[[^\[\]]*+\]\(#[^)\[]*+\)\s*\)")  # ([©️back👆🏻](#paperlist))
_LINK_RE = compile_lazy(r"!?\[([^\[\]]*+)\]\([^)\[]*+\)")  # no bracket inside: linear in [[[[… (issue 23)
_TAG_RE = compile_lazy(r"<[^>]+>")
_CITATION_TITLE_RE = compile_lazy(
    r"^(?:(?:参考|引用|引文|被引)(?:论文|文献|资料|列表|清单|链接)*|(?:论文|文献)(?:列表|清单)?|papers?|paper list|list of papers|"
    r"reading list|references?|refs?\.?|citations?|bibliography|works cited|cited\s*$|cited (?:works|papers?|literature|articles|sources)|"
    r"(?:papers?|works|articles|literature) (?:cited|referenced)|sources|further reading|literature|"
    r"footnotes|endnotes|notes and references|参考|脚注|尾注)"
    r"(?:$|[\s:：(（\-—])",
    re.I,
)
#: ``<summary>References</summary>``: a folded block whose summary names it (a section without a heading).
_SUMMARY_RE = compile_lazy(r"<summary>\s*(?:<[^>]+>\s*)*(?P<title>[^<]{1,80}?)\s*(?:<[^>]+>\s*)*</summary>", re.I)
#: Keys of ``§``-numbered sections that are the citation list by convention
#: (the curators' own living document keeps its reference list in ``§七``).
#: Used only for a bare ``§七`` heading; when the heading has a title, the
#: title decides (``§七 引用列表`` yes, ``§七 附录`` no).
CITATION_SECTION_KEYS = frozenset({"七"})


def _is_decoration(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat in ("So", "Sk", "Mn", "Me", "Cf", "Zs", "Co", "Cs") or ch in "\ufe0f\u200d\t "


def _strip_decoration(text: str) -> str:
    """Drop leading and trailing emoji, variation selectors and spaces."""
    i, j = 0, len(text)
    while i < j and _is_decoration(text[i]):
        i += 1
    while j > i and _is_decoration(text[j - 1]):
        j -= 1
    return text[i:j]


def clean_heading(raw: str) -> str:
    """Readable heading text: back-links, link syntax, HTML tags, emphasis and emoji removed.

    Parameters
    ----------
    raw : str
        Heading text after the ``#`` marks, e.g. ``"📖Trending LLM/VLM Topics ([©️back👆🏻](#paperlist))"``.

    Returns
    -------
    str
        e.g. ``"Trending LLM/VLM Topics"``.  The section number is *not* removed
        (see :func:`heading_key`).
    """
    text = _BACKLINK_RE.sub("", raw)
    text = _LINK_RE.sub(r"\1", text)
    text = _TAG_RE.sub("", text)
    text = re.sub(r"(\*\*|__|`)", "", text)
    text = re.sub(r"\s+", " ", text)
    return _strip_decoration(text.strip())


def slugify(title: str) -> str:
    """Lower-case slug of a heading: letters, digits and CJK kept, the rest to ``-``.

    Parameters
    ----------
    title : str
        Cleaned heading text.

    Returns
    -------
    str
        ``"Trending LLM/VLM Topics"`` -> ``"trending-llm-vlm-topics"``; ``"section"``
        when nothing is left.
    """
    out = []
    for ch in unicodedata.normalize("NFKC", title).lower():
        out.append(ch if (ch.isalnum() and unicodedata.category(ch) != "No") else "-")
    slug = re.sub(r"-+", "-", "".join(out)).strip("-")
    return slug or "section"


def heading_key(raw: str) -> tuple[str | None, str, bool]:
    """Split a heading into its number key and title.

    Parameters
    ----------
    raw : str
        Heading text after the ``#`` marks (``"§3.1 调度算法"``, ``"七、引用列表"``,
        ``"1️⃣ Pruning / Evicting / Sparse"``, ``"📖Trending LLM/VLM Topics (...)"``).

    Returns
    -------
    tuple[str | None, str, bool]
        ``(key, title, section_sign)``: ``key`` is the normalised number
        (``"3.1"``, ``"3"``, ``"七"``, ``"1"``) or ``None`` for an unnumbered
        heading; ``title`` the cleaned text without the number;
        ``section_sign`` whether the number was written with ``§``.
    """
    text = clean_heading(raw)
    stripped = text
    for cap, digit in _KEYCAPS.items():
        if stripped.startswith(cap):
            return digit, _strip_decoration(stripped[len(cap):].strip()), False
    # keycap after a decoration-stripped start (e.g. "1️⃣" already at the front)
    m = re.match(r"^(\d)\ufe0f?\u20e3\s*", stripped)
    if m:
        return m.group(1), stripped[m.end():].strip(), False
    for pat in _NUM_PATTERNS:
        m = pat.match(stripped)
        if m:
            key = (m.group("key") or m.groupdict().get("one") or "").rstrip(".")
            # "1.3 — Tree verification", "2.1 · Tiling": a dash or a dot between the number and the title
            title = _strip_decoration(re.sub(r"^[—–·•|-]+\s*", "", stripped[m.end():].strip()))
            return key, title, stripped.startswith("§")
    return None, text, False


_CN_TOP = compile_lazy(r"^(?:[一二三四五六七八九十]{1,3}[、.．]|第[一二三四五六七八九十]{1,3}(?:部分|章|篇|部))")
_CN_SUB = compile_lazy(r"^[（(]\s*[一二三四五六七八九十]{1,3}\s*[)）]")


def _cn_outline(titles: list[str]) -> bool:
    """Whether headings ``titles`` (cleaned) are a Chinese outline: a ``（二）`` heading under a ``三、`` one, or an
    Arabic ``4.1`` heading under a ``四、`` one (chapters in Chinese numerals, sections numbered as they are cited)."""
    top: str | None = None
    for t in titles:
        if _CN_TOP.match(t):
            top = arabic_key(re.search(r"[一二三四五六七八九十]{1,3}", t).group(0))  # type: ignore[union-attr]
        elif top is not None and (_CN_SUB.match(t) or re.match(rf"{re.escape(top)}\.\d", t)):
            return True
    return False


def _footnote_list(lines: list[str], head: int, end: int) -> bool:
    """Whether the section under the heading at line ``head`` (to ``end``, 1-based) is a list of footnote definitions
    that cite papers (``## Notes`` over ``[^5]: Cost-Efficient … CachedAttention. arXiv:2403.19708.``): two or
    more, and most of its lines."""
    body = [t for t in lines[head:end] if t.strip()]
    notes = sum(1 for t in body if _FOOTNOTE_DEF.match(t) and find_arxiv_ids(t))
    return notes >= 2 and notes * 2 >= len(body)


_FOOTNOTE_DEF = compile_lazy(r"^\s*\[\^[^\]\s]{1,40}\]:\s*\S")


def is_citation_title(title: str) -> bool:
    """Whether a cleaned heading title names a reference list.

    Parameters
    ----------
    title : str
        Heading title without number.

    Returns
    -------
    bool
        True for titles starting with 引用列表, 参考文献, 参考资料, References,
        Citations, Bibliography, Works cited, Cited (any case).
    """
    return bool(_CITATION_TITLE_RE.match(title.strip()))


# --------------------------------------------------------------------------
# Blocks

_BIB_START_RE = compile_lazy(r"^\s*@\w+\s*\{\s*[^,\s]+\s*,")
_BIB_TITLE_RE = compile_lazy(r"(?im)^\s*title\s*=\s*[{\"](.+?)[}\"]\s*,?\s*$")
_BOLD_LINE_RE = compile_lazy(r"^\s*(?:\*\*|__)([^*_\n]{1,100}?)[:：]?(?:\*\*|__)\s*$")
_OUTLINE_NUM_RE = compile_lazy(r"^(\d{1,2}(?:\.\d{1,2}){0,3}\.?)\s+\S")
_LIST_RE = compile_lazy(r"^(\s*)(?:[-*+]|\d{1,9}[.)]|\[\d{1,4}\])(?:\s+|$)")
_TABLE_SEP_RE = compile_lazy(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_HR_RE = compile_lazy(r"^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$")
_HTML_ONLY_RE = compile_lazy(r"^\s*(?:<[^>]+>\s*)+$")


def _is_table_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def _split_cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", body)]


# --------------------------------------------------------------------------
# Citation fields

_GENERIC_LINK_TEXT = compile_lazy(
    r"^\s*\[?\s*(?:pdf|paper|arxiv|abs|link|url|html|here|论文|论文地址|原文|链接|code|report|blog|\d{4}\.\d{4,5}(?:v\d+)?)\s*\]?\s*$",
    re.I,
)
_DATE_CELL_RE = compile_lazy(r"^(?:19|20)\d{2}[.\-/](?:0[1-9]|1[0-2])$")
_LEAD_DATE_RE = compile_lazy(r"^\s*(?:[-*+]|\d+[.)])?\s*\[?((?:19|20)\d{2}[.\-/](?:0[1-9]|1[0-2]))\]?(?=[\s:：|\]])")
_VENUE_RE = compile_lazy(
    r"\*(?!\*)[^*]+?\*(?!\*)\s*(?P<venue>[A-Za-z][^\[\]*|<>]*?\b(?:19|20)\d{2}\b[^\[\]*|<>.]*?)\s*\.?\s*(?:\[|<|$)",
    re.S,
)
_AFFIL_RE = compile_lazy(r"\s*\(\s*@[^()]*(?:\([^()]*\)[^()]*)*\)\s*$")
_LEAD_TAG_RE = compile_lazy(r"^\[([^\]]*)\]\s*")


def _clean_title(text: str) -> str:
    text = _TAG_RE.sub("", text)
    text = re.sub(r"(\*\*|__|`)", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = _strip_decoration(text)
    # a GB/T 7714 record's document-type mark is no part of the title: "Native Sparse Attention: …[J]", "…[C]//…", "[EB/OL]"
    text = re.sub(r"\s*\[(?:J|C|M|D|R|S|P|N|A|G|Z|EB/OL|DB/OL|J/OL|C/OL|M/OL)\](?://.*)?$", "", text.rstrip(" .。"))
    return text.rstrip(" .。").strip()


@functools.lru_cache(maxsize=16)
def _line_links(line: str) -> tuple[list[int], list[re.Match[str]]]:
    """The Markdown links of ``line`` (``_MD_LINK_RE``, disjoint, in order) and their start offsets.

    Cached for the few lines being read: each identifier of a line asks for the link around it,
    and a fresh scan per identifier made a line of 16,000 linked identifiers take minutes.
    """
    links = list(_MD_LINK_RE.finditer(line))
    return [m.start() for m in links], links


def _link_around(line: str, start: int, end: int, group: int = 0) -> re.Match[str] | None:
    """The Markdown link of ``line`` whose whole span (``group=0``) or target (``group=2``) contains
    ``line[start:end]``, or ``None``.  Links are disjoint, so only the last one starting at or
    before ``start`` can: a binary search."""
    starts, links = _line_links(line)
    i = bisect.bisect_right(starts, start) - 1
    if i >= 0 and links[i].start(group) <= start and end <= links[i].end(group):
        return links[i]
    return None


@functools.lru_cache(maxsize=16)
def _first_id_start(line: str) -> int:
    """Offset of the first arXiv identifier of ``line`` (``find_arxiv_ids``), or -1 (cached as above)."""
    found = find_arxiv_ids(line)
    return found[0].start if found else -1


def _link_title(line: str, start: int, end: int) -> str | None:
    """Text of the Markdown link whose target contains ``line[start:end]``."""
    m = _link_around(line, start, end, group=2)
    if m is None:
        return None
    text = m.group(1)
    if _GENERIC_LINK_TEXT.match(text) or text.startswith("!["):
        return None
    title = _clean_title(text)
    return title or None


def _table_title(cell: str) -> str | None:
    """Title column of a table row: ``🔥[**vLLM**] Efficient ...(@UC Berkeley)`` -> ``Efficient ...``."""
    text = _strip_decoration(cell.strip())
    text = text.lstrip("🔥 ").strip()
    tag = None
    m = _LEAD_TAG_RE.match(text)
    if m:
        tag = m.group(1)
        text = text[m.end():]
    text = _AFFIL_RE.sub("", text)
    title = _clean_title(text)
    if not title and tag:
        title = _clean_title(tag)
    return title or None


def _is_identifier_only(text: str) -> bool:
    """Whether ``text`` is nothing but arXiv identifiers and punctuation (``arXiv:2205.14135v2``)."""
    found = find_arxiv_ids(text)
    if not found:
        return False
    rest = text
    for m in reversed(found):
        rest = rest[:m.start] + rest[m.end:]
    return not re.sub(r"[\W_]+", "", rest)


#: A record led by a work's short name in bold, then its title: ``- **SnapKV** — SnapKV: LLM Knows … Generation, arXiv:ID``,
#: ``- **H2O**: H2O: Heavy-Hitter Oracle …, arXiv:ID`` (the text before the identifier).
_BOLD_NAMED = compile_lazy(r"^\s*(?:[-*+]|\d{1,3}[.)])?\s*\*\*(?P<name>[^*\n]{1,40}?)\*\*\s*(?:[—–:：]|\s-)\s*(?P<title>[^\n]{8,300}?)"
                         r"\s*[,，.。;；—–-]?\s*[(（]?\s*(?:arXiv\s*[:：]?\s*|<?https?://\S*?)?$", re.IGNORECASE)


def _bold_named_record(line: str, start: int) -> tuple[str, str] | None:
    """``(short name, title)`` of a record led by the work's short name in bold whose title follows it
    (``- **SnapKV** — SnapKV: LLM Knows What You are Looking for Before Generation, arXiv:2404.14469``), the
    identifier at ``start``; else None.  The bold text is the name the document calls the work by, not its title."""
    m = _BOLD_NAMED.match(line[:start])
    if not m:
        return None
    title = _field_title(m.group("title").strip().rstrip(".,，。—–-").strip())
    name = _clean_title(m.group("name"))
    if not title or not name or not (":" in title or "：" in title or len(title.split()) >= 3) or find_arxiv_ids(title):
        return None
    # a title, not a description ("- **vLLM**：PagedAttention 把 KV 分页…（arXiv:…）"): it opens with the name
    # ("SnapKV: LLM Knows …") or is written in title case ("Efficient Streaming Language Models with Attention Sinks")
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", title) if len(w) >= 4]
    cased = bool(words) and sum(1 for w in words if w[0].isupper()) * 10 >= len(words) * 7
    if not (title.casefold().startswith(name.casefold()) or cased) or re.search(r"[。；;]|[\u4e00-\u9fff]{3}", title):
        return None
    return name, title


def _bold_title(text: str) -> str | None:
    m = re.search(r"\*\*(.+?)\*\*", text)
    if m:
        title = _clean_title(_LINK_RE.sub(r"\1", m.group(1)))
        if _is_identifier_only(title):
            return None
        return title or None
    return None


# Separated records: ``- arXiv:2205.14135 · FlashAttention: ... · 2022-05 · NeurIPS 2022``

#: Field separators of a separated record: middle dot and look-alikes, ASCII and full-width bar.
_RECORD_SEPS = "·•・∙‧|｜—–"
#: What may come before the identifier at the head of a record line: blockquote marks, a list
#: marker, a task box, a table's opening bar, then opening emphasis / ``[`` / ``<``.
_RECORD_HEAD_RE = compile_lazy(
    r"^\s*(?:>\s*)*(?:(?:[-*+•]|\d{1,9}[.)])\s+|\d{1,9}、\s*)?(?:\[[ xX]\]\s+)?\|?[\s*_`\[<]*"
)
#: What may follow the identifier before the separator: closing emphasis, ``]``, ``>``, and the
#: ``(target)`` of a link whose text was the identifier.
_RECORD_TAIL_RE = compile_lazy(r"^(?:[*_`>]+|\](?:\([^)\s]*\))?)*")
_MD_LINK_RE = compile_lazy(r"\[((?:[^\[\]]|\[[^\[\]]*+\])*+)\]\(([^)\s\[]*+)\)")  # linear in [[[[… (issue 23)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_YEAR = r"(?:19|20)\d{2}"
_DATE_FIELD_RE = compile_lazy(
    rf"^[\[(（]?(?:{_YEAR}(?:\s*[.\-/年]\s*\d{{1,2}}(?:\s*[.\-/月]\s*\d{{1,2}})?\s*[月日]?)?"
    rf"|{_MONTH}\s*(?:\d{{1,2}},?\s*)?{_YEAR}|\d{{1,2}}\s+{_MONTH}\s*,?\s*{_YEAR})[\])）]?$",
    re.I,
)
#: Venue names (lower case) that make up a venue field together with :data:`_VENUE_FILLER` words.
_VENUE_NAMES = frozenset("""
    neurips nips icml iclr acl emnlp naacl eacl coling colm aistats uai colt cvpr iccv eccv wacv
    aaai ijcai kdd www sigir sigmod vldb pvldb icde sosp osdi nsdi atc eurosys asplos isca micro
    hpca mlsys sc ppopp dac iccad fast socc middleware tmlr jmlr tacl tpami arxiv corr openreview
    preprint
""".split())
_VENUE_FILLER = frozenset("""
    usenix acm ieee proc proceedings of the in at to conference workshop workshops findings main
    track industry short long paper papers oral spotlight poster submitted under review accepted
    and camera ready
""".split())
_NAME_PARTICLES = frozenset({"van", "von", "de", "der", "den", "da", "di", "del", "du", "la", "le", "bin", "al"})


def _is_date_field(text: str) -> bool:
    """``2022-05``, ``2023``, ``2022.05.27``, ``2022年5月``, ``May 2022``, ``27 May 2022``, ``(2023)``."""
    return bool(_DATE_FIELD_RE.match(text.strip()))


def _is_venue_field(text: str) -> bool:
    """``NeurIPS 2022``, ``OSDI '24``, ``arXiv preprint``, ``Findings of ACL 2024``, ``ICLR (Oral)``.

    A field is a venue when it has no colon and either (a) holds a year with at most four
    words, or (b) every word is a venue name, a filler word or a year and one is a venue name.
    """
    if ":" in text or "：" in text:
        return False
    words = [w for w in re.split(r"[\s()\[\],;/]+", text.lower()) if w]
    if not words:
        return False
    year = re.compile(rf"^(?:{_YEAR}|'\d{{2}})$")
    if len(words) <= 4 and any(year.match(w.strip(".")) for w in words):
        return True
    names = [w.strip(".'") for w in words]
    return any(w in _VENUE_NAMES for w in names) and all(
        w in _VENUE_NAMES or w in _VENUE_FILLER or year.match(w) or not w for w in names
    )


def _is_name(part: str) -> bool:
    """A personal name written in Latin script: 2-5 capitalised words or initials (``Daniel Y. Fu``)."""
    tokens = part.split()
    if not 2 <= len(tokens) <= 5:
        return False
    for tok in tokens:
        if tok.lower() in _NAME_PARTICLES:
            continue
        core = tok.strip(".")
        if not core or not core[0].isupper() or not all(ch.isalpha() or ch in "-'’." for ch in core):
            return False
    return True


#: ``Smith, J.``, ``Smith, J. A. and Doe, K.``, ``Dao, T.; Fu, D. Y.``: surnames with initials (APA, IEEE).
_INITIALS = r"(?:[A-Z]\.\s*-?\s*)*[A-Z]\.?"
_SURNAME_INITIALS = rf"[A-Z][\w'’-]+,\s*{_INITIALS}"
_SURNAME_INITIALS_RE = compile_lazy(
    rf"{_SURNAME_INITIALS}(?:\s*(?:[,;&]|\band\b)\s*{_SURNAME_INITIALS})*(?:\s*,?\s*et\s+al\.?)?")


#: One surname as an author list writes it, with its particle (``Del Corro``, ``van der Berg``, ``de Jong``).
_SURNAME = r"(?:(?:[Dd]e|[Dd]el|[Dd]ella|[Dd]er|[Vv]an|[Vv]on|[Dd]a|[Dd]i|[Ll]e|[Ll]a|[Dd]u|[Dd]os|[Tt]er|[Dd]en)\s+){0,2}[A-Z][\w'’-]{1,20}"


def _is_author_field(text: str) -> bool:
    """``Dao et al.``, ``Zijie Zhou 等``, ``作者：…``, ``by …``, ``Tri Dao, Daniel Y. Fu, Stefano Ermon``,
    ``Smith, J.``."""
    t = text.strip()
    if re.search(r"\bet\s+al\b", t, re.I) or re.search(r"等人?\.?$", t):
        return True
    if re.fullmatch(rf"{_SURNAME}(?:\s*,\s*{_SURNAME}){{2,}}", t):
        return True  # surnames only: ``Xiao, Tian, Chen, Han, Lewis``, ``Del Corro, Del Giorno, Agarwal``
    if _SURNAME_INITIALS_RE.fullmatch(t):
        return True
    if re.match(r"^(?:authors?\s*[:：]|作者)", t, re.I):
        return True
    by = re.match(r"^by\s+", t, re.I)
    if by:  # ``by Tri Dao``, ``by Tri Dao, Dan Fu`` -- not ``By the Numbers: ...``
        rest = t[by.end():]
        return _is_name(rest) or _is_author_field(rest)
    if ":" in t or "：" in t or not re.search(r"[,，、]", t):
        return False
    parts = [p.strip() for p in re.split(r"[,，、;；]|\band\b|&", t) if p.strip()]
    return len(parts) >= 2 and all(_is_name(p) for p in parts)


def _field_title(field: str) -> str | None:
    """The title written in one record field, or ``None`` when the field is not a title."""
    text = field.strip()
    whole = _MD_LINK_RE.fullmatch(text)
    if whole and (_GENERIC_LINK_TEXT.match(whole.group(1)) or not whole.group(1).strip()):
        return None  # ``[code](https://github.com/...)``
    text = _MD_LINK_RE.sub(lambda m: m.group(1), text)
    if re.search(r"(?:https?|ftp)://|\bwww\.", text, re.I) or find_arxiv_ids(text):
        return None
    title = _clean_title(text)
    title = re.sub(r"^[*_]+|[*_]+$", "", title).strip()
    title = title.strip("\"'“”‘’「」『』《》").rstrip(" .。").strip()
    title = re.sub(r"^[(（][^()（）]{2,40}(?:19|20)\d{2}[)）]\s*", "", title)  # "(Liu 2023) Ring Attention …": the key first
    paren = re.fullmatch(r"(.*?\S)\s*[(（]([^()（）]+)[)）]", title)
    if paren and (_is_author_field(paren.group(2)) or _is_date_field(paren.group(2))):
        title = paren.group(1).rstrip(" .。,，").strip()  # ``Title (Kaplan et al.)``, ``Title (2020)``
    if not title or not any(ch.isalpha() for ch in title):
        return None
    if re.fullmatch(r"v\d+", title, re.I) or _GENERIC_LINK_TEXT.match(title):
        return None
    if _is_date_field(title) or _is_venue_field(title) or _is_author_field(title):
        return None
    return title


def separated_title(line: str, start: int, end: int) -> str | None:
    """Title of a citation written as a separated record: ``arXiv:ID · Title · YYYY-MM [· venue]``.

    Parameters
    ----------
    line : str
        One line of a living document, e.g.
        ``"- arXiv:2205.14135 · FlashAttention: Fast and ... · 2022-05 · NeurIPS 2022"``.
    start, end : int
        Span of the identifier in ``line``, as given by :func:`ingest.arxiv.find_arxiv_ids`
        (``arXiv:2205.14135v2``, ``https://arxiv.org/abs/2205.14135``, or a whole
        ``[arXiv:2205.14135](https://arxiv.org/abs/2205.14135)`` link).

    Returns
    -------
    str or None
        The field after the identifier, up to the next separator, stripped of Markdown
        emphasis, quotes and a trailing full stop.  ``None`` when the line is not such a
        record or that field is not a title.

    Notes
    -----
    The format followed:

    * the identifier opens the line (after blockquote marks, a list marker ``-``/``*``/``+``/
      ``1.``/``1)``/``1、``, a task box ``[ ]``, and opening ``**``/``*``/`` ` ``/``[``/``<``); it may
      be a Markdown link whose text or target is the identifier, with or without a version;
    * the separator written right after it -- ``·`` (or ``•``/``・``/``∙``/``‧``), ``|`` or ``｜``
      -- splits the rest of the line; when it has spaces on both sides only a spaced
      separator ends the title (so ``Jean·Paul`` inside a title is kept);
    * the title is the field right after the identifier; no other field is tried, so when the
      title is missing (``arXiv:ID · 2022-05``) there is none;
    * title first, ``- Title · arXiv:ID [· YYYY-MM · venue]``: with a spaced dot-like separator
      (not a bar: bars are table cells) right before the identifier, no link or other arXiv
      mention before it, and nothing but that separator's fields after it, the title is the
      field right before the identifier.  The field is rejected when it
      is a date (``2022-05``, ``2023``, ``May 2022``), a URL or a link with generic text
      (``[code](...)``), another identifier, a venue (``NeurIPS 2022``, ``arXiv preprint``),
      an author list (``Dao et al.``, ``Tri Dao, Daniel Y. Fu``, ``作者：…``) or a version.

    Examples
    --------
    >>> separated_title("- arXiv:2205.14135v2 · FlashAttention: Fast · 2022-05 · NeurIPS 2022", 2, 20)
    'FlashAttention: Fast'
    >>> separated_title("- arXiv:2205.14135 · 2022-05 · NeurIPS 2022", 2, 18) is None
    True
    >>> separated_title("- FlashAttention: Fast · arXiv:2205.14135 · 2022-05", 25, 41)
    'FlashAttention: Fast'
    """
    return separated_record(line, start, end)[0]


#: separators of a title-first record (``Title · arXiv:ID``): the dot-like ones; bars are table cells
_DOT_SEPS = "·•・∙‧"


def _title_first_fields(line: str, head: int, start: int, end: int) -> tuple[list[str], list[str]]:
    """``(before, after)`` fields of a title-first record, ``- Title · arXiv:ID [· YYYY-MM · venue]``:
    ``before`` nearest the identifier first, ``after`` in line order; ``([], [])`` when ``line`` is
    not one.  The identifier (spanning ``start:end``; ``head`` is where the line's text starts) must
    follow a spaced dot-like separator, the text before it must hold no link or other arXiv mention,
    and the identifier must end the line or be followed by the same separator.
    """
    if _first_id_start(line) < start:  # another identifier before this one: not this format
        return [], []
    before = line[head:start]
    m = re.search(rf"\s([{_DOT_SEPS}—–])\s+[*_`\[<]*(?:arXiv\s*[:：]?\s*)?$", before)  # ("Title — Authors — arXiv:ID")
    if m is None or not before[:m.start()].strip():
        return [], []
    sep = m.group(1)
    fields = [f.strip() for f in re.split(rf"\s+{re.escape(sep)}\s+", before[:m.start()].strip())]
    if any("](" in f or "arxiv" in f.lower() or "|" in f or "｜" in f for f in fields):
        return [], []
    if sep in "—–" and any("[" in f or "]" in f for f in fields):
        return [], []  # "- [Mooncake] Mooncake: … — 2407.00079": a keyed entry, read as one (``_keyed_entry``)
    tail = line[end:]
    tail = tail[_RECORD_TAIL_RE.match(tail).end():].strip()
    if tail and not tail.startswith(sep):
        return [], []
    after = [f.strip() for f in re.split(rf"\s*{re.escape(sep)}\s*", tail)[1:]] if tail else []
    return fields[::-1], [f for f in after if f]


def _record_fields(line: str, start: int, end: int) -> tuple[list[str], list[str]]:
    """``(before, after)``: the fields of the separated record whose identifier spans ``start:end``,
    or ``([], [])`` when ``line`` is not one.  ``after`` holds the fields after the identifier
    (the format: :func:`separated_title`); ``before`` is empty but in a title-first record
    (:func:`_title_first_fields`), where it holds the fields before it, nearest first."""
    lm = _link_around(line, start, end)  # the identifier as (part of) a link: the link is the token
    if lm is not None:
        start, end = lm.start(), lm.end()
    head = _RECORD_HEAD_RE.match(line).end()
    if head < start:
        return _title_first_fields(line, head, start, end)
    tail = line[end:]
    tail = tail[_RECORD_TAIL_RE.match(tail).end():]
    m = re.match(rf"(\s*)([{re.escape(_RECORD_SEPS)}])(\s*)", tail)
    if m is None or (m.group(2) in "—–" and not (m.group(1) and m.group(3))):
        return [], []  # a dash separates fields only with spaces around it (``arXiv:ID — Title``)
    sep = re.escape(m.group(2))
    rest = tail[m.end():]
    spaced = bool(m.group(1)) and bool(m.group(3))
    fields = re.split(rf"\s+{sep}\s+" if spaced else rf"\s*{sep}\s*", rest)
    if m.group(2) in "|｜":
        fields = re.split(r"(?<!\\)[|｜]", fields[0], maxsplit=1)[:1]  # a table cell ends at the next bar
    return [], [f.strip() for f in fields]


_PAREN_RECORD = compile_lazy(r"^\s*(?:[-*+]\s+|\d{1,3}[.)、]\s*)?(?:\[\d{1,3}\]\s*)?(?P<t>[^\[\]（()）]{6,240}?)\s*[（(](?P<p>[^（()）]{2,80})[)）]"
                           r"\s*[,，.。;；]?\s*(?:arXiv\s*[:：]?\s*|https?://\S*?)?$", re.IGNORECASE)


def _paren_record_title(line: str, start: int) -> str | None:
    """The title of a record written ``- [7] Title（He 等，2024）arXiv:ID`` or ``Title (Kwon et al., 2023) arXiv:ID``:
    the text before the bracket of authors and year, right before the identifier; else None."""
    m = _PAREN_RECORD.match(line[:start])
    if not m or not (re.search(r"(?:19|20)\d{2}", m.group("p")) or _is_author_field(m.group("p"))):
        return None
    return _field_title(m.group("t"))


def separated_record(line: str, start: int, end: int) -> tuple[str | None, str | None, str | None]:
    """``(title, date, venue)`` of a citation written as a separated record (see :func:`separated_title`).

    The title is :func:`separated_title`'s; the date is the first later field that is a date
    (``2022-05``, ``May 2022``) and the venue the first later field that is a venue
    (``NeurIPS 2022``), each as written.  ``(None, None, None)`` when the line is not such a
    record.

    >>> separated_record("- arXiv:2205.14135 · FlashAttention: Fast · 2022-05 · NeurIPS 2022", 2, 18)
    ('FlashAttention: Fast', '2022-05', 'NeurIPS 2022')
    >>> separated_record("1. FlashAttention: Fast · arXiv:2205.14135 · NeurIPS 2022 · 2022-05", 26, 42)
    ('FlashAttention: Fast', '2022-05', 'NeurIPS 2022')
    """
    before, after = _record_fields(line, start, end)
    if before:  # title-first: ``Title · arXiv:ID · YYYY-MM``
        title = _field_title(before[0])
        if title is None and len(before) > 1:
            title = _field_title(before[-1])  # ``Title — Authors — arXiv:ID``: the authors nearest, the title first
        later = [*after, *before[1:]] if title is not None else [*after, *before]
    elif after:
        title = _field_title(after[0])
        later = after[1:] if title is not None else after
    else:
        return None, None, None
    date = next((f for f in later if _is_date_field(f)), None)
    venue = next((f for f in later if f != date and _is_venue_field(f)), None)
    return title, date, venue


@dataclass
class _Table:
    title_col: int | None = None
    date_col: int | None = None


# --------------------------------------------------------------------------
# Parser

def parse_living_doc(text: str) -> LivingDoc:
    """Parse a living document into sections, entries and arXiv citations.

    Parameters
    ----------
    text : str
        The whole Markdown file (any newline convention).

    Returns
    -------
    LivingDoc
        ``sections`` (every heading, file order, spans per the module rules),
        ``entries`` (every block, file order), ``citations`` (one
        :class:`~ingest.models.ArxivRef` per (line, id), file order, each with
        ``title`` from the table title column / link text / the field after the
        id in a separated record (:func:`separated_title`) / bold text (a bold
        name is dropped when the document titles the work otherwise), ``date``
        from a ``YYYY.MM`` date column or leading date, ``venue`` from the text
        after the italic author list, ``section`` the innermost section key) and
        ``title`` (first level-1 heading).

    Raises
    ------
    Nothing: every text parses (unknown shapes become paragraphs).

    Notes
    -----
    ATX headings per CommonMark 0.31 §4.2; arXiv identifiers per
    :mod:`ingest.arxiv`.  Keys of unnumbered headings are slugs made unique in
    file order; numbered keys are kept even when repeated.

    Examples
    --------
    >>> doc = parse_living_doc("## §三 调度\\n### 3.1 算法\\n- [**vLLM**](https://arxiv.org/abs/2309.06180)\\n")
    >>> [(s.key, s.title, s.parent) for s in doc.sections]
    [('三', '调度', None), ('3.1', '算法', '三')]
    >>> [(c.arxiv_id, c.title, c.section) for c in doc.citations]
    [('2309.06180', 'vLLM', '3.1')]
    """
    lines = text.splitlines()
    n = len(lines)

    # ---- pass 1: headings (outside code fences)
    heads: list[tuple[int, int, str]] = []  # (line_no, level, raw)
    fences: dict[int, int] = {}  # first line -> last line of a fenced code block
    open_fence: tuple[int, str] | None = None
    for i, line in enumerate(lines, start=1):
        fm = _FENCE_RE.match(line)
        if open_fence is not None:
            start, marker = open_fence
            if fm and fm.group(1)[0] == marker[0] and len(fm.group(1)) >= len(marker) \
                    and not line.strip()[len(fm.group(1)):].strip():
                fences[start] = i
                open_fence = None
            continue
        if fm:
            open_fence = (i, fm.group(1))
            continue
        m = _ATX_RE.match(line)
        if m:
            heads.append((i, len(m.group(1)), m.group(2) or ""))
            continue
        m = _HTML_H_RE.match(line)
        if m:
            heads.append((i, int(m.group(1)), m.group(2)))
            continue
        m = _SUMMARY_RE.search(line)
        if m and is_citation_title(clean_heading(m.group("title"))):
            # a folded reference list: a section one level below the heading it sits under
            level = min(6, (heads[-1][1] + 1) if heads else 2)
            heads.append((i, level, m.group("title")))
    if open_fence is not None:  # unclosed fence runs to the end (CommonMark)
        fences[open_fence[0]] = n
    # A document that writes its outline as bold lines ("**1.1 Continuous batching**", "**Works cited**")
    # rather than Markdown headings: those lines are its headings (level from the outline number).
    below_title = [h for h in heads if h[1] > 1]
    if len(below_title) < 2:
        in_fence = {k for a, b in fences.items() for k in range(a, b + 1)}
        bold = [(i, m.group(1).strip()) for i, line in enumerate(lines, start=1)
                if i not in in_fence and (m := _BOLD_LINE_RE.match(line))]
        if len(bold) >= 2 and sum(1 for _i, t in bold if _OUTLINE_NUM_RE.match(t)) >= 2:
            for i, t in bold:
                num = _OUTLINE_NUM_RE.match(t)
                level = min(6, 1 + len(num.group(1).strip(".").split("."))) if num else 2
                heads.append((i, level, t))
            heads.sort()

    # A Chinese outline (``## 三、树状草稿`` over ``### （二）动态树``): its sections are numbered in Arabic
    # digits as a reader cites them ("第三章第二节", "§3.2"): 三 is 3 and the （二） under it 3.2.
    cn_outline = _cn_outline([clean_heading(raw) for _ln, _lv, raw in heads])
    sections: list[Section] = []
    used: dict[str, int] = {}
    stack: list[Section] = []
    head_lines: set[int] = set()
    doc_title: str | None = None
    for idx, (ln, level, raw) in enumerate(heads):
        head_lines.add(ln)
        end = n
        for ln2, level2, _ in heads[idx + 1:]:
            if level2 <= level:
                end = ln2 - 1
                break
        key, title, sign = heading_key(raw)
        if key is None:
            base = slugify(title)
            used[base] = used.get(base, 0) + 1
            key = base if used[base] == 1 else f"{base}-{used[base]}"
        while stack and stack[-1].level >= level:
            stack.pop()
        parent = stack[-1].key if stack else None
        citation = is_citation_title(title) or (sign and key in CITATION_SECTION_KEYS and not title) or _footnote_list(lines, ln, end)
        if cn_outline and key is not None:
            written = clean_heading(raw)
            if _CN_SUB.match(written) and parent is not None and re.fullmatch(r"\d+(?:\.\d+)*", parent):
                key = f"{parent}.{arabic_key(key)}"
            elif _CN_TOP.match(written):
                key = arabic_key(key)
        sec = Section(key=key, title=title, level=level, line=ln, line_end=end, parent=parent,
                      is_citation_list=citation)
        sections.append(sec)
        stack.append(sec)
        if level == 1 and doc_title is None:
            doc_title = title or None

    # The section of each line: the last (so innermost) section whose span holds it.  Filled once, in one
    # pass over the spans (each line is in at most one section per heading level), instead of a pass over
    # every section per block, which grew with the square of a long document (issue 23).
    owner: list[str | None] = [None] * (len(lines) + 2)
    for s in sections:
        for ln in range(max(s.line, 0), min(s.line_end, len(lines) + 1) + 1):
            owner[ln] = s.key

    def section_at(line_no: int) -> str | None:
        return owner[line_no] if 0 <= line_no < len(owner) else None

    # ---- pass 2: blocks
    cite_keys = {s.key for s in sections if s.is_citation_list}
    entries: list[Entry] = []
    kinds: list[str] = []
    tables: list[_Table | None] = []
    cur: list[int] = []  # line numbers of the open block
    cur_kind = ""
    cur_table: _Table | None = None

    def flush() -> None:
        nonlocal cur, cur_kind
        if cur:
            # a paragraph of records, one a line and no list marks ("(2401.09670) DistServe: …, 2024" over "(2311.18677v2)
            # Splitwise: …"): each line is an entry of its own
            one_each = cur_kind == "para" and len(cur) >= 2 and all(
                len(ids := find_arxiv_ids(lines[j - 1])) == 1 and ids[0].start <= 4 for j in cur)
            for part in ([[j] for j in cur] if one_each else [cur]):
                entries.append(Entry("\n".join(lines[j - 1] for j in part), part[0], part[-1], section_at(part[0])))
                kinds.append(cur_kind)
                tables.append(cur_table if cur_kind == "row" else None)
        cur, cur_kind = [], ""

    i = 1
    while i <= n:
        line = lines[i - 1]
        if i in fences:
            flush()
            body_lines = list(range(i + 1, fences[i]))
            starts = [j for j in body_lines if _BIB_START_RE.match(lines[j - 1])]
            if starts:
                # a BibTeX bibliography: each @entry{…} is a record of its own
                for k, j in enumerate(starts):
                    end = (starts[k + 1] - 1) if k + 1 < len(starts) else fences[i] - 1
                    while end > j and not lines[end - 1].strip():
                        end -= 1
                    cur, cur_kind = list(range(j, end + 1)), "bib"
                    flush()
            else:
                cur, cur_kind = list(range(i, fences[i] + 1)), "code"
                flush()
            i = fences[i] + 1
            continue
        if i in head_lines or not line.strip() or _HR_RE.match(line) or _HTML_ONLY_RE.match(line):
            flush()
            cur_table = None if i in head_lines else cur_table
            i += 1
            continue
        if _is_table_row(line):
            flush()
            nxt = lines[i] if i < n else ""
            if _TABLE_SEP_RE.match(nxt) and "-" in nxt:  # header row
                cur_table = _Table()
                for c, cell in enumerate(_split_cells(line)):
                    name = _clean_title(cell).lower()
                    if cur_table.title_col is None and name in TITLE_COLUMNS:
                        cur_table.title_col = c
                    if cur_table.date_col is None and name in ("date", "日期", "time", "时间"):
                        cur_table.date_col = c
                i += 2
                continue
            if _TABLE_SEP_RE.match(line) and "-" in line:
                i += 1
                continue
            cur, cur_kind = [i], "row"
            flush()
            i += 1
            continue
        if _BIB_START_RE.match(line) and section_at(i) in cite_keys:
            # BibTeX written in the citation list without a fence ("@article{snapkv2024, title={…}, eprint={…}}" one
            # a line): each @entry a record of its own
            flush()
            cur_table = None
            cur, cur_kind = [i], "bib"
            i += 1
            continue
        if _LIST_RE.match(line) or _OWN_RECORD.match(line) or (section_at(i) in cite_keys and _PAREN_NUMBER.match(line)):
            # a footnote definition or "[3] …" too; in the citation list "(3) Kim, S., … (2023). *Title*. arXiv ID" and
            # "（3）标题，作者，arXiv:ID" written line under line with no blank line between
            flush()
            cur_table = None
            cur, cur_kind = [i], "item"
            i += 1
            continue
        # continuation of an open item/paragraph, or a new paragraph
        if cur and cur_kind == "para" and section_at(i) in cite_keys and re.match(r"\s*[A-Z\"“\[]", line) \
                and _RECORD_CLOSED.search(lines[cur[-1] - 1]) \
                and any(_ID_SHAPE.search(lines[j - 1]) or _RECORD_CLOSED.search(lines[j - 1]) for j in cur):
            # a citation list written one record per line with no list markers and no blank lines
            # (`Authors. "Title." arXiv preprint arXiv:ID (Year).`, APA's `… arXiv. https://doi.org/10.48550/arXiv.ID`):
            # after a record that wrote its identifier and ended, a line opening with a capital (the next
            # authors) is the next record
            flush()
            cur, cur_kind = [i], "para"
        elif cur and cur_kind in ("item", "para", "bib"):
            cur.append(i)
        else:
            flush()
            cur_table = None
            cur, cur_kind = [i], "para"
        i += 1
    flush()

    # ---- pass 3: citations
    found: list[tuple[ArxivRef, bool]] = []  # (citation, title taken from bold text)
    for entry, kind, table in zip(entries, kinds, tables):
        entry_lines = entry.text.split("\n")
        cells = _split_cells(entry.text) if kind == "row" else []
        date = venue = None
        row_title = None
        if kind == "row":
            if table is not None and table.date_col is not None and table.date_col < len(cells):
                date = cells[table.date_col] if _DATE_CELL_RE.match(cells[table.date_col]) else None
            if date is None:
                date = next((c for c in cells if _DATE_CELL_RE.match(c)), None)
            if table is not None and table.title_col is not None and table.title_col < len(cells):
                row_title = _table_title(cells[table.title_col])
            elif date is not None:
                k = cells.index(date)
                row_title = _table_title(cells[k + 1]) if k + 1 < len(cells) else None
        else:
            m = _LEAD_DATE_RE.match(entry.text)
            date = m.group(1) if m else None
            mv = _VENUE_RE.search(entry.text)
            if mv:
                venue = re.sub(r"\s+", " ", mv.group("venue")).strip()
        if kind in ("code", "bib"):
            date = venue = None
        bib_title = None
        if kind == "bib":
            mt = _BIB_TITLE_RE.search(entry.text)
            bib_title = re.sub(r"\\([%&_$#])", r"\1", re.sub(r"[{}]", "", mt.group(1))).strip() if mt else None
        for off, line in enumerate(entry_lines):
            seen: set[str] = set()
            keyed = _keyed_entry(line) if off == 0 and kind not in ("code", "bib") else None
            for m in find_arxiv_ids(line):
                if m.arxiv_id in seen:
                    continue
                seen.add(m.arxiv_id)
                title, from_bold, named = None, False, None
                rec_date = rec_venue = None
                if kind == "row":
                    title = row_title or _link_title(line, m.start, m.end) or separated_title(line, m.start, m.end)
                elif kind == "bib":
                    title = bib_title
                elif kind != "code":
                    rec_title, rec_date, rec_venue = separated_record(line, m.start, m.end)
                    title = _link_title(line, m.start, m.end) or rec_title or (
                        keyed[1] if keyed and keyed[2] <= m.start else None) or _paren_record_title(line, m.start)
                    named = _bold_named_record(line, m.start) if title is None else None
                    if named is not None:
                        title = named[1]
                    if title is None:
                        title = _bold_title(entry.text)
                        from_bold = title is not None
                found.append((ArxivRef(
                    arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=entry.line + off,
                    title=title, date=date or rec_date, venue=venue or rec_venue, section=entry.section,
                    alias=(alias_before(line, m.start) or (keyed[0] if keyed else None)
                           or (named[0] if named is not None else None)) if kind not in ("code", "bib") else None,
                ), from_bold))
    # Bold text (``- **vLLM**：PagedAttention ...（arXiv:2309.06180）``) is often the work's short
    # name, not its title: when the document gives the same work a title from a link, a record
    # field or a table, the bold name is not kept as a second, different title of the work.
    titled: dict[str, set[str]] = {}
    for c, from_bold in found:
        if c.title and not from_bold:
            titled.setdefault(c.arxiv_id, set()).add(normalise_title(c.title))
    citations = [
        c.model_copy(update={"title": None})
        if from_bold and c.arxiv_id in titled and normalise_title(c.title or "") not in titled[c.arxiv_id]
        else c
        for c, from_bold in found
    ]
    sections = _paper_lists(sections, entries, kinds, citations, found)
    # Reference-list entries written as plain records give their titles too: a quoted title (IEEE,
    # ``[3] A. Author, "Title," arXiv:ID``), an italic one (``Authors. *Title*. Venue.``), or the field
    # between the authors and the venue (``Liu Z 等. Title. arXiv:ID, 2024.``).
    listing = {sec.key for sec in sections if sec.is_citation_list}
    by_line = {e.line + off: e for e in entries for off in range(e.line_end - e.line + 1)}
    citations = [c if c.title or c.section not in listing or c.line not in by_line
                 else c.model_copy(update={"title": reference_title(by_line[c.line].text)}) for c in citations]
    return LivingDoc(tuple(sections), tuple(citations), tuple(entries), doc_title)


#: Table header names of a title column (notes share them: ``ingest.notes``).
TITLE_COLUMNS = ("title", "paper title", "paper", "name", "work", "标题", "论文", "论文标题", "题目", "名称")
#: A line that starts a record of its own even inside a paragraph: a footnote definition
#: (``[^5]: Okafor et al. …``), a numbered reference (``[3] A. Author, …``), a BibTeX-style label
#: (``[Kwo23] W. Kwon, … PagedAttention. SOSP 2023.``).
_OWN_RECORD = compile_lazy(r"^\s*(?:\[\^[^\]]+\]:|\[\d{1,4}\]\s|\[[A-Z][A-Za-z+\-]{1,20}\d{2,4}[a-z]?\]\s)")
#: A numbered record in parentheses opening a line ("(3) ", "（3）", "〔3〕", "【3】"): a record of its own in a citation list.
_PAREN_NUMBER = compile_lazy(r"^\s*(?:\(\d{1,4}\)|（\d{1,4}）|〔\d{1,4}〕|【\d{1,4}】|［\d{1,4}］)\s*\S")
_QUOTED_TITLE = compile_lazy(r"[\"“「『《]([^\"”」』》]{8,240}?)[,.，。]?[\"”」』》]")
_ITALIC_TITLE = compile_lazy(r"(?<![*\w])\*([^*\n]{8,240}?)\*(?![*\w])|(?<![_\w])_([^_\n]{8,240}?)_(?![_\w])")


_SURNAMES = compile_lazy(r"^\s*(?P<first>[A-Z][\w'’-]{2,})(?:,\s*[A-Z]\.(?:\s*[A-Z]\.)*)?(?:\s*(?:,|&|and)\s*(?P<second>[A-Z][\w'’-]{2,}))?"
                       r"(?P<more>(?:\s*,\s*[A-Z][\w'’-]+)*)(?P<etal>\s*,?\s*et al\.?)?\s*$")


def reference_authors(text: str) -> list[str]:
    """Surnames of a reference-list record's author field (``Eliseev, Mazur.``, ``Wang et al.``,
    ``Leviathan, Kalman, Matias.``, ``Z. Liu et al.,``): the first one or two, in order, or ``[]``.

    >>> reference_authors("- Fast Inference of MoE Models with Offloading. Eliseev, Mazur. arXiv 2023. https://arxiv.org/abs/2312.17238")
    ['Eliseev', 'Mazur']
    """
    first = re.sub(r"^\s*(?:[-*+]|\d{1,9}[.)]|\[\d{1,4}\]|\[\^[^\]]+\]:|\[[A-Z][A-Za-z+\-]{1,20}\d{2,4}[a-z]?\])\s*", "", text.split("\n")[0])
    fields = [f.strip() for f in re.split(r"(?<=[^\s.A-Z])\.\s+|(?<=[^\s.])\.\s+(?=[A-Z\u4e00-\u9fff])|,\s*(?=[\"“*])", first) if f.strip()]
    for f in fields[:3]:
        f = re.sub(r"^(?:[A-Z]\.\s*)+", "", f)  # "Z. Liu et al." -> "Liu et al."
        m = _SURNAMES.match(f)
        if m and (m.group("second") or m.group("etal") or m.group("more")) and not find_arxiv_ids(f):
            return [x for x in (m.group("first"), m.group("second")) if x]
    return []


#: The title field of a BibTeX entry: ``title={…}`` (braces inside it kept to one level), ``title="…"``.
_BIBTEX_TITLE = compile_lazy(r"(?:^|[\s,{])title\s*=\s*(?:\{(?P<t>(?:[^{}]|\{[^{}]*\})+)\}|\"(?P<t2>[^\"]+)\")", re.IGNORECASE)


def reference_title(text: str) -> str | None:
    """The title of a plain reference-list record (no link, no separator record), or None.

    First that applies: a quoted title (``"KIVI: A Tuning-Free …,"``, ``“…”``, ``《…》``); an italic one
    (``*Fast Inference from Transformers …*``); the field after the author list in a record whose
    fields are separated by ``. `` (``Liu Z 等. KIVI: … . arXiv:2402.02750, 2024.``), the first of fields
    separated by full-width commas (``[12] EAGLE-2: …，Li et al.，arXiv 2406.16858，2024``), or the field
    before the identifier when there are only those two (``[Zhang2024] Draft & Verify: … . arXiv:2309.08168``).

    >>> reference_title('[13] Z. Liu et al., "KIVI: A Tuning-Free Asymmetric 2bit Quantization," arXiv:2402.02750, 2024.')
    'KIVI: A Tuning-Free Asymmetric 2bit Quantization'
    >>> reference_title("- Chen et al. *Accelerating LLM Decoding with Speculative Sampling*. 2023. arXiv:2302.01318")
    'Accelerating LLM Decoding with Speculative Sampling'
    >>> reference_title("12. Kangaroo: Lossless Self-Speculative Decoding — arXiv 2404.18911 (2024)")
    'Kangaroo: Lossless Self-Speculative Decoding'
    """
    lines = text.split("\n")
    first = lines[0]
    if not find_arxiv_ids(first):  # a record wrapped over lines, its identifier on a later one: read up to it
        upto = next((k for k, t in enumerate(lines) if find_arxiv_ids(t)), None)
        if upto is not None:
            first = " ".join(t.strip() for t in lines[:upto + 1])
    m = _BIBTEX_TITLE.search(first)
    if m:  # a BibTeX entry on one line: ``@article{key, title={GPTQ: Accurate …}, eprint={2210.17323}, …}``
        t = re.sub(r"\\([#&%_$])", r"\1", re.sub(r"[{}]", "", m.group("t") or m.group("t2"))).strip()
        return t if len(t) >= 4 else None
    m = _QUOTED_TITLE.search(first)
    if m:
        t = _clean_title(m.group(1)).rstrip(",，")
        if len(t.split()) >= 2 or re.search(r"[\u4e00-\u9fff]{4}", t):
            return t
    m = _ITALIC_TITLE.search(first)
    if m:
        t = _clean_title(m.group(1) or m.group(2))
        if len(t.split()) >= 2:
            return t
    body = re.sub(r"^\s*(?:(?:[-*+]|\d{1,9}[.)]|[\[〔【［]\d{1,4}[\]〕】］]|\[\^[^\]]+\]:|\[[A-Z][A-Za-z+\-]{1,20}\d{2,4}[a-z]?\]"
                  r"|\[" + AUTHOR_YEAR_KEY + r"\])\s*){1,2}", "", first)  # ("[Zhong 2024] DistServe: …": an author-year key)
    lead = find_arxiv_ids(body[:40])
    if lead and lead[0].start <= 2:  # ``[2403.02310] Taming … — OSDI 2024``: the title follows the identifier
        rest = body[lead[0].end:].lstrip(" ]):：）〕】］")  # ("(2311.18677v2) Splitwise: …, 2023": the bracket closes the key)
        if rest[:1] in _RECORD_SEPS or rest[:1] in "-":
            return None  # a separated record: its title (or none) is separated_record's to say
        # ("arXiv 2310.18547v2: Punica: Multi-Tenant LoRA Serving. Chen et al. (2023)."): the title ends where its
        # authors begin, after a full stop
        parts = re.split(r"\.\s+(?=[A-Z\u4e00-\u9fff])", rest, maxsplit=1)
        if len(parts) == 2 and (re.match(r"[^\s,]+(?:\s[^\s,]+)?\s+et al\b", parts[1])
                                or reference_authors(parts[1].split(",")[0] + ",")
                                or re.match(r"[A-Z][\w'’-]+(?:\s(?:and|&)\s[A-Z][\w'’-]+)?\s*[(（](?:19|20)\d{2}[)）]", parts[1])):
            rest = parts[0]
        t = re.sub(r"[,，]\s*(?:19|20)\d{2}[a-z]?\s*[.。]?$", "", re.split(r"\s[—–·|]\s|\s-\s", rest)[0].strip()).strip().rstrip(".,，。")
        t = _field_title(t) if t else None
        if t and len(t.split()) >= 3 and not find_arxiv_ids(t):
            return t
    # initials ("J. Ainslie, M. de Jong") do not end a field: hide their dots while splitting
    masked = re.sub(r"(?<![\w.])([A-Z])\.(?=\s*(?:[A-Z]|de |van |von |le |di |-))", "\\1\u2024", body)
    fields = [f.strip().replace("\u2024", ".")
              for f in re.split(r"(?<=[^\s.A-Z])\.\s+|(?<=[^\s.])\.\s+(?=[A-Z\u4e00-\u9fff]|arXiv\b)", masked) if f.strip()]
    # ``DistServe: Disaggregating … Serving (arXiv:2401.09670)``, ``…（arXiv:2403.02310，2024）``: the
    # identifier in brackets (with its year) ends the record
    ids = find_arxiv_ids(body)
    if len(ids) == 1:
        m = re.match(r"^(?P<t>[^()（）\[\]]{8,300}?)\s*[(（\[]\s*(?:arXiv\s*[:：]?\s*)?$", body[:ids[0].start])
        tail = body[ids[0].end:]
        if m and re.match(r"^\s*(?:[,，;；]\s*(?:19|20)\d{2}\s*)?[)）\]]\s*[.。]?\s*$", tail):  # "（arXiv:…，2024）"
            t = _field_title(m.group("t").strip().rstrip(".,，。—–-").strip())
            if t and (":" in t or "：" in t or len(t.split()) >= 3) and not reference_authors(t):
                return t
    # ``SnapKV: LLM Knows … Generation (Li et al., 2024) — arXiv:2404.14469v2``: the title, then its authors and
    # year in brackets, then the identifier
    m = re.match(r"^(?P<t>[^()]{8,300}?)\s*\((?P<a>[^()]{2,120}?),?\s*(?:19|20)\d{2}[a-z]?\)\s*(?:[—–:,-]\s*)?(?:arXiv\s*[:：]?\s*)?",
                 body)
    if m and find_arxiv_ids(body[m.end():m.end() + 80]) and not find_arxiv_ids(m.group("t")) and (
            re.search(r"\bet al\b", m.group("a")) or reference_authors(m.group("a") + ",")):
        t = _field_title(m.group("t").strip().rstrip(".,，。—–-").strip())
        if t and (":" in t or len(t.split()) >= 3):
            return t
    # ``Title — Kwon et al., 2023. <https://arxiv.org/abs/…>``: the title, a spaced dash, then the authors
    dash = re.split(r"\s[—–]\s", body, maxsplit=1)
    # (``Title — T. Dao, D. Y. Fu, 2022. arXiv:…``, ``Title — T. Dao, 2023. arXiv:…``: the author field runs to the year)
    by = re.split(r"[,，]?\s*[(（]?(?:19|20)\d{2}\b", dash[1], maxsplit=1)[0].strip() if len(dash) == 2 else ""
    if len(dash) == 2 and not find_arxiv_ids(dash[0]) and find_arxiv_ids(dash[1]) and (
            re.match(r"\s*[^\s,]+(?:\s[^\s,]+)?\s+et al\b", dash[1]) or reference_authors(dash[1].split(",")[0] + ",")
            or (by and not find_arxiv_ids(by) and (_is_author_field(by) or _is_name(by)))):
        t = _field_title(dash[0].strip().rstrip(".,，。"))
        if t and (":" in t or len(t.split()) >= 3):
            return t
    # ``[6] Llumnix: Dynamic Scheduling for …, Sun et al., 2024. https://arxiv.org/abs/…``: the title, a comma, the authors and
    # the year, then the identifier
    m = re.match(r"^(?P<t>[^()\[\]]{8,300}?)\s*[,，]\s*(?P<a>[^,，()]{2,120}?)\s*[,，]\s*(?:19|20)\d{2}[a-z]?\s*[.。,，]?\s*", body)
    if m and find_arxiv_ids(body[m.end():m.end() + 80]) and not find_arxiv_ids(m.group("t")) and (
            re.search(r"\bet al\b", m.group("a")) or reference_authors(m.group("a") + ",")):
        t = _field_title(m.group("t").strip().rstrip(".,，。—–-").strip())
        if t and (":" in t or len(t.split()) >= 3):
            return t
    # ``[Li23] Z. Li, L. Zheng, Y. Zhong et al., AlpaServe: Statistical Multiplexing …, arXiv:2302.11665``: the authors (ending
    # in "et al.", or initials and surnames), a comma, the title, a comma, then only the identifier
    if len(ids) == 1:
        m = re.match(r"^(?P<a>[^,]{2,60}(?:,[^,]{2,60}){0,12}?\bet al\.?|(?:(?:[A-Z]\.\s*-?){1,3}[A-Z][\w'’-]+\s*,\s*){1,12}"
                     r"(?:and\s+|&\s+)?(?:[A-Z]\.\s*-?){1,3}[A-Z][\w'’-]+)\s*,\s*(?P<t>[^,]{8,300}?)\s*,\s*"
                     r"(?:arXiv\s*[:：]?\s*|<?(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/)?$", body[:ids[0].start], re.IGNORECASE)
        if m and re.fullmatch(r"\s*(?:[,，]\s*(?:19|20)\d{2}\s*)?[.。]?\s*", body[ids[0].end:]):
            t = _field_title(m.group("t").strip().rstrip(".,，。"))
            if t and (":" in t or len(t.split()) >= 3) and not reference_authors(t + ","):
                return t
    # ``[10] TriForce: Lossless Acceleration … Decoding, arXiv:2404.11912``, ``- vAttention: Dynamic …, arxiv.org/abs/…``: the
    # title, a comma, then only the identifier (and perhaps a year)
    if len(ids) == 1:
        m = re.match(r"^(?P<t>[^()\[\]]{8,300}?)\s*[,，]\s*(?:arXiv\s*[:：]?\s*|<?(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/)?$",
                     body[:ids[0].start], re.IGNORECASE)
        if m and re.fullmatch(r"\s*(?:[,，]\s*(?:19|20)\d{2}\s*)?[.。]?\s*", body[ids[0].end:]) and "et al" not in m.group("t") \
                and not reference_authors(m.group("t").split(",")[0] + ","):
            t = _field_title(m.group("t").strip().rstrip(".,，。"))
            if t and (":" in t or "：" in t) and re.match(r"[A-Z0-9\u4e00-\u9fff]|[a-z]{1,3}[A-Z]", t) and "," not in t.split(":")[0]:
                return t
    # ``Kangaroo: Lossless … Exiting — arXiv 2404.18911 (2024)``: the title, a spaced dash, then only the
    # identifier (a link or ``arXiv ID``) and perhaps its year
    if len(dash) == 2 and not find_arxiv_ids(dash[0]) and len(ids) == 1 and re.fullmatch(
            r"\s*(?:arXiv\s*[:：]?\s*)?<?\S*?\d{4}\.\d{4,5}(?:v\d+)?(?:\.pdf)?>?\s*(?:[(（]\s*(?:19|20)\d{2}\s*[)）])?\s*[.。]?\s*",
            dash[1], re.IGNORECASE):
        t = _field_title(dash[0].strip().rstrip(".,，。"))
        if t and (":" in t or len(t.split()) >= 3) and re.match(r"[A-Z0-9\u4e00-\u9fff\"“]", t):
            return t
    # ``[12] EAGLE-2: Faster …，Li et al.，arXiv 2406.16858，2024``: fields separated by full-width commas,
    # the title first (the GB/T habit with a Chinese comma between fields)
    wide = [f.strip() for f in body.split("，") if f.strip()]
    if len(wide) >= 3 and any(find_arxiv_ids(f) for f in wide[1:]) and not find_arxiv_ids(wide[0]):
        t = _field_title(wide[0].rstrip(".。"))
        if t and (":" in t or "：" in t or len(t.split()) >= 3 or re.search(r"[\u4e00-\u9fff]{4}", t)) \
                and not reference_authors(t) and not re.search(r"\bet al\b|等$", t):
            return t
    # ``[Zhang2024] Draft & Verify: … Decoding. arXiv:2309.08168``: a title field and the identifier's
    if len(fields) >= 3 or (len(fields) == 2 and find_arxiv_ids(fields[1]) and not find_arxiv_ids(fields[0])):
        cands = []
        for f in fields:
            t = _field_title(f)
            if not t or find_arxiv_ids(f) or len(t) < 8:
                continue
            if len(re.findall(r"\b[A-Z]\.(?:\s|-)", f)) >= 2 or re.match(r"^(?:[A-Z]\.\s*)+[A-Z][\w'’-]+,", f):
                continue  # ``J. Ainslie, J. Lee-Thorp, M. de Jong``: an author list with initials
            if re.match(r"^[A-Z][\w'’-]+,\s*(?:[A-Z]\.\s*-?\s*)+(?:,|&|$|\()", f.replace("\u2024", ".")):
                continue  # APA: ``Patel, P., Choukse, E., … & Bianchini, R. (2023)``
            if re.fullmatch(r"[A-Z][\w'’-]+(?:\s*(?:,|&|and)\s*[A-Z][\w'’-]+)+(?:\s*,?\s*et al\.?)?", t):
                continue  # ``Fedus, Zoph, Shazeer``: surnames
            cands.append(t)
        strong = [t for t in cands if ":" in t or len(t.split()) >= 4]
        if len(fields) == 2:
            return (strong or [None])[0]
        return (strong or cands or [None])[0]
    return None


_ID_SHAPE = compile_lazy(r"(?<![\d.])\d{4}\.\d{4,5}(?![\d])|\b[a-z-]+(?:\.[A-Z]{2})?/\d{7}\b")
#: The end of a reference record: a full stop or bracket, or the identifier or link it closes with (APA).
_RECORD_CLOSED = compile_lazy(r"[.)]\s*$|(?:arXiv[.:/]|abs/|doi\.org/\S*?)\d{4}\.\d{4,5}(?:v\d+)?/?\s*$", re.IGNORECASE)
_RECORD_LEAD_RE = compile_lazy(r"^\s*(?:[-*+]|\d{1,9}[.)]|\|)?\s*(?:\[[ xX]\]\s*)?(?:\*\*|__|\*|_|`|🔥|\[\d+\]\s*)*\s*[\[(<]?")


def _paper_lists(sections: list[Section], entries: list[Entry], kinds: list[str], citations: list[ArxivRef],
                 found: list[tuple[ArxivRef, bool]]) -> list[Section]:
    """Sections that list works: by title (References, 参考文献, Paper List, …), or because three or
    more of their entries and most of them are bibliographic records (a table row with a title, or a
    list item that opens with the work's linked title or identifier: awesome-list year sections,
    benchmark tables); a section inside one is one too (``### 2025`` under ``## Paper List``)."""
    record_entries: dict[str, list[bool]] = {}
    titled_lines = {c.line for c, from_bold in found if c.title and not from_bold}
    for e, kind in zip(entries, kinds):
        if kind not in ("item", "row") or e.section is None:
            continue
        first = e.text.split("\n")[0]
        ids = find_arxiv_ids(first)
        if not ids:
            continue
        lead = _RECORD_LEAD_RE.match(first).end()
        at_head = ids[0].start <= lead + 2 or (first[lead:lead + 1] == "[" or first[max(0, lead - 1):lead] == "[")
        record = kind == "row" and e.line in titled_lines or (kind == "item" and e.line in titled_lines and at_head)
        record_entries.setdefault(e.section, []).append(record)
    listing = {key for key, flags in record_entries.items() if len(flags) >= 3 and sum(flags) >= 0.7 * len(flags)}
    by_key = {s.key: s for s in sections}
    out = []
    for s in sections:
        flag = s.is_citation_list or s.key in listing
        p, seen = s.parent, {s.key}
        while not flag and p is not None and p in by_key and p not in seen:  # two headings may share a key
            seen.add(p)
            flag = by_key[p].is_citation_list
            p = by_key[p].parent
        out.append(s.model_copy(update={"is_citation_list": True}) if flag and not s.is_citation_list else s)
    return out


def read_living_doc(path: str | Path) -> LivingDoc:
    """Read a living document from disk and parse it.

    Parameters
    ----------
    path : str or Path
        A UTF-8 Markdown file.

    Returns
    -------
    LivingDoc
        As :func:`parse_living_doc`.

    Raises
    ------
    IngestError
        If the file cannot be read or is not UTF-8.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise IngestError(str(path), None, f"cannot read living document: {e}") from e
    return parse_living_doc(text)
