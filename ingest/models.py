"""Validated records that ``ingest`` produces and everything downstream trusts.

Every record is a frozen pydantic model (``extra="forbid"``) so that a typo in a
field name fails loudly at the boundary (pydantic docs, *concepts/models*:
"Extra data", "Faux immutability").  Each record keeps where it came from: a
workspace-relative ``source`` path (POSIX separators) and a 1-based ``line`` /
``line_end`` span, inclusive.

Record shapes
-------------
``ParsedSource`` is what one file becomes.  It holds the file's metadata and the
lists of things extracted from it: ``ArxivRef`` mentions, ``Claim`` statements,
``Section`` headings (living documents), ``Item`` groups (a note's topics),
and, for the two structured kinds, a ``Manifest`` or a ``BriefDoc``.
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "FrozenModel",
    "EVIDENCE_LEVELS",
    "EVIDENCE_RANK",
    "evidence_rank",
    "EvidenceLevel",
    "SourceKind",
    "SOURCE_KINDS",
    "ArxivRef",
    "Quantity",
    "Claim",
    "Section",
    "Item",
    "ManifestItem",
    "named_after_id",
    "Manifest",
    "BriefIncrement",
    "BriefCitation",
    "BriefLowRelevance",
    "BriefDoc",
    "ParsedSource",
]

#: The closed vocabulary of evidence levels, strongest first.  Documented in
#: ``docs/FORMAT.md``; ``unknown`` is the default when nothing says otherwise.
EVIDENCE_LEVELS: tuple[str, ...] = (
    "full_text",            # method and experiments read in the full text
    "abstract_checked",     # the abstract page (and version history) was checked
    "card_only",            # only an aggregated paper/repo card was read
    "second_hand",          # a digest, newsletter or someone else's summary
    "vendor_self_reported", # the vendor's or author's own claim, not reproduced
    "unverified",           # explicitly marked as not verified
    "unknown",              # nothing in the source says
)
EvidenceLevel = Literal[
    "full_text",
    "abstract_checked",
    "card_only",
    "second_hand",
    "vendor_self_reported",
    "unverified",
    "unknown",
]
#: Lower is stronger.  ``unknown`` ranks below everything that was stated.
EVIDENCE_RANK: dict[str, int] = {name: i for i, name in enumerate(EVIDENCE_LEVELS)}


def evidence_rank(level: str) -> int:
    """``EVIDENCE_RANK`` of ``level``; a level outside the closed list (only a raw write such as
    ``provkg import`` can store one, and ``provkg validate`` reports it) ranks below every known one."""
    return EVIDENCE_RANK.get(level, len(EVIDENCE_RANK))

SOURCE_KINDS: tuple[str, ...] = (
    "note", "paper_card", "repo_card", "living_doc", "manifest", "brief", "queue",
)
SourceKind = Literal["note", "paper_card", "repo_card", "living_doc", "manifest", "brief", "queue"]


class FrozenModel(BaseModel):
    """Base of every provkg record and result: unknown fields are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)



class ArxivRef(FrozenModel):
    """One written mention of an arXiv work.

    ``arxiv_id`` is the bare key without version (``2502.07115``,
    ``hep-th/9901001``); ``version`` is ``"v5"`` or ``None``; ``raw`` is the
    text as written.  ``title``/``date``/``venue`` are filled where the citing
    line gives them (living-document rows); ``section`` is the key of the
    section the mention sits in (``"3.1"``, ``"七"``) or ``None``; ``alias`` the short name written
    right before the identifier (``SmoothQuant (arXiv:2211.10438)``, ``Mooncake（2407.00079）``),
    when it looks like a name (``ingest.text.alias_before``).
    """

    arxiv_id: str
    version: str | None = None
    raw: str
    line: int
    title: str | None = None
    date: str | None = None
    venue: str | None = None
    section: str | None = None
    alias: str | None = None


class Quantity(FrozenModel):
    """A number with its unit, as written in a claim.

    ``raw`` is the matched text (``"5.94x"``, ``"3.87-5.84×"``, ``"大概3倍"``);
    ``value`` (and ``value_high`` for ranges) are floats; ``unit`` is one of
    ``%``, ``x``, ``B`` (billions of parameters), ``M``/``K`` (tokens or counts),
    ``GPU-h``, ``$`` ...; ``metric`` is the nearby metric word when one is
    found (``"latency"``, ``"throughput"``, ``"compression"``), else ``None``;
    ``approx`` is true for hedged figures (``大概``, ``about``, ``~``).  ``bound`` says the figure
    is a ceiling (``up to``, ``最高``) or a floor (``more than``, ``以上``); ``explicit`` that the
    metric is written (not the default of a bare ``x``); ``direction`` ``down`` for a reduction
    (``less``, ``降低``); ``conditions`` are ``category:value`` strings (``hw:a100``,
    ``bench:mt-bench``, ``base:vllm``, ``ctx:1000000``) under which it holds (``ingest.facts``).
    """

    raw: str
    value: float
    value_high: float | None = None
    unit: str
    metric: str | None = None
    approx: bool = False
    bound: Literal["max", "min"] | None = None
    explicit: bool = False
    direction: Literal["down", "delta"] | None = None  # delta: "+0.27 ppl over FP16", a difference from a baseline
    conditions: tuple[str, ...] = ()


ClaimRole = Literal["statement", "caveat", "relation", "metadata", "citation", "action", "background"]


class Claim(FrozenModel):
    """A sentence or list item that says something.

    ``role``: ``caveat`` for text under a warning heading (值得警惕, Caveats),
    ``relation`` for how it relates to the living document, ``citation`` for
    a living-document citation row, ``action`` for a merge action, ``background`` for a
    one-paper note's motivation (what the paper improves on: ``## 一、问题与动机``), else
    ``statement``.  ``section`` is the key of the enclosing living-document
    section (living documents) and ``item`` the index of the enclosing note
    item (notes).  ``section_refs`` are the ``§`` sections the text names;
    ``suggested_sections`` the ones it proposes as destination ("建议归入 §3.1").
    ``subjects`` are arXiv keys the claim is about (direct mentions or aliases
    resolved later), ``qualifiers`` the lexicon qualifier keys it uses,
    ``negated`` whether it carries a negation or a "not verified" marker.
    ``evidence_levels`` are every level the claim's own words (or, failing them, its item's or its
    note's) state, in vocabulary order (``ingest.evidence``); ``evidence`` is the most cautious of
    them (``unknown`` when none).  ``cross_refs`` are the sections it cross-references ("cross-link
    from 6.1"); ``version`` the arXiv version the statement is tied to (``v3``: an identifier written
    with it, or "v3" in the text), if any; ``predicates`` what it says is or is not done
    (``-quantize:kv_cache`` for "does not quantize the KV cache", ``ingest.facts.predicates``).
    ``line_starts``: for a statement over several lines (a living document's wrapped list entry), the offset in ``text``
    at which each of its lines after the first begins, so a finding can point at the line that says it.
    ``quantities`` carry their metric, bound and conditions and ``qualifiers`` the side of each
    contrasting aspect the claim asserts (``fidelity:lossless``; ``ingest.facts``).
    """

    text: str
    line: int
    line_end: int
    role: ClaimRole = "statement"
    section: str | None = None
    item: int | None = None
    evidence: EvidenceLevel = "unknown"
    arxiv: tuple[ArxivRef, ...] = ()
    quantities: tuple[Quantity, ...] = ()
    section_refs: tuple[str, ...] = ()
    suggested_sections: tuple[str, ...] = ()
    subjects: tuple[str, ...] = ()
    qualifiers: tuple[str, ...] = ()
    negated: bool = False
    unverified: bool = False
    evidence_levels: tuple[EvidenceLevel, ...] = ()
    cross_refs: tuple[str, ...] = ()
    version: str | None = None
    predicates: tuple[str, ...] = ()
    line_starts: tuple[int, ...] = ()


class Section(FrozenModel):
    """A numbered heading of a living document.

    ``key`` is the normalised section number (``"3.1"``, ``"6"``, ``"七"``)
    or, for an unnumbered heading, a slug of its title; ``title`` the heading
    text without the number; ``line``..``line_end`` its span (up to the next
    heading of the same or a higher level); ``parent`` the enclosing key;
    ``is_citation_list`` marks the reference list (§七, References, 引用列表).
    """

    key: str
    title: str
    level: int
    line: int
    line_end: int
    parent: str | None = None
    is_citation_list: bool = False


class Item(FrozenModel):
    """A topic of a note or card (``ingest.structure``): a heading, a list entry, a table row, a
    pseudo-heading, a ``---`` block, or the whole note (a one-paper note, a card).

    ``index`` is 0-based in file order; ``kind`` says which of those it is (``note``, ``heading``,
    ``entry``, ``row``, ``pseudo``, ``block``).  ``works`` are the arXiv keys it is *about*, in
    order; ``mentions`` the others it names (comparisons, passing references); ``title_ref`` a title
    to resolve against known works when it names no identifier (a title-only note).
    ``relevance`` is the writer's own verdict: ``"low"`` (nothing new, noise, discarded, only a
    citation to add), ``"increment"`` (it proposes a change to the living document) or
    ``"unknown"``; ``relevance_reason`` quotes the wording that decided it.  ``evidence_levels``
    are the levels its heading and opening state (else the first depth its body states, else the
    note's), ``evidence`` the most cautious of them.  ``sections`` are the living-document sections
    it proposes as destination (keys such as ``"3.1"``, or a heading's title written without a
    number); ``cross_refs`` those it cross-references.
    """

    index: int
    title: str
    line: int
    line_end: int
    evidence: EvidenceLevel = "unknown"
    relevance: Literal["increment", "low", "unknown"] = "unknown"
    relevance_reason: str | None = None
    urls: tuple[str, ...] = ()
    kind: str = "heading"
    works: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    title_ref: str | None = None
    evidence_levels: tuple[EvidenceLevel, ...] = ()
    sections: tuple[str, ...] = ()
    cross_refs: tuple[str, ...] = ()


#: The end of the reason of an item resting only on someone else's word that its writer nonetheless places ("Only heard it
#: from the episode, paper still unread. Probably a 4.2 item."): low at ingest, an increment once the work it brings is
#: known to be new to the living document (``queries.items.judge_relevance``).
PLACED_HEARSAY = " (its writer places it)"


def named_after_id(path: str, manifest_id: str) -> bool:
    """True when the manifest file at workspace path ``path`` is named after ``manifest_id``
    (``work-guard/<manifest_id>.json``, as the sample names its manifests): of several files declaring
    one ID, that one is the original and the others copies."""
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0] == manifest_id


class ManifestItem(FrozenModel):
    """One material listed by an increment manifest.

    ``path`` is workspace-relative; ``kind`` free text such as
    ``critical_read``; ``evidence`` lists the references (arXiv IDs, URLs) the
    material rests on, as written.
    """

    path: str
    kind: str | None = None
    agent: str | None = None
    title: str | None = None
    evidence: tuple[str, ...] = ()

    @field_validator("path")
    @classmethod
    def _workspace_path(cls, v: str) -> str:
        """The path as the workspace's files are named: ``./inbox/a.md`` and ``inbox//a.md`` are
        ``inbox/a.md`` (a ``./`` a shell's completion writes is no other file); anything else is kept as
        written, and ``ingest.sources.check_manifest_paths`` says what is wrong with it."""
        parts = [p for p in v.split("/") if p not in ("", ".")]
        return "/".join(parts) if parts and not v.startswith("/") else v


class Manifest(FrozenModel):
    """An increment manifest (``work-guard/<uuid>.json``), validated strictly.

    ``author``: who works the shift (the brief's author), optional."""

    manifest_id: str
    author: str | None = None
    domain: str | None = None
    created: datetime | None = None
    knowledge: str | None = None
    queue: str | None = None
    items: tuple[ManifestItem, ...]


class BriefIncrement(FrozenModel):
    """One numbered increment of a brief (``增量 1：…`` / ``Increment 1: …``)."""

    number: int
    title: str
    line: int
    line_end: int
    sources: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    arxiv_ids: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()


class BriefCitation(FrozenModel):
    """A row of the brief's citable arXiv list with its stated status.

    ``status`` is ``already_cited``, ``new``, ``not_included`` (weakly
    relevant / misfiled) or ``discarded``; ``status_text`` is the wording.
    """

    arxiv_id: str
    version: str | None = None
    title: str | None = None
    status: Literal["already_cited", "new", "not_included", "discarded", "unknown"]
    status_text: str | None = None
    line: int


class BriefLowRelevance(FrozenModel):
    """A row of the brief's low-relevance table: material, verdict, reason."""

    material: str
    verdict: str
    line: int


class BriefDoc(FrozenModel):
    """What a brief states about its shift (for ``audit-brief`` and queries)."""

    manifest: str | None = None
    stated_increment_count: int | None = None
    stated_material_count: int | None = None
    consumed_sources: tuple[str, ...] = ()
    increments: tuple[BriefIncrement, ...] = ()
    low_relevance: tuple[BriefLowRelevance, ...] = ()
    citations: tuple[BriefCitation, ...] = ()
    warnings: tuple[str, ...] = ()


class ParsedSource(FrozenModel):
    """Everything ingest took from one file.

    ``path`` is workspace-relative (POSIX); ``sha256`` the hex digest of the
    bytes; ``size`` in bytes; ``mtime`` the file's modification time (UTC).
    ``agent`` is the author (front matter, folder or byline), ``created`` a
    timezone-aware time when the file states one, ``lang`` ``"zh"`` or ``"en"``.
    ``front_matter`` keeps the YAML block as strings only (PITFALLS P16).
    ``tags`` are topic labels (cards).  ``links`` are workspace paths and
    ``[[wikilinks]]`` the file names, ``urls`` the http(s) URLs (with line).
    """

    kind: SourceKind
    path: str
    sha256: str
    size: int
    mtime: datetime | None = None
    title: str | None = None
    agent: str | None = None
    created: datetime | None = None
    lang: Literal["zh", "en"] = "en"
    evidence: EvidenceLevel = "unknown"
    front_matter: dict[str, str] = Field(default_factory=dict)
    tags: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    links: tuple[tuple[str, int], ...] = ()
    urls: tuple[tuple[str, int], ...] = ()
    arxiv: tuple[ArxivRef, ...] = ()
    claims: tuple[Claim, ...] = ()
    sections: tuple[Section, ...] = ()
    items: tuple[Item, ...] = ()
    manifest: Manifest | None = None
    brief: BriefDoc | None = None

    def card_work(self) -> str | None:
        """The arXiv key a paper card is about, None for any other source: its one item's one work (front
        matter, title, file name, opening: ``ingest.structure``), else its first statement's first subject,
        else its first identifier. (A first statement citing another work in passing, "a FlexAttention block
        mask (arXiv:…)", does not make the card that work's.)"""
        if self.kind != "paper_card":
            return None
        if self.items and len(self.items[0].works) == 1:
            return self.items[0].works[0]
        ids = [c.subjects[0] for c in self.claims if c.subjects] or [r.arxiv_id for r in self.arxiv]
        return ids[0] if ids else None
