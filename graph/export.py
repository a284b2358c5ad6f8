"""Exports of a store (RDF datasets, PROV-N / PROV-JSON, GraphML / GEXF) and imports of RDF files.

Exports
-------
``export_bytes(store, fmt)`` returns the whole store in one format; ``write_export(store, fmt, fh)``
streams it to a binary file one graph at a time; ``export_to(store, fmt, out)`` writes it
atomically (temporary file in the target folder, ``fsync``, ``os.replace``: a failed write leaves no
partial or 0-byte file, PITFALLS P15).

=========  ==============================================================================
format     what is written
=========  ==============================================================================
trig       RDF 1.1 TriG through Oxigraph's serialiser: every named graph kept (PITFALLS P10)
nquads     RDF 1.1 N-Quads through Oxigraph, graph after graph in IRI order, each graph's lines
           sorted (a canonical form: no blank nodes)
jsonld     JSON-LD 1.1 (expanded) through Oxigraph, one ``@graph`` object per named graph
provn      W3C PROV-N through the ``prov`` package (``prov_document``): one bundle per named graph
provjson   W3C PROV-JSON through the ``prov`` package, same document
graphml    GraphML through networkx, of ``queries.views.provenance_graph`` (``xml_safe_graph``)
gexf       GEXF 1.2 through networkx, same graph
=========  ==============================================================================

``turtle`` and ``nt`` write the current state as one graph (``current_triples``: the provenance graph, the live
revisions' graphs and imported graphs, graph names dropped); the other triple-only names (``ntriples``, RDF/XML,
N3) are refused with ``ExportError``: rdflib would silently drop every named graph (rdflib #2375, PITFALLS
P10).

Imports
-------
``import_files(store, paths)`` reads TriG, N-Quads or JSON-LD (quads kept as they are) and Turtle,
N-Triples or RDF/XML (all triples go into one named graph named after the file, its ``file:`` URI,
or ``graph=``), then writes everything in one atomic store write.  Triples in the default graph of a
quad file also go into the file's graph: a provkg store keeps everything in named graphs (the default
graph of a query is their union).  Every format is parsed by Oxigraph in one pass, linear in the file,
and TriG, N-Quads, Turtle and N-Triples as a stream in bounded memory (``_read_rdf``); nothing is fetched from the network (a JSON-LD ``@context`` naming another
document is refused, naming it).  **Blank nodes are skolemised** while the file is read (RDF 1.1
Concepts section 3.5): each becomes the IRI ``https://w3id.org/provkg/.well-known/genid/<h>`` where
``h`` hashes the file's bytes, its target graph and the node's rank of first appearance, so importing
the same file twice gives the same IRIs and the store stays blank-node free (PITFALLS P12, P13).  Blank
node labels are scoped to the document, so a node two named graphs of one file share stays one IRI.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
import rdflib
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import RDF, RDFS, XSD

from ingest.errors import KgError

from .namespaces import CITO, DCTERMS, ID_IRI, KG_IRI, PROV, PROV_GRAPH
from ingest.lazyre import compile_lazy

_RDF_TYPE = ox.NamedNode(str(RDF.type))
_IMPORTED = ox.NamedNode(KG_IRI + "ImportedGraph")

__all__ = [
    "EXPORT_FORMATS",
    "current_triples",
    "GENID",
    "IMPORT_FORMATS",
    "ExportError",
    "ImportReport",
    "export_bytes",
    "export_to",
    "write_export",
    "import_files",
    "prov_document",
    "read_rdf_file",
    "store_dataset",
    "term_converter",
    "to_oxigraph",
    "to_rdflib",
    "write_atomic",
    "xml_safe_graph",
]


class ExportError(KgError):
    """An export or import cannot be done: unknown or triple-only format, unreadable or invalid file.

    ``str(err)`` is one line naming the file (and line, when the parser gives one) and the problem.
    """


#: Export formats: name -> file extension.
EXPORT_FORMATS: dict[str, str] = {
    "trig": ".trig",
    "nquads": ".nq",
    "jsonld": ".jsonld",
    "turtle": ".ttl",
    "nt": ".nt",
    "provn": ".provn",
    "provjson": ".json",
    "graphml": ".graphml",
    "gexf": ".gexf",
}
_TRIPLE_ONLY = {"ttl", "ntriples", "n-triples", "xml", "rdfxml", "rdf/xml", "n3", "pretty-xml"}
#: The one-graph formats: the current state (``current_triples``), graph names dropped.
_ONE_GRAPH = {"turtle": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES}

#: Import formats: name -> (rdflib parser name, holds quads); the files are parsed by Oxigraph (``_OX_PARSE``).
IMPORT_FORMATS: dict[str, tuple[str, bool]] = {
    "trig": ("trig", True),
    "nquads": ("nquads", True),
    "jsonld": ("json-ld", True),
    "turtle": ("turtle", False),
    "ntriples": ("nt", False),
    "rdfxml": ("xml", False),
}
_EXT_FORMAT = {
    ".trig": "trig", ".nq": "nquads", ".nquads": "nquads", ".jsonld": "jsonld", ".ttl": "turtle",
    ".turtle": "turtle", ".nt": "ntriples", ".rdf": "rdfxml", ".owl": "rdfxml", ".xml": "rdfxml",
}

#: Prefix of skolem IRIs minted for imported blank nodes (RDF 1.1 ``/.well-known/genid/``).
GENID = "https://w3id.org/provkg/.well-known/genid/"
_PREFIXES = {"kg": KG_IRI, "id": ID_IRI, "prov": str(PROV), "cito": str(CITO), "dcterms": str(DCTERMS),
             "rdfs": str(RDFS), "xsd": str(XSD)}
_XSD_STRING = str(XSD.string)
_RDF_LANG = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"


# ---------------------------------------------------------------- term conversion

def to_rdflib(term: object) -> rdflib.term.Node | None:
    """A pyoxigraph term as an rdflib term (``None`` for the default graph).

    ``xsd:string`` literals become plain rdflib literals (RDF 1.1: the same literal), so shapes and
    round trips compare equal.  Raises ``TypeError`` for an unknown term type.
    """
    if isinstance(term, ox.NamedNode):
        return rdflib.URIRef(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return rdflib.Literal(term.value, lang=term.language)
        dt = term.datatype.value
        return rdflib.Literal(term.value, datatype=None if dt == _XSD_STRING else rdflib.URIRef(dt))
    if isinstance(term, ox.BlankNode):
        return rdflib.BNode(term.value)
    if isinstance(term, ox.DefaultGraph):
        return None
    raise TypeError(f"not an RDF term: {term!r}")


def term_converter():
    """A ``to_rdflib`` that remembers the terms it converted (for one store read).

    IRIs and literals repeat a lot in a store (predicates, types, agents, evidence levels); building
    each rdflib term once makes reading a 150,000-quad store about 10x faster.
    """
    cache: dict[object, rdflib.term.Node | None] = {}

    def conv(term: object) -> rdflib.term.Node | None:
        r = cache.get(term)
        if r is None:
            r = cache[term] = to_rdflib(term)
        return r

    return conv


def to_oxigraph(term: rdflib.term.Node) -> ox.NamedNode | ox.Literal | ox.BlankNode:
    """An rdflib term as a pyoxigraph term.

    Raises ``ValueError`` for an IRI that is not a valid RFC 3987 IRI (pyoxigraph checks it; rdflib
    only warns, PITFALLS P6) or an invalid language tag.
    """
    if isinstance(term, rdflib.URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, rdflib.Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None and str(term.datatype) not in (_XSD_STRING, _RDF_LANG):
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    if isinstance(term, rdflib.BNode):
        return ox.BlankNode(str(term))
    raise ValueError(f"not an RDF term: {term!r}")


def store_dataset(store, graphs: Iterable[str] | None = None) -> rdflib.Dataset:
    """The store (or the named graphs ``graphs`` of it) as an rdflib ``Dataset``.

    Parameters
    ----------
    store : graph.store.Store or any ``graph.backend.Backend``
    graphs : iterable of str, optional
        Named-graph IRIs to copy; default every quad, default graph included.

    Returns
    -------
    rdflib.Dataset
        ``default_union=False``: each quad keeps its named graph; the provkg prefixes are bound.
    """
    ds = rdflib.Dataset()
    for p, ns in _PREFIXES.items():
        ds.bind(p, ns, override=True, replace=True)
    sources = [store.quads(g) for g in graphs] if graphs is not None else [store.quads()]
    cache: dict[str, rdflib.Graph] = {}
    conv = term_converter()
    for it in sources:
        for q in it:
            g = q.graph_name
            key = g.value if isinstance(g, ox.NamedNode) else ""
            ctx = cache.get(key)
            if ctx is None:
                ctx = cache[key] = ds.graph(rdflib.URIRef(key) if key else DATASET_DEFAULT_GRAPH_ID)
            ctx.add((conv(q.subject), conv(q.predicate), conv(q.object)))
    return ds


# ---------------------------------------------------------------- writing

def write_atomic(data, out: str | os.PathLike[str]) -> Path:
    """``graph.atomic.write_atomic`` (``data``: bytes, or a function writing to a binary file)
    with a one-line ``ExportError`` instead of ``OSError``.

    The target either keeps its old content or gets all of ``data``; no temporary file is left.
    """
    from .atomic import write_atomic as _write

    try:
        return _write(data, out)
    except BrokenPipeError:  # ``-o /dev/stdout | head``: the reader left, as with ``-o -`` (exit 141)
        raise
    except OSError as e:
        # (a folder on the way that is a file, "afile/s.trig", is said so: not the system's "File exists")
        from .atomic import file_on_the_way

        on_way = file_on_the_way(out)
        why = f"{on_way} is a file, not a folder" if on_way is not None else (e.strerror or str(e))
        raise ExportError(f"{Path(out)}: cannot write: {why}") from None


def _check_format(fmt: str) -> str:
    f = fmt.lower()
    if f in _TRIPLE_ONLY:
        raise ExportError(
            f"format {fmt!r} holds triples only and would drop every named graph (one per file revision, "
            "plus the provenance graph); use trig or nquads (or jsonld) to keep them, or turtle / nt for the "
            "current state as one graph"
        )
    if f not in EXPORT_FORMATS:
        raise ExportError(f"unknown export format {fmt!r}; known: {', '.join(EXPORT_FORMATS)}")
    return f


#: the RDF dataset formats, written by Oxigraph's serialisers
_OX_FORMAT = {"trig": ox.RdfFormat.TRIG, "nquads": ox.RdfFormat.N_QUADS, "jsonld": ox.RdfFormat.JSON_LD}


def _graph_batches(store) -> Iterable[list[ox.Quad]]:
    """The store's quads one graph at a time: the default graph (when it holds any) first, then
    every named graph in IRI order.

    An embedded store is read one graph at a time (its ``gspo`` index: a graph's quads come
    grouped by subject), so memory holds one graph; a remote store's quads come in one
    ``SELECT`` (``RemoteStore.quads``) and are grouped here.
    """
    db = getattr(store, "db", None)
    if isinstance(db, ox.Store):
        default = list(db.quads_for_pattern(None, None, None, ox.DefaultGraph()))
        if default:
            yield default
        for g in store.named_graphs():
            yield list(store.quads(g))
        return
    groups: dict[str, list[ox.Quad]] = {}
    for q in store.quads():
        groups.setdefault(q.graph_name.value if isinstance(q.graph_name, ox.NamedNode) else "", []).append(q)
    for key in sorted(groups):
        yield groups[key]


_REVISIONS = (
    "PREFIX kg: <https://w3id.org/provkg/ns#>\n"
    "SELECT ?rev ?cur WHERE { GRAPH <" + str(PROV_GRAPH) + "> {\n"
    "  ?rev a kg:SourceRevision . OPTIONAL { ?rev kg:current ?cur } } }\n"
)


def _current_graphs(store) -> list[str]:
    """The named graphs of the current state, sorted: the provenance graph, every live revision's
    (``kg:current``) and every graph that is no recorded revision (imported data) — the graphs
    ``provkg validate`` merges (``graph.validate``)."""
    revs = {str(r["rev"]): r["cur"] is True for r in store.select(_REVISIONS)}
    return [g for g in sorted(set(store.named_graphs())) if g == str(PROV_GRAPH) or revs.get(g, True)]


def current_triples(store) -> list[ox.Triple]:
    """The current state of the store as one graph: what ``export --format turtle`` / ``nt`` write.

    The triples of the provenance graph, of every live revision's graph (``kg:current``) and of
    every named graph that is not a recorded revision (imported data), each once, graph names
    dropped (Turtle and N-Triples hold one graph), sorted in N-Triples order so the same store
    gives the same bytes.  Invalidated revisions are left out, as ``provkg validate`` leaves them
    out of its data graph: two revisions of one file merged would give a moved claim two
    ``kg:line`` values.  Raises ``QueryError`` / ``StoreError`` when the store cannot be read.
    """
    keep = _current_graphs(store)
    seen: set[ox.Triple] = set()
    for g in keep:
        for q in store.quads(g):
            seen.add(q.triple)
    return sorted(seen, key=str)


def write_export(store, fmt: str, fh, *, nx_graph=None) -> None:
    """Write the whole store in ``fmt`` (one of ``EXPORT_FORMATS``) to the binary file object ``fh``.

    ``trig``, ``nquads`` and ``jsonld`` are written by Oxigraph's serialisers (RDF 1.1 TriG and
    N-Quads, JSON-LD 1.1 in expanded form, one ``@graph`` object per named graph) one graph at a
    time, so memory holds one graph, not the dataset (through rdflib's ``Dataset`` the N-Quads of a
    3 M-quad store took 111 s, and TriG over 30 min and 4 GB).  N-Quads come graph after graph in
    IRI order, each graph's lines sorted: the same store always gives the same bytes.  The other
    formats are built in memory (``export_bytes``; ``nx_graph`` draws the networkx graph of
    ``graphml``/``gexf``).  Raises ``ExportError`` for a triple-only or unknown format, and what
    ``fh.write`` raises.
    """
    f = _check_format(fmt)
    if f in _ONE_GRAPH:
        triples = current_triples(store)
        if f == "turtle":
            ox.serialize(triples, fh, ox.RdfFormat.TURTLE, prefixes=_PREFIXES)
        else:
            ox.serialize(triples, fh, ox.RdfFormat.N_TRIPLES)
        return
    if f not in _OX_FORMAT:
        fh.write(export_bytes(store, f, nx_graph=nx_graph))
        return
    if f == "nquads":
        for quads in _graph_batches(store):
            if not quads:
                continue
            lines = ox.serialize(quads, format=ox.RdfFormat.N_QUADS).split(b"\n")
            lines.sort()  # the last element is the empty string after the final newline
            fh.write(b"\n".join(lines[1:]) + b"\n")
        return
    quads = (q for batch in _graph_batches(store) for q in batch)
    ox.serialize(quads, fh, _OX_FORMAT[f], prefixes=_PREFIXES)


def export_bytes(store, fmt: str, *, nx_graph=None) -> bytes:
    """The whole store serialised in ``fmt`` (one of ``EXPORT_FORMATS``), UTF-8 bytes.

    ``nx_graph()`` gives the networkx graph that graphml/gexf write (the query layer's provenance
    view, ``queries.views.provenance_graph``; ``provkg.api.ProvKG.export`` passes it).
    Raises ``ExportError`` for a triple-only or unknown format, or graphml/gexf without ``nx_graph``.
    """
    f = _check_format(fmt)
    if f in _OX_FORMAT or f in _ONE_GRAPH:
        buf = io.BytesIO()
        write_export(store, f, buf)
        return buf.getvalue()
    if f in ("provn", "provjson"):
        doc, _dropped = prov_document(store)
        if f == "provn":
            return (doc.get_provn() + "\n").encode("utf-8")
        return doc.serialize(format="json", indent=1, ensure_ascii=False).encode("utf-8")
    import networkx as nx

    if nx_graph is None:
        raise ExportError(f"{f} writes the networkx view of the store: export it with provkg.api.ProvKG.export")
    G = xml_safe_graph(nx_graph())
    buf = io.BytesIO()
    if f == "graphml":
        nx.write_graphml(G, buf, encoding="utf-8")
    else:
        nx.write_gexf(G, buf, encoding="utf-8")
    return buf.getvalue()


def export_to(store, fmt: str, out: str | os.PathLike[str], *, nx_graph=None) -> Path:
    """``write_export`` written atomically to ``out`` (see ``write_atomic``); returns the path.

    The export streams into a temporary file in ``out``'s folder that replaces ``out`` only when
    complete, so a failing export never touches ``out`` and leaves no partial file.  Raises
    ``ExportError`` (bad format, unwritable target).
    """
    _check_format(fmt)
    return write_atomic(lambda fh: write_export(store, fmt, fh, nx_graph=nx_graph), out)


# ---------------------------------------------------------------- PROV-DM (prov package)

_P = str(PROV)
_ENTITY_TYPES = {_P + "Entity", _P + "Collection", _P + "EmptyCollection", _P + "Bundle", _P + "Plan"}
_ACTIVITY_TYPES = {_P + "Activity"}
_AGENT_TYPES = {_P + "Agent", _P + "SoftwareAgent", _P + "Person", _P + "Organization"}
# relations: predicate -> (ProvBundle method, subject role first)
_RELATIONS = {
    "wasAttributedTo": "attribution", "wasQuotedFrom": "quotation", "wasDerivedFrom": "derivation",
    "wasRevisionOf": "revision", "hadPrimarySource": "primary_source", "specializationOf": "specialization",
    "alternateOf": "alternate", "hadMember": "membership", "wasAssociatedWith": "association",
    "used": "usage", "wasInformedBy": "communication", "actedOnBehalfOf": "delegation",
    "wasInfluencedBy": "influence", "wasStartedBy": "start", "wasEndedBy": "end",
}
_HANDLED = {"wasGeneratedBy", "generated", "generatedAtTime", "wasInvalidatedBy", "invalidatedAtTime",
            "invalidated", "startedAtTime", "endedAtTime", "qualifiedQuotation"}
_QUOTATION = _P + "Quotation"
_MODEL_VERSION = KG_IRI + "modelVersion"


def _kind_of(types: set[str]) -> str | None:
    if types & _ACTIVITY_TYPES or KG_IRI + "IngestActivity" in types:
        return "activity"
    if types & _AGENT_TYPES:
        return "agent"
    if types & _ENTITY_TYPES or any(t.startswith(KG_IRI) for t in types):
        return "entity"
    return None


class _QN:
    """IRIs to ``prov`` QualifiedNames: provkg prefixes first, then one ``nsN`` prefix per new namespace."""

    def __init__(self, doc):
        from prov.model import Namespace

        self._Namespace = Namespace
        self.doc = doc
        self.ns: list[tuple[str, object]] = []
        for p, u in (("prov", _P), ("kg", KG_IRI), ("id", ID_IRI), ("cito", str(CITO)), ("dcterms", str(DCTERMS)),
                     ("rdfs", str(RDFS)), ("xsd", str(XSD)), ("genid", GENID)):
            if p not in ("prov", "xsd"):
                doc.add_namespace(p, u)
            self.ns.append((u, Namespace(p, u)))
        self.ns.sort(key=lambda t: -len(t[0]))
        self._n = 0

    def __call__(self, iri: str):
        for u, ns in self.ns:
            if iri.startswith(u) and len(iri) > len(u):
                return ns[iri[len(u):]]
        cut = max(iri.rfind("#"), iri.rfind("/"))
        if cut < 0 or cut == len(iri) - 1:
            cut = iri.rfind(":")
        base, local = iri[: cut + 1], iri[cut + 1:]
        self._n += 1
        ns = self._Namespace(f"ns{self._n}", base)
        self.doc.add_namespace(ns)
        self.ns.append((base, ns))
        self.ns.sort(key=lambda t: -len(t[0]))
        return ns[local]


def _prov_value(term: rdflib.term.Node, qn: _QN):
    from prov.model import Literal as PLiteral

    if isinstance(term, rdflib.Literal):
        if term.language:
            return PLiteral(str(term), langtag=term.language)
        if term.datatype is None:
            return str(term)
        v = term.toPython()
        if isinstance(v, (bool, int, float)) or type(v).__name__ == "datetime":
            return v
        return PLiteral(str(term), datatype=qn(str(term.datatype)))
    return qn(str(term))


def prov_document(store) -> tuple[object, int]:
    """The PROV statements of the store as a ``prov.model.ProvDocument``.

    Mapping (W3C PROV-DM / PROV-O): each named graph becomes a bundle named by the graph IRI (the
    default graph, if any, the document itself).  In a graph, a node typed ``prov:Activity`` (or
    ``kg:IngestActivity``) becomes an activity with its start and end times, a node typed
    ``prov:Agent`` (or a subclass) an agent, a node typed ``prov:Entity``, ``prov:Collection`` or
    any ``kg:`` class (all subclasses of ``prov:Entity``, ``graph/data/provkg.ttl``) an entity.  Its
    other ``rdf:type`` values become ``prov:type``, ``rdfs:label`` ``prov:label``, other literals and
    non-PROV links attributes (an IRI value as a qualified name).  ``prov:wasAttributedTo``,
    ``wasQuotedFrom``, ``wasDerivedFrom``, ``wasRevisionOf``, ``specializationOf``, ``hadMember``,
    ``wasAssociatedWith``, ``used`` ... become relations; ``prov:wasGeneratedBy`` (with the entity's
    ``prov:generatedAtTime``) a generation, ``prov:generated`` one only when the inverse is absent,
    ``prov:generatedAtTime`` alone a generation with no activity; ``prov:wasInvalidatedBy`` (with
    ``prov:invalidatedAtTime``) an invalidation.  A claim's ``prov:wasQuotedFrom`` with its
    ``prov:qualifiedQuotation`` node (``prov:Quotation``, ``prov:entity`` the same revision) becomes one
    quotation identified by that node, its ``kg:line`` / ``kg:lineEnd`` as attributes.  Other
    qualified-influence nodes and other ``prov:`` terms are not mapped.  The vocabulary's class axioms
    (``kg:Claim rdfs:subClassOf prov:Entity`` ..., in the provenance graph) and the store's
    ``kg:modelVersion`` are no PROV statements (a record's ``kg:`` class is its ``prov:type``); they
    are left out and not counted.


    Returns
    -------
    (prov.model.ProvDocument, int)
        The document and the number of RDF statements that could not be expressed and were left out.
    """
    from prov.model import ProvDocument

    ds = store_dataset(store)
    doc = ProvDocument()
    qn = _QN(doc)
    dropped = 0
    for ctx in sorted(ds.graphs(), key=lambda c: str(c.identifier)):
        if len(ctx) == 0:
            continue
        gid = ctx.identifier
        target = doc if gid == DATASET_DEFAULT_GRAPH_ID else doc.bundle(qn(str(gid)))
        dropped += _map_graph(ctx, target, qn)
    return doc, dropped


def _map_graph(g: rdflib.Graph, b, qn: _QN) -> int:
    """Add the records of one RDF graph to prov bundle ``b``; return the number of statements left out."""
    dropped = 0
    subjects = sorted({s for s in g.subjects() if not isinstance(s, rdflib.Literal)}, key=str)
    kinds: dict[rdflib.term.Node, str] = {}
    quotations: set[rdflib.term.Node] = set(g.subjects(RDF.type, rdflib.URIRef(_QUOTATION)))
    for s in subjects:
        k = _kind_of({str(t) for t in g.objects(s, RDF.type)})
        if k:
            kinds[s] = k

    def one(s, p):
        return next(iter(sorted(g.objects(s, p), key=str)), None)

    def time_of(s, p):
        v = one(s, p)
        return v.toPython() if isinstance(v, rdflib.Literal) else None

    for s in subjects:
        if s in quotations and s not in kinds:
            continue  # a qualified quotation: its statements go with the relation (below)
        kind = kinds.get(s)
        attrs = []
        for p, o in sorted(g.predicate_objects(s), key=lambda t: (str(t[0]), str(t[1]))):
            ps = str(p)
            if kind is None and (p == RDFS.subClassOf or ps == _MODEL_VERSION):
                continue  # a class axiom of the vocabulary, the store's model version: no PROV statements
            if p == RDF.type:
                if str(o) not in (_P + "Entity", _P + "Activity", _P + "Agent"):
                    attrs.append((qn(_P + "type"), qn(str(o))))
                continue
            if p == RDFS.label:
                attrs.append((qn(_P + "label"), _prov_value(o, qn)))
                continue
            if ps.startswith(_P):
                local = ps[len(_P):]
                if local in _RELATIONS or local in _HANDLED:
                    continue
                dropped += 1  # qualified forms and other PROV-O terms
                continue
            if isinstance(o, rdflib.BNode):
                dropped += 1
                continue
            attrs.append((qn(ps), _prov_value(o, qn)))
        if kind is None:
            dropped += len(attrs)
        elif kind == "activity":
            b.activity(qn(str(s)), time_of(s, PROV.startedAtTime), time_of(s, PROV.endedAtTime), attrs or None)
        elif kind == "agent":
            b.agent(qn(str(s)), attrs or None)
        else:
            b.entity(qn(str(s)), attrs or None)
    # relations
    for s, p, o in sorted(g, key=lambda t: (str(t[1]), str(t[0]), str(t[2]))):
        ps = str(p)
        if not ps.startswith(_P) or isinstance(o, rdflib.Literal) or isinstance(s, rdflib.BNode) or isinstance(o, rdflib.BNode):
            continue
        local = ps[len(_P):]
        if local == "wasQuotedFrom":
            quo = next((q for q in sorted(g.objects(s, PROV.qualifiedQuotation), key=str)
                        if q in quotations and (q, PROV.entity, o) in g), None)
            if quo is not None:
                extra = [(qn(str(p2)), _prov_value(o2, qn)) for p2, o2 in sorted(g.predicate_objects(quo), key=str)
                         if p2 not in (RDF.type, PROV.entity)]
                b.quotation(qn(str(s)), qn(str(o)), identifier=qn(str(quo)), other_attributes=extra or None)
                continue
        if local in _RELATIONS:
            getattr(b, _RELATIONS[local])(qn(str(s)), qn(str(o)))
        elif local == "wasGeneratedBy":
            b.generation(qn(str(s)), qn(str(o)), time_of(s, PROV.generatedAtTime))
        elif local == "generated":
            if (o, PROV.wasGeneratedBy, s) not in g:
                b.generation(qn(str(o)), qn(str(s)))
        elif local == "wasInvalidatedBy":
            b.invalidation(qn(str(s)), qn(str(o)), time_of(s, PROV.invalidatedAtTime))
    for s, o in sorted(g.subject_objects(PROV.generatedAtTime), key=lambda t: str(t[0])):
        if not isinstance(s, rdflib.BNode) and g.value(s, PROV.wasGeneratedBy) is None and isinstance(o, rdflib.Literal):
            b.generation(qn(str(s)), None, o.toPython())
    return dropped


# ---------------------------------------------------------------- GraphML / GEXF

def xml_safe_graph(G) -> object:
    """A copy of a ``queries.views.provenance_graph`` ``MultiDiGraph`` that GraphML and GEXF can hold.

    PITFALLS P15: ``None`` values are dropped; the ``props`` dict is flattened into one attribute per
    key (``prop_<key>`` when it would clash with a node attribute); lists and dicts are JSON-encoded;
    a key whose values have more than one Python type becomes ``str`` everywhere, so networkx reads
    the file back with one type per key.  Edge keys (the relation, e.g. ``prov:wasQuotedFrom``) move
    to the ``relation`` attribute and edges get unique keys ``e0``, ``e1`` ... (GraphML edge ids and
    GEXF edge ids must be unique).

    Returns a new ``networkx.MultiDiGraph``; the input is not changed.
    """
    import networkx as nx

    def flat(d: dict) -> dict:
        out = {}
        for k, v in d.items():
            if k == "props" and isinstance(v, dict):
                for pk, pv in v.items():
                    out[pk if pk not in d else f"prop_{pk}"] = pv
            else:
                out[k] = v
        return out

    def enc(v):
        if isinstance(v, (list, tuple, dict, set)):
            return json.dumps(sorted(v) if isinstance(v, set) else v, ensure_ascii=False, default=str)
        return v

    nodes = [(n, {k: enc(v) for k, v in flat(d).items() if v is not None}) for n, d in G.nodes(data=True)]
    edges = []
    for i, (u, v, k, d) in enumerate(G.edges(keys=True, data=True)):
        attrs = {kk: enc(vv) for kk, vv in flat(d).items() if vv is not None and kk not in ("id", "type")}
        attrs["relation"] = str(k)
        edges.append((u, v, f"e{i}", attrs))
    for items in ([a for _, a in nodes], [e[3] for e in edges]):
        types: dict[str, set[type]] = {}
        for a in items:
            for k, v in a.items():
                types.setdefault(k, set()).add(type(v))
        mixed = {k for k, ts in types.items() if len(ts) > 1}
        for a in items:
            for k in mixed & a.keys():
                a[k] = str(a[k])
    H = nx.MultiDiGraph()
    H.add_nodes_from(nodes)
    for u, v, k, a in edges:
        H.add_edge(u, v, key=k, **a)
    return H


# ---------------------------------------------------------------- imports

@dataclass
class ImportReport:
    """What ``import_files`` wrote: per file its named graphs and quad count; blank nodes skolemised.

    ``quads`` counts the statements read (one a file repeats counts each time; the store keeps it once).
    """

    files: list[str] = field(default_factory=list)
    graphs: list[str] = field(default_factory=list)
    quads: int = 0
    skolemised: int = 0

    def summary(self) -> str:
        """One line: ``2 files, 15 named graphs, 5123 quads, 0 blank nodes skolemised``."""
        return (f"{len(self.files)} files, {len(set(self.graphs))} named graphs, {self.quads} quads, "
                f"{self.skolemised} blank nodes skolemised")


def _format_for(path: Path, fmt: str | None) -> str:
    if fmt:
        f = fmt.lower()
        if f not in IMPORT_FORMATS:
            raise ExportError(f"{path}: unknown import format {fmt!r}; known: {', '.join(IMPORT_FORMATS)}")
        return f
    f = _EXT_FORMAT.get(path.suffix.lower())
    if f is None:
        raise ExportError(f"{path}: cannot tell the RDF format from the extension {path.suffix or '(none)'!r}; "
                          f"pass --format ({', '.join(IMPORT_FORMATS)})")
    return f


def _remote_contexts(doc: object) -> list[str]:
    """The ``@context`` (and ``@import``) values of a JSON-LD document that name another document."""
    out: list[str] = []
    stack = [doc]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("@context", "@import"):
                    for c in (v if isinstance(v, list) else [v]):
                        if isinstance(c, str):
                            out.append(c)
                        else:
                            stack.append(c)
                else:
                    stack.append(v)
        elif isinstance(x, list):
            stack.extend(x)
    return out


def _check_jsonld(p: Path, data: bytes) -> None:
    """Refuse a JSON-LD document that names a remote context: provkg never fetches from the network.

    Oxigraph's JSON-LD parser, which reads it, has no document loader and would refuse it too; this
    names the context in the one line.  Raises ``ExportError``.
    """
    try:
        doc = json.loads(data)
    except RecursionError:
        raise ExportError(f"{p}: not valid jsonld: nested too deeply") from None
    except (ValueError, UnicodeDecodeError):
        return  # the parser words the syntax error
    remote = _remote_contexts(doc)
    if remote:
        raise ExportError(f"{p}: the JSON-LD @context {remote[0]!r} is another document, and provkg never fetches "
                          "anything from the network; put the context inline in the file (or convert it to TriG)")


#: RDF/XML: elements nested deeper than this are refused (Oxigraph's parser spends time on each element that
#: grows with its depth, ~18 ns a level: 20,000 levels took 3.6 s, 100,000 over two minutes; at 200 an element
#: costs at most ~4 us more, so a file's cost stays linear in its size), and internal entities may expand to
#: at most this many bytes in all (it expands them without limit: nine nested entities of ten references
#: each, a 1 KB "billion laughs", made a 10^9-character literal in 34 s and 4 GB; one more level, 40 GB).
MAX_XML_DEPTH = 200
MAX_XML_EXPANSION = 16 * 1024 * 1024
_XML_ENTITY = re.compile(rb"""<!ENTITY\s+(%\s+)?([^\s"'>]+)\s+(?:"([^"]*)"|'([^']*)'|(SYSTEM|PUBLIC)\b)""")
_XML_REF = re.compile(rb"&([A-Za-z_:][\w.:-]*);")


def _check_rdfxml(p: Path, data: bytes) -> None:
    """Refuse an RDF/XML document whose cost Oxigraph's parser would not bound: elements nested deeper than
    ``MAX_XML_DEPTH``, internal entities that expand past ``MAX_XML_EXPANSION`` bytes (or refer to
    themselves), or an external entity (a file or a URL: provkg reads nothing it was not given).  One pass
    over the document.  Raises ``ExportError``."""
    if b"<!ENTITY" in data:
        decls: dict[bytes, bytes] = {}
        for m in _XML_ENTITY.finditer(data):
            if m.group(5):
                raise ExportError(f"{p}: declares the external entity {m.group(2).decode('utf-8', 'replace')!r} "
                                  "(a file or URL); provkg reads only the file it is given")
            decls.setdefault(m.group(2), m.group(3) if m.group(3) is not None else m.group(4))
        sizes: dict[bytes, int] = {}

        def size(name: bytes, seen: tuple[bytes, ...] = ()) -> int:
            if name in sizes:
                return sizes[name]
            if name in seen:
                raise ExportError(f"{p}: the entity {name.decode('utf-8', 'replace')!r} refers to itself")
            value = decls[name]
            n = len(value)
            for r in _XML_REF.finditer(value):
                if r.group(1) in decls:
                    n += size(r.group(1), (*seen, name)) - len(r.group(0))
                if n > MAX_XML_EXPANSION:
                    break
            sizes[name] = n
            return n

        total = 0
        for r in _XML_REF.finditer(data):
            if r.group(1) in decls:
                total += size(r.group(1))
                if total > MAX_XML_EXPANSION:
                    raise ExportError(f"{p}: its entities expand to more than {MAX_XML_EXPANSION:,} bytes; refused "
                                      "(an entity expansion attack, or entities to write out in full)")
    depth = i = 0
    while True:  # tags, skipping comments and CDATA sections; ``find`` only, so linear in the document
        j = data.find(b"<", i)
        if j < 0:
            return
        for head, tail in ((b"<!--", b"-->"), (b"<![CDATA[", b"]]>")):
            if data.startswith(head, j):
                k = data.find(tail, j + len(head))
                if k < 0:
                    return
                i = k + len(tail)
                break
        else:
            k = data.find(b">", j + 1)
            if k < 0:
                return
            i = k + 1
            second = data[j + 1:j + 2]
            if second in (b"!", b"?") or data[k - 1:k] == b"/":
                continue
            if second == b"/":
                depth = max(0, depth - 1)
                continue
            depth += 1
            if depth > MAX_XML_DEPTH:
                raise ExportError(f"{p}: elements are nested more than {MAX_XML_DEPTH:,} deep; refused")


def _skolem_iri(scope: str, n: int) -> ox.NamedNode:
    """The skolem IRI of the ``n``-th blank node of a document (``scope`` names the document)."""
    return ox.NamedNode(GENID + hashlib.sha1(f"{scope}\x00{n}".encode()).hexdigest()[:16])


#: JSON-LD and RDF/XML files are read whole (their checks, ``_check_jsonld`` and ``_check_rdfxml``, need the
#: whole document; JSON is parsed by Python's ``json``, ~10 bytes of memory a byte): larger ones are refused
#: (``PROVKG_MAX_IMPORT_BYTES`` sets another limit).  The other formats are read as a stream, whatever their size.
MAX_WHOLE_IMPORT_BYTES = 256 * 1024 * 1024
#: Quads serialised and handed to the writer at once while an import reads a file.
IMPORT_PIECE_QUADS = 50_000


def max_whole_import_bytes() -> int:
    """``$PROVKG_MAX_IMPORT_BYTES`` when it is a positive whole number, else ``MAX_WHOLE_IMPORT_BYTES``.

    Raises ``ExportError`` for a value that is not one.
    """
    raw = os.environ.get("PROVKG_MAX_IMPORT_BYTES")
    if not raw:
        return MAX_WHOLE_IMPORT_BYTES
    try:
        n = int(raw.replace("_", ""))
    except ValueError:
        n = 0
    if n < 1:
        raise ExportError(f"PROVKG_MAX_IMPORT_BYTES={raw!r} is not a positive number of bytes")
    return n


@dataclass
class _RdfFile:
    """One RDF file being read for an import: what ``_read_rdf`` found so far.

    ``names`` are the IRIs of the named graphs its quads went into, ``count`` the quads read, ``skolem``
    maps each blank node label to its skolem IRI.
    """

    path: Path
    fmt: str
    names: set[str] = field(default_factory=set)
    count: int = 0
    skolem: dict[str, ox.NamedNode] = field(default_factory=dict)


def _read_rdf(path: str | os.PathLike[str], fmt: str | None, graph: str | None, into: list[_RdfFile],
              size: int = IMPORT_PIECE_QUADS) -> Iterator[list[ox.Quad]]:
    """One RDF file parsed by Oxigraph, every quad in a named graph (triples and the default graph's
    quads in the file's graph, its ``file:`` URI or ``graph``), blank nodes skolemised on the way, in
    lists of at most ``size`` quads.  Appends the file's ``_RdfFile`` to ``into`` before the first list.

    A stream, linear in the file: TriG, N-Quads, Turtle and N-Triples are read from the open file, so
    memory does not grow with its size (Oxigraph's parser holds at most 16 MiB of one statement; a
    longer one is an error).  JSON-LD and RDF/XML are read whole first, at most
    ``max_whole_import_bytes()``.  Each blank node becomes ``GENID`` + a hash of the file's SHA-256, its
    target graph and the node's rank of first appearance, so importing the same file again gives the
    same IRIs (the file is hashed, in a second read, when its first blank node comes); blank node labels
    are scoped to the document (RDF 1.1 TriG), so a node two named graphs share stays one node.
    (Skolemising after an rdflib parse with canonical labels cost 39 s at 1,000 blank nodes and over
    300 s at 5,000, and split a shared node in two; the whole file and its N-Quads were held in memory,
    so a 20 GB file took 21 GB: issue 23.)

    Raises
    ------
    ExportError
        The file cannot be read or is not a regular file, the format is unknown, a JSON-LD or RDF/XML
        file is over its limit, the syntax or an IRI is invalid, a statement is longer than the
        parser's buffer, it holds an RDF-star triple term, or (JSON-LD) it names a remote context.
    """
    p = Path(path)
    f = _format_for(p, fmt)
    base = p.resolve().as_uri()
    target = graph or base
    try:
        gnode = ox.NamedNode(target)
    except ValueError:
        raise ExportError(f"{p}: the graph name {target!r} is not a valid IRI") from None
    from ingest.sources import visible_controls

    whole = f in ("jsonld", "rdfxml")
    limit = max_whole_import_bytes() if whole else None
    try:
        # O_NONBLOCK: opening a FIFO nobody writes would block; what is checked is the file opened
        fh = os.fdopen(os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)), "rb")
    except OSError as e:
        raise ExportError(f"{p}: cannot read: {e.strerror or e}") from None
    with fh:
        try:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise ExportError(f"{p}: not a regular RDF file (a device, FIFO or socket); refused")
            data: bytes | None = None
            if whole:
                if st.st_size > limit:  # type: ignore[operator]
                    raise ExportError(f"{p}: {f} is read whole and is {st.st_size:,} bytes, over the {limit:,}-byte "
                                      "limit (PROVKG_MAX_IMPORT_BYTES raises it; or convert it to N-Quads or TriG, "
                                      "which are read as a stream)")
                data = fh.read(limit + 1)  # type: ignore[operator]
                if len(data) > limit:  # type: ignore[operator]
                    raise ExportError(f"{p}: grew past the {limit:,}-byte limit while being read")
        except OSError as e:
            raise ExportError(f"{p}: cannot read: {e.strerror or e}") from None
        if f == "jsonld":
            _check_jsonld(p, data)  # type: ignore[arg-type]
        elif f == "rdfxml":
            _check_rdfxml(p, data)  # type: ignore[arg-type]
        doc = _RdfFile(p, f)
        into.append(doc)
        skolem = doc.skolem
        scope: list[str] = []

        def file_hash() -> str:
            h = hashlib.sha256()
            if data is not None:
                h.update(data)
            else:  # read again from the start; ``pread`` leaves the parser's position alone
                off = 0
                while True:
                    chunk = os.pread(fh.fileno(), 1 << 20, off)
                    if not chunk:
                        break
                    h.update(chunk)
                    off += len(chunk)
            return h.hexdigest()

        def sk(t):
            if isinstance(t, ox.BlankNode):
                iri = skolem.get(t.value)
                if iri is None:
                    if not scope:
                        scope.append(file_hash() + "\x00" + target)
                    iri = skolem[t.value] = _skolem_iri(scope[0], len(skolem))
                return iri
            if isinstance(t, ox.Triple):
                raise ExportError(f"{p}: holds an RDF-star triple term ({t}); provkg stores RDF 1.1 statements only")
            return t

        names = doc.names
        piece: list[ox.Quad] = []
        try:
            if data is not None:
                source = ox.parse(data, _OX_PARSE[f], base_iri=base)
            elif os.path.isdir("/dev/fd"):
                # Oxigraph's own reader, on the very file checked above (``/dev/fd/N`` opens it again): reading
                # through a Python file object took 15 s to reach the end of a 16 MiB statement, natively 0.5 s
                source = ox.parse(path=f"/dev/fd/{fh.fileno()}", format=_OX_PARSE[f], base_iri=base)
            else:
                source = ox.parse(fh, _OX_PARSE[f], base_iri=base)
            for q in source:
                g = getattr(q, "graph_name", None)
                g = g if isinstance(g, ox.NamedNode) else (sk(g) if isinstance(g, ox.BlankNode) else gnode)
                names.add(g.value)
                piece.append(ox.Quad(sk(q.subject), q.predicate, sk(q.object), g))
                if len(piece) >= size:
                    doc.count += len(piece)
                    yield piece
                    piece = []
        except SyntaxError as e:
            msg = visible_controls(" ".join(str(e).split())) or type(e).__name__  # a NUL of the file is shown as ␀
            msg = re.sub(r"\(\d+, (line \d+)\)$", r"(\1)", msg)  # the parser names the file it read: /dev/fd/N
            if "LoadDocumentCallback" in msg:  # a remote context inside a context, missed above
                msg = "names a remote @context, and provkg never fetches anything from the network"
            raise ExportError(f"{p}: not valid {f}: {msg[:300]}") from None
        except ValueError as e:
            raise ExportError(f"{p}: invalid term: {' '.join(str(e).split())[:300]}") from None
        except MemoryError as e:  # Oxigraph: "Reached the buffer maximal size of 16777216"
            raise ExportError(f"{p}: not valid {f}: one statement is longer than the parser holds "
                              f"({visible_controls(' '.join(str(e).split()))[:200]})") from None
        except OSError as e:
            raise ExportError(f"{p}: cannot read: {e.strerror or e}") from None
        if piece:
            doc.count += len(piece)
            yield piece


def _parse_to_nquads(path: str | os.PathLike[str], fmt: str | None, graph: str | None
                     ) -> tuple[bytes, int, list[str], int]:
    """One RDF file read whole (``_read_rdf``) and written back as N-Quads.

    Returns ``(nquads, number of quads, named-graph IRIs sorted, blank nodes skolemised)``.  Raises
    ``ExportError`` as ``_read_rdf`` does.
    """
    into: list[_RdfFile] = []
    text = b"".join(ox.serialize(piece, format=ox.RdfFormat.N_QUADS) for piece in _read_rdf(path, fmt, graph, into))
    doc = into[0]
    return text, doc.count, sorted(doc.names), len(doc.skolem)


def read_rdf_file(path: str | os.PathLike[str], fmt: str | None = None, graph: str | None = None
                  ) -> tuple[list[ox.Quad], int]:
    """Parse one RDF file into pyoxigraph quads, every quad in a named graph.

    Parameters
    ----------
    path : path of a TriG, N-Quads, JSON-LD, Turtle, N-Triples or RDF/XML file
    fmt : one of ``IMPORT_FORMATS``; default from the extension (``.trig .nq .jsonld .ttl .nt .rdf``)
    graph : IRI of the named graph for triples (triple formats, and the default graph of quad formats);
        default the file's ``file:`` URI

    Returns
    -------
    (list[pyoxigraph.Quad], int)
        The quads, each once (blank nodes skolemised, ``_parse_to_nquads``), and the number of blank
        nodes skolemised.

    Raises
    ------
    ExportError
        Unreadable file, unknown format, syntax error or invalid IRI (one line with the file name).
    """
    text, _n, _names, skolemised = _parse_to_nquads(path, fmt, graph)
    return list(dict.fromkeys(ox.parse(text, ox.RdfFormat.N_QUADS))), skolemised  # a repeated statement once


_OX_PARSE = {"trig": ox.RdfFormat.TRIG, "nquads": ox.RdfFormat.N_QUADS, "jsonld": ox.RdfFormat.JSON_LD,
             "turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES, "rdfxml": ox.RdfFormat.RDF_XML}


def import_files(store, paths: Sequence[str | os.PathLike[str]], *, fmt: str | None = None,
                 graph: str | None = None, replace: bool = False) -> ImportReport:
    """Import RDF files into the store in one atomic write (``store.writer()``).

    Each file is read as a stream (``_read_rdf``) and written as it is read, ``IMPORT_PIECE_QUADS`` quads at
    a time: into the write's private copy of the database (an embedded store), or into the queue a server
    store sends at the end; a bad file anywhere throws the whole write away, so it leaves the store
    unchanged.  An in-memory store, which has no copy to throw away, reads every file once before writing.
    With ``replace``, each named graph present in the files is dropped from the store before the first of
    its quads is written (so an exported and edited graph replaces the stored one); otherwise quads are
    added (RDF set union).
    ``graph`` names the target graph of triple files (only with one file).  Imported data gets no
    provenance of its own: ``provkg validate`` warns about named graphs that are not ingest revisions.
    The write is a raw one (``graph.store`` module docstring, write generations): the new database
    gets a new write generation, so every query cache keyed by revision starts cold after it.

    Raises ``ExportError`` (one line) for a bad file or argument, or a file that holds no RDF
    statement (a PROV-JSON document read as JSON-LD); the store's own errors
    (``StoreLockedError``) pass through.
    """
    if graph is not None and len(paths) > 1:
        raise ExportError("--graph names the graph of one file; import the files one at a time")
    for path in paths:
        _format_for(Path(path), fmt)  # an unknown format is refused before anything is read
    from .store import Store

    if isinstance(store, Store) and store.path is None:
        # an in-memory store has no private copy to throw away: every file is read once before it is written
        for path in paths:
            for _piece in _read_rdf(path, fmt, graph, []):
                pass
    rep = ImportReport()
    names: set[str] = set()
    docs: list[_RdfFile] = []
    with store.writer() as w:
        text = hasattr(w, "add_nquads")  # the embedded store loads N-Quads text, in pieces
        for path in paths:
            for piece in _read_rdf(path, fmt, graph, docs):
                if replace:
                    for g in sorted({q.graph_name.value for q in piece} - names):
                        w.drop_graph(g)  # before the first of its quads is written (and only then)
                names.update(q.graph_name.value for q in piece)
                if text:
                    w.add_nquads(ox.serialize(piece, format=ox.RdfFormat.N_QUADS), len(piece))
                else:
                    w.add(piece)
            doc = docs[-1]
            if doc.count == 0:  # e.g. a PROV-JSON document read as JSON-LD: no statement at all
                raise ExportError(f"{path}: holds no RDF statement as {doc.fmt}; nothing was imported "
                                  "(PROV-N and PROV-JSON are export formats only)")
            rep.files.append(str(path))
            rep.graphs.extend(sorted(doc.names))
            rep.quads += doc.count
            rep.skolemised += len(doc.skolem)
        # A graph named outside provkg's IRI space is recorded as provkg's own (kg:ImportedGraph in the
        # provenance graph): a shared server holds other graphs too, and provkg reads only its own.
        outside = sorted(g for g in names if not g.startswith(ID_IRI))
        if outside:
            w.add([ox.Quad(ox.NamedNode(g), _RDF_TYPE, _IMPORTED, ox.NamedNode(str(PROV_GRAPH))) for g in outside])
    return rep

