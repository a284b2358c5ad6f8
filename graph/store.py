"""The store: an embedded Oxigraph dataset on disk, written atomically.

This is the default backend of ``graph.backend.Backend``; ``graph.remote``
is the other (a SPARQL 1.1 server).  ``graph.backend.open_store`` picks one.

Layout of a store folder (default ``.provkg/``)::

    .provkg/provkg-store       marks the folder as a provkg store (``MARKER_NAME``)
    .provkg/provkg-databases   the database folders provkg made here, by name (``REGISTRY_NAME``)
    .provkg/CURRENT            name of the live database folder (one line)
    .provkg/db-000003/         the Oxigraph (RocksDB) database
    .provkg/db-000003/provkg-readers   held (shared flock) by every process reading it
    .provkg/lock               held (fcntl.flock) by the one process writing

A write (``Store.writer()``) takes the lock (``Store.lock``: it waits for another writer), makes an
Oxigraph ``backup`` of the live database into a new folder (a RocksDB checkpoint: hard links, a few
milliseconds), applies every change there and only then, once it checked that ``CURRENT`` still
names the database it copied, points ``CURRENT`` at it with ``os.replace``.  A failed or killed write
leaves ``CURRENT`` on the old database, intact (PITFALLS P14).  Old databases are then removed, but
only those provkg recorded and no reader holds (``Store._remove_unused``); a folder that is not a
store is never written (``Store._claim_folder``).  ``Store(None)`` is an in-memory store for tests,
written in place.

Large writes (issue 5): the writer loads N-Quads text in batches in background
threads while the caller goes on (``Writer``), and a write that loaded several
batches compacts the copy (``pyoxigraph.Store.optimize``) before ``CURRENT``
moves, so the next small writes do not pay for it.  An ingest may leave
``known-revisions.marshal`` beside the databases (``SIDECAR_NAME``), naming
the database it describes, and an ingest that wrote nothing leaves
``last-ingest.json`` (``graph.loader.NOOP_NAME``), naming the database it read.

Write generations (derived-data caches): every database folder a write makes holds a small file,
``provkg-generation`` (``GENERATION_NAME``), with the store's *write generation*: 16 hex digits
that stay the same across ingests and change at every other write.  An ingest writes the graph of
a revision IRI once, from the file content that IRI names, so rows derived from a revision's graph
may be kept by revision IRI across databases (``graph.validate``'s results per revision).  The derived
index (``graph.index``) is written by the ingest itself and rebuilt after any other write.  A raw write (``provkg import``, with or without
``--replace``, or any other ``Store.writer()`` block that is not an ingest) may change any graph
under its old IRI; it gets a new generation, and the caches put the generation in their keys, so
after it every such cache starts cold and no entry made before it can ever match again.  A write
is an ingest when the loader marked its writer (``Writer.keeps_revisions``); an ingest inherits the
generation of the database it copied.  The file is written into the new folder before ``CURRENT`` moves, so
a database and its generation go live together; a folder without a readable file (made by an
older provkg, or the file was lost) gets a key of its own (``database_generation``) that no other
database shares: its caches start cold, never stale.

Queries are SPARQL 1.1 over the union of the named graphs
(``use_default_graph_as_union=True``; PITFALLS P9).  Values are bound as
pyoxigraph terms, substituted by the engine (SPARQL-dev SEP-0007), or where it
cannot, in a trailing ``VALUES`` clause (their ``str()`` is the N-Triples form,
escaped by the library), never by formatting user text into the query (P7).
"""
from __future__ import annotations

import contextlib
import errno
import gc
import os
import re
import shutil
import stat
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pyoxigraph as ox

from ingest.errors import QueryError, StoreError, StoreLockedError, StoreMovedError
from ingest.lazyre import compile_lazy

__all__ = ["Store", "Writer", "with_values", "to_python", "as_term", "literal_value", "canonical_term", "decimal_text", "order_rows", "query_form",
           "SelectResult", "refuse_federated", "values_clause", "default_store_path", "SIDECAR_NAME", "GENERATION_NAME",
           "MARKER_NAME", "REGISTRY_NAME", "READERS_NAME", "LOCK_TIMEOUT", "ANY_BASE", "database_generation"]


#: The side file ``<store>/known-revisions.marshal`` where an ingest leaves, for the next one, what the
#: database it wrote holds (its live revisions, ``graph.loader.known_revisions``).  It is written inside
#: the write, before ``CURRENT`` moves (``Writer.sidecar``), and names its database folder: after any
#: other write it names a folder that is no longer live and is ignored.  A failed write removes it.
SIDECAR_NAME = "known-revisions.marshal"

#: The file ``<store>/FIRST-WRITE`` naming the database folder the first write into a store is making;
#: removed once ``CURRENT`` names it.  When the write is killed (SIGKILL, power loss: nothing runs to
#: clean up) the next write finds it without a ``CURRENT`` and removes that folder, instead of taking
#: it for a store whose pointer was lost.
FIRST_WRITE_NAME = "FIRST-WRITE"

#: The file in each database folder holding the store's write generation (module docstring).  RocksDB
#: leaves files it does not name alone; an Oxigraph ``backup`` does not copy it (``Store.writer``
#: writes it into every new folder).
GENERATION_NAME = "provkg-generation"
_GENERATION = compile_lazy(r"[0-9a-f]{16}")

#: The file ``<store>/provkg-store`` that marks a folder as a provkg store: a write goes only into a
#: folder holding it, a new or empty folder (which gets it), or a store made by a provkg from before it
#: (adopted, ``Store._claim_folder``).  Any other folder is refused: provkg deletes only what it made.
MARKER_NAME = "provkg-store"
_MARKER_TEXT = b"provkg store 1\n"

#: The file ``<store>/provkg-databases`` listing, one name a line, the database folders provkg made
#: here.  A name is recorded before its folder is created; only recorded folders are ever removed.
REGISTRY_NAME = "provkg-databases"

#: The file in each database folder that readers hold with a shared ``flock`` while they read it
#: (``Store.db``); a write removes an old database only when it can take it exclusively.
READERS_NAME = "provkg-readers"
#: What a store folder written by a provkg from before the marker holds (databases, their pointer, the
#: lock, caches and side files); a folder holding anything else is not adopted (``Store._claim_folder``).
_OLD_STORE_ENTRY = compile_lazy(r"^(?:db-[\w.-]+|CURRENT|FIRST-WRITE|lock|provkg-[\w.-]+|index\.sqlite(?:-wal|-shm|-journal)?|"
                              r"known-revisions\.marshal|last-ingest\.json|snapshot-cache|validate-cache|[\w.-]+\.tmp)$")

#: The temporary files of the marker and registry being written (``graph.atomic.write_atomic``): another
#: first write claiming the same new folder, or one killed while it did (``Store._claim_folder``).
_CLAIM_TMP = compile_lazy(r"^\.provkg-[\w-]+\.[\w]+\.tmp$")

#: Seconds a write waits for another process's write to finish before it gives up (``Store.lock``;
#: ``$PROVKG_LOCK_TIMEOUT`` overrides).
LOCK_TIMEOUT = 600.0


def lock_wait_seconds(lock_timeout: float | None) -> float:
    """Seconds a writer waits for another one: ``lock_timeout`` when given, else ``$PROVKG_LOCK_TIMEOUT``,
    else ``LOCK_TIMEOUT``.  Raises ``StoreError`` when the variable is not a number of seconds."""
    if lock_timeout is not None:
        return max(0.0, float(lock_timeout))
    raw = os.environ.get("PROVKG_LOCK_TIMEOUT")
    if raw:
        try:
            return max(0.0, float(raw))
        except ValueError:
            raise StoreError(f"PROVKG_LOCK_TIMEOUT={raw!r} is not a number of seconds") from None
    return LOCK_TIMEOUT

#: ``Store.writer(expect=…)`` default: any live database will do.
ANY_BASE = object()


#: Lock files this process holds (the write lock, readers' registrations), descriptor -> the (device,
#: inode) of the file it was opened on.  A forked child (a pool worker) shares their open descriptions:
#: ``_drop_locks_in_child`` points its copies at /dev/null, so that the locks end with this process, not
#: with the last of its children (a worker of an ingest killed with SIGKILL lives on for up to half a
#: second).
_HELD: dict[int, tuple[int, int]] = {}


def _hold(fh: object) -> None:
    """Record the open lock file ``fh`` in ``_HELD``."""
    fd = fh.fileno()  # type: ignore[attr-defined]
    try:
        st = os.fstat(fd)
    except OSError:
        return
    _HELD[fd] = (st.st_dev, st.st_ino)


def _release(fh: object) -> None:
    """Forget the lock file ``fh`` (before it is closed)."""
    with contextlib.suppress(ValueError, OSError):
        _HELD.pop(fh.fileno(), None)  # type: ignore[attr-defined]


def _drop_locks_in_child() -> None:
    """In a forked child: let go of the parent's lock files (``_HELD``) without unlocking them.

    Only a descriptor that still refers to the file it was recorded for: a registration whose file was
    closed without ``_release`` (a ``Store`` dropped without ``close``, its reader file collected) left
    its number behind, and the number may now be another file's, such as the pipe of a process pool
    (pointed at /dev/null, the workers read end-of-file and the pool broke: a whole-suite run).
    """
    if not _HELD:
        return
    try:
        null = os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return
    for fd, ident in list(_HELD.items()):
        with contextlib.suppress(OSError):
            st = os.fstat(fd)
            if (st.st_dev, st.st_ino) == ident:
                os.dup2(null, fd)
    _HELD.clear()
    os.close(null)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_locks_in_child)


def _mode(p: Path) -> str | None:
    """``None`` when nothing is at ``p``, ``"dir"`` for a folder, ``"other"`` for anything else.

    One ``stat`` answers both questions: asked as two (``is_dir()``, then ``exists()``), a store folder
    that a failed first write took away and another write made again between them was read as a file.
    Raises ``OSError`` for a folder on the way that cannot be read.
    """
    try:
        st = p.stat()
    except (FileNotFoundError, NotADirectoryError):  # (what ``Path.exists`` reads as "nothing there")
        return None
    return "dir" if stat.S_ISDIR(st.st_mode) else "other"


def _empty_file(path: Path) -> bool:
    """True when ``path`` is an empty regular file (a lock file provkg made: it never writes into it)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return st.st_size == 0 and stat.S_ISREG(st.st_mode)


def _one_line(e: BaseException) -> str:
    """An exception's message as one line (RocksDB's carry newlines and doubled prefixes)."""
    text = " ".join(str(e).split()) or type(e).__name__
    return text.replace("Corruption: Corruption:", "Corruption:")[:400]


def _fsync_dir(path: Path) -> None:
    """``fsync`` a folder, so that a rename in it survives a power cut.  Raises ``OSError``."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def database_generation(database: os.PathLike[str] | str) -> str:
    """The write generation of a database folder: the key part caches of derived data share.

    Parameters
    ----------
    database : path
        A database folder (``db-NNNNNN``) of an embedded store.

    Returns
    -------
    str
        The 16 hex digits of its ``GENERATION_NAME`` file: the same for every database that
        ingests made from one raw write (or from the first write) on, new at every raw write
        (module docstring).  When the file is missing or unreadable (a folder made by an older
        provkg), ``"u<folder number>i<inode>"``: a key no other database has, so caches keyed by
        it are never shared with another database.  Never raises.
    """
    d = Path(database)
    try:
        text = (d / GENERATION_NAME).read_text("ascii").strip()
        if _GENERATION.fullmatch(text):
            return text
    except (OSError, UnicodeDecodeError):
        pass
    try:
        ino = d.stat().st_ino
    except OSError:
        ino = 0
    return f"u{''.join(c for c in d.name if c.isalnum())}i{ino}"


def default_store_path() -> str:
    """``$PROVKG_STORE`` or ``.provkg`` in the current directory."""
    return os.environ.get("PROVKG_STORE") or ".provkg"


_XSD = "http://www.w3.org/2001/XMLSchema#"
#: xsd:integer and every type derived from it (XSD 1.1 Part 2 §3.4.13-3.4.25)
_INTEGER_TYPES = frozenset(_XSD + t for t in (
    "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger",
    "negativeInteger", "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte"))
_FLOAT_TYPES = frozenset(_XSD + t for t in ("double", "float", "decimal"))
_BOOLEAN = _XSD + "boolean"
_DECIMAL = _XSD + "decimal"
_DOUBLE = _XSD + "double"
_XSD_BOOLEAN_NODE = ox.NamedNode(_BOOLEAN)
_XSD_INTEGER_NODE = ox.NamedNode(_XSD + "integer")


def _boolean(lexical: str) -> bool | None:
    """An ``xsd:boolean`` lexical form's value: ``true``/``1`` or ``false``/``0`` (XSD 1.1 §3.3.2.1), else None."""
    v = lexical.strip()
    if v in ("true", "1"):
        return True
    if v in ("false", "0"):
        return False
    return None


def literal_value(lexical: str, datatype: str) -> object:
    """An RDF literal's Python value from its lexical form and datatype IRI (RDF 1.1 §3.3, XSD 1.1).

    Every lexical form XSD allows is read: ``xsd:integer`` and the types derived from it
    (``int``, ``long``, ``nonNegativeInteger`` ...; ``"+05"``) -> int; ``xsd:double``,
    ``float`` and ``decimal`` (``"1.0E2"``, ``"INF"``, ``"NaN"``) -> float; ``xsd:boolean``
    ``true``/``1``/``false``/``0`` -> bool (Virtuoso writes ``"1"``).  Anything else, or a
    malformed lexical form, stays a str.
    """
    if datatype in _INTEGER_TYPES:
        try:
            return int(lexical)
        except ValueError:
            return lexical
    if datatype in _FLOAT_TYPES:
        try:
            return float(lexical)
        except ValueError:
            return lexical
    if datatype == _BOOLEAN:
        b = _boolean(lexical)
        return lexical if b is None else b
    return lexical


def decimal_text(lexical: str) -> str:
    """The canonical ``xsd:decimal`` form of a number's lexical form (XSD 1.1 Part 2 §3.3.3.2): ``76``, ``5.94``, ``-0.5``.

    No exponent, no leading ``+`` or zeros, no trailing zeros, no point for a whole number (the form
    Oxigraph stores and writes).
    Raises ``ValueError`` for text that is no finite number.
    """
    from decimal import Decimal, InvalidOperation

    try:
        d = Decimal(lexical.strip())
    except InvalidOperation:
        raise ValueError(f"not a number: {lexical!r}") from None
    if not d.is_finite():
        raise ValueError(f"not a finite number: {lexical!r}")
    text = format(d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text.startswith("-") and text.strip("-0.") == "":
        text = text[1:]
    return text


def canonical_term(term: object) -> object:
    """A term with a literal in its canonical lexical form, where servers differ (XSD 1.1 §3.3.2.2, §3.4.13.2).

    ``xsd:boolean`` ``"1"``/``"0"`` (Virtuoso's) become ``"true"``/``"false"``; an integer-typed
    literal written ``"+05"`` becomes ``"5"``; an ``xsd:decimal`` takes ``decimal_text``'s form
    (``"76.0"`` -> ``"76"``) and an ``xsd:double`` Python's shortest round-trip form (Jena's
    ``"7.6E1"`` -> ``"76.0"``).  provkg writes only canonical forms, so its own data
    reads back as it was written from every server.  Other terms (and malformed literals) pass unchanged.
    """
    if isinstance(term, ox.Literal):
        dt = term.datatype
        if dt is not None:
            if dt.value == _BOOLEAN:
                b = _boolean(term.value)
                if b is not None and term.value != ("true" if b else "false"):
                    return ox.Literal("true" if b else "false", datatype=dt)
            elif dt.value in _INTEGER_TYPES:
                try:
                    n = int(term.value)
                except ValueError:
                    return term
                if str(n) != term.value:
                    return ox.Literal(str(n), datatype=dt)
            elif dt.value == _DECIMAL:
                try:
                    text = decimal_text(term.value)
                except ValueError:
                    return term
                if text != term.value:
                    return ox.Literal(text, datatype=dt)
            elif dt.value == _DOUBLE:
                try:
                    f = float(term.value)
                except ValueError:
                    return term
                text = repr(f) if f == f and f not in (float("inf"), float("-inf")) else \
                    {"inf": "INF", "-inf": "-INF"}.get(repr(f), "NaN")
                if text != term.value:
                    return ox.Literal(text, datatype=dt)
    return term


def to_python(term: object) -> object:
    """A pyoxigraph term as a Python value: IRIs -> str, typed literals -> int/float/bool/str (``literal_value``)."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return term.value
    if isinstance(term, ox.Literal):
        return literal_value(term.value, term.datatype.value if term.datatype else "")
    if isinstance(term, ox.BlankNode):
        return "_:" + term.value
    return str(term)


_ORDER_BY = compile_lazy(r"ORDER\s+BY((?:\s+\?[A-Za-z_][A-Za-z0-9_]*)+)\s*$", re.IGNORECASE)
_COMMENT = compile_lazy(r"#[^\n\"'<>]*$", re.MULTILINE)


def _sort_key(term: object) -> tuple:
    """SPARQL 1.1 §15.1 order of terms: unbound, blank nodes, IRIs, literals (numbers by value, then by
    lexical form; strings by code point, as Oxigraph and Python compare them)."""
    if term is None:
        return (0, 0, "")
    if isinstance(term, ox.BlankNode):
        return (1, 0, term.value)
    if isinstance(term, ox.NamedNode):
        return (2, 0, term.value)
    if isinstance(term, ox.Literal):
        dt = term.datatype.value if term.datatype is not None else ""
        if dt in _INTEGER_TYPES or dt in _FLOAT_TYPES:
            try:
                return (3, 0, float(term.value), term.value)
            except ValueError:
                pass
        return (3, 1, term.value, term.language or "", dt)
    if isinstance(term, (int, float)) and not isinstance(term, bool):
        return (3, 0, float(term), str(term))
    return (3, 1, str(term), "", "")


def order_rows(query: str, rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """``rows`` sorted by the plain ``ORDER BY ?a ?b …`` that ends ``query`` (if it ends so), by provkg.

    Servers order the same rows differently (collations, ties), so the order of an answer is
    never taken from the server: the shipped queries that need one end with ``ORDER BY`` of
    variables, and both backends sort their rows here (Python's sort is stable and compares
    strings by code point, as Oxigraph does).  A query without such a clause comes back as
    the backend gave it.  Values may be terms or Python values (``to_python``).
    """
    m = _ORDER_BY.search(_COMMENT.sub("", query).rstrip())
    if not m or not rows:
        return rows
    keys = [v.strip()[1:] for v in m.group(1).split()]
    return sorted(rows, key=lambda r: tuple(_sort_key(r.get(k)) for k in keys))


_FORM_RE = compile_lazy(r"\b(SELECT|ASK|CONSTRUCT|DESCRIBE)\b", re.IGNORECASE)
#: strings (long and short, either quote), IRIs and comments: where a keyword does not count
_NOT_KEYWORDS = compile_lazy(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\''
                           r'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|<[^<>"{}|^`\\\s]*>|#[^\n]*')


_NOT_KEYWORDS_OR_BRACE = compile_lazy(_NOT_KEYWORDS.pattern + r"|\{")


def query_form(query: str) -> str:
    """``"SELECT"``, ``"ASK"``, ``"CONSTRUCT"`` or ``"DESCRIBE"``: the form of a SPARQL query (SPARQL 1.1 §16).

    The first of those keywords outside strings, IRIs and comments (a ``PREFIX`` IRI or a
    literal ``"ASK"`` never counts).  Raises ``QueryError`` when there is none (an update, or
    text that is not a query).
    """
    m = _FORM_RE.search(_NOT_KEYWORDS.sub(" ", query))
    if m is None:
        raise QueryError("not a SPARQL query: no SELECT, ASK, CONSTRUCT or DESCRIBE")
    return m.group(1).upper()


class SelectResult:
    """The answer of a SELECT from any backend: ``variables`` (names, in order) and ``rows`` (dicts of terms).

    Iterating gives the rows; ``len()`` their number.
    """

    __slots__ = ("variables", "rows")

    def __init__(self, variables: list[str], rows: list[dict[str, object]]):
        self.variables = list(variables)
        self.rows = rows

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


_SERVICE = compile_lazy(r"\bSERVICE\b", re.IGNORECASE)

#: Brackets a query may nest: Oxigraph's SPARQL parser recurses once per level and overflowed its stack
#: (a segmentation fault, no message at all) at ~3,000 nested braces or ~6,000 parentheses (issue 23).
MAX_QUERY_NESTING = 256
#: The tokens of a query that can hold a bracket that is not one (strings, IRIs, comments), the
#: brackets, and runs of anything else (SPARQL 1.1 §19.8 terminals, simplified: one pass, no backtracking).
_QUERY_TOKENS = compile_lazy(
    r'"""(?:[^"\\]|\\.|"(?!""))*+"""'
    r"|'''(?:[^'\\]|\\.|'(?!''))*+'''"
    r'|"(?:[^"\\\n]|\\.)*+"'
    r"|'(?:[^'\\\n]|\\.)*+'"
    r'|<[^<>"{}|^`\\\x00-\x20]*+>'
    r"|#[^\n]*+"
    r"|(?P<open>[(\[{])|(?P<close>[)\]}])"
    r"""|[^"'<#()\[\]{}]++|.""",
    re.DOTALL)


def query_nesting(query: str) -> int:
    """How deep the brackets ``( [ {`` of a SPARQL text nest, outside strings, IRIs and comments (one pass)."""
    depth = best = 0
    for m in _QUERY_TOKENS.finditer(query):
        if m.group("open") is not None:
            depth += 1
            best = max(best, depth)
        elif m.group("close") is not None:
            depth = max(0, depth - 1)
    return best


def refuse_federated(query: str) -> None:
    """Refuse federated queries (provkg never goes to the network at run time) and queries nested deeper
    than ``MAX_QUERY_NESTING`` (the parser would overflow its stack).  Raises ``QueryError``."""
    if _SERVICE.search(query):
        raise QueryError("SERVICE (federated query) is not allowed: provkg works offline on its own store")
    if "(" in query or "{" in query or "[" in query:
        depth = query_nesting(query)
        if depth > MAX_QUERY_NESTING:
            raise QueryError(f"the query nests brackets {depth} deep; provkg reads queries up to "
                             f"{MAX_QUERY_NESTING} levels deep")


def as_term(v: object) -> ox.NamedNode | ox.Literal:
    """A value to bind as a pyoxigraph term: ``NamedNode``/``Literal`` as they are; ``bool`` as
    ``xsd:boolean``, ``int`` as ``xsd:integer``, anything else as its ``str`` (``xsd:string``).
    ``str()`` of the result is its N-Triples form, escaped by pyoxigraph (RDF 1.1 N-Triples)."""
    if isinstance(v, (ox.NamedNode, ox.Literal)):
        return v
    if isinstance(v, bool):
        return ox.Literal("true" if v else "false", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#boolean"))
    if isinstance(v, int):
        return ox.Literal(str(v), datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer"))
    return ox.Literal(str(v))


def values_clause(bindings: dict[str, object]) -> str:
    """A trailing ``VALUES`` row binding ``bindings`` (their N-Triples forms, escaped by pyoxigraph)."""
    names = list(bindings)
    cells = [str(as_term(bindings[n])) for n in names]  # N-Triples form, escaped by pyoxigraph
    return "\nVALUES (" + " ".join("?" + n for n in names) + ") { (" + " ".join(cells) + ") }"


def with_values(query: str, bindings: dict[str, object]) -> str:
    """``query`` with ``bindings`` as one ``VALUES`` row at the start of its WHERE group (SPARQL 1.1 §10.2.1).

    What the remote backend sends: the same solutions as the embedded store's substitution (the
    values are in place before any grouping), in a form every server evaluates (Virtuoso 7 fails a
    trailing ``VALUES`` whose variable is not projected: ``SQ200: No column t``).  The cells are
    pyoxigraph terms in N-Triples form (P7).  The first ``{`` outside strings, IRIs and comments
    opens the WHERE group; a query without one gets the trailing ``VALUES``.
    """
    if not bindings:
        return query
    pos = 0
    for m in _NOT_KEYWORDS_OR_BRACE.finditer(query):
        if m.group(0) == "{":
            pos = m.end()
            break
    clause = values_clause(bindings)
    if not pos:
        return query + clause
    return query[:pos] + clause + "\n" + query[pos:]


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

    def __init__(self, path: str | os.PathLike[str] | None = None, *, lock_timeout: float | None = None):
        self.path = Path(path) if path is not None else None
        self._db: ox.Store | None = None
        self._opened: Path | None = None  # the database folder ``_db`` reads
        #: Writes made through ``writer()`` (an in-memory store's state changes with each).
        self.writes = 0
        self._reading: object | None = None  # the open reader file of ``_opened`` (``READERS_NAME``)
        self._lock_file: object | None = None  # the open write lock while ``lock()`` holds it
        self._lock_depth = 0
        #: Seconds a write waits for another process's write to finish (``lock``); None:
        #: ``$PROVKG_LOCK_TIMEOUT`` or ``LOCK_TIMEOUT``.
        self.lock_timeout = lock_timeout
        #: Called once when a write has to wait for another one (the CLI prints one line).
        self.on_lock_wait: Callable[[], None] | None = None
        if self.path is None:
            self._db = ox.Store()

    # -- opening ---------------------------------------------------------
    def _current_dir(self) -> Path | None:
        assert self.path is not None
        cur = self.path / "CURRENT"
        try:
            name = cur.read_text("utf-8").strip()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as e:
            raise StoreError(f"{cur}: cannot read: {getattr(e, 'strerror', None) or e}") from None
        d = self.path / name
        if not name.startswith("db-") or "/" in name or not d.is_dir():
            raise StoreError(f"{self.path}: CURRENT names {name!r}, which is not a database folder")
        return d

    def current_database(self) -> Path | None:
        """The database folder ``CURRENT`` names now, without opening it (None in memory or before
        the first write).  Raises ``StoreError`` when ``CURRENT`` names no database folder."""
        return None if self.path is None else self._current_dir()

    @property
    def db(self) -> ox.Store:
        """The live pyoxigraph ``Store`` (opened lazily; empty if none yet).

        The database folder is registered as read (``READERS_NAME``) for as long as this handle
        keeps it open (until ``close``): a write that finishes meanwhile leaves it in place, so a
        query running across any write finishes with the answer of the database it began on.

        Raises
        ------
        StoreError
            The store folder is not a folder, its ``CURRENT`` is unreadable or names no
            database, or Oxigraph cannot open the database (a file of it is missing or damaged).
        """
        if self._db is None:
            assert self.path is not None
            if _mode(self.path) not in (None, "dir"):
                raise StoreError(f"{self.path}: not a folder")
            d, reading = self._register_reader()
            try:
                # Reads never write: the live database is opened read-only (readers may share it);
                # writes go through ``writer()`` into a fresh copy.
                self._db = ox.Store() if d is None else ox.Store.read_only(str(d))
                self._opened = d
                self._reading = reading
            except (OSError, RuntimeError) as e:
                if reading is not None:
                    _release(reading)
                    reading.close()
                raise StoreError(f"{d}: cannot open the database: {_one_line(e)}") from None
        return self._db

    def _register_reader(self) -> tuple[Path | None, object | None]:
        """The live database folder, held for reading: ``(folder, open reader file)``.

        Takes a shared ``flock`` on the folder's ``READERS_NAME`` file, then checks that
        ``CURRENT`` still names the folder (a write that moved it meanwhile may be removing
        it): else lets go and tries the new one.  A folder whose reader file cannot be opened
        (a read-only store, a database made by an older provkg on a read-only disk) is read
        unregistered.  ``(None, None)`` before the first write.
        """
        import fcntl

        for _ in range(100):
            d = self._current_dir()
            if d is None:
                return None, None
            try:
                try:
                    fh = open(d / READERS_NAME, "rb")
                except FileNotFoundError:  # a database made by an older provkg: give it the file
                    fh = open(d / READERS_NAME, "a+b")
            except OSError:
                if self._current_dir() == d:
                    return d, None  # cannot register (read-only): read it as it is
                continue
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:  # a write is removing this folder (it moved CURRENT away): look again
                fh.close()
                time.sleep(0.01)
                continue
            if self._current_dir() == d:
                _hold(fh)
                return d, fh
            fh.close()
        raise StoreError(f"{self.path}: the live database changed 100 times while it was being opened")

    @property
    def database_dir(self) -> Path | None:
        """The database folder the live handle reads (opening it if needed).

        None in memory or before the first ingest.  Each write makes a new folder
        (``db-NNNNNN``), so this names one immutable database: a key for caches of
        what was read from it, safe even when an ingest swaps ``CURRENT`` meanwhile.
        """
        self.db
        return self._opened

    @property
    def write_generation(self) -> str | None:
        """The write generation of the database the live handle reads (``database_generation``).

        None in memory or before the first write.  Caches of rows derived from revision graphs put
        it in their keys (``graph.validate``): it changes at every write
        that is not an ingest (module docstring).
        """
        d = self.database_dir
        return None if d is None else database_generation(d)

    def close(self) -> None:
        """Release the database handle and its reader registration (reopened lazily on next use)."""
        if self.path is None:
            return
        self._db = None
        self._opened = None
        reading, self._reading = self._reading, None
        if reading is not None:
            _release(reading)
            with contextlib.suppress(OSError):
                reading.close()

    def exists(self) -> bool:
        """True when the store holds an ingested database (always True in memory)."""
        return self.path is None or (self.path / "CURRENT").exists()

    # -- reading ---------------------------------------------------------
    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Run a SPARQL SELECT; return rows as dicts of Python values.

        ``bindings`` are substituted by the engine (``_run``; a trailing ``VALUES``
        row, one solution, where it cannot).  Unbound variables are ``None``.  Raises ``QueryError`` for invalid SPARQL.
        """
        return self._rows(query, bindings, to_python)

    def select_terms(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Like ``select`` but keeps pyoxigraph terms."""
        return self._rows(query, bindings, None)

    def _rows(self, query: str, bindings: dict[str, object], convert: Callable[[object], object] | None
              ) -> list[dict[str, object]]:
        """The solutions of SELECT ``query`` as dicts, each value through ``convert`` (None: terms as they are).

        A solution is read as one tuple (its values in variable order, unbound ``None``), not one
        lookup per variable: at 10,000 notes that halves the Python side of reading a whole-store
        part (claim facets 2.4 -> 1.8 s, of which Oxigraph's evaluation is 1.3 s).
        """
        refuse_federated(query)
        try:
            res = self._run(query, bindings)
            if not isinstance(res, ox.QuerySolutions):
                raise QueryError("not a SELECT query")
            names = [v.value for v in res.variables]
            if convert is None:
                return order_rows(query, [dict(zip(names, row)) for row in res])
            return order_rows(query, [{n: convert(v) for n, v in zip(names, row)} for row in res])
        except SyntaxError as e:
            raise QueryError(f"invalid SPARQL: {e}") from None
        except (OSError, RuntimeError, ValueError) as e:
            raise QueryError(f"query failed: {e}") from None

    def _run(self, query: str, bindings: dict[str, object]) -> object:
        """``query`` with ``bindings`` substituted by Oxigraph (SPARQL-dev SEP-0007 ``substitutions``).

        The engine then plans with the values in place: a lookup bound to one
        work or revision reads a few index entries (10,000 notes: ~2 ms) where
        the same query with a trailing ``VALUES`` row scanned every claim first
        (0.5-20 s).  A query whose projection leaves out a bound variable cannot
        be substituted (Oxigraph refuses it) and gets the trailing ``VALUES`` row,
        the form every backend understands.
        """
        if not bindings:
            return self.db.query(query, use_default_graph_as_union=True)
        try:
            return self.db.query(query, use_default_graph_as_union=True,
                                 substitutions={ox.Variable(n): as_term(v) for n, v in bindings.items()})
        except RuntimeError as e:
            if "projection" not in str(e):
                raise
        return self.db.query(query + values_clause(bindings), use_default_graph_as_union=True)

    def raw_query(self, query: str) -> object:
        """Run any SPARQL query: ``SelectResult`` (SELECT), ``bool`` (ASK) or a list of ``Triple``
        (CONSTRUCT, DESCRIBE), the same types as ``RemoteStore.raw_query``.

        Rows of a SELECT ending in ``ORDER BY`` are sorted by provkg (``order_rows``).
        Raises ``QueryError`` for invalid SPARQL or a failing evaluation.
        """
        refuse_federated(query)
        try:
            res = self.db.query(query, use_default_graph_as_union=True)
            if isinstance(res, ox.QueryBoolean):
                return bool(res)
            if isinstance(res, ox.QuerySolutions):
                names = [v.value for v in res.variables]
                return SelectResult(names, order_rows(query, [dict(zip(names, row)) for row in res]))
            return list(res)
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

    # -- the store folder ------------------------------------------------
    def live_database(self) -> str | None:
        """The name of the database folder ``CURRENT`` names now (None: no database yet, or in memory).

        Unlike ``database_dir`` this opens nothing: it is what a write compares with the database an
        ingest read (``graph.loader``), to know whether another write came in between.
        """
        if self.path is None:
            return None
        d = self._current_dir()
        return None if d is None else d.name

    def _claim_folder(self, *, checking: bool = False) -> bool:
        """Make sure the store folder is provkg's before anything is written into it.

        A folder that does not exist or is empty is made a store (``MARKER_NAME``).  A folder
        holding the marker is one.  A folder written by a provkg from before the marker
        (a ``CURRENT`` naming a ``db-*`` folder, or a ``FIRST-WRITE`` file) is adopted: it gets the
        marker, and only the databases it names are recorded as provkg's (``REGISTRY_NAME``), so
        its other ``db-*`` folders are never removed.  Any other folder is refused.

        ``lock`` calls it twice: with ``checking`` before it creates anything (a folder that is not
        a store is refused without a ``lock`` file left in it; nothing is written), then with the
        write lock held, where it writes the marker: two first writes into one new folder at once
        are serialised (the second one read the first one's half-written marker as a stranger's
        file and was refused).  Returns True when this call made the folder a store (it was new or
        empty): ``lock`` then takes the marker away again if no database went live (``_unclaim``).

        Raises
        ------
        StoreError
            The path is a file, the folder is not a store and not empty, or it cannot be written.
        """
        assert self.path is not None
        p = self.path
        try:
            mode = _mode(p)
            if mode not in (None, "dir"):
                raise StoreError(f"{p}: not a folder; --store names a store folder (or an http(s) URL)")
            if (p / MARKER_NAME).is_file():
                return False
            if checking and mode is None:
                return False
            entries = {e.name for e in p.iterdir()}
        except FileNotFoundError:
            if checking:  # a failed first write took the new folder away meanwhile (``_unclaim``)
                return False
            raise StoreError(f"{p}: cannot use as a store folder: it was removed meanwhile") from None
        except OSError as e:
            raise StoreError(f"{p}: cannot use as a store folder: {e.strerror or e}") from None
        if MARKER_NAME in entries and (p / MARKER_NAME).is_file():  # (``checking``: another first write
            return False                                              # claimed it meanwhile)
        # the temporary files of another claim of this folder under way (``checking``) or killed
        entries = {e for e in entries if not _CLAIM_TMP.match(e)}
        if "lock" in entries and (p / "lock").exists() and not _empty_file(p / "lock"):
            # (a lock file that vanished meanwhile was provkg's, taken away by a failed first write)
            entries = (entries - {"lock"}) | {"lock (not empty)"}  # someone's own file called lock
        adopted: list[str] = []
        foreign = sorted(e for e in entries if not _OLD_STORE_ENTRY.match(e))
        if ("CURRENT" in entries or FIRST_WRITE_NAME in entries) and foreign:
            # a CURRENT beside the user's own files ("notes.txt") is no store provkg wrote: adopting it
            # would register and later remove its db-* folders
            shown = ", ".join(foreign[:3]) + (", …" if len(foreign) > 3 else "")
            raise StoreError(f"{p}: is not a provkg store (it holds {shown} beside a CURRENT file) and is not empty; "
                             "provkg writes only into a new or empty folder or a store it made: pass another --store")
        if "CURRENT" in entries or FIRST_WRITE_NAME in entries:  # a store from before the marker
            for name in ("CURRENT", FIRST_WRITE_NAME):
                with contextlib.suppress(OSError, UnicodeDecodeError):
                    n = (p / name).read_text("utf-8").strip()
                    if n.startswith("db-") and "/" not in n and (p / n).is_dir():
                        adopted.append(n)
            if not adopted and "CURRENT" in entries:
                raise StoreError(f"{p}: is not a provkg store (its CURRENT names no db-* folder) and is not empty; "
                                 "provkg writes only into a new or empty folder or a store it made: pass another --store")
        elif entries - {"lock"}:  # (an empty lock file: what an older provkg left when it created the folder)
            shown = ", ".join(sorted(entries)[:3]) + (", …" if len(entries) > 3 else "")
            raise StoreError(f"{p}: is not a provkg store and is not empty (holds {shown}); provkg writes only "
                             "into a new or empty folder or a store it made: pass another --store")
        if checking:
            return False
        from .atomic import write_atomic

        try:
            if adopted:
                self._save_registry(set(adopted) | self._registry())
            write_atomic(_MARKER_TEXT, p / MARKER_NAME)
        except OSError as e:
            raise StoreError(f"{p}: cannot use as a store folder: {e.strerror or e}") from None
        return not adopted

    def _unclaim(self, made: list[Path]) -> None:
        """Undo ``_claim_folder`` of a new or empty folder when no database went live (a failed first
        write: an import of a bad file, an ingest whose every file failed, a full disk): provkg's files
        are removed, and the folders in ``made`` (the store folder and the parents ``lock`` created,
        deepest first) when nothing else is left in them.  Call with the write lock held; a process
        waiting for the lock finds its lock file gone and starts again (``lock``).  Never raises.
        """
        assert self.path is not None
        p = self.path
        if (p / "CURRENT").exists():
            return
        for name in sorted(self._registry()):
            shutil.rmtree(p / name, ignore_errors=True)
        # (``index.sqlite`` is ``graph.index.INDEX_NAME``, ``last-ingest.json`` ``graph.loader.NOOP_NAME``: both
        # modules import this one)
        names = (FIRST_WRITE_NAME, SIDECAR_NAME, "last-ingest.json", "CURRENT.tmp", REGISTRY_NAME, MARKER_NAME,
                 *("index.sqlite" + x for x in ("", "-wal", "-shm", "-journal", ".new", ".new-wal", ".new-shm")), "lock")
        for name in names:
            if name != "lock" or _empty_file(p / name):
                with contextlib.suppress(OSError):
                    (p / name).unlink()
        for d in made:
            try:
                d.rmdir()
            except OSError:
                break

    def _registry(self) -> set[str]:
        """The database folders provkg made in this store (``REGISTRY_NAME``), by name."""
        assert self.path is not None
        try:
            text = (self.path / REGISTRY_NAME).read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            return set()
        return {n for n in text.split() if n.startswith("db-") and "/" not in n}

    def _save_registry(self, names: set[str]) -> None:
        """Record ``names`` as the database folders provkg made (atomic, durable).  Raises ``OSError``."""
        from .atomic import write_atomic

        assert self.path is not None
        write_atomic("".join(n + "\n" for n in sorted(names)).encode("utf-8"), self.path / REGISTRY_NAME)

    def _remove_unused(self, keep: set[str]) -> list[str]:
        """Remove the database folders provkg made that are not live, not in ``keep`` and read by nobody.

        Call with the write lock held.  Only folders recorded in ``REGISTRY_NAME`` are candidates
        (``provkg deletes only what provkg made``).  A folder whose reader file (``READERS_NAME``) a
        reader holds (a query still running on it) stays; the next write or no-op ingest removes
        it.  Returns the names removed.  Never raises for I/O.
        """
        import fcntl

        assert self.path is not None
        try:
            live = self.live_database()
        except StoreError:
            return []
        names = self._registry()
        removed: list[str] = []
        for name in sorted(names - keep - {live}):
            d = self.path / name
            if not d.exists():
                removed.append(name)
                continue
            fh = None
            try:
                fh = open(d / READERS_NAME, "rb")
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except FileNotFoundError:
                pass  # never opened by a reader that registers
            except OSError:  # a reader holds it
                if fh is not None:
                    fh.close()
                continue
            try:
                shutil.rmtree(d, ignore_errors=True)
            finally:
                if fh is not None:
                    fh.close()
            if not d.exists():
                removed.append(name)
        if removed:
            with contextlib.suppress(OSError):
                self._save_registry(self._registry() - set(removed))
        return removed

    # -- writing ---------------------------------------------------------
    def remove_stale_copies(self) -> list[str]:
        """Remove the database folders provkg made that are no longer live, when no write is running.

        A write copies the live database into a new ``db-NNNNNN`` folder and removes the old ones once
        ``CURRENT`` moved to it and no reader holds them; a killed write leaves its copy behind, and a
        query still running leaves the folder it reads: the next write removes them.  An ingest that
        finds nothing to write calls this instead: it takes the lock without waiting (a running write
        keeps its copy: nothing is removed).  Only folders recorded in ``REGISTRY_NAME`` are ever
        removed (``_remove_unused``).  Nothing is done in memory, without a ``CURRENT`` file, in a
        folder that is not marked as a store, or when the lock cannot be had.  Returns the names of
        the folders removed.  Never raises for I/O.
        """
        if self.path is None:
            return []
        import fcntl

        try:
            if self._current_dir() is None or not (self.path / MARKER_NAME).is_file():
                return []
            if self._lock_depth:
                return self._remove_unused(set())
            with open(self.path / "lock", "a+") as lock_f:
                try:
                    fcntl.flock(lock_f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    return []
                try:
                    return self._remove_unused(set())
                finally:
                    fcntl.flock(lock_f.fileno(), fcntl.LOCK_UN)
        except (OSError, StoreError):
            return []

    def _lock_wait(self) -> float:
        """Seconds ``lock`` waits (:func:`lock_wait_seconds`)."""
        return lock_wait_seconds(self.lock_timeout)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the store's write lock (``fcntl.flock`` on ``<store>/lock``) inside the block.

        Every write takes it (``writer`` does, inside a ``lock`` block or not: the lock is
        re-entrant for one ``Store`` object), and an ingest takes it before it reads what the store
        holds for the files it will write (``graph.loader``), so two writers are serialised end to
        end: the second one reads what the first one committed.  A write that finds the lock held
        waits for it (calling ``on_lock_wait`` once), up to ``lock_timeout`` seconds.  The folder is
        checked first (``_claim_folder``): a folder that is not a store and not empty is refused,
        with nothing made in it; a new or empty folder is made a store with the lock held, and when
        the block ends with no database live (a failed first write) it is no store again: provkg's
        files, and the folders the lock made, are removed (``_unclaim``).  In memory: no lock.

        Raises
        ------
        StoreLockedError
            Another process held the lock for the whole wait.
        StoreError
            The folder is not a store (or cannot be written).
        """
        if self.path is None or self._lock_depth:
            self._lock_depth += 1
            try:
                yield
            finally:
                self._lock_depth -= 1
            return
        import fcntl

        self._claim_folder(checking=True)  # a folder that is not a store: refused before anything is made
        wait = self._lock_wait()
        deadline = time.monotonic() + wait
        told = False
        for _ in range(100):
            made = [a for a in (self.path, *self.path.parents) if not a.exists()]  # deepest first
            try:
                self.path.mkdir(parents=True, exist_ok=True)
                lock_f = open(self.path / "lock", "a+")
            except FileNotFoundError:  # a failed first write removed the folder meanwhile (``_unclaim``)
                continue
            except OSError as e:
                raise StoreError(f"{self.path}: cannot use as a store folder: {e.strerror or e}") from None
            try:
                while True:
                    try:
                        fcntl.flock(lock_f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except OSError as e:
                        if e.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                            raise StoreError(f"{self.path}/lock: cannot lock: {e.strerror or e}") from None
                    if time.monotonic() >= deadline:
                        raise StoreLockedError(
                            f"{self.path}: another provkg process is writing this store"
                            + (f" (waited {wait:g} s)" if wait else "") + "; try again when it has finished")
                    if not told and self.on_lock_wait is not None:
                        told = True
                        self.on_lock_wait()
                    time.sleep(0.02)
                # The lock file held must still be the store's: a failed first write that held it
                # before removed it with the folder (``_unclaim``); then start again.
                try:
                    same = os.path.samestat(os.fstat(lock_f.fileno()), os.stat(self.path / "lock"))
                except OSError:
                    same = False
            except BaseException:
                lock_f.close()
                raise
            if same:
                break
            lock_f.close()
        else:
            raise StoreError(f"{self.path}: its lock file was removed 100 times while this write waited for it")
        try:
            try:
                fresh = self._claim_folder()
            except StoreError:
                if made:
                    self._unclaim(made)
                raise
            self._lock_file = lock_f
            self._lock_depth = 1
            _hold(lock_f)
            try:
                yield
            finally:
                self._lock_depth = 0
                self._lock_file = None
                if fresh:
                    self._unclaim(made)
                _release(lock_f)
                with contextlib.suppress(OSError):
                    fcntl.flock(lock_f.fileno(), fcntl.LOCK_UN)
        finally:
            lock_f.close()

    @contextlib.contextmanager
    def writer(self, *, expect: str | None | object = ANY_BASE) -> Iterator["Writer"]:
        """Context manager for one atomic write.

        Yields a ``Writer``; on normal exit the changes become live at once,
        on an exception (or a kill) nothing changes.  Takes the write lock (``lock``; waits for
        another writer to finish).

        Parameters
        ----------
        expect : str or None, optional
            The database folder the caller read what it writes from (``live_database()`` then;
            None: there was none).  The write is refused with ``StoreMovedError`` when another
            database is live once the lock is held, and the commit checks again, before
            ``CURRENT`` moves, that the database it copied is still the live one.

        The new database folder gets its write generation (``GENERATION_NAME``) before
        ``CURRENT`` moves: the generation of the database it copied when the write was an
        ingest (``Writer.keeps_revisions``), else a new random one, so
        every cache keyed by the generation starts cold after a raw write (module docstring).

        Raises
        ------
        StoreLockedError
            Another process kept writing for the whole of ``lock_timeout``.
        StoreMovedError
            ``expect`` is not the live database (another write came in between).
        StoreError
            The folder is not a store, or the new database cannot be made or written.
        """
        if self.path is None:
            assert self._db is not None
            w = Writer(self._db)
            yield w
            w.commit()
            self.writes += 1
            return
        with self.lock():
            self.close()
            old = self._current_dir()
            if expect is not ANY_BASE and (old.name if old is not None else None) != expect:
                raise StoreMovedError(
                    f"{self.path}: another write changed the store after this one read it "
                    f"({expect or 'no database'} -> {old.name if old is not None else 'none'}); nothing was written")
            first = self.path / FIRST_WRITE_NAME
            if old is None and not (self.path / "CURRENT").exists() and first.exists():
                # The first write into this store was killed (SIGKILL, a power cut) before CURRENT
                # was written: its database is debris, not a store whose pointer was lost.
                with contextlib.suppress(OSError):
                    name = first.read_text("utf-8").strip()
                    if name.startswith("db-") and "/" not in name and name in self._registry():
                        shutil.rmtree(self.path / name, ignore_errors=True)
                with contextlib.suppress(OSError):
                    first.unlink()
            if old is None and not (self.path / "CURRENT").exists():
                dbs = sorted(p.name for p in self.path.glob("db-*") if (p / "CURRENT").exists())
                if dbs:  # a store whose pointer was lost: its databases are not debris to clean up
                    raise StoreError(
                        f"{self.path}: holds database folders ({', '.join(dbs[-3:])}) but no CURRENT file naming "
                        f"the live one; write that folder's name into {self.path / 'CURRENT'} to keep it, or "
                        "remove the db-* folders to start a new store")
            if old is not None:  # the copies of killed writes go first: kill -9 after kill -9 piled them up
                self._remove_unused(set())
            # Numbered after provkg's own databases: a ``db-2024/`` someone put here shifted it to db-002025
            mine = self._registry() | ({old.name} if old is not None else set())
            n = 1 + max((int(x[3:]) for x in mine if x[3:].isdigit()), default=0)
            while (self.path / f"db-{n:06d}").exists():
                n += 1
            new = self.path / f"db-{n:06d}"
            try:
                # Recorded before it exists: a write killed at any later point leaves a folder the
                # next write knows it may remove (``_remove_unused``).
                self._save_registry(self._registry() | {new.name})
                if old is None:  # names the database a killed first write leaves behind (above)
                    first.write_text(new.name + "\n", "utf-8")
            except OSError as e:
                raise StoreError(f"{self.path}: cannot write: {e.strerror or e}") from None
            try:
                if old is not None:
                    ox.Store.read_only(str(old)).backup(str(new))
                db = ox.Store(str(new))
            except (OSError, RuntimeError) as e:
                shutil.rmtree(new, ignore_errors=True)
                raise StoreError(f"{self.path}: cannot prepare a new database: {_one_line(e)}") from None
            except BaseException:  # Ctrl-C while the copy is made: no half copy is left beside the store
                shutil.rmtree(new, ignore_errors=True)
                raise
            ok = False
            keeps_revisions = False
            w = Writer(db, bulk=True)
            w.base = old.name if old is not None else None
            w.fresh = old is None
            w.database = new.name
            w.location = str(self.path)
            w.sidecar = self.path / SIDECAR_NAME
            try:
                yield w
                try:
                    if w.finishing():
                        w.finished()  # committed (and compacted) in the background (``Writer.finish_in_background``)
                    else:
                        w.commit()
                        if w.loaded_batches >= w.COMPACT_AFTER_BATCHES:
                            # A large write (a cold ingest) leaves many overlapping files that RocksDB would
                            # compact during the next writes: the first small ingests after it then took
                            # 2-10 s instead of 0.7 s (10,000 notes).  Compact once here, still in the copy.
                            db.optimize()
                    keeps_revisions = w.keeps_revisions
                    db.flush()
                except (OSError, RuntimeError) as e:
                    # RocksDB's I/O errors (a full disk: "IO error: No space left on device") come as
                    # OSError or RuntimeError: one line naming the store (the copy is removed below).
                    raise StoreError(f"{self.path}: cannot write the new database: {_one_line(e)}") from None
                ok = True
            finally:
                # Close RocksDB before CURRENT moves or the folder is removed.  The caller's
                # ``with … as w`` name outlives this block, so the Writer lets go of the
                # database too: an open read-write handle would go on compacting the copy
                # (writing and deleting SST files) while readers open it as the live store.
                w.close()
                wrote_side = w.sidecar_written
                del w, db
                if not ok:
                    gc.collect()  # the traceback may still hold the Writer
                    shutil.rmtree(new, ignore_errors=True)
                    if old is None and not new.exists():  # a failed first write leaves nothing to clean up
                        with contextlib.suppress(OSError):
                            first.unlink()
                    if wrote_side:  # else it still names the live database: the next ingest reads it
                        with contextlib.suppress(OSError):
                            (self.path / SIDECAR_NAME).unlink()
            try:
                self._write_generation(new, old, keeps_revisions)
                with contextlib.suppress(FileExistsError):
                    (new / READERS_NAME).touch()
                if self._current_dir() != old:  # the commit check: nothing moved underneath
                    raise StoreMovedError(f"{self.path}: another process moved CURRENT during this write "
                                          "(it does not take provkg's lock); nothing was written")
                tmp = self.path / "CURRENT.tmp"
                tmp.write_text(new.name + "\n", "utf-8")
                with open(tmp, "rb") as fh:
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path / "CURRENT")
            except BaseException as e:
                if self._current_dir() != new:
                    shutil.rmtree(new, ignore_errors=True)
                    with contextlib.suppress(OSError):
                        (self.path / "CURRENT.tmp").unlink()
                if isinstance(e, OSError):
                    raise StoreError(f"{self.path}: cannot write: {e.strerror or e}") from None
                raise
            with contextlib.suppress(OSError):
                _fsync_dir(self.path)
            with contextlib.suppress(OSError):
                first.unlink()
            self.close()  # a handle this process opened meanwhile would hold the old database
            self._remove_unused({new.name})

    @staticmethod
    def _write_generation(new: Path, old: Path | None, keeps_revisions: bool) -> None:
        """Give the database folder ``new`` its write generation, before it goes live (``writer``).

        ``old`` is the folder the write copied (None: a new store); ``keeps_revisions`` the
        writer's ``Writer.keeps_revisions`` (an ingest sets it): then ``new`` keeps ``old``'s
        generation, when ``old`` has one.  Else a new one (``secrets.token_hex``).  A file that cannot be written is no error: the
        folder then has a key of its own (``database_generation``), its caches start cold.
        """
        import secrets

        from .atomic import write_atomic

        gen = None
        if keeps_revisions and old is not None:
            inherited = database_generation(old)
            gen = inherited if _GENERATION.fullmatch(inherited) else None
        try:
            write_atomic((gen or secrets.token_hex(8)).encode("ascii") + b"\n", new / GENERATION_NAME)
        except OSError:
            pass


class Writer:
    """Changes inside one ``Store.writer()`` write (implements ``graph.backend.GraphWriter``).

    Removals apply at once; added quads are collected and written together by
    ``commit()`` (``Store.writer`` calls it): one Oxigraph ``extend`` in memory,
    ``bulk_extend`` into the private on-disk copy (``bulk=True``) in batches
    of ``FLUSH_AT`` quads, which is safe there because the copy only goes
    live when ``CURRENT`` moves.
    One write instead of one per file: on 763 files the per-call
    transactions took half the ingest time.

    Besides ``pyoxigraph.Quad`` objects, the writer takes N-Quads text
    (``put_graph_nquads``, ``add_nquads``): the loader builds it in its parsing
    processes (``graph.model.source_nquads``) and Oxigraph parses it here
    (``bulk_load`` on disk, ``load`` in memory), which is several times cheaper
    than building one Python object per quad.  A bulk writer loads a full batch
    of text in a background thread (``bulk_load`` releases the GIL), so the
    caller goes on receiving parsed files meanwhile; at most ``LOAD_THREADS``
    batches are being loaded while the next one fills.  Every other database operation (removals,
    ``match``, ``commit``, ``close``) first waits for that load, and re-raises
    its error.
    """

    #: Queued quads past which a bulk writer writes them into its private copy
    #: early: bounds memory on a large ingest (10,000 notes queue ~3 M quads).
    FLUSH_AT = 100_000
    #: Quads of one batch when the text of one large file is cut into batches (``add_nquads``).
    PIECE_QUADS = 25_000
    #: Batches written in the background past which ``Store.writer`` compacts the new database
    #: before it goes live (``pyoxigraph.Store.optimize``).
    COMPACT_AFTER_BATCHES = 2

    def __init__(self, db: ox.Store, *, bulk: bool = False):
        self.db = db
        self._bulk = bulk
        #: The database folder this write copied (None: a fresh or in-memory store), the folder it
        #: writes, and the side file it may leave for it (``SIDECAR_NAME``; all None in memory).
        self.base: str | None = None
        self.database: str | None = None
        #: The store folder, for messages (None in memory).
        self.location: str | None = None
        self.sidecar: Path | None = None
        #: Set when this write replaced the side file (``graph.loader._write_known_file``): a write that
        #: then fails removes it, since it names the database being thrown away.
        self.sidecar_written = False
        #: True when the write started from an empty database (set by ``Store.writer``).
        self.fresh = False
        #: Set by the loader (``graph.loader.ingest_paths``): every graph this write puts is the
        #: content its revision IRI names, so the new database keeps the write generation
        #: (``Store.writer``, module docstring).  False for any other write (``provkg import``).
        self.keeps_revisions = False
        self._pending: list[ox.Quad] = []
        self._pending_text: list[bytes] = []
        self._pending_text_quads = 0
        self._loading: deque[threading.Thread] = deque()
        #: Batches handed to background loads so far (``COMPACT_AFTER_BATCHES``).
        self.loaded_batches = 0
        self._load_error: BaseException | None = None

    # -- the background load ----------------------------------------------
    #: Batches loaded at once in the background.  Oxigraph's own bulk loader runs two loading threads
    #: on one store; two here keep both cores busy while the parsing processes are idle (small
    #: ingests) and cost one more batch of memory.
    LOAD_THREADS = 2

    def _wait(self, keep: int = 0) -> None:
        """Wait until at most ``keep`` background loads are running; re-raise the error of one that failed."""
        while len(self._loading) > keep:
            self._loading.popleft().join()
        if self._load_error is not None:
            err, self._load_error = self._load_error, None
            if isinstance(err, (OSError, RuntimeError)):  # RocksDB's I/O errors (a full disk): one line
                raise StoreError(f"{self.location or self.database or 'the store'}: cannot write the new database: "
                                 f"{_one_line(err)}") from None
            raise err

    def _load_in_background(self, data: bytes) -> None:
        self._wait(keep=self.LOAD_THREADS - 1)
        db = self.db

        def run() -> None:
            try:
                db.bulk_load(data, format=ox.RdfFormat.N_QUADS)
            except BaseException as e:  # noqa: BLE001 - handed to the writing thread by _wait
                self._load_error = e

        t = threading.Thread(target=run, name="provkg-bulk-load", daemon=True)
        t.start()
        self._loading.append(t)
        self.loaded_batches += 1

    def _take_text(self) -> bytes:
        """The queued text (with queued objects, if any, serialised to it) as one N-Quads block."""
        if self._pending:
            # One load instead of two (each bulk load adds its own files to the database).
            self._pending_text.append(ox.serialize(self._pending, format=ox.RdfFormat.N_QUADS))
            self._pending = []
        data = self._pending_text[0] if len(self._pending_text) == 1 else b"".join(self._pending_text)
        self._pending_text = []
        self._pending_text_quads = 0
        return data

    def _full(self) -> bool:
        return self._bulk and len(self._pending) + self._pending_text_quads >= self.FLUSH_AT

    # -- GraphWriter --------------------------------------------------------
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
        self._wait()
        self.db.remove_graph(g)
        self.add(batch)

    def drop_graph(self, iri: str) -> None:
        """Remove a named graph and all its quads (no error if absent)."""
        self._wait()
        self.db.remove_graph(ox.NamedNode(iri))

    def match(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
              obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """Quads matching the pattern (``None`` = any), in the database being written."""
        self._wait()
        return list(self.db.quads_for_pattern(subject, predicate, obj, graph))

    def has_graph(self, iri: str) -> bool:
        """True when the named graph ``iri`` holds quads in the database being written.

        Meant for graphs that existed before this write (the loader asks whether a revision IRI
        is taken): it does not wait for a background load, which only adds this write's graphs,
        and a write into a new, empty database answers False without a lookup.
        """
        return not self.fresh and self.db.contains_named_graph(ox.NamedNode(iri))

    def match_existing(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                       obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """Like ``match``, for facts the store held before this write: does not wait for a background load.

        What this write queued may or may not show, so ask only about quads it does not add
        (the loader: a file's earlier revisions and the invalidation of its claims, read before
        it writes that file).  A write into a new, empty database answers ``[]`` without a lookup.
        """
        if self.fresh:
            return []
        return list(self.db.quads_for_pattern(subject, predicate, obj, graph))

    def remove_matching(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                        obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode) -> None:
        """Remove every quad of named graph ``graph`` that matches (``None`` = any term)."""
        self._wait()
        for q in list(self.db.quads_for_pattern(subject, predicate, obj, graph)):
            self.db.remove(q)

    def add(self, quads: Iterable[ox.Quad]) -> None:
        """Queue quads for ``commit()`` (a bulk writer writes every ``FLUSH_AT`` quads)."""
        self._pending.extend(quads)
        if self._full():
            if self._pending_text:
                self._load_in_background(self._take_text())
            else:
                self.commit()

    def put_graph_nquads(self, iri: str, data: bytes, quads: int) -> None:
        """Replace the named graph ``iri`` by the N-Quads ``data`` (``quads`` statements).

        ``data`` must hold quads of graph ``iri`` only, as ``graph.model.source_nquads``
        writes them (it is not checked quad by quad, unlike ``put_graph``).  The old
        content, if the graph exists, goes at once; the new is written at ``commit()``
        (or with the next batch).  Raises ``SyntaxError`` at write time for text that
        is not N-Quads.
        """
        g = ox.NamedNode(iri)
        # Graphs that existed before this write are what is replaced: the batch being loaded
        # meanwhile only adds new revisions' graphs, so this check need not wait for it (and a
        # write into a new, empty database has nothing to replace: ~50 us a lookup saved per file).
        if not self.fresh and self.db.contains_named_graph(g):  # a graph written again (the loader never does)
            self._wait()
            self.db.remove_graph(g)
        self.add_nquads(data, quads)

    def add_nquads(self, data: bytes, quads: int) -> None:
        """Queue N-Quads text (``quads`` statements, used to size the batches) for ``commit()``.

        A bulk writer starts loading the queue in the background once it holds ``FLUSH_AT`` quads,
        and loads text of more than ``FLUSH_AT`` quads (one very large file) at once, cut at line
        ends into batches of ``PIECE_QUADS``: Oxigraph's bulk loader holds a whole batch in memory
        (~1.6 KB a quad), so one 850,000-quad file loaded in one batch took ~600 MB (issue 23).
        """
        if not data:
            return
        if not (self._bulk and quads > self.FLUSH_AT):
            self._pending_text.append(data)
            self._pending_text_quads += quads
            if self._full():
                self._load_in_background(self._take_text())
            return
        if self._pending_text or self._pending:
            self._load_in_background(self._take_text())
        step = max(1, len(data) * self.PIECE_QUADS // quads)  # bytes of about PIECE_QUADS lines
        start = 0
        while start < len(data):
            end = data.find(b"\n", start + step)
            end = len(data) if end < 0 else end + 1
            self._load_in_background(bytes(data[start:end]))
            start = end

    def remove(self, quads: Iterable[ox.Quad]) -> None:
        """Remove individual quads."""
        self._wait()
        for q in quads:
            self.db.remove(q)

    def finish_in_background(self) -> None:
        """Commit what is queued, and compact a large write (``COMPACT_AFTER_BATCHES``), in a thread.

        For a caller that has written everything and has other work before the write ends (the loader
        computes the derived index's answers meanwhile): RocksDB's loading and compaction release the
        GIL, so both cores work.  Nothing may be added through this writer afterwards; ``Store.writer``
        waits for the thread (``finished``) before the database goes live.
        """
        def run() -> None:
            try:
                self.commit()
                if self._bulk and self.loaded_batches >= self.COMPACT_AFTER_BATCHES:
                    self.db.optimize()
            except BaseException as e:  # noqa: BLE001 - re-raised by finished()
                self._finish_error = e

        self._finish_error: BaseException | None = None
        self._finisher = threading.Thread(target=run, name="provkg-finish", daemon=True)
        self._finisher.start()

    def finishing(self) -> bool:
        """True when ``finish_in_background`` was called."""
        return getattr(self, "_finisher", None) is not None

    def finished(self) -> None:
        """Wait for ``finish_in_background``'s thread; re-raise its error."""
        t = getattr(self, "_finisher", None)
        if t is not None:
            t.join()
            self._finisher = None
            if self._finish_error is not None:
                err, self._finish_error = self._finish_error, None
                raise err

    def close(self) -> None:
        """Let go of the database (``Store.writer`` calls it when the write ends); queued changes are dropped.

        Waits for a background load or finish still running (its error, if any, is dropped: the write
        failed anyway).
        """
        try:
            self.finished()
        except BaseException:  # noqa: BLE001
            pass
        try:
            self._wait()
        except BaseException:  # noqa: BLE001
            pass
        self.db = None  # type: ignore[assignment]
        self._pending = []
        self._pending_text = []
        self._pending_text_quads = 0

    def commit(self) -> None:
        """Write the queued quads (objects and N-Quads text) now, and wait until they are written."""
        self._wait()
        if self._pending and not self._pending_text:
            (self.db.bulk_extend if self._bulk else self.db.extend)(self._pending)
            self._pending = []
        if self._pending_text or self._pending:
            data = self._take_text()
            (self.db.bulk_load if self._bulk else self.db.load)(data, format=ox.RdfFormat.N_QUADS)
