"""Evidence levels from the writer's own words.

How deeply a writer checked what a line says is read from cues in English and Chinese, kept as data
in ``ingest/data/lexicon.json`` (``evidence_markers``, ``evidence_negations``, ``evidence_values``,
``evidence_fields``, ``evidence_tags``), never in code.  The vocabulary is closed
(:data:`ingest.models.EVIDENCE_LEVELS`):

* a line may say several things: "二手转述，我没有回原文核对" is ``second_hand`` *and*
  ``unverified``; of the reading depths (``full_text``, ``abstract_checked``, ``card_only``) only the
  deepest a line states is kept ("pp. 1–8 read, appendix skimmed" is ``full_text``);
* a depth cue that is negated says the opposite and is not taken ("正文未读", "全文还没读",
  "haven't read the full paper"), and one right after a plan's label is a reading still to do ("TODO: 精读 …",
  "Next: read the full paper", "- [ ] read in full", "待精读"; ``evidence_plan_labels``);
* "the paper was not read" (``evidence_unread``) is ``unverified`` only when the line states no
  reading depth: "摘要页核查；方法与实验正文没读" is ``abstract_checked``, the edge of what was read,
  while "原文还没看" alone says nothing was checked;
* a field or table cell holds a value (``Status: abstract``, ``read:: full``, ``| 卡片 |``);
* a tag opens a line (``【全文】``, ``[abstract]``), or a bracketed value names one ("InfiniGen,
  arXiv:2406.19707 (full paper)", lexicon ``evidence_values``); a note's own legend ("【复测】= we ran it
  ourselves", "[skim] = skimmed") is read first and adds its tags, as is a legend of symbol marks
  ("图例：✅ 已读全文　🟡 只看了摘要　❓ 待核实").

:class:`EvidenceReader` is built once per lexicon (:func:`evidence_reader`).  Pure functions, no store.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from .lexicon import Lexicon, load_lexicon, marker_parts
from .models import EVIDENCE_LEVELS
from ingest.lazyre import compile_lazy

__all__ = ["DEPTH_LEVELS", "EvidenceReader", "evidence_reader", "ordered_levels"]

#: Levels that say how much of the work itself was read; a line keeps only the deepest it states.
DEPTH_LEVELS = ("full_text", "abstract_checked", "card_only")
_CJK = compile_lazy(r"[\u3400-\u9fff]")
#: An e-mail address or a URL (its words are no cues); each alternative starts only at a token's start, so a
#: long run of word characters is read once (issue 23: linear in long runs).
#: A URL ends at a space or at CJK text and full-width punctuation glued to it ("…/2401.18079v4），复核过原文").
_ADDRESS = compile_lazy(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w/])https?://[^\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+"
                      r"|\bwww\.[^\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+")
#: Where a line turns to another thing: a semicolon or full stop, "except", "but", "除了", "不过".
_PARTS = compile_lazy(r"[;；。]|(?-i:(?<=[a-z)\]])\.\s+(?=[A-Z]))|\b(?:except|but|however|apart from|other than|whereas|while)\b|除了|不过|但是?|而|只有",
                    re.IGNORECASE)
#: Value words that name a level when they lead a short value ("full pdf", "heard at RG", "abstract page").
_LEADING_VALUES = frozenset({"full", "abstract", "abs", "skimmed", "skim", "card", "heard", "hearsay", "queued", "unread",
                             "vendor", "全文", "摘要", "卡片"})
#: A limit put on a reading depth: "card only", "only the abstract", "只看了摘要", "仅卡片".
_ONLY = compile_lazy(r"\b(?:only|just|merely)\b|只|仅", re.IGNORECASE)
#: What a limited depth must name to speak for the whole line: the card or the abstract, not a part read
#: lightly ("读了全文，附录只扫了一眼" stays a full read).
_WHOLE = compile_lazy(r"card|卡片|abstract|摘要", re.IGNORECASE)
_PAREN = compile_lazy(r"[(（]\s*([^()（）]{2,40}?)\s*[)）]")
_BRACKET_END = compile_lazy(r"[\[【]\s*([^\[\]【】\d][^\[\]【】]{1,28}?)\s*[\]】]\s*[.。]?\s*$")
#: Hashtags that mark a task or nothing, not a reading depth ("#todo" on "Please correct in 2.4. #todo"), though a status
#: column's "todo" is one (``evidence_values``).
_TASK_TAGS = frozenset({"todo", "none", "nothing"})
_HASHTAG = compile_lazy(r"(?<![\w&#/])#([A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff-]{1,24})")
#: A denial right before a doubt's cue: "不算复现失败", "并非没核", "not a failed reproduction".
_NOT_SO = compile_lazy(r"(?:不算|并非|并不是|不是|\bnot (?:an?|really an?)|\bisn'?t an?)\s*$", re.IGNORECASE)
#: A tag a note defines in a sentence: 'when a row says "PDF diff" I went through both full PDFs', 'entries marked “skim”
#: were only skimmed', '标着“精读”的条目读了全文' (``desc`` states the level).
_SAYS_TAG = compile_lazy(r"(?:\b(?:when|where|if)\s+(?:a|an|the)\s+(?:row|entry|line|item|card|note)\s+(?:says|reads|is marked|is tagged|has|carries)"
                       r"|\b(?:rows?|entries|lines|items)\s+(?:marked|tagged)|标(?:着|了|有)|标记为)\s*[\"“'「](?P<tag>[^\"”'」\n]{2,24})[\"”'」]"
                       r"\s*,?\s*(?:的(?:行|条目?|项)?\s*)?(?P<desc>[^.;。；\n]{4,120})", re.IGNORECASE)
#: A title in Chinese title marks: 《…》.
_ZH_TITLE = compile_lazy(r"《[^《》\n]{2,120}》")
#: A line label defined as what it marks: '"said:" is what the presenter told me at the booth', '"heard" means someone
#: told me', '“转述” 指的是别人说的'.
_TAG_IS = compile_lazy(r"[\"“'「](?P<tag>[^\"”'」\n]{2,24})[\"”'」]\s*(?:is|are|means|marks?|stands for|=|指的?是|表示|是)\s*"
                       r"(?P<desc>[^.;。；\n\"“]{4,120})", re.IGNORECASE)
#: A nested tag (Anki's, an outliner's) defined bare: "ttc::pdf means I went through the actual paper", "#kv/abs = abstract".
_NESTED_TAG_IS = compile_lazy(r"(?<![\w:/#])(?P<tag>#?[A-Za-z][\w-]*(?:(?:::|/)[\w.-]+)+)\s*(?:means|marks|stands for|=|is)\s+"
                              r"(?P<desc>[^.;。；,，\n\"“]{4,120})", re.IGNORECASE)
#: A clause that defines a tag rather than says how a line was read: '厂商自己写的标"厂商自述"', 'relayed ones are marked "2nd"'
#: (the whole clause up to the quoted tag: what it describes is the tagged entries' reading, not the line's).
#: (the clause starts at the text's start or after a break: an unanchored run before it made every position of a long line
#: without breaks a start of its own, in time growing with the square of the line)
_TAG_DEFINED = compile_lazy(r"(?:^|(?<=[，,；;。\n]))[^，,；;。\n]*(?:标(?:为|成|作|的是)?|记(?:为|作|成)|\b(?:marked|tagged|labell?ed)(?:\s+as)?)\s*[\"“'「]"
                            r"[^\"”'」\n]{1,16}[\"”'」]", re.IGNORECASE)
#: A part of a paper a reading is stated of: "sections 1–6", "appendix D", "§4", "Fig. 3", "附录 B", "第 3 节".
_PAPER_PART = compile_lazy(r"\b(?:sections?|secs?\.|appendix|appendices|chapters?|figs?\.|figures?|tables?)\s*[\dA-Z]|§\s*\d|附录|第\s*[\d一二三四五六七八九十]+\s*[节章]",
                           re.IGNORECASE)
#: A reading under way, its verb right after "在"/"正在": "一帆在精读", "还在读", "正在看全文".
_IN_PROGRESS = compile_lazy(r"(?:正在|还在|(?<![存现实所好])在)\s*$")
_READ_VERB = compile_lazy(r"(?:精读|细读|通读|读|看)")
_LEGEND = compile_lazy(r"(【[^】]{1,12}】|「[^」\n]{1,12}」|\[[^\]\n]{1,16}\]|(?<![\w&])#[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff-]{1,20})\s*(?:=|:|：|—|-|means)\s*([^,，;；。【\[#]{2,80})")


def ordered_levels(levels, *, all_depths: bool = False) -> tuple[str, ...]:
    """``levels`` without repeats, in the order of :data:`~ingest.models.EVIDENCE_LEVELS`, with only the
    deepest reading depth kept (every depth with ``all_depths``: levels one line states of two things,
    "Splitwise 以前精读过；TetriInfer 只看了摘要", or levels already decided and stored); ``unknown`` dropped.

    >>> ordered_levels(["unverified", "abstract_checked", "full_text", "second_hand"])
    ('full_text', 'second_hand', 'unverified')
    >>> ordered_levels(["abstract_checked", "full_text"], all_depths=True)
    ('full_text', 'abstract_checked')
    """
    have = set(levels)
    got = [lv for lv in EVIDENCE_LEVELS if lv in have and lv != "unknown"]
    if all_depths:
        return tuple(got)
    depth = [lv for lv in got if lv in DEPTH_LEVELS]
    return tuple(lv for lv in got if lv not in DEPTH_LEVELS or lv == (depth[0] if depth else None))


def _value_lead(value: str) -> str:
    """A field's or a cell's value up to the writer's first aside: ``"read (Table 2); nothing new"`` -> ``"read"``."""
    return re.split(r"\s*[;,，；(（—]|\s-\s|\s*[+＋&]\s*", value.strip(), maxsplit=1)[0]


@dataclass(frozen=True)
class EvidenceReader:
    """Compiled evidence cues of one lexicon; see the module docstring."""

    markers: tuple[tuple[str, re.Pattern[str]], ...]
    negation_before: re.Pattern[str]
    negation_after: re.Pattern[str]
    values: dict[str, str]
    fields: re.Pattern[str]
    tags: dict[str, str]
    unread: re.Pattern[str] = re.compile(r"(?!x)x")
    #: Values that name a level only as a field's or a column's value (``Read: pdf``), never in brackets beside
    #: a link (``[pdf]``, ``(pdf)``): lexicon ``evidence_values_fields_only``.
    fields_only: frozenset[str] = frozenset()
    page_anchor: re.Pattern[str] = re.compile(r"(?!x)x")
    #: A plan's label right before a depth cue (lexicon ``evidence_plan_labels``): "TODO: 精读 …", "Next: read the full
    #: paper", "- [ ] read in full" name a reading still to do.
    plan_label: re.Pattern[str] = re.compile(r"(?!x)x")
    #: Answers already given, by ``(text, legend)``: a note's parser asks about one line several times
    #: (as a claim, as its paragraph's, as an item's opening), about four times on average.
    _memo: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    #: ``markers`` by level with each alternative compiled alone (``ingest.lexicon.marker_parts``): a cheaper
    #: first question, "does any marker of this level occur?".
    marker_parts: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def levels(self, text: str, tags: dict[str, str] | None = None) -> tuple[str, ...]:
        """Every level ``text`` states (cues, leading tags, ``field: value``), in vocabulary order.

        Parameters
        ----------
        text : str
            One line or sentence, markup already stripped or not.
        tags : dict, optional
            A note's own legend (``{"【复测】": "full_text"}``), on top of the lexicon's tags.

        Returns
        -------
        tuple[str, ...]
            Possibly empty; never ``unknown``.
        """
        key = (text, tuple(tags.items()) if tags else ())
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) >= 65536:
                self._memo.clear()
            got = self._memo[key] = self._levels(text, tags)
        return got

    def _levels(self, text: str, tags: dict[str, str] | None) -> tuple[str, ...]:
        """``levels`` computed."""
        found: list[str] = []
        # an address is no cue: "digest@scholar-inbox.com", "https://…/newsletter/…" (it stays a link: "pasted from <link>")
        text = _ADDRESS.sub(" <link> ", text)
        # a tag's definition states the level of the rows it marks, not of its own line ('when a row says "PDF diff" I
        # went through both full PDFs': ``legend``)
        text = _SAYS_TAG.sub(" ", text)
        text = _TAG_DEFINED.sub(" ", text)
        # typographic quotes as typed (Notion, Word and macOS write "authors’ own"): the cues' straight ones
        text = text.replace("\u2019", "'").replace("\u2018", "'")
        # a title in 《》 is someone's work's name, not how the writer read it ("视频《【论文精读】稀疏注意力全家桶…》")
        text = _ZH_TITLE.sub(" ", text)
        for tag, lv in (*self.tags.items(), *(tags or {}).items()):
            if re.search(r"\w", tag) or not tag.isascii():
                if tag.lower() in text.lower():  # a word, an emoji or a symbol ("✅SnapKV …"): where it occurs
                    found.append(lv)
            elif re.search(rf"(?<!\S){re.escape(tag)}+(?![\w.])|{re.escape(tag)}{{2,}}(?=\s|$)", text):
                # an ASCII mark the note's legend defines ("~" = only the abstract, "?" = unchecked) where it
                # stands apart ("decode ~ → 4.1", "FA2??"), not inside a figure ("~35%"), an identifier
                # ("2405.1048?)") or a sentence ("Does it scale? I doubt it")
                found.append(lv)
        found.extend(self._hashtag_levels(text))
        fv = self.field_value(text)
        if fv:
            found.append(fv)
        for m in _BRACKET_END.finditer(text):  # "… 2-bit KV cache. [abstract]": a tag closing the line
            v = m.group(1).strip().lower()
            if v in self.values and v not in self.fields_only:
                found.append(self.values[v])
        for m in _PAREN.finditer(text):  # "InfiniGen, arXiv:2406.19707 (full paper)", "（摘要）"
            v = m.group(1).strip().lower()
            if v in self.values and v not in self.fields_only:
                found.append(self.values[v])
        depth_pats: list[tuple[str, re.Pattern[str]]] = []  # the reading depths stated, and their cues
        limited: set[str] = set()  # depths the line limits itself to ("card only", "只看了摘要")
        for lv, pat in self.markers:
            parts = self.marker_parts.get(lv)
            if not (parts.any(text) if parts is not None else pat.search(text)):
                continue  # no marker of this level anywhere: the alternation would find nothing either
            for m in pat.finditer(text):
                if lv in DEPTH_LEVELS and self._negated(text, m.start(), m.end()):
                    continue
                if lv == "unverified" and _NOT_SO.search(text[max(0, m.start() - 12):m.start()]):
                    continue  # "这个差距在预期内，不算复现失败", "not a failed repro": the doubt is denied
                found.append(lv)
                if lv in DEPTH_LEVELS:
                    depth_pats.append((lv, pat))
                    if _ONLY.search(text[max(0, m.start() - 8):m.end() + 6]) and _WHOLE.search(m.group(0)):
                        limited.add(lv)
                break
        if self.unread.search(text) and not any(lv in DEPTH_LEVELS for lv in found):
            found.append("unverified")
        elif self.page_anchor.search(text) and not any(lv in DEPTH_LEVELS for lv in found):
            found.append("full_text")  # a quote with its page ("(p. 4)"): the PDF was open
        # "Skimmed | card only": a depth the writer limits the line to outranks a deeper one it states
        # without a limit (a status column, a verb)
        if limited and len({lv for lv, _p in depth_pats}) >= 2 and not _in_two_parts(text, depth_pats):
            keep = max(limited, key=DEPTH_LEVELS.index)
            found = [lv for lv in found if lv not in DEPTH_LEVELS or lv == keep]
        # two depths in two parts of the line ("Read all three PDFs end to end, except PyramidKV, which I
        # only skimmed"; "Splitwise 以前精读过；TetriInfer 只看了摘要") are two things said: both kept
        return ordered_levels(found, all_depths=len({lv for lv, _p in depth_pats}) >= 2 and _in_two_parts(text, depth_pats))

    def generated(self, text: str) -> bool:
        """Whether ``text`` says a card was made by a pipeline rather than by a reader (a ``card_only``
        cue: "auto-generated", "(auto)", "自动生成", "not human-reviewed")."""
        text = _ADDRESS.sub(" ", text)
        return any(lv == "card_only" and pat.search(text) for lv, pat in self.markers)

    def explains_levels(self, text: str) -> bool:
        """Whether a line explains the note's marks rather than states one level: it names two or more
        reading depths ("How far I got is in brackets: (abstract), (full paper), (from their talk)"); a tag it defines in
        prose ('when a row says "PDF diff" I went through both full PDFs') is the legend's, not a depth of the line."""
        text = _SAYS_TAG.sub(" ", text)
        tagged = {self.values[m.group(1).strip().lower()] for m in _PAREN.finditer(text)
                  if m.group(1).strip().lower() in self.values} | set(self._hashtag_levels(text))
        # (a depth said negated, "not checked against the paper", is none)
        depths = tagged | {lv for lv, pat in self.markers if any(not (lv in DEPTH_LEVELS and self._negated(text, m.start(), m.end()))
                                                                 for m in pat.finditer(text))}
        # three levels said in words ("NOT read; from Haoran's mail; the author's word") are one statement of
        # them all; a legend writes its levels as tags
        if not tagged and self.fields.match(text) and _PAPER_PART.search(text):
            return False  # "Read: sections 1–6 end to end plus appendix C; appendix D only skimmed": one reading, part by part
        return len(depths & set(DEPTH_LEVELS)) >= 2 or (len(depths) >= 3 and len(tagged) >= 2)

    def _tag_value(self, tag: str) -> str | None:
        """The level a tag's words name (``abs-only``, ``2nd_hand`` read as ``abs only``, ``2nd hand``), else None."""
        return self.values.get(tag) or self.values.get(tag.replace("-", " ").replace("_", " "))

    def _hashtag_levels(self, text: str) -> list[str]:
        """The levels a board's or an outliner's hashtags name (``#full``, ``#abs-only``, ``#2nd-hand``):
        a tag whose words are a value of ``evidence_values``."""
        out = []
        for m in _HASHTAG.finditer(text):
            v = m.group(1).lower()
            lv = self._tag_value(v)
            if lv and v not in self.fields_only and v.replace("-", "") not in _TASK_TAGS:
                out.append(lv)
        return out

    def _negated(self, text: str, start: int, end: int) -> bool:
        """A negation right before the cue (same clause) or a "not read" right after it."""
        if self.negation_after.match(text, end):
            return True
        window = text[max(0, start - 30):start]
        if self.plan_label.search(window):
            return True  # "TODO: 精读 arXiv:…", "Next: read the full paper": still to do
        if _IN_PROGRESS.search(text[max(0, start - 4):start]) and _READ_VERB.match(text, start):
            return True  # "一帆在精读，等她笔记再说": a reading under way, not done (not "在全文里找到了表 3")
        clause = re.split(r"[.;,，。；：:!?！？、]", window)[-1]
        if _CJK.search(text[start:end] or ""):
            clause = clause[-4:]
        return bool(self.negation_before.search(clause))

    def value_level(self, value: str) -> str | None:
        """The level a bare value names (``"abstract"``, ``"卡片"``, ``"heard about"``), else None."""
        # "Read ✓", "✅ 已读": a check mark or an emoji beside the value is decoration
        v = re.sub(r"[*_`\s]+", " ", "".join(ch for ch in value if unicodedata.category(ch) != "So")).strip().strip("：:.。").lower()
        if v in self.values:
            return self.values[v]
        lv = self.levels(value) if len(v) < 80 and v else ()
        if len(lv) == 1:
            return lv[0]
        # "abstract+figs", "skim + table 2", "卡片 + talk": a value naming two things is read by its lead one
        lead = re.split(r"\s*[+＋&]\s*", v, maxsplit=1)[0]
        if lead != v and lead in self.values:
            return self.values[lead]
        # "none (fetch failed)", "full (v2)": the value before the writer's aside
        bare = re.sub(r"\s*[(（].*$", "", v).strip()
        if bare and bare != v and bare in self.values:
            return self.values[bare]
        # "full pdf", "heard at RG", "abstract page": a short value led by a word that names a level
        words = v.split()
        if 2 <= len(words) <= 3 and words[0] in _LEADING_VALUES and words[0] in self.values \
                and not set(words[1:]) & {"not", "no", "yet", "todo", "pending", "tbd", "never", "later"}:
            return self.values[words[0]]
        return None

    def field_value(self, text: str) -> str | None:
        """The level of an evidence field line (``Evidence: abstract``, ``read:: full``, ``证据：卡片``), else None."""
        m = self.fields.match(text)
        if not m:
            return None
        # "read: full; 和文档 2.1 的描述一致", "read: abstract, MemPool …": the value is the field's lead, as in a column
        value = m.group("value")
        lead = _value_lead(value).strip().lower()
        if lead != value.strip().lower() and lead in self.values:
            return self.values[lead]  # "read: none; 据说 …": the value, then what the writer adds (read on its own)
        return self.value_level(value) or self.value_level(lead)

    def column_level(self, header: str, cell: str) -> str | None:
        """The level of a table cell when its column is an evidence column (``证据``, ``Status``), else None; in a tags
        column (an Anki export's "Tags"), the level a tag names by its last part (``ttc::abstract-only``)."""
        h = re.sub(r"[*_`]", "", header).strip().lower()
        if h in ("tags", "tag", "标签"):
            for tok in cell.split():
                leaf = tok.rsplit("::", 1)[-1].strip("#").lower()
                lv = self._tag_value(leaf)
                if lv and leaf not in self.fields_only:
                    return lv
            return None
        if not self.fields.match(f"{h}: x"):
            return None
        # "read (Table 2); nothing new for the doc", "abstract; → 2.1.2", "卡片 + talk 录像": the value is the
        # cell's lead
        return self.value_level(cell) or self.value_level(_value_lead(cell))

    def legend(self, lines) -> dict[str, str]:
        """A note's own tags defined in a legend line (``【全文】= read the whole paper``), as ``{tag: level}``.

        ``lines`` are the note's ``(line, text)`` pairs; only definitions whose description states
        a level are kept.
        """
        out: dict[str, str] = {}
        for _n, text in lines:
            # a tag defined in prose: 'when a row says "PDF diff" I went through both full PDFs', '标着“精读”的条目是全文读过的'
            for m in [*_SAYS_TAG.finditer(text), *_TAG_IS.finditer(text), *_NESTED_TAG_IS.finditer(text)]:
                lv = self.levels(m.group("desc"))
                if lv:
                    out[m.group("tag")] = lv[0]
            defs = _LEGEND.findall(text) or _symbol_defs(text)
            if len(defs) < 1 or not re.search(r"legend|图例|标记|说明|tags?|=", text, re.I):
                continue
            for tag, desc in defs:
                if tag.startswith("「") and tag.endswith("」"):
                    tag = tag[1:-1]  # 'A 后面标「✓读原文」= …': the quotes only set the mark apart, the lines write it bare
                lv = self.levels(desc)
                if lv:
                    # the level the description names first ("待核实（转述、截图…）": unverified; the
                    # parenthesis only says why)
                    first = {v: min((m.start() for lv2, pat in self.markers if lv2 == v for m in [pat.search(desc)] if m),
                                    default=len(desc)) for v in lv}
                    out[tag] = min(lv, key=lambda v: first[v])
                elif re.search(r"ran it|reproduc|复测|复现|ourselves|自己跑", desc, re.I):
                    out[tag] = "full_text"  # an own run: the deepest check the closed vocabulary has
                elif re.fullmatch(r"\s*(?:not (?:yet|read)(?: read)?|unread|to[- ]read|todo|queued|未读|待读|没读|还没(?:读|看))\s*[.。]?\s*",
                                  desc, re.I):
                    out[tag] = "unverified"  # "[ ] = not yet": a queue's entry nobody has read
        return out


def _in_two_parts(text: str, depth_pats: list[tuple[str, re.Pattern[str]]]) -> bool:
    """Whether two of the reading depths a line states are stated in two parts of it (``_PARTS``)."""
    cuts = [m.start() for m in _PARTS.finditer(text)]
    parts: dict[str, set[int]] = {}
    for lv, pat in depth_pats:
        parts.setdefault(lv, set()).update(sum(1 for c in cuts if c <= x.start()) for x in pat.finditer(text))
    got = list(parts.values())
    return any(a.isdisjoint(b) for i, a in enumerate(got) for b in got[i + 1:])


def _symbol_defs(text: str) -> list[tuple[str, str]]:
    """A legend of marks written as symbols, each before its meaning ("图例：✅ 已读全文　🟡 只看了摘要　❓ 待核实"),
    as ``[(mark, meaning)]``; empty unless the line says it is a legend and defines two marks or more."""
    if not _SYMBOL_LEGEND.search(text):
        return []
    # "图例：✓=读过 ?=没核 ~=只看摘要": marks of any kind, each defined with "="
    eq = [(m.group("mark"), m.group("meaning")) for m in _MARK_EQ.finditer(text)]
    if len(eq) >= 2:
        return eq
    out: list[tuple[str, str]] = []
    mark, buf = None, []
    for ch in text:
        if unicodedata.category(ch) == "So":
            if mark and "".join(buf).strip():
                out.append((mark, "".join(buf).strip(" \u3000,，;；|/")))
            mark, buf = ch, []
        elif mark is not None and ch != "\ufe0f":
            buf.append(ch)
    if mark and "".join(buf).strip():
        out.append((mark, "".join(buf).strip(" \u3000,，;；|/")))
    return out if len(out) >= 2 else []


_SYMBOL_LEGEND = compile_lazy(r"legend|图例|标记|\bkey\b", re.I)
#: One mark of a legend written ``mark=meaning`` (``✓=读过``, ``?=没核``, ``~=只看摘要``).
_MARK_EQ = compile_lazy(r"(?:^|(?<=[\s：:，,；;(（\[]))(?P<mark>[^\w\s=＝()（）\[\]·]{1,3})\s*[=＝]\s*"
                      # the meaning runs to the next separator or mark ("✅ = read the whole PDF · ⏳ = only got through the abstract")
                      r"(?P<meaning>[^\s；;，,|)）\]·=＝](?:[^；;，,|)）\]·=＝]{0,58}?[^\s；;，,|)）\]·=＝])?)"
                      r"(?=\s*(?:[；;，,|)）\]·.。]|$)|\s+[^\w\s=＝()（）\[\]·]{1,3}\s*[=＝])")
_READERS: dict[int, EvidenceReader] = {}


def _reader(lex: Lexicon) -> EvidenceReader:
    raw = lex.raw
    # (each level's alternation compiles when a text first holds a literal of it: ``marker_parts``)
    markers = tuple((lv, compile_lazy("|".join(f"(?:{p})" for p in pats), re.IGNORECASE))
                    for lv, pats in raw["evidence_markers"])
    neg_before = re.compile("|".join(f"(?:{p})" for p in raw.get("evidence_negations", [])) or r"(?!x)x", re.IGNORECASE)
    neg_after = re.compile("|".join(f"(?:{p})" for p in raw.get("evidence_negations_after", [])) or r"(?!x)x", re.IGNORECASE)
    values = {v.lower(): lv for lv, vs in raw.get("evidence_values", {}).items() for v in vs}
    names = sorted(raw.get("evidence_fields", []), key=len, reverse=True)
    # an org-mode property (``:READ:     abstract``) is a field too
    fields = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*)?:?(?:" + "|".join(re.escape(n) for n in names) +
                        r")(?:\*\*)?\s*(?:::|[:：])\s*(?:\*\*)?\s*(?P<value>.+?)\s*$", re.IGNORECASE)
    tags = dict(raw.get("evidence_tags", {}))
    unread = re.compile("|".join(f"(?:{p})" for p in raw.get("evidence_unread", [])) or r"(?!x)x", re.IGNORECASE)
    page = re.compile(raw.get("evidence_page_anchor") or r"(?!x)x", re.IGNORECASE)
    plan = re.compile("|".join(f"(?:{p})" for p in raw.get("evidence_plan_labels", [])) or r"(?!x)x", re.IGNORECASE)
    only = frozenset(v.lower() for v in raw.get("evidence_values_fields_only", []))
    return EvidenceReader(markers, neg_before, neg_after, values, fields, tags, unread, fields_only=only,
                          page_anchor=page, plan_label=plan, marker_parts=dict(marker_parts(lex)))


def evidence_reader(lexicon: Lexicon | None = None) -> EvidenceReader:
    """The :class:`EvidenceReader` of ``lexicon`` (the bundled one when omitted), built once."""
    lex = lexicon or load_lexicon()
    got = _READERS.get(id(lex))
    if got is None:
        got = _READERS[id(lex)] = _reader(lex)
    return got
