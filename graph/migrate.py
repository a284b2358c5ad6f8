"""Upgrade a store written by an older version of provkg's model to the current one, in place.

The model's version (``graph.model.MODEL_VERSION``) is recorded in the provenance graph as
``id:graph/provenance kg:modelVersion N`` by every ingest (``graph.model.activity_quads``).  A
store that records revisions but no version was written by model 1 (every provkg before issue 21).
``provkg ingest`` upgrades such a store in the same atomic write as the files it reads
(``graph.loader.ingest_paths`` calls ``upgrade``), so the one command is the usual one; every other
command that reads an older store prints ``upgrade_message`` as a warning.

Model 1 -> 2 (docs/MODEL.md, "What PROV says happened"), per named graph, with no file read again:
every revision is kept, old ones included, under the same IRIs.

* **Content graph** (one per file revision: the graph holds ``<g> a kg:SourceRevision``),
  ``upgrade_graph``: a claim's ``kg:line`` / ``kg:lineEnd`` move to its ``prov:Quotation``
  (``graph.model.quotation_iri``: ``prov:entity`` the revision), and the claim is
  ``prov:wasQuotedFrom`` the revision instead of the file; the invented ``id:agent/_unknown`` and every
  statement naming it go; the revision is ``prov:wasAttributedTo`` its file's author; text literals
  get their language tag (``graph.model.text_language``, the file's ``kg:lang`` for mixed text);
  works and versions get ``rdfs:seeAlso`` their arXiv page; citations, items, quantities, works,
  manifests, manifest items and brief nodes are typed ``prov:Entity``; figures written as
  ``xsd:double`` and UTC times written ``+00:00`` by builds before issue 21 take model 2's
  ``xsd:decimal`` and ``…Z`` forms.  The result is what model 2 writes for the same bytes
  (tests/test_prov_model.py compares them as graphs).
* **Provenance graph**, ``_upgrade_provenance``: ``R prov:wasGeneratedBy A`` / ``A prov:generated R``
  / ``R prov:generatedAtTime t`` of each revision become ``A prov:used R`` and the extraction
  ``<R>/extraction`` (``kg:Extraction``, ``prov:wasDerivedFrom R``, ``prov:wasGeneratedBy A``,
  ``prov:generatedAtTime t``); ``kg:mtime`` doubles and ``+00:00`` times as in content graphs.


Graphs that are not provkg's (``provkg import`` of foreign data) are left alone.  The transform is
idempotent: a graph already in model 2 comes back unchanged and is not written.
"""
from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox

from .model import (
    N,
    PROV_GRAPH,
    TEXT_PROPERTIES,
    arxiv_abs_iri,
    extraction_iri,
    quotation_iri,
    text_language,
    xsd_decimal,
)
from .namespaces import ID_IRI
from .versions import (
    ANY_REVISION_QUERY,
    KNOWN_REVISIONS_QUERY,
    LEGACY_REVISIONS_QUERY,
    is_legacy_store,
    outdated_version,
    store_model_version,
    upgrade_message,
)

__all__ = ["ANY_REVISION_QUERY", "KNOWN_REVISIONS_QUERY", "LEGACY_REVISIONS_QUERY", "OLD_UNKNOWN_AGENT",
           "is_legacy_store", "store_model_version", "outdated_version", "upgrade_message", "upgrade_graph", "upgrade"]

#: The agent model 1 attributed files that name no author to (a ``prov:Agent`` without a name).
OLD_UNKNOWN_AGENT = ID_IRI + "agent/_unknown"


_A = N.rdf.type
_STRING = "http://www.w3.org/2001/XMLSchema#string"
#: Classes model 2 also types ``prov:Entity`` (model 1 typed only some of them so).
_ENTITY_CLASSES = frozenset(N.kg[c] for c in ("Work", "Citation", "Item", "Quantity", "Manifest", "ManifestItem",
                                                "Brief", "BriefIncrement", "BriefCitation"))

_TEXT = frozenset(N.kg[p] for p in TEXT_PROPERTIES)
_XSD = "http://www.w3.org/2001/XMLSchema#"
_DECIMAL = ox.NamedNode(_XSD + "decimal")
_MTIME = N.kg["mtime"]
#: Numbers builds before issue 21 wrote as ``xsd:double`` (model 2 writes ``xsd:decimal``, graph.model.xsd_decimal).
_DECIMALS = frozenset((N.kg["value"], N.kg["valueHigh"], _MTIME))


def _canonical(p: ox.NamedNode, o: object) -> object:
    """``o`` as model 2 writes it: a figure or modification time in ``xsd:double`` as ``xsd:decimal``,
    an ``xsd:dateTime`` in UTC written ``+00:00`` as ``…Z`` (what builds before issue 21 wrote)."""
    if not isinstance(o, ox.Literal) or o.datatype is None:
        return o
    dt = o.datatype.value
    if dt == _XSD + "double" and p in _DECIMALS:
        try:
            return ox.Literal(xsd_decimal(float(o.value)), datatype=_DECIMAL)
        except ValueError:
            return o
    if dt == _XSD + "dateTime" and o.value.endswith("+00:00"):
        return ox.Literal(o.value[:-6] + "Z", datatype=o.datatype)
    return o


def _plain(o: object) -> bool:
    return isinstance(o, ox.Literal) and o.language is None and (o.datatype is None or o.datatype.value == _STRING)


def upgrade_graph(quads: Iterable[ox.Quad], graph: str) -> list[ox.Quad] | None:
    """The model-2 quads of the content graph ``graph`` (IRI) given its model-1 ``quads``.

    Returns None when the graph is not a revision's content graph (it does not type its own IRI
    ``kg:SourceRevision``: foreign data), else the upgraded quads (the module docstring lists
    the changes).  A graph already in model 2 comes back as the same set of quads.
    """
    quads = list(quads)
    g = ox.NamedNode(graph)
    types: dict[object, set[object]] = {}
    for q in quads:
        if q.predicate == _A:
            types.setdefault(q.subject, set()).add(q.object)
    if N.kg["SourceRevision"] not in types.get(g, ()):
        return None
    claim_t, source_t = N.kg["Claim"], N.kg["Source"]
    claims = {s for s, ts in types.items() if claim_t in ts}
    sources = {s for s, ts in types.items() if source_t in ts}
    lang = next((q.object.value for q in quads if q.subject in sources and q.predicate == N.kg["lang"]), None)
    unknown = ox.NamedNode(OLD_UNKNOWN_AGENT)
    line, line_end, quoted = N.kg["line"], N.kg["lineEnd"], N.prov.wasQuotedFrom
    warning = N.kg["warning"]
    spans: dict[object, dict[str, ox.Literal]] = {}
    out: list[ox.Quad] = []
    authors: list[object] = []
    for q in quads:
        s, p, o = q.subject, q.predicate, q.object
        if s == unknown or o == unknown:
            continue
        if s in claims and p in (line, line_end):
            spans.setdefault(s, {})[p.value] = o
            continue
        if s in claims and p == quoted:
            continue
        if p in _TEXT and _plain(o) and not (p == warning and s == g):
            tag = text_language(o.value, lang)
            if tag:
                o = ox.Literal(o.value, language=tag)
        if s in sources and p == N.prov.wasAttributedTo:
            authors.append(o)
        out.append(ox.Quad(s, p, _canonical(p, o), g))
    add = out.append
    for c in sorted(claims, key=str):
        add(ox.Quad(c, quoted, g, g))
        span = spans.get(c)
        if span is None:  # already model 2: its quotation is among the quads
            continue
        quo = quotation_iri(graph, c.value)
        add(ox.Quad(c, N.prov.qualifiedQuotation, quo, g))
        add(ox.Quad(quo, _A, N.prov.Quotation, g))
        add(ox.Quad(quo, N.prov.entity, g, g))
        for key, lit in span.items():
            add(ox.Quad(quo, ox.NamedNode(key), lit, g))
    for a in authors:
        add(ox.Quad(g, N.prov.wasAttributedTo, a, g))
    for s, ts in types.items():
        if ts & _ENTITY_CLASSES:
            add(ox.Quad(s, _A, N.prov.Entity, g))
    version = {q.subject: q.object.value for q in quads if q.predicate == N.kg["version"] and N.kg["WorkVersion"] in types.get(q.subject, ())}
    for q in quads:
        if q.predicate == N.kg["arxivId"] and isinstance(q.object, ox.Literal):
            add(ox.Quad(q.subject, N.rdfs.seeAlso, arxiv_abs_iri(q.object.value, version.get(q.subject)), g))
    return list(dict.fromkeys(out))


def _upgrade_provenance(w, mtime_written: set[str]) -> None:
    """Rewrite the generation of every revision in the provenance graph as model 2 states it (module
    docstring), through ``w`` (a ``GraphWriter``): removals and additions of single quads.  The
    ``kg:mtime`` of the revisions in ``mtime_written`` (IRIs) is left alone: this write records a new one."""
    pg = PROV_GRAPH
    revs = {q.subject for q in w.match(None, _A, N.kg["SourceRevision"], pg)}
    old_gen = [q for q in w.match(None, N.prov.wasGeneratedBy, None, pg) if q.subject in revs]
    old_at = [q for q in w.match(None, N.prov.generatedAtTime, None, pg) if q.subject in revs]
    remove: list[ox.Quad] = [*old_gen, *old_at]
    add: list[ox.Quad] = []
    moving = set(old_at)
    for q in w.match(None, None, None, pg):  # numbers and times as model 2 writes them
        obj = q.object
        o = _canonical(q.predicate, obj)
        if o is not obj and q not in moving and not (q.predicate == _MTIME and q.subject.value in mtime_written):
            remove.append(q)
            add.append(ox.Quad(q.subject, q.predicate, o, pg))

    for q in old_gen:
        rev, act = q.subject, q.object
        x = extraction_iri(rev.value)
        remove.append(ox.Quad(act, N.prov.generated, rev, pg))
        add += [ox.Quad(act, N.prov.used, rev, pg), ox.Quad(x, _A, N.kg["Extraction"], pg),
                ox.Quad(x, _A, N.prov.Entity, pg), ox.Quad(x, N.prov.wasDerivedFrom, rev, pg),
                ox.Quad(x, N.prov.wasGeneratedBy, act, pg), ox.Quad(act, N.prov.generated, x, pg)]
    for q in old_at:
        add.append(ox.Quad(extraction_iri(q.subject.value), N.prov.generatedAtTime,
                           _canonical(q.predicate, q.object), pg))
    if remove:
        w.remove(remove)
    if add:
        w.add(add)


def upgrade(w, graphs: Iterable[str], *, mtime_written: Iterable[str] = ()) -> int:
    """Upgrade the named graphs ``graphs`` (IRIs; those the store held before this write) and the
    provenance graph to ``MODEL_VERSION``, through the writer ``w`` of the write that records it.
    ``mtime_written``: revisions whose ``kg:mtime`` this write replaces (the loader's refreshed times).

    Reads each graph as it stood when the write began (``w.match``) and replaces it (``put_graph``)
    only when it changes.  Returns the number of content graphs rewritten.  The caller records the
    version (``activity_quads`` does) and must not let derived-data caches keyed by revision IRI
    survive the write (the loader clears ``keeps_revisions``).  Raises what the writer raises.
    """
    n = 0
    for graph in sorted(graphs):
        if graph == PROV_GRAPH.value:
            continue
        old = w.match(None, None, None, ox.NamedNode(graph))
        new = upgrade_graph(old, graph)
        if new is None or set(new) == set(old):
            continue
        w.put_graph(graph, new)
        n += 1
    _upgrade_provenance(w, set(mtime_written))
    return n
