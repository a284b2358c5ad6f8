"""Living documents as ``ParsedSource`` fields: sections, citations, entry claims.

``ingest.living_doc.parse_living_doc`` finds the structure (sections, cited
works with title/date/venue, entries); this module adds the claims (one per
entry, with numbers, qualifiers and the section it sits in) and metadata.
"""
from __future__ import annotations

import re
from datetime import tzinfo

from .arxiv import find_arxiv_ids
from .lexicon import Lexicon, load_lexicon
from .living_doc import AUTHOR_YEAR_KEY, LivingDoc, parse_living_doc, reference_authors
from .facts import facts_of, setting_of
from .notes import agent_from, claim_version, parse_time, sentence_pieces, time_from
from .models import ArxivRef
from .claims import make_claim
from .text import FIRST_VARIANT, NAME_END, VARIANT_TAIL, alias_before, camel_names, find_urls, split_front_matter, without_titles
from ingest.lazyre import compile_lazy

__all__ = ["parse_living_source"]

#: ``[5]``, ``[5, 6]``, ``〔14〕``, a footnote ``[^5]`` / ``[^vllm]``: a numbered reference in the body (not a
#: Markdown link's text, not a footnote's definition).
_REF_MARK = compile_lazy(r"(?:[\[〔【［](\d{1,3})[\]〕】］](?!\()|(?<=[\w)\]])\[\^([^\]\s]{1,40})\]|\[\^([^\]\s]{1,40})\](?!:)|\[(" + AUTHOR_YEAR_KEY + r")\](?!\())")
#: (a footnote mark glued to a word is a reference even before a colon, "s1[^6]: SFT on s1K …"; only a line's own "[^6]:"
#: defines one)
_REF_NUMBER = compile_lazy(r"^\s*(?:[-*+]\s+)?(?:[\[〔【［](\d{1,3})[\]〕】］]|(\d{1,3})[.)、]|\[\^([^\]\s]{1,40})\]:|\|\s*\[?(\d{1,3})\]?\s*\||"
                         r"\[(" + AUTHOR_YEAR_KEY + r")\](?!\())\s*")


def _key(written: str) -> str:
    """A citation key as compared: an author-year key with its spacing, comma and "et al." evened out."""
    k = re.sub(r"\s+et\s+al\.?", "", written)
    return re.sub(r"[\s,]+", " ", k).strip().lower() if not k.isdigit() else k



#: A sentence whose subject is a pronoun for the work named before it: "It does not …", "Consequence for us: it …",
#: "They hide …", "The method …", "它不需要 …", "该方法 …".
#: A line opening on a field's label: "Scope: …", "Maintainer: …", "Last edited: …".
_FIELD_LINE = compile_lazy(r"^\s*[A-Z][A-Za-z]{1,15}(?:[ -][A-Za-z]{1,15}){0,2}\s*:\s+\S")

_PRONOUN_OPEN = compile_lazy(r"^\W*(?:[A-Za-z][\w ]{0,30}[:：]\s*)?(?:(?:it|its|they|their)\b|(?:this|the) (?:method|system|design|approach|"
                           r"paper|work|scheme|kernel|technique)\b|它|其|该(?:方法|系统|工作|论文|设计))", re.IGNORECASE)

def _ref_marks(text: str) -> list[tuple[re.Match[str], str]]:
    """The references ``text`` cites by number or footnote (``_REF_MARK``), each with its key, in order."""
    return [(m, m.group(1) or m.group(2) or m.group(3) or _key(m.group(4))) for m in _REF_MARK.finditer(text)]


def _ref_keys(text: str) -> list[str]:
    """The reference numbers and footnote keys ``text`` cites, in order."""
    return [k for _m, k in _ref_marks(text)]


_FIGURE_OR_VERSION = compile_lazy(r"(?<![\w.])v\d{1,2}\b|\d(?:\.\d+)?\s*(?:×|x(?![A-Za-z])|倍|%)")
#: What follows a name that is hardware, not a paper: "TPU v4 chips", "a TPU v4 pod", "Trainium2 instances".
_AS_HARDWARE = compile_lazy(r"\s+(?:chips?|pods?|hosts?|slices?|nodes?|cards?|GPUs?|devices?|clusters?|instances?|boards?)\b", re.IGNORECASE)
_ANAPHOR = compile_lazy(r"^\s*(?:it|its|this|these|they|their|the method|the approach|the paper|the system|the design|"
                      r"the (?:recipe|scheme|technique|algorithm|kernel|policy|trick|authors|work)|"
                      r"该|它|其|这|此|上述|同时)\b", re.IGNORECASE)


#: An entry whose main clause, after a short lead-in, has an anaphor for its subject ("The catch, per §4
#: of the paper: it requires patching …", "换句话说，它 …").
_LATE_ANAPHOR = compile_lazy(r"^[^.。;；]{0,60}?[:：,，]\s*(?:it|its|they|their|this method|the method|它|其|该方法|这个方法)(?![\w-])",
                           re.IGNORECASE)


#: A list entry opening with a setting as its label ("Llama-3-8B, W4A16 g128: …") and ending with a bracketed reference.
_SETTING_LABEL = compile_lazy(r"^\s*(?P<label>[^:：.;。；\[\]()]{2,60}?)\s*[:：]\s*\S")
_REF_AT_END = compile_lazy(r"[\[〔【［][^\]〕】］]{1,40}[\]〕】］]\s*[.。]?\s*$")


#: What joins two names that a statement speaks of together: "与", "和", "及", "、", "/", "and", "&", a comma.
_JOINED = compile_lazy(r"\s*(?:与|和|及|跟|、|/|,|，|and|&)\s*", re.IGNORECASE)


#: A model's size after its name: "-32B", "-7b", "-1.5B".
_SIZE_TAIL = r"-\d{1,3}(?:\.\d)?[bm]"
_MODEL_SIZE = compile_lazy(_SIZE_TAIL + "$", re.IGNORECASE)
#: A name of a letter and a digit ("s1", "L1"): a model's name too.
_LETTER_DIGIT = compile_lazy(r"[A-Za-z]\d")


def _named(names: dict[str, str], written: str) -> str:
    """The work of a name as written: the name's, else that of the name without its first version or precision
    ("Medusa-1" is Medusa's, "KIVI-2bit" KIVI's; ``ingest.text.VARIANT_TAIL``)."""
    low = written.lower()
    return names.get(low) or names.get(VARIANT_TAIL.sub("", low)) or names[_MODEL_SIZE.sub("", low)]


def _sourced_setting(text: str) -> bool:
    """Whether a list entry states a measurement under a setting written as its label, citing its source at its end
    ("Llama-3-8B, W4A16 g128: average zero-shot accuracy drops by 1.1 points against BF16 [Huang2024].")."""
    m = _SETTING_LABEL.match(text)
    return bool(m and _REF_AT_END.search(text) and setting_of(m.group("label"))) and bool(_FIGURE_OR_VERSION.search(text)
                                                                                         or re.search(r"\d\s*(?:points?|pts?)", text))


def _continues(text: str, before: str) -> bool:
    """Whether an entry continues the one before it: it opens with an anaphor ("It …", "This …", "该方法 …"),
    has one for the subject after a short lead-in ("The catch, per §4 of the paper: it requires …"),
    or opens with "The X" where X is a word of the entry before ("The bias is nudged …" after "… adds a bias")."""
    if _ANAPHOR.match(text) or _LATE_ANAPHOR.match(text):
        return True
    m = re.match(r"^\s*the\s+([a-z][\w-]{2,})", text, re.IGNORECASE)
    if m and re.search(rf"\b{re.escape(m.group(1))}\b", before, re.IGNORECASE):
        return True
    # "Jump-forward is lossless: …" right under "**Jump-forward decoding (SGLang).** SGLang [3] compresses …": the entry
    # opens with the word the one before is labelled by
    label = re.match(r"^\s*(?:[-*+]\s+)?\*\*([^*]{3,60})\*\*", before)
    lead = re.match(r"^\s*([A-Za-z][\w-]{3,})", text)
    return bool(label and lead and re.match(rf"\s*{re.escape(lead.group(1))}\b", label.group(1), re.IGNORECASE))


def _local_names(doc: LivingDoc, citation_keys: set[str], numbered: dict[str, str]) -> dict[str, str]:
    """The names a living document gives its works, lower-cased: a short name written before an
    identifier or a numbered reference (``StreamingLLM [17]``), the short name of a title
    (``SmoothQuant: …``), its first word when distinctive (``Auxiliary-Loss-Free …``), and the
    authors of a reference entry (``Eliseev & Mazur``, ``Wang et al.``).  A name of two works is dropped."""
    seen: dict[str, set[str]] = {}

    def add(name: str | None, aid: str) -> None:
        if name and (3 <= len(name) <= 60 or _LETTER_DIGIT.fullmatch(name)):
            seen.setdefault(name.lower(), set()).add(aid)

    for c in doc.citations:
        add(c.alias, c.arxiv_id)
        if c.title:
            short = re.match(r"^\s*([^:：]{2,40}?)\s*[:：]\s*\S", c.title)
            if short:
                add(short.group(1), c.arxiv_id)
            head = c.title.split()[0] if c.title.split() else ""
            if head.count("-") >= 2 or re.search(r"[a-z][A-Z]", head):
                add(head.strip(",:"), c.arxiv_id)
            # a system's name written as one camel-cased word anywhere in its title ("… Multi-turn Conversations with
            # CachedAttention", "RelayAttention for Efficient …")
            for w in camel_names(c.title):
                add(w, c.arxiv_id)
    for e in doc.entries:
        if e.section in citation_keys:
            ids = find_arxiv_ids(e.text)
            authors = reference_authors(e.text)
            if ids and authors:
                add(f"{authors[0]} et al", ids[0].arxiv_id)
                if len(authors) == 2:
                    add(f"{authors[0]} & {authors[1]}", ids[0].arxiv_id)
                    add(f"{authors[0]} and {authors[1]}", ids[0].arxiv_id)
        else:
            for m, key in _ref_marks(e.text):
                if key in numbered:
                    before = re.search(r"([A-Za-z][\w.+-]*(?:[ -][A-Z0-9][\w.+-]*)?)\s*$", e.text[:m.start()])
                    # (a name has a capital or a digit in its first word: "against BF16 [Huang2024]" names no work)
                    if before and before.group(1).lower() not in ("and", "or", "see", "in", "of") \
                            and re.search(r"[A-Z0-9]", before.group(1).split()[0].split("-")[0]):
                        add(before.group(1), numbered[key])
    return {n: next(iter(a)) for n, a in seen.items() if len(a) == 1}


def _body_references(doc: LivingDoc, citation_keys: set[str], numbered: dict[str, str]) -> tuple[ArxivRef, ...]:
    """The body's references by number or footnote (``FastServe [^5]``, ``StreamingLLM [17]``) as mentions of
    the works the citation list gives those numbers, each with the short name written before it
    (``alias``, as ``ingest.text.alias_before`` reads one): what the document says about a work, and the
    name a note will call it by, where the body writes no identifier."""
    out: list[ArxivRef] = []
    for e in doc.entries:
        if e.section in citation_keys:
            continue
        for k, text in enumerate(e.text.split("\n")):
            for m, key in _ref_marks(text):
                if key not in numbered:
                    continue
                alias = alias_before(text, m.start() + 1)
                if alias is None and (kind := _NAME_AND_KIND.search(text[max(0, m.start() - 40):m.start()])):
                    alias = kind.group(1)  # "Lookahead 解码 [3]", "Quest attention [7]": a name and what kind of method it is
                out.append(ArxivRef(arxiv_id=numbered[key], raw=m.group(0), line=e.line + k, section=e.section, alias=alias))
    return tuple(out)


#: A method's name followed by the kind of method it is, in Chinese, right before a reference: "Lookahead 解码 [3]", "Quest 注意力
#: [7]" (a capitalised word alone before a reference may be an author's name, "Chen [2]"; "Speculative decoding [1]" names a
#: family of methods, not a work).
_NAME_AND_KIND = compile_lazy(r"(?:^|[\s(（:：,，、])(?!(?:Speculative|Sparse|Parallel|Greedy|Standard|Vanilla|Naive|Dynamic|Static|"
                            r"Flash|Paged|Tree|Beam|Linear|Dense|Full|Causal|Chunked|Continuous)\b)([A-Z][A-Za-z][\w+.-]{1,30})\s*"
                            r"(?:解码|注意力|方法|算法|框架|系统|引擎|调度)\s*$")


def _reference_numbers(doc: LivingDoc, citation_keys: set[str]) -> dict[str, str]:
    """``{"5": arXiv key}``: the numbers of a numbered citation list (``1. **Title** (arXiv:ID)``,
    ``[5] A. Author, …, arXiv:ID``, a table's ``| 5 | Title | ID |``), for body sentences that cite by number ("SnapKV [5]")."""
    out: dict[str, str] = {}
    for e in doc.entries:
        if e.section not in citation_keys:
            continue
        # one record per line: a list written without blank lines is one paragraph of records
        lines = e.text.split("\n")
        for k, line in enumerate(lines):
            m = _REF_NUMBER.match(line)
            ids = find_arxiv_ids(line)
            if m and not ids and m.group(5):  # "[Zhong 2024] DistServe: … Large Language\n  Model Serving. https://…": wrapped
                for later in lines[k + 1:k + 4]:
                    if _REF_NUMBER.match(later):
                        break
                    ids = find_arxiv_ids(later)
                    if ids:
                        break
            if m and ids:  # (4: a table's "| 9 |"; 5: an author-year key, "[Wu 2023] …")
                out.setdefault(m.group(1) or m.group(2) or m.group(3) or m.group(4) or _key(m.group(5)), ids[0].arxiv_id)
    return out

#: The date a living document says it was last changed: "末次更新 2026-10-25", "最后修改 2027-07-26", "最近修订 2027-07-19",
#: "last updated: …", "last touched 2027-07-28", "revised 2027-07-18", "(rev. 2027-07-25)", "Last edit 2027-07-21 by …",
#: "last reviewed 2027-07-11", "更新时间：2027/7/11"; ``date`` is the day as written, group 1 the day with its time if any.
#: The brief's header reads the same label (``queries.brief_parts.doc_facts``).
UPDATED_LABEL = compile_lazy(r"(?:末次更新|最后更新|最后修改|最近修订|最近更新|修订于|更新(?:于|时间|日期)|last[ -](?:updated|touched|edited|edit|reviewed|"
                           r"revised|modified)|updated|revised|rev\.)\s*(?:on\s+)?[:：]?\s*"
                           r"((?P<date>\d{4}-\d{2}-\d{2}|\d{4}[/.]\d{1,2}[/.]\d{1,2})(?:[ T]\d{1,2}:\d{2})?)", re.I)


def _compared(compare: re.Pattern[str], text: str, hit: re.Match[str]) -> bool:
    """Whether the name ``hit`` found in ``text`` is written right after a comparison's cue ("over FA2", "than Medusa",
    "相比 EAGLE"): a work compared with, not the one spoken of; or names hardware a figure ran on ("on 64 TPU v4 chips",
    "a TPU v4 pod"), not the paper of that name."""
    before = text[max(0, hit.start() - 40):hit.end()]
    if _AS_HARDWARE.match(text, hit.end()) or re.search(r"\d\s*(?:[x×]\s*)?$", text[max(0, hit.start() - 8):hit.start()]):
        return True
    return bool(re.search(compare.pattern + r"\s*(?:the\s+|a\s+)?" + re.escape(hit.group(0)) + "$",
                          text[max(0, hit.start() - 16):hit.end()], re.IGNORECASE)
                # ("1.8× over vanilla Ring Attention", "than the plain FA2 kernel": a word or two describing the baseline)
                or re.search(r"\b(?:over|than|vs\.?|versus|against|relative to|compared (?:to|with))\s+(?:[a-z][\w-]*\s+){1,2}"
                             + re.escape(hit.group(0)) + "$", before, re.IGNORECASE))


def parse_living_source(text: str, path: str, *, tz: tzinfo, lexicon: Lexicon | None = None) -> tuple[dict, list[str]]:
    """Parse a living document into ``ParsedSource`` keyword fields.

    Returns ``(fields, warnings)``; ``fields`` has ``title, agent, created,
    lang, front_matter, sections, arxiv, claims, urls``.  Entries in the
    citation list get role ``citation``; the others ``statement``.
    """
    lex = lexicon or load_lexicon()
    front, _first, problem = split_front_matter(text)
    warnings = [f"{path}:1: {problem}" + ("" if front else "; front matter ignored")] if problem else []
    doc = parse_living_doc(text)
    citation_keys = {s.key for s in doc.sections if s.is_citation_list}
    numbered = _reference_numbers(doc, citation_keys)
    names = _local_names(doc, citation_keys, numbered)
    # (a name's first version is the name: "Medusa-1" is Medusa; "EAGLE-2" may be another paper)
    # (a name of a letter and a digit is a model's too, and so is the name with its size: "s1-32B" is s1's; "Llama-2-7B" is a
    # setting of most statements, never read as the work)
    every = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    short = "|".join(re.escape(n) for n in names if _LETTER_DIGIT.fullmatch(n))
    sized = rf"|(?:{short}){_SIZE_TAIL}{NAME_END}" if short else ""
    name_pat = re.compile(rf"(?<![\w-])(?:(?:{every}){FIRST_VARIANT}{NAME_END}{sized})", re.IGNORECASE) if names else None
    compare = re.compile("(?:" + "|".join(lex.raw.get("structure", {}).get("comparison_cues", []) or [r"(?!x)x"]) + ")",
                         re.IGNORECASE)
    claims = []
    parents: list[tuple[int, tuple[str, ...]]] = []  # (indent, subjects) of the open list entries
    prev: tuple[str | None, str, tuple[str, ...]] = (None, "", ())  # (section, text, subjects) of the entry before
    lead: tuple[str | None, tuple[str, ...]] = (None, ())  # (section, work) of the paragraph a list sits under
    # the document's header: what stands before its first section, or under its title alone (the title's own level 1)
    header_keys = {None} | {sec.key for sec in doc.sections[:1] if sec.level == 1}
    for e in doc.entries:
        role = "citation" if e.section in citation_keys else "statement"
        body = re.sub(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", "", e.text)
        indent = len(e.text) - len(e.text.lstrip(" \t"))
        while parents and parents[-1][0] >= indent:
            parents.pop()
        own = tuple(dict.fromkeys([m.arxiv_id for m in find_arxiv_ids(body)] +
                                  [numbered[n] for n in _ref_keys(body) if n in numbered]))
        # a nested bullet ("  - Mechanism: …") is about the work of the entry it sits under
        subjects = own or (parents[-1][1] if parents and indent > parents[-1][0] else ())
        by_name = False
        if not subjects and name_pat is not None and role == "statement":
            # a name the document gives a work ("Eliseev & Mazur", "StreamingLLM"), not one it compares with: "- FP16/BF16:
            # 1.5–2.0× over FA2 on H100" under "FA3 [4] targets Hopper." is FA3's, FA2 its baseline
            hit = next((h for h in name_pat.finditer(body) if not _compared(compare, body, h)), None)
            if hit:
                subjects, by_name = (_named(names, hit.group(0)),), True
                # "Medusa 与 EAGLE（一代）都用静态树", "Medusa and EAGLE both …": names joined at the opening speak of both
                for nxt in name_pat.finditer(body, hit.end()):
                    if not _JOINED.fullmatch(re.sub(r"[(（][^()（）]{0,12}[)）]", "", body[hit.end():nxt.start()])):
                        break
                    subjects, hit = tuple(dict.fromkeys([*subjects, _named(names, nxt.group(0))])), nxt
        is_bullet = bool(re.match(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", e.text))
        if not subjects and role == "statement" and is_bullet and lead[0] == e.section and lead[1]:
            # the bullets under a paragraph that introduced one work ("SARATHI (arXiv:…) splits a prompt
            # into chunks …" then "- Chunked prefill does not need any changes to the model") are its points
            subjects = lead[1]
        if role == "statement" and own and is_bullet and prev[0] == e.section and prev[2] and not set(own) & set(prev[2]) \
                and _sourced_setting(body) and (name_pat is None or not name_pat.search(body)):
            # "- Llama-3-8B, W4A16 g128: accuracy drops by 1.1 points against BF16 [Huang2024]." under "- AWQ …": a
            # measurement of the entry before's work under a setting, the reference at its end its source (both kept)
            subjects = sourced = tuple(dict.fromkeys([*prev[2], *own]))
        else:
            sourced = ()
        if not subjects and role == "statement" and prev[0] == e.section and prev[2] and (
                _continues(body, prev[1]) or _FIGURE_OR_VERSION.search(body)):
            # "The bias is nudged …" right after the entry that introduced it; "据 v1 表 3：… 2.6 倍"
            # (a figure or a version that names no work) goes on about the work of the entry before
            subjects = prev[2]
        if role == "citation":
            c = make_claim(body, e.line, e.line_end, role=role, section=e.section, subjects=subjects, lexicon=lex)
            # what an entry of a paper list says beside the record ("· plug-and-play, 2.6× less
            # memory") is a statement; its title ("KIVI: A Tuning-Free …") asserts nothing
            rest = without_titles(body, [r.title for r in doc.citations if e.line <= r.line <= e.line_end and r.title])
            f = facts_of(rest, lex)
            claims.append(c.model_copy(update={"version": claim_version(body, c.arxiv), "quantities": f.figures,
                                               "qualifiers": f.qualifiers, "predicates": f.predicates}))
        else:
            # a paragraph's statement is one sentence: "… TriForce [Sun24] … up to 2.31×." followed by
            # "ZipDraft [Zhou26] (v1) reports …" holds two, each about the work it names.  A list item
            # or table row is one entry as written (its links to one work are one citation entry)
            ids = [m.arxiv_id for m in find_arxiv_ids(body)]
            # ("**Prefix sharing.** All N samples …": a paragraph led by a bold label is a paragraph, no "*" entry)
            whole = bool(re.match(r"^\s*(?:[-*+•](?=\s)|\||\d{1,3}[.)、])", e.text)) or len(ids) != len(set(ids))
            src = e.text.split("\n")
            pieces = [] if whole else sentence_pieces(tuple((e.line + k, t) for k, t in enumerate(src)))
            last = subjects  # a sentence naming no work goes on about the one the sentence before named
            if by_name and pieces and not name_pat.search(pieces[0][0]):  # type: ignore[union-attr]
                last = ()  # (a name a later sentence gives is not the first's: "Medusa-1 … 15%。EAGLE 系草稿头 …")
            for n, (piece, la, lb) in enumerate(pieces or [(body, e.line, e.line_end)]):
                mine = tuple(dict.fromkeys([m.arxiv_id for m in find_arxiv_ids(piece)] +
                                           [numbered[x] for x in _ref_keys(piece) if x in numbered]))
                if not mine and n and name_pat is not None and not (last and _PRONOUN_OPEN.match(piece)):
                    # ("It does not need a custom kernel: stock FlashAttention-2 kernels run on it" goes on about the
                    # work the sentence before named, whatever it names later)
                    # the first name it gives that is not a comparison's ("1.5-2.0x over FlashAttention-2")
                    hit = next((h for h in name_pat.finditer(piece) if not _compared(compare, piece, h)), None)
                    mine = (_named(names, hit.group(0)),) if hit else ()
                if sourced and len(pieces) <= 1:
                    mine = sourced
                if not mine and n and e.section in header_keys and _FIELD_LINE.match(piece) and not _PRONOUN_OPEN.match(piece) and 0 <= la - e.line < len(src) \
                        and src[la - e.line].lstrip(" -*>").startswith(piece.strip()[:12]):
                    last = ()  # "Updated: … the ResKV numbers are …" over "Scope: post-training quantization …": a field of the
                    # document's header, on its own line, says what its label says, of no work the line above named
                c = make_claim(piece, la, lb, role=role, section=e.section, subjects=mine or last, lexicon=lex,
                               lines=tuple(src[la - e.line:lb - e.line + 1]) if 0 <= la - e.line <= lb - e.line < len(src) else ())
                claims.append(c.model_copy(update={"version": claim_version(piece, c.arxiv)}))
                last = mine or last
        if re.match(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", e.text):
            parents.append((indent, subjects))
        prev = (e.section, body, subjects)
        if not is_bullet:
            # a paragraph naming exactly one work leads the list right under it
            lead = (e.section, subjects if len(subjects) == 1 and not e.text.lstrip().startswith(("|", "```", "~~~")) else ())
    lines = text.split("\n")
    created = time_from(path, front, [], tz)
    if created is None:
        for ln in lines[:30]:
            m = UPDATED_LABEL.search(ln)
            if m and "-" in m.group("date"):  # (an ISO day is a time; "2027/7/11" only a header's date)
                created = parse_time(m.group(1), tz)
                break
    urls = []
    for n, ln in enumerate(lines, 1):
        for u, _, _ in find_urls(ln):
            urls.append((u, n))
    cjk = sum(1 for ch in text[:4000] if "\u4e00" <= ch <= "\u9fff")
    fields = dict(
        title=doc.title,
        agent=agent_from(path, front, lines),
        created=created,
        lang="zh" if cjk > 20 else "en",
        front_matter={k: (", ".join(v) if isinstance(v, list) else str(v)) for k, v in front.items()},
        sections=tuple(doc.sections),
        arxiv=tuple(doc.citations) + _body_references(doc, citation_keys, numbered),
        claims=tuple(claims),
        urls=tuple(dict.fromkeys(urls)),
    )
    return fields, warnings
