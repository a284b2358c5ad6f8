"""The Python API for notebooks and scripts: what the commands do, as library calls with typed results.

Example (in Jupyter the last line draws the page inline)::

    import networkx as nx
    import provkg.api as kg
    v = kg.view(".provkg", manifest="e627b203-77c1-4f5a-a634-26925ef1b683")
    v.graph            # the analysable networkx.MultiDiGraph of the selection: every node, scalar attributes
    nx.pagerank(v.graph); nx.write_graphml(v.graph, "shift.graphml")
    v.drawing          # the drawn graph (clustered past the node budget), what the page shows
    v.notes            # what was clustered or left out of the drawing, as sentences
    v.write("shift.html")
    v                  # _repr_html_: the page in a sandboxed <iframe srcdoc=...>
    kg.query(".provkg", "papers")           # list[PaperRow]: the named queries (``provkg query``)
    kg.sparql(".provkg", "SELECT ...")      # SelectResult / bool / list[Triple] (``provkg sparql``)
    kg.brief(".provkg", manifest=...)       # BriefData; kg.brief_markdown(...) the rendered brief
    kg.report(".provkg")                    # ContradictionReport; kg.report_markdown(...) rendered

Every function takes the store as its first argument (a folder, an ``http(s)://`` server URL or an
open backend), so the calls fold into one object holding the store (a ``ProvKG`` facade) without
changing their signatures.  The views are those of ``provkg viz`` (``queries.views.build_view``):
the whole store, one manifest's shift, the neighbourhood of a work/section/source, or the
contradictions only.  Nothing here imports click; IPython is optional and only used by
:meth:`View.display`.
"""
from __future__ import annotations

import html as _html
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from graph.store import Store
    from queries.render.html import GraphView
    from queries.views import ViewResult

__all__ = ["View", "open_store", "view", "graph", "query", "query_names", "sparql", "brief", "brief_markdown",
           "report", "report_markdown"]


def open_store(store: str | os.PathLike[str] | Store) -> Store:
    """Open a provkg store read-only: a folder, an ``http(s)://`` SPARQL server URL, or a backend passed through.

    Args:
        store: the folder ``provkg ingest`` wrote (``.provkg`` by default), a server URL as
            ``--store`` takes it (docs/SCALING.md), or any ``graph.backend.Backend`` (e.g. an
            in-memory ``Store``).

    Returns:
        ``graph.store.Store`` or ``graph.remote.RemoteStore``.

    Raises:
        FileNotFoundError: the folder (or server dataset) holds no ingested store.
        ingest.errors.StoreError: the server cannot be reached.
    """
    from graph.backend import Backend, open_store as _open

    if isinstance(store, Backend) and not isinstance(store, (str, os.PathLike)):
        return store  # type: ignore[return-value]
    s = _open(str(store))
    if not s.exists():
        raise FileNotFoundError(f"no provkg store at {store}; run `provkg ingest PATH --store {store}` first")
    return s  # type: ignore[return-value]


@dataclass
class View:
    """One graph view: the networkx graph that is drawn, and its HTML page.

    Attributes:
        result: the ``queries.views.ViewResult`` (graph, ``GraphView``, totals, notes).
        node_budget: the budget it was built with (also used for the page).
    """

    result: ViewResult
    node_budget: int
    #: the selection before clustering (``view`` builds it), from which ``graph`` is made
    selection: ViewResult | None = None

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The analysable graph of the selection: every selected node (nothing clustered), plain scalar attributes.

        Nodes ``source:<path>``, ``claim:<IRI>``, ``work:<arXiv key>``, ... with ``type``, ``label``
        and the provenance-panel fields as attributes of their own (``source``, ``line``, ``agent``,
        ``evidence`` ...; lists JSON-encoded, ``None`` left out, one Python type per key); each edge's
        relation (``prov:wasQuotedFrom``, ``cito:cites`` ...) is its ``relation`` attribute.  So
        ``networkx.pagerank`` measures the data, not the drawing, and ``nx.write_graphml`` /
        ``write_gexf`` write it as it is (``graph.export.xml_safe_graph``).  Built once, then kept.
        """
        if "_graph" not in self.__dict__:
            from graph.export import xml_safe_graph

            self.__dict__["_graph"] = xml_safe_graph((self.selection or self.result).graph)
        return self.__dict__["_graph"]

    @property
    def drawing(self) -> nx.MultiDiGraph:
        """The drawn graph (clustered past ``node_budget``): attributes ``type``, ``label``, ``props``
        (a dict, the provenance panel); edge keys are the relations.  What :meth:`html` shows."""
        return self.result.graph

    @property
    def graph_view(self) -> GraphView:
        """The ``queries.render.html.GraphView`` handed to the renderer."""
        return self.result.view

    @property
    def notes(self) -> list[str]:
        """Sentences saying what the view selected, clustered or left out (shown in the page)."""
        return list(self.result.notes)

    def html(self) -> str:
        """The self-contained, offline HTML page as a ``str`` (see ``queries.render.html.render_html``)."""
        from queries.render.html import render_html

        return render_html(self.result.view, node_budget=max(len(self.result.view.nodes), 1))

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to ``path`` atomically as UTF-8; returns the path.

        Raises:
            OSError: the directory is missing or not writable (no partial file is left).
        """
        from queries.render.html import write_html

        return write_html(self.result.view, path, node_budget=max(len(self.result.view.nodes), 1))

    def _repr_html_(self, height: int = 640) -> str:
        """The page inside a sandboxed ``<iframe srcdoc>`` (scripts allowed, opaque origin),
        so its Content-Security-Policy and script stay apart from the notebook's."""
        return (f'<iframe sandbox="allow-scripts" style="width:100%;height:{int(height)}px;border:1px solid #ddd" '
                f'srcdoc="{_html.escape(self.html(), quote=True)}"></iframe>')

    def display(self, height: int = 640) -> Any:
        """Show the page in IPython/Jupyter (``IPython.display.HTML``); returns the display object.

        Raises:
            RuntimeError: IPython is not installed (write the page with :meth:`write` instead).
        """
        try:
            from IPython.display import HTML, display
        except ImportError as e:
            raise RuntimeError("IPython is not installed: use View.write(path) and open the file") from e
        import warnings

        with warnings.catch_warnings():  # IPython suggests IFrame, which needs a URL; srcdoc needs HTML
            warnings.filterwarnings("ignore", message="Consider using IPython.display.IFrame")
            obj = HTML(self._repr_html_(height))
        display(obj)
        return obj


def view(
    store: str | os.PathLike[str] | Store,
    *,
    manifest: str | None = None,
    focus: str | None = None,
    depth: int = 2,
    contradictions: bool = False,
    title: str = "provkg",
    node_budget: int | None = None,
) -> View:
    """Build one graph view of a store, as ``provkg viz`` does.

    Args:
        store: a store folder or a ``graph.store.Store``.
        manifest: one manifest's shift (its ID or path).
        focus: the neighbourhood of a work (any arXiv form), section (``§3.1``)
            or source path, ``depth`` hops both ways.
        depth: hops around ``focus`` (0 or more).
        contradictions: the contradiction findings and both sides of each.
        title: page title.
        node_budget: most nodes to draw before clustering (default
            ``queries.views.DEFAULT_NODE_BUDGET``, 300).

    At most one of ``manifest``, ``focus`` and ``contradictions``; none draws the
    whole store.

    Returns:
        :class:`View`.

    Raises:
        FileNotFoundError: no store there.
        ValueError: more than one view chosen, negative depth, budget < 1.
        KeyError: ``focus`` or ``manifest`` names nothing in the store.
    """
    from queries.snapshot import load_snapshot
    from queries.views import DEFAULT_NODE_BUDGET, build_view, ingest_records

    s = open_store(store)
    budget = DEFAULT_NODE_BUDGET if node_budget is None else node_budget
    snap, ingests = load_snapshot(s), ingest_records(s)
    kw = dict(title=title, manifest=manifest, focus=focus, depth=depth, contradictions_only=contradictions,
              ingests=ingests)
    result = build_view(snap, node_budget=budget, **kw)
    selection = result if result.total_nodes <= budget else build_view(snap, node_budget=_NO_BUDGET, **kw)
    return View(result, budget, selection)


#: a node budget no store reaches: the selection is built without clustering
_NO_BUDGET = 10**9


def graph(store: str | os.PathLike[str] | Store) -> nx.MultiDiGraph:
    """The whole store as one analysable graph (as ``view(store).graph``, without building a drawing).

    Returns:
        ``networkx.MultiDiGraph`` with scalar attributes (see :attr:`View.graph`).
    """
    from graph.export import xml_safe_graph
    from queries.snapshot import load_snapshot
    from queries.views import ingest_records, provenance_graph

    s = open_store(store)
    return xml_safe_graph(provenance_graph(load_snapshot(s), ingests=ingest_records(s)))


def query_names() -> dict[str, str]:
    """The named queries (``provkg query --list``): name -> one-line description."""
    from queries.named import QUERIES

    return {n: doc for n, (_fn, doc) in QUERIES.items()}


def query(store: str | os.PathLike[str] | Store, name: str, *, manifest: str | None = None,
          source: str | None = None, all_sources: bool = False) -> list[Any]:
    """Run a named query (``provkg query NAME``); returns its typed rows (pydantic models, ``queries.results``).

    Args:
        store: a store folder, server URL or backend.
        name: one of ``query_names()`` (``sources``, ``papers``, ``claims`` ...).
        manifest, source, all_sources: as the command's options (only where the query takes them).

    Raises:
        KeyError: no query of that name.
        ingest.errors.KgError: the store cannot be read, or the manifest/source is unknown.
    """
    from queries.named import QUERIES

    if name not in QUERIES:
        raise KeyError(f"unknown query {name!r}; known: {', '.join(QUERIES)}")
    return list(QUERIES[name][0](open_store(store), manifest=manifest, source=source, all_sources=all_sources))


def sparql(store: str | os.PathLike[str] | Store, text: str) -> Any:
    """Run a SPARQL 1.1 query (``provkg sparql``) over the union of the named graphs.

    Returns:
        SELECT: ``graph.store.SelectResult`` (``.variables``; iterate for rows of pyoxigraph terms;
        ``graph.store.to_python`` gives plain values); ASK: ``bool``; CONSTRUCT/DESCRIBE: a list of
        ``pyoxigraph.Triple``.  ``queries.sparql_results.write_sparql_result`` writes any of them in
        a standard format.

    Raises:
        ingest.errors.QueryError: invalid SPARQL (or a federated ``SERVICE``).
    """
    return open_store(store).raw_query(text)


def brief(store: str | os.PathLike[str] | Store, manifest: str, *, lang: str | None = None,
          author: str | None = None) -> Any:
    """The brief of one manifest as data (``provkg brief --format json``): ``queries.briefing.BriefData``."""
    from queries.briefing import brief_data

    return brief_data(open_store(store), manifest, lang=lang, author=author)


def brief_markdown(store: str | os.PathLike[str] | Store, manifest: str, *, lang: str | None = None,
                   author: str | None = None) -> str:
    """The rendered brief (``provkg brief``), Markdown."""
    from queries.render.brief import render_brief

    return render_brief(brief(store, manifest, lang=lang, author=author).model_dump(mode="json"), lang=lang)


def report(store: str | os.PathLike[str] | Store) -> Any:
    """The contradiction report as data (``provkg report contradictions --format json``):
    ``queries.results.ContradictionReport`` (findings and the audit of ingested briefs)."""
    from queries.audit import audit_briefs
    from queries.named import contradictions
    from queries.results import ContradictionReport
    from queries.snapshot import load_snapshot

    s = open_store(store)
    found = contradictions(s)
    return ContradictionReport(count=len(found), findings=found, brief_audit=audit_briefs(s, load_snapshot(s)))


def report_markdown(store: str | os.PathLike[str] | Store, *, lang: str = "en") -> str:
    """The rendered contradiction report (``provkg report contradictions``), Markdown."""
    from queries.render.report import render_report

    doc = report(store)
    return render_report([f.model_dump(mode="json") for f in doc.findings], lang=lang,
                         title="Contradiction report" if lang == "en" else "矛盾报告",
                         audit=[a.model_dump(mode="json") for a in doc.brief_audit])
