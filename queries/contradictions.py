"""Rule-based contradiction detection over a ``Snapshot``: flagged, never resolved.

Every finding quotes both statements with file, line, agent and evidence level.  The rules read the
facts ingest extracted from each claim (``ingest.facts``: figures with metric and conditions,
qualifier sides, predicates; ``ingest.structure``: what each item is about) and are blocked by work
(PERF-NOTES: never all pairs).  A statement's works (:func:`claim_subjects`) are the works it names
outside a comparison, else the works of its item (a note's topic, a nested living-document bullet,
a numbered reference ``[5]``), else a short name it writes (``SmoothQuant``).  Questions ("Open: …?")
assert nothing and are never compared.  Statements of one file are never paired.

Kinds (``docs/FORMAT.md`` section 7):

``number``
    One work, one metric, two values that differ beyond rounding, under comparable conditions: no
    condition (hardware, benchmark, model, batch, precision, temperature, context, GPUs, baseline)
    differs, and either one is shared or both metrics are written out.  ``3.6×`` = ``3.6 times`` =
    ``提升 3.6 倍``; ``1M`` = ``100 万``; a range holding the other value agrees; "up to X" agrees
    with any value below it; a hedged value (``约``, ``about``) gets a wider tolerance.
``qualifier``
    One work described with the two sides of one aspect of the lexicon (lossless/exact vs
    lossy/approximate, training-free vs needs training, online/offline, static/dynamic,
    adversarial vs arbitrary arrival, simulated vs measured).  An evidence level is never a
    qualifier.
``negation``
    One work, the same predicate once negated and once not, on a shared object ("does not quantize
    the KV cache" / "quantizes … the KV cache"; "无需修改模型" / "requires a change to the model").
``title``
    One arXiv ID with two different titles anywhere (cards, notes, tables, citation lists).
``version``
    Any of the first three where the two statements are tied to different versions of the work
    (``arXiv:…v1`` in the living document, "v3 把 … 改成了 0.62" in a note).
``unverified_figure``
    A figure stated by one source is said to be not verified by another.
``contamination``
    A statement flags content as mixed in from other work and a card about the same work holds it.
``label_mismatch``
    A source's topic labels none of whose keywords occur in its content.
"""
from __future__ import annotations

import difflib
import functools
import hashlib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import combinations

from rapidfuzz import fuzz

from ingest.arxiv import find_arxiv_ids
from ingest.facts import answered_value, need_framed, open_objects_match, predicates, qualifier_sides, side_pattern
from ingest.evidence import evidence_reader
from ingest.lexicon import load_lexicon
from ingest.living_doc import AUTHOR_YEAR_KEY
from ingest.models import evidence_rank
from ingest.structure import comparison_spans
from ingest.text import FIRST_VARIANT, NAME_END, split_sentences

from .results import Contradiction, Statement, finding_key
from .snapshot import SClaim, SCitation, SQuantity, Snapshot
from ingest.lazyre import compile_lazy

__all__ = ["contradictions", "mislabelled", "figure_key", "finding_key", "statement", "claim_subjects", "comparable", "disagree",
           "same_title", "title_variant", "written_titles"]


def statement(c: SClaim, at: str | int | None = None) -> Statement:
    """A claim as one side of a finding.  ``at``, what the finding rests on (a figure as written, a cue, or its offset in the
    text), narrows a statement written over several lines (a living document's wrapped entry, ``SClaim.line_starts``) to
    the sentence that says it, at the line where it is said; without it, or when it is not found, the whole statement."""
    if at is not None and c.line_starts and c.line_end > c.line:
        k = at if isinstance(at, int) else c.text.find(at)
        if 0 <= k < len(c.text):
            a, b = next(((a, b) for a, b in split_sentences(c.text) if a <= k < b), (0, len(c.text)))
            line = c.line + sum(1 for x in c.line_starts if x <= k)
            end = max(line, c.line + sum(1 for x in c.line_starts if x < b))
            return Statement(text=c.text[a:b].strip() or c.text, source=c.path, line=line, line_end=min(end, c.line_end),
                             agent=c.agent, evidence=c.evidence)
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


#: A statement that says another figure does not disagree with its own ("I don't read it as disagreeing",
#: "不矛盾", "consistent with"): it places the figure, it does not flag it as unchecked.
_NOT_DISPUTED = compile_lazy(r"\b(?:don'?t|do not|doesn'?t|does not)\s+(?:read|see|take)\s+(?:it|this|that)\s+as\s+"
                           r"(?:disagreeing|contradicting|a contradiction|conflicting)|\bconsistent with\b|"
                           r"\bnot (?:in )?(?:conflict|contradiction)\b|不矛盾|并不冲突|不冲突|对得上", re.IGNORECASE)


#: Metrics that measure a setting, not a result ("4x the batch size", "a 128K context"): a figure of
#: theirs repeated where it is marked not verified is no unverified result.
_SETTING_METRICS = ("batch", "context")


def _settings_differ(a: SQuantity, b: SQuantity) -> bool:
    """Whether two figures are written under different settings: a condition category on both sides
    with no value in common (``hw:a100`` against ``hw:a6000``; ``_values_differ``)."""
    ca, cb = _conds(a), _conds(b)
    return any(_values_differ(ca, cb, k) for k in set(ca) & set(cb))


#: A bracketed author-year reference key in a statement ("[Huang2024]", "[Kwon et al. 2023]").
_KEY_MARK = compile_lazy(r"\[(?:" + AUTHOR_YEAR_KEY + r")\]")


def _bits(precision: str) -> str | None:
    """The bit width of a weight-only precision ("4-bit", "int4", "w4", "w4a16", "w4g128" are all 4 bits of weight), else None."""
    m = re.fullmatch(r"(\d)-bit|int(\d)|w(\d)(?:a16)?(?:g\d+)?", precision)
    return next((g for g in m.groups() if g), None) if m else None


def _values_differ(ca: dict[str, set[str]], cb: dict[str, set[str]], cat: str) -> bool:
    """Whether a condition category written on both sides holds no value in common; a baseline written
    longer is the same system ("FlashInfer" = "FlashInfer dense paged decode")."""
    if ca[cat] & cb[cat]:
        return False
    if cat == "precision" and {_bits(v) for v in ca[cat]} & {_bits(v) for v in cb[cat]} - {None}:
        return False  # "4-bit, group size 128" and "W4A16 g128": weights in 4 bits, activations left as they are
    if cat == "par" and not {re.match(r"[a-z]*", v).group(0) for v in ca[cat]} & {re.match(r"[a-z]*", v).group(0) for v in cb[cat]}:
        return False  # "CP=16 × TP=8" read as TP=8 and "CP=16" elsewhere: degrees of two dimensions, no two values of one
    if cat == "scope" and (ca[cat] | cb[cat]) <= {"attention", "kernel"}:
        return False  # "Attention-kernel speedup: 1.46x" and "Kernel-level figure: 1.64x": one kernel measured alone
    if cat == "base" and any(set(a.split("-")) <= set(b.split("-")) or set(b.split("-")) <= set(a.split("-"))
                             for a in ca[cat] for b in cb[cat]):
        return False  # "state-of-the-art systems" = "colocated state-of-the-art systems": one written longer
    return not (cat == "base" and {v.split("-")[0] for v in ca[cat]} & {v.split("-")[0] for v in cb[cat]})


#: A figure relayed from a card: "taken from card 0612", "copied off the card", "抄自卡片", "取自 0612 号卡片".
_TAKEN_FROM_CARD = compile_lazy(r"\b(?:taken|copied|lifted|transcribed|pulled)\s+(?:over\s+)?(?:from|off)\s+(?:the\s+)?(?:paper\s+)?card\b|"
                              r"(?:抄自|取自|来自|摘自)[^，。；,;]{0,8}卡片", re.IGNORECASE)
#: A flag that names another source whose figure it doubts ("卡片里写的 76%", "the card's 2x", "the doc's number").
_OTHER_SOURCE = compile_lazy(r"卡片|\bcards?\b|活文档|文档|\bdoc(?:ument)?\b|README|\bthe paper'?s\b|论文里", re.IGNORECASE)


def _operating_point(text: str, raw: str) -> bool:
    """Whether the figure ``raw`` is written as the point another figure of ``text`` is read at ("at the 95%-of-GPT-4 point
    on MT Bench", "at the 90% recall level", "在 95% 质量点上"): a setting of the statement, not a measurement of it."""
    at = text.find(raw)
    if at < 0:
        return False
    before, after = text[max(0, at - 12):at], text[at + len(raw):at + len(raw) + 30]
    return bool(re.search(r"\b(?:at|@)\s+(?:the\s+|a\s+)?$|在\s*$", before, re.IGNORECASE)
                and re.match(r"(?:[- ]of[- ][\w.+-]+)?[- ]?(?:quality\s+)?(?:point|level|target|mark|operating point|质量点|点位|水平)\b",
                             after, re.IGNORECASE))


#: A figure given as what a source the writer looked at says: "写的是 4x", "the abstract says 2.1x", "it reports 38%".
_SOURCE_SAYS = compile_lazy(r"(?:写的是|写着|给的是|给出|报告的?是|说的是|\bsays?\b|\breports?\b|\bgives?\b|\blists?\b|\bshows?\b|\bstates?\b)"
                            r"\s*[:：]?\s*(?:[^，。；,;:：]{0,14}[、,，]\s*)?[^，。；,;:：]{0,14}$", re.IGNORECASE)


def _unverified_figures(snap: Snapshot) -> list[Contradiction]:
    out = []
    figs: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        if not c.unverified and c.kind not in ("brief", "manifest"):
            for q in c.quantities:
                if q.metric not in _SETTING_METRICS:
                    figs[figure_key(q.raw)].append(c)
    lex = load_lexicon()
    evr = evidence_reader(lex)
    for u in snap.claims:
        if not u.unverified or u.kind in ("brief", "manifest"):
            continue
        if not lex.unverified.search(u.text):
            if _NOT_DISPUTED.search(u.text):
                continue  # "so I don't read it as disagreeing with mine": the figure is placed, not doubted
            if "unverified" not in evr.levels(u.text):
                continue  # unchecked only by its note's word ("I only skimmed the abstract"): it states the figure,
                # as the other source does; a flag is a statement that itself says the figure is not checked
        if _TAKEN_FROM_CARD.search(u.text):
            continue  # "paper: TTFT ↓38%, taken from card 0612, haven't read the PDF": the card's figure relayed, not doubted
        if {"second_hand", "vendor_self_reported"} & set(evr.levels(u.text)) and not _OTHER_SOURCE.search(u.text):
            continue  # "~98% …, per the authors' thread on X, not checked by anyone here": its own relay is what is
            # unchecked; it doubts no other source's figure (the card stating 98% says the same)
        checked = bool({"abstract_checked", "full_text"} & set(evr.levels(u.text)))
        for q in u.quantities:
            if _operating_point(u.text, q.raw):
                continue  # "at the 95%-of-GPT-4 point … somewhere between 20 and 30% (eyeballed)": the point a figure is read
                # at is no figure the statement doubts
            at = u.text.find(q.raw)
            if checked and at > 0 and _SOURCE_SAYS.search(u.text[max(0, at - 24):at]):
                continue  # "我刚去看了一眼 abstract，写的是 4x TTFT、2.1x throughput，没看正文": what the writer read there, not doubted
            key = figure_key(q.raw)
            for c in figs.get(key, []):
                if c.path == u.path:
                    continue
                if {"vendor_self_reported", "second_hand"} & set(c.evidence_levels) and \
                        "vendor_self_reported" in evr.levels(u.text) + tuple(u.evidence_levels):
                    continue  # both relay the vendor's own figure ("the release post says 2x … their numbers" and
                    # "README headline: 2x (NVIDIA's own eval, not reproduced by us)"): no tension, one level
                if u.about and not (set(u.about) & set(c.about)):
                    continue  # the flag is about another subject
                same = [x for x in c.quantities if figure_key(x.raw) == key]
                if same and all(_settings_differ(q, x) for x in same):
                    continue  # "在 A100 上 4.5 倍" doubted is not "4.5x on A6000": another setting's figure
                # (the work both statements are about: a living document's entry that also names another work keeps that
                # one's identifier first, "AWQ … Marlin kernel[12]")
                both = [w for w in c.about if w in (u.about or ())] or list(c.about)
                out.append(Contradiction(
                    id="", kind="unverified_figure",
                    subject=f"arXiv:{both[0]}" if both else c.path,
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


_TOKEN = compile_lazy(r"[A-Za-z][A-Za-z0-9\-/+.]{2,}")


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


_STAT = compile_lazy(r"^[^：:]{1,16}[：:]\s*\S.{0,24}$")
_ONLY_URL = compile_lazy(r"^\S*https?://\S+$")


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
        # (the material's title is its content too: "SLOFair: Slack-Ordered Fair Scheduling for LLM Serving" fits `scheduling`
        # whatever its table's cells say; a fresh user's card was reported misfiled)
        src = snap.sources[p]
        content = f"{src.title or ''}\n{content}"
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
        label_stmt = Statement(text="tags: " + ", ".join(tags), source=p, line=1, line_end=1,
                               agent=src.agent, evidence=src.evidence)
        out.append(Contradiction(
            id=_id("labels", p, ",".join(sorted(tags))), kind="label_mismatch", subject=p,
            summary=f"labels {', '.join(misfit)} do not fit the content of {p}",
            a=label_stmt, b=statement(desc),
            detail=[f"no {t} keyword in the content" for t in misfit],
        ))
    return out


_TNORM = compile_lazy(r"[\W_]+", re.UNICODE)


def _norm_title(t: str) -> str:
    return _TNORM.sub(" ", t.lower()).strip()


def _cite_stmt(c: SCitation, snap: Snapshot) -> Statement:
    s = snap.sources.get(c.path)
    return Statement(text=c.title or c.raw, source=c.path, line=c.line, line_end=c.line,
                     agent=s.agent if s else None, evidence=s.evidence if s else "unknown")


def _word_swapped(na: str, nb: str) -> bool:
    """Whether two normalised titles differ by a word put in another's place, not by a spelling: "…: Efficient
    Sparse Training with …" beside "…: Efficient Sparse Inference with …" (a one-word change rapidfuzz scores
    above 90 on a long title), never "Serving" beside "Servng" or "Key-Value" beside "KeyValue" (each replaced run
    of words spelled within a typo of the other: rapidfuzz ratio >= 75 once spaces are dropped)."""
    wa, wb = na.split(), nb.split()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).get_opcodes():
        if op == "replace" and fuzz.ratio("".join(wa[i1:i2]), "".join(wb[j1:j2])) < 75:
            return True
    return False


def same_title(na: str, nb: str) -> str | None:
    """How two normalised titles of one work are the same title, or None when they are two titles:
    one holds the other (a short name: ``distserve`` in ``distserve disaggregating …``, a subtitle
    left out), or they differ only in spelling (rapidfuzz ratio >= 90)."""
    if na in nb or nb in na:
        return "variant: one title contains the other"
    if fuzz.ratio(na, nb) >= 90 and not _word_swapped(na, nb):
        return "spelling variant"
    for x, y in ((na, nb), (nb, na)):
        words = x.split()
        # a short name and a gloss the title holds ("medusa decoding" of "medusa simple llm … decoding heads"); a short
        # title whose other words the long one lacks is another title ("grammar aligned decoding" is not "grammar
        # constrained decoding for structured nlp tasks …")
        if len(words) <= 3 and y.startswith(words[0]) and all(any(v.startswith(w[:5]) for v in y.split()) for w in words[1:]):
            return "variant: a short name of the title"
    return None


_LATEX_NAME = compile_lazy(r"\$|\\(?=[A-Za-z])|[_{}^]")
_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ", "mu": "μ",
          "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "psi": "ψ", "omega": "ω"}
_NAME_HEAD = compile_lazy(r"^\s*[^:：]{1,40}?\s*(?:[:：]|\s/\s)\s*")


#: A conference programme's slot before a talk's title: "10:00–10:20 Talk: ", "09:00 Keynote — ", "Poster #12: ".
_PROGRAMME_SLOT = compile_lazy(r"^\s*(?:\d{1,2}:\d{2}\s*(?:[–—~-]\s*\d{1,2}:\d{2})?\s*)?(?:(?:invited\s+)?talk|keynote|poster|oral|spotlight|demo|"
                             r"报告|演讲|海报)\s*(?:#?\s*\d{1,4})?\s*[:：—–-]\s*|^\s*\d{1,2}:\d{2}\s*[–—~-]\s*\d{1,2}:\d{2}\s+", re.IGNORECASE)


def _plain_title(t: str) -> str:
    """A written title as words: NFKC ("π₀" is "π0"), TeX names and markup dropped ("$\\pi_0$" is "π0"),
    without authors before it ("NVIDIA et al., …"), a trailing annotation in brackets ("…（含 Cosmos-Predict2）",
    "…（Chi et al.") or a leading article."""
    t = unicodedata.normalize("NFKC", t).replace("\\*", "").replace("*", "")
    slot = _PROGRAMME_SLOT.match(t)
    if slot:  # "10:00–10:20 Talk: KVLink: … — Priya Raman": a programme's line gives the talk's title between its slot and speaker
        t = re.sub(r"\s+[—–-]\s+[A-Z][\w.'-]+(?:\s+[A-Z][\w.'-]+){0,3}\s*(?:[(（].*)?$", "", t[slot.end():])
    t = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1), m.group(1)), t)
    t = _LATEX_NAME.sub("", t)
    t = re.sub(r"^[^,，:：]{0,60}?\bet al\.?\s*[,，]?\s*", "", t)  # "NVIDIA et al., Cosmos …": authors written in
    t = re.sub(r"\s*[(（][^()（）]*[)）]?\s*[.。]?\s*$", "", t) if len(re.sub(r"[(（].*$", "", t).split()) >= 2 else t
    return re.sub(r"(^|[:：/]\s*)(?:a|an|the)\s+", r"\1", t.strip(), flags=re.IGNORECASE)


def _expand_acronyms(a: str, b: str) -> str:
    """``a`` with each capitalised acronym spelled out as ``b`` writes it ("A VLA Flow Model" beside "A
    Vision-Language-Action Flow Model"): an acronym of 2-6 capitals whose letters are the initials of a run
    of ``b``'s words (hyphenated parts counting as words)."""
    words = re.findall(r"[A-Za-z][\w']*", b)
    compounds = [c.split("-") for c in re.findall(r"[A-Za-z][\w']*(?:-[A-Za-z][\w']*)+", b)]

    def spell(m: re.Match[str]) -> str:
        acr = m.group(0)
        n = len(acr)
        for ps in compounds:  # a hyphenated compound: "Vision-Language-Action"
            if len(ps) == n and all(p[0].upper() == c for p, c in zip(ps, acr)):
                return "-".join(ps)
        for k in range(len(words) - n + 1):  # a run of words: "Large Language Model"
            run = words[k:k + n]
            if all(w[0].upper() == c for w, c in zip(run, acr)) and not any(w.isupper() for w in run):
                return " ".join(run)
        return acr
    return re.sub(r"\b[A-Z]{2,6}\b", spell, a)


def _cjk_share(t: str) -> float:
    letters = [ch for ch in t if ch.isalpha()]
    return sum("\u4e00" <= ch <= "\u9fff" for ch in letters) / len(letters) if letters else 0.0


def title_variant(a: str, b: str) -> str | None:
    """How two *written* titles of one work name the same paper although their normalised forms differ,
    or None: a translation (one title mostly Chinese, the other Latin, the Chinese one's Latin short name
    in the other: "Robotic Telekinesis：观看 YouTube 人类视频…" beside the English title); one title
    without its short name held in the other ("UMI: Universal Manipulation Interface" beside "Universal
    Manipulation Interface: In-the-Wild …"; "π0/π0.5: A Vision-Language-Action Flow Model …" beside
    "π0: A Vision-…"); an acronym spelled out ("A VLA Flow Model" = "A Vision-Language-Action Flow Model");
    TeX and Unicode spellings of one name ("$\\pi_0$" = "π₀")."""
    pa, pb = _plain_title(a), _plain_title(b)
    for x, y in ((pa, pb), (pb, pa)):
        if _cjk_share(_NAME_HEAD.sub("", x)) >= 0.5 and _cjk_share(y) < 0.1:
            latin = re.findall(r"[A-Za-z][\w-]{2,}", x)
            if latin and re.search(rf"(?<![\w-]){re.escape(latin[0])}(?![\w-])", y, re.IGNORECASE):
                return "variant: a translation"
    na, nb = _norm_title(_expand_acronyms(pa, pb)), _norm_title(_expand_acronyms(pb, pa))
    if na in nb or nb in na:  # exactly, not by a fuzzy score: one word changed is another title
        return "variant: spelled differently"
    ma, mb = _norm_title(_NAME_HEAD.sub("", pa)), _norm_title(_NAME_HEAD.sub("", pb))
    for x, y in ((ma, nb), (mb, na), (ma, mb)):
        if len(x.split()) >= 3 and x in y:
            return "variant: the title without its short name"
    if _shortened(na, nb) or _shortened(nb, na):
        return "variant: a shortened title"
    return None


def _title_words(t: str) -> list[str]:
    """A normalised title's words for ``_shortened``: singular ("thoughts" = "thought"), "w" is "with"."""
    out = []
    for w in t.split():
        w = "with" if w in ("w", "w/") else w
        out.append(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


def _shortened(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` written short, as a table cell or a chat line does ("LLM cascades w/ Mixture-of-Thought
    representations" for "Large Language Model Cascades with Mixture of Thoughts Representations for Cost-efficient
    Reasoning"): four words or more, every one of them in ``long`` in the same order, half to three quarters of ``long``'s words.
    (Both normalised, acronyms spelled out from the other title.)"""
    sw, lw = _title_words(short), _title_words(long)
    if len(sw) < 4 or len(sw) * 2 < len(lw) or len(sw) * 4 > len(lw) * 3:
        return False  # (a title a few words longer is another wording, "… Serving for RAG with …": not written short)
    it = iter(lw)
    return all(w in it for w in sw)


def _named_label(a: str, b: str) -> bool:
    """Whether one of two written titles (not normalised) is a label that names the work by the other's
    short name without a subtitle of its own: "CalibTree 复现 · Vicuna-7B" and "EAGLE-3 的消融" beside
    "CalibTree: Confidence-Calibrated …" and "EAGLE-3: Scaling up …" (a heading or a table cell about
    the work), never "PyramidInfer: …" beside "PyramidKV: …" (two titles)."""
    for x, y in ((a, b), (b, a)):
        head, sep, _ = x.partition(":")
        if not sep or not 2 <= len(head.strip()) <= 40 or len(head.split()) > 3:
            continue
        short = head.strip()
        if len(y.split()) > 6 and not re.search(r"[\u4e00-\u9fff]", y):
            continue  # a title of its own ("Taming … with Sarathi-Serve"), not a label naming the work
        if re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])", y, re.IGNORECASE) and \
                not re.match(rf"\s*{re.escape(short)}\s*[:：]", y, re.IGNORECASE):
            return True
    return False


def written_titles(snap: Snapshot, path: str) -> dict[str, set[str]]:
    """``{arXiv key: normalised titles}`` that one file writes for each work (the corpus oracles count a
    work with two or more as "cited with different titles", variants included)."""
    out: dict[str, set[str]] = defaultdict(set)
    for c in snap.citations_of(path):
        if c.title and len(_norm_title(c.title)) >= 4:
            out[c.arxiv_id].add(_norm_title(c.title))
    return dict(out)


def _titled(written: str) -> bool:
    """Whether a written title is a title, not a work's name with a gloss ("StreamingLLM ("attention sinks")",
    "**vAttention**"): three words or more, or a colon, once what brackets hold is set aside (six CJK characters
    count as three words)."""
    bare = re.sub(r"[(（\[【][^)）\]】]*[)）\]】]", " ", written)
    return ":" in bare or "：" in bare or len(bare.split()) >= 3 or len(re.findall(r"[\u4e00-\u9fff]", bare)) >= 6


#: A note's own title naming the kind of note, not the paper ("vLLM / PagedAttention critical read", "KIVI 精读笔记"): no
#: title of the work (a fresh user's Obsidian ``title:`` was set against the citation list's).
_NOTE_LABEL = compile_lazy(r"\b(?:critical read|close read|deep read|reading notes?|read(?:ing)? log|notes? on|my notes|review of|"
                           r"takeaways|summary of)\b|(?:精读|读书|阅读|论文)?笔记|精读|读后感|速读|导读", re.IGNORECASE)


def _titles_match(a: str, b: str) -> bool:
    """Whether two written titles name one paper (the same normalised title, a named label or a variant)."""
    return same_title(_norm_title(a), _norm_title(b)) is not None or _named_label(a, b) or title_variant(a, b) is not None


def _shifted_title_files(by: dict[str, list[SCitation]], snap: Snapshot) -> set[str]:
    """Files whose titles sit one row off their identifiers (a table whose title column slid down a row, pasted from a
    sheet): two rows or more whose title is not what the other files call the row's own work, but what they call another
    work, or whose own work's title (as the other files write it) stands on a row next to it. Their titles name no work,
    so no title finding rests on them (``by``: the titled citations by arXiv ID)."""
    elsewhere: dict[str, list[tuple[str, str]]] = defaultdict(list)  # arXiv ID -> (path, title)
    titled_as: dict[str, set[tuple[str, str]]] = defaultdict(set)  # a normalised title -> (path, arXiv ID) giving it
    by_path: dict[str, list[SCitation]] = defaultdict(list)
    for aid, cites in by.items():
        for c in cites:
            elsewhere[aid].append((c.path, c.title or ""))
            titled_as[_norm_title(c.title or "")].add((c.path, aid))
            by_path[c.path].append(c)
    out = set()
    # (a living document's citation list is what the others are read against; two rows are no table)
    candidates = {path for path, cs in by_path.items() if len(cs) >= 3 and not any(c.kind == "living_doc" for c in cs)}
    raw_at: dict[tuple[str, int], str] = {}
    for cl in snap.claims:
        if cl.path in candidates:
            for ln in range(cl.line, cl.line_end + 1):
                raw_at.setdefault((cl.path, ln), cl.text)
    texts: dict[tuple[str, int], str] = {}

    def text_at(key: tuple[str, int]) -> str:
        if key not in texts:
            texts[key] = _norm_title(raw_at.get(key, ""))
        return texts[key]
    for path in sorted(candidates):
        cs = by_path[path]
        off: set[str] = set()  # (rows of two works or more: one link card quoted in the next message is one slip, not a slide)
        for c in cs:
            own = [t for p, t in elsewhere.get(c.arxiv_id, ()) if p != path]
            title = c.title or ""
            if any(_titles_match(title, t) for t in own):
                continue
            others = any(p != path and aid != c.arxiv_id for p, aid in titled_as.get(_norm_title(title), ()))
            beside = any(len(nt := _norm_title(t)) >= 12 and nt in text_at((path, c.line + d)) for t in own for d in (-2, -1, 1, 2))
            if others or beside:
                off.add(c.arxiv_id)
        if len(off) >= 2:
            out.add(path)
    return out


#: A venue and year a reference's title field ran on into ("… Work Partitioning. ICLR 2024", "…. arXiv 2023"): no part of
#: the title.
_VENUE_TAIL = compile_lazy(r"[.,;]\s*(?:(?:in\s+)?(?:proc(?:eedings)?\.?\s+of\s+)?[A-Za-z][\w&'’-]{1,20}\s*)?(?:19|20)\d{2}[a-z]?\.?\s*$")


def _two_titles(snap: Snapshot) -> list[Contradiction]:
    """``title`` findings: one arXiv ID written with two different titles (not variants of one title)
    anywhere -- living documents, notes, tables, cards; one per ID and pair of files."""
    out: dict[tuple, Contradiction] = {}
    by: dict[str, list[SCitation]] = defaultdict(list)
    for c in snap.citations:
        if c.title and len(_norm_title(c.title)) >= 4 and c.kind in _RULE_KINDS \
                and (_titled(c.title) or c.in_citation_list and len(c.title.split()) == 2 and len(c.title) >= 12) \
                and not _NOTE_LABEL.search(c.title):
            # (a citation list's entry is a title even in two words: "6. Grammar-Aligned Decoding — arXiv:2405.21047")
            by[c.arxiv_id].append(c)
    shifted = _shifted_title_files(by, snap)
    by = {aid: [c for c in cites if c.path not in shifted] for aid, cites in by.items()}
    for aid, cites in sorted(by.items()):
        reps: list[SCitation] = []
        # (a file's citation-list entry speaks for it before a mention in its text: "vAttention: Dynamic Memory
        # Management …" in the Sources list, not "**vAttention** (2405.04437)" in a bullet)
        # (and the living document speaks for a title before a note repeating it: the document is what the curator edits)
        for c in sorted(cites, key=lambda c: (c.kind != "living_doc", c.path, not c.in_citation_list, c.line)):
            n = _norm_title(c.title or "")
            if all(_norm_title(r.title or "") != n for r in reps):
                reps.append(c)
        for a, b in combinations(reps, 2):
            if a.path == b.path and not (a.kind == b.kind == "living_doc" and a.line != b.line and a.in_citation_list
                                         and b.in_citation_list and all(len(_norm_title(re.sub(r"[(（][^()（）]*[)）]", " ", t or "")).split()) >= 4
                                                                        for t in (a.title, b.title))):
                continue  # (a living document's own entries may give one ID two titles, a copy-paste slip of an awesome
                # list: "2404.09221" as "Exploring and Improving Drafts…" at :414 and "Multi-Token Joint…" at :415)
            na, nb = _norm_title(_VENUE_TAIL.sub("", a.title or "")), _norm_title(_VENUE_TAIL.sub("", b.title or ""))
            if same_title(na, nb) is not None or _named_label(a.title or "", b.title or "") \
                    or title_variant(a.title or "", b.title or "") is not None:
                continue
            key = (aid, *sorted([a.path, b.path]))
            if key in out:
                continue
            out[key] = Contradiction(
                id=_id("titles", aid, *sorted([a.path, b.path])), kind="title", subject=f"arXiv:{aid}",
                summary=f"arXiv:{aid} is written with two different titles",
                a=_cite_stmt(a, snap), b=_cite_stmt(b, snap),
                detail=["different titles", f"similarity {fuzz.ratio(na, nb):.0f}/100"],
            )
    return list(out.values())



_QUESTION = compile_lazy(r"[?？]\s*(?:[(（][^()（）]{0,40}[)）]\s*)?$|^\s*(?:open(?: question)?|q|question|todo|to do|问题|疑问|待补|待查|待核|待定|待办)\s*[:：]|"
                       r"^\s*(?:是否|能否|会不会)", re.IGNORECASE)
_RULE_KINDS = ("note", "paper_card", "repo_card", "living_doc", "queue")


#: How far into a statement a work's name opens it (its subject, not a work it mentions later).
_LEAD_CHARS = 24
#: A statement labelled as the baselines' ("基线：Medusa-2 2.3 倍，Hydra 2.6 倍", "Baselines: …", "对比基线：…"): its
#: figures are theirs, not those of the work its note or item is about.
_BASELINE_LABEL = compile_lazy(r"^\W*(?:想法|批注|note|comment)?\s*[:：]?\s*"
                             # "讲者引用的基线：FlexGen …", "The speaker's baseline: …"
                             r"(?:[\u4e00-\u9fff]{1,8}的|(?:the )?(?:speaker|author|paper|talk)(?:'s|s')?\s+|cited\s+)?"
                             r"(?:对比)?(?:基线|baselines?|对照组?|compared systems?)(?:\s+(?:cited|used|quoted))?\s*[:：]",
                             re.IGNORECASE)
#: A paper cited as the source of what the sentence says of another work: "per the FA3 paper (arxiv.org/abs/2407.08608)
#: FA2 only gets …", "according to the Orca paper (2206.xxxxx), vLLM …".
_SOURCE_FOR = compile_lazy(r"\b(?:per|according to|citing|from) (?:the |their )?[\w.+-]{1,30} (?:paper|preprint|report|abstract)\s*[(（][^()（）]{0,60}?"
                         r"(?P<id>\d{4}\.\d{4,5})(?:v\d+)?[^()（）]{0,20}[)）],?\s{0,3}(?P<name>(?-i:[A-Z])[\w.+-]{1,30})\s+(?!paper\b)[a-z]", re.IGNORECASE)
#: The paper a figure is cited from, in brackets: "per the FA3 paper (arxiv.org/abs/2407.08608)", "according to the
#: DistServe paper (2401.09670)".
_SOURCE_CITED = compile_lazy(r"\b(?:per|according to|citing|from) (?:the |their )?[\w.+-]{1,30} (?:paper|preprint|report|abstract)\s*"
                           r"[(（][^()（）]{0,80}[)）]", re.IGNORECASE)
#: An arXiv identifier written near the opening of a statement ("Medusa-2 and Hydra (arXiv:2402.05109) reach …").
_ID_NEAR_START = compile_lazy(r"^.{0,48}?\b(\d{4}\.\d{4,5})(?:v\d+)?\b", re.DOTALL)


def _only_names(text: str) -> bool:
    """Whether ``text`` (what comes before an identifier) is only names joined by "and"/"和" ("Medusa-2 and Hydra (",
    "EAGLE-3 / "), at most five words: no verb, no preposition ("Claimed novelty over Quest (" is a comparison)."""
    words = re.findall(r"[^\s(（\[,，/&、]+", re.sub(r"arXiv[:\s]*$", "", text.strip(), flags=re.I))
    if not 0 < len(words) <= 5:
        return False
    if len(words) >= 2 and re.fullmatch(r"[A-Z][a-z]+(?:s|es|ed)", words[0]):
        return False  # "Outperforms H2O (", "Beats SnapKV (": a verb that starts the sentence

    def name_like(w: str) -> bool:  # a capital or a digit first, a joining word, or a token that is no word ("—")
        return (w[0].isupper() or w[0].isdigit() or w.lower() in ("and", "or", "和", "与", "及")
                or not w.isalpha() and re.match(r"[\u4e00-\u9fff]", w) is None)

    return all(name_like(w) for w in words)


_COMPARED_LEAD = compile_lazy(r"\s*(?:相比|相较|对比|不同于|类似|compared|unlike|versus|vs\.?|similar to|like)\b"
                              # "和 [[Pre-gated MoE]]（arXiv:…）不同：不改模型结构…": set apart at the opening
                              r"|\s*(?:和|跟|与|同)\s*[^，。；\n]{1,80}?(?:不同|不一样|的区别|的差别)(?:在于|是)?\s*[:：，,]", re.IGNORECASE)


def _note_topics(snap: Snapshot) -> dict[str, str]:
    """:func:`_one_paper_topics` of ``snap``, computed once per snapshot (the subjects and the figure rule
    both read it)."""
    if "note_topics" not in snap.cache:
        snap.cache["note_topics"] = _one_paper_topics(snap)
    return snap.cache["note_topics"]  # type: ignore[return-value]


def _one_paper_topics(snap: Snapshot) -> dict[str, str]:
    """``{path: arXiv key}`` of one-paper notes: a note that is one item about one work (ingest's reading,
    ``ingest.structure``), or whose opening -- the lines before their first item, or their
    first item when it starts at the top -- cites exactly one work and whose items name no other work by
    identifier in their headings: one-paper notes ("# GateKV — reading note" / "arXiv:2611.04417 · …";
    "# CalibTree：…" / "> 论文：arxiv.org/abs/2609.11873v2")."""
    first_item: dict[str, int] = {}
    item_works: dict[str, set[str]] = defaultdict(set)
    whole: dict[str, list[str]] = {}  # a one-paper note: one item, the whole note, about one work
    n_items: dict[str, int] = defaultdict(int)
    for it in snap.items:
        n_items[it.path] += 1
        first_item[it.path] = min(first_item.get(it.path, 10**9), it.line)
        if it.works:
            item_works[it.path].add(frozenset(it.works))
        if it.kind == "note" and it.index == 0:
            whole[it.path] = list(it.works)
    out: dict[str, str] = {}
    for path, src in snap.sources.items():
        if src.kind != "note":
            continue
        if len(whole.get(path, ())) == 1 and len(item_works.get(path, ())) == 1:
            out[path] = whole[path][0]
            continue
        cites = snap.citations_of(path)
        stop = first_item.get(path, 10**9)
        opening = {c.arxiv_id for c in cites if c.line < stop or c.line <= 3}
        if len(opening) == 1:
            topic = next(iter(opening))
            # a collection whose first page happens to open the file ("- [[SGLang]] [[arXiv 2312.07104]]",
            # then "- [[Preble]] … [2407.00023]"): its items are about works of their own
            others = [ws for ws in item_works.get(path, ()) if topic not in ws]
            # (a transcript whose preamble names its one paper, "I have not opened the TileSplit paper (arXiv:…)", may
            # still have one aside about another work: "Side note for listeners, FA3, that's 2407.08608")
            aside = len(others) == 1 and n_items.get(path, 0) >= 3 and any(c.line < stop for c in cites if c.arxiv_id == topic)
            if not others or aside:
                out[path] = topic
    return out


def _lead(text: str) -> str:
    """The opening of a statement, ``_LEAD_CHARS`` wide, a Chinese character counting twice ("不需要额外训练
    草稿头：直接复用 EAGLE-2 …" names EAGLE-2 as what it reuses, past its opening; "后来的 Medusa 和 EAGLE 把…"
    opens with them)."""
    width = 0
    for k, ch in enumerate(text):
        width += 2 if "\u4e00" <= ch <= "\u9fff" else 1
        if width > _LEAD_CHARS:
            return text[:k]
    return text


_PASSING = compile_lazy(r"[(\[（【]\s*(?:arXiv\s*[:：]?\s*|https?://arxiv\.org/abs/)?$", re.IGNORECASE)


#: What introduces a work given as an example: "a predictor like the learning-to-rank one [2408.15792]", "such as …".
_EXAMPLE_BEFORE = compile_lazy(r"\b(?:like|such as|e\.g\.,?|similar to|akin to|as in|à la)\b[^.;:]{0,36}$", re.IGNORECASE)


def _as_example(text: str, aid: str) -> bool:
    """Whether ``text`` writes the work ``aid`` only as an example of something, after "like", "such as", "e.g."."""
    spots = [m.start() for m in re.finditer(re.escape(aid), text)]
    return bool(spots) and all(k >= _LEAD_CHARS and _EXAMPLE_BEFORE.search(text[max(0, k - 45):k]) for k in spots)


def _cited_in_passing(text: str, aid: str) -> bool:
    """Whether ``text`` writes the work ``aid`` only inside brackets after its first words (a reference in
    passing, "… into a FlashAttention-2 kernel (2307.08691)"), not as what it opens with."""
    spots = [m.start() for m in re.finditer(re.escape(aid), text)]
    return bool(spots) and all(k >= _LEAD_CHARS and _PASSING.search(text[max(0, k - 30):k]) for k in spots)


#: What may stand before a work's name when the name is still what a statement opens with: a list
#: marker, a conjunction or adverb of sequence, an article ("后来的 Medusa 和 EAGLE 把…", "But later,
#: the EAGLE authors …"); a subject or a verb before it ("这种方式完美绕开了 PPO 等…") makes it an object.
_OPENER = compile_lazy(r"\s*(?:[-*+>•]\s*|\d{1,2}[.)、]\s*)?(?:(?:and|but|so|then|later|both|also|while|the|a|an|even|"
                     r"meanwhile|similarly|likewise|in contrast|by contrast|earlier|newer|note that|fwiw|btw|"
                     r"(?:I|we) (?:think|believe|heard|hear|read) (?:that )?)\b[\s,]*){0,3}"
                     r"(?:[而但且又后先早前新另此同其即像如连就][\u4e00-\u9fff]{0,2}的?[，,\s]*)?", re.IGNORECASE)


#: A statement that reports what someone says before a colon: "作者在 related work 里说 X 不一样：", "the authors note: ".
_REPORTED = compile_lazy(r"^[^:：。.;；]{0,60}?(?:说|称|提到|写道|指出|认为|\bsays?\b|\bsaid\b|\bnotes?\b|\bwrites?\b|\bargues?\b|"
                       r"\bclaims?\b)[^:：。.;；]{0,40}[:：]\s*", re.IGNORECASE)


def _after_opening_name(text: str, names) -> str:
    """What follows the short name ``text`` opens with and a word joining another to it ("Medusa 与 EAGLE（一代）都…" ->
    "EAGLE（一代）都…"), else ``""``."""
    start = _OPENER.match(text).end()
    for n in names:
        m = re.match(rf"[*_`\"'“「(（\[]*{re.escape(n)}{NAME_END}\s*(?:[(（][^()（）]{{0,12}}[)）])?\s*(?:与|和|及|跟|、|/|,|，|and\b|&)\s*",
                     text[start:], re.IGNORECASE)
        if m:
            return text[start + m.end():]
    return ""


def _opens_with(text: str, names) -> bool:
    """Whether ``text`` opens by naming a work (one of its short ``names`` right at the start,
    after at most a list marker, a conjunction or an article: :data:`_OPENER`), so that it is what the
    statement is about rather than what it acts on."""
    start = _OPENER.match(text).end()
    for n in names:
        m = re.match(rf"[*_`\"'“「(（\[]*{re.escape(n)}{NAME_END}", text[start:], re.IGNORECASE)
        if m and not _MEASURE_AFTER.match(text, start + m.end()):
            return True
    return False


#: A measure written right after a name, which makes the name a benchmark the statement is scored on ("LongBench avg,
#: B=1024: 41.27", "RULER 平均", "Needle@32K"): not what the statement is about.
_MEASURE_AFTER = compile_lazy(r"\s*(?:avg\b|average\b|mean\b|score\b|acc(?:uracy)?\b|@\s*\d|平均|得分|分数|准确率)", re.IGNORECASE)


#: A statement opening with a numbered variant of a name: "EAGLE-1: 3x faster …", "> Qwen-2 …".
_VARIANT_LEAD = compile_lazy(r"^[\W_]*([A-Za-z][A-Za-z]+)-(\d{1,2})\b")
#: A name set in contrast: "unlike X", "in contrast to X", "as opposed to X", "不同于 X" before it; "与 X 不同",
#: "跟 X 不一样" after it.
_CONTRAST_BEFORE = compile_lazy(r"(?:\bunlike|\bin contrast (?:to|with)|\bas opposed to|\bcontrary to|不同于|有别于)\s*(?:the\s+)?\[?$",
                              re.IGNORECASE)
_CONTRAST_AFTER = compile_lazy(r"\]?\s*(?:不同|不一样)")


def _only_compared(text: str, names: list[str] | tuple[str, ...]) -> bool:
    """Whether ``text`` names a work (by one of ``names``) and every mention sits inside a comparison
    (``ingest.structure.comparison_spans``: "比 Medusa 再快", "over vLLM")."""
    spans = None
    seen = False
    for n in names:
        for m in re.finditer(rf"(?<![\w-]){re.escape(n)}{FIRST_VARIANT}{NAME_END}", text, re.IGNORECASE):
            spans = comparison_spans(text) if spans is None else spans
            if not any(a <= m.start() < b for a, b in spans):
                return False
            seen = True
    return seen


def _set_apart(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` (whole word, first mention) only to set it in contrast."""
    m = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)
    return bool(m) and bool(_CONTRAST_BEFORE.search(text[max(0, m.start() - 24):m.start()])
                            or (re.search(r"[与跟和]\s*$", text[max(0, m.start() - 3):m.start()])
                                and _CONTRAST_AFTER.match(text, m.end())))


#: What comes before such a name when the statement is about it: a copula ("… is MegaBlocks, which …"; "Unlike MegaBlocks,
#: which pads every expert, it …" is about its subject).
_COPULA_BEFORE = compile_lazy(r"\b(?:is|are|was|were)\s+(?:the\s+|just\s+|plain\s+)?$", re.IGNORECASE)
#: What follows a name to open a relative clause about it: "MegaBlocks, which drops …", "MegaBlocks [6], which …".
_RELATIVE_AFTER = compile_lazy(r"\s*(?:\[[^\]]{1,12}\]|\([^)]{1,40}\))?\s*,\s*(?:which|who)\s+(?!is\s+why\b)", re.IGNORECASE)


def claim_subjects(snap: Snapshot) -> dict[str, list[str]]:
    """The works each claim is about, for the rules: by claim IRI (computed once per snapshot).

    The claim's own subjects (ingest: works it names outside a comparison, else its item's or its
    living-document parent's) unless they are inherited and the statement opens by naming other works
    by short name (those, then), else the works its item resolves to by title or short name
    (``queries.items.item_works``), else a short name in its own text (``queries.items.name_index``).
    """
    if "claim_subjects" in snap.cache:
        return snap.cache["claim_subjects"]  # type: ignore[return-value]
    from .items import name_matcher, item_works, name_index

    items = {(i.path, i.index): i for i in snap.items}
    works_of: dict[str, set[str]] = defaultdict(set)  # path -> the works its items are about
    for i in snap.items:
        works_of[i.path].update(i.works)
    topics = _note_topics(snap)
    resolved: dict[tuple[str, int], list[str]] = {}
    match = name_matcher(snap)
    names_of: dict[str, list[str]] = defaultdict(list)
    for n, a in name_index(snap).items():
        names_of[a].append(n)
    out: dict[str, list[str]] = {}
    # a living document's statement and the one right before it in the same section (the bullet above it)
    before_in_doc: dict[str, SClaim] = {}
    doc_claims = sorted((c for c in snap.claims if c.kind == "living_doc" and c.role != "citation"), key=lambda c: (c.path, c.line))
    for x, y in zip(doc_claims, doc_claims[1:]):
        if x.path == y.path and x.section == y.section and y.line - x.line_end <= 1 and x.line_end < y.line:
            before_in_doc[y.iri] = x
    for c in sorted(snap.claims, key=lambda c: (c.path, c.line)):  # (in order: a bullet may take the subjects of the one above)
        subj = list(c.about)
        if c.role == "background":
            out[c.iri] = subj  # a one-paper note's motivation is about the works it names, never its paper
            continue
        if _BASELINE_LABEL.match(c.text):
            out[c.iri] = []  # the baselines' figures: about none of the works compared here
            continue
        src = _SOURCE_FOR.search(c.text)
        if src and subj == [src.group("id")] and not any(
                re.fullmatch(re.escape(n), src.group("name"), re.IGNORECASE) for n in names_of.get(src.group("id"), ())):
            # "per the FA3 paper (arxiv.org/abs/2407.08608) FA2 only gets ~35% utilization": the paper cited is where the
            # figure comes from; the statement is about the work it then names (by its short name, when it resolves)
            # (a capitalised name only: "…, it reaches 740 TFLOPs/s" names no other work and keeps its subject)
            out[c.iri] = [a for a in match(src.group("name"))[:1] if a != src.group("id")]
            continue
        opening = _ID_NEAR_START.match(c.text)
        if (opening and subj and not _COMPARED_LEAD.match(c.text) and _only_names(c.text[:opening.start(1)])
                and not any(a in c.text for a in subj if a != opening.group(1))):
            # "Medusa-2 and Hydra (arXiv:2402.05109) reach 2.3× and 2.6×" in an export about ArborSpec: the work
            # the statement opens by naming is its subject, not the one it inherits without naming it
            subj = [opening.group(1)]
            out[c.iri] = subj  # named at its opening: not cited in passing either
            continue
        if subj and not any(a in c.text for a in subj) and not _COMPARED_LEAD.match(c.text):
            # subjects inherited from the item, while the statement opens by naming other works
            # ("后来的 Medusa 和 EAGLE 把草稿模型换成…" under a topic about two other papers): those
            named = [a for a in match(_lead(c.text)) if a not in subj and _opens_with(c.text, names_of.get(a, ()))
                     and not _benchmark_named(c, names_of.get(a, ()))]
            told = _REPORTED.match(c.text)
            if not named and told:
                # "作者在 related work 里说 [[InfLLM]] 不一样：InfLLM 的 memory unit … 会被永久丢弃", "the authors note
                # that FastServe is different: FastServe …": what is reported opens by naming the work it is about
                tail = c.text[told.end():]
                named = [a for a in match(_lead(tail)) if a not in subj and _opens_with(tail, names_of.get(a, ()))]
            if named:
                subj = named
        if subj and not c.quantities and not any(a in c.text for a in subj):
            # "The baseline in the quality table is MegaBlocks, which drops overflow tokens": what a relative clause
            # says is of the work it hangs on, one other work named by short name (a statement with no figure: a
            # figure beside it would be the item's own, "beats vLLM, which pages its cache, by 2.1x")
            related = {a for a, ns in names_of.items() if a not in subj
                       and any(_RELATIVE_AFTER.match(c.text, m.end()) and _COPULA_BEFORE.search(c.text[max(0, m.start() - 16):m.start()])
                               for n in ns for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", c.text, re.IGNORECASE))}
            if len(related) == 1:
                subj = sorted(related)
        if len(subj) > 1 and not any(a in c.text for a in subj):
            # a statement of an item about several works that opens by naming one of them ("EAGLE-2 uses …" in
            # a card about EAGLE, EAGLE-2 and EAGLE-3) is about that one; one opening with a numbered variant
            # none of them is called ("EAGLE-1: 3x faster …") is not about those named as other variants
            lead_named = [a for a in match(_lead(c.text)) if a in subj and _opens_with(c.text, names_of.get(a, ()))]
            if len(lead_named) == 1:
                # "Medusa 与 EAGLE（一代）都用静态树", "Medusa and EAGLE both …": the works joined at the opening, both
                rest = _after_opening_name(c.text, names_of.get(lead_named[0], ()))
                lead_named += [a for a in subj if a not in lead_named and _opens_with(rest, names_of.get(a, ()))]
            variant = _VARIANT_LEAD.match(c.text)
            # (the store's short names, as whole words: ``queries.items.name_matcher``; a reference's author-year key,
            # "… 1.1 points against BF16 [Huang2024]", cites the figure's source and names no work it measures)
            named = set(match(_KEY_MARK.sub(" ", c.text)))
            named_once = [a for a in subj if a in named]
            if lead_named:
                subj = lead_named
            elif len(named_once) == 1 and c.quantities:
                # "README benchmark table (maintainers' own numbers): EAGLE-3 on LLaMA-3.1-8B …, about 4.4x" on a card of
                # EAGLE, EAGLE-2 and EAGLE-3: the one of them a figure's statement names is the one it measures
                subj = named_once
            elif variant:
                base, num = variant.group(1).lower(), variant.group(2)
                other = [a for a in subj if any(re.fullmatch(rf"{re.escape(base)}-(?!{num}\b)\d+", n.lower())
                                                for n in names_of.get(a, ()))]
                if other and len(other) < len(subj):
                    subj = [a for a in subj if a not in other]
        if len(subj) > 1:
            # "Unlike Quest, H2O evicts low-score tokens", "与 Quest 不同，H2O …": the work set in contrast is not
            # what the statement is about
            set_apart = [a for a in subj if any(_set_apart(c.text, n) for n in names_of.get(a, ()))]
            if set_apart and len(set_apart) < len(subj):
                subj = [a for a in subj if a not in set_apart]
        if len(subj) > 1:
            # "Hydra++ … 提速 2.5 倍，比 Medusa 再快 1.3 倍", "2.1x over vLLM": a work named only inside a comparison is
            # the baseline, not what the statement measures
            compared = [a for a in subj if _only_compared(c.text, names_of.get(a, ()))]
            if compared and len(compared) < len(subj):
                subj = [a for a in subj if a not in compared]
        topic = topics.get(c.path)
        if topic is None and c.kind in ("paper_card", "repo_card") and len(snap.card_works.get(c.path, ())) == 1:
            topic = snap.card_works[c.path][0]  # a card is about its one work as a one-paper note is
        if subj and topic and topic not in subj and c.kind == "paper_card" and c.quantities \
                and not any(_opens_with(c.text, names_of.get(a, ())) for a in subj) \
                and ((at := c.text.find(c.quantities[0].raw)) < 0 or not set(match(c.text[:at])) & set(subj)):
            # "vLLM prototype …: 1.9x over no speculation …, where EAGLE-2 with its fixed budget falls below 1.0x" on the
            # card of another work: its figures, written before the other work is named, are the card's work's
            subj = [topic]
        if subj and topic and topic not in subj and c.kind in ("note", "paper_card", "repo_card") \
                and all(_cited_in_passing(c.text, a) for a in subj):
            # "… drops straight into a FlashAttention-2 kernel (2307.08691)" in a note about GateKV: the
            # work cited in brackets is mentioned, the statement is still about the note's paper
            subj = [topic, *subj]
        elif subj and topic and topic not in subj and c.kind in ("note", "paper_card", "repo_card") and c.quantities \
                and all(_only_compared(c.text, names_of.get(a, ())) for a in subj):
            # "主结果：Llama-2-7B 上 W3A16 g128 困惑度 5.83；同设置下作者列的基线是 AWQ 6.24" in a read of HadaLite: the works named
            # only as baselines are compared with; the statement is about the note's paper
            subj = [topic]
        if subj and c.kind == "note" and c.item is not None and (it := items.get((c.path, c.item))) is not None and it.works \
                and not set(it.works) & set(subj) and all(_as_example(c.text, a) for a in subj) \
                and any(_opens_with(c.text, names_of.get(a, ())) for a in it.works):
            # "AgeQueue orders by expected remaining work, …; we would have to put a predictor like the learning-to-rank one
            # [2408.15792] in front of it" under AgeQueue's option: a work given as an example is mentioned, the statement is
            # about the item's work it opens with
            subj = list(it.works)
        if not subj:
            # "FastServe, by contrast, is effectively an offline scheduler" under "**Llumnix vs FastServe**": a statement
            # that opens by naming a work by its short name is about that work, not its item's first
            opened = [a for a in match(_lead(c.text)) if _opens_with(c.text, names_of.get(a, ()))]
            if len(opened) == 1:
                subj = opened
        if not subj and c.item is not None:
            key = (c.path, c.item)
            if key not in resolved:
                it = items.get(key)
                resolved[key] = item_works(snap, it)[0] if it is not None else []
            subj = list(resolved[key])
            head = getattr(items.get(key), "title", "") or ""
            if subj and topic and c.kind == "note" and topic not in subj \
                    and all(_only_compared(c.text, names_of.get(a, ())) or _only_compared(head, names_of.get(a, ())) for a in subj):
                # "the decode attention kernel is 2.4x faster than FlashAttention-2's non-split kernel" in a podcast about
                # TileSplit: the work its item's words name only as the baseline is compared with, not measured
                subj = [topic]
        if not subj and topic and c.kind == "note":
            subj = [topic]  # a section of a one-paper note that names no work of its own ("## 二、方法")
        if not subj and c.kind == "note" and not c.quantities and not match(c.text) \
                and (titled := _titled_work(snap, c.path, match, works_of)) is not None:
            subj = [titled]  # "# README review: qattn-lab/blockfp8-attn" over a quoted README line naming no work and no figure
            # ("Also runs on Ampere"): about the work the title names (a figure's row, "4 | 2.18x", stays unplaced)
        if not subj:
            subj = match(c.text)[:1]
        if not subj and c.kind == "living_doc" and not c.quantities and (prev := before_in_doc.get(c.iri)) is not None \
                and len(out.get(prev.iri, ())) == 1 and (_cjk_share(c.text) > 0.3 or _POINTS_BACK.match(c.text)):
            # "- SGLang 的 RadixAttention (arXiv:2312.07104v2) 把 …" then "- 显存不够时按 LRU eviction 递归淘汰叶子节点": a document's
            # bullet naming no work, right under one about one work, goes on about it when it has no subject of its own (a
            # Chinese clause with none, an English one pointing back: "It …", "Its …"; "Uniform per-layer budgets are still
            # what deployments ship" has its own); said of figures, it is not
            subj = list(out[prev.iri])
        out[c.iri] = subj
    snap.cache["claim_subjects"] = out
    return out


#: An English statement that points back at the work before it: "It …", "Its …", "They …", "The method …".
_POINTS_BACK = compile_lazy(r"^\W*(?:it|its|it's|they|their|this|these|the (?:method|system|paper|approach|design|scheme|authors))\b",
                          re.IGNORECASE)


def _in_quotes(text: str, raw: str) -> bool:
    """Whether every place ``raw`` is written in ``text`` lies inside quotation marks (“…”, "…", 「…」)."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"[“\"「『][^”\"」』]{1,200}[”\"」』]", text)]
    spots = [m.start() for m in re.finditer(re.escape(raw), text)]
    return bool(spots) and all(any(a < k < b for a, b in spans) for k in spots)


def _titled_work(snap: Snapshot, path: str, match: Callable[[str], list[str]], works_of: dict[str, set[str]]) -> str | None:
    """The one work a note's title names by its short name (``# README review: qattn-lab/blockfp8-attn``), when that is the
    only work the note's items are about (``works_of``: path -> the works its items are about; a review of one repo's
    README, quote by quote), else None; computed once per file."""
    key = ("titled_work", path)
    if key not in snap.cache:
        src = snap.sources.get(path)
        named = set(match(src.title or "")) if src is not None else set()
        snap.cache[key] = next(iter(named)) if len(named) == 1 and works_of.get(path, set()) == named else None
    return snap.cache[key]  # type: ignore[return-value]


#: A task line, or a figure set as a target: "TODO: …", "待办：…", "目标是 … 降 40%", "the target is 2x", "we aim for 30%".
_TODO_OR_TARGET = compile_lazy(r"^\W*(?:TODO|FIXME|待办)\b|目标是|\b(?:our |the )?(?:target|goal) (?:is|of)\b|\baim(?:s|ing)? (?:for|at)\b",
                               re.IGNORECASE)


def _eligible(c: SClaim) -> bool:
    """A statement the rules compare: in a note, card or living document (a citation-list entry's
    facts are those of its text beside the record, ``ingest.living``), not metadata, not an action,
    not a question."""
    text = answered_value(c.text)
    if c.role == "action" and (_ACTION_SENTENCE.search(text) or not _REPORTED_FACT.search(text)):
        return False  # "Evaluate prefix-affinity routing …", "Confirm that X is lossless": things to do, not facts; an
        # action item's sentence that reports what a work is ("per the authors it is drop-in, with no changes to the
        # scheduler") is one
    if _KEYWORD_LINE.match(text):
        return False  # "tags: self-speculation, layer-skip, training-free": labels, not a statement with its scope
    if _TODO_OR_TARGET.search(text):
        return False  # "TODO（韩雪）：复现 ElasticEP，目标是 … P99 TPOT 降 40%": a task and its target, no result of the work
    if _QUOTED_MESSAGE.match(text):
        return False  # "「引用 王鹏：…all-to-all 延迟砍了 52%…」": a chat reply quoting an earlier message; the message itself is compared
    return c.kind in _RULE_KINDS and c.role != "metadata" and not (
        _QUESTION.search(text) and not _asserts_before_asking(text) and not _doubted_statement(text))


#: A chat reply's quote of an earlier message: "「引用 王鹏：…」", "[引用] …", "Quoting @ana: …".
_QUOTED_MESSAGE = compile_lazy(r"^\W*(?:[\w\u4e00-\u9fff.@-]{1,20}\s+\d{1,2}:\d{2}\s*)?(?:「\s*)?(?:引用|回复引用)\s*[\w\u4e00-\u9fff.@-]{1,20}\s*[:：]|^\W*quoting\s+@?[\w.-]{1,30}\s*:", re.IGNORECASE)
#: A sentence reporting what a work is or does, as said by its authors or its paper: "per the authors it is drop-in",
#: "according to the paper …", "the paper says …", "据作者说 …", "摘要的意思是 …".
_REPORTED_FACT = compile_lazy(r"\bper the (?:authors?|paper|abstract|readme)\b|\baccording to (?:the )?(?:authors?|paper|abstract|readme)\b|"
                            r"\bthe (?:paper|abstract|authors?) (?:says?|claims?|reports?|states?)\b|据(?:作者|论文|摘要)|(?:论文|作者|摘要)(?:称|说|里写|的意思是)",
                            re.IGNORECASE)
#: A sentence that says what to do: an imperative opening it, a plan or a need ("Evaluate …", "we should …", "TODO", "计划…").
_ACTION_SENTENCE = compile_lazy(r"^\W*(?:\d{1,2}[.)]\s*)?(?:\[[ xX]\]\s*)?(?:evaluate|add|try|check|read|investigate|benchmark|adopt|consider|look|move|"
                              r"update|follow|ask|plan|schedule|set up|bump|pin|file|open|write|run|test|prototype|measure|compare|port|"
                              r"fix|draft|review|ping|email|reach out|todo|action|assign|decide|drop|remove|replace|switch|keep|use|make|"
                              r"get|find|owner|due|confirm|verify|double-check|re-?run|make sure)\b|\b(?:we|I|you)(?:'ll| will| should| need to| must| have to)\b|\blet'?s\b|"
                              r"^\W*(?:请|需要|计划|待办|待|跟进|负责人|截止)", re.IGNORECASE)


#: What makes a sentence a question: an interrogative word or particle, or a tag ("really?", "right?").
_INTERROGATIVE = compile_lazy(r"\b(?:is|are|was|were|does|do|did|can|could|should|would|will|has|have|how|what|why|which|who|whom|whether|when|"
                            r"where|really|right|or|isn't|aren't|doesn't)\b|[吗呢么吧嘛]|还是|是否|能否|会不会|有没有|是不是|要不要|怎么|怎样|什么|"
                            r"为什么|为何|哪|难道|多少|几", re.IGNORECASE)


def _doubted_statement(text: str) -> bool:
    """Whether a sentence ending in ``?`` is a statement its writer doubts, not a question: a note's shorthand whose ``?``
    stands apart after a space, with no interrogative anywhere in its last clause and more than a word in it ("FD++ →
    统一max φ = 近似softmax，精度有损 ?", "uses a static tree ?"); "Lossless even at 2-bit?", "Anyone reproduced the 3.6x?", "Lossy?", "是否无损？", "Is it lossless?", "静态树还是动态树？" and "Training-free, really?" ask."""
    if not re.search(r"\s[?？]\s*$", text):
        return False  # (the doubt is set apart, "精度有损 ?"; "Lossless even at 2-bit?" asks)
    body = re.sub(r"[?？\s]+$", "", text)
    last = re.split(r"[，,;；:：。]", body)[-1].strip()
    if _INTERROGATIVE.search(last) or re.match(r"^\s*(?:open|q|question|问题|疑问)\s*[:：]", text, re.IGNORECASE):
        return False
    return len(re.findall(r"[A-Za-z0-9_+-]+|[\u4e00-\u9fff]", last)) >= 4


def _asserts_before_asking(text: str) -> bool:
    """Whether a sentence ending in a question asserts its first clauses and asks only its last: three
    clauses or more, the asked one stating no fact of its own ("跳层做 draft，不需要修改模型，直接在 vLLM 里挂上就能
    用？": no model change, asked whether it plugs in); "Training-free, really?" or "Is it lossless?" asks it all."""
    if not re.search(r"[?？]\s*$", text) or re.match(r"^\s*(?:open|q|question|问题|疑问|是否|能否|会不会)", text, re.I):
        return False
    paren = max(text.rfind("("), text.rfind("（"))
    if paren >= 8 and max(text.rfind(")"), text.rfind("）")) < paren and not re.search(r"[?？]", text[:paren]) \
            and not re.match(r"\W*(?:is|are|does|do|did|can|could|will|would|should|has|have|why|how|what|which|who|whether)\b|\W*(?:是否|能否|会不会|有没有|为什么|怎么)",
                             text, re.I):
        return True  # ("… 得在 vLLM scheduler 里加 hook, 才知道 … decode (≠ Lena 的笔记?": the question is the aside in brackets)
    clauses = [x for x in re.split(r"[，,;；]", text) if x.strip()]
    # (two clauses do when the first reports what the source says: "摘要的意思是按 token 量化 key，和 KIVI 正好反过来？")
    if len(clauses) < 2 or (len(clauses) == 2 and not _REPORTED_FACT.search(clauses[0])):
        return False
    return not predicates(clauses[-1]) and not qualifier_sides(clauses[-1])


def _kind_for(a: SClaim, b: SClaim, base: str) -> str:
    """``version`` when the two statements are tied to different versions of the work, else ``base``."""
    if a.version and b.version and a.version != b.version:
        return "version"
    return base


def _vnum(v: str | None) -> int:
    return int(v[1:]) if v and v[1:].isdigit() else 0


def _doc_is_current(a: SClaim, b: SClaim) -> bool:
    """Whether of two statements tied to different versions, the living document's is the later one:
    a note quoting v1's figure against a document that already cites v2 is history, not a conflict."""
    doc, other = (a, b) if a.kind == "living_doc" else (b, a) if b.kind == "living_doc" else (None, None)
    return doc is not None and _vnum(doc.version) > _vnum(other.version) > 0


def _pair_key(kind: str, subject: str, a: SClaim, b: SClaim, *extra: object) -> tuple:
    return (kind, subject, *sorted([a.path, b.path]), *extra)


def _ordered(a: SClaim, b: SClaim) -> tuple[SClaim, SClaim]:
    """The better-evidenced statement first (``_rank``): an order that depends on these two alone."""
    return tuple(sorted([a, b], key=_rank))  # type: ignore[return-value]


#: A line that only gives a work's title ("标题：RotQ: Calibration-Free …", "Title: LoKV-2: Lossless …").
_TITLE_LINE = compile_lazy(r"^\W*(?:title|标题|题目|paper|论文)\W*[:：]", re.IGNORECASE)


def _statement_first(c: SClaim) -> tuple:
    """The order in which a file's statements stand for it in a finding: its statements before a line that
    only gives the title (a title's adjective is the paper's own label, the statement is what was said),
    then by line; a list of keywords ("tags: moe, kernels, dropless") also gives way to the sentence saying it."""
    return (c.path, bool(_TITLE_LINE.match(c.text) or _KEYWORD_LINE.match(c.text)) or c.role == "citation", c.line)


#: A line that lists a file's keywords, not a statement: "tags: moe, kernels, dropless", "关键词：量化，KV".
_KEYWORD_LINE = compile_lazy(r"^\W*(?:tags?|keywords?|labels?|topics?|关键词|标签)\s*[:：]", re.IGNORECASE)


#: A baseline as the subject of the figure after it: "the plain AR baseline only held ~9.4 tok/s", "baseline gets 9.0",
#: "基线只有 9.4 tok/s", "基线是 410 ms".
_BASELINE_HELD = compile_lazy(r"(?:\bbaselines?\b|基线)(?:\s*\([^()]{0,30}\))?\s*(?:only\s+|just\s+|still\s+)?"
                            r"(?:held|holds|gets?|got|reach(?:es|ed)?|runs?|ran|does|did|manages?|managed|sits?|sat|is|was|stays?|stayed|"
                            r"at|[:：=]|只有|只能|才|是|为|跑到?|跑出)\s*(?:at\s+|about\s+|around\s+|roughly\s+)?[~≈约]?\s*$", re.IGNORECASE)


_GENERIC_BASE_WORDS = frozenset("""plain vanilla standard autoregressive ar naive default dense the a an our their its fp16 bf16
unmodified stock original same simple greedy""".split())


def _baselines_figure(text: str, raw: str) -> bool:
    """Whether the figure ``raw`` is said of a baseline right before it, in its clause ("the plain AR baseline only held
    ~9.4 tok/s"): the baseline's measure, no figure of the work the statement is about."""
    k = text.find(raw)
    if k < 0:
        return False
    before = re.split(r"[.;；。，,]\s", text[max(0, k - 60):k])[-1]
    m = _BASELINE_HELD.search(before)
    if m is None or find_arxiv_ids(before[m.start():]):
        return False  # ("lists the AWQ-9 baseline (2501.00301) at 5.82": the baseline is a work named, the figure its own)
    # a baseline named by its work ("the KIVI-2 baseline at 2900 MiB") is that work's figure; one the work owns or describes
    # by its kind ("thermospec's plain AR baseline", "the vanilla baseline") is none of a work's
    for w in reversed(re.findall(r"[\w.'’-]+", before[:m.start()])[-4:]):
        if w.endswith(("'s", "’s")):
            return True
        if w.lower() in _GENERIC_BASE_WORDS:
            continue
        return not re.search(r"\d|[A-Z]", w)
    return True


def _side_at_figure(c: SClaim, pat: re.Pattern[str] | None) -> bool:
    """Whether a side of an aspect of figures is written in the clause of one of ``c``'s figures
    ("仿真上成功率 47.4%", "measured on real hardware: 410 ms"), not elsewhere in the statement ("real-to-sim
    流水线 … 17 个任务": the figure counts tasks, the side names the pipeline)."""
    if pat is None or not c.quantities:
        return False
    cues = [m.start() for m in pat.finditer(c.text)]
    spots = [k for q in c.quantities for k in (c.text.find(q.raw),) if k >= 0]
    for a in cues:
        for b in spots:
            lo, hi = sorted((a, b))
            if hi - lo <= 40 and not re.search(r"[，。；;,]|\.\s", c.text[lo:hi]):
                return True
    return False


def _variants(text: str) -> dict[str, set[str]]:
    """The numbered variants a statement names where it opens a sentence ("Medusa-1 …", "…; Medusa-2 fine-tunes"):
    base name (lower-case) -> numbers, read with the lexicon's ``variant`` condition."""
    pats = _VARIANT_PATS.get("p")
    if pats is None:
        pats = _VARIANT_PATS["p"] = [re.compile(p) for p in
                                     load_lexicon().raw.get("facts", {}).get("conditions", {}).get("variant", [])]
    out: dict[str, set[str]] = defaultdict(set)
    for pat in pats:
        for m in pat.finditer(text):
            name = re.search(r"([A-Za-z]+)-(\d)$", m.group(0))
            if name:
                out[name.group(1).lower()].add(name.group(2))
    return out


_VARIANT_PATS: dict[str, list[re.Pattern[str]]] = {}


def _other_variants(a: SClaim, b: SClaim) -> bool:
    """Whether two statements are about different numbered variants of one work ("Medusa-1 needs no fine-tuning" /
    "Medusa-2 fine-tunes the backbone", both arXiv:2401.10774): a qualifier or a predicate of one is not the other's."""
    va, vb = _variants(a.text), _variants(b.text)
    return any(va[k] and vb[k] and not (va[k] & vb[k]) for k in set(va) & set(vb))


def _side_words(side: str) -> str:
    """A qualifier side's key as words for a summary: ``needs_training`` -> "needs training", ``training_free`` ->
    "training-free", ``non_preemptive`` -> "non-preemptive"."""
    return re.sub(r"^non_", "non-", side.replace("_free", "-free")).replace("_", " ")


def _cue_at(c: SClaim, lex, aspect: str, side: str) -> int | None:
    """Where in ``c``'s text the lexicon's words for ``side`` of ``aspect`` are first written (None when not found, or when
    the statement is one line: nothing to narrow)."""
    if not c.line_starts:
        return None
    # the sentence that alone asserts the side ("The index does not extend to context-free grammars: … regex-only"), not
    # the first word of the side's vocabulary ("compiles a regex" two lines above)
    for a, b in split_sentences(c.text):
        if f"{aspect}:{side}" in qualifier_sides(c.text[a:b], lex):
            return a
    pat = side_pattern(aspect, side, lex)
    m = pat.search(c.text) if pat is not None else None
    return m.start() if m else None


#: Where a statement turns from one work to another: "; ", ", whereas", "whereas", "while", "instead", "，而".
_CLAUSE_TURN = compile_lazy(r"[;；。]|,\s*(?:whereas|while|but)\b|\bwhereas\b|\bwhile\b|\binstead\b|[，,]\s*(?:而|但|不过)|而且?(?=\S)",
                            re.IGNORECASE)


def _others_clause(text: str, pos: int | None, s: str) -> bool:
    """Whether the clause of ``text`` at ``pos`` names works by identifier and ``s`` is none of them: "cla (arXiv:2405.12981)
    share one key/value projection … and train such models from scratch, whereas minicache (arXiv:2405.14366) merge …" trains
    CLA, not MiniCache, though the statement names both."""
    if pos is None:
        return False
    start = max((m.end() for m in _CLAUSE_TURN.finditer(text, 0, pos)), default=0)
    stop = _CLAUSE_TURN.search(text, pos)
    clause = text[start:stop.start() if stop else len(text)]
    # (the clause's subject: a work it opens on, "cla (arXiv:…) share …"; one cited further on, "The sparse pattern is a
    # FlexAttention block mask (arXiv:…), so the method needs …", is named in passing)
    ids = {m.arxiv_id for m in find_arxiv_ids(clause) if len(clause[:m.start].strip()) <= 30}
    return bool(ids) and s not in {m.arxiv_id for m in find_arxiv_ids(clause)}


def _qualifier_conflicts(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    """``qualifier`` (or ``version``) findings: one per work, aspect and pair of files."""
    lex = load_lexicon()
    labels = {a["id"]: (a["label_en"], a.get("label_zh", a["label_en"]))
              for a in lex.raw.get("facts", {}).get("qualifier_aspects", [])}
    # an aspect of how figures were obtained (simulated vs measured on hardware) qualifies figures: a
    # statement with none ("真机实验里…", "evaluated in simulation") says where the work was tried, not that
    # a number is simulated
    of_figures = {a["id"] for a in lex.raw.get("facts", {}).get("qualifier_aspects", []) if a.get("of_figures")}
    side_pats = {(a["id"], side): re.compile("|".join(f"(?:{p})" for p in pats), re.IGNORECASE)
                 for a in lex.raw.get("facts", {}).get("qualifier_aspects", []) if a.get("of_figures")
                 for side, pats in a["sides"].items()}
    by: dict[tuple[str, str], dict[str, list[SClaim]]] = defaultdict(lambda: defaultdict(list))
    for c in snap.claims:
        if not c.qualifiers or not _eligible(c):
            continue
        for q in _asserted(c, "qualifiers"):
            aspect, _, side = q.partition(":")
            if aspect not in labels or (aspect in of_figures and not _side_at_figure(c, side_pats.get((aspect, side)))):
                continue
            subjects = subj.get(c.iri, ())
            at = (m.start() if (pat := side_pattern(aspect, side, lex)) is not None and (m := pat.search(c.text)) else None) \
                if len(subjects) > 1 else None
            for s in subjects:
                if not _others_clause(c.text, at, s):
                    by[(s, aspect)][side].append(c)
    out: dict[tuple, Contradiction] = {}
    for (s, aspect), sides in sorted(by.items()):
        names = sorted(sides)
        for s1, s2 in combinations(names, 2):
            for c1 in sorted(sides[s1], key=_statement_first):
                for c2 in sorted(sides[s2], key=_statement_first):
                    if c1.path == c2.path or _other_variants(c1, c2):
                        continue
                    a, b = _ordered(c1, c2)
                    kind = _kind_for(a, b, "qualifier")
                    key = _pair_key(kind, s, a, b, aspect)
                    if key in out:
                        continue
                    sa = s1 if a is c1 else s2
                    sb = s2 if a is c1 else s1
                    out[key] = Contradiction(
                        id=_id("qualifier", s, aspect, *sorted([(s1, c1.path), (s2, c2.path)])), kind=kind,
                        subject=f"arXiv:{s}", summary=f"{labels[aspect][0]}: '{_side_words(sa)}' vs '{_side_words(sb)}'",
                        a=statement(a, _cue_at(a, lex, aspect, sa)), b=statement(b, _cue_at(b, lex, aspect, sb)),
                        detail=[f"{a.version} vs {b.version}"] if kind == "version" else [],
                    )
    return list(out.values())


def figure_key(raw: str) -> str:
    """Normalised form of a written figure for matching: ``"+5.94 ×"`` and ``"5.94x"`` -> ``"5.94x"``."""
    r = raw.lower().replace("×", "x").replace("％", "%").replace("倍", "x").replace("times", "x")
    return re.sub(r"\s+|^\+|大概|大约|约|about|~|～", "", r)


def _conds(q: SQuantity) -> dict[str, set[str]]:
    """A figure's conditions by category; for a ratio, a value that is also its baseline ("2.9x faster than FP16" holds
    ``precision:fp16`` and ``base:fp16``) is the baseline's, not the figure's own setting (``precision:w4a16``)."""
    out: dict[str, set[str]] = defaultdict(set)
    for c in q.conditions:
        cat, _, val = c.partition(":")
        out[cat].add(val)
    if q.unit == "x":  # (a ratio's baseline is another setting; a delta "+0.3 ppl over FP16" is read in its baseline's)
        for cat in list(out):
            if cat != "base" and len(out[cat]) > 1 and out[cat] & out.get("base", set()):
                out[cat] -= out["base"]
    return out


def _same_metric(a: str, b: str, unit: str = "x") -> bool:
    """Whether two metrics are one measure when written as a ratio (lexicon ``facts.same_metric_for_x``:
    "3.2x faster" and "2.6× decode tokens/s" are both a decode speedup) or, for ``unit="%"``, as a share
    (``facts.same_metric_for_pct``: "a 55% KV memory saving" and "cuts KV-cache memory by 40%")."""
    return any(a in grp and b in grp for grp in _metric_groups(unit))


def _metric_groups(unit: str) -> list[list[str]]:
    """The lexicon's groups of metrics that are one measure in ``unit`` (``x``, ``%`` or ``s``: a duration its unit alone
    names is a latency's bucket, ``comparable`` decides each pair), else none."""
    key = {"x": "same_metric_for_x", "%": "same_metric_for_pct", "s": "same_metric_for_s"}.get(unit)
    return load_lexicon().raw.get("facts", {}).get(key, []) if key else []


@functools.lru_cache(maxsize=1)
def _share_metrics() -> frozenset[str]:
    """Metrics that are a share, written as a percentage or as a fraction of one (lexicon ``facts.share_metrics``)."""
    return frozenset(load_lexicon().raw.get("facts", {}).get("share_metrics", []))


def _metric_bucket(metric: str, unit: str) -> str:
    """The bucket ``metric`` is compared in: groups of one measure that share a metric are one bucket ("requests"
    is a speedup's and a goodput's), the pairs inside it are ``comparable``'s to decide (goodput is no throughput)."""
    groups = [set(g) for g in _metric_groups(unit)]
    bucket = {metric}
    grew = True
    while grew:
        grew = False
        for g in groups:
            if g & bucket and not g <= bucket:
                bucket |= g
                grew = True
    return min(bucket) if len(bucket) > 1 else metric


def _tail(conds: dict[str, set[str]]) -> bool:
    """Whether a figure's conditions name a tail percentile (p90, p95, p99, p99.9), not the median or the mean."""
    return any(v not in ("50", "median", "中位", "中位数", "mean", "average", "avg", "平均") for v in conds.get("percentile", ()))


def _exclusive() -> frozenset[str]:
    """Condition categories a figure is compared across only when both sides have them (lexicon
    ``facts.exclusive_conditions``: an ablation)."""
    return frozenset(load_lexicon().raw.get("facts", {}).get("exclusive_conditions", []))


def comparable(qa: SQuantity, qb: SQuantity) -> bool:
    """Whether two figures of one work measure the same thing under comparable conditions: same
    metric, unit and direction; no condition category written on both sides with different values;
    and at least one condition shared, or both metrics written out."""
    if qa.metric is None or qa.metric in ("stars", "citations"):
        return False
    if qa.unit != qb.unit and not ({qa.unit, qb.unit} == {"pt", "%"} and qa.metric == qb.metric == "accuracy"
                                   and qa.direction == qb.direction == "down"):
        return False  # (an accuracy's loss in points, "只掉 0.4 个点", is the one "准确率掉了 1.9%" gives in %)
    if qa.metric != qb.metric and not (qa.unit in ("x", "%") and _same_metric(qa.metric, qb.metric or "", qa.unit)
                                       and ((qa.explicit and qb.explicit) or _one_baseline(qa, qb))) \
            and not (qa.unit == "s" and {qa.metric, qb.metric} in ({"time", "latency"}, {"time", "overhead"})
                     and not (qa.explicit and qb.explicit)
                     and _same_setting(qa, qb)):
        # ("KV handoff ≈45 ms for a 2k-token prompt (Llama-2-70B)": a duration its unit alone names, the "0.45 s of added
        # latency" of the same handoff in the same setting)
        return False  # (a ratio whose measure is only the default, "batch 可放大到 4 倍", is no throughput)
    if (qa.direction or "up") != (qb.direction or "up"):
        return False
    ca, cb = _conds(qa), _conds(qb)
    if ("pass" in ca and "decode" in cb.get("phase", ())) or ("pass" in cb and "decode" in ca.get("phase", ())):
        return False  # "NSA 的前向约为全注意力的 9.0 倍" (a kernel's forward pass) and "64K 解码：11.6x" (decoding)
    if any((cat in ca) != (cat in cb) for cat in _exclusive()):
        return False  # an ablation's figure ("去掉标定 τ 回到 2.9") is compared only with another ablation's
    if qa.unit == "s" and _tail(ca) != _tail(cb) and ("percentile" in ca) != ("percentile" in cb):
        return False  # a tail latency ("p99 0.2 ms") is not the typical one a figure with no percentile gives ("TPOT 7.9 ms")
    shared = False
    for cat in set(ca) & set(cb):
        if _values_differ(ca, cb, cat):
            return False
        shared = True
    return shared or (qa.explicit and qb.explicit and qa.metric == qb.metric)  # two measures: a shared setting


def _one_baseline(qa: SQuantity, qb: SQuantity) -> bool:
    """Whether a ratio written with no measure ("roughly 2.3x over vLLM at 1,000 adapters") and one written out ("4.1x
    throughput over vLLM at 1,000 adapters") are one gain: both name the same baseline and share another setting."""
    if qa.explicit == qb.explicit:
        return False
    ca, cb = _conds(qa), _conds(qb)
    if not ca.get("base") or ca.get("base") != cb.get("base"):
        return False
    return any(cat != "base" and ca[cat] == cb.get(cat) for cat in ca)


#: Words of a figure's lead-in that name no measure: quantifiers, verbs of reporting, generic nouns.
_NOT_MEASURE_WORDS = frozenset("""their about around roughly nearly only just puts reports reported says said gives given
    quotes quoted table figure paper card note they from with that this which while where whole reason suite
    setting settings baseline number value values result results""".split())


def _measure_words(text: str, raw: str) -> set[str]:
    """The words of a figure's lead-in within its sentence (up to 60 characters before it): what it measures when no
    lexicon metric names it ("the per-token mask overhead at 0.8 ms" -> per-token, mask, overhead)."""
    at = text.find(raw)
    if at < 0:
        return set()
    lead = re.split(r"[.;。；!?！？]\s", text[max(0, at - 60):at])[-1]
    return {w for w in re.findall(r"[a-z][a-z-]{3,}", lead.lower()) if w not in _NOT_MEASURE_WORDS and w not in _stopwords()}


def _same_measure(ca: SClaim, qa: SQuantity, cb: SClaim, qb: SQuantity) -> bool:
    """Whether two figures whose measure only their unit names ("80 µs", "0.8 ms") measure one thing by the words
    their lead-ins share ("Per-token mask overhead … (Table 3): 80 µs" and "puts the per-token mask overhead at 0.8 ms"):
    two or more words, and nothing else of their settings apart (``comparable`` as if both measures were written)."""
    if qa.explicit or qb.explicit or qa.metric != qb.metric or qa.unit != qb.unit:
        return False
    if len(_measure_words(ca.text, qa.raw) & _measure_words(cb.text, qb.raw)) < 2:
        return False
    return comparable(replace(qa, explicit=True), replace(qb, explicit=True))


def _agrees_elsewhere(of_path: dict[str, list[SQuantity]], qa: SQuantity, cb: SClaim, qb: SQuantity,
                      beside: dict[int, list[SQuantity]] | None = None) -> bool:
    """Whether ``cb``'s source gives ``qa``'s value too (``of_path``: a group's figures by file), for the same work
    and metric, under a setting it sets apart from ``qb``'s: the two sources agree on that setting, and ``qb`` is
    another setting's figure.  A statement quoting both values ("王磊报 6.8×，活文档写 10 倍，对不上": ``beside``, the
    values of each figure's statement by ``id``) restates the disagreement, no agreement, unless it writes the two
    values' settings apart ("2.5x at batch 1, still 1.6x at batch 16")."""
    # (a screen's row giving our own run beside the paper's figure, "ours: −21% … | paper: ↓38%", sets the two apart
    # itself: no restated disagreement)
    own = _own_measurement(cb.text)

    def restated(q: SQuantity) -> bool:
        # q's statement gives qb's value too, under the same setting as q's ("王磊报 6.8×，活文档写 10 倍"), not one it writes
        # apart ("2.5x at batch 1, still 1.6x at batch 16")
        # (q itself giving qb's value is the same figure again: "王磊报 6.8×" is the 6.8× it is set against)
        ca = _conds(q)
        return any(o.value == qb.value and (o is q or not any(_values_differ(ca, _conds(o), cat) for cat in set(ca) & set(_conds(o))))
                   for o in (beside or {}).get(id(q), ()))
    return any(q is not qb and comparable(q, qa) and not disagree(q, qa) and (_settings_differ(q, qb) or own)
               and not (beside and not own and restated(q))
               for q in of_path.get(cb.path, ()))


def _same_setting(qa: SQuantity, qb: SQuantity) -> bool:
    """Whether two comparable figures share a setting written out on both sides in two respects or more
    (model and benchmark, model and precision): a baseline re-run in another paper's experiments under the
    setting its own paper reports is the same measurement, and a different value a conflict to flag."""
    ca, cb = _conds(qa), _conds(qb)
    return sum(1 for cat in set(ca) & set(cb) if not _values_differ(ca, cb, cat)) >= 2


def _decimals(x: float) -> int:
    t = f"{x:.6f}".rstrip("0").rstrip(".")
    return len(t.split(".")[1]) if "." in t else 0


def _written_decimals(q: SQuantity) -> int:
    """The decimals ``q``'s value is written with ("3.0x" has one: it is no "3x" that 2.7x rounds to), else those of
    its value."""
    for m in re.finditer(r"\d+(?:\.(\d+))?", q.raw.replace(",", "")):
        try:
            if abs(float(m.group(0)) - q.value) < 1e-9:
                return len(m.group(1) or "")
        except ValueError:
            continue
    return _decimals(q.value)


def disagree(qa: SQuantity, qb: SQuantity) -> bool:
    """Whether two comparable figures give different values, beyond rounding and hedging.

    A range agrees with any value or range it overlaps; a ceiling ("up to 1.56x") with any value
    at or below it, a floor with any value at or above it; two values agree when they are equal at
    the precision of the less precise one, or within 5 % (15 % when one is hedged; percentages
    within one point or 2 % of the larger, unhedged); a floor ("over 3
    tokens/s") agrees with values up to half as much again above it.
    """
    tol = 0.10 if (qa.approx or qb.approx) else (0.02 if qa.metric == qb.metric == "perplexity" else 0.05)
    lo_a, hi_a = qa.value, qa.value_high if qa.value_high is not None else qa.value
    lo_b, hi_b = qb.value, qb.value_high if qb.value_high is not None else qb.value
    if qa.value_high is not None or qb.value_high is not None:
        # a ceiling against a range ("up to 7×" against "2.8–5×") agrees when the range reaches below it, a floor
        # ("at least 3x") when the range reaches above it: the bound says where the values lie, it is no one value
        for p, r in ((qa, qb), (qb, qa)):
            if p.value_high is None and r.value_high is not None and p.bound in ("max", "min"):
                return r.value > p.value * (1 + tol) if p.bound == "max" else r.value_high < p.value * (1 - tol)
        return not (lo_a <= hi_b * (1 + tol) and lo_b <= hi_a * (1 + tol))
    a, b = qa.value, qb.value
    if (qa.bound == "max") != (qb.bound == "max"):
        point, ceiling = (b, a) if qa.bound == "max" else (a, b)
        return point > ceiling * (1 + tol)
    if (qa.bound == "min") != (qb.bound == "min"):
        # "over 3 tokens/s" is a little over 3: a value far above the floor is another figure
        point, floor = (b, a) if qa.bound == "min" else (a, b)
        return point < floor * (1 - tol) or point > floor * 1.5
    d = min(_written_decimals(qa), _written_decimals(qb))
    if round(a, d) == round(b, d):
        return False
    if (qa.unit == "%" or (qa.unit == "pt" and qa.metric == qb.metric == "accuracy" and qa.direction is None
                           and qb.direction is None and min(a, b) >= 10)) and not (qa.approx or qb.approx):
        # percentages are points: 76 % and 80 % are four points apart, not "within 5 %"; so is a benchmark's score
        # (a LongBench average of 41.27 against 42.71, both "from Table 3")
        if d >= 1 and abs(a - b) >= 0.5:
            return True  # two scores written to a decimal ("nDCG@10 71.9" against "0.712"): half a point apart is no rounding
        return abs(a - b) > max(1.0, 0.02 * max(abs(a), abs(b)))
    if qa.unit == "%" and (qa.approx or qb.approx) and qa.direction is None and qb.direction is None:
        # a hedged percentage is still points: "about 93.4% of the full-cache score" is no 97.8% (a tenth of 97.8 would
        # allow 88); three points or 4 % of the larger is the hedge
        return abs(a - b) > max(3.0, 0.04 * max(abs(a), abs(b)))
    return abs(a - b) > tol * max(abs(a), abs(b))


#: Condition categories an own run and the figure it is set against must both state or both leave unsaid (a GPU named on
#: one side only is no difference: "实测 ZzKV 在 A100 上延迟降低 12%" is a reading of the card's "延迟降低 76%"; two GPUs
#: named differently are, ``comparable``).
_OWN_SETTING = ("bench", "model", "msize")


def _sentence_of(text: str, raw: str) -> str:
    """The sentence, or the table cell, of ``text`` that writes the figure ``raw`` first (all of ``text`` when it is not
    found): "Their Table 1: τ 5.2 on MT-bench …; our rerun lands within 0.1 of that" gives the paper's figure its own part."""
    at = text.find(raw)
    if at < 0:
        return text
    starts = [m.end() for m in re.finditer(r"[;；。|!?！？]|\.(?=\s)", text[:at])]
    end = re.search(r"[;；。|!?！？]|\.(?=\s|$)", text[at + len(raw):])
    return text[(starts[-1] if starts else 0):(at + len(raw) + end.start()) if end else len(text)]


def _own_setting_unmatched(c1: SClaim, q1: SQuantity, c2: SClaim, q2: SQuantity) -> bool:
    """Whether one of two figures is the writer's own measurement (:func:`_own_measurement`, said in the figure's own
    sentence or table cell) and the two state different kinds of setting: a workload or a model named on one side only
    ("P99 TBT −12% on our A100s" is no reading of the card's "synthetic Poisson arrivals: P99 TBT −27%"; our "组内测"
    on Llama-2-7B-chat none of an abstract's figure naming no model)."""
    s1, s2 = _sentence_of(c1.text, q1.raw), _sentence_of(c2.text, q2.raw)
    own1, own2 = _own_measurement(s1), _own_measurement(s2)
    if own1 == own2:
        return False
    if _SAME_SETUP_AS_PAPER.search(c1.text if own1 else c2.text):
        return False  # "Same JSON-schema workload as the paper's own benchmark, …: ~0.1 ms/token": the run says it is comparable
    co, cp = _conds(q1), _conds(q2)
    return any((cat in co) != (cat in cp) for cat in _OWN_SETTING)


#: A run of the writer's own said to repeat the paper's setting: "same JSON-schema workload as the paper's own benchmark",
#: "same setup as the paper", "按论文的配置复现", "与论文相同的设置".
_SAME_SETUP_AS_PAPER = compile_lazy(r"\bsame (?:[\w-]+\s+){0,2}(?:workload|setup|setting|config(?:uration)?|benchmark|harness)s? "
                                    r"as (?:the |their )?(?:paper|authors)(?:'s| used)?|\b(?:the paper's|their) (?:exact |own )?"
                                    r"(?:setup|settings?|config(?:uration)?|benchmark) (?:reproduced|replicated|rerun)\b|"
                                    r"(?:按|照|用)(?:论文|原文|作者)的?(?:配置|设置|设定|基准)|与(?:论文|原文)(?:相同|一致)的(?:配置|设置|设定)",
                                    re.IGNORECASE)


def _own_measurement(text: str) -> bool:
    """Whether a statement reports the writer's own measurement ("[repro]", "we measured", "我们实测")."""
    global _OWN
    if _OWN is None:
        pats = load_lexicon().raw.get("facts", {}).get("own_measurement", [])
        _OWN = re.compile("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.IGNORECASE)
    return bool(_OWN.search(text))


_OWN: re.Pattern[str] | None = None


#: Condition categories that make a value one operating point among others (a batch size, a model, a GPU): a value at
#: one the ceiling does not name is not the ceiling's headline.
_OPERATING_POINT = frozenset({"batch", "ctx", "model", "msize", "bench", "precision", "gpus", "hw", "rate", "budget",
                              "lora_rank", "adapters", "par"})


#: What a statement says of another figure it names bare to place it: "the 740 headline is a head-dim-256 figure",
#: "the 3.1x is for batch 1", "那个 10 倍是 batch 1 下的".
_PLACES_FIGURE = compile_lazy(r"\s*(?:[\w-]+\s+){0,2}(?:is|was|are)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}(?:figure|number|result|"
                            r"measurement|setting|value)\b|\s*(?:[\w-]+\s+){0,2}(?:is|was)\s+(?:for|at|on|from|with|under)\b|"
                            r"\s*(?:倍|x|×)?\s*(?:是|指的?是)[^，。；]{1,16}(?:的|下的)(?:数|结果|数字|成绩)?", re.IGNORECASE)


def _explains_other(text: str, other: SQuantity) -> bool:
    """Whether ``text`` names ``other``'s value bare (no unit: "the 740 headline") and says what setting it is of
    (``_PLACES_FIGURE``): the writer reconciles the two figures, no disagreement."""
    v = other.value
    num = f"{v:g}"
    for m in re.finditer(rf"(?<![\w.]){re.escape(num)}(?![\w.%×]|\s*(?:x|×|倍|%|TFLOPs|tok|ms|s\b))", text):
        if _PLACES_FIGURE.match(text, m.end()):
            return True
    return False


def _disagree_reported(c1: SClaim, q1: SQuantity, c2: SClaim, q2: SQuantity) -> bool:
    """:func:`disagree`, except that a ceiling ("up to 4.04x") holds a value below it only when that
    value is a measurement of one's own ("[repro] roughly 1.5x", consistent with "up to 1.56x") or
    hedged; a value *reported* for the same setting ("3.04x on Llama2-7B, A100", a slide, a talk) is
    the headline figure written differently, and is compared as a value (unless the value names a setting the
    ceiling does not name and none it shares: a batch size, a model, a GPU, ``_OPERATING_POINT``)."""
    if (q1.bound == "max") != (q2.bound == "max"):
        point_c, point_q = (c2, q2) if q1.bound == "max" else (c1, q1)
        ceiling_q = q1 if point_q is q2 else q2
        # (a value at a setting the ceiling does not name, "1.4× (bs 8, vs vLLM swap)" under "up to 3.1×", is one point
        # below the ceiling, not the headline written differently)
        point_at = {c.split(":", 1)[0] for c in point_q.conditions} & _OPERATING_POINT
        ceiling_at = {c.split(":", 1)[0] for c in ceiling_q.conditions} & _OPERATING_POINT
        # (only when the ceiling names no operating point the value shares: "3.2x at 128K on one H100" and "128K: 2.6×" on
        # the card's H100 are the same setting, the headline written differently)
        # (a benchmark both name is no shared operating point: "up to 1.8x on MT-bench" holds a leaderboard's "1.6×" on
        # MT-bench with a model and GPU of its own)
        own_setting = point_at - ceiling_at if not (point_at & ceiling_at) - {"bench"} else set()
        if point_q.bound is None and not own_setting and not _own_measurement(point_c.text) \
                and (not point_q.approx or _only(point_c.text, point_q.raw)):
            # ("我印象里 P99 首 token 延迟只降了 2.6 倍左右，没到数量级" against "最多降低约 10 倍": a value its writer
            # calls only that much disputes the ceiling, hedged or not)
            return disagree(replace(q1, bound=None), replace(q2, bound=None))
    if (q1.value_high is None) != (q2.value_high is None):
        # a spread over settings ("2.35x–3.47x throughput from larger batches") and one value at an operating point it
        # does not name ("batch 64, 4k context: decode tok/s 1.6x"): one setting, not the spread written differently
        spread, point = (q1, q2) if q1.value_high is not None else (q2, q1)
        spread_at = {c.split(":", 1)[0] for c in spread.conditions} & _OPERATING_POINT
        point_at = {c.split(":", 1)[0] for c in point.conditions} & _OPERATING_POINT
        if len(point_at - spread_at) >= 2:
            return False
    return disagree(q1, q2)


#: A figure its writer calls only that much: "only 2.6x", "just 1.2x", "只降了 2.6 倍", "仅 1.3 倍".
_ONLY_BEFORE = compile_lazy(r"(?:\bonly|\bjust|\bmerely|只|仅|才)[^，,。;；.]{0,8}$", re.IGNORECASE)
#: ... and says the larger figure does not hold: "没到数量级", "不到 10 倍", "nowhere near the 10x", "not the 4x".
_FALLS_SHORT = compile_lazy(r"没到|不到|远没有|远不到|达不到|并没有|\bnowhere near\b|\bfar (?:from|below|short of)\b|"
                          r"\bnot (?:the|an?|even) (?:[\w-]+ ){0,2}(?:\d|claimed|reported|advertised|headline|promised|order)|\bnot (?:even )?close to\b|"
                          r"\bfalls? short\b|\bno(?:t)? (?:an )?order of magnitude\b", re.IGNORECASE)


def _only(text: str, raw: str) -> bool:
    """Whether ``raw`` is written in ``text`` as only that much, by a writer saying the larger figure does not hold
    ("只降了 2.6 倍左右，没到数量级"); "prefill 只快了 1.8 倍" alone is a figure of its own setting."""
    # (every place the figure is written, and the shortfall said after it: "only 1.8x faster here, which is not a
    # surprise" says no larger figure fails)
    for m in re.finditer(re.escape(raw), text):
        if m.start() > 0 and _ONLY_BEFORE.search(text[max(0, m.start() - 12):m.start()]) and _FALLS_SHORT.search(text, m.end()):
            return True
    return False


_REJECTED_BEFORE = compile_lazy(r"(?:\bnot|\binstead of|\brather than|而不是|不是|而非|并非)\s*(?:the|a|an|our|its|their|那个|这个)?\s*[~约]?\s*$|"
                              # the living document's value, quoted to be disputed: "Our doc has 2.6× for that row", "文档里写的是 2.6 倍"
                              r"\b(?:our|the) (?:living )?doc(?:ument)?(?:'s)? (?:still |now |currently )?(?:has|says|gives|lists|quotes|states|shows|claims|reports|entry (?:has|says))"
                              r"(?:\s+(?:the|a|an|its)\s+(?:[\w-]+\s+){0,2}?(?:figure|number|value|claim))?\s*[(（]?\s*[~约]?\s*$|"
                              # ("活文档 §3.1 写的 3.0x 我在正文里没找到": the section the document says it in, named between)
                              r"(?:活)?文档\s*(?:§\s*[\d.]+|第?\s*[\d一二三四五六七八九十]+(?:\.\d+)?\s*节)?\s*(?:里|中|上)?"
                              r"(?:写的?是?|说的?是?|给的?是?|记的?是?)\s*[~约]?\s*$",
                              re.IGNORECASE)


#: A margin, not a value: "ahead by 0.05–0.08 ppl", "lower by 20 ms", "领先 0.3 分" (for a ratio or a share the
#: margin is the figure: "cuts TTFT by 38%", "faster by 2x"; a score that drops by some points from the full-precision
#: model's, "accuracy drops by 1.1 points against BF16", is the loss a method is measured by).
_MARGIN_BEFORE = compile_lazy(r"(?:(?<!drops )(?<!dropped )(?<!falls )(?<!fell )(?<!degrades )(?<!degraded )(?<!decreases )(?<!decreased )\bby|领先|落后|高出|低出|多出|少了|高了|低了|差了)\s*(?:only\s+|just\s+|about\s+|roughly\s+|~|约)?(?:\d[\d.,]*\s*(?:[–~-]|to)\s*)?$",
                            re.IGNORECASE)


def _every_spot(text: str, raw: str, before: re.Pattern[str], width: int, after: re.Pattern[str] | None = None) -> bool:
    """Whether ``text`` writes ``raw`` and, at every place it does, ``before`` ends the ``width`` characters before it
    (or ``after``, when given, matches right after it)."""
    spots = [m.start() for m in re.finditer(re.escape(raw), text)]
    return bool(spots) and all(before.search(text[max(0, k - width):k]) or (after is not None and after.match(text, k + len(raw)))
                               for k in spots)


#: The full model's or the uncompressed cache's score written beside a method's ("41.6 at budget 1024 (full KV 42.7)", a
#: "| Full KV | | full | 42.71 |" row, "FP16: 5.47"): the reference the method is measured against, not the method's.
_REFERENCE_BEFORE = compile_lazy(r"(?:\bfull[- ]?(?:KV|cache|attention|precision|model)|\b(?:dense|uncompressed|unquantized)\b(?:\s+(?:KV|cache|model))?|"
                               r"全量\s*(?:KV|注意力|缓存)?|原始模型)\s*(?:cache\s*)?(?:gets|is|scores|reaches|averages|at|为|是)?\s*[:=：|]?\s*"
                               r"(?:\|\s*)*(?:full\s*\|\s*)?$", re.IGNORECASE)
_REFERENCE_AFTER = compile_lazy(r"\s*(?:for\s+(?:the\s+)?)?(?:full|全量)(?:[- ]?(?:KV|cache|attention|precision))?\b(?![\s:：=]*\d)", re.IGNORECASE)


#: What a value stands after when it is the other side of a comparison: "2.7 GB of KV vs 17.2 GB in FP16", "6.41 (vs 6.24)".
_VS_BEFORE = compile_lazy(r"(?:\bvs\.?|\bversus|\bcompared (?:to|with)|对比|相比)\s*(?:the\s+)?$"
                          # "hit rate 71% (round-robin baseline: 38.2%)": the baseline's value, labelled
                          r"|\bbaselines?(?:'s)?\s*[:：=]\s*$|基线\s*[:：=]?\s*$", re.IGNORECASE)


def _compared_value(text: str, q: SQuantity, quantities) -> bool:
    """Whether ``q`` is written right after "vs" / "versus" / "compared to", or as what another source says ("…, while the
    README says 3.1x"), and another figure of its unit stands before it in the statement ("2.7 GB of KV vs 17.2 GB in
    FP16"): the value compared with, not one the statement gives its work."""
    at = text.find(q.raw)
    if at >= 0 and re.match(r"\s*(?:→|->|⇒|=>)\s*[~≈]?\s*\d", text[at + len(q.raw):]) \
            and any(o is not q and o.unit == q.unit and text.find(o.raw) > at for o in quantities):
        return True  # "1.12 ms → 0.74 ms": the value before the change is the baseline's, the one after it the work's
    if at < 0 or not (_VS_BEFORE.search(text[max(0, at - 16):at]) or _OTHER_SOURCE_SAYS.search(text[max(0, at - 90):at])):
        return False
    return any(o is not q and o.unit == q.unit and 0 <= text.find(o.raw) < at for o in quantities)


#: Another source's figure set against the statement's own: "goes down only 2.4x …, while the README (and the paper, arXiv
#: …) says 3.1x", "而论文里写的是 3.1 倍".
_OTHER_SOURCE_SAYS = compile_lazy(r"(?:\b(?:while|whereas|but)\s+(?:the\s+|their\s+|its\s+)?(?:README|paper|authors?|blog|card|docs?|abstract|"
                                r"release notes?|vendor)\b(?:[^.;。；]|\.(?=\d)){0,60}?\b(?:says?|claims?|reports?|lists?|gives?|quotes?|promises?)"
                                r"|而(?:论文|README|作者|博客|卡片)(?:里|中)?(?:写的是|说的是|报告的是|声称))\s*[~≈约]?\s*$", re.IGNORECASE)


def _reference_score(text: str, raw: str) -> bool:
    """Whether every place ``text`` writes ``raw`` gives the full model's or full cache's score (``_REFERENCE_BEFORE``)."""
    return _every_spot(text, raw, _REFERENCE_BEFORE, 24, _REFERENCE_AFTER)


def _margin(text: str, raw: str, unit: str) -> bool:
    """Whether every place ``text`` writes ``raw`` gives a margin between two values, not a value."""
    return unit not in ("x", "%") and _every_spot(text, raw, _MARGIN_BEFORE, 20)


#: An advert or a sponsor's block: "【广告】…", "广告：…", "SPONSORED", "Sponsored by …", "#ad", "(advertisement)".
_ADVERT = compile_lazy(r"【广告】|\[广告\]|(?:^|\s)广告\s*[:：]|推广\s*[:：]|\bsponsored\b|\bsponsor(?:'s)? (?:block|message|slot)\b|"
                       r"\badvertisement\b|(?<![\w#])#ad\b|\(ad\)", re.IGNORECASE)
#: A speaker setting right what they just said: "no wait, scratch that", "strike that", "I misspoke", "说错了", "口误".
_SELF_CORRECTION = compile_lazy(r"\b(?:no wait|wait,? no|scratch that|strike that|I meant|correction\s*:|my bad|I misspoke|actually,? no)\b|"
                                r"不对不对|说错了|口误|更正一下|纠正一下|哦不|啊不", re.IGNORECASE)


def _self_corrected(text: str, raw: str) -> bool:
    """Whether the speaker withdraws the figure ``raw`` right after saying it ("cacheblend cuts ttft by like 4x … no wait
    scratch that 4x is the ragcache number"): a self-correction within 80 characters after its first place."""
    at = text.find(raw)
    if at < 0:
        return False
    m = _SELF_CORRECTION.search(text, at + len(raw))
    return m is not None and m.start() - (at + len(raw)) <= 80


def _withdrawn_in_file(snap: Snapshot, c: SClaim, raw: str, subj: dict[str, list[str]]) -> bool:
    """Whether another statement of ``c``'s file, about the same work, sets the figure ``raw`` aside ("it's 4M tokens in
    the paper, not 400k" in a reply below the quoted "claims stable perplexity up to 400k tokens"; "2.1x 那个数不对"): a
    figure the file itself corrects is no value it gives."""
    head = _RAW_HEAD.match(raw)
    if head is None:
        return False
    num = head.group(0).strip()
    mine = set(subj.get(c.iri, ()))
    # (the file's statements setting a number aside, read once per file and number: a figure repeated in a file asks again)
    memo: dict[tuple[str, str], list[tuple[int, frozenset[str]]]] = snap.cache.setdefault("withdrawn_in_file", {})  # type: ignore[assignment]
    setters = memo.get((c.path, num))
    if setters is None:
        setters = memo[(c.path, num)] = [(d.line, frozenset(subj.get(d.iri, ()))) for d in snap.claims_of(c.path)
                                         if num in d.text and (_rejected(d.text, num) or _self_corrected(d.text, num))]
    return any(line != c.line and (not mine or not works or mine & works) for line, works in setters)


#: A figure's number with its magnitude suffix, as another sentence would write it again ("400k" of "400k tokens").
_RAW_HEAD = compile_lazy(r"[~≈约]?\s*\d[\d,.]*\s*(?:[kKmMbB]\b|万|亿|x|×|倍|%)?")


def _rejected(text: str, raw: str) -> bool:
    """Whether every place ``text`` writes the figure ``raw`` rejects it ("3.4x, not the 2.1x our doc
    quotes", "而不是 2.3 倍", "Our living doc still quotes the v1 figure (5×) … so 5× is stale"): a value set aside
    is no value the statement gives (it still marks a revision, ``_revisions``)."""
    return _every_spot(text, raw, _REJECTED_BEFORE, 64, _REJECTED_AFTER)


#: A value called out of date or wrong right after it: "5× is stale", "2.1x no longer holds", "2.3 倍已过时".
_REJECTED_AFTER = compile_lazy(r"\s*[)）]?\s*(?:is|was|are)\s+(?:now\s+)?(?:stale|outdated|out of date|obsolete|wrong|superseded)\b|"
                             r"\s*[)）]?\s*no longer (?:holds|applies|stands)\b|\s*[)）]?\s*(?:已经?)?(?:过时|不对|有误|作废)|"
                             # a quoted claim then said to be changed: "“… 快 1.8×”这句话，v2 已经改了", '"1.8x" was revised in v2'
                             r"\s*[”\"」』']\s*(?:这句话?|这个数字?|那句话?)?\s*[，,]?\s*(?:v\d{1,2}\s*(?:里|中)?\s*)?(?:已经?|都)?(?:被)?(?:改了|改掉|修正|更正|撤回|删了|不成立)|"
                             r"\s*[”\"']\s*(?:claim |line |figure |number )?(?:was|is|has been|got)\s+(?:changed|revised|corrected|fixed|withdrawn|dropped)\b|"
                             # the old version's value named as such: "那条 1.8× 是按 v1 写的", "1.8x is the v1 number"
                             r"\s*(?:是)?(?:按|照|根据)\s*v\d{1,2}\s*写的|\s*(?:is|was) (?:the |from )?v\d{1,2}(?:'s)? (?:figure|number|value|claim)\b", re.IGNORECASE)


#: How many values of one work's measure one file may give before its own figures are no longer set against each other.
_CROWDED = 24


def _other_messages(a: SClaim, b: SClaim) -> bool:
    """Whether two statements of one file are in two different items of a note (two mails of a forwarded
    thread, two cards of a board): people disagreeing inside one file ("3.8 tokens" quoted from Priya,
    "3.1 tokens" from Tomas), where one item's own figures are one writer's account."""
    return a.kind == "note" and a.item is not None and b.item is not None and a.item != b.item


#: A relative clause telling what a work just named reports: "…, which reports 1.4x", "…, who claim 2x".
_RELATIVE_OPEN = compile_lazy(r"\s*(?:which|who|that)\s+(?:also\s+)?(?:reports?|reported|claims?|claimed|gets?|got|achieves?|achieved|"
                              r"shows?|showed|gives?|gave|reaches|reached|measures?|measured)\b", re.IGNORECASE)
#: Where a figure's clause starts: a sentence's or a clause's break before it.
_CLAUSE_BREAK = compile_lazy(r"[;；。!?！？]|[,，]\s*|\.\s+(?=[A-Z])|\s[—–·•]\s")
#: A work named right after a figure as the one it is of ("against 5.81 for RAQ", "5.82 by AWQ").
_FIGURE_OF = compile_lazy(r"[^,;，；。()\d]{0,12}?\b(?:for|of|by|from)\s+(?:the\s+)?(?P<n>[A-Za-z][\w.+-]{1,40})")
_BARE_KEY = compile_lazy(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
#: A work named as what a figure is measured against ("than vLLM", "比 vLLM", "对比 vLLM 的 PD 分离实现", "over FA2 (2307.08691)"):
#: the baseline, never the figure's own work.
_AGAINST = compile_lazy(r"(?:\b(?:than|vs\.?|versus|over|against|compared (?:to|with)|relative to|unlike|beats?|outperforms?)\s+(?:the\s+)?|"
                      r"(?:比|相比于?|相较于?|对比|对照|较|超过|优于))\s*[\w.+-]+(?:\s*[(（][^)）]{0,40}[)）])?|"
                      # "吞吐为 SGLang（GPU-only radix cache）的 3×", "是 vLLM 的 2.1 倍": the work the ratio is taken of
                      r"(?:为|是|达到)\s*[\w.+-]+(?:\s*[(（][^)）]{0,40}[)）])?\s*的(?=\s*(?:[\d.]+\s*(?:×|x|倍)|$))|"
                      # ... nor a work a figure is measured inside ("Built into vLLM-Z it reaches 3.1x", "running inside X (ID)")
                      r"\b(?:into|inside|within|in|on|atop|on top of|with|using|via|through|under)\s+(?:the\s+)?[\w.+-]+(?:\s*[(（][^)）]{0,40}[)）])?(?=[\s,，]+(?:it|they|we|this|which)\b)",
                      re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _setting_words(conditions: tuple[str, ...]) -> re.Pattern[str] | None:
    """The words a figure's setting is written with (its benchmark, model, baseline, hardware: "LongBench",
    "Llama-3-8B"), from its ``conditions``: a work of that name there is the setting, not the figure's owner.
    (Compiled once per setting: a store's figures share few.)"""
    vals = [v.partition(":")[2] for v in conditions if v.partition(":")[0] in ("bench", "model", "base", "hw")]
    pats = [r"[\s_-]?".join(re.escape(p) for p in re.split(r"[\s_-]+", v) if p) for v in vals if len(v) >= 3]
    return re.compile("|".join(f"(?<![\\w]){p}(?![\\w])" for p in pats), re.IGNORECASE) if pats else None


#: Names that lead a clause as a figure's setting, not as a method: a benchmark, dataset, model family or GPU ("WikiText-2
#: 困惑度为 6.74", "ShareGPT 上缓存命中率 48%", "LLaMA2-7B: 5.47").
_SETTING_NAME = compile_lazy(r"(?:WikiText|ShareGPT|LongBench|MMLU|GSM8K|HumanEval|MT-?Bench|RULER|LLaMA|Llama|Qwen|Mistral|Mixtral|GPT|OPT|"
                           r"Vicuna|DeepSeek|Gemma|Phi|CNN|PG|TPOT|TTFT|ITL|QPS|RPS|SLO|MoE|KV|GPU|CPU|HBM|SSD|NVMe|PCIe|NVLink|PPL|TPS|BLEU|ROUGE|EM|ACC|F1|"
                           r"TFLOPS|MFU|"
                           r"FP|BF|INT|[AHBL]\d{2,3})", re.IGNORECASE)


#: Words before a context length or a batch size that make it a capacity claimed, not a setting: "serves 512K-token
#: contexts", "supports up to 1M", "max context 1M", "scales to 256 requests", "支持 100 万", "最长 128K".
_CAPACITY = compile_lazy(r"(?:\bserv(?:es|ing|ed)|\bsupport(?:s|ing|ed)?|\bhandl(?:es|ing|ed)|\bscal(?:es|ing|ed) to|\breach(?:es|ed)?|"
                       r"\bextend(?:s|ed|ing)? (?:\w+ )?to|\bmax(?:imum)?\b(?: context| batch)?|\bup to|\bcontext (?:length|window)s?(?: of)?|"
                       r"长达|支持|扩展到|最长|上限)[^,;，；。]{0,16}$", re.IGNORECASE)


#: Words before a length that make it the length of data items: "sequences of 2K tokens", "prompts of 8K", "长度为 2K 的样本".
_DATA_LENGTH = compile_lazy(r"\b(?:sequences?|samples?|prompts?|documents?|inputs?|examples?|chunks?|segments?|requests?|passages?)\s+of\s+$|"
                          r"(?:样本|序列|提示|文档)(?:的)?长度(?:为|是)?\s*$", re.IGNORECASE)


def _written_after(pat: re.Pattern[str], text: str, raw: str, reach: int) -> bool:
    """Whether ``pat`` ends within ``reach`` characters before the figure ``raw`` is first written in ``text``."""
    at = text.find(raw)
    return at >= 0 and bool(pat.search(text[max(0, at - reach):at]))


def _capacity(text: str, raw: str) -> bool:
    """Whether the figure ``raw`` of ``text`` (a context length, a batch size) is a capacity the statement claims."""
    return _written_after(_CAPACITY, text, raw, 40)


def _benchmark_named(c: SClaim, names: Iterable[str]) -> bool:
    """Whether a work's short name is, in ``c``, the benchmark its figures are measured on ("RULER 64K 平均掉 0.9 分": the
    RULER paper's name, the benchmark of the figure, not the statement's subject)."""
    benches = {cond.partition(":")[2] for q in c.quantities for cond in q.conditions if cond.startswith("bench:")}
    return bool(benches) and any(re.sub(r"[\s-]", "", n).casefold() in benches for n in names)


#: "the same EAGLE-2 draft head as the baseline": a setting the figure shares with its baseline, not the baseline's figure.
_SAME_AS = compile_lazy(r"\bsame\b[^,;:，；：]{0,50}?\bas\s+(?:the\s+|a\s+)?(?:baselines?|基线)", re.IGNORECASE)


def _figure_work(c: SClaim, q: SQuantity, match: Callable[[str], list[str]]) -> str | None:
    """The work one figure of ``c`` is written as a figure of, when that is named with it and is not
    what the whole statement is about: the only work its clause names before it ("their main table puts
    GPTQ at 4-bit on Llama-2-7B at 6.31", "lists the AWQ baseline (2306.00978) at 5.82"), else the one
    named right after it ("against 5.81 for RAQ"); ``""`` when its clause is led by the name of a method the store
    has no work for, after a clause naming one ("EAGLE 2.97x · SpS 1.75x": SpS's); None when its clause names none
    or several (then the statement's works are the figure's too)."""
    raw = q.raw
    at = c.text.find(raw)
    if at < 0:
        return None
    start = brk = 0
    for m in _CLAUSE_BREAK.finditer(c.text, 0, at):
        start, brk = m.end(), m.start()
    def named_in(part: str) -> list[str]:
        return list(dict.fromkeys([*(m.group(1) for m in _BARE_KEY.finditer(part)), *match(part)]))

    before = _AGAINST.sub(lambda m: " " * len(m.group()), c.text[start:at])
    before = _SOURCE_CITED.sub(lambda m: " " * len(m.group()), before)  # ("per the FA3 paper (…) FA2 gets 35%": FA2's)
    named = named_in(before)
    sent = 0
    for m in re.finditer(r"[;；。!?！？]|\.\s+(?=[A-Z])", c.text[:at]):
        sent = m.end()
    if q.unit != "x" and re.match(r"\W*(?:[\w ]{1,20}[:：]\s*)?(?:the\s+|their\s+|its\s+)?(?:[\w.-]+\s+){0,2}?(?:baselines?(?:'s?)?|基线)(?![\w-])",
                c.text[sent:at], re.IGNORECASE) \
            or re.search(r"(?:^|[,;，；—–]\s*)\W*(?:the\s+)?baselines?(?:\s+(?:row|model|system|numbers?|figures?|line))?\s*[:：]|"
                         r"(?:^|[,;，；—–]\s*)基线(?:行)?[:：]|"
                         # "Table 3 里 Fiddler 作为 baseline：…只有约 3 tok/s", "with Fiddler as the baseline, …" (not "the same
                         # EAGLE-2 draft head as the baseline, greedy, ArborSpec accepts …": a setting shared with it)
                         r"(?:作为|当作|\bas\s+(?:the\s+|a\s+)?)\s*(?:baseline|基线)\s*[:：，,]",
                         _SAME_AS.sub(" ", c.text[sent:at]), re.IGNORECASE):
        # "Baseline P99 TTFT (vLLM FCFS, ShareGPT, 14 req/s) is 6.8 s", "For scale: the FCFS baseline itself sits at 2.9 s":
        # the baseline's figure, the work it names or none here (a ratio is taken over the baseline, never its own: "baseline
        # 从 FlashAttention-2 换成 FlashInfer 以后，加速从 3.2× 变成 2.4×")
        base = named_in(c.text[sent:at])
        return base[0] if len(base) == 1 else ""
    setting = _setting_words(q.conditions) if named else None  # (only a clause naming a work needs its setting masked)
    if setting is not None:
        named = named_in(setting.sub(lambda m: " " * len(m.group()), before))
    if len(named) == 1:
        return named[0]
    if named:
        return None
    if start and _RELATIVE_OPEN.match(c.text, start):
        # "Complements Splitwise (arXiv:2311.18677), which reports 1.4x higher throughput …; JouleServe keeps …": a relative
        # clause's figure is the work named right before it
        prev = 0
        for m in _CLAUSE_BREAK.finditer(c.text, 0, brk):
            prev = m.end()
        got = named_in(c.text[prev:brk])
        if len(got) == 1:
            return got[0]
    lead = re.match(r"\s*([A-Z][a-z]*[A-Z][\w+-]*|[A-Z]{2,}[\w+-]*)\b", before)
    setting = _setting_words(q.conditions) if lead else None
    if lead and not match(lead.group(1)) and match(c.text[:start]) and not (setting and setting.search(lead.group(1))) \
            and not _SETTING_NAME.match(lead.group(1)):
        # "EAGLE 2.97x · SpS with a 68M drafter 1.75x · PLD 1.62x": a clause led by a name no work of the store has, after
        # a clause naming one: the figure of that other method, of no work here
        return ""
    after = _FIGURE_OF.match(c.text, at + len(raw))
    if after:
        got = match(after.group("n"))
        if len(got) == 1:
            return got[0]
    return None


def _host(topics: dict[str, str], c: SClaim, work: str) -> str | None:
    """The paper in whose experiments a figure of ``work`` was measured, when that is another paper: the
    topic of the one-paper note ``c`` is in (``_note_topics``) when the note is about another work
    ("Diffusion Policy | 33.3 | 1.45" in a note about UniVLA is Diffusion Policy run in UniVLA's setting,
    not a figure of the Diffusion Policy paper); None for a figure of the note's own paper and for a
    figure in any other source."""
    topic = topics.get(c.path) if c.kind == "note" else None
    if topic and topic != work and _THEIR_OWN.search(c.text[:40]):
        return None  # "我印象里他们 P99 … 只降了 2.6 倍", "their paper reports …": the work's own report, quoted
    return topic if topic and topic != work else None


#: A statement of what a work's own authors report: "他们 …", "their paper reports", "the authors report", "作者说".
_THEIR_OWN = compile_lazy(r"他们|作者|\btheir (?:own )?(?:paper|abstract|table|numbers?|headline)\b|\bthe authors\b|\bthey (?:report|claim|say|get)\b",
                        re.IGNORECASE)


#: A writer saying two figures do not conflict: "not a disagreement", "no contradiction", "consistent with", "这不矛盾".
_NOT_A_CONFLICT = compile_lazy(r"\bnot (?:a |any )?(?:disagreement|contradiction|conflict|discrepancy)\b|\bno (?:real )?(?:disagreement|contradiction|conflict)\b|"
                             r"\b(?:looks|seems|is|are|appears|stays|remains)\s+(?:fully\s+|entirely\s+|perfectly\s+)?consistent\b(?!\s+across)|"
                             r"\bdoes(?:n't| not) (?:contradict|conflict with|disagree with)\b|(?:并)?不(?:矛盾|冲突)|不算(?:矛盾|冲突)|"
                             # the writer says the figure is of another model: "blog (Mistral-7B, not our model)", "模型不同"
                             r"\bnot our (?:model|setup|hardware|setting|config(?:uration)?)\b|\b(?:a )?different model\b|模型不同|不是我们的模型|"
                             # "Different GPU, a smaller target and my own drafter, so I don't read this as a failed repro"
                             r"\b(?:do(?:n't| not)|wouldn't|would not|shouldn't|should not)\s+read\s+(?:this|it|that)\s+as\s+(?:a\s+)?"
                             r"(?:failed|failure|contradiction|conflict|discrepancy|disagreement)|\bnot\s+a\s+failed\s+repro\w*|不算复现失败|"
                             # "a marketing number … so it is not comparable with what the paper measures", "两者不可比"
                             r"\bnot\s+(?:directly\s+)?comparable\s+(?:with|to)\b|"
                             r"\bnot\s+treating\s+(?:it|this|that)\s+as\s+a\s+result\b|不可比|没法(?:直接)?比|"
                             # "…not the paper's 25%; the gap is expected and is not evidence against the paper"
                             r"\bnot evidence against\b|\bthe gap is expected\b|差距(?:是)?(?:意料之中|正常的?)|"
                             # a figure the writer dismisses: "reads like marketing, treat as unverified", "营销口径"
                             r"\b(?:reads|sounds|looks) like marketing\b|\bmarketing (?:number|figure|claim|slide)\b|"
                             r"\btreat (?:it |this |that )?as unverified\b|营销口径|宣传口径",
                             re.IGNORECASE)
#: A statement saying one of its figures was an early one another replaces: "the poster figure came from a preliminary run,
#: so 24% is the one to quote", "海报上的是初步结果": that statement's own figures are settled (no reach to the lines before).
_EARLY_FIGURE = compile_lazy(r"\b(?:it'?s|it is|that'?s|that is|this is|these are|still)\s+(?:only\s+|just\s+)?(?:preliminary|provisional)\b|"
                           r"\bwould(?:n't| not) (?:write|quote|cite|use) (?:this|that|the) (?:number|figure)\b|"
                           r"\b(?:was|were|is|are|came from|comes? from|from)\s+(?:a\s+|an\s+|the\s+)?(?:preliminary|early|initial|provisional)\s+"
                           r"(?:run|result|number|figure|measurement|experiment|draft|version|trace)s?\b|"
                           r"\bis the one to (?:quote|cite|use|keep)\b|(?:是|来自|出自)初步(?:结果|实验|数据|测试)", re.IGNORECASE)


#: "not directly comparable with RouteLLM's", "… to vLLM's numbers": a figure set apart from another work's, which settles
#: nothing about the figure's disagreement with other statements of its own work.
_COMPARABLE_WITH_WORK = compile_lazy(r"\bnot\s+(?:directly\s+)?comparable\s+(?:with|to)\s+(?:the\s+)?(?:(?-i:[A-Z])[\w.+-]*'s\b|"
                                     r"\d{4}\.\d{4,5})", re.IGNORECASE)


def _says_no_conflict(text: str) -> bool:
    """Whether ``text`` says a figure near it conflicts with nothing (``_NOT_A_CONFLICT``); a figure said not to be
    comparable with another work's ("the curve is not directly comparable with RouteLLM's") is only set apart from that
    work, unless the statement says so in other words too."""
    return any(not _COMPARABLE_WITH_WORK.match(text, m.start()) for m in _NOT_A_CONFLICT.finditer(text))


def _settled_lines(snap: Snapshot) -> set[tuple[str, int]]:
    """``(path, line)`` of the statements that one of the same file, on the same line or up to three lines after it,
    says conflict with nothing (``_NOT_A_CONFLICT``): the writer compared them already."""
    # (a table row saying so speaks of itself: "| PyramidKV | 1024 | 35.6 | blog (Mistral-7B, not our model) |")
    said = [(c.path, c.line, 3 if says_none and " | " not in c.text else 0) for c in snap.claims
            if (says_none := _says_no_conflict(c.text)) or _EARLY_FIGURE.search(c.text)]
    if not said:
        return set()
    at = defaultdict(list)
    for p, ln, reach in said:
        at[p].append((ln, reach))
    return {(c.path, c.line) for c in snap.claims if c.path in at and any(0 <= ln - c.line <= reach for ln, reach in at[c.path])}


#: What makes a name a variant of a work's name: "-Joint", "-IDM" (letters after a hyphen), " w.o. …", " w/o …", " without …".
_VARIANT_SUFFIX = compile_lazy(r"-(?-i:[A-Za-z]{2,})\b|\s+(?:w\.\s?o\.|w/o|without)\s", re.IGNORECASE)


def _variant_row(text: str, work: str, names_of: dict[str, list[str]], match: Callable[[str], list[str]]) -> bool:
    """Whether a table row's first cell names another method than ``work``: a variant of it ("Fast-WAM-Joint", "Fast-WAM
    w.o. video co-train" in the Fast-WAM paper's own table) or another work the store knows ("π₀.₅"); or a statement
    opens with a named variant of it ("Fast-WAM-IDM 的 810 ms …"; a numbered one, "Medusa-2", stays the work's): its
    figures are not ``work``'s."""
    if " | " in text:
        head = re.sub(r"[*_`]", "", text.split(" | ", 1)[0]).strip()
    else:  # a statement opening with the variant's name: "Fast-WAM-IDM 的 810 ms 高延迟…"
        lead = re.match(r"\s*([^\W\d_][\w.+-]*(?:-[\w.+]+)+)", text)
        head = lead.group(1) if lead else ""
        if not head:
            return False
        return any(head.casefold().startswith(n.casefold()) and head.casefold() != n.casefold()
                   and _VARIANT_SUFFIX.match(head[len(n):]) for n in names_of.get(work, ()))
    if not head:
        return False
    for n in names_of.get(work, ()):
        # (a named variant, "-Joint", "-IDM", " w.o. video co-train"; not a release, "vLLM v0.6.4", nor a setting,
        # "QuaRot W4A4KV4")
        if head.casefold().startswith(n.casefold()) and head.casefold() != n.casefold() \
                and _VARIANT_SUFFIX.match(head[len(n):]):
            return True
    named = match(head)
    return bool(named) and work not in named


#: Words that make a percentage a gain over a baseline: "提升 26%", "26% higher throughput", "improves goodput by 26%", "+26%".
_GAIN_BEFORE = compile_lazy(r"(?:提升|提高|增加|增长|加快|高出|多出|(?:快|高|多)(?=了|出|约|\s*$)|\b(?:improv\w*|increas\w*|boost\w*|rais\w*|gain\w*|up)\b)"
                          r"\s*(?:了|约|达|by|of|about|around|roughly|~)?\s*$|\+\s*$", re.IGNORECASE)
_GAIN_AFTER = compile_lazy(r"\s*(?:higher|more|faster|better|greater|gain|improvement|increase)\b", re.IGNORECASE)
#: Measures whose gain over a baseline is written as a ratio or as a percentage.
_GAIN_METRICS = frozenset({"throughput", "goodput", "speedup", "capacity"})


def _gain_as_ratio(text: str, q: SQuantity) -> SQuantity | None:
    """A percentage written as a gain over a baseline ("提升 26%", "26% higher throughput") as the ratio it is
    (``1.26``, unit ``x``, the same raw text), so it meets the figures that write the same measure as "2.6 倍"; None
    for any other figure (a share, "占用为 FP16 的 39%"; a reduction; a range)."""
    if q.unit != "%" or q.value_high is not None or q.direction == "down" or q.bound is not None \
            or (q.metric or "") not in _GAIN_METRICS or not 0 < q.value < 1000:
        return None
    at = text.find(q.raw)
    if at < 0 or not (_GAIN_BEFORE.search(text[max(0, at - 14):at]) or _GAIN_AFTER.match(text, at + len(q.raw))):
        return None
    return replace(q, value=round(1 + q.value / 100, 4), unit="x", explicit=True)


#: Condition categories that say which latency a speed-up is of: the phase (decode, prefill), the kind (TTFT, TPOT), the part.
_LATENCY_CATS = ("phase:", "latkind:", "scope:")


def _cut_as_speedup(q: SQuantity) -> SQuantity | None:
    """A latency or time cut written as a share ("cuts decode latency in half", "TTFT −60%") or as a ratio ("2.5x lower
    TTFT") as the speed-up it is (``2.0``, ``2.5``; unit ``x``, hedged: a share is often rounded), to meet a figure
    written as one ("1.4x faster decode"); None for any other figure."""
    if q.metric not in ("latency", "time") or q.direction != "down" or q.value_high is not None or not q.explicit:
        return None
    if q.unit == "%" and 0 < q.value < 100:
        return replace(q, value=round(100 / (100 - q.value), 3), unit="x", metric="speedup", direction=None, approx=True)
    if q.unit == "x" and q.value > 1:
        return replace(q, metric="speedup", direction=None)
    return None


#: "快了 70%", "快约 70%", "70% faster": a speed written as a gain over a baseline's.
_FASTER_BEFORE = compile_lazy(r"快(?:了)?\s*(?:约|大约|大概)?\s*$")
_FASTER_AFTER = compile_lazy(r"\s*(?:左右|上下)?\s*(?:faster\b|quicker\b)", re.IGNORECASE)


def _said_faster(text: str, q: SQuantity) -> bool:
    """Whether a ratio is written as a speed ("解码比 FA2 快 2.4 倍", "2.4x faster"): a speed-up by its own words, though the
    lexicon names no measure for it."""
    at = text.find(q.raw)
    return at >= 0 and bool(_FASTER_BEFORE.search(text[max(0, at - 6):at]) or _FASTER_AFTER.match(text, at + len(q.raw)))


def _as_open(obj: str) -> str:
    """A predicate object as an open one (``ingest.facts.open_object``): a named object by the words of its name
    (``length_predictor`` -> ``~length+predictor``), an open one as it is."""
    return obj if obj.startswith("~") else "~" + "+".join(sorted(obj.split("_")))


def _faster_as_speedup(text: str, q: SQuantity) -> SQuantity | None:
    """A latency or time written as a percentage faster ("解码延迟快了 70% 左右", "decode is 70% faster") as the speed-up it
    is (``1.7``, unit ``x``, hedged), to meet a figure written as one ("解码快 2.4 倍"); None for any other figure (a cut,
    "latency −60%", is ``_cut_as_speedup``'s)."""
    if q.unit != "%" or q.metric not in ("latency", "time", "speedup") or q.direction is not None \
            or q.value_high is not None or q.bound is not None or not 0 < q.value < 1000:
        return None
    if not _said_faster(text, q):
        return None
    return replace(q, value=round(1 + q.value / 100, 4), unit="x", metric="speedup", direction=None, approx=True, explicit=True)


def _latency_setting_shared(qa: SQuantity, qb: SQuantity) -> bool:
    """Whether two figures name the same phase, latency kind or part (``_LATENCY_CATS``): a speed-up and a latency cut are
    one measure only then ("1.4x faster decode" and "cuts decode latency in half")."""
    def which(q: SQuantity) -> set[str]:
        got = {c for c in q.conditions if c.startswith(_LATENCY_CATS)}
        if sum(1 for c in got if c.startswith("phase:")) > 1:
            got = {c for c in got if not c.startswith("phase:")}  # (a caption naming both phases names neither)
        if "latkind:ttft" in got:
            got.add("phase:prefill")  # a time to first token is the prefill's
        if got & {"latkind:tpot", "latkind:itl", "latkind:tbt"}:
            got.add("phase:decode")
        return got
    a, b = which(qa), which(qb)
    pa, pb = {c for c in a if c.startswith("phase:")}, {c for c in b if c.startswith("phase:")}
    return bool(a & b) and not (pa and pb and not pa & pb)


def _increase_by(c: SClaim, q: SQuantity) -> bool:
    """Whether ``q`` is a Chinese "increase by N times" ("提升 2.6 倍"), which writers use for both ×N and ×(N+1)."""
    if "倍" not in q.raw:
        return False
    at = c.text.find(q.raw)
    return at >= 0 and bool(re.search(r"(?:提升|提高|增加|增长)\s*(?:了|约|达)?\s*$", c.text[max(0, at - 8):at]))


def _bounds(value: float, high: float | None) -> tuple[float, float]:
    """``(value, high)`` for ordering: a single value has ``-inf`` as its high end, so "2.0" and "2.0-2.5" sort (a
    ``None`` beside a float does not: a shift of new text crashed the ingest on it) and stay two keys."""
    return (value, float("-inf") if high is None else high)


def _figure_mismatch(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    """``number`` (or ``version``) findings: one per work, metric and pair of files."""
    cited = _cited_versions(snap)
    by: dict[tuple[str, str, str], list[tuple[SClaim, SQuantity]]] = defaultdict(list)
    # a ratio written with no measure ("2-bit 5.3× on Llama-2-7B") measures what the same value of the same
    # work measures where it is written out ("5.3x KV cache compression"), when that is one measure
    named: dict[tuple[str, float], set[str]] = defaultdict(set)
    # ... and it was measured where it is written out: "the 4.5x headline" is "4.5x goodput … on 8×H100"
    settings: dict[tuple[str, float], set[tuple[str, ...]]] = defaultdict(set)
    for c in snap.claims:
        if c.quantities and _eligible(c):
            for q in c.quantities:
                if q.explicit and q.metric and q.unit == "x":
                    for s in subj.get(c.iri, ()):
                        named[(s, q.value)].add(q.metric)
                        settings[(s, q.value)].add(tuple(q.conditions))
    topics = _note_topics(snap)
    from .items import name_index, name_matcher

    derived: dict[int, str] = {}  # the speed-ups a cut of a latency states (``_cut_as_speedup``), by id: the unit written
    match = name_matcher(snap)
    names_of: dict[str, list[str]] = defaultdict(list)
    for n, a in name_index(snap).items():
        names_of[a].append(n)
    # (an advert's other sentences too: "【广告】XX 算力云限时特惠！" then "自研 TurboAttn 解码内核，实测比 FlashDecoding 快 3 倍")
    adverts = {(c.path, c.line) for c in snap.claims if _ADVERT.search(c.text)}
    for c in snap.claims:
        if not c.quantities or not _eligible(c) or _NOT_COMPARABLE.search(c.text) or (c.path, c.line) in adverts:
            continue  # ("论文是单卡 H100，我们是 2×L40S，硬件不同，数字不能直接比": the writer says it is no comparison; an advert's
            # "实测比 FlashDecoding 快 3 倍" sells a product and measures no work)
        for q in c.quantities:
            if q.metric is None or _rejected(c.text, q.raw) or _margin(c.text, q.raw, q.unit) or _reference_score(c.text, q.raw) \
                    or _compared_value(c.text, q, c.quantities) or _self_corrected(c.text, q.raw) \
                    or _withdrawn_in_file(snap, c, q.raw, subj):
                continue
            if q.unit not in ("x", "%") and _baselines_figure(c.text, q.raw):
                continue  # "thermospec's plain AR baseline only held ~9.4 tok/s": the baseline's measure, none of the work's
            if _ON_OUR_DOC.search(c.text) and _in_quotes(c.text, q.raw):
                continue  # "把“W3 困惑度普遍在 6.0–6.3”那句改成…": our document's sentence quoted to be edited, no figure of the work
            if q.metric == "context" and _written_after(_DATA_LENGTH, c.text, q.raw, 30):
                continue  # "16 Wikitext-2 sequences of 2K tokens": the length of the data used, no context the work reaches
            if q.metric in _SETTING_METRICS and any(o is not q and o.metric not in _SETTING_METRICS and (o.metric or o.unit in ("x", "%"))
                                                    for o in c.quantities) and not _capacity(c.text, q.raw):
                continue  # "128K 上下文下 KV 缓存占用约为 FP16 的 39%", "3.6 倍（batch 64、32K 上下文）": the setting of the figure beside it
                # (a capacity stays a claim of its own: "serves 512K-token contexts … and claims 5.2× faster prefill")
            works = subj.get(c.iri, ())
            own = _figure_work(c, q, match) if c.kind != "living_doc" or len(works) != 1 else None
            if own == "":
                continue  # a figure of a method the store has no work for
            if c.kind == "repo_card" and len(works) >= 2 and own is None:
                continue  # "README 自报数字：…吞吐 up to 7×" on a card of a repository implementing two papers: the software's
                # figure, not one of the papers'
            if c.kind == "note" and works:
                works = [w for w in works if not _variant_row(c.text, w, names_of, match)]
            if own is not None:
                # a baseline's figure quoted in another work's statement: the baseline's; a figure its clause gives one of
                # the statement's works (", which reports 1.4x …" after Splitwise's identifier): that one's
                works = [own]
            gain = _gain_as_ratio(c.text, q)
            faster = _cut_as_speedup(q) or _faster_as_speedup(c.text, q)
            for s in works:
                if gain is not None:
                    # "吞吐比 vLLM 提升 26%" is the "2.6 倍" of another file's same measure, written as a gain (1.26x)
                    by[(s, _metric_bucket(gain.metric, "x"), "x")].append((c, gain))
                if faster is not None:
                    # "cuts decode latency in half" is the "2x faster decode" of another file's same setting
                    derived[id(faster)] = q.unit
                    by[(s, _metric_bucket(faster.metric, "x"), "x")].append((c, faster))
                measures = named.get((s, q.value), ())
                qs = q
                if q.unit == "x" and not q.explicit and len(measures) == 1:  # per work, not carried over
                    where = settings.get((s, q.value), set())
                    own = {c.partition(":")[0] for c in q.conditions}  # what the figure says of its own setting stands
                    common = sorted(set.intersection(*(set(w) for w in where))) if where else []  # every source's setting
                    conds = tuple(dict.fromkeys([*q.conditions, *(c for c in common if c.partition(":")[0] not in own)]))
                    qs = replace(q, metric=next(iter(measures)), explicit=True, conditions=conds)
                metric = qs.metric
                if qs.unit == "pt" and qs.metric in _share_metrics() and qs.direction is None and 0 < qs.value <= 1 \
                        and (qs.value_high is None or qs.value_high <= 1):
                    # "acceptance rate … is 0.78" is the "78%" another file writes (a rate as a fraction)
                    qs = replace(qs, unit="%", value=round(qs.value * 100, 6),
                                 value_high=None if qs.value_high is None else round(qs.value_high * 100, 6))
                if qs.unit == "pt" and qs.metric == "accuracy" and qs.direction == "down":
                    qs = replace(qs, unit="%")  # "只掉 0.4 个点" is the loss "准确率掉了 1.9%" writes in % (``comparable``)
                # one measure as a ratio or a share: grouped under its group's first name
                metric = _metric_bucket(metric, qs.unit)
                by[(s, metric, qs.unit)].append((c, qs))
    out: dict[tuple, Contradiction] = {}
    more: dict[tuple, set[str]] = defaultdict(set)
    rep: dict[tuple, tuple[SClaim, SClaim]] = {}

    def living_pair(a: SClaim, b: SClaim) -> bool:
        return "living_doc" in (a.kind, b.kind)

    # a figure its writer says is no disagreement with the work's ("so a smaller gain is what one would expect, not a
    # disagreement", "这不矛盾"): a statement within three lines after it in the same file says so
    settled = _settled_lines(snap)
    for (s, metric, unit), vals in sorted(by.items(), key=lambda kv: kv[0]):
        vals = sorted(vals, key=lambda t: (t[0].path, t[0].line))
        vals = [(c, q) for c, q in vals if (c.path, c.line) not in settled]
        of_claim: dict[str, list[SQuantity]] = defaultdict(list)
        of_path: dict[str, list[SQuantity]] = defaultdict(list)
        for c, q in vals:
            of_claim[c.iri].append(q)
            of_path[c.path].append(q)
        beside = {id(q): of_claim[c.iri] for c, q in vals}
        # a file giving one work's measure at dozens of values (a sweep's log, a board of a hundred cards) is a table of
        # settings, not people disagreeing: its own figures are set against other files' only (the pairs stay linear
        # in the file, not quadratic)
        crowded = {path for path, qs in of_path.items() if len({q.value for q in qs}) > _CROWDED}
        # (``_agrees_elsewhere`` goes through the other file's figures: once per figure, file and value set against
        # it, not once per pair; a file repeating one figure thousands of times made it cubic: 200 KB of prose, 77 s)
        agree_memo: dict[tuple, bool] = {}

        def agrees(qa: SQuantity, cb: SClaim, qb: SQuantity) -> bool:
            key = (id(qa), cb.path, _own_measurement(cb.text), qb.value, qb.value_high, qb.unit, qb.metric, qb.conditions,
                   qb.direction, qb.bound)
            got = agree_memo.get(key)
            if got is None:
                got = agree_memo[key] = _agrees_elsewhere(of_path, qa, cb, qb, beside)
            return got
        for (c1, q1), (c2, q2) in combinations(vals, 2):
            if (c1.path == c2.path and (not _other_messages(c1, c2) or c1.path in crowded)) \
                    or not (comparable(q1, q2) or _same_measure(c1, q1, c2, q2)) or not _disagree_reported(c1, q1, c2, q2):
                continue
            if id(q1) in derived and id(q2) in derived and derived[id(q1)] == derived[id(q2)]:
                continue  # (two cuts written alike are compared as written, in their own group; "45% lower P99 TTFT" and
                # "P99 TTFT 2.5x lower" only here, as the speed-ups they are)
            if _explains_other(c1.text, q2) or _explains_other(c2.text, q1):
                continue  # "… tops out around 500 TFLOPs/s, so the 740 headline is a head-dim-256 figure": the writer
                # says what the other value is of
            other = q2 if id(q1) in derived else q1
            other_c = c2 if other is q2 else c1
            if (id(q1) in derived or id(q2) in derived) and (not _latency_setting_shared(q1, q2)
                                                              or other.metric != "speedup"
                                                              or not (other.explicit or _said_faster(other_c.text, other))):
                continue  # (a cut of a TTFT is no throughput's gain: the other a speed-up, the two of one phase or latency)
            # (a percentage in a ratio's group is a gain written as one, ``_gain_as_ratio``)
            gains = [(c, q) for c, q in ((c1, q1), (c2, q2)) if q.unit == "x" and q.raw.rstrip().endswith(("%", "％"))]
            if gains:
                if len(gains) == 2:
                    continue  # two percentages are compared as percentages
                (cx, qx) = (c2, q2) if gains[0][1] is q1 else (c1, q1)
                if _increase_by(cx, qx) and not disagree(replace(qx, value=qx.value + 1), gains[0][1]):
                    continue  # "提升 1.6 倍" may be ×2.6: it agrees with "提升 160%"
            if any(comparable(o, q2) and not disagree(o, q2) and _alternatives(c1, o, q1, of_claim[c1.iri])
                   for o in of_claim[c1.iri] if o is not q1) or \
                    any(comparable(o, q1) and not disagree(o, q1) and _alternatives(c2, o, q2, of_claim[c2.iri])
                        for o in of_claim[c2.iri] if o is not q2):
                # "1.4x … at 20% lower cost, or 2.35x … at the same budget" against "1.4x at 20% lower cost":
                # a statement giving alternatives agrees with one of them
                continue
            if _against_other_base(of_claim[c1.iri], q1, q2) or _against_other_base(of_claim[c2.iri], q2, q1):
                continue  # "加速 5.3 倍，比 EAGLE-1 快了一倍多" against "5.3 倍": the statement's other figure, over no named baseline,
                # is the one the other side gives; this one is over another baseline
            if q1.metric != q2.metric and (
                    any(o.metric == q1.metric and comparable(o, q1) and not disagree(o, q1) for o in of_claim[c2.iri] if o is not q2)
                    or any(o.metric == q2.metric and comparable(o, q2) and not disagree(o, q2) for o in of_claim[c1.iri] if o is not q1)):
                continue  # "吞吐最多提升 1.8×；…能多处理 2.9× 的请求" against "吞吐最高提升 1.8 倍": the statement gives the same measure's
                # same value; its other value is of a sibling measure (requests, not throughput)
            if _host(topics, c1, s) != _host(topics, c2, s) and not _same_setting(q1, q2):
                continue  # a baseline's figure in one paper's experiments against another setting's
            if _own_setting_unmatched(c1, q1, c2, q2):
                continue  # "P99 TBT −12% on our A100s" against the card's "Poisson arrivals …: −27%": our run, another setting
            if agrees(q1, c2, q2) or agrees(q2, c1, q1):
                continue  # "3.9x on Vicuna-7B" (no temperature) against "T=1: 3.2x" from a read that also gives
                # "greedy: 3.9x": the figure is that source's other setting's
            a, b = _ordered(c1, c2)
            qa, qb = (q1, q2) if a is c1 else (q2, q1)
            # (the living document's statement is of the version its citation list cites: "up to 6.9x" over "2403.02310v1"
            # against a read of v2's "5.6x" is a change between versions)
            # (only against a statement whose version is of this work: a read of another paper's v1 quoting this one's figure is
            # no version of it, nor is our own rerun of "2401.09670v2")
            a, b = (x if x.version or x.kind != "living_doc" or not (v := cited.get((x.path, s))) or not y.version
                    or s not in (y.about or ()) or _own_measurement(y.text) else replace(x, version=v) for x, y in ((a, b), (b, a)))
            kind = _kind_for(a, b, "number")
            if kind == "version" and _doc_is_current(a, b):
                continue  # the living document already gives the later version's figure
            # one finding per pair of disagreeing values: fifty notes repeating two figures are one
            # disagreement, with the other sources counted
            key = (kind, s, metric, unit, *sorted([_bounds(q1.value, q1.value_high), _bounds(q2.value, q2.value_high)]))
            if key in out and not (living_pair(c1, c2) and not living_pair(*rep[key])):
                more[key].update({c1.path, c2.path})
                continue
            rep[key] = (c1, c2)  # the pair shown: one with the living document when there is one
            more[key].update({c1.path, c2.path})
            out[key] = Contradiction(
                id=_id("figures", s, metric, unit, *sorted([(q1.value, q1.value_high, c1.path), (q2.value, q2.value_high, c2.path)],
                                                          key=lambda t: (*_bounds(t[0], t[1]), t[2]))),
                kind=kind, subject=f"arXiv:{s}", summary=f"{qa.metric or metric} of arXiv:{s}: {qa.raw} vs {qb.raw}",
                a=statement(a, qa.raw), b=statement(b, qb.raw),
                detail=[f"{qa.metric or metric}: {qa.raw} vs {qb.raw}"] + ([f"{a.version} vs {b.version}"] if kind == "version" else []),
            )
    done = []
    for key, f in out.items():
        extra = len(more[key] - {f.a.source, f.b.source})
        done.append(f.model_copy(update={"detail": f.detail + [f"{extra} more source(s) give one of these values"]})
                    if extra else f)
    return done


#: A writer saying their figure is not to be set against another's: "数字不能直接比", "not directly comparable".
_NOT_COMPARABLE = compile_lazy(r"(?:不能|没法|无法|不可)直接(?:对)?比(?:较)?|不可比(?!拟)|\bnot (?:directly )?comparable\b|"
                               # "88.6 s 不能直接和论文比", "不能拿来跟原文比"
                               r"(?:不能|没法|无法|不可|别)(?:直接)?(?:和|跟|与|拿来(?:和|跟)?)[^，。；,;]{0,8}(?:对)?比|"
                               r"\bcan(?:no|')t be (?:directly )?compared\b|\bapples[- ]to[- ]oranges\b|"
                               # "so don't read this against their Table 3", "do not compare it with the paper's"
                               r"\b(?:don'?t|do not|shouldn'?t|should not)\s+(?:read|compare|put|hold|set)\s+(?:this|it|these|them|that|those)\s+"
                               r"(?:against|with|next to|beside|to)\b", re.IGNORECASE)
#: A thing a later version took out, said in the passive: "the v1 scheme … was dropped", "has been removed".
_WAS_DROPPED = r"\b(?:was|were|has been|have been) (?:dropped|removed|replaced|abandoned)\b"
_CHANGE = compile_lazy(r"\b(?:is|are) now\b(?=\s+[\d~≈])|\b(?:is|are) now (?:\w+(?:ed|ble)|supported|on|off)\b|\bnow (?:supports?|handles?|accepts?|allows?|requires?|needs?)\b|现已|现在(?:也)?支持|已经支持|\bnow (?:reports?|says|gives|lists)\b|改成|改为|改到|改用|改了|修改了|变成|降到|降为|降至|升到|提到|更新为|换成|新增了?|加入了|引入了|\badds\b|\badded\b|\bintroduces\b|\bintroduced\b|\bremoves\b|\bremoved\b|\bdrops (?:the|that|this)\b|\bdropped (?:that|this)\b|" + _WAS_DROPPED + r"|\bfrom [~≈]?\d[\w.%×]*(?: \w+)?\s+to\b|(?<!un)changed|revised|drops? to|dropped to|fell to|falls to|"
                     r"rises? to|went (?:down|up) to|is gone|no longer|\b(?:no|not|n't)\b[^.;]{0,40}\bany ?more\b|abandon(?:s|ed)?\b|switch(?:es|ed)? (?:to|over)\b|"
                     r"不再|撤回|放弃了?|withdr[ae]w", re.IGNORECASE)


#: What makes a change of a figure a revision of what was reported, not a result (a method lifting success
#: "从 80.0% 提升到 90.2%", a speedup that "falls to 1.3× under sampling"): a correction or replacement
#: ("改成", "changed", "is gone", "no longer") or a version named ("v3 …").
_REVISED = compile_lazy(r"改成|改为|改到|更新为|换成|修正|更正|勘误|撤回|不再|changed|revised|corrected|updated|is gone|no longer|\bdrops? (?:that|this)\b|" + _WAS_DROPPED + r"|"
                      r"withdr[ae]w|replaced|(?<![\w.-])v\d{1,2}\b", re.IGNORECASE)


def _change_between(text: str, first: SQuantity, last: SQuantity) -> bool:
    """Whether ``text`` writes the change between its two figures: a change word after the first
    ("2.3 倍改成了 1.6 倍", "2.9× → 2.5×", "from 4.1 to 3.6"), before the first when the second is
    set aside ("drops to 1.6x and the 2.9x figure is gone", "is now 3.6, not 4.1")."""
    a = text.find(first.raw)
    b = text.find(last.raw, a + len(first.raw)) if a >= 0 else -1
    if a < 0 or b < 0:
        return True  # figures written differently from their raw text: keep the statement-level cue
    if _changed_forward(text, first, last):
        return True
    between = text[a + len(first.raw):b]
    before, after = text[max(0, a - 40):a], text[b + len(last.raw):b + len(last.raw) + 30]
    return bool(_CHANGE.search(before) and (re.search(r"\bnot\b|不是|而非|instead", between) or _CHANGE.search(after)))


def _changed_forward(text: str, first: SQuantity, last: SQuantity) -> bool:
    """Whether the change between two figures is written from the first to the second ("2.5x 应该改成 2.1x", "2.9× →
    2.5×", "4.1 changed to 3.6"): the second is the new value, never the old one."""
    a = text.find(first.raw)
    b = text.find(last.raw, a + len(first.raw)) if a >= 0 else -1
    if a < 0 or b < 0:
        return False
    between = text[a + len(first.raw):b]
    # (a "from … to" between the two figures is about something else, "every 30 s … flipping a GPU from one role to the
    # other takes ~4 s": the change of these figures is written "from 4.1 to 3.6")
    return bool(re.search(r"→|->|⇒|=>", between)) or any(not m.group(0).lower().startswith("from ") for m in _CHANGE.finditer(between))


def _revisions(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    """A figure another statement says has changed: statement B writes a change ("从 v1 的 2.3 倍改成了
    1.6 倍", "the gain drops to 1.6x and the 2.9x figure is gone") with an old and a new value of one
    unit, as a revision (:data:`_REVISED`: a result that moves, "从 80.0% 提升到 90.2%", is none), statement A (another file, same work) still states the old value and not the new one.
    ``version`` when B names a version, else ``number``; one per work and pair of files."""
    olds: dict[tuple[str, str], list[tuple[SClaim, SQuantity]]] = defaultdict(list)
    for c in snap.claims:
        if not c.quantities or not _eligible(c):
            continue
        for q in c.quantities:
            for s in subj.get(c.iri, ()):
                olds[(s, q.unit)].append((c, q))
    out: dict[tuple, Contradiction] = {}
    for b in snap.claims:
        if len(b.quantities) < 2 or not _eligible(b) or not _CHANGE.search(b.text) or not _REVISED.search(b.text):
            continue
        by_unit: dict[str, list[SQuantity]] = defaultdict(list)
        for q in b.quantities:
            by_unit[q.unit].append(q)
        for unit, qs in by_unit.items():
            # the revised pair: two figures in a row with the change written between them ("v1 … 1M 上下文；
            # v3 改为 512K，1M 的结果挪到附录": 1M -> 512K, the later 1M only repeats the old value)
            pair = next(((f, l) for f, l in zip(qs, qs[1:]) if disagree(f, l)
                         and not (f.explicit and l.explicit and f.metric != l.metric)  # two measures side by side
                         and _change_between(b.text, f, l)), None)  # (not "降为 1/2.6，batch 4 倍，吞吐 …")
            if pair is None:
                continue
            first, last = pair
            for s in subj.get(b.iri, ()):
                for a, qa in olds.get((s, unit), []):
                    if a.path == b.path or _NOT_COMPARABLE.search(a.text) or _own_setting_unmatched(a, qa, b, first):
                        continue  # (our own run on another box, "so don't read this against their Table 3", restates no value)
                    # which written value is the old one: the one the other statement still gives
                    # ("drops to 1.6x and the 2.9x figure is gone": the old value comes second)
                    if not disagree(qa, first) and disagree(qa, last):
                        old_q, new_q = first, last
                    elif not disagree(qa, last) and disagree(qa, first) and not _changed_forward(b.text, first, last):
                        old_q, new_q = last, first
                    else:
                        continue  # (a statement giving the new value of "2.5x 应该改成 2.1x", the 2.1x, agrees with it)
                    kind = "version" if (b.version or a.version) else "number"
                    key = (kind, s, *sorted([a.path, b.path]), "revision")
                    if key in out:
                        continue
                    out[key] = Contradiction(
                        id=_id("revision", s, unit, old_q.value, new_q.value, *sorted([a.path, b.path])), kind=kind,
                        subject=f"arXiv:{s}", summary=f"arXiv:{s}: {qa.raw} in {a.path}, changed to {new_q.raw} in {b.path}",
                        a=statement(a, qa.raw), b=statement(b, new_q.raw), detail=[f"{old_q.raw} -> {new_q.raw}"],
                    )
    return list(out.values())


def _against_other_base(siblings: list[SQuantity], q: SQuantity, other: SQuantity) -> bool:
    """Whether ``q`` is a figure over a named baseline (``base:eagle-1``) that its own statement sets beside a figure over
    none, and that figure is the one ``other`` (over none) gives: "speeds decoding up 5.3x, twice EAGLE-1's" against
    "5.3x": the writer told the two baselines apart, and ``q`` is no value of ``other``'s measure."""
    if not any(c.startswith("base:") for c in q.conditions) or any(c.startswith("base:") for c in other.conditions):
        return False
    return any(o is not q and not any(c.startswith("base:") for c in o.conditions) and comparable(o, other)
               and not disagree(o, other) for o in siblings)


def _alternatives(c: SClaim, o: SQuantity, q: SQuantity, same: list[SQuantity]) -> bool:
    """Whether figures ``o`` and ``q`` of one statement are alternatives or a list written side by side
    ("1.4x … at 20% lower cost, or 2.35x … at the same budget", "29-69% lower ITL …, 28-30% lower latency
    for long-context", "2.55× (MHA) / 1.67× (GQA)"): "or", "and", a comma or a slash between them (and
    between the figures of their measure listed in between), and no turn
    of the sentence (not "4.7 倍（或 12.6 倍…），可文档写的是 7.4 倍": a value quoted to be disputed)."""
    i, j = c.text.find(o.raw), c.text.find(q.raw)
    if i < 0 or j < 0 or i == j:
        return False
    lo, hi = (i + len(o.raw), j) if i < j else (j + len(q.raw), i)
    between = c.text[lo:hi]
    # a list may run on through more figures of the measure ("decoding by up to 2.18× and 1.50× and
    # pre-filling by up to 1.73×"): its joints are all "and", "or", commas or slashes
    pieces = [between]
    for x in same:
        if x is not o and x is not q:
            pieces = [p for piece in pieces for p in piece.split(x.raw)]
    joint = re.compile(r"\bor\b|或|[,，、/／]|\band\b|和")
    return (len(between) <= 100 and all(joint.search(p) for p in pieces)
            # (a semicolon opening an alternative, "吞吐 1.4× 且成本低 20%；或者…吞吐 2.35×", "…; or, at the same budget, …",
            # is one of the joints)
            and not re.search(r"[。；;](?!\s*(?:或者|或是|或|\bor\b|\balternatively\b))|[,，]\s*(?:可|但|而|不过|but\b|however\b|whereas\b|while\b)|\bstill\b|"
                              r"\b(?:our|the) (?:doc|document|living doc)\b|文档|写的是|写着|"
                              # "v1's abstract claimed 2.4× …, v2 says 1.7×": two versions' figures, a change, no alternatives
                              r"(?<![\w.-])v\d{1,2}\b|\bversions?\b|版本", between))


def _cited_versions(snap: Snapshot) -> dict[tuple[str, str], str]:
    """``(living document, arXiv ID) -> version`` its citation list cites (``v1``), the first written; kept on ``snap``."""
    got = snap.cache.get("cited_versions")
    if got is None:
        got = {}
        for ct in snap.citations:
            if ct.version and ct.in_citation_list and ct.version[1:].isdigit():
                got.setdefault((ct.path, ct.arxiv_id), ct.version)
        snap.cache["cited_versions"] = got
    return got  # type: ignore[return-value]


def _version_changes(snap: Snapshot, subj: dict[str, list[str]], known: set[tuple[str, ...]]) -> list[Contradiction]:
    """Statements tied to one version against a later version that says they changed: statement A (figures,
    "FastServe 的收益（2305.05920v1）：相对 Orca … 5.1 倍") names version vM of a work; statement B (another
    file, same work, figures of its own) names a later version vN and a change ("The current arXiv
    version, 2305.05920v3, no longer has the Orca comparison: it now reports up to 31.4x …").  Both
    versions written, so the conflict is one of versions (``version``); without figures on both sides, B
    must write much of what A says (a quarter of the shorter's content words, or of its character pairs when it is
    Chinese, so an English and a Chinese statement are not compared this way: "v1 …调度侧是全局单队列" /
    "v2 把调度侧从全局单队列改成了按租户的虚拟队列"); one per work and pair of files, and none where ``known`` (``(subject, path, path)`` of the revisions ``_revisions`` found) has one."""
    def vnum(v: str | None) -> int | None:
        return int(v[1:]) if v and v[1:].isdigit() else None

    # a living document's statement about a work it cites with a version ("Spillway recomputes preempted KV
    # [Okafor et al., 2026]" over "[Okafor et al., 2026] … 2605.09114v1" in its Bibliography) is tied to that version
    cited_version = _cited_versions(snap)
    tied: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        if not _eligible(c):
            continue
        if vnum(c.version) is not None:
            for s in subj.get(c.iri, ()):
                tied[s].append(c)
        elif c.kind == "living_doc" and c.role != "citation":
            for s in subj.get(c.iri, ()):
                if (v := cited_version.get((c.path, s))) is not None:
                    tied[s].append(replace(c, version=v))
    out: dict[tuple, Contradiction] = {}
    best: dict[tuple, tuple[bool, int, int]] = {}  # whether each finding's b says it revises, the figures of b its a states, the words shared
    pairs_of: dict[str, set[str]] = {}  # claim IRI -> its character pairs, computed once

    def pairs(c: SClaim) -> set[str]:
        if c.iri not in pairs_of:
            pairs_of[c.iri] = _bigrams(c.text) if _cjk_share(c.text) > 0.2 else _content_words(c.text)
        return pairs_of[c.iri]

    for s, cs in tied.items():
        for b in cs:
            if not _CHANGE.search(b.text):
                continue
            for a in cs:
                if a.path == b.path or vnum(a.version) >= vnum(b.version) or _CHANGE.search(a.text) or _ON_OUR_DOC.search(a.text) \
                        or _STILL_CLAIMS.search(a.text):
                    continue  # ("我们的 doc: ref 16 still points at v1 …": a remark on our document, no statement of v1's; "card 0731
                    # was generated from v1 and still claims no TTFT penalty": the writer reports a stale claim, asserts nothing)
                # (figures of two different measures, "~20 ms switching latency" of v1 against "v2 改了表 3：…吞吐下降约 6%", say
                # nothing of each other: the change must then be about what the earlier statement says, as without figures)
                figures = bool(a.quantities and b.quantities) and _measures_meet(a, b)
                if not figures:
                    # no figures on both sides: the later version's change must be about what the earlier
                    # statement says ("v1 …调度侧是全局单队列" / "v2 把调度侧从全局单队列改成了按租户的虚拟队列")
                    ba, bb = pairs(a), pairs(b)
                    # (or the later version's statement says, of a's own version, what a says: "v1 只有 weight-only" over
                    # the document's "只支持权重量化" of the v1 it cites, the same qualifier)
                    # (or a figure of a's: "v1 stopped at 128K; v2 … now reports runs at 1M tokens" over "Evaluated up to 128K")
                    recalls = (bool(set(a.qualifiers) & set(b.qualifiers)) or any(
                        re.search(rf"(?<![\w.]){re.escape(q.raw)}(?![\w.])", b.text) for q in a.quantities)) and re.search(
                        rf"(?<![\w.]){re.escape(a.version or '')}\b", b.text) is not None
                    if not recalls and (len(ba) < 5 or len(ba & bb) < 0.25 * min(len(ba), len(bb))):
                        continue
                key = ("version", s, *sorted([a.path, b.path]), "versions")
                if (f"arXiv:{s}", *sorted([a.path, b.path])) in known:
                    continue
                # of one file's statements, the one whose figures the change names ("v1 said 4.48× / 10.2×" picks the
                # document's "up to 4.48× more requests", not its goodput definition's "target 90%")
                # (and a statement saying it revises, "v2：改了 v1 的结论——…", before one that only narrates a change,
                # "开启复制后降到 7%")
                # (then, of two statements of the document, the one sharing more of b's words: the bullet saying "a recursive
                # `$ref` is rejected", not the table row naming the same work's mask tables)
                quoted = (bool(_REVISED.search(b.text)),
                          sum(1 for q in a.quantities if figure_key(q.raw) in {figure_key(x.raw) for x in b.quantities}),
                          len(pairs(a) & pairs(b)))
                if key in out and quoted <= best.get(key, (False, 0, 0)):
                    continue
                best[key] = quoted
                out[key] = Contradiction(
                    id=_id("versions", s, a.version, b.version, *sorted([a.path, b.path])), kind="version",
                    subject=f"arXiv:{s}", summary=(f"arXiv:{s}: {a.path} states {a.version}'s figures; {b.path} says {b.version} changed them"
                                                   if figures else f"arXiv:{s}: {a.path} states what {a.version} does; {b.path} says "
                                                   f"{b.version} changed it"),
                    a=statement(a, a.quantities[0].raw if figures and a.quantities else None),
                    b=statement(b if figures else _saying_what_changed(a, b, cs, pairs)), detail=[f"{a.version} vs {b.version}"],
                )
    return list(out.values())


def _measures_meet(a: SClaim, b: SClaim) -> bool:
    """Whether a figure of ``a`` and one of ``b`` can be of the same measure: the same metric, one of them a speed-up or of
    no named metric, or a figure of ``a`` written again in ``b``."""
    ma = {q.metric for q in a.quantities}
    mb = {q.metric for q in b.quantities}
    if ma & mb or None in ma | mb or "speedup" in ma | mb:
        return True
    return any(re.search(rf"(?<![\w.]){re.escape(q.raw)}(?![\w.])", b.text) for q in a.quantities)


def _saying_what_changed(a: SClaim, b: SClaim, cs: list[SClaim], pairs: Callable[[SClaim], set[str]]) -> SClaim:
    """Of the statements of ``b``'s file tied to ``b``'s version, the one that says what ``a`` says in its own words: "v2
    parks evicted entries … so in v2 an evicted token can return" rather than the line announcing the revision ("TideKV, now
    at …v2 (revised 2028-01-08)"); ``b`` itself unless ``b`` is such an announcement (five content words or fewer) and
    another sentence shares at least two more of ``a``'s words than it does."""
    mine = len(pairs(a) & pairs(b))
    alts = [x for x in cs if x.path == b.path and x.version == b.version and x.iri != b.iri and not x.quantities]
    best = max(alts, key=lambda x: (len(pairs(a) & pairs(x)), -x.line), default=None)
    # (only for a line that says next to nothing itself, an announcement: a statement of the change, "v2: adds a host-staged
    # TCP fallback …", stays, however few of ``a``'s words it shares)
    return best if best is not None and len(pairs(b)) <= 5 and len(pairs(a) & pairs(best)) > mine + 1 else b


#: A remark on the curators' own document, not a statement of the work: "our doc still cites v1", "我们的 doc: ref 16 …".
_ON_OUR_DOC = compile_lazy(r"\b(?:our|the) (?:living )?doc(?:ument)?\b|我们的\s*(?:活)?(?:doc|文档)|活文档|"
                         # (or on a card: "[[0731-BlockRoute]] 卡片上还是 v1 的旧数字", "the card still has v1's numbers")
                         r"卡片(?:上|里)?(?:还|仍)|\b(?:the|our) (?:paper )?card (?:still|is still)\b|旧数字|\bold (?:numbers|figures)\b",
                         re.IGNORECASE)


def _content_words(t: str) -> set[str]:
    """The words of an alphabetic text that carry content (three letters or more, not a stopword of the
    lexicon), lower-cased: what two English statements must share to speak of the same thing (character
    pairs are shared by any two English sentences), without their inflections."""
    stop = _stopwords()
    # (an inflection is the same word: "placed" and "placing", "replica" and "replicas")
    return {re.sub(r"(?<=[a-z]{3})(?:ing|ed|es|s)$", "", w) for w in re.findall(r"[a-z][a-z0-9-]{2,}", t.lower()) if w not in stop}


@functools.cache
def _stopwords() -> frozenset[str]:
    """The lexicon's stopwords, read once per process (``_content_words`` runs once per claim)."""
    return frozenset(load_lexicon().raw.get("stopwords", []))


def _bigrams(t: str) -> set[str]:
    t = re.sub(r"\s+", "", t.lower())
    return {t[i:i + 2] for i in range(len(t) - 1)}


def _quotes_in(quote: str, text: str) -> bool:
    """Whether ``text`` states what ``quote`` quotes, perhaps with words between ("对抗性到达下 competitive
    ratio 为 O(log n)" in "证明在对抗性到达下 token 级抢占策略的 competitive ratio 为 O(log n)"): at least
    85 % of the quote's character pairs (spaces ignored) occur in the text."""
    q = _bigrams(quote)
    return len(q) >= 5 and len(q & _bigrams(text)) >= 0.85 * len(q)


_QUOTED = compile_lazy(r"[\"“「『]([^\"”」』]{6,200})[\"”」』]")
_RETRACT: re.Pattern[str] | None = None


def _retract_cue() -> re.Pattern[str]:
    """The lexicon's ``facts.retract`` cues ("removed", "撤回了", "withdrew") as one pattern."""
    global _RETRACT
    if _RETRACT is None:
        pats = load_lexicon().raw.get("facts", {}).get("retract", [])
        _RETRACT = re.compile("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.IGNORECASE)
    return _RETRACT


#: Quoted words the writer points at as a claim: 'the "no training" bit', '"lossless" claim', '“无需训练”这一点'.
_QUOTE_MENTION = compile_lazy(r"[\"“][^\"”]{1,60}[\"”]\s*(?:(?:bit|claim|part|point|statement|line|thing|wording)\b|这一?点|这个说法|的说法)",
                            re.IGNORECASE)


def _asserted(c: SClaim, field: str) -> tuple[str, ...]:
    """``c.predicates`` or ``c.qualifiers`` (``field``) that ``c`` asserts: a statement saying a version
    withdrew a quoted claim ('v2 withdrew the claim "it does not require retraining"') does not assert
    what it quotes, so what only the quoted words say is left out."""
    got = getattr(c, field)
    if not got or not _QUOTED.search(c.text):
        return got
    outside = _QUOTED.sub(" ", c.text)
    if not _retract_cue().search(outside) and not _QUOTE_MENTION.search(c.text):
        return got  # (nor does one pointing at a quoted claim: 'the "no training" bit I have not checked')
    left = set(predicates(outside) if field == "predicates" else qualifier_sides(outside))
    return tuple(x for x in got if x in left)


def _says_words(quote: str) -> bool:
    """Whether a quote holds words of a statement once identifiers and the word "arXiv" are left out: two words of
    letters, or four Chinese characters."""
    rest = re.sub(r"(?i)\barxiv\b|\d{4}\.\d{4,5}(?:v\d+)?|\d[\d.]*", " ", quote)
    return len(re.findall(r"[A-Za-z]{2,}", rest)) >= 2 or len(re.findall(r"[\u4e00-\u9fff]", rest)) >= 4


def _retractions(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    """A statement another file quotes and says a later version took back: B says a version removed or
    withdrew something ("v2 删除了这个结论", "the theorem was removed in v2"; lexicon ``facts.retract``)
    and quotes it ("文档那条“对抗性到达下 competitive ratio 为 O(log n)”引的是 v1"), in its own sentence
    or the sentences of its line; A, in another file about the same work, still states the quoted
    text (:func:`_quotes_in`).  ``version`` when a version is named, else ``negation``;
    one per work and pair of files."""
    retract = _retract_cue()
    by_line: dict[tuple[str, int], list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        by_line[(c.path, c.line)].append(c)
    about: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        if _eligible(c):
            for s in subj.get(c.iri, ()):
                about[s].append(c)
    out: dict[tuple, Contradiction] = {}
    for b in snap.claims:
        if not _eligible(b) or b.kind == "living_doc" or not retract.search(b.text):
            continue
        near = [c for ln in range(b.line - 1, b.line_end + 1) for c in by_line.get((b.path, ln), ())]
        # (a quoted identifier, 'slide footer reads "arXiv 2407.0860" and the last digit is cut off', quotes no statement)
        quotes = [q.strip() for c in [b, *near] for q in _QUOTED.findall(c.text) if len(q.strip()) >= 6 and _says_words(q)]
        if not quotes:
            continue
        version = b.version or next((c.version for c in near if c.version), None)
        for s in subj.get(b.iri, ()):
            for a in about.get(s, ()):
                if a.path == b.path or not any(_quotes_in(q, a.text) for q in quotes):
                    continue
                kind = "version" if (version or a.version) else "negation"
                key = (kind, s, *sorted([a.path, b.path]), "retraction")
                if key in out:
                    continue
                out[key] = Contradiction(
                    id=_id("retraction", s, *sorted([a.path, b.path])), kind=kind, subject=f"arXiv:{s}",
                    summary=f"arXiv:{s}: stated in {a.path}, taken back{' in ' + version if version else ''} per {b.path}",
                    a=statement(a), b=statement(b), detail=[f"quoted: {quotes[0][:80]}"] + ([version] if version else []),
                )
    return list(out.values())


@functools.lru_cache(maxsize=1)
def _flag_cues() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The lexicon's ``facts.doc_reference`` ("our doc", "§4.1", "文档", "we quote") and ``facts.doc_wrong``
    ("gets wrong", "push back on", "写反了", "得改") cues, each as one pattern."""
    f = load_lexicon().raw.get("facts", {})
    return tuple(re.compile("|".join(f"(?:{p})" for p in f.get(k, [])) or r"(?!x)x", re.IGNORECASE)  # type: ignore[return-value]
                 for k in ("doc_reference", "doc_wrong"))


#: A section a statement points at: "§4.1", "section 3.2", "our 3.4", "文档 2.2", "文档§4.1".
_POINTED_SECTION = compile_lazy(r"§\s*(\d+(?:\.\d+)*)|\bsection\s+(\d+(?:\.\d+)+)\b|\bour\s+(\d+(?:\.\d+)+)\b|文档\s*(?:里|中)?\s*§?\s*(\d+(?:\.\d+)*)",
                                re.IGNORECASE)
_CJK_RUN = compile_lazy(r"[\u4e00-\u9fff]+")


def _overlap(a: str, b: str) -> float:
    """How much two statements say about the same thing: their shared content words (English) plus half their
    shared pairs of Chinese characters (a Chinese statement has no spaces to split words at)."""
    def pairs(t: str) -> set[str]:
        return {r[i:i + 2] for r in _CJK_RUN.findall(t) for i in range(len(r) - 1)}
    return len(_content_words(a) & _content_words(b)) + len(pairs(a) & pairs(b)) / 2


def _flagged_kind(a: SClaim, b_claims: list[SClaim], text: str) -> str:
    """The kind of a conflict a writer flags (:func:`_flagged_by_writer`): ``version`` where a version is named,
    ``number`` where both sides give a figure of one unit with other values, ``qualifier`` where they take two
    sides of one aspect, else ``negation``."""
    if re.search(r"\bv\d{1,2}\b", text) or a.version and any(b.version and b.version != a.version for b in b_claims):
        return "version"
    units = {q.unit: q.value for q in a.quantities}
    if any(q.unit in units and abs(q.value - units[q.unit]) > 1e-9 for b in b_claims for q in b.quantities):
        return "number"
    sides = {x.partition(":")[0]: x for x in a.qualifiers}
    if any(x.partition(":")[0] in sides and sides[x.partition(":")[0]] != x for b in b_claims for x in b.qualifiers):
        return "qualifier"
    return "negation"


#: What makes a wrong cue say nothing of the document: denied ("没什么要改的", "nothing to fix", "not wrong"), or the
#: writer's own slip ("I copied the wrong column first", "my mistake").
_UNSAID_WRONG = compile_lazy(r"(?:没|不|无|别|\bno\b|\bnothing\b|\bnot\b|n't\b|\bnever\b|\bnone\b)(?:[^.;:!?，。；：！？]|(?<=\d)\.(?=\d)){0,24}$", re.IGNORECASE)
_OWN_SLIP = compile_lazy(r"\b(?:I|I've|I'd|my|me)\b[^.;,]{0,30}$|我(?:自己)?[^，。；]{0,8}$", re.IGNORECASE)


def _wrong_said(text: str, m: re.Match[str]) -> bool:
    """Whether the wrong cue ``m`` of ``text`` says something is wrong: not denied right before it ("没什么要改的") and
    not the writer's own slip ("I copied the wrong column first")."""
    before = text[max(0, m.start() - 30):m.start()]  # ("Nothing in §3.3 is wrong", "没什么要改的")
    return not _UNSAID_WRONG.search(before) and not _OWN_SLIP.search(text[max(0, m.start() - 30):m.start()])


def _status_cell(text: str, m: re.Match[str]) -> bool:
    """Whether the cue ``m`` is a table cell of its own ("… | ep. 212 @17:12; vs paper §3.2 | wrong | wen"): a claims sheet's
    status of the row's claim, not a writer saying the living document is wrong."""
    return bool(re.search(r"\|\s*$", text[:m.start()]) and re.match(r"\s*(?:\||$)", text[m.end():]))


def _flagged_by_writer(snap: Snapshot, subj: dict[str, list[str]], known: set[tuple[str, ...]]) -> list[Contradiction]:
    """Conflicts the writer of a note flags: a sentence that points at the living document ("our doc", "§4.1",
    "文档", lexicon ``facts.doc_reference``) and says it is wrong there ("gets wrong", "push back on", "写反了",
    "得改", ``facts.doc_wrong``), about a work the document states something of.  The document's statement it
    flags is the one it quotes (「不考虑前缀复用」), else the one in the section it names that shares most words
    with the note's line, which must share some unless it is the document's only statement of the work in that section.  Kind: :func:`_flagged_kind`.  A pair of files another rule
    already set against each other for the work is not reported again; one finding per work and pair of lines."""
    ref, wrong = _flag_cues()
    by_line: dict[tuple[str, int], list[SClaim]] = defaultdict(list)
    doc_about: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        by_line[(c.path, c.line)].append(c)
        if c.kind == "living_doc" and _eligible(c) and not c.role == "citation":
            for s in subj.get(c.iri, ()):
                doc_about[s].append(c)
    out: dict[tuple, Contradiction] = {}
    for b in snap.claims:
        if b.kind == "living_doc" or not _eligible(b):
            continue
        if not ref.search(b.text) or not any(_wrong_said(b.text, m) and not _status_cell(b.text, m) for m in wrong.finditer(b.text)) \
                or _says_no_conflict(b.text) or _NOT_DISPUTED.search(b.text):
            continue
        line = [c for ln in range(b.line, b.line_end + 1) for c in by_line.get((b.path, ln), ()) if _eligible(c)]
        text = " ".join(dict.fromkeys(c.text for c in line))
        quotes = [q.strip() for q in _QUOTED.findall(text) if len(q.strip()) >= 4]
        pointed = {next(g for g in m.groups() if g) for m in _POINTED_SECTION.finditer(text)}
        for s in subj.get(b.iri, ()):
            cands = [a for a in doc_about.get(s, ()) if a.path != b.path]
            if not cands:
                continue

            def score(a: SClaim) -> tuple[bool, bool, float]:
                here = not pointed or any(a.section and (a.section == p or a.section.startswith(p + ".")) for p in pointed)
                return (any(_quotes_in(q, a.text) for q in quotes), here, _overlap(text, a.text))

            a = max(cands, key=lambda a: (score(a), -a.line))
            quoted, here, shared = score(a)
            # (the section named, and the document says one thing of the work there: that is the statement meant, in
            # whatever language each is written, "活文档 §3 说模型规模应比数据增长得更快，这与论文相反")
            only_there = bool(pointed) and here and sum(1 for c in cands if score(c)[1]) == 1
            if not quoted and shared < 2 and not only_there or (s, *sorted([a.path, b.path])) in known:
                continue
            # the side of the flagging file is its statement saying what it holds instead: the flagging line's own, or,
            # where the flag only points ("the forecaster sentence there needs fixing"), the file's statement about the
            # work that shares most with the document's ("forecaster: online, … no offline training phase")
            sides = [c for c in snap.claims_of(b.path) if s in subj.get(c.iri, ()) and _eligible(c)] or [b]
            # (the flagging line itself first, unless it is a field that only points: "section: §15.2, … needs fixing")
            bonus = 0 if re.match(r"\s*[A-Za-z_][\w ]{0,20}:\s", b.text) else 2
            mine = max(sides, key=lambda c: (_overlap(c.text, a.text) + (bonus if b.line <= c.line <= b.line_end else 0), -c.line))
            kind = _flagged_kind(a, line, text)
            key = (s, a.path, a.line, b.path, b.line)
            if key in out:
                continue
            first, second = _ordered(a, mine)
            out[key] = Contradiction(
                id=_id("flagged", s, *sorted([a.path, b.path])), kind=kind, subject=f"arXiv:{s}",
                summary=f"arXiv:{s}: {b.path} says {a.path} is wrong here", a=statement(first), b=statement(second),
                detail=[f"flagged in {b.path}:{b.line}", f"stated in {a.path}:{a.line}"],
            )
    return list(out.values())


#: A verb's denial, the start of what a statement says a work does not do: "does not carry", "cannot be captured",
#: "never", "isn't", "不做", "不支持", "并没有", "无需"; "not only", "不同", "不少", "不过" and the like deny nothing.
_DENIAL = compile_lazy(r"\b(?:does|do|did|is|are|was|were|can|could|will|would|has|have)\s*n[o']t\b(?!\s+(?:only|just|merely|simply|necessarily|always)\b)|"
                       r"\bcannot\b|\bnever\b|\bno\s+longer\b|"
                       # an act's denial by its noun: "with no block sharing between beams", "no fine-tuning" ("no shared
                       # prefix", "no code is released", "no more than 5%" name no act)
                       r"(?<![\w-])no\b(?=\s+(?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*ing\b)(?!\s+(?:thing|nothing|king|ring|string)\b)|"
                       r"(?:并|也|都|从|根本|完全|其实)?(?:不|没有|没|未|无需|无须)(?![同少过仅但断到超足变大小高低多久然止只光然够错久了动]|重要|必要|一定|稳定|明显|清楚|确定|准确|理想|现实|合理|划算)",
                       re.IGNORECASE)
#: Where a denial's reach ends: a clause's end, or a turn ("but", "而是", "只是").
_DENIAL_END = compile_lazy(r"[,;:.!?，；：。！？、()（）|]|\s(?:but|while|whereas|which|because|since|so|and then)\s|而是|只是|但|而|因为|所以|只有|只在")


def _stem(w: str) -> str:
    """An English word without its inflection ("captured", "capture" and "captures" are one)."""
    return re.sub(r"(?<=[a-z]{3})(?:ing|ed|es|e|s)$", "", w)


_CJK_FUNCTION = compile_lazy(r"[的是了在把被和与或也都就还而及其这那个些一很]")


def _units(t: str) -> set[str]:
    """What a stretch of text names, for :func:`_denied_terms`: its English content words (stemmed, ``_content_words``'
    stopwords aside) and its pairs of Chinese characters."""
    stop = _stopwords()
    words = {_stem(w) for w in re.findall(r"[a-z][a-z0-9-]{2,}", t.lower()) if w not in stop}
    # (a pair across a particle, "话是", "是打", names nothing)
    pairs = {r[i:i + 2] for r in _CJK_RUN.findall(t) for i in range(len(r) - 1) if not _CJK_FUNCTION.search(r[i:i + 2])}
    return words | pairs


@functools.lru_cache(maxsize=1)
def _curation_units() -> frozenset[str]:
    """Words of the curation itself (reading, citing, cards, notes), which a denial of a work's property never turns
    on: "没进参考文献", "haven't read the paper", "no numbers copied"."""
    return frozenset(_units("参考文献 文献列表 原文 全文 摘要 卡片 细节 笔记 文档 论文 条目 清单 阅读 读过 细读 paper papers card cards note notes doc "
                            "document abstract read copied copy number numbers figure figures section table appendix list reference references"))


def _weight(units: Iterable[str]) -> float:
    return sum(0.5 if _CJK_RUN.fullmatch(u) else 1.0 for u in units)


#: A denial that says nothing of the work: the writer's own ("I haven't copied", "我没读"); an instruction ("Do not set
#: …") is told apart where it opens its sentence, the curation's state ("还没进参考文献") by its words (``_curation_units``).
_NOT_OF_THE_WORK = compile_lazy(r"(?:\b(?:I|we|you)(?:'ve|'d)?\s+(?:\w+\s+)?$)|(?:我|我们|你|大家)\s*(?:\w{0,2})$", re.IGNORECASE)


#: A condition a denial stands in: "when its prefill does not fit", "only if …", "unless", "如果不…", "只要没…".
_CONDITION_BEFORE = compile_lazy(r"(?:\b(?:if|when|whenever|unless|until|once|where|as long as)\b[^,;.:]{0,50}|(?:如果|若|只要|除非|一旦|当|要是)[^，；。：]{0,20})$",
                                 re.IGNORECASE)
#: Words a denial's act is not: auxiliaries and particles between the negator and the verb ("does not *really* need",
#: "不*把*专家权重搬上").
_NOT_THE_ACT = frozenset("be been being have has had the a an any all at really actually even always quite just yet ever "
                         "necessarily much more".split())
_CJK_PARTICLES = "是把将被对向在给会能要用再也都就还太很去来做"
#: Acts of saying, whose denial is about a text, not the work ("the README does not say what data it needs", "没提").
_SAYING = frozenset(_stem(w) for w in "say says mention mentions state states tell tells describe describes discuss discusses explain "
                    "explains specify specifies clarify report reports list lists cite cites".split()) | {"提到", "提及", "说明", "写明", "介绍", "讨论"}


def _denied_act(span: str) -> str | None:
    """The act a denial denies, the first word of what it reaches ("carry" of " carry the KV cache over", "扩展" of
    "扩展模型的上下文窗口", "搬上" of "把专家权重搬上 GPU" after its particle, "多图" of "支持把一个多图请求拆到…" after
    the modal verb and the measure word): an English word stemmed, or the first two Chinese characters after the
    particles; None when it reaches none."""
    t = span.strip()
    ba = re.match(r"把\s*[A-Za-z0-9 _.+-]*[\u4e00-\u9fff]+?([\u4e00-\u9fff][上下到进出回给成在至入])", t)
    if ba:
        # "把专家权重搬上 GPU", "把激活送到 CPU": the object the particle moves first, then the act with where it moves it
        return ba.group(1)
    cjk = re.match(rf"(?:支持|需要|允许|可以|能够|打算|考虑|进行|一个|一种|任何|[{_CJK_PARTICLES}])*([\u4e00-\u9fff]{{2}})", t)
    if cjk:
        return cjk.group(1)
    t = re.sub(r"^\s*(?:need|needs|have|has|want|wants|try|tries|plan|plans|intend|intends|bother|seem|seems)\s+to\s+", "", t, flags=re.I)
    for w in re.findall(r"[A-Za-z][A-Za-z0-9-]*", t)[:4]:  # ("does not need to store …": the act is storing)
        if w.lower() not in _NOT_THE_ACT and len(w) >= 3:
            return _stem(w.lower())
    return None


#: A Chinese verb with a complement of inability: "打断不了", "搬不动", "跑不起来" ("掉分不到 1 个点" is a bound, no inability).
_CANNOT_AFTER = compile_lazy(r"(?P<v>[\u4e00-\u9fff]{2})(?:不了|不动|不出来|不起来|不下)")


def _denied_spans(text: str) -> list[tuple[int, int, str | None]]:
    """The spans of ``text`` a denial reaches, each with the act it denies (:func:`_denied_act`): from after the negator
    to the end of its clause, or a clause up to a verb that cannot be done ("打断不了").  A denial by the writer of
    themselves, an instruction or one inside a comparison (the baseline "但不做准入控制的配置") reaches nothing."""
    out = []
    compared = comparison_spans(text)
    quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(text)]  # (another's words quoted: 'withdrew the claim "it does not …"')
    for m in _DENIAL.finditer(text):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        if re.match(r"(\w)(?:不|没)\1", text[max(0, m.start() - 1):m.start() + 2]) or text[m.start():m.start() + 3] == "没有有":
            continue  # "查有没有开源仓库", "是不是无损": a question (A-not-A), no denial
        before = text[max(0, m.start() - 24):m.start()]
        if _NOT_OF_THE_WORK.search(before) or re.match(r"\s*(?:do\s*n[o']t|don't)\b", text[m.start():], re.I) and \
                (not before.strip() or re.search(r"[.!?。！？:：]\s*$", before)):
            continue
        if any(a <= m.start() < b for a, b in compared) or re.search(r"(?:对比|相比|相对|比起|\bvs\.?|\bthan|\bover)\s*[^,;，；。]{0,20}$", before, re.I):
            continue
        if re.search(r"\bso(?:\s+that)?\s+[^,;.:]{0,40}$", before, re.I) and re.match(r"(?:can|could|will|would)\s*n[o']?t|cannot", m.group(), re.I):
            continue  # "they pin the sink tokens so chunked prefill can't drop them": what the method prevents, a purpose
        if _CONDITION_BEFORE.search(text[max(0, m.start() - 60):m.start()]) or re.match(r"\s*(?:是\s*)?(?:我们|咱们|我|(?:you|I|we)\b)", text[m.end():m.end() + 6]):
            continue  # "defer a request when its prefill does not fit", "如果不…": a condition, no denial; "不是我们自己跑的": the writer's
        e = _DENIAL_END.search(text, m.end() + 1)
        end = e.start() if e else len(text)
        start = m.end()
        if re.match(r"(?:is|are|was|were)\s*n[o']t\b", m.group(), re.I) and re.match(r"\s*(?:\w+\s+)?[a-z]+ed\b", text[m.end():end]):
            # a passive denial denies its act of its subject: "ongoing decodes are not paused while …" is about decodes
            # paused (the words from its clause's start)
            start = max([x.end() for x in _DENIAL_END.finditer(text, 0, m.start())] +
                        [x.end() for x in re.finditer(r"\band\b|\bor\b|和|及", text[:m.start()])], default=0)
        out.append((start, end, _denied_act(text[m.end():end])))
    for m in _CANNOT_AFTER.finditer(text):
        # "回复中途插话是打断不了的", "KV 搬不动": a verb, then 不了 / 不到 / 不动 (cannot), the verb denied and the clause before it
        b = max((x.end() for x in _DENIAL_END.finditer(text, 0, m.start())), default=0)
        out.append((b, m.start("v") + 2, m.group("v")))
    return out


#: A clause about another work than the statement's, or setting its work against one: an identifier, "unlike", "like",
#: "same as", "相反", "不同于", "那种".
_OTHER_WORK_CLAUSE = compile_lazy(r"\d{4}\.\d{4,5}|\b(?:unlike|like|same as|as in|as with|similar to|compared (?:to|with)|vs\.?|versus)\b|"
                                  r"相反|不同于|那种|类似|和[^，；。]{0,20}一样|不像", re.IGNORECASE)
#: Denials a clause may make besides a verb's ("needs no separate draft model", "without", "无"), and restrictions ("attends
#: only locally" says what "never attend to each other" says): such a clause states nothing undenied.
_ANY_DENIAL = compile_lazy(r"\b(?:no|none|without|nothing|neither|nor|only)\b|无|非(?!常)|只|仅", re.IGNORECASE)
#: A restriction word: what a clause states before it is stated unrestricted ("beams fork by sharing the parent's KV blocks and
#: only copy a block when they write to it" states the sharing).
_RESTRICTION = compile_lazy(r"\b(?:only|just|merely)\b|只|仅", re.IGNORECASE)


def _undenied(clause: str) -> str:
    """What a clause states without denying or restricting it: the whole clause when it holds none of ``_ANY_DENIAL``, the
    part before its first restriction word when that is the only kind it holds, else nothing."""
    m = _ANY_DENIAL.search(clause)
    if m is None:
        return clause
    r = _RESTRICTION.search(clause)
    if r is not None and r.start() == m.start() and not _ANY_DENIAL.search(clause, 0, r.start()):
        if not all(_RESTRICTION.match(clause, x.start()) for x in _ANY_DENIAL.finditer(clause)):
            return ""
        # (less the word right before it, which it may restrict too: "each block attends only locally" states no attending
        # that "never attend to each other" could deny)
        return re.sub(r"\S+\s*$", "", clause[:r.start()])
    return ""


_CLAUSE_SPLIT = compile_lazy(r"[,;:.!?，；：。！？|]|\s(?:but|while|whereas)\s|而是|但")


#: A version named in a statement: "v3 开始", "since version 2", "新版".
_VERSION_SAID = compile_lazy(r"(?<![\w.])v\d{1,2}\b|\bversion\s*\d|\brevision\b|[新旧第]\s*\d?\s*版|版本", re.IGNORECASE)
#: A denial that tells of a change, right before the act: "no longer", "不再", "已经不", "已不再".
_NO_LONGER_BEFORE = compile_lazy(r"(?:\bno\s+longer|不再|已经?(?:并|也|都)?(?:不再?|没有?))$", re.IGNORECASE)
#: … or inside what it denies: "does not use an external VAD anymore".
_NO_LONGER_IN = compile_lazy(r"\bany\s?more\b", re.IGNORECASE)


def _denied_terms(snap: Snapshot, subj: dict[str, list[str]], known: set[tuple[str, ...]]) -> list[Contradiction]:
    """``negation`` findings the predicate lexicon cannot type: one statement denies that a work does something
    ("SpotServe does not carry the KV cache over when an instance is reclaimed", "其实不做离线的 pattern 搜索") and a
    statement of another file about the same work says the same words without denying them ("migrates the in-flight
    KV cache when an instance is reclaimed", "为每个注意力头离线搜索最合适的模式类型").  What the denial reaches (to
    its clause's end, :func:`_denied_spans`) must share at least two words (or four Chinese character pairs, or one
    word and two pairs) with the other statement's clauses that deny nothing and name no other work, and half of what it
    names, and the act it denies (:func:`_denied_act`) must be among them.  A pair of files another rule already set against
    each other for the work is not reported again."""
    spans: dict[str, list[tuple[int, int, str | None]]] = {}
    # the units of each statement's clauses that deny nothing ("数据集规模、基线和训练成本都没给" denies its subject too),
    # computed once: every denial of the work is set against them
    free_units: dict[str, set[str]] = {}
    about: dict[str, list[SClaim]] = defaultdict(list)
    for c in snap.claims:
        if _eligible(c) and c.role in ("statement", "caveat"):
            spans[c.iri] = _denied_spans(c.text)
            free_units[c.iri] = _units(" ".join(_undenied(x) for x in _CLAUSE_SPLIT.split(c.text) if not any(
                not re.match(r"(\w)(?:不|没)\1", x[max(0, m.start() - 1):m.start() + 2]) for m in _DENIAL.finditer(x))
                and not _OTHER_WORK_CLAUSE.search(x)))
            for s in subj.get(c.iri, ()):
                about[s].append(c)
    clause_units: dict[str, list[set[str]]] = {}  # a statement's clauses' units, for a passive denial's subject (on demand)

    def clauses_of(c: SClaim) -> list[set[str]]:
        if c.iri not in clause_units:
            clause_units[c.iri] = [_units(x) for x in _CLAUSE_SPLIT.split(c.text)]
        return clause_units[c.iri]
    out: dict[tuple, Contradiction] = {}
    for s, cs in sorted(about.items()):
        for cn in cs:
            for a0, a1, act in spans[cn.iri]:
                denied = _units(cn.text[a0:a1]) - _curation_units()
                passive = re.search(r"\b(?:is|are|was|were)\s*n[o']t\b", cn.text[a0:a1], re.I)
                # (the head of a passive denial's subject, its last word: "decodes" of "ongoing decodes are not paused")
                head_words = re.findall(r"[a-z][a-z0-9-]{2,}", cn.text[a0:a0 + passive.start()].lower()) if passive else []
                head = _stem(head_words[-1]) if head_words else None
                # a change ("已经不靠外挂 VAD 了", "no longer relies on an external VAD", "不再…"): the work did what the
                # other statement says and does not now; the verbs may differ ("仍由外挂 VAD 完成"), the object is what is shared
                change = bool(_NO_LONGER_BEFORE.search(cn.text, 0, a0) or _NO_LONGER_IN.search(cn.text, a0, a1)
                              or cn.text[a1:a1 + 1] == "了" or cn.text[a0:a1].rstrip().endswith("了")) \
                    and bool(cn.version or _VERSION_SAID.search(cn.text))
                # (a change with no version named is a cause's effect, "so the head count no longer caps the SP degree")
                if not change and re.search(r"\bno\s+longer\s*$", cn.text[:a0], re.IGNORECASE):
                    continue
                if _weight(denied) < 1.5 or act is None or act in _curation_units() or act in _SAYING:
                    continue
                for cp in cs:
                    if cp.path == cn.path or _other_variants(cn, cp):
                        continue
                    free = free_units[cp.iri]
                    shared = denied & free
                    if _weight(shared) < 1.5 or _weight(shared) < 0.5 * _weight(denied) or act not in free and not change:
                        continue  # (the act denied must be the act stated: "never leave host DRAM" is "stay in host DRAM")
                    if head is not None and not any(head in u and act in u for u in clauses_of(cp)):
                        continue  # (a passive denial's subject must be what the other's clause acts on: "ongoing decodes are
                        # not paused" / "pauses the running decodes"; "KV of generated tokens is not compressed" denies
                        # nothing of "compresses the prompt KV once")
                    a, b = _ordered(cn, cp)
                    if (s, *sorted([a.path, b.path])) in known:
                        continue
                    kind = "version" if change and (cn.version or cp.version) and cn.version != cp.version else _kind_for(a, b, "negation")
                    key = (s, *sorted([a.path, b.path]))
                    if key in out:
                        continue
                    what = cn.text[a0:a1].strip()
                    at = {id(cn): a0, id(cp): _word_at(cp.text, act)}
                    out[key] = Contradiction(
                        id=_id("denied", s, *sorted([cn.path, cp.path])), kind=kind, subject=f"arXiv:{s}",
                        summary=f"arXiv:{s}: '{what[:60]}' denied in {cn.path}, stated in {cp.path}",
                        a=statement(a, at.get(id(a))), b=statement(b, at.get(id(b))),
                        detail=[f"denied in {cn.path}:{cn.line}", f"stated in {cp.path}:{cp.line}"],
                    )
    return list(out.values())


#: Verbs whose negation conflicts with their plain use even when neither side names an object.
_SPECIFIC_VERBS = frozenset({"fine_tune", "train", "quantize", "modify", "calibrate", "disaggregate", "offload", "batch",
                             "cap_power", "migrate", "measure_energy", "uptrain"})
#: Verbs every paper narrates (how a model was trained): a side naming no object counts only when it says
#: what the work needs or does without (``ingest.facts.need_framed``).
_NEEDED_VERBS = frozenset({"fine_tune", "train"})


#: A claim reported as out of date: "still claims no TTFT penalty", "still says 2x", "仍然写着".
_STILL_CLAIMS = compile_lazy(r"\bstill (?:claims?|says|states|reports|lists|shows|quotes)\b|(?:仍然|还|依然)(?:写着|说|声称)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _implied_verbs() -> dict[str, tuple[str, ...]]:
    """The verbs a stated verb implies (lexicon ``facts.verb_implies``: fine-tuning is a training)."""
    return {k: tuple(v) for k, v in load_lexicon().raw.get("facts", {}).get("verb_implies", {}).items()}


def _needs_fine_tuning(c: SClaim) -> bool:
    """Whether a statement says the work needs a fine-tuning ("其实需要在目标数据上微调路由器"): a training it needs."""
    return any(p.startswith("+need:") and "fine_tuning" in p.partition(":")[2].split(",") for p in c.predicates)


def _predicate_words(verb: str, objects: Iterable[str]) -> list[str]:
    """The words a predicate's objects and verb are written with, for finding where a statement says it: ``aux_loss`` ->
    "aux loss", ``~length+predictor`` -> "length", then the verb."""
    words = [re.split(r"[+]", o.lstrip("~"))[0].replace("_", " ") for o in objects]
    return [w for w in [*words, verb.replace("_", " ")] if len(w) >= 2]


def _word_at(text: str, *words: str) -> int | None:
    """The offset of the first of ``words`` written in ``text`` (as a word start, case aside), else None."""
    for w in words:
        if not w:
            continue
        m = re.search(rf"(?<![\w-]){re.escape(w)}" if w.isascii() else re.escape(w), text, re.IGNORECASE)
        if m:
            return m.start()
    return None


def _negations(snap: Snapshot, subj: dict[str, list[str]]) -> list[Contradiction]:
    """``negation`` (or ``version``) findings: the same predicate of one work once negated, once not,
    on a shared object; one per work, verb and pair of files."""
    by: dict[tuple[str, str], list[tuple[SClaim, bool, frozenset[str], str]]] = defaultdict(list)  # (…, the verb written)
    for c in snap.claims:
        if not c.predicates or not _eligible(c):
            continue
        stated = _asserted(c, "predicates")
        both = {p[1:] for p in stated if p[0] == "+"} & {p[1:] for p in stated if p[0] == "-"}
        first = set(predicates(re.split(r"[;；,，。]", c.text, maxsplit=1)[0])) if both else set()
        for p in stated:
            sign, rest = p[0], p[1:]
            if rest in both and f"+{rest}" in first and f"-{rest}" not in first:
                continue  # "value 按 token 量化；最近 128 个 token 不量化": done, then an exception for a part; denies nothing
                # ("并不做 pre-RoPE 量化，key 是在 RoPE 之后才量化的" denies first, then says what is done: the denial stands)
            verb, _, objs = rest.partition(":")
            # (what a stated verb implies is stated too: "草稿头要单独微调" needs a training, which "无需训练" denies;
            # a denial implies nothing: "no fine-tuning" still allows a training)
            verbs = [verb, *(_implied_verbs().get(verb, ()) if sign == "+" else ())]
            objects = frozenset(o for o in objs.split(",") if o)
            subjects = subj.get(c.iri, ())
            at = _word_at(c.text, *_predicate_words(verb, objects)) if len(subjects) > 1 else None
            for s in subjects:
                if _others_clause(c.text, at, s):
                    continue  # (the clause that says it names another work of the statement's)
                for v in verbs:
                    by[(s, v)].append((c, sign == "-", objects, verb))
                if verb == "need" and sign == "-" and objects & {"training", "fine_tuning"}:
                    # "No extra training needed" denies what "the heads must be trained" states: a training not needed is
                    # one the work does without
                    by[(s, "train")].append((c, True, frozenset(), "train"))
    out: dict[tuple, Contradiction] = {}
    for (s, verb), vals in sorted(by.items(), key=lambda kv: kv[0]):
        negs = [v for v in vals if v[1]]
        poss = [v for v in vals if not v[1]]
        for cn, _, on, vn in sorted(negs, key=lambda v: _statement_first(v[0])):
            for cp, _, op, vp in sorted(poss, key=lambda v: _statement_first(v[0])):
                if cn.path == cp.path or _other_variants(cn, cp):
                    continue
                # (a named object meets an open one by its name's words: "length_predictor" is "~length+predictor", which
                # "~prediction" and "~预测输出长度" are read against as before the lexicon named it)
                shared = on & op or frozenset(x for x in on for y in op
                                              if (x.startswith("~") or y.startswith("~"))
                                              and open_objects_match(_as_open(x), _as_open(y)))
                if not shared and not (verb in _SPECIFIC_VERBS and (not on or not op)):
                    continue
                if not shared and verb in _NEEDED_VERBS and not ((on or need_framed(cn.text, vn))
                                                                 and (op or need_framed(cp.text, vp) or _needs_fine_tuning(cp))):
                    continue  # "训练时…", "而非训练时长": training narrated, not what the work needs
                a, b = _ordered(cn, cp)
                kind = _kind_for(a, b, "negation")
                key = _pair_key(kind, s, a, b, a.line, b.line)
                if key in out:
                    continue
                what = verb.replace("_", "-") + (" " + ", ".join(sorted(o.lstrip("~").replace("+", " ") for o in shared))
                                                 .replace("_", " ") if shared else "")
                out[key] = Contradiction(
                    id=_id("negation", s, verb, *sorted([cn.path, cp.path])), kind=kind, subject=f"arXiv:{s}",
                    summary=f"arXiv:{s}: '{what}' stated and denied",
                    a=statement(a, _word_at(a.text, *_predicate_words(verb, shared))),
                    b=statement(b, _word_at(b.text, *_predicate_words(verb, shared))),
                    detail=[f"denied in {cn.path}:{cn.line}", f"stated in {cp.path}:{cp.line}"],
                )
    return list(out.values())




def contradictions(snap: Snapshot) -> list[Contradiction]:
    """All findings, sorted by kind (the order above), subject, then first side's source and line.

    Computed once per snapshot (kept in ``snap.cache``, where a reader of the derived index may
    put the findings the index keeps, ``queries.derive``).

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
    result = _findings(snap)
    snap.cache["contradictions"] = tuple(result)
    return list(result)


#: The kinds of finding that say the living document may need revising where a statement disagrees with
#: it (a title written differently in a note says the note mislabels the work, not that the document is wrong).
_CONFLICT_KINDS = ("number", "qualifier", "negation", "version")


def mislabelled(snap: Snapshot) -> frozenset[str]:
    """Paths of the materials a ``label_mismatch`` finding concerns (their tags name a topic their words
    do not carry); ``queries.items.shift_items`` makes their items low unless they name a section."""
    return frozenset(f.subject for f in contradictions(snap) if f.kind == "label_mismatch")


def at_odds_with_living_docs(snap: Snapshot) -> frozenset[tuple[str, int]]:
    """``(path, line)`` of every line of a statement that a finding sets against a living document's
    (a number, qualifier, negation or version conflict): the document may need revising there, so the
    item holding it brings something the document lacks (``queries.items.shift_items``)."""
    out: set[tuple[str, int]] = set()
    for f in contradictions(snap):
        if f.kind not in _CONFLICT_KINDS:
            continue
        for mine, other in ((f.a, f.b), (f.b, f.a)):
            src = snap.sources.get(other.source)
            if src is not None and src.kind == "living_doc" and mine.source != other.source:
                out.update((mine.source, ln) for ln in range(mine.line, (mine.line_end or mine.line) + 1))
    return frozenset(out)


def _words(text: str) -> str:
    """A statement's words, case, spacing and punctuation aside (two files saying the same sentence)."""
    return re.sub(r"[\W_]+", " ", text).strip().casefold()


def _findings(snap: Snapshot) -> list[Contradiction]:
    """Every rule run over ``snap``, deduplicated by finding ID and sorted (``contradictions``)."""
    subj = claim_subjects(snap)
    revised = _revisions(snap, subj)
    negated = _negations(snap, subj)
    # a version that lacked a feature and one that adds it is found as a denied and stated predicate; the
    # version rule does not report the same pair of files again
    known = {(f.subject, *sorted([f.a.source, f.b.source])) for f in revised}
    known |= {(f.subject, *sorted([f.a.source, f.b.source])) for f in negated if f.kind == "version"}
    figures = _figure_mismatch(snap, subj)
    known |= {(f.subject, *sorted([f.a.source, f.b.source])) for f in figures if f.kind == "version"}
    found = (
        figures
        + revised
        + _version_changes(snap, subj, known)
        + _qualifier_conflicts(snap, subj)
        + negated
        + _retractions(snap, subj)
        + _two_titles(snap)
        + _unverified_figures(snap)
        + _contamination(snap, snap.subjects)
        + _label_mismatch(snap)
    )
    # a conflict the writer flags that no rule typed (the two sides say it in other words)
    found += _flagged_by_writer(snap, subj, {(f.subject.removeprefix("arXiv:"), *sorted([f.a.source, f.b.source])) for f in found})
    # a denial of what another file says the work does, in words no predicate of the lexicon types
    found += _denied_terms(snap, subj, {(f.subject.removeprefix("arXiv:"), *sorted([f.a.source, f.b.source])) for f in found})
    # one finding per kind and pair of statements: two rules that see the same pair ("v3 改成了 0.62" against
    # the v1 figure, as a changed figure and as a revision) report it once, the first rule's; and the same pair
    # read as a qualifier and as a negation ("tuning-free" / "needs fine-tuning") is one conflict, reported as
    # its qualifier (the aspect named) with the negation's words in its detail
    # (a figure two files give differently, one of them saying a later version changed it, is one conflict too:
    # reported as the version's)
    negation_first = tuple(f"{a['label_en']}:" for a in load_lexicon().raw.get("facts", {}).get("qualifier_aspects", [])
                           if a.get("negation_first"))
    from_negation = {id(f) for f in negated}
    said: dict[str, set[str]] = defaultdict(set)  # the statements of each file, in words (``_words``)
    for c in snap.claims:
        said[c.path].add(_words(c.text))
    kept: dict[tuple, Contradiction] = {}
    for f in found:
        if f.kind in _CONFLICT_KINDS and f.a.source != f.b.source and (
                _words(f.a.text) == _words(f.b.text) or _words(f.b.text) in said[f.a.source]
                or _words(f.a.text) in said[f.b.source]):
            # the same sentence in two files, or a file that says the other side's sentence too (a note copied under
            # another name; a read that says both "v1 的无损结论不再成立" and "v3 改成了 near-lossless"): they agree
            continue
        kind = "statement" if f.kind in ("qualifier", "negation") else "figure" if f.kind in ("number", "version") else f.kind
        key = (kind, f.subject, frozenset([(f.a.source, f.a.line), (f.b.source, f.b.line)]))
        if key in kept and id(f) in from_negation and kept[key].summary.startswith(negation_first):
            # (an aspect that is a thing done or not, "drops tokens" / "dropless", "supports sampling" / "greedy-only",
            # lexicon ``negation_first``: the negation rule's words name it as the writers do)
            first = kept[key]
            kept[key] = f.model_copy(update={"detail": [*f.detail, f"also: {first.summary}"]})
            continue
        if key in kept and kept[key].kind != f.kind:
            first = kept[key]
            if first.kind == "number" and f.kind == "version":
                kept[key] = f.model_copy(update={"detail": [*f.detail, f"also: {first.summary}"]})
            else:
                kept[key] = first.model_copy(update={"detail": [*first.detail, f"also: {f.summary}"]})
            continue
        if key in kept and f.kind in ("number", "version") and kept[key].kind == f.kind:
            # two measures of one pair of statements that both disagree ("吞吐提升3倍，延迟降低41%" against "2.2x …, reduces
            # latency by 60%"): one finding, each measure's values in its detail (the second was dropped without a word)
            first = kept[key]
            extra = [d for d in f.detail if d not in first.detail and not d.endswith("more source(s) give one of these values")]
            if extra:
                kept[key] = first.model_copy(update={"detail": [*first.detail, *extra]})
            continue
        kept.setdefault(key, f)
    return sorted(_unique_ids(list(kept.values())), key=finding_key)


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
