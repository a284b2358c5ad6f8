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


SHEET = """# Repro sheet

How to read it: "paper's number" is the value printed in the paper's own table; I opened each PDF and copied it. Exceptions are marked † and ‡.

| Method | arXiv | Dataset | paper's number | our number |
|---|---|---|---|---|
| **Weight-only** | | | | |
| GPTQ | 2210.17323 | WikiText-2 | 5.69 † | 5.71 |
| AWQ | 2306.00978 | WikiText-2 | 5.60 | 5.64 |
| **KV cache** | | | | |
| QuIP# | 2402.04396 | WikiText-2 | 3.91 ‡ | — |

Notes
- † 5.69 is the GPTQ row as printed in the AWQ paper's table, i.e. second-hand for GPTQ.
- ‡ Not from the PDF: copied from Ruben's reading-group slides. Treat as unconfirmed.
"""


def test_group_rows_are_labels_and_footnotes_speak_of_their_rows():
    """t138: a row naming only its group (``| **Weight-only** | | |``) is no topic; a note under the table that opens
    with a row's mark (†, ‡) is part of that row's topic, and how it says the value was checked is the row's level,
    beside the sheet's own ("I opened each PDF")."""
    from ingest.notes import parse_note

    got, parts = _items(SHEET)
    assert got == [(8, ("2210.17323",)), (9, ("2306.00978",)), (11, ("2402.04396",))]
    levels = {c.line: set(c.evidence_levels) for c in parts["claims"]}
    assert "second_hand" in levels[8] and "second_hand" not in levels[9]
    assert {"second_hand", "unverified"} <= levels[11]
    assert "full_text" in levels[9]
    # the mark must end a cell of one row: "*" inside a cell, a mark no row carries, are nothing
    plain, _w = parse_note(SHEET.replace(" † |", " |"), "inbox/a/n.md")
    assert "second_hand" not in {lv for c in plain["claims"] if c.line == 8 for lv in c.evidence_levels}


LISTING = """From: no-reply@arXiv.org (send mail ONLY to cs)
Subject: cs daily Subj-class mailing 4a17c2 8

------------------------------------------------------------------------------
 Submissions to:
Computation and Language
Machine Learning
 received from  Wed 15 Jul 26 18:00:00 GMT  to  Thu 16 Jul 26 18:00:00 GMT
------------------------------------------------------------------------------
\\\\
arXiv:2607.12215
Title: Reward Model Calibration under Distribution Shift
\\\\ ( https://arxiv.org/abs/2607.12215 ,  912kb)
------------------------------------------------------------------------------
%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---
------------------------------------------------------------------------------
\\\\
arXiv:2607.11986 (*cross-listing*)
Title: Quantized Models Think Shorter
\\\\ ( https://arxiv.org/abs/2607.11986 ,  1120kb)
>>> keep, but I only read this comments line, not the v2 PDF
------------------------------------------------------------------------------
"""


def test_an_arxiv_listing_mail_is_its_entries():
    """t138: an arXiv listing mail's header ("Submissions to: … received from … to …") and the mark lines between its
    parts ("%%%---%%%---") are no topics; its entries are. "only read …, not the PDF" is a shallow read."""
    got, parts = _items(LISTING)
    assert got == [(10, ("2607.12215",)), (17, ("2607.11986",))]
    assert "abstract_checked" in {lv for c in parts["claims"] if c.line == 21 for lv in c.evidence_levels}


def test_a_suggested_place_label_needs_no_colon():
    """t138: a card's ``**Suggested place** quantized-inference, 2.3 Outlier handling`` suggests 2.3; a bold
    ``**Where**`` opening a sentence is no field."""
    from ingest.placement import placement_field, section_refs

    assert [(r.key, r.role) for r in section_refs("**Suggested place** quantized-inference, 2.3 Outlier handling")] == [("2.3", "suggest")]
    assert placement_field("Suggested section 3.2 because it is about eviction")
    assert not placement_field("**Where** it sits in 2.1 is unclear")
