"""The kg: vocabulary file, the SHACL shapes and ``provkg validate`` on real stores (sample, seed) and broken ones.

``validate_store`` validates in parts (graph.validate module docstring); every report here is also
checked equal — results, order, counts — to ``_validate_merged``, the one pyshacl run over the merge.
"""
from __future__ import annotations

import json
import shutil

import pyoxigraph as ox
import pytest
import rdflib
from click.testing import CliRunner
from conftest import CORPUS, ROOT, WORKSPACE, fixed_clock
from rdflib.namespace import OWL, PROV, RDF, RDFS

from graph import validate as V
from graph.namespaces import KG, KG_IRI, PROV_GRAPH
from graph.store import Store
from graph.validate import _Plan, _validate_merged, load_shapes, validate_store
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


def _same(store, sizes=(1, 3000, V._BATCH_TRIPLES)):
    """``validate_store`` at several batch sizes (one graph per engine run, a few, the default) with the default
    engine (shacl-rust), and at the default size with pyshacl, equals the one-merge report of pyshacl (the
    reference): the same focus nodes, paths, severities, messages, values, shapes and locations.  Explicit
    shapes, so no cache is read or written.  Returns the report."""
    want = _validate_merged(store)
    runs = [(n, None) for n in sizes] + [(V._BATCH_TRIPLES, "pyshacl")]
    for n, engine in runs:
        got = validate_store(store, shapes=load_shapes(), batch_triples=n, engine=engine)
        assert got.results == want.results, (n, engine, [v.line() for v in got.results[:5]],
                                             [v.line() for v in want.results[:5]])
        assert (got.conforms, got.graphs, got.triples) == (want.conforms, want.graphs, want.triples), (n, engine)
    return want


def test_sample_store_conforms(sample_store):
    rep = _same(sample_store)
    assert rep.conforms, [v.line() for v in rep.results[:5]]
    assert rep.results == []
    assert rep.graphs == 14  # 13 files + the provenance graph
    assert rep.triples > 5000


def test_seed_brief_conforms(seed_path):
    from graph.loader import ingest_paths

    s = Store(None)
    rep = ingest_paths(s, [seed_path], kind="brief", now=fixed_clock)
    assert rep.errors == []
    out = _same(s)
    assert out.conforms and out.results == [], [v.line() for v in out.results[:5]]
    assert out.graphs == 2


def _copy(sample_store) -> Store:
    s = Store(None)
    with s.writer() as w:
        w.add(list(sample_store.quads()))
    return s


def _claim_at(store: Store, path: str, line: int) -> ox.NamedNode:
    """The claim of ``path`` whose quotation starts at ``line`` (model 2: the span is on the prov:Quotation)."""
    rows = store.select_terms(
        "PREFIX kg: <https://w3id.org/provkg/ns#> PREFIX prov: <http://www.w3.org/ns/prov#> SELECT ?c WHERE { "
        "?c a kg:Claim ; prov:qualifiedQuotation/kg:line ?line ; kg:inSource/kg:path ?path }", path=path, line=line)
    assert rows, (path, line)
    return rows[0]["c"]


def _quote_of(store: Store, claim: ox.NamedNode) -> ox.NamedNode:
    """The prov:Quotation of ``claim`` (one: the store holds one revision of the file)."""
    got = list(store.db.quads_for_pattern(claim, ox.NamedNode(str(PROV.qualifiedQuotation)), None, None))
    assert len(got) == 1, got
    return got[0].object


NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"


def test_broken_claims_are_reported_with_focus_path_and_location(sample_store):
    s = _copy(sample_store)
    no_line = _claim_at(s, NOTE, 36)
    bad_evidence = _claim_at(s, NOTE, 22)
    no_quote = _claim_at(s, NOTE, 24)
    line_on_claim = _claim_at(s, NOTE, 25)
    q36, q22 = _quote_of(s, no_line), _quote_of(s, bad_evidence)
    with s.writer() as w:
        w.remove(list(s.db.quads_for_pattern(q36, ox.NamedNode(KG_IRI + "line"), None, None)))
        for q in list(s.db.quads_for_pattern(bad_evidence, ox.NamedNode(KG_IRI + "evidence"), None, None)):
            w.remove([q])
            w.add([ox.Quad(q.subject, q.predicate, ox.Literal("probably"), q.graph_name)])
        for q in list(s.db.quads_for_pattern(q22, ox.NamedNode(KG_IRI + "lineEnd"), None, None)):
            w.remove([q])
            w.add([ox.Quad(q.subject, q.predicate, ox.Literal("3", datatype=ox.NamedNode(str(rdflib.XSD.integer))),
                           q.graph_name)])
        w.remove(list(s.db.quads_for_pattern(no_quote, ox.NamedNode(str(PROV.qualifiedQuotation)), None, None)))
        # model 1's place for a line span: on the claim, where two revisions would give it two values
        g = next(iter(s.db.quads_for_pattern(line_on_claim, None, None, None))).graph_name
        w.add([ox.Quad(line_on_claim, ox.NamedNode(KG_IRI + "line"), ox.Literal(25), g)])
        # a claim attributed to nobody is no violation (a file that names no author): removed here
        w.remove(list(s.db.quads_for_pattern(no_line, ox.NamedNode(str(PROV.wasAttributedTo)), None, None)))
    rep = _same(s)
    assert not rep.conforms
    got = {(v.focus, v.path) for v in rep.violations}
    assert (q36.value, "kg:line") in got
    assert (bad_evidence.value, "kg:evidence") in got
    assert (q22.value, "kg:line") in got  # line 22 > lineEnd 3
    assert (no_quote.value, "prov:qualifiedQuotation") in got
    assert (line_on_claim.value, "kg:line") in got
    assert len(rep.violations) == 5, [v.line() for v in rep.violations]
    # a quotation is located by the revision it names (its kg:path is in the provenance graph)
    assert {v.where for v in rep.violations if v.focus == q22.value} == {f"{NOTE}:22"}
    assert {v.where for v in rep.violations if v.focus == q36.value} == {NOTE}
    ev = next(v for v in rep.violations if v.path == "kg:evidence")
    assert ev.value == '"probably"' and ev.where == f"{NOTE}:22"
    assert "closed list" in ev.message
    line = ev.line()
    assert line.startswith("Violation  " + NOTE + ":22  id:claim/") and "kg:evidence: " in line and "\n" not in line


def test_extraction_without_ingest_activity_and_graph_without_revision(sample_store):
    """An extraction no ingest generated, a revision said to be generated by one (model 1: provkg did not
    make the author's file), and a named graph no ingest read."""
    s = _copy(sample_store)
    pg = ox.NamedNode(str(PROV_GRAPH))
    rev = s.select_terms("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE { GRAPH ?g { ?r kg:path ?p } }",
                         p=NOTE, g=pg)[0]["r"]
    ext = ox.NamedNode(rev.value + "/extraction")
    other = s.select_terms("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE { GRAPH ?g { ?r kg:path ?p } }",
                           p="organized/knowledge/inference.md", g=pg)[0]["r"]
    gen = ox.NamedNode(str(PROV.wasGeneratedBy))
    act = next(iter(s.db.quads_for_pattern(ext, gen, None, pg))).object
    with s.writer() as w:
        w.remove(list(s.db.quads_for_pattern(ext, gen, None, None)))
        w.add([ox.Quad(other, gen, act, pg)])
        w.add([ox.Quad(ox.NamedNode("urn:x:a"), ox.NamedNode("urn:x:b"), ox.Literal("c"), ox.NamedNode("urn:x:g"))])
    rep = _same(s)
    assert sorted((v.focus, v.path) for v in rep.violations) == sorted([(other.value, "prov:wasGeneratedBy"),
                                                                        (ext.value, "prov:wasGeneratedBy")])
    assert [(v.severity, v.focus, v.path) for v in rep.warnings] == [("Warning", "urn:x:g", "prov:used")]


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
    # break one claim on disk: drop the kg:line of its quotation (IRI <revision>/quote/<claim key>)
    s = Store(st)
    c = _quote_of(s, _claim_at(s, NOTE, 36))
    with s.writer() as w:
        w.remove(list(w.match(c, ox.NamedNode(KG_IRI + "line"), None, None)))
    r = _run(["validate"], st)
    assert r.exit_code == 1
    lines = [ln for ln in r.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1 and c.value.rsplit("/", 1)[-1] in lines[0] and "kg:line" in lines[0]
    r = _run(["validate", "--format", "yaml"], st)
    assert r.exit_code == 2


def test_unknown_author_is_no_agent(sample_store):
    """A paper card names no author: its claims, the file and its revision are attributed to nobody (PROV
    has no "unknown agent"; model 1 invented id:agent/_unknown), while a note's are attributed to its author."""
    q = ("PREFIX kg: <https://w3id.org/provkg/ns#> PREFIX prov: <http://www.w3.org/ns/prov#> "
         "SELECT DISTINCT ?x ?a WHERE { GRAPH ?g { ?s kg:path ?p . ?g prov:specializationOf ?s . "
         "{ ?x prov:wasAttributedTo ?a . FILTER(?x = ?s || ?x = ?g) } UNION "
         "{ ?x a kg:Claim ; kg:inSource ?s ; prov:wasAttributedTo ?a } } }")
    assert sample_store.select(q, p="organized/paper_cards/058-2502-07115.md") == []
    rows = sample_store.select(q, p=NOTE)
    assert {r["a"] for r in rows} == {"https://w3id.org/provkg/id/agent/flyp"}
    kinds = {r["x"].split("/")[5] for r in rows}  # source, its revision (…/source/<h>/rev/…), claims
    assert kinds == {"source", "claim"} and any("/rev/" in r["x"] for r in rows)
    assert sample_store.select("SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } "
                               "FILTER(CONTAINS(STR(?s), '_unknown') || CONTAINS(STR(?o), '_unknown')) } LIMIT 1") == []


@pytest.mark.parametrize("name", ["ttl", "xml", "n3"])
def test_validate_and_export_refuse_nothing_silently(name, tmp_path):
    """Guard: export of a triple-only format other than the current-state ones (turtle, nt) is a usage
    error, not an empty or graph-less file."""
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
    res = _run(["ingest", str(ws)], st)
    assert res.exit_code == 0  # the sample manifest names the deleted card: a warning (exit 0), still written
    assert "4563-colinhacks-reylo.md" in res.output and "does not exist" in res.output
    rep = validate_store(Store(st))
    assert rep == _same(Store(st))
    assert rep.conforms and rep.results == [], [v.line() for v in rep.results[:5]]
    assert rep.graphs == 13  # 12 live revisions + the provenance graph; the old note revision is left out


def test_shapes_flag_a_revision_generated_twice_and_a_live_claim_invalidated(sample_store):
    """What a store written before the revert fix holds (a file A -> B -> A reused A's revision IRI), as
    model 2 states it: the revision's extraction generated twice, the revision current while invalidated,
    a current claim that carries the invalidation
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
    ext = ox.NamedNode(rev.value + "/extraction")  # what an ingest generates (model 2): generated once
    with s.writer() as w:
        w.add([ox.Quad(act2, ox.NamedNode(str(RDF.type)), ox.NamedNode(str(PROV.Activity)), g),
               ox.Quad(act2, ox.NamedNode(str(RDF.type)), ox.NamedNode(KG_IRI + "IngestActivity"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.startedAtTime)), t("2026-11-01T00:00:00Z"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.endedAtTime)), t("2026-11-01T00:00:01Z"), g),
               ox.Quad(act2, ox.NamedNode(str(PROV.wasAssociatedWith)), ox.NamedNode("https://w3id.org/provkg/id/agent/provkg"), g),
               ox.Quad(ext, P["wasGeneratedBy"], act2, g), ox.Quad(ext, P["generatedAtTime"], t("2026-11-01T00:00:01Z"), g),
               ox.Quad(rev, P["wasInvalidatedBy"], act, g), ox.Quad(rev, P["invalidatedAtTime"], t("2026-10-30T00:00:00Z"), g),
               ox.Quad(claim, P["wasInvalidatedBy"], act, g), ox.Quad(claim, P["invalidatedAtTime"], t("2026-10-30T00:00:00Z"), g),
               ox.Quad(gone, P["wasInvalidatedBy"], act, g), ox.Quad(gone, P["wasInvalidatedBy"], act2, g)])
    rep = _same(s)
    got = {(v.focus, v.path, v.shape) for v in rep.violations}
    assert (ext.value, "prov:wasGeneratedBy", "") in got and (ext.value, "prov:generatedAtTime", "") in got
    assert (rev.value, "", "kgsh:LiveRevisionShape") in got
    assert (claim.value, "prov:wasInvalidatedBy", "") in got
    assert (gone.value, "prov:wasInvalidatedBy", "") in got
    assert len(rep.violations) == 5, [v.line() for v in rep.violations]
    msgs = {v.focus: v.message for v in rep.violations if v.path == "prov:wasInvalidatedBy"}
    assert "current" in msgs[claim.value] and "at most once" in msgs[gone.value]


# ------------------------------------------------------------------------- validation in parts, the cache


def _ingest(store_path, *paths):
    from graph.loader import ingest_paths

    rep = ingest_paths(Store(store_path), list(paths), now=fixed_clock)
    assert rep.errors == [], rep.errors
    return rep


def test_parts_equal_the_merge_with_the_corpus_and_the_seed(tmp_path, corpus, seed_path):
    """The sample beside the public corpus (hundreds of works named by many files) and the seed brief."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    (ws / "inbox" / "corpus").mkdir()
    for f in sorted(CORPUS.glob("*.md")):
        (ws / "inbox" / "corpus" / f.name).write_bytes(f.read_bytes())
    _ingest(tmp_path / "st", ws)
    _ingest(tmp_path / "st", seed_path)
    rep = _same(Store(tmp_path / "st"))
    assert rep.graphs > 20 and rep.triples > 10_000


def test_parts_equal_the_merge_on_a_synthetic_workspace(tmp_path):
    from generate import generate_workspace

    ws = generate_workspace(tmp_path / "ws", 120, seed=7)
    _ingest(tmp_path / "st", ws)
    rep = _same(Store(tmp_path / "st"), sizes=(5000, V._BATCH_TRIPLES))
    assert rep.conforms and rep.graphs > 150


def test_a_subject_two_graphs_state_differently_is_validated_on_all_its_statements(sample_store, tmp_path,
                                                                                    monkeypatch):
    """A manifest copied to a second path with one item changed (one manifest IRI, two kg:path values for an
    item), an imported graph giving a claim a second kg:line, and one stating the same agent typing as the
    notes: the conflicts are found as on the merge, the agreeing subject is reported once."""
    from graph.export import import_files

    man = json.loads((WORKSPACE / "work-guard" / "e627b203-77c1-4f5a-a634-26925ef1b683.json").read_text("utf-8"))
    man["items"][0]["path"] = "inbox/flyp/elsewhere.md"
    copy = tmp_path / "copy" / "work-guard" / "copy-of-manifest.json"
    copy.parent.mkdir(parents=True)
    copy.write_text(json.dumps(man), "utf-8")
    s = _copy(sample_store)
    from graph.loader import ingest_paths

    ingest_paths(s, [copy], now=fixed_clock)
    claim = _claim_at(s, NOTE, 36)
    ttl = tmp_path / "x.ttl"
    ttl.write_text(f"<{claim.value}> <{KG_IRI}line> 99 .\n"
                   f"<https://w3id.org/provkg/id/agent/jay> a <{PROV.Agent}> .\n"
                   f"<urn:x:work> a <{KG_IRI}Work> .\n", "utf-8")
    import_files(s, [ttl], graph="urn:x:imported")
    import_files(s, [ttl], graph="urn:x:imported-again")
    seen = {"conflicts": 0}
    real = V._Run.subjects_batch

    def count(self, stmts, n):
        seen["conflicts"] += sum(1 for x in stmts if "/manifest/" in x or "/claim/" in x)
        return real(self, stmts, n)

    monkeypatch.setattr(V._Run, "subjects_batch", count)
    rep = _same(s)
    assert seen["conflicts"] >= 3 * 2  # the manifest, its changed item and the claim, at each batch size
    got = [(v.focus, v.path) for v in rep.violations]
    assert (claim.value, "kg:line") in got
    assert any("/manifest/" in f and p == "kg:path" for f, p in got), got
    assert got.count(("urn:x:work", "kg:arxivId")) == 1  # stated alike by two graphs: reported once
    assert [(v.severity, v.focus) for v in rep.warnings] == [("Warning", "urn:x:imported"),
                                                            ("Warning", "urn:x:imported-again")]


def test_an_agent_typed_only_by_its_notes_is_looked_up_across_graphs(sample_store):
    """ManifestItemShape: the manifest names its items' agents, only their notes type them (sh:class
    prov:Agent).  Without that typing every jay item of the manifest is a violation, on the merge and in parts."""
    s = _copy(sample_store)
    jay = ox.NamedNode("https://w3id.org/provkg/id/agent/jay")
    with s.writer() as w:
        w.remove(list(s.db.quads_for_pattern(jay, ox.NamedNode(str(RDF.type)), None, None)))
    rep = _same(s)
    items = [v for v in rep.violations if "/manifest/" in v.focus]
    assert items and all(v.path == "prov:wasAttributedTo" for v in items)


def test_plan_of_the_shipped_shapes_and_a_shape_it_cannot_split():
    plan = _Plan(load_shapes())
    assert plan.supported and plan.relevant is not None
    checks = set().union(*plan.checks.values())
    assert (f"<{PROV.wasAttributedTo}>", f"<{PROV.Agent}>") in checks
    assert f"<{PROV.wasInvalidatedBy}>" in plan.relevant and f"<{KG_IRI}title>" not in plan.relevant
    # sh:node on a property shape reads the value nodes' own statements: validated on the merge
    extra = rdflib.Graph().parse(data=f"""
        @prefix sh: <http://www.w3.org/ns/shacl#> .
        <urn:x:S> sh:targetClass <{KG_IRI}Claim> ; sh:property [ sh:path <{KG_IRI}inSource> ;
            sh:node [ sh:property [ sh:path <{KG_IRI}path> ; sh:minCount 2 ] ] ] .""", format="turtle")
    assert not _Plan(load_shapes() + extra).supported
    assert not _Plan(rdflib.Graph().parse(data="<urn:x:S> <http://www.w3.org/ns/shacl#targetNode> <urn:x:n> .",
                                          format="turtle")).supported


def _counting(monkeypatch):
    """Count engine runs and the content graphs validated (not read from the cache)."""
    seen = {"runs": 0, "graphs": []}
    real_evaluate, real_batch = V._evaluate, V._Run.content_batch

    def evaluate(lines, shapes, engine):
        seen["runs"] += 1
        return real_evaluate(lines, shapes, engine)

    def batch(self, groups_of):
        seen["graphs"].extend(groups_of)
        return real_batch(self, groups_of)

    monkeypatch.setattr(V, "_evaluate", evaluate)
    monkeypatch.setattr(V._Run, "content_batch", batch)
    return seen


def _reset(seen):
    seen["runs"] = 0
    seen["graphs"] = []


def test_cache_is_read_follows_a_changed_file_and_ignores_broken_entries(tmp_path, monkeypatch):
    ws, st = tmp_path / "ws", tmp_path / "st"
    shutil.copytree(WORKSPACE, ws)
    _ingest(st, ws)
    seen = _counting(monkeypatch)
    first = validate_store(Store(st))
    assert first.conforms and seen["runs"] >= 2 and len(seen["graphs"]) == 13
    root = V._cache_root(Store(st))
    assert root is not None and root.parent == st / "validate-cache"
    assert len(list((root / "graphs").iterdir())) == 13
    _reset(seen)
    assert validate_store(Store(st)) == first and seen["runs"] == 0  # the database's report
    shutil.rmtree(root / "database")
    assert validate_store(Store(st)) == first and seen == {"runs": 0, "graphs": []}  # every graph's entry
    # one file changes: its new revision and the provenance graph's new subjects are validated, nothing else
    note = ws / NOTE
    note.write_text(note.read_text("utf-8") + "\n追加一行：新的观察。\n", "utf-8")
    rep = _ingest(st, ws)
    assert rep.changed == [NOTE]
    _reset(seen)
    after = validate_store(Store(st))
    rev = Store(st).select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE { GRAPH ?g { ?r kg:current true ; "
                           "kg:path ?p } }", g=ox.NamedNode(str(PROV_GRAPH)), p=NOTE)[0]["r"]
    assert seen["graphs"] == [rev] and seen["runs"] == 2
    assert after == _validate_merged(Store(st)) and after.conforms
    # a broken entry, a broken provenance cache and a broken report are recomputed, not trusted
    victim = V._entry_file(root, rev)
    victim.write_bytes(b"\x00garbage")
    (root / "provenance.marshal").write_bytes(b"not marshal")
    for f in (root / "database").iterdir():
        f.write_bytes(f.read_bytes()[:10])
    _reset(seen)
    assert validate_store(Store(st)) == after
    assert seen["graphs"] == [rev] and seen["runs"] == 2


def test_a_write_that_is_no_ingest_makes_every_graph_count_again(tmp_path, monkeypatch):
    """A revision IRI names one content only as long as nothing but ingest writes: after a raw write (or an
    ``import --replace`` of an edited graph) the cached entries are not trusted, and the break is found."""
    ws, st = tmp_path / "ws", tmp_path / "st"
    shutil.copytree(WORKSPACE, ws)
    _ingest(st, ws)
    assert validate_store(Store(st)).conforms
    s = Store(st)
    c = _claim_at(s, NOTE, 22)
    ev = ox.NamedNode(KG_IRI + "evidence")
    with s.writer() as w:
        for q in list(w.match(c, ev, None, None)):
            w.remove([q])
            w.add([ox.Quad(q.subject, q.predicate, ox.Literal("probably"), q.graph_name)])
    seen = _counting(monkeypatch)
    rep = validate_store(Store(st))
    assert len(seen["graphs"]) == 13
    assert [(v.focus, v.path, v.where) for v in rep.violations] == [(c.value, "kg:evidence", f"{NOTE}:22")]
    assert rep == _validate_merged(Store(st))
    # an ingest after that trusts the entries again (they were recomputed on the written database)
    (ws / "organized" / "repo_cards" / "4563-colinhacks-reylo.md").unlink()
    _ingest(st, ws)
    _reset(seen)
    again = validate_store(Store(st))
    assert seen["graphs"] == [] and again == _validate_merged(Store(st)) and not again.conforms


def test_an_item_agent_whose_notes_are_gone_or_who_wrote_none_still_conforms(tmp_path, monkeypatch):
    """A manifest declares the agents its items are attributed to (prov:wasAttributedTo's range is
    prov:Agent). Only the agents' notes typed them, so a manifest naming an author by a display name
    ("Eve Smith" for inbox/eve/), or one whose notes were removed, failed `validate` after a clean
    ingest (a fresh-user run). With a warm cache only the changed manifest is validated again."""
    ws, st = tmp_path / "ws", tmp_path / "st"
    shutil.copytree(WORKSPACE, ws)
    _ingest(st, ws)
    assert validate_store(Store(st)).conforms
    shutil.rmtree(ws / "inbox" / "jay")
    m = next((ws / "work-guard").glob("*.json"))
    data = json.loads(m.read_text("utf-8"))
    data["items"][0]["agent"] = "Eve Smith"
    m.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    _ingest(st, ws)
    seen = _counting(monkeypatch)
    rep = validate_store(Store(st))
    assert len(seen["graphs"]) == 1 and "/rev/" in seen["graphs"][0]
    assert rep == _validate_merged(Store(st)) and rep.conforms, rep.violations
    eve = ox.NamedNode("https://w3id.org/provkg/id/agent/eve-smith")
    from graph.loader import known_revisions

    typed = Store(st).db.quads_for_pattern(eve, ox.NamedNode(str(RDF.type)), ox.NamedNode(str(PROV.Agent)), None)
    manifest_rev = known_revisions(Store(st))[m.relative_to(ws).as_posix()]["rev"]
    assert [q.graph_name.value for q in typed] == [manifest_rev]  # typed by the manifest's graph alone


def test_subclass_axioms_of_the_data_count_in_every_part(sample_store, tmp_path):
    """SHACL instances follow rdfs:subClassOf of the data graph (targets and sh:class): an imported class
    below kg:Claim makes its instances claims, and one below prov:Agent satisfies the agents' sh:class."""
    from graph.export import import_files

    s = _copy(sample_store)
    jay = ox.NamedNode("https://w3id.org/provkg/id/agent/jay")
    with s.writer() as w:  # jay is typed only as a subclass of prov:Agent now
        for q in list(s.db.quads_for_pattern(jay, ox.NamedNode(str(RDF.type)), None, None)):
            w.remove([q])
            w.add([ox.Quad(jay, q.predicate, ox.NamedNode("urn:x:Curator"), q.graph_name)])
    ttl = tmp_path / "x.ttl"
    ttl.write_text(f"<urn:x:Note> <{RDFS.subClassOf}> <{KG_IRI}Claim> .\n"
                   f"<urn:x:Curator> <{RDFS.subClassOf}> <{PROV.Agent}> .\n"
                   f"<urn:x:n1> a <urn:x:Note> ; <{KG_IRI}line> 0 .\n", "utf-8")
    import_files(s, [ttl], graph="urn:x:ontology")
    rep = _same(s)
    assert {v.focus for v in rep.violations} == {"urn:x:n1"}
    assert not any("/manifest/" in v.focus for v in rep.results)


def test_an_unwritable_cache_never_stops_validate(tmp_path):
    """A file where validate-cache/ goes (as on a read-only store): everything is computed, nothing written."""
    ws, st = tmp_path / "ws", tmp_path / "st"
    shutil.copytree(WORKSPACE, ws)
    _ingest(st, ws)
    (st / "validate-cache").write_text("not a folder", "utf-8")
    rep = validate_store(Store(st))
    assert rep.conforms and rep == _validate_merged(Store(st))
    assert (st / "validate-cache").read_text("utf-8") == "not a folder"


# ------------------------------------------------------------------------- the two engines

PLANTED = ROOT / "tests" / "fixtures" / "shacl_planted.ttl"


def _nt_lines(ttl: str) -> list[str]:
    """A Turtle text as the sorted N-Triples lines the engines take."""
    return sorted({f"{t} .\n" for t in ox.parse(ttl.encode("utf-8"), format=ox.RdfFormat.TURTLE)})


def test_default_engine_is_the_rust_one_and_a_wrong_name_is_refused(sample_store):
    pytest.importorskip("shacl_rust", reason="shacl-rust (a dependency) is not installed: pyshacl is used")
    assert V.default_engine() == "shacl-rust" and V.ENGINES == ("shacl-rust", "pyshacl")
    with pytest.raises(ValueError, match="unknown SHACL engine"):
        validate_store(sample_store, engine="jena")
    from provkg.api import ProvKG

    s = _copy(sample_store)
    with s.writer() as w:  # one violation, so the two reports have something to agree on
        w.add([ox.Quad(ox.NamedNode("urn:x:w"), ox.NamedNode(str(RDF.type)), ox.NamedNode(KG_IRI + "Work"),
                       ox.NamedNode("urn:x:g"))])
    rust, py = ProvKG(s).validate(), ProvKG(s).validate(engine="pyshacl")
    assert rust == py and [(v.focus, v.path) for v in rust.violations] == [("urn:x:w", "kg:arxivId")]


def test_both_engines_give_the_same_result_for_every_planted_violation():
    """tests/fixtures/shacl_planted.ttl breaks every constraint of graph/data/shapes.ttl (each sh:message is
    met at least once): shacl-rust and pyshacl give the same results, field by field."""
    pytest.importorskip("shacl_rust", reason="shacl-rust (a dependency) is not installed")
    lines = _nt_lines(PLANTED.read_text("utf-8"))
    shapes = V._Shapes(load_shapes())
    rust = sorted(V._evaluate(lines, shapes, "shacl-rust"))
    py = sorted(V._evaluate(lines, shapes, "pyshacl"))
    assert rust == py
    assert len(rust) > 120
    every = {str(m) for m in load_shapes().objects(None, SH.message)}
    assert {fields[3] for _f, fields in rust} == every
    # a value with a quote, a line break and CJK text reads the same from both
    assert ("<urn:x:c3>", ("Violation", "urn:x:c3", "kg:role",
                           "claim needs one kg:role from statement, caveat, relation, metadata, citation, action, background",
                           '"""bad "role"\n中文"""', "")) in rust
    # a blank-node focus node keeps its label
    assert any(f == "_:anon" and fields[1] == "anon" for f, fields in rust)


def test_every_shape_that_can_give_a_result_has_its_own_message():
    """So a result's message never is an engine's own wording (the engines word theirs differently)."""
    sg = load_shapes()
    for ns in set(sg.subjects(RDF.type, SH.NodeShape)):
        for ps in sg.objects(ns, SH.property):
            assert sg.value(ps, SH.message) is not None, (ns, sg.value(ps, SH.path))
        node_level = {SH["or"], SH.nodeKind, SH["class"], SH["in"], SH.hasValue, SH.datatype}
        if any((ns, p, None) in sg for p in node_level):
            assert sg.value(ns, SH.message) is not None, ns


def test_the_engines_differ_only_where_rdflib_reads_a_literal_as_another():
    """The two known differences, both outside what provkg writes (canonical literals, times in UTC): rdflib
    normalizes ``"1"^^xsd:boolean`` to ``true`` before pyshacl compares terms (SHACL's sh:in compares RDF
    terms: no match), and pyshacl cannot compare a dateTime without a time zone with one that has one
    (SHACL: values that cannot be compared, or are not <=, give a result).  shacl-rust follows SHACL on both."""
    pytest.importorskip("shacl_rust", reason="shacl-rust (a dependency) is not installed")
    ttl = """@prefix kg: <https://w3id.org/provkg/ns#> . @prefix prov: <http://www.w3.org/ns/prov#> .
    @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
    <urn:x:r> a kg:SourceRevision, prov:Entity ; prov:specializationOf <urn:x:s> ; kg:size 1 ; kg:path "c.md" ;
      kg:sha256 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" ; kg:current "1"^^xsd:boolean .
    <urn:x:a> a kg:IngestActivity, prov:Activity ; prov:wasAssociatedWith <urn:x:p> ;
      prov:startedAtTime "2026-01-02T00:00:00"^^xsd:dateTime ; prov:endedAtTime "2026-01-01T00:00:00Z"^^xsd:dateTime .
    <urn:x:p> a prov:SoftwareAgent ."""
    lines = _nt_lines(ttl)
    shapes = V._Shapes(load_shapes())
    rust = {(f, fields[2]) for f, fields in V._evaluate(lines, shapes, "shacl-rust")}
    assert rust == {("<urn:x:r>", "kg:current"), ("<urn:x:a>", "prov:startedAtTime")}
    assert V._evaluate(lines, shapes, "pyshacl") == []


def test_both_engines_agree_on_a_store_with_planted_violations(sample_store, tmp_path):
    """The sample store with the planted graph imported (validated in parts with each engine, and as one
    merge): the same report, with locations."""
    pytest.importorskip("shacl_rust", reason="shacl-rust (a dependency) is not installed")
    from graph.export import import_files

    s = _copy(sample_store)
    import_files(s, [PLANTED], graph="urn:x:planted")
    rep = _same(s)
    assert len(rep.violations) > 120 and [w.focus for w in rep.warnings] == ["urn:x:planted"]
    assert {v.where for v in rep.violations if v.focus == "urn:x:q2"} == {"a.md:5"}


def test_worker_processes_give_the_report_of_one_process(tmp_path, monkeypatch):
    """Past ``POOL_MIN_GRAPHS`` graphs, worker processes validate slices of them (each reading the database
    folder again): the report is the one of a single process and of the merge, planted violations and all."""
    from graph.export import import_files

    st = tmp_path / "st"
    _ingest(st, WORKSPACE)
    import_files(Store(st), [PLANTED], graph="urn:x:planted")
    monkeypatch.setattr(V, "POOL_MIN_GRAPHS", 2)
    calls = {"here": 0}
    real = V._batches

    def batches(run, names, n):
        calls["here"] += 1  # this process only: spawned workers import graph.validate afresh
        return real(run, names, n)

    monkeypatch.setattr(V, "_batches", batches)
    one = validate_store(Store(st), shapes=load_shapes(), jobs=1)
    assert calls["here"] == 1
    two = validate_store(Store(st), shapes=load_shapes(), jobs=2)
    assert calls["here"] == 1  # every graph was validated by a worker
    assert two == one == _validate_merged(Store(st))
    assert len(two.violations) > 120 and two.graphs == 15
    # with the cache: the workers write the entries of the live revisions, which the next run reads
    cached = validate_store(Store(st), jobs=2)
    assert cached == one
    root = V._cache_root(Store(st))
    assert len(list((root / "graphs").iterdir())) == 13
    shutil.rmtree(root / "database")
    seen = _counting(monkeypatch)
    assert validate_store(Store(st), jobs=2) == one
    assert seen["graphs"] == ["urn:x:planted"]  # imported, no recorded revision: never cached


def test_where_no_worker_can_start_this_process_validates_alone(tmp_path, monkeypatch):
    """A machine (a sandbox) where processes cannot be started: the same report, computed here."""
    import concurrent.futures

    st = tmp_path / "st"
    _ingest(st, WORKSPACE)
    want = validate_store(Store(st), shapes=load_shapes(), jobs=1)

    class NoProcesses:
        def __init__(self, *a, **k):
            raise OSError("no processes in this sandbox")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    monkeypatch.setattr(V, "POOL_MIN_GRAPHS", 2)
    assert validate_store(Store(st), shapes=load_shapes(), jobs=2) == want
