"""Shared fixtures: the bundled sample, the seed and the corpus (skipped with a reason when absent)."""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKSPACE = ROOT / "data" / "workspace"
#: The project's shared folder (seed brief, public corpus): ``../shared`` next to the repository,
#: or wherever ``PROVKG_SHARED`` points (a fresh clone elsewhere).
SHARED = Path(os.environ.get("PROVKG_SHARED") or ROOT.parent / "shared")
SEED = SHARED / "seeds" / "000_59a485b40772aac7.txt"
CORPUS = SHARED / "corpus"
MANIFEST_ID = "e627b203-77c1-4f5a-a634-26925ef1b683"


def fixed_clock() -> datetime:
    """The injected clock of the tests."""
    return datetime(2026, 10, 27, 22, 20, tzinfo=timezone.utc)


@pytest.fixture
def seed_path() -> Path:
    if not SEED.exists():
        pytest.skip(f"the seed brief is not here ({SEED}); it lives in ../shared, outside the repository (or set PROVKG_SHARED)")
    return SEED


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.exists():
        pytest.skip(f"the public corpus is not here ({CORPUS}); it lives in ../shared, outside the repository (or set PROVKG_SHARED)")
    return CORPUS


@pytest.fixture(scope="session")
def sample_store():
    """An in-memory store holding the bundled sample workspace (read-only use)."""
    from graph.loader import ingest_paths
    from graph.store import Store

    s = Store(None)
    rep = ingest_paths(s, [WORKSPACE], now=fixed_clock)
    assert rep.errors == [], rep.errors
    return s


@pytest.fixture(scope="session")
def sample_snapshot(sample_store):
    from queries.snapshot import load_snapshot

    return load_snapshot(sample_store)
