"""provkg's closed vocabulary and the one prefix map.

``KG`` is an rdflib ``DefinedNamespace`` with ``_fail = True`` (rdflib
``namespace/_PROV.py`` does the same), so a typo such as ``KG.claimz`` raises
``AttributeError`` instead of minting a new term.  The same terms are defined,
with labels, comments, domains and ranges, in ``graph/data/provkg.ttl``
(package data); tests/test_validate.py checks that both list the same terms.
"""
from __future__ import annotations

from rdflib import Namespace
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, XSD, DefinedNamespace
from rdflib.term import URIRef

__all__ = ["KG", "ID", "CITO", "PROV", "RDF", "RDFS", "XSD", "DCTERMS", "PREFIXES", "KG_IRI", "ID_IRI", "PROV_GRAPH"]

KG_IRI = "https://w3id.org/provkg/ns#"
ID_IRI = "https://w3id.org/provkg/id/"


class KG(DefinedNamespace):
    """provkg's own terms (classes capitalised, properties camelCase)."""

    _fail = True
    _NS = Namespace(KG_IRI)

    # classes
    Source: URIRef
    SourceRevision: URIRef
    Claim: URIRef
    InvalidatedClaim: URIRef
    Quantity: URIRef
    Work: URIRef
    WorkVersion: URIRef
    Citation: URIRef
    Section: URIRef
    Item: URIRef
    Manifest: URIRef
    ManifestItem: URIRef
    Brief: URIRef
    BriefIncrement: URIRef
    BriefCitation: URIRef
    IngestActivity: URIRef
    ImportedGraph: URIRef
    # properties
    path: URIRef
    kind: URIRef
    sha256: URIRef
    size: URIRef
    lang: URIRef
    title: URIRef
    text: URIRef
    line: URIRef
    lineEnd: URIRef
    role: URIRef
    evidence: URIRef
    relevance: URIRef
    relevanceReason: URIRef
    inSource: URIRef
    inItem: URIRef
    inSection: URIRef
    inDocument: URIRef
    about: URIRef
    mentions: URIRef
    sectionRef: URIRef
    suggestedSection: URIRef
    crossReference: URIRef
    predicate: URIRef
    condition: URIRef
    bound: URIRef
    direction: URIRef
    metricExplicit: URIRef
    evidenceAlso: URIRef
    titleRef: URIRef
    itemKind: URIRef
    qualifier: URIRef
    negated: URIRef
    unverified: URIRef
    hasQuantity: URIRef
    raw: URIRef
    value: URIRef
    valueHigh: URIRef
    unit: URIRef
    metric: URIRef
    approx: URIRef
    arxivId: URIRef
    version: URIRef
    citedWork: URIRef
    citedVersion: URIRef
    date: URIRef
    venue: URIRef
    key: URIRef
    level: URIRef
    order: URIRef
    citationList: URIRef
    alias: URIRef
    tag: URIRef
    url: URIRef
    linksTo: URIRef
    manifestId: URIRef
    domain: URIRef
    knowledgeDoc: URIRef
    queueDoc: URIRef
    hasItem: URIRef
    material: URIRef
    evidenceRef: URIRef
    status: URIRef
    statusText: URIRef
    number: URIRef
    statedIncrements: URIRef
    statedMaterials: URIRef
    consumed: URIRef
    warning: URIRef
    verdict: URIRef
    frontMatter: URIRef
    mtime: URIRef
    filesAdded: URIRef
    filesChanged: URIRef
    filesRemoved: URIRef
    filesUnchanged: URIRef
    root: URIRef
    current: URIRef  # on a revision in the provenance graph: its file's live revision (moved by the loader)


CITO = Namespace("http://purl.org/spar/cito/")
ID = Namespace(ID_IRI)
#: The named graph holding ingest activities, revisions and invalidations.
PROV_GRAPH = URIRef(ID_IRI + "graph/provenance")

PREFIXES: dict[str, str] = {
    "kg": KG_IRI,
    "id": ID_IRI,
    "prov": str(PROV),
    "cito": str(CITO),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "xsd": str(XSD),
    "dcterms": str(DCTERMS),
}
