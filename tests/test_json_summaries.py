"""`--format json` on ingest, run, check and import: one JSON document on stdout, valid against the
schema `provkg schema NAME` publishes, with the real values of the sample."""
from __future__ import annotations

import json

import jsonschema
from click.testing import CliRunner
from conftest import WORKSPACE

from provkg.cli import cli


def _doc(args, name):
    r = CliRunner().invoke(cli, args)
    doc = json.loads(r.stdout)
    schema = json.loads(CliRunner().invoke(cli, ["schema", name]).stdout)
    jsonschema.validate(doc, schema)
    return r, doc


def test_ingest_run_check_and_import_write_their_published_json(tmp_path):
    st = str(tmp_path / "st")
    r, doc = _doc(["--store", st, "ingest", str(WORKSPACE), "--format", "json"], "ingest")
    assert r.exit_code == 0 and doc["command"] == "ingest" and len(doc["added"]) == 13 and doc["unchanged"] == 0
    assert doc["activity"].startswith("https://w3id.org/provkg/id/activity/") and doc["errors"] == []
    r, doc = _doc(["--store", st, "ingest", str(WORKSPACE), "--format", "json"], "ingest")
    assert (doc["added"], doc["unchanged"], doc["activity"]) == ([], 13, None)  # nothing to write
    r, doc = _doc(["--store", st, "run", str(WORKSPACE), "-o", str(tmp_path / "out"), "--format", "json"], "run")
    assert r.exit_code == 0 and doc["ingest"]["unchanged"] == 13 and len(doc["manifests"]) == 1
    assert {p.rsplit("/", 1)[-1] for p in doc["outputs"]} == {"brief.md", "contradictions.md", "graph.html"}
    doc_path = WORKSPACE / "organized" / "knowledge" / "inference.md"
    r, doc = _doc(["check", str(doc_path), "--kind", "living_doc", "--format", "json", "--fail-on", "none"], "check")
    assert r.exit_code == 0 and doc["files"] == 1 and doc["count"] == len(doc["problems"])
    nt = tmp_path / "extra.nt"
    nt.write_text("<urn:a> <urn:b> \"c\" .\n", "utf-8")
    r, doc = _doc(["--store", st, "import", str(nt), "--format", "json"], "import")
    assert r.exit_code == 0 and doc["quads"] == 1 and doc["graphs"] == [nt.resolve().as_uri()]


def test_progress_shows_on_a_terminal_only(tmp_path):
    """validate, report, export and query draw a transient rich spinner on a terminal's stderr; a pipe gets none."""
    import os
    import pty
    import subprocess
    import sys

    st = str(tmp_path / "st")
    assert CliRunner().invoke(cli, ["--store", st, "-q", "ingest", str(WORKSPACE)]).exit_code == 0
    piped = subprocess.run([sys.executable, "-m", "provkg", "--store", st, "validate"], capture_output=True, text=True)
    assert piped.returncode == 0 and "\x1b[" not in piped.stderr and "validating" not in piped.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "provkg", "--store", st, "validate"], stdin=slave, stdout=subprocess.DEVNULL,
                         stderr=slave, env={**os.environ, "COLUMNS": "100", "TERM": "xterm"})
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait(60)
    os.close(master)
    assert p.returncode == 0 and b"validating (SHACL)" in out
