"""The thirteenth stop's rules, each pinned on a small inline text (docs/FORMAT.md, "Thirteenth stop" paragraph), and
the judgement scorer's item matching (bench/judgement.py)."""
from __future__ import annotations

import importlib.util
from pathlib import Path


def _items(text: str, path: str = "inbox/a/n.md"):
    from ingest.notes import parse_note

    parts, _w = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]], parts


def _scorer():
    spec = importlib.util.spec_from_file_location("judgement", Path(__file__).resolve().parents[1] / "bench" / "judgement.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


CHECKLIST = """# Claims to verify

Priya, 14 June. Nothing goes into the doc without a ✅.

Legend for the Checked? column:
- ✅ confirmed in the source itself
- ❌ checked, and the source does not support the claim
- ❓ not checked yet, or only seen second-hand

| Claim | Source | Checked? |
|---|---|---|
| RotKV 2-bit KV: WikiText-2 perplexity 5.91 | card (2604.11873) | ❓ |
| QuaRot W4A4KV4: perplexity 6.46 | meetup slide (2404.00456) | ❓ |
"""


def test_a_legend_of_marks_is_no_topic():
    """t110: a list right under "Legend …:" says what the table's marks mean; its entries are no items. A list under
    "Key papers:" is a list of topics, and a legend entry that brings a work is kept."""
    got, _parts = _items(CHECKLIST)
    assert got == [(12, ("2604.11873",)), (13, ("2404.00456",))]
    papers = CHECKLIST.replace("Legend for the Checked? column:", "Key papers:").replace(
        "- ✅ confirmed in the source itself", "- ✅ confirmed in the source itself, see arXiv:2401.18079")
    got, _parts = _items(papers)
    assert (6, ("2401.18079",)) in got and len(got) == 5
    zh = CHECKLIST.replace("Legend for the Checked? column:", "图例：")
    assert _items(zh)[0] == [(12, ("2604.11873",)), (13, ("2404.00456",))]


def test_the_scorer_pairs_each_item_with_its_nearest_match():
    """An item one line off never takes its neighbour's exact match: oracle items at 12, 13, 14, 15 and provkg's at 12,
    14, 15 pair 12-12, 14-14, 15-15 and miss 13 (a greedy pass in the oracle's order paired 13-14 and 14-15); the
    number of pairs is the largest possible (oracle 10 and 12, provkg 11 and 13: both paired)."""
    match = _scorer()._match_items

    def pairs(o_lines, p_lines):
        o = [{"file": "a.md", "line": n} for n in o_lines]
        p = [{"source": "a.md", "line": n} for n in p_lines]
        return [(x["line"], y["line"]) for x, y in match(o, p)]

    assert pairs([12, 13, 14, 15], [12, 14, 15]) == [(12, 12), (14, 14), (15, 15)]
    assert pairs([10, 12], [11, 13]) == [(10, 11), (12, 13)]
    assert pairs([10], [20]) == []
    other = match([{"file": "a.md", "line": 5}], [{"source": "b.md", "line": 5}])
    assert other == []
