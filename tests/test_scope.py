"""The scoped brief (queries.scope) and the per-revision part cache (queries.graphcache).

The brief of one manifest reads only the manifest's scope; these tests hold it
equal to the brief computed from the whole-store snapshot, on the sample, on
the sample next to the public corpus, and on a synthetic workspace with many
manifests sharing works; and they check the cache is used, survives a broken
entry and follows a changed file.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, MANIFEST_ID, ROOT, WORKSPACE, fixed_clock


from generate import generate_workspace  # noqa: E402


def _briefs(store, manifest):
    from queries.briefing import brief_data
    from queries.snapshot import load_snapshot

    full = brief_data(store, manifest, now=fixed_clock(), snapshot=load_snapshot(store)).model_dump(mode="json")
    scoped = brief_data(store, manifest, now=fixed_clock()).model_dump(mode="json")
    return full, scoped


def _disk_store(tmp_path: Path, *paths: Path):
    from graph.loader import ingest_paths
    from graph.store import Store

    st = Store(tmp_path / "store")
    rep = ingest_paths(st, list(paths), now=fixed_clock)
    assert rep.errors == [], rep.errors
    return Store(tmp_path / "store")


def test_scoped_brief_equals_whole_store_brief_on_the_sample(sample_store):
    from queries.scope import manifest_scope

    full, scoped = _briefs(sample_store, MANIFEST_ID)
    assert scoped == full
    scope = manifest_scope(sample_store, MANIFEST_ID)
    assert len(scope.materials) == 8
    assert "2502.07115" in scope.works and "2609.19969" in scope.works
    assert any("/rev/" in g for g in scope.graphs)


def test_scoped_brief_with_the_corpus_beside_the_sample(tmp_path, corpus):
    # The public corpus (two awesome-list READMEs with hundreds of arXiv IDs, a SnapKV note) goes into the
    # same store: it names some of the shift's works, so the scope grows, and the brief must not change.
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    extra = ws / "inbox" / "corpus"
    extra.mkdir(parents=True)
    for f in sorted(CORPUS.glob("*.md")):
        (extra / f.name).write_bytes(f.read_bytes())
    st = _disk_store(tmp_path, ws)
    full, scoped = _briefs(st, MANIFEST_ID)
    assert scoped == full
    assert full["topics"] and full["findings"]
    from queries.scope import manifest_scope

    in_scope = manifest_scope(st, MANIFEST_ID).graphs
    assert len(in_scope) < len(st.named_graphs()) - 1  # the scope leaves most corpus files out


def test_scoped_brief_equals_whole_store_brief_on_a_synthetic_workspace(tmp_path):
    ws = generate_workspace(tmp_path / "ws", 120, seed=3)
    st = _disk_store(tmp_path, ws)
    from queries.scope import manifest_scope

    manifests = sorted(p.stem for p in (ws / "work-guard").glob("*.json"))
    assert len(manifests) >= 2
    sizes = []
    for m in manifests:
        full, scoped = _briefs(st, m)
        assert scoped == full, m
        sizes.append(len(manifest_scope(st, m).graphs))
    from graph.loader import known_revisions

    total = len(known_revisions(st))
    assert max(sizes) < total, "a scope is a part of the store, not all of it"


def test_unknown_manifest_is_a_query_error(sample_store):
    from ingest.errors import QueryError
    from queries.briefing import brief_data

    with pytest.raises(QueryError, match="no manifest"):
        brief_data(sample_store, "no-such-manifest")


def test_manifest_queries_read_the_scope_and_equal_the_whole_store_filtered(tmp_path):
    from queries.named import concerns_shift, contradictions, evidence, increments
    from queries.snapshot import load_snapshot

    ws = generate_workspace(tmp_path / "ws", 120, seed=5)
    st = _disk_store(tmp_path, ws)
    full = load_snapshot(st)
    from queries.contradictions import contradictions as all_findings
    from queries.named import evidence as ev

    every = all_findings(full)
    every_ev = ev(st, snapshot=full)
    seen_findings = rows = same_rows = 0
    for m in sorted(p.stem for p in (ws / "work-guard").glob("*.json")):
        incs = increments(st, manifest=m)
        assert incs == increments(st, manifest=m, snapshot=full)
        materials = {i.source for i in incs}
        works = {f"arXiv:{a}" for i in incs for a in i.new_arxiv + i.cited_arxiv}
        got = contradictions(st, manifest=m)
        assert got == [f for f in every if concerns_shift(f, materials, works)]
        # Evidence rows gather every statement about a work; the scope holds the sources that name it by
        # arXiv ID, so a row can miss a statement that names the work only by a card's alias (queries.scope
        # says so).  Same rows; each scoped row's statements are among the whole store's.
        scoped_ev = evidence(st, manifest=m)
        whole = [e for e in every_ev if concerns_shift(e, materials, works)]
        key = lambda e: (e.kind, e.subject, e.figure)  # noqa: E731
        assert [key(e) for e in scoped_ev] == [key(e) for e in whole]
        for a, b in zip(scoped_ev, whole):
            assert {(x.source, x.line) for x in a.statements} <= {(x.source, x.line) for x in b.statements}
            same_rows += a == b
        seen_findings += len(got)
        rows += len(whole)
    assert seen_findings > 0 and rows > 0
    assert same_rows >= 0.95 * rows


def test_manifest_option_on_the_cli(tmp_path):
    import json

    from click.testing import CliRunner

    from provkg.cli import cli

    runner = CliRunner()
    store = str(tmp_path / "store")
    assert runner.invoke(cli, ["--store", store, "ingest", str(WORKSPACE)], obj={}).exit_code == 0
    res = runner.invoke(cli, ["--store", store, "query", "contradictions", "--manifest", MANIFEST_ID, "--format", "json"],
                        obj={})
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["query"] == "contradictions" and doc["count"] == len(doc["results"]) > 0
    # The shift's headline conflict: the note's "arbitrary arrival" against the living document's "adversarial".
    assert any(r["kind"] == "qualifier" and r["subject"] == "arXiv:2502.07115" for r in doc["results"])
    whole = json.loads(runner.invoke(cli, ["--store", store, "query", "contradictions", "--format", "json"],
                                     obj={}).output)
    assert doc["count"] <= whole["count"]  # on the sample every finding concerns the one shift
    assert {r["id"] for r in doc["results"]} <= {r["id"] for r in whole["results"]}
    bad = runner.invoke(cli, ["--store", store, "query", "evidence", "--manifest", "nope"], obj={})
    assert bad.exit_code == 2 and "no manifest 'nope'" in bad.output


def test_an_unreadable_index_never_stops_a_brief(tmp_path):
    # The derived index replaced by something that is no SQLite database: every read goes to the RDF store.
    from graph import cache
    from graph.store import Store
    from queries.briefing import brief_data
    from queries.named import QUERIES

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = _disk_store(tmp_path, ws)
    expected = brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    found = QUERIES["contradictions"][0](st)
    for name in ("index.sqlite-wal", "index.sqlite-shm"):
        (tmp_path / "store" / name).unlink(missing_ok=True)
    (tmp_path / "store" / "index.sqlite").write_text("not a database", "utf-8")
    cache.clear()
    st = Store(tmp_path / "store")
    assert brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json") == expected
    assert QUERIES["contradictions"][0](st) == found and found
    assert (tmp_path / "store" / "index.sqlite").read_text("utf-8") == "not a database"


def test_gc_paused_restores_the_collector_also_on_error():
    import gc

    from queries.collector import gc_paused

    assert gc.isenabled()
    with pytest.raises(KeyError):
        with gc_paused():
            assert not gc.isenabled()
            raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()


def test_freeze_after_pause_moves_what_a_block_built_out_of_the_collectors_walks():
    """With `freeze_after_pause()` (the command line's setting) a block that ends moves the tracked objects to
    the permanent generation; on error, or with it off (the library default), nothing is frozen.  Frozen
    objects are still freed by reference counting."""
    import gc
    import weakref

    import queries.collector
    from queries.collector import freeze_after_pause, gc_paused

    class Row:
        pass

    was = queries.collector._freeze  # a CliRunner test in this process may have set it, as the CLI does
    freeze_after_pause(False)
    gc.unfreeze()
    try:
        with gc_paused():
            rows = [Row() for _ in range(1000)]
        assert gc.get_freeze_count() == 0
        freeze_after_pause()
        with pytest.raises(KeyError):
            with gc_paused():
                raise KeyError("x")
        assert gc.get_freeze_count() == 0
        with gc_paused():
            rows = [Row() for _ in range(1000)]
        assert gc.get_freeze_count() >= 1000 and gc.isenabled()
        ref = weakref.ref(rows[0])
        del rows
        assert ref() is None  # freed at once by reference counting, frozen or not
    finally:
        freeze_after_pause(was)
        gc.unfreeze()
