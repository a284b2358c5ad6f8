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

from provkg.cli import _do_ingest, _emit, _emit_doc, _fail, _require, _store, _write_text, cli  # noqa: F401

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
        raise _fail(str(e.args[0])) from None
    _write_text(schema_text(n), output)


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
    from ingest.brief import parse_brief, states_a_shift
    from ingest.errors import KgError
    from ingest.sources import read_regular
    from queries.audit import audit_brief

    try:
        text = read_regular(file).decode("utf-8-sig")
    except KgError as e:
        raise _fail(str(e)) from None
    except UnicodeDecodeError as e:
        raise _fail(f"{file}: cannot read: {e}") from None
    doc = parse_brief(text)[0]
    if not states_a_shift(doc):
        # Nothing a brief states about its shift (a table or a warnings list alone is in notes too):
        # auditing it would report 0 findings, and it would stay in the store as a brief.
        raise _fail(f"{file}: not a shift brief (no manifest line, stated counts, consumed materials, "
                    "increments or citable list); nothing ingested")
    rep = _do_ingest(ctx, (file,), "brief", 1)
    if rep.errors:
        ctx.exit(2)
    paths = rep.added + rep.changed + rep.unchanged
    if len(paths) != 1:
        raise _fail(f"{file}: expected one brief file, ingest saw {len(paths)}")
    store = _store(ctx)
    try:
        result = audit_brief(store, paths[0], text=text)
    except KgError as e:
        raise _fail(str(e)) from None
    _emit_doc(result, fmt, output, _audit_text)
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
    Notes and cards produce none: pass `--kind living_doc` for a small living
    document that is not detected as one.
    """
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.named import duplicates
    from queries.results import CitationRef
    from queries.snapshot import load_snapshot

    from queries.results import CheckProblem, CheckSummary

    def emit(found: list[CheckProblem], errors: list[str]) -> None:
        if fmt == "json":
            click.echo(json.dumps(CheckSummary(files=len(files), count=len(found), problems=found, errors=errors)
                                  .model_dump(mode="json"), ensure_ascii=False, indent=2))

    if not files:
        emit([], [])
        return
    store = Store(None)
    rep = ingest_paths(store, list(files), kind=kind)
    for e in rep.errors:
        click.echo(f"error: {e}", err=True)
    if rep.errors:
        emit([], list(rep.errors))
        ctx.exit(2)
    problems: list[str] = []
    found: list[CheckProblem] = []
    if dups:
        for d in duplicates(store, all_sources=all_sources):
            # the later entries of each document against its first one (all sources: the first anywhere)
            firsts: dict[str, CitationRef] = {}
            for c in d.citations:
                first = firsts.setdefault("" if all_sources else c.source, c)
                if first is c:
                    continue
                what = "cited again (all sources)" if all_sources else "duplicate citation"
                msg = (f"{what} of arXiv:{d.arxiv_id} "
                       f"(first at {first.source}:{first.line}; {d.count} citation entries)")
                problems.append(f"{c.source}:{c.line}: {msg}")
                found.append(CheckProblem(source=c.source, line=c.line, kind="duplicate", message=msg))
    if contra:
        for f in contradictions(load_snapshot(store)):
            problems.append(f"{f.a.source}:{f.a.line}: {f.kind}: {f.summary} "
                            f"(vs {f.b.source}:{f.b.line})")
            found.append(CheckProblem(source=f.a.source, line=f.a.line, kind=f.kind,
                                      message=f"{f.summary} (vs {f.b.source}:{f.b.line})"))
    if fmt == "json":
        emit(found, [])
    else:
        for p in problems:
            click.echo(p)
    if not ctx.obj.get("quiet"):
        click.echo(f"provkg check: {len(files)} file(s), {len(problems)} problem(s)", err=True)
    if problems and fail_on == "any":
        ctx.exit(1)
