"""Graph views for the HTML page and for notebooks.

``provenance_graph(snap)`` builds a networkx ``MultiDiGraph`` of resources
(sources, agents, claims, works, versions, sections, manifests, findings) with
the PROV/CiTO relation as edge key, literals kept as node attributes (a
derived view, never written back; cf. rdflib ``rdflib_to_networkx_multidigraph``
and prov ``prov_to_graph``).  ``viz_view`` selects a view (whole store, one
manifest's shift, a focus neighbourhood, contradictions only) and turns it
into a ``GraphView`` for ``queries.render.html``.
"""
from __future__ import annotations

import networkx as nx

from ingest.arxiv import find_arxiv_ids

from .contradictions import contradictions
from .render.html import GraphView, VizEdge, VizNode
from .snapshot import Snapshot

__all__ = ["provenance_graph", "viz_view", "resolve_focus"]


def _short(t: str, n: int = 48) -> str:
    t = " ".join(t.split())
    return t if len(t) <= n else t[: n - 1] + "…"


def provenance_graph(snap: Snapshot, *, with_claims: bool = True) -> nx.MultiDiGraph:
    """A ``MultiDiGraph``: node ids are prefixed keys (``source:path``, ``work:2502.07115``,
    ``claim:<iri>``, ``section:<path>#<key>``, ``agent:name``, ``finding:<id>``);
    attributes ``type``, ``label`` and ``props`` (dict of strings)."""
    G = nx.MultiDiGraph()
    for p, s in snap.sources.items():
        G.add_node(f"source:{p}", type="manifest" if s.kind == "manifest" else "source", label=p.rsplit("/", 1)[-1],
                   props={"source": p, "kind": s.kind, "agent": s.agent or "", "time": s.created or "",
                          "evidence": s.evidence, "title": s.title or ""})
        if s.agent:
            G.add_node(f"agent:{s.agent}", type="agent", label=s.agent, props={"agent": s.agent})
            G.add_edge(f"source:{p}", f"agent:{s.agent}", key="prov:wasAttributedTo")
    for sec in snap.sections:
        sid = f"section:{sec.path}#{sec.key}"
        G.add_node(sid, type="section", label=f"§{sec.key} {_short(sec.title, 24)}",
                   props={"source": sec.path, "line": str(sec.line), "line_end": str(sec.line_end), "title": sec.title})
        G.add_edge(sid, f"source:{sec.path}", key="prov:wasDerivedFrom")
    for c in snap.citations:
        w = f"work:{c.arxiv_id}"
        if w not in G:
            titles = [t for t, _ in snap.work_titles.get(c.arxiv_id, [])]
            G.add_node(w, type="work", label=f"arXiv:{c.arxiv_id}",
                       props={"arxiv_id": c.arxiv_id, "title": titles[0] if titles else (c.title or "")})
        G.add_edge(f"source:{c.path}", w, key="cito:cites", line=c.line)
        if c.version:
            v = f"work:{c.arxiv_id}{c.version}"
            G.add_node(v, type="version", label=f"{c.arxiv_id}{c.version}", props={"arxiv_id": c.arxiv_id, "version": c.version})
            G.add_edge(v, w, key="prov:specializationOf")
            G.add_edge(f"source:{c.path}", v, key="cito:cites", line=c.line)
        if c.section and c.kind == "living_doc":
            G.add_edge(w, f"section:{c.path}#{c.section}", key="kg:inSection")
    for m in snap.manifest_items:
        G.add_edge(f"source:{m.manifest_path}", f"source:{m.path}", key="prov:hadMember")
    if with_claims:
        for c in snap.claims:
            if c.kind in ("living_doc",) and c.role == "citation":
                continue
            cid = f"claim:{c.iri}"
            G.add_node(cid, type="claim", label=_short(c.text, 40),
                       props={"source": c.path, "line": str(c.line), "line_end": str(c.line_end), "agent": c.agent or "",
                              "evidence": c.evidence, "role": c.role, "text": c.text})
            G.add_edge(cid, f"source:{c.path}", key="prov:wasQuotedFrom")
            for a in c.about:
                if f"work:{a}" in G:
                    G.add_edge(cid, f"work:{a}", key="kg:about")
            if c.section:
                G.add_edge(cid, f"section:{c.path}#{c.section}", key="kg:inSection")
    claim_at = {(c.path, c.line): f"claim:{c.iri}" for c in reversed(snap.claims) if f"claim:{c.iri}" in G}
    for f in contradictions(snap):
        fid = f"finding:{f.id}"
        G.add_node(fid, type="contradiction", label=f.kind, props={"kind": f.kind, "subject": f.subject, "summary": f.summary,
                                                                   "a": f"{f.a.source}:{f.a.line} {f.a.text}",
                                                                   "b": f"{f.b.source}:{f.b.line} {f.b.text}"})
        for side in (f.a, f.b):
            G.add_edge(fid, claim_at.get((side.source, side.line), f"source:{side.source}"), key="contradicts")
    return G


def resolve_focus(G: nx.MultiDiGraph, focus: str) -> str | None:
    """The node a ``--focus`` value names: an arXiv ID in any form, ``§3.1``, a source path, or a node id."""
    if focus in G:
        return focus
    ids = find_arxiv_ids(focus)
    if ids and f"work:{ids[0].arxiv_id}" in G:
        return f"work:{ids[0].arxiv_id}"
    key = focus.lstrip("§").strip()
    for n, d in G.nodes(data=True):
        if d.get("type") == "section" and n.endswith(f"#{key}"):
            return n
    for n in G.nodes:
        if n == f"source:{focus}" or (n.startswith("source:") and n.endswith("/" + focus)):
            return n
    return None


def viz_view(
    snap: Snapshot,
    *,
    title: str = "provkg",
    manifest: str | None = None,
    focus: str | None = None,
    depth: int = 2,
    contradictions_only: bool = False,
) -> GraphView:
    """Select a view and convert it to a ``GraphView``.

    Raises ``KeyError`` when ``focus`` names nothing in the store.
    """
    G = provenance_graph(snap)
    keep: set[str] | None = None
    omitted = None
    if focus:
        start = resolve_focus(G, focus)
        if start is None:
            raise KeyError(f"--focus {focus!r} names no work, section or source in the store")
        keep = set(nx.ego_graph(G.to_undirected(as_view=True), start, radius=depth).nodes)
        omitted = f"focus {focus}, depth {depth}: {G.number_of_nodes() - len(keep)} nodes not shown"
    elif manifest:
        chosen = snap.manifest_items_for(manifest)
        mats = {f"source:{m.path}" for m in chosen} | {f"source:{m.manifest_path}" for m in chosen}
        keep = set(mats)
        for n in list(mats):
            if n in G:
                keep |= set(G.predecessors(n)) | set(G.successors(n))
        for n in list(keep):
            if G.nodes[n].get("type") in ("claim",):
                keep |= set(G.successors(n)) | set(G.predecessors(n))
        omitted = f"shift {manifest}: {G.number_of_nodes() - len(keep)} nodes outside the shift not shown"
    elif contradictions_only:
        keep = set()
        for n, d in G.nodes(data=True):
            if d.get("type") == "contradiction":
                keep.add(n)
                keep |= set(G.successors(n))
        for n in list(keep):
            if n.startswith("claim:"):
                keep |= set(G.successors(n))
        omitted = f"contradictions only: {G.number_of_nodes() - len(keep)} nodes not shown"
    H = G.subgraph(keep) if keep is not None else G
    nodes = [VizNode(id=n, label=d.get("label", n), type=d.get("type", ""), props={k: str(v) for k, v in d.get("props", {}).items()})
             for n, d in sorted(H.nodes(data=True))]
    edges = [VizEdge(source=u, target=v, label=k, type=k) for u, v, k in sorted(H.edges(keys=True))]
    return GraphView(nodes=nodes, edges=edges, title=title, omitted=omitted)
