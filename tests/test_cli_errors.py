"""What a new user ran into: a reader that leaves mid-output, outputs that cannot be written, a store
path that is a file, a path that does not exist, a workspace whose manifest is broken."""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import MANIFEST_ID, ROOT, WORKSPACE
from provkg.cli import cli


def _cli(*args: str):
    return CliRunner().invoke(cli, list(args), obj={})


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    st = tmp_path_factory.mktemp("st") / "store"
    assert _cli("--store", str(st), "-q", "ingest", str(WORKSPACE)).exit_code == 0
    return st


@pytest.mark.parametrize(("args", "start"), [
    (["query", "claims", "--format", "jsonl"], b'{"id": "https://w3id.org/provkg/id/claim/'),
    (["export", "--format", "nquads"], b"<https://w3id.org/provkg/"),  # ~1.2 MB, written whole until now
])
def test_reader_leaving_mid_output_gives_141(store, args, start):
    """The output is more than a pipe holds: the reader reads one line and leaves while provkg is still
    writing. Before, CPython dropped the rest of a partial write and the command exited 0 (`export`
    until a fresh-user run found it); now the next 16 KiB piece raises and the command ends with 141,
    no traceback."""
    p = subprocess.Popen([sys.executable, "-m", "provkg", "--store", str(store), *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    first = p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    p.wait(timeout=120)
    assert first.startswith(start)
    assert p.returncode == 141 and b"Traceback" not in err


@pytest.mark.parametrize("args", [
    ["brief", "-m", MANIFEST_ID, "-o", "{bad}/b.md"],
    ["report", "contradictions", "-o", "{bad}/r.md"],
    ["query", "papers", "-o", "{bad}/p.txt"],
    ["viz", "-o", "{bad}/g.html"],
    ["export", "--format", "trig", "-o", "{bad}/s.trig"],
])
def test_an_output_that_cannot_be_written_is_one_line(store, tmp_path, args):
    """The output's folder is a regular file: one line naming it, exit 2, no traceback, nothing left."""
    bad = tmp_path / "afile"
    bad.write_text("x", "utf-8")
    r = _cli("--store", str(store), *[a.format(bad=bad) for a in args])
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"provkg: {bad}/") and "cannot write" in lines[0]
    assert lines[0].endswith(f"cannot write: {bad} is a file, not a folder")  # not the system's "Not a directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_run_into_a_file_is_one_line(tmp_path):
    bad = tmp_path / "afile"
    bad.write_text("x", "utf-8")
    r = _cli("--store", str(tmp_path / "st"), "run", str(WORKSPACE), "-o", str(bad / "out"))
    assert r.exit_code == 2 and "cannot write" in r.stderr and "Traceback" not in r.output
    assert f"cannot write: {bad} is a file, not a folder" in r.stderr
    # the output folder itself a file (a fresh user's `run ws -o b.md`): said so, not "File exists"
    r = _cli("--store", str(tmp_path / "st"), "run", str(WORKSPACE), "-o", str(bad))
    assert r.exit_code == 2 and r.stderr.strip().endswith(f"{bad}: cannot write: {bad} is a file, not a folder")
    # said before anything is ingested: no store was made
    assert not (tmp_path / "st").exists()


def test_store_path_that_is_a_file_is_one_line(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x", "utf-8")
    r = _cli("--store", str(f), "ingest", str(WORKSPACE))
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == f"provkg: {f}: not a folder; --store names a store folder (or an http(s) URL)"
    assert f.read_text("utf-8") == "x"


def test_ingest_of_a_missing_path_creates_no_store(tmp_path):
    r = _cli("--store", str(tmp_path / "st"), "ingest", str(tmp_path / "no" / "such"))
    assert r.exit_code == 2 and "no such file or folder" in r.stderr
    assert not (tmp_path / "st").exists()


def test_run_with_a_broken_manifest_still_writes_report_and_graph(tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    (m,) = (ws / "work-guard").glob("*.json")
    m.write_text(m.read_text("utf-8")[:-20], "utf-8")  # cut off: a JSON syntax error
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert "no valid increment manifest" in r.stderr and "see the errors above" in r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [".provkg-output", "contradictions.md", "graph.html"]


def test_run_after_a_manifest_broke_says_the_store_keeps_its_last_revision(tmp_path):
    # a fresh user's finding: the message said "no valid increment manifest … in the store" while `query increments`
    # still listed the manifest's last valid revision
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = str(tmp_path / "st")
    assert _cli("--store", st, "run", str(ws), "-o", str(tmp_path / "out")).exit_code == 0
    (m,) = (ws / "work-guard").glob("*.json")
    data = json.loads(m.read_text("utf-8"))
    del data["items"]
    m.write_text(json.dumps(data), "utf-8")
    r = _cli("--store", st, "run", str(ws), "-o", str(tmp_path / "out"))
    assert r.exit_code == 2
    last = r.stderr.strip().splitlines()[-1]
    assert "read in this run, so no brief" in last and "keeps its last valid revision in the store" in last
    assert "in the store, so no brief" not in last
    assert not (tmp_path / "out" / "brief.md").exists()
    inc = _cli("--store", st, "query", "increments", "--format", "json")
    assert inc.exit_code == 0 and json.loads(inc.stdout)  # the last valid revision is still there


def test_export_file_has_the_mode_of_a_plain_file(store, tmp_path):
    out = tmp_path / "s.trig"
    assert _cli("--store", str(store), "export", "--format", "trig", "-o", str(out)).exit_code == 0
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask


# -- from a fresh-user run: outputs and a lost CURRENT -------------------------------------------


def _provkg(*args, **kw):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "provkg", *args], capture_output=True, text=True, **kw)


def test_output_to_a_symlink_writes_its_target_and_keeps_the_link(tmp_path, store):
    target = tmp_path / "real.txt"
    target.write_text("old", "utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    res = _provkg("--store", str(store), "query", "sections", "--format", "csv", "-o", str(link))
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_text("utf-8").startswith("source,key,title")


def test_output_to_a_device_is_written_in_place_never_replaced(store):
    import os
    import stat

    res = _provkg("--store", str(store), "query", "sections", "-o", os.devnull)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_full_or_closed_stdout_is_one_line_not_a_traceback(store):
    import os
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        res = subprocess.run([sys.executable, "-m", "provkg", "--store", str(store), "query", "papers"],
                             stdout=full, stderr=subprocess.PIPE, text=True)
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == ["provkg: standard output: cannot write: No space left on device"]
    res = subprocess.run(f"'{sys.executable}' -m provkg query --list >&-", shell=True, capture_output=True, text=True)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "standard output is closed" in res.stderr


def test_a_store_that_lost_current_is_refused_not_emptied(tmp_path):
    import shutil

    from conftest import WORKSPACE

    store = tmp_path / "st"
    assert _provkg("--store", str(store), "ingest", str(WORKSPACE)).returncode == 0
    db = (store / "CURRENT").read_text("utf-8").strip()
    (store / "CURRENT").unlink()
    res = _provkg("--store", str(store), "ingest", str(WORKSPACE))
    assert res.returncode == 2
    assert "no CURRENT file naming the live one" in res.stderr and "Traceback" not in res.stderr
    assert (store / db).is_dir()  # nothing deleted
    (store / "CURRENT").write_text(db + "\n", "utf-8")  # the way back the message names
    assert _provkg("--store", str(store), "query", "sections").returncode == 0
    shutil.rmtree(store)


def test_a_yaml_escaped_control_character_never_reaches_the_store(tmp_path):
    import shutil

    from conftest import MANIFEST_ID, WORKSPACE

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    note = ws / "inbox" / "flyp" / "2026-10-26T1550-critical-read.md"
    text = note.read_text("utf-8")
    assert "\nauthor: flyp\n" in text
    note.write_text(text.replace("\nauthor: flyp\n", '\nauthor: "fl\\0yp"\n', 1), "utf-8")
    store = tmp_path / "st"
    res = _provkg("--store", str(store), "ingest", str(ws))
    assert res.returncode == 0  # the file went in, its front matter did not: a warning, exit 0 (issue 18)
    assert "inbox/flyp/2026-10-26T1550-critical-read.md:1: front matter: 'author' holds the control character " \
           "U+0000" in res.stderr
    brief = _provkg("--store", str(store), "brief", "-m", MANIFEST_ID)
    assert brief.returncode == 0 and "\x00" not in brief.stdout and "2026-10-26T1550-critical-read" in brief.stdout


def test_claims_of_an_unknown_source_says_so(store):
    res = _provkg("--store", str(store), "query", "claims", "--source", "data/workspace/inbox/flyp/nope.md",
                  "--format", "jsonl")
    assert res.returncode == 2 and res.stdout == ""  # an empty result keeps its shape (test_contract); an
    # unknown path is an input error (it exited 0, so a script's typo passed unnoticed)
    assert res.stderr.strip() == ("provkg: no source 'data/workspace/inbox/flyp/nope.md' in the store; source paths "
                                  "are workspace-relative, as `provkg query sources` lists them")
    # A living document with no duplicate is an empty answer, not an unknown source: no hint.
    doc = _provkg("--store", str(store), "query", "duplicates", "--source", "organized/knowledge/inference.md",
                  "--format", "jsonl")
    assert doc.returncode == 0 and doc.stderr == ""
    ok = _provkg("--store", str(store), "query", "claims", "--source", "inbox/flyp/2026-10-26T1550-critical-read.md",
                 "--format", "jsonl")
    assert ok.returncode == 0 and len(ok.stdout.splitlines()) > 5


_SEVEN = 'SELECT ?v WHERE { VALUES ?v { "r1" "r2" "r3" "r4" "r5" "r6" "r7" } } ORDER BY ?v'


def test_a_long_table_shows_the_first_rows_and_says_how_many_there_are(store):
    """``--format table`` stops at ``--max-rows`` (rich takes ~1 ms a row); a line under it gives the total;
    ``--max-rows 0`` and the other formats hold every row."""
    def run(*a):
        r = CliRunner().invoke(cli, ["--store", str(store), "sparql", _SEVEN, *a])
        assert r.exit_code == 0, r.output
        return r.stdout
    out = run("--max-rows", "3")
    assert [v for v in ("r1", "r2", "r3", "r4", "r7") if v in out] == ["r1", "r2", "r3"]
    assert "first 3 of 7 rows" in out.splitlines()[-1]
    out = run("--max-rows", "0")
    assert all(f"r{i}" in out for i in range(1, 8)) and "first" not in out
    assert "first" not in run()  # 7 rows: under the default cap
    assert run("--max-rows", "3", "--format", "csv").splitlines() == ["v", *(f"r{i}" for i in range(1, 8))]
    r = CliRunner().invoke(cli, ["--store", str(store), "sparql", _SEVEN, "--max-rows", "-1"])
    assert r.exit_code == 2 and "--max-rows" in r.output


def test_query_takes_m_for_manifest_like_brief(store):
    long = CliRunner().invoke(cli, ["--store", str(store), "query", "increments", "--manifest", MANIFEST_ID,
                                    "--format", "json"])
    short = CliRunner().invoke(cli, ["--store", str(store), "query", "increments", "-m", MANIFEST_ID,
                                     "--format", "json"])
    assert long.exit_code == short.exit_code == 0
    assert short.stdout == long.stdout and json.loads(short.stdout)["count"] > 0


@pytest.mark.parametrize(("args", "flag"), [
    (["papers", "-m", MANIFEST_ID], "--manifest"),
    (["claims", "--manifest", MANIFEST_ID], "--manifest"),
    (["claims", "--all-sources"], "--all-sources"),
    (["sections", "--source", "organized/knowledge/inference.md"], "--source"),
])
def test_a_query_option_the_query_does_not_take_is_refused_not_ignored(store, args, flag):
    """`query papers -m ID` printed every paper as if -m had narrowed it; now one usage line naming the
    queries that take the option, and nothing on stdout."""
    r = CliRunner().invoke(cli, ["--store", str(store), "query", *args])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.strip().splitlines() == [f"provkg: query {args[0]} does not take {flag} (it narrows: " + {
        "--manifest": "increments, items, contradictions, evidence", "--all-sources": "duplicates",
        "--source": "claims, duplicates"}[flag] + ")"]


def test_audit_brief_of_a_missing_file_is_one_error_and_no_ingest(tmp_path):
    st = tmp_path / "st"
    r = _cli("--store", str(st), "audit-brief", str(tmp_path / "nope.md"))
    assert r.exit_code == 2
    assert "does not exist" in r.output and "nope.md" in r.output
    assert "ingest:" not in r.output and not st.exists()


def test_audit_brief_of_a_note_is_refused_and_not_ingested(tmp_path):
    """A file with nothing a brief states (a note) gave "0 findings" and stayed in the store as a brief."""
    st = tmp_path / "st"
    assert _cli("--store", str(st), "-q", "ingest", str(WORKSPACE)).exit_code == 0
    before = _cli("--store", str(st), "query", "sources", "--format", "json").stdout
    note = WORKSPACE / "inbox/jay/2026-10-27-1050-engineering-screen.md"
    r = _cli("--store", str(st), "audit-brief", str(note))
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        f"provkg: {note}: not a shift brief (no manifest line, stated counts, consumed materials, "
        "increments or citable list); nothing ingested"]
    assert _cli("--store", str(st), "query", "sources", "--format", "json").stdout == before


@pytest.mark.parametrize(("args", "line"), [
    (["query", "papers", "--format", "xml"],
     "provkg: Invalid value for '--format': 'xml' is not one of 'table', 'json', 'jsonl', 'csv'. (see 'provkg query -h')"),
    (["query", "--max-rows", "-1", "papers"],
     "provkg: Invalid value for '--max-rows': -1 is not in the range x>=0. (see 'provkg query -h')"),
    (["bogus"], "provkg: No such command 'bogus'. (see 'provkg -h')"),
    (["--bogus", "query"], "provkg: No such option '--bogus'. (see 'provkg -h')"),
    (["audit-brief"], "provkg: Missing argument 'FILE'. (see 'provkg audit-brief -h')"),
    (["report", "contradictions", "--format", "nope"],
     "provkg: Invalid value for '--format': 'nope' is not one of 'md', 'json'. (see 'provkg report contradictions -h')"),
])
def test_a_usage_error_is_one_line(args, line):
    """click printed a usage line, a hint and the error (4 lines); every other bad input is one line."""
    r = CliRunner().invoke(cli, args, prog_name="provkg")
    assert r.exit_code == 2
    assert (r.stdout, r.stderr) == ("", line + "\n")


def test_provkg_alone_still_prints_its_help():
    r = CliRunner().invoke(cli, [], prog_name="provkg")
    assert r.exit_code == 2 and r.output.startswith("Usage: provkg [OPTIONS] COMMAND [ARGS]...")


def test_statement_lists_in_a_table_read_as_file_line_text_not_cut_json(store):
    """`query evidence` as a table showed its statements as JSON cut mid-string (a fresh-user run):
    each statement is now one `file:line text` entry, the first six, then "… N more"; json keeps all."""
    table = CliRunner().invoke(cli, ["--store", str(store), "query", "evidence", "--max-rows", "0"])
    data = CliRunner().invoke(cli, ["--store", str(store), "query", "evidence", "--format", "json"])
    assert table.exit_code == data.exit_code == 0
    assert '{"text"' not in table.stdout and '"source":' not in table.stdout
    rows = json.loads(data.stdout)["results"]
    many = next(r for r in rows if len(r["statements"]) > 6)
    first = many["statements"][0]
    flat = "".join(ch for ch in table.stdout if ch not in "│ \n")
    assert f"{first['source']}:{first['line']}".replace(" ", "") in flat
    assert f"…{len(many['statements']) - 6}more" in flat


def test_table_cell_text():
    from provkg.cli.output import table_cell as _table_cell

    st = {"text": "a  b\nc", "source": "n.md", "line": 3, "line_end": 3}
    assert _table_cell(st) == "n.md:3 a b c"
    assert _table_cell({"text": "x" * 200, "source": "n.md", "line": 1}).endswith("…")
    assert len(_table_cell({"text": "x" * 200, "source": "n.md", "line": 1})) == 120
    assert _table_cell([st] * 8).splitlines() == ["n.md:3 a b c"] * 6 + ["… 2 more"]
    assert _table_cell(["a", "b"]) == "a, b" and _table_cell(None) == "" and _table_cell(3) == "3"


@pytest.mark.parametrize("tz", ["Foo/Bar", "../../etc/passwd", ""])
def test_a_bad_provkg_tz_is_one_line_and_exit_2(tmp_path, tz):
    """An unknown PROVKG_TZ printed a ZoneInfoNotFoundError traceback (exit 1); now one line, exit 2, no
    store written. An empty one means UTC."""
    st = tmp_path / "st"
    r = subprocess.run([sys.executable, "-m", "provkg", "--store", str(st), "-q", "ingest", str(WORKSPACE)],
                       capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PROVKG_TZ": tz})
    if not tz:
        assert r.returncode == 0 and r.stderr == ""
        return
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr == (f"provkg: time zone {tz!r} (PROVKG_TZ) is not an IANA zone name such as "
                        "Asia/Shanghai or UTC\n")
    assert not st.exists()


def test_quiet_after_the_command_name_is_the_same_as_before_it(tmp_path):
    """`provkg ingest ws -q` said "No such option: -q" (a fresh-user run); every command takes it there too."""
    before = _cli("--store", str(tmp_path / "a"), "-q", "ingest", str(WORKSPACE))
    after = _cli("--store", str(tmp_path / "b"), "ingest", str(WORKSPACE), "-q")
    loud = _cli("--store", str(tmp_path / "c"), "ingest", str(WORKSPACE))
    assert before.exit_code == after.exit_code == loud.exit_code == 0
    assert before.stderr == after.stderr == "" and "ingest: added 13" in loud.stderr
    r = _cli("--store", str(tmp_path / "b"), "export", "--format", "nquads", "-o", str(tmp_path / "x.nq"), "--quiet")
    assert r.exit_code == 0 and r.stderr == "" and (tmp_path / "x.nq").stat().st_size > 0
    r = _cli("--store", str(tmp_path / "b"), "report", "contradictions", "-q", "-o", str(tmp_path / "r.md"))
    assert r.exit_code == 0 and r.stderr == "" and (tmp_path / "r.md").stat().st_size > 0


# -- issue 23: failures are one line with exit 2, never a traceback ---------------------------------------

def _run(*args: str, timeout: float = 60, preexec_fn=None, store: str | None = None) -> subprocess.CompletedProcess:
    """``provkg ARGS`` in a real process (a read that never ends would hang a CliRunner)."""
    cmd = [sys.executable, "-m", "provkg", *(["--store", store] if store else []), *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=timeout, preexec_fn=preexec_fn)


@pytest.mark.parametrize(("url", "problem"), [
    ("http://[::1", "not a valid URL (Invalid IPv6 URL)"),
    ("http://kg.example:99999", "not a valid URL (Port out of range 0-65535)"),
    ("http://kg example:7878", "not a valid URL (it holds a space or a control character)"),
    ("http://jay:s3cret@[kg", "not a valid URL (Invalid IPv6 URL)"),
    ("https://", "not an http(s) URL of a SPARQL server"),
    # a mistyped URL was taken for a folder: an ingest made ``ftp:/kg.example/ds`` in the working directory
    ("ftp://kg.example/ds", "not an http(s) URL of a SPARQL server (a folder named so: ./ftp://kg.example/ds)"),
    ("http:/kg.example:7878", "not an http(s) URL of a SPARQL server (a folder named so: ./http:/kg.example:7878)"),
])
def test_a_malformed_store_url_is_one_line(url, problem):
    """`--store http://[::1` and `--store 'http://a b'` ended in a ValueError / InvalidURL traceback (exit 1)."""
    r = _run("query", "sources", store=url)
    shown = url.replace(":s3cret@", ":***@")
    assert (r.returncode, r.stderr) == (2, f"provkg: --store {shown}: {problem}\n")
    assert "s3cret" not in r.stderr


def _file_limit(kib: int):
    """A ``preexec_fn`` that makes files larger than ``kib`` KiB unwritable (EFBIG), as a full disk does."""
    import resource
    import signal

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (kib * 1024, kib * 1024))
    return limit


def test_a_full_disk_is_one_line_and_leaves_the_store_as_it_was(tmp_path):
    """A write that runs out of space (here: RLIMIT_FSIZE, EFBIG) is one line, exit 2, and the previous
    store answers as before; a first write leaves no store.  It was exit 1 with a RocksDB traceback."""
    from generate import generate_workspace
    big = generate_workspace(tmp_path / "big", 120, seed=5)
    st = tmp_path / "st"
    r = _run("-q", "ingest", str(big), store=str(st), preexec_fn=_file_limit(64))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith(f"provkg: {st}: cannot ") and "File too large" in r.stderr
    assert not (st / "CURRENT").exists() and list(st.glob("db-*")) == []
    assert _run("-q", "ingest", str(WORKSPACE), store=str(st)).returncode == 0
    before = _run("query", "sources", "--format", "csv", store=str(st)).stdout
    r = _run("-q", "ingest", str(big), store=str(st), preexec_fn=_file_limit(256))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert _run("query", "sources", "--format", "csv", store=str(st)).stdout == before
    # the derived index rebuilt on a full disk: the user's to fix, not "a bug" (exit 70 before)
    r = _run("reindex", store=str(st), preexec_fn=_file_limit(64))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "cannot write the derived index" in r.stderr, r.stderr
    assert _run("query", "sources", "--format", "csv", store=str(st)).stdout == before
    out = tmp_path / "out"
    r = _run("-q", "export", "--format", "trig", "-o", str(out / "all.trig"), store=str(st), preexec_fn=_file_limit(16))
    assert (r.returncode, r.stderr) == (2, f"provkg: {out / 'all.trig'}: cannot write: File too large\n")


def test_reindex_on_a_disk_already_full_is_one_line_and_leaves_no_half_file(store, tmp_path, monkeypatch):
    """On a full tmpfs (ENOSPC) SQLite fails as soon as the new index file is opened ("database or disk is
    full" from ``PRAGMA journal_mode``), before the write the RLIMIT test above reaches: `reindex` ended
    as an internal error (exit 70) and left ``index.sqlite.new``."""
    import sqlite3

    from graph import index as gi

    st = tmp_path / "st"
    shutil.copytree(store, st)
    before = (st / "index.sqlite").read_bytes()
    real_init = gi.Index.__init__

    def full(self, path, *a, **k):
        if str(path).endswith(".new"):
            open(path, "wb").close()  # SQLite made the file before the disk refused the first page
            raise sqlite3.OperationalError("database or disk is full")
        real_init(self, path, *a, **k)

    monkeypatch.setattr(gi.Index, "__init__", full)
    r = _cli("--store", str(st), "reindex")
    assert (r.exit_code, r.stderr) == (2, f"provkg: {st / 'index.sqlite'}: cannot write the derived index: "
                                          "database or disk is full\n")
    assert not (st / "index.sqlite.new").exists() and (st / "index.sqlite").read_bytes() == before


def test_a_missing_database_file_is_one_line(store, tmp_path):
    """A database with a file gone (removed by hand, a disk error) is one line naming it, exit 2, for
    reads and writes alike: it was a RuntimeError traceback."""
    st = tmp_path / "st"
    shutil.copytree(store, st)
    live = st / (st / "CURRENT").read_text("utf-8").strip()
    next(live.glob("*.sst")).unlink()
    for args in (["query", "sources"], ["export", "--format", "nquads"], ["-q", "ingest", str(WORKSPACE)],
                 ["sparql", "SELECT * WHERE { ?s ?p ?o } LIMIT 1"]):
        r = _run(*args, store=str(st))
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, (args, r.stderr)
        assert r.stderr.startswith("provkg: ") and ".sst" in r.stderr and "Traceback" not in r.stderr


def test_devices_and_fifos_are_refused_everywhere(store, tmp_path):
    """`sparql @/dev/zero`, `import /dev/zero`, `audit-brief /dev/zero` read without end; a FIFO nobody
    writes blocked for ever.  Each is refused in one line, at once."""
    fifo = tmp_path / "pipe.trig"
    os.mkfifo(fifo)
    cases = [(["sparql", "@/dev/zero"], "provkg: /dev/zero: not a regular query file (a device, FIFO or socket); refused"),
             (["import", "/dev/zero", "--format", "nquads"],
              "provkg: /dev/zero: not a regular RDF file (a device, FIFO or socket); refused"),
             (["import", str(fifo)], f"provkg: {fifo}: not a regular RDF file (a device, FIFO or socket); refused"),
             (["sparql", f"@{fifo}"], f"provkg: {fifo}: not a regular query file (a device, FIFO or socket); refused"),
             (["audit-brief", "/dev/zero"], "provkg: /dev/zero: not a regular file (a device, FIFO or socket); refused"),
             (["report", "contradictions", "--fail-on", "new", "--baseline", "/dev/zero"],
              "provkg: /dev/zero: not a regular baseline report (a device, FIFO or socket); refused")]
    for args, line in cases:
        r = _run(*args, store=str(store), timeout=30)
        assert (r.returncode, r.stderr) == (2, line + "\n"), args


#: ``provkg ARGS`` that writes its peak resident memory last (``VmHWM``, Linux): the memory of the image
#: after ``exec``.  The rusage of a child (``wait4``) counts the forked copy of the test process too.
_PEAK = ("import atexit, sys\n"
         "def _peak():\n"
         "    try:\n"
         "        with open('/proc/self/status') as f:\n"
         "            kb = next(int(ln.split()[1]) for ln in f if ln.startswith('VmHWM:'))\n"
         "    except (OSError, StopIteration, ValueError):\n"
         "        return\n"
         "    sys.stderr.write(f'VmHWM {kb}\\n')\n"
         "atexit.register(_peak)\n"
         "from provkg.cli.app import main\n"
         "main()\n")


def _peak_run(*args: str, store: str, timeout: float = 60) -> tuple[int, str, float | None]:
    """``provkg ARGS`` in a real process: ``(exit status, stderr, peak resident memory in MB or None)``."""
    r = subprocess.run([sys.executable, "-c", _PEAK, "--store", store, *args], capture_output=True, text=True,
                       cwd=ROOT, timeout=timeout)
    lines = r.stderr.splitlines(keepends=True)
    if lines and lines[-1].startswith("VmHWM "):
        return r.returncode, "".join(lines[:-1]), int(lines[-1].split()[1]) / 1024
    return r.returncode, r.stderr, None


def test_a_huge_file_is_read_as_a_stream_or_refused_at_once(store, tmp_path):
    """`provkg import` read a regular file whole: a sparse 20 GB file grew the process to 21 GB (issue 23).
    N-Quads, TriG, Turtle and N-Triples are read as a stream (this one fails at its first byte); JSON-LD and
    RDF/XML, read whole for their checks, are refused past 256 MiB; `sparql @FILE` and `audit-brief FILE`
    read at most the file limit.  Each is one line, exit 2, in bounded memory (a sparse file costs no disk)."""
    big = tmp_path / "huge.nq"
    with open(big, "wb") as fh:
        fh.truncate(3 << 30)
    cases = [
        (["import", str(big)], f"provkg: {big}: not valid nquads: Parser error at line 1 column 1: '\u2400' is not "
                               "allowed at the beginning of a prefix name (line 1)"),
        (["import", "--format", "jsonld", str(big)],
         f"provkg: {big}: jsonld is read whole and is 3,221,225,472 bytes, over the 268,435,456-byte limit "
         "(PROVKG_MAX_IMPORT_BYTES raises it; or convert it to N-Quads or TriG, which are read as a stream)"),
        (["sparql", f"@{big}"], f"provkg: {big}: query file is 3,221,225,472 bytes, over the 262,144-byte limit"),
        (["audit-brief", str(big)], f"provkg: {big}: file is 3,221,225,472 bytes, over the 262,144-byte limit"),
    ]
    for args, line in cases:
        code, err, peak = _peak_run(*args, store=str(store), timeout=30)
        assert (code, err) == (2, line + "\n"), args
        assert peak is None or peak < 400, (args, peak)  # ~80 MB; reading the file whole took 3 GB


def test_an_unexpected_error_is_one_line_with_exit_70(store, monkeypatch):
    """A bug reaches the user as one line and exit 70 (EX_SOFTWARE), not a traceback; PROVKG_DEBUG=1 keeps it."""
    import queries.named as named

    def broken(*a, **k):
        raise TypeError("unsupported operand")

    monkeypatch.setitem(named.QUERIES, "papers", (broken, named.QUERIES["papers"][1]))
    r = _cli("--store", str(store), "query", "papers")
    assert (r.exit_code, r.stderr) == (70, "provkg: internal error: TypeError: unsupported operand (a bug: please "
                                           "report it; PROVKG_DEBUG=1 shows the traceback)\n")
    monkeypatch.setenv("PROVKG_DEBUG", "1")
    r = _cli("--store", str(store), "query", "papers")
    assert isinstance(r.exception, TypeError)


def test_a_query_nested_too_deeply_is_one_line_not_a_crash(store, tmp_path):
    """Oxigraph's SPARQL parser recursed once per bracket: ~3,000 nested braces or ~6,000 parentheses ended
    the process with a segmentation fault (exit 139, nothing said).  Brackets inside strings, IRIs and
    comments do not count; 256 levels are read."""
    deep = tmp_path / "deep.rq"
    deep.write_text("SELECT * WHERE { FILTER(" + "(" * 6000 + "1" + ")" * 6000 + ") }", "utf-8")
    r = _run("sparql", f"@{deep}", store=str(store))
    assert (r.returncode, r.stderr) == (2, "provkg: the query nests brackets 6002 deep; provkg reads queries up to "
                                           "256 levels deep\n")
    braces = "ASK { " + "{" * 3000 + "?s ?p ?o" + "}" * 3000 + " }"
    r = _run("sparql", braces, store=str(store))
    assert r.returncode == 2 and "nests brackets 3001 deep" in r.stderr
    ok = tmp_path / "ok.rq"
    ok.write_text('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o FILTER(?o != "' + ")" * 5000 + '") '
                  "FILTER(" + "(" * 200 + "true" + ")" * 200 + ") }", "utf-8")
    r = _run("sparql", f"@{ok}", "--format", "csv", store=str(store))
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "n" and int(r.stdout.splitlines()[1]) > 1000


def test_run_exits_0_on_warnings_and_1_with_strict(tmp_path):
    """Issue 18: a file that went in with a warning is not an error. ``run`` on a vault whose manifest names
    a file that is missing writes every output and exits 0; ``--strict`` (CI, pre-commit) exits 1 with the
    same one-line warning. A note's ordinary habits (an arXiv ID before the first ``##``, ``date: 2026``
    in Obsidian front matter) are no warning at all."""
    import json

    ws = tmp_path / "vault"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "work-guard").mkdir()
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "inference.md").write_text(
        "# Inference\n\n## 1. Decoding\n\n- Speculative decoding.\n\n## References\n\n- arXiv:2211.17192\n", "utf-8")
    (ws / "inbox" / "ann" / "medusa.md").write_text(
        "---\ndate: 2026\ntags: [paper]\n---\n# Medusa\n\nhttps://arxiv.org/abs/2401.10774\n\n"
        "## 动机\n\n- 多个解码头并行预测。\n", "utf-8")
    (ws / "work-guard" / "m.json").write_text(json.dumps({"manifest_id": "m", "items": [
        {"path": "inbox/ann/medusa.md", "kind": "note", "agent": "ann", "title": "Medusa"},
        {"path": "inbox/ann/gone.md", "kind": "note", "agent": "ann", "title": "gone"}]}), "utf-8")
    runner = CliRunner()
    r = runner.invoke(cli, ["--store", str(tmp_path / "st"), "-q", "run", str(ws), "-o", str(tmp_path / "out")])
    warnings = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert r.exit_code == 0, r.output
    assert warnings == ["warning: work-guard/m.json:1: items[1].path 'inbox/ann/gone.md' does not exist"]
    assert (tmp_path / "out" / "brief.md").is_file() and (tmp_path / "out" / "graph.html").is_file()
    r = runner.invoke(cli, ["--store", str(tmp_path / "st"), "-q", "run", "--strict", str(ws), "-o", str(tmp_path / "out")])
    assert r.exit_code == 1 and [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")] == warnings


def test_the_items_table_shows_what_a_curator_reads_and_says_where_the_rest_is(store):
    """`query items` as a table had 17 columns folded to unreadable widths (a fresh user's finding): it shows
    source, line, title, works, relevance, evidence, sections and the route provkg suggests, and names the columns csv/json
    add."""
    r = _cli("--store", str(store), "query", "items")
    assert r.exit_code == 0, r.output
    header = next(ln for ln in r.output.splitlines() if "source" in ln and "title" in ln)
    assert [c.strip() for c in header.strip("┃ ").split("┃")] == [
        "source", "line", "title", "works", "relevance", "evidence", "sections", "route"]
    assert "9 more columns (manifest_id, index, line_end, kind, resolved_by, statuses, mentions, reason, " \
           "cross_references): --format csv, jsonl or json" in r.output
    full = _cli("--store", str(store), "query", "items", "--format", "csv")
    assert full.output.splitlines()[0].split(",")[:3] == ["manifest_id", "source", "index"]


def test_brief_without_a_manifest_uses_the_stores_only_one(store, tmp_path):
    """`provkg brief` with one manifest in the store needs no -m; with none it says what to do (a fresh user
    found -m required with one manifest)."""
    one = _cli("--store", str(store), "brief", "--lang", "en")
    named = _cli("--store", str(store), "brief", "--lang", "en", "-m", MANIFEST_ID)
    assert one.exit_code == 0 and one.output == named.output and one.output.startswith("# ")
    empty = tmp_path / "empty"
    (empty / "inbox" / "a").mkdir(parents=True)
    (empty / "inbox" / "a" / "n.md").write_text("# A note\n\nSome text.\n", "utf-8")
    assert _cli("--store", str(tmp_path / "st"), "-q", "ingest", str(empty)).exit_code == 0
    none = _cli("--store", str(tmp_path / "st"), "brief")
    assert none.exit_code == 2 and "holds no manifest" in none.output


def test_an_empty_manifest_names_none(tmp_path):
    """`brief -m ''` (a name left empty) names no manifest: every path ends with the empty string, so it picked
    the lowest ID (found by a fresh user)."""
    from queries.snapshot import pick_manifest_id

    heads = [("e627b203-77c1", "work-guard/e627b203-77c1.json"), ("f00d", "work-guard/f00d.json")]
    assert pick_manifest_id("", heads) is None and pick_manifest_id("  ", heads) is None
    assert pick_manifest_id("e627", heads) == "e627b203-77c1"
    st = tmp_path / "st"
    assert _cli("--store", str(st), "-q", "ingest", str(WORKSPACE)).exit_code == 0
    r = _cli("--store", str(st), "brief", "-m", "")
    assert r.exit_code == 2 and "--manifest is empty" in r.output


# -- eleventh stop: a fresh user's two reports ------------------------------------------------------


def test_a_file_written_with_o_is_named_on_stderr_unless_quiet(store, tmp_path):
    """`brief -o`, `report -o`, `query -o` printed nothing (a fresh user took that for a failure): one
    `provkg: wrote PATH` line on stderr; none under -q and none for a device."""
    out = tmp_path / "r.md"
    r = _cli("--store", str(store), "report", "contradictions", "-o", str(out))
    assert r.exit_code == 0 and r.stderr == f"provkg: wrote {out}\n" and out.stat().st_size > 0
    r = _cli("--store", str(store), "-q", "query", "sections", "-o", str(tmp_path / "s.txt"))
    assert r.exit_code == 0 and r.stderr == ""
    r = _cli("--store", str(store), "query", "sections", "-o", os.devnull)
    assert r.exit_code == 0 and r.stderr == ""


def test_the_store_hint_is_given_only_when_no_store_was_named(tmp_path, monkeypatch):
    """"(or pass --store)" told a user who had passed --store to pass it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PROVKG_STORE", raising=False)
    named = _cli("--store", str(tmp_path / "nowhere"), "query", "papers")
    default = _cli("query", "papers")
    assert named.exit_code == default.exit_code == 2
    assert "no store at" in named.stderr and "--store" not in named.stderr
    assert default.stderr.rstrip().endswith("(or pass --store)")


def test_run_of_an_empty_folder_makes_no_output_folder(tmp_path):
    """A fresh user's `run empty -o outE`: exit 2 with its reason, and no `outE/` holding only provkg's marker."""
    (tmp_path / "empty").mkdir()
    r = _cli("--store", str(tmp_path / "st"), "run", str(tmp_path / "empty"), "-o", str(tmp_path / "outE"))
    assert r.exit_code == 2 and "no brief" in r.stderr
    assert not (tmp_path / "outE").exists()


def test_run_into_the_workspace_itself_is_one_line(tmp_path):
    """A fresh user's `provkg run . -o .`: the brief, report and graph would be read back as notes by the next run; said
    in one line before anything is ingested (exit 2). A folder inside the workspace stays allowed (it is marked as provkg's
    output and skipped)."""
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(ws))
    assert r.exit_code == 2 and r.stderr.strip().endswith("choose another folder")
    assert not (tmp_path / "st").exists() and not (ws / "brief.md").exists()


def test_run_into_a_workspace_folder_holding_notes_is_one_line(tmp_path):
    """A fresh user's `run ws -o ws/inbox`: the folder would be marked as provkg's output and its notes never read again;
    refused in one line before anything is ingested. An empty folder in the workspace, or one holding only what `run`
    wrote, stays allowed."""
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(ws / "inbox"))
    assert r.exit_code == 2 and "holds files of the workspace" in r.stderr and not (tmp_path / "st").exists()
    assert not (ws / "inbox" / "brief.md").exists()
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(ws / "out"))
    assert r.exit_code == 0, r.output
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(ws / "out"))
    assert r.exit_code == 0, r.output


def test_a_global_option_written_after_the_command_says_where_it_goes(tmp_path):
    """A fresh user's finding: ``provkg query papers --store st5`` answered "No such option '--store'. (Did you mean
    '--all-sources'…?)"; it now says that ``--store`` is written before the command, in one line, exit 2."""
    r = _cli("query", "papers", "--store", str(tmp_path / "st"))
    assert r.exit_code == 2
    assert r.stderr.strip() == ("provkg: --store is an option of provkg itself: write it before the command, "
                                "'provkg --store VALUE query …' (see 'provkg -h')")
    r = _cli("query", "papers", "--bogus")
    # (any other unknown option keeps click's words, in one line; the runner names the program ``cli``)
    assert r.exit_code == 2 and r.stderr.strip().startswith("provkg: No such option '--bogus'. (see '")
    assert r.stderr.strip().endswith(" query -h')")


def test_a_brief_or_report_written_into_the_workspace_is_not_read_back(tmp_path):
    """A fresh user's finding: ``brief -o brief.md`` and ``report contradictions -o contradictions.md`` inside the
    workspace came back at the next ingest as notes (150 claims, 17 contradictions with the notes they summarise).
    Files provkg writes there are listed in their folder's ``.provkg-outputs`` and the walk skips them; a file written
    outside any workspace leaves no listing."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    store = str(tmp_path / "store")
    assert _cli("--store", store, "-q", "ingest", str(ws)).exit_code == 0
    assert _cli("--store", store, "-q", "brief", "-o", str(ws / "brief.md")).exit_code == 0
    assert _cli("--store", store, "-q", "report", "contradictions", "-o", str(ws / "inbox" / "c.md")).exit_code == 0
    assert (ws / ".provkg-outputs").read_text("utf-8") == "brief.md\n"
    assert (ws / "inbox" / ".provkg-outputs").read_text("utf-8") == "c.md\n"
    r = _cli("--store", store, "ingest", str(ws))
    assert r.exit_code == 0 and "added 0, changed 0, removed 0" in r.stderr
    out = tmp_path / "elsewhere"
    out.mkdir()
    assert _cli("--store", store, "-q", "brief", "-o", str(out / "b.md")).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["b.md"]


def test_run_on_notes_with_no_manifest_warns_and_succeeds(tmp_path):
    """A folder of notes with no shift's manifest (an Obsidian vault, the public corpus) is no input error: the report and
    the graph are written, a ``warning:`` line says there is no brief, and the exit code is 0 (it was 2, which a CI job or a
    hook reads as broken notes; a fresh user's finding)."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    shutil.rmtree(ws / "work-guard")
    r = _cli("--store", str(tmp_path / "st"), "run", str(ws), "-o", str(tmp_path / "out"))
    assert r.exit_code == 0, r.stderr
    assert "warning:" in r.stderr and "no increment manifest" in r.stderr and "so no brief" in r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [".provkg-output", "contradictions.md", "graph.html"]
