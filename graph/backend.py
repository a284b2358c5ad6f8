"""The store interface: what every provkg backend offers, and how one is chosen.

Two backends implement it:

``graph.store.Store``
    the embedded default, an Oxigraph (RocksDB) database in a folder
    (``.provkg/``), written atomically through a fresh copy and a lock;
``graph.remote.RemoteStore``
    a SPARQL 1.1 server shared by a team (Oxigraph server, Apache Jena
    Fuseki, ...), spoken to with the SPARQL 1.1 Protocol (Query and Update)
    and the SPARQL 1.1 Graph Store HTTP Protocol.

The interface is deliberately small, so that the query layer (``queries/``)
and the loader (``graph/loader.py``) never touch a backend's own objects:

* **read** -- ``select(query, **bindings)`` (SPARQL 1.1 SELECT; bindings are
  appended as one trailing ``VALUES`` row on every backend, PITFALLS P7/P8),
  ``select_terms`` (the same, keeping pyoxigraph terms), ``raw_query``,
  ``named_graphs()``, ``quads(graph)``, ``exists()``, ``len()``;
* **write** -- ``writer()``, a context manager yielding a ``GraphWriter``:
  ``put_graph`` (replace one whole named graph), ``drop_graph``, ``add`` /
  ``remove`` / ``remove_matching`` (single quads, used for the provenance
  graph) and ``match`` (read quads before changing them).  Leaving the ``with`` block normally commits; an exception commits
  nothing.  What "atomic" means differs per backend; each documents it
  (``Store.writer``, ``RemoteStore.writer``; ``docs/SCALING.md``).

Queries see the **union of the named graphs**: the embedded store queries
with ``use_default_graph_as_union``; the shipped ``queries/sparql/*.rq`` all
match inside ``GRAPH ?g`` so they give the same rows on a server whose
default graph is *not* the union (PITFALLS P9, P14).
"""
from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from typing import Protocol, runtime_checkable

import pyoxigraph as ox
from ingest.lazyre import compile_lazy

__all__ = ["Backend", "GraphWriter", "is_remote", "open_store"]


@runtime_checkable
class GraphWriter(Protocol):
    """The changes of one write (one ``Backend.writer()`` block).

    Terms are pyoxigraph terms (``NamedNode``, ``Literal``); provkg never
    writes blank nodes (PITFALLS P12, P13) and the remote backend refuses them.

    Both shipped writers also offer ``has_graph(iri)`` and ``match_existing(s, p, o, g)``
    (``match`` without waiting for this write's background loads, for facts the store held
    before it); the loader uses them when present and falls back to ``match``.  The loader
    also sets ``keeps_revisions = True`` on its writer: the embedded store then keeps its write
    generation, which keys its caches (``graph.store`` module docstring).
    """

    def put_graph(self, iri: str, quads: Iterable[ox.Quad | ox.Triple]) -> None:
        """Replace the named graph ``iri`` by exactly ``quads`` (quads must be in that graph).

        Raises ``StoreError`` for a quad in another graph or a blank node (remote).
        """

    def drop_graph(self, iri: str) -> None:
        """Remove the named graph ``iri`` and all its quads (no error when absent)."""

    def add(self, quads: Iterable[ox.Quad]) -> None:
        """Add single quads (any named graph), applied at commit."""

    def remove(self, quads: Iterable[ox.Quad]) -> None:
        """Remove single quads (no error for a quad that is not there)."""

    def remove_matching(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                        obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode) -> None:
        """Remove every quad of named graph ``graph`` matching the pattern (``None`` = any)."""

    def match(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
              obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """Quads matching the pattern (``None`` = any) as the store stood when the write began.

        Changes queued by this writer may or may not be visible (embedded: removals
        are, additions are not; remote: neither), so read before you change.
        """


@runtime_checkable
class Backend(Protocol):
    """A provkg store: a dataset of named graphs that answers SPARQL 1.1 and takes writes."""

    def exists(self) -> bool:
        """True when the store holds ingested data (raises ``StoreError`` when unreachable)."""

    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """SPARQL SELECT; rows as ``{variable: Python value}`` (IRIs as ``str``; unbound ``None``).

        ``bindings`` become one trailing ``VALUES`` row.  Raises ``QueryError``.
        """

    def select_terms(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Like ``select`` but rows keep pyoxigraph terms."""

    def raw_query(self, query: str) -> object:
        """Any SPARQL query: ``QuerySolutions``, ``QueryBoolean`` or an iterable of ``Triple``."""

    def named_graphs(self) -> list[str]:
        """IRIs of the named graphs, sorted."""

    def quads(self, graph: str | None = None) -> Iterator[ox.Quad]:
        """The quads of one named graph, or of the whole dataset."""

    def __len__(self) -> int:
        """Number of quads."""

    def writer(self) -> contextlib.AbstractContextManager[GraphWriter]:
        """One write: commit on normal exit, nothing on an exception."""


#: A ``--store`` that starts like a URL but is no ``http(s)://`` one (``ftp://…``, ``http:/host``, ``htps://…``).
_OTHER_URL = compile_lazy(r"^[A-Za-z][A-Za-z0-9+.-]+:/")


def is_remote(location: str | None) -> bool:
    """True when ``location`` is an ``http://`` or ``https://`` URL (a SPARQL server)."""
    return bool(location) and str(location).lower().startswith(("http://", "https://"))


def open_store(location: str | None, *, query_endpoint: str | None = None, update_endpoint: str | None = None,
               gsp_endpoint: str | None = None, timeout: float | None = None) -> Backend:
    """The backend for ``--store LOCATION``.

    Parameters
    ----------
    location : str or None
        A folder (embedded ``Store``), ``None`` (in memory) or an ``http(s)://``
        URL of a SPARQL server dataset (``RemoteStore``).
    query_endpoint, update_endpoint, gsp_endpoint : str, optional
        Explicit endpoints of a remote store (see ``graph.remote.endpoints_for``).
    timeout : float, optional
        Seconds per HTTP request of a remote store.

    Raises
    ------
    UsageError
        Endpoint options given with a folder store.
    StoreError
        The URL is malformed, or ``location`` starts like a URL that is not ``http(s)``.
    """
    from ingest.errors import UsageError

    if is_remote(location):
        from .remote import RemoteStore

        return RemoteStore(str(location), query_endpoint=query_endpoint, update_endpoint=update_endpoint,
                           gsp_endpoint=gsp_endpoint, timeout=timeout)
    if location is not None and _OTHER_URL.match(str(location)):
        # ``ftp://host/ds``, ``http:/host`` (a mistyped URL) was made a folder ``ftp:`` in the working directory
        from ingest.errors import StoreError

        raise StoreError(f"--store {location}: not an http(s) URL of a SPARQL server (a folder named so: "
                         f"./{location})")
    if query_endpoint or update_endpoint or gsp_endpoint:
        raise UsageError(f"--query-endpoint/--update-endpoint/--gsp-endpoint need an http(s) --store URL, "
                         f"not the folder {location!r}")
    from .store import Store

    return Store(location)
