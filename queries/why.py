"""``provkg why ID``: the derivation chain of a claim, work, section or source back to files and lines.

``why(store, ident)`` resolves ``ident`` (a claim IRI; an arXiv ID in any
written form; ``§3.1``; a workspace path), collects the nodes that derive it
(``kg:Citation``, ``kg:Claim``, ``kg:Section`` nodes with their file and
``kg:line`` span (a claim's on its ``prov:Quotation``) from the current source
revisions (a claim or source also shows its invalidated revisions), and the
PROV-O history of each revision: the ingest activity that ``prov:used`` it and
the time it generated provkg's extraction of it,
``prov:wasAttributedTo`` agent, ``prov:wasInvalidatedBy``.  Looked-up values
go into the SPARQL as pyoxigraph terms (``_select``), never as raw text.

References: W3C PROV-O; docs/MODEL.md, section "provkg why".
"""
from __future__ import annotations

import re

from graph.store import Store
from ingest.errors import QueryError

from .history import PROV_G, revisions
from .results import WhyResult, WhyRevision, WhyStep
from ingest.lazyre import compile_lazy

__all__ = ["why", "format_why", "resolve"]

ID_IRI = "https://w3id.org/provkg/id/"
_PREFIX = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
_CUR = "OPTIONAL { GRAPH <%s> { ?g kg:current ?cur } }" % PROV_G
_CLAIM_COLS = """?node kg:text ?text ; prov:qualifiedQuotation ?quote ; kg:role ?role ;
      kg:evidence ?evidence ; kg:inSource ?src . FILTER EXISTS { ?node a kg:Claim } ?src kg:path ?path ; kg:kind ?kind .
    ?quote kg:line ?line ; kg:lineEnd ?lineEnd .
    OPTIONAL { ?node prov:wasAttributedTo ?ag } OPTIONAL { ?node kg:inSection ?sn }"""
_CITE_COLS = """?node kg:line ?line ; kg:raw ?text ; kg:inSource ?src . FILTER EXISTS { ?node a kg:Citation } ?src kg:path ?path ; kg:kind ?kind .
    OPTIONAL { ?node kg:citedVersion ?cv } OPTIONAL { ?node kg:inSection ?sn }
    OPTIONAL { ?src prov:wasAttributedTo ?ag } OPTIONAL { ?src kg:evidence ?evidence }"""

# ``$name`` marks a looked-up value: ``_select`` writes it into the pattern as a constant term
# (pyoxigraph's escaped N-Triples form, as a VALUES row would), and each query starts with the
# pattern that holds it; class checks are FILTER EXISTS, tested per row.  Oxigraph (0.5) plans with
# constants only, and a ``?node a kg:Claim`` pattern made it start from every claim: bound with a
# trailing VALUES row or an engine substitution, or with the class as a pattern, these queries took
# 1-20 s each at 10,000 notes instead of a few ms (docs/PERFORMANCE.md, "provkg why").
_Q = {
    "work_cites": _PREFIX + "SELECT * WHERE { GRAPH ?g { ?node kg:citedWork $w . %s } %s }" % (_CITE_COLS, _CUR),
    "work_claims": _PREFIX + """SELECT * WHERE { GRAPH ?g {
    { ?node kg:about $w BIND("about" AS ?rel) } UNION { ?node kg:mentions $w BIND("mentions" AS ?rel) } %s } %s }""" % (
        _CLAIM_COLS, _CUR),
    "work_cards": _PREFIX + """SELECT * WHERE { GRAPH ?g { ?src kg:about $w ; kg:path ?path ; kg:kind ?kind .
    OPTIONAL { ?src kg:title ?text } OPTIONAL { ?src kg:evidence ?evidence } OPTIONAL { ?src prov:wasAttributedTo ?ag }
    BIND(?src AS ?node) } %s }""" % _CUR,
    "work_title": _PREFIX + "SELECT ?title WHERE { GRAPH ?g { $w kg:title ?title } %s FILTER(BOUND(?cur)) } LIMIT 1" % _CUR,
    "work_cited_title": _PREFIX + """SELECT ?title ?kind WHERE { GRAPH ?g { ?node kg:citedWork $w ; kg:title ?title ;
      kg:inSource ?src . ?src kg:kind ?kind } %s FILTER(BOUND(?cur)) }""" % _CUR,
    "sections": _PREFIX + """SELECT * WHERE { GRAPH ?g { ?node kg:key $key ; kg:title ?text ; kg:line ?line ;
      kg:lineEnd ?lineEnd ; kg:inDocument ?src . FILTER EXISTS { ?node a kg:Section } ?src kg:path ?path ; kg:kind ?kind .
    OPTIONAL { ?src kg:evidence ?evidence } OPTIONAL { ?src prov:wasAttributedTo ?ag } } %s }""" % _CUR,
    "section_claims": _PREFIX + "SELECT * WHERE { GRAPH ?g { ?node kg:inSection $sec . %s } %s }" % (_CLAIM_COLS, _CUR),
    "section_cites": _PREFIX + "SELECT * WHERE { GRAPH ?g { ?node kg:inSection $sec . %s } %s }" % (_CITE_COLS, _CUR),
    "section_refs": _PREFIX + """SELECT * WHERE { GRAPH ?g {
    { ?node kg:suggestedSection $key BIND("suggests" AS ?rel) } UNION { ?node kg:sectionRef $key BIND("refers" AS ?rel) } %s } %s }""" % (
        _CLAIM_COLS, _CUR),
    "claim": _PREFIX + "SELECT * WHERE { GRAPH ?g { %s } %s }" % (_CLAIM_COLS.replace("?node", "$node"), _CUR),
    "source": _PREFIX + "SELECT ?src WHERE { GRAPH ?g { ?src kg:path $path FILTER EXISTS { ?src a kg:Source } } } LIMIT 1",
    "source_cites": _PREFIX + "SELECT * WHERE { GRAPH ?g { ?node kg:inSource $src . %s } %s }" % (
        _CITE_COLS.replace("?src", "$src"), _CUR),
    "source_listed": _PREFIX + """SELECT * WHERE { GRAPH ?g { ?node kg:material $src ; kg:order ?order . FILTER EXISTS { ?node a kg:ManifestItem }
    ?m kg:hasItem ?node ; kg:inSource ?msrc . ?msrc kg:path ?path ; kg:kind ?kind . OPTIONAL { ?node kg:title ?text } } %s }""" % _CUR,
    "line_claims": _PREFIX + """SELECT * WHERE { GRAPH ?g { ?node kg:inSource $src . %s
    FILTER(?line <= $hi && ?lineEnd >= $lo) } %s }""" % (_CLAIM_COLS.replace("?src", "$src"), _CUR),
    "line_cites": _PREFIX + "SELECT * WHERE { GRAPH ?g { ?node kg:inSource $src . %s FILTER(?line >= $lo && ?line <= $hi) } %s }" % (
        _CITE_COLS.replace("?src", "$src"), _CUR),
    "path_revisions": _PREFIX + "SELECT ?rev WHERE { GRAPH <%s> { ?rev kg:path $path } }" % PROV_G,
    "paths": _PREFIX + "SELECT DISTINCT ?path WHERE { GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path } }" % PROV_G,
    "section_keys": _PREFIX + "SELECT DISTINCT ?key WHERE { GRAPH ?g { ?s a kg:Section ; kg:key ?key } }",
}
_PARAM = compile_lazy(r"\$([A-Za-z_]\w*)\b")


def _select(store: Store, name: str, **values: object) -> list[dict[str, object]]:
    """Run ``_Q[name]`` with each ``$key`` written as the constant term ``values[key]``.

    ``values`` are pyoxigraph terms or plain str/int/bool (typed literals, as
    ``Store.select`` binds them); the text put in the query is the term's
    N-Triples form, escaped by pyoxigraph, so no value can change the query's
    shape.  Each row also carries the values under their names, as a VALUES
    binding would.  Raises ``QueryError`` (from the store) for a failed query,
    ``KeyError`` for a ``$key`` without a value.
    """
    from graph.store import as_term, to_python

    terms = {k: as_term(v) for k, v in values.items()}
    text = _PARAM.sub(lambda m: str(terms[m.group(1)]), _Q[name])
    bound = {k: to_python(t) for k, t in terms.items()}
    rows = [{**bound, **r} for r in store.select(text)]
    for col, ref, q in _LOOKUPS:
        found: dict[str, object] = {}
        for r in rows:
            iri = r.get(ref)
            if iri is not None and iri not in found:
                hit = store.select(q % str(_node(str(iri))))  # NamedNode: str() is its escaped <IRI>
                found[iri] = hit[0]["v"] if hit else None
            r[col] = found.get(iri) if iri is not None else None
    return rows


# The agent's name, the section's key and the cited version: looked up once per distinct node
# after the main query (an OPTIONAL over a two-step path made Oxigraph join all ~150,000
# attributions first: 1.5 s per query at 10,000 notes).
_LOOKUPS = [
    ("agent", "ag", _PREFIX + "SELECT ?v WHERE { GRAPH ?g { %s rdfs:label ?v } } LIMIT 1"),
    ("seckey", "sn", _PREFIX + "SELECT ?v WHERE { GRAPH ?g { %s kg:key ?v } } LIMIT 1"),
    ("version", "cv", _PREFIX + "SELECT ?v WHERE { GRAPH ?g { %s kg:version ?v } } LIMIT 1"),
]


def _step(r: dict, relation: str) -> WhyStep:
    return WhyStep(
        relation=relation, node=r["node"], source=r["path"], kind=r.get("kind"), line=int(r.get("line") or 1),
        line_end=int(r.get("lineEnd") or r.get("line") or 1), text=str(r.get("text") or ""), role=r.get("role"),
        evidence=r.get("evidence"), agent=r.get("agent"), section=r.get("seckey") or r.get("key"),
        version=r.get("version"), revision=r["g"], current=bool(r.get("cur")),
    )


def _node(v: str) -> object:
    import pyoxigraph as ox

    return ox.NamedNode(v)


def resolve(store: Store, ident: str) -> tuple[str, str, str | None]:
    """What ``ident`` names: ``(kind, IRI or key, arXiv version or None)``.

    Tried in order: a claim IRI (``https://w3id.org/provkg/id/claim/…`` or
    ``id:claim/…``); ``§KEY`` (a section); a path some revision has (also a
    path ending in one); ``path:line`` (kind ``line``, key ``path:N`` or ``path:N-M`` for a
    span ``path:10-39`` or lines ``path:20,21,22``), where ``path`` is such a path; an arXiv identifier in any form (``ingest.arxiv.standard_id``);
    a bare section key (``3.1``) that some living document has; a paper card's
    alias (``MC-SF``) or title, without case (the work it names).  Raises
    ``QueryError`` with one line when nothing matches.
    """
    s = ident.strip()
    if s.startswith("id:"):
        s = ID_IRI + s[3:]
    if s.startswith(ID_IRI + "claim/"):
        return "claim", s, None
    if s.startswith(("§", "#")):
        return "section", s.lstrip("§# ").strip(), None
    path = _source_path(store, s)
    if path is not None:
        return "source", path, None
    # ``path:line`` as every listing of provkg writes a place, also a span ``path:10-39`` or lines ``path:20,21,22`` (the
    # first to the last), the path as Markdown escapes it (``paper\_cards``)
    at = re.fullmatch(r"(.+?):(\d+)(?:\s*[-–]\s*(\d+)|((?:\s*,\s*\d+)+))?", s)
    if at is not None and (path := _source_path(store, re.sub(r"\\([_*\[\]`])", r"\1", at.group(1)))) is not None:
        lo = int(at.group(2))
        hi = int(at.group(3) or (at.group(4) or "").rsplit(",", 1)[-1] or lo)
        return "line", f"{path}:{lo}" + (f"-{hi}" if hi > lo else ""), None
    from ingest.arxiv import standard_id

    try:
        key, version = standard_id(s)
        return "work", key, version
    except ValueError as e:
        if re.fullmatch(r"(?i)(?:arxiv:\s*)?\d{4}\.\d{4,5}(?:v\d+)?", s):
            # shaped like an identifier but not one ("9999.99999": no month 99): say that, not "not an ID"
            mm = int(re.search(r"\d{4}", s).group(0)[2:])
            why = f"month {mm:02d} does not exist: identifiers are YYMM.NNNNN" if not 1 <= mm <= 12 else str(e)
            raise QueryError(f"{ident!r} is not a valid arXiv identifier ({why})") from None
    keys = {r["key"] for r in store.select(_Q["section_keys"])}
    if s in keys:
        return "section", s, None
    work = _named_by_card(store, s)
    if work is not None:
        return "work", work, None
    if re.fullmatch(r"[0-9a-f]{12}", s) and _finding(store, s) is not None:
        return "finding", s, None  # the ID a contradiction report prints for a finding
    raise QueryError(f"{ident!r} is not a claim IRI, arXiv ID, section (§3.1), source path (or path:line), finding ID "
                     "(from the report), or a paper card's alias or title in this store")


def _finding(store: Store, fid: str):
    """The contradiction finding whose ``id`` is ``fid`` (``queries.contradictions.Contradiction``), or None."""
    from .contradictions import contradictions
    from .snapshot import load_snapshot

    return next((f for f in contradictions(load_snapshot(store)) if f.id == fid), None)


def _source_path(store: Store, written: str) -> str | None:
    """The workspace path of the source ``written`` names: a path some revision has, or an absolute or longer path
    ending in one (the longest such); None when no source is named."""
    norm = written.replace("\\", "/").removeprefix("./")
    if _select(store, "path_revisions", path=norm):
        return norm
    if "/" in norm:
        ends = sorted(p for p in {r["path"] for r in store.select(_Q["paths"])} if norm.endswith("/" + p))
        if ends:
            return ends[-1]
    return None


def _source_node(store: Store, path: str) -> str:
    """The IRI of the source node of ``path`` (a placeholder IRI when no graph holds one)."""
    src = _select(store, "source", path=path)
    return src[0]["src"] if src else f"{ID_IRI}source/?"


def _named_by_card(store: Store, name: str) -> str | None:
    """The arXiv key of the work a paper card names ``name`` (an alias such as ``MC-SF``, or its title),
    compared without case; None when no card does (``Snapshot.aliases``, ``work_titles``)."""
    from .snapshot import load_snapshot

    snap = load_snapshot(store, lazy=True)
    folded = name.casefold()
    for alias, key in snap.aliases.items():
        if alias.casefold() == folded:
            return key
    hits = sorted({key for key, titles in snap.work_titles.items() for t, _path in titles if t.casefold() == folded})
    return hits[0] if len(hits) == 1 else None


#: When one node is reached twice in one revision (a claim that both names §3.1 and suggests it),
#: the step kept is the one with the stronger relation: never the one a backend happened to return
#: first (rows come in each backend's own order, PITFALLS P8).
_STRENGTH = {r: i for i, r in enumerate(
    ("heading", "card", "claim", "cites", "about", "suggests", "in_section", "mentions", "refers", "listed_by"))}


def _dedupe(steps: list[WhyStep]) -> list[WhyStep]:
    seen: dict[tuple[str, str], WhyStep] = {}
    for s in sorted(steps, key=lambda s: (_STRENGTH.get(s.relation, len(_STRENGTH)), s.relation, s.line)):
        seen.setdefault((s.node, s.revision), s)
    return sorted(seen.values(), key=lambda s: (not s.current, s.source, s.line, s.relation, s.node))


def why(store: Store, ident: str, *, history: bool = False) -> WhyResult:
    """The derivation chain of ``ident`` (see ``resolve``) as a ``WhyResult``.

    Parameters
    ----------
    store : Store
    ident : str
        ``arXiv:2502.07115v5``, ``https://arxiv.org/abs/2502.07115``, ``§3.1``,
        ``inbox/flyp/…md``, ``inbox/flyp/…md:12`` (the claims and citations covering that line of
        the file's current revision) or a claim IRI.
    history : bool
        Also list steps read from invalidated revisions (a claim and a source
        always list all their revisions).

    Returns
    -------
    WhyResult
        ``steps`` sorted current first, then by path and line; ``revisions``:
        the revisions the steps come from, with activity, time and agent.

    Raises
    ------
    QueryError
        ``ident`` names nothing in the store.
    """
    kind, key, version = resolve(store, ident)
    steps: list[WhyStep] = []
    label = None
    current = True
    if kind == "work":
        w = _node(f"{ID_IRI}arxiv/{key}")
        steps += [_step(r, "cites") for r in _select(store, "work_cites", w=w)]
        steps += [_step(r, r["rel"]) for r in _select(store, "work_claims", w=w)]
        steps += [_step(r, "card") for r in _select(store, "work_cards", w=w) if r["kind"] == "paper_card"]
        t = _select(store, "work_title", w=w)
        # (no card gives the work a title: the one its citations give, a living document's first)
        t = t or sorted(_select(store, "work_cited_title", w=w), key=lambda r: (r["kind"] != "living_doc", r["title"]))
        label = t[0]["title"] if t else None
        subject = w.value
        if not steps:
            # (the identifier once: "'arXiv:2501.00001': arXiv:2501.00001 is not cited …" said it twice)
            said = f"arXiv:{key}" if ident.strip().lower().removeprefix("arxiv:").strip() == key.lower() \
                else f"{ident!r} (arXiv:{key})"
            raise QueryError(f"{said} is not cited in this store")
    elif kind == "section":
        secs = _select(store, "sections", key=key)
        if not secs:
            raise QueryError(f"{ident!r}: no living-document section §{key} in this store")
        steps += [_step(r, "heading") for r in secs]
        for sec in {r["node"] for r in secs}:
            steps += [_step(r, "in_section") for r in _select(store, "section_claims", sec=_node(sec))]
            steps += [_step(r, "in_section") for r in _select(store, "section_cites", sec=_node(sec))]
        steps += [_step(r, r["rel"]) for r in _select(store, "section_refs", key=key)]
        # Each current living document's heading for the key, in path order ("§1" of two documents is
        # two sections; the label named one of them, whichever the store listed first).
        live = sorted({(r["path"], r["text"]) for r in secs if r.get("cur")}) or [(secs[0]["path"], secs[0]["text"])]
        label = live[0][1] if len(live) == 1 else "; ".join(f"{t} ({p})" for p, t in live)
        subject = next(r["node"] for r in sorted(secs, key=lambda r: (not r.get("cur"), r["path"])))
    elif kind == "claim":
        rows = _select(store, "claim", node=_node(key))
        if not rows:
            raise QueryError(f"{ident!r}: no such claim in this store")
        steps += [_step(r, "claim") for r in rows]
        current = any(r.get("cur") for r in rows)
        label = rows[0]["text"]
        subject = key
        history = True
    elif kind == "line":
        path, _, span = key.rpartition(":")
        subject = _source_node(store, path)
        lo, _, hi = span.partition("-")
        s, lo, hi = _node(subject), int(lo), int(hi or lo)
        steps += [_step(r, "claim") for r in _select(store, "line_claims", src=s, lo=lo, hi=hi)]
        steps += [_step(r, "cites") for r in _select(store, "line_cites", src=s, lo=lo, hi=hi)]
        label = key
        if not history:
            steps = [st for st in steps if st.current]
        if not steps:
            raise QueryError(f"{key}: no claim or citation of the current revision covers "
                             + ("these lines" if "-" in key.rpartition(":")[2] else "this line"))
    elif kind == "finding":
        # a finding's two statements, each traced as ``path:line`` is (the report's ID, "why 9241d01cda37")
        f = _finding(store, key)
        assert f is not None  # (``resolve`` found it)
        for side in (f.a, f.b):
            at = f"{side.source}:{side.line}" + (f"-{side.line_end}" if side.line_end and side.line_end > side.line else "")
            try:
                steps += why(store, at, history=history).steps
            except QueryError:
                # a side no claim states: a file's labels (a ``label_mismatch`` quotes the card's ``tags``), traced as
                # the file itself is
                steps += why(store, side.source, history=history).steps
        label = f"{f.kind}: {f.summary}"
        subject = f"{ID_IRI}arxiv/{f.subject.removeprefix('arXiv:')}" if f.subject.startswith("arXiv:") else f.subject
    else:
        subject = _source_node(store, key)
        s = _node(subject)
        steps += [_step(r, "cites") for r in _select(store, "source_cites", src=s)]
        steps += [_step({**r, "line": None}, "listed_by") for r in _select(store, "source_listed", src=s)]
        label = key
        history = True
    if not history:
        steps = [s for s in steps if s.current] or steps
    steps = _dedupe(steps)
    if kind == "source":
        revs = [v for v in revisions(store, {r["rev"] for r in _select(store, "path_revisions", path=key)})
                if v.source == key]
        current = any(v.current for v in revs)
    else:
        revs = revisions(store, {s.revision for s in steps})
    return WhyResult(query=ident, kind=kind, subject=subject, version=version, label=label, current=current,
                     steps=steps, revisions=revs)


def _short(iri: str | None) -> str:
    return iri.rsplit("/", 1)[-1] if iri else "-"


def _one(text: str, n: int = 110) -> str:
    t = re.sub(r"\s+", " ", text).strip()
    return t if len(t) <= n else t[: n - 1] + "…"


def _rev_line(v: WhyRevision) -> str:
    state = "current" if v.current else f"invalidated by {_short(v.invalidated_by)} at {v.invalidated_at or '?'}"
    return (f"    revision {_short(v.revision)} (sha256 {v.sha256[:12]}…) prov:used by "
            f"{_short(v.generated_by)} at {v.generated_at or '?'} ({v.software or 'provkg'}); {state}")


def format_why(r: WhyResult) -> str:
    """``WhyResult`` as text: the subject, then per source file its agent, revision and activity, then each
    step as ``:line  relation  text  [role, evidence]``; a step repeated word for word on other lines of the
    same revision is one row ending ``(and N more lines: :2, :3, :4 …)``."""
    asked = ""
    if r.version:
        # (a version no file names is said so: "why 2404.00456v9" listed v2's steps as if v9 were known)
        asked = f" (version {r.version} asked" + ("" if any(s.version == r.version for s in r.steps)
                                                  else f"; no file names {r.version}") + ")"
    head = {"work": f"work arXiv:{r.subject.rsplit('/arxiv/', 1)[-1]}" + asked,
            "section": f"section §{r.steps[0].section if r.steps else ''}",
            "claim": "claim " + r.subject, "source": "source " + (r.label or ""), "line": "line " + (r.label or ""),
            "finding": "finding " + r.query.strip()}[r.kind]
    lines = [head + ("" if r.current else "  [INVALIDATED: no current revision holds it]")]
    if r.label and r.kind not in ("source", "line"):
        lines.append(f"  {_one(r.label, 140)}")
    lines.append(f"  IRI {r.subject}")
    revs = {v.revision: v for v in r.revisions}
    by_rev: dict[str, list[WhyStep]] = {}
    for s in r.steps:
        by_rev.setdefault(s.revision, []).append(s)
    order = sorted(by_rev, key=lambda g: (not by_rev[g][0].current, by_rev[g][0].source))
    if r.kind == "source":
        order = [v.revision for v in r.revisions if v.revision in by_rev] + [g for g in order if g not in revs]
    for g in order:
        st = by_rev[g]
        v = revs.get(g)
        meta = [x for x in (st[0].kind, v.agent and f"agent {v.agent}" if v else None,
                            v.evidence and f"evidence {v.evidence}" if v else None,
                            v.created and f"written {v.created}" if v else None) if x]
        lines.append("")
        lines.append(f"  <- {st[0].source}  [{' · '.join(meta)}]")
        if v is not None:
            lines.append(_rev_line(v))
        # A statement repeated on many lines (a pasted list, a log) is one row naming where else it stands.
        groups: dict[tuple[str, str, str], list[str]] = {}
        for s in st:
            where = f":{s.line}" if s.line == s.line_end else f":{s.line}-{s.line_end}"
            extra = ", ".join(x for x in (s.role, s.evidence, s.section and f"§{s.section}", s.version) if x)
            groups.setdefault((s.relation, _one(s.text), extra), []).append(where)
        for (relation, text, extra), wheres in groups.items():
            more = ""
            if len(wheres) > 1:
                shown = ", ".join(wheres[1:4]) + (" …" if len(wheres) > 4 else "")
                more = f"  (and {len(wheres) - 1} more line{'s' if len(wheres) > 2 else ''}: {shown})"
            lines.append(f"    {wheres[0]:9} {relation:10} {text}" + (f"  [{extra}]" if extra else "") + more)
    if r.kind == "source":
        lines.append("")
        lines.append("  revisions (newest first):")
        lines.extend(_rev_line(v) for v in r.revisions)
    if not r.steps and r.kind != "source":
        lines.append("  (nothing derives it)")
    return "\n".join(lines) + "\n"
