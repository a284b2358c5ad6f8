"""The cost of hostile and very large single files (issue 23): seconds and peak memory per input.

Prints one row per input: the inputs an attacker's pass found quadratic (a run of 20,000 or 100,000 digits,
50,000 ``[[``, a 100,000-digit ``hep-th/`` number or DOI suffix, ``[a](`` openers), notes of 0.25, 0.5
and 1 MB made of the sample's critical read repeated, and the costliest shapes (table rows, lines of
figures, two-letter list items: one statement per 5 bytes) at 256 KiB (the size limit,
``ingest.sources.MAX_BYTES``) and 1 MB (``PROVKG_MAX_FILE_BYTES=1048576``, set for every row).
Each input goes through ``provkg ingest`` into a new store in a fresh process, whose wall time and peak
resident memory (``wait4``, as ``/usr/bin/time -v`` reports it) are printed, with the warnings.
Prints figures; not a test (tests/test_linear.py checks the shape of the cost, tests/test_file_budget.py
the figure budget).

    .venv/bin/python bench/long_runs.py [SUBSTRING…]   # only the inputs whose name holds one of them
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = ROOT / "data" / "workspace" / "inbox" / "flyp" / "2026-10-27T1550-critical-read.md"


def _inputs() -> list[tuple[str, str]]:
    body = NOTE.read_text("utf-8")
    out = [("20,000 digits", "- " + "1" * 20_000 + "\n"), ("100,000 digits", "- " + "1" * 100_000 + "\n"),
           ("50,000 [[", "- " + "[[" * 50_000 + "\n"), ("hep-th/ + 100,000 digits", "- hep-th/" + "1" * 100_000 + "\n"),
           ("DOI + 100,000-char suffix", "- 10.1234/" + "a/" * 50_000 + "\n"), ("25,000 [a](", "- " + "[a](" * 25_000 + "\n")]
    for mb in (0.25, 0.5, 1):
        text = body
        while len(text.encode("utf-8")) < mb * 1_000_000:
            text += "\n" + body
        out.append((f"note of {mb} MB (the sample critical read repeated)", text[:int(mb * 1_000_000)]))
    for size, label in ((262_000, "256 KiB"), (1_000_000, "1 MB")):
        for name, unit in (("table rows", "| a | 2401.00001 | 3x |\n"), ("lines of figures", "- 1x 2x 3x 4x 5% 6% 7B 8M 9K\n"),
                           ("two-letter list items", "- ab\n")):
            out.append((f"{label} of {name}", "# T\n\n" + unit * (size // len(unit.encode("utf-8")))))
    return out


def _ingest(ws: Path, store: Path) -> tuple[float, float, int, list[str]]:
    """``provkg ingest ws`` in a fresh process: (seconds, peak MB, exit status, warning and error lines)."""
    env = {**os.environ, "PROVKG_MAX_FILE_BYTES": "1048576"}
    t0 = time.perf_counter()
    with subprocess.Popen([sys.executable, "-m", "provkg", "--store", str(store), "-q", "ingest", str(ws)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=env) as p:
        err = p.stderr.read().decode("utf-8")  # type: ignore[union-attr]
        _pid, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    lines = [ln for ln in err.splitlines() if ln.startswith(("warning:", "error:", "provkg:"))]
    return time.perf_counter() - t0, usage.ru_maxrss / 1024, p.returncode, lines


def main() -> None:
    only = sys.argv[1:]
    print(f"{'input':52} {'seconds':>8} {'peak MB':>8}  exit")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in _inputs():
            if only and not any(o in name for o in only):
                continue
            ws = Path(tmp) / "ws"
            (ws / "inbox" / "bench").mkdir(parents=True, exist_ok=True)
            (ws / "inbox" / "bench" / "n.md").write_text(text, "utf-8")
            s, mb, code, lines = _ingest(ws, Path(tmp) / "st")
            print(f"{name:52} {s:8.2f} {mb:8.0f}  {code}" + "".join(f"\n    {ln[:150]}" for ln in lines), flush=True)
            shutil.rmtree(Path(tmp) / "st", ignore_errors=True)
            shutil.rmtree(ws)


if __name__ == "__main__":
    main()
