"""The part of the store one shift's brief reads: a scoped snapshot.

A brief concerns one increment manifest.  Everything it says comes from the
manifest's materials, the living document (and queue) the manifest names,
and the sources that name one of the shift's works (paper cards, other notes,
citations): contradictions and evidence gaps about those works can only come
from them.  ``manifest_scope`` finds those files with a few indexed lookups in
the derived index (``queries.state``: the ``manifest_item``, ``source`` and
``work_named`` facts, and the claim subjects the index keeps), and
``scoped_snapshot`` reads the snapshot parts of those files only.

The titles and aliases of works known from paper cards are always read from
the whole store: they decide which works a material names by alias or title.

What a scoped snapshot does not see, by design: a source outside the shift that
names a shift work *only* by a card's alias or by title (no arXiv ID).  Its
statements do not reach the brief's evidence section (nor the scoped snapshot's
own rule runs); the contradiction findings a scoped snapshot carries are the
whole store's (the index keeps them), so they include such sources.  On the
sample, the sample beside the public corpus and the synthetic workspaces of the
tests the scoped brief equals the whole-store one (tests/test_scope.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from graph.backend import Backend
from graph.index import IndexView

from .derive import stored_findings
from .snapshot import Snapshot, no_manifest, pick_manifest_id, snapshot_of_view
from .state import State, open_state

__all__ = ["Scope", "files_naming", "manifest_docs", "manifest_scope", "scoped_snapshot"]

_LIVE = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"


@dataclass(frozen=True)
class Scope:
    """The files a manifest's brief reads.

    ``manifest_id``: the manifest's ID; ``graphs``: current revision IRIs, sorted; ``paths``: their
    workspace paths, sorted; ``materials``: the materials' workspace paths in manifest order;
    ``works``: arXiv keys the materials name (by ID, alias or title).
    """

    manifest_id: str
    graphs: tuple[str, ...]
    materials: tuple[str, ...]
    works: tuple[str, ...]
    paths: tuple[str, ...] = ()


def files_naming(view: IndexView, works: list[str]) -> set[str]:
    """Live files whose graph names one of ``works`` (``graph.facts.WorkNamed``)."""
    out: set[str] = set()
    for i in range(0, len(works), 500):
        vv = {f"w{j}": w for j, w in enumerate(works[i:i + 500])}
        out.update(r[0] for r in view.select(
            f"SELECT DISTINCT r.path FROM work_named t JOIN revision r ON r.rev = t.rev WHERE {_LIVE} "
            f"AND t.arxiv_id IN ({','.join(':' + k for k in vv)})", vv))
    return out


def _scope_of(st: State, manifest: str) -> Scope:
    from ingest.errors import QueryError

    view = st.view
    live = view.live_revisions()
    heads = view.select(f"SELECT DISTINCT t.manifest_id, t.manifest_path FROM manifest_item t "
                        f"JOIN revision r ON r.rev = t.rev WHERE {_LIVE}")
    mid = pick_manifest_id(manifest, heads)
    if mid is None:
        raise QueryError(no_manifest(manifest, (m for m, _ in heads)))
    # Every manifest file with that ID (the unscoped brief reads them all), not only the one matched.
    mfiles = sorted({p for m, p in heads if m == mid})
    first = snapshot_of_view(view, paths=mfiles, fresh=st.fresh)
    mitems = [i for i in first.manifest_items_for(mid) if i.manifest_id == mid]
    paths = set(mfiles)
    paths.update(i.path for i in mitems if i.path in live)
    iris = dict(view.select(f"SELECT t.iri, t.path FROM source t JOIN revision r ON r.rev = t.rev WHERE {_LIVE}"))
    docs = {iris[i.knowledge] for i in mitems if i.knowledge and i.knowledge in iris}
    if not docs:
        docs = {r[0] for r in view.select(f"SELECT t.path FROM source t JOIN revision r ON r.rev = t.rev "
                                          f"WHERE {_LIVE} AND t.kind = 'living_doc'")}
    paths |= docs
    queue, _author = _manifest_docs(view, mid)
    if queue and queue in iris:  # the work queue the manifest names (the brief's header)
        paths.add(iris[queue])
    materials = tuple(dict.fromkeys(i.path for i in mitems))
    base = snapshot_of_view(view, paths=sorted(materials), fresh=st.fresh)
    works: dict[str, None] = {}
    subj = base.subjects_for([c for p in materials for c in base.claims_of(p)])  # not the living document's
    for p in materials:
        for c in base.claims_of(p):
            works.update(dict.fromkeys(subj.get(c.iri, ())))
            works.update(dict.fromkeys(c.mentions))
        works.update(dict.fromkeys(c.arxiv_id for c in base.citations_of(p)))
    keys = sorted({w.removeprefix("arXiv:") for w in works if w})
    paths |= files_naming(view, keys)
    return Scope(manifest_id=mid, graphs=tuple(sorted(live[p] for p in paths if p in live)), materials=materials,
                 works=tuple(keys), paths=tuple(sorted(p for p in paths if p in live)))


def _manifest_docs(view: IndexView, manifest_id: str) -> tuple[str | None, str | None]:
    """``manifest_docs`` read from ``view``: the first queue and the first author, by revision IRI."""
    rows = view.select(f"SELECT r.rev, t.queue, t.author FROM manifest t JOIN revision r ON r.rev = t.rev "
                       f"WHERE {_LIVE} AND t.manifest_id = :id ORDER BY r.rev", {"id": manifest_id})
    queue = next((q for _r, q, _a in rows if q), None)
    author = next((a for _r, _q, a in rows if a), None)
    return queue, author


def manifest_docs(store: Backend, manifest_id: str) -> tuple[str | None, str | None]:
    """``(queue source IRI, author)`` that the current files declaring ``manifest_id`` name
    (``kg:queueDoc``; the last segment of the agent IRI the manifest is ``prov:wasAttributedTo``),
    ``None`` where none does; read from the derived index (``graph.facts.SManifest``)."""
    return _manifest_docs(open_state(store).view, manifest_id)


def manifest_scope(store: Backend, manifest: str) -> Scope:
    """The files the brief of ``manifest`` (ID or path, as ``Snapshot.manifest_items_for``) reads.

    Steps: the manifest's files (every manifest file with the matched ID, when several share it);
    its materials, its knowledge document (or every living document when it names none) and the
    work queue it names; the
    works the materials name (their claims' subjects, so aliases and titles from cards count,
    mentions and citations); then every current file whose graph names one of those works
    (claims ``kg:about``/``kg:mentions``, citations, cards ``kg:about``, briefs).

    Raises ``QueryError`` when no manifest in the store matches.
    """
    return _scope_of(open_state(store), manifest)


def scoped_snapshot(store: Backend, graphs: list[str]) -> Snapshot:
    """A lazy ``Snapshot`` of ``store`` restricted to the current revisions ``graphs`` (their files).

    Card titles and aliases (``work_titles``, ``aliases``, ``card_works``) still come from the
    whole store; every other part holds only rows of those files.  When the index's answers are
    current, the snapshot carries the findings the index keeps about those files' works or quoting
    them (``contradictions(snap)`` returns them, sorted), so a brief runs no rule over them again.
    """
    st = open_state(store)
    by_rev = {rev: p for p, rev in st.view.live_revisions().items()}
    paths = sorted({by_rev[g] for g in graphs if g in by_rev})
    snap = snapshot_of_view(st.view, paths=paths, fresh=st.fresh)
    if st.fresh:
        from .contradictions import finding_key

        works = sorted({r[0] for r in _works_of(st.view, paths)})
        found = stored_findings(st.view, subjects=[f"arXiv:{w}" for w in works] + paths, sources=paths)
        snap.cache["contradictions"] = tuple(sorted(found, key=finding_key))
    return snap


def _works_of(view: IndexView, paths: list[str]) -> list[tuple[str]]:
    out: list[tuple[str]] = []
    for i in range(0, len(paths), 500):
        pp = {f"p{j}": p for j, p in enumerate(paths[i:i + 500])}
        out += view.select(f"SELECT DISTINCT t.arxiv_id FROM work_named t JOIN revision r ON r.rev = t.rev "
                           f"WHERE {_LIVE} AND r.path IN ({','.join(':' + k for k in pp)})", pp)
    return out
