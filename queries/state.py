"""Which derived index answers for a store: ``open_state(store)``.

* An embedded store whose index (``<store>/index.sqlite``, ``graph.index``) describes its live
  database: that file, opened read-only, filtered to the live database.  ``State.fresh`` tells
  whether its answer tables were brought up to date by the write that made the database
  (``provkg ingest`` does that; an ``ingest_paths`` call without ``derive`` leaves them behind).
* Any other store (a SPARQL server, an in-memory store, an embedded store whose index is missing
  or was made by another provkg): a private in-memory index filled from the RDF store with the
  shipped SPARQL (``queries.rdf_rows``), kept for this process while the store's state is the
  same (``graph.cache.memo``).  Its answers are never fresh: the query functions compute them
  from the facts (``queries.named``), kept the same way.

A command reads one ``State`` from start to end: an ingest that makes a new database meanwhile
does not change what it reads (the index keeps the rows of the previous database).
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from graph import cache
from graph.backend import Backend
from graph.index import INDEX_NAME, Index, IndexView, database_number

__all__ = ["State", "open_state", "memo_answer"]

T = TypeVar("T")


@dataclass(frozen=True)
class State:
    """One state of a store as the derived index holds it.

    ``view`` reads facts (and answers); ``fresh`` is True when the answer tables hold this
    state's answers; ``store_key`` and ``token`` name the store and the state (``graph.cache``).
    """

    view: IndexView
    fresh: bool
    store_key: Hashable
    token: Hashable


def _token(store: Backend) -> tuple[Hashable, Hashable]:
    """``(store key, state token)`` of ``store`` (``graph.cache``)."""
    path = getattr(store, "path", None)
    if type(store).__name__ == "Store":
        if path is None:  # in memory: its identity and how often it was written
            return ("memory", id(store)), (getattr(store, "writes", 0), len(store))  # type: ignore[arg-type]
        d = store.current_database()  # type: ignore[attr-defined]
        try:
            ino = d.stat().st_ino if d is not None else 0
        except OSError:
            ino = 0
        return ("folder", os.path.abspath(path)), (d.name if d is not None else None, ino)
    rows = store.select("SELECT (COUNT(?a) AS ?n) (MAX(STR(?a)) AS ?last) WHERE { GRAPH "
                        "<https://w3id.org/provkg/id/graph/provenance> { ?a a <https://w3id.org/provkg/ns#IngestActivity> } }")
    r = rows[0] if rows else {}
    return ("server", str(path)), (r.get("n"), r.get("last"))


def _private_index(store: Backend) -> Index:
    """A new in-memory index holding the facts of ``store``'s current revisions (read with SPARQL)."""
    from .rdf_rows import rebuild_facts

    index = Index(None)
    with index.write(1, None) as w:
        rebuild_facts(store, w)
    return index


def open_state(store: Backend) -> State:
    """The derived index that answers for ``store`` now (module docstring).

    Raises
    ------
    QueryError
        The RDF store cannot answer (a private index is being read from it).
    StoreError
        ``CURRENT`` names no database folder.
    """
    key, token = _token(store)
    path = getattr(store, "path", None)
    if type(store).__name__ == "Store" and path is not None:
        db_dir = store.current_database()  # type: ignore[attr-defined]
        db = database_number(db_dir)
        f = path / INDEX_NAME
        if db and f.is_file():
            index = cache.memo(key, token, "disk-index", lambda: _open_disk(f))
            if index is not None and index.valid() and index.describes(db):
                return State(index.view(db), index.answers_current(db), key, token)
    index = cache.memo(key, token, "index", lambda: _private_index(store))
    return State(index.view(1), False, key, token)


def _open_disk(f: os.PathLike[str]) -> Index | None:
    """The index file ``f`` opened read-only, or None when it cannot be read."""
    try:
        return Index(f, readonly=True)
    except sqlite3.Error:
        return None


def memo_answer(state: State, name: str, compute: Callable[[], T]) -> T:
    """``compute()`` for ``state``, kept for this process (``graph.cache.memo``): answers computed
    because the index's answer tables do not hold them (``State.fresh`` is False)."""
    return cache.memo(state.store_key, state.token, name, compute)
