"""Time, profile and check the ingest (issue 5): a tool for the ingest engineer, not a test.

Usage::

    .venv/bin/python bench/ingest_profile.py time WORKSPACE [--jobs J] [--repeat N]
        cold ingest of WORKSPACE into a fresh on-disk store, each run in a new process;
        prints wall / CPU seconds, notes per second and peak RSS (process + children), medians
    .venv/bin/python bench/ingest_profile.py reingest WORKSPACE [--files K] [--repeat N]
        copies WORKSPACE, ingests it once, then K times: appends a line to K notes and times
        ``provkg ingest`` in a new process (the CLI path, end to end)
    .venv/bin/python bench/ingest_profile.py profile WORKSPACE [--jobs J] [--top N] [--out FILE]
        cProfile of one cold ingest in this process (workers are not profiled)
    .venv/bin/python bench/ingest_profile.py dump OUT PATH... [--jobs J] [--scenario]
        ingests PATHs into a fresh store and writes every quad, sorted, normalised (below) to OUT;
        with ``--scenario`` the PATHs are copied to a fixed scratch folder, ingested, then edited
        (lines appended, one claim rewritten, one file deleted, one touched) and re-ingested,
        so that the incremental path (invalidations, ``kg:current`` moves) is in the dump too
    .venv/bin/python bench/ingest_profile.py compare A B
        exit 0 when the two dumps hold the same quads, else print the first differences, exit 1

Same-quads check against older code (a copy of its ``graph/``, ``ingest/``, ``queries/``, ``provkg/`` in
``/tmp/old``)::

    PROVKG_SRC=/tmp/old .venv/bin/python bench/ingest_profile.py dump old.nq /tmp/bws1k --jobs 2
    .venv/bin/python bench/ingest_profile.py dump new.nq /tmp/bws1k --jobs 2
    .venv/bin/python bench/ingest_profile.py compare old.nq new.nq

(``time`` and ``reingest`` take ``PROVKG_SRC`` too, for A/B timings.)

Normalisation of a dump (what legitimately differs from one run to the next): in the provenance graph
``id:graph/provenance`` every activity IRI (``id:activity/<stamp>``) becomes ``<urn:activity>`` and every
``xsd:dateTime`` literal becomes ``"T"``.  Nothing else is touched: every other named graph is dumped as
stored.  The first line of a dump is a JSON object with the ingest report (counts, errors, warnings).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Where provkg is imported from: this checkout, or ``$PROVKG_SRC`` (a copy of the old code, for A/B runs).
SRC = os.environ.get("PROVKG_SRC") or str(ROOT)
sys.path.insert(0, SRC)

__all__ = ["dump_quads", "compare_dumps", "main"]

_PROV_G = "<https://w3id.org/provkg/id/graph/provenance>"
_ACT = re.compile(r"<https://w3id\.org/provkg/id/activity/[^>]*>")
_DT = re.compile(r"\"[^\"]*\"\^\^<http://www\.w3\.org/2001/XMLSchema#dateTime>")
_PY = str(ROOT / ".venv" / "bin" / "python")


def _normalise(line: str) -> str:
    """One N-Quads line with the run-specific parts of the provenance graph replaced (module docstring)."""
    if line.endswith(_PROV_G):
        line = _ACT.sub("<urn:activity>", line)
        line = _DT.sub('"T"', line)
    return line


def dump_quads(store_path: str, out: str, report: dict) -> int:
    """Write the normalised, sorted quads of the store at ``store_path`` to ``out``; returns their number.

    Source: ``graph.store.Store.quads`` (every quad of every named graph).
    """
    from graph.store import Store

    st = Store(store_path)
    lines = sorted(_normalise(str(q)) for q in st.quads())
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(report, sort_keys=True, ensure_ascii=False) + "\n")
        for ln in lines:
            fh.write(ln + "\n")
    return len(lines)


def _report_dict(rep) -> dict:
    """The parts of an ``IngestReport`` that must not depend on the run (sorted lists, counts)."""
    return {"added": sorted(rep.added), "changed": sorted(rep.changed), "removed": sorted(rep.removed),
            "unchanged": len(rep.unchanged), "errors": sorted(rep.errors), "warnings": sorted(rep.warnings),
            "quads": rep.quads}


def _edit_scenario(ws: Path) -> None:
    """Edit a copied workspace deterministically: append to 3 notes, rewrite one, delete one, touch one."""
    mds = sorted(p for p in ws.rglob("*.md") if p.is_file())
    if len(mds) < 6:
        raise SystemExit(f"{ws}: fewer than 6 Markdown files; no scenario")
    for p in mds[:3]:
        with open(p, "a", encoding="utf-8") as fh:
            fh.write("\n- 追加一行：吞吐提升 2.5x（未验证），见 arXiv:2502.07115v2。\n")
        os.utime(p, (1_700_000_000, 1_700_000_000))
    text = mds[3].read_text("utf-8")
    lines = text.split("\n")
    for i in range(len(lines) - 1, -1, -1):  # rewrite the last non-empty line: one claim leaves the file
        if lines[i].strip() and not lines[i].startswith("#"):
            lines[i] = lines[i] + " (rewritten)"
            break
    mds[3].write_text("\n".join(lines), "utf-8")
    os.utime(mds[3], (1_700_000_100, 1_700_000_100))
    mds[4].unlink()
    os.utime(mds[5], (1_700_000_200, 1_700_000_200))  # same bytes, new mtime


def cmd_dump(args) -> int:
    """``dump``: see the module docstring."""
    from graph.loader import ingest_paths
    from graph.store import Store

    tmp = Path(tempfile.mkdtemp(prefix="pkdump-"))
    try:
        store = str(tmp / "store")
        if args.scenario:
            scratch = Path("/tmp/pk-scenario")  # fixed, so ``kg:root`` is the same in both dumps
            shutil.rmtree(scratch, ignore_errors=True)
            scratch.mkdir()
            paths = []
            for i, p in enumerate(args.paths):
                dst = scratch / f"{i}-{Path(p).name}"
                shutil.copytree(p, dst, copy_function=shutil.copy2)
                for f in dst.rglob("*"):
                    if f.is_file():
                        os.utime(f, (1_600_000_000, 1_600_000_000))
                paths.append(str(dst))
            r1 = ingest_paths(Store(store), paths, jobs=args.jobs)
            for p in paths:
                _edit_scenario(Path(p))
            r2 = ingest_paths(Store(store), paths, jobs=args.jobs)
            report = {"first": _report_dict(r1), "second": _report_dict(r2)}
        else:
            rep = ingest_paths(Store(store), list(args.paths), jobs=args.jobs)
            report = _report_dict(rep)
        n = dump_quads(store, args.out, report)
        print(f"{args.out}: {n} quads; report: " + json.dumps(
            {k: (len(v) if isinstance(v, list) else v) for k, v in (report.get("second") or report).items()}))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def compare_dumps(a: str, b: str, show: int = 20) -> bool:
    """True when dumps ``a`` and ``b`` hold the same report and quads; prints the differences otherwise."""
    with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
        ra, rb = fa.readline(), fb.readline()
        la, lb = set(fa), set(fb)
    same = True
    if ra != rb:
        same = False
        print("reports differ:\n  " + ra.strip()[:2000] + "\n  " + rb.strip()[:2000])
    only_a, only_b = sorted(la - lb), sorted(lb - la)
    if only_a or only_b:
        same = False
        print(f"{len(only_a)} quads only in {a}, {len(only_b)} only in {b}")
        for ln in only_a[:show]:
            print("  - " + ln.rstrip()[:300])
        for ln in only_b[:show]:
            print("  + " + ln.rstrip()[:300])
    print(f"{'SAME' if same else 'DIFFERENT'}: {len(la)} / {len(lb)} quads")
    return same


_TIME_CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, sys.argv[4])
from graph.loader import ingest_paths
from graph.store import Store, Writer
if os.environ.get("PROVKG_FLUSH_AT"):
    Writer.FLUSH_AT = int(os.environ["PROVKG_FLUSH_AT"])  # experiments: batch size of the bulk loads
t0 = time.perf_counter(); c0 = time.process_time()
rep = ingest_paths(Store(sys.argv[1]), [sys.argv[2]], jobs=int(sys.argv[3]))
wall = time.perf_counter() - t0
ru = resource.getrusage(resource.RUSAGE_SELF); rc = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu_self": ru.ru_utime + ru.ru_stime, "cpu_children": rc.ru_utime + rc.ru_stime,
                  "rss_mb": ru.ru_maxrss / 1024, "rss_children_mb": rc.ru_maxrss / 1024,
                  "files": len(rep.added), "errors": len(rep.errors), "quads": rep.quads}))
"""


def cmd_time(args) -> int:
    """``time``: cold ingests in new processes; prints each run and the medians."""
    ws = Path(args.workspace)
    notes = sum(1 for _ in (ws / "inbox").rglob("*.md")) if (ws / "inbox").is_dir() else 0
    runs = []
    for i in range(args.repeat):
        tmp = Path(tempfile.mkdtemp(prefix="pktime-"))
        try:
            load0 = os.getloadavg()[0]
            out = subprocess.run([_PY, "-c", _TIME_CHILD, str(tmp / "store"), str(ws), str(args.jobs), args.src],
                                 capture_output=True, text=True, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            r["load"] = load0
            runs.append(r)
            print(f"run {i + 1}: wall {r['wall']:.2f} s, {notes / r['wall']:.0f} notes/s, CPU {r['cpu_self']:.1f} s + "
                  f"children {r['cpu_children']:.1f} s, RSS {r['rss_mb']:.0f} MB (children {r['rss_children_mb']:.0f}), "
                  f"{r['quads']} quads, load {load0:.2f}", flush=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    med = {k: statistics.median(r[k] for r in runs) for k in ("wall", "cpu_self", "cpu_children", "rss_mb",
                                                              "rss_children_mb", "load")}
    med["notes_per_s"] = notes / med["wall"]
    print("median: " + json.dumps({k: round(v, 2) for k, v in med.items()}))
    print(f"uptime: {os.getloadavg()}")
    return 0


def cmd_reingest(args) -> int:
    """``reingest``: time ``provkg ingest`` of a copy after appending a line to ``--files`` notes."""
    ws = Path(args.workspace)
    tmp = Path(tempfile.mkdtemp(prefix="pkre-"))
    try:
        copy = tmp / "ws"
        shutil.copytree(ws, copy, copy_function=shutil.copy2)
        store = tmp / "store"
        cli = str(Path(_PY).with_name("provkg"))
        env = dict(os.environ)
        if os.environ.get("PROVKG_SRC"):
            env["PYTHONPATH"] = SRC  # the CLI of the copy too
        t0 = time.perf_counter()
        subprocess.run([cli, "-q", "--store", str(store), "ingest", str(copy)], check=False, env=env)
        print(f"cold ingest through the CLI: {time.perf_counter() - t0:.2f} s (load {os.getloadavg()[0]:.2f})", flush=True)
        notes = sorted((copy / "inbox").rglob("*.md"))
        times = []
        for r in range(args.repeat):
            for k in range(args.files):
                p = notes[(r * args.files + k) * 7 % len(notes)]
                with open(p, "a", encoding="utf-8") as fh:
                    fh.write(f"\n- 重跑 {r}：延迟降低 {k + 1}.5x。\n")
            load0 = os.getloadavg()[0]
            t0 = time.perf_counter()
            out = subprocess.run([cli, "--store", str(store), "ingest", str(copy)], capture_output=True, text=True, env=env,
                                 check=False)
            dt = time.perf_counter() - t0
            times.append(dt)
            print(f"run {r + 1}: {dt:.2f} s (load {load0:.2f}) {out.stderr.strip().splitlines()[0] if out.stderr else ''}",
                  flush=True)
        print(f"median: {statistics.median(times):.2f} s; uptime {os.getloadavg()}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def cmd_profile(args) -> int:
    """``profile``: cProfile of one cold ingest in this process."""
    import cProfile
    import pstats

    from graph.loader import ingest_paths
    from graph.store import Store

    tmp = Path(tempfile.mkdtemp(prefix="pkprof-"))
    try:
        pr = cProfile.Profile()
        t0 = time.perf_counter()
        pr.enable()
        ingest_paths(Store(str(tmp / "store")), [args.workspace], jobs=args.jobs)
        pr.disable()
        print(f"wall {time.perf_counter() - t0:.2f} s")
        if args.out:
            pr.dump_stats(args.out)
        pstats.Stats(pr).sort_stats(args.sort).print_stats(args.top)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (module docstring); returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("time")
    t.add_argument("workspace")
    t.add_argument("--jobs", type=int, default=2)
    t.add_argument("--repeat", type=int, default=3)
    t.add_argument("--src", default=SRC, help="import provkg from this folder (A/B against a copy)")
    r = sub.add_parser("reingest")
    r.add_argument("workspace")
    r.add_argument("--files", type=int, default=8)
    r.add_argument("--repeat", type=int, default=3)
    p = sub.add_parser("profile")
    p.add_argument("workspace")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--sort", default="cumulative")
    p.add_argument("--out")
    d = sub.add_parser("dump")
    d.add_argument("out")
    d.add_argument("paths", nargs="+")
    d.add_argument("--jobs", type=int, default=1)
    d.add_argument("--scenario", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    a = ap.parse_args(argv)
    if a.cmd == "compare":
        return 0 if compare_dumps(a.a, a.b) else 1
    return {"time": cmd_time, "reingest": cmd_reingest, "profile": cmd_profile, "dump": cmd_dump}[a.cmd](a)


if __name__ == "__main__":
    raise SystemExit(main())
