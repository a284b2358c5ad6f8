"""A file's cost is bounded whatever it holds (issue 23): past ``MAX_FILE_FIGURES`` figures, a file's
statements go in without their figures, with one warning naming the file and the line.

1 MB of lines of figures (``- 1x 2x 3x 4x 5% 6% 7B 8M 9K``) held 306,000 figures, each a node of the
graph: 97 s and 2.4 GB to parse.  These tests use a budget of 10 (``PROVKG_MAX_FILE_FIGURES``) on a
12-line note, so they are cheap; docs/PERFORMANCE.md has the measured figures.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ingest.facts import figure_budget, find_figures
from provkg.cli import cli

NOTE = "inbox/ann/2026-10-27-runs.md"
KG = "https://w3id.org/provkg/ns#"
PROV = "http://www.w3.org/ns/prov#"


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    lines = ["# runs", ""] + [f"- run {i}: 1.5x faster, 20% less memory, 3x fewer requests" for i in range(1, 9)]
    lines += ["- the last run is described in prose only, see arXiv:2502.07115", "- run 9 gives 4x"]
    (ws / NOTE).write_text("\n".join(lines) + "\n", "utf-8")  # statements on lines 3-12, three figures a run
    return ws


def _figures_per_line(store: Path) -> dict[int, int]:
    q = (f"SELECT ?l (COUNT(?q) AS ?n) WHERE {{ GRAPH ?g {{ ?c a <{KG}Claim> ; <{PROV}qualifiedQuotation> ?qq . "
         f"?qq <{KG}line> ?l OPTIONAL {{ ?c <{KG}hasQuantity> ?q }} }} }} GROUP BY ?l")
    r = CliRunner().invoke(cli, ["--store", str(store), "sparql", "--format", "json", q])
    assert r.exit_code == 0, r.output
    return {int(row["l"]): int(row["n"]) for row in json.loads(r.stdout)["results"]}


def test_figures_past_the_file_budget_are_not_stored_and_one_warning_names_the_line(tmp_path, monkeypatch):
    ws = _workspace(tmp_path)
    store = tmp_path / "st"
    monkeypatch.setenv("PROVKG_MAX_FILE_FIGURES", "10")
    r = CliRunner().invoke(cli, ["--store", str(store), "-q", "ingest", str(ws)])
    assert r.exit_code == 0, r.output  # a warning, not an error (README: exit codes)
    warning = (f"warning: {NOTE}:6: the file states more than 10 figures: those from this line on are not "
               "stored (its statements are; PROVKG_MAX_FILE_FIGURES sets the limit)")
    assert [ln for ln in r.stderr.splitlines() if ln.startswith(("warning:", "error:"))] == [warning]
    # lines 3-5 keep their three figures, line 6 the one still allowed, none after; every statement is there
    assert _figures_per_line(store) == {3: 3, 4: 3, 5: 3, 6: 1, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0}
    r = CliRunner().invoke(cli, ["--store", str(store), "query", "claims", "--format", "json"])
    texts = [row["text"] for row in json.loads(r.stdout)["results"]]
    assert "run 9 gives 4x" in texts and any("arXiv:2502.07115" in t for t in texts)
    # the warning stays with the revision: an ingest that finds the file unchanged reports it again
    again = CliRunner().invoke(cli, ["--store", str(store), "-q", "ingest", "--strict", str(ws)])
    assert again.exit_code == 1 and warning in again.stderr.splitlines(), again.output


def test_a_file_within_the_budget_keeps_every_figure_and_warns_nothing(tmp_path, monkeypatch):
    ws = _workspace(tmp_path)
    monkeypatch.setenv("PROVKG_MAX_FILE_FIGURES", "25")  # the note states exactly 25
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "-q", "ingest", str(ws)])
    assert r.exit_code == 0 and "warning" not in r.stderr, r.output
    assert sum(_figures_per_line(tmp_path / "st").values()) == 25


def test_a_bad_budget_is_one_line_and_exit_2(tmp_path, monkeypatch):
    ws = _workspace(tmp_path)
    monkeypatch.setenv("PROVKG_MAX_FILE_FIGURES", "lots")
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "-q", "ingest", str(ws)])
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        "provkg: PROVKG_MAX_FILE_FIGURES='lots' is not a whole number of figures (0 or more)"], r.stderr


def test_the_budget_stops_reading_figures_once_twice_the_limit_is_read():
    """What bounds the time: past ``2 * limit`` figures read, ``find_figures`` reads none (a table row and a
    citation entry are read twice); outside a budget it reads every figure."""
    with figure_budget(4) as b:
        got = [len(find_figures(f"run {i}: 1.5x faster, 3x fewer requests")) for i in range(6)]
    assert got == [2, 2, 2, 2, 0, 0]
    assert b.read == 8 and b.refused == {"run 4: 1.5x faster, 3x fewer requests", "run 5: 1.5x faster, 3x fewer requests"}
    assert len(find_figures("run 6: 1.5x faster, 3x fewer requests")) == 2
