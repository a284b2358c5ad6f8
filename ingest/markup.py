"""Notes written in a markup other than Markdown, read as Markdown line for line.

People keep reading notes in the markup of their tools: a reStructuredText log kept beside Sphinx docs, an
AsciiDoc page, a Typst draft, a Quarto notebook, a BibTeX file whose ``annote`` fields are the notes.  The
note parser (:mod:`ingest.blocks`, :mod:`ingest.structure`) reads Markdown; this module rewrites the marks of
those formats that decide a note's structure into their Markdown equivalents, **one output line per input
line**, so every claim keeps its file line.  The file's suffix decides the markup; three kinds of text are
recognised by their own marks in a file of any suffix (Confluence/Jira wiki markup, a reading app's highlight
export) or in a ``.txt`` file (a plain-text memo's capitals headings).  Other marks pasted into Markdown are
:mod:`ingest.blocks`' and :mod:`ingest.structure`'s.

What is rewritten, per format (everything else is left as written):

* reStructuredText (``.rst``): a title over or under a line of one punctuation character (``====``,
  ``----``, ``~~~~``) is a heading, its level the order in which the adornments first appear; a directive
  (``.. note::``, ``.. warning:: text``) is a labelled paragraph with its indented body dedented; a
  ``.. code-block::`` / ``.. code::`` / ``.. sourcecode::`` body is fenced code; a ``.. comment`` is dropped;
  a field (``:arxiv: 2404.01234``) is ``arxiv: 2404.01234``; inline ``literals`` lose their backquotes.
* AsciiDoc (``.adoc``, ``.asciidoc``) and Typst (``.typ``): ``= Title`` / ``== Section`` are headings;
  AsciiDoc's ``link:URL[text]`` and bare ``URL[text]``, Typst's ``#link("URL")[text]`` are Markdown links;
  Typst's ``#strong[x]`` / ``#emph[x]`` are ``**x**`` / ``*x*``; a Typst ``// remark`` line is the writer's
  text (a draft's remarks say how deep they read and where it goes), as AsciiDoc's ``// remark`` is; an
  AsciiDoc table (``|===`` … ``|===``) is a pipe table, one row per line.
* Quarto and R Markdown (``.qmd``, ``.rmd``): a fenced div ``::: {.callout-note title="How I checked"}`` is
  a callout (``> [!note] How I checked`` and its lines quoted); other ``:::`` fences are dropped.
* BibTeX (``.bib``): an entry (``@misc{key,``) is a heading with the entry's title (and the arXiv ID its ``eprint``
  gives, in brackets after it); its fields are
  ``field: value`` lines, braces dropped, a field's continuation lines its own (its bookkeeping, ``author``,
  ``year``, ``journal``, ``archivePrefix`` …, blank: no statement of the reader's); ``%`` comments are the
  writer's text.  An entry is one item of the note (:mod:`ingest.structure` splits at headings).

* Confluence / Jira wiki markup (two ``h1.``–``h6.`` lines and a ``||header||`` row or a ``{code}`` / ``{panel}``
  macro): ``h2.`` headings, ``||a||b||`` / ``|x|y|`` pipe tables, ``[text|URL]`` links, ``{code}`` fences,
  ``# step`` / ``* point`` lists, ``{warning}…{warning}`` and ``{panel:title=…}`` as labels.
* A plain-text memo (``.txt``): lines in capitals between blank lines are headings, the first the title.
* MediaWiki markup (two ``== Heading ==`` lines, any suffix; ``.wiki`` pages exported from a team wiki):
  ``=``-delimited headings, triple-quote bold and double-quote italic, ``*`` / ``#`` lists (nested by
  repetition), ``[URL text]`` links, ``{{cite arXiv |eprint=… |title=…}}`` templates as ``"title", arXiv:ID``,
  ``<ref>`` footnotes in parentheses, a ``{|`` … ``|}`` table with ``! a !! b`` header and ``| x || y`` rows
  as a pipe table (a row separator ``|-`` an empty row).
* A chat export in JSON (``.json`` in a note's folder: Slack's list of messages with ``text``/``user_name``/``ts``,
  Discord exports' ``messages`` with ``content``/``author``/``timestamp``): each message's text line is
  ``[MM-DD HH:MM] name: text`` (a thread reply ``… name: replying to parent: text``), Slack's ``<URL|title>``
  links as Markdown links and its ``&gt;`` escapes undone; every other line of the JSON is blank.
* A highlight export (``《Title》 共12条划线`` then ``◆`` lines): the title line is the note's title (one work),
  ``◆ 第3章 …`` sub-headings, ``◆ text`` highlights.  An export of several works (``《2406.16858v2》`` over its
  authors and ``4个笔记``, then the next) heads each work's part with its title (a PDF's file name, ``Medusa-2401.10774``,
  with the identifier it carries written out), its ``◆`` marks bold labels inside it.
* A pasted ``git log`` (two ``commit <hash>`` lines followed by ``Author:``, in a code fence or not): each commit a
  heading with its subject at the ``commit`` line, its message dedented, its diffstat and the fence blank.
* LaTeX and Beamer source (two ``\\begin{frame}`` lines, or ``\\documentclass`` and two ``\\section``): frames and
  sections are headings, ``\\item`` list entries, ``\\note{}`` the speaker's text, ``\\cite{key}`` followed by the arXiv
  identifier of its ``\\bibitem``, environments and preamble commands blank.
* BibTeX entries pasted into a Markdown note (two entries or more, four field lines): read as a ``.bib`` file.
* A whiteboard's export (three ``[yellow] …`` sticky notes or more): each note a list entry, its ``+1`` votes its own.
* A meeting's saved chat (three ``10:02:11 From Ana Ruiz to Everyone:`` headers or more, Zoom): each header the
  chat turn ``[10:02:11] Ana Ruiz:``, its tab-indented message dedented, a reaction blank.
* An iCalendar export (``.ics``, or ``BEGIN:VCALENDAR`` with an event pasted into a note): each event a heading with
  its ``SUMMARY`` at its ``BEGIN:VEVENT`` line; its ``DESCRIPTION`` unfolded (RFC 5545 §3.1) and unescaped (§3.3.11),
  each of its lines at the file line where it starts; a cancelled event says so; other properties blank.
* A JSON Lines log (``.jsonl``/``.ndjson``, or three records with a ``text``/``note``/``message`` key pasted into a
  note, in a fence or not): each record a list entry ``- arXiv:ID — step (depth): text``, the records right after it
  about the same work its continuation lines (one entry per work).
* A program pasted whole into a note (a ``python``/``sh``/… fence holding most of its lines, whose docstrings and
  comments name two works or more): the docstrings' and comments' words at their lines, the code blank.
* A bookmark export (three paragraphs or more opening with a title line over the bookmark's address, no Markdown
  heading): each title a heading.
* In any note: a line drawn with box-drawing characters only (``━━━━``, ``════``) is a thematic break; a grid table
  (``+------+------+`` borders, ``tabulate``'s and pandoc's) is a pipe table.
* A social archive's JSON pasted as is (X/Twitter's ``window.YTD.tweets.part0 = [ … ]``): each post's ``full_text`` a list
  entry, the links the archive expanded for it (``expanded_url``) its continuation lines, the rest of the JSON blank.
* A raw mailbox (``From alice@… Tue Aug 17 12:02:11 2027`` over a header block): each message a heading with its subject
  and sender, the other headers blank, a quoted-printable body decoded line by line (RFC 2045 §6.7) with each soft-broken
  word joined on the line it starts, the signature blank.
* A LaTeX table in a ``latex`` fence: its ``tabular`` rows a pipe table, ``\\cite{key}`` resolved by the note's
  ``key = arXiv:ID`` lines (or a ``\\bibitem``), its caption and notes text.
* A spreadsheet in a ``csv`` / ``tsv`` fence (any note): a pipe table line for line, read by the standard library's
  ``csv`` (``_csv_tables``).
* An agent's trace in tags (``<thinking>``, ``<tool_call>``, ``<tool_result>``, ``<finding>``): a step a heading at its
  opening line, each finding a list entry, the tool calls and raw tool output blank.
* An outliner's OPML export: each ``<outline text=… _note=…>`` a list entry nested as the outlines are.
* A DokuWiki page (``====== H ======`` headings, read as MediaWiki's): its ``^ a ^ b ^`` header row over ``| … |`` rows a
  pipe table, ``[[URL|text]]`` a link.

The rules follow the formats' own references (and, for the pasted formats of the last seventeen points, their
exporters' output: ``git log --stat``, Beamer's frame environment, Zoom's saved chat, WeRead's and FigJam's exports,
RFC 5545 for iCalendar, the JSON Lines description at jsonlines.org, Raindrop's text export, X's archive, the mbox
format and RFC 2045, OPML 2.0, DokuWiki's syntax page): Docutils' "reStructuredText Markup Specification"
(sections, directives, field lists), the AsciiDoc Language documentation (document and section titles,
link macro, tables), Typst's reference (headings, ``link``, comments), Quarto's "Callout Blocks", and the
BibTeX entry syntax.
"""
from __future__ import annotations

import bisect
import functools
import html
import json
import re

from .arxiv import find_arxiv_ids
from ingest.lazyre import compile_lazy

__all__ = ["MARKUP_SUFFIXES", "markup_of", "as_markdown", "chat_messages"]

#: Suffix -> markup name, for the formats rewritten here.
MARKUP_SUFFIXES = {
    ".rst": "rst", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".typ": "typst",
    ".qmd": "quarto", ".rmd": "quarto", ".bib": "bibtex", ".vtt": "captions", ".srt": "captions",
    ".ics": "icalendar", ".jsonl": "json-lines", ".ndjson": "json-lines", ".opml": "opml", ".mbox": "mbox", ".eml": "mbox",
}


def markup_of(path: str) -> str | None:
    """The markup a file's suffix names (``"rst"``, ``"asciidoc"``, ``"typst"``, ``"quarto"``, ``"bibtex"``),
    or None for Markdown and plain text.

    >>> markup_of("inbox/a/log.rst"), markup_of("inbox/a/note.md")
    ('rst', None)
    """
    low = path.lower()
    for suffix, name in MARKUP_SUFFIXES.items():
        if low.endswith(suffix):
            return name
    return None


#: Confluence and Jira wiki markup: a heading line (``h2. Papers``), a table's header row (``||Paper||ID||``), a macro.
_WIKI_HEADING = compile_lazy(r"^\s*h(?P<n>[1-6])\.\s+(?P<t>\S.*)$")
_WIKI_SIGNS = compile_lazy(r"^\s*\|\|.+\|\|\s*$|\{(?:code|noformat|panel|info|note|tip|warning|quote|expand)(?::[^}]*)?\}")
#: A plain-text memo's heading: a line in capitals ("SPILLWAY CHANGED BETWEEN VERSIONS"), two words or more.
_CAPS_HEADING = compile_lazy(r"^(?=[^a-z]*$)(?=(?:.*[A-Z]){4})[A-Z0-9][A-Z0-9 ,.;:&/()'’\-–—+]{3,78}$")


_RST_ADORN = compile_lazy(r"^(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,})\s*$")
_RST_SIGNS = compile_lazy(r"^\s*\.\.\s+(?:note|warning|tip|important|code-block|code|contents|image|figure|math|admonition|seealso)::|:cite:`|^\s*\.\.\s+\[[^\]]+\]\s")
_ADOC_HEAD = compile_lazy(r"^={1,5} \S")
_ADOC_SIGNS = compile_lazy(r"^(?:NOTE|TIP|WARNING|IMPORTANT|CAUTION): |^\[source(?:,[\w+-]+)*\]\s*$|^\|===\s*$|^:[\w-]+:(?: |$)")


def _unfenced(lines: list[str]) -> list[str]:
    """``lines`` with those inside a Markdown code fence (```` ``` ```` or ``~~~``) blanked (their count kept)."""
    if not any(ln.lstrip().startswith(("```", "~~~")) for ln in lines):
        return lines
    out = list(lines)
    for a, b, _lang in _code_fences(lines):
        out[a:b + 1] = [""] * (b + 1 - a)
    return out


def _sniffed(lines: list[str], path: str) -> str | None:
    """The markup of a file whose suffix does not say it: Confluence/Jira wiki markup anywhere (two heading
    lines and a table header row or a macro); reStructuredText or AsciiDoc saved as Markdown (adorned or ``==``
    headings and the markup's own directives); a talk's captions (``WEBVTT``, three cue timings); an e-reader's
    highlights; a plain-text memo's capitals headings in a ``.txt`` file (two or more, each between blank lines,
    and no Markdown heading).  Lines inside a Markdown code fence are an example, never a sign."""
    raw, lines = lines, _unfenced(lines)
    heads = sum(1 for ln in lines if _WIKI_HEADING.match(ln))
    if heads >= 2 and any(_WIKI_SIGNS.search(ln) for ln in lines):
        return "confluence"
    if _mediawiki_headed(lines):
        return "mediawiki"
    if path.lower().endswith(".json") and chat_messages("\n".join(lines)) is not None:
        return "chat-json"
    # reStructuredText or AsciiDoc saved with a Markdown suffix (a vault that only takes .md): adorned headings and the
    # markup's own directives, or "= Title" / "== Section" headings and its blocks
    adorned = sum(1 for k in range(1, len(lines)) if _RST_ADORN.match(lines[k]) and lines[k - 1].strip()
                  and not lines[k - 1].lstrip().startswith(("#", "-", "*", "|")) and len(lines[k].strip()) >= len(lines[k - 1].strip()) - 1)
    if adorned >= 2 and any(_RST_SIGNS.search(ln) for ln in lines):
        return "rst"
    if sum(1 for ln in lines if _ADOC_HEAD.match(ln)) >= 2 and any(_ADOC_SIGNS.match(ln) for ln in lines):
        return "asciidoc"
    if len(_commit_starts(raw)) >= 2:
        return "git-log"  # a pasted ``git log`` (in a fence or not): the paste is the note, not an example in it
    tex_heads = sum(1 for ln in lines if _TEX_SECTION.match(ln))
    if sum(1 for ln in lines if _FRAME_OPEN.match(ln)) >= 2 or (tex_heads >= 2 and (
            any(ln.lstrip().startswith("\\documentclass") for ln in lines)
            or (tex_heads >= 3 and any(_TEX_CITE.search(ln) or ln.lstrip().startswith("\\begin{") for ln in lines)))):
        return "latex"  # a Beamer deck's or a LaTeX draft's source saved as a note
    if sum(1 for ln in lines if _BIB_ENTRY.match(ln)) >= 2 and sum(1 for ln in lines if _BIB_FIELD_LINE.match(ln)) >= 4:
        return "bibtex"  # BibTeX entries pasted into a Markdown note (a reference manager's export)
    if sum(1 for ln in lines if _HN_HEAD.match(ln)) >= 3:
        return "hn-thread"  # a Hacker News thread copied from the browser: "▲ user 5 hours ago | parent | next [–]" headers
    if sum(1 for ln in lines if _ZOOM_HEAD.match(ln)) >= 3:
        return "zoom-chat"  # a meeting's saved chat: "10:02:11 From Ana Ruiz to Everyone:" over the message
    if any(_ICS_BEGIN.match(ln.strip()) for ln in raw) and any(ln.strip() == "BEGIN:VCALENDAR" for ln in raw):
        return "icalendar"  # a calendar export pasted into a note: its events' descriptions are the remarks
    if sum(1 for ln in raw if _MBOX_FROM.match(ln)) >= 1 and any(ln.lower().startswith("message-id:") or
                                                                  ln.lower().startswith("subject:") for ln in raw[:80]):
        return "mbox"  # a raw mailbox: "From x@y Tue Aug 17 12:02:11 2027" over a message's header block
    if any(ln.lstrip().lower().startswith("<opml") for ln in raw[:20]) and sum(1 for ln in raw if _OPML_OUTLINE.match(ln)) >= 2:
        return "opml"  # an outliner's export: nested <outline text="…" _note="…"> lines
    if _tag_traced(lines):
        return "tagged-trace"  # an agent's trace in <thinking> / <tool_call> / <finding> tags
    if _tex_table_fences(raw):
        return "tex-table"  # a LaTeX table pasted into a note in a latex fence: its rows a pipe table
    if _json_archived(raw):
        return "json-archive"  # a social archive's JSON pasted as is (tweets.js): a post per entry
    if _jsonl_records(raw) >= 3:
        return "json-lines"  # a JSON Lines log (an agent's run log), in a fence or not: the records are the note
    if _commented_code(raw):
        return "code-notes"  # a program pasted whole, its docstrings and comments the notes (a benchmark's header)
    if len(_bookmark_titles(lines)) >= 3 and not any(ln.startswith("#") and ln.lstrip("#").startswith(" ") for ln in lines):
        return "bookmarks"  # a bookmark export: a title line over its address, paragraph by paragraph
    if sum(1 for ln in lines if _SLIDE_MARK.match(ln)) >= 3:
        return "slides"  # a deck exported as text: "--- Slide 7 ---" over the slide's title, its bullets and "Notes:"
    if sum(1 for ln in lines if _STICKY.match(ln)) >= 3:
        return "stickies"  # a whiteboard's export (FigJam, Miro): "[yellow] text" notes under cluster headings
    head = next((ln.strip() for ln in lines if ln.strip()), "")
    if head.startswith("WEBVTT") or sum(1 for ln in lines[:400] if _CUE_TIMING.match(ln)) >= 3:
        return "captions"  # a talk's captions saved as .md (WebVTT, SubRip)
    if (_BOOK_HEAD.match(head) or _book_heads(lines)) and sum(1 for ln in lines if ln.startswith("◆")) >= 3:
        return "highlights"
    if path.lower().endswith(".txt") and not any(ln.startswith("#") and ln.lstrip("#").startswith(" ") for ln in lines):
        caps = [k for k, ln in enumerate(lines) if _caps_heading(lines, k)]
        if len(caps) >= 2:
            return "memo"
    return None


#: A reading app's highlight export (微信读书 and its kind): ``《Title》 共12条划线``, then ``◆ `` highlights, ``◆ 第3章 …``
#: chapter marks and ``>> 想法：…`` thoughts.
_BOOK_HEAD = compile_lazy(r"^《(?P<t>[^》]{2,200})》\s*共\s*\d+\s*条(?:划线|笔记|想法|标注).*$")
_BOOK_ALONE = compile_lazy(r"^《(?P<t>[^》]{2,200})》$")
_BOOK_COUNT = compile_lazy(r"^(?:共\s*)?\d+\s*(?:个|条)?\s*(?:笔记|划线|想法|标注|highlights?|notes?)\s*$", re.IGNORECASE)
_BOOK_CHAPTER = compile_lazy(r"^◆\s*(?P<t>(?:第\s*[\d一二三四五六七八九十]+\s*[章节部分篇]|附录|Appendix|Chapter\s+\d+)\s*\S*.{0,200})$")


def _mw_heading(ln: str) -> re.Match[str] | None:
    """``ln``'s MediaWiki heading (``== Papers ==``), asked only of a short line written ``=…=`` (the
    pattern's lazy title backtracks on a long line)."""
    s = ln.rstrip()
    if len(s) > 300 or not s.startswith("=") or not s.endswith("="):
        return None
    return _MW_HEADING.match(s)


def _mediawiki_headed(lines: list[str]) -> bool:
    """Whether a file with no markup suffix is MediaWiki: two ``== … ==`` headings outside code fences, and
    more of them than Markdown headings (a Markdown note quoting a wiki's headings stays Markdown; a wiki's
    ``# entry`` is a numbered list entry)."""
    heads = atx = 0
    fence: str | None = None
    prev_hash = False
    for k, ln in enumerate(lines):
        s = ln.lstrip()
        run = re.match(r"`{3,}|~{3,}", s)
        if run:  # a fence closes on a run of its own character at least as long (CommonMark)
            if fence is None:
                fence = run.group()
            elif run.group()[0] == fence[0] and len(run.group()) >= len(fence) and not s[len(run.group()):].strip():
                fence = None
            continue
        if fence is not None:
            continue
        is_hash = s.startswith("#") and s.lstrip("#").startswith(" ") and len(s) - len(s.lstrip("#")) <= 6
        next_hash = k + 1 < len(lines) and lines[k + 1].lstrip().startswith("#")
        if is_hash and not prev_hash and not next_hash:
            atx += 1  # (a run of "# …" lines is a wiki's numbered list, not headings)
        prev_hash = is_hash
        heads += _mw_heading(ln) is not None
    return heads >= 2 and heads > atx


def _caps_heading(lines: list[str], k: int) -> bool:
    s = lines[k].strip()
    # two words of four letters or more and no version or spec value ("CUDA 12.4, VLLM 0.6", "GPU: H100 SXM, FP8")
    return (bool(_CAPS_HEADING.match(s)) and len(re.findall(r"\b[A-Z]{4,}\b", s)) >= 2 and not re.search(r"\d\.\d", s)
            and (k == 0 or not lines[k - 1].strip())
            and (k + 1 >= len(lines) or not lines[k + 1].strip()))


#: A line drawn with box-drawing characters only: a separator between a export's entries (a reader app's board).
_DRAWN_RULE = compile_lazy(r"^[ \t]*[━─═▬‒―⎯]{3,}[ \t]*$", re.MULTILINE)


def as_markdown(text: str, path: str) -> str:
    """``text`` with the structural marks of its file's markup (see the module docstring) rewritten as
    Markdown, with exactly as many lines; ``text`` itself for Markdown and plain text, unless their own marks
    say they are wiki markup, a highlight export or (``.txt``) a memo in capitals headings.

    >>> as_markdown("Title\\n=====\\n\\nBody", "a.rst")
    '# Title\\n\\n\\nBody'
    """
    name = markup_of(path)
    if _DRAWN_RULE.search(text):  # a rule drawn with box-drawing characters ("━━━━", "═══") is a thematic break
        text = _DRAWN_RULE.sub("***", text)
    if "+-" in text or "+=" in text:  # grid tables ("+------+" borders) are pipe tables, in any note
        text = "\n".join(_grid_tables(text.split("\n")))
    if _CSV_FENCE.search(text):  # a spreadsheet pasted in a fence is a table too
        text = "\n".join(_csv_tables(text.split("\n")))
    lines = text.split("\n")
    if name is None and (name := _sniffed(lines, path)) is None:
        if "{code" in text or "{noformat" in text:
            # a Markdown export that kept Confluence's code macros ("{code:python}" … "{code}"): fenced, so the code's "#"
            # comments are no headings (a page in Confluence's own wiki markup is read whole by ``_confluence``)
            return "\n".join(_macro_fences(lines))
        return text
    out = {"highlights": _highlights, "rst": _rst, "asciidoc": _asciidoc, "typst": _typst, "quarto": _quarto, "bibtex": _bibtex,
           "confluence": _confluence, "memo": _memo, "mediawiki": _mediawiki, "chat-json": _chat_json,
           "captions": _captions, "git-log": _git_log, "latex": _latex,
           "stickies": _stickies, "slides": _slides, "zoom-chat": _zoom_chat, "icalendar": _icalendar, "json-lines": _json_lines,
           "bookmarks": _bookmarks, "code-notes": _code_notes,
           "json-archive": _json_archive, "mbox": _mbox, "tex-table": _tex_tables,
           "tagged-trace": _tagged_trace, "opml": _opml, "hn-thread": _hn_thread}[name](lines)
    if len(out) != len(lines) or any("\n" in ln for ln in out):  # a rewrite never moves a line: keep the text
        return text
    return "\n".join(out)


# -- a Hacker News thread copied from the browser -------------------------------------------------------------

#: A comment's header line: "▲ pgwu 5 hours ago | next [–]", "  ▲ lhu 5 hours ago | parent | next [–]" (indented: a reply).
_HN_HEAD = compile_lazy(r"^(?P<ind>\s*)(?:(?:▲|\^)\s+(?P<who>[\w.-]{1,40})\s+(?P<when>\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago|"
                        r"on\s+\w{3}\s+\d{1,2},\s+\d{4})\s*(?:\|.*)?"
                        # (copied without the vote arrows: "fsck_the_bill 8 hours ago | next [–]", "  mkdir_p 6 hours ago | parent | next [–]")
                        r"|(?P<who2>[\w.-]{1,40})\s+(?P<when2>\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago)\s*(?:\[(?:flagged|dead)\]\s*)?\|\s*"
                        r"(?:parent|next|prev|root|context|on:)\b.*\[[–-]\]\s*)$", re.IGNORECASE)  # (its collapse mark "[–]" says it was copied from the page)
#: The submission's title line: "▲ SlackChunk: Deadline-aware chunked prefill for LLM serving (arxiv.org)".
_HN_STORY = compile_lazy(r"^\s*▲\s+(?P<t>\S.{3,300}?)(?:\s+\((?P<site>[\w.-]+\.[a-z]{2,})\))?\s*$")
#: The site's chrome: the navigation bar, the submission's points line, "reply" links.
_HN_CHROME = compile_lazy(r"^\s*(?:Hacker News\s+new\s*\|.*|\d+\s+points?\s+by\s+\S+\s+.*\bago\b.*|reply|\[–\]|\[-\]|"
                          r"Guidelines\s*\|.*|Search:.*)\s*$", re.IGNORECASE)


def _hn_thread(lines: list[str]) -> list[str]:
    """A Hacker News thread as the browser copies it: the submission's title a heading; each top-level comment's header
    ("▲ pgwu 5 hours ago | next [–]") a heading over its text, the comments indented under it (its replies) its
    paragraphs with their writer named ("lhu (reply, 5 hours ago): …"), their indentation taken off (it is no code
    block); the site's navigation and points lines blank."""
    out = list(lines)
    for k, ln in enumerate(lines):
        h = _HN_HEAD.match(ln)
        if h is not None:
            who, when = h.group("who") or h.group("who2"), h.group("when") or h.group("when2")
            out[k] = f"{who} (reply, {when}):" if h.group("ind") else f"## {who} · {when}"
            continue
        if _HN_CHROME.match(ln):
            out[k] = ""
            continue
        if re.match(r"(?:Ask|Show|Tell|Launch) HN:\s+\S", ln):
            out[k] = f"## {ln.strip()}"  # the submission's own question, a topic before its comments
            continue
        st = _HN_STORY.match(ln)
        if st is not None and not ln.startswith((" ", "\t")):
            out[k] = f"## {st.group('t')}" + (f" ({st.group('site')})" if st.group("site") else "")
            continue
        out[k] = ln.strip()
    return out


# -- captions (WebVTT, SubRip) ------------------------------------------------------------------------------

_CUE_TIMING = compile_lazy(r"^\s*(?P<t>\d{1,2}:\d{2}(?::\d{2})?)[.,]\d{1,3}\s*-->\s*\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}")
_VOICE = compile_lazy(r"^<v(?:\.[\w.-]+)?\s+(?P<who>[^>]{1,40})>")


def _captions(lines: list[str]) -> list[str]:
    """A talk's captions (WebVTT's ``WEBVTT`` header, numbered cues, ``00:01:02.000 --> 00:01:07.500`` timings and
    ``<v Speaker>`` voices; SubRip the same with commas) as a transcript: each cue's first line ``[00:01:02]
    Lena_Okafor: …`` (the chat turns of section 5.3), the numbers and timings blank, a ``NOTE`` block the note-taker's
    paragraph.  Line numbers are kept."""
    out = list(lines)
    stamp: str | None = None
    in_header = bool(lines) and lines[0].strip().startswith("WEBVTT")
    for k, ln in enumerate(lines):
        t = ln.strip()
        if in_header:
            out[k] = ""
            if not t:
                in_header = False
            continue
        m = _CUE_TIMING.match(ln)
        if m:
            out[k], stamp = "", m.group("t")
            continue
        if re.fullmatch(r"\d{1,5}", t) and k + 1 < len(lines) and _CUE_TIMING.match(lines[k + 1]):
            out[k] = ""  # a cue's number
            continue
        if t == "NOTE" or t.startswith("NOTE "):
            out[k] = t[5:]  # the note-taker's comment: its text is a paragraph
            continue
        if stamp is not None and t:
            v = _VOICE.match(t)
            who = re.sub(r"\s+", "_", v.group("who").strip()) if v else None
            body = re.sub(r"</?v[^>]*>|</?[ibuc](?:\.[\w.-]+)?>", "", t[v.end():] if v else t).strip()
            hms = stamp if stamp.count(":") == 2 else f"00:{stamp}"
            out[k] = f"[{hms}] {who}: {body}" if who else f"[{hms}] {body}"
            stamp = None
            continue
        if not t:
            stamp = None
    return out


# -- reStructuredText -------------------------------------------------------------------------------------

_ADORN = compile_lazy(r"^([=\-~^\"'`#*+:._])\1{2,}\s*$")
_DIRECTIVE = compile_lazy(r"^(?P<ind>\s*)\.\.\s+(?P<name>[\w-]+)::\s*(?P<arg>.*)$")
_RST_COMMENT = compile_lazy(r"^\s*\.\.(?:\s+(?![\w-]+::)|$)")
_RST_CITATION = compile_lazy(r"^(?P<ind>\s*)\.\.\s+\[(?P<label>[^\]]{1,40})\]\s+(?P<rest>\S.*)$")
_FIELD = compile_lazy(r"^(?P<ind>\s*):(?P<name>[^:\s][^:]{0,40}):(?:\s+(?P<value>.*))?$")
_CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "literalinclude", "highlight", "math", "raw", "csv-table",
                    "image", "figure", "toctree", "include"}
_LITERAL = compile_lazy(r"``([^`]+)``")
_RST_CITE_ROLE = compile_lazy(r":cite(?::[pt])?:`([^`]{1,200})`")
_RST_LINK = compile_lazy(r"`([^`<]+?)\s*<(https?://[^>]+)>`_{1,2}")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_LIST_ROW = compile_lazy(r"^\s*\*\s+-\s+(?P<c>.*)$")
_LIST_CELL = compile_lazy(r"^\s*-\s+(?P<c>.*)$")


def _list_table(lines: list[str], a: int, b: int) -> dict[int, str] | None:
    """The lines ``a..b`` of a ``.. list-table::`` directive's body as pipe-table lines (``{index: line}``): its options
    blank, each row (``* - cell`` then ``  - cell`` lines) one line at its first, the header row (``:header-rows: 1``)
    followed by the delimiter row, the cells' other lines rows of empty cells (no entry, as a grid table's borders are);
    None when the rows do not all have the same number of cells."""
    header_rows = 0
    rows: list[tuple[int, list[str]]] = []
    out: dict[int, str] = {}
    for x in range(a, b):
        t = lines[x]
        f = _FIELD.match(t)
        if f and not rows:
            if f.group("name").strip() == "header-rows" and (f.group("value") or "").strip().isdigit():
                header_rows = int(f.group("value").strip())
            out[x] = ""
            continue
        r, c = _LIST_ROW.match(t), _LIST_CELL.match(t)
        if r:
            rows.append((x, [_inline(r.group("c").strip())]))
        elif c and rows:
            rows[-1][1].append(_inline(c.group("c").strip()))
        elif t.strip() and rows:
            rows[-1][1][-1] += " " + _inline(t.strip())  # a cell's text wrapped onto the next line
    if len(rows) < 2 or len({len(cells) for _x, cells in rows}) != 1:
        return None
    width = len(rows[0][1])
    empty = "|" + "  |" * width
    first = rows[0][0]
    for x in range(first, b):
        out[x] = empty
    for n, (x, cells) in enumerate(rows):
        out[x] = "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"
        if n == max(header_rows, 1) - 1:
            out[x + 1] = "|" + " --- |" * width  # (no header row: the first row heads the table)
    return out


def _rst(lines: list[str]) -> list[str]:
    out = list(lines)
    levels: list[str] = []  # adornment styles in the order they first appear: "=" over+under, "-" under, …
    n = len(lines)

    def level_of(style: str) -> int:
        if style not in levels:
            levels.append(style)
        return min(6, levels.index(style) + 1)  # the first style is the title (``#``), or the topics when alone

    k = 0
    if lines and lines[0].strip() == "---":  # YAML front matter (``---`` / ``kind: …`` / ``---``): not a title
        end = next((j for j in range(1, n) if lines[j].strip() in ("---", "...")), None)
        if end is not None:
            k = end + 1
    while k < n:
        ln = lines[k]
        # an over- and underlined title: "=====" / "Title" / "====="
        if _ADORN.match(ln) and k + 2 < n and lines[k + 1].strip() and _ADORN.match(lines[k + 2]) \
                and lines[k + 2].strip()[0] == ln.strip()[0]:
            out[k] = ""
            out[k + 1] = f"{'#' * level_of('over' + ln.strip()[0])} {lines[k + 1].strip()}"
            out[k + 2] = ""
            k += 3
            continue
        # an underlined title: "Title" / "-----" (the line at least as long as the title's text, or 3+ wide)
        if (k + 1 < n and ln.strip() and not ln.startswith((" ", "\t")) and _ADORN.match(lines[k + 1])
                and (k == 0 or not lines[k - 1].strip())
                and len(lines[k + 1].strip()) >= min(len(ln.strip()), 4) and not _ADORN.match(ln)):
            out[k] = f"{'#' * level_of(lines[k + 1].strip()[0])} {ln.strip()}"
            out[k + 1] = ""
            k += 2
            continue
        m = _DIRECTIVE.match(ln)
        if m:
            name = m.group("name").lower()
            ind = len(m.group("ind"))
            j = k + 1
            while j < n and (not lines[j].strip() or _indent(lines[j]) > ind):
                j += 1
            while j > k + 1 and not lines[j - 1].strip():
                j -= 1  # the body ends at its last text line
            if name == "list-table" and (table := _list_table(lines, k + 1, j)) is not None:
                # a list-table: its rows a pipe table, each at its first line, the lines of its cells rows of empty cells
                for x, row in table.items():
                    out[x] = row
                out[k] = f"Table: {_inline(m.group('arg').strip())}" if m.group("arg").strip() else ""
                k = max(j, k + 1)
                continue
            if name in _CODE_DIRECTIVES:
                out[k] = ""
                if j > k + 1 and j < n and not lines[j].strip():
                    out[k] = out[j] = "```"  # fenced: the closing fence on the blank line after the body
                    j += 1  # the fence's line is written: the walk goes on after it
                elif j > k + 1:
                    # no blank line after the body ("unexpected unindent", Docutils warns): no line is free
                    # for a closing fence, and code is no claim, so the body is left out
                    for x in range(k + 1, j):
                        out[x] = ""
            else:
                arg = m.group("arg").strip()
                label = name.replace("-", " ").capitalize()
                out[k] = f"{label}: {_inline(arg)}" if arg else f"{label}:"
                body = [x for x in range(k + 1, j) if lines[x].strip()]
                if body:
                    dedent = min(_indent(lines[x]) for x in body)
                    for x in range(k + 1, j):
                        out[x] = _inline(lines[x][dedent:]) if lines[x].strip() else ""
            k = max(j, k + 1)
            continue
        cite = _RST_CITATION.match(ln)
        if cite:  # ".. [1] Okafor et al. arXiv:2605.09114": a footnote or citation, text to keep
            label = cite.group("label")
            # (a labelled citation, ".. [hiradix] …", is what ":cite:`hiradix`" points at: written as LaTeX's pair)
            lead = f"[{label}]" if re.fullmatch(r"\d{1,3}|#\w*|\*", label) else f"\\bibitem{{{label}}}"
            out[k] = f"{cite.group('ind')}{lead} {_inline(cite.group('rest'))}"
            k += 1
            continue
        if _RST_COMMENT.match(ln) and not _DIRECTIVE.match(ln):
            j = k + 1
            while j < n and lines[j].strip() and _indent(lines[j]) > _indent(ln):
                j += 1
            for x in range(k, j):
                out[x] = ""
            k = j
            continue
        f = _FIELD.match(ln)
        if f:
            out[k] = f"{f.group('ind')}{f.group('name')}: {_inline(f.group('value') or '')}".rstrip()
        else:
            out[k] = _inline(ln)
        k += 1
    return out


_RST_REF_ROLE = compile_lazy(r":(?:ref|numref|doc):`(?P<t>[^`<]*?)\s*(?:<(?P<label>[^`>]+)>)?`")


def _ref_role(m: re.Match[str]) -> str:
    label = m.group("label") or m.group("t")
    num = re.search(r"(?<![\d.])(\d{1,2})(?:[-_.](\d{1,2}))?$", label)
    if num and re.search(r"[A-Za-z]", label):
        sec = f"§{num.group(1)}" + (f".{num.group(2)}" if num.group(2) else "")
        return f"{m.group('t').strip()} ({sec})" if m.group("label") and m.group("t").strip() else sec
    return m.group("t").strip() or label


def _inline(text: str) -> str:
    """rst inline marks as Markdown: ````x```` → ``x``, `` `text <URL>`_ `` → ``[text](URL)``."""
    text = _RST_CITE_ROLE.sub(lambda m: "\\cite{" + m.group(1) + "}", text)  # ":cite:`hiradix`" cites a labelled entry
    # ":ref:`kvdoc-13-2`", ":ref:`the offload part <sec-13-2>`": a cross-reference to a section, its number when its label
    # ends with one ("§13.2"), else its text
    text = _RST_REF_ROLE.sub(_ref_role, text)
    return _LITERAL.sub(r"`\1`", _RST_LINK.sub(r"[\1](\2)", text))


# -- AsciiDoc and Typst -----------------------------------------------------------------------------------

_EQ_HEADING = compile_lazy(r"^(?P<eq>={1,6})\s+(?P<t>\S.*)$")
_ADOC_LINK = compile_lazy(r"\b(?:link:)?(?P<url>https?://[^\s\[\]]+)\[(?P<text>[^\]]*)\]")
_TYP_LINK = compile_lazy(r"#link\(\s*\"(?P<url>[^\"]+)\"\s*\)(?:\[(?P<text>[^\]]*)\])?")
_TYP_STRONG = compile_lazy(r"#strong\[([^\]]*)\]")
_TYP_EMPH = compile_lazy(r"#emph\[([^\]]*)\]")
_SLASH_COMMENT = compile_lazy(r"^(?P<ind>\s*)//+\s?(?P<t>.*)$")
_ADOC_ATTR = compile_lazy(r"^:(?P<name>[\w-]+):(?:\s+(?P<value>.*))?$")
#: Document attributes that say how the page is drawn, not what it says.
_ADOC_PRESENTATION = frozenset({"toc", "toclevels", "toc-title", "icons", "lang", "sectnums", "sectanchors", "sectlinks",
                                "imagesdir", "source-highlighter", "experimental", "doctype", "stem", "nofooter",
                                "linkattrs", "idprefix", "idseparator", "numbered", "stylesheet", "linkcss", "hide-uri-scheme"})


def _eq_heading(line: str, *, title_level: int) -> str | None:
    m = _EQ_HEADING.match(line)
    if not m:
        return None
    return f"{'#' * min(6, len(m.group('eq')) + title_level - 1)} {m.group('t').strip()}"


def _asciidoc(lines: list[str]) -> list[str]:
    out: list[str] = []
    table_at: int | None = None  # the output index of an open table's ``|===`` line
    header = False  # whether the open table has a header row still to place
    block_attr = ""  # the block attribute line before a table ("[cols=…,options="header"]")
    link = lambda t: _ADOC_LINK.sub(lambda m: f"[{m['text'] or m['url']}]({m['url']})", t)  # noqa: E731
    for k, ln in enumerate(lines):
        s = ln.strip()
        if s.startswith("|==="):
            if table_at is None:
                nxt = lines[k + 2].strip() if k + 2 < len(lines) else ""
                # AsciiDoc's header row: declared (``options="header"``, ``%header``) or followed by a blank line
                header = "header" in block_attr or (k + 1 < len(lines) and lines[k + 1].strip().startswith("|") and not nxt)
                table_at = len(out)
            else:
                table_at = None
            block_attr = ""
            out.append("")
            continue
        if table_at is not None and s.startswith("|") and s.count("|") >= 2:
            cells = [link(c.strip()) for c in s[1:].split("|")]
            if header:
                # a pipe table needs a delimiter row after its header: the header row moves up to the ``|===``
                # line and the delimiter row takes its place (every other row keeps its line)
                out[table_at] = "| " + " | ".join(cells) + " |"
                out.append("|" + " --- |" * len(cells))
                header = False
            elif out[table_at].startswith("|"):
                out.append("| " + " | ".join(cells) + " |")
            else:  # a table with no header: each row an entry of its own, on its own line
                out.append("- " + " | ".join(cells))
            continue
        h = _eq_heading(ln, title_level=1)
        if h is not None:
            out.append(h)
            continue
        c = _SLASH_COMMENT.match(ln)
        if c and not s.startswith("////"):
            out.append(f"{c.group('ind')}{c.group('t')}")
            continue
        attr = _ADOC_ATTR.match(ln)
        if attr:  # ":read: abstract", ":arxiv: 2406.10774": a field; ":toc: left": presentation, dropped
            name, value = attr.group("name"), (attr.group("value") or "").strip()
            out.append("" if name.lower() in _ADOC_PRESENTATION or not value else f"{name}: {link(value)}")
            continue
        if re.match(r"^\[[\w,=\"\s.%#-]*\]$", s):
            block_attr = s
            out.append("")  # a block attribute line ("[cols=…]"): how the next block is drawn
            continue
        out.append(link(ln))
    return out


def _typst(lines: list[str]) -> list[str]:
    out: list[str] = []
    for ln in lines:
        h = _eq_heading(ln, title_level=1)
        if h is not None:
            out.append(_typ_inline(h))
            continue
        c = _SLASH_COMMENT.match(ln)
        if c:
            out.append(f"{c.group('ind')}{c.group('t')}")
            continue
        s = ln.lstrip()
        if s.startswith("#set ") or s.startswith("#show ") or s.startswith("#import ") or s.startswith("#let "):
            out.append("")
            continue
        out.append(_typ_inline(ln))
    return out


def _typ_inline(text: str) -> str:
    text = _TYP_LINK.sub(lambda m: f"[{m['text'] or m['url']}]({m['url']})", text)
    return _TYP_EMPH.sub(r"*\1*", _TYP_STRONG.sub(r"**\1**", text))


# -- Quarto / R Markdown ----------------------------------------------------------------------------------

_DIV_OPEN = compile_lazy(r"^\s*:{3,}\s*\{(?P<attrs>[^}]*)\}\s*$|^\s*:{3,}\s*(?P<cls>[\w-]+)\s*$")
_DIV_CLOSE = compile_lazy(r"^\s*:{3,}\s*$")
_CALLOUT = compile_lazy(r"\.callout-(?P<kind>\w+)")
_ATTR_TITLE = compile_lazy(r"title\s*=\s*\"(?P<t>[^\"]*)\"")


def _quarto(lines: list[str]) -> list[str]:
    out = list(lines)
    stack: list[bool] = []  # per open div: whether it is a callout (its lines quoted)
    fence: str | None = None
    for k, ln in enumerate(lines):
        s = ln.strip()
        if fence is None and (s.startswith("```") or s.startswith("~~~")):
            fence = s[:3]
        elif fence is not None and s.startswith(fence):
            fence = None
            if any(stack):
                out[k] = "> " + ln
            continue
        if fence is not None:
            if any(stack):
                out[k] = "> " + ln
            continue
        m = _DIV_OPEN.match(ln)
        if m:
            attrs = m.group("attrs") or ""
            c = _CALLOUT.search(attrs)
            if c:
                t = _ATTR_TITLE.search(attrs)
                out[k] = f"> [!{c.group('kind')}]" + (f" {t.group('t')}" if t else "")
                stack.append(True)
            else:
                out[k] = ""
                stack.append(False)
            continue
        if _DIV_CLOSE.match(ln) and stack:
            stack.pop()
            out[k] = ""
            continue
        if any(stack):
            out[k] = "> " + ln if ln.strip() else ">"
    return out


# -- BibTeX -----------------------------------------------------------------------------------------------

_BIB_ENTRY = compile_lazy(r"^\s*@(?P<type>\w+)\s*\{\s*(?P<key>[^,\s{}]+)\s*,?\s*$")
_BIB_FIELD_LINE = compile_lazy(r"^\s*(?P<name>[\w-]+)\s*=\s*(?P<value>.*)$")
_BIB_TITLE = compile_lazy(r"^\s*title\s*=\s*[{\"](?P<t>.*?)[}\"]?\s*,?\s*$", re.IGNORECASE)


#: BibTeX fields that are an entry's bookkeeping, not what the reader says or where the work is (``eprint``, ``url``,
#: ``doi``, ``annote``, ``note``, ``abstract`` stay).
_BIB_BOOKKEEPING = frozenset("""author editor year month archiveprefix primaryclass journal booktitle volume number pages
publisher organization school institution address edition series isbn issn language keywords file timestamp biburl
bibsource""".split())


def _bib_value(text: str) -> str:
    """A field's text without its braces, quotes and trailing comma."""
    t = text.strip()
    if t.endswith(","):
        t = t[:-1].rstrip()
    return _tex_inline(t).replace("{", "").replace("}", "").strip().strip('"').strip()


#: BibTeX fields holding the reader's own remark (``note = {read: full; …}``): written as the remark alone, so a
#: ``read: full`` it opens with is a field of the reading, as on any other line.
_BIB_REMARKS = frozenset({"note", "annote", "annotation", "comment", "comments", "review", "remark", "remarks"})


def _bibtex(lines: list[str]) -> list[str]:
    out = list(lines)
    n = len(lines)
    k = 0
    while k < n:
        m = _BIB_ENTRY.match(lines[k])
        if not m:
            c = re.match(r"^\s*%+\s?(?P<t>.*)$", lines[k])
            if c:
                out[k] = c.group("t")
            k += 1
            continue
        if m.group("type").lower() in ("comment", "preamble", "string"):
            out[k] = ""
            k += 1
            continue
        # the entry runs to its closing brace at depth 0
        depth, j = 0, k
        while j < n:
            depth += lines[j].count("{") - lines[j].count("}")
            if depth <= 0 and j > k:
                break
            j += 1
        end = min(j, n - 1)
        title = next((_bib_value(tm.group("t")) for x in range(k + 1, end + 1)
                      if (tm := _BIB_TITLE.match(lines[x]))), m.group("key"))
        # (the identifier its ``eprint`` gives goes with the title: the entry's bookkeeping lines between them are blank)
        eprint = next((_bib_value(em.group("value")) for x in range(k + 1, end + 1)
                       if (em := _BIB_FIELD_LINE.match(lines[x])) and em.group("name").lower() == "eprint"), "")
        out[k] = f"## {title}" + (f" (arXiv:{eprint})" if re.fullmatch(r"\d{4}\.\d{4,5}(?:v\d+)?", eprint) else "")
        kept = True  # whether the field a continuation line belongs to is kept
        for x in range(k + 1, end + 1):
            fm = _BIB_FIELD_LINE.match(lines[x])
            s = lines[x].strip()
            if fm and fm.group("name").lower() in _BIB_BOOKKEEPING:
                out[x], kept = "", False  # (the entry's bookkeeping, "year = {2022}", is no statement of the reader's)
            elif fm and fm.group("name").lower() != "title":
                name = fm.group("name").lower()
                value = _bib_value(fm.group("value"))
                out[x], kept = ((value if name in _BIB_REMARKS else f"{name}: {value}") if value else ""), True
            elif fm:
                out[x], kept = f"title: {_bib_value(fm.group('value'))}", True
            elif s in ("}", "},", ""):
                out[x] = ""
            elif s.startswith("%"):
                out[x] = s.lstrip("%").strip()
            else:  # a field's continuation line: its own text, a paragraph of the field
                out[x] = _bib_value(s) if kept else ""
        k = end + 1
    return out


# -- Confluence / Jira wiki markup ------------------------------------------------------------------------

_WIKI_LIST = compile_lazy(r"^(?P<m>#+|\*+)\s+(?P<t>\S.*)$")
_WIKI_LINK = compile_lazy(r"\[(?:(?P<text>[^|\[\]]*)\|)?(?P<url>https?://[^\]|\s]+)\]")
_WIKI_CODE = compile_lazy(r"^\s*\{(?:code|noformat)(?::[^}]*)?\}\s*$")
_WIKI_BLOCK = compile_lazy(r"\{(?P<m>panel|info|note|tip|warning|quote|expand)(?::(?P<attrs>[^}]*))?\}")
_WIKI_BOLD = compile_lazy(r"(?<![\w*])\*(?=\S)(?P<t>[^*\n]+?)(?<=\S)\*(?![\w*])")


def _macro_fences(lines: list[str]) -> list[str]:
    """Confluence's code macros left in a Markdown export (``{code:python}`` / ``{noformat}`` … ``{code}``): fences, each
    opening matched by a closing, line for line; an unmatched one is left as written."""
    out = list(lines)
    opened: int | None = None
    for k, ln in enumerate(lines):
        if not _WIKI_CODE.match(ln):
            continue
        if opened is None:
            opened = k
        else:
            out[opened], out[k] = "```", "```"
            opened = None
    return out


def _confluence(lines: list[str]) -> list[str]:
    out = list(lines)
    in_code = False
    table = True  # whether the rows below the last header row are a pipe table (else entries)
    for k, ln in enumerate(lines):
        if _WIKI_CODE.match(ln):
            out[k] = "```"
            in_code = not in_code
            continue
        if in_code:
            continue
        m = _WIKI_HEADING.match(ln)
        if m:
            out[k] = f"{'#' * int(m.group('n'))} {_wiki_inline(m.group('t'))}"
            continue
        li = _WIKI_LIST.match(ln)
        if li:  # "# step" is a numbered entry, "## sub-step" a nested one, "** point" a nested bullet
            depth = len(li.group("m"))
            marker = "1." if li.group("m")[0] == "#" else "-"
            out[k] = f"{'   ' * (depth - 1)}{marker} {_wiki_inline(li.group('t'))}"
            continue
        s = ln.strip()
        if s.startswith("||") and s.endswith("||"):
            cells = [c.strip() for c in s.strip("|").split("||")]
            if k > 0 and not out[k - 1].strip():  # the header row moves up a line; the delimiter row takes its place
                out[k - 1] = "| " + " | ".join(cells) + " |"
                out[k] = "|" + " --- |" * len(cells)
                table = True
            else:  # no line free above it (right under "h2. …"): the rows are entries of their own
                out[k] = ""
                table = False
            continue
        if s.startswith("|") and s.endswith("|"):
            linked = _WIKI_LINK.sub(lambda m: f"[{m['text'] or m['url']}]({m['url']})", s)
            cells = [_wiki_inline(c.strip()) for c in linked.strip("|").split("|")]
            out[k] = "| " + " | ".join(cells) + " |" if table else "- " + " | ".join(cells)
            continue
        out[k] = _wiki_inline(ln)
    return out


def _wiki_inline(text: str) -> str:
    """Wiki inline marks as Markdown: ``[text|URL]`` links, ``*bold*``, and block macros as their label
    (``{warning}Drop that hour{warning}`` → ``Warning: Drop that hour``, ``{panel:title=How we read these}`` →
    ``How we read these:``, a closing ``{panel}`` dropped)."""
    text = _WIKI_LINK.sub(lambda m: f"[{m['text'] or m['url']}]({m['url']})", text)
    seen: set[str] = set()

    def macro(m: re.Match[str]) -> str:
        name = m.group("m")
        if name in seen:
            return ""
        seen.add(name)
        attrs = dict(a.split("=", 1) for a in (m.group("attrs") or "").split("|") if "=" in a)
        return f"{attrs['title']}: " if "title" in attrs else f"{name.capitalize()}: " if name not in ("panel", "expand", "quote") else ""

    text = _WIKI_BLOCK.sub(macro, text)
    return _WIKI_BOLD.sub(r"**\g<t>**", text).rstrip()


# -- MediaWiki -------------------------------------------------------------------------------------------

_MW_HEADING = compile_lazy(r"^(?P<eq>={1,6})\s*(?P<t>[^=].*?)\s*(?P=eq)\s*$")
_MW_LIST = compile_lazy(r"^(?P<m>[*#]+)\s*(?P<t>\S.*)$")
#: (no ``[`` inside a link's address or text, nor ``<`` inside a Slack link's, nor ``<ref`` inside a reference:
#: each start's scan ends at the next opening, and a line of 6,000 unclosed openings stays linear)
_MW_LINK = compile_lazy(r"(?<!\[)\[(?P<url>https?://[^\s\[\]]+)(?:\s+(?P<text>[^\[\]]*))?\](?!\])")
_MW_CITE = compile_lazy(r"\{\{\s*cite[^{}|]*(?P<args>(?:\|[^{}]*)?)\}\}", re.IGNORECASE)
_MW_REF = compile_lazy(r"<ref(?:\s[^<>/]*)?>(?P<t>(?:(?!<ref[\s>/]).)*?)</ref>|<ref[^<>]*/>", re.IGNORECASE)
_MW_BOLD = compile_lazy("'''(.+?)'''")
_MW_ITALIC = compile_lazy("''(.+?)''")


def _mw_cite(m: re.Match[str]) -> str:
    args = {k.strip().lower(): v.strip() for k, _, v in (a.partition("=") for a in m.group("args").split("|")[1:]) if v}
    ident = args.get("eprint") or args.get("arxiv")
    title = args.get("title", "").strip('"“”')
    parts = [f'"{title}"' if title else "", f"arXiv:{ident}" if ident else args.get("url", "")]
    return ", ".join(p for p in parts if p)


#: A wiki link with its own text: MediaWiki's internal ``[[Page|text]]``, DokuWiki's ``[[https://…|text]]``.
_WIKI_PIPED_LINK = compile_lazy(r"\[\[(?P<target>[^\[\]|\n]{1,300})\|(?P<text>[^\[\]\n]{0,200})\]\]")


def _wiki_links(text: str) -> str:
    """``[[target|text]]`` as a Markdown link when the target is an address (``[text](URL)``), else as its text."""
    return _WIKI_PIPED_LINK.sub(lambda m: f"[{m['text'] or m['target']}]({m['target'].strip()})"
                                if re.match(r"\s*https?://", m["target"]) else (m["text"] or m["target"]), text)


def _mw_inline(text: str) -> str:
    text = _wiki_links(text)
    text = _MW_CITE.sub(_mw_cite, text)
    text = _MW_REF.sub(lambda m: f" ({m.group('t').strip()})" if m.group("t") else "", text)
    text = _MW_LINK.sub(lambda m: f"[{m['text'] or m['url']}]({m['url']})", text)
    return _MW_ITALIC.sub(r"*\1*", _MW_BOLD.sub(r"**\1**", text))


def _mediawiki(lines: list[str]) -> list[str]:
    out = list(lines)
    cols = 0
    header_done = False
    for k, ln in enumerate(lines):
        s = ln.strip()
        m = _mw_heading(ln)
        if m:
            out[k] = f"{'#' * len(m.group('eq'))} {_mw_inline(m.group('t'))}"
        elif s.startswith("{|") or s == "|}" or re.fullmatch(r"<references\s*/?>", s, re.IGNORECASE):
            out[k] = ""
            cols, header_done = 0, False
        elif s.startswith("^") and s.endswith("^") and s.count("^") >= 3 and k and not out[k - 1].strip():
            # a DokuWiki table's header row ("^ 方法 ^ 模型 ^ WikiText-2 ^"): the header on the blank line above it, the
            # delimiter row at its own line, so the "| … |" rows under it are a pipe table's
            cells = [_mw_inline(c.strip()) for c in s.strip("^").split("^")]
            cols = len(cells)
            out[k - 1] = "| " + " | ".join(cells) + " |"
            out[k] = "|" + " --- |" * cols
            header_done = True
        elif s.startswith("|+"):  # the table's caption: a line of text above the table (its "{|" line), not a row
            out[k] = ""
            if k and not out[k - 1].strip():
                out[k - 1] = _mw_inline(s[2:].strip())
        elif s.startswith("!"):  # "! Method !! Paper": the header row
            cells = [_mw_inline(c.strip()) for c in s[1:].split("!!")]
            cols = len(cells)
            out[k] = "| " + " | ".join(cells) + " |"
        elif s.startswith("|-"):  # the first separator is the delimiter row, the others empty rows
            out[k] = ("|" + " --- |" * cols) if cols and not header_done else ("|" + "  |" * cols if cols else "")
            header_done = header_done or bool(cols)
        elif s.startswith("|") and cols and "||" not in s and s.endswith("|") and header_done and out[k - 1].startswith("|"):
            # a DokuWiki row ("| FP16 | Llama-2-7B | 5.47 |") under its header: already a pipe row
            out[k] = "| " + " | ".join(_mw_inline(c.strip()) for c in _wiki_links(s).strip("|").split("|")) + " |"
        elif s.startswith("|") and cols:
            cells = [_mw_inline(c.strip()) for c in s[1:].split("||")]
            out[k] = "| " + " | ".join(cells) + " |"
        elif (li := _MW_LIST.match(ln)) is not None:
            depth = len(li.group("m"))
            marker = "1." if li.group("m")[-1] == "#" else "-"
            out[k] = f"{'   ' * (depth - 1)}{marker} {_mw_inline(li.group('t'))}"
        else:
            out[k] = _mw_inline(ln)
    return out


# -- a chat export in JSON --------------------------------------------------------------------------------

_TEXT_KEYS = ("text", "content", "message", "body")
_SLACK_LINK = compile_lazy(r"<(?P<url>https?://[^|<>\s]+)(?:\|(?P<text>[^<>]*))?>")


def chat_messages(text: str) -> list[dict] | None:
    """The messages of a chat export in JSON (a list of message objects, or an object whose ``messages`` is
    one), most of them with a string text under ``text``/``content``/``message``/``body``; None for any other
    JSON (a manifest, a settings file) and for text that is not JSON. The last few answers are remembered:
    the walk, the kind and the rewrite all ask of the same text."""
    return _chat_messages(text)


@functools.lru_cache(maxsize=4)
def _chat_messages(text: str) -> list[dict] | None:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    msgs = doc.get("messages") if isinstance(doc, dict) else doc
    if not isinstance(msgs, list) or not msgs or not all(isinstance(m, dict) for m in msgs):
        return None
    if sum(1 for m in msgs if any(isinstance(m.get(k), str) for k in _TEXT_KEYS)) * 2 < len(msgs):
        return None
    return msgs


def _who(m: dict) -> str:
    for k in ("user_name", "username", "author", "from", "sender", "user"):
        v = m.get(k)
        if isinstance(v, dict):
            v = v.get("name") or v.get("nickname") or v.get("username")
        if isinstance(v, str) and v.strip():
            return re.sub(r"\s+", "_", v.strip())[:30]
    return "someone"


def _stamp(m: dict) -> str:
    from datetime import datetime, timezone

    v = m.get("ts") or m.get("timestamp") or m.get("date")
    try:
        if isinstance(v, (int, float)) or (isinstance(v, str) and re.fullmatch(r"\d{9,11}(?:\.\d+)?", v)):
            t = datetime.fromtimestamp(float(v), tz=timezone.utc)
        else:
            t = datetime.fromisoformat(str(v).replace("Z", "+00:00"))
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    return f"[{t:%m-%d %H:%M}] "


def _chat_json(lines: list[str]) -> list[str]:
    msgs = chat_messages("\n".join(lines)) or []
    out = [""] * len(lines)
    by_ts = {str(m.get("ts")): m for m in msgs if m.get("ts")}
    k = 0  # messages are written in order: the search for the next one starts after the last found
    for m in msgs:
        key = next((x for x in _TEXT_KEYS if isinstance(m.get(x), str)), None)
        if key is None:
            continue
        forms = {json.dumps(m[key]), json.dumps(m[key], ensure_ascii=False)}
        forms |= {f.replace("/", "\\/") for f in forms}  # PHP's and Slack's exporters write ``https:\/\/``
        at, inline = None, False
        for n in range(k, len(lines)):
            hit = re.match(rf'^\s*"{key}"\s*:\s*(".*")\s*,?\s*$', lines[n])
            if hit:
                try:
                    if json.loads(hit.group(1)) == m[key]:
                        at = n
                        break
                except ValueError:
                    pass
            elif f'"{key}"' in lines[n] and any(f in lines[n] for f in forms):
                at, inline = n, True  # a message written on one line ({"user": …, "text": "…", "ts": …})
                break
        if at is None:
            continue  # not found where expected (an escaped form the search does not know): the rest still are
        said = _SLACK_LINK.sub(lambda x: f"[{x['text']}]({x['url']})" if x["text"] else x["url"], m[key])
        said = re.sub(r"<@(\w+)>", r"@\1", said).replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")
        said = " ".join(part.strip() for part in said.split("\n") if part.strip())
        thread = m.get("thread_ts")
        parent = by_ts.get(str(thread)) if thread and str(thread) != str(m.get("ts")) else None
        lead = f"replying to {_who(parent)}: " if parent is not None else ""
        turn = f"{_stamp(m)}{_who(m)}: {lead}{said}"
        out[at] = f"{out[at]} / {turn}" if out[at] else turn  # a whole export on one line keeps every message
        k = at if inline else at + 1
    return out


# -- a plain-text memo ------------------------------------------------------------------------------------


def _memo(lines: list[str]) -> list[str]:
    out = list(lines)
    first = True
    for k in range(len(lines)):
        if _caps_heading(lines, k):
            out[k] = f"{'#' if first else '##'} {lines[k].strip()}"
            first = False
    return out


# -- a reading app's highlight export ---------------------------------------------------------------------


def _book_heads(lines: list[str]) -> list[int]:
    """The lines of an export's work headers written without their count ("《2406.16858v2》" over an author line and
    "4个笔记"): a ``《Title》`` line alone, with a count of notes within the next three lines."""
    return [k for k, ln in enumerate(lines) if _BOOK_ALONE.match(ln.strip())
            and any(_BOOK_COUNT.match(x.strip()) for x in lines[k + 1:k + 4])]


def _named_file(title: str) -> str:
    """A work's title in an export that is the file name of its PDF ("Medusa-2401.10774", "arxiv_2605.08812v1") with
    the identifier the name carries written out after it (``Medusa-2401.10774 (arXiv:2401.10774)``), so the part
    names its work; any other title as written."""
    if " " in title.strip() or find_arxiv_ids(title):
        return title
    m = re.search(r"(?<![\d.])(\d{4}\.\d{4,5}(?:v\d{1,2})?)(?![\d])", title)
    if m is None or not find_arxiv_ids(f"arXiv:{m.group(1)}"):
        return title
    return f"{title} (arXiv:{m.group(1)})"


def _highlights(lines: list[str]) -> list[str]:
    """The export of one book or paper: its ``《Title》`` line is the note's title (the highlights and the
    reader's thoughts are about that work, one item), ``◆ 第N章`` a sub-heading, ``◆ text`` a highlight.  An export
    of several works ("《2406.16858v2》" / "Yuhui Li, …" / "4个笔记", then the next) heads each work's part with its
    title; its chapter marks are the topics (each a highlight and the reader's thought on it)."""
    out = list(lines)
    works = set(_book_heads(lines))
    if len(works) >= 2:
        for k, ln in enumerate(lines):
            if k in works:
                out[k] = f"## {_named_file(_BOOK_ALONE.match(ln.strip()).group('t').strip())}"
            elif ln.startswith("◆"):
                out[k] = f"**{ln[1:].strip()}**"
        return out
    titled = False
    for k, ln in enumerate(lines):
        m = _BOOK_HEAD.match(ln.strip()) or (_BOOK_ALONE.match(ln.strip()) if k in works else None)
        if m and not titled:
            out[k] = f"# {m.group('t').strip()}"
            titled = True
        elif (c := _BOOK_CHAPTER.match(ln.strip())) is not None:
            out[k] = f"### {c.group('t').strip()}"
        elif ln.startswith("◆"):
            out[k] = "- " + ln[1:].strip()
    return out


# -- a pasted git log ----------------------------------------------------------------------------------------

_COMMIT = compile_lazy(r"^\s*commit\s+(?P<hash>[0-9a-f]{7,40})\b")
_COMMIT_FIELD = compile_lazy(r"^\s*(?:Author|AuthorDate|Commit|CommitDate|Date|Merge):\s")
_DIFFSTAT = compile_lazy(r"^\s*\S.*?\s\|\s+(?:\d+\s*[+\-]*|Bin\b.*)\s*$|^\s*\d+ files? changed\b")


def _commit_starts(lines: list[str]) -> list[int]:
    """The indexes of the ``commit <hash>`` lines of ``lines`` that a ``git log`` header follows (``Author:`` /
    ``Merge:`` within two lines): a message's own "commit 3f9c2e1 reverted …" opens no commit."""
    return [k for k, ln in enumerate(lines) if _COMMIT.match(ln)
            and any(re.match(r"^\s*(?:Author|Merge):\s", x) for x in lines[k + 1:k + 3])]


def _git_log(lines: list[str]) -> list[str]:
    """A pasted ``git log`` (``git log --stat`` included, in a code fence or not): each commit a topic headed by its
    subject (``## omniquant.md: new note on OmniQuant (arXiv:2308.13137)`` at the ``commit`` line), its header
    lines (``Author:``, ``Date:``) kept, its message dedented (four spaces, as git indents it: otherwise an indented
    code block), its diffstat and the fence around the log blank.  Lines outside the log are left as written."""
    out = list(lines)
    starts = _commit_starts(lines)
    last = len(lines)
    for k in range(starts[0] - 1, -1, -1):  # the fence that opens the log
        if lines[k].strip():
            if re.match(r"^\s{0,3}(?:`{3,}|~{3,})", lines[k]):
                out[k] = ""
            break
    for k in range(starts[-1] + 1, len(lines)):  # and the one that closes it
        if re.match(r"^\s{0,3}(?:`{3,}|~{3,})\s*$", lines[k]):
            out[k], last = "", k
            break
    bounds = [*starts, last]
    for a, b in zip(bounds, bounds[1:]):
        subject = next((x.strip() for x in lines[a + 1:b] if x.startswith((" " * 4, "\t")) and x.strip()), None)
        out[a] = f"## {subject}" if subject else f"## commit {_COMMIT.match(lines[a]).group('hash')[:10]}"
        for k in range(a + 1, b):
            ln = lines[k]
            if _COMMIT_FIELD.match(ln):
                out[k] = ln.strip()
            elif _DIFFSTAT.match(ln) and not ln.startswith((" " * 4, "\t")):
                out[k] = ""
            elif ln.startswith("\t"):
                out[k] = ln[1:]
            elif ln.startswith(" " * 4):
                out[k] = ln[4:]
    return out


# -- LaTeX and Beamer source ---------------------------------------------------------------------------------

_FRAME_OPEN = compile_lazy(r"^\s*\\begin\{frame\}(?:<[^>]*>)?(?:\[[^\]]*\])?(?:\{(?P<t>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?")
_TEX_SECTION = compile_lazy(r"^\s*\\(?P<cmd>section|subsection|subsubsection|paragraph|frametitle|title)\*?\{(?P<t>.*)\}\s*$")
_TEX_DROP = compile_lazy(r"^\s*\\(?:documentclass|usepackage|usetheme|usecolortheme|usefonttheme|setbeameroption|setbeamertemplate|"
                       r"begin\{(?:document|itemize|enumerate|description|thebibliography|columns?|block|center|figure|table|tabular)\}|"
                       r"end\{[a-z*]+\}|maketitle|titlepage|tableofcontents|includegraphics|centering|vspace|hspace|pause|"
                       r"newcommand|renewcommand|bibliographystyle|bibliography\{|label\{)")
#: A run-in heading with the paragraph's text on its line: "\paragraph{Claim.} EAGLE (arXiv:…) extrapolates …".
_TEX_RUN_IN = compile_lazy(r"^\s*\\(?:sub)?paragraph\*?\{(?P<t>[^{}]*)\}\s*(?P<rest>\S.*)$")
_TEX_ITEM = compile_lazy(r"^(?P<ind>\s*)\\item(?:\[(?P<label>[^\]]*)\])?\s*(?P<t>.*)$")
_TEX_NOTE = compile_lazy(r"^\s*\\note(?:<[^>]*>)?(?:\[[^\]]*\])?\{(?P<t>.*?)\}?\s*$")
_TEX_FIELD = compile_lazy(r"^\s*\\(?P<cmd>subtitle|author|date|institute)\{(?P<t>.*)\}\s*$")
_TEX_BIBITEM = compile_lazy(r"^\s*\\bibitem(?:\[[^\]]*\])?\{(?P<key>[^}\s]+)\}(?P<rest>.*)$")
_TEX_CITE = compile_lazy(r"\\(?:no)?cite[pt]?\*?(?:\[[^\]\\]*\]){0,2}\{(?P<keys>[^{}]+)\}")


def _tex_inline(text: str) -> str:
    """Inline LaTeX as Markdown text: emphasis and ``\\texttt`` as Markdown, ``\\url{x}`` as ``x``, escaped characters
    unescaped, ``~`` a space, ``$\\approx$`` / ``$\\times$`` / ``$\\le$`` / ``$\\sim$`` their signs, ``\\S`` §, ``--`` an en dash
    (a range), ``\\,`` a space."""
    t = re.sub(r"\\(?:textbf|alert)\{([^{}]*)\}", r"**\1**", text)
    t = re.sub(r"\\(?:emph|textit)\{([^{}]*)\}", r"*\1*", t)
    t = re.sub(r"\\(?:texttt|textrm|textsf|mbox|text|url|nolinkurl)\{([^{}]*)\}", r"\1", t)
    t = re.sub(r"\\href\{([^{}]*)\}\{([^{}]*)\}", r"[\2](\1)", t)
    t = re.sub(r"(?<!\\)~", " ", t)  # a tie ("Fig.~7"), before "$\\sim$" becomes a "~" of its own
    for tex, sign in (("\\approx", "≈"), ("\\times", "×"), ("\\le", "≤"), ("\\ge", "≥"), ("\\sim", "~"), ("\\pm", "±")):
        t = re.sub(r"\$?\s*" + re.escape(tex) + r"(?![A-Za-z])\s*\$?", sign, t)
    t = re.sub(r"\\([%#_&$])", r"\1", t)
    t = re.sub(r"\\S(?![A-Za-z])\s*", "§", t)  # "\S2.2": §2.2
    t = t.replace("\\\\", " ")  # a line break
    t = re.sub(r"\\[,;:!]|\\ ", " ", t)  # thin and normal spaces ("400\,Gb/s", "incl.\ appendix")
    t = t.replace("---", "—").replace("--", "–")  # "59\%--498\%": a range; "-- my guess": a dash
    return t.replace("``", '"').replace("''", '"')


def _latex(lines: list[str]) -> list[str]:
    """A LaTeX draft's or a Beamer deck's source: ``\\begin{frame}{T}`` (or its ``\\frametitle{T}``) and
    ``\\section{T}`` are headings (a frame without a title, the title page, is blank); ``\\title{T}`` is the note's
    title; ``\\item x`` a list entry; ``\\note{x}`` (a speaker's note, where a deck's writer says how much they read)
    its text; ``\\cite{key}`` followed by the arXiv identifiers its ``\\bibitem{key}`` carries (``\\cite{quarot}
    [arXiv:2404.00456]``), so a slide citing by key names its works; the ``\\bibitem`` lines are entries of a
    reference list; ``%`` comments are the writer's text; environments and preamble commands are blank."""
    ids: dict[str, str] = {}
    for ln in lines:
        m = _TEX_BIBITEM.match(ln)
        if m and (found := find_arxiv_ids(_tex_inline(m.group("rest")))):
            ids.setdefault(m.group("key"), found[0].arxiv_id)

    def cite(m: re.Match[str]) -> str:
        named = [ids[k.strip()] for k in m.group("keys").split(",") if k.strip() in ids]
        return m.group(0) + (" [" + "; ".join(f"arXiv:{x}" for x in named) + "]" if named else "")

    out = list(lines)
    levels = {"section": "##", "subsection": "###", "subsubsection": "####", "paragraph": "####", "frametitle": "##",
              "title": "#"}
    for k, ln in enumerate(lines):
        s = ln.strip()
        if not s:
            continue
        if s.startswith("%"):
            out[k] = _tex_inline(s.lstrip("%").strip())
        elif (f := _FRAME_OPEN.match(ln)) is not None:
            out[k] = f"## {_tex_inline(f.group('t')).strip()}" if f.group("t") and f.group("t").strip() else ""
        elif (h := _TEX_SECTION.match(ln)) is not None:
            out[k] = f"{levels[h.group('cmd')]} {_tex_inline(h.group('t')).strip()}"
        elif (r := _TEX_RUN_IN.match(ln)) is not None:
            # "\paragraph{Result.} On LLaMA2-Chat 70B the paper reports …": a run-in label, as "**Result.** …" is
            out[k] = f"**{_tex_inline(r.group('t')).strip()}** " + _tex_inline(_TEX_CITE.sub(cite, r.group("rest")))
        elif (b := _TEX_BIBITEM.match(ln)) is not None:
            out[k] = f"\\bibitem{{{b.group('key')}}} {_tex_inline(b.group('rest')).strip()}"
        elif _TEX_DROP.match(ln):
            out[k] = ""
        elif (fl := _TEX_FIELD.match(ln)) is not None:
            out[k] = f"{fl.group('cmd')}: {_tex_inline(fl.group('t')).strip()}"
        elif (i := _TEX_ITEM.match(ln)) is not None:
            depth = max(0, (len(i.group("ind").expandtabs(4)) - 4) // 2)
            lead = f"**{i.group('label')}** " if i.group("label") else ""
            out[k] = "  " * depth + "- " + lead + _tex_inline(_TEX_CITE.sub(cite, i.group("t")))
        elif (n := _TEX_NOTE.match(ln)) is not None:
            out[k] = _tex_inline(_TEX_CITE.sub(cite, n.group("t")))
        else:
            out[k] = _tex_inline(_TEX_CITE.sub(cite, ln.strip()))
    return out


# -- a whiteboard's sticky notes ------------------------------------------------------------------------------

_STICKY = compile_lazy(r"^\s*\[(?P<c>yellow|pink|green|blue|orange|purple|violet|red|gray|grey|white|teal|cyan|lime|"
                     r"黄色?|粉色?|绿色?|蓝色?|橙色?|紫色?|红色?)\]\s+(?P<t>\S.*)$", re.IGNORECASE)
_VOTES = compile_lazy(r"^\s*(?:\+1\s*)+$|^\s*(?:👍\s*)+$")


#: A slide's marker in a deck exported as text (Keynote's and PowerPoint's "Export → Text"): "--- Slide 7 ---",
#: "=== Page 3 ===", "—— 幻灯片 4 ——".
_SLIDE_MARK = compile_lazy(r"^\s*[-=—]{2,}\s*(?:slide|page|folie|幻灯片|第)\s*#?\s*(?P<n>\d{1,3})\s*[页张]?\s*[-=—]{2,}\s*$", re.IGNORECASE)


def _slides(lines: list[str]) -> list[str]:
    """A deck exported as text: each ``--- Slide N ---`` marker a heading titled by the slide's first line (which is
    left empty: it is the heading's), so the slide is a part of its own; its bullets, and its ``Notes:``, as written."""
    out = list(lines)
    for k, ln in enumerate(lines):
        m = _SLIDE_MARK.match(ln)
        if not m:
            continue
        nxt = next((j for j in range(k + 1, min(k + 3, len(lines))) if lines[j].strip()), None)
        if nxt is not None and not _SLIDE_MARK.match(lines[nxt]) and not re.match(r"\s*(?:[-*+•·]|\d{1,2}[.)])\s", lines[nxt]):
            out[k] = f"## {lines[nxt].strip()}"
            out[nxt] = ""
        else:
            out[k] = f"## Slide {m.group('n')}"
    return out


def _stickies(lines: list[str]) -> list[str]:
    """A whiteboard's export (FigJam, Miro): each ``[yellow] text`` note a list entry (a note is one thought of its
    cluster), its dot-votes (``+1 +1``) that entry's continuation; headings and other lines as written."""
    out = list(lines)
    for k, ln in enumerate(lines):
        m = _STICKY.match(ln)
        if m:
            out[k] = f"- [{m.group('c')}] {m.group('t')}"
        elif _VOTES.match(ln) and k and _STICKY.match(lines[k - 1]):
            out[k] = "  " + ln.strip()
    return out


# -- a video meeting's saved chat -----------------------------------------------------------------------------

#: Zoom's saved chat: "10:02:11 From Ana Ruiz to Everyone:" (the message on the lines below, tab-indented) or, in
#: older versions, "10:02:11	 From  Ana Ruiz : the message" on one line.
_ZOOM_HEAD = compile_lazy(r"^\s*(?P<t>\d{1,2}:\d{2}(?::\d{2})?)\s+From\s+(?P<who>.{1,60}?)(?:\s+to\s+(?P<to>.{1,60}?))?\s*:\s*(?P<msg>.*)$")
_ZOOM_REACTION = compile_lazy(r"^\s*Reacted to \".{0,80}\" with \S+\s*$|^\s*Removed a .{0,20}reaction", re.IGNORECASE)


def _zoom_chat(lines: list[str]) -> list[str]:
    """A meeting's saved chat (Zoom): each header a chat turn's ``[10:02:11] Ana Ruiz:`` (a private message's
    recipient kept: ``[…] Ana Ruiz (to Kenji):``), the message's lines dedented (tab-indented, they would read as
    code), a reaction ("Reacted to "…" with 👍") blank: it says nothing."""
    out = list(lines)
    for k, ln in enumerate(lines):
        m = _ZOOM_HEAD.match(ln)
        if m:
            who = " ".join(m.group("who").split())
            to = (m.group("to") or "").strip()
            if to and to.lower() not in ("everyone", "all", "所有人"):
                who = f"{who} (to {to})"
            msg = m.group("msg").strip()
            out[k] = f"[{m.group('t')}] {who}:" + (f" {msg}" if msg else "")
        elif _ZOOM_REACTION.match(ln):
            out[k] = ""
        elif ln.startswith("\t"):
            out[k] = ln.lstrip("\t")
        elif ln.startswith("    "):
            out[k] = ln[4:]
    return out


# -- iCalendar (RFC 5545) ------------------------------------------------------------------------------------

#: A content line of an iCalendar file: ``NAME;PARAM=…:value`` (RFC 5545 §3.1); a line starting with a space or a tab
#: continues the one before (folding).
_ICS_LINE = compile_lazy(r"^(?P<name>[A-Za-z][A-Za-z0-9-]{0,40})(?P<params>(?:;[^:\n]*)?):(?P<value>.*)$")
_ICS_BEGIN = compile_lazy(r"^BEGIN:(?P<c>V(?:EVENT|TODO|JOURNAL))\s*$")
#: Properties whose value is someone's words (their escapes undone, their lines kept as lines).
_ICS_TEXT = ("DESCRIPTION", "COMMENT", "URL")


def _ics_unescaped(value: str) -> str:
    """An iCalendar TEXT value with its escapes undone (RFC 5545 §3.3.11): ``\\n`` a new line, ``\\,`` ``\\;`` ``\\\\``."""
    return re.sub(r"\\([nN,;\\])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def _icalendar(lines: list[str]) -> list[str]:
    """An iCalendar export (``.ics``, or pasted into a note: ``BEGIN:VEVENT`` … ``END:VEVENT``): each event (or to-do,
    journal entry) a heading with its ``SUMMARY`` at its ``BEGIN`` line; its ``DESCRIPTION`` and ``COMMENT`` unfolded
    and unescaped, each of their lines written at the line where it starts in the file (or the first free line after
    it, within the property's lines), so a remark keeps its line; a cancelled event says so; every other property
    (``UID``, ``DTSTART``, ``LOCATION`` …) and the calendar's own lines blank.  Lines outside ``BEGIN:VCALENDAR`` …
    ``END:VCALENDAR`` (the paster's remark above it) stay as written."""
    out = list(lines)
    inside = False
    props: list[tuple[int, int, str, str]] = []  # (first line, last line, name, folded value)
    for k, ln in enumerate(lines):
        if ln.strip() == "BEGIN:VCALENDAR":
            inside = True
        if not inside:
            continue
        if ln[:1] in (" ", "\t") and props:
            first, _last, name, value = props[-1]
            props[-1] = (first, k, name, value + ln[1:])
        else:
            m = _ICS_LINE.match(ln.rstrip("\r"))
            props.append((k, k, m.group("name").upper(), m.group("value")) if m else (k, k, "", ln))
        out[k] = ""
        if ln.strip() == "END:VCALENDAR":
            inside = False
    event: int | None = None
    for first, last, name, value in props:
        if name == "BEGIN" and value.strip().upper() in ("VEVENT", "VTODO", "VJOURNAL"):
            event = first
            out[first] = "## (event)"
        elif name == "SUMMARY" and event is not None:
            out[event] = "## " + " ".join(_ics_unescaped(value).split())
        elif name == "STATUS" and value.strip().upper() == "CANCELLED":
            out[first] = "Status: cancelled."
        elif name in _ICS_TEXT:
            # each of the value's lines at the physical line where it starts (the folded lines are 75 octets: their
            # offsets say where), moved down past a line a line before it took, never past the property's last line
            offsets, at = [], 0  # where each physical line's text starts in the folded value
            for k in range(first, last + 1):
                seg = lines[k] if k == first else lines[k][1:]
                if k == first:
                    seg = seg[seg.index(":") + 1:] if ":" in seg else seg
                offsets.append(at)
                at += len(seg)
            pos, taken = 0, first - 1
            for part in re.split(r"(\\[nN])", value):
                if re.fullmatch(r"\\[nN]", part):
                    pos += len(part)
                    continue
                text = " ".join(_ics_unescaped(part).split())
                start = first + max(0, bisect.bisect_right(offsets, pos) - 1)
                pos += len(part)
                if not text:
                    continue
                k = max(start, taken + 1)
                if k > last:
                    out[last] = f"{out[last]} {text}".strip()
                    continue
                out[k] = (f"{name.title()}: {text}" if name == "URL" else text)
                taken = k
        elif name == "END":
            event = None
    return out


# -- JSON Lines logs ----------------------------------------------------------------------------------------

#: The keys of a log record that hold someone's words, say which work it concerns, what was done, and how deeply.
_JL_TEXT = ("text", "note", "notes", "message", "msg", "content", "summary", "finding", "findings", "comment", "remark", "result")
_JL_WORK = ("arxiv", "arxiv_id", "arxivid", "eprint", "paper", "paper_id", "id", "doi", "url", "link", "source")
_JL_STEP = ("step", "action", "event", "type", "kind", "op", "tool", "stage")
_JL_DEPTH = ("depth", "read_depth", "reading", "evidence", "level", "checked")


def _jl_record(line: str) -> dict | None:
    """``line`` as a JSON Lines record (one JSON object on the line), else None."""
    s = line.strip()
    if not (s.startswith("{") and s.endswith("}")):
        return None
    try:
        rec = json.loads(s)
    except (ValueError, RecursionError):  # (a record nested a hundred thousand deep is no record)
        return None
    return rec if isinstance(rec, dict) else None


def _whole_text(value: str) -> str:
    """``value`` with a lone surrogate (a JSON ``"\\ud83d"`` escape cut from its pair) replaced by U+FFFD, so one broken
    emoji does not make the file unreadable."""
    return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _jl_field(rec: dict, keys: tuple[str, ...]) -> str:
    low = {str(k).lower(): v for k, v in rec.items()}
    for key in keys:
        v = low.get(key)
        if isinstance(v, (str, int, float)) and str(v).strip() not in ("", "-", "—", "n/a", "none", "null"):
            return _whole_text(" ".join(str(v).split()))
    return ""


def _jsonl_records(lines: list[str]) -> int:
    """How many of ``lines`` are JSON Lines records that carry someone's words (a ``text``/``note``/``message`` key)."""
    n = 0
    for ln in lines:
        if ln.lstrip().startswith("{") and (rec := _jl_record(ln)) is not None and _jl_field(rec, _JL_TEXT):
            n += 1
    return n


def _json_lines(lines: list[str]) -> list[str]:
    """A JSON Lines log (an agent's run log, ``.jsonl``, or pasted into a note in a ```` ```jsonl ```` fence): each
    record a list entry ``- arXiv:ID — step (depth): text`` at its line, the records right after it about the same
    work its continuation lines (``  step (depth): text``: one entry per work, each record's words at its line, its
    depth read as the writer's ``depth: full``), the fence blank; other lines stay as written."""
    out = list(lines)
    prev_work = None
    for k, ln in enumerate(lines):
        rec = _jl_record(ln) if ln.lstrip().startswith("{") else None
        if rec is None:
            if _FENCE_OPEN.match(ln):
                out[k] = ""
            prev_work = None if ln.strip() else prev_work
            continue
        ids = find_arxiv_ids(_jl_field(rec, _JL_WORK))
        work = ids[0].arxiv_id if ids else (_jl_field(rec, _JL_WORK) or None)
        step, depth, text = _jl_field(rec, _JL_STEP), _jl_field(rec, _JL_DEPTH), _jl_field(rec, _JL_TEXT)
        said = (step or "entry") + (f" ({depth})" if depth else "") + (f": {text}" if text else "")
        if work is not None and work == prev_work:
            out[k] = "  " + said
        else:
            out[k] = "- " + (f"arXiv:{work} — " if ids else (f"{work} — " if work else "")) + said
        prev_work = work
    return out


# -- bookmark exports ----------------------------------------------------------------------------------------

#: A bookmark's address alone on its line (``https://…``, ``arxiv.org/abs/…``, ``URL: …``).
_BOOKMARK_URL = compile_lazy(r"^\s*(?:(?:url|link|href)\s*[:：]\s*)?(?:https?://|www\.|arxiv\.org/)\S+\s*$", re.IGNORECASE)


def _bookmark_titles(lines: list[str]) -> list[int]:
    """The lines that title a bookmark of an export (Raindrop, Pinboard, Pocket, a browser's list): a line of words
    opening a paragraph, the bookmark's address alone on the next line."""
    out = []
    for k in range(len(lines) - 1):
        head = lines[k].strip()
        if (head and (k == 0 or not lines[k - 1].strip()) and not _BOOKMARK_URL.match(head)
                and not head.startswith(("#", "-", "*", ">", "|", "`")) and not re.match(r"^\d+[.)]\s", head)
                and _BOOKMARK_URL.match(lines[k + 1]) and len(head) <= 200):
            out.append(k)
    return out


def _bookmarks(lines: list[str]) -> list[str]:
    """A bookmark manager's export (a title line, its address on the next line, then ``tags:`` / ``note:`` lines, one
    paragraph a bookmark): each title a heading, so each bookmark is one item of the note."""
    out = list(lines)
    for k in _bookmark_titles(lines):
        out[k] = "## " + lines[k].strip()
    return out


# -- source code whose comments are the note -----------------------------------------------------------------

_FENCE_OPEN = compile_lazy(r"^\s{0,3}(?P<f>`{3,}|~{3,})\s*(?P<lang>[\w+#.-]*)")
_CODE_LANGS = {"python", "py", "python3", "sh", "bash", "zsh", "shell", "ruby", "rb", "perl", "r", "yaml", "yml", "toml",
               "js", "javascript", "ts", "typescript", "c", "cpp", "c++", "cc", "cuda", "cu", "go", "rust", "rs", "java",
               "kotlin", "scala", "swift", "triton"}
_DOCSTRING = compile_lazy(r'^\s*[rbuRBU]{0,2}("""|\'\'\')')


def _code_fences(lines: list[str]) -> list[tuple[int, int, str]]:
    """The code fences of ``lines``: ``(opening line, closing line, language)`` (the closing line the last one for a
    fence left open)."""
    out, k = [], 0
    while k < len(lines):
        m = _FENCE_OPEN.match(lines[k])
        if not m:
            k += 1
            continue
        f, close = m.group("f"), len(lines) - 1
        for j in range(k + 1, len(lines)):
            run = re.match(r"\s{0,3}(`{3,}|~{3,})\s*$", lines[j])  # (a fence closes on a run of its own character at
            if run and run.group(1)[0] == f[0] and len(run.group(1)) >= len(f):  # least as long, CommonMark)
                close = j
                break
        out.append((k, close, m.group("lang").lower()))
        k = close + 1
    return out


def _comment_text(lines: list[str], lo: int, hi: int) -> dict[int, str]:
    """The words of a program's docstrings and comment lines between ``lo`` and ``hi`` (exclusive), by line: a
    docstring's lines dedented by their common indent, a ``#`` / ``//`` comment's words after its mark."""
    out: dict[int, str] = {}
    k = lo
    while k < hi:
        ln = lines[k]
        d = _DOCSTRING.match(ln)
        if d:
            q = d.group(1)
            first = ln[d.end():]
            if q in first:  # a one-line docstring
                out[k] = first[:first.index(q)].strip()
                k += 1
                continue
            body = [(k, first)]
            j = k + 1
            while j < hi and q not in lines[j]:
                body.append((j, lines[j]))
                j += 1
            if j < hi:
                body.append((j, lines[j][:lines[j].index(q)]))
            inner = [t for _n, t in body[1:] if t.strip()]
            cut = min((len(t) - len(t.lstrip()) for t in inner), default=0)
            for n, t in body:
                out[n] = t.strip() if n == k else t[cut:].rstrip()
            k = j + 1
            continue
        c = re.match(r"^\s*(?:#(?![!\[])|//)\s?(?P<t>.*)$", ln)
        if c:
            out[k] = c.group("t").rstrip()
        k += 1
    return out


def _commented_code(lines: list[str]) -> bool:
    """Whether a note is a program pasted whole (a code fence holding most of its lines) whose docstrings and comments
    carry the notes: they name two arXiv works or more."""
    fences = [(a, b) for a, b, lang in _code_fences(lines) if lang in _CODE_LANGS]
    inside = sum(b - a + 1 for a, b in fences)
    filled = sum(1 for ln in lines if ln.strip())
    if not fences or inside * 2 < filled:
        return False
    words = " ".join(t for a, b in fences for t in _comment_text(lines, a + 1, b).values())
    return len({m.arxiv_id for m in find_arxiv_ids(words)}) >= 2


def _code_notes(lines: list[str]) -> list[str]:
    """A program pasted into a note (a benchmark script whose header cites papers and says what was reproduced): its
    docstrings' and comments' words at their lines, read as the note's text (a docstring's ``* DistServe …`` bullets
    list entries); its code lines and the fence blank, so no statement comes from code."""
    out = list(lines)
    for a, b, lang in _code_fences(lines):
        if lang not in _CODE_LANGS:
            continue
        said = _comment_text(lines, a + 1, b)
        for k in range(a, b + 1):
            out[k] = said.get(k, "")
    return out


# -- a social archive's JSON, pretty-printed ------------------------------------------------------------------

#: A post's text field alone on its line of a pretty-printed JSON archive (``"full_text" : "…",``).
_ARCHIVE_TEXT = compile_lazy(r'^\s*"(?:full_text|text)"\s*:\s*"(?P<v>(?:[^"\\]|\\.)*)"\s*,?\s*$')
#: A link the archive expanded for a post (``"expanded_url" : "https://arxiv.org/abs/…",``).
_ARCHIVE_URL = compile_lazy(r'^\s*"(?:expanded_url|expanded|unwound_url)"\s*:\s*"(?P<v>(?:[^"\\]|\\.)*)"\s*,?\s*$')
_ARCHIVE_TEXT_IN = compile_lazy(r'"(?:full_text|text)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_ARCHIVE_URL_IN = compile_lazy(r'"(?:expanded_url|expanded|unwound_url)"\s*:\s*"((?:[^"\\]|\\.)*)"')


def _json_string(raw: str) -> str:
    """A JSON string's body as text: its escapes undone (as written when they are broken), whitespace runs one space,
    a lone surrogate ``\ufffd``."""
    try:
        value = json.loads(f'"{raw}"')
    except (ValueError, RecursionError):
        value = raw
    return _whole_text(" ".join(value.split()))


def _json_archived(lines: list[str]) -> bool:
    """Whether a note is a social network's archive pasted as is (X/Twitter's ``window.YTD.tweets.part0 = [ … ]``, or
    two posts' ``"full_text"`` fields or more on lines of their own)."""
    return any(ln.lstrip().startswith("window.YTD.") for ln in lines[:40]) or \
        sum(1 for ln in lines if '"full_text"' in ln and _ARCHIVE_TEXT_IN.search(ln)) >= 2


def _json_archive(lines: list[str]) -> list[str]:
    """A social archive's JSON (X/Twitter's ``tweets.js``): each post's ``full_text`` a list entry at its line (its JSON
    escapes undone), each link the archive expanded for it (``expanded_url``, the arXiv page a ``t.co`` link hides) a
    continuation line of that entry; every other line of the JSON blank; lines before the JSON as written."""
    out = list(lines)
    started = False
    for k, ln in enumerate(lines):
        s = ln.strip()
        if not started and not (s.startswith("window.YTD.") or s.startswith(("[", "{"))):
            continue  # the paster's words above the archive
        started = True
        t = _ARCHIVE_TEXT.match(ln)
        u = _ARCHIVE_URL.match(ln) if t is None else None
        if t is not None or u is not None:
            value = _json_string((t or u).group("v"))
            out[k] = f"- {value}" if t is not None else f"  {value}"
        elif (ts := _ARCHIVE_TEXT_IN.findall(ln)):
            # a post written on one line (``{"tweet":{"full_text":"…","entities":{"urls":[{"expanded_url":"…"}]}}},``):
            # its text and its expanded links on that line
            links = [_json_string(x) for x in _ARCHIVE_URL_IN.findall(ln)]
            out[k] = "- " + " ".join([_json_string(ts[0]), *links])
        else:
            out[k] = ""
    return out


# -- a raw mailbox (mbox) -------------------------------------------------------------------------------------

#: An mbox message's separator line: ``From alice@example.org Tue Aug 17 12:02:11 2027``.
_MBOX_FROM = compile_lazy(r"^From \S+@?\S*\s+\w{3} \w{3}\s+\d{1,2} \d{1,2}:\d{2}(?::\d{2})? \d{4}\s*$")
_MAIL_HEADER = compile_lazy(r"^(?P<name>[A-Za-z][A-Za-z0-9-]{0,60}):\s?(?P<value>.*)$")
_QP_ESCAPE = compile_lazy(r"(?:=[0-9A-Fa-f]{2})+")


def _qp_line(text: str) -> str:
    """One line of a quoted-printable body (RFC 2045 §6.7) with its ``=XX`` escapes decoded as UTF-8."""
    return _QP_ESCAPE.sub(lambda m: bytes.fromhex(m.group(0).replace("=", "")).decode("utf-8", "replace"), text)


def _mbox(lines: list[str]) -> list[str]:
    """A raw mailbox (``mbox``, a mail client's "save as"): each message's ``From …`` separator line a heading with the
    message's ``Subject`` (its ``From:`` and ``Date:`` after it); its other header lines blank; a quoted-printable body
    decoded line by line (``=E2=80=94`` a dash, ``=3D`` an equals sign), a soft line break (a line ending in ``=``) joined
    by moving the broken word's end up to the line it starts on, so every line keeps its number and no word is cut; the
    signature (after a ``-- `` line) blank."""
    from email.header import decode_header, make_header

    out = list(lines)
    k, n = 0, len(lines)
    # (one message saved alone, an ``.eml``: its header block starts the file, no separator line above it)
    eml = bool(lines) and not any(_MBOX_FROM.match(ln) for ln in lines) and bool(_MAIL_HEADER.match(lines[0]))
    while k < n:
        if not (_MBOX_FROM.match(lines[k]) or (eml and k == 0)):
            k += 1
            continue
        start, k = k, (k if eml and k == 0 else k + 1)
        headers: dict[str, str] = {}
        last = None
        while k < n and lines[k].strip():  # the header block, up to its blank line
            h = _MAIL_HEADER.match(lines[k])
            if h and not lines[k][:1].isspace():
                last = h.group("name").lower()
                headers[last] = h.group("value").strip()
            elif last:
                headers[last] += " " + lines[k].strip()
            out[k] = ""
            k += 1
        try:
            subject = str(make_header(decode_header(headers.get("subject", "")))).strip()
        except (ValueError, LookupError):
            subject = headers.get("subject", "").strip()
        who = re.sub(r"\s*<[^>]*>", "", headers.get("from", "")).strip().strip('"')
        out[start] = "## " + (subject or "(no subject)") + (f" — {who}" if who else "")
        qp = "quoted-printable" in headers.get("content-transfer-encoding", "").lower()
        body = k
        while k < n and not _MBOX_FROM.match(lines[k]):
            k += 1
        text = list(lines[body:k])
        if qp:
            for j in range(len(text) - 1):
                if text[j].endswith("=") and not re.search(r"=[0-9A-Fa-f]{2}$", text[j][-3:] if len(text[j]) >= 3 else ""):
                    # a soft break: the rest of the cut word (up to its first space) moves up to where the word starts
                    nxt = text[j + 1]
                    cut = re.match(r"[^\s]*", nxt).group(0) if not nxt[:1].isspace() else ""
                    text[j] = text[j][:-1] + cut
                    text[j + 1] = nxt[len(cut):].lstrip(" ") if cut else nxt
            text = [_qp_line(t) for t in text]
        signed = False
        for j, t in enumerate(text):
            if t.rstrip() in ("--", "-- ") or t == "-- ":
                signed = True
            out[body + j] = "" if signed else t
    return out


# -- a LaTeX table pasted into a note -------------------------------------------------------------------------

def _tex_row(line: str) -> str | None:
    """The cells' text of a ``tabular`` row (``a & b & c \\\\``, perhaps ``\\hline`` or a ``%`` comment after it), else None."""
    body = line.split("%", 1)[0].rstrip()
    for rule in ("\\hline", "\\midrule", "\\bottomrule"):
        if body.endswith(rule):
            body = body[: -len(rule)].rstrip()
    if not body.endswith("\\\\") or "&" not in body:
        return None
    return body[:-2].rstrip()


_TEX_RULE = compile_lazy(r"^\s*\\(?:toprule|midrule|bottomrule|hline|cmidrule(?:\([^)]*\))?\{[^}]*\})\s*$")
#: A line pairing a citation key with its identifier, outside the LaTeX: ``- dao2023flashattention2 = arXiv:2307.08691``.
_KEY_TO_ID = compile_lazy(r"^\s*(?:[-*+]\s+)?`?(?P<key>[A-Za-z][\w:.\-]{2,60})`?\s*(?:=|:|→|->|—|–)\s*(?P<rest>\S.*)$")


def _tex_table_fences(lines: list[str]) -> list[tuple[int, int]]:
    """The ``latex`` / ``tex`` fences of a note that hold a ``tabular``: ``(opening line, closing line)``."""
    return [(a, b) for a, b, lang in _code_fences(lines)
            if lang in ("latex", "tex") and any("\\begin{tabular" in lines[k] for k in range(a, b))]


def _tex_tables(lines: list[str]) -> list[str]:
    """A LaTeX table pasted into a note in a ``latex`` fence (a draft's ``table`` with its ``tabular``): its rows
    (``a & b & c \\\\``) a pipe table, the header's rule below it (``\\midrule``) the delimiter row, a later rule an empty row
    (a row of empty cells, no entry), ``\\cite{key}`` followed by the arXiv identifier the note pairs with that key
    (``- key = arXiv:ID`` lines, or a ``\\bibitem``); the caption and the notes under the table (``\\footnotesize …``) its
    text; the other commands and the fence blank.  Lines outside the fence stay as written."""
    ids: dict[str, str] = {}
    for ln in lines:
        m = _KEY_TO_ID.match(ln) or _TEX_BIBITEM.match(ln)
        if m and (found := find_arxiv_ids(m.group("rest"))):
            ids.setdefault(m.group("key"), found[0].arxiv_id)

    def cite(m: re.Match[str]) -> str:
        named = [ids[k.strip()] for k in m.group("keys").split(",") if k.strip() in ids]
        return "[" + "; ".join(f"arXiv:{x}" for x in named) + "]" if named else f"[{m.group('keys')}]"

    out = list(lines)
    for a, b in _tex_table_fences(lines):
        out[a] = out[b] = ""
        header_seen = delim_done = False
        cols = 0
        for k in range(a + 1, b):
            ln = lines[k]
            row = _tex_row(ln)
            if row is not None:
                cells = [_tex_inline(_TEX_CITE.sub(cite, c)).replace("$^\\dagger$", "†").replace("^\\dagger", "†").strip(" $")
                         for c in row.split("&")]
                cols = max(cols, len(cells))
                out[k] = "| " + " | ".join(cells) + " |"
                header_seen = True
            elif _TEX_RULE.match(ln):
                if header_seen and not delim_done and cols:
                    out[k] = "|" + " --- |" * cols
                    delim_done = True
                else:
                    out[k] = ("|" + "  |" * cols) if delim_done and cols and k + 1 < b and _tex_row(lines[k + 1]) is not None else ""
            elif re.match(r"^\s*\\(?:begin|end)\{|^\s*\\(?:centering|footnotesize|small|scriptsize|label|vspace|hspace|"
                          r"setlength|renewcommand|resizebox)\b", ln):
                out[k] = ""
            else:
                t = re.sub(r"\\caption\*?\{", "", ln)
                t = re.sub(r"\\(?:footnotesize|small|scriptsize)\b", "", t).replace("$^\\dagger$", "†").replace("^\\dagger", "†")
                t = _tex_inline(_TEX_CITE.sub(cite, t)).replace("{", "").replace("}", "").replace("\\,", " ")
                out[k] = " ".join(t.split())
    return out


# -- a spreadsheet pasted as CSV --------------------------------------------------------------------------------

#: A fence opening on a spreadsheet: ```` ```csv ````, ``~~~tsv``.
_CSV_FENCE = compile_lazy(r"^\s{0,3}(?:`{3,}|~{3,})\s*[ct]sv\b", re.MULTILINE)

def _csv_tables(lines: list[str]) -> list[str]:
    """A spreadsheet pasted into a note as a ``csv`` / ``tsv`` fence (a header row, then one row a line): a pipe table
    line for line, read by the standard library's ``csv`` (quoted cells with commas kept whole).  The header is
    written on the fence's opening line, the delimiter row on the header's line, each data row at its own line
    (one item a row, as a Markdown table's); the closing fence is blank.  A fence whose rows do not all have the
    header's number of cells (a log, prose) stays code."""
    import csv

    out = list(lines)
    for a, b, lang in _code_fences(lines):
        if lang not in ("csv", "tsv") or b - a < 3:
            continue
        body = lines[a + 1:b]
        rows = list(csv.reader(body, delimiter="\t" if lang == "tsv" else ","))
        filled = [r for r in rows if any(c.strip() for c in r)]
        if len(filled) < 2 or any(len(r) != len(filled[0]) for r in filled):
            continue

        def cells(r: list[str]) -> str:
            return "| " + " | ".join(c.strip().replace("|", "/") for c in r) + " |"

        out[a] = cells(rows[0])
        out[a + 1] = "|" + " --- |" * len(rows[0])
        for k, r in enumerate(rows[1:], a + 2):
            out[k] = cells(r) if any(c.strip() for c in r) else ""
        out[b] = ""
    return out


# -- grid tables ----------------------------------------------------------------------------------------------

_GRID_BORDER = compile_lazy(r"^\s*\+(?:[-=:]+\+)+\s*$")
_GRID_ROW = compile_lazy(r"^\s*\|.*\|\s*$")


def _grid_tables(lines: list[str]) -> list[str]:
    """Grid tables (``tabulate``'s and pandoc's ``+------+------+`` borders around ``| a | b |`` rows) as pipe tables:
    the border under the header (``+======+``, else the first border after the first row) the delimiter row, a border
    between rows a row of empty cells (no entry), the outer borders blank.  Other lines are returned as they are."""
    out = list(lines)
    k, n = 0, len(lines)
    while k < n:
        if not _GRID_BORDER.match(lines[k]):
            k += 1
            continue
        j = k
        while j + 1 < n and (_GRID_BORDER.match(lines[j + 1]) or _GRID_ROW.match(lines[j + 1])):
            j += 1
        block = range(k, j + 1)
        rows = [i for i in block if _GRID_ROW.match(lines[i])]
        if len(rows) >= 2 and _GRID_BORDER.match(lines[j]):
            cols = lines[k].strip().count("+") - 1
            header_rule = next((i for i in block if "=" in lines[i] and _GRID_BORDER.match(lines[i])), None)
            if header_rule is None:
                header_rule = next((i for i in block if i > rows[0] and _GRID_BORDER.match(lines[i])), None)
            for i in block:
                if i == header_rule:
                    out[i] = "|" + " --- |" * cols
                elif _GRID_BORDER.match(lines[i]):
                    out[i] = "|" + "  |" * cols if rows[0] < i < rows[-1] else ""
        k = j + 1
    return out


# -- an agent's trace in XML-like tags -----------------------------------------------------------------------

#: The tags of an agent's trace whose content is the agent's own words, those that hold a finding (a list entry each),
#: and those whose content is a machine's (a call's arguments, a tool's raw output), not the agent's words.
_TRACE_WORDS = ("thinking", "thought", "reasoning", "reflection", "task", "plan", "note")
_TRACE_FINDINGS = ("finding", "findings", "answer", "result", "observation", "summary")
_TRACE_MACHINE = ("tool_call", "tool_use", "tool_result", "function_call", "function_result", "action", "output")
#: A tag an agent's trace wraps its steps in, at the start of a line: ``<thinking>``, ``<tool_call name="…">``, ``</finding>``.
_TRACE_TAG = compile_lazy(rf"^\s*</?(?P<tag>{'|'.join(_TRACE_WORDS + _TRACE_FINDINGS + _TRACE_MACHINE)})\b[^>]*>", re.IGNORECASE)
#: The agent's own tags anywhere on a line (dropped, their words kept), and a finding's closing tag ending it.
_TRACE_OWN_TAG = compile_lazy(rf"</?(?:{'|'.join(_TRACE_WORDS + _TRACE_FINDINGS)})\b[^>]*>", re.IGNORECASE)
_TRACE_FINDING_END = compile_lazy(rf"</(?:{'|'.join(_TRACE_FINDINGS)})\s*>\s*$", re.IGNORECASE)


def _tagged_trace(lines: list[str]) -> list[str]:
    """An agent's trace whose steps are wrapped in tags (``<thinking>…</thinking>``, ``<tool_call …>{…}</tool_call>``,
    ``<tool_result>…</tool_result>``, ``<finding>…</finding>``): a step (a run of tagged lines after a blank line) is a
    heading with the words of its first line (the thinking that opens it), so each step is one topic; each finding a
    list entry (its first line) with its lines as the entry's continuation, so a step whose findings bring works of their
    own (a sweep) has them as its topics; a tool call's arguments and a tool's raw output blank (the fetched abstract is
    not what the agent concluded); the tags dropped, everything else as written."""
    out = list(lines)
    inside: str | None = None
    finding: int | None = None
    prev_blank = True
    for k, ln in enumerate(lines):
        m = _TRACE_TAG.match(ln)
        tag = m.group("tag").lower() if m else None
        closing = bool(m) and ln.lstrip().startswith("</")
        opens_step = prev_blank and m is not None and not closing
        prev_blank = not ln.strip()
        if m and not closing and tag in _TRACE_MACHINE:
            inside = None if re.search(rf"</{tag}\s*>\s*$", ln, re.IGNORECASE) else tag
            out[k] = ""
            continue
        if inside is not None:
            out[k] = ""
            if re.search(rf"</{inside}\s*>", ln, re.IGNORECASE):
                inside = None
            continue
        words = _TRACE_OWN_TAG.sub("", ln).strip()
        if m and not closing and tag in _TRACE_FINDINGS:
            finding = k
            out[k] = f"- {words}" if words else ""
            if re.search(rf"</{tag}\s*>\s*$", ln, re.IGNORECASE):
                finding = None
            continue
        if finding is not None:
            if closing or _TRACE_FINDING_END.search(ln):
                out[k] = f"  {words}" if words else ""
                finding = None
            else:
                first = not out[finding].strip()
                out[k] = (f"- {words}" if first else f"  {words}") if words else ""
                if first and words:
                    finding = k
            continue
        if opens_step and words:
            out[k] = f"### {words}"
        elif m or closing:
            out[k] = words
    return out


def _tag_traced(lines: list[str]) -> bool:
    """Whether a note is an agent's tagged trace: three tag lines or more, one of them a tool call or result."""
    tags = [m.group("tag").lower() for ln in lines if (m := _TRACE_TAG.match(ln))]
    return len(tags) >= 3 and any(t in _TRACE_MACHINE for t in tags)


# -- an outliner's OPML export --------------------------------------------------------------------------------

_OPML_OUTLINE = compile_lazy(r"^(?P<ind>\s*)<outline\b(?P<attrs>[^>]*?)(?P<close>/?)>\s*$")
_XML_ATTR = compile_lazy(r'(?P<k>[\w:-]+)\s*=\s*"(?P<v>[^"]*)"')


def _opml(lines: list[str]) -> list[str]:
    """An outliner's OPML export (``<opml>``, ``<outline text="…" _note="…"/>`` nested): each outline a list entry at its
    line, nested as the outlines are, written ``text — note`` with its link (``url``/``htmlUrl``/``xmlUrl``) after it
    (XML character references undone, the note's line breaks spaces); the document's ``<title>`` its title; every other
    line of the XML blank."""
    out = [""] * len(lines)
    depth = 0
    for k, ln in enumerate(lines):
        s = ln.strip()
        m = _OPML_OUTLINE.match(ln)
        if m:
            attrs = {a["k"]: html.unescape(a["v"]) for a in _XML_ATTR.finditer(m.group("attrs"))}
            text = " ".join(attrs.get("text", attrs.get("title", "")).split())
            note = " ".join(attrs.get("_note", "").split())
            url = attrs.get("url") or attrs.get("htmlUrl") or attrs.get("xmlUrl") or ""
            said = text + (f" — {note}" if note else "") + (f" ({url})" if url and url not in text + note else "")
            out[k] = "  " * depth + f"- {said}" if said else ""
            if not m.group("close"):
                depth += 1
        elif s.startswith("</outline"):
            depth = max(0, depth - 1)
        elif (t := re.match(r"^\s*<title>(?P<t>.*)</title>\s*$", ln)) is not None:
            out[k] = "# " + html.unescape(t.group("t")).strip()
    return out
