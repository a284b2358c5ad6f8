"""Each trap of ../shared/PITFALLS.md that applies to what provkg does today, as a test.

P1–P5 (pyvis) are in tests/test_html.py and tests/test_browser.py; P18 (arXiv forms) in
tests/test_arxiv.py.  Each test here fails on the naive behaviour the row describes.
"""
from __future__ import annotations

from datetime import timezone

import pyoxigraph as ox
import pytest

from graph.loader import ingest_paths
from graph.model import source_quads, work_iri
from graph.store import Store
from ingest.models import Manifest
from ingest.notes import parse_note
from ingest.sources import Found, read_source
from ingest.text import split_front_matter


def _note(tmp_path, rel, text):
    p = tmp_path / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, "utf-8")
    return p


def test_p16_front_matter_is_read_as_strings():
    fm, body, problem = split_front_matter("---\narxiv: 2401.10000\nver: 3.10\ntime: 10:00\nflag: no\n---\nbody\n")
    assert problem is None and body == 7
    assert fm == {"arxiv": "2401.10000", "ver": "3.10", "time": "10:00", "flag": "no"}


def test_p16_unquoted_colon_is_a_warning_not_a_failure(tmp_path):
    p = _note(tmp_path, "inbox/a/n.md", "---\ntitle: Attention: A Survey\n---\n# T\n- 吞吐提升 2x。\n")
    rec, warns = read_source(Found(p, tmp_path, "inbox/a/n.md"))
    assert len(warns) == 1 and warns[0].startswith("inbox/a/n.md:1: front matter")
    assert [c.text for c in rec.claims] == ["吞吐提升 2x。"]


def test_p17_arxiv_id_never_passes_through_a_float(tmp_path):
    p = _note(tmp_path, "organized/paper_cards/1-2401-10000.md", "---\narxiv: 2401.10000\n---\n# Card\n- text\n")
    rec, _ = read_source(Found(p, tmp_path, "organized/paper_cards/1-2401-10000.md"))
    assert {r.arxiv_id for r in rec.arxiv} == {"2401.10000"}


def test_p17_manifest_rejects_numbers_as_strings():
    with pytest.raises(Exception):
        Manifest.model_validate_json('{"manifest_id": 2401.10000, "items": []}')


def test_p6_titles_never_become_iris(tmp_path):
    p = _note(tmp_path, "organized/paper_cards/x.md",
              '---\ntitle: "Attention Is All You Need <a> {b} |c| ^d"\narxiv: "1706.03762"\naliases: ["A B"]\n---\n# t\n- x\n')
    rec, _ = read_source(Found(p, tmp_path, "organized/paper_cards/x.md"))
    for q in source_quads(rec):
        for t in (q.subject, q.predicate, q.object, q.graph_name):
            if isinstance(t, ox.NamedNode):
                assert not any(ch in t.value for ch in ' <>"{}|^`'), t.value
    # and an export parser accepts every IRI
    st = Store(None)
    with st.writer() as w:
        w.add(source_quads(rec))
    data = st.db.dump(format=ox.RdfFormat.N_QUADS)
    assert len(list(ox.parse(data, format=ox.RdfFormat.N_QUADS))) == len(st)


INJECT = 'x" } ; DELETE WHERE {?s ?p ?o} ; INSERT DATA {<urn:a> <urn:b> "c'


def test_p7_values_are_bound_not_formatted(sample_store):
    before = len(sample_store)
    rows = sample_store.select("SELECT ?x WHERE { }", x=INJECT)
    assert rows == [{"x": INJECT}]
    hit = sample_store.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?c WHERE { ?c kg:text ?x }", x=INJECT)
    assert hit == []
    assert len(sample_store) == before


def test_p7_hostile_note_text_is_stored_as_text(tmp_path):
    _note(tmp_path, "inbox/eve/n.md", f"# <img src=x onerror=alert(1)>\n\n- {INJECT}\n")
    st = Store(None)
    rep = ingest_paths(st, [tmp_path])
    assert rep.errors == []
    texts = [r["t"] for r in st.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?t WHERE { ?c a kg:Claim ; kg:text ?t }")]
    assert INJECT in texts
    assert not st.select("SELECT ?o WHERE { <urn:a> <urn:b> ?o }")


def test_p9_union_default_graph_is_explicit(sample_store):
    q = "PREFIX prov: <http://www.w3.org/ns/prov#> SELECT (COUNT(*) AS ?n) WHERE { ?s a prov:Entity }"
    assert sample_store.select(q)[0]["n"] > 100  # union: named graphs are seen
    naive = list(sample_store.db.query(q))[0]["n"].value  # without union only the (empty) default graph
    assert naive == "0"
    g = "PREFIX prov: <http://www.w3.org/ns/prov#> SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s a prov:Entity } }"
    assert sample_store.select(g)[0]["n"] >= 13


def test_p11_quotes_newlines_and_cjk_round_trip(tmp_path):
    text = 'He said "3.5× faster"\n见§3.1'
    _note(tmp_path, "inbox/a/q.md", f"# q\n\n- {text.splitlines()[0]}\n  {text.splitlines()[1]}\n")
    st = Store(None)
    ingest_paths(st, [tmp_path])
    data = st.db.dump(format=ox.RdfFormat.N_QUADS)
    back = ox.Store()
    back.load(data, format=ox.RdfFormat.N_QUADS)
    lits = {q.object.value for q in back if isinstance(q.object, ox.Literal)}
    assert 'He said "3.5× faster" 见§3.1' in lits


def test_p12_p13_no_blank_nodes(sample_store):
    assert not any(isinstance(t, ox.BlankNode) for q in sample_store.quads() for t in (q.subject, q.object, q.graph_name))


def test_p14_failed_write_leaves_previous_store_intact(tmp_path):
    st = Store(tmp_path / "st")
    with st.writer() as w:
        w.add([ox.Quad(work_iri("2502.07115"), ox.NamedNode("urn:p"), ox.Literal("v"), ox.NamedNode("urn:g"))])
    with pytest.raises(RuntimeError):
        with st.writer() as w:
            w.drop_graph("urn:g")
            raise RuntimeError("killed")
    assert len(Store(tmp_path / "st")) == 1
    assert sorted(p.name for p in (tmp_path / "st").glob("db-*")) == ["db-000001"]


def test_store_lock_refuses_a_second_writer_after_its_wait(tmp_path):
    """A second writer waits for the first (``Store.lock``) and gives up, in one line, after its timeout."""
    import time

    from ingest.errors import StoreLockedError

    st = Store(tmp_path / "st")
    waited = []
    with st.writer():
        other = Store(tmp_path / "st", lock_timeout=0.3)
        other.on_lock_wait = lambda: waited.append(time.monotonic())
        t0 = time.monotonic()
        with pytest.raises(StoreLockedError, match=r"another provkg process is writing this store \(waited 0.3 s\)"):
            with other.writer():
                pass
        assert time.monotonic() - t0 >= 0.3 and len(waited) == 1


def test_naive_times_get_the_configured_zone(tmp_path):
    parts, _ = parse_note("作者：Jay · 2026-10-27 09:35\n\n- x\n", "inbox/jay/n.md")
    assert parts["created"].tzinfo is timezone.utc and parts["created"].hour == 9


# ---------------------------------------------------------------------------
# P1–P5 (pyvis traps) through the CLI, P8, P10, P15, P18 (issue 6: every trap is a test)
# ---------------------------------------------------------------------------

import json  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from html.parser import HTMLParser  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from conftest import ROOT, WORKSPACE, fixed_clock  # noqa: E402
from provkg.cli import cli  # noqa: E402

REMOTE_URL = re.compile(r"^\s*(?:https?:)?//", re.I)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _remote_loads(page: str) -> list[str]:
    """Every script/link/img/iframe/font that would load from the network."""
    p = _Page()
    p.feed(page)
    bad = [f"{t} {k}={v}" for t, a in p.tags for k, v in a.items()
           if k in ("src", "href") and t in ("script", "link", "img", "iframe") and REMOTE_URL.match(v or "")]
    bad += re.findall(r"@import[^;]*|@font-face|url\(\s*['\"]?https?:[^)]*\)", page)
    return bad


@pytest.fixture(scope="module")
def sample_cli_store(tmp_path_factory):
    st = tmp_path_factory.mktemp("p") / "st"
    r = CliRunner().invoke(cli, ["--store", str(st), "-q", "ingest", str(WORKSPACE)])
    assert r.exit_code == 0, r.output
    return st


def test_p1_viz_loads_nothing_from_the_network(sample_cli_store, tmp_path):
    out = tmp_path / "g.html"
    r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "viz", "-o", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    assert _remote_loads(page) == []
    assert "vis-network" in page  # the library is inlined, not fetched
    # the check is not vacuous: what pyvis ≤0.3.2 writes with cdn_resources="remote" fails it
    assert _remote_loads('<script src="https://cdnjs.cloudflare.com/ajax/libs/vis-network/9.1.2/vis-network.min.js">'
                         '</script><link href="https://cdn.jsdelivr.net/npm/bootstrap.min.css" rel="stylesheet">')


def test_p2_viz_writes_a_file_without_notebook_mode(sample_cli_store, tmp_path):
    """pyvis ``Network.show()`` assumes a notebook and fails with ``NoneType … render``; the CLI never calls it."""
    out = tmp_path / "sub" / "g.html"
    r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "viz", "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0 and r.stdout.strip() == str(out)
    assert out.stat().st_size > 100_000 and out.read_text("utf-8").rstrip().endswith("</html>")
    from pathlib import Path

    import queries.render.html as html_mod

    import ast

    calls = [n.func.attr for n in ast.walk(ast.parse(Path(html_mod.__file__).read_text("utf-8")))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
    assert "show" not in calls


def test_p3_titles_with_markup_and_href_never_become_markup(tmp_path):
    ws = ROOT / "tests" / "fixtures" / "hostile"
    st = tmp_path / "st"
    assert CliRunner().invoke(cli, ["--store", str(st), "-q", "ingest", str(ws)]).exit_code == 0
    out = tmp_path / "g.html"
    r = CliRunner().invoke(cli, ["--store", str(st), "viz", "-o", str(out), "--title", '<img src=x onerror=alert(1)>'])
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    data = re.search(r'(?s)<script type="application/json" id="graph-data">(.*?)</script>', page).group(1)
    assert "<" not in data
    labels = json.dumps(json.loads(data), ensure_ascii=False)
    assert "<img src=x onerror=alert(1)>" in labels and 'href=\\"javascript:alert(9)\\"' in labels  # kept, as data
    outside = re.sub(r"(?s)<script\b.*?</script>", "", page)
    assert not re.search(r"<[^>]*\bon[a-z]+=", outside) and "<img" not in outside and "alert(9)" not in outside
    assert "&lt;img src=x onerror=alert(1)&gt;" in outside  # the title, escaped


def test_p4_large_graph_is_cut_to_a_budget_and_says_so():
    from queries.render.html import GraphView, VizEdge, VizNode, render_html

    nodes = [VizNode(f"n{i}", f"note {i}", "source", {"source": f"inbox/a/{i}.md"}) for i in range(3000)]
    edges = [VizEdge(f"n{i}", f"n{i // 2}", "wasDerivedFrom", "wasDerivedFrom") for i in range(1, 3000)]
    page = render_html(GraphView(nodes, edges, "3000 notes"), node_budget=300, layout_threshold=100)
    data = json.loads(re.search(r'(?s)id="graph-data">(.*?)</script>', page).group(1))
    assert len(data["nodes"]) == 300
    assert data["options"]["physics"] is False or data["options"]["physics"].get("enabled") is False
    assert all("x" in n and "y" in n for n in data["nodes"])  # layout precomputed, no stabilisation freeze
    assert re.search(r"2[,.]?700 (?:of 3[,.]?000 )?nodes", page), "the page does not say what was left out"


def test_p5_viz_writes_utf8_under_a_c_locale(sample_cli_store, tmp_path):
    import os

    out = tmp_path / "g.html"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING"))}
    env.update(LC_ALL="C", PYTHONUTF8="0")
    res = subprocess.run([sys.executable, "-m", "provkg", "--store", str(sample_cli_store), "viz", "-o", str(out),
                          "--title", "知识图谱"], env=env, capture_output=True, timeout=120, cwd=ROOT)
    assert res.returncode == 0, res.stderr.decode("utf-8", "replace")
    page = out.read_bytes().decode("utf-8")  # strict: fails on a locale-encoded file
    assert "<title>知识图谱</title>" in page


def test_p8_bound_values_answer_like_inlined_terms(sample_store):
    """Bindings become a trailing VALUES row (not rdflib's initBindings).  Each bound query must give
    the rows of the same query with the term written in place, and a bound variable that occurs only
    in an OPTIONAL or a sub-select must not be silently ignored.  The query suite over every backend
    (embedded Oxigraph and a SPARQL 1.1 server) is ``tests/test_backends.py::test_named_query_same_on_both_backends``
    (its ``stores`` fixture is the hook for more backends)."""
    kg = "PREFIX kg: <https://w3id.org/provkg/ns#> "
    path = "inbox/flyp/2026-10-26T1550-critical-read.md"
    q = kg + "SELECT ?c ?t WHERE { GRAPH ?g { ?s kg:path ?p . ?c kg:inSource ?s ; kg:text ?t } }"
    bound = sample_store.select(q, p=path)
    inline = sample_store.select(q.replace("?p .", str(ox.Literal(path)) + " ."))
    key = lambda rows: sorted((r["c"], r["t"]) for r in rows)  # noqa: E731
    assert bound and key(bound) == key(inline)
    # a value that must be compared as a typed literal stays typed
    n = sample_store.select(kg + "SELECT ?c WHERE { GRAPH ?g { ?c kg:line ?l } }", l=36)
    assert n and len(n) == len(sample_store.select(kg + "SELECT ?c WHERE { GRAPH ?g { ?c kg:line 36 } }"))
    # rdflib's in-memory engine answers the same bound query with the same rows (a second engine)
    import rdflib

    ds = rdflib.Dataset(default_union=True)
    ds.parse(data=sample_store.db.dump(format=ox.RdfFormat.N_QUADS).decode("utf-8"), format="nquads")
    rl = ds.query(q, initBindings={"p": rdflib.Literal(path)})
    assert sorted((str(r.c), str(r.t)) for r in rl) == key(bound)


def test_p10_triple_only_export_is_refused_and_trig_keeps_graphs(sample_store, sample_cli_store, tmp_path):
    import rdflib

    nq = sample_store.db.dump(format=ox.RdfFormat.N_QUADS).decode("utf-8")
    ds = rdflib.Dataset()
    ds.parse(data=nq, format="nquads")
    graphs = {g.identifier for g in ds.graphs() if len(g)}
    # the naive behaviour: Turtle of a Dataset silently drops every named graph
    naive = rdflib.Dataset()
    naive.parse(data=ds.serialize(format="turtle"), format="turtle")
    assert len(naive) == 0 and len(graphs) >= 14
    # TriG keeps graphs and quad counts (rdflib directly)
    back = rdflib.Dataset()
    back.parse(data=ds.serialize(format="trig"), format="trig")
    assert {g.identifier for g in back.graphs() if len(g)} == graphs
    assert sum(len(g) for g in back.graphs()) == len(sample_store)
    # provkg's export command: a triple-only format is refused unless it is the documented current state
    # as one graph (turtle, nt), which holds every distinct live triple, nothing silently lost
    r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "export", "--format", "xml",
                                 "-o", str(tmp_path / "x.rdf")])
    assert r.exit_code == 2 and "named graph" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.rdf").exists()
    r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "export", "--format", "turtle",
                                 "-o", str(tmp_path / "x.ttl")])
    assert r.exit_code == 0, r.output
    one = rdflib.Graph().parse(tmp_path / "x.ttl", format="turtle")
    assert len(one) == len({(s, p, o) for s, p, o, _g in ds.quads()}) > 0
    r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "export", "--format", "trig",
                                 "-o", str(tmp_path / "x.trig")])
    assert r.exit_code == 0, r.output
    got = rdflib.Dataset()
    got.parse(tmp_path / "x.trig", format="trig")
    from graph.store import Store

    live = Store(sample_cli_store)
    assert {str(g.identifier) for g in got.graphs() if len(g)} == set(live.named_graphs())
    assert sum(len(g) for g in got.graphs()) == len(live)


def test_p15_graphml_gexf_attributes_cleaned_and_read_back(tmp_path):
    import networkx as nx

    G = nx.MultiDiGraph()
    G.add_node("a", year=2020, tags=["x", "y"], note=None, props={"line": 3})
    G.add_node("b", year="n.d.", tags=[], props={"line": "4-5"})
    G.add_edge("a", "b", key="cites", weight=None)
    with pytest.raises(Exception):  # the naive write: GraphML rejects None and lists
        nx.write_graphml(G, tmp_path / "naive.graphml")
    from graph.export import xml_safe_graph

    H = xml_safe_graph(G)
    for fmt, write, read in (("graphml", nx.write_graphml, nx.read_graphml), ("gexf", nx.write_gexf, nx.read_gexf)):
        p = tmp_path / f"g.{fmt}"
        write(H, p)
        R = read(p)
        assert R.number_of_nodes() == 2 and R.number_of_edges() == 1
        assert {type(d["year"]) for _, d in R.nodes(data=True)} == {str}  # one type per key
        assert json.loads(R.nodes["a"]["tags"]) == ["x", "y"]
        assert "note" not in R.nodes["a"]


def test_p15_failed_export_leaves_no_empty_file(sample_cli_store, tmp_path):
    target = tmp_path / "ro" / "g.graphml"
    target.parent.mkdir()
    target.write_text("old", "utf-8")
    target.parent.chmod(0o500)
    try:
        import os

        if os.access(target.parent, os.W_OK):
            pytest.skip("running as a user who can write a read-only folder (root)")
        r = CliRunner().invoke(cli, ["--store", str(sample_cli_store), "export", "--format", "graphml", "-o", str(target)])
        assert r.exit_code == 2
        assert target.read_text("utf-8") == "old"
    finally:
        target.parent.chmod(0o700)


def test_p18_every_form_of_one_paper_is_one_work(tmp_path):
    _note(tmp_path, "inbox/a/forms.md", "# forms\n\n"
          "- https://arxiv.org/pdf/2502.07115v5.pdf and arXiv:2502.07115 and 2502.07115v2\n"
          "- arXiv:1501.00001 and hep-th/9901001v2 and math.GT/0309136 and math/0309136v1\n")
    st = Store(None)
    assert ingest_paths(st, [tmp_path], now=fixed_clock).errors == []
    works = {r["w"] for r in st.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT DISTINCT ?w WHERE { ?w a kg:Work }")}
    assert works == {work_iri(k).value for k in ("2502.07115", "1501.00001", "hep-th/9901001", "math/0309136")}
    vers = {r["v"] for r in st.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT DISTINCT ?v WHERE { ?v a kg:WorkVersion }")}
    assert {v.rsplit("/arxiv/", 1)[1] for v in vers} == {"2502.07115v5", "2502.07115v2", "hep-th/9901001v2", "math/0309136v1"}


def test_p11_language_tag_zh_CN_never_breaks_a_literal(tmp_path):
    """provkg writes no language-tagged literal from front matter (``kg:lang`` is a plain ``zh``/``en``);
    ``lang: zh_CN`` is kept as the string ``lang: zh_CN`` and every literal parses back through rdflib."""
    import rdflib

    _note(tmp_path, "inbox/a/zh.md", "---\nlang: zh_CN\n---\n# 标题\n\n- 中文内容，吞吐提升 2x。\n")
    st = Store(None)
    assert ingest_paths(st, [tmp_path]).errors == []
    langs = {r["l"] for r in st.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?l WHERE { ?s kg:lang ?l }")}
    assert langs <= {"zh", "en"}
    ds = rdflib.Dataset()
    ds.parse(data=st.db.dump(format=ox.RdfFormat.N_QUADS).decode("utf-8"), format="nquads")
    assert all(not isinstance(o, rdflib.Literal) or o.language in (None, "zh", "en") for _, _, o, _ in ds.quads())
    with pytest.raises(ValueError):  # the naive literal: not BCP 47
        ox.Literal("x", language="zh_CN")


# ---------------------------------------------------------------------------
# P14 through the CLI: a killed ingest loses nothing; a second writer is refused in one line
# ---------------------------------------------------------------------------


def _answers(store_path) -> dict:
    from queries.named import QUERIES

    st = Store(store_path)
    out = {n: [r.model_dump(mode="json") for r in fn(st, manifest=None, source=None, all_sources=False)]
           for n, (fn, _) in QUERIES.items()}
    st.close()
    return out


def test_p14_sigkill_during_a_large_cli_ingest_keeps_the_previous_store(sample_cli_store, tmp_path):
    """``provkg ingest`` of a few hundred notes is SIGKILLed while it writes (the new database
    folder exists, ``CURRENT`` has not moved).  The previous store answers every named query as before;
    the next ingest succeeds.  (tests/test_kill.py stops the writer at exact points; this one kills a
    real CLI run part-way, wherever it is.)"""
    import os
    import shutil
    import signal
    import time

    from generate import generate_workspace
    st = tmp_path / "st"
    shutil.copytree(sample_cli_store, st)
    before = _answers(st)
    big = generate_workspace(tmp_path / "big", 400, seed=3)
    cur = (st / "CURRENT").read_text()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    p = subprocess.Popen([sys.executable, "-m", "provkg", "--store", str(st), "-q", "ingest", str(big)],
                         cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    live = st / cur.strip()
    while time.monotonic() < deadline and p.poll() is None:
        if any(d != live for d in st.glob("db-*")):  # the writer has started its copy
            break
        time.sleep(0.01)
    time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    if p.returncode == 0:
        pytest.skip("the ingest finished before it could be killed (machine too fast)")
    assert (st / "CURRENT").read_text() == cur
    assert _answers(st) == before
    r = CliRunner().invoke(cli, ["--store", str(st), "-q", "ingest", str(WORKSPACE)])
    assert r.exit_code == 0, r.output  # stale lock and half-written copy are no obstacle
    assert _answers(st) == before
    assert [d.name for d in st.glob("db-*")] == [(st / "CURRENT").read_text().strip()]


def test_p14_concurrent_ingest_is_refused_in_one_line_after_its_wait(sample_cli_store, tmp_path):
    import os
    import shutil

    st = tmp_path / "st"
    shutil.copytree(sample_cli_store, st)
    before = _answers(st)
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    note = next((ws / "inbox").rglob("*.md"))
    note.write_text(note.read_text("utf-8") + "\n- 新增一行。\n", "utf-8")
    with Store(st).writer():  # another process holds the write lock (longer than the ingest waits)
        res = subprocess.run([sys.executable, "-m", "provkg", "--store", str(st), "-q", "ingest", str(ws)],
                             cwd=ROOT, capture_output=True, timeout=120, env={**os.environ, "PROVKG_LOCK_TIMEOUT": "0.5"})
        # An ingest with nothing to write needs no lock: it reads the live store and writes nothing.
        noop = subprocess.run([sys.executable, "-m", "provkg", "--store", str(st), "ingest", str(WORKSPACE)],
                              cwd=ROOT, capture_output=True, timeout=120)
    assert res.returncode == 2
    err = res.stderr.decode("utf-8").strip().splitlines()
    assert len(err) == 1 and "another provkg process is writing this store" in err[0], err
    assert noop.returncode == 0 and "changed 0" in noop.stderr.decode("utf-8"), noop.stderr
    assert _answers(st) == before
