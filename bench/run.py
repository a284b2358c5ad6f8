"""Benchmark provkg on a synthetic workspace of N notes (issue 5); prints figures, not a test.

Usage::

    nice -n 10 .venv/bin/python bench/run.py --notes 10000 [--skip-baseline] [--jobs J]
                                             [--workspace DIR] [--baseline-timeout S]
                                             [--skip-whole-cold] [--query-timeout S]

In one run it measures, on the same data:

* ``ingest_s`` / ``notes_per_s``: cold ingest of the whole workspace into a
  fresh on-disk store (``graph.loader.ingest_paths`` with ``jobs=0``, one process per CPU as the CLI),
  timed in a child process of its own, as ``provkg ingest`` runs (``ingest_peak_rss_mb``);
* ``reingest_8_s``: 8 notes modified, then the workspace re-ingested end to
  end (``ingest_paths`` on the folder: walk, stat, parse the 8, atomic swap),
  timed in a child process as the cold ingest (``reingest_peak_rss_mb``);
  ``reingest_8_cli_s`` is the same through ``provkg ingest`` in a new process,
  interpreter start-up included;
* ``queries``: each named query of ``queries.named.QUERIES`` as ``provkg query``
  runs it, on a fresh ``Store`` handle with every cache emptied first (cold,
  as right after an ingest); ``queries_warm``: the same query run again
  (snapshot parts and whole-store results read back, see queries/snapshot.py,
  queries/graphcache.py, queries.named._memo); ``queries_manifest`` /
  ``queries_manifest_warm``: ``increments``, ``contradictions`` and
  ``evidence`` with ``--manifest`` (they read that manifest's scope);
* ``baseline_queries``: the same named-query functions and the same ``.rq``
  SPARQL answered from an rdflib in-memory ``Dataset(default_union=True)``
  loaded with the store's N-Quads (in a child process, each query cut off
  after ``--baseline-timeout`` seconds; a cut-off query is reported with the
  timeout as a lower bound and listed in ``baseline_timeouts``);
* ``brief_s`` (brief of one manifest as ``provkg brief`` makes it: its scope,
  ``brief_data``, Markdown) and ``report_s`` (whole-store contradiction report as
  ``provkg report contradictions`` makes it: lazy snapshot, the named query's findings,
  the brief audit, Markdown), cold; the ``*_warm_s`` figures run them again;
  ``brief_whole_s`` the same brief from a whole (not lazy) snapshot, in a child
  process (``brief_whole_peak_rss_mb``; no command reads a store that way now);
  ``brief_cli_s`` / ``brief_cli_warm_s`` run ``provkg brief`` in a new process;
  ``brief_after_reingest_s`` and ``queries_after_reingest``: the first brief and
  named queries right after the 8-file re-ingest (no cache emptied), in a child process;
* ``regex_s``: one plain regex pass (arXiv-ID pattern) over the store's
  N-Quads bytes, and ``regex_input_s`` over the workspace's bytes;
* ``validate_first_s``: ``provkg validate`` once before the CLI re-ingest
  (its first run on the store: it fills ``validate-cache/``);
* ``cli_after_reingest``: after the CLI re-ingest, each command a curator runs
  (brief, scoped queries, why, diff, whole-store queries, report, viz,
  validate) in a new process as typed, twice (``first_s``, ``warm_s``), with
  that process's own ``peak_rss_mb``; ``peak_rss_cli_mb`` is the largest;
* ``peak_rss_mb``: peak resident memory of the provkg side: the larger of this
  process (``peak_rss_self_mb``: every named query cold and warm, the briefs, the
  report, each query's rows dropped before the next), the cold ingest's child, the
  re-ingest's child and the child that runs the brief and the queries after the
  re-ingest (``after_reingest_peak_rss_mb``);
  ``peak_rss_children_mb`` of its largest child (ingest pool workers, the CLI
  runs), ``baseline_peak_rss_mb`` of the rdflib child, ``regex_peak_rss_mb`` of the
  child that runs the regex pass over the N-Quads dump (it reads the dump whole).

Prints a table, then as its LAST line one JSON object with those keys plus
``quads``, ``files``, ``input_mb``, ``nquads_mb`` and ``ratios`` (baseline /
provkg per query, ingest / regex over the input).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate_workspace  # noqa: E402

__all__ = ["RdflibStore", "run_bench", "main"]

#: The regex of the plain pass: a new-style arXiv key with an optional version.
ARXIV_RE = re.compile(rb"\d{4}\.\d{4,5}(?:v\d+)?")
QUERY_ARGS: dict[str, dict] = {}  # every named query runs as ``provkg query NAME`` does: no options


def _rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident set size in MB.

    For this process: ``VmHWM`` of ``/proc/self/status`` where there is one, the high-water mark of
    this program's own memory.  ``ru_maxrss`` (KiB on Linux; the fallback, and the only figure for
    ``RUSAGE_CHILDREN``) also counts, in a child, the parent's pages it held between fork and exec:
    the benchmark's children reported the benchmark's own peak.
    """
    if who == resource.RUSAGE_SELF:
        hwm = _status_mb("VmHWM")
        if hwm is not None:
            return hwm
    return resource.getrusage(who).ru_maxrss / 1024


def _status_mb(field: str) -> float | None:
    """A ``kB`` field of ``/proc/self/status`` (``VmHWM``, ``VmRSS``) in MB, or None where there is none."""
    try:
        return int(Path("/proc/self/status").read_text().split(f"{field}:")[1].split()[0]) / 1024
    except (OSError, IndexError, ValueError):
        return None


def _child(*args: str) -> dict:
    """Run this script with ``args`` (a ``--_...`` child mode) and return the JSON object it prints last."""
    cp = subprocess.run([sys.executable, str(Path(__file__).resolve()), *args],
                        capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(cp.stdout.strip().splitlines()[-1])


class RdflibStore:
    """A read-only stand-in for ``graph.store.Store`` over an rdflib in-memory ``Dataset``.

    ``select(query, **bindings)`` runs SPARQL 1.1 with rdflib over the union of
    the named graphs (``Dataset(default_union=True)``, PITFALLS P9), binds
    values with the same trailing ``VALUES`` clause as the Oxigraph store,
    and converts terms like ``graph.store.to_python`` (IRIs -> str, xsd
    integer/double/decimal/boolean -> int/float/bool, other literals -> their
    lexical form), so the named-query functions give the same rows.

    Parameters
    ----------
    nquads : Path
        An N-Quads file (the store's dump).
    """

    def __init__(self, nquads: Path):
        import rdflib
        from rdflib import Dataset

        rdflib.NORMALIZE_LITERALS = False  # keep lexical forms as stored (2026-01-01T11:32:00Z stays as is)
        self.ds = Dataset(default_union=True)
        self.ds.parse(str(nquads), format="nquads")
        self.path = None

    def exists(self) -> bool:
        """Always True (the dataset is loaded)."""
        return True

    def __len__(self) -> int:
        """Number of quads (``len(Dataset)`` would count the union's distinct triples)."""
        return sum(1 for _ in self.ds.quads((None, None, None, None)))

    @staticmethod
    def _py(term: object) -> object:
        from rdflib import BNode, Literal, URIRef

        if term is None:
            return None
        if isinstance(term, URIRef):
            return str(term)
        if isinstance(term, BNode):
            return "_:" + str(term)
        if isinstance(term, Literal):
            from graph.store import literal_value

            return literal_value(str(term), str(term.datatype or ""))
        return str(term)

    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Run a SPARQL SELECT with rdflib; rows as dicts of Python values (unbound -> None)."""
        from graph.store import values_clause

        text = query + (values_clause(bindings) if bindings else "")
        res = self.ds.query(text)
        names = [str(v) for v in res.vars]
        return [{n: self._py(row[i]) for i, n in enumerate(names)} for row in res]


class _Timeout(Exception):
    pass


def _baseline_child(nquads: Path, timeout: float, manifest: str | None) -> dict:
    """Load ``nquads`` into rdflib and time every named query (child process entry point)."""
    from queries.named import QUERIES

    t = time.perf_counter()
    st = RdflibStore(nquads)
    load_s = time.perf_counter() - t
    out: dict = {"load_s": load_s, "quads": len(st), "queries": {}, "timeouts": []}

    def alarm(_sig, _frm):
        raise _Timeout()

    signal.signal(signal.SIGALRM, alarm)
    for name, (fn, _doc) in QUERIES.items():
        t = time.perf_counter()
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout)
            rows = fn(st, **QUERY_ARGS.get(name, {}))
            signal.setitimer(signal.ITIMER_REAL, 0)
            out["queries"][name] = time.perf_counter() - t
            out.setdefault("rows", {})[name] = len(rows)
        except _Timeout:
            out["queries"][name] = timeout
            out["timeouts"].append(name)
    out["peak_rss_mb"] = _rss_mb()
    return out


def _regex_child(nq: Path) -> dict:
    """One regex pass (``ARXIV_RE``) over the N-Quads dump ``nq``, read whole, in this (child) process.

    Returns ``{"nquads_mb", "regex_s", "matches", "peak_rss_mb"}``; ``regex_s`` times the pass only.
    """
    data = nq.read_bytes()
    t, n = _timed(lambda b: len(ARXIV_RE.findall(b)), data)
    return {"nquads_mb": round(len(data) / 1e6, 2), "regex_s": t, "matches": n, "peak_rss_mb": _rss_mb()}


def _brief_text(store, manifest: str, snapshot=None) -> str:
    """The brief of ``manifest`` as ``provkg brief`` makes it: ``brief_data`` (its scope, or ``snapshot``), Markdown."""
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    return render_brief(brief_data(store, manifest, snapshot=snapshot).model_dump(mode="json"))


def _brief_whole_child(store_dir: Path, manifest: str) -> dict:
    """The brief of ``manifest`` from a whole (not lazy) snapshot of the store at ``store_dir``, in this
    (child) process: ``{"brief_whole_s", "peak_rss_mb"}``."""
    from graph.store import Store
    from queries.snapshot import load_snapshot

    st = Store(store_dir)
    t, _ = _timed(lambda: _brief_text(st, manifest, snapshot=load_snapshot(st)))
    return {"brief_whole_s": t, "peak_rss_mb": _rss_mb()}


def _after_reingest_child(store_dir: Path, manifest: str, names: list[str], query_timeout: float | None) -> dict:
    """What a curator meets right after an ingest, in this (child) process: the brief of ``manifest``, then
    each named query of ``names`` on a fresh handle, no cache emptied:
    ``{"brief_after_reingest_s", "queries_after_reingest", "peak_rss_mb"}``."""
    from graph.store import Store
    from queries.named import QUERIES

    t_brief, _ = _timed(_brief_text, Store(store_dir), manifest)
    times = {}
    for name in names:
        times[name], _rows = _capped(query_timeout, QUERIES[name][0], Store(store_dir), **QUERY_ARGS.get(name, {}))
        _rows = None  # each answer goes before the next is measured, as in its own command
        gc.collect()
    return {"brief_after_reingest_s": t_brief, "queries_after_reingest": times, "peak_rss_mb": _rss_mb()}


def _ingest_child(store_dir: Path, ws: Path, jobs: int) -> dict:
    """``ingest_paths`` of ``ws`` into the store at ``store_dir`` (a new one: the cold ingest; else an
    incremental one), in this (child) process, as ``provkg ingest`` runs:
    ``{"ingest_s", "ingest_cpu_s", "changed", "errors", "peak_rss_mb"}``; CPU counts the parsing
    processes too."""
    from graph.loader import ingest_paths
    from graph.store import Store

    t0 = os.times()
    t, rep = _timed(ingest_paths, Store(store_dir), [ws], jobs=jobs)
    t1 = os.times()
    cpu = (t1.user + t1.system + t1.children_user + t1.children_system
           - t0.user - t0.system - t0.children_user - t0.children_system)
    return {"ingest_s": t, "ingest_cpu_s": cpu, "changed": len(rep.changed), "errors": rep.errors,
            "peak_rss_mb": _rss_mb()}


def _timed(fn, *a, **kw):
    t = time.perf_counter()
    r = fn(*a, **kw)
    return time.perf_counter() - t, r


#: Whole-store named queries that read every claim: at 50,000 notes their cold run takes minutes.
_WHOLE_STORE_HEAVY = ("claims", "increments", "contradictions", "evidence")


def _drop_caches(store_dir: Path) -> None:
    """Empty every cache of a store (snapshot parts and results, per-revision parts): a cold read."""
    shutil.rmtree(store_dir / "snapshot-cache", ignore_errors=True)
    shutil.rmtree(store_dir / "graph-cache", ignore_errors=True)


def _capped(timeout: float | None, fn, *a, **kw):
    """``_timed(fn, ...)`` cut off after ``timeout`` seconds: then ``(timeout, None)``."""
    if not timeout:
        return _timed(fn, *a, **kw)

    def alarm(_sig, _frm):
        raise _Timeout()

    old = signal.signal(signal.SIGALRM, alarm)
    t = time.perf_counter()
    try:
        signal.setitimer(signal.ITIMER_REAL, timeout)
        r = fn(*a, **kw)
        signal.setitimer(signal.ITIMER_REAL, 0)
        return time.perf_counter() - t, r
    except _Timeout:
        return timeout, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _touch_notes(ws: Path, k: int = 8) -> list[Path]:
    """Append one line to ``k`` notes spread over the workspace (deterministic); return them."""
    notes = sorted((ws / "inbox").rglob("*.md"))
    step = max(1, len(notes) // k)
    picked = notes[::step][:k]
    for p in picked:
        with open(p, "a", encoding="utf-8") as fh:
            fh.write("\n- 追加：基准测试复查，延迟降低 12%（未验证）。\n")
    return picked


#: Runs ``provkg.cli`` and reports its own peak RSS on stderr: ``VmHWM`` of /proc/self/status (the high-water
#: mark of this program's memory; ``ru_maxrss`` would also count the benchmark's pages the child held between
#: fork and exec), else ``ru_maxrss`` (KiB on Linux).
_CLI_WRAP = ("import resource, sys\n"
             "from provkg.cli import cli\n"
             "def peak():\n"
             "    try:\n"
             "        for line in open('/proc/self/status'):\n"
             "            if line.startswith('VmHWM:'):\n"
             "                return int(line.split()[1])\n"
             "    except OSError:\n"
             "        pass\n"
             "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
             "try:\n    cli(prog_name='provkg')\n"
             "finally:\n    sys.stderr.write('\\nPEAK_RSS_KB %d\\n' % peak())\n")


def _cli_commands(manifest: str, work: str, tmp: Path) -> list[tuple[str, list[str]]]:
    """``(label, provkg arguments)`` of the commands a curator runs after a shift's ingest."""
    o = str(tmp / "cli-out")
    return [
        ("brief", ["brief", "--manifest", manifest, "-o", o]),
        ("query increments --manifest", ["query", "increments", "--manifest", manifest, "--format", "json", "-o", o]),
        ("query contradictions --manifest", ["query", "contradictions", "--manifest", manifest, "--format", "json",
                                             "-o", o]),
        ("why (a work of a changed note)", ["why", work]),
        ("diff", ["diff"]),
        ("query papers", ["query", "papers", "--format", "json", "-o", o]),
        ("query claims", ["query", "claims", "--format", "json", "-o", o]),
        ("query contradictions", ["query", "contradictions", "--format", "json", "-o", o]),
        ("query evidence", ["query", "evidence", "--format", "json", "-o", o]),
        ("report contradictions", ["report", "contradictions", "-o", o]),
        ("viz", ["viz", "-o", str(tmp / "graph.html")]),
        ("validate", ["validate"]),
    ]


def _cli_run(store_dir: Path, args: list[str], timeout: float | None) -> tuple[float, float, int]:
    """Run ``provkg --store STORE --quiet ARGS`` in a new process: ``(seconds, peak RSS MB, exit code)``.

    A run cut off after ``timeout`` seconds reports the timeout, its exit code as -9 and no memory figure.
    """
    cmd = [sys.executable, "-c", _CLI_WRAP, "--store", str(store_dir), "--quiet", *args]
    t = time.perf_counter()
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t, 0.0, -9
    took = time.perf_counter() - t
    m = re.search(r"PEAK_RSS_KB (\d+)", cp.stderr)
    return took, (int(m.group(1)) / 1024 if m else 0.0), cp.returncode


def run_bench(notes: int, *, workspace: Path | None = None, skip_baseline: bool = False, jobs: int | None = None,
              baseline_timeout: float = 30.0, seed: int = 0, log=print, skip_whole_cold: bool = False,
              query_timeout: float | None = None, skip_cli: bool = False, cli_timeout: float | None = 900.0) -> dict:
    """Generate (or reuse) a workspace of ``notes`` notes, measure it, and return the figures.

    Parameters
    ----------
    notes : int
        Number of notes of the synthetic workspace (``bench/generate.py``).
    workspace : Path, optional
        Where to generate it (kept); a temporary folder otherwise (removed).
        An existing workspace there is regenerated, so the run always starts
        from the same bytes.
    skip_baseline : bool
        Skip the rdflib baseline (``baseline_queries`` is then ``{}``).
    jobs : int, optional
        ``jobs`` passed to ``ingest_paths``; ``None`` uses its default.
    baseline_timeout : float
        Seconds after which a baseline query is cut off (reported as a lower bound).
    skip_whole_cold : bool
        Leave out the whole-store named queries that read every claim (``claims``,
        ``increments``, ``contradictions``, ``evidence``) and the whole-snapshot
        brief and the whole-store report (minutes each, cold, at 50,000 notes).
    query_timeout : float, optional
        Seconds after which a provkg named query is cut off (``query_timeouts``).
    skip_cli : bool
        Leave out ``cli_after_reingest`` (each user-facing command in a new process).
    cli_timeout : float, optional
        Seconds after which one such command is cut off (exit -9).

    Returns
    -------
    dict
        The JSON object described in the module docstring.
    """
    from graph.store import Store
    from queries.audit import audit_briefs
    from queries.named import QUERIES
    from queries.named import contradictions as named_contradictions
    from queries.render.report import render_report
    from queries.snapshot import load_snapshot

    _log = log

    def log(msg: str) -> None:  # each progress line says where this process's memory stands
        _log(f"{msg}  [rss {_status_mb('VmRSS') or 0:.0f} MB, peak {_rss_mb():.0f} MB]")

    tmp = Path(tempfile.mkdtemp(prefix="provkg-bench-"))
    try:
        ws = Path(workspace) if workspace else tmp / "ws"
        if ws.exists():
            shutil.rmtree(ws)
        gen_s, _ = _timed(generate_workspace, ws, notes, seed=seed)
        files = [p for p in ws.rglob("*") if p.is_file()]
        input_bytes = sum(p.stat().st_size for p in files)
        log(f"generated {len(files)} files ({input_bytes / 1e6:.1f} MB) in {gen_s:.1f} s -> {ws}")
        res: dict = {"notes": notes, "files": len(files), "input_mb": round(input_bytes / 1e6, 2)}

        # Plain regex pass over the input bytes (read included).
        def regex_over(paths):
            n = 0
            for p in paths:
                n += len(ARXIV_RE.findall(p.read_bytes()))
            return n
        res["regex_input_s"], _ = _timed(regex_over, files)

        store_dir = tmp / "store"
        kw = {"jobs": 0 if jobs is None else jobs}  # 0: one process per CPU, as `provkg ingest` does
        res["loadavg_start"] = round(os.getloadavg()[0], 2)
        # The cold ingest runs in a child, as `provkg ingest` runs in its own process: what it leaves
        # allocated (~300 MB at 10,000 notes, most of it freed memory the C allocator keeps) would
        # otherwise sit under every query measured next.  Timed inside the child (``_ingest_child``).
        ing = _child("--_ingest", str(store_dir), "--_workspace", str(ws), "--jobs", str(kw["jobs"]))
        ingest_s, res["ingest_cpu_s"], res["ingest_peak_rss_mb"] = ing["ingest_s"], ing["ingest_cpu_s"], ing["peak_rss_mb"]
        if ing["errors"]:
            log(f"ingest errors ({len(ing['errors'])}): {ing['errors'][:3]}")
        res["ingest_s"] = ingest_s
        res["notes_per_s"] = notes / ingest_s
        res["files_per_s"] = len(files) / ingest_s
        res["ingest_errors"] = len(ing["errors"])
        store = Store(store_dir)
        res["quads"] = len(store)
        log(f"cold ingest: {ingest_s:.2f} s, {res['quads']:,} quads")

        # N-Quads dump: the bytes of the regex pass and the rdflib baseline.
        nq = tmp / "dump.nq"
        import pyoxigraph as ox

        store.db.dump(str(nq), ox.RdfFormat.N_QUADS)
        store.close()
        # The regex pass over the dump runs in a child, as the rdflib baseline does: the dump's bytes
        # (673 MB at 10,000 notes) held here made half of this process's peak, which stands for provkg.
        rx = _child("--_regex", str(nq))
        res["nquads_mb"], res["regex_s"], res["regex_peak_rss_mb"] = rx["nquads_mb"], rx["regex_s"], rx["peak_rss_mb"]

        man = sorted((ws / "work-guard").glob("*.json"))[len(list((ws / "work-guard").glob("*.json"))) // 2].stem
        res["brief_manifest"] = man

        # Named queries, each on a fresh store handle (as one `provkg query NAME` would).
        # Cold: every cache emptied first (_drop_caches), as right after an ingest; warm: the same
        # query again (snapshot parts, per-revision parts and whole-store results read back).
        # A query over `query_timeout` seconds is cut off and reported as that lower bound.
        res["queries"] = {}
        res["queries_warm"] = {}
        res["query_rows"] = {}
        res["query_timeouts"] = []
        for name, (fn, _doc) in QUERIES.items():
            if skip_whole_cold and name in _WHOLE_STORE_HEAVY:
                continue
            _drop_caches(store_dir)
            t, rows = _capped(query_timeout, fn, Store(store_dir), **QUERY_ARGS.get(name, {}))
            res["queries"][name] = t
            if rows is None:
                res["query_timeouts"].append(name)
                log(f"query {name}: cut off after {t:.0f} s")
                continue
            res["query_rows"][name] = len(rows)
            rows = None  # the cold answer goes before the warm run, as the next command would not hold it
            gc.collect()
            res["queries_warm"][name], _ = _timed(fn, Store(store_dir), **QUERY_ARGS.get(name, {}))
            log(f"query {name}: cold {t:.3f} s, warm {res['queries_warm'][name]:.3f} s "
                f"({res['query_rows'][name]} rows)")
            _ = None  # each query's rows go before the next is measured, as in its own command
            gc.collect()

        # The same queries for one manifest (`provkg query NAME --manifest M`): they read its scope.
        res["queries_manifest"] = {}
        res["queries_manifest_warm"] = {}
        res["query_manifest_rows"] = {}
        for name in ("increments", "contradictions", "evidence"):
            fn = QUERIES[name][0]
            _drop_caches(store_dir)
            t, rows = _timed(fn, Store(store_dir), manifest=man)
            res["queries_manifest"][name] = t
            res["query_manifest_rows"][name] = len(rows)
            rows = None
            gc.collect()
            res["queries_manifest_warm"][name], _ = _timed(fn, Store(store_dir), manifest=man)
            log(f"query {name} --manifest: cold {t:.3f} s, warm {res['queries_manifest_warm'][name]:.3f} s "
                f"({res['query_manifest_rows'][name]} rows)")
            _ = None
            gc.collect()

        # Brief of one manifest as `provkg brief` builds it: the manifest's scope (queries.scope).
        _drop_caches(store_dir)

        res["brief_s"], btext = _timed(_brief_text, Store(store_dir), man)  # cold: every cache empty
        res["brief_chars"] = len(btext)
        res["brief_warm_s"], _ = _timed(_brief_text, Store(store_dir), man)
        log(f"brief: cold {res['brief_s']:.2f} s, warm {res['brief_warm_s']:.2f} s")
        if not skip_whole_cold:
            # The same brief from a whole (not lazy) snapshot: what `brief` did before it read a scope.  No
            # command reads a store that way now; it runs in a child so that its memory is not counted as
            # provkg's (``brief_whole_peak_rss_mb``).
            _drop_caches(store_dir)
            bw = _child("--_brief-whole", str(store_dir), "--_manifest", man)
            res["brief_whole_s"], res["brief_whole_peak_rss_mb"] = bw["brief_whole_s"], bw["peak_rss_mb"]
        _drop_caches(store_dir)
        s = Store(store_dir)

        def report():
            # As `provkg report contradictions` makes it (provkg/cli.py ``_report_text``): the named query's
            # findings (kept per database), the audit of every ingested brief, over a lazy snapshot.
            snap = load_snapshot(s, lazy=True)
            found = named_contradictions(s)
            audit = audit_briefs(s, snap)
            return render_report([f.model_dump(mode="json") for f in found], lang="en",
                                 audit=[a.model_dump(mode="json") for a in audit]), found
        if not skip_whole_cold:  # the whole-store report reads every claim: minutes at 50,000 notes
            res["report_s"], (rtext, found) = _timed(report)
            res["report_findings"] = len(found)
            s.close()
            s = Store(store_dir)
            res["report_warm_s"], _ = _timed(report)
            log(f"report: cold {res['report_s']:.2f} s, warm {res['report_warm_s']:.2f} s")
        s.close()

        # Incremental re-ingest of 8 modified notes: `ingest_paths` timed in a child, as `provkg ingest` runs in
        # its own process (what an ingest leaves allocated is not under the queries measured next), then
        # through the CLI below.
        _touch_notes(ws)
        ri = _child("--_ingest", str(store_dir), "--_workspace", str(ws), "--jobs", str(kw["jobs"]))
        res["reingest_8_s"], res["reingest_8_changed"] = ri["ingest_s"], ri["changed"]
        res["reingest_peak_rss_mb"] = ri["peak_rss_mb"]
        # What a curator meets next: the first brief and the first whole-store queries after that
        # ingest (per-revision entries of the unchanged files are reused; results are recomputed), in a
        # child: each of those is a command of its own, and this process already holds what every cold
        # query above left to the allocator (its peak had reached 1,154 MB here, no command more than 889).
        names = [n for n in QUERIES if n in res["queries_warm"]]
        ar = _child("--_after-reingest", str(store_dir), "--_manifest", man, "--_names", ",".join(names),
                    *(["--query-timeout", str(query_timeout)] if query_timeout else []))
        res["brief_after_reingest_s"] = ar["brief_after_reingest_s"]
        res["queries_after_reingest"] = ar["queries_after_reingest"]
        res["after_reingest_peak_rss_mb"] = ar["peak_rss_mb"]
        log(f"after re-ingest (child, peak {ar['peak_rss_mb']:.0f} MB): brief {res['brief_after_reingest_s']:.2f} s, "
            f"queries {res['queries_after_reingest']}")
        # Everything above ran in this process but the ingests and what followed the re-ingest (children);
        # the CLI runs below are processes of their own and are reported apart (``peak_rss_cli_mb``).
        res["peak_rss_self_mb"] = _rss_mb()
        res["peak_rss_mb"] = max(res["peak_rss_self_mb"], res["ingest_peak_rss_mb"], res["reingest_peak_rss_mb"],
                                 res["after_reingest_peak_rss_mb"])
        if not skip_cli:
            # A curator who validates every shift has validate-cache/ filled before this ingest: run it once
            # here (its first run on a store checks every graph: minutes at 10,000 notes), so that the
            # `validate` below measures the run after an ingest.
            res["validate_first_s"], _rss, _code = _cli_run(store_dir, ["validate"], max(cli_timeout or 0, 900))
            log(f"CLI validate before the CLI re-ingest (fills validate-cache/): {res['validate_first_s']:.1f} s")
        touched = _touch_notes(ws)
        cli = [sys.executable, "-m", "provkg", "--store", str(store_dir), "--quiet", "ingest", str(ws)]
        res["reingest_8_cli_s"], cp = _timed(subprocess.run, cli, capture_output=True, text=True, cwd=ROOT)
        if cp.returncode not in (0, 2):
            log(f"CLI re-ingest failed: {cp.stderr.strip()[:300]}")
        # What a curator runs after the shift's ingest, each command in a new process as typed (first
        # run right after that ingest, caches as it left them; then again), with that process's own peak
        # memory.  Before the cold CLI brief below, which empties every cache.
        touched_ids = sorted({m.decode() for p in touched for m in ARXIV_RE.findall(p.read_bytes())})
        res["cli_after_reingest"] = {}
        if not skip_cli:
            for label, args in _cli_commands(man, touched_ids[0] if touched_ids else "§3.1", tmp):
                first = _cli_run(store_dir, args, cli_timeout)
                warm = _cli_run(store_dir, args, cli_timeout)
                res["cli_after_reingest"][label] = {"first_s": first[0], "warm_s": warm[0],
                                                    "peak_rss_mb": max(first[1], warm[1]), "exit": warm[2]}
                log(f"CLI {label}: first {first[0]:.2f} s, again {warm[0]:.2f} s, peak {max(first[1], warm[1]):.0f} MB"
                    + (f", exit {warm[2]}" if warm[2] not in (0, 1) else ""))
            res["peak_rss_cli_mb"] = max((v["peak_rss_mb"] for v in res["cli_after_reingest"].values()), default=0.0)

        bcli = [sys.executable, "-m", "provkg", "--store", str(store_dir), "brief", "--manifest", man, "-o",
                str(tmp / "brief.md")]
        _drop_caches(store_dir)
        res["brief_cli_s"], cp = _timed(subprocess.run, bcli, capture_output=True, text=True, cwd=ROOT)
        res["brief_cli_warm_s"], cp = _timed(subprocess.run, bcli, capture_output=True, text=True, cwd=ROOT)
        if cp.returncode != 0:
            log(f"CLI brief failed: {cp.stderr.strip()[:300]}")
        res["peak_rss_children_mb"] = _rss_mb(resource.RUSAGE_CHILDREN)

        res["baseline_queries"] = {}
        if not skip_baseline:
            child = [sys.executable, str(Path(__file__).resolve()), "--_baseline", str(nq), "--baseline-timeout",
                     str(baseline_timeout)]
            cp = subprocess.run(child, capture_output=True, text=True, cwd=ROOT)
            if cp.returncode != 0 or not cp.stdout.strip():
                log(f"baseline failed: {cp.stderr.strip()[-500:]}")
            else:
                b = json.loads(cp.stdout.strip().splitlines()[-1])
                res["baseline_queries"] = b["queries"]
                res["baseline_timeouts"] = b["timeouts"]
                res["baseline_load_s"] = b["load_s"]
                res["baseline_peak_rss_mb"] = b["peak_rss_mb"]
                res["baseline_rows"] = b.get("rows", {})
        res["loadavg_end"] = round(os.getloadavg()[0], 2)
        ratios: dict = {"ingest_over_regex_input": res["ingest_s"] / max(res["regex_input_s"], 1e-9)}
        for name, t in res["baseline_queries"].items():
            if name in res["queries_warm"]:
                ratios[f"baseline_over_provkg.{name}"] = t / max(res["queries"][name], 1e-9)
                ratios[f"baseline_over_provkg_warm.{name}"] = t / max(res["queries_warm"][name], 1e-9)
        for name, t in res["queries"].items():
            ratios[f"query_over_regex.{name}"] = t / max(res["regex_s"], 1e-9)
        res["ratios"] = ratios
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _table(res: dict) -> str:
    """The human-readable table of one result."""
    rows = [
        ("notes / files / input", f"{res['notes']:,} / {res['files']:,} / {res['input_mb']} MB"),
        ("quads / N-Quads", f"{res.get('quads', 0):,} / {res.get('nquads_mb')} MB"),
        ("cold ingest", f"{res['ingest_s']:.2f} s  ({res['notes_per_s']:.0f} notes/s, target >= 1000; "
                        f"CPU {res['ingest_cpu_s']:.1f} s)"),
        ("load average (start / end, 2 cores)", f"{res['loadavg_start']} / {res['loadavg_end']}"),
        ("re-ingest 8 changed (in process / CLI)",
         f"{res['reingest_8_s']:.2f} s / {res['reingest_8_cli_s']:.2f} s  (target <= 1 s)"),
        ("regex pass: input / N-Quads", f"{res['regex_input_s']:.3f} s / {res['regex_s']:.3f} s"),
        ("brief, one manifest (its scope): in process cold / warm",
         f"{res['brief_s']:.2f} s / {res['brief_warm_s']:.2f} s  (target <= 1 s)"),
        ("brief from the whole-store snapshot, cold",
         f"{res['brief_whole_s']:.2f} s" if "brief_whole_s" in res else "not run"),
        ("brief through the CLI: cold / warm", f"{res['brief_cli_s']:.2f} s / {res['brief_cli_warm_s']:.2f} s"),
        ("brief right after the 8-file re-ingest", f"{res['brief_after_reingest_s']:.2f} s"),
        ("validate, first run on the store (fills validate-cache/)",
         f"{res['validate_first_s']:.1f} s" if "validate_first_s" in res else "not run"),
        ("contradiction report: cold / warm",
         f"{res['report_s']:.2f} s / {res['report_warm_s']:.2f} s  ({res['report_findings']} findings)"
         if "report_s" in res else "not run"),
        ("peak RSS: provkg / largest child / rdflib",
         f"{res['peak_rss_mb']:.0f} / {res['peak_rss_children_mb']:.0f} / {res.get('baseline_peak_rss_mb', 0):.0f} MB"),
    ]
    if "baseline_load_s" in res:
        rows.append(("rdflib Dataset load", f"{res['baseline_load_s']:.1f} s"))
    w = max(len(a) for a, _ in rows)
    out = [f"{a:<{w}}  {b}" for a, b in rows]
    out.append("")
    out.append(f"{'named query':<16} {'cold s':>9} {'warm s':>9} {'after re-ingest s':>18} {'rdflib s':>10} "
               f"{'ratio':>8}  rows")
    tos = set(res.get("baseline_timeouts", []))
    cut = set(res.get("query_timeouts", []))
    for name, t in res["queries"].items():
        b = res["baseline_queries"].get(name)
        bs = "-" if b is None else (f">{b:.0f}" if name in tos else f"{b:.2f}")
        warm = res["queries_warm"].get(name)
        ratio = "-" if b is None or warm is None else (f"{'>' if name in tos else ''}{b / max(warm, 1e-9):.0f}x")
        cold = f">{t:.0f}" if name in cut else f"{t:.3f}"
        after = res.get("queries_after_reingest", {}).get(name)
        out.append(f"{name:<16} {cold:>9} {'-' if warm is None else f'{warm:.3f}':>9} "
                   f"{'-' if after is None else f'{after:.3f}':>18} {bs:>10} {ratio:>8}  "
                   f"{res['query_rows'].get(name, '-')}")
    out.append("")
    out.append(f"{'--manifest query':<16} {'cold s':>9} {'warm s':>9}  rows")
    for name, t in res.get("queries_manifest", {}).items():
        out.append(f"{name:<16} {t:>9.3f} {res['queries_manifest_warm'][name]:>9.3f}  "
                   f"{res['query_manifest_rows'][name]}")
    if res.get("cli_after_reingest"):
        out.append("")
        out.append(f"{'provkg command after the re-ingest (new process)':<50} {'first s':>8} {'again s':>8} {'peak MB':>8}")
        for label, v in res["cli_after_reingest"].items():
            cut = ">" if v["exit"] == -9 else ""
            out.append(f"{label:<50} {cut + format(v['first_s'], '.2f'):>8} {format(v['warm_s'], '.2f'):>8} "
                       f"{v['peak_rss_mb']:>8.0f}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module docstring); returns the exit status."""
    ap = argparse.ArgumentParser(description="provkg benchmark (issue 5)")
    ap.add_argument("--notes", type=int, default=1000)
    ap.add_argument("--skip-baseline", action="store_true", help="skip the rdflib in-memory baseline")
    ap.add_argument("--jobs", type=int, default=None, help="ingest processes (default 0: one per CPU, as the CLI)")
    ap.add_argument("--workspace", type=Path, help="generate the workspace here and keep it")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline-timeout", type=float, default=30.0, help="seconds per rdflib query (default 30)")
    ap.add_argument("--skip-whole-cold", action="store_true",
                    help="leave out the whole-store claims/increments/contradictions/evidence queries and the "
                         "whole-snapshot brief (minutes each at 50,000 notes)")
    ap.add_argument("--query-timeout", type=float, default=None, help="cut off a provkg named query after S seconds")
    ap.add_argument("--skip-cli", action="store_true", help="leave out the user-facing commands run after the re-ingest")
    ap.add_argument("--cli-timeout", type=float, default=900.0, help="cut off one such command after S seconds")
    ap.add_argument("--_baseline", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_regex", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_ingest", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_workspace", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_brief-whole", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_manifest", help=argparse.SUPPRESS)
    ap.add_argument("--_after-reingest", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_names", default="", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    # The collector as provkg's command line sets it (provkg/cli.py): the in-process figures stand for
    # `provkg query` / `provkg brief`, and with CPython's defaults a full collection of this process's
    # large heap (over 1 GB at 10,000 notes) landed inside single timed calls (query claims 0.6 -> 1.2 s).
    # The command line also freezes what its big blocks build (queries.collector); those blocks make no
    # reference cycles (after each named query and a brief at 10,000 notes, gc.collect() finds none),
    # so this process frees them as before.
    import gc

    from provkg.cli import GC_THRESHOLDS
    from queries.collector import freeze_after_pause

    gc.set_threshold(*GC_THRESHOLDS)
    freeze_after_pause()
    if a._ingest:
        print(json.dumps(_ingest_child(a._ingest, a._workspace, a.jobs or 0)))
        return 0
    if a._brief_whole:
        print(json.dumps(_brief_whole_child(a._brief_whole, a._manifest)))
        return 0
    if a._after_reingest:
        names = [n for n in a._names.split(",") if n]
        print(json.dumps(_after_reingest_child(a._after_reingest, a._manifest, names, a.query_timeout)))
        return 0
    if a._regex:
        print(json.dumps(_regex_child(a._regex)))
        return 0
    if a._baseline:
        print(json.dumps(_baseline_child(a._baseline, a.baseline_timeout, None)))
        return 0
    if a.notes < 1:
        ap.error("--notes must be >= 1")
    res = run_bench(a.notes, workspace=a.workspace, skip_baseline=a.skip_baseline, jobs=a.jobs,
                    baseline_timeout=a.baseline_timeout, seed=a.seed, log=lambda m: print(m, file=sys.stderr),
                    skip_whole_cold=a.skip_whole_cold, query_timeout=a.query_timeout, skip_cli=a.skip_cli,
                    cli_timeout=a.cli_timeout)
    print(_table(res))
    print(json.dumps(res, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
