"""Revision history of a store: ingest activities, past states, and ``provkg diff``.

The loader never drops a named graph (``graph/loader.py``): a changed or deleted
file's old revision stays, ``prov:wasInvalidatedBy`` the ingest activity that
replaced it, and the ``kg:current`` marker moves to the live revision.  This
module replays the provenance graph (the ingest that ``prov:used`` each
``kg:SourceRevision`` and the one it ``prov:wasInvalidatedBy``, in the order of the
activities' ``prov:startedAtTime``) to rebuild which revision of each file was
live after any activity, loads that state into a ``Snapshot``, and compares
two states claim by claim.

References: W3C PROV-O (Entity generation and invalidation); docs/MODEL.md,
sections "Revisions and invalidation" and "provkg diff".
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone

from graph.facts import TABLES
from graph.index import IndexView
from graph.model import revision_base
from graph.store import Store
from ingest.errors import QueryError
from ingest.models import evidence_rank

from .contradictions import contradictions as _contradictions
from .results import (
    ActivityRef,
    ClaimChange,
    ClaimState,
    Contradiction,
    ContradictionChange,
    DiffResult,
    EvidenceChange,
    Statement,
    WhyRevision,
)
from .snapshot import SClaim, Snapshot, load_snapshot, snapshot_from_facts
from .state import open_state
from ingest.lazyre import compile_lazy

__all__ = ["activities", "revisions", "state_after", "snapshot_of", "resolve_since", "diff", "format_diff",
           "match_findings", "FindingMatch", "PAIR_THRESHOLD"]

PROV_G = "https://w3id.org/provkg/id/graph/provenance"
_PREFIX = """PREFIX kg: <https://w3id.org/provkg/ns#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""

_ACTIVITIES = _PREFIX + """SELECT ?a ?start ?end ?added ?changed ?removed ?unchanged WHERE {
  GRAPH <%s> { ?a a kg:IngestActivity ; prov:startedAtTime ?start .
    OPTIONAL { ?a prov:endedAtTime ?end } OPTIONAL { ?a kg:filesAdded ?added } OPTIONAL { ?a kg:filesChanged ?changed }
    OPTIONAL { ?a kg:filesRemoved ?removed } OPTIONAL { ?a kg:filesUnchanged ?unchanged } }
}""" % PROV_G

_EVENTS = _PREFIX + """SELECT ?rev ?path ?ev ?act WHERE {
  GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path .
    { ?act prov:used ?rev BIND("gen" AS ?ev) } UNION { ?rev prov:wasInvalidatedBy ?act BIND("inv" AS ?ev) } }
}""" % PROV_G

_REVISIONS = _PREFIX + """SELECT ?rev ?path ?sha ?act ?gen ?sw ?inv ?invAt ?prev ?cur WHERE {
  GRAPH <%s> { ?rev a kg:SourceRevision ; kg:path ?path ; kg:sha256 ?sha .
    OPTIONAL { ?act prov:used ?rev . OPTIONAL { ?act prov:wasAssociatedWith/rdfs:label ?sw }
      OPTIONAL { ?act prov:generated ?ext . ?ext prov:wasDerivedFrom ?rev ; prov:generatedAtTime ?gen } }
    OPTIONAL { ?rev prov:wasInvalidatedBy ?inv . OPTIONAL { ?rev prov:invalidatedAtTime ?invAt } }
    OPTIONAL { ?rev prov:wasRevisionOf ?prev }
    OPTIONAL { ?rev kg:current ?cur } }
}""" % PROV_G

_FILE_META = _PREFIX + """SELECT ?g ?kind ?evidence ?agent ?created WHERE {
  GRAPH ?g { ?g a kg:SourceRevision ; prov:specializationOf ?src . ?src kg:kind ?kind ; kg:evidence ?evidence .
    OPTIONAL { ?src prov:wasAttributedTo/rdfs:label ?agent } OPTIONAL { ?src prov:generatedAtTime ?created } }
}"""

#: rapidfuzz ``fuzz.ratio`` (0-100) from which a removed and an added claim of one file count as one edited claim.
PAIR_THRESHOLD = 60.0


def _t(v: object) -> datetime:
    """An ``xsd:dateTime`` lexical form as an aware datetime (UTC when it has no zone)."""
    d = datetime.fromisoformat(str(v).replace("Z", "+00:00"))
    return d if d.tzinfo else d.replace(tzinfo=timezone.utc)


def _iri(value: str) -> object:
    import pyoxigraph as ox

    return ox.NamedNode(value)


def activities(store: Store) -> list[ActivityRef]:
    """Every ingest ``prov:Activity`` of the store, oldest first (by ``prov:startedAtTime``, then end, then IRI)."""
    rows = store.select(_ACTIVITIES)
    out = [ActivityRef(iri=r["a"], started=str(r["start"]), ended=str(r["end"]) if r["end"] else None,
                       added=r["added"] or 0, changed=r["changed"] or 0, removed=r["removed"] or 0,
                       unchanged=r["unchanged"] or 0) for r in rows]
    return sorted(out, key=lambda a: (_t(a.started), _t(a.ended) if a.ended else _t(a.started), a.iri))


def revisions(store: Store, only: set[str] | None = None) -> list[WhyRevision]:
    """Every source revision with its generation, invalidation and file metadata, newest generation first.

    A file reverted to earlier bytes has a new revision entity (``…/rev/<sha16>-2``);
    a store written before that (one revision IRI generated twice) reports the
    latest generation and latest invalidation.  ``current`` follows the ``kg:current`` marker.  ``only`` (revision
    IRIs) restricts the answer to those revisions, read with one bound lookup each
    (10,000 notes: ~2 ms each against ~3 s for every revision).
    """
    by: dict[str, dict] = {}
    if only is not None:  # a few revisions (provkg why): one bound lookup each, not the whole history
        rows = [r for g in sorted(only) for r in store.select(_REVISIONS, rev=_iri(g))]
        meta = [r for g in sorted(only) for r in store.select(_FILE_META, g=_iri(g))]
    else:
        rows, meta = store.select(_REVISIONS), store.select(_FILE_META)
    for r in rows:
        d = by.setdefault(r["rev"], {"revision": r["rev"], "source": r["path"], "sha256": r["sha"], "current": False})
        if r["cur"]:
            d["current"] = True
        if r["gen"] and (d.get("generated_at") is None or _t(r["gen"]) > _t(d["generated_at"])):
            d["generated_at"], d["generated_by"], d["software"] = str(r["gen"]), r["act"], r["sw"]
        elif r["act"] and not d.get("generated_by"):
            d["generated_by"], d["software"] = r["act"], r["sw"]
        if r["inv"] and (d.get("invalidated_at") is None or (r["invAt"] and _t(r["invAt"]) > _t(d["invalidated_at"]))):
            d["invalidated_by"], d["invalidated_at"] = r["inv"], str(r["invAt"]) if r["invAt"] else None
        if r["prev"]:
            d["previous"] = r["prev"]
    for r in meta:
        d = by.get(r["g"])
        if d is not None:
            d.update(kind=r["kind"], evidence=r["evidence"], agent=r["agent"],
                     created=str(r["created"]) if r["created"] else None)
    for d in by.values():
        if d["current"]:
            d["invalidated_by"] = d["invalidated_at"] = None  # regenerated since
    out = [WhyRevision(**d) for d in by.values()]
    return sorted(out, key=lambda v: (v.source, v.generated_at or ""), reverse=True)


def state_after(store: Store, activity: str | None, acts: list[ActivityRef] | None = None,
                events: list[dict[str, object]] | None = None) -> dict[str, str]:
    """Which revision of each file was live right after ``activity`` (an activity IRI): ``{path: revision IRI}``.

    ``None`` gives the empty state (before the first ingest).  Replays
    ``prov:wasInvalidatedBy`` then ``prov:used`` (the revisions it read) of each activity in
    order (``events``: the rows of the events query, when the caller already
    read them).  Raises ``QueryError`` for an activity the store does not hold.
    """
    if activity is None:
        return {}
    acts = acts if acts is not None else activities(store)
    order = {a.iri: i for i, a in enumerate(acts)}
    if activity not in order:
        raise QueryError(f"no ingest activity {activity!r} in the store")
    gen: dict[str, list[tuple[str, str]]] = defaultdict(list)
    inv: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for r in events if events is not None else store.select(_EVENTS):
        (gen if r["ev"] == "gen" else inv)[r["act"]].append((r["path"], r["rev"]))
    state: dict[str, str] = {}
    for a in acts[: order[activity] + 1]:
        for path, rev in inv.get(a.iri, []):
            if state.get(path) == rev:
                del state[path]
        for path, rev in gen.get(a.iri, []):
            state[path] = rev
    return state


def _mem_store(store: Store, revisions: list[str]) -> Store:
    """An in-memory store holding copies of the named graphs ``revisions``, each marked ``kg:current``."""
    import pyoxigraph as ox

    mem = Store(None)
    marker = ox.NamedNode("https://w3id.org/provkg/ns#current")
    true = ox.Literal("true", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#boolean"))
    quads = []
    for rev in sorted(set(revisions)):
        quads.extend(store.quads(rev))
        quads.append(ox.Quad(ox.NamedNode(rev), marker, true, ox.NamedNode(PROV_G)))
    mem.db.extend(quads)
    return mem


def facts_of(store: Store, revisions: dict[str, str]) -> dict[str, list]:
    """The fact rows (``graph.facts``) of the revisions ``revisions`` (``{path: revision IRI}``), current or not.

    Read from the derived index where it holds them (every revision ingested since it was made);
    the others from their named graphs in the RDF store (copied into memory, ``_mem_store``).
    """
    from .rdf_rows import path_of_row, read_facts

    view = open_state(store).view
    have = {r[0] for r in view.select("SELECT rev FROM revision")} if revisions else set()
    want = {rev: p for p, rev in revisions.items()}
    out: dict[str, list] = {t: [] for t in TABLES}
    inside = [rev for rev in want if rev in have]
    for t in TABLES:
        out[t] = view.rows(t, revisions=inside) if inside else []
    missing = [rev for rev in want if rev not in have]
    if missing:
        for t, rows in read_facts(_mem_store(store, missing)).items():
            out[t] += [r for r in rows if path_of_row(t, r) in revisions]
    return out


def snapshot_of(store: Store, state: dict[str, str]) -> Snapshot:
    """A ``Snapshot`` of the revisions in ``state`` (``{path: revision IRI}``), as if they were current.

    Card titles and aliases are those of the state's paper cards.
    """
    facts = facts_of(store, state)
    return snapshot_from_facts(facts, facts["card_work"])


def _merge(*parts: dict[str, list]) -> dict[str, list]:
    out: dict[str, list] = {t: [] for t in TABLES}
    for p in parts:
        for t, rows in p.items():
            out[t] += rows
    return out


def _figure_keys(snap: Snapshot, paths: list[str]) -> set[str]:
    """``figure_key`` of every figure the claims of ``paths`` state (``queries.contradictions``)."""
    from .contradictions import figure_key

    return {figure_key(q.raw) for p in paths for c in snap.claims_of(p) for q in c.quantities}


def _named_works(snap: Snapshot, paths: list[str]) -> set[str]:
    """arXiv keys the files ``paths`` of ``snap`` name: claim subjects (aliases and titles included), the works
    the rules take their claims to be about (``claim_subjects``: an item's works, a short name), mentions,
    citations."""
    from .contradictions import claim_subjects

    claims = [c for p in paths for c in snap.claims_of(p)]
    subj = snap.subjects_for(claims)
    rule = claim_subjects(snap)
    out: set[str] = set()
    for c in claims:
        out.update(subj.get(c.iri, ()))
        out.update(rule.get(c.iri, ()))
        out.update(c.mentions)
    for p in paths:
        out.update(c.arxiv_id for c in snap.citations_of(p))
    return {w.removeprefix("arXiv:") for w in out if w}


def _paths_stating(view: IndexView, keys: set[str], fresh: bool) -> set[str]:
    """Live files with a claim stating a figure whose ``figure_key`` is in ``keys`` (the unverified-figure
    rule pairs a flag with every file stating the same figure, whatever work it is about): from the
    figure keys the index keeps (``queries.derive``) when its answers are current, else from every
    claim's figures."""
    from graph.facts import decode_list

    from .contradictions import figure_key

    if not keys:
        return set()
    if fresh:
        ks = sorted(keys)
        out: set[str] = set()
        for i in range(0, len(ks), 500):
            kk = {f"k{j}": k for j, k in enumerate(ks[i:i + 500])}
            out.update(r[0] for r in view.select(
                "SELECT DISTINCT a.path FROM ans_claim_figure a WHERE a.from_db <= :db AND "
                f"(a.to_db IS NULL OR a.to_db > :db) AND a.figure IN ({','.join(':' + k for k in kk)})", kk))
        return out
    rows = view.select("SELECT r.path, t.quantities FROM claim t JOIN revision r ON r.rev = t.rev WHERE "
                       "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db) AND t.quantities IS NOT NULL")
    return {p for p, qs in rows if any(figure_key(q[0]) in keys for q in decode_list(qs))}


def _names_of_both(view: IndexView, fresh: bool, touched: set[str], old_touched: dict[str, list],
                   new_touched: dict[str, list], cards_old: list, cards_new: list) -> tuple[dict[str, str], dict[str, str]]:
    """The short names of works (``queries.items.name_index``) of the old and the new whole state: the
    names the index keeps for the live state (when its answers are current), or computed from every
    citation that writes a title or a name; the old state's are the same unless the touched files
    wrote other titles or names, or a card changed."""
    from .derive import stored_names
    from .items import name_index

    def written(facts: dict[str, list]) -> list[tuple[str, str, str]]:
        return sorted({(c.arxiv_id, c.alias or "", c.title or "") for c in facts["citation"] if c.alias or c.title})

    base: list | None = None

    def names(touched_facts: dict[str, list], cards: list) -> dict[str, str]:
        nonlocal base
        if base is None:
            base = [c for c in view.rows("citation", where="t.alias IS NOT NULL OR t.title IS NOT NULL")
                    if c.path not in touched]
        cites = base + [c for c in touched_facts["citation"] if c.alias or c.title]
        return name_index(snapshot_from_facts({"citation": cites}, cards))

    new = stored_names(view) if fresh else names(new_touched, cards_new)
    if cards_old is cards_new and written(old_touched) == written(new_touched):
        return new, new
    return names(old_touched, cards_old), new


def _files_writing(view: IndexView, names: set[str]) -> set[str]:
    """Live files whose claims or items may write one of ``names`` (a superset: SQL ``LIKE`` on the longest
    ASCII run of each name, case-insensitive as the short-name matcher is; ``queries.items``)."""
    import re

    needles = sorted({max(re.findall(r"[\x00-\x7f]+", n), key=len, default=n) for n in names})
    out: set[str] = set()
    live = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"
    for i in range(0, len(needles), 100):
        nn = {f"n{j}": "%" + re.sub(r"([%_\\])", r"\\\1", n) + "%" for j, n in enumerate(needles[i:i + 100])}
        for table, col in (("claim", "text"), ("item", "title")):
            cond = " OR ".join(f"t.{col} LIKE :{k} ESCAPE '\\'" for k in nn)
            out.update(r[0] for r in view.select(
                f"SELECT DISTINCT r.path FROM {table} t JOIN revision r ON r.rev = t.rev WHERE {live} AND ({cond})", nn))
    return out


def diff_snapshots(store: Store, old_state: dict[str, str], new_state: dict[str, str],
                   touched: set[str]) -> tuple[Snapshot, Snapshot]:
    """The two states ``diff`` compares, as ``(old, new)`` snapshots of the part of the store that can differ.

    When few files changed (``touched``: at most a quarter of the files of both
    states), both snapshots hold the same context: the current living
    documents (their citation titles name works) and every current file that
    names a work the touched files name in either state (``queries.scope``), or
    states a figure they state (the unverified-figure rule pairs by figure
    alone): the claims a contradiction rule can pair with theirs, read from the
    derived index.  Card titles and aliases, and the short names of works
    (``queries.items.name_index``), are the whole state's: the store's for the new
    side; for the old side the same, or, when a paper card or a title or name
    written with a citation is among what the touched files changed, those of the
    old state (the files that may write a name whose work changed are then in the
    context, with the files naming its works).  Each side adds the touched
    files' revisions of its own state (``facts_of``: old revisions from the index,
    or from the RDF store when the index does not hold them).  Rows of the context
    are the same on both sides, so what differs between the two is what differs
    between the whole states; a file outside the context that names a work only
    by an alias or a title is not compared (the limit the scoped brief has,
    docs/SCALING.md §5).  With more files touched, the whole states are read.
    """
    st = open_state(store)
    view = st.view
    if len(touched) * 4 > len(old_state) + len(new_state):
        return snapshot_of(store, old_state), load_snapshot(store)
    olds = {p: old_state[p] for p in sorted(touched) if p in old_state}
    news = {p: new_state[p] for p in sorted(touched) if p in new_state}
    live = view.live_revisions()
    docs = sorted(r[0] for r in view.select(
        "SELECT t.path FROM source t JOIN revision r ON r.rev = t.rev WHERE r.from_db <= :db AND "
        "(r.to_db IS NULL OR r.to_db > :db) AND t.kind = 'living_doc'") if r[0] not in touched)
    old_touched = facts_of(store, olds)
    new_touched = facts_of(store, news)
    cards_new = view.rows("card_work")
    if old_touched["card_work"] or new_touched["card_work"]:
        cards_old = [c for c in cards_new if c.path not in touched] + old_touched["card_work"]
    else:
        cards_old = cards_new
    names_old, names_new = _names_of_both(view, st.fresh, touched, old_touched, new_touched, cards_old, cards_new)
    doc_facts = {t: view.rows(t, paths=docs) for t in TABLES}
    old1 = snapshot_from_facts(_merge(doc_facts, old_touched), cards_old)
    new1 = snapshot_from_facts(_merge(doc_facts, new_touched), cards_new)
    old1.cache["name_index"], new1.cache["name_index"] = names_old, names_new
    works = _named_works(old1, list(olds)) | _named_works(new1, list(news))
    keys = _figure_keys(old1, list(olds)) | _figure_keys(new1, list(news))
    renamed = {n for n in set(names_old) | set(names_new) if names_old.get(n) != names_new.get(n)}
    works |= {names[n] for names in (names_old, names_new) for n in renamed if n in names}
    from .scope import files_naming

    near = files_naming(view, sorted(works)) | _paths_stating(view, keys, st.fresh)
    if renamed:
        near |= _files_writing(view, renamed)
    context_paths = sorted((set(docs) | near) - set(news))
    context = {t: view.rows(t, paths=[p for p in context_paths if p in live]) for t in TABLES}
    old = snapshot_from_facts(_merge(context, old_touched), cards_old)
    new = snapshot_from_facts(_merge(context, new_touched), cards_new)
    old.cache["name_index"], new.cache["name_index"] = names_old, names_new
    return old, new


def resolve_since(acts: list[ActivityRef], since: str) -> ActivityRef | None:
    """The activity ``since`` names: an activity IRI, its stamp (``20261130T0908…-dbb3a53f``) or a
    unique prefix of it; or an ISO 8601 time / date, meaning the last activity started at or before it
    (``None`` when none was).  Raises ``QueryError`` when ``since`` is neither.
    """
    s = since.strip()
    hits = [a for a in acts if a.iri == s or a.iri.rsplit("/", 1)[-1] == s]
    if not hits:
        hits = [a for a in acts if a.iri.rsplit("/", 1)[-1].startswith(s)]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise QueryError(f"--since {since!r} matches {len(hits)} ingest activities; give more of the stamp")
    try:
        when = _t(s)
    except ValueError:
        raise QueryError(f"--since {since!r} is neither an ingest activity of this store nor an ISO 8601 time") from None
    before = [a for a in acts if _t(a.started) <= when]
    return before[-1] if before else None


def _state(c: SClaim) -> ClaimState:
    return ClaimState(id=c.iri, source=c.path, line=c.line, line_end=c.line_end, text=c.text, role=c.role,
                      evidence=c.evidence, agent=c.agent, figures=[q.raw for q in c.quantities])


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _fields(a: SClaim, b: SClaim) -> list[str]:
    out = []
    if _norm(a.text) != _norm(b.text):
        out.append("text")
    if [q.raw for q in a.quantities] != [q.raw for q in b.quantities]:
        out.append("figures")
    if a.evidence != b.evidence:
        out.append("evidence")
    if a.role != b.role:
        out.append("role")
    return out


def _direction(old: str, new: str) -> str:
    return "raised" if evidence_rank(new) < evidence_rank(old) else "lowered"


def _sides(f: Contradiction) -> tuple[tuple[str, str], ...]:
    """Both quotes of ``f`` as sorted ``(source, normalised text)`` pairs (a rule may swap ``a`` and ``b``)."""
    return tuple(sorted(((f.a.source, _norm(f.a.text)), (f.b.source, _norm(f.b.text)))))


def _ckey(f: Contradiction, edited: dict[tuple[str, str], str] | None = None) -> tuple[object, ...]:
    """A finding's exact identity across states: kind, subject, summary and both quotes (not lines, not
    a/b order; two conflicts of one pair of statements differ by their summary).

    ``edited`` maps ``(source, old text)`` of an edited claim to its new text,
    so a finding whose quote was an edited claim keys as the new text would.
    """
    e = edited or {}
    return (f.kind, f.subject, _norm(f.summary), tuple(sorted((src, e.get((src, t), t)) for src, t in _sides(f))))


def _skey(f: Contradiction) -> tuple[str, str, tuple[str, ...]]:
    """A finding's stable key: kind, subject and the set of source files it quotes (not texts, not lines)."""
    return (f.kind, f.subject, tuple(sorted({f.a.source, f.b.source})))


def _aligned(o: Contradiction, n: Contradiction) -> tuple[tuple[Statement, Statement], ...]:
    """The quotes of ``o`` and ``n`` paired by source file (``a`` with ``b`` when a rule swapped them)."""
    if (o.a.source, o.b.source) == (n.a.source, n.b.source):
        return ((o.a, n.a), (o.b, n.b))
    return ((o.a, n.b), (o.b, n.a))


def _place_distance(o: Contradiction, n: Contradiction) -> int:
    """How far the quotes of ``n`` are from those of ``o``: summed line distance, quotes paired by file."""
    return sum(abs(x.line - y.line) for x, y in _aligned(o, n))


_PLACE_LINE = compile_lazy(r"(?<=:)\d+\b")


def _without_lines(detail: str) -> str:
    """A finding's detail line with the line numbers of its ``path:line`` places blanked (``:#``)."""
    return _PLACE_LINE.sub("#", detail)


def _finding_fields(o: Contradiction, n: Contradiction) -> list[str]:
    """What a reader sees change between two states of one finding: ``summary``, ``text`` (a quote),
    ``evidence`` (a quote's level), ``detail``.  Lines alone are not a change (as for claims)."""
    out = []
    if _norm(o.summary) != _norm(n.summary):
        out.append("summary")
    if _sides(o) != _sides(n):
        out.append("text")
    if sorted((s.source, s.evidence) for s in (o.a, o.b)) != sorted((s.source, s.evidence) for s in (n.a, n.b)):
        out.append("evidence")
    if sorted(map(_without_lines, o.detail)) != sorted(map(_without_lines, n.detail)):
        out.append("detail")
    return out


@dataclass(frozen=True)
class FindingMatch:
    """The findings of two states matched (``match_findings``).

    ``opened``: only in the new state; ``closed``: only in the old one;
    ``changed``: ``(old, new, fields)`` of a finding in both states whose
    ``fields`` (``_finding_fields``) differ; ``unchanged``: how many persisted
    with nothing visible changed.
    """

    opened: list[Contradiction]
    closed: list[Contradiction]
    changed: list[tuple[Contradiction, Contradiction, list[str]]]
    unchanged: int


def match_findings(old: list[Contradiction], new: list[Contradiction],
                   edited: dict[tuple[str, str], str] | None = None) -> FindingMatch:
    """Match the contradiction findings of an old and a new state: which persisted, opened, closed.

    A finding's ``id`` names what it is (kind, work, files, qualifier sides,
    figures or values; ``queries.contradictions``), so the same ``id`` in both
    states is the same finding, whatever its quotes now say.  The rest (an ``id``
    rehashed from its quotes, where two findings shared one) are matched in two
    passes:

    1. exact: same kind, subject, summary and both quotes (``_ckey``; ``edited`` maps
       ``(source, old normalised text)`` of a claim ``diff`` paired as edited to
       its new text, so that edit keys as the new text);
    2. stable key: findings with the same kind, subject and set of source files
       (``_skey``) and the same summary, nearest quotes (summed line distance) first.

    A figure or value that changed is a new finding, here as in ``report
    --fail-on new --baseline``: the old one closes, the new one opens.

    Returns a ``FindingMatch``; ``opened`` / ``closed`` sorted by ``_ckey``,
    ``changed`` by the new finding's ``_ckey``.  Raises nothing.
    """
    by_id = {f.id: f for f in new}
    pairs = [(o, by_id[o.id]) for o in old if o.id in by_id and by_id[o.id].kind == o.kind]
    paired_ids = {o.id for o, _n in pairs}
    co: dict[tuple[object, ...], Contradiction] = {}
    for f in old:
        if f.id not in paired_ids:
            co.setdefault(_ckey(f, edited), f)
    cn: dict[tuple[object, ...], Contradiction] = {}
    for f in new:
        if f.id not in paired_ids:
            cn.setdefault(_ckey(f), f)
    pairs += [(co[k], cn[k]) for k in co.keys() & cn.keys()]
    rest_o = {k: f for k, f in co.items() if k not in cn}
    rest_n = {k: f for k, f in cn.items() if k not in co}
    by_skey: dict[tuple[object, ...], list[tuple[tuple[object, ...], Contradiction]]] = defaultdict(list)
    for kn, n in rest_n.items():
        by_skey[(*_skey(n), _norm(n.summary))].append((kn, n))
    # Candidate pairs share a stable key and summary (blocked, never all pairs: PERF-NOTES).
    scored = sorted((_place_distance(o, n), ko, kn)
                    for ko, o in rest_o.items() for kn, n in by_skey.get((*_skey(o), _norm(o.summary)), ()))
    for _dist, ko, kn in scored:
        if ko in rest_o and kn in rest_n:
            pairs.append((rest_o.pop(ko), rest_n.pop(kn)))
    changed = [(o, n, fl) for o, n in sorted(pairs, key=lambda p: _ckey(p[1])) if (fl := _finding_fields(o, n))]
    return FindingMatch(opened=[rest_n[k] for k in sorted(rest_n)], closed=[rest_o[k] for k in sorted(rest_o)],
                        changed=changed, unchanged=len(pairs) - len(changed))


def diff(store: Store, since: str | None = None) -> DiffResult:
    """Compare the store after two ingests: claims added, removed and changed, and what follows from them.

    Parameters
    ----------
    store : Store
    since : str, optional
        The older state: an activity (IRI, stamp or stamp prefix) or an ISO
        8601 time (see ``resolve_since``).  Default: the activity before the
        last one that added, changed or removed a file (the empty store when
        that was the first).  The newer state is always the store as it is
        (after the last activity).

    Returns
    -------
    DiffResult
        Only files whose live revision differs are compared.  Claims are matched
        by their stable IRI (path + normalised text + occurrence): same IRI with
        other figures, evidence or role is *changed*; a claim whose text was
        edited has a new IRI and is paired, within its file, with the removed
        claim it resembles most (rapidfuzz ``ratio`` >= ``PAIR_THRESHOLD``), and
        reported as changed (``text``).  The rest are added or removed.
        Contradictions are the rules of ``queries.contradictions`` run on both states
        (on the part of them that can differ: ``diff_snapshots``), matched by
        ``match_findings`` (kind, subject and source files, not ``id``): a
        finding whose quote was only reworded or moved is neither opened nor closed.

    Raises
    ------
    QueryError
        No ingest yet, or ``since`` names nothing.
    """
    acts = activities(store)
    if not acts:
        raise QueryError("the store records no ingest activity; run `provkg ingest PATH` first")
    until = acts[-1]
    if since is None:
        # The state before the last ingest that changed anything: re-running an ingest on an
        # unchanged workspace records an activity but must not hide the last real change.
        last = max((i for i, a in enumerate(acts) if a.added or a.changed or a.removed), default=len(acts) - 1)
        old_act = acts[last - 1] if last > 0 else None
    else:
        old_act = resolve_since(acts, since)
    events = store.select(_EVENTS)
    old_state = state_after(store, old_act.iri if old_act else None, acts, events)
    new_state = state_after(store, until.iri, acts, events)

    files_added = sorted(p for p in new_state if p not in old_state)
    files_removed = sorted(p for p in old_state if p not in new_state)
    # Same bytes read again (A -> B -> A) are a new revision entity (…/rev/<sha>-2) but no change.
    files_changed = sorted(p for p in new_state if p in old_state and revision_base(new_state[p]) != revision_base(old_state[p]))
    touched = set(files_added) | set(files_removed) | set(files_changed)
    old, new = diff_snapshots(store, old_state, new_state, touched)

    added: list[ClaimState] = []
    removed: list[ClaimState] = []
    changed: list[ClaimChange] = []
    ev: list[EvidenceChange] = []
    for path in sorted(touched):
        o = {c.iri: c for c in old.claims_of(path)}
        n = {c.iri: c for c in new.claims_of(path)}
        for iri in sorted(o.keys() & n.keys()):
            f = _fields(o[iri], n[iri])
            if f:
                changed.append(ClaimChange(source=path, fields=f, old=_state(o[iri]), new=_state(n[iri])))
        gone = [o[i] for i in o.keys() - n.keys()]
        new_ = [n[i] for i in n.keys() - o.keys()]
        pairs = []
        if gone and new_:
            from rapidfuzz import fuzz

            scored = sorted(((fuzz.ratio(_norm(a.text), _norm(b.text)), -abs(a.line - b.line), a.iri, b.iri)
                             for a in gone for b in new_), reverse=True)
            used_a: set[str] = set()
            used_b: set[str] = set()
            for score, _d, ia, ib in scored:
                if score < PAIR_THRESHOLD:
                    break
                if ia in used_a or ib in used_b:
                    continue
                used_a.add(ia)
                used_b.add(ib)
                pairs.append((o[ia], n[ib]))
            gone = [c for c in gone if c.iri not in used_a]
            new_ = [c for c in new_ if c.iri not in used_b]
        for a, b in pairs:
            changed.append(ClaimChange(source=path, fields=_fields(a, b), old=_state(a), new=_state(b)))
        removed.extend(_state(c) for c in sorted(gone, key=lambda c: c.line))
        added.extend(_state(c) for c in sorted(new_, key=lambda c: c.line))
        so, sn = old.sources.get(path), new.sources.get(path)
        if so and sn and so.evidence != sn.evidence:
            ev.append(EvidenceChange(subject=path, source=path, old=so.evidence, new=sn.evidence,
                                     direction=_direction(so.evidence, sn.evidence)))
    changed.sort(key=lambda c: (c.source, c.new.line))
    for c in changed:
        if "evidence" in c.fields:
            ev.append(EvidenceChange(subject=c.new.id, source=c.source, line=c.new.line, old=c.old.evidence,
                                     new=c.new.evidence, direction=_direction(c.old.evidence, c.new.evidence)))

    edited = {(c.source, _norm(c.old.text)): _norm(c.new.text) for c in changed if "text" in c.fields}
    found = match_findings(_contradictions(old) if old.claims or old.sources else [], _contradictions(new), edited)
    wo = {c.arxiv_id for c in old.citations}
    wn = {c.arxiv_id for c in new.citations}
    return DiffResult(
        since=old_act, until=until, files_added=files_added, files_changed=files_changed, files_removed=files_removed,
        claims_added=added, claims_removed=removed, claims_changed=changed,
        evidence_changes=sorted(ev, key=lambda e: (e.source, e.line or 0)),
        contradictions_opened=found.opened, contradictions_closed=found.closed,
        contradictions_changed=[ContradictionChange(fields=f, old=o, new=n) for o, n, f in found.changed],
        works_cited=sorted(wn - wo), works_uncited=sorted(wo - wn),
    )


def _one(text: str, n: int = 100) -> str:
    t = _norm(text)
    return t if len(t) <= n else t[: n - 1] + "…"


def _changed_pair(old: str, new: str, n: int = 100) -> tuple[str, str]:
    """``old`` and ``new`` normalised and cut to about ``n`` characters each around where they differ.

    A long line edited near its end kept only its first ``n`` characters, the same on both
    sides, so ``was:`` and ``now:`` looked equal (a fresh user's run).  The common start and end
    are elided with ``…`` and 30 characters of context are kept on each side of the change.

    >>> _changed_pair("a" * 200 + " 2.1x faster", "a" * 200 + " 3.1x faster", 60)
    ('…aaaaaaaaaaaaaaaaaaaaaaaaaaaaa 2.1x faster', '…aaaaaaaaaaaaaaaaaaaaaaaaaaaaa 3.1x faster')
    """
    a, b = _norm(old), _norm(new)
    if len(a) <= n and len(b) <= n:
        return a, b
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    q = 0
    while q < min(len(a), len(b)) - p and a[-1 - q] == b[-1 - q]:
        q += 1
    start = max(0, p - 30)

    def cut(t: str) -> str:
        end = min(len(t), len(t) - q + 30)
        mid = t[start:end]
        if len(mid) > n:
            mid = mid[: n - 1] + "…"
        elif end < len(t):
            mid += "…"
        return ("…" if start else "") + mid

    return cut(a), cut(b)


def format_diff(d: DiffResult) -> str:
    """``DiffResult`` as plain text, one finding a line with ``path:line`` (what ``provkg diff`` prints)."""
    since = f"{d.since.iri.rsplit('/', 1)[-1]} ({d.since.started})" if d.since else "the empty store"
    lines = [f"diff from {since}", f"       to {d.until.iri.rsplit('/', 1)[-1]} ({d.until.started})", ""]
    for label, lst in (("files added", d.files_added), ("files changed", d.files_changed),
                       ("files removed", d.files_removed)):
        for p in lst:
            lines.append(f"{label[6:]:8} file  {p}")
    for sign, claims in (("+", d.claims_added), ("-", d.claims_removed)):
        for c in claims:
            lines.append(f"{sign} claim  {c.source}:{c.line}  [{c.evidence}] {_one(c.text)}")
    # A claim's evidence change is printed once, under the claim (with its direction): it also stood as
    # an evidence line of its own, so one edit read as two changes (a fresh-user run).
    direction = {e.subject: e.direction for e in d.evidence_changes if e.line}
    for ch in d.claims_changed:
        lines.append(f"~ claim  {ch.source}:{ch.old.line}->{ch.new.line}  ({', '.join(ch.fields)})")
        if "text" in ch.fields or "figures" in ch.fields:
            was, now = _changed_pair(ch.old.text, ch.new.text)
            lines.append(f"      was: {was}")
            lines.append(f"      now: {now}")
        if "evidence" in ch.fields:
            how = direction.get(ch.new.id)
            lines.append(f"      evidence: {ch.old.evidence} -> {ch.new.evidence}" + (f" ({how})" if how else ""))
    shown = {ch.new.id for ch in d.claims_changed if "evidence" in ch.fields}
    for e in d.evidence_changes:
        if e.line and e.subject in shown:
            continue
        where = f"{e.source}:{e.line}" if e.line else e.source
        lines.append(f"{e.direction:8} evidence  {where}  {e.old} -> {e.new}")
    for label, found in (("opened", d.contradictions_opened), ("closed", d.contradictions_closed)):
        for f in found:
            lines.append(f"{label:8} {f.kind}  {f.subject}: {_one(f.summary)}  "
                         f"({f.a.source}:{f.a.line} / {f.b.source}:{f.b.line})")
    for fc in d.contradictions_changed:
        o, n = fc.old, fc.new
        lines.append(f"changed  {n.kind}  {n.subject}: {_one(n.summary)}  "
                     f"({n.a.source}:{n.a.line} / {n.b.source}:{n.b.line})  ({', '.join(fc.fields)})")
        if "summary" in fc.fields:
            lines.append(f"      was: {_one(o.summary)}")
        if "text" in fc.fields or "evidence" in fc.fields:
            for x, y in _aligned(o, n):
                if _norm(x.text) != _norm(y.text) or x.evidence != y.evidence:
                    was, now = _changed_pair(x.text, y.text)
                    lines.append(f"      was: {x.source}:{x.line}  [{x.evidence}] {was}")
                    lines.append(f"      now: {y.source}:{y.line}  [{y.evidence}] {now}")
    for w in d.works_cited:
        lines.append(f"cited    arXiv:{w}")
    for w in d.works_uncited:
        lines.append(f"uncited  arXiv:{w}")
    if len(lines) == 3:
        lines.append("no change")
    lines.append("")
    lines.append(f"claims: {len(d.claims_added)} added, {len(d.claims_removed)} removed, {len(d.claims_changed)} changed; "
                 f"contradictions: {len(d.contradictions_opened)} opened, {len(d.contradictions_closed)} closed, "
                 f"{len(d.contradictions_changed)} changed; "
                 f"works newly cited: {len(d.works_cited)}")
    return "\n".join(lines) + "\n"
