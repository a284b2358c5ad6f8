"""``provkg why`` and ``provkg diff``: provenance chains and shift-to-shift changes (``ProvKG.why``, ``ProvKG.diff``)."""
from __future__ import annotations


import click

from .app import cli, require
from .output import busy, emit_doc

__all__ = ["why", "diff"]


@cli.command()
@click.argument("ident", metavar="ID")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--history", is_flag=True, help="Also show what invalidated (older) revisions said.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def why(ctx, ident: str, fmt: str, history: bool, output: str | None) -> None:
    """Show where ID comes from: files and lines, agents, ingest activities and times.

    ID is a claim IRI, an arXiv ID in any form (arXiv:2502.07115v5,
    https://arxiv.org/abs/2502.07115), a section (§3.1), a source path, a place
    path:line as provkg's listings print it (the claims and citations covering
    that line), or a paper card's alias or title (MC-SF).
    """
    from queries.why import format_why

    emit_doc(require(ctx).why(ident, history=history), fmt, output, format_why)


@cli.command()
@click.option("--since", help="Older state: an ingest activity (IRI, stamp or its prefix) or an ISO 8601 time. "
                              "Default: the activity before the last one that changed a file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--fail-on", type=click.Choice(["none", "any"]), default="none", show_default=True,
              help="Exit 1 when any claim was added, removed or changed.")
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def diff(ctx, since: str | None, fmt: str, fail_on: str, output: str | None) -> None:
    """Claims added, removed and changed between two ingests; evidence raised or lowered;
    contradictions opened and closed; works newly cited."""
    from queries.history import format_diff

    k = require(ctx)
    with busy(ctx, "comparing the two states"):
        res = k.diff(since)
    emit_doc(res, fmt, output, format_diff)
    if fail_on == "any" and (res.claims_added or res.claims_removed or res.claims_changed):
        ctx.exit(1)
