"""Each rule of a note's structure (ingest.structure, docs/FORMAT.md section 5.3) pinned on a small inline
note: which items a note has, their kind and line span, the works each is about and those it only
mentions.  Issue 18: one-paper notes with generic sections, numbered digests, tables of papers, bold
pseudo-headings, Obsidian front matter with ``doi:``, HTML comments, awesome-list living documents."""
from __future__ import annotations

import pytest

from ingest.living_doc import parse_living_doc
from ingest.notes import parse_note
from ingest.structure import front_matter_works, works_in

SNAPKV, MEDUSA, EAGLE, H2O = "2404.14469", "2401.10774", "2401.15077", "2306.14048"


def items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    """``[(kind, line, line_end, works, mentions)]`` of the note's items (no warning expected)."""
    parts, warns = parse_note(text, path, kind)
    assert warns == []
    return [(i.kind, i.line, i.line_end, i.works, i.mentions) for i in parts["items"]]


# --------------------------------------------------------------------------- one work or a collection

def test_one_paper_note_with_generic_sections_is_one_item_about_its_linked_paper():
    """`# Title`, the paper's link, then `## 动机 / ## Abstract / ## Method`: one item about the paper,
    whatever its sections are called; a work it only compares with is a mention."""
    text = ("# Medusa: Simple LLM Inference Acceleration Framework\n\nhttps://arxiv.org/abs/2401.10774\n\n"
            "## 动机\n\n- 解码慢\n\n## Abstract\n\n- 多头\n\n## Method\n\n- 树注意力，比 arXiv:2211.17192 快\n")
    assert items(text) == [("note", 1, 16, (MEDUSA,), ("2211.17192",))]


def test_one_paper_note_by_title_only_keeps_its_title_to_resolve():
    """No identifier anywhere, all sections generic: one item whose work is resolved later by its title."""
    parts, _ = parse_note("# Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads\n\n"
                          "## 动机\n\n- 解码慢\n\n## 贡献\n\n- 多头\n", "inbox/a/n.md")
    (it,) = parts["items"]
    assert (it.kind, it.works, it.title_ref) == (
        "note", (), "Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads")


def test_obsidian_front_matter_doi_names_the_paper():
    """`doi: 10.48550/arXiv.…` in front matter is the note's paper (issue 18: it was not read)."""
    text = "---\ntitle: Medusa\ndoi: 10.48550/arXiv.2401.10774\ndate: 2026\n---\n# Medusa\n\n## Summary\n\n- heads\n\n## Thoughts\n\n- nice\n"
    assert items(text) == [("note", 1, 15, (MEDUSA,), ())]  # and `date: 2026` is no warning
    assert front_matter_works({"doi": "10.48550/arXiv.2401.10774", "arxiv": "2404.14469", "tags": "2306.14048"}) == [
        MEDUSA, SNAPKV]


def test_file_named_after_the_paper_is_a_one_paper_note():
    assert items("# notes\n\n## Intro\n\n- x\n\n## Results\n\n- y\n", path="inbox/a/2401.10774.md") == [
        ("note", 1, 10, (MEDUSA,), ())]


def test_headings_that_each_bring_a_work_are_a_collection():
    text = f"# Scan\n\n## SnapKV (arXiv:{SNAPKV})\n\n- evicts\n\n## Medusa (arXiv:{MEDUSA})\n\n- heads\n"
    assert items(text) == [("heading", 3, 5, (SNAPKV,), ()), ("heading", 7, 9, (MEDUSA,), ())]


# --------------------------------------------------------------------------- where a collection splits

def test_numbered_list_digest_is_one_item_per_entry():
    text = f"# Weekly digest\n\n1. SnapKV arXiv:{SNAPKV} — evicts KV\n2. Medusa arXiv:{MEDUSA} — heads\n3. EAGLE arXiv:{EAGLE} — features\n"
    assert items(text) == [("entry", 3, 3, (SNAPKV,), ()), ("entry", 4, 4, (MEDUSA,), ()), ("entry", 5, 5, (EAGLE,), ())]


def test_table_of_papers_is_one_item_per_row_and_a_comment_naming_a_row_joins_it():
    text = ("# Bench\n\n| System | arXiv | tok/s |\n|---|---|---|\n| vLLM | 2309.06180 | 1640 |\n| SGLang | 2312.07104 | 1900 |\n\n"
            "- vLLM: about 30% under load\n- SGLang: fastest\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.kind, i.line, i.works) for i in parts["items"]] == [("row", 5, ("2309.06180",)), ("row", 6, ("2312.07104",))]
    assert [(c.line, c.item) for c in parts["claims"]] == [(5, 0), (6, 1), (8, 0), (9, 1)]


def test_bold_pseudo_headings_split_a_note_without_headings():
    text = f"# Reading\n\n**SnapKV** (arXiv:{SNAPKV})\nEvicts KV cache entries.\n\n**Medusa** (arXiv:{MEDUSA})\nAdds decoding heads.\n"
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.kind, i.title, i.line, i.line_end, i.works) for i in parts["items"]] == [
        ("pseudo", "SnapKV", 3, 4, (SNAPKV,)), ("pseudo", "Medusa", 6, 7, (MEDUSA,))]


def test_bold_lead_in_is_a_pseudo_heading():
    text = f"# Notes\n\n**SnapKV** — evicts by attention, arXiv:{SNAPKV}.\n\n**Medusa** — heads, arXiv:{MEDUSA}.\n"
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [("pseudo", 3, (SNAPKV,)), ("pseudo", 5, (MEDUSA,))]


def test_rules_separate_blocks():
    text = f"# Scan\n\nSnapKV arXiv:{SNAPKV} evicts.\n\n---\n\nMedusa arXiv:{MEDUSA} adds heads.\n"
    assert items(text) == [("block", 3, 3, (SNAPKV,), ()), ("block", 7, 7, (MEDUSA,), ())]


def test_rules_between_blocks_beat_bold_leads_when_some_blocks_open_otherwise():
    """"one block per thing" between "---" rules: most blocks open with a bold name, one with a link; the
    rules are the writer's marks, so the link-led block is an item too, titled by the bold lead (t36)."""
    text = (f"scratch notes\n\n---\n\n**SnapKV** — arXiv:{SNAPKV} evicts.\n\n---\n\n"
            f"[Medusa](https://arxiv.org/abs/{MEDUSA}) — came up at the reading group.\n\n---\n\n"
            "**Reminder:** artifact due Friday.\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [("block", 5, (SNAPKV,)), ("block", 9, (MEDUSA,)),
                                                              ("block", 13, ())]
    parts, _ = parse_note(text, "inbox/a/n.md", "note")
    assert parts["items"][0].title == "SnapKV"


def test_a_point_naming_no_work_in_a_critical_read_is_about_the_titles_paper():
    """"# Critical read: Llumnix (arXiv:…)" over numbered points: a point naming no work is about Llumnix,
    one naming another work about that work (t35)."""
    text = (f"# Critical read: SnapKV (arXiv:{SNAPKV})\n\n## 1. Eviction and tail TTFT\n\nHolds up.\n\n"
            f"## 2. The baseline engine\n\nMedusa ({MEDUSA}) is the baseline.\n\n"
            "## 3. A newer take\n\nvLLM (2309.06180) pages the cache.\n\n## 4. Presentation issues\n\nTypos.\n")
    assert [(ln, w) for _k, ln, _e, w, _m in items(text)] == [(3, (SNAPKV,)), (7, (MEDUSA,)), (11, ("2309.06180",)),
                                                              (15, (SNAPKV,))]


def test_an_item_that_says_it_is_no_paper_is_about_no_work():
    text = (f"- [x] SnapKV, arXiv:{SNAPKV} — read it.\n"
            f"- [x] our Medusa run (not a paper): vLLM, arXiv:{MEDUSA} heads, batch 16\n")
    assert [(ln, w, m) for _k, ln, _e, w, m in items(text)] == [(1, (SNAPKV,), ()), (2, (), (MEDUSA,))]


def test_wikilink_entries_whose_first_sub_entry_brings_the_paper_are_topics():
    """An Obsidian daily note's "## Reading": "- [[MirrorDraft]]" over "    - arxiv.org/abs/…, only the
    abstract": each entry a topic about its paper (t37)."""
    text = (f"# 2027-02-08\n\n## Reading\n- [[SnapKV]]\n    - arxiv.org/abs/{SNAPKV}, only got through the abstract\n"
            f"    - evicts by attention\n- [[Medusa]]\n    - https://arxiv.org/pdf/{MEDUSA}.pdf — read all of it\n\n## Log\n- 10:00 coffee\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [("entry", 4, (SNAPKV,)), ("entry", 7, (MEDUSA,)),
                                                              ("heading", 10, ())]


def test_container_heading_gives_its_entries_as_items():
    """`### Added` holding one bullet per paper: the bullets are the items, the heading is none."""
    text = (f"# Log\n\n## Added\n\n- SnapKV arXiv:{SNAPKV}\n- Medusa arXiv:{MEDUSA}\n\n"
            f"## Dropped\n\n- EAGLE arXiv:{EAGLE}\n- H2O arXiv:{H2O}\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("entry", 5, (SNAPKV,)), ("entry", 6, (MEDUSA,)), ("entry", 10, (EAGLE,)), ("entry", 11, (H2O,))]


def test_topic_entry_without_a_work_gives_its_sub_entries():
    text = ("# Reading list\n\n- KV offloading\n  - InfiniGen arXiv:2406.19707\n  - FlexGen arXiv:2303.06865\n"
            "- Kernels\n  - FlashAttention arXiv:2205.14135\n  - FlashInfer arXiv:2501.01005\n")
    assert [(ln, w) for _k, ln, _e, w, _m in items(text)] == [
        (4, ("2406.19707",)), (5, ("2303.06865",)), (7, ("2205.14135",)), (8, ("2501.01005",))]


def test_chinese_group_title_over_numbered_entries_is_no_item():
    """`一、论文` over `1、…`, `2、…`: the numbered lines are the items, the group titles are not."""
    text = (f"# 周报\n\n一、论文\n1、SnapKV arXiv:{SNAPKV} 驱逐 KV\n2、Medusa arXiv:{MEDUSA} 多头\n"
            f"二、其他\n1、EAGLE arXiv:{EAGLE} 特征\n2、H2O arXiv:{H2O} 重击\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("pseudo", 4, (SNAPKV,)), ("pseudo", 5, (MEDUSA,)), ("pseudo", 7, (EAGLE,)), ("pseudo", 8, (H2O,))]


def test_chinese_group_title_over_a_single_entry_is_no_item():
    text = (f"# 周报\n\n一、论文\n1、SnapKV arXiv:{SNAPKV} 驱逐 KV\n2、Medusa arXiv:{MEDUSA} 多头\n"
            f"二、其他\n1、EAGLE arXiv:{EAGLE} 特征\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("pseudo", 4, (SNAPKV,)), ("pseudo", 5, (MEDUSA,)), ("pseudo", 7, (EAGLE,))]


def test_slack_turns_with_full_names_split_where_a_message_brings_a_work():
    """`*Priya Raman*  09:12` is a turn header; a short reply ("ok") continues the turn before."""
    text = (f"#kv-channel\n\n*Priya Raman*  09:12\nnew preprint https://arxiv.org/abs/{SNAPKV} looks like SnapKV, evicts by attention\n\n"
            f"*Tom Li*  09:14\nok\n\n*Tom Li*  09:20\nunrelated: Medusa arXiv:{MEDUSA} has heads\n")
    assert items(text) == [("pseudo", 3, 7, (SNAPKV,), ()), ("pseudo", 9, 10, (MEDUSA,), ())]


def test_timestamped_transcript_splits_where_the_speaker_moves_on():
    text = (f"# voice memo\n\n[00:10] okay first thing snapkv arXiv:{SNAPKV} evicts the cache\n[00:40] and it keeps the window\n"
            f"[01:05] second thing medusa arXiv:{MEDUSA} heads\n[01:30] it is lossless\n")
    assert items(text) == [("pseudo", 3, 4, (SNAPKV,), ()), ("pseudo", 5, 6, (MEDUSA,), ())]


def test_inline_email_reply_is_one_item_per_quote_and_answer_plus_an_aside():
    """Each quoted question with its answer is a topic, an aside after the last answer one more; the
    answer's words give the evidence; the signature after "Best," belongs to no topic."""
    text = (f"Hi,\n\n> Could you check SnapKV arXiv:{SNAPKV}?\n\nRead it: evicts by attention.\n\n"
            f"> And Medusa arXiv:{MEDUSA}?\n\nOnly the abstract.\n\nSide note: EAGLE arXiv:{EAGLE} is out.\n\nBest,\nAnn\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.line, i.line_end, i.works, i.evidence) for i in parts["items"]] == [
        (3, 5, (SNAPKV,), "unknown"), (7, 9, (MEDUSA,), "abstract_checked"), (11, 11, (EAGLE,), "unknown")]


def test_ps_without_colon_is_an_aside():
    text = (f"Hi,\n\n> Could you check SnapKV arXiv:{SNAPKV}?\n\nRead it.\n\n"
            f"> And Medusa arXiv:{MEDUSA}?\n\nOnly the abstract.\n\nP.S. EAGLE arXiv:{EAGLE} is out.\n")
    assert [i.works for i in parse_note(text, "inbox/a/n.md")[0]["items"]] == [(SNAPKV,), (MEDUSA,), (EAGLE,)]


def test_paragraphs_each_opening_with_a_work_are_topics_and_the_rest_continue_them():
    text = ("今天读了两篇。\n\n「KIVI」(arXiv:2402.02750) 我们组复现了，2bit 量化。\n\n补充：显存省一半。\n\n"
            "「EAGLE-2」(https://arxiv.org/abs/2406.16858v2) 数字来自论文。\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.title, i.line, i.line_end, i.works) for i in parts["items"]] == [
        ("「KIVI」(arXiv:2402.02750) 我们组复现了，2bit 量化。", 3, 5, ("2402.02750",)),
        ("「EAGLE-2」(https://arxiv.org/abs/2406.16858v2) 数字来自论文。", 7, 7, ("2406.16858",))]


# --------------------------------------------------------------------------- about vs mention, blocks

def test_a_work_in_a_comparison_is_a_mention():
    assert works_in(f"Medusa arXiv:{MEDUSA} adds heads; it is faster than EAGLE arXiv:{EAGLE}.") == ([MEDUSA], [EAGLE])
    assert works_in(f"相比 EAGLE（arXiv:{EAGLE}），Medusa arXiv:{MEDUSA} 更简单") == ([MEDUSA], [EAGLE])
    text = f"# Scan\n\n## Heads\n\nMedusa arXiv:{MEDUSA} adds heads, compared with EAGLE arXiv:{EAGLE}.\n"
    assert items(text) == [("heading", 3, 5, (MEDUSA,), (EAGLE,))]


def test_html_comment_code_and_callout_markers_are_not_claims():
    """An HTML comment's "9x" is no figure and its ID no citation; code (fenced or indented) is no claim;
    a callout's `> [!NOTE]` and `>` are not part of the quote; a `---` rule is no key point."""
    text = (f"# N\n\n<!-- 9x faster, arXiv:{EAGLE} -->\n\n## SnapKV (arXiv:{SNAPKV})\n\n> [!NOTE]\n> evicts 50% of the cache\n\n"
            "```\nspeedup = 9x\n```\n\n    indented 7x code\n\n---\n\n- keeps window\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(c.line, c.text, c.item, [q.raw for q in c.quantities]) for c in parts["claims"]] == [
        (8, "evicts 50% of the cache", 0, ["50%"]), (18, "keeps window", 0, [])]
    assert EAGLE not in [a.arxiv_id for a in parts["arxiv"]]


def test_awesome_list_year_sections_under_paper_list_are_where_works_are_cited():
    """`### 2024` inside `## Paper List` lists works (they are already cited); the hiring notice does not."""
    doc = parse_living_doc(
        "# Awesome KV\n\n## Contents\n\n- [Paper List](#paper-list)\n\n## Paper List\n\n### 2024\n\n"
        f"- [SnapKV: LLM Knows What You are Looking for Before Generation](https://arxiv.org/abs/{SNAPKV})\n"
        "- [PyramidKV: Dynamic KV Cache Compression](https://arxiv.org/abs/2406.02069)\n\n### 2023\n\n"
        f"- [H2O: Heavy-Hitter Oracle](https://arxiv.org/abs/{H2O})\n\n## We are hiring\n\nJoin us to work on arXiv:{MEDUSA} style decoding.\n")
    assert [(s.key, s.parent, s.is_citation_list) for s in doc.sections] == [
        ("awesome-kv", None, False), ("contents", "awesome-kv", False), ("paper-list", "awesome-kv", True),
        ("2024", "paper-list", True), ("2023", "paper-list", True), ("we-are-hiring", "awesome-kv", False)]
    assert [(c.arxiv_id, c.section, c.title) for c in doc.citations] == [
        (SNAPKV, "2024", "SnapKV: LLM Knows What You are Looking for Before Generation"),
        ("2406.02069", "2024", "PyramidKV: Dynamic KV Cache Compression"),
        (H2O, "2023", "H2O: Heavy-Hitter Oracle"), (MEDUSA, "we-are-hiring", None)]


def test_a_section_of_three_bibliographic_records_is_a_paper_list_whatever_its_title():
    doc = parse_living_doc(
        "# Awesome\n\n## Eviction\n\n"
        f"- [SnapKV: LLM Knows What You are Looking for Before Generation](https://arxiv.org/abs/{SNAPKV})\n"
        "- [PyramidKV: Dynamic KV Cache Compression](https://arxiv.org/abs/2406.02069)\n"
        f"- [H2O: Heavy-Hitter Oracle](https://arxiv.org/abs/{H2O})\n\n## Setup\n\n- pip install x\n- see arXiv:{MEDUSA} for why\n")
    assert [(s.key, s.is_citation_list) for s in doc.sections] == [("awesome", False), ("eviction", True), ("setup", False)]


def test_roman_numbered_living_document_and_the_notes_that_name_its_sections():
    """A document numbered by parts (``## Part II: Kernels``, ``### II.3 Paged kernels``) is keyed ``II``,
    ``II.3``; a note's "put that in II.4, not II.1" and "II.3 for sure" name those sections."""
    from ingest.living_doc import parse_living_doc
    from ingest.placement import section_refs

    doc = "# Kernels\n\n## Part II: Kernels\n\n### II.3 Paged kernels\n\n- vLLM.\n\n## Part IV: Open questions\n\n- Q1.\n"
    keys = [s.key for s in parse_living_doc(doc).sections]
    assert {"II", "II.3", "IV"} <= set(keys)
    assert [(r.key, r.role) for r in section_refs("I'd put that in II.4, not II.1, since it is about precision")][0] == ("II.4", "suggest")
    assert [(r.key, r.role) for r in section_refs("II.3 for sure.")] == [("II.3", "suggest")]
    assert [r.key for r in section_refs("it feeds straight into the first Part IV question")] == ["IV"]
    assert section_refs("we run vLLM 0.6.4 on a V100") == []


def test_a_cards_field_lines_are_one_statement_each():
    """A card's ``key: value`` lines written without list markers form one paragraph in Markdown; each
    field is its own statement, so ``place: 3.1`` is a section suggestion of the card."""
    text = ("# repo 0212 · flashinfer-ai/flashinfer\n\nurl: https://github.com/flashinfer-ai/flashinfer\n"
            "license: Apache-2.0\nlatest release seen: v0.2.14\nused by: SGLang (default attention backend)\n"
            "place: 3.1, as the implementation behind the FlashInfer paper\n")
    parts, _ = parse_note(text, "organized/repo_cards/0212-flashinfer-ai-flashinfer.md", "repo_card")
    assert [(c.line, c.text.split(":")[0]) for c in parts["claims"] if c.line >= 3] == [
        (3, "url"), (4, "license"), (5, "latest release seen"), (6, "used by"), (7, "place")]
    assert parts["items"][0].sections == ("3.1",)
    # prose wrapped over lines stays one sentence
    prose, _ = parse_note("# n\n\nThe kernel is fast on H100\nand the fused path helps a lot.\n", "inbox/a/n.md")
    assert [c.text for c in prose["claims"]][-1] == "The kernel is fast on H100 and the fused path helps a lot."


def test_an_alert_digest_with_quoted_verdicts_is_split_at_its_entries():
    """A paper alert pasted as text: numbered entries, each bringing its paper, the reader's verdict quoted
    under each (``>> keep — belongs under 2.1``). The entries are the topics and each verdict belongs to
    the entry above it (not an inline email reply); the footer after ``--`` is no topic, and a digest's
    reference number is no arXiv ID."""
    text = ("From: Scholar Inbox <digest@scholar-inbox.com>\nSubject: 3 new papers\n\n"
            ">> verdicts typed off the snippets alone\n\n"
            "1. SnapKV: LLM Knows What You are Looking for Before Generation\n   arXiv:2404.14469\n   snippet one\n"
            ">> keep — belongs under 2.1\n\n"
            "2. Medusa: Simple LLM Inference Acceleration Framework\n   arxiv.org/abs/2401.10774\n   snippet two\n"
            ">> skip, training-side\n\n"
            "3. EAGLE: Speculative Sampling Requires Rethinking Feature Uncertainty\n   arXiv:2401.15077\n   snippet three\n"
            ">> keep — 3.1\n\n--\nYou receive this because you rated papers. Digest ref 2612.40077 · unsubscribe\n")
    parts, _ = parse_note(text, "inbox/a/alert.md")
    assert [(i.kind, i.line, i.line_end, i.works, i.sections) for i in parts["items"]] == [
        ("entry", 6, 9, (SNAPKV,), ("2.1",)), ("entry", 11, 14, (MEDUSA,), ()), ("entry", 16, 19, (EAGLE,), ("3.1",))]
    assert parts["items"][1].relevance == "low"
    assert "2612.40077" not in {w for i in parts["items"] for w in i.works + i.mentions}


def test_an_issue_trackers_comments_are_turns():
    """An issue-tracker export: each ``— name, date time`` comment is a turn; turns that bring a work or
    say something of their own are topics."""
    text = ("PERF-2291: KV offload stalls decode on long prompts\nStatus: In Review\n\n"
            "— wei, 2026-12-19 09:47\nOnce a prompt goes over ~96K tokens decode tokens/s drops for every sequence.\n\n"
            "— dmitri, 2026-12-22 14:05\nReproduced on our L40S box. The fix follows ShadowKV (arXiv:2410.21465v2).\n\n"
            "— sara, 2026-12-22 16:40\nWe're also evaluating kvtier for the DRAM tier, but I haven't seen numbers from them.\n")
    assert [(k, line, works) for k, line, _e, works, _m in items(text, "inbox/d/PERF-2291-thread.md")] == [
        ("pseudo", 4, ()), ("pseudo", 7, ("2410.21465",)), ("pseudo", 10, ())]


def test_a_slide_continued_over_two_slides_is_one_topic():
    """A slide deck's ``HadaKV (1/2)`` and ``HadaKV (2/2)``: one paper over two slides is one topic."""
    text = ("# Paper club\n\n## HadaKV (1/2) — rotate\n\narXiv:2611.08342\n\n- rotation per head\n\n---\n\n"
            "## HadaKV (2/2) — numbers\n\n- beats KIVI (arXiv:2402.02750) at 2 bits\n\n---\n\n"
            "## Medusa — heads\n\narXiv:2401.10774\n\n- extra heads\n")
    assert [(line, end, works, mentions) for _k, line, end, works, mentions in items(text)] == [
        (3, 15, ("2611.08342",), ("2402.02750",)), (17, 21, (MEDUSA,), ())]


def test_an_aside_inside_a_rule_separated_block_is_a_topic():
    """A clipped answer between ``---`` rules whose last paragraph opens ``题外话，…`` (a digression about
    another system): the aside is a topic of its own."""
    text = ("# 问题\n\n剪藏：群里转的\n\n---\n\nvAttention（arXiv 2405.04437）把虚拟地址连续和物理分配拆开。\n\n"
            "吞吐最高 1.97 倍。\n\n题外话，FastServe 其实是非抢占式的。\n\n---\n\n"
            "按：StreamingLLM（arxiv.org/abs/2309.17453）可以叠着用。\n")
    assert [(line, end, works) for _k, line, end, works, _m in items(text, "inbox/x/zhihu.md")] == [
        (7, 9, ("2405.04437",)), (11, 11, ()), (15, 15, ("2309.17453",))]


def test_a_digest_entrys_first_line_is_the_title_of_the_paper_it_links():
    """``3. PyramidKV: Dynamic KV Cache Compression …`` then the authors and the link: the entry's first line
    is the title written for that identifier (so a living document listing the ID under another title
    conflicts with it)."""
    text = ("# Alert\n\n1. PyramidKV: Dynamic KV Cache Compression based on Pyramidal Information Funneling\n"
            "   Zefan Cai, Yichi Zhang\n   https://arxiv.org/abs/2406.02069v4\n   snippet\n\n"
            "2. Medusa: Simple LLM Inference Acceleration Framework\n   arXiv:2401.10774\n   snippet\n")
    parts, _ = parse_note(text, "inbox/a/alert.md")
    assert sorted((r.arxiv_id, r.title) for r in parts["arxiv"]) == [
        ("2401.10774", "Medusa: Simple LLM Inference Acceleration Framework"),
        ("2406.02069", "PyramidKV: Dynamic KV Cache Compression based on Pyramidal Information Funneling")]


def test_a_keyed_reference_entry_gives_its_key_as_the_works_name():
    """``- [FastServe] Fast Distributed Inference Serving …, arXiv 2305.05920``: the key names the work (so a
    note naming FastServe without an ID is about it) and the text up to the ID is its title; numbered and
    author-year keys (``[12]``, ``[Dao22]``, ``[KLZ+23]``) name no work."""
    doc = parse_living_doc("# Doc\n\n## 参考资料\n\n"
                           "- [FastServe] Fast Distributed Inference Serving for Large Language Models, arXiv 2305.05920\n"
                           "- [Dao22] T. Dao et al. FlashAttention: Fast and Memory-Efficient Exact Attention. arXiv:2205.14135\n"
                           "- [12] W. Kwon et al. Efficient Memory Management. arXiv:2309.06180\n")
    got = {c.arxiv_id: (c.alias, c.title) for c in doc.citations}
    assert got["2305.05920"] == ("FastServe", "Fast Distributed Inference Serving for Large Language Models")
    assert got["2205.14135"][0] is None and got["2309.06180"][0] is None


def test_show_notes_chapter_marks_are_topics_and_a_transcripts_stamps_are_not():
    """``(02:10) …`` / ``(12:40) …`` minutes apart are an episode's chapters, each a topic; a voice memo's
    stamps seconds apart are utterances, split only where the speaker moves on."""
    notes = ("# Episode 41\n\n(02:10) How traffic changed in 2026: most prompts are over 64K\n\n"
             "(12:40) HopKV, a page router for decode, arxiv.org/abs/2612.16604\n\n"
             "(27:55) On attention sinks: StreamingLLM (2309.17453) is fine for chat only\n")
    assert [(line, works) for _k, line, _e, works, _m in items(notes)] == [
        (3, ()), (5, ("2612.16604",)), (7, ("2309.17453",))]
    memo = ("# memo\n\n[00:11] first dynatree arXiv:2611.04417 I read the whole thing\n"
            "[00:25] the speedup was big on one gpu\n[00:40] and the batch thing is interesting\n")
    assert len(items(memo)) == 1


def test_a_discord_export_splits_at_turns_and_a_reply_continues_the_turn_it_answers():
    """``jrn_k — 12/27/2026 10:42 PM`` headers are turns; ``Replying to @jrn_k`` continues the thread it answers
    even when it repeats the paper's ID; ``psa: …`` with its own paper starts a topic."""
    text = ("jonas: exported from the server.\n\njrn_k — 12/27/2026 10:42 PM\nanyone tried pageskip yet? "
            "https://arxiv.org/abs/2612.18842\n\ntamsin.w — 12/27/2026 11:21 PM\nReplying to @jrn_k\n"
            "you dropped a digit, 2612.18842\n\nb0rkv — 12/27/2026 11:40 PM\npsa: quest's 7.03x is the kernel alone "
            "[2406.10774]\n")
    assert [(line, works) for _k, line, _e, works, _m in items(text, "inbox/j/discord.md")] == [
        (3, ("2612.18842",)), (10, ("2406.10774",))]


def test_a_living_document_citing_by_fullwidth_number_names_the_work():
    """A body sentence citing ``〔14〕`` (a citation list of ``- 〔14〕Title. arXiv:ID`` entries) is about that work,
    as ``[14]`` is."""
    from ingest.living import parse_living_source
    from datetime import timezone
    text = ("# 量化推理\n\n## 第3章 KV 缓存\n\n### 3.2 节 KV 缓存量化\n\nKVRot〔14〕在 128K 上下文下吞吐提升 1.7 倍（v1，表 3）。\n\n"
            "## 引文\n\n- 〔14〕KVRot: Rotations for KV Cache Quantization. arXiv:2608.11873\n")
    fields, _ = parse_living_source(text, "organized/knowledge/q.md", tz=timezone.utc)
    body = [c for c in fields["claims"] if "1.7" in c.text]
    assert [c.subjects for c in body] == [("2608.11873",)]


def test_chapter_marks_a_bullet_swallowed_are_still_chapters():
    """Show notes whose ``(27:55) …`` line follows a sub-bullet flush left: Markdown makes it the bullet's lazy
    continuation, the writer started a chapter; each chapter keeps only its own works."""
    text = ("# Episode 41\n\n(02:10) How traffic changed: most prompts are over 64K\n"
            "(12:40) HopKV, a page router for decode, arxiv.org/abs/2612.16604\n  - \"It is exact.\"\n"
            "(27:55) On attention sinks: StreamingLLM (2309.17453) is fine for chat only\n"
            "(35:20) KV quantization: KIVI-style keys, https://arxiv.org/pdf/2402.02750v2.pdf\n")
    assert [(line, works, mentions) for _k, line, _e, works, mentions in items(text)] == [
        (3, (), ()), (4, ("2612.16604",), ()), (6, ("2309.17453",), ()), (7, ("2402.02750",), ())]


def test_a_check_mark_under_a_qualifier_column_is_the_rows_side():
    """A comparison matrix: ``Exact?`` | ``✗`` says the row's method is not exact (approximate)."""
    text = ("# Matrix\n\n| # | Method | Training-free? | Exact? |\n|---|---|---|---|\n"
            "| 1 | Quest [2406.10774] | ✓ | ✗ |\n| 2 | HopKV 2612.16604 | ✓ | ✓[^1] |\n")
    parts, _ = parse_note(text, "inbox/t/matrix.md")
    rows = {c.line: set(c.qualifiers) for c in parts["claims"] if c.line in (5, 6)}
    assert rows[5] >= {"training:training_free", "fidelity:lossy"} and "fidelity:lossless" not in rows[5]
    assert rows[6] >= {"training:training_free", "fidelity:lossless"}


# --------------------------------------------------------------------------- third stop of 2026-12-02

def test_a_notion_toggle_is_a_topic_titled_by_its_summary():
    """`<details><summary>Title</summary> … </details>` (a Notion toggle): each toggle is one item, titled
    by its summary, its body the item's text; a callout above the toggles is no topic."""
    text = ("# Review queue\n\nStatus: In review\n\n> 💡 Abstracts only.\n\n"
            f"<details><summary>SnapKV: LLM Knows What You are Looking for</summary>\n\narxiv.org/abs/{SNAPKV}\n\n"
            "- query-agnostic selection\n\n</details>\n\n"
            "<details><summary>Offsite logistics</summary>\n- flights\n</details>\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    got = [(i.kind, i.line, i.title, i.works) for i in parts["items"]]
    assert got == [("heading", 7, "SnapKV: LLM Knows What You are Looking for", (SNAPKV,)),
                   ("heading", 15, "Offsite logistics", ())]


@pytest.mark.parametrize("heads", [("Summary", "What I doubt", "Where it goes"), ("一、问题", "二、方法", "四、我的疑问"),
                                   ("Scheduling", "Memory")])
def test_a_one_paper_notes_sections_that_name_no_work_are_parts_of_it(heads):
    """`# Title`, the paper's ID under it, then sections whose headings name no work: one item about the
    paper, even when a section discusses another work (generic section names in English and Chinese,
    numbered `一、` / `（二）`, or any heading when at most one section brings a work of its own)."""
    a, b, c = (heads + ("",))[:3]
    text = (f"# GateKV — reading note\n\narXiv:2611.04417 · read in full\n\n## {a}\n\nLike H2O ({H2O}), it scores keys.\n\n"
            f"## {b}\n\n- the gate is small\n" + (f"\n## {c}\n\n- compare with {MEDUSA}\n" if c else ""))
    (it,) = items(text)
    assert it[0] == "note" and it[3] == ("2611.04417",) and H2O in it[4]


def test_a_section_whose_heading_names_a_work_stays_a_topic_of_its_own():
    text = (f"# Notes on GateKV\n\narXiv:2611.04417\n\n## Summary\n\n- small gate\n\n"
            f"## Medusa (arXiv:{MEDUSA})\n\n- heads\n\n## EAGLE (arXiv:{EAGLE})\n\n- features\n")
    assert [w for _k, _l, _e, w, _m in items(text)][-2:] == [(MEDUSA,), (EAGLE,)]


def test_a_sections_bullets_are_items_only_when_it_is_a_collection():
    """A review note's `## What the PR changes` bullets (file paths, no work) are one topic, even when a
    sibling section's bullets each bring a work ("Which paper does it implement?"): only a sibling
    that names a collection ("### Noted") gives its entries."""
    text = ("# Review: PR #8817\n\n## What the PR changes\n- `vllm/core/scheduler.py:412`: new state\n"
            "- `vllm/config.py:1290`: handoff option\n\n## Which paper does it implement?\n"
            f"- Splitwise (arxiv.org/abs/2311.18677v2): synchronous transfer\n- DistServe (arXiv:2401.09670): placement\n\n"
            "## Verdict\n- changes requested\n- nit: enum\n")
    assert [(k, ln) for k, ln, _e, _w, _m in items(text)] == [("heading", 3), ("entry", 8), ("entry", 9), ("heading", 11)]
    log = ("# Changelog\n\n### Added\n- Mooncake — 2407.00079\n- QuaRot — 2404.00456\n\n### Noted\n- staging bump\n"
           "- image rebuilt\n")
    assert [(k, ln) for k, ln, _e, _w, _m in items(log)] == [("entry", 4), ("entry", 5), ("entry", 8), ("entry", 9)]
    # a queue's task lists: one task each, beside a section of done tasks that each bring a work
    queue = ("# 工作队列\n\n## 待认领\n\n- [ ] **精读** arXiv:2609.19969\n- [ ] **夜间归并**\n\n## 已完成\n\n"
             "- [x] 精读 arXiv:2502.07115\n- [x] 精读 arXiv:2609.19969\n")
    assert [(k, ln) for k, ln, _e, _w, _m in items(queue)] == [("entry", 5), ("entry", 6), ("entry", 10), ("entry", 11)]


def test_a_mailing_list_thread_is_one_topic_until_a_mail_opens_another():
    """Emails copied one after another (`From:` / `Date:` / `Subject:` blocks): the thread's subject is the
    first topic, opening at the first mail's own words (its header is metadata); quoted text and replies continue it; a paragraph opening "Separate thing" or
    "Unrelated:" starts a topic; a signature after `--` belongs to none."""
    text = ("From: Tomás <t@example.org>\nDate: Tue, 5 Jan 2027 09:12:44 +0100\nSubject: [kernels] FA3 throughput?\n\n"
            "Hi all,\n\nFor FlashAttention-3 (arXiv:2407.08608) the launch post says 840 TFLOPs/s.\n\n-- \nTomás\n\n"
            "From: Aiko <a@example.org>\nDate: Tue, 5 Jan 2027 22:40:02 +0900\nSubject: Re: [kernels] FA3 throughput?\n\n"
            "> the launch post says 840 TFLOPs/s.\n\nI measured ~640 on hdim 128.\n\n"
            f"Separate thing, for §3.2: SageAttention [2410.02367] quantizes Q and K.\n\n"
            "From: Jonas <j@example.org>\nDate: Wed, 6 Jan 2027 11:18:40 +0100\nSubject: Re: [kernels] FA3 throughput?\n\n"
            "Agreed.\n\nUnrelated: the bench box goes down Thursday for the driver bump (550.54 -> 565.57).\n")
    parts, _ = parse_note(text, "inbox/a/thread.md")
    got = [(i.line, i.title, i.works) for i in parts["items"]]
    assert got == [(5, "[kernels] FA3 throughput?", ("2407.08608",)),
                   (20, "Separate thing, for §3.2: SageAttention [2410.02367] quantizes Q and K.", ("2410.02367",)),
                   (28, "Unrelated: the bench box goes down Thursday for the driver bump (550.54 -> 565.57).", ())]
    # a version bump written with an arrow is no proposal to add anything
    assert parts["items"][2].relevance == "unknown"


def test_hiring_candidates_are_no_candidate_for_the_document():
    """`候选` (a candidate for the document) proposes an addition; `候选人` (a job candidate) does not."""
    text = ("# 周会\n\n## 议题一：招聘\n- 约两位内推候选人聊一下\n\n## 议题二：论文\n"
            f"- Medusa (arXiv:{MEDUSA}) 是 3.2 的候选\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [i.relevance for i in parts["items"]] == ["unknown", "increment"]


def test_a_chinese_outline_is_numbered_as_its_readers_cite_it():
    """`## 三、树状草稿` over `### （二）动态树`: the sections are 3 and 3.2, which notes write `第三章第二节`,
    `文档三（二）` or `§3.2`; a document without `（n）` sub-headings keeps its `一`, `二` keys."""
    from ingest.placement import section_refs

    doc = ("# 投机解码\n\n## 一、基本原理\n\n### （一）草稿—验证\n\ntext\n\n## 三、树状草稿\n\n### （一）静态树\n\n"
           "text\n\n### （二）动态树\n\ntext\n\n## 参考资料\n\n[1] A. arXiv:2401.10774.\n")
    keys = [(s.key, s.parent) for s in parse_living_doc(doc).sections if s.level > 1]
    assert keys == [("1", "投机解码"), ("1.1", "1"), ("3", "投机解码"), ("3.1", "3"), ("3.2", "3"), ("参考资料", "投机解码")]
    flat = parse_living_doc("# 文档\n\n## 一、KV Cache\n\n### §1.1 淘汰\n\n## 二、内核\n")
    assert [s.key for s in flat.sections if s.level > 1] == ["一", "1.1", "二"]
    refs = {t: [(r.key, r.role) for r in section_refs(t)] for t in
            ("建议放进文档第三章第二节", "这条可以补到文档四（二）", "论文第三章第二节讲了方法", "统一（二）个")}
    assert refs == {"建议放进文档第三章第二节": [("3.2", "suggest")], "这条可以补到文档四（二）": [("4.2", "suggest")],
                    "论文第三章第二节讲了方法": [], "统一（二）个": []}


@pytest.mark.parametrize(("field", "works"), [
    ("- Papers named in the README: CacheGen (arXiv:2310.07240), CacheBlend (https://arxiv.org/abs/2405.16444)",
     ("2310.07240", "2405.16444")),
    ("- papers behind it: CacheGen arXiv:2310.07240", ("2310.07240",)),
    ("- 对应论文：LayerStream，arXiv:2611.04417", ("2611.04417",)),
    ("- 关联论文：README 徽章指向 arxiv.org/abs/2611.04417v2", ("2611.04417",)),
    ("Paper (from README): SageAttention2, arXiv:2410.02367", ("2410.02367",)),
])
def test_a_repo_card_is_about_the_papers_its_paper_field_names(field, works):
    """A repo card is about the paper(s) the repository implements, named in a paper field however it is
    worded; IDs elsewhere in the card (presses it ships, baselines) are mentions."""
    text = f"# repo card · lab/repo\n\n{field}\n- stars: 1,204\n\nShips SnapKV ({SNAPKV}) as a baseline.\n"
    (it,) = items(text, path="organized/repo_cards/0207-lab-repo.md", kind="repo_card")
    assert it[3] == works and SNAPKV in it[4]


def test_a_transcripts_paragraphs_of_turns_are_its_topics():
    """`PRIYA: …` / `DANA: …` turns grouped into paragraphs by the transcriber: each paragraph of two or
    more turns is a topic titled by its opening sentence (named with or without an ID); a one-turn
    paragraph before the first is the preamble; a block of fields (`结论：`, `待办：`) is no transcript."""
    text = ("# Lab meeting\n\nPresent: Priya, Dana, Wei.\n\nPRIYA: Okay, three papers today.\n\n"
            f"DANA: SnapKV, {SNAPKV}. Votes from the prompt.\nWEI: We replayed it.\nPRIYA: Goes in 3.1.\n\n"
            "PRIYA: Ada-KV. Dana presented it.\nDANA: Head-wise budgets.\n\n"
            "PRIYA: Last thing, GPU budget.\nDANA: The reservation lapses on the 20th.\n")
    parts, _ = parse_note(text, "inbox/a/meeting.md")
    assert [(i.line, i.title, i.works) for i in parts["items"]] == [
        (7, f"DANA: SnapKV, {SNAPKV}.", (SNAPKV,)), (11, "PRIYA: Ada-KV.", ()), (14, "PRIYA: Last thing, GPU budget.", ())]
    from ingest.blocks import read_blocks
    from ingest.structure import _split_turn_paragraphs

    fields = "结论：先不动。\n待办：补表。\n\n结论：加到 3.1。\n待办：林舟。\n"
    assert _split_turn_paragraphs(read_blocks(fields.split("\n")), 5) is None


def test_a_standups_status_bullets_are_topics_each():
    """`## Person` with `Yesterday: … / Today: … / Blockers: …` bullets (a standup): each bullet is a topic,
    `Blockers: none` none, and a `Yesterday:` label over entries that bring their own works gives those."""
    text = ("# Standup\n\n## Amara\n- Yesterday: reproduced Tidal on our 4×L40S.\n- Today: RadixRoute routing.\n"
            "- Blockers: none.\n\n## kofi\n- Yesterday:\n  - Splitwise (2311.18677) is listed twice.\n"
            "  - LoongServe abstract only (arxiv.org/abs/2404.09526v1).\n- 今天：写 brief。\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("entry", 4, ()), ("entry", 5, ()), ("entry", 10, ("2311.18677",)), ("entry", 11, ("2404.09526",)),
        ("entry", 12, ())]


def test_copied_social_posts_are_topics_at_their_authors_handles():
    """A Weibo or X thread copied post by post (`@handle：` alone on its line, then the post, counters and
    the copier's `//@我：` remark): each post is one topic titled by its first sentence."""
    text = ("从微博上抄过来的几条。\n\n@量化小王子Kevin：\n我们组的新工作 ZeroCal 挂 arXiv 了！[2611.09356] 无需校准。\n"
            "转发 12 评论 3\n//@我：作者自己说的。\n\n@算力观察：\nH20 到底值不值？2417.3306 tok/s 是我们的数。\n转发 31\n"
            "//@我：跳过。\n\n@jonas · Dec 29\nMedusa (arXiv:2401.10774) ships in vLLM.\n")
    parts, _ = parse_note(text, "inbox/a/weibo.md")
    assert [(i.line, i.title, i.works) for i in parts["items"]] == [
        (3, "我们组的新工作 ZeroCal 挂 arXiv 了！", ("2611.09356",)), (8, "H20 到底值不值？", ()),
        (13, "Medusa (arXiv:2401.10774) ships in vLLM.", (MEDUSA,))]


def test_a_preamble_about_a_work_above_other_sections_is_an_item_of_its_own():
    """A note titled by its day ("# Reading notes, Tuesday") opening with a paragraph about a new work and
    its points, then a section about another work: the preamble is the first item (it was the head of a
    one-paper note, and the later section's work was lost)."""
    text = ("# Reading notes, Tuesday\n\nToday the main find was Tidal (arXiv:2601.04410), a new eviction policy; "
            f"I read it end to end.\n\n- It reports 2.3x decode throughput.\n- Compared with H2O (arXiv:{H2O}) it "
            f"keeps 40% fewer tokens.\n\n## Other things\n\n- SnapKV ({SNAPKV}) re-read, nothing new.\n")
    assert items(text) == [("block", 3, 6, ("2601.04410",), (H2O,)), ("heading", 8, 10, (SNAPKV,), ())]


def test_a_one_paper_notes_opening_paragraphs_stay_its_head_when_the_title_names_the_paper():
    """The same shape under a title that links the paper is one note about it."""
    text = (f"# Tidal (arXiv:2601.04410)\n\nA new eviction policy (arXiv:2601.04410).\n\n- It reports 2.3x.\n\n"
            f"## Related\n\n- SnapKV ({SNAPKV}) is close.\n")
    assert items(text)[0][:4] == ("note", 1, 10, ("2601.04410",))


def test_a_chat_pasted_as_one_paragraph_is_split_into_topics_not_turns():
    """`**kim** 10:42` headers alone on their lines, no blank lines between turns: a turn that brings a
    work opens a topic, replies within minutes that bring none go on about it, and "separate thing, …"
    opens another (each turn was an item, and a turn's message ran to the end of the paste)."""
    text = ("pasted from #kv-reading (raj)\n\n**kim** 10:42\nanyone looked at LatticeKV? https://arxiv.org/abs/2603.07741v2\n"
            "**raj** 10:44\nskimmed the abstract and the authors' blog post, E8 lattice codes for K and V at 2 bits\n"
            "**kim** 10:46\non Mistral-7B it's 4.6x at 2-bit according to their project page, GQA baseline already small\n"
            f"**kim** 10:51\nseparate thing, KIVI ({'2402.02750'}), from memory of their ICML talk: keys per-token\n"
            "**raj** 10:53\nnot something I've checked either\n")
    assert [(k, ln, end, works) for k, ln, end, works, _m in items(text)] == [
        ("pseudo", 3, 8, ("2603.07741",)), ("pseudo", 9, 12, ("2402.02750",))]


def test_a_meeting_transcript_is_split_where_a_speaker_moves_to_the_next_paper():
    """`[00:00:12] Priya: …` turns, links posted as `Priya (chat): <link>`: "So first one is Slackline" opens a
    topic and the link after it is that work's; "Second one is mine, Gauge" opens the next; the opening
    ("Two papers today …") before the first topic is no item (each long turn was an item, t47)."""
    text = ("# Sync — auto-transcript\n\n"
            "[00:00:04] Ines: OK I think it's recording. Two papers today and then, um, the rota thing at the end.\n"
            "[00:00:09] Tomás: yep\n"
            "[00:00:12] Priya: So first one is Slackline, the, uh, slack-aware preemption one. It's new, not in the doc.\n"
            "[00:00:19] Priya (chat): https://arxiv.org/abs/2602.07731v1\n"
            "[00:00:24] Priya: Caveat up front: I only looked at the plots and the abstract, so take the numbers as such.\n"
            "[00:00:40] Priya: The idea is they preempt at token granularity, the victim is whoever has the most slack.\n"
            "[00:02:31] Ines: Second one is mine, Gauge. I went through the whole thing, the appendix too.\n"
            "[00:02:35] Ines (chat): 2601.08815\n"
            "[00:02:40] Ines: It's a queue-ordering paper, not preemption, and it does not need any length prediction.\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [(5, ("2602.07731",)), (9, ("2601.08815",))]


def test_an_interview_is_one_item_per_question_about_the_work_it_interviews_on():
    """`Q:` / `A:` lines after a head naming the interviewed paper: each question with its answer is an item
    about that paper, also one asking how it differs from another work; the interviewer's afterword ends
    the last one (the interview was split by its paragraphs' opening works, t50)."""
    text = ('Interview with Lina Wen, first author of "Mirror Drafting" (arXiv:2602.03318)\n'
            "Video call, 2 March 2027. Everything on the A: lines is her own account of her own paper.\n\n"
            "Q: In two sentences, what does Mirror Drafting do?\nA: The target drafts for itself; we need no extra heads.\n\n"
            "Q: How is this different from LayerSkip?\nA: LayerSkip (2404.16710) only works after their training recipe.\n\n"
            "Q: Does it survive batching?\nA: Only tried up to batch 8, where it is still 1.6x.\n\n"
            "Jonas, afterwards: this belongs in 2.1 right after Draft & Verify [2309.08168].\n")
    got = [(ln, end, works, mentions) for _k, ln, end, works, mentions in items(text)]
    assert got == [(4, 5, ("2602.03318",), ()), (7, 8, ("2602.03318",), ("2404.16710",)), (10, 11, ("2602.03318",), ())]


def test_several_answers_to_one_question_are_an_item_each_about_the_question_s_work_unless_they_name_their_own():
    """A 知乎 question and its answers retold (`答主 A（赞同 1.2k）：…`): each answer an item; one naming no
    work is about the question's, one bringing its own identifier about that work."""
    text = ("# 知乎摘录：TriLattice 那个问题\n\n下面几条回答都是我凭记忆转述的。\n\n"
            "问：如何评价 TriLattice（arxiv.org/abs/2602.05561）？\n\n"
            "答主 A（赞同 1.2k）：最大的卖点是完全不需要校准数据。\n\n"
            "答主 B（赞同 836）：拿 AWQ 做参照，顺带提了一句 2306.00978 后来的版本补了 Jetson 的数。\n\n"
            "答主 C（赞同 402）：说部署侧还早，vLLM 官方没合。\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [
        (7, ("2602.05561",)), (9, ("2306.00978",)), (11, ("2602.05561",))]


def test_a_chat_line_pointing_back_at_the_one_before_is_about_its_work():
    """`• ravi: same README: …`, `• ravi: and their draft step …` after a bullet about Kestrel (2601.11852):
    about Kestrel; Slack's `•` bullets are list items and action items written under them are no part of them."""
    text = ("huddle recap, Thu\n\n• ravi: Kestrel (2601.11852) README has a GSM8K number too: 5.2, this is just their readme\n"
            ":+1: 2\n• ravi: same README: on the 70B target it's only 1.9x end to end\n"
            "• ravi: and their draft step costs 3.10 ms on an H100\n"
            "• marta: the two H100 boxes move to the new rack on Friday\n"
            "AI: jonas — read the Mirror Drafting PDF (2602.03318v1)\n")
    assert [(ln, end, works) for _k, ln, end, works, _m in items(text)] == [
        (3, 4, ("2601.11852",)), (5, 5, ("2601.11852",)), (6, 6, ("2601.11852",)), (7, 7, ())]


def test_a_table_pasted_from_a_spreadsheet_with_tabs_is_one_item_per_row_with_its_evidence_column():
    """Tab-separated lines under a header (`论文\t结论\t看到哪\t建议章节`), no Markdown table syntax: one row
    item each, the 看到哪 column its evidence, the 建议章节 column its section (it was one item of six works)."""
    from ingest.notes import parse_note

    text = ("从共享表格整块复制出来的，格式没整理。\n\n论文\t结论\t看到哪\t建议章节\n"
            "QServe arXiv:2405.04532\tW4A8KV4；吞吐高 1.2–1.4 倍\t摘要\t4.2\n"
            "SpQR [2306.03078]\t离群权重单独稀疏存\t没看，别人推荐的\t3.1\n"
            "H100 租赁报价\t按小时 $2.1 起\t供应商微信\t—\n")
    parts, _warns = parse_note(text, "inbox/m/table.md")
    got = [(it.line, it.kind, tuple(it.works), tuple(it.evidence_levels), tuple(it.sections)) for it in parts["items"]]
    assert got == [(4, "row", ("2405.04532",), ("abstract_checked",), ("4.2",)),
                   (5, "row", ("2306.03078",), ("unverified",), ("3.1",)),
                   (6, "row", (), ("vendor_self_reported",), ())]


def test_a_question_before_a_topic_shift_stays_with_the_topic_before():
    """"if it holds up it goes in 2.3 next to KIVI. who has the pdf?" then "separate thing, KIVI (2402.02750), …":
    the question belongs to the LatticeKV topic; the shift opens the KIVI one at its own turn."""
    text = ("pasted from #kv-reading (raj)\n\n**kim** 10:42\nanyone looked at LatticeKV? https://arxiv.org/abs/2603.07741v2\n"
            "**dana** 10:49\nif it holds up it goes in 2.3 next to KIVI. who has the pdf?\n"
            "**kim** 10:51\nseparate thing, KIVI (2402.02750), from memory of their ICML talk: keys per-token\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [(3, ("2603.07741",)), (7, ("2402.02750",))]


def test_an_answer_within_minutes_to_a_question_naming_no_work_continues_its_topic():
    """"need the FA3 peak, anyone have it?" answered three minutes later with the paper's ID: one topic."""
    text = ("#attn, exported by ola\n\nola 14:02\nneed the FA3 FP16 peak for friday's slides, anyone have it handy?\n\n"
            "kenji 14:05\n640 TFLOPs/s FP16 on H100 for FA3 (2407.08608), about 65% of peak, from memory\n\n"
            "mei 14:31\ntheir marketing page (Kernelforge, the startup with the booth) says 4x faster than vLLM on H200\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [(3, ("2407.08608",)), (9, ())]


def test_a_terse_note_of_one_topic_per_line_is_split_at_its_lines():
    """`LatticeKV 2603.07741 — abs only …` one per line, no list markers, no blank lines: each line a
    topic; a line naming its work only by name has no identifier of its own."""
    text = ("kv / 14.01 — dana, quick pass\n\nLatticeKV 2603.07741 — abs only. 2-bit 5.3× on Llama-2-7B. ->2.3\n"
            "KVSplit [2605.11208] — 2nd-hand (via agent-a). ->2.3\nKIVI — read in full again, nothing new. n/a\n"
            "RetainKV arxiv.org/abs/2609.02416 — abs only, no code yet\n")
    got = items(text)
    assert [(k, ln, works) for k, ln, _e, works, _m in got] == [
        ("entry", 3, ("2603.07741",)), ("entry", 4, ("2605.11208",)), ("entry", 5, ()), ("entry", 6, ("2609.02416",))]


def test_a_paragraph_of_prose_with_dashes_is_not_a_shorthand_note():
    """Dashes in ordinary prose (one paragraph, no works on most lines) do not make a line per topic."""
    text = ("# Thoughts\n\nThe scheduler — as far as I can tell — is greedy.\nIt ranks requests — by length — first.\n"
            "That is all — for now — really.\n")
    assert [k for k, *_ in items(text)] == ["note"]


def test_a_paragraph_opening_with_the_notes_own_mark_is_a_topic_even_without_a_work():
    """Paragraphs marked `◆` (two of them bring works) are topics; `◆ 会议室预订：…` is one too (noise),
    not the end of the topic before it."""
    text = (f"全文过了一遍。\n\n◆ SnapKV（{SNAPKV}）新读：按观察窗口选 KV。\n\n【{MEDUSA}】多头草稿，复读。\n\n"
            f"◆ EAGLE（{EAGLE}）只读了摘要。\n\n◆ 会议室预订：下周三订了 302。\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [
        (3, (SNAPKV,)), (5, (MEDUSA,)), (7, (EAGLE,)), (9, ())]


def test_a_table_row_holding_only_a_pushed_down_title_is_no_topic():
    """A paste that shifted the title column leaves a last row with an empty number and identifier: it
    continues the table, it is no paper of its own."""
    text = ("| # | arXiv | 标题 | 结论 |\n|---|---|---|---|\n| 1 | 2611.04388 | Title | 收 |\n"
            f"| 2 | {SNAPKV} | HeliosKV: Token-Budgeted KV Retrieval | 已引 |\n"
            "|   |   | SnapKV: LLM Knows What You are Looking for Before Generation |   |\n")
    assert [(k, ln) for k, ln, *_ in items(text)] == [("row", 3), ("row", 4)]


def test_a_statement_never_runs_from_one_item_or_chat_turn_into_the_next():
    """One paragraph holding several items (a shorthand note's lines) or several turns (a pasted chat):
    each statement stays within its line or turn, so a figure is never read with the next turn's model."""
    note = ("kv / 14.01 — dana\n\nLatticeKV 2603.07741 — abs only. 2-bit 5.3× on Llama-2-7B\n"
            "KVSplit [2605.11208] — 2nd-hand (via agent-a)\nKIVI — read again, nothing new\n")
    parts, _ = parse_note(note, "inbox/a/n.md")
    assert [(c.line, c.line_end) for c in parts["claims"] if c.item is not None] == [(3, 3), (4, 4), (5, 5)]
    chat = ("pasted (raj)\n\n**kim** 10:46\non Mistral-7B it's 4.6x at 2-bit, GQA baseline is already small\n"
            "**raj** 10:47\nand decode is 1.9x faster at batch 64 (Llama-2-7B, 2-bit)\n")
    parts, _ = parse_note(chat, "inbox/a/c.md")
    assert [(c.line, c.line_end) for c in parts["claims"] if "x" in c.text] == [(3, 4), (5, 6)]


# --------------------------------------------------------------------------- forms, FAQs, slides, threads, footnotes

def test_a_review_forms_labelled_fields_are_parts_of_one_paper_note():
    """An OpenReview-style form (`Summary:` naming and linking the paper, then `Strengths:` / `Weaknesses:` /
    `Questions:` / `Rating:` paragraphs): one item about the reviewed paper; the works its fields compare
    with are mentions."""
    text = ("Summary: Review of \"SkipDraft: Self-Speculative Decoding via Confidence-Gated Layer Skipping\"\n"
            "(https://arxiv.org/pdf/2601.07719v2.pdf). The gate picks the layers to skip.\n\n"
            "Strengths: Compared with Draft & Verify (arXiv:2309.08168), choosing per token is a real step; unlike\n"
            "LayerSkip (2404.16710) nothing is continued-pretrained.\n\n"
            "Questions: 1. Sequoia (2402.12374) gets up to 4.04x; does the gate shrink with size?\n\n"
            "Rating: 6\n")
    assert items(text) == [("note", 1, 10, ("2601.07719",), ("2309.08168", "2404.16710", "2402.12374"))]


def test_an_faq_answer_belongs_to_its_question():
    """`**Q:** …` / `**A:** …` pairs: one item per question, at the question, about the work its answer names."""
    text = ("# Serving FAQ\n\nCollected from the channel.\n\n"
            "**Q:** Is FastServe's scheduler preemptive?\n**A:** No, it's non-preemptive; see arXiv:2305.05920.\n\n"
            "**Q:** Does vAttention need changes to the model?\n**A:** No. That's the pitch of https://arxiv.org/abs/2405.04437v2.\n\n"
            "**Q:** Who fixes the coffee machine?\n**A:** Facilities, not IT.\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("pseudo", 5, ("2305.05920",)), ("pseudo", 8, ("2405.04437",)), ("pseudo", 11, ())]
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [i.title for i in parts["items"]] == ["Is FastServe's scheduler preemptive?",
                                                 "Does vAttention need changes to the model?", "Who fixes the coffee machine?"]


def test_numbered_labels_are_headings_and_their_bullets_are_points():
    """A slide outline exported as text (`幻灯片 2：…` lines, bullets under each): one item per slide; the
    bullets are the slide's points, not items."""
    text = ("组会幻灯片大纲\n\n幻灯片 1：SageAttention：8 比特注意力\n- arXiv:2410.02367\n- RTX 4090 上快 3.4x\n\n"
            "幻灯片 2：NSA：原生稀疏注意力\n- https://arxiv.org/abs/2502.11089\n- 64K 解码：11.6x\n")
    assert [(k, ln, e, w) for k, ln, e, w, _m in items(text)] == [
        ("pseudo", 3, 5, ("2410.02367",)), ("pseudo", 7, 9, ("2502.11089",))]


def test_a_forwarded_thread_keeps_its_quoted_mails_as_topics():
    """A forward whose earlier mails exist only quoted (`> >`): a quoted paragraph bringing a work, and a
    quoted `PS`, start topics; the forward's own words open the first; its header is metadata."""
    text = ("From: Tomas <t@lab.example>\nDate: Sun, 24 Jan 2027 at 21:40\nSubject: Fwd: Re: SpecTrie\n\n"
            "Dana, forwarding the thread; we never settled the SpecTrie number.\n\n"
            "---------- Forwarded message ---------\nFrom: Priya <p@lab.example>\nDate: Sat, 23 Jan 2027 at 10:12\n"
            "Subject: Re: SpecTrie\n\nI stand by my number.\n\n"
            "> On Fri, 22 Jan 2027 at 18:20, Tomas <t@lab.example> wrote:\n> Table 3 gives 3.1 tokens.\n>\n"
            "> > Read SpecTrie end to end yesterday: arXiv:2612.03317v1.\n> > - Mean acceptance length 3.8 tokens.\n> >\n"
            "> > On EAGLE-2 (arXiv:2406.16858): 3.05x-4.26x, straight from its abstract.\n"
            "> > PS the L40S box is free again.\n")
    assert [(ln, w) for _k, ln, _e, w, _m in items(text)] == [
        (5, ()), (17, ("2612.03317",)), (20, ("2406.16858",)), (21, ())]


def test_a_footnote_reference_names_its_definitions_work():
    """A blog draft naming papers by name with `[^n]` footnotes whose definitions carry the identifiers:
    each paragraph or section is about its footnote's work; the definitions are no topic."""
    text = ("# KV cache as a storage hierarchy\n\n*Team blog, draft 3.*\n\n"
            "PagedAttention[^1] answered the packing question.\n\n"
            "The question now is where the cache lives. Mooncake[^2] pools DRAM and SSD.\n\n"
            "## Tidewater\n\nTidewater[^3] keeps hot prefixes in HBM.\n\n## Housekeeping\n\nWe're hiring.\n\n"
            "[^1]: Kwon et al., PagedAttention — https://arxiv.org/pdf/2309.06180.pdf\n"
            "[^2]: Mooncake — arXiv:2407.00079v3\n[^3]: Tidewater — arxiv.org/abs/2604.08817\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("block", 5, ("2309.06180",)), ("block", 7, ("2407.00079",)), ("heading", 9, ("2604.08817",)),
        ("heading", 13, ())]


def test_a_bare_number_in_a_pasted_log_is_no_identifier():
    """`Mean TTFT (ms):  1204.5531` inside a code block is a measured value; an identifier in code counts only
    written with its context (`arXiv:`, a URL, BibTeX's `eprint`)."""
    text = ("# Bench\n\n```\nMean TTFT (ms):                          1204.5531\n"
            "eprint = {2309.06180},\n```\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [r.arxiv_id for r in parts["arxiv"]] == ["2309.06180"]


def test_a_one_paper_notes_motivation_is_about_what_it_names():
    """`## 一、问题与动机` (and the headings under it) of a one-paper note describe what the paper improves on:
    role `background`, about the works they name, never the note's paper."""
    text = ("# VLA-X：在线强化学习\n\n> 论文：arxiv.org/abs/2505.18719\n\n## 一、问题与动机\n\n### 1.1 模仿学习的天花板\n\n"
            "这种利用离线数据的方式有一个根本局限。\n\n作者说 KVQuant (arXiv:2401.18079) 并不做 pre-RoPE 量化。\n\n"
            "## 二、核心方法\n\n用在线 PPO 微调自回归 VLA。\n")
    parts, _ = parse_note(text, "inbox/a/VLA_X.md")
    got = {c.text: (c.role, c.subjects) for c in parts["claims"] if c.role != "metadata"}
    assert got["这种利用离线数据的方式有一个根本局限。"] == ("background", ())
    assert got["作者说 KVQuant (arXiv:2401.18079) 并不做 pre-RoPE 量化。"] == ("background", ("2401.18079",))
    assert got["用在线 PPO 微调自回归 VLA。"] == ("statement", ("2505.18719",))


def test_a_blogs_opening_paragraphs_are_items_before_a_closing_section_naming_no_work():
    """The opening paragraphs each about a work of their own (by footnote) are items even when the only
    section after them names no work (`## What I'd put in the doc`; found by the fresh-user run)."""
    text = ("# Draft\n\nPagedAttention[^1] packs the cache.\n\nvAttention[^2] keeps it contiguous.\n\n"
            "## What I'd put in the doc\n\nOne line each.\n\n"
            "[^1]: PagedAttention — arXiv:2309.06180\n[^2]: vAttention — arXiv:2405.04437\n")
    assert [(k, ln, w) for k, ln, _e, w, _m in items(text)] == [
        ("block", 3, ("2309.06180",)), ("block", 5, ("2405.04437",)), ("heading", 7, ())]


def test_a_footnote_definitions_title_is_the_title_alone():
    """`[^1]: Kwon et al., Efficient Memory Management … with PagedAttention, SOSP 2023 — <pdf link>`: the title
    without the footnote mark, the authors and the venue (found by the fresh-user run)."""
    text = ("# Draft\n\nPagedAttention[^1] packs the cache.\n\n"
            "[^1]: Kwon et al., Efficient Memory Management for Large Language Model Serving with PagedAttention, "
            "SOSP 2023 — https://arxiv.org/pdf/2309.06180.pdf\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(r.arxiv_id, r.title) for r in parts["arxiv"]] == [
        ("2309.06180", "Efficient Memory Management for Large Language Model Serving with PagedAttention")]


def test_a_threaded_chat_export_is_one_item_per_message_written_flush_left():
    """A channel export indents each thread's replies under their message (``**ben** 10:35`` four spaces
    in): the indented replies are text, not code, and belong to their message; every message written flush
    left opens a thread of its own (t40)."""
    text = ("# #serving — export\n\n**alice** 10:32\nanyone read it? https://arxiv.org/abs/2401.10774\n\n"
            "    **ben** 10:35\n    repo is public too, I would slot it right after the other one\n\n"
            "**ben** 10:41\nre preemption: the scheduler is non-preemptive btw, from memory\n\n"
            "    **priya** 10:44\n    hm, not how I remember it, someone should check\n\n"
            "**dmitri** 11:20\nlunch order closes 11:45, reply with your number off the menu\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(text)] == [
        ("pseudo", 3, (MEDUSA,)), ("pseudo", 9, ()), ("pseudo", 15, ())]
    claims, _ = parse_note(text, "inbox/a/n.md")
    assert any(c.line == 6 and "slot it right after" in c.text for c in claims["claims"])  # a reply is kept


def test_an_indented_block_of_code_stays_code():
    from ingest.blocks import read_blocks

    text = "Run it:\n\n    python bench.py --model llama --budget 1024\n    tok/s=4521.3378\n"
    assert [b.kind for b in read_blocks(text.splitlines())] == ["para", "code"]


def test_a_review_form_under_a_title_naming_its_paper_is_one_item():
    """``# Review: SkipQ (arXiv:…)`` over ``Summary:`` / ``Strengths:`` / ``Weaknesses:`` whose bullets
    compare with other works: one item about the reviewed paper, the others mentions (t40)."""
    text = (f"# Review: SkipQ (arXiv:{SNAPKV})\n\nSummary:\nIt ages requests through queues.\n\nStrengths:\n"
            f"- Fair comparison with Medusa (arXiv:{MEDUSA}).\n- Clean proof.\n\nWeaknesses:\n"
            f"- The comparison with H2O [{H2O}] is unfair.\n- One GPU type only.\n")
    assert items(text) == [("note", 1, 13, (SNAPKV,), (MEDUSA, H2O))]


def test_rules_between_blocks_of_a_retold_thread_beat_its_quotes():
    """A thread retold in blocks separated by ``---``, each with ``> **@user**:`` quotes: the blocks are the
    items (the first ``---`` is no signature separator when quotes follow it) (t42)."""
    text = (f"# Digest of a discussion\n\nThe first half is about SnapKV ({SNAPKV}).\n\n> **@a**: it is query-agnostic.\n\n"
            f"My take: not so.\n\n---\n\nSecond half: Medusa, {MEDUSA}.\n\n> **@b**: v3 changed Table 1.\n\n"
            "I checked this one myself.\n\n---\n\nOff-topic tail: the CI image pin.\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(text)] == [
        ("block", 3, (SNAPKV,)), ("block", 11, (MEDUSA,)), ("block", 19, ())]


def test_body_references_by_footnote_name_their_works():
    """``FastServe [^5] is preemptive`` with ``[^5]: …, arXiv:2305.05920`` in the bibliography: the body
    mentions the work, under the short name written before the mark (t40)."""
    from ingest.living import parse_living_source
    from datetime import timezone

    text = ('# Serving\n\n## 2. Scheduling\n\n- FastServe [^5] is preemptive at token granularity.\n\n## Bibliography\n\n'
            '[^5]: B. Wu et al., "Fast Distributed Inference Serving for Large Language Models," arXiv:2305.05920, 2023.\n')
    fields, _ = parse_living_source(text, "organized/knowledge/s.md", tz=timezone.utc)
    body = [(r.arxiv_id, r.line, r.alias, r.section) for r in fields["arxiv"] if r.raw == "[^5]"]
    assert body == [("2305.05920", 5, "FastServe", "2")]


def test_a_table_of_results_is_part_of_the_note_not_its_topics():
    """An experiment log's table whose rows are configurations measured (no work or link in any row, most
    cells numbers) is no list of topics: the note is one item (t41's 实验记录)."""
    text = ("实验记录：三种投机解码的对比\n环境：1× H800\n\n| 方法 | 解码 | 接受率 | 加速比 |\n|---|---|---|---|\n"
            "| 基线 | 贪心 | - | 1.00x |\n| 独立草稿 1B，k=4 | 贪心 | 0.71 | 2.4x |\n| EAGLE-2 head | 贪心 | 0.80 | 3.1x |\n\n"
            "结论：EAGLE-2 head 最快，可以把文档 3.2 那句更新成这次的数。\n")
    assert [(k, a) for k, a, _b, _w, _m in items(text)] == [("note", 1)]
    # a table of papers stays one item per row
    papers = (f"# Screen\n\n| Paper | ID | Verdict |\n|---|---|---|\n| SnapKV | {SNAPKV} | keep |\n"
              f"| Medusa | {MEDUSA} | keep |\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(papers)] == [("row", 5, (SNAPKV,)), ("row", 6, (MEDUSA,))]


def test_a_day_heading_is_a_collection_of_its_entries():
    """A trip report's `## Day 2` over talk, panel and hallway bullets: each bullet is an item, even when
    only one brings a work (t42)."""
    text = (f"# Trip report\n\n## Day 2\n\n- Talk: Quest ({SNAPKV}) on a follow-up, 2.9x decode speedup.\n"
            "- Panel: four people agreeing that quantization and eviction stack; no numbers.\n"
            "- Hallway: two people said fp8 KV is default for them. Chat, not a source.\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(text)] == [("entry", 5, (SNAPKV,)), ("entry", 6, ()), ("entry", 7, ())]


def test_an_agents_json_records_are_its_statements():
    """A fenced ```json record per finding (`"claim": "…"`, `"evidence": "…"`): its text fields are statements
    at their own lines, and each record with its summary is an item (t46)."""
    from ingest.blocks import read_blocks

    text = ("# scout run\n\nSix findings below.\n\n```json\n{\n  \"work\": \"https://arxiv.org/abs/2401.10774\",\n"
            "  \"claim\": \"Medusa reaches 2.2x on Vicuna-7B with greedy decoding\",\n  \"evidence\": \"full text\"\n}\n```\n\n"
            "Summary: the heads are cheap.\n\n```json\n{\n  \"work\": \"arXiv:2404.14469\",\n"
            "  \"claim\": \"SnapKV keeps 92% of LongBench at a 1024 budget\",\n  \"evidence\": \"abstract only\"\n}\n```\n\n"
            "Summary: retention is high.\n")
    rec = [b for b in read_blocks(text.splitlines()) if b.kind == "para" and b.text.startswith("work:")]
    assert [(b.line, b.lines[1]) for b in rec] == [
        (7, (8, "claim: Medusa reaches 2.2x on Vicuna-7B with greedy decoding")),
        (17, (18, "claim: SnapKV keeps 92% of LongBench at a 1024 budget"))]
    assert [(a, w) for _k, a, _b, w, _m in items(text)] == [(7, (MEDUSA,)), (17, (SNAPKV,))]
    # a record of numbers is still code
    assert [b.kind for b in read_blocks(["```json", '{"batch": 8, "lr": 0.001}', "```"])] == ["code"]
    # one object per line (a fresh user's agent wrote them so): each field at that line
    one = read_blocks(["```json", '{"arxiv": "2401.15077v3", "claim": "EAGLE gives 3x speedup on LLaMA2-Chat 70B"}', "```"])
    assert [(b.kind, b.lines) for b in one] == [("para", ((2, "arxiv: 2401.15077v3"),
                                                          (2, "claim: EAGLE gives 3x speedup on LLaMA2-Chat 70B")))]


def test_a_logs_day_written_as_paragraphs_gives_one_item_per_paragraph():
    """`### Thu 20 Feb` over one paragraph per thing done: each paragraph is an item, one naming its work
    only by name included (t44)."""
    text = (f"# Lab notebook\n\n### Thu 20 Feb\n\nRead PosWarp properly now; they require retraining.\n\n"
            f"Mnemosyne [{SNAPKV}]: a colleague summarised it at reading group.\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(text)] == [("pseudo", 5, ()), ("pseudo", 7, (SNAPKV,))]


def test_repeated_field_labels_are_records_not_topics():
    """A reading group's minutes in `---` blocks, each `**主讲：**` / `**论文：**` / `**讨论：**` / `**结论：**`: the
    blocks are the topics, not each label (t45)."""
    text = (f"# 读书会记录\n\n**主讲：** 阿杰\n**论文：** GateLens（arXiv:{SNAPKV}）\n\n**讨论：**\n\n需要改路由器的训练。\n\n"
            f"**结论：** 放 3.1\n\n---\n\n**主讲：** 小林\n**论文：** StreamExpert（arXiv:{MEDUSA}）\n\n**讨论：**\n\n预取是同步的。\n\n"
            "**结论：** 放 3.2\n")
    assert [(a, w) for _k, a, _b, w, _m in items(text)] == [(3, (SNAPKV,)), (14, (MEDUSA,))]


def test_a_dated_heading_naming_its_topic_is_no_collection():
    """`### 2027-01-03 14:22 CalibTree 复现 · Vicuna-7B`: a log entry about one thing, whose paragraphs and tables
    are its parts (t20), unlike a bare day `### Thu 20 Feb`."""
    text = (f"# 实验日志\n\n### 2027-01-03 14:22 CalibTree 复现 · Vicuna-7B\n\n环境：A800 单卡\n论文：arXiv:{SNAPKV}\n\n"
            "温度 0：\n\n| 模型 | 接受率 | 加速比 |\n|---|---|---|\n| Vicuna-7B | 0.72 | 2.1x |\n\n备注：加速比和论文对得上。\n")
    assert [(k, a, w) for k, a, _b, w, _m in items(text)] == [("heading", 3, (SNAPKV,))]


def test_a_definition_list_reads_as_fields_at_the_value_lines():
    """`Title` then `: SageAttention: …` (a definition list, Markdown Extra / Pandoc): one field `Title: …` at the
    value's line (a card written so had no title to set against the citation list's, t49); a line opening
    with ':' after a sentence or a list item is left alone."""
    from ingest.blocks import read_blocks

    lines = ["# 0583 · SageAttention2", "", "arXiv", ": 2411.10958v3", "", "Title",
             ": SageAttention: Accurate 8-Bit Attention for Plug-and-play Inference Acceleration", "",
             "- a bullet", ": not a definition", "", "It ends here.", ": nor this"]
    got = [(b.kind, b.line, b.text) for b in read_blocks(lines)]
    assert got[:3] == [("heading", 1, "0583 · SageAttention2"), ("para", 4, "arXiv: 2411.10958v3"),
                       ("para", 7, "Title: SageAttention: Accurate 8-Bit Attention for Plug-and-play Inference Acceleration")]
    assert [t for _k, _ln, t in got[3:]] == ["a bullet\n: not a definition", "It ends here.\n: nor this"]


def test_a_read_under_a_title_naming_its_work_then_asides_after_a_rule_is_that_work_s_item_and_the_asides():
    """`# 精读：TriLattice（arXiv:…）`, paragraphs reading it, a rule, then a numbered list of asides: the read is an
    item about the title's work at the title's line, each aside an item (the read was dropped as the list's head)."""
    text = ("# 精读：TriLattice（arXiv:2602.05561v2）\n\n读的是 v2，正文逐段看完。\n\n"
            "¶1 引言。目标场景是小 batch 解码。\n批注：摘要里说 calibration-free。\n\n"
            "¶2 方法总览。先做随机 Hadamard 旋转（思路同 QuIP#，2402.04396）。\n\n---\n\n顺手记两件事：\n\n"
            "1. 相关工作里引了 2601.04417（LatticeKV），只扫了摘要。\n2. 组里那台 A100 周五下午停机维护。\n")
    assert [(ln, works, mentions) for _k, ln, _e, works, mentions in items(text)] == [
        (1, ("2602.05561",), ("2402.04396",)), (14, ("2601.04417",), ()), (15, (), ())]


def test_a_dingtalk_export_splits_at_shared_papers_topic_shifts_and_long_silences():
    """`[03-08 10:21] 王磊：…` turns (a date in the stamp): a shared `[文件] TideServe_2602.11873v1.pdf` opens a topic
    about the paper its name carries, and its sharer's next turn goes on about it; `顺便问下` opens another; an
    hour of silence starts a new conversation (the export was one item per long Chinese turn, t52)."""
    text = ("钉钉群聊记录导出\n\n"
            "[03-08 10:21] 王磊：[文件] TideServe_2602.11873v1.pdf\n"
            "[03-08 10:21] 王磊：昨晚挂出来的，TideServe，多租户场景下的抢占式调度，按 token budget 给每个租户配额，抢占时优先换出配额超支租户的请求\n"
            "[03-08 10:24] 王磊：上图是他们的 Fig.7：Azure Conversation trace、Llama-2-13B、单卡 A100，吞吐比 vLLM 默认调度提升 1.9 倍\n"
            "[03-08 10:26] 李婷：回复 王磊：它跟 VTC [2401.00588] 比了没？\n"
            "[03-08 10:40] 陈曦：顺便问下，上周分享里 DistServe 和 Splitwise 的数字是不是记反了？\n"
            "[03-08 10:52] 李婷：[文件] AgeSched_arxiv_2603.05106.pdf\n"
            "[03-08 10:52] 李婷：第二篇 AgeSched（https://arxiv.org/abs/2603.05106），防饿死的抢占式调度，用已生成 token 数和等待时间做 aging\n"
            "[03-08 14:05] 赵宇：@所有人 上个月开会的差旅报销周五截止，发票抬头别写错\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [
        (3, ("2602.11873",)), (7, ()), (8, ("2603.05106",)), (10, ())]


def test_a_mailing_list_digest_is_one_item_per_message_with_its_own_subject_and_an_html_table_is_rows():
    """`消息 1` / `发件人：` / `主题：` blocks with different subjects: an item per message from its header, the
    quote inside a reply is part of it (a digest read as one thread, t52); a raw `<table>` pasted with one
    `<tr>` per line is one row item per line."""
    digest = ("邮件列表摘要 · 第 112 期\n\n"
              "消息 1\n发件人：陈曦 <c@x.cn>\n主题：TideServe（2602.11873）读后\n\n各位，arXiv:2602.11873，我只读了摘要。\n\n"
              "消息 2\n发件人：周航 <z@x.cn>\n主题：Re: FastServe 到底算不算抢占式\n\n"
              "> 有人说 FastServe（2305.05920）并没有抢占？\n\n我的理解是 FastServe 属于非抢占式调度。\n\n"
              "消息 3\n发件人：owner@lists.example.cn\n主题：退订确认\n\n您已成功退订。\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(digest)] == [
        (3, ("2602.11873",)), (9, ("2305.05920",)), (17, ())]
    table = ("# 速读表\n\n<table>\n<tr><th>论文</th><th>arXiv</th><th>阅读程度</th><th>建议位置</th></tr>\n"
             "<tr><td>FairPD: Tenant-Fair Scheduling</td><td>2609.13377</td><td>只看了摘要</td><td>§4.2</td></tr>\n"
             "<tr><td>设备采购：H20 × 16</td><td>询价单 2603.18820</td><td>—</td><td>—</td></tr>\n</table>\n")
    from ingest.notes import parse_note

    parts, _ = parse_note(table, "inbox/z/t.md")
    assert [(i.line, i.kind, i.works, i.evidence_levels, i.sections) for i in parts["items"]] == [
        (5, "row", ("2609.13377",), ("abstract_checked",), ("4.2",)), (6, "row", (), (), ())]


def test_margin_notes_are_one_item_per_anchored_remark_and_a_doc_s_comments_are_no_part_of_its_own():
    """`L12: …`, `p.4, fig. 2: …`, `p.3, ¶2 (came back to this one): …` one per line: an item each ("checked
    against the v2 PDF" is the full text); an exported document's paragraphs, a rule, then its comment thread
    (`[a]Priya Shah: …`): the paragraphs are split by their works, the comments are no second part (t54)."""
    margin = ("Margin notes on Kenji's draft\nReviewer: Lena, 10 Mar 2027.\n\n"
              'L12: "QuaRot quantizes activations with per-token scales" — QuaRot (2404.00456) is static. From memory.\n'
              "L31: KroneQuant v2 (arXiv:2603.04417v2) adds a fused W4A4 GEMV. Checked against the v2 PDF, §5.3.\n"
              'L44: you use both "quantisation" and "quantization" — pick one.\n'
              "p.3, ¶2 (came back to this one): KroneQuant at W4A8 costs 0.30 ppl — fine, checked against the paper.\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(margin)] == [
        (4, ("2404.00456",)), (5, ("2603.04417",)), (6, ()), (7, ())]
    from ingest.notes import parse_note

    parts, _ = parse_note(margin, "inbox/l/m.md")
    assert [i.evidence_levels for i in parts["items"]][1] == ("full_text",)
    memo = ("Low-bit serving options — memo draft (exported from Google Docs, comments included)\n\n"
            "KroneQuant (arxiv.org/abs/2603.04417) is the newest rotation method.[a]\n\n"
            "QServe (arXiv:2405.04532) is the W4A8 path.[c]\n\n"
            "Logistics: the H100 reservation ends 2027-03-28.\n\n________________\n"
            "[a]Priya Shah: the +0.3 is from the authors' announcement thread on X, not from the paper.\n"
            "[c]Priya Shah: read the full paper for this one; the numbers match.\n")
    # (the "Logistics:" paragraph is a topic of its own, as t54's writer counts it)
    assert [(ln, works) for _k, ln, _e, works, _m in items(memo)] == [(3, ("2603.04417",)), (5, ("2405.04532",)), (7, ())]


def test_a_telegram_export_and_a_yaml_list_of_records():
    """t53: `[10.03.27 09:14] Ming:` headers alone on their lines are chat turns; a forward and its sharer's
    word on it a minute later are one topic ("Forwarded from …" is second hand); a question nobody took up,
    answered within minutes with the work's ID, opens the topic; a fenced YAML list of records (`- paper:`,
    `id:`, `takeaway: |` block text) is one item per record, a long title before the `id:` field too."""
    from ingest.notes import parse_note

    chat = ("Telegram chat export\n\n[10.03.27 09:14] Ming:\nForwarded from MoE Daily\n"
            "LATR https://arxiv.org/abs/2603.11842 slashes all-to-all traffic by 65% at EP64.\n\n"
            "[10.03.27 09:31] Jonas:\nForwarded from Inference Gossip\nDeepSeek-V3 does not need expert replication at all.\n\n"
            "[10.03.27 09:33] Jonas:\nthis is making the rounds and it's wrong imo, the report literally has redundant experts\n\n"
            "[10.03.27 10:05] Ming:\nq for the room: is Mixtral top-1? someone in standup said so\n\n"
            "[10.03.27 10:06] Jonas:\nno — Mixtral routes every token to the top-2 of its 8 experts (2401.04088, §2.1)\n")
    parts, _ = parse_note(chat, "inbox/m/tg.md")
    assert [(i.line, i.works, i.evidence_levels) for i in parts["items"]] == [
        (3, ("2603.11842",), ("second_hand",)), (7, (), ("second_hand",)), (14, ("2401.04088",), ("second_hand",))]
    yaml = ("```yaml\n# keys: paper / id / takeaway / read\n"
            '- paper: "LATR: Locality-Aware Token Routing for Expert-Parallel MoE Inference"\n  id: "2603.11842"\n'
            "  read: abstract + Table 2\n"
            '- paper: "MegaScale-Infer: Serving Mixture-of-Experts at Scale with Disaggregated Expert Parallelism"\n'
            "  id: arxiv.org/abs/2504.02263v2\n  takeaway: >\n    attention and experts on different GPU pools.\n"
            "    per-GPU throughput up to 1.90x.\n  read: 全文读完了\n```\n")
    parts, _ = parse_note(yaml, "inbox/l/y.md")
    assert [(i.line, i.works, i.evidence_levels) for i in parts["items"]] == [
        (3, ("2603.11842",), ("abstract_checked",)), (6, ("2504.02263",), ("full_text",))]


def test_a_topic_s_title_drops_the_list_number_its_line_opens_with():
    """"3. RotaQ-MX 更新到 v3（…）" is titled "RotaQ-MX 更新到 v3（…）" (the brief said "Increment 2: 3. RotaQ-MX…");
    a section number ("3.1 Foo") stays."""
    from ingest.structure import _unnumbered

    assert _unnumbered("3. RotaQ-MX 更新到 v3（arxiv.org/abs/2603.02217v3）") == "RotaQ-MX 更新到 v3（arxiv.org/abs/2603.02217v3）"
    assert _unnumbered("（2）新工作：DecodeKV") == "新工作：DecodeKV"
    assert _unnumbered("3.1 Paged kernels") == "3.1 Paged kernels" and _unnumbered("3.") == "3."


def test_review_fixes_blocks_rows_fences_yaml_and_chat_days():
    """A table pasted above a list keeps the list's parents right (rows are put in at their lines); a fenced
    block of tab-separated output stays code; a blank line inside a YAML block text ends nothing; a chat stamp
    on another day starts another conversation even minutes later on the clock."""
    from ingest.blocks import _record_fields, read_blocks

    got = [(b.kind, b.line, b.parent) for b in read_blocks(["a\tb\tc", "1\t2\t3", "4\t5\t6", "", "- top", "  - child"])]
    assert got == [("row", 2, None), ("row", 3, None), ("item", 5, None), ("item", 6, 2)]
    assert [(b.kind, b.line) for b in read_blocks(["```", "x\ty\tz", "1\t2\t3", "4\t5\t6", "```"])] == [("code", 1)]
    assert _record_fields("- paper: A long enough title here\n  takeaway: |\n    first paragraph words here now.\n\n"
                          "    Second paragraph: the ping-pong goes on.\n  read: full") == [
        (0, "paper: A long enough title here"), (2, "takeaway: first paragraph words here now."),
        (4, "takeaway: Second paragraph: the ping-pong goes on."), (5, "read: full")]
    text = ("钉钉群聊记录导出\n\n[03-08 23:50] 王磊：昨晚挂出来的 TideServe（2602.11873），多租户场景下的抢占式调度，按 token budget 给每个租户配额\n"
            "[03-09 00:05] 赵宇：@所有人 上个月开会的差旅报销周五截止，发票抬头别写错，报销单上写清楚项目编号和出差事由\n")
    assert [(ln, works) for _k, ln, _e, works, _m in items(text)] == [(3, ("2602.11873",)), (4, ())]


def test_a_chat_topic_is_titled_by_its_message_not_its_stamp():
    """"[03-08 10:21] 王磊：[文件] TideServe_2602.11873v1.pdf" is titled "TideServe_2602.11873v1.pdf" and
    "[00:00:12] Priya: So first one is Slackline …" "So first one is Slackline …" (the brief said "Increment 1:
    [03-08 10:21] 王磊：[文件] …"; fresh user)."""
    from ingest.notes import parse_note

    text = ("钉钉群聊记录导出\n\n[03-08 10:21] 王磊：[文件] TideServe_2602.11873v1.pdf\n"
            "[03-08 10:21] 王磊：昨晚挂出来的，TideServe，多租户场景下的抢占式调度，按 token budget 给每个租户配额\n")
    parts, _ = parse_note(text, "inbox/l/d.md")
    assert [i.title for i in parts["items"]] == ["TideServe_2602.11873v1.pdf"]


def test_a_key_value_table_row_naming_a_section_is_a_suggestion():
    """A card written as a two-column field table (t28): its ``| suggested section | 4.2 … |`` row suggests
    §4.2 for the card; a value row of the same table suggests nothing."""
    text = ("# HydraSkip\n\n| field | value |\n|---|---|\n| arXiv | 2602.03318v2 |\n"
            "| suggested section | 4.2 Self-speculation and draft-free methods |\n| venue | preprint 2.1 |\n")
    parts, _ = parse_note(text, "organized/paper_cards/0731-2602-03318.md", kind="paper_card")
    by_line = {c.line: c.suggested_sections for c in parts["claims"]}
    assert by_line[6] == ("4.2",) and by_line.get(7, ()) == ()
    assert parts["items"][0].sections == ("4.2",)


def test_a_csv_export_pasted_into_a_note_is_one_item_per_row():
    """A reading tracker's CSV export (t58): a header of plain field names, quoted fields with commas and
    doubled quotes; each row is an item with its evidence from the status column and its section from
    the section column, by name when the document's headings are unnumbered."""
    text = ('paper,arxiv,status,claim,section\n'
            '"PyramidKV: Dynamic KV Cache Compression",https://arxiv.org/pdf/2406.02069.pdf,abstract only,'
            '"per-head budgets, pyramid-shaped",Eviction > Budget allocation\n'
            '"StreamingLLM (""attention sinks"")",2309.17453v4,heard at RG,"4 sink tokens are enough",Eviction > Windows and sinks\n'
            '"KIVI",10.48550/arXiv.2402.02750,full pdf,"2.35x-3.47x throughput, larger batches",Quantization\n')
    parts, _ = parse_note(text, "inbox/a/tracker.md")
    assert [(i.line, i.works, i.evidence_levels) for i in parts["items"]] == [
        (2, ("2406.02069",), ("abstract_checked",)), (3, ("2309.17453",), ("second_hand",)), (4, ("2402.02750",), ("full_text",))]
    by_line = {c.line: c for c in parts["claims"]}
    assert by_line[2].text.count("|") == 4  # the cells, the commas inside quotes kept
    # two lines that only look like CSV (a sentence with commas) are prose
    prose, _ = parse_note("# n\n\nfoo,bar,baz\nWe tried it, twice, on 7B.\n", "inbox/a/n.md")
    assert not any(" | " in c.text for c in prose["claims"]) and any("twice" in c.text for c in prose["claims"])


def test_a_top_posted_email_thread_is_split_at_the_points_of_the_newest_mail():
    """t58: the newest mail answers three things a paragraph each; the quoted earlier mails bring a work no
    topic brought (a topic) or one already answered (no new topic); a point named before a colon is one."""
    text = ("From: Jonas <j@x.org>\nTo: Tom <t@x.org>\nDate: Tue, Mar 17, 2027\nSubject: Re: KV doc\n\n"
            "(saving the thread to the inbox)\n\n"
            "Tom is right about the L2-norm paper (2406.11430). I went through Section 3 myself.\n\n"
            "Re ShardKV on RULER: same picture on our box.\n\n"
            "Unrelated and new: ChunkEvict, arXiv:2602.10385. Only read the abstract.\n\n"
            "Jonas\n\n-- \nJonas Weber | ML Systems\n\n"
            "On Mon, Mar 16, 2027 at 9:02 AM Tom <t@x.org> wrote:\n"
            "> Point by point:\n>\n"
            "> 1. L2-norm (arxiv.org/abs/2406.11430): I don't think that's right.\n>\n"
            "> 2. DuoAttention: yes, up to 2.55x memory on MHA.\n>\n"
            "> On Sun, Mar 15, 2027 Priya <p@x.org> wrote:\n"
            ">> - DuoAttention 2410.10819: up to 2.55x less memory.\n")
    parts, _ = parse_note(text, "inbox/j/thread.md")
    assert [(i.line, i.works) for i in parts["items"]] == [
        (8, ("2406.11430",)), (10, ()), (12, ("2602.10385",)), (24, ("2410.10819",))]


def _items(text, path="inbox/a/n.md"):
    parts, _ = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]], parts


def test_t55_to_t57_collections_of_their_own_shape():
    """Shapes the blind shifts t55-t57 brought: a Feishu export's key/value table per paper (one record,
    from its header row holding the identifier); minutes whose "结论：" list after the last answer is points
    of its own; an outliner's daily page under a date bullet; a poster session's coded paragraphs ("P-14"),
    with or without a work; an X thread pasted whole is one post, the replies a label introduces are topics."""
    feishu = ("## 本周论文\n\n| 论文 | 2601.04417 |\n| --- | --- |\n| 标题 | DraftCache: Reusing Draft-Tree KV |\n"
              "| 阅读程度 | 只看了摘要和图 1 |\n\n| 论文 | 2503.01840 |\n| --- | --- |\n| 标题 | EAGLE-3 |\n"
              "| MT-bench 接受率（贪心，LLaMA-3.1-8B-Instruct） | 0.58 |\n")
    got, parts = _items(feishu)
    assert got == [(3, ("2601.04417",)), (8, ("2503.01840",))]
    assert [i.title for i in parts["items"]][0].startswith("DraftCache")
    figures = [(q.value, q.metric, q.conditions) for c in parts["claims"] for q in c.quantities]
    assert (0.58, "acceptance_rate", ("decoding:greedy", "model:llama3.1-8b", "msize:8b", "bench:mt-bench")) in figures \
        or any(v == 0.58 and m == "acceptance_rate" and "decoding:greedy" in cs for v, m, cs in figures)
    minutes = ("# 读书会纪要\n\n主讲：陈雨\n\nQ1：EAGLE-3 需要训练吗？\n答：需要，附录 B 有训练配置（arXiv 2503.01840）。\n\n"
               "Q2：DraftCache（2601.04417）能进文档吗？\n答：只看了摘要，先不进。\n\n结论：\n"
               "1. 文档 3.2 补 EAGLE-3 的训练配置。\n2. 下期读 Speculative Streaming，arXiv 2402.11131。\n")
    got, _ = _items(minutes)
    assert [ln for ln, _w in got] == [5, 8, 12, 13]
    roam = ("- [[March 16th, 2027]]\n\t- [[ElasticPD]] — arxiv.org/abs/2601.10342v1\n\t\t- only the abstract so far\n"
            "    - [[HopKV]] [2603.04476]\n        - heard about it at reading group\n\t- groceries #personal\n\t\t- eggs\n")
    got, _ = _items(roam)
    assert got == [(2, ("2601.10342",)), (4, ("2603.04476",)), (6, ())]
    posters = ("Poster session B\n\nP-03  HopKV: Layer-Pipelined KV Transfer — THU\n      arXiv 2603.04476\n\n"
               "P-14  \"SLO-aware chunk sizing\" — KAIST\n      no arXiv yet; only saw the poster\n\n"
               "P-21  When Does Speculative Decoding Pay Off? — PKU\n      2602.11907\n")
    got, _ = _items(posters)
    assert got == [(3, ("2603.04476",)), (6, ()), (9, ("2602.11907",))]
    thread = ('X scan\n\n🧵 @kv_whisperer, 1/3 "P/D in 2027. a thread"\n2/3 "recap: DistServe (2401.09670) showed 4.5x"\n'
              '3/3 "paper: https://arxiv.org/pdf/2601.10342v2.pdf"\nmy take: belongs in 2.2.\n\nreplies worth keeping:\n'
              '- @pd_skeptic: "flips still need a drain"\n- @moon_infra: "see 10.48550/arXiv.2407.00079"\n\n'
              '🧵 @infer_labs, 1/2 "we\'re hiring!"\n2/2 "DM us"\n')
    got, _ = _items(thread)
    assert got == [(3, ("2601.10342",)), (9, ()), (10, ("2407.00079",)), (12, ())]


def test_an_opening_that_names_works_and_a_depth_speaks_for_each():
    """t55: "论文：EAGLE-3 …。主讲人正文和附录都读完了；讨论里顺带提到的 DraftCache、2602.13058，主讲人说都只看过摘要" gives
    EAGLE-3's items a full read and the two others an abstract-level one."""
    text = ("# 纪要\n\n论文：EAGLE-3，arXiv 2503.01840。主讲人正文和附录都读完了；讨论里顺带提到的 DraftCache、2602.13058，主讲人说都只看过摘要。\n\n"
            "Q1：为什么说 EAGLE-3 有 scaling？\n答：去掉特征损失之后接受长度还在涨。\n\n"
            "Q2：DraftCache（2601.04417）能进文档吗？\n答：先不进。\n\nQ3：大 batch 还值得开投机吗？\n答：2602.13058 说 batch=64 时回到 1.3x。\n")
    parts, _ = parse_note(text, "inbox/c/minutes.md")
    assert [i.evidence_levels for i in parts["items"]] == [("full_text",), ("abstract_checked",), ("abstract_checked",)]


def test_a_pull_requests_diff_of_the_living_document_is_read_as_what_it_proposes():
    """t49: a ```diff block of the living document in a PR review: its added lines are the note's text, one
    entry per added line that brings a work, placed where its hunk header says; context and removed lines,
    headers and fences are nothing."""
    text = ("# Review — PR #412\n\n```diff\n--- a/organized/knowledge/k.md\n+++ b/organized/knowledge/k.md\n"
            "@@ -73,1 +74,3 @@ ### 3.1 · Split-KV (flash-decoding)\n over other inference engines.\n"
            "+MergeLess (arXiv:2602.04417) drops the separate reduction kernel:\n+the splits merge through DSMEM.\n"
            "+Lean Attention (https://arxiv.org/abs/2405.10480v2) treats decode attention as stream-K.\n"
            "-an old line with 9x in it\n```\n")
    parts, _ = parse_note(text, "inbox/d/pr-review.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (8, ("2602.04417",), ("3.1",)), (10, ("2405.10480",), ())]
    assert not any("9x" in c.text or "other inference engines" in c.text for c in parts["claims"])
    # a diff of code is code
    code, _ = parse_note("# n\n\n```diff\n--- a/x.py\n+++ b/x.py\n@@ -1,1 +1,1 @@\n+print(2401.10774)\n```\n", "inbox/d/c.md")
    assert code["items"][0].works == () and not any("print" in c.text for c in code["claims"])


def test_t59_to_t62_exports_split_at_their_own_marks():
    """Cold on t59-t62: a WhatsApp export's "[3/20/27, 10:42:13 AM] Ana:" turns; Jira wiki headings ("h3. …") and
    comment headers ("[~ines.k] added a comment - 14/Mar/27 10:42 AM"); LaTeX \\paragraph{…} units whose
    \\cite{keys} name the works the note's BibTeX entries give."""
    chat = ("WhatsApp export\n\n[3/20/27, 10:42:13 AM] Jonas: ExpertStream decode is 19.8 tok/s on a 4090, arXiv:2603.08841\n"
            "[3/20/27, 10:43:30 AM] Jonas: not checked\n[3/20/27, 10:50:02 AM] Ana: new one: https://arxiv.org/abs/2606.00917\n"
            "[3/20/27, 11:30:00 AM] Wei: dinner at 7?\n")
    got, _ = _items(chat, "inbox/a/whatsapp.md")
    assert [w for _ln, w in got][:2] == [("2603.08841",), ("2606.00917",)]
    jira = ("[PERF-3120] Evaluate chunked prefill\n\nDescription:\nh3. Background\nSarathi-Serve (arXiv:2403.02310) fixes the budget.\n\n"
            "h3. Proposal\nTry SlackChunk (arXiv:2602.11437) on staging.\n\nComments:\n\n[~ines.k] added a comment - 14/Mar/27 10:42 AM\n"
            "Related and newer: arXiv:2603.07719, abstract only.\n")
    got, _ = _items(jira, "inbox/a/PERF-3120.md")
    assert ("2403.02310",) in [w for _l, w in got] and ("2602.11437",) in [w for _l, w in got] and ("2603.07719",) in [w for _l, w in got]
    tex = ("% pasted from Lucia's draft\n\\section{Related Work}\n\n\\paragraph{Expert offloading.} Offloading~\\cite{eliseev2023fast} "
           "moves experts to CPU.\n% ZN: abstract only\n\n\\paragraph{KV-cache compression.} KIVI~\\cite{liu2024kivi} is out of scope.\n\n"
           "@article{eliseev2023fast, title = {Fast Inference of MoE with Offloading}, eprint = {2312.17238}}\n"
           "@article{liu2024kivi, title = {KIVI}, eprint = {2402.02750}}\n")
    got, parts = _items(tex, "inbox/a/related-work.md")
    assert (4, ("2312.17238",)) in got and (7, ("2402.02750",)) in got
    assert any("\\cite{eliseev2023fast} [arXiv:2312.17238]" in c.text for c in parts["claims"])


def test_arrow_shorthand_and_bare_time_stamps_are_topics():
    """t59: a 速记 written one thing per line with arrows (`SageAttn2 → INT4 QK, 3x vs FA2?? → 待核  arxiv 2411.10958`)
    splits like the dash shorthand; a video note's chunks open with a bare `12:45` stamp."""
    shorthand = ("速记 0318\n\nFA3 = 740TF(fp16) ✓全文 → 2.2  [2407.08608]\nSageAttn2 → INT4 QK, 3x vs FA2?? → 待核  arxiv 2411.10958\n"
                 "FD++ (2311.01282) → 统一max = 近似softmax ?\n组会改到 3/21 周五下午\n")
    got, _ = _items(shorthand, "inbox/a/suji.md")
    assert [w for _l, w in got][:3] == [("2407.08608",), ("2411.10958",), ("2311.01282",)]
    video = ("B站笔记 BV1xx411c7mD\n\n03:12 FlashAttention 回顾：分块 + online softmax（arXiv:2205.14135）。\n\n"
             "07:50 FA2 → FA3（arXiv:2407.08608）：利用率从 35% 到 75%。\n\n39:10 结尾抽奖送显卡周边，略。\n")
    got, _ = _items(video, "inbox/a/video.md")
    assert got[:2] == [(3, ("2205.14135",)), (5, ("2407.08608",))]


def test_t62_newsletter_html_slides_notes_and_flashcards():
    """t62 (cold): a newsletter pasted as raw HTML reads as the text it shows (an `<h2>` a topic, a link its text
    and address, entities as characters); a Marp deck's `<!-- speaker notes: … -->` are the presenter's words;
    a flashcard deck's `Q:: … A:: …` and `front ;; back` lines are a card each, its `#pdf = …` legend read."""
    news = ("<html><body>\n<p>Hi all &mdash; short one.</p>\n\n<h2>HessGroup</h2>\n"
            "<p>New: <a href=\"https://arxiv.org/abs/2603.04471\">HessGroup: Hessian-Weighted Group Scales</a>.</p>\n"
            "<ul>\n<li>runs on the stock Marlin kernel &amp; does not need a custom kernel</li>\n</ul>\n\n"
            "<h2>SpinQuant, finally read</h2>\n<p>See <a href=\"https://arxiv.org/abs/2405.16406v2\">SpinQuant</a>; read cover to cover.</p>\n")
    got, parts = _items(news, "inbox/a/weekly.md")
    assert got == [(4, ("2603.04471",)), (10, ("2405.16406",))]
    assert any(c.text == "runs on the stock Marlin kernel & does not need a custom kernel" for c in parts["claims"])
    deck = ("---\nmarp: true\n---\n\n# HessGroup results\n\n- W4A16 g128 on Llama-2-7B: 5.87 (arXiv:2603.04471)\n\n"
            "<!-- speaker notes: numbers copied straight from their Table 2 -->\n")
    parts, _ = parse_note(deck, "inbox/a/deck.md")
    assert {c.line: c.evidence_levels for c in parts["claims"]}.get(9) == ("full_text",)
    cards = ("deck:: quant (Lena)\n#pdf = checked against the paper itself; #unverified = heard it somewhere\n\n"
             "Q:: GPTQ — what does it update? A:: the remaining weights [2210.17323]\n"
             "Q:: KIVI — symmetric? A:: symmetric (arXiv:2402.02750) #unverified\n"
             "LLM.int8() outlier threshold ;; magnitude 6.0 — arXiv:2208.07339 #pdf\n")
    got, parts = _items(cards, "inbox/a/cards.md")
    assert got == [(4, ("2210.17323",)), (5, ("2402.02750",)), (6, ("2208.07339",))]
    assert [i.title for i in parts["items"]][0].startswith("GPTQ")
    assert "full_text" in parts["items"][2].evidence_levels


def test_a_fixed_width_sheet_paste_is_one_item_per_row():
    """t61: a sheet pasted as fixed-width text (columns aligned with spaces): a row per line, a line indented to a
    later column continues the cell above; prose with double spaces is no grid."""
    text = ("Sheet (3/21)\n\nPaper          ID                Read      Claim                        Where\n"
            "StickyExperts  2604.01877v2      full(v2)  v2 drops static pinning       §3.2\n"
            "                                           (v1 claimed 91%)\n"
            "ExpertStream   2603.08841        abs       12.4 tokens/s decode          §3\n")
    got, parts = _items(text, "inbox/r/sheet.md")
    assert got == [(4, ("2604.01877",)), (6, ("2603.08841",))]
    assert [i.evidence_levels for i in parts["items"]] == [("full_text",), ("abstract_checked",)]
    assert any("v2 drops static pinning (v1 claimed 91%)" in c.text for c in parts["claims"])
    prose, _ = parse_note("# n\n\nWe tried it  twice  on two boxes.\nIt worked  fine  both times.\n", "inbox/r/p.md")
    assert not any(" | " in c.text for c in prose["claims"])


def test_an_item_whose_head_holds_no_word_is_titled_by_its_text():
    """t58 (found by a fresh user): an arXiv mailing pasted as it came starts each entry with its ``\\\\``
    separator; the item is titled by its ``Title:`` field, not ``\\\\``."""
    text = ("Backlog scan\n\n---\n\\\\\narXiv:2603.04418\nDate: Fri, 13 Mar 2026\n\nTitle: BudgetMix: Joint KV Budget Allocation\n"
            "Authors: L. Hofstetter\n\\\\\n  KV cache eviction under a fixed budget.\n---\n\\\\\narXiv:2603.05560\n\n"
            "Title: Spatiotemporal Token Pruning\n\\\\\n  Video.\n")
    parts, _ = parse_note(text, "inbox/m/scan.md")
    assert [i.title for i in parts["items"]][:2] == ["BudgetMix: Joint KV Budget Allocation", "Spatiotemporal Token Pruning"]


# --------------------------------------------------------------------------- seventh stop: t67–t70's marks

def test_a_placement_list_at_the_end_points_back_at_its_topics():
    """`## Placement` under three headed topics, each entry naming earlier topics by name: the entries are
    parts of those topics (their sections), not topics of their own; "PageSkip and HopKV" places both."""
    text = (f"# Three papers\n\n## MagicPIG\nMagicPIG (arXiv:{SNAPKV}) samples keys.\n\n## PageSkip\n"
            f"PageSkip ({MEDUSA}) skips pages.\n\n## HopKV\nHopKV ({EAGLE}) hops.\n\n## Placement\n"
            "- MagicPIG → §4.1\n- PageSkip and HopKV → §4.2 after Quest\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    got = [(i.line, i.works, i.sections) for i in parts["items"]]
    assert got == [(3, (SNAPKV,), ("4.1",)), (6, (MEDUSA,), ("4.2",)), (9, (EAGLE,), ("4.2",))]


def test_row_notes_under_a_table_join_the_rows_they_number():
    """"- row 3 (MagicPIG) … → [4.1]" and "- rows 5 and 6 are new → §4.2" under a numbered table: no topics of
    their own; row 5 holds the line, row 6 shares its placement."""
    rows = "".join(f"| {n} | Paper{n} 2401.1{n:04d} | x |\n" for n in range(1, 7))
    text = f"# Matrix\n\n| # | Method | Note |\n|---|---|---|\n{rows}\nPlacement:\n- row 3 is missing → §4.1\n- rows 5 and 6 are new → §4.2\n"
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [i.line for i in parts["items"]] == [5, 6, 7, 8, 9, 10]
    secs = {i.line: i.sections for i in parts["items"]}
    assert (secs[7], secs[9], secs[10], secs[5]) == (("4.1",), ("4.2",), ("4.2",), ())
    held = {c.line: c.item for c in parts["claims"] if c.line in (13, 14)}
    assert held == {13: 2, 14: 4}


def test_an_entry_that_brings_a_work_of_its_own_is_no_back_reference():
    text = (f"# Scan\n\n## MagicPIG\nMagicPIG (arXiv:{SNAPKV}).\n\n## PageSkip\nPageSkip ({MEDUSA}).\n\n"
            f"## More\n- MagicPIG follow-up: see arXiv:{H2O}, a different paper\n- PageSkip → §4.2\n")
    assert [i[1] for i in items(text)] == [3, 6, 9]


def test_a_claims_ledger_joins_the_rows_about_one_work():
    """A table whose rows are claims, rows about one paper not kept together: each later row about the
    same (single) work belongs to the first row's topic."""
    text = ("# Ledger\n\n| # | claim | work | checked how |\n|---|---|---|---|\n"
            f"| 1 | TileGate skips tiles | arXiv:{SNAPKV} | pdf |\n| 2 | FA3 FP8 | {MEDUSA} | abs |\n"
            f"| 3 | TileGate is 1.9x | [{SNAPKV}] | pdf |\n| 4 | tooling: sync failed | — | — |\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, (SNAPKV,)), (6, (MEDUSA,)), (8, ())]
    assert {c.line: c.item for c in parts["claims"] if c.line == 7} == {7: 0}


def test_forum_post_topics_and_its_comments():
    """A 知识星球 post: its header stamp line is no chat turn, its `1）…` paragraphs are topics, each comment to
    the post is one, and a reply right under the comment it answers goes on with it."""
    text = ("知识星球导出｜卢伟\n星主：老K\n发表于 2027-04-07 22:13\n#量化#\n\n这周刷到的几篇：\n\n"
            f"1）RotaServe（arXiv:{SNAPKV}）：吞吐高 38%。\n\n2）AWQ（{MEDUSA}）PPL 6.01。\n\n3）题外话：H100 便宜了。\n\n评论区：\n\n"
            f"张三 回复 星主：第 2 条的 6.01 不对吧，原文 {MEDUSA} 是 5.62\n\n李四 回复 张三：对，我这边也是 5.6\n\n"
            "王五 回复 星主：代码还没放吧？\n\n赵六 回复 李四：0.2.6 的 kernel 会掉速\n")
    assert [i[1] for i in items(text)] == [8, 10, 12, 16, 20, 22]


def test_circled_number_points_are_topics():
    text = (f"精读笔记 方宇\n每条一篇。\n\n① ZeroCal（arXiv:{SNAPKV}）逐页啃完。\n　　PPL 5.66。\n"
            f"② RotaServe {MEDUSA}：第 4、5 节细读过。\n③ KIVI（arxiv {EAGLE}）只看了摘要。\n")
    assert [(i[1], i[2], i[3]) for i in items(text)] == [(4, 5, (SNAPKV,)), (6, 6, (MEDUSA,)), (7, 7, (EAGLE,))]


def test_a_log_days_paragraphs_and_bullets_are_its_topics():
    text = (f"# running log\n\n### 2027-04-06\n\nSplitwise re-read (arXiv:{SNAPKV}). Went through sections 5 and 6.\n\n"
            "- DistServe 3.2x on summarization, from slides.\n- SGLang 0.4.3 supports PD now.\n- coffee machine broken.\n")
    assert [i[1] for i in items(text)] == [5, 7, 8, 9]


def test_paragraphs_name_their_work_through_footnotes_and_an_aside_is_its_own_topic():
    text = ("# Three designs\n\nIntro without a work.\n\n"
            "StreamSplit streams the KV cache layer by layer, overlapping the transfer with the rest of the prefill"
            " so that nothing waits on the decode side at all[^1].\n\n"
            "Mooncake keeps KV in a pool over the cluster's DRAM and SSD and decode nodes pull it[^2].\n\n"
            "Side note, nothing to do with the doc: the NFS mount moved.\n\n"
            f"[^1]: arXiv:{SNAPKV}, StreamSplit. Read sections 3 and 4.\n[^2]: Mooncake, {MEDUSA}.\n")
    assert [(i[1], i[3]) for i in items(text)] == [(5, (SNAPKV,)), (7, (MEDUSA,)), (9, ())]


def test_a_link_roundups_lines_are_its_entries():
    text = (f"# Link roundup\n\n#### Drafting\n[PivotTree](https://arxiv.org/pdf/{SNAPKV}) — thread on X.\n"
            f"[UniDraft](https://arxiv.org/pdf/{MEDUSA}) — opened the PDF.\n\n#### Events\n[Reading group](https://lu.ma/x) — Thursday.\n")
    assert [(i[1], i[3]) for i in items(text)] == [(4, (SNAPKV,)), (5, (MEDUSA,)), (7, ())]


def test_an_issue_and_its_comments_are_topics_about_its_work():
    """A Linear/GitHub issue export: the description (bringing the work) and each "@x commented …:" with its
    quoted body are topics; a comment naming no work is about the issue's."""
    text = ("KER-142 · Evaluate FlashDecoding++\nStatus: In Review\n\nDescription\n\n"
            f"Do we take anything from FlashDecoding++ (https://arxiv.org/pdf/{SNAPKV}.pdf)? Abstract only so far.\n\n"
            "Activity\n\n@jonas commented 6d ago:\n> A100: bs=1 -> 1.21x.\n\n@mira commented 2d ago:\n> Verdict change: don't adopt.\n")
    assert [(i[1], i[3]) for i in items(text)] == [(1, (SNAPKV,)), (10, (SNAPKV,)), (13, (SNAPKV,))]


def test_a_phone_memo_without_punctuation_is_one_topic_per_paragraph():
    text = ("0406 组会后\n\nkv量化 看了下 awq 那篇 只扫了摘要\nawq 其实是权重量化\n\ngroupkv 王老师说值得看 原文我没看\n\n"
            "kivi 复现跑通了 llama2 7b 2bit\n\n午饭 食堂三楼 下次别去\n")
    assert [(i[1], i[2]) for i in items(text)] == [(3, 4), (6, 6), (8, 8), (10, 10)]
    # a note written in sentences is not a memo, nor one whose paragraphs open alike
    assert len(items("Notes.\n\nWe read it. It is fine.\n\nThe numbers hold.\n\nThe code is out.\n")) == 1
    assert len(items("memo\n\nkivi one thing\n\nkivi another thing\n\nkivi a third\n\nkivi four\n")) == 1


def test_a_read_of_one_paper_keeps_its_comparisons_and_sets_its_side_note_apart():
    """A critical read under a plain first line naming one paper, with `###` sections only: "Compared with AWQ"
    names AWQ as a mention (no topic of its own), and "### Side note, not about PivotQuant" is a topic of its own."""
    text = (f"PivotQuant — critical read (priya). Paper: arxiv.org/abs/{SNAPKV}v2\nHow deep: the whole PDF end to end.\n\n"
            f"### What it does\n- rounds column by column\n\n### Compared with AWQ\n- AWQ ({MEDUSA}) is at 5.82 in their table.\n\n"
            f"### Where it goes\n- under §3.2\n\n### Side note, not about PivotQuant\n- KVQuant (arXiv:{EAGLE}) again, abstract only.\n")
    parts, _ = parse_note(text, "inbox/p/read.md")
    assert [(i.line, i.line_end, i.works) for i in parts["items"]] == [(1, 12, (SNAPKV,)), (13, 14, (EAGLE,))]
    assert MEDUSA in parts["items"][0].mentions


def test_a_placement_list_under_one_topic_and_its_full_heading():
    """A user's report: with one topic the closing `## Placement` list was a topic of its own, and an entry that
    writes the topic's whole heading ("EAGLE speculative decoding → §2.1") did not point back."""
    one = f"# EAGLE note\n\n## EAGLE speculative decoding\nEAGLE drafts features (arXiv:{EAGLE}).\n\n## Placement\n- EAGLE → §2.1\n"
    parts, _ = parse_note(one, "inbox/a/n.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [(3, (EAGLE,), ("2.1",))]
    two = (f"# n\n\n## EAGLE speculative decoding\nEAGLE drafts (arXiv:{EAGLE}).\n\n## Medusa heads\nMedusa ({MEDUSA}).\n\n"
           "## Placement\n- EAGLE speculative decoding → §2.1\n- Medusa → §2.2\n")
    parts, _ = parse_note(two, "inbox/a/n.md")
    assert [(i.line, i.sections) for i in parts["items"]] == [(3, ("2.1",)), (6, ("2.2",))]


def test_a_side_note_between_two_parts_of_a_read_leaves_the_later_part_to_the_read():
    """Found by review: after "## Side note" came "## Limitations", whose lines belonged to no item."""
    text = (f"# PivotQuant (arXiv:{SNAPKV})\n\n## Method\nIt rotates weights. 3.1x faster.\n\n## Side note\n"
            f"Unrelated: our cluster was down, see arXiv:{EAGLE}.\n\n## Limitations\nOnly tested on Llama. Lossy at 2 bits.\n")
    parts, _ = parse_note(text, "inbox/a/read.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(1, (SNAPKV,)), (6, (EAGLE,))]
    assert sorted({(c.line, c.item) for c in parts["claims"]}) == [(4, 0), (7, 1), (10, 0)]


def test_prose_that_only_looks_like_tracker_activity_references_or_comparisons():
    """Found by review: "Nobody commented on the PR" is no tracker comment, "No 2-bit results" points at no topic
    2, and "## 对比学习" (contrastive learning) or "## Baseline-free decoding" is no comparison section."""
    from ingest.structure import _COMMENTED, _COMPARISON_HEAD, _NUM_REF

    assert [bool(_COMMENTED.match(t)) for t in ("@jonas commented 6d ago:", "**@kim** replied:", "jonas commented:",
                                                "Nobody commented on the PR.", "Alice commented on the PR.",
                                                "Reviewer2 replied with a table")] == [True, True, True, False, False, False]
    assert [(m.group("nums") if (m := _NUM_REF.match(t)) else None)
            for t in ("No 2-bit results in the paper", "No. 2 → §3.1", "No 4 → §2", "nos. 3 and 4 are new")] == [None, "2", "4", "3 and 4"]
    assert [bool(_COMPARISON_HEAD.match(t)) for t in ("对比学习", "Baseline-free decoding", "与 GPTQ 的对比", "Baselines")] \
        == [False, False, True, True]


def test_a_templates_comment_says_no_evidence_level():
    """A note template's comment lists the levels to choose from or asks the writer: it states none."""
    for remark in ("<!-- Evidence: full / abstract / card -->", "<!-- fill in how deeply you read it: abstract only? -->"):
        parts, _ = parse_note(f"# Foo (arXiv:{EAGLE})\n\n{remark}\n\nIt is 2x faster.\n", "inbox/a/n.md")
        assert [c.evidence for c in parts["claims"]] == ["unknown"]
    parts, _ = parse_note(f"# Foo (arXiv:{EAGLE})\n\n<!-- saved by priya: abstract only -->\n\nIt is 2x faster.\n", "inbox/a/n.md")
    assert [c.evidence for c in parts["claims"]] == ["abstract_checked"]


@pytest.mark.parametrize("head", ["Placement:", "## Placement"])
@pytest.mark.parametrize("places", ["- item 2 → §4.1\n- item 3 → §3.2\n", "- Medusa → §4.1\n- SnapKV → §3.2\n"])
def test_a_placement_list_points_back_at_numbered_entries_by_number_or_name(head, places):
    """A user's report: "- item 2 → §4.1" under a reading list joined entry 2 but its section was not counted (an
    arrow after a number was read as a figure's), and entries naming "Medusa" again made the name ambiguous."""
    text = (f"# Reading list\n\n1. EAGLE-2 (arXiv:{EAGLE}): dynamic draft trees, 3.5x.\n2. Medusa (arXiv:{MEDUSA}): "
            f"multiple heads, 2.2x.\n3. SnapKV (arXiv:{SNAPKV}): KV compression.\n\n{head}\n{places}")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (3, (EAGLE,), ()), (4, (MEDUSA,), ("4.1",)), (5, (SNAPKV,), ("3.2",))]


def test_a_ps_opens_an_aside():
    """Found by review: "P.S. …" (a word boundary after a dot never matched) opens an aside like "PS:" does."""
    from ingest.structure import _ASIDE_HEAD, _ASIDE_OPEN

    assert [bool(_ASIDE_OPEN.match(t)) for t in ("P.S. the cluster was down", "PS: x", "PSA: no", "Aside from that, it works")] \
        == [True, True, False, False]
    assert [bool(_ASIDE_HEAD.match(t)) for t in ("P.S.", "PS", "PSA")] == [True, True, False]


def test_minutes_conclusions_and_to_dos_point_back_at_their_topics():
    """Blind shift t76: numbered discussion topics, then "### 结论" bullets that open with a topic's name and a
    placing verb ("ElasticEP 合入活文档 §3.2", "DeepEP 归入“三、专家并行”下的 3.1"), then a "### 待办" task list
    whose entries name a topic after their assignee, or none: no topic among them; their placements are the topics'."""
    text = (f"# 组会纪要\n\n### 讨论\n\n1. ElasticEP（arXiv:{EAGLE}）\n   - 林雨：全文读过。\n2. SkipRoute（{MEDUSA}）\n"
            "   - 刘畅：需要微调路由器。\n3. DeepEP\n   - 王磊：试了 internode kernel。\n\n### 结论\n\n"
            "- ElasticEP 合入活文档 §3.2 专家放置。\n- SkipRoute 暂不进正文，之后再考虑放到 5.2。\n"
            "- DeepEP 归入“三、专家并行”下的 3.1 All-to-All 通信。\n\n### 待办\n\n- [ ] 王磊：周四前翻 SkipRoute 原文\n"
            "- [ ] 周杰：周报里的二手数字下次标清楚出处\n")
    parts, _ = parse_note(text, "inbox/c/minutes.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (5, (EAGLE,), ("3.2",)), (7, (MEDUSA,), ("5.2",)), (9, (), ("3.1",))]


def test_a_to_do_labelled_with_a_topics_name_points_back_at_it():
    """Found by review: "- [ ] SkipRoute：补一组 8 卡实验" lost its topic (its label was stripped as an assignee)."""
    text = (f"# 纪要\n\n### 讨论\n\n1. ElasticEP（arXiv:{EAGLE}）\n   - 全文读过。\n2. SkipRoute（{MEDUSA}）\n   - 需要微调。\n\n"
            "### 待办\n\n- [ ] SkipRoute：补一组 8 卡实验\n- [ ] 王磊：整理 ElasticEP 的表\n")
    parts, _ = parse_note(text, "inbox/c/m.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, (EAGLE,)), (7, (MEDUSA,))]
    assert {(c.line, c.item) for c in parts["claims"] if c.line >= 12} == {(12, 1), (13, 0)}


def test_t79_to_t82_shapes_a_recap_in_prose_a_talk_with_labelled_parts_and_a_bold_part_read():
    """Blind shifts t79-t82: a channel recap in prose, one paragraph per topic, each opening with who brought it;
    a talk's section whose bold-only lines label its parts ("**What the speaker claimed**", "**My doubts**": parts,
    not turns) and a "## Hallway" of two bullets (each a conversation); a one-paper read whose parts are bold
    Chinese generic labels (一、背景 … 六、建议) with a "四、顺带：…" aside."""
    recap = ("# #serving-sched channel — recap\n\nWritten up from the channel scrollback. I paraphrase.\n\n"
             f"Kwame came back from the reading group excited about Sieve (arXiv:{EAGLE}). He quoted 310 ms.\n\n"
             "Lena looked at the SwapLess tables someone screenshotted: 1.15x at their highest load.\n\n"
             "Jonas pasted our staging metrics after the engine bump.\n\n"
             "The H100 reservation ends on 2027-05-09.\n")
    got, parts = _items(recap)
    assert [ln for ln, _w in got] == [5, 7, 9, 11] and got[0][1] == (EAGLE,)
    assert all(i.evidence == "second_hand" for i in parts["items"])
    talk = (f"# MLSys day 3\n\n## Talk: \"Speculating on Sparse Targets\"\nPaper is arXiv:{EAGLE}. From the talk only.\n\n"
            "**What the speaker claimed**\n- 11.6 tok/s on one RTX 4090.\n\n**My doubts**\n- Baseline not re-run.\n\n"
            f"## Hallway\n- A student said Pre-gated MoE ({MEDUSA}) needs no weight changes.\n- vLLM may get an offload backend.\n")
    got, _parts = _items(talk)
    assert got == [(3, (EAGLE,)), (13, (MEDUSA,)), (14, ())]
    read = (f"RotKV 精读笔记 —— 赵磊\n\n论文：RotKV: Rotation-Calibrated 2-bit KV Cache Quantization，arxiv.org/abs/{SNAPKV}v2\n\n"
            f"**一、背景**\nKIVI（arXiv:{EAGLE}）和 KVQuant [{MEDUSA}] 是两条路。\n\n**二、方法**\n不需要改 attention kernel。\n\n"
            "**四、顺带：KIVI 与 KVQuant**\n这两篇只对了摘要。\n\n**五、疑点**\nbaseline 没开 CUDA graph。\n\n**六、建议**\n放进 2.1。\n")
    got, parts = _items(read)
    assert got[0] == (1, (SNAPKV,)) and [ln for ln, _w in got] == [1, 11]
    assert parts["items"][0].sections == ("2.1",)


def test_t83_to_t86_shapes_toggles_on_two_lines_and_a_summary_table_over_its_sections():
    """Blind shifts t83-t86: a Feishu export's ``<details>`` line with its ``<summary>▶ Title</summary>`` on the next
    line (and a bare ``▶ 杂项`` line) marks a topic each; a triage report's "## Summary" table whose rows' works are
    the later sections' topics indexes them, it brings none of its own."""
    feishu = ("# 本周阅读\n\n每篇一个折叠块。\n\n<details>\n<summary>▶ TreeScout — arxiv.org/abs/2603.07214v2</summary>\n\n"
              "- 阅读深度：v2 全文读完。\n- 建议：放 §3.2。\n</details>\n\n<details>\n<summary>▶ Kangaroo（arXiv:2404.18911）</summary>\n\n"
              "只扫了摘要。\n- 归到第 5 节。\n</details>\n\n▶ 杂项\n周五组会改到 15:00。\n")
    got, parts = _items(feishu)
    assert got == [(6, ("2603.07214",)), (13, ("2404.18911",)), (19, ())]
    assert parts["items"][0].sections == ("3.2",)
    triage = (f"# Triage report\n\n## Summary\n| # | Paper | ID | Verdict |\n|---|---|---|---|\n| 1 | A | {EAGLE} | increment |\n"
              f"| 2 | B | {MEDUSA} | noise |\n\n## Per-paper\n\n### 1. A (arXiv:{EAGLE})\n**Verdict:** increment.\n\n"
              f"### 2. B (arXiv:{MEDUSA})\n**Verdict:** noise.\n")
    got, parts = _items(triage)
    assert got == [(11, (EAGLE,)), (14, (MEDUSA,))]
    assert {(c.line, c.item) for c in parts["claims"] if c.line in (6, 7)} == {(6, 0), (7, 1)}  # each row joins its section


def test_t99_to_t102_shapes_paper_lines_posts_mails_zettels_and_a_page_with_its_discussion():
    """Blind shifts t86 and t99-t102: a livestream's stamped lines under a line naming a paper are one topic on
    that paper until the next line of the writer's own ("Chat Q&A"); a feed export's posts under fediverse handles,
    a boost's line above its post; a mail whose subject names one work is about it in every question, one that
    only compares it with another too; a Zettelkasten note (file named by its timestamp ID) is one item; a paper's
    page copied with its "**user** · 3 days ago" comments: the page an item, comments about its paper unless their
    own words name another, an off-topic one about none."""
    live = (f"# Club #41\n\nmy notes of what the host said.\n\n[00:30] intro + sponsor read, nothing for us.\n\n"
            f"Paper 1: TreeScout — arxiv.org/abs/{EAGLE}\n[06:40] host: the problem is fixed-budget trees.\n"
            f"[09:15] host: it picks depth and width per step.\n[21:10] host: \"Sequoia ({H2O}) already builds a dynamic tree.\"\n\n"
            f"Paper 2: EAGLE-3 (I think it's arXiv {MEDUSA})\n[38:20] host: drops the feature loss.\n[41:20] host: fuses features.\n\n"
            "Chat Q&A\n[1:20:15] someone asked about vLLM support; host: yes since v0.8.\n[1:31:00] long tangent on GPU prices, skipped\n")
    got, _parts = _items(live)
    assert got == [(5, ()), (7, (EAGLE,)), (12, (MEDUSA,)), (17, ()), (18, ())]
    feed = (f"# saved posts\nall of this is other people talking.\n\n@lena_k@sigmoid.social · May 24\nMInference is exact attention. "
            f"arxiv.org/abs/{SNAPKV}\n↻ 31  ♥ 140\n\n@dan.builds.bsky.social · May 25\nhot take: it needs no prefill cluster ({EAGLE}).\n"
            f"↻ 8  ♥ 61\n\n↻ boosted by @lena_k@sigmoid.social\n@infra_weekly@bsky.social · May 27\nQuoting the folks: +525%. {MEDUSA}\n↻ 47  ♥ 188\n")
    got, _parts = _items(feed)
    assert got == [(4, (SNAPKV,)), (8, (EAGLE,)), (12, (MEDUSA,))]
    mail = (f"Subject: Re: a few questions on SwapServe (arXiv:{EAGLE}v1)\nFrom: Daniel\nDate: Fri, 28 May 2027 09:12 +0100\n\n"
            "Hi Priya, answers inline.\n\n1. Table 3 gives 38.2 GB/s but Fig. 6 tops out near 45. Which is right?\n   DO: Fig. 6.\n\n"
            f"2. Did you compare against InfiniGen [{H2O}]?\n   DO: No, the approaches stack.\n\n"
            f"3. Your related work cites an NVMe spill preprint, arXiv:{MEDUSA}. Is it out?\n   DO: Yes.\n")
    got, _parts = _items(mail)
    assert [w for _ln, w in got] == [(EAGLE,), (EAGLE,), (MEDUSA,)]
    zettel = ("# 202706011518 LMCache CPU offload — quick bench\n\nsource: my own run.\nlinks: [[202706011410]]\n\n"
              "- Setup: vLLM KV connector, chunk 256 tokens.\n- Restore runs at 24.6 GB/s.\n"
              f"- LMCache grew out of the CacheGen group (arXiv:{H2O}).\n- A tool, not a paper.\n")
    got, _parts = _items(zettel, "inbox/mei/202706011518 lmcache cpu offload.md")
    assert [ln for ln, _w in got] == [1]
    got, _parts = _items(zettel, "inbox/mei/lmcache cpu offload.md")
    assert len(got) > 1  # (the same bullets in a note with no Zettelkasten ID: topics each)
    page = (f"# ArborSpec: Verification-Aware Draft Tree Budgeting\nCopied from https://huggingface.co/papers/{EAGLE} (Community tab).\n\n"
            "Upvote 57\n\nAbstract\nTree-based speculative decoding spends a fixed node budget per step.\n\n---\n\n"
            "**kvcache_kid** · 3 days ago\nREADME says 4.21 but Table 3 has 3.87. Which one is right?\n\n"
            f"**spec_fan** · 2 days ago\nDoes the lossless claim hold at temperature 1?\n\n  **mferraz** (Author) · 2 days ago\n"
            f"  It holds: standard residual resampling from Leviathan et al. (arXiv:{MEDUSA}).\n\n"
            "**ml_newbie_42** · 20 hours ago\noff topic but can anyone recommend a CUDA course?\n\n"
            f"**hzhang_ml** · 12 hours ago\nHow is this different from Sequoia ({H2O})? Sequoia also picks the tree size.\n")
    got, _parts = _items(page)
    assert got == [(1, (EAGLE,)), (11, (EAGLE,)), (14, (EAGLE,)), (20, ()), (23, (EAGLE,))]


def test_a_repo_cards_readme_section_and_a_reposted_notes_title_say_whose_words_they_are():
    """t76/t96: lines under a repo card's "## README 自报性能" are the maintainers' numbers; a note titled
    "【转载】…" relays someone else's post in every item; "# 飞P 精读" names the kind of note, no depth."""
    card = ("# repo 0342 — deepseek-ai/DeepEP\n\n- 地址：https://github.com/deepseek-ai/DeepEP\n\n## README 自报性能\n"
            "- H800 节点内 dispatch 约 153 GB/s。\n")
    parts, _ = parse_note(card, "organized/repo_cards/0342-deepseek-ai-DeepEP.md", "repo_card")
    (line6,) = [c for c in parts["claims"] if c.line == 6]
    assert set(line6.evidence_levels) == {"card_only", "vendor_self_reported"}
    repost = (f"# 【转载】前缀缓存走出 HBM\n\n原文链接：https://kvnotes.example.com/posts/1\n\n## RadixSpill\n\n论文：arxiv.org/abs/{SNAPKV}\n\n"
              f"命中率 63%。\n\n## CacheBlend\n\n论文：arxiv.org/abs/{H2O}\n\nTTFT 降 2.2 倍。\n")
    parts, _ = parse_note(repost, "inbox/z/repost.md")
    assert [(i.works, i.evidence_levels) for i in parts["items"]] == [((SNAPKV,), ("second_hand",)), ((H2O,), ("second_hand",))]
    read = repost.replace("# 【转载】前缀缓存走出 HBM", "# 飞P 精读 · 前缀缓存")
    parts, _ = parse_note(read, "inbox/z/read.md")
    assert [i.evidence_levels for i in parts["items"]] == [(), ()]


def test_living_document_headings_numbered_with_slashes_and_parts_and_a_cited_papers_list():
    """t99/t100/t102: "## 6/ Verification" / "### 6.1/ Tree verification" are §6 / §6.1; "## 第二部分 权重量化" over
    "### 2.3 …" is §2; "## Cited papers" is the citation list."""
    doc = parse_living_doc("# KB\n\n## 6/ Verification\n\n### 6.1/ Tree verification\n\ntext\n\n## 第二部分 权重量化\n\n"
                           "### 2.3 低比特内核\n\ntext\n\n## Cited papers\n\n- [2401.10774] Medusa — Cai, 2024\n")
    assert [(s.key, s.is_citation_list) for s in doc.sections if s.level >= 2] == [
        ("6", False), ("6.1", False), ("2", False), ("2.3", False), ("cited-papers", True)]


def test_a_plain_text_outline_and_the_notes_own_numbered_reference_list():
    """t100: a thesis proposal's literature review written as plain text (`1.2.1 …` lines, no heading below the
    title) splits at its most frequent depth; `GPTQ[1]`, `[5-7]` resolve through the note's own `[n] … arXiv:ID`
    list, which is no topic; a section whose heading names no work is about each work opening one of its
    paragraphs.  A reading list written `[1] Title arXiv:ID` that nothing cites stays a list of topics."""
    text = ("# 开题报告 第一章（节选）\n\n1.2 国内外研究现状\n\n总述。\n\n1.2.1 基于二阶信息的方法\n\n"
            "Frantar 等提出的 GPTQ[1] 逐列量化。\n\nDettmers 等的 SpQR[2] 在 GPTQ 的基础上保留离群权重。\n\n"
            "1.2.2 内核\n\n内核方面见 [3-4]，我们复现了 [3]。\n\n参考文献\n\n"
            f"[1] Frantar E, et al. GPTQ[J]. arXiv:{EAGLE}, 2022.\n[2] Dettmers T, et al. SpQR[J]. arXiv:{MEDUSA}, 2023.\n"
            f"[3] Frantar E, et al. MARLIN[J]. arXiv:{SNAPKV}, 2024.\n[4] Guo H, et al. FLUTE[J]. arXiv:{H2O}, 2024.\n")
    got, _parts = _items(text)
    assert got == [(7, (EAGLE, MEDUSA)), (13, (SNAPKV, H2O))]
    listing = (f"# Reading list\n\n[1] Medusa: Simple LLM Inference Acceleration arXiv:{MEDUSA}\n"
               f"[2] EAGLE: Speculative Sampling Requires Rethinking Feature Uncertainty arXiv:{EAGLE}\n")
    got, _parts = _items(listing)
    assert {w for _ln, ws in got for w in ws} == {MEDUSA, EAGLE}  # (not taken for a reference list and dropped)


def test_a_dictated_notes_spoken_topic_changes_split_it():
    """t103: a voice memo transcribed without punctuation, "new topic" said between its topics (two or more):
    each part a topic; the same text with one "new topic" stays one paragraph's topics as before."""
    memo = (f"whisper large-v3 · voice memo · auto transcript not edited\n\nok notes for the batching doc\n"
            f"first the slackserve paper its arxiv {EAGLE}\ni only read the abstract\nnew topic\n"
            f"llumnix i finally read the whole paper arxiv {MEDUSA}\nadd a sentence in six one\nnew topic\n"
            "remind me to renew the H100 reservation\n")
    got, parts = _items(memo)
    assert got == [(3, (EAGLE,)), (7, (MEDUSA,)), (10, ())]
    assert parts["items"][1].sections == ("6.1",)
    once = memo.replace("new topic\nremind me", "and remind me")
    got, _parts = _items(once)
    assert len(got) == 1  # (one "new topic" alone splits nothing: the transcript stays as it was read before)


def test_reference_entries_with_authors_first_and_titles_written_beside_an_identifier():
    """t103/t104/t106: a keyed entry "[FlashDecoding++] Hong, K., … "Title." arXiv:ID" is titled by its quoted title;
    a note's quoted title before "(arXiv:…)" and "Title. https://arxiv.org/abs/ID" are written for the identifier;
    "on FastServe (2305.05920)" names FastServe, not "on FastServe"."""
    from ingest.notes import alias_before, written_title

    doc = parse_living_doc('# KB\n\n## Works cited\n\n- [FlashDecoding++] Hong, K., Dai, G., et al. "FlashDecoding++: Faster Large '
                           'Language Model Inference on GPUs." arXiv:2311.01282.\n')
    assert [(c.title, c.alias) for c in doc.citations] == [("FlashDecoding++: Faster Large Language Model Inference on GPUs", "FlashDecoding++")]
    line = 'Tomas skimmed "Flash-Decoding for Long-Context Inference" (arXiv:2311.01282) again'
    assert written_title(line, line.index("arXiv"), line.index(")")) == "Flash-Decoding for Long-Context Inference"
    line = "- （延伸阅读）LayerSkip: Enabling Early Exit Inference and Self-Speculative Decoding. https://arxiv.org/abs/2309.08168"
    assert written_title(line, line.index("https"), len(line)) == "LayerSkip: Enabling Early Exit Inference and Self-Speculative Decoding"
    line = "We use vLLM. https://arxiv.org/abs/2309.06180"
    assert written_title(line, line.index("https"), len(line)) is None


def test_a_reference_section_is_one_part_and_a_posts_remarks_stay_under_it():
    """t104/t106: a note's `## 五、参考资料` or `== See also ==` list is one part (its entries are the note's
    references, not topics each); copied posts (`@用户 · 6月5日`) with the reader's `> 我：…` under each split at the
    posts, not at the remarks."""
    blog = (f"# 【投机解码】上手 EAGLE-3\n\n## 一、为什么\n\nEAGLE-3（arXiv:{EAGLE}）去掉了特征回归损失。\n\n## 五、参考资料\n\n"
            f"- EAGLE-3 论文 https://arxiv.org/abs/{EAGLE}\n- LayerSkip. https://arxiv.org/abs/{MEDUSA}\n- vLLM 文档 https://arxiv.org/abs/{H2O}\n")
    got, _parts = _items(blog)
    assert [ln for ln, _w in got] == [3, 7]
    posts = ("微博摘录 · 乔宇整理\n\n---\n\n@推理加速小组 · 6月5日\n#投机解码# EAGLE-3 在 8B 上 4.4×。\n> 我：和活文档一致。\n\n"
             f"@阿杰在调参 · 6月5日\n4.4 倍？？//@张三: 没错 arXiv:{EAGLE}\n> 我：同一个数被转了三遍。\n\n"
             f"@读论文的猫 · 6月7日\n新论文 arXiv:{MEDUSA}\n> 我：无内容。\n")
    got, _parts = _items(posts)
    assert [ln for ln, _w in got] == [5, 9, 13]


def test_a_name_before_an_identifier_loses_a_leading_preposition_only():
    """`on FastServe (…` names FastServe and `than Sarathi-Serve (…` Sarathi-Serve; `3x lower TTFT (…`, `in FP8 (…` and
    `with LLMs (…` name nothing (a plain word and what it says; no compound name is left once it goes), so no work is
    named `TTFT`, `FP8` or `LLMs`, nor `lower TTFT`."""
    from ingest.notes import alias_before

    for line, name in (("reading group on FastServe (2305.05920)", "FastServe"), ("faster than Sarathi-Serve (2403.02310)", "Sarathi-Serve"),
                       ("3x lower TTFT (2308.16369)", None), ("runs P·V in FP8 (2411.10958)", None),
                       ("serving with LLMs (2308.16369)", None)):
        assert alias_before(line, line.index("(") + 1) == name


def test_a_notes_links_and_tags_lines_are_no_statements():
    """The fresh user's t101 finding: a Zettelkasten note's `links: [[…]]` and `tags: #…` lines (fields written without
    front matter) are metadata, not key points; its `source:` line still says how it was read."""
    text = ("# 202706011432 tiered kv\n\nsource: CachedAttention, arxiv.org/abs/2403.19708 (full text)\nlinks: [[202706011410]]\n"
            "tags: #kv #offload\n\nThe tier a block sits in should follow when it is needed next.\n")
    parts, _ = parse_note(text, "inbox/mei/202706011432 tiered kv.md")
    assert [(c.line, c.role) for c in parts["claims"] if c.line in (3, 4, 5)] == [(3, "statement"), (4, "metadata"), (5, "metadata")]
