"""The one output helper of the command line: every command writes through these functions.

Data goes to stdout (or ``-o FILE``, written atomically), diagnostics to stderr.  Stdout is
written in 16 KiB pieces, each flushed, so a reader that leaves early (``| head -1``) surfaces as
``BrokenPipeError`` (exit 141, ``provkg.cli.app``).  Tables (rich), JSON, JSON Lines and CSV of
result models share one code path (``emit``); one result document is ``emit_doc``.
"""
from __future__ import annotations

import csv
import io
import json
import math
import sys
from pathlib import Path
from typing import Any, Callable

import click

__all__ = ["TABLE_MAX_ROWS", "TABLE_LIST_ITEMS", "busy", "fail", "cannot_write", "echo_err", "write_text", "said_wrote", "write_stdout_bytes", "json_doc",
           "emit_doc", "emit", "mark_output", "table_cell", "json_results", "floatless", "plain_floats", "StdoutBytes"]

#: Rows a ``--format table`` shows by default (``--max-rows``).  rich lays a table out at about 1 ms a
#: row (144,000 claims: some 150 s and 2.4 GB), and a table that long is read by nobody: past this many
#: rows the table shows the first ones and a line under it says how many there are and how to get all
#: (as the DuckDB shell elides rows of a long result).  json, jsonl and csv always hold every row.
TABLE_MAX_ROWS = 1000
#: list cells of a table show this many elements, then "… N more"
TABLE_LIST_ITEMS = 6


def fail(msg: str) -> click.exceptions.Exit:
    """Print ``provkg: msg`` on stderr and return the exit (status 2) to raise."""
    click.echo(f"provkg: {msg}", err=True)
    return click.exceptions.Exit(2)


def cannot_write(path: object, e: OSError, *, folder: bool = False) -> click.exceptions.Exit:
    """The one-line error (exit 2) for an output ``path`` (a file, or with ``folder`` a folder) that could not be
    written: when a folder on the way is a file ("out.md/brief.md", ``run -o out.md`` with ``out.md`` a file) it says
    so, instead of the system's "File exists" or "Not a directory"."""
    from graph.atomic import file_on_the_way

    on_way = file_on_the_way(str(path), folder=folder)
    if on_way is not None:
        return fail(f"{path}: cannot write: {on_way} is a file, not a folder")
    return fail(f"{getattr(e, 'filename', None) or path}: cannot write: {e.strerror or e}")


def busy(ctx: click.Context, label: str):
    """A progress indicator (rich, on stderr) for one long step: a spinner with the elapsed time.

    Shown only when stderr is a terminal and the command is not ``-q``: a pipe, a file or CI gets
    nothing (no escape codes in logs).  Transient: it leaves no line behind.  Use as
    ``with busy(ctx, "validating"):``.
    """
    import contextlib

    if (ctx.obj or {}).get("quiet") or not sys.stderr.isatty():
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


def echo_err(msg: str) -> None:
    """One diagnostic line on stderr."""
    click.echo(msg, err=True)


def write_text(text: str, out: str | None) -> None:
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
        mark_output(Path(out))
    except BrokenPipeError:  # -o /dev/stdout | head: as -o - (exit 141)
        raise
    except OSError as e:
        raise cannot_write(out, e) from None
    said_wrote(out)


def mark_output(path: Path) -> None:
    """Record that ``provkg`` wrote the file ``path`` (a brief, a report, a query's rows), when it lies inside a
    workspace, in its folder's listing (``ingest.sources.OUTPUT_LIST``), so that the next ``ingest`` does not read it
    as a note: a fresh user's ``brief -o brief.md`` in a workspace came back as 150 claims and 17 contradictions with
    the notes it summarised.  A device or a file outside any workspace is left alone.

    Raises ``OSError`` when the listing cannot be written.
    """
    from graph.atomic import write_atomic
    from ingest.sources import OUTPUT_LIST, in_workspace, listed_outputs

    if not path.is_file() or not in_workspace(path):
        return
    listing = path.absolute().parent / OUTPUT_LIST
    names = listed_outputs(listing)
    if path.name not in names:
        write_atomic(("\n".join([*names, path.name]) + "\n").encode("utf-8"), listing)


def said_wrote(out: str) -> None:
    """Say ``provkg: wrote OUT`` on stderr after an ``-o FILE`` write (a fresh user saw a command
    print nothing and thought it had failed); nothing under ``-q`` or for a device such as
    ``/dev/null``."""
    import os
    import stat

    ctx = click.get_current_context(silent=True)
    if ctx is not None and ((ctx.find_root().obj or {}).get("quiet") or (ctx.obj or {}).get("quiet")):
        return
    try:
        if not stat.S_ISREG(os.stat(out).st_mode):
            return
    except OSError:
        return
    click.echo(f"provkg: wrote {out}", err=True)


def write_stdout_bytes(data: bytes) -> None:
    """Write ``data`` to stdout in 16 KiB pieces, each flushed, as ``write_text`` does: one large write
    to a pipe whose reader left (``provkg export … | head``) was dropped without an error (exit 0
    instead of 141)."""
    out = sys.stdout.buffer
    for i in range(0, len(data), 1 << 14):
        out.write(data[i:i + (1 << 14)])
        out.flush()


class StdoutBytes:
    """A binary file that is standard output, written in flushed 16 KiB pieces (``write_stdout_bytes``),
    so a reader that leaves mid-export ends the command with 141."""

    def write(self, data: bytes) -> int:
        """Write ``data``; returns its length.  Raises ``BrokenPipeError`` when the reader left."""
        write_stdout_bytes(bytes(data))
        return len(data)

    def flush(self) -> None:
        """Nothing to do: every piece is flushed as it is written."""


def json_doc(model: Any) -> str:
    """One pydantic result model as an indented UTF-8 JSON document (docs/OUTPUT.md)."""
    return json.dumps(model.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"


def emit_doc(model: Any, fmt: str, out: str | None, text: Callable[[Any], str]) -> None:
    """Write one result model as JSON (``fmt == "json"``) or as ``text(model)``, to ``out`` or stdout."""
    write_text(json_doc(model) if fmt == "json" else text(model), out)


def floatless(model: type) -> bool:
    """True for a pydantic model whose JSON holds no number that is not an integer.

    pydantic writes floats as ECMAScript does (``1e-7``, ``0.000025``) and ``json`` as Python's
    ``repr`` (``1e-07``, ``2.5e-05``): rows with floats keep the ``json`` path, so the text never
    depends on the path taken.
    """
    if not hasattr(model, "model_json_schema"):
        return False
    return '"number"' not in json.dumps(model.model_json_schema(mode="serialization"))


def plain_floats(value: Any) -> bool:
    """True when every float in ``value`` (a result model, with its nested models, lists and dicts) is finite
    and written by ``repr`` without an exponent (``0.1``, ``90.0``, not ``1e-07``).

    pydantic writes such floats exactly as ``json`` does (both the shortest round-trip digits; pydantic turns to
    an exponent later than ``repr``, never earlier), so rows of a model with floats take the fast path
    (``json_results``) when their values are plain: the section route scores, rounded to two places, always are.
    """
    if isinstance(value, float):
        return math.isfinite(value) and "e" not in repr(value)
    if isinstance(value, (str, int, type(None))):
        return True
    if hasattr(type(value), "model_fields"):
        return all(plain_floats(v) for v in value.__dict__.values())
    if isinstance(value, dict):
        value = value.values()
    if isinstance(value, (list, tuple, set, frozenset, type({}.values()))):
        return all(isinstance(v, str) or plain_floats(v) for v in value)
    return True


def json_results(rows: list, version: str, name: str) -> str:
    """The ``--format json`` document of result models of one type whose floats are plain (``floatless``,
    ``plain_floats``), serialised by pydantic (Rust).

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


def table_cell(v: object) -> str:
    """The text of one table cell: a statement (dict with ``source``/``line``/``text``) as
    ``file:line text`` cut at 120 characters, a route as ``key (basis)``, a list as its first ``TABLE_LIST_ITEMS``
    elements one per line (then ``… N more``), ``None`` as empty.  Tables only: json,
    jsonl and csv keep every value whole.
    """
    if v is None:
        return ""
    if isinstance(v, dict):
        if "key" in v and "basis" in v:  # a route provkg suggests: its section and on what it rests
            return f"{v['key']} ({v['basis']})"
        if "text" in v or "source" in v:
            head = f"{v.get('source', '')}:{v.get('line', '')}" if v.get("source") else ""
            text = " ".join(str(v.get("text", "")).split())
            v = f"{head} {text}".strip()
            return v if len(v) <= 120 else v[:119] + "…"
        return json.dumps(v, ensure_ascii=False)[:120]
    if isinstance(v, list):
        parts = [table_cell(x) for x in v[:TABLE_LIST_ITEMS]]
        sep = "\n" if any(isinstance(x, dict) for x in v) else ", "
        more = f"{sep}… {len(v) - TABLE_LIST_ITEMS} more" if len(v) > TABLE_LIST_ITEMS else ""
        return sep.join(parts) + more
    return str(v)


def emit(rows: list, fmt: str, out: str | None = None, name: str = "", columns: list[str] | None = None,
         max_rows: int = TABLE_MAX_ROWS) -> None:
    """Print result models as table, json, jsonl or csv (JSON carries ``schema_version``).

    ``columns`` names the CSV header (and table columns) when ``rows`` is empty,
    so ``--format csv`` always prints its header row.  ``max_rows`` (0: no limit)
    caps the rows of a table only (``TABLE_MAX_ROWS``); a line under it then
    says "first N of M rows".  A table with no rows is one line, ``NAME (0): no rows``.
    """
    from queries.results import SCHEMA_VERSION

    if (fmt == "json" and rows and len({type(r) for r in rows}) == 1
            and (floatless(type(rows[0])) or all(plain_floats(r) for r in rows))):
        write_text(json_results(rows, SCHEMA_VERSION, name), out)
        return
    total = len(rows)
    if fmt == "table" and max_rows and total > max_rows:
        rows = rows[:max_rows]
    dicts = [r.model_dump(mode="json") if hasattr(r, "model_dump") else dict(r) for r in rows]
    if fmt == "json":
        write_text(json.dumps({"schema_version": SCHEMA_VERSION, "query": name, "count": len(dicts), "results": dicts},
                              ensure_ascii=False, indent=2) + "\n", out)
    elif fmt == "jsonl":
        lines = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in dicts)
        if lines or (out and out != "-"):  # no rows: no output at all (a blank line is not JSON Lines)
            write_text(lines, out)
    elif fmt == "csv":
        buf = io.StringIO()
        cols = list(dicts[0].keys()) if dicts else list(columns or [])
        w = csv.writer(buf)
        w.writerow(cols)
        for d in dicts:
            w.writerow([json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else ("" if v is None else v)
                        for v in (d.get(c) for c in cols)])
        write_text(buf.getvalue(), out)
    else:
        from rich.console import Console
        from rich.table import Table

        cols = list(dicts[0].keys()) if dicts else list(columns or [])
        # a row model may name the columns a table shows (``ItemRow.TABLE_COLUMNS``): the rest stay in csv/json
        shown = getattr(type(rows[0]), "TABLE_COLUMNS", None) if rows else None
        hidden = [c for c in cols if shown and c not in shown]
        if hidden:
            cols = [c for c in cols if c in shown]
        caption = None
        if total > len(dicts):
            caption = (f"first {len(dicts):,} of {total:,} rows: --max-rows 0 shows all; "
                       "--format csv, jsonl or json write all at once")
        if hidden:
            caption = (caption + "; " if caption else "") + f"{len(hidden)} more columns ({', '.join(hidden)}): --format csv, jsonl or json"
        t = Table(show_lines=False, title=f"{name} ({total})")
        for c in cols:
            t.add_column(c, overflow="fold")
        for d in dicts:
            t.add_row(*(table_cell(d.get(c)) for c in cols))
        tty = (out is None or out == "-") and sys.stdout.isatty()
        buf = io.StringIO()
        con = (Console(file=sys.stdout, width=200, markup=False, highlight=False) if tty else
               Console(file=buf, width=200, markup=False, highlight=False, color_system=None))
        if dicts:
            con.print(t)
        else:  # a table with no rows says so in one line (an empty answer is an answer, not a silent exit)
            caption = f"{name} (0): no rows"
        if caption:
            con.print(caption, soft_wrap=True)
        if not tty:
            write_text(buf.getvalue(), out)
