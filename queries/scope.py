"""The part of the store one shift's brief reads: a scoped snapshot.

A brief concerns one increment manifest.  Everything it says comes from the
manifest's materials, the living document (and queue) the manifest names,
and the sources that name one of the shift's works by arXiv ID (paper cards,
other notes, citations): contradictions and evidence gaps about those works
can only come from them.  ``manifest_scope`` finds those named graphs with a
few indexed SPARQL lookups, and ``scoped_snapshot`` reads the snapshot parts
from them only: the SELECTs get ``FROM NAMED`` clauses naming the graphs
(SPARQL 1.1 Query §13.2, dataset of a query), so the on-disk store touches
~350 graphs instead of 12,700 (10,000 notes: the brief 7.9 s with every cache
empty against 113 s from a whole-store snapshot; docs/PERFORMANCE.md).

The titles and aliases of works known from paper cards (``works.rq``) are
always read from the whole store (cached per database): they decide which
works a material names by alias or title.

What a scoped brief does not see, by design: a source outside the shift that
names a shift work *only* by a card's alias or by title (no arXiv ID).  Its
statements do not reach the brief's contradiction and evidence sections (nor
``query evidence --manifest``, whose rows may then list fewer statements);
they stay in the whole-store report and queries.  Finding them would need a
text search over every claim of the store at each brief.  On the sample, the
sample beside the public corpus and the synthetic workspaces of the tests the
scoped brief equals the whole-store one (tests/test_scope.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pyoxigraph as ox

from graph.backend import Backend
from graph.model import work_iri
from graph.namespaces import PROV_GRAPH

from .graphcache import revision_paths
from .snapshot import Snapshot, load_snapshot, pick_manifest_id

__all__ = ["Scope", "ScopedBackend", "manifest_docs", "manifest_scope", "scoped_query", "scoped_snapshot"]

_KG = "https://w3id.org/provkg/ns#"
_PROV = str(PROV_GRAPH)

_SELECT = re.compile(r"(?m)^\s*SELECT\b")
_WHERE = re.compile(r"\bWHERE\b")


def scoped_query(query: str, graphs: list[str]) -> str:
    """``query`` with ``FROM NAMED`` clauses for ``graphs`` and the provenance graph, before its ``WHERE``.

    The query's dataset then holds only those named graphs (SPARQL 1.1 Query
    §13.2), so ``GRAPH ?g`` patterns range over them alone.  IRIs are written
    in their escaped N-Triples form (pyoxigraph), never formatted from text.

    Raises ``ValueError`` when the text has no ``SELECT … WHERE``.
    """
    m = _SELECT.search(query)
    w = _WHERE.search(query, m.end()) if m else None
    if w is None:
        raise ValueError("not a SELECT … WHERE query")
    names = dict.fromkeys([*graphs, _PROV])
    clauses = "".join(f"FROM NAMED {ox.NamedNode(g)}\n" for g in names)
    return query[: w.start()] + clauses + query[w.start():]


class ScopedBackend:
    """A read-only view of a backend whose SELECTs see only some named graphs (plus the provenance graph).

    Wraps any ``graph.backend.Backend``; ``select`` (all the snapshot part
    readers call) rewrites the query with ``scoped_query``.  Not cached by the snapshot part cache
    (its key names whole databases).
    """

    def __init__(self, store: Backend, graphs: list[str]):
        self.store = store
        self.graphs = sorted(set(graphs))

    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """``store.select`` over the scoped dataset."""
        return self.store.select(scoped_query(query, self.graphs), **bindings)



@dataclass(frozen=True)
class Scope:
    """The named graphs a manifest's brief reads.

    ``manifest_id``: the manifest's ID; ``graphs``: current revision IRIs, sorted;
    ``materials``: the materials' workspace paths in manifest order;
    ``works``: arXiv keys the materials name (by ID, alias or title).
    """

    manifest_id: str
    graphs: tuple[str, ...]
    materials: tuple[str, ...]
    works: tuple[str, ...]


# Every manifest and living document of any revision; the current ones are kept in Python (joining the
# provenance graph's 12,700 `kg:current` markers first cost 0.3-1.6 s on 10,000 notes, this 15 ms).
_MANIFESTS = f"""PREFIX kg: <{_KG}>
SELECT ?g ?id ?path WHERE {{
  GRAPH ?g {{ ?m a kg:Manifest ; kg:manifestId ?id ; kg:inSource ?src . ?src kg:path ?path }}
}}"""

_MANIFEST_DOCS = f"""PREFIX kg: <{_KG}>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT ?g ?queue ?agent WHERE {{
  GRAPH ?g {{ ?m a kg:Manifest ; kg:manifestId ?id .
    OPTIONAL {{ ?m kg:queueDoc ?queue }}
    OPTIONAL {{ ?m prov:wasAttributedTo ?a . BIND(REPLACE(STR(?a), "^.*/", "") AS ?agent) }} }}
}}"""

_LIVING = f"""PREFIX kg: <{_KG}>
SELECT DISTINCT ?g WHERE {{ GRAPH ?g {{ ?s kg:kind "living_doc" }} }}"""


def _graphs_naming(store: Backend, works: list[str], current: set[str]) -> set[str]:
    """Current graphs holding any quad whose object is one of ``works`` (arXiv keys)."""
    out: set[str] = set()
    for i in range(0, len(works), 200):
        vals = " ".join(str(work_iri(w)) for w in works[i:i + 200])
        rows = store.select(f"SELECT DISTINCT ?g WHERE {{ VALUES ?w {{ {vals} }} GRAPH ?g {{ ?x ?p ?w }} }}")
        out.update(str(r["g"]) for r in rows if str(r["g"]) in current)
    return out


def manifest_docs(store: Backend, manifest_id: str) -> tuple[str | None, str | None]:
    """``(queue source IRI, author)`` that the current files declaring ``manifest_id`` name
    (``kg:queueDoc``; the agent the manifest is ``prov:wasAttributedTo``), ``None`` where none does."""
    current = {g for g, _p, _s in revision_paths(store)}
    rows = [r for r in store.select(_MANIFEST_DOCS, id=manifest_id) if str(r["g"]) in current]
    queue = next((str(r["queue"]) for r in sorted(rows, key=lambda r: str(r["g"])) if r["queue"]), None)
    agent = next((str(r["agent"]) for r in sorted(rows, key=lambda r: str(r["g"])) if r["agent"]), None)
    return queue, agent


def manifest_scope(store: Backend, manifest: str) -> Scope:
    """The graphs the brief of ``manifest`` (ID or path, as ``Snapshot.manifest_items_for``) reads.

    Steps: the manifest's graph (the graphs of every manifest file with the
    matched ID, when several share it); its materials, its knowledge document (or
    every living document when it names none) and their current revisions;
    the works those name (``Snapshot.subjects`` and citations, so aliases and
    titles from cards count); then every current graph holding a quad whose
    object is one of those works (claims ``kg:about``/``kg:mentions``,
    citations, cards ``kg:about``).

    Raises ``QueryError`` when no manifest in the store matches.
    """
    from ingest.errors import QueryError

    by_path: dict[str, str] = {}
    by_src: dict[str, str] = {}
    for g, path, src in revision_paths(store):
        by_path[path] = g
        by_src[src] = g
    current = set(by_path.values())
    heads = [r for r in store.select(_MANIFESTS) if str(r["g"]) in current]
    mid = pick_manifest_id(manifest, ((str(r["id"]), str(r["path"])) for r in heads))
    if mid is None:
        raise QueryError(f"no manifest {manifest!r} in the store; ingest its workspace first")
    # Every manifest file with that ID (the unscoped brief reads them all), not only the one matched.
    mgraphs = sorted({str(r["g"]) for r in heads if str(r["id"]) == mid})
    first = scoped_snapshot(store, mgraphs)
    mitems = [i for i in first.manifest_items_for(mid) if i.manifest_id == mid]
    graphs = set(mgraphs)
    graphs.update(by_path[i.path] for i in mitems if i.path in by_path)
    docs = {by_src[i.knowledge] for i in mitems if i.knowledge and i.knowledge in by_src}
    if not docs:
        docs = {str(r["g"]) for r in store.select(_LIVING)} & current
    graphs |= docs
    queue, _agent = manifest_docs(store, mid)
    if queue and queue in by_src:  # the work queue the manifest names (the brief's header)
        graphs.add(by_src[queue])
    materials = tuple(dict.fromkeys(i.path for i in mitems))
    base = scoped_snapshot(store, sorted(graphs))
    works: dict[str, None] = {}
    subj = base.subjects_for([c for p in materials for c in base.claims_of(p)])  # not the living document's
    for p in materials:
        for c in base.claims_of(p):
            works.update(dict.fromkeys(subj.get(c.iri, ())))
            works.update(dict.fromkeys(c.mentions))
        works.update(dict.fromkeys(c.arxiv_id for c in base.citations_of(p)))
    keys = [w.removeprefix("arXiv:") for w in works if w]
    graphs |= _graphs_naming(store, sorted(set(keys)), current)
    return Scope(manifest_id=mid, graphs=tuple(sorted(graphs)), materials=materials, works=tuple(sorted(set(keys))))


def scoped_snapshot(store: Backend, graphs: list[str]) -> Snapshot:
    """A lazy ``Snapshot`` of ``store`` restricted to the named graphs ``graphs``.

    Card titles and aliases (``work_titles``, ``aliases``, ``card_works``)
    still come from the whole store; every other part holds only rows of
    ``graphs``.
    """
    return load_snapshot(store, lazy=True, graphs=graphs)
