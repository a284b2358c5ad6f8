"""Locales and pipes: every command works and writes UTF-8 whatever the locale (issue 6, PITFALLS P5).

Subprocesses run ``python -m provkg`` with ``LC_ALL=C PYTHONUTF8=0`` (an ASCII locale: Python's
default stdout, argv and file encodings are ASCII there) and with a cp1252 or GBK stdout
(``PYTHONIOENCODING``), on a store holding the sample workspace (Chinese text).  Output bytes must
decode as UTF-8 and hold the CJK text; a closed stdout pipe (``| head -1``) ends quietly.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import MANIFEST_ID, ROOT, SEED, WORKSPACE
from provkg.cli import cli

ENVS = {
    "C": {"LC_ALL": "C", "PYTHONUTF8": "0"},
    "cp1252": {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "cp1252"},
    "gbk": {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "gbk"},
}


def _env(name: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    env.update(ENVS[name])
    env.pop("PROVKG_NO_REEXEC", None)
    return env


def _provkg(store, *args, env="C", **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "provkg", "--store", str(store), *map(str, args)],
                          env=_env(env), capture_output=True, timeout=180, cwd=ROOT, **kw)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    st = tmp_path_factory.mktemp("loc") / "st"
    res = _provkg(st, "-q", "ingest", WORKSPACE)  # the ingest itself under the C locale
    assert res.returncode == 0, res.stderr.decode("utf-8", "replace")
    return st


@pytest.mark.parametrize("env", list(ENVS))
@pytest.mark.parametrize("args, needle", [
    (["query", "claims", "--format", "table"], "对抗性"),
    (["query", "claims", "--format", "csv"], "卡片里写的"),
    (["brief", "--manifest", MANIFEST_ID], "可引用的 arXiv 号列表"),
    (["report", "contradictions", "--lang", "zh"], "对抗性到达"),
    (["sparql", "PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?t WHERE { ?s a kg:Section ; kg:title ?t }"], "引用列表"),
], ids=["query-table", "query-csv", "brief", "report", "sparql"])
def test_stdout_is_utf8_in_any_locale(store, env, args, needle):
    res = _provkg(store, *args, env=env)
    assert res.returncode == 0, res.stderr.decode("utf-8", "replace")
    out = res.stdout.decode("utf-8")  # strict
    assert needle in out.replace("│", "").replace(" ", "") or needle in out
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in out) > 50
    assert b"Traceback" not in res.stderr


def test_every_command_runs_under_the_c_locale(store, tmp_path):
    """Each command of ``provkg.cli.cli`` at least once, with non-ASCII arguments, under LC_ALL=C."""
    runs = {
        "ingest": [["ingest", WORKSPACE / "organized"]],
        "query": [["query", "papers", "--format", "json"]],
        "viz": [["viz", "-o", tmp_path / "图.html", "--title", "知识图谱"]],
        "run": [["run", WORKSPACE, "-o", tmp_path / "输出"]],
        "why": [["why", "arXiv:2502.07115v5"]],
        "export": [["export", "--format", "trig", "-o", tmp_path / "导出.trig"]],
        "audit-brief": [["audit-brief", SEED]],
        "check": [["check", WORKSPACE / "inbox" / "flyp" / "2026-10-26T1550-critical-read.md"]],
        "schema": [["schema", "--list"]],
        "import": [["import", tmp_path / "导出.trig"]],
        "diff": [["diff"]], "validate": [["validate"]],
    }
    names = sorted(cli.commands)
    done = []
    for name in names:
        for args in runs.get(name, [[name, "--help"]]):
            if name == "audit-brief" and not args[1].exists():
                continue
            res = _provkg(store, *args)
            err = res.stderr.decode("utf-8")  # strict: diagnostics are UTF-8 too
            assert res.returncode in (0, 1), (args, err)
            assert "Traceback" not in err
            res.stdout.decode("utf-8")
            done.append(name)
    assert (tmp_path / "图.html").read_bytes().decode("utf-8").count("<title>知识图谱</title>") == 1
    assert {"brief.md", "contradictions.md", "graph.html"} <= {p.name for p in (tmp_path / "输出").iterdir()}
    assert {"ingest", "query", "viz", "run"} <= set(done) and set(done) <= set(names)


def test_closed_pipe_ends_quietly(store):
    p = subprocess.Popen([sys.executable, "-m", "provkg", "--store", str(store), "query", "claims", "--format", "jsonl"],
                         env=_env("C"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    p.stdout.close()  # the reader is gone before anything is written: `| true`
    err = p.stderr.read()
    p.wait(timeout=120)
    assert err == b""
    assert p.returncode == 141  # 128 + SIGPIPE, like a shell tool; no traceback


def test_head_minus_one(store):
    cmd = f"{sys.executable} -m provkg --store {store} query papers --format csv | head -1"
    res = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], env=_env("C"), capture_output=True, timeout=120, cwd=ROOT)
    assert res.stdout.decode("utf-8").strip().startswith("arxiv_id") or res.stdout.strip()
    assert b"Traceback" not in res.stderr and b"BrokenPipe" not in res.stderr
    assert res.returncode in (0, 141)


def test_csv_with_no_rows_still_prints_the_header(store):
    r = CliRunner().invoke(cli, ["--store", str(store), "query", "claims", "--source", "no/such/file.md", "--format", "csv"])
    assert r.exit_code == 2  # an unknown source is an input error; the header is still printed
    header = r.stdout.strip().split(",")
    assert header[:4] == ["id", "text", "source", "line"] and len(r.stdout.strip().splitlines()) == 1
    r = CliRunner().invoke(cli, ["--store", str(store), "sparql", "SELECT ?a ?b WHERE { ?a <urn:none> ?b }", "--format", "csv"])
    assert r.exit_code == 0 and r.stdout.strip() == "a,b"
    r = CliRunner().invoke(cli, ["--store", str(store), "query", "claims", "--source", "no/such/file.md", "--format", "json"])
    assert json.loads(r.stdout)["count"] == 0
