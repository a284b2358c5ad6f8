"""Facts the shift brief needs that no other query states: queries over what the graph stores.

The judgement (which items are increments, their works, evidence, sections) comes from
``queries.items.shift_items``; this module reads the snapshot for what a curator's brief adds on top
of it, every answer pointing at the statements it rests on:

* the shift's header: the living document's last update and line count, the work queue's snapshot
  time and who claimed the shift (:func:`doc_facts`, :func:`queue_facts`);
* near-identical statements of one increment written by two sources (:func:`merge_near_identical`:
  character-bigram containment, figures equal);
* the few living-document entries an increment touches (:func:`touched_entries`): those about its
  works first, then the closest by text, each with its line;
* cross-references an increment's own words propose (:func:`proposed_cross_refs`: a relation using
  the lexicon's ``placement.cross`` words, naming a section or an existing entry) and those between
  increments (:func:`increment_links`: one names the other's title head or works);
* the real reason of a low-relevance item (:func:`low_reason`): the writer's verdict words, the
  evidence line's words, a count that changed (``+77 → +42``), the living-document entry that
  already has the work;
* figures a section's entries carry that an increment lacks (:func:`missing_figures`).

Pure functions over a ``Snapshot`` (and plain values); no rendering, no language.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from ingest.lexicon import load_lexicon
from ingest.living import UPDATED_LABEL

from .snapshot import SClaim, SSection, Snapshot
from ingest.lazyre import compile_lazy

__all__ = [
    "bigrams", "containment", "near_identical", "merge_near_identical", "title_head", "entry_name",
    "doc_facts", "queue_facts", "touched_entries", "proposed_cross_refs", "increment_links", "count_change",
    "verdict_words", "missing_figures", "section_entries", "CountChange", "DocFacts", "QueueFacts",
    "NEAR_IDENTICAL", "VERDICT_LINE", "is_discard",
]

#: Two statements are near-identical when this share of the shorter's character bigrams is in the longer.
NEAR_IDENTICAL = 0.6
#: An entry is "close" to an increment when this share of the entry's bigrams is in the increment's text.
CLOSE_ENTRY = 0.3
#: At most this many living-document entries are shown per destination section.
MAX_TOUCHES = 2


def bigrams(text: str) -> set[str]:
    """The character bigrams of ``text`` (NFKC, case-folded, punctuation and spaces removed): works
    for Chinese and English alike."""
    t = re.sub(r"[^\w%.+@]+", "", unicodedata.normalize("NFKC", text or "").casefold())
    return {t[i:i + 2] for i in range(len(t) - 1)}


def containment(a: set[str], b: set[str]) -> float:
    """The share of the smaller bigram set found in the other (0 when either is empty)."""
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


_FIGURE = compile_lazy(r"[+-]?\d+(?:\.\d+)?\s*(?:%|×|x\b|倍|万|[KMBG]\b)?", re.I)


def _figures(c: SClaim) -> frozenset[str]:
    return frozenset(q.raw.replace(" ", "").casefold() for q in c.quantities)


def near_identical(a: SClaim, b: SClaim) -> bool:
    """Whether two statements of different sources say the same thing: at least 60 % of the
    shorter's bigrams are in the longer (``NEAR_IDENTICAL``), both have at least 6, and the figures
    they carry are the same (two lines that differ in a number are two statements)."""
    ga, gb = bigrams(a.text), bigrams(b.text)
    if min(len(ga), len(gb)) < 6 or containment(ga, gb) < NEAR_IDENTICAL:
        return False
    fa = {m.group(0).replace(" ", "").lstrip("+").casefold() for m in _FIGURE.finditer(a.text)}
    fb = {m.group(0).replace(" ", "").lstrip("+").casefold() for m in _FIGURE.finditer(b.text)}
    return fa == fb or (_figures(a) == _figures(b) and bool(_figures(a)))


def merge_near_identical(claims: list[SClaim]) -> list[list[SClaim]]:
    """Group ``claims`` (in order) so that a claim joins the first earlier group holding a
    near-identical claim of *another* source (:func:`near_identical`); each group is one line of
    the brief, citing every source.  Claims of one source are never merged."""
    groups: list[list[SClaim]] = []
    for c in claims:
        g = next((g for g in groups if all(x.path != c.path for x in g) and any(near_identical(x, c) for x in g)), None)
        if g is None:
            groups.append([c])
        else:
            g.append(c)
    return groups


def title_head(title: str) -> str:
    """The name part of a title: its text before the first ``：``/``:`` (and before a bracketed ID)."""
    t = re.split(r"[:：]", title or "", maxsplit=1)[0]
    return re.sub(r"[（(][^）)]*[）)]\s*$", "", t).strip(" *_`\"'“”")


def entry_name(text: str) -> str:
    """The name a living-document entry starts with: its text before the first ``：``, ``（``,
    ``(``, ``，`` or ``: `` (``H2O（arXiv:2306.14048）：…`` -> ``H2O``), at most 40 characters."""
    name = re.split(r"[：（(，,]|:\s", (text or "").strip(), maxsplit=1)[0].strip(" *_`\"'“”")
    return name if len(name) <= 40 else ""


# -- the header -----------------------------------------------------------------------------------

_SNAPSHOT = compile_lazy(r"(?:快照时间|快照|snapshot(?: time)?|as of|更新时间)\s*[:：]?\s*"
                       r"(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2})?)", re.I)
_CLAIMANT = compile_lazy(r"(?:认领人?|领取|负责人|claimed by|claimant|assignee|owner)\s*[:：]?\s*([^\s·,，;；()（）]{1,40})", re.I)


@dataclass(frozen=True)
class DocFacts:
    """A living document's line count and last update (``末次更新：2026-10-25``) with its line."""

    lines: int
    updated: str | None
    updated_line: int | None


def doc_facts(snap: Snapshot, doc: str) -> DocFacts:
    """:class:`DocFacts` of living document ``doc``: its last line (sections and statements) and
    the first date written after an update label in its first statements."""
    claims = snap.claims_of(doc)
    secs = [s for s in snap.sections if s.path == doc]
    lines = max([c.line_end for c in claims] + [s.line_end for s in secs] + [0])
    for c in sorted(claims, key=lambda c: c.line)[:12]:
        m = UPDATED_LABEL.search(c.text)  # (the label the living document's parse reads its date from)
        if m:
            return DocFacts(lines, m.group("date"), c.line)
    return DocFacts(lines, None, None)


@dataclass(frozen=True)
class QueueFacts:
    """What the work queue says about a shift: its snapshot time and who claimed the shift's task."""

    time: str | None
    author: str | None
    author_line: int | None


def queue_facts(snap: Snapshot, queue: str, manifest_id: str, manifest_path: str | None) -> QueueFacts:
    """:class:`QueueFacts` of work queue ``queue``: the snapshot time it states, and the claimant
    (``认领：Tom``, ``claimed by: tom``) of the task whose text names the manifest (ID or path)."""
    claims = sorted(snap.claims_of(queue), key=lambda c: c.line)
    time = next((m.group(1) for c in claims[:8] for m in [_SNAPSHOT.search(c.text)] if m), None)
    author = line = None
    names = [manifest_id] + ([manifest_path] if manifest_path else [])
    for c in claims:
        if any(n and n in c.text for n in names):
            task = [x for x in claims if x.item == c.item] if c.item is not None else [c]
            near = sorted(task, key=lambda x: abs(x.line - c.line))
            for x in near:
                m = _CLAIMANT.search(x.text)
                if m:
                    author, line = m.group(1), x.line
                    break
            if author:
                break
    return QueueFacts(time, author, line)


# -- living-document entries -----------------------------------------------------------------------

def section_entries(snap: Snapshot, doc: str, sec: SSection) -> list[SClaim]:
    """The statements of section ``sec`` of ``doc`` (its heading and citation entries left out), in order."""
    key = ("section_entries", doc, sec.key)
    if key not in snap.cache:
        inside = [c for c in snap.claims_of(doc) if sec.line < c.line <= sec.line_end and c.role != "citation"]
        own = [c for c in inside if c.section == sec.key]
        snap.cache[key] = own or inside
    return snap.cache[key]  # type: ignore[return-value]


def touched_entries(snap: Snapshot, doc: str, sec: SSection, works: Iterable[str], text: str,
                    *, limit: int = MAX_TOUCHES) -> tuple[list[SClaim], bool]:
    """``(entries, revise)``: at most ``limit`` entries of ``sec`` an increment touches, and whether
    the first is an entry about one of its works (then the increment revises it).

    Entries about one of ``works`` (``Snapshot.subjects``) come first; then those closest to
    ``text`` (the increment's title and statements) by bigram containment of the entry in the text,
    when at least ``CLOSE_ENTRY``; ties keep document order.
    """
    entries = section_entries(snap, doc, sec)
    ws = set(works)
    subj = snap.subjects_for(entries) if entries else {}
    about = [c for c in entries if ws & set(subj.get(c.iri, ()))]
    tg = bigrams(text)
    scored = sorted(((containment(bigrams(c.text), tg) if bigrams(c.text) else 0.0, -i, c)
                     for i, c in enumerate(entries) if c not in about), key=lambda t: (t[0], t[1]), reverse=True)
    close = [c for s, _i, c in scored if s >= CLOSE_ENTRY]
    out = (about + close)[:limit]
    return out, bool(about)


# -- cross-references --------------------------------------------------------------------------------

def _cross_pattern() -> re.Pattern[str]:
    lex = load_lexicon()
    pats = lex.raw.get("placement", {}).get("cross", [])
    return re.compile("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.I)


def proposed_cross_refs(snap: Snapshot, doc: str | None, claims: list[SClaim], destinations: list[str],
                        citation_keys: set[str]) -> list[tuple[str, SClaim | None, SClaim]]:
    """Cross-references an increment's relations propose, ``[(section key, entry or None, claim)]``:
    a relation that uses the lexicon's cross-reference words (``placement.cross``: 交叉, cross-ref,
    see also) and names a section other than the increment's destinations and the citation list
    (entry ``None``), or names an entry of a destination section by its head (``SPAR``: that entry)."""
    if not doc:
        return []
    cross = _cross_pattern()
    secs = {s.key: s for s in snap.sections if s.path == doc}
    out: list[tuple[str, SClaim | None, SClaim]] = []
    seen: set[tuple[str, int | None]] = set()
    for c in claims:
        if c.role != "relation" or not cross.search(c.text):
            continue
        for k in c.section_refs:
            if k in destinations or k in citation_keys or k not in secs or (k, None) in seen:
                continue
            seen.add((k, None))
            out.append((k, None, c))
        # the entry of a destination section named nearest to the cross-reference words
        spots = [m.start() for m in cross.finditer(c.text)]
        best: tuple[int, str, SClaim] | None = None
        for k in destinations:
            sec = secs.get(k)
            if sec is None:
                continue
            for e in section_entries(snap, doc, sec):
                name = entry_name(e.text)
                if not 2 <= len(name) <= 40:
                    continue
                for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", c.text):
                    d = min(abs(m.start() - s) for s in spots)
                    if best is None or d < best[0]:
                        best = (d, k, e)
        if best is not None and (best[1], best[2].line) not in seen:
            seen.add((best[1], best[2].line))
            out.append((best[1], best[2], c))
    return out


def _name_like(head: str) -> bool:
    """Whether a title head can name something (``KServe``, ``Import AI 478``, ``MC-SF``): at least
    4 characters with a capital, a digit or a CJK character (``source``, ``notes`` cannot)."""
    return len(head) >= 4 and bool(re.search(r"[A-Z0-9\u3400-\u9fff]", head))


def increment_links(heads: dict[int, str], works: dict[int, set[str]], claims: dict[int, list[SClaim]]
                    ) -> list[tuple[int, int, SClaim]]:
    """Pairs of increments one of which names the other, ``[(a, b, claim)]`` with ``a`` the
    increment whose ``claim`` names ``b`` by its title head (a name: :func:`_name_like`) or by one
    of its works.  One row per unordered pair (the first naming found)."""
    out: list[tuple[int, int, SClaim]] = []
    done: set[frozenset[int]] = set()
    # One pattern per name, compiled once (a pattern per claim and head overflowed re's cache).
    named_by = {b: re.compile(rf"(?<![\w-]){re.escape(head)}(?![\w-])", re.I)
                for b, head in heads.items() if _name_like(head)}
    for a, cl in claims.items():
        for c in cl:
            for b in heads:
                if b == a or frozenset((a, b)) in done:
                    continue
                pat = named_by.get(b)
                named = pat is not None and pat.search(c.text)
                if named or (works.get(b) and set(c.mentions) & works[b] and not set(c.mentions) & works.get(a, set())):
                    done.add(frozenset((a, b)))
                    out.append((a, b, c))
    return out


# -- low-relevance reasons -----------------------------------------------------------------------------

#: A writer's verdict line ("判断：低相关（…）", "Verdict: drop").
VERDICT_LINE = compile_lazy(r"^\s*(?:判断|结论|verdict|decision|relevance|相关性)\s*[:：]\s*(.+)$", re.I)
_DISCARD = compile_lazy(r"丢弃|舍弃|不收|discard|drop(?:ped)?\b|reject", re.I)


def is_discard(text: str) -> bool:
    """Whether a writer's verdict discards the material (丢弃, discard, drop, reject)."""
    return bool(_DISCARD.search(text or ""))


def verdict_words(text: str) -> str:
    """The reason inside a writer's verdict: ``判断：低相关（X）`` or ``低相关：X`` gives ``X``; a
    verdict with no reason gives ``""``."""
    lex = load_lexicon()
    t = (text or "").strip()
    m = VERDICT_LINE.match(t)
    if m:
        t = m.group(1).strip()
    v = lex.low_relevance.match(t)
    if v is None:
        return t
    rest = t[v.end():].strip()
    p = re.match(r"^[（(](.+)[）)]\s*[。.]?$", rest)
    if p:
        return p.group(1).strip()
    rest = rest.lstrip("：:，,;；-— ").strip()
    return rest if re.search(r"\w", rest) else ""  # "Noise." is all verdict: no reason left, not "."


_COUNT_WORDS = compile_lazy(r"stars?|⭐|星|fork|被引|引用数|citations?|cited by|本周新增|周增|weekly|downloads?|下载", re.I)
_SIGNED = compile_lazy(r"(?<![\w.:/-])[+＋-]\s?\d[\d,]*")
_BEFORE = compile_lazy(r"(?:上次|上期|此前|之前|前次|previous(?:ly)?|last time|was|from)\D{0,12}?([+＋-]?\s?\d[\d,]*)", re.I)


@dataclass(frozen=True)
class CountChange:
    """A count a card updates: ``old → new`` when the card or the living document gives the old value."""

    new: str
    old: str | None
    line: int
    old_source: str | None = None
    old_line: int | None = None


def count_change(claims: list[SClaim], doc_claims: list[SClaim]) -> CountChange | None:
    """The change of a count a material records (a card's weekly stars, citations): the first line
    with a count word and a signed number (``本周新增：+42（上次采集为 +77）``).  The old value is the
    one the same line marks as previous, else the first signed number of a living-document entry
    (``doc_claims``) naming the same count word.  ``None`` when no line states such a count."""
    for c in claims:
        if not _COUNT_WORDS.search(c.text):
            continue
        signed = _SIGNED.findall(c.text)
        if not signed:
            continue
        prev = _BEFORE.search(c.text)
        new = signed[0].replace(" ", "").replace("＋", "+")
        if prev:
            old = prev.group(1).replace(" ", "").replace("＋", "+")
            if old != new:
                return CountChange(new=new, old=old, line=c.line)
        for d in doc_claims:
            if _COUNT_WORDS.search(d.text) or re.search(r"周增|周新增|weekly", d.text, re.I):
                ds = _SIGNED.findall(d.text)
                if ds:
                    return CountChange(new=new, old=ds[0].replace(" ", "").replace("＋", "+"), line=c.line,
                                       old_source=d.path, old_line=d.line)
        return CountChange(new=new, old=None, line=c.line)
    return None


def missing_figures(entries: list[SClaim], claims: list[SClaim]) -> tuple[str, list[SClaim]] | None:
    """``(metric, entries)`` when at least two entries of a section carry figures of one metric and
    the increment's ``claims`` carry none of that metric (the seed's "§2.3 entries all carry ratios,
    this one none"); ``None`` otherwise.  The metric with the most entries wins."""
    by: dict[str, list[SClaim]] = {}
    for e in entries:
        for m in dict.fromkeys(q.metric for q in e.quantities if q.metric):
            by.setdefault(m, []).append(e)
    have = {q.metric for c in claims for q in c.quantities}
    best = sorted(((len(v), k) for k, v in by.items() if len(v) >= 2 and k not in have), reverse=True)
    if not best:
        return None
    return best[0][1], by[best[0][1]]
