"""Ingest files into a store, incrementally and atomically.

``ingest_paths(store, paths)`` discovers files, skips unchanged ones (same
size and modification time, else same SHA-256), parses new and changed ones,
and records one ``prov:Activity`` with the revisions it generated, all in one
atomic write.  Nothing is overwritten: the named graph of a changed or deleted
file stays; its revision, and the claims that left the file, get
``prov:wasInvalidatedBy`` the activity with ``prov:invalidatedAtTime``, and the
``kg:current true`` marker (provenance graph) moves to the new revision.
Per-file errors are collected as one-line messages; the other files still go in.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone, tzinfo
from pathlib import Path

import pyoxigraph as ox

from ingest.errors import IngestError
from ingest.lexicon import load_lexicon
from ingest.models import ParsedSource
from ingest.sources import Found, discover, read_source, sha256_of

from .model import (
    PROV_GRAPH,
    _kg,
    _lit,
    activity_quads,
    invalidation_quads,
    revision_iri,
    revision_quads,
    source_quads,
)
from .backend import Backend

__all__ = ["IngestReport", "ingest_paths", "known_revisions", "parse_found"]

VERSION = "0.1.0"


@dataclass
class IngestReport:
    """What one ingest did: workspace-relative paths per outcome, and problems.

    ``errors`` are one-line ``path:line: problem`` messages for files that
    were not ingested; ``warnings`` for files that went in with a problem.
    """

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    activity: str | None = None
    quads: int = 0

    def summary(self) -> str:
        """One line: ``added 12, changed 1, removed 0, unchanged 3, errors 0``."""
        return (
            f"added {len(self.added)}, changed {len(self.changed)}, removed {len(self.removed)}, "
            f"unchanged {len(self.unchanged)}, errors {len(self.errors)}"
        )


_KNOWN = """
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?rev ?path ?sha ?size ?mtime ?root WHERE {
  GRAPH <%s> { ?rev kg:current true ; kg:path ?path ; kg:sha256 ?sha ; kg:size ?size .
    OPTIONAL { ?rev kg:mtime ?mtime } OPTIONAL { ?rev kg:root ?root } }
}
""" % PROV_GRAPH.value

# Stores written before the ``kg:current`` marker existed: live = never invalidated.
_KNOWN_LEGACY = """
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?rev ?path ?sha ?size ?mtime ?root WHERE {
  GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path ; kg:sha256 ?sha ; kg:size ?size .
    OPTIONAL { ?rev kg:mtime ?mtime } OPTIONAL { ?rev kg:root ?root }
    FILTER NOT EXISTS { ?rev prov:wasInvalidatedBy ?x } }
}
""" % PROV_GRAPH.value

# Any revision recorded at all (tells an empty store from one written before kg:current).
_ANY_REVISION = "SELECT ?rev WHERE { GRAPH <%s> { ?rev <%s> ?sha } } LIMIT 1" % (PROV_GRAPH.value, _kg("sha256").value)

_TRUE = _lit(True)
_RDF_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")


def is_legacy_store(db: Backend) -> bool:
    """True when ``db`` records revisions but none carries ``kg:current`` (written by provkg < 0.2).

    The shipped queries read only ``kg:current`` revisions, so such a store answers
    nothing until one ``provkg ingest`` marks its live revisions (see ``ingest_paths``).
    """
    return bool(db.select(_ANY_REVISION)) and not db.select(_KNOWN + " LIMIT 1")


def known_revisions(db: Backend) -> dict[str, dict[str, object]]:
    """Live revisions by path: ``{path: {rev, sha, size, mtime, root, legacy}}``.

    A live revision carries ``kg:current true`` in the provenance graph.  A
    store written before that marker existed has none; then a revision is live
    when it has no ``prov:wasInvalidatedBy``, and ``legacy`` is True (the next
    ingest adds the missing markers).
    """
    from .store import to_python

    out: dict[str, dict[str, object]] = {}
    rows = db.select_terms(_KNOWN)
    legacy = not rows and bool(db.select_terms(_ANY_REVISION))
    for row in (db.select_terms(_KNOWN_LEGACY) if legacy else rows):
        d = {k: to_python(row[k]) for k in ("rev", "path", "sha", "size", "mtime", "root")}
        d["legacy"] = legacy
        out[str(d["path"])] = d
    return out


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


def ingest_paths(
    store: Backend,
    paths: list[str | os.PathLike[str]],
    *,
    kind: str | None = None,
    tz_name: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    now: Callable[[], datetime] | None = None,
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
        available CPU).  A pool is used only past 64 files to parse: below that,
        starting it costs more than it saves.
    now : callable, optional
        Clock (injected by tests); returns an aware ``datetime``.

    Returns
    -------
    IngestReport

    Raises
    ------
    StoreLockedError
        Another process is writing the store.
    """
    clock = now or (lambda: datetime.now(timezone.utc))
    tz_name = tz_name or os.environ.get("PROVKG_TZ", "UTC")
    started = clock()
    rep = IngestReport()
    found, problems = discover(paths)
    rep.errors.extend(problems)
    known = known_revisions(store) if store.exists() else {}

    todo: list[Found] = []
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
                if sha256_of(f.abs_path.read_bytes()) == k.get("sha"):
                    rep.unchanged.append(f.rel)
                    continue
            except OSError:
                pass
        todo.append(f)

    results = []
    args = [(f, kind, tz_name) for f in todo]
    if jobs <= 0:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if jobs > 1 and len(args) > 64:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for i, r in enumerate(ex.map(parse_found, args, chunksize=32), 1):
                results.append(r)
                if progress:
                    progress(i, len(args))
    else:
        for i, a in enumerate(args, 1):
            results.append(parse_found(a))
            if progress:
                progress(i, len(args))

    # Deleted files: known under a folder we walked, no longer there.
    walked = [Path(p).resolve() for p in paths if Path(p).is_dir()]
    present = {f.rel for f in found}
    gone = []
    for p, k in known.items():
        if p in present or not k.get("root"):
            continue
        full = Path(str(k["root"])) / p
        if any(full.is_relative_to(w) for w in walked) and not full.exists():
            gone.append(p)

    if not results and not gone and not store.exists():
        return rep  # nothing could be read: do not create an empty store (`ingest /no/such/path`)
    stamp = started.strftime("%Y%m%dT%H%M%S%fZ") + "-" + uuid.uuid4().hex[:8]
    rep.activity = stamp
    with store.writer() as w:
        for f, rec, warns, err in results:
            rep.warnings.extend(warns)
            if err:
                rep.errors.append(err)
                continue
            assert rec is not None
            prev = known.get(f.rel)
            if prev is not None and prev.get("sha") == rec.sha256:
                # Same bytes, new mtime: refresh the recorded mtime only.
                rev = ox.NamedNode(str(prev["rev"]))
                w.remove_matching(rev, _kg("mtime"), None, PROV_GRAPH)
                w.add([ox.Quad(rev, _kg("mtime"), _lit(float(f.abs_path.stat().st_mtime)), PROV_GRAPH)])
                rep.unchanged.append(f.rel)
                continue
            quads = source_quads(rec)
            when = clock()
            other_root = Path(str(prev["root"])) if prev is not None and prev.get("root") else None
            if other_root is not None and other_root != f.root and (other_root / f.rel).is_file():
                # Sources are keyed by workspace-relative path (IRIs survive moving a workspace),
                # so a second workspace with the same path replaces the first one's file.
                rep.warnings.append(f"warning: {f.rel}: replaces the file of the same path from "
                                    f"{other_root}; keep one store per workspace (--store)")
            if prev is not None:
                # Keep the old named graph; invalidate the old revision and the claims the new
                # revision no longer holds (same stable IRI = same claim).
                old_rev = str(prev["rev"])
                new_claims = {q.subject.value for q in quads if q.predicate == _RDF_TYPE and q.object == _kg("Claim")}
                _invalidate(w, old_rev, _claims_in(w, old_rev) - new_claims, stamp, when)
                rep.changed.append(f.rel)
            else:
                rep.added.append(f.rel)
            st_mtime = f.abs_path.stat().st_mtime
            pq = revision_quads(rec, stamp, when, str(prev["rev"]) if prev else None, st_mtime)
            pq.append(ox.Quad(revision_iri(rec.path, rec.sha256), _kg("root"), _lit(str(f.root)), PROV_GRAPH))
            w.put_graph(revision_iri(rec.path, rec.sha256).value, quads)  # one whole named graph
            w.add(pq)
            rep.quads += len(quads)
        for p in gone:
            rev = str(known[p]["rev"])
            _invalidate(w, rev, _claims_in(w, rev), stamp, clock())
            rep.removed.append(p)
        # A store from before the kg:current marker: mark its live revisions once.
        w.add(ox.Quad(ox.NamedNode(str(k["rev"])), _kg("current"), _TRUE, PROV_GRAPH)
              for p, k in known.items() if k.get("legacy") and p not in gone and p not in rep.changed)
        counts = {"added": len(rep.added), "changed": len(rep.changed), "removed": len(rep.removed),
                  "unchanged": len(rep.unchanged)}
        w.add(activity_quads(stamp, started, clock(), counts, VERSION))
    rep.added.sort()
    rep.changed.sort()
    rep.removed.sort()
    rep.unchanged.sort()
    return rep
