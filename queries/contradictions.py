"""Rule-based contradiction detection over a ``Snapshot``.

Rules (each general, driven by ``ingest/data/lexicon.json``):

``qualifier_conflict``
    Two sources describe one subject (an arXiv work, through its ID or an
    alias such as ``MC-SF``) with the two sides of a contrasting qualifier
    pair (adversarial / arbitrary arrival, simulated / measured on
    hardware, ...).  Only statements that use one side are paired.
``unverified_figure``
    A figure (``76%``, ``2x``) stated by one source is said to be not
    verified by another source (a statement carrying 未验证 / not verified
    and the same figure).
``contamination``
    A statement flags content as mixed in from other work (混入, 对不上,
    contamination) and a card about the same subject holds the flagged terms.
``label_mismatch``
    A source's topic labels (tags) none of whose topic keywords occur in
    its content.
``two_titles``
    One arXiv ID written with two titles that differ after normalisation
    (lower case, punctuation folded).  Every such pair is reported, as the
    corpus oracles count them; ``detail`` says how they differ: ``variant``
    (one title contains the other, e.g. a ``Megatron-LM:`` prefix),
    ``spelling variant`` (rapidfuzz ratio >= 95) or ``different titles``.
``figure_mismatch``
    Two sources give different values for the same metric and unit of one
    subject (ranges that overlap agree).  A statement that flags a figure as
    unverified counts too: a note quoting "80 %" as unchecked where the card
    states 76 % is a mismatch, not a silently closed ``unverified_figure``.

Comparisons are blocked by subject (PERF-NOTES: never all pairs).
"""
from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from itertools import combinations

from rapidfuzz import fuzz

from ingest.lexicon import load_lexicon
from ingest.models import evidence_rank

from .results import Contradiction, Statement
from .snapshot import SClaim, SCitation, Snapshot

__all__ = ["contradictions", "figure_key", "statement"]


def statement(c: SClaim) -> Statement:
    """A claim as one side of a finding."""
    return Statement(text=c.text, source=c.path, line=c.line, line_end=c.line_end, agent=c.agent, evidence=c.evidence)


def _id(*parts: object) -> str:
    return hashlib.sha1("\x00".join(map(str, parts)).encode("utf-8")).hexdigest()[:12]


def _rank(c: SClaim) -> tuple[int, str, int]:
    return (evidence_rank(c.evidence), c.path, c.line)


def _firsts(claims: list[SClaim]) -> dict[str, SClaim]:
    """The first claim (lowest line) of each file among ``claims``: ``{path: claim}``."""
    out: dict[str, SClaim] = {}
    for c in sorted(claims, key=lambda c: (c.path, c.line)):
        out.setdefault(c.path, c)
    return out


def _qualifier_conflicts(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    lex = load_lexicon()
    out = []
    by: dict[tuple[str, str], dict[str, list[SClaim]]] = defaultdict(lambda: defaultdict(list))
    for c in snap.claims:
        if c.kind in ("brief", "manifest"):
            continue
        pairs: dict[str, set[str]] = defaultdict(set)
        for q in c.qualifiers:
            pid, side = q.split(":", 1)
            pairs[pid].add(side)
        for pid, sides in pairs.items():
            if len(sides) != 1:
                continue  # a statement naming both sides is a comparison, not a claim
            for s in subj[c.iri]:
                by[(s, pid)][next(iter(sides))].append(c)
    labels = {p.id: (p.label_en, p.label_zh) for p in lex.qualifier_pairs}
    for (s, pid), sides in sorted(by.items()):
        names = sorted(sides)
        for s1, s2 in combinations(names, 2):
            # One finding per pair of sources: the first statement of each side in each file.
            firsts_1 = _firsts(sides[s1])
            firsts_2 = _firsts(sides[s2])
            for p1, c1 in sorted(firsts_1.items()):
                for p2, c2 in sorted(firsts_2.items()):
                    if p1 == p2:
                        continue
                    # The better-evidenced statement first (``_rank``): an order that depends on
                    # these two statements alone, never on how many claims each side has.
                    (a, sa), (b, sb) = sorted([(c1, s1), (c2, s2)], key=lambda x: _rank(x[0]))
                    more = [f"also {sb}: {o.path}:{o.line}" for o in sides[sb] if o.path == b.path and o is not b][:3]
                    out.append(Contradiction(
                        id=_id("qualifier", s, pid, *sorted([(s1, p1), (s2, p2)])), kind="qualifier_conflict",
                        subject=f"arXiv:{s}", summary=f"{labels[pid][0]}: '{sa}' vs '{sb}'",
                        a=statement(a), b=statement(b), detail=more,
                    ))
    return out


def figure_key(raw: str) -> str:
    """Normalised form of a written figure for matching: ``"+5.94 ×"`` and ``"5.94x"`` -> ``"5.94x"``."""
    r = raw.lower().replace("×", "x").replace("％", "%").replace("倍", "x")
    return re.sub(r"\s+|^\+|大概|大约|约|about|~|～", "", r)


def _unverified_figures(snap: Snapshot) -> list[Contradiction]:
    out = []
    figs: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        if not c.unverified and c.kind not in ("brief", "manifest"):
            for q in c.quantities:
                figs[figure_key(q.raw)].append(c)
    for u in snap.claims:
        if not u.unverified or u.kind in ("brief", "manifest"):
            continue
        for q in u.quantities:
            key = figure_key(q.raw)
            for c in figs.get(key, []):
                if c.path == u.path:
                    continue
                if u.about and not (set(u.about) & set(c.about)):
                    continue  # the flag is about another subject
                out.append(Contradiction(
                    id="", kind="unverified_figure",
                    subject=f"arXiv:{c.about[0]}" if c.about else c.path,
                    summary=f"figure {q.raw} stated in {c.path} is marked not verified in {u.path}",
                    a=statement(c), b=statement(u), detail=[f"figure: {q.raw}"],
                ))
    # One finding per (figure statement, flagging statement).
    seen: dict[str, Contradiction] = {}
    for f in out:
        k = f.a.source + str(f.a.line) + f.b.source + str(f.b.line)
        if k in seen:
            merged = sorted(set(seen[k].detail) | set(f.detail))
            seen[k] = seen[k].model_copy(update={"detail": merged})
        else:
            seen[k] = f
    # The ID names the two files and the figures, not the quotes: a reworded quote keeps it.
    return [f.model_copy(update={"id": _id("unverified", f.a.source, f.b.source, *f.detail)}) for f in seen.values()]


_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-/+.]{2,}")


def _contamination(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    lex = load_lexicon()
    out = []
    cards_by_work: dict[str, list[str]] = defaultdict(list)
    for p, works in snap.card_works.items():
        for w in works:
            cards_by_work[w].append(p)
    for d in snap.claims:
        if d.kind in ("brief", "manifest", "paper_card", "repo_card") or not lex.contamination.search(d.text):
            continue
        titles = " ".join(t for w in subj[d.iri] for t, _ in snap.work_titles.get(w, []))
        title_toks = {t.lower() for t in _TOKEN.findall(titles)}
        toks = {t.lower().strip(".") for t in _TOKEN.findall(d.text)}
        toks = {t for t in toks if t not in lex.stopwords and t not in title_toks and not t.startswith("arxiv")}
        targets = {p for w in subj[d.iri] for p in cards_by_work.get(w, [])}
        for p in sorted(targets):
            if p == d.path:
                continue
            hits = []
            for c in snap.claims_of(p):
                ctoks = {t.lower().strip(".") for t in _TOKEN.findall(c.text)}
                shared = toks & ctoks
                if shared:
                    hits.append((len(shared), c, sorted(shared)))
            if not hits:
                continue
            hits.sort(key=lambda h: (-h[0], h[1].line))
            best = hits[0][1]
            out.append(Contradiction(
                id=_id("contamination", p, d.path, *subj[d.iri]), kind="contamination",
                subject=f"arXiv:{subj[d.iri][0]}", summary=f"{p} holds content flagged as mixed in from other work",
                a=statement(best), b=statement(d),
                detail=[f"{p}:{c.line}: shares {', '.join(sh)}" for _, c, sh in hits[:5]],
            ))
    return out


_STAT = re.compile(r"^[^：:]{1,16}[：:]\s*\S.{0,24}$")
_ONLY_URL = re.compile(r"^\S*https?://\S+$")


def _descriptive(text: str) -> bool:
    """True for text that describes content (not a ``key: value`` statistic, a bare URL or a curation note)."""
    t = text.strip()
    return not (_STAT.match(t) or _ONLY_URL.match(t) or "§" in t)


def _label_mismatch(snap: Snapshot) -> list[Contradiction]:
    lex = load_lexicon()
    out = []
    for p, tags in sorted(snap.tags.items()):
        claims = [c for c in snap.claims_of(p) if _descriptive(c.text)]
        content = "\n".join(c.text for c in claims)
        if len(content) < 40:
            continue
        known = [t for t in tags if t in lex.topic_keywords]
        if not known:
            continue
        misfit = [t for t in known if not lex.topic_keywords[t].search(content)]
        if not misfit:
            continue
        fits = [t for t in known if t not in misfit]
        if fits and len(misfit) < len(known) and "llm-infra" not in misfit:
            # some labels fit: only report when the main (llm-infra) label misfits
            continue
        desc = max(claims[:6], key=lambda c: len(c.text))
        src = snap.sources[p]
        label_stmt = Statement(text="tags: " + ", ".join(tags), source=p, line=1, line_end=1,
                               agent=src.agent, evidence=src.evidence)
        out.append(Contradiction(
            id=_id("labels", p, ",".join(sorted(tags))), kind="label_mismatch", subject=p,
            summary=f"labels {', '.join(misfit)} do not fit the content of {p}",
            a=label_stmt, b=statement(desc),
            detail=[f"no {t} keyword in the content" for t in misfit],
        ))
    return out


_TNORM = re.compile(r"[\W_]+", re.UNICODE)


def _norm_title(t: str) -> str:
    return _TNORM.sub(" ", t.lower()).strip()


def _cite_stmt(c: SCitation, snap: Snapshot) -> Statement:
    s = snap.sources.get(c.path)
    return Statement(text=c.title or c.raw, source=c.path, line=c.line, line_end=c.line,
                     agent=s.agent if s else None, evidence=s.evidence if s else "unknown")


def _two_titles(snap: Snapshot) -> list[Contradiction]:
    out = []
    by: dict[str, list[SCitation]] = defaultdict(list)
    for c in snap.citations:
        if c.title and len(_norm_title(c.title)) >= 4:
            by[c.arxiv_id].append(c)
    for aid, cites in sorted(by.items()):
        reps: list[SCitation] = []
        for c in cites:
            n = _norm_title(c.title or "")
            if all(_norm_title(r.title or "") != n for r in reps):
                reps.append(c)
        for a, b in combinations(reps, 2):
            na, nb = _norm_title(a.title or ""), _norm_title(b.title or "")
            if na in nb or nb in na:
                how = "variant: one title contains the other"
            elif fuzz.ratio(na, nb) >= 95:
                how = "spelling variant"
            else:
                how = "different titles"
            out.append(Contradiction(
                id=_id("titles", aid, *sorted([a.path, b.path])), kind="two_titles", subject=f"arXiv:{aid}",
                summary=f"arXiv:{aid} is cited with two different titles ({how})",
                a=_cite_stmt(a, snap), b=_cite_stmt(b, snap),
                detail=[how, f"similarity {fuzz.ratio(na, nb):.0f}/100"],
            ))
    return out


def _figure_mismatch(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    out = []
    by: dict[tuple[str, str, str], list[tuple[SClaim, float, float, str]]] = defaultdict(list)
    for c in snap.claims:
        if c.kind in ("brief", "manifest") or c.role == "citation":
            continue
        for q in c.quantities:
            if q.metric in (None, "stars", "citations"):
                continue
            lo, hi = q.value, q.value_high if q.value_high is not None else q.value
            for s in subj[c.iri]:
                by[(s, q.metric, q.unit)].append((c, lo, hi, q.raw))
    for (s, metric, unit), vals in sorted(by.items()):
        # One finding per pair of disagreeing values, not per pair of claims: fifty notes
        # repeating two figures are one disagreement (quadratic in values, not in claims).
        first: dict[tuple[float, float], tuple[SClaim, str]] = {}
        sources: dict[tuple[float, float], set[str]] = defaultdict(set)
        for c, lo, hi, raw in vals:
            if hi < 0:
                continue
            first.setdefault((lo, hi), (c, raw))
            sources[(lo, hi)].add(c.path)
        for v1, v2 in combinations(sorted(first), 2):
            if v1[0] <= v2[1] and v2[0] <= v1[1]:
                continue  # overlapping ranges agree
            if sources[v1] == sources[v2] and len(sources[v1]) == 1:
                continue  # one file giving two values is not two sources disagreeing
            c1, r1 = first[v1]
            c2, r2 = first[v2]
            if c1.path == c2.path:  # pick a statement of v2 from another file
                c2, r2 = next((c, raw) for c, lo, hi, raw in vals if (lo, hi) == v2 and c.path != c1.path) \
                    if sources[v2] - {c1.path} else (c2, r2)
                if c1.path == c2.path:
                    c1, r1 = next((c, raw) for c, lo, hi, raw in vals if (lo, hi) == v1 and c.path != c2.path)
            extra = len(sources[v1] | sources[v2]) - 2
            out.append(Contradiction(
                id=_id("figures", s, metric, unit, v1, v2), kind="figure_mismatch", subject=f"arXiv:{s}",
                summary=f"{metric} of arXiv:{s}: {r1} vs {r2}", a=statement(c1), b=statement(c2),
                detail=[f"{extra} more source(s) give one of these values"] if extra > 0 else [],
            ))
    return out


_ORDER = {"qualifier_conflict": 0, "unverified_figure": 1, "contamination": 2, "label_mismatch": 3,
          "two_titles": 4, "figure_mismatch": 5}


def contradictions(snap: Snapshot) -> list[Contradiction]:
    """All findings, sorted by kind (the order above), subject, then first side's source and line.

    Computed once per snapshot (kept in ``snap.cache``); for a lazy snapshot of a whole
    embedded store, once per database (``Snapshot.whole_store_memo``: the answer of
    ``query contradictions``, kept beside the database).

    Parameters
    ----------
    snap : Snapshot
        From ``queries.snapshot.load_snapshot``.

    Returns
    -------
    list[Contradiction]
    """
    cached = snap.cache.get("contradictions")
    if cached is not None:
        return list(cached)  # type: ignore[call-overload]
    memo = getattr(snap, "whole_store_memo", None)  # a lazy whole-store snapshot: the per-database answer
    result = memo("contradictions", Contradiction, lambda: _findings(snap)) if memo else _findings(snap)
    snap.cache["contradictions"] = tuple(result)
    return list(result)


def _findings(snap: Snapshot) -> list[Contradiction]:
    """Every rule run over ``snap``, deduplicated by finding ID and sorted (``contradictions``)."""
    subj = snap.subjects
    found = (
        _qualifier_conflicts(snap, subj)
        + _unverified_figures(snap)
        + _contamination(snap, subj)
        + _label_mismatch(snap)
        + _two_titles(snap)
        + _figure_mismatch(snap, subj)
    )
    return sorted(_unique_ids(found),
                  key=lambda f: (_ORDER.get(f.kind, 9), f.subject, f.a.source, f.a.line, f.b.source, f.b.line))


def _unique_ids(found: list[Contradiction]) -> list[Contradiction]:
    """``found`` without repeats, each with an ID no other finding has.

    A rule's ID hashes what the finding *is* (kind, work, files, qualifier
    sides, figures or values), never claim IRIs, line numbers or which side
    has more claims: the ID of a finding survives a reworded quote, a moved
    line and new notes elsewhere (what ``report --fail-on new --baseline``
    and ``diff`` rely on).  Where two different findings share such an ID
    (say, one pair of files holding two title variants), each gets the ID
    rehashed with its two quotes, then, if still shared, with their lines.
    """
    groups: dict[str, list[Contradiction]] = defaultdict(list)
    for f in found:
        if f not in groups[f.id]:
            groups[f.id].append(f)
    out = []
    for fid, fs in groups.items():
        if len(fs) == 1:
            out.append(fs[0])
            continue
        by_text: dict[str, list[Contradiction]] = defaultdict(list)
        for f in fs:
            by_text[_id(fid, f.a.text, f.b.text)].append(f)
        for tid, ts in by_text.items():
            out.extend(t.model_copy(update={"id": tid if len(ts) == 1 else _id(tid, t.a.line, t.b.line)}) for t in ts)
    return out
