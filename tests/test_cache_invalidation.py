"""Derived data never outlives the RDF it was derived from: raw writes (``provkg import``) and the index.

An ingest maintains the derived index (``graph.index``) in the same atomic write as the database; an
import writes graphs without parsed records, so it builds the index again from the RDF store, and a
raw ``Store.writer()`` block leaves the index describing an older database: the queries then read the
RDF store (and the next ingest fills the index again).  Each test compares the answers with those of
a copy of the store without its derived data.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyoxigraph as ox
from click.testing import CliRunner

from conftest import MANIFEST_ID, WORKSPACE, fixed_clock

NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"
KG = "https://w3id.org/provkg/ns#"


def _ingested(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the sample workspace, ingested into ``tmp_path/store``: (workspace, store folder)."""
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    rep = ingest_paths(Store(tmp_path / "store"), [ws], now=fixed_clock)
    assert rep.errors == [], rep.errors
    return ws, tmp_path / "store"


def _cli(*args: str) -> str:
    from provkg.cli import cli

    res = CliRunner().invoke(cli, list(args), obj={})
    assert res.exit_code == 0, res.output
    return res.output


def _claims_json(store: Path) -> list[dict]:
    return json.loads(_cli("--store", str(store), "query", "claims", "--format", "json"))["results"]


def _without_caches(store: Path, where: Path) -> Path:
    """A copy of the store folder without its derived data (the index, validate results): its answers are
    then read from the RDF store."""
    shutil.copytree(store, where)
    for name in ("validate-cache",):
        shutil.rmtree(where / name, ignore_errors=True)
    for name in ("index.sqlite", "index.sqlite-wal", "index.sqlite-shm"):
        (where / name).unlink(missing_ok=True)
    return where


def _claim_graph(store: Path, text_part: str) -> tuple[str, str, list[ox.Quad]]:
    """(claim IRI, its text, every quad of its revision graph) for the first current claim of ``NOTE``
    whose text holds ``text_part``."""
    from graph.store import Store

    st = Store(store)
    rows = st.select(
        "PREFIX kg: <https://w3id.org/provkg/ns#>\n"
        "SELECT ?c ?t ?g WHERE { GRAPH <https://w3id.org/provkg/id/graph/provenance> {\n"
        "  ?g kg:current true ; kg:path ?p }\n"
        "  GRAPH ?g { ?c a kg:Claim ; kg:text ?t } } ORDER BY ?c", p=NOTE)
    claim, text, g = next((r["c"], r["t"], r["g"]) for r in rows if text_part in r["t"])
    quads = list(st.quads(g))
    st.close()
    return claim, text, quads


def _relabel(quads: list[ox.Quad], old: str, new: str) -> list[ox.Quad]:
    """``quads`` with the literal ``old`` (any datatype or language) written ``new``."""
    out = []
    for q in quads:
        o = q.object
        if isinstance(o, ox.Literal) and o.value == old:
            o = ox.Literal(new, language=o.language) if o.language else ox.Literal(new, datatype=o.datatype)
        out.append(ox.Quad(q.subject, q.predicate, o, q.graph_name))
    return out


def _generation(store: Path) -> str | None:
    """The write generation of the store's live database (``Store.write_generation``)."""
    from graph.store import Store

    st = Store(store)
    try:
        return getattr(st, "write_generation", None)
    finally:
        st.close()


# -- raw writes ---------------------------------------------------------------------------------


def test_import_replace_of_a_changed_graph_is_seen_by_every_query(tmp_path):
    from graph.store import Store
    from queries.briefing import brief_data

    ws, store = _ingested(tmp_path)
    before = _claims_json(store)
    brief_before = brief_data(Store(store), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    claim, text, quads = _claim_graph(store, "任意")
    edited = text.replace("任意", "对抗性") + "（import-probe）"
    assert edited != text and [r["text"] for r in before if r["id"] == claim] == [text]
    trig = tmp_path / "edited.trig"
    trig.write_bytes(ox.serialize(_relabel(quads, text, edited), format=ox.RdfFormat.TRIG))
    gen = _generation(store)

    _cli("--store", str(store), "import", "--replace", str(trig))

    after = _claims_json(store)
    assert [r["text"] for r in after if r["id"] == claim] == [edited]
    cold = _without_caches(store, tmp_path / "cold")
    assert after == _claims_json(cold)
    assert gen is not None and _generation(store) not in (gen, None)  # a raw write: a new write generation
    from queries.contradictions import contradictions as rules
    from queries.named import QUERIES
    from queries.snapshot import load_snapshot

    for name in ("contradictions", "evidence", "increments", "sources"):
        assert QUERIES[name][0](Store(store)) == QUERIES[name][0](Store(cold)), name
    assert QUERIES["contradictions"][0](Store(store)) == rules(load_snapshot(Store(cold)))
    brief = brief_data(Store(store), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    assert brief == brief_data(Store(cold), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    assert "import-probe" in json.dumps(brief, ensure_ascii=False)
    assert "import-probe" not in json.dumps(brief_before, ensure_ascii=False)


def test_import_without_replace_into_a_revision_graph_is_seen(tmp_path):
    # Quads added to a revision's graph (RDF set union, no --replace): the claim gains a subject.
    from graph.store import Store

    ws, store = _ingested(tmp_path)
    before = _claims_json(store)
    claim, _text, quads = _claim_graph(store, "任意")
    g = quads[0].graph_name
    work = ox.NamedNode("https://example.org/work/import-probe")
    extra = [ox.Quad(ox.NamedNode(claim), ox.NamedNode(KG + "about"), work, g),
             ox.Quad(work, ox.NamedNode(KG + "arxivId"), ox.Literal("2699.00001"), g)]
    nq = tmp_path / "extra.nq"
    nq.write_bytes(ox.serialize(extra, format=ox.RdfFormat.N_QUADS))
    _cli("--store", str(store), "import", str(nq))
    after = _claims_json(store)
    (row,) = [r for r in after if r["id"] == claim]
    assert "2699.00001" in row["about"]
    assert [r for r in before if r["id"] == claim][0]["about"] != row["about"]
    assert after == _claims_json(_without_caches(store, tmp_path / "cold"))
    assert len(Store(store).select("SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 1")) == 1


def test_a_raw_writer_block_leaves_the_index_behind_and_the_next_ingest_fills_it(tmp_path):
    # A raw ``Store.writer()`` block (no index write in it) is a new generation; the queries read the RDF
    # store until an ingest, which fills the index from the database it makes (and keeps the generation).
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.state import open_state
    from graph import cache

    ws, store = _ingested(tmp_path)
    g0 = _generation(store)
    claim, text, quads = _claim_graph(store, "任意")
    st = Store(store)
    with st.writer() as w:  # the raw write path of graph/store.py, as import uses it
        w.drop_graph(quads[0].graph_name.value)
        w.add(_relabel(quads, text, "raw-writer-probe"))
    cache.clear()
    assert open_state(Store(store)).view.index.path is None  # not the file: the RDF store, read privately
    assert [r["text"] for r in _claims_json(store) if r["id"] == claim] == ["raw-writer-probe"]
    g1 = _generation(store)
    assert g0 is not None and g1 not in (g0, None)
    other = "inbox/jay/2026-10-27T0935-blogs-discovery.md"
    note = ws / other
    note.write_text(note.read_text("utf-8") + "\n- 复查：generation-probe 12% 提升。\n", "utf-8")
    from provkg.api import ProvKG

    rep = ProvKG(Store(store)).ingest([ws], jobs=1)
    assert rep.changed == [other], rep
    assert _generation(store) == g1
    cache.clear()
    state = open_state(Store(store))
    assert state.view.index.path is not None and state.fresh  # the file again, answers current
    after = _claims_json(store)
    assert [r["text"] for r in after if r["id"] == claim] == ["raw-writer-probe"]
    assert any("generation-probe" in r["text"] for r in after)
    assert after == _claims_json(_without_caches(store, tmp_path / "cold"))
    from graph.store import GENERATION_NAME

    assert (Store(store).database_dir / GENERATION_NAME).read_text("ascii").strip() == g1
    assert ingest_paths  # the loader is the path both ingests took


def test_validate_after_an_import_reads_the_new_graph_not_its_cached_results(tmp_path):
    """``validate-cache/`` keeps results per revision; its key holds the write generation, so an import
    that changes a revision's graph under the same IRI is validated again."""
    from graph.store import Store
    from graph.validate import validate_store

    _ws, store = _ingested(tmp_path)
    first = validate_store(Store(store))
    assert first.conforms, [v.line() for v in first.results[:3]]
    claim, _text, quads = _claim_graph(store, "任意")
    broken = [q for q in quads if not (q.subject == ox.NamedNode(claim) and q.predicate.value == KG + "text")]
    assert len(broken) == len(quads) - 1
    trig = tmp_path / "broken.trig"
    trig.write_bytes(ox.serialize(broken, format=ox.RdfFormat.TRIG))
    _cli("--store", str(store), "import", "--replace", str(trig))
    after = validate_store(Store(store))
    cold = validate_store(Store(_without_caches(store, tmp_path / "cold")))
    assert not after.conforms and after == cold
    assert any(claim in str(v.focus) for v in after.results)
