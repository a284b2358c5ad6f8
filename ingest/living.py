"""Living documents as ``ParsedSource`` fields: sections, citations, entry claims.

``ingest.living_doc.parse_living_doc`` finds the structure (sections, cited
works with title/date/venue, entries); this module adds the claims (one per
entry, with numbers, qualifiers and the section it sits in) and metadata.
"""
from __future__ import annotations

import re
from datetime import tzinfo

from .lexicon import Lexicon, load_lexicon
from .living_doc import parse_living_doc
from .notes import agent_from, parse_time, time_from
from .text import find_urls, make_claim, split_front_matter

__all__ = ["parse_living_source"]

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
    claims = []
    for e in doc.entries:
        role = "citation" if e.section in citation_keys else "statement"
        body = re.sub(r"^\s*(?:[-*+•]|\d{1,3}[.)、])\s+", "", e.text)
        claims.append(make_claim(body, e.line, e.line_end, role=role, section=e.section, lexicon=lex))
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
