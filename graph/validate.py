"""Validate a store against provkg's SHACL shapes (``graph/data/shapes.ttl``) with pyshacl.

The data graph
--------------
SHACL validates one RDF graph; a provkg store is a dataset.  ``validate_store`` validates the merge
(set union of triples) of

* the provenance graph ``id:graph/provenance`` (ingest activities, every revision ever recorded);
* the named graph of every **live** revision: a ``kg:SourceRevision`` of the provenance graph marked
  ``kg:current true``;
* every other named graph that is not a recorded revision (imported data), so its claims are
  checked too.

Named graphs of invalidated revisions are left out: they were checked when they were live, and
merging two revisions of one file would give a claim two ``kg:line`` values (its line moved) and a
false violation.  The merge is needed because a revision's facts span two graphs: its claims sit in
its own graph, its ``prov:wasGeneratedBy`` in the provenance graph.

Besides the shapes, two dataset-level checks that SHACL cannot state on a merged graph:

* a live revision recorded in the provenance graph with no named graph: Violation;
* a named graph that is no recorded revision (no ingest activity generated it, e.g. ``provkg
  import`` of foreign data): Warning.

Violations make ``conforms`` false (``provkg validate`` exits 1); warnings do not.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

import rdflib
from rdflib.namespace import RDF, SH

from .export import term_converter
from .namespaces import ID_IRI, KG, KG_IRI, PROV, PROV_GRAPH

__all__ = ["ValidationReport", "Violation", "data_graph", "load_shapes", "short_iri", "validate_store"]

_SHORT = [(KG_IRI, "kg:"), (ID_IRI, "id:"), (str(PROV), "prov:"), (str(RDF), "rdf:"),
          ("http://www.w3.org/2000/01/rdf-schema#", "rdfs:"), ("http://purl.org/spar/cito/", "cito:"),
          ("http://purl.org/dc/terms/", "dcterms:"), ("https://w3id.org/provkg/shapes#", "kgsh:"),
          (str(SH), "sh:")]


def short_iri(iri: object) -> str:
    """A compact name for an IRI (``kg:line``, ``id:claim/…``); other terms as their N3 form."""
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
    message : ``sh:resultMessage`` (the shape's ``sh:message``, else pyshacl's text)
    value : the offending value in N3 form (``sh:value``), or ``""``
    shape : the source shape, compact (``kgsh:ClaimShape`` or a blank node id)
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


def load_shapes() -> rdflib.Graph:
    """The shipped SHACL shapes graph (``graph/data/shapes.ttl``, package data)."""
    text = resources.files("graph").joinpath("data/shapes.ttl").read_text("utf-8")
    return rdflib.Graph().parse(data=text, format="turtle")


_REVISIONS = (
    "PREFIX prov: <http://www.w3.org/ns/prov#>\n"
    "PREFIX kg: <https://w3id.org/provkg/ns#>\n"
    "SELECT ?rev ?cur WHERE { GRAPH <" + str(PROV_GRAPH) + "> {\n"
    "  ?rev a kg:SourceRevision . OPTIONAL { ?rev kg:current ?cur } } }\n"
)


def data_graph(store) -> tuple[rdflib.Graph, list[Violation], int]:
    """Build the data graph described in the module docstring.

    Returns ``(graph, dataset-level findings, number of named graphs merged)``.
    """
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
            findings.append(Violation("Warning", g, "prov:wasGeneratedBy",
                                      "named graph is not a kg:SourceRevision recorded in the provenance graph "
                                      "(no ingest activity generated it; imported data?)", shape="dataset"))
    for rev, gone in sorted(revs.items()):
        if not gone and rev not in named:
            findings.append(Violation("Violation", rev, "", "live revision has no named graph in the store",
                                      shape="dataset"))
    g = rdflib.Graph()
    add = g.add
    conv = term_converter()
    for name in keep:
        for q in store.quads(name):
            add((conv(q.subject), conv(q.predicate), conv(q.object)))
    return g, findings, len(keep)


def _where(g: rdflib.Graph, focus: rdflib.term.Node) -> str:
    src = g.value(focus, KG.inSource) or g.value(focus, PROV.wasQuotedFrom) or g.value(focus, KG.inDocument)
    path = g.value(src, KG.path) if src is not None else g.value(focus, KG.path)
    if path is None:
        return ""
    line = g.value(focus, KG.line)
    return f"{path}:{line}" if line is not None else str(path)


def validate_store(store, *, shapes: rdflib.Graph | None = None) -> ValidationReport:
    """Validate the store with pyshacl.

    Parameters
    ----------
    store : graph.store.Store (or any ``graph.backend.Backend``)
    shapes : rdflib.Graph, optional
        A SHACL shapes graph; default ``load_shapes()``.

    Returns
    -------
    ValidationReport
        Results sorted by severity, file location, focus node and path.  No RDFS inference is done
        (``inference="none"``): the model states every type it relies on.
    """
    import pyshacl

    g, findings, n_graphs = data_graph(store)
    sg = shapes if shapes is not None else load_shapes()
    _conforms, results, _text = pyshacl.validate(g, shacl_graph=sg, inference="none", abort_on_first=False,
                                                 allow_warnings=True, advanced=False, meta_shacl=False)
    out = list(findings)
    for r in results.subjects(RDF.type, SH.ValidationResult):
        focus = results.value(r, SH.focusNode)
        sev = results.value(r, SH.resultSeverity)
        msgs = sorted(str(m) for m in results.objects(r, SH.resultMessage))
        val = results.value(r, SH.value)
        shape = results.value(r, SH.sourceShape)
        out.append(Violation(
            severity=short_iri(sev).removeprefix("sh:") if sev is not None else "Violation",
            focus=str(focus),
            path=short_iri(results.value(r, SH.resultPath)) if results.value(r, SH.resultPath) is not None else "",
            message=msgs[0] if msgs else "",
            value=short_iri(val) if val is not None else "",
            shape=short_iri(shape) if isinstance(shape, rdflib.URIRef) else "",
            where=_where(g, focus) if focus is not None else "",
        ))
    rank = {"Violation": 0, "Warning": 1, "Info": 2}
    out.sort(key=lambda v: (rank.get(v.severity, 3), v.where, v.focus, v.path, v.message))
    return ValidationReport(conforms=not any(v.severity == "Violation" for v in out), results=out,
                            graphs=n_graphs, triples=len(g))
