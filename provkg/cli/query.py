"""Commands that read rows: ``query NAME`` (the named queries) and ``sparql``."""
from __future__ import annotations

from pathlib import Path

import click

from .app import cli, kg, require
from .output import TABLE_MAX_ROWS, busy, cannot_write, echo_err, emit, fail, write_stdout_bytes

__all__ = ["query", "sparql", "SPARQL_FORMATS"]


@cli.command()
@click.argument("name", required=False)
@click.option("--list", "list_", is_flag=True, help="List the named queries.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl", "csv"]), default="table", show_default=True)
@click.option("--manifest", "-m", help="Manifest ID or path: only that shift (increments, contradictions, evidence).")
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
    k = kg(ctx)
    if name is not None and not name.strip() and not list_:
        raise fail(f"unknown query {name!r}; known: {', '.join(k.query_names())}")  # `query ''`: a name left empty
    if list_ or not name:
        for n, doc in k.query_names().items():
            click.echo(f"{n:16} {doc}")
        return
    if name not in k.query_names():
        raise fail(f"unknown query {name!r}; known: {', '.join(k.query_names())}")
    require(ctx)
    with busy(ctx, f"query {name}"):
        rows = k.query(name, manifest=manifest, source=source, all_sources=all_sources)
    emit(rows, fmt, output, name, columns=k.query_fields(name), max_rows=max_rows)
    if source and not rows and not k.has_source(source):
        # stdout keeps the empty result's shape (docs/OUTPUT.md); the hint goes to stderr
        echo_err(f"provkg: no source {source!r} in the store; source paths are workspace-relative, as "
                 "`provkg query sources` lists them")
        ctx.exit(2)  # an input error, like an unknown query (a typo must not pass a script's check)
    if fail_on == "any" and rows:
        ctx.exit(1)


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
    from queries.sparql_results import SparqlFormatError, write_sparql_result

    if text.startswith("@"):
        from ingest.sources import read_regular

        try:  # a regular file within the size limit (a FIFO or a device would block or never end)
            text = read_regular(text[1:], what="query file").decode("utf-8")
        except UnicodeDecodeError as e:
            raise fail(f"{text[1:]}: not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})") from None
    form = query_form(text)
    res = require(ctx).sparql(text)
    if fmt in ("table", "json", "jsonl") and form == "SELECT":
        from graph.store import to_python

        rows = [{k: to_python(v) for k, v in r.items()} for r in res]
        emit(rows, fmt, output, "sparql", columns=list(res.variables), max_rows=max_rows)
        return
    try:
        data = write_sparql_result(res, fmt)
    except SparqlFormatError as e:
        raise fail(str(e)) from None
    if output is None or output == "-":
        write_stdout_bytes(data)
    else:
        from graph.atomic import write_atomic

        try:
            write_atomic(data, output)
        except BrokenPipeError:  # -o /dev/stdout | head: as -o - (exit 141)
            raise
        except OSError as e:
            raise cannot_write(output, e) from None
