"""Which model a store's data follows, read without the RDF libraries (every command's first check).

The room of ``ProvKG.require`` and of the ingest's first look at a store: whether the store was
written by provkg < 0.2 (no ``kg:current`` marker, ``is_legacy_store``), which model version it
records (``store_model_version``), and the one line that tells how to upgrade it
(``upgrade_message``).  IRIs are plain strings here so that a reading command does not import
rdflib; ``graph.migrate`` holds the upgrade itself and re-exports these names.
"""
from __future__ import annotations

__all__ = ["KG_IRI", "ID_IRI", "MODEL_VERSION", "extractor_digest", "PROV_GRAPH_IRI", "ANY_REVISION_QUERY", "KNOWN_REVISIONS_QUERY", "LEGACY_REVISIONS_QUERY",
           "is_legacy_store", "store_model_version", "outdated_version", "upgrade_message"]

#: The namespace of provkg's own terms, and the base of its resource IRIs (``graph.namespaces`` builds
#: its rdflib namespaces from these strings).
KG_IRI = "https://w3id.org/provkg/ns#"
ID_IRI = "https://w3id.org/provkg/id/"

#: The version of this model (what ``source_lines`` and ``revision_nquads`` write) that a store records
#: as ``id:graph/provenance kg:modelVersion`` (provenance graph).  1: before issue 21 (revisions generated
#: by the ingest, claims quoted from the unversioned file with their lines on the claim, an invented
#: ``id:agent/_unknown``, no language tags); 2: issue 21.  ``graph.migrate`` upgrades an older store.
MODEL_VERSION = 2

#: The provenance graph's IRI (``graph.namespaces.PROV_GRAPH``).
PROV_GRAPH_IRI = ID_IRI + "graph/provenance"

#: Live revisions (``kg:current true``) with what ``graph.loader.known_revisions`` reads of them.
KNOWN_REVISIONS_QUERY = """
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?rev ?path ?sha ?size ?mtime ?root WHERE {
  GRAPH <%s> { ?rev kg:current true ; kg:path ?path ; kg:sha256 ?sha ; kg:size ?size .
    OPTIONAL { ?rev kg:mtime ?mtime } OPTIONAL { ?rev kg:root ?root } }
}
""" % PROV_GRAPH_IRI

# Stores written before the ``kg:current`` marker existed: live = never invalidated.
LEGACY_REVISIONS_QUERY = """
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?rev ?path ?sha ?size ?mtime ?root WHERE {
  GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path ; kg:sha256 ?sha ; kg:size ?size .
    OPTIONAL { ?rev kg:mtime ?mtime } OPTIONAL { ?rev kg:root ?root }
    FILTER NOT EXISTS { ?rev prov:wasInvalidatedBy ?x } }
}
""" % PROV_GRAPH_IRI

# Any revision recorded at all (tells an empty store from one written before kg:current).
ANY_REVISION_QUERY = "SELECT ?rev WHERE { GRAPH <%s> { ?rev <%s> ?sha } } LIMIT 1" % (PROV_GRAPH_IRI,
                                                                                  KG_IRI + "sha256")
_VERSION_Q = "SELECT ?v WHERE { GRAPH <%s> { <%s> <%s> ?v } }" % (PROV_GRAPH_IRI, PROV_GRAPH_IRI, KG_IRI + "modelVersion")
_ANY_REVISION = "SELECT ?r WHERE { GRAPH <%s> { ?r <%s> ?sha } } LIMIT 1" % (PROV_GRAPH_IRI, KG_IRI + "sha256")
_ROOTS_Q = ("SELECT DISTINCT ?root WHERE { GRAPH <%s> { ?r <%s> true ; <%s> ?root } }"
            % (PROV_GRAPH_IRI, KG_IRI + "current", KG_IRI + "root"))


def is_legacy_store(db) -> bool:  # db: graph.backend.Backend
    """True when ``db`` records revisions but none carries ``kg:current`` (written by provkg < 0.2).

    The shipped queries read only ``kg:current`` revisions, so such a store answers
    nothing until one ``provkg ingest`` marks its live revisions (see ``ingest_paths``).
    A store whose every revision was invalidated (all its files were removed) is not one: its
    revisions carry ``prov:wasInvalidatedBy``, which a legacy store's live revisions do not.
    """
    return bool(db.select(ANY_REVISION_QUERY)) and not db.select(KNOWN_REVISIONS_QUERY + " LIMIT 1") \
        and bool(db.select(LEGACY_REVISIONS_QUERY + " LIMIT 1"))


def store_model_version(store) -> int | None:
    """The model version a store's data follows: the largest ``kg:modelVersion`` it records, 1 when
    it records revisions but no version (model 1 wrote none), None for a store with no revision.

    ``store`` is any ``graph.backend.Backend`` that exists.  Raises ``QueryError`` / ``StoreError``
    when it cannot be read.  Two index lookups at most.
    """
    got = [v for v in (r["v"] for r in store.select(_VERSION_Q)) if isinstance(v, int)]
    if got:
        return max(got)
    return 1 if store.select(_ANY_REVISION) else None


def outdated_version(store) -> int | None:
    """The store's model version when it is older than ``MODEL_VERSION`` (the next ingest upgrades
    it), else None.  Same arguments and errors as ``store_model_version``."""
    v = store_model_version(store)
    return v if v is not None and v < MODEL_VERSION else None


def upgrade_message(store, location: str | None = None) -> str | None:
    """One line telling how to upgrade an outdated store, or None when it follows ``MODEL_VERSION``.

    Names the workspace roots the store's live revisions were read from (``kg:root``), so the
    command can be copied: ``run `provkg --store .provkg ingest /work/ws` once …``.  ``location``
    is how the user named the store (``--store``); default its path.
    """
    v = outdated_version(store)
    if v is None:
        return None
    roots = sorted(str(r["root"]) for r in store.select(_ROOTS_Q) if r["root"])
    where = location or str(getattr(store, "path", None) or "the store")
    paths = " ".join(roots) if roots else "PATH"
    return (f"{where} was written by provkg's model {v} (revisions said to be generated by the ingest, claims "
            f"quoted from files rather than revisions); run `provkg --store {where} ingest {paths}` once to upgrade "
            f"it to model {MODEL_VERSION} (every revision is kept; nothing is read again)")


_DIGEST: str | None = None


def extractor_digest() -> str:
    """A digest of the code and data that turn a file into its graph and its rules' answers: the sources
    of the ``ingest``, ``graph`` and ``queries`` packages (``*.py``), their data files (the lexicon, the
    shapes) and the shipped SPARQL, but not the renderers and output schemas; 16 hex digits of SHA-256.

    The loader keeps, per live revision, the digest of the provkg that read it (the store's side file,
    ``graph.loader``): a file whose bytes are unchanged but which an older provkg read is read again, so an
    upgrade's better judgement reaches every file, not only the ones edited since.  Computed once per
    process (about 5 ms: some 2 MB of source).
    """
    global _DIGEST
    if _DIGEST is None:
        import hashlib
        from pathlib import Path

        h = hashlib.sha256()
        top = Path(__file__).resolve().parent.parent
        for pkg in ("ingest", "graph", "queries"):
            base = top / pkg
            # (the renderers and the output schemas make no fact and no answer)
            files = [f for f in base.rglob("*") if f.is_file() and not {"__pycache__", "render", "schemas"} & set(f.parts)
                     and f.suffix in (".py", ".json", ".ttl", ".rq", ".yaml", ".yml", ".txt")]
            for f in sorted(files):
                h.update(f.relative_to(top).as_posix().encode("utf-8") + b"\0")
                h.update(f.read_bytes() + b"\0")
        _DIGEST = h.hexdigest()[:16]
    return _DIGEST
