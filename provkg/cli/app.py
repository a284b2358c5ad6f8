"""The ``provkg`` group: process set-up, exit codes, and the one place errors become one line.

Every command module (``provkg.cli.ingest``, ``query``, ``report``, ``prov``, ``history``,
``contract``) registers its commands on ``cli`` and calls one ``provkg.api.ProvKG`` method, then
formats the result with ``provkg.cli.output``.  A ``KgError`` any command raises is caught once, in
``_Group.invoke``: one line on stderr, exit 2.

Exit codes (the same for every command): 0 success; 1 the command ran and
found what ``--fail-on`` asked it to flag; 2 usage or input error (bad
arguments, unreadable or invalid files, unknown query, locked store); 70 an internal error (a bug:
one line, ``PROVKG_DEBUG=1`` shows the traceback).
Data goes to stdout, diagnostics and progress to stderr.  Heavy libraries are
imported inside the commands so ``provkg --help`` stays fast.
"""
from __future__ import annotations

import contextlib
import errno
import gc
import io
import os
import sys
import threading

import click

from .output import fail

__all__ = ["cli", "kg", "require", "GC_THRESHOLDS", "QuietGroup", "main"]


#: Write errors on standard output (a full device, an I/O error, a closed descriptor): one line, exit 2.
_STDOUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG}


def _utf8_streams() -> None:
    """Write UTF-8 whatever the locale (PITFALLS P5): cp1252/GBK/C stdout would fail on CJK."""
    for s in (sys.stdout, sys.stderr):
        try:
            if (s.encoding or "").lower().replace("-", "") != "utf8":
                s.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


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
    if isinstance(e, click.NoSuchOption) and e.option_name in _GLOBAL_OPTIONS and " " in path:
        # ("provkg query papers --store st5": click's "Did you mean '--all-sources'?" misleads; a fresh user's finding)
        cmd = path.split(" ", 1)[1]
        return fail(f"{e.option_name} is an option of provkg itself: write it before the command, "
                    f"'provkg {e.option_name} VALUE {cmd} …' (see 'provkg -h')")
    return fail(f"{e.format_message()} (see '{path} -h')")


#: The options of ``provkg`` itself, written before the command (``provkg --store DIR query …``).
_GLOBAL_OPTIONS = frozenset({"--store", "--query-endpoint", "--update-endpoint", "--gsp-endpoint"})


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


class QuietGroup(click.Group):
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


class _Group(QuietGroup):
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

    def invoke(self, ctx: click.Context):  # noqa: D102 (click's)
        try:
            return self._invoke(ctx)
        finally:
            # the command's store is let go of as soon as it ends (main's ``_store`` was freed with the
            # command): an open database stays registered as read and a later write keeps it
            k = ctx.obj.pop("kg", None) if isinstance(ctx.obj, dict) else None
            if k is not None:
                with contextlib.suppress(Exception):
                    k.close()

    def _invoke(self, ctx: click.Context):
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
            _quiet_pool_exit()
            sys.stderr.write("provkg: terminated\n")  # 128 + SIGTERM; rolled back as for Ctrl-C
            raise click.exceptions.Exit(143) from None
        except KeyboardInterrupt:
            _quiet_pool_exit()
            # Ctrl-C: 128 + SIGINT, as a shell reports it (click's own "Aborted!" exits 1, which here
            # means `--fail-on` found something).  Writes are transactions and files are written by
            # rename, so nothing half-written is left.
            sys.stderr.write("provkg: interrupted\n")
            raise click.exceptions.Exit(130) from None
        except OSError as e:
            if e.errno not in _STDOUT_ERRNOS or e.filename is not None:
                # a full disk, an I/O error, a file removed under a command: one line, exit 2
                where = f"{e.filename}: " if e.filename else ""
                raise fail(f"{where}{e.strerror or ' '.join(str(e).split()) or type(e).__name__}") from None
            try:  # the output is gone: later flushes (at exit) must not raise again
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
                pass
            raise fail(f"standard output: cannot write: {e.strerror or e}") from None
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as e:
            from ingest.errors import KgError

            if isinstance(e, KgError):  # every error provkg raises on purpose (a SPARQL server that stopped
                raise fail(" ".join(str(e).split())) from None  # answering, a bad PROVKG_TZ): one line, exit 2
            if isinstance(e, RuntimeError) and any(k in str(e) for k in ("IO error", "Corruption", "No space")):
                # RocksDB (Oxigraph) reports I/O failures and damaged files as RuntimeError
                raise fail(f"{ctx.obj.get('store') if ctx.obj else 'the store'}: "
                           f"{' '.join(str(e).split())[:400]}") from None
            from concurrent.futures.process import BrokenProcessPool

            if isinstance(e, BrokenProcessPool):  # a parsing process killed (the OOM killer): nothing was written
                raise fail("a parsing process ended abruptly (killed, or out of memory); nothing was written: "
                           "run the ingest again, with --jobs 1 to parse in one process") from None
            if os.environ.get("PROVKG_DEBUG"):
                raise
            # A bug: one line and exit 70 (EX_SOFTWARE, sysexits.h) instead of a traceback; PROVKG_DEBUG=1 shows it.
            click.echo(f"provkg: internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]} "
                       "(a bug: please report it; PROVKG_DEBUG=1 shows the traceback)", err=True)
            raise click.exceptions.Exit(70) from None


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


def kg(ctx: click.Context):
    """The ``provkg.api.ProvKG`` of the store ``--store`` names (a folder or a server URL), one per command;
    a write that waits for another process's write says so on stderr once (unless quiet).  Raises
    ``StoreError`` when the store cannot be opened."""
    if "kg" not in ctx.obj:
        from provkg.api import ProvKG

        k = ProvKG(ctx.obj["store"], **ctx.obj.get("endpoints", {}))
        ctx.obj["kg"] = k
        store = k.backend
        if hasattr(store, "on_lock_wait") and not ctx.obj.get("quiet"):  # a write waits for another one
            where = store.path  # not the store itself: a cycle would keep its database open (a reader)
            store.on_lock_wait = lambda: click.echo(
                f"provkg: waiting for another provkg process to finish writing {where} …", err=True)
    return ctx.obj["kg"]


def require(ctx: click.Context):
    """``kg(ctx)`` of a store that holds data (``ProvKG.require``: else ``StoreError``, exit 2), with its
    warnings printed."""
    from ingest.errors import StoreError

    k = kg(ctx)
    try:
        warnings = k.require()
    except StoreError as e:
        root = ctx.find_root()
        if root.get_parameter_source("store") == click.core.ParameterSource.DEFAULT:
            raise StoreError(f"{e} (or pass --store)") from None
        raise
    for w in warnings:
        click.echo(f"provkg: warning: {w}", err=True)
    return k


def main() -> None:  # pragma: no cover - console entry point
    """Entry point used by ``python -m provkg``."""
    cli(obj={})


def _quiet_pool_exit() -> None:
    """Keep an interrupted ingest's parsing pool from printing a traceback at exit.

    The ingest kills its worker processes when it is interrupted (``graph.loader``); the standard
    library's exit hook for process pools (``concurrent.futures.process._python_exit``) then writes to
    the pool's closed wake-up pipe and prints "Exception ignored … Bad file descriptor" after our one
    line.  Its wake-up calls are made quiet (private names of CPython 3.9-3.13's module; nothing is done
    when they are absent)."""
    try:
        from concurrent.futures import process as cfp

        for w in list(getattr(cfp, "_threads_wakeups", {}).values()):
            orig = w.wakeup

            def wakeup(orig=orig) -> None:
                with contextlib.suppress(OSError, ValueError):
                    orig()

            w.wakeup = wakeup
    except Exception:  # noqa: BLE001 - best effort, at exit
        pass
