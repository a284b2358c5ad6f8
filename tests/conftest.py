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


def shared_reason(what: str, path: Path) -> str:
    """Why a test that reads the shared folder is skipped: what is missing, where it was looked for, and the
    environment variable that points the tests at the folder (a fresh clone has no ``../shared``)."""
    return (f"{what} is not here ({path}): it lives in the project's shared folder, ../shared next to the "
            "repository; set PROVKG_SHARED to that folder")


def need_shared(path: Path, what: str) -> Path:
    """``path`` (in the shared folder) when it exists; else the test is skipped with ``shared_reason``."""
    if not path.exists():
        pytest.skip(shared_reason(what, path))
    return path


@pytest.fixture
def seed_path() -> Path:
    return need_shared(SEED, "the seed brief")


@pytest.fixture
def corpus() -> Path:
    return need_shared(CORPUS, "the public corpus")


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


def ingested_store(folder: Path, files: dict[str, str]):
    """A fresh store (``graph.store.Store`` at ``folder/st``) holding ``files`` (workspace path -> text), written under
    ``folder/ws`` and ingested; the ingest must report no error."""
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = folder / "ws"
    for path, text in files.items():
        p = ws / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, "utf-8")
    store = Store(folder / "st")
    assert ingest_paths(store, [ws]).errors == []
    return store


def contradictions_of(folder: Path, files: dict[str, str]) -> list:
    """The contradictions (``queries.contradictions.Contradiction``) of a fresh store holding ``files`` (see
    ``ingested_store``)."""
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    return contradictions(load_snapshot(ingested_store(folder, files)))


def evidence_levels(text: str) -> tuple[str, ...]:
    """The evidence levels the bundled lexicon reads in ``text`` (``ingest.evidence.EvidenceReader.levels``)."""
    from ingest.evidence import evidence_reader
    from ingest.lexicon import load_lexicon

    return evidence_reader(load_lexicon()).levels(text)


def finding_places(folder: Path, files: dict[str, str]) -> list[tuple[str, str, list[str]]]:
    """``(kind, subject, [file:line, file:line])`` of each finding of a fresh store holding ``files`` (file names
    without folders, the two places sorted); see ``contradictions_of``."""
    return [(f.kind, f.subject, sorted([f"{f.a.source.rsplit('/', 1)[-1]}:{f.a.line}", f"{f.b.source.rsplit('/', 1)[-1]}:{f.b.line}"]))
            for f in contradictions_of(folder, files)]
