"""Section routing: which living-document section a piece of text is closest to.

Where a note does not name its destination ("建议归入 §3.1"), provkg suggests
the living document's section whose text it is closest to, ranked with
Okapi BM25 (Robertson & Zaragoza, *The Probabilistic Relevance Framework:
BM25 and Beyond*, 2009; the ``k1``/``b`` defaults and the non-negative idf
``log((N - df + 0.5) / (df + 0.5) + 1)`` are the ones Lucene uses).

Tokens (``tokenize``) are chosen so that Chinese and English work without a
segmenter:

* runs of CJK ideographs become character **bigrams** (a run of one character
  is kept as a unigram): ``调度算法`` -> ``调度``, ``度算``, ``算法``;
* Latin words and numbers become lower-case word tokens (``kv-cache``,
  ``dynamo``, ``2502.07115``), minus the lexicon's ``stopwords`` and
  one-letter words;
* ``§`` references and URLs are dropped, so a note that names a section does
  not route by the name alone.

Pure functions, no store: ``queries`` builds the section texts from the graph
(the section's title plus the claims that sit directly in it) and calls
``SectionRouter.route``.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .lexicon import load_lexicon
from ingest.lazyre import compile_lazy

__all__ = ["tokenize", "SectionDoc", "Route", "SectionRouter", "strip_placements"]

_URL = compile_lazy(r"https?://\S+", re.IGNORECASE)
_SECREF = compile_lazy(r"§\s*(?:[0-9]+(?:\.[0-9]+)*|[一二三四五六七八九十百]+)")
_CJK_RUN = compile_lazy(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = compile_lazy(r"[a-z0-9][a-z0-9_+\-./]*[a-z0-9+]|[a-z0-9]")


def tokenize(text: str, stopwords: Iterable[str] | None = None) -> list[str]:
    """Tokens of ``text`` for BM25: CJK character bigrams and Latin word tokens.

    Parameters
    ----------
    text : str
        Any text (Markdown markup is harmless: punctuation separates tokens).
    stopwords : iterable of str, optional
        Latin words to drop; the lexicon's ``stopwords`` when omitted.

    Returns
    -------
    list[str]
        Tokens in text order (repeats kept: BM25 counts them).
    """
    stop = frozenset(stopwords) if stopwords is not None else load_lexicon().stopwords
    t = _SECREF.sub(" ", _URL.sub(" ", text)).lower()
    out: list[str] = []
    for run in _CJK_RUN.findall(t):
        if len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
    latin = _CJK_RUN.sub(" ", t)
    for w in _WORD.findall(latin):
        w = w.strip(".-/")
        if len(w) >= 2 and w not in stop:
            out.append(w)
    return out


def strip_placements(text: str) -> str:
    """``text`` with every ``§`` reference removed (used to hide named sections when measuring)."""
    return _SECREF.sub(" ", text)


@dataclass(frozen=True)
class SectionDoc:
    """One candidate destination: the section ``key`` (``"3.1"``), its ``title`` and body ``text``."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class Route:
    """A routing suggestion.

    ``key``/``title`` name the best section and ``score`` its BM25 score (a
    non-negative float, higher is closer; not comparable across documents);
    ``runner_up``/``runner_up_score`` the second best (``None`` when the
    document has one candidate).  ``margin`` is ``score - runner_up_score``.
    """

    key: str
    title: str
    score: float
    runner_up: str | None
    runner_up_title: str | None
    runner_up_score: float | None

    @property
    def margin(self) -> float:
        """How far the best section is ahead of the runner-up (the score when there is none)."""
        return self.score - (self.runner_up_score or 0.0)


class SectionRouter:
    """Okapi BM25 over the sections of one living document.

    Parameters
    ----------
    sections : sequence of SectionDoc
        The candidates; a section's title is counted ``title_weight`` times
        (headings are short and say what belongs there).
    k1, b : float
        BM25 term-frequency saturation and length normalisation (1.2, 0.75).
    title_weight : int
        How many times the title tokens are repeated into the section text.

    Notes
    -----
    Sections whose text yields no token are kept but can only score 0.
    """

    def __init__(self, sections: Sequence[SectionDoc], *, k1: float = 1.2, b: float = 0.75,
                 title_weight: int = 2, stopwords: Iterable[str] | None = None) -> None:
        self.sections = list(sections)
        self.k1, self.b = k1, b
        self._stop = frozenset(stopwords) if stopwords is not None else load_lexicon().stopwords
        self._tf: list[Counter[str]] = []
        for s in self.sections:
            toks = tokenize(s.title, self._stop) * title_weight + tokenize(s.text, self._stop)
            self._tf.append(Counter(toks))
        self._len = [sum(tf.values()) for tf in self._tf]
        n = len(self._tf)
        self._avg = (sum(self._len) / n) if n else 0.0
        df: Counter[str] = Counter()
        for tf in self._tf:
            df.update(tf.keys())
        self._idf = {t: math.log((n - d + 0.5) / (d + 0.5) + 1.0) for t, d in df.items()}

    def scores(self, text: str) -> list[tuple[float, SectionDoc]]:
        """BM25 score of every section for ``text`` (query terms counted once), best first; ties by order."""
        q = set(tokenize(text, self._stop))
        out = []
        for i, (s, tf) in enumerate(zip(self.sections, self._tf)):
            norm = self.k1 * (1 - self.b + self.b * (self._len[i] / self._avg if self._avg else 0.0))
            sc = 0.0
            for t in q:
                f = tf.get(t)
                if f:
                    sc += self._idf[t] * f * (self.k1 + 1) / (f + norm)
            out.append((i, sc, s))
        out.sort(key=lambda t: (-t[1], t[0]))
        return [(sc, s) for _, sc, s in out]

    def route(self, text: str, *, min_score: float = 1.0) -> Route | None:
        """The closest section to ``text`` and the runner-up.

        Returns ``None`` when there is no candidate or the best score is below
        ``min_score`` (the text shares next to nothing with any section).
        Scores are rounded to two decimals.
        """
        ranked = self.scores(text)
        if not ranked or ranked[0][0] < min_score:
            return None
        best_sc, best = ranked[0]
        ru = ranked[1] if len(ranked) > 1 else None
        return Route(
            key=best.key, title=best.title, score=round(best_sc, 2),
            runner_up=ru[1].key if ru else None, runner_up_title=ru[1].title if ru else None,
            runner_up_score=round(ru[0], 2) if ru else None,
        )
