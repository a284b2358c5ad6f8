"""Commands that render: ``brief``, ``report contradictions`` and ``viz``."""
from __future__ import annotations

from pathlib import Path

import click

from .app import QuietGroup, cli, kg, require
from .output import busy, cannot_write, echo_err, fail, json_doc, write_text

__all__ = ["brief", "report", "report_contradictions", "viz"]


@cli.command()
@click.option("--manifest", "-m", help="Manifest ID or path (may be left out when the store holds one manifest).")
@click.option("--lang", type=click.Choice(["zh", "en"]), help="Language of every label (default: the workspace's).")
@click.option("--author", help="Who wrote the shift (default: the manifest's author, else the work queue's claimant).")
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("-o", "--output", help="Write to this file instead of stdout.")
@click.pass_context
def brief(ctx, manifest: str, lang: str | None, author: str | None, fmt: str, output: str | None) -> None:
    """Render the shift brief of one manifest from graph queries."""
    from queries.render.brief import render_brief

    k = require(ctx)
    if manifest is not None and not manifest.strip():
        raise fail("--manifest is empty: give a manifest ID (or its start, four characters or more) or a path")
    if not manifest:
        ids = k.manifests()
        if len(ids) != 1:
            raise fail("the store holds no manifest: ingest a workspace with work-guard/*.json" if not ids else
                       f"the store holds {len(ids)} manifests: name one with -m ({', '.join(ids[:5])}"
                       f"{', …' if len(ids) > 5 else ''})")
        manifest = ids[0]
    data = k.brief(manifest, lang=lang, author=author)  # reads the manifest's scope only (queries.scope)
    write_text(json_doc(data) if fmt == "json" else render_brief(data.model_dump(mode="json"), lang=lang), output)


@cli.group(cls=QuietGroup)
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
def report_contradictions(ctx, fmt: str, lang: str | None, fail_on: str, baseline: str | None,
                          output: str | None) -> None:
    """Each finding with its kind and both statements quoted with file, line, agent and evidence level."""
    from queries.audit import baseline_ids
    from queries.render.report import render_report

    if baseline:
        baseline_ids(baseline)  # an unreadable baseline is an input error before anything is written
    k = require(ctx)
    lang = lang or k.workspace_lang()
    with busy(ctx, "finding contradictions"):
        rep = k.report()
    if fmt == "json":
        text = json_doc(rep)
    else:
        text = render_report([f.model_dump(mode="json") for f in rep.findings], lang=lang,
                             title="Contradiction report" if lang == "en" else "矛盾报告",
                             audit=[a.model_dump(mode="json") for a in rep.brief_audit])
    write_text(text, output)
    if fail_on == "new":
        new = k.new_findings(rep, baseline)
        for f in new:
            echo_err(f"new: {f.id} {f.kind}: {f.summary}")
        if new:
            ctx.exit(1)
    if fail_on == "any" and (rep.findings or rep.brief_audit):
        ctx.exit(1)


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
    from queries.render.html import write_html

    chosen = [name for name, on in (("--manifest", manifest), ("--focus", focus),
                                    ("--contradictions", contradictions_only)) if on]
    if len(chosen) > 1:
        raise click.UsageError(f"{' and '.join(chosen)} are mutually exclusive: choose one view")
    if ctx.get_parameter_source("depth") != click.core.ParameterSource.DEFAULT and not focus:
        raise click.UsageError("--depth needs --focus")
    k = require(ctx)
    with busy(ctx, "laying out the graph"):
        view = k.viz(manifest=manifest, focus=focus, depth=depth, contradictions_only=contradictions_only,
                     title=title, node_budget=node_budget)
    try:
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        p = write_html(view, output, node_budget=max(len(view.nodes), 1))  # the view is already within budget
    except OSError as e:
        raise cannot_write(output, e) from None
    click.echo(str(p))
