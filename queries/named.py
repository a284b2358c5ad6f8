"""The named queries of ``provkg query NAME``: small functions returning typed rows.

Each takes a ``Store`` (and options) and returns a list of result models from
``queries.results``, sorted as documented.  SPARQL texts live in
``queries/sparql/*.rq``; rule-based ones work on a ``Snapshot``.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from graph.store import Store
from ingest.models import PLACED_HEARSAY, evidence_rank

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
    finding_key,
)
from .state import State, memo_answer, open_state
from ingest.lazyre import compile_lazy

if TYPE_CHECKING:
    from .snapshot import Snapshot

# The rule modules (``queries.contradictions``, ``queries.derive``, ``queries.snapshot``) are imported
# inside the functions that run them: a query that reads the derived index (``sources``, a warm
# ``contradictions``) starts without compiling the rules' lexicon.

__all__ = [
    "QUERIES",
    "shift_item_rows",
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
    "RULES",
]

#: Evidence levels that do not settle a figure or a conclusion.
WEAK_EVIDENCE = ("abstract_checked", "card_only", "second_hand", "vendor_self_reported", "unverified", "unknown")


_LIVE = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"


def sources(store: Store, **_: Any) -> list[SourceRow]:
    """Every source file, sorted by path (the derived index's ``source`` facts)."""
    st = open_state(store)
    rows = st.view.select(f"SELECT t.path, t.kind, t.title, t.agent, t.created, t.evidence, t.lang, t.claims "
                          f"FROM source t JOIN revision r ON r.rev = t.rev WHERE {_LIVE} ORDER BY t.path")
    return [SourceRow(source=p, kind=k, title=ti, agent=a, created=c, evidence=e, lang=la, claims=n)
            for p, k, ti, a, c, e, la, n in rows]


def papers(store: Store, **_: Any) -> list[PaperRow]:
    """One row per arXiv work (by key), sorted by ``arxiv_id``: versions, citation count, citing sources, titles,
    and its citation status in the living documents (``queries.items.work_status``).

    Aggregated in SQL over the citation facts of the derived index; titles are the citations'
    (by path and line), then the paper cards'.
    """
    import json

    from .snapshot import works_parts

    st = open_state(store)
    view = st.view
    agg = view.select(
        f"SELECT t.arxiv_id, json_group_array(DISTINCT t.version), count(DISTINCT t.path || char(0) || t.line), "
        f"json_group_array(DISTINCT t.path), max(t.in_citation_list), max(t.kind = 'living_doc') FROM citation t JOIN revision r ON r.rev = t.rev "
        f"WHERE {_LIVE} GROUP BY t.arxiv_id ORDER BY t.arxiv_id")
    titles: dict[str, list[str]] = defaultdict(list)
    for aid, title in view.select(f"SELECT t.arxiv_id, t.title FROM citation t JOIN revision r ON r.rev = t.rev "
                                  f"WHERE {_LIVE} AND t.title IS NOT NULL ORDER BY t.arxiv_id, t.path, t.line, t.raw"):
        titles[aid].append(title)
    card = works_parts(view.rows("card_work"))["work_titles"]
    rows = []
    for aid, versions, n, srcs, listed, living in agg:
        rows.append(PaperRow(
            arxiv_id=aid,
            versions=sorted((v for v in json.loads(versions) if v), key=lambda v: int(v[1:]) if v[1:].isdigit() else 0),
            citations=n, sources=sorted(json.loads(srcs)),
            titles=list(dict.fromkeys(titles.get(aid, []) + [t for t, _ in card.get(aid, [])])),  # type: ignore[union-attr]
            in_citation_list=bool(listed),
            # work_status(snap, None): listed in a citation list, else named in a living document's body
            status="already_cited" if listed else ("not_in_citation_list" if living else "new"),
        ))
    return rows


def sections(store: Store, **_: Any) -> list[SectionRow]:
    """Sections of the living documents in document order."""
    st = open_state(store)
    return [SectionRow(source=s.path, key=s.key, title=s.title, level=s.level, line=s.line, line_end=s.line_end,
                       parent=s.parent, citation_list=s.citation_list)
            for s in sorted(st.view.rows("section"), key=lambda s: (s.path, s.line, s.key))]


def _levels(evidence: str, also: str | None) -> list[str]:
    """``SClaim.evidence_levels`` of a claim row: ``evidence`` and its ``evidence_also`` column, in vocabulary order."""
    from graph.facts import decode_list
    from ingest.evidence import ordered_levels

    return list(ordered_levels([evidence, *decode_list(also)], all_depths=True)) or [evidence]


def claims(store: Store, *, source: str | None = None, **_: Any) -> list[ClaimRow]:
    """Current claims, sorted by source and line; ``source`` filters to one file.

    Read from the derived index with each claim's subjects (stored at ingest, or computed when the
    index's answers are behind).
    """
    from .snapshot import snapshot_of_view
    from pydantic import TypeAdapter

    from graph.facts import decode_list

    from .collector import gc_paused

    st = open_state(store)
    where = " AND t.path = :src" if source else ""
    sql = (f"SELECT t.iri, t.text, t.path, t.line, t.line_end, t.role, t.evidence, t.agent, t.section, t.quantities, "
           f"t.evidence_also, t.item"
           f"{', s.subjects' if st.fresh else ''} FROM claim t JOIN revision r ON r.rev = t.rev "
           + ("LEFT JOIN ans_subject s ON s.claim = t.iri AND s.block = t.path AND s.from_db <= :db AND "
              "(s.to_db IS NULL OR s.to_db > :db) " if st.fresh else "")
           + f"WHERE {_LIVE}{where} ORDER BY t.path, t.line, t.iri")
    rows = st.view.select(sql, {"src": source} if source else None)
    if st.fresh:
        subjects = None
    else:
        snap = snapshot_of_view(st.view, paths=[source] if source else None)
        subjects = memo_answer(st, "subjects", lambda: snap.subjects) if not source else snap.subjects
    with gc_paused():  # pydantic-core builds the rows (144,064 at 10,000 notes)
        return TypeAdapter(list[ClaimRow]).validate_python([
            {"id": r[0], "text": r[1], "source": r[2], "line": r[3], "line_end": r[4], "role": r[5],
             "evidence": r[6], "evidence_levels": _levels(r[6], r[10]), "agent": r[7], "section": r[8],
             "about": decode_list(r[12]) if subjects is None else subjects.get(r[0], []),
             "figures": [q[0] for q in decode_list(r[9])], "item": r[11]} for r in rows])


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
    from .snapshot import snapshot_of_view

    st = open_state(store)
    docs_ = [r[0] for r in st.view.select(f"SELECT t.path FROM source t JOIN revision r ON r.rev = t.rev "
                                          f"WHERE {_LIVE} AND t.kind = 'living_doc'")]
    snap = snapshot_of_view(st.view, paths=None if all_sources else docs_, fresh=st.fresh)
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


def _shift(st: State, manifest: str) -> tuple[str, set[str], set[str]]:
    """``(manifest ID, material paths, shift works)`` of the manifest ``manifest`` (ID or path) names,
    as ``manifest_view`` gives them, read from the index.  Raises ``QueryError`` for an unknown manifest."""
    from .snapshot import no_manifest, pick_manifest_id, snapshot_of_view
    from ingest.errors import QueryError

    heads = st.view.select(f"SELECT DISTINCT t.manifest_id, t.manifest_path FROM manifest_item t "
                           f"JOIN revision r ON r.rev = t.rev WHERE {_LIVE}")
    mid = pick_manifest_id(manifest, heads)
    if mid is None:
        raise QueryError(no_manifest(manifest, (m for m, _ in heads)))
    files = sorted({p for m, p in heads if m == mid})
    items = snapshot_of_view(st.view, paths=files).manifest_items_for(mid)
    materials = {i.path for i in items}
    snap = snapshot_of_view(st.view, paths=sorted(materials))
    works = {f"arXiv:{c.arxiv_id}" for p in materials for c in snap.citations_of(p)}
    return mid, materials, works


def _answers(store: Store, name: str, manifest: str | None) -> list[Any]:
    """The whole-store answer of ``name`` (``contradictions``, ``evidence``, ``increments``, ``items``), or the part of
    it that concerns ``manifest``'s shift: stored in the derived index at ingest (``queries.derive``),
    or computed over the whole store when the index's answers are behind (kept for the process)."""
    from .derive import stored_evidence, stored_findings, stored_increments, stored_items
    from .snapshot import snapshot_of_view

    st = open_state(store)
    mid, materials, works = _shift(st, manifest) if manifest else (None, set(), set())
    if name == "increments":
        if st.fresh:
            return stored_increments(st.view, mid)
        rows = memo_answer(st, name, lambda: increments(store, snapshot=snapshot_of_view(st.view)))
        return [r for r in rows if mid is None or r.manifest_id == mid]
    if name == "items":
        if st.fresh:
            return stored_items(st.view, mid)
        rows = memo_answer(st, name, lambda: items(store, snapshot=snapshot_of_view(st.view)))
        return [r for r in rows if mid is None or r.manifest_id == mid]
    if name == "evidence":
        if st.fresh:
            rows = stored_evidence(st.view, subjects=works, sources=materials) if manifest else stored_evidence(st.view)
        else:
            rows = memo_answer(st, name, lambda: evidence(store, snapshot=snapshot_of_view(st.view)))
    else:
        if st.fresh:
            found = stored_findings(st.view, subjects=works, sources=materials) if manifest else stored_findings(st.view)
            rows = sorted(found, key=finding_key)
        else:
            from .contradictions import contradictions as _contradictions

            rows = memo_answer(st, name, lambda: _contradictions(snapshot_of_view(st.view)))
    return [f for f in rows if concerns_shift(f, materials, works)] if manifest else list(rows)


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
    """All contradiction findings (see ``queries.contradictions``), as the derived index keeps them.

    With ``manifest`` (ID or path): the findings that concern that shift (``concerns_shift``); the
    brief shows these.
    """
    return _answers(store, "contradictions", manifest)


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
    Without ``snapshot``: the answer the derived index keeps (``queries.derive``).
    """
    if snapshot is None:
        return _answers(store, "evidence", manifest)
    from .contradictions import figure_key, statement

    snap = snapshot
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
_METADATA = compile_lazy(r"^\s*(论文|原文|卡片|证据等级|作者|版本历史|Paper|Source|Card|Evidence|Author)\s*[：:]"
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


def increments(store: Store, *, manifest: str | None = None, snapshot: Snapshot | None = None, **_: Any) -> list[Increment]:
    """Per manifest material: relevance, suggested sections and its works split new / already cited.

    ``manifest`` is a manifest ID or path (all manifests when omitted).  A
    material is ``low`` when all its items are marked low relevance, or a
    label-mismatch finding concerns it and it names no section, or it brings
    nothing beyond counts; otherwise ``increment``.  Sorted by manifest and order.
    Without ``snapshot``: the answer the derived index keeps (``queries.derive``).
    """
    if snapshot is None:
        return _answers(store, "increments", manifest)
    from .contradictions import mislabelled
    from .items import MISLABELLED

    snap = snapshot
    items = _manifest_items(snap, manifest)
    mismatched = mislabelled(snap)
    # the items as the brief judges them (``query items``): a material all of whose items the brief finds low is low
    judged: dict[tuple[str | None, str], list[ItemRow]] = {}
    for r in _judged_items(snap, manifest):
        judged.setdefault((r.manifest_id, r.source), []).append(r)
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
            reasons.append(MISLABELLED)
        elif (rows := judged.get((mi.manifest_id, mi.path))) and all(r.relevance == "low" for r in rows):
            rel = "low"  # (a newsletter whose items the brief all finds low was an increment here: a fresh user's run)
            reasons.extend(dict.fromkeys(r.reason or r.title for r in rows))
        elif its and all(i.relevance == "low" for i in its) and not (rows and any(r.relevance != "low" for r in rows)):
            # (an item the brief makes an increment, hearsay about a new work its writer places, keeps its material one)
            rel = "low"
            reasons.extend((i.reason or i.title).removesuffix(PLACED_HEARSAY) for i in its)
        elif not sections_ and src.kind in ("repo_card", "paper_card"):
            rel = "low"
            reasons.append("no new statement (counts or metadata only)")
        else:
            rel = "increment"
            reasons.extend((i.reason or i.title).removesuffix(PLACED_HEARSAY) for i in its if i.relevance == "low")
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
            manifest_id=mi.manifest_id, order=mi.order, source=mi.path,
            kind=mi.kind or (src.kind if src is not None else None),
            agent=(src.agent if src else None) or mi.agent, evidence=_material_evidence(src, its),
            ingested=src is not None, relevance=rel, reasons=reasons,
            items=[i.title for i in its], sections=sections_,
            new_arxiv=[a for a in ids if a not in listed], cited_arxiv=[a for a in ids if a in listed],
            routes=routes,
        ))
    return out


def _manifest_items(snap: Snapshot, manifest: str | None) -> list:
    """The items of the manifest ``manifest`` names (of every manifest when None); raises ``QueryError``
    listing the held IDs when it names none."""
    got = snap.manifest_items_for(manifest)
    if manifest and not got:
        from ingest.errors import QueryError

        from .snapshot import no_manifest

        raise QueryError(no_manifest(manifest, (i.manifest_id for i in snap.manifest_items)))
    return got


def items(store: Store, *, manifest: str | None = None, snapshot: Snapshot | None = None, **_: Any) -> list[ItemRow]:
    """Every item (topic) of a shift's materials, judged: the works it is about with their status, its
    evidence levels, relevance and sections (``queries.items``), in manifest then file order.

    ``manifest`` is a manifest ID or path (every manifest when omitted); raises ``QueryError`` for
    a manifest the store does not hold.  Without ``snapshot``: the answer the derived index keeps
    (``queries.derive``).
    """
    if snapshot is None:
        return _answers(store, "items", manifest)
    _manifest_items(snapshot, manifest)
    return list(_judged_items(snapshot, manifest))


def _judged_items(snap: Snapshot, manifest: str | None) -> list[ItemRow]:
    """``queries.items.shift_items`` of ``manifest`` on ``snap``, judged once per snapshot (``items`` and
    ``increments`` both need them, and the derived index computes both at every ingest)."""
    key = ("judged_items", manifest)
    if key not in snap.cache:
        from .contradictions import at_odds_with_living_docs, mislabelled
        from .items import shift_items

        snap.cache[key] = shift_items(snap, manifest, at_odds_with_living_docs(snap), mislabelled(snap))
    return snap.cache[key]  # type: ignore[return-value]


def shift_item_rows(store: Store, manifest_id: str, snapshot: Snapshot, *, scoped: bool) -> list[ItemRow]:
    """The judged items of one manifest's shift for its brief: what the derived index keeps
    (``query items --manifest``) when ``scoped`` (the brief reads the manifest's scope) and the
    index's answers are current, else ``items`` over ``snapshot``."""
    if scoped:
        from .derive import stored_items

        st = open_state(store)
        if st.fresh:
            return stored_items(st.view, manifest_id)
    return items(store, manifest=manifest_id, snapshot=snapshot)


def titles(store: Store, *, snapshot: Snapshot | None = None, **_: Any) -> list[TitleRef]:
    """Works named by title only, resolved at query time (``Snapshot.title_matches``), sorted by source and line.

    A title resolves when exactly one known work (paper-card titles and
    living-document citation titles) scores >= 90 with rapidfuzz; when several
    do, the row is ``ambiguous`` and lists them.
    """
    from .snapshot import load_snapshot

    snap = snapshot or load_snapshot(store)
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


def __getattr__(name: str) -> Any:
    """``RULES``: the rules whose answers the derived index keeps (``queries.derive.Rules``;
    ``provkg.api.ProvKG`` hands them to every ingest), built on first use so that reading commands
    do not import the rules.  Raises ``AttributeError`` for any other name."""
    if name != "RULES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global RULES
    from .contradictions import contradictions as _contradictions
    from .derive import Rules

    RULES = Rules(
        findings=_contradictions,
        evidence=lambda snap: evidence(None, snapshot=snap),  # type: ignore[arg-type]
        increments=lambda snap: increments(None, snapshot=snap),  # type: ignore[arg-type]
        finding_key=finding_key,
        items=lambda snap: items(None, snapshot=snap),  # type: ignore[arg-type]
    )
    return RULES
