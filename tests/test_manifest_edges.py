"""Manifests at their edges: two manifest files with one ``manifest_id``, and materials that go missing.

* Row order: two files ``work-guard/zeta.json`` and ``work-guard/alpha.json`` both say
  ``"manifest_id": "shared"``, so their items tie on (manifest ID, order).  ``manifests.rq``
  breaks the tie by the manifest file's path (then the item IRI), so the rows come out as
  alpha's item 0, zeta's item 0, alpha's item 1, … whatever the store's internal order, and the
  same after a fresh ingest, after an incremental one and in a second store.
* A copied manifest (same ID, same materials): one warning, and each material read once.
* Missing materials: a fresh ingest warns (exit 2) about a manifest item whose file is not in the
  workspace; an incremental ingest after such a file was deleted must give the same line, and
  none once the file is back (``graph.loader._missing_item_warnings``).
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from provkg.cli import cli

RQ = Path(__file__).resolve().parent.parent / "queries" / "sparql" / "manifests.rq"

#: zeta.json lists n1-n3, alpha.json n4-n6; sorted by (order, manifest path): alpha first at each order.
ZETA = ["n1", "n2", "n3"]
ALPHA = ["n4", "n5", "n6"]
EXPECTED_SPARQL = [  # (manifest path, order, item path)
    ("work-guard/alpha.json", 0, "inbox/ann/n4.md"), ("work-guard/zeta.json", 0, "inbox/ann/n1.md"),
    ("work-guard/alpha.json", 1, "inbox/ann/n5.md"), ("work-guard/zeta.json", 1, "inbox/ann/n2.md"),
    ("work-guard/alpha.json", 2, "inbox/ann/n6.md"), ("work-guard/zeta.json", 2, "inbox/ann/n3.md"),
]
EXPECTED_INCREMENTS = [(o, p) for _m, o, p in EXPECTED_SPARQL]


def _write_manifest(ws: Path, name: str, notes: list[str], suffix: str = "") -> None:
    (ws / "work-guard" / f"{name}.json").write_text(json.dumps({"manifest_id": "shared", "items": [
        {"path": f"inbox/ann/{n}.md", "kind": "note", "agent": "ann", "title": n + suffix} for n in notes]}),
        "utf-8")


def _shared_id_ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "work-guard").mkdir()
    for i in range(1, 7):
        (ws / "inbox" / "ann" / f"n{i}.md").write_text(f"# note {i}\n\n- point {i}\n", "utf-8")
    (ws / "inbox" / "ann" / "other.md").write_text("# other\n\n- unrelated\n", "utf-8")
    _write_manifest(ws, "zeta", ZETA)
    _write_manifest(ws, "alpha", ALPHA)
    return ws


def _cli(store: Path, *args: str):
    return CliRunner().invoke(cli, ["--store", str(store), *args])


def _ingest(store: Path, ws: Path):
    return _cli(store, "-q", "ingest", str(ws))


def _sparql_order(store: Path) -> list[tuple[str, int, str]]:
    r = _cli(store, "sparql", f"@{RQ}", "--format", "json")
    assert r.exit_code == 0, r.output
    return [(x["mpath"], x["order"], x["path"]) for x in json.loads(r.stdout)["results"]]


def _increments_order(store: Path) -> list[tuple[int, str]]:
    r = _cli(store, "query", "increments", "--format", "json")
    assert r.exit_code == 0, r.output
    return [(x["order"], x["source"]) for x in json.loads(r.stdout)["results"]]


def test_tied_manifest_rows_come_in_one_total_order_fresh_and_incremental(tmp_path):
    ws = _shared_id_ws(tmp_path)
    st = tmp_path / "st"
    assert _ingest(st, ws).exit_code == 0
    assert _sparql_order(st) == EXPECTED_SPARQL
    assert _increments_order(st) == EXPECTED_INCREMENTS
    # An unrelated note changes: the next ingest writes a new database, whose whole-store parts are
    # patched from the previous one's.
    (ws / "inbox" / "ann" / "other.md").write_text("# other\n\n- unrelated, edited\n", "utf-8")
    r = _ingest(st, ws)
    assert r.exit_code == 0, r.output
    assert _sparql_order(st) == EXPECTED_SPARQL
    assert _increments_order(st) == EXPECTED_INCREMENTS
    # A second store ingesting the same files from scratch agrees.
    st2 = tmp_path / "st2"
    assert _ingest(st2, ws).exit_code == 0
    assert _sparql_order(st2) == EXPECTED_SPARQL
    assert _increments_order(st2) == EXPECTED_INCREMENTS


def test_tied_manifest_rows_in_memory_store(tmp_path):
    """The plain read (no part cache: an in-memory store) gives the same total order."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.snapshot import load_snapshot

    ws = _shared_id_ws(tmp_path)
    st = Store(None)
    ingest_paths(st, [ws])
    got = [(m.manifest_path, m.order, m.path) for m in load_snapshot(st).manifest_items]
    assert got == EXPECTED_SPARQL


def test_tied_manifest_rows_after_the_first_sorting_manifest_changes(tmp_path):
    ws = _shared_id_ws(tmp_path)
    st = tmp_path / "st"
    assert _ingest(st, ws).exit_code == 0
    assert _increments_order(st) == EXPECTED_INCREMENTS
    _write_manifest(ws, "alpha", ALPHA, " (retitled)")  # same items, same orders, new bytes
    assert _ingest(st, ws).exit_code == 0
    assert _sparql_order(st) == EXPECTED_SPARQL
    assert _increments_order(st) == EXPECTED_INCREMENTS


# --- missing materials ---------------------------------------------------------------------------

GONE = "inbox/ann/n2.md"
WARNING = f"warning: work-guard/zeta.json:1: items[1].path '{GONE}' does not exist"


def _problems(r) -> list[str]:
    return [ln for ln in r.stderr.splitlines() if ln.startswith(("warning:", "error:"))]


def test_fresh_ingest_warns_about_a_missing_material(tmp_path):
    """Reported while the file is missing, and no longer once it is back: that warning is checked live,
    not kept with the manifest's revision as its other warnings are."""
    ws = _shared_id_ws(tmp_path)
    saved = (ws / GONE).read_bytes()
    (ws / GONE).unlink()
    r = _ingest(tmp_path / "st", ws)
    assert r.exit_code == 0, r.output
    assert _problems(r) == [WARNING]
    r = _ingest(tmp_path / "st", ws)
    assert (r.exit_code, _problems(r)) == (0, [WARNING])
    (ws / GONE).write_bytes(saved)
    r = _ingest(tmp_path / "st", ws)
    assert (r.exit_code, _problems(r)) == (0, [])


def test_incremental_ingest_warns_after_a_material_is_deleted_and_stops_once_it_is_back(tmp_path):
    ws = _shared_id_ws(tmp_path)
    st = tmp_path / "st"
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, [])
    saved = (ws / GONE).read_bytes()
    (ws / GONE).unlink()
    r = _ingest(st, ws)  # writes: n2.md is removed; zeta.json is unchanged
    assert r.exit_code == 0, r.output
    assert _problems(r) == [WARNING]
    r = _ingest(st, ws)  # nothing to write: the file is still missing, and still reported
    assert r.exit_code == 0, r.output
    assert _problems(r) == [WARNING]
    (ws / GONE).write_bytes(saved)
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, [])


def test_unchanged_manifest_problems_of_its_own_are_repeated_until_mended(tmp_path):
    """An item listed twice depends on the manifest's bytes only: kept with its revision when the manifest
    goes in, like any file's warnings, and reported again by every ingest while those bytes stay (it was
    reported once, so a CI check passed on the next run)."""
    ws = _shared_id_ws(tmp_path)
    _write_manifest(ws, "zeta", ["n1", "n1"])
    st = tmp_path / "st"
    r = _ingest(st, ws)
    assert r.exit_code == 0
    twice = ["warning: work-guard/zeta.json:1: items[1].path 'inbox/ann/n1.md' is listed twice"]
    assert _problems(r) == twice
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, twice)
    _write_manifest(ws, "zeta", ["n1"])
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, [])
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, [])


def test_manifest_scope_reads_every_file_with_the_shared_id(tmp_path):
    """``query increments --manifest shared`` reads the scope of the ID: both files' items, the same rows
    as the whole-store answer filtered to that ID (it picked one file by store order before)."""
    ws = _shared_id_ws(tmp_path)
    st = tmp_path / "st"
    assert _ingest(st, ws).exit_code == 0
    r = _cli(st, "query", "increments", "--manifest", "shared", "--format", "json")
    assert r.exit_code == 0, r.output
    assert [(x["order"], x["source"]) for x in json.loads(r.stdout)["results"]] == EXPECTED_INCREMENTS
    # A path names its file's ID, as it does for `brief`: the same rows (it gave zeta's three alone).
    r = _cli(st, "query", "increments", "--manifest", "work-guard/zeta.json", "--format", "json")
    assert [(x["order"], x["source"]) for x in json.loads(r.stdout)["results"]] == EXPECTED_INCREMENTS
    r = _cli(st, "brief", "--manifest", "work-guard/zeta.json", "--format", "json")
    assert r.exit_code == 0, r.output
    assert [(x["order"], x["source"]) for x in json.loads(r.stdout)["materials"]] == EXPECTED_INCREMENTS


def test_a_copied_manifest_is_warned_about_and_lists_each_material_once(tmp_path):
    """A copy of a manifest under another name (same ID, same materials) doubled every increment of the
    brief.  Ingest warns once for the pair (exit 2); the brief, `query increments` with and without
    --manifest and the ID all give each material once; files with one ID and no shared material (a
    shift split in two files, above) give no warning."""
    ws = _shared_id_ws(tmp_path)
    st = tmp_path / "st"
    r = _ingest(st, ws)
    assert (r.exit_code, _problems(r)) == (0, [])
    (ws / "work-guard" / "zeta copy.json").write_bytes((ws / "work-guard" / "zeta.json").read_bytes())
    r = _ingest(st, ws)
    assert r.exit_code == 0, r.output
    assert _problems(r) == ["warning: work-guard/zeta copy.json: manifest_id 'shared' is also declared by "
                            "work-guard/zeta.json (3 materials in both; each is read once): rename or remove a copy"]
    assert _increments_order(st) == EXPECTED_INCREMENTS
    for m in ("shared", "work-guard/zeta copy.json", "work-guard/alpha.json"):
        r = _cli(st, "query", "increments", "--manifest", m, "--format", "json")
        assert [(x["order"], x["source"]) for x in json.loads(r.stdout)["results"]] == EXPECTED_INCREMENTS, m
        r = _cli(st, "brief", "--manifest", m, "--format", "json")
        assert [(x["order"], x["source"]) for x in json.loads(r.stdout)["materials"]] == EXPECTED_INCREMENTS, m
        # The header names the file asked for (it named the first by path); the ID names the first.
        assert json.loads(r.stdout)["manifest_path"] == (m if m != "shared" else "work-guard/alpha.json")
    r = _ingest(st, ws)  # nothing written: said when the copy went in, not again
    assert (r.exit_code, _problems(r)) == (0, [])
    st2 = tmp_path / "st2"
    r = _ingest(st2, ws)  # both written by one ingest: one line for the pair
    assert r.exit_code == 0 and len(_problems(r)) == 1, r.output


def test_the_warning_names_the_copy_and_the_brief_by_id_the_file_named_after_it(tmp_path):
    """A copy of the sample manifest that sorts before it (`a-copy.json`): the one warning of the ingest
    that writes both is on the copy (not on the file named after the ID, which a user would remove), and
    `brief -m ID` names the file named after the ID.  Both followed sort order (found by a fresh-user run)."""
    import shutil

    from conftest import MANIFEST_ID, WORKSPACE

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    original = f"work-guard/{MANIFEST_ID}.json"
    shutil.copy(ws / original, ws / "work-guard" / "a-copy.json")
    st = tmp_path / "st"
    r = _ingest(st, ws)
    assert r.exit_code == 0
    assert _problems(r) == [f"warning: work-guard/a-copy.json: manifest_id '{MANIFEST_ID}' is also declared by "
                            f"{original} (8 materials in both; each is read once): rename or remove a copy"]
    r = _cli(st, "brief", "--manifest", MANIFEST_ID, "--format", "json")
    assert json.loads(r.stdout)["manifest_path"] == original
    r = _cli(st, "brief", "--manifest", "work-guard/a-copy.json", "--format", "json")
    assert json.loads(r.stdout)["manifest_path"] == "work-guard/a-copy.json"


def test_the_brief_lists_a_missing_material_as_not_ingested_not_as_checked(tmp_path):
    """The brief's "sources checked" named every material of the manifest, a file that was never read among
    them (a fresh-user run); it lists the ingested ones, and the evidence boundary names the other."""
    ws = _shared_id_ws(tmp_path)
    (ws / GONE).unlink()
    st = tmp_path / "st"
    _ingest(st, ws)
    r = _cli(st, "brief", "-m", "shared", "--lang", "en")
    assert r.exit_code == 0, r.output
    checked = next(ln for ln in r.stdout.splitlines() if ln.startswith("- Sources checked: "))
    assert f"`{GONE}`" not in checked and "`inbox/ann/n1.md`" in checked
    assert any(ln.startswith("- Not ingested (not consumed): ") and f"`{GONE}`" in ln for ln in r.stdout.splitlines())


def test_a_manifest_whose_knowledge_path_is_mistyped_is_a_warning_and_strict_fails(tmp_path):
    """`"knowledge": "organized/knowledge/spec-decodng.md"` (a typo) names no file: one warning line on
    every ingest (its shift would be judged against another living document without a word), exit 1 with
    ``--strict``; nothing once the path is right."""
    ws = _shared_id_ws(tmp_path)
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "spec-decoding.md").write_text("# Doc\n\n## 1 Intro\n\ntext\n", "utf-8")
    (ws / "work-guard" / "alpha.json").write_text(json.dumps({
        "manifest_id": "m1", "knowledge": "organized/knowledge/spec-decodng.md",
        "items": [{"path": "inbox/ann/n4.md"}]}), "utf-8")
    want = ("warning: work-guard/alpha.json: knowledge 'organized/knowledge/spec-decodng.md' does not exist; "
            "the shift is judged against no living document of that name (fix the path)")
    r = _ingest(tmp_path / "st", ws)
    assert (r.exit_code, _problems(r)) == (0, [want])
    r = _cli(tmp_path / "st", "-q", "ingest", "--strict", str(ws))
    assert r.exit_code == 1 and _problems(r) == [want]
    (ws / "work-guard" / "alpha.json").write_text(json.dumps({
        "manifest_id": "m1", "knowledge": "organized/knowledge/spec-decoding.md",
        "items": [{"path": "inbox/ann/n4.md"}]}), "utf-8")
    r = _ingest(tmp_path / "st", ws)
    assert (r.exit_code, _problems(r)) == (0, [])


def test_a_dotted_path_is_the_file_and_a_folder_or_backslash_path_is_a_warning(tmp_path):
    """A user's report: ``./inbox/li/a.md`` (as a shell completes it) was silently not the file, and a folder or a
    Windows path was silently not consumed."""
    ws = tmp_path / "ws"
    (ws / "inbox" / "li").mkdir(parents=True)
    (ws / "work-guard").mkdir()
    (ws / "inbox" / "li" / "a.md").write_text("# a\n\nSnapKV (arXiv:2404.14469) compresses the KV cache.\n", "utf-8")
    (ws / "inbox" / "li" / "b.md").write_text("# b\n", "utf-8")
    mid = "11111111-1111-1111-1111-111111111111"
    (ws / "work-guard" / f"{mid}.json").write_text(json.dumps({"manifest_id": mid, "items": [
        {"path": "./inbox/li/a.md"}, {"path": "inbox/li"}, {"path": "inbox\\li\\b.md"}]}), "utf-8")
    res = _ingest(tmp_path / "st", ws)
    assert res.exit_code == 0, res.output
    assert "items[1].path 'inbox/li' is a folder, not a file" in res.output
    assert "items[2].path 'inbox\\\\li\\\\b.md' does not exist (write 'inbox/li/b.md': paths use '/')" in res.output
    got = _cli(tmp_path / "st", "query", "increments", "--format", "json")
    rows = json.loads(got.output)["results"]
    assert [(r["source"], r["ingested"]) for r in rows] == [("inbox/li/a.md", True), ("inbox/li", False), ("inbox\\li\\b.md", False)]
