"""Ingest files into a store, incrementally and atomically.

``ingest_paths(store, paths)`` discovers files, skips unchanged ones (same
size and modification time, else same SHA-256), parses new and changed ones,
drops the named graphs of changed and deleted files, and records one
``prov:Activity`` with the revisions it generated, all in one atomic write.
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

from .model import PROV_GRAPH, activity_quads, revision_iri, revision_quads, source_quads, _kg, _lit
from .store import Store

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
  GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path ; kg:sha256 ?sha ; kg:size ?size .
    OPTIONAL { ?rev kg:mtime ?mtime } OPTIONAL { ?rev kg:root ?root }
    FILTER NOT EXISTS { ?rev prov:wasInvalidatedBy ?x } }
}
""" % PROV_GRAPH.value


def known_revisions(db: ox.Store) -> dict[str, dict[str, object]]:
    """Live revisions by path: ``{path: {rev, sha, size, mtime, root}}``."""
    from .store import to_python

    out: dict[str, dict[str, object]] = {}
    for row in db.query(_KNOWN):
        d = {k: to_python(row[k]) for k in ("rev", "path", "sha", "size", "mtime", "root")}
        out[str(d["path"])] = d
    return out


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
    store: Store,
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
        Parse with this many processes (1 = in this process).
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
    known = known_revisions(store.db) if store.exists() else {}

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
                w.remove(list(w.db.quads_for_pattern(rev, _kg("mtime"), None, PROV_GRAPH)))
                w.add([ox.Quad(rev, _kg("mtime"), _lit(float(f.abs_path.stat().st_mtime)), PROV_GRAPH)])
                rep.unchanged.append(f.rel)
                continue
            if prev is not None:
                w.drop_graph(str(prev["rev"]))
                rep.changed.append(f.rel)
            else:
                rep.added.append(f.rel)
            quads = source_quads(rec)
            st_mtime = f.abs_path.stat().st_mtime
            pq = revision_quads(rec, stamp, clock(), str(prev["rev"]) if prev else None, st_mtime)
            pq.append(ox.Quad(revision_iri(rec.path, rec.sha256), _kg("root"), _lit(str(f.root)), PROV_GRAPH))
            w.add(quads)
            w.add(pq)
            rep.quads += len(quads)
        a_iri = f"https://w3id.org/provkg/id/activity/{stamp}"
        for p in gone:
            k = known[p]
            w.drop_graph(str(k["rev"]))
            w.add([ox.Quad(ox.NamedNode(str(k["rev"])), ox.NamedNode("http://www.w3.org/ns/prov#wasInvalidatedBy"),
                           ox.NamedNode(a_iri), PROV_GRAPH)])
            rep.removed.append(p)
        counts = {"added": len(rep.added), "changed": len(rep.changed), "removed": len(rep.removed),
                  "unchanged": len(rep.unchanged)}
        w.add(activity_quads(stamp, started, clock(), counts, VERSION))
    rep.added.sort()
    rep.changed.sort()
    rep.removed.sort()
    rep.unchanged.sort()
    return rep
