"""Find arXiv identifiers in free text and give each its canonical identity.

Pure functions: no I/O, no rdflib.  The rules follow arXiv's help page
"Understanding the arXiv identifier" (https://info.arxiv.org/help/arxiv_identifier.html)
as summarised in ``shared/corpus/arxiv_identifier_scheme__extract_and_examples.md``:

* new scheme ``YYMM.NUMBER`` (April 2007 on): ``MM`` 01-12, ``YYMM >= 0704``;
  ``NUMBER`` has 4 digits up to ``1412`` and 5 digits from ``1501``;
* old scheme ``archive[.SC]/YYMMNNN`` (August 1991 - March 2007); the subject
  class ``.SC`` is dropped for identity (``math.CA/0611800`` -> ``math/0611800``);
* an optional version ``vN``, kept apart from the key (the key never has one); ``N`` counts from 1
  and has at most three digits (``MAX_VERSION_DIGITS``): ``v0`` or ``v1000`` makes no identifier.

Extraction policy (see :func:`find_arxiv_ids`)
----------------------------------------------
*Context* forms are always looked for: arXiv URLs (``abs``, ``pdf``, ``html``,
``ps``, ``format``, ``ftp/arxiv/papers/YYMM``; any ``*.arxiv.org`` host such as
``www.``/``browse.``/``export.``; http or https or no scheme; ``.pdf`` suffix),
the arXiv DOI ``10.48550/arXiv.<id>``, the ``arXiv:`` prefix in any case (also
``arXiv <id>``, ``arXiv：<id>``), and the arXiv mirrors ``huggingface.co/papers/``
and ``alphaxiv.org/abs/``.  In context the *lenient* form accepted by arXiv's
own parser is taken too: a 5-digit number before 2015 (corpus table rows 21, 22, 47); a
4-digit number after 2014 is a truncated identifier and never taken (row 46).  A month outside 01-12 or a
new-style ``YYMM`` before ``0704`` is never accepted.

*Bare* new-style identifiers (``2502.07115v5``, ``(2502.07115)``) are accepted
only when *strictly* canonical (valid month, ``YYMM >= 0704``, digit count
right for the period), with digit boundaries on both sides, and not preceded
by a letter, ``.``, ``-``, ``_`` or ``/`` (so DOI suffixes such as
``10.1145/3582016.3582018``, non-arXiv URL paths, ``Llama-3.1-8B`` and
``v1.0`` never match).  Bare old-style identifiers are accepted only when the
archive is one of :data:`OLD_ARCHIVES` (``hep-th/9901001``,
``math.GT/0309136``); a known archive also acts as context for arXiv's odd
``hep-ph/1203.12345v12`` form (row 19), whose key is the new-style part.

A Markdown link whose text is an identifier and whose target is an arXiv URL
for the same paper (``[2401.09670](https://arxiv.org/abs/2401.09670)``) is one
mention, not two.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import PurePath
from ingest.lazyre import compile_lazy

__all__ = [
    "OLD_ARCHIVES",
    "ArxivMatch",
    "find_arxiv_ids",
    "standard_id",
    "arxiv_from_filename",
    "is_valid_new_id",
    "is_valid_old_id",
    "normalise_title",
    "TitleMatch",
    "TitleIndex",
]

#: Archive names used in old-style identifiers (arXiv "arxiv_identifier"
#: help page and the archive list of the old scheme, 1991-2007).  A bare
#: ``archive/YYMMNNN`` is only taken as an arXiv identifier for these names.
OLD_ARCHIVES: frozenset[str] = frozenset({
    "acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph",
    "bayes-an", "chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat", "cs",
    "dg-ga", "funct-an", "gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th",
    "math", "math-ph", "mtrl-th", "nlin", "nucl-ex", "nucl-th", "patt-sol",
    "physics", "plasm-ph", "q-alg", "q-bio", "quant-ph", "solv-int", "supr-con",
})


@dataclass(frozen=True)
class ArxivMatch:
    """One arXiv identifier written in a text.

    Attributes
    ----------
    arxiv_id : str
        Canonical key without version: ``"2502.07115"``, ``"hep-th/9901001"``,
        ``"math/0611800"`` (subject class dropped).
    version : str or None
        ``"v5"`` (always lower-case ``v``) or ``None`` when none is written.
    raw : str
        The text as written, ``text[start:end]`` (whole URL, DOI, ``arXiv:`` prefix
        or Markdown link included).
    start, end : int
        Character offsets into the scanned text (``end`` exclusive).
    """

    arxiv_id: str
    version: str | None
    raw: str
    start: int
    end: int


# --------------------------------------------------------------------------
# Validation

def is_valid_new_id(yymm: str, number: str, *, lenient: bool = False) -> bool:
    """Whether ``YYMM.NUMBER`` is a possible new-style identifier.

    Parameters
    ----------
    yymm : str
        Four digits.
    number : str
        The sequence number as written (4 or 5 digits).
    lenient : bool
        When true, a 5-digit number before 2015 is accepted (arXiv's tolerant parser takes
        ``1203.12345``); month and first month (``0704``) are still checked.  A 4-digit number after
        2014 (``1501.0001``, ``2412.1961``) is never accepted: it is a truncated identifier
        (corpus row 46), and taking it made a shift's cut-off ID a work.

    Returns
    -------
    bool
        True for a valid month (01-12), ``YYMM >= 0704`` and, unless lenient,
        4 digits up to ``1412`` / 5 digits from ``1501`` (arXiv identifier help page).
    """
    if len(yymm) != 4 or not yymm.isdigit() or not number.isdigit():
        return False
    month = int(yymm[2:])
    if not 1 <= month <= 12 or int(yymm) < 704:
        return False
    if len(number) not in (4, 5):
        return False
    if int(yymm) >= 1501 and len(number) != 5:
        return False  # a 4-digit number after 2014 is a truncated identifier, never a work (corpus row 46)
    if lenient:
        return True
    return len(number) == (4 if int(yymm) <= 1412 else 5)


def is_valid_old_id(digits: str) -> bool:
    """Whether seven digits ``YYMMNNN`` fit the old scheme (9108 .. 0703).

    Parameters
    ----------
    digits : str
        The seven digits after ``archive/``.

    Returns
    -------
    bool
        True when the month is 01-12 and ``YYMM`` lies between August 1991 and
        March 2007 (arXiv identifier help page, old scheme).
    """
    if len(digits) != 7 or not digits.isdigit():
        return False
    yy, mm = int(digits[:2]), int(digits[2:4])
    if not 1 <= mm <= 12:
        return False
    if yy >= 91:
        return (yy, mm) >= (91, 8)
    return (yy, mm) <= (7, 3)


# --------------------------------------------------------------------------
# Patterns

_ARCH = r"[a-z]+(?:-[a-z]+)?"
_ANY_ID = rf"(?:\d{{4}}\.\d+|{_ARCH}(?:\.[A-Za-z]{{2}})?/\d{{7}}|{_ARCH}(?:\.[A-Za-z]{{2}})?/\d{{4}}\.\d+)"
#: Digits of a version at most: arXiv's most revised papers are in the tens (``v1000`` is no version).
MAX_VERSION_DIGITS = 3
_VER = r"(?P<ver>[vV]\d+)?"

_URL_RE = compile_lazy(
    r"(?<![A-Za-z0-9.\-])(?:https?://)?(?:[A-Za-z0-9\-]+\.)*arxiv\.org/"
    r"(?:abs|pdf|html|ps|format|ftp/arxiv/papers/\d{4})/"
    rf"(?P<id>{_ANY_ID}){_VER}(?:\.pdf)?(?![0-9])",
    re.I,
)
_MIRROR_RE = compile_lazy(
    r"(?<![A-Za-z0-9.\-])(?:https?://)?(?:www\.)?(?:huggingface\.co/papers|alphaxiv\.org/abs)/"
    rf"(?P<id>\d{{4}}\.\d+){_VER}(?![0-9])",
    re.I,
)
_DOI_RE = compile_lazy(
    r"(?<![A-Za-z0-9.])(?:(?:https?://)?(?:dx\.)?doi\.org/|doi:\s?)?10\.48550/arxiv\."
    rf"(?P<id>{_ANY_ID}){_VER}(?![0-9])",
    re.I,
)
_PREFIX_RE = compile_lazy(
    r"(?<![A-Za-z0-9])arxiv(?:[ \t\u00a0]*[:：][ \t\u00a0]*|[ \t\u00a0]{1,2}|\.)"
    rf"(?P<id>{_ANY_ID}){_VER}(?![0-9])",
    re.I,
)
_BARE_NEW_RE = compile_lazy(
    # (not a build tag's date: "vllm:2603.14159-cu128", "2601.10342-py3", "…-rc1")
    r"(?<![A-Za-z0-9_.\-/])(?P<id>\d{4}\.\d{4,5})(?P<ver>[vV]\d+)?(?![A-Za-z0-9_]|\.\d|-(?:cu|cuda|py|rc|dev|post|torch|gpu|cpu|sm|arm|amd|x86)\d)"
)
#: A new-scheme identifier glued to the name before it in a Chinese note ("Block-Attention2409.15355其实是免训练的",
#: "SlackBatch2603.14721那篇"): the name has three letters or more and ends in a letter (not a version's "v").
_GLUED_NEW_RE = compile_lazy(
    r"(?<![A-Za-z0-9_.\-/])[A-Za-z][A-Za-z\-]{1,30}[A-UW-Za-uw-z](?P<id>\d{4}\.\d{4,5})(?P<ver>[vV]\d+)?(?![A-Za-z0-9_]|\.\d)"
)
_CJK_IN_LINE = compile_lazy(r"[\u3400-\u9fff]")


class _GluedMatch:
    """A ``_GLUED_NEW_RE`` match seen from the identifier on (the name before it is no part of the written identifier)."""

    def __init__(self, m: re.Match[str]):
        self._m = m

    def group(self, name: str | int = 0) -> str | None:
        """The identifier (``0``) written from its first digit, or a named group."""
        return self._m.string[self._m.start("id"):self._m.end()] if name == 0 else self._m.group(name)

    def start(self) -> int:
        """Where the identifier's first digit is."""
        return self._m.start("id")

    def end(self) -> int:
        """Where the identifier (with its version) ends."""
        return self._m.end()
_BARE_OLD_RE = compile_lazy(
    rf"(?<![A-Za-z0-9_.\-/])(?P<id>{_ARCH}(?:\.[A-Z]{{2}})?/(?:\d{{7}}|\d{{4}}\.\d{{4,5}}))"
    r"(?P<ver>[vV]\d+)?(?![0-9])"
)
#: A unit right after a bare number: the number is a measured value ("4312.08731 tok/s", "1873.40112 s",
#: "1207.3391 us": a time in ms, µs (also written us), ns; a size; a rate; watts).
#: A log key that names a measure or a run's setting, before "=": "AvgLatency", "MeanTime", "Warm-up", "StepCount".
_MEASURE_KEY = compile_lazy(r"(?<![\w.+-])(?:(?i:avg|mean|median|total|warm)[\w.+-]*|[\w.+-]*(?i:latency|time|throughput|speed|loss|rate|score|"
                          r"acc|steps?|count|size|ttft|tpot|tps|qps|p\d\d))\s+[=＝]\s+$")
#: Any rate per second is a unit too ("1203.5625 帧/s", "frames/s", "img/sec"), and a Chinese unit word (秒, 毫秒, 帧, 元, 倍).
_VALUE_UNIT = compile_lazy(r"\s?(?:tok(?:ens)?/s|tokens?\b|req/s|[mµμun]?s\b|sec\b|[GMK]i?B\b|[GT]FLOPS|W\b|%|x\b|×|"
                         r"[A-Za-z\u4e00-\u9fff]{1,12}/(?:s|sec|秒)\b|(?:毫秒|微秒|秒|帧|美元|元|倍))")
_LINK_TAIL_RE = compile_lazy(r"\]\(")
#: A name set equal to an arXiv link or an ``arXiv:`` identifier ("minference = arxiv.org/abs/2407.02490").
_EQUATED_LINK = compile_lazy(r"[=＝]\s*(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/\d{4}\.\d{4,5}|[=＝]\s*arXiv\s*:\s*\d{4}\.\d{4,5}", re.IGNORECASE)

# Context patterns in priority order (lenient numbers, any archive name).
#: A paper's PDF saved under a name that ends in its identifier: ``TideServe_2602.11873v1.pdf``,
#: ``AgeSched_arxiv_2603.05106.pdf`` (shared as a file in a chat export).
_PDF_NAME_RE = compile_lazy(r"(?<=[_\-])(?P<id>\d{4}\.\d{4,5})(?P<ver>[vV]\d+)?(?=\.pdf\b)", re.IGNORECASE)
_CONTEXT_PATTERNS = (_URL_RE, _MIRROR_RE, _DOI_RE, _PREFIX_RE, _PDF_NAME_RE)


def _key(written: str, *, lenient: bool, any_archive: bool) -> str | None:
    """Canonical key for an identifier body (no version), or None if invalid."""
    if "/" in written:
        head, tail = written.split("/", 1)
        archive = head.split(".", 1)[0].lower()
        if not any_archive and archive not in OLD_ARCHIVES:
            return None
        if "." in tail:  # odd archive/YYMM.NNNNN form (arxiv-base, row 19)
            yymm, number = tail.split(".", 1)
            return f"{yymm}.{number}" if is_valid_new_id(yymm, number, lenient=True) else None
        return f"{archive}/{tail}" if is_valid_old_id(tail) else None
    yymm, number = written.split(".", 1)
    return written if is_valid_new_id(yymm, number, lenient=lenient) else None


#: Every identifier form above holds ``YYMM.N`` (new scheme: ``\d{4}\.\d+`` in ``_ANY_ID``, the
#: mirrors and ``_BARE_NEW_RE``) or ``/YYMM`` (old scheme ``archive/YYMMNNN`` and the odd
#: ``archive/YYMM.NNNNN``): a text with neither holds no identifier, and ``_scan`` returns at once
#: (most lines and claims, dates such as ``2026-01-07`` included).
_MAYBE_ID = compile_lazy(r"\d{4}\.\d|/\d{4}")
#: Labels after which a bare number is the number of something else (a form, a ticket, a room, an
#: order), never an arXiv identifier: they must end right before it (or before "is", "是": "the vendor case
#: ref is 2705.11302").
_NUMBER_LABEL = compile_lazy(r"(?:单号|编号|号码|工单|订单|询价单|报价单|合同|票号|发票|账号|房间|会议室|成本中心|预算(?:编号|号)|ticket|invoice|order|form|room|phone|tel|"
                           r"cost (?:cent(?:er|re)|code)|(?:budget|charge|project|billing) code|"
                           # a footer's or a booking's reference: "… San Francisco CA · ref 2311.40596", "booked, ref 2811.40062"
                           r"(?:[·|;]\s*|\bbooked,?\s+|(?:booking|reservation|confirmation)\s+)ref(?:erence)?\.?(?:\s*(?:no\.?|number))?|"
                           r"account|po|no\.|(?<![#\w])#(?=$)|(?<![\w-])(?:run|build|job|pipeline|workflow|batch job|task)(?: id)?|"
                           # a nightly build's number: "nightly builds before 2608.10417", "nightly 2608.10417 and later"
                           r"(?<![\w-])(?:nightly|nightlies)(?: builds?)?(?: (?:before|after|since|from|until|through|up to|prior to))?|"
                           r"(?<![\w-])(?:digest|newsletter|mailing|case|tracking|message)(?: (?:ref|no\.?|id|number))?|"
                           # a log's or a metric's key: ``total_s=1312.4471``, ``ttft_p50=…`` (never ``arxiv=``/``eprint=``)
                           r"(?<![\w.])(?!(?:arxiv|eprint|paper|abs)_)[A-Za-z][\w.]*_[\w.]*\s*=)\s*(?:[:：#]|\b(?:is|was)\b|是|为)?\s*$",
                           re.IGNORECASE)


#: A container image's name right before its tag ("spec-serve:", "vllm/vllm-openai:", "ghcr.io/x/y:"),
#: written with no space before the tag. A label for an identifier ("arxiv_id:", "paper-id:") or a date
#: ("2024-03-01:") is no image name.
_IMAGE_NAME = compile_lazy(r"(?<![\w.:/-])(?![\d-]+:$)(?![\w./-]*(?:id|arxiv|eprint|paper|abs|ref)s?:$)"
                         r"[a-z0-9][\w.-]*[-_/][\w./-]*:$")
#: An image name only a registry path can be ("vllm/vllm-openai:", "ghcr.io/org/x:"): a ``/`` whose
#: last part, or whose host, is written the way image names are (a ``-`` or a ``.``). A folder written that
#: way ("papers/kv-cache:2402.02750") reads as an image too; a plain one ("to_read/kv:") does not.
_REGISTRY_NAME = compile_lazy(r"(?<![\w.:/-])(?:[a-z0-9][\w-]*\.[\w.-]+/[\w./-]*|[\w.-]+/(?:[\w.-]+/)*[\w]*[-.][\w.-]*):$")
#: A build's suffix after a tag ("-nightly", "-alpha"): with an image name before the tag, the number is a
#: version. (A suffix ending in digits, "-cu124", "-py3", already makes the number no bare identifier:
#: ``_BARE_NEW_RE`` refuses one followed by ``-`` and a word with digits.) Alone a word proves nothing
#: ("2402.02750-py" may be a paper's code).
_BUILD_SUFFIX = compile_lazy(r"-(?:nightly|alpha|beta|rc|dev)\b", re.IGNORECASE)


def _is_image_tag(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is a container image's tag, not an identifier."""
    if start == 0 or text[start - 1] != ":":
        return False
    window = max(0, start - 60)
    if not _IMAGE_NAME.search(text, window, start):
        return False
    return bool(_REGISTRY_NAME.search(text, window, start) or _BUILD_SUFFIX.match(text, end))


def _scan(text: str, *, assume_context: bool) -> list[ArxivMatch]:
    if _MAYBE_ID.search(text) is None:
        return []
    taken: list[ArxivMatch] = []
    # The spans taken so far, disjoint and sorted: an overlap check is a binary search (a linear one
    # made a line of 16,000 identifiers take 17 s).
    starts: list[int] = []
    ends: list[int] = []

    def overlaps(start: int, end: int) -> bool:
        i = bisect.bisect_right(starts, start)
        return (i > 0 and ends[i - 1] > start) or (i < len(starts) and starts[i] < end)

    def add(m: re.Match[str], *, lenient: bool, any_archive: bool) -> None:
        if overlaps(m.start(), m.end()):
            return
        key = _key(m.group("id"), lenient=lenient, any_archive=any_archive)
        if key is None:
            return
        ver = m.group("ver")
        if ver is not None and (ver[1] == "0" or len(ver) > 1 + MAX_VERSION_DIGITS):
            # versions count from v1: ``…v0`` (or ``v01``) is no identifier, nor ``…v99999999999999999999``
            return
        taken.append(ArxivMatch(key, ver.lower() if ver else None, m.group(0), m.start(), m.end()))
        i = bisect.bisect_right(starts, m.start())
        starts.insert(i, m.start())
        ends.insert(i, m.end())

    for pattern in _CONTEXT_PATTERNS:
        for m in pattern.finditer(text):
            add(m, lenient=True, any_archive=True)
    for m in _BARE_OLD_RE.finditer(text):
        add(m, lenient=True, any_archive=assume_context)
    for m in _BARE_NEW_RE.finditer(text):
        if not assume_context and _NUMBER_LABEL.search(text, max(0, m.start() - 32), m.start()):
            continue  # "报销单号 2612.00417", "ticket #2611.03092": a number of something else
        if not assume_context and ((re.search(r"[=＝]\s*$", text[max(0, m.start() - 2):m.start()])
                                    and not re.search(r"(?:arxiv|eprint|paper|\bid)\w*\s*[=＝]\s*$", text[max(0, m.start() - 24):m.start()], re.I)
                                    # "minference = arxiv.org/abs/2407.02490 · head route = 2606.04417": names set equal to
                                    # works, one of them by its arXiv link, on the same line
                                    and not _EQUATED_LINK.search(text, max(text.rfind("\n", 0, m.start()) + 1, m.start() - 160), m.start())
                                    # "[HeadInfer = 2502.12574, …": a work's name (a compound: HeadInfer, Flash-Decoding) set equal to its ID
                                    # ("TTFT = 1204.3318", all capitals, is a measure's value)
                                    and not (re.search(r"(?:^|[\s\[(,;:]\s*)(?:[A-Z][a-z]+[A-Z][\w.+-]*|[A-Z][a-z]+-[A-Za-z][\w.+-]*)\s+[=＝]\s+$",
                                                       text[max(0, m.start() - 40):m.start()])
                                             # (a measure named in CamelCase is a log's key: "AvgLatency = 1204.3318", "Warm-up = …")
                                             and not _MEASURE_KEY.search(text[max(0, m.start() - 40):m.start()])))
                                   or _VALUE_UNIT.match(text, m.end())):
            continue  # "throughput=4312.08731 tok/s", "2305.1234 ms": a value in a log, not an identifier
        if not assume_context and _is_image_tag(text, m.start(), m.end()):
            continue  # "spec-serve:2604.11507-cu124", "vllm/vllm-openai:2605.01234": a container image's tag
        add(m, lenient=assume_context, any_archive=assume_context)
    if _CJK_IN_LINE.search(text):
        for m in _GLUED_NEW_RE.finditer(text):
            end = text.find("\n", m.end())
            if _CJK_IN_LINE.search(text, text.rfind("\n", 0, m.start()) + 1, end if end >= 0 else len(text)):  # (its line)
                add(_GluedMatch(m), lenient=False, any_archive=False)
    taken.sort(key=lambda m: m.start)
    return _merge_links(text, taken)


def _merge_links(text: str, matches: list[ArxivMatch]) -> list[ArxivMatch]:
    """Fold ``[ID](arxiv-url-for-ID)`` into one match spanning the whole link."""
    out: list[ArxivMatch] = []
    i = 0
    while i < len(matches):
        m = matches[i]
        nxt = matches[i + 1] if i + 1 < len(matches) else None
        if (
            nxt is not None
            and nxt.arxiv_id == m.arxiv_id
            and m.start > 0
            and text[m.start - 1] == "["
            and _LINK_TAIL_RE.match(text, m.end)
            and nxt.start == m.end + 2
        ):
            close = text.find(")", nxt.end)
            end = close + 1 if close != -1 and not any(c.isspace() for c in text[nxt.end:close]) else nxt.end
            start = m.start - 1
            out.append(ArxivMatch(m.arxiv_id, m.version or nxt.version, text[start:end], start, end))
            i += 2
            continue
        out.append(m)
        i += 1
    return out


# --------------------------------------------------------------------------
# Public functions

def find_arxiv_ids(text: str) -> list[ArxivMatch]:
    """Every arXiv identifier written in ``text``, in order of position.

    Parameters
    ----------
    text : str
        Any text (Markdown, a single line, a whole file).

    Returns
    -------
    list[ArxivMatch]
        Sorted by ``start``; non-overlapping.  One match per written mention: a
        URL counts once even when its path repeats the id
        (``/ftp/arxiv/papers/2403/2403.20041.pdf``), and ``[ID](url-for-ID)`` is
        one match.  The same paper written twice gives two matches (callers
        de-duplicate on ``arxiv_id``).

    Notes
    -----
    Policy (module docstring): context forms (URL, ``arXiv:``, arXiv DOI,
    mirrors) accept lenient numbers; bare new-style ids must be strictly
    canonical; bare old-style ids need a known archive (:data:`OLD_ARCHIVES`).
    Follows the arXiv identifier help page and the 48-row table in
    ``shared/corpus/arxiv_identifier_scheme__extract_and_examples.md``.

    Examples
    --------
    >>> [(m.arxiv_id, m.version) for m in find_arxiv_ids("see arXiv:2502.07115v5 and 10.1145/3582016.3582018")]
    [('2502.07115', 'v5')]
    """
    return _scan(text, assume_context=False)


def standard_id(raw: str) -> tuple[str, str | None]:
    """Canonical ``(key, version)`` for one written identifier.

    ``raw`` is taken to be an arXiv identifier by the caller, so it is read in
    arXiv context: lenient numbers (``1203.12345``) and any old-style archive
    name are accepted; impossible ids (month 13, new-style before ``0704``) are not.
    When ``raw`` holds several identifiers the first one wins.

    Parameters
    ----------
    raw : str
        ``"arXiv:2502.07115v5"``, ``"https://arxiv.org/pdf/2309.06180.pdf"``,
        ``"math.CA/0611800v2"``, ``"10.48550/arXiv.2502.07115"`` ...

    Returns
    -------
    tuple[str, str | None]
        ``(key, version)``, e.g. ``("2502.07115", "v5")``, ``("math/0611800", "v2")``.

    Raises
    ------
    ValueError
        If ``raw`` holds no arXiv identifier.

    Examples
    --------
    >>> standard_id("math.CA/0611800v2")
    ('math/0611800', 'v2')
    """
    found = _scan(raw, assume_context=True)
    if not found:
        raise ValueError(f"no arXiv identifier in {raw!r}")
    return found[0].arxiv_id, found[0].version


_NAME_PAIR_RE = compile_lazy(r"(?<![0-9])(\d{4})[-_](\d{4,5})(?:[-_]?(v\d+))?(?![0-9])")


def arxiv_from_filename(name: str) -> tuple[str, str | None] | None:
    """The arXiv identifier encoded in a paper-card file name.

    Card files name the paper as ``[index-]YYMM-NNNNN[vN].md``
    (``058-2502-07115.md``); a dotted id in the name (``2502.07115v2.md``) is
    also read.  Only strictly valid new-style ids count; when several
    ``YYMM-NNNNN`` pairs are possible the last valid one wins, so a numeric
    index that looks like a ``YYMM`` (``1802-1605-08803.md``) is skipped.

    Parameters
    ----------
    name : str
        A file name or path (only the last component is used).

    Returns
    -------
    tuple[str, str | None] or None
        ``(key, version)``, e.g. ``("2502.07115", None)``; ``None`` when the
        name encodes no identifier.

    Examples
    --------
    >>> arxiv_from_filename("1417-2609-19969.md")
    ('2609.19969', None)
    """
    stem = PurePath(name).name
    if stem.lower().endswith((".md", ".markdown", ".txt", ".json", ".pdf", ".rst", ".adoc", ".org", ".tex", ".bib",
                              ".qmd", ".rmd", ".typ", ".html", ".htm", ".ics", ".jsonl", ".ndjson", ".opml")):
        stem = stem.rsplit(".", 1)[0]
    best: tuple[str, str | None] | None = None
    pos = 0
    while True:
        m = _NAME_PAIR_RE.search(stem, pos)
        if m is None:
            break
        if is_valid_new_id(m.group(1), m.group(2)):
            best = (f"{m.group(1)}.{m.group(2)}", m.group(3))
        pos = m.start() + 1
    if best is not None:
        return best
    dotted = find_arxiv_ids(stem.replace("_", " "))
    if dotted:
        return dotted[-1].arxiv_id, dotted[-1].version
    return None


# ---------------------------------------------------------------------------
# Works cited by title only

_TITLE_FOLD = compile_lazy(r"[\W_]+", re.UNICODE)


def normalise_title(title: str) -> str:
    """Lower-case ``title`` and fold every run of punctuation/space to one space (for comparison)."""
    return _TITLE_FOLD.sub(" ", title.lower()).strip()


@dataclass(frozen=True)
class TitleMatch:
    """The outcome of looking a title up in a ``TitleIndex``.

    ``status`` is ``resolved`` (exactly one work scores at or above the
    threshold), ``ambiguous`` (several works do; nothing is guessed) or
    ``none``.  ``arxiv_id`` is set only when resolved; ``candidates`` lists
    ``(arxiv_id, score 0-100, known title)`` for every work at or above the
    threshold, best first.
    """

    status: str
    arxiv_id: str | None
    score: float
    candidates: tuple[tuple[str, float, str], ...] = ()


class TitleIndex:
    """Known ``title -> arXiv key`` pairs (from paper cards and living documents), fuzzy-searchable.

    Matching uses rapidfuzz's ``fuzz.ratio`` (normalised Indel similarity,
    0-100) on ``normalise_title`` forms; a title written ``Short: long
    title`` is also tried without its short name, so ``SnapKV: LLM Knows …``
    and ``LLM Knows …`` both find the work.  Titles shorter than
    ``min_chars`` (after normalisation) are never matched: short names are
    aliases, not titles.

    Parameters
    ----------
    titles : iterable of (str, str)
        ``(title as written, arXiv key)`` pairs; one work may have several titles.
    threshold : float
        Minimum score for a candidate (default 90).
    """

    def __init__(self, titles, *, threshold: float = 90.0, min_chars: int = 16) -> None:
        self.threshold = threshold
        self.min_chars = min_chars
        self._keys: list[str] = []
        self._works: list[set[str]] = []
        self._shown: list[str] = []
        pos: dict[str, int] = {}
        for title, aid in titles:
            for form in self._forms(title):
                i = pos.get(form)
                if i is None:
                    pos[form] = i = len(self._keys)
                    self._keys.append(form)
                    self._works.append(set())
                    self._shown.append(title)
                self._works[i].add(aid)

    def _forms(self, title: str) -> list[str]:
        forms = [normalise_title(title)]
        if ":" in title or "：" in title:
            forms.append(normalise_title(re.split(r"[:：]", title, maxsplit=1)[1]))
        return [f for f in dict.fromkeys(forms) if len(f) >= self.min_chars]

    def __len__(self) -> int:
        return len(self._keys)

    def match(self, title: str) -> TitleMatch:
        """Look ``title`` up; see ``TitleMatch`` for the outcome."""
        from rapidfuzz import fuzz, process

        best: dict[str, tuple[float, str]] = {}
        for form in self._forms(title):
            for _k, score, i in process.extract(form, self._keys, scorer=fuzz.ratio,
                                                score_cutoff=self.threshold, limit=None):
                for aid in self._works[i]:
                    if aid not in best or score > best[aid][0]:
                        best[aid] = (score, self._shown[i])
        cands = tuple(sorted(((a, round(sc, 1), t) for a, (sc, t) in best.items()), key=lambda c: (-c[1], c[0])))
        if not cands:
            return TitleMatch("none", None, 0.0)
        if len(cands) == 1:
            return TitleMatch("resolved", cands[0][0], cands[0][1], cands)
        return TitleMatch("ambiguous", None, cands[0][1], cands)
