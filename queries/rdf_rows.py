"""The facts of ``graph.facts`` read back from the RDF store with the shipped SPARQL.

The reference reading of a store: ``provkg reindex`` and ``provkg import`` fill the derived index
from it, remote and in-memory stores are answered from it, and the differential test holds the
rows an ingest derives from its parsed records (``graph.facts.record_rows``) equal to these.
Every query (``queries/sparql/*.rq``) joins inside one named graph plus the ``kg:current`` marker
of the provenance graph, so a revision's rows depend on that revision alone.

``read_facts(backend)`` gives ``{table: [row, ...]}`` over the current revisions;
``facts_by_revision(backend)`` splits them by revision (one current revision per path);
``rebuild_facts(store, write)`` puts them in a derived-index write (``graph.index``).
"""
from __future__ import annotations

from collections import defaultdict

from graph.backend import Backend
from graph.facts import (
    CardWork,
    EntrySpan,
    SCitation,
    SClaim,
    SItem,
    SManifest,
    SManifestItem,
    SourceLink,
    SourceTag,
    SQuantity,
    SSection,
    SSource,
    TABLES,
    WorkNamed,
    citation_sort_key,
    claim_sort_key,
    encode_row,
    facet_order,
    item_facet_order,
)
from graph.index import IndexWrite

from .sparql_files import sparql

__all__ = ["read_facts", "facts_by_revision", "rebuild_facts", "current_revisions", "path_of_row"]

_PROV_G = "https://w3id.org/provkg/id/graph/provenance"

_REVISIONS = """PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?g ?path WHERE { GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true ; kg:path ?path } }"""

_ENTRY_SPANS = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT DISTINCT ?path ?line ?lineEnd WHERE {
  GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true }
  GRAPH ?g {
    ?src kg:kind "living_doc" ; kg:path ?path .
    ?claim a kg:Claim ; kg:inSource ?src ; prov:qualifiedQuotation ?quote .
    ?quote kg:line ?line ; kg:lineEnd ?lineEnd .
    FILTER(?lineEnd > ?line)
  }
}"""

# The manifest a file declares, the work queue it names and who works the shift (docs/MODEL.md).
_MANIFESTS = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT ?path ?id ?queue ?agent WHERE {
  GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true }
  GRAPH ?g {
    ?m a kg:Manifest ; kg:manifestId ?id ; kg:inSource ?src . ?src kg:path ?path .
    OPTIONAL { ?m kg:queueDoc ?queue }
    OPTIONAL { ?m prov:wasAttributedTo ?a . BIND(REPLACE(STR(?a), "^.*/", "") AS ?agent) }
  }
}"""

# A work is named by a graph when it is the object of any of its statements; version IRIs
# (``…/arxiv/2502.07115v5``) are not works.  The work's key is read from the IRI.
_WORKS_NAMED = """PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT DISTINCT ?path ?w WHERE {
  GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?g kg:current true }
  GRAPH ?g {
    ?src a kg:Source ; kg:path ?path .
    ?x ?p ?w .
    FILTER(isIRI(?w) && STRSTARTS(STR(?w), "https://w3id.org/provkg/id/arxiv/") && !REGEX(STR(?w), "v[0-9]+$"))
  }
}"""


def current_revisions(store: Backend) -> dict[str, str]:
    """``{path: revision IRI}`` of the current revisions (``kg:current true`` in the provenance graph)."""
    return {str(r["path"]): str(r["g"]) for r in store.select(_REVISIONS)}


def _sources(store: Backend) -> list[SSource]:
    return [SSource(r["src"], r["path"], r["kind"], r["title"], r["agent"], r["created"], r["evidence"], r["lang"],
                    int(r["claims"] or 0)) for r in store.select(sparql("sources"))]


def _claims(store: Backend) -> list[SClaim]:
    # claims_core.rq + source_index.rq joined here: half the time of one query joining both on disk.
    srcs: dict[str, tuple] = {}
    for r in store.select(sparql("source_index")):
        srcs.setdefault(r["src"], (r["path"], r["kind"], r["agent"]))
    claims: dict[str, SClaim] = {}
    for r in store.select(sparql("claims_core")):
        iri = r["claim"]
        if iri in claims:
            continue
        src = srcs.get(r["src"])
        if src is None:
            continue
        claims[iri] = SClaim(
            iri=iri, text=r["text"], path=src[0], kind=src[1], line=r["line"], line_end=r["lineEnd"],
            role=r["role"], evidence=r["evidence"], agent=src[2], item=r["item"], section=r["section"],
            unverified=bool(r["unverified"]), negated=bool(r["negated"]), version=r.get("version"),
            line_starts=[int(x) for x in (r.get("lineStarts") or "").split()],
        )
    facet_map = {"about": "about", "qualifier": "qualifiers", "sectionRef": "section_refs",
                 "suggested": "suggested", "mentions": "mentions", "evidenceAlso": "evidence_also",
                 "crossReference": "cross_refs", "predicate": "predicates"}
    for r in store.select(sparql("claim_facets")):
        c = claims.get(r["claim"])
        if c is not None:
            lst = getattr(c, facet_map[r["facet"]])
            if r["value"] not in lst:
                lst.append(r["value"])
    qs: dict[str, list[tuple[str, SQuantity]]] = defaultdict(list)
    for r in store.select(sparql("quantities")):
        conds = tuple(sorted(c for c in (r.get("conditions") or "").split("|") if c))
        qs[r["claim"]].append((r["q"], SQuantity(r["raw"], float(r["value"]),
                                                 float(r["valueHigh"]) if r["valueHigh"] is not None else None,
                                                 r["unit"], r["metric"], bool(r["approx"]), r.get("bound"),
                                                 r.get("direction"), bool(r.get("explicit")), conds)))
    for iri, lst in qs.items():
        if iri in claims:
            claims[iri].quantities = [q for _, q in sorted(lst, key=lambda t: int(t[0].rsplit("/", 1)[1]))]
    for c in claims.values():
        c.about.sort()
        c.qualifiers.sort()
        c.evidence_also.sort()
        c.predicates.sort()
        c.section_refs = facet_order(c.section_refs, c.text)
        c.suggested = facet_order(c.suggested, c.text)
        c.mentions = facet_order(c.mentions, c.text)
        c.cross_refs = facet_order(c.cross_refs, c.text)
    return sorted(claims.values(), key=claim_sort_key)


def _citations(store: Backend) -> list[SCitation]:
    return sorted(
        {
            (r["arxiv"], r["path"], r["line"], r["raw"]): SCitation(
                r["arxiv"], r["version"], r["path"], r["kind"], r["line"], r["raw"], r["title"], r["date"],
                r["venue"], r["section"], bool(r["citationList"]), r.get("alias"))
            for r in store.select(sparql("citations"))
        }.values(),
        key=citation_sort_key,
    )


def _sections(store: Backend) -> list[SSection]:
    return [SSection(r["path"], r["key"], r["title"], r["level"], r["line"], r["lineEnd"], r["parent"],
                     bool(r["citationList"])) for r in store.select(sparql("sections"))]


def _items(store: Backend) -> list[SItem]:
    from ingest.evidence import ordered_levels

    facets: dict[tuple[str, int], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r in store.select(sparql("item_facets")):
        lst = facets[(r["path"], int(r["order"]))][r["facet"]]
        if r["value"] not in lst:
            lst.append(r["value"])
    out = []
    for r in store.select(sparql("items")):
        f = facets.get((r["path"], int(r["order"])), {})
        title = r["title"] or ""
        # RDF values have no order (PITFALLS P8): works and sections in the order the item's title names
        # them, then by value; evidence levels in vocabulary order.
        out.append(SItem(r["path"], r["order"], r["title"], r["line"], r["lineEnd"], r["evidence"], r["relevance"],
                         r["reason"], r.get("kind") or "heading", r.get("titleRef"),
                         item_facet_order(f.get("works", []), title), item_facet_order(f.get("mentions", []), title),
                         ordered_levels([r["evidence"], *f.get("evidence_also", [])], all_depths=True),
                         item_facet_order(f.get("sections", []), title), item_facet_order(f.get("cross_refs", []), title)))
    return out


def _manifest_items(store: Backend) -> list[SManifestItem]:
    return [SManifestItem(r["manifestId"], r["mpath"], r["knowledge"], r["created"], r["order"], r["path"],
                          r["kind"], r["title"], r["agentName"]) for r in store.select(sparql("manifests"))]


def _manifests(store: Backend) -> list[SManifest]:
    best: dict[tuple[str, str], SManifest] = {}
    for r in store.select(_MANIFESTS):
        key = (str(r["path"]), str(r["id"]))
        old = best.get(key)
        queue = str(r["queue"]) if r["queue"] else None
        author = str(r["agent"]) if r["agent"] else None
        if old is not None:  # one queue and one author per manifest; the least of each if a graph states more
            queue = min(filter(None, (old.queue, queue)), default=None)
            author = min(filter(None, (old.author, author)), default=None)
        best[key] = SManifest(key[0], key[1], queue, author)
    return sorted(best.values(), key=lambda m: (m.path, m.manifest_id))


def _card_works(store: Backend) -> list[CardWork]:
    return sorted({CardWork(r["path"], r["arxiv"], r["title"], r["alias"]) for r in store.select(sparql("works"))},
                  key=lambda c: (c.path, c.arxiv_id, c.title or "", c.alias or ""))


def _tags(store: Backend) -> list[SourceTag]:
    return sorted({SourceTag(r["path"], r["tag"]) for r in store.select(sparql("tags"))},
                  key=lambda t: (t.path, t.tag))


def _links(store: Backend) -> list[SourceLink]:
    return sorted({SourceLink(r["path"], r["target"]) for r in store.select(sparql("links"))},
                  key=lambda t: (t.path, t.target))


def _entry_spans(store: Backend) -> list[EntrySpan]:
    return sorted({EntrySpan(r["path"], int(r["line"]), int(r["lineEnd"])) for r in store.select(_ENTRY_SPANS)},
                  key=lambda e: (e.path, e.line, e.line_end))


def _works_named(store: Backend) -> list[WorkNamed]:
    from urllib.parse import unquote

    base = "https://w3id.org/provkg/id/arxiv/"
    return sorted({WorkNamed(r["path"], unquote(str(r["w"])[len(base):])) for r in store.select(_WORKS_NAMED)},
                  key=lambda w: (w.path, w.arxiv_id))


#: Fact table -> its reader (every current revision of the store).
READERS = {
    "source": _sources, "claim": _claims, "citation": _citations, "section": _sections, "item": _items,
    "manifest": _manifests, "manifest_item": _manifest_items, "card_work": _card_works, "tag": _tags, "link": _links,
    "entry_span": _entry_spans, "work_named": _works_named,
}
assert set(READERS) == set(TABLES)


def path_of_row(table: str, row: object) -> str:
    """The workspace path of the file a fact row belongs to."""
    return row.manifest_path if table == "manifest_item" else row.path  # type: ignore[attr-defined]


def read_facts(store: Backend, tables: list[str] | None = None) -> dict[str, list]:
    """``{table: rows}`` of every current revision of ``store`` (rows as ``graph.facts`` objects).

    Raises ``QueryError`` when the store cannot answer.
    """
    return {t: READERS[t](store) for t in (tables or list(READERS))}


def facts_by_revision(store: Backend) -> dict[str, tuple[str, dict[str, list[tuple]]]]:
    """``{revision IRI: (path, {table: [encoded row, ...]})}`` of every current revision.

    A revision with no row of a table gets an empty list; rows are encoded for the index
    (``graph.facts.encode_row``).
    """
    revs = current_revisions(store)
    out: dict[str, tuple[str, dict[str, list[tuple]]]] = {
        rev: (p, {t: [] for t in READERS}) for p, rev in revs.items()}
    for table, rows in read_facts(store).items():
        for row in rows:
            rev = revs.get(path_of_row(table, row))
            if rev is not None:
                out[rev][1][table].append(encode_row(row))
    return out


def rebuild_facts(store: Backend, write: IndexWrite) -> None:
    """Put the facts of every current revision of ``store`` into the index write ``write``.

    The index must hold none of these revisions (``graph.index.Index.write(fresh=True)``).
    """
    write.add_many([(rev, path, rows) for rev, (path, rows) in facts_by_revision(store).items()])
