"""provkg deletes only what provkg made, and an ingest does not empty a store by mistake (issue 23).

* ``--store DIR`` at a folder that is not a store: a write removed everything named ``db-*`` in it
  (``db-important/``, ``db-2024/``).  Now a folder that is neither a store nor empty is refused in one
  line, a store is marked (``provkg-store``), and only the databases provkg recorded are removed.
* Ingesting a folder that is empty (an unmounted share) removed every file of the store with exit 0, and
  every command then said the store was "written by an older provkg".  Now such an ingest, and one that
  would remove more than half of the store's files, asks for ``--allow-mass-removal`` and writes nothing.
"""
from __future__ import annotations

import shutil

from click.testing import CliRunner
from conftest import WORKSPACE

from graph.loader import ingest_paths
from graph.store import MARKER_NAME, REGISTRY_NAME, Store
from provkg.cli import cli


def _cli(*args: str):
    return CliRunner().invoke(cli, list(args), obj={})


def _user_folder(path):
    """A folder of someone's own data, with names a store uses."""
    for name in ("db-important", "db-2024"):
        (path / name).mkdir(parents=True)
        (path / name / "data.txt").write_text(f"{name}: keep me", "utf-8")
    (path / "notes.txt").write_text("mine", "utf-8")


def _tree(path) -> dict[str, str]:
    return {p.relative_to(path).as_posix(): (p.read_text("utf-8") if p.is_file() else "/")
            for p in sorted(path.rglob("*"))}


def test_a_folder_that_is_not_a_store_is_refused_in_one_line_and_left_alone(tmp_path):
    folder = tmp_path / "mine"
    _user_folder(folder)
    before = _tree(folder)
    for args in (["ingest", str(WORKSPACE)], ["import", str(tmp_path / "x.nq")]):
        (tmp_path / "x.nq").write_text("<urn:a> <urn:b> <urn:c> <urn:g> .\n", "utf-8")
        r = _cli("--store", str(folder), *args)
        assert r.exit_code == 2, r.output
        lines = r.stderr.strip().splitlines()
        assert lines[-1] == (f"provkg: {folder}: is not a provkg store and is not empty (holds db-2024, "
                             "db-important, notes.txt); provkg writes only into a new or empty folder or a "
                             "store it made: pass another --store"), lines
        assert "Traceback" not in r.output
    assert _tree(folder) == before


def test_an_empty_folder_becomes_a_store_and_a_store_keeps_db_folders_it_did_not_make(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    assert _cli("--store", str(folder), "-q", "ingest", str(WORKSPACE)).exit_code == 0
    assert (folder / MARKER_NAME).is_file()
    # someone's folder put into the store later: writes leave it, only recorded databases go
    (folder / "db-2024").mkdir()
    (folder / "db-2024" / "data.txt").write_text("keep me", "utf-8")
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    for i in range(3):
        (ws / "inbox" / "jay" / f"extra-{i}.md").write_text(f"# extra {i}\n\n- claim {i}\n", "utf-8")
        assert _cli("--store", str(folder), "-q", "ingest", str(ws)).exit_code == 0
    live = (folder / "CURRENT").read_text("utf-8").strip()
    assert live == "db-000004"  # numbered after provkg's own: db-2024 made the next one db-002025
    assert sorted(p.name for p in folder.glob("db-*")) == sorted(["db-2024", live])
    assert (folder / "db-2024" / "data.txt").read_text("utf-8") == "keep me"
    assert (folder / REGISTRY_NAME).read_text("utf-8").split() == [live]


def test_a_store_written_before_the_marker_is_adopted_with_its_live_database_only(tmp_path):
    """A store made by an older provkg has no marker: it is still written, and of its db-* folders only
    the live one is taken as provkg's (a copy left by a killed old write stays: nothing says it is ours)."""
    path = tmp_path / "old"
    assert ingest_paths(Store(path), [WORKSPACE]).errors == []
    (path / MARKER_NAME).unlink()
    (path / REGISTRY_NAME).unlink()
    (path / "db-2024").mkdir()
    (path / "db-2024" / "data.txt").write_text("keep me", "utf-8")
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    (ws / "inbox" / "jay" / "extra.md").write_text("# extra\n\n- one more claim\n", "utf-8")
    old_live = (path / "CURRENT").read_text("utf-8").strip()
    r = _cli("--store", str(path), "-q", "ingest", str(ws))
    assert r.exit_code == 0, r.output
    live = (path / "CURRENT").read_text("utf-8").strip()
    assert live != old_live and (path / MARKER_NAME).is_file()
    assert sorted(p.name for p in path.glob("db-*")) == sorted(["db-2024", live])


def test_ingesting_an_emptied_folder_asks_for_allow_mass_removal(tmp_path):
    ws = tmp_path / "share"
    shutil.copytree(WORKSPACE, ws)
    st = tmp_path / "store"
    assert _cli("--store", str(st), "-q", "ingest", str(ws)).exit_code == 0
    before = _cli("--store", str(st), "query", "sources", "--format", "csv").output
    live = (st / "CURRENT").read_text("utf-8")
    shutil.rmtree(ws)
    ws.mkdir()  # the share is not mounted: its mount point is an empty folder
    r = _cli("--store", str(st), "ingest", str(ws))
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        f"provkg: this ingest would remove 13 of the 13 files the store holds, and {ws} holds no file provkg "
        "reads (an unmounted share?); nothing was written: pass --allow-mass-removal if they really were deleted"]
    assert (st / "CURRENT").read_text("utf-8") == live
    assert _cli("--store", str(st), "query", "sources", "--format", "csv").output == before
    # asked for: every file goes, and the store is not taken for one written by an older provkg
    r = _cli("--store", str(st), "ingest", "--allow-mass-removal", str(ws))
    assert r.exit_code == 0 and "removed 13" in r.stderr, r.output
    q = _cli("--store", str(st), "query", "sources", "--format", "csv")
    assert q.exit_code == 0 and "older provkg" not in q.stderr and q.stdout.strip().count("\n") == 0


def test_an_ingest_that_would_remove_more_than_half_of_the_files_asks_first(tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws, ignore=shutil.ignore_patterns("work-guard"))  # no manifest naming the notes
    st = tmp_path / "store"
    assert ingest_paths(Store(st), [ws]).errors == []
    notes = sorted(ws.rglob("*.md"))
    assert len(notes) == 12

    def current() -> int:
        return Store(st).select("PREFIX kg: <https://w3id.org/provkg/ns#> SELECT (COUNT(?r) AS ?n) "
                                "WHERE { GRAPH ?g { ?r kg:current true } }")[0]["n"]

    for p in notes[:6]:  # 6 of 12: not more than half
        p.unlink()
    r = _cli("--store", str(st), "ingest", str(ws))
    assert r.exit_code == 0 and "removed 6" in r.stderr, r.output
    assert current() == 6
    for p in notes[6:9]:  # 3 of the 6 left: not more than half either
        p.unlink()
    assert _cli("--store", str(st), "-q", "ingest", str(ws)).exit_code == 0 and current() == 3
    for p in notes[9:11]:  # 2 of the 3 left: more than half
        p.unlink()
    live = (st / "CURRENT").read_text("utf-8")
    r = _cli("--store", str(st), "ingest", str(ws))
    assert r.exit_code == 2 and r.stderr.strip().splitlines() == [
        "provkg: this ingest would remove 2 of the 3 files the store holds, and that is more than half of them; "
        "nothing was written: pass --allow-mass-removal if they really were deleted"]
    assert (st / "CURRENT").read_text("utf-8") == live and current() == 3
    r = _cli("--store", str(st), "-q", "ingest", "--allow-mass-removal", str(ws))
    assert r.exit_code == 0 and current() == 1


def test_a_current_file_beside_the_users_own_files_is_no_store_to_adopt(tmp_path):
    """A folder whose CURRENT names a db-* folder, beside files of the user's own (``notes.txt``), was
    adopted as a store from before the marker and its ``db-important/`` removed by the next write (the
    second attacker's pass, issue 23): it is refused in one line and nothing in it is touched."""
    import pyoxigraph as ox

    folder = tmp_path / "tf4"
    folder.mkdir()
    db = ox.Store(str(folder / "db-important"))
    db.add(ox.Quad(ox.NamedNode("http://x/s"), ox.NamedNode("http://x/p"), ox.Literal("keep me")))
    db.flush()
    del db
    (folder / "CURRENT").write_text("db-important\n", "utf-8")
    (folder / "notes.txt").write_text("mine\n", "utf-8")
    before = sorted(p.name for p in folder.iterdir())
    r = _cli("--store", str(folder), "ingest", str(WORKSPACE))
    assert r.exit_code == 2 and "notes.txt" in r.stderr and "is not a provkg store" in r.stderr
    assert sorted(p.name for p in folder.iterdir()) == before and (folder / "db-important").is_dir()


def test_a_store_dropped_without_close_leaves_no_lock_for_a_forked_child_to_drop(tmp_path):
    """A reader registration whose file was closed by collection (a ``Store`` dropped without ``close``) left
    its descriptor number among the locks a forked child lets go of (``graph.store._drop_locks_in_child``
    points them at /dev/null).  The number was then a process pool's queue: the workers read end-of-file
    and the pool broke (``BrokenProcessPool`` in an ingest, seen in a whole-suite run).  A child now lets go
    only of descriptors that still name the lock file they were recorded for."""
    import gc
    import os
    import stat

    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "inbox" / "ann" / "n.md").write_text("# n\n\n- 吞吐提升 2x。\n", "utf-8")
    assert ingest_paths(Store(tmp_path / "st"), [ws]).errors == []
    s = Store(tmp_path / "st")
    s.db  # registered as a reader of the live database: its registration file is a held lock
    fd = s._reading.fileno()
    del s
    gc.collect()  # the registration file is closed by collection, not by close()
    r, w = os.pipe()
    try:
        os.dup2(r, fd)  # the number now names a pipe, as a pool's call queue did
        pid = os.fork()
        if pid == 0:  # the child: is its copy of the pipe still a pipe?
            os._exit(0 if stat.S_ISFIFO(os.fstat(fd).st_mode) else 1)
        _pid, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0  # 1: the child had pointed it at /dev/null
    finally:
        for x in {r, w, fd}:
            os.close(x)


def test_a_failed_first_write_leaves_no_store(tmp_path):
    """A failed ``import`` into a folder that did not exist left a store folder behind (its marker, registry
    and lock), as did an ingest whose every file failed: later commands met a folder provkg had claimed.  A
    first write that makes no database live now leaves no trace: a new folder (and the parents it needed)
    is gone, an empty folder is empty again; the same folder then takes a good write."""
    bad = tmp_path / "bad.nq"
    bad.write_text('<urn:a> <urn:b> "c" <urn:g> .\n<urn:a> <urn:b> bad bad\n', "utf-8")
    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "inbox" / "ann" / "b.md").write_bytes(b"\x00\x01binary")
    new, empty = tmp_path / "new" / "deeper" / "st", tmp_path / "empty"
    empty.mkdir()
    for store in (new, empty):
        r = _cli("--store", str(store), "import", str(bad))
        assert r.exit_code == 2 and r.stderr.startswith(f"provkg: {bad}: not valid nquads"), r.output
        r = _cli("--store", str(store), "-q", "ingest", str(ws))
        assert r.exit_code == 2 and r.stderr == "error: inbox/ann/b.md: binary file (NUL bytes), not text\n", r.output
    assert not (tmp_path / "new").exists()
    assert list(empty.iterdir()) == []
    mine = tmp_path / "mine"  # a folder holding only someone's file called ``lock`` is not an empty one
    mine.mkdir()
    (mine / "lock").write_text("my notes", "utf-8")
    r = _cli("--store", str(mine), "import", str(bad))
    assert r.exit_code == 2 and "is not a provkg store and is not empty (holds lock (not empty))" in r.stderr
    assert [p.name for p in mine.iterdir()] == ["lock"] and (mine / "lock").read_text("utf-8") == "my notes"
    (mine / "lock").unlink()
    (mine / MARKER_NAME).mkdir()  # a folder of someone's called provkg-store is no marker
    r = _cli("--store", str(mine), "import", str(bad))
    assert r.exit_code == 2 and "is not a provkg store and is not empty (holds provkg-store)" in r.stderr
    assert [p.name for p in mine.iterdir()] == [MARKER_NAME]
    good = tmp_path / "good.nq"
    good.write_text('<urn:a> <urn:b> "c" <urn:g> .\n', "utf-8")
    assert _cli("--store", str(new), "-q", "import", str(good)).exit_code == 0
    r = _cli("--store", str(new), "sparql", "SELECT ?o WHERE { GRAPH <urn:g> { ?s ?p ?o } }", "--format", "csv")
    assert r.exit_code == 0 and r.stdout.splitlines() == ["o", "c"], r.output


def test_a_first_ingest_of_an_empty_folder_says_so_and_makes_no_store(tmp_path):
    """A first ingest of an empty folder (an unmounted share) printed only 'added 0 … -> st', exit 0,
    and every command then said to 'run `provkg ingest PATH` first', which the user just had.  It now
    says the folder holds nothing provkg reads and that no store was made; nothing is made."""
    empty, st = tmp_path / "share", tmp_path / "st"
    empty.mkdir()
    (empty / "slides.pdf").write_bytes(b"%PDF-1.4\n")
    r = CliRunner().invoke(cli, ["--store", str(st), "ingest", str(empty)])
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == [
        f"warning: {empty}: holds no file provkg reads (*.md, *.markdown, *.txt; *.json under work-guard/); "
        "nothing was read from it",
        f"ingest: added 0, changed 0, removed 0, unchanged 0, errors 0 -> {st} (nothing written: no store yet)"]
    assert not st.exists()
    r = _cli("--store", str(st), "query", "sources")
    # (no "(or pass --store)": the user named the store)
    assert r.exit_code == 2 and r.stderr == (f"provkg: no store at {st}; run `provkg ingest PATH` on a folder or "
                                             "files holding notes first\n")
    assert _cli("--store", str(st), "-q", "ingest", "--strict", str(empty)).exit_code == 1


def test_a_write_removes_what_killed_writes_left_before_it_makes_its_copy(tmp_path):
    """A killed write leaves its copy of the database; the next write removed it only once it had
    committed, so ingests killed one after another (kill -9 at 2.5 s, 3.5 s, 5 s, 7 s) piled up a copy each.
    A write now removes them when it starts, even one that then fails; the live database stays."""
    st = tmp_path / "st"
    assert _cli("--store", str(st), "-q", "ingest", str(WORKSPACE)).exit_code == 0
    live = (st / "CURRENT").read_text("utf-8").strip()
    s = Store(st)
    for name in ("db-000007", "db-000008"):  # what two killed writes leave: recorded, half written
        s._save_registry(s._registry() | {name})
        (st / name).mkdir()
        (st / name / "000001.sst").write_bytes(b"half")
    bad = tmp_path / "bad.nq"
    bad.write_text("<urn:a> <urn:b> bad .\n", "utf-8")
    assert _cli("--store", str(st), "import", str(bad)).exit_code == 2
    assert sorted(p.name for p in st.glob("db-*")) == [live]
    assert {"db-000007", "db-000008"}.isdisjoint((st / REGISTRY_NAME).read_text("utf-8").split())


def test_one_stat_tells_nothing_a_folder_and_a_file_apart(tmp_path):
    """``graph.store._mode`` asks once whether something is at a path and whether it is a folder: asked as two questions
    (``is_dir()``, then ``exists()``), a store folder a failed first write took away and another made again between them
    read as a file ("not a folder": a CI run's race of three first writes)."""
    from graph.store import _mode

    (tmp_path / "d").mkdir()
    (tmp_path / "f").write_text("x")
    assert [_mode(tmp_path / n) for n in ("d", "f", "none")] == ["dir", "other", None]
    assert _mode(tmp_path / "f" / "st") is None  # (a file on the way: nothing there, as ``Path.exists`` says)
