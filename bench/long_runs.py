"""The cost of hostile and very large single files (issue 23): seconds and peak memory per input.

Prints one row per input: the inputs an attacker's pass found quadratic (a run of 20,000 or 100,000 digits,
50,000 ``[[``, a 100,000-digit ``hep-th/`` number or DOI suffix, ``[a](`` openers), notes of 0.25, 0.5
and 1 MB made of the sample's critical read repeated, and 1 MB notes of the costliest shapes (table rows,
lines of figures), at the 1 MiB size limit (``ingest.sources.MAX_BYTES``).
Each input is read in a fresh process through the whole ingest path (``graph.loader.build_found``:
read, parse, records, N-Quads), so the peak memory is that process's.  Prints figures; not a test
(tests/test_linear.py checks the shape of the cost).

    .venv/bin/python bench/long_runs.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = ROOT / "data" / "workspace" / "inbox" / "flyp" / "2026-10-27T1550-critical-read.md"

_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from graph.loader import build_found
from ingest.sources import Found
root, rel = Path({tmp!r}), {rel!r}
t0 = time.perf_counter()
b = build_found((Found(root / rel, root, rel, explicit=True), None, "UTC", False))
print(json.dumps({{"s": time.perf_counter() - t0, "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "quads": b.quads, "error": b.error}}))
"""


def _inputs() -> list[tuple[str, str]]:
    body = NOTE.read_text("utf-8")
    out = [("20,000 digits", "- " + "1" * 20_000 + "\n"), ("100,000 digits", "- " + "1" * 100_000 + "\n"),
           ("50,000 [[", "- " + "[[" * 50_000 + "\n"), ("hep-th/ + 100,000 digits", "- hep-th/" + "1" * 100_000 + "\n"),
           ("DOI + 100,000-char suffix", "- 10.1234/" + "a/" * 50_000 + "\n"), ("25,000 [a](", "- " + "[a](" * 25_000 + "\n")]
    for mb in (0.25, 0.5, 1):
        text = body
        while len(text.encode("utf-8")) < mb * 1_000_000:
            text += "\n" + body
        out.append((f"note of {mb} MB (the sample critical read repeated)", text[:1_000_000]))
    for name, unit in (("table rows", "| a | 2401.00001 | 3x |\n"), ("lines of figures", "- 1x 2x 3x 4x 5% 6% 7B 8M 9K\n")):
        out.append((f"1 MB of {name}", "# T\n\n" + unit * (1_000_000 // len(unit.encode("utf-8")))))
    return out


def main() -> None:
    print(f"{'input':52} {'seconds':>8} {'peak MB':>8} {'quads':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        rel = "inbox/bench/n.md"
        (Path(tmp) / "inbox" / "bench").mkdir(parents=True)
        for name, text in _inputs():
            (Path(tmp) / rel).write_text(text, "utf-8")
            r = subprocess.run([sys.executable, "-c", _CHILD.format(root=str(ROOT), tmp=tmp, rel=rel)],
                               capture_output=True, text=True, timeout=900)
            d = json.loads(r.stdout)
            print(f"{name:52} {d['s']:8.2f} {d['mb']:8.0f} {d['quads']:9,}" + (f"  ({d['error']})" if d["error"] else ""))


if __name__ == "__main__":
    main()
