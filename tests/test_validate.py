"""The kg: vocabulary file, the SHACL shapes and ``provkg validate`` on real stores (sample, seed) and broken ones."""
from __future__ import annotations

import json

import pyoxigraph as ox
import pytest
import rdflib
from click.testing import CliRunner
from conftest import WORKSPACE, fixed_clock
from rdflib.namespace import OWL, PROV, RDF, RDFS

from graph.namespaces import KG, KG_IRI, PROV_GRAPH
from graph.store import Store
from graph.validate import load_shapes, validate_store
from ingest.models import EVIDENCE_LEVELS
from provkg.cli import cli

TTL = WORKSPACE.parents[1] / "graph" / "data" / "provkg.ttl"
KGNS = rdflib.Namespace(KG_IRI)
SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")


def _vocab() -> rdflib.Graph:
    return rdflib.Graph().parse(TTL, format="turtle")


def test_turtle_vocabulary_and_defined_namespace_list_the_same_terms():
    g = _vocab()
    in_ttl = {str(s)[len(KG_IRI):] for s in g.subjects(RDF.type, None)
              if isinstance(s, rdflib.URIRef) and str(s).startswith(KG_IRI) and str(s) != KG_IRI}
    in_py = set(KG.__annotations__)
    assert in_ttl - in_py == set(), "terms in graph/data/provkg.ttl missing from graph/namespaces.py KG"
    assert in_py - in_ttl == set(), "terms in graph/namespaces.py KG missing from graph/data/provkg.ttl"
    assert len(in_ttl) > 80


def test_every_term_has_label_comment_and_a_prov_superclass():
    g = _vocab()
    prov_roots = {PROV.Entity, PROV.Activity, PROV.Collection}
    for name in KG.__annotations__:
        t = KGNS[name]
        assert g.value(t, RDFS.label) is not None, name
        assert g.value(t, RDFS.comment) is not None, name
        if name[0].isupper():
            assert (t, RDF.type, RDFS.Class) in g and (t, RDF.type, OWL.Class) in g, name
            supers = set(g.transitive_objects(t, RDFS.subClassOf)) - {t}
            assert supers & prov_roots, f"kg:{name} is not a subclass of a PROV-O class"
        else:
            assert (t, RDF.type, RDF.Property) in g, name
    assert (KGNS.IngestActivity, RDFS.subClassOf, PROV.Activity) in g
    assert (KGNS.Manifest, RDFS.subClassOf, PROV.Collection) in g


def test_shapes_use_the_closed_evidence_vocabulary():
    sg = load_shapes()
    lists = []
    for prop in sg.subjects(SH.path, KGNS.evidence):
        head = sg.value(prop, SH["in"])
        if head is not None:
            lists.append(tuple(str(x) for x in rdflib.collection.Collection(sg, head)))
    assert lists and all(lst == EVIDENCE_LEVELS for lst in lists)


def test_sample_store_conforms(sample_store):
    rep = validate_store(sample_store)
    assert rep.conforms, [v.line() for v in rep.results[:5]]
    assert rep.results == []
    assert rep.graphs == 14  # 13 files + the provenance graph
    assert rep.triples > 5000


def test_seed_brief_conforms(seed_path):
    from graph.loader import ingest_paths

    s = Store(None)
    rep = ingest_paths(s, [seed_path], kind="brief", now=fixed_clock)
    assert rep.errors == []
    out = validate_store(s)
    assert out.conforms and out.results == [], [v.line() for v in out.results[:5]]
    assert out.graphs == 2


def _copy(sample_store) -> Store:
    s = Store(None)
    with s.writer() as w:
        w.add(list(sample_store.quads()))
    return s


def _claim_at(store: Store, path: str, line: int) -> ox.NamedNode:
    rows = store.select_terms(
        "PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?c WHERE { ?c a kg:Claim ; kg:line ?line ; "
        "kg:inSource/kg:path ?path }", path=path, line=line)
    assert rows, (path, line)
    return rows[0]["c"]


NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"


def test_broken_claims_are_reported_with_focus_path_and_location(sample_store):
    s = _copy(sample_store)
    no_line = _claim_at(s, NOTE, 36)
    bad_evidence = _claim_at(s, NOTE, 22)
    no_agent = _claim_at(s, NOTE, 24)
    with s.writer() as w:
        w.remove(list(s.db.quads_for_pattern(no_line, ox.NamedNode(KG_IRI + "line"), None, None)))
        for q in list(s.db.quads_for_pattern(bad_evidence, ox.NamedNode(KG_IRI + "evidence"), None, None)):
            w.remove([q])
            w.add([ox.Quad(q.subject, q.predicate, ox.Literal("probably"), q.graph_name)])
        for q in list(s.db.quads_for_pattern(bad_evidence, ox.NamedNode(KG_IRI + "lineEnd"), None, None)):
            w.remove([q])
            w.add([ox.Quad(q.subject, q.predicate, ox.Literal("3", datatype=ox.NamedNode(str(rdflib.XSD.integer))),
                           q.graph_name)])
        w.remove(list(s.db.quads_for_pattern(no_agent, ox.NamedNode(str(PROV.wasAttributedTo)), None, None)))
    rep = validate_store(s)
    assert not rep.conforms
    got = {(v.focus, v.path) for v in rep.violations}
    assert (no_line.value, "kg:line") in got
    assert (bad_evidence.value, "kg:evidence") in got
    assert (bad_evidence.value, "kg:line") in got  # line 22 > lineEnd 3
    assert (no_agent.value, "prov:wasAttributedTo") in got
    assert len(rep.violations) == 4, [v.line() for v in rep.violations]
    ev = next(v for v in rep.violations if v.path == "kg:evidence")
    assert ev.value == '"probably"' and ev.where == f"{NOTE}:22"
    assert "closed list" in ev.message
    line = ev.line()
    assert line.startswith("Violation  " + NOTE + ":22  id:claim/") and "kg:evidence: " in line and "\n" not in line


def test_revision_without_ingest_activity_and_graph_without_revision(sample_store):
    s = _copy(sample_store)
    rev = s.select_terms("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE { GRAPH ?g { ?r kg:path ?p } }",
                         p=NOTE, g=ox.NamedNode(str(PROV_GRAPH)))[0]["r"]
    gen = ox.NamedNode(str(PROV.wasGeneratedBy))
    with s.writer() as w:
        w.remove(list(s.db.quads_for_pattern(rev, gen, None, None)))
        w.add([ox.Quad(ox.NamedNode("urn:x:a"), ox.NamedNode("urn:x:b"), ox.Literal("c"), ox.NamedNode("urn:x:g"))])
    rep = validate_store(s)
    assert [(v.focus, v.path) for v in rep.violations] == [(rev.value, "prov:wasGeneratedBy")]
    assert [(v.severity, v.focus) for v in rep.warnings] == [("Warning", "urn:x:g")]


def _run(args, store):
    return CliRunner().invoke(cli, ["--store", str(store), *args], catch_exceptions=False)


def test_cli_validate_exit_codes(tmp_path):
    st = tmp_path / "st"
    r = _run(["validate"], st)
    assert r.exit_code == 2 and "no store" in r.output
    assert _run(["ingest", str(WORKSPACE)], st).exit_code == 0
    r = _run(["validate", "--format", "json"], st)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["conforms"] is True and data["violations"] == 0 and data["graphs"] == 14
    # break one claim on disk: drop its kg:line
    s = Store(st)
    c = _claim_at(s, NOTE, 36)
    with s.writer() as w:
        w.remove(list(w.match(c, ox.NamedNode(KG_IRI + "line"), None, None)))
    r = _run(["validate"], st)
    assert r.exit_code == 1
    lines = [ln for ln in r.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1 and c.value.rsplit("/", 1)[-1] in lines[0] and "kg:line" in lines[0]
    r = _run(["validate", "--format", "yaml"], st)
    assert r.exit_code == 2


def test_unknown_author_is_an_agent_without_a_name(sample_store):
    """A paper card names no author: its claims are attributed to id:agent/_unknown (no rdfs:label)."""
    rows = sample_store.select(
        "PREFIX kg: <https://w3id.org/provkg/ns#> PREFIX prov: <http://www.w3.org/ns/prov#> "
        "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
        "SELECT DISTINCT ?a ?label WHERE { ?c a kg:Claim ; prov:wasAttributedTo ?a ; kg:inSource/kg:path ?p . "
        "OPTIONAL { ?a rdfs:label ?label } }", p="organized/paper_cards/058-2502-07115.md")
    assert rows == [{"a": "https://w3id.org/provkg/id/agent/_unknown", "label": None}]


@pytest.mark.parametrize("name", ["turtle", "nt"])
def test_validate_and_export_refuse_nothing_silently(name, tmp_path):
    """Guard: export of a triple-only format is a usage error, not an empty or graph-less file."""
    st = tmp_path / "st"
    assert _run(["ingest", str(WORKSPACE / "organized" / "paper_cards")], st).exit_code == 0
    out = tmp_path / "x.ttl"
    r = _run(["export", "--format", name, "-o", str(out)], st)
    assert r.exit_code == 2 and "named graph" in r.output
    assert not out.exists()


def test_store_with_history_still_conforms(tmp_path):
    """After an edit and a deletion the old revisions stay (invalidated) and the store still validates."""
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = tmp_path / "st"
    assert _run(["ingest", str(ws)], st).exit_code == 0
    note = ws / NOTE
    note.write_text(note.read_text("utf-8").replace("摘要没交代对比了哪些基线算法。", "摘要没交代基线算法（改）。"), "utf-8")
    (ws / "organized" / "repo_cards" / "4563-colinhacks-reylo.md").unlink()
    assert _run(["ingest", str(ws)], st).exit_code == 0
    rep = validate_store(Store(st))
    assert rep.conforms and rep.results == [], [v.line() for v in rep.results[:5]]
    assert rep.graphs == 13  # 12 live revisions + the provenance graph; the old note revision is left out


def test_shapes_flag_a_revision_generated_twice_and_a_live_claim_invalidated(sample_store):
    """What a store written before the revert fix holds (a file A -> B -> A reused A's revision IRI): the
    revision generated twice and current while invalidated, a current claim that carries the invalidation
    of its absence, and an entity invalidated twice.  Each is a violation (PROV unique generation and
    invalidation; kg:current vs prov:wasInvalidatedBy)."""
    s = _copy(sample_store)
    g = ox.NamedNode(str(PROV_GRAPH))
    rev = s.select_terms("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE { GRAPH ?g { ?r kg:path ?p } }",
                         p=NOTE, g=g)[0]["r"]
    claim = _claim_at(s, NOTE, 36)
    gone = ox.NamedNode("https://w3id.org/provkg/id/claim/8e361f7855ca4ba7/0000000000000000")
    act = s.select_terms("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?a WHERE { GRAPH ?g { ?a a kg:IngestActivity } }",
                         g=g)[0]["a"]
    act2 = ox.NamedNode(act.value + "-b")

    def t(v: str) -> ox.Literal:
        return ox.Literal(v, datatype=ox.NamedNode(str(rdflib.XSD.dateTime)))

    P = {n: ox.NamedNode(str(PROV[n])) for n in ("wasGeneratedBy", "generatedAtTime", "wasInvalidatedBy", "invalidatedAtTime")}
    with s.writer() as w:
        w.add([ox.Quad(act2, ox.NamedNode(str(RDF.type)), ox.NamedNode(str(PROV.Activity)), g),
               ox.Quad(act2, ox.NamedNode(str(RDF.type)), ox.NamedNode(KG_IRI + "IngestActivity"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.startedAtTime)), t("2026-11-01T00:00:00Z"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.endedAtTime)), t("2026-11-01T00:00:01Z"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.wasAssociatedWith)), ox.NamedNode("https://w3id.org/provkg/id/agent/provkg"), g),
               ox.Quad(rev, P["wasGeneratedBy"], act2, g), ox.Quad(rev, P["generatedAtTime"], t("2026-11-01T00:00:01Z"), g),
               ox.Quad(rev, P["wasInvalidatedBy"], act, g), ox.Quad(rev, P["invalidatedAtTime"], t("2026-10-30T00:00:00Z"), g),
               ox.Quad(claim, P["wasInvalidatedBy"], act, g), ox.Quad(claim, P["invalidatedAtTime"], t("2026-10-30T00:00:00Z"), g),
               ox.Quad(gone, P["wasInvalidatedBy"], act, g), ox.Quad(gone, P["wasInvalidatedBy"], act2, g)])
    rep = validate_store(s)
    got = {(v.focus, v.path, v.shape) for v in rep.violations}
    assert (rev.value, "prov:wasGeneratedBy", "") in got and (rev.value, "prov:generatedAtTime", "") in got
    assert (rev.value, "", "kgsh:LiveRevisionShape") in got
    assert (claim.value, "prov:wasInvalidatedBy", "") in got
    assert (gone.value, "prov:wasInvalidatedBy", "") in got
    assert len(rep.violations) == 5, [v.line() for v in rep.violations]
    msgs = {v.focus: v.message for v in rep.violations if v.path == "prov:wasInvalidatedBy"}
    assert "current" in msgs[claim.value] and "at most once" in msgs[gone.value]
