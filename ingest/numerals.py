"""Chinese numerals read as numbers: ``二十`` (20), ``四十五`` (45), ``三点五`` (3.5).

Figures in Chinese notes (``提升百分之二十``), section numbers of Chinese outlines (``三、``, ``（二）``,
``第三章第二节``) and ranks are written this way; the readers of figures (``ingest.facts``), of section
references (``ingest.placement``) and of living-document headings (``ingest.living_doc``) share this one
reading.
"""
from __future__ import annotations

import re

__all__ = ["CN_DIGITS", "cn_number", "arabic_key"]

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
