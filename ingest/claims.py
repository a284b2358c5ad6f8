"""A statement as a ``Claim``: its arXiv mentions, figures, qualifiers, predicates, section references and
evidence, read from one sentence or list item (``make_claim``).

Its own room because it joins the line-level readers (:mod:`ingest.text`) with the facts read from a statement
(:mod:`ingest.facts`, which uses ``ingest.text``'s sentence splitter) and placement (:mod:`ingest.placement`): the
modules it imports import nothing back.
"""
from __future__ import annotations

import re

from .arxiv import find_arxiv_ids
from .evidence import evidence_reader
from .facts import find_figures, predicates, qualifier_sides
from .lexicon import Lexicon, load_lexicon
from .models import EVIDENCE_RANK, ArxivRef, Claim
from .placement import placement_field
from .text import find_section_refs, find_suggested_sections, strip_markup

__all__ = ["line_starts", "make_claim"]


#: A bracketed tag at a statement's end: "[abstract]", "（摘要）", "[card only]".
_TRAILING_TAG = re.compile(r"[\[(（【]\s*([^\[\]()（）【】\n]{2,24}?)\s*[\])）】]\s*[.。]?\s*$")


def make_claim(
    text: str,
    line: int,
    line_end: int,
    *,
    role: str = "statement",
    section: str | None = None,
    item: int | None = None,
    evidence: str = "unknown",
    subjects: tuple[str, ...] = (),
    lexicon: Lexicon | None = None,
    lines: tuple[str, ...] = (),
) -> Claim:
    """Build a ``Claim`` from one sentence or list item.

    Extracts arXiv mentions (with line), figures with their conditions, qualifier sides
    (``aspect:side``) and predicates (:mod:`ingest.facts`), section references, suggested
    sections, negation and the "not verified" marker.  ``evidence`` is the inherited level; a marker in
    the text itself that is weaker (e.g. 未验证, 转述) overrides it.
    ``subjects`` are inherited arXiv keys, extended with those mentioned.  ``lines``: the source lines ``line`` to
    ``line_end`` the text was joined from, for ``Claim.line_starts`` (:func:`line_starts`).
    """
    lex = lexicon or load_lexicon()
    clean = strip_markup(text)
    refs = tuple(
        ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=line, section=section)
        for m in find_arxiv_ids(text)
    )
    own = lex.evidence_of(clean)
    if own is None and (tag := _TRAILING_TAG.search(clean)):
        # a tag closing a statement, "… 2.3–3.6x. [abstract]", "…（摘要）": the level its value names (a marker alone
        # reads "[full text]"; a bare "abstract" needs the brackets)
        own = evidence_reader(lex).value_level(tag.group(1))
    if own is not None and (evidence == "unknown" or EVIDENCE_RANK[own] > EVIDENCE_RANK[evidence]):
        evidence = own
    said = not placement_field(clean)  # "where: §5.1 已经有了，不用改": the document needs no change, not the work
    quals = qualifier_sides(clean, lex) if said else ()
    subj = dict.fromkeys(subjects)
    for r in refs:
        subj.setdefault(r.arxiv_id, None)
    return Claim(
        text=clean,
        line=line,
        line_end=line_end,
        role=role,  # type: ignore[arg-type]
        section=section,
        item=item,
        evidence=evidence,  # type: ignore[arg-type]
        arxiv=refs,
        quantities=find_figures(clean, lex),
        predicates=predicates(clean, lex) if said else (),
        section_refs=find_section_refs(clean, lex),
        suggested_sections=find_suggested_sections(clean, lex),
        subjects=tuple(subj),
        qualifiers=tuple(quals),
        negated=bool(lex.negation.search(clean)),
        unverified=bool(lex.unverified.search(clean)),
        line_starts=line_starts(clean, lines) if len(lines) >= 2 and line_end > line else (),
    )


def line_starts(text: str, lines: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """The offset in ``text`` (a statement joined from ``lines``, its markup stripped) at which each line after the first
    begins, found by the line's first words in order; ``()`` when one of them is not found (the text was rewritten)."""
    out: list[int] = []
    pos = 0
    for ln in lines[1:]:
        head = strip_markup(ln).strip().lstrip("-*+•>| ").strip()[:16]
        if not head:
            out.append(out[-1] if out else pos)
            continue
        at = text.find(head, pos)
        if at < 0:
            return ()
        out.append(at)
        pos = at + 1
    return tuple(out)
