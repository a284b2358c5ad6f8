"""The derived index of a store: the facts the rules read and the rule answers, in SQLite.

Oxigraph is the canonical store (PROV-O, one named graph per file revision); reading a term from
it on disk costs ~10 µs, so whole-store questions (every claim, every citation) cannot read it at
query time.  The index holds the same facts as plain rows (``graph.facts``: one table per fact
kind, keyed by file revision) and the answers the rules give over them (tables the query layer
declares, ``AnswerTable``), so a command reads a few SQLite pages instead.

Layout and versions
-------------------
One file, ``<store>/index.sqlite`` (``INDEX_NAME``; WAL journal).  Databases of an embedded store
are numbered (``db-000012`` is 12) and only grow; every row says in which databases it is live:

* ``revision(rev, path, from_db, to_db)``: a file revision is live in databases ``from_db`` ≤ N <
  ``to_db`` (``to_db`` NULL: still live).  Fact rows (``claim``, ``citation``, …) belong to their
  revision and never change (a revision IRI names one content); the rows of a revision that is no
  longer live stay, so an old state can be read (``provkg diff``).
* answer tables (``AnswerTable``): ``from_db``/``to_db`` on every row, and a ``block`` (the work,
  figure or file a set of answers was computed for), so a write replaces the answers of some
  blocks and leaves the rest.
* ``dbs(db)``: the databases the index describes; ``meta``: the format, and ``answers_db``, the
  last database whose answers were computed (``Index.answers_current``).

A write (``Index.write``) runs inside the Oxigraph write (``graph.store.Store.writer``): one SQLite
transaction that first removes what a killed earlier write left (rows of databases after the live
one), then adds the new revisions' rows and closes the others, and commits before ``CURRENT``
moves.  A reader of database N filters by N, so it never sees a row of a write that is not live
yet, and a write killed after its commit (before ``CURRENT`` moved) is undone by the next one.
The file may be deleted at any time: ``provkg reindex`` builds it again from the RDF store.

Nothing here imports the query layer: the tables of answers, the facts read back from RDF and
the rules that fill the answers are handed in (``graph.loader.ingest_paths(derive=…)``).
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.errors import StoreError

from .facts import TABLES, decode_row, table_columns

__all__ = ["INDEX_NAME", "FORMAT", "AnswerTable", "Index", "IndexWrite", "IndexView", "database_number"]

#: The index file of an embedded store.
INDEX_NAME = "index.sqlite"
#: Bumped when the layout changes; an index of another format is not read (rebuilt by ``reindex``).
FORMAT = "provkg-index-4"

#: Columns of every fact table beside the row type's fields.
_FACT_INDEXES: dict[str, tuple[str, ...]] = {
    "claim": ("path",), "citation": ("arxiv_id", "path"), "work_named": ("arxiv_id",), "card_work": ("arxiv_id",),
    "manifest_item": ("manifest_id",), "source": ("path",),
}


def database_number(folder: str | os.PathLike[str] | None) -> int:
    """The number of a database folder (``db-000012`` -> 12); 0 for None or another name."""
    name = Path(folder).name if folder is not None else ""
    return int(name[3:]) if name.startswith("db-") and name[3:].isdigit() else 0


@dataclass(frozen=True)
class AnswerTable:
    """An answer table the query layer declares: its name, its columns (besides ``from_db``,
    ``to_db`` and ``block``) and the columns to index."""

    name: str
    columns: tuple[str, ...]
    indexes: tuple[str, ...] = ()


def _q(name: str) -> str:
    """A table or column name quoted as an SQL identifier (names come from code, never from data)."""
    return '"' + name.replace('"', '""') + '"'


class Index:
    """The SQLite file (or an in-memory database) of one store's derived index.

    Parameters
    ----------
    path : path or None
        The file; None for a private in-memory index (remote and in-memory stores, built from the
        RDF store for one process).
    readonly : bool
        Open for reading only (``mode=ro``); the file must exist.

    Raises
    ------
    sqlite3.Error
        The file cannot be opened (callers treat the index as missing).
    """

    def __init__(self, path: str | os.PathLike[str] | None, *, readonly: bool = False):
        self.path = Path(path) if path is not None else None
        if self.path is None:
            self.con = sqlite3.connect(":memory:", check_same_thread=False)
        elif readonly:
            self.con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        else:
            self.con = sqlite3.connect(str(self.path), check_same_thread=False, timeout=60)
            self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA synchronous=NORMAL")
        self.con.execute("PRAGMA cache_size=-65536")
        self.con.execute("PRAGMA temp_store=MEMORY")
        self.con.isolation_level = None  # transactions are explicit (BEGIN … COMMIT)
        self.readonly = readonly
        #: True inside a write into an empty index: secondary indexes are made at its end.
        self._bulk = False
        self._deferred: dict[str, AnswerTable] = {}

    def close(self) -> None:
        """Close the connection (the object is unusable after)."""
        with contextlib.suppress(sqlite3.Error):
            self.con.close()

    # -- schema -----------------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        """A ``meta`` value, or None (also when the index has no tables yet)."""
        try:
            row = self.con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row else None

    def valid(self) -> bool:
        """True when the file holds an index of this format."""
        return self.meta("format") == FORMAT

    def describes(self, db: int) -> bool:
        """True when the index holds database ``db`` (a write of it committed)."""
        try:
            return self.con.execute("SELECT 1 FROM dbs WHERE db = ?", (db,)).fetchone() is not None
        except sqlite3.Error:
            return False

    def answers_current(self, db: int) -> bool:
        """True when the answer tables were computed for database ``db``."""
        return self.meta("answers_db") == str(db) and self.describes(db)

    def create(self, *, indexes: bool = True) -> None:
        """Create the tables of the facts (``graph.facts.TABLES``) and the bookkeeping tables (with their
        indexes unless ``indexes`` is false: a write into an empty index creates them at its end,
        ``create_indexes``, which is cheaper than keeping them up to date row by row)."""
        c = self.con
        c.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
        c.execute("CREATE TABLE IF NOT EXISTS dbs(db INTEGER PRIMARY KEY)")
        c.execute("CREATE TABLE IF NOT EXISTS revision(rev TEXT PRIMARY KEY, path TEXT NOT NULL, "
                  "from_db INTEGER NOT NULL, to_db INTEGER)")
        c.execute("CREATE INDEX IF NOT EXISTS revision_path ON revision(path)")
        c.execute("CREATE INDEX IF NOT EXISTS revision_to ON revision(to_db) WHERE to_db IS NOT NULL")
        for name, cls in TABLES.items():
            cols = ", ".join(_q(n) for n, _j in table_columns(cls))
            c.execute(f"CREATE TABLE IF NOT EXISTS {_q(name)}(rev TEXT NOT NULL, {cols})")
        if indexes:
            self.create_indexes()
        c.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (FORMAT,))

    def create_indexes(self) -> None:
        """Create the secondary indexes of the fact tables (and of the answer tables) that do not exist."""
        c = self.con
        for name in TABLES:
            c.execute(f"CREATE INDEX IF NOT EXISTS {_q(name + '_rev')} ON {_q(name)}(rev)")
            for col in _FACT_INDEXES.get(name, ()):
                c.execute(f"CREATE INDEX IF NOT EXISTS {_q(name + '_' + col)} ON {_q(name)}({_q(col)})")
        for t in self._deferred.values():
            self._answer_indexes(t)
        self._deferred.clear()

    def create_answers(self, tables: Iterable[AnswerTable]) -> None:
        """Create answer tables (``AnswerTable``) that do not exist yet (their indexes at the end of a write
        into an empty index, ``create_indexes``)."""
        for t in tables:
            cols = ", ".join(_q(n) for n in t.columns)
            self.con.execute(f"CREATE TABLE IF NOT EXISTS {_q(t.name)}(from_db INTEGER NOT NULL, to_db INTEGER, "
                             f"block TEXT NOT NULL, {cols})")
            if self._bulk:
                self._deferred[t.name] = t
            else:
                self._answer_indexes(t)

    def _answer_indexes(self, t: AnswerTable) -> None:
        self.con.execute(f"CREATE INDEX IF NOT EXISTS {_q(t.name + '_block')} ON {_q(t.name)}(block)")
        self.con.execute(f"CREATE INDEX IF NOT EXISTS {_q(t.name + '_to')} ON {_q(t.name)}(to_db) "
                         "WHERE to_db IS NOT NULL")
        for col in t.indexes:
            self.con.execute(f"CREATE INDEX IF NOT EXISTS {_q(t.name + '_' + col)} ON {_q(t.name)}({_q(col)})")

    def answer_tables(self) -> list[str]:
        """Names of the answer tables the file holds."""
        rows = self.con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        facts = set(TABLES) | {"meta", "dbs", "revision"}
        return sorted(r[0] for r in rows if r[0] not in facts)

    # -- writing ----------------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self, db: int, base: int | None, *, fresh: bool = False) -> Iterator["IndexWrite"]:
        """One write of database ``db``, made from database ``base`` (None: a new store).

        Opens a transaction, first removing what a write that never went live left (rows of
        databases after ``base``; with ``fresh``, every row: the index is filled again), and
        commits when the block ends without error (else rolls back).  The caller commits it
        before the database goes live.

        Raises
        ------
        sqlite3.Error
            The index cannot be written.
        """
        c = self.con
        c.execute("BEGIN IMMEDIATE")
        try:
            empty = not c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'revision'").fetchone() \
                or not c.execute("SELECT 1 FROM revision LIMIT 1").fetchone()
            if fresh and not empty:  # dropped with the rows: made again once the rows are in
                for (name,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").fetchall():
                    c.execute(f"DROP INDEX {_q(name)}")
            self._bulk = empty or fresh
            self.create(indexes=not self._bulk)
            w = IndexWrite(self, db, base or 0)
            if fresh:
                w._clear()
            w._undo_after(base or 0)
            yield w
            if self._bulk:
                self.create_indexes()
                for t in self.answer_tables():  # answer tables a write made without declaring them deferred
                    c.execute(f"CREATE INDEX IF NOT EXISTS {_q(t + '_block')} ON {_q(t)}(block)")
            c.execute("INSERT OR REPLACE INTO dbs VALUES (?)", (db,))
            # Readers of older databases than the previous one are gone (their folder was removed).
            c.execute("DELETE FROM dbs WHERE db < ?", (min(base or 0, db - 1),))
            c.execute("COMMIT")
        except sqlite3.OperationalError as e:
            with contextlib.suppress(sqlite3.Error):
                c.execute("ROLLBACK")
            if "full" in str(e) or "I/O" in str(e):
                # a full disk is the user's to fix, not a bug: one line, exit 2 (the old index still answers)
                raise StoreError(f"{self.path}: cannot write the derived index: {e}") from None
            raise
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                c.execute("ROLLBACK")
            raise
        finally:
            self._bulk = False
            self._deferred.clear()

    # -- reading ----------------------------------------------------------------------------
    def view(self, db: int) -> "IndexView":
        """What database ``db`` holds, read from this index (see ``IndexView``)."""
        return IndexView(self, db)


def _live(alias: str = "r") -> str:
    """SQL condition: revision ``alias`` is live in the database bound as ``:db``."""
    return f"{alias}.from_db <= :db AND ({alias}.to_db IS NULL OR {alias}.to_db > :db)"


def _live_answer(alias: str) -> str:
    """SQL condition: answer row ``alias`` is live in the database bound as ``:db``."""
    return f"{alias}.from_db <= :db AND ({alias}.to_db IS NULL OR {alias}.to_db > :db)"


class IndexWrite:
    """The changes of one write (``Index.write``): revisions added and closed, answers replaced."""

    def __init__(self, index: Index, db: int, base: int):
        self.index = index
        self.con = index.con
        self.db = db
        self.base = base
        #: Paths whose live revision this write added or closed (what the answers must look at again).
        self.changed: set[str] = set()

    def _clear(self) -> None:
        """Remove every row (the index is filled again from the RDF store)."""
        for name in [*TABLES, "revision", "dbs", *self.index.answer_tables()]:
            self.con.execute(f"DELETE FROM {_q(name)}")
        self.con.execute("DELETE FROM meta WHERE key = 'answers_db'")

    def _undo_after(self, base: int) -> None:
        """Remove the rows of databases after ``base`` (a write that was killed before it went live).

        Such rows exist only when a write committed the index and never went live: its database
        is then in ``dbs`` (a write killed before its commit was rolled back by SQLite).
        """
        c = self.con
        top = c.execute("SELECT max(db) FROM dbs").fetchone()[0]
        if top is None or top <= base:
            return
        stale = [r[0] for r in c.execute("SELECT rev FROM revision WHERE from_db > ?", (base,))]
        for i in range(0, len(stale), 500):
            chunk = stale[i:i + 500]
            marks = ",".join("?" * len(chunk))
            for name in TABLES:
                c.execute(f"DELETE FROM {_q(name)} WHERE rev IN ({marks})", chunk)
        c.execute("DELETE FROM revision WHERE from_db > ?", (base,))
        c.execute("UPDATE revision SET to_db = NULL WHERE to_db > ?", (base,))
        for t in self.index.answer_tables():
            c.execute(f"DELETE FROM {_q(t)} WHERE from_db > ?", (base,))
            c.execute(f"UPDATE {_q(t)} SET to_db = NULL WHERE to_db > ?", (base,))
        c.execute("DELETE FROM dbs WHERE db > ?", (base,))
        if (self.index.meta("answers_db") or "0").isdigit() and int(self.index.meta("answers_db") or 0) > base:
            c.execute("DELETE FROM meta WHERE key = 'answers_db'")

    def add_revision(self, rev: str, path: str, rows: dict[str, list[tuple]]) -> None:
        """Make revision ``rev`` of ``path`` live from this database, with its fact rows
        (``graph.facts.record_rows``: ``{table: [encoded row, ...]}``)."""
        c = self.con
        c.execute("DELETE FROM revision WHERE rev = ?", (rev,))
        for name in TABLES:
            c.execute(f"DELETE FROM {_q(name)} WHERE rev = ?", (rev,))
        c.execute("INSERT INTO revision VALUES (?, ?, ?, NULL)", (rev, path, self.db))
        self.add_rows(rev, rows)
        self.changed.add(path)

    def add_rows(self, rev: str, rows: dict[str, list[tuple]]) -> None:
        """Insert fact rows of revision ``rev`` (no bookkeeping: ``add_revision`` does it)."""
        c = self.con
        for name, lst in rows.items():
            if lst:
                n = len(lst[0]) + 1
                c.executemany(f"INSERT INTO {_q(name)} VALUES ({','.join('?' * n)})", [(rev, *r) for r in lst])

    def add_many(self, revisions: list[tuple[str, str, dict[str, list[tuple]]]]) -> None:
        """``add_revision`` for many new revisions at once (a cold ingest): ``(rev, path, rows)``.

        The revisions must not be in the index yet (a write into a new store)."""
        c = self.con
        c.executemany("INSERT INTO revision VALUES (?, ?, ?, NULL)", [(r, p, self.db) for r, p, _ in revisions])
        per: dict[str, list[tuple]] = {}
        for rev, _p, rows in revisions:
            for name, lst in rows.items():
                if lst:
                    per.setdefault(name, []).extend((rev, *r) for r in lst)
        for name, lst in per.items():
            c.executemany(f"INSERT INTO {_q(name)} VALUES ({','.join('?' * len(lst[0]))})", lst)
        self.changed.update(p for _r, p, _ in revisions)

    def close_revision(self, rev: str) -> None:
        """Revision ``rev`` is no longer live from this database on (its file changed or was removed)."""
        row = self.con.execute("SELECT path FROM revision WHERE rev = ? AND to_db IS NULL", (rev,)).fetchone()
        if row is not None:
            self.con.execute("UPDATE revision SET to_db = ? WHERE rev = ? AND to_db IS NULL", (self.db, rev))
            self.changed.add(row[0])

    def set_meta(self, key: str, value: str) -> None:
        """Set a ``meta`` value inside this write."""
        self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def replace_answers(self, table: AnswerTable, blocks: Iterable[str] | None,
                        rows: Iterable[tuple[str, Sequence[object]]]) -> None:
        """Replace the answers of ``blocks`` (None: of every block) by ``rows`` (``(block, values)``).

        The old rows stay for readers of earlier databases (``to_db`` set to this write's).
        """
        c = self.con
        self.index.create_answers([table])
        t = _q(table.name)
        if blocks is None:
            c.execute(f"UPDATE {t} SET to_db = :db WHERE to_db IS NULL AND from_db < :db", {"db": self.db})
            c.execute(f"DELETE FROM {t} WHERE to_db IS NULL AND from_db = :db", {"db": self.db})
        else:
            bl = list(dict.fromkeys(blocks))
            for i in range(0, len(bl), 500):
                chunk = bl[i:i + 500]
                marks = ",".join("?" * len(chunk))
                c.execute(f"DELETE FROM {t} WHERE to_db IS NULL AND from_db = ? AND block IN ({marks})",
                          (self.db, *chunk))
                c.execute(f"UPDATE {t} SET to_db = ? WHERE to_db IS NULL AND block IN ({marks})", (self.db, *chunk))
        n = len(table.columns) + 3
        c.executemany(f"INSERT INTO {t} VALUES ({','.join('?' * n)})",
                      [(self.db, None, b, *vals) for b, vals in rows])

    def prune(self) -> None:
        """Drop answer rows no reader can see any more (closed before the previous database)."""
        for t in self.index.answer_tables():
            self.con.execute(f"DELETE FROM {_q(t)} WHERE to_db IS NOT NULL AND to_db <= ?", (self.base,))

    def view(self) -> "IndexView":
        """The state this write is making (database ``db``), for the rules that fill the answers."""
        return IndexView(self.index, self.db)


class IndexView:
    """One database's state, read from the index: fact rows of its live revisions, and answers.

    ``rows(table, paths=…)`` decodes rows to their ``graph.facts`` type; ``select`` runs SQL with
    ``:db`` bound (use ``live_revisions()`` and ``answers()`` to stay inside the state).
    """

    def __init__(self, index: Index, db: int):
        self.index = index
        self.con = index.con
        self.db = db

    def select(self, sql: str, params: dict[str, object] | None = None) -> list[tuple]:
        """Rows of ``sql`` with ``:db`` (and ``params``) bound."""
        return self.con.execute(sql, {"db": self.db, **(params or {})}).fetchall()

    def live_revisions(self) -> dict[str, str]:
        """``{path: revision IRI}`` of the revisions live in this database."""
        return dict(self.select(f"SELECT path, rev FROM revision r WHERE {_live()}"))

    def rows(self, table: str, *, paths: Iterable[str] | None = None, revisions: Iterable[str] | None = None,
             where: str = "", params: dict[str, object] | None = None) -> list:
        """The rows of fact table ``table`` (decoded), of the live revisions, or of ``paths`` only, or
        of the given ``revisions`` (live or not); ``where`` adds an SQL condition on the table (alias ``t``)."""
        cls = TABLES[table]
        cols = ", ".join("t." + _q(n) for n, _j in table_columns(cls))
        extra = f" AND ({where})" if where else ""
        if revisions is not None:
            revs = list(dict.fromkeys(revisions))
            out: list = []
            for i in range(0, len(revs), 500):
                chunk = revs[i:i + 500]
                marks = ",".join("?" * len(chunk))
                out += [decode_row(cls, r) for r in self.con.execute(
                    f"SELECT {cols} FROM {_q(table)} t WHERE t.rev IN ({marks}){extra}", chunk).fetchall()]
            return out
        if paths is None:
            sql = f"SELECT {cols} FROM {_q(table)} t JOIN revision r ON r.rev = t.rev WHERE {_live()}{extra}"
            return [decode_row(cls, r) for r in self.select(sql, params)]
        ps = list(dict.fromkeys(paths))
        out = []
        for i in range(0, len(ps), 500):
            chunk = {f"p{j}": p for j, p in enumerate(ps[i:i + 500])}
            marks = ",".join(":" + k for k in chunk)
            sql = (f"SELECT {cols} FROM {_q(table)} t JOIN revision r ON r.rev = t.rev "
                   f"WHERE {_live()} AND r.path IN ({marks}){extra}")
            out += [decode_row(cls, r) for r in self.select(sql, {**chunk, **(params or {})})]
        return out

    def answers(self, table: str, columns: Sequence[str], *, where: str = "",
                params: dict[str, object] | None = None, order: str = "") -> list[tuple]:
        """``columns`` of the live rows of answer table ``table`` (``where``/``order`` on alias ``a``)."""
        cols = ", ".join("a." + _q(c) for c in columns)
        sql = f"SELECT {cols} FROM {_q(table)} a WHERE {_live_answer('a')}"
        if where:
            sql += f" AND ({where})"
        if order:
            sql += f" ORDER BY {order}"
        return self.select(sql, params)

    def json_answers(self, table: str, column: str = "doc", **kw: object) -> list:
        """The JSON documents in ``column`` of the live rows of answer table ``table``, decoded."""
        return [json.loads(r[0]) for r in self.answers(table, [column], **kw)]  # type: ignore[arg-type]
