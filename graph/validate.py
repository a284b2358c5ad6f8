"""Validate a store against provkg's SHACL shapes (``graph/data/shapes.ttl``; W3C SHACL).

The engine
----------
Two SHACL engines give the same results (``ENGINES``): shacl-rust (the ``shacl-rust`` package, a Rust
engine that passes the W3C SHACL core tests it applies; MIT; wheels for CPython 3.9+ on Linux x86_64 and
aarch64, macOS and Windows) by default, and pyshacl (pure Python on rdflib) where shacl-rust is not
installed or ``engine="pyshacl"`` is asked for.  Both take the data graph as N-Triples lines
(``_evaluate``); shacl-rust validates 100,000 statements in ~0.3 s, pyshacl in ~8 s.  Every shape that
can give a result carries an ``sh:message``, so a result's text is the shapes' and not an engine's.
tests/test_validate.py holds the two equal, result by result, on a graph breaking every constraint of
the shapes, on the sample, the corpus, generated and broken stores.  They differ on literals provkg
never writes (``test_the_engines_differ_only_where_rdflib_reads_a_literal_as_another``): rdflib reads
``"1"^^xsd:boolean`` as ``true`` before pyshacl compares terms, and pyshacl cannot order a dateTime
without a time zone against one with it; shacl-rust follows SHACL on both.

What is validated
-----------------
SHACL validates one RDF graph; a provkg store is a dataset.  The findings are those of one
validation of the merge (set union of triples) of

* the provenance graph ``id:graph/provenance`` (ingest activities, every revision ever recorded,
  every invalidation);
* the named graph of every **live** revision: a ``kg:SourceRevision`` of the provenance graph marked
  ``kg:current true``;
* every other named graph that is not a recorded revision (imported data), so its claims are
  checked too.

Named graphs of invalidated revisions are left out: they were checked when they were live, and
merging two revisions of one file would give a section or an item two ``kg:line`` values (its line
moved) and a claim two ``prov:Quotation`` nodes, a false violation.  ``_validate_merged`` builds that merge
and runs one engine once (pyshacl: 2.7 GB and 6-9 minutes for 10,000 notes, 3 M triples); it is the
reference of the tests.  ``validate_store`` gives the same results without the merge.

Besides the shapes, two dataset-level checks that SHACL cannot state on a merged graph:

* a live revision recorded in the provenance graph with no named graph: Violation;
* a named graph that is no recorded revision (no ingest activity generated it, e.g. ``provkg
  import`` of foreign data): Warning.

Violations make ``conforms`` false (``provkg validate`` exits 1); warnings do not.

What each shape reads
---------------------
Every shape in shapes.ttl targets nodes by ``sh:targetClass`` (SHACL 2.1.3; with ``rdfs:subClassOf``
of the data graph) or, ``kgsh:InvalidationShape``, by ``sh:targetSubjectsOf prov:wasInvalidatedBy``;
every path is one predicate; the constraints are ``sh:minCount``/``sh:maxCount``, ``sh:datatype``,
``sh:nodeKind``, ``sh:in``, ``sh:pattern``, ``sh:minLength``, ``sh:minInclusive``, ``sh:hasValue``,
``sh:lessThanOrEquals`` and ``sh:or`` of property shapes.  So the result for a focus node F reads
only **F's own statements** (its types, the targeting predicate, the values of the paths) — except
``sh:class``, which also reads the ``rdf:type`` statements of F's values (SHACL 4.1.1).  Where those
statements are in a provkg store:

* ``ClaimShape`` (``kg:Claim``): the claim's statements are in its file's graph; its source, revision,
  agent, works (``kg:about``; the same file's citation lines type them), quantities and its
  ``prov:Quotation`` are typed in that graph too.  Its ``prov:wasInvalidatedBy`` ("a claim held by a
  live revision carries no invalidation") is in the *provenance graph*.
* ``QuotationShape`` (``prov:Quotation``): one file's graph (the quotation and the revision it names,
  which the graph types ``kg:SourceRevision``); ``where`` reads the revision's ``kg:path`` from the
  provenance graph (a lookup, below).
* ``ExtractionShape`` (``kg:Extraction``): provenance graph only.

* ``InvalidatedClaimShape`` (no node is typed ``kg:InvalidatedClaim`` yet), ``InvalidationShape``: the
  ``prov:wasInvalidatedBy`` and ``prov:invalidatedAtTime`` statements of the provenance graph; the
  activities are typed there.
* ``SourceRevisionShape``, ``LiveRevisionShape`` (``kg:SourceRevision``): a live revision is
  stated in *two* graphs, its own (type, ``prov:specializationOf``, ``kg:sha256``, ``kg:size``) and
  the provenance graph (generation, time, path, ``kg:current``, ``prov:wasRevisionOf`` ...); the
  ``sh:class`` values (activities, earlier revisions) are typed in the provenance graph.
* ``IngestActivityShape``: provenance graph only (the provkg ``prov:SoftwareAgent`` too).
* ``QuantityShape``, ``SourceShape``, ``WorkVersionShape``, ``CitationShape``, ``SectionShape``,
  ``ItemShape``, ``ManifestShape``, ``BriefShape``, ``BriefIncrementShape``, ``BriefCitationShape``:
  one file's graph — the node, and the source, works, versions, sections and items it points to
  (``sh:class``), are all stated by the file that names them.
* ``AgentShape``, ``WorkShape`` (and works' versions): an agent or a work is stated by *every* file
  naming it, with the same statements (the IRI is minted from the name or arXiv ID the statements
  hold; a paper card adds ``kg:title``/``kg:alias``, which no shape reads).
* ``ManifestItemShape``: one file's graph too — a manifest names the agent of each item
  (``prov:wasAttributedTo``, ``sh:class prov:Agent``) and declares it (before, only the agent's
  own notes typed it, so a display name or removed notes failed validation).

The batches
-----------
So ``validate_store`` validates in parts, each with exactly the statements its focus nodes read:

* **each live content graph** G (several per engine run, up to ``batch_triples`` statements) with
  the provenance statements of G's subjects (its revision node; a claim the provenance graph says
  was invalidated), the ``rdf:type`` statements, from any validated graph, of every ``sh:class``
  value that G (with those provenance statements) does not type (the revision's activity and
  earlier revisions; a manifest item's agent in a manifest written before its graph declared it), the ``kg:path`` of a source a node of G points to but
  G does not state (for ``where``), and the store's ``rdfs:subClassOf`` statements (none in provkg
  data).  G's results are kept for focus nodes that G states.
* **the provenance graph**: its subjects that no validated content graph states (activities, old
  revisions, invalidated claims), each with the types of its ``sh:class`` values.
* **conflicts**, from the store: a subject that several validated graphs state *differently* (in the
  statements the shapes read) gets all its statements from every validated graph, and is left out
  of the per-graph results.  provkg's own data has none; an agreeing subject (an agent, a work) is
  reported once, from the first graph (by IRI) that states it.

The content graphs are read from Oxigraph as N-Triples (one ``dump`` per graph; ~10 µs a statement on
disk, most of a cold run) and, past ``POOL_MIN_GRAPHS`` of them, validated by worker processes (one per
CPU, spawned; ``_content_entries``), each reading the same database folder.

Which statements "the shapes read" (and so which ``sh:class`` values need a lookup) is derived from
the shapes graph by ``_Plan``; shapes that use a feature whose result reads more than the focus
node's statements and its values' types (``sh:node``, qualified shapes, SPARQL, complex paths,
``sh:targetNode``/``sh:targetObjectsOf``, property shapes on value nodes) make ``validate_store``
fall back to the one merge.

The cache
---------
A revision IRI names one content, so a content graph's results are kept per live revision, in
``<store>/validate-cache/<key>/graphs/<sha1(revision IRI)>.marshal`` (marshal of plain values;
``<key>`` holds the cache format, the Python version and a hash of shapes.ttl, of this module, of
the term conversion, the engine and the versions of its package, rdflib and pyoxigraph).  An entry also records a
digest of what was merged for the graph (the provenance statements of its subjects that the shapes
read, the answers of its lookups, the ``rdfs:subClassOf`` statements) and is used only while that
digest is the same; it lists the graph's subjects (hashes and digests of their statements) for the
conflict check and the triple count.  The provenance graph's results are kept per subject
(``provenance.marshal``, by a digest of the subject's statements and lookups), and a whole report
per database (``database/<folder>-<inode>.marshal``; a database folder is never changed after its
write).  A re-validation after an 8-file ingest runs the engine over those 8 graphs and the new provenance
subjects.  Entries are written with ``graph.atomic.write_atomic(durable=False)``; an unreadable one
is recomputed.  Remote and in-memory stores compute every time.

"A revision IRI names one content" holds for what ingest writes (it never writes a revision's graph
twice), not for a raw write or ``provkg import --replace`` of an edited graph.  So the entries are
trusted only while every write since the last run was an ingest (``_trusted``: the database folder
number grew by as many ingest activities as it gained); after any other write every graph is
validated again.  The cache folder's key also holds the store's write generation
(``Store.write_generation``, renewed by every write that is not an ingest), so even a raw write that
adds ingest activities cannot make old entries look current.

The triple count is the merge's, counted on the stored terms: a store holding one literal value
written two ways (``"01"`` and ``"1"`` as ``xsd:integer``) for one subject and predicate counts a
triple more here than rdflib's merge, which folds them (the results are the same).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import rdflib
from rdflib.collection import Collection
from rdflib.namespace import RDF, RDFS, SH

from .atomic import fresh_cache_root
from .export import term_converter
from .namespaces import ID_IRI, KG, KG_IRI, PROV, PROV_GRAPH

__all__ = ["ENGINES", "ValidationReport", "Violation", "data_graph", "default_engine", "load_shapes", "short_iri",
           "validate_store"]

_SHORT = [(KG_IRI, "kg:"), (ID_IRI, "id:"), (str(PROV), "prov:"), (str(RDF), "rdf:"),
          ("http://www.w3.org/2000/01/rdf-schema#", "rdfs:"), ("http://purl.org/spar/cito/", "cito:"),
          ("http://purl.org/dc/terms/", "dcterms:"), ("https://w3id.org/provkg/shapes#", "kgsh:"),
          (str(SH), "sh:")]


def short_iri(iri: object) -> str:
    """A compact name for an IRI (``kg:line``, ``id:claim/…``); other terms as their N3 form.

    ``None`` gives ``"-"``; an rdflib ``URIRef`` under a known namespace its prefixed name, any other
    ``URIRef`` ``<iri>``; other rdflib terms their N3 form (``"x"``, ``"3"^^xsd:integer``); anything
    else ``str()``.  Never raises.
    """
    if iri is None:
        return "-"
    s = str(iri)
    if isinstance(iri, rdflib.URIRef):
        for base, p in _SHORT:
            if s.startswith(base):
                return p + s[len(base):]
        return f"<{s}>"
    if isinstance(iri, rdflib.term.Node):
        return iri.n3()
    return s


@dataclass(frozen=True)
class Violation:
    """One SHACL validation result (or dataset-level finding).

    Attributes
    ----------
    severity : ``"Violation"``, ``"Warning"`` or ``"Info"`` (``sh:resultSeverity``)
    focus : the focus node's IRI (``sh:focusNode``)
    path : the property path, compact (``kg:line``), or ``""`` for node-level results
    message : ``sh:resultMessage`` (the shape's ``sh:message``, else the engine's own text)
    value : the offending value in N3 form (``sh:value``), or ``""``
    shape : the source shape, compact (``kgsh:ClaimShape``), or ``""`` for a blank-node shape
    where : ``path:line`` of the focus node in its source file when the store says, else ``""``
    """

    severity: str
    focus: str
    path: str
    message: str
    value: str = ""
    shape: str = ""
    where: str = ""

    def line(self) -> str:
        """One line: ``Violation  file:line  id:claim/…  kg:line: message (value …)``."""
        loc = f"{self.where}  " if self.where else ""
        val = f" (value {self.value})" if self.value else ""
        return f"{self.severity}  {loc}{short_iri(rdflib.URIRef(self.focus))}  {self.path or '-'}: {self.message}{val}"


@dataclass
class ValidationReport:
    """The outcome of ``validate_store``: ``conforms`` is True when no result has severity Violation."""

    conforms: bool
    results: list[Violation] = field(default_factory=list)
    graphs: int = 0
    triples: int = 0

    @property
    def violations(self) -> list[Violation]:
        """Results of severity Violation."""
        return [r for r in self.results if r.severity == "Violation"]

    @property
    def warnings(self) -> list[Violation]:
        """Results of severity Warning or Info."""
        return [r for r in self.results if r.severity != "Violation"]

    def summary(self) -> str:
        """One line: ``0 violations, 1 warning (14 named graphs, 5123 triples validated)``."""
        v, w = len(self.violations), len(self.warnings)
        return (f"{v} violation{'s' * (v != 1)}, {w} warning{'s' * (w != 1)} "
                f"({self.graphs} named graphs, {self.triples} triples validated)")


def _shapes_text() -> str:
    return resources.files("graph").joinpath("data/shapes.ttl").read_text("utf-8")


def load_shapes() -> rdflib.Graph:
    """The shipped SHACL shapes graph (``graph/data/shapes.ttl``, package data), parsed as Turtle.

    Returns a fresh ``rdflib.Graph`` on each call.  Raises whatever rdflib raises when the packaged
    file is missing or not Turtle (a broken install).
    """
    return rdflib.Graph().parse(data=_shapes_text(), format="turtle")


_REVISIONS = (
    "PREFIX prov: <http://www.w3.org/ns/prov#>\n"
    "PREFIX kg: <https://w3id.org/provkg/ns#>\n"
    "SELECT ?rev ?cur WHERE { GRAPH <" + str(PROV_GRAPH) + "> {\n"
    "  ?rev a kg:SourceRevision . OPTIONAL { ?rev kg:current ?cur } } }\n"
)


def _kept_graphs(store) -> tuple[list[str], set[str], list[Violation]]:
    """``(named graphs validated, sorted; live recorded revisions among them; dataset-level findings)``."""
    # revision -> no longer live: kg:current marks the live one (a store written by a build before the
    # revert fix may hold a reused revision that is live while carrying prov:wasInvalidatedBy: its graph is
    # checked, and kgsh:LiveRevisionShape reports it)
    revs = {str(r["rev"]): r["cur"] is not True for r in store.select(_REVISIONS)}
    named = set(store.named_graphs())
    findings: list[Violation] = []
    keep = []
    for g in sorted(named):
        if g == str(PROV_GRAPH):
            keep.append(g)
        elif g in revs:
            if not revs[g]:
                keep.append(g)
        else:
            keep.append(g)
            findings.append(Violation("Warning", g, "prov:used",
                                      "named graph is not a kg:SourceRevision recorded in the provenance graph "
                                      "(no ingest activity read it; imported data?)", shape="dataset"))
    for rev, gone in sorted(revs.items()):
        if not gone and rev not in named:
            findings.append(Violation("Violation", rev, "", "live revision has no named graph in the store",
                                      shape="dataset"))
    return keep, {g for g in keep if g in revs}, findings


def data_graph(store) -> tuple[rdflib.Graph, list[Violation], int]:
    """The merged data graph described in the module docstring (what ``_validate_merged`` validates).

    Parameters
    ----------
    store : graph.store.Store or any ``graph.backend.Backend``

    Returns
    -------
    tuple
        ``(graph, dataset-level findings, number of named graphs merged)``; the graph is an
        ``rdflib.Graph`` holding every triple of the provenance graph, of every live revision's graph
        and of every named graph that is no recorded revision.  Memory grows with the store (~0.9 KB
        per triple); ``validate_store`` does not build it.

    Raises
    ------
    QueryError, StoreError
        The store cannot be read.
    """
    keep, _live, findings = _kept_graphs(store)
    g = rdflib.Graph()
    add = g.add
    conv = term_converter()
    for name in keep:
        for q in store.quads(name):
            add((conv(q.subject), conv(q.predicate), conv(q.object)))
    return g, findings, len(keep)


def _shacl(data: rdflib.Graph, shapes: rdflib.Graph) -> rdflib.Graph:
    """pyshacl over ``data``: the results graph (every pyshacl run of this module goes through here)."""
    import pyshacl

    _conforms, results, _text = pyshacl.validate(data, shacl_graph=shapes, inference="none", abort_on_first=False,
                                                 allow_warnings=True, advanced=False, meta_shacl=False)
    return results


def _results(results: rdflib.Graph) -> Iterator[tuple[rdflib.term.Node, tuple[str, str, str, str, str, str]]]:
    """``(focus node, (severity, focus, path, message, value, shape))`` of each sh:ValidationResult."""
    for r in results.subjects(RDF.type, SH.ValidationResult):
        focus = results.value(r, SH.focusNode)
        sev = results.value(r, SH.resultSeverity)
        msgs = sorted(str(m) for m in results.objects(r, SH.resultMessage))
        val = results.value(r, SH.value)
        shape = results.value(r, SH.sourceShape)
        rpath = results.value(r, SH.resultPath)
        yield focus, (
            short_iri(sev).removeprefix("sh:") if sev is not None else "Violation",
            str(focus),
            short_iri(rpath) if rpath is not None else "",
            msgs[0] if msgs else "",
            short_iri(val) if val is not None else "",
            short_iri(shape) if isinstance(shape, rdflib.URIRef) else "",
        )


_RANK = {"Violation": 0, "Warning": 1, "Info": 2}


def _report(out: list[Violation], graphs: int, triples: int) -> ValidationReport:
    # Sorted by severity, file location, focus node and path; value and shape only break ties.
    out.sort(key=lambda v: (_RANK.get(v.severity, 3), v.where, v.focus, v.path, v.message, v.value, v.shape))
    return ValidationReport(conforms=not any(v.severity == "Violation" for v in out), results=out,
                            graphs=graphs, triples=triples)


def _validate_merged(store, *, shapes: rdflib.Graph | None = None, engine: str = "pyshacl") -> ValidationReport:
    """Validate the merged data graph (``data_graph``) in one engine run: the reference for ``validate_store``.

    Same inputs, outputs and errors as ``validate_store``; ``engine`` (default pyshacl, the reference)
    one of ``ENGINES``.  Memory and time grow with the whole store.  The triple count is that of the
    distinct stored statements (as ``validate_store`` counts).
    """
    keep, _live, findings = _kept_graphs(store)
    lines = sorted({f"{q.subject} {q.predicate} {q.object} .\n" for name in keep for q in store.quads(name)})
    shp = _Shapes(shapes if shapes is not None else load_shapes())
    out = list(findings)
    got = _evaluate(lines, shp, engine)
    idx = _index(lines) if got else {}
    for focus, fields in got:
        out.append(Violation(*fields, where=_where(idx, focus)))
    return _report(out, len(keep), len(lines))


# ---------------------------------------------------------------------------------------------------
# What the shapes read (_Plan)

_SH_NS = str(SH)
_T_TYPE = f"<{RDF.type}>"
_T_SUBCLASS = f"<{RDFS.subClassOf}>"
_T_PATH = f"<{KG.path}>"
#: What ``_where`` reads of a focus node (and ``kg:path`` of its source).
_WHERE_VIA = (f"<{KG.inSource}>", f"<{PROV.wasQuotedFrom}>", f"<{KG.inDocument}>", f"<{PROV.entity}>")
_T_LINE = f"<{KG.line}>"
_T_QUOTATION = f"<{PROV.qualifiedQuotation}>"
_WHERE_READS = frozenset({*_WHERE_VIA, _T_PATH, _T_LINE, _T_QUOTATION})

#: Parameters that constrain the value nodes themselves (or, on a node shape, the focus node itself).
_VALUE_PARAMS = frozenset({"class", "datatype", "nodeKind", "in", "pattern", "flags", "minLength", "maxLength",
                           "minInclusive", "maxInclusive", "minExclusive", "maxExclusive", "languageIn",
                           "hasValue"})
_COUNT_PARAMS = frozenset({"minCount", "maxCount", "uniqueLang"})
_PAIR_PARAMS = frozenset({"lessThan", "lessThanOrEquals", "equals", "disjoint"})
_NOTES = frozenset({"message", "severity", "name", "description", "deactivated", "order", "group", "defaultValue",
                    "targetClass", "targetSubjectsOf"})
_LOGIC = frozenset({"or", "and", "xone", "not"})


def _nt(term: rdflib.term.Node) -> str | None:
    """N-Triples text of an IRI or blank node as pyoxigraph writes it (``<iri>``, ``_:id``); None otherwise."""
    if isinstance(term, rdflib.URIRef):
        return f"<{term}>"
    if isinstance(term, rdflib.BNode):
        return f"_:{term}"
    return None


class _Plan:
    """What evaluating the shapes graph reads, derived from the shapes (not from a list of provkg shapes).

    ``supported`` is False when some shape's result may read more than its focus node's statements and
    the ``rdf:type`` statements of the focus node's values; ``validate_store`` then validates the merge.
    ``relevant``: the predicates (N-Triples text) whose statements the shapes or ``where`` read (None: all,
    for ``sh:closed``).  ``by_class`` / ``by_subject_of``: target class / predicate -> shapes.
    ``checks``: shape -> ``(path, class)`` of every ``sh:class`` on that shape's value nodes.
    """

    def __init__(self, sg: rdflib.Graph):
        self.sg = sg
        self.supported = True
        rel = {_T_TYPE, _T_SUBCLASS, *_WHERE_READS}
        self.all = False
        self.by_class: dict[str, set[rdflib.term.Node]] = {}
        self.by_subject_of: dict[str, set[rdflib.term.Node]] = {}
        self.checks: dict[rdflib.term.Node, set[tuple[str, str]]] = {}
        self._rel = rel
        roots: dict[rdflib.term.Node, None] = {}
        for s, p, _o in sg:
            name = self._name(p)
            if name in ("targetNode", "targetObjectsOf", "target"):
                self.supported = False
            elif name in ("targetClass", "targetSubjectsOf"):
                roots[s] = None
        for s in sg.subjects(RDF.type, RDFS.Class):
            if (s, RDF.type, SH.NodeShape) in sg or (s, RDF.type, SH.PropertyShape) in sg:
                roots[s] = None  # implicit class target (SHACL 2.1.3.3)
        for r in roots:
            self.checks[r] = set()
            classes = list(sg.objects(r, SH.targetClass))
            if (r, RDF.type, RDFS.Class) in sg:
                classes.append(r)
            for c in classes:
                self.by_class.setdefault(self._iri(c), set()).add(r)
            for q in sg.objects(r, SH.targetSubjectsOf):
                t = self._iri(q)
                self.by_subject_of.setdefault(t, set()).add(r)
                rel.add(t)
            self._on_focus(r, r, 0)
        self.relevant: frozenset[str] | None = None if self.all else frozenset(rel)

    @staticmethod
    def _name(p: rdflib.term.Node) -> str | None:
        s = str(p)
        return s[len(_SH_NS):] if isinstance(p, rdflib.URIRef) and s.startswith(_SH_NS) else None

    def _iri(self, t: rdflib.term.Node) -> str:
        if not isinstance(t, rdflib.URIRef):
            self.supported = False
            return ""
        return f"<{t}>"

    def _members(self, name: str, o: rdflib.term.Node) -> list[rdflib.term.Node]:
        return [o] if name == "not" else list(Collection(self.sg, o))

    def _on_focus(self, shape: rdflib.term.Node, root: rdflib.term.Node, depth: int) -> None:
        """``shape`` applies to the focus node itself (a node shape, or a member of one's sh:or ...)."""
        if depth > 20:
            self.supported = False
            return
        path = self.sg.value(shape, SH.path)
        if path is not None:
            self._on_values(shape, root, self._iri(path), depth)
            return
        for p, o in self.sg.predicate_objects(shape):
            name = self._name(p)
            if name is None or name in _VALUE_PARAMS or name in _NOTES or name == "ignoredProperties":
                continue  # node-level: reads the focus node itself (sh:class: its own types)
            if name == "property":
                if self.sg.value(o, SH.path) is None:
                    self.supported = False
                self._on_focus(o, root, depth + 1)
            elif name in _LOGIC:
                for m in self._members(name, o):
                    self._on_focus(m, root, depth + 1)
            elif name == "closed":
                if o == rdflib.Literal(True):
                    self.all = True
            elif name in _PAIR_PARAMS:
                self._rel.add(self._iri(o))
            else:
                self.supported = False  # sh:node, sh:sparql, ... : may read other nodes' statements

    def _on_values(self, shape: rdflib.term.Node, root: rdflib.term.Node, path: str, depth: int) -> None:
        """``shape`` (a property shape with path ``path``) applies to the focus node's values of ``path``."""
        self._rel.add(path)
        for p, o in self.sg.predicate_objects(shape):
            name = self._name(p)
            if name is None or name == "path" or name in _NOTES or name in _COUNT_PARAMS:
                continue
            if name == "class":
                self.checks[root].add((path, self._iri(o)))
            elif name in _VALUE_PARAMS:
                continue
            elif name in _PAIR_PARAMS:
                self._rel.add(self._iri(o))  # compares with the focus node's values of that predicate
            elif name in _LOGIC:
                for m in self._members(name, o):
                    self._on_value_node(m, root, path, depth + 1)
            else:
                self.supported = False  # sh:property/sh:node/qualified shapes read the value nodes' statements

    def _on_value_node(self, shape: rdflib.term.Node, root: rdflib.term.Node, path: str, depth: int) -> None:
        """A member of a logical constraint of a property shape: applies to each value node itself."""
        if depth > 20 or self.sg.value(shape, SH.path) is not None:
            self.supported = False
            return
        for p, o in self.sg.predicate_objects(shape):
            name = self._name(p)
            if name is None or name in _NOTES:
                continue
            if name == "class":
                self.checks[root].add((path, self._iri(o)))
            elif name in _VALUE_PARAMS:
                continue
            elif name in _LOGIC:
                for m in self._members(name, o):
                    self._on_value_node(m, root, path, depth + 1)
            else:
                self.supported = False


# ---------------------------------------------------------------------------------------------------
# One validation in parts (_Run)

_FORMAT = 1  # bump when an entry's layout or meaning changes
_BATCH_TRIPLES = 100_000
_PROV = str(PROV_GRAPH)

Groups = dict[str, list[tuple[str, str]]]  # subject -> [(predicate, object)], all as N-Triples text


def _h(text: str) -> int:
    """64-bit hash of a text (subject, statement)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


def _hashes(texts: Iterable[str]) -> array:
    """``array("Q", [_h(t) for t in texts])``, computed without an int per text."""
    b2 = hashlib.blake2b
    out = array("Q")
    out.frombytes(b"".join(b2(t.encode("utf-8", "surrogatepass"), digest_size=8).digest() for t in texts))
    if sys.byteorder != "little":  # _h reads the digest as a little-endian number
        out.byteswap()
    return out


def _to_ox(text: str):
    import pyoxigraph as ox

    if text.startswith("<"):
        return ox.NamedNode(text[1:-1])
    if text.startswith("_:"):
        return ox.BlankNode(text[2:])
    raise ValueError(text)


def _add_lines(data: rdflib.Graph, conv: Callable, lines: Iterable[str]) -> None:
    """Parse N-Triples ``lines`` (each ends with " .\\n") into ``data``."""
    import pyoxigraph as ox

    text = "".join(lines).encode("utf-8")
    if text:
        add = data.add
        for t in ox.parse(text, format=ox.RdfFormat.N_TRIPLES):
            add((conv(t.subject), conv(t.predicate), conv(t.object)))


def _where(idx: Groups, focus: str) -> str:
    """``path:line`` of a focus node (N-Triples text) in its source file, from the statements ``idx``; else ``""``.

    The source is the focus node's ``kg:inSource``, ``prov:wasQuotedFrom``, ``kg:inDocument`` or (a
    ``prov:Quotation``) ``prov:entity``, and its ``kg:path``; the line the focus node's ``kg:line``, else
    that of its ``prov:qualifiedQuotation`` (a claim, model 2).  Where a node states several values the
    least (as N-Triples text) is taken, so every engine and every part gives the same text.
    """
    def value(s: str | None, p: str) -> str | None:
        vals = [o for q, o in idx.get(s, ()) if q == p] if s is not None else []
        return min(vals) if vals else None

    src = next((v for p in _WHERE_VIA if (v := value(focus, p)) is not None), None)
    path = value(src, _T_PATH) if src is not None else value(focus, _T_PATH)
    if path is None:
        return ""
    line = value(focus, _T_LINE)
    if line is None:  # a claim: its line span is on its prov:Quotation (model 2)
        line = value(value(focus, _T_QUOTATION), _T_LINE)
    path_s = str(_term(path))
    return f"{path_s}:{_term(line)}" if line is not None else path_s


def _index(lines: Iterable[str]) -> Groups:
    """N-Triples lines (``"s p o .\\n"``) grouped by subject: ``{subject: [(predicate, object)]}``."""
    out: Groups = {}
    for ln in lines:
        s, p, o = ln[:-3].split(" ", 2)
        out.setdefault(s, []).append((p, o))
    return out


@lru_cache(maxsize=65536)
def _term(text: str) -> rdflib.term.Node:
    """An N-Triples term as the rdflib term pyshacl sees (literals normalized as rdflib normalizes them)."""
    import pyoxigraph as ox

    if text.startswith("<"):
        return rdflib.URIRef(text[1:-1])
    if text.startswith("_:"):
        return rdflib.BNode(text[2:])
    t = next(iter(ox.parse(f"<urn:x:s> <urn:x:p> {text} .\n".encode(), format=ox.RdfFormat.N_TRIPLES)))
    return term_converter()(t.object)


# ---------------------------------------------------------------------------------------------------
# The SHACL engines: a data graph as N-Triples lines in, validation results out

#: The engines ``validate_store`` can run: the Rust engine of the ``shacl-rust`` package (Python wheels
#: for CPython 3.9+ on Linux, macOS and Windows), and pyshacl (pure Python, on rdflib).
ENGINES = ("shacl-rust", "pyshacl")

Fields = tuple[str, str, str, str, str, str]  # severity, focus, path, message, value, shape


def default_engine() -> str:
    """``"shacl-rust"`` when the ``shacl_rust`` module can be imported, else ``"pyshacl"`` (never raises)."""
    from importlib.util import find_spec

    try:
        return "shacl-rust" if find_spec("shacl_rust") is not None else "pyshacl"
    except (ImportError, ValueError):
        return "pyshacl"


class _Shapes:
    """A shapes graph as each engine takes it: the rdflib graph (pyshacl), its N-Triples text (shacl-rust,
    which keeps the blank-node labels), and the ``sh:message`` values of each shape by N-Triples label."""

    def __init__(self, sg: rdflib.Graph):
        self.sg = sg
        self.messages: dict[str, list[str]] = {}
        for s, m in sg.subject_objects(SH.message):
            k = _nt(s)
            if k is not None:
                self.messages.setdefault(k, []).append(str(m))
        for v in self.messages.values():
            v.sort()
        self._text: str | None = None

    @property
    def text(self) -> str:
        """The shapes as N-Triples (blank nodes labelled as rdflib labels them)."""
        if self._text is None:
            self._text = self.sg.serialize(format="nt")
        return self._text


def _evaluate(lines: list[str], shapes: _Shapes, engine: str) -> list[tuple[str, Fields]]:
    """Validate the data graph ``lines`` (N-Triples, each ending in ``" .\\n"``) against ``shapes``.

    Returns ``(focus node as N-Triples text, (severity, focus, path, message, value, shape))`` per
    validation result (SHACL 3.6): severity without ``sh:``; focus as ``str`` of its rdflib term; path,
    value and shape compact (``short_iri``; a literal value in rdflib's N3 form, a blank-node shape
    ``""``); message the shape's ``sh:message`` (the least, sorted) or else the engine's own text.
    Raises ``ValueError`` for an engine not in ``ENGINES``; ``ImportError`` when its package is missing.
    """
    if engine == "shacl-rust":
        return _evaluate_rust(lines, shapes)
    if engine == "pyshacl":
        data = rdflib.Graph()
        _add_lines(data, term_converter(), lines)
        out = []
        for focus, fields in _results(_shacl(data, shapes.sg)):
            ft = _nt(focus) if focus is not None else None
            if ft is not None:
                out.append((ft, fields))
        return out
    raise ValueError(f"unknown SHACL engine {engine!r} (one of {', '.join(ENGINES)})")


#: shacl-rust's interned index of the data graph ("experimental" in 0.2.12): 2-2.5x faster on provkg's
#: batches, the same results (the engine tests of tests/test_validate.py run with it).
_RUST_INDEX = True


def _evaluate_rust(lines: list[str], shapes: _Shapes) -> list[tuple[str, Fields]]:
    """``_evaluate`` with shacl-rust (``shacl_rust.validate`` over N-Triples text)."""
    import shacl_rust

    text = "".join(lines)
    if not text:
        return []
    rep = shacl_rust.validate(text, shapes.text, data_format="nt", shapes_format="nt",
                              experimental_index=_RUST_INDEX)
    out: list[tuple[str, Fields]] = []
    for r in rep["results"]:
        focus = r.get("focusNode")
        if not focus or not (focus.startswith("<") or focus.startswith("_:")):
            continue
        sev, shape, path, val = (r.get(k) or "" for k in ("severity", "sourceShape", "resultPath", "value"))
        msgs = shapes.messages.get(shape) or sorted(r.get("messages") or [])[:1]
        out.append((focus, (
            short_iri(_term(sev)).removeprefix("sh:") if sev else "Violation",
            str(_term(focus)),
            short_iri(_term(path)) if path.startswith("<") else path,
            msgs[0] if msgs else "",
            short_iri(_term(val)) if val else "",
            short_iri(_term(shape)) if shape.startswith("<") else "",
        )))
    return out


@dataclass
class _Entry:
    """What one content graph contributes: its subjects and statements (as hashes) and its results."""

    subj: array  # 'Q': hash of each subject, in subject-text order
    rdig: array  # 'Q': digest of each subject's statements that the shapes read
    cnt: array  # 'I': number of statements of each subject
    stmt: array  # 'Q': hash of every statement, grouped as subj/cnt say
    taint: frozenset  # subjects whose results were computed with another graph's different statements
    needs: list  # lookups, sorted: ("type", value, class) / ("path", source)
    ctx: bytes  # digest of what was merged for this graph (``_Run.ctx_digest``)
    results: list  # (focus hash, severity, focus, path, message, value, shape, where)
    text: str  # the subjects' N-Triples texts, one a line, in ``subj`` order

    def dump(self, rev: str) -> bytes:
        return marshal.dumps({"f": _FORMAT, "rev": rev, "subj": self.subj.tobytes(), "rdig": self.rdig.tobytes(),
                              "cnt": self.cnt.tobytes(), "stmt": self.stmt.tobytes(), "taint": sorted(self.taint),
                              "needs": self.needs, "ctx": self.ctx, "results": self.results, "text": self.text})

    @classmethod
    def load(cls, data: bytes, rev: str) -> _Entry | None:
        """The entry, or None when ``data`` is not a complete entry of this format for ``rev``."""
        try:
            d = marshal.loads(data)
            if not isinstance(d, dict) or d.get("f") != _FORMAT or d.get("rev") != rev:
                return None
            arrs = []
            for k, code in (("subj", "Q"), ("rdig", "Q"), ("cnt", "I"), ("stmt", "Q")):
                a = array(code)
                a.frombytes(d[k])
                arrs.append(a)
            subj, rdig, cnt, stmt = arrs
            text, ctx, needs, results, taint = d["text"], d["ctx"], d["needs"], d["results"], d["taint"]
            ok = (len(subj) == len(rdig) == len(cnt) and sum(cnt) == len(stmt) and isinstance(text, str)
                  and (text.count("\n") + 1 if text else 0) == len(subj) and isinstance(ctx, bytes)
                  and isinstance(needs, list) and all(isinstance(n, tuple) and all(isinstance(x, str) for x in n)
                                                      for n in needs)
                  and isinstance(results, list)
                  and all(isinstance(r, tuple) and len(r) == 8 and isinstance(r[0], int)
                          and all(isinstance(x, str) for x in r[1:]) for r in results)
                  and isinstance(taint, list) and all(isinstance(t, int) for t in taint))
            return cls(subj, rdig, cnt, stmt, frozenset(taint), needs, ctx, results, text) if ok else None
        except Exception:  # noqa: BLE001 - a cache entry that cannot be read is recomputed
            return None

    def subject_text(self, k: int) -> str:
        return self.text.split("\n")[k]


class _Run:
    """One ``validate_store`` run: the provenance graph in memory, lookups, and the batch evaluations."""

    def __init__(self, store, sg: rdflib.Graph, plan: _Plan, keep: list[str], engine: str, *,
                 db=None, prov: Groups | None = None):
        self.store = store
        self.sg = sg
        self.shapes = _Shapes(sg)
        self.engine = engine
        #: The embedded store's pyoxigraph database (None: remote or another backend, read by SPARQL);
        #: ``database_dir`` its folder when on disk (a worker process opens it again, ``_content_entries``).
        #: A worker passes ``db`` (its own read-only handle) and the parent's ``prov``.
        self.db = db if db is not None else store.db if type(store).__name__ == "Store" else None
        self.database_dir = getattr(store, "database_dir", None) if db is None and self.db is not None else None
        self.plan = plan
        self.keep = set(keep)
        self.rel_set = plan.relevant
        self.prov: Groups = prov if prov is not None else self.read(_PROV) if _PROV in self.keep else {}
        self.prov_text = {_h(s): s for s in self.prov}
        self.memo: dict[tuple, tuple] = {}
        self.sub_lines: list[str] = []
        self.sub_of: dict[str, set[str]] = {}
        for s, _p, o in self.match(None, _T_SUBCLASS, None, with_prov=True):
            line = f"{s} {_T_SUBCLASS} {o} .\n"
            if line not in self.sub_lines:
                self.sub_lines.append(line)
                self.sub_of.setdefault(s, set()).add(o)
        self.sub_lines.sort()
        self.sub_digest = hashlib.blake2b("".join(self.sub_lines).encode("utf-8"), digest_size=16).digest()
        self._supers: dict[str, frozenset[str]] = {}
        self._pairs_of: dict[tuple, frozenset[tuple[str, str]]] = {}

    # -- reading ----------------------------------------------------------------------------------
    def read(self, name: str) -> Groups:
        """The statements of the named graph ``name``, grouped by subject (N-Triples texts)."""
        out: Groups = {}
        intern = sys.intern
        db = self.db
        if db is not None:  # Oxigraph writes the graph as N-Triples: one call, no Python term per quad
            import pyoxigraph as ox

            text = db.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.NamedNode(name)).decode("utf-8")
            for ln in text.split("\n"):  # N-Triples escapes line breaks inside literals ("\n", "\r")
                if ln:
                    s, p, o = ln[:-2].split(" ", 2)
                    out.setdefault(s, []).append((intern(p), o))
            return out
        for q in self.store.quads(name):
            out.setdefault(str(q.subject), []).append((intern(str(q.predicate)), str(q.object)))
        return out

    def match(self, s: str | None, p: str | None, o: str | None, *, with_prov: bool = False
              ) -> Iterator[tuple[str, str, str]]:
        """``(subject, predicate, object)`` texts stated in a validated graph (the provenance graph only if
        ``with_prov``), for a pattern of texts (None = any)."""
        db = self.db
        if db is not None:
            for q in db.quads_for_pattern(_to_ox(s) if s else None, _to_ox(p) if p else None,
                                          _to_ox(o) if o else None, None):
                g = q.graph_name
                gname = getattr(g, "value", None)
                if gname in self.keep and (with_prov or gname != _PROV):
                    yield str(q.subject), str(q.predicate), str(q.object)
            return
        q = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }"
        binds = {k: _to_ox(v) for k, v in (("s", s), ("p", p), ("o", o)) if v}
        for row in self.store.select_terms(q, **binds):
            gname = getattr(row["g"], "value", None)
            if gname in self.keep and (with_prov or gname != _PROV):
                yield (str(row["s"]) if s is None else s, str(row["p"]) if p is None else p,
                       str(row["o"]) if o is None else o)

    def rel(self, st: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The statements the shapes (and ``where``) read."""
        r = self.rel_set
        return st if r is None else [(p, o) for p, o in st if p in r]

    def rdig(self, st: list[tuple[str, str]]) -> int:
        return _h("\n".join(sorted(f"{p} {o}" for p, o in self.rel(st))))

    # -- classes ----------------------------------------------------------------------------------
    def supers(self, t: str) -> frozenset[str]:
        got = self._supers.get(t)
        if got is None:
            seen, todo = {t}, [t]
            while todo:
                for s in self.sub_of.get(todo.pop(), ()):
                    if s not in seen:
                        seen.add(s)
                        todo.append(s)
            got = self._supers[t] = frozenset(seen)
        return got

    def subs(self, c: str) -> list[str]:
        return sorted({c} | {t for t in self.sub_of if c in self.supers(t)})

    def shapes_for(self, st: list[tuple[str, str]]) -> set:
        plan = self.plan
        out: set = set()
        for p, o in st:
            if p == _T_TYPE:
                for c in self.supers(o):
                    out |= plan.by_class.get(c, set())
            got = plan.by_subject_of.get(p)
            if got:
                out |= got
        return out

    # -- lookups ----------------------------------------------------------------------------------
    def needs(self, subjects: Iterable[str], view: Callable[[str], list[tuple[str, str]]]) -> set[tuple]:
        """Lookups that the subjects' evaluation needs beyond ``view`` (the statements at hand).

        ``("type", v, C)``: a value v of an ``sh:class C`` path that ``view`` does not type as a C;
        ``("path", src)``: a source named by ``kg:inSource``/``prov:wasQuotedFrom``/``kg:inDocument``
        without a ``kg:path`` in ``view`` (for ``where``).
        """
        out: set[tuple] = set()
        pairs_of = self._pairs_of
        by_subject_of = self.plan.by_subject_of
        typed: dict[str, bool] = {}  # (value, class) text -> whether ``view`` types the value as the class
        for s in subjects:
            st = view(s)
            for p, o in st:
                if p in _WHERE_VIA and not o.startswith('"') and not any(q == _T_PATH for q, _ in view(o)):
                    out.add(("path", o))
            # the shapes targeting s depend on its types and on the targeting predicates it has
            key = (frozenset(o for p, o in st if p == _T_TYPE), frozenset(p for p, _o in st if p in by_subject_of))
            pairs = pairs_of.get(key)
            if pairs is None:
                pairs = pairs_of[key] = self._pairs(st)
            for path, c in pairs:
                for p, v in st:
                    if p != path or v.startswith('"'):
                        continue
                    k = f"{v} {c}"
                    ok = typed.get(k)
                    if ok is None:
                        ok = typed[k] = any(q == _T_TYPE and c in self.supers(t) for q, t in view(v))
                    if not ok:
                        out.add(("type", v, c))
        return out

    def _pairs(self, st: list[tuple[str, str]]) -> frozenset[tuple[str, str]]:
        """``(path, class)`` of every ``sh:class`` of the shapes that target a subject with statements ``st``."""
        checks = self.plan.checks
        return frozenset().union(*(checks.get(r, ()) for r in self.shapes_for(st)))

    def answer(self, need: tuple) -> tuple[str, ...]:
        """What the validated graphs state for a lookup (memoized for the run)."""
        got = self.memo.get(need)
        if got is not None:
            return got
        if need[0] == "type":
            _, v, c = need
            found = []
            for t in self.subs(c):
                if any(p == _T_TYPE and o == t for p, o in self.prov.get(v, ())) or \
                        next(self.match(v, _T_TYPE, t), None) is not None:
                    found.append(t)
            got = tuple(found)
        else:
            _, src = need
            vals = {o for p, o in self.prov.get(src, ()) if p == _T_PATH}
            vals.update(o for _s, _p, o in self.match(src, _T_PATH, None))
            got = tuple(sorted(vals))
        self.memo[need] = got
        return got

    def need_lines(self, need: tuple) -> list[str]:
        if need[0] == "type":
            return [f"{need[1]} {_T_TYPE} {t} .\n" for t in self.answer(need)]
        return [f"{need[1]} {_T_PATH} {o} .\n" for o in self.answer(need)]

    def ctx_digest(self, psubj: list[str], needs: list[tuple]) -> bytes:
        """Digest of what a graph's batch merged: the provenance statements of ``psubj`` (the graph's subjects
        the provenance graph states) that the shapes read, the lookups and their answers, the subclass axioms."""
        h = hashlib.blake2b(digest_size=16)
        for s in sorted(psubj):
            h.update(f"{s}\x00".encode())
            h.update("".join(sorted(f"{p} {o}\n" for p, o in self.rel(self.prov[s]))).encode("utf-8"))
        h.update(b"\x01")
        for n in needs:
            h.update(repr((n, self.answer(n))).encode("utf-8"))
        h.update(self.sub_digest)
        return h.digest()

    def entry_ctx(self, e: _Entry) -> bytes:
        pt = self.prov_text
        return self.ctx_digest([pt[h] for h in e.subj if h in pt], e.needs)

    # -- evaluation -------------------------------------------------------------------------------
    def evaluate(self, lines: list[str]) -> list[tuple[str, Fields]]:
        """The results of the data graph ``lines`` (sorted N-Triples lines) with this run's engine."""
        return _evaluate(lines, self.shapes, self.engine)

    def content_batch(self, groups_of: dict[str, Groups]) -> dict[str, _Entry]:
        """Validate named graphs (content or imported; ``{name: statements}``) together, each merged with what
        the module docstring lists; one ``_Entry`` per graph."""
        names = list(groups_of)
        lines: set[str] = set(self.sub_lines)
        ppart_of: dict[str, Groups] = {}
        needs_of: dict[str, set[tuple]] = {}
        for name, groups in groups_of.items():
            ppart = {s: self.rel(self.prov[s]) for s in groups if s in self.prov}
            ppart_of[name] = ppart

            def view(x: str, groups: Groups = groups, ppart: Groups = ppart) -> list[tuple[str, str]]:
                return groups.get(x, []) + ppart.get(x, [])

            needs = self.needs(groups, view)
            needs_of[name] = needs
            for s, st in groups.items():
                lines.update(f"{s} {p} {o} .\n" for p, o in self.rel(st))
            for s, st in ppart.items():
                lines.update(f"{s} {p} {o} .\n" for p, o in st)
            for n in needs:
                lines.update(self.need_lines(n))
        data = sorted(lines)
        del lines
        stating: dict[str, list[str]] = {}
        for name, groups in groups_of.items():
            for s in groups:
                stating.setdefault(s, []).append(name)
        res_of: dict[str, list[tuple]] = {name: [] for name in names}
        got = self.evaluate(data)
        idx = _index(data) if got else {}
        for ft, fields in got:
            owners = stating.get(ft)
            if owners:
                row = (_h(ft), *fields, _where(idx, ft))
                for n in owners:
                    res_of[n].append(row)
        rd_of = {name: {s: self.rdig(st) for s, st in groups.items()} for name, groups in groups_of.items()}
        taint_of: dict[str, set[int]] = {name: set() for name in names}
        for s, ns in stating.items():
            if len(ns) > 1 and len({rd_of[n][s] for n in ns}) > 1:
                for n in ns:
                    taint_of[n].add(_h(s))
        out = {}
        for name, groups in groups_of.items():
            subjects = sorted(groups)
            needs = sorted(needs_of[name])
            out[name] = _Entry(
                subj=array("Q", [_h(s) for s in subjects]), rdig=array("Q", [rd_of[name][s] for s in subjects]),
                cnt=array("I", [len(groups[s]) for s in subjects]),
                stmt=_hashes(f"{s} {p} {o}" for s in subjects for p, o in groups[s]),
                taint=frozenset(taint_of[name]), needs=needs,
                ctx=self.ctx_digest([s for s in subjects if s in self.prov], needs),
                results=res_of[name], text="\n".join(subjects))
        return out

    def subjects_batch(self, stmts: Groups, batch_triples: int) -> dict[str, list[tuple]]:
        """Validate subjects whose statements (all of them, from every validated graph) are ``stmts``.

        Returns ``{subject: [(severity, focus, path, message, value, shape, where), ...]}``.
        """
        out: dict[str, list[tuple]] = {s: [] for s in stmts}
        chunk: list[str] = []
        size = 0
        for s in sorted(stmts):
            chunk.append(s)
            size += len(stmts[s])
            if size >= batch_triples:
                self._subjects_chunk(stmts, chunk, out)
                chunk, size = [], 0
        if chunk:
            self._subjects_chunk(stmts, chunk, out)
        return out

    def _subjects_chunk(self, stmts: Groups, chunk: list[str], out: dict[str, list[tuple]]) -> None:
        lines = set(self.sub_lines)
        for s in chunk:
            st = stmts[s]
            lines.update(f"{s} {p} {o} .\n" for p, o in st)
            for n in self.needs([s], lambda x, s=s, st=st: st if x == s else []):
                lines.update(self.need_lines(n))
        data = sorted(lines)
        want = set(chunk)
        got = self.evaluate(data)
        idx = _index(data) if got else {}
        for ft, fields in got:
            if ft in want:
                out[ft].append((*fields, _where(idx, ft)))

    def subject_key(self, s: str, st: list[tuple[str, str]]) -> bytes:
        """Digest of everything a provenance subject's evaluation reads (its statements and lookups)."""
        def view(x: str) -> list[tuple[str, str]]:
            return st if x == s else []

        h = hashlib.blake2b(digest_size=16)
        h.update(f"{s}\x00".encode())
        h.update("".join(sorted(f"{p} {o}\n" for p, o in st)).encode("utf-8"))
        for n in sorted(self.needs([s], view)):
            h.update(repr((n, self.answer(n))).encode("utf-8"))
        h.update(self.sub_digest)
        return h.digest()


# ---------------------------------------------------------------------------------------------------
# The cache

@lru_cache(maxsize=4)
def _code_key(engine: str) -> str:
    """16 hex digits over what decides the results: shapes.ttl, this module, the term conversion, the engine
    and the versions of its package, rdflib and pyoxigraph."""
    from importlib.metadata import PackageNotFoundError, version

    h = hashlib.sha1()
    here = Path(__file__).resolve()
    for f in (here, here.parent / "export.py"):
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(f.name.encode())
    h.update(_shapes_text().encode("utf-8"))
    h.update(f"engine {engine}\n".encode())
    for dist in (engine, "rdflib", "pyoxigraph"):
        try:
            h.update(f"{dist} {version(dist)}\n".encode())
        except PackageNotFoundError:
            h.update(f"{dist} ?\n".encode())
    return h.hexdigest()[:16]


def _cache_root(store, engine: str | None = None) -> Path | None:
    """``<store>/validate-cache/<key>`` of an embedded on-disk store, else None (remote, in memory).

    The key holds the store's write generation (``Store.write_generation``): a write that is not an
    ingest (``provkg import``) may change a revision's graph under the same IRI, so results cached per
    revision start again after it (the derived index is rebuilt after such a write, ``provkg.api.ProvKG.import_``).
    """
    path = getattr(store, "path", None)
    if type(store).__name__ != "Store" or not isinstance(path, Path):
        return None
    gen = store.write_generation or "none"
    engine = default_engine() if engine is None else engine
    return path / "validate-cache" / f"g{gen}-f{_FORMAT}-py{sys.version_info[0]}{sys.version_info[1]}-{_code_key(engine)}"


def _write(data: bytes, f: Path) -> bool:
    from .atomic import write_atomic

    try:
        write_atomic(data, f, durable=False)
        return True
    except OSError:
        return False


def _read(f: Path) -> bytes | None:
    try:
        return f.read_bytes()
    except OSError:
        return None


def _database_file(store, root: Path) -> Path | None:
    """``database/<folder>-<inode>.marshal``: the report of one immutable database folder."""
    try:
        d = store.database_dir
        st = d.stat() if d is not None else None
    except (OSError, AttributeError):
        return None
    if d is None or st is None:
        return None
    return root / "database" / f"{d.name}-{st.st_ino}.marshal"


def _load_report(data: bytes | None) -> ValidationReport | None:
    if data is None:
        return None
    try:
        d = marshal.loads(data)
        if not (isinstance(d, dict) and d.get("f") == _FORMAT and isinstance(d["graphs"], int)
                and isinstance(d["triples"], int) and isinstance(d["results"], list)
                and all(isinstance(r, tuple) and len(r) == 7 and all(isinstance(x, str) for x in r)
                        for r in d["results"])):
            return None
        out = [Violation(*r) for r in d["results"]]
        return ValidationReport(conforms=not any(v.severity == "Violation" for v in out), results=out,
                                graphs=d["graphs"], triples=d["triples"])
    except Exception:  # noqa: BLE001 - unreadable: recomputed
        return None


def _dump_report(rep: ValidationReport) -> bytes:
    return marshal.dumps({"f": _FORMAT, "graphs": rep.graphs, "triples": rep.triples,
                          "results": [(v.severity, v.focus, v.path, v.message, v.value, v.shape, v.where)
                                      for v in rep.results]})


_T_ACTIVITY = f"<{KG.IngestActivity}>"


def _anchor(store, run: _Run) -> dict | None:
    """What this run's database is: its folder number and its number of ingest activities."""
    try:
        name = store.database_dir.name
        n = int(name[3:]) if name.startswith("db-") and name[3:].isdigit() else None
    except (OSError, AttributeError):
        return None
    if n is None:
        return None
    acts = sum(1 for st in run.prov.values() if (_T_TYPE, _T_ACTIVITY) in st)
    return {"f": _FORMAT, "n": n, "acts": acts}


def _trusted(root: Path, now: dict) -> bool:
    """True when every write since the run that left ``anchor.marshal`` was an ingest.

    Per-revision entries assume that a revision IRI names one content, which ingest keeps (it never
    writes a revision graph twice) but a raw write or ``provkg import --replace`` can break.  Each
    write makes the next ``db-NNNNNN`` folder and each ingest records one ``kg:IngestActivity``: when
    the folder number grew by as much as the activities, no other write came between, and the
    entries (right for the anchor's database) are right for this one.  Otherwise every graph is
    validated again (and the anchor moves here).
    """
    try:
        was = marshal.loads(_read(root / "anchor.marshal") or b"")
        return (isinstance(was, dict) and was.get("f") == _FORMAT and isinstance(was.get("n"), int)
                and isinstance(was.get("acts"), int) and 0 <= now["n"] - was["n"] == now["acts"] - was["acts"])
    except Exception:  # noqa: BLE001 - unreadable: trust nothing
        return False


def _entry_file(root: Path, rev: str) -> Path:
    return root / "graphs" / f"{hashlib.sha1(rev.encode('utf-8')).hexdigest()}.marshal"


# ---------------------------------------------------------------------------------------------------

def validate_store(store, *, shapes: rdflib.Graph | None = None, batch_triples: int = _BATCH_TRIPLES,
                   engine: str | None = None, jobs: int | None = None) -> ValidationReport:
    """Validate the store against SHACL shapes (W3C SHACL, https://www.w3.org/TR/shacl/).

    The results are those of one validation of the merged data graph (module docstring:
    ``_validate_merged``), computed in parts: each live content graph with the provenance and type
    statements its shapes read, the provenance graph's own subjects, and any subject several graphs
    state differently; content graphs' results are cached per revision on an embedded on-disk store.

    Parameters
    ----------
    store : graph.store.Store (or any ``graph.backend.Backend``)
    shapes : rdflib.Graph, optional
        A SHACL shapes graph; default ``load_shapes()`` (only the default one is cached).  Shapes whose
        results may read beyond a focus node's statements and its values' types (``_Plan``) are
        validated on the merge instead.
    batch_triples : int
        About how many statements one engine run validates (pyshacl: ~1 KB of memory each).
    engine : str, optional
        ``"shacl-rust"`` or ``"pyshacl"`` (``ENGINES``); default ``default_engine()``: shacl-rust when
        it is installed.  Both give the same results on provkg's data (tests/test_validate.py); the
        cache is kept per engine.
    jobs : int, optional
        Worker processes for the graphs to validate (``_content_entries``); default one per CPU, as
        ``provkg ingest``; 1: none.  Used on an embedded on-disk store with at least
        ``POOL_MIN_GRAPHS`` graphs to validate.

    Returns
    -------
    ValidationReport
        Results sorted by severity, file location, focus node, path, message (then value, shape);
        ``graphs``: named graphs validated; ``triples``: triples of their merge.  No RDFS inference
        is done (``inference="none"``): the model states every type it relies on.

    Raises
    ------
    QueryError, StoreError
        The store cannot be read.  An unreadable or unwritable cache is ignored.
    ValueError
        ``engine`` is not one of ``ENGINES``.
    """
    engine = default_engine() if engine is None else engine
    if engine not in ENGINES:
        raise ValueError(f"unknown SHACL engine {engine!r} (one of {', '.join(ENGINES)})")
    root = _cache_root(store, engine) if shapes is None else None
    db_file = _database_file(store, root) if root is not None else None
    if db_file is not None:
        rep = _load_report(_read(db_file))
        if rep is not None:
            return rep
    sg = shapes if shapes is not None else load_shapes()
    plan = _Plan(sg)
    if not plan.supported:
        return _validate_merged(store, shapes=sg, engine=engine)
    if root is not None:
        fresh_cache_root(root)
    keep, live, findings = _kept_graphs(store)
    run = _Run(store, sg, plan, keep, engine)
    content = [g for g in keep if g != _PROV]
    anchor = _anchor(store, run) if root is not None else None
    trusted = anchor is not None and _trusted(root, anchor)  # type: ignore[arg-type]
    entries: dict[str, _Entry] = {}
    stale: list[str] = []
    for g in content:
        e = None
        if trusted and g in live:
            e = _Entry.load(_read(_entry_file(root, g)) or b"", g)  # type: ignore[arg-type]
        if e is not None and e.ctx == run.entry_ctx(e):
            entries[g] = e
        else:
            stale.append(g)
    written = True
    for name, e, ok in _content_entries(run, stale, batch_triples, jobs, root, live):
        entries[name] = e
        written &= ok
    results, triples = _assemble(run, content, entries, findings, root, batch_triples)
    rep = _report(results, len(keep), triples)
    if db_file is not None:
        try:
            for old in db_file.parent.iterdir():
                if old.name != db_file.name and old.suffix == ".marshal":
                    old.unlink()
        except OSError:
            pass
        _write(_dump_report(rep), db_file)
    if anchor is not None and written:
        _write(marshal.dumps(anchor), root / "anchor.marshal")  # type: ignore[operator]
    return rep


#: Below this many graphs to validate, worker processes cost more (fork, a read of the lookups) than they save.
POOL_MIN_GRAPHS = 200
#: The ``_Run`` of a worker process, and its ``(cache folder, live revisions)`` (``_worker_start``).
_WORKER: _Run | None = None
_WORKER_CACHE: tuple[Path | None, set[str]] | None = None


def _batches(run: _Run, names: list[str], batch_triples: int) -> Iterator[tuple[str, _Entry]]:
    """``(graph, entry)`` of each named graph of ``names``, validated in batches of about ``batch_triples``."""
    groups_of: dict[str, Groups] = {}
    size = 0
    for i, g in enumerate(names):
        groups_of[g] = groups = run.read(g)
        size += sum(map(len, groups.values()))
        if size >= batch_triples or i == len(names) - 1:
            yield from run.content_batch(groups_of).items()
            groups_of, size = {}, 0


def _worker_start(parent: int, folder: str, shapes_nt: str, keep: list[str], engine: str, prov: Groups,
                  root: Path | None, live: set[str]) -> None:
    """Start a worker process of ``_content_entries``: its own read-only handle of the database folder and
    a ``_Run`` with the parent's provenance statements; it writes the entries of ``live`` revisions under
    the cache folder ``root`` (None: none).  It leaves Ctrl-C and SIGTERM to the parent (which
    ends the pool) and exits by itself when the parent is gone (checked every half second)."""
    import pyoxigraph as ox

    from .pool import start_worker

    global _WORKER, _WORKER_CACHE
    start_worker(parent)
    sg = rdflib.Graph().parse(data=shapes_nt, format="nt")
    _WORKER = _Run(None, sg, _Plan(sg), keep, engine, db=ox.Store.read_only(folder), prov=prov)
    _WORKER_CACHE = (root, live)


def _content_task(names: list[str], batch_triples: int) -> list[tuple[str, bytes, bool]]:
    """In a worker process: ``(graph, entry dumped, written)`` of each of ``names`` (``_Entry.dump``);
    ``written`` is whether its cache file was written (True when none is kept)."""
    assert _WORKER is not None and _WORKER_CACHE is not None
    root, live = _WORKER_CACHE
    out = []
    for name, e in _batches(_WORKER, names, batch_triples):
        data = e.dump(name)
        out.append((name, data, _write(data, _entry_file(root, name)) if root is not None and name in live else True))
    return out


def _content_entries(run: _Run, names: list[str], batch_triples: int, jobs: int | None, root: Path | None,
                     live: set[str]) -> Iterator[tuple[str, _Entry, bool]]:
    """``(graph, entry, written)`` of each graph of ``names``, in any order; the entry of a ``live`` revision
    is written under the cache folder ``root`` (None: none), ``written`` False when that failed.

    With ``jobs`` > 1 (None: one per CPU) on an embedded on-disk store and at least ``POOL_MIN_GRAPHS``
    graphs, worker processes validate slices of ``names``, each reading the same database folder
    read-only (this process holds it open, so no write removes it meanwhile).  They are *spawned*, not
    forked: a process that has run the Rust engine holds its threads, and a forked copy of them waits
    forever.  Where processes cannot be started, or a worker dies, this process validates what is
    left.  The results are the same either way: a graph's entry depends on its own statements and the
    lookups, not on the graphs validated beside it (tests/test_validate.py).
    """
    if jobs is None:
        from .pool import default_jobs

        jobs = default_jobs()
    folder = run.database_dir
    if jobs <= 1 or folder is None or len(names) < POOL_MIN_GRAPHS:
        for name, e in _batches(run, names, batch_triples):
            yield name, e, _write(e.dump(name), _entry_file(root, name)) if root is not None and name in live else True
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    n = jobs * 4
    k, r = divmod(len(names), n)
    slices, at = [], 0
    for i in range(n):
        step = k + (i < r)
        if step:
            slices.append(names[at:at + step])
        at += step
    start = (os.getpid(), str(folder), run.sg.serialize(format="nt"), sorted(run.keep), run.engine, run.prov, root,
             live)
    done: set[str] = set()
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                                 initializer=_worker_start, initargs=start) as ex:
            futures = [ex.submit(_content_task, part, batch_triples) for part in slices]
            for fut in futures:
                for name, data, written in fut.result():
                    e = _Entry.load(data, name)
                    if e is None:  # cannot happen: the worker dumped it
                        raise RuntimeError(f"validate: a worker returned an unreadable entry for {name}")
                    done.add(name)
                    yield name, e, written
    except (OSError, BrokenProcessPool):  # no processes here (a sandbox), or a worker died (memory): go on alone
        for name, e in _batches(run, [g for g in names if g not in done], batch_triples):
            yield name, e, _write(e.dump(name), _entry_file(root, name)) if root is not None and name in live else True


def _assemble(run: _Run, content: list[str], entries: dict[str, _Entry], findings: list[Violation],
              root: Path | None, batch_triples: int) -> tuple[list[Violation], int]:
    """The results of every part, each focus node reported by the one part that owns it; the triple count."""
    order = [entries[g] for g in content]
    first: dict[int, int] = {}
    shared: set[int] = set()
    for i, e in enumerate(order):
        for h in e.subj:
            if first.setdefault(h, i) != i:
                shared.add(h)
    # subject hash -> [(graph index, position)] for subjects stated by several graphs (or by the provenance graph)
    pt = run.prov_text
    where_of: dict[int, list[tuple[int, int]]] = {}
    for i, e in enumerate(order):
        for k, h in enumerate(e.subj):
            if h in shared or h in pt:
                where_of.setdefault(h, []).append((i, k))
    offsets: dict[int, array] = {}

    def stmts(i: int, k: int) -> array:
        off = offsets.get(i)
        if off is None:
            off = offsets[i] = array("Q", [0])
            for c in order[i].cnt:
                off.append(off[-1] + c)
        return order[i].stmt[off[k]:off[k + 1]]

    conflict: dict[int, str] = {}
    triples = sum(len(e.stmt) for e in order) + sum(len(st) for st in run.prov.values())
    for h, places in where_of.items():
        if h in shared:
            digests = {order[i].rdig[k] for i, k in places}
            if len(digests) > 1 or any(h in order[i].taint for i, _k in places):
                i, k = places[0]
                conflict[h] = order[i].subject_text(k)
        union: set[int] = set()
        total = 0
        for i, k in places:
            got = stmts(i, k)
            total += len(got)
            union.update(got)
        if h in pt:
            s = pt[h]
            got = [_h(f"{s} {p} {o}") for p, o in run.prov[s]]
            total += len(got)
            union.update(got)
        triples -= total - len(union)
    out = list(findings)
    for i, e in enumerate(order):
        for r in e.results:
            h = r[0]
            if h in conflict or (h in shared and first[h] != i):
                continue
            out.append(Violation(*r[1:]))
    # subjects only the provenance graph states
    owned = {s: run.rel(run.prov[s]) for h, s in pt.items() if h not in first}
    cache_file = root / "provenance.marshal" if root is not None else None
    cached: dict = {}
    if cache_file is not None:
        try:
            got = marshal.loads(_read(cache_file) or b"")
            if isinstance(got, dict):
                cached = got
        except Exception:  # noqa: BLE001 - unreadable: recomputed
            cached = {}
    keys = {s: run.subject_key(s, st) for s, st in owned.items()}
    fresh: dict[bytes, list] = {}
    todo: Groups = {}
    for s, k in keys.items():
        rows = cached.get(k)
        if isinstance(rows, list) and all(isinstance(r, tuple) and len(r) == 7 and all(isinstance(x, str) for x in r)
                                          for r in rows):
            fresh[k] = rows
        else:
            todo[s] = owned[s]
    if todo:
        for s, rows in run.subjects_batch(todo, batch_triples).items():
            fresh[keys[s]] = rows
    for s in owned:
        out.extend(Violation(*r) for r in fresh[keys[s]])
    if cache_file is not None and (todo or len(fresh) != len(cached)):
        _write(marshal.dumps(fresh), cache_file)
    # subjects several graphs state differently: all their statements, from every validated graph
    if conflict:
        cstmts: Groups = {}
        for s in conflict.values():
            st = set(run.rel(run.prov.get(s, [])))
            st.update((p, o) for _s, p, o in run.match(s, None, None) if run.rel_set is None or p in run.rel_set)
            cstmts[s] = sorted(st)
        for rows in run.subjects_batch(cstmts, batch_triples).values():
            out.extend(Violation(*r) for r in rows)
    return out, triples
