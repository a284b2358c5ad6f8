"""Ingest files into a store, incrementally and atomically.

``ingest_paths(store, paths)`` discovers files, skips unchanged ones (same
size and modification time, else same SHA-256), parses new and changed ones,
and records one ``prov:Activity`` with the revisions it generated, all in one
atomic write.  Nothing is overwritten: the named graph of a changed or deleted
file stays; its revision, and the claims that left the file, get
``prov:wasInvalidatedBy`` the activity with ``prov:invalidatedAtTime``, and the
``kg:current true`` marker (provenance graph) moves to the new revision.
A revision is a new PROV entity each time: a file that returns to bytes read
before gets a new revision IRI (``…/rev/<sha16>-2``) that is ``prov:alternateOf``
the first one, and a claim that comes back has its invalidation withdrawn.
An ingest that finds nothing to add, change or remove writes nothing (no
activity, no new database).
Per-file errors are collected as one-line messages; the other files still go in.

How a large ingest runs (issue 5): worker processes (``jobs``) parse the files
and turn each into its named graph as N-Quads text (``build_found``); the
main process receives them in file order through a bounded window and hands
the text to the store's writer, which loads full batches in background threads
(``graph.store.Writer``) while the workers go on parsing.  The live revisions
an ingest leaves are saved beside the database (``known_revisions``), so the
next incremental ingest need not read them back from the store.
"""
from __future__ import annotations

import contextlib
import marshal
import os
import re
import sqlite3
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone, tzinfo
from pathlib import Path

import pyoxigraph as ox

from ingest.errors import IngestError
from ingest.lexicon import load_lexicon
from ingest.models import ParsedSource
from ingest.sources import (
    Found,
    check_manifest_paths,
    discover,
    max_bytes,
    max_file_figures,
    named_after_id,
    parse_manifest,
    read_regular,
    read_source,
    sha256_of,
)

from .facts import record_rows
from .index import FORMAT as INDEX_FORMAT, INDEX_NAME, Index, IndexWrite, database_number
from .migrate import (
    ANY_REVISION_QUERY as _ANY_REVISION,
    KNOWN_REVISIONS_QUERY as _KNOWN,
    LEGACY_REVISIONS_QUERY as _KNOWN_LEGACY,
    is_legacy_store,
)
from .versions import extractor_digest
from .model import (
    PROV_GRAPH,
    N,
    kg_term as _kg,
    literal as _lit,
    activity_quads,
    invalidation_quads,
    retarget_nquads,
    revision_iri,
    revision_nquads,
    source_iri,
    source_nquads,
)
from .backend import Backend
from .pool import default_jobs, signals_held, start_worker, stop_pool

__all__ = ["IngestReport", "ingest_paths", "known_revisions", "saved_revisions", "parse_found", "build_found", "Built",
           "latest_ingest_wrote_nothing", "NOOP_NAME"]

VERSION = "0.1.0"


@dataclass
class IngestReport:
    """What one ingest did: workspace-relative paths per outcome, and problems.

    ``errors`` are one-line ``path:line: problem`` messages for files that
    were not ingested; ``warnings`` for files that went in with a problem.
    ``activity`` is the stamp of the ingest activity recorded (``id:activity/<stamp>``),
    or None when the ingest wrote nothing (nothing added, changed or removed).
    """

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    activity: str | None = None
    quads: int = 0
    #: ``(model version the store had, content graphs rewritten)`` when this ingest upgraded an older
    #: store to ``graph.model.MODEL_VERSION`` (``graph.migrate``), else None.
    upgraded: tuple[int, int] | None = None
    #: Files whose bytes were the recorded ones but which an older provkg had read (its code or lexicon
    #: changed since: ``graph.versions.extractor_digest``), read again by this ingest (among ``changed``).
    reread: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line: ``added 12, changed 1, removed 0, unchanged 3, errors 0``."""
        return (
            f"added {len(self.added)}, changed {len(self.changed)}, removed {len(self.removed)}, "
            f"unchanged {len(self.unchanged)}, errors {len(self.errors)}"
        )


_TRUE = _lit(True)
_RDF_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")


def known_revisions(db: Backend) -> dict[str, dict[str, object]]:
    """Live revisions by path: ``{path: {rev, sha, size, mtime, root, legacy}}``, with ``extractor`` (the
    ``graph.versions.extractor_digest`` of the provkg that read the file, None when an older one did) when the
    answer comes from the store's side file.

    A live revision carries ``kg:current true`` in the provenance graph.  A
    store written before that marker existed has none; then a revision is live
    when it has no ``prov:wasInvalidatedBy``, and ``legacy`` is True (the next
    ingest adds the missing markers).

    On the embedded store the answer comes from the side file the last ingest
    left for the live database (``_read_known_file``: ~20 ms for 12,700 files),
    else from five index scans of the provenance graph (``_known_by_scan``:
    ~0.5 s, against 1.2-1.9 s for the SPARQL join ``_KNOWN``); other backends,
    and legacy stores, use SPARQL.
    """
    from .store import Store, to_python

    if isinstance(db, Store):
        saved = _read_known_file(db)
        if saved is not None:
            return saved
        fast = _known_by_scan(db)
        if fast:
            return fast
    out: dict[str, dict[str, object]] = {}
    rows = db.select_terms(_KNOWN)
    legacy = not rows and bool(db.select_terms(_ANY_REVISION))
    for row in (db.select_terms(_KNOWN_LEGACY) if legacy else rows):
        d = {k: to_python(row[k]) for k in ("rev", "path", "sha", "size", "mtime", "root")}
        d["legacy"] = legacy
        out[str(d["path"])] = d
    return out


def _known_by_scan(store: object) -> dict[str, dict[str, object]]:
    """``known_revisions`` of an embedded store, read from the provenance graph's quads directly.

    The same answer as the ``_KNOWN`` query: every revision with ``kg:current true`` that has a
    ``kg:path``, ``kg:sha256`` and ``kg:size`` (``kg:mtime`` and ``kg:root`` optional).  Where
    the query would give a revision twice (two ``kg:mtime`` values: a revision reused for a file
    reverted to bytes read before, by a build before new revisions were minted for that), it keeps one
    row in no stated order; this keeps the latest ``kg:mtime``.  Returns
    ``{}`` when no revision is current (an empty or a legacy store: the caller asks SPARQL).
    """
    from .store import to_python

    db = store.db  # type: ignore[attr-defined]
    live = {q.subject.value for q in db.quads_for_pattern(None, _kg("current"), _TRUE, PROV_GRAPH)}
    if not live:
        return {}

    def values(name: str) -> dict[str, object]:
        got: dict[str, object] = {}
        for q in db.quads_for_pattern(None, _kg(name), None, PROV_GRAPH):
            rev = q.subject.value
            if rev in live:
                v = to_python(q.object)
                if name != "mtime" or rev not in got or (isinstance(v, float) and v > got[rev]):  # type: ignore[operator]
                    got[rev] = v
        return got

    path, sha, size, mtime, root = (values(n) for n in ("path", "sha256", "size", "mtime", "root"))
    out: dict[str, dict[str, object]] = {}
    for rev in sorted(live):
        if rev in path and rev in sha and rev in size:
            out[str(path[rev])] = {"rev": rev, "path": path[rev], "sha": sha[rev], "size": size[rev],
                                   "mtime": mtime.get(rev), "root": root.get(rev), "legacy": False}
    return out


#: Format tag of the side file written by ``_write_known_file``.
_KNOWN_FORMAT = "provkg-known-1"


def saved_revisions(store: object) -> dict[str, dict[str, object]] | None:
    """The live revisions the last ingest saved beside an embedded store's live database, or None.

    Same shape as ``known_revisions``; None when there is no such file, it names
    another database, or the store is not an embedded on-disk one.
    """
    from .store import Store

    return _read_known_file(store) if isinstance(store, Store) else None


def _read_known_file(store: object) -> dict[str, dict[str, object]] | None:
    """``known_revisions`` of an embedded store from the side file of its live database, or None.

    The file (``<store>/known-revisions.marshal``, ``graph.store.SIDECAR_NAME``) is written by the
    ingest that made a database, inside the same atomic write (``_write_known_file``).  It is used
    only when it names the live database folder (any later write makes a new one) and the ingest
    activity it records is in that database (one index lookup); else None (read the store).
    """
    from .model import activity_iri
    from .store import SIDECAR_NAME

    path = getattr(store, "path", None)
    if path is None:
        return None
    d = store.database_dir  # type: ignore[attr-defined]
    if d is None:
        return None
    try:
        import marshal

        data = marshal.loads((path / SIDECAR_NAME).read_bytes())
        if not (isinstance(data, dict) and data.get("format") == _KNOWN_FORMAT and data.get("db") == d.name):
            return None
        act = ox.Quad(activity_iri(str(data["activity"])), _RDF_TYPE, _kg("IngestActivity"), PROV_GRAPH)
        if act not in store.db:  # type: ignore[attr-defined]
            return None
        # the digest of the provkg that read each file (``extractor_digest``); a side file from before it was
        # kept names none, so its files count as read by an older provkg
        readers = data.get("extractor") or {}
        return {p: {"rev": rev, "path": p, "sha": sha, "size": size, "mtime": mtime, "root": root, "legacy": False,
                    "extractor": readers.get(p)}
                for p, (rev, sha, size, mtime, root) in data["known"].items()}
    except (OSError, ValueError, EOFError, TypeError, KeyError):
        return None


def _write_known_file(w: object, base: str | None, known: dict[str, tuple], stamp: str,
                      readers: dict[str, str | None] | None = None) -> None:
    """Leave the live revisions after this ingest (``known``: path -> (rev, sha, size, mtime, root))
    for the next one, in the writer's side file (``Writer.sidecar``; only the embedded store has one),
    with the digest of the provkg that read each (``readers``: path -> ``extractor_digest`` or None).

    Written only when this write copied the database that ``known_revisions`` was read from
    (``base``): another process that wrote in between would make ``known`` wrong.  Best effort:
    a file that cannot be written is no error (the next ingest reads the store instead).
    """
    side = getattr(w, "sidecar", None)
    if side is None or getattr(w, "base", None) != base:
        return
    import marshal

    tmp = side.with_name(side.name + ".tmp")
    try:
        tmp.write_bytes(marshal.dumps({"format": _KNOWN_FORMAT, "db": w.database,  # type: ignore[attr-defined]
                                       "activity": stamp, "known": known,
                                       "extractor": {p: d for p, d in (readers or {}).items() if p in known and d}}))
        os.replace(tmp, side)
        w.sidecar_written = True  # type: ignore[attr-defined]
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            tmp.unlink()


#: ``<store>/last-ingest.json``, left by an ingest of an embedded store that found nothing to add, change
#: or remove: such a run writes nothing else, so the store holds no record of it.  The file names the
#: database that run read; any later write makes another database live, and the file no longer applies.
NOOP_NAME = "last-ingest.json"
_NOOP_FORMAT = "provkg-last-ingest-1"


def _note_run(store: object, database: str | None, *, wrote: bool) -> None:
    """Leave (``wrote`` False) or remove (True) ``NOOP_NAME`` beside an embedded store's databases.

    ``database`` is the name of the database folder the ingest read (None: no embedded database).
    Best effort: a file that cannot be written or removed is no error (``latest_ingest_wrote_nothing``
    then answers from the store's activities, as for a server store).
    """
    path = getattr(store, "path", None)
    if path is None or database is None:
        return
    f = path / NOOP_NAME
    try:
        if wrote:
            f.unlink(missing_ok=True)
        else:
            import json

            from .atomic import write_atomic

            write_atomic(json.dumps({"format": _NOOP_FORMAT, "database": database}).encode("utf-8"), f, durable=False)
    except OSError:
        pass


def latest_ingest_wrote_nothing(store: object) -> bool:
    """True when the latest ``provkg ingest`` of an embedded store found nothing to add, change or remove.

    Such a run records no activity (it writes nothing), so "the files the latest ingest added or changed"
    (``report contradictions --fail-on new``) must come from here: it left ``NOOP_NAME`` naming the
    live database.  False for a store written since (another database is live), for a server or
    in-memory store (no such file: their latest recorded activity is the latest ingest that changed
    something), and when the file is missing or unreadable.
    """
    from .store import Store

    if not isinstance(store, Store) or store.path is None or not store.exists():
        return False
    try:
        import json

        data = json.loads((store.path / NOOP_NAME).read_text("utf-8"))
        d = store.database_dir
        return (isinstance(data, dict) and data.get("format") == _NOOP_FORMAT and d is not None
                and data.get("database") == d.name)
    except (OSError, ValueError):
        return False


def _claims_in(w: object, graph: str) -> set[str]:
    """IRIs of the ``kg:Claim`` nodes in one named graph of the store being written."""
    return {q.subject.value for q in w.match(None, _RDF_TYPE, _kg("Claim"), ox.NamedNode(graph))}  # type: ignore[attr-defined]


def _invalidate(w: object, rev: str, claims: set[str], stamp: str, when: datetime) -> None:
    """Record that revision ``rev`` and ``claims`` were invalidated by activity ``stamp``.

    The revision's named graph is kept (nothing is overwritten); its
    ``kg:current`` marker is removed; the revision and each claim get
    ``prov:wasInvalidatedBy``/``prov:invalidatedAtTime`` in the provenance graph.
    """
    w.remove([ox.Quad(ox.NamedNode(rev), _kg("current"), _TRUE, PROV_GRAPH)])  # type: ignore[attr-defined]
    quads = invalidation_quads(rev, stamp, when)
    for c in sorted(claims):
        quads.extend(invalidation_quads(c, stamp, when))
    w.add(quads)  # type: ignore[attr-defined]


def parse_found(args: tuple[Found, str | None, str]) -> tuple[Found, ParsedSource | None, list[str], str | None]:
    """Parse one file (picklable for a process pool).

    ``args`` is ``(found, kind, tz_name)``.  Returns ``(found, record or None,
    warnings, error or None)``; never raises for bad input.
    """
    found, kind, tz_name = args
    tz = _tz(tz_name)
    try:
        rec, warns = read_source(found, kind=kind if (kind and found.explicit) else None, tz=tz, lexicon=load_lexicon())
        return found, rec, warns, None
    except IngestError as e:
        return found, None, [], str(e)
    except Exception as e:  # noqa: BLE001 - a parser bug must not stop the other files
        return found, None, [], f"{found.rel}: could not be parsed ({type(e).__name__}: {e})"


def _tz(name: str) -> tzinfo:
    if not name or name.upper() == "UTC":
        return timezone.utc
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


@dataclass(frozen=True)
class Built:
    """One file parsed and turned into N-Quads, as a parsing process sends it back.

    ``sha256``/``size`` describe the bytes read; ``data`` is the file's named graph as
    UTF-8 N-Quads (``graph.model.source_nquads``; empty on error); ``quads`` counts its
    statements; ``claims`` are the claims' IRIs when they were asked for (a changed file:
    the loader invalidates the claims the new revision no longer holds), else None;
    ``warnings`` and ``error`` are one-line messages, as from ``parse_found``; ``rows`` are the
    revision's rows for the derived index (``graph.facts.record_rows``, marshalled).
    Only plain values: cheap to send between processes (no pydantic record).
    """

    sha256: str | None
    size: int
    data: bytes | bytearray
    quads: int
    claims: tuple[str, ...] | None
    warnings: list[str]
    error: str | None
    #: The revision's fact rows for the derived index (``graph.facts.record_rows``), marshalled.
    rows: bytes = b""


def build_found(args: tuple[Found, str | None, str, bool]) -> Built:
    """Parse one file and build its named graph as N-Quads (picklable for a process pool).

    ``args`` is ``(found, kind, tz_name, want_claims)``.  Parsing is ``parse_found``
    (validated ``ParsedSource`` records), then ``graph.model.source_nquads``.  Never
    raises for bad input: a file that cannot be parsed, or whose values cannot be stored
    (a lone surrogate from a YAML ``"\\ud800"`` escape), gives ``error``.
    """
    found, kind, tz_name, want_claims = args
    _f, rec, warns, err = parse_found((found, kind, tz_name))
    if err is not None or rec is None:
        return Built(None, 0, b"", 0, None, warns, err or f"{found.rel}: could not be parsed")
    try:
        data, n, claims = source_nquads(rec)
    except UnicodeEncodeError:
        return Built(None, 0, b"", 0, None, warns,
                     f"{found.rel}: holds text that is not valid Unicode (a lone surrogate, e.g. a "
                     f"YAML \"\\ud800\" escape); skipped")
    except Exception as e:  # noqa: BLE001 - a model bug must not stop the other files
        return Built(None, 0, b"", 0, None, warns, f"{found.rel}: could not be converted to RDF ({type(e).__name__}: {e})")
    # A manifest's missing items depend on the rest of the workspace: checked again on every ingest
    # (``_missing_item_warnings``), so not kept with the revision as the file's other warnings are.
    live = set(check_manifest_paths(rec.manifest, found, missing_only=True)) if rec.manifest is not None else set()
    kept = [w for w in warns if w not in live]
    if kept:  # on the revision, so that every later ingest reports them while the bytes stay (_stored_warnings)
        r = revision_iri(found.rel, rec.sha256)
        data += ox.serialize([ox.Quad(r, _kg("warning"), ox.Literal(w), r) for w in kept], format=ox.RdfFormat.N_QUADS)
        n += len(kept)
    try:
        rows = marshal.dumps(record_rows(rec, claims))
    except Exception as e:  # noqa: BLE001 - a model bug must not stop the other files
        return Built(None, 0, b"", 0, None, warns, f"{found.rel}: could not be indexed ({type(e).__name__}: {e})")
    return Built(rec.sha256, rec.size, data, n, tuple(claims) if want_claims else None, warns, None, rows)


def _read_as_another_kind(store: Backend, revisions: dict[str, str], kind: str) -> set[str]:
    """The paths among ``revisions`` (revision IRI -> path) whose revision was read as a kind other
    than ``kind`` (``kg:kind`` of the ``kg:Source`` in the revision's graph); one query."""
    rows = store.select(f"SELECT ?r ?k WHERE {{ GRAPH ?r {{ ?s a <{_kg('Source').value}> ; "
                        f"<{_kg('kind').value}> ?k }} }}")
    return {revisions[str(r["r"])] for r in rows if str(r["r"]) in revisions and str(r["k"]) != kind}


def _stored_warnings(store: Backend, revisions: dict[str, str]) -> list[str]:
    """The warnings kept with the revisions ``revisions`` (revision IRI -> path) when their files went
    in (``kg:warning`` on the revision, in its graph), in path order: an ingest that finds a file
    unchanged reports them again, so a broken front matter keeps the exit status 2 until it is mended.

    One lookup of ``kg:warning`` (briefs' own warnings are on other subjects and are skipped).
    """
    if not revisions:
        return []
    rows = store.select(f"SELECT ?r ?w WHERE {{ GRAPH ?r {{ ?r <{_kg('warning').value}> ?w }} }}")
    got = sorted((revisions[str(r["r"])], _line_of(str(r["w"])), str(r["w"])) for r in rows if str(r["r"]) in revisions)
    return [w for _p, _n, w in got]


def _line_of(warning: str) -> int:
    """The line a ``path:LINE: …`` warning names (0 when it names none), to report them in file order."""
    m = re.match(r"[^:]*:(\d+):", warning)
    return int(m.group(1)) if m else 0


def _build_chunk(chunk: list[tuple[Found, str | None, str, bool]]) -> list[Built]:
    """``build_found`` over a few files (one task of the process pool)."""
    return [build_found(a) for a in chunk]


#: Files per pool task, and tasks in flight per worker: results stream back in file order while
#: the main process writes, and at most ``jobs * _WINDOW * _CHUNK`` files wait in memory (about
#: 30 MB of N-Quads with 2 workers).  The window is wide enough that the workers go on parsing
#: while the writer waits for a batch to be loaded.
_CHUNK = 16
_WINDOW = 16
#: Bytes of source files in one pool task, and being parsed or waiting to be written at once (one task
#: always goes).
CHUNK_BYTES = 1024 * 1024
WINDOW_BYTES = 4 * 1024 * 1024
#: Below this many files to parse a pool costs more (start-up, fork) than it saves.
POOL_MIN_FILES = 64
#: What a file may become, at most, as N-Quads held until it is written (``_nquads_bound``): a statement
#: (a claim: ~24 quads) ~5.4 KB whatever its length, a byte of prose ~130 bytes.  A 256 KiB file of
#: `- ab` lines becomes 280 MB, of `Ab. ` sentences on one line 217 MB, of `吞吐。` 97 MB.
_NQ_PER_STATEMENT = 5_500
_NQ_PER_BYTE = 130
#: Bytes of N-Quads (by ``_nquads_bound``) being built or waiting to be written at once (one task always
#: goes), and in one task.  Counted in source bytes alone, six 256 KiB files of `- ab` lines in one ingest
#: were in flight together and the ingest took 4.0 GB and 466 s (issue 23); now one such file is (~1 GB
#: at the peak: the worker building the next one and this process writing the last).  Ordinary notes
#: (~1 MB by this bound for 5 KB) still have hundreds of files in flight.
WINDOW_NQUADS = 384 * 1024 * 1024
CHUNK_NQUADS = 96 * 1024 * 1024
#: What ends a statement, for ``_nquads_bound``: line ends, sentence ends (ASCII and full-width), ``;``.
_STATEMENT_ENDS = (b"\n", b".", b"!", b"?", b";", "。".encode(), "！".encode(), "？".encode(), "；".encode())


def _nquads_bound(path: Path) -> tuple[int, int]:
    """``(size, bound)`` of the source file at ``path``: its bytes, and at most how many bytes of N-Quads it
    may become (statements counted by what ends them, ``_STATEMENT_ENDS``).  Reads at most the size
    limit (``max_bytes``) plus one byte; a file that cannot be read counts as its size (it fails
    at once in ``build_found``)."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            data = fh.read(max_bytes() + 1)
    except (OSError, IngestError):
        return 0, 0
    if len(data) > max_bytes():
        return size, size  # refused by its size before it is parsed
    return size, len(data) * _NQ_PER_BYTE + _NQ_PER_STATEMENT * sum(data.count(e) for e in _STATEMENT_ENDS)


def _built_in_order(args: list[tuple[Found, str | None, str, bool]], jobs: int,
                    progress: Callable[[int, int], None] | None) -> Iterator[Built]:
    """``build_found`` of every ``args`` item, yielded in order.

    With ``jobs > 1`` and more than ``POOL_MIN_FILES`` files, a process pool parses
    ahead in chunks of ``_CHUNK`` files while the caller consumes (writes) the earlier
    ones; at most ``jobs * _WINDOW`` chunks are pending, holding at most ``WINDOW_BYTES`` of
    source files and ``WINDOW_NQUADS`` of N-Quads as ``_nquads_bound`` reckons them (past the
    first chunk, which always goes), which bounds memory.  The
    workers are forked at the first ``submit``: call ``next()`` once before opening
    the database writer, so that no RocksDB handle is open when they fork.
    """
    total = len(args)
    done = 0
    if jobs > 1 and total > POOL_MIN_FILES:
        from concurrent.futures import ProcessPoolExecutor

        # Chunks of ``_CHUNK`` files, or fewer when they reach ``CHUNK_BYTES`` or ``CHUNK_NQUADS``; in flight
        # at most ``jobs * _WINDOW`` chunks holding (past the first) ``WINDOW_BYTES`` of source files and
        # ``WINDOW_NQUADS`` of N-Quads by ``_nquads_bound``.  A file becomes ~30-1,100 bytes of N-Quads per
        # byte (a statement every 5 bytes: the most), held until it is written: a window counted in files
        # alone let a few hundred large notes wait in memory, one counted in bytes six files of `- ab`
        # lines (4 GB, issue 23).
        Sized = tuple[list[tuple[Found, str | None, str, bool]], tuple[int, int]]
        sized: list[Sized] = []
        cur: list[tuple[Found, str | None, str, bool]] = []
        cur_bytes = cur_nq = 0
        for a in args:
            n, nq = _nquads_bound(a[0].abs_path)
            if cur and (len(cur) >= _CHUNK or cur_bytes + n > CHUNK_BYTES or cur_nq + nq > CHUNK_NQUADS):
                sized.append((cur, (cur_bytes, cur_nq)))
                cur, cur_bytes, cur_nq = [], 0, 0
            cur.append(a)
            cur_bytes += n
            cur_nq += nq
        if cur:
            sized.append((cur, (cur_bytes, cur_nq)))
        chunks = iter(sized)

        with ProcessPoolExecutor(max_workers=jobs, initializer=start_worker, initargs=(os.getpid(),)) as ex:
            finished = False
            try:
                first, first_held = next(chunks)
                with signals_held():  # the first submit forks every worker (fork start method)
                    pending = deque([(ex.submit(_build_chunk, first), first_held)])
                held, held_nq = first_held
                waiting: list[Sized] = []

                def fill() -> None:
                    nonlocal held, held_nq
                    while len(pending) < jobs * _WINDOW:
                        nxt = waiting.pop() if waiting else next(chunks, None)
                        if nxt is None:
                            return
                        c, (n, nq) = nxt
                        if pending and (held + n > WINDOW_BYTES or held_nq + nq > WINDOW_NQUADS):
                            waiting.append(nxt)
                            return
                        pending.append((ex.submit(_build_chunk, c), (n, nq)))
                        held += n
                        held_nq += nq

                fill()
                while pending:
                    fut, (n, nq) = pending.popleft()
                    results = fut.result()
                    held -= n
                    held_nq -= nq
                    fill()
                    for r in results:
                        done += 1
                        if progress:
                            progress(done, total)
                        yield r
                finished = True
            finally:
                if not finished:  # the caller stopped early (an error, Ctrl-C)
                    stop_pool(ex)
    else:
        for a in args:
            r = build_found(a)
            done += 1
            if progress:
                progress(done, total)
            yield r


def _put_source_graph(w: object, iri: str, data: bytes, quads: int) -> None:
    """Replace named graph ``iri`` by N-Quads ``data``: as text where the writer takes it (embedded
    store), else (a remote writer) as ``pyoxigraph.Quad`` objects through ``put_graph``."""
    put = getattr(w, "put_graph_nquads", None)
    if put is not None:
        put(iri, data, quads)
    else:
        w.put_graph(iri, list(ox.parse(data, format=ox.RdfFormat.N_QUADS)))  # type: ignore[attr-defined]


def _add_text(w: object, text: str, quads: int) -> None:
    """Add N-Quads ``text`` through the writer (as text where it takes it, else as quads)."""
    add = getattr(w, "add_nquads", None)
    data = text.encode("utf-8")
    if add is not None:
        add(data, quads)
    else:
        w.add(list(ox.parse(data, format=ox.RdfFormat.N_QUADS)))  # type: ignore[attr-defined]


@dataclass
class _Plan:
    """What an ingest found before it writes: the report so far and the changes to make.

    ``base`` names the state of the store ``known`` was read from (``_store_base``): a write goes
    ahead only while it is still the live one.
    """

    rep: IngestReport
    found: list[Found]
    known: dict[str, dict[str, object]]
    base: str | None
    existed: bool
    todo: list[Found]
    touched: dict[str, float]
    again: set[str]
    gone: list[str]
    gone_from_empty: list[str]
    legacy: bool
    #: the model version of an older store this ingest upgrades (``graph.migrate``), and its graphs
    old_model: int | None = None
    old_graphs: list[str] = field(default_factory=list)

    @property
    def writes(self) -> bool:
        """True when the ingest has something to add, change or remove, or a store to upgrade."""
        return bool(self.todo or self.gone or self.legacy or self.old_model is not None)


def _store_base(store: Backend) -> str | None:
    """The state of ``store`` a plan is read from: the live database folder's name (embedded, opened:
    ``known_revisions`` then reads that very folder), the write token of a server store
    (``graph.remote.RemoteStore.write_token``, read before anything else), None in memory or for
    an empty store."""
    from .store import Store

    if isinstance(store, Store):
        if store.path is None or not store.exists():
            return None
        d = store.database_dir
        return d.name if d is not None else None
    token = getattr(store, "write_token", None)
    return token() if token is not None else None


def _live_base(store: Backend) -> str | None:
    """What ``_store_base`` would answer now, with the write lock held (no database opened)."""
    from .store import Store

    if isinstance(store, Store):
        return store.live_database()
    token = getattr(store, "write_token", None)
    return token() if token is not None else None


def _plan(store: Backend, paths: list[str | os.PathLike[str]], kind: str | None) -> _Plan:
    """Discover ``paths`` and compare them with what ``store`` holds (``ingest_paths``, before it writes)."""
    rep = IngestReport()
    found, problems = discover(paths, warnings=rep.warnings)
    rep.errors.extend(problems)
    base = _store_base(store)
    existed = store.exists()
    known = known_revisions(store) if existed else {}
    todo: list[Found] = []
    # Same bytes, new modification time (``touch``, a checkout): unchanged.  The recorded kg:mtime is
    # refreshed only by a write that happens anyway; alone it does not make one (see below).
    touched: dict[str, float] = {}
    for f in found:
        k = known.get(f.rel)
        if k is not None:
            try:
                st = f.abs_path.stat()
            except OSError:
                todo.append(f)
                continue
            if k.get("size") == st.st_size and k.get("mtime") is not None and abs(float(k["mtime"]) - st.st_mtime) < 1e-6:
                rep.unchanged.append(f.rel)
                continue
            try:
                if sha256_of(read_regular(f.abs_path)) == k.get("sha"):
                    rep.unchanged.append(f.rel)
                    touched[f.rel] = float(st.st_mtime)
                    continue
            except IngestError:  # a FIFO or device now, too large, unreadable: read_source says which
                pass
        todo.append(f)

    again: set[str] = set()
    if kind and rep.unchanged:
        # Same bytes asked to be read as another kind (`ingest --kind living_doc` after a plain ingest):
        # read again; the new reading is a new revision of the same bytes (…/rev/<sha>-2).
        named = {f.rel for f in found if f.explicit}  # --kind applies to files named, not to folders' files
        again = _read_as_another_kind(store, {str(known[p]["rev"]): p for p in rep.unchanged
                                              if p in known and p in named}, kind)
        if again:
            rep.unchanged = [p for p in rep.unchanged if p not in again]
            todo.extend(f for f in found if f.rel in again)
    # Same bytes read by an older provkg (its code or lexicon changed since: ``extractor_digest``): read
    # again, as a new revision of the same bytes, so an upgrade's judgement reaches every file.  Files whose
    # reader is unknown (no side file: another backend, another process's write) are left as they are.
    current = extractor_digest()
    older = {p for p in rep.unchanged if p in known and "extractor" in known[p] and known[p]["extractor"] != current}
    if older:
        rep.reread = sorted(older)
        rep.unchanged = [p for p in rep.unchanged if p not in older]
        todo.extend(f for f in found if f.rel in older and f.rel not in again)
        for p in older:
            touched.pop(p, None)
        again = again | older
    # A manifest that did not change is not parsed again below, but whether the files it names exist
    # depends on the rest of the workspace: check it now, so that an incremental ingest warns about a
    # named file that is missing exactly as a fresh ingest does (and stops once the file is back).
    same = set(rep.unchanged)
    rep.warnings.extend(_stored_warnings(store, {str(known[p]["rev"]): p for p in same if p in known}))
    rep.warnings.extend(_missing_item_warnings([f for f in found if f.rel in same], kind))

    # Deleted files: known under a folder we walked, no longer there.  A path is relative to its
    # workspace root, and the workspace may have moved since the path was ingested (a renamed
    # folder, another checkout): a root that no longer exists, at least half of whose files this
    # ingest found unchanged under another root, has moved there, and its paths missing at both places
    # are gone.  A second workspace in the same store takes over no root, so it removes nothing.
    walked = [Path(p).resolve() for p in paths if Path(p).is_dir()]
    present = {f.rel for f in found}
    # A move is believed only when the old root is gone and at least half of its files are here,
    # unchanged: two workspaces share paths (the living document, the queue) and even identical files.
    unchanged = set(rep.unchanged)
    same_at: dict[tuple[str, Path], int] = {}
    for f in found:
        k = known.get(f.rel)
        if k is not None and k.get("root") and Path(str(k["root"])) != f.root and f.rel in unchanged:
            same_at[(str(k["root"]), f.root)] = same_at.get((str(k["root"]), f.root), 0) + 1
    per_root: dict[str, int] = {}
    for k in known.values():
        if k.get("root"):
            per_root[str(k["root"])] = per_root.get(str(k["root"]), 0) + 1
    moved_to: dict[str, Path] = {}
    for (old_root, new_root), n in sorted(same_at.items(), key=lambda kv: -kv[1]):
        if old_root not in moved_to and 2 * n >= per_root[old_root] and not _exists(Path(old_root)):
            moved_to[old_root] = new_root
    gone = []
    for p, k in known.items():
        if p in present or not k.get("root"):
            continue
        old = Path(str(k["root"])) / p
        if _exists(old):  # (under a folder this ingest cannot read, discover's error names it: kept as it was)
            continue
        new = moved_to.get(str(k["root"]))
        places = [old] if new is None else [old, new / p]
        if any(full.is_relative_to(w) for full in places for w in walked):
            gone.append(p)
    legacy = any(k.get("legacy") for k in known.values())

    walked_files: dict[Path, int] = {w: 0 for w in walked}
    for f in found:
        for w in walked:
            if f.abs_path.is_relative_to(w):
                walked_files[w] += 1
    empty = [w for w, n in walked_files.items() if n == 0]
    for a in paths:  # an unmounted share, a typo: said, whether or not the store held files from it
        if Path(a).is_dir() and Path(a).resolve() in empty:
            rep.warnings.append(f"{a}: holds no file provkg reads (*.md, *.markdown, *.txt; *.json under "
                                "work-guard/); nothing was read from it")
    gone_from_empty = [p for p in gone if any((Path(str(known[p]["root"])) / p).is_relative_to(w) for w in empty)]
    # A store written by an older model is upgraded in this ingest's write (graph.migrate): the graphs
    # it holds now are the ones to rewrite.
    from .migrate import outdated_version

    old_model = outdated_version(store) if existed else None
    old_graphs = store.named_graphs() if old_model is not None else []
    return _Plan(rep, found, known, base, existed, todo, touched, again, gone, gone_from_empty, legacy,
                 old_model, old_graphs)


def _mass_removal(plan: _Plan, paths: list[str | os.PathLike[str]]) -> str | None:
    """The one-line refusal of an ingest that would remove the files of an empty folder, or more than
    half of the files the store holds (an unmounted share, a checkout half gone); None when it would not."""
    gone, known = plan.gone, plan.known
    if not gone:
        return None
    if plan.gone_from_empty:
        empty = sorted({str(a) for a in paths if Path(a).is_dir() and any(
            (Path(str(known[p]["root"])) / p).is_relative_to(Path(a).resolve()) for p in plan.gone_from_empty)})
        why = f"{', '.join(empty) or 'the folder'} holds no file provkg reads (an unmounted share?)"
    elif 2 * len(gone) > len(known):
        why = "that is more than half of them"
    else:
        return None
    return (f"this ingest would remove {len(gone)} of the {len(known)} files the store holds, and {why}; "
            "nothing was written: pass --allow-mass-removal if they really were deleted")



def ingest_paths(
    store: Backend,
    paths: list[str | os.PathLike[str]],
    *,
    kind: str | None = None,
    tz_name: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    now: Callable[[], datetime] | None = None,
    allow_mass_removal: bool = False,
    derive: Callable[[IndexWrite], None] | None = None,
) -> IngestReport:
    """Ingest ``paths`` (files and folders) into ``store``.

    Parameters
    ----------
    kind : str, optional
        Force the kind of files named explicitly (``"brief"``).
    tz_name : str, optional
        IANA zone for times written without one (default ``$PROVKG_TZ`` or UTC).
    progress : callable, optional
        Called as ``progress(done, total)`` while parsing.
    jobs : int
        Parse with this many processes (1 = in this process; 0 or less = one per
        available CPU, what ``provkg ingest`` does by default).  A pool is used only
        past ``POOL_MIN_FILES`` (64) files to parse: below that, starting it costs
        more than it saves.  The workers also build each file's named graph as
        N-Quads text, and the store is written while they parse (files are still
        written in discovery order, so the result does not depend on ``jobs``).
    now : callable, optional
        Clock (injected by tests); returns an aware ``datetime``.
    allow_mass_removal : bool
        Let the ingest remove the files of a folder argument that holds none now, or more than
        half of the files the store holds (``_mass_removal``); without it such an ingest writes
        nothing and raises ``MassRemovalError``.
    derive : callable, optional
        On an embedded store, called with the write of the derived index (``graph.index.IndexWrite``)
        once every revision's facts are in it, before the write commits: it brings the index's
        answers up to date (``queries.derive.update``, what ``provkg.api.ProvKG.ingest`` passes).
        Without it the facts are kept and the answers left as they were (readers then compute
        them).  Its ``rebuild_facts(store, write)`` attribute, when there is one, fills an index that
        does not describe the store (deleted, or written by an older provkg), or the index of a store
        this ingest upgrades to a newer model (``graph.migrate``: graphs rewritten under the same
        revision IRIs), from the RDF the write makes.

    Writers are serialised end to end: an ingest that has something to write takes the store's
    write lock (``Store.lock``, ``RemoteStore.lock``: waiting for another writer to finish), and if
    the store changed since it compared the files with it, compares them again with what is live
    under the lock; the write itself checks once more that nothing moved (``writer(expect=…)``).
    Two ingests at once therefore give the state of running them one after the other.

    Returns
    -------
    IngestReport
        When no file was added, changed or removed (files that only got a new modification
        time, or that fail to parse, count as no change), the store is not written at all:
        no activity is recorded, ``report.activity`` is None and the database folder
        (``Store.database_dir``) stays, so caches kept per database stay valid.
        ``report.warnings`` holds the warnings of the files parsed, those kept with the
        revisions of unchanged files when they went in (``_stored_warnings``: a broken front
        matter is reported by every ingest until it is mended), and for every unchanged
        manifest a warning per item whose file does not exist now (``_missing_item_warnings``),
        so an incremental ingest reports what a fresh ingest would.

    Raises
    ------
    StoreLockedError
        Another process kept writing the store for the whole lock timeout (only raised when there
        is something to write).
    ingest.errors.MassRemovalError
        The ingest would remove the files of an empty folder or more than half of the store's
        files, and ``allow_mass_removal`` is False; nothing is written.
    ingest.errors.UsageError
        ``tz_name`` (or ``$PROVKG_TZ``) is not an IANA time zone; nothing is read or written.
    StoreError
        The store folder is not a provkg store (and not empty), or the store cannot be written, or
        the derived index (``<store>/index.sqlite``) cannot be written; nothing is written.
    """
    clock = now or (lambda: datetime.now(timezone.utc))
    tz_name = tz_name or os.environ.get("PROVKG_TZ", "UTC")
    try:
        _tz(tz_name)
    except (ValueError, KeyError, OSError):  # ZoneInfoNotFoundError is a KeyError
        from ingest.errors import UsageError

        raise UsageError(f"time zone {tz_name!r} (PROVKG_TZ) is not an IANA zone name such as "
                         "Asia/Shanghai or UTC") from None
    max_bytes()  # a bad PROVKG_MAX_FILE_BYTES is one UsageError, before anything is read
    max_file_figures()  # and so is a bad PROVKG_MAX_FILE_FIGURES
    started = clock()
    from .store import Store

    plan = _plan(store, paths, kind)
    if plan.writes:
        lock = getattr(store, "lock", None)
        with (lock() if lock is not None else contextlib.nullcontext()):
            if _live_base(store) != plan.base:  # another write came in since: compare again, under the lock
                if isinstance(store, Store):
                    store.close()
                plan = _plan(store, paths, kind)
            if plan.writes:
                if not allow_mass_removal:
                    refusal = _mass_removal(plan, paths)
                    if refusal is not None:
                        from ingest.errors import MassRemovalError

                        raise MassRemovalError(refusal)
                return _write_plan(store, plan, kind=kind, tz_name=tz_name, progress=progress, jobs=jobs,
                                   started=started, clock=clock, derive=derive)
    # Nothing to add, change or remove (or nothing could be read: `ingest /no/such/path` creates no
    # store).  No writer is opened: no activity is recorded and the database folder stays, so the
    # derived index describes it as it is.  A refreshed kg:mtime alone
    # is not worth a new database: such files are hashed again by the next ingest (microseconds a
    # note) until one that writes records their new time.
    rep = plan.rep
    embedded = isinstance(store, Store) and store.path is not None
    _note_run(store, plan.base if embedded else None, wrote=False)
    if embedded and plan.existed:
        store.remove_stale_copies()  # type: ignore[union-attr]  # a killed write's copy, as a write would
        if derive is not None:
            _answers_up_to_date(store, derive)
    rep.unchanged.sort()
    return rep


def _write_plan(store: Backend, plan: _Plan, *, kind: str | None, tz_name: str,
                progress: Callable[[int, int], None] | None, jobs: int, started: datetime,
                clock: Callable[[], datetime],
                derive: Callable[[IndexWrite], None] | None = None) -> IngestReport:
    """Parse the files of ``plan`` and write them, and the removals, in one write (``ingest_paths``,
    which holds the write lock); the derived index's write goes with it (``_open_index_write``)."""
    from .store import Store

    rep, known, todo, touched, again = plan.rep, plan.known, plan.todo, plan.touched, plan.again
    gone, legacy, existed = plan.gone, plan.legacy, plan.existed
    embedded = isinstance(store, Store) and store.path is not None
    known_base = plan.base if embedded else None
    if jobs <= 0:
        jobs = default_jobs()
    # Claims are sent back for every file that may have been in the store before (a changed file, or
    # a file added to a store that exists: it may have been removed and come back).
    args = [(f, kind, tz_name, existed) for f in todo]
    if embedded:
        store.close()  # no RocksDB handle open when the pool forks (the writer reopens what it needs)
    built = _built_in_order(args, jobs, progress)
    first = next(built, None)  # starts the pool (forks) before the database writer opens
    stamp = started.strftime("%Y%m%dT%H%M%S%fZ") + "-" + uuid.uuid4().hex[:8]
    live = {p: (k["rev"], k["sha"], k["size"], k.get("mtime"), k.get("root")) for p, k in known.items()}
    try:
        with contextlib.ExitStack() as stack:
            # The writer opens at the first file that has something to write (files that fail to parse,
            # or whose bytes turn out to be the ones recorded, write nothing).
            opened: list[object] = []
            iw: list[IndexWrite | None] = [None]  # the write of the derived index (embedded stores)
            fresh: list[tuple[str, str, dict]] = []  # a new store's revisions, indexed in batches

            def writer() -> object:
                if not opened:
                    opened.append(stack.enter_context(store.writer(expect=plan.base)))
                    opened[0].keeps_revisions = True  # each graph is the content its revision IRI names
                    rep.activity = stamp
                    if embedded:
                        # a store upgraded to a newer model has every graph rewritten under its revision
                        # IRI: its index is made again from the RDF this write makes
                        iw[0] = _open_index_write(stack, store, opened[0], derive,
                                                  again=plan.old_model is not None)
                return opened[0]

            def index_revision(f: Found, b: Built, prev: dict[str, object] | None) -> None:
                w_ = iw[0]
                if w_ is None or getattr(w_, "rebuild", False):  # filled from the RDF store at the end
                    return
                rev = str(live[f.rel][0])
                rows = marshal.loads(b.rows) if b.rows else {}
                if prev is not None:
                    w_.close_revision(str(prev["rev"]))
                if not existed:
                    fresh.append((rev, f.rel, rows))
                    if len(fresh) >= 500:
                        _index_fresh(w_, fresh)
                else:
                    _index_call(w_.add_revision, rev, f.rel, rows)

            for f, b in zip(todo, _chain_first(first, built)):
                rep.warnings.extend(b.warnings)
                if b.error:
                    rep.errors.append(b.error)
                    continue
                prev = known.get(f.rel)
                if prev is not None and prev.get("sha") == b.sha256 and f.rel not in again:
                    # The first look could not read it; the bytes are the recorded ones.
                    rep.unchanged.append(f.rel)
                    with contextlib.suppress(OSError):
                        touched[f.rel] = float(f.abs_path.stat().st_mtime)
                    continue
                _write_one(writer(), f, b, prev, rep, stamp, clock, live, existed)
                index_revision(f, b, prev)
            if gone or legacy or plan.old_model is not None:
                writer()
            if opened:
                w = opened[0]
                for p in gone:
                    rev = str(known[p]["rev"])
                    _invalidate(w, rev, _claims_in(w, rev), stamp, clock())
                    if iw[0] is not None and not getattr(iw[0], "rebuild", False):
                        _index_call(iw[0].close_revision, rev)
                    rep.removed.append(p)
                    live.pop(p, None)
                refreshed: set[str] = set()
                for p, mtime in sorted(touched.items()):
                    if p in live and p not in gone:
                        _refresh_mtime(w, str(live[p][0]), mtime)
                        refreshed.add(str(live[p][0]))
                        live[p] = (*live[p][:3], mtime, live[p][4])
                # A store from before the kg:current marker: mark its live revisions once.
                w.add(ox.Quad(ox.NamedNode(str(k["rev"])), _kg("current"), _TRUE, PROV_GRAPH)  # type: ignore[attr-defined]
                      for p, k in known.items() if k.get("legacy") and p not in gone and p not in rep.changed)
                if plan.old_model is not None:
                    from .migrate import upgrade

                    rep.upgraded = (plan.old_model, upgrade(w, plan.old_graphs, mtime_written=refreshed))
                    # the graphs changed under their revision IRIs: caches kept by revision IRI must not
                    # survive this write (a new write generation, graph.store module docstring)
                    w.keeps_revisions = False  # type: ignore[attr-defined]
                counts = {"added": len(rep.added), "changed": len(rep.changed), "removed": len(rep.removed),
                          "unchanged": len(rep.unchanged)}
                w.add(activity_quads(stamp, started, clock(), counts, VERSION))  # type: ignore[attr-defined]
                if embedded:
                    written, current = set(rep.added) | set(rep.changed), extractor_digest()
                    _write_known_file(w, known_base, live, stamp,
                                      {p: current if p in written else known.get(p, {}).get("extractor") for p in live})
                if iw[0] is not None:
                    _index_fresh(iw[0], fresh)
                    if getattr(iw[0], "rebuild", False):  # the index described no database: fill it now
                        w.commit()  # type: ignore[attr-defined]
                        _index_call(derive.rebuild_facts, _WriteReader(w.db), iw[0])  # type: ignore[union-attr,attr-defined]
                    if getattr(w, "loaded_batches", 0) >= getattr(w, "COMPACT_AFTER_BATCHES", 1 << 30):
                        # A large write: RocksDB commits and compacts in a thread while the answers are
                        # computed.  A small one commits in this thread as before (a Ctrl-C then rolls it
                        # back at once, not after the background commit).
                        w.finish_in_background()  # type: ignore[attr-defined]
                    if derive is not None:
                        _index_call(derive, iw[0])
                    _index_call(iw[0].prune)
    finally:
        built.close()  # an error while writing: stop the pool
    _note_run(store, known_base, wrote=rep.activity is not None)
    if embedded and existed and rep.activity is None:
        store.remove_stale_copies()  # type: ignore[union-attr]
    written = set(rep.added) | set(rep.changed)
    if rep.activity is not None and any(f.rel in written and _reads_as_manifest(f, kind) for f in todo):
        rep.warnings.extend(_shared_manifest_ids(store, {str(v[0]) for v in live.values()}, written))
    rep.added.sort()
    rep.changed.sort()
    rep.removed.sort()
    rep.unchanged.sort()
    return rep


def _index_call(fn: Callable[..., object], *args: object) -> object:
    """``fn(*args)`` on the derived index; an SQLite error becomes a one-line ``StoreError``."""
    try:
        return fn(*args)
    except sqlite3.Error as e:
        from ingest.errors import StoreError

        raise StoreError(f"cannot write the derived index ({INDEX_NAME}): {e}; nothing was written "
                         f"(remove the file and run `provkg reindex` if it persists)") from None


def _answers_up_to_date(store: Backend, derive: Callable[[IndexWrite], None]) -> None:
    """Bring the derived index's answers up to date for the live database when its last write left them
    behind (an ``ingest_paths`` call without ``derive``), in place under the store's lock: readers of the
    live database read the answers only once ``meta.answers_db`` names it (``graph.index``).  Nothing
    when they are current, when the index does not describe the live database, or when another process
    holds the lock (the answers are then computed by the readers, as before)."""
    from ingest.errors import StoreLockedError

    path = store.path / INDEX_NAME  # type: ignore[attr-defined]
    db = database_number(store.current_database())  # type: ignore[attr-defined]
    if not db or not path.is_file():
        return
    try:  # the common case, answers current: no lock taken
        index = Index(path)
    except sqlite3.Error:
        return
    try:
        if not index.describes(db) or index.answers_current(db):
            return
    finally:
        index.close()
    wait = getattr(store, "lock_timeout", None)
    try:
        store.lock_timeout = 0  # type: ignore[attr-defined]  # never wait for another writer here
        with store.lock():  # type: ignore[attr-defined]
            # The live database and the index file are read under the lock: a write that went live, or a
            # reindex that swapped the file, before it is what this sees (never an older database's number,
            # whose rows-after would then be undone, nor a file no longer the store's).
            db = database_number(store.current_database())  # type: ignore[attr-defined]
            try:
                index = Index(path)
            except sqlite3.Error:
                return
            try:
                if not db or not index.describes(db) or index.answers_current(db):
                    return
                with _index_errors(store.path, index.write(db, db)) as w:  # type: ignore[attr-defined]
                    _index_call(derive, w)
            finally:
                index.close()
    except StoreLockedError:
        pass
    finally:
        store.lock_timeout = wait  # type: ignore[attr-defined]


def _index_fresh(w: IndexWrite, fresh: list[tuple[str, str, dict]]) -> None:
    """Index the revisions collected in ``fresh`` (a new store's) at once, and empty the list."""
    if fresh:
        _index_call(w.add_many, list(fresh))
        fresh.clear()


class _WriteReader:
    """The database a write is making, as a SPARQL reader (``select`` only): what an index rebuilt inside
    the write reads."""

    def __init__(self, db: object):
        self.db = db

    def select(self, query: str, **_: object) -> list[dict[str, object]]:
        """The solutions of SELECT ``query`` over the union of the named graphs, as Python values."""
        from .store import to_python

        res = self.db.query(query, use_default_graph_as_union=True)  # type: ignore[attr-defined]
        names = [v.value for v in res.variables]
        return [{n: to_python(v) for n, v in zip(names, row)} for row in res]


@contextlib.contextmanager
def _index_errors(where: object, cm: contextlib.AbstractContextManager[IndexWrite]) -> Iterator[IndexWrite]:
    """``cm`` (a derived-index write), its SQLite errors as one-line ``StoreError`` (a full disk while
    it commits: the Oxigraph write it goes with is then rolled back too)."""
    try:
        with cm as w:
            yield w
    except sqlite3.Error as e:
        from ingest.errors import StoreError

        raise StoreError(f"{where}: cannot write the derived index ({INDEX_NAME}): {e}; nothing was "
                         "written") from None


def _open_index_write(stack: contextlib.ExitStack, store: Backend, w: object,
                      derive: Callable[[IndexWrite], None] | None, *, again: bool = False) -> IndexWrite | None:
    """The write of the embedded store's derived index that goes with Oxigraph write ``w``.

    Entered on ``stack`` after the Oxigraph write, so it commits first (``graph.index``: readers
    filter by database, so an index committed for a database that never goes live shows nothing
    and is undone by the next write).  When the index does not describe the database this write
    copied (deleted, or made before the index existed), it is emptied and ``rebuild`` is set on the
    write: the loader then fills it from the RDF of the database the write made, at its end
    (``derive.rebuild_facts``); without ``derive.rebuild_facts`` the index file is removed (readers
    then read the RDF store until ``provkg reindex``) and None is returned.  A file of another
    format (``graph.index.FORMAT``: its tables have another layout) is removed first, as if deleted.
    ``again`` (an ingest that upgrades the store's model, ``graph.migrate``) treats the index as stale
    whatever it describes: the write rewrites every graph under the same revision IRIs.
    """
    path = store.path / INDEX_NAME  # type: ignore[attr-defined]
    base = database_number(getattr(w, "base", None)) if getattr(w, "base", None) else 0
    db = database_number(getattr(w, "database", None))
    try:
        index = Index(path)
        if index.meta("format") not in (None, INDEX_FORMAT):
            index.close()
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(str(path) + suffix)
            index = Index(path)
        stack.callback(index.close)
        stale = (bool(base) and not index.describes(base)) or again
        if stale and getattr(derive, "rebuild_facts", None) is None:
            index.close()
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(str(path) + suffix)
            return None
        iw = stack.enter_context(_index_errors(store.path, index.write(db, base, fresh=stale)))
        iw.rebuild = stale  # type: ignore[attr-defined]
        return iw
    except sqlite3.Error as e:
        from ingest.errors import StoreError

        raise StoreError(f"{path}: cannot write the derived index: {e} (remove the file and run "
                         f"`provkg reindex`)") from None


def _reads_as_manifest(f: Found, kind: str | None) -> bool:
    """True when ``read_source`` reads ``f`` as a manifest in this ingest (as ``parse_found`` calls it:
    ``kind`` applies to files named explicitly; otherwise a ``.json`` file is a manifest)."""
    k = kind if (kind and f.explicit) else None
    return k == "manifest" or (k is None and f.rel.lower().endswith(".json"))


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a path that cannot be looked at (a folder on the way without permission) counts as
    there: nothing is removed from the store for a folder this ingest cannot read."""
    try:
        return path.exists()
    except OSError:
        return True


def _missing_item_warnings(unchanged: list[Found], kind: str | None) -> list[str]:
    """The "named file does not exist" warnings of the manifests among ``unchanged``, in file order.

    ``unchanged`` are files this ingest found with the bytes the store records, so they are not
    parsed again; ``kind`` is ``ingest_paths``' argument.  A manifest's items
    name other files of the workspace, which may have been deleted (or restored) since the
    manifest went in, so its items are checked again on every ingest: each manifest is read with
    ``ingest.sources.parse_manifest`` (its validation in a fresh ingest) and its items whose file does not exist are
    reported with the lines a fresh ingest gives (``ingest.sources.check_manifest_paths``,
    ``missing_only=True``).  Its other problems
    (an item listed twice or outside the workspace) depend on the manifest's bytes alone: they
    are kept with its revision and reported by ``_stored_warnings``, like every other file's.

    Never raises: a manifest that can no longer be read gives no warning here (its bytes were the
    recorded ones a moment ago; the next ingest that sees them change reports the error).
    """
    out: list[str] = []
    for f in unchanged:
        if not _reads_as_manifest(f, kind):
            continue
        try:  # its items alone: no full read_source (which checks every item's real path: 2 s at 10,000 notes)
            man = parse_manifest(read_regular(f.abs_path), f.rel)
        except (OSError, IngestError):
            continue
        out.extend(check_manifest_paths(man, f, missing_only=True))
    return out


_MANIFEST_ITEMS = f"""SELECT ?g ?id ?path ?item WHERE {{
  GRAPH ?g {{ ?m a {_kg("Manifest")} ; {_kg("manifestId")} ?id ; {_kg("inSource")} ?src . ?src {_kg("path")} ?path .
             OPTIONAL {{ ?m {_kg("hasItem")} ?i . ?i {_kg("material")} ?item }} }}
}}"""


def _shared_manifest_ids(store: Backend, current: set[str], written: set[str]) -> list[str]:
    """Warnings for manifest files this ingest wrote that list a material another file with their ID lists.

    ``current`` are the live revision IRIs after the ingest, ``written`` the paths it added or
    changed.  Files sharing a ``manifest_id`` are read as one manifest, one row per material
    (``queries.snapshot.Snapshot.manifest_items_for``): a shift split in two files is fine, but
    two files listing the same materials are most likely a stray copy.  Returns one line per
    written file in such a pair, sorted: ``"<file>: manifest_id '<id>' is also declared by
    <other> (N materials in both); …"`` (a pair both written: one line, on the file not named
    after the ID, else on the later path).
    Never raises (a store that cannot answer gives none).
    """
    try:
        rows = store.select(_MANIFEST_ITEMS)
    except Exception:  # noqa: BLE001 - a warning is not worth failing an ingest that has committed
        return []
    items: dict[str, dict[str, set[str]]] = {}
    for r in rows:
        if str(r["g"]) in current:
            mats = items.setdefault(str(r["id"]), {}).setdefault(str(r["path"]), set())
            if r.get("item") is not None:
                mats.add(str(r["item"]))
    out = []
    for mid, files in items.items():
        for p in sorted(set(files) & written):
            for other in sorted(set(files) - {p}):
                if other in written and (named_after_id(p, mid), other) > (named_after_id(other, mid), p):
                    continue  # both written: one line for the pair, on the copy (not named by the ID)
                if both := len(files[p] & files[other]):
                    out.append(f"{p}: manifest_id {mid!r} is also declared by {other} ({both} materials in both; "
                               "each is read once): rename or remove a copy")
    return sorted(out)


def _chain_first(first: Built | None, rest: Iterator[Built]) -> Iterator[Built]:
    """``first`` (already taken from ``rest``), then the rest."""
    if first is not None:
        yield first
    yield from rest


def _write_one(w: object, f: Found, b: Built, prev: dict[str, object] | None, rep: IngestReport, stamp: str,
               clock: Callable[[], datetime], live: dict[str, tuple], history: bool = True) -> None:
    """Write the new revision of file ``f`` that ingest read (``b``, parsed without error, bytes other
    than ``prev``'s), recording the outcome in ``rep``.

    ``prev`` is the file's live revision before this ingest (``known_revisions``), or None;
    ``live`` (path -> (rev, sha, size, mtime, root)) is updated to the file's live revision after it.
    ``history`` is False when the store was empty before this ingest (nothing to look up).

    The previous revision and the claims that left the file are invalidated (``_invalidate``).  The new
    revision is a new entity: bytes the store already recorded for this path (a file reverted
    A -> B -> A) get the next free ``revision_iri(path, sha, n)`` and ``prov:alternateOf`` the first
    revision of those bytes (``_new_revision``).  A claim of the new revision that was invalidated
    before (it left the file, or the file was removed, and now it is back) has that invalidation
    withdrawn (``_restore_claims``): a claim held by a live revision is current.
    """
    assert b.sha256 is not None
    when = clock()
    other_root = Path(str(prev["root"])) if prev is not None and prev.get("root") else None
    if other_root is not None and other_root != f.root and (other_root / f.rel).is_file():
        # Sources are keyed by workspace-relative path (IRIs survive moving a workspace),
        # so a second workspace with the same path replaces the first one's file.
        rep.warnings.append(f"{f.rel}: replaces the file of the same path from "
                            f"{other_root}; keep one store per workspace (--store)")
    new_claims = set(b.claims or ())
    old_claims: set[str] = set()
    if prev is not None:
        # Keep the old named graph; invalidate the old revision and the claims the new
        # revision no longer holds (same stable IRI = same claim).
        old_rev = str(prev["rev"])
        old_claims = _claims_in(w, old_rev)
        _invalidate(w, old_rev, old_claims - new_claims, stamp, when)
        rep.changed.append(f.rel)
    else:
        rep.added.append(f.rel)
    st_mtime = f.abs_path.stat().st_mtime
    base = revision_iri(f.rel, b.sha256).value
    # A changed file may return to bytes read before; an added file only when its path has a past
    # (removed, then back).  A store that was empty has neither (no lookup: a cold ingest stays fast).
    past = history and (prev is not None or _has_past(w, f.rel))
    rev, alternate = _new_revision(w, f.rel, b.sha256) if past else (base, None)
    data = b.data if rev == base else retarget_nquads(b.data, base, rev)
    _put_source_graph(w, rev, data, b.quads)  # one whole named graph
    _add_text(w, revision_nquads(f.rel, b.sha256, b.size, stamp, when, str(prev["rev"]) if prev else None,
                                 st_mtime, str(f.root), revision=rev if rev != base else None,
                                 alternate_of=alternate), 12)
    if past:
        _restore_claims(w, new_claims - old_claims)
    rep.quads += b.quads
    live[f.rel] = (rev, b.sha256, b.size, float(st_mtime), str(f.root))


def _match_existing(w: object) -> Callable[..., list[ox.Quad]]:
    """The writer's ``match_existing`` (no wait for background loads), else its ``match``."""
    return getattr(w, "match_existing", None) or w.match  # type: ignore[attr-defined]


def _has_past(w: object, path: str) -> bool:
    """True when the store records a revision of ``path`` (the file was ingested, then removed)."""
    return bool(_match_existing(w)(None, N.prov.specializationOf, source_iri(path), PROV_GRAPH))


def _taken(w: object, iri: str) -> bool:
    """True when revision IRI ``iri`` is in use: a named graph of that name, or a recorded revision."""
    node = ox.NamedNode(iri)
    has = getattr(w, "has_graph", None)
    if has is not None and has(iri):
        return True
    if has is None and _match_existing(w)(node, _RDF_TYPE, _kg("SourceRevision"), node):
        return True
    return bool(_match_existing(w)(node, _RDF_TYPE, _kg("SourceRevision"), PROV_GRAPH))


def _new_revision(w: object, path: str, sha256: str) -> tuple[str, str | None]:
    """The IRI of a new revision of ``path`` with bytes ``sha256``, and the earlier revision it is an
    alternate of (or None).

    ``revision_iri(path, sha256)`` when the store has no such revision; else the next free
    ``revision_iri(path, sha256, n)`` (n = 2, 3, …, deterministic), an alternate of the first one when
    that one records the same full SHA-256 (not only its first 16 hex digits).
    """
    base = revision_iri(path, sha256).value
    if not _taken(w, base):
        return base, None
    n = 2
    while _taken(w, revision_iri(path, sha256, n).value):
        n += 1
    same = any(q.object.value == sha256
               for q in _match_existing(w)(ox.NamedNode(base), _kg("sha256"), None, PROV_GRAPH))
    return revision_iri(path, sha256, n).value, (base if same else None)


def _restore_claims(w: object, claims: set[str]) -> None:
    """Withdraw the ``prov:wasInvalidatedBy``/``prov:invalidatedAtTime`` of ``claims`` that carry one.

    Called with the claims a new revision holds that its previous revision did not: a claim that left
    its file (or whose file was removed) and is back.  Claim IRIs are stable (path, text, occurrence), so
    it is the same claim; it is current again, and an entity is invalidated at most once, so the record
    of its earlier absence goes.  That absence stays in the revisions: the revision graphs of that time do
    not hold the claim (``provkg diff --since``).
    """
    match = _match_existing(w)
    drop: list[ox.Quad] = []
    for c in sorted(claims):
        node = ox.NamedNode(c)
        inv = match(node, N.prov.wasInvalidatedBy, None, PROV_GRAPH)
        if inv:
            drop.extend(inv)
            drop.extend(match(node, N.prov.invalidatedAtTime, None, PROV_GRAPH))
    if drop:
        w.remove(drop)  # type: ignore[attr-defined]


def _refresh_mtime(w: object, rev: str, mtime: float) -> None:
    """Record ``mtime`` as the ``kg:mtime`` of revision ``rev`` (same bytes, new modification time)."""
    node = ox.NamedNode(rev)
    w.remove_matching(node, _kg("mtime"), None, PROV_GRAPH)  # type: ignore[attr-defined]
    w.add([ox.Quad(node, _kg("mtime"), _lit(mtime), PROV_GRAPH)])  # type: ignore[attr-defined]
