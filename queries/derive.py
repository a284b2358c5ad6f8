"""The answers of the derived index: computed at ingest, for the part of the store a change touches.

The rules (``queries.contradictions``, the evidence audit and the increments of
``queries.named``) work on a ``Snapshot`` of plain rows.  At ingest (``update``, the ``derive``
hook of ``graph.loader.ingest_paths``) they run over the files a changed file can matter to,
and their answers replace the stored answers of those files and works; the rest stay.  The
answer tables (``ANSWERS``) are read by the named queries, the report and the brief.

What a change touches
---------------------
Let P be the files whose live revision changed since the answers were last computed (added,
changed or removed), with their rows before and after.

* **Derived facts** of each file of P: its title matches (titles written without an arXiv ID,
  looked up among the card titles and living-document citation titles), its claims' subjects
  (stated, alias and title matches), the works the rules take each claim to be about
  (``queries.contradictions.claim_subjects``: stated, else its item's works, else a short name)
  and figure keys.  These depend on the file and on what every file shares (card titles and
  aliases, living-document citation titles, and the short names of works: the names written next
  to identifiers and the citations' titles, ``queries.items.name_index``, kept as an answer); when
  a change alters that shared part (a card's title or alias, a citation's title or name),
  everything is computed again.
* **Findings and evidence rows.**  A work is affected when a file of P names it (before or after:
  subjects, mentions, citations, a card's work); a figure key when a claim of P states it.  The
  rules run over a snapshot of the files holding a claim about an affected work, citing one, or
  carding one, plus those that state a figure the other side of an unverified-figure pair needs
  (a flag in P: every claim stating the figure; a figure in P: the flags of it).  A finding (or an
  evidence row) is replaced when its subject is an affected work or a file of P, or it quotes a
  file of P; of what the rules give, exactly those are kept.  Findings are computed per work, per
  file, or per pair of statements by the rules (docs/FORMAT.md), so a stored finding that
  matches neither condition is one the change cannot alter.
* **Increments and items** (``queries.items.shift_items``) of every manifest that a file of P
  declares or lists, or whose living document (every manifest's, when a manifest names none that
  is ingested) is in P.

``tests/test_index.py`` holds the stored answers, after cold ingests and after chains of
changes, equal to the rules run over the whole store as read from the RDF store.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graph.facts import encode_list
from graph.index import AnswerTable, IndexView, IndexWrite

from .results import Contradiction, EvidenceFinding, Increment, ItemRow

if TYPE_CHECKING:
    from .snapshot import Snapshot

# The rules (``queries.contradictions``, ``queries.items``, ``queries.snapshot``) are imported where they
# run: reading a stored answer (``stored_findings`` …) needs none of them.

__all__ = ["ANSWERS", "Deriver", "Rules", "rebuild_index", "update", "compute_all", "stored_findings", "stored_evidence",
           "stored_increments", "stored_items", "stored_names", "stored_rule_subjects", "increment_scope"]


@dataclass(frozen=True)
class Rules:
    """The rules whose answers the index keeps (handed in by ``queries.named``, which defines two of them).

    ``findings(snap)``: contradiction findings, sorted; ``evidence(snap)``: evidence-audit rows;
    ``increments(snap)``: the increments of every manifest the snapshot holds; ``items(snap)``: the
    judged items of every manifest the snapshot holds (``queries.items.shift_items``);
    ``finding_key``: the order of findings.
    """

    findings: Callable[[Snapshot], list[Contradiction]]
    evidence: Callable[[Snapshot], list[EvidenceFinding]]
    increments: Callable[[Snapshot], list[Increment]]
    finding_key: Callable[[Contradiction], tuple]
    items: Callable[[Snapshot], list[ItemRow]]


T_TITLE = AnswerTable("ans_title_match", ("path", "seq", "doc"))
T_SUBJECT = AnswerTable("ans_subject", ("path", "claim", "subjects"), indexes=("claim",))
T_CLAIM_SUBJECT = AnswerTable("ans_claim_subject", ("path", "claim", "subject"), indexes=("subject",))
#: The works the rules take each claim to be about (``claim_subjects``), in their order (``seq``).
T_RULE_SUBJECT = AnswerTable("ans_rule_subject", ("path", "claim", "seq", "subject"), indexes=("subject",))
#: The short names of works (``queries.items.name_index``), one block (``names``) for the whole store.
T_NAME = AnswerTable("ans_name", ("name", "arxiv_id"))
T_FIGURE = AnswerTable("ans_claim_figure", ("path", "claim", "figure", "unverified"), indexes=("figure",))
T_FINDING = AnswerTable("ans_finding", ("id", "kind", "subject", "a_source", "b_source", "doc"),
                        indexes=("subject", "a_source", "b_source"))
T_EVIDENCE = AnswerTable("ans_evidence", ("kind", "subject", "figure", "doc"), indexes=("subject",))
T_EVIDENCE_SOURCE = AnswerTable("ans_evidence_source", ("source",), indexes=("source",))
T_INCREMENT = AnswerTable("ans_increment", ("manifest_id", "seq", "source", "doc"), indexes=("manifest_id",))
#: The judged items of a manifest material (blocks as ``T_INCREMENT``'s), in material then item order.
T_ITEM = AnswerTable("ans_item", ("manifest_id", "seq", "item", "source", "doc"), indexes=("manifest_id",))
#: Every answer table.
ANSWERS = [T_TITLE, T_SUBJECT, T_CLAIM_SUBJECT, T_RULE_SUBJECT, T_NAME, T_FIGURE, T_FINDING, T_EVIDENCE,
           T_EVIDENCE_SOURCE, T_INCREMENT, T_ITEM]


# -- reading -------------------------------------------------------------------------------------
def stored_findings(view: IndexView, *, subjects: Iterable[str] | None = None,
                    sources: Iterable[str] | None = None) -> list[Contradiction]:
    """The stored findings (all, or those about ``subjects`` or quoting a file of ``sources``), unsorted."""
    from pydantic import TypeAdapter

    where, params = _about_or_quoting(subjects, sources, "a.a_source", "a.b_source")
    docs = [r[0] for r in view.answers(T_FINDING.name, ["doc"], where=where, params=params)]
    return TypeAdapter(list[Contradiction]).validate_json("[" + ",".join(docs) + "]")


def stored_evidence(view: IndexView, *, subjects: Iterable[str] | None = None,
                    sources: Iterable[str] | None = None) -> list[EvidenceFinding]:
    """The stored evidence-audit rows (all, or those about ``subjects`` or quoting ``sources``), sorted
    by kind, subject and figure."""
    from pydantic import TypeAdapter

    where, params = "", {}
    if subjects is not None or sources is not None:
        subj = list(subjects or [])
        srcs = list(sources or [])
        sp = {f"s{i}": s for i, s in enumerate(subj)}
        pp = {f"p{i}": p for i, p in enumerate(srcs)}
        conds = []
        if sp:
            conds.append(f"a.subject IN ({','.join(':' + k for k in sp)})")
        if pp:
            conds.append(f"a.block IN (SELECT e.block FROM {T_EVIDENCE_SOURCE.name} e WHERE "
                         f"e.from_db <= :db AND (e.to_db IS NULL OR e.to_db > :db) AND "
                         f"e.source IN ({','.join(':' + k for k in pp)}))")
        where, params = " OR ".join(conds) or "0", {**sp, **pp}
    rows = view.answers(T_EVIDENCE.name, ["doc", "kind", "subject", "figure"], where=where, params=params,
                        order="a.kind, a.subject, coalesce(a.figure, '')")
    return TypeAdapter(list[EvidenceFinding]).validate_json("[" + ",".join(r[0] for r in rows) + "]")


def stored_increments(view: IndexView, manifest_id: str | None = None) -> list[Increment]:
    """The stored increments (of one manifest ID, or of all), in manifest and material order."""
    from pydantic import TypeAdapter

    where, params = ("a.manifest_id = :m", {"m": manifest_id}) if manifest_id is not None else ("", {})
    rows = view.answers(T_INCREMENT.name, ["doc"], where=where, params=params, order="a.manifest_id, a.seq")
    return TypeAdapter(list[Increment]).validate_json("[" + ",".join(r[0] for r in rows) + "]")


def stored_items(view: IndexView, manifest_id: str | None = None) -> list[ItemRow]:
    """The stored judged items (of one manifest ID, or of all), in manifest, material and item order."""
    from pydantic import TypeAdapter

    where, params = ("a.manifest_id = :m", {"m": manifest_id}) if manifest_id is not None else ("", {})
    rows = view.answers(T_ITEM.name, ["doc"], where=where, params=params, order="a.manifest_id, a.seq, a.item")
    return TypeAdapter(list[ItemRow]).validate_json("[" + ",".join(r[0] for r in rows) + "]")


def stored_names(view: IndexView) -> dict[str, str]:
    """The stored short names of works (``queries.items.name_index``): ``{name: arXiv key}``."""
    return dict(view.answers(T_NAME.name, ["name", "arxiv_id"], order="a.name"))


def stored_rule_subjects(view: IndexView, paths: Iterable[str]) -> dict[str, list[str]]:
    """The stored ``claim_subjects`` of the claims of the files ``paths``: ``{claim IRI: [arXiv key, ...]}``
    (a claim about no work has no entry)."""
    out: dict[str, list[str]] = {}
    for pp in _chunks(paths):
        for claim, subject in view.answers(T_RULE_SUBJECT.name, ["claim", "subject"],
                                           where=f"a.block IN ({','.join(':' + k for k in pp)})", params=pp,
                                           order="a.claim, a.seq"):
            out.setdefault(claim, []).append(subject)
    return out


def _about_or_quoting(subjects: Iterable[str] | None, sources: Iterable[str] | None, *cols: str
                      ) -> tuple[str, dict[str, object]]:
    """SQL: the answer's ``subject`` is in ``subjects`` or one of ``cols`` is in ``sources`` ("" = all)."""
    if subjects is None and sources is None:
        return "", {}
    sp = {f"s{i}": s for i, s in enumerate(dict.fromkeys(subjects or []))}
    pp = {f"p{i}": p for i, p in enumerate(dict.fromkeys(sources or []))}
    conds = []
    if sp:
        conds.append(f"a.subject IN ({','.join(':' + k for k in sp)})")
    if pp:
        marks = ",".join(":" + k for k in pp)
        conds += [f"{c} IN ({marks})" for c in cols]
    return " OR ".join(conds) or "0", {**sp, **pp}


# -- computing -----------------------------------------------------------------------------------
def _derived_rows(snap: Snapshot, paths: list[str]) -> dict[str, list[tuple[str, tuple]]]:
    """The derived-fact answer rows (title matches, subjects, the rules' subjects, figure keys) of the files
    ``paths`` of ``snap``."""
    from .contradictions import claim_subjects, figure_key

    ps = set(paths)
    out: dict[str, list[tuple[str, tuple]]] = {T_TITLE.name: [], T_SUBJECT.name: [], T_CLAIM_SUBJECT.name: [],
                                               T_RULE_SUBJECT.name: [], T_FIGURE.name: []}
    seq: dict[str, int] = {}
    for m in snap.title_matches:
        if m.path in ps:
            n = seq.get(m.path, 0)
            seq[m.path] = n + 1
            doc = json.dumps([m.path, m.line, m.item, m.title, m.status, m.arxiv_id, m.score,
                              [list(c) for c in m.candidates]], ensure_ascii=False)
            out[T_TITLE.name].append((m.path, (m.path, n, doc)))
    claims = [c for c in snap.claims if c.path in ps]
    subj = snap.subjects  # the snapshot holds these files (and maybe others): computed once
    rule_subj = claim_subjects(snap)
    for c in claims:
        s = subj.get(c.iri, [])
        out[T_SUBJECT.name].append((c.path, (c.path, c.iri, encode_list(s))))
        out[T_CLAIM_SUBJECT.name].extend((c.path, (c.path, c.iri, w)) for w in s)
        out[T_RULE_SUBJECT.name].extend((c.path, (c.path, c.iri, i, w)) for i, w in enumerate(rule_subj.get(c.iri, [])))
        for q in c.quantities:
            out[T_FIGURE.name].append((c.path, (c.path, c.iri, figure_key(q.raw), 1 if c.unverified else 0)))
    return out


def _evidence_id(doc: str) -> str:
    """The block of an evidence row: a digest of its JSON (two different rows never share one)."""
    return hashlib.sha1(doc.encode("utf-8")).hexdigest()[:20]


def _finding_rows(found: list[Contradiction]) -> list[tuple[str, tuple]]:
    return [(f.id, (f.id, f.kind, f.subject, f.a.source, f.b.source, f.model_dump_json())) for f in found]


def _write_evidence(w: IndexWrite, rows: list[EvidenceFinding], blocks: list[str] | None) -> None:
    ev, src = [], []
    for e in rows:
        doc = e.model_dump_json()
        eid = _evidence_id(doc)
        ev.append((eid, (e.kind, e.subject, e.figure, doc)))
        src.extend((eid, (s,)) for s in sorted({st.source for st in e.statements}))
    w.replace_answers(T_EVIDENCE, blocks, ev)
    w.replace_answers(T_EVIDENCE_SOURCE, blocks, src)


def increment_scope(view: IndexView, paths: Iterable[str]) -> tuple[set[str], set[tuple[str, str]]]:
    """What a change of the files ``paths`` can alter of the increments (module docstring):
    ``(manifest IDs to compute whole, (manifest ID, material path) rows to compute)``.

    A manifest is computed whole when one of its files changed, one of its materials (an item's suggested section
    reads where the shift's other materials place its work: ``queries.items``), or a living document it reads (any,
    when it names none that is ingested); the second part, rows of single materials, is then empty.
    """
    ps = list(dict.fromkeys(paths))
    if not ps:
        return set(), set()
    pm, pp = _marks("p", ps)
    live = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"
    items = view.select(f"SELECT DISTINCT t.manifest_id, t.manifest_path, t.path, t.knowledge FROM manifest_item t "
                        f"JOIN revision r ON r.rev = t.rev WHERE {live}")
    whole = {mid for mid, mpath, path, _k in items if mpath in set(ps) or path in set(ps)}
    docs = {r[0] for r in view.select(
        f"SELECT s.path FROM source s JOIN revision r ON r.rev = s.rev WHERE {live} AND s.kind = 'living_doc' "
        f"AND s.path IN ({pm})", pp)}
    if docs:  # a living document changed: the manifests reading it, and those naming none that is ingested
        from graph.model import source_iri

        iris = {source_iri(d).value for d in docs}
        known = {r[0] for r in view.select(f"SELECT s.iri FROM source s JOIN revision r ON r.rev = s.rev WHERE {live}")}
        whole |= {mid for mid, _m, _p, know in items if know in iris or know is None or know not in known}
    pairs = {(mid, path) for mid, _m, path, _k in items if path in set(ps) and mid not in whole}
    return whole, pairs


def _increments_for(w: IndexWrite, rules: Rules, whole: set[str] | None, pairs: set[tuple[str, str]] = frozenset(),
                    snap_whole: Snapshot | None = None) -> None:
    """Recompute the increments and the judged items of the manifests ``whole`` (None: of every manifest)
    and the material rows ``pairs`` into the write ``w`` (``snap_whole``: a snapshot of the whole state
    whose findings are computed, to reuse).  One increment row per manifest material and one item row per
    item of it, their block ``<manifest ID>\\0<path>``."""
    from .snapshot import snapshot_of_view

    view = w.view()
    live = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"
    rows = view.select(f"SELECT t.manifest_id, t.manifest_path, t.path FROM manifest_item t "
                       f"JOIN revision r ON r.rev = t.rev WHERE {live}")
    mids = None if whole is None else whole | {m for m, _p in pairs}
    files: set[str] = set()
    materials: set[str] = set()
    for mid, mpath, path in rows:
        if mids is None or mid in mids:
            files.add(mpath)
            if whole is None or mid in whole or (mid, path) in pairs:
                files.add(path)
                materials.add(path)
    stale: list[str] | None = None
    if whole is not None:
        wm, wp = _marks("m", whole)
        stale = [r[0] for r in view.answers(T_INCREMENT.name, ["block"], where=f"a.manifest_id IN ({wm})", params=wp)]
        stale += [f"{m}\x00{p}" for m, p in pairs]
        if not files:
            w.replace_answers(T_INCREMENT, stale, [])
            w.replace_answers(T_ITEM, stale, [])
            return
    files.update(r[0] for r in view.select(
        f"SELECT s.path FROM source s JOIN revision r ON r.rev = s.rev WHERE {live} AND s.kind = 'living_doc'"))
    if snap_whole is not None:
        snap = snap_whole
    else:
        snap = snapshot_of_view(view, paths=None if whole is None else sorted(files), fresh=True)
        # The findings the increments read: the label findings (``kind == label_mismatch``, subject = the
        # material) and those quoting a material (a statement at odds with the living document makes its
        # item an increment: ``queries.contradictions.at_odds_with_living_docs``).
        snap.cache["contradictions"] = tuple(stored_findings(view, subjects=sorted(materials), sources=sorted(materials)))
        # The short names of works are the whole store's (the snapshot holds some files' citations only).
        snap.cache["name_index"] = stored_names(view)
    pos: dict[tuple[str, str], int] = {}
    count: dict[str, int] = {}
    for it in snap.manifest_items_for(None):  # every material's place in its manifest (the answer's order)
        if (it.manifest_id, it.path) not in pos:
            pos[(it.manifest_id, it.path)] = count.get(it.manifest_id, 0)
            count[it.manifest_id] = pos[(it.manifest_id, it.path)] + 1
    if whole is not None:
        snap.__dict__["manifest_items"] = [i for i in snap.manifest_items
                                           if i.manifest_id in whole or (i.manifest_id, i.path) in pairs]
    out = [(f"{inc.manifest_id}\x00{inc.source}",
            (inc.manifest_id, pos.get((inc.manifest_id, inc.source), inc.order), inc.source, inc.model_dump_json()))
           for inc in rules.increments(snap)]
    w.replace_answers(T_INCREMENT, stale, out)
    w.replace_answers(T_ITEM, stale, [
        (f"{it.manifest_id}\x00{it.source}",
         (it.manifest_id, pos.get((it.manifest_id, it.source), 0), it.index, it.source, it.model_dump_json()))
        for it in rules.items(snap)])


def compute_all(w: IndexWrite, rules: Rules) -> None:
    """Compute every answer of the state the write ``w`` makes, replacing all stored answers."""
    from .items import name_index
    from .snapshot import snapshot_of_view

    view = w.view()
    snap = snapshot_of_view(view)  # one snapshot: its subjects and title matches computed once, then stored
    paths = sorted(snap.sources)
    for name, rows in _derived_rows(snap, paths).items():
        w.replace_answers(next(t for t in ANSWERS if t.name == name), None, rows)
    w.replace_answers(T_NAME, None, [("names", (n, a)) for n, a in sorted(name_index(snap).items())])
    found = rules.findings(snap)  # kept in ``snap.cache``: the increments read the label findings there
    w.replace_answers(T_FINDING, None, _finding_rows(found))
    _write_evidence(w, rules.evidence(snap), None)
    _increments_for(w, rules, None, snap_whole=snap)
    w.set_meta("answers_db", str(w.db))


def _changed_paths(w: IndexWrite, since: int) -> list[str]:
    """Files whose live revision differs between database ``since`` and the one ``w`` makes."""
    rows = w.view().select("SELECT DISTINCT path FROM revision WHERE (from_db > :a AND from_db <= :db) "
                           "OR (to_db > :a AND to_db <= :db)", {"a": since})
    return sorted(r[0] for r in rows)


def _revisions_at(view: IndexView, paths: list[str], db: int) -> list[str]:
    pp = {f"p{i}": p for i, p in enumerate(paths)}
    if not pp:
        return []
    return [r[0] for r in view.select(
        f"SELECT rev FROM revision WHERE from_db <= :at AND (to_db IS NULL OR to_db > :at) "
        f"AND path IN ({','.join(':' + k for k in pp)})", {**pp, "at": db})]


def _shared(view: IndexView, revs: list[str]) -> tuple:
    """What every file shares that revisions ``revs`` contribute: card works, titles and aliases,
    living-document citation titles (the title index), and the titles and names written with citations
    (the short names of works, ``queries.items.name_index``).  A change to it changes every file's
    derived facts."""
    cards = sorted((c.path, c.arxiv_id, c.title or "", c.alias or "") for c in view.rows("card_work", revisions=revs))
    titles = sorted((c.path, c.arxiv_id, c.title) for c in view.rows(
        "citation", revisions=revs, where="t.kind = 'living_doc' AND t.title IS NOT NULL"))
    names = sorted({(c.arxiv_id, c.alias or "", c.title or "") for c in view.rows(
        "citation", revisions=revs, where="t.alias IS NOT NULL OR t.title IS NOT NULL")})
    return cards, titles, names


def update(w: IndexWrite, rules: Rules) -> None:
    """Bring the answers of the index write ``w`` up to date (the ``derive`` hook of ``ingest_paths``).

    Incremental from the database whose answers the index holds (module docstring), or all of
    them when there is none, or the shared part changed.
    """
    from .snapshot import snapshot_of_view

    w.index.create_answers(ANSWERS)
    prev = w.index.meta("answers_db")
    since = int(prev) if prev and prev.isdigit() else None
    if since is None or since > w.db:
        compute_all(w, rules)
        return
    changed = _changed_paths(w, since)
    if not changed:
        w.set_meta("answers_db", str(w.db))
        return
    view = w.view()
    old_revs = _revisions_at(view, changed, since)
    new_revs = _revisions_at(view, changed, w.db)
    if _shared(view, old_revs) != _shared(view, new_revs) or len(changed) * 4 > max(len(view.live_revisions()), 1):
        compute_all(w, rules)
        return
    # Derived facts of the changed files (the shared part is the same: computed against the whole store's).
    live_paths = sorted({view.select("SELECT path FROM revision WHERE rev = :r", {"r": r})[0][0] for r in new_revs})
    snap_p = snapshot_of_view(view, paths=live_paths)
    snap_p.cache["name_index"] = stored_names(view)  # the whole store's (the shared part is the same)
    for name, rows in _derived_rows(snap_p, live_paths).items():
        w.replace_answers(next(t for t in ANSWERS if t.name == name), changed, rows)
    # The affected works (stated subjects and the rules' ones) and figure keys, before and after.
    works: set[str] = set()
    for table in (T_CLAIM_SUBJECT.name, T_RULE_SUBJECT.name):
        works.update(_answers_of(w, table, "subject", changed, since))
        works.update(_answers_of(w, table, "subject", changed, w.db))
    works.update(n.arxiv_id for n in view.rows("work_named", revisions=old_revs + new_revs))
    figs_old = _figures_of(w, changed, since)
    figs_new = _figures_of(w, changed, w.db)
    flagged = {k for k, u in figs_old + figs_new if u}
    stated = {k for k, _u in figs_old + figs_new}
    snap = _closure(view, live_paths, works, flagged, stated)
    subjects = {f"arXiv:{a}" for a in works} | set(changed)
    src = set(changed)

    def touched(subject: str, quoted: Iterable[str]) -> bool:
        return subject in subjects or any(s in src for s in quoted)

    found = [f for f in rules.findings(snap) if touched(f.subject, (f.a.source, f.b.source))]
    where, params = _about_or_quoting(sorted(subjects), sorted(src), "a.a_source", "a.b_source")
    stale = [r[0] for r in view.answers(T_FINDING.name, ["block"], where=where, params=params)]
    w.replace_answers(T_FINDING, stale, _finding_rows(found))
    evidence = [e for e in rules.evidence(snap) if touched(e.subject, (s.source for s in e.statements))]
    _write_evidence(w, evidence, _evidence_blocks(view, subjects, src))
    _increments_for(w, rules, *increment_scope(view, changed))
    w.set_meta("answers_db", str(w.db))


def _evidence_blocks(view: IndexView, subjects: set[str], sources: set[str]) -> list[str]:
    """Blocks of the live evidence rows about ``subjects`` or quoting a file of ``sources``."""
    where, params = _about_or_quoting(sorted(subjects), None)
    out = {r[0] for r in view.answers(T_EVIDENCE.name, ["block"], where=where, params=params)}
    pp = {f"p{i}": p for i, p in enumerate(sorted(sources))}
    if pp:
        out.update(r[0] for r in view.answers(T_EVIDENCE_SOURCE.name, ["block"],
                                               where=f"a.source IN ({','.join(':' + k for k in pp)})", params=pp))
    return sorted(out)


def _answers_of(w: IndexWrite, table: str, column: str, paths: list[str], db: int) -> list[str]:
    """``column`` of the rows of answer ``table`` of the files ``paths`` live in database ``db``."""
    pp = {f"p{i}": p for i, p in enumerate(paths)}
    rows = w.view().select(
        f'SELECT "{column}" FROM {table} WHERE from_db <= :at AND (to_db IS NULL OR to_db > :at) '
        f"AND block IN ({','.join(':' + k for k in pp)})", {**pp, "at": db})
    return [r[0] for r in rows]


def _figures_of(w: IndexWrite, paths: list[str], db: int) -> list[tuple[str, int]]:
    pp = {f"p{i}": p for i, p in enumerate(paths)}
    return [(r[0], r[1]) for r in w.view().select(
        f"SELECT figure, unverified FROM {T_FIGURE.name} WHERE from_db <= :at AND (to_db IS NULL OR to_db > :at) "
        f"AND block IN ({','.join(':' + k for k in pp)})", {**pp, "at": db})]


def _marks(prefix: str, values: Iterable[str]) -> tuple[str, dict[str, str]]:
    """``(":p0,:p1,…", {"p0": v0, …})`` for an SQL ``IN`` list (``"NULL"`` when empty: matches nothing)."""
    vals = sorted(set(values))
    params = {f"{prefix}{i}": v for i, v in enumerate(vals)}
    return (",".join(":" + k for k in params) or "NULL"), params


def _closure(view: IndexView, paths: list[str], works: set[str], flagged: set[str], stated: set[str]) -> Snapshot:
    """The rows the rules need to recompute the findings and evidence rows a change touches (module
    docstring), as a ``Snapshot`` carrying the stored subjects, rule subjects and title matches of its claims.

    Claims: every claim of the changed files ``paths`` and of the paper cards of an affected work, every
    claim about an affected work (``works``: its stated subjects or the rules' ones), every claim stating
    a figure key in ``flagged``, and every unverified claim stating one in ``stated``.  Citations: those
    of ``paths`` and of affected works.  Sources: of every file that gives a row; tags: of ``paths``.  Selected in SQL (the claim
    subjects and figure keys the index keeps), not every row into Python.
    """
    from .snapshot import snapshot_from_facts, stored_subjects, stored_title_matches

    live = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"
    ans = "a.from_db <= :db AND (a.to_db IS NULL OR a.to_db > :db)"
    pm, pp = _marks("p", paths)
    wm, wp = _marks("w", works)
    fm, fp = _marks("f", flagged)
    sm, sp = _marks("s", stated)
    params = {**pp, **wp, **fp, **sp}
    cards = sorted({r[0] for r in view.select(
        f"SELECT DISTINCT r.path FROM card_work t JOIN revision r ON r.rev = t.rev WHERE {live} "
        f"AND t.arxiv_id IN ({wm})", wp)})
    cm, cp = _marks("c", cards)
    params.update(cp)
    # The claims about an affected work or stating a figure: (path, IRI) from the indexed answer tables,
    # then the claims of those files read by path (an OR of sub-selects scanned every claim).
    pairs = set(view.select(f"SELECT a.path, a.claim FROM {T_CLAIM_SUBJECT.name} a WHERE {ans} AND a.subject IN ({wm})",
                            wp))
    pairs |= set(view.select(f"SELECT a.path, a.claim FROM {T_RULE_SUBJECT.name} a WHERE {ans} AND a.subject IN ({wm})",
                             wp))
    pairs |= set(view.select(f"SELECT a.path, a.claim FROM {T_FIGURE.name} a WHERE {ans} AND "
                             f"(a.figure IN ({fm}) OR (a.unverified = 1 AND a.figure IN ({sm})))", {**fp, **sp}))
    whole_files = set(paths) | set(cards)
    claims = [c for c in view.rows("claim", paths=sorted(whole_files | {p for p, _c in pairs}))
              if c.path in whole_files or (c.path, c.iri) in pairs]
    cites = view.rows("citation", where=f"r.path IN ({pm}) OR t.arxiv_id IN ({wm})", params=params)
    files = sorted({c.path for c in claims} | {c.path for c in cites} | set(paths))
    facts = {"claim": claims, "citation": cites, "source": view.rows("source", paths=files),
             "tag": view.rows("tag", paths=paths)}
    snap = snapshot_from_facts(facts, view.rows("card_work"))
    subj = stored_subjects(view, files)
    snap.__dict__["subjects"] = {c.iri: subj.get(c.iri, []) for c in claims}
    snap.__dict__["title_matches"] = stored_title_matches(view, files)
    rule_subj = stored_rule_subjects(view, files)
    snap.cache["claim_subjects"] = {c.iri: rule_subj.get(c.iri, []) for c in claims}
    return snap


def _chunks(values: Iterable[str], n: int = 500) -> Iterable[dict[str, str]]:
    vals = sorted(set(values))
    for i in range(0, len(vals), n):
        yield {f"v{j}": v for j, v in enumerate(vals[i:i + n])}


def _paths_about(view: IndexView, works: set[str]) -> set[str]:
    """Live files with a claim about one of ``works``, citing one, or carding one."""
    out: set[str] = set()
    live = "r.from_db <= :db AND (r.to_db IS NULL OR r.to_db > :db)"
    for vv in _chunks(works):
        marks = ",".join(":" + k for k in vv)
        out.update(r[0] for r in view.select(
            f"SELECT DISTINCT a.path FROM {T_CLAIM_SUBJECT.name} a WHERE a.from_db <= :db AND "
            f"(a.to_db IS NULL OR a.to_db > :db) AND a.subject IN ({marks})", vv))
        for table in ("citation", "card_work", "work_named"):
            out.update(r[0] for r in view.select(
                f"SELECT DISTINCT r.path FROM {table} t JOIN revision r ON r.rev = t.rev WHERE {live} "
                f"AND t.arxiv_id IN ({marks})", vv))
    return out


def _paths_stating(view: IndexView, flagged: set[str], stated: set[str]) -> set[str]:
    """Live files with a claim stating a figure key of ``flagged``, or flagging one of ``stated``."""
    out: set[str] = set()
    base = f"SELECT DISTINCT a.path FROM {T_FIGURE.name} a WHERE a.from_db <= :db AND (a.to_db IS NULL OR a.to_db > :db)"
    for vv in _chunks(flagged):
        out.update(r[0] for r in view.select(f"{base} AND a.figure IN ({','.join(':' + k for k in vv)})", vv))
    for vv in _chunks(stated):
        out.update(r[0] for r in view.select(
            f"{base} AND a.unverified = 1 AND a.figure IN ({','.join(':' + k for k in vv)})", vv))
    return out



class Deriver:
    """The ``derive`` hook of ``graph.loader.ingest_paths`` (and of ``provkg reindex``) for ``rules``.

    Called with an index write, it brings the answers up to date (``update``); its
    ``rebuild_facts(store, write)`` fills an index that does not describe the store from the RDF
    store (``queries.rdf_rows.rebuild_facts``).
    """

    def __init__(self, rules: Rules):
        self.rules = rules

    def __call__(self, w: IndexWrite) -> None:
        """``update(w, rules)``."""
        update(w, self.rules)

    def rebuild_facts(self, store: object, w: IndexWrite) -> None:
        """Fill ``w`` with the facts of every current revision of ``store`` (read with SPARQL)."""
        from .rdf_rows import rebuild_facts

        rebuild_facts(store, w)  # type: ignore[arg-type]


def rebuild_index(store: object, deriver: Deriver) -> tuple[str | None, int]:
    """Build the derived index of the embedded ``store`` again from its RDF store and swap it in.

    Under the store's write lock, from the database live once the lock is held (a handle ``store`` opened
    before is let go first): a new file (``index.sqlite.new``) gets the facts of every current
    revision (``queries.rdf_rows``) and every answer (``deriver``), then replaces
    ``<store>/index.sqlite`` (``os.replace``; the old file's WAL and shared-memory files go first, so
    a reader opening the new file never reads the old one's journal).  Returns ``(database folder
    name, revisions indexed)``.

    Raises ``StoreLockedError`` while another process writes the store; ``QueryError`` when the
    RDF store cannot be read; ``StoreError`` when the new file cannot be written (a full disk: it is
    removed, the old index stays).
    """
    import contextlib
    import os
    import sqlite3

    from graph.index import INDEX_NAME, Index, database_number
    from ingest.errors import StoreError

    path = store.path  # type: ignore[attr-defined]
    with store.lock():  # type: ignore[attr-defined]
        # A handle opened before the lock (``ProvKG.require``, a query) reads the database live then: an
        # ingest that went live meanwhile would be indexed from the database before it, under its own
        # number (issue 23's race).  Under the lock the live database cannot change: read that one.
        store.close()  # type: ignore[attr-defined]
        d = store.current_database()  # type: ignore[attr-defined]
        db = database_number(d)
        new = path / (INDEX_NAME + ".new")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(str(new) + suffix)
        try:
            index = Index(new)
            try:
                with index.write(db, None, fresh=True) as w:
                    deriver.rebuild_facts(store, w)
                    deriver(w)
                n = len(w.view().live_revisions())
                index.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                index.close()
        except (sqlite3.Error, OSError) as e:
            # a full disk (ENOSPC: "database or disk is full", even opening the new file) is the user's to
            # fix: one line, exit 2, and the half-built file goes (it was an internal error, exit 70)
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    os.unlink(str(new) + suffix)
            raise StoreError(f"{path / INDEX_NAME}: cannot write the derived index: "
                             f"{getattr(e, 'strerror', None) or e}") from None
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(str(path / INDEX_NAME) + suffix)
        os.replace(new, path / INDEX_NAME)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(str(new) + suffix)
    return (d.name if d is not None else None), n
