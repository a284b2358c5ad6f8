"""The graph views (queries.views), their Python API (provkg.api) and the `provkg viz` command, on the sample.

Real values from the bundled sample workspace (data/workspace): its manifest's eight materials, the claim
at inbox/flyp/2026-10-26T1550-critical-read.md:36, the work arXiv:2502.07115 and the findings of the
contradiction rules.
"""
from __future__ import annotations

import html
import json
import re
import sys

import pytest
from click.testing import CliRunner
from conftest import MANIFEST_ID, WORKSPACE

from provkg import api
from provkg.cli import cli
from queries.contradictions import contradictions
from queries.views import (
    DEFAULT_NODE_BUDGET,
    build_view,
    ingest_records,
    provenance_graph,
)

NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"
MATERIALS = {
    "inbox/flyp/2026-10-27T1550-critical-read.md", "inbox/flyp/2026-10-26T1550-critical-read.md",
    "inbox/jay/2026-10-27T0935-blogs-discovery.md", "inbox/jay/2026-10-27-1050-engineering-screen.md",
    "inbox/jay/2026-10-27-1105-engineering-brief.md", "organized/repo_cards/4572-recursive-oss-rec.md",
    "organized/repo_cards/4563-colinhacks-reylo.md", "organized/paper_cards/1802-1605-08803.md",
}


def _types(G):
    out: dict[str, int] = {}
    for _, d in G.nodes(data=True):
        out[d["type"]] = out.get(d["type"], 0) + 1
    return out


def _drawn_claims(snap):
    return [c for c in snap.claims if not (c.kind == "living_doc" and c.role == "citation")]


# ---------------------------------------------------------------------------
# queries.views
# ---------------------------------------------------------------------------


def test_full_graph_holds_every_claim_with_provenance(sample_store, sample_snapshot):
    G = provenance_graph(sample_snapshot, ingests=ingest_records(sample_store))
    claims = [(n, d) for n, d in G.nodes(data=True) if d["type"] == "claim"]
    assert len(claims) == len(_drawn_claims(sample_snapshot))
    d = next(d for _, d in claims if d["props"]["source"] == NOTE and d["props"]["line"] == "36")
    p = d["props"]
    assert (p["agent"], p["evidence"], p["role"]) == ("flyp", "unverified", "caveat")
    assert p["time"] == "2026-10-26T15:50:00+08:00"
    assert p["activity"].startswith("ingest 20261027T222000") and p["ingested"].startswith("2026-10-27T22:20:00")
    assert "5.94x" in p["text"]
    # relations are the PROV-O / CiTO terms
    keys = {k for _, _, k in G.edges(keys=True)}
    assert {"prov:wasQuotedFrom", "prov:wasAttributedTo", "prov:wasDerivedFrom", "prov:hadMember",
            "prov:specializationOf", "cito:cites", "kg:about", "contradicts"} <= keys
    assert G.has_edge("work:2502.07115v5", "work:2502.07115", key="prov:specializationOf")
    assert len([n for n, d in G.nodes(data=True) if d["type"] == "contradiction"]) == len(contradictions(sample_snapshot))


def test_ingest_records_name_the_live_revision(sample_store):
    recs = ingest_records(sample_store)
    assert len(recs) == 13
    r = recs[NOTE]
    assert re.fullmatch(r"https://w3id\.org/provkg/id/source/8e361f7855ca4ba7/rev/[0-9a-f]{16}", r.revision)
    assert r.activity.startswith("https://w3id.org/provkg/id/activity/20261027T222000")


def test_whole_store_folds_claims_into_files_past_the_budget(sample_snapshot):
    res = build_view(sample_snapshot)
    n_claims = len(_drawn_claims(sample_snapshot))
    assert res.graph.number_of_nodes() <= DEFAULT_NODE_BUDGET < res.total_nodes
    t = _types(res.graph)
    # only the claims a contradiction points at stay; every finding stays
    assert t["claim"] < 20 and t["contradiction"] == len(contradictions(sample_snapshot))
    assert t["source"] + t.get("manifest", 0) == len(sample_snapshot.sources)
    assert f"{n_claims - t['claim']} claims drawn inside their source file" in res.view.omitted
    node = next(n for n in res.view.nodes if n.id == f"source:{NOTE}")
    hidden = int(node.props["claims in file (not drawn)"])
    shown = sum(1 for n, d in res.graph.nodes(data=True) if d["type"] == "claim" and d["props"]["source"] == NOTE)
    assert hidden + shown == sample_snapshot.sources[NOTE].claims
    # every contradicts edge ends at a drawn node
    for u, v, k in res.graph.edges(keys=True):
        if k == "contradicts":
            assert res.graph.nodes[u]["type"] == "contradiction" and v in res.graph


def test_whole_store_unclustered_with_a_big_budget(sample_snapshot):
    res = build_view(sample_snapshot, node_budget=1000)
    assert _types(res.graph)["claim"] == len(_drawn_claims(sample_snapshot))
    assert res.view.omitted is None and res.notes == []


def test_small_budget_clusters_in_tiers_and_says_so(sample_snapshot):
    res = build_view(sample_snapshot, node_budget=30)
    text = res.view.omitted
    assert "claims drawn inside their source file" in text
    assert "sections folded into their document" in text
    assert "source files grouped by folder" in text
    # contradictions and both of their ends are never clustered, so the budget can be exceeded only by them
    protected = {n for n, d in res.graph.nodes(data=True) if d["type"] == "contradiction"}
    protected |= {v for n in protected for v in res.graph.successors(n)}
    assert res.graph.number_of_nodes() <= max(30, len(protected))
    clusters = {n: d for n, d in res.graph.nodes(data=True) if d["type"] == "cluster"}
    assert clusters, "expected folder clusters"
    for d in clusters.values():
        assert d["members"] >= 2 and str(d["members"]) in d["label"].replace(",", "")
    # a merged edge says how many it stands for
    assert any("×" in e.label for e in res.view.edges)


def test_shift_view_is_the_manifests_materials(sample_snapshot):
    res = build_view(sample_snapshot, manifest=MANIFEST_ID, node_budget=1000)
    sources = {n[len("source:"):] for n, d in res.graph.nodes(data=True) if d["type"] == "source"}
    assert MATERIALS <= sources
    assert "organized/queue/work-queue.md" not in sources
    assert any(d["type"] == "manifest" for _, d in res.graph.nodes(data=True))
    assert res.view.omitted.startswith(f"Shift {MANIFEST_ID}: its 8 materials")
    # the materials' own claims are all there
    want = sum(1 for c in _drawn_claims(sample_snapshot) if c.path in MATERIALS)
    got = sum(1 for n, d in res.graph.nodes(data=True) if d["type"] == "claim" and d["props"]["source"] in MATERIALS)
    assert got == want
    # clustered at the default budget, the materials stay individual
    small = build_view(sample_snapshot, manifest=MANIFEST_ID, node_budget=40)
    assert {f"source:{m}" for m in MATERIALS} <= set(small.graph)


def test_focus_view_any_arxiv_form(sample_snapshot):
    for form in ("arXiv:2502.07115v5", "https://arxiv.org/abs/2502.07115", "work:2502.07115"):
        res = build_view(sample_snapshot, focus=form, depth=1)
        assert "work:2502.07115" in res.graph
        assert all(res.graph.has_edge(n, "work:2502.07115") or res.graph.has_edge("work:2502.07115", n)
                   or n == "work:2502.07115" or res.graph.nodes[n]["type"] == "cluster" for n in res.graph)
    assert list(build_view(sample_snapshot, focus="§3.1", depth=0).graph) == [
        next(n for n in provenance_graph(sample_snapshot) if n.startswith("section:") and n.endswith("#3.1"))]
    with pytest.raises(KeyError, match="names no work"):
        build_view(sample_snapshot, focus="arXiv:9999.99999")


def test_contradictions_view(sample_snapshot):
    res = build_view(sample_snapshot, contradictions_only=True)
    findings = contradictions(sample_snapshot)
    t = _types(res.graph)
    assert t["contradiction"] == len(findings)
    assert set(t) <= {"contradiction", "claim", "source", "work", "section", "version"}
    for f in findings:
        assert f"finding:{f.id}" in res.graph
        assert res.graph.out_degree(f"finding:{f.id}") == 2 or f.a.source == f.b.source


def test_view_arguments_are_checked(sample_snapshot):
    with pytest.raises(ValueError, match="choose one"):
        build_view(sample_snapshot, manifest=MANIFEST_ID, contradictions_only=True)
    with pytest.raises(ValueError, match="depth"):
        build_view(sample_snapshot, focus="arXiv:2502.07115", depth=-1)
    with pytest.raises(ValueError, match="node_budget"):
        build_view(sample_snapshot, node_budget=0)
    with pytest.raises(KeyError, match="no manifest"):
        build_view(sample_snapshot, manifest="no-such-manifest")


# ---------------------------------------------------------------------------
# provkg.api
# ---------------------------------------------------------------------------


def test_api_view_graph_html_and_write(sample_store, tmp_path):
    v = api.view(sample_store, manifest=MANIFEST_ID, title="shift <1>")
    assert MATERIALS <= {n[len("source:"):] for n in v.graph if n.startswith("source:")}
    assert v.notes and v.notes[0].startswith("Shift ")
    page = v.html()
    assert page.startswith("<!DOCTYPE html>") and "<title>shift &lt;1&gt;</title>" in page
    data = json.loads(re.search(r'id="graph-data">(.*?)</script>', page, re.DOTALL).group(1))
    assert {n["id"] for n in data["nodes"]} == set(v.graph)
    out = v.write(tmp_path / "shift.html")
    assert out.read_text(encoding="utf-8") == page


def test_api_repr_html_is_a_sandboxed_iframe(sample_store):
    v = api.view(sample_store, contradictions=True)
    frag = v._repr_html_()
    assert frag.startswith('<iframe sandbox="allow-scripts"') and frag.endswith("></iframe>")
    srcdoc = re.search(r'srcdoc="([^"]*)"', frag).group(1)
    assert "<" not in srcdoc and html.unescape(srcdoc) == v.html()


def test_api_display_with_and_without_ipython(sample_store, monkeypatch):
    v = api.view(sample_store, focus="arXiv:2502.07115", depth=1)
    pytest.importorskip("IPython.display", reason="IPython is not installed")
    obj = v.display()
    assert "srcdoc" in obj.data
    monkeypatch.setitem(sys.modules, "IPython.display", None)
    with pytest.raises(RuntimeError, match="IPython is not installed"):
        v.display()


def test_api_errors(tmp_path, sample_store):
    with pytest.raises(FileNotFoundError, match="no provkg store"):
        api.view(tmp_path / "nothing")
    with pytest.raises(ValueError):
        api.view(sample_store, manifest=MANIFEST_ID, focus="arXiv:2502.07115")


# ---------------------------------------------------------------------------
# provkg viz
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def disk_store(tmp_path_factory):
    st = tmp_path_factory.mktemp("viz-cli") / "st"
    r = CliRunner().invoke(cli, ["--store", str(st), "-q", "ingest", str(WORKSPACE)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return st


def _viz(store, *args):
    return CliRunner().invoke(cli, ["--store", str(store), "viz", *args], catch_exceptions=False)


@pytest.mark.parametrize("args, message", [
    (["--manifest", MANIFEST_ID, "--focus", "arXiv:2502.07115"], "--manifest and --focus are mutually exclusive"),
    (["--focus", "arXiv:2502.07115", "--contradictions"], "--focus and --contradictions are mutually exclusive"),
    (["--manifest", MANIFEST_ID, "--contradictions"], "--manifest and --contradictions are mutually exclusive"),
    (["--depth", "3"], "--depth needs --focus"),
])
def test_viz_usage_errors(disk_store, tmp_path, args, message):
    out = tmp_path / "g.html"
    r = _viz(disk_store, "-o", str(out), *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output
    assert not out.exists()


def test_viz_bad_focus_is_one_line(disk_store, tmp_path):
    out = tmp_path / "g.html"
    r = _viz(disk_store, "-o", str(out), "--focus", "arXiv:9999.99999")
    assert r.exit_code == 2 and not out.exists()
    assert r.output.strip().splitlines() == ["provkg: --focus 'arXiv:9999.99999' names no work, section or source in the store"]


def test_viz_without_option_draws_the_whole_store(disk_store, sample_snapshot, tmp_path):
    out = tmp_path / "g.html"
    r = _viz(disk_store, "-o", str(out), "--title", "整个 store")
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="graph-data">(.*?)</script>', page, re.DOTALL).group(1))
    ids = {n["id"] for n in data["nodes"]}
    assert {f"source:{p}" for p in sample_snapshot.sources} <= ids
    assert "<title>整个 store</title>" in page
    r = _viz(disk_store, "-o", str(tmp_path / "f.html"), "--focus", "§3.1", "--depth", "1")
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------------------
# provkg.api: the analysable graph and the library calls
# ---------------------------------------------------------------------------


def test_api_view_graph_is_the_analysable_selection_with_scalar_attributes(sample_store, tmp_path):
    """The whole-store view draws a clustered graph but analyses every node; GraphML and GEXF write it."""
    import networkx as nx

    v = api.view(sample_store)
    assert v.drawing.number_of_nodes() <= DEFAULT_NODE_BUDGET < v.graph.number_of_nodes()
    assert not any(d["type"] == "cluster" for _, d in v.graph.nodes(data=True))
    whole = api.graph(sample_store)
    assert set(whole) == set(v.graph)
    for _, d in v.graph.nodes(data=True):
        assert all(isinstance(x, (str, int, float, bool)) for x in d.values()), d
    claim = next(d for _, d in v.graph.nodes(data=True) if d["type"] == "claim" and d.get("source") == NOTE
                 and d.get("line") == "36")
    assert claim["agent"] == "flyp" and "5.94x" in claim["text"]
    assert {d["relation"] for *_e, d in v.graph.edges(data=True)} >= {"prov:wasQuotedFrom", "cito:cites"}
    pr = nx.pagerank(v.graph)
    assert abs(sum(pr.values()) - 1) < 1e-6 and len(pr) == v.graph.number_of_nodes()
    nx.write_graphml(v.graph, tmp_path / "g.graphml")
    nx.write_gexf(v.graph, tmp_path / "g.gexf")
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.number_of_nodes() == v.graph.number_of_nodes() and back.number_of_edges() == v.graph.number_of_edges()


def test_api_library_calls_give_typed_results_equal_to_the_commands(sample_store, tmp_path):
    from graph.loader import ingest_paths
    from graph.store import SelectResult, Store
    from queries.results import ContradictionReport

    folder = tmp_path / "st"
    assert ingest_paths(Store(folder), [WORKSPACE]).errors == []
    assert "papers" in api.query_names()
    papers = api.query(folder, "papers")
    assert papers and type(papers[0]).__name__ == "PaperRow" and any(p.arxiv_id == "2502.07115" for p in papers)
    cli_json = json.loads(CliRunner().invoke(cli, ["--store", str(folder), "query", "papers", "--format", "json"]).stdout)
    assert cli_json["results"] == [p.model_dump(mode="json") for p in papers]
    with pytest.raises(KeyError, match="unknown query"):
        api.query(folder, "nope")
    res = api.sparql(folder, "SELECT ?w WHERE { GRAPH ?g { ?w a <https://w3id.org/provkg/ns#Work> } } ORDER BY ?w")
    assert isinstance(res, SelectResult) and res.variables == ["w"] and len(res) >= 5
    assert api.sparql(folder, "ASK { GRAPH ?g { ?s ?p ?o } }") is True
    b = api.brief(folder, MANIFEST_ID, lang="en")
    assert type(b).__name__ == "BriefData" and "2502.07115" in api.brief_markdown(folder, MANIFEST_ID, lang="en")
    r = api.report(folder)
    assert isinstance(r, ContradictionReport) and r.count == len(r.findings) >= 8
    assert "对抗性到达" in api.report_markdown(folder)



def _doc_and_note(ws):
    """A workspace with a living document citing Medusa and one note about EAGLE (no manifest yet)."""
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "doc.md").write_text("# Doc\n\n## 1 Decoding\n\nMedusa.\n\n## References\n\n"
                                                           "- Medusa, arXiv:2401.10774\n", "utf-8")
    (ws / "inbox" / "a").mkdir(parents=True)
    (ws / "inbox" / "a" / "n.md").write_text("# Note\n\nEAGLE (arXiv:2401.15077) drafts from features; add to 1.\n", "utf-8")
    (ws / "work-guard").mkdir()
    return ws

def test_run_writes_no_brief_from_a_manifest_it_could_not_read(tmp_path):
    """A manifest broken since the last run keeps its last good version in the store; `run` says so (exit 2)
    and writes no brief from it, removing the one an earlier run wrote, while the other manifest's brief is
    written (a fresh user found the stale brief written without a mark)."""
    ws = _doc_and_note(tmp_path / "ws")
    for mid in ("m1", "m2"):
        (ws / "work-guard" / f"{mid}.json").write_text(json.dumps({
            "manifest_id": mid, "created": "2027-01-01", "knowledge": "organized/knowledge/doc.md",
            "items": [{"path": "inbox/a/n.md"}]}), "utf-8")
    st, out = tmp_path / "st", tmp_path / "out"
    first = CliRunner().invoke(cli, ["--store", str(st), "-q", "run", str(ws), "-o", str(out)], obj={})
    assert first.exit_code == 0, first.output
    assert (out / "brief-m1.md").exists() and (out / "brief-m2.md").exists()
    (ws / "work-guard" / "m2.json").write_text('{"manifest_id": "m2",', "utf-8")
    again = CliRunner().invoke(cli, ["--store", str(st), "-q", "run", str(ws), "-o", str(out)], obj={})
    assert again.exit_code == 2 and "work-guard/m2.json" in again.output
    assert (out / "brief-m1.md").exists() and not (out / "brief-m2.md").exists()


def test_run_leaves_only_the_briefs_of_the_workspaces_manifests(tmp_path):
    """"-o replaces those files": one manifest gives ``brief.md``; a second manifest later gives ``brief-m1.md`` and
    ``brief-m2.md`` and the old ``brief.md`` goes (a fresh user found it left beside them); back to one, the two go."""
    ws = _doc_and_note(tmp_path / "ws")

    def manifest(mid):
        (ws / "work-guard" / f"{mid}.json").write_text(json.dumps({
            "manifest_id": mid, "created": "2027-01-01", "knowledge": "organized/knowledge/doc.md",
            "items": [{"path": "inbox/a/n.md"}]}), "utf-8")

    st, out = tmp_path / "st", tmp_path / "out"

    def run():
        res = CliRunner().invoke(cli, ["--store", str(st), "-q", "run", str(ws), "-o", str(out)], obj={})
        assert res.exit_code == 0, res.output
        return sorted(p.name for p in out.glob("brief*.md"))

    manifest("m1")
    assert run() == ["brief.md"]
    # ("created": "2027-01-01" gives a day, not its midnight: no invented "00:00")
    assert "Time: 2027-01-01 (manifest)" in (out / "brief.md").read_text("utf-8") or \
        "时间：2027-01-01（清单）" in (out / "brief.md").read_text("utf-8")
    manifest("m2")
    assert run() == ["brief-m1.md", "brief-m2.md"]
    (ws / "work-guard" / "m2.json").unlink()
    assert run() == ["brief.md"]


def test_run_does_not_read_its_own_output_folder_back(tmp_path):
    """`provkg run . -o out` inside a vault: the second run must not ingest the first run's brief and report as
    notes (on a real 599-note vault they made 9 of 14 contradiction findings). `run` leaves `.provkg-output` in
    its folder and a folder walk does not enter a folder holding it."""
    from ingest.sources import OUTPUT_TAG

    ws = _doc_and_note(tmp_path / "ws")
    (ws / "work-guard" / "m1.json").write_text(json.dumps({
        "manifest_id": "m1", "created": "2027-01-01", "knowledge": "organized/knowledge/doc.md",
        "items": [{"path": "inbox/a/n.md"}]}), "utf-8")
    st, out = tmp_path / "st", ws / "out"
    for _ in range(2):
        r = CliRunner().invoke(cli, ["--store", str(st), "-q", "run", str(ws), "-o", str(out)], obj={})
        assert r.exit_code == 0, r.output
    assert (out / OUTPUT_TAG).exists() and (out / "brief.md").exists()
    paths = [row.source for row in api.ProvKG(st).query("sources")]
    assert paths and not [p for p in paths if p.startswith("out/")], paths
