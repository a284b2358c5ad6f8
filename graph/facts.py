"""The facts the rules read, as plain typed rows: one row type per fact kind, keyed by file revision.

A revision's rows come from two places, which must agree (``tests/test_index.py`` holds them
equal on the sample, the corpus, shift workspaces and generated workspaces):

* ``record_rows(record, claim_iris)``: from the ``ingest.models.ParsedSource`` a file was parsed
  into, in the ingest's parsing processes, with the meaning its RDF has (``graph.model``): the
  rows the shipped SPARQL (``queries/sparql/*.rq``) reads back from that revision's named graph;
* the SPARQL readers of ``queries.rdf_rows``, over the store (``provkg reindex``, ``provkg
  import``, remote and in-memory stores).

Row types are frozen-free dataclasses (``SClaim`` holds its facet lists); ``TABLES`` names one
index table per row type, and its columns are the dataclass fields (``table_columns``): a
list- or tuple-valued field (a claim's facets, an item's works) is one text column
(``encode_list``: NULL when empty, strings joined by ``SEP``, figures with their conditions as
JSON), so a fact added to a row type is a column of the index without further code
(``graph.index``).
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from ingest.evidence import ordered_levels
from ingest.models import ParsedSource
from ingest.lazyre import compile_lazy


__all__ = [
    "SQuantity", "SClaim", "SCitation", "SSection", "SItem", "SSource", "SManifest", "SManifestItem", "CardWork",
    "SourceTag", "SourceLink", "EntrySpan", "WorkNamed", "TABLES", "ROW_TYPES", "table_columns",
    "encode_row", "decode_row", "encode_list", "decode_list", "SEP", "record_rows", "claim_sort_key",
    "citation_sort_key", "facet_order", "item_facet_order",
]


@dataclass(frozen=True)
class SQuantity:
    """A figure of a claim (see ``ingest.models.Quantity``)."""

    raw: str
    value: float
    value_high: float | None
    unit: str
    metric: str | None
    approx: bool
    bound: str | None = None
    direction: str | None = None
    explicit: bool = False
    conditions: tuple[str, ...] = ()


@dataclass
class SClaim:
    """A claim as stored: IRI, text, ``path``:``line``-``line_end``, role, evidence, agent and facets."""

    iri: str
    text: str
    path: str
    kind: str
    line: int
    line_end: int
    role: str
    evidence: str
    agent: str | None
    item: int | None
    section: str | None
    unverified: bool
    negated: bool
    version: str | None = None
    about: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    qualifiers: list[str] = field(default_factory=list)
    section_refs: list[str] = field(default_factory=list)
    suggested: list[str] = field(default_factory=list)
    quantities: list[SQuantity] = field(default_factory=list)
    evidence_also: list[str] = field(default_factory=list)
    cross_refs: list[str] = field(default_factory=list)
    predicates: list[str] = field(default_factory=list)
    #: offsets in ``text`` where each line after the first begins (``ingest.models.Claim.line_starts``)
    line_starts: list[int] = field(default_factory=list)

    @property
    def evidence_levels(self) -> list[str]:
        """Every evidence level the claim states: ``evidence`` and ``evidence_also``, in vocabulary order."""
        from ingest.evidence import ordered_levels

        return list(ordered_levels([self.evidence, *self.evidence_also], all_depths=True)) or [self.evidence]


@dataclass(frozen=True)
class SCitation:
    """One written citation: work ``arxiv_id``, ``version``, where, and what the line says."""

    arxiv_id: str
    version: str | None
    path: str
    kind: str
    line: int
    raw: str
    title: str | None
    date: str | None
    venue: str | None
    section: str | None
    in_citation_list: bool
    alias: str | None = None


@dataclass(frozen=True)
class SSection:
    """A living-document section."""

    path: str
    key: str
    title: str
    level: int
    line: int
    line_end: int
    parent: str | None
    citation_list: bool


@dataclass(frozen=True)
class SItem:
    """A note's topic (``ingest.models.Item``): span, kind, evidence levels, the writer's relevance
    verdict, the works it is about and mentions, a title to resolve, suggested and cross-referenced
    sections."""

    path: str
    index: int
    title: str
    line: int
    line_end: int
    evidence: str
    relevance: str
    reason: str | None
    kind: str = "heading"
    title_ref: str | None = None
    works: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    evidence_levels: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    cross_refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class SSource:
    """A source file."""

    iri: str
    path: str
    kind: str
    title: str | None
    agent: str | None
    created: str | None
    evidence: str
    lang: str
    claims: int


@dataclass(frozen=True)
class SManifest:
    """An increment manifest a file declares: its ID, the work queue it names (``kg:queueDoc``, the
    queue's Source IRI) and who works the shift (the last segment of the agent IRI the manifest is
    ``prov:wasAttributedTo``), either None when the manifest names none."""

    path: str
    manifest_id: str
    queue: str | None
    author: str | None


@dataclass(frozen=True)
class SManifestItem:
    """An item of a manifest, in order."""

    manifest_id: str
    manifest_path: str
    knowledge: str | None
    created: str | None
    order: int
    path: str
    kind: str | None
    title: str | None
    agent: str | None


@dataclass(frozen=True)
class CardWork:
    """A work a paper card is about, with the card's title and one alias (``works.rq``: one row per alias)."""

    path: str
    arxiv_id: str
    title: str | None
    alias: str | None


@dataclass(frozen=True)
class SourceTag:
    """A topic label of a source (``kg:tag``)."""

    path: str
    tag: str


@dataclass(frozen=True)
class SourceLink:
    """A link written in a source: the Source IRI of the path or wikilink as written (``kg:linksTo``)."""

    path: str
    target: str


@dataclass(frozen=True)
class EntrySpan:
    """A living-document entry (one claim) spanning more than one line."""

    path: str
    line: int
    line_end: int


@dataclass(frozen=True)
class WorkNamed:
    """A work a file's graph names: the object of any of its statements (a claim's ``kg:about`` or
    ``kg:mentions``, a citation, a card's ``kg:about``, a brief's increments and citable rows).  The
    part of the store a brief or a diff reads is found from these (``queries.scope``)."""

    path: str
    arxiv_id: str


#: Index table -> row type.  Order matters only for reading.
TABLES: dict[str, type] = {
    "source": SSource, "claim": SClaim, "citation": SCitation, "section": SSection, "item": SItem,
    "manifest": SManifest, "manifest_item": SManifestItem, "card_work": CardWork, "tag": SourceTag, "link": SourceLink,
    "entry_span": EntrySpan, "work_named": WorkNamed,
}
ROW_TYPES = {cls.__name__: cls for cls in (*TABLES.values(), SQuantity)}

_LISTS: dict[type, tuple[int, ...]] = {}


def _list_fields(cls: type) -> tuple[int, ...]:
    """Positions of the list- and tuple-valued fields of row type ``cls`` (stored as JSON)."""
    got = _LISTS.get(cls)
    if got is None:
        got = _LISTS[cls] = tuple(i for i, f in enumerate(dataclasses.fields(cls))
                                  if str(f.type).startswith(("list[", "tuple[")))
    return got


_TUPLES: dict[type, tuple[int, ...]] = {}


def _tuple_fields(cls: type) -> tuple[int, ...]:
    """Positions of the tuple-valued fields of row type ``cls`` (read back as lists, given back as tuples)."""
    got = _TUPLES.get(cls)
    if got is None:
        got = _TUPLES[cls] = tuple(i for i, f in enumerate(dataclasses.fields(cls)) if str(f.type).startswith("tuple["))
    return got


#: Position of ``SClaim.quantities``: figures are stored as JSON arrays of their fields.
_QUANTITIES = [f.name for f in dataclasses.fields(SClaim)].index("quantities")


def _quantity(values: list) -> SQuantity:
    """A figure from the JSON array of its fields (its ``conditions`` given back as a tuple)."""
    q = SQuantity(*values)
    return q if type(q.conditions) is tuple else dataclasses.replace(q, conditions=tuple(q.conditions))


_BOOLS: dict[type, tuple[int, ...]] = {}


def _bool_fields(cls: type) -> tuple[int, ...]:
    """Positions of the ``bool`` fields of row type ``cls`` (SQLite gives them back as 0/1)."""
    got = _BOOLS.get(cls)
    if got is None:
        got = _BOOLS[cls] = tuple(i for i, f in enumerate(dataclasses.fields(cls)) if str(f.type) == "bool")
    return got


def table_columns(cls: type) -> list[tuple[str, bool]]:
    """``(column name, is JSON)`` of the index table of row type ``cls``: its dataclass fields in order."""
    lists = set(_list_fields(cls))
    return [(f.name, i in lists) for i, f in enumerate(dataclasses.fields(cls))]


#: Separates the values of a list-of-strings column; a list that holds it (or starts with ``_AS_JSON``)
#: is stored as ``_AS_JSON`` + its JSON text instead.
SEP = "\x1f"
_AS_JSON = "\x1e"


def encode_list(value: list) -> str | None:
    """A list field as its column value: NULL when empty; strings joined by ``SEP`` (one ``str.split``
    to read back, ~10x cheaper than ``json.loads``); anything else (figures) as JSON after ``_AS_JSON``."""
    if not value:
        return None
    if isinstance(value[0], SQuantity):
        return _AS_JSON + json.dumps([list(dataclasses.astuple(q)) for q in value], ensure_ascii=False)
    if all(type(v) is str for v in value):
        text = SEP.join(value)
        if SEP not in "".join(value) and not text.startswith(_AS_JSON):
            return text
    return _AS_JSON + json.dumps(value, ensure_ascii=False)


def decode_list(value: str | None) -> list:
    """The inverse of ``encode_list`` (figures come back as lists of their fields)."""
    if value is None:
        return []
    if value.startswith(_AS_JSON):
        return json.loads(value[1:])
    return value.split(SEP)


def encode_row(row: object) -> tuple:
    """A row object as the tuple its index table stores (list fields as JSON text, NULL when empty)."""
    vals = list(row.__dict__.values())
    for i in _list_fields(type(row)):
        vals[i] = encode_list(vals[i])
    return tuple(vals)


def decode_row(cls: type, values: tuple) -> object:
    """The row object of type ``cls`` from the values its table stores (the inverse of ``encode_row``).

    Raises ``ValueError`` (``json.JSONDecodeError``) or ``TypeError`` for values of another shape.
    """
    lists = _list_fields(cls)
    bools = _bool_fields(cls)
    if not lists and not bools:
        return cls(*values)
    vals = list(values)
    for i in bools:
        vals[i] = bool(vals[i])
    for i in lists:
        v = vals[i]
        vals[i] = [] if v is None else (json.loads(v[1:]) if v[0:1] == _AS_JSON else v.split(SEP))
    for i in _tuple_fields(cls):
        vals[i] = tuple(vals[i])
    if cls is SClaim and vals[_QUANTITIES]:
        vals[_QUANTITIES] = [_quantity(q) for q in vals[_QUANTITIES]]
    return cls(*vals)


def claim_sort_key(c: SClaim) -> tuple:
    """The order of claims in a snapshot: by path, line, IRI."""
    return (c.path, c.line, c.iri)


def citation_sort_key(c: SCitation) -> tuple:
    """The order of citations in a snapshot: by work, path, line, raw form."""
    return (c.arxiv_id, c.path, c.line, c.raw)


def facet_order(values: list[str], text: str) -> list[str]:
    """Section keys and works in the order the claim's text names them, then by value.

    RDF values have no order and each backend returns them in its own (PITFALLS P8).
    """
    return sorted(values, key=lambda v: (text.find(v) if v in text else len(text), v))


def item_facet_order(values: Iterable[str], title: str) -> tuple[str, ...]:
    """An item's works and sections in the order its title names them, then by value (``facet_order``)."""
    return tuple(facet_order(list(values), title or ""))


def _conditions(conditions: Iterable[str]) -> tuple[str, ...]:
    """A figure's conditions as ``queries/sparql/quantities.rq`` gives them back: the distinct values
    joined with ``|`` (``GROUP_CONCAT``), split again and sorted."""
    return tuple(sorted(c for value in set(conditions) for c in value.split("|") if c))


def _iso(value: datetime | None) -> str | None:
    """The lexical form Oxigraph gives back for the ``xsd:dateTime`` literal ``graph.model`` writes for
    ``value`` (``datetime.isoformat()``): its canonical form (XSD 1.1 §3.3.7.2), a zero offset as ``Z``
    and a fraction of a second without trailing zeros."""
    if value is None:
        return None
    text = value.isoformat()
    head, frac, zone = _DT.match(text).groups()  # type: ignore[union-attr]
    frac = (frac or "").rstrip("0")
    if frac == ".":
        frac = ""
    return head + frac + ("Z" if zone in ("+00:00", "-00:00") else zone)


_DT = compile_lazy(r"^(.*?T\d\d:\d\d:\d\d)(\.\d*)?(.*)$")


def record_rows(rec: ParsedSource, claim_iris: list[str]) -> dict[str, list[tuple]]:
    """The index rows of one file's revision, from its parsed record: ``{table: [encoded row, ...]}``.

    Each table holds what the SPARQL readers (``queries.rdf_rows``) give for the revision's named
    graph as ``graph.model.source_lines`` writes it: a value the graph only states through a node it
    also types (a claim's work ``kg:about`` needs the work's ``kg:arxivId`` in the same graph) is
    kept exactly when the graph states it, and multi-valued facets are sets.  ``claim_iris`` are the
    claims' IRIs in file order (``graph.model.source_lines``).  Runs in the parsing processes.
    """
    from .model import agent_iri, source_iri  # rdflib and pyoxigraph: the ingest's, not a reader's

    p = rec.path
    kind = rec.kind
    agent = rec.agent or None
    out: dict[str, list[tuple]] = {}
    src_iri = source_iri(p).value
    living = kind == "living_doc"
    sec_keys = {s.key for s in rec.sections} if living else set()
    item_ids = {it.index for it in rec.items}
    # Works whose kg:arxivId this graph states: its citations, a paper card's own work, the works its items are about.
    card_ids = [w] if (w := rec.card_work()) else []
    typed = {r.arxiv_id for r in rec.arxiv} | set(card_ids) | {w for it in rec.items for w in it.works}

    claims: dict[str, SClaim] = {}
    named: set[str] = set()
    for c, iri in zip(rec.claims, claim_iris):
        if iri in claims:
            continue
        named.update(c.subjects)
        named.update(r.arxiv_id for r in c.arxiv)
        quantities = [SQuantity(q.raw, float(q.value), float(q.value_high) if q.value_high is not None else None,
                                q.unit, q.metric, bool(q.approx), q.bound or None, q.direction or None,
                                bool(q.explicit), _conditions(q.conditions)) for q in c.quantities]
        claims[iri] = SClaim(
            iri=iri, text=c.text, path=p, kind=kind, line=c.line, line_end=c.line_end, role=c.role,
            evidence=c.evidence, agent=agent, item=c.item if c.item in item_ids else None,
            section=c.section if (c.section and c.section in sec_keys) else None,
            unverified=bool(c.unverified), negated=bool(c.negated), version=c.version or None,
            about=sorted({s for s in c.subjects if s in typed}),
            mentions=facet_order(list({r.arxiv_id for r in c.arxiv if r.arxiv_id in typed}), c.text),
            qualifiers=sorted(set(c.qualifiers)),
            section_refs=facet_order(list(set(c.section_refs)), c.text),
            suggested=facet_order(list(set(c.suggested_sections)), c.text),
            quantities=quantities,
            evidence_also=sorted({lv for lv in c.evidence_levels if lv != c.evidence}),
            cross_refs=facet_order(list(set(c.cross_refs)), c.text),
            predicates=sorted(set(c.predicates)),
            line_starts=list(c.line_starts),
        )
    out["claim"] = [encode_row(c) for c in claims.values()]
    out["source"] = [encode_row(SSource(src_iri, p, kind, rec.title or None, agent, _iso(rec.created),
                                        rec.evidence, rec.lang, len(claims)))]
    if living:
        out["entry_span"] = [encode_row(EntrySpan(p, a, b)) for a, b in
                             sorted({(c.line, c.line_end) for c in claims.values() if c.line_end > c.line})]

    sec_by_key = {}
    for s in rec.sections:
        sec_by_key.setdefault(s.key, s)
    cites: dict[tuple, SCitation] = {}
    for ref in rec.arxiv:
        sec = ref.section if (ref.section and living and ref.section in sec_keys) else None
        row = SCitation(ref.arxiv_id, ref.version or None, p, kind, ref.line, ref.raw, ref.title or None,
                        ref.date or None, ref.venue or None, sec,
                        bool(sec is not None and sec_by_key[sec].is_citation_list), ref.alias or None)
        cites[(ref.arxiv_id, p, ref.line, ref.raw)] = row
        named.add(ref.arxiv_id)
    out["citation"] = [encode_row(c) for c in cites.values()]
    out["section"] = [encode_row(SSection(p, s.key, s.title, s.level, s.line, s.line_end,
                                          s.parent if s.parent in sec_keys else None, bool(s.is_citation_list)))
                      for s in rec.sections]
    out["item"] = [encode_row(SItem(
        p, it.index, it.title, it.line, it.line_end, it.evidence, it.relevance, it.relevance_reason or None,
        it.kind or "heading", it.title_ref or None, item_facet_order(set(it.works), it.title),
        item_facet_order({w for w in it.mentions if w in typed}, it.title),
        ordered_levels([it.evidence, *it.evidence_levels], all_depths=True), item_facet_order(set(it.sections), it.title),
        item_facet_order(set(it.cross_refs), it.title))) for it in rec.items]
    for it in rec.items:
        named.update(it.works)
        named.update(it.mentions)
    if rec.manifest is not None:
        m = rec.manifest
        know = source_iri(m.knowledge).value if m.knowledge else None
        out["manifest"] = [encode_row(SManifest(
            p, m.manifest_id, source_iri(m.queue).value if m.queue else None,
            agent_iri(m.author).value.rsplit("/", 1)[-1] if m.author else None))]
        out["manifest_item"] = [encode_row(SManifestItem(
            m.manifest_id, p, know, _iso(m.created), i, it.path, it.kind or None, it.title or None,
            agent_iri(it.agent).value.rsplit("/", 1)[-1] if it.agent else None)) for i, it in enumerate(m.items)]
    if card_ids:
        named.add(card_ids[0])
        title = rec.title or None
        aliases = list(dict.fromkeys(rec.aliases)) or [None]
        out["card_work"] = [encode_row(CardWork(p, card_ids[0], title, a)) for a in aliases]
    if rec.brief is not None:
        for inc in rec.brief.increments:
            named.update(inc.arxiv_ids)
        named.update(c.arxiv_id for c in rec.brief.citations)
    if rec.tags:
        out["tag"] = [encode_row(SourceTag(p, t)) for t in sorted(set(rec.tags))]
    if rec.links:
        out["link"] = [encode_row(SourceLink(p, t)) for t in
                       sorted({source_iri(target).value for target, _line in rec.links})]
    out["work_named"] = [encode_row(WorkNamed(p, w)) for w in sorted(named)]
    return out
