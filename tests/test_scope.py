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
import sys
from pathlib import Path

import pytest

from conftest import CORPUS, MANIFEST_ID, ROOT, WORKSPACE, fixed_clock

sys.path.insert(0, str(ROOT / "bench"))

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


def test_scoped_query_names_the_graphs_before_where():
    from queries.scope import scoped_query

    q = scoped_query("PREFIX kg: <https://w3id.org/provkg/ns#>\nSELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }",
                     ["https://w3id.org/provkg/id/source/ab/rev/cd"])
    assert "FROM NAMED <https://w3id.org/provkg/id/source/ab/rev/cd>\n" in q
    assert "FROM NAMED <https://w3id.org/provkg/id/graph/provenance>\n" in q
    assert q.index("FROM NAMED") < q.index("WHERE") and q.count("FROM NAMED") == 2
    # A graph name is an IRI checked by pyoxigraph, never text pasted into the query (PITFALLS P7).
    with pytest.raises(ValueError):
        scoped_query("SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", ['https://x.example/a> } DROP ALL #'])
    with pytest.raises(ValueError):
        scoped_query("ASK { ?s ?p ?o }", [])


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


def test_graph_cache_is_used_survives_a_broken_entry_and_follows_a_changed_file(tmp_path):
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.graphcache import cache_root, code_key
    from queries.render.brief import render_brief
    from queries.briefing import brief_data

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = _disk_store(tmp_path, ws)
    first = render_brief(brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json"))
    root = cache_root(st)
    assert root is not None and root.name.endswith(code_key()) and len(code_key()) == 16
    entries = sorted(root.glob("*.marshal"))
    assert len(entries) >= 10  # one per revision in scope
    # A broken entry is read as missing and rewritten; the brief is the same.
    entries[0].write_bytes(b"\x00not marshal")
    again = render_brief(brief_data(Store(tmp_path / "store"), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json"))
    assert again == first
    assert entries[0].read_bytes() != b"\x00not marshal"
    # A changed material is a new revision: a new entry, and the brief shows the new text.
    note = ws / "inbox" / "flyp" / "2026-10-26T1550-critical-read.md"
    note.write_text(note.read_text("utf-8") + "\n- 追加一条：scope-cache-probe 43.7% 提升\n", "utf-8")
    rep = ingest_paths(Store(tmp_path / "store"), [ws], now=fixed_clock)
    assert rep.changed == ["inbox/flyp/2026-10-26T1550-critical-read.md"]
    st = Store(tmp_path / "store")
    full, scoped = _briefs(st, MANIFEST_ID)
    assert scoped == full
    from queries.scope import manifest_scope, scoped_snapshot

    snap = scoped_snapshot(st, list(manifest_scope(st, MANIFEST_ID).graphs))
    texts = [c.text for c in snap.claims_of("inbox/flyp/2026-10-26T1550-critical-read.md")]
    assert any("scope-cache-probe" in t for t in texts)
    assert len(list(root.glob("*.marshal"))) == len(entries) + 1


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


def test_whole_store_results_are_kept_per_database_and_never_outlive_it(tmp_path):
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import QUERIES
    from queries.snapshot import _cache_dir, load_snapshot

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = _disk_store(tmp_path, ws)
    fresh = {n: QUERIES[n][0](st) for n in ("claims", "contradictions", "evidence", "increments")}
    d = _cache_dir(st)
    for n in fresh:
        assert (d / f"result-{n}.json").is_file()
    # Read back: equal rows; a broken entry is recomputed, never trusted.
    assert {n: QUERIES[n][0](Store(tmp_path / "store")) for n in fresh} == fresh
    (d / "result-contradictions.json").write_text('[{"id": 1}]', "utf-8")
    assert QUERIES["contradictions"][0](Store(tmp_path / "store")) == fresh["contradictions"]
    from queries.contradictions import contradictions as rules

    assert fresh["contradictions"] == rules(load_snapshot(Store(tmp_path / "store")))
    # An ingest makes a new database: its answers are computed from it, not read from the old one.
    note = ws / "inbox" / "flyp" / "2026-10-26T1550-critical-read.md"
    note.write_text(note.read_text("utf-8").replace("到达过程任意", "到达过程对抗性"), "utf-8")
    ingest_paths(Store(tmp_path / "store"), [ws], now=fixed_clock)
    st2 = Store(tmp_path / "store")
    assert _cache_dir(st2) != d
    after = QUERIES["contradictions"][0](st2)
    assert after == rules(load_snapshot(Store(tmp_path / "store")))
    assert after != fresh["contradictions"]


def _plain_snapshot(st):
    """The same data in an in-memory store: read with no cache at all."""
    from graph.store import Store
    from queries.snapshot import load_snapshot

    mem = Store(None)
    mem.db.extend(st.db.quads_for_pattern(None, None, None, None))
    return load_snapshot(mem)


_ATTRS = ["sources", "claims", "citations", "sections", "items", "manifest_items", "tags", "link_targets",
          "entry_spans", "work_titles", "aliases", "card_works", "subjects", "title_matches"]


def test_whole_store_snapshot_from_per_revision_entries_equals_a_plain_read(tmp_path):
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.graphcache import cache_root
    from queries.snapshot import load_snapshot

    ws = generate_workspace(tmp_path / "ws", 80, seed=11)
    st = _disk_store(tmp_path, ws)
    first = load_snapshot(st)  # cold: the claims part reads the store once and writes every revision's entry
    plain = _plain_snapshot(st)
    for a in _ATTRS:
        assert getattr(first, a) == getattr(plain, a), a
    entries = len(list(cache_root(st).glob("*.marshal")))
    assert entries == len(st.select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?g WHERE { GRAPH "
                                    "<https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true } }"))
    # Two notes change: the next whole-store snapshot reads two revisions and the entries of the rest.
    notes = sorted((ws / "inbox").rglob("*.md"))[:2]
    for n in notes:
        n.write_text(n.read_text("utf-8") + "\n- 复查：吞吐提升 17%，在 arXiv:2601.00001 上。\n", "utf-8")
    rep = ingest_paths(Store(tmp_path / "store"), [ws], now=fixed_clock)
    assert len(rep.changed) == 2
    st2 = Store(tmp_path / "store")
    again = load_snapshot(st2)
    plain2 = _plain_snapshot(st2)
    for a in _ATTRS:
        assert getattr(again, a) == getattr(plain2, a), a
    assert len(list(cache_root(st2).glob("*.marshal"))) == entries + 2
    assert any("17%" in c.text for c in again.claims)


def test_an_unwritable_cache_never_stops_a_brief(tmp_path):
    # A file where the cache folders go (as on a read-only store): every read goes to the store instead.
    from graph.store import Store
    from queries.briefing import brief_data
    from queries.named import QUERIES

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = _disk_store(tmp_path, ws)
    expected = brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    for name in ("graph-cache", "snapshot-cache"):
        shutil.rmtree(tmp_path / "store" / name, ignore_errors=True)
        (tmp_path / "store" / name).write_text("not a folder", "utf-8")
    st = Store(tmp_path / "store")
    assert brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json") == expected
    assert len(QUERIES["contradictions"][0](st)) > 0
    assert (tmp_path / "store" / "graph-cache").read_text("utf-8") == "not a folder"


def _lazy_attrs(st):
    """Every snapshot attribute of a lazy whole-store snapshot (parts patched from the previous
    database where they can be)."""
    from queries.snapshot import load_snapshot

    lazy = load_snapshot(st, lazy=True)
    return {a: getattr(lazy, a) for a in _ATTRS}


def _plain_attrs(st):
    """Every snapshot attribute of a plain read of the same quads (no cache)."""
    plain = _plain_snapshot(st)
    return {a: getattr(plain, a) for a in _ATTRS}


def test_parts_after_an_ingest_are_patched_from_the_previous_database(tmp_path, monkeypatch):
    # After an ingest, a whole-store part missing from the new database's folder is the previous
    # database's part with the changed files' rows replaced (queries.snapshot._patch_part); the
    # derived subjects and title matches too, unless a card or a living document changed.
    import queries.graphcache as gc
    import queries.snapshot as snap
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import QUERIES

    ws = generate_workspace(tmp_path / "ws", 80, seed=5)
    shutil.copytree(WORKSPACE, ws / "sample")
    st = _disk_store(tmp_path, ws)
    assert _lazy_attrs(st) == _plain_attrs(st)
    first = snap._cache_dir(st)
    assert (first / snap._REVISIONS_FILE).is_file()

    def no_assembly(*a, **k):
        raise AssertionError("assembled from every per-revision entry instead of patched")

    notes = sorted((ws / "inbox").rglob("*.md"))
    sample_note = ws / "sample" / "inbox" / "flyp" / "2026-10-26T1550-critical-read.md"
    card = sorted((ws / "organized" / "paper_cards").glob("*.md"))[0]
    sample_card = ws / "sample" / "organized" / "paper_cards" / "1802-1605-08803.md"
    card_title = re.search(r'^title: "(.+)"$', sample_card.read_text("utf-8"), re.M).group(1)
    steps = [
        # (what the step does, whether the derived parts may be patched)
        ("two notes changed", lambda: [n.write_text(n.read_text("utf-8") + "\n- 复查：吞吐提升 17%，见 MC-SF。\n",
                                                     "utf-8") for n in notes[:2]], True),
        ("a note removed, one added", lambda: (notes[3].unlink(), (ws / "inbox" / "new.md").write_text(
            "# 新笔记\n\n- 这个方法把显存降低 40%。\n", "utf-8")), True),
        # Same claim (same IRI), new title: the note now names the card's work by title, so its title
        # match and that claim's subjects change although the claim did not.
        ("a note retitled with a card's title", lambda: (ws / "inbox" / "new.md").write_text(
            f"# {card_title}\n\n- 这个方法把显存降低 40%。\n", "utf-8"), True),
        ("the title taken back", lambda: (ws / "inbox" / "new.md").write_text(
            "# 新笔记\n\n- 这个方法把显存降低 40%。\n", "utf-8"), True),
        ("a sample note reworded", lambda: sample_note.write_text(
            sample_note.read_text("utf-8").replace("到达过程任意", "到达过程对抗性"), "utf-8"), True),
        ("a paper card's title and aliases changed", lambda: card.write_text(
            card.read_text("utf-8").replace('title: "', 'title: "Revised ', 1).replace("aliases: [", "aliases: [QX-Revised, ", 1),
            "utf-8"), False),
    ]
    for what, change, derived_patched in steps:
        before = snap._cache_dir(Store(tmp_path / "store"))
        change()
        rep = ingest_paths(Store(tmp_path / "store"), [ws], now=fixed_clock)
        assert rep.errors == [] and (rep.changed or rep.added or rep.removed), what
        st = Store(tmp_path / "store")
        assert snap._base_dir(snap._cache_dir(st)) == before, what
        calls = []
        real = snap.Snapshot._compute_subjects

        def counted(self, claims=None, _real=real):
            calls.append(None if claims is None else len(claims))
            return _real(self, claims)

        with monkeypatch.context() as m:
            m.setattr(gc, "whole_store_parts", no_assembly)
            m.setattr(snap.Snapshot, "_compute_subjects", counted)
            got = _lazy_attrs(st)
        want = _plain_attrs(st)
        assert got == want, what
        if what == "a note retitled with a card's title":
            assert [(m.title, m.status) for m in got["title_matches"] if m.path == "inbox/new.md"] == [(card_title, "resolved")]
            (claim,) = [c for c in got["claims"] if c.path == "inbox/new.md"]
            assert claim.iri in previous_iris and got["subjects"][claim.iri], claim
        if what == "the title taken back":
            assert not [m for m in got["title_matches"] if m.path == "inbox/new.md"]
        previous_iris = {c.iri for c in got["claims"]}
        if derived_patched:
            assert calls and None not in calls and max(calls) < len(want["claims"]) / 4, (what, calls)
        else:  # the step did change what every file shares: subjects are computed whole
            assert "QX-Revised" in want["aliases"] and None in calls, (what, calls)
        # The named queries read the patched parts and give the answers of a plain snapshot.
        from queries.contradictions import contradictions as rules
        from queries.snapshot import load_snapshot

        assert QUERIES["contradictions"][0](Store(tmp_path / "store")) == rules(load_snapshot(Store(tmp_path / "store")))
    # Only the live database's folder and the one before it are kept.
    assert len(list((tmp_path / "store" / "snapshot-cache").iterdir())) <= 2


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


def test_a_broken_previous_folder_is_never_patched_from(tmp_path):
    # The previous database's folder holds a part that is not one (valid marshal, wrong shape), a
    # revision map that is not a map, or nothing readable: the parts are computed, never patched wrongly.
    import marshal

    import queries.snapshot as snap
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = generate_workspace(tmp_path / "ws", 30, seed=9)
    st = _disk_store(tmp_path, ws)
    _lazy_attrs(st)
    base = snap._cache_dir(st)
    notes = sorted((ws / "inbox").rglob("*.md"))
    for i, breakage in enumerate([
        lambda: (base / "claims.marshal").write_bytes(marshal.dumps(("SClaim", [("only", "two")]))),
        lambda: (base / "sources.marshal").write_bytes(marshal.dumps({"sources": ("nosuchtag", [])})),
        lambda: (base / snap._REVISIONS_FILE).write_bytes(marshal.dumps(["not", "a", "map"])),
        lambda: (base / "subjects.marshal").write_bytes(b"\x00garbage"),
    ]):
        copy = tmp_path / "copy"
        shutil.rmtree(copy, ignore_errors=True)  # the same path again: a database name and inode can come back
        shutil.copytree(tmp_path / "store", copy)
        base_saved, base = base, copy / "snapshot-cache" / base.name
        breakage()
        base = base_saved
        n = notes[i]
        n.write_text(n.read_text("utf-8") + f"\n- 第 {i} 次复查：延迟降低 {10 + i}%。\n", "utf-8")
        assert ingest_paths(Store(copy), [ws], now=fixed_clock).changed
        got = _lazy_attrs(Store(copy))
        assert got == _plain_attrs(Store(copy)), i
        assert any(f"第 {i} 次复查" in c.text for c in got["claims"])


def test_revisions_read_without_the_side_file_after_the_parts_were_cached(tmp_path):
    # Without the live revisions the ingest saves (a killed ingest left a side file naming another
    # database, or it was deleted), the revisions are read from the store and cached as a part; the
    # revision map kept for patching must not be mistaken for that part (a fresh-clone CI run of the
    # kill test read one as the other: KeyError 'rev_g').
    from graph.store import SIDECAR_NAME, Store
    from queries.briefing import brief_data
    from queries.graphcache import revision_paths

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = _disk_store(tmp_path, ws)
    want = revision_paths(st)
    brief = brief_data(st, MANIFEST_ID, now=fixed_clock()).model_dump(mode="json")
    attrs = _lazy_attrs(st)  # writes every part and the folder's revision map
    (tmp_path / "store" / SIDECAR_NAME).unlink()
    st = Store(tmp_path / "store")
    assert sorted(revision_paths(st)) == sorted(want) and len(want) == len(attrs["sources"])
    assert brief_data(Store(tmp_path / "store"), MANIFEST_ID, now=fixed_clock()).model_dump(mode="json") == brief


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
