"""Bad input, one clear line each, the right exit code, and the rest still ingested (issue 6).

Every case builds a small workspace in ``tmp_path`` holding one good note plus the bad
input, runs ``provkg ingest`` through click's ``CliRunner`` and checks:

* exit code 2 for a file that could not be read or used (``error:``), 0 for a file that went in with
  a warning and 1 for the same with ``--strict`` (issue 18: a warning is not an error); no traceback;
* exactly one ``error:``/``warning:`` line about the bad file, naming the file (and the
  line where there is one) and the problem;
* the good note is in the store (``query sources``), so one bad file never stops the others.

The table of cases is the "bad input matrix" of issue 6; ``docs/FORMAT.md`` section 12 and the
README's exit codes describe the behaviour.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from provkg.cli import cli

GOOD = "inbox/ann/2026-10-27-good.md"
GOOD_TEXT = "# good\n\n- 吞吐提升 2x，见 arXiv:2502.07115。\n"


def _manifest(items: list[str]) -> str:
    return json.dumps({"manifest_id": "m-bad", "items": [
        {"path": p, "kind": "note", "agent": "ann", "title": "t"} for p in items]}, ensure_ascii=False, indent=2)
    # items[0].path is on line 5, items[1].path on line 11 (a warning names the line of the item's path)


def _ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "work-guard").mkdir()
    (ws / GOOD).write_text(GOOD_TEXT, "utf-8")
    return ws


def _ingest(tmp_path: Path, *args: str):
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "-q", "ingest", *args])
    return r


def _sources(tmp_path: Path) -> set[str]:
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "sources", "--format", "json"])
    assert r.exit_code == 0, r.output
    return {row["source"] for row in json.loads(r.stdout)["results"]}


def _problem_lines(r) -> list[str]:
    return [ln for ln in r.stderr.splitlines() if ln.startswith(("error:", "warning:"))]


def _png_black(side: int) -> bytes:
    """A ``side`` x ``side`` black RGB PNG, its pixels stored without compression (zlib level 0)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes(3 * side) for _ in range(side))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b""))


# (id, relative path, bytes or a callable making the file, expected text in the one line)
CASES = [
    ("manifest-malformed-json", "work-guard/bad.json", b'{"manifest_id": "m1", "items": [',
     "work-guard/bad.json:1: invalid JSON: Expecting value (column 33)"),
    ("manifest-not-utf8", "work-guard/gbk.json", '{"manifest_id": "中文", "items": []}'.encode("gbk"),
     "work-guard/gbk.json:1: invalid JSON: not UTF-8 (byte 0xd6)"),
    ("manifest-extra-key", "work-guard/extra.json", b'{"manifest_id": "x", "items": [], "colour": 1}',
     "work-guard/extra.json:1: colour: Extra inputs are not permitted"),
    ("manifest-number-id", "work-guard/num.json", b'{"manifest_id": 2401.10000, "items": []}',
     "work-guard/num.json:1: manifest_id: Input should be a valid string"),
    ("manifest-deeply-nested", "work-guard/deep.json", b"[" * 100_000,
     "work-guard/deep.json"),
    ("manifest-missing-file", "work-guard/m.json", _manifest([GOOD, "inbox/ann/missing.md"]).encode(),
     "work-guard/m.json:11: items[1].path 'inbox/ann/missing.md' does not exist"),
    ("manifest-dotdot", "work-guard/m.json", _manifest([GOOD, "../../etc/passwd"]).encode(),
     "work-guard/m.json:11: items[1].path '../../etc/passwd' points outside the workspace; not linked"),
    ("manifest-absolute", "work-guard/m.json", _manifest(["/etc/passwd", GOOD]).encode(),
     "work-guard/m.json:5: items[0].path '/etc/passwd' points outside the workspace; not linked"),
    ("manifest-duplicate-entry", "work-guard/m.json", _manifest([GOOD, GOOD]).encode(),
     f"work-guard/m.json:11: items[1].path '{GOOD}' is listed twice"),
    # 0x81 is in no encoding provkg tries after UTF-8 (a lone GBK lead byte, unassigned in Windows-1252)
    ("invalid-utf8", "inbox/ann/latin1.md", "# t\n\n- café crème\n".encode("latin-1") + b"\x81\n",
     "inbox/ann/latin1.md:3: not valid UTF-8 (byte 0xe9), GBK nor Windows-1252 text"),
    ("mixed-utf8-and-gbk", "inbox/ann/mixed.md",
     "# t\n\n- 中文\n- ".encode() + "中文".encode("gbk") + b"\n",
     "inbox/ann/mixed.md:4: mixed encodings: line 3 is UTF-8, this line is not (byte 0xd6)"),
    # the UTF-8 line after the bad byte: read as Windows-1252, "对抗性到达" silently became "å¯¹æŠ—æ€§åˆ°è¾¾" (a fresh user's)
    ("mixed-latin1-then-utf8", "inbox/ann/mixed2.md", b"# Notes\n\n- good \xe9 bytes\n- " + "对抗性到达".encode() + b"\n",
     "inbox/ann/mixed2.md:3: mixed encodings: line 4 is UTF-8, this line is not (byte 0xe9)"),
    ("empty", "inbox/ann/empty.md", b"", "inbox/ann/empty.md: empty file; kept with nothing in it"),
    ("empty-manifest", "work-guard/e.json", b"\n", "work-guard/e.json: empty file"),
    ("whitespace-only", "inbox/ann/blank.md", b" \n\t\n", "inbox/ann/blank.md: empty file"),
    ("bom-only", "inbox/ann/bom.md", b"\xef\xbb\xbf\n", "inbox/ann/bom.md: empty file"),  # (a fresh user's finding)
    ("binary", "inbox/ann/pic.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
     "inbox/ann/pic.md: binary file (a PNG image), not text"),
    # a PNG with a black area (NULs at both parities) was called "UTF-16 text without a byte-order mark"
    ("binary-png-full-of-nul", "inbox/ann/x.md", _png_black(64),
     "inbox/ann/x.md: binary file (a PNG image), not text"),
    ("binary-full-of-nul", "inbox/ann/zeros.md", b"\x01\x02" + bytes(4096) + b"\x03",
     "inbox/ann/zeros.md: binary file (NUL bytes), not text"),
    ("broken-front-matter", "inbox/ann/fm.md", b"---\ntitle: [unclosed\n---\n# t\n- x\n",
     "inbox/ann/fm.md:1: front matter"),
    ("living-doc-without-sections", "organized/knowledge/doc.md", "只有一段话，没有任何标题。\n".encode(),
     "organized/knowledge/doc.md: living document has no sections"),
]


@pytest.mark.parametrize("rel, data, expected", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_bad_input_one_line_exit_2_rest_ingested(tmp_path, rel, data, expected):
    ws = _ws(tmp_path)
    p = ws / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    r = _ingest(tmp_path, str(ws))
    assert "Traceback" not in r.output and r.exception is None or isinstance(r.exception, SystemExit)
    lines = _problem_lines(r)
    assert len(lines) == 1, lines
    assert expected in lines[0], lines[0]
    assert "\n" not in lines[0]
    assert GOOD in _sources(tmp_path)
    if lines[0].startswith("error:"):
        assert r.exit_code == 2, (r.exit_code, r.output)
    else:  # the file went in: a warning exits 0, and 1 under --strict (the next ingest reports it again)
        assert r.exit_code == 0, (r.exit_code, r.output)
        strict = _ingest(tmp_path, "--strict", str(ws))
        assert strict.exit_code == 1 and _problem_lines(strict) == lines, (strict.exit_code, strict.output)


def test_50_mb_file_refused_with_its_size(tmp_path):
    ws = _ws(tmp_path)
    big = ws / "inbox" / "ann" / "huge.md"
    with open(big, "wb") as fh:  # sparse: 50 MB of size without writing 50 MB
        fh.truncate(50 * 1024 * 1024)
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2
    assert _problem_lines(r) == ["error: inbox/ann/huge.md: file is 52,428,800 bytes, over the 262,144-byte "
                                  "limit (PROVKG_MAX_FILE_BYTES raises it)"]
    assert _sources(tmp_path) == {GOOD}


def test_utf8_bom_and_gbk_notes_are_read(tmp_path):
    ws = _ws(tmp_path)
    (ws / "inbox/ann/bom.md").write_bytes(b"\xef\xbb\xbf# bom\n\n- BOM \xe6\x96\x87\xe6\x9c\xac 3x\n")
    (ws / "inbox/ann/gbk.md").write_bytes("# gbk\n\n- 国标编码的笔记，吞吐提升 5 倍\n".encode("gbk"))
    (ws / "work-guard/bom.json").write_bytes(b"\xef\xbb\xbf" + _manifest([GOOD]).encode())
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0, r.output
    assert _sources(tmp_path) == {GOOD, "inbox/ann/bom.md", "inbox/ann/gbk.md", "work-guard/bom.json"}
    out = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "claims", "--format", "json"])
    texts = {c["text"] for c in json.loads(out.stdout)["results"]}
    assert {"BOM 文本 3x", "国标编码的笔记，吞吐提升 5 倍"} <= texts
    assert not any(t.startswith("\ufeff") for t in texts)


def test_symlink_leading_out_is_refused_in_a_walk_and_by_name(tmp_path):
    ws = _ws(tmp_path)
    secret = tmp_path / "secret.md"
    secret.write_text("# secret\n\n- do not read me\n", "utf-8")
    link = ws / "inbox" / "ann" / "link.md"
    os.symlink(secret, link)
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2
    assert _problem_lines(r) == ["error: inbox/ann/link.md: symbolic link leads outside the workspace; skipped"]
    r = _ingest(tmp_path, str(link))
    assert r.exit_code == 2
    assert _problem_lines(r) == ["error: inbox/ann/link.md: symbolic link leads outside the workspace; skipped"]
    assert "secret.md" not in " ".join(_sources(tmp_path))


def test_manifest_symlinked_item_leading_out_is_not_linked(tmp_path):
    ws = _ws(tmp_path)
    os.symlink("/etc/hostname", ws / "inbox" / "ann" / "out.md")
    (ws / "work-guard" / "m.json").write_text(_manifest([GOOD, "inbox/ann/out.md"]), "utf-8")
    r = _ingest(tmp_path, str(ws / "work-guard" / "m.json"), str(ws / GOOD))
    assert r.exit_code == 0
    assert _problem_lines(r) == [
        "warning: work-guard/m.json:11: items[1].path 'inbox/ann/out.md' leads outside the workspace; not linked"]


def test_manifest_item_under_a_symlinked_folder_leading_out_is_not_linked(tmp_path):
    """The item is a plain file, its folder a symbolic link out of the workspace (folders are resolved
    once and shared by their items, ``check_manifest_paths``); a folder link inside the workspace is fine."""
    ws = _ws(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.md").write_text("# x\n\n- outside\n", "utf-8")
    os.symlink(outside, ws / "inbox" / "out")
    os.symlink(ws / "inbox" / "ann", ws / "inbox" / "alias")
    (ws / "work-guard" / "m.json").write_text(_manifest([GOOD, "inbox/out/x.md", "inbox/alias/" + GOOD.rsplit("/", 1)[1]]),
                                              "utf-8")
    r = _ingest(tmp_path, str(ws / "work-guard" / "m.json"), str(ws / GOOD))
    assert r.exit_code == 0
    assert _problem_lines(r) == [
        "warning: work-guard/m.json:11: items[1].path 'inbox/out/x.md' leads outside the workspace; not linked"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_and_devices_are_not_read(tmp_path):
    ws = _ws(tmp_path)
    os.mkfifo(ws / "inbox" / "ann" / "pipe.md")  # reading it would block forever
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2
    assert _problem_lines(r) == ["error: inbox/ann/pipe.md: not a regular file (device, FIFO or socket); skipped"]
    r = _ingest(tmp_path, "/dev/zero")  # would never end
    assert r.exit_code == 2 and "not a regular file" in _problem_lines(r)[0]


def test_missing_argument_is_one_line(tmp_path):
    ws = _ws(tmp_path)
    r = _ingest(tmp_path, str(ws), str(tmp_path / "nope"))
    assert r.exit_code == 2
    assert _problem_lines(r) == [f"error: {tmp_path / 'nope'}: no such file or folder"]
    assert GOOD in _sources(tmp_path)


def test_control_characters_never_reach_the_terminal(tmp_path):
    """ESC/BEL/C1 from a note or a manifest are shown as control pictures, one for one."""
    ws = _ws(tmp_path)
    (ws / "inbox/ann/esc.md").write_bytes(b"# t\n\n- a\x1b[2J\x1b]8;;javascript:alert(1)\x07b\xc2\x9bc\n")
    (ws / "work-guard/esc.json").write_text('{"manifest_id": "e\\u001b[31m", "items": []}', "utf-8")
    assert _ingest(tmp_path, str(ws)).exit_code == 0
    for fmt in ("table", "csv", "jsonl"):
        for q in ("claims", "sources"):
            r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", q, "--format", fmt])
            assert r.exit_code == 0
            assert not any(0x80 <= ord(ch) < 0xA0 or (ord(ch) < 0x20 and ch not in "\t\n\r") for ch in r.stdout)
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "claims", "--format", "json"])
    assert "a␛[2J␛]8;;javascript:alert(1)␇b\ufffdc" in {c["text"] for c in json.loads(r.stdout)["results"]}


def test_a_failed_ingest_leaves_the_input_files_untouched(tmp_path):
    ws = _ws(tmp_path)
    for rel, data, _ in [c[1:] for c in CASES if c[1].startswith("inbox/")]:
        (ws / rel).write_bytes(data)
    before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
    stat_before = {p: p.stat().st_mtime_ns for p in before}
    assert _ingest(tmp_path, str(ws)).exit_code == 2
    assert {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()} == before
    assert {p: p.stat().st_mtime_ns for p in before} == stat_before
    # re-running is safe: the same one-line errors, the good file unchanged
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2 and len(_problem_lines(r)) == len(before) - 1  # minus GOOD; the broken front matter is reported again
    assert GOOD in _sources(tmp_path)


def test_unknown_query_and_bad_sparql_are_one_line(tmp_path):
    ws = _ws(tmp_path)
    _ingest(tmp_path, str(ws))
    for args in (["query", "nope"], ["sparql", "SELECT WHERE {"], ["sparql", "@" + str(tmp_path / "none.rq")],
                 ["brief", "--manifest", "no-such-manifest"]):
        r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), *args])
        assert r.exit_code == 2, (args, r.output)
        assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
        assert "Traceback" not in r.output


def test_no_store_is_one_line(tmp_path):
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "none"), "query", "papers"])
    assert r.exit_code == 2 and r.stderr.strip().startswith("provkg: no store at")
    shutil.rmtree(tmp_path / "none", ignore_errors=True)


def test_a_files_warnings_are_reported_by_every_ingest_until_it_is_mended(tmp_path):
    """A broken front matter warned (exit 2 then; a warning exits 1 under --strict now) on the ingest that read the file only; the next ones exited 0
    while the file was still broken, so a CI check passed. The warnings are kept with the revision and
    reported again while its bytes stay; mending the file ends them."""
    import shutil

    from conftest import WORKSPACE
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    bad = ws / "inbox" / "jay" / "fm.md"
    bad.write_text("---\nauthor: [unclosed\n---\n# t\n\n- a point\n", "utf-8")
    st = Store(tmp_path / "st")
    first = ingest_paths(st, [ws])
    mine = [w for w in first.warnings if w.startswith("inbox/jay/fm.md")]
    assert mine and "inbox/jay/fm.md" in first.added
    again = ingest_paths(st, [ws])
    assert again.added == again.changed == [] and again.warnings == first.warnings
    bad.write_text("---\nauthor: jay\n---\n# t\n\n- a point\n", "utf-8")
    mended = ingest_paths(st, [ws])
    assert mended.changed == ["inbox/jay/fm.md"] and not any(w.startswith("inbox/jay/fm.md") for w in mended.warnings)
    assert not any(w.startswith("inbox/jay/fm.md") for w in ingest_paths(st, [ws]).warnings)


def test_bidirectional_overrides_never_reach_an_output(tmp_path):
    """U+202E (RIGHT-TO-LEFT OVERRIDE) and its kin reorder text on screen (Trojan Source): a quote then reads
    other than it is. Like control characters they become U+FFFD, one for one; LRM/RLM marks stay."""
    ws = _ws(tmp_path)
    (ws / "inbox/ann/bidi.md").write_text("# t\n\n- 吞吐 \u202e%02 降低\u202c 见 \u2066x\u2069 \u200f。\n", "utf-8")
    (ws / "work-guard/bidi.json").write_text('{"manifest_id": "m\\u202e1", "items": []}', "utf-8")
    assert _ingest(tmp_path, str(ws)).exit_code == 0
    bidi = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
    for fmt in ("table", "csv", "jsonl"):
        for q in ("claims", "sources"):
            r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", q, "--format", fmt])
            assert r.exit_code == 0 and not bidi & set(r.stdout)
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "claims", "--format", "json"])
    assert "吞吐 \ufffd%02 降低\ufffd 见 \ufffdx\ufffd \u200f。" in {c["text"] for c in json.loads(r.stdout)["results"]}


# -- issue 23: messages that named the wrong problem, and inputs that stopped every ingest -----------------

def test_utf16_is_read_with_its_byte_order_mark_and_named_without_one(tmp_path):
    """A UTF-16 note was called a "binary file (NUL bytes)".  With its byte-order mark (Windows Notepad's
    "Unicode") it is read; without one the line says what it is."""
    ws = _ws(tmp_path)
    (ws / "inbox/ann/le.md").write_bytes("\ufeff# 标题\n\n- 吞吐提升 3x。\n".encode("utf-16-le"))
    (ws / "inbox/ann/be.md").write_bytes("# title\n\n- one claim\n".encode("utf-16-be"))
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2
    assert _problem_lines(r) == ["error: inbox/ann/be.md: UTF-16 text without a byte-order mark (every other byte "
                                 "is NUL); save it as UTF-8"]
    assert _sources(tmp_path) == {GOOD, "inbox/ann/le.md"}
    rows = json.loads(CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "claims", "--source",
                                               "inbox/ann/le.md", "--format", "json"]).stdout)["results"]
    assert [row["text"] for row in rows] == ["吞吐提升 3x。"]


def test_dangling_links_and_link_loops_are_one_warning_each(tmp_path):
    """A symbolic link loop named *.md ended every ingest of the workspace with a RuntimeError traceback;
    a dangling link was said to lead outside the workspace."""
    ws = _ws(tmp_path)
    os.symlink("loop-b.md", ws / "inbox/ann/loop-a.md")
    os.symlink("loop-a.md", ws / "inbox/ann/loop-b.md")
    os.symlink("gone.md", ws / "inbox/ann/dangling.md")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0 and "Traceback" not in r.output
    assert _problem_lines(r) == [
        "warning: inbox/ann/dangling.md: symbolic link to a missing file (gone.md); skipped",
        "warning: inbox/ann/loop-a.md: symbolic link loop (a link that leads back to itself); skipped",
        "warning: inbox/ann/loop-b.md: symbolic link loop (a link that leads back to itself); skipped"]
    assert _sources(tmp_path) == {GOOD}
    r = _ingest(tmp_path, str(ws / "inbox/ann/loop-a.md"))  # named on the command line
    assert r.exit_code == 0 and _problem_lines(r) == [
        f"warning: {ws / 'inbox/ann/loop-a.md'}: symbolic link loop (a link that leads back to itself); skipped"]


def test_folder_link_loops_and_dangling_folder_links_are_one_warning_each(tmp_path):
    """Issue 23: a link to a folder above it (``up -> ..``), to its own folder, a link to itself and a link
    to an unmounted share (``share -> /mnt/…``) were skipped without a word; each is one warning now, a
    folder link out of the workspace one error as a file link out is, and the good note still goes in.
    Links named like other files (``fig.png``: git-annex content not fetched) stay quiet."""
    ws = _ws(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.md").write_text("- outside\n", "utf-8")
    ann = ws / "inbox/ann"
    os.symlink("..", ann / "up")
    os.symlink("../ann", ann / "again")
    os.symlink("self", ann / "self")
    os.symlink(tmp_path / "no-share", ann / "share")
    os.symlink(tmp_path / "elsewhere", ann / "out")
    os.symlink(tmp_path / "no-fig.png", ann / "fig.png")
    os.symlink("../../work-guard", ann / "guard")  # a folder inside the workspace: read where it is
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert _problem_lines(r) == [
        "warning: inbox/ann/again: symbolic link loop (a link to ../ann, a folder it is in); skipped",
        "warning: inbox/ann/self: symbolic link loop (a link that leads back to itself); skipped",
        f"warning: inbox/ann/share: symbolic link to a missing file or folder ({tmp_path / 'no-share'}); skipped",
        "warning: inbox/ann/up: symbolic link loop (a link to .., a folder it is in); skipped",
        "error: inbox/ann/out: symbolic link leads outside the workspace; skipped"]
    assert _sources(tmp_path) == {GOOD}
    os.remove(ann / "out")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0 and len(_problem_lines(r)) == 4


def test_a_file_name_with_control_characters_is_one_visible_line(tmp_path):
    """A file named ``evil\nerror: fake.md`` printed its error as two lines, the second a forged
    ``error:``; an escape sequence in a name coloured the terminal and a right-to-left override reversed
    it on screen.  Such a file is refused in one line that shows the name with the characters visible
    (``␤``, ``␛``, U+FFFD); the good note still goes in."""
    ws = _ws(tmp_path)
    for name in ("evil\nerror: fake.md", "\x1b[31mred.md", "rtl\u202egnp.md"):
        (ws / "inbox" / "ann" / name).write_text("- 吞吐提升 3x\n", "utf-8")
    r = _ingest(tmp_path, str(ws))
    why = ("the file name holds a control character (a line break, an escape or a bidirectional override); "
           "rename the file; skipped")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [f"error: inbox/ann/\u241b[31mred.md: {why}",
                                     f"error: inbox/ann/evil\u2424error: fake.md: {why}",
                                     f"error: inbox/ann/rtl\ufffdgnp.md: {why}"]
    assert _sources(tmp_path) == {GOOD}


def test_a_folder_tree_thousands_deep_is_walked(tmp_path):
    """The folder walk recursed once per level: 1,200 nested folders ended the ingest with an internal
    error (RecursionError) instead of reading the note at the bottom."""
    ws = _ws(tmp_path)
    deep = ws / "inbox"
    for _ in range(1200):  # one level at a time: Path.mkdir(parents=True) recurses too
        deep = deep / "d"
        deep.mkdir()
    (deep / "n.md").write_text("- deep\n", "utf-8")
    try:
        r = _ingest(tmp_path, str(ws))
        assert r.exit_code == 0, r.output
        assert _sources(tmp_path) == {GOOD, (deep / "n.md").relative_to(ws).as_posix()}
    finally:  # shutil.rmtree (pytest's clean-up of old tmp_path folders) recurses once per level too
        (deep / "n.md").unlink()
        while deep != ws / "inbox":
            deep.rmdir()
            deep = deep.parent


def test_deep_front_matter_is_a_warning_and_the_note_goes_in(tmp_path):
    """Front matter nested thousands deep refused the whole note (RecursionError); it is a warning now,
    as any other front matter YAML cannot read."""
    ws = _ws(tmp_path)
    (ws / "inbox/ann/deep.md").write_text("---\ntags: " + "[" * 5000 + "]" * 5000 + "\n---\n# deep\n\n- 一条结论。\n",
                                          "utf-8")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0
    assert _problem_lines(r) == ["warning: inbox/ann/deep.md:1: front matter is nested too deeply to read; "
                                 "front matter ignored"]
    assert _sources(tmp_path) == {GOOD, "inbox/ann/deep.md"}


def test_a_manifest_key_given_twice_is_an_error_not_a_silent_choice(tmp_path):
    """JSON keeps the last value of a name given twice; a manifest listing `items` twice lost the first
    list without a word."""
    ws = _ws(tmp_path)
    (ws / "work-guard/twice.json").write_text(
        '{\n  "manifest_id": "m-twice",\n  "items": [{"path": "%s", "kind": "note", "agent": "ann", "title": "t"}],\n'
        '  "items": []\n}\n' % GOOD, "utf-8")
    (ws / "work-guard/item.json").write_text(
        '{"manifest_id": "m-item", "items": [{"path": "%s", "kind": "note", "agent": "ann", "title": "t",'
        ' "agent": "bob"}]}' % GOOD, "utf-8")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 2
    assert _problem_lines(r) == [
        "error: work-guard/item.json:1: items[0].agent: the key is given twice in one object; JSON keeps only "
        "the last value, so the first would be lost silently: remove one",
        "error: work-guard/twice.json:4: items: the key is given twice in one object; JSON keeps only the last "
        "value, so the first would be lost silently: remove one"]
    assert _sources(tmp_path) == {GOOD}


def test_front_matter_aliases_that_expand_without_bound_are_a_warning(tmp_path):
    """YAML aliases in a 1 KB front matter (nine of nine: 387 M strings once expanded) made the note's
    ingest run for minutes and take gigabytes; they are a warning now and the note goes in."""
    ws = _ws(tmp_path)
    lines = ["---", 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    lines += ["title: {x: *a8}", "---", "# laughs", "", "- 一条结论。"]
    (ws / "inbox/ann/lol.md").write_text("\n".join(lines) + "\n", "utf-8")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0
    assert _problem_lines(r) == ["warning: inbox/ann/lol.md:1: front matter holds more than 100,000 values once its "
                                 "YAML aliases (*name) are expanded; front matter ignored"]
    assert _sources(tmp_path) == {GOOD, "inbox/ann/lol.md"}


def test_a_yaml_tag_in_front_matter_is_ignored_with_a_warning(tmp_path):
    """``author: !!python/object/apply:os.system [...]`` was read with its tag silently dropped (YAML is
    read as plain strings, nothing is ever constructed): one warning now names the tag and its line; the
    value is kept as plain text and the rest of the front matter too."""
    ws = _ws(tmp_path)
    (ws / "inbox/ann/tag.md").write_text(
        '---\ntitle: Tagged\nauthor: !!python/object/apply:os.system ["echo hi"]\nn: !!int 5\n---\n'
        "# tagged\n\n- 一条结论。\n", "utf-8")
    r = _ingest(tmp_path, str(ws))
    assert r.exit_code == 0, r.output
    assert _problem_lines(r) == ["warning: inbox/ann/tag.md:1: front matter line 3: the YAML tag "
                                 "!!python/object/apply:os.system (on 'author') was ignored, and 1 more; their values are "
                                 "read as plain text"]
    assert _sources(tmp_path) == {GOOD, "inbox/ann/tag.md"}
    (ws / "inbox/ann/tag.md").write_text("---\ntitle: 'Hello !world'\ntags: [a!, b]\n---\n# t\n\n- 一条结论。\n", "utf-8")
    assert _problem_lines(_ingest(tmp_path, str(ws))) == []  # a "!" in a value is no tag


def test_a_file_name_that_is_not_utf8_is_named_as_the_problem(tmp_path):
    """A file whose name is not valid UTF-8 was reported as holding text that is not valid Unicode; the
    name is the problem, and the line says so (showing U+FFFD for the bytes it cannot show)."""
    ws = _ws(tmp_path)
    bad = os.path.join(os.fsencode(ws / "inbox" / "ann"), b"bad-\xffname.md")
    with open(bad, "wb") as fh:
        fh.write("- 吞吐提升 3x\n".encode())
    for args in ([str(ws)], [os.fsdecode(bad)]):
        r = _ingest(tmp_path, *args)
        assert r.exit_code == 2
        assert _problem_lines(r) == ["error: inbox/ann/bad-\ufffdname.md: the file name is not valid UTF-8; "
                                     "rename the file; skipped"]


def test_item_path_lines_walks_a_large_manifest_once():
    """The line of every item's path, in one walk of the items (it was one walk from the top per item)."""
    from ingest.sources import item_path_lines

    data = json.dumps({"manifest_id": "m", "items": [{"path": f"inbox/x/{i}.md"} for i in range(10_000)]}, indent=2).encode()
    lines = item_path_lines(data)
    assert lines[:3] == [5, 8, 11] and lines[-1] == 5 + 3 * 9_999 and len(lines) == 10_000
    assert item_path_lines(b'{"items": [{"kind": "x"}, {"path": "a"}]}') == [None, 1]


def test_json_named_outside_work_guard_that_is_neither_manifest_nor_chat_says_so(tmp_path):
    """A user's report: ``provkg ingest inbox/a/settings.json`` answered with a manifest's missing fields."""
    from ingest.sources import IngestError, parse_manifest

    for body in (b'{"theme": "dark"}', b"[1, 2, 3]"):
        with pytest.raises(IngestError) as e:
            parse_manifest(body, "inbox/a/settings.json")
        assert "neither an increment manifest" in str(e.value) and "inbox/a/settings.json:1" in str(e.value)
    with pytest.raises(IngestError) as e:  # under work-guard/ it is a manifest, and its fields are named
        parse_manifest(b'{"theme": "dark"}', "work-guard/m.json")
    assert "manifest_id: Field required" in str(e.value)


def test_a_folder_that_cannot_be_read_is_one_line_and_the_others_still_ingest(tmp_path, monkeypatch):
    """A fresh user's finding: a subfolder with mode 000 was skipped without a word. Now it is one line naming it (the
    test stands in for the permission with ``os.scandir`` raising, since the suite may run as root)."""
    import os

    from ingest.sources import discover

    (tmp_path / "inbox" / "a").mkdir(parents=True)
    (tmp_path / "inbox" / "a" / "n.md").write_text("# n\n", encoding="utf-8")
    (tmp_path / "inbox" / "locked").mkdir()
    (tmp_path / "inbox" / "locked" / "m.md").write_text("# m\n", encoding="utf-8")
    real = os.scandir

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    found, problems = discover([tmp_path])
    assert [f.rel for f in found] == ["inbox/a/n.md"]
    assert problems == ["inbox/locked: cannot read the folder (Permission denied); its files are not ingested"]


def test_a_manifest_that_lists_no_items_says_it_has_no_brief(tmp_path):
    """A fresh user's finding: a valid manifest with ``"items": []`` was ingested and then no brief knew it."""
    from ingest.sources import discover, read_source

    (tmp_path / "work-guard").mkdir()
    (tmp_path / "organized" / "knowledge").mkdir(parents=True)
    (tmp_path / "organized" / "knowledge" / "k.md").write_text("# K\n\n## 1. A\n", encoding="utf-8")
    (tmp_path / "work-guard" / "empty-shift.json").write_text(json.dumps(
        {"manifest_id": "empty-shift", "created": "2026-12-01", "knowledge": "organized/knowledge/k.md", "items": []}),
        encoding="utf-8")
    found, _p = discover([tmp_path])
    man = next(f for f in found if f.rel.endswith(".json"))
    _rec, problems = read_source(man)
    assert problems == ['work-guard/empty-shift.json: the manifest lists no items ("items": []); it has no brief']


def test_a_broken_front_matter_says_where_the_unclosed_part_began():
    """A fresh user's finding: "front matter line 4: expected ',' or ']'" pointed past the mistake ("tags: [a, b" on
    line 3, never closed); the warning now says where that part starts."""
    from ingest.notes import parse_note

    _parts, warns = parse_note("---\ntitle: x\ntags: [a, b\nauthor: me\n---\n\n# Note\n", "inbox/a/n.md")
    assert warns == ["inbox/a/n.md:1: front matter line 4: expected ',' or ']', but got ':' (while parsing a flow "
                     "sequence that starts on line 3); front matter ignored"]


def test_a_folder_that_became_unreadable_keeps_its_files_and_the_others_still_ingest(tmp_path, monkeypatch):
    """A fresh user's finding: once a folder that had been ingested could not be read, every later ingest stopped
    (``Path.exists`` raised on its files) and ``run`` called it "cannot write". Now the folder is one error line, its
    files stay in the store as they were, and a new note elsewhere goes in."""
    import os

    ws = tmp_path / "ws"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "workspace", ws)
    (ws / "inbox" / "secret").mkdir()
    (ws / "inbox" / "secret" / "note.md").write_text("# secret\n\nA note on arXiv:2401.10774.\n", encoding="utf-8")
    store = tmp_path / "store"
    assert CliRunner().invoke(cli, ["--store", str(store), "ingest", str(ws)], obj={}).exit_code == 0
    author = next(p for p in sorted((ws / "inbox").iterdir()) if p.name != "secret")
    (author / "extra.md").write_text("# extra\n\nA new note.\n", encoding="utf-8")
    real_scandir, real_stat = os.scandir, os.stat

    def scandir(p):
        if str(p).endswith("secret"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(p)

    def stat(p, *a, **k):
        if "/secret/" in str(p):
            raise PermissionError(13, "Permission denied", str(p))
        return real_stat(p, *a, **k)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "stat", stat)
    r = CliRunner().invoke(cli, ["--store", str(store), "ingest", str(ws)], obj={})
    assert r.exit_code == 2
    assert "error: inbox/secret: cannot read the folder (Permission denied); its files are not ingested" in r.output
    assert f"added: inbox/{author.name}/extra.md" in r.output and "added 1, changed 0, removed 0," in r.output


def test_a_windows_1252_note_is_read_not_refused(tmp_path):
    """A note saved by an older Windows editor (Windows-1252 / Latin-1) was refused as "not valid UTF-8 nor
    GBK" (a fresh user's run); it is read, accents and typographic quotes intact, while GBK notes still read
    as GBK."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from ingest.sources import decode

    assert decode("naïve résumé – “exact” at 4 €".encode("cp1252"), "x") == "naïve résumé – “exact” at 4 €"
    assert decode("r\u00e9duit la fragmentation".encode("latin-1"), "x") == "réduit la fragmentation"
    assert decode("投机解码的加速比是 2.5 倍。".encode("gbk"), "x") == "投机解码的加速比是 2.5 倍。"
    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "inbox" / "ann" / "latin.md").write_bytes("# Café\n\nPagedAttention arXiv:2309.06180 réduit la "
                                                     "fragmentation à 4%.\n".encode("cp1252"))
    rep = ingest_paths(Store(tmp_path / "st"), [ws])
    assert rep.errors == [] and rep.added == ["inbox/ann/latin.md"]
