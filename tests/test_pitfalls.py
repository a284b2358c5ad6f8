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


def test_store_lock_refuses_a_second_writer(tmp_path):
    from ingest.errors import StoreLockedError

    st = Store(tmp_path / "st")
    with st.writer():
        with pytest.raises(StoreLockedError, match="another provkg process"):
            with Store(tmp_path / "st").writer():
                pass


def test_naive_times_get_the_configured_zone(tmp_path):
    parts, _ = parse_note("作者：Jay · 2026-10-27 09:35\n\n- x\n", "inbox/jay/n.md")
    assert parts["created"].tzinfo is timezone.utc and parts["created"].hour == 9
