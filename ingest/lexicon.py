"""The extraction lexicon, loaded once from ``ingest/data/lexicon.json``.

The lexicon is data, not code (issue: "a lexicon of contrasting qualifiers in
English and Chinese kept as data").  ``load_lexicon()`` returns a ``Lexicon``
with the regular expressions compiled; pass another path to use a workspace's
own lexicon.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .lazyre import LazyPattern, compile_lazy

__all__ = ["GatedPattern", "Lexicon", "QualifierPair", "Scan", "gated", "load_lexicon", "required_literals"]


def _alt(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


def _any_of(patterns: list[re.Pattern[str]]) -> re.Pattern[str] | None:
    """One pattern that matches somewhere in a text exactly when one of ``patterns`` does, or None.

    A pre-check (one scan instead of one per pattern): regex alternation tries every alternative at
    every position, so ``any_of.search(t)`` finds a match iff some ``p.search(t)`` does.  This holds
    only when the alternatives keep their meaning once joined: same flags, no group references
    (numbers shift) and no inline global flags; None is returned otherwise (the caller then
    searches pattern by pattern, as before).
    """
    if not patterns or len({p.flags for p in patterns}) != 1:
        return None
    for p in patterns:
        if p.groupindex or re.search(r"\\[1-9]|\(\?P=|\(\?[aiLmsux-]+[:)]", p.pattern):
            return None
    try:
        return re.compile("|".join(f"(?:{p.pattern})" for p in patterns), patterns[0].flags)
    except re.error:
        return None


def _starts_with_literal(pattern: re.Pattern[str], char: str) -> bool:
    """True when every match of ``pattern`` starts with the literal ``char`` (parsed, not guessed)."""
    try:
        from re import _parser as sre_parse  # Python >= 3.11
    except ImportError:  # pragma: no cover - older Pythons
        import sre_parse  # type: ignore[no-redef]
    try:
        items = list(sre_parse.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001 - any doubt: no pre-check
        return False
    if not items:
        return False
    op, av = items[0]
    return str(op) == "LITERAL" and av == ord(char) and not (pattern.flags & re.IGNORECASE and char.lower() != char.upper())


#: Characters that Python's ``re`` folds to an ASCII letter under IGNORECASE although ``str.lower`` does not map them
#: to it (long s ``ſ``, dotless ``ı``; the Kelvin sign and dotted ``İ`` are kept out of caution): a text holding one is
#: searched without the literal pre-check of ``Scan``.
_FOLD_TRAPS = frozenset("\u017f\u212a\u0130\u0131")


def _flags_of(pattern) -> int:
    """A pattern's flags, without compiling a ``LazyPattern`` to read them."""
    flags = pattern.__dict__.get("_flags") if isinstance(pattern, LazyPattern) else None
    return flags if flags is not None else pattern.flags


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Literals one of which every match of ``pattern`` contains, or None (parsed, not guessed).

    Read from the parsed pattern: a run of literal characters (zero-width items such as ``\\b`` and
    lookarounds between them keep them adjacent), a group without flag changes, a repeat taken at least
    once, and an alternation whose every branch needs one (its literals together).  Of what a sequence
    offers, the choice with the longest shortest literal is kept.  Under IGNORECASE only characters whose
    folding ``str.lower`` reproduces (ASCII and uncased ones, as CJK) are kept, lower-cased.  Literals
    shorter than two characters are no use and give None.
    """
    try:
        from re import _parser as sre_parse  # Python >= 3.11
    except ImportError:  # pragma: no cover - older Pythons
        import sre_parse  # type: ignore[no-redef]
    try:
        parsed = sre_parse.parse(pattern.pattern, _flags_of(pattern))
    except Exception:  # noqa: BLE001 - any doubt: no pre-check
        return None
    folded = bool(parsed.state.flags & re.IGNORECASE)

    def need(items) -> tuple[str, ...] | None:
        options: list[tuple[str, ...]] = []
        run: list[str] = []
        for op, av in [*items, (None, None)]:
            name = str(op)
            if name == "LITERAL":
                ch = chr(av)
                if not folded or ch.isascii() or (ch.lower() == ch and ch.upper() == ch):
                    run.append(ch.lower() if folded else ch)
                    continue
            elif name in ("AT", "ASSERT", "ASSERT_NOT"):
                continue  # zero-width: the characters around it are still adjacent
            if run:
                options.append(("".join(run),))
                run = []
            got = None
            if name == "SUBPATTERN" and not av[1] and not av[2]:
                got = need(av[3])
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and av[0] >= 1:
                got = need(av[2])
            elif name == "BRANCH":
                each = [need(b) for b in av[1]]
                if all(each):
                    got = tuple(sorted({lit for e in each for lit in e}))
            if got:
                options.append(got)
        options = [o for o in options if min(map(len, o)) >= 2]
        return max(options, key=lambda o: (min(map(len, o)), -len(o))) if options else None

    return need(list(parsed))


class Scan:
    """Patterns asked "does any of you occur in this text?", each skipped when a literal it needs is absent.

    The answer is exactly ``any(p.search(text) for p in patterns)``; it is cheaper because a
    case-insensitive pattern starting with a letter has no fast first scan in ``re`` (it is tried at every
    position), while ``literal in text`` is one C-level search.  ``required_literals`` gives the literals.
    """

    __slots__ = ("patterns", "_folded", "_cased", "_bare", "_folded_by", "_cased_by")

    def __init__(self, patterns) -> None:
        self.patterns = tuple(patterns)
        folded, cased, bare = [], [], []
        for p in self.patterns:
            lits = required_literals(p)
            if lits is None:
                bare.append(p)
            elif _flags_of(p) & re.IGNORECASE:
                folded.append((lits, p))
            else:
                cased.append((lits, p))
        self._folded, self._cased, self._bare = tuple(folded), tuple(cased), tuple(bare)
        self._folded_by, self._cased_by = _by_first_pair(self._folded), _by_first_pair(self._cased)

    def __iter__(self):
        return iter(self.patterns)

    def __len__(self) -> int:
        return len(self.patterns)

    def any(self, text: str) -> bool:
        """True when one of the patterns matches somewhere in ``text``."""
        low = _lowered(text)  # (None for a text holding a character ``re`` folds differently: every folded pattern asked)
        if low is not None:
            if _any_by_pairs(self._folded_by, low, text):
                return True
        else:
            for _lit, p in self._folded:
                if p.search(text):
                    return True
        if self._cased and _any_by_pairs(self._cased_by, text, text):
            return True
        return any(p.search(text) for p in self._bare)


def _by_first_pair(entries) -> dict[str, tuple[tuple[str, int, object], ...]]:
    """``Scan``'s index of its patterns' literals by their first two characters: pair -> ((literal, pattern
    position, pattern), ...).  Every required literal is at least two characters long (``required_literals``)."""
    by: dict[str, list[tuple[str, int, object]]] = {}
    for i, (lits, p) in enumerate(entries):
        for lit in lits:
            by.setdefault(lit[:2], []).append((lit, i, p))
    return {pair: tuple(got) for pair, got in by.items()}


def _any_by_pairs(by: dict[str, tuple[tuple[str, int, object], ...]], hay: str, text: str) -> bool:
    """Whether a pattern of ``by`` whose literal occurs in ``hay`` matches ``text``.

    Only the literals whose first two characters stand next to each other in ``hay`` are looked for, and each
    pattern is searched at most once: the answer is that of asking every pattern in turn (the order does not
    change an ``any``), for one pass over ``hay`` instead of one ``in`` per literal."""
    if not by:
        return False
    pairs = by.keys() & set(map(str.__add__, hay, hay[1:]))
    tried: set[int] = set()
    for pair in pairs:
        for lit, i, p in by[pair]:
            if i not in tried and lit in hay:
                tried.add(i)
                if p.search(text):
                    return True
    return False


#: The last text ``_lowered`` was asked and its answer (one tuple, rebound whole: safe under threads).
_LAST_LOWERED: tuple[str, str | None] = ("", "")


def _lowered(text: str) -> str | None:
    """``text.lower()``, or None when ``text`` holds a character ``re`` folds differently (``_FOLD_TRAPS``); the last
    answer is kept, as one text is asked of many patterns in a row."""
    global _LAST_LOWERED
    last = _LAST_LOWERED
    if last[0] is text:
        return last[1]
    low = text.lower() if _FOLD_TRAPS.isdisjoint(text) else None
    _LAST_LOWERED = (text, low)
    return low


class GatedPattern:
    """A lexicon pattern that is run only on texts holding one of the literals each of its matches needs.

    Every method answers as the ``re.Pattern`` would (a text without the literals cannot match, so ``search`` gives
    None, ``finditer`` nothing, ``sub`` the text unchanged); the literals (``required_literals``) are read at the first
    call.  Worth it for case-insensitive alternations of many cues, which ``re`` tries at every position of every text
    (the facts' predicate verbs and conditions), where ``literal in text`` is one C-level search.  The pattern compiles
    when first needed (``compile_lazy``); ``pattern``, ``flags`` and the rest are the compiled pattern's.
    """

    __slots__ = ("lazy", "_lits", "_folded", "_read")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.lazy = compile_lazy(pattern, flags)
        self._lits: tuple[str, ...] | None = None
        self._folded = False
        self._read = False

    def may_match(self, text: str) -> bool:
        """False only when ``text`` lacks every literal a match needs (so no match is possible)."""
        if not self._read:
            self._lits = required_literals(self.lazy)
            self._folded = bool(_flags_of(self.lazy) & re.IGNORECASE)
            self._read = True
        lits = self._lits
        if lits is None:
            return True
        if self._folded:
            text = _lowered(text)
            if text is None:
                return True
        for lit in lits:
            if lit in text:
                return True
        return False

    def search(self, text: str, *args):
        """``re.Pattern.search``."""
        return self.lazy.search(text, *args) if self.may_match(text) else None

    def match(self, text: str, *args):
        """``re.Pattern.match``."""
        return self.lazy.match(text, *args) if self.may_match(text) else None

    def fullmatch(self, text: str, *args):
        """``re.Pattern.fullmatch``."""
        return self.lazy.fullmatch(text, *args) if self.may_match(text) else None

    def finditer(self, text: str, *args):
        """``re.Pattern.finditer``."""
        return self.lazy.finditer(text, *args) if self.may_match(text) else iter(())

    def findall(self, text: str, *args):
        """``re.Pattern.findall``."""
        return self.lazy.findall(text, *args) if self.may_match(text) else []

    def sub(self, repl, text: str, count: int = 0):
        """``re.Pattern.sub``."""
        return self.lazy.sub(repl, text, count) if self.may_match(text) else text

    def subn(self, repl, text: str, count: int = 0):
        """``re.Pattern.subn``."""
        return self.lazy.subn(repl, text, count) if self.may_match(text) else (text, 0)

    def split(self, text: str, maxsplit: int = 0):
        """``re.Pattern.split``."""
        return self.lazy.split(text, maxsplit) if self.may_match(text) else [text]

    def __getattr__(self, name: str):  # pattern, flags, groups, groupindex
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.lazy, name)

    def __reduce__(self):
        return (GatedPattern, (self.lazy.pattern, _flags_of(self.lazy)))

    def __repr__(self) -> str:
        return f"gated({self.lazy.pattern!r}, {_flags_of(self.lazy)!r})"


def gated(pattern: str, flags: int = 0) -> GatedPattern:
    """A :class:`GatedPattern` for ``re.compile(pattern, flags)`` (compiled at its first use)."""
    return GatedPattern(pattern, flags)


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

    evidence_line: re.Pattern[str]
    unverified: re.Pattern[str]
    negation: re.Pattern[str]
    caveat_headings: re.Pattern[str]
    relation_headings: re.Pattern[str]
    action_headings: re.Pattern[str]
    background_headings: re.Pattern[str]
    low_relevance: re.Pattern[str]
    suggestion: re.Pattern[str]
    placement_negation: re.Pattern[str]
    section_ref: re.Pattern[str]
    qualifier_pairs: tuple[QualifierPair, ...]
    contamination: re.Pattern[str]
    metrics: tuple[tuple[str, re.Pattern[str]], ...]
    topic_keywords: dict[str, re.Pattern[str]]
    stopwords: frozenset[str]
    #: Pre-checks derived from the fields above by ``__post_init__`` (never given by callers):
    #: one pattern matching where any qualifier side does (None: no pre-check; most claims use no
    #: qualifier, and one scan costs less than one per side), and whether every ``section_ref``
    #: match starts with "§" (then a text without "§" has no section reference and no placement,
    #: whose ``§`` keys are ``section_ref`` matches).
    any_qualifier: re.Pattern[str] | None = field(default=None, compare=False, repr=False)
    #: The JSON document the lexicon was compiled from, for the readers built on it
    #: (``ingest.evidence``, ``ingest.structure``, ``ingest.placement``, the contradiction rules).
    raw: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    refs_need_section_sign: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "any_qualifier", _any_of([p for q in self.qualifier_pairs for p in q.sides.values()]))
        object.__setattr__(self, "refs_need_section_sign", _starts_with_literal(self.section_ref, "§"))

    def evidence_of(self, text: str) -> str | None:
        """The weakest evidence level whose marker occurs in ``text``, or None.

        Weakest wins: "摘要页核查 … 数字未验证" is ``unverified`` for that text.
        """
        for lvl, parts in reversed(marker_parts(self)):
            if parts.any(text):
                return lvl
        return None

    def qualifiers_in(self, text: str) -> list[str]:
        """``pair_id:side`` for every qualifier side whose pattern occurs in ``text``.

        In lexicon order of the pairs, sides sorted by name within a pair (as ``make_claim`` lists them).
        """
        if self.any_qualifier is not None and self.any_qualifier.search(text) is None:
            return []
        return [f"{pair.id}:{side}" for pair in self.qualifier_pairs for side in sorted(pair.sides_in(text))]


def marker_parts(lex: Lexicon) -> tuple[tuple[str, Scan], ...]:
    """The evidence markers of ``lex`` per level, each alternative compiled on its own (case-insensitive).

    ``parts.any(t)`` (a ``Scan``) holds exactly when the level's alternation matches somewhere in ``t``,
    and costs a fraction of it: an alternation tries every alternative at every position, while each
    alternative alone is asked only when a literal it needs occurs in ``t``.  Most lines state no level,
    so the question asked most is "does any marker occur?"."""
    got = lex.__dict__.get("_marker_parts")
    if got is None:
        # (each compiled when a literal it needs occurs in a text: most never are)
        got = tuple((lvl, Scan(compile_lazy(p, re.IGNORECASE) for p in pats)) for lvl, pats in lex.raw["evidence_markers"])
        object.__setattr__(lex, "_marker_parts", got)  # kept on the (frozen) lexicon itself: one per lexicon
    return got


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
        evidence_line=re.compile(raw["evidence_line"], re.IGNORECASE),
        unverified=_alt([re.escape(w) for w in raw["unverified_markers"]]),
        negation=re.compile("|".join(neg_parts), re.IGNORECASE),
        caveat_headings=_alt(raw["caveat_headings"]),
        relation_headings=_alt(raw["relation_headings"]),
        action_headings=_alt(raw["action_headings"]),
        background_headings=_alt(raw.get("background_headings") or [r"(?!x)x"]),
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
        raw=raw,
    )
