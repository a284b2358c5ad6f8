"""The extraction lexicon, loaded once from ``ingest/data/lexicon.json``.

The lexicon is data, not code (issue: "a lexicon of contrasting qualifiers in
English and Chinese kept as data").  ``load_lexicon()`` returns a ``Lexicon``
with the regular expressions compiled; pass another path to use a workspace's
own lexicon.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["Lexicon", "QualifierPair", "load_lexicon"]


def _alt(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


@dataclass(frozen=True)
class QualifierPair:
    """Two contrasting qualifiers (``adversarial`` vs ``arbitrary``).

    ``sides`` maps a side name to its compiled pattern; a text "uses" a side
    when the pattern matches it.
    """

    id: str
    label_en: str
    label_zh: str
    sides: dict[str, re.Pattern[str]]

    def sides_in(self, text: str) -> set[str]:
        """Return the names of the sides whose pattern occurs in ``text``."""
        return {name for name, pat in self.sides.items() if pat.search(text)}


@dataclass(frozen=True)
class Lexicon:
    """Compiled lexicon; see ``ingest/data/lexicon.json`` for the fields."""

    evidence_markers: tuple[tuple[str, re.Pattern[str]], ...]
    evidence_line: re.Pattern[str]
    unverified: re.Pattern[str]
    negation: re.Pattern[str]
    caveat_headings: re.Pattern[str]
    relation_headings: re.Pattern[str]
    action_headings: re.Pattern[str]
    low_relevance: re.Pattern[str]
    suggestion: re.Pattern[str]
    placement_negation: re.Pattern[str]
    section_ref: re.Pattern[str]
    qualifier_pairs: tuple[QualifierPair, ...]
    contamination: re.Pattern[str]
    metrics: tuple[tuple[str, re.Pattern[str]], ...]
    topic_keywords: dict[str, re.Pattern[str]]
    stopwords: frozenset[str]

    def evidence_of(self, text: str) -> str | None:
        """The weakest evidence level whose marker occurs in ``text``, or None.

        Weakest wins: "摘要页核查 … 数字未验证" is ``unverified`` for that text.
        """
        found = [lvl for lvl, pat in self.evidence_markers if pat.search(text)]
        return found[-1] if found else None


@lru_cache(maxsize=4)
def load_lexicon(path: str | None = None) -> Lexicon:
    """Load and compile a lexicon.

    Parameters
    ----------
    path : str, optional
        A JSON file with the fields of ``ingest/data/lexicon.json``; the
        bundled lexicon when omitted.

    Raises
    ------
    KeyError, json.JSONDecodeError, re.error
        When the file does not have the documented shape.
    """
    if path is None:
        raw = json.loads(resources.files("ingest").joinpath("data/lexicon.json").read_text("utf-8"))
    else:
        raw = json.loads(Path(path).read_text("utf-8"))
    # Negation: CJK markers match anywhere, Latin ones as whole words.
    neg_parts = []
    for w in raw["negation_markers"]:
        neg_parts.append(re.escape(w) if not w.isascii() else rf"\b{re.escape(w)}\b" if w[0].isalpha() else re.escape(w))
    return Lexicon(
        evidence_markers=tuple((lvl, _alt(pats)) for lvl, pats in raw["evidence_markers"]),
        evidence_line=re.compile(raw["evidence_line"], re.IGNORECASE),
        unverified=_alt([re.escape(w) for w in raw["unverified_markers"]]),
        negation=re.compile("|".join(neg_parts), re.IGNORECASE),
        caveat_headings=_alt(raw["caveat_headings"]),
        relation_headings=_alt(raw["relation_headings"]),
        action_headings=_alt(raw["action_headings"]),
        low_relevance=_alt(raw["low_relevance_markers"]),
        suggestion=re.compile(raw["suggestion_pattern"], re.IGNORECASE),
        # A placement phrase right after one of these words is a negative placement ("不可纳入 §七").
        placement_negation=re.compile(
            "(?:" + "|".join(
                rf"\b{re.escape(w)}" if w[0].isascii() and w[0].isalpha() else re.escape(w)
                for w in sorted(raw.get("placement_negations", []), key=len, reverse=True)
            ) + r")\s*(?:建议|可以?|应该?|should|to|be|is|does|do)?\s*$" if raw.get("placement_negations") else r"(?!x)x",
            re.IGNORECASE,
        ),
        section_ref=re.compile(raw["section_ref_pattern"]),
        qualifier_pairs=tuple(
            QualifierPair(q["id"], q["label_en"], q["label_zh"], {k: _alt(v) for k, v in q["sides"].items()})
            for q in raw["qualifier_pairs"]
        ),
        contamination=_alt(raw["contamination_markers"]),
        metrics=tuple((name, _alt(pats)) for name, pats in raw["metrics"]),
        topic_keywords={k: _alt(v) for k, v in raw["topic_keywords"].items()},
        stopwords=frozenset(raw["stopwords"]),
    )
