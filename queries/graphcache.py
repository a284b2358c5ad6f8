"""Snapshot parts kept per named graph: derived data maintained per ingested revision.

A scoped snapshot (``queries.scope``) reads a few hundred named graphs.  On
the on-disk Oxigraph store every term of every row costs a dictionary lookup
(~10 µs: 10,000 notes, ~340 graphs, ~3 s per brief), although a revision's
rows never change: every snapshot part query joins inside one ``GRAPH ?g``
(plus the ``kg:current`` marker), so a revision's rows are a function of that
revision's quads alone.

So the rows of each part are kept per revision, in
``<store>/graph-cache/<format>/<sha1(revision IRI)>.marshal`` (marshal, as the
whole-store part cache: plain values only, nothing runs on load).  A revision
IRI names the file's path and content hash, so an entry stays right across
ingests and is shared by every database of the store; the format key holds
the provkg version and the cache format, so an upgrade that changes the model
never reads old rows.

That holds only for what ingest writes: ``provkg import`` (``--replace`` an
edited graph, or quads added to a revision's graph) changes a graph under its
old revision IRI.  So the folder's key also holds the store's write generation
(``graph.store.database_generation``), which every write that is not an ingest
renews: after it the entries start cold, and an entry made before it can never
be read again (the first entry of the new generation removes the old folder,
``graph.atomic.fresh_cache_root``).  Ingests keep the generation, so their
entries, and the patched parts of ``queries.snapshot``, stay warm.

An entry is used only when it decodes to every part asked for, each of its
part's shape (``queries.snapshot._valid_part``); any other file is read again
from the store and rewritten.  Graphs that are not cached yet are read with one set
of scoped SELECTs, split by path (one current revision per path) and written.

Only embedded on-disk stores have the cache; remote and in-memory stores read
through ``ScopedBackend`` every time.  A cache that cannot be read or written
is ignored: it only ever saves time, it never changes an answer.
"""
from __future__ import annotations

import hashlib
import marshal
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from graph.atomic import fresh_cache_root, write_atomic
from graph.backend import Backend

__all__ = ["cache_root", "code_key", "graph_parts", "merge_parts", "revision_paths", "whole_store_parts",
           "without_paths"]

_FORMAT = 1  # bump when a part's encoding or a cached dataclass changes

#: How each part attribute's rows are put back in the order the whole-store part gives them.
_ORDER: dict[str, Callable[[object], object]] = {
    "claims": lambda c: (c.path, c.line, c.iri),
    "citations": lambda c: (c.arxiv_id, c.path, c.line, c.raw),
    "sections": lambda s: s.path,  # stable: per-path runs keep their line order
    "items": lambda i: i.path,
    "manifest_items": lambda m: (m.manifest_id, m.order, m.manifest_path, m.path),  # manifests.rq's total order
    "link_targets": lambda t: t,
}
#: Where a row of each list part names its file.
_PATH_OF: dict[str, Callable[[object], str]] = {
    "manifest_items": lambda m: m.manifest_path,
    "link_targets": lambda t: t[0],
}


@lru_cache(maxsize=1)
def code_key() -> str:
    """Key of the code version (16 hex digits): sha1 of the code that decides a revision's quads and rows: ``ingest/*.py``, ``graph/model.py``,
    the snapshot readers and the ``.rq`` files.  Any change to them starts a new cache."""
    root = Path(__file__).resolve().parent.parent
    files = sorted((root / "ingest").glob("*.py")) + [root / "graph" / "model.py", root / "queries" / "snapshot.py",
                                                      root / "queries" / "scope.py", Path(__file__).resolve()]
    files += sorted((root / "queries" / "sparql").glob("*.rq"))
    h = hashlib.sha1()
    for f in files:
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(f.name.encode())
    return h.hexdigest()[:16]


def cache_root(store: Backend) -> Path | None:
    """``<store>/graph-cache/<key>`` of an embedded on-disk store, else None.

    The key ``g<generation>-f<format>-py<version>-<code key>`` holds the write
    generation of the database the store handle reads (``Store.write_generation``:
    new after every write that is not an ingest, so a raw write never reads old
    rows), the cache format, the Python version and ``code_key`` (the code that
    makes a revision's quads and rows), so an upgrade never reads old rows.
    None too in memory, on a remote store, before the first write, or when the
    database cannot be opened (the rows are then read from the store).
    """
    path = getattr(store, "path", None)
    if type(store).__name__ != "Store" or not isinstance(path, Path):
        return None
    try:
        gen = store.write_generation  # type: ignore[attr-defined]
    except (OSError, AttributeError):
        return None
    if gen is None:
        return None
    return path / "graph-cache" / f"g{gen}-f{_FORMAT}-py{sys.version_info[0]}{sys.version_info[1]}-{code_key()}"


_REVISIONS = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT ?g ?path ?src WHERE { GRAPH <https://w3id.org/provkg/id/graph/provenance> {
  ?g kg:current true ; kg:path ?path ; prov:specializationOf ?src } }"""


def _part_revisions(store: Backend) -> dict[str, object]:
    rows = store.select(_REVISIONS)
    # Three columns of strings: the cheapest shape for the part cache to read back.
    return {"rev_g": [str(r["g"]) for r in rows], "rev_path": [str(r["path"]) for r in rows],
            "rev_src": [str(r["src"]) for r in rows]}


# What the part cache checks a cached copy of this part against (queries.snapshot._load_part).
_part_revisions.attrs = ("rev_g", "rev_path", "rev_src")  # type: ignore[attr-defined]
_part_revisions.valid = (  # type: ignore[attr-defined]
    lambda v: len(v["rev_g"]) == len(v["rev_path"]) == len(v["rev_src"]))


def revision_paths(store: Backend) -> list[tuple[str, str, str]]:
    """``(revision IRI, workspace path, source IRI)`` of every current revision.

    From the live revisions the last ingest saved beside the database
    (``graph.loader.saved_revisions``, ~20 ms for 12,700 files) when they name
    the live database; else one SPARQL SELECT over the provenance graph,
    cached per database.
    """
    from graph.store import SIDECAR_NAME

    from .snapshot import _cache_dir

    # One immutable database: its answer is kept for this process.  The side file's time is in the key
    # too: a store deleted and ingested again at the same path can reuse a database's name and inode.
    folder = _cache_dir(store, peek=True)
    try:
        st = (getattr(store, "path") / SIDECAR_NAME).stat()
        key = (folder, st.st_mtime_ns, st.st_size) if folder is not None else None
    except (OSError, AttributeError, TypeError):
        key = (folder, None, None) if folder is not None else None
    if key is not None and key in _REVISIONS_SEEN:
        return _REVISIONS_SEEN[key]
    from graph.loader import saved_revisions
    from graph.model import source_iri

    saved = saved_revisions(store)
    if saved:
        out = sorted((str(k["rev"]), p, source_iri(p).value) for p, k in saved.items())
    else:
        from .snapshot import _cached_part

        part = _cached_part(_part_revisions, store)
        out = list(zip(part["rev_g"], part["rev_path"], part["rev_src"]))  # type: ignore[call-overload]
    if key is not None and key[0] == _cache_dir(store):  # the database read is the one peeked at
        _REVISIONS_SEEN.clear()
        _REVISIONS_SEEN[key] = out
    return out


#: ``revision_paths`` of the last database asked, by its cache folder and side-file time (one entry:
#: databases are immutable).
_REVISIONS_SEEN: dict[tuple[Path, int | None, int | None], list[tuple[str, str, str]]] = {}


def _path_key(attr: str) -> Callable[[object], str]:
    """Where a row of list part ``attr`` names its file (``_PATH_OF``, else the row's ``path``)."""
    return _PATH_OF.get(attr, lambda r: r.path)  # type: ignore[attr-defined]


def _split(part: dict[str, object], paths: set[str]) -> dict[str, dict[str, object]]:
    """A part's value split into one part value per path (``{path: {attr: value}}``)."""
    out: dict[str, dict[str, object]] = {p: {} for p in paths}
    for attr, value in part.items():
        for p in paths:
            out[p][attr] = {} if isinstance(value, dict) else []
        if isinstance(value, dict):
            for k, v in value.items():
                if k in out:
                    out[k][attr][k] = v  # type: ignore[index]
        else:
            key = _path_key(attr)
            for row in value:  # type: ignore[union-attr]
                p = key(row)
                if p in out:
                    out[p][attr].append(row)  # type: ignore[union-attr]
    return out


def without_paths(part: dict[str, object], paths: set[str]) -> dict[str, object]:
    """A part's value without the rows (list attributes) and keys (dict attributes) of ``paths``.

    Rows keep their order.  The complement of ``_split``: with ``merge_parts``,
    ``merge_parts([without_paths(v, P), <the rows of P>])`` is ``v`` with the
    rows of ``P`` replaced (``queries.snapshot._patch_part``).
    """
    out: dict[str, object] = {}
    for attr, value in part.items():
        if isinstance(value, dict):
            out[attr] = {k: v for k, v in value.items() if k not in paths}
        else:
            key = _path_key(attr)
            out[attr] = [row for row in value if key(row) not in paths]  # type: ignore[union-attr]
    return out


def merge_parts(pieces: list[dict[str, object]]) -> dict[str, object]:
    """Per-graph part values joined into one, in the whole-store part's order."""
    out: dict[str, object] = {}
    for piece in pieces:
        for attr, value in piece.items():
            if isinstance(value, dict):
                out.setdefault(attr, {}).update(value)  # type: ignore[union-attr]
            else:
                out.setdefault(attr, []).extend(value)  # type: ignore[union-attr]
    for attr, value in out.items():
        if isinstance(value, dict):
            out[attr] = dict(sorted(value.items()))
        else:
            value.sort(key=_ORDER.get(attr, lambda r: r.path))  # type: ignore[union-attr]
    return out


def _read(f: Path, parts: list[Callable[[Backend], dict[str, object]]]) -> dict[str, object] | None:
    """The per-revision entry in ``f`` (``{part name: {attribute: value}}``), or None.

    None when the file cannot be read or decoded, or any of ``parts`` is missing
    from it or has another shape (``queries.snapshot._valid_part``): the caller
    reads the graph again and rewrites the entry.  Never raises.
    """
    from .snapshot import _UNREADABLE, _decode, _part_keys, _valid_part

    try:
        got = _decode(marshal.loads(f.read_bytes()))
    except _UNREADABLE:
        return None
    if type(got) is not dict:
        return None
    for fn in parts:
        if not _valid_part(got.get(fn.__name__.removeprefix("_part_")), _part_keys(fn)):
            return None
    return got  # type: ignore[return-value]


def _write(f: Path, value: dict[str, object]) -> None:
    from .snapshot import _encode

    try:
        write_atomic(marshal.dumps(_encode(value)), f, durable=False)
    except (OSError, ValueError):
        pass


def whole_store_parts(store: Backend, *, force: bool = False) -> dict[str, object] | None:
    """Every per-graph snapshot part over all current revisions, from the per-revision entries.

    Revisions without an entry are read and their entries written: with one
    scoped read when they are few, or with the whole-store part queries split
    by path when they are more than half the store (after a first ingest).
    Returns None, leaving the caller to read its one part the plain way, when
    more than half the revisions have no entry and ``force`` is false: a light
    query (``papers`` reads only citations) should not pay for reading every
    claim.  None too when the store has no cache (remote, in memory).
    """
    from .snapshot import _CACHED_PER_GRAPH

    root = cache_root(store)
    if root is None:
        return None
    revs = revision_paths(store)
    if not revs:  # no revision marked current (an empty or a legacy store): read the plain way
        return None
    files = {g: root / f"{hashlib.sha1(g.encode('utf-8')).hexdigest()}.marshal" for g, _, _ in revs}
    have = sum(1 for f in files.values() if f.exists())
    if have * 2 >= len(revs):
        return graph_parts(store, [g for g, _, _ in revs], _CACHED_PER_GRAPH)
    if not force:
        return None
    # Most revisions are new to the cache: read the whole store once, split it by path, write entries.
    by_part = {fn.__name__.removeprefix("_part_"): fn(store) for fn in _CACHED_PER_GRAPH}
    path_of = {g: p for g, p, _ in revs}
    split = {n: _split(v, set(path_of.values())) for n, v in by_part.items()}
    fresh_cache_root(root)
    for g, f in files.items():
        if not f.exists():
            _write(f, {n: split[n][path_of[g]] for n in by_part})
    out: dict[str, object] = {}
    for v in by_part.values():
        out.update(v)
    return out


def graph_parts(store: Backend, graphs: list[str], parts: list[Callable[[Backend], dict[str, object]]]) -> dict[str, object]:
    """The snapshot parts ``parts`` (``queries.snapshot._part_*``) over the named graphs ``graphs``.

    Parameters
    ----------
    store : Backend
        The store; the per-graph cache is used when it is an embedded on-disk one.
    graphs : list of str
        Current revision IRIs.
    parts : list of callables
        Part readers; each takes a backend and returns ``{attribute: value}``.

    Returns
    -------
    dict
        ``{attribute: value}`` for every attribute of ``parts``, equal to what
        the readers give over a dataset of exactly ``graphs``.  An entry that
        cannot be read or has another shape counts as missing (``_read``).

    Raises
    ------
    QueryError
        Reading a graph that has no valid entry failed.
    """
    from .scope import ScopedBackend

    root = cache_root(store)
    if root is None:
        out: dict[str, object] = {}
        for fn in parts:
            out.update(fn(ScopedBackend(store, graphs)))
        return out
    path_of = {g: p for g, p, _ in revision_paths(store)}
    names = [fn.__name__.removeprefix("_part_") for fn in parts]
    pieces: list[dict[str, object]] = []
    missing: list[str] = []
    files: dict[str, Path] = {}
    for g in graphs:
        f = root / f"{hashlib.sha1(g.encode('utf-8')).hexdigest()}.marshal"
        files[g] = f
        got = _read(f, parts)
        if got is not None:
            pieces.append({k: v for n in names for k, v in got[n].items()})  # type: ignore[union-attr]
        else:
            missing.append(g)
    if missing:
        # One set of scoped SELECTs for every graph not cached yet; the rows are split by path
        # (one current revision per path) and each graph's share is written to its file, with
        # every part so the next reader finds the entry complete.
        from .snapshot import _CACHED_PER_GRAPH

        fresh_cache_root(root)
        scoped = ScopedBackend(store, missing)
        by_part = {fn.__name__.removeprefix("_part_"): fn(scoped) for fn in _CACHED_PER_GRAPH}
        paths = {path_of[g] for g in missing if g in path_of}
        split = {n: _split(v, paths) for n, v in by_part.items()}
        for g in missing:
            p = path_of.get(g)
            if p is None:
                continue
            entry = {n: split[n][p] for n in by_part}
            _write(files[g], entry)
            pieces.append({k: v for n in names for k, v in entry[n].items()})
    return merge_parts(pieces)
