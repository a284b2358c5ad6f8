"""The one cache (``graph.cache``): its public interface, its key, and that nothing else caches.

Everything fast is derived data maintained by writes (the index); the memo only keeps, for one
process, what is computed from one state of a store.  These tests pin its behaviour and that no
other cache folder appears beside a store.
"""
from __future__ import annotations

import shutil

import pytest

from conftest import WORKSPACE


def test_memo_computes_once_per_key_and_never_across_states():
    from graph import cache

    cache.clear()
    calls = []

    def compute(v):
        def f():
            calls.append(v)
            return v
        return f

    assert cache.memo("store", ("db-1", 1), "x", compute(1)) == 1
    assert cache.memo("store", ("db-1", 1), "x", compute(2)) == 1  # same key: kept
    assert cache.memo("store", ("db-2", 1), "x", compute(3)) == 3  # another state: computed again
    assert cache.memo("other", ("db-1", 1), "x", compute(4)) == 4  # another store
    assert cache.memo("store", ("db-1", 1), "y", compute(5)) == 5  # another name
    assert calls == [1, 3, 4, 5]
    cache.clear()
    assert cache.memo("store", ("db-1", 1), "x", compute(6)) == 6


def test_memo_keeps_nothing_when_compute_fails_and_is_bounded():
    from graph import cache

    cache.clear()

    def boom():
        raise ValueError("no")

    with pytest.raises(ValueError):
        cache.memo("s", 1, "n", boom)
    assert cache.memo("s", 1, "n", lambda: "ok") == "ok"
    for i in range(cache.MAX_ENTRIES + 3):
        cache.memo("s", i + 10, "n", lambda i=i: i)
    assert cache.memo("s", 10, "n", lambda: "recomputed") == "recomputed"  # the oldest was dropped


def test_an_in_memory_store_is_read_again_after_each_write(tmp_path):
    """The memo's state token of an in-memory store changes with every write: no stale answer."""
    from graph.store import Store
    from provkg.api import ProvKG

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    kg = ProvKG(Store(None))
    kg.ingest([ws], jobs=1)
    n = len(kg.query("claims"))
    with open(next(ws.glob("inbox/flyp/*.md")), "a", encoding="utf-8") as f:
        f.write("\n- one more statement 5.94x\n")
    kg.ingest([ws], jobs=1)
    assert len(kg.query("claims")) == n + 1


def test_no_cache_folder_beside_a_store(tmp_path):
    """After an ingest, every named query, a brief, the report and diff, the store folder holds the
    databases, the index and the ingest's own files: no snapshot-cache/ or graph-cache/."""
    from provkg.api import ProvKG

    st = tmp_path / "store"
    kg = ProvKG(str(st))
    kg.ingest([WORKSPACE], jobs=1)
    for name in kg.query_names():
        kg.query(name)
    kg.brief(kg.manifests()[0])
    kg.report()
    kg.diff()
    names = {p.name for p in st.iterdir()}
    assert {"CURRENT", "index.sqlite"} <= names
    assert not names & {"snapshot-cache", "graph-cache"}
    assert all(n.startswith(("db-", "index.sqlite", "CURRENT", "lock", "known-revisions", "last-ingest",
                             "validate-cache", "provkg-store", "provkg-databases")) for n in names), names
