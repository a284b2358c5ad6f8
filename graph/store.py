"""The store: an embedded Oxigraph dataset on disk, written atomically.

This is the default backend of ``graph.backend.Backend``; ``graph.remote``
is the other (a SPARQL 1.1 server).  ``graph.backend.open_store`` picks one.

Layout of a store folder (default ``.provkg/``)::

    .provkg/CURRENT      name of the live database folder (one line)
    .provkg/db-000003/   the Oxigraph (RocksDB) database
    .provkg/lock         held (fcntl.flock) by the one process writing

A write (``Store.writer()``) takes the lock, makes an Oxigraph ``backup`` of
the live database into a new folder (a RocksDB checkpoint: hard links, a few
milliseconds), applies every change there and only then points ``CURRENT`` at
it with ``os.replace``.  A failed or killed write leaves ``CURRENT`` on the
old database, intact (PITFALLS P14).  ``Store(None)`` is an in-memory store
for tests, written in place.

Queries are SPARQL 1.1 over the union of the named graphs
(``use_default_graph_as_union=True``; PITFALLS P9).  Values are bound with a
trailing ``VALUES`` clause built from pyoxigraph terms (their ``str()`` is the
N-Triples form, escaped by the library), never by formatting user text into
the query (P7).
"""
from __future__ import annotations

import contextlib
import errno
import gc
import os
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

import pyoxigraph as ox

from ingest.errors import QueryError, StoreError, StoreLockedError

__all__ = ["Store", "to_python", "literal_value", "default_store_path"]


def default_store_path() -> str:
    """``$PROVKG_STORE`` or ``.provkg`` in the current directory."""
    return os.environ.get("PROVKG_STORE") or ".provkg"


def literal_value(lexical: str, datatype: str) -> object:
    """An RDF literal's Python value from its lexical form and datatype IRI (RDF 1.1 §3.3, XSD 1.1).

    ``xsd:integer/int/long`` -> int, ``xsd:double/decimal/float`` -> float,
    ``xsd:boolean`` -> bool; anything else, or a malformed lexical form, stays a str.
    """
    if datatype.endswith(("#integer", "#int", "#long")):
        try:
            return int(lexical)
        except ValueError:
            return lexical
    if datatype.endswith(("#double", "#decimal", "#float")):
        try:
            return float(lexical)
        except ValueError:
            return lexical
    if datatype.endswith("#boolean"):
        return lexical == "true"
    return lexical


def to_python(term: object) -> object:
    """A pyoxigraph term as a Python value: IRIs -> str, typed literals -> int/float/bool/str."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return term.value
    if isinstance(term, ox.Literal):
        return literal_value(term.value, term.datatype.value if term.datatype else "")
    if isinstance(term, ox.BlankNode):
        return "_:" + term.value
    return str(term)


_SERVICE = re.compile(r"\bSERVICE\b", re.IGNORECASE)


def _offline(query: str) -> None:
    """Refuse federated queries: provkg never goes to the network at run time."""
    if _SERVICE.search(query):
        raise QueryError("SERVICE (federated query) is not allowed: provkg works offline on its own store")


def _values_clause(bindings: dict[str, object]) -> str:
    names = list(bindings)
    cells = []
    for n in names:
        v = bindings[n]
        if isinstance(v, (ox.NamedNode, ox.Literal)):
            cells.append(str(v))  # N-Triples form, escaped by pyoxigraph
        elif isinstance(v, bool):
            cells.append(str(ox.Literal("true" if v else "false", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#boolean"))))
        elif isinstance(v, int):
            cells.append(str(ox.Literal(str(v), datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer"))))
        else:
            cells.append(str(ox.Literal(str(v))))
    return "\nVALUES (" + " ".join("?" + n for n in names) + ") { (" + " ".join(cells) + ") }"


class Store:
    """One provkg store: the embedded backend (implements ``graph.backend.Backend``).

    Parameters
    ----------
    path : str or os.PathLike or None
        The store folder; ``None`` for an in-memory store.

    Raises
    ------
    StoreError
        The folder exists but is not a provkg store, or Oxigraph cannot open it.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path) if path is not None else None
        self._db: ox.Store | None = None
        self._opened: Path | None = None  # the database folder ``_db`` reads
        if self.path is None:
            self._db = ox.Store()

    # -- opening ---------------------------------------------------------
    def _current_dir(self) -> Path | None:
        assert self.path is not None
        cur = self.path / "CURRENT"
        if not cur.exists():
            return None
        name = cur.read_text("utf-8").strip()
        d = self.path / name
        if not name.startswith("db-") or not d.is_dir():
            raise StoreError(f"{self.path}: CURRENT names {name!r}, which is not a database folder")
        return d

    @property
    def db(self) -> ox.Store:
        """The live pyoxigraph ``Store`` (opened lazily; empty if none yet)."""
        if self._db is None:
            assert self.path is not None
            if self.path.exists() and not self.path.is_dir():
                raise StoreError(f"{self.path}: not a folder")
            d = self._current_dir()
            try:
                # Reads never write: the live database is opened read-only (readers may share it);
                # writes go through ``writer()`` into a fresh copy.
                self._db = ox.Store() if d is None else ox.Store.read_only(str(d))
                self._opened = d
            except OSError as e:
                raise StoreError(f"{d}: cannot open the database: {e}") from None
        return self._db

    @property
    def database_dir(self) -> Path | None:
        """The database folder the live handle reads (opening it if needed).

        None in memory or before the first ingest.  Each write makes a new folder
        (``db-NNNNNN``), so this names one immutable database: a key for caches of
        what was read from it, safe even when an ingest swaps ``CURRENT`` meanwhile.
        """
        self.db
        return self._opened

    def close(self) -> None:
        """Release the database handle (reopened lazily on next use)."""
        self._db = None
        self._opened = None

    def exists(self) -> bool:
        """True when the store holds an ingested database (always True in memory)."""
        return self.path is None or (self.path / "CURRENT").exists()

    # -- reading ---------------------------------------------------------
    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Run a SPARQL SELECT; return rows as dicts of Python values.

        ``bindings`` become a trailing ``VALUES`` row (one solution).  Unbound
        variables are ``None``.  Raises ``QueryError`` for invalid SPARQL.
        """
        res = self.select_terms(query, **bindings)
        return [{k: to_python(v) for k, v in row.items()} for row in res]

    def select_terms(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Like ``select`` but keeps pyoxigraph terms."""
        text = query + (_values_clause(bindings) if bindings else "")
        _offline(text)
        try:
            res = self.db.query(text, use_default_graph_as_union=True)
            if not isinstance(res, ox.QuerySolutions):
                raise QueryError("not a SELECT query")
            names = [v.value for v in res.variables]
            return [{n: row[n] for n in names} for row in res]
        except SyntaxError as e:
            raise QueryError(f"invalid SPARQL: {e}") from None
        except (OSError, RuntimeError, ValueError) as e:
            raise QueryError(f"query failed: {e}") from None

    def raw_query(self, query: str) -> object:
        """Run any SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) and return pyoxigraph's result."""
        _offline(query)
        try:
            return self.db.query(query, use_default_graph_as_union=True)
        except SyntaxError as e:
            raise QueryError(f"invalid SPARQL: {e}") from None
        except (OSError, RuntimeError, ValueError) as e:
            raise QueryError(f"query failed: {e}") from None

    def named_graphs(self) -> list[str]:
        """IRIs of all named graphs, sorted."""
        return sorted(g.value for g in self.db.named_graphs() if isinstance(g, ox.NamedNode))

    def quads(self, graph: str | None = None) -> Iterator[ox.Quad]:
        """Every quad, or those of one named graph."""
        gn = ox.NamedNode(graph) if graph else None
        return self.db.quads_for_pattern(None, None, None, gn)

    def __len__(self) -> int:
        return len(self.db)

    # -- writing ---------------------------------------------------------
    @contextlib.contextmanager
    def writer(self) -> Iterator["Writer"]:
        """Context manager for one atomic write.

        Yields a ``Writer``; on normal exit the changes become live at once,
        on an exception (or a kill) nothing changes.  Raises
        ``StoreLockedError`` when another process is writing.
        """
        if self.path is None:
            assert self._db is not None
            w = Writer(self._db)
            yield w
            w.commit()
            return
        import fcntl

        try:
            self.path.mkdir(parents=True, exist_ok=True)
            lock_f = open(self.path / "lock", "a+")
        except OSError as e:
            raise StoreError(f"{self.path}: cannot use as a store folder: {e.strerror or e}") from None
        try:
            try:
                fcntl.flock(lock_f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise StoreLockedError(
                        f"{self.path}: another provkg process is writing this store; try again when it has finished"
                    ) from None
                raise
            old = self._current_dir()
            n = 1 + max((int(p.name[3:]) for p in self.path.glob("db-*") if p.name[3:].isdigit()), default=0)
            new = self.path / f"db-{n:06d}"
            if new.exists():
                shutil.rmtree(new)
            self.close()
            try:
                if old is not None:
                    ox.Store.read_only(str(old)).backup(str(new))
                db = ox.Store(str(new))
            except OSError as e:
                raise StoreError(f"{self.path}: cannot prepare a new database: {e}") from None
            ok = False
            try:
                w = Writer(db, bulk=True)
                yield w
                w.commit()
                del w
                db.flush()
                ok = True
            finally:
                del db  # close RocksDB before CURRENT moves or the folder is removed
                if not ok:
                    gc.collect()  # the traceback may still hold the Writer
                    shutil.rmtree(new, ignore_errors=True)
            tmp = self.path / "CURRENT.tmp"
            tmp.write_text(new.name + "\n", "utf-8")
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
            os.replace(tmp, self.path / "CURRENT")
            for p in self.path.glob("db-*"):
                if p != new:
                    shutil.rmtree(p, ignore_errors=True)
        finally:
            lock_f.close()
            self.close()


class Writer:
    """Changes inside one ``Store.writer()`` write (implements ``graph.backend.GraphWriter``).

    Removals apply at once; added quads are collected and written together by
    ``commit()`` (``Store.writer`` calls it): one Oxigraph ``extend`` in memory,
    ``bulk_extend`` into the private on-disk copy (``bulk=True``) in batches
    of ``FLUSH_AT`` quads, which is safe there because the copy only goes
    live when ``CURRENT`` moves.
    One write instead of one per file: on 763 files the per-call
    transactions took half the ingest time.
    """

    def __init__(self, db: ox.Store, *, bulk: bool = False):
        self.db = db
        self._bulk = bulk
        self._pending: list[ox.Quad] = []

    def put_graph(self, iri: str, quads: Iterable[ox.Quad | ox.Triple]) -> None:
        """Replace the named graph ``iri`` by ``quads`` (the ``GraphWriter`` interface).

        Triples are put into the graph; a quad of another graph raises
        ``StoreError``.  The old content goes at once, the new at ``commit()``.
        """
        g = ox.NamedNode(iri)
        batch = []
        for q in quads:
            if isinstance(q, ox.Triple):
                q = ox.Quad(q.subject, q.predicate, q.object, g)
            elif q.graph_name != g:
                raise StoreError(f"put_graph({iri}): quad in another graph {q.graph_name}")
            batch.append(q)
        self.db.remove_graph(g)
        self.add(batch)

    def drop_graph(self, iri: str) -> None:
        """Remove a named graph and all its quads (no error if absent)."""
        self.db.remove_graph(ox.NamedNode(iri))

    def match(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
              obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """Quads matching the pattern (``None`` = any), in the database being written."""
        return list(self.db.quads_for_pattern(subject, predicate, obj, graph))

    def remove_matching(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                        obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode) -> None:
        """Remove every quad of named graph ``graph`` that matches (``None`` = any term)."""
        for q in list(self.db.quads_for_pattern(subject, predicate, obj, graph)):
            self.db.remove(q)

    #: Queued quads past which a bulk writer writes them into its private copy
    #: early: bounds memory on a large ingest (10,000 notes queue ~3 M quads).
    FLUSH_AT = 100_000

    def add(self, quads: Iterable[ox.Quad]) -> None:
        """Queue quads for ``commit()`` (a bulk writer writes every ``FLUSH_AT`` quads)."""
        self._pending.extend(quads)
        if self._bulk and len(self._pending) >= self.FLUSH_AT:
            self.commit()

    def remove(self, quads: Iterable[ox.Quad]) -> None:
        """Remove individual quads."""
        for q in quads:
            self.db.remove(q)

    def commit(self) -> None:
        """Write the queued quads in one go."""
        if self._pending:
            (self.db.bulk_extend if self._bulk else self.db.extend)(self._pending)
            self._pending = []
