"""The brief audit: check what an ingested shift brief states against the graph.

A brief (``kind`` ``brief``, read by :func:`ingest.brief.parse_brief`) says
which manifest it consumed, which materials it read, how many increments and
low-relevance items it found and which arXiv IDs it cites with which status.
:func:`audit_brief` tests each statement against the store and returns an
:class:`queries.results.AuditReport`:

* **arXiv IDs**: every ID the brief names must trace to a material of its
  manifest (a citation in a listed file, or the manifest item's evidence
  field), a card (paper or repo card) or the living document; an ID that
  traces to nothing is an ``untraced_arxiv`` finding.
* **counts**: "增量条数：6 条" / "Increments: 6" against the increments it
  lists, "＋ 3 条低相关/复查项" against its low-relevance rows, "8 项材料"
  against the manifest's items, "arXiv 号 8 个" against its citable list
  (``count_mismatch``).
* **materials**: the consumed list against the manifest
  (``material_not_in_manifest``, ``material_not_consumed``); a manifest that
  is not in the store is ``manifest_unknown``.
* **statuses**: a citable-list row marked *already cited* whose work is not in
  the living document's citation list, or marked *new* while it is
  (``status_mismatch``).

The brief's side comes from its text when the file can be read (exact lines);
otherwise from what ingest stored about it (``kg:Brief``), with line 1 for
statements whose line is not stored.  The graph side always comes from the
store (SPARQL over the current named graphs).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from graph.store import Store
from ingest.arxiv import find_arxiv_ids
from ingest.brief import parse_brief
from ingest.models import BriefCitation, BriefDoc, BriefIncrement, BriefLowRelevance

from .results import AuditFinding, AuditReport, Statement
from .snapshot import Snapshot, load_snapshot

__all__ = ["STATED_COUNTS", "audit_brief", "audit_briefs", "baseline_ids", "brief_text", "latest_ingest_paths",
           "new_findings", "stored_brief"]

#: Counts a brief states, beyond the two ``parse_brief`` reads: name -> patterns (group 1 the number).
STATED_COUNTS: dict[str, tuple[str, ...]] = {
    "low_relevance": (
        r"[＋+]\s*(\d+)\s*条\s*(?:低相关|复查)",
        r"(\d+)\s*条\s*低相关",
        r"\+\s*(\d+)\s+low[- ]relevance",
        r"\b(\d+)\s+low[- ]relevance(?: items?)?",
    ),
    "arxiv": (
        r"arXiv\s*号\s*(\d+)\s*个",
        r"(\d+)\s*个\s*arXiv\s*号",
        r"\b(\d+)\s+arXiv IDs?\b",
    ),
    "increments": (
        r"增量条数\s*[:：]\s*(\d+)",
        r"\bincrements?\s*[:：]\s*(\d+)",
    ),
    "materials": (
        r"(\d+)\s*项材料",
        r"\b(\d+)\s+materials?\b",
    ),
}
_COUNT_WORDS = {"increments": "increments", "materials": "materials", "low_relevance": "low-relevance items",
                "arxiv": "arXiv IDs"}
_COUNT_RE = {k: [re.compile(p, re.IGNORECASE) for p in v] for k, v in STATED_COUNTS.items()}

_PROV_GRAPH = "https://w3id.org/provkg/id/graph/provenance"
#: Current revisions only: the loader marks each live revision ``kg:current true`` in the provenance graph.
_CURRENT = f"GRAPH <{_PROV_GRAPH}> {{ ?g <https://w3id.org/provkg/ns#current> true }}"

_BRIEF_Q = """
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?b ?manifest ?incs ?mats ?consumed ?verdict WHERE {
  GRAPH ?g { ?b a kg:Brief ; kg:inSource/kg:path ?path .
    OPTIONAL { ?b kg:manifestId ?manifest } OPTIONAL { ?b kg:statedIncrements ?incs }
    OPTIONAL { ?b kg:statedMaterials ?mats } OPTIONAL { ?b kg:consumed ?consumed }
    OPTIONAL { ?b kg:verdict ?verdict } }
  %s
}
""" % _CURRENT
_BRIEF_ITEMS_Q = """
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?n ?kind ?number ?title ?line ?lineEnd ?material ?work ?sec ?status ?statusText WHERE {
  GRAPH ?g { ?b a kg:Brief ; kg:inSource/kg:path ?path ; kg:hasItem ?n .
    { ?n a kg:BriefIncrement ; kg:number ?number ; kg:title ?title ; kg:line ?line ; kg:lineEnd ?lineEnd .
      BIND("increment" AS ?kind)
      OPTIONAL { ?n kg:material/kg:path ?material } OPTIONAL { ?n kg:mentions/kg:arxivId ?work }
      OPTIONAL { ?n kg:sectionRef ?sec } }
    UNION
    { ?n a kg:BriefCitation ; kg:citedWork/kg:arxivId ?work ; kg:status ?status ; kg:line ?line .
      BIND("citation" AS ?kind)
      OPTIONAL { ?n kg:title ?title } OPTIONAL { ?n kg:statusText ?statusText } } }
  %s
}
""" % _CURRENT
_EVIDENCE_REFS_Q = """
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?mpath ?path ?ref WHERE {
  GRAPH ?g { ?m a kg:Manifest ; kg:inSource/kg:path ?mpath ; kg:hasItem ?mi . ?mi kg:path ?path ; kg:evidenceRef ?ref }
  %s
}
""" % _CURRENT
_FILE_Q = """
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?root ?sha WHERE {
  GRAPH <%s> { ?rev kg:current true ; kg:path ?path ; kg:sha256 ?sha . OPTIONAL { ?rev kg:root ?root } }
}
""" % _PROV_GRAPH


def stored_brief(store: Store, source: str) -> BriefDoc | None:
    """Rebuild the ``BriefDoc`` that ingest stored for the brief at workspace path ``source``.

    Reads the ``kg:Brief`` node of the source's current named graph and its
    ``kg:BriefIncrement`` / ``kg:BriefCitation`` items.  Low-relevance rows
    come back without their line (``line`` 1), warnings are not rebuilt.
    Returns ``None`` when no brief is stored for ``source``.
    """
    rows = store.select(_BRIEF_Q, path=source)
    if not rows:
        return None
    consumed = list(dict.fromkeys(r["consumed"] for r in rows if r["consumed"]))
    verdicts = list(dict.fromkeys(r["verdict"] for r in rows if r["verdict"]))
    incs: dict[str, dict] = {}
    cites: dict[str, dict] = {}
    for r in store.select(_BRIEF_ITEMS_Q, path=source):
        if r["kind"] == "increment":
            d = incs.setdefault(r["n"], {"number": r["number"], "title": r["title"], "line": r["line"],
                                         "line_end": r["lineEnd"], "sources": [], "arxiv_ids": [], "sections": []})
            for key, val in (("sources", r["material"]), ("arxiv_ids", r["work"]), ("sections", r["sec"])):
                if val and val not in d[key]:
                    d[key].append(val)
        else:
            cites.setdefault(r["n"], {"arxiv_id": r["work"], "title": r["title"], "status": r["status"],
                                      "status_text": r["statusText"], "line": r["line"]})
    return BriefDoc(
        manifest=rows[0]["manifest"],
        stated_increment_count=rows[0]["incs"],
        stated_material_count=rows[0]["mats"],
        consumed_sources=tuple(consumed),
        increments=tuple(sorted((BriefIncrement(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items()})
                                 for d in incs.values()), key=lambda i: i.number)),
        citations=tuple(sorted((BriefCitation(**d) for d in cites.values()), key=lambda c: c.line)),
        low_relevance=tuple(BriefLowRelevance(material=v.split(" | ")[0], verdict=v.rpartition(" | ")[2], line=1)
                            for v in verdicts),
    )


def brief_text(store: Store, source: str) -> str | None:
    """The text of the stored brief ``source``, read from its workspace root, when its bytes
    still hash to the stored revision's SHA-256; ``None`` otherwise (moved, edited, no root)."""
    for r in store.select(_FILE_Q, path=source):
        if not r["root"]:
            continue
        p = Path(str(r["root"])) / source
        try:
            data = p.read_bytes()
        except OSError:
            continue
        if hashlib.sha256(data).hexdigest() == r["sha"]:
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return None
    return None


@dataclass
class _Ctx:
    source: str
    lines: list[str]
    findings: list[AuditFinding]
    checked: dict[str, int]

    def line_of(self, pattern: re.Pattern[str] | str, default: int = 1) -> int:
        """First 1-based line whose text matches ``pattern`` (a regex or a literal)."""
        for i, ln in enumerate(self.lines, 1):
            if (pattern in ln if isinstance(pattern, str) else pattern.search(ln)):
                return i
        return default

    def text_at(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return re.sub(r"\s+", " ", self.lines[line - 1]).strip()[:400]
        return ""

    def add(self, kind: str, key: str, line: int, summary: str, **kw) -> None:
        fid = hashlib.sha1(f"{self.source}\0{kind}\0{key}".encode()).hexdigest()[:16]
        self.findings.append(AuditFinding(id=f"brief-audit/{fid}", kind=kind, source=self.source, line=line,
                                          line_end=line, text=kw.pop("text", None) or self.text_at(line),
                                          summary=summary, **kw))


def _same_path(a: str, b: str) -> bool:
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def _stated(text: str, kind: str) -> tuple[int, int] | None:
    """``(number, offset)`` of the first stated count of ``kind`` in ``text``."""
    best = None
    for pat in _COUNT_RE[kind]:
        m = pat.search(text)
        if m and (best is None or m.start() < best[1]):
            best = (int(m.group(1)), m.start())
    return best


def audit_brief(
    store: Store, source: str, *, snapshot: Snapshot | None = None, text: str | None = None,
) -> AuditReport:
    """Audit the brief stored at workspace path ``source`` against the graph.

    Parameters
    ----------
    store : graph.store.Store
        A store that holds the brief (ingested with kind ``brief``) and the
        workspace it talks about (manifest, materials, cards, living document).
    source : str
        The brief's workspace-relative path as stored (``kg:path``).
    snapshot : Snapshot, optional
        A snapshot of ``store`` already loaded (else one is loaded).
    text : str, optional
        The brief's text; read back from its file (SHA-256 checked) when
        omitted; when unavailable the stored ``kg:Brief`` is used.

    Returns
    -------
    AuditReport
        ``findings`` sorted by line then kind; ``checked`` counts the tested
        statements per check.

    Raises
    ------
    ingest.errors.QueryError
        When ``source`` is not a brief in the store.
    """
    from ingest.errors import QueryError

    snap = snapshot or load_snapshot(store)
    if text is None:
        text = brief_text(store, source)
    doc = parse_brief(text)[0] if text is not None else stored_brief(store, source)
    if doc is None:
        raise QueryError(f"{source}: no brief of that path in the store; ingest it with --kind brief")
    lines = (text or "").replace("\r\n", "\n").split("\n") if text is not None else []
    ctx = _Ctx(source, lines, [], {"arxiv_ids": 0, "counts": 0, "materials": 0, "statuses": 0})

    # -- the manifest and its materials
    mitems = snap.manifest_items_for(doc.manifest) if doc.manifest else []
    if doc.manifest and not mitems:
        ctx.add("manifest_unknown", doc.manifest, ctx.line_of(doc.manifest),
                f"the brief names manifest {doc.manifest}, which is not in the store", stated=doc.manifest)
    if mitems:
        mid = mitems[0].manifest_id
        mitems = [m for m in mitems if m.manifest_id == mid]
    mpaths = [m.path for m in mitems]
    manifest_path = mitems[0].manifest_path if mitems else None
    if mitems and doc.consumed_sources:
        for p in doc.consumed_sources:
            ctx.checked["materials"] += 1
            if not any(_same_path(p, m) for m in mpaths):
                ctx.add("material_not_in_manifest", p, ctx.line_of(p),
                        f"the brief says it consumed {p}, which manifest {manifest_path} does not list",
                        stated=p, found=manifest_path)
        for m in mpaths:
            ctx.checked["materials"] += 1
            if not any(_same_path(p, m) for p in doc.consumed_sources):
                ctx.add("material_not_consumed", m, ctx.line_of(manifest_path or doc.manifest or m),
                        f"manifest {manifest_path} lists {m}, which the brief does not say it consumed",
                        stated=None, found=m)

    # -- stated counts against what the brief lists (and the manifest)
    head = "\n".join(lines[: (doc.increments[0].line - 1) if doc.increments else len(lines)])
    counts: list[tuple[str, int | None, int, str]] = [
        ("increments", doc.stated_increment_count, len(doc.increments), "increments listed"),
    ]
    if mitems:
        counts.append(("materials", doc.stated_material_count, len(mitems), f"materials in manifest {manifest_path}"))
    if text is not None:
        low = _stated(head, "low_relevance")
        counts.append(("low_relevance", low[0] if low else None, len(doc.low_relevance), "low-relevance rows listed"))
        ax = _stated(text, "arxiv")
        counts.append(("arxiv", ax[0] if ax else None, len(doc.citations), "rows in the citable arXiv list"))
    for kind, stated, found, what in counts:
        if stated is None:
            continue
        ctx.checked["counts"] += 1
        if stated != found:
            line = next((i for i, ln in enumerate(lines, 1) if _stated(ln, kind)), 1)
            ctx.add("count_mismatch", kind, line, f"the brief states {stated} {_COUNT_WORDS[kind]}, "
                    f"but there are {found} {what}", stated=str(stated), found=str(found))

    # -- every arXiv ID named traces to a material, a card or the living document
    knowledge = snap.path_of(mitems[0].knowledge) if mitems else None
    living = [knowledge] if knowledge else snap.living_docs()
    targets: dict[str, list] = {}
    for c in snap.citations:
        kind = snap.sources[c.path].kind if c.path in snap.sources else c.kind
        if c.path in mpaths or kind in ("paper_card", "repo_card") or c.path in living:
            targets.setdefault(c.arxiv_id, []).append(c)
    for path, works in snap.card_works.items():
        for a in works:
            targets.setdefault(a, [])
    # a material's items are about works its text may not write: a one-paper note named after its
    # paper (inbox/a/2401.10774.md) or front matter (``arxiv:``)
    for p in mpaths:
        for it in snap.items_of(p):
            for a in it.works:
                targets.setdefault(a, [])
    refs = {}
    if mitems:
        for r in store.select(_EVIDENCE_REFS_Q, mpath=manifest_path):
            for m in find_arxiv_ids(str(r["ref"])):
                refs.setdefault(m.arxiv_id, r["path"])
    named: dict[str, int] = {}
    if lines:
        for i, ln in enumerate(lines, 1):
            for m in find_arxiv_ids(ln):
                named.setdefault(m.arxiv_id, i)
    else:
        for c in snap.citations_of(source):
            named.setdefault(c.arxiv_id, c.line)
        for inc in doc.increments:
            for a in inc.arxiv_ids:
                named.setdefault(a, inc.line)
        for c in doc.citations:
            named.setdefault(c.arxiv_id, c.line)
    for aid, line in sorted(named.items(), key=lambda t: (t[1], t[0])):
        ctx.checked["arxiv_ids"] += 1
        if aid in targets or aid in refs:
            continue
        ctx.add("untraced_arxiv", aid, line, f"arXiv:{aid} traces to no manifest material, card or living document",
                arxiv_id=aid, stated=f"arXiv:{aid}", found=None)

    # -- citable-list statuses against the living document's citation list
    listed = {}
    for doc_path in living:
        listed.update({a: c for a, c in snap.cited_in_lists(doc_path).items() if a not in listed})
    for c in doc.citations:
        if c.status not in ("already_cited", "new"):
            continue
        ctx.checked["statuses"] += 1
        in_list = c.arxiv_id in listed
        if (c.status == "already_cited") != in_list:
            ev = []
            if in_list:
                lc = listed[c.arxiv_id]
                ev = [Statement(text=lc.raw if not lc.title else f"{lc.raw} {lc.title}", source=lc.path,
                                line=lc.line, line_end=lc.line)]
            ctx.add("status_mismatch", c.arxiv_id, c.line,
                    f"the brief marks arXiv:{c.arxiv_id} {c.status.replace('_', ' ')}, but it is "
                    + ("in" if in_list else "not in") + " the living document's citation list",
                    arxiv_id=c.arxiv_id, stated=c.status, found="already_cited" if in_list else "new",
                    evidence=ev)

    found = sorted(ctx.findings, key=lambda f: (f.line, f.kind, f.id))
    return AuditReport(source=source, manifest_id=mitems[0].manifest_id if mitems else None, checked=ctx.checked,
                       count=len(found), findings=found)


def audit_briefs(store: Store, snapshot: Snapshot | None = None) -> list[AuditFinding]:
    """The audit findings of every brief in the store, by brief path then line (for the contradiction report)."""
    snap = snapshot or load_snapshot(store)
    out: list[AuditFinding] = []
    for path in sorted(p for p, s in snap.sources.items() if s.kind == "brief"):
        out.extend(audit_brief(store, path, snapshot=snap).findings)
    return out


# ---------------------------------------------------------------------------
# `report contradictions --fail-on new`

_LATEST_Q = """
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX kg: <https://w3id.org/provkg/ns#>
SELECT ?path WHERE {
  { SELECT ?act WHERE { GRAPH <%s> { ?act a prov:Activity ; prov:startedAtTime ?t } } ORDER BY DESC(?t) LIMIT 1 }
  GRAPH <%s> { ?act prov:used ?rev . ?rev kg:path ?path }
}
""" % (_PROV_GRAPH, _PROV_GRAPH)


def latest_ingest_paths(store: Store) -> set[str]:
    """Workspace paths whose revision the latest ingest ``prov:Activity`` ``prov:used`` (files it added or changed).

    Empty when the latest ingest found nothing to add, change or remove: it recorded no activity
    (``graph.loader.latest_ingest_wrote_nothing``)."""
    from graph.loader import latest_ingest_wrote_nothing

    if latest_ingest_wrote_nothing(store):
        return set()
    return {str(r["path"]) for r in store.select(_LATEST_Q)}


def baseline_ids(path: str | Path) -> set[str]:
    """Finding ids of a previous ``provkg report contradictions --format json`` document.

    Raises ``ingest.errors.QueryError`` (one line: file and problem) when the
    file cannot be read or is not such a document.
    """
    import json

    from ingest.errors import QueryError

    from ingest.errors import IngestError
    from ingest.sources import read_regular

    try:
        doc = json.loads(read_regular(path, 1 << 30, "baseline report").decode("utf-8"))
        return {f["id"] for f in doc["findings"]} | {f["id"] for f in doc.get("brief_audit", [])}
    except IngestError as e:
        raise QueryError(str(e)) from None
    except UnicodeDecodeError as e:
        raise QueryError(f"{path}: cannot read the baseline report: {e}") from None
    except (ValueError, KeyError, TypeError) as e:
        raise QueryError(f"{path}: not a `report contradictions --format json` document ({type(e).__name__}: {e})") from None


def new_findings(found: list, *, store: Store | None = None, baseline: set[str] | None = None) -> list:
    """The findings of ``found`` (``Contradiction`` / ``AuditFinding``) that are *new*.

    With ``baseline`` (finding ids of an earlier report): those whose ``id`` is
    not in it.  Otherwise the findings the latest ingest opened — what a CI job wants after
    ingesting a pull request's files into the main branch's store: a contradiction that
    ``queries.history.diff`` finds opened since the state before that ingest (an unrelated edit
    of a file an old finding quotes opens nothing), an audit finding quoting a file that ingest
    added or changed (``latest_ingest_paths(store)``).  After an ingest that wrote nothing, nothing
    is new.
    """
    if baseline is not None:
        return [f for f in found if f.id not in baseline]
    changed = latest_ingest_paths(store) if store is not None else set()
    if not changed:
        return []
    opened: set[tuple] | None = None
    if any(not hasattr(f, "source") for f in found):
        from ingest.errors import QueryError

        from .history import diff

        try:
            opened = {(f.kind, f.subject, frozenset((f.a.source, f.b.source))) for f in diff(store).contradictions_opened}
        except QueryError:
            opened = None
    out = []
    for f in found:
        if hasattr(f, "source"):
            if f.source in changed:
                out.append(f)
        elif opened is None:
            if f.a.source in changed or f.b.source in changed:
                out.append(f)
        elif (f.kind, f.subject, frozenset((f.a.source, f.b.source))) in opened:
            out.append(f)
    return out
