"""The pipelined ingest (issue 5): same stored quads whatever the number of processes or batches.

Functional tests only (no timing): the parsing processes build each file's named graph as
N-Quads text (``graph.model.source_nquads``), the writer loads it in background batches
(``graph.store.Writer``), and the next ingest reads the live revisions from the side file the
last one left (``graph.loader.known_revisions``).  Each shortcut must give what the plain path
gives.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import ROOT, WORKSPACE, fixed_clock

from graph import loader as L
from graph.loader import ingest_paths
from graph.pool import stop_pool
from graph.model import PROV_GRAPH, source_lines, source_nquads, source_quads
from graph.store import SIDECAR_NAME, Store, Writer, to_python
from ingest.models import Claim, ParsedSource, Quantity
from ingest.sources import discover, read_source

from generate import generate_workspace

_ACT = re.compile(r"<https://w3id\.org/provkg/id/activity/[^>]*>")
_DT = re.compile(r'"[^"]*"\^\^<http://www\.w3\.org/2001/XMLSchema#dateTime>')
_PROV = f"<{PROV_GRAPH.value}>"


def _dump(store: Store) -> list[str]:
    """Every quad as N-Quads, sorted; in the provenance graph the activity IRIs and times blanked."""
    out = []
    for q in store.quads():
        line = str(q)
        if line.endswith(_PROV):
            line = _DT.sub('"T"', _ACT.sub("<urn:activity>", line))
        out.append(line)
    return sorted(out)


@pytest.fixture(scope="module")
def big_ws(tmp_path_factory) -> Path:
    """A synthetic workspace past the pool threshold (``POOL_MIN_FILES``)."""
    ws = generate_workspace(tmp_path_factory.mktemp("big") / "ws", 80, seed=5)
    assert sum(1 for _ in ws.rglob("*.md")) > L.POOL_MIN_FILES
    return ws


def test_pool_and_small_batches_store_the_same_quads_as_one_process(big_ws, tmp_path, monkeypatch):
    one = Store(tmp_path / "one")
    r1 = ingest_paths(one, [big_ws], jobs=1, now=fixed_clock)
    assert r1.errors == [] and r1.added
    monkeypatch.setattr(Writer, "FLUSH_AT", 2_000)  # many background batches, two at a time
    monkeypatch.setattr(L, "_CHUNK", 3)
    monkeypatch.setattr(L, "_WINDOW", 2)
    two = Store(tmp_path / "two")
    r2 = ingest_paths(two, [big_ws], jobs=2, now=fixed_clock)
    assert (r2.added, r2.errors, r2.warnings, r2.quads) == (r1.added, r1.errors, r1.warnings, r1.quads)
    assert _dump(two) == _dump(one)
    mem = Store(None)
    ingest_paths(mem, [big_ws], jobs=2, now=fixed_clock)
    assert _dump(mem) == _dump(one)


def test_nquads_text_and_quad_objects_hold_the_same_graph():
    found, _ = discover([WORKSPACE])
    for f in found:
        rec, _ = read_source(f)
        quads = source_quads(rec)
        data, n, claims = source_nquads(rec)
        assert n == len(quads) == len(source_lines(rec)[0])
        assert set(ox.parse(data, format=ox.RdfFormat.N_QUADS)) == set(quads)
        assert claims == [str(q.subject.value) for q in quads
                          if q.predicate.value.endswith("#type") and q.object.value.endswith("ns#Claim")]


HOSTILE = ['a "quoted" \\ back\\slash', "line\nbreak\rreturn\ttab", "\x00\x01\x1b\x7f ctl", "€ 中文 😀 \u2028 \ufeff",
           "\\u0041 not an escape", '"; DROP <x> .\n<a> <b> "c" .', ""]


@pytest.mark.parametrize("text", HOSTILE)
def test_literals_survive_the_nquads_text(text):
    """Every string is escaped so that the store reads back exactly the value (N-Quads 1.1 ECHAR/UCHAR)."""
    claim = Claim(text=text or "x", line=1, line_end=1, qualifiers=(text,), section_refs=(text,),
                  quantities=(Quantity(raw=text, value=1.5, unit=text),))
    rec = ParsedSource(kind="note", path="inbox/a/t.md", sha256="0" * 64, size=1, title=text, agent="x",
                       front_matter={"k": text}, tags=(text,), claims=(claim,))
    quads = source_quads(rec)
    values = {q.object.value for q in quads if isinstance(q.object, ox.Literal)}
    assert {text, f"k: {text}"} <= values
    assert not any(isinstance(t, ox.BlankNode) for q in quads for t in (q.subject, q.object))


def test_a_lone_surrogate_is_one_error_line_and_the_rest_goes_in(tmp_path):
    ws = tmp_path / "ws"
    (ws / "inbox" / "a").mkdir(parents=True)
    (ws / "inbox/a/bad.md").write_text('---\ntitle: "bad \\ud800 x"\n---\n# T\n- hello world\n', "utf-8")
    (ws / "inbox/a/good.md").write_text("# ok\n- fine text 2x\n", "utf-8")
    rep = ingest_paths(Store(tmp_path / "st"), [ws], now=fixed_clock)
    assert rep.added == ["inbox/a/good.md"]
    assert len(rep.errors) == 1 and rep.errors[0].startswith("inbox/a/bad.md: ") and "\n" not in rep.errors[0]


def test_bad_files_in_a_pool_ingest(big_ws, tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(big_ws, ws)
    (ws / "inbox/zz").mkdir()
    (ws / "inbox/zz/binary.md").write_bytes(b"\x00\x01\x02 not text")
    (ws / "inbox/zz/empty.md").write_bytes(b"")
    (ws / "work-guard/broken.json").write_text("{not json", "utf-8")
    rep = ingest_paths(Store(tmp_path / "st"), [ws], jobs=2, now=fixed_clock)
    bad = {e.split(":")[0] for e in rep.errors}
    assert bad == {"inbox/zz/binary.md", "work-guard/broken.json"}
    # an empty note is read, with a warning (an Obsidian vault's "Untitled.md" is no error)
    assert "inbox/zz/empty.md: empty file; kept with nothing in it" in rep.warnings
    assert "inbox/zz/empty.md" in rep.added
    assert len(rep.added) == sum(1 for f in discover([ws])[0]) - 2


def _known_by_sparql(store: Store) -> dict:
    out = {}
    for row in store.select_terms(L._KNOWN):
        d = {k: to_python(row[k]) for k in ("rev", "path", "sha", "size", "mtime", "root")}
        d["legacy"] = False
        out[d["path"]] = d
    return out


def _plain(known):
    """``known_revisions`` rows without the side file's ``extractor`` (the provkg that read each file: the store
    does not record it)."""
    return {p: {k: v for k, v in d.items() if k != "extractor"} for p, d in known.items()}


def test_known_revisions_side_file_matches_the_store(tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    path = tmp_path / "st"
    ingest_paths(Store(path), [ws], now=fixed_clock)
    st = Store(path)
    assert (path / SIDECAR_NAME).is_file()
    assert _plain(L._read_known_file(st)) == L._known_by_scan(st) == _known_by_sparql(st) == _plain(L.known_revisions(st))
    notes = sorted((ws / "inbox").rglob("*.md"))
    with open(notes[0], "a", encoding="utf-8") as fh:
        fh.write("\n- 新增：吞吐提升 2x。\n")
    notes[1].unlink()
    rep = ingest_paths(Store(path), [ws], now=fixed_clock)
    assert len(rep.changed) == 1 and len(rep.removed) == 1
    st = Store(path)
    assert _plain(L._read_known_file(st)) == L._known_by_scan(st) == _known_by_sparql(st)
    # Another write (not an ingest) makes a new database: the side file no longer applies.
    with st.writer() as w:
        w.add([ox.Quad(ox.NamedNode("urn:x"), ox.NamedNode("urn:p"), ox.Literal("o"), PROV_GRAPH)])
    st = Store(path)
    assert L._read_known_file(st) is None
    assert L.known_revisions(st) == _known_by_sparql(st)
    assert ingest_paths(Store(path), [ws], now=fixed_clock).unchanged  # still incremental


def test_a_failed_write_leaves_the_store_and_the_side_file_that_still_holds(tmp_path):
    """A write that fails before it replaced the side file leaves it: it still names the live database
    (it was deleted, so the next ingest read the store instead).  One that replaced it: test_kill."""
    path = tmp_path / "st"
    ingest_paths(Store(path), [WORKSPACE], now=fixed_clock)
    before = _dump(Store(path))
    with pytest.raises(SyntaxError), Store(path).writer() as w:
        w.add_nquads(b"<urn:a> <urn:b> this is not N-Quads .\n", 1)
    assert _dump(Store(path)) == before
    assert (path / SIDECAR_NAME).exists() and L._read_known_file(Store(path)) is not None
    assert [p.name for p in path.glob("db-*")] == [(path / "CURRENT").read_text().strip()]
    assert _plain(L.known_revisions(Store(path))) == _known_by_sparql(Store(path))


def test_a_background_load_error_reaches_the_writer(tmp_path, monkeypatch):
    monkeypatch.setattr(Writer, "FLUSH_AT", 1)
    path = tmp_path / "st"
    with pytest.raises(SyntaxError), Store(path).writer() as w:
        w.add_nquads(b"not n-quads\n", 5)  # loaded in the background at once
        w.commit()
    assert not (path / "CURRENT").exists()


def test_discover_matches_a_plain_os_walk(tmp_path):
    ws = tmp_path / "ws"
    for d in ("inbox/a/.hidden", "inbox/b/__pycache__", "organized/knowledge", "work-guard", "other"):
        (ws / d).mkdir(parents=True)
    for f in ("inbox/a/x.md", "inbox/a/.hidden/h.md", "inbox/b/__pycache__/c.md", "inbox/b/y.json", "inbox/b/z.TXT",
              "organized/knowledge/k.md", "work-guard/m.json", "inbox/a/.dot.md"):
        (ws / f).write_text("- x\n", "utf-8")
    (tmp_path / "outside.md").write_text("- o\n", "utf-8")
    os.symlink(tmp_path / "outside.md", ws / "inbox/a/out.md")
    os.symlink(ws / "inbox/a/x.md", ws / "inbox/a/in.md")
    os.symlink(tmp_path, ws / "inbox/linked-folder")
    os.symlink(tmp_path / "missing.md", ws / "inbox/broken.md")
    found, problems = discover([ws])
    root = ws.resolve()
    expect, expect_problems = [], []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for fn in sorted([*filenames, *(d for d in dirnames if os.path.islink(os.path.join(dirpath, d)))]):
            if fn in dirnames:  # a folder link (os.walk does not follow it): a loop is one line (issue 23)
                full = Path(dirpath) / fn
                if Path(dirpath).is_relative_to(full.resolve()):
                    rel = full.relative_to(root).as_posix()
                    expect_problems.append(f"{rel}: symbolic link loop (a link to {os.readlink(full)}, "
                                           "a folder it is in); skipped")
                continue
            if fn.startswith(".") or not fn.lower().endswith((".md", ".markdown", ".txt", ".json")):
                continue
            if fn.lower().endswith(".json") and "work-guard" not in Path(dirpath).parts:
                continue
            full = Path(dirpath) / fn
            rel = full.relative_to(root).as_posix()
            if not full.exists():  # a dangling link is named as one (it once read "leads outside the workspace")
                expect_problems.append(f"{rel}: symbolic link to a missing file ({os.readlink(full)}); skipped")
                continue
            if not full.resolve().is_relative_to(root):
                expect_problems.append(f"{rel}: symbolic link leads outside the workspace; skipped")
                continue
            expect.append((full, rel))
    assert [(f.abs_path, f.rel) for f in found] == expect
    assert problems == expect_problems and len(problems) == 3


def test_ctrl_c_while_the_database_is_copied_leaves_no_half_copy(tmp_path, monkeypatch):
    """SIGINT in the first milliseconds of a write (while the live database is copied) left a db-000002
    folder beside the store until the next ingest (found by a fresh-user run)."""
    import pyoxigraph

    import graph.store as gs

    path = tmp_path / "st"
    ingest_paths(Store(path), [WORKSPACE], now=fixed_clock)
    before = _dump(Store(path))
    store = Store(path)

    class HalfCopy:
        def backup(self, target: str) -> None:
            Path(target).mkdir()
            (Path(target) / "000001.sst").write_bytes(b"half")
            raise KeyboardInterrupt

    class Ox:  # pyoxigraph, but the copy is interrupted
        class Store:
            @staticmethod
            def read_only(_path: str) -> HalfCopy:
                return HalfCopy()

        def __getattr__(self, name: str):
            return getattr(pyoxigraph, name)

    monkeypatch.setattr(gs, "ox", Ox())
    with pytest.raises(KeyboardInterrupt), store.writer():
        pass
    monkeypatch.undo()
    assert [p.name for p in path.glob("db-*")] == [(path / "CURRENT").read_text().strip()]
    assert _dump(Store(path)) == before


_STOP_POOL = """
import os, sys, time
from concurrent.futures import ProcessPoolExecutor
sys.path.insert(0, {root!r})
from graph import pool

def result(n):
    return b"x" * n

if __name__ == "__main__":
    with ProcessPoolExecutor(max_workers=2, initializer=pool.start_worker, initargs=(os.getpid(),)) as ex:
        futures = [ex.submit(result, 64 << 20) for _ in range(4)]
        time.sleep(0.3)  # the workers are sending their 64 MiB results now
        pool.stop_pool(ex)
    print("stopped")
"""


def test_a_pool_stopped_while_its_workers_send_results_lets_the_process_exit(tmp_path):
    """An ingest that stops early (the first write fails on a full disk) stops its pool: a worker killed
    while it sent a result left the pool's reader waiting for the rest for ever, and the process hung at
    exit after printing its error (CI, under load).  The workers now finish the chunk they hold."""
    import subprocess
    import sys

    script = tmp_path / "stop_pool.py"
    script.write_text(_STOP_POOL.format(root=str(ROOT)), "utf-8")
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "stopped\n"), r.stderr


def test_a_broken_pool_has_its_workers_killed_at_once(monkeypatch):
    """A broken pool (a worker killed by the OOM killer) cannot finish its chunks: its workers, which
    ignore SIGTERM, are killed without waiting for the grace period."""
    killed: list[str] = []

    class Proc:
        def __init__(self, name: str) -> None:
            self.name, self.sentinel = name, None

        def kill(self) -> None:
            killed.append(self.name)

    class Pool:
        _broken = "A child process terminated abruptly"
        _processes = {1: Proc("a"), 2: Proc("b")}

        def shutdown(self, wait: bool, cancel_futures: bool) -> None:
            assert (wait, cancel_futures) == (False, True)

    stop_pool(Pool(), grace=1000)
    assert killed == ["a", "b"]


def test_files_dense_in_statements_are_parsed_ahead_one_window_of_nquads_at_a_time(tmp_path, monkeypatch):
    """The pool's window counted source bytes (4 MiB): six 256 KiB notes of `- ab` lines, 280 MB of N-Quads
    each, were built ahead together and the ingest took 4.0 GB (issue 23; 1.8 GB now).  Files in flight
    are now bounded by the N-Quads they may become (``_nquads_bound``): here, scaled down (a window of
    3 MB, files of 300 statements: ~1.7 MB of N-Quads each), at most two of the six dense files wait."""
    import concurrent.futures as cf

    d = tmp_path / "ws" / "inbox" / "a"
    d.mkdir(parents=True)
    (tmp_path / "ws" / ".provkg-root").touch()
    for i in range(L.POOL_MIN_FILES):
        (d / f"t{i:03d}.md").write_text(f"- tiny note {i}\n", "utf-8")
    for i in range(6):
        (d / f"w{i}.md").write_text("".join(f"- ab {i} {j}\n" for j in range(300)), "utf-8")
    monkeypatch.setattr(L, "WINDOW_NQUADS", 3_000_000, raising=False)
    monkeypatch.setattr(L, "CHUNK_NQUADS", 1_500_000, raising=False)
    submitted: list[Path] = []

    class Recording(cf.ProcessPoolExecutor):
        def submit(self, fn, chunk, *a, **k):  # type: ignore[override]
            submitted.extend(arg[0].abs_path for arg in chunk)
            return super().submit(fn, chunk, *a, **k)

    monkeypatch.setattr(cf, "ProcessPoolExecutor", Recording)
    found, _ = discover([tmp_path / "ws"])
    args = [(f, None, "UTC", False) for f in found]
    size: dict[Path, int] = {}
    ahead: list[list[Path]] = []
    for done, (f, built) in enumerate(zip(found, L._built_in_order(args, 2, None)), 1):
        assert built.error is None
        size[f.abs_path] = len(built.data)
        ahead.append(submitted[done:])  # submitted, not yet taken: built or being built
    assert len(submitted) == len(args)
    dense = max(size.values())
    assert dense > 1_000_000
    worst = max(sum(size[p] for p in waiting) for waiting in ahead)
    assert dense <= worst <= 2 * dense + 100_000  # before: all six ahead at once
