"""A typed, in-memory view of what the store holds, for the rule-based queries.

A ``Snapshot`` holds the facts of some files (``graph.facts`` rows: sources, claims with their
facets and figures, citations, sections, items, manifest items, card works, tags, links) and
indexes them, so the contradiction rules, the evidence audit, the increments and the brief can
work in Python.  ``load_snapshot(store)`` reads them from the store's derived index
(``queries.state``), the whole live state or only some files (``paths``: a manifest's scope,
``queries.scope``), each part on first use.  Two results are derived from the facts with what
the whole store knows (card titles and aliases, living-document citation titles): the title
matches of files that name a work by title only, and each claim's subjects; the index keeps
them (``queries.derive``), or they are computed here.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from graph.backend import Backend
from graph.facts import (
    CardWork,
    EntrySpan,
    SCitation,
    SClaim,
    SItem,
    SManifestItem,
    SourceLink,
    SourceTag,
    SQuantity,
    SSection,
    SSource,
    citation_sort_key,
    claim_sort_key,
)
from graph.index import IndexView
from ingest.arxiv import TitleIndex
from ingest.text import FIRST_VARIANT, NAME_END, VARIANT_TAIL
from ingest.routing import Route, SectionDoc, SectionRouter
from ingest.lazyre import compile_lazy

__all__ = ["AliasMatcher", "SCitation", "SClaim", "SItem", "SManifestItem", "SQuantity", "SSection", "SSource", "STitleMatch",
           "Snapshot", "load_snapshot", "snapshot_of_view", "pick_manifest_id", "no_manifest", "title_index_input", "works_parts",
           "stored_subjects", "stored_title_matches", "snapshot_from_facts"]


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
    """Which aliases (``MC-SF``) a text names, as whole words, case-insensitively (a name's first version,
    ``ingest.text.FIRST_VARIANT``, as the name).

    ``matcher(text)`` returns the arXiv keys of the aliases of at least 3
    characters found in ``text``, in sorted-alias order: the same answer as
    searching each alias's own pattern ``(?<![\\w-])alias(?![\\w#-])`` in turn
    (a name followed by ``#`` is another name: "QuIP#" is not QuIP)
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
            # (compiled at its first candidate match: a store names a thousand aliases, a text asks a few)
            pat = compile_lazy(rf"(?<![\w-]){re.escape(a)}{FIRST_VARIANT}{NAME_END}", re.IGNORECASE)
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
                tok = m.group().lower()
                cands = first.get(tok) or first.get(VARIANT_TAIL.sub("", tok))  # ("Medusa-1", "KIVI-2bit")
                if cands:
                    for i, pat in cands:
                        if i not in hits and pat.match(text, m.start()):
                            hits.add(i)
        for i, pat in self._rest:
            if pat.search(text):
                hits.add(i)
        return [self._items[i][1] for i in sorted(hits)]


def title_index_input(work_titles: dict[str, list[tuple[str, str]]],
                      citations: list[SCitation]) -> list[tuple[str, str]]:
    """``(title, arXiv key)`` the title index (``Snapshot.title_matches``) is built from: the card titles
    (``work_titles``), then the titles of living-document citations."""
    known = [(t, aid) for aid, lst in work_titles.items() for t, _ in lst]
    known += [(c.title, c.arxiv_id) for c in citations if c.title and c.kind == "living_doc"]
    return known


#: Sections no topic is routed into: a to-do list, a changelog, housekeeping (a writer may still name them).
_NOT_A_DESTINATION = compile_lazy(r"^\s*(?:待办|待做|更新日志|修订记录|变更记录|维护记录|(?:TODO|To-?do|Backlog|Change ?log|Housekeeping)\b|"
                                # a document's frame, not a topic: "1. Scope", "范围与术语", "About this document", "Conventions"
                                r"(?:Scope|Conventions|Glossary|About this (?:doc|document|page)|How to (?:use|read) this)\b|"
                                r"范围|写作约定|约定与术语|术语表|本文档说明)", re.IGNORECASE)


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
        return self._derived("title_matches", self.compute_title_matches)  # type: ignore[return-value]

    def _title_index_input(self) -> list[tuple[str, str]]:
        """What the title index is built from (``title_index_input``): this snapshot's card titles and
        living-document citation titles (a snapshot of some files only reads the whole store's)."""
        return title_index_input(self.work_titles, self.citations)

    def compute_title_matches(self, paths: set[str] | None = None,
                              known: list[tuple[str, str]] | None = None) -> list[STitleMatch]:
        """``title_matches`` computed now, for the files ``paths`` (default: every file), against the
        titles ``known`` (``(title, arXiv key)``; default: ``_title_index_input()``)."""
        index = TitleIndex(self._title_index_input() if known is None else known)
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
                    # (a table row's paper cell, "| … | Slack-Aware Preemption for SLO-Bound LLM Serving | …", is its title)
                    asked.append((it.title_ref if it.kind == "row" and it.title_ref else it.title, it.line, it.index))
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
        return self._derived("subjects", self.compute_subjects)  # type: ignore[return-value]

    def _derived(self, name: str, compute) -> object:
        """``compute()``: a result derived from the facts (an index snapshot reads the stored one)."""
        return compute()

    def subjects_for(self, claims: list[SClaim]) -> dict[str, list[str]]:
        """``subjects`` of some claims only (the same values, without computing every claim's)."""
        if "subjects" in self.__dict__ or getattr(self, "_fresh", False):
            return {c.iri: self.subjects[c.iri] for c in claims}
        return self.compute_subjects(claims)

    def compute_subjects(self, claims: list[SClaim] | None = None) -> dict[str, list[str]]:
        """``subjects`` computed now, of ``claims`` (default: every claim of the snapshot)."""
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
        # (the living document's citation list before a note's line or table row: a title a note writes may be
        # another work's, and the brief's citable list repeats the document's own)
        for c in sorted(self.citations, key=lambda c: not (c.kind == "living_doc" and c.in_citation_list)):
            if c.title:
                out.setdefault(c.arxiv_id, c.title)
        return out

    def title_of(self, arxiv_id: str) -> str | None:
        """The title of a work: from a card, else the living document's citation list, else the first citation that gives one."""
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
        citation list nor a to-do list or changelog (``## 5 待办``); a section's text is its title plus the claims that sit
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
            if s.path == doc and not s.citation_list and s.level >= 2 and s.key not in docs \
                    and not _NOT_A_DESTINATION.match(s.title or ""):
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


def pick_manifest_id(manifest: str, heads: Iterable[tuple[str, str]]) -> str | None:
    """The manifest ID that ``manifest`` (an ID or a manifest file's path, as ``--manifest`` takes it)
    names among ``heads`` (``(manifest_id, manifest path)`` pairs), or None.

    A path names the ID its file declares.  Where several IDs match, the ID equal to ``manifest``
    wins, then the lowest ID.  When nothing matches so, the start of an ID (at least four characters,
    as ``git`` takes a short commit name: ``e627b203``) names the one ID it starts; a start shared by
    two IDs names none.  Used by ``Snapshot.manifest_items_for`` and ``queries.scope.manifest_scope``,
    so a query and the brief read the same manifest.
    """
    m = manifest.replace("\\", "/").strip()
    if not m:
        return None  # `--manifest ''`: a name left empty names nothing (every path ends with "")
    heads = list(heads)
    hit = [(mid != m, mid, path) for mid, path in heads
           if mid == m or path == m or m.endswith(path) or path.endswith(m.rsplit("/", 1)[-1])]
    if hit:
        return min(hit)[1]
    starts = {mid for mid, _ in heads if len(m) >= 4 and mid.lower().startswith(m.lower())}
    return starts.pop() if len(starts) == 1 else None


def no_manifest(manifest: str, ids: Iterable[str]) -> str:
    """The message of a ``--manifest`` that names no manifest among ``ids`` (the IDs the store holds):
    says so, lists up to five of them (a start of an ID shared by two names none), and what to do."""
    held = sorted(set(ids))
    if not held:
        return f"no manifest {manifest!r}: the store holds none; ingest a workspace with work-guard/*.json"
    shown = ", ".join(held[:5]) + (f" and {len(held) - 5} more" if len(held) > 5 else "")
    short = " (a start of an ID needs four characters or more)" if len(manifest) < 4 and any(
        h.lower().startswith(manifest.lower()) for h in held) else ""
    return (f"no manifest {manifest!r} in the store{short} (it holds {shown}); ingest its workspace first "
            "(a manifest that lists no items has no brief)")


def works_parts(rows: Iterable[CardWork]) -> dict[str, object]:
    """``work_titles``, ``aliases`` and ``card_works`` of a snapshot from the card-work rows.

    Rows in a fixed order (RDF has none; each backend returns its own, PITFALLS P8): an alias two
    cards give to two works then always names the work of the first card by path.
    """
    titles: dict[str, list[tuple[str, str]]] = defaultdict(list)
    aliases: dict[str, str] = {}
    card_works: dict[str, list[str]] = defaultdict(list)
    for r in sorted(rows, key=lambda r: (r.path, r.arxiv_id, r.title or "", r.alias or "")):
        if r.arxiv_id not in card_works[r.path]:
            card_works[r.path].append(r.arxiv_id)
        if r.title and (r.title, r.path) not in titles[r.arxiv_id]:
            titles[r.arxiv_id].append((r.title, r.path))
        if r.alias:
            aliases.setdefault(r.alias, r.arxiv_id)
    return {"work_titles": dict(titles), "aliases": aliases, "card_works": dict(card_works)}


def _facts_to_parts(view: IndexView, paths: list[str] | None, part: str) -> dict[str, object]:
    """The snapshot attribute(s) of ``part`` read from the index (``paths``: only those files)."""
    return _parts_from_rows(part, lambda table: view.rows(table, paths=paths),
                            lambda: view.rows("card_work"))


def _parts_from_rows(part: str, rows, cards) -> dict[str, object]:
    """The snapshot attribute(s) of ``part`` from fact rows (``rows(table)``; ``cards()``: the card works)."""
    if part == "sources":
        return {"sources": {s.path: s for s in sorted(rows("source"), key=lambda s: s.path)}}
    if part == "claims":
        return {"claims": sorted(rows("claim"), key=claim_sort_key)}
    if part == "citations":
        return {"citations": sorted(rows("citation"), key=citation_sort_key)}
    if part == "sections":
        return {"sections": sorted(rows("section"), key=lambda s: (s.path, s.line, s.key))}
    if part == "items":
        return {"items": sorted(rows("item"), key=lambda i: (i.path, i.index))}
    if part == "manifest_items":
        return {"manifest_items": sorted(rows("manifest_item"),
                                         key=lambda m: (m.manifest_id, m.order, m.manifest_path, m.path))}
    if part == "works":  # card titles and aliases decide which works any text names: the whole store's
        return works_parts(cards())
    if part == "tags":
        tags: dict[str, list[str]] = {}
        for t in sorted(rows("tag"), key=lambda t: (t.path, t.tag)):
            tags.setdefault(t.path, []).append(t.tag)
        return {"tags": tags}
    if part == "links":
        return {"link_targets": sorted((t.path, t.target) for t in rows("link"))}
    if part == "entries":
        spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for e in sorted(rows("entry_span"), key=lambda e: (e.path, e.line, e.line_end)):
            spans[e.path].append((e.line, e.line_end))
        return {"entry_spans": dict(spans)}
    raise KeyError(part)


#: Snapshot attribute -> the part that fills it (``_facts_to_parts``).
_PARTS = {
    "sources": "sources", "claims": "claims", "citations": "citations", "sections": "sections",
    "items": "items", "manifest_items": "manifest_items", "work_titles": "works", "aliases": "works",
    "card_works": "works", "tags": "tags", "link_targets": "links", "entry_spans": "entries",
}
#: Per-path indexes (built by ``Snapshot.__post_init__``) -> the part they index.
_INDEXES = {"_claims_by_path": ("claims", "path"), "_items_by_path": ("items", "path"),
            "_cites_by_path": ("citations", "path")}


class _IndexSnapshot(Snapshot):
    """A ``Snapshot`` whose parts are read from a derived index on first use (``snapshot_of_view``).

    With ``paths`` every part but the card works holds only those files' rows.  ``title_matches``
    and ``subjects`` come from the index's answers when they are current (``fresh``); else they
    are computed, with the whole store's card titles, aliases and living-document citation titles.
    """

    def __init__(self, view: IndexView, paths: list[str] | None, fresh: bool):
        self.__dict__["_view"] = view
        self.__dict__["_paths"] = None if paths is None else sorted(set(paths))
        self.__dict__["_fresh"] = fresh
        self.cache = {}

    def _title_index_input(self) -> list[tuple[str, str]]:
        if self.__dict__["_paths"] is None:
            return title_index_input(self.work_titles, self.citations)
        living = self.__dict__["_view"].rows("citation", where="t.kind = 'living_doc' AND t.title IS NOT NULL")
        return title_index_input(self.work_titles, sorted(living, key=citation_sort_key))

    def _derived(self, name: str, compute) -> object:
        view: IndexView = self.__dict__["_view"]
        paths = self.__dict__["_paths"]
        if self.__dict__["_fresh"]:
            return stored_title_matches(view, paths) if name == "title_matches" else stored_subjects(view, paths)
        return compute()

    def __getattr__(self, name: str) -> object:
        if name in _PARTS:
            part = _PARTS[name]
            paths = self.__dict__["_paths"]
            self.__dict__.update(_facts_to_parts(self.__dict__["_view"], None if part == "works" else paths, part))
            return self.__dict__[name]
        if name in _INDEXES:
            part, key = _INDEXES[name]
            idx: dict[str, list] = defaultdict(list)
            for x in getattr(self, part):
                idx[getattr(x, key)].append(x)
            self.__dict__[name] = idx
            return idx
        raise AttributeError(name)


def _answer_rows(view: IndexView, table: str, columns: str, paths: list[str] | None) -> list[tuple]:
    """``columns`` of the live rows of answer ``table`` (``queries.derive``), of the files ``paths``."""
    live = "a.from_db <= :db AND (a.to_db IS NULL OR a.to_db > :db)"
    if paths is None:
        return view.select(f"SELECT {columns} FROM {table} a WHERE {live}")
    out: list[tuple] = []
    for i in range(0, len(paths), 500):
        pp = {f"p{j}": p for j, p in enumerate(paths[i:i + 500])}
        out += view.select(f"SELECT {columns} FROM {table} a WHERE {live} AND a.block IN "
                           f"({','.join(':' + k for k in pp)})", pp)
    return out


def stored_title_matches(view: IndexView, paths: list[str] | None = None) -> list[STitleMatch]:
    """The title matches the index keeps (``queries.derive``), of every file or of ``paths``, by path."""
    import json

    rows = sorted(_answer_rows(view, "ans_title_match", "a.path, a.seq, a.doc", paths))
    out = []
    for _p, _n, doc in rows:
        d = json.loads(doc)
        out.append(STitleMatch(d[0], d[1], d[2], d[3], d[4], d[5], d[6], tuple(tuple(c) for c in d[7])))
    return out


def stored_subjects(view: IndexView, paths: list[str] | None = None) -> dict[str, list[str]]:
    """The claim subjects the index keeps (``queries.derive``): ``{claim IRI: [arXiv key, ...]}``."""
    from graph.facts import decode_list

    return {c: decode_list(s) for c, s in _answer_rows(view, "ans_subject", "a.claim, a.subjects", paths)}


def snapshot_from_facts(facts: dict[str, list], cards: list[CardWork]) -> Snapshot:
    """A ``Snapshot`` of the fact rows ``facts`` (``{table: [graph.facts row, ...]}``), with the card
    titles and aliases of ``cards``; subjects and title matches are computed when first read."""
    parts: dict[str, object] = {}
    for part in dict.fromkeys(_PARTS.values()):
        parts.update(_parts_from_rows(part, lambda t: facts.get(t, []), lambda: cards))
    return Snapshot(**parts)  # type: ignore[arg-type]


def snapshot_of_view(view: IndexView, *, paths: Iterable[str] | None = None, fresh: bool = False) -> Snapshot:
    """A lazy ``Snapshot`` of the state ``view`` reads (``graph.index.IndexView``).

    ``paths``: only those files (the card titles and aliases stay the whole store's); ``fresh``:
    the view's answer tables hold its subjects and title matches (``queries.derive``).
    """
    return _IndexSnapshot(view, None if paths is None else list(paths), fresh)


def load_snapshot(store: Backend, *, lazy: bool = True, paths: Iterable[str] | None = None) -> Snapshot:
    """The store's current state as a ``Snapshot`` (``queries.state.open_state``), read part by part.

    Parameters
    ----------
    store : Backend
        An embedded, in-memory or server store.
    lazy : bool
        Kept for callers of earlier versions: every snapshot reads each part when it is first
        used.  A snapshot reads the state the store was in when it was made, whatever is
        ingested meanwhile.
    paths : iterable of str, optional
        Only these files (workspace paths); the card titles and aliases are the whole store's.

    Raises
    ------
    QueryError
        The store cannot be read.
    """
    from .state import open_state

    st = open_state(store)
    return snapshot_of_view(st.view, paths=paths, fresh=st.fresh)
