"""The literal pre-check of ``ingest.lexicon.Scan``: the same answers as asking every pattern, fewer questions."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.lexicon import Scan, load_lexicon, marker_parts, required_literals

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("pattern", "flags", "want"), [
    (r"\bread (?:it|the paper) end to end", re.I, (" end to end",)),  # the longest run
    (r"(?:only|just) (?:the )?abstract", re.I, ("abstract",)),
    (r"仅看了?摘要", 0, ("仅看",)),
    (r"skimm?ed|glanced", re.I, ("glanced", "skim")),
    (r"(?<!not )full(?:y)? read", re.I, (" read",)),
    (r"Name says", 0, ("Name says",)),
    (r"a|b", re.I, None),  # one-character literals are no use
    (r"\w+ed", re.I, ("ed",)),
    (r"\w+", re.I, None),
    (r"(?-i:Table) \d", re.I, None),  # a group changing flags is not read
    (r"ſtop", re.I, ("top",)),  # a cased non-ASCII character is not lowered by hand: it ends the run
])
def test_required_literals_are_read_from_the_parsed_pattern(pattern, flags, want):
    assert required_literals(re.compile(pattern, flags)) == want


def _lines() -> list[str]:
    out: list[str] = []
    for f in sorted((ROOT / "tests" / "fixtures" / "shifts").glob("t12*/**/*.md")) + sorted((ROOT / "data" / "workspace").rglob("*.md")):
        out += f.read_text("utf-8", errors="replace").splitlines()
    return out


def test_scan_answers_as_every_pattern_asked_in_turn():
    lines = _lines()
    assert len(lines) > 1000
    # cased, folded and the characters re folds to ASCII letters that str.lower does not (long s, Kelvin sign)
    lines += [ln.upper() for ln in lines[:400]] + ["\u017fkimmed it; read the \u212aV paper end to end"]
    asked = 0
    for _level, scan in marker_parts(load_lexicon()):
        for ln in lines:
            want = any(p.search(ln) for p in scan)
            assert scan.any(ln) is want, (scan, ln)
            asked += want
    assert asked > 50  # the lines do state levels: the equality is not all "no"


def test_a_text_with_a_fold_trap_still_matches():
    scan = Scan([re.compile(r"skimmed", re.I)])
    assert scan.any("\u017fkimmed the abstract")  # re folds ſ to s
    assert not scan.any("scanned the abstract")
