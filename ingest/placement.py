"""Where a note says something belongs: section references and their role.

A writer names a living-document section in many ways: ``建议归入 §3.1``, ``→ §3.2``, ``belongs in
1.2``, ``fits under 2.1 Cache Compression``, ``Section: 4.1``, ``worth one line under §1.1``,
``Suggest 3.2, with a cross-link from 6.1``, ``file under Load balancing`` (a title, no number), a
table's ``Section`` column, a tag ``#sec4.2``.  :func:`section_refs` finds every reference in a sentence and gives it a
role from the cue nearest to it (lexicon ``placement``):

* ``suggest`` -- a destination or an edit (suggest, add, belongs, fits, update, revise, →, 建议, 归入,
  补到, 更新, 改写, 候选 ...);
* ``cross`` -- a cross-reference (cross-link, see also, 交叉引用), which wins when within reach;
* ``mention`` -- the section is only referred to (consistent with, matches, already, 一致, 已有,
  不动, 对照 ...), not a destination;
* ``negative`` -- "not for §3", "不属于 §2".

A bare number (``2.2``, no ``§``) is a reference only right after a placement word (``under 2.2``,
``Suggest 3.2``, ``→ 3.2``, ``文档 1.1``) or before ``of the living doc``, and never when a unit or a
version follows (``2.2x``, ``v2.1``, ``HelixServe 2.1``).  Whether the key exists is decided later,
against the living document of the shift (``queries``).  Pure functions.
"""
from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from .lexicon import Lexicon, load_lexicon
from .numerals import arabic_key
from ingest.lazyre import compile_lazy

__all__ = ["SECTION_COLUMNS", "SectionRef", "section_column", "section_refs", "table_section"]

_SIGN = compile_lazy(r"§\s*(?P<key>\d+(?:\.\d+)*|[一二三四五六七八九十百]+)")
_BARE = compile_lazy(r"(?<![A-Za-z0-9_.§/@-])(?P<key>\d{1,2}(?:\.\d{1,2}){1,2})"
                   r"(?![\w%×]|\.\d|\s*(?:x\b|×|倍|%|times\b|ms\b|s\b|GB|B\b|k\b|K\b|M\b|tok|tps|pp\b|ppl\b|points?\b|分(?![离布配析钟之])|秒|位|版|-bit|bit))")
_AFTER_DOC = compile_lazy(r"^\s*(?:(?:of|in) (?:the |our )?(?:living )?doc|[,，]\s*(?:right |just )?(?:after|before|next to|below|above) (?:the )?(?=[A-Z])|节|章|section|(?:addition|candidate|item|thing|topic|material|paragraph|says)\b|(?:next to [\w.-]+ )?looks? (?:right|good|like the (?:right |best )?(?:place|home|spot))|(?:is|would be|seems) (?:the |an? )?(?:obvious |natural |right |best |proper )?(?:home|place|fit|spot)\b"
                        r"|(?:(?:number|figure|bullet|entry|line|claim|sentence|paragraph|item) )?(?:needs?|could use|should get|deserves) (?:a |an |one )?(?:\w+ )?(?:fix|update|rewording|correction|rewrite|edit|line|sentence|bullet|pointer|cross|caveat|paragraph|note|mention|word)"
                        r"|(?:is|are) (?:now )?(?:wrong|outdated|stale|out of date)\b|still (?:says|quotes|claims|reads|lists)\b|only (?:has|lists|quotes|gives|mentions|covers)\b"
                        r"|(?:should|must|could|would need to) (?:also )?(?:say|mention|note|list|read|cite|cover|include)\b"
                        r"|(?:可以|应该|应当|需要|得)(?:加|补|改|更新|写|放|挂|指)|(?:的?(?:末尾|结尾|开头|最后|后面|里面?|中))?\s*(?:带|加|补|提|写|添)(?:上)?一(?:句|笔|条|行|段)|还没有|还缺|尚未|里(?:面)?(?:的|还|没|已)|那(?:条|节|段|一节|边|里|儿)|[\u4e00-\u9fffA-Za-z0-9 ]{1,10}?那(?:边|里|儿|一节|节))", re.I)
#: A model's or a tool's name right before a number: its version ("Llama 3.1", "Qwen 2.5", "CUDA 12.4", "version 0.6").
_NAMED_VERSION = compile_lazy(r"(?:\b(?:Llama|LLaMA|Qwen|Mistral|GPT|Gemma|Phi|DeepSeek|Claude|Gemini|GLM|CUDA|Python|PyTorch|torch|vLLM|SGLang|"
                            r"TensorRT-LLM|Triton|NCCL|version|ver\.?|release|Ubuntu)[\s-]*)$", re.IGNORECASE)
_OF_PAPER = compile_lazy(r"^\s*(?:(?:to|-|–)\s*\d{1,2}\s*)?(?:of|in|from) (?:the |their |this |its |that )?(?:paper|preprint|pdf|appendix|article|report|v\d{1,2})\b", re.I)
#: A section written with an "S" before its number, as documents headed "S3: …" / "S3.1: …" number theirs (and a wikilink's
#: anchor, ``[[doc#S3.1]]``): a dotted one anywhere, one number after a placing word, a colon, an arrow or an anchor's "#"
#: ("→ S5", "Doc section: S5", "a pointer from S4"); not a supplement's "Table S3", "Fig. S2.1", nor "AWS S3".
_S_DOTTED = compile_lazy(r"(?<![A-Za-z0-9_\-])S(?P<key>\d{1,2}(?:\.\d{1,2}){1,2})(?![\w]|\.\d)")
_S_SINGLE = compile_lazy(r"(?P<pre>(?:\b(?:under|into|section|sec\.?|belongs? in|goes? (?:in|to|under)|fits? (?:in|under)|"
                       r"pointer (?:from|in|to)|(?:question|gap|todo) in|and|or)\s+|→\s*|->\s*|(?:section|where|place|placement|放哪|位置)\s*[:：]\s*|"
                       r"#\s*|§[\d.]+\s*(?:,|/)\s*|[放归入到进]\s*))"
                       r"(?-i:S)(?P<key>\d{1,2})(?![\w.]?\d|\w|\s*(?:bucket|-compatible|storage|model|object|tier))", re.IGNORECASE)
_S_NOT_OURS = compile_lazy(r"(?:\b(?:table|tab\.|fig(?:ure)?s?\.?|eq(?:uation)?\.?|supplement(?:ary)?|appendix|app\.|AWS|Amazon)|附录|表|图)\s*"
                         r"(?:S?\d{1,2}(?:\.\d{1,2})*\s*(?:,|and|or|&|/|和)\s*)*$", re.IGNORECASE)
#: A supplement's own numbering said around a dotted S-number ("S3.1 of the supplementary ablations", "(S3.1)" after
#: "the supplementary material").
_SUPPLEMENT_NEAR = compile_lazy(r"supplement|appendix|附录", re.IGNORECASE)


#: A section number after the word a document heads its sections with: "Topic 4.2", "Module 3", "Ch. 2.1", "the top of chapter
#: 11" (not a paper's own:
#: "their Ch. 3 proves the bound").
_LABELLED_NUM = compile_lazy(r"(?<![Tt]heir )(?<![Ii]ts )(?<![Hh]is )(?<![Hh]er )(?<!paper's )\b(?:Topic|Module|Ch\.|[Cc]hapter)\s*(?P<key>\d{1,2}(?:\.\d{1,2}){0,2})(?![\w]|\.\d)")


def _s_sections(text: str) -> str:
    """``text`` with sections written "S3.1" / "→ S5" given a section sign ("§3.1", "→ §5"), see ``_S_DOTTED``."""
    def dotted(m: re.Match[str]) -> str:
        if _S_NOT_OURS.search(text[max(0, m.start() - 40):m.start()]) or _SUPPLEMENT_NEAR.search(text[max(0, m.start() - 40):m.end() + 30]):
            return m.group(0)
        return f"§{m.group('key')}"

    def single(m: re.Match[str]) -> str:
        pre = m.group("pre")
        if re.match(r"(?:and|or)\s", pre) and not re.search(r"§[\d.]+\s*$", text[max(0, m.start() - 12):m.start()]):
            return m.group(0)  # "and S4" joins a section only after one ("under §3 or S4")
        if _S_NOT_OURS.search(text[max(0, m.start() - 16):m.start() + len(pre)]):
            return m.group(0)
        return f"{pre}§{m.group('key')}"

    text = _S_DOTTED.sub(dotted, text)
    for _ in range(2):  # twice: "under S3 or S4" joins S4 once S3 is a section
        text = _S_SINGLE.sub(single, text)
    return text


#: A list of numbers whose last one has a unit ("in 3.2, 1.4 and 1.6 GB are needed"): quantities, no sections.
_JOINT = r"\s*(?:,|，|、|/|and|or|和|与|及)\s*(?:(?:and|or)\s+)?"
_QUANTITY_LIST = compile_lazy(rf"(?:{_JOINT}\d+(?:\.\d+)?)*{_JOINT}\d+(?:\.\d+)?\s*(?:[x×%倍]|times\b|[KMGT]i?B\b|ms\b|s\b|tok|GB|MB|"
                            r"bits?\b|pp\b|points?\b|秒|毫秒)")
#: A placement tag: ``#sec4.2``, ``#section-3.1``, ``#§2.4``, ``#s5``.
_TAG_SEC = compile_lazy(r"(?<![\w&#/])#(?:sec(?:tion)?|§|s)[-_]?(?P<key>\d{1,2}(?:\.\d{1,2}){0,2})(?![\w]|\.\d)", re.I)
#: A one-number section right after a placement verb ("Belongs in 6", "goes under 4", "放到第 6 节").
#: A Roman-numbered section: ``II.3``, ``Part IV`` (documents numbered by parts).
_ROMAN = compile_lazy(r"(?<![\w.])(?:§\s*)?(?P<key>(?:[IVX]{1,4}|(?-i:[A-H]))\.\d{1,2}(?:\.\d{1,2})?)(?![\w.]|\.\d)|"
                    r"(?:\bPart\s+|§\s*)(?P<part>[IVX]{1,4}|(?-i:[A-H]))\b(?!\.\d)")
#: What makes a lettered number a paper's own: "Appendix B.3", "Table A.2", "Fig. C.1", "Eq. B.4".
_PAPER_LETTERED = compile_lazy(r"(?:appendi(?:x|ces)|app\.|tables?|tabs?\.|fig(?:ure)?s?\.?|eq(?:uation)?s?\.?|sections?|sec\.|theorems?|thm\.|lemmas?|"
                             r"corollar(?:y|ies)|propositions?|prop\.|definitions?|def\.|algorithms?|alg\.|proofs?(?: in)?|plans?|steps?|"
                             r"附录|表|图|定理|引理|算法)\s*[(（]?\s*(?:[A-H]\.\d+\s*(?:,|and|&|和)\s*)*$", re.IGNORECASE)
_BARE_INT = compile_lazy(r"(?:\bopen questions? (?:in|of|under)|\bTODOs? (?:in|of|under)|\bslots? (?:in|into|under)|\bbelongs? (?:in|to|under)|\bgo(?:es)? (?:in|to|under|into)|\bpointer (?:from|in|to|under)|\bfits? (?:in|under|into)|\bsits? (?:in|under)|"
                       r"\bput (?:it |this )?(?:in|under|into)|\bfile (?:it |this )?under|\bsection|\bsec\.|第|放到|放在|归入|归到|属于)"
                       r"\s*(?P<key>\d{1,2})(?![\d%×x]|\.\d|\s*(?:倍|%|x\b|times|GB|ms))", re.I)
#: "Suggest 5.", "Suggestion: 3", "Suggested 6, next to FlashInfer": a one-number section right after
#: "suggest", when nothing but punctuation or a placement word follows it ("suggest 2 more runs" holds none).
_SUGGEST_INT = compile_lazy(r"\bsuggest(?:s|ed|ion)?\s*[:：]?\s*(?P<key>\d{1,2})"
                          r"(?=\s*(?:[.,;:，。；：)（(]|$)|\s+(?:next to|after|before|under|alongside|with|or|and|—|–|-)\s)", re.I)
#: In a placement field, a further section after the first: "section:: 2.3, maybe also 5", "Where: 4.1 or 6".
_FIELD_MORE = compile_lazy(r"\d(?:\.\d{1,2})*\s*(?:[,/;，、]\s*)?(?:(?:and|or|plus)\s+)?(?:(?:maybe|perhaps|possibly)\s+)?(?:also\s+)?"
                         r"(?<=[\s,/;，、])(?P<key>\d{1,2})(?![\d.%×x-]|\s*(?:倍|%|x\b|times|GB|ms))(?!\s*[A-Za-z\u4e00-\u9fff])", re.I)
_FIELD = compile_lazy(r"^\s*(?:[-*+]\s+)?(?:\*\*)?:?(?:section|sections|placement|place|suggested[ _]placement|suggested[ _]place|suggested[ _]section|doc[ _]section|where|home|suggested[ _]home|"
                    r"section[ _]hint|placement[ _]hint|hint|suggested[ _]slot|slot|target[ _]section|fits?|goes (?:in|under)|belongs (?:in|under)|"
                    r"where it goes|归属|章节|建议章节|位置|放置|建议位置|放哪(?:里|儿)?|放在哪(?:里|儿)?|放到哪(?:里|儿)?|归哪)"
                    r"(?:\*\*)?\s*(?:::|[:：])"
                    # a card's label needs no colon when it can only be one: "**Suggested place** quantized-inference, 2.3"
                    r"|^\s*(?:[-*+]\s+)?(?:\*\*)?suggested[ _](?:place|placement|section|home)(?:\*\*)?(?=\s)"
                    # a tag that heads a record's destination: "【去向】放进 3.2", "【位置】4.1", "[where] 2.3"
                    r"|^\s*(?:[-*+]\s+)?(?:【(?:去向|归属|位置|放置|章节|建议位置|建议章节)】|\[(?:where|placement|section|去向|位置)\])", re.I)


def placement_field(text: str) -> bool:
    """Whether ``text`` is a placement field (``where: §5.1 已经有了，不用改``, ``Section: 3.2``): what it says
    is about the living document (its "no change" is the document's), never about the work."""
    return bool(_FIELD.match(text))
_YEAR_PLACE = compile_lazy(r"\b(?:into|under|in|to|at the (?:top|bottom|end) of|top of)\s+(?:the\s+)?(?P<year>(?:19|20)\d{2})\b(?!\s*[-/.]\d)"
                         r"|(?:归入|放到|放在|放入|加到)\s*(?P<year2>(?:19|20)\d{2})", re.IGNORECASE)
#: A Chinese outline's chapter and section: ``第三章第二节``, ``第二章（一）节``, ``第三章``; ``四（二）`` after a
#: placement word or ``文档`` (the living document's 四、 then its （二）).
_CN_NUM = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_CN_CHAPTER = compile_lazy(rf"第\s*(?P<a>{_CN_NUM})\s*(?:章|部分|节)\s*(?:第\s*(?P<b>{_CN_NUM})\s*节|[（(]\s*(?P<c>{_CN_NUM})\s*[)）]\s*节?)?")
_CN_PAIR = compile_lazy(rf"(?:(?<=[档到入进在于见放补归挂§：:\s])|^)(?P<a>[一二三四五六七八九十]{{1,3}})\s*[（(]\s*(?P<b>[一二三四五六七八九十]{{1,3}})\s*[)）]")
#: A Chinese-numbered heading named as written after a placing word or a placement field: "位置：七、开放问题第 2 条",
#: "放到三、权重量化": its number is the section's.
_CN_HEADING = compile_lazy(r"(?:(?<=位置[：:])|(?<=放到|放在|放入|归入|挂到|挂在|并入|加到|补到|补进|写进|移到|归到)|(?<=[放归挂]))\s*"
                           r"(?P<a>[一二三四五六七八九十]{1,3})、(?=[\u4e00-\u9fffA-Za-z])")
_TITLE_STOP = compile_lazy(r"[.;,，。；:：!?！？()（）\[\]\"“”]|\s(?:and|with|if|since|because|but|or)\s", re.I)


_DIGIT = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_NUM_WORD = "|".join(_DIGIT)
#: A section number as speech-to-text writes it: "two point three point one" (a voice memo).
_SPOKEN = compile_lazy(rf"\b(?:{_NUM_WORD})(?:\s+point\s+(?:{_NUM_WORD})){{1,2}}\b", re.I)
#: A section number said as two digits after a placing word, as a dictation writes it: "goes in four two", "add a sentence
#: in six one" (not "in one or two", "in two weeks").
_SPOKEN_PAIR = compile_lazy(r"(?P<pre>\b(?:in|into|under|to|section|sec)\s)(?P<a>one|two|three|four|five|six|seven|eight|nine)\s+"
                          r"(?P<b>one|two|three|four|five|six|seven|eight|nine)\b(?!-|\s+(?:of|more|times|weeks?|days?|hours?|minutes?|"
                          r"months?|years?|gpus?|nodes?|tokens?|requests?|percent|points?|layers?|blocks?|x)\b)", re.I)


_ZH_DIGIT = dict(zip("一二三四五六七八九", "123456789"))
#: A section said aloud in Chinese after a placing verb: "放四点三", "归到二点一", "挪到第三点二".
_SPOKEN_ZH = compile_lazy(r"(?P<verb>放到|放在|归到|归入|挪到|放|归|挪)\s*第?(?P<a>[一二三四五六七八九])点(?P<b>[一二三四五六七八九])(?![一二三四五六七八九十刻钟分半])")


def _spoken_key(m: re.Match[str]) -> str:
    """``"two point three point one"`` -> ``"2.3.1"``."""
    return ".".join(_DIGIT[w.lower()] for w in re.split(r"\s+point\s+", m.group(0), flags=re.I))


@dataclass(frozen=True)
class SectionRef:
    """A section named by a text: ``key`` (``"3.1"``, ``"七"``) or, for a title-only reference, ``title``;
    ``role`` is ``suggest``, ``cross``, ``mention`` or ``negative``."""

    key: str | None
    title: str | None
    role: str
    start: int = 0


def _alt(pats: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.IGNORECASE)


class _Cues:
    def __init__(self, lex: Lexicon):
        raw = lex.raw.get("placement", {})
        self.suggest = _alt(raw.get("suggest", []))
        self.cross = _alt(raw.get("cross", []))
        self.mention = _alt(raw.get("mention", []))
        self.negative = _alt(raw.get("negative", []))
        # (the cue ending right before the reference, perhaps one word between: "not in 5.2", "It does not belong in 5.2")
        self.negative_before = re.compile(f"(?:{self.negative.pattern})\\W{{0,6}}(?:\\w+\\W{{1,3}}){{0,1}}$", re.IGNORECASE)
        # (a hedge between the cue and the number: "→ probably 4.3", "放 大概 4.2")
        self.before_bare = re.compile("(?:" + "|".join(f"(?:{p})" for p in raw.get("cue_before_bare", [])) +
                                      r")\s*[:：]?\s*(?:(?:probably|likely|maybe|perhaps|possibly|prob\.|可能|大概|也许)\s*)?(?:the\s+|our\s+|section\s+|§)?[\[【〔]?$",
                                      re.IGNORECASE) if raw.get("cue_before_bare") else re.compile(r"(?!x)x")
        self.title_after = _alt(raw.get("title_after", []))


_CUES: dict[int, _Cues] = {}


def _cues(lex: Lexicon) -> _Cues:
    got = _CUES.get(id(lex))
    if got is None:
        got = _CUES[id(lex)] = _Cues(lex)
    return got


def _nearest(pat: re.Pattern[str], text: str, pos: int, reach: int) -> int | None:
    """Distance from ``pos`` to the nearest match of ``pat`` within ``reach`` characters, else None."""
    best = None
    for m in pat.finditer(text):
        d = pos - m.end() if m.end() <= pos else m.start() - pos
        d = max(d, 0)
        if d <= reach and (best is None or d < best):
            best = d
    return best


def section_refs(text: str, lexicon: Lexicon | None = None) -> list[SectionRef]:
    """Every section reference in ``text`` (one sentence or line) with its role, in text order.

    Parameters
    ----------
    text : str
        A sentence, list item or line (Markdown markup is harmless).
    lexicon : Lexicon, optional
        The bundled lexicon when omitted.

    Returns
    -------
    list[SectionRef]
        Keys are unique per text (the first role wins, but a later suggestion or cross-reference
        outranks an earlier mention); title-only references (``file under Load
        balancing``) come with ``key=None``.

    Examples
    --------
    >>> [(r.key, r.role) for r in section_refs("Suggest 3.2, with a cross-link from 6.1.")]
    [('3.2', 'suggest'), ('6.1', 'cross')]
    >>> [(r.key, r.role) for r in section_refs("consistent with our note in 3.1")]
    [('3.1', 'mention')]
    """
    lex = lexicon or load_lexicon()
    cues = _cues(lex)
    if "S" in text:
        text = _s_sections(text)
    if "Topic" in text or "Module" in text or "Ch." in text or "hapter" in text:
        # a document headed "## Topic 4: …" / "### Topic 4.2: …" (or "Module 3.1", "Ch. 2") is cited with the same word
        text = _LABELLED_NUM.sub(lambda m: f"§{m.group('key')}", text)
    if " point " in text:
        text = _SPOKEN.sub(_spoken_key, text)
    if not re.search(r"\d", text) and _SPOKEN_PAIR.search(text):  # a dictation: "add a sentence in six one": 6.1
        text = _SPOKEN_PAIR.sub(lambda m: f"{m.group('pre')} §{_DIGIT[m.group('a').lower()]}.{_DIGIT[m.group('b').lower()]}", text)
    if "点" in text:  # "放四点三应该没问题" said aloud: 4.3 (after a placing verb only: "快了一点" is "a bit")
        text = _SPOKEN_ZH.sub(lambda m: f"{m.group('verb')} §{_ZH_DIGIT[m.group('a')]}.{_ZH_DIGIT[m.group('b')]}", text)
    found: list[tuple[int, int, str]] = []
    for m in _SIGN.finditer(text):
        found.append((m.start(), m.end(), m.group("key")))
    signed = [(a, b) for a, b, _ in found]
    fm = _FIELD.match(text)
    # "Where: none, stays in §3.2", "Section: — (no change)": a field that places nothing
    field = bool(fm) and not re.match(r"\s*(?:\*\*)?\s*(?:none|n/?a|nothing|no change|unchanged|—|-|无|不动|不改)\b", text[fm.end():], re.I)
    for m in _BARE.finditer(text):
        if any(a <= m.start() < b for a, b in signed):
            continue
        before = text[max(0, m.start() - 24):m.start()]
        # "Belongs with queue ordering (4.1)": a number in brackets after a section's name
        named = (text[m.start() - 1:m.start()] in ("(", "（") and text[m.end():m.end() + 1] in (")", "）")
                 and cues.suggest.search(text[max(0, m.start() - 60):m.start()]))
        # "Suggested home: §2.3 Tree verification (or 4.2 for the KV angle)": an alternative place
        alt = bool(re.search(r"\(\s*(?:or|或者?)\s*$", before)) and bool(cues.suggest.search(text[:m.start()]))
        if _NAMED_VERSION.search(before):
            continue  # "Llama 3.1 says …", "CUDA 12.4": a model's or a tool's version, no section
        if not (field or named or alt or cues.before_bare.search(before) or _AFTER_DOC.match(text[m.end():]) or
                re.search(r"§\S*\s*(?:and|or|和|与|、|/|,|，)\s*$", before)):
            continue
        found.append((m.start(), m.end(), m.group("key")))
    # a list of section numbers ("in 2.5, 2.1 and 1.1", "what 1.1 and 1.3 already say"): a bare number joined to
    # one read above by "and", "or" or a comma is a section too
    # (forward from a number a cue or a sign leads into; backward only into one the document's words follow)
    if found and len(text) <= 1200:  # (a sentence's list; a line of thousands of numbers is no list of sections)
        joint = r"\s*(?:,|，|、|/|and|or|和|与|及)\s*(?:(?:and|or)\s+)?"
        strong = [(a, b) for a, b, _k in found
                  if (a, b) in signed or cues.before_bare.search(text[max(0, a - 24):a])]
        quantity = _QUANTITY_LIST
        for m in _BARE.finditer(text):
            if any(a <= m.start() < b for a, b, _k in found) or re.match(r"\s*(?:[x×%倍]|times\b)", text[m.end():]) \
                    or quantity.match(text, m.end()):
                continue
            if any(re.fullmatch(joint, text[b:m.start()]) for _a, b in strong):
                found.append((m.start(), m.end(), m.group("key")))
                strong.append((m.start(), m.end()))
        for m in reversed(list(_BARE.finditer(text))):
            if any(a <= m.start() < b for a, b, _k in found):
                continue
            if any(re.fullmatch(joint, text[m.end():a]) and (_AFTER_DOC.match(text[b:]) or re.match(r"\s*(?:already|都已|已经)", text[b:]))
                   for a, b, _k in found):
                found.append((m.start(), m.end(), m.group("key")))
    for m in (*_BARE_INT.finditer(text), *_SUGGEST_INT.finditer(text), *(_FIELD_MORE.finditer(text) if field else ())):
        if not any(a <= m.start("key") < b for a, b, _k in found):
            found.append((m.start("key"), m.end("key"), m.group("key")))
    for m in (*_CN_CHAPTER.finditer(text), *_CN_PAIR.finditer(text), *_CN_HEADING.finditer(text)):
        if any(a <= m.start() < b for a, b, _k in found):
            continue
        sub = m.groupdict().get("b") or m.groupdict().get("c")
        if not sub and re.match(r"\s*§?\s*\d+(?:\.\d+)+", text[m.end():m.end() + 12]):
            continue  # "第一章 1.3 分离式架构": the chapter only says where 1.3 is
        key = arabic_key(m.group("a")) + (f".{arabic_key(sub)}" if sub else "")
        found.append((m.start(), m.end(), key))
    taken = sorted((a, b) for a, b, _k in found)
    starts = [a for a, _b in taken]
    for m in _ROMAN.finditer(text):
        g = "key" if m.group("key") else "part"
        if re.match(r"[A-H]", m.group(g)) and _PAPER_LETTERED.search(text[max(0, m.start() - 28):m.start()]):
            continue  # "Appendix B.3": the paper's, not the document's
        i = bisect.bisect_right(starts, m.start(g)) - 1  # inside a reference already found? (a binary search:
        if i < 0 or not (taken[i][0] <= m.start(g) < taken[i][1]):  # a line of 16,000 "§IV" stays linear)
            found.append((m.start(g), m.end(g), m.group(g)))
    # "section 3 of the paper", "论文第 4 节": the paper's own sections, not the document's
    # ("已并入 critical read 第 4 条": an entry's number, no section)
    found = [(a, b, k) for a, b, k in found
             if not (re.search(r"第\s*$", text[max(0, a - 3):a]) and re.match(r"\s*[条项点个篇行列处]", text[b:b + 3]))]
    found = [(a, b, k) for a, b, k in found
             if not _OF_PAPER.match(text[b:b + 30]) and not re.search(r"(?:论文|原文|paper'?s?|(?<![\w.])v\d{1,2})\s*(?:的)?\s*(?:第|§|sections?|sec\.)?\s*$",
                                                                    text[max(0, a - 14):a], re.I)]
    found.sort()
    # a cross-reference cue belongs to the reference nearest to it
    crossed: set[int] = set()
    for m in cues.cross.finditer(text):
        # "cross-referenced from 2.4": a reference the cue leads into is its own, before any nearer one
        # ("answers the first bullet of §6": the part of a section it leads into is that section's)
        led = next((f for f in found if 0 <= f[0] - m.end() <= 60
                    and re.fullmatch(r"\s*(?:from|to|in|with|under|into|at)?\s*§?\s*|\s*(?:the\s+|an?\s+|our\s+)?(?:[\w\"'“”-]+\s+){0,4}?"
                                     r"(?:bullets?|questions?|points?|items?|gaps?|paragraphs?|lines?|entr(?:y|ies))\s+(?:of|in|under|from)\s+§?\s*",
                                     text[m.end():f[0]], re.I)), None)
        near = led or min(found, key=lambda f: min(abs(f[0] - m.end()), abs(m.start() - f[1])), default=None)
        if near is not None and near[1] <= m.start() and cues.suggest.search(
                re.split(r"[;；,，。!?！？]|\.\s", text[max(0, near[0] - 24):near[0]])[-1]):
            continue  # ("should sit under §7.2 Fairness and might answer our free-tier problem": placed, then a remark)
        if near is not None and min(abs(near[0] - m.end()), abs(m.start() - near[1])) <= 30:
            crossed.add(near[0])
    out: list[SectionRef] = []
    seen: dict[str, int] = {}
    again: dict[str, int] = {}
    for a, b, key in found:
        if key in seen:
            # "§4.2 … no longer holds → rewrite §4.2": a later suggestion or cross-reference of the same
            # section outranks an earlier mention (the next two mentions are read; a line repeating one
            # section thousands of times stays linear)
            i = seen[key]
            again[key] = again.get(key, 0) + 1
            if out[i].role != "mention" or again[key] > 2:
                continue
            others = [_clause(text, x, y) for x, y, k in found if x != a]
            role = "cross" if a in crossed and not field else _role(text, a, b, cues, field, others)
            if role in ("suggest", "cross"):
                out[i] = SectionRef(key, None, role, out[i].start)
            continue
        others = [_clause(text, x, y) for x, y, k in found if x != a]
        role = "cross" if a in crossed and not field else _role(text, a, b, cues, field, others)
        seen[key] = len(out)
        out.append(SectionRef(key, None, role, a))
    # "belong in §7.1 (engine support), and the quantized prefix cache under 7.2": a second placement joined to the
    # first ("and X under/in N"), the same proposal
    for i in range(1, len(out)):
        r = out[i]
        if r.role == "mention" and r.key and any(p.role == "suggest" and p.start < r.start for p in out[:i]) \
                and _JOINED_PLACE.search(text[max(0, r.start - 80):r.start]) \
                and not _PART_SAYS.match(text, text.find(r.key, r.start) + len(r.key)) \
                and not re.search(r"\b(?:figure|number|value|line|sentence|claim|statement|text)s? in\s*(?:§\s*)?$",
                                  text[max(0, r.start - 24):r.start], re.I):
            out[i] = SectionRef(r.key, r.title, "suggest", r.start)  # (not "…, and the figure in 4.1 still holds")
    if fm and not field:  # "Where: none, stays in §3.2": what the field's line names, it places nothing
        out = [SectionRef(r.key, r.title, "mention", r.start) for r in out]
    # a board's or an outliner's placement tag ("#sec4.2", "#section-3.1", "#§2.4"): where it would go
    for m in _TAG_SEC.finditer(text):
        key = m.group("key")
        if key in seen:
            out[seen[key]] = SectionRef(key, None, "suggest", out[seen[key]].start)
        else:
            seen[key] = len(out)
            out.append(SectionRef(key, None, "suggest", m.start()))
    # "the open question in 2.4 asks for; put it there": "there" is the section named last before it
    for m in _THERE.finditer(text):
        before = [i for i, r in enumerate(out) if r.key and r.start < m.start()]
        if before and out[before[-1]].role == "mention":
            r = out[before[-1]]
            out[before[-1]] = SectionRef(r.key, r.title, "suggest", r.start)
    # "next to PagedFP8 in the FP8 paths section", "this belongs with the FP8 material": a section by its title
    for m in _TITLE_SECTION.finditer(text):
        title = (m.group("t") or m.group("t2") or m.group("t3") or m.group("t4")).strip()
        if re.search(r"\b(?:get|got|gotten|getting|made it|make it|reached?|read(?: up)?|skim(?:med)?|stopp?ed|skipp?ed)\s*$",
                     text[max(0, m.start() - 24):m.start()], re.I) and m.group("t"):
            continue  # "did not get to the method section", "skipped to the results section": how far a read went
        if 1 <= len(title.split()) <= 5 and not re.match(r"(?:same|other|next|previous|last|first|right|wrong|this|that)\b",
                                                          title, re.I) \
                and not re.fullmatch(r"§?\s*[IVX]{1,5}(?:\.\d{1,2})*\.?", title):  # a Roman number is a key, read above
            at = next(m.start(g) for g in ("t", "t2", "t3", "t4") if m.group(g))
            out.append(SectionRef(None, title, "suggest", at))
    # a year heading of a paper list ("move it into 2024", "put it at the top of 2025", "Add under 2024")
    for m in _YEAR_PLACE.finditer(text):
        year = m.group("year") or m.group("year2")
        if re.search(r"(?:move|put|add|file|place|goes|go|belongs?|fits?|归入|放到|放在|放入|加到)", text[max(0, m.start() - 30):m.start() + 6], re.I):
            out.append(SectionRef(None, year, "suggest", m.start()))
    # a section named by its title only
    titled = [(m.start(), m.end()) for m in _TITLE_SECTION.finditer(text)]
    for m in cues.title_after.finditer(text):
        if any(a <= m.end() + 1 < b for a, b in titled):
            continue  # "belongs with the FP8 material": read above
        rest = text[m.end():].lstrip(" :：")
        if not rest or _SIGN.match(rest) or _BARE.match(rest) or re.match(r"(?:the\s+)?(?:doc|document|list|table)\b", rest, re.I) \
                or re.match(r"(?:the\s+)?(?:section|sec\.?|chapter|ch\.|part)\s*\d|\d{1,2}\b", rest, re.I) \
                or re.match(r"§?\s*[IVX]{1,5}(?:\.\d{1,2})*\b", rest):  # a Roman key ("under III.2", "in §IV.3"): read above
            continue
        quoted = re.match(r"[\"“「『]([^\"”」』\n]{3,60})[\"”」』]", rest)  # ('go to "Context parallelism in serving"')
        stop = _TITLE_STOP.search(rest)
        if quoted and re.match(r"\s*(?:下的?|里的?|中的?|under|,|，)?\s*(?:§\s*)?\d{1,2}(?:\.\d{1,2})+", rest[quoted.end():]):
            continue  # ("归入“三、专家并行”下的 3.1 …": the quote names the part a numbered section is under, read above)
        title = quoted.group(1).strip() if quoted else (rest[: stop.start()] if stop else rest[:60]).strip().strip("*_`\"'")
        words = title.split()
        if 1 <= len(words) <= 6 and len(title) >= 3 and not re.match(r"(?:it|this|that|there|here|them|those|others|the (?:rest|others|same|other)|"
                                                                     r"an?|another|some|any|one|different|next to|beside|alongside|after|before|with)\b",
                                                                     title, re.I) \
                and (quoted or not re.search(r"\b(?:doc|docs|document|file|wiki|notes|repo)$", title, re.I)):  # ("go to the kv-cache doc")
            out.append(SectionRef(None, title, "suggest", m.end()))
    return out


_CLAUSE = compile_lazy(r"[,，;；。.!?！？]\s")
#: Words after a section number that say what the section already says: "4.1 still holds", "3.2 says", "2.2 里写的".
_PART_SAYS = compile_lazy(r"\s*(?:still|already|says|said|holds|has|is|was|quotes|reads|states|claims|里|中|写的|说的)", re.IGNORECASE)
#: A second placement joined to a first one: "…, and the quantized prefix cache under", "; the flag in", "，另一条放到".
_JOINED_PLACE = compile_lazy(r"(?:[,，;；]\s*(?:and|or|plus|while|with)?|\band|\bor|以及|和|或者?|另一条|其余)\s+(?:the |its |their |our )?"
                             r"(?:[\w./+-]+\s+){0,5}?(?:under|in|into|to|goes (?:in|under|to))\s*(?:§\s*)?$|"
                             r"(?:[,，;；]|以及|另外)\s*[^,，;；。]{0,30}?(?:放到|放在|归入|放进|挂到)\s*(?:§\s*)?$", re.IGNORECASE)
#: "put it there", "it belongs there", "leave it there", "Already in 5.2; at most a one-liner about Blackwell support
#: there": a placement whose place is the section named before it.
_THERE = compile_lazy(r"\b(?:put|add|file|place|slot|drop|keep|leave) (?:it|this|them) there\b|\b(?:goes|belongs|fits) there\b|"
                    # "5.1 says we have none, so it should go there", "the prefill number could go in next to them"
                    r"\b(?:should|could|would|can|might|will|to) (?:go|sit|live|belong|fit) (?:in )?there\b|\b(?:sits?|lives?) there\b|"
                    r"\bgo(?:es)? in (?:next to|beside|alongside) (?:them|it|those|that)\b|"
                    r"\b(?:one-liner|line|bullet|sentence|footnote|mention)\b[^.;。；]{0,60}?\bthere\b"
                    # "建议就补在那里", "放到那儿", "挂那里就行"
                    r"|(?:补|放|挂|加|写|归|并)(?:在|到|进|入)?那(?:里|儿|边)", re.I)
#: A section named by its title and the word "section" ("in the FP8 paths section"), or a placement with "the X
#: material" ("belongs with the FP8 material").
_TITLE_SECTION = compile_lazy(r"\b(?:in|under|into|to|with|next to) the (?P<t>[A-Za-z0-9][\w+/-]*(?: [\w+/-]+){0,4}?) section\b"
                            r"|\b(?:belongs?|goes|fits|go|put (?:it|this)|file (?:it|this)) (?:with|alongside|next to) the "
                            r"(?P<t2>[A-Za-z0-9][\w+/-]*(?: [\w+/-]+){0,3}?) (?:material|part|bits?|entries|bullets)\b"
                            # "where: next to the chunked-prefill discussion"
                            r"|\b(?:next to|beside|alongside) the (?P<t3>[A-Za-z0-9][\w+/-]*(?: [\w+/-]+){0,3}?) (?:discussion|paragraph|text)\b"
                            # "可以补到你们低精度 attention 那部分", "挂到 KV 量化那一节"
                            r"|(?:补到|补在|补进|放到|放在|放进|归到|归入|挂到|挂在|并入|并进|加到|加在|写到|写进)\s*(?:你们|我们|咱们|文档|知识库)?(?:的)?\s*"
                            r"(?P<t4>[\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9 +/-]{1,20}?)\s*(?:那|这)(?:一)?(?:部分|节|块|章|小节)", re.I)


@functools.lru_cache(maxsize=8)
def _breaks(text: str) -> tuple[list[int], list[int]]:
    """The ends of the clause breaks before a position and the starts of those after one, found once per
    text (``_clause`` searched the text up to each reference for each other one: issue 23)."""
    ends = [m.end() for m in re.finditer(r"[,，;；。!?！？]|\.\s", text)]
    starts = [m.start() for m in re.finditer(r"[,，;；。!?！？]|\.(?:\s|$)", text)]
    return ends, starts


def _clause(text: str, a: int, b: int) -> tuple[int, int]:
    """The clause of ``text`` holding ``text[a:b]``: between the nearest clause breaks (commas included)."""
    ends, starts = _breaks(text)
    i = bisect.bisect_right(ends, a) - 1
    left = ends[i] if i >= 0 else 0
    j = bisect.bisect_left(starts, b)
    return left, starts[j] if j < len(starts) else len(text)


#: A placement refused right before the reference ("please don't add them under §3 or §4", "不要放到 §5"): the
#: sections it names, joined by "or"/"and"/commas, are where the item does not go.
_DONT_PLACE = compile_lazy(r"(?:\b(?:do|does|did|should|must)\s*n[o']t|\bnever|\bno need to|不要|别|不用|无需)\s*"
                         r"(?:add|put|place|file|move|list|放|加|归|挂)[^.;。；!?,，]{0,16}?(?:in|under|into|to|到|进|入)?\s*"
                         r"(?:§\s*[\dIVX.]+\s*(?:,|/|or|and|或|和)\s*)*§?\s*$", re.I)


def _role(text: str, a: int, b: int, cues: _Cues, field: bool, others: list[tuple[int, int]] = ()) -> str:
    """The role of the reference at ``text[a:b]``: from the cues of its own clause, else the sentence's nearest."""
    if field:
        return "suggest"
    if cues.negative_before.search(text[max(0, a - 28):a]) or cues.negative.search(text[max(0, a - 14):a]) \
            or _DONT_PLACE.search(text[max(0, a - 48):a]):
        return "negative"
    lo, hi = _clause(text, a, b)
    part = text[lo:hi]
    sa = max((m.end() for m in _SENTENCE_END.finditer(text, 0, a)), default=0)
    sb = next((m.start() for m in _SENTENCE_END.finditer(text, b)), len(text))
    if _BARE_PLACE.fullmatch(text[sa:a] + "§" + text[b:sb]):
        return "suggest"  # "New to us. §3.2.", "Maybe §3.1.": a section named alone, as its own sentence, is where it goes
    s = _nearest(cues.suggest, part, a - lo, len(part))
    mt = _nearest(cues.mention, part, a - lo, len(part))
    if s is None and mt is None:
        # the sentence's nearest cue, leaving out the clauses of the other references (they own theirs)
        masked = list(text)
        for x, y in others:
            if not (x <= a < y):
                masked[x:y] = " " * (y - x)
        rest = "".join(masked)
        s = _nearest(cues.suggest, rest, a, 40)
        mt = _nearest(cues.mention, rest, a, 20)
    if s is None:
        return "mention"
    if mt is not None and mt < s:
        return "mention"
    return "suggest"


#: Where a sentence ends: ". ", "。", "!", "?", ";", a line break (not the point of "Sec. 4.4", "Fig. 3", "e.g. 3.2").
_SENTENCE_END = compile_lazy(r"(?<![Ss]ec)(?<![Ff]ig)(?<![Tt]ab)(?<![Ee]q)(?<!cf)(?<![eE]\.g)(?<![iI]\.e)(?<!vs)(?<!No)(?<!pp)(?<![Cc]h)(?<!\bp)"
                             r"[.!?;](?=\s|$)|[。！？；\n]")
#: A sentence that is a section reference alone (the reference written as "§"), perhaps hedged: "§3.2.", "Maybe §3.1.", "→ 4.2".
_BARE_PLACE = compile_lazy(r"\W*(?:(?:maybe|probably|likely|perhaps|prob\.?|i'?d say|也许|可能|大概)\s*,?\s*)?(?:→|->|=>)?\s*§+\s*[.。!?？]*\W*",
                           re.IGNORECASE)
#: A heading over where a work goes: "## Where it might go", "## Placement", "### Suggested section", "## 放哪", "## 建议归属".
PLACEMENT_HEADING = compile_lazy(r"^\W*(?:\d+(?:\.\d+)*\s*[.、)]?\s*)?(?:where (?:it|this|they|these) (?:(?:might|should|would|could|will) )?"
                               r"(?:go|goes|fit|fits|belong|belongs|sit|sits)\b|(?:placement|fit|home)(?:\s+in\s+(?:the|our)\s+doc\w*)?\s*[:：]?\s*$|"
                               r"suggested (?:place|placement|section|home)|放哪|放在哪|放到哪|归属|建议(?:章节|位置|归属|放置))", re.IGNORECASE)


#: Table columns that name where a row belongs.
SECTION_COLUMNS = frozenset({"section", "sections", "placement", "where", "归属", "章节", "建议章节", "位置", "suggested section",
                             "doc section", "建议位置", "建议归属", "建议放置", "放哪", "放在哪", "target section",
                             "where it goes", "where it belongs", "where to put it", "goes to", "home", "suggested home",
                             "doc home", "放到哪", "归到哪", "归哪"})


#: A column header naming where a row belongs, in words the closed set does not list: "Where in doc", "Where in the living
#: doc", "Proposed section", "Placement in doc", "放进哪一节", "对应章节".
_SECTION_HEADER = compile_lazy(r"^(?:suggested |proposed |target |our )?(?:where(?: (?:in|on|into) (?:the |our )?(?:living[- ])?(?:doc(?:ument)?|kb|wiki|"
                             r"outline|survey|chapter)| (?:it|to|would|should|does|we)\b[\w' ]{0,24})?"
                             r"|(?:doc(?:ument)? |kb |living[- ]doc )?(?:section|placement|home|slot)s?(?: (?:in|for) (?:the |our )?[\w-]{1,12}(?: doc)?)?)\??$"
                             r"|^(?:建议)?(?:放|归|写|加)(?:到|在|进|入)?(?:哪|哪里|哪儿|哪节|哪一节|哪个小节)$|^(?:对应|所属|目标|建议)(?:章节|小节)$")


def section_column(header: str) -> bool:
    """Whether a table column (or a key/value table's key) names where a row belongs (``Section``, ``建议章节``,
    ``Where in doc``)."""
    h = re.sub(r"[*_`]", "", header).strip().lower()
    return h in SECTION_COLUMNS or (len(h) <= 40 and bool(_SECTION_HEADER.match(h)))


def table_section(header: str, cell: str) -> list[str]:
    """Section keys in a table cell whose column names a section (``Section``, ``归属``, ``建议章节``)."""
    if not section_column(header):
        return []
    keys = [m.group("key") for m in _SIGN.finditer(cell)]
    keys += [m.group(0) for m in re.finditer(r"(?<![\w.])\d{1,2}(?:\.\d{1,2}){0,2}(?![\w.])", cell) if m.group(0) not in keys]
    keys += [k for m in _ROMAN.finditer(cell) if (k := m.group("key") or m.group("part")) and k not in keys]  # "IV.3"
    if not keys and (roman := re.fullmatch(r"\s*§?\s*([IVX]{1,5})\.?(?:\s+\S.*)?", cell)):
        keys.append(roman.group(1))  # "V. Multi-tier …", "IV" alone in the column
    return keys
