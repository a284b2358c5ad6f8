"""Commands of the output contract: ``schema``, ``audit-brief`` and ``check`` (for pre-commit and CI).

* ``provkg schema NAME`` prints the JSON Schema (draft 2020-12) of one JSON
  document provkg prints; ``provkg schema --list`` lists them
  (``queries.schemas``).
* ``provkg audit-brief FILE`` ingests a shift brief (kind ``brief``) into the
  store and checks what it states against the graph (``queries.audit``).
* ``provkg check FILE...`` ingests only the given files into a throw-away
  in-memory store and runs the duplicate-citation and/or contradiction checks;
  it is the entry point of the hooks in ``.pre-commit-hooks.yaml``.

Exit codes as everywhere (docs/OUTPUT.md): 0 nothing found, 1 found what was
asked to flag, 2 usage or input error.
"""
from __future__ import annotations

import json

import click

from .app import cli, kg
from .ingest import report_ingest
from .output import echo_err, emit_doc, fail, write_text

__all__ = ["schema", "audit_brief_cmd", "check"]


@cli.command()
@click.argument("name", required=False)
@click.option("--list", "list_", is_flag=True, help="List the documents that have a schema.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
def schema(name: str | None, list_: bool, output: str | None) -> None:
    """Print the JSON Schema of one JSON output (NAME from --list; `papers` = `query-papers`)."""
    from queries.schemas import registry, resolve, schema_text

    if list_ or not name:
        for n, (model, cmd) in registry().items():
            click.echo(f"{n:24} {cmd}")
        return
    try:
        n = resolve(name)
    except KeyError as e:
        raise fail(str(e.args[0])) from None
    write_text(schema_text(n), output)


def _audit_text(rep) -> str:
    """The text form of an ``AuditReport``: a summary line, then ``file:line: kind: summary`` per finding."""
    c = rep.checked
    lines = [f"{rep.source}: {rep.count} finding{'s' if rep.count != 1 else ''} (checked {c.get('arxiv_ids', 0)} arXiv IDs, "
             f"{c.get('counts', 0)} counts, {c.get('materials', 0)} materials, {c.get('statuses', 0)} statuses"
             + (f"; manifest {rep.manifest_id}" if rep.manifest_id else "") + ")"]
    for f in rep.findings:
        lines.append(f"{f.source}:{f.line}: {f.kind}: {f.summary}")
        if f.text:
            lines.append(f"    > {f.text[:200]}")
    return "\n".join(lines) + "\n"


@cli.command("audit-brief")
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--fail-on", type=click.Choice(["none", "any"]), default="none", show_default=True,
              help="Exit 1 when there is any finding.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def audit_brief_cmd(ctx: click.Context, file: str, fmt: str, fail_on: str, output: str | None) -> None:
    """Ingest a shift brief (kind brief) and check it against the graph.

    Every arXiv ID it names must trace to a manifest material, a card or the
    living document; the counts it states must match what it lists; the
    materials it says it consumed must match the manifest; citable-list
    statuses must match the living document's citation list.  Ingest the
    workspace the brief talks about first (`provkg ingest WORKSPACE`).
    """
    rep, result = kg(ctx).audit_brief(file)
    report_ingest(ctx, rep)
    if result is None:
        ctx.exit(2)
    emit_doc(result, fmt, output, _audit_text)
    if fail_on == "any" and result.findings:
        ctx.exit(1)


@cli.command()
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--duplicates/--no-duplicates", "dups", default=True, show_default=True,
              help="Flag a work with two or more citation entries in one living document.")
@click.option("--contradictions/--no-contradictions", "contra", default=True, show_default=True,
              help="Flag contradiction findings.")
@click.option("--all-sources", is_flag=True,
              help="Duplicates: also count cross-source repeats (one entry per note, card or queue naming the work).")
@click.option("--kind", type=click.Choice(["note", "paper_card", "repo_card", "living_doc", "brief", "queue"]),
              help="Force the kind of the files (default: detected).")
@click.option("--fail-on", type=click.Choice(["none", "any"]), default="any", show_default=True,
              help="Exit 1 when there is any problem (none: report only, exit 0).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: the problems as one JSON document (`provkg schema check`).")
@click.pass_context
def check(ctx: click.Context, files: tuple[str, ...], dups: bool, contra: bool, all_sources: bool,
          kind: str | None, fail_on: str, fmt: str = "text") -> None:
    """Check FILES alone (a throw-away in-memory store; --store is not touched): the pre-commit entry point.

    Prints one `file:line: problem` line per duplicate citation / contradiction
    on stdout and, with `--fail-on any` (the default), exits 1 when there is
    any; 0 when none, with `--fail-on none`, or with no FILES; 2 when a file
    cannot be read.  A duplicate citation is a work with two or more citation
    entries (rows, list items, paragraphs; the citation-list section's only,
    when the document has one) in one living document (docs/OUTPUT.md).
    Notes and cards hold no citation list, so they give no duplicate (their
    contradictions are checked all the same): pass `--kind living_doc` for a
    small living document that is not detected as one.
    """
    from provkg.api import ProvKG
    from queries.results import CheckSummary

    def emit_json(found: list, errors: list[str]) -> None:
        if fmt == "json":
            click.echo(json.dumps(CheckSummary(files=len(files), count=len(found), problems=found, errors=errors)
                                  .model_dump(mode="json"), ensure_ascii=False, indent=2))

    if not files:
        emit_json([], [])
        return
    rep, problems = ProvKG.check(list(files), duplicates=dups, contradictions=contra, all_sources=all_sources, kind=kind)
    for e in rep.errors:
        echo_err(f"error: {e}")
    if rep.errors:
        emit_json([], list(rep.errors))
        ctx.exit(2)
    if fmt == "json":
        emit_json(problems, [])
    else:
        for p in problems:
            click.echo(f"{p.source}:{p.line}: {p.message}" if p.kind == "duplicate"
                       else f"{p.source}:{p.line}: {p.kind}: {p.message}")
    if not ctx.obj.get("quiet"):
        echo_err(f"provkg check: {len(files)} file(s), {len(problems)} problem(s)")
    if problems and fail_on == "any":
        ctx.exit(1)
