"""A typed, in-memory view of what the store holds, for rule-based queries.

``load_snapshot(store)`` runs the shipped SPARQL files once and joins their
rows into plain frozen dataclasses (``SClaim``, ``SCitation``, ...), so the
contradiction rules and the brief can work in Python without re-querying.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from graph.backend import Backend
from ingest.arxiv import TitleIndex
from ingest.routing import Route, SectionDoc, SectionRouter

from .collector import gc_paused
from .sparql_files import sparql

__all__ = ["AliasMatcher", "SCitation", "SClaim", "SItem", "SManifestItem", "SQuantity", "SSection", "SSource", "STitleMatch", "Snapshot", "load_snapshot",
           "pick_manifest_id"]


@dataclass(frozen=True)
class SQuantity:
    """A figure of a claim (see ``ingest.models.Quantity``)."""

    raw: str
    value: float
    value_high: float | None
    unit: str
    metric: str | None
    approx: bool
    bound: str | None = None
    direction: str | None = None
    explicit: bool = False
    conditions: tuple[str, ...] = ()


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
    version: str | None = None
    about: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    qualifiers: list[str] = field(default_factory=list)
    section_refs: list[str] = field(default_factory=list)
    suggested: list[str] = field(default_factory=list)
    quantities: list[SQuantity] = field(default_factory=list)
    evidence_also: list[str] = field(default_factory=list)
    cross_refs: list[str] = field(default_factory=list)
    predicates: list[str] = field(default_factory=list)

    @property
    def evidence_levels(self) -> list[str]:
        """Every evidence level the claim states: ``evidence`` and ``evidence_also``, in vocabulary order."""
        from ingest.evidence import ordered_levels

        return list(ordered_levels([self.evidence, *self.evidence_also])) or [self.evidence]


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
    alias: str | None = None


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
    """A note's topic (``ingest.models.Item``): span, kind, evidence levels, the writer's relevance
    verdict, the works it is about and mentions, a title to resolve, suggested and cross-referenced
    sections."""

    path: str
    index: int
    title: str
    line: int
    line_end: int
    evidence: str
    relevance: str
    reason: str | None
    kind: str = "heading"
    title_ref: str | None = None
    works: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    evidence_levels: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    cross_refs: tuple[str, ...] = ()


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


@dataclass(frozen=True)
class STitleMatch:
    """A title written without an arXiv ID, looked up among known titles.

    ``path``:``line`` is where it is written (line 1 for a file's own title),
    ``item`` the topic index or None for the file title; ``status``
    ``resolved`` (then ``arxiv_id``) or ``ambiguous``; ``candidates`` are
    ``(arxiv_id, score, known title)`` best first.
    """

    path: str
    line: int
    item: int | None
    title: str
    status: str
    arxiv_id: str | None
    score: float
    candidates: tuple[tuple[str, float, str], ...]


class AliasMatcher:
    """Which aliases (``MC-SF``) a text names, as whole words, case-insensitively.

    ``matcher(text)`` returns the arXiv keys of the aliases of at least 3
    characters found in ``text``, in sorted-alias order: the same answer as
    searching each alias's own pattern ``(?<![\\w-])alias(?![\\w-])`` in turn
    (one search per alias per claim grew with claims x aliases: 8 s at 1,000
    notes).  A match of an alias that starts with a ``[\\w-]`` character
    starts where a ``[\\w-]+`` token of the text starts, and that token is the
    alias's first token; so the text is split into tokens once, and only the
    aliases whose first token is one of them are tried, at that position.
    Tokens are compared lower-cased (``str.lower``), which agrees with the
    regex's IGNORECASE except for a few special letters (Kelvin sign, long s).
    """

    _TOKEN = re.compile(r"[\w-]+")

    def __init__(self, aliases: dict[str, str]):
        self._items = sorted((a, aid) for a, aid in aliases.items() if len(a) >= 3)
        self._first: dict[str, list[tuple[int, re.Pattern[str]]]] = defaultdict(list)
        self._rest: list[tuple[int, re.Pattern[str]]] = []
        for i, (a, _aid) in enumerate(self._items):
            pat = re.compile(rf"(?<![\w-]){re.escape(a)}(?![\w-])", re.IGNORECASE)
            m = self._TOKEN.match(a)
            if m:
                self._first[m.group().lower()].append((i, pat))
            else:
                self._rest.append((i, pat))

    def __call__(self, text: str) -> list[str]:
        hits: set[int] = set()
        first = self._first
        if first:
            for m in self._TOKEN.finditer(text):
                cands = first.get(m.group().lower())
                if cands:
                    for i, pat in cands:
                        if i not in hits and pat.match(text, m.start()):
                            hits.add(i)
        for i, pat in self._rest:
            if pat.search(text):
                hits.add(i)
        return [self._items[i][1] for i in sorted(hits)]


def _title_index_input(work_titles: dict[str, list[tuple[str, str]]],
                       citations: list[SCitation]) -> list[tuple[str, str]]:
    """``(title, arXiv key)`` the title index (``Snapshot.title_matches``) is built from: the card titles
    (``work_titles``), then the titles of living-document citations."""
    known = [(t, aid) for aid, lst in work_titles.items() for t, _ in lst]
    known += [(c.title, c.arxiv_id) for c in citations if c.title and c.kind == "living_doc"]
    return known


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
    #: ``(linking path, target IRI)`` for every ``kg:linksTo`` (see ``links``).
    link_targets: list[tuple[str, str]] = field(default_factory=list)
    #: ``entry_spans[path]``: the ``(line, line_end)`` of every living-document entry (block) that
    #: spans more than one line, sorted; a line in none of them is a one-line entry (see ``entry_of``).
    entry_spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
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

    def entry_of(self, path: str, line: int) -> tuple[int, int]:
        """The ``(line, line_end)`` span of the living-document entry (table row, list item,
        paragraph, code block) of ``path`` that holds ``line``; ``(line, line)`` when it is a one-line entry."""
        for a, b in self.entry_spans.get(path, ()):
            if a <= line <= b:
                return (a, b)
            if a > line:
                break
        return (line, line)

    def path_of(self, iri: str | None) -> str | None:
        """Path of the source with IRI ``iri`` (e.g. a manifest's knowledge document), or None."""
        if not iri:
            return None
        idx = self.cache.get("path_of")
        if idx is None:  # built once: increments asks once per manifest item
            idx = {}
            for p, s in self.sources.items():
                idx.setdefault(s.iri, p)
            self.cache["path_of"] = idx
        return idx.get(iri)  # type: ignore[union-attr]

    @cached_property
    def links(self) -> dict[str, list[str]]:
        """Links between sources: ``{linking path: [linked paths]}``, both sorted.

        A link (``kg:linksTo``, from a workspace path or a ``[[wikilink]]``
        written in a note) joins the source whose workspace path it names,
        or else, Obsidian style, the one source whose path ends with the
        name as written, with or without its suffix (``[[058-2502-07115]]``
        -> ``organized/paper_cards/058-2502-07115.md``; ``[[Note|alias]]``
        by ``Note``).  A name that fits no source or several is left out
        (see ``unresolved_links``).
        """
        return self._resolve_links()[0]

    @cached_property
    def unresolved_links(self) -> list[tuple[str, str]]:
        """``(linking path, reason)`` for links that name no ingested source, or several (ambiguous)."""
        return self._resolve_links()[1]

    def _resolve_links(self) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
        if "links" in self.cache:
            return self.cache["links"]  # type: ignore[return-value]
        from graph.model import source_iri

        names: dict[str, set[str]] = defaultdict(set)
        for p in self.sources:
            parts = p.split("/")
            for i in range(len(parts)):
                tail = "/".join(parts[i:])
                names[source_iri(tail).value].add(p)
                stem = tail.rsplit(".", 1)[0] if "." in parts[-1] else tail
                names[source_iri(stem).value].add(p)
        by_iri = {s.iri: p for p, s in self.sources.items()}
        out: dict[str, set[str]] = defaultdict(set)
        bad: list[tuple[str, str]] = []
        for path, target in self.link_targets:
            hit = by_iri.get(target)
            cands = {hit} if hit else names.get(target, set())
            if len(cands) == 1:
                out[path].add(next(iter(cands)))
            else:
                bad.append((path, "ambiguous: " + ", ".join(sorted(cands)) if cands else "no such source"))
        res = ({k: sorted(v) for k, v in sorted(out.items())}, sorted(bad))
        self.cache["links"] = res
        return res

    @cached_property
    def title_matches(self) -> list[STitleMatch]:
        """Works named by title only, resolved against the titles the store knows (query time).

        Known titles are the paper cards' titles and the titles of
        living-document citations.  Looked up (``ingest.arxiv.TitleIndex``,
        rapidfuzz ratio >= 90): the title of every note, card or queue file
        that cites no arXiv ID, and the heading of every topic (``##`` item)
        whose lines cite none.  Sorted by (path, line).  ``status`` is
        ``resolved`` or ``ambiguous`` (reported, never guessed); titles with
        no candidate are left out.
        """
        return self._derived("title_matches", self._compute_title_matches)  # type: ignore[return-value]

    def _compute_title_matches(self, paths: set[str] | None = None) -> list[STitleMatch]:
        index = TitleIndex(_title_index_input(self.work_titles, self.citations))
        out: list[STitleMatch] = []
        if not len(index):
            return out
        for p, src in sorted(self.sources.items()):
            if paths is not None and p not in paths:
                continue
            if src.kind not in ("note", "paper_card", "repo_card", "queue"):
                continue
            cites = self.citations_of(p)
            asked: list[tuple[str, int, int | None]] = []
            if src.title and not cites:
                asked.append((src.title, 1, None))
            for it in self.items_of(p):
                if not any(it.line <= c.line <= it.line_end for c in cites):
                    asked.append((it.title, it.line, it.index))
            for title, line, item in asked:
                m = index.match(title)
                if m.status != "none":
                    out.append(STitleMatch(p, line, item, title, m.status, m.arxiv_id, m.score, m.candidates))
        return out

    @cached_property
    def subjects(self) -> dict[str, list[str]]:
        """arXiv keys each claim is about, by claim IRI: its stated subjects, the
        aliases (``MC-SF``) named in its text and the works its source or topic
        names by title only (``title_matches``, resolved ones), computed once."""
        return self._derived("subjects", self._compute_subjects)  # type: ignore[return-value]

    def _derived(self, name: str, compute) -> object:
        """``compute()``: a result derived from the whole snapshot (cached per database by ``_LazySnapshot``)."""
        return compute()

    def subjects_for(self, claims: list[SClaim]) -> dict[str, list[str]]:
        """``subjects`` of some claims only (the same values, without computing every claim's)."""
        if "subjects" in self.__dict__:
            return {c.iri: self.subjects[c.iri] for c in claims}
        return self._compute_subjects(claims)

    def _compute_subjects(self, claims: list[SClaim] | None = None) -> dict[str, list[str]]:
        by_title: dict[tuple[str, int | None], list[str]] = defaultdict(list)
        for m in self.title_matches:
            if m.arxiv_id:
                by_title[(m.path, m.item)].append(m.arxiv_id)
        match = AliasMatcher(self.aliases)
        out: dict[str, list[str]] = {}
        for c in self.claims if claims is None else claims:
            s = dict.fromkeys(c.about)
            for aid in by_title.get((c.path, None), []) + (by_title.get((c.path, c.item), []) if c.item is not None else []):
                s.setdefault(aid, None)
            for aid in match(c.text):
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
        """Items of one manifest, named by ID or path (of every manifest when ``manifest`` is None).

        The ID is ``pick_manifest_id``'s (a path names the ID its file
        declares, as for ``queries.scope.manifest_scope``).  Every file declaring that ID is
        read as one manifest (a shift split in two files, or a copy): its items
        in order, one per material path (the first by ``(order, manifest
        path)`` gives the row), so a copied manifest does not list each
        material twice.  Returns ``[]`` when nothing matches.
        """
        items = self.manifest_items
        if manifest:
            mid = pick_manifest_id(manifest, ((i.manifest_id, i.manifest_path) for i in items))
            if mid is None:
                return []
            items = [i for i in items if i.manifest_id == mid]
        seen: set[tuple[str, str]] = set()
        out = []
        for i in items:
            if (i.manifest_id, i.path) not in seen:
                seen.add((i.manifest_id, i.path))
                out.append(i)
        return out

    def living_docs(self) -> list[str]:
        """Paths of the living documents, sorted."""
        return sorted(p for p, s in self.sources.items() if s.kind == "living_doc")

    def section_router(self, doc: str) -> SectionRouter | None:
        """A BM25 ``SectionRouter`` over the sections of living document ``doc`` (cached), or None.

        Candidates are the sections of level 2 and deeper that are not the
        citation list; a section's text is its title plus the claims that sit
        directly in it (``kg:inSection``).  See ``ingest.routing``.
        """
        key = ("router", doc)
        if key in self.cache:
            return self.cache[key]  # type: ignore[return-value]
        texts: dict[str, list[str]] = defaultdict(list)
        for c in self.claims_of(doc):
            if c.section is not None:
                texts[c.section].append(c.text)
        docs: dict[str, SectionDoc] = {}
        for s in self.sections:
            if s.path == doc and not s.citation_list and s.level >= 2 and s.key not in docs:
                docs[s.key] = SectionDoc(s.key, s.title, "\n".join(texts.get(s.key, [])))
        router = SectionRouter(list(docs.values())) if docs else None
        self.cache[key] = router
        return router

    def route(self, doc: str | None, text: str) -> Route | None:
        """The section of living document ``doc`` closest to ``text`` (BM25, with runner-up), or None.

        Memoised per ``(doc, text)``: ``increments`` and the brief ask for the same topics.
        """
        key = ("route", doc, text)
        if key not in self.cache:
            router = self.section_router(doc) if doc else None
            self.cache[key] = router.route(text) if router is not None else None
        return self.cache[key]  # type: ignore[return-value]

    def cited_in_lists(self, doc: str | None = None) -> dict[str, SCitation]:
        """Works in a citation-list section (of ``doc`` or any living document): ``{arxiv_id: first citation}``.

        The dict is computed once per ``doc`` and shared between calls: read it, do not change it.
        """
        key = ("cited_in_lists", doc)
        if key not in self.cache:  # computed once per document: increments asks once per manifest item
            out: dict[str, SCitation] = {}
            for c in self.citations:
                if c.in_citation_list and (doc is None or c.path == doc):
                    out.setdefault(c.arxiv_id, c)
            self.cache[key] = out
        return self.cache[key]  # type: ignore[return-value]  # shared: callers only read it


def _part_sources(store: Backend) -> dict[str, object]:
    sources = {}
    for r in store.select(sparql("sources")):
        sources[r["path"]] = SSource(r["src"], r["path"], r["kind"], r["title"], r["agent"],
                                     r["created"], r["evidence"], r["lang"], int(r["claims"] or 0))
    return {"sources": sources}


def _part_claims(store: Backend) -> dict[str, object]:
    # claims_core.rq + source_index.rq joined here: half the time of one query joining both on disk.
    srcs: dict[str, tuple] = {}
    for r in store.select(sparql("source_index")):
        srcs.setdefault(r["src"], (r["path"], r["kind"], r["agent"]))
    claims: dict[str, SClaim] = {}
    for r in store.select(sparql("claims_core")):
        iri = r["claim"]
        if iri in claims:
            continue
        src = srcs.get(r["src"])
        if src is None:
            continue
        claims[iri] = SClaim(
            iri=iri, text=r["text"], path=src[0], kind=src[1], line=r["line"], line_end=r["lineEnd"],
            role=r["role"], evidence=r["evidence"], agent=src[2], item=r["item"], section=r["section"],
            unverified=bool(r["unverified"]), negated=bool(r["negated"]), version=r.get("version"),
        )
    facet_map = {"about": "about", "qualifier": "qualifiers", "sectionRef": "section_refs",
                 "suggested": "suggested", "mentions": "mentions", "evidenceAlso": "evidence_also",
                 "crossReference": "cross_refs", "predicate": "predicates"}
    for r in store.select(sparql("claim_facets")):
        c = claims.get(r["claim"])
        if c is not None:
            lst = getattr(c, facet_map[r["facet"]])
            if r["value"] not in lst:
                lst.append(r["value"])
    qs: dict[str, list[tuple[str, SQuantity]]] = defaultdict(list)
    for r in store.select(sparql("quantities")):
        conds = tuple(sorted(c for c in (r.get("conditions") or "").split("|") if c))
        qs[r["claim"]].append((r["q"], SQuantity(r["raw"], float(r["value"]),
                                                 float(r["valueHigh"]) if r["valueHigh"] is not None else None,
                                                 r["unit"], r["metric"], bool(r["approx"]), r.get("bound"),
                                                 r.get("direction"), bool(r.get("explicit")), conds)))
    for iri, lst in qs.items():
        if iri in claims:
            claims[iri].quantities = [q for _, q in sorted(lst, key=lambda t: int(t[0].rsplit("/", 1)[1]))]
    for c in claims.values():
        c.about.sort()
        c.qualifiers.sort()
        # RDF values have no order and each backend returns them in its own (PITFALLS P8): put
        # section keys and works in the order the claim's text names them, then by value.
        c.evidence_also.sort()
        c.predicates.sort()
        for lst in (c.section_refs, c.suggested, c.mentions, c.cross_refs):
            lst.sort(key=lambda v, t=c.text: (t.find(v) if v in t else len(t), v))
    return {"claims": sorted(claims.values(), key=lambda c: (c.path, c.line, c.iri))}


def _part_citations(store: Backend) -> dict[str, object]:
    citations = sorted(
        {
            (r["arxiv"], r["path"], r["line"], r["raw"]): SCitation(
                r["arxiv"], r["version"], r["path"], r["kind"], r["line"], r["raw"], r["title"], r["date"],
                r["venue"], r["section"], bool(r["citationList"]), r.get("alias"))
            for r in store.select(sparql("citations"))
        }.values(),
        key=lambda c: (c.arxiv_id, c.path, c.line, c.raw),
    )
    return {"citations": citations}


def _part_sections(store: Backend) -> dict[str, object]:
    return {"sections": [SSection(r["path"], r["key"], r["title"], r["level"], r["line"], r["lineEnd"], r["parent"],
                                  bool(r["citationList"])) for r in store.select(sparql("sections"))]}


_ENTRY_SPANS = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT DISTINCT ?path ?line ?lineEnd WHERE {
  GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true }
  GRAPH ?g {
    ?src kg:kind "living_doc" ; kg:path ?path .
    ?claim a kg:Claim ; kg:inSource ?src ; prov:qualifiedQuotation ?quote .
    ?quote kg:line ?line ; kg:lineEnd ?lineEnd .
    FILTER(?lineEnd > ?line)
  }
}"""


def _part_entries(store: Backend) -> dict[str, object]:
    # Living-document entries are one claim each (ingest.living); only the multi-line ones are read.
    spans: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for r in store.select(_ENTRY_SPANS):
        spans[r["path"]].add((int(r["line"]), int(r["lineEnd"])))
    return {"entry_spans": {p: sorted(v) for p, v in spans.items()}}


def _part_items(store: Backend) -> dict[str, object]:
    facets: dict[tuple[str, int], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r in store.select(sparql("item_facets")):
        lst = facets[(r["path"], int(r["order"]))][r["facet"]]
        if r["value"] not in lst:
            lst.append(r["value"])
    items = []
    for r in store.select(sparql("items")):
        f = facets.get((r["path"], int(r["order"])), {})
        text = r["title"] or ""
        # RDF values have no order (PITFALLS P8): works and sections in the order the item's title names
        # them, then by value; evidence levels in vocabulary order.
        def ordered(vals: list[str]) -> tuple[str, ...]:
            return tuple(sorted(vals, key=lambda v: (text.find(v) if v in text else len(text), v)))
        from ingest.evidence import ordered_levels

        items.append(SItem(r["path"], r["order"], r["title"], r["line"], r["lineEnd"], r["evidence"], r["relevance"],
                           r["reason"], r.get("kind") or "heading", r.get("titleRef"), ordered(f.get("works", [])),
                           ordered(f.get("mentions", [])), ordered_levels([r["evidence"], *f.get("evidence_also", [])]),
                           ordered(f.get("sections", [])), ordered(f.get("cross_refs", []))))
    return {"items": items}


def _part_manifests(store: Backend) -> dict[str, object]:
    return {"manifest_items": [
        SManifestItem(r["manifestId"], r["mpath"], r["knowledge"], r["created"], r["order"], r["path"],
                      r["kind"], r["title"], r["agentName"]) for r in store.select(sparql("manifests"))]}


def _part_works(store: Backend) -> dict[str, object]:
    titles: dict[str, list[tuple[str, str]]] = defaultdict(list)
    aliases: dict[str, str] = {}
    card_works: dict[str, list[str]] = defaultdict(list)
    # Rows in a fixed order (RDF has none; each backend returns its own, PITFALLS P8): an alias two cards
    # give to two works then always names the work of the first card by path.
    rows = sorted(store.select(sparql("works")),
                  key=lambda r: (r["path"], r["arxiv"], r["title"] or "", r["alias"] or ""))
    for r in rows:
        if r["arxiv"] not in card_works[r["path"]]:
            card_works[r["path"]].append(r["arxiv"])
        if r["title"] and (r["title"], r["path"]) not in titles[r["arxiv"]]:
            titles[r["arxiv"]].append((r["title"], r["path"]))
        if r["alias"]:
            aliases.setdefault(r["alias"], r["arxiv"])
    return {"work_titles": dict(titles), "aliases": aliases, "card_works": dict(card_works)}


def _part_tags(store: Backend) -> dict[str, object]:
    tags: dict[str, list[str]] = defaultdict(list)
    for r in store.select(sparql("tags")):
        if r["tag"] not in tags[r["path"]]:
            tags[r["path"]].append(r["tag"])
    return {"tags": dict(tags)}


def _part_links(store: Backend) -> dict[str, object]:
    return {"link_targets": [(r["path"], r["target"]) for r in store.select(sparql("links"))]}


# -- the part cache ------------------------------------------------------------------------
# Reading a part through SPARQL costs seconds on a large on-disk store (1,000 notes: claims 5-8 s);
# its value changes only when an ingest swaps the database.  So each part read from an embedded
# on-disk store is kept next to it, in ``<store>/snapshot-cache/<key>/<part>.marshal``, where the key
# names the database folder the store handle reads (``Store.database_dir``: every write makes a new
# ``db-NNNNNN`` folder, so a key never names two contents, even when an ingest swaps CURRENT mid-read).
# marshal holds only plain values (no code runs on load, unlike pickle) and is ~5x faster than json.
#
# The key also holds the store's write generation (``graph.store.database_generation``): the same
# across ingests, new at every other write (``provkg import``, with or without ``--replace``).  A
# database's own parts are safe without it, but the next database's parts are patched from the
# previous folder (``_patch_part``) by revision IRI, and a raw write can change a graph under its old
# IRI: a folder of another generation is never a base (``_base_dir`` compares the key after the
# database), and ``queries.graphcache`` keys its per-revision entries by generation too.
#
# Every cache file is checked before it is used (``_load_part``, ``_valid_part``, ``read_result``):
# a file that cannot be read, decoded or has another shape (top-level type, keys, row types and
# tuple lengths) is a miss: recomputed and rewritten, never a traceback and never wrong rows.

_CACHE_FORMAT = 2  # bump when the encoding or a cached dataclass changes
_DATACLASSES = {"SSource": SSource, "SCitation": SCitation, "SSection": SSection, "SItem": SItem,
                "SManifestItem": SManifestItem, "STitleMatch": STitleMatch}


def _cache_dir(store: Backend, *, peek: bool = False) -> Path | None:
    """The cache folder of the live database of an embedded on-disk store, or None (memory, remote).

    ``peek``: when the handle has not opened its database yet, name the folder
    ``CURRENT`` points at without opening it (~10 ms saved on a cached answer).
    Only for reading: whatever is computed must be written under the key of the
    database the computation read (``peek=False``), which an ingest may have
    replaced meanwhile.

    The folder name holds the database folder's name and inode, its write
    generation (``graph.store.database_generation``), the cache format, the
    Python version and ``graphcache.code_key``.  Never raises ``OSError``.
    """
    path = getattr(store, "path", None)
    if type(store).__name__ != "Store" or not isinstance(path, Path):
        return None
    try:
        if peek and getattr(store, "_db", None) is None:
            d = store._current_dir()  # type: ignore[attr-defined]
        else:
            d = store.database_dir  # the folder this handle reads, not whatever CURRENT names by now
        st = d.stat() if d is not None else None
    except OSError:
        return None
    if d is None or st is None:
        return None
    import sys

    from graph.store import database_generation

    from .graphcache import code_key  # the code that reads the parts: a change starts a new cache

    # ``<database>-<inode>-g<generation>-f<format>-py<version>-<code key>``: ``_base_dir`` matches what
    # follows the inode, so parts are patched only from a database of the same write generation.
    return path / "snapshot-cache" / (f"{d.name}-{st.st_ino}-g{database_generation(d)}-f{_CACHE_FORMAT}"
                                      f"-py{sys.version_info[0]}{sys.version_info[1]}-{code_key()}")


def _encode(value: object) -> object:
    """A part's value as marshal-able data in which every tuple is a tag.

    Lists become ``("list", items)`` and tuples ``("tuple", items)``, so a data
    tuple such as ``(title, path)`` can never be mistaken for a tag on the way
    back; a list of one dataclass becomes ``(class name, rows)`` and one
    dataclass ``("one", class name, fields)``.  An ``SClaim`` row carries its
    quantities as rows of ``SQuantity`` fields.  Leaves are str/int/float/bool/None
    and containers of them (dataclass fields are stored as they are).
    """
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and isinstance(value[0], SClaim):
            rows = []
            for c in value:
                row = list(c.__dict__.values())  # the dataclass's fields, in order
                row[_SCLAIM_QUANTITIES] = tuple(tuple(q.__dict__.values()) for q in row[_SCLAIM_QUANTITIES])
                rows.append(tuple(row))
            return ("SClaim", rows)
        if value and type(value[0]).__name__ in _DATACLASSES:
            return (type(value[0]).__name__, [tuple(x.__dict__.values()) for x in value])
        return ("list", [_encode(v) for v in value])
    if isinstance(value, tuple):
        return ("tuple", [_encode(v) for v in value])
    if type(value).__name__ in _DATACLASSES:
        return ("one", type(value).__name__, tuple(value.__dict__.values()))
    return value


_SCLAIM_FIELDS = [f.name for f in dataclasses.fields(SClaim)]
_SCLAIM_QUANTITIES = _SCLAIM_FIELDS.index("quantities")


def _decode(value: object) -> object:
    """The inverse of :func:`_encode`."""
    if isinstance(value, dict):
        return {k: _decode(v) for k, v in value.items()}
    if not isinstance(value, tuple):
        return value
    tag = value[0]
    if tag == "list":  # leaves (str, int, ...) are kept as they are: no call per item
        return [_decode(v) if isinstance(v, (tuple, dict)) else v for v in value[1]]
    if tag == "tuple":
        return tuple(_decode(v) if isinstance(v, (tuple, dict)) else v for v in value[1])
    if tag == "SClaim":
        out = []
        for row in value[1]:
            fields = list(row)
            fields[_SCLAIM_QUANTITIES] = [SQuantity(*q) for q in fields[_SCLAIM_QUANTITIES]]
            out.append(SClaim(*fields))
        return out
    if tag == "one":
        return _DATACLASSES[value[1]](*value[2])
    return [_DATACLASSES[tag](*t) for t in value[1]]


#: What reading and decoding a cache file that is not one can raise (``marshal.loads``: ValueError,
#: EOFError, TypeError; ``_decode``: an unknown tag, a row of another length, a nesting too deep).
_UNREADABLE = (OSError, ValueError, EOFError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def _list_of(cls: type) -> Callable[[object], bool]:
    return lambda v: type(v) is list and all(type(x) is cls for x in v)


def _dict_of(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda v: type(v) is dict and all(check(x) for x in v.values())


def _tuples_of(n: int) -> Callable[[object], bool]:
    return lambda v: type(v) is list and all(type(t) is tuple and len(t) == n for t in v)


def _is_list(v: object) -> bool:
    return type(v) is list


def _is_leaf(v: object) -> bool:
    return not isinstance(v, (list, tuple, dict, set, frozenset))


#: The shape of every cached snapshot attribute (``_valid_part``): container types, the dataclass of
#: each row (``_decode`` already checks a dataclass row's length) and the length of data tuples.
#: Leaves are not checked (a part read from imported data may hold any literal value), except where the
#: reader makes them ``str`` itself.
_SHAPES: dict[str, Callable[[object], bool]] = {
    "sources": _dict_of(lambda x: type(x) is SSource),
    "claims": _list_of(SClaim),
    "citations": _list_of(SCitation),
    "sections": _list_of(SSection),
    "items": _list_of(SItem),
    "manifest_items": _list_of(SManifestItem),
    "title_matches": _list_of(STitleMatch),
    "work_titles": _dict_of(_tuples_of(2)),
    "aliases": _dict_of(_is_leaf),
    "card_works": _dict_of(_is_list),
    "tags": _dict_of(_is_list),
    "subjects": _dict_of(_is_list),
    "link_targets": _tuples_of(2),
    "entry_spans": _dict_of(_tuples_of(2)),
    # queries.graphcache._part_revisions: three columns of str (made with ``str``) of one length (its ``valid``)
    "rev_g": _list_of(str), "rev_path": _list_of(str), "rev_src": _list_of(str),
}


def _part_keys(fn) -> tuple[str, ...]:
    """The attributes part reader ``fn`` returns: ``_ATTRS[fn]``, else its ``attrs`` attribute, else the
    name after ``_part_`` (a derived part, ``_LazySnapshot._derived``)."""
    keys = _ATTRS.get(fn) or getattr(fn, "attrs", None)
    return tuple(keys) if keys else (fn.__name__.removeprefix("_part_"),)


def _valid_part(value: object, keys: tuple[str, ...] | list[str]) -> bool:
    """True when ``value`` has the shape of a part with attributes ``keys``.

    A dict with exactly ``keys``, each value of the shape ``_SHAPES`` gives it
    (an attribute with no shape there is never valid).  Linear in the rows, with
    no call per leaf; it never raises.
    """
    if type(value) is not dict or value.keys() != set(keys):
        return False
    return all(k in _SHAPES and _SHAPES[k](value[k]) for k in keys)


def _load_part(f: Path, keys: tuple[str, ...] | list[str], valid: Callable[[dict], bool] | None = None
               ) -> dict[str, object] | None:
    """A part read back from cache file ``f``, or None when it is not one.

    Parameters
    ----------
    f : Path
        A ``<part>.marshal`` file (``_encode``d, then marshalled).
    keys : sequence of str
        The attributes the part must have (``_part_keys``).
    valid : callable, optional
        A further check of the decoded value (the reader's ``valid`` attribute).

    Returns
    -------
    dict or None
        None when the file cannot be read or decoded (``_UNREADABLE``) or the value
        has another shape (``_valid_part``): the caller computes the part again.
        Never raises.
    """
    import marshal

    try:
        with gc_paused():
            value = _decode(marshal.loads(f.read_bytes()))
        if not _valid_part(value, keys) or (valid is not None and not valid(value)):  # type: ignore[arg-type]
            return None
    except _UNREADABLE:
        return None
    return value  # type: ignore[return-value]


def _load_revision_map(f: Path) -> dict[str, str] | None:
    """A folder's ``_REVISIONS_FILE`` (``{path: revision IRI}``, both str), or None when it is not one.
    Never raises."""
    import marshal

    try:
        value = marshal.loads(f.read_bytes())
    except _UNREADABLE:
        return None
    if type(value) is not dict or not all(type(k) is str and type(v) is str for k, v in value.items()):
        return None
    return value


# -- whole-store query answers (``queries.named._memo``) ------------------------------------------
#: Bump when the envelope of ``result-<query>.json`` changes.
_RESULT_FORMAT = 1


@functools.lru_cache(maxsize=None)
def _result_adapter(model: type) -> object:
    """The pydantic ``TypeAdapter`` of the ``result-<query>.json`` envelope for rows of ``model``."""
    from pydantic import TypeAdapter
    from typing_extensions import TypedDict

    doc = TypedDict("ResultFile", {"format": int, "query": str, "count": int,  # type: ignore[misc]
                                   "rows": list[model]})  # type: ignore[valid-type]
    return TypeAdapter(doc)


def read_result(d: Path, name: str, model: type) -> list | None:
    """The rows of named query ``name`` kept in part-cache folder ``d`` (``write_result``), or None.

    The file is ``d / "result-<name>.json"``: ``{"format", "query", "count",
    "rows"}``, read with pydantic's ``validate_json`` into rows of ``model``.  None
    (the caller computes the rows and writes them) when it is missing or
    unreadable, is not that envelope (``[]``, ``{}``, rows of another model),
    names another format or query, or ``count`` is not the number of rows.
    Never raises.
    """
    ta = _result_adapter(model)
    try:
        with gc_paused():  # building ~10^5 rows makes no cyclic garbage
            doc = ta.validate_json((d / f"result-{name}.json").read_bytes())  # type: ignore[attr-defined]
    except (OSError, ValueError):  # pydantic's ValidationError is a ValueError
        return None
    if doc["format"] != _RESULT_FORMAT or doc["query"] != name or doc["count"] != len(doc["rows"]):
        return None
    return doc["rows"]


def write_result(d: Path, name: str, model: type, rows: list) -> None:
    """Keep ``rows`` (of ``model``), the answer of named query ``name``, in part-cache folder ``d``.

    Written atomically, not made durable (``graph.atomic.write_atomic``); a file
    that cannot be written is no error (the next call computes again).
    """
    from graph.atomic import write_atomic

    try:
        data = _result_adapter(model).dump_json(  # type: ignore[attr-defined]
            {"format": _RESULT_FORMAT, "query": name, "count": len(rows), "rows": rows})
        write_atomic(data, d / f"result-{name}.json", durable=False)
    except (OSError, ValueError):
        pass


def _cached_part(fn, store: Backend) -> dict[str, object]:
    """``fn(store)``, read from / written to the part cache when the store has one.

    A part missing from the live database's folder is, in this order: patched
    from the previous database's folder (``_patch_part``: an ingest changed a
    few files), assembled from the per-revision entries (``queries.graphcache``),
    or read from the store.  A cache that cannot be read or written is ignored
    (the part is then read from the store): the cache only ever saves time, it
    never changes an answer.  A cached part is used only when it has the part's
    shape (``_load_part``); any other file is a miss and is overwritten.

    Returns ``{attribute: value}`` (``_part_keys(fn)``); the errors ``fn`` raises
    reading the store (``QueryError``) pass through.
    """
    import marshal

    d = _cache_dir(store)
    if d is None:
        return fn(store)
    f = d / f"{fn.__name__.removeprefix('_part_')}.marshal"
    got = _load_part(f, _part_keys(fn), getattr(fn, "valid", None))
    if got is not None:
        return got
    # Missing, unreadable or of another shape: computed again, and rewritten below.
    bundle = None
    with gc_paused():
        patched = _patch_part(fn, store, d, f.name)
    if patched is not None:
        written = {f.name: patched}
    else:
        if fn in _CACHED_PER_GRAPH:
            # After an ingest most revisions are unchanged: assemble every per-graph part from the
            # per-revision entries (queries.graphcache) instead of re-reading the whole store.
            from .graphcache import whole_store_parts

            bundle = whole_store_parts(store, force=fn is _part_claims)
        if bundle is None:
            written = {f.name: fn(store)}
        else:
            written = {f"{g.__name__.removeprefix('_part_')}.marshal": {k: bundle[k] for k in _ATTRS[g]}
                       for g in _CACHED_PER_GRAPH}
    try:
        from graph.atomic import write_atomic

        for name, part in written.items():
            with gc_paused():
                data = marshal.dumps(_encode(part))
            write_atomic(data, d / name, durable=False)
        # After the parts: on a store with no saved revisions the revision map is itself a cached part.
        if not (d / _REVISIONS_FILE).exists():
            _start_cache_dir(store, d)
    except (OSError, ValueError):
        pass
    return written[f.name]


#: In each database's part-cache folder: ``{path: current revision IRI}`` of that database, so that
#: the next database's parts can be patched from this folder's (``_patch_part``).  Not
#: ``revisions.marshal``: that is the name of the cached part ``graphcache._part_revisions``.
_REVISIONS_FILE = "revision-map.marshal"
#: Patch only when at most this share of the files changed; past it, assembling costs about the same.
_PATCH_MAX_SHARE = 0.25


def _revision_map(store: Backend) -> dict[str, str]:
    """``{workspace path: current revision IRI}`` of the database the store handle reads."""
    from .graphcache import revision_paths

    return {p: g for g, p, _ in revision_paths(store)}


def _start_cache_dir(store: Backend, d: Path) -> None:
    """Give the part-cache folder ``d`` of the store's database its ``_REVISIONS_FILE``.

    Of the other databases' folders, the newest one holding a revision map is
    kept (minus its query answers, ``result-*.json``) as the base the next
    parts are patched from; the others are removed.

    Raises
    ------
    OSError
        The folder cannot be made or written (the caller ignores the cache then).
    """
    import marshal
    import shutil

    from graph.atomic import write_atomic

    d.mkdir(parents=True, exist_ok=True)
    revs = _revision_map(store)
    if revs and _cache_dir(store) == d:  # the map is the one of the database this folder names
        write_atomic(marshal.dumps(revs), d / _REVISIONS_FILE, durable=False)
    base = _base_dir(d)
    for old in d.parent.iterdir():  # caches of databases that are no longer live
        if old == d:
            continue
        if old == base:
            for r in old.glob("result-*.json"):
                r.unlink(missing_ok=True)
            continue
        shutil.rmtree(old, ignore_errors=True)


def _db_number(folder: Path) -> int:
    """The database number in a part-cache folder name (``db-000012-<inode>-…`` -> 12), or -1."""
    head = folder.name.split("-", 2)
    try:
        return int(head[1]) if head[0] == "db" and len(head) > 1 else -1
    except ValueError:
        return -1


def _base_dir(d: Path) -> Path | None:
    """The part-cache folder to patch ``d``'s parts from: of the other folders made by the same code
    (same name after the database and inode) that hold a revision map, the newest database's; or None."""
    suffix = d.name.split("-", 3)[-1]
    try:
        cands = [o for o in d.parent.iterdir()
                 if o != d and o.name.split("-", 3)[-1] == suffix and (o / _REVISIONS_FILE).is_file()]
    except OSError:
        return None
    return max(cands, key=_db_number, default=None)


def _patch_part(fn, store: Backend, d: Path, name: str) -> dict[str, object] | None:
    """Part ``fn`` of the store's database, patched from the previous database's cached part; or None.

    The previous folder (``_base_dir``, of the same write generation) holds the part as it was and the
    revision of every file then (``_REVISIONS_FILE``); the files whose revision
    differs now (changed, added or removed by an ingest) are the changed paths.
    A per-graph part keeps the previous rows of every other file and takes
    the changed files' rows from their per-revision entries
    (``queries.graphcache.graph_parts``), in the order assembling gives; a
    derived part (``subjects``, ``title_matches``) is patched by its ``patch``
    attribute, which may decline.  None (the caller computes the part) when
    there is no base, no revision map, more than ``_PATCH_MAX_SHARE`` of the
    files changed, or the base's part or revision map is unreadable or of
    another shape (``_load_part``, ``_load_revision_map``).
    """
    patch = getattr(fn, "patch", None)
    if fn not in _CACHED_PER_GRAPH and patch is None:
        return None
    base = _base_dir(d)
    if base is None or not (base / name).is_file():
        return None
    before = _load_revision_map(base / _REVISIONS_FILE)
    if before is None:
        return None
    now = _revision_map(store)
    if not now:
        return None
    changed = {p for p in before.keys() | now.keys() if before.get(p) != now.get(p)}
    if len(changed) > _PATCH_MAX_SHARE * len(now):
        return None
    old = _load_part(base / name, _part_keys(fn), getattr(fn, "valid", None))
    if old is None:  # unreadable or of another shape: not patched
        return None
    if fn in _CACHED_PER_GRAPH:
        from .graphcache import graph_parts, merge_parts, without_paths

        fresh = graph_parts(store, [now[p] for p in sorted(changed) if p in now], [fn])
        try:
            kept = without_paths(old, changed)
        except (AttributeError, TypeError):  # a previous part of another shape: not patched
            return None
        if {a: type(v) for a, v in kept.items()} != {a: type(v) for a, v in fresh.items()} and fresh:
            return None
        return merge_parts([kept, fresh])
    try:
        return patch(old, changed, base)
    except (AttributeError, TypeError, KeyError):  # a previous value of another shape: not patched
        return None


#: Snapshot attribute -> the loader that fills it (and its siblings) from the store.
_PARTS = {
    "sources": _part_sources, "claims": _part_claims, "citations": _part_citations, "sections": _part_sections,
    "items": _part_items, "manifest_items": _part_manifests, "work_titles": _part_works, "aliases": _part_works,
    "card_works": _part_works, "tags": _part_tags, "link_targets": _part_links, "entry_spans": _part_entries,
}
#: Parts a scoped snapshot still reads from the whole store: card titles and aliases decide which
#: works a text names (``queries.scope``).
_GLOBAL_PARTS = {_part_works}
#: Parts a scoped snapshot reads per named graph (``queries.graphcache``), in reading order.
_CACHED_PER_GRAPH = [fn for fn in dict.fromkeys(_PARTS.values()) if fn not in _GLOBAL_PARTS]
#: Part reader -> the snapshot attributes it fills.
_ATTRS = {fn: [a for a, g in _PARTS.items() if g is fn] for fn in dict.fromkeys(_PARTS.values())}
#: Per-path indexes (built by ``Snapshot.__post_init__``) -> the part they index.
_INDEXES = {"_claims_by_path": ("claims", "path"), "_items_by_path": ("items", "path"),
            "_cites_by_path": ("citations", "path")}


class _LazySnapshot(Snapshot):
    """A ``Snapshot`` whose parts are read from the store on first use (``load_snapshot(lazy=True)``).

    Each part (sources; claims with their facets and figures; citations;
    sections; items; manifest items; works; tags; links; entry spans) runs its own
    SELECTs the first time one of its attributes is read, so a query that
    needs only citations (``duplicates``, ``papers``) never reads the claims.
    The values are the same as an eager ``load_snapshot``.
    """

    def __init__(self, store: Backend, graphs: list[str] | None = None):
        self.__dict__["_store"] = store
        self.__dict__["_graphs"] = graphs
        self.cache = {}

    def whole_store_memo(self, name: str, model: type, compute) -> list:
        """``compute()``, a list of ``model`` derived from this snapshot, kept per database when the
        snapshot reads the whole embedded store (``queries.named._memo``, the named queries' answers);
        computed every time for a scoped snapshot."""
        if self.__dict__["_graphs"] is not None:
            return compute()
        from .named import _memo

        return _memo(self.__dict__["_store"], name, model, compute)

    def _derived(self, name: str, compute) -> object:
        """Whole-store results derived from the parts (``subjects``, ``title_matches``) go in the
        part cache too: on 10,000 notes they cost 3-6 s to compute and ~0.2 s to read back."""
        if self.__dict__["_graphs"] is not None:
            return compute()

        def part(_store: Backend) -> dict[str, object]:
            return {name: compute()}

        part.__name__ = f"_part_{name}"
        part.patch = lambda old, changed, base: self._patch_derived(name, old, changed, base)  # type: ignore[attr-defined]
        return _cached_part(part, self.__dict__["_store"])[name]

    def _patch_derived(self, name: str, old: dict[str, object], changed: set[str],
                       base: Path) -> dict[str, object] | None:
        """``{name: value}`` of a derived result (``subjects``, ``title_matches``) patched from the
        previous database's value ``old[name]`` for the ``changed`` paths (``_patch_part``); or None.

        Both depend on one file plus what every file shares: the card titles and
        aliases (the works part) and the living documents' citation titles (the
        title index).  When those are the same in the previous database
        (``base``'s works and citations parts), a file's title matches and its
        claims' subjects are unchanged unless the file changed: those are
        computed again, the rest kept.  Else None (computed whole).
        """
        works = _load_part(base / "works.marshal", _ATTRS[_part_works])
        cites = _load_part(base / "citations.marshal", _ATTRS[_part_citations])
        if works is None or cites is None:
            return None
        if (works.get("aliases") != self.aliases or works.get("work_titles") != self.work_titles
                or _title_index_input(works["work_titles"], cites.get("citations") or [])
                != _title_index_input(self.work_titles, self.citations)):
            return None
        value = old.get(name)
        if name == "title_matches" and isinstance(value, list):
            kept = [m for m in value if m.path not in changed]
            return {name: sorted(kept + self._compute_title_matches(changed), key=lambda m: m.path)}
        if name == "subjects" and isinstance(value, dict):
            redo = [c for c in self.claims if c.path in changed or c.iri not in value]
            fresh = self._compute_subjects(redo)
            return {name: {c.iri: fresh[c.iri] if c.iri in fresh else value[c.iri] for c in self.claims}}
        return None

    def __getattr__(self, name: str) -> object:
        if name in _PARTS:
            fn = _PARTS[name]
            store = self.__dict__["_store"]
            graphs = self.__dict__["_graphs"]
            if graphs is not None and fn not in _GLOBAL_PARTS:
                from .graphcache import graph_parts

                # Every per-graph part at once: one read of each graph's cache entry (queries.graphcache).
                self.__dict__.update(graph_parts(store, graphs, _CACHED_PER_GRAPH))
            else:
                self.__dict__.update(_cached_part(fn, store))
            return self.__dict__[name]
        if name in _INDEXES:
            part, key = _INDEXES[name]
            idx: dict[str, list] = defaultdict(list)
            for x in getattr(self, part):
                idx[getattr(x, key)].append(x)
            self.__dict__[name] = idx
            return idx
        raise AttributeError(name)


def pick_manifest_id(manifest: str, heads: Iterable[tuple[str, str]]) -> str | None:
    """The manifest ID that ``manifest`` (an ID or a manifest file's path, as ``--manifest`` takes it)
    names among ``heads`` (``(manifest_id, manifest path)`` pairs), or None.

    A path names the ID its file declares.  Where several IDs match, the ID equal to ``manifest``
    wins, then the lowest ID.  Used by ``Snapshot.manifest_items_for`` and
    ``queries.scope.manifest_scope``, so a query and the brief read the same manifest.
    """
    m = manifest.replace("\\", "/")
    hit = [(mid != m, mid, path) for mid, path in heads
           if mid == m or path == m or m.endswith(path) or path.endswith(m.rsplit("/", 1)[-1])]
    return min(hit)[1] if hit else None


def load_snapshot(store: Backend, *, lazy: bool = False, graphs: list[str] | None = None) -> Snapshot:
    """Read the store into a ``Snapshot`` (about a dozen SELECTs over the union graph).

    Parameters
    ----------
    store : Backend
        Anything with ``select(query, **bindings) -> list[dict]`` (the embedded
        or remote store).
    lazy : bool
        Read each part only when it is first used (``_LazySnapshot``).  Use it
        for one-shot queries that consume the snapshot at once: a lazy
        snapshot reads the store as it is *then*, so do not keep one across
        an ingest.

    graphs : list of str, optional
        Read only these named graphs (revision IRIs; ``queries.scope``), except
        the card titles and aliases, which come from the whole store.  Implies
        ``lazy``.

    Returns
    -------
    Snapshot
        Same values either way.
    """
    if lazy or graphs is not None:
        return _LazySnapshot(store, graphs)
    parts: dict[str, object] = {}
    for fn in dict.fromkeys(_PARTS.values()):
        parts.update(_cached_part(fn, store))
    return Snapshot(**parts)  # type: ignore[arg-type]
