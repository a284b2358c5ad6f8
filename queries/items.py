"""The items of a shift, judged: the works each is about and their citation status, evidence,
relevance and the sections it belongs in.

Items and their written facts come from ingest (``ingest.structure``, ``ingest.evidence``,
``ingest.placement``); what needs the rest of the store is decided here, at query time:

* **works named without an identifier**: a title-only note or item resolves through the titles the
  store knows (``Snapshot.title_matches``: cards, living-document entries; ambiguous ones are never
  guessed); failing that, a short name in the item's title (``SmoothQuant``, ``FlashAttention``)
  resolves through the names written next to identifiers (``SCitation.alias``), card aliases and
  the short names of known titles (``Title: subtitle``);
* **citation status** of a work against the shift's living document (:func:`work_status`):
  ``already_cited`` when the document lists it as an entry of a citation list, a reference table
  or a paper list; ``not_in_citation_list`` when only its body names it; ``new`` otherwise;
* **sections**: the keys the item proposes, kept when the living document has them (a title
  written without a number is matched to a heading's title); a section that is the citation list
  is a citation to add, not a destination; where the item names none, the closest section by
  text (BM25, ``Snapshot.route``) is given as ``route``, a suggestion with its score;
* **relevance** (:func:`judge_relevance`): the writer's own verdict, read at ingest (an item whose own
  words rest it on someone else's unchecked word is low; "nothing new", "不动" -> low; a proposed
  change -> increment); otherwise an item that brings a new work is an increment, the rest low.  A
  card is an increment only when it brings a new work or names a section.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from rapidfuzz import fuzz
from rapidfuzz.utils import default_process

from ingest.living_doc import slugify
from ingest.models import PLACED_HEARSAY
from ingest.text import camel_names, not_a_paper
from ingest.numerals import arabic_key

from .results import ItemRow, SectionRoute
from .snapshot import AliasMatcher, SItem, Snapshot
from ingest.lazyre import compile_lazy

__all__ = ["WorkStatus", "work_status", "name_index", "name_matcher", "item_works", "item_sections", "judge_relevance",
           "shift_items", "HEARSAY", "MISLABELLED"]

#: Evidence levels that, alone, make an item hearsay (low relevance unless it says otherwise).
HEARSAY = frozenset({"second_hand", "unverified", "vendor_self_reported"})

WorkStatus = Callable[[str], str]


def work_status(snap: Snapshot, doc: str | None) -> WorkStatus:
    """A function giving a work's status in living document ``doc`` (every living document when None):
    ``already_cited``, ``not_in_citation_list`` or ``new``."""
    key = ("work_status", doc)
    if key not in snap.cache:
        listed = set(snap.cited_in_lists(doc))
        docs = [doc] if doc else snap.living_docs()
        body = {c.arxiv_id for d in docs for c in snap.citations_of(d)}
        snap.cache[key] = (listed, body)
    listed, body = snap.cache[key]  # type: ignore[misc]

    def status(aid: str) -> str:
        if aid in listed:
            return "already_cited"
        return "not_in_citation_list" if aid in body else "new"

    return status


_BIBLIOGRAPHY = compile_lazy(r"^\s*(?:引用列表|引用文献|参考文献|参考资料|引文列表|references?|citations?|bibliography|works cited|"
                           r"cited works|sources)\b|^\s*$", re.IGNORECASE)
#: What follows a name when the name is not the paper: a version (a software release, "FlashInfer 0.5.3", "vLLM v0.11") or a place people talk ("vLLM slack").
_NOT_THE_WORK_AFTER = compile_lazy(r"\s*v?\d+(?:\.\d+)+"
                            # a place people talk, named after the project: "vLLM slack", "SGLang 的群" (its repo or docs
                            # are still the project's: "quantdraft repo is carded now")
                            r"|\s*(?:'s\s+)?(?:slack|discord|forum|channel|group chat|meetup|office hours)\b|\s*(?:的)?(?:群|社区|论坛|频道)",
                            re.IGNORECASE)
_SHORT = compile_lazy(r"^\s*([^:：]{2,40}?)\s*[:：]\s*\S")
_NAME_PAIR = compile_lazy(r"^\s*([A-Za-z][\w.+-]{1,30})\s*/\s*([A-Za-z][\w.+-]{1,30})\s*(?:[(（][^)）]*[)）])?\s*$")
_NOT_NAME = compile_lazy(r"^(?:a|an|the|on|towards?|beyond|rethinking|when|why|how|what)\b", re.I)


#: A compound name of two or three capitalised words with a number or "++" ("FlashAttention-2", "FlashDecoding++").
_CAMEL_NUMBERED = compile_lazy(r"(?P<stem>(?:[A-Z][a-z]{2,}){2,3})[- ]?(?P<n>\d{1,2}|\+\+)")


def name_index(snap: Snapshot) -> dict[str, str]:
    """Short names of works: ``{name: arXiv key}`` from card aliases, names written next to identifiers
    (``SmoothQuant (arXiv:2211.10438)``) and the short names of known titles (``GPTQ: Accurate …``), with
    the initials of a numbered compound name (``FlashAttention-2`` is also ``FA2``, ``FlashDecoding++`` ``FD++``).
    A name given to two works is dropped (never guessed), unless only one of them has it on firm ground: a name
    written beside its identifier, a card's alias or a citation list's title (a note that puts "KIVI: A Tuning-Free …"
    beside KVQuant's identifier does not take the name from the work the living document cites as KIVI).  Computed
    once per snapshot."""
    if "name_index" in snap.cache:
        return snap.cache["name_index"]  # type: ignore[return-value]
    seen: dict[str, set[str]] = {}
    firm: dict[str, set[str]] = {}

    def note(name: str, aid: str, sure: bool) -> None:
        seen.setdefault(name, set()).add(aid)
        if sure:
            firm.setdefault(name, set()).add(aid)

    def add(name: str | None, aid: str, sure: bool = False) -> None:
        if not name:
            return
        n = name.strip().strip("*_`\"'“”")
        if 2 <= len(n) <= 40 and not _NOT_NAME.match(n) and re.search(r"[A-Za-z]", n):
            note(n, aid, sure)
            if re.fullmatch(r"[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})+", n):
                # "ArborSpec" said aloud and transcribed, or typed by someone else: "Arbor Spec"
                note(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", n), aid, sure)
            elif re.fullmatch(r"[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})*(?:KV|LLM|RL|MoE|QA)", n):
                # "TideKV" said aloud: "tide kv", "sieve kv" (a voice memo's transcript)
                note(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", n), aid, sure)
            two = re.fullmatch(r"([A-Za-z][\w.+]*)([ -])(\w*\d\w*)", n)
            if two:
                # "Mixtral 8x7B" is also written "Mixtral-8x7B" (and the other way round)
                note(f"{two.group(1)}{'-' if two.group(2) == ' ' else ' '}{two.group(3)}", aid, sure)
            acr = _CAMEL_NUMBERED.fullmatch(n)
            if acr:
                # "FlashAttention-2" is "FA2" / "FA-2", "FlashDecoding++" is "FD++": the initials of a numbered compound name
                initials = "".join(re.findall(r"[A-Z]", acr.group("stem")))
                for sep in ("", "-"):
                    note(f"{initials}{sep}{acr.group('n')}", aid, sure)
        # a label before the name ("Poster #3412 — Tidal", "0733 · Ferry", "Card 12 | KVRot"): the name too
        parts = re.split(r"\s+[—–·|]\s+", n)
        if len(parts) > 1 and re.search(r"\d|#", parts[0]):
            add(parts[-1], aid, sure)

    for alias, aid in snap.aliases.items():
        add(alias, aid, True)
    def add_camel(title: str, aid: str) -> None:
        # a system's name written as one camel-cased word in its title ("… with CachedAttention"); only titles a
        # citation list or a card gives (a note's line taken for a title names other systems too)
        for w in camel_names(title):
            add(w, aid)

    def add_short(title: str, aid: str, sure: bool = False) -> None:
        pair = _NAME_PAIR.match(title)
        if pair:  # "vLLM / PagedAttention (preprint version)": a reference list naming the work by its systems
            for n in pair.group(1, 2):
                if re.search(r"[A-Z].*[A-Z]|\d|[a-z][A-Z]", n):
                    add(n, aid, sure)
        m = _SHORT.match(title)
        if m:
            add(m.group(1), aid, sure)
            bare = re.sub(r"\s+v?\d+(?:\.\d+)+$", "", m.group(1))  # "MInference 1.0" is also "MInference"
            if bare != m.group(1):
                add(bare, aid, sure)

    for c in snap.citations:
        add(getattr(c, "alias", None), c.arxiv_id, True)
        if c.title:  # (a citation list's or a card's title is firm ground; a note's line taken for a title is not)
            add_short(c.title, c.arxiv_id, bool(getattr(c, "in_citation_list", False)) or c.kind == "paper_card")
            if getattr(c, "in_citation_list", False):
                add_camel(c.title, c.arxiv_id)
    for aid, lst in snap.work_titles.items():
        for t, _p in lst:
            add_short(t, aid)
            add_camel(t, aid)
    out = {n: next(iter(a)) for n, a in seen.items() if len(a) == 1}
    for n, a in seen.items():
        if len(a) > 1 and len(firm.get(n, ())) == 1:
            out[n] = next(iter(firm[n]))
    snap.cache["name_index"] = out
    return out


def name_matcher(snap: Snapshot) -> AliasMatcher:
    """The matcher of the store's short names of works (``name_index``): ``name_matcher(snap)(text)`` gives the arXiv
    keys of the names ``text`` writes, as whole words (``queries.snapshot.AliasMatcher``). Built once per snapshot."""
    if "name_matcher" not in snap.cache:
        snap.cache["name_matcher"] = AliasMatcher(name_index(snap))
    return snap.cache["name_matcher"]  # type: ignore[return-value]


#: A table cell naming the setting (a model size, a GPU), not the work: "Qwen2-7B", "1×H100-80G".
_MODEL_OR_GPU = compile_lazy(r"\d+(?:\.\d+)?\s*[BbMm]\b|\b[AHLBV]\d{2,3}[A-Z]?\b|\bRTX\b|×", re.IGNORECASE)


def item_works(snap: Snapshot, it: SItem) -> tuple[list[str], str | None]:
    """``(works, resolved_by)`` of an item: the identifiers it writes, else the work its title names
    (``title``: a known title; ``name``: a short name), else ``[]``."""
    if it.works:
        return list(it.works), None
    key = ("title_by_item", it.path)
    if key not in snap.cache:
        snap.cache[key] = {m.item: m for m in snap.title_matches if m.path == it.path}
    tm = snap.cache[key].get(it.index)  # type: ignore[union-attr]
    if tm is None and it.index == 0 and it.kind == "note":
        tm = snap.cache[key].get(None)  # type: ignore[union-attr]
    if tm is not None and tm.arxiv_id:
        return [tm.arxiv_id], "title"
    title = it.title
    if not_a_paper(title):
        return [], None
    if it.kind == "row":  # a table row names its work in its first cell with words; its notes only compare
        match = name_matcher(snap)
        cells = [c for c in it.title.split(" | ") if re.search(r"[A-Za-z\u4e00-\u9fff]{2}", c)]
        title = cells[0] if cells else it.title
        first = it.title.split(" | ")[0]
        if not match(title) and not re.search(r"[A-Za-z\u4e00-\u9fff]{2}", first):
            # a log's row opens with its date, model and hardware ("04-22 | Qwen2-7B | 1×H100 | RotKV INT2 | …"):
            # the first cell that names exactly one work
            title = next((c for c in cells[1:5] if len(match(c)) == 1 and not _MODEL_OR_GPU.search(c)), title)
    found = [(min(kept, default=len(title)), aid) for aid, kept, spotted in _name_spots(snap, title) if kept or not spotted]
    if found:  # the work the title names first ("Fwd: Re: SpecTrie + EAGLE-2 for 4.2" is about SpecTrie)
        return [min(found)[1]], "name"
    if it.kind == "heading" or (it.kind == "pseudo" and _COMMENT_HEADER.match(it.title)):
        # a heading naming no work ("## Exp 12 — 2027-07-02") over a first sentence that opens with one ("TidalKV first
        # try, straight from the quickstart"): the work its opening words name (a work named later in it only figures);
        # so is a comment under its signature ("— amara, 8 days ago" over "Read REST properly this time, …")
        opening = next((c.text for c in snap.claims_of(it.path)
                        if c.item == it.index and c.line > it.line and c.role not in ("metadata",)), "")[:48]
        first = min(((min(kept), aid) for aid, kept, _spotted in _name_spots(snap, opening) if kept and min(kept) <= 12),
                    default=None)
        if first is not None:
            return [first[1]], "name"
    return [], None


#: A comment's or a post's signature line, naming who wrote it and when but no work: "— amara, 8 days ago", "@tkowalski
#: commented on Oct 30, 2028", "**kvcache_kid** · 3 days ago", "u/pocket_tensor · 64 points".
_COMMENT_HEADER = compile_lazy(r"^\W*(?:u/)?@?[\w.\-]{2,30}\W{0,4}(?:\s*\((?:author|op|maintainer)\))?\s*(?:,|·|•|\||—|–|-)?\s*"
                             r"(?:commented|replied|wrote|said|started this discussion|\d+\s*(?:[smhdw]|mins?|minutes?|hrs?|hours?|days?|"
                             r"weeks?|months?)\s+ago|\d[\d,.]*k?\s*(?:points?|upvotes?)|yesterday|today)\b", re.IGNORECASE)


def _name_spots(snap: Snapshot, text: str) -> list[tuple[str, list[int], bool]]:
    """``(work, starts, spotted)`` for each work ``text`` names: where it writes one of the work's names, unless a version
    or a place follows (``vLLM slack``), and whether any name of the work was spotted as written."""
    index = name_index(snap)
    out = []
    for aid in name_matcher(snap)(text):
        spots = [m for n, a in index.items() if a == aid
                 for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.IGNORECASE)]
        out.append((aid, [m.start() for m in spots if not _NOT_THE_WORK_AFTER.match(text, m.end())], bool(spots)))
    return out


def _doc_sections(snap: Snapshot, doc: str) -> tuple[dict[str, object], dict[str, str]]:
    key = ("doc_sections", doc)
    if key not in snap.cache:
        by_key = {s.key: s for s in snap.sections if s.path == doc}
        # "第七章" / "§7" name the section keyed "七" (a Chinese-numbered heading), and "§七" the one keyed "7"
        for s in list(by_key.values()):
            by_key.setdefault(arabic_key(s.key), s)
        by_title = {}
        for s in snap.sections:
            if s.path == doc and s.title:
                by_title.setdefault(s.title.casefold(), s.key)
                by_title.setdefault(slugify(s.title), s.key)
        snap.cache[key] = (by_key, by_title)
    return snap.cache[key]  # type: ignore[return-value]


def _cited_home(snap: Snapshot, doc: str, works: list[str]) -> tuple[str, str | None] | None:
    """``(key, title)`` of the section of living document ``doc`` whose text cites one of ``works`` most often (its
    first such section on a tie), outside the citation lists; None when the document's text cites none of them.
    A topic about a work the document already discusses, naming no section, belongs where it is discussed."""
    count: dict[str, int] = {}
    for c in snap.citations_of(doc):
        if c.arxiv_id in works and c.section and not c.in_citation_list:
            count[c.section] = count.get(c.section, 0) + 1
    by_key, _by_title = _doc_sections(snap, doc)
    best = max((k for k in count if k in by_key and not getattr(by_key[k], "citation_list", False)),
               key=lambda k: count[k], default=None)
    return (best, getattr(by_key[best], "title", None)) if best is not None else None


#: Words after a section number that make it a paper's own: "§3 of the HTML version", "4.1 of the paper", "3.2 in v2".
_PAPERS_SECTION = compile_lazy(r"[\s\])）]*(?:of|in) (?:the |their |its )?(?:paper|pdf|html|arxiv|version|v\d|appendix|preprint|"
                               r"original|authors)", re.IGNORECASE)
#: ... and before it: "the paper's §3", "论文 §4", "原文第"
_PAPERS_SECTION_BEFORE = compile_lazy(r"(?:paper'?s?|pdf|论文|原文|文中)\s*(?:的)?\s*(?:§|section|sec\.|第)?\s*$", re.IGNORECASE)


#: Words around a section number that make it a part of the living document: "the figure in 4.1", "our 3.2", "活文档 2.3",
#: "4.1 still says", "3.2 里".
_DOC_PART_BEFORE = compile_lazy(r"(?:\b(?:figure|number|line|entry|sentence|bullet|claim|paragraph|text) in|\bour|\bthe doc'?s|"
                                r"\bin the doc(?:ument)?|活?文档(?:里|中)?的?)\s*§?\s*$", re.IGNORECASE)
_DOC_PART_AFTER = compile_lazy(r"\s*(?:still|already|says|said|has|quotes|里|中的?|那段|那条|写的)", re.IGNORECASE)


def _named_section(snap: Snapshot, doc: str, claims) -> tuple[str, str | None] | None:
    """``(key, title)`` of the one section of ``doc`` an item's statements name without placing anything ("So the figure in
    4.1 still holds", "§3.2 says otherwise"), or None when they name none or several, or name it only to rule it out
    ("not for 3.1").  A topic that speaks of one section belongs there before wherever its words are closest."""
    from ingest.placement import section_refs

    def papers(text: str, r) -> bool:  # "drafted from §3 of the HTML version", "论文 §4": the paper's own section
        at = text.find(r.key, r.start)
        end = at + len(r.key) if at >= 0 else r.start
        return bool(_PAPERS_SECTION.match(text, end) or _PAPERS_SECTION_BEFORE.search(text[max(0, r.start - 12):r.start]))

    def ours(text: str, r) -> bool:  # "the figure in 4.1 still holds", "our 3.2", "活文档 2.3 里": the document's part
        at = text.find(r.key, r.start)
        if at < 0 or "." not in r.key:
            return False
        return bool(_DOC_PART_BEFORE.search(text[max(0, at - 16):at]) or _DOC_PART_AFTER.match(text, at + len(r.key)))

    refs = [r.key for c in claims if c.section_refs for r in section_refs(c.text)
            if r.key and r.role in ("mention", "cross") and not papers(c.text, r) and ours(c.text, r)]
    keys, _cite = item_sections(snap, doc, list(dict.fromkeys(refs)))
    if len(keys) != 1:
        return None
    by_key, _by_title = _doc_sections(snap, doc)
    sec = by_key.get(keys[0])
    return (keys[0], getattr(sec, "title", None)) if sec is not None else None


def item_sections(snap: Snapshot, doc: str | None, refs) -> tuple[list[str], list[str]]:
    """``(sections, cite)``: the keys of ``refs`` (keys or titles as written) that name a section of
    ``doc``, in order; those that name its citation list are returned apart (a citation to add)."""
    if not doc:
        return [], []
    by_key, by_title = _doc_sections(snap, doc)
    out: list[str] = []
    cite: list[str] = []
    for r in refs:
        hit = by_key.get(r) or by_key.get(arabic_key(r))
        k = getattr(hit, "key", None) if hit is not None else None
        if k is None:
            t = r.casefold().strip()
            k = by_title.get(t) or by_title.get(slugify(r))
            if k is None and len(t) >= 4:
                # a title written short ("the tree verification part"; "the Jacobi part" for "3.2 Jacobi-style decoding",
                # hyphenated parts counting as words): the one section whose title holds its words, none when two do
                # ("the tree part" beside "Tree drafting" and "Tree verification")
                for proc in (None, default_process):
                    hits = {key for title, key in by_title.items() if fuzz.token_set_ratio(t, title, processor=proc) >= 90}
                    if hits:
                        k = hits.pop() if len(hits) == 1 else None
                        break
        if k is None:
            continue
        sec = by_key.get(k)
        # a bibliography (References, 参考文献) is where a citation goes, not a destination; a paper
        # list (an awesome list's "2024") is both
        bib = sec is not None and getattr(sec, "citation_list", False) and _BIBLIOGRAPHY.match(getattr(sec, "title", "") or "")
        (cite if bib or (sec is not None and sec.citation_list and k in ("七",)) else out).append(k)
    return list(dict.fromkeys(out)), list(dict.fromkeys(cite))


def judge_relevance(it: SItem, statuses: dict[str, str], sections: list[str], *, card: bool,
                    names_section: bool = True) -> tuple[str, str | None]:
    """``(relevance, reason)`` of an item (see the module docstring).  ``names_section``: whether any of
    its statements names a section of the document in any role ("对应 §5.3"); an item with no work and
    no section at all has nothing to place and is low."""
    levels = set(it.evidence_levels) - {"unknown"}
    new = [w for w, s in statuses.items() if s == "new"]
    if card:
        if it.relevance == "low" and it.reason and not sections:
            # the card's own verdict ("metadata only (citation refresh)", "No new content since the previous
            # card version"), even for a work the document does not cite yet
            return "low", it.reason
        if new or (sections and it.relevance == "increment"):
            return "increment", None
        if it.relevance == "low" and it.reason:
            return "low", it.reason
        return "low", "card of a work already in the living document" if statuses else "card with no work and no section"
    if it.relevance == "low" and it.reason and it.reason.endswith(PLACED_HEARSAY) and new and sections:
        return "increment", None  # someone else's word about a new work, placed by the writer: their proposal
    if it.relevance == "low":
        return "low", it.reason.removesuffix(PLACED_HEARSAY) if it.reason else it.reason
    if not statuses and it.title_ref and it.kind == "note":
        # a one-paper note about a work known only by its title, which nothing resolves: a work the
        # document does not hold (the title-only note's paper)
        return "increment", None
    if not statuses and not sections and not names_section:
        # nothing to place: no work and no section of the document (a meeting moved, a driver bump, hiring)
        return "low", "names no work and no section of the living document"
    if it.relevance == "increment":
        return "increment", None
    if new:
        return "increment", None
    return "low", _NOTHING_LACKED


#: The reason of an item of a material whose labels do not fit its content (and that names no section).
MISLABELLED = "labels do not fit the content"

#: The reason of an item judged low only because its works are already in the living document.
_NOTHING_LACKED = "nothing the living document lacks"


def shift_items(snap: Snapshot, manifest: str | None = None,
                disputed: frozenset[tuple[str, int]] = frozenset(),
                mislabelled: frozenset[str] = frozenset()) -> list[ItemRow]:
    """Every item of the materials of ``manifest`` (of every manifest when None), in manifest order
    then file order, judged (see the module docstring).  ``disputed``: ``(path, line)`` of statements a
    finding sets against the living document (``queries.contradictions.at_odds_with_living_docs``); an
    item holding one, checked against the paper (full text or abstract) and made low by nothing else, is an
    increment (the document needs revising).  ``mislabelled``: paths of materials a ``label_mismatch``
    finding concerns (``queries.contradictions.mislabelled``); such a material that names no section has
    every item low, as the ``increments`` query judges the material."""
    out: list[ItemRow] = []
    docs: dict[str, str | None] = {}  # the living document of each manifest
    seen: set[tuple[str, str]] = set()
    for mi in snap.manifest_items_for(manifest):
        if (mi.manifest_id, mi.path) in seen:
            continue
        seen.add((mi.manifest_id, mi.path))
        src = snap.sources.get(mi.path)
        if src is None:
            continue
        doc = snap.path_of(mi.knowledge) or next(iter(snap.living_docs()), None)
        status = work_status(snap, doc)
        card = src.kind in ("paper_card", "repo_card")
        claims_of_item: dict[int | None, list] = {}
        for c in snap.claims_of(mi.path):  # grouped once per file, not scanned once per item
            claims_of_item.setdefault(c.item, []).append(c)
        misfit = mi.path in mislabelled and not any(c.suggested for cs in claims_of_item.values() for c in cs)
        for it in snap.items_of(mi.path):
            mine_claims = claims_of_item.get(it.index, [])
            works, how = item_works(snap, it)
            statuses = {w: status(w) for w in works}
            sections, cite = item_sections(snap, doc, list(it.sections))
            cross, _ = item_sections(snap, doc, list(it.cross_refs))
            named = bool(cross) or any(c.section_refs for c in mine_claims)
            rel, reason = judge_relevance(it, statuses, sections, card=card, names_section=named)
            if rel == "low" and reason == _NOTHING_LACKED and not card and \
                    {"full_text", "abstract_checked"} & set(it.evidence_levels) and any(
                    (mi.path, ln) in disputed for ln in range(it.line, it.line_end + 1)):
                # a statement checked against the paper contradicts the document: a revision (hearsay
                # or an unsupported remark that contradicts it is reported, not an increment)
                rel, reason = "increment", None
            if misfit:
                rel, reason = "low", MISLABELLED
            route = None
            # the one section of the document the item's own words point at ("知识文档 3.2 写的是 3.6") before the section
            # citing its work most: a work discussed in several sections is discussed where the writer says
            named_one = _named_section(snap, doc, mine_claims) if not sections and doc and not card else None
            home = _cited_home(snap, doc, works) if not sections and doc and named_one is None else None
            if named_one is not None:
                route = SectionRoute(item=it.title, key=named_one[0], title=named_one[1], score=1.0, basis="named")
            elif home is not None:
                route = SectionRoute(item=it.title, key=home[0], title=home[1], score=1.0, basis="cited")
            elif not sections and doc:
                r = snap.route(doc, "\n".join([it.title, *(c.text for c in mine_claims)]))
                if r is not None:
                    route = SectionRoute(item=it.title, key=r.key, title=r.title, score=r.score,
                                         runner_up=r.runner_up, runner_up_score=r.runner_up_score)
            out.append(ItemRow(
                manifest_id=mi.manifest_id, source=mi.path, index=it.index, line=it.line, line_end=it.line_end,
                kind=it.kind, title=it.title, works=works, resolved_by=how, statuses=statuses,
                mentions=[m for m in it.mentions if m not in works], relevance=rel, reason=reason,  # type: ignore[arg-type]
                evidence=list(it.evidence_levels), sections=sections,
                cross_references=[c for c in cross if c not in sections], route=route,
            ))
            docs[mi.manifest_id] = doc
    return _placed_by_the_shift(snap, out, docs)


def _placed_by_the_shift(snap: Snapshot, rows: list[ItemRow], docs: dict[str, str | None]) -> list[ItemRow]:
    """``rows`` where an item naming no section, about a work another item of the same shift places ("I'd slot it into
    5.2" in a mail, then a chat line and a card about the same work naming none), is routed there (``basis``
    ``shift``): for a work the document does not discuss yet, the shift's own placement before the closest text."""
    placed: dict[tuple[str, str], dict[str, int]] = {}
    for r in rows:
        for w in r.works:
            for k in r.sections:
                got = placed.setdefault((r.manifest_id, w), {})
                got[k] = got.get(k, 0) + 1
    out = []
    for r in rows:
        votes: dict[str, int] = {}
        # (a work the document already discusses keeps the section citing it: ``_cited_home``)
        for w in ([] if r.sections or (r.route is not None and r.route.basis in ("cited", "named")) else r.works):
            for k, n in placed.get((r.manifest_id, w), {}).items():
                votes[k] = votes.get(k, 0) + n
        doc = docs.get(r.manifest_id)
        if votes and doc:
            key = max(votes, key=lambda k: votes[k])  # (the first placed on a tie)
            sec = _doc_sections(snap, doc)[0].get(key)
            r = r.model_copy(update={"route": SectionRoute(item=r.title, key=key, title=getattr(sec, "title", None), score=1.0,
                                                           basis="shift")})
        out.append(r)
    return out
