"""The Python API for notebooks and scripts: what the commands do, as library calls with typed results.

``ProvKG`` (modelled on sqlite-utils' ``Database``) holds one store and has one method per command
(``ingest``, ``query``, ``brief``, ``report``, ``why``, ``diff``, ``validate``, ``export``,
``import_``, ``reindex`` …); the command line (``provkg.cli``) is one call to it per command plus
output formatting.  The functions below take the store as their first argument and do the same::

    from provkg.api import ProvKG
    kg = ProvKG(".provkg")
    kg.ingest(["data/workspace"])                        # incremental; keeps the derived index current
    kg.query("contradictions")                           # list[Contradiction]

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

__all__ = ["ProvKG", "View", "open_store", "view", "graph", "query", "query_names", "sparql", "brief", "brief_markdown",
           "report", "report_markdown", "ReindexReport", "RunResult"]


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


@dataclass
class ReindexReport:
    """What ``ProvKG.reindex`` did: the database it indexed, its revisions, and the time taken (s)."""

    database: str | None
    revisions: int
    seconds: float

    def summary(self) -> str:
        """One line: ``reindexed db-000012: 12,702 file revisions in 61.2 s``."""
        return f"reindexed {self.database}: {self.revisions:,} file revisions in {self.seconds:.1f} s"


@dataclass
class RunResult:
    """What ``ProvKG.run`` did: the ingest report, the manifests it briefed and every file it wrote."""

    ingest: Any
    manifests: list[str]
    written: list[Path]


class ProvKG:
    """One provkg store and what can be done with it (the library behind every command).

    Parameters
    ----------
    store : path, URL or backend
        A store folder (embedded Oxigraph, default ``.provkg``), the http(s) URL of a SPARQL
        server dataset, or an open ``graph.backend.Backend`` (an in-memory ``graph.store.Store``).
    query_endpoint, update_endpoint, gsp_endpoint : str, optional
        Endpoints of a server store where they differ from the defaults (docs/SCALING.md).

    The backend is opened on first use (``backend``); opening a folder reads nothing.  Methods
    raise ``ingest.errors.KgError`` subclasses: ``StoreError`` (the store cannot be opened or
    written), ``StoreLockedError``, ``QueryError`` (an unknown name, an invalid SPARQL text, a
    manifest the store does not hold), ``UsageError`` (options that do not fit together).
    """

    def __init__(self, store: str | os.PathLike[str] | Any = ".provkg", *, query_endpoint: str | None = None,
                 update_endpoint: str | None = None, gsp_endpoint: str | None = None):
        self.location = store
        self._endpoints = {k: v for k, v in (("query_endpoint", query_endpoint), ("update_endpoint", update_endpoint),
                                             ("gsp_endpoint", gsp_endpoint)) if v}
        self._backend = None if isinstance(store, (str, os.PathLike)) else store

    # -- the store -------------------------------------------------------------------------------
    @property
    def backend(self) -> Any:
        """The ``graph.backend.Backend`` (opened on first use).  Raises ``StoreError``."""
        if self._backend is None:
            from graph.backend import open_store as _open

            self._backend = _open(str(self.location), **self._endpoints)
        return self._backend

    def close(self) -> None:
        """Let go of the backend (an embedded store's open database and its reader registration, so a
        later write may remove that database); the next use opens it again."""
        b = self._backend
        if b is not None and isinstance(self.location, (str, os.PathLike)):
            close = getattr(b, "close", None)
            if close is not None:
                close()
            self._backend = None

    def exists(self) -> bool:
        """True when the store holds an ingested database."""
        return self.backend.exists()

    def require(self) -> list[str]:
        """Check that the store holds data; returns warnings to show (a store written by an old provkg).

        Raises ``StoreError`` when nothing was ingested yet.
        """
        from ingest.errors import StoreError

        b = self.backend
        if not b.exists():
            raise StoreError(f"no store at {getattr(b, 'path', self.location)}; run `provkg ingest PATH` on a folder "
                             "or files holding notes first")
        from graph.versions import is_legacy_store, upgrade_message

        if is_legacy_store(b):
            return [f"{getattr(b, 'path', self.location)} was written by an older provkg and shows no current "
                    "revisions; run `provkg ingest PATH` once to update it"]
        msg = upgrade_message(b)  # issue 21: a store of an older model, upgraded by the next ingest
        return [msg] if msg is not None else []

    # -- writing ---------------------------------------------------------------------------------
    def ingest(self, paths: list[str | os.PathLike[str]], *, kind: str | None = None, jobs: int = 0,
               progress: Any = None, tz_name: str | None = None, allow_mass_removal: bool = False) -> Any:
        """Ingest files and folders (``graph.loader.ingest_paths``) and bring the derived index's answers
        up to date in the same atomic write (``queries.derive``).  Returns the ``IngestReport``
        (``upgraded`` set when the store was written by an older model and upgraded, ``graph.migrate``).

        Raises ``MassRemovalError`` when the ingest would remove the files of a folder that is now
        empty, or more than half of the store's files, unless ``allow_mass_removal``; nothing is written.
        """
        from graph.loader import ingest_paths
        from queries.derive import Deriver
        from queries.named import RULES

        return ingest_paths(self.backend, list(paths), kind=kind, jobs=jobs, progress=progress, tz_name=tz_name,
                            derive=Deriver(RULES), allow_mass_removal=allow_mass_removal)

    def reindex(self) -> ReindexReport:
        """Build the derived index (``<store>/index.sqlite``) again from the RDF store (SPARQL), facts and
        answers, and swap it in; for an embedded store only (others read their RDF store directly).

        Raises ``StoreLockedError`` while another process writes the store, ``UsageError`` for a
        server or in-memory store, ``StoreError`` when it holds nothing.
        """
        import time

        from ingest.errors import UsageError
        from queries.derive import Deriver, rebuild_index
        from queries.named import RULES

        b = self.backend
        if type(b).__name__ != "Store" or getattr(b, "path", None) is None:
            raise UsageError("reindex builds the derived index of a store folder; a server or in-memory store "
                             "has none (its queries read the RDF store)")
        self.require()
        t = time.perf_counter()
        db, n = rebuild_index(b, Deriver(RULES))
        return ReindexReport(db, n, time.perf_counter() - t)

    def import_(self, files: list[str | os.PathLike[str]], *, fmt: str | None = None, graph: str | None = None,
                replace: bool = False) -> Any:
        """Import RDF files in one atomic write (``graph.export.import_files``), then rebuild the derived
        index from the RDF store (an import is not an ingest: its graphs have no parsed records).
        Returns the ``ImportReport``.

        On a store folder the import and the rebuild are one serialised write: the write lock is held
        from before the import until the new index is in place, so an ingest or another import started
        meanwhile runs wholly before or wholly after both (it never goes live between them, to be
        indexed from the import's older database)."""
        import contextlib

        from graph.export import import_files

        b = self.backend
        folder = type(b).__name__ == "Store" and getattr(b, "path", None) is not None
        with (b.lock() if folder else contextlib.nullcontext()):
            rep = import_files(b, list(files), fmt=fmt, graph=graph, replace=replace)
            if folder:
                self.reindex()
        return rep

    # -- reading ---------------------------------------------------------------------------------
    @staticmethod
    def query_names() -> dict[str, str]:
        """``{name: one-line description}`` of the named queries (``queries.named.QUERIES``)."""
        from queries.named import QUERIES

        return {n: doc for n, (_fn, doc) in QUERIES.items()}

    @staticmethod
    def query_options(name: str) -> set[str]:
        """The options (``manifest``, ``source``, ``all_sources``) named query ``name`` takes."""
        import inspect

        from queries.named import QUERIES

        fn = QUERIES[name][0]
        return {p for p in inspect.signature(inspect.unwrap(fn)).parameters if p in ("manifest", "source", "all_sources")}

    def query(self, name: str, *, manifest: str | None = None, source: str | None = None,
              all_sources: bool = False) -> list:
        """Rows of named query ``name`` (``queries.named``), read from the derived index.

        Raises ``QueryError`` for an unknown query, ``UsageError`` for an option the query does not take.
        """
        from ingest.errors import QueryError, UsageError
        from queries.named import QUERIES

        if name not in QUERIES:
            raise QueryError(f"unknown query {name!r}; known: {', '.join(QUERIES)}")
        takes = self.query_options(name)
        for opt, given in (("manifest", manifest), ("source", source), ("all_sources", all_sources)):
            if given and opt not in takes:
                flag = "--" + opt.replace("_", "-")
                which = ", ".join(n for n in QUERIES if opt in self.query_options(n))
                raise UsageError(f"query {name} does not take {flag} (it narrows: {which})")
        return QUERIES[name][0](self.backend, manifest=manifest, source=source, all_sources=all_sources)

    def query_fields(self, name: str) -> list[str]:
        """Field names of the rows of named query ``name`` (the CSV header of an empty result)."""
        import typing

        from queries.named import QUERIES

        fn = QUERIES[name][0]
        try:
            # the return annotation alone, read in the query's module (its parameters name types imported
            # for type checking only, which ``typing.get_type_hints`` of the whole function cannot resolve)
            ret = fn.__annotations__.get("return")
            ret = eval(ret, fn.__globals__) if isinstance(ret, str) else ret  # noqa: S307 - our own annotation
            (model,) = typing.get_args(ret)
            return list(model.model_fields)
        except Exception:  # noqa: BLE001 - no annotation: no header
            return []

    def has_source(self, path: str) -> bool:
        """True when the store holds a current file at workspace path ``path``."""
        from queries.named import sources

        return path in {r.source for r in sources(self.backend)}

    def sparql(self, text: str) -> Any:
        """Run a SPARQL 1.1 query over the union of the named graphs (``sparql``): a SELECT's
        ``graph.store.SelectResult``, an ASK's ``bool``, a CONSTRUCT/DESCRIBE's triples.

        Raises ``QueryError`` for invalid SPARQL, an update, or a federated query (``SERVICE``).
        """
        from graph.store import query_form

        query_form(text)  # refuses what is not a query before the store is read
        return self.backend.raw_query(text)

    def brief(self, manifest: str, *, lang: str | None = None, author: str | None = None, now: Any = None) -> Any:
        """The ``BriefData`` of one manifest (ID or path), read from its scope (``queries.briefing``);
        ``author`` names who wrote the shift (default: the manifest's author, else the work queue's
        claimant).

        Raises ``QueryError`` when the store holds no such manifest.
        """
        from queries.briefing import brief_data

        return brief_data(self.backend, manifest, lang=lang, author=author, now=now)

    def manifests(self) -> list[str]:
        """The manifest IDs the store holds, sorted."""
        from queries.snapshot import load_snapshot

        return sorted({m.manifest_id for m in load_snapshot(self.backend).manifest_items})

    def workspace_lang(self) -> str:
        """``zh`` or ``en``: the language most of the store's sources are written in."""
        from queries.briefing import workspace_lang
        from queries.snapshot import load_snapshot

        return workspace_lang(load_snapshot(self.backend))

    def report(self) -> Any:
        """The contradiction report: every finding (``query contradictions``) and the audit findings of
        every ingested brief, as a ``ContradictionReport`` (``report``)."""
        return report(self.backend)

    def new_findings(self, report: Any, baseline: str | os.PathLike[str] | None = None) -> list:
        """The findings of ``report`` that are new: not in the ``--format json`` report ``baseline``, or
        (without one) quoting a file the latest ingest added or changed.  Raises ``QueryError`` for an
        unreadable baseline."""
        from queries.audit import baseline_ids, new_findings

        base = baseline_ids(baseline) if baseline else None
        return new_findings(list(report.findings) + list(report.brief_audit), store=self.backend, baseline=base)

    def viz(self, *, manifest: str | None = None, focus: str | None = None, depth: int = 2,
            contradictions_only: bool = False, title: str = "provkg", node_budget: int | None = None) -> Any:
        """The ``GraphView`` ``provkg viz`` draws (``queries.views.viz_view``); render it with
        ``queries.render.html.write_html``.  Raises ``QueryError`` for a manifest or focus the store
        does not hold."""
        from ingest.errors import QueryError
        from queries.snapshot import load_snapshot, no_manifest
        from queries.views import DEFAULT_NODE_BUDGET, ingest_records, viz_view

        snap = load_snapshot(self.backend)
        if manifest and not snap.manifest_items_for(manifest):
            raise QueryError(no_manifest(manifest, (i.manifest_id for i in snap.manifest_items)))
        try:
            return viz_view(snap, title=title, manifest=manifest, focus=focus, depth=depth,
                            contradictions_only=contradictions_only, node_budget=node_budget or DEFAULT_NODE_BUDGET,
                            ingests=ingest_records(self.backend))
        except KeyError as e:
            raise QueryError(str(e.args[0])) from None

    def view(self, **kw: Any) -> View:
        """``view(self.backend, **kw)``: the networkx graph and page of a graph view (see ``view``)."""
        return view(self.backend, **kw)

    def graph(self) -> Any:
        """The whole store as one analysable networkx graph (``graph``)."""
        return graph(self.backend)

    def why(self, ident: str, *, history: bool = False) -> Any:
        """Where ``ident`` (claim IRI, arXiv ID, ``§`` section, path, ``path:line``, alias) comes from: a ``WhyResult``."""
        from queries.why import why

        return why(self.backend, ident, history=history)

    def diff(self, since: str | None = None) -> Any:
        """Claims, evidence and findings that changed between two ingests: a ``DiffResult``."""
        from queries.history import diff

        return diff(self.backend, since)

    def audit_brief(self, file: str | os.PathLike[str], *, jobs: int = 1) -> tuple[Any, Any]:
        """Ingest a shift brief (kind ``brief``) and check it against the graph: ``(IngestReport,
        AuditReport or None)`` (None when the file did not go in: see the report's errors).

        Raises ``UsageError`` for a file that is not UTF-8 or states nothing of a shift, ``IngestError``
        for one that is not a readable regular file within the size limit (``ingest.sources.read_regular``).
        """
        from ingest.brief import parse_brief, states_a_shift
        from ingest.errors import UsageError
        from ingest.sources import read_regular
        from queries.audit import audit_brief

        try:  # a regular file within the size limit (else an IngestError naming it)
            text = read_regular(file).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise UsageError(f"{file}: cannot read: {e}") from None
        if not states_a_shift(parse_brief(text)[0]):
            # Nothing a brief states about its shift (a table or a warnings list alone is in notes too).
            raise UsageError(f"{file}: not a shift brief (no manifest line, stated counts, consumed materials, "
                             "increments or citable list); nothing ingested")
        rep = self.ingest([file], kind="brief", jobs=jobs)
        if rep.errors:
            return rep, None
        paths = rep.added + rep.changed + rep.unchanged
        if len(paths) != 1:
            raise UsageError(f"{file}: expected one brief file, ingest saw {len(paths)}")
        return rep, audit_brief(self.backend, paths[0], text=text)

    @staticmethod
    def check(files: list[str | os.PathLike[str]], *, duplicates: bool = True, contradictions: bool = True,
              all_sources: bool = False, kind: str | None = None) -> tuple[Any, list[str]]:
        """Check files alone, in a throw-away in-memory store (the pre-commit entry point):
        ``(IngestReport, problems)``, one ``queries.results.CheckProblem`` per duplicate citation and
        contradiction (none when a file could not be read: see the report's errors)."""
        from graph.store import Store
        from queries.contradictions import contradictions as _contradictions
        from queries.named import duplicates as _duplicates
        from queries.results import CheckProblem, CitationRef
        from queries.snapshot import load_snapshot

        kg = ProvKG(Store(None))
        rep = kg.ingest(list(files), kind=kind, jobs=1)
        problems: list[CheckProblem] = []
        if rep.errors:
            return rep, problems
        if duplicates:
            for d in _duplicates(kg.backend, all_sources=all_sources):
                # the later entries of each document against its first one (all sources: the first anywhere)
                firsts: dict[str, CitationRef] = {}
                for c in d.citations:
                    first = firsts.setdefault("" if all_sources else c.source, c)
                    if first is c:
                        continue
                    what = "cited again (all sources)" if all_sources else "duplicate citation"
                    problems.append(CheckProblem(source=c.source, line=c.line, kind="duplicate", message=(
                        f"{what} of arXiv:{d.arxiv_id} (first at {first.source}:{first.line}; "
                        f"{d.count} citation entries)")))
        if contradictions:
            for f in _contradictions(load_snapshot(kg.backend)):
                problems.append(CheckProblem(source=f.a.source, line=f.a.line, kind=f.kind,
                                             message=f"{f.summary} (vs {f.b.source}:{f.b.line})"))
        return rep, problems

    def validate(self, engine: str | None = None) -> Any:
        """SHACL validation of the store (``graph.validate.validate_store``): a ``ValidationReport``.

        ``engine``: ``"shacl-rust"`` or ``"pyshacl"`` (``graph.validate.ENGINES``); default shacl-rust when it
        is installed.  Raises ``ValueError`` for another name.
        """
        from graph.validate import validate_store

        return validate_store(self.backend, engine=engine)

    def export(self, fmt: str, fh: Any) -> None:
        """Write the whole store in ``fmt`` to the binary file ``fh`` (``graph.export.write_export``;
        ``graphml``/``gexf`` draw the networkx provenance graph, ``queries.views``).
        Raises ``ExportError`` for a triple-only or unknown format."""
        from graph.export import write_export

        write_export(self.backend, fmt, fh, nx_graph=self._nx_graph)

    def export_to(self, fmt: str, out: str | os.PathLike[str]) -> Path:
        """``export`` written atomically to the file ``out``; returns its path."""
        from graph.export import export_to

        return export_to(self.backend, fmt, out, nx_graph=self._nx_graph)

    def _nx_graph(self) -> Any:
        from queries.snapshot import load_snapshot
        from queries.views import ingest_records, provenance_graph

        # with the ingest records, as the HTML graph has them: a source's activity, ingest time and
        # revision (issue 23)
        return provenance_graph(load_snapshot(self.backend), ingests=ingest_records(self.backend))

    def run(self, workspace: str | os.PathLike[str], out: str | os.PathLike[str], *, manifest: str | None = None,
            lang: str | None = None, title: str | None = None, progress: Any = None, author: str | None = None,
            allow_mass_removal: bool = False) -> RunResult:
        """The main job: ingest ``workspace``, then write into ``out`` the brief of each manifest
        (``brief.md``, or ``brief-<id>.md`` for several), ``contradictions.md`` (in ``lang``, else the
        first brief's language, else the workspace's) and ``graph.html``.  ``author`` and
        ``allow_mass_removal`` as for ``brief`` and ``ingest``.

        A manifest whose file this run could not read gets no brief (the store still holds its last good
        version, which is no longer the workspace's).

        In a folder ``run`` wrote before (it holds provkg's marker file), a brief this run does not write is removed
        (``brief.md`` once the workspace has several manifests, ``brief-<id>.md`` once it has one, or that manifest is
        gone), so the folder holds the workspace's briefs only.

        Raises ``OSError`` when a file cannot be written (no partial file is left), and what
        ``ingest`` raises.
        """
        from graph.atomic import write_atomic
        from ingest.sources import OUTPUT_TAG
        from queries.render.brief import render_brief
        from queries.render.html import write_html
        from queries.render.report import render_report

        rep = self.ingest([workspace], progress=progress, allow_mass_removal=allow_mass_removal)
        mids = [manifest] if manifest else (self.manifests() if self.exists() else [])
        if not manifest and rep.errors and mids:
            # a manifest this run could not read keeps its last good version in the store: no brief is written
            # from it as if it were current (its error line says why)
            from queries.snapshot import load_snapshot

            failed = {e.split(":", 1)[0] for e in rep.errors}  # "work-guard/m2.json:1: invalid JSON: …"
            paths = {m.manifest_id: m.manifest_path for m in load_snapshot(self.backend).manifest_items}
            stale = {m for m in mids if paths.get(m) in failed}
        else:
            stale = set()
        outdir = Path(out)
        if not mids and not self.exists():
            return RunResult(rep, [], [])  # nothing went in (an empty folder): no output folder is made for nothing
        outdir.mkdir(parents=True, exist_ok=True)
        notes_here = outdir.resolve() == Path(workspace).resolve() or any(
            (outdir / m).exists() for m in ("inbox", "organized", "work-guard"))
        if not notes_here and not (outdir / OUTPUT_TAG).exists():
            # the next ``run`` or ``ingest`` of a workspace holding this folder does not read it (``ingest.sources``)
            write_atomic(b"This folder holds what `provkg run` wrote (brief, contradiction report, graph).\n"
                         b"A folder walk of provkg does not read a folder holding this file.\n", outdir / OUTPUT_TAG)
        written: list[Path] = []
        brief_lang: str | None = None
        for mid in mids:
            p = outdir / (f"brief-{mid}.md" if len(mids) > 1 else "brief.md")
            if mid in stale:
                p.unlink(missing_ok=True)  # a brief an earlier run wrote from it would now be out of date
                continue
            data = self.brief(mid, lang=lang, author=author)
            brief_lang = brief_lang or data.lang
            write_atomic(render_brief(data.model_dump(mode="json"), lang=lang).encode("utf-8"), p)
            written.append(p)
        if (outdir / OUTPUT_TAG).exists() and not manifest:
            # "-o replaces those files": in a folder provkg writes, a brief this run did not write is out of date (one
            # manifest then two: the old ``brief.md``; two then one, or a manifest gone: its ``brief-<id>.md``)
            mine = {q.name for q in written}
            for old in [outdir / "brief.md", *outdir.glob("brief-*.md")]:
                if old.name not in mine and old.is_file():
                    old.unlink(missing_ok=True)
        if self.exists():
            report = self.report()
            lang_ = lang or brief_lang or self.workspace_lang()  # the report speaks the (first) brief's language
            text = render_report([f.model_dump(mode="json") for f in report.findings], lang=lang_,
                                 title="Contradiction report" if lang_ == "en" else "矛盾报告",
                                 audit=[a.model_dump(mode="json") for a in report.brief_audit])
            write_atomic(text.encode("utf-8"), outdir / "contradictions.md")
            written.append(outdir / "contradictions.md")
            g = self.viz(title=title or f"provkg · {Path(workspace).resolve().name}")
            outdir.mkdir(parents=True, exist_ok=True)
            written.append(write_html(g, outdir / "graph.html", node_budget=max(len(g.nodes), 1)))
        return RunResult(rep, [m for m in mids if m not in stale], written)
