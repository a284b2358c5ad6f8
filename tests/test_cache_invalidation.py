"""Query caches after writes that are not ingests, and cache files that are not what they claim.

Bug A: ``provkg import`` (with or without ``--replace``) changes named graphs under the revision IRIs
ingest gave them, and the query caches are keyed by revision (``graph-cache/``, the previous
database's parts that ``snapshot-cache/`` patches from).  Every database folder now carries the store's
write generation (``graph.store.GENERATION_NAME``): ingests keep it, any other write renews it, and the
caches put it in their keys.  These tests hold the answers after an import equal to the answers of the
same store with its caches deleted, and check that ingests still keep the generation (the patched
fast path after an ingest).

Bug B: a cache file that decodes but has another shape (or a ``result-*.json`` of another shape, such as
``[]``) is a miss: the answer is computed again, equal to a store with no cache, and the file rewritten.
"""
from __future__ import annotations

import json
import marshal
import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
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
    """A copy of the store folder with every query cache deleted: the answers a cold store gives."""
    shutil.copytree(store, where)
    for name in ("graph-cache", "snapshot-cache", "validate-cache"):
        shutil.rmtree(where / name, ignore_errors=True)
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


# -- bug A: raw writes ---------------------------------------------------------------------------


def test_import_replace_of_a_changed_graph_is_seen_by_every_cached_query(tmp_path):
    from graph.store import Store
    from queries.briefing import brief_data
    from queries.graphcache import cache_root

    ws, store = _ingested(tmp_path)
    before = _claims_json(store)  # cached: result-claims.json, the parts, the per-revision entries
    brief_before = brief_data(Store(store), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    assert list(cache_root(Store(store)).glob("*.marshal"))
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
    # Every other cached read sees the new graph too: the whole-store snapshot (patched parts),
    # the scoped brief (per-revision entries) and the rule-based answers.
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
    # The caches of the old generation are gone once the new ones are written.
    assert [p.name for p in (store / "graph-cache").iterdir()] == [cache_root(Store(store)).name]


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


def test_any_raw_writer_block_renews_the_generation_and_ingests_keep_it(tmp_path, monkeypatch):
    # A raw ``Store.writer()`` block (no ingest side file written in it) is a new generation; an ingest
    # after it inherits that generation, so its parts are patched from the raw write's folder and
    # its per-revision entries stay warm.
    import queries.graphcache as gcache
    import queries.snapshot as snap
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import QUERIES

    ws, store = _ingested(tmp_path)
    g0 = _generation(store)
    _claims_json(store)
    claim, text, quads = _claim_graph(store, "任意")
    st = Store(store)
    with st.writer() as w:  # the raw write path of graph/store.py, as import uses it
        w.drop_graph(quads[0].graph_name.value)
        w.add(_relabel(quads, text, "raw-writer-probe"))
    assert [r["text"] for r in _claims_json(store) if r["id"] == claim] == ["raw-writer-probe"]
    g1 = _generation(store)
    assert g0 is not None and g1 not in (g0, None)
    entries = {p.name for p in gcache.cache_root(Store(store)).glob("*.marshal")}
    raw_folder = snap._cache_dir(Store(store))
    # An ingest of one changed note keeps the generation and patches from the raw write's folder.
    other = "inbox/jay/2026-10-27T0935-blogs-discovery.md"
    note = ws / other
    note.write_text(note.read_text("utf-8") + "\n- 复查：generation-probe 12% 提升。\n", "utf-8")
    rep = ingest_paths(Store(store), [ws], now=fixed_clock)
    assert rep.changed == [other], rep
    assert _generation(store) == g1
    st = Store(store)
    assert snap._base_dir(snap._cache_dir(st)) == raw_folder

    def no_assembly(*a, **k):
        raise AssertionError("assembled from every per-revision entry instead of patched")

    with monkeypatch.context() as m:
        m.setattr(gcache, "whole_store_parts", no_assembly)
        after = _claims_json(store)
    assert [r["text"] for r in after if r["id"] == claim] == ["raw-writer-probe"]
    assert any("generation-probe" in r["text"] for r in after)
    assert after == _claims_json(_without_caches(store, tmp_path / "cold"))
    # The entries of the unchanged revisions were kept: one new entry, for the changed note.
    assert entries < {p.name for p in gcache.cache_root(Store(store)).glob("*.marshal")}
    assert QUERIES["claims"][0](Store(store)) == QUERIES["claims"][0](Store(tmp_path / "cold"))
    from graph.store import GENERATION_NAME

    assert (Store(store).database_dir / GENERATION_NAME).read_text("ascii").strip() == g1


def test_a_database_without_a_generation_file_shares_no_cache(tmp_path):
    # A database made by an older provkg has no generation file: it gets a key of its own.
    from graph.store import GENERATION_NAME, Store, database_generation

    _, store = _ingested(tmp_path)
    d = Store(store).database_dir
    (d / GENERATION_NAME).unlink()
    gen = database_generation(d)
    assert gen.startswith("u") and d.name.replace("-", "") in gen
    (d / GENERATION_NAME).write_text("not hex\n", "ascii")
    assert database_generation(d) == gen
    assert _claims_json(store) == _claims_json(_without_caches(store, tmp_path / "cold"))


# -- bug B: cache files of another shape --------------------------------------------------------

#: Values that marshal and decode (or fail to decode) but are not a part: each must be a miss.
WRONG_SHAPES = [
    {},
    [1, 2],
    ("SClaim", [("only", "two")]),
    ("nosuchtag", []),
    {"x": ()},
    {"claims": ("list", [1, 2]), "sources": ("list", [])},
    "just a string",
]


def _plain(store: Path) -> dict[str, object]:
    from test_scope import _plain_attrs

    from graph.store import Store

    return _plain_attrs(Store(store))


def test_every_live_part_file_of_another_shape_is_a_miss(tmp_path):
    import queries.graphcache as gcache
    import queries.snapshot as snap
    from graph.store import SIDECAR_NAME, Store
    from queries.graphcache import revision_paths
    from test_scope import _lazy_attrs

    _, store = _ingested(tmp_path)
    (store / SIDECAR_NAME).unlink()  # revisions are then read from the store: the revisions part is cached too
    want = _plain(store)
    revisions = sorted(revision_paths(Store(store)))
    assert _lazy_attrs(Store(store)) == want
    claims = _claims_json(store)
    live = snap._cache_dir(Store(store))
    files = sorted(f.name for f in live.glob("*.marshal") if f.name != snap._REVISIONS_FILE)
    assert {"claims.marshal", "sources.marshal", "works.marshal", "subjects.marshal", "title_matches.marshal",
            "revisions.marshal", "entries.marshal", "links.marshal"} <= set(files), files
    for name in files:
        good = (live / name).read_bytes()
        keys = list(snap._decode(marshal.loads(good)))
        # Besides the shapes above: every attribute there, each a list of ints.
        for bad in WRONG_SHAPES + [{k: ("list", [1, 2]) for k in keys}]:
            data = marshal.dumps(bad)
            (live / name).write_bytes(data)
            for r in live.glob("result-*.json"):
                r.unlink()
            gcache._REVISIONS_SEEN.clear()  # as in a new process: revision_paths keeps one answer per database
            assert _lazy_attrs(Store(store)) == want, (name, bad)
            assert _claims_json(store) == claims, (name, bad)
            # The revisions part is read by whoever needs the revisions (the parts above are cached).
            assert sorted(revision_paths(Store(store))) == revisions, (name, bad)
            assert (live / name).read_bytes() != data, (name, bad)  # rewritten
        (live / name).write_bytes(good)


def _revisions():
    from queries.graphcache import _part_revisions

    return _part_revisions


def test_revisions_part_with_columns_of_different_lengths_is_a_miss(tmp_path):
    import queries.snapshot as snap
    from graph.store import SIDECAR_NAME, Store
    from queries.graphcache import revision_paths

    _, store = _ingested(tmp_path)
    want = sorted(revision_paths(Store(store)))
    (store / SIDECAR_NAME).unlink()
    assert sorted(revision_paths(Store(store))) == want
    f = snap._cache_dir(Store(store)) / "revisions.marshal"
    part = snap._decode(marshal.loads(f.read_bytes()))
    part["rev_g"] = part["rev_g"][:-1]
    f.write_bytes(marshal.dumps(snap._encode(part)))
    import queries.graphcache as gcache

    gcache._REVISIONS_SEEN.clear()  # revision_paths keeps one answer per database in this process
    assert sorted(revision_paths(Store(store))) == want


def test_a_previous_folder_of_another_shape_is_never_patched_from(tmp_path):
    # The revision map and the parts of the previous database's folder are read when the next
    # database's parts are patched: a map with non-str values, a part with the right keys and rows of
    # another type, are not a base.
    import queries.snapshot as snap
    from graph.loader import ingest_paths
    from graph.store import Store
    from test_scope import _lazy_attrs

    ws, store = _ingested(tmp_path)
    _lazy_attrs(Store(store))
    base = snap._cache_dir(Store(store))
    breakages = [
        lambda: (base / snap._REVISIONS_FILE).write_bytes(marshal.dumps({NOTE: 1})),
        lambda: (base / "claims.marshal").write_bytes(marshal.dumps({"claims": ("list", [1, 2])})),
        lambda: (base / "works.marshal").write_bytes(marshal.dumps({"work_titles": {}, "aliases": [],
                                                                     "card_works": {}})),
        lambda: (base / "subjects.marshal").write_bytes(marshal.dumps({"subjects": ("list", [])})),
    ]
    note = ws / NOTE
    for i, breakage in enumerate(breakages):
        breakage()
        note.write_text(note.read_text("utf-8") + f"\n- 第 {i} 次：shape-probe {i}。\n", "utf-8")
        assert ingest_paths(Store(store), [ws], now=fixed_clock).changed == [NOTE]
        got = _lazy_attrs(Store(store))
        assert got == _plain(store), i
        assert any(f"shape-probe {i}" in c.text for c in got["claims"])
        base = snap._cache_dir(Store(store))


def test_per_revision_entries_of_another_shape_are_read_again(tmp_path):
    from graph.store import Store
    from queries.briefing import brief_data
    from queries.graphcache import cache_root

    _, store = _ingested(tmp_path)
    want = brief_data(Store(store), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    entries = sorted(cache_root(Store(store)).glob("*.marshal"))
    assert len(entries) >= 10
    good = marshal.loads(entries[0].read_bytes())
    bad_values = WRONG_SHAPES + [
        {n: {} for n in good},  # every part, none with its attributes
        {**good, "claims": {"claims": ("list", [1, 2])}},  # one part's rows of another type
    ]
    for bad in bad_values:
        for e in entries:
            e.write_bytes(marshal.dumps(bad))
        got = brief_data(Store(store), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
        assert got == want, bad
        assert all(e.read_bytes() != marshal.dumps(bad) for e in entries), bad  # rewritten


@pytest.mark.parametrize("content", [
    "[]", "{}", "\x00garbage", "[1, 2]",
    '{"format": 1, "query": "claims", "count": 1, "rows": []}',  # a count that is not the rows'
    '{"format": 1, "query": "papers", "count": 0, "rows": []}',  # another query's answer
])
def test_a_result_file_of_another_shape_is_recomputed(tmp_path, content):
    import queries.snapshot as snap
    from graph.store import Store
    from queries.named import QUERIES

    _, store = _ingested(tmp_path)
    fresh = {n: QUERIES[n][0](Store(store)) for n in ("claims", "sources", "contradictions")}
    assert all(fresh.values())
    live = snap._cache_dir(Store(store))
    for n in fresh:
        f = live / f"result-{n}.json"
        assert f.is_file()
        f.write_text(content, "utf-8")
        assert QUERIES[n][0](Store(store)) == fresh[n], (n, content)
        assert f.read_text("utf-8") != content  # rewritten
    assert {n: QUERIES[n][0](Store(store)) for n in fresh} == fresh


def test_shapes_cover_every_cached_attribute():
    import queries.snapshot as snap

    keys = {k for fn in snap._ATTRS for k in snap._part_keys(fn)} | {"subjects", "title_matches"}
    keys |= set(snap._part_keys(_revisions()))
    assert keys <= set(snap._SHAPES)
    # A part of the right shape is valid; its attributes one by one of another shape are not.
    part = {"link_targets": [("a.md", "https://x")]}
    assert snap._valid_part(part, ("link_targets",))
    assert not snap._valid_part({"link_targets": [("a.md",)]}, ("link_targets",))
    assert not snap._valid_part({"link_targets": []}, ("link_targets", "extra"))
    assert not snap._valid_part({"nope": []}, ("nope",))


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
