"""Commands ``validate``, ``export`` and ``import``: SHACL validation, dataset exports and RDF imports.

Each one call to ``provkg.api.ProvKG`` (``validate``, ``export``, ``import_``) plus output formatting.  Exit codes as for every command: 0 success; 1 ``validate`` found violations; 2 usage
or input error (one line on stderr, nothing half-written).
"""
from __future__ import annotations

import click

from .app import cli, kg, require
from .output import StdoutBytes, busy, echo_err, json_doc

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
    k = require(ctx)
    with busy(ctx, "validating (SHACL)"):
        rep = k.validate()
    shown = rep.results if show_warnings else rep.violations
    if fmt == "json":
        from queries.results import ValidationDocument

        click.echo(json_doc(ValidationDocument(
            conforms=rep.conforms, violations=len(rep.violations), warnings=len(rep.warnings),
            graphs=rep.graphs, triples=rep.triples,
            results=[_row(v) for v in shown])), nl=False)
    else:
        for v in shown:
            click.echo(v.line())
    if not ctx.obj.get("quiet"):
        echo_err(f"validate: {rep.summary()}")
    if not rep.conforms:
        ctx.exit(1)


@cli.command()
@click.option("--format", "fmt", required=True, metavar="FORMAT", help=_EXPORT_HELP)
@click.option("-o", "--output", help="Write to this file (atomically) instead of stdout.")
@click.pass_context
def export(ctx: click.Context, fmt: str, output: str | None) -> None:
    """Export the whole store: RDF with its named graphs, W3C PROV-N/PROV-JSON, or GraphML/GEXF.

    turtle and nt write the current state as one graph (graph names dropped, said so); other triple-only
    formats (ntriples, xml) are refused: they would drop the named graphs silently.
    """
    k = require(ctx)
    if output and output != "-":
        with busy(ctx, f"exporting {fmt}"):
            p = k.export_to(fmt, output)
        if not ctx.obj.get("quiet"):
            from graph.atomic import is_stream

            # a pipe or /dev/stdout has no size to show (it said "(0 bytes)")
            echo_err(f"export: {fmt} -> {p}" + ("" if is_stream(output) else f" ({p.stat().st_size} bytes)"))
    else:
        k.export(fmt, StdoutBytes())


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
    import is not an ingest: the derived index is built again from the RDF store after it
    (as ``provkg reindex`` does), so no query reads rows from before it.
    """
    if fmt == "json":  # `provkg import F --format json`: the summary format (no RDF syntax is called json)
        fmt, summary_fmt = None, "json"
    k = kg(ctx)
    rep = k.import_(list(files), fmt=fmt, graph=graph, replace=replace)
    where = str(getattr(k.backend, "path", None) or ctx.obj["store"])
    if summary_fmt == "json":
        from queries.results import ImportSummary

        click.echo(ImportSummary(store=where, files=rep.files, graphs=sorted(set(rep.graphs)), quads=rep.quads,
                                 skolemised=rep.skolemised).model_dump_json(indent=2))
    if not ctx.obj.get("quiet"):
        echo_err(f"import: {rep.summary()} -> {where}")
