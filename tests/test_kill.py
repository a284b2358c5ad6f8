"""Kill an embedded ingest part-way (SIGKILL, no clean-up runs) and check the store survives.

A child process ingests a changed workspace into a store that already holds
the sample.  It is stopped at a chosen point -- just after it took the lock
and copied the database, or after every quad was written into the copy but
before ``CURRENT`` moved -- and killed with SIGKILL.  The previous store must
then answer every named query (and the brief) with the previous data, and the
next ingest must succeed (the kernel released the ``flock``; the half-written
copy is cleaned up).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap

import pytest
from conftest import MANIFEST_ID, ROOT, WORKSPACE, fixed_clock

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")

# The child pauses at the chosen point and says so on stdout; the parent kills it then.
_PAUSE = textwrap.dedent("""
    import os, signal, sys, time
    # Python installs its Ctrl-C handler only where SIGINT was not ignored: a runner started in the background of
    # a shell without job control hands its children SIGINT ignored, and Ctrl-C would then do nothing here
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, {root!r})
    import graph.store as gs

    def pause():
        print("READY", flush=True)
        # Short sleeps: the kernel may hand a process-group SIGINT to another thread (RocksDB's), which
        # does not wake one long sleep of the main thread; Python runs the handler at the next check.
        for _ in range(1200):
            time.sleep(0.1)

    import graph.loader as gl
    _orig_chunk = gl._build_chunk

    def paused_chunk(c):  # module level: the pool sends it to its workers by name
        os.write(1, b"READY\\n")  # one write: two workers' lines must not interleave
        time.sleep(2)
        return _orig_chunk(c)

    def pause_at(point):
        if point == "parsing":  # inside a pool worker's task: it says READY, then works on for 2 s
            gl._build_chunk = paused_chunk
        elif point == "locked":
            orig_init = gs.Writer.__init__
            def init(self, *a, **k):
                orig_init(self, *a, **k)
                pause()
            gs.Writer.__init__ = init
        else:
            orig_commit = gs.Writer.commit
            def commit(self):
                orig_commit(self)
                self.db.flush()
                pause()
            gs.Writer.commit = commit
""")
_CHILD = _PAUSE + textwrap.dedent("""
    from graph.loader import ingest_paths
    pause_at(sys.argv[3])
    ingest_paths(gs.Store(sys.argv[1]), [sys.argv[2]])
    print("NOT KILLED", flush=True)
""")


def _stop_when_ready(tmp_path, template: str, args: list[str], stop) -> tuple[int, str]:
    """Run ``template`` (a child script) with ``args`` in a session of its own; once it prints READY, call
    ``stop(pid)``; return its exit status (``-N`` for signal N) and its stderr."""
    script = tmp_path / "child.py"
    script.write_text(template.format(root=str(ROOT)), "utf-8")
    child = subprocess.Popen([sys.executable, str(script), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "READY", (line, child.stderr.read() if child.poll() is not None else "")
        stop(child.pid)
        code = child.wait(60)
        return code, child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()


def _answers(store) -> dict[str, object]:
    """Every named query's rows plus the English brief, as plain data."""
    from queries.briefing import brief_data
    from queries.named import QUERIES
    from queries.render.brief import render_brief

    out: dict[str, object] = {
        name: [r.model_dump(mode="json") for r in fn(store, manifest=None, source=None, all_sources=False)]
        for name, (fn, _) in QUERIES.items()
    }
    out["brief"] = render_brief(brief_data(store, MANIFEST_ID, now=fixed_clock(), lang="en").model_dump(mode="json"))
    return out


@pytest.mark.parametrize("point", ["locked", "written"])
def test_killed_ingest_leaves_previous_store(tmp_path, point):
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    path = tmp_path / "store"
    assert ingest_paths(Store(path), [ws], now=fixed_clock).errors == []
    before = _answers(Store(path))
    current = (path / "CURRENT").read_text()
    assert before["sources"] and before["claims"]

    # Change the workspace so the next ingest has real work: one edited note, one new note.
    note = ws / "inbox/jay/2026-10-27-1050-engineering-screen.md"
    note.write_text(note.read_text("utf-8") + "\n- 新增一条：arXiv:2401.10000 的吞吐提升 2× 未核实。\n", "utf-8")
    (ws / "inbox/jay/2026-10-28-0900-extra.md").write_text("# 补充\n\n## 新话题\n\n- 一条新笔记。\n", "utf-8")

    code, _err = _stop_when_ready(tmp_path, _CHILD, [str(path), str(ws), point],
                                  lambda pid: os.kill(pid, signal.SIGKILL))
    assert code == -signal.SIGKILL

    # The kill really happened mid-write: a second database folder exists, CURRENT did not move.
    assert (path / "CURRENT").read_text() == current
    assert len(list(path.glob("db-*"))) == 2
    assert _answers(Store(path)) == before

    # The next ingest takes the (released) lock and succeeds; the half-written copy goes.
    rep = ingest_paths(Store(path), [ws], now=fixed_clock)
    assert rep.errors == []
    assert rep.changed == ["inbox/jay/2026-10-27-1050-engineering-screen.md"]
    assert rep.added == ["inbox/jay/2026-10-28-0900-extra.md"]
    assert [p.name for p in path.glob("db-*")] == [(path / "CURRENT").read_text().strip()]
    after = _answers(Store(path))
    assert len(after["sources"]) == len(before["sources"]) + 1
    assert any("新增一条" in c["text"] for c in after["claims"])


# The CLI, paused at the chosen point, then interrupted as Ctrl-C does it: SIGINT to the whole
# process group (the parsing pool's workers included, at "locked").
_CLI_CHILD = _PAUSE + textwrap.dedent("""
    pause_at(sys.argv[1])
    from provkg.cli import cli
    cli(sys.argv[2:], prog_name="provkg")
""")


@pytest.mark.parametrize("point", ["parsing", "locked", "written"])
def test_ctrl_c_exits_130_with_one_line_and_leaves_previous_store(tmp_path, point):
    """Ctrl-C in `provkg ingest`: exit 130 (128 + SIGINT; click's "Aborted!" gave 1, the `--fail-on`
    status), one line on stderr and no traceback from the command or its pool, the previous store
    answering as before, and the next ingest succeeding."""
    from graph.loader import POOL_MIN_FILES, ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    path = tmp_path / "store"
    assert ingest_paths(Store(path), [ws], now=fixed_clock).errors == []
    before = _answers(Store(path))
    (ws / "inbox/jay/2026-10-28-0900-extra.md").write_text("# 补充\n\n- 一条新笔记。\n", "utf-8")
    if point == "parsing":  # enough new files for the parsing pool
        for i in range(POOL_MIN_FILES + 1):
            (ws / f"inbox/jay/2026-10-29-{i:04d}.md").write_text(f"# n{i}\n\n- 第 {i} 条。\n", "utf-8")
    code, err = _stop_when_ready(tmp_path, _CLI_CHILD, [point, "--store", str(path), "-q", "ingest", str(ws)],
                                 lambda pid: os.killpg(pid, signal.SIGINT))
    assert (code, err) == (130, "provkg: interrupted\n")
    assert _answers(Store(path)) == before
    # The side file the previous ingest left still names the live database and stays (it was deleted
    # by every failed write); one this write had already replaced names the copy thrown away and goes.
    from graph.loader import _read_known_file

    assert (_read_known_file(Store(path)) is not None) == (point != "written")
    assert (path / "known-revisions.marshal").exists() == (point != "written")
    rep = ingest_paths(Store(path), [ws], now=fixed_clock)
    assert rep.errors == [] and "inbox/jay/2026-10-28-0900-extra.md" in rep.added


def test_a_killed_first_ingest_leaves_a_store_the_next_ingest_takes(tmp_path):
    """SIGKILL during the first ingest into a new store: nothing can clean up, and the next ingest refused
    the folder as "a store whose pointer was lost" (the user had to delete it). The first write now names
    its database in FIRST-WRITE: the next ingest removes that folder and writes the store."""
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    path = tmp_path / "store"
    code, _err = _stop_when_ready(tmp_path, _CHILD, [str(path), str(ws), "written"],
                                  lambda pid: os.kill(pid, signal.SIGKILL))
    assert code == -signal.SIGKILL
    assert not (path / "CURRENT").exists() and [p.name for p in path.glob("db-*")] == ["db-000001"]
    assert (path / "FIRST-WRITE").read_text().strip() == "db-000001"
    assert not Store(path).exists()
    rep = ingest_paths(Store(path), [ws], now=fixed_clock)
    assert rep.errors == [] and len(rep.added) == 13
    assert [p.name for p in path.glob("db-*")] == [(path / "CURRENT").read_text().strip()]
    assert not (path / "FIRST-WRITE").exists() and _answers(Store(path))["claims"]


@pytest.mark.parametrize("point", ["written", "parsing"])
def test_sigterm_rolls_back_like_ctrl_c_and_exits_143(tmp_path, point):
    """`timeout` and `kill` send SIGTERM: the write is rolled back as for Ctrl-C (one line, exit 143 =
    128 + SIGTERM); a first ingest leaves no database folder behind. Sent to the whole group while the
    pool parses (`timeout`, `kill -- -PGID`), the workers ignore it: one that died of it mid-result left
    the ingest process waiting forever at exit."""
    from graph.loader import POOL_MIN_FILES

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    for i in range(POOL_MIN_FILES + 1 if point == "parsing" else 0):
        (ws / f"inbox/jay/2026-10-29-{i:04d}.md").write_text(f"# n{i}\n\n- 第 {i} 条。\n", "utf-8")
    path = tmp_path / "store"
    code, err = _stop_when_ready(tmp_path, _CLI_CHILD, [point, "--store", str(path), "-q", "ingest", str(ws)],
                                 lambda pid: os.killpg(pid, signal.SIGTERM))
    assert (code, err) == (143, "provkg: terminated\n")
    assert list(path.glob("db-*")) == [] and not (path / "CURRENT").exists()


def test_a_parsing_process_killed_is_one_line_and_the_ingest_ends(tmp_path):
    """A pool worker killed mid-ingest (SIGKILL, as the OOM killer does) broke the pool: the ingest printed a
    BrokenProcessPool traceback and then waited for ever at exit for the other workers, which ignore the
    SIGTERM the pool sends them (found by issue 23's attacker pass).  Now one line, exit 2, nothing written,
    no process left."""
    import time

    from generate import generate_workspace
    ws = generate_workspace(tmp_path / "big", 400, seed=7)
    store = tmp_path / "store"
    p = subprocess.Popen([sys.executable, "-m", "provkg", "--store", str(store), "-q", "ingest", "-j", "2", str(ws)],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    children: list[int] = []
    deadline = time.monotonic() + 60
    while not children and time.monotonic() < deadline and p.poll() is None:
        out = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
        children = [int(c) for c in out]
        time.sleep(0.05)
    if not children:
        p.kill()
        p.wait()
        pytest.skip("the ingest finished before a parsing process could be killed (machine too fast)")
    time.sleep(0.2)
    os.kill(children[0], signal.SIGKILL)
    try:
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    if p.returncode == 0:
        pytest.skip("the ingest finished before the parsing process was killed")
    assert (p.returncode, err) == (2, "provkg: a parsing process ended abruptly (killed, or out of memory); nothing "
                                      "was written: run the ingest again, with --jobs 1 to parse in one process\n")
    assert not (store / "CURRENT").exists()
    time.sleep(1)  # the workers' parent watch runs every half second
    left = [c for c in children[1:] if subprocess.run(["kill", "-0", str(c)], capture_output=True).returncode == 0]
    assert left == []
