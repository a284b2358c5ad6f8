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


def test_scan_of_the_qualifier_sides_answers_as_every_pattern():
    """The facts' ``any_side`` Scan (some 600 folded patterns, looked up by their literals' first two characters)."""
    from ingest.facts import _cues

    scan = _cues(load_lexicon()).any_side
    lines = _lines()
    said = 0
    for ln in lines:
        want = any(p.search(ln) for p in scan)
        assert scan.any(ln) is want, ln
        said += want
    assert said > 50


def test_a_cased_scan_finds_a_literal_wherever_it_stands():
    scan = Scan([re.compile(r"TTFT p99"), re.compile(r"仅看了?摘要")])
    assert scan.any("the TTFT p99 fell") and scan.any("我仅看摘要")
    assert not scan.any("the ttft p99 fell") and not scan.any("TTFT p9")


def test_a_gated_pattern_answers_as_the_pattern():
    """``GatedPattern`` (the facts' verbs, conditions and metrics) gives every method's answer of ``re.Pattern``,
    on lines that hold its literals and lines that do not, Chinese-masked text and a fold trap included."""
    from ingest.facts import _cues, cjk_masked
    from ingest.lexicon import GatedPattern, gated

    cues = _cues(load_lexicon())
    gates = [p for _k, p in cues.verbs + cues.conditions + cues.metrics + cues.objects]
    assert gates and all(isinstance(p, GatedPattern) for p in gates)
    lines = _lines()[::3] + ["\u212aV cache offload \u017fkipped", "在 A100 上 TTFT平均降6.8倍"]
    hits = 0
    for p in gates:
        plain = re.compile(p.pattern, p.flags)
        for ln in lines:
            for text in filter(None, (ln, cjk_masked(ln))):
                got = [m.span() for m in p.finditer(text)]
                assert got == [m.span() for m in plain.finditer(text)], (p, text)
                assert bool(p.search(text)) is bool(plain.search(text))
                assert p.sub("#", text) == plain.sub("#", text)
                hits += bool(got)
    assert hits > 500
    g = gated(r"needs? (?:no )?calibration", re.I)
    assert g.match("Needs calibration data", 0) and g.match("x needs no calibration", 2)
    assert g.findall("no such words") == [] and g.split("no such words") == ["no such words"]
    assert g.subn("-", "none here") == ("none here", 0) and g.fullmatch("need calibration")
