"""Records to RDF quads: the provkg PROV-O model (see ``docs/MODEL.md``).

``source_quads(src)`` turns one ``ParsedSource`` into the quads of its named
graph (``source_nquads`` gives the same as N-Quads text, which the loader
builds in its parsing processes and the store reads in bulk); ``activity_quads``
and ``revision_quads`` (``revision_nquads``) describe an ingest in the
provenance graph.  Every IRI is minted from a normalised key or a hash, never
from free text (PITFALLS P6), and no blank node is used (P12, P13), so the
same input always gives the same quads and IRIs are stable across re-ingests.
Two IRIs also depend on the store's history: the activity's (new for each
run) and the revision of bytes the store already recorded for that path (a
file reverted to earlier bytes: ``revision_iri(path, sha, n)``).

IRI scheme (``id:`` = ``https://w3id.org/provkg/id/``)
-----------------------------------------------------
``id:source/<h>``                 the file (prov:Entity, kg:Source); h = sha1(path)[:16]
``id:source/<h>/rev/<sha>``       one content revision = the named graph's IRI; a file that
                                  returns to bytes read before gets ``…/rev/<sha>-2``, ``-3``, …
``<revision>/extraction``         provkg's extraction of that revision (prov:wasDerivedFrom it)
``<revision>/quote/<c>``          the prov:Quotation of claim c from that revision (its line span)
``id:claim/<h>/<c>``              a claim; c = sha1(text + occurrence)[:16]
``id:arxiv/<key>`` / ``id:arxiv/<key>v5``   a work / one of its versions
``id:cite/<h>/<line>/<n>``        one written citation of a work
``id:section/<h>/<key>``          a section of a living document
``id:item/<h>/<i>``               a topic of a note
``id:agent/<slug>``               a prov:Agent
``id:manifest/<id>``              an increment manifest; ``…/item/<i>`` its items
``id:activity/<stamp>``           one ingest run (prov:Activity)

Works and versions also link to their arXiv page (``rdfs:seeAlso <https://arxiv.org/abs/…>``), and
text literals carry a language tag (``text_language``).
"""
from __future__ import annotations

import hashlib
import re
from datetime import datetime
from urllib.parse import quote

import pyoxigraph as ox
from rdflib.namespace import PROV as _PROV, RDF as _RDF, RDFS as _RDFS, XSD as _XSD

from ingest.models import ArxivRef, Claim, ParsedSource

from .namespaces import CITO as _CITO, ID_IRI, KG as _KG, PROV_GRAPH as _PROV_GRAPH
from ingest.lazyre import compile_lazy

__all__ = [
    "N",
    "kg_term",
    "literal",
    "source_iri",
    "revision_iri",
    "revision_base",
    "claim_iri",
    "work_iri",
    "version_iri",
    "section_iri",
    "agent_iri",
    "manifest_iri",
    "activity_iri",
    "extraction_iri",
    "quotation_iri",
    "arxiv_abs_iri",
    "text_language",
    "MODEL_VERSION",
    "TEXT_PROPERTIES",
    "claim_key",
    "source_quads",
    "source_lines",
    "source_nquads",
    "activity_quads",
    "revision_quads",
    "revision_nquads",
    "retarget_nquads",
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


def kg_term(name: str) -> ox.NamedNode:
    """The pyoxigraph IRI of ``kg:<name>``; ``AttributeError`` for a term not in the vocabulary."""
    return N.kg[name]


_kg = kg_term


PROV_GRAPH = ox.NamedNode(str(_PROV_GRAPH))
_A = N.rdf.type
_XSD_INT = ox.NamedNode(str(_XSD.integer))
_XSD_BOOL = ox.NamedNode(str(_XSD.boolean))
_XSD_DT = ox.NamedNode(str(_XSD.dateTime))
_XSD_DEC = ox.NamedNode(str(_XSD.decimal))


def _h(text: str, n: int = 16) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:n]


def xsd_datetime(value: datetime) -> str:
    """The lexical form provkg writes for an ``xsd:dateTime``: ISO 8601 with UTC as ``Z``.

    XSD 1.1 Part 2 §3.3.7.2 writes UTC as ``Z`` in the canonical form, and servers that keep values
    rather than lexical forms (Jena TDB2, Virtuoso) give back ``…Z`` for ``…+00:00``; writing ``Z``
    makes every server return what provkg wrote.  Other offsets are kept (``+08:00``).
    """
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def xsd_decimal(value: float) -> str:
    """The ``xsd:decimal`` lexical form provkg writes for a figure or a time in seconds: ``76``, ``5.94``, ``0.0000001``.

    Figures and modification times are decimals, not doubles: Virtuoso writes a double in SPARQL
    results with six significant digits (``1796161214.9403257`` came back ``1.79616e+09``) and Jena
    in its own canonical form (``7.6E1``); a decimal keeps every digit on every server, and this
    form is what ``graph.store.canonical_term`` reads any decimal back to.
    """
    from graph.store import decimal_text

    return decimal_text(repr(float(value)))


def literal(value: object) -> ox.Literal:
    """``value`` as the pyoxigraph literal the model writes (bool, int, float, datetime, else ``xsd:string``)."""
    return _lit(value)


def _lit(value: object) -> ox.Literal:
    if isinstance(value, bool):
        return ox.Literal("true" if value else "false", datatype=_XSD_BOOL)
    if isinstance(value, int):
        return ox.Literal(str(value), datatype=_XSD_INT)
    if isinstance(value, float):
        return ox.Literal(xsd_decimal(value), datatype=_XSD_DEC)
    if isinstance(value, datetime):
        return ox.Literal(xsd_datetime(value), datatype=_XSD_DT)
    return ox.Literal(str(value))


_SLUG = compile_lazy(r"[^a-z0-9\-_.]+")


def _slug(text: str) -> str:
    s = _SLUG.sub("-", text.strip().lower()).strip("-")
    return s or _h(text, 12)


def source_iri(path: str) -> ox.NamedNode:
    """IRI of the file at workspace-relative ``path`` (stable across revisions)."""
    return ox.NamedNode(f"{ID_IRI}source/{_h(path)}")


def revision_iri(path: str, sha256: str, n: int = 1) -> ox.NamedNode:
    """IRI of one content revision of a file; also the IRI of its named graph.

    ``n`` counts the revisions of ``path`` with these bytes: 1 (the default) gives
    ``id:source/<h>/rev/<sha16>``; a file that returns to bytes read before (A -> B -> A)
    gets a new revision entity ``…/rev/<sha16>-2`` (then ``-3`` …), because a PROV entity
    is generated once and invalidated at most once (docs/MODEL.md, "Revisions").
    Raises ``ValueError`` for ``n < 1``.
    """
    if n < 1:
        raise ValueError(f"revision number must be >= 1, not {n}")
    return ox.NamedNode(f"{ID_IRI}source/{_h(path)}/rev/{sha256[:16]}" + (f"-{n}" if n > 1 else ""))


_REV_N = compile_lazy(r"(/rev/[0-9a-f]{16})-[0-9]+$")


def revision_base(iri: str) -> str:
    """The first revision IRI of the same path and bytes: ``…/rev/<sha16>-2`` gives ``…/rev/<sha16>``.

    Two revisions hold the same bytes exactly when their bases are equal (to the 64 bits of
    the hash the IRI keeps).  Any other IRI is returned as it is.
    """
    return _REV_N.sub(r"\1", iri)


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


def extraction_iri(revision: str) -> ox.NamedNode:
    """IRI of provkg's extraction of the revision ``revision`` (an IRI string): ``<revision>/extraction``.

    The extraction is what one ingest read from the revision's bytes (the content of the named graph
    the revision IRI names); it ``prov:wasDerivedFrom`` the revision and ``prov:wasGeneratedBy`` the
    ingest activity (docs/MODEL.md, "What PROV says happened").
    """
    return ox.NamedNode(f"{revision}/extraction")


def quotation_iri(revision: str, claim: str) -> ox.NamedNode:
    """IRI of the ``prov:Quotation`` of claim ``claim`` from revision ``revision`` (IRI strings).

    ``<revision>/quote/<c>``, ``c`` the claim IRI's last segment (its key, unique in its file): one
    quotation per claim and revision, so its ``kg:line`` / ``kg:lineEnd`` belong to that revision only.
    """
    return ox.NamedNode(f"{revision}/quote/{claim.rsplit('/', 1)[-1]}")


def arxiv_abs_iri(arxiv_id: str, version: str | None = None) -> ox.NamedNode:
    """The arXiv abstract page of a work or version: ``https://arxiv.org/abs/2502.07115`` (``…v5``).

    A work (``id:arxiv/<key>``) and a version are linked to it with ``rdfs:seeAlso`` (docs/MODEL.md
    says why not ``owl:sameAs`` or ``prov:alternateOf``).  ``arxiv_id`` is a canonical key
    (``2502.07115``, ``hep-th/9901001``), ``version`` ``v5`` or None.
    """
    return ox.NamedNode(f"https://arxiv.org/abs/{quote(arxiv_id, safe='/.-')}{quote(version or '')}")


#: The version of this model a store records as ``id:graph/provenance kg:modelVersion`` (defined in
#: ``graph.versions``, which reads it without rdflib).
from .versions import MODEL_VERSION  # noqa: E402

#: ``kg:`` properties whose values are text people wrote, stored with a language tag (``text_language``).
#: Codes (``kg:kind``, ``kg:role``, ``kg:qualifier`` ...), paths, identifiers, raw citations, names
#: (``rdfs:label`` of agents), front-matter records and provkg's own ingest warnings on a revision stay
#: plain ``xsd:string`` literals.
TEXT_PROPERTIES = ("text", "title", "alias", "titleRef", "relevanceReason", "statusText", "warning", "verdict")

_HAN = compile_lazy("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_KANA = compile_lazy("[\u3040-\u30ff\u31f0-\u31ff]")
_HANGUL = compile_lazy("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_LATIN = compile_lazy("[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")


def text_language(text: str, file_lang: str | None) -> str | None:
    """The BCP 47 language tag provkg gives the text literal ``text`` from a file in ``file_lang``.

    Read from the text's own letters: kana gives ``ja``, hangul ``ko``; Han characters alone ``zh``,
    Latin letters alone ``en``; both Han and Latin letters (a Chinese sentence naming an English
    title, or the reverse) the file's language ``file_lang`` (``kg:lang`` of its source: ``zh`` or
    ``en``, from ``ingest``); no letter at all (``76%``, ``§3.1``) no tag (None: a plain string).
    Pure: the same text in files of one language always gets the same tag.
    """
    if _KANA.search(text):
        return "ja"
    if _HANGUL.search(text):
        return "ko"
    han = _HAN.search(text) is not None
    latin = _LATIN.search(text) is not None
    if han and latin:
        return file_lang or "zh"
    if han:
        return "zh"
    if latin:
        return "en"
    return None


def activity_iri(stamp: str) -> ox.NamedNode:
    """IRI of one ingest activity; ``stamp`` is unique per run."""
    return ox.NamedNode(f"{ID_IRI}activity/{quote(stamp, safe='-_.')}")


# ---------------------------------------------------------------------------
# The named graph of one source as N-Quads text.
#
# Building one ``pyoxigraph.Quad`` per statement in Python cost ~7 us a quad (240 quads a note), a
# quarter of a cold ingest.  The graph is written as N-Quads lines instead (W3C N-Quads 1.1): IRIs
# are minted only by the functions above (hex digests and ``quote``d keys, so never a character
# that IRIREF forbids), and literals are escaped by ``_nt_lit``.  The store loads the text with
# Oxigraph's own parser (``Store.bulk_load``), in the process that writes; the text is built in the
# parsing processes.  ``source_quads`` parses the same text, so both forms hold the same quads.

_NT_ESCAPES = {0x5C: "\\\\", 0x22: '\\"', 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0C: "\\f"}
_NT_ESCAPES.update({c: f"\\u{c:04X}" for c in (*range(0x00, 0x20), 0x7F) if c not in _NT_ESCAPES})
_NEEDS_ESCAPE = compile_lazy(r'[\x00-\x1f\x7f"\\]')
_T_INT = f"^^<{_XSD_INT.value}>"
_T_DEC = f"^^<{_XSD_DEC.value}>"
_T_DT = f"^^<{_XSD_DT.value}>"
_NT_TRUE = f'"true"^^<{_XSD_BOOL.value}>'
_NT_FALSE = f'"false"^^<{_XSD_BOOL.value}>'


def _nt_str(value: str) -> str:
    """An ``xsd:string`` literal in N-Quads syntax: quotes, backslashes and control characters escaped."""
    if _NEEDS_ESCAPE.search(value) is not None:
        value = value.translate(_NT_ESCAPES)
    return f'"{value}"'


def _nt_lit(value: object) -> str:
    """The N-Quads form of ``_lit(value)``: the same lexical form and datatype."""
    if isinstance(value, bool):
        return _NT_TRUE if value else _NT_FALSE
    if isinstance(value, int):
        return f'"{value}"{_T_INT}'
    if isinstance(value, float):
        return f'"{xsd_decimal(value)}"{_T_DEC}'
    if isinstance(value, datetime):
        return f'"{xsd_datetime(value)}"{_T_DT}'
    return _nt_str(str(value))


def _nt_text(value: str, file_lang: str | None) -> str:
    """A text literal in N-Quads syntax with the language tag of ``text_language`` (none: a plain string)."""
    lang = text_language(value, file_lang)
    return _nt_str(value) + (f"@{lang}" if lang else "")


def _t(node: ox.NamedNode) -> str:
    """``<iri>`` of a term of the vocabulary."""
    return f"<{node.value}>"


def _k(name: str) -> str:
    """``<iri>`` of the ``kg:`` term ``name`` (checked against the closed vocabulary, at import)."""
    return _t(_kg(name))


_P_A = _t(_A)
_P = {name: _k(name) for name in (
    "Source", "SourceRevision", "Claim", "Quantity", "Work", "WorkVersion", "Citation", "Section", "Item",
    "Manifest", "ManifestItem", "Brief", "BriefIncrement", "BriefCitation",
    "path", "kind", "lang", "evidence", "title", "sha256", "size", "tag", "frontMatter", "url", "linksTo",
    "key", "level", "line", "lineEnd", "lineStarts", "inDocument", "citationList", "arxivId", "about", "alias",
    "citedWork", "inSource", "raw", "citedVersion", "version", "date", "venue", "inSection",
    "order", "relevance", "relevanceReason", "text", "role", "inItem", "mentions", "sectionRef",
    "suggestedSection", "qualifier", "negated", "unverified", "hasQuantity", "value", "valueHigh", "unit",
    "metric", "approx", "manifestId", "domain", "knowledgeDoc", "queueDoc", "hasItem", "material",
    "evidenceRef", "statedIncrements", "statedMaterials", "consumed", "number", "status", "statusText",
    "warning", "verdict", "current", "mtime", "root", "crossReference", "evidenceAlso", "titleRef", "itemKind",
    "predicate", "condition", "bound", "direction", "metricExplicit", "Extraction", "modelVersion",
)}
_PROV_ENTITY = _t(N.prov.Entity)
_PROV_AGENT = _t(N.prov.Agent)
_PROV_COLLECTION = _t(N.prov.Collection)
_PROV_ATTRIBUTED = _t(N.prov.wasAttributedTo)
_PROV_GENERATED_AT = _t(N.prov.generatedAtTime)
_PROV_SPECIALIZATION = _t(N.prov.specializationOf)
_PROV_QUOTED = _t(N.prov.wasQuotedFrom)
_PROV_DERIVED = _t(N.prov.wasDerivedFrom)
_PROV_HAD_MEMBER = _t(N.prov.hadMember)
_RDFS_LABEL = _t(N.rdfs.label)
_RDFS_SEE_ALSO = _t(N.rdfs.seeAlso)
_CITO_CITES = _t(N.cito.cites)
_DCT_PART_OF = "<http://purl.org/dc/terms/isPartOf>"
_PROV_GENERATED_BY = _t(N.prov.wasGeneratedBy)
_PROV_GENERATED = _t(N.prov.generated)
_PROV_REVISION_OF = _t(N.prov.wasRevisionOf)
_PROV_ALTERNATE = _t(N.prov.alternateOf)
_PROV_QUALIFIED_QUOTATION = _t(N.prov.qualifiedQuotation)
_PROV_QUOTATION = _t(N.prov.Quotation)
_PROV_ENTITY_P = _t(N.prov.entity)
_PROV_USED = _t(N.prov.used)
_WS = compile_lazy(r"\s+")


def _work_s(arxiv_id: str) -> str:
    return f"<{ID_IRI}arxiv/{quote(arxiv_id, safe='/.-')}>"


def _version_s(arxiv_id: str, version: str) -> str:
    return f"<{ID_IRI}arxiv/{quote(arxiv_id, safe='/.-')}{quote(version)}>"


def _section_s(hp: str, key: str) -> str:
    """``section_iri`` of a section of the document whose path hashes to ``hp``."""
    return f"<{ID_IRI}section/{hp}/{quote(key, safe='.-_')}>"


def _source_s(path: str) -> str:
    return f"<{ID_IRI}source/{_h(path)}>"


def _agent_s(name: str) -> str:
    return f"<{ID_IRI}agent/{quote(_slug(name), safe='-_.')}>"


class _Lines:
    """N-Quads lines of one named graph: ``add(s, p, o)`` with terms already in N-Quads syntax.

    ``graph`` is the graph's IRI (the revision's) without brackets; ``text(value)`` a text literal
    tagged for the file's language ``lang`` (``text_language``).
    """

    __slots__ = ("lines", "_tail", "graph", "lang")

    def __init__(self, graph: str, lang: str | None = None):
        self.lines: list[str] = []
        self._tail = f" <{graph}> .\n"
        self.graph = graph
        self.lang = lang

    def add(self, s: str, p: str, o: str) -> None:
        self.lines.append(f"{s} {p} {o}{self._tail}")

    def text(self, value: str) -> str:
        return _nt_text(value, self.lang)


def _work_lines(out: _Lines, w: str, arxiv_id: str, version: str | None = None) -> None:
    """A work's (or, with ``version``, a version's) ``kg:arxivId`` and its arXiv page (``rdfs:seeAlso``)."""
    out.add(w, _P["arxivId"], _nt_str(arxiv_id))
    out.add(w, _RDFS_SEE_ALSO, _t(arxiv_abs_iri(arxiv_id, version)))


def _cite_lines(out: _Lines, hp: str, ref: ArxivRef, n: int, src: str, sec_hp: str | None) -> None:
    add, P = out.add, _P
    w = _work_s(ref.arxiv_id)
    c = f"<{ID_IRI}cite/{hp}/{ref.line}/{n}>"
    add(src, _CITO_CITES, w)
    add(w, _P_A, P["Work"])
    add(w, _P_A, _PROV_ENTITY)
    _work_lines(out, w, ref.arxiv_id)
    add(c, _P_A, P["Citation"])
    add(c, _P_A, _PROV_ENTITY)
    add(c, P["citedWork"], w)
    add(c, P["inSource"], src)
    add(c, P["line"], _nt_lit(ref.line))
    add(c, P["raw"], _nt_lit(ref.raw))
    if ref.version:
        v = _version_s(ref.arxiv_id, ref.version)
        add(c, P["citedVersion"], v)
        add(v, _P_A, P["WorkVersion"])
        add(v, _P_A, _PROV_ENTITY)
        add(v, _PROV_SPECIALIZATION, w)
        add(v, P["version"], _nt_lit(ref.version))
        _work_lines(out, v, ref.arxiv_id, ref.version)
    if ref.title:
        add(c, P["title"], out.text(ref.title))
    if ref.date:
        add(c, P["date"], _nt_lit(ref.date))
    if ref.venue:
        add(c, P["venue"], _nt_lit(ref.venue))
    if ref.alias:
        add(c, P["alias"], out.text(ref.alias))
    if ref.section and sec_hp:
        add(c, P["inSection"], _section_s(sec_hp, ref.section))


def _claim_lines(
    out: _Lines, hp: str, claim: Claim, key: str, src: str, agent: str | None, sec_hp: str | None
) -> str:
    """The lines of one claim; returns its IRI (without brackets).

    The claim is quoted from the revision (the graph's IRI), qualified by a ``prov:Quotation`` that
    holds the line span: its lines belong to that revision, never to the claim, whose IRI is the same
    in every revision that holds it.
    """
    add, P = out.add, _P
    iri = f"{ID_IRI}claim/{hp}/{key}"
    c = f"<{iri}>"
    rev = f"<{out.graph}>"
    quo = f"<{out.graph}/quote/{key}>"  # quotation_iri(out.graph, iri)
    add(c, _P_A, P["Claim"])
    add(c, _P_A, _PROV_ENTITY)
    add(c, P["text"], out.text(claim.text))
    add(c, _PROV_QUOTED, rev)
    add(c, _PROV_QUALIFIED_QUOTATION, quo)
    add(quo, _P_A, _PROV_QUOTATION)
    add(quo, _PROV_ENTITY_P, rev)
    add(quo, P["line"], _nt_lit(claim.line))
    add(quo, P["lineEnd"], _nt_lit(claim.line_end))
    if claim.line_starts:
        add(quo, P["lineStarts"], _nt_lit(" ".join(map(str, claim.line_starts))))
    add(c, P["role"], _nt_lit(claim.role))
    add(c, P["evidence"], _nt_lit(claim.evidence))
    for lv in claim.evidence_levels:
        if lv != claim.evidence:
            add(c, P["evidenceAlso"], _nt_lit(lv))
    add(c, P["inSource"], src)
    if agent is not None:
        add(c, _PROV_ATTRIBUTED, agent)
    if claim.item is not None:
        add(c, P["inItem"], f"<{ID_IRI}item/{hp}/{claim.item}>")
    if claim.section and sec_hp:
        add(c, P["inSection"], _section_s(sec_hp, claim.section))
    for s in claim.subjects:
        add(c, P["about"], _work_s(s))
    for r in claim.arxiv:
        add(c, P["mentions"], _work_s(r.arxiv_id))
        if r.version:
            add(c, P["mentions"], _version_s(r.arxiv_id, r.version))
    for s in claim.section_refs:
        add(c, P["sectionRef"], _nt_lit(s))
    for s in claim.suggested_sections:
        add(c, P["suggestedSection"], _nt_lit(s))
    for s in claim.cross_refs:
        add(c, P["crossReference"], _nt_lit(s))
    if claim.version:
        add(c, P["version"], _nt_lit(claim.version))
    for q in claim.qualifiers:
        add(c, P["qualifier"], _nt_lit(q))
    if claim.negated:
        add(c, P["negated"], _NT_TRUE)
    if claim.unverified:
        add(c, P["unverified"], _NT_TRUE)
    for i, q in enumerate(claim.quantities):
        qn = f"<{iri}/q/{i}>"
        add(c, P["hasQuantity"], qn)
        add(qn, _P_A, P["Quantity"])
        add(qn, _P_A, _PROV_ENTITY)
        add(qn, P["raw"], _nt_lit(q.raw))
        add(qn, P["value"], _nt_lit(float(q.value)))
        if q.value_high is not None:
            add(qn, P["valueHigh"], _nt_lit(float(q.value_high)))
        add(qn, P["unit"], _nt_lit(q.unit))
        if q.metric:
            add(qn, P["metric"], _nt_lit(q.metric))
        if q.approx:
            add(qn, P["approx"], _NT_TRUE)
        if q.bound:
            add(qn, P["bound"], _nt_lit(q.bound))
        if q.direction:
            add(qn, P["direction"], _nt_lit(q.direction))
        if q.explicit:
            add(qn, P["metricExplicit"], _NT_TRUE)
        for cond in q.conditions:
            add(qn, P["condition"], _nt_lit(cond))
    for pr in claim.predicates:
        add(c, P["predicate"], _nt_lit(pr))
    return iri


def source_lines(src_rec: ParsedSource) -> tuple[list[str], list[str]]:
    """The named graph of one source as N-Quads lines, and the IRIs of its claims.

    Returns ``(lines, claim_iris)``: ``lines`` are N-Quads statements (each ends with ``" .\\n"``),
    in the order ``source_quads`` lists them, duplicates included; ``claim_iris`` are the
    ``kg:Claim`` subjects in file order.  Raises ``UnicodeEncodeError`` only when the lines are
    encoded (``source_nquads``) and a value holds a lone surrogate, which RDF cannot hold.
    See ``source_quads`` for the model.
    """
    lines, claims, _spilled = _source_lines(src_rec, None)
    return lines, claims


def _source_lines(src_rec: ParsedSource, sink: bytearray | None) -> tuple[list[str], list[str], int]:
    """``source_lines``; with a ``sink``, each claim's lines go into it as UTF-8 as soon as they are made
    (each once) instead of into the list, and the third value counts them (duplicates included).

    A claim's lines (its own, its quotation's and its figures') have subjects no other line of the
    graph has (the claim IRI is unique in the file), so they are repeated only within the claim and
    are made unique there; the other lines (works, citations, sections, items) are returned.
    """
    P = _P
    p = src_rec.path
    hp = _h(p)
    src = f"<{ID_IRI}source/{hp}>"
    gv = f"{ID_IRI}source/{hp}/rev/{src_rec.sha256[:16]}"
    g = f"<{gv}>"
    out = _Lines(gv, src_rec.lang)
    add = out.add
    add(src, _P_A, P["Source"])
    add(src, _P_A, _PROV_ENTITY)
    add(src, P["path"], _nt_lit(p))
    add(src, P["kind"], _nt_lit(src_rec.kind))
    add(src, P["lang"], _nt_lit(src_rec.lang))
    add(src, P["evidence"], _nt_lit(src_rec.evidence))
    if src_rec.title:
        add(src, P["title"], out.text(src_rec.title))
    if src_rec.created:
        add(src, _PROV_GENERATED_AT, _nt_lit(src_rec.created))
    # The file, this revision of it and its claims are attributed to the author the file names; a file
    # that names none (cards, the living document) is attributed to nobody: PROV has no "unknown agent".
    agent = _agent_s(src_rec.agent) if src_rec.agent else None
    add(g, _P_A, P["SourceRevision"])
    add(g, _P_A, _PROV_ENTITY)
    add(g, _PROV_SPECIALIZATION, src)
    if agent is not None:
        add(src, _PROV_ATTRIBUTED, agent)
        add(g, _PROV_ATTRIBUTED, agent)
        add(agent, _P_A, _PROV_AGENT)
        add(agent, _RDFS_LABEL, _nt_lit(src_rec.agent))
    add(g, P["sha256"], _nt_lit(src_rec.sha256))
    add(g, P["size"], _nt_lit(src_rec.size))
    for t in src_rec.tags:
        add(src, P["tag"], _nt_lit(t))
    for k, v in sorted(src_rec.front_matter.items()):
        add(src, P["frontMatter"], _nt_lit(f"{k}: {v}"))
    for u, _line in src_rec.urls:
        add(src, P["url"], _nt_lit(u))
    for target, _line in src_rec.links:
        add(src, P["linksTo"], _source_s(target))
    sec_hp = hp if src_rec.kind == "living_doc" else None
    for s in src_rec.sections:
        sn = _section_s(hp, s.key)
        add(sn, _P_A, P["Section"])
        add(sn, _P_A, _PROV_ENTITY)
        add(sn, P["key"], _nt_lit(s.key))
        add(sn, P["title"], out.text(s.title))
        add(sn, P["level"], _nt_lit(s.level))
        add(sn, P["line"], _nt_lit(s.line))
        add(sn, P["lineEnd"], _nt_lit(s.line_end))
        add(sn, P["inDocument"], src)
        add(sn, _PROV_DERIVED, src)
        if s.parent:
            add(sn, _DCT_PART_OF, _section_s(hp, s.parent))
        if s.is_citation_list:
            add(sn, P["citationList"], _NT_TRUE)
    # Works named by a card: its titles and aliases.
    if src_rec.kind == "paper_card":
        own = src_rec.card_work()
        if own:
            card_work = _work_s(own)
            add(card_work, _P_A, P["Work"])
            add(card_work, _P_A, _PROV_ENTITY)
            _work_lines(out, card_work, own)
            add(src, P["about"], card_work)
            if src_rec.title:
                add(card_work, P["title"], out.text(src_rec.title))
            for a in src_rec.aliases:
                add(card_work, P["alias"], out.text(a))
    per_line: dict[int, int] = {}
    for ref in src_rec.arxiv:
        n = per_line.get(ref.line, 0)
        per_line[ref.line] = n + 1
        _cite_lines(out, hp, ref, n, src, sec_hp)
    for it in src_rec.items:
        inode = f"<{ID_IRI}item/{hp}/{it.index}>"
        add(inode, _P_A, P["Item"])
        add(inode, _P_A, _PROV_ENTITY)
        add(inode, P["inSource"], src)
        add(inode, P["title"], out.text(it.title))
        add(inode, P["order"], _nt_lit(it.index))
        add(inode, P["line"], _nt_lit(it.line))
        add(inode, P["lineEnd"], _nt_lit(it.line_end))
        add(inode, P["evidence"], _nt_lit(it.evidence))
        for lv in it.evidence_levels:
            if lv != it.evidence:
                add(inode, P["evidenceAlso"], _nt_lit(lv))
        add(inode, P["relevance"], _nt_lit(it.relevance))
        add(inode, P["itemKind"], _nt_lit(it.kind))
        if it.relevance_reason:
            add(inode, P["relevanceReason"], out.text(it.relevance_reason))
        for u in it.urls:
            add(inode, P["url"], _nt_lit(u))
        for w in it.works:
            add(inode, P["about"], _work_s(w))
            add(_work_s(w), _P_A, P["Work"])
            add(_work_s(w), _P_A, _PROV_ENTITY)
            _work_lines(out, _work_s(w), w)
        for w in it.mentions:
            add(inode, P["mentions"], _work_s(w))
        if it.title_ref:
            add(inode, P["titleRef"], out.text(it.title_ref))
        for sk in it.sections:
            add(inode, P["suggestedSection"], _nt_lit(sk))
        for sk in it.cross_refs:
            add(inode, P["crossReference"], _nt_lit(sk))
    seen: dict[str, int] = {}
    claims: list[str] = []
    spilled = 0
    for c in src_rec.claims:
        norm = _WS.sub(" ", c.text).strip()
        occ = seen.get(norm, 0)
        seen[norm] = occ + 1
        mark = len(out.lines)
        claims.append(_claim_lines(out, hp, c, _h(f"{norm}\x00{occ}"), src, agent, sec_hp))
        if sink is not None:
            # issue 23: 1 MB of one-line statements is ~850,000 lines; held as strings until the end
            # they took more memory than the encoded text
            mine = out.lines[mark:]
            del out.lines[mark:]
            spilled += len(mine)
            sink += "".join(dict.fromkeys(mine)).encode("utf-8")
    if src_rec.manifest is not None:
        _manifest_lines(out, src_rec, src)
    if src_rec.brief is not None:
        _brief_lines(out, src_rec, src)
    return out.lines, claims, spilled


def source_nquads(src_rec: ParsedSource) -> tuple[bytearray, int, list[str]]:
    """The named graph of one source as UTF-8 N-Quads: ``(data, quads, claim_iris)``.

    ``data`` is a ``bytearray`` (built in place, not copied once more into ``bytes``); Oxigraph's
    parsers take it as they take ``bytes``.
    ``data`` holds each quad once (duplicate statements, such as a work typed by two citations of
    one file, are dropped: a graph is a set); ``quads`` counts the statements before that (what
    ``source_quads`` returns); ``claim_iris`` are the claims' IRIs.  Raises ``UnicodeEncodeError``
    when a value holds a lone surrogate (from a YAML ``"\\ud800"`` escape), which no RDF literal can hold.
    """
    data = bytearray()
    lines, claims, spilled = _source_lines(src_rec, data)  # the claims' lines are in ``data`` already
    n = len(lines) + spilled
    lines = list(dict.fromkeys(lines))
    # Encoded a slice at a time, each slice's strings let go as soon as it is encoded: the text is held
    # about once, not as the lines, the joined string and the bytes at the same time (issue 23: 1 MB of
    # one-line statements is ~190 MB of N-Quads; joining it whole held ~600 MB at once).
    for i in range(0, len(lines), _ENCODE_SLICE):
        part = lines[i:i + _ENCODE_SLICE]
        lines[i:i + len(part)] = _NONES[:len(part)]
        data += "".join(part).encode("utf-8")
        del part
    return data, n, claims


#: Lines encoded at once by ``source_nquads``.
_ENCODE_SLICE = 16_384
_NONES = [None] * _ENCODE_SLICE


def source_quads(src_rec: ParsedSource) -> list[ox.Quad]:
    """All quads of one source's named graph (graph IRI = ``revision_iri``).

    Returns a list of ``pyoxigraph.Quad``, deterministic for the same record
    (the lines of ``source_lines`` read back with pyoxigraph's N-Quads parser).
    The file is a ``prov:Entity``/``kg:Source``; the revision is
    ``prov:specializationOf`` the file; both (and the claims) are
    ``prov:wasAttributedTo`` the author the file names, or to nobody; claims are
    ``prov:wasQuotedFrom`` the revision, qualified by a ``prov:Quotation``
    (``quotation_iri``) with ``kg:line``/``kg:lineEnd``; works are cited with
    ``cito:cites`` and one ``kg:Citation`` per mention.
    Raises ``ValueError`` when a value holds a lone surrogate (no RDF literal can).
    """
    lines, _claims = source_lines(src_rec)
    try:
        data = "".join(lines).encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"{src_rec.path}: a value is not valid Unicode text ({e.reason})") from None
    return list(ox.parse(data, format=ox.RdfFormat.N_QUADS))


def _manifest_lines(out: _Lines, src_rec: ParsedSource, src: str) -> None:
    add, P = out.add, _P
    man = src_rec.manifest
    assert man is not None
    mv = manifest_iri(man.manifest_id).value
    m = f"<{mv}>"
    add(m, _P_A, P["Manifest"])
    add(m, _P_A, _PROV_COLLECTION)
    add(m, _P_A, _PROV_ENTITY)  # prov:Collection's superclass, stated: readers without RDFS (the prov package) need it
    add(m, P["manifestId"], _nt_lit(man.manifest_id))
    add(m, P["inSource"], src)
    add(m, _PROV_DERIVED, src)
    if man.domain:
        add(m, P["domain"], _nt_lit(man.domain))
    if man.created:
        add(m, _PROV_GENERATED_AT, _nt_lit(man.created))
    if man.knowledge:
        add(m, P["knowledgeDoc"], _source_s(man.knowledge))
    if man.queue:
        add(m, P["queueDoc"], _source_s(man.queue))
    if man.author:  # who works the shift (the brief's header)
        ag = _agent_s(man.author)
        add(m, _PROV_ATTRIBUTED, ag)
        add(ag, _P_A, _PROV_AGENT)
    for i, it in enumerate(man.items):
        mi = f"<{mv}/item/{i}>"
        add(m, _PROV_HAD_MEMBER, mi)
        add(m, P["hasItem"], mi)
        add(mi, _P_A, P["ManifestItem"])
        add(mi, _P_A, _PROV_ENTITY)
        add(mi, P["order"], _nt_lit(i))
        add(mi, P["path"], _nt_lit(it.path))
        add(mi, P["material"], _source_s(it.path))
        if it.kind:
            add(mi, P["kind"], _nt_lit(it.kind))
        if it.agent:  # typed here too (prov:wasAttributedTo's range); its name (rdfs:label) stays the
            ag = _agent_s(it.agent)  # notes' own: "Jay" in a manifest must not give jay a second label
            add(mi, _PROV_ATTRIBUTED, ag)
            add(ag, _P_A, _PROV_AGENT)
        if it.title:
            add(mi, P["title"], out.text(it.title))
        for e in it.evidence:
            add(mi, P["evidenceRef"], _nt_lit(e))


def _brief_lines(out: _Lines, src_rec: ParsedSource, src: str) -> None:
    add, P = out.add, _P
    b = src_rec.brief
    assert b is not None
    bv = f"{src[1:-1]}/brief"
    bn = f"<{bv}>"
    add(bn, _P_A, P["Brief"])
    add(bn, _P_A, _PROV_ENTITY)
    add(bn, P["inSource"], src)
    if b.manifest:
        add(bn, P["manifestId"], _nt_lit(b.manifest))
    if b.stated_increment_count is not None:
        add(bn, P["statedIncrements"], _nt_lit(b.stated_increment_count))
    if b.stated_material_count is not None:
        add(bn, P["statedMaterials"], _nt_lit(b.stated_material_count))
    for s in b.consumed_sources:
        add(bn, P["consumed"], _nt_lit(s))
    for inc in b.increments:
        n = f"<{bv}/increment/{inc.number}>"
        add(bn, P["hasItem"], n)
        add(n, _P_A, P["BriefIncrement"])
        add(n, _P_A, _PROV_ENTITY)
        add(n, P["number"], _nt_lit(inc.number))
        add(n, P["title"], out.text(inc.title))
        add(n, P["line"], _nt_lit(inc.line))
        add(n, P["lineEnd"], _nt_lit(inc.line_end))
        for s in inc.sources:
            add(n, P["material"], _source_s(s))
        for a in inc.arxiv_ids:
            add(n, P["mentions"], _work_s(a))
        for s in inc.sections:
            add(n, P["sectionRef"], _nt_lit(s))
    for c in b.citations:
        n = f"<{bv}/citation/{quote(c.arxiv_id, safe='.-')}>"
        add(bn, P["hasItem"], n)
        add(n, _P_A, P["BriefCitation"])
        add(n, _P_A, _PROV_ENTITY)
        add(n, P["citedWork"], _work_s(c.arxiv_id))
        add(n, P["status"], _nt_lit(c.status))
        add(n, P["line"], _nt_lit(c.line))
        if c.title:
            add(n, P["title"], out.text(c.title))
        if c.status_text:
            add(n, P["statusText"], out.text(c.status_text))
    for w in b.warnings:
        add(bn, P["warning"], out.text(w))
    for row in b.low_relevance:
        add(bn, P["verdict"], out.text(f"{row.material} | {row.verdict}"))


_AXIOMS: list[ox.Triple] = []


def class_axioms() -> list[ox.Triple]:
    """The ``rdfs:subClassOf`` statements of provkg's vocabulary (``graph/data/provkg.ttl``): every ``kg:``
    class under its PROV-O class (``kg:Claim rdfs:subClassOf prov:Entity``, ``kg:IngestActivity`` under
    ``prov:Activity`` ...).  ``activity_quads`` states them in the provenance graph, so a reader of the
    store, of a server it writes to or of any export gets them with the data (an RDFS reader then
    knows every ``kg:`` node's PROV class).  Parsed once; raises what pyoxigraph raises on a broken install.
    """
    if not _AXIOMS:
        from importlib import resources

        data = resources.files("graph").joinpath("data/provkg.ttl").read_bytes()
        sub = N.rdfs.subClassOf
        _AXIOMS.extend(sorted((t for t in ox.parse(data, format=ox.RdfFormat.TURTLE) if t.predicate == sub), key=str))
    return list(_AXIOMS)


def activity_quads(
    stamp: str, started: datetime, ended: datetime, counts: dict[str, int], tool_version: str
) -> list[ox.Quad]:
    """Quads (in the provenance graph) describing one ingest ``prov:Activity``.

    ``counts`` has ``added``, ``changed``, ``removed``, ``unchanged`` file counts.  Also states
    ``id:graph/provenance kg:modelVersion MODEL_VERSION`` (the store follows this model: the loader
    upgrades an older store in the same write, ``graph.migrate``) and the vocabulary's class
    axioms (``class_axioms``); a store holds each once however many ingests state them.
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
        ox.Quad(g, _kg("modelVersion"), _lit(MODEL_VERSION), g),
        *(ox.Quad(t.subject, t.predicate, t.object, g) for t in class_axioms()),
    ]



def revision_nquads(
    path: str, sha256: str, size: int, stamp: str, when: datetime, previous: str | None, mtime: float | None,
    root: str | None = None, *, revision: str | None = None, alternate_of: str | None = None,
) -> str:
    """``revision_quads`` as N-Quads text, for the revision of ``path`` with content hash ``sha256``.

    The revision is the author's file at one point in time: the ingest does not generate it, it
    ``prov:used`` it, and generated provkg's extraction of it (``extraction_iri``), a ``kg:Extraction``
    that ``prov:wasDerivedFrom`` the revision, with ``prov:generatedAtTime`` ``when``.
    ``root`` (the absolute workspace folder) adds the ``kg:root`` statement the loader records.
    ``revision`` is the revision IRI when it is not the first one of these bytes
    (``revision_iri(path, sha256, n)``, n >= 2); ``alternate_of`` then names the earlier
    revision with the same bytes, stated as ``prov:alternateOf``.
    """
    g = _t(PROV_GRAPH)
    hp = _h(path)
    rev_iri = revision or f"{ID_IRI}source/{hp}/rev/{sha256[:16]}"
    rev = f"<{rev_iri}>"
    ext = f"<{rev_iri}/extraction>"  # extraction_iri(rev_iri)
    a = _t(activity_iri(stamp))
    P = _P
    rows = [
        (rev, _P_A, P["SourceRevision"]),
        (rev, _P_A, _PROV_ENTITY),
        (rev, _PROV_SPECIALIZATION, f"<{ID_IRI}source/{hp}>"),
        (rev, P["path"], _nt_lit(path)),
        (rev, P["sha256"], _nt_lit(sha256)),
        (rev, P["size"], _nt_lit(size)),
        (a, _PROV_USED, rev),
        (ext, _P_A, P["Extraction"]),
        (ext, _P_A, _PROV_ENTITY),
        (ext, _PROV_DERIVED, rev),
        (ext, _PROV_GENERATED_BY, a),
        (ext, _PROV_GENERATED_AT, _nt_lit(when)),
        (a, _PROV_GENERATED, ext),
        (rev, P["current"], _NT_TRUE),
    ]
    if mtime is not None:
        rows.append((rev, P["mtime"], _nt_lit(float(mtime))))
    if previous:
        rows.append((rev, _PROV_REVISION_OF, f"<{previous}>"))
    if alternate_of:
        rows.append((rev, _PROV_ALTERNATE, f"<{alternate_of}>"))
    if root is not None:
        rows.append((rev, P["root"], _nt_lit(root)))
    return "".join(f"{s} {p} {o} {g} .\n" for s, p, o in rows)


def revision_quads(
    src_rec: ParsedSource, stamp: str, when: datetime, previous: str | None, mtime: float | None
) -> list[ox.Quad]:
    """Provenance-graph quads for a new revision of a file.

    The ingest activity ``prov:used`` the revision (named graph) and generated its extraction at
    ``when`` (``revision_nquads``); the revision ``prov:wasRevisionOf`` the ``previous`` revision IRI when the
    file changed (the loader records that one's invalidation: ``invalidation_quads``).
    The new revision gets ``kg:current true``,
    the marker the default queries join on (docs/MODEL.md, "Revisions").
    Returns ``pyoxigraph.Quad`` objects (``revision_nquads`` read back).
    """
    text = revision_nquads(src_rec.path, src_rec.sha256, src_rec.size, stamp, when, previous, mtime)
    return list(ox.parse(text.encode("utf-8"), format=ox.RdfFormat.N_QUADS))


def retarget_nquads(data: bytes, old: str, new: str) -> bytes:
    """N-Quads ``data`` with the IRI ``old`` replaced by ``new`` wherever it is a term.

    The loader uses it for a file that returns to bytes read before: its parsing process built
    the named graph under ``revision_iri(path, sha)`` (graph name, the revision node, and the IRIs
    minted under it: ``<old>/quote/…``), and the graph is stored under the next free
    ``revision_iri(path, sha, n)``: ``old`` and every IRI that starts with ``old + "/"`` move to
    ``new``.  The text is parsed and written back by pyoxigraph (term by term, so a literal that
    happens to contain the IRI is left alone); the quads keep their order.  Raises ``SyntaxError``
    for text that is not N-Quads.
    """
    o, n = ox.NamedNode(old), ox.NamedNode(new)
    under = old + "/"

    def swap(t: object) -> object:
        if t == o:
            return n
        if isinstance(t, ox.NamedNode) and t.value.startswith(under):
            return ox.NamedNode(new + t.value[len(old):])
        return t

    quads = [ox.Quad(swap(q.subject), q.predicate, swap(q.object), swap(q.graph_name))
             for q in ox.parse(data, format=ox.RdfFormat.N_QUADS)]
    return ox.serialize(quads, format=ox.RdfFormat.N_QUADS)


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
