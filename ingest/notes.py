"""Notes and cards: Markdown with optional YAML front matter -> claims and items.

``parse_note(text, path, kind)`` is pure; ``ingest.sources.read_source`` opens
the file.  Layout conventions (documented in ``docs/FORMAT.md``):

* optional front matter (``author``, ``created``, ``evidence``, ``title``,
  ``arxiv``, ``aliases``, ``tags``, ``kind``) read as strings;
* ``# Title``; each ``## `` heading is one *item* (a topic); ``### ``
  sub-headings name the role of what follows (值得警惕/Caveats ->
  ``caveat``, 与活文档的关系/Relation -> ``relation``);
* ``证据等级：…`` / ``Evidence: …`` lines set the evidence level of the item
  (or of the note before the first item);
* ``判断：低相关`` or a low-relevance word in the item heading marks the item low.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone, tzinfo
from pathlib import PurePosixPath

from .arxiv import arxiv_from_filename, find_arxiv_ids
from .lexicon import Lexicon, load_lexicon
from .models import EVIDENCE_LEVELS, ArxivRef, Claim, Item
from .text import (
    find_suggested_sections,
    find_urls,
    find_wikilinks,
    iter_blocks,
    make_claim,
    split_front_matter,
    split_sentences,
    strip_markup,
)

__all__ = ["NoteParts", "parse_note", "agent_from", "time_from", "parse_time"]

_BYLINE = re.compile(r"^(?:\*\*)?(?:作者|author|by)(?:\*\*)?\s*[:：]?\s*(?:\*\*)?\s*([^\s·|,，/（(]+)", re.IGNORECASE)
_FILE_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})(?:[T-](\d{2}):?(\d{2}))?")
_TEXT_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?")
_TIME_LABEL = re.compile(r"^(?:时间|date|time)\s*[:：]", re.I)
_LIST_SEP = re.compile(r"[,，]")
_VERDICT_LINE = re.compile(r"^(?:[-*]\s*)?(?:判断|verdict|relevance)\s*[:：]", re.I)
#: Workspace paths written in a note (``inbox/…/x.md``): links to other sources.
_PATH_RE = re.compile(r"(?<![\w/.])((?:inbox|organized|work-guard)/[\w\-./\u4e00-\u9fff]+?\.(?:md|json|txt))")
_CJK = re.compile("[\u4e00-\u9fff]")


class NoteParts(dict):
    """The fields ``parse_note`` extracted, keyed like ``ParsedSource`` fields."""


def parse_time(value: str, default_tz: tzinfo = timezone.utc) -> datetime | None:
    """Parse an ISO-8601 date or date-time; naive values get ``default_tz``.

    Returns a timezone-aware ``datetime`` or ``None`` when ``value`` is not a date.
    """
    v = value.strip().replace("/", "-")
    try:
        dt = datetime.fromisoformat(v)
    except ValueError:
        m = _TEXT_TIME.search(v)
        if not m:
            return None
        try:
            dt = datetime.fromisoformat(m.group(1) + (f"T{int(m.group(2)):02d}:{m.group(3)}" if m.group(2) else ""))
        except ValueError:
            return None
    return dt if dt.tzinfo else dt.replace(tzinfo=default_tz)


def agent_from(path: str, front: dict[str, object], lines: list[str]) -> str | None:
    """The author: front matter ``author``/``agent``, else ``inbox/<name>/``, else a byline.

    Returns a lower-case name (``"jay"``) or ``None``.
    """
    for key in ("author", "agent", "by"):
        v = front.get(key)
        if isinstance(v, list):
            v = v[0] if v else None
        if v:
            return str(v).strip().lower()
    parts = PurePosixPath(path).parts
    if "inbox" in parts:
        i = parts.index("inbox")
        if i + 2 < len(parts) + 1 and i + 1 < len(parts) - 1:
            return parts[i + 1].lower()
    for ln in lines[:15]:
        m = _BYLINE.match(ln.strip())
        if m:
            return m.group(1).strip("*").lower()
    return None


def time_from(path: str, front: dict[str, object], lines: list[str], tz: tzinfo) -> datetime | None:
    """The time the source was written: front matter ``created``/``date``, else the byline, else the file name."""
    for key in ("created", "date", "time"):
        v = front.get(key)
        if isinstance(v, str):
            t = parse_time(v, tz)
            if t:
                return t
    for ln in lines[:15]:
        if _BYLINE.match(ln.strip()) or _TIME_LABEL.match(ln.strip()):
            m = _TEXT_TIME.search(ln)
            if m:
                t = parse_time(m.group(0), tz)
                if t:
                    return t
    m = _FILE_TIME.search(PurePosixPath(path).name)
    if m:
        s = m.group(1) + (f"T{m.group(2)}:{m.group(3)}" if m.group(2) else "")
        return parse_time(s, tz)
    return None


def _front_line(lines: list[str], body_first: int, key: str) -> int:
    """1-based line of ``key:`` in the front matter (lines before ``body_first``), else 1."""
    for n, ln in enumerate(lines[: body_first - 1], 1):
        if ln.split(":", 1)[0].strip().lower() == key:
            return n
    return 1


def _as_list(v: object) -> list[str]:
    if v is None:
        return []
    if isinstance(v, list):
        return [str(x).strip() for x in v if str(x).strip()]
    s = str(v).strip().strip("[]")
    return [p.strip().strip("'\"") for p in _LIST_SEP.split(s) if p.strip()]


def parse_note(
    text: str,
    path: str,
    kind: str = "note",
    *,
    tz: tzinfo = timezone.utc,
    lexicon: Lexicon | None = None,
) -> tuple[NoteParts, list[str]]:
    """Parse a note, paper card, repo card or queue file.

    Parameters
    ----------
    text : str
        The decoded file.
    path : str
        Workspace-relative POSIX path (used for the agent, time and card ID).
    kind : str
        ``note``, ``paper_card``, ``repo_card`` or ``queue``.
    tz : tzinfo
        Zone for times written without one.

    Returns
    -------
    (NoteParts, warnings)
        ``NoteParts`` holds ``title, agent, created, evidence, front_matter,
        tags, aliases, links, urls, arxiv, claims, items, lang``; ``warnings``
        are one-line problems that did not stop the parse (bad front matter).
    """
    lex = lexicon or load_lexicon()
    warnings: list[str] = []
    front, body_first, problem = split_front_matter(text)
    if problem:
        warnings.append(f"{path}:{1}: {problem}; front matter ignored")
    lines = text.split("\n")
    body = lines[body_first - 1 :]
    blocks = iter_blocks(body, body_first)

    title = front.get("title") if isinstance(front.get("title"), str) else None
    for b in blocks:
        if b.kind == "heading" and b.level == 1:
            title = title or strip_markup(b.text)
            break
    default_ev = {"paper_card": "card_only", "repo_card": "card_only"}.get(kind, "unknown")
    fm_ev = str(front.get("evidence", "")).strip().lower() if isinstance(front.get("evidence"), str) else ""
    if fm_ev in EVIDENCE_LEVELS:
        note_ev = fm_ev
    elif fm_ev:
        note_ev = lex.evidence_of(fm_ev) or default_ev
        if lex.evidence_of(fm_ev) is None:
            warnings.append(f"{path}:{_front_line(lines, body_first, 'evidence')}: front matter evidence {fm_ev!r} is "
                            f"not an evidence level ({', '.join(EVIDENCE_LEVELS)}); the note's is {default_ev!r}")
    else:
        note_ev = default_ev
    for key in ("created", "date", "time"):
        v = front.get(key)
        if isinstance(v, str) and v.strip() and parse_time(v, tz) is None:
            warnings.append(f"{path}:{_front_line(lines, body_first, key)}: front matter {key} {v.strip()!r} is not "
                            "a date or time (ISO 8601, e.g. 2026-10-27T09:35+08:00); it is ignored")

    # Subjects every claim of a card is about: its arXiv ID.
    card_subjects: list[str] = []
    fm_arxiv = _as_list(front.get("arxiv"))
    for a in fm_arxiv:
        for m in find_arxiv_ids(a if ":" in a or "/" in a else f"arXiv:{a}"):
            card_subjects.append(m.arxiv_id)
    if kind == "paper_card" and not card_subjects:
        fid = arxiv_from_filename(PurePosixPath(path).name)
        if fid:
            card_subjects.append(fid[0])

    # Pass 1: items (## headings) with their evidence and relevance.
    heads = [b for b in blocks if b.kind == "heading"]
    h2 = [b for b in heads if b.level == 2]
    last_line = len(lines)
    items: list[Item] = []
    item_ranges: list[tuple[int, int]] = []
    for i, h in enumerate(h2):
        end = (h2[i + 1].line - 1) if i + 1 < len(h2) else last_line
        item_ranges.append((h.line, end))
    if not h2:
        item_ranges = []

    def item_of(line: int) -> int | None:
        for i, (a, b) in enumerate(item_ranges):
            if a <= line <= b:
                return i
        return None

    # Evidence lines per item (None = preamble).
    ev_by_item: dict[int | None, str] = {}
    for n, ln in enumerate(lines, 1):
        if n < body_first:
            continue
        m = lex.evidence_line.match(strip_markup(ln))
        if m:
            val = m.group(1).strip().lower()
            lvl = val if val in EVIDENCE_LEVELS else lex.evidence_of(m.group(1))
            if lvl:
                ev_by_item.setdefault(item_of(n), lvl)
    if None in ev_by_item and not fm_ev:
        note_ev = ev_by_item[None]

    # arXiv mentions of every body line, scanned once: the item subjects below and the file's
    # mentions (``arxiv``) come from them.  A match never spans a line break (the one pattern that may,
    # ``doi:\s?10.48550/…``, finds the same identifier without its prefix on the next line), so the
    # identifiers of an item's lines together are those of the item's text.
    line_ids = [find_arxiv_ids(ln) for ln in lines[body_first - 1 :]]
    item_subjects: dict[int, list[str]] = {}
    for i, (a, b_end) in enumerate(item_ranges):
        seg = "\n".join(lines[a - 1 : b_end])
        head_ids = [m.arxiv_id for m in line_ids[a - body_first]]
        all_ids = list(dict.fromkeys(m.arxiv_id for n in range(a, b_end + 1) for m in line_ids[n - body_first]))
        item_subjects[i] = head_ids or (all_ids if len(all_ids) == 1 else [])
        hl = strip_markup(h2[i].text)
        reason = None
        rel = "unknown"
        if lex.low_relevance.search(hl):
            rel, reason = "low", hl
        else:
            for ln in lines[a : b_end]:
                s = strip_markup(ln)
                if _VERDICT_LINE.match(s) and lex.low_relevance.search(s):
                    rel, reason = "low", s
                    break
        if rel == "unknown" and find_suggested_sections(seg, lex):
            rel = "increment"
        urls = tuple(dict.fromkeys(u for u, _, _ in find_urls(seg)))
        items.append(
            Item(
                index=i,
                title=hl,
                line=a,
                line_end=b_end,
                evidence=ev_by_item.get(i, note_ev),  # type: ignore[arg-type]
                relevance=rel,  # type: ignore[arg-type]
                relevance_reason=reason,
                urls=urls,
            )
        )

    # Pass 2: claims.
    claims: list[Claim] = []
    role = "statement"
    for b in blocks:
        if b.kind == "heading":
            if b.level >= 3 or b.level == 2:
                t = strip_markup(b.text)
                if lex.caveat_headings.search(t):
                    role = "caveat"
                elif lex.action_headings.search(t):
                    role = "action"
                elif lex.relation_headings.search(t) and b.level >= 3:
                    role = "relation"
                else:
                    role = "statement"
            continue
        if b.kind == "code":
            continue
        it = item_of(b.line)
        ev = ev_by_item.get(it, note_ev) if it is not None else note_ev
        subj = tuple(card_subjects) + tuple(item_subjects.get(it, ()) if it is not None else ())
        txt = b.text
        if b.kind == "para" and len(txt) > 160:
            pieces = [(txt[s:e], b.line) for s, e in split_sentences(txt)]
        else:
            pieces = [(txt, b.line)]
        for piece, ln in pieces:
            piece = piece.strip()
            if len(strip_markup(piece)) < 2:
                continue
            line_end = b.line_end if len(pieces) == 1 else ln
            claims.append(
                make_claim(piece, ln, line_end, role=role, item=it, evidence=ev, subjects=subj, lexicon=lex)
            )

    # = ``arxiv_refs(lines[body_first - 1 :], body_first)``, from the scan above
    arxiv: list[ArxivRef] = [ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=n)
                             for n, found in enumerate(line_ids, body_first) for m in found]
    urls: list[tuple[str, int]] = []
    links: list[tuple[str, int]] = []
    for n, ln in enumerate(lines, 1):
        if n < body_first:
            continue
        for u, _, _ in find_urls(ln):
            urls.append((u, n))
        for target, _alias in find_wikilinks(ln):
            links.append((target, n))
        for m in _PATH_RE.finditer(ln):
            links.append((m.group(1), n))
    for a in fm_arxiv:
        for m in find_arxiv_ids(a if ":" in a or "/" in a else f"arXiv:{a}"):
            arxiv.append(ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=a, line=1))
    if kind == "paper_card" and card_subjects and not any(r.arxiv_id == card_subjects[0] for r in arxiv):
        arxiv.append(ArxivRef(arxiv_id=card_subjects[0], raw=PurePosixPath(path).name, line=1))

    aliases = _as_list(front.get("aliases")) + _as_list(front.get("alias"))
    if title and ":" in title:
        short = title.split(":", 1)[0].strip()
        if 2 <= len(short) <= 40:
            aliases.append(short)
    tags = _as_list(front.get("tags")) + _as_list(front.get("topics")) + _as_list(front.get("category"))
    cjk = 0  # CJK characters in the first 4,000 (only "more than 20" matters: stop there)
    for _m in _CJK.finditer(text, 0, 4000):
        cjk += 1
        if cjk > 20:
            break
    if kind == "note" and item_ranges:
        # A work cited before the first topic belongs to no item: the brief, which lists items, would
        # drop it without a word (a fresh-user run); say so, with its line.
        in_items = {m.arxiv_id for a, b_end in item_ranges for n in range(a, b_end + 1)
                    for m in line_ids[n - body_first]}
        told: set[str] = set()
        for n in range(body_first, item_ranges[0][0]):
            for m in line_ids[n - body_first]:
                if m.arxiv_id not in in_items and m.arxiv_id not in told:
                    told.add(m.arxiv_id)
                    warnings.append(f"{path}:{n}: arXiv:{m.arxiv_id} is cited before the first '## ' topic, so "
                                    "it belongs to no item and the brief does not list it (give it a '## ' heading)")
    parts = NoteParts(
        title=title,
        agent=agent_from(path, front, lines if kind not in ("paper_card", "repo_card") else []),
        created=time_from(path, front, lines, tz),
        evidence=note_ev,
        front_matter={k: (", ".join(v) if isinstance(v, list) else str(v)) for k, v in front.items()},
        tags=tuple(dict.fromkeys(tags)),
        aliases=tuple(dict.fromkeys(aliases)),
        links=tuple(dict.fromkeys(links)),
        urls=tuple(dict.fromkeys(urls)),
        arxiv=tuple(arxiv),
        claims=tuple(claims),
        items=tuple(items),
        lang="zh" if cjk > 20 else "en",
    )
    return parts, warnings
