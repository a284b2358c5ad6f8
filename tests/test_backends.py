"""The two backends behind one interface: embedded Oxigraph and a real Oxigraph server.

The server is the ``oxigraph`` PyPI package's binary (``oxigraph serve``),
started on 127.0.0.1 on a free port for this module and stopped at the end;
the tests skip with the reason when the binary is not installed.  The same
sample is ingested into each backend, and every named query, the brief and
the contradiction report must come out identical (PITFALLS P8: bindings are a
trailing VALUES on both, so differences would show here).
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import MANIFEST_ID, ROOT, WORKSPACE, fixed_clock

_BIN = Path(sys.executable).parent / "oxigraph"


def _oxigraph_bin() -> str | None:
    return str(_BIN) if _BIN.exists() else shutil.which("oxigraph")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OxigraphServer:
    """One ``oxigraph serve --location DIR --bind 127.0.0.1:PORT`` process."""

    def __init__(self, location: Path):
        exe = _oxigraph_bin()
        if exe is None:
            pytest.skip("the Oxigraph server binary is not installed (pip install 'oxigraph>=0.5.13,<0.6', "
                        "part of the test extra)")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([exe, "serve", "--location", str(location), "--bind", f"127.0.0.1:{self.port}"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(self.url + "/query?query=ASK%7B%7D", timeout=1).read()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"oxigraph serve exited: {self.proc.stderr.read().decode()[:300]}")
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("oxigraph serve did not answer within 20 s")
                time.sleep(0.05)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()

    def clear(self) -> None:
        """``DROP ALL``: an empty dataset for the next test."""
        from graph.remote import RemoteStore

        RemoteStore(self.url).update("DROP ALL")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server holding the ingested sample (read-only use)."""
    s = OxigraphServer(tmp_path_factory.mktemp("oxigraph-sample"))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def scratch_server(tmp_path_factory):
    """A second server for tests that write (emptied before each use)."""
    s = OxigraphServer(tmp_path_factory.mktemp("oxigraph-scratch"))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def stores(server, tmp_path_factory):
    """``{"embedded": Store(folder), "remote": RemoteStore(url)}``, each holding the sample ingested the same way."""
    from graph.loader import ingest_paths
    from graph.remote import RemoteStore
    from graph.store import Store

    out = {"embedded": Store(tmp_path_factory.mktemp("embedded") / "store"), "remote": RemoteStore(server.url)}
    for name, st in out.items():
        rep = ingest_paths(st, [WORKSPACE], now=fixed_clock)
        assert rep.errors == [], (name, rep.errors)
        assert len(rep.added) == 13, (name, rep.summary())
    return out


@pytest.fixture
def remote(scratch_server):
    """An empty ``RemoteStore`` on the scratch server."""
    from graph.remote import RemoteStore

    scratch_server.clear()
    return RemoteStore(scratch_server.url)


# -- endpoints and choosing a backend (no server needed) -------------------------------------------

def test_endpoints_of_oxigraph_and_fuseki_urls():
    from graph.remote import endpoints_for

    ox_ = endpoints_for("http://db.example:7878/")
    assert (ox_.query, ox_.update, ox_.gsp, ox_.server, ox_.union_param) == (
        "http://db.example:7878/query", "http://db.example:7878/update", "http://db.example:7878/store", "oxigraph", True)
    fu = endpoints_for("https://kg.example:3030/ds")
    assert (fu.query, fu.update, fu.gsp, fu.server, fu.union_param) == (
        "https://kg.example:3030/ds/query", "https://kg.example:3030/ds/update", "https://kg.example:3030/ds/data",
        "fuseki", False)
    gdb = endpoints_for("http://g:7200/repositories/kg", update_endpoint="/repositories/kg/statements",
                        gsp_endpoint="http://g:7200/repositories/kg/rdf-graphs/service")
    assert gdb.query == "http://g:7200/repositories/kg/query"
    assert gdb.update == "http://g:7200/repositories/kg/statements"
    assert gdb.gsp == "http://g:7200/repositories/kg/rdf-graphs/service"
    assert endpoints_for("http://h:7878", query_endpoint="/sparql").union_param is False


def test_bad_urls_and_credentials():
    from graph.remote import RemoteStore, endpoints_for
    from ingest.errors import StoreError

    with pytest.raises(StoreError, match="not an http"):
        endpoints_for("ftp://h/ds")
    with pytest.raises(StoreError, match="endpoint must be"):
        endpoints_for("http://h:7878", query_endpoint="sparql")
    st = RemoteStore("http://alice:s%40cret@h:3030/ds")
    assert st.path == "http://h:3030/ds" and "cret" not in repr(st) and "alice" not in st.endpoints.query
    assert st._auth == "Basic YWxpY2U6c0BjcmV0"  # base64("alice:s@cret")


def test_open_store_picks_the_backend(tmp_path):
    from graph.backend import Backend, GraphWriter, open_store
    from graph.remote import RemoteStore, RemoteWriter
    from graph.store import Store, Writer
    from ingest.errors import UsageError

    assert isinstance(open_store(str(tmp_path / "s")), Store)
    assert isinstance(open_store("HTTPS://h:3030/ds"), RemoteStore)
    with pytest.raises(UsageError, match="need an http"):
        open_store(str(tmp_path / "s"), query_endpoint="http://h/q")
    for cls in (Store, RemoteStore):
        assert isinstance(cls.__new__(cls), Backend), cls
    assert isinstance(Writer(ox.Store()), GraphWriter)
    assert isinstance(RemoteWriter(RemoteStore("http://h:1")), GraphWriter)


def test_shipped_queries_need_no_union_default_graph():
    """Every .rq matches inside GRAPH, so a server whose default graph is not the union answers the same (P9)."""
    from queries.sparql_files import QUERY_FILES, sparql

    names = QUERY_FILES()
    assert len(names) >= 10
    for n in names:
        assert "GRAPH ?g" in sparql(n) or "GRAPH <" in sparql(n), n


# -- the query suite on both backends ---------------------------------------------------------------

def _named_ids():
    from queries.named import QUERIES

    return list(QUERIES)


@pytest.mark.parametrize("name", _named_ids())
def test_named_query_same_on_both_backends(stores, name):
    from queries.named import QUERIES

    fn = QUERIES[name][0]
    got = {b: [r.model_dump(mode="json") for r in fn(st, manifest=None, source=None, all_sources=False)]
           for b, st in stores.items()}
    assert got["remote"] == got["embedded"]
    if name in ("sources", "papers", "sections", "claims", "increments", "contradictions"):
        assert got["remote"], f"{name} is empty on the sample"


def test_sample_counts_on_remote(stores):
    from queries.named import claims, sources

    st = stores["remote"]
    assert len(sources(st)) == 13
    assert len(claims(st)) == len(claims(stores["embedded"])) > 100
    assert len(st.named_graphs()) == len(stores["embedded"].named_graphs()) == 14  # 13 files + provenance


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_brief_same_on_both_backends(stores, sample_store, lang):
    """Identical on disk, on the server and in memory (the in-memory one is what test_render's golden pins)."""
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    texts = {b: render_brief(brief_data(st, MANIFEST_ID, now=fixed_clock(), lang=lang).model_dump(mode="json"))
             for b, st in {**stores, "memory": sample_store}.items()}
    assert texts["remote"] == texts["embedded"] == texts["memory"]
    assert "2502.07115" in texts["remote"] and "organized/knowledge/inference.md:" in texts["remote"]


def test_report_same_on_both_backends(stores, sample_snapshot):
    from queries.contradictions import contradictions
    from queries.render.report import render_report
    from queries.snapshot import load_snapshot

    texts = {b: render_report([f.model_dump(mode="json") for f in contradictions(snap)])
             for b, snap in {**{b: load_snapshot(st) for b, st in stores.items()}, "memory": sample_snapshot}.items()}
    assert texts["remote"] == texts["embedded"] == texts["memory"]
    assert "对抗性到达" in texts["remote"]


def test_named_graphs_pushed_intact(stores):
    """Each file's named graph on the server equals the embedded one, quad for quad (canonical N-Quads)."""
    from graph.model import PROV_GRAPH

    emb, rem = stores["embedded"], stores["remote"]
    graphs = [g for g in emb.named_graphs() if g != PROV_GRAPH.value]
    assert graphs == [g for g in rem.named_graphs() if g != PROV_GRAPH.value]
    for g in graphs:
        a = sorted(str(q) for q in emb.quads(g))
        b = sorted(str(q) for q in rem.quads(g))
        assert a == b, g
    # The provenance graph differs only by the activity IRIs (a new one per run): same size.
    assert len(list(emb.quads(PROV_GRAPH.value))) == len(list(rem.quads(PROV_GRAPH.value))) > 13 * 5
    assert not any(isinstance(t, ox.BlankNode) for q in rem.quads() for t in (q.subject, q.object))


def test_union_default_graph_is_explicit(stores):
    """A query without GRAPH sees the union on both (the server via Oxigraph's union-default-graph parameter)."""
    from graph.remote import RemoteStore

    q = "SELECT (COUNT(*) AS ?n) WHERE { ?c a <https://w3id.org/provkg/ns#Claim> }"
    n = stores["embedded"].select(q)[0]["n"]
    assert n > 100 and stores["remote"].select(q)[0]["n"] == n
    # Asked without the parameter, an Oxigraph server's default graph is the (empty) default graph.
    plain = RemoteStore(stores["remote"].url, query_endpoint=stores["remote"].url + "/query")
    assert plain.endpoints.union_param is False
    assert plain.select(q)[0]["n"] == 0


def test_bound_values_stay_data_on_the_server(stores):
    """PITFALLS P7: a note title full of SPARQL is bound as a literal, never run."""
    st = stores["remote"]
    before = len(st)
    evil = 'x" } ; DROP ALL ; INSERT DATA { <urn:a> <urn:b> "c'
    rows = st.select("SELECT ?c WHERE { GRAPH ?g { ?c <https://w3id.org/provkg/ns#text> ?t } }", t=evil)
    assert rows == [] and len(st) == before
    iri = st.select("SELECT ?s WHERE { GRAPH ?g { ?s a <https://w3id.org/provkg/ns#Source> ; "
                    "<https://w3id.org/provkg/ns#path> ?p } }",
                    p="organized/knowledge/inference.md")
    assert len(iri) == 1 and iri[0]["s"].startswith("https://w3id.org/provkg/id/source/")


# -- writing to the server ------------------------------------------------------------------------------

def test_incremental_reingest_same_on_both_backends(remote, tmp_path):
    """Change, touch and delete files; the second ingest does the same on both backends."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import QUERIES

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    emb = Store(tmp_path / "store")
    for st in (emb, remote):
        assert ingest_paths(st, [ws], now=fixed_clock).errors == []
    note = ws / "inbox/jay/2026-10-27-1050-engineering-screen.md"
    note.write_text(note.read_text("utf-8") + "\n- 新增一条：吞吐 3.5× faster \"quoted\"\n", "utf-8")
    touched = ws / "organized/paper_cards/058-2502-07115.md"
    os.utime(touched, (time.time() + 100, time.time() + 100))
    (ws / "organized/repo_cards/4572-recursive-oss-rec.md").unlink()
    reps = {}
    for name, st in (("embedded", emb), ("remote", remote)):
        rep = ingest_paths(st, [ws], now=fixed_clock)
        reps[name] = (rep.added, rep.changed, rep.removed, len(rep.unchanged), rep.errors)
    assert reps["remote"] == reps["embedded"] == (
        [], ["inbox/jay/2026-10-27-1050-engineering-screen.md"], ["organized/repo_cards/4572-recursive-oss-rec.md"],
        11, [])
    for name, (fn, _) in QUERIES.items():
        a = [r.model_dump(mode="json") for r in fn(emb, manifest=None, source=None, all_sources=False)]
        b = [r.model_dump(mode="json") for r in fn(remote, manifest=None, source=None, all_sources=False)]
        assert a == b, name
    assert any("新增一条" in r.text for r in QUERIES["claims"][0](remote, manifest=None, source=None, all_sources=False))


def test_revert_and_noop_same_on_both_backends(remote, tmp_path):
    """A note A -> B (a line removed) -> A (same bytes) -> A again (no-op): on both backends the second A is
    a new revision (…-2, prov:alternateOf the first), the line's claim is current again without its
    invalidation, the store validates, and the no-op ingest records no activity."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from graph.validate import validate_store
    from queries.history import activities

    note = "inbox/flyp/2026-10-26T1550-critical-read.md"
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    a = (ws / note).read_bytes()
    line = next(ln for ln in a.decode("utf-8").splitlines(keepends=True) if "本次都没核到" in ln)
    b = a.decode("utf-8").replace(line, "", 1).encode("utf-8")
    emb = Store(tmp_path / "store")
    prov = "https://w3id.org/provkg/id/graph/provenance"
    q_revs = ("PREFIX prov: <http://www.w3.org/ns/prov#> PREFIX kg: <https://w3id.org/provkg/ns#> "
              "SELECT ?r ?cur ?alt ?prev WHERE { GRAPH <" + prov + "> { ?r a kg:SourceRevision ; kg:path ?p . "
              "OPTIONAL { ?r kg:current ?cur } OPTIONAL { ?r prov:alternateOf ?alt } OPTIONAL { ?r prov:wasRevisionOf ?prev } } }")
    q_inv = ("PREFIX prov: <http://www.w3.org/ns/prov#> SELECT ?c (COUNT(?a) AS ?n) WHERE { GRAPH <" + prov + "> { "
             "?c prov:wasInvalidatedBy ?a FILTER(CONTAINS(STR(?c), '/claim/')) } } GROUP BY ?c")
    seen = {}
    for name, st in (("embedded", emb), ("remote", remote)):
        (ws / note).write_bytes(a)
        assert ingest_paths(st, [ws], now=fixed_clock).errors == []
        (ws / note).write_bytes(b)
        assert ingest_paths(st, [ws], now=fixed_clock).changed == [note]
        (ws / note).write_bytes(a)
        assert ingest_paths(st, [ws], now=fixed_clock).changed == [note]
        n_acts = len(activities(st))
        rep = ingest_paths(st, [ws], now=fixed_clock)
        assert rep.activity is None and len(rep.unchanged) == 13 and len(activities(st)) == n_acts == 3
        vr = validate_store(st)
        assert vr.conforms and vr.results == [], (name, [v.line() for v in vr.results[:5]])
        revs = sorted((r["r"], bool(r["cur"]), r["alt"], r["prev"]) for r in st.select(q_revs, p=note))
        seen[name] = (revs, sorted((r["c"], r["n"]) for r in st.select(q_inv)))
    revs, inv = seen["embedded"]
    assert seen["remote"] == seen["embedded"]
    first = next(r for r, _cur, alt, prev in revs if alt is None and prev is None)
    assert [(r, alt) for r, cur, alt, _prev in revs if cur] == [(first + "-2", first)]
    assert inv == []  # the line's claim came back: its invalidation was withdrawn on both


def test_blank_nodes_are_refused(remote):
    from ingest.errors import StoreError

    g = ox.NamedNode("urn:g")
    with pytest.raises(StoreError, match="blank node"), remote.writer() as w:
        w.put_graph("urn:g", [ox.Quad(ox.BlankNode(), ox.NamedNode("urn:p"), ox.Literal("x"), g)])
    assert remote.named_graphs() == []


def test_exception_in_the_block_sends_nothing(remote):
    with pytest.raises(RuntimeError), remote.writer() as w:
        w.put_graph("urn:g", [ox.Triple(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("x"))])
        w.add([ox.Quad(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("y"), ox.NamedNode("urn:prov"))])
        raise RuntimeError("parser bug")
    assert len(remote) == 0


def test_failed_commit_removes_the_graphs_it_created(scratch_server, remote):
    """The final update fails (wrong endpoint): the graphs PUT before it are deleted again; older ones stay."""
    from graph.remote import RemoteStore
    from ingest.errors import StoreError

    t = ox.Triple(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("old"))
    with remote.writer() as w:
        w.put_graph("urn:kept", [t])
        w.add([ox.Quad(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("1"), ox.NamedNode("urn:prov"))])
    assert remote.named_graphs() == ["urn:kept", "urn:prov"]
    bad = RemoteStore(scratch_server.url, update_endpoint="/no-such-update")
    with pytest.raises(StoreError, match="HTTP 404"), bad.writer() as w:
        w.put_graph("urn:new1", [t])
        w.put_graph("urn:new2", [t])
        w.add([ox.Quad(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("2"), ox.NamedNode("urn:prov"))])
    assert remote.named_graphs() == ["urn:kept", "urn:prov"]
    assert [q.object.value for q in remote.quads("urn:prov")] == ["1"]


def test_writer_update_text_escapes_literals(remote):
    """Literals with quotes, newlines and CJK go through pyoxigraph's N-Triples form and come back equal."""
    s, p, g = ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.NamedNode("urn:prov")
    text = 'He said "3.5× faster"\n见§3.1 } ; DROP ALL ; #'
    with remote.writer() as w:
        w.add([ox.Quad(s, p, ox.Literal(text), g), ox.Quad(s, p, ox.Literal("zh", language="zh-cn"), g)])
    assert sorted(str(q.object) for q in remote.quads("urn:prov")) == sorted(
        [str(ox.Literal(text)), str(ox.Literal("zh", language="zh-cn"))])
    with remote.writer() as w:
        w.remove_matching(s, p, None, g)
    assert remote.named_graphs() == []


# -- errors on the command line ---------------------------------------------------------------------

def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "provkg", *args], check=False, capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, **(env or {})})


def test_cli_connection_refused_is_one_line_exit_2():
    r = _cli("--store", f"http://127.0.0.1:{_free_port()}", "query", "sources")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "connection refused" in r.stderr and "Traceback" not in r.stderr


def test_cli_against_the_server(stores, server, tmp_path):
    env = {"PROVKG_STORE": server.url}
    r = _cli("query", "papers", "--format", "json", env=env)
    assert r.returncode == 0, r.stderr
    assert '"arxiv_id": "2502.07115"' in r.stdout
    r = _cli("sparql", "SELECT ?x WHERE { ?x ?y", env=env)
    assert r.returncode == 2 and r.stderr.startswith("provkg: invalid SPARQL") and "Traceback" not in r.stderr
    r = _cli("--store", server.url + "/ds", "query", "sources", env=env)  # a Fuseki-shaped URL on Oxigraph
    assert r.returncode == 2 and "HTTP 404" in r.stderr and r.stderr.count("\n") == 1
    r = _cli("--store", str(tmp_path / "folder"), "--query-endpoint", "http://h/q", "query", "sources")
    assert r.returncode == 2 and "need an http" in r.stderr
