"""Records to RDF quads: the provkg PROV-O model (see ``docs/MODEL.md``).

``source_quads(src)`` turns one ``ParsedSource`` into the quads of its named
graph; ``activity_quads`` and ``revision_quads`` describe an ingest in the
provenance graph.  Every IRI is minted from a normalised key or a hash, never
from free text (PITFALLS P6), and no blank node is used (P12, P13), so the
same input always gives the same quads and IRIs are stable across re-ingests.

IRI scheme (``id:`` = ``https://w3id.org/provkg/id/``)
-----------------------------------------------------
``id:source/<h>``                 the file (prov:Entity, kg:Source); h = sha1(path)[:16]
``id:source/<h>/rev/<sha>``       one content revision = the named graph's IRI
``id:claim/<h>/<c>``              a claim; c = sha1(text + occurrence)[:16]
``id:arxiv/<key>`` / ``id:arxiv/<key>v5``   a work / one of its versions
``id:cite/<h>/<line>/<n>``        one written citation of a work
``id:section/<h>/<key>``          a section of a living document
``id:item/<h>/<i>``               a topic of a note
``id:agent/<slug>``               a prov:Agent
``id:manifest/<id>``              an increment manifest; ``…/item/<i>`` its items
``id:activity/<stamp>``           one ingest run (prov:Activity)
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from datetime import datetime
from urllib.parse import quote

import pyoxigraph as ox
from rdflib.namespace import PROV as _PROV, RDF as _RDF, RDFS as _RDFS, XSD as _XSD

from ingest.models import ArxivRef, Claim, ParsedSource

from .namespaces import CITO as _CITO, ID_IRI, KG as _KG, PROV_GRAPH as _PROV_GRAPH

__all__ = [
    "N",
    "source_iri",
    "revision_iri",
    "claim_iri",
    "work_iri",
    "version_iri",
    "section_iri",
    "agent_iri",
    "manifest_iri",
    "activity_iri",
    "UNKNOWN_AGENT",
    "claim_key",
    "source_quads",
    "activity_quads",
    "revision_quads",
    "invalidation_quads",
    "PROV_GRAPH",
]


class _NS:
    """pyoxigraph ``NamedNode`` factory for a namespace (``N.kg.Claim``)."""

    def __init__(self, base: str):
        self._base = base
        self._cache: dict[str, ox.NamedNode] = {}

    def __getattr__(self, name: str) -> ox.NamedNode:
        node = self._cache.get(name)
        if node is None:
            node = self._cache[name] = ox.NamedNode(self._base + name)
        return node


class N:
    """Namespaces as pyoxigraph term factories; ``kg`` checks names against ``KG``."""

    prov = _NS(str(_PROV))
    rdf = _NS(str(_RDF))
    rdfs = _NS(str(_RDFS))
    cito = _NS(str(_CITO))

    class kg:  # noqa: N801 - mirrors the prefix
        _ns = _NS(str(_KG._NS))

        def __class_getitem__(cls, name: str) -> ox.NamedNode:
            node = cls._ns._cache.get(name)
            if node is None:  # checked once per term, not once per quad
                getattr(_KG, name)  # raises AttributeError for a term not in the vocabulary
                node = cls._ns.__getattr__(name)
            return node


def _kg(name: str) -> ox.NamedNode:
    return N.kg[name]


PROV_GRAPH = ox.NamedNode(str(_PROV_GRAPH))
_A = N.rdf.type
_XSD_INT = ox.NamedNode(str(_XSD.integer))
_XSD_BOOL = ox.NamedNode(str(_XSD.boolean))
_XSD_DT = ox.NamedNode(str(_XSD.dateTime))
_XSD_DEC = ox.NamedNode(str(_XSD.double))


def _h(text: str, n: int = 16) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:n]


def _lit(value: object) -> ox.Literal:
    if isinstance(value, bool):
        return ox.Literal("true" if value else "false", datatype=_XSD_BOOL)
    if isinstance(value, int):
        return ox.Literal(str(value), datatype=_XSD_INT)
    if isinstance(value, float):
        return ox.Literal(repr(value), datatype=_XSD_DEC)
    if isinstance(value, datetime):
        return ox.Literal(value.isoformat(), datatype=_XSD_DT)
    return ox.Literal(str(value))


_SLUG = re.compile(r"[^a-z0-9\-_.]+")


def _slug(text: str) -> str:
    s = _SLUG.sub("-", text.strip().lower()).strip("-")
    return s or _h(text, 12)


def source_iri(path: str) -> ox.NamedNode:
    """IRI of the file at workspace-relative ``path`` (stable across revisions)."""
    return ox.NamedNode(f"{ID_IRI}source/{_h(path)}")


def revision_iri(path: str, sha256: str) -> ox.NamedNode:
    """IRI of one content revision of a file; also the IRI of its named graph."""
    return ox.NamedNode(f"{ID_IRI}source/{_h(path)}/rev/{sha256[:16]}")


def claim_key(text: str, occurrence: int) -> str:
    """Stable key of a claim: its normalised text and how many identical texts precede it."""
    norm = re.sub(r"\s+", " ", text).strip()
    return _h(f"{norm}\x00{occurrence}")


def claim_iri(path: str, key: str) -> ox.NamedNode:
    """IRI of a claim of file ``path`` with ``claim_key`` ``key``."""
    return ox.NamedNode(f"{ID_IRI}claim/{_h(path)}/{key}")


def work_iri(arxiv_id: str) -> ox.NamedNode:
    """IRI of an arXiv work (``2502.07115`` or ``hep-th/9901001``), version-free."""
    return ox.NamedNode(f"{ID_IRI}arxiv/{quote(arxiv_id, safe='/.-')}")


def version_iri(arxiv_id: str, version: str) -> ox.NamedNode:
    """IRI of one arXiv version (``2502.07115v5``): prov:specializationOf the work."""
    return ox.NamedNode(f"{ID_IRI}arxiv/{quote(arxiv_id, safe='/.-')}{quote(version)}")


def section_iri(doc_path: str, key: str) -> ox.NamedNode:
    """IRI of section ``key`` (``3.1``, ``七``) of the living document at ``doc_path``."""
    return ox.NamedNode(f"{ID_IRI}section/{_h(doc_path)}/{quote(key, safe='.-_')}")


def agent_iri(name: str) -> ox.NamedNode:
    """IRI of the agent called ``name`` (case-insensitive)."""
    return ox.NamedNode(f"{ID_IRI}agent/{quote(_slug(name), safe='-_.')}")


def manifest_iri(manifest_id: str) -> ox.NamedNode:
    """IRI of an increment manifest."""
    return ox.NamedNode(f"{ID_IRI}manifest/{quote(_slug(manifest_id), safe='-_.')}")


#: The agent of files that name no author (``id:agent/_unknown``, a prov:Agent without rdfs:label; only
#: an author literally called ``_unknown`` would share the IRI).
UNKNOWN_AGENT = ox.NamedNode(f"{ID_IRI}agent/_unknown")


def activity_iri(stamp: str) -> ox.NamedNode:
    """IRI of one ingest activity; ``stamp`` is unique per run."""
    return ox.NamedNode(f"{ID_IRI}activity/{quote(stamp, safe='-_.')}")


def _cite_quads(
    subject_path: str, ref: ArxivRef, n: int, src: ox.NamedNode, g: ox.NamedNode, sec_doc: str | None
) -> Iterable[ox.Quad]:
    w = work_iri(ref.arxiv_id)
    c = ox.NamedNode(f"{ID_IRI}cite/{_h(subject_path)}/{ref.line}/{n}")
    yield ox.Quad(src, N.cito.cites, w, g)
    yield ox.Quad(w, _A, _kg("Work"), g)
    yield ox.Quad(w, _A, N.prov.Entity, g)
    yield ox.Quad(w, _kg("arxivId"), _lit(ref.arxiv_id), g)
    yield ox.Quad(c, _A, _kg("Citation"), g)
    yield ox.Quad(c, _kg("citedWork"), w, g)
    yield ox.Quad(c, _kg("inSource"), src, g)
    yield ox.Quad(c, _kg("line"), _lit(ref.line), g)
    yield ox.Quad(c, _kg("raw"), _lit(ref.raw), g)
    if ref.version:
        v = version_iri(ref.arxiv_id, ref.version)
        yield ox.Quad(c, _kg("citedVersion"), v, g)
        yield ox.Quad(v, _A, _kg("WorkVersion"), g)
        yield ox.Quad(v, _A, N.prov.Entity, g)
        yield ox.Quad(v, N.prov.specializationOf, w, g)
        yield ox.Quad(v, _kg("version"), _lit(ref.version), g)
        yield ox.Quad(v, _kg("arxivId"), _lit(ref.arxiv_id), g)
    if ref.title:
        yield ox.Quad(c, _kg("title"), _lit(ref.title), g)
    if ref.date:
        yield ox.Quad(c, _kg("date"), _lit(ref.date), g)
    if ref.venue:
        yield ox.Quad(c, _kg("venue"), _lit(ref.venue), g)
    if ref.section and sec_doc:
        yield ox.Quad(c, _kg("inSection"), section_iri(sec_doc, ref.section), g)


def _claim_quads(
    path: str, claim: Claim, key: str, src: ox.NamedNode, g: ox.NamedNode, agent: ox.NamedNode | None,
    sec_doc: str | None,
) -> Iterable[ox.Quad]:
    c = claim_iri(path, key)
    yield ox.Quad(c, _A, _kg("Claim"), g)
    yield ox.Quad(c, _A, N.prov.Entity, g)
    yield ox.Quad(c, _kg("text"), _lit(claim.text), g)
    yield ox.Quad(c, _kg("line"), _lit(claim.line), g)
    yield ox.Quad(c, _kg("lineEnd"), _lit(claim.line_end), g)
    yield ox.Quad(c, _kg("role"), _lit(claim.role), g)
    yield ox.Quad(c, _kg("evidence"), _lit(claim.evidence), g)
    yield ox.Quad(c, _kg("inSource"), src, g)
    yield ox.Quad(c, N.prov.wasQuotedFrom, src, g)
    if agent is not None:
        yield ox.Quad(c, N.prov.wasAttributedTo, agent, g)
    if claim.item is not None:
        yield ox.Quad(c, _kg("inItem"), ox.NamedNode(f"{ID_IRI}item/{_h(path)}/{claim.item}"), g)
    if claim.section and sec_doc:
        yield ox.Quad(c, _kg("inSection"), section_iri(sec_doc, claim.section), g)
    for s in claim.subjects:
        yield ox.Quad(c, _kg("about"), work_iri(s), g)
    for r in claim.arxiv:
        yield ox.Quad(c, _kg("mentions"), work_iri(r.arxiv_id), g)
        if r.version:
            yield ox.Quad(c, _kg("mentions"), version_iri(r.arxiv_id, r.version), g)
    for s in claim.section_refs:
        yield ox.Quad(c, _kg("sectionRef"), _lit(s), g)
    for s in claim.suggested_sections:
        yield ox.Quad(c, _kg("suggestedSection"), _lit(s), g)
    for q in claim.qualifiers:
        yield ox.Quad(c, _kg("qualifier"), _lit(q), g)
    if claim.negated:
        yield ox.Quad(c, _kg("negated"), _lit(True), g)
    if claim.unverified:
        yield ox.Quad(c, _kg("unverified"), _lit(True), g)
    for i, q in enumerate(claim.quantities):
        qn = ox.NamedNode(f"{c.value}/q/{i}")
        yield ox.Quad(c, _kg("hasQuantity"), qn, g)
        yield ox.Quad(qn, _A, _kg("Quantity"), g)
        yield ox.Quad(qn, _kg("raw"), _lit(q.raw), g)
        yield ox.Quad(qn, _kg("value"), _lit(float(q.value)), g)
        if q.value_high is not None:
            yield ox.Quad(qn, _kg("valueHigh"), _lit(float(q.value_high)), g)
        yield ox.Quad(qn, _kg("unit"), _lit(q.unit), g)
        if q.metric:
            yield ox.Quad(qn, _kg("metric"), _lit(q.metric), g)
        if q.approx:
            yield ox.Quad(qn, _kg("approx"), _lit(True), g)


def source_quads(src_rec: ParsedSource) -> list[ox.Quad]:
    """All quads of one source's named graph (graph IRI = ``revision_iri``).

    Returns a list of ``pyoxigraph.Quad``, deterministic for the same record.
    The file is a ``prov:Entity``/``kg:Source`` ``prov:wasAttributedTo`` its
    agent; the revision is ``prov:specializationOf`` the file; claims are
    ``prov:wasQuotedFrom`` the file with ``kg:line``/``kg:lineEnd``; works
    are cited with ``cito:cites`` and one ``kg:Citation`` per mention.
    """
    p = src_rec.path
    src = source_iri(p)
    g = revision_iri(p, src_rec.sha256)
    q: list[ox.Quad] = []
    add = q.append
    add(ox.Quad(src, _A, _kg("Source"), g))
    add(ox.Quad(src, _A, N.prov.Entity, g))
    add(ox.Quad(src, _kg("path"), _lit(p), g))
    add(ox.Quad(src, _kg("kind"), _lit(src_rec.kind), g))
    add(ox.Quad(src, _kg("lang"), _lit(src_rec.lang), g))
    add(ox.Quad(src, _kg("evidence"), _lit(src_rec.evidence), g))
    if src_rec.title:
        add(ox.Quad(src, _kg("title"), _lit(src_rec.title), g))
    if src_rec.created:
        add(ox.Quad(src, N.prov.generatedAtTime, _lit(src_rec.created), g))
    # A file that names no author is attributed to the agent ``id:agent/_unknown`` (typed prov:Agent,
    # no rdfs:label, so name lookups still find none): every claim has an agent (graph/data/shapes.ttl).
    agent = agent_iri(src_rec.agent) if src_rec.agent else UNKNOWN_AGENT
    add(ox.Quad(src, N.prov.wasAttributedTo, agent, g))
    add(ox.Quad(agent, _A, N.prov.Agent, g))
    if src_rec.agent:
        add(ox.Quad(agent, N.rdfs.label, _lit(src_rec.agent), g))
    else:
        add(ox.Quad(agent, N.rdfs.comment, _lit("unknown author: the file does not name one"), g))
    add(ox.Quad(g, _A, _kg("SourceRevision"), g))
    add(ox.Quad(g, _A, N.prov.Entity, g))
    add(ox.Quad(g, N.prov.specializationOf, src, g))
    add(ox.Quad(g, _kg("sha256"), _lit(src_rec.sha256), g))
    add(ox.Quad(g, _kg("size"), _lit(src_rec.size), g))
    for t in src_rec.tags:
        add(ox.Quad(src, _kg("tag"), _lit(t), g))
    for k, v in sorted(src_rec.front_matter.items()):
        add(ox.Quad(src, _kg("frontMatter"), _lit(f"{k}: {v}"), g))
    for u, _line in src_rec.urls:
        add(ox.Quad(src, _kg("url"), _lit(u), g))
    for target, _line in src_rec.links:
        add(ox.Quad(src, _kg("linksTo"), source_iri(target), g))
    sec_doc = p if src_rec.kind == "living_doc" else None
    for s in src_rec.sections:
        sn = section_iri(p, s.key)
        add(ox.Quad(sn, _A, _kg("Section"), g))
        add(ox.Quad(sn, _A, N.prov.Entity, g))
        add(ox.Quad(sn, _kg("key"), _lit(s.key), g))
        add(ox.Quad(sn, _kg("title"), _lit(s.title), g))
        add(ox.Quad(sn, _kg("level"), _lit(s.level), g))
        add(ox.Quad(sn, _kg("line"), _lit(s.line), g))
        add(ox.Quad(sn, _kg("lineEnd"), _lit(s.line_end), g))
        add(ox.Quad(sn, _kg("inDocument"), src, g))
        add(ox.Quad(sn, N.prov.wasDerivedFrom, src, g))
        if s.parent:
            add(ox.Quad(sn, ox.NamedNode("http://purl.org/dc/terms/isPartOf"), section_iri(p, s.parent), g))
        if s.is_citation_list:
            add(ox.Quad(sn, _kg("citationList"), _lit(True), g))
    # Works named by a card: its titles and aliases.
    card_work = None
    if src_rec.kind == "paper_card":
        subj = [c.subjects[0] for c in src_rec.claims if c.subjects]
        ids = subj or [r.arxiv_id for r in src_rec.arxiv]
        if ids:
            card_work = work_iri(ids[0])
            add(ox.Quad(card_work, _A, _kg("Work"), g))
            add(ox.Quad(card_work, _A, N.prov.Entity, g))
            add(ox.Quad(card_work, _kg("arxivId"), _lit(ids[0]), g))
            add(ox.Quad(src, _kg("about"), card_work, g))
            if src_rec.title:
                add(ox.Quad(card_work, _kg("title"), _lit(src_rec.title), g))
            for a in src_rec.aliases:
                add(ox.Quad(card_work, _kg("alias"), _lit(a), g))
    per_line: dict[int, int] = {}
    for ref in src_rec.arxiv:
        n = per_line.get(ref.line, 0)
        per_line[ref.line] = n + 1
        q.extend(_cite_quads(p, ref, n, src, g, sec_doc))
    for it in src_rec.items:
        inode = ox.NamedNode(f"{ID_IRI}item/{_h(p)}/{it.index}")
        add(ox.Quad(inode, _A, _kg("Item"), g))
        add(ox.Quad(inode, _kg("inSource"), src, g))
        add(ox.Quad(inode, _kg("title"), _lit(it.title), g))
        add(ox.Quad(inode, _kg("order"), _lit(it.index), g))
        add(ox.Quad(inode, _kg("line"), _lit(it.line), g))
        add(ox.Quad(inode, _kg("lineEnd"), _lit(it.line_end), g))
        add(ox.Quad(inode, _kg("evidence"), _lit(it.evidence), g))
        add(ox.Quad(inode, _kg("relevance"), _lit(it.relevance), g))
        if it.relevance_reason:
            add(ox.Quad(inode, _kg("relevanceReason"), _lit(it.relevance_reason), g))
        for u in it.urls:
            add(ox.Quad(inode, _kg("url"), _lit(u), g))
    seen: dict[str, int] = {}
    for c in src_rec.claims:
        norm = re.sub(r"\s+", " ", c.text).strip()
        occ = seen.get(norm, 0)
        seen[norm] = occ + 1
        q.extend(_claim_quads(p, c, claim_key(c.text, occ), src, g, agent, sec_doc))
    if src_rec.manifest is not None:
        q.extend(_manifest_quads(src_rec, src, g))
    if src_rec.brief is not None:
        q.extend(_brief_quads(src_rec, src, g))
    return q


def _manifest_quads(src_rec: ParsedSource, src: ox.NamedNode, g: ox.NamedNode) -> Iterable[ox.Quad]:
    man = src_rec.manifest
    assert man is not None
    m = manifest_iri(man.manifest_id)
    yield ox.Quad(m, _A, _kg("Manifest"), g)
    yield ox.Quad(m, _A, N.prov.Collection, g)
    yield ox.Quad(m, _kg("manifestId"), _lit(man.manifest_id), g)
    yield ox.Quad(m, _kg("inSource"), src, g)
    yield ox.Quad(m, N.prov.wasDerivedFrom, src, g)
    if man.domain:
        yield ox.Quad(m, _kg("domain"), _lit(man.domain), g)
    if man.created:
        yield ox.Quad(m, N.prov.generatedAtTime, _lit(man.created), g)
    if man.knowledge:
        yield ox.Quad(m, _kg("knowledgeDoc"), source_iri(man.knowledge), g)
    if man.queue:
        yield ox.Quad(m, _kg("queueDoc"), source_iri(man.queue), g)
    for i, it in enumerate(man.items):
        mi = ox.NamedNode(f"{m.value}/item/{i}")
        yield ox.Quad(m, N.prov.hadMember, mi, g)
        yield ox.Quad(m, _kg("hasItem"), mi, g)
        yield ox.Quad(mi, _A, _kg("ManifestItem"), g)
        yield ox.Quad(mi, _kg("order"), _lit(i), g)
        yield ox.Quad(mi, _kg("path"), _lit(it.path), g)
        yield ox.Quad(mi, _kg("material"), source_iri(it.path), g)
        if it.kind:
            yield ox.Quad(mi, _kg("kind"), _lit(it.kind), g)
        if it.agent:
            yield ox.Quad(mi, N.prov.wasAttributedTo, agent_iri(it.agent), g)
        if it.title:
            yield ox.Quad(mi, _kg("title"), _lit(it.title), g)
        for e in it.evidence:
            yield ox.Quad(mi, _kg("evidenceRef"), _lit(e), g)


def _brief_quads(src_rec: ParsedSource, src: ox.NamedNode, g: ox.NamedNode) -> Iterable[ox.Quad]:
    b = src_rec.brief
    assert b is not None
    bn = ox.NamedNode(f"{src.value}/brief")
    yield ox.Quad(bn, _A, _kg("Brief"), g)
    yield ox.Quad(bn, _kg("inSource"), src, g)
    if b.manifest:
        yield ox.Quad(bn, _kg("manifestId"), _lit(b.manifest), g)
    if b.stated_increment_count is not None:
        yield ox.Quad(bn, _kg("statedIncrements"), _lit(b.stated_increment_count), g)
    if b.stated_material_count is not None:
        yield ox.Quad(bn, _kg("statedMaterials"), _lit(b.stated_material_count), g)
    for s in b.consumed_sources:
        yield ox.Quad(bn, _kg("consumed"), _lit(s), g)
    for inc in b.increments:
        n = ox.NamedNode(f"{bn.value}/increment/{inc.number}")
        yield ox.Quad(bn, _kg("hasItem"), n, g)
        yield ox.Quad(n, _A, _kg("BriefIncrement"), g)
        yield ox.Quad(n, _kg("number"), _lit(inc.number), g)
        yield ox.Quad(n, _kg("title"), _lit(inc.title), g)
        yield ox.Quad(n, _kg("line"), _lit(inc.line), g)
        yield ox.Quad(n, _kg("lineEnd"), _lit(inc.line_end), g)
        for s in inc.sources:
            yield ox.Quad(n, _kg("material"), source_iri(s), g)
        for a in inc.arxiv_ids:
            yield ox.Quad(n, _kg("mentions"), work_iri(a), g)
        for s in inc.sections:
            yield ox.Quad(n, _kg("sectionRef"), _lit(s), g)
    for c in b.citations:
        n = ox.NamedNode(f"{bn.value}/citation/{quote(c.arxiv_id, safe='.-')}")
        yield ox.Quad(bn, _kg("hasItem"), n, g)
        yield ox.Quad(n, _A, _kg("BriefCitation"), g)
        yield ox.Quad(n, _kg("citedWork"), work_iri(c.arxiv_id), g)
        yield ox.Quad(n, _kg("status"), _lit(c.status), g)
        yield ox.Quad(n, _kg("line"), _lit(c.line), g)
        if c.title:
            yield ox.Quad(n, _kg("title"), _lit(c.title), g)
        if c.status_text:
            yield ox.Quad(n, _kg("statusText"), _lit(c.status_text), g)
    for w in b.warnings:
        yield ox.Quad(bn, _kg("warning"), _lit(w), g)
    for row in b.low_relevance:
        yield ox.Quad(bn, _kg("verdict"), _lit(f"{row.material} | {row.verdict}"), g)


def activity_quads(
    stamp: str, started: datetime, ended: datetime, counts: dict[str, int], tool_version: str
) -> list[ox.Quad]:
    """Quads (in the provenance graph) describing one ingest ``prov:Activity``.

    ``counts`` has ``added``, ``changed``, ``removed``, ``unchanged`` file counts.
    """
    a = activity_iri(stamp)
    sw = agent_iri("provkg")
    g = PROV_GRAPH
    return [
        ox.Quad(a, _A, N.prov.Activity, g),
        ox.Quad(a, _A, _kg("IngestActivity"), g),
        ox.Quad(a, N.prov.startedAtTime, _lit(started), g),
        ox.Quad(a, N.prov.endedAtTime, _lit(ended), g),
        ox.Quad(a, N.prov.wasAssociatedWith, sw, g),
        ox.Quad(sw, _A, N.prov.Agent, g),
        ox.Quad(sw, _A, N.prov.SoftwareAgent, g),
        ox.Quad(sw, N.rdfs.label, _lit(f"provkg {tool_version}"), g),
        ox.Quad(a, _kg("filesAdded"), _lit(counts.get("added", 0)), g),
        ox.Quad(a, _kg("filesChanged"), _lit(counts.get("changed", 0)), g),
        ox.Quad(a, _kg("filesRemoved"), _lit(counts.get("removed", 0)), g),
        ox.Quad(a, _kg("filesUnchanged"), _lit(counts.get("unchanged", 0)), g),
    ]


def revision_quads(
    src_rec: ParsedSource, stamp: str, when: datetime, previous: str | None, mtime: float | None
) -> list[ox.Quad]:
    """Provenance-graph quads for a new revision of a file.

    The revision (named graph) ``prov:wasGeneratedBy`` the ingest activity at
    ``when``; it ``prov:wasRevisionOf`` the ``previous`` revision IRI when the
    file changed (the loader records that one's invalidation: ``invalidation_quads``).
    The new revision gets ``kg:current true``,
    the marker the default queries join on (docs/MODEL.md, "Revisions").
    """
    g = PROV_GRAPH
    rev = revision_iri(src_rec.path, src_rec.sha256)
    src = source_iri(src_rec.path)
    a = activity_iri(stamp)
    out = [
        ox.Quad(rev, _A, _kg("SourceRevision"), g),
        ox.Quad(rev, _A, N.prov.Entity, g),
        ox.Quad(rev, N.prov.specializationOf, src, g),
        ox.Quad(rev, N.prov.wasGeneratedBy, a, g),
        ox.Quad(rev, N.prov.generatedAtTime, _lit(when), g),
        ox.Quad(rev, _kg("path"), _lit(src_rec.path), g),
        ox.Quad(rev, _kg("sha256"), _lit(src_rec.sha256), g),
        ox.Quad(rev, _kg("size"), _lit(src_rec.size), g),
        ox.Quad(a, N.prov.generated, rev, g),
    ]
    out.append(ox.Quad(rev, _kg("current"), _lit(True), g))
    if mtime is not None:
        out.append(ox.Quad(rev, _kg("mtime"), _lit(float(mtime)), g))
    if previous:
        out.append(ox.Quad(rev, N.prov.wasRevisionOf, ox.NamedNode(previous), g))
    return out


def invalidation_quads(entity: str, stamp: str, when: datetime) -> list[ox.Quad]:
    """Provenance-graph quads saying ``entity`` (a revision or claim IRI) was invalidated.

    PROV-O: ``entity prov:wasInvalidatedBy activity`` and
    ``entity prov:invalidatedAtTime when`` (``xsd:dateTime``), both in the
    provenance graph ``id:graph/provenance``.  The ``kg:current`` marker of a
    revision is removed by the loader, not here (a quad list only adds).
    """
    e = ox.NamedNode(entity)
    return [
        ox.Quad(e, N.prov.wasInvalidatedBy, activity_iri(stamp), PROV_GRAPH),
        ox.Quad(e, N.prov.invalidatedAtTime, _lit(when), PROV_GRAPH),
    ]
