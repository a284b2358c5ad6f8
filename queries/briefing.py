"""Assemble the data of a shift brief from the graph (no rendering here).

``brief_data(store, manifest)`` returns a ``BriefData``: for each manifest
material its source, agent, evidence level and topics; for each topic that is
a real increment its key claims (file:line), arXiv IDs marked new or already
in the citation list, suggested sections and the existing living-document
entries they touch, and its caveats; the low-relevance rows; contradictions
and unverified statements; the citable arXiv IDs; merge actions; and the
evidence boundary (materials listed vs consumed).  Everything comes from
SPARQL-backed queries (``load_snapshot``, ``contradictions``, ``evidence``).

Merging topics into increments
------------------------------
A note's ``##`` topics are the units read from the graph, but one increment is
one *work*: topics of the shift that are about the same work become one
``BriefTopic`` (``_merge_topics``).  The rule is conservative:

* Only topics of **different** notes merge (a note that splits a work into two
  topics keeps them apart).
* **arXiv key.**  A topic's key is the set of arXiv IDs in its heading or, when
  the heading names none, the IDs cited in its span.  Two topics with keys
  merge when the keys are equal; two different arXiv IDs never merge, however
  alike the titles.
* **Title**, only when neither topic cites any arXiv ID.  The *head* of a title
  is its text before the first ``：``/``:`` (NFKC, case-folded, punctuation as
  spaces).  Two heads name the same thing when rapidfuzz
  ``fuzz.token_set_ratio`` >= 90, both are at least 4 characters, they carry
  the same numbers (``Import AI 478`` is not ``Import AI 479``) and the shorter
  is at least 3/4 as long as the longer (so ``KServe`` does not swallow
  ``KServe LLMInferenceService``, which token_set_ratio alone scores 100).
  A topic joins a group only when it matches every topic already in it.

A merged increment sits where its first topic was and keeps that topic's
title; it lists every source (``sources``: file:line, heading, agent,
evidence), its ``evidence`` is the strongest of them (``EVIDENCE_LEVELS``
order), its points, relations and caveats are those of all its topics in order
(each with its own file:line; a text already listed is dropped), its arXiv IDs
and suggested sections are unioned (the touched entries of one section too;
a section provkg routed is dropped when another topic names a section), and it
appears once in each merge action.
"""
from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from datetime import datetime, timezone

from rapidfuzz import fuzz

from graph.store import Store
from ingest.arxiv import find_arxiv_ids
from ingest.errors import QueryError
from ingest.lexicon import load_lexicon
from ingest.models import FrozenModel, evidence_rank
from ingest.sources import named_after_id
from ingest.text import find_urls

from .contradictions import contradictions, statement
from .named import concerns_shift, evidence, increments
from .results import SCHEMA_VERSION, BriefAction, BriefMaterial, Contradiction, EvidenceFinding, Statement
from .snapshot import SClaim, Snapshot

__all__ = ["BriefData", "BriefTopic", "BriefTopicSource", "BriefArxiv", "BriefLow", "BriefSection", "brief_data", "workspace_lang"]




class BriefArxiv(FrozenModel):
    """An arXiv ID in the brief: ``status`` is ``already_cited``, ``new``, ``not_included`` or ``discarded``."""

    arxiv_id: str
    version: str | None = None
    title: str | None = None
    status: str
    where: list[str] = []


class BriefSection(FrozenModel):
    """A destination section with the existing entries a topic touches (``Statement`` list).

    ``routed`` is true when the note names no section and the key is provkg's
    suggestion (BM25 over the living document's sections, ``ingest.routing``):
    ``score`` is its BM25 score, ``runner_up``/``runner_up_score`` the second
    closest section.  For sections the note names these stay empty.
    """

    key: str
    title: str | None = None
    touches: list[Statement] = []
    routed: bool = False
    score: float | None = None
    runner_up: str | None = None
    runner_up_score: float | None = None


class BriefTopicSource(FrozenModel):
    """One note topic an increment is made of: its file, heading line and text, agent and evidence level."""

    source: str
    line: int
    title: str
    agent: str | None = None
    evidence: str


class BriefTopic(FrozenModel):
    """One increment: the topics of the shift's notes about one work (see "Merging topics" above).

    ``sources`` lists every topic merged into it, in order; ``source``, ``line``
    and ``agent`` repeat the first of them, ``title`` is its heading, and
    ``evidence`` is the strongest level among them.
    """

    number: int
    title: str
    source: str
    line: int
    agent: str | None = None
    evidence: str
    sources: list[BriefTopicSource] = []
    points: list[Statement] = []
    relations: list[Statement] = []
    caveats: list[Statement] = []
    links: list[Statement] = []
    arxiv: list[BriefArxiv] = []
    sections: list[BriefSection] = []


class BriefLow(FrozenModel):
    """A low-relevance row: material (path or topic), verdict, reason."""

    material: str
    source: str
    line: int
    verdict: str
    reason: str


class BriefData(FrozenModel):
    """Everything a brief shows, in order; ``schema_version`` of the output contract."""

    schema_version: str = SCHEMA_VERSION
    manifest_id: str
    manifest_path: str
    domain: str | None = None
    shift_date: str | None = None
    knowledge: str | None = None
    knowledge_sections: int = 0
    generated: str
    lang: str
    materials: list[BriefMaterial] = []
    topics: list[BriefTopic] = []
    low: list[BriefLow] = []
    findings: list[Contradiction] = []
    audit: list[EvidenceFinding] = []
    citable: list[BriefArxiv] = []
    actions: list[BriefAction] = []
    listed: int = 0
    consumed: int = 0
    missing: list[str] = []


#: A relation that proposes work in the section it names ("建议在 §6.1 新增", "可在 §5.6 交叉引用",
#: "should add to §4.2"); a relation that only mentions a section ("对应 §5.3", "§1.2 的 MXFP8 KV") is not one.
_PROPOSAL = re.compile(r"建议|可以|可在|可作|(?<!对)应(?!用)|需要|补[上进充入]|新增|加进|加入|并排|并列|交叉|"
                       r"\b(?:suggest|should|add|cross-ref\w*|move|merge)\b", re.I)
_PAPER_TITLE = re.compile(r"^(?:论文|标题|题目|paper|title)\s*[:：]\s*(.+?)(?:[，,]\s*(?:作者|by|[A-Z][a-z]+ [A-Z]).*)?$", re.I)


#: Title merging (module docstring): rapidfuzz token_set_ratio floor, shortest head, shorter/longer length floor.
TITLE_MERGE_SCORE = 90
_TITLE_MIN_CHARS = 4
_TITLE_MIN_LENGTH_RATIO = 0.75


def _work_key(title: str, ids: list[str]) -> frozenset[str]:
    """The arXiv IDs a topic is about: those in its heading, else those cited in its span (may be empty)."""
    head = frozenset(m.arxiv_id for m in find_arxiv_ids(title or ""))
    return head or frozenset(ids)


def _title_head(title: str) -> str:
    """The normalised text of ``title`` before its first ``：``/``:`` (NFKC, case-folded, punctuation as spaces)."""
    t = unicodedata.normalize("NFKC", title or "").split(":", 1)[0].casefold()
    return " ".join(re.sub(r"[^\w.]+|(?<!\d)\.|\.(?!\d)", " ", t).split())


def _same_title(a: str, b: str) -> bool:
    """Whether two titles without arXiv IDs name the same thing (the conservative rule of the module docstring)."""
    ha, hb = _title_head(a), _title_head(b)
    short, long_ = sorted((ha, hb), key=len)
    if len(short) < _TITLE_MIN_CHARS or len(short) < _TITLE_MIN_LENGTH_RATIO * len(long_):
        return False
    if re.findall(r"\d+(?:\.\d+)*", ha) != re.findall(r"\d+(?:\.\d+)*", hb):
        return False
    return fuzz.token_set_ratio(ha, hb) >= TITLE_MERGE_SCORE


def _same_work(a: tuple[BriefTopic, frozenset[str]], b: tuple[BriefTopic, frozenset[str]]) -> bool:
    """Whether two topics of different notes are about one work: equal arXiv keys, or no IDs and one title."""
    (ta, ka), (tb, kb) = a, b
    if ta.source == tb.source:
        return False
    if ka or kb:
        return ka == kb
    return _same_title(ta.title, tb.title)


def _union(items: list, key) -> list:
    """``items`` without the later ones whose ``key`` was already seen."""
    seen: set = set()
    out = []
    for x in items:
        k = key(x)
        if k not in seen:
            seen.add(k)
            out.append(x)
    return out


#: How a note line that gives the material's address starts ("来源：…https://…", "原文：…").
_LINK_LINE = ("http", "来源", "原文", "Source", "source:", "URL", "Link")


def _is_link(c: SClaim) -> bool:
    """A line that gives an address (starts like one and holds a URL): listed under links, not points.
    A line that only starts like one ("Sources disagree …") stays a point, so nothing is dropped."""
    return c.text.startswith(_LINK_LINE) and bool(find_urls(c.text))


def _merge_group(group: list[BriefTopic]) -> BriefTopic:
    """One increment from topics about one work (order kept; see the module docstring)."""
    if len(group) == 1:
        return group[0]
    first = group[0]
    secs: dict[str, BriefSection] = {}
    named = any(not s.routed for t in group for s in t.sections)
    for t in group:
        for s in t.sections:
            if named and s.routed:
                continue
            if s.key not in secs:
                secs[s.key] = s
            else:
                old = secs[s.key]
                secs[s.key] = old.model_copy(update={
                    "touches": _union(old.touches + s.touches, lambda e: (e.source, e.line, e.text))})

    def text(st: Statement) -> str:  # identical point texts, whitespace aside
        return " ".join(st.text.split())

    return first.model_copy(update={
        "evidence": min((t.evidence for t in group), key=evidence_rank),
        "sources": [s for t in group for s in t.sources],
        "points": _union([p for t in group for p in t.points], text),
        "relations": _union([p for t in group for p in t.relations], text),
        "caveats": _union([p for t in group for p in t.caveats], text),
        "links": _union([p for t in group for p in t.links],  # one line per address, whichever note gave it
                        lambda p: tuple(sorted(u for u, _, _ in find_urls(p.text)))),
        "arxiv": _union([a for t in group for a in t.arxiv], lambda a: a.arxiv_id),
        "sections": list(secs.values()),
    })


def _merge_topics(
    raw: list[tuple[BriefTopic, frozenset[str], list[str]]],
) -> list[tuple[BriefTopic, list[str]]]:
    """Merge the topics about one work into one increment each; returns ``(increment, merge-action keys)``.

    A topic joins the first earlier group whose every topic is about the same
    work (:func:`_same_work`); the increment sits where its first topic was.
    Numbers are left to the caller.
    """
    groups: list[list[tuple[BriefTopic, frozenset[str], list[str]]]] = []
    for r in raw:
        g = next((g for g in groups if all(_same_work((x[0], x[1]), (r[0], r[1])) for x in g)), None)
        if g is None:
            groups.append([r])
        else:
            g.append(r)
    out = []
    for g in groups:
        topic = _merge_group([x[0] for x in g])
        kept = {s.key for s in topic.sections}
        # Each topic's merge-action keys, less a routed section the merge dropped (relation keys stay).
        keys = [k for t, _key, ks in g for k in ks
                if k in kept or not any(s.key == k and s.routed for s in t.sections)]
        out.append((topic, list(dict.fromkeys(keys))))
    return out


def workspace_lang(snap: Snapshot) -> str:
    """``"zh"`` when at least half the store's sources are Chinese, else ``"en"``: the default
    language of the brief and of ``run``'s contradiction report."""
    return "zh" if sum(1 for s in snap.sources.values() if s.lang == "zh") * 2 >= len(snap.sources) else "en"


def generation_time() -> datetime:
    """The time a brief states it was generated: now in the local zone, or ``$SOURCE_DATE_EPOCH``.

    ``SOURCE_DATE_EPOCH`` (reproducible-builds.org/specs/source-date-epoch: whole seconds
    since 1970-01-01T00:00:00Z) gives that instant in UTC, so two runs over the same store
    write the same bytes.  Raises ``QueryError`` when it is set but not such a number.
    """
    import os

    v = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not v:
        return datetime.now().astimezone()
    if not v.isascii() or not v.isdigit():
        raise QueryError(f"SOURCE_DATE_EPOCH={v!r} is not a whole number of seconds since 1970-01-01 UTC")
    try:
        return datetime.fromtimestamp(int(v), tz=timezone.utc)
    except (ValueError, OverflowError, OSError):
        raise QueryError(f"SOURCE_DATE_EPOCH={v!r} is past the last time this system can write "
                         "(9999-12-31T23:59:59Z at most)") from None


def brief_data(
    store: Store, manifest: str, *, now: datetime | None = None, lang: str | None = None,
    snapshot: Snapshot | None = None,
) -> BriefData:
    """Collect the brief for ``manifest`` (ID or path).

    Without ``snapshot`` the brief reads only the manifest's scope
    (``queries.scope.manifest_scope``: its materials, living document and the
    sources naming its works by arXiv ID), which keeps it fast on a large
    store; pass a whole-store ``snapshot`` to read everything instead.

    ``manifest_path`` is the file ``manifest`` names when it is the path of
    one of the files declaring the manifest's ID, else the one named after
    the ID (``<manifest_id>.json``), else the first of them.

    Raises ``QueryError`` when the manifest is not in the store.
    """
    asked = manifest.replace("\\", "/")
    if snapshot is None:
        from .scope import manifest_scope, scoped_snapshot

        scope = manifest_scope(store, manifest)
        snap = scoped_snapshot(store, list(scope.graphs))
        manifest = scope.manifest_id
    else:
        snap = snapshot
    mitems = snap.manifest_items_for(manifest)
    if not mitems:
        raise QueryError(f"no manifest {manifest!r} in the store; ingest its workspace first")
    mid = mitems[0].manifest_id
    mitems = [m for m in mitems if m.manifest_id == mid]
    incs = increments(store, manifest=mid, snapshot=snap)
    doc = snap.path_of(mitems[0].knowledge)
    if doc is None and snap.living_docs():
        doc = snap.living_docs()[0]
    listed = snap.cited_in_lists(doc)
    secs = {s.key: s for s in snap.sections if s.path == doc}
    lex = load_lexicon()
    doc_claims = [c for c in snap.claims_of(doc) if c.role != "citation"] if doc else []
    subj_cache = snap.subjects
    material_paths = {m.path for m in mitems}
    shift_works = {f"arXiv:{a}" for i in incs for a in i.new_arxiv + i.cited_arxiv}
    findings = [f for f in contradictions(snap) if concerns_shift(f, material_paths, shift_works)]
    # Unverified figures that concern the shift: stated in a material, or about a work the shift names.
    audit = [e for e in evidence(store, snapshot=snap) if e.kind == "figure" and e.best_evidence == "unverified"
             and concerns_shift(e, material_paths, shift_works)]

    raw: list[tuple[BriefTopic, frozenset[str], list[str]]] = []  # (topic, work key, merge-action keys)
    low: list[BriefLow] = []
    status: dict[str, str] = {}
    where: dict[str, list[str]] = defaultdict(list)
    versions: dict[str, str] = {}
    titles: dict[str, str] = {}
    actions: dict[str, list[str]] = defaultdict(list)
    materials = []
    for inc in incs:
        src = snap.sources.get(inc.source)
        materials.append({"order": inc.order, "source": inc.source, "agent": inc.agent, "evidence": inc.evidence,
                          "relevance": inc.relevance, "ingested": inc.ingested})
        if src is None:
            continue
        its = snap.items_of(inc.source)
        claims = snap.claims_of(inc.source)
        cites = snap.citations_of(inc.source)
        if inc.relevance == "low":
            verdict = "; ".join(inc.reasons) or "low"
            body = [c for c in claims if c.role == "statement" and len(c.text) > 8 and not c.text.startswith("http")]
            reason = body[0].text if body else (src.title or inc.source)
            if "labels do not fit" in verdict:
                f = next((f for f in findings if f.kind == "label_mismatch" and f.subject == inc.source), None)
                if f:
                    reason = f"{f.a.text}; {f.b.text}"
            low.append(BriefLow(material=inc.source, source=inc.source, line=1, verdict=verdict, reason=reason))
            for c in claims:
                for r in c.mentions:
                    status.setdefault(r, "already_cited" if r in listed else "not_included")
                    where[r].append(f"{c.path}:{c.line}")
            continue
        groups: list[tuple[object, list[SClaim]]] = []
        if its:
            for it in its:
                groups.append((it, [c for c in claims if c.item == it.index]))
        else:
            groups.append((None, claims))
        for it, cl in groups:
            title = it.title if it is not None else (src.title or inc.source)
            lo, hi = (it.line, it.line_end) if it is not None else (1, 10**9)
            ids = list(dict.fromkeys(c.arxiv_id for c in cites if lo <= c.line <= hi))
            for c in cl:
                for a in c.mentions:
                    where[a].append(f"{c.path}:{c.line}")
            for c in cites:
                if c.version and c.arxiv_id in ids:
                    versions.setdefault(c.arxiv_id, c.version)
            if it is not None and it.relevance == "low":
                discard = bool(re.search(r"丢弃|discard", (it.reason or "") + it.title, re.I))
                for a in ids:
                    status.setdefault(a, "already_cited" if a in listed else ("discarded" if discard else "not_included"))
                    where[a].append(f"{inc.source}:{it.line}")
                m = lex.low_relevance.search(it.reason or it.title)
                verdict = m.group(0) if m else "low"
                judged = [c for c in cl if re.match(r"^(判断|verdict|relevance)\s*[:：]", c.text, re.I)]
                body = judged or [c for c in cl if c.role == "statement" and len(c.text) > 8]
                clean_title = re.sub(r"^(低相关|弱相关|丢弃|已丢弃|noise|low relevance|discarded?)\s*[:：]\s*", "", title, flags=re.I)
                reason = body[0].text if body else title
                k = reason.find("判断")
                reason = reason[k:] if k > 0 else reason
                for a in ids:
                    if clean_title and not re.search(r"\d{4}\.\d{4,5}", clean_title.split("（")[0]):
                        titles.setdefault(a, re.sub(r"[（(]arXiv[:：]?\s*[\w./]+[）)]\s*$", "", clean_title).strip())
                low.append(BriefLow(material=clean_title, source=inc.source, line=it.line, verdict=verdict,
                                    reason=reason))
                continue
            for a in ids:
                status[a] = "already_cited" if a in listed else "new"
                for c in cl:
                    m = _PAPER_TITLE.match(c.text)
                    if m and a not in titles:
                        titles[a] = m.group(1).strip()
            sugg = list(dict.fromkeys(s for c in cl for s in c.suggested))
            subj = set(a for c in cl for a in subj_cache[c.iri])
            route = None
            if not sugg and doc:
                route = snap.route(doc, "\n".join([title] + [c.text for c in cl]))
                if route is not None:
                    sugg = [route.key]
            bsecs = []
            keys: list[str] = []  # the sections this topic goes in: merge actions (built after merging)
            for k in sugg:
                sec = secs.get(k)
                touch = []
                if sec is not None:
                    inside = [c for c in doc_claims if sec.line <= c.line <= sec.line_end and c.line != sec.line]
                    touch = [c for c in inside if set(subj_cache[c.iri]) & subj] or inside
                routed = {} if route is None else dict(routed=True, score=route.score, runner_up=route.runner_up,
                                                       runner_up_score=route.runner_up_score)
                bsecs.append(BriefSection(key=k, title=sec.title if sec else None,
                                          touches=[statement(c) for c in touch], **routed))
                # A routed key is provkg's suggestion: the renderer marks it so in the merge actions.
                keys.append(k)
            # Sections a relation proposes work in ("建议在 §6.1 开放问题新增一条") are merge actions
            # too; the citation list (§七) is not a destination.
            for c in cl:
                if c.role != "relation" or not _PROPOSAL.search(c.text):
                    continue
                for k in c.section_refs:
                    sec = secs.get(k)
                    if k in sugg or (sec is not None and sec.citation_list) or k in keys:
                        continue
                    keys.append(k)
            ev = it.evidence if it is not None else inc.evidence
            points = [c for c in cl if c.role == "statement" and not lex.evidence_line.match(c.text)
                      and not _is_link(c) and not c.text.startswith(("卡片", "论文："))]
            line = it.line if it is not None else 1
            raw.append((BriefTopic(
                number=len(raw) + 1, title=title, source=inc.source, line=line, agent=inc.agent, evidence=ev,
                sources=[BriefTopicSource(source=inc.source, line=line, title=title, agent=inc.agent, evidence=ev)],
                points=[statement(c) for c in points],
                relations=[statement(c) for c in cl if c.role == "relation"],
                caveats=[statement(c) for c in cl if c.role == "caveat"],
                # the lines that give the material's own address ("来源：…https://…", "原文：…")
                links=[statement(c) for c in cl if c.role == "statement" and _is_link(c)],
                arxiv=[BriefArxiv(arxiv_id=a, version=versions.get(a), title=snap.title_of(a) or titles.get(a),
                                  status="already_cited" if a in listed else "new") for a in ids],
                sections=bsecs,
            ), _work_key(title, ids), keys))
    topics: list[BriefTopic] = []
    for n, (topic, keys) in enumerate(_merge_topics(raw), 1):
        topics.append(topic.model_copy(update={"number": n}))
        for k in keys:
            actions[k].append(topic.title)
    citable = [BriefArxiv(arxiv_id=a, version=versions.get(a), title=snap.title_of(a) or titles.get(a), status=st,
                          where=sorted(set(where[a])))
               for a, st in sorted(status.items(), key=lambda t: (["already_cited", "new", "not_included", "discarded"].index(t[1]), t[0]))]
    act = [{"section": k, "title": secs[k].title if k in secs else None, "topics": v}
           for k, v in sorted(actions.items(), key=lambda t: [int(x) if x.isdigit() else 99 for x in t[0].split(".")])]
    consumed = sum(1 for i in incs if i.ingested)
    lang_ = lang or workspace_lang(snap)
    files = sorted({m.manifest_path for m in snap.manifest_items if m.manifest_id == mid})
    named = [p for p in files if asked == p or asked.endswith("/" + p)] or [
        p for p in files if named_after_id(p, mid)]  # by ID: the file named after it
    return BriefData(
        manifest_id=mid, manifest_path=named[0] if named else mitems[0].manifest_path, knowledge=doc,
        knowledge_sections=len(secs), generated=(now or generation_time()).isoformat(timespec="minutes"),
        lang=lang_, materials=materials, topics=topics, low=low, findings=findings, audit=audit,
        citable=citable, actions=act, listed=len(incs), consumed=consumed,
        missing=[i.source for i in incs if not i.ingested],
        domain=(doc.rsplit("/", 1)[-1].rsplit(".", 1)[0] if doc else None),
        shift_date=(mitems[0].created or "")[:10] or None,
    )
