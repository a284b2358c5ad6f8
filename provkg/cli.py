"""The provkg command line: a thin click layer over ``ingest``, ``graph`` and ``queries``.

Exit codes (the same for every command): 0 success; 1 the command ran and
found what ``--fail-on`` asked it to flag; 2 usage or input error (bad
arguments, unreadable or invalid files, unknown query, locked store).
Data goes to stdout, diagnostics and progress to stderr.  Heavy libraries are
imported inside the commands so ``provkg --help`` stays fast.
"""
from __future__ import annotations

import csv
import errno
import gc
import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import click

__all__ = ["cli"]


def _utf8_streams() -> None:
    """Write UTF-8 whatever the locale (PITFALLS P5): cp1252/GBK/C stdout would fail on CJK."""
    for s in (sys.stdout, sys.stderr):
        try:
            if (s.encoding or "").lower().replace("-", "") != "utf8":
                s.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


def _fail(msg: str) -> "click.exceptions.Exit":
    click.echo(f"provkg: {msg}", err=True)
    return click.exceptions.Exit(2)


def _model_fields(fn) -> list[str]:
    """Field names of the pydantic model a query function returns (``-> list[Model]``), else ``[]``."""
    import typing

    try:
        ret = typing.get_type_hints(fn).get("return")
        (model,) = typing.get_args(ret)
        return list(model.model_fields)
    except Exception:  # noqa: BLE001 - no annotation, no header; never fail the command for it
        return []


#: Write errors on standard output (a full device, an I/O error, a closed descriptor): one line, exit 2.
_STDOUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG}


#: Collector thresholds for one command (``_Group.main``; bench/run.py uses them too): mypy's (mypy/main.py).
GC_THRESHOLDS = (200_000, 30, 30)


def _one_line_usage(e: "click.UsageError") -> "click.exceptions.Exit | click.UsageError":
    """A usage error as one line on stderr, ``provkg: <problem> (see 'provkg CMD -h')``, and exit 2.

    click prints the usage line, a hint, a blank line and the error; every other bad input here
    is one line.  ``provkg`` alone (no command) still prints the help (``NoArgsIsHelpError``).
    """
    if isinstance(e, getattr(click.exceptions, "NoArgsIsHelpError", ())):
        return e
    path = e.ctx.command_path if e.ctx is not None else "provkg"
    return _fail(f"{e.format_message()} (see '{path} -h')")


class _Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``) turned into an exception, so that a write rolls back and a pool
    stops as for Ctrl-C (Python's default for SIGTERM ends the process with no clean-up at all)."""


def _on_sigterm(signum, frame) -> None:  # noqa: ARG001 - signal handler signature
    """Raise ``_Terminated`` in the main thread (installed by ``_Group.main``)."""
    raise _Terminated


def _quiet_here(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``-q`` given after a command's name: as ``provkg -q`` before it."""
    if value and ctx.obj is not None:
        ctx.obj["quiet"] = True


class _QuietGroup(click.Group):
    """A group whose commands take ``-q``/``--quiet`` after their name too (``provkg ingest ws -q``,
    ``provkg report contradictions -q``), as ``provkg -q`` before it."""

    def get_command(self, ctx, name):
        """The command ``name`` with the ``-q`` option added (once)."""
        cmd = super().get_command(ctx, name)
        if cmd is not None and not isinstance(cmd, click.Group) \
                and not any(p.name == "quiet_here" for p in cmd.params):
            cmd.params.append(click.Option(
                ["--quiet", "-q", "quiet_here"], is_flag=True, expose_value=False, callback=_quiet_here,
                help="No progress or summaries on stderr (as `provkg -q`)."))
        return cmd


class _Group(_QuietGroup):
    """The top-level group: a closed stdout pipe (``provkg query papers | head -1``) ends quietly.

    Exit status 141 (128 + SIGPIPE, what a shell reports for a tool killed by
    SIGPIPE), no traceback, nothing on stderr.
    """

    def main(self, args=None, *a, **kw):
        """Under a C/POSIX locale with UTF-8 mode off (``LC_ALL=C PYTHONUTF8=0``) Python decodes the
        command line as ASCII, so ``--title 知识图谱`` arrives as lone surrogates (PITFALLS P5).  Run
        again in UTF-8 mode (PEP 540, ``python -X utf8``): arguments, paths and streams are UTF-8."""
        if (args is None and not sys.flags.utf8_mode and sys.getfilesystemencoding().lower() in ("ascii", "ansi_x3.4-1968")
                and any("\udc80" <= ch <= "\udcff" for arg in sys.argv[1:] for ch in arg)
                and not os.environ.get("PROVKG_NO_REEXEC")):
            os.environ["PROVKG_NO_REEXEC"] = "1"
            sys.stdout.flush()
            os.execv(sys.executable, [sys.executable, "-X", "utf8", "-m", "provkg", *sys.argv[1:]])
        # One command builds 10^5-10^6 long-lived objects (snapshot parts, result rows) and little
        # cyclic garbage; at CPython's default thresholds (700, 10, 10) the collector walks that growing
        # heap again and again: 20-25 % of `query claims` / `query evidence` right after an ingest at
        # 10,000 notes.  The thresholds mypy's command line uses (mypy/main.py).
        gc.set_threshold(*GC_THRESHOLDS)
        from queries.collector import freeze_after_pause

        freeze_after_pause()  # one command per process: what its big blocks built is never walked again
        if sys.stdout is None:  # started with stdout closed (`provkg … >&-`)
            if sys.stderr is not None:
                sys.stderr.write("provkg: standard output is closed; nothing can be written\n")
            raise SystemExit(2)
        import signal

        # SIGTERM (`kill`, `timeout`) rolls a write back as Ctrl-C does (exit 143)
        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGTERM, _on_sigterm)
        try:
            return super().main(args, *a, **kw)
        finally:
            if previous is not None:  # a caller in the same process (tests, scripts) gets its own back
                signal.signal(signal.SIGTERM, previous)

    def make_context(self, info_name, args, parent=None, **extra):
        """The group's own options parsed; a usage error is one line (``_one_line_usage``)."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as e:
            raise _one_line_usage(e) from None

    def invoke(self, ctx: click.Context):
        try:
            rv = super().invoke(ctx)
            sys.stdout.flush()
            return rv
        except click.UsageError as e:  # a command's options, or no such command
            raise _one_line_usage(e) from None
        except BrokenPipeError:
            try:  # later flushes (at exit) must not raise again
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, io.UnsupportedOperation):
                pass
            raise click.exceptions.Exit(141) from None
        except _Terminated:
            sys.stderr.write("provkg: terminated\n")  # 128 + SIGTERM; rolled back as for Ctrl-C
            raise click.exceptions.Exit(143) from None
        except KeyboardInterrupt:
            # Ctrl-C: 128 + SIGINT, as a shell reports it (click's own "Aborted!" exits 1, which here
            # means `--fail-on` found something).  Writes are transactions and files are written by
            # rename, so nothing half-written is left.
            sys.stderr.write("provkg: interrupted\n")
            raise click.exceptions.Exit(130) from None
        except OSError as e:
            if e.errno not in _STDOUT_ERRNOS or e.filename is not None:
                # a full disk, an I/O error, a file removed under a command: one line, exit 2
                where = f"{e.filename}: " if e.filename else ""
                raise _fail(f"{where}{e.strerror or ' '.join(str(e).split()) or type(e).__name__}") from None
            try:  # the output is gone: later flushes (at exit) must not raise again
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
                pass
            raise _fail(f"standard output: cannot write: {e.strerror or e}") from None
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as e:
            from ingest.errors import KgError

            if isinstance(e, KgError):  # e.g. a SPARQL server that stopped answering, a bad PROVKG_TZ, a
                raise _fail(" ".join(str(e).split())) from None  # store that cannot be written: one line, exit 2
            if isinstance(e, RuntimeError) and any(k in str(e) for k in ("IO error", "Corruption", "No space")):
                # RocksDB (Oxigraph) reports I/O failures and damaged files as RuntimeError
                raise _fail(f"{ctx.obj.get('store') if ctx.obj else 'the store'}: {' '.join(str(e).split())[:400]}") from None
            from concurrent.futures.process import BrokenProcessPool

            if isinstance(e, BrokenProcessPool):  # a parsing process killed (the OOM killer): nothing was written
                raise _fail("a parsing process ended abruptly (killed, or out of memory); nothing was written: "
                            "run the ingest again, with --jobs 1 to parse in one process") from None
            if os.environ.get("PROVKG_DEBUG"):
                raise
            # A bug: one line and exit 70 (EX_SOFTWARE, sysexits.h) instead of a traceback; PROVKG_DEBUG=1 shows it.
            click.echo(f"provkg: internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]} "
                       "(a bug: please report it; PROVKG_DEBUG=1 shows the traceback)", err=True)
            raise click.exceptions.Exit(70) from None


def _busy(ctx: click.Context, label: str):
    """A progress indicator (rich, on stderr) for one long step: a spinner with the elapsed time.

    Shown only when stderr is a terminal and the command is not ``-q``: a pipe, a file or CI gets
    nothing (no escape codes in logs).  Transient: it leaves no line behind.  Use as ``with _busy(ctx, "validating"):``.
    """
    import contextlib

    if ctx.obj.get("quiet") or not sys.stderr.isatty():
        return contextlib.nullcontext()
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), transient=True,
                   console=Console(stderr=True))
    bar.add_task(label, total=None)

    @contextlib.contextmanager
    def run():
        bar.start()
        try:
            yield bar
        finally:
            bar.stop()

    return run()


def _store(ctx: click.Context):
    """The backend named by ``--store``: a folder (embedded Oxigraph) or an http(s) URL (SPARQL server)."""
    from graph.backend import open_store
    from ingest.errors import KgError

    try:
        store = open_store(ctx.obj["store"], **ctx.obj.get("endpoints", {}))
    except KgError as e:
        raise _fail(str(e)) from None
    if hasattr(store, "on_lock_wait") and not ctx.obj.get("quiet"):
        store.on_lock_wait = lambda: click.echo(
            f"provkg: waiting for another provkg process to finish writing {store.path} …", err=True)
    return store


def _require(store) -> None:
    if not store.exists():
        raise _fail(f"no store at {store.path}; run `provkg ingest PATH` first (or pass --store)")
    from graph.loader import is_legacy_store
    from graph.migrate import upgrade_message

    if is_legacy_store(store):
        click.echo(f"provkg: warning: {store.path} was written by an older provkg and shows no current "
                   "revisions; run `provkg ingest PATH` once to update it", err=True)
    elif (msg := upgrade_message(store)) is not None:  # issue 21: a store of an older model
        click.echo(f"provkg: warning: {msg}", err=True)


def _snapshot(ctx: click.Context):
    """The store read into a ``Snapshot``, once per command (``run`` renders three outputs from it)."""
    if "snapshot" not in ctx.obj:
        from queries.snapshot import load_snapshot

        store = _store(ctx)
        _require(store)
        # Lazy: each part is read when first used, and the derived results (claim subjects, title
        # matches) come from the per-database cache (10,000 notes: ~0.3 s instead of ~5 s).
        ctx.obj["snapshot"] = (store, load_snapshot(store, lazy=True))
    return ctx.obj["snapshot"]


def _write_text(text: str, out: str | None) -> None:
    """Write ``text`` to ``out`` atomically in UTF-8, or to stdout.

    Stdout is written in 16 KiB pieces, each flushed: a reader that goes away
    part-way (``| head -1``) then surfaces as ``BrokenPipeError`` (exit 141)
    instead of a partial write that CPython may drop without a word.
    A file that cannot be written is one line and exit 2; no temporary file is left.
    """
    if out is None or out == "-":
        if not text.endswith("\n"):
            text += "\n"
        for i in range(0, len(text), 1 << 14):
            click.echo(text[i:i + (1 << 14)], nl=False)
        return
    from graph.atomic import write_atomic

    try:
        write_atomic(text.encode("utf-8"), out)
    except OSError as e:
        raise _fail(f"{out}: cannot write: {e.strerror or e}") from None


def _write_stdout_bytes(data: bytes) -> None:
    """Write ``data`` to stdout in 16 KiB pieces, each flushed, as ``_write_text`` does: one large write
    to a pipe whose reader left (``provkg export … | head``) was dropped without an error (exit 0
    instead of 141)."""
    out = sys.stdout.buffer
    for i in range(0, len(data), 1 << 14):
        out.write(data[i:i + (1 << 14)])
        out.flush()


def _json_doc(model) -> str:
    """One pydantic result model as an indented UTF-8 JSON document (docs/OUTPUT.md)."""
    return json.dumps(model.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"


def _emit_doc(model, fmt: str, out: str | None, text: "Callable[[Any], str]") -> None:
    """Write one result model as JSON (``fmt == "json"``) or as ``text(model)``, to ``out`` or stdout."""
    _write_text(_json_doc(model) if fmt == "json" else text(model), out)


def _floatless(model: type) -> bool:
    """True for a pydantic model whose JSON holds no number that is not an integer.

    pydantic writes floats as ECMAScript does (``1e-7``, ``0.000025``) and ``json`` as Python's
    ``repr`` (``1e-07``, ``2.5e-05``): rows with floats keep the ``json`` path, so the text never
    depends on the path taken.
    """
    if not hasattr(model, "model_json_schema"):
        return False
    return '"number"' not in json.dumps(model.model_json_schema(mode="serialization"))


def _json_results(rows: list, version: str, name: str) -> str:
    """The ``--format json`` document of result models of one type without floats (``_floatless``),
    serialised by pydantic (Rust).

    The same text as ``json.dumps(envelope, ensure_ascii=False, indent=2)`` of the rows'
    ``model_dump(mode="json")`` (a test holds them equal), at a fraction of the cost: 144,000
    claims took 10.6 s through ``json``, about 1 s here.  The results array is serialised alone and
    indented one level more to sit in the envelope (JSON strings hold no raw newline, so every
    newline of the array is layout).
    """
    from pydantic import TypeAdapter

    array = TypeAdapter(list[type(rows[0])]).dump_json(rows, indent=2).decode("utf-8")
    head = json.dumps({"schema_version": version, "query": name, "count": len(rows)}, ensure_ascii=False, indent=2)
    return head[:-2] + ',\n  "results": ' + array.replace("\n", "\n  ") + "\n}\n"


#: Rows a ``--format table`` shows by default (``--max-rows``).  rich lays a table out at about 1 ms a
#: row (144,000 claims: some 150 s and 2.4 GB), and a table that long is read by nobody: past this many
#: rows the table shows the first ones and a line under it says how many there are and how to get all
#: (as the DuckDB shell elides rows of a long result).  json, jsonl and csv always hold every row.
TABLE_MAX_ROWS = 1000


#: list cells of a table show this many elements, then "… N more"
TABLE_LIST_ITEMS = 6


def _table_cell(v: object) -> str:
    """The text of one table cell: a statement (dict with ``source``/``line``/``text``) as
    ``file:line text`` cut at 120 characters, a list as its first ``TABLE_LIST_ITEMS``
    elements one per line (then ``… N more``), ``None`` as empty.  Tables only: json,
    jsonl and csv keep every value whole.
    """
    if v is None:
        return ""
    if isinstance(v, dict):
        if "text" in v or "source" in v:
            head = f"{v.get('source', '')}:{v.get('line', '')}" if v.get("source") else ""
            text = " ".join(str(v.get("text", "")).split())
            v = f"{head} {text}".strip()
            return v if len(v) <= 120 else v[:119] + "…"
        return json.dumps(v, ensure_ascii=False)[:120]
    if isinstance(v, list):
        parts = [_table_cell(x) for x in v[:TABLE_LIST_ITEMS]]
        if any(isinstance(x, dict) for x in v):
            sep = "\n"
        else:
            sep = ", "
        more = f"{sep}… {len(v) - TABLE_LIST_ITEMS} more" if len(v) > TABLE_LIST_ITEMS else ""
        return sep.join(parts) + more
    return str(v)


def _emit(rows: list, fmt: str, out: str | None = None, name: str = "", columns: list[str] | None = None,
          max_rows: int = TABLE_MAX_ROWS) -> None:
    """Print result models as table, json, jsonl or csv (JSON carries ``schema_version``).

    ``columns`` names the CSV header (and table columns) when ``rows`` is empty,
    so ``--format csv`` always prints its header row.  ``max_rows`` (0: no limit)
    caps the rows of a table only (``TABLE_MAX_ROWS``); a line under it then
    says "first N of M rows".
    """
    from queries.results import SCHEMA_VERSION

    if fmt == "json" and rows and len({type(r) for r in rows}) == 1 and _floatless(type(rows[0])):
        _write_text(_json_results(rows, SCHEMA_VERSION, name), out)
        return
    total = len(rows)
    if fmt == "table" and max_rows and total > max_rows:
        rows = rows[:max_rows]
    dicts = [r.model_dump(mode="json") if hasattr(r, "model_dump") else dict(r) for r in rows]
    if fmt == "json":
        _write_text(json.dumps({"schema_version": SCHEMA_VERSION, "query": name, "count": len(dicts), "results": dicts},
                               ensure_ascii=False, indent=2) + "\n", out)
    elif fmt == "jsonl":
        lines = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in dicts)
        if lines or (out and out != "-"):  # no rows: no output at all (a blank line is not JSON Lines)
            _write_text(lines, out)
    elif fmt == "csv":
        buf = io.StringIO()
        cols = list(dicts[0].keys()) if dicts else list(columns or [])
        w = csv.writer(buf)
        w.writerow(cols)
        for d in dicts:
            w.writerow([json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else ("" if v is None else v)
                        for v in (d.get(c) for c in cols)])
        _write_text(buf.getvalue(), out)
    else:
        from rich.console import Console
        from rich.table import Table

        cols = list(dicts[0].keys()) if dicts else list(columns or [])
        caption = None
        if total > len(dicts):
            caption = (f"first {len(dicts):,} of {total:,} rows: --max-rows 0 shows all; "
                       "--format csv, jsonl or json write all at once")
        t = Table(show_lines=False, title=f"{name} ({total})")
        for c in cols:
            t.add_column(c, overflow="fold")
        for d in dicts:
            t.add_row(*(_table_cell(d.get(c)) for c in cols))
        tty = (out is None or out == "-") and sys.stdout.isatty()
        buf = io.StringIO()
        con = (Console(file=sys.stdout, width=200, markup=False, highlight=False) if tty else
               Console(file=buf, width=200, markup=False, highlight=False, color_system=None))
        con.print(t)
        if caption:
            con.print(caption, soft_wrap=True)
        if not tty:
            _write_text(buf.getvalue(), out)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--store", "store", envvar="PROVKG_STORE", default=".provkg", show_default=True,
              help="Store folder, or the http(s) URL of a SPARQL server dataset: http://host:7878 (Oxigraph), "
                   "http://host:3030/ds (Fuseki) (or set PROVKG_STORE).")
@click.option("--query-endpoint", envvar="PROVKG_QUERY_ENDPOINT", metavar="URL",
              help="SPARQL query endpoint of a server store, where it differs from the default (/query, /ds/query).")
@click.option("--update-endpoint", envvar="PROVKG_UPDATE_ENDPOINT", metavar="URL",
              help="SPARQL update endpoint of a server store (default /update, /ds/update).")
@click.option("--gsp-endpoint", envvar="PROVKG_GSP_ENDPOINT", metavar="URL",
              help="Graph Store Protocol endpoint of a server store (default /store, /ds/data).")
@click.option("--quiet", "-q", is_flag=True, help="No progress or summaries on stderr.")
@click.version_option("0.1.0", prog_name="provkg")
@click.pass_context
def cli(ctx: click.Context, store: str, quiet: bool, query_endpoint: str | None = None,
        update_endpoint: str | None = None, gsp_endpoint: str | None = None) -> None:
    """provkg: a provenance graph (W3C PROV-O, one named graph per file) of a curated knowledge workspace.

    Ingest notes, cards, living documents, manifests and briefs; query them with SPARQL;
    render a shift brief, a contradiction report and an offline HTML graph.
    """
    _utf8_streams()
    ctx.ensure_object(dict)
    ctx.obj["store"] = store
    ctx.obj["endpoints"] = {k: v for k, v in (("query_endpoint", query_endpoint), ("update_endpoint", update_endpoint),
                                              ("gsp_endpoint", gsp_endpoint)) if v}
    ctx.obj["quiet"] = quiet


def _do_ingest(ctx: click.Context, paths: tuple[str, ...], kind: str | None, jobs: int,
               allow_mass_removal: bool = False):
    from graph.loader import ingest_paths
    from ingest.errors import StoreLockedError

    store = _store(ctx)
    quiet = ctx.obj["quiet"]
    bar = None
    progress = None
    if not quiet and sys.stderr.isatty():
        from rich.progress import Progress

        from rich.console import Console

        bar = Progress(transient=True, console=Console(stderr=True))
        task = bar.add_task("parsing", total=None)
        bar.start()

        def progress(done: int, total: int) -> None:
            # once every file is parsed the ingest writes the store: say so (the write of a large
            # ingest takes as long as the parsing)
            bar.update(task, completed=done, total=total,
                       description="writing the store" if total and done >= total else "parsing")
    try:
        rep = ingest_paths(store, list(paths), kind=kind, progress=progress, jobs=jobs,
                           allow_mass_removal=allow_mass_removal)
    except StoreLockedError as e:
        raise _fail(str(e)) from None
    finally:
        if bar is not None:
            bar.stop()
    for w in rep.warnings:
        click.echo(f"warning: {w}", err=True)
    for e in rep.errors:
        click.echo(f"error: {e}", err=True)
    if rep.upgraded:  # issue 21: the store was written by an older model
        from graph.model import MODEL_VERSION

        click.echo(f"ingest: upgraded {store.path} from provkg's model {rep.upgraded[0]} to model {MODEL_VERSION} "
                   f"({rep.upgraded[1]} graphs rewritten, every revision kept)", err=True)
    if not quiet:
        click.echo(f"ingest: {rep.summary()} -> {store.path}", err=True)
        for label, lst in (("added", rep.added), ("changed", rep.changed), ("removed", rep.removed)):
            for p in lst[:20]:
                click.echo(f"  {label}: {p}", err=True)
            if len(lst) > 20:
                click.echo(f"  … {len(lst) - 20} more {label}", err=True)
    return rep


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--kind", type=click.Choice(["note", "paper_card", "repo_card", "living_doc", "manifest", "brief", "queue"]),
              help="Force the kind of the files named explicitly (e.g. --kind brief).")
@click.option("--jobs", "-j", type=int, default=0, show_default=True,
              help="Parse with this many processes (0 = one per CPU; used past 64 files).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: the summary as one JSON document on stdout (`provkg schema ingest`).")
@click.option("--allow-mass-removal", is_flag=True,
              help="Let the ingest remove the files of a folder that is now empty, or more than half of the "
                   "store's files (refused otherwise: an unmounted share would empty the store).")
@click.option("--strict", is_flag=True,
              help="Exit 1 when a file went in with a warning (for CI and pre-commit hooks); without it a "
                   "warning is reported and the exit code stays 0.")
@click.pass_context
def ingest(ctx: click.Context, paths: tuple[str, ...], kind: str | None, jobs: int, fmt: str = "text",
           allow_mass_removal: bool = False, strict: bool = False) -> None:
    """Read files and folders into the store (incremental: unchanged files are skipped).

    Each file becomes one named graph generated by an ingest prov:Activity.
    Files that fail are reported one line each (``error:``); the others still go in (exit 2).
    Files that go in with something the brief cannot use (bad front matter, a manifest item that is
    missing, listed twice or outside the workspace) get a ``warning:`` line and exit 0; with
    ``--strict`` a warning exits 1.
    """
    rep = _do_ingest(ctx, paths, kind, jobs, allow_mass_removal)
    if fmt == "json":
        _write_text(_json_doc(_ingest_summary(ctx, rep)), None)
    _exit_for(ctx, rep, strict)


def _exit_for(ctx: click.Context, rep, strict: bool) -> None:
    """Exit 2 when a file could not be read or used (``error:`` lines), 1 when ``strict`` and a file went
    in with a warning, else return (exit 0): a warning is not an error (issue 18)."""
    if rep.errors:
        ctx.exit(2)
    if strict and rep.warnings:
        ctx.exit(1)


def _ingest_summary(ctx: click.Context, rep):
    """The ``IngestSummary`` (``--format json``) of one ``graph.loader.IngestReport``."""
    from graph.model import activity_iri
    from queries.results import IngestSummary

    store = _store(ctx)
    return IngestSummary(store=str(store.path if store.path is not None else ctx.obj["store"]),
                         activity=activity_iri(rep.activity).value if rep.activity else None, added=list(rep.added), changed=list(rep.changed),
                         removed=list(rep.removed), unchanged=len(rep.unchanged), errors=list(rep.errors),
                         warnings=list(rep.warnings))


@cli.command()
@click.argument("name", required=False)
@click.option("--list", "list_", is_flag=True, help="List the named queries.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl", "csv"]), default="table", show_default=True)
@click.option("--manifest", "-m", help="Manifest ID or path: only that shift, read from its scope (increments, contradictions, evidence).")
@click.option("--source", help="Only this source, by its workspace-relative path as `query sources` lists it (claims; duplicates: one living document).")
@click.option("--all-sources", is_flag=True,
              help="duplicates: also count cross-source repeats (one entry per other file naming the work).")
@click.option("--fail-on", type=click.Choice(["none", "any"]), default="none", show_default=True,
              help="Exit 1 when the query returns any row.")
@click.option("--max-rows", type=click.IntRange(min=0), default=TABLE_MAX_ROWS, show_default=True,
              help="--format table: show at most this many rows (0 = all); a line under it gives the total.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def query(ctx, name, list_, fmt, manifest, source, all_sources, fail_on, output, max_rows=TABLE_MAX_ROWS) -> None:
    """Run a named query (see --list)."""
    from ingest.errors import KgError
    from queries.named import QUERIES

    if list_ or not name:
        for n, (_, doc) in QUERIES.items():
            click.echo(f"{n:16} {doc}")
        return
    if name not in QUERIES:
        raise _fail(f"unknown query {name!r}; known: {', '.join(QUERIES)}")
    store = _store(ctx)
    _require(store)
    fn = QUERIES[name][0]
    takes = _query_options(fn)
    for opt, given in (("manifest", manifest), ("source", source), ("all_sources", all_sources)):
        if given and opt not in takes:
            flag = "--" + opt.replace("_", "-")
            which = ", ".join(n for n, (f, _) in QUERIES.items() if opt in _query_options(f))
            raise _fail(f"query {name} does not take {flag} (it narrows: {which})")
    try:
        with _busy(ctx, f"query {name}"):
            rows = fn(store, manifest=manifest, source=source, all_sources=all_sources)
    except KgError as e:
        raise _fail(str(e)) from None
    _emit(rows, fmt, output, name, columns=_model_fields(fn), max_rows=max_rows)
    if source and not rows and source not in {r.source for r in QUERIES["sources"][0](store)}:
        # stdout keeps the empty result's shape (docs/OUTPUT.md); the hint goes to stderr
        click.echo(f"provkg: no source {source!r} in the store; source paths are workspace-relative, as "
                   "`provkg query sources` lists them", err=True)
        ctx.exit(2)  # an input error, like an unknown query (a typo must not pass a script's check)
    if fail_on == "any" and rows:
        ctx.exit(1)


def _query_options(fn) -> set[str]:
    """The options (``manifest``, ``source``, ``all_sources``) a named query function takes by name."""
    import inspect

    return {p for p in inspect.signature(inspect.unwrap(fn)).parameters if p in ("manifest", "source", "all_sources")}


#: ``provkg sparql --format``: provkg's own (table, json, jsonl), the SPARQL 1.1 result formats (written by
#: pyoxigraph's serialisers) and, for CONSTRUCT/DESCRIBE, the RDF graph formats.
SPARQL_FORMATS = ["table", "json", "jsonl", "csv", "tsv", "srj", "srx", "turtle", "nt", "jsonld"]


@cli.command()
@click.argument("text")
@click.option("--format", "fmt", type=click.Choice(SPARQL_FORMATS), default="table", show_default=True,
              help="SELECT/ASK: table, json/jsonl (provkg's documents), csv, tsv, srj (SPARQL JSON), srx (SPARQL XML); "
                   "CONSTRUCT/DESCRIBE: turtle (the default), nt (N-Triples), jsonld.")
@click.option("--max-rows", type=click.IntRange(min=0), default=TABLE_MAX_ROWS, show_default=True,
              help="--format table: show at most this many rows (0 = all); a line under it gives the total.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def sparql(ctx, text: str, fmt: str, max_rows: int = TABLE_MAX_ROWS, output: str | None = None) -> None:
    """Run a SPARQL 1.1 query (SELECT, ASK, CONSTRUCT or DESCRIBE; TEXT or @file.rq) over the union of the named graphs.

    Result formats are the standard ones (docs/OUTPUT.md): SPARQL 1.1 Query Results JSON (srj),
    XML (srx), CSV and TSV, written by pyoxigraph; graphs as Turtle, N-Triples or JSON-LD, their
    triples sorted so the same store gives the same bytes.  Updates are refused (use ingest/import).
    """
    from graph.store import query_form
    from ingest.errors import KgError
    from queries.sparql_results import SparqlFormatError, write_sparql_result

    if text.startswith("@"):
        from ingest.sources import read_regular

        try:
            text = read_regular(text[1:], what="query file").decode("utf-8")
        except KgError as e:
            raise _fail(str(e)) from None
        except UnicodeDecodeError as e:
            raise _fail(f"{text[1:]}: not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})") from None
    try:
        form = query_form(text)
    except KgError as e:
        raise _fail(str(e)) from None
    store = _store(ctx)
    _require(store)
    try:
        res = store.raw_query(text)
    except KgError as e:
        raise _fail(str(e)) from None
    if fmt in ("table", "json", "jsonl") and form == "SELECT":
        from graph.store import to_python

        rows = [{k: to_python(v) for k, v in r.items()} for r in res]
        _emit(rows, fmt, output, "sparql", columns=list(res.variables), max_rows=max_rows)
        return
    try:
        data = write_sparql_result(res, fmt)
    except SparqlFormatError as e:
        raise _fail(str(e)) from None
    if output is None or output == "-":
        _write_stdout_bytes(data)
    else:
        from graph.atomic import write_atomic

        try:
            write_atomic(data, output)
        except OSError as e:
            raise _fail(f"{output}: cannot write: {e.strerror or e}") from None


def _brief_text(ctx, manifest: str, lang: str | None, fmt: str, author: str | None = None) -> str:
    from ingest.errors import KgError
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    store = _store(ctx)
    _require(store)
    try:
        data = brief_data(store, manifest, lang=lang, author=author)  # reads the manifest's scope only (queries.scope)
    except KgError as e:
        raise _fail(str(e)) from None
    ctx.meta["brief_lang"] = data.lang  # `run` writes the report in the brief's language
    if fmt == "json":
        return _json_doc(data)
    return render_brief(data.model_dump(mode="json"), lang=lang)


@cli.command()
@click.option("--manifest", "-m", required=True, help="Manifest ID or path.")
@click.option("--lang", type=click.Choice(["zh", "en"]), help="Language of every label (default: the workspace's).")
@click.option("--author", help="Who wrote the shift (default: the manifest's author, else the work queue's claimant).")
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def brief(ctx, manifest: str, lang: str | None, author: str | None, fmt: str, output: str | None) -> None:
    """Render the shift brief of one manifest from graph queries."""
    _write_text(_brief_text(ctx, manifest, lang, fmt, author), output)


def _report_text(ctx, fmt: str, lang: str) -> tuple[str, list]:
    from queries.audit import audit_briefs
    from queries.named import contradictions
    from queries.render.report import render_report
    from queries.results import ContradictionReport

    store, snap = _snapshot(ctx)
    with _busy(ctx, "finding contradictions"):
        found = contradictions(store)  # the named query's answer, kept per database (queries.named)
        audit = audit_briefs(store, snap)  # brief-audit findings of every ingested brief (docs/OUTPUT.md)
    if fmt == "json":
        doc = ContradictionReport(count=len(found), findings=found, brief_audit=audit)
        return _json_doc(doc), found + audit
    return render_report([f.model_dump(mode="json") for f in found], lang=lang,
                         title="Contradiction report" if lang == "en" else "矛盾报告",
                         audit=[a.model_dump(mode="json") for a in audit]), found + audit


@cli.group(cls=_QuietGroup)
def report() -> None:
    """Reports (contradictions)."""


@report.command("contradictions")
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("--lang", type=click.Choice(["zh", "en"]), help="Language (default: the workspace's, as the brief's).")
@click.option("--fail-on", type=click.Choice(["none", "any", "new"]), default="none", show_default=True,
              help="Exit 1 when there is any finding / any new one (see --baseline).")
@click.option("--baseline", type=click.Path(dir_okay=False),
              help="A previous `--format json` report: with --fail-on new, new = not in it "
                   "(default: quoting a file the latest ingest added or changed).")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def report_contradictions(ctx, fmt: str, lang: str | None, fail_on: str, baseline: str | None, output: str | None) -> None:
    """Each finding with its kind and both statements quoted with file, line, agent and evidence level."""
    from ingest.errors import KgError
    from queries.audit import baseline_ids, new_findings
    from queries.briefing import workspace_lang

    lang = lang or workspace_lang(_snapshot(ctx)[1])
    try:
        base = baseline_ids(baseline) if baseline else None
    except KgError as e:
        raise _fail(str(e)) from None
    text, found = _report_text(ctx, fmt, lang)
    _write_text(text, output)
    if fail_on == "new":
        new = new_findings(found, store=_snapshot(ctx)[0], baseline=base)
        for f in new:
            click.echo(f"new: {f.id} {f.kind}: {f.summary}", err=True)
        if new:
            ctx.exit(1)
    if fail_on == "any" and found:
        ctx.exit(1)


def _viz(ctx, output, manifest, focus, depth, contradictions_only, title, node_budget=None) -> Path:
    from queries.render.html import write_html
    from queries.views import DEFAULT_NODE_BUDGET, ingest_records, viz_view

    store, snap = _snapshot(ctx)
    if manifest and not snap.manifest_items_for(manifest):
        raise _fail(f"no manifest {manifest!r} in the store; ingest its workspace first")
    try:
        with _busy(ctx, "laying out the graph"):
            view = viz_view(snap, title=title, manifest=manifest, focus=focus, depth=depth,
                            contradictions_only=contradictions_only, node_budget=node_budget or DEFAULT_NODE_BUDGET,
                            ingests=ingest_records(store))
    except KeyError as e:
        raise _fail(str(e.args[0])) from None
    try:
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        return write_html(view, output, node_budget=max(len(view.nodes), 1))  # the view is already within budget
    except OSError as e:
        raise _fail(f"{output}: cannot write: {e.strerror or e}") from None


@cli.command()
@click.option("-o", "--output", default="provkg-graph.html", show_default=True, help="HTML file to write.")
@click.option("--manifest", "-m", help="Only this manifest's shift (ID or path).")
@click.option("--focus", help="Neighbourhood of a work (any arXiv form), section (§3.1) or source path.")
@click.option("--depth", type=click.IntRange(0, 10), default=2, show_default=True, help="Hops around --focus.")
@click.option("--contradictions", "contradictions_only", is_flag=True, help="Contradictions only.")
@click.option("--title", default="provkg", show_default=True)
@click.option("--node-budget", type=click.IntRange(1, 5000), default=None,
              help="Most nodes to draw; past it the view is clustered (default 300).")
@click.pass_context
def viz(ctx, output, manifest, focus, depth, contradictions_only, title, node_budget) -> None:
    """Write a self-contained, offline HTML graph (colour by type, legend, search, provenance panel).

    Views: the whole store (no option), one manifest's shift (--manifest), the
    neighbourhood of a node (--focus, --depth) or the contradictions only
    (--contradictions); the three are mutually exclusive.
    """
    chosen = [name for name, on in (("--manifest", manifest), ("--focus", focus),
                                    ("--contradictions", contradictions_only)) if on]
    if len(chosen) > 1:
        raise click.UsageError(f"{' and '.join(chosen)} are mutually exclusive: choose one view")
    if ctx.get_parameter_source("depth") != click.core.ParameterSource.DEFAULT and not focus:
        raise click.UsageError("--depth needs --focus")
    p = _viz(ctx, output, manifest, focus, depth, contradictions_only, title, node_budget)
    click.echo(str(p))


@cli.command()
@click.argument("workspace", type=click.Path(exists=True, file_okay=False))
@click.option("--out", "-o", "out", default="out", show_default=True, help="Folder for brief.md, contradictions.md, graph.html.")
@click.option("--manifest", "-m", help="Manifest ID or path (default: every manifest under work-guard/).")
@click.option("--lang", type=click.Choice(["zh", "en"]),
              help="Language of the brief and the report (default: the workspace's).")
@click.option("--author", help="Who wrote the shift (default: the manifest's author, else the work queue's claimant).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: what was ingested and written, as one JSON document on stdout (`provkg schema run`).")
@click.option("--allow-mass-removal", is_flag=True,
              help="Let the ingest remove more than half of the store's files, or all of WORKSPACE's (see ingest).")
@click.option("--strict", is_flag=True, help="Exit 1 when a file went in with a warning (see ingest --strict).")
@click.pass_context
def run(ctx, workspace: str, out: str, manifest: str | None, lang: str | None, author: str | None = None,
        fmt: str = "text", allow_mass_removal: bool = False, strict: bool = False) -> None:
    """The main job: ingest WORKSPACE, then write the brief(s), the contradiction report and the HTML graph.

    Exit 0 when every file was read (warnings are printed, ``--strict`` makes them exit 1), 2 when a file
    could not be read or no manifest gives a brief."""
    rep = _do_ingest(ctx, (workspace,), None, 0, allow_mass_removal)
    snap = _snapshot(ctx)[1]
    mids = sorted({m.manifest_id for m in snap.manifest_items})
    if manifest:
        mids = [manifest]
    if not mids:  # the report and the graph are still written; no brief without a manifest
        click.echo(f"provkg: {workspace}: no valid increment manifest (work-guard/*.json) in the store, "
                   "so no brief" + (" (see the errors above)" if rep.errors else ""), err=True)
    outdir = Path(out)
    written = []
    for mid in mids:
        p = outdir / (f"brief-{mid}.md" if len(mids) > 1 else "brief.md")
        _write_text(_brief_text(ctx, mid, lang, "md", author), str(p))
        written.append(p)
    from queries.briefing import workspace_lang

    # the report speaks the (first) brief's language
    text, _ = _report_text(ctx, "md", lang or ctx.meta.get("brief_lang") or workspace_lang(snap))
    _write_text(text, str(outdir / "contradictions.md"))
    written.append(outdir / "contradictions.md")
    written.append(_viz(ctx, str(outdir / "graph.html"), None, None, 2, False, f"provkg · {Path(workspace).resolve().name}"))
    if fmt == "json":
        from queries.results import RunSummary

        _write_text(_json_doc(RunSummary(ingest=_ingest_summary(ctx, rep), manifests=mids,
                                         outputs=[str(p) for p in written])), None)
    else:
        for p in written:
            click.echo(str(p))
    if not mids:
        ctx.exit(2)
    _exit_for(ctx, rep, strict)


# Commands that live in their own modules register themselves on ``cli`` when
# imported.  One line per module; each imports its helpers from this module.
# (imports at the end on purpose: the modules need ``cli`` and the helpers above)
# -- command modules --
from provkg import cli_prov  # noqa: E402,F401
from provkg import cli_contract  # noqa: E402,F401
from provkg import cli_history  # noqa: E402,F401
# -- end command modules --


def main() -> None:  # pragma: no cover - console entry point
    """Entry point used by ``python -m provkg``."""
    cli(obj={})
