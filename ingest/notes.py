"""Notes and cards: Markdown with optional YAML front matter -> items and claims.

``parse_note(text, path, kind)`` is pure; ``ingest.sources.read_source`` opens the file.  What a
note is made of (documented in ``docs/FORMAT.md`` sections 4-8):

* optional front matter (``author``, ``created``, ``evidence``, ``title``, ``arxiv``, ``doi``,
  ``aliases``, ``tags``, ``kind``) read as strings; a year-only date (``date: 2026``) is understood;
* blocks from markdown-it-py (:mod:`ingest.blocks`): HTML comments, code and front matter are never
  claims; quote and callout markers are not part of a quote;
* items (topics) and the works each is about from :mod:`ingest.structure`: a one-paper note is one
  item; a collection splits at its headings, pseudo-headings, entries, rows or rules;
* ``### `` sub-headings (and ``值得警惕：`` lead-ins) name the role of what follows (值得警惕/Caveats
  -> ``caveat``, 与活文档的关系/Relation -> ``relation``);
* evidence levels from the writer's words (:mod:`ingest.evidence`): a line's own, else its item's
  (heading and opening, else the first depth its body states), else a heading's above it that states
  one, else the note's (front matter, preamble); a card is ``card_only``; ``unverified`` adds to what a
  statement inherits and stays until a line names a depth; quoted lines of a note that says it quotes
  someone are ``second_hand`` too;
* section suggestions and cross-references (:mod:`ingest.placement`);
* the writer's own relevance verdict: "nothing new", "不动", "noise" -> low; a proposed change ->
  increment (a change that only adds a citation does not count).
"""
from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timezone, tzinfo
from pathlib import PurePosixPath

from .arxiv import find_arxiv_ids
from .blocks import MdBlock, read_blocks, value_cells
from .facts import facts_of, find_figures, qualifier_sides, setting_of
from .evidence import DEPTH_LEVELS, EvidenceReader, evidence_reader, ordered_levels
from .markup import as_markdown
from .lexicon import Lexicon, load_lexicon
from .models import EVIDENCE_LEVELS, PLACED_HEARSAY, ArxivRef, Claim, Item
from .placement import PLACEMENT_HEADING, SectionRef, section_column, section_refs, table_section
from .living_doc import TITLE_COLUMNS
from .structure import BIBTEX_ENTRY, FOOTNOTE_MARK, IM_CLUTTER, TURN_HEADER, comment_author, comparison_columns, corrected_turns, front_matter_works, is_turn_header, lead_name, letter_lines, read_structure, reference_spans, signature_blocks, without_edit_mark, works_in
from .claims import make_claim
from .text import (
    alias_before,
    find_urls,
    find_wikilinks,
    split_front_matter,
    split_sentences,
    strip_markup,
    without_titles,
)
from ingest.lazyre import compile_lazy

#: An item that is a plan or a blocker, not a finding: a stand-up's "Next: …", "Blockers: …", "TODO: …", "待办：…", "下一步：…".
_PLAN_HEAD = compile_lazy(r"^\W*(?:next(?: steps?| week| up)?|to-?do|plan(?:ned)?|later|follow-?ups?|blockers?|blocked|待办|下一步|下周|后续|计划|阻塞)"
                          r"\s*[:：]", re.IGNORECASE)
#: A front matter's ``title`` that names the note, not its paper: "Notes on ChunkQuant", "Reading: …", "ChunkQuant 精读",
#: "周报", "Review of …" (the paper's own title is read from such a field only where it is none of these).
_NOTE_TITLE = compile_lazy(r"^\W*(?:notes?|reading(?: notes?)?|summary|review|thoughts|recap|tl;?dr|week(?:ly)?|digest|log)\b|"
                           r"(?:笔记|精读|速读|阅读|读后感|总结|周报|日报|记录|摘录|整理)\W*$|\b(?:notes?|review|summary|recap)\W*$",
                           re.IGNORECASE)

__all__ = ["NoteParts", "parse_note", "agent_from", "time_from", "parse_time", "claim_version", "written_title",
           "sentence_pieces"]

#: What a note template says to its writer in a comment ("fill in", "e.g.", "pick one", "模板", "填写"): an instruction, no level.
_TEMPLATE_HINT = compile_lazy(r"\b(?:fill(?:ed)? (?:this )?in|(?:this|the|note|card) template|choose one|pick one|replace (?:this|with)|delete (?:this|as)|"
                            r"how (?:deep(?:ly)?|far|much) (?:did|do|have) you)\b|\be\.g\.|模板|填写|示例|请(?:填|选)|二选一|(?:选|删)掉?其一", re.IGNORECASE)

_BYLINE = compile_lazy(r"^(?:\*\*)?(?:作者|author|by)(?![\w-])(?:\*\*)?\s*[:：]?\s*(?:\*\*)?\s*([^\s·|,，/（(]+)", re.IGNORECASE)  # ("author-reported …" is no byline)
_FILE_TIME = compile_lazy(r"(\d{4}-\d{2}-\d{2})(?:[T-](\d{2}):?(\d{2}))?")
_TEXT_TIME = compile_lazy(r"(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?")
_TIME_LABEL = compile_lazy(r"^(?:时间|date|time)\s*[:：]", re.I)
_LIST_SEP = compile_lazy(r"[,，]")
_VERDICT_LINE = compile_lazy(r"^(?:[-*]\s*)?(?:判断|verdict|relevance)\s*[:：]", re.I)
#: Workspace paths written in a note (``inbox/…/x.md``): links to other sources.
_PATH_RE = compile_lazy(r"(?<![\w/.])((?:inbox|organized|work-guard)/[\w\-./\u4e00-\u9fff]+?\.(?:md|json|txt))")
_CJK = compile_lazy("[\u4e00-\u9fff]")


class NoteParts(dict):
    """The fields ``parse_note`` extracted, keyed like ``ParsedSource`` fields."""



#: An exception in a note's opening to the level it states for all its items: "except PyramidKV, which I
#: only skimmed", "apart from FlashInfer (abstract only)", "除了 SnapKV（只看了摘要）".
#: A work named in an opening's list: a name with a capital ("DraftCache", "Sequoia", "EAGLE-3") or an arXiv identifier.
_NAMED_WORK = compile_lazy(r"(?<![\w.-])(?:[A-Z](?=[A-Za-z0-9]*[A-Za-z])[\w+-]*|[a-z]{1,3}[A-Z][\w+-]*|\d{4}\.\d{4,5})(?![\w.-])")
#: Capitalised words that open a sentence or a clause, never a work's name.
_NOT_A_NAME = frozenset({"the", "this", "that", "these", "those", "it", "its", "we", "i", "a", "an", "our", "their", "and",
                         "but", "also", "both", "all", "read", "only", "paper", "papers", "see", "note", "notes", "how", "what",
                         # a video's uploader ("UP 主"), the places a paper is read: no work's name
                         "up", "pdf", "arxiv", "abstract", "github", "readme", "ok"})
_EXCEPT = compile_lazy(r"(?:\bexcept(?: for)?|\bapart from|\bother than|\bsave for|除了|唯一的?例外是|例外是|"
                     r"\bthe (?:only|one|single) exception (?:is|being)|\bexception\s*:)\s*(?P<name>[^,，;；.。()（）]{2,40}?)\s*"
                     r"(?:[,，(（:：—]|\s-\s|\s(?=which|that|where|I\b))\s*(?P<rest>[^.;。；]{3,120})", re.IGNORECASE)

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


#: A front matter key (the line's own, not indented) and its value.
_FRONT_KEY = compile_lazy(r"^(?P<key>[^\s:#'\"-][^:]{0,40}?|\"[^\"]{1,40}\"|'[^']{1,40}')\s*:\s*(?P<value>.*)$")
#: A front matter list entry (``  - text``) and an indented continuation line.
_FRONT_ENTRY = compile_lazy(r"^\s*-\s+(?P<value>.+)$")


#: Front matter keys that are a card's metadata, never its statements, even in a card kept as YAML alone.
_FRONT_METADATA = frozenset("""id arxiv arxiv_id title authors author url link links pdf doi tags topics topic category kind type date created
    updated submitted published year venue status priority source sources evidence read read_depth depth checked looked_at section
    suggested_section kb_section placement where home aliases alias repo repository license stars forks version area keywords agent
    by maintainer owner language lang card_kind card_source paper papers code""".split())
#: A value that says something: four words or more, or a figure ("2.2x", "38%", "1.4 s").
_SAYS_SOMETHING = compile_lazy(r"(?:\S+\s+){3,}\S|\d(?:\.\d+)?\s*(?:[x×%]|倍|ms\b|s\b|GB\b|tok)")


#: A field name that ties its value to a version: "v3_change", "decode_speedup_v3", "v2-notes".
_KEY_VERSION = compile_lazy(r"(?:^|[_-])v(\d{1,2})(?:$|[_-])")


def _keyed_version(key: str, value: str) -> str:
    """A front-matter statement with the version its field's name gives it written first, ``v3: …`` for ``v3_change:
    "recursive $ref is now supported …; the v1 compiler refused recursive schemas"`` (the value names v1 only to say
    what changed; the statement is v3's), else the value as it is."""
    m = _KEY_VERSION.search(key)
    if m is None or re.match(rf"\s*v{m.group(1)}\b", value):
        return value
    return f"v{m.group(1)}: {value}"


def _front_statements(lines: list[str], body_first: int, lex: Lexicon, *, card_alone: bool = False) -> list[str]:
    """The front matter's statement fields as Markdown list entries, line for line (lines 1 to ``body_first - 1``; every
    other line blank), or ``[]`` when it has none.

    A statement field is one the lexicon's ``structure.front_statement_keys`` names (``claims``, ``key_points``,
    ``summary``, ``要点``, …): each of its list entries, or its value written on the key's line, is one statement; the
    lines of a block scalar (``summary: |``) are one paragraph.  Other fields (``title``, ``source``, ``tags``) stay
    metadata.  A card kept as YAML alone says everything it says there (issue 19: a YAML-only card's "2.4x … at batch
    size 1" was no claim, so the version it was written from was never set against a later one): with ``card_alone``,
    any field that is no metadata (``_FRONT_METADATA``) and whose value says something (``_SAYS_SOMETHING``) is a
    statement too (``decode_speedup_v3: "2.2x decode throughput over torch.compile …"``).
    """
    if body_first <= 2:
        return []
    keys = {k.lower() for k in lex.raw.get("structure", {}).get("front_statement_keys", [])}
    out = [""] * (body_first - 1)
    inside = False
    block = False
    for k in range(1, body_first - 2):  # (line 1 and the closing line are the fences)
        ln = lines[k]
        if not ln.strip():
            continue
        key = _FRONT_KEY.match(ln) if not ln[:1].isspace() else None
        if key:
            name = key.group("key").strip("'\" ").lower().replace(" ", "_").replace("-", "_")
            inside = name in keys or bool(re.fullmatch(r"v\d{1,2}_(?:change|changes|notes?|diff)", name))  # ("v2_change: …")
            value = key.group("value").strip()
            if not inside and card_alone and name not in _FRONT_METADATA and value[:1] not in ("[", "{", "&", "*") \
                    and (_SAYS_SOMETHING.search(value) or value[:1] in ("|", ">")):
                inside = True  # (a value on the key's line, or a block scalar under it)
            block = inside and value[:1] in ("|", ">")
            if inside and value and not block and not value.startswith(("[", "{", "&", "*")):
                out[k] = "- " + _keyed_version(name, value.strip("'\""))
            continue
        if not inside:
            continue
        entry = _FRONT_ENTRY.match(ln)
        sub = _FRONT_KEY.match(ln.strip()) if not entry and not block else None
        if entry and not block:
            out[k] = "- " + entry.group("value").strip().strip("'\"")
        elif sub is not None and _SAYS_SOMETHING.search(sub.group("value")):
            # ("claims:" over "  decode_speedup_v3: \"2.2x decode throughput …\"": a statement named by its key)
            out[k] = "- " + _keyed_version(sub.group("key").strip("'\" ").lower(), sub.group("value").strip().strip("'\""))
        elif block:
            out[k] = ln.strip()
    return out if any(out) else []


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


_ORG_DIRECTIVE = compile_lazy(r"^#\+[A-Za-z_]+:")
_ORG_HEADING = compile_lazy(r"^(\*+)\s+(\S.*)$")


def _org_as_markdown(lines: list[str]) -> list[str]:
    """An Org-mode note (``#+TITLE:`` directives, ``* Heading`` / ``** Sub-heading`` lines) read as
    Markdown, line for line: ``* X`` becomes ``## X``, ``** X`` ``### X``, directives plain text.  Any
    other text is returned as it is (a Markdown ``* bullet`` stays a bullet)."""
    if not any(_ORG_DIRECTIVE.match(ln) for ln in lines[:10]):
        return lines
    out = []
    for ln in lines:
        m = _ORG_HEADING.match(ln)
        out.append(f"{'#' * min(6, len(m.group(1)) + 1)} {m.group(2)}" if m else ln)
    return out


def _year_only(value: str) -> bool:
    """A date written as a year or a year and month (``2026``, ``2026-11``): understood, not a problem."""
    return bool(re.fullmatch(r"\s*\d{4}(?:[-/.]\d{1,2})?\s*", value))


#: A decision line at the end of minutes ("结论：…", "Decision: …"): it speaks of the items before it,
#: so it does not decide the relevance of the item it happens to follow.
_EPILOGUE = compile_lazy(r"^\s*(?:结论|决定|决议|decisions?|action items?|todo|next steps?)\s*[:：]", re.IGNORECASE)
#: Evidence levels that, stated by an item's own words and alone, make it hearsay (low relevance).
#: Levels that say an item rests on someone else's word: another's report, the vendor's, or only the shift's card
#: (a note's "training-free according to our card; nobody has read the paper": the card's claim repeated).
_HEARSAY = frozenset({"second_hand", "unverified", "vendor_self_reported", "card_only"})
_VERSION = compile_lazy(r"(?<![\w.])v(\d{1,2})(?![\w.])")
_CHANGE = compile_lazy(r"改成|改为|改到|提到|更新为|换成|changed|revised|now (says|reads|reports)|updated to|replaced|withdrawn|撤回|不再成立", re.I)
_CITE_ONLY = compile_lazy(r"引用列表|引文列表|参考文献|§\s*七|citation list|reference list|references|bibliography|缺引用|add (it )?to the (citations?|references|bibliography)", re.I)
#: ``Title: …``, ``**Title**: …``, ``Title:: …``, and a field list aligned with spaces (``title       Deterministic …``).
_TITLE_FIELD = compile_lazy(r"^\s*(?:[-*+]\s+)?(?:\*\*)?(?:title|paper title|论文标题|标题|题目)(?:\*\*)?(?:\s*(?:::|[:：])|[ ]{2,}|\t)\s*(?:\*\*)?\s*(.+?)\s*$",
                          re.IGNORECASE)
_CAVEAT_LEAD = compile_lazy(r"^\s*(?:\*\*)?(?:值得警惕|警惕|风险|注意|caveats?|risks?|warning|concerns?)(?:\*\*)?\s*[:：]", re.I)


_TITLE_COLUMNS = TITLE_COLUMNS
_LEAD_MARKS = compile_lazy(r"^\s*(?:[-*+]\s+|\d{1,3}[.)、]\s*|\[[ xX]\]\s*|\d{1,2}/\s*)*")
_TITLE_SHAPE = compile_lazy(r"^[\w\d(\[“\"'《][^\n]{6,240}$")


#: A line that ends inside a quotation (an opening quote with no closing one after it).
_OPEN_QUOTE = compile_lazy(r"[\"“《「][^\"”》」]*$")


_HEADER_UNIT = compile_lazy(r"\(?\s*(tok(?:en)?s?/s|ms|TFLOPs/s|GB|%|×|x)\s*\)?\s*$|\b(tok(?:en)?s?/s|ms|TFLOPs/s)\b"
                          r"|(?<![A-Za-z])[(（]\s*(s|sec|µs|us|req/s|reqs?/s)\s*[)）]\s*$", re.IGNORECASE)  # "P99 TTFT (s)", "rate (req/s)"
#: (not a plural's "(s)": "GPU(s)")
_BARE_NUMBER = compile_lazy(r"[~≈]?\s*\d[\d,]*(?:\.\d+)?")


#: A line of code that may hold an identifier: one with its context (``arXiv:``, a URL, the arXiv DOI,
#: BibTeX's ``eprint``); in any other line of code or a log, a bare ``1204.5531`` is a measured value.
_CONTEXT_FORM = compile_lazy(r"arxiv|eprint|/|10\.48550", re.IGNORECASE)
_GITHUB_REPO = compile_lazy(r"github\.com/[\w.-]+/([\w.-]+?)(?:\.git)?(?=[/\s)\]>#?]|$)", re.IGNORECASE)
_SIZE_CELL = compile_lazy(r"\d+(?:\.\d+)?\s*[KkMm]")


#: A flashcard's or an FAQ's question and answer lines: "Q: …" / "A: …", "问：…" / "答：…", "Question: …" / "Answer: …".
_QUESTION_LINE = compile_lazy(r"^\W*(?:Q|Question|问)\s*\d{0,3}\s*[:：]", re.IGNORECASE)
_ANSWER_LINE = compile_lazy(r"^\W*(?:A|Answer|答)\s*\d{0,3}\s*[:：]", re.IGNORECASE)

#: The word of a question its answer's value stands for: "高多少？", "快几倍", "how much", "by what factor".
_ASKED_VALUE = compile_lazy(r"多少|几倍|多大|多快|how (?:much|many|fast|large)|by what factor|what (?:is|was) the", re.IGNORECASE)


def _answered_figures(question: str, answer: str, lex) -> tuple:
    """The figures of a flashcard's answer read as the statement the question and the answer make together ("Q: Tandem
    在相同 SLO 下 goodput 比 vLLM 高多少？" / "A: 4.5x（…）" is "Tandem 在相同 SLO 下 goodput 比 vLLM 高 4.5x（…）"): the
    question's measure and setting are the figure's; only the figures the answer writes are kept."""
    q = _QUESTION_LINE.sub("", question, count=1).strip().rstrip("?？").strip()
    a = _ANSWER_LINE.sub("", answer, count=1).strip()
    said = _ASKED_VALUE.sub(lambda _m: " " + a + " ", q, count=1) if _ASKED_VALUE.search(q) else f"{q}: {a}"
    got = find_figures(said, lex)
    mine = tuple(x for x in got if x.raw in answer)
    return mine or find_figures(answer, lex, context=question)


#: What a "same …" says is the same, by the word after "same" (``_SAME_SETTING``): the setting's categories it takes from the
#: sentence before ("同一模型 64K 约 2 倍" keeps its own 64K, and takes the model only); a setting, setup or configuration is all.
_SAME_WHAT = {"model": ("model", "msize"), "模型": ("model", "msize"), "hardware": ("hw", "gpus"), "gpu": ("hw", "gpus"),
              "硬件": ("hw", "gpus"), "context": ("ctx",), "batch": ("batch",), "prompt": ("bench",), "trace": ("bench",),
              "workload": ("bench",)}


def _same_as_before(clean: str, lex, before: str, own: tuple) -> tuple:
    """The figures of a sentence that says its setting is the one before's ("same model, same 128K context", "on the same
    setup", "同一模型"): those categories of the sentence before's setting added to the figures' own."""
    cats: set[str] = set()
    for m in _SAME_SETTING.finditer(clean):
        word = re.sub(r"^(?:same\s+|同一|相同(?:的)?)", "", m.group(0).lower()).rstrip("s")
        got = _SAME_WHAT.get(word)
        if got is None:
            return find_figures(clean, lex, context=before)  # a setting, a setup, a configuration: all of it
        cats.update(got)
    merged = find_figures(clean, lex, context=before)
    if len(merged) != len(own):
        return merged
    out = []
    for q, mine in zip(merged, own):
        keep = {c for c in q.conditions if c.partition(":")[0] in cats} | set(mine.conditions)
        out.append(q.model_copy(update={"conditions": tuple(sorted(keep))}))
    return tuple(out)


#: A scalar measure named by a table's caption or heading ("Llama-2 困惑度总表", "Perplexity (lower is better)").
#: A language-modelling dataset: a bare number measured on it is a perplexity.
_LM_DATASET = compile_lazy(r"\bwiki-?text-?(?:2|103)\b|\bC4\b|\bPG-?19\b|\bPTB\b", re.IGNORECASE)
#: A sentence saying its setting is the one before's: "same model, same 128K context", "同一配置下".
_SAME_SETTING = compile_lazy(r"\bsame (?:model|setting|settings|setup|set-up|config(?:uration)?|context|hardware|GPU|batch|prompt|trace|workload)s?\b|"
                           r"同一(?:配置|设置|模型|环境|硬件)|相同(?:的)?(?:配置|设置|模型|环境|硬件)", re.IGNORECASE)
_CAPTION_MEASURE = compile_lazy(r"perplexity|\bppl\b|困惑度|accuracy|准确率|\bscores?\b|得分", re.IGNORECASE)


def _own_column(b, title: str):
    """A table row with only the number cells of the one column its item's title names (a card's "SALT" in "| model | …
    | SALT | GPTQ | FP16 |"): the row as the item's work's figures; the row as it is when it has one number, and None
    (no figures) when several columns of numbers are none of them the work's."""
    own = [i for i, h in enumerate(b.header) if len(h.strip()) >= 2 and not _BARE_NUMBER.fullmatch(h.strip())
           and re.search(rf"(?<![\w-]){re.escape(strip_markup(h).strip())}(?![\w-])", title)]
    numbers = sum(1 for c in b.cells if _BARE_NUMBER.fullmatch(strip_markup(c).strip()))
    if len(own) != 1:
        # (several columns of numbers, none the work's: whose each is, the row does not say)
        return b if numbers <= 1 else None
    keep = [i for i, c in enumerate(b.cells) if i == own[0] or not _BARE_NUMBER.fullmatch(strip_markup(c).strip())]
    return dataclasses.replace(b, cells=tuple(b.cells[i] for i in keep), header=tuple(b.header[i] for i in keep if i < len(b.header)))


def _row_fact_text(b, measure: str = "") -> str:
    """A table row as text for its figures: a bare number cell is written with its column's name and unit
    (``Output tok/s`` | ``1,640`` -> ``Output 1,640 tok/s``; ``TTFT p50 (ms)`` | ``198`` -> ``TTFT p50 198 ms``);
    ``measure``, the scalar measure the table's caption or heading names, follows a column named only by its
    benchmark (``WikiText-2`` | ``6.92`` under "困惑度总表" -> ``WikiText-2 困惑度 6.92``)."""
    out = []
    pairs = list(zip(b.header, b.cells))
    if len(b.cells) == 2 and len(b.header) == 2 and find_arxiv_ids(b.header[1]) and _BARE_NUMBER.fullmatch(strip_markup(b.cells[1]).strip()):
        # a key/value record ("| 论文 | 2503.01840 |" over "| MT-bench 接受率（贪心） | 0.58 |"): the value's name is its key
        pairs = [(b.cells[0], b.cells[1])]
    for h, cell in pairs:
        c = strip_markup(cell).strip()
        if "_" in h and re.fullmatch(r"[A-Za-z0-9_]+", h.strip()):
            h = h.replace("_", " ")  # a CSV export's field name: "ppl_wikitext2" is "ppl wikitext2"
        if re.fullmatch(r"\s*(?:w|weight)?\s*bits?\s*", h, re.IGNORECASE) and re.fullmatch(r"\d{1,2}", c):
            out.append(f"{c}-bit")  # a bit-width column: "bits" | "3" is 3-bit
            continue
        m = _HEADER_UNIT.search(h) if _BARE_NUMBER.fullmatch(c) else None
        if m:
            unit = m.group(1) or m.group(2) or m.group(3)
            name = (h[:m.start()] + h[m.end():]).strip() if m.group(1) or m.group(3) else h.replace(unit, "").strip()
            out.append(f"{name} {c} {unit}")
        elif (_BARE_NUMBER.fullmatch(c) or _SIZE_CELL.fullmatch(c)) and re.search(r"[^\W\d_]", h):
            # "平均接受长度" | "2.4": the measure is the column's; "序列长度" | "32K": the setting is; the setting
            # in brackets after the name comes after the value ("接受率（贪心）" | "0.58" -> "接受率 0.58（贪心）")
            name = strip_markup(h).strip()
            if measure and not _CAPTION_MEASURE.search(name):
                name = f"{name} {measure}"
            paren = re.search(r"\s*([(（][^()（）]*[)）])\s*$", name)
            out.append(f"{name[:paren.start()]} {c}{paren.group(1)}" if paren and paren.start() else f"{name} {c}")
        elif _NUMBER_WITH_UNIT.fullmatch(c) and re.search(r"[^\W\d_]{2}", h) and not _NUMBER_WITH_UNIT.search(h):
            # "TTFT p50" | "9.4 s": the value with its unit is still the column's measure ("TTFT p50 9.4 s")
            out.append(f"{strip_markup(h).strip()} {c}")
        elif _LEADING_RATIO.match(c) and re.search(r"[^\W\d_]{3}", h) and not _NUMBER_WITH_UNIT.search(h):
            # "Throughput gain (n)" | "7.5x vs vLLM (n = 100)": the ratio is a gain of the column's measure
            out.append(_TRAILING_PAREN.sub("", strip_markup(h).strip()) + f" {c}")
        else:
            out.append(c)
    return " | ".join(out)


_TRAILING_PAREN = compile_lazy(r"\s*[(（][^()（）]*[)）]\s*$")
#: A cell that opens with a ratio or a share and goes on ("7.5x vs vLLM (n = 100)", "+21% over Sarathi").
_LEADING_RATIO = compile_lazy(r"^\s*[~≈+-]?\s*\d+(?:\.\d+)?\s*(?:x|×|%|倍)(?![\w])\s*\S")


_NAME_DASH = compile_lazy(r"(?:^|[\s:：*])([A-Z][\w.+-]{1,30})\s*[—–]\s*(?:<?https?://\S*|[Aa]r[Xx]iv\s*:?\s*|(?:doi:?\s*)?10\.48550/[Aa]r[Xx]iv\.)?$")
#: A line speaking of what comes before it: "Everything above the rule is …", "all the numbers above", "以上内容都是…".
_ABOVE_SCOPE = compile_lazy(r"\b(?:everything|all|the (?:numbers|figures|claims|text))(?: of (?:the|this))?\s+(?:written\s+|quoted\s+|pasted\s+)?above\b"
                          r"(?!\s*(?:~|≈|about\s+)?\d)|(?<![\d.×x倍%]\s)(?<![\d.×x倍%])"
                          r"(?:以上(?:内容|数字|都|全|均)|上面(?:的|这些)?(?:内容|数字)?(?:都|全|均))", re.IGNORECASE)
#: (not a figure's bound: "speedups all above 1.5x", "2 倍以上都…")
#: A paragraph speaking of what follows it: "The numbers here are …", "everything below", "the following", "以下", a colon at its end.
_POINTS_FORWARD = compile_lazy(r"[:：]\s*$|\b(?:here|below|following|these|this list|the list|the rest|everything else)\b|下面|以下|如下|这些|下列|其余",
                             re.IGNORECASE)
#: A sentence whose subject is a pronoun: "It …", "They report …", "我印象里他们 …", "它 …".
_PRONOUN_LEAD = compile_lazy(r"^\W*(?:(?P<plural>(?:they|their|the authors)\b)|(?:it|its|this work)\b|[^，,。]{0,6}?(?:(?P<plural_zh>他们|它们|作者们?)|它)"
                           r"(?!的?(?:代码|仓库)))", re.IGNORECASE)
#: A sentence that opens with the work it names: "vAttention [2405.04437] keeps …", "arXiv:2401.09670 reports …".
_ID_OPENS = compile_lazy(r"^\W*(?:[A-Z][\w.+-]{1,30}\s*)?[(\[（]?\s*(?:arxiv\s*[:：]?\s*|https?://\S*?)?\d{4}\.\d{4,5}", re.IGNORECASE)
#: A line led by a work's short name and a colon: "RePlace: …", "*ExFlow: abstract only. …*".
_NAME_LABEL = compile_lazy(r"^[\s*_>-]*([A-Za-z][\w.+-]{1,30})\s*[:：]\s")
#: A note's link or tag line written as a field without front matter ("links: [[202706011410]]", "tags: #kv #offload"):
#: where the note sits among others, no statement.
_LINKS_LINE = compile_lazy(r"^\s*(?:links?|tags?|backlinks|related)\s*[:：]\s*(?:\[\[|#|$)"
                         # an arXiv listing's record fields and markers: "Date: Wed, 15 Jul 2026 … (912kb)", "Authors: …",
                         # "Categories: cs.LG cs.AI", "License: http://…", "Comments: 11 pages, 4 figures", "\\ ( https://arxiv.org/abs/… ,
                         # 912kb)" (a "Comments:" line that says more than its pages and figures is a statement)
                         r"|^\s*(?:authors?|categories|report-no|journal-ref|acm-class|msc-class)\s*:\s*\S"
                         r"|^\s*date\s*:\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,\s*\d{1,2}\s+[a-z]{3}\s+\d{4}\b"
                         r"|^\s*comments\s*:\s*(?:\d+\s*(?:pages?|figures?|tables?)[,.;\s]*(?:and\s*)?)+\s*$"
                         r"|^\s*(?:\\\\\s*)?arXiv:\d{4}\.\d{4,5}(?:v\d+)?(?:\s*\(\*?cross-listing\*?\))?\s*$", re.IGNORECASE)
#: A line of a record that opens a field of its own ("TLDR: …", "Venue: …", "Comments: …"): a statement of its own, not the
#: continuation of the line above (a feed's entry, an alert's hit, a listing's record written line under line).
_FIELD_START = compile_lazy(r"^\s*(?:TL;?DR|tldr|venue|authors?|abstract|summary|comments?|note|notes|why|verdict|takeaway|status|"
                          r"摘要|备注|结论|点评|来源)\s*[:：]\s*\S", re.IGNORECASE)
#: An arXiv listing's markers, no one's words: "\\", "\\ ( https://arxiv.org/abs/2607.12215 ,  912kb)", "License: http://…".
_LISTING_MARK = compile_lazy(r"^\s*\\\\\s*(?:\(\s*https?://arxiv\.org/abs/\S+\s*,\s*\d+kb\s*\))?\s*$|^\s*license\s*:\s*https?://\S+\s*$",
                           re.IGNORECASE)
#: A field|value table's title row as a statement ("Title | RotaGroup: Calibration-Free …", "Full Title | …"): the title's
#: words are its name, no statement of what the work does (as a ``_TITLE_FIELD`` line).
_TITLE_ROW = compile_lazy(r"^\s*(?:title|full title|paper title|标题|题目|论文标题)\s*\|", re.IGNORECASE)
#: Text struck out in a revision (``~~…~~``, GFM strikethrough).
_STRUCK = compile_lazy(r"~~(?!~)[^~\n]{1,400}?~~")
#: A cell that is one value with its unit: "9.4 s", "~38 s", "1,840 tok/s", "2.95x", "约 3 倍".
_NUMBER_WITH_UNIT = compile_lazy(r"[~≈约<>≤≥]?\s*\d[\d,.]*\s*(?:[A-Za-zµ%×]{1,6}(?:/[A-Za-z]{1,6})?|倍|秒|毫秒)")


_CHECK = compile_lazy(r"^\s*(?:✓|✔|✔️|✅|☑|yes|y|是|有)\s*(?:\[\^[^\]]+\])?\s*$", re.IGNORECASE)
_CROSS = compile_lazy(r"^\s*(?:✗|✘|❌|×|no|n|否|无)\s*(?:\[\^[^\]]+\])?\s*$", re.IGNORECASE)


def _row_checks(b) -> str:
    """A table row's check-mark cells as sentences for the qualifier reader: ``Exact?`` | ``✓`` -> ``exact``,
    ``Exact?`` | ``✗`` -> ``not exact``; other cells give nothing."""
    out = []
    for h, cell in zip(b.header, b.cells):
        name = strip_markup(h).strip().rstrip("?？").strip()
        # (the column asks, the mark answers: "是否无损" | "✓" is "无损", "Is it exact?" | "✗" is "not exact")
        name = re.sub(r"^(?:是否|是不是|有没有|要不要|能否|whether|is it|does it|is)\s+|^(?:是否|是不是|有没有|要不要|能否)", "", name,
                      flags=re.IGNORECASE)
        c = strip_markup(cell)
        if not name or len(name) > 40:
            continue
        if _CHECK.match(c):
            out.append(name)
        elif _CROSS.match(c):
            out.append(f"not {name}")
    return ". ".join(out)


_SUMMARY = compile_lazy(r"<summary>\s*(?P<t>.*?)\s*</summary>", re.IGNORECASE)


def _summary_title(lines: list[str], first: int) -> tuple[int, str] | None:
    """``(line, title)`` of a card whose body is a ``<details>`` block: the longest field of its ``<summary>``
    (``0733 · 2404.11912 · TriForce: Lossless Acceleration …``) that is no identifier or number, else None."""
    for k, ln in enumerate(lines):
        m = _SUMMARY.search(ln)
        if not m:
            continue
        fields = [f.strip() for f in re.split(r"\s+[·|—–]\s+", strip_markup(m.group("t"))) if f.strip()]
        fields = [f for f in fields if not find_arxiv_ids(f) and not re.fullmatch(r"[\d\s#.-]+", f)]
        best = max(fields, key=len, default="")
        return (first + k, best) if len(best.split()) >= 3 else None
    return None


def _title_field(blocks) -> tuple[int, str] | None:
    """``(line, title)`` of a card's title field: a ``Title: …`` line (``_TITLE_FIELD``) or the row of a
    field/value table whose first cell is ``Title`` (``| Title | SageAttention2: … |``), in the blocks
    given; None when there is none of at least four characters."""
    for b in blocks:
        if b.kind == "row" and len(b.cells) >= 2 and re.fullmatch(r"(?:title|paper title|论文标题|标题|题目)",
                                                                 strip_markup(b.cells[0]).strip().strip("*_"), re.I):
            t = strip_markup(b.cells[1]).strip().strip("\"'“”")
            if len(t) >= 4:
                return b.line, t
            continue
        for ln, t in b.lines:
            m = _TITLE_FIELD.match(t)
            if m and len(m.group(1).strip()) >= 4:
                return ln, strip_markup(m.group(1)).strip().strip("\"'“”")
    return None


def _row_title(b) -> str | None:
    """The title cell of a table row whose header names a title column, when it is not an identifier."""
    for h, cell in zip(b.header, b.cells):
        if re.sub(r"[*_`]", "", h).strip().lower() in _TITLE_COLUMNS:
            t = strip_markup(cell).strip()
            if t and not find_arxiv_ids(t) and len(t) >= 6:
                return t
            ids = find_arxiv_ids(t)
            if len(ids) == 1:  # "Hydragen: High-Throughput … Shared Prefixes (2402.14808)": the title written beside it
                return written_title(t, ids[0].start, ids[0].end)
    return None


_FIELD_LABEL = compile_lazy(r"^(?:(?:(?:linked|related|associated|companion|upstream)\s+)?paper|title|(?:关联|对应|配套|相关)?论文|标题|题目|pdf|link|链接|source)"
                          r"(?:\s*[(（][^)）]{0,30}[)）])?\s*[:：]\s*",
                          re.IGNORECASE)


def _looks_like_title(t: str) -> bool:
    """A paper title, not prose: short, no sentence break, no quote or URL, and either
    ``Name: subtitle`` with a capitalised subtitle or mostly capitalised words."""
    t = t.strip()
    if re.match(r"(?:TODO|DONE|LATER|NOW|DOING|WAITING|CANCELED|CANCELLED)\b", t):
        return False  # an outliner's task ("DONE Ring Attention re-read"), no paper's title
    if re.match(r"(?:Q|A|Question|Answer|问|答)\s*\d{0,2}\s*[:：]", t, re.IGNORECASE):
        return False  # a FAQ's "Q: Is Ring Attention ([2310.01889]) exact …": a question's label, no title's head
    if re.match(r"(?:authors?|by|written by|speakers?|presenters?|reviewers?|maintainers?|owners?|作者|讲者|主讲)\s*[:：]", t, re.IGNORECASE):
        return False  # a card's byline ("Authors: Priya Natarajan, Tomasz Wilk · arXiv:…"), no title
    if not _TITLE_SHAPE.match(t) or re.search(r"https?://|[\"“”]|[.。!?！？;；]\s|，.*，|[\[(（]\d{1,2}:\d{2}(?::\d{2})?[\])）]", t) or len(t) > 200:
        return False
    if re.match(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\d{1,2}[-/.]\d{1,2}\s|(?:week|day|session|lecture|module|unit|sprint)\s*\d", t, re.IGNORECASE) \
            or re.search(r"\s(?:vs\.?|versus)\s", t, re.IGNORECASE) or re.search(r"\b\d{4}-\d{2}-\d{2}\b", t.partition(":")[0]):
        return False  # a log day's heading ("2027-04-20 — RULER vs LongBench with Ada-KV"), a comparison: no title
    if re.search(r"\d(?:\.\d+)?\s*[x×X]\b|\d\s*%", t) or (len(t) > 12 and not re.search(r"[a-z]", t)):
        return False  # a headline with its figure ("HADASERVE: 3.1X OVER FP16 ON L40S"), a line in capitals
    words = t.split()
    long_words = [w for w in words if len(w) >= 4 and w[:1].isalpha()]
    caps = sum(w[:1].isupper() for w in long_words)
    head, _, tail = t.partition(":")
    if tail and 1 <= len(head.split()) <= 4 and len(tail.split()) >= 3:
        if tail.strip()[:1].islower():
            return False  # "AI: jonas — read the Mirror Drafting PDF": a label and a sentence, not a subtitle
        tail_long = [w for w in tail.split() if len(w) >= 4 and w[:1].isalpha()]
        if re.search(r"\s(?:that|which)\s", tail):
            return False  # "FA3 in FP8: NVIDIA's Hopper deck … repeats that FlashAttention-3": a label and a sentence
        return sum(w[:1].isupper() for w in tail_long) >= max(2, (2 * len(tail_long) + 2) // 3)
    # (title case leaves only short joining words in lower case: "HyDE beats Contriever-FT on TREC DL-19" is a sentence)
    if any(w[:1].islower() and w.lower().strip(",;") not in _TITLE_SMALL_WORDS for w in long_words):
        return False
    return len(long_words) >= 4 and caps >= 0.7 * len(long_words)


#: Words of four letters or more that title case leaves in lower case.
_TITLE_SMALL_WORDS = frozenset("""with from into onto over upon than that this when what via without through across under
using towards toward about among along between beyond during versus within based""".split())


#: A slide's or a section's label before a colon, not a paper's name: "Discussion: W4A8 or W4A16 on H100?",
#: "Summary: …", "Agenda: …", "讨论：…".
_GENERIC_LABEL = compile_lazy(r"^\s*(?:discussion|summary|agenda|q\s*&\s*a|questions?|takeaways?|recap|background|motivation|"
                            r"results?|conclusions?|next steps?|open questions?|outline|overview|讨论|总结|小结|议程|问答|背景|结论)\s*[:：]",
                            re.IGNORECASE)
_FOOTNOTE_MARK = compile_lazy(r"^\s*\[\^[^\]\s]{1,40}\]:\s*")
_RECORD_AUTHORS = compile_lazy(r"^[^,，:：]{1,80}?\bet al\.?\s*[,，.]\s*")
_RECORD_VENUE = compile_lazy(r"\s*[,，]\s*(?:[A-Z][A-Za-z&]{1,12}\s+)?(?:19|20)\d{2}\s*$")


_REF_NUMBER = compile_lazy(r"^\s*\[\d{1,3}\]\s*")
_INITIALS_NAME = r"(?:[A-Z]\.(?:[\s-]?[A-Z]\.)*\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)"
_REF_INITIALS = compile_lazy(rf"^{_INITIALS_NAME}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*){_INITIALS_NAME})*(?:,?\s+et\s+al)?\.\s+(?=[A-Z0-9])")
_REF_VENUE_TAIL = compile_lazy(r"\.\s+(?:In\s+)?[A-Z][\w&]{1,12}(?:\s+[A-Z][\w&]{1,12}){0,2}\s+(?:19|20)\d{2}\s*$")


#: A note title's leading tag that says where the note came from: "【转载】…", "[转] …", "[Repost] …", "Reposted: …".
_TITLE_TAG = compile_lazy(r"^\W*(?:【(?P<a>[^】]{1,10})】|\[(?P<b>[^\]]{1,16})\]|\((?P<c>[^)]{1,16})\)|"
                        r"(?P<d>re-?posted|repost|cross-?posted|转载|转)\s*[:：])", re.IGNORECASE)


#: A field's label, in lower case after its first letter, before a name of one or two words: "Baselines named: Striped
#: Attention", "compared with: USP".
_LABELLED_NAME = compile_lazy(r"^[A-Za-z][a-z]+(?: [a-z]+){0,3}\s*[:：]\s*\S+(?:\s+\S+)?\s*$")


#: What may open an entry before its identifier: a list marker or a number, a backtick or a bracket, "arXiv:".
_ENTRY_LEAD = compile_lazy(r"\s*(?:[-*+]|\d{1,3}[.)、])?\s*[`\[(（]?\s*(?:arXiv\s*[:：]?\s*)?")


#: How far around an identifier its written title is looked for (characters; a title is at most 240).
_TITLE_REACH = 400
#: A numbered or bulleted entry's first line (after quote marks): "> 3. Fiddler: …", "- SnapKV: …".
_ENTRY_OPEN = compile_lazy(r"^\s*(?:>\s*)*(?:\d{1,3}[.)、]|[-*+•])\s+\S")


#: A title the sentence gives an identifier right after it: "… 2406.10774v2.pdf 这篇叫 Keyformer: …，", ", titled "KIVI: …"",
#: "(called Quest: Query-Aware …)"; the title runs to a clause's end (a full-width comma, a full stop before a space, a closing
#: quote or bracket) and must read as one (``_looks_like_title``).
_CALLED_AFTER = compile_lazy(r"\s*(?:\.pdf)?[)）\]]?\s*[,，(（]?\s*(?:这篇(?:论文)?(?:叫做?|题为|标题是)|(?:论文)?题为|标题(?:是|为)|(?:which is |is )?(?:titled|called|entitled|named))"
                             r"\s*[:：]?\s*[\"“《「*]?(?P<t>[A-Z][^，。；;\n\"”》」*()（）]{10,240}?)(?:[\"”》」*]|[，。；;）)]|\.(?=\s|$)|$)",
                             re.IGNORECASE)


#: A word naming a table's row in prose: "那行", "两行", "the DynamoLLM row", "rows for …".
_ROW_WORD = compile_lazy(r"行|\brows?\b", re.IGNORECASE)


def _row_name(cell: str) -> str | None:
    """The work's name a row's first cell gives ("DynamoLLM" of "DynamoLLM（arXiv:2408.00741）", "**Quest** [2406.10774]"), or
    None when the cell holds no name (a number, an identifier only)."""
    t = re.sub(r"[*_`]", "", strip_markup(cell))
    t = re.split(r"\s*[(（\[【]|\s+[—–-]\s+|\s*[:：]", t, maxsplit=1)[0].strip()
    return t if 2 <= len(t) <= 40 and re.search(r"[A-Za-z\u4e00-\u9fff]{2}", t) and not find_arxiv_ids(t) else None


#: A line that heads a message, a comment or a post rather than naming a paper: it ends with a clock time or
#: sets fields apart with a middle dot ("Cell F3 · Comment by Aiko Mori · 17 Feb 2029, 14:20", "[16.02.29 09:40] Digest").
_HEADER_LINE = compile_lazy(r"\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\]?\s*:?\s*$|\s[·•]\s|^\s*\[[\d./: -]{5,}\]")


def written_title(line: str, start: int, end: int) -> str | None:
    """The title a note writes next to an identifier, or None: the text of a Markdown link to it
    (``[Title](https://arxiv.org/abs/ID)``), a quoted or ``《》`` title right after it
    (``arXiv:ID, "Title"``), or a title-shaped text before it separated by a dash or bracket
    (``Medusa: Simple LLM … — arXiv:2401.15077``)."""
    m = re.search(r"\[([^\]]{6,240})\]\((?:https?://)?(?:www\.)?arxiv\.org/[^)]*\)", line) \
        or re.search(r"\[\[(?:https?://)?(?:www\.)?arxiv\.org/[^\]]*\]\[([^\]]{6,240})\]\]", line)  # an org link [[url][Title]]
    if m and m.start() <= start < m.end() + 2:
        t = strip_markup(m.group(1))
        if _looks_like_title(t):
            return t
    after = line[end:end + 260]
    m = re.match(r"\s*[)）\]]?\s*[,，:：—–-]?\s*[(（]?\s*(?:[\"“《「])([^\"”》」]{6,240})[\"”》」]", after)
    if m and (_looks_like_title(m.group(1)) or re.search(r"[\u4e00-\u9fff]", m.group(1)) is None
              and len(m.group(1).split()) >= 3 and m.group(1)[:1].isupper()):  # "streams over 4M tokens": a quote
        return strip_markup(m.group(1)).strip().rstrip(",.，。")
    # "https://arxiv.org/pdf/2406.10774v2.pdf 这篇叫 Keyformer: KV Cache Reduction through …，挑 key token 的", "arXiv:2402.02750,
    # titled KIVI: A Tuning-Free …": a title the sentence names the identifier by, right after it
    m = _CALLED_AFTER.match(after)
    if m and _looks_like_title(strip_markup(m.group("t")).strip()) and len(m.group("t").split()) >= 3:
        return strip_markup(m.group("t")).strip().rstrip(",.，。")
    # 'posted "Efficient Memory Management for … PagedAttention" with arXiv:2312.07104': a quoted title right before the
    # identifier, joined by a comma, a bracket or a short word
    m = re.search(r"[\"“《「]([^\"”》」]{12,240})[\"”》」]\s*(?:[,，(（:：—–-]|\b(?:with|at|as|is|under|=)\b)?\s*(?:arXiv\s*[:：]?\s*)?$",
                  line[:start])
    if m and _looks_like_title(strip_markup(m.group(1))) and len(m.group(1).split()) >= 3:
        return strip_markup(m.group(1)).strip().rstrip(",.，。")
    # "2402.12374 (TriForce: Lossless Acceleration of …)": a title in brackets right after the identifier
    m = re.match(r"\s*[\]]?\s*[(（]([^()（）]{12,240})[)）]", after)  # (after a bracketed key: "[2312.17238] (Fiddler: …)")
    if m and (":" in m.group(1) or "：" in m.group(1)) and _looks_like_title(strip_markup(m.group(1))):
        return strip_markup(m.group(1)).strip().rstrip(",.，。")
    m = re.match(r"\s*[)）\]]?\s*[—–]\s*(.{6,240}?)\s*(?:[·|]|$)", after)
    if m and _looks_like_title(strip_markup(m.group(1))):
        return strip_markup(m.group(1)).strip().rstrip(",.，。")
    # "1. 2302.11665 - AlpaServe: Elastic Model-Parallel Serving with … Autoscaling. Looked again because …": a spaced hyphen, a
    # title with its name and a colon, and a full stop before the writer's own words
    m = re.match(r"\s+-\s+([A-Z][\w'’+-]*(?:\s[\w'’+-]+){0,3}\s*:\s*[^.:!?]{6,200}?)\.(?:\s|$)", after)
    if m and _looks_like_title(strip_markup(m.group(1))) and len(m.group(1).split()) >= 3:
        return strip_markup(m.group(1)).strip()
    # "Table 3 compares with *SpQR: A Sparse-Quantized …* (arXiv:2306.07629)": an italic title right before the bracketed ID
    # (or before a comma or dash: "Brandon, Nrusimha, …, *Striped Attention: …*, arXiv:2311.09431", "builds on: *…*, arXiv:…")
    m = re.search(r"(?<![*\w])[*_]([^*_\n]{12,240}?)[*_](?![*\w])\s*(?:[(（\[]|[,，]|[—–])\s*(?:arXiv\s*[:：]?\s*)?$", line[:start])
    if m and (":" in m.group(1) or "：" in m.group(1) or len(m.group(1).split()) >= 5) and _looks_like_title(m.group(1).strip()):
        return m.group(1).strip()  # (or five title-case words: "— *Taming Throughput-Latency Tradeoff in … Sarathi-Serve* (arXiv:…)")
    m = re.search(r"[《\"“]([^》\"”]{6,240})[》\"”]\s*[,，:：]?\s*(?P<bracket>[(（\[]?|(?:links?|points?|goes|leads?) to\s|(?:→|->)\s*)"
                  r"\s*(?:https?://)?(?:www\.)?(?:arxiv\.org/(?:abs|pdf)/)?(?:arXiv\s*[:：]?\s*)?$", line[:start])
    if m and m.group("bracket"):
        # (and a list's entry 'its entry "KV Cache is 1 Bit Per Channel" links to arxiv.org/abs/…': the title it puts on it)
        # 'skimmed "Flash-Decoding for Long-Context Inference" (arXiv:2311.01282)': a quoted title before the bracketed
        # identifier, in title case; a quoted claim before it ('add "KVPipe pushes each layer's KV …" (arXiv:…)') is none
        q = strip_markup(m.group(1)).strip()
        words = q.split()
        long_words = [w for w in words if len(w) >= 4 and w[:1].isalpha()]
        if _looks_like_title(q) or (3 <= len(words) <= 16 and long_words and all(w[:1].isupper() for w in long_words)
                                    and not re.search(r"[\u4e00-\u9fff]", q)):
            return q
    elif m and (_looks_like_title(m.group(1)) or re.search(r"[\u4e00-\u9fff]", m.group(1)) is None and len(m.group(1).split()) >= 4
                and m.group(1)[:1].isupper()):
        # (a quoted phrase in lower case, '"speculative expert loading (Eliseev & Mazur)", https://arxiv.org/…', names the
        # method, not the paper)
        return strip_markup(m.group(1)).strip()
    # "skimmed [[MoE-Lightning: High-Throughput MoE Inference on …]] (2402.07033)": a wikilink right before the bracketed
    # identifier (or a dash before it) links the note the writer keeps under that paper's title
    m = re.search(r"\[\[([^\]|#\n]{12,240})(?:\|[^\]\n]*)?\]\]\s*(?:[(（\[]|[—–:：,，]|\s-)\s*(?:arXiv\s*[:：]?\s*)?$", line[:start])
    if m and (":" in m.group(1) or len(m.group(1).split()) >= 4) and _looks_like_title(strip_markup(m.group(1)).strip()):
        return strip_markup(m.group(1)).strip()
    # "1. `2404.14469` Retrieval Head Mechanistically Explains Long-Context Factuality": an entry that opens with the
    # identifier (after its marker, in backticks or brackets) and gives the title after it, to the line's end
    if _ENTRY_LEAD.fullmatch(line[:start]):
        m = re.match(r"\s*[`\])）]?\s*[—–:：-]?\s+(?P<t>[A-Z][^\n`|\t]{10,240}?)\s*$", after)
        if m and _looks_like_title(strip_markup(m.group("t"))):
            return strip_markup(m.group("t")).strip().rstrip(",.，。")
    # "参考 InfiniGen: Efficient Generative Inference of … Management (arXiv 2406.10774) 的 …": a "Name: Title" written
    # inside a sentence, right before the bracketed identifier
    # (or before the link itself: "我只存了这个链接：MoBA: Mixture of Block Attention for Long-Context LLMs https://arxiv.org/abs/…")
    m = re.search(r"(?:^|[\s，,；;：:（(])(?P<t>[A-Z][\w+.-]{1,30}:\s+[A-Z][^()（）\[\]\n，。；—–|]{10,200}?)"
                  r"(?:\s*[(（\[]\s*(?:arXiv\s*[:：]?\s*)?|\s*[,，]\s*(?:arXiv\s*[:：]?\s*)?"  # (or a comma: "…, arXiv 2311.18677")
                  r"|(?<![.,;])\s+(?=.{0,40}$)(?:https?://)?(?:www\.)?(?=arxiv\.org|$))$",
                  line[:start])
    if m and len(m.group("t").split()) >= 4 and _looks_like_title(m.group("t").strip()):
        return m.group("t").strip()
    before = _FIELD_LABEL.sub("", _LEAD_MARKS.sub("", _FOOTNOTE_MARK.sub("", line[:start])).strip())
    before = re.sub(r"^[(（【\[][^)）】\]]{1,30}[)）】\]]\s*", "", before)  # "（延伸阅读，自投机方向）LayerSkip: …": a tag before it
    # a bidding list's "#4133 — Title — preprint [ID]": the submission's number before, the field's label after the title
    before = re.sub(r"\s*[—–]\s*(?:preprint|pre-print|arxiv version|arxiv)\s*[:：]?\s*[(\[]?\s*$", " —", re.sub(r"^#\d{2,6}\s*[—–-]\s*", "", before),
                    flags=re.IGNORECASE)
    if before.count("|") == 1 and before.endswith("|"):
        before = re.sub(r"^[\u4e00-\u9fff]{2,4}：\s*", "", before)  # (its poster's name in a chat: "张伟：[链接] …")
        before = re.sub(r"^(?:[(（【\[][^)）】\]]{1,30}[)）】\]]|[「“\"])\s*", "", before)
        # a link card, an unfurl: "[链接] Dynamic Early Exit in Reasoning Models | arxiv.org/abs/2504.09858" (a table's row has
        # more than one bar)
        before = before[:-1].rstrip() + " —"
    m = re.match(r"(.{6,200}?)\s*(?:[—–]|\s-\s|[(（\[]|,|(?<=[^\s.])\.(?=\s|$))\s*(?:arXiv\s*[:：]?\s*)?$", before)
    if m:
        t = _FIELD_LABEL.sub("", strip_markup(m.group(1)).strip().strip("*_\"'“”"))
        # a record's authors and venue are no part of its title ("Kwon et al., Efficient … PagedAttention, SOSP 2023")
        t = _RECORD_VENUE.sub("", _RECORD_AUTHORS.sub("", t)).strip()
        # a numbered reference "[5] T. Dao, D. Y. Fu, … C. Ré. FlashAttention-2: … Partitioning. arXiv:…": the authors'
        # initials and names, then the title
        t = _REF_VENUE_TAIL.sub("", _REF_INITIALS.sub("", _REF_NUMBER.sub("", t), count=1)).strip()
        # ("Baselines named: Striped Attention (arXiv:…)": a field's label before a name, no "Name: subtitle")
        if _looks_like_title(t) and not find_arxiv_ids(t) and not _LABELLED_NAME.match(t):
            return t
    return None


def _wrapped_sentences(lines) -> list[tuple[str, list[int]]]:
    """The sentences of a paragraph that run over two lines or more (a hard-wrapped mail, a plain-text export), each
    with the lines it spans: ``[(sentence, [line, …])]``. A sentence ends at ``. ! ? 。！？；;`` before a space or the
    line's end."""
    out: list[tuple[str, list[int]]] = []
    cur: list[str] = []
    span: list[int] = []
    for ln, t in lines:
        rest = t
        while rest:
            m = re.search(r"[.!?;。！？；](?=\s|$)", rest)
            piece = rest[: m.end()] if m else rest
            cur.append(piece)
            if not span or span[-1] != ln:
                span.append(ln)
            if m:
                if len(span) >= 2:
                    out.append((" ".join(x.strip() for x in cur), span))
                cur, span = [], []
                rest = rest[m.end():].lstrip()
            else:
                rest = ""
    if len(span) >= 2:
        out.append((" ".join(x.strip() for x in cur), span))
    return out


def _heading_titles(arxiv: list[ArxivRef], shape, lex: Lexicon) -> list[ArxivRef]:
    """Give the identifier an item's opening links the title its heading writes, when the heading is a
    paper title ("## Highlights from SARATHI: Efficient LLM Inference by …" then "Source: arxiv.org/abs/
    2403.02310v2"; a one-paper note's ``# Title`` then its link) and the opening links one work only.
    Lead-ins ("Highlights from", "Notes on", "精读：") are the lexicon's ``structure.title_lead_ins``."""
    leads = lex.raw.get("structure", {}).get("title_lead_ins", [])
    lead = re.compile(r"^\s*(?:" + "|".join(f"(?:{p})" for p in leads) + r")\s*[:：\-–—]?\s+", re.IGNORECASE) if leads else None
    out = list(arxiv)
    for sg in shape.segments:
        if sg.kind not in ("heading", "pseudo", "note", "entry") or not sg.title or find_arxiv_ids(sg.title):
            continue
        t = strip_markup(sg.title).strip()
        if lead is not None:
            t = lead.sub("", t, count=1)
        if not _looks_like_title(t) or _GENERIC_LABEL.match(t) or re.match(r"\s*[\[(]?\d{1,4}[-/.:]\d{1,2}", t) \
                or _HEADER_LINE.search(t):
            continue  # (a post's stamped header, "[19.07.27 20:03] LLM Infra Digest", or a comment's, "Cell F3 · Comment by
            # Aiko Mori · 17 Feb 2029, 14:20", names no paper)
        # the opening ends with the item ("- branch: P50 … 5.1 req/s" is no title of the next bullet's link)
        opening = {ln for ln in set(sg.head_lines) | {sg.line + k for k in range(0, 4)} if ln <= max(sg.line, sg.line_end)}
        refs = [k for k, r in enumerate(out) if r.line in opening and r.line != sg.line]
        if len({out[k].arxiv_id for k in refs}) != 1 or any(r.line == sg.line for r in out):
            continue  # (a heading line that writes its own identifier, "**HeadRoute: …**（2611.20964）", titles that one)
        for k in refs:
            if not out[k].title:
                out[k] = out[k].model_copy(update={"title": t})
    return out


#: Words saying a statement speaks for everything in the note: "all of this", "everything above", "none of the above",
#: "以上(都|全部)", "这些都".
_WHOLE_NOTE = compile_lazy(r"\b(?:all of (?:this|the above|it)|everything (?:above|here|in this (?:note|log|file))|none of (?:this|the above|it))\b|"
                           r"以上(?:都|全部|所有)|上面(?:这些|的)?(?:都|全部)", re.IGNORECASE)


def claim_version(text: str, refs=()) -> str | None:
    """The arXiv version a statement is tied to: the highest ``vN`` it writes (``arXiv:2603.02217v3``,
    "v3 把 … 改成了 0.62"), else None."""
    # (a version the document or a card is said to still hold, "10.3 still quotes the v1 figure", "卡片是照 v1 写的", is
    # theirs, not the statement's)
    text = _STILL_QUOTES_VERSION.sub(" ", text)
    found = [int(m.group(1)) for m in _VERSION.finditer(text)]
    found += [int(r.version[1:]) for r in refs if r.version and r.version[1:].isdigit()]
    return f"v{max(found)}" if found else None


#: A version named as the one a document or a card still quotes: "still quotes the v1 figure", "still cites v1", "照 v1 写的",
#: "还是 v1 的数".
_STILL_QUOTES_VERSION = compile_lazy(r"\bstill\s+(?:quotes?|cites?|has|uses|lists|gives|points? (?:at|to)|reports?)\s+(?:the\s+|its\s+)?v\d{1,2}\b"
                                     r"|照\s*v\d{1,2}|(?:还是|仍是|仍然是)\s*v\d{1,2}", re.IGNORECASE)
#: A sentence going on about the version the one before named: "With that change …", "In v3 …" is named; "After the
#: revision …", "这一版 …", "改完之后 …".
_GOES_ON_VERSION = compile_lazy(r"^\W*(?:with (?:that|this|the) (?:change|fix|revision|update)|after (?:that|this|the) (?:change|fix|revision|update)|"
                                r"in (?:that|this|the new|the revised) (?:version|revision)|there,?|这一版|新版(?:里|中)?|改(?:完|了)之后)\b", re.IGNORECASE)


#: A word that denies the cue after it ("would not add it"); a condition is no proposal either ("outside the doc's scope
#: unless we add a co-serving part" is the writer's "no").
_NEGATION_BEFORE = compile_lazy(r"(?:\bnot|n't|\bno|\bnever|\bnor|\bunless|不|别|没有?|无需|不要|不用|除非)\s*(?:\w+\s+){0,2}?$", re.IGNORECASE)


#: A negated placement, "does not belong in 5.2", "doesn't fit under §3": the writer places the item elsewhere, no verdict.
_NOT_THERE = compile_lazy(r"\b(?:belongs?|fits?|goes?|go)\s+(?:in|under|into|to|with)\s+(?:§\s*|section\s+|sec\.\s*)?[\dIVX]", re.IGNORECASE)


#: A matrix cell that gives no answer: "unclear …", "unknown", "?", "TBD", "n/a", "不清楚", "未知", "待定", "存疑".
_UNKNOWN_CELL = compile_lazy(r"^\s*(?:unclear|unknown|not (?:stated|clear|known|said)|\?+|tbd|n/?a|—|-|不清楚|未知|待定|存疑|不明)(?:\W|$)",
                           re.IGNORECASE)
#: A table column holding a dispute's outcome: "结论", "Conclusion", "Verdict", "Resolution", "Outcome", "定论", "裁决".
_CONCLUSION_COLUMN = compile_lazy(r"结论|定论|裁决|最终结论|conclusion|verdict|resolution|outcome|resolved", re.IGNORECASE)
#: A figure given before corrected in the same topic, by its writer or by someone answering: "typo on my side, it's 1.2 GB",
#: "correction: 3.4", "I meant 1.2", "更正：…", "笔误", "不对哈，是 22.2 倍，你少看了一个 2", "No, it's 2.8x — you misread".
_CORRECTS = compile_lazy(r"\btypo\b|\bcorrection\s*[:：]|\bI meant\b|\bshould (?:read|have said)\b|\bmisquoted\b|\byou misread\b|"
                       r"更正|笔误|打错了|写错了|^\W*不对|(?:少|多)看了|看岔了?|看错了|记错了|说错了", re.IGNORECASE)
#: What stands before the value a correction calls wrong: "not 2.38x", "instead of", "rather than", "不是", "而不是".
_WRONG_BEFORE = compile_lazy(r"(?:\bnot|\binstead of|\brather than|而不是|不是)\s*[~≈]?\s*$", re.IGNORECASE)
#: Words that void a whole run, not one figure of it: "ABANDONED", "misconfigured run", "the run is invalid", "作废".
_VOID_RUN = compile_lazy(r"\bABANDONED\b|\bmisconfigured (?:run|benchmark|setup|experiment)\b|\b(?:this|the) run is (?:invalid|void)\b|作废")
#: A writer voiding a run or a number of their own: those, and "don't quote it", "the number is void", "别引用这个数".
_VOID = compile_lazy(_VOID_RUN.pattern + r"|\b(?i:don'?t|do not) (?:quote|cite|use) (?:it|this|these|them|that|the (?:number|figure|result)s?)\b"
                   r"|\b(?:this|the) (?:number|result) is (?:invalid|void)\b|(?:别|不要|勿)(?:引用|引|用)(?:这个|这些|该)?(?:数|数字|结果)")


#: An option a form left unticked, up to the next box ("☐ Main text only"): not the answer (a task list's "- [ ] …" is
#: an item of its own: not done, so no depth).
_UNCHECKED_OPTION = compile_lazy(r"☐[^☐☒☑✓✔]*")


#: Words an item's title may open with that name no work of its own.
_GENERIC_LEAD = frozenset("the and for our my re fwd notes note paper papers reading read todo misc open questions "
                          "question status idea ideas".split())


def _title_name(title: str) -> str | None:
    """The name an item's title opens with ("▸ Sequoia — arXiv:…" -> ``Sequoia``, "PagedTree: Branch-Shared …" ->
    ``PagedTree``, "EAGLE-2 at T=1" -> ``EAGLE-2``), or None (a generic word, a sentence)."""
    name = lead_name(strip_markup(title))
    if name is None or name.lower() in _GENERIC_LEAD:
        return None
    return name


def _placements_by_name(segments, loose) -> dict[int, list]:
    """Placements written after the items, one line naming one item ("> 💡 Placement for qy: …" / "PagedTree →
    section 4" / "The EAGLE-2 T=1 number → 3.2" under a Notion page's toggles): by item index, the claims that
    hold no item, suggest a section and name exactly one item's opening name."""
    if not segments:
        return {}
    # (a closing word naming no item, "it's a candidate for 6.1", places the one item about a work)
    with_works = [sg.index for sg in segments if sg.works]
    names = {sg.index: n for sg in segments if (n := _title_name(sg.title))}
    if len(set(names.values())) < 2:  # (one item, or items without names of their own: none placed by name)
        names = {}
    out: dict[int, list] = {}
    for c in loose:
        if not c.suggested_sections:
            continue
        hits = [i for i, n in names.items() if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", c.text, re.IGNORECASE)]
        if len(hits) == 1:
            out.setdefault(hits[0], []).append(c)
        elif not hits and len(with_works) == 1 and c.line > segments[-1].line_end:
            # (only a closing word: a preamble's placement naming no item is the note's opening, read with it)
            out.setdefault(with_works[0], []).append(c)
    return out


#: A remark's arrow ("→ relevant to 6.2", "-> skip"): an add cue of the lexicon only when it leads to no "no".
_ARROWS = compile_lazy(r"→|->|=>")


#: A placement put off until something happens: "等 v2 出来再考虑进 4.2", "wait for the camera-ready before 3.1".
_DEFERRED = compile_lazy(r"等[^，。；;,]{0,16}?(?:再|之后|以后)|\bwait(?:ing)? (?:for|until)\b|\bonce\b[^.;,]{0,30}\b(?:is|are) (?:out|published|released)\b|"
                       r"\b(?:revisit|decide) (?:it )?later\b|\bnot (?:yet|now)\b|\bpark(?:ing|ed)? (?:it|this)\b|\bon hold\b|"
                       r"\bif (?:that|this|it) (?:holds|is true|checks out)\b|如果(?:属实|成立)|先(?:放着|搁置|挂起)", re.IGNORECASE)
#: A paragraph saying where all the numbers under it were measured: "以下数字都是我们自己在 1× A100-80G 上跑的", "All numbers
#: below are our own runs on …", "下表均在 H100 上测得".
_ALL_BELOW = compile_lazy(r"(?:以下|下面|下表|表中)[^。；;]{0,12}(?:数字|数据|结果|数)?[^。；;]{0,6}(?:都|均|全)[^。；;]{0,30}(?:跑|测|实测|测得|上)|"
                        r"\b(?:all|every)\s+(?:the\s+)?(?:numbers|figures|results|rows)\s+(?:below|here|in (?:this|the) table)\b", re.IGNORECASE)
#: A label a verdict is written after: "建议：", "Suggestion:", "Verdict -".
_VERDICT_LABEL = compile_lazy(r"^\W*(?:建议|意见|结论|处理|suggestion|recommendation|verdict|decision)\s*[:：\-–—]\s*", re.IGNORECASE)


def _after_field_value(text: str) -> str:
    """What a field line says after its value: the remark past the first ``;`` (``read: abstract; 误拖进来的``), else ""."""
    m = re.search(r"[;；]", text)
    return text[m.end():] if m else ""


def _says(pat: re.Pattern[str], text: str) -> int:
    """1 when ``pat`` (a verdict's cue: "add", "noise") matches ``text`` with no negation right before it,
    -1 when every match is negated ("would not add it", "not noise"), 0 when it does not match."""
    got = 0
    for m in pat.finditer(text):
        # (an arrow is no word a negation can deny: "LongBench 基本不掉 → 挂 5.1" places the item)
        if re.match(r"\w", m.group()) and _NEGATION_BEFORE.search(text[max(0, m.start() - 24):m.start()]):
            got = got or -1
        else:
            return 1
    return got


#: A front-matter field that places the note in the living document: ``section: "5.1"``, ``kb_section: 7.1/``,
#: ``section_guess: "3.2"``, ``suggested-section: 4.2``, ``placement: §2.3``, ``章节: 3.1``.
_FRONT_PLACEMENT = compile_lazy(r"^\s*(?:(?:kb|doc|target|suggested|proposed)[ _-]?)?(?:sections?|placement|place|home|章节|归属|建议章节)"
                              r"(?:[ _-]?(?:guess|hint|suggestion|key))?\s*:\s*(?P<value>\S.*)$", re.IGNORECASE)


def _card_levels(levels) -> tuple[str, ...]:
    """A card's levels: always ``card_only``, and beside it any depth its line names (``核查程度：通读全文``, "written by hand
    after reading the PDF", "Card source: full PDF; Tables 2–4 checked": the full text, in place of ``card_only``;
    "abstract + Fig. 1 …", "source: abstract (auto)": the abstract, beside ``card_only``, since what a reader of the card has
    is the card, made from the abstract).  Until the twenty-ninth stop a line describing how the card was generated dropped
    its depth; the blind shifts' writers (t295–t306) read a card's source line as its depth, and ``card_only`` stays the
    card's level beside an abstract, the most cautious."""
    depths = {lv for lv in levels if lv in DEPTH_LEVELS}
    # (a line naming two depths keeps both: "v3 全文过了一遍；v1 只对照了摘要")
    return ordered_levels(["card_only", *levels], all_depths=depths != {"full_text"})


#: A table cell that holds no value yet: "TBD", "n/a", "todo", "待定", "?".
_PLACEHOLDER = compile_lazy(r"(?i:tbd|tba|n/?a|none|todo|pending|unknown|later|\?+|-+|—)|待定|未定|无")
#: The writer speaking of their own reading ("I opened the abstract page", "my take", "我看了摘要").
_OWN_VOICE = compile_lazy(r"\b(?:I|I'm|I've|I'd|my|myself|me)\b|我(?!们)", re.IGNORECASE)
#: A footnote's definition line: ``[^1]: arXiv:2603.11872, … read sections 3 and 4``.
_FOOTNOTE_DEF_LINE = compile_lazy(r"^\s*\[\^([^\]\s]{1,20})\]:\s*\S")
#: A card's source field: how the card was made ("Source: built from the abstract page and the talk slides",
#: "来源：GitHub 页面与 README", "Checked against: the arXiv abstract page and the README", "Provenance: …"), not how
#: deep a person read.
_CARD_SOURCE = compile_lazy(r"^\W*(?:card[ _]?)?(?:source|sources|来源|出处|信息来源|provenance|checked against|verified against|built from|"
                          r"made from|generated from|compiled from|based on)(?: of this card)?\W*[:：|]", re.IGNORECASE)


#: A statement written as a reference record: authors ("et al."), a title, an identifier and a year.
_REFERENCE_RECORD = compile_lazy(r"\bet al\.?.{0,300}?(?:arXiv|\d{4}\.\d{4,5})|(?:arXiv[:\s]*)?\d{4}\.\d{4,5}(?:v\d+)?\s*,\s*(?:19|20)\d{2}\b",
                               re.IGNORECASE)


#: The end of a reference record: its identifier, then perhaps a year, a version or a venue.
_RECORD_END = compile_lazy(r"(?:arXiv[:\s]*)?\d{4}\.\d{4,5}(?:v\d+)?(?:[\s,.;]*(?:\(?(?:19|20)\d{2}\)?|\[[^\]]{1,20}\]))?[\s,.;]*",
                         re.IGNORECASE)
#: An annotation that speaks of the note's own paper ("— 本文策略主干的直接来源", "(真机部署主对比基线)",
#: "(the baseline we compare with)"): it says what the cited work is *to* that paper, nothing about it.
_HOST_RELATIVE = compile_lazy(r"本文|本工作|我们|基线|对比|沿用|所用|来源|\b(?:this|our)\s+(?:paper|work|method|study)\b|\bwe\b|\bours\b|"
                            r"\bbaselines?\b|\bcompared?\b|\bused (?:as|in|by|for)\b|\bbuilds? on\b", re.IGNORECASE)


def _record_annotation(text: str) -> str:
    """What a reference record says beside itself: for a line written as a record (authors ``et al.``,
    a title, an identifier, a year; :data:`_REFERENCE_RECORD`), only the words after its identifier
    (an annotation: "— 2.3x faster, needs no retraining"), and nothing when that annotation speaks of the
    note's own paper (:data:`_HOST_RELATIVE`); any other text unchanged.  A record's author list and
    title assert nothing ("… Video Generative Pre-training …" states no training)."""
    if not _REFERENCE_RECORD.search(text):
        return text
    ends = [m.end() for m in _RECORD_END.finditer(text)]
    if not ends:
        return text
    rest = text[ends[-1]:]
    if rest.strip() and not re.match(r"\s*[—–\-(（:：→|\[【]", rest):
        return text  # "KIVI needs no calibration (arXiv:2402.02750, 2024) but is slow": prose citing in passing
    return "" if _HOST_RELATIVE.search(rest) else rest


def _facts_beside_titles(c: Claim, titles_at: dict[int, list[str]], lex: Lexicon) -> Claim:
    """``c`` with its figures, qualifiers and predicates read from its words beside the titles it cites."""
    titles = [t for ln in range(c.line, c.line_end + 1) for t in titles_at.get(ln, [])]
    f = facts_of(_record_annotation(without_titles(c.text, titles)), lex)
    return c.model_copy(update={"quantities": f.figures, "qualifiers": f.qualifiers, "predicates": f.predicates})


def _quoted_from_above(text: str, unquoted: dict[int, str], line: int) -> bool:
    """Whether ``text``, a quoted line's words, is written in one of the 200 lines above ``line`` (1-based) unquoted: a chat
    or a thread quoting the message it answers.  ``unquoted``: the note's lines not quoted, by 1-based number, markup
    stripped and spaces folded (``_unquoted_lines``)."""
    said = " ".join(text.split())
    return any(said in unquoted.get(ln, "") for ln in range(max(1, line - 200), line))


def _unquoted_lines(lines: list[str]) -> dict[int, str]:
    """The lines of a note that no ``>`` quotes, by 1-based number, markup stripped and spaces folded."""
    return {n: " ".join(strip_markup(t).split()) for n, t in enumerate(lines, 1) if not t.lstrip().startswith(">")}


def _still_unchecked(own, outer) -> bool:
    """Whether a statement's own levels leave the ``unverified`` of what holds it standing: only a
    reading depth checks ("❓ unconfirmed" over "a colleague forwarded the screenshot" stays unconfirmed;
    "I read §3 myself" under it does not)."""
    return ("unverified" in outer and "unverified" not in own
            and not any(lv in DEPTH_LEVELS for lv in own))


def _levels_by_name(said: str, evr, legend) -> dict[str, tuple[str, ...]]:
    """How a sentence that names works says each was read (``{name: levels}``, names lower-case), part by part:
    "讨论里顺带提到的 DraftCache、2602.13058、Sequoia，主讲人说都只看过摘要" (a part naming two or more works and one
    depth); "PinPool: abstract only" or "Stratus only from our paper card" (a part led by one work's name); "论文：
    EAGLE-3，arXiv 2503.01840。主讲人正文和附录都读完了" (a part with the depth after one that names)."""
    out: dict[str, tuple[str, ...]] = {}
    named_before: list[str] = []
    for part in re.split(r"[;；。]|\.\s", said):
        lv = evr.levels(part, legend)
        names = [x for x in _NAMED_WORK.findall(part) if x.lower() not in _NOT_A_NAME]
        depths = [x for x in lv if x in DEPTH_LEVELS]
        if len(depths) == 1 and len(names) >= 2 and re.search(r"[、,，]|\band\b|和|与", part):
            for name in names:
                out.setdefault(name.lower(), lv)
        elif len(depths) == 1 and names and re.match(rf"\W*{re.escape(names[0])}(?:\s*[:：(（—–]|\s+(?:only|just|I|we)\b)", part):
            out.setdefault(names[0].lower(), lv)
        elif len(depths) == 1 and not names and named_before:
            for name in named_before:
                out.setdefault(name.lower(), lv)
        named_before = names if names and not depths else []
    return out


def _item_keys(segments) -> dict[str, int]:
    """``{key: item index}``: the words by which a note's opening may name each of its items, lower-case: the name a title
    opens with ("SlicePreempt" of "SlicePreempt: Token-Granular Preemption …", "FastServe" of "FastServe, settled") and its
    hyphenated words ("deadline-aware" of "Deadline-Aware Preemptive Scheduling …"); a key two items' titles share is none."""
    seen: dict[str, set[int]] = {}
    for sg in segments:
        title = strip_markup(sg.title or sg.head or "").strip()
        if not title:
            continue
        keys = set()
        lead = re.split(r"[:：,，(（—–]|\s-\s", title, maxsplit=1)[0].strip()
        if 0 < len(lead.split()) <= 3 and len(lead) >= 3 and not find_arxiv_ids(lead):
            keys.add(lead.lower())
        keys.update(w.lower() for w in re.findall(r"(?<![\w-])[A-Za-z]{3,}(?:-[A-Za-z]{3,})+(?![\w-])", title))
        for k in keys:
            seen.setdefault(k, set()).add(sg.index)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1 and k not in _NOT_A_NAME}


#: An item named by its number in a closing annotation: "第 5 条", "第5条", "item 2", "entry #3", "point 4".
_ORDINAL_REF = compile_lazy(r"第\s*(?P<n>\d{1,2})\s*(?:条|项|点|个)|\b(?:item|entry|point|no\.)\s*#?(?P<n2>\d{1,2})\b", re.IGNORECASE)
#: An item's own number at the head of its title: "1️⃣", "1.", "(1)", "①".
_ORDINAL_MARK = compile_lazy(r"^\s*(?:(?P<k>\d{1,2})\ufe0f?\u20e3|(?P<d>\d{1,2})[.)、]\s|[(（](?P<p>\d{1,2})[)）]|(?P<circ>[①②③④⑤⑥⑦⑧⑨⑩]))")


def _levels_by_item(said: str, evr, legend, keys: dict[str, int]) -> dict[str, tuple[str, ...]]:
    """How a note's opening says each of its items was read, sentence by sentence ("Who read what: I went through
    SlicePreempt cover to cover … kofi did the deadline-aware paper in full … dmitri only got through the Andes abstract"):
    a sentence that states one reading depth and names exactly one item (``_item_keys``) gives that item its levels
    (``{key: levels}``)."""
    out: dict[str, tuple[str, ...]] = {}
    if not keys:
        return out
    low = said.lower()
    for part in re.split(r"[;；。]|\.\s", low):
        lv = evr.levels(part, legend)
        if len([x for x in lv if x in DEPTH_LEVELS]) != 1:
            continue
        hit = {k: i for k, i in keys.items() if re.search(rf"(?<![\w.-]){re.escape(k)}(?![\w-])", part)}
        if len(set(hit.values())) == 1:
            for k in hit:
                out.setdefault(k, lv)
    return out


def _level_named(by_name: dict[str, tuple[str, ...]], text: str) -> tuple[str, ...] | None:
    """The levels of the first name of ``by_name`` (lower-case names, as ``_levels_by_name`` gives them) that ``text``
    (lower-case) names as a whole word, else None."""
    return next((lv for name, lv in by_name.items() if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)), None)


def _cautious(levels) -> str:
    """The most cautious of some evidence levels (``unknown`` when none)."""
    return max(levels, key=lambda lv: EVIDENCE_LEVELS.index(lv), default="unknown")


#: A line that starts a unit of its own whatever the line before ends with: a chat message
#: ("[10:42] maria: …"), a thread post ("3/ …"), a Q/A turn, a speaker turn ("张三：…"), an
#: enumerator ("1）", "（2）", "一、").
_NEW_UNIT = compile_lazy(r"\s*(?:[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])]\s|\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s+\S+\s*[:：]|"
                       r"\[\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?,?\s+\d{1,2}:\d{2}(?::\d{2})?\]|\d{1,2}/\d{0,2}\s|[QA]\s*[:：]|"
                       # an IRC log's message, action and server lines ("09:05 <kvn> …", "09:04 * kvn pastes …", "09:02 -!- …")
                       r"\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s+(?:<[@+%]?[\w.\-|]{1,30}>|\*\s+[\w.\-|]{1,30}\s|-!-)|"
                       r"(?:\*\*|__)?@?[\w.\-]{1,30}(?:\*\*|__)?,?\s+\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?\s*$|"
                       r"[\u4e00-\u9fff]{2,4}\s*[:：]|[（(]?\d{1,2}[）)]|[一二三四五六七八九十]{1,3}[、.．]|"
                       r"[\w-]{1,30}::\s)")  # an outliner's block property ("source:: …", "section:: 4.1"): a line of its own

#: A line led by an emoji (``🔥 温度调到 1 也还有 2.4 倍``, ``💬 老实交代：…``, ``✅ merged``): in social-media and
#: chat writing each such line is a statement of its own, whatever the line before ends with.
_EMOJI_LEAD = compile_lazy(r"\s*[\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2b00-\u2bff\U0001F000-\U0001FAFF]")

#: A note's opening saying it read only the entries it remarks on: "everything else I scrolled past", "the rest I skipped",
#: "其余的都没看", "没批注的都没点开".
_REST_SKIPPED = compile_lazy(r"\b(?:(?:everything|anything|all) else|the rest)\b[^.;]{0,20}\b(?:scrolled past|skipped|skimmed past|"
                           r"ignored|not (?:read|opened|looked at)|unread|did ?n[o']?t (?:read|open|look at))\b|"
                           r"(?:其余|剩下)的?(?:[一二三四五六七八九十两\d]+\s*(?:条|篇|个))?(?:条目|论文|文章|篇)?(?:都|均)?(?:没|未)(?:看|读|点开|细看)|"
                           r"(?:其余|剩下)的?(?:都|均)?跳过", re.IGNORECASE)
#: What a legend calls the entries that carry no mark: "untagged answers", "unmarked ones", "没标的", "其余".
_UNMARKED = compile_lazy(r"\b(?:untagged|unmarked|unlabell?ed|without a (?:tag|mark)|unless (?:a|the|its) (?:tag|mark|label) says otherwise|"
                       r"unless (?:tagged|marked|labell?ed) otherwise)\b|除非另有标(?:记|注)|没(?:有)?标(?:记|注)?的|未标(?:记|注)?的|无标记的|不带标(?:记|签)的",
                       re.IGNORECASE)


def _stated_levels(evr: EvidenceReader, text: str, legend: dict[str, str]) -> tuple[str, ...]:
    """The levels ``text`` states (``EvidenceReader.levels``), except that a legend saying what an unmarked entry is
    ("written from the abstract page unless a tag says otherwise — ttc::pdf means I went through the paper") states
    that level only: the others are the tags it defines."""
    lv = evr.levels(text, legend)
    if lv and (plain := _unmarked_level(evr, text)):
        return (plain,)
    return lv


def _unmarked_level(evr: EvidenceReader, said: str) -> str | None:
    """The reading depth a legend gives the entries it leaves unmarked ("untagged answers were typed from the abstract",
    "written from the arXiv abstract page unless a tag says otherwise", "没标的都只看了摘要"), read from that clause
    only; None when the line says nothing of unmarked entries."""
    if not _UNMARKED.search(said):
        return None
    for clause in re.split(r"[;；。,，]|\.\s|\s[—–]\s", said):
        if _UNMARKED.search(clause):
            got = [lv for lv in evr.levels(clause) if lv in DEPTH_LEVELS]
            if got:
                return got[0]
    return None


#: A field line: a short label of words, a colon, a value (``license: Apache-2.0``, ``used by: SGLang``).
_FIELD_LINE = compile_lazy(r"\s*[A-Za-z][\w .,&+'/-]{0,28}?\s*[:：]\s+\S")


#: A sentence that is only an answer: "It does.", "They don't.", "It is not!", "That is.".
_BARE_ANSWER = compile_lazy(r"(?:It|They|That|This)\s+(?:does|do|did|is|are|was|were|can|will)(?:\s+not|n't)?\s*[.!]|"
                            r"(?:It|They|That|This)\s+(?:doesn't|don't|didn't|isn't|aren't|wasn't|can't|won't)\s*[.!]")


def sentence_pieces(block_lines: tuple[tuple[int, str], ...], *, item: bool = False) -> list[tuple[str, int, int]]:
    """A block's text cut into sentences, each with its first and last line.

    Lines are joined with spaces; a sentence ends at 。！？, at . ! ? before a capital or CJK
    character, or at a line break after a line that ends a sentence (or a URL/identifier).  In a
    paragraph (``item`` false) a short line followed by one that starts with a capital or CJK
    character also ends one (notes written one statement per line), and so does any line break after
    a line longer than 110 characters (a writer who does not hard-wrap typed it); in a list item a
    continuation line is the same bullet's text, wrapped.
    """
    out: list[tuple[str, int, int]] = []
    buf: list[tuple[int, str]] = []
    widths = [len(t.strip()) for _ln, t in block_lines if t.strip()][:-1]  # (a paragraph's last line is short)
    # (and so is a line that ends a sentence when the writer starts each sentence on a line of its own, wrapping the long
    # ones: "…; its replicas need no extra HBM because they are" / "placed in idle KV-cache headroom …")
    running = [len(t.strip()) for _ln, t in block_lines[:-1] if t.strip() and not re.search(r"[.。!?！？]\s*$", t)]
    wrapped = (len(widths) >= 2 and max(widths) <= 135 and min(widths) >= 0.8 * max(widths)) or \
        (len(running) >= 2 and max(running) <= 135 and min(running) >= 0.8 * max(running))

    def flush() -> None:
        if not buf:
            return
        joined = ""
        starts: list[tuple[int, int]] = []
        for ln, t in buf:
            if joined:
                joined += " "
            starts.append((len(joined), ln))
            joined += t
        first = len(out)
        for a, b in split_sentences(joined):
            piece = joined[a:b].strip()
            if not piece:
                continue
            la = max(ln for off, ln in starts if off <= a) if starts else buf[0][0]
            lb = max(ln for off, ln in starts if off < b) if starts else buf[0][0]
            if len(out) > first and _BARE_ANSWER.fullmatch(piece):
                # "… claims the method needs no shape bucketing. It does.": an answer of two words is the sentence before's
                # (alone it says nothing; with it, it turns the claim reported round)
                prev, pla, _plb = out[-1]
                out[-1] = (f"{prev} {piece}", pla, lb)
                continue
            out.append((piece, la, lb))
        buf.clear()

    for ln, t in block_lines:
        t = t.strip()
        if not t:
            flush()
            continue
        if buf and (re.search(r"[.。!?！？;；:：]$|https?://\S+$|\d{4}\.\d{4,5}(v\d+)?\)?$", buf[-1][1])
                    or not item and re.match(r"[A-Z\u4e00-\u9fff【\[(（>*-]", t) and len(buf[-1][1]) < 60
                    # a line longer than any wrap width: the writer does not hard-wrap, so each line break
                    # is one they typed (a chat message's lines, Obsidian notes)
                    # (unless the block is wrapped at one width, 120 columns, and the line runs on mid-sentence into a
                    # lower-case word; a chat's lines, typed one by one, vary in length)
                    or not item and len(buf[-1][1]) > 110 and not (wrapped and re.search(r"[\w,)]$", buf[-1][1])
                                                                   and re.match(r"[a-z]", t))
                    or _NEW_UNIT.match(t) or _EMOJI_LEAD.match(t)
                    # a run of ``key: value`` lines (a card's fields): one statement per field
                    or _FIELD_LINE.match(t) and _FIELD_LINE.match(buf[-1][1])):
            flush()
        buf.append((ln, t))
    flush()
    return out


#: A BibTeX entry's title field: ``title = {TideKV: Recallable …},`` (braces or quotes).
_BIBTEX_TITLE = compile_lazy(r"^\s*title\s*=\s*[{\"](?P<t>.+?)[}\"]\s*,?\s*$", re.IGNORECASE | re.MULTILINE)


def _bibtex_title(code: str) -> str | None:
    """The title of a BibTeX entry pasted as code (``@article{…, title = {…}, eprint = {2603.11842}, …}``), its TeX
    braces and math marks dropped ("H$_2$O" is "H2O"), else None."""
    if not BIBTEX_ENTRY.match(code):
        return None
    m = _BIBTEX_TITLE.search(code)
    if m is None:
        return None
    t = re.sub(r"\$_?\{?(\w+)\}?\$", r"\1", m.group("t"))
    t = re.sub(r"[{}$\\]", "", t).strip()
    return t or None


#: A chat export's preview of the message a reply answers: "└ replying to @nadia: the numbers I have are …", "↳ Replying to
#: bram: …" (the message itself is in the log above).
_REPLY_PREVIEW = compile_lazy(r"^\s*[└↳┗╰]\s*(?:replying to|in reply to|回复)\s*@?[\w.-]{1,40}\s*[:：]", re.IGNORECASE)
def parse_note(
    text: str,
    path: str,
    kind: str = "note",
    *,
    tz: tzinfo = timezone.utc,
    lexicon: Lexicon | None = None,
) -> tuple[NoteParts, list[str]]:
    """Parse a note, paper card, repo card or queue file.

    The note's structure (its items and the works each is about) comes from
    :func:`ingest.structure.read_structure` over markdown-it-py blocks (:mod:`ingest.blocks`); the
    evidence levels from the writer's words (:mod:`ingest.evidence`); section suggestions from
    :func:`ingest.placement.section_refs`.  HTML comments, code blocks and front matter are never
    claims; block-quote and callout markers are not part of a quote.

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
        are one-line problems that did not stop the parse (a broken front matter block, a date
        or evidence value that cannot be read).
    """
    lex = lexicon or load_lexicon()
    evr = evidence_reader(lex)
    structure = lex.raw.get("structure", {})
    low_pat = re.compile("|".join(f"(?:{p})" for p in structure.get("low_markers", [])) or r"(?!x)x", re.I)
    add_pat = re.compile("|".join(f"(?:{p})" for p in structure.get("add_markers", [])) or r"(?!x)x", re.I)
    warnings: list[str] = []
    text = as_markdown(text, path)  # a .rst, .adoc, .typ, .qmd or .bib note, line for line
    front, body_first, problem = split_front_matter(text)
    if problem:  # front matter kept (a YAML tag ignored) or not
        warnings.append(f"{path}:{1}: {problem}" + ("" if front else "; front matter ignored"))
    lines = text.split("\n")
    said_in_front = _front_statements(lines, body_first, lex, card_alone=kind in ("paper_card", "repo_card") and not any(
        ln.strip() for ln in lines[body_first - 1:]))
    if said_in_front:
        # a card written as YAML only (``claims:`` / ``key_points:`` / ``summary:`` in its front matter): what those fields
        # say is read as the card's statements, at their own lines, as a list written in the body would be
        blocks = read_blocks(_org_as_markdown(said_in_front + lines[body_first - 1:]), 1)
    else:
        blocks = read_blocks(_org_as_markdown(lines[body_first - 1:]), body_first)
    shape = read_structure(blocks, path=path, kind=kind, front=front, first_line=body_first,
                           last_line=max(len(lines), 1), lexicon=lex)
    is_card = kind in ("paper_card", "repo_card")

    # -- front matter facts
    fm_ev = str(front.get("evidence", "")).strip() if isinstance(front.get("evidence"), str) else ""
    fm_levels: tuple[str, ...] = ()
    if fm_ev:
        if fm_ev.lower() in EVIDENCE_LEVELS:
            fm_levels = (fm_ev.lower(),) if fm_ev.lower() != "unknown" else ()
        else:
            lv = evr.value_level(fm_ev) or (evr.levels(fm_ev)[0] if evr.levels(fm_ev) else None)
            if lv:
                fm_levels = (lv,)
            else:
                warnings.append(f"{path}:{_front_line(lines, body_first, 'evidence')}: front matter evidence {fm_ev!r} is "
                                f"not an evidence level ({', '.join(EVIDENCE_LEVELS)}); the note's is 'unknown'")
    for key in ("created", "date", "time"):
        v = front.get(key)
        if isinstance(v, str) and v.strip() and parse_time(v, tz) is None and not _year_only(v):
            warnings.append(f"{path}:{_front_line(lines, body_first, key)}: front matter {key} {v.strip()!r} is not "
                            "a date or time (ISO 8601, e.g. 2026-10-27T09:35+08:00); it is ignored")
    for key, v in front.items():  # the front matter's own evidence statements ("source: abstract (auto)")
        if str(key).lower() in ("evidence", "title", "tags", "aliases", "arxiv", "doi", "url", "link"):
            continue
        if isinstance(v, str) and evr.fields.match(f"{key}: {v}"):
            lv = evr.levels(f"{key}: {v}")
            if lv:
                fm_levels = tuple(dict.fromkeys([*fm_levels, *lv]))

    # -- evidence of every line
    legend = evr.legend([(ln, t) for b in blocks if b.kind == "para" for ln, t in b.lines])
    line_lv: dict[int, tuple[str, ...]] = {}
    fm_line_lv: dict[int, tuple[str, ...]] = {}
    field_lines: set[int] = set()  # lines that are an evidence field ("证据等级：摘要页核查")
    for n, ln in enumerate(lines[: body_first - 1], 1):
        if n > 1 and ":" in ln and evr.fields.match(ln):
            if not is_card and ln.split(":", 1)[0].strip().lower() == "evidence":
                continue  # a note's ``evidence:`` is the note's own level (``fm_ev``), no statement of it
            lv = evr.levels(ln)
            if lv:
                fm_line_lv[n] = lv
    for b in blocks:
        if b.kind == "html" and b.text.lstrip().startswith("<!--"):
            # the writer's remark in a comment ("<!-- saved by priya. Everything below is other people's claims,
            # nothing re-checked by me -->"): no statement, but it says how deeply they checked
            for ln, t in b.lines:
                said = re.sub(r"<!--|-->", " ", t)
                if _TEMPLATE_HINT.search(said) or evr.explains_levels(said):
                    continue  # a template's instruction ("<!-- Evidence: full / abstract / card -->"): no level said
                lv = evr.levels(said, legend)
                if lv:
                    line_lv[ln] = tuple(dict.fromkeys([*line_lv.get(ln, ()), *lv]))
            continue
        if b.kind in ("code", "html", "hr"):
            continue
        if b.kind == "row":
            got: list[str] = []
            for h, c in zip(b.header, b.cells):
                cl = evr.column_level(h, c)
                if cl:
                    got.append(cl)
            got.extend(evr.levels(" | ".join(b.cells), legend))
            if got:
                line_lv[b.line] = ordered_levels(got, all_depths=True)
            continue
        undone = b.kind == "item" and b.task == " "  # an unticked option or to-do ("- [ ] Title and abstract only")
        for ln, t in b.lines:
            lv = _stated_levels(evr, _UNCHECKED_OPTION.sub(" ", strip_markup(t)), legend)
            if undone:
                lv = tuple(x for x in lv if x not in DEPTH_LEVELS)  # not done: no depth (its doubts and hearsay stay)
            if lv:
                line_lv[ln] = tuple(dict.fromkeys([*line_lv.get(ln, ()), *lv]))
                if evr.field_value(strip_markup(t)) or evr.fields.match(strip_markup(t)):
                    field_lines.add(ln)  # "Evidence: abstract", "Evidence: Secondary — a podcast summary"
        if b.kind == "para" and len(b.lines) >= 2 and not is_card:
            # a sentence wrapped over lines ("Unless a reaction says otherwise I only saw the alert" / "snippet, i.e. a
            # slice of the abstract"): what it says, read whole, is said on each of its lines
            for sent, span in _wrapped_sentences(b.lines):
                seen = {lv for ln in span for lv in line_lv.get(ln, ())}
                said = _stated_levels(evr, strip_markup(sent), legend)
                extra = [lv for lv in said if lv not in seen]
                for ln in span if extra else ():
                    line_lv[ln] = tuple(dict.fromkeys([*line_lv.get(ln, ()), *extra]))
    # a table's footnote marks ("| 5.69 † |" over "- † … i.e. second-hand for GPTQ"): what the note says of how it was
    # checked is said of the marked rows
    marks: dict[str, int] = {}
    for b in blocks:
        if b.kind in ("para", "item") and not b.quoted:
            for ln, t in b.lines:
                fm = FOOTNOTE_MARK.match(strip_markup(t))
                if fm and ln in line_lv:
                    marks.setdefault(fm.group(1), ln)
    for b in blocks if marks else ():
        if b.kind == "row":
            for mark, ln in marks.items():
                if any(c.rstrip().endswith(mark) for c in b.cells[1:]):
                    line_lv[b.line] = tuple(dict.fromkeys([*line_lv.get(b.line, ()), *line_lv[ln]]))
    if is_card:
        # a card's front-matter evidence field (``evidence: abstract``) is how it was generated
        # (``card_only`` stays beside the abstract depth a source line names: the reader has the card)
        deepest = ordered_levels([
            *_card_levels(fm_levels),
            *(lv for n, v in fm_line_lv.items() for lv in _card_levels(v))])
        note_levels = deepest if "full_text" in deepest else ordered_levels(["card_only", *deepest], all_depths=True)
    else:
        pre = shape.preamble
        pre_levels = [lv for n, v in line_lv.items() if pre and pre[0] <= n <= pre[1]
                      and not evr.explains_levels(strip_markup(lines[n - 1])) for lv in v]
        # "每篇 PDF 我都从头到尾读完；唯一的例外是 QAQ —— 那篇只看了摘要页": two depths, one of them an exception's
        # (``_EXCEPT``, which speaks for the item it names); the rest of the line is the note's depth
        for n in [n for n in line_lv if pre and pre[0] <= n <= pre[1]]:
            said = strip_markup(lines[n - 1])
            m = _EXCEPT.search(said)
            if m is not None and evr.explains_levels(said):
                pre_levels += [lv for lv in evr.levels(said[:m.start()] + " " + said[m.end():], legend) if lv in DEPTH_LEVELS][:1]
        # the copier's remark in a comment above the first item ("<!-- copied from … Forum hearsay, relayed as posted. -->")
        first_item = min((sg.line for sg in shape.segments), default=0)
        pre_levels += [lv for b in blocks if b.kind == "html" and b.text.lstrip().startswith("<!--") and b.line_end < first_item
                       and not (pre and pre[0] <= b.line <= pre[1]) for ln, _t in b.lines for lv in line_lv.get(ln, ())]
        # a legend that also says what an unmarked entry is ("untagged answers were typed from the abstract;
        # #pdf = checked against the paper"; "没标的都只看了摘要"): that is the note's level for its entries
        for n in range(pre[0], pre[1] + 1) if pre else ():
            said = strip_markup(lines[n - 1]) if 0 < n <= len(lines) else ""
            if plain := _unmarked_level(evr, said):
                pre_levels.append(plain)
        # a title that says where the whole note came from ("# 【转载】…", "# Reposted: …") and heads no item of
        # its own speaks for every item (where it came from only: "# 飞P 精读" names the kind of note, no depth)
        title = next((b for b in blocks if b.kind == "heading"), None)
        tag = _TITLE_TAG.match(title.text) if title is not None and title.level == 1 else None
        if tag and not any(sg.line == title.line for sg in shape.segments):
            said = next(g for g in tag.groups() if g)
            pre_levels += [lv for lv in evr.levels(said, legend) if lv in ("second_hand", "vendor_self_reported")]
        # a closing sentence that speaks for the whole note ("one run per config, nothing repeated, so all of this is
        # unverified", "none of the above is checked", "以上都没复现"): its levels are the note's, as an opening's are
        last_item = max((sg.line for sg in shape.segments), default=0)
        for n, v in line_lv.items():
            # (a point of the last item's own, "- 以上全部是厂商自己的说法", speaks for that item only)
            if n >= last_item and 0 < n <= len(lines) and _WHOLE_NOTE.search(lines[n - 1]) \
                    and not re.match(r"\s*(?:[-*+•]|\d{1,2}[.)、])\s", lines[n - 1]):
                pre_levels += [lv for lv in v if lv in ("unverified", "second_hand")]
        note_levels = ordered_levels([*fm_levels, *pre_levels])
    # "Read all three PDFs end to end, except PyramidKV, which I only skimmed": the opening's exception
    # speaks for the items it names (``{name: levels}``)
    except_levels: dict[str, tuple[str, ...]] = {}
    item_keys = _item_keys(shape.segments) if not is_card else {}  # (once per note, for its opening and its closing)
    if not is_card and shape.preamble:
        for n in range(shape.preamble[0], shape.preamble[1] + 1):
            for m in _EXCEPT.finditer(strip_markup(lines[n - 1]) if 0 < n <= len(lines) else ""):
                lv = evr.levels(m.group("rest"), legend)
                if any(x in DEPTH_LEVELS for x in lv) and len(m.group("name").strip()) >= 2:
                    except_levels[m.group("name").strip().lower()] = lv
            said = strip_markup(lines[n - 1]) if 0 < n <= len(lines) else ""
            for name, lv in _levels_by_name(said, evr, legend).items():
                except_levels.setdefault(name, lv)
            for name, lv in _levels_by_item(said, evr, legend, item_keys).items():
                except_levels.setdefault(name, lv)

    # a closing annotation naming the items above by name or number ("批注：我拿 Quest、SeerAttention、SkimKV 三条去对了摘要，第 5 条
    # 后来也扫了一眼摘要；第 4 条完全没核实", "Notes: items 2 and 3 I read in full"): each clause's levels go to the items it
    # names, as an opening's do
    after_levels: dict[str, tuple[tuple[str, ...], int]] = {}  # name -> (levels, the annotation's line)
    ordinal_levels: dict[int, tuple[tuple[str, ...], int]] = {}
    numbered = [sg for sg in shape.segments if _ORDINAL_MARK.match(strip_markup(sg.title or sg.head or ""))]
    if not is_card and len(numbered) >= 2:
        for n in sorted(x for x in line_lv if x > numbered[-1].line_end):
            said = strip_markup(lines[n - 1]) if 0 < n <= len(lines) else ""
            for name, lv in [*_levels_by_name(said, evr, legend).items(), *_levels_by_item(said, evr, legend, item_keys).items()]:
                after_levels.setdefault(name, (lv, n))
            for part in re.split(r"[;；。，,]|\.\s", said):
                lv = evr.levels(part, legend)
                if len([x for x in lv if x in DEPTH_LEVELS or x == "unverified"]) != 1:
                    continue
                for m in _ORDINAL_REF.finditer(part):
                    ordinal_levels.setdefault(int(m.group("n") or m.group("n2")), (lv, n))

    # the items a thread's other writers open ("fsck_the_bill 8 hours ago | next [–]", "**kvoss** commented on Apr 29"): in a
    # note that says it relays what others wrote, their "I read it end to end" is their reading, not the writer's
    folder = path.split("/")
    agent_name = folder[1] if len(folder) > 2 and folder[0] == "inbox" else None
    others_spans = [(sg.line, sg.line_end) for sg in shape.segments
                    if 0 < sg.line <= len(lines) and (who := comment_author(lines[sg.line - 1])) is not None
                    and who.casefold() != (agent_name or "").casefold()] if "second_hand" in note_levels and not is_card else []

    def is_quoted(ln: int) -> bool:
        # a note that says it copies someone else's words ("block quotes are the answerer's own words"):
        # its block-quoted lines below the opening are the quoted person's, and so are the comments of others it pastes
        return ("second_hand" in note_levels and not is_card and 0 < ln <= len(lines)
                and (lines[ln - 1].lstrip().startswith(">") or any(a <= ln <= b for a, b in others_spans))
                and not (shape.preamble and shape.preamble[0] <= ln <= shape.preamble[1]))

    def quoted(levels, ln: int) -> tuple[str, ...]:
        # a quoted "I ran it on 7B" is the quoted person's check: second-hand to the writer as well
        if any(lv in DEPTH_LEVELS for lv in levels) and is_quoted(ln):
            return ordered_levels([*levels, "second_hand"])
        return tuple(levels)

    line_lv = {n: quoted(v, n) for n, v in line_lv.items()}
    # a note on a table's row ("- row 4: written from memory", "第 4 行：抄自卡片") states that row's level;
    # the row is the one numbered so in its first cell, else the n-th of the note's one table (the row's
    # level, not its own words: it neither flags the row's figures unverified nor decides its relevance)
    noted: dict[int, tuple[str, ...]] = {}
    rows = [b for b in blocks if b.kind == "row"]
    row_note = re.compile(lex.raw.get("evidence_row_note") or r"(?!x)x", re.I)
    for n, v in sorted(line_lv.items()) if rows else ():
        m = row_note.match(lines[n - 1])
        if m:
            k = m.group("n") or m.group("zh")
            at = next((b.line for b in rows if b.cells and b.cells[0].strip(" #*") == k), None)
            if at is None and 0 < int(k) <= len(rows) and len({b.header for b in rows}) == 1:
                at = rows[int(k) - 1].line
            if at is not None:
                noted[at] = ordered_levels([*noted.get(at, ()), *v])
    # a note naming rows by the work in their first cell ("表里 DynamoLLM 和 Mélange 两行我只对着摘要填的；JouleServe 那行是
    # 周毅转述的", "the FlashInfer row is from their README"): each clause's levels go to the rows it names
    row_names = {b.line: nm for b in rows if b.cells and (nm := _row_name(b.cells[0]))}
    for n, _v in sorted(line_lv.items()) if row_names else ():
        if n in row_names:
            continue
        for clause in re.split(r"[;；。]|\.\s", lines[n - 1]):
            if not _ROW_WORD.search(clause):
                continue
            named = [ln for ln, nm in row_names.items() if re.search(rf"(?<![\w-]){re.escape(nm)}(?![\w-])", clause, re.IGNORECASE)]
            lv = evr.levels(clause, legend) if named else ()
            for at in named if lv else ():
                noted[at] = ordered_levels([*noted.get(at, ()), *lv])

    # a heading above items that states a level ("## Benchmarks (ran it myself)", "## 以下只看了摘要") speaks
    # for the items and text under it, down to the next heading of its level or higher
    group_at: dict[int, tuple[str, ...]] = {}
    group_heads: dict[int, tuple[str, ...]] = {}
    if not is_card:
        covered = {ln for sg in shape.segments for ln in range(sg.line, sg.line_end + 1)}
        stack: list[tuple[int, tuple[str, ...]]] = []
        for b in blocks:
            if b.kind == "heading":
                while stack and stack[-1][0] >= b.level:
                    stack.pop()
                t = strip_markup(b.text)
                hl = evr.levels(t, legend) if b.level > 1 and b.line not in covered else ()
                if hl and not evr.explains_levels(t):
                    stack.append((b.level, hl))
                    group_heads[b.line] = hl
            if stack:
                group_at[b.line] = stack[-1][1]
        # a paragraph of the writer's introducing a list ("Candidates. The numbers here are pasted from the abstracts; none
        # of us has gone through the full papers yet." over "1. SnapKV (…)", "2. PyramidKV …"): how it says they were
        # checked reaches the list's entries
        for k, b in enumerate(blocks):
            if b.kind != "para" or b.quoted or b.parent is not None or b.line in covered:
                continue
            said = ordered_levels([lv for ln, _t in b.lines for lv in line_lv.get(ln, ())], all_depths=True)
            by_name = _levels_by_name(strip_markup(b.text), evr, legend) if said and len(
                {x for x in said if x in DEPTH_LEVELS}) >= 2 else {}
            if len(by_name) >= 2 and k + 1 < len(blocks) and blocks[k + 1].kind == "item":
                # "How deep: I read Mooncake and Preble end to end. vLLM and SGLang I only know from their abstracts;
                # Stratus only from our paper card." over a bullet per work: each entry was read as its name says
                for nb in blocks[k + 1:]:
                    if nb.kind != "item":
                        break
                    hit = _level_named(by_name, strip_markup(nb.lines[0][1] if nb.lines else nb.text)[:80].lower())
                    if hit:
                        group_at.setdefault(nb.line, hit)
                continue
            if not said or k + 1 >= len(blocks) or blocks[k + 1].kind != "item" or not _POINTS_FORWARD.search(b.text):
                continue  # (a paragraph that speaks of the list: "The numbers here …", "below", ends with a colon)
            for nb in blocks[k + 1:]:
                if nb.kind != "item":
                    break
                group_at.setdefault(nb.line, said)

    sub_heads = sorted(b.line for b in blocks if b.kind == "heading")

    # -- items: evidence, sections, relevance
    # a footnote's definition ("[^1]: arXiv:2603.11872, … Read sections 3 and 4 properly") belongs to the item whose
    # text refers to it, wherever the definitions are gathered: ``{definition line: item index}``
    fn_home: dict[int, int] = {}
    defs = {m.group(1): n for n, t in enumerate(lines, 1) if (m := _FOOTNOTE_DEF_LINE.match(t))}
    def_lines = set(defs.values())
    for key, n in defs.items():
        ref = f"[^{key}]"
        home = next((sg.index for sg in shape.segments for x in range(sg.line, sg.line_end + 1)
                     if x not in def_lines and 0 < x <= len(lines) and ref in lines[x - 1]), None)
        if home is not None:
            fn_home[n] = home
    seg_levels: list[tuple[str, ...]] = []
    seg_own: list[tuple[str, ...]] = []  # what each item's own words state (before inheriting the note's)
    rest_skipped = not is_card and bool(shape.preamble) and any(
        _REST_SKIPPED.search(strip_markup(lines[n - 1])) for n in range(shape.preamble[0], shape.preamble[1] + 1) if 0 < n <= len(lines))
    # a card whose head says a person read the whole paper ("Source: full text, appendix B included",
    # "阅读深度：v2 全文精读"): the card rests on that reading (``_CARD_SOURCE``)
    card_read = is_card and any("full_text" in v and n <= 15 and 0 < n <= len(lines) and not evr.generated(lines[n - 1])
                                and (_CARD_SOURCE.match(strip_markup(lines[n - 1])) or n in field_lines)
                                for n, v in line_lv.items())
    card_levels = ordered_levels([*note_levels, "full_text"]) if card_read else note_levels
    for sg in shape.segments:
        if is_card:
            seg_levels.append(card_levels)
            seg_own.append(())
            continue
        # an evidence field at the item's head is the writer's verdict; cue words of its title
        # ("Weekly Digest 12") only name the kind of source
        fielded = [n for n in sg.head_lines if n in field_lines]
        head = [lv for n in (fielded or sg.head_lines) for lv in line_lv.get(n, ())]
        if not head and except_levels:  # the opening's exception names this item: it says how it was read
            # (by its title or its first lines, or by the identifier of a work it is about)
            title = " ".join([sg.title or sg.head or "", *(lines[x - 1] for x in range(sg.line, min(sg.line + 2, sg.line_end) + 1)
                                                          if 0 < x <= len(lines)), *sg.works]).lower()
            # the name in the item's title first ("## PinPool" over "// goes next to KVPipe"), then its first lines
            for where in ((sg.title or sg.head or "").lower(), title):
                head = list(_level_named(except_levels, where) or ())
                if head:
                    break
        if not head and (after_levels or ordinal_levels) and any(sg is x for x in numbered):
            # the closing annotation names this item (one of the numbered ones above it): by its number ("第 5 条", "item
            # 2"), or by its name
            num = _ORDINAL_MARK.match(strip_markup(sg.title or sg.head or ""))
            n_of = None
            if num and num.group("circ"):
                n_of = "①②③④⑤⑥⑦⑧⑨⑩".index(num.group("circ")) + 1
            elif num:
                n_of = int(num.group("k") or num.group("d") or num.group("p"))
            got = ordinal_levels.get(n_of) if n_of is not None else None
            head = list(got[0]) if got else list(_level_named({k: v[0] for k, v in after_levels.items()},
                                                             (sg.title or sg.head or "").lower()) or ())
        if not head:
            # an evidence field in the item's body ("Evidence: Secondary — a podcast summary") is its verdict
            body_field = next((n for n in sorted(field_lines) if sg.line < n <= sg.line_end
                               and not any(sg.line < h <= n for h in sub_heads)), None)
            if body_field is not None:
                head = list(line_lv.get(body_field, ()))
        if not head:
            # when the note says how it was read, a depth stated under one of the item's sub-headings
            # ("### 3a. Paper side: only looked at Figure 3") is that sub-section's, not the item's
            stop = next((h for h in sub_heads if sg.line < h <= sg.line_end), sg.line_end + 1) if note_levels else sg.line_end + 1
            depth = next((v for n, v in sorted(line_lv.items()) if sg.line <= n < stop and fn_home.get(n, sg.index) == sg.index
                          and any(lv in DEPTH_LEVELS for lv in v)), ())
            head = [lv for lv in depth]
        if not head and rest_skipped and not any(b.quoted for b in blocks if sg.line <= b.line <= sg.line_end):
            # "Only entries with my >>> lines were looked at; everything else I scrolled past": an entry with no remark
            # of the reader's was not read
            head = ["unverified"]
        # a note that says its entries are someone else's words ("everything below is the feed's excerpt"):
        # a depth an entry states in any voice but the writer's own ("we ran 300 steps", not "I opened the
        # abstract page") is the quoted writer's check
        if not head and not is_card:  # how the item's footnotes say its work was read
            head = [lv for n, i in sorted(fn_home.items()) if i == sg.index for lv in line_lv.get(n, ())]
        if not head and sg.also:  # how the comments under a table on its row say it was got ("- EAGLE-2: copied from Table 1 …")
            # (a note that opens with a footnote mark speaks for the row carrying that mark only, above)
            said = [lv for lo, hi in sg.also for n in range(lo, hi + 1) for lv in line_lv.get(n, ())
                    if not (0 < n <= len(lines) and FOOTNOTE_MARK.match(re.sub(r"^\s*[-*+]\s+", "", strip_markup(lines[n - 1]))))]
            # (a hedge alone, "My guess is the v0.6.4 default …", is of the comment's reasoning, not of how the row was got)
            # (a ticket's comment on its sub-issue, "PDLink — haven't opened it yet", says how far the entry was read)
            head = said if set(said) - {"unverified"} or sg.kind == "entry" else []
        if "second_hand" in note_levels and not is_quoted(sg.line):
            said = [n for n in (*sg.head_lines, *range(sg.line, sg.line_end + 1))
                    if any(lv in DEPTH_LEVELS for lv in line_lv.get(n, ())) and n not in field_lines]
            if said and set(head) & set(DEPTH_LEVELS) and not _OWN_VOICE.search(lines[said[0] - 1]):
                head.append("second_hand")
        own = ordered_levels(head, all_depths=True)
        if sg.kind == "note" and not own:
            own = ordered_levels(lv for n, v in line_lv.items() for lv in v)[:1] if line_lv else ()
        told = ordered_levels([*own, *(lv for n in (sg.head_lines or (sg.line,)) for lv in noted.get(n, ()))], all_depths=True)
        base = group_at.get(sg.line, ()) or note_levels
        # "unverified" says nothing of where an item came from: a quoted note's item stays second-hand too
        lv = ordered_levels([*told, *base]) if told and set(told) <= {"unverified"} else told or base
        if told and _still_unchecked(told, base):
            lv = ordered_levels([*told, "unverified"], all_depths=True)
        if told and "second_hand" in base and set(told) <= {"unverified", "vendor_self_reported"}:
            # whose claim it is ("the vendor's own benchmark") does not change how the writer got it (a
            # newsletter's blurb): the note's second-hand channel holds for the item too
            lv = ordered_levels([*lv, "second_hand"])
        # an item that opens with a quote rests on the quoted person's word (its relevance does not: the
        # writer's own words decide that)
        # (or whose heading heads a quote: "### 回答 1 · 答主（赞同 412）" over "> ForkTree 的核心就两点 …")
        opens = next((n for n in range(sg.line + 1, min(sg.line_end, sg.line + 3) + 1) if 0 < n <= len(lines) and lines[n - 1].strip()),
                     None) if sg.kind == "heading" else None
        quotes_first = is_quoted(sg.line) or (opens is not None and is_quoted(opens))
        seg_levels.append(ordered_levels([*lv, "second_hand"]) if quotes_first and "vendor_self_reported" not in lv else lv)
        every = ordered_levels(lv for n, v in line_lv.items() if sg.line <= n <= sg.line_end and fn_home.get(n, sg.index) == sg.index
                               for lv in v)
        seg_own.append(own if sg.kind == "note" else ordered_levels([*own, *every]))

    if not is_card:
        # "Everything above the rule is the uploader's own claim" after what it speaks of (a pasted model card, then the
        # paster's remarks): how each earlier part that says nothing of its own was got
        for n, v in sorted(line_lv.items()):
            if v and 0 < n <= len(lines) and _ABOVE_SCOPE.search(lines[n - 1]):
                for k, sg in enumerate(shape.segments):
                    if sg.line_end < n and not seg_own[k]:
                        seg_levels[k] = ordered_levels([*seg_levels[k], *v], all_depths=True)
    seg_at: dict[int, int] = {}  # each line's first segment, filled once (a pass per line grew with the square)
    seg_at.update(fn_home)  # a footnote's definition is its referring item's
    for sg in shape.segments:
        for ln in range(sg.line, sg.line_end + 1):
            seg_at.setdefault(ln, sg.index)
    for sg in shape.segments:  # a row's comments below its table
        for lo, hi in sg.also:
            for ln in range(lo, hi + 1):
                seg_at.setdefault(ln, sg.index)

    def seg_of(line: int) -> int | None:
        return seg_at.get(line)

    seg_starts = {sg.line for sg in shape.segments}

    # a table's caption, the line right above it ending in a colon ("温度 1（top-p 1.0）："), sets its rows'
    # conditions: ``{row line: caption}``
    # and a list's, the paragraph right above it ending in a colon or written on the line before its first
    # item ("Numbers (Table 3: Llama-3.1-8B, batch 1, 1× H100 SXM, vs FlashInfer)" / "- 128K: 2.6×")
    # and a table's rows, the heading above the table too ("# 对比表（LLaMA-2-7B，WikiText-2，序列长 2048）")
    captions: dict[int, str] = {}
    caption, caption_end, held = "", 0, False
    heading = ""
    for b in blocks:
        if b.kind == "heading":
            heading = strip_markup(b.text)
        if b.kind in ("row", "item"):
            held = held or b.kind == "row" or bool(caption_end) and (
                b.line == caption_end + 1 or caption.rstrip().endswith((":", "：")))
            if held:
                captions[b.line] = caption
            if b.kind == "row" and heading:
                captions[b.line] = f"{captions.get(b.line, '')}\n{heading}".strip()
            elif b.kind == "item" and b.parent is None and not held and _CAPTION_MEASURE.search(heading):
                # "## Weight-only results (WikiText-2 perplexity, Llama-2-7B)" over "- W3A16g128: 5.88": a heading that
                # names the measure is the caption of the bare figures listed under it
                captions[b.line] = heading
        else:
            # a caption, not a paragraph, nor a line saying how deeply it was read ("… and all the ablation tables")
            ok = b.kind == "para" and b.line_end == b.line and len(b.text) <= 160 and not evr.levels(b.text)
            # (or a paragraph that says where every number below was measured: "以下数字都是我们自己在 1× A100-80G 上跑的",
            # "All numbers below are our own runs on one H100")
            ok = ok or (b.kind == "para" and len(b.text) <= 400 and bool(_ALL_BELOW.search(b.text)))
            # (or a paragraph's last line that introduces the list below it: "**Dmitri** commented on …:" over
            # "Mistral-7B-Instruct-v0.3, same harness, LongBench, 20% budget:" over "- LaneKV keeps 95.2% …")
            last = b.lines[-1][1].strip() if b.kind == "para" and b.lines else ""
            if not ok and len(b.lines) >= 2 and last.endswith((":", "：")) and len(last) <= 160 and not evr.levels(last) \
                    and re.search(r"\d", last):
                caption, caption_end, held = last, b.line_end, False
                continue
            caption, caption_end, held = (b.text, b.line_end, False) if ok else ("", 0, False)
    # an outline's entry under entries that name its setting (a mind map's "Llama-2-7B · WikiText-2 ppl · 4-bit" over
    # "W4 g128 = 5.78 (FP16 5.47)"): its parents' short lines are its caption
    by_index = {b.index: b for b in blocks if b.kind == "item"}
    for b in blocks:
        if b.kind != "item" or b.parent is None or b.parent not in by_index:
            continue
        up, chain = by_index.get(b.parent), []
        while up is not None and len(chain) < 4:
            if len(up.text) <= 160:
                chain.append(strip_markup(up.text.split("\n")[0]))
            up = by_index.get(up.parent) if up.parent is not None else None
        if chain:
            captions[b.line] = "\n".join(x for x in (captions.get(b.line, ""), *chain) if x)

    # -- claims
    # the short names the note gives its works ("**FlashAttention-3** (arXiv:2407.08608v2, …)"), for a comparison
    # matrix whose columns name them
    local_names: dict[str, str] = {}
    if any(b.kind == "row" for b in blocks) or any(len(sg.works) > 1 for sg in shape.segments):
        for ln_text in lines:
            for m in find_arxiv_ids(ln_text):
                a = alias_before(ln_text.replace("**", "  "), m.start)
                if not a:  # "- Required: RePlace — https://arxiv.org/abs/2605.11274v1": a name and a dash before its link
                    dash = _NAME_DASH.search(ln_text[:m.start])
                    a = dash.group(1) if dash else None
                if a:
                    local_names.setdefault(a.casefold(), m.arxiv_id)
    claims: list[Claim] = []
    unquoted: dict[int, str] | None = None  # the note's unquoted lines, folded (``_unquoted_lines``), when first needed
    letterhead = signature_blocks(blocks)
    letter_form = letter_lines(blocks)  # a mail's header fields (metadata), greeting, attributions, quoted closings (none)
    role = "statement"
    sub_levels: tuple[str, ...] = ()  # what a sub-heading says of the text under it ("## Claims (from the README)")
    sub_level_of = 0
    background_of = 0  # the level of the background heading a one-paper note's text sits under, 0 none
    placing = False  # under a heading that asks where the work goes ("## Where it might go"): its sections are placements
    for b in blocks:
        if b.kind == "heading":
            t = strip_markup(b.text)
            placing = bool(PLACEMENT_HEADING.match(t))
            if background_of and b.level <= background_of:
                background_of = 0
            if lex.caveat_headings.search(t):
                role = "caveat"
            elif lex.action_headings.search(t):
                role = "action"
            elif lex.relation_headings.search(t) and b.level >= 3:
                role = "relation"
            elif shape.one_paper and b.level >= 2 and (background_of or lex.background_headings.search(t)):
                # a one-paper note's motivation ("## 一、问题与动机", "### 1.1 模仿学习的天花板"): what it says
                # is of the work the paper improves on, unless it names one
                role, background_of = "background", background_of or b.level
            else:
                role = "statement"
            hl = evr.levels(t, legend)
            if is_card and hl:
                hl = _card_levels(hl)
            owner = shape.segments[seg_of(b.line)] if seg_of(b.line) is not None else None
            if b.line in group_heads:  # a heading above items: its levels reach them through group_at
                hc = make_claim(b.text, b.line, b.line, role="metadata", item=None, lexicon=lex)
                claims.append(hc.model_copy(update={"evidence": _cautious(hl), "evidence_levels": hl}))
            if owner is None or owner.line == b.line or b.level == 1 or (is_card and not set(hl) - {"card_only", "abstract_checked"}):
                # a note's title ("飞P 精读") or an item's own heading speaks for the item, not below it; a card's
                # section that says it was filled from the abstract ("## TLDR（据摘要）") adds nothing to the card's level
                hl = ()
            if hl:
                sub_levels, sub_level_of = hl, b.level
                it = seg_of(b.line)
                hc = make_claim(b.text, b.line, b.line, role="metadata", item=it, lexicon=lex)
                claims.append(hc.model_copy(update={"evidence": _cautious(hl), "evidence_levels": hl,
                                                    "subjects": shape.segments[it].works if it is not None else ()}))
            elif b.level <= sub_level_of:
                sub_levels, sub_level_of = (), 0
            continue
        if b.kind in ("code", "html", "hr") or b.line in letterhead:
            continue
        block_it = seg_of(b.line)
        # what one sentence of a paragraph says of how it was checked ("Hearsay, I haven't looked at the
        # repo.") speaks for the paragraph's other sentences of the same item, before the item's level
        by_item: dict[int | None, list[str]] = {}
        if b.kind == "para" and not is_card:
            for ln, _t in b.lines:
                by_item.setdefault(seg_of(ln), []).extend(line_lv.get(ln, ()))
        if b.kind == "row" and not any(c.strip() for c in b.cells):
            continue  # an empty row (a wiki table's "|-" separator): nothing said
        matrix = comparison_columns(b) if b.kind == "row" else None
        named_by: dict[str, str] = {}  # a piece of a comparison matrix -> the work its column names
        if matrix:
            # "| Fwd, FP16, H100, head dim 128 | 740 TFLOPs/s | — |" under "| | FlashAttention-3 | SageAttention2 |": one
            # statement per column, of the work the column names ("FlashAttention-3: Fwd, FP16, …: 740 TFLOPs/s")
            pieces = []
            for name, cell in matrix:
                # (a cell that does not know, "unclear: the talk and the card disagree", answers nothing its row asks)
                piece = f"{name}: {cell}" if _UNKNOWN_CELL.match(strip_markup(cell)) else \
                    f"{name}: {strip_markup(b.cells[0]).strip()}: {cell}"
                pieces.append((piece, b.line, b.line_end))
                if (w := local_names.get(name.casefold())) is not None:
                    named_by[piece] = w
        elif b.kind == "row":
            pieces = [(" | ".join(b.cells), b.line, b.line_end)]
        else:
            # a sentence never runs from one item into the next (a shorthand note's lines, a pasted chat's
            # topics are items of one paragraph)
            runs: list[list[tuple[int, str]]] = []
            # (one message under its header, "张三 2027/12/15 10:42" over "大家看下这篇 …", as a WeChat export writes each)
            turns = b.kind == "para" and len(b.lines) > 1 and (sum(1 for _ln, t in b.lines if is_turn_header(t)) >= 2
                                                               or is_turn_header(b.lines[0][1]))
            head_of: dict[int, int] = {}
            for ln, t in b.lines:
                if turns:
                    # a chat pasted as one paragraph ("Ana Lopez  10:02 AM" / message / …): each header starts a
                    # message and says nothing itself; a reaction count or "3 replies" below a message is no one's words
                    if is_turn_header(t):
                        runs.append([])
                        head_of[len(runs) - 1] = ln  # (the message's first statement spans its header, its text after it)
                        continue
                    t = without_edit_mark(t)
                if IM_CLUTTER.match(t):
                    continue  # (a message's placeholder or a recall notice, "罗威撤回了一条消息", in any chat)
                if _LISTING_MARK.match(t):
                    continue  # an arXiv listing's markers say nothing
                if _REPLY_PREVIEW.match(t):
                    continue  # "└ replying to @bram: rollwise works without …": a chat's excerpt of the message answered
                # (a bullet swallowed as a paragraph's lazy continuation, "    - said 9.5x …" under a programme's slot, starts
                # a sentence of its own)
                if not runs or (runs[-1] and (ln in seg_starts or seg_of(ln) != seg_of(runs[-1][-1][0])
                                              or (b.kind == "para" and re.match(r"\s*[-*+]\s+\S", t))
                                              or (b.kind in ("para", "item") and _FIELD_START.match(t)))):
                    runs.append([])
                # "~~LayerSkip 必须从头预训练才能用。~~": a sentence its writer struck out says nothing
                runs[-1].append((ln, _STRUCK.sub("", t) if "~~" in t else t))
            pieces = []
            for n, run in enumerate(runs):
                got = sentence_pieces(tuple(run), item=b.kind == "item") if run else []
                if got and n in head_of:
                    got[0] = (got[0][0], head_of[n], got[0][2])
                pieces += got
        setup: tuple[int | None, str] = (None, "")  # a sentence that only sets up a measurement, and its item
        prev_piece: tuple[int | None, str] = (None, "")  # the sentence before, and its item
        prev_version: str | None = None  # the version the sentence before is tied to
        said_of: tuple[int, tuple[str, ...], bool] = (0, (), False)  # (line, works, opens with it) of the sentence before
        for piece, la, lb in pieces:
            # a paragraph may hold several items (a pasted chat: one block quote, one turn per line)
            it = seg_of(la) if seg_of(la) is not None else block_it
            sg = shape.segments[it] if it is not None else None
            inherited = seg_levels[it] if it is not None else (group_at.get(b.line) or note_levels)
            para_levels = ordered_levels(by_item.get(it, ())) if len(pieces) > 1 else ()
            clean = strip_markup(piece)
            if len(clean) < 2 or TURN_HEADER.match(clean) or is_turn_header(clean):
                continue  # (a transcript's "Speaker 1  00:00:31" alone on its line says nothing: the turn's words do)
            own = line_lv.get(b.line, ()) if b.kind == "row" else quoted(_stated_levels(evr, clean, legend), la)
            said = own
            if b.kind == "row" and b.line in noted:
                own = ordered_levels([*own, *noted[b.line]])
            if b.kind == "item" and lb > la:  # an entry's property lines ("status:: todo") are its own words
                own = ordered_levels([*own, *(lv for ln in range(la, lb + 1) if ln in field_lines for lv in line_lv.get(ln, ()))])
            if is_card:  # what a card says rests on the card (and on how deep its writer says they checked)
                # (a line under "## README 自报性能" says what its section's heading says: the maintainers' numbers)
                # (whose numbers they are, not how the card was written: "## 核心主张（卡片转述）" is still the card's)
                own = ordered_levels([*_card_levels(own),
                                      *(lv for lv in (sub_levels if not own else ()) if lv == "vendor_self_reported")],
                                     all_depths=True)
            if b.quoted and (letter_form.get(b.line - 1) == "form" or letter_form.get(b.line) == "form"):
                # a quoted mail under its attribution ("On 3 May, … Lena wrote:" over "> Has anyone checked …?") is the
                # other writer's words: the level this writer states for their own reading is not theirs
                para_levels = sub_levels = inherited = ()
            levels = own or para_levels or sub_levels or inherited
            if not own and para_levels and set(para_levels) <= {"unverified"} and (sub_levels or inherited):
                # "UP：…FLOPs 能砍掉 60% 以上" over "我：…我也没去翻论文" in a note that relays everything: unchecked, and still
                # second-hand, as the note says
                levels = ordered_levels([*para_levels, *(sub_levels or inherited)])
            if own and set(own) <= {"unverified"}:
                # "they never found out why" under a heading "heard in the hallway": unchecked, and still
                # second-hand; "unverified" says nothing of where a statement came from
                levels = ordered_levels([*own, *(para_levels or sub_levels or inherited)])
            elif own and _still_unchecked(own, para_levels or sub_levels or inherited):
                levels = ordered_levels([*own, "unverified"], all_depths=True)
            if own and set(own) <= {"unverified", "vendor_self_reported"} and "second_hand" in inherited:
                # "The numbers in the post are the team's own" in a note that relays everything: whose claim
                # it is does not change how the writer got it (as for an item, above)
                levels = ordered_levels([*levels, "second_hand"], all_depths=True)
            about, _compared = works_in(piece, lex)
            lead = _PRONOUN_LEAD.match(clean) if not about and len(said_of[1]) == 1 and said_of[0] == la else None
            if lead and (lead.group("plural") or lead.group("plural_zh") or said_of[2]):
                # ("SinkFree revisits … StreamingLLM (arXiv:…). It does not evict …": "it" is the sentence before's
                # subject, which a work named in passing is not; "they" may be any one work named before)
                # "baseline 里该加 Llumnix（arXiv:2406.03243）。我印象里他们 P99 … 只降了 2.6 倍": "they" are the work the
                # sentence before on the line named
                about = list(said_of[1])
            named_here = tuple(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(piece)))  # (compared or not)
            said_of = (lb, named_here, bool(_ID_OPENS.match(clean))) if named_here else said_of
            if piece in named_by:
                about = [named_by[piece]]
            subjects = tuple(about) or (sg.works if sg and role != "background" else ())
            if not about and sg and len(sg.works) > 1 and 0 < la <= len(lines):
                # "*RePlace: I only got through the abstract. The placement is static …*" in a week about three papers:
                # a line led by one of them and a colon speaks of that one, every sentence of it
                lead = _NAME_LABEL.match(strip_markup(lines[la - 1]))
                named = local_names.get(lead.group(1).casefold()) if lead else None
                if named in sg.works:
                    subjects = (named,)
            if la == lb and letter_form.get(la) == "form":
                continue  # "Hi Lena, all,", "On 3 May 2027, … wrote:", a quoted "Thanks, / Lena": the letter's form, no claim
            if b.quoted and len(clean) >= 24:
                if unquoted is None:
                    unquoted = _unquoted_lines(lines)  # (once per note, when it first quotes)
                if _quoted_from_above(clean, unquoted, la):
                    continue  # "> you have to fine-tune the model with a dedicated sink token first" under a reply: the
                    # message above, quoted to answer it, is no statement of its own (the message said it, at its line)
            c = make_claim(piece, la, lb, role="metadata" if _LINKS_LINE.match(clean) or (la == lb and la in letter_form)
                           else "caveat" if _CAVEAT_LEAD.match(clean) else role, item=it,
                           subjects=(), lexicon=lex)
            refs = section_refs(clean, lex)
            if placing and not refs:
                # under "### Suggested section": the answer is the field's value ("2.3 Attention-score based — right after
                # the SnapKV paragraph", "Probably 2.5 (learned / retrofitted)?")
                refs = section_refs(f"Section: {clean}", lex)
            if placing:
                refs = [dataclasses.replace(r, role="suggest") if r.role == "mention" else r for r in refs]
            if b.kind == "row":
                for h, cell in zip(b.header, b.cells):
                    keys = table_section(h, cell)
                    refs += [SectionRef(k, None, "suggest") for k in keys]
                    if not keys and section_column(h) and 3 <= len(cell.strip(" -—–")) <= 80 and not refs \
                            and re.search(r"[^\W\d_]{3}", cell) and not _PLACEHOLDER.fullmatch(cell.strip()):
                        refs.append(SectionRef(None, cell.strip(), "suggest"))  # "Eviction > Budget allocation"
                if len(b.cells) == 2:  # a key/value table: "| suggested section | 4.2 Self-speculation |"
                    refs += [SectionRef(k, None, "suggest") for k in table_section(b.cells[0], b.cells[1])]
            if b.kind == "item" and captions.get(b.line) and c.quantities:
                c = c.model_copy(update={"quantities": find_figures(clean, lex, context=captions[b.line])})
            elif b.kind == "item" and (b.parent is not None or not c.quantities) and captions.get(b.line) and re.search(r"\d", clean):
                # (and a bare "W3A16g128: 5.88" under "## Weight-only results (WikiText-2 perplexity, Llama-2-7B)")
                # an outline's bare "W4 g128 = 5.78 (FP16 5.47)" under "Llama-2-7B · WikiText-2 ppl · 4-bit": figures of
                # the measure its parents name (read with their words; only the figures written here are its own)
                parents = " ".join(reversed(captions[b.line].splitlines())).replace("·", " ")
                got = find_figures(f"{parents}: {clean}", lex)
                mine = tuple(q for q in got if q.raw in clean)
                if mine:
                    c = c.model_copy(update={"quantities": mine})
            elif b.kind == "para" and b.setting and c.quantities:
                # a line a notebook's run printed ("wikitext2 ppl: 6.21"): under the heading and the input cell that
                # printed it ("## OmniQuant W3A16g128 …" / "!python main.py --model meta-llama/Llama-2-7b-hf --wbits 3 …")
                c = c.model_copy(update={"quantities": find_figures(clean, lex, context=b.setting)})
            elif b.kind != "row" and c.quantities and prev_piece[1] and prev_piece[0] == it and _ANSWER_LINE.match(clean) \
                    and _QUESTION_LINE.match(prev_piece[1]):
                # a flashcard's "A: 4.5x (same SLO, baseline vLLM)" under "Q: Tandem 在相同 SLO 下 goodput 比 vLLM 高多少？": the
                # answer's figures measure what the question asks
                c = c.model_copy(update={"quantities": _answered_figures(prev_piece[1], clean, lex)})
            elif b.kind != "row" and c.quantities and setup[1] and setup[0] == it:
                # "A100-80GB, Llama-2-7B shapes, 4k ctx, FP16. FD++ decode attention vs FA2: bs=1 -> 1.21x": the
                # setting sentence before holds for the figures after it
                c = c.model_copy(update={"quantities": find_figures(clean, lex, context=setup[1])})
            elif b.kind != "row" and c.quantities and prev_piece[1] and prev_piece[0] == it and _SAME_SETTING.search(clean):
                # "… 2.7 GB at 128K, batch one. Their Table 4 also lists the KIVI-2 baseline at 2900 MiB, same model,
                # same 128K context.": "same …" takes the setting of the sentence before
                c = c.model_copy(update={"quantities": _same_as_before(clean, lex, prev_piece[1], c.quantities)})
            elif b.kind != "row" and not c.quantities and (s_ := setting_of(clean, lex)) and not evr.levels(clean):
                setup = (it, s_)  # (a line saying how deeply it was read, "… and all the ablation tables", sets no setting)
            if b.kind == "row" and b.header and not matrix:
                # a bare number takes its unit and measure from its column ("Output tok/s" | "1,640")
                figures = find_figures(_row_fact_text(b), lex, context=captions.get(b.line, ""))
                measure = _CAPTION_MEASURE.search(captions.get(b.line, ""))
                if not figures and measure:
                    figures = find_figures(_row_fact_text(b, measure.group(0)), lex, context=captions.get(b.line, ""))
                elif not figures and _LM_DATASET.search(" ".join(b.cells)):
                    # "| Llama-3-8B | wikitext2 | w3g128 | 7.58 | 8.19 |" under a caption naming no measure: a language-modelling
                    # dataset's numbers are perplexities; when one column is the item's work ("| SALT | GPTQ | FP16 |" on
                    # SALT's card) the others are its baselines', not figures of the work
                    own_row = _own_column(b, sg.title if sg else "")
                    figures = find_figures(_row_fact_text(own_row, "perplexity"), lex,
                                           context=captions.get(b.line, "")) if own_row is not None else ()
                if figures:
                    c = c.model_copy(update={"quantities": figures})
                # a disputes table's row ("争议点 | A 方说法 | B 方说法 | 结论", "Issue | Claim | Counter | Resolution"): the sides
                # the two parties state are the dispute; the row says what its conclusion cell says
                concl = next((k for k, h in enumerate(b.header) if _CONCLUSION_COLUMN.fullmatch(strip_markup(h).strip())), None)
                if concl is not None and concl < len(b.cells) and not c.qualifiers:
                    quals = qualifier_sides(b.cells[concl], lex)
                    if quals:
                        c = c.model_copy(update={"qualifiers": quals})
                # a ✓/✗ cell under a column that names a qualifier ("Exact?" | "✗"): the row's side of it
                checked = _row_checks(b)
                if checked:
                    quals = qualifier_sides(checked, lex)
                    if quals:
                        c = c.model_copy(update={"qualifiers": tuple(dict.fromkeys([*c.qualifiers, *quals]))})
            claims.append(c.model_copy(update={
                "evidence": _cautious(levels),
                "evidence_levels": levels,
                "subjects": tuple(dict.fromkeys(subjects)),
                "section_refs": tuple(dict.fromkeys(r.key or r.title for r in refs)),
                "suggested_sections": tuple(dict.fromkeys(r.key or r.title for r in refs if r.role == "suggest")),
                "cross_refs": tuple(dict.fromkeys(r.key for r in refs if r.role == "cross" and r.key)),
                "version": claim_version(piece, c.arxiv) or (
                    prev_version if prev_piece and prev_piece[0] == it and _GOES_ON_VERSION.match(clean) else None),
                "unverified": c.unverified or "unverified" in said,
            }))
            prev_piece = (it, clean)
            prev_version = claims[-1].version
    # front matter lines that state evidence are claims too (a card's ``source: abstract (auto)``)
    for n, lv in sorted(fm_line_lv.items()):
        if is_card:
            lv = _card_levels(lv)
        c = make_claim(lines[n - 1].strip(), n, n, role="metadata", item=0 if shape.segments else None, lexicon=lex)
        claims.append(c.model_copy(update={"evidence": _cautious(lv), "evidence_levels": lv,
                                           "subjects": shape.segments[0].works if shape.segments else ()}))
    # a one-item note's or card's front matter that places it (``section: "5.1"``, ``kb_section: 7.1``, ``section_guess: 3.2``)
    if len(shape.segments) == 1:
        for n, ln in enumerate(lines[: body_first - 1], 1):
            fm = _FRONT_PLACEMENT.match(ln) if n > 1 and n not in fm_line_lv else None
            keys = table_section("section", fm.group("value").strip(" '\"")) if fm else []
            if keys:
                c = make_claim(ln.strip(), n, n, role="metadata", item=0, lexicon=lex)
                claims.append(c.model_copy(update={"evidence": "unknown", "evidence_levels": (), "section_refs": tuple(keys),
                                                   "suggested_sections": tuple(keys),
                                                   "subjects": shape.segments[0].works}))
    claims.sort(key=lambda c: c.line)  # (stable: two sentences of one line keep their order)
    # what an item says is tied to the version it reads ("Attachment: 2603.17264v2.pdf", "## MC-SF
    # (arXiv:2502.07115v5)"): a statement of it that names no version of its own is that version's
    for sg in shape.segments:
        if len(sg.works) != 1:
            continue
        head = sorted(set(sg.head_lines) | {sg.line + k for k in range(4)})
        vs = {m.version for ln in head if 0 < ln <= len(lines) and ln <= sg.line_end
              for m in find_arxiv_ids(lines[ln - 1]) if m.arxiv_id == sg.works[0] and m.version}
        if len(vs) == 1:
            v = vs.pop()
            claims = [c.model_copy(update={"version": v}) if c.item == sg.index and c.version is None
                      and (not c.subjects or sg.works[0] in c.subjects) else c for c in claims]

    # a run its writer voids ("**ABANDONED.** Misconfigured run … Don't quote it anywhere", "作废，别引用"): its figures are no
    # measurements to set against others (its statements stay, with their words)
    # (the whole topic when the words say so of its run, "ABANDONED", "misconfigured run", "作废", or stand at its head;
    # said later of one figure, "The scaling-law figure is on their own data mix, don't quote it", only that sentence)
    first_of: dict[int, int] = {}
    for c in claims:
        if c.item is not None:
            first_of[c.item] = min(first_of.get(c.item, c.line), c.line)
    voiding = [k for k, c in enumerate(claims) if _VOID.search(c.text)]
    void = {claims[k].item for k in voiding if claims[k].item is not None
            and (_VOID_RUN.search(claims[k].text) or claims[k].line - first_of[claims[k].item] <= 1)}
    void_at = set(voiding)
    for k in voiding:
        # "Their batch-64 number is 1.38x. Don't quote it.": the statement before it, in the note's order ("The scaling-law
        # figure is on their own data mix, don't quote it" names what it voids itself)
        if not claims[k].quantities and len(claims[k].text.strip()) <= 40 and k > 0 and claims[k - 1].item == claims[k].item:
            void_at.add(k - 1)
    # a figure its writer corrects later in the same topic ("6/ … add ~2.1 GB …" then "7/ yes, typo on my side, it's 1.2 GB",
    # "更正：是 1.2 GB"): the earlier value is withdrawn, the correction stands
    # (the figure it names as the wrong one, "Medusa-2 is 2.83x, not 2.38x", wherever it stands in the topic; else the
    # figure of the last statement before it giving one of that unit and none of its values, wherever it is repeated)
    for k, c in enumerate(claims):
        if c.quantities and c.item is not None and _CORRECTS.search(c.text):
            units = {q.unit for q in c.quantities}
            values = {(q.unit, q.value) for q in c.quantities}
            wrong = {(q.unit, q.value) for q in c.quantities
                     if _WRONG_BEFORE.search(c.text[max(0, c.text.find(q.raw) - 14):max(0, c.text.find(q.raw))])}
            before = [j for j in range(k) if claims[j].item == c.item]
            if not wrong:
                last = [j for j in before if any(q.unit in units for q in claims[j].quantities)
                        and not any((q.unit, q.value) in values for q in claims[j].quantities)][-1:]
                wrong = {(q.unit, q.value) for j in last for q in claims[j].quantities if q.unit in units}
            hit = [j for j in before if any((q.unit, q.value) in wrong for q in claims[j].quantities)]
            for j in hit:
                void_at.add(j)
                voiding.append(j)
    if voiding:
        claims = [c.model_copy(update={"quantities": ()}) if c.quantities and (c.item in void or k in void_at) else c
                  for k, c in enumerate(claims)]
    items: list[Item] = []
    claims_of: dict[int | None, list[Claim]] = {}
    for c in claims:
        claims_of.setdefault(c.item, []).append(c)
    named_place = _placements_by_name(shape.segments, claims_of.get(None, []))
    # a closing word after the items ("me (ines): … a candidate for 6.1") is a statement of the item it places
    closing = {id(c): idx for idx, cs in named_place.items() for c in cs
               if shape.segments and c.item is None and c.line > shape.segments[-1].line_end}
    for sg, levels, own_levels in zip(shape.segments, seg_levels, seg_own):
        mine = claims_of.get(sg.index, [])
        placing = [*mine, *named_place.get(sg.index, ())]
        if sg.shares:  # "rows 5 and 6 are new → [4.2]" held by row 5: row 6's placement and verdict too
            shared = [c for c in claims if c.item != sg.index and any(lo <= c.line <= hi for lo, hi in sg.shares)]
            placing = [*mine, *shared]
            # (a label over several entries, "分组标量 → [[doc#S3.1]]" of a mind map, belongs to no item: its placement
            # is theirs, its arrow no verdict)
            mine = [*mine, *(c for c in shared if c.item is not None)]
        sections = list(dict.fromkeys(s for c in placing for s in c.suggested_sections))
        cross = [k for k in dict.fromkeys(k for c in placing for k in c.cross_refs) if k not in sections]
        texts = [sg.head, *(c.text for c in mine if not _EPILOGUE.match(c.text))]
        add_says = {t: _says(add_pat, t) for t in texts}
        # (an evidence field stating a depth, "阅读程度: 正文 1–5 节逐段读完，附录 B 的 kernel 实现跳过", says what was read, not
        # that the item is skipped; a "Verdict: skip …" field is the writer's no)
        # (what follows the field's value is the writer's remark: "read: abstract; 和 P/D 分离没关系，是误拖进来的" is a "no")
        low_says = {t: _says(low_pat, _after_field_value(t)) if evr.fields.match(t) and set(evr.levels(t)) & set(DEPTH_LEVELS)
                    else _says(low_pat, t) for t in texts}
        # "I would not add it there" is the writer's "no"; "so it is not noise" is no verdict of "low"
        # ("→ 纯吐槽，跳过。": an arrow that leads to the writer's "skip" is that verdict's mark, no placement)
        adds = [t for t in texts if add_says[t] > 0 and not _CITE_ONLY.search(t)
                and not (low_says[t] > 0 and _says(add_pat, _ARROWS.sub(" ", t)) <= 0)
                # ("建议：不收。", "Suggestion: skip": a label the verdict follows; its value is the verdict)
                and not ((lab := _VERDICT_LABEL.match(t)) and _says(low_pat, t[lab.end():]) > 0
                         and _says(add_pat, t[lab.end():]) <= 0)]
        # ("It does not belong in 5.2 (prefill is untouched)" places it elsewhere: no "no")
        lows = [t for t in texts if low_says[t] > 0 or add_says[t] < 0 and not _NOT_THERE.search(t)]
        # hearsay: only someone else's word, and the item says it is unchecked or self-reported (a
        # newsletter item is second-hand by kind; it is low only when its words doubt it)
        hearsay = bool(own_levels) and set(own_levels) <= _HEARSAY and set(own_levels) != {"second_hand"}
        head_low = low_pat.search(strip_markup(sg.title)) and not add_pat.search(strip_markup(sg.title))
        if is_card:
            # a paper card's "Suggested placement" is the pipeline's; a repo card that says where the
            # code belongs is a curator's suggestion
            rel, reason = ("increment", None) if sections and kind == "repo_card" else ("unknown", None)
            if rel == "unknown" and lows and not adds and not sections:
                # the card's own "no": "metadata only (citation refresh)", "No new content since the previous card"
                rel, reason = "low", next((strip_markup(t) for t in texts if t in lows), None)
        elif head_low:  # "## 丢弃：…", "## 低相关：…": the writer's verdict in the heading
            rel, reason = "low", strip_markup(sg.title)
        elif lows and len(texts) > 2 and texts[-1] in lows and len(strip_markup(texts[-1])) <= 60 and not sections \
                and add_says[texts[-1]] <= 0:
            # the item's closing verdict ("No edit needed.") after its remarks: an add cue in passing ("it overstates the
            # gap") is no proposal
            rel, reason = "low", strip_markup(texts[-1])
        elif adds and not lows:  # the writer says it is an addition: their judgement, hearsay or not
            rel, reason = "increment", None
        elif not sections and _PLAN_HEAD.match(strip_markup(sg.head or "")):
            # a stand-up's "Next: AWQ int4 + speculative decoding benchmark", "Blockers: …", "待办：…": work still to do, nothing
            # read or found yet
            rel, reason = "low", strip_markup(sg.head or "")
        elif hearsay:  # the item's own words say it rests on someone else's word, unchecked
            # (placed by its writer, with nothing against it and not put off: "Only heard it from the episode, paper
            # still unread. Probably a 4.2 item." is their increment when the work is new, ``queries.items``; a paper
            # queued and unread with a "Where" cell, or hearsay about a work the document has, stays low)
            placed = bool(sections) and not lows and bool({"second_hand", "vendor_self_reported"} & set(own_levels)) \
                and not any(_DEFERRED.search(t) for t in texts)
            rel, reason = "low", "rests only on " + ", ".join(own_levels).replace("_", " ") + (PLACED_HEARSAY if placed else "")
        elif adds:
            rel, reason = "increment", None
        elif lows:  # the writer's "no" outweighs a section the item only names ("not comparable with 5.2")
            rel, reason = "low", next((strip_markup(t) for t in texts if t in lows), None)
        elif sections:
            rel, reason = "increment", None
        else:
            rel, reason = "unknown", None
        seg_text = "\n".join(lines[sg.line - 1: sg.line_end])
        items.append(Item(
            index=sg.index, title=strip_markup(sg.title)[:300] or f"item {sg.index + 1}", line=sg.line,
            line_end=max(sg.line, sg.line_end), evidence=_cautious(levels), evidence_levels=levels,  # type: ignore[arg-type]
            relevance=rel, relevance_reason=reason[:300] if reason else None,  # type: ignore[arg-type]
            urls=tuple(dict.fromkeys(u for u, _, _ in find_urls(seg_text))), kind=sg.kind, works=sg.works,
            mentions=sg.mentions, title_ref=sg.title_ref, sections=tuple(sections), cross_refs=tuple(cross),
        ))

    # -- the file's mentions, links and metadata
    arxiv: list[ArxivRef] = []
    for b in blocks:
        if b.kind == "html" and not b.text.lstrip().startswith("<!--"):
            pass
        blines = b.lines if b.kind != "row" else ((b.line, lines[b.line - 1]),)
        for k, (ln, t) in enumerate(blines):
            if b.kind == "html" and t.lstrip().startswith("<!--"):
                continue
            # a quoted title wrapped onto the next line ('(arXiv:2410.02367, "SageAttention: Accurate
            # 8-Bit Attention for Plug-and-play' / 'Inference Acceleration")') is read whole
            tt = t + " " + blines[k + 1][1] if k + 1 < len(blines) and _OPEN_QUOTE.search(t) else t
            for m in find_arxiv_ids(t):
                if b.kind == "code" and not _CONTEXT_FORM.search(t):
                    continue  # "Mean TTFT (ms):   1204.5531" in a pasted log: a value, not a bare identifier
                if b.kind == "row" and m.raw in value_cells(b):
                    continue  # "run_id,…" over "2610.04471,H100-…", "ttft_p99_ms" over "1312.4470": a run's number, a value
                if k and not t[:m.start].strip() and m.raw[:1].isdigit() \
                        and m.arxiv_id not in {x.arxiv_id for x in find_arxiv_ids(f"{blines[k - 1][1]} {t}")}:
                    continue  # "charged to account" / "  4410.20817." wrapped: the line before labels the number
                # (within a window around the mention: a title is written beside its identifier, and a line of
                # thousands of mentions is then read in linear time)
                w0 = max(0, m.start - _TITLE_REACH)
                # (a row about two works, "| Hydragen + ChunkAttention (read as a pair) | 2402.05099 / 2402.15220 |", titles neither)
                title = (_row_title(b) if b.kind == "row" and len({x.arxiv_id for x in find_arxiv_ids(" ".join(b.cells))}) < 2
                         else None) or (_bibtex_title(b.text) if b.kind == "code" else None) \
                    or written_title(tt[w0:m.end + _TITLE_REACH], m.start - w0, m.end - w0)
                if title is None and k == 1 and b.kind in ("item", "para") and not find_arxiv_ids(blines[0][1]) \
                        and (b.kind == "item" or _ENTRY_OPEN.match(blines[0][1])) and not re.search(r"[.。!?！？]\s*$", blines[0][1]) \
                        and not t[:m.start].strip(" >").startswith(("-", "*", "+")) \
                        and not _HEADER_LINE.search(blines[0][1]):  # (a comment's or a turn's header over it is no title)
                    # "3. Fiddler: CPU-GPU Orchestration for Fast Inference of Mixture-of-Experts" / "Models
                    # (arxiv.org/abs/2312.17238). Runs cold experts …": an entry's title wrapped onto the identifier's line
                    prev = blines[0][1].rstrip()
                    title = written_title(f"{prev} {t}", m.start + len(prev) + 1, m.end + len(prev) + 1)
                arxiv.append(ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=ln,
                                      alias=alias_before(t, m.start), title=title))
    seen_lines = {(r.line, r.arxiv_id) for r in arxiv}
    for n, ln in enumerate(lines[: body_first - 1], 1):
        for m in find_arxiv_ids(ln):
            if re.fullmatch(r"\s*-?\s*[\w.-]{1,40}\s*:\s*", ln[:m.start]) and not re.search(r"arxiv|eprint|paper|doi|url|link|id\b", ln[:m.start], re.I) \
                    and not ln[m.end:].strip() and m.raw[:1].isdigit() and re.fullmatch(r"\d{4}\.\d{4}", m.raw):
                # (only the old four-digit form: "source: 2309.06180" in front matter is an identifier)
                continue  # "  emissions: 1204.5531" in a model card's metadata: a number in a field, no identifier
            if (n, m.arxiv_id) not in seen_lines:
                arxiv.append(ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=m.raw, line=n))
    fm_found = [(a, m) for a in _as_list(front.get("arxiv")) for m in find_arxiv_ids(a if ":" in a or "/" in a else f"arXiv:{a}")]
    for a, m in fm_found:
        if not any(r.arxiv_id == m.arxiv_id for r in arxiv):
            arxiv.append(ArxivRef(arxiv_id=m.arxiv_id, version=m.version, raw=a, line=1))
    if kind == "paper_card" and shape.paper and not any(r.arxiv_id == shape.paper for r in arxiv):
        arxiv.append(ArxivRef(arxiv_id=shape.paper, raw=PurePosixPath(path).name, line=1))
    fm_ids = {m.arxiv_id for _a, m in fm_found} or set(front_matter_works(front))
    if len(fm_ids) == 1 and not is_card:
        # a one-paper note's front matter naming its paper beside its identifier ("arxiv: 2605.11829" / "paper: \"StreamKV:
        # Layer-Pipelined KV Cache Transfer …\""; "链接: https://arxiv.org/abs/2603.11482v1" / "标题: \"ChunkQuant: …\""): the
        # paper's title, written at its key's line (a title field only where it reads as a paper's, not the note's own:
        # "title: Notes on ChunkQuant", "标题: ChunkQuant 精读")
        for key in ("paper", "paper_title", "full_title", "论文", "论文标题", "title", "标题", "题目", "论文题目"):
            v = front.get(key)
            if key in ("title", "标题", "题目") and isinstance(v, str) and _NOTE_TITLE.search(v):
                continue
            if isinstance(v, str) and len(v.strip()) >= 8 and not find_arxiv_ids(v) and not find_urls(v):
                arxiv.append(ArxivRef(arxiv_id=next(iter(fm_ids)), raw=key, line=_front_line(lines, body_first, key),
                                      title=strip_markup(v).strip().strip("\"'“”")))
                break
    arxiv.sort(key=lambda r: r.line)
    # an arXiv listing's entry: "[126] arXiv:2406.02069 (replaced) [pdf, …]" then "Title: PyramidKV: …"
    for k, r in enumerate(arxiv):
        nxt = _TITLE_FIELD.match(lines[r.line]) if not r.title and r.line < len(lines) else None
        if nxt and not find_arxiv_ids(lines[r.line]) and sum(x.line == r.line for x in arxiv) == 1:
            arxiv[k] = r.model_copy(update={"title": strip_markup(nxt.group(1)).strip().strip("\"'“”")})
    arxiv = _heading_titles(arxiv, shape, lex)
    # a reference record's title asserts nothing ("Wu et al. *GR-1: … Video Generative Pre-training …*.
    # arXiv:2312.13139, 2023." states no training, "VLA-RL: Scalable Online RL …" no "online"): the facts of
    # a statement in a reference list, or written as a reference record, are those of its words beside it
    refs_at = reference_spans(blocks, max(len(lines), 1))
    titles_at: dict[int, list[str]] = {}
    for r in arxiv:
        if r.title:
            titles_at.setdefault(r.line, []).append(r.title)
    # an assistant's answer the user disputed and the assistant conceded ("…4 倍" / "不对吧" / "您说得对"): withdrawn
    withdrawn = corrected_turns(lines) if len(lines) < 5000 else set()
    if withdrawn:
        claims = [c.model_copy(update={"quantities": (), "qualifiers": (), "predicates": ()}) if c.line in withdrawn else c
                  for c in claims]
    # a number the statement uses as a section of the document ("our own data point for 3.2") is no figure
    claims = [c.model_copy(update={"quantities": tuple(q for q in c.quantities if not (
        q.raw in {*c.suggested_sections, *c.cross_refs} and q.unit in ("pt", None)))})
        if c.quantities and (c.suggested_sections or c.cross_refs) else c for c in claims]
    # a title field ("title: KIVI: A Tuning-Free …", "标题：…") names the work and asserts nothing
    claims = [c.model_copy(update={"quantities": (), "qualifiers": (), "predicates": ()})
              if (_TITLE_FIELD.match(c.text) or _TITLE_ROW.match(c.text)) and (c.quantities or c.qualifiers or c.predicates)
              else c for c in claims]
    # a reference, or a line that writes a work's title (a bookmark's "[Draft & Verify: Lossless …](…) — lossy
    # in practice"): the title's words assert nothing, what is said beside it does
    claims = [_facts_beside_titles(c, titles_at, lex) if (any(lo <= c.line <= hi for lo, hi in refs_at)
                                                            or _REFERENCE_RECORD.search(c.text)
                                                            or any(len(t) >= 12 and t in c.text
                                                                   for ln in range(c.line, c.line_end + 1)
                                                                   for t in titles_at.get(ln, []))) else c
              for c in claims]
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
    title = shape.title
    field_at = None
    if is_card and not (isinstance(front.get("title"), str) and front.get("title")):
        field_at = _title_field(blocks[:12]) or _summary_title(lines[body_first - 1:body_first + 11], body_first)
    if field_at is not None:
        title = field_at[1]
    if kind == "paper_card" and shape.paper:
        fm_t = front.get("title") if isinstance(front.get("title"), str) else None
        t_line = _front_line(lines, body_first, "title") if fm_t else (field_at[0] if field_at else None)
        if t_line is None and title and not fm_t:
            # a card titled by its "# Title" heading: the title is quoted where it is written
            t_line = next((b.line for b in blocks[:3] if b.kind == "heading" and b.level == 1
                           and strip_markup(b.text).strip() == title.strip()), None)
        t_text = fm_t or (title if t_line else None)
        if t_line and t_text and not any(r.line == t_line and r.title for r in arxiv):
            t_clean = strip_markup(t_text).strip().strip("\"'“”")
            arxiv.append(ArxivRef(arxiv_id=shape.paper, raw=PurePosixPath(path).name, line=t_line, title=t_clean))
            # the title is written at its line: the card's other mentions of the paper (``arxiv:``, ``url:``)
            # do not write it again (a finding quotes the line that holds the title)
            arxiv = [r.model_copy(update={"title": None}) if r.arxiv_id == shape.paper and r.line != t_line
                     and r.title == t_clean else r for r in arxiv]
            arxiv.sort(key=lambda r: r.line)
    aliases = _as_list(front.get("aliases")) + _as_list(front.get("alias"))
    if kind == "repo_card" and shape.segments and len(shape.segments[0].works) == 1:
        # a repo card about one paper: the repository's name names it ("Spec-Bench repo card written",
        # github.com/hemingkx/Spec-Bench)
        repo = next((m.group(1) for m in _GITHUB_REPO.finditer("\n".join(lines[:15]))), None)
        if repo and len(repo) >= 3 and not find_arxiv_ids(repo):
            aliases.append(repo)
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
    parts = NoteParts(
        title=title,
        agent=agent_from(path, front, lines if kind not in ("paper_card", "repo_card") else []),
        created=time_from(path, front, lines, tz),
        evidence=_cautious(note_levels) if note_levels else (
            "card_only" if is_card else _cautious(seg_levels[0]) if len(seg_levels) == 1 and seg_levels[0] else "unknown"),
        front_matter={k: (", ".join(v) if isinstance(v, list) else str(v)) for k, v in front.items()},
        tags=tuple(dict.fromkeys(tags)),
        aliases=tuple(dict.fromkeys(aliases)),
        links=tuple(dict.fromkeys(links)),
        urls=tuple(dict.fromkeys(urls)),
        arxiv=tuple(arxiv),
        claims=tuple(c.model_copy(update={"item": closing[id(c)]}) if id(c) in closing else c for c in claims),
        items=tuple(items),
        lang="zh" if cjk > 20 else "en",
    )
    return parts, warnings
