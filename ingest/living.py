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
from .living_doc import LivingDoc, parse_living_doc
from .notes import agent_from, claim_version, parse_time, time_from
from .text import find_urls, make_claim, split_front_matter

__all__ = ["parse_living_source"]

#: ``[5]``, ``[5, 6]``: a numbered reference in the body (not a Markdown link's text).
_REF_MARK = re.compile(r"\[(\d{1,3})\](?!\()")
_REF_NUMBER = re.compile(r"^\s*(?:\[(\d{1,3})\]|(\d{1,3})[.)、])\s*")


def _reference_numbers(doc: LivingDoc, citation_keys: set[str]) -> dict[str, str]:
    """``{"5": arXiv key}``: the numbers of a numbered citation list (``1. **Title** (arXiv:ID)``,
    ``[5] A. Author, …, arXiv:ID``), for body sentences that cite by number ("SnapKV [5]")."""
    out: dict[str, str] = {}
    for e in doc.entries:
        if e.section not in citation_keys:
            continue
        m = _REF_NUMBER.match(e.text)
        ids = find_arxiv_ids(e.text)
        if m and ids:
            out.setdefault(m.group(1) or m.group(2), ids[0].arxiv_id)
    return out

_UPDATED = re.compile(r"(?:末次更新|最后更新|更新于|last updated|updated)\s*[:：]?\s*(\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2})?)", re.I)


def parse_living_source(text: str, path: str, *, tz: tzinfo, lexicon: Lexicon | None = None) -> tuple[dict, list[str]]:
    """Parse a living document into ``ParsedSource`` keyword fields.

    Returns ``(fields, warnings)``; ``fields`` has ``title, agent, created,
    lang, front_matter, sections, arxiv, claims, urls``.  Entries in the
    citation list get role ``citation``; the others ``statement``.
    """
    lex = lexicon or load_lexicon()
    front, _first, problem = split_front_matter(text)
    warnings = [f"{path}:1: {problem}; front matter ignored"] if problem else []
    doc = parse_living_doc(text)
    citation_keys = {s.key for s in doc.sections if s.is_citation_list}
    numbered = _reference_numbers(doc, citation_keys)
    claims = []
    parents: list[tuple[int, tuple[str, ...]]] = []  # (indent, subjects) of the open list entries
    for e in doc.entries:
        role = "citation" if e.section in citation_keys else "statement"
        body = re.sub(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", "", e.text)
        indent = len(e.text) - len(e.text.lstrip(" \t"))
        while parents and parents[-1][0] >= indent:
            parents.pop()
        own = tuple(dict.fromkeys([m.arxiv_id for m in find_arxiv_ids(body)] +
                                  [numbered[n] for n in _REF_MARK.findall(body) if n in numbered]))
        # a nested bullet ("  - Mechanism: …") is about the work of the entry it sits under
        subjects = own or (parents[-1][1] if parents and indent > parents[-1][0] else ())
        c = make_claim(body, e.line, e.line_end, role=role, section=e.section, subjects=subjects, lexicon=lex)
        claims.append(c.model_copy(update={"version": claim_version(body, c.arxiv)}))
        if re.match(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", e.text):
            parents.append((indent, subjects))
    lines = text.split("\n")
    created = time_from(path, front, [], tz)
    if created is None:
        for ln in lines[:30]:
            m = _UPDATED.search(ln)
            if m:
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
        arxiv=tuple(doc.citations),
        claims=tuple(claims),
        urls=tuple(dict.fromkeys(urls)),
    )
    return fields, warnings
