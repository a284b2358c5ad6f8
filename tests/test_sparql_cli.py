"""`provkg sparql` in the four query forms and the standard result formats; `export --format turtle`.

On the bundled sample, ingested once into a folder store.  Results are read back with the standard
readers (pyoxigraph's SPARQL results parser, rdflib's Turtle parser), never compared as text alone.
"""
from __future__ import annotations

import csv
import io
import json

import pyoxigraph as ox
import pytest
import rdflib
from click.testing import CliRunner
from conftest import WORKSPACE, fixed_clock

from provkg.cli import cli

KG = "https://w3id.org/provkg/ns#"
WORKS = f"SELECT ?w ?id WHERE {{ GRAPH ?g {{ ?w <{KG}arxivId> ?id ; a <{KG}Work> }} }} GROUP BY ?w ?id ORDER BY ?id"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from graph.loader import ingest_paths
    from graph.store import Store

    p = tmp_path_factory.mktemp("sparql") / "store"
    assert ingest_paths(Store(p), [WORKSPACE], now=fixed_clock).errors == []
    return p


def _run(store, *args):
    r = CliRunner().invoke(cli, ["--store", str(store), "sparql", *args])
    return r


def test_select_in_every_result_format_reads_back_the_same_rows(store):
    """srj, srx, csv and tsv, read by pyoxigraph's reader, hold the same rows; srj keeps IRIs apart from literals."""
    srj = _run(store, "--format", "srj", WORKS)
    assert srj.exit_code == 0, srj.output
    doc = json.loads(srj.stdout)
    assert doc["head"]["vars"] == ["w", "id"]
    first = doc["results"]["bindings"][0]
    assert first["w"]["type"] == "uri" and first["id"]["type"] == "literal"
    rows = {}
    for fmt, rfmt in (("srj", ox.QueryResultsFormat.JSON), ("srx", ox.QueryResultsFormat.XML),
                      ("tsv", ox.QueryResultsFormat.TSV)):
        out = _run(store, "--format", fmt, WORKS).stdout_bytes
        rows[fmt] = [(str(r["w"]), str(r["id"])) for r in ox.parse_query_results(out, rfmt)]
    assert rows["srj"] == rows["srx"] == rows["tsv"] and len(rows["srj"]) >= 5
    assert [r[1] for r in rows["srj"]] == sorted(r[1] for r in rows["srj"])  # ORDER BY ?id, sorted by provkg
    table = list(csv.reader(io.StringIO(_run(store, "--format", "csv", WORKS).stdout)))
    assert table[0] == ["w", "id"] and [tuple(r) for r in table[1:]] == [
        (w.strip("<>"), i.strip('"')) for w, i in rows["srj"]]


def test_ask_construct_and_describe(store):
    ask = f"ASK {{ GRAPH ?g {{ ?c <{KG}unverified> true }} }}"
    assert _run(store, ask).stdout == "true\n"
    assert json.loads(_run(store, "--format", "srj", ask).stdout) == {"head": {}, "boolean": True}
    assert json.loads(_run(store, "--format", "json", ask).stdout)["boolean"] is True
    assert _run(store, "--format", "csv", f"ASK {{ <urn:nothing> ?p ?o }}").stdout.strip() == "false"
    construct = f"CONSTRUCT {{ ?w <{KG}arxivId> ?id }} WHERE {{ GRAPH ?g {{ ?w <{KG}arxivId> ?id }} }}"
    ttl = _run(store, construct)  # a graph's default format is Turtle
    assert ttl.exit_code == 0 and "@prefix kg:" in ttl.stdout
    g = rdflib.Graph().parse(data=ttl.stdout, format="turtle")
    nt = rdflib.Graph().parse(data=_run(store, "--format", "nt", construct).stdout, format="nt")
    assert len(g) == len(nt) >= 5 and set(g) == set(nt)
    d = _run(store, "--format", "nt", "DESCRIBE <https://w3id.org/provkg/id/arxiv/2502.07115>")
    assert d.exit_code == 0 and "<https://w3id.org/provkg/id/arxiv/2502.07115>" in d.stdout


@pytest.mark.parametrize(("query", "fmt", "message"), [
    (WORKS, "turtle", "a SELECT gives results, not a graph"),
    (f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }} LIMIT 1", "csv", "gives a graph"),
    ("INSERT DATA { <urn:a> <urn:b> <urn:c> }", "table", "not a SPARQL query"),
])
def test_a_format_the_answer_has_not_is_one_line(store, query, fmt, message):
    r = _run(store, "--format", fmt, query)
    assert r.exit_code == 2 and message in r.output and r.output.count("\n") == 1


def test_export_turtle_is_the_current_state_as_one_graph(store, tmp_path):
    """Turtle holds the provenance graph and the live revisions' triples, each once, graph names dropped."""
    from graph.store import Store

    out = tmp_path / "state.ttl"
    r = CliRunner().invoke(cli, ["--store", str(store), "export", "--format", "turtle", "-o", str(out)])
    assert r.exit_code == 0, r.output
    g = rdflib.Graph().parse(out, format="turtle")
    st = Store(store)
    distinct = {q.triple for q in st.quads()}
    assert len(g) == len(distinct) > 4000  # one revision per file: every distinct triple, once
    assert (rdflib.URIRef("https://w3id.org/provkg/id/arxiv/2502.07115"), rdflib.RDF.type,
            rdflib.URIRef(KG + "Work")) in g
    nt = CliRunner().invoke(cli, ["--store", str(store), "export", "--format", "nt"])
    assert len(rdflib.Graph().parse(data=nt.stdout, format="nt")) == len(g)


def test_import_records_graphs_outside_provkgs_names(tmp_path):
    """A graph named after its file is typed kg:ImportedGraph in the provenance graph (how a shared server's
    provkg graphs are told from the others); an export's own graphs are not."""
    from graph.export import import_files
    from graph.store import Store

    f = tmp_path / "extra.ttl"
    f.write_text("<urn:a> <urn:b> <urn:c> .\n", "utf-8")
    st = Store(tmp_path / "s")
    import_files(st, [f])
    rows = st.select(f"SELECT ?g WHERE {{ GRAPH <https://w3id.org/provkg/id/graph/provenance> {{ ?g a <{KG}ImportedGraph> }} }}")
    assert [r["g"] for r in rows] == [f.resolve().as_uri()]
