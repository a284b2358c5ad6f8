"""A small Python API for notebooks and scripts: the graph views without the command line.

Example (in Jupyter the last line draws the page inline)::

    import provkg.api
    v = provkg.api.view(".provkg", manifest="e627b203-77c1-4f5a-a634-26925ef1b683")
    v.graph            # networkx.MultiDiGraph of what is drawn (node attrs: type, label, props)
    v.notes            # what was clustered or left out, as sentences
    v.write("shift.html")
    v                  # _repr_html_: the page in a sandboxed <iframe srcdoc=...>

The views are those of ``provkg viz`` (``queries.views.build_view``): the whole
store, one manifest's shift, the neighbourhood of a work/section/source, or the
contradictions only.  Nothing here imports click; IPython is optional and only
used by :meth:`View.display`.
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

__all__ = ["View", "open_store", "view"]


def open_store(store: str | os.PathLike[str] | Store) -> Store:
    """Open a provkg store folder read-only (or pass a ``graph.store.Store`` through).

    Args:
        store: the folder ``provkg ingest`` wrote (``.provkg`` by default), or a
            ``Store`` (e.g. an in-memory one).

    Returns:
        ``graph.store.Store``.

    Raises:
        FileNotFoundError: the folder holds no ingested store.
    """
    from graph.store import Store

    if isinstance(store, Store):
        return store
    s = Store(store)
    if not s.exists():
        raise FileNotFoundError(f"no provkg store at {store}; run `provkg ingest PATH --store {store}` first")
    return s


@dataclass
class View:
    """One graph view: the networkx graph that is drawn, and its HTML page.

    Attributes:
        result: the ``queries.views.ViewResult`` (graph, ``GraphView``, totals, notes).
        node_budget: the budget it was built with (also used for the page).
    """

    result: ViewResult
    node_budget: int

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The drawn graph: nodes ``source:<path>``, ``claim:<IRI>``, ``work:<arXiv key>``, ...
        with attributes ``type``, ``label``, ``props`` (the provenance panel); edge keys are
        the PROV-O / CiTO / provkg relations (``prov:wasQuotedFrom``, ``cito:cites``, ...)."""
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
    result = build_view(load_snapshot(s), title=title, manifest=manifest, focus=focus, depth=depth,
                        contradictions_only=contradictions, node_budget=budget, ingests=ingest_records(s))
    return View(result, budget)
