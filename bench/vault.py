"""Build a provkg workspace from a real public vault of one-paper reading notes (issue 18's real-vault target).

The vault is github.com/jiabingyang01/llm-paper-notes (CC BY-SA 4.0): Chinese one-paper notes shaped
``# 短名：中文标题``, a ``> **论文**：*English title*`` block quote with the paper's arXiv link, then
``## 一句话总结`` / ``## 一、问题与动机`` / ``## 二、核心方法`` …, and one README per area whose tables
list the area's papers (``| [ChatVLA](vla/foundation/ChatVLA_2025.md) | 关键词 | 2025 |``).

A curator's workspace made from it (docs/FORMAT.md section 1)::

    OUT/inbox/jiabingyang01/<path in the area>.md          every note of the area, unchanged
    OUT/organized/knowledge/<area>.md                      the area's README: the living document, minus
                                                           the rows of the papers the shift makes "new"
    OUT/work-guard/<uuid>.json                             the manifest: the shift's notes

The shift (``SHIFT``) mixes notes the README lists (already cited), notes whose rows the copy drops
(new), and notes the README never listed (new).  ``--fixture`` writes only the shift's notes and an
index trimmed to the table rows the shift needs (at most ``--rows`` rows per the whole file), with a
NOTICE.md naming the source and licence, into OUT (the workspace goes in OUT/workspace).

Usage::

    python bench/vault.py /path/to/llm-paper-notes OUT_DIR            # the whole area (a few hundred notes)
    python bench/vault.py /path/to/llm-paper-notes OUT_DIR --fixture  # the committed excerpt

No network.  The expectations the builder writes to OUT/expected.json (each shift note's paper title,
arXiv ID, and whether the living document lists it) are what ``provkg run`` is checked against.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

AUTHOR = "jiabingyang01"
AREA = "06-embodied-ai"
MANIFEST_ID = "0b6c6f1e-5a2d-4f7e-9c61-6a1d2e0f0618"
SOURCE = "https://github.com/jiabingyang01/llm-paper-notes"

# (path inside the area, what the living document says): "listed" rows stay in the index copy,
# "dropped" rows are removed from it (the paper becomes new), "unlisted" notes were never in the README.
SHIFT = [
    ("vla/foundation/pi0_2024.md", "listed"),
    ("vla/reasoning/CronusVLA_2026.md", "listed"),
    ("vla/rl/SimpleVLA_RL_2025.md", "listed"),
    ("world-models/Kinema4D_2026.md", "listed"),
    ("vla/perception/BridgeVLA_2025.md", "dropped"),
    ("vla/efficient/VLA_Cache_2025.md", "dropped"),
    ("data-synthesis/3DMF_2025.md", "unlisted"),
    ("world-action-models/CoT_VLA_2025.md", "unlisted"),
]

_LINK = re.compile(r"\]\(([^)\s]+\.md)\)")
_ARXIV = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})")
_PAPER = re.compile(r"^>\s*(?:\*\*)?论文(?:\*\*)?[:：]\s*\*(.+?)\*\s*$")


def note_facts(path: Path) -> dict:
    """The heading, English paper title and arXiv ID (the first in the head, before any ``##``) of one note,
    None where the note has none."""
    text = path.read_text(encoding="utf-8")
    heading = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), None)
    paper = next((m.group(1) for ln in text.splitlines() if (m := _PAPER.match(ln.strip()))), None)
    head = text.split("\n## ", 1)[0]  # the paper's own link is in the head; later ones are references
    m = _ARXIV.search(head)
    return {"heading": heading, "paper": paper, "arxiv": m.group(1) if m else None}


def index_copy(readme: str, drop: set[str], keep_rows: set[str] | None = None, max_rows: int | None = None) -> str:
    """The README with the table rows linking to ``drop`` removed; with ``keep_rows``, only the rows
    linking there (plus the first others, up to ``max_rows`` rows in all) are kept, every other line
    (headings, prose, table headers) unchanged."""
    out, kept = [], 0
    rows = [ln for ln in readme.splitlines() if ln.startswith("| [")]
    extra = set()
    if keep_rows is not None and max_rows is not None:
        budget = max_rows - len(keep_rows)
        for ln in rows:
            m = _LINK.search(ln)
            if m and m.group(1) not in keep_rows and m.group(1) not in drop and budget > 0:
                extra.add(m.group(1))
                budget -= 1
    for ln in readme.splitlines():
        m = _LINK.search(ln) if ln.startswith("| [") else None
        if m:
            if m.group(1) in drop:
                continue
            if keep_rows is not None and m.group(1) not in keep_rows and m.group(1) not in extra:
                continue
            kept += 1
        out.append(ln)
    return "\n".join(out) + "\n"


def build(vault: Path, out: Path, *, fixture: bool = False, max_rows: int = 40) -> dict:
    """Write the workspace (or the fixture) to ``out``; return the expectations (also written to
    ``out/expected.json``).  Raises FileNotFoundError when the vault lacks the area or a shift note."""
    area = vault / "papers" / AREA
    readme = (area / "README.md").read_text(encoding="utf-8")
    listed = set(_LINK.findall(readme))
    for rel, status in SHIFT:
        if not (area / rel).is_file():
            raise FileNotFoundError(f"{area / rel}: shift note missing")
        if (status == "unlisted") == (rel in listed):
            raise ValueError(f"{rel}: README listing does not match {status!r}")
    ws = out / "workspace" if fixture else out
    if ws.exists():
        shutil.rmtree(ws)
    inbox = ws / "inbox" / AUTHOR
    notes = [rel for rel, _ in SHIFT] if fixture else sorted(
        str(p.relative_to(area)) for p in area.rglob("*.md") if p.name != "README.md")
    for rel in notes:
        dest = inbox / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(area / rel, dest)
    drop = {rel for rel, s in SHIFT if s == "dropped"}
    knowledge = ws / "organized" / "knowledge" / f"{AREA}.md"
    knowledge.parent.mkdir(parents=True, exist_ok=True)
    keep = {rel for rel, s in SHIFT if s == "listed"} if fixture else None
    knowledge.write_text(index_copy(readme, drop, keep, max_rows if fixture else None), encoding="utf-8")
    items, expected = [], []
    for rel, status in SHIFT:
        facts = note_facts(area / rel)
        items.append({"path": f"inbox/{AUTHOR}/{rel}", "kind": "paper_note", "agent": AUTHOR,
                      "title": facts["heading"],
                      "evidence": [f"arXiv:{facts['arxiv']}"] if facts["arxiv"] else []})
        expected.append({"path": f"inbox/{AUTHOR}/{rel}", **facts,
                         "cited": status == "listed"})
    manifest = {"manifest_id": MANIFEST_ID, "domain": "embodied-ai", "created": "2026-07-12T09:00:00+08:00",
                "knowledge": f"organized/knowledge/{AREA}.md", "author": AUTHOR, "items": items}
    (ws / "work-guard").mkdir(parents=True, exist_ok=True)
    (ws / "work-guard" / f"{MANIFEST_ID}.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    (out / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if fixture:
        (out / "NOTICE.md").write_text(notice(vault), encoding="utf-8")
    return {"notes": len(notes), "expected": expected}


def notice(vault: Path) -> str:
    """The attribution the licence asks for (CC BY-SA 4.0 section 3)."""
    try:
        commit = subprocess.run(["git", "-C", str(vault), "rev-parse", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    files = "\n".join(f"- `workspace/inbox/{AUTHOR}/{rel}` ← `papers/{AREA}/{rel}`" for rel, _ in SHIFT)
    return f"""# Notice: third-party material

The Markdown notes under `workspace/inbox/{AUTHOR}/` and the living document
`workspace/organized/knowledge/{AREA}.md` are taken from **LLM Paper Notes**
by Jiabing Yang (GitHub `jiabingyang01`) and its contributors:

- source: {SOURCE}
- commit: `{commit}`
- licence: Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0),
  https://creativecommons.org/licenses/by-sa/4.0/

The notes are copied unchanged:

{files}

`workspace/organized/knowledge/{AREA}.md` is `papers/{AREA}/README.md` trimmed: table rows were removed
(those of {", ".join(f"`{rel}`" for rel, s in SHIFT if s == "dropped")}, and all but at most 40 rows), no
other line was changed.  The manifest `workspace/work-guard/*.json` and `expected.json` were written for
provkg by `bench/vault.py --fixture`.  These files, as adapted here, are shared under the same licence
(CC BY-SA 4.0); the rest of the provkg repository is not affected by it.
"""


def main(argv: list[str] | None = None) -> int:
    """Command line: ``vault.py VAULT OUT [--fixture] [--rows N]``; prints what it wrote."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("vault", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--fixture", action="store_true", help="only the shift's notes and a trimmed index")
    ap.add_argument("--rows", type=int, default=40, help="index rows kept with --fixture (default 40)")
    a = ap.parse_args(argv)
    try:
        res = build(a.vault, a.out, fixture=a.fixture, max_rows=a.rows)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{a.out}: {res['notes']} notes, manifest {MANIFEST_ID} with {len(res['expected'])} notes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
