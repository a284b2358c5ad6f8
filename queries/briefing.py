"""Assemble the data of a shift brief from the graph (no rendering here).

``brief_data(store, manifest)`` returns a ``BriefData`` with the parts of a curator's brief (the
seed brief, shared/seeds/000_…): the header (author and time of the shift, the materials, the living
document with its line count and last update, the work queue), one increment per judged item, the
low-relevance rows with their reasons, a summary of warnings across increments, the citable arXiv IDs
with what each needs, merge actions by priority, and the evidence boundary.

Where the judgement comes from
------------------------------
Items, their works and citation statuses, evidence levels, relevance and sections are
``queries.items.shift_items`` (the judgement layer); a material the ``increments`` query judges low
because its labels do not fit its content makes its items low too (misclassified).  Everything else
is a query over what is stored (``queries.brief_parts``): which living-document entries an increment
touches and whether it revises one, cross-references, low-relevance reasons, warnings, actions.

Increments
----------
One increment per item of relevance ``increment``; items of the shift that share a work (arXiv key)
are one increment, as are items with no work whose titles name the same thing (:func:`same_title`:
the head before ``：``, rapidfuzz ``token_set_ratio`` >= 90, same numbers, comparable lengths), so
the screen and the brief of one paper are one increment citing both.  Its statements are the items'
claims by role (points, relations, caveats; metadata: evidence lines, paper and card lines, links),
near-identical statements of different sources merged into one point that cites each
(``brief_parts.merge_near_identical``): nothing is printed twice and every line is kept.

Short by construction
---------------------
Per destination section at most ``brief_parts.MAX_TOUCHES`` entries it touches (those about its
works, then the closest by text), each with its line; a section with an entry about the increment's
work is *revised* at that line, otherwise the increment is *added* next to the closest entry.
"""
from __future__ import annotations

import functools

import re
import unicodedata
from collections import defaultdict
from datetime import datetime, timezone

from rapidfuzz import fuzz

from graph.store import Store
from ingest.errors import QueryError
from ingest.facts import find_figures
from ingest.lazyre import compile_lazy
from ingest.lexicon import load_lexicon
from ingest.models import EVIDENCE_LEVELS, FrozenModel, evidence_rank
from ingest.models import named_after_id
from ingest.text import find_urls

from . import brief_parts as bp
from .contradictions import contradictions, statement
from .items import MISLABELLED
from .named import concerns_shift, evidence, increments, shift_item_rows
from .results import SCHEMA_VERSION, BriefAction, BriefMaterial, Contradiction, EvidenceFinding, ItemRow, Statement
from .snapshot import SClaim, Snapshot, no_manifest
from ingest.lazyre import compile_lazy

__all__ = ["display_title", "BriefData", "BriefTopic", "BriefTopicSource", "BriefPoint", "BriefArxiv", "BriefLow", "BriefSection",
           "BriefCross", "BriefWarning", "brief_data", "workspace_lang", "generation_time", "same_title",
           "CITABLE_STATUSES", "WARNING_KINDS", "LOW_KINDS"]

#: Statuses of the citable list, in the order it lists them.
CITABLE_STATUSES = ("already_cited", "new", "not_in_citation_list", "weak", "misclassified", "discarded")
#: Kinds of the warnings summary, in the order it lists them.
WARNING_KINDS = ("evidence", "unverified", "second_hand", "simulated", "contamination", "qualifier", "number",
                 "negation", "version", "title", "missing_figures", "unknown_origin", "label_mismatch")
#: Kinds of low-relevance rows.
LOW_KINDS = ("count_update", "misclassified", "discarded", "hearsay", "covered", "no_work", "low")


class BriefArxiv(FrozenModel):
    """An arXiv work of the shift and what the curator needs to do with it.

    ``status``: ``already_cited`` (in the living document's citation list), ``new`` (not in the
    document), ``not_in_citation_list`` (named in its body only), ``weak`` (only in low-relevance
    items), ``misclassified`` (only in a material whose labels do not fit it), ``discarded`` (the
    writer discarded it).  ``increments``: the increments about it; ``entry``: the living-document
    entry about it an increment revises; ``where``: the ``file:line`` of the items about it.
    """

    arxiv_id: str
    version: str | None = None
    title: str | None = None
    status: str
    increments: list[int] = []
    entry: Statement | None = None
    where: list[str] = []


class BriefPoint(FrozenModel):
    """One line of an increment: ``text`` (the longest of its statements), ``role`` and every
    statement it stands for (near-identical statements of different sources; usually one)."""

    text: str
    role: str
    statements: list[Statement]
    #: when not 0, this line stands for that many statements left out of the brief (a one-paper note's
    #: tail: the brief shows its first ``MAX_POINTS - 1`` points), every one still cited by line
    folded: int = 0


#: The most key points an increment shows; a longer item's further statements are one folded line.
MAX_POINTS = 12


def _fold(points: list[BriefPoint]) -> list[BriefPoint]:
    """``points`` cut to ``MAX_POINTS`` lines: the first ``MAX_POINTS - 1`` and one line standing for the rest."""
    if len(points) <= MAX_POINTS:
        return points
    rest = points[MAX_POINTS - 1:]
    return [*points[:MAX_POINTS - 1], BriefPoint(text="…", role="statement",
                                                   statements=[st for p in rest for st in p.statements], folded=len(rest))]


class BriefSection(FrozenModel):
    """A destination section of an increment and the few existing entries it touches.

    ``verb`` is ``revise`` when an entry of the section is about the increment's work (``touches[0]``
    is the line to revise), else ``add`` (``touches`` are the closest entries: the first is where it
    goes).  ``routed`` is true when no note named a section and this is provkg's suggestion (BM25,
    ``ingest.routing``) with its ``score`` and the runner-up; its ``basis`` says how: ``text`` (BM25), ``cited`` (the
    section that already cites the increment's work), ``shift`` (where another material of the shift places it); a
    section the notes name has no ``basis``.
    """

    key: str
    title: str | None = None
    verb: str = "add"
    touches: list[Statement] = []
    routed: bool = False
    score: float | None = None
    runner_up: str | None = None
    runner_up_score: float | None = None
    basis: str | None = None


class BriefCross(FrozenModel):
    """A cross-reference: to another section (``kind`` ``section``, ``key``), to an existing entry of a
    destination section (``entry``: ``key`` is the section) or to another increment (``increment``).
    ``statement``: the note's words that propose it (none for the judgement's own)."""

    kind: str
    key: str | None = None
    entry: Statement | None = None
    increment: int | None = None
    statement: Statement | None = None


class BriefTopicSource(FrozenModel):
    """One item an increment is made of: its file and line span, heading, agent and evidence levels.
    ``label`` (①, ②, …) names it in the increment's line references when there are several."""

    label: str | None = None
    source: str
    line: int
    line_end: int
    title: str
    agent: str | None = None
    evidence: str
    evidence_levels: list[str] = []
    kind: str | None = None


class BriefTopic(FrozenModel):
    """One increment (see "Increments" above).

    ``source``, ``line`` and ``agent`` repeat its first item's; ``evidence`` is the strongest level
    among its items, ``evidence_levels`` every level they state.  ``meta`` holds the evidence, paper
    and card lines; ``links`` the lines that give the material's address.
    """

    number: int
    title: str
    source: str
    line: int
    agent: str | None = None
    evidence: str
    evidence_levels: list[str] = []
    sources: list[BriefTopicSource] = []
    arxiv: list[BriefArxiv] = []
    meta: list[BriefPoint] = []
    links: list[BriefPoint] = []
    points: list[BriefPoint] = []
    relations: list[BriefPoint] = []
    caveats: list[BriefPoint] = []
    sections: list[BriefSection] = []
    cross: list[BriefCross] = []


class BriefLow(FrozenModel):
    """A low-relevance row: the item (``material``: its title, ``source``, ``line``), its ``kind``
    (``LOW_KINDS``) and what the reason rests on.

    ``reasons``: the writer's words (their verdict's reason, the evidence line) with their lines;
    ``judged``: the judgement's own reason when the writer gave none; ``change``: a count that
    changed (``+77 → +42``); ``labels``: labels that do not fit the content (``content``);
    ``entry``: the living-document line that already has it; ``levels``: the item's evidence levels.
    """

    material: str
    source: str
    line: int
    line_end: int
    kind: str
    works: list[str] = []
    reasons: list[Statement] = []
    judged: str | None = None
    change: str | None = None
    change_line: int | None = None
    labels: list[str] = []
    content: Statement | None = None
    entry: Statement | None = None
    levels: list[str] = []


class BriefWarning(FrozenModel):
    """One entry of the warnings summary: its ``kind`` (``WARNING_KINDS``), the increments it
    concerns, a ``subject`` (a work, a section), ``figures``, the statements it rests on
    (``statements``: in the shift's materials; ``others``: the other side, a card, the living
    document) and, for conflicts, the two ``sides`` as written."""

    kind: str
    increments: list[int] = []
    subject: str | None = None
    figures: list[str] = []
    statements: list[Statement] = []
    others: list[Statement] = []
    sides: list[str] = []


class BriefData(FrozenModel):
    """Everything a brief shows, in order; ``schema_version`` of the output contract.

    Header: ``agent``, who works the shift (``--author``, the manifest's ``author``, or the work
    queue's claimant: ``agent_from`` says which), ``shift_time`` (the manifest's), the living document ``knowledge`` with
    ``knowledge_lines``, ``knowledge_sections`` and ``knowledge_updated`` (the date it states, at
    ``knowledge_updated_line``), ``knowledge_fallback`` when the manifest's own living document is not in the
    store and ``knowledge`` is the store's first one instead, and the key of its citation list ``knowledge_citations``, the work
    ``queue`` and ``queue_time``.  ``findings`` and ``audit``
    are the contradictions and unverified figures concerning the shift, which ``warnings`` judge.
    """

    schema_version: str = SCHEMA_VERSION
    manifest_id: str
    manifest_path: str
    domain: str | None = None
    shift_date: str | None = None
    shift_time: str | None = None
    agent: str | None = None
    agent_from: str | None = None
    knowledge: str | None = None
    knowledge_sections: int = 0
    knowledge_lines: int = 0
    knowledge_updated: str | None = None
    knowledge_updated_line: int | None = None
    #: True when the manifest's living document is not in the store and ``knowledge`` is another one
    knowledge_fallback: bool = False
    #: the key of the living document's citation list section (``七``, ``9``), when it has one
    knowledge_citations: str | None = None
    queue: str | None = None
    queue_time: str | None = None
    generated: str
    lang: str
    materials: list[BriefMaterial] = []
    topics: list[BriefTopic] = []
    low: list[BriefLow] = []
    warnings: list[BriefWarning] = []
    findings: list[Contradiction] = []
    audit: list[EvidenceFinding] = []
    citable: list[BriefArxiv] = []
    actions: list[BriefAction] = []
    listed: int = 0
    consumed: int = 0
    missing: list[str] = []


# -- grouping items into increments ---------------------------------------------------------------

#: Title merging: rapidfuzz token_set_ratio floor, shortest head, shorter/longer length floor.
TITLE_MERGE_SCORE = 90
_TITLE_MIN_CHARS = 4
_TITLE_MIN_LENGTH_RATIO = 0.75


def _title_norm(title: str) -> str:
    t = unicodedata.normalize("NFKC", title or "").split(":", 1)[0].casefold()
    return " ".join(re.sub(r"[^\w.]+|(?<!\d)\.|\.(?!\d)", " ", t).split())


def same_title(a: str, b: str) -> bool:
    """Whether two titles of items without works name the same thing: their heads (text before the
    first ``：``/``:``, NFKC, case-folded) score ``token_set_ratio`` >= 90, carry the same numbers
    (``Import AI 478`` is not ``Import AI 479``), and the shorter is at least 4 characters and 3/4
    of the longer (``KServe`` does not swallow ``KServe LLMInferenceService``)."""
    ha, hb = _title_norm(a), _title_norm(b)
    short, long_ = sorted((ha, hb), key=len)
    if len(short) < _TITLE_MIN_CHARS or len(short) < _TITLE_MIN_LENGTH_RATIO * len(long_):
        return False
    if re.findall(r"\d+(?:\.\d+)*", ha) != re.findall(r"\d+(?:\.\d+)*", hb):
        return False
    return fuzz.token_set_ratio(ha, hb) >= TITLE_MERGE_SCORE


def _group(rows: list[ItemRow]) -> list[list[ItemRow]]:
    """Increments from items: an item joins the first group sharing one of its works, or, when it
    has none, whose items all have none and name the same thing (:func:`same_title`, other sources)."""
    groups: list[list[ItemRow]] = []
    for r in rows:
        g = None
        if r.works:
            g = next((g for g in groups if any(set(x.works) & set(r.works) for x in g)), None)
        else:
            g = next((g for g in groups if all(not x.works and x.source != r.source and same_title(x.title, r.title)
                                               for x in g)), None)
        if g is None:
            groups.append([r])
        else:
            g.append(r)
    return groups


# -- statements of an increment -------------------------------------------------------------------

#: How a note line that gives the material's address starts ("来源：…https://…", "原文：…").
_LINK_LINE = compile_lazy(r"^\s*(?:https?://|来源|原文|链接|出处|source|url|link|paper url)", re.I)
#: A line naming the paper or the card the note rests on ("论文：…", "卡片：organized/…").
_META_LINE = compile_lazy(r"^\s*(?:论文|标题|题目|卡片|card|paper|title)\s*[:：]", re.I)
_PAPER_LINE = compile_lazy(r"^\s*(?:论文|标题|题目|paper|title)\s*[:：]\s*(.+?)(?:[，,]\s*(?:作者|by|[A-Z][a-z]+ [A-Z]).*)?$", re.I)
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


@functools.lru_cache(maxsize=8192)
def _figure_value(raw: str) -> tuple[float, str] | None:
    """``(value, unit)`` of a figure as written ("76%", "100 万"), when it is one figure; read once per text (a brief asks
    about the same few hundred figures again and again)."""
    qs = find_figures(raw)
    return (qs[0].value, qs[0].unit) if len(qs) == 1 and qs[0].value is not None else None


def _one_per_number(rows: list[EvidenceFinding]) -> list[str]:
    """The figures of evidence rows, each number once: ``1M`` and ``100 万`` written in the same statement
    ("上下文最长到 1M token（100 万）") are one number, shown as first written.  Figures with the same value in
    different statements stay apart (they may measure different things).  In the order written."""
    def written(e: EvidenceFinding) -> tuple:
        first = min(e.statements, key=lambda st: (st.source, st.line), default=None)
        return (first.source, first.line, first.text.find(e.figure or "")) if first else ("", 0, 0)

    seen: dict[tuple[float, str], set[tuple[str, int]]] = {}
    out: list[str] = []
    for e in sorted(rows, key=written):
        if e.figure in out:
            continue
        places = {(st.source, st.line) for st in e.statements}
        key = _figure_value(e.figure or "")
        if key is not None and places & seen.get(key, set()):
            continue
        if key is not None:
            seen.setdefault(key, set()).update(places)
        out.append(e.figure or "")
    return out


def _is_link(c: SClaim) -> bool:
    """A line that gives an address (starts like one and holds a URL)."""
    return bool(_LINK_LINE.match(c.text)) and bool(find_urls(c.text))


#: A line that only labels what follows it: "结果（ShareGPT，P90）：", "Results:", a callout's bare title ("没想通的地方").
_LABEL_ONLY = compile_lazy(r"^\W*[^。；;.!?！？]{1,36}[:：]\s*$|^\W*[\u4e00-\u9fff]{2,10}\s*$")


def _bucket(c: SClaim, lex) -> str:
    if _LABEL_ONLY.match(c.text) and not c.quantities:
        return "labels"  # (no point of its own: the points are the lines it labels)
    if c.role == "metadata" or lex.evidence_line.match(c.text) or (_META_LINE.match(c.text) and not _is_link(c)):
        return "meta"
    if _is_link(c):
        return "links"
    return {"relation": "relations", "caveat": "caveats"}.get(c.role, "points")


def _meta_role(text: str, lex) -> str:
    """The kind of a metadata line: ``evidence`` (an evidence field), ``paper`` (the paper's title),
    ``card`` (the card it rests on) or ``metadata``."""
    if lex.evidence_line.match(text):
        return "evidence"
    if _PAPER_LINE.match(text):
        return "paper"
    if re.match(r"^\s*(?:卡片|card)\s*[:：]", text, re.I):
        return "card"
    return "metadata"


def _points(claims: list[SClaim], role: str, *, links: bool = False, lex=None) -> list[BriefPoint]:
    """Brief lines from claims: near-identical ones of different sources are one line (links: same URLs)."""
    if links:
        groups: list[list[SClaim]] = []
        for c in claims:
            urls = sorted(u for u, _, _ in find_urls(c.text))
            g = next((g for g in groups if sorted(u for u, _, _ in find_urls(g[0].text)) == urls), None)
            (g.append(c) if g is not None else groups.append([c]))
    else:
        groups = bp.merge_near_identical(claims)
    return [BriefPoint(text=max((c.text for c in g), key=len), role=_meta_role(g[0].text, lex) if lex else role,
                       statements=[statement(c) for c in g])
            for g in groups]


# -- the brief ------------------------------------------------------------------------------------

def workspace_lang(snap: Snapshot, doc: str | None = None) -> str:
    """The default language of the brief and of the contradiction report, ``"zh"`` or ``"en"``: the
    living document's (``doc``, the brief's; else the store's when its living documents share one),
    since the brief is written for the document's curator; else ``"zh"`` when at least half the
    store's sources are Chinese."""
    src = snap.sources.get(doc) if doc else None
    if src is not None:
        return src.lang
    docs = {s.lang for s in snap.sources.values() if s.kind == "living_doc"}
    if len(docs) == 1:
        return docs.pop()
    return "zh" if sum(1 for s in snap.sources.values() if s.lang == "zh") * 2 >= len(snap.sources) else "en"


def generation_time() -> datetime:
    """The time a brief states it was generated: now in the local zone, or ``$SOURCE_DATE_EPOCH``.

    ``SOURCE_DATE_EPOCH`` (reproducible-builds.org/specs/source-date-epoch: whole seconds
    since 1970-01-01T00:00:00Z) gives that instant in UTC, so two runs over the same store
    write the same bytes.  Raises ``QueryError`` when it is set but not such a number.
    """
    import os

    v = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not v:
        return datetime.now().astimezone()
    if not v.isascii() or not v.isdigit():
        raise QueryError(f"SOURCE_DATE_EPOCH={v!r} is not a whole number of seconds since 1970-01-01 UTC")
    try:
        return datetime.fromtimestamp(int(v), tz=timezone.utc)
    except (ValueError, OverflowError, OSError):
        raise QueryError(f"SOURCE_DATE_EPOCH={v!r} is past the last time this system can write "
                         "(9999-12-31T23:59:59Z at most)") from None


def _time(value: str | None) -> str | None:
    """``2026-10-27T22:00:00+08:00`` as written in the shift's zone: ``2026-10-27 22:00``; a manifest that gives a date only
    (``"created": "2026-12-05"``, read as that day's midnight) shows the date only, no invented ``00:00``."""
    if not value:
        return None
    m = re.match(r"^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.0+)?)?)?", value)
    if not m:
        return value
    midnight = m.group(2) == "00:00" and (m.group(3) or ":00").startswith(":00")
    return m.group(1) + (f" {m.group(2)}" if m.group(2) and not midnight else "")


_HEARSAY_REASON = compile_lazy(r"^rests only on\b", re.I)
_JUDGED = {"nothing the living document lacks": "covered", "card of a work already in the living document": "covered",
           "card with no work and no section": "no_work",
           "names no work and no section of the living document": "low"}


class _Ctx:
    """What the assembly of one brief shares: the snapshot, the living document and its sections."""

    def __init__(self, snap: Snapshot, doc: str | None):
        self.snap = snap
        self.doc = doc
        self.lex = load_lexicon()
        self.secs = {s.key: s for s in snap.sections if s.path == doc} if doc else {}
        self.citation_keys = {k for k, s in self.secs.items() if s.citation_list}
        self.listed = snap.cited_in_lists(doc) if doc else {}
        low = self.lex.raw.get("structure", {}).get("low_markers", [])
        #: a writer's words that say an item brings nothing (the judgement's own cue list, read only)
        self.low_words = re.compile("|".join(f"(?:{p})" for p in low) or r"(?!x)x", re.I)

    def claims(self, r: ItemRow) -> list[SClaim]:
        return [c for c in self.snap.claims_of(r.source) if c.item == r.index and c.role != "citation"]


#: The longest increment heading shown whole; a longer item title (a table row, a one-line entry) is cut.
TITLE_WIDTH = 72


def display_title(title: str, kind: str | None = None) -> str:
    """The heading of an increment: the item's title, or for a long one (a table row, a one-line
    entry whose title is its whole text) its first cell that is not an identifier, the title it quotes, else
    cut at the first sentence end, at a label's colon or a dash, or at the last word within ``TITLE_WIDTH``
    characters (an ellipsis marks the cut).

    >>> display_title("FP8 attention on Hopper: the vendor's blog claims 1.8x prefill throughput over FA2 at 16k tokens", "entry")
    'FP8 attention on Hopper'
    """
    t = " ".join((title or "").split())
    if kind not in (None, "entry", "row"):
        return t
    if " | " in t:  # a table row, however short: its cells are not a title
        cells = [c.strip() for c in t.split(" | ")]
        t = next((c for c in cells if len(c) >= 6 and not re.fullmatch(r"[\w./:-]*\d{4}\.\d{4,5}\w*", c)), cells[0])
    if len(t) <= TITLE_WIDTH:
        return t
    q = re.search(r"[\"“「《]([^\"”」》]{8,%d})[\"”」》]" % TITLE_WIDTH, t)
    if q and re.search(r"[A-Za-z\u4e00-\u9fff]{3}", q.group(1)):
        return q.group(1).strip()  # "New kernel paper, https://… — "QGEMM-X: Mixed-Precision …"": the title it quotes
    m = re.search(r"[。；;！？!?]|\.\s", t)
    if m and 8 <= m.start() < TITLE_WIDTH:
        return t[: m.start() + 1].strip()
    m = re.search(r"[:：]\s|\s[—–]\s", t)
    if m and 8 <= m.start() < TITLE_WIDTH:
        return t[: m.start()].strip()  # "FP8 attention on Hopper: the vendor's blog claims …": its label
    cut = t[:TITLE_WIDTH]
    if t[TITLE_WIDTH:TITLE_WIDTH + 1].isalnum() and " " in cut[TITLE_WIDTH // 2:]:
        cut = cut[: cut.rindex(" ")]  # (never in the middle of a word: "throughpu…")
    return cut.rstrip(" ,;，") + "…"


def _version(snap: Snapshot, r: ItemRow, work: str) -> str | None:
    for c in snap.citations_of(r.source):
        if c.arxiv_id == work and c.version and r.line <= c.line <= r.line_end:
            return c.version
    return None


def _topic(ctx: _Ctx, number: int, group: list[ItemRow], findings: list[Contradiction]) -> BriefTopic:
    snap = ctx.snap
    several = len(group) > 1
    sources = []
    claims: list[SClaim] = []
    for i, r in enumerate(group):
        src = snap.sources.get(r.source)
        levels = [lv for lv in r.evidence if lv != "unknown"] or ["unknown"]
        sources.append(BriefTopicSource(
            label=(_CIRCLED[i] if i < len(_CIRCLED) else f"[{i + 1}]") if several else None,
            source=r.source, line=r.line, line_end=r.line_end, title=r.title, agent=src.agent if src else None,
            evidence=min(levels, key=evidence_rank), evidence_levels=levels, kind=r.kind))
        claims.extend(ctx.claims(r))
    buckets: dict[str, list[SClaim]] = defaultdict(list)
    field_lines = {(c.path, c.line) for c in claims if ctx.lex.evidence_line.match(c.text)}
    for c in claims:
        # a sentence that goes on from an evidence field on its own line ("证据等级：二手转述。我核查了正文前半")
        # says how the item was checked: it belongs with the field, not among the key points
        on_field = (c.path, c.line) in field_lines and not c.quantities and c.role == "statement"
        buckets["meta" if on_field else _bucket(c, ctx.lex)].append(c)
    works = list(dict.fromkeys(w for r in group for w in r.works))
    titles = {}
    for c in buckets["meta"]:
        m = _PAPER_LINE.match(c.text)
        if m:
            for w in works:
                titles.setdefault(w, m.group(1).strip().strip("\"'“”「」《》。.").strip())
    arxiv = []
    for w in works:
        st = next((r.statuses[w] for r in group if w in r.statuses), "new")
        ver = next((v for r in group for v in [_version(snap, r, w)] if v), None)
        arxiv.append(BriefArxiv(arxiv_id=w, version=ver, title=snap.title_of(w) or titles.get(w), status=st,
                                increments=[number], where=[f"{r.source}:{r.line}" for r in group if w in r.works]))
    # destinations: the sections the items propose, else provkg's route
    dest = list(dict.fromkeys(k for r in group for k in r.sections if k in ctx.secs))
    routes = {}
    if not dest:
        for r in group:
            if r.route is not None and r.route.key in ctx.secs and r.route.key not in routes:
                routes[r.route.key] = r.route
        dest = list(routes)
    text = "\n".join([r.title for r in group] + [c.text for c in claims])
    mine = {(c.path, c.line) for c in claims}
    sections = []
    for k in dest:
        sec = ctx.secs[k]
        touched, about = bp.touched_entries(snap, ctx.doc, sec, works, text)  # type: ignore[arg-type]
        if not about:
            touched = touched[:1]  # an addition goes next to the closest entry: that one is enough
        # a finding that sets one of the increment's statements against a line of this section: revise that line
        against = [f.b if (f.a.source, f.a.line) in mine else f.a for f in findings
                   if f.kind in ("qualifier", "number", "negation", "version")
                   and ((f.a.source, f.a.line) in mine) != ((f.b.source, f.b.line) in mine)]
        target = next((s for s in against if s.source == ctx.doc and sec.line < s.line <= sec.line_end), None)
        touches = [statement(c) for c in touched]
        if target is not None:
            touches = [target] + [t for t in touches if t.line != target.line][: bp.MAX_TOUCHES - 1]
        ro = routes.get(k)
        sections.append(BriefSection(
            key=k, title=sec.title, verb="revise" if (about or target is not None) else "add", touches=touches,
            **(dict(routed=True, score=ro.score, runner_up=ro.runner_up, runner_up_score=ro.runner_up_score, basis=ro.basis)
               if ro is not None else {})))
    cross = [BriefCross(kind="section", key=k) for r in group for k in r.cross_references
             if k in ctx.secs and k not in dest and k not in ctx.citation_keys]
    for k, entry, c in bp.proposed_cross_refs(snap, ctx.doc, buckets["relations"], dest, ctx.citation_keys):
        if entry is None and any(x.kind == "section" and x.key == k for x in cross):
            cross = [x if not (x.kind == "section" and x.key == k) else x.model_copy(update={"statement": statement(c)})
                     for x in cross]
            continue
        cross.append(BriefCross(kind="entry" if entry is not None else "section", key=k,
                                entry=statement(entry) if entry is not None else None, statement=statement(c)))
    first = sources[0]
    return BriefTopic(
        number=number, title=display_title(group[0].title, group[0].kind), source=first.source, line=first.line, agent=first.agent,
        evidence=min((s.evidence for s in sources), key=evidence_rank),
        evidence_levels=list(dict.fromkeys(lv for s in sources for lv in s.evidence_levels)),
        sources=sources, arxiv=arxiv,
        meta=_points(buckets["meta"], "metadata", lex=ctx.lex), links=_points(buckets["links"], "link", links=True),
        points=_fold(_points(buckets["points"], "statement")), relations=_fold(_points(buckets["relations"], "relation")),
        caveats=_fold(_points(buckets["caveats"], "caveat")), sections=sections, cross=cross,
    )


def _reason_clause(text: str, words: re.Pattern[str]) -> str | None:
    """The part of a writer's line that gives the reason (``H2O … 摘要）。活文档已有，不动。`` ->
    ``活文档已有，不动。``): the table cells or sentences holding one of ``words``, after a
    ``name：`` lead-in; ``None`` when no part holds one."""
    parts = [c.strip() for c in text.split(" | ")] if " | " in text else [text]
    out: list[str] = []
    for p in parts:
        for sent in re.split(r"(?<=[。；;！？!?])\s*|(?<=\.)\s+", p):
            if not sent.strip() or not words.search(sent):
                continue
            m = re.match(r"^(.{2,100}?)(?:：|:\s)\s*(.+)$", sent)
            if m and words.search(m.group(2)):
                sent = m.group(2)
            out.append(bp.verdict_words(sent.strip()) or sent.strip())
    joined = ""
    for part in dict.fromkeys(out):  # parts that end a sentence follow each other; cells get a "；"
        joined += (part if not joined else (" " if joined[-1] in ";!?." else "") + part if joined[-1] in "。；;！？!?."
                   else "；" + part)
    return joined or None


def _low(ctx: _Ctx, r: ItemRow, misfit: Contradiction | None) -> BriefLow:
    """A low-relevance row with the reason the material and the graph give (see ``BriefLow``).

    Reasons, each with its line: the reason inside the writer's verdict line (``判断：低相关（X）``),
    the words an evidence line adds to its level (``页面正文抽取失败（只拿到 CSS）``), and the part of
    any line that says the item brings nothing (the judgement's own ``structure.low_markers`` words).
    The kind: ``misclassified`` (labels that do not fit, with both), ``discarded`` (the writer
    discards it), ``count_update`` (a card or line that only updates a count, with the change and
    the living-document entry that has it), ``hearsay``/``covered``/``no_work`` (the judgement's own
    reason when the writer gives none), else ``low``.
    """
    snap = ctx.snap
    item = next((i for i in snap.items_of(r.source) if i.index == r.index), None)
    claims = ctx.claims(r)
    src = snap.sources.get(r.source)
    card = src is not None and src.kind in ("paper_card", "repo_card")
    writer = item.reason if item is not None and item.reason else None
    title_low = bool(ctx.lex.low_relevance.search(r.title))
    reasons: list[Statement] = []

    def keep(c: SClaim | None, text: str, line: int | None = None) -> None:
        if text and all(x.text != text for x in reasons):
            st = statement(c) if c is not None else Statement(text=text, source=r.source, line=line or r.line,
                                                              line_end=line or r.line)
            reasons.append(st.model_copy(update={"text": text}))

    verdicts = [c for c in claims if bp.VERDICT_LINE.match(c.text)]
    for c in verdicts:
        keep(c, bp.verdict_words(c.text))
    for c in claims:
        m = ctx.lex.evidence_line.match(c.text)
        if c in verdicts:
            continue
        if m:  # the evidence line says more than a level: "厂商自述；页面正文抽取失败（只拿到 CSS）"
            if not re.fullmatch(r"[A-Za-z_ -]{0,24}", m.group(1).strip()):
                keep(c, m.group(1).strip())
        elif not (card and (c.quantities or re.search(r"[\"“”「」]", c.text))):  # "Nothing new for us."
            keep(c, _reason_clause(c.text, ctx.low_words) or "")  # (a card's quoted abstract is not the writer's)
    if writer and not _HEARSAY_REASON.match(writer) and not verdicts and writer != _strip_title(r.title):
        keep(None, _reason_clause(writer, ctx.low_words) or "", r.line)
    judged = None
    kind = "low"
    levels = [lv for lv in r.evidence if lv != "unknown"]
    if r.reason and _HEARSAY_REASON.match(r.reason):
        kind, judged = "hearsay", r.reason
        # the levels the judgement names ("rests only on second hand, unverified")
        named = [w.strip().replace(" ", "_") for w in _HEARSAY_REASON.sub("", r.reason).split(",")]
        levels = list(dict.fromkeys([w for w in named if w in EVIDENCE_LEVELS] + levels))
    elif r.reason in _JUDGED:
        kind, judged = _JUDGED[r.reason], r.reason
    change = change_line = entry = content = None
    labels: list[str] = []
    verdict_text = " ".join([r.title, writer or ""] + [c.text for c in verdicts])
    if misfit is not None:
        kind = "misclassified"
        labels = [t.strip() for t in re.sub(r"^\s*tags\s*:\s*", "", misfit.a.text).split(",") if t.strip()]
        content = misfit.b
    elif bp.is_discard(verdict_text) and (verdicts or title_low or writer):
        kind = "discarded"
    # a count the material updates (a card's stars or citations) and the entry that has it already
    naming: list[SClaim] = []
    if ctx.doc:
        doc_claims = [c for c in snap.claims_of(ctx.doc) if c.role != "citation"]
        name = bp.title_head(r.title)
        names = [n for n in {name, *re.findall(r"[\w.-]+/[\w.-]+", r.title)} if len(n) >= 4 and "/" in n or card and len(n) >= 4]
        naming = [c for c in doc_claims if any(n.casefold() in c.text.casefold() for n in names)]
        naming += [c for c in doc_claims if r.source in c.text and c not in naming]
    cc = bp.count_change(claims, naming) if card else None
    if cc is not None and kind in ("low", "no_work", "covered"):
        kind = "count_update"
        change = f"{cc.old} → {cc.new}" if cc.old else cc.new
        change_line = cc.line
    if kind in ("count_update", "covered", "no_work") and naming:
        entry = statement(naming[0])
    elif kind in ("covered", "count_update"):
        cit = next((ctx.listed[w] for w in r.works if w in ctx.listed), None)
        if cit is not None:
            entry = Statement(text=cit.title or cit.raw, source=cit.path, line=cit.line, line_end=cit.line)
    if kind == "no_work" and entry is not None:
        kind = "covered"
    return BriefLow(material=display_title(r.title, r.kind), source=r.source, line=r.line, line_end=r.line_end,
                    kind=kind, works=list(r.works), reasons=reasons, judged=judged, change=change,
                    change_line=change_line, labels=labels, content=content, entry=entry,
                    levels=levels)


def _strip_title(title: str) -> str:
    """A title with its markup removed (the form ``ingest`` gives a heading's verdict as reason)."""
    return " ".join((title or "").split())


def _manifest_extras(store: Store, snap: Snapshot, mid: str) -> tuple[str | None, str | None]:
    """``(queue path, author)`` the manifest names (``kg:queueDoc``, ``prov:wasAttributedTo``)."""
    from .scope import manifest_docs

    q, author = manifest_docs(store, mid)
    return (snap.path_of(q) if q else None), author


def brief_data(
    store: Store, manifest: str, *, now: datetime | None = None, lang: str | None = None,
    snapshot: Snapshot | None = None, author: str | None = None,
) -> BriefData:
    """Collect the brief for ``manifest`` (ID or path).

    Without ``snapshot`` the brief reads only the manifest's scope
    (``queries.scope.manifest_scope``: its materials, living document and queue, and the sources
    naming its works by arXiv ID), which keeps it fast on a large store; pass a whole-store
    ``snapshot`` to read everything instead.  ``author`` overrides the manifest's author and the
    work queue's claimant.

    ``manifest_path`` is the file ``manifest`` names when it is the path of one of the files
    declaring the manifest's ID, else the one named after the ID (``<manifest_id>.json``), else the
    first of them.

    Raises ``QueryError`` when the manifest is not in the store.
    """
    asked = manifest.replace("\\", "/")
    if snapshot is None:
        from .scope import manifest_scope, scoped_snapshot

        scope = manifest_scope(store, manifest)
        snap = scoped_snapshot(store, list(scope.graphs))
        manifest = scope.manifest_id
    else:
        snap = snapshot
    mitems = snap.manifest_items_for(manifest)
    if not mitems:
        raise QueryError(no_manifest(manifest, (i.manifest_id for i in snap.manifest_items)))
    mid = mitems[0].manifest_id
    mitems = [m for m in mitems if m.manifest_id == mid]
    files = sorted({m.manifest_path for m in snap.manifest_items if m.manifest_id == mid})
    named = [p for p in files if asked == p or asked.endswith("/" + p)] or [p for p in files if named_after_id(p, mid)]
    manifest_path = named[0] if named else mitems[0].manifest_path
    doc = snap.path_of(mitems[0].knowledge)
    fallback = doc is None and bool(snap.living_docs())
    if fallback:
        doc = snap.living_docs()[0]
    ctx = _Ctx(snap, doc)

    rows = shift_item_rows(store, mid, snap, scoped=snapshot is None)  # the index's `query items` (issue 20)
    mats = increments(store, manifest=mid, snapshot=snap)
    material_paths = {m.path for m in mitems}
    shift_works = {f"arXiv:{w}" for r in rows for w in r.works} | {
        f"arXiv:{c.arxiv_id}" for p in material_paths for c in snap.citations_of(p)}
    findings = [f for f in contradictions(snap) if concerns_shift(f, material_paths, shift_works)]
    ev_rows = [e for e in evidence(store, snapshot=snap) if concerns_shift(e, material_paths, shift_works)]
    audit = [e for e in ev_rows if e.kind == "figure" and e.best_evidence == "unverified"]
    misfits = {f.subject: f for f in findings if f.kind == "label_mismatch"}
    low_materials = {m.source for m in mats if m.relevance == "low" and MISLABELLED in m.reasons}

    cand: list[ItemRow] = []
    low_rows: list[tuple[ItemRow, Contradiction | None]] = []
    for r in rows:
        misfit = misfits.get(r.source) if r.source in low_materials else None
        if r.relevance == "increment" and misfit is None:
            cand.append(r)
        else:
            low_rows.append((r, misfits.get(r.source) if r.source in misfits else None))
    topics = [_topic(ctx, n, g, findings) for n, g in enumerate(_group(cand), 1)]
    low = [_low(ctx, r, m) for r, m in low_rows]

    # cross-references between increments: one names the other's title head or works
    heads = {t.number: bp.title_head(t.title) for t in topics}
    by_n = {t.number: t for t in topics}
    tclaims = {t.number: [c for s in t.sources for c in snap.claims_of(s.source)
                          if s.line <= c.line <= s.line_end and c.role != "citation"] for t in topics}
    for a, b, c in bp.increment_links(heads, {t.number: {w.arxiv_id for w in t.arxiv} for t in topics}, tclaims):
        by_n[a] = by_n[a].model_copy(update={"cross": by_n[a].cross + [BriefCross(kind="increment", increment=b,
                                                                                 statement=statement(c))]})
    topics = [by_n[t.number] for t in topics]

    citable = _citable(ctx, topics, low, {(r.source, r.line): r.title for r in rows})
    warnings = _warnings(ctx, topics, low, findings, ev_rows, tclaims)
    actions = _actions(ctx, topics, citable, findings)

    materials = [BriefMaterial(order=m.order, source=m.source, agent=m.agent, evidence=m.evidence,
                               relevance=m.relevance, ingested=m.ingested) for m in mats]
    queue, mauthor = _manifest_extras(store, snap, mid)
    qf = bp.queue_facts(snap, queue, mid, manifest_path) if queue else None
    df = bp.doc_facts(snap, doc) if doc else None
    who, whence = (author, "option") if author else (mauthor, "manifest") if mauthor else \
        ((qf.author, "queue") if qf and qf.author else (None, None))
    return BriefData(
        manifest_id=mid, manifest_path=manifest_path, knowledge=doc, knowledge_sections=len(ctx.secs),
        knowledge_fallback=fallback,
        knowledge_lines=df.lines if df else 0, knowledge_updated=df.updated if df else None,
        knowledge_updated_line=df.updated_line if df else None,
        knowledge_citations=next(iter(sorted(ctx.citation_keys)), None) if doc else None,
        queue=queue, queue_time=qf.time if qf else None, agent=who, agent_from=whence, shift_time=_time(mitems[0].created),
        generated=(now or generation_time()).isoformat(timespec="minutes"),
        lang=lang or workspace_lang(snap, doc), materials=materials, topics=topics, low=low, warnings=warnings,
        findings=findings, audit=audit, citable=citable, actions=actions, listed=len(mats),
        consumed=sum(1 for m in mats if m.ingested), missing=[m.source for m in mats if not m.ingested],
        domain=(doc.rsplit("/", 1)[-1].rsplit(".", 1)[0] if doc else None),
        shift_date=(mitems[0].created or "")[:10] or None,
    )


# -- the citable list ----------------------------------------------------------------------------

def _heading_title(title: str, lex) -> str:
    """A work's title as an item heading writes it: without a leading verdict (``丢弃：``) and the ID
    in brackets after it; empty when what is left is an identifier or a few characters."""
    t = title or ""
    m = lex.low_relevance.match(t)
    if m:
        t = re.sub(r"^\s*[:：]\s*", "", t[m.end():])
    t = re.sub(r"\s*[（(]\s*(?:arXiv\s*[:：]?\s*)?[\w./-]*\d{4}\.\d{4,5}\w*\s*[）)]\s*$", "", t, flags=re.I).strip()
    # (an entry whose heading is its whole text, "Lookahead decoding got another round of attention … Paper:
    # arxiv.org/abs/2402.02" cut short, is no title: sentences, a link or an identifier cut in two)
    if re.search(r"[.!?。！？]\s|https?://|arxiv\.org/|\b\d{4}\.\d{0,3}$", t, re.IGNORECASE) or len(t) > 150:
        return ""
    return t if len(t) >= 8 and not re.search(r"\d{4}\.\d{4,5}", t) else ""


_LOW_STATUS = {"misclassified": "misclassified", "discarded": "discarded"}


def _citable(ctx: _Ctx, topics: list[BriefTopic], low: list[BriefLow], titles: dict[tuple[str, int], str]
             ) -> list[BriefArxiv]:
    """Every work of the shift's items once, with the status the curator needs (``CITABLE_STATUSES``);
    ``titles`` gives the items' full titles by ``(source, line)`` (a discarded work's title is its heading)."""
    out: dict[str, BriefArxiv] = {}
    for t in topics:
        for a in t.arxiv:
            if a.arxiv_id in out:
                old = out[a.arxiv_id]
                out[a.arxiv_id] = old.model_copy(update={"increments": old.increments + [t.number],
                                                         "where": old.where + a.where})
                continue
            revise = next((s.touches[0] for s in t.sections if s.verb == "revise" and s.touches), None)
            out[a.arxiv_id] = a.model_copy(update={"entry": revise if a.status == "already_cited" else None})
    for r in low:
        for w in r.works:
            if w in out:
                if not out[w].increments:
                    out[w] = out[w].model_copy(update={"where": out[w].where + [f"{r.source}:{r.line}"]})
                continue
            cited = w in ctx.listed
            st = _LOW_STATUS.get(r.kind) or ("already_cited" if cited else "weak")
            title = ctx.snap.title_of(w)
            if title is None and len(r.works) == 1:  # "丢弃：Title（arXiv:…）": the heading names the work
                title = _heading_title(titles.get((r.source, r.line), r.material), ctx.lex) or None
            out[w] = BriefArxiv(arxiv_id=w, title=title, status=st, where=[f"{r.source}:{r.line}"],
                                version=next((c.version for c in ctx.snap.citations_of(r.source)
                                              if c.arxiv_id == w and c.version and r.line <= c.line <= r.line_end), None))
    order = {a: i for i, a in enumerate(out)}
    return sorted(out.values(), key=lambda a: (CITABLE_STATUSES.index(a.status), order[a.arxiv_id]))


# -- warnings across increments --------------------------------------------------------------------

def _where(topics: list[BriefTopic]):
    """``(source, line) -> increment number`` for the lines of the increments' items."""
    spans = [(s.source, s.line, s.line_end, t.number) for t in topics for s in t.sources]

    def find(source: str, line: int) -> int | None:
        return next((n for p, a, b, n in spans if p == source and a <= line <= b), None)

    return find


def _bare(fig: str) -> bool:
    return bool(re.fullmatch(r"\d+", fig.strip()))


def _side_patterns(lex) -> dict[str, dict[str, re.Pattern[str]]]:
    """Qualifier sides by aspect label: the lexicon's ``qualifier_pairs`` and ``facts.qualifier_aspects``."""
    out: dict[str, dict[str, re.Pattern[str]]] = {p.label_en: dict(p.sides) for p in lex.qualifier_pairs}
    for a in lex.raw.get("facts", {}).get("qualifier_aspects", []):
        # (compiled when a side is first asked: a brief asks a few of some 180 sides, and compiling all cost 0.1 s of each)
        out.setdefault(a["label_en"], {k: compile_lazy("|".join(f"(?:{x})" for x in v), re.I) for k, v in a["sides"].items()})
    return out


_SIDES = compile_lazy(r"^(?P<label>.+?): '(?P<a>[^']+)' vs '(?P<b>[^']+)'$")


def _side_phrase(lex, text: str, finding: Contradiction, side: str = "a", *, fallback: bool = False) -> str | None:
    """The words of ``text`` that take ``side`` (``a`` or ``b``) of a qualifier finding (``任意到达``): the
    finding's summary names the aspect and the sides, the lexicon's patterns find the words.  Where the
    text has none of them (a side read from a negation, "it is not lossless"), None, or with ``fallback``
    the side's name (``lossy``)."""
    m = _SIDES.match(finding.summary or "")
    if m is None:
        return None
    pats = _side_patterns(lex).get(m.group("label"), {})
    pat = pats.get(m.group(side))
    hit = pat.search(text or "") if pat is not None else None
    if hit is None:
        return m.group(side).replace("_", " ") if fallback else None
    return hit.group(0)


def _warnings(ctx: _Ctx, topics: list[BriefTopic], low: list[BriefLow], findings: list[Contradiction],
              ev_rows: list[EvidenceFinding], tclaims: dict[int, list[SClaim]]) -> list[BriefWarning]:
    """The warnings summary: judgements across increments, grouped by kind (``WARNING_KINDS``)."""
    where = _where(topics)
    out: list[BriefWarning] = []
    lex = ctx.lex

    def incs(*sts: Statement) -> list[int]:
        return sorted({n for s in sts for n in [where(s.source, s.line)] if n is not None})

    def evidence_lines(t: BriefTopic) -> list[Statement]:
        lines = [st for p in t.meta for st in p.statements if lex.evidence_line.match(st.text)]
        return lines or [Statement(text=s.title, source=s.source, line=s.line, line_end=s.line) for s in t.sources]

    by_work = {a.arxiv_id: t.number for t in topics for a in t.arxiv}
    flagged = {(f.subject, d.removeprefix("figure: ")) for f in findings if f.kind == "unverified_figure" for d in f.detail}
    # 1. evidence discipline: works whose best support stops at the abstract or a card; their figures
    # (the rows that may be such a figure, found once: every topic scanning every row of a 10,000-note store, rebuilding its
    # set of subjects per row, was a second of each brief)
    shallow = [e for e in ev_rows if e.kind == "figure" and e.figure and e.best_evidence in ("abstract_checked", "card_only")
               and (e.subject, e.figure) not in flagged and not _bare(e.figure)]
    for t in topics:
        if not t.arxiv or t.evidence not in ("abstract_checked", "card_only"):
            continue
        subjects = {f"arXiv:{a.arxiv_id}" for a in t.arxiv}
        # (the increment's figures, not the living document's: "3.3x" of the document's Sequoia line was listed as the
        # note's)
        figs = _one_per_number([e for e in shallow if e.subject in subjects and any(st.source != ctx.doc for st in e.statements)])
        out.append(BriefWarning(kind="evidence", increments=[t.number], subject=", ".join(f"arXiv:{a.arxiv_id}" for a in t.arxiv),
                                figures=figs, statements=evidence_lines(t)))
    # 2. unverified figures: one entry per (work, flagging line)
    groups: dict[tuple[str, str, int], list[Contradiction]] = defaultdict(list)
    for f in findings:
        if f.kind == "unverified_figure":
            groups[(f.subject, f.b.source, f.b.line)].append(f)
    for (subj, _s, _l), fs in groups.items():
        figs = [d.removeprefix("figure: ") for f in fs for d in f.detail if d.startswith("figure: ")]
        n = incs(fs[0].b) or ([by_work[subj.removeprefix("arXiv:")]] if subj.removeprefix("arXiv:") in by_work else [])
        out.append(BriefWarning(kind="unverified", increments=n, subject=subj, figures=list(dict.fromkeys(figs)),
                                statements=[fs[0].b], others=sorted({f.a for f in fs}, key=lambda s: (s.source, s.line))))
    for e in ev_rows:
        if e.kind == "figure" and e.best_evidence == "unverified" and (e.subject, e.figure) not in flagged:
            out.append(BriefWarning(kind="unverified", increments=incs(*e.statements), subject=e.subject,
                                    figures=[e.figure or ""], others=e.statements))
    # 3. second-hand: increments resting on someone else's word; two of them that name each other
    hearsay = [t for t in topics if {"second_hand", "vendor_self_reported"} & set(t.evidence_levels)
               and t.evidence not in ("full_text",)]
    if hearsay:
        out.append(BriefWarning(kind="second_hand", increments=[t.number for t in hearsay],
                                statements=[evidence_lines(t)[0] for t in hearsay]))
    hs = {t.number for t in hearsay}
    for t in topics:
        for x in t.cross:
            if x.kind == "increment" and t.number in hs and x.increment in hs and x.statement is not None:
                out.append(BriefWarning(kind="second_hand", increments=sorted([t.number, x.increment]),
                                        statements=[x.statement], subject="pair"))
    # 4. simulated, not measured
    for t in topics:
        for c in tclaims[t.number]:
            if "testbed:simulated" in c.qualifiers or ("testbed:measured" in c.qualifiers and c.negated):
                out.append(BriefWarning(kind="simulated", increments=[t.number], statements=[statement(c)]))
    # 5. contamination, conflicts and labels from the contradiction rules
    quals: dict[tuple[str, str, int], list[Contradiction]] = defaultdict(list)
    low_misfits = {r.source for r in low if r.kind == "misclassified"}
    for f in findings:
        if f.kind == "contamination":
            out.append(BriefWarning(kind="contamination", increments=incs(f.b, f.a), subject=f.subject,
                                    statements=[f.b], others=[f.a]))
        elif f.kind == "qualifier":
            quals[(f.subject, f.a.source, f.a.line)].append(f)
        elif f.kind in ("number", "negation", "version", "title"):
            out.append(BriefWarning(kind=f.kind, increments=incs(f.a, f.b), subject=f.subject,
                                    statements=[f.a], others=[f.b]))
        elif f.kind == "label_mismatch" and f.subject not in low_misfits:
            out.append(BriefWarning(kind="label_mismatch", increments=incs(f.a, f.b), subject=f.subject,
                                    statements=[f.b], others=[f.a]))
    for (subj, _s, _l), fs in quals.items():
        a = fs[0].a
        sides = [_side_phrase(lex, a.text, fs[0], "a", fallback=True) or "",
                 _side_phrase(lex, fs[0].b.text, fs[0], "b", fallback=True) or ""]
        out.append(BriefWarning(kind="qualifier", increments=incs(a, *(f.b for f in fs)), subject=subj,
                                statements=[a], others=[f.b for f in fs], sides=sides))
    # 7. figures the section's entries carry and the increment lacks
    for t in topics:
        for s in t.sections:
            sec = ctx.secs.get(s.key)
            if sec is None or s.verb != "add" or ctx.doc is None:
                continue
            points = [c for c in tclaims[t.number] if c.role in ("statement", "caveat")]  # relations quote the document
            miss = bp.missing_figures(bp.section_entries(ctx.snap, ctx.doc, sec), points)
            if miss:
                metric, entries = miss
                figs = [f"{bp.entry_name(e.text)} {q.raw}".strip() for e in entries for q in e.quantities if q.metric == metric]
                # figures of another measure ("has none" would be false); a context length or a size is no measure
                # ("100 万 token 上下文、552B 参数": the seed's "无任何可核查数字")
                other = [statement(c) for c in points if any(q.metric not in (None, "context", "batch") and q.unit != "count"
                                                             for q in c.quantities)]
                out.append(BriefWarning(kind="missing_figures", increments=[t.number], subject=s.key, figures=figs,
                                        statements=other, others=[statement(e) for e in entries]))
    # 8. unknown origin: an unverified caveat naming an existing entry of a destination section
    for t in topics:
        heads = []
        for s in t.sections:
            sec = ctx.secs.get(s.key)
            if sec is not None and ctx.doc:
                for e in bp.section_entries(ctx.snap, ctx.doc, sec):
                    h = bp.entry_name(e.text)
                    if 4 <= len(h) <= 40:
                        heads.append((h, e))
        for c in tclaims[t.number]:
            if c.role != "caveat" or not (c.unverified or "unverified" in c.evidence_levels):
                continue
            for h, e in heads:
                if h.casefold() in c.text.casefold():
                    out.append(BriefWarning(kind="unknown_origin", increments=[t.number], subject=h,
                                            statements=[statement(c)], others=[statement(e)]))
                    break
    return sorted(out, key=lambda w: WARNING_KINDS.index(w.kind))


# -- merge actions ----------------------------------------------------------------------------------

def _actions(ctx: _Ctx, topics: list[BriefTopic], citable: list[BriefArxiv],
             findings: list[Contradiction]) -> list[BriefAction]:
    """Merge actions by priority: revise existing lines (1), add new works with evidence (2), cite
    them (3), add the rest (4), cross-references (5); within a priority by evidence, then increment."""
    lex = ctx.lex
    rows: list[tuple[tuple, BriefAction]] = []
    adds: dict[str, list[BriefTopic]] = defaultdict(list)
    for t in topics:
        mine = {(st.source, st.line) for p in t.points + t.relations + t.caveats for st in p.statements}
        for s in t.sections:
            if s.verb == "revise":
                target = s.touches[0] if s.touches else None
                change: list[str] = []
                for f in findings:
                    if f.kind == "qualifier" and target is not None and (f.b.source, f.b.line) == (target.source, target.line) \
                            and (f.a.source, f.a.line) in mine:
                        change = [x for x in (_side_phrase(lex, f.b.text, f, "b"), _side_phrase(lex, f.a.text, f, "a")) if x]
                rows.append(((1, evidence_rank(t.evidence), t.number), BriefAction(
                    priority=1, verb="revise", section=s.key, title=s.title, increments=[t.number],
                    works=[a.arxiv_id for a in t.arxiv], target=target, change=change, routed=s.routed)))
            else:
                adds[s.key].append(t)
    for k, ts in adds.items():
        sec = ctx.secs.get(k)
        tier = 2 if any(t.arxiv for t in ts) else 4
        best = min(ts, key=lambda t: (0 if t.arxiv else 1, evidence_rank(t.evidence), t.number))
        s0 = next(s for s in best.sections if s.key == k)
        rows.append(((tier, evidence_rank(best.evidence), best.number), BriefAction(
            priority=tier, verb="add", section=k, title=sec.title if sec else None, increments=[t.number for t in ts],
            works=[a.arxiv_id for t in ts for a in t.arxiv], target=s0.touches[0] if s0.touches else None,
            routed=all(next(s for s in t.sections if s.key == k).routed for t in ts),
            routed_increments=[t.number for t in ts if next(s for s in t.sections if s.key == k).routed])))
    to_cite = [a for a in citable if a.status in ("new", "not_in_citation_list") and a.increments]
    if to_cite:
        key = next(iter(sorted(ctx.citation_keys)), None)
        rows.append(((3, 0, min(a.increments[0] for a in to_cite)), BriefAction(
            priority=3, verb="cite", section=key, title=ctx.secs[key].title if key else None,
            increments=list(dict.fromkeys(n for a in to_cite for n in a.increments)),
            works=[a.arxiv_id for a in to_cite])))
    seen: set = set()
    for t in topics:
        for x in t.cross:
            dest = t.sections[0].key if t.sections else None
            if x.kind == "increment":
                k = frozenset((t.number, x.increment))
                if k in seen:
                    continue
                seen.add(k)
                rows.append(((5, 0, t.number), BriefAction(priority=5, verb="cross_reference", section=dest,
                                                           increments=sorted([t.number, x.increment or 0]),
                                                           source=x.statement)))
            else:
                sec = ctx.secs.get(x.key or "")
                rows.append(((5, 0, t.number), BriefAction(
                    priority=5, verb="cross_reference", section=x.key, title=sec.title if sec else None,
                    increments=[t.number], other_section=dest if x.kind == "section" else None,
                    target=x.entry, source=x.statement)))
    rows.sort(key=lambda t: t[0])
    return [a for _k, a in rows]
