"""Exports (TriG, N-Quads, JSON-LD, PROV-N, PROV-JSON, GraphML, GEXF) and imports, each round-tripped on the sample."""
from __future__ import annotations

import io
import os
import re

import networkx as nx
import pytest
import rdflib
from click.testing import CliRunner
from conftest import WORKSPACE
from rdflib.compare import isomorphic
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

from graph.export import (
    GENID,
    ExportError,
    export_bytes,
    import_files,
    prov_document,
    read_rdf_file,
    store_dataset,
    write_atomic,
    xml_safe_graph,
)
from graph.store import Store
from provkg.cli import cli

EX_DERIVATION = "lucmoreau__ProvToolbox__modules-legacy__prov-rdf__src__test__resources__influence__ex_derivation.ttl"


def _canonical(store: Store) -> list[str]:
    """Canonical N-Quads of a store without blank nodes: one sorted line per quad."""
    return sorted(str(q) for q in store.quads())


def _graphs(ds: rdflib.Dataset) -> dict[str, rdflib.Graph]:
    return {str(g.identifier): g for g in ds.graphs() if g.identifier != DATASET_DEFAULT_GRAPH_ID or len(g)}


@pytest.fixture(scope="module")
def sample_ds(sample_store) -> rdflib.Dataset:
    return store_dataset(sample_store)


@pytest.mark.parametrize("fmt,parser", [("trig", "trig"), ("nquads", "nquads"), ("jsonld", "json-ld")])
def test_rdf_export_reparses_to_an_isomorphic_dataset(sample_store, sample_ds, fmt, parser):
    data = export_bytes(sample_store, fmt)
    back = rdflib.Dataset()
    back.parse(data=data.decode("utf-8"), format=parser)
    want, got = _graphs(sample_ds), _graphs(back)
    assert len(want) == 14 and sorted(got) == sorted(want)
    assert sum(len(g) for g in got.values()) == len(sample_store) == sum(len(g) for g in want.values())
    for name, g in want.items():
        assert isomorphic(g, got[name]), name


def test_nquads_export_is_sorted_and_stable(sample_store):
    """Graph after graph in IRI order, each graph's lines sorted: the same store gives the same bytes."""
    a = export_bytes(sample_store, "nquads").decode()
    assert a == export_bytes(sample_store, "nquads").decode()
    lines = a.splitlines()
    assert len(lines) == len(sample_store)
    graphs = [line.rsplit(" ", 2)[1] for line in lines]  # every quad is in a named graph
    assert all(g.startswith("<https://w3id.org/provkg/id/") for g in graphs)
    order = list(dict.fromkeys(graphs))
    assert order == sorted(order) and len(order) == len(sample_store.named_graphs())
    for g in order:
        mine = [line for line, gg in zip(lines, graphs) if gg == g]
        assert mine == sorted(mine) and len(mine) == len(list(sample_store.quads(g[1:-1])))


def test_export_streams_to_a_file_and_a_failed_export_keeps_the_old_file(sample_store, tmp_path, monkeypatch):
    """`export_to` streams graph by graph into a temporary file; the target changes only when the
    export is complete (a write that fails midway leaves the old file and no temporary file)."""
    import graph.export as ge

    out = tmp_path / "x.nq"
    ge.export_to(sample_store, "nquads", out)
    assert out.read_bytes() == export_bytes(sample_store, "nquads")

    real, calls = ge.ox.serialize, []

    def fails_at_the_third_graph(*a, **k):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(*a, **k)

    out.write_bytes(b"old")
    monkeypatch.setattr(ge.ox, "serialize", fails_at_the_third_graph)
    with pytest.raises(ge.ExportError, match="No space left"):
        ge.export_to(sample_store, "nquads", out)
    assert len(calls) == 3
    assert out.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["x.nq"]


def test_export_then_import_into_a_fresh_store_is_isomorphic(sample_store, tmp_path):
    for fmt, ext in (("trig", "trig"), ("nquads", "nq"), ("jsonld", "jsonld")):
        f = tmp_path / f"x.{ext}"
        f.write_bytes(export_bytes(sample_store, fmt))
        fresh = Store(None)
        rep = import_files(fresh, [f])
        assert rep.skolemised == 0 and rep.quads == len(sample_store)
        assert len(set(rep.graphs)) == 14
        assert fresh.named_graphs() == sample_store.named_graphs()
        assert _canonical(fresh) == _canonical(sample_store), fmt


def _prov_counts(doc) -> tuple[int, int, int, int]:
    from prov.model import ProvActivity, ProvAgent, ProvEntity

    recs = [r for b in doc.bundles for r in b.records] + list(doc.records)
    return (len(list(doc.bundles)), sum(isinstance(r, ProvEntity) for r in recs),
            sum(isinstance(r, ProvActivity) for r in recs), sum(isinstance(r, ProvAgent) for r in recs))


_TYPED = """
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT (COUNT(DISTINCT CONCAT(STR(?g), " ", STR(?s))) AS ?n) WHERE {
  GRAPH ?g { ?s a ?t } FILTER(%s)
}"""


def test_prov_exports_load_in_the_prov_package(sample_store):
    from prov.model import ProvDocument

    kg = "STRSTARTS(STR(?t), 'https://w3id.org/provkg/ns#')"
    acts = "?t IN (prov:Activity, <https://w3id.org/provkg/ns#IngestActivity>)"
    agents = "?t IN (prov:Agent, prov:SoftwareAgent)"
    n_act = sample_store.select(_TYPED % acts)[0]["n"]
    n_agent = sample_store.select(_TYPED % agents)[0]["n"]
    n_entity = sample_store.select(
        _TYPED % f"({kg} || ?t IN (prov:Entity, prov:Collection)) && ?t != <https://w3id.org/provkg/ns#IngestActivity>"
    )[0]["n"]
    # agents: each of the 5 notes' authors, the manifest's 2, provkg (files that name no author have none)
    assert n_act == 1 and n_agent == 8 and n_entity > 500
    doc, dropped = prov_document(sample_store)
    assert dropped == 0
    want = (14, n_entity, n_act, n_agent)
    assert _prov_counts(doc) == want
    for fmt, name in (("provjson", "json"), ("provn", "provn")):
        back = ProvDocument.deserialize(content=export_bytes(sample_store, fmt).decode("utf-8"), format=name)
        assert _prov_counts(back) == want, fmt
        assert back == doc, fmt


def test_prov_n_names_the_relations(sample_store):
    text = export_bytes(sample_store, "provn").decode()
    assert "bundle id:graph/provenance" in text
    # PROV-N writes a quotation as a derivation of type prov:Quotation: the claim's qualified quotation,
    # identified, from the revision, with its line span
    rev = "id:source/8e361f7855ca4ba7/rev/4e6fe13ec16e92c2"
    assert re.search(rf"wasDerivedFrom\({rev}/quote/b5dbeb299cc95303; id:claim/8e361f7855ca4ba7/b5dbeb299cc95303, "
                     rf"{rev}, -, -, -, \[kg:line=36, kg:lineEnd=36, prov:type='prov:Quotation'\]\)", text), \
        [ln for ln in text.splitlines() if "b5dbeb299cc95303," in ln]
    assert "specializationOf(id:arxiv/2502.07115v5, id:arxiv/2502.07115)" in text
    assert "wasAttributedTo(id:source/8e361f7855ca4ba7, id:agent/flyp)" in text
    assert f"wasAttributedTo({rev}, id:agent/flyp)" in text
    # the ingest used the revision and generated provkg's extraction of it at the ingest time
    assert re.search(rf"used\(id:activity/[^,]+, {rev}, -\)", text)
    assert re.search(rf"wasGeneratedBy\({rev}/extraction, id:activity/[^,]+, 2026-10-27T22:20:00", text)
    assert re.search(rf"wasDerivedFrom\({rev}/extraction, {rev}, -, -, -\)", text)
    assert f"wasGeneratedBy({rev}," not in text



@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_graph_exports_read_back_in_networkx(sample_store, sample_snapshot, fmt):
    from provkg.api import ProvKG
    from queries.views import provenance_graph

    G = xml_safe_graph(provenance_graph(sample_snapshot))
    buf = io.BytesIO()
    ProvKG(sample_store).export(fmt, buf)  # the graph ProvKG hands graph.export: with the ingest records
    data = buf.getvalue()
    H = nx.read_graphml(io.BytesIO(data), force_multigraph=True) if fmt == "graphml" else nx.read_gexf(io.BytesIO(data))
    assert H.number_of_nodes() == G.number_of_nodes() > 100
    assert H.number_of_edges() == G.number_of_edges() > 100
    for attr in ("type", "label"):
        assert {type(d.get(attr)) for _, d in H.nodes(data=True)} == {str}, attr
    cites = [d for _, _, d in H.edges(data=True) if d.get("relation") == "cito:cites"]
    assert cites and {type(d["line"]) for d in cites} == {int}
    claim = next(d for n, d in H.nodes(data=True) if str(n).startswith("claim:"))
    assert isinstance(claim.get("evidence"), str) and isinstance(claim.get("text"), str)
    # every source carries its ingest, as the HTML graph's side panel does (they were empty: issue 23)
    sources = [d for n, d in H.nodes(data=True) if str(n).startswith("source:")]
    assert len(sources) == 13
    for d in sources:
        assert d["activity"].startswith("ingest 20261027T222000") and d["ingested"].startswith("2026-10-27T22:20")
        assert d["revision"].startswith("https://w3id.org/provkg/id/source/") and "/rev/" in d["revision"]
    assert claim["activity"].startswith("ingest ")


def test_xml_safe_graph_cleans_attributes_like_pitfall_p15(tmp_path):
    G = nx.MultiDiGraph()
    G.add_node("a", type="work", year=2020, tags=["x", "y"], gone=None, props={"source": "n.md", "type": "clash"})
    G.add_node("b", type="work", year="n.d.")
    G.add_edge("a", "b", key="cito:cites", line=3, note=None)
    G.add_edge("a", "b", key="kg:about", line=4)
    H = xml_safe_graph(G)
    assert H.nodes["a"] == {"type": "work", "year": "2020", "tags": '["x", "y"]', "source": "n.md", "prop_type": "clash"}
    assert H.nodes["b"]["year"] == "n.d."
    assert sorted(d["line"] for _, _, d in H.edges(data=True)) == [3, 4]
    assert sorted(d["relation"] for _, _, d in H.edges(data=True)) == ["cito:cites", "kg:about"]
    assert sorted(k for _, _, k in H.edges(keys=True)) == ["e0", "e1"]
    for writer, reader, ext in ((nx.write_graphml, nx.read_graphml, "graphml"), (nx.write_gexf, nx.read_gexf, "gexf")):
        p = tmp_path / f"g.{ext}"
        writer(H, p)
        R = reader(p)
        assert R.number_of_edges() == 2 and R.nodes["a"]["year"] == "2020" and R.nodes["b"]["year"] == "n.d."


def test_write_atomic_keeps_old_content_and_leaves_no_temp_file(tmp_path, monkeypatch):
    out = tmp_path / "sub" / "x.trig"
    write_atomic(b"old", out)
    assert out.read_bytes() == b"old"

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(ExportError, match="No space left"):
        write_atomic(b"new content", out)
    assert out.read_bytes() == b"old"
    assert [p.name for p in out.parent.iterdir()] == ["x.trig"]
    new = tmp_path / "y.trig"
    with pytest.raises(ExportError):
        write_atomic(b"data", new)
    assert not new.exists()


def test_triple_only_export_refused_but_turtle_is_the_current_state(sample_store):
    for fmt in ("xml", "ttl", "n3"):
        with pytest.raises(ExportError, match="named graph"):
            export_bytes(sample_store, fmt)
    assert export_bytes(sample_store, "turtle").startswith(b"@prefix")
    with pytest.raises(ExportError):  # graphml/gexf draw the query layer's view: the API hands it in
        export_bytes(sample_store, "graphml")
    with pytest.raises(ExportError, match="unknown export format"):
        export_bytes(sample_store, "csv")


def test_corpus_turtle_goes_into_one_graph_named_after_the_file(corpus):
    path = corpus / EX_DERIVATION
    quads, n = read_rdf_file(path)
    assert n == 1  # the [ a prov:Derivation ... ] node
    assert {q.graph_name.value for q in quads} == {path.resolve().as_uri()}
    assert len(quads) == 15
    assert not any(type(t).__name__ == "BlankNode" for q in quads for t in (q.subject, q.object))
    skolem = {t.value for q in quads for t in (q.subject, q.object) if hasattr(t, "value") and str(t.value).startswith(GENID)}
    assert len(skolem) == 1
    again, _ = read_rdf_file(path)
    assert sorted(map(str, again)) == sorted(map(str, quads))  # stable skolem IRIs

    s = Store(None)
    import_files(s, [path], graph="urn:x:ex-derivation")
    # the graph, and its record in the provenance graph (kg:ImportedGraph: provkg's own on a shared server)
    assert s.named_graphs() == ["https://w3id.org/provkg/id/graph/provenance", "urn:x:ex-derivation"]
    rows = s.select("PREFIX prov: <http://www.w3.org/ns/prov#> SELECT ?d WHERE { "
                    "<http://example.com/bar_chart> prov:wasDerivedFrom ?d }")
    assert rows == [{"d": "http://example.com/aggregatedByRegions"}]
    doc, dropped = prov_document(s)
    assert dropped > 0  # the qualified derivation and its generation/usage are not mapped
    from prov.model import ProvDocument

    text = doc.serialize(format="json")
    back = ProvDocument.deserialize(content=text, format="json")
    assert _prov_counts(back) == (2, 2, 1, 0)  # and the provenance graph's bundle, with the kg:ImportedGraph entity


def _run(args, store):
    return CliRunner().invoke(cli, ["--store", str(store), *args], catch_exceptions=False)


def test_cli_export_import_round_trip(tmp_path):
    st, st2 = tmp_path / "st", tmp_path / "st2"
    assert _run(["ingest", str(WORKSPACE)], st).exit_code == 0
    r = _run(["export", "--format", "trig", "-o", str(tmp_path / "out" / "all.trig")], st)
    assert r.exit_code == 0, r.output
    r = _run(["export", "--format", "nquads"], st)
    assert r.exit_code == 0
    first = r.stdout_bytes
    r = _run(["import", str(tmp_path / "out" / "all.trig")], st2)
    assert r.exit_code == 0, r.output
    assert "14 named graphs" in r.stderr
    assert _run(["export", "--format", "nquads"], st2).stdout_bytes == first
    assert _run(["validate"], st2).exit_code == 0
    # incremental ingest into the imported store sees the same revisions: nothing to do
    r = _run(["ingest", str(WORKSPACE)], st2)
    assert r.exit_code == 0 and "added 0, changed 0, removed 0, unchanged 13" in r.stderr
    for fmt in ("provjson", "graphml"):
        r = _run(["export", "--format", fmt, "-o", str(tmp_path / f"x.{fmt}")], st)
        assert r.exit_code == 0 and (tmp_path / f"x.{fmt}").stat().st_size > 1000, fmt


def test_cli_import_bad_file_changes_nothing(tmp_path):
    st = tmp_path / "st"
    assert _run(["ingest", str(WORKSPACE / "organized" / "paper_cards")], st).exit_code == 0
    before = _canonical(Store(st))
    good = tmp_path / "good.nq"
    good.write_text('<urn:x:a> <urn:x:b> "c" <urn:x:g> .\n', encoding="utf-8")
    bad = tmp_path / "bad.trig"
    bad.write_text('<urn:x:g> { <urn:x:a> <urn:x:b> "unterminated . }\n', encoding="utf-8")
    r = _run(["import", str(good), str(bad)], st)
    assert r.exit_code == 2
    err = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(err) == 1 and "bad.trig" in err[0] and "not valid trig" in err[0] and "Traceback" not in r.output
    assert _canonical(Store(st)) == before
    r = _run(["import", str(tmp_path / "x.csv")], st)
    assert r.exit_code == 2
    unknown = tmp_path / "x.csv"
    unknown.write_text("a,b\n", encoding="utf-8")
    r = _run(["import", str(unknown)], st)
    assert r.exit_code == 2 and "--format" in r.stderr
    r = _run(["import", str(good)], st)
    assert r.exit_code == 0
    assert len(_canonical(Store(st))) == len(before) + 2  # its triple, and its graph's kg:ImportedGraph record
    r = _run(["validate"], st)
    assert r.exit_code == 0 and "Warning" in r.stdout and "urn:x:g" in r.stdout



def test_every_import_is_parsed_without_rdflib_and_blank_nodes_are_skolemised_on_the_way(sample_store, tmp_path,
                                                                                           monkeypatch):
    """Every file is parsed and loaded by Oxigraph as N-Quads text: a 3 M-quad TriG file took minutes and
    several GB through an rdflib Dataset, and a file with blank nodes still went through rdflib, whose
    canonical labelling took 39 s at 1,000 blank nodes (issue 23).  Blank nodes become skolem IRIs as
    the file is read, the same ones on every import of the file."""
    f = tmp_path / "x.trig"
    f.write_bytes(export_bytes(sample_store, "trig"))
    bnode = tmp_path / "b.ttl"
    bnode.write_text("<http://e/s> <http://e/p> [ <http://e/q> 1 ] .\n", "utf-8")
    calls = []
    real = rdflib.Dataset.parse
    monkeypatch.setattr(rdflib.Dataset, "parse", lambda self, *a, **k: calls.append(k.get("format")) or real(self, *a, **k))
    fresh = Store(None)
    rep = import_files(fresh, [f])
    assert calls == [] and rep.quads == len(sample_store) and rep.skolemised == 0
    assert _canonical(fresh) == _canonical(sample_store)
    rep = import_files(fresh, [bnode])
    assert calls == [] and rep.skolemised == 1 and rep.quads == 2
    objs = [q.object.value for q in fresh.quads(bnode.resolve().as_uri()) if q.predicate.value == "http://e/p"]
    assert len(objs) == 1 and ".well-known/genid/" in objs[0]
    again = Store(None)
    import_files(again, [bnode])
    g = bnode.resolve().as_uri()
    assert sorted(map(str, again.quads(g))) == sorted(map(str, fresh.quads(g)))  # the same skolem IRIs


def test_a_blank_node_two_named_graphs_share_stays_one_node(tmp_path):
    """Blank node labels are scoped to the document (RDF 1.1 TriG §2.3): ``_:b`` in two graphs is one node.
    Skolemised per graph (canonical labels), it became two IRIs, undocumented (issue 23)."""
    f = tmp_path / "shared.trig"
    f.write_text("<http://e/g1> { <http://e/a> <http://e/p> _:b . _:b <http://e/name> \"x\" }\n"
                 "<http://e/g2> { _:b <http://e/q> <http://e/c> }\n", "utf-8")
    s = Store(None)
    rep = import_files(s, [f])
    assert rep.skolemised == 1 and rep.quads == 3
    rows = s.select("SELECT ?b WHERE { GRAPH <http://e/g1> { <http://e/a> <http://e/p> ?b } "
                    "GRAPH <http://e/g2> { ?b <http://e/q> <http://e/c> } }")
    assert len(rows) == 1 and rows[0]["b"].startswith(GENID)


def test_blank_node_import_is_linear(tmp_path):
    """5,000 blank nodes (a PROV graph of qualified associations) import in a fraction of a second; through
    rdflib's canonical labelling 1,000 took 39 s and 5,000 over 300 s (issue 23)."""
    import time

    def doc(n: int) -> str:
        return "".join(f"<http://e/act{i}> <http://www.w3.org/ns/prov#qualifiedAssociation> [ "
                       f"<http://www.w3.org/ns/prov#agent> <http://e/ag{i % 7}> ; "
                       f"<http://www.w3.org/ns/prov#hadRole> [ <http://e/label> \"r{i}\" ] ] .\n" for i in range(n))

    times = {}
    for n in (500, 5000):
        f = tmp_path / f"b{n}.ttl"
        f.write_text(doc(n), "utf-8")
        t0 = time.perf_counter()
        rep = import_files(Store(None), [f])
        times[n] = time.perf_counter() - t0
        assert rep.skolemised == 2 * n and rep.quads == 4 * n
        assert times[n] < 5, times  # ~0.2 s at 5,000 here; rdflib's canonical labelling took ~10 s at 500
    assert times[5000] < 30 * max(times[500], 0.01)


def test_json_ld_never_fetches_a_remote_context(tmp_path, monkeypatch):
    """rdflib's JSON-LD parser fetched a remote ``@context`` over HTTP (issue 23).  Import refuses it in
    one line naming the context, and no connection is even tried."""
    import socket
    import urllib.request

    tried = []
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: tried.append(a) or (_ for _ in ()).throw(OSError("no")))
    monkeypatch.setattr(urllib.request, "urlopen", lambda *a, **k: tried.append(a) or (_ for _ in ()).throw(OSError("no")))
    for ctx in ('"http://127.0.0.1:9/context.jsonld"', '["https://schema.org/", {"x": "http://e/x"}]',
                '{"@import": "http://e/ctx.jsonld", "x": "http://e/x"}'):
        f = tmp_path / "remote.jsonld"
        f.write_text('{"@context": %s, "@id": "http://e/s", "x": "y"}' % ctx, "utf-8")
        with pytest.raises(ExportError, match=r"remote.jsonld: the JSON-LD @context '.*' is another document, and "
                                              r"provkg never fetches anything from the network"):
            import_files(Store(None), [f])
    inline = tmp_path / "inline.jsonld"
    inline.write_text('{"@context": {"x": "http://e/x"}, "@id": "http://e/s", "x": "y"}', "utf-8")
    assert import_files(Store(None), [inline]).quads == 1
    assert tried == []


def test_a_file_with_no_statement_is_an_error_not_a_silent_import(sample_store, tmp_path):
    """A PROV-JSON export imported as JSON-LD parsed to nothing: "0 quads", exit 0 (a fresh-user run). Now
    one line naming the file, and the store is not written."""
    pj = tmp_path / "x.json"
    pj.write_bytes(export_bytes(sample_store, "provjson"))
    empty = tmp_path / "e.nq"
    empty.write_text("# only a comment\n", "utf-8")
    for f, fmt in ((pj, "jsonld"), (empty, None)):
        fresh = Store(None)
        with pytest.raises(ExportError, match=r"holds no RDF statement as (jsonld|nquads); nothing was imported"):
            import_files(fresh, [f], fmt=fmt)
        assert len(fresh) == 0


def _rdfxml(body: str, doctype: str = "") -> str:
    return ('<?xml version="1.0"?>\n' + doctype + '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
            'xmlns:e="http://e/">' + body + "</rdf:RDF>")


def test_rdfxml_whose_cost_is_unbounded_is_refused_and_ordinary_entities_are_read(tmp_path):
    """Oxigraph's RDF/XML parser expands internal entities without limit (a 1 KB "billion laughs" made a
    10^9-character literal in 34 s and 4 GB) and spends time growing with the depth on each element
    (100,000 levels: over two minutes).  Such files are refused in one line; an external entity too (a
    file or URL); the entities of an ordinary OWL file are read."""
    laughs = "".join(f'<!ENTITY l{i} "' + f"&l{i - 1};" * 10 + '">' for i in range(1, 10))
    cases = {
        "laughs.rdf": (_rdfxml('<rdf:Description rdf:about="http://e/s"><e:q>&l9;</e:q></rdf:Description>',
                               '<!DOCTYPE rdf:RDF [<!ENTITY l0 "aaaaaaaaaa">' + laughs + "]>\n"),
                       "its entities expand to more than 16,777,216 bytes; refused (an entity expansion attack, "
                       "or entities to write out in full)"),
        "external.rdf": (_rdfxml('<rdf:Description rdf:about="http://e/s"><e:q>&x;</e:q></rdf:Description>',
                                 '<!DOCTYPE rdf:RDF [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>\n'),
                         "declares the external entity 'x' (a file or URL); provkg reads only the file it is given"),
        "deep.rdf": (_rdfxml('<rdf:Description rdf:about="http://e/s">' + "<e:p><rdf:Description>" * 5000
                             + "<e:q>1</e:q>" + "</rdf:Description></e:p>" * 5000 + "</rdf:Description>"),
                     "elements are nested more than 200 deep; refused"),
    }
    for name, (text, problem) in cases.items():
        f = tmp_path / name
        f.write_text(text, "utf-8")
        with pytest.raises(ExportError) as e:
            import_files(Store(None), [f])
        assert str(e.value) == f"{f}: {problem}"
    owl = tmp_path / "owl.rdf"
    owl.write_text(_rdfxml('<rdf:Description rdf:about="&e;s"><rdf:type rdf:resource="&owl;Class"/></rdf:Description>',
                           '<!DOCTYPE rdf:RDF [<!ENTITY owl "http://www.w3.org/2002/07/owl#"> '
                           '<!ENTITY e "http://e/">]>\n'), "utf-8")
    s = Store(None)
    assert import_files(s, [owl]).quads == 1
    assert s.select("SELECT ?t WHERE { <http://e/s> a ?t }") == [{"t": "http://www.w3.org/2002/07/owl#Class"}]


def test_output_to_dev_stdout_or_a_pipe_writes_like_dash(tmp_path):
    """``-o /dev/stdout`` (a pipe, or a file the shell redirected stdout to) and ``-o`` a named pipe write
    what ``-o -`` writes.  Before, a pipe gave "cannot write: No such file or directory" (the link was
    resolved to ``/proc/…/fd/pipe:[…]``) and a redirected stdout "(0 bytes)" (the file was replaced under
    the shell's descriptor)."""
    import subprocess
    import sys
    import threading

    from conftest import ROOT

    st = tmp_path / "st"
    assert _run(["ingest", str(WORKSPACE)], st).exit_code == 0
    base = [sys.executable, "-m", "provkg", "-q", "--store", str(st), "export", "--format", "nquads"]

    def run(*extra, **kw):
        return subprocess.run([*base, *extra], check=False, cwd=ROOT, timeout=120, **kw)

    want = run("-o", "-", capture_output=True).stdout
    assert len(want) > 1000
    piped = run("-o", "/dev/stdout", capture_output=True)
    assert (piped.returncode, piped.stderr, piped.stdout) == (0, b"", want)
    head = subprocess.Popen([*base, "-o", "/dev/stdout"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert head.stdout.read(100) == want[:100]
    head.stdout.close()  # `| head -c 100`: the reader leaves, as with `-o -` (exit 141, nothing on stderr)
    assert (head.wait(120), head.stderr.read()) == (141, b"")
    out = tmp_path / "redirected.nq"
    with open(out, "wb") as fh:
        r = run("-o", "/dev/stdout", stdout=fh, stderr=subprocess.PIPE)
    assert (r.returncode, r.stderr) == (0, b"") and out.read_bytes() == want
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    r = run("-o", str(fifo), capture_output=True)
    reader.join(60)
    assert (r.returncode, r.stderr) == (0, b"") and got == [want]
    assert fifo.exists() and not fifo.is_file()  # written in place, never replaced by a file
