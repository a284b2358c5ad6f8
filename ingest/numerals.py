"""Chinese numerals read as numbers: ``二十`` (20), ``四十五`` (45), ``三点五`` (3.5).

Figures in Chinese notes (``提升百分之二十``), section numbers of Chinese outlines (``三、``, ``（二）``,
``第三章第二节``) and ranks are written this way; the readers of figures (``ingest.facts``), of section
references (``ingest.placement``) and of living-document headings (``ingest.living_doc``) share this one
reading.
"""
from __future__ import annotations

import re
from ingest.lazyre import compile_lazy

__all__ = ["CN_DIGITS", "cn_number", "arabic_key", "spoken_figures", "multiplier_words", "MULTIPLIER_HINT"]

#: The value of each Chinese digit.
CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def cn_number(s: str) -> float | None:
    """The value of ``s``: ``"二十"`` -> 20, ``"四十五"`` -> 45, ``"一百"`` -> 100, ``"三点五"`` -> 3.5;
    Arabic digits as they are; None when ``s`` is not a number."""
    if re.fullmatch(r"\d+(?:\.\d+)?", s):
        return float(s)
    if not s:
        return None
    whole, _, frac = s.partition("点")
    total, cur = 0, 0
    for ch in whole:
        if ch in CN_DIGITS:
            cur = CN_DIGITS[ch]
        elif ch == "十":
            total += (cur or 1) * 10
            cur = 0
        elif ch == "百":
            total += (cur or 1) * 100
            cur = 0
        else:
            return None
    total += cur
    if frac:
        digits = "".join(str(CN_DIGITS.get(ch, "")) for ch in frac)
        return float(f"{total}.{digits}") if digits else float(total)
    return float(total)


def arabic_key(key: str) -> str:
    """A section key with each Chinese-numeral part written in Arabic digits: ``"三"`` -> ``"3"``,
    ``"三.二"`` -> ``"3.2"``; other keys (``"3.1"``, ``"ii-3"``, a slug) unchanged."""
    parts = key.split(".")
    out = []
    for p in parts:
        v = cn_number(p) if p and not p.isdigit() and all(ch in CN_DIGITS or ch in "十百" for ch in p) else None
        out.append(str(int(v)) if v is not None else p)
    return ".".join(out)


_EN_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                          "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
_EN_WORD = "|".join(sorted([*_EN_UNITS, *_EN_TENS, "hundred", "thousand", "a", "and"], key=len, reverse=True))
#: Numbers spoken in words, as a dictation writes them, before what they measure: "one point three seconds", "a hundred
#: and twenty milliseconds", "about two x", "forty one milliseconds", "p ninety nine".
_SPOKEN_FIGURE = compile_lazy(
    rf"\b(?P<n>(?:(?:{_EN_WORD})[\s-]+)*?(?:{'|'.join(sorted([*_EN_UNITS, *_EN_TENS, 'hundred', 'thousand'], key=len, reverse=True))})"
    rf"(?:\s+point(?:\s+(?:oh|{'|'.join(_EN_UNITS)}))+)?)"
    r"(?P<u>\s+(?:x\b|times\b|percent\b|seconds?\b|milliseconds?\b|minutes?\b|ms\b|tokens?\s+per\s+second\b|requests?\s+per\s+second\b|"
    r"gigabytes?\b))", re.IGNORECASE)
#: A spoken unit and the symbol figures are written with.
_UNIT_SYMBOLS = ((r"seconds?", "s"), (r"milliseconds?", "ms"), (r"minutes?", "min"), (r"percent", "%"), (r"x|times", "x"),
                 (r"tokens?\s+per\s+second", "tok/s"), (r"requests?\s+per\s+second", "req/s"), (r"gigabytes?", "GB"))
#: A percentile spoken: "p ninety nine", "p fifty".
_SPOKEN_PCT = compile_lazy(r"\bp\s+(?P<n>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:one|two|three|four|five|six|seven|eight|nine))?)\b",
                         re.IGNORECASE)


def _en_value(words: str) -> float | None:
    """The value of a number spoken in English words ("one point three" -> 1.3, "a hundred and twenty" -> 120)."""
    whole, _, frac = re.sub(r"\s+point\s+", "|", words.lower(), count=1).partition("|")
    total, cur = 0, 0
    for w in re.split(r"[\s-]+", whole.strip()):
        if w in ("and", ""):
            continue
        if w == "a":
            cur = cur or 1
        elif w in _EN_UNITS:
            if cur % 10 or (cur % 100 and _EN_UNITS[w] >= 10):
                return None  # "three eight": two numbers said in a row (a model's name), no one number
            cur += _EN_UNITS[w]
        elif w in _EN_TENS:
            cur += _EN_TENS[w]
        elif w == "hundred":
            cur = (cur or 1) * 100
        elif w == "thousand":
            total, cur = total + (cur or 1) * 1000, 0
        else:
            return None
    value = float(total + cur)
    if frac:
        digits = ["0" if w in ("oh", "o") else str(_EN_UNITS[w]) for w in frac.split()
                  if w in ("oh", "o") or w in _EN_UNITS and _EN_UNITS[w] < 10]
        value = float(f"{int(value)}.{''.join(digits)}") if digits else value
    return value


def spoken_figures(text: str) -> str:
    """``text`` with numbers spoken in words before a unit written in digits ("a p ninety nine TTFT of one point three
    seconds" -> "a p99 TTFT of 1.3 seconds", "about two x" -> "about 2 x"), as a speech-to-text transcript writes
    them; other words as they are."""
    def sub(m: re.Match[str]) -> str:
        v = _en_value(m.group("n"))
        if v is None:
            return m.group(0)
        unit = m.group("u").strip().lower()
        short = next((sym for pat, sym in _UNIT_SYMBOLS if re.fullmatch(pat, unit)), None)
        if short == "x":  # "about two x" -> "about 2x", "three times faster" -> "3 times faster" (a digit, then the word)
            return f"{v:g}x" if unit == "x" else f"{v:g}{m.group('u')}"
        if short == "%":
            return f"{v:g}%"  # "seventy-four percent": 74% (a percent sign is written against its number)
        return f"{v:g} {short}" if short else f"{v:g}{m.group('u')}"

    def pct(m: re.Match[str]) -> str:
        v = _en_value(m.group("n"))
        return m.group(0) if v is None else f"p{v:g}"
    return _SPOKEN_PCT.sub(pct, _SPOKEN_FIGURE.sub(sub, text))


#: A ratio written in words, read as a figure by ``multiplier_words``: "twice the size of the DRAM", "twice as fast",
#: "两倍", "提升了三倍", "翻倍", "翻了一番".
MULTIPLIER_HINT = compile_lazy(r"\btwice\s+(?:the|as|that)\b|[一二两三四五六七八九十]\s*倍|翻(?:了)?\s*(?:一|两)?\s*(?:倍|番)", re.IGNORECASE)
_TWICE = compile_lazy(r"\btwice(?=\s+(?:the|as|that)\b)", re.IGNORECASE)
_CN_TIMES = compile_lazy(r"(?<![\d.零一二两三四五六七八九十百点])(?P<n>[一二两三四五六七八九十]+(?:点[零一二三四五六七八九]+)?)\s*倍")
#: "翻倍", "翻了一倍" (doubled), "翻一番" (doubled), "翻两番" (four times).
_CN_DOUBLED = compile_lazy(r"翻(?:了)?\s*(?P<n>一|两)?\s*(?P<w>倍|番)")
#: A rise "by one time" is a doubling in Chinese ("提升了一倍" = 2x); "一倍" after no such verb is left unread.
_CN_RISE = compile_lazy(r"(?:提升|提高|增加|增长|加快|快了|多了|扩大|上涨|高出)\s*(?:了)?\s*(?:约|大约|近|将近|接近)?\s*$")


def multiplier_words(text: str) -> str:
    """``text`` with ratios written in words set in digits, so that the figure readers see them: "twice the size of the
    available DRAM" -> "2x the size …", "twice as fast" -> "2x as fast", "提升两倍" -> "提升2倍", "提升了一倍" / "翻倍" /
    "翻了一番" -> "2倍", "翻两番" -> "4倍". "Twice" before anything else (``read it twice``, ``listed twice``) is a count
    and stays; so does a bare "一倍".
    """
    out = _TWICE.sub("2x", text)

    def doubled(m: re.Match[str]) -> str:
        n = 4 if m.group("w") == "番" and m.group("n") == "两" else 2
        return f"{n}倍"

    out = _CN_DOUBLED.sub(doubled, out)

    def times(m: re.Match[str]) -> str:
        v = cn_number(m.group("n"))
        if v is None or v <= 0:
            return m.group(0)
        if v == 1:
            return "2倍" if _CN_RISE.search(out[max(0, m.start() - 12):m.start()]) else m.group(0)
        return f"{v:g}倍"

    return _CN_TIMES.sub(times, out)
