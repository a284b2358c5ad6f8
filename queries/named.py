"""The named queries of ``provkg query NAME``: small functions returning typed rows.

Each takes a ``Store`` (and options) and returns a list of result models from
``queries.results``, sorted as documented.  SPARQL texts live in
``queries/sparql/*.rq``; rule-based ones work on a ``Snapshot``.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from graph.store import Store
from ingest.models import evidence_rank

from .contradictions import contradictions as _contradictions, figure_key, statement
from .results import (
    ClaimRow,
    CitationRef,
    Contradiction,
    DuplicateGroup,
    EvidenceFinding,
    Increment,
    ItemRow,
    PaperRow,
    SectionRoute,
    SectionRow,
    SourceRow,
    TitleRef,
)
from .snapshot import Snapshot, load_snapshot
from .sparql_files import sparql

__all__ = [
    "QUERIES",
    "sources",
    "papers",
    "sections",
    "claims",
    "duplicates",
    "contradictions",
    "evidence",
    "increments",
    "items",
    "titles",
    "manifest_view",
    "concerns_shift",
    "WEAK_EVIDENCE",
]

#: Evidence levels that do not settle a figure or a conclusion.
WEAK_EVIDENCE = ("abstract_checked", "card_only", "second_hand", "vendor_self_reported", "unverified", "unknown")


def _memo(store: Store, name: str, model: type, compute: Callable[[], list[Any]]) -> list[Any]:
    """``compute()``, a whole-store query result, kept in the snapshot cache of the database it read.

    The rows are stored as JSON (pydantic ``TypeAdapter(list[model])``) and read
    back with ``validate_json`` (Rust): 10,000 notes, 26,869 contradiction findings:
    0.2 s instead of ~5 s of snapshot reading and rules.  The cache folder
    names one immutable database and the code version (``snapshot._cache_dir``),
    so an ingest or an upgrade never reads old rows.  Remote and in-memory
    stores compute every time; an unreadable entry, or one of another shape
    (``snapshot.read_result``: ``[]``, ``{}``, another query's), is recomputed.
    """
    from .snapshot import _cache_dir, read_result, write_result

    d = _cache_dir(store, peek=True)
    if d is None:
        return compute()
    got = read_result(d, name, model)  # None: missing, unreadable or of another shape ([], {}, ...)
    if got is not None:
        return got
    rows = compute()
    d = _cache_dir(store)  # the database the rows were read from (an ingest may have swapped CURRENT)
    if d is not None:
        write_result(d, name, model, rows)
    return rows


def _whole_store(name: str, model: type) -> Callable[[Callable[..., list[Any]]], Callable[..., list[Any]]]:
    """Decorator: a named query called without options (the whole store) goes through ``_memo``."""
    import functools

    def wrap(fn: Callable[..., list[Any]]) -> Callable[..., list[Any]]:
        @functools.wraps(fn)
        def run(store: Store, **kw: Any) -> list[Any]:
            if any(kw.values()):
                return fn(store, **kw)
            return _memo(store, name, model, lambda: fn(store))
        return run
    return wrap


@_whole_store("sources", SourceRow)
def sources(store: Store, **_: Any) -> list[SourceRow]:
    """Every source file, sorted by path (the snapshot's ``sources`` part: sources.rq, cached per database)."""
    return [
        SourceRow(source=r.path, kind=r.kind, title=r.title, agent=r.agent, created=r.created,
                  evidence=r.evidence, lang=r.lang, claims=r.claims)
        for r in load_snapshot(store, lazy=True).sources.values()
    ]


@_whole_store("papers", PaperRow)
def papers(store: Store, **_: Any) -> list[PaperRow]:
    """One row per arXiv work (by key), sorted by ``arxiv_id``: versions, citation count, citing sources, titles."""
    from .items import work_status

    snap = load_snapshot(store, lazy=True)
    listed = snap.cited_in_lists()
    status = work_status(snap, None)
    by: dict[str, list] = defaultdict(list)
    for c in snap.citations:
        by[c.arxiv_id].append(c)
    rows = []
    for aid, cites in sorted(by.items()):
        titles = list(dict.fromkeys([c.title for c in cites if c.title] + [t for t, _ in snap.work_titles.get(aid, [])]))
        rows.append(PaperRow(
            arxiv_id=aid,
            versions=sorted({c.version for c in cites if c.version}, key=lambda v: int(v[1:]) if v[1:].isdigit() else 0),
            citations=len({(c.path, c.line) for c in cites}),
            sources=sorted({c.path for c in cites}),
            titles=titles,
            in_citation_list=aid in listed,
            status=status(aid),
        ))
    return rows


@_whole_store("sections", SectionRow)
def sections(store: Store, **_: Any) -> list[SectionRow]:
    """Sections of the living documents in document order."""
    return [
        SectionRow(source=r["path"], key=r["key"], title=r["title"], level=r["level"], line=r["line"],
                   line_end=r["lineEnd"], parent=r["parent"], citation_list=bool(r["citationList"]))
        for r in store.select(sparql("sections"))
    ]


@_whole_store("claims", ClaimRow)
def claims(store: Store, *, source: str | None = None, **_: Any) -> list[ClaimRow]:
    """Current claims, sorted by source and line; ``source`` filters to one file."""
    from pydantic import TypeAdapter

    from .collector import gc_paused

    snap = load_snapshot(store, lazy=True)
    chosen = snap.claims_of(source) if source else snap.claims
    subjects = snap.subjects_for(chosen) if source else snap.subjects
    with gc_paused():  # pydantic-core builds the rows (144,064 at 10,000 notes: 0.55 s; model_construct 0.74 s)
        return TypeAdapter(list[ClaimRow]).validate_python([
            {"id": c.iri, "text": c.text, "source": c.path, "line": c.line, "line_end": c.line_end, "role": c.role,
             "evidence": c.evidence, "evidence_levels": c.evidence_levels, "agent": c.agent, "section": c.section, "about": subjects[c.iri],
             "figures": [q.raw for q in c.quantities]} for c in chosen])


@_whole_store("duplicates", DuplicateGroup)
def duplicates(store: Store, *, all_sources: bool = False, source: str | None = None,
               **_: Any) -> list[DuplicateGroup]:
    """Duplicate citations: works with two or more *citation entries* in one living document.

    A citation entry is one block (table row, list item, paragraph, code
    block) of a living document that cites the work; several mentions in one
    entry (a title link plus a PDF link, a wrapped list item) are one entry.
    When the document's citation-list section (``七、引用列表``, References, ...)
    cites any work, only that section's entries count: a body mention of a work
    the list cites is "already cited", not a duplicate.  A document without
    one (an awesome-list) counts the entries of its whole text.  Notes, cards,
    queues and briefs never produce duplicate citations.

    ``all_sources`` shows cross-source repeats instead: each living-document
    citation entry plus one entry per other source that names the work; a
    work with two or more in the whole store is a group.  ``source`` limits
    the check to that one living document.  Each group lists one
    ``CitationRef`` per entry (its first mention); ``count`` is the number of
    entries, ``repeated_in`` the documents holding two or more of them;
    ``in_citation_list`` tells whether the work sits in a citation list.  Sorted by descending ``count``, then ``arxiv_id``.
    """
    snap = load_snapshot(store, lazy=True)
    listed = snap.cited_in_lists()
    # entries[arxiv_id][(path, entry line)] = the entry's first mention
    entries: dict[str, dict[tuple[str, int], Any]] = defaultdict(dict)
    docs = sorted({c.path for c in snap.citations if c.kind == "living_doc"})
    for doc in docs:
        if source is not None and doc != source:
            continue
        cites = sorted(snap.citations_of(doc), key=lambda c: (c.line, c.raw))
        if any(c.in_citation_list for c in cites):
            cites = [c for c in cites if c.in_citation_list]
        for c in cites:
            entries[c.arxiv_id].setdefault((doc, snap.entry_of(doc, c.line)[0]), c)
    if all_sources:
        for c in snap.citations:  # sorted by (arxiv_id, path, line): the first mention of each source
            if c.kind != "living_doc" and (source is None or c.path == source):
                if not any(p == c.path for p, _ in entries[c.arxiv_id]):
                    entries[c.arxiv_id][(c.path, c.line)] = c
    out = []
    for aid, found in entries.items():
        per_src: dict[str, int] = defaultdict(int)
        for (p, _l) in found:
            per_src[p] += 1
        repeated = sorted(p for p, n in per_src.items() if n > 1)
        if not all_sources:
            found = {k: c for k, c in found.items() if k[0] in repeated}
        if len(found) < 2:
            continue
        out.append(DuplicateGroup(
            arxiv_id=aid, count=len(found), in_citation_list=aid in listed, repeated_in=repeated,
            citations=[CitationRef(source=c.path, line=c.line, raw=c.raw, version=c.version, title=c.title,
                                   section=c.section, in_citation_list=c.in_citation_list)
                       for _, c in sorted(found.items(), key=lambda kv: (kv[1].path, kv[1].line))],
        ))
    return sorted(out, key=lambda d: (-d.count, d.arxiv_id))


def manifest_view(store: Store, manifest: str) -> tuple[Snapshot, set[str], set[str]]:
    """What one manifest's queries read: ``(snapshot, material paths, shift works)``.

    The snapshot is scoped to the manifest (``queries.scope``); the shift's
    works are the arXiv works its materials cite, as ``arXiv:<id>`` (the
    ``subject`` form of findings).  Raises ``QueryError`` for an unknown manifest.
    """
    from .scope import manifest_scope, scoped_snapshot

    scope = manifest_scope(store, manifest)
    snap = scoped_snapshot(store, list(scope.graphs))
    materials = set(scope.materials)
    works = {f"arXiv:{c.arxiv_id}" for p in materials for c in snap.citations_of(p)}
    return snap, materials, works


def concerns_shift(f: Contradiction | EvidenceFinding, materials: set[str], works: set[str]) -> bool:
    """Whether a finding concerns a shift: one of its statements is in a material, or its subject is a shift work."""
    if f.subject in works:
        return True
    if isinstance(f, Contradiction):
        return f.a.source in materials or f.b.source in materials
    return any(st.source in materials for st in f.statements)


def contradictions(store: Store, *, manifest: str | None = None, **_: Any) -> list[Contradiction]:
    """All contradiction findings (see ``queries.contradictions``), kept per database by the lazy
    whole-store snapshot (``Snapshot.whole_store_memo``, the same ``_memo`` the other named queries use).

    With ``manifest`` (ID or path): the findings that concern that shift
    (``concerns_shift``), read from the manifest's scope only; the brief shows these.
    """
    if manifest:
        snap, materials, works = manifest_view(store, manifest)
        return [f for f in _contradictions(snap) if concerns_shift(f, materials, works)]
    return _contradictions(load_snapshot(store, lazy=True))


@_whole_store("evidence", EvidenceFinding)
def evidence(store: Store, *, snapshot: Snapshot | None = None, manifest: str | None = None,
             **_: Any) -> list[EvidenceFinding]:
    """The evidence audit (with ``manifest``: the rows that concern that shift, read from its scope).

    ``figure`` rows: a figure (per subject) whose strongest support is weak
    (``WEAK_EVIDENCE``) or that some source marks as not verified.
    ``conclusion`` rows: an arXiv work whose best support is weak, with its
    statements that carry no figure (conclusions with nothing to check them
    against; metadata lines such as ``原文：URL`` are left out).  ``living``
    rows: the living-document statements about a work (by arXiv ID or card
    alias) whose best support in notes and cards is weak, or ``none``.  A work
    or figure counts once however many notes repeat it.  Sorted by kind, subject, figure.
    """
    if manifest and snapshot is None:
        snap, materials, works = manifest_view(store, manifest)
        return [e for e in evidence(store, snapshot=snap) if concerns_shift(e, materials, works)]
    snap = snapshot or load_snapshot(store, lazy=True)
    # Keys are (subject, is_work, figure): a figure about no work is keyed by its source path.
    figs: dict[tuple[str, bool, str], list] = defaultdict(list)
    flagged: set[tuple[str, bool, str]] = set()
    by_work: dict[str, list] = defaultdict(list)
    for c in snap.claims:
        if c.kind in ("manifest", "brief") or c.role == "citation":
            continue
        subj = snap.subjects[c.iri]
        for s in subj:
            by_work[s].append(c)
        for q in c.quantities:
            if q.metric in ("stars", "citations"):
                continue
            for s, is_work in [(s, True) for s in subj] or [(c.path, False)]:
                k = (s, is_work, figure_key(q.raw))
                if c.unverified:
                    flagged.add(k)
                else:
                    figs[k].append((c, q.raw))
    out = []
    for k, lst in figs.items():
        s, is_work, _fk = k
        best_name = _strongest(c.evidence for c, _ in lst)
        if k in flagged or best_name in WEAK_EVIDENCE:
            if best_name == "unknown" and k not in flagged and not is_work:
                continue  # figures about no work, with no flag: nothing to audit against
            stmts = [statement(c) for c, _ in sorted(lst, key=lambda t: (t[0].path, t[0].line))]
            out.append(EvidenceFinding(kind="figure", subject=f"arXiv:{s}" if is_work else s,
                                       figure=lst[0][1], best_evidence="unverified" if k in flagged else best_name,
                                       statements=stmts))
    for s, lst in by_work.items():
        notes = [c for c in lst if c.kind in ("note", "paper_card")]
        best_name = _strongest(c.evidence for c in notes) if notes else "none"
        bare = [c for c in notes if c.role == "statement" and not c.quantities and not c.unverified
                and not _METADATA.search(c.text)]
        if best_name in WEAK_EVIDENCE and best_name != "unknown" and bare:
            out.append(EvidenceFinding(kind="conclusion", subject=f"arXiv:{s}", best_evidence=best_name,
                                       statements=[statement(c) for c in sorted(bare, key=lambda c: (c.path, c.line))]))
        # Living-document statements about the work: their best support is the notes' and cards'.
        living = [c for c in lst if c.kind == "living_doc" and c.role == "statement"]
        if living and (best_name in WEAK_EVIDENCE or best_name == "none"):
            out.append(EvidenceFinding(kind="living", subject=f"arXiv:{s}", best_evidence=best_name,
                                       statements=[statement(c) for c in sorted(living, key=lambda c: (c.path, c.line))]))
    return sorted(out, key=lambda f: (f.kind, f.subject, f.figure or ""))


#: A note's metadata lines (paper, link, card, evidence level, author, citation counts): not conclusions.
_METADATA = re.compile(r"^\s*(论文|原文|卡片|证据等级|作者|版本历史|Paper|Source|Card|Evidence|Author)\s*[：:]"
                       r"|被引|^\s*arXiv:\S+\s*·", re.IGNORECASE)


def _strongest(levels) -> str:
    """The strongest of some evidence levels (``unknown`` when there are none).

    A level outside the closed list ranks below every known level (``ingest.models.evidence_rank``).
    """
    return min(levels, key=evidence_rank, default="unknown")


def _material_evidence(src, its) -> str:
    """The material's stated level: the note's own, else the strongest of its items'."""
    if src is None:
        return "unknown"
    if src.evidence != "unknown":
        return src.evidence
    return _strongest(i.evidence for i in its if i.evidence != "unknown")


@_whole_store("increments", Increment)
def increments(store: Store, *, manifest: str | None = None, snapshot: Snapshot | None = None, **_: Any) -> list[Increment]:
    """Per manifest material: relevance, suggested sections and its works split new / already cited.

    ``manifest`` is a manifest ID or path (all manifests when omitted).  A
    material is ``low`` when all its items are marked low relevance, or a
    label-mismatch finding concerns it and it names no section, or it brings
    nothing beyond counts; otherwise ``increment``.  Sorted by manifest and order.
    """
    if snapshot is None and manifest:
        snapshot = manifest_view(store, manifest)[0]  # one manifest: its scope is enough
    snap = snapshot or load_snapshot(store, lazy=True)
    items = snap.manifest_items_for(manifest)
    if manifest and not items:
        from ingest.errors import QueryError

        raise QueryError(f"no manifest {manifest!r} in the store; ingest it first")
    findings = _contradictions(snap)
    mismatched = {f.subject for f in findings if f.kind == "label_mismatch"}
    out = []
    for mi in items:
        listed = snap.cited_in_lists(snap.path_of(mi.knowledge))
        src = snap.sources.get(mi.path)
        cl = snap.claims_of(mi.path)
        its = snap.items_of(mi.path)
        ids = list(dict.fromkeys(c.arxiv_id for c in snap.citations_of(mi.path)))
        sections_ = list(dict.fromkeys(s for c in cl for s in c.suggested))
        reasons = []
        if src is None:
            rel = "low"
            reasons.append("not ingested")
        elif mi.path in mismatched and not sections_:
            # A misfit label demotes a material only when it names no section: a note that says
            # where it belongs keeps its place (the finding is still in the report).
            rel = "low"
            reasons.append("labels do not fit the content")
        elif its and all(i.relevance == "low" for i in its):
            rel = "low"
            reasons.extend(i.reason or i.title for i in its)
        elif not sections_ and src.kind in ("repo_card", "paper_card"):
            rel = "low"
            reasons.append("no new statement (counts or metadata only)")
        else:
            rel = "increment"
            reasons.extend(i.reason or i.title for i in its if i.relevance == "low")
        routes = []
        doc = snap.path_of(mi.knowledge) or next(iter(snap.living_docs()), None)
        if src is not None and rel == "increment" and doc:
            topics = [(i.title, [c for c in cl if c.item == i.index]) for i in its if i.relevance != "low"] \
                if its else [(src.title or mi.path, cl)]
            for name, tcl in topics:
                if any(c.suggested for c in tcl):
                    continue
                r = snap.route(doc, "\n".join([name] + [c.text for c in tcl]))
                if r is not None:
                    routes.append(SectionRoute(item=name, key=r.key, title=r.title, score=r.score,
                                               runner_up=r.runner_up, runner_up_score=r.runner_up_score))
        out.append(Increment(
            manifest_id=mi.manifest_id, order=mi.order, source=mi.path, kind=mi.kind,
            agent=(src.agent if src else None) or mi.agent, evidence=_material_evidence(src, its),
            ingested=src is not None, relevance=rel, reasons=reasons,
            items=[i.title for i in its], sections=sections_,
            new_arxiv=[a for a in ids if a not in listed], cited_arxiv=[a for a in ids if a in listed],
            routes=routes,
        ))
    return out


@_whole_store("items", ItemRow)
def items(store: Store, *, manifest: str | None = None, snapshot: Snapshot | None = None, **_: Any) -> list[ItemRow]:
    """Every item (topic) of a shift's materials, judged: the works it is about with their status, its
    evidence levels, relevance and sections (``queries.items``), in manifest then file order.

    ``manifest`` is a manifest ID or path (every manifest when omitted); raises ``QueryError`` for
    a manifest the store does not hold.
    """
    from .items import shift_items

    if snapshot is None and manifest:
        snapshot = manifest_view(store, manifest)[0]
    snap = snapshot or load_snapshot(store, lazy=True)
    if manifest and not snap.manifest_items_for(manifest):
        from ingest.errors import QueryError

        raise QueryError(f"no manifest {manifest!r} in the store; ingest it first")
    return shift_items(snap, manifest)


@_whole_store("titles", TitleRef)
def titles(store: Store, *, snapshot: Snapshot | None = None, **_: Any) -> list[TitleRef]:
    """Works named by title only, resolved at query time (``Snapshot.title_matches``), sorted by source and line.

    A title resolves when exactly one known work (paper-card titles and
    living-document citation titles) scores >= 90 with rapidfuzz; when several
    do, the row is ``ambiguous`` and lists them.
    """
    snap = snapshot or load_snapshot(store, lazy=True)
    return [TitleRef(source=m.path, line=m.line, title=m.title, status=m.status, arxiv_id=m.arxiv_id, score=m.score,
                     candidates=[f"arXiv:{a} ({sc:g}) {t}" for a, sc, t in m.candidates])
            for m in snap.title_matches]


QUERIES: dict[str, tuple[Callable[..., list[Any]], str]] = {
    "sources": (sources, "ingested files: kind, agent, time, evidence level, claim count"),
    "papers": (papers, "one row per arXiv work: versions, citation count, citing sources"),
    "sections": (sections, "sections of the living documents"),
    "claims": (claims, "claims with source, line span, role, evidence level, agent"),
    "increments": (increments, "per manifest material: relevance, sections, new vs already cited works (optional --manifest)"),
    "items": (items, "every topic of a shift's materials: works with status, evidence, relevance, sections (optional --manifest)"),
    "duplicates": (duplicates, "works with two or more citation entries in one living document"),
    "contradictions": (contradictions, "conflicting or flagged statements, both sides quoted (optional --manifest)"),
    "evidence": (evidence, "figures and conclusions whose best support is weak (optional --manifest)"),
    "titles": (titles, "works named by title only: resolved to an arXiv ID, or ambiguous"),
}
