"""Commands ``validate``, ``export`` and ``import``: SHACL validation, dataset exports and RDF imports.

Thin wrappers over ``graph.validate`` and ``graph.export`` (registered on ``provkg.cli.cli`` when
imported).  Exit codes as for every command: 0 success; 1 ``validate`` found violations; 2 usage
or input error (one line on stderr, nothing half-written).
"""
from __future__ import annotations

import click

from provkg.cli import _busy, _fail, _json_doc, _require, _store, _write_stdout_bytes, cli

__all__ = ["export", "import_", "validate"]

_EXPORT_HELP = ("trig | nquads | jsonld (RDF, named graphs kept) | turtle | nt (the current state as one graph: "
                "graph names dropped) | provn | provjson (W3C PROV) | graphml | gexf (networkx)")


def _row(v):
    """A ``graph.validate.Violation`` as the published ``ValidationResultRow`` (``where`` split)."""
    from queries.results import ValidationResultRow

    src, _, ln = v.where.rpartition(":")
    line = int(ln) if ln.isdigit() else None
    return ValidationResultRow(severity=v.severity, focus=v.focus, shacl_path=v.path, message=v.message,
                               value=v.value, shape=v.shape, source=(src if line else v.where) or None, line=line)


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--warnings/--no-warnings", "show_warnings", default=True, show_default=True,
              help="Also print results of severity Warning (they never change the exit code).")
@click.pass_context
def validate(ctx: click.Context, fmt: str, show_warnings: bool) -> None:
    """Check the store against provkg's SHACL shapes (graph/data/shapes.ttl) with pyshacl.

    The data graph is the provenance graph plus the named graph of every live revision (and any
    imported graph).  Prints one line per result: severity, file:line, focus node, path, message.
    Exits 1 when there is a violation, 0 when there is none.
    """
    from graph.validate import validate_store
    from ingest.errors import KgError

    store = _store(ctx)
    _require(store)
    try:
        with _busy(ctx, "validating (SHACL)"):
            rep = validate_store(store)
    except KgError as e:
        raise _fail(str(e)) from None
    shown = rep.results if show_warnings else rep.violations
    if fmt == "json":
        from queries.results import ValidationDocument

        click.echo(_json_doc(ValidationDocument(
            conforms=rep.conforms, violations=len(rep.violations), warnings=len(rep.warnings),
            graphs=rep.graphs, triples=rep.triples,
            results=[_row(v) for v in shown])), nl=False)
    else:
        for v in shown:
            click.echo(v.line())
    if not ctx.obj.get("quiet"):
        click.echo(f"validate: {rep.summary()}", err=True)
    if not rep.conforms:
        ctx.exit(1)


@cli.command()
@click.option("--format", "fmt", required=True, metavar="FORMAT", help=_EXPORT_HELP)
@click.option("-o", "--output", help="Write to this file (atomically) instead of stdout.")
@click.pass_context
def export(ctx: click.Context, fmt: str, output: str | None) -> None:
    """Export the whole store: RDF with its named graphs, W3C PROV-N/PROV-JSON, or GraphML/GEXF.

    Triple-only formats (turtle, ntriples, xml) are refused: they would drop the named graphs.
    """
    from graph.export import ExportError, write_atomic, write_export

    store = _store(ctx)
    _require(store)
    try:
        if output and output != "-":
            with _busy(ctx, f"exporting {fmt}"):
                p = write_atomic(lambda fh: write_export(store, fmt, fh), output)
            if not ctx.obj.get("quiet"):
                click.echo(f"export: {fmt} -> {p} ({p.stat().st_size} bytes)", err=True)
        else:
            write_export(store, fmt, _StdoutBytes())
    except ExportError as e:
        raise _fail(str(e)) from None


class _StdoutBytes:
    """A binary file that is standard output, written in flushed 16 KiB pieces (``_write_stdout_bytes``),
    so a reader that leaves mid-export ends the command with 141."""

    def write(self, data: bytes) -> int:
        """Write ``data``; returns its length.  Raises ``BrokenPipeError`` when the reader left."""
        _write_stdout_bytes(bytes(data))
        return len(data)

    def flush(self) -> None:
        """Nothing to do: every piece is flushed as it is written."""


@cli.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["trig", "nquads", "jsonld", "turtle", "ntriples", "rdfxml", "json"]),
              help="RDF syntax (default: from each file's extension: .trig .nq .jsonld .ttl .nt .rdf); "
                   "json: print the summary as JSON (as --summary json), syntax from the extensions.")
@click.option("--graph", "graph", help="Named graph for the triples of a triple file (default: its file: URI).")
@click.option("--replace", is_flag=True, help="Drop the named graphs the files hold before adding their quads.")
@click.option("--summary", "summary_fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: what was imported as one JSON document on stdout (`provkg schema import`); "
                   "--format names the files' RDF syntax here.")
@click.pass_context
def import_(ctx: click.Context, files: tuple[str, ...], fmt: str | None, graph: str | None, replace: bool,
            summary_fmt: str = "text") -> None:
    """Import TriG / N-Quads (or JSON-LD, Turtle, N-Triples, RDF/XML) files in one atomic write.

    Quads keep their named graphs; triples go into one named graph named after the file.  Blank
    nodes are skolemised to stable IRIs under https://w3id.org/provkg/.well-known/genid/.  An
    import is not an ingest: it starts a new write generation, so the query caches
    (graph-cache/, snapshot-cache/) start cold and never serve rows from before it.
    """
    from graph.export import import_files
    from ingest.errors import KgError

    if fmt == "json":  # `provkg import F --format json`: the summary format (no RDF syntax is called json)
        fmt, summary_fmt = None, "json"
    store = _store(ctx)
    try:
        rep = import_files(store, list(files), fmt=fmt, graph=graph, replace=replace)
    except KgError as e:
        raise _fail(str(e)) from None
    where = str(getattr(store, "path", None) or ctx.obj["store"])
    if summary_fmt == "json":
        from queries.results import ImportSummary

        click.echo(ImportSummary(store=where, files=rep.files, graphs=sorted(set(rep.graphs)), quads=rep.quads,
                                 skolemised=rep.skolemised).model_dump_json(indent=2))
    if not ctx.obj.get("quiet"):
        click.echo(f"import: {rep.summary()} -> {where}", err=True)
