"""What a statement asserts, in the form the contradiction rules compare: figures with their metric
and conditions, contrasting qualifiers, negated predicates.

All cues are data (``facts`` in ``ingest/data/lexicon.json``); these functions are pure and run at
ingest, so a store holds the facts with each claim (``kg:Quantity`` with ``kg:condition``,
``kg:qualifier``, ``kg:predicate``).

**Figures** (:func:`find_figures`).  ``3.6×`` = ``3.6 times`` = ``提升 3.6 倍`` (unit ``x``);
``1M`` = ``100 万`` = ``1 million`` (unit ``count``, the value scaled); ``1.2 PFLOPs/s`` =
``1,200 TFLOPs/s``; ``412 ms`` = ``0.412 s``; ranges (``2.7–3.5×``, ``2～4 倍``, ``2.3 to 3.6 times``).
A plain number counts only right next to a scalar metric (``0.47 perplexity``, ``0.8 分``).  Each
figure takes the metric nearest to it in its clause (``12.6x more requests or 7.4x tighter SLOs``:
requests 12.6, SLO 7.4), a bound (``up to``/``最高`` = at most, ``more than``/``以上`` = at least),
whether it is hedged (``约``, ``about``), its direction (``less``/``降低``), and its *conditions*:
hardware, benchmark, model, batch, precision, temperature, context, GPU count and baseline
(``than vLLM``, ``相对 FlexGen``) written in its clause, then in its sentence.  A figure that is
itself a condition (``16K 输入``, ``batch 64``, ``8×H100``) is not a figure.

**Qualifiers** (:func:`qualifier_sides`).  The aspects of the lexicon (lossless/exact vs
lossy/approximate, training-free vs needs training, online/offline, static/dynamic, adversarial vs
arbitrary arrival, simulated vs measured); a side cue right after a negation counts for the other
side (``不做任何近似`` is exact, ``not lossless`` is lossy), and so does one another source is said
to write when the statement disputes it (``文档里写它 tuning-free，我觉得不准确``: lexicon
``facts.attribution`` before the cue, ``facts.dispute`` in the statement; an existence negation,
``没有哪个在线算法``, flips nothing); a statement naming both sides asserts
one only when the other is restricted (``only lossless for greedy … approximate`` is lossy) or
replaced (``把 lossless 改成了 near-lossless`` is lossy); otherwise it is a comparison and asserts
neither.

**Predicates** (:func:`predicates`).  ``+quantize:kv_cache,weights`` for "quantizes weights … and
the KV cache", ``-quantize:kv_cache`` for "does not quantize the KV cache", ``-modify:model`` for
"无需修改模型": a verb of the lexicon and the objects written within a few words after it,
negated when a negator stands right before the verb (or before the object of ``no X required``).
"""
from __future__ import annotations

import bisect
import contextlib
import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from .lexicon import Lexicon, Scan, gated, load_lexicon
from .models import Quantity
from .numerals import MULTIPLIER_HINT, cn_number, multiplier_words, spoken_figures
from .text import split_sentences
from ingest.lazyre import compile_lazy

__all__ = ["find_figures", "setting_of", "qualifier_sides", "side_pattern", "predicates", "need_framed", "open_object", "open_objects_match", "Facts", "facts_of",
           "answered_value",
           "FigureBudget", "figure_budget", "MAX_FIGURES", "MAX_FILE_FIGURES"]

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "m": 1e6, "B": 1e9, "万": 1e4, "亿": 1e8, "million": 1e6, "billion": 1e9,
          "thousand": 1e3, "千": 1e3, "百万": 1e6}
_UNIT = (r"(?P<unit>×|[xX](?![A-Za-z0-9])|\s*times\b(?!\s+(?:per|each|every|in\s+a\s+row|in\s+total|a\s+(?:day|week|month|run|layer|step))\b)|\s*-?fold\b|\s*倍|%|％| %(?![\w%])|\s*percent\b|\s*[PT]FLOPs?/s|\s*[PT]FLOPS\b"
         # energy per token: "0.38 J/token", "0.52 J per token", "380 mJ/token", "0.4 焦/token"
         r"|\s*m?J\s*(?:/|\s+per\s+)(?:output\s+|generated\s+)?tok(?:en)?s?\b|\s*(?:毫)?焦(?:耳)?\s*/\s*(?:token|词元)"
         r"|\s*tok(?:ens)?/s\b|\s*(?:milli-?seconds?|msecs?)\b|\s*(?:seconds?|secs?)\b|\s*ms\b|\s*[µμ]s\b|\s*us(?![A-Za-z/])|\s*(?:微秒|毫秒)|\s*s(?![A-Za-z/])|\s*[GMT]B/s\b|\s*GB\b(?!/)|\s*MB\b(?!/)|\s*TB\b(?!/)|\s*[GMKT]iB\b(?!/)|\s*(?:百万|万|亿|千)|[KkMB](?![A-Za-z0-9])"
         r"|\s*(?:million|billion|thousand)\b|\s*(?:minutes?|mins?)\b(?![\s-]*(?:of|length|context|window|interval|timeout|notice|warning|cadence|cron|tick|bucket|average|avg|rolling|sliding|granularity|resolution|slot|drills?|read|walk|talk|video|chat|call|meeting|break)\b)|\s*分钟(?!内的窗口|窗口|一次|间隔)"
         r"|\s*(?:分(?![钟析布配之])|个点(?!子)|-?points?\b|pts?\b))")
_FIG = compile_lazy(
    rf"(?:(?<![A-Za-z0-9_.\-/@#:])(?P<sign>[-−](?=\d))|(?<![A-Za-z0-9_.\-/@#:]))(?P<a>{_NUM})(?:\s*(?P<u1>×|[xX](?![A-Za-z0-9])|%|倍|[KkM](?![A-Za-z0-9])))?"
    rf"(?:\s*(?P<sep>–|—|-|~|～|to|至|到)\s*(?P<b>{_NUM}))?{_UNIT}",
)
#: A share of a size: "1/5 of the full-cache footprint", "显存只有原来的 1/4" (a reduction to it).
_FRACTION_OF = compile_lazy(r"(?<![\d./])1\s*/\s*(?P<n>\d+(?:\.\d+)?)(?=\s+of\s+(?:the\s+)?[^.;,]{0,40}?"
                          r"(?:footprint|memory|size|cache)\b)|1\s*/\s*(?P<n2>\d+(?:\.\d+)?)(?=\s*(?:的)?\s*(?:显存|内存|缓存|KV 缓存)(?:占用)?)|"
                          r"\b(?i:one|an?)[ -](?P<w>(?i:half|third|quarter|fourth|fifth|sixth|eighth|tenth|sixteenth|thirty-second))"
                          r"(?=\s+of\s+(?:the\s+)?[^.;,]{0,40}?(?:footprint|memory|size|cache)\b)|"
                          r"(?P<z>[二三四五六八十]|十六|三十二)分之一(?=\s*(?:的)?\s*(?:显存|内存|缓存|KV)(?:占用)?)")
#: The denominators of fractions written in words ("one eighth of the cache", "八分之一的显存").
_FRACTION_WORDS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10,
                   "sixteenth": 16, "thirty-second": 32, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "八": 8, "十": 10,
                   "十六": 16, "三十二": 32}


def _fraction_n(m: re.Match[str]) -> float:
    """The denominator ``_FRACTION_OF`` matched: "1/8" and "one eighth" and "八分之一" give 8."""
    if m.group("w") or m.group("z"):
        return float(_FRACTION_WORDS[(m.group("w") or m.group("z")).lower()])
    return float(m.group("n") or m.group("n2"))
#: A comparison a clause states in words of its own: "比 Medusa 快不少", "faster than Medusa".
_OWN_COMPARISON = compile_lazy(r"比\s*[^，,。；;]{1,30}?(?:快|慢|高|低|好|强|差|多|少|省|大|小)|"
                             r"\b(?:faster|slower|better|worse|higher|lower|cheaper|quicker|ahead)\s+(?:than|of)\b", re.IGNORECASE)
#: A step done away with, its object after: "dispenses with the rescaling step", "does away with …", "eliminates …".
_DONE_AWAY = compile_lazy(r"\b(?:dispens(?:es|ed|ing) with|do(?:es)? away with|did away with|gets? rid of|got rid of|eliminat(?:es|ed|ing)"
                        r"|(?:no longer|never) (?:does|performs|needs|uses|computes|keeps))\s+(?:the\s+|any\s+|its\s+|their\s+)?",
                        re.IGNORECASE)
#: A step kept, its object after: "keeps the online softmax rescale", "retains …", "still performs …".
_KEPT_ON = compile_lazy(r"\b(?:(?<!no longer )(?<!never )keeps|retains|still (?:does|performs|uses|computes|applies|needs|has))\s+"
                      r"(?:the\s+|its\s+|their\s+|a\s+|an\s+)?(?=[a-z])", re.IGNORECASE)
#: A step said to be gone, its object before: "the rescale goes away", "the rescaling step is gone".
_GONE_AFTER = compile_lazy(r"\s(?:goes away|went away|is gone|are gone|disappears|is eliminated|are eliminated|is removed entirely)\b",
                         re.IGNORECASE)
#: A step said to remain, its object before: "the rescale is still there", "the rescaling remains".
_STILL_THERE = compile_lazy(r"\s(?:is|are) still (?:there|present|done|performed|needed|required)\b|\s(?:remains|stays) (?:in place|there)\b",
                          re.IGNORECASE)
#: A cut by half written in words: "cuts … in half", "halves the decode latency", "延迟减半", "降低一半".
_HALVED = compile_lazy(r"(?<=\s)in half\b(?!\s+(?:the|a|an)\b)|\bby (?:about |roughly |nearly |almost |around |approximately )?(?:a )?half\b|\bhalve[sd]?\b(?=\s+(?:the\s+|its\s+|their\s+)?[\w-]*\s*(?:latency|time|TTFT|TPOT|memory|footprint|cost))|"
                     r"减半|砍半|(?:降低|减少|缩短|降|减|砍)(?:了)?(?:约|近)?一半", re.IGNORECASE)
#: What a cut by half is of, named before it: a latency, a time, memory, a cost, traffic.
_HALVED_WHAT = compile_lazy(r"latency|time|TTFT|TPOT|ITL|memory|footprint|cost|traffic|writes|reads|bandwidth|tokens|FLOPs|compute|"
                          r"延迟|时间|耗时|显存|内存|开销|成本|流量|token|计算量",
                          re.IGNORECASE)
#: An open object that is a step or an act (a word of it): "rescaling", "rescale", "step", "synchronization", "padding".
_ACT_WORD = compile_lazy(r"(?:^~|\+)(?:\w+(?:ing|tion|sion|ment)|rescale|step|pass|loop|check|sync|barrier)(?=\+|$)")
#: Words that stand for a thing without naming it ("what goes away is …"): no object.
_PRONOUNS = frozenset({"", "what", "which", "it", "this", "that", "they", "there", "one", "something", "everything", "nothing"})
#: A copula right before a bare value, its measure the clause's subject: "… is now 2.4", "… stands at 41.2", "…现在是 2.4".
_COPULA_BEFORE_VALUE = compile_lazy(r"\b(?:is|are|was|were|stands at|sits at|comes in at)\s+(?:now\s+)?(?:about\s+|around\s+|~)?$|"
                                  r"(?:现在|目前)?(?:是|为)\s*(?:约)?\s*$", re.IGNORECASE)
#: Words that make a share an addition, right before it: "多占 1/4 显存", "an extra 1/4 of the memory".
_MORE_BY = compile_lazy(r"(?:多占|多用|多出|多吃|增加|额外(?:占用?)?|\b(?:an? )?(?:extra|additional|more)\b)\s*(?:了|用)?\s*$", re.IGNORECASE)
_PCT_CN = compile_lazy(r"百分之\s*(?P<a>\d+(?:\.\d+)?|[零一二两三四五六七八九十百]+(?:点[零一二三四五六七八九]+)?)")
_TENTHS_CN = compile_lazy(r"(?<![\d.])(?P<a>[一二两三四五六七八九]|\d(?:\.\d)?)\s*成(?![功为立本员果熟绩])")
#: (a Chinese character right before or after a number does not join it to a word: "降低41%", "准确率71.2个点"; a Latin
#: letter or a digit does: "A100", "v2", "H20")
_PLAIN = compile_lazy(rf"(?<![A-Za-z0-9_.\-/@#:])(?P<a>{_NUM})(?![A-Za-z0-9_%×]|\.[A-Za-z0-9_])")
_CLAUSE_BREAK = compile_lazy(r"[;；。!?！？]|[,，](?!\d{3})|\s(?:and|or|while|whereas|but|against)\s|或者?|而且?|、(?=\D)|"
                           r"\"\s*\"|”\s*“|」\s*「|\s\|\s")  # quoted figures side by side ('"延迟降低 76%""吞吐提升 2x"'), table cells

_SCALAR = ("perplexity", "accuracy", "compression", "accepted_length", "acceptance_rate", "auc", "ndcg@10", "recall@10", "pass@1", "mrr")
#: Scores written as a fraction or as a percentage alike ("0.712 nDCG@10", "nDCG@10 71.9"): a plain one is read in %.
_FRACTION_SCORES = ("ndcg@10", "recall@10", "pass@1", "mrr")


@dataclass(frozen=True)
class _Cues:
    metrics: tuple[tuple[str, re.Pattern[str]], ...]
    conditions: tuple[tuple[str, re.Pattern[str]], ...]
    bound_max: re.Pattern[str]
    bound_min: re.Pattern[str]
    approx: re.Pattern[str]
    down: re.Pattern[str]
    aspects: tuple[tuple[str, tuple[tuple[str, re.Pattern[str]], ...]], ...]
    restrict: re.Pattern[str]
    change: re.Pattern[str]
    negators: re.Pattern[str]
    verbs: tuple[tuple[str, re.Pattern[str]], ...]
    objects: tuple[tuple[str, re.Pattern[str]], ...]
    default_x: str
    unit_metrics: dict
    not_baselines: frozenset
    base_words: dict[str, str] = field(default_factory=dict)
    base_aliases: tuple[tuple[str, str], ...] = ()
    dispute: re.Pattern[str] = re.compile(r"(?!x)x")
    attribution: re.Pattern[str] = re.compile(r"(?!x)x")
    #: predicate objects whose use is their need (``facts.use_is_need``: a draft model)
    use_is_need: frozenset = frozenset()
    #: predicate objects whose addition is their need (``facts.add_is_need``: extra heads)
    add_is_need: frozenset = frozenset()
    #: a need's open-object word -> the verb it names (``facts.need_object_verbs``: calibration -> calibrate)
    need_object_verbs: dict = field(default_factory=dict)
    #: predicate objects that are techniques, used or not (``facts.techniques``: warp specialization)
    techniques: frozenset = frozenset()
    #: every side cue of every qualifier aspect, asked at once: most claims name no side
    any_side: Scan | None = None
    #: ``(predicate, pattern)``: what a phrase says without the lexicon's verb (``facts.implied_predicates``)
    implied: tuple[tuple[str, re.Pattern[str]], ...] = ()


def _alt(pats) -> re.Pattern[str]:
    # compiled at first use: one command asks only some of the lexicon's cues (the brief, its figures' units)
    # and run only on texts holding a literal its matches need (``GatedPattern``): most texts hold none of a cue list's
    return gated("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.IGNORECASE)


_CACHE: dict[int, _Cues] = {}


def _cues(lex: Lexicon) -> _Cues:
    got = _CACHE.get(id(lex))
    if got is not None:
        return got
    f = lex.raw.get("facts", {})
    got = _Cues(
        metrics=tuple((k, _alt(v)) for k, v in f.get("metrics", {}).items()),
        conditions=tuple((k, gated("|".join(f"(?:{p})" for p in v), re.IGNORECASE if k not in ("base", "model") else 0))
                         for k, v in f.get("conditions", {}).items()),
        bound_max=_alt(f.get("bounds_max", [])), bound_min=_alt(f.get("bounds_min", [])), approx=_alt(f.get("approx", [])),
        down=_alt(f.get("direction_down", [])),
        aspects=tuple((a["id"], tuple((side, _alt(p)) for side, p in a["sides"].items())) for a in f.get("qualifier_aspects", [])),
        restrict=_alt(f.get("restrict", [])), change=_alt(f.get("change", [])), negators=_alt(f.get("negators", [])),
        verbs=tuple((k, _alt(v)) for k, v in f.get("predicate_verbs", {}).items()),
        objects=tuple((k, _alt(v)) for k, v in f.get("predicate_objects", {}).items()),
        default_x=f.get("default_metric_for_x", "speedup"),
        dispute=_alt(f.get("dispute", [])), attribution=_alt(f.get("attribution", [])),
        unit_metrics=dict(f.get("unit_metrics", {})),
        not_baselines=frozenset(x.lower() for x in f.get("not_baselines", [])),
        base_words=dict(f.get("base_words", {})),
        base_aliases=tuple((a, b) for a, b in f.get("base_aliases", [])),
        use_is_need=frozenset(f.get("use_is_need", [])), add_is_need=frozenset(f.get("add_is_need", [])),
        need_object_verbs=dict(f.get("need_object_verbs", {})), techniques=frozenset(f.get("techniques", [])),
        any_side=Scan(compile_lazy(p, re.IGNORECASE) for a in f.get("qualifier_aspects", []) for ps in a["sides"].values() for p in ps),
        implied=tuple((pred, _alt(pats)) for pred, pats in f.get("implied_predicates", [])),
    )
    _CACHE[id(lex)] = got
    return got


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clause spans of ``text``: cut at clause punctuation and conjunctions, and around a parenthesis
    that states a figure of its own ("高 1.4×（文档里的 1.2× 是 A100 上的）": A100 is the 1.2×'s)."""
    cuts = [(m.start(), m.end()) for m in _CLAUSE_BREAK.finditer(text)]
    for m in _PAREN_FIGURE.finditer(text):
        cuts += [(m.start(), m.start() + 1), (m.end() - 1, m.end())]
    if "=" in text:
        # a log line's fields, "ttft_p50=0.61s  ttft_p99=2.84s": each field a clause of its own (its key names its measure)
        cuts += [(m.end(), m.end()) for m in _LOG_FIELD.finditer(text) if m.end() < len(text)]
    out, start = [], 0
    for a, b in sorted(cuts):
        if a < start:
            continue
        out.append((start, a))
        start = b
    out.append((start, len(text)))
    return out


#: A log field's key with underscores, up to its "=": "ttft_p99", "kv_usage", "decode_tok_s".
_LOG_KEY = compile_lazy(r"(?<![\w.])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?==\S)")
#: A log line's field's value and the whitespace after it, where another field follows: "=0.61s  " of "ttft_p50=0.61s  ttft_p99=…".
_LOG_FIELD = compile_lazy(r"(?<=[A-Za-z0-9_])=[^\s=]+\s+(?=[A-Za-z][\w .@-]{0,30}=)")


#: A parenthesis that is a clause of its own: it states a figure ("（文档里的 1.2× 是 A100 上的）", "(fp16
#: baseline 5.47)") or denies something ("C4 PPL 是 7.51（Wikitext-2 他没报）": Wikitext-2 is not 7.51's).
_PAREN_FIGURE = compile_lazy(r"[(（][^()（）]*(?:\d(?:\.\d+)?\s*(?:×|x(?![A-Za-z])|倍|%)|(?<![\w.])\d+\.\d+(?![\w.])"
                           r"|没|未|\bnot\b|\bno\b|n't\b|\bwithout\b)[^()（）]*[)）]")


#: A Chinese character right against a Latin letter or a digit ("说P99 TTFT降了58%", "TTFT平均降6.8倍").
_CJK_AGAINST_LATIN = compile_lazy(r"[\u3400-\u9fff\uf900-\ufaff][A-Za-z0-9]|[A-Za-z0-9][\u3400-\u9fff\uf900-\ufaff]")
_CJK_CHAR = compile_lazy(r"[\u3400-\u9fff\uf900-\ufaff]")


def cjk_masked(text: str) -> str | None:
    """``text`` with every Chinese character a space (same length, so every position stays), or None when no Chinese
    character stands right against a Latin letter or a digit.  Python's ``\\b`` counts a Chinese character as a letter
    of a word, so the lexicon's ``\\bTTFT\\b`` never matched "TTFT平均降6.8倍"; matched on this text too, it does."""
    if not _CJK_AGAINST_LATIN.search(text):
        return None
    return _CJK_CHAR.sub(" ", text)


def _finditer_both(pat: re.Pattern[str], text: str, masked: str | None) -> list[re.Match[str]]:
    """Matches of ``pat`` in ``text`` and, when ``masked`` (``cjk_masked``) is given, those in it at spans not already
    matched (a Latin cue written against Chinese characters); in order of position."""
    got = list(pat.finditer(text))
    if masked is None:
        return got
    seen = {m.span() for m in got}
    more = [m for m in pat.finditer(masked) if m.span() not in seen and m.group(0).strip()]
    return sorted(got + more, key=lambda m: m.start()) if more else got


def _conditions(cues: _Cues, text: str) -> list[tuple[int, int, str]]:
    """``(start, end, "category:value")`` of every condition written in ``text``."""
    out = []
    masked = cjk_masked(text)
    for cat, pat in cues.conditions:
        for m in _finditer_both(pat, text, masked):
            g = next((x for x in m.groups() if x), m.group(0))
            if cat == "base":  # "than vLLM and DeepSpeed-MII": one condition per baseline named
                for part in re.split(r"\s*(?:,|、|/|\band\b|\bor\b|和|与)\s*", re.split(r"\.\s", g)[0]):
                    val = re.sub(r"\s+", "-", part.strip()).lower().rstrip(".,;:，。；：")
                    # "相对静态 1:1 划分" is "vs a static 1:1 split": the lexicon's words for a baseline's kind, a ratio by its lead
                    for zh, en in cues.base_words.items():
                        val = re.sub(rf"{zh}-?", f"{en}-", val)
                    val = re.sub(r"(\d+):\d+", r"\1", val).strip("-")
                    for pat, rep in cues.base_aliases:  # "FlashAttention-2" is "FA2"
                        val = re.sub(pat, rep, val)
                    # "vanilla vLLM", "stock vLLM", "plain vLLM": the same baseline as "vLLM"
                    val = re.sub(r"^(?:vanilla|stock|plain|default|original|unmodified|upstream)-(?=.)", "", val)
                    # "over the previous engines iirc", "than existing engines": a hedge is no part of the baseline, and the
                    # engines before the work, whatever the writer calls them, are one baseline
                    val = re.sub(r"-(?:iirc|afaik|afaict|imo|imho|i-think|roughly|or-so)$", "", val)
                    val = re.sub(r"^(?:previous|prior|earlier|existing|older|current|other|state-of-the-art|sota)-(?=[a-z])", "existing-", val)
                    val = "-".join(w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w
                                   for w in val.split("-"))  # "dense models" = "dense model"
                    if val and val.split("-")[0] not in cues.not_baselines and not val[0].isdigit():
                        out.append((m.start(), m.end(), f"base:{val}"))
                continue
            val = re.sub(r"\s+", "", g).lower().removeprefix("the").rstrip(".,;:，。；：")
            if cat == "stat":  # "平均 8.6×", "on average 2.3x", "mean" / "最高 9.4 倍", "peak", "up to": the statistic a figure is
                val = "mean" if val in ("平均", "均值", "onaverage", "average", "mean", "avg", "avg.") else "max"  # of a spread
            if cat == "percentile" and val in ("median", "中位数", "中位"):
                val = "50"  # "the median TTFT" is the p50
            elif cat == "percentile" and val in ("mean", "average", "avg", "平均"):
                val = "mean"  # "the mean TTFT" is no percentile: never a p99's
            if cat == "bench":  # "Azure 对话 trace" = "Azure conversation trace" = "Azure conv trace"
                val = re.sub(r"conv(?:ersation)?|对话", "conversation", val).replace("代码", "code")
                # "multi-turn chat" = "multi turn chat" = "多轮对话": one workload, three spellings
                val = re.sub(r"^(?:multi-?turn(?:chat|conversations?|dialogues?)|多轮(?:conversation|聊天))$", "multiturn", val)
                val = re.sub(r"^(?:niah|needle-in-a-haystack|大海捞针)$", "needle", val)  # one benchmark, three names
                val = re.sub(r"(?<=[a-z])-(?=\d+$)", "", val)  # "WikiText-2" = "wikitext2" (a log's key), "PG-19" = "PG19"
                val = "math500" if val == "math" else val  # "MATH" alone is the MATH-500 test set the field reports on
            if cat == "model":  # "Llama-3-8B" = "LLaMA3-8B", "Qwen-2.5-7B" = "Qwen2.5-7B": the family's number joined on
                val = re.sub(r"(?<=[a-z])-(?=\d+(?:\.\d+)?(?![\d.]*[bm]\b))", "", val)
            if cat == "sw":  # "vLLM v0.6.3" and "vLLM v0.6.4.post1" are one release line: compared by major.minor
                val = re.sub(r"^([a-z.+-]+?)-?v?(\d+\.\d+).*$", r"\1\2", val)
            if cat == "kvpart":  # "the key cache", "K cache", "键缓存": the keys' half of the cache, not the values'
                val = "key" if val[:1] in ("k", "键") else "value"
            if cat == "precision":
                val = re.sub(r"^(\d+(?:\.\d+)?)\s*(?:average\s*)?-?bits?$", r"\1-bit", val)  # "3 bits" = "3-bit", "2.5 average bits" = "2.5-bit"
            if cat == "precision" and re.fullmatch(r"w\d+a\d+", val):
                # "W4A4（KV 也是 4 bit）", "W4A8 with the KV cache in 4-bit": the KV precision written in words
                kv = re.match(r"\s*[(（]?[^()（）]{0,12}?KV[^()（）\d]{0,12}?(\d+)\s*-?\s*bits?", text[m.end():m.end() + 30], re.I)
                if kv:
                    val += f"kv{kv.group(1)}"
            if cat == "latkind":  # "首 token 时延", "首字延迟" is the TTFT
                val = "ttft" if val.startswith("首") else val
            if cat == "ctx":
                val = _count_key(g)
            elif cat == "gpus":
                val = "1" if val in ("单", "single", "one") else val
            elif cat == "decoding":  # greedy (贪心) or sampling (采样, "sampled at T=1")
                val = "greedy" if val in ("greedy", "贪心", "贪婪") else "sampling"
            elif cat == "phase":  # prefill (预填充) or decode (解码) of a served request
                val = "prefill" if val.startswith(("pre", "预")) else "decode"
            elif cat == "scope":  # a part of the model measured alone: attention (注意力) or a kernel (算子); or a share
                # of the whole, per user (每用户, "13 tokens/s per user"), per GPU or per node, against the aggregate
                val = ("attention" if re.search(r"attention|注意力", val) else
                       "per-user" if re.search(r"user|stream|用户", val, re.I) else
                       "per-gpu" if re.fullmatch(r"gpu|device|卡", val, re.I) else
                       "per-node" if re.fullmatch(r"node|host|节点|机器", val, re.I) else
                       "per-nic" if re.fullmatch(r"nic|link", val, re.I) else "kernel")
            elif cat == "pass":  # the forward (前向, fwd) or the backward (反向, bwd) pass
                val = "backward" if val in ("backward", "bwd", "反向") else "forward"
            elif cat == "temp" and re.fullmatch(r"0(?:\.0+)?", val):
                out.append((m.start(), m.end(), "decoding:greedy"))  # T=0 is greedy decoding
            elif cat == "temp" and re.fullmatch(r"\d+(?:\.\d+)?", val) and float(val) > 0:
                out.append((m.start(), m.end(), "decoding:sampling"))  # T=1 samples: not greedy decoding
            elif cat == "hw":  # the accelerator, not its memory or form factor: A100-80GB SXM is an A100
                g0 = re.sub(r"(?<=\d)s$", "", g.strip())  # "16 H100s": a plural, not an L40S
                base = re.match(r"([a-z]+)\s?(\d+)(g(?!b)|x|s\b)?", g0.lower())
                val = "".join(x for x in base.groups() if x) if base else val
                if (apple := re.fullmatch(r"(m[1-5])[- ]?(pro|max|ultra)", g0.strip().lower())):
                    val = apple.group(1) + apple.group(2)  # Apple silicon: "M3 Pro" and "M3 Max" are two chips
                if re.fullmatch(r"[2345]0[6789]0(?:ti)?", val.replace(" ", "")):
                    val = "rtx" + val.replace(" ", "")  # "my 3090" is the "RTX 3090" another note writes
            # (a context length's span starts at its number, not at the comma before it: ", 32K context on H100" is
            # its own clause's)
            start = next((m.start(k) for k in range(1, (m.re.groups or 0) + 1) if m.group(k)), m.start()) if cat == "ctx" else m.start()
            out.append((start, m.end(), f"{cat}:{val}"))
            if cat == "model":  # "Vicuna-13B" is also a 13B model: "在 7B 上" is not its setting
                size = re.search(r"(\d+(?:\.\d+)?[bm])$", val)
                if size:
                    out.append((m.start(), m.end(), f"msize:{size.group(1)}"))
            elif cat == "ablation":
                out[-1] = (m.start(), m.end(), "ablation:yes")
    return out


def _not_baselines(cues: _Cues) -> frozenset[str]:
    """Words after "over"/"than" that are no baseline ("over PCIe"), lexicon ``facts.not_baselines``."""
    return cues.not_baselines


def _count_key(written: str) -> str:
    m = re.match(r"(\d+(?:\.\d+)?)\s*([KkMm万])", written.strip())
    if not m:
        return written.strip().lower()
    v = float(m.group(1)) * {"k": 1e3, "m": 1e6, "万": 1e4}[m.group(2).lower()]
    return f"{int(v)}"


class _Intervals:
    """Membership of a position in any of a list of ``[a, b)`` intervals, by bisection (issue 23: ``any()``
    over every interval for every figure grew with the square of a statement's figures)."""

    def __init__(self, spans):
        pairs = sorted((a, b) for a, b in spans)
        self.starts = [a for a, _ in pairs]
        self.reach: list[int] = []  # the furthest end among the intervals up to each one
        far = -1
        for _, b in pairs:
            far = max(far, b)
            self.reach.append(far)

    def __contains__(self, pos: int) -> bool:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i >= 0 and self.reach[i] > pos


class _Metrics:
    """The metric words of one clause, found once, and the nearest one to a figure (``find_figures``).

    The same answer as scanning the clause with every metric pattern for every figure (the first, in
    the lexicon's metric order and then by position, of the matches at the least distance; a match
    after the figure half a character nearer), in time that does not grow with the figures."""

    def __init__(self, cues: _Cues, part: str, lo: int, spans: _Intervals):
        self.names = [name for name, _ in cues.metrics]
        every: list[tuple[int, int, int]] = []  # (metric index, start, end), clause-relative
        masked = cjk_masked(part)
        for i, (_name, pat) in enumerate(cues.metrics):
            every.extend((i, m.start(), m.end()) for m in _finditer_both(pat, part, masked))
        usable = [t for t in every if lo + t[1] not in spans]
        self.lo = lo
        self.longest = max((e - s for _, s, e in usable), default=0)
        by_end: dict[int, tuple[int, int]] = {}
        by_start: dict[int, tuple[int, int]] = {}
        for i, s0, e0 in usable:
            by_end[e0] = min(by_end.get(e0, (i, s0)), (i, s0))
            by_start[s0] = min(by_start.get(s0, (i, s0)), (i, s0))
        self.ends = sorted(by_end)
        self.end_best = [by_end[e0] for e0 in self.ends]
        self.starts = sorted(by_start)
        self.start_best = [by_start[s0] for s0 in self.starts]
        self.usable = sorted(usable, key=lambda t: t[1])
        self.usable_starts = [t[1] for t in self.usable]
        # "latency speedup": a metric word right after another is the metric of the compound
        ends_of: dict[int, list[tuple[int, int]]] = {}
        for i, s0, e0 in every:
            ends_of.setdefault(e0, []).append((i, s0))
        pairs: dict[int, list[tuple[int, tuple[int, int]]]] = {}  # first word's metric -> (its start, second word)
        for i, s0, _e0 in every:
            for gap in (0, 1, 2):
                for j, bs in ends_of.get(s0 - gap, ()):
                    if j != i:
                        pairs.setdefault(j, []).append((bs, (i, s0)))
        self.compound: dict[int, tuple[list[int], list[tuple[int, int]]]] = {}
        for j, lst in pairs.items():
            lst.sort()
            suffix: list[tuple[int, int]] = [(0, 0)] * len(lst)
            best_key: tuple[int, int] | None = None
            for k in range(len(lst) - 1, -1, -1):
                best_key = lst[k][1] if best_key is None else min(best_key, lst[k][1])
                suffix[k] = best_key
            self.compound[j] = ([bs for bs, _ in lst], suffix)

    def nearest(self, pos: int, end: int) -> tuple[str | None, bool]:
        """``metric_near`` of ``find_figures``: the metric of the figure at ``pos:end`` (absolute)."""
        p, q = pos - self.lo, end - self.lo
        cands: list[tuple[float, tuple[int, int]]] = []
        k = bisect.bisect_right(self.ends, p) - 1  # the nearest word ending before the figure
        if k >= 0:
            cands.append((p - self.ends[k], self.end_best[k]))
        lo_k = bisect.bisect_left(self.usable_starts, p - self.longest)
        hi_k = bisect.bisect_right(self.usable_starts, q)
        over = [(i, s0) for i, s0, e0 in self.usable[lo_k:hi_k] if e0 > p]  # overlapping, or touching after
        if over:
            cands.append((-0.5, min(over)))
        k = bisect.bisect_right(self.starts, q)  # the nearest word after the figure
        if k < len(self.starts):
            cands.append((self.starts[k] - q - 0.5, self.start_best[k]))
        if not cands:
            return None, False
        _d, (idx, _s) = min(cands)
        comp = self.compound.get(idx)
        if comp is not None:
            k = bisect.bisect_right(comp[0], p)  # the first word of the compound starts after the figure
            if k < len(comp[0]):
                return self.names[comp[1][k][0]], True
        return self.names[idx], True


#: Two or more percent-encoded bytes in a row, or one inside a URL: encoded text, not figures.
_PCT_RUN = compile_lazy(r"(?:%[0-9A-Fa-f]{2}){2,}|(?<=[/=?&])%[0-9A-Fa-f]{2}"
                      # a wikilink holding an encoded byte, or a token where one follows a letter or digit
                      # ("[[a%2084%25]]", "a%2084%25"): the whole of it is encoded text
                      r"|\[\[[^\]\n]{0,200}?%[0-9A-Fa-f]{2}[^\]\n]{0,200}?\]\]|(?<!\S)\S{0,80}?[A-Za-z0-9]%[0-9A-Fa-f]{2}\S{0,80}")


#: Words a dictation writes a figure with (``ingest.numerals.spoken_figures`` reads them): a number word before a unit.
_SPOKEN_HINT = compile_lazy(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
                          r"ninety|hundred)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?\s+(?:point\s|x\b|times\b|percent\b|seconds?\b|milliseconds?\b|minutes?\b|hundred\b|"
                          r"(?:and\s+)?(?:one|two|three|four|five|six|seven|eight|nine|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)",
                          re.IGNORECASE)
#: A batch size written as a setting before a figure ("batch 32: 1,840 tok/s", "batch=1 为 4.6×"), not a measure of
#: batches ("4x larger batches").
_BATCH_SETTING = compile_lazy(r"\b(?:batch(?:[ -]size)?|bs)\s*[=:]?\s*\d+|(?<![\w.])\d+\s*(?:的)?\s*batch\b", re.IGNORECASE)
#: A context length written as a setting ("at 32K context", "ctx=128K", "context length of 8K"): no measure of a ratio.
_CTX_SETTING = compile_lazy(r"\d+(?:\.\d+)?\s*[KkMm](?![A-Za-z])\s*(?:tokens?\s*)?(?:的\s*)?(?:上下文|长度)|"
                          r"(?:上下文|序列长度|输入长度)\s*(?:长度)?\s*(?:为|是|=|:|：)?\s*\d+(?:\.\d+)?\s*[KkMm](?![A-Za-z])|"
                          r"\d+(?:\.\d+)?\s*[KkMm]\b[\s-]*(?:tokens?\s+)?(?:context|ctx)\b|\d+(?:\.\d+)?\s*[KkMm]\b[\s-]*tokens?\b|\b(?:context|ctx)(?:[ -]length)?\s*(?:of\s*|=|:)?\s*\d+(?:\.\d+)?\s*[KkMm]\b")
#: How far before a figure its label's colon, and before the colon the label's measure, are looked for (characters).
_LABEL_REACH = 240
#: Setting categories a baseline is named by ("vs FP16", "over Llama-2-7B"), and the words that name one right before:
#: a precision written after them is the baseline's, not the figure's own ("over NVLink" is a medium: ``link`` is not one).
_BASELINE_CATS = ("precision:", "model:", "msize:", "sw:")
_BEFORE_BASELINE = compile_lazy(r"(?:\bvs\.?|\bversus|\bover|\bthan|\bagainst|相对于?|比)\s*$"
                              r"|\b(?:below|beneath|above)(?:\s+the)?\s*$", re.IGNORECASE)  # ("2.3 points below the FP16 model")
#: A precision in brackets right after the baseline's name is the baseline's ("相对 Marlin（W4A16）为 1.3x", "over vLLM (FP16)"); a
#: setting there of the whole run is not ("1.8× over DistServe (Llama-3-8B, ShareGPT)").
_BRACKET_AFTER_BASELINE = compile_lazy(r"(?:\bvs\.?|\bversus|\bover|\bthan|\bagainst|相对于?|相比于?|比|较)\s*[A-Za-z][\w.+-]{1,20}\s*[（(]\s*$",
                                       re.IGNORECASE)
#: Words right before a benchmark that set another result against it: "smaller than the sharegpt one", "than on ShareGPT",
#: "compared with the MT-bench numbers", "比 ShareGPT 上".
_SET_AGAINST = compile_lazy(r"(?:\bthan(?:\s+(?:the|on|in|for|with))?|\bcompared\s+(?:to|with)(?:\s+(?:the|on|in))?|比(?:起)?)\s*$", re.IGNORECASE)
#: A draft model trained for something else than the work: "we trained a draft model for the Medusa baseline".
_FOR_A_BASELINE = compile_lazy(r"\bbaselines?\b|\bfor (?:the )?comparison\b|基线|对比实验", re.IGNORECASE)
#: A platform the work runs on alone: "…, Hopper only", "(sm_90 only)".
_ONLY_ON = compile_lazy(r"(?:^|[,;(]\s*)(?P<np>(?:Hopper|Ampere|Ada|Blackwell|Volta|Turing|Linux|Windows|macOS|ROCm|CUDA|TPU|NVIDIA|AMD|"
                      r"sm_?\d{2,3}a?|[AHBL]\d{2,3}S?|MI\d{3}X?|RTX\s?\d{4})(?:\s+GPUs?)?)\s+only\b(?!\s+(?:if|when|for|in|on|at|after|before|with|as)\b)")
#: Words right before a figure that make it a theoretical bound, not a measurement: "理论上限 5.3×", "theoretical peak 989".
_THEORETICAL = compile_lazy(r"理论(?:上限|上界|峰值|极限|最优|值|最大)?[^，,。；;]{0,4}$|\btheoretical(?:ly)?\b[^,;.]{0,16}$|\broofline\b[^,;.]{0,12}$|"
                          r"\bideal(?:ized)?\s+(?:speedup|bound)\b[^,;.]{0,8}$", re.IGNORECASE)
#: A figure that is a goal, not a measurement: "the 2 s P99 TTFT target", "a 200 ms SLO", "an SLO of 200 ms", "目标 2 秒".
_TARGET_AFTER = compile_lazy(r"\s*(?:(?:p\d{2}|P\d{2}|TTFT|TPOT|ITL|latency|tail|e2e)\s+){0,3}(?:target|SLO|SLA|budget|goal|deadline|"
                           r"requirement|目标|上限要求)\b(?!\s*(?:attainment|compliance|hit rate|violations?|达成率|达标率|满足率))", re.IGNORECASE)
#: (not "99% SLO attainment": a share of requests meeting the SLO is measured)
_TARGET_BEFORE = compile_lazy(r"\b(?:target|SLO|SLA|goal|deadline)\s+(?:(?:of|is|=|:)?\s*(?:under|below|<|≤)?"
                            # "target τ ≥ 4.5": a measure's symbol and a bound ("hit the target at 1.8 s" is a measurement)
                            r"|(?!at\b|attainment\b|compliance\b|met\b|hit\b)[\wτ.-]{1,12}\s*(?:≥|>=|≤|<=|>|<|=|at least))\s*$|目标(?:是|为)?\s*$"
                            # a forecast: "expect ~3.5 mean accepted tokens", "预计 2 倍"
                            r"|\bexpect(?:ed|ing)?\s+(?:~|≈|about|around|roughly)?\s*$|预计\s*(?:约|大约)?\s*$"
                            # "预计提速会掉到 1.4× 上下", "expect it to drop to ~1.4x", "should land around 2x": a forecast's clause
                            r"|(?:预计|预期|估计会|预估)[^，,。；;:：!?！？]{0,10}$"
                            r"|\b(?:expect(?:ed|ing)?|projected|predicted)\s+(?:\w+\s+){0,3}to\s+(?:drop|fall|reach|land|be|hit|stay|end up|come in|"
                            r"go|rise|climb|improve|degrade|settle)\w*\s+(?:to|at|around|about|near|roughly|by)?\s*(?:~|≈)?\s*$", re.IGNORECASE)
#: Words right after a figure that weigh it rather than state it: "23% seems modest", "18% on real traffic is honestly great",
#: "2.2 倍看起来不高".
_REACTION_AFTER = compile_lazy(r"\s*(?:[^,.;:，。；：\d]{0,24}?\s)?(?:seems|looks|sounds|feels|is|was)\s+(?:honestly\s+|pretty\s+|really\s+|quite\s+|"
                              r"a bit\s+|kind of\s+|rather\s+|very\s+|actually\s+)?(?:modest|low|small|high|good|great|impressive|"
                              r"suspicious|optimistic|solid|underwhelming|huge|tiny|believable|plausible|unbelievable|meh)\b|"
                              r"\s*(?:看起来|感觉|听起来|算是?|其实|有点|好像)\s*(?:不高|很高|一般|偏低|偏高|不错|很猛|可疑|太高|太低|不算高)", re.IGNORECASE)
#: Words right before a number that make it a section of a document: "活文档 2.2", "the doc's 3.4", "section 2.2".
_SECTION_BEFORE = compile_lazy(r"(?:活?文档|章节|小节|\bdoc(?:ument)?'?s?|\bsections?|\bsec\.|\bchapter)\s*$", re.IGNORECASE)


#: Words right before a score that make it a difference from a baseline: "上升 0.3", "增加了约 0.2", "an increase of 0.3",
#: "higher by 0.4", "drops by 1.2", "degrades by 0.5".
_DELTA_WORDS = compile_lazy(r"(?:上升|增加|升高|提高|下降|降低|掉了?|涨了?|高出|低了|高了)\s*(?:了)?\s*(?:约|大约|大概)?\s*$|"
                          # "loses at most 0.47 WikiText-2 perplexity", "costs about 0.3 points"
                          r"\b(?:loses?|lost|losing|costs?)\s+(?:at most|up to|only|just|roughly|about|around|under|~)?\s*$|"
                          # "与全精度的差距缩到 2.9 个点", "the gap to FP16 narrows to 2.9 points": a gap is a difference
                          r"差距\s*(?:缩小?(?:到|至)|降(?:到|至)|为|是|只有|仅|在)?\s*(?:约|大约)?\s*$|"
                          r"\bgap\b[^.;,]{0,20}?\b(?:of|is|shrinks to|narrows to|closes to|down to)\s+(?:about\s+|~)?$|"
                          r"比\s*[^，。；,;]{1,16}?\s*(?:高|低|差)\s*(?:了)?\s*(?:约|大约|大概)?\s*$|"  # "比 FP16 高约 0.3 个点"
                          r"\b(?:increases?|rises?|rose|drops?|dropped|falls?|fell|degrades?|degraded|worsens?)\s+(?:by\s+)?(?:about\s+|~)?$|"
                          r"\b(?:an?\s+)?(?:increase|rise|drop|degradation|loss)\s+of\s+(?:about\s+|~)?$|\b(?:higher|lower|worse)\s+by\s+(?:about\s+|~)?$",
                          re.IGNORECASE)
#: A margin a work leads another by, written before it: "beats o1-preview on competition math by up to", "outperforms X by",
#: "领先 X".
_MARGIN_OVER = compile_lazy(r"\b(?:beats?|beating|outperforms?|outperforming|surpass(?:es|ing)?|leads?|exceeds?)\b[^.;。；]{0,60}?\bby\s+"
                          r"(?:up to\s+|about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|~\s*)?$|领先\s*[^，。；,;]{0,20}?\s*$",
                          re.IGNORECASE)
#: What a whole number counts when it is no score: "11 reasoning models", "10 benchmarks", "3 seeds", "11 个模型".
_COUNT_AFTER = compile_lazy(r"\s*(?:[A-Za-z][\w-]*\s+){0,2}?(?:models?|benchmarks?|datasets?|tasks?|papers?|GPUs?|nodes?|runs?|seeds?|"
                          r"prompts?|samples?|queries|requests|tenants?|adapters?|languages?|domains?|trials?)\b"
                          r"|\s*个\s*(?:模型|benchmark|基准|数据集|任务|种子)", re.IGNORECASE)
#: Words right after a score that make it a gap between two others: "within ~0.25 ppl of each other", "0.3 points apart".
_DELTA_AFTER = compile_lazy(r"\s*(?:ppl|perplexity|points?|pts?|分)?\s*(?:of each other|of one another|apart|之内|以内的差距)", re.IGNORECASE)


#: A share of a step's or a layer's time written in words: "under a third of the MoE-layer step", "half of the decode
#: time", "不到三分之一的层耗时" (its bound, "under", "不到", is read before it as for any figure).
_SHARE_OF_TIME = compile_lazy(r"\b(?:a|one)[ -](?P<w>third|quarter|half|fifth|tenth)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
                              r"(?:[\w-]*(?:step|layer|iteration|forward|decode|prefill|end-to-end|e2e|total|wall[- ]clock)[\w-]*)\s*"
                              r"(?:time|latency|runtime|step)?\b|"
                              r"(?P<zh>三|四|五|十)分之一的?\s*(?:[^，。；,;]{0,8}?)(?:耗时|时间|时延|step)", re.IGNORECASE)
#: A cut by a fraction written as a word ("by about a third", "by roughly a quarter"): a share, the measure before it.
_BY_FRACTION = compile_lazy(r"\bby (?:about |roughly |nearly |almost |around |approximately |some )?(?:a|one)[ -](?P<w>third|quarter|fifth|tenth)\b",
                            re.IGNORECASE)
_SHARE_WORDS = {"third": 3, "quarter": 4, "half": 2, "fifth": 5, "tenth": 10, "三": 3, "四": 4, "五": 5, "十": 10}
#: What follows "N tokens" that makes it a count per decoding step, not a rate: "4.2 tokens per step", "3 tokens each round".
_PER_STEP = compile_lazy(r"\s*(?:accepted\s+)?(?:per|each|every|a|/)\s*(?:draft(?:ing)?\s+|decoding\s+|verification\s+|forward\s+)?"
                         r"(?:steps?|rounds?|iterations?|pass(?:es)?|verifications?|cycles?)\b", re.IGNORECASE)
#: What follows a count that makes it a distance in the text, not a length: "200K tokens ago", "1M tokens back", "4K 个 token 之前".
_DISTANCE_AFTER = compile_lazy(r"\s*(?:tokens?\s+)?(?:(?:ago|back|away|apart)\b|(?:earlier|before)(?=\s*[,.;:)\]]|\s*$))|\s*(?:个\s*)?(?:tokens?|词元)?\s*(?:之前|以前)", re.IGNORECASE)


#: Measures a time can be: what a clause names before a duration when the measure nearest it is no time.
_TIME_METRICS = frozenset({"latency", "overhead", "time", "quantization_time"})
#: A count of something other than a text's tokens right after the number: "~2k steps", "10K samples", "5 万条请求".
_OTHER_COUNT_AFTER = compile_lazy(r"\s*(?:(?:training|train|gradient|optimi[sz]er|fine-?tuning)\s+)?(?:steps?|iterations?|iters?|epochs?|"
                                r"samples?|examples?|sequences?|requests?|prompts?|queries|users?|sessions?|conversations?|"
                                r"GPU[- ]?hours?|hours?|documents?|docs|files?|params?|parameters?|stars?|downloads?|"
                                r"lines?|rows?|calls?|images?|videos?|pages?|articles?|questions?|problems?|"
                                # a vocabulary's size: "a 128k tokenizer", "32k vocabulary", "152K 词表"
                                r"(?:token\s+)?vocab(?:ulary|ularies|s)?|tokenizers?|(?:word\s*)?pieces?|entries)\b|"
                                r"\s*(?:条(?:样本|请求|数据|记录|对话|问题)|个样本|个请求|步(?:训练)?(?![长骤])|轮(?:训练|对话)|张图|篇(?:论文|文档)|"
                                r"(?:个)?(?:GPU\s*)?小时|(?:的)?词表)", re.IGNORECASE)


def _near_sentence(sentences: list[tuple[int, int]], starts: list[int], s: int, e: int, n: int) -> tuple[int, int]:
    """The span of the sentence holding a figure at ``s:e``, cut to ``_LABEL_REACH`` characters either side of it: a pasted
    log line of thousands of figures and no full stop is one "sentence", and every figure scanning all of it made a
    line's reading grow with its square (issue 23)."""
    k = bisect.bisect_right(starts, s) - 1
    sa, sb = sentences[k] if k >= 0 and s < sentences[k][1] else (0, n)
    return max(sa, s - _LABEL_REACH), min(sb, e + _LABEL_REACH)


#: A verb that does without the act after it: "replaces …", "avoids …", "eliminates …", "skips …".
_DONE_WITHOUT = compile_lazy(r"\b(?:replac(?:es|ed|ing|e)|avoids?|avoided|avoiding|eliminat(?:es|ed|ing|e)|skips?|skipped|skipping)\s+"
                             r"(?:the\s+|its\s+|any\s+|all\s+)?$", re.IGNORECASE)
#: A copula right before a value: "… is 27%", "… was about 30%", "… came to 27%".
_COPULA_END = compile_lazy(r"\b(?:is|was|are|were|comes? to|came to|stands? at|sits? at)\s+(?:about|around|roughly|only|just|~)?\s*$",
                           re.IGNORECASE)
#: A noun naming a fall as a clause's subject: "reduction", "decrease", "drop", "cut", "saving(s)", "降幅".
_CHANGE_NOUN_DOWN = compile_lazy(r"\b(?:reduction|decrease|drop|cut|savings?|decline)\b|降幅|下降幅度", re.IGNORECASE)


def _plus_before(text: str, pos: int) -> bool:
    """Whether the figure at ``pos`` is written with a plus sign ("+0.27 ppl over FP16"): a difference from a baseline."""
    return re.search(r"(?<![\w.+])\+\s?$", text[max(0, pos - 2):pos]) is not None


#: What stands between two figures of one measure listed as its statistics: "TTFT 最多降 9.4×，平均 8.6×",
#: "平均降6.8倍、最高9.4倍", "a 3.1x mean and 4.6x peak speedup".
_STAT_BETWEEN = compile_lazy(r"\s*[，,、;；/]?\s*(?:and\s+|以及|和)?(?:平均|最高|最多|最低|峰值|中位数?|均值|average|avg\.?|mean|peak|max(?:imum)?|"
                             r"median|at most|up to)\s*(?:降低?|提升|提速|加速|减少|增加|为|是|of|[:：])?\s*(?:了)?\s*(?:约|大约|about|~|≈)?\s*",
                             re.IGNORECASE)


#: Between two figures given side by side under two settings of one kind: "8× on GPU and 60× on CPU", "1.2× on A100, 1.4×".
_SETTING_BETWEEN = compile_lazy(r"\s*(?:(?:on|at|for|with|under)\s+(?:the\s+|a\s+)?[\w.+-]+(?:\s+[\w.+-]+)?|[(（][\w.+ -]{1,20}[)）]|在\s*[\w.+-]+\s*上)"
                                r"\s*(?:,|，|、|;|；|\band\b|以及|和)\s*(?:and\s+)?(?:on\s+[\w.+-]+\s+)?", re.IGNORECASE)


def _carried_measures(text: str, got: tuple[Quantity, ...], cues: _Cues) -> tuple[Quantity, ...]:
    """Figures listed as statistics of the figure before them ("TTFT 最多降 9.4×，平均 8.6×": the mean is a TTFT's too) take its
    measure when they name none of their own (only the unit's default); so do figures set beside it under another setting
    of the same kind ("TTFT reduced by 8× on GPU and 60× on CPU": the CPU figure is a TTFT's too); in order, as
    ``_find_figures`` gave them."""
    out: list[Quantity] = []
    pos = 0
    prev: tuple[Quantity, int] | None = None
    for q in got:
        at = text.find(q.raw, pos)
        if at < 0:
            out.append(q)
            continue
        if prev is not None and q.unit == prev[0].unit and not q.explicit and prev[0].metric and q.metric != prev[0].metric \
                and q.metric in (cues.unit_metrics.get(q.unit), cues.default_x if q.unit == "x" else None, None) \
                and (_STAT_BETWEEN.fullmatch(text, prev[1], at)
                     or (_SETTING_BETWEEN.fullmatch(text, prev[1], at) and _other_setting(prev[0], q))):
            q = q.model_copy(update={"metric": prev[0].metric, "explicit": prev[0].explicit,
                                     "direction": q.direction or prev[0].direction})
        out.append(q)
        prev = (q, at + len(q.raw))
        pos = at + len(q.raw)
    return tuple(out)


def _carried_hardware(text: str, got: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    """A figure set beside the next one under another setting and no hardware of its own takes the hardware the next one
    names ("30 tokens/s on one core and 71 tokens/s on eight cores of an M2-Ultra": both on the M2-Ultra)."""
    out = list(got)
    spots = []
    pos = 0
    for q in got:
        at = text.find(q.raw, pos)
        spots.append(at)
        if at >= 0:
            pos = at + len(q.raw)
    for k in range(len(out) - 2, -1, -1):
        a, b = out[k], out[k + 1]
        if spots[k] < 0 or spots[k + 1] < 0 or a.unit != b.unit or any(c.startswith("hw:") for c in a.conditions):
            continue
        hw = [c for c in b.conditions if c.startswith("hw:")]
        if hw and _SETTING_BETWEEN.fullmatch(text, spots[k] + len(a.raw), spots[k + 1]):
            out[k] = a.model_copy(update={"conditions": tuple(sorted({*a.conditions, *hw}))})
    return tuple(out)


def _other_setting(a: Quantity, b: Quantity) -> bool:
    """Whether ``b`` is written under another value of a setting ``a`` is written under (``device:gpu`` / ``device:cpu``)."""
    cats_a = {c.split(":", 1)[0]: c for c in a.conditions}
    return any(c.split(":", 1)[0] in cats_a and cats_a[c.split(":", 1)[0]] != c for c in b.conditions)


#: What a percentage is a share of, right after it: "6.4% of prompt tokens", "3.1% 的 prompt token", "12% of all requests".
_SHARE_OF = compile_lazy(r"\s*(?:of|的)\s*(?:the |all |its |their |those |these |each |every )?(?P<w>(?:[A-Za-z][A-Za-z-]{2,}\b\s*){1,2}|[\u4e00-\u9fff]{2,4})",
                         re.IGNORECASE)
_SHARE_STOP = frozenset("""the a an of in on at for to and or with by from time times cases case
    are is was were be been being get gets got per each every that which who it they we this these those its their""".split())


def _share_of(text: str, end: int) -> str | None:
    """``share:<what>`` for a percentage written as a share of something named right after it ("6.4% of prompt tokens"
    gives ``share:prompt+token``, "3.1% 的 prompt token" the same), else None; its words stemmed so singular and plural
    meet."""
    m = _SHARE_OF.match(text, end)
    if m is None:
        t = re.match(r"\s*的\s*((?:[A-Za-z][A-Za-z-]{2,}\s*){1,2})", text[end:end + 30])
        words = t.group(1).split() if t else []
    else:
        words = m.group("w").split() if m.group("w").isascii() else [m.group("w")]
    words = [re.sub(r"(?<=[a-z]{3})(?:es|s)$", "", w.lower()) for w in words if w.lower() not in _SHARE_STOP]
    return "share:" + "+".join(words) if words else None


def find_figures(text: str, lexicon: Lexicon | None = None, context: str = "") -> tuple[Quantity, ...]:
    """The figures of a statement with metric, bound, direction and conditions (see the module docstring).

    Parameters
    ----------
    text : str
        One claim's text (markup stripped).
    context : str
        Text that sets the figures' conditions without stating figures of its own (a table's caption,
        "温度 1（top-p 1.0）：" above a table): its conditions hold for every figure, in the categories
        the figure's own sentence leaves open.

    Returns
    -------
    tuple[Quantity, ...]
        In text order, at most ``MAX_FIGURES``; none once the file being read has given twice its budget
        (inside ``figure_budget``).  Never raises.

    Examples
    --------
    >>> [(q.value, q.unit, q.metric) for q in find_figures("serves 12.6x more requests or meets 7.4x tighter SLOs")]
    [(12.6, 'x', 'requests'), (7.4, 'x', 'slo')]
    >>> [(q.value, q.unit, q.conditions) for q in find_figures("单张 A100 上预填充最高提速 10 倍")]
    [(10.0, 'x', ('gpus:1', 'hw:a100'))]
    """
    if _SPOKEN_HINT.search(text):
        text = spoken_figures(text)  # "a p ninety nine TTFT of one point three seconds" in a dictated note: 1.3 seconds
    if MULTIPLIER_HINT.search(text):
        text = multiplier_words(text)  # "twice the size of the DRAM", "提升两倍", "翻倍": ratios in words
    if not re.search(r"\d|百分之|分之一|[一二两三四五六七八九]\s*成|\b(?:half|third|quarter|fourth|fifth|sixth|eighth|tenth|sixteenth)\b", text, re.IGNORECASE) and not _HALVED.search(text):
        return ()
    budget = _BUDGET.get()
    if budget is not None and budget.read >= budget.stop:
        budget.refused.add(text)  # the file has given its figures (``figure_budget``): none read here
        return ()
    folded = _ocr_fold(_SNAKE.sub(" ", text))
    got = _carried_hardware(folded, _carried_measures(folded, _find_figures(folded, lexicon), _cues(lexicon or load_lexicon())))
    if context and got:
        ctx = [c for _a, _b, c in _conditions(_cues(lexicon or load_lexicon()), context)]
        got = tuple(q.model_copy(update={"conditions": tuple(sorted(set(q.conditions) | {
            c for c in ctx if c.split(":", 1)[0] not in {k.split(":", 1)[0] for k in q.conditions}}))}) for q in got)
    if budget is not None:
        budget.read += len(got)
    return got


def setting_of(text: str, lexicon: Lexicon | None = None) -> str:
    """``text`` when it only sets up a measurement ("A100-80GB, Llama-2-7B shapes, 4k ctx, FP16."): short, at
    least two conditions of different kinds and no figure of its own, so the sentences after it state their
    figures under it; else ``""``."""
    t = _ocr_fold(text)
    if len(t) > 160 or not re.search(r"\d", t) or _find_figures(t, lexicon):
        return ""
    kinds = {c.split(":", 1)[0] for _a, _b, c in _conditions(_cues(lexicon or load_lexicon()), t)}
    return text if len(kinds) >= 2 else ""


#: A participle used as an adjective: right before a noun ("Evicted KV entries", "the pruned heads"), at a sentence's
#: start or after a determiner.
_ATTRIBUTIVE = compile_lazy(r"\s+(?!(?:by|to|in|at|on|with|from|into|for|out|away|off|as|after|before|if|when|because|and|or|but|"
                          r"the|a|an|its|their|every|each|all|only|once|using|via|per|up|down|back|over)\b)[A-Za-z][\w-]*\s+[a-z]", re.IGNORECASE)
_BEFORE_ATTRIBUTIVE = compile_lazy(r"(?:^|[.;:!?]\s*|\b(?:the|these|those|all|any|its|their|such|every|each|some|many|most|of)\s+)$",
                                 re.IGNORECASE)
#: The curators' own document named in a statement ("文档 2.3", "the living doc", "our §3.1").
#: Someone else's documents ("官方文档", "API 文档", "the vLLM docs") are not it.
_OUR_DOC = compile_lazy(r"(?<!官方)(?<!技术)(?<!项目)(?<!开发)(?<!用户)(?<!产品)(?<!接口)(?<!说明)(?<![A-Za-z] )(?<![A-Za-z])(?:活)?文档|"
                      r"\b(?:the|our) (?:living )?doc(?:ument)?\b|§\s*\d|"
                      r"\b(?:lines?|entry|entries|sentences?|paragraphs?|bullets?) (?:in|under|of) (?:§\s*)?\d+(?:\.\d+)*/?(?!\.?\d)|"
                      # "Nothing to change in 4.2": an edit of a section of ours
                      r"\b(?:chang|edit|touch|updat|fix|rewrit|amend)\w*\s+(?:in|to)\s+(?:§\s*)?\d+\.\d+(?:\.\d+)?(?![\d.]*\s*(?:[x×%]|s\b|ms\b))",
                      re.IGNORECASE)


#: An OCR'd page's letter-for-digit and digit-for-letter slips, one character each (offsets kept): a capital I inside
#: a lower-case word ("FIashAttention"), an l standing for a one among digits ("Llama-3.l-8B", "bs=l", "l00%").
_OCR_I = compile_lazy(r"(?<=[A-Z])I(?=[a-z]{2})")
_OCR_L = compile_lazy(r"(?<=\d\.)l(?![a-z])|(?:(?<=[=:])|(?<=[=:]\s))l(?![\w.])|(?<![\w.])l(?=\d{2}%?\b)|(?<=\d)l(?=\d)")


#: The underscores of a field name written in snake case (``ratio_at_matched_acc_gsm8k: about 14 times``): its words are
#: read as words, each underscore a space (same length, so every figure keeps its place).
_SNAKE = compile_lazy(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])")


def _ocr_fold(text: str) -> str:
    """``text`` with an OCR engine's I/l-for-1 slips undone where no word could mean them (see ``_OCR_I``, ``_OCR_L``):
    the conditions and figures of a pasted poster photo are read as printed."""
    if "I" not in text and "l" not in text:
        return text
    return _OCR_L.sub("1", _OCR_I.sub("l", text))


_CLOCK = compile_lazy(r"(?<![\d.:])\d{1,2}:\d{2}(?::\d{2})?(?![\d.:])(?!\s*(?:[x×%]|倍))")


#: A count (``128K``, ``1M prefill``) right before "in" and a time: the context length the time was measured at.
_BARE_COUNT_FIG = compile_lazy(r"(?<![\w.])(\d+(?:\.\d+)?[KkM])(?:[- ]tokens?)?(?![\w-])(?:\s+(?:prefill|decode|context|"
                             r"prompts?|inputs?))?\s+(?:in|takes|took)\s+~?\d+(?:\.\d+)?\s*(?:s|ms|sec|seconds|min|minutes)\b")


#: "no weight " right before "changes": a change of a thing named before it, denied (``predicates``).
_NO_THING_CHANGES = compile_lazy(r"\b(?:no|zero|without(?: any)?)\s+(?P<obj>(?:[\w-]+\s+){1,2})$", re.IGNORECASE)
#: A benchmark's name right before a plain number ("MATH 68.0", "GSM8K: 92.3", "RULER 76.3"): its score.
_BENCH_SCORE_BEFORE = compile_lazy(r"(?P<b>[A-Za-z][\w-]*[A-Za-z0-9])\s*(?:[:=]\s*|\s(?:of|at|is)\s+)?$")
#: Benchmarks that are perplexity corpora: a plain number after their name is no accuracy.
_PERPLEXITY_BENCH = ("bench:wikitext", "bench:c4", "bench:pg19", "bench:ptb", "bench:redpajama", "bench:pile")


def _scored_on(conditions: list[str]) -> bool:
    """Whether a figure's own conditions name a benchmark that scores (not a perplexity corpus, not a trace)."""
    return any(c.startswith("bench:") and not c.startswith(_PERPLEXITY_BENCH) and not _TRACE_BENCH.search(c) for c in conditions)


#: A workload replayed (a trace, a chat log) rather than a benchmark scored: a share on it is no accuracy.
_TRACE_BENCH = compile_lazy(r"trace|replay|workload|sharegpt|lmsys|alpaca|azure|burstgpt|mooncake|splitwise|multiturn|agent|arena|webarena")


#: A latency named as the SLO a figure is measured under, right before it ("under a P99 TBT SLO is 2.6×", "TTFT SLO 下").
_LATENCY_OF_SLO = compile_lazy(r"\b(?:TTFT|TBT|TPOT|ITL|latency|延迟|时延)\s*(?:SLOs?|targets?|deadlines?|约束)\b[^,，;；。]{0,16}$", re.IGNORECASE)
#: A ratio's baseline right after it ("2.6× that of vLLM", "3x those of FA2"): the figure compares, it sets no target.
_THAT_OF = compile_lazy(r"\s+(?:that|those) of\b", re.IGNORECASE)
#: An accuracy named as such, not only by its points ("1.8 个百分点", "4.1 points" are any share's unit).
_ACCURACY_WORD = compile_lazy(r"accura|准确率|精度|\bscores?\b|零样本|zero[- ]shot|LongBench|RULER|MMLU|GSM8K|HumanEval|needle|NIAH|passkey|大海捞针",
                              re.IGNORECASE)
#: A one-letter parameter set right before a value ("R=50%", "k = 4x"): the setting's name (``_find_figures``).
_LETTER_SET = compile_lazy(r"(?:^|(?<=[^\w.]))[A-Za-z]\s*[=＝]\s*$")
#: "End-to-end" right before a bare ratio: the system's speedup is the measure written.
_END_TO_END = compile_lazy(r"(?:端到端|\bend[- ]to[- ]end)\s*(?:约|大约|about|~|≈)?\s*$", re.IGNORECASE)
_TOKENS_PER_SECOND = compile_lazy(r"\btok(?:en)?s?\s*(?:/\s*sec(?:ond)?\b|per\s+sec(?:ond)?\b)", re.IGNORECASE)
#: A latency spelt out, read as its abbreviation (same length): "time-to-first-token" is TTFT, "time per output token" TPOT.
_SPELT_LATENCY = compile_lazy(r"\btime[- ]to[- ]first[- ]token\b|\btime[- ]per[- ]output[- ]token\b", re.IGNORECASE)


def _find_figures(text: str, lexicon: Lexicon | None) -> tuple[Quantity, ...]:
    """``find_figures`` without the file's budget."""
    lex = lexicon or load_lexicon()
    cues = _cues(lex)
    # percent-encoded text ("[[%E5%84%9B]]", a URL's "%20%E5"): its "84%" is no figure; masked, same length
    text = _PCT_RUN.sub(lambda m: "_" * len(m.group()), text)
    # LaTeX's multiplication sign ("$1.48\\times$"): a ratio's "×", same length
    if "\\" in text:  # (and its inline math's "$ … $" delimiters are no dollar signs: "$1.48\\times$" is no cost)
        text = re.sub(r"\$([^$\n]{1,60}?\\[A-Za-z]+[^$\n]{0,60}?)\$", lambda m: " " + m.group(1) + " ", text)
    text = text.replace("\\times", "×     ")
    # a clock time or a video's stamp ("03:12 FlashAttention 回顾", "at 14:30"): no figure; masked, same length
    text = _CLOCK.sub(lambda m: "_" * len(m.group()), text)
    if "=" in text:
        # a log field's key, "ttft_p99=2.84s", "tbt_p50=0.041s": its words, so that "ttft" and "p99" are read; same length
        text = _LOG_KEY.sub(lambda m: m.group().replace("_", " "), text)
    # a latency spelt out ("time-to-first-token", "time per output token"): its abbreviation, same length
    text = _SPELT_LATENCY.sub(lambda m: ("TTFT" if "first" in m.group().lower() else "TPOT").ljust(len(m.group())), text)
    # "380 tokens per second", "540 tokens/sec": tok/s, same length (the figure's raw is the words as written)
    spelt_rate = text
    if "per sec" in text or "/sec" in text:
        text = _TOKENS_PER_SECOND.sub(lambda m: "tok/s".ljust(len(m.group())), text)
    # "2,310 output tok/s": the measure's word between a figure and its unit goes before the figure
    text = _UNIT_AFTER_WORD.sub(lambda m: f"{m.group(2)} {m.group(1)} {m.group(3)}", text)
    # "under their chat SLO (P90 TTFT ≤ 400 ms, P90 TPOT ≤ 40 ms)": the thresholds define the setting
    # (a condition, ``slo:400/40`` in ms), they are no results; masked, same length
    slo = [(m.start(), m.end(), "slo:" + "/".join(_ms(v, u) for v, u in _SLO_VALUE.findall(m.group("in"))))
           for m in _SLO_PAREN.finditer(text) if _SLO_VALUE.search(m.group("in"))]
    for a0, b0, _c in slo:
        text = text[:a0] + " " * (b0 - a0) + text[b0:]
    # (an underscore that opens or closes emphasis, "_Cascara on ShareGPT_:", hides no word's edge; "d_head" keeps its own)
    conds = _conditions(cues, re.sub(r"(?<!\w)_+(?=\w)|(?<=\w)_+(?!\w)", lambda m: " " * len(m.group()), text)) + slo
    # "their LMSYS-Chat-1M result is a lot smaller than the sharegpt one": a benchmark named as what another result is set
    # against is no setting of the figures here
    conds = [(a0, b0, c) for a0, b0, c in conds
             if not (c.startswith("bench:") and _SET_AGAINST.search(text[max(0, a0 - 24):a0]))]
    # "…, 128K in 3.8 s", "1M prefill in 77s": a count right before "in" and a time is the context that time
    # was measured at (a condition), not a figure of its own
    for m in _BARE_COUNT_FIG.finditer(text):
        if not any(a <= m.start(1) < b for a, b, _c in conds):
            conds.append((m.start(1), m.end(1), f"ctx:{_count_key(m.group(1))}"))
    taken = [(a, b) for a, b, c in conds if not c.startswith(("base:", "hw:"))]  # "16K 输入", "batch 64": not figures
    # the number of an accelerator's name ("two RTX 4090s": no 4090 seconds)
    taken += [(a, b) for a, b, c in conds if c.startswith("hw:") and re.match(r"[A-Za-z]", text[a:a + 1])]
    raw_figs: list[tuple[int, int, float, float | None, str, str]] = []
    signed: set[int] = set()  # starts of figures written with a minus sign
    taken_at = _Intervals(taken)
    for m in _FIG.finditer(text):
        if m.start("a") in taken_at:
            continue
        after = text[m.end():m.end() + 3]
        if re.match(r"[A-Za-z]", after) and m.group("unit") in ("×", "x", "X"):
            continue
        if m.group("unit") in ("×", "x", "X") and re.match(r"\s?\d", after) and not re.search(r"[.,]\d*$", m.group("a") or ""):
            continue  # "4096×11008", "4096 x 4096": a shape's dimensions, no ratio
        if _LETTER_SET.search(text, max(0, m.start() - 6), m.start()):
            continue  # "K=2 / R=50%": a one-letter parameter set to a value is the setting of a figure, none itself
        unit_raw = (m.group("unit") or "").strip()
        unit, scale = _unit(unit_raw.lstrip("-"))  # ("a 3.1-point drop": the points written joined)
        if unit is None:
            continue
        if unit == "tok/s" and unit_raw.lower() in ("token", "tokens", "tok", "toks") and _PER_STEP.match(text, m.end()):
            unit = "pt"  # "accepts about 4.2 tokens per step": a count per decoding step (an acceptance length), no rate
        if m.group("u1") and not m.group("b"):
            if m.group("u1") not in ("K", "k", "M") or unit not in ("tok/s",):
                continue
            scale *= _SCALE[m.group("u1")]  # "12K tokens/s": a rate written with its scale
        end = m.end()
        rate = re.match(r"\s*(?:tok(?:ens)?\s*/\s*s|tokens?\s+per\s+second)\b", text[end:end + 24]) \
            if unit == "count" and unit_raw in ("万", "千", "亿", "百万", "K", "k", "M") else None
        if rate:  # "1.2 万 tok/s", "12K tokens/s": a rate written with its scale
            unit, end = "tok/s", end + rate.end()
        try:
            a = _num(m.group("a")) * scale
            b = _num(m.group("b")) * scale if m.group("b") else None
        except ValueError:
            continue
        st = m.start()  # ``re.search(r"[A-Za-z]$", text[:st])`` without the copy: a letter ends it (or ends it before a last newline)
        glued = bool(re.match(r"[A-Za-z]\n?$", text[max(0, st - 2):st])) or bool(re.match(r"[A-Za-z]$", text[max(0, st - 1):st]))
        if unit == "count" and (re.match(r"\s*(?:-?(?:bit|GB|B\b))", after) or glued):
            continue
        if unit_raw == "B" and not re.match(r"\s*(?:[\u4e00-\u9fff]{0,3}|[A-Za-z-]+\s+)?(?:param|参数)",
                                            after + text[m.end() + 3:m.end() + 16]):
            continue  # "70B": a model's size, a condition of the figures near it
        start = m.start()
        if b is not None and b < a and m.group("sep") in ("to", "至", "到") and _FROM_BEFORE.search(text[max(0, start - 8):start]):
            # "revised from 1.9x to 1.4x", "从 3.2 倍降到 2.1 倍": a change, no range; the value it now states is the second
            a, b, start = b, None, m.start("b")
        elif b is not None and b > a and m.group("sep") == "to" and _FROM_BEFORE.search(text[max(0, start - 8):start]) \
                and _RISE_FROM.search(text[max(0, start - 60):start]):
            # "takes s1-32B on AIME24 from 50% to 57%", "lifts the hit rate from 41% to 63%": a rise, no range (a sweep,
            # "from 2K to 32K tokens", names no verb of change); the value it now states is the second
            a, b, start = b, None, m.start("b")
        elif m.group("sign"):
            signed.add(m.start())  # "-1.8 pts": a drop of 1.8 points
        if b is None and raw_figs and raw_figs[-1][3] is None and raw_figs[-1][4] == unit and unit in ("%", "x", "pt") \
                and _ARROW_BETWEEN.fullmatch(text[raw_figs[-1][1]:start]):
            raw_figs.pop()  # "50% → 67%", "1.8x -> 1.35x": a change written as its two ends; the value it now states is the second
        raw = text[start:end]
        if unit == "tok/s" and spelt_rate is not text and not rate:
            raw = re.sub(r"\s+", " ", spelt_rate[m.start():m.end() + 16]).strip()
            raw = raw[:re.search(r"sec(?:ond)?\b|/s\b|$", raw).end()].strip()
        raw_figs.append((start, end, a, b, unit, raw))
    for m in _FRACTION_OF.finditer(text):  # "about 1/5 of the FP16 footprint" = about 80 % less memory
        if m.start() in taken_at:
            continue
        n = _fraction_n(m)
        if n > 1 and _MORE_BY.search(text[max(0, m.start() - 12):m.start()]):
            # "会多占 1/4 显存", "an extra 1/4 of the memory": a quarter more, not a size cut to a quarter
            raw_figs.append((m.start(), m.end(), round(100 / n, 1), None, "%", text[m.start():m.end()]))
        elif n > 1:
            signed.add(m.start())
            raw_figs.append((m.start(), m.end(), round((1 - 1 / n) * 100, 1), None, "%", text[m.start():m.end()]))
    for m in _SHARE_OF_TIME.finditer(text):  # "under a third of the MoE-layer step", "不到三分之一的层耗时": a share of a time
        if m.start() in taken_at:
            continue
        n = _SHARE_WORDS.get((m.group("w") or m.group("zh") or "").lower())
        if n:  # (the figure is the fraction; what it is a share of follows it and names the measure)
            end = m.end("w") if m.group("w") else m.start("zh") + 4
            raw_figs.append((m.start(), end, round(100 / n, 1), None, "%", text[m.start():end]))
    for m in _BY_FRACTION.finditer(text):  # "cuts all-reduce time by about a third": a cut by a third, 33.3 %
        n = _SHARE_WORDS.get(m.group("w").lower())
        if n and m.start() not in taken_at:
            signed.add(m.start())
            raw_figs.append((m.start(), m.end(), round(100 / n, 1), None, "%", m.group(0)))
    for m in _HALVED.finditer(text):  # "cuts decode latency in half", "延迟减半": a 50 % cut (of a measure named before it)
        if m.start() not in taken_at and (m.group(0).lower().startswith("halve")  # ("halves decode latency": named after it)
                                          or _HALVED_WHAT.search(re.split(r"[,;.，；。]", text[max(0, m.start() - 50):m.start()])[-1])):
            signed.add(m.start())
            raw_figs.append((m.start(), m.end(), 50.0, None, "%", m.group(0)))
    for m in _PCT_CN.finditer(text):
        v = cn_number(m.group("a"))
        if v is not None:
            raw_figs.append((m.start(), m.end(), v, None, "%", m.group(0)))
    for m in _TENTHS_CN.finditer(text):  # "降低约三成" = about 30 %
        v = cn_number(m.group("a"))
        if v is not None and 0 < v <= 10:
            raw_figs.append((m.start("a"), m.end(), v * 10, None, "%", m.group(0)))
    spans = [(s, e) for s, e, *_ in raw_figs]
    clauses = _clauses(text)
    sentences = split_sentences(text)
    out: list[tuple[int, Quantity]] = []
    # Lookups by bisection, and each clause's metric words found once (issue 23: for every figure the
    # clause was scanned with every metric pattern, and the figures, conditions, clauses and sentences
    # were gone through one by one: 5,000 characters of "1%" took 15 s, growing with the square).
    clause_ends = [b for _a, b in clauses]
    in_spans = _Intervals(spans)
    # a metric word inside a cache budget ("a 1024-token budget") names the budget, not the figure's measure
    metric_skip = _Intervals(spans + [(x, y) for x, y, c in conds if c.startswith(("budget:", "rate:"))])
    metrics_of: dict[tuple[int, int], _Metrics] = {}

    def clause_of(pos: int) -> tuple[int, int]:
        k = bisect.bisect_left(clause_ends, pos)  # the first clause ending at or after pos: it holds pos, or none does
        return clauses[k] if k < len(clauses) and clauses[k][0] <= pos else (0, len(text))

    def metrics_in(lo: int, hi: int) -> _Metrics:
        found = metrics_of.get((lo, hi))
        if found is None:
            found = metrics_of[(lo, hi)] = _Metrics(cues, text[lo:hi], lo, metric_skip)
        return found

    def metric_near(pos: int, end: int) -> tuple[str | None, bool]:
        lo, hi = clause_of(pos)
        got = metrics_in(lo, hi).nearest(pos, end)
        if got[0] is not None:
            return got
        # (a label is written shortly before its figure: the search stays within a window, so a line of thousands of
        # figures is read in linear time, not each figure scanning the whole line)
        near = max(lo, pos - _LABEL_REACH)
        colon = max(text.rfind(":", near, pos), text.rfind("：", near, pos))
        if colon < 0:  # a colon ending the clause before ("…(…, 16 tasks): 97.2%")
            m = re.search(r"[:：]\s*$", text[max(0, lo - 3):lo])
            colon = max(0, lo - 3) + m.start() if m else -1
        if colon > 0:
            # "SnapKV retention on LongBench (…, 16 tasks): 97.2% at …": the label before the colon, in the
            # same sentence, names the measure
            k = bisect.bisect_right(sentence_starts, colon) - 1
            sa = max(sentences[k][0] if k >= 0 else 0, colon - _LABEL_REACH)
            if sa < colon:
                got = metrics_in(sa, colon).nearest(colon, colon)
                if got[0] == "context" and _CTX_SETTING.search(text[sa:colon]) and not re.search(r"\d", text[colon:pos]):
                    # "Llama-3.1-8B、128K 上下文、单卡 A100-80G：… 提升 2.4 倍": a setting's context length; the label's one other
                    # measure, if it names one ("TTFT at 32k-token prompts, prefix hit: −41%")
                    others = list(dict.fromkeys(name for name, pat in cues.metrics if name not in ("context", "batch")
                                                and pat.search(text[sa:colon])))
                    got = (others[0], True) if len(others) == 1 else (None, False)
        return got

    conds_by_x = sorted(conds, key=lambda t: -t[0])  # as each figure reads them: the nearest before first
    neg_xs = [-x for x, _y, _c in conds_by_x]
    conds_at = sorted(conds, key=lambda t: t[0])
    cond_xs = [x for x, _y, _c in conds_at]

    def conds_in(a0: int, b0: int) -> list[tuple[int, int, str]]:
        """The conditions written in ``[a0, b0)``, in position order."""
        return conds_at[bisect.bisect_left(cond_xs, a0):bisect.bisect_left(cond_xs, b0)]

    fig_clauses = {clause_of(fs) for fs, *_ in raw_figs}
    sentence_starts = [a0 for a0, _b0 in sentences]

    def sentence_conds(s: int, lo: int, hi: int, cats: set[str], unit: str) -> list[str]:
        """Conditions of the same sentence's other clauses, for the categories the figure's clause
        (``lo:hi``) leaves open: those written before it carry forward ("1.5-2.0x … in FP16, up to 740
        TFLOPs/s": FP16, the nearest first), and those of a later clause stating no figure of its own
        hold when no earlier clause set the category ("3.25x on A100 and 4.5x on A6000": A6000 is not
        3.25x's; "hdim 64, FP16 ≈ 500 TFLOPs/s, 比 hdim 256 低很多": 500 is hdim 64's); another
        sentence's never."""
        k = bisect.bisect_right(sentence_starts, s) - 1
        sa, sb = sentences[k] if k >= 0 and s < sentences[k][1] else (0, len(text))
        sent: list[str] = []
        nearest: dict[str, int] = {}  # category -> position of its nearest value before the clause
        in_sentence = conds_by_x[bisect.bisect_right(neg_xs, -sb):bisect.bisect_right(neg_xs, -sa)]  # sa <= x < sb
        set_before = {c.split(":", 1)[0] for x, _y, c in in_sentence if x < lo}
        for x, _y, c in in_sentence:
            cat = c.split(":", 1)[0]
            if lo <= x < hi or cat in cats or (cat == "base" and unit not in ("x", "%")) or cat == "scope":
                continue  # (a baseline of another clause says nothing of an absolute figure's; a part measured
                # alone, "2.23x self-attention speedup", is that clause's: "and 7.03x lower latency" is not)
            if x < lo:
                if cat in ("latkind", "percentile") and clause_of(x) in fig_clauses and " | " in text[x:lo]:
                    continue  # a table row's other cell names its own figure's measure ("TPOT 7.9 ms | mask (p50) 0.038 ms")
                if c.startswith(_BASELINE_CATS) and _BEFORE_BASELINE.search(text[max(0, x - 10):x]):
                    continue  # ("Throughput, W4A8 vs FP16, L40S: 2.4×": FP16 is the baseline's, W4A8 the figure's own)
                if nearest.setdefault(cat, x) == x:
                    sent.append(c)
            elif clause_of(x) not in fig_clauses and cat not in set_before and not re.search(r"[;；]", text[hi:x]) \
                    and not (cat == "base" and _OWN_COMPARISON.search(text[slice(*clause_of(x))])):
                # (a later clause comparing with its baseline in words of its own, "加速比 3.1x，比 Medusa 快不少",
                # "3.1x, and clearly faster than Medusa", is another claim: 3.1x is not over Medusa)
                sent.append(c)  # (not across a semicolon: "…prefill 加速 6.8×；RULER 和 InfiniteBench 上精度基本不掉" is another claim)
        return sent

    for s, e, a, b, unit, raw in raw_figs:
        if _THEORETICAL.search(text[max(clause_of(s)[0], s - 28):s]):
            continue  # "离理论上限 5.3× 还有距离", "the theoretical peak of 989 TFLOPs/s": a bound, no measurement of the work
        if unit == "pt" and re.search(r"[·•|]\s*$", text[max(0, s - 4):s]) and (
                re.match(r"\s*(?:[·•|]|$)", text[e:e + 3]) or re.search(r"[·•|][^·•|\n]{1,24}[·•|]\s*$", text[max(0, s - 40):s])):
            continue  # "u/bf16_enjoyer · 13h · 97 points", "user1 · 4 hours ago · 38 points": a post's votes, no score
        if _TARGET_AFTER.match(text, e) or (_TARGET_BEFORE.search(text[max(clause_of(s)[0], s - 48):s])
                                            and not _THAT_OF.match(text, e)):
            # ("capacity under a P99 TBT SLO is 2.6× that of vLLM": a ratio to a baseline is a measurement, not the SLO)
            continue  # "holds the 2 s P99 TTFT target", "an SLO of 200 ms", "目标 2 秒": a goal set, no measurement
        if _REACTION_AFTER.match(text, e):
            continue  # "23% seems modest for a tail-latency paper", "18% on real traffic is honestly great": a figure said
            # elsewhere, weighed here, no measurement of its own
        metric, explicit = metric_near(s, e)
        if unit == "count" and (_DISTANCE_AFTER.match(text, e) or _OTHER_COUNT_AFTER.match(text, e)):
            continue  # "recall a fact from 200K tokens ago", "1M tokens back": a distance in the text, no context length;
            # "trained for ~2k steps", "10K samples", "1M downloads": a count of something other than tokens
        if unit == "count" and metric not in ("context", "cost", None):
            continue  # "1M prefill", "8B 模型": a count is compared only as a context length
        if metric is None and (pm := _PAREN_AFTER.match(text, e)) is not None:
            # "最高 10.3×（相对支持卸载的推理系统，批量吞吐）", "up to 10.3x (vs offloading systems, batch throughput)": the
            # parenthesis right after the figure says what it measures
            m2, e2 = metrics_in(pm.start(1), pm.end(1)).nearest(pm.start(1), pm.start(1))
            if m2 is not None and m2 not in ("batch", "context"):
                metric, explicit = m2, e2
        if metric is None and unit == "x":
            metric = cues.default_x
            # "端到端 2.3×", "an end-to-end 2.3x": the whole system's speedup, written out as one
            explicit = bool(_END_TO_END.search(text[max(0, s - 12):s]))
        if (metric == "batch" and (unit in cues.unit_metrics or unit == "x")
                and (_BATCH_SETTING.search(text[max(clause_of(s)[0], s - 40):s])
                     or ((bm := _BATCH_SETTING.search(text, e, e + 30)) is not None and bm.start() - e <= 5)
                     # ("2.5x on HumanEval with a CodeLlama-7B target at batch 1": the batch the clause runs at)
                     or (len(re.findall(r"\bbatch", text[clause_of(s)[0]:clause_of(s)[1]], re.IGNORECASE)) == 1
                         and re.search(r"\b(?:at|with|under|for)\s+(?:a\s+)?batch(?:[ -]size)?\s*(?:of\s*)?[=:]?\s*\d+", text[e:clause_of(s)[1]], re.IGNORECASE))
                     or re.match(r"\s*[(（][^()（）]{0,6}", text[e:e + 8]) and _BATCH_SETTING.search(text[e:e + 30]))
                or metric == "context" and unit == "x" and _CTX_SETTING.search(text[clause_of(s)[0]:clause_of(s)[1]])):
            # "decode throughput, batch 32: 1,840 tok/s": a setting is no measure of a rate; the sentence's measure
            # before it is, else the unit's
            k = bisect.bisect_right(sentence_starts, s) - 1
            sa = sentences[k][0] if k >= 0 else 0
            m2, e2 = metrics_in(sa, s).nearest(s, s) if sa < s else (None, False)
            metric, explicit = (m2, e2) if m2 is not None and m2 not in ("batch", "context") else (
                cues.unit_metrics.get(unit, cues.default_x), False)
        if unit == "tok/s" and metric in ("context", "batch", "latency", "time", "memory", "compression", "cost"):
            metric, explicit = "throughput", False  # "32K context: 540 tokens/s": a rate of tokens is a throughput
        if unit == "GB" and metric not in ("memory", None):
            metric, explicit = "memory", False  # "at 128K, batch one: 2.7 GB of KV": a size in bytes is a memory
        if metric == "overhead" and unit not in ("s", "%"):
            metric, explicit = (cues.default_x if unit == "x" else None), False  # "the overhead is 2x lower": a ratio read
            # as before (a time or a share is an overhead)
        if unit in ("TFLOPs/s", "GB/s") and metric in ("context", "batch"):
            metric, explicit = cues.unit_metrics.get(unit, metric), False  # "661 TFLOPs/s at max sequence 16k": a rate, not a length
        if metric in ("context", "batch") and unit == "%":
            # "on our 128K needle suite: 96.0%", "accuracy at 128K context: 96%": a share is no context length; the
            # sentence's one other measure, else none
            sa, sb = _near_sentence(sentences, sentence_starts, s, e, len(text))
            others = list(dict.fromkeys(name for name, pat in cues.metrics if name not in ("context", "batch")
                                        and pat.search(text, sa, sb)))
            metric, explicit = (others[0] if len(others) == 1 else None), False
        if metric == "latency" and unit == "x" and _LATENCY_OF_SLO.search(text, max(0, s - 48), s):
            # "serving capacity under a P99 TBT SLO is 2.6× …": the latency names the SLO the ratio is measured under, not
            # the ratio's measure; the sentence's other measure does (read below, as an SLO's ratio is)
            sa, sb = _near_sentence(sentences, sentence_starts, s, e, len(text))
            others = list(dict.fromkeys(name for name, pat in cues.metrics if name not in ("context", "batch", "slo", "latency")
                                        and pat.search(text, sa, sb)))
            if len(others) == 1:
                metric = others[0]
        if metric == "slo" and unit == "x" and not re.search(r"tight|strict|更严|更紧|严格|收紧|缩紧", text[max(0, s - 12):e + 16], re.I):
            # "goodput 比 vLLM 高 4.5x（同一组 P90 SLO）": a ratio is measured under an SLO, not of one, unless it says how
            # much tighter the SLO is ("meets 7.4x tighter SLOs", "满足 12.6× 更严的 SLO"); the sentence's one other measure
            sa, sb = _near_sentence(sentences, sentence_starts, s, e, len(text))
            # (a latency naming the SLO, "under a P99 TBT SLO is 2.6×", is no other measure of the ratio)
            skip = ("context", "batch", "slo", "latency") if _LATENCY_OF_SLO.search(text, max(0, s - 48), s) else ("context", "batch", "slo")
            others = list(dict.fromkeys(name for name, pat in cues.metrics if name not in skip and pat.search(text, sa, sb)))
            # (else the measure named nearest before it: "goodput 比 vLLM 高 4.5x（P90 TTFT / TPOT SLO）")
            before_it = sorted(((m.end(), name) for name, pat in cues.metrics if name not in ("context", "batch", "slo")
                                for m in pat.finditer(text, sa, s)), reverse=True)
            if len(others) == 1:
                metric = others[0]
            elif before_it:
                metric = before_it[0][1]
        if metric is None and unit == "%" and _GAIN_OVER.search(text[max(clause_of(s)[0], s - 40):s]):
            metric, explicit = "speedup", False  # "较自回归解码提升 80%": a gain over a baseline, the work's speed-up
        if metric is None:
            metric = cues.unit_metrics.get(unit)
        if metric is None and unit == "%" and _CHANGE_BEFORE.search(text, max(0, s - 12), s):
            # "Constitutional Classifiers 的推理开销，组会上 K 说是涨了 33.7%": a change with no measure in its clause is of the
            # measure the sentence named just before it
            k = bisect.bisect_right(sentence_starts, s) - 1
            sa = max(sentences[k][0] if k >= 0 else 0, s - 60)
            m2, _e2 = metrics_in(sa, s).nearest(s, s) if sa < s else (None, False)
            if m2 is not None and m2 not in ("batch", "context"):
                metric, explicit = m2, False
        lo, hi = clause_of(s)
        before = text[max(lo, s - 14):s]
        # ("tops out at about 620": a ceiling written a few words before the figure)
        bound = "max" if cues.bound_max.search(text[max(lo, s - 22):s]) else ("min" if cues.bound_min.search(before) or
                                                             re.match(r"\s*(以上|\+|多(?![少数]))", text[e:e + 3]) else None)
        approx = bool(cues.approx.search(before) or re.match(r"\s*左右", text[e:e + 3]))
        down = s in signed or bool(cues.down.search(text[max(lo, s - 28):min(hi, e + 32)]))  # "29-69% inter-token-latency reduction"
        if not down and _BY_BEFORE.search(text, max(lo, s - 24), s):
            # "lowered total inference energy by roughly 13%": the verb of a change "by" a figure stands before its measure
            down = bool(cues.down.search(text[max(lo, s - 72):s]))
        if not down and unit == "%" and (cop := _COPULA_END.search(text, max(lo, s - 16), s)) is not None:
            # "The P99 TTFT reduction versus vLLM on ShareGPT … is 27%": the clause's subject names the change, its copula
            # the value, however much setting stands between them
            down = bool(_CHANGE_NOUN_DOWN.search(text, lo, cop.start()))
        # (a setting right after "vs"/"over"/"than" is the baseline's, "… decode throughput vs FP16: 1.6×": not the figure's own)
        own = [c for x0, _y, c in conds_in(lo, hi)
               if not (c.startswith(_BASELINE_CATS) and _BEFORE_BASELINE.search(text[max(0, x0 - 10):x0]))
               and not (c.startswith("precision:") and _BRACKET_AFTER_BASELINE.search(text[max(0, x0 - 32):x0]))]
        cats = {c.split(":", 1)[0] for c in own}
        sent = sentence_conds(s, lo, hi, cats, unit)  # the sentence's other clauses' conditions
        if unit in ("s", "ms") and metric in ("throughput", "context", "batch", "memory") and not (
                metric == "context" and re.search(r"\d(?:\.\d+)?\s*[KkM]\b", text[clause_of(s)[0]:s])):
            # (a context length written before it, "1M-token prefill … in 77 s", keeps it that context's: not compared)
            # "p99 TTFT at 6 req/s: 0.74 s": a rate is the setting, seconds no throughput; "128 decode tokens per GPU,
            # hidden 7168, top-8: 312 µs": a time, not a context length
            metric, explicit = "time", False
            # ("mask computation 0.1 ms/token": the time's own measure before it, when the clause names one)
            lo_c, _hi_c = clause_of(s)
            before = [(m.end(), name) for name, pat in cues.metrics if name in _TIME_METRICS
                      for m in pat.finditer(text, max(lo_c, s - 60), min(len(text), e + 40)) if m.end() <= s]
            if before:
                metric, explicit = max(before)[1], True
        if unit in ("s",) and not explicit and metric in (None, "time") and any(
                c.startswith("latkind:") for c in (*own, *sent)):
            metric = "latency"  # "TTFT p99, ShareGPT trace: 520 ms": TTFT names the measure
        # "+0.27 ppl over FP16", "+0.4 points": a plus sign before an absolute measure makes it a difference from a baseline,
        # never compared with the measure itself (a ratio or a share, "+38%", "+1.4×", is the gain it always is)
        # ("比 FP16 高约 0.3 个点": a difference written in words, as ``_DELTA_WORDS`` reads one before a plain score)
        delta = not down and unit not in ("%", "x") and bool(_plus_before(text, s)
                                                               or (unit == "pt" and _DELTA_WORDS.search(text[max(lo, s - 16):s])))
        if not down and unit in ("%", "pt") and _MARGIN_OVER.search(text[max(lo, s - 90):s]):
            delta = True  # "beats o1-preview on competition math by up to 27%": a margin over another, never a level
        if metric is None and unit == "%" and not down and b is None and a <= 100 and _scored_on(own):
            # "reaches 71.2% on MATH500 at N=64": a share named by nothing but the benchmark it is on is that benchmark's
            # score (an accuracy), as "MATH 68.0 @ N=64" writes one
            metric = "accuracy"
        if unit == "%" and b is None and (metric is None or not explicit) and re.search(r"\d", raw) is not None \
                and (shared := _share_of(text, e)):
            # (a fraction in words is read as the cut it makes: "keeps one eighth of the cache" is no 87.5 % share of it)
            # "recovers 6.4% of prompt tokens", "恢复 3.1% 的 prompt token": a share is measured by what it is a share of,
            # whatever the subfield calls it (issue 19: a measure in the field's own words no lexicon lists)
            metric, explicit = shared, True
        q = Quantity(raw=raw.strip(), value=a, value_high=b, unit=unit, metric=metric, approx=approx,
                     bound=bound, explicit=explicit, direction="down" if down else ("delta" if delta else None),
                     conditions=tuple(sorted(set(own) | set(sent))))
        out.append((s, q))
    # plain numbers next to a scalar metric (perplexity 0.62, 0.8 分)
    in_conds = _Intervals((x, y) for x, y, _ in conds)
    for m in _PLAIN.finditer(text):
        if m.start() in in_spans or m.start() in in_conds:
            continue
        if _NOT_A_SCORE_AFTER.match(text, m.end()) or _NOT_A_SCORE_BEFORE.search(text[max(0, m.start() - 10):m.start()]):
            continue  # "只读了 3.3 节", "§4.2", "section 3": a place in a paper; "约 14 位", "14 bits": a width, no score
        lo, hi = clause_of(m.start())
        window = text[max(lo, m.start() - 24):min(hi, m.end() + 26)]  # "at 6.31 Wikitext-2 perplexity"
        named = [name for name, pat in cues.metrics if name in _SCALAR and pat.search(window)]
        if len(named) > 1 and named[0] == "accuracy" and not _ACCURACY_WORD.search(window):
            named = named[1:]  # "接受率只下降1.8个百分点": the points are the acceptance rate's unit, not an accuracy named
        metric = named[0] if named else None
        if metric is None and _COPULA_BEFORE_VALUE.search(text[max(lo, m.start() - 20):m.start()]):
            # "LongBench avg drop for 2-bit keys is now 2.4": the measure is the clause's subject, further back
            metric = next((name for name, pat in cues.metrics if name in _SCALAR and pat.search(text[max(lo, m.start() - 70):m.start()])),
                          None)
        bench_before = None if metric is not None else _BENCH_SCORE_BEFORE.search(text, max(lo, m.start() - 24), m.start())
        if bench_before is not None and any(x0 <= bench_before.start() + bench_before.group(0).find(bench_before.group("b")) < y0
                                            and c.startswith("bench:") and not c.startswith(_PERPLEXITY_BENCH) for x0, y0, c in conds):
            # "MATH 68.0 @ N=64", "RULER 76.3 at 128K": a plain number right after a benchmark's name is its score (a
            # perplexity corpus's, "WikiText-2 5.60", is no accuracy)
            metric, bench_score = "accuracy", True
        else:
            bench_score = False
        if metric is None and (lab := re.search(r"[:：]\s*$", text[max(0, m.start() - 3):m.start()])):
            # "LongBench avg, B=1024: 41.27": the label before the colon, its setting set off by a comma, names the measure
            colon = max(0, m.start() - 3) + lab.start()
            label = re.split(r"[;。；!?！？\n]|\.(?!\d)", text[max(0, colon - 60):colon])[-1]
            metric = next((name for name, pat in cues.metrics if name in _SCALAR and pat.search(label)), None)
        if text[max(0, m.start() - 2):m.start()].endswith(("[^", "^")):
            continue  # "PagedAttention[^1]": a footnote's number, no value
        if metric is not None and re.match(r"\s*[)）]", text[m.end():m.end() + 3]):
            opening = max(text.rfind("(", 0, m.start()), text.rfind("（", 0, m.start()))
            if opening >= 0 and re.search(r"[,，;；=]|\w\s+$", text[opening:m.start()]) \
                    and not any(name == metric and pat.search(text, opening, m.start()) for name, pat in cues.metrics):
                continue  # "(lexical 60, order 60) the AUC falls to 0.83": an aside's setting, the measure named after it
        if (text[m.start() - 1:m.start()] in ("[", "【") and text[m.end():m.end() + 1] in ("]", "】")) \
                or re.search(r"(?<![A-Za-z0-9@\u0370-\u03ff])[γkKnNbBmM]\s*[=＝]\s*$|∈\s*\{?$", text[max(0, m.start() - 12):m.start()]):
            continue  # "AdaDraft [13]": a citation's number; "γ=0", "k = 4", "γ∈{0,…}": a parameter's value, no score
            # (a measure's symbol is a value: "τ = 4.1")
        if re.match(r"\s*(?:hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|ago|小时|分钟|天前)\b", text[m.end():m.end() + 9]):
            continue  # "19 hours ago": a time, no score
        if re.match(r"\s*[−×*/÷^]\s*-?[A-Za-z\u0370-\u03ff(]|-[A-Za-z\u0370-\u03ff(]", text[m.end():m.end() + 6]) \
                or re.search(r"[A-Za-z\u0370-\u03ff)]\s*[−×*/÷]\s*$", text[max(0, m.start() - 6):m.start()]):
            continue  # "(1 − sink mass)", "d / 2": a formula's constant, no score
        if re.fullmatch(r"0\d", m.group("a")) or (re.fullmatch(r"\d{1,2}", m.group("a"))
                                                  and re.match(r"[-/.]\d{2}\b(?![.\d])", text[m.end():m.end() + 4])):
            continue  # "Marco (07-21):", "on 8/17": a date, no score
        if "." not in m.group("a") and _COUNT_AFTER.match(text, m.end()):
            continue  # "(11 reasoning models, 10 benchmarks)", "11 个模型": a count of what was measured, no score
        if metric is None or re.match(r"\s*(?:B|b|bit|-bit|K|k|M|层|步|篇|条|次|%)", text[m.end():m.end() + 4]) \
                or ("." not in m.group("a") and re.match(r"\s*(?:tok|块|头|卡|张|路|维|个)", text[m.end():m.end() + 4])):
            # ("按 64 token 池化": a count of tokens, no score; "3.8 tokens", "3.8 个 token" of acceptance length is a
            # value: no count has a fraction)
            continue
        v = _num(m.group("a"))
        k = m.start()
        while k > 0 and text[k - 1].isspace():  # ``re.search(r"v$|第\s*$|§\s*$", text[:start])``, without the copy
            k -= 1
        if v >= 1000 or text[m.start() - 1:m.start()] == "v" or text[k - 1:k] in ("第", "§") or \
                _SECTION_BEFORE.search(text[max(0, k - 12):k]):  # "活文档 2.2 现有内容", "doc 3.4": a section, no score
            continue
        if _LABEL_BEFORE.search(text[max(0, k - 12):k]):
            continue  # "论文表 2", "Table 3", "Fig. 4": a table's or figure's number, no value
        if _TARGET_BEFORE.search(text[max(lo, m.start() - 48):m.start()]) or _TARGET_AFTER.match(text, m.end()):
            continue  # "target τ ≥ 4.5", "expect ~3.5 mean accepted tokens": a goal or a forecast, no measurement
        before = text[max(lo, m.start() - 14):m.start()]
        bound = "max" if cues.bound_max.search(before) else None
        own = [c for _x, _y, c in conds_in(lo, hi)]
        own += sentence_conds(m.start(), lo, hi, {c.split(":", 1)[0] for c in own}, "pt")
        # ("+0.27 ppl over FP16": a difference from a baseline, never compared with the score itself)
        # ("困惑度上升 0.3", "a perplexity increase of 0.3", "drops by 0.4 points": a difference written in words)
        delta = bool(_plus_before(text, m.start()) or _DELTA_WORDS.search(text[max(lo, m.start() - 16):m.start()])
                     or _DELTA_AFTER.match(text, m.end()))
        unit = "pt"
        if metric in ("accuracy", "acceptance_rate", "hit_rate") and delta and cues.down.search(text[max(lo, m.start() - 16):m.start()]):
            # "零样本平均只掉 0.4 个点": an accuracy's loss in points, as "drops by 0.4 points" writes one (compared with a loss
            # in %, ``queries.contradictions.comparable``)
            out.append((m.start(), Quantity(raw=m.group("a"), value=v, unit="pt", metric=metric, approx=bool(cues.approx.search(before)),
                                            bound=bound, explicit=True, direction="down", conditions=tuple(sorted(set(own))))))
            continue
        if bench_score and not delta and 1 < v <= 100:
            unit = "%"  # "MATH 68.0" is the 68.0% "reaches 68.0% on MATH-500" writes
        if metric in _FRACTION_SCORES and not delta and 0 < v <= 100:
            v, unit = (round(v * 100, 6) if v <= 1 and "." in m.group("a") else v), "%"  # "0.712 nDCG@10" is the "71.2" of another
        if metric == "accuracy" and not delta and 0 < v <= 1 and "." in m.group("a") \
                and not re.match(r"\s*(?:points?|pts?|pp|分|个点)", text[m.end():m.end() + 8], re.IGNORECASE):
            v, unit = round(v * 100, 6), "%"  # "Needle@32K 0.92" is an accuracy of 92 %, as "Needle@32K accuracy: 85%" writes one
        out.append((m.start(), Quantity(raw=m.group("a"), value=v, unit=unit, metric=metric, approx=bool(cues.approx.search(before)),
                                        bound=bound, explicit=True, direction="delta" if delta else None,
                                        conditions=tuple(sorted(set(own))))))
    # "is now 3.6, not 4.1", "降到 1.6 倍而不是 2.3 倍": the corrected value is a figure of the same measure
    have = {pos for pos, _ in out}
    for pos, q in list(out):
        end = pos + len(q.raw)
        m = _NOT_VALUE.match(text, end)
        if m and end + m.start("a") - m.start() not in have:
            try:
                v = _num(m.group("a")) * (_unit(m.group("u"))[1] if m.group("u") and _unit(m.group("u"))[0] == q.unit else 1.0)
            except ValueError:
                continue
            if m.group("u") and _unit(m.group("u"))[0] not in (None, q.unit):
                continue
            out.append((m.start("a"), q.model_copy(update={"raw": text[m.start("a"):m.end()].strip(), "value": v,
                                                           "value_high": None, "bound": None, "approx": False})))
    out.extend(_from_to_reductions(text, out))
    out.extend(_kept_shares(text, out))
    out.extend(_time_fractions(text, out))
    out.extend(_energy_after_per_token(text, out, cues))
    out.sort(key=lambda t: t[0])
    # a "statement" with more figures than this is a data dump (a pasted log or table on one line): its
    # first figures are kept, so what is derived from them (evidence rows, figure pairs, each quoting the
    # statement) stays linear in the file's size
    return tuple(q for _, q in out[:MAX_FIGURES])


#: A gain over a baseline written before a percentage that names no measure: "较自回归解码提升 80%", "相比 vLLM 快了 30%".
_GAIN_OVER = compile_lazy(r"(?:较|相比于?|比|相对于?)[^，。；,;\d]{1,24}?(?:提升|提高|加速|快)(?:了)?\s*(?:约|大约|近)?\s*$")
#: A change written as its two ends: "从 25.6 GB 压到 21 GB", "went from 820 ms to 410 ms", "25.6 GB → 21 GB".
_FROM_BEFORE = compile_lazy(r"(?:从|由|\bfrom)\s*(?:约|大约|about|~)?\s*$", re.IGNORECASE)
#: The verb "materialise" in a clause: "materialised", "materializes", "物化".
_MATERIALISE = compile_lazy(r"materiali[sz]|物化", re.IGNORECASE)
#: A fused attention kernel, which materialises nothing by design: what it does is no need of a work.
_KERNEL_AGENT = compile_lazy(r"\b(?:flash-?attention(?:-?\d)?(?:-style)?|fa-?\d|sdpa|fused (?:attention )?kernels?|(?:attention )?kernels|xformers)\b",
                             re.IGNORECASE)
#: A comment's handling written as a short field: "处理：已改。", "处理：挪到表格下面。", "Status: fixed", "Resolution: done".
_HANDLED_FIELD = compile_lazy(r"^\s*(?:处理(?:结果|方式)?|status|resolution|handled|action taken)\s*[:：]\s*[^\n]{0,24}$", re.IGNORECASE)
#: A parenthesis right after a figure: "（相对…，批量吞吐）", "(vs offloading systems, batch throughput)".
_PAREN_AFTER = compile_lazy(r"\s?[(（]([^()（）\d]{2,60})[)）]")
#: What makes a plain number a place in a paper or a width, never a score: "3.3 节", "第 4 章", "14 位", "16 bits", "page 7".
_NOT_A_SCORE_AFTER = compile_lazy(r"\s*(?:节|章|小节|页|段|位(?!置)|bits?\b|-bit\b)", re.IGNORECASE)
_NOT_A_SCORE_BEFORE = compile_lazy(r"(?:§|第|\bsections?|\bsecs?\.|\bchapters?|\bpages?|\bpp?\.|\bfig(?:ure)?s?\.?|\btables?|\beq(?:uation)?s?\.?)\s*$"
                                   # a reviewer's form's marks ("Score: 5", "Confidence: 3/5"): the reviewer's, no measurement
                                   r"|^\W*(?:score|rating|confidence|soundness|presentation|contribution|overall|评分|置信度)\s*[:：]\s*$",
                                   re.IGNORECASE)
#: An arrow between two figures of one unit: the change from the first to the second ("50% → 67%").
_ARROW_BETWEEN = compile_lazy(r"\s*(?:→|->|⟶|⇒|=>)\s*")
#: A verb of a rise before "from X to Y" ("takes … from 50% to 57%", "raises", "lifts", "improves", "boosts", "goes"): a change.
_RISE_FROM = compile_lazy(r"\b(?:takes?|took|rais(?:es|ed|e)|lifts?|lifted|improv(?:es|ed|e)|boost(?:s|ed)?|go(?:es)?|went|jump(?:s|ed)?|ris(?:es|e)|rose|"
                          r"increas(?:es|ed|e)|grow(?:s)?|grew|climb(?:s|ed)?|push(?:es|ed)?|bump(?:s|ed)?)\b[^.;:]*\bfrom\s*(?:about|~)?\s*$", re.IGNORECASE)
_TO_BETWEEN = compile_lazy(r"\s*(?:(?:压|降|减|缩|砍|省|掉|回落|下降|减少|降低|压缩)(?:低|少)?(?:了)?\s*(?:到|至)|(?:→|->|⇒)|\bto\b|\bdown to\b)"
                         r"\s*(?:约|大约|about|~)?\s*$", re.IGNORECASE)


def _from_to_reductions(text: str, found: list[tuple[int, Quantity]]) -> list[tuple[int, Quantity]]:
    """The reduction a change written as its two ends states ("KV cache 从 25.6 GB 压到 21 GB 左右": about 18 % less
    memory), as a share of the first, for the measures of an amount (memory, latency); its raw is both ends."""
    out = []
    byx = sorted(found, key=lambda t: t[0])
    for (pa, qa), (pb, qb) in zip(byx, byx[1:]):
        if qa.unit != qb.unit or qa.unit in ("x", "%", "count", "pt", None) or qa.metric != qb.metric or qa.metric is None \
                or qa.value_high is not None or qb.value_high is not None or not (0 < qb.value < qa.value):
            continue
        if not _FROM_BEFORE.search(text[max(0, pa - 8):pa]) or not _TO_BETWEEN.fullmatch(text[pa + len(qa.raw):pb]):
            continue
        share = round((qa.value - qb.value) / qa.value * 100, 1)
        out.append((pa, qb.model_copy(update={"raw": text[pa:pb + len(qb.raw)], "value": share, "unit": "%", "approx": True,
                                              "direction": "down", "explicit": True, "bound": None})))
    return out


#: A share of the cache kept: "keeps 20% of KV", "retains only 10% of the cache", "只留 12% KV", "保留 20% 的 KV cache".
_KEPT_BEFORE = compile_lazy(r"(?:\bkeep(?:s|ing)?|\bretain(?:s|ing)?|\bpreserv(?:es|ing)|保留|只留|仅留|留下|仅保留|只保留)\s*(?:only\s*|just\s*)?"
                          r"(?:about\s*|around\s*|~|约)?$", re.IGNORECASE)
_KEPT_AFTER = compile_lazy(r"\s*(?:of\s+(?:the\s+)?(?:full\s+)?|的\s*)?(?:KV(?:[- ]cache)?|cache|tokens?|缓存)", re.IGNORECASE)


def _kept_shares(text: str, found: list[tuple[int, Quantity]]) -> list[tuple[int, Quantity]]:
    """The compression a share of the cache kept states ("keeps 20% of KV" is a 5x compression), for the comparison with a
    compression written as a ratio ("up to 4× compression"); hedged, its raw the share."""
    out = []
    for pos, q in found:
        if q.unit != "%" or q.value_high is not None or not (0 < q.value < 100):
            continue
        frac = _FRACTION_OF.match(text, pos)
        kept = 100 / _fraction_n(frac) if frac is not None and frac.end() == pos + len(q.raw) else q.value  # "keeps 1/8 of": 12.5 %
        if _KEPT_BEFORE.search(text[max(0, pos - 24):pos]) and _KEPT_AFTER.match(text, pos + len(q.raw)):
            out.append((pos, q.model_copy(update={"value": round(100 / kept, 2), "unit": "x", "metric": "compression",
                                                  "approx": True, "explicit": True, "direction": None})))
    return out


#: A time written as a fraction of a baseline's: "takes 0.7x the time of NCCL's flat all-to-all", "耗时为基线的 0.6 倍".
_TIME_FRACTION_AFTER = compile_lazy(r"\s*(?:the\s+)?(?:time|latency|duration)\s+(?:of|that)\b|\s*的?(?:时间|耗时|延迟)", re.IGNORECASE)
_TIME_FRACTION_BEFORE = compile_lazy(r"(?:\btakes?|\btook|\bneeds?|\bin|\bat|耗时为?[^，。；,;]{0,8}?的?|时间为?[^，。；,;]{0,8}?的?)\s*(?:only\s+|just\s+|about\s+|~)?$",
                                   re.IGNORECASE)


#: Energy per token written with "per token" before the value: "每个输出 token 约 3–4 J", "energy per output token is 0.3 J",
#: "每 token 0.4 焦".
_PER_TOKEN_ENERGY = compile_lazy(
    rf"(?:\bper\s+(?:output\s+|generated\s+|decoded\s+)?token\b|每(?:个|一个)?\s*(?:输出|生成)?\s*(?:token|词元))"
    rf"[^.;:。；：\d]{{0,16}}?(?P<a>{_NUM})(?:\s*(?:–|—|-|~|～|to|至|到)\s*(?P<b>{_NUM}))?\s*(?P<u>m?J|(?:毫)?焦(?:耳)?)(?![A-Za-z/])",
    re.IGNORECASE)


def _energy_after_per_token(text: str, found: list[tuple[int, Quantity]], cues: _Cues) -> list[tuple[int, Quantity]]:
    """Energy per token whose "per token" is written before the value ("65B 每个输出 token 约 3–4 J"), as "3.5 J/token"
    writes it; none where a figure was already read at that place.  Approximate when the lexicon's ``facts.approx`` cue
    stands right before or after it ("约", "左右")."""
    have = {pos for pos, _q in found}
    out = []
    for m in _PER_TOKEN_ENERGY.finditer(text):
        if m.start("a") in have:
            continue
        scale = 0.001 if m.group("u").lower().startswith(("mj", "毫")) else 1.0
        lo, hi = _num(m.group("a")) * scale, (_num(m.group("b")) * scale if m.group("b") else None)
        near = text[max(0, m.start("a") - 8):m.start("a")] + " " + text[m.end():m.end() + 4]
        out.append((m.start("a"), Quantity(raw=text[m.start("a"):m.end()].strip(), value=lo, value_high=hi, unit="J/token",
                                           metric="energy", approx=bool(cues.approx.search(near)), explicit=True)))
    return out


def _time_fractions(text: str, found: list[tuple[int, Quantity]]) -> list[tuple[int, Quantity]]:
    """The reduction a time written as a fraction of a baseline's states ("all-to-all takes 0.7x the time of NCCL's flat
    all-to-all": 30 % less time), as "reduces all-to-all time by 40%" writes one."""
    out = []
    for pos, q in found:
        if q.unit != "x" or q.value_high is not None or not (0 < q.value < 1):
            continue
        end = pos + len(q.raw)
        if _TIME_FRACTION_BEFORE.search(text[max(0, pos - 24):pos]) and _TIME_FRACTION_AFTER.match(text, end):
            conds = list(q.conditions)
            part = re.search(r"\b(all-to-all|a2a|alltoall|attention|kernel|dispatch|combine)\b[^,;.，。；]{0,12}$", text[max(0, pos - 40):pos], re.I)
            if part and not any(c.startswith("scope:") for c in conds):
                # (what takes the time is a part measured alone: "all-to-all takes 0.7x the time", as "all-to-all time")
                conds.append("scope:attention" if part.group(1).lower() == "attention" else "scope:kernel")
            out.append((pos, q.model_copy(update={"value": round((1 - q.value) * 100, 2), "unit": "%", "metric": "latency",
                                                  "approx": q.approx, "explicit": True, "direction": "down",
                                                  "conditions": tuple(sorted(conds))})))
    return out


_LABEL_BEFORE = compile_lazy(r"(?:表|图|附录|算法|公式|疑问|问题|\b(?:Table|Tab\.|Figure|Fig\.|Eq\.|Appendix|App\.|Section|Sec\.|Algorithm|Alg\.|Row|Col(?:umn)?|Question|Q|Step|Item|No\.|Theorem|Thm\.|Lemma|Corollary|Proposition|Prop\.|Definition|Def\.|Exp\.?|Experiment|Run|Case|Kernel|Seed|Commit|Node|Rank|Epoch|Trial|Build|Rev\.?|Issue|PR|Era|Phase|Stage|Part|Round|Chapter|Ch\.|Week|Tier|Gen)"
                           # a placement's section after a placing verb ("顺手补进 7.1", "归入 3.2", "goes under 4.1"): no
                           # value ("rises to 3.4", "under 5.9" and "放到 5.8 以内" are values, bounds)
                           r"|补进|补入|放进|归入|归到|挪到|写进|写入|并入|合入|\b(?:goes|belongs?|fits?|file it) (?:in|under|into))\s*[(（]?\s*$",
                           re.IGNORECASE)

#: The most figures one statement keeps (see ``find_figures``); no statement of the shared shifts or the
#: sample has more than 20.
MAX_FIGURES = 48
#: The most figures one file keeps (``PROVKG_MAX_FILE_FIGURES`` sets another number; ``figure_budget``).
#: No file of the shared shifts, corpus or sample states more than 113; a 1 MB note of prose (the
#: sample's critical read repeated) 1,494.  Each figure is a node of ~7 statements (~1.5 KB of N-Quads)
#: and ~5 KB of memory while a file is read: 1 MB of lines of figures held 306,000 (2.4 GB, 97 s).
MAX_FILE_FIGURES = 4096


@dataclass
class FigureBudget:
    """How many figures one file may still give (``figure_budget``).

    ``limit`` is the most the file keeps; ``stop`` the most ``find_figures`` reads before it reads no
    more (twice the limit: a table row and a living document's citation entry are read twice, the
    statement and its cells); ``read`` counts the figures read so far, ``refused`` holds the texts of
    the statements that were not read.
    """

    limit: int
    read: int = 0
    refused: set[str] = field(default_factory=set)

    @property
    def stop(self) -> int:
        """Figures read after which ``find_figures`` reads no more: ``2 * limit``."""
        return 2 * self.limit


_BUDGET: ContextVar[FigureBudget | None] = ContextVar("provkg_figure_budget", default=None)


@contextlib.contextmanager
def figure_budget(limit: int) -> Iterator[FigureBudget]:
    """Bound the figures ``find_figures`` reads inside the block to about ``limit`` (one file's parse).

    Once ``2 * limit`` figures have been read, ``find_figures`` returns no figures (cheaply, and
    records the statement in ``refused``): the cost of a file that is nothing but figures (a pasted
    log, 1 MB of ``- 1x 2x 3x …`` lines) stays linear with a small constant.  The caller keeps the
    first ``limit`` figures in file order and reports where they ran out
    (``ingest.sources.read_source``).  Outside such a block ``find_figures`` reads every figure.
    """
    budget = FigureBudget(limit)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


_SLO_PAREN = compile_lazy(r"(?:(?<=\bSLO)|(?<=\bSLOs)|(?<=目标))\s*[(（](?P<in>[^()（）\n]{3,160})[)）]")
_SLO_VALUE = compile_lazy(r"(\d+(?:\.\d+)?)\s*(ms|s)(?![A-Za-z])")


def _ms(value: str, unit: str) -> str:
    """A latency threshold in milliseconds, as written without a trailing ``.0`` ("2 s" -> "2000")."""
    v = float(value) * (1000.0 if unit == "s" else 1.0)
    return f"{v:g}"


#: "by" right before a figure, hedged or not ("… by roughly 13%"): the figure is the size of a change its verb names.
_BY_BEFORE = compile_lazy(r"\bby\s+(?:(?:about|roughly|around|nearly|almost|approximately|some|only|just|over|more than)\s+|[~≈]\s*)?$", re.IGNORECASE)
#: A verb of change right before a figure ("涨了 33.7%", "rose by 12%", "降了 20%"): the figure is a change of some measure.
_CHANGE_BEFORE = compile_lazy(r"(?:涨|升|增|降|减|掉|提升|提高|增加|减少|降低|下降|上升)(?:了|到|至)?\s*(?:约|大约|近|超过)?\s*$|"
                              r"\b(?:rose|rises|grew|grows|fell|falls|dropped|drops|went (?:up|down)|increased|decreased)\s+(?:by\s+)?(?:about\s+|roughly\s+|~)?$",
                              re.IGNORECASE)
_UNIT_AFTER_WORD = compile_lazy(r"(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s+(output|input|generation|generated|decode|decoding|prefill|total)\s+"
                              r"(tok(?:en)?s?/s)\b", re.IGNORECASE)
#: A value a statement sets aside right after a figure: ", not 4.1", "（而不是 2.3 倍）", "instead of 4.1".
_NOT_VALUE = compile_lazy(r"\s*[,，(（]?\s*(?:not|instead of|rather than|而不是|不是|而非)\s*(?P<a>\d+(?:\.\d+)?)"
                        r"\s*(?P<u>%|×|x(?![A-Za-z])|倍|tok/s|TFLOPs/s|ms)?")


def _unit(u: str) -> tuple[str | None, float]:
    u = u.strip()
    low = u.lower()
    if u in ("×", "x", "X") or low in ("times",) or "fold" in low or u == "倍":
        return "x", 1.0
    if u in ("%", "％") or low == "percent":
        return "%", 1.0
    if low.startswith(("pflop", "tflop")):
        return "TFLOPs/s", (1000.0 if low.startswith("p") else 1.0)
    if re.match(r"m?j\s*(?:/|per\b)|(?:毫)?焦", low):
        return "J/token", (0.001 if low.startswith(("mj", "毫")) else 1.0)
    if low.startswith("tok"):
        return "tok/s", 1.0
    if low in ("second", "seconds", "sec", "secs"):
        return "s", 1.0
    if low in ("minute", "minutes", "min", "mins") or u == "分钟":  # "1.5 min", "about two minutes", "3 分钟": in seconds
        return "s", 60.0
    if low in ("millisecond", "milliseconds", "milli-second", "milli-seconds", "msec", "msecs"):
        return "s", 0.001
    if low == "ms" or u == "毫秒":
        return "s", 0.001
    if low in ("µs", "μs", "us") or u == "微秒":
        return "s", 0.000001
    if low == "s":
        return "s", 1.0
    if low in ("gb/s", "mb/s", "tb/s"):  # a rate of bytes: a transfer's or a memory's bandwidth
        return "GB/s", {"gb/s": 1.0, "mb/s": 0.001, "tb/s": 1000.0}[low]
    if low in ("gb", "mb", "tb"):
        return "GB", {"gb": 1.0, "mb": 0.001, "tb": 1000.0}[low]
    if low in ("gib", "mib", "kib", "tib"):  # binary sizes, as "GB" is written loosely for GiB: 2900 MiB is 2.83 GB
        return "GB", {"gib": 1.0, "mib": 1 / 1024, "kib": 1 / 1024 ** 2, "tib": 1024.0}[low]
    if u in _SCALE or low in _SCALE:
        return "count", _SCALE.get(u, _SCALE.get(low, 1.0))
    if u in ("分", "个点") or low.startswith("point") or low in ("pt", "pts"):
        return "pt", 1.0
    return None, 1.0


def _sides_in(pat: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Where ``pat`` names a side in ``text``, leaving out what only looks like one: a comparison ("更精确",
    "more exact", "相对静态": a degree, no side) and a name ("Online SRPO", "Dynamic Brick Sorting", "Exact
    Attention": a capitalised side word before another capitalised word)."""
    out = []
    for m in pat.finditer(text):
        a, b = m.start(), m.end()
        if _COMPARATIVE.search(text[max(0, a - 8):a]):
            continue
        if text[a:a + 1].isupper() and (_TITLED_NEXT if _at_sentence_start(text, a) else _NAME_GOES_ON).match(text, b):
            continue
        if _CRITICISED.match(text, b):
            continue  # "因此静态树是次优的", "a static tree is suboptimal": the side named to be found wanting
        if re.match(r"\s*[\"”’'」]?\s*[?？]", text[b:b + 4]):
            continue  # 'CacheGen "lossless?" question from the list': a side asked about, not asserted
        out.append((a, b))
    return out


#: A comparison before a side word: a degree of it, not the side ("更精确", "more accurate", "less dynamic").
_COMPARATIVE = compile_lazy(r"(?:更加?|更为|较为?|比较|相对(?:更)?|越来越)\s*$|\b(?:more|less|fairly|relatively|increasingly)\s+$", re.IGNORECASE)
#: A side criticised right after it is named: what the work is not ("静态树是次优的", "static trees are wasteful").
#: (A word that turns the fault away, "减少浪费", "avoids waste", is no criticism; a hyphenated run is bounded.)
_CRITICISED = compile_lazy(r"(?:(?!减少|避免|降低|消除|没有|不(?!仅|但|只)|无(?!疑))[\u4e00-\u9fff]){0,4}(?:是|都是|就是|显然是)?(?:次优|不够好|低效|浪费|不可取)|"
                         r"[\w-]{0,30}\s+(?:\w+\s+)?(?:is|are)\s+(?:sub-?optimal|wasteful|inefficient|a poor fit)\b", re.IGNORECASE)
#: What follows a capitalised side word that starts a name: a space or hyphen and another capitalised word or a
#: number that is no figure ("Online SRPO", "Dynamic Brick Sorting", "Exact 2"; not "Lossless 2x speedup").
_NAME_GOES_ON = compile_lazy(r"[ \-]+(?:[A-Z]|\d(?![\d.,]*\s*(?:[x×%倍]|times\b|fold\b)))")
#: At a sentence's start a capital is the sentence's: only a title-case word after it, or a capitals name that
#: stands alone (a table's row label "+ Online SRPO |"), makes a name ("Dynamic Brick Sorting"; not
#: "Training-free KV cache …" nor "Online RL works").
_TITLED_NEXT = compile_lazy(r"[ \-]+(?:[A-Z][a-z]+(?:[A-Z][a-z]+)*\b|[A-Z][A-Z0-9-]+(?=\s*(?:[|,;:)）]|$)))")
#: Where a sentence starts: a line's start (after a list or heading mark), or after end punctuation or a colon.
_LINE_START = compile_lazy(r"^\s*(?:[-*+>#|]+\s*|\d+[.)]\s*)?[*_\"'“「(（]*$")
_AFTER_STOP = compile_lazy(r"[.!?。！？:：;；]\s*[*_\"'“「(（]*$")


def _at_sentence_start(text: str, a: int) -> bool:
    """Whether ``text[a:]`` starts a sentence, looking back no further than its line's start or 24 characters."""
    line = text.rfind("\n", 0, a) + 1
    if a - line <= 24 and _LINE_START.match(text[line:a]):
        return True
    return bool(_AFTER_STOP.search(text[max(line, a - 24):a]))
#: A transfer between two settings names both and asserts neither ("sim-to-real gap", "real2sim pipeline").
_BOTH_SETTINGS = compile_lazy(r"\b(?:sim(?:ulation)?[- ]?(?:to|2)[- ]?real|real[- ]?(?:to|2)[- ]?sim(?:ulation)?)\b|仿真到真机|真机到仿真", re.IGNORECASE)


_CJK_SINGLE_NEG = compile_lazy(r"[不未无非没别免]$")
#: Words that end in a negator's character and negate nothing: "分别量化" (separately), "区别", "特别", "类别".
_CJK_NOT_NEG = compile_lazy(r"(?:分|区|特|类|级|识|个|差|告|性|辨|鉴|判|派|组)别$")
_CJK_NEG = compile_lazy(r"无需|不需要|不用|不必|不会|不能|无法|不支持|不把|没把|并不把|不会把|并不|并非|不是|没有|从不|不做|毋须|无须|省掉|省去|免去|免掉|避免|(?:没|未|不)(?:怎么|太|大|多大|多少|什么)$")
_EN_NEG = compile_lazy(r"\b(?:not|never|no|without|cannot|nor|neither)\b|n't\b|\b(?-i:zero)(?=\s)|"
                     # "nothing is evicted", "nothing ever gets dropped": no thing is what the verb is done to
                     r"\bnothing\s+(?:is|are|was|were|gets?|got|ever|will be)\b|\b(?:instead of|rather than)(?:\s+being)?\s*$|"
                     # "v2 drops the lossless wording", "the authors withdrew the exact claim": the side taken back
                     r"\b(?:drops?|dropped|removes?|removed|retracts?|retracted|withdr[ae]ws?|withdrawn)\s+(?:the|its|their)\s+$",
                     re.IGNORECASE)
#: A negation of existence ("没有哪个", "不存在任何", "no … algorithm", "there is no"): it denies that a
#: thing exists, not the attribute written after it.
_QUANTIFIED_NEG = compile_lazy(r"(?:没有|不存在|并无|无)(?:哪个|哪一|任何|一个|哪种)|\bno\s+(?!\w+ly\b)(?:\w+\s+)?\w+\s*$|"
                             r"\bthere (?:is|are|exists?) no\b|\bnot (?:a single|any)\b", re.IGNORECASE)


#: A side said to be an option, off by default: "bit-exact transfer is an opt-in that costs …", "exact mode is optional",
#: "lossless only with --exact-transfer", "无损模式需要手动开启": the other side holds by default.
_OPT_IN_AFTER = compile_lazy(r"[\w-]*(?:\s+[\w-]+){0,2}\s+(?:is|are)\s+(?:an?\s+)?(?:opt-in|optional|off by default|not the default|disabled by default)\b|"
                             r"[\w-]*(?:\s+[\w-]+){0,2}\s*(?:模式|选项)?\s*(?:需要|要|得)?(?:手动|额外)?(?:开启|打开)(?:才行)?|"
                             r"[\w-]*(?:\s+[\w-]+){0,2}\s+only\s+(?:with|when|if|behind)\s+(?:a\s+|the\s+)?(?:--|flag|option|setting|`)",
                             re.IGNORECASE)


def _word_end(text: str, p: int) -> int:
    """Where the word at ``p`` ends (``p`` itself when none starts there)."""
    m = re.match(r"[\w-]+", text[p:])
    return p + (m.end() if m else 0)


def _negated_at(cues: _Cues, text: str, start: int) -> bool:
    """A negator right before ``text[start:]`` in the same clause: an English one within the clause's last
    few words, a Chinese multi-character one (无需, 不需要, 没有) in it, a single character (不, 未, 无)
    right before.  An opening bracket ends the clause (a gloss restates the words before it)."""
    window = text[max(0, start - 20):start]
    # a gloss in brackets restates the words before it ("无需调参（tuning-free）"): the negator is theirs
    clause = re.split(r"[.;,，。；：:、!?！？（(|｜]", window)[-1]  # (a table's cell ends a clause too)
    if re.search(r"\b(?:nothing\s+|no\s+(?:[\w-]+\s+){0,2}?)to\s*$", clause, re.IGNORECASE):
        return True  # "nothing to fine-tune", "no predictor to fine-tune": there is nothing the verb is done to
    if _QUANTIFIED_NEG.search(clause):
        return False  # "没有哪个在线算法…", "no online algorithm…": no such thing exists, it is still online
    tail = clause.rstrip()
    return bool(_EN_NEG.search(clause) or _CJK_NEG.search(clause)
                or (_CJK_SINGLE_NEG.search(tail[-1:]) and not _CJK_NOT_NEG.search(tail[-2:])))


#: A side written as what the work *is*: right after a copula ("it is lossy", "stays lossless", "是精确",
#: "是一种近似注意力").
_COPULA = compile_lazy(r"(?:\b(?:is|are|was|were|stays|remains|becomes|became)\s+(?:(?:still|now|thus|therefore|fully|truly|really|"
                     r"effectively|in fact|not)\s+)?(?:an?\s+)?|(?:的)?是(?:一种|一个)?|其实是|本质上是)$", re.IGNORECASE)


def side_pattern(aspect: str, side: str, lexicon: Lexicon | None = None) -> re.Pattern[str] | None:
    """The lexicon's words for ``side`` of the qualifier ``aspect`` as one compiled pattern (``facts.qualifier_aspects``), the
    one :func:`qualifier_sides` reads with; None for an aspect or a side the lexicon does not name."""
    for name, sides in _cues(lexicon or load_lexicon()).aspects:
        if name == aspect:
            return next((pat for s, pat in sides if s == side), None)
    return None


def qualifier_sides(text: str, lexicon: Lexicon | None = None) -> tuple[str, ...]:
    """``aspect:side`` for every qualifier aspect ``text`` asserts one side of (see the module docstring).

    >>> qualifier_sides("精确注意力（exact），不做任何近似")
    ('fidelity:lossless',)
    >>> qualifier_sides('is "only lossless for greedy decoding; with temperature sampling it is approximate"')
    ('fidelity:lossy',)
    """
    lex = lexicon or load_lexicon()
    text = _unsaid(text)  # a claim named, quoted to be disputed, or said only to be contradicted: not made
    text = _BOTH_SETTINGS.sub(lambda m: " " * len(m.group()), text)
    cues = _cues(lex)
    if cues.any_side is not None and not cues.any_side.any(text):
        return ()
    out: list[str] = []
    disputed = bool(cues.dispute.search(text))
    for aspect, sides in cues.aspects:
        names = [s for s, _ in sides]
        if len(names) != 2:
            continue
        found: dict[str, list[tuple[int, bool]]] = {n: [] for n in names}
        for name, pat in sides:
            for a, b in _sides_in(pat, text):
                if _BASELINE_SIDE.search(text[max(0, a - 24):a]) or _BASELINE_AFTER.match(text, b):
                    continue  # "比静态树省掉很多验证 token", "faster than a static tree": the baseline's side
                if _TOPIC_BEFORE.search(text[max(0, a - 12):a]):
                    continue  # "可以在 5.1 讲动态树时提一句", "when we discuss dynamic trees": a topic named, nothing asserted
                if _OURS_BEFORE.search(text[max(0, a - 24):a]):
                    continue  # "我们线上的 EAGLE 动态树直接套不上去": our deployment's side, not the work's
                if _OTHERS_SUBJECT.search(text[max(0, a - 120):a]):
                    continue  # "almost every low-rank KV method fixes the basis offline": other works' side, set against this one
                # "不做任何近似" is written as a cue of the first side; elsewhere a negator flips the side
                neg = _negated_at(cues, text, a) and not re.match(r"(不做|没有)", text[a:b])
                if disputed and cues.attribution.search(text[max(0, a - 40):a]):
                    neg = not neg  # "文档里写它 tuning-free，我觉得不准确": the side quoted to be rejected
                found[name].append((a, neg))
        asserted: dict[str, list[int]] = {n: [] for n in names}
        for name in names:
            other = names[1] if name == names[0] else names[0]
            for pos, neg in found[name]:
                asserted[other if neg else name].append(pos)
        have = [n for n in names if asserted[n]]
        if len(have) == 1:
            out.append(f"{aspect}:{have[0]}")
            continue
        if len(have) == 2:
            # (a change that is itself a side's cue, "it changes the output distribution", is no change between sides)
            at = {p for n in names for p in asserted[n]}
            ch = next((m for m in cues.change.finditer(text) if m.start() not in at), None)
            if ch:  # "把 lossless 改成了 near-lossless": the side written after the change
                after = [n for n in names if any(p >= ch.end() for p in asserted[n])]
                if len(after) == 1:
                    out.append(f"{aspect}:{after[0]}")
                    continue
                # "把 exact top-k 换成了 IVF 近似检索，理由是 exact 版本…": the side the change leads to, right after it
                nearest = sorted((min(p for p in asserted[n] if p >= ch.end()), n) for n in after)
                if len(nearest) == 2 and nearest[0][0] - ch.end() <= 16 and re.search(r"成|为|到|\bto\b|\binto\b|\bwith\b", ch.group()) \
                        and not re.search(r"[,，;；。]", text[ch.end():nearest[0][0]]):
                    out.append(f"{aspect}:{nearest[0][1]}")
                    continue
            # "标题叫 calibration-free，但附录 B 写得很清楚：…需要少量校准集", "pitched as lossless, but it is lossy": the
            # side after the contrast is the one the writer asserts
            first, last = min(min(asserted[n]) for n in names), max(max(asserted[n]) for n in names)
            turn = [m.end() for m in _CONTRAST.finditer(text, first, last)]
            if turn:
                after = [n for n in names if all(p >= turn[-1] for p in asserted[n])]
                if len(after) == 1:
                    out.append(f"{aspect}:{after[0]}")
                    continue
            # "Despite the calibration-free pitch, … needs a calibration set", "虽然号称无损，…": the side conceded in
            # the opening clause is not the one asserted, the side after that clause is
            con = [m for m in _CONCESSIVE.finditer(text, 0, first) if not re.search(r"[.!?。！？;；]", text[m.end():first])]
            if con:
                stop = re.compile(r"[,，]").search(text, first)
                if stop:
                    after = [n for n in names if all(p >= stop.end() for p in asserted[n])]
                    if len(after) == 1:
                        out.append(f"{aspect}:{after[0]}")
                        continue
            # "静态划分好 …，所以他们自称第一个真正 dynamic 的方案", "they call it exact; it is approximate": the side someone
            # claims for themselves is reported, the other is the writer's
            claimed = [n for n in names if all(_CLAIMED.search(text[max(0, p - 24):p]) for p in asserted[n])]
            if len(claimed) == 1:
                out.append(f"{aspect}:{names[1] if claimed[0] == names[0] else names[0]}")
                continue
            def scoped(p: int, other: str) -> bool:
                # a greedy scope in the cue's clause, up to the other side's cue when that stands in the clause too ("it
                # changes the output distribution at T=1 and is only exact for greedy decoding": the greedy is the exact's)
                nxt = min([q for q in asserted[other] if q > p] + [len(text)])
                prv = max([q for q in asserted[other] if q < p] + [-1])
                clause = _clause_at(text, p)
                at = text.find(clause, max(0, p - 200))
                lo, hi = max(at, prv + 1), min(at + len(clause), nxt)
                return bool(_GREEDY_SCOPE.search(text[lo:hi])) if lo < hi else False
            restricted = [n for n in names if any(cues.restrict.search(text[max(0, p - 12):p]) or _PART_ONLY.search(text[max(0, p - 60):p])
                                                  or _OPT_IN_AFTER.match(text, _word_end(text, p))
                                                  or scoped(p, names[1] if n == names[0] else names[0]) for p in asserted[n])]
            if len(restricted) == 1:  # "only lossless for greedy; … approximate": the other side in general
                out.append(f"{aspect}:{names[1] if restricted[0] == names[0] else names[0]}")
                continue
            # one side said *of* the work ("…: it is lossy", "它计算的是精确注意力"), the other only naming
            # something else ("replaces exact rejection sampling", "和 Performer 一类近似方法的区别")
            said = [n for n in names if any(_COPULA.search(text[max(0, p - 24):p]) for p in asserted[n])]
            if len(said) == 1:
                out.append(f"{aspect}:{said[0]}")
    return tuple(out)


#: A side said only of a part ("only the entropy-coding stage itself is lossless", "只有熵编码这一步本身是无损的"): the
#: other side is what the statement says of the whole.
_PART_ONLY = compile_lazy(r"\bonly (?:the |its |their )?[\w-]+(?: [\w-]+){0,3} (?:itself |themselves |alone )?(?:is|are|stays?|remains?) $|"
                          r"(?:只有|仅有?|只是)[^，,。；;]{1,16}(?:本身|自己)?(?:是|才是)$", re.IGNORECASE)
#: A side scoped to greedy decoding ("Greedy stays exact", "贪心解码下是精确的", "at T=0 it is lossless"): true of every
#: speculative decoder, so the other side is what the statement says in general (under sampling).
_GREEDY_SCOPE = compile_lazy(r"(?<!non-)(?<!non )\bgreedy\b|\bT\s*=\s*0(?:\.0+)?(?![.\d])|\btemperature\s*(?:=\s*)?0(?:\.0+)?(?![.\d])|"
                           r"(?<!非)贪心|温度\s*(?:为|=)?\s*0(?:\.0+)?(?![.\d])", re.IGNORECASE)


def _clause_at(text: str, pos: int) -> str:
    """The clause of ``text`` holding ``pos``: between the nearest sentence or clause breaks."""
    lo = max(0, pos - 200)  # a clause is short: the look back and ahead is bounded (linear on a long line)
    starts = [m.end() for m in re.finditer(r"[.;:。；：!?！？]\s|[,，]", text[lo:pos])]
    end = re.search(r"[.;:。；：!?！？](?:\s|$)|[,，]", text[pos:pos + 200])
    return text[lo + starts[-1] if starts else lo: pos + (end.start() if end else min(200, len(text) - pos))]


#: A turn between two clauses: what comes after it is what the writer holds ("…, but …", "…，但…", "…；不过…").
#: (No optional mark before a ``\s*``: each space of a long run would start a scan of the rest of it.)
_CONTRAST = compile_lazy(r"[,，;；。.]\s*(?:but|however|yet|though|actually|in fact)\b|\bbut\s+(?:it|they|the|in)\b|"
                       r"(?:[,，;；。]\s*)?(?:但是?|不过|然而|其实|实际上)", re.IGNORECASE)
#: A side someone claims for themselves, right before it: "他们自称第一个真正 dynamic 的方案", "号称无损", "they call it exact",
#: "self-described lossless".
_CLAIMED = compile_lazy(r"(?:自称|号称|宣称|声称|自诩)[^，。；,;]{0,12}$|\b(?:claims? (?:to be|it is|it's)|calls? (?:it|itself)|self-described|"
                      r"marketed as|billed as|advertised as|touted as)\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}$", re.IGNORECASE)
#: A concessive opener: the clause it starts grants what the sentence then denies ("Despite …,", "虽然…，").
_CONCESSIVE = compile_lazy(r"\b(?:despite|although|though|even though|even if|notwithstanding)\b|虽然|尽管|虽说|虽", re.IGNORECASE)
#: What sets a qualifier side apart as the baseline's: "比静态树…", "相比于离线方法", "than a static tree", "unlike lossy …".
_BASELINE_SIDE = compile_lazy(r"(?:(?<![对无])比|相比于?|相较于?|相对于?|对比|对照|than(?: an?| the)?|unlike(?: an?| the)?|instead of(?: an?| the)?|"
                            # "v1's gain was against static k=4", "against a tuned static k": what a gain is set against
                            r"\bagainst(?: an?| the)?(?: tuned| well-tuned| plain| vanilla)?|"
                            r"rather than(?: an?| the)?|as opposed to(?: an?| the)?|\bover(?: an?| the)|\bthat of(?: an?| the)?|"
                            r"compared (?:to|with)(?: an?| the)?|comparable (?:to|with)(?: an?| the)?(?:\s*[\w.-]{1,16}'s)?|\bvs\.?(?: an?| the)?|\bversus(?: an?| the)?|"
                            # "取代 EAGLE 的静态树", "replaces EAGLE's static tree", "instead of Medusa's": what a work replaces
                            r"(?:取代|代替|替代|替换掉?|replac(?:es|ing|ed)|supersed(?:es|ing)|instead of)\s*(?:[\w.-]{1,16}\s*(?:的|'s))?|"
                            # "Clear gains over on-demand loading": what a gain is measured over
                            r"(?:gains?|speed-?ups?|faster|improve(?:s|d|ments?)?|better|wins?|advantages?)\s+over|"
                            # "about 2.5x over chain drafting": a ratio over what it is measured against
                            r"\d(?:\.\d+)?\s*(?:[x×]|倍)\s+(?:faster\s+|speed-?up\s+)?over|"
                            # "Baseline is chain drafting", "the baseline uses static batching", "基线是…": the baseline's side
                            r"\bbaselines?\s+(?:is|are|was|were|uses?|used|being)(?:\s+(?:an?|the|plain|standard|vanilla))?|基线(?:是|为|用的是|采用))\s*$",
                            re.IGNORECASE)
#: Words right before a side cue that name it as a topic to talk about, not a property of the work: "讲动态树时", "介绍静态树",
#: "when we discuss dynamic trees", "a section on static batching".
_TOPIC_BEFORE = compile_lazy(r"(?:讲|讨论|介绍|聊|谈|说到|讲到|谈到|\bdiscuss(?:es|ing)?|\bcover(?:s|ing)?|\btalk(?:s|ing)? about|"
                           r"\bsection (?:on|about)|\bchapter (?:on|about))\s*(?:the\s+|a\s+)?$", re.IGNORECASE)
#: A clause whose subject is other works in general, up to a side cue: "almost every low-rank KV method fixes the basis offline",
#: "most prior systems are static", "现有方法大多是离线的".
_OTHERS_SUBJECT = compile_lazy(r"(?:^|[.;:,，；。：]\s*|\b(?:so|and|but)\s+)(?:almost\s+|nearly\s+)?(?:every|most|all|other|existing|prior|previous|earlier|many)"
                               r"\s+(?:[\w-]+\s+){0,4}?(?:methods?|works?|systems?|approaches?|papers?|techniques?)\b[^.;,，；。]*$"
                               r"|(?:现有|已有|其他|之前的|以往的?|大多数|多数)(?:的)?\s*[\w\u4e00-\u9fff-]{0,8}(?:方法|工作|系统|方案)[^，。；,;]*$",
                               re.IGNORECASE)
#: Words right before a side cue that make it ours, not the work's: "我们线上的 EAGLE 动态树", "our production dynamic batcher".
_OURS_BEFORE = compile_lazy(r"(?:我们|咱们)(?:线上|生产|现网|自己)?的?\s*[\w-]{0,12}\s*$|\bour (?:own |production |prod |deployed |in-house )?[\w-]{0,12}\s*$",
                            re.IGNORECASE)
#: A side cue naming the baseline a result is set against ("~2x over a synchronous fetch-then-compute baseline"): what
#: follows it within the phrase is the word baseline.
_BASELINE_AFTER = compile_lazy(r"[\w/-]*(?:\s+(?!(?:compared|than|vs|versus|with|over|against|and|or|to|by)\b)[\w/-]+){0,2}?\s*\b(?:baselines?|基线)\b",
                               re.IGNORECASE)
#: A field label that asks ("**是否需改模型**：", "Needs retraining?:", "Whether it modifies the model:"): its words
#: state nothing; the value after it does.
_QUESTION_LABEL = compile_lazy(r"^\W*(?P<name>[^:：?？\n]{1,40}[:：]\s+(?=[^:：\n]{2,40}[?？]\s*[:：]))?"  # ("KVQuant: Needs calibration?: no", a matrix cell)
                             r"(?P<q>(?:\*\*|__)?(?:[^:：\n]{0,24}(?:是否|是不是|有没有|要不要|whether)[^:：\n]{0,24}|[^:：\n]{2,40}[?？])"
                             r"(?:\*\*|__)?)\s*[:：]", re.IGNORECASE)
#: A field whose value is none ("draft_model: none separate", "training: none, …", "校准：无"): the key is what the work
#: does without.
_NONE_FIELD = compile_lazy(r"^[\s>*_-]*(?P<key>[A-Za-z][\w -]{1,28}?|[\u4e00-\u9fff]{2,8})\s*[*_]*\s*[:：=]\s*"
                         r"(?:none|not needed|not required|無|无|不需要)(?:\s+(?:separate|needed|required|at all))?"
                         r"(?=\s*(?:[,;.，；。(（]|$))", re.IGNORECASE)
#: A card field's key and its separator ("cuda_graphs: ", "| 校准数据 | ", "**Draft model** = ").
_FIELD_KEY = r"^[\s>*_|-]*(?P<key>[A-Za-z][\w -]{1,28}?|[\u4e00-\u9fff]{2,8})\s*[*_]*\s*[:：=|]\s*[*_]*\s*"
#: A field answered yes or no ("校准数据 | 要的，128 条 C4 片段", "Fine-tuning: required", "Draft model | no"): the key is what
#: the work needs, or does without.
_ANSWERED_FIELD = compile_lazy(_FIELD_KEY + r"(?:(?P<no>no|not needed|not required|不需要|不要|不用|否|✗|❌)|"
                               r"(?P<yes>yes|required|needed|要的|需要|必须|是的|✓|✔|✅))(?=\s*(?:[,;.，；。(（|]|$))", re.IGNORECASE)
#: A requirement removed: "removes the auxiliary loss entirely", "gets rid of the draft model", "does away with the need for
#: calibration", "去掉了辅助损失"; the words after it name what is no longer needed when ``_REQUIREMENT`` holds them.
_REMOVES = compile_lazy(r"\b(?:removes?|removed|removing|eliminates?|eliminated|eliminating|get(?:s|ting)? rid of|got rid of|"
                        r"do(?:es)? away with|did away with|dispenses? with|dispensed with|ditch(?:es|ed)?|drops? the need for)\s+"
                        r"(?:the\s+|any\s+|an?\s+|all\s+|its\s+|their\s+)?(?:need (?:for|of)\s+(?:the\s+|an?\s+|any\s+)?)?"
                        r"|(?:去掉|去除|摆脱|取消|省掉|砍掉)了?\s*(?:对)?", re.IGNORECASE)
#: Literals one of which every match of ``_REMOVES`` holds (lower-cased), and of ``_NEEDED_PASSIVE``: the patterns are asked only
#: where one occurs (most statements name no removal and no passive need).
_REMOVES_WORDS = ("remov", "elimin", "rid of", "away with", "dispens", "ditch", "need for", "去掉", "去除", "摆脱", "取消", "省掉", "砍掉")
_NEEDED_WORDS = ("required", "needed", "necessary", "mandatory", "a must", "hard requirement")
_REQUIREMENT = compile_lazy(r"^[^,;.:，；。：]{0,30}?(?:\blosse?s?\b|\bdraft(?:er| model)s?\b|\bcalibration\b|\bfine-?tuning\b|"
                            r"\bre-?training\b|\btraining\b|\bkernels?\b|\bpredictors?\b|损失|草稿模型|校准|微调|重训|训练|内核|预测器)",
                            re.IGNORECASE)
#: A field answered with whether it is supported ("cuda_graphs: compatible; decode is captured …", "FP8 | not supported"):
#: the key is what the work supports, or does not.
_SUPPORT_FIELD = compile_lazy(_FIELD_KEY + r"(?:(?P<no>incompatible|not (?:supported|compatible)|unsupported|does(?: not|n't) work|不支持|不兼容)|"
                              r"(?P<yes>compatible|supported|works|支持|兼容))(?=\s*(?:[,;.，；。(（|]|$))", re.IGNORECASE)
#: A need said in the passive, the thing first: "a draft model is not needed", "RDMA is required", "an RDMA NIC is mandatory".
_NEEDED_PASSIVE = compile_lazy(r"(?<![\w-])(?P<obj>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:is|are|was|were|remains?|stays?)\s+(?:still\s+|also\s+|absolutely\s+)?"
                               r"(?P<neg>not\s+|never\s+|no longer\s+)?(?:strictly\s+|really\s+)?"
                               r"(?:required|needed|necessary|mandatory|a must|a hard requirement)\b"
                               r"|(?<![\w-])(?P<obj2>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:isn't|aren't|wasn't|weren't)\s+(?:strictly\s+|really\s+)?"
                               r"(?:required|needed|necessary|mandatory)\b", re.IGNORECASE)
#: What a work cannot run without: "没有 RDMA 网卡压根起不来", "won't start without an RDMA NIC", "doesn't run without TMA".
_CANNOT_WITHOUT = compile_lazy(r"没有\s*(?P<zh>[^，。；,;]{1,20}?)\s*(?:就|压根|根本|完全)?(?:起不来|跑不起来|跑不了|用不了|不能用|不能跑|无法运行|无法启动|启动不了|编译不过)"
                               r"|\b(?:won't|will not|can't|cannot|does(?:n't| not)|do(?:n't| not)) (?:even )?(?:run|start|work|launch|build|compile|boot)"
                               r" without (?P<en>(?:an? |the |any )?[\w-]+(?: [\w-]+){0,2})", re.IGNORECASE)
#: Words before a passive need that name no thing a work needs: "what is needed", "more work is needed".
_NOT_A_NEED = compile_lazy(r"^(?:what|which|that|this|it|nothing|something|anything|more|further|less|care|caution|work|"
                           r"evaluation|testing|validation|investigation)\b", re.IGNORECASE)
#: A part of what a work acts on, denied the act: "about 6% of the context is never quantized", "some layers are not pruned",
#: "the most recent 128 tokens are not quantized", "一部分层不量化".
_PART_DENIED = compile_lazy(r"(?:\b\d+(?:\.\d+)?\s*%\s*of\b|\b(?:some|part|parts|a few|a fraction|a small (?:part|fraction|share))\b(?:\s+of\b)?|"
                          r"\bthe (?:most )?(?:recent|first|last|latest) (?:\d+|few)\b|(?:一部分|少部分|小部分|(?<![\u4e00-\u9fff])部分|少数|最近的?\s*\d+))[^.;!?。；]{0,40}"
                          r"(?:\b(?:is|are|was|were|gets?|get|stays?|remain)\s+)?(?:\b(?:never|not)\s+|不|没有?)?$", re.IGNORECASE)
#: A denial right before a "-free" word: "is not actually training-free", "isn't tuning-free", "并不是 training-free".
_NOT_FREE = compile_lazy(r"(?:\b(?:not|isn'?t|aren'?t|never|hardly)\s+(?:[\w-]+\s+)?|(?:不是|并非|并不是)\s*)$", re.IGNORECASE)
#: A yes/no answer opening a question's value: "no, tuning-free", "yes, small calibration set", "否", "✗".
_ANSWER = compile_lazy(r"\s*(?:(?P<no>no\b|not\b|none\b|否|不(?:需要|用|必)?|无|✗|×|❌)|(?P<yes>yes\b|是|需要|要|✓|✔|✅))", re.IGNORECASE)


def answered_value(text: str) -> str:
    """The value of a field whose label asks (``"**是否需改模型**：无需修改模型…"`` -> ``"无需修改模型…"``, "Needs
    retraining?: no" -> "no"), which is the statement; any other text as it is."""
    m = _QUESTION_LABEL.match(text)
    return text[m.end():] if m and text[m.end():].strip() else text


#: A gerund as the subject of what someone argues ("the paper argues dropping heads breaks …"), followed by
#: a consequence: the verb names a hypothetical, not what the work does.
_GERUND_SUBJECT = compile_lazy(r"(?:^|[,;:，；：]\s*|\b(?:argues?|argued|says?|said|shows?|showed|finds?|found|claims?|notes?|that|"
                             r"because|since|why)\s+)$", re.IGNORECASE)
_CONSEQUENCE = compile_lazy(r"\s+(?:\w+\s+){0,3}?(?:breaks?|hurts?|harms?|degrades?|kills?|ruins?|would|will|can|could|causes?|"
                          r"leads?|costs?|loses?|is (?:bad|harmful|risky))\b", re.IGNORECASE)
#: The object before a denied passive verb: "no head is ever pruned", "no layer gets quantized".
_PASSIVE_DENIED = compile_lazy(r"\bno\s+(?P<obj>(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:is|are|was|were|gets?|got|needs? to be|has to be|must be)\s+(?:ever\s+)?$",
                             re.IGNORECASE)
#: Keeping every one of something: "keeps all heads' cache", "every head keeps some cache", "保留所有头".
_KEEPS_ALL = compile_lazy(r"\b(?:keeps?|retains?|preserves?)\s+(?:the\s+)?(?:caches?\s+of\s+)?(?:all|every|each)\s+(?P<obj>[\w-]+(?:'s?|’s?)?)"
                        r"|\b(?:every|each|all)\s+(?P<obj2>[\w-]+)\s+(?:keeps?|retains?)\b|(?:保留|保持)(?:所有|全部|每个)(?P<obj3>[\u4e00-\u9fff]{1,4})",
                        re.IGNORECASE)

#: A need denied with its object before the participle ("no warp specialisation needed") or after
#: "without" where "without" means "not needing" ("works without access to attention scores", "without
#: needing RDMA"); a bare "without X" is left alone ("without it accuracy falls off" says X is needed).
_OPEN_NEG_NEED = compile_lazy(
    r"\b(?:no|without)\s+(?P<np>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:is\s+|are\s+)?(?:needed|required|necessary)\b"
    r"|\b(?:works?|runs?|operates?|functions?)\s+(?:\w+\s+)?without\s+(?:access\s+to\s+)?"
    r"|\bwithout\s+(?:needing|requiring|relying\s+on|access\s+to)\s+"
    r"|(?:不需要|无需|不依赖|不用)(?=\s*[A-Za-z])"
    # "uses Jacobi iterations without a draft model": an object the lexicon names only (group ``bare``)
    r"|(?P<bare>\bwithout\s+(?:a|an|any)\s+)", re.IGNORECASE)
#: Where what a verb takes ends: what follows "without" ("uses Jacobi iterations without a draft model") is not taken.
_WITHOUT = compile_lazy(r"\bwithout\b|无需|不需要|而不(?:用|需)")
_AS_SHIPPED = compile_lazy(r"\b(?:unmodified|stock|off-the-shelf|vanilla)\s+(?=[A-Z]|kernels?\b|models?\b|checkpoints?\b)")
_SUPPORT_LACKED = compile_lazy(
    r"\s(?:is|are)\s+(?:listed\s+as|left\s+(?:as|for|to)|planned\s+as|deferred\s+to|marked\s+as)\s+(?:a\s+)?future\s+work"
    r"|\s(?:is|are)\s+not\s+(?:yet\s+)?supported|(?:被)?(?:留作|列为|列入|作为)(?:未来|后续)工作|(?:尚|暂|还)不支持(?P<np>\s*[^，。；,;]{1,20})?"
    r"|\bno\s+(?P<np2>[\w-]+(?:\s+[\w-]+)?)\s+support\b",
    re.IGNORECASE)
_SUPPORT_ADDED = compile_lazy(r"\bnew in v\d+\s*[:：]\s*|\b(?:v\d+|version \d+)\s+(?:adds?|added|introduces?|introduced|ships?)\s+"
                            r"|\bnow supports?\s+|v\d+\s*(?:中|里)?\s*(?:新增|加入|增加)(?:了)?\s*", re.IGNORECASE)
_OPEN_END = compile_lazy(r"[,.;:!?()\[\]{}（），。；：！？、“”\"']|\s(?:for|to|in|on|at|when|while|because|so|and|or|but|with|"
                       r"from|by|of|if|as|than|that|which|before|after|since|is|are|was|were|over|across|via|per)\b|\s[-–—]\s", re.IGNORECASE)


def _stem(t: str) -> str:
    t = t.replace("isation", "ization").replace("ise", "ize") if len(t) > 5 else t
    return t[:-1] if len(t) > 4 and t.endswith("s") and not t.endswith("ss") else t


def _fold(t: str) -> str:
    """A stemmed word (``_stem``) with its action or agent noun folded to one form, to compare objects:
    "prediction" = "predictor" = "predict", "compression" = "compressor", "estimation" = "estimator"."""
    if len(t) > 6 and t.endswith("ing"):
        t = t[:-3]  # "rescaling" = "rescale", "caching" = "cache": the act is the thing
    elif len(t) > 5 and t.endswith("e"):
        t = t[:-1]
    if len(t) > 7 and t.endswith(("ation", "ator")):
        return t[:-5] if t.endswith("ation") else t[:-4]
    if len(t) > 6 and t.endswith(("tion", "sion")):
        return t[:-3]
    if len(t) > 6 and t.endswith(("tor", "sor")):
        return t[:-2]
    return t


def open_object(after: str, lexicon: Lexicon | None = None) -> str | None:
    """The object a need names when the lexicon has no name for it: the words right after the verb up to a
    preposition, conjunction or punctuation, without determiners and the lexicon's
    ``facts.open_object_stopwords``, stemmed and joined (``"an RDMA-capable interconnect (…)"`` ->
    ``"~capable+interconnect+rdma"``; a Chinese object as written, ``"~专用网卡"``), or None ("needs to
    …", "needs it")."""
    lex = lexicon or load_lexicon()
    stop = _open_stop(lex)
    m = _OPEN_END.search(after)
    seg = after[:m.start()] if m else after
    if re.match(r"\s*[\u4e00-\u9fff]", seg):
        zh = re.match(r"\s*([\u4e00-\u9fff]{2,10})", seg)
        if not zh:
            return None
        z = zh.group(1)
        for w in sorted((w for w in stop if re.search(r"[\u4e00-\u9fff]", w)), key=len, reverse=True):
            z = z.removeprefix(w)
        return f"~{z}" if len(z) >= 2 else None
    words = re.findall(r"[A-Za-z][\w-]*", seg)[:5]
    toks = sorted({_stem(t) for w in words for t in w.lower().split("-") if t and t not in stop and len(t) >= 2})
    return "~" + "+".join(toks) if toks else None


_STOP_CACHE: dict[int, frozenset[str]] = {}


def _open_stop(lex: Lexicon) -> frozenset[str]:
    got = _STOP_CACHE.get(id(lex))
    if got is None:
        got = _STOP_CACHE[id(lex)] = frozenset(lex.raw.get("facts", {}).get("open_object_stopwords", []))
    return got


def open_objects_match(a: str, b: str) -> bool:
    """Whether two open objects (``open_object``) name the same thing: one's words are all among the
    other's ("rdma" in "capable+interconnect+rdma"; "predictor" counts as "prediction", ``_fold``), or one
    Chinese object holds the other or three quarters of its character pairs ("预测输出长度" / "输出长度预测器")."""
    a, b = a.removeprefix("~"), b.removeprefix("~")
    if re.search(r"[\u4e00-\u9fff]", a + b):
        if len(min(a, b, key=len)) >= 2 and (a in b or b in a):
            return True
        # "预测输出长度" / "输出长度预测器": the same words in another order; most of the shorter's
        # character pairs are in the longer
        pa, pb = ({x[i:i + 2] for i in range(len(x) - 1)} for x in (a, b))
        short, long_ = (pa, pb) if len(pa) <= len(pb) else (pb, pa)
        if len(short) >= 3 and len(short & long_) >= 0.75 * len(short):
            return True
        # "长度预测器" / "预测输出长度": the same words, one of them as a noun ("predictor"); most of the shorter's
        # characters are the longer's
        ca, cb = (set(x.replace("的", "")) for x in (a, b))
        cs, cl = (ca, cb) if len(ca) <= len(cb) else (cb, ca)
        return len(cs) >= 4 and len(cs & cl) >= 0.75 * len(cs)
    syn = _open_synonyms(load_lexicon())
    sa, sb = ({syn.get(f, f) for f in (_fold(w) for w in x.split("+"))} for x in (a, b))
    return bool(sa and sb) and (sa <= sb or sb <= sa)


_SYN_CACHE: dict[int, dict[str, str]] = {}


def _open_synonyms(lex: Lexicon) -> dict[str, str]:
    """Stemmed word -> the one word its synonyms are compared as, from the lexicon's ``facts.open_object_synonyms``
    ("a separate prefill cluster" names what "dedicated prefill instances" do: both a ``pool``)."""
    got = _SYN_CACHE.get(id(lex))
    if got is None:
        groups = lex.raw.get("facts", {}).get("open_object_synonyms", {})
        got = _SYN_CACHE[id(lex)] = {_fold(_stem(w)): name for name, words in groups.items() for w in words}
    return got


_WORD_GAP = compile_lazy(r"[\s\w\-'’]{0,40}?", re.UNICODE)


#: A requirement around a verb: a need before it ("requires retraining", "需要额外训练", "要先微调"),
#: a need denied ("无需微调", "without any fine-tuning", "no retraining"), or "-free" / "is required" after it.
_NEED_BEFORE = compile_lazy(r"(?:\b(?:requir\w*|needs?|needed|necessitat\w*|must|has to|have to|without|no|zero|pays? for|incurs?)\b|"
                          r"需要|需|必须|要先|无需|无须|不需要|不用|不必|免)[\s\w-]{0,20}$|(?:需要|必须|要先|无需|不需要|不用|免)"
                          r"[\u4e00-\u9fff]{0,4}$|(?<![主重只想还不将快])(?:要|得)(?:单独|额外|另外|专门|重新|先)\s*$"
                          # "得先在校准集上把旋转矩阵训出来": what must be done first, to the clause's verb
                          r"|(?<![主重只想还不将快])(?:得|要|必须|需要)先[^，。；,;!?！？]{0,20}$", re.IGNORECASE)
_NEED_AFTER = compile_lazy(r"\w*[- ]?free\b|\w*\s*(?:of any kind\s*)?(?:is|are)?\s*(?:required|needed|necessary)\b", re.IGNORECASE)


def need_framed(text: str, verb: str, lexicon: Lexicon | None = None) -> bool:
    """Whether ``text`` writes the lexicon verb ``verb`` as something the work needs or does not need ("requires
    retraining", "training-free", "无需微调", "no fine-tuning of any kind is required") rather than as
    narration ("训练时将 action token 替换…", "差距来自方法本质的不同，而非训练时长").

    >>> need_framed("LayerSkip 需要额外训练", "train"), need_framed("训练时对条件帧加噪声", "train")
    (True, False)
    """
    cues = _cues(lexicon or load_lexicon())
    for v, pat in cues.verbs:
        if v != verb:
            continue
        for m in pat.finditer(text):
            if _NEED_BEFORE.search(text[max(0, m.start() - 24):m.start()]) or _NEED_AFTER.match(text, m.end()):
                return True
    return False


#: An open object that is a part of a model: a layer, the router or gate, a head, the attention, the weights.
_MODEL_PART = compile_lazy(r"层|路由|门控|gate|router|layer|head|注意力|attention|embedding|权重|参数|weights?", re.IGNORECASE)
#: A thing said to be optional: "RDMA is optional", "GPUDirect is optional", "RDMA 是可选的", "RDMA 可选".
_OPTIONAL = compile_lazy(r"(?P<np>(?<![\w/-])[A-Za-z][\w/-]{0,30}(?:\s+[A-Za-z][\w/-]{0,30}){0,2})\s*(?P<tail>(?:is|are)\s+(?:only\s+|entirely\s+|fully\s+)?"
                       r"optional\b|(?:是)?可选的?(?![\u4e00-\u9fff]))", re.IGNORECASE)
#: A thing one of two ways to run, so not needed: "works over plain TCP as well as RDMA", "runs with or without
#: NVLink", "falls back to TCP when no RDMA NIC is present".
_ALTERNATIVE = compile_lazy(r"\b(?:works?|runs?|operates?|communicates?)\s+(?:over|on|with|across)\s+[^.;:]{1,40}?\s+as well as\s+"
                          r"(?P<np>[A-Za-z][\w/-]{0,30}(?:\s+[A-Za-z][\w/-]{0,30}){0,1})|"
                          r"\bwith or without\s+(?:an?\s+|the\s+)?(?P<np2>[A-Za-z][\w/-]{0,30}(?:\s+[A-Za-z][\w/-]{0,30}){0,1})|"
                          r"\bfalls? back to\s+[^.;:]{1,30}?\s+(?:when|where|if)\s+(?:there is\s+)?no\s+(?P<np3>[A-Za-z][\w/-]{0,30})",
                          re.IGNORECASE)
#: What stands between a Chinese topic and its verb of change ("内核不用做任何改动", "模型本身要改"): an object before it
#: is what is (not) changed.
_ZH_TOPIC_BEFORE = compile_lazy(r"(?:本身)?\s*(?:都|也|完全|根本|基本上?)?\s*(?:不用|不需要|无需|不必|没有|没|不|需要|要|得|必须)\s*"
                              r"(?:做|进行|作)?\s*(?:任何|额外的?|一点|什么)?\s*(?:的)?\s*$")
#: A Chinese verb right after "无需" / "毋须" (that verb is the need denied): "无需修改模型", "无需任何微调".
_ZH_CHANGE_AFTER = compile_lazy(r"\s*(?:任何|额外的?|再)?\s*(?:修改|改动|改变)")
#: A must before a verb of making ("得专门写定制的 CUDA kernel", "must implement its own kernel", "has to write a custom
#: kernel"): what is made is what the work needs (lexicon ``facts.predicate_verbs.need``).
_ZH_VERB_AFTER = compile_lazy(r"\s*(?:做|进行|作)?\s*(?:任何|额外的?|再)?\s*(?:修改|改动|改造|改|动(?!态)|碰|微调|训练|重新训练|重训|校准|调参|预训练|蒸馏|剪枝|量化|重写)"
                              r"(?!数据|集|样本|语料)")  # ("无需校准数据": a noun, the thing not needed)
#: A bracketed aside ("(`csrc/x.cu`, gating + attention in one pass)"): skipped when a pronoun looks back for its noun.
_BRACKETED = compile_lazy(r"[(（][^()（）]{0,120}[)）]|`[^`]{0,80}`")


#: A claim reported, then answered in two words the other way: "… claims the method needs no shape bucketing. It does.",
#: "the card says it is not merged. It is." (the answer's verb is the claim's auxiliary, so it flips the claim).
_REBUTTED = compile_lazy(r"\b(?:claims?|claimed|says?|said|reports?|reported|states?|stated|asserts?|asserted)\s+(?:that\s+)?"
                         r"(?P<r>[^.;!?]{3,160})[.;]\s+(?:It|They|That|This|The method|The paper)\s+(?:does|do|did|is|are|was|were|can|will)\s*[.!]")


def predicates(text: str, lexicon: Lexicon | None = None) -> tuple[str, ...]:
    """``±verb:objects`` for every verb of the lexicon ``text`` uses (see the module docstring).

    >>> predicates("QuaRot does not quantize the KV cache")
    ('-quantize:kv_cache',)
    >>> predicates("无需修改模型结构、无需任何微调")
    ('-fine_tune:', '-modify:architecture,model')
    """
    lex = lexicon or load_lexicon()
    if _HANDLED_FIELD.match(text):
        return ()  # "处理：已改。", "Status: fixed": how a comment was handled, nothing the work does
    rebutted = _REBUTTED.search(text)  # (read before ``_unsaid``, which blanks the report's "X claims")
    text = _unsaid(text)  # a claim named, quoted to be disputed, or said only to be contradicted: not made
    cues = _cues(lex)
    out: set[str] = set()
    if rebutted:
        # "The newsletter … claims the method needs no shape bucketing. It does.": the claim reported is answered the other
        # way, so its predicates hold with the other sign; the reported words assert nothing else
        out.update(("-" if p[0] == "+" else "+") + p[1:] for p in predicates(rebutted.group("r"), lex))
        text = text[:rebutted.start("r")] + " " * len(rebutted.group("r")) + text[rebutted.end("r"):]
    our_doc = bool(_OUR_DOC.search(text))  # once per statement, not once per verb
    label = _QUESTION_LABEL.match(text)
    asked: set[str] = set()
    if label:  # "**是否需改模型**：无需修改模型": the field's label asks, its value answers
        ans = _ANSWER.match(text, label.end())
        if ans and (ans.group("no") or ans.group("yes")) and not _QUESTION_LABEL.match(label.group("q")):
            # "Needs calibration?: no" (a matrix row asking, a cell answering): the question's predicates, denied by a no
            got = predicates(re.sub(r"[?？*_]", " ", label.group("q")), lex)
            asked = {("-" if p[0] == "+" else "+") + p[1:] if ans.group("no") else p for p in got}
        text = " " * label.end() + text[label.end():]
    none = _NONE_FIELD.match(text)
    if none and not label:
        # "draft_model: none separate", "training: none, the skip set is …": a card's field with no value is the
        # thing denied, read as "needs no draft model" / "needs no training"
        out.update(predicates("needs no " + re.sub(r"[_*]+", " ", none.group("key")).strip(), lex))
    elif not label and (said := _ANSWERED_FIELD.match(text)):
        # "校准数据 | 要的": a card's field answered yes or no is the key needed or not, when the lexicon names what the key is
        key = re.sub(r"[_*]+", " ", said.group("key")).strip()
        asked = {p for p in predicates(("needs no " if said.group("no") else "needs ") + key, lex) if "~" not in p}
        if asked:  # "训练 | 否": the key's own verb is no statement of its own
            text = " " * said.end() + text[said.end():]
    elif not label and (said := _SUPPORT_FIELD.match(text)):
        # "cuda_graphs: compatible": the key supported, or not
        key = re.sub(r"[_*]+", " ", said.group("key")).strip()
        asked = set(predicates(("does not support " if said.group("no") else "supports ") + key, lex))
        text = " " * said.end() + text[said.end():]
    for verb, pat in cues.verbs:
        for m in pat.finditer(text):
            rest = text[m.end():m.end() + 8]
            if m.start() >= 2 and text[m.start() - 1] == "-" and text[m.start() - 2].isalnum() \
                    and re.match(r"-[A-Za-z0-9]", text[m.end():m.end() + 2]):
                continue  # "R1-Distill-Qwen-7B": a word inside a model's name, no act
            if _ATTRIBUTIVE.match(text, m.end()) and re.search(r"(?:ed|en)$", m.group(), re.I) \
                    and _BEFORE_ATTRIBUTIVE.search(text[max(0, m.start() - 12):m.start()]):
                continue  # "Evicted KV entries are merged …", "the dropped tokens": a participle naming a thing, no act
            if re.search(r"(?:ed|en)$", m.group(), re.I) \
                    and re.search(r"\b(?:a|an|the|one|its|their|this|that)\s+(?:(?!(?:is|are|was|were|be|been|gets?|got|becomes?|became|stays?|"
                                  r"remains?)\b)[a-z][\w-]*\s+){0,2}$", text[max(0, m.start() - 30):m.start()], re.I) \
                    and not re.match(r"\s+(?:first|jointly|again|separately|later|too|once|beforehand|offline|online|end-to-end|together)\b",
                                     text[m.end():], re.I) \
                    and re.match(r"\s+[a-z][\w-]*(?=\s*(?:[.,;:!?)]|$)|\s+(?:and|or|for|with|that|which|per)\b)", text[m.end():], re.I):
                continue  # "need a small trained router.", "a fine-tuned model for …": a participle describing a thing
            if re.match(r"\w*\s*[:：]", rest) and m.start() < 3 and not re.search(r"不|无|免|\bno\b", text[:m.start()], re.I):
                continue  # "Fine-tuning: …": a label, not a statement ("不需要校准数据：…" is one)
            if re.match(r"\w*\s*[:：=]\s*[~≈]?\s*\d", rest):
                continue  # "38 ms p50 (recompute: 410 ms)": the label of a figure (a baseline's), no act
            if _GERUND_SUBJECT.search(text[max(0, m.start() - 24):m.start()]) and \
                    re.match(r"ing\b", text[m.end() - 3:m.end()]) and _CONSEQUENCE.match(text, m.end()):
                continue  # "the paper argues dropping heads breaks retrieval": a hypothetical, not what the work does
            change_of_kernel = False
            if verb == "need" and m.group() in ("需", "须", "用") and _ZH_VERB_AFTER.match(text, m.end()):
                # "无需任何微调": the verb after it is what is denied, read as that verb; "无需改动注意力内核" is also a
                # kernel not needed, as "does not need changes to the kernel" is (a custom kernel is a thing a work
                # needs or not; "无需修改模型结构" is no model not needed: fine-tuning needs one and keeps it)
                change_of_kernel = bool(_ZH_CHANGE_AFTER.match(text, m.end()))
                if not change_of_kernel:
                    continue
            passive = _PASSIVE_DENIED.search(text[max(0, m.start() - 40):m.start()])
            if passive:  # "no head is ever pruned": the object before the passive verb, denied
                objs = sorted({name for name, op in cues.objects if op.search(passive.group("obj"))} - {verb})
                if objs:
                    out.add(f"-{verb}:{','.join(objs)}")
                    continue
            free = bool(re.match(r"\w*[- ]?free\b", rest, re.IGNORECASE))
            neg = (_negated_at(cues, text, m.start()) or free
                   # "replaces dequantize-then-multiply with table lookups", "avoids recomputation": what it does without (an
                   # act only: "replaces the online Hadamards" does not make the work offline)
                   or bool(_DONE_WITHOUT.search(text, max(0, m.start() - 40), m.start()))
                   or m.group().lower().startswith("incompatible") or text[max(0, m.start() - 1):m.start()] == "不"
                   or m.group() == "用不着"
                   # "no extra training", "without any fine-tuning": the noun is denied
                   or bool(re.search(r"\b(?:no|without|zero)\s+(?:extra|additional|further|any|more|separate|special)\s*$",
                                     text[max(0, m.start() - 24):m.start()], re.I))
                   # "there are no energy measurements", "no recomputation": the thing done, denied right before it (a
                   # denial of existence, which leaves a qualifier standing, is the denial of the act here)
                   or bool(re.search(r"\b(?:no|zero)\s+$", text[max(0, m.start() - 8):m.start()], re.I))
                   # "needs no prefill recompute.": a noun two words after "no", nothing after it
                   or bool(re.search(r"\b(?:no|zero)\s+(?:[\w-]+\s+){1,2}$", text[max(0, m.start() - 30):m.start()], re.I)
                           and re.match(r"\w*\s*(?:[.,;:!?)，。；：]|$)", text[m.end():]))
                   or bool(re.match(r"\w*\s+(?:no|neither|nothing)\b", rest, re.I)))  # "needs no training"
            if free and (_negated_at(cues, text, m.start()) or _NOT_FREE.search(text, max(0, m.start() - 24), m.start())):
                neg = False  # "is not (actually) training-free": it is trained after all
            if neg and _PART_DENIED.search(re.split(r"[,;:，；：。]", text[max(0, m.start() - 60):m.start()])[-1]):
                continue  # "about 6% of the context is never quantized": a part left out, no denial of the work's act
            # "训练阶段就模拟多步草稿", "training-time test": the verb names when something happens, it takes no object
            tail = "" if re.match(r"(?:阶段|时|过程|期间|中|的时候)|[- ](?:time|stage|phase)\b", text[m.end():m.end() + 6]) \
                else text[m.end():m.end() + 48]
            tail = re.split(r"[;。；!?！？、，]|\.(?!\d)|——|,\s*(?:but|and then|so|which|that|making|so that)\b", tail)[0]
            # "不依赖 RDMA：KV 走普通 TCP", "needs no calibration data: it rounds …": the object ends at a colon
            tail = re.split(r"(?<=\S)\s*[:：]", tail, maxsplit=1)[0]
            # "uses Jacobi iterations without a draft model": what follows "without" is not what it uses or needs
            tail = _WITHOUT.split(tail, maxsplit=1)[0]
            if verb == "need" and re.match(r"(?:build|built|construct|maintain|train)", m.group(), re.IGNORECASE):
                # "builds a retrieval index over the KV cache": what is built, not what it is built over
                tail = re.split(r"\s(?:over|on|for|from|with|across|of|in)\s", tail, maxsplit=1)[0]
            elif verb == "need" and not re.match(r"(?:需|须|依赖|用)", m.group()):
                # "requires RDMA (InfiniBand or RoCE) for the KV transfer": what is needed, not what it is needed for
                tail = re.split(r"\s(?:for|so that|in order to|between|during|when|whenever)\s", tail, maxsplit=1)[0]
            elif verb == "add":
                # "adds extra decoding heads on the frozen backbone": what is added, not what it is added to
                tail = re.split(r"\s(?:on|onto|to|atop|on top of|over|into|in)\s", tail, maxsplit=1)[0]
            compound = _NO_THING_CHANGES.search(text, max(0, m.start() - 30), m.start()) if verb == "modify" else None
            if compound and re.fullmatch(r"(?:chang|modif|patch|edit)\w*(?:s|ions?)", m.group(), re.IGNORECASE):
                # "no weight changes", "no kernel modifications": the noun before the change is what is (not) changed
                neg, tail = True, compound.group("obj")
            objs = sorted({name for name, op in cues.objects if op.search(tail)} - {verb})
            if not objs and verb == "recompute" and not m.group().isascii():
                # "每块开头的 16 个“锚点 token”会重新算一遍": the object stands before the verb
                objs = sorted({name for name, op in cues.objects if op.search(text[max(0, m.start() - 20):m.start()])} - {verb})
            if not objs and verb == "modify" and not m.group().isascii():
                # "注意力内核不用做任何改动", "模型本身要改": the object comes first (a topic), then the (denied) change
                topic = _ZH_TOPIC_BEFORE.search(text, max(0, m.start() - 40), m.start())
                if topic is not None:
                    head = text[max(0, m.start() - 40):topic.start()].rstrip()
                    objs = sorted({name for name, op in cues.objects
                                   if any(x.end() == len(head) for x in op.finditer(head))} - {verb})
                    if objs == ["kernel"] and neg:
                        out.add("-need:kernel")  # (a kernel left as it is: no custom kernel needed, as "无需改动注意力内核")
                if not objs:
                    # "改了 NVIDIA 开源驱动", "改驱动": an object the lexicon does not name is kept as written (a changed
                    # driver is no changed kernel); none written, the change names no object
                    np = open_object(re.sub(r"^\s*(?:了|过|一下|掉|好)\s*", "", text[m.end():m.end() + 60]), lex)
                    # ("需要修改路由层": a part of the model changed is the model changed, as "无需修改模型" denies)
                    objs = [] if np is None else ["model", np] if _MODEL_PART.search(np) else [np]
            if change_of_kernel:
                if "kernel" not in objs:
                    continue
                objs = ["kernel"]
            if not objs and re.search(r"\b(?:is|are|was|were|gets|got)\s+(?:being\s+|also\s+|then\s+)?$", text[max(0, m.start() - 16):m.start()], re.I):
                # "The router is fine-tuned for 2,000 steps": the object is the passive's subject
                subject = re.split(r"[.;,。；，!?！？]", text[max(0, m.start() - 60):m.start()])[-1]
                objs = sorted({name for name, op in cues.objects if op.search(subject)} - {verb})
            if not objs and re.match(r"\s*(?:it|them|this|that|one)\b", tail, re.I):
                # "ships its own CUDA kernel (…) and requires it": the pronoun stands for the object named before
                before = re.split(r"[;。；!?！？]|\.(?=\s|$)", _BRACKETED.sub(" ", text[max(0, m.start() - 160):m.start()]))[-1]
                objs = sorted({name for name, op in cues.objects if op.search(before)} - {verb})
            if verb == "modify" and not objs and our_doc:
                continue  # "文档 2.3 漏了这一点……可以不改", "the doc needs no change": an edit of our document, not the work
            if verb == "modify" and objs == ["model"]:
                objs = ["model", "weights"]  # "修改模型", "a change to the model itself": its weights too
            if verb == "migrate" and objs:
                # "live-migrates running requests, KV cache included": what moves is what it names first, the
                # cache with it ("does not migrate requests that are already decoding")
                first = open_object(text[m.end():m.end() + 60], lex)
                if first is not None:
                    objs = [*objs, first]
            if verb in ("need", "support", "use", "migrate") and not objs:
                # "requires an RDMA-capable interconnect", "relies on warp specialisation": an object the
                # lexicon does not name is kept as written (``~rdma+capable+interconnect``)
                np = open_object(_WITHOUT.split(text[m.end():m.end() + 60], maxsplit=1)[0], lex)
                if np is None and verb == "migrate" and neg:
                    # "其实不做实时迁移", "it does not migrate at all": a migration denied outright, of anything
                    out.add("-migrate:")
                    continue
                if np is None:
                    continue  # "no fine-tuning … is required": the object of a negated need is the negated verb
                objs = [np]
            out.add(f"{'-' if neg else '+'}{verb}:{','.join(objs)}")
            if verb == "train" and not neg and (re.fullmatch(r"(?:re)?train(?:s|ed)?|distill?(?:s|ed)?", m.group(), re.I)
                                                 # "需另外训练一个 68M 的小草稿模型": a training the work needs
                                                 or (re.fullmatch(r"(?:重新)?训练?", m.group())
                                                     and re.search(r"(?:需要?|要|得|必须)\s*(?:另外|单独|专门|额外|再)?\s*(?:重新)?$",
                                                                   text[max(0, m.start() - 8):m.start()]))) \
                    and cues.add_is_need & set(objs) and not _FOR_A_BASELINE.search(text):
                # "it trains a separate small draft model" states what "does not need a separate draft model" denies
                # (a verb: "ZeRO-3 training of the draft model" narrates how one was made)
                out.add("+need:" + ",".join(sorted(cues.add_is_need & set(objs))))
        # "no X (of any kind) is required", "without X": X is the negated verb
    # "a custom kernel is needed", "No custom kernel needed": the object comes before a passive need
    for name, op in cues.objects:
        for m in op.finditer(text):
            after = text[m.end():m.end() + 24]
            if not re.match(r"\s*(?:is|are|was|were)?\s*(?:still\s+)?(?:needed|required)\b|\s*(?:是)?(?:必需|必须)的?", after, re.I):
                continue
            before = text[max(0, m.start() - 24):m.start()]
            neg = bool(re.search(r"(?:\bno|\bwithout|\bnot|不|无)\s*(?:\w+[\s-]+){0,2}$", before, re.I)) or \
                bool(re.match(r"\s*(?:is|are|was|were)\s+not\b", after, re.I))
            out.discard(f"{'+' if neg else '-'}need:{name}")
            out.add(f"{'-' if neg else '+'}need:{name}")
    # "draft-model-free", "calibration-data-free": the object is not needed ("NOT draft-model-free": it is)
    for fm in re.finditer(r"(?:-|\s)free\b(?!\s+(?:of|to|for|from|up)\b)", text, re.I):
        # the object written right before "-free", the longest ("draft-model-free" is no "model-free")
        before_free = [(m.start(), name) for name, op in cues.objects for m in op.finditer(text[:fm.start()])
                       if m.end() == fm.start()]
        if not before_free:
            continue
        start, name = min(before_free)
        neg = not re.search(r"\b(?:not|isn'?t|aren'?t|never|hardly)\s+(?:[\w-]+\s+)?$|(?:不是|并非|并不是)\s*$",
                            text[max(0, start - 20):start], re.I)
        out.discard(f"{'+' if neg else '-'}need:{name}")
        out.add(f"{'-' if neg else '+'}need:{name}")
    # "produced without any calibration data", "without extra calibration data": an object the lexicon names, done
    # without ("without calibration data the accuracy drops 5 points" is an ablation, no claim)
    # "there is no separate draft model to train or host", "no extra calibration set": an object set apart as an extra, absent
    for name, op in (cues.objects if re.search(r"\b(?:without|no)\b", text, re.I) else ()):
        for m in op.finditer(text):
            if re.search(r"\b(?:without\s+(?:any|extra|additional|separate|external)|(?:no|zero)\s+(?:extra|additional|separate|"
                         r"external|dedicated))\s+(?:extra\s+|additional\s+|separate\s+|external\s+|small\s+)?$",
                         text[max(0, m.start() - 32):m.start()], re.I) and f"+need:{name}" not in out:
                out.add(f"-need:{name}")
                break
    # "It needs TMA/wgmma, Hopper only", "Linux only": what the work runs on alone is a need
    for m in _ONLY_ON.finditer(text):
        np = open_object(m.group("np"), lex)
        if np is not None and not _negated_at(cues, text, m.start()):
            out.add(f"+need:{np}")
    # "no warp specialisation needed", "works without access to attention scores": an open object denied
    if not any(p.startswith("-need:") for p in out):
        for m in _OPEN_NEG_NEED.finditer(text):
            seg = m.group("np") or text[m.end():m.end() + 60]
            end = _OPEN_END.search(seg)
            named = sorted({name for name, op in cues.objects if op.search(seg[:end.start()] if end else seg)})
            if named:  # "works without a draft model": an object the lexicon names is named as the lexicon does
                out.discard(f"+need:{','.join(named)}")
                out.add(f"-need:{','.join(named)}")
                continue
            if m.group("bare"):
                continue  # ("runs without a hitch": a bare "without a" denies only what the lexicon names)
            np = open_object(seg, lex)
            if np is not None:
                out.discard(f"+need:{np}")
                out.add(f"-need:{np}")
    # "RDMA is optional; the TCP transport works out of the box", "RDMA 是可选的": what is optional is not needed
    for m in (_OPTIONAL.finditer(text) if ("optional" in text or "可选" in text) else ()):
        if _negated_at(cues, text, m.start("tail")):
            continue  # ("RDMA is not optional": it is needed, said by the need it denies)
        named = sorted({name for name, op in cues.objects if op.search(m.group("np"))})
        np = ",".join(named) if named else open_object(m.group("np"), lex)
        if np and f"+need:{np}" not in out:
            out.add(f"-need:{np}")
    # "works over plain TCP as well as RDMA", "falls back to TCP when no RDMA NIC is present": one of two ways is needed by
    # neither
    for m in (_ALTERNATIVE.finditer(text) if re.search(r"as well as|with or without|falls? back", text, re.IGNORECASE) else ()):
        if _negated_at(cues, text, m.start()):
            continue
        phrase = m.group("np") or m.group("np2") or m.group("np3")
        named = sorted({name for name, op in cues.objects if op.search(phrase)})
        np = ",".join(named) if named else open_object(phrase, lex)
        if np and f"+need:{np}" not in out:
            out.add(f"-need:{np}")
    # "so unmodified FlashAttention-2 kernels run": what runs unmodified is used as it ships
    if not any(p.endswith("use:unmodified") for p in out):
        for m in _AS_SHIPPED.finditer(text):
            if not _negated_at(cues, text, m.start()):
                out.add("+use:unmodified")
                break
    # "FP8 KV cache is listed as future work" / "New in v2: an FP8 KV-cache path": a feature a version
    # lacks, and one a later version adds
    for m in _SUPPORT_LACKED.finditer(text):
        before = re.split(r"[,.;:，。；：!?！？]", text[max(0, m.start() - 60):m.start()])[-1]
        written = m.group("np") or m.group("np2")  # "尚不支持 X", "no X support": the object is written inside
        np = open_object(written, lex) if written else open_object(" ".join(before.split()[-5:]), lex)
        if np is not None:
            out.add(f"-support:{np}")
    for m in _SUPPORT_ADDED.finditer(text):
        np = open_object(text[m.end():m.end() + 60], lex)
        if np is not None and f"-support:{np}" not in out:
            out.add(f"+support:{np}")
    for verb, pat in cues.verbs:
        for m in pat.finditer(text):
            if re.match(r"\s*(?:of any kind\s*)?(?:is|are)?\s*(?:required|needed)", text[m.end():m.end() + 30], re.I) and \
                    re.search(r"\bno\s*$", text[max(0, m.start() - 4):m.start()], re.I):
                out.discard(f"+{verb}:")
                out.add(f"-{verb}:")
    # "uses a small draft model" states what "does not need a draft model" denies: for the components whose use is
    # their need (lexicon ``facts.use_is_need``), a use is a need
    for p in list(out):
        if p.startswith("+use:") and (cues.use_is_need & set(p[5:].split(",")) or p[5:].startswith("~")):
            # "uses accumulated attention scores" states what "requires no attention scores" denies (an
            # object the lexicon does not name, compared as written)
            out.add("+need:" + p[5:])
        if p.startswith("-use:") and cues.use_is_need & set(p[5:].split(",")):
            # "It does not use a draft model" denies what "REST still needs a small draft LM" states
            out.add("-need:" + ",".join(sorted(cues.use_is_need & set(p[5:].split(",")))))
        # "needs no calibration set" denies what "calibrates α on 128 samples" does (``facts.need_object_verbs``)
        if p[1:].startswith("need:"):
            for word, verb in cues.need_object_verbs.items():
                if word in p.split(":", 1)[1]:
                    out.add(p[0] + verb + ":")
        # "adds two decoding heads" states what "needs no extra heads" denies (``facts.add_is_need``)
        if p.startswith("+add:") and cues.add_is_need & set(p[5:].split(",")):
            out.add("+need:" + p[5:])
    # "removes the auxiliary loss entirely" says what "needs no auxiliary loss" says; "you can't get rid of the aux loss",
    # what "still needs an aux loss" says
    low = text.lower()
    for m in (_REMOVES.finditer(text) if any(w in low for w in _REMOVES_WORDS) else ()):
        after = text[m.end():m.end() + 60]
        if not _REQUIREMENT.match(after):
            continue
        head = re.split(r"[,;:，；。：(（]|\.\s|\s(?:entirely|completely|altogether|too|as well|from|by|with|for|and|so|because)\b", after)[0]
        objs = sorted({name for name, op in cues.objects if op.search(head)})
        obj = ",".join(objs) if objs else open_object(head, lex)
        if obj:
            out.add(f"{'+' if _negated_at(cues, text, m.start()) else '-'}need:{obj}")
    # "没有 RDMA 网卡压根起不来", "won't start without an RDMA NIC": what it cannot run without it needs
    for m in (_CANNOT_WITHOUT.finditer(text) if "without" in low or "没有" in text else ()):
        head = (m.group("zh") or m.group("en") or "").strip()
        objs = sorted({name for name, op in cues.objects if op.search(head)})
        obj = ",".join(objs) if objs else open_object(head, lex)
        if obj:
            out.discard(f"-need:{obj}")
            out.add(f"+need:{obj}")
    # "a draft model is not needed", "RDMA is required": the thing first, then its need (or its denial)
    for m in (_NEEDED_PASSIVE.finditer(text) if any(w in low for w in _NEEDED_WORDS) else ()):
        words = (m.group("obj") or m.group("obj2") or "").split()
        while words and _NOT_A_NEED.match(words[0]) is None and words[0].lower() in ("a", "an", "the", "its", "their", "no", "any"):
            words = words[1:]
        head = " ".join(words)
        if not head or _NOT_A_NEED.match(head):
            continue
        objs = sorted({name for name, op in cues.objects if op.search(head)})
        obj = ",".join(objs) if objs else open_object(head, lex)
        if obj:
            denied = bool(m.group("neg") or m.group("obj2")) or bool(re.match(r"no\b", m.group("obj") or "", re.I))
            out.add(f"{'-' if denied else '+'}need:{obj}")
    # "the attention probability matrix is never materialised", "needs the softmax probabilities materialised": what is
    # materialised is written before the verb; a thing a work materialises is one it needs, and one it never does one it
    # does not (against "its scorer needs the attention scores")
    for sign in "+-":
        if f"{sign}materialize:" in out:
            # (the objects of the clause that materialises, not of the whole sentence)
            clause = next((c for c in re.split(r"[;；。]|[,，]\s|\.\s", text) if _MATERIALISE.search(c)), text)
            objs = sorted({name for name, op in cues.objects if op.search(clause)} - {"materialize", "kernel"})
            verb_at = _MATERIALISE.search(clause)
            if verb_at and _KERNEL_AGENT.search(clause[:verb_at.start()]):
                # "With FlashAttention-2 the attention map is not materialised", "which FlashAttention-style kernels never
                # materialise": what a kernel does, no need of the work
                out.discard(f"{sign}materialize:")
                continue
            if objs:
                out.discard(f"{sign}materialize:")
                out.add(f"{sign}materialize:{','.join(objs)}")
                out.add(f"{sign}need:{','.join(objs)}")
    # "keeps all heads' cache", "every head keeps some cache": none of them is dropped
    for m in _KEEPS_ALL.finditer(text):
        objs = sorted({name for name, op in cues.objects if op.search(m.group("obj") or m.group("obj2") or m.group("obj3"))})
        if objs and not _negated_at(cues, text, m.start()):
            out.discard(f"+drop:{','.join(objs)}")
            out.add(f"-drop:{','.join(objs)}")
    # a technique named as such ("no warp specialization" / "a warp-specialized producer"): used or not
    for name, op in cues.objects:
        if name not in cues.techniques:
            continue
        for m in op.finditer(text):
            denied = re.search(r"(?:\bno|\bwithout|\bnot|\bnor|不用|没有|无|不做)\s*(?:\w+\s+){0,1}$", text[max(0, m.start() - 16):m.start()],
                               re.IGNORECASE)
            out.discard(f"{'+' if denied else '-'}use:{name}")
            out.add(f"{'-' if denied else '+'}use:{name}")
            break
    # what a phrase says without the verb (lexicon ``facts.implied_predicates``): "ships its own fused CUDA kernel" needs a
    # kernel, "runs on stock PyTorch ops" / "builds no CUDA extension" needs none
    for pred, pat in cues.implied:
        m = pat.search(text)
        verb, _sep, objs = pred[1:].partition(":")
        if m and any(p[0] == pred[0] and p[1:].partition(":")[0] == verb and set(objs.split(",")) <= set(p.partition(":")[2].split(","))
                     for p in out):
            continue  # ("Depends on its own fused ring kernel (sm90 only)": the need of Hopper is said already)
        if m and not _negated_at(cues, text, m.start()):
            out.discard(("-" if pred[0] == "+" else "+") + pred[1:])
            out.add(pred)
    # a step done away with or kept, named openly: "dispenses with the rescaling step" / "the rescale is still there",
    # "keeps the online softmax rescale"
    for pat, sign, side in ((_DONE_AWAY, "-", "after"), (_KEPT_ON, "+", "after"), (_GONE_AFTER, "-", "before"),
                            (_STILL_THERE, "+", "before")):
        for m in pat.finditer(text):
            if side == "after":
                np = open_object(text[m.end():m.end() + 60], lex)
            else:
                lead = re.split(r"[,;:.，；：。]|\b(?:and|but|while|whereas|so)\b", text[max(0, m.start() - 50):m.start()])[-1]
                words = lead.split()[-4:]
                det = max((k for k, w in enumerate(words) if w.lower() in ("the", "a", "an", "its", "their", "this", "that")),
                          default=-1)  # ("In FastRescale the rescale is still there": the phrase after its determiner)
                np = open_object(" ".join(words[det + 1:]), lex)
            if np is not None and not set(np[1:].split("+")) <= _PRONOUNS and _ACT_WORD.search(np) \
                    and not (side == "before" and re.search(r"\b\w+ed\s", lead)) and not _negated_at(cues, text, m.start()):
                # (a step or an act: "the rescaling step", "the rescale", "padding"; not a thing kept, "a few sink tokens",
                # "both phases", nor a participle's thing, "the dropped tokens are gone")
                out.discard(("+" if sign == "-" else "-") + f"use:{np}")
                out.add(f"{sign}use:{np}")
    # "其实需要在目标数据上微调路由器" states what "无需重新训练" denies: a fine-tuning the work needs is training it needs
    if any(p.startswith("+fine_tune:") for p in out) and any("fine_tuning" in p for p in out if p.startswith("+need:")) \
            and not any(p.startswith("-train:") for p in out):
        out.add("+train:")
    # fine-tuning the model changes its weights: "requires fine-tuning the model" states what "不需要修改模型"
    # denies (not a change of the architecture: "无需修改模型结构" is about another object)
    for p in list(out):
        sign, _, rest = p.partition("fine_tune:")
        if sign == "+" and rest and set(rest.split(",")) <= {"model", "weights"}:
            out.add("+modify:weights")
        elif sign == "+" and rest and not rest.startswith("~") and not set(rest.split(",")) & {"model", "weights"}:
            out.add(f"+modify:{rest}")  # "we fine-tune the router": the router is modified, and with it the model's weights
            out.add("+modify:weights")
        elif p in ("+fine_tune:", "+train:") and (any(q.startswith("+need:") and {"training", "fine_tuning"} & set(q[6:].split(","))
                                                         for q in out)
                                                  or need_framed(text, p[1:-1], lex)):
            out.add("+modify:weights")  # "需要改路由器的训练 … 再微调约 2k 步", "they require retraining the positional
            # embeddings": a (re)training the work needs changes its weights
    for m in _COPULA_COMPOUND.finditer(text):
        # "VTC stays work-conserving" / "it is *not* work-conserving": a compound property said of the work, or denied (a
        # property no qualifier aspect names, compared as written)
        adj = m.group("adj").lower()
        if not _NOT_PROPERTY.fullmatch(adj) and not any(len(w) < 2 for w in adj.split("-")):
            denied = bool(m.group("neg")) != m.group(0).lower().startswith(("isn't", "aren't"))
            out.add(("-" if denied else "+") + "be:~" + adj.replace("-", "+"))
    return tuple(sorted(out | asked))


#: A compound adjective right after a copula, possibly denied: "stays work-conserving", "is not order-preserving", "isn't
#: deadlock-free".
_COPULA_COMPOUND = compile_lazy(r"\b(?:is|are|stays?|remains?|was|were|be|being|isn't|aren't)\s+(?:still\s+|also\s+|actually\s+)?"
                                r"(?P<neg>(?:\*{1,2}|_)?(?:not|never|no longer)(?:\*{1,2}|_)?\s+)?(?:fully\s+|truly\s+|strictly\s+|really\s+|"
                                r"actually\s+|entirely\s+)?(?P<adj>[a-z]{2,}(?:-[a-z]{2,})+)\b(?![-/])")
#: Compounds that are no property of a method: a time, a size, a judgement, a stage.
_NOT_PROPERTY = compile_lazy(r"state-of-the-art|up-to-date|end-to-end|open-source|so-called|well-known|well-studied|"
                             r"follow-up|long-context|short-context|multi-\w+|off-the-shelf|built-in|in-house|on-par|"
                             r"hard-coded|work-in-progress|peer-reviewed|co-located|non-\w+|self-\w+|re-\w+|x-axis|y-axis|"
                             r"[\w-]+-free")  # ("training-free": the need predicates and the qualifiers read it)


@dataclass(frozen=True)
class Facts:
    """The facts of one statement: ``figures``, ``qualifiers`` (``aspect:side``), ``predicates``."""

    figures: tuple[Quantity, ...]
    qualifiers: tuple[str, ...]
    predicates: tuple[str, ...]


def facts_of(text: str, lexicon: Lexicon | None = None) -> Facts:
    """:class:`Facts` of a statement: :func:`find_figures`, :func:`qualifier_sides`, :func:`predicates`."""
    lex = lexicon or load_lexicon()
    return Facts(find_figures(text, lex), qualifier_sides(text, lex), predicates(text, lex))


def _unsaid(text: str) -> str:
    """``text`` with what it does not assert blanked (same length, so positions hold): a claim it names
    (``_NAMED_CLAIM``), a quote it disputes (``"QuaRot quantizes … at runtime" — don't think that's right``),
    what a title or an abstract is said to say before a "but" (``The title says calibration-free, but …``)."""
    if _NOT_A_FINDING.search(text):
        return " " * len(text)  # "(Side remark, not a finding: Paolo told me he thinks …)": the writer asserts none of it
    if "[[" in text:  # a wikilink's target names a note ("[[quantized-serving#S3.1]]"), it asserts nothing
        text = _WIKI_TARGET.sub(lambda m: _blanked(m, "t"), text)
    text = _NAMED_CLAIM.sub(lambda m: _blanked(m, 0), text)
    text = _DISPUTED_QUOTE.sub(lambda m: _blanked(m, "q"), text)
    text = _TO_BE_EDITED.sub(lambda m: _blanked(m, next(g for g in ("q", "r", "q2") if m.group(g) is not None)), text)
    text = _CONDITION.sub(lambda m: _blanked(m, "c" if m.group("c") is not None else "c2"), text)
    text = _WHETHER.sub(lambda m: m.group() if m.string[m.end():m.end() + 1] in (":", "：")
                        else _blanked(m, "w" if m.group("w") is not None else "w2" if m.group("w2") is not None else "w3"), text)
    return _SAID_BUT.sub(lambda m: _blanked(m, "x"), text)


#: An embedded question, which asserts nothing: "README 对是否需要训练没写清楚", "unclear whether it needs retraining"
#: (a field label that asks, "是否需改模型：…", is read as a label: ``_QUESTION_LABEL``).
_WHETHER = compile_lazy(r"(?:是否|是不是|有没有|要不要)(?P<w>[^，,;；。.！？!?:：]{1,30})|\bwhether\b(?P<w2>[^,;.!?:：]{1,60})"
                      # a verb asked as "A 不 A" ("推理侧丢不丢 token 各家做法不同", "需不需要微调"): a question as well
                      r"|(?P<an>[\u4e00-\u9fff])不(?P=an)(?P<w3>[^，,;；。.！？!?:：]{1,30})",
                      re.IGNORECASE)


#: A condition, which asserts nothing: "如果真不用改引擎，…", "要是不需要 TMA 就准备直接上了", "If it really needs no retraining, we …"
#: (not "only if": a need).
_CONDITION = compile_lazy(r"(?:如果|假如|倘若|若是|(?<![主只需])要是)(?P<c>[^，,;；。.！？!?]{1,40}?)(?:[，,]|(?=的话|那就|那么|就))"
                        # an English "if" clause ends at its comma, or where the main clause's subject starts ("if the head
                        # really is trained separately it sits closer to §3.2")
                        r"|(?<!\bonly )\b[Ii][Ff]\b(?P<c2>[^,;.!?]{1,60}?)(?:,|(?=\s(?:it|then|we|they|you|I|this|that)\s))")


#: A wikilink's target (the note it links, with its anchor), before its shown text if it has one: ``[[t#a|shown]]``.
_WIKI_TARGET = compile_lazy(r"\[\[(?P<t>[^\[\]|\n]{1,200}?)(?:\|[^\[\]\n]{0,200})?\]\]")


#: A statement its writer marks as none ("not a finding", "not a claim", "just gossip", "不算结论", "仅供八卦").
_NOT_A_FINDING = compile_lazy(r"\bnot (?:a|our) (?:finding|claim|result)\b|\bjust (?:gossip|hearsay)\b|不算(?:结论|发现)|仅供八卦|纯属八卦",
                            re.IGNORECASE)


def _blanked(m: re.Match[str], group: int | str) -> str:
    """The text ``m`` matched, with its ``group`` replaced by as many spaces (positions after it hold)."""
    a, b = m.start(group) - m.start(0), m.end(group) - m.start(0)
    whole = m.group(0)
    return whole[:a] + " " * (b - a) + whole[b:]


#: A quote the writer disputes right after it: '"…" — don't think that's right', '"…" is wrong', '“…”不对'.
_DISPUTED_QUOTE = compile_lazy(r"[\"“「](?P<q>[^\"”」]{2,300})[\"”」]\s*(?:[—–-]+|[,，:：])?\s*(?:(?:I\s+)?don'?t think (?:that'?s|it'?s|this is) "
                             r"(?:right|true|correct)|(?:that'?s |this is |it'?s )?(?:wrong|not (?:right|true|correct)|incorrect|doubtful|dubious|suspect)|"
                             r"(?:这句|这个说法|这话|这点)?(?:我)?(?:个人)?(?:觉得|认为|感觉)?(?:不对|不准确|有误|是错的|可疑|存疑|站不住)|"
                             # '"no changes to the KV layout" 这句跟 repo README 对不上': set against another source
                             r"(?:这句|这个说法|这话|这点)(?:话)?\s*(?:跟|和|与)[^，。；,;\"“”]{1,30}?(?:对不上|不一致|相矛盾|矛盾|冲突)|"
                             r"(?:doesn'?t|does not|don'?t) (?:match|agree with)\b|"
                             # '和我们 §3.2 写的"异步、与上一层计算重叠"正好相反', '"X" is the opposite': the quoted side is the one denied
                             r"(?:正好|恰好|完全)?相反|\bis (?:the )?(?:exact )?opposite\b)", re.IGNORECASE)
#: A sentence of a document quoted to be edited: '4.1 末尾"免校准方法还没收录"那句要改写', '卡片上那句免校准得改', '"X" — that
#: line needs rewriting': the words are the document's, to be changed, not the writer's.
_TO_BE_EDITED = compile_lazy(r"[\"“「](?P<q>[^\"”」]{2,200})[\"”」]\s*(?:那句|这句|这一句|这段)(?:话)?\s*(?:要|得|需要|应该|可以)?\s*(?:改|删|重写)|"
                           r"(?:那句|这句|这一句)\s*(?P<r>[^，。；,;\"“”]{1,30}?)\s*(?:要|得|需要|应该)\s*(?:改|删|重写)|"
                           r"[\"“](?P<q2>[^\"”]{2,200})[\"”]\s*[—–-]*\s*(?:that|this|the) (?:sentence|line|bullet|claim)\s+(?:needs|should be|has to be|must be)\s+"
                           r"(?:re-?)?(?:written|rewritten|fixed|changed|removed|dropped|rewriting|fixing)", re.IGNORECASE)
#: What something is said to be before a "but" that contradicts it: "The title says calibration-free, but …".
_SAID_BUT = compile_lazy(r"\b(?:the )?(?:title|abstract|paper|authors?|they|readme)\s+(?:says?|claims?|calls? (?:it|itself))\s+"
                       r"(?P<x>[^,;.，；。]{1,60}?)\s*[,，]?\s*but\b", re.IGNORECASE)


#: A claim named, not made: "if the training-free claim survives a read of the PDF", "their lossless claim",
#: "the "calibration-free" pitch",
#: "the '无需训练' claim": the words before "claim" are what someone said, so they state no qualifier or
#: predicate of the work here (the figures stay: "the 2.3x claim" is still a figure to audit).
_NAMED_CLAIM = compile_lazy(r"\b(?:the|their|its|this|that|her|his|our)\s+[\"'“‘]?[\w-]+(?:\s[\w-]+)?[\"'”’]?\s+(?:claims?|pitch(?:es)?|promises?|tagline|selling point|marketing|framing|label(?:ling)?|labels?|branding|wording)\b"
                          r"|[“\"「][\u4e00-\u9fff\w-]{2,12}[”\"」]\s*(?:的)?说法", re.IGNORECASE)
