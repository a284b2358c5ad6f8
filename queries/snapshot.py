"""A typed, in-memory view of what the store holds, for rule-based queries.

``load_snapshot(store)`` runs the shipped SPARQL files once and joins their
rows into plain frozen dataclasses (``SClaim``, ``SCitation``, ...), so the
contradiction rules and the brief can work in Python without re-querying.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from graph.store import Store

from .sparql_files import sparql

__all__ = ["SClaim", "SQuantity", "SCitation", "SSection", "SItem", "SSource", "SManifestItem", "Snapshot", "load_snapshot"]


@dataclass(frozen=True)
class SQuantity:
    """A figure of a claim (see ``ingest.models.Quantity``)."""

    raw: str
    value: float
    value_high: float | None
    unit: str
    metric: str | None
    approx: bool


@dataclass
class SClaim:
    """A claim as stored: IRI, text, ``path``:``line``-``line_end``, role, evidence, agent and facets."""

    iri: str
    text: str
    path: str
    kind: str
    line: int
    line_end: int
    role: str
    evidence: str
    agent: str | None
    item: int | None
    section: str | None
    unverified: bool
    negated: bool
    about: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    qualifiers: list[str] = field(default_factory=list)
    section_refs: list[str] = field(default_factory=list)
    suggested: list[str] = field(default_factory=list)
    quantities: list[SQuantity] = field(default_factory=list)


@dataclass(frozen=True)
class SCitation:
    """One written citation: work ``arxiv_id``, ``version``, where, and what the line says."""

    arxiv_id: str
    version: str | None
    path: str
    kind: str
    line: int
    raw: str
    title: str | None
    date: str | None
    venue: str | None
    section: str | None
    in_citation_list: bool


@dataclass(frozen=True)
class SSection:
    """A living-document section."""

    path: str
    key: str
    title: str
    level: int
    line: int
    line_end: int
    parent: str | None
    citation_list: bool


@dataclass(frozen=True)
class SItem:
    """A note's topic with its evidence level and relevance."""

    path: str
    index: int
    title: str
    line: int
    line_end: int
    evidence: str
    relevance: str
    reason: str | None


@dataclass(frozen=True)
class SSource:
    """A source file."""

    iri: str
    path: str
    kind: str
    title: str | None
    agent: str | None
    created: str | None
    evidence: str
    lang: str
    claims: int


@dataclass(frozen=True)
class SManifestItem:
    """An item of a manifest, in order."""

    manifest_id: str
    manifest_path: str
    knowledge: str | None
    created: str | None
    order: int
    path: str
    kind: str | None
    title: str | None
    agent: str | None


@dataclass
class Snapshot:
    """Everything the rules need, indexed.

    ``claims`` sorted by (path, line); ``citations`` by (arxiv_id, path,
    line); ``work_titles[arxiv_id]`` lists ``(title, path)`` from cards;
    ``aliases[alias] = arxiv_id``; ``tags[path]`` topic labels;
    ``card_works[path]`` the works a card is about.  Per-source indexes and
    claim subjects are built once.
    """

    sources: dict[str, SSource]
    claims: list[SClaim]
    citations: list[SCitation]
    sections: list[SSection]
    items: list[SItem]
    manifest_items: list[SManifestItem]
    work_titles: dict[str, list[tuple[str, str]]]
    aliases: dict[str, str]
    tags: dict[str, list[str]]
    card_works: dict[str, list[str]] = field(default_factory=dict)
    #: Results derived from this snapshot (e.g. the contradiction findings), computed once.
    cache: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._claims_by_path: dict[str, list[SClaim]] = defaultdict(list)
        for c in self.claims:
            self._claims_by_path[c.path].append(c)
        self._items_by_path: dict[str, list[SItem]] = defaultdict(list)
        for i in self.items:
            self._items_by_path[i.path].append(i)
        self._cites_by_path: dict[str, list[SCitation]] = defaultdict(list)
        for c in self.citations:
            self._cites_by_path[c.path].append(c)

    def claims_of(self, path: str) -> list[SClaim]:
        """Claims of one source, in line order."""
        return self._claims_by_path.get(path, [])

    def items_of(self, path: str) -> list[SItem]:
        """Items (topics) of one note, in order."""
        return self._items_by_path.get(path, [])

    def citations_of(self, path: str) -> list[SCitation]:
        """Citations written in one source, sorted by (arxiv_id, line)."""
        return self._cites_by_path.get(path, [])

    def path_of(self, iri: str | None) -> str | None:
        """Path of the source with IRI ``iri`` (e.g. a manifest's knowledge document), or None."""
        return next((p for p, s in self.sources.items() if s.iri == iri), None) if iri else None

    @cached_property
    def subjects(self) -> dict[str, list[str]]:
        """arXiv keys each claim is about, by claim IRI: its stated subjects plus
        the aliases (``MC-SF``) named in its text, computed once."""
        pats = [
            (re.compile(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", re.IGNORECASE), aid)
            for alias, aid in sorted(self.aliases.items())
            if len(alias) >= 3
        ]
        out: dict[str, list[str]] = {}
        for c in self.claims:
            s = dict.fromkeys(c.about)
            for pat, aid in pats:
                if pat.search(c.text):
                    s.setdefault(aid, None)
            out[c.iri] = list(s)
        return out

    @cached_property
    def _titles(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for aid, lst in self.work_titles.items():
            if lst:
                out[aid] = lst[0][0]
        for c in self.citations:
            if c.title:
                out.setdefault(c.arxiv_id, c.title)
        return out

    def title_of(self, arxiv_id: str) -> str | None:
        """The title of a work: from a card, else the first citation that gives one."""
        return self._titles.get(arxiv_id)

    def manifest_items_for(self, manifest: str | None) -> list[SManifestItem]:
        """Items of the manifest named by ID or path (all manifests when ``manifest`` is None)."""
        if not manifest:
            return self.manifest_items
        m = manifest.replace("\\", "/")
        return [i for i in self.manifest_items if i.manifest_id == m or i.manifest_path == m
                or m.endswith(i.manifest_path) or i.manifest_path.endswith(m.rsplit("/", 1)[-1])]

    def living_docs(self) -> list[str]:
        """Paths of the living documents, sorted."""
        return sorted(p for p, s in self.sources.items() if s.kind == "living_doc")

    def cited_in_lists(self, doc: str | None = None) -> dict[str, SCitation]:
        """Works in a citation-list section (of ``doc`` or any living document): ``{arxiv_id: first citation}``."""
        out: dict[str, SCitation] = {}
        for c in self.citations:
            if c.in_citation_list and (doc is None or c.path == doc):
                out.setdefault(c.arxiv_id, c)
        return out


def load_snapshot(store: Store) -> Snapshot:
    """Read the store into a ``Snapshot`` (about ten SELECTs over the union graph)."""
    sources = {}
    for r in store.select(sparql("sources")):
        sources[r["path"]] = SSource(r["src"], r["path"], r["kind"], r["title"], r["agent"],
                                     r["created"], r["evidence"], r["lang"], int(r["claims"] or 0))
    claims: dict[str, SClaim] = {}
    for r in store.select(sparql("claims")):
        if r["claim"] in claims:
            continue
        claims[r["claim"]] = SClaim(
            iri=r["claim"], text=r["text"], path=r["path"], kind=r["kind"], line=r["line"], line_end=r["lineEnd"],
            role=r["role"], evidence=r["evidence"], agent=r["agent"], item=r["item"], section=r["section"],
            unverified=bool(r["unverified"]), negated=bool(r["negated"]),
        )
    facet_map = {"about": "about", "qualifier": "qualifiers", "sectionRef": "section_refs",
                 "suggested": "suggested", "mentions": "mentions"}
    for r in store.select(sparql("claim_facets")):
        c = claims.get(r["claim"])
        if c is not None:
            lst = getattr(c, facet_map[r["facet"]])
            if r["value"] not in lst:
                lst.append(r["value"])
    qs: dict[str, list[tuple[str, SQuantity]]] = defaultdict(list)
    for r in store.select(sparql("quantities")):
        qs[r["claim"]].append((r["q"], SQuantity(r["raw"], float(r["value"]),
                                                 float(r["valueHigh"]) if r["valueHigh"] is not None else None,
                                                 r["unit"], r["metric"], bool(r["approx"]))))
    for iri, lst in qs.items():
        if iri in claims:
            claims[iri].quantities = [q for _, q in sorted(lst, key=lambda t: int(t[0].rsplit("/", 1)[1]))]
    for c in claims.values():
        c.about.sort()
        c.qualifiers.sort()
    citations = sorted(
        {
            (r["arxiv"], r["path"], r["line"], r["raw"]): SCitation(
                r["arxiv"], r["version"], r["path"], r["kind"], r["line"], r["raw"], r["title"], r["date"],
                r["venue"], r["section"], bool(r["citationList"]))
            for r in store.select(sparql("citations"))
        }.values(),
        key=lambda c: (c.arxiv_id, c.path, c.line, c.raw),
    )
    sections = [SSection(r["path"], r["key"], r["title"], r["level"], r["line"], r["lineEnd"], r["parent"],
                         bool(r["citationList"])) for r in store.select(sparql("sections"))]
    items = [SItem(r["path"], r["order"], r["title"], r["line"], r["lineEnd"], r["evidence"], r["relevance"],
                   r["reason"]) for r in store.select(sparql("items"))]
    mitems = [SManifestItem(r["manifestId"], r["mpath"], r["knowledge"], r["created"], r["order"], r["path"],
                            r["kind"], r["title"], r["agentName"]) for r in store.select(sparql("manifests"))]
    titles: dict[str, list[tuple[str, str]]] = defaultdict(list)
    aliases: dict[str, str] = {}
    card_works: dict[str, list[str]] = defaultdict(list)
    for r in store.select(sparql("works")):
        if r["arxiv"] not in card_works[r["path"]]:
            card_works[r["path"]].append(r["arxiv"])
        if r["title"] and (r["title"], r["path"]) not in titles[r["arxiv"]]:
            titles[r["arxiv"]].append((r["title"], r["path"]))
        if r["alias"]:
            aliases[r["alias"]] = r["arxiv"]
    tags: dict[str, list[str]] = defaultdict(list)
    for r in store.select(sparql("tags")):
        if r["tag"] not in tags[r["path"]]:
            tags[r["path"]].append(r["tag"])
    return Snapshot(
        sources=sources,
        claims=sorted(claims.values(), key=lambda c: (c.path, c.line, c.iri)),
        citations=citations,
        sections=sections,
        items=items,
        manifest_items=mitems,
        work_titles=dict(titles),
        aliases=aliases,
        tags=dict(tags),
        card_works=dict(card_works),
    )
