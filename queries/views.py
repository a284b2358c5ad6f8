"""Graph views for the HTML page and for notebooks.

``provenance_graph(snap)`` builds a networkx ``MultiDiGraph`` of resources
(sources, agents, claims, works, versions, sections, manifests, findings) with
the PROV/CiTO relation as edge key, literals kept as node attributes (a
derived view, never written back; cf. rdflib ``rdflib_to_networkx_multidigraph``
and prov ``prov_to_graph``).

``build_view`` selects one of four views -- the whole store, one manifest's
shift, the neighbourhood of a work/section/source (``focus``, ``depth``), or
the contradictions only -- and, past a node budget, clusters it (claims into
their source file, versions into their work, sections into their document,
source files into their folder, works cited from one place only into one node
per place) so that what is drawn stays readable and fast.  Every step that
leaves something out says so in a sentence shown in the page.  ``viz_view``
returns just the ``GraphView`` for ``queries.render.html``.

Node ids are prefixed keys: ``source:<path>``, ``agent:<name>``,
``claim:<claim IRI>``, ``work:<arXiv key>``, ``work:<key><version>``,
``section:<path>#<key>``, ``finding:<id>``, and for clusters
``cluster:folder:<folder>/`` and ``cluster:works:<node id>``.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx

from ingest.arxiv import find_arxiv_ids

from .contradictions import contradictions
from .render.html import GraphView, VizEdge, VizNode
from .snapshot import Snapshot

if TYPE_CHECKING:  # pragma: no cover
    from graph.store import Store

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "IngestRecord",
    "ViewResult",
    "build_view",
    "ingest_records",
    "provenance_graph",
    "resolve_focus",
    "to_graph_view",
    "viz_view",
]

#: Past this many nodes a view is clustered (claims into sources, ...): about what a
#: 1400x860 canvas shows with readable labels, and what Chromium draws well under 1 s.
DEFAULT_NODE_BUDGET = 300

_PROV_GRAPH = "https://w3id.org/provkg/id/graph/provenance"
_INGESTS_RQ = f"""
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?path ?rev ?act ?t WHERE {{
  GRAPH <{_PROV_GRAPH}> {{
    ?rev kg:current true ; kg:path ?path . ?act prov:used ?rev .
    OPTIONAL {{ ?act prov:generated ?ext . ?ext prov:wasDerivedFrom ?rev ; prov:generatedAtTime ?t }}
  }}
}}
"""


@dataclass(frozen=True)
class IngestRecord:
    """The PROV-O record of how a source file's live revision entered the store.

    Attributes:
        revision: IRI of the live ``kg:SourceRevision`` (also its named graph).
        activity: IRI of the ingest ``prov:Activity`` that ``prov:used`` it (and generated provkg's
            extraction of it).
        ingested_at: the extraction's ``prov:generatedAtTime`` (``xsd:dateTime``
            lexical form, UTC) or ``""``.
    """

    revision: str
    activity: str
    ingested_at: str


def ingest_records(store: Store) -> dict[str, IngestRecord]:
    """Read the provenance graph: for each source path, its live revision and ingest activity.

    Args:
        store: a ``graph.store.Store`` (embedded or remote).

    Returns:
        ``{workspace-relative path: IngestRecord}`` for every revision in the
        graph ``id:graph/provenance`` that carries ``kg:current true`` (the
        marker says which revision is live: docs/MODEL.md section 4).  Empty for a store
        without a provenance graph.
    """
    out: dict[str, IngestRecord] = {}
    for r in store.select(_INGESTS_RQ):
        path = str(r["path"])
        rec = IngestRecord(str(r["rev"]), str(r["act"]), str(r["t"] or ""))
        old = out.get(path)
        if old is None or rec.ingested_at > old.ingested_at:
            out[path] = rec
    return out


def _short(t: str, n: int = 48) -> str:
    t = " ".join(t.split())
    return t if len(t) <= n else t[: n - 1] + "…"


def _activity_label(iri: str) -> str:
    return "ingest " + iri.rsplit("/", 1)[-1] if iri else ""


def _add_claim(G: nx.MultiDiGraph, c, ingests: dict[str, IngestRecord], written: str) -> None:
    cid = f"claim:{c.iri}"
    rec = ingests.get(c.path)
    span = str(c.line) if c.line_end == c.line else f"{c.line}-{c.line_end}"
    G.add_node(cid, type="claim", label=_short(c.text, 40),
               props={"text": c.text, "source": c.path, "line": span, "agent": c.agent or "",
                      "evidence": c.evidence, "time": written,
                      "activity": _activity_label(rec.activity) if rec else "",
                      "ingested": rec.ingested_at if rec else "", "role": c.role})
    # the claim's prov:wasAttributedTo is its file's: drawn once, from the file
    G.add_edge(cid, f"source:{c.path}", key="prov:wasQuotedFrom")
    for a in c.about:
        if f"work:{a}" in G:
            G.add_edge(cid, f"work:{a}", key="kg:about")
    if c.section:
        sid = f"section:{c.path}#{c.section}"
        if sid in G:
            G.add_edge(cid, sid, key="kg:inSection")


def provenance_graph(
    snap: Snapshot,
    *,
    with_claims: bool = True,
    claim_paths: Iterable[str] | None = None,
    ingests: dict[str, IngestRecord] | None = None,
    findings: list | None = None,
    group_findings: bool = False,
) -> nx.MultiDiGraph:
    """The store as a networkx ``MultiDiGraph`` of resources (a derived view, never written back).

    Args:
        snap: from ``queries.snapshot.load_snapshot``.
        with_claims: add one node per ``kg:Claim`` (living-document reference-list
            entries excepted: their citation is the ``cito:cites`` edge).  When
            False, only the claims a contradiction finding points at are added.
        claim_paths: when given, only the claims of these source paths (plus the
            contradiction ends) are added.
        ingests: from :func:`ingest_records`; adds ``activity`` and ``ingested``
            to source and claim nodes.
        findings: the contradiction findings to draw (default: all of
            ``queries.contradictions.contradictions(snap)``).
        group_findings: draw one node per (kind, subject) -- id
            ``cluster:contradictions:<kind>:<subject>``, attribute ``members`` --
            with ``contradicts`` edges to the subject (work or file) and to the
            files of both sides, instead of one node per finding; the claims they
            quote are then not added for them.

    Returns:
        Nodes keyed ``source:<path>``, ``agent:<name>``, ``claim:<IRI>``,
        ``work:<arXiv key>``, ``work:<key><vN>``, ``section:<path>#<key>``,
        ``finding:<id>``; attributes ``type`` (the legend type), ``label`` and
        ``props`` (``dict[str, str]``, the provenance shown in the side panel:
        for a claim ``text``, ``source``, ``line``, ``agent``, ``evidence``,
        ``time`` (the file's own ``prov:generatedAtTime``), ``activity``,
        ``ingested``, ``role``).  Edge keys are the relations:
        ``prov:wasAttributedTo``, ``prov:wasQuotedFrom``, ``prov:wasDerivedFrom``,
        ``prov:specializationOf``, ``prov:hadMember``, ``cito:cites``,
        ``kg:about``, ``kg:inSection``, ``contradicts`` (finding -> each side).
    """
    ingests = ingests or {}
    G = nx.MultiDiGraph()
    for p, s in snap.sources.items():
        rec = ingests.get(p)
        name = p.rsplit("/", 1)[-1]
        G.add_node(f"source:{p}", type="manifest" if s.kind == "manifest" else "source",
                   label=f"manifest {_short(name, 14)}" if s.kind == "manifest" else _short(name, 36),
                   props={"source": p, "kind": s.kind, "title": s.title or "", "agent": s.agent or "",
                          "time": s.created or "", "evidence": s.evidence, "claims": str(s.claims),
                          "activity": _activity_label(rec.activity) if rec else "",
                          "ingested": rec.ingested_at if rec else "",
                          "revision": rec.revision if rec else ""})
        if s.agent:
            G.add_node(f"agent:{s.agent}", type="agent", label=s.agent, props={"agent": s.agent})
            G.add_edge(f"source:{p}", f"agent:{s.agent}", key="prov:wasAttributedTo")
    for sec in snap.sections:
        sid = f"section:{sec.path}#{sec.key}"
        G.add_node(sid, type="section", label=f"§{sec.key} {_short(sec.title, 24)}",
                   props={"title": sec.title, "source": sec.path, "line": f"{sec.line}-{sec.line_end}"})
        G.add_edge(sid, f"source:{sec.path}", key="prov:wasDerivedFrom")
    for c in snap.citations:
        w = f"work:{c.arxiv_id}"
        if w not in G:
            G.add_node(w, type="work", label=f"arXiv:{c.arxiv_id}",
                       props={"arxiv": c.arxiv_id, "title": snap.title_of(c.arxiv_id) or c.title or ""})
        if not G.has_edge(f"source:{c.path}", w, key="cito:cites"):
            G.add_edge(f"source:{c.path}", w, key="cito:cites", line=c.line)
        if c.version:
            v = f"work:{c.arxiv_id}{c.version}"
            if v not in G:
                G.add_node(v, type="version", label=f"{c.arxiv_id}{c.version}",
                           props={"arxiv": c.arxiv_id, "version": c.version})
                G.add_edge(v, w, key="prov:specializationOf")
            if not G.has_edge(f"source:{c.path}", v, key="cito:cites"):
                G.add_edge(f"source:{c.path}", v, key="cito:cites", line=c.line)
        if c.section and c.kind == "living_doc":
            sid = f"section:{c.path}#{c.section}"
            if sid in G and not G.has_edge(w, sid, key="kg:inSection"):
                G.add_edge(w, sid, key="kg:inSection")
    for m in snap.manifest_items:
        if f"source:{m.path}" in G:
            G.add_edge(f"source:{m.manifest_path}", f"source:{m.path}", key="prov:hadMember")

    if findings is None:
        findings = contradictions(snap)
    ends = set() if group_findings else {(side.source, side.line) for f in findings for side in (f.a, f.b)}
    wanted = None if claim_paths is None else set(claim_paths)
    claim_at: dict[tuple[str, int], str] = {}
    for c in snap.claims:
        if c.kind == "living_doc" and c.role == "citation":
            continue
        take = (with_claims and (wanted is None or c.path in wanted)) or (c.path, c.line) in ends
        if not take:
            continue
        _add_claim(G, c, ingests, snap.sources[c.path].created or "" if c.path in snap.sources else "")
        claim_at.setdefault((c.path, c.line), f"claim:{c.iri}")
    if group_findings:
        _add_finding_groups(G, findings)
        return G
    for f in findings:
        fid = f"finding:{f.id}"
        G.add_node(fid, type="contradiction", label=f.kind.replace("_", " "),
                   props={"kind": f.kind, "subject": f.subject, "summary": f.summary,
                          "a": f"{f.a.source}:{f.a.line} ({f.a.agent or '?'}, {f.a.evidence}) {f.a.text}",
                          "b": f"{f.b.source}:{f.b.line} ({f.b.agent or '?'}, {f.b.evidence}) {f.b.text}"})
        for side in (f.a, f.b):
            target = claim_at.get((side.source, side.line), f"source:{side.source}")
            if target in G and not G.has_edge(fid, target, key="contradicts"):
                G.add_edge(fid, target, key="contradicts")
    return G


def _subject_node(subject: str) -> str:
    """The node a finding's subject names: ``arXiv:<key>`` -> ``work:<key>``, a path -> ``source:<path>``."""
    return "work:" + subject[len("arXiv:"):] if subject.startswith("arXiv:") else "source:" + subject


def _add_finding_groups(G: nx.MultiDiGraph, findings: list) -> None:
    groups: dict[tuple[str, str], list] = defaultdict(list)
    for f in findings:
        groups[(f.kind, f.subject)].append(f)
    for (kind, subject), members in sorted(groups.items()):
        gid = f"cluster:contradictions:{kind}:{subject}"
        n = len(members)
        G.add_node(gid, type="contradiction", label=f"{kind.replace('_', ' ')} ×{_fmt(n)} · {subject}", members=n,
                   props={"cluster": f"{_fmt(n)} contradiction finding{'s' if n != 1 else ''} of kind {kind}",
                          "kind": kind, "subject": subject,
                          "examples": "\n".join(f"{f.a.source}:{f.a.line} vs {f.b.source}:{f.b.line}: {f.summary}"
                                                for f in members[:5]) + ("\n…" if n > 5 else "")})
        target = _subject_node(subject)
        if target in G:
            G.add_edge(gid, target, key="contradicts", count=n)
        sides = Counter(f"source:{side.source}" for f in members for side in (f.a, f.b))
        for src, k in sorted(sides.items()):
            if src in G and src != target:
                G.add_edge(gid, src, key="contradicts", count=k)


def resolve_focus(G: nx.MultiDiGraph, focus: str) -> str | None:
    """The node a ``--focus`` value names, or None.

    Accepts a node id, an arXiv ID in any written form (``arXiv:2502.07115v5``,
    an abs/pdf URL), a section key (``§3.1`` or ``3.1``), or a source path
    (whole, or its last components).
    """
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
        if n == f"source:{focus}" or (n.startswith("source:") and n.endswith("/" + focus.lstrip("/"))):
            return n
    return None


@dataclass
class ViewResult:
    """A selected, clustered view.

    Attributes:
        graph: the ``MultiDiGraph`` that is drawn (node/edge attributes as in
            :func:`provenance_graph`; cluster nodes have ``type`` ``cluster``
            and a ``members`` count; merged edges a ``count``).
        view: the same as a ``GraphView`` for ``queries.render.html``.
        total_nodes: nodes in scope before clustering.
        total_edges: edges in scope before clustering.
        notes: sentences saying what was selected, clustered or left out
            (also in ``view.omitted``).
    """

    graph: nx.MultiDiGraph
    view: GraphView
    total_nodes: int
    total_edges: int
    notes: list[str]


def _fmt(n: int) -> str:
    return f"{n:,}"


# -- clustering -------------------------------------------------------------


def _merge_into(H: nx.MultiDiGraph, node: str, into: str) -> None:
    """Move ``node``'s edges onto ``into`` (dropping self loops, counting duplicates) and remove it."""
    for _, v, k in list(H.out_edges(node, keys=True)):
        if v == into or v == node:
            continue
        if H.has_edge(into, v, key=k):
            H.edges[into, v, k]["count"] = H.edges[into, v, k].get("count", 1) + 1
        else:
            H.add_edge(into, v, key=k, count=1)
    for u, _, k in list(H.in_edges(node, keys=True)):
        if u == into or u == node:
            continue
        if H.has_edge(u, into, key=k):
            H.edges[u, into, k]["count"] = H.edges[u, into, k].get("count", 1) + 1
        else:
            H.add_edge(u, into, key=k, count=1)
    H.remove_node(node)


def _collapse_claims(H, protected) -> int:
    n = 0
    for c in [x for x, d in H.nodes(data=True) if d.get("type") == "claim" and x not in protected]:
        src = next((v for _, v, k in H.out_edges(c, keys=True) if k == "prov:wasQuotedFrom"), None)
        if src is None:
            continue
        # kg:about becomes the file's; kg:inSection is implied by the section's file
        for _, v, k in list(H.out_edges(c, keys=True)):
            if k == "kg:about" and not H.has_edge(src, v, key="cito:cites") and not H.has_edge(src, v, key="kg:about"):
                H.add_edge(src, v, key="kg:about")
        # what pointed at the claim (a contradiction) now points at its file
        for u, _, k in list(H.in_edges(c, keys=True)):
            if H.has_edge(u, src, key=k):
                H.edges[u, src, k]["count"] = H.edges[u, src, k].get("count", 1) + 1
            else:
                H.add_edge(u, src, key=k, count=1)
        H.remove_node(c)
        d = H.nodes[src]
        d["collapsed"] = d.get("collapsed", 0) + 1
        n += 1
    return n


def _collapse_versions(H, protected) -> int:
    n = 0
    for v in [x for x, d in H.nodes(data=True) if d.get("type") == "version" and x not in protected]:
        work = next((t for _, t, k in H.out_edges(v, keys=True) if k == "prov:specializationOf"), None)
        if work is None:
            continue
        props = H.nodes[work].setdefault("props", {})
        props["versions"] = ", ".join(sorted(filter(None, props.get("versions", "").split(", ") + [H.nodes[v]["label"]])))
        H.remove_node(v)
        n += 1
    return n


def _collapse_sections(H, protected) -> int:
    n = 0
    for s in [x for x, d in H.nodes(data=True) if d.get("type") == "section" and x not in protected]:
        doc = "source:" + s[len("section:"):].rsplit("#", 1)[0]
        if doc not in H:
            continue
        for u, _, k in list(H.in_edges(s, keys=True)):
            if k == "kg:inSection" and u != doc and not H.has_edge(u, doc, key="kg:inSection"):
                H.add_edge(u, doc, key="kg:inSection")
        H.remove_node(s)
        d = H.nodes[doc]
        d["sections"] = d.get("sections", 0) + 1
        n += 1
    return n


def _collapse_folders(H, protected) -> int:
    groups: dict[str, list[str]] = defaultdict(list)
    for x, d in H.nodes(data=True):
        if d.get("type") in ("source", "manifest") and x not in protected:
            path = x[len("source:"):]
            groups[path.rsplit("/", 1)[0] + "/" if "/" in path else "./"].append(x)
    n = 0
    for folder, members in sorted(groups.items()):
        if len(members) < 2:
            continue
        cid = f"cluster:folder:{folder}"
        agents = Counter(H.nodes[m].get("props", {}).get("agent", "") for m in members)
        kinds = Counter(H.nodes[m].get("props", {}).get("kind", "") for m in members)
        claims = sum(int(H.nodes[m].get("props", {}).get("claims", "0") or 0) for m in members)
        H.add_node(cid, type="cluster", label=f"{folder} ({_fmt(len(members))} files)", members=len(members),
                   props={"cluster": f"{_fmt(len(members))} source files in {folder}",
                          "kinds": ", ".join(f"{k} ×{v}" for k, v in sorted(kinds.items()) if k),
                          "agents": ", ".join(f"{a} ×{v}" for a, v in sorted(agents.items()) if a),
                          "claims": _fmt(claims),
                          "files": "\n".join(m[len("source:"):] for m in sorted(members)[:20])
                          + ("\n…" if len(members) > 20 else "")})
        for m in members:
            _merge_into(H, m, cid)
        n += len(members)
    return n


def _collapse_leaf_works(H, protected) -> int:
    groups: dict[str, list[str]] = defaultdict(list)
    for x, d in H.nodes(data=True):
        if d.get("type") != "work" or x in protected:
            continue
        nbrs = set(H.predecessors(x)) | set(H.successors(x))
        if len(nbrs) == 1:
            groups[next(iter(nbrs))].append(x)
    n = 0
    for owner, works in sorted(groups.items()):
        if len(works) < 2:
            continue
        cid = f"cluster:works:{owner}"
        H.add_node(cid, type="cluster", label=f"{_fmt(len(works))} works cited only here", members=len(works),
                   props={"cluster": f"{_fmt(len(works))} arXiv works with no other link in this view",
                          "works": ", ".join(w[len("work:"):] for w in sorted(works)[:40])
                          + (" …" if len(works) > 40 else "")})
        for w in works:
            _merge_into(H, w, cid)
        n += len(works)
    return n


def _group_findings(H, protected, by_kind: bool) -> int:
    """Merge contradiction findings into one node per (kind, subject), or per kind."""
    groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for x, d in H.nodes(data=True):
        if d.get("type") == "contradiction" and x not in protected:
            p = d.get("props", {})
            groups[(p.get("kind", ""),) if by_kind else (p.get("kind", ""), p.get("subject", ""))].append(x)
    n = 0
    for key, members in sorted(groups.items()):
        if len(members) < 2:
            continue
        count = sum(H.nodes[m].get("members", 1) for m in members)
        kind = key[0]
        subjects = sorted({H.nodes[m].get("props", {}).get("subject", "") for m in members} - {""})
        gid = "cluster:contradictions:" + ":".join(key)
        label = f"{kind.replace('_', ' ')} ×{_fmt(count)}" + (f" · {key[1]}" if len(key) > 1 and key[1] else "")
        examples = [H.nodes[m].get("props", {}).get("summary", "") for m in sorted(members)[:5]]
        H.add_node(gid, type="contradiction", label=label, members=count,
                   props={"cluster": f"{_fmt(count)} contradiction findings of kind {kind}",
                          "kind": kind, "subjects": ", ".join(subjects[:30]) + (" …" if len(subjects) > 30 else ""),
                          "examples": "\n".join(e for e in examples if e)})
        for m in members:
            _merge_into(H, m, gid)
        if not by_kind and subjects:
            subj = subjects[0]
            target = _subject_node(subj)
            if target in H and not H.has_edge(gid, target, key="contradicts"):
                H.add_edge(gid, target, key="contradicts", count=count)
        n += len(members)
    return n


def _soft_protected(H) -> set[str]:
    """Contradiction nodes and the claims or files each points at."""
    out = {n for n, d in H.nodes(data=True) if d.get("type") == "contradiction"}
    return out | {v for n in list(out) for v in H.successors(n)}


#: Clustering steps, applied in this order while the view is over budget.  The
#: living document's sections go last: they are where a new item lands.
_TIERS = (
    ("claims", _collapse_claims, "claims drawn inside their source file"),
    ("versions", _collapse_versions, "arXiv versions folded into their work"),
    ("folders", _collapse_folders, "source files grouped by folder"),
    ("works", _collapse_leaf_works, "works cited from one place only grouped"),
    ("sections", _collapse_sections, "sections folded into their document"),
)


def _cut_to_budget(H, budget, protected) -> tuple[int, int]:
    """Keep the ``budget`` highest-degree nodes (protected ones always); return (nodes, edges) removed."""
    if H.number_of_nodes() <= budget:
        return 0, 0
    deg = dict(H.degree())
    rest = sorted((n for n in H if n not in protected), key=lambda n: (-deg[n], n))
    keep = set(protected) | set(rest[: max(0, budget - len(protected))])
    drop = [n for n in H if n not in keep]
    e0 = H.number_of_edges()
    H.remove_nodes_from(drop)
    return len(drop), e0 - H.number_of_edges()


# -- views ------------------------------------------------------------------


def _shift_scope(G: nx.MultiDiGraph, snap: Snapshot, manifest: str) -> tuple[set[str], set[str]]:
    chosen = snap.manifest_items_for(manifest)
    mats = {f"source:{m.path}" for m in chosen if f"source:{m.path}" in G}
    mans = {f"source:{m.manifest_path}" for m in chosen if f"source:{m.manifest_path}" in G}
    keep = set(mats) | mans
    for n in mats:
        keep |= set(G.predecessors(n)) | set(G.successors(n))  # claims, agents, works, the manifest
    for n in list(keep):
        if G.nodes[n].get("type") == "claim":
            keep |= set(G.successors(n))  # the works and sections the claims are about
    for n in list(keep):
        if G.nodes[n].get("type") in ("claim", "source"):
            keep |= {p for p in G.predecessors(n) if G.nodes[p].get("type") == "contradiction"}
    for n in list(keep):
        if G.nodes[n].get("type") == "contradiction":
            keep |= set(G.successors(n))  # the other side of each contradiction
    return keep, mats | mans


def build_view(
    snap: Snapshot,
    *,
    title: str = "provkg",
    manifest: str | None = None,
    focus: str | None = None,
    depth: int = 2,
    contradictions_only: bool = False,
    node_budget: int = DEFAULT_NODE_BUDGET,
    ingests: dict[str, IngestRecord] | None = None,
) -> ViewResult:
    """Select a view of the store and cluster it to the node budget.

    Args:
        snap: from ``queries.snapshot.load_snapshot``.
        title: page title.
        manifest: a manifest ID or path: its materials, their claims, agents,
            works, sections, and the contradictions touching them (the shift).
        focus: a work (any arXiv form), section (``§3.1``) or source path: its
            neighbourhood of ``depth`` hops, edges taken both ways.
        depth: hops for ``focus`` (0 = the node alone).
        contradictions_only: the contradiction findings and both sides of each.
        node_budget: most nodes to draw.  Past it the view is clustered, in this
            order until it fits: claims into their source, versions into their
            work, sections into their document, source files into their folder,
            works linked to one node only into one node per owner; then, if it
            still does not fit, the highest-degree nodes are kept.  Focus node,
            shift materials and contradictions are never clustered.
        ingests: from :func:`ingest_records` (adds activity and ingest time).

    At most one of ``manifest``, ``focus``, ``contradictions_only``; none
    means the whole store.

    Returns:
        A :class:`ViewResult`.

    Raises:
        ValueError: more than one view option, a negative depth, or a budget < 1.
        KeyError: ``focus`` names nothing in the store, or ``manifest`` names no
            manifest in it.
    """
    if sum(bool(x) for x in (manifest, focus, contradictions_only)) > 1:
        raise ValueError("choose one of manifest, focus, contradictions_only")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    if node_budget < 1:
        raise ValueError(f"node_budget must be at least 1, got {node_budget}")
    notes: list[str] = []
    folds: list[str] = []  # what clustering did, in order
    protected: set[str] = set()
    keep: set[str] | None = None
    findings = contradictions(snap)
    # Many findings: one node per (kind, subject) from the start, rather than building
    # 100k finding and claim nodes only to merge them again.
    def many(fs: list) -> bool:
        return 3 * len(fs) > node_budget // 2

    grouped: list = []
    if manifest:
        chosen = snap.manifest_items_for(manifest)
        if not chosen:
            raise KeyError(f"no manifest {manifest!r} in the store")
        paths = {m.path for m in chosen}
        fs = [f for f in findings if f.a.source in paths or f.b.source in paths]
        grouped = fs if many(fs) else []
        G = provenance_graph(snap, claim_paths=paths, ingests=ingests, findings=fs, group_findings=bool(grouped))
        keep, protected = _shift_scope(G, snap, manifest)
        notes.append(f"Shift {chosen[0].manifest_id}: its {_fmt(len(paths))} materials and what they link to; "
                     f"{_fmt(len(snap.sources) - len(paths) - 1)} other source files not shown.")
    elif focus:
        G = provenance_graph(snap, ingests=ingests)
        start = resolve_focus(G, focus)
        if start is None:
            raise KeyError(f"--focus {focus!r} names no work, section or source in the store")
        keep = set(nx.ego_graph(G.to_undirected(as_view=True), start, radius=depth).nodes)
        protected = {start}
        notes.append(f"Neighbourhood of {start.split(':', 1)[1]} within {depth} hop{'s' if depth != 1 else ''}: "
                     f"{_fmt(G.number_of_nodes() - len(keep))} other nodes not shown.")
    elif contradictions_only:
        grouped = findings if many(findings) else []
        G = provenance_graph(snap, with_claims=False, ingests=ingests, group_findings=bool(grouped))
        keep = set()
        for n, d in G.nodes(data=True):
            if d.get("type") == "contradiction":
                keep.add(n)
                keep |= set(G.successors(n))
        for n in list(keep):
            if G.nodes[n].get("type") == "claim":
                keep |= set(G.successors(n))
        notes.append(f"Contradictions only: {_fmt(G.number_of_nodes() - len(keep))} other nodes not shown.")
    else:
        n_claims = sum(1 for c in snap.claims if not (c.kind == "living_doc" and c.role == "citation"))
        light = len(snap.sources) + len(snap.sections) + len({c.arxiv_id for c in snap.citations}) + n_claims
        # do not build 100k claim nodes only to fold them away again
        grouped = findings if many(findings) else []
        G = provenance_graph(snap, with_claims=light <= node_budget, ingests=ingests, group_findings=bool(grouped))
        if light > node_budget:
            built = {n for n, d in G.nodes(data=True) if d.get("type") == "claim"}
            G.graph["claims_not_built"] = n_claims - len(built)
            # the edges those claims would have had: wasQuotedFrom, about, inSection
            G.graph["claim_edges_not_built"] = sum(
                1 + sum(1 for a in c.about if f"work:{a}" in G)
                + (1 if c.section and f"section:{c.path}#{c.section}" in G else 0)
                for c in snap.claims
                if f"claim:{c.iri}" not in built and not (c.kind == "living_doc" and c.role == "citation"))

    H = nx.MultiDiGraph(G.subgraph(keep)) if keep is not None else G
    hard = set(protected)  # the focus node, the shift's materials: never clustered
    total = H.number_of_nodes() + G.graph.get("claims_not_built", 0)
    total_edges = H.number_of_edges() + G.graph.get("claim_edges_not_built", 0)
    if grouped:
        n_groups = sum(1 for n in H if n.startswith("cluster:contradictions:"))
        total += len(grouped) - n_groups
        # each finding has two contradicts edges (to the claims it quotes); the groups have fewer
        total_edges += 2 * len(grouped) - sum(1 for u, _, k in H.edges(keys=True)
                                              if k == "contradicts" and u.startswith("cluster:contradictions:"))
        folds.append(f"{_fmt(len(grouped))} contradiction findings grouped by kind and subject "
                     f"into {_fmt(n_groups)} nodes.")
    if G.graph.get("claims_not_built"):
        for n, d in H.nodes(data=True):
            if d.get("type") == "source":
                shown = sum(1 for p in H.predecessors(n) if H.nodes[p].get("type") == "claim")
                d["collapsed"] = int(d["props"].get("claims", "0") or 0) - shown
    # Contradictions and both of their sides stay individual while they take at most half the budget;
    # past that they are grouped by kind and subject, then by kind alone.
    soft = _soft_protected(H)
    for by_kind in (False, True):
        if H.number_of_nodes() <= node_budget or len(soft - hard) <= node_budget // 2:
            break
        done = _group_findings(H, hard, by_kind)
        if done:
            folds.append(f"{_fmt(done)} contradiction findings grouped by kind{'' if by_kind else ' and subject'}.")
        soft = {n for n, d in H.nodes(data=True) if d.get("type") == "contradiction"}
        if not by_kind:
            soft = _soft_protected(H)
    protected = hard | soft
    folded_claims = G.graph.get("claims_not_built", 0)
    if H.number_of_nodes() > node_budget:
        for name, fn, text in _TIERS:
            if H.number_of_nodes() <= node_budget:
                break
            done = fn(H, protected)
            if name == "claims":
                folded_claims += done
            elif done:
                folds.append(f"{_fmt(done)} {text}.")
    if folded_claims:
        folds.insert(0, f"{_fmt(folded_claims)} claims drawn inside their source file.")
        dn, de = _cut_to_budget(H, node_budget, protected)
        if dn:
            folds.append(f"{_fmt(dn)} nodes and {_fmt(de)} edges with the fewest links left out to stay within "
                         f"the node budget of {_fmt(node_budget)}.")
    notes += folds
    if H.number_of_nodes() < total:
        notes.insert(0, f"Showing {_fmt(H.number_of_nodes())} nodes for {_fmt(total)} in scope "
                        f"(node budget {_fmt(node_budget)}); click a file or group to see what it holds.")
    return ViewResult(graph=H, view=to_graph_view(H, title, " ".join(notes) or None), total_nodes=total,
                      total_edges=total_edges, notes=notes)


def to_graph_view(H: nx.MultiDiGraph, title: str, omitted: str | None = None) -> GraphView:
    """Convert a graph from :func:`provenance_graph` / :func:`build_view` to a ``GraphView``.

    Node ``props`` become the panel rows (with ``claims in file`` / ``sections in
    document`` counts for clustered nodes); an edge's type is the local name of
    its relation (``wasQuotedFrom``), its label the prefixed name, with ``×N``
    when N edges were merged into one by clustering.
    """
    nodes = []
    for n, d in sorted(H.nodes(data=True)):
        props = {k: str(v) for k, v in d.get("props", {}).items() if v not in ("", None)}
        label = d.get("label", n)
        if d.get("collapsed"):
            props["claims in file (not drawn)"] = _fmt(d["collapsed"])
        if d.get("sections"):
            props["sections (not drawn)"] = _fmt(d["sections"])
        nodes.append(VizNode(id=n, label=label, type=d.get("type", ""), props=props))
    edges = []
    for u, v, k, d in sorted(H.edges(keys=True, data=True), key=lambda t: (t[0], t[1], t[2])):
        count = d.get("count", 1)
        label = k if count <= 1 else f"{k} ×{_fmt(count)}"
        edges.append(VizEdge(source=u, target=v, label=label, type=k.split(":")[-1]))
    return GraphView(nodes=nodes, edges=edges, title=title, omitted=omitted)


def viz_view(
    snap: Snapshot,
    *,
    title: str = "provkg",
    manifest: str | None = None,
    focus: str | None = None,
    depth: int = 2,
    contradictions_only: bool = False,
    node_budget: int = DEFAULT_NODE_BUDGET,
    ingests: dict[str, IngestRecord] | None = None,
) -> GraphView:
    """The ``GraphView`` of :func:`build_view` (same arguments, same errors)."""
    return build_view(snap, title=title, manifest=manifest, focus=focus, depth=depth,
                      contradictions_only=contradictions_only, node_budget=node_budget, ingests=ingests).view
