"""The thirty-fourth stop's readings (docs/FORMAT.md §5.3, §6, §8, "Thirty-fourth stop"): what the blind rounds t343-t346
and t347-t350 showed missing, each written here on a subject of our own so that no shift's words are matched.

* Chats and logs: an IRC log's lines are turns of their own; "re X btw:" turns the talk.
* Structure: a long review before a short list of remarks is a topic; "【划线】"/"【想法】" label parts of one reading; a code
  review's "Line 88:" anchors open threads; a TiddlyWiki record opens at its title field; "其他" gives its entries; a deck
  exported as text is read slide by slide; "Q (Lin):" asks; a mailing-list reply bringing a work of its own is a topic; a
  plain-text newsletter's banners are its sections; a CSV cell may run over two lines; an alert's first hit is a hit.
* Titles and references: a link card's "Title | URL"; a surname-initial-year key ("[ShengY24]"); full-width "［8］".
* Figures: a baseline's own figure is none of the work's; a figure beside the next under another setting takes its hardware;
  degrees of two parallel dimensions are no two values of one; "不能直接和论文比" says no comparison.
* Negation: "和 X 不同：" sets X apart; a denial after 把 denies the verb that moves its object.
"""
from __future__ import annotations

from datetime import timezone
from pathlib import Path

from conftest import finding_places


def _items(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, kind)
    return [(i.line, i.works) for i in parts["items"]]


def _claims(text: str, path: str = "inbox/ana/note.md"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, "note")
    return [(c.line, c.text) for c in parts["claims"]]


# --- chats and logs -----------------------------------------------------------------------------------------------------

_IRC = """--- Log opened Tue Apr 03 10:00:00 2029
10:01 <ana> anyone read the TideKV preprint? arxiv.org/abs/2607.11408
10:02 <bo> only the abstract, on the train
10:02 * bo goes to find coffee
10:03 <ana> re flashdecode btw: the 2.1x figure is for batch 1 only
--- Log closed Tue Apr 03 10:30:00 2029
"""


def test_irc_log_lines_are_turns_of_their_own():
    got = [line for line, _t in _claims(_IRC)]
    assert [2, 3, 4, 5] == [x for x in got if 2 <= x <= 5], got  # one statement a line, not one paragraph
    assert all("<bo>" not in t or t.startswith("10:02 <bo>") for _ln, t in _claims(_IRC))


def test_re_name_btw_turns_the_talk():
    from ingest.structure import _TOPIC_SHIFT

    assert _TOPIC_SHIFT.match("re flashdecode btw: the 2.1x figure is for batch 1 only")
    assert _TOPIC_SHIFT.match("re the TideKV thing: it is lossy")
    assert not _TOPIC_SHIFT.match("reran it on the H100, same numbers")


# --- structure ----------------------------------------------------------------------------------------------------------

_REVIEW = """Workshop review form, submission #77 (reviewer: ana)
Title: TideKV: Tiered KV Offload for Long Contexts
Preprint used: arXiv:2607.11408v2

Summary
The paper offloads cold KV blocks to host memory and prefetches them one layer ahead.
It reports 1.8x decode throughput over full-GPU caching at 128K context on one H100.

Strengths
S1. Clear cost model for the prefetch window.
S2. Artifact released.

Weaknesses
W1. Only one model size.
W2. No comparison with an NVMe tier.

Score: 6 (weak accept)

---- private ----
- If accepted, it goes in our offload section.
- FlexGen (2303.06865) is in our text but not in the reference list.
"""


def test_a_long_review_before_a_short_list_of_remarks_is_the_first_topic():
    got = _items(_REVIEW)
    assert got[0] == (1, ("2607.11408",)), got
    assert (21, ("2303.06865",)) in got


_HIGHLIGHTS = """# 划线导出：《长上下文推理怎么选》

来源：公众号转载，整篇是二手转述。

## 01 分页：PagedAttention 之后

【划线】vLLM（arXiv 2309.06180）把 KV cache 分页，吞吐提升两到四倍。
【想法】老生常谈，不用动。

## 02 Kernel：FlashAttention-3

【划线】FA3（arXiv 2407.08608）在 H100 上比 FA2 快 1.5–2.0 倍。
【想法】查过摘要，确实是这几个数。
"""


def test_highlight_and_thought_labels_are_parts_of_one_reading():
    assert _items(_HIGHLIGHTS) == [(5, ("2309.06180",)), (10, ("2407.08608",))]


_GERRIT = """Review of change 48213 pasted from Gerrit.

Patch Set 2

File serving/offload.py

Line 31:
    recv_buf = torch.empty(n, d)
ana: nit: preallocate this once per rank.

Line 88:
    out = self._prefetch(layer + 1)
bo: this is the TideKV (arXiv:2607.11408) one-layer-ahead prefetch, fine by me.

Patch Set 2: Code-Review+1
"""


def test_a_code_reviews_line_anchors_open_its_threads():
    got = _items(_GERRIT)
    assert [line for line, _w in got] == [7, 11], got
    assert got[1][1] == ("2607.11408",)


_TIDDLERS = """Two tiddlers exported from my TiddlyWiki, joined with ---- lines.

created: 20290401093015000
modified: 20290403221840000
tags: offload
title: TideKV (2607.11408)

! TideKV: tiered KV offload

* prefetches one layer ahead
* read the whole paper

----

created: 20290402101244000
tags: kernels
title: FlashDecoding (2311.01282)

! FlashDecoding

* splits the KV sequence across blocks
"""


def test_a_wiki_record_opens_at_its_title_field():
    assert _items(_TIDDLERS) == [(6, ("2607.11408",)), (17, ("2311.01282",))]


_MINUTES = """# 推理组周会

## 议题一：卸载方案

- 先用 TideKV（arXiv:2607.11408）做基线。

## 议题二：其他

- 机房周六停电，压测顺延。
- FlashDecoding（arXiv:2311.01282）的 split-KV 可以补进 2.1。
"""


def test_an_other_business_heading_gives_its_entries():
    assert _items(_MINUTES) == [(3, ("2607.11408",)), (9, ()), (10, ("2311.01282",))]


_DECK = """tiered-kv-talk.key exported as text. Speaker: ana

--- Slide 1 ---
Why offload at all
• 128K context of a 70B model does not fit one GPU
Notes:
Same arithmetic as our doc.

--- Slide 2 ---
TideKV (1/2): the idea
• cold blocks go to host memory, prefetched one layer ahead
Notes:
Read it end to end.

--- Slide 3 ---
References
[1] TideKV: Tiered KV Offload for Long Contexts. arXiv:2607.11408
"""


def test_a_deck_exported_as_text_is_read_slide_by_slide():
    from ingest.markup import as_markdown

    text = as_markdown(_DECK, "inbox/ana/deck.md")
    lines = text.split("\n")
    assert lines[2] == "## Why offload at all" and lines[3] == ""
    assert lines[8] == "## TideKV (1/2): the idea"
    assert [line for line, _w in _items(_DECK)][:2] == [3, 9]


_QA = """Reading group Q&A, typed live by ana

Q (Bo): does TideKV need a custom attention kernel?
A (Cy): no, it reuses the stock paged kernels.

Q (Dee): what about FlashDecoding (arXiv:2311.01282) at batch 1?
A (Cy): 2.1x over the default split, from the paper's table.

Q (Bo): can we get a bigger room next time?
A (Ana): booked.
"""


def test_a_question_with_its_askers_name_opens_a_topic():
    assert [line for line, _w in _items(_QA)] == [3, 6, 9]


_THREAD = """[kv-list] tiered offload (thread, 3 messages)

From: Ana Li <ana at example.org>
Date: Tue, 3 Apr 2029 09:14:02 +0200
Subject: [kv-list] tiered offload

Has anyone read TideKV (arxiv.org/abs/2607.11408v1)? I read it end to end. It prefetches
one layer ahead and reports 1.8x decode throughput at 128K.

--
Ana

From: Bo Chen <bo at example.org>
Date: Wed, 4 Apr 2029 10:01:00 +0800
Subject: Re: [kv-list] tiered offload

On Tue, 3 Apr 2029, Ana Li wrote:
> Has anyone read TideKV (arxiv.org/abs/2607.11408v1)?

The fair comparison is FlexGen (2303.06865), which also offloads to host memory.
I went through its evaluation section last night.

Bo
"""


def test_a_replys_first_paragraph_that_brings_its_own_work_is_a_topic():
    got = _items(_THREAD)
    assert (7, ("2607.11408",)) in got
    assert any(line == 20 and works == ("2303.06865",) for line, works in got), got


_NEWSLETTER = """Ana > forwarding this week's issue; everything below is the newsletter's own summary.

======================================
KV WEEKLY  ·  issue #12
======================================

IN BRIEF

- TideKV (arXiv:2607.11408) claims 1.8x decode throughput from tiered offload.
- FlashDecoding (arXiv:2311.01282) gets a new split heuristic.

======================================
DEEP DIVE: prefetching one layer ahead
======================================
The deep dive is about PrefetchKV [1], which overlaps the host-to-device copy with the layer before.

======================================
SPONSORED
======================================
RocketCloud serves everything 5x faster. Book a demo.

[1] https://arxiv.org/abs/2608.01234
"""


def test_a_plain_text_newsletters_banners_are_its_sections():
    got = [line for line, _w in _items(_NEWSLETTER)]
    assert got == [9, 10, 13, 18], got


_CSV = """Name,arXiv,Status,Notes
TideKV,2607.11408,To triage,"Only the abstract. Claims 1.8x decode throughput.
Home: 2.1, next to FlexGen."
FlexGen,2303.06865,Cited,"already in the doc"
FlashDecoding,2311.01282,Cited,"nothing to add"
"""


def test_a_csv_cell_quoted_over_two_lines_keeps_its_row():
    assert _items(_CSV) == [(2, ("2607.11408",)), (4, ("2303.06865",)), (5, ("2311.01282",))]


_ALERT = """Fwd: Scholar Alert: [ "kv offload" ]

Only the two-line snippets below, no PDF opened. -- ana

---------- Forwarded message ---------
From: Google Scholar Alerts <scholaralerts-noreply@google.com>
Subject: Scholar Alert: [ "kv offload" ]

[PDF] TideKV: Tiered KV Offload for Long Contexts
A Li, B Chen - arXiv preprint arXiv:2607.11408, 2026
... cold KV blocks are offloaded to host memory and prefetched one layer ahead ...
>> the card says lossless; this snippet says it drops blocks. Someone should read it.

[PDF] PrefetchKV: Overlapping Host Copies with Decoding
C Wu, D Park - arXiv preprint arXiv:2608.01234, 2026
... overlaps the host-to-device copy with the previous layer ...

[HTML] RingForest: Ring Attention for Remote Sensing
E Sun - Remote Sensing, 2026
... unrelated keyword hit ...
"""


def test_an_alerts_first_hit_is_a_hit_even_when_a_remark_follows_it():
    got = _items(_ALERT)
    assert [line for line, _w in got] == [9, 14, 18], got
    assert got[0][1] == ("2607.11408",)


def test_a_reading_apps_chapter_with_a_long_title_is_a_chapter():
    from ingest.markup import as_markdown

    text = ("《推理论文合订本》\n李雪 导入\n3个笔记\n\n◆ 第1章 前言\n\n>> 只收系统方向。\n\n"
            "◆ 第3章 MegaBlocks: Efficient Sparse Training with Mixture-of-Experts and a Very Long Subtitle Here（arXiv 2211.15841）\n\n"
            ">> block-sparse kernels.\n\n◆ 第5章 Another Chapter\n\n>> x\n")
    lines = as_markdown(text, "inbox/ana/book.md").split("\n")
    assert lines[8].startswith("#") and "MegaBlocks" in lines[8]


# --- titles and references ------------------------------------------------------------------------------------------------

def test_a_link_cards_title_is_the_title_written_for_its_identifier():
    from ingest.notes import parse_note

    text = "群聊导出\n\n张伟：[链接] Tiered KV Offload for Long Contexts | arxiv.org/abs/2607.11408\n李静：这个链接对吗？\n"
    parts, _w = parse_note(text, "inbox/ana/chat.md", "note")
    assert [(r.arxiv_id, r.title) for r in parts["arxiv"]] == [("2607.11408", "Tiered KV Offload for Long Contexts")]


def test_a_surname_initial_year_key_and_a_full_width_number_resolve_in_a_living_document():
    from ingest.living import parse_living_source

    doc = ("# Serving\n\n## 5 Fairness\n\n- The Virtual Token Counter of [ShengY24] is work-conserving.\n"
           "- Fiddler［8］runs cold experts on the CPU.\n\n## References\n\n"
           "[ShengY24] Ying Sheng et al. Fairness in Serving Large Language Models. arXiv:2401.00588\n"
           "［8］Kamahori et al. Fiddler: CPU-GPU Orchestration for Fast Inference of MoE Models. arXiv:2402.07033\n")
    fields, _w = parse_living_source(doc, "organized/knowledge/serving.md", tz=timezone.utc)
    subjects = {c.line: c.subjects for c in fields["claims"] if c.role != "citation"}
    assert subjects[5] == ("2401.00588",) and subjects[6] == ("2402.07033",)


def test_one_link_card_quoted_again_is_no_table_whose_titles_slid(tmp_path: Path):
    doc = ("# Reasoning\n\n## 14 Early exit\n\n- NoThink (arXiv:2504.09858) skips the thinking.\n\n## References\n\n"
           "- arXiv:2504.09858 — Reasoning Models Can Be Effective Without Thinking\n")
    chat = ("群聊导出\n\n张伟：[链接] Dynamic Early Exit in Reasoning Models | arxiv.org/abs/2504.09858\n"
            "李静：「Dynamic Early Exit in Reasoning Models | arxiv.org/abs/2504.09858」标题和链接对不上吧？这个号是"
            "（Reasoning Models Can Be Effective Without Thinking）\n")
    places = finding_places(tmp_path, {"organized/knowledge/reasoning.md": doc, "inbox/ana/chat.md": chat})
    assert ("title", "arXiv:2504.09858", ["chat.md:3", "reasoning.md:9"]) in places, places


# --- figures ---------------------------------------------------------------------------------------------------------------

def test_a_baselines_own_figure_is_none_of_the_works():
    from queries.contradictions import _baselines_figure

    assert _baselines_figure("fyi tidekv's plain AR baseline only held ~9.4 tok/s on the pixel", "9.4 tok/s")
    assert _baselines_figure("基线只有 9.4 tok/s", "9.4 tok/s")
    assert not _baselines_figure("TideKV reaches 15.8 tok/s over a baseline of 9.4 tok/s", "15.8 tok/s")


def test_a_figure_beside_the_next_under_another_setting_takes_its_hardware():
    from ingest.facts import find_figures

    got = [(q.value, [c for c in q.conditions if c.startswith("hw:")]) for q in
           find_figures("TideKV decodes a 3B model at 30 tokens/s on one core and 71 tokens/s on eight cores of an M2-Ultra.")]
    assert got == [(30.0, ["hw:m2ultra"]), (71.0, ["hw:m2ultra"])]


def test_degrees_of_two_parallel_dimensions_are_no_two_values_of_one():
    from queries.contradictions import _values_differ

    assert not _values_differ({"par": {"tp=8"}}, {"par": {"cp=16"}}, "par")
    assert _values_differ({"par": {"cp=8"}}, {"par": {"cp=16"}}, "par")
    assert _values_differ({"par": {"ep8"}}, {"par": {"ep64"}}, "par")


def test_a_writer_saying_a_figure_is_no_comparison():
    from queries.contradictions import _NOT_COMPARABLE

    assert _NOT_COMPARABLE.search("上面 88.6 s 不能直接和论文比，只用来看趋势")
    assert _NOT_COMPARABLE.search("这个数别拿来跟原文比")
    assert not _NOT_COMPARABLE.search("比论文快 1.2 倍")


# --- negation ------------------------------------------------------------------------------------------------------------

def test_a_denial_after_ba_denies_the_verb_that_moves_its_object():
    from queries.contradictions import _denied_act

    assert _denied_act("把专家权重搬上 GPU") == "搬上"
    assert _denied_act("把激活送到 CPU") == "送到"
    assert _denied_act("扩展模型的上下文窗口") == "扩展"


def test_a_work_set_apart_at_the_opening_is_not_what_is_denied(tmp_path: Path):
    doc = ("# MoE\n\n## 17 Offload\n\n### 17.2 Prefetch\n\n"
           "- Pre-gated MoE (arXiv:2308.12066) changes the model structure so the gate predicts the next layer's experts.\n")
    note = ("# TideMoE\n\n## TideMoE (arXiv:2607.11408)\n\n"
            "- 和 [[Pre-gated MoE]]（arXiv:2308.12066）不同：不改模型结构，只训练一个很小的 probe。\n")
    places = finding_places(tmp_path, {"organized/knowledge/moe.md": doc, "inbox/ana/tide.md": note})
    assert not any(p[1] == "arXiv:2308.12066" for p in places), places


def test_two_statements_that_both_deny_moving_experts_agree(tmp_path: Path):
    doc = ("# MoE\n\n## 17 Offload\n\n### 17.2 CPU\n\n"
           "- Fiddler（arXiv:2402.07033）：不把专家权重搬上 GPU，而是把激活送到 CPU 直接算冷门专家。\n")
    card = ("# Fiddler\n\n- arXiv: 2402.07033\n- 冷门专家不往 GPU 上搬，而是把激活送到 CPU 直接算；热门专家常驻 GPU。\n")
    places = finding_places(tmp_path, {"organized/knowledge/moe.md": doc, "organized/paper_cards/0731-2402-07033.md": card})
    assert places == [], places


# --- reStructuredText and evidence in more words ----------------------------------------------------------------------------

_RST_PAGE = """KV tiering
==========

Reading list
------------

.. list-table:: Tiering papers
   :header-rows: 1

   * - arXiv
     - Title
     - Read
   * - 2607.11408
     - TideKV: Tiered KV Offload for Long Contexts
     - full
   * - 2303.06865
     - FlexGen: High-Throughput Generative Inference of Large Language Models with a Single GPU
     - abs

.. note::
   TideKV is the one to add. File it under :ref:`kvdoc-13-2`.
"""


def test_a_rest_list_table_is_a_table_and_its_note_naming_a_row_is_that_rows():
    from ingest.notes import parse_note

    assert _items(_RST_PAGE, "inbox/ana/wiki.md")[:2] == [(13, ("2607.11408",)), (16, ("2303.06865",))]
    parts, _w = parse_note(_RST_PAGE, "inbox/ana/wiki.md", "note")
    note = next(c for c in parts["claims"] if "File it under" in c.text)
    assert note.suggested_sections == ("13.2",) and note.item == parts["items"][0].index


def test_a_rest_reference_to_a_numbered_label_names_its_section():
    from ingest.markup import _inline

    assert _inline("File it under :ref:`kvdoc-13-2`.") == "File it under §13.2."
    assert _inline("see :ref:`the offload part <sec-13-2>`") == "see the offload part (§13.2)"
    assert _inline("see :ref:`install`") == "see install"


def test_reading_depth_in_more_words():
    from conftest import evidence_levels

    assert evidence_levels("source: abstract plus the on-device model overview; rest of the PDF not read.") == ("abstract_checked",)
    assert evidence_levels("I went back through its evaluation section last night.") == ("full_text",)


_QA_PAGE = """(pasted from a Q&A site by ana; nothing here checked against the papers)

Why is decode so much slower than prefill on my phone NPU?
Asked 3 days ago · Viewed 2,318 times

I run a 7B model in W4A16 and decode is ten times slower per token than prefill.

---

Answer (score 41, accepted) — bandwidth_fan

Decode is memory-bound; see TideKV (arXiv:2607.11408) for the prefill/decode split.

  Nice answer. – someone 2 days ago

Answer (score 3) — cpu_fan

Skip the NPU for decode.
"""


def test_a_qa_pages_question_and_each_answer_are_topics():
    assert _items(_QA_PAGE) == [(3, ()), (10, ("2607.11408",)), (16, ())]


# --- the fourth round's readings (t351-t354) ---------------------------------------------------------------------------------

_HN = """> pasted from HN by ana, skimmed only.

Ask HN: How do you keep GPU serving costs sane?
412 points by someone 9 hours ago | hide | past | favorite | 187 comments

We serve 8B and 70B models with bursty traffic.

fsck_the_bill 8 hours ago | next [–]

We stream weights from object storage, see TideKV (arXiv:2607.11408).

  lambda_lurker 8 hours ago | parent | next [–]

  Warm pools are the part nobody advertises.

throwaway 5 hours ago [flagged] | next [–]

Get a real job.
"""


def test_a_hacker_news_thread_copied_without_vote_arrows():
    got = _items(_HN)
    assert [line for line, _w in got] == [3, 8, 16], got
    assert got[1][1] == ("2607.11408",)


_MEMO = """Voice memo, walking back from the tour. Auto-transcribed, not cleaned up.

Okay so, um, a few things. First the spot stuff, the TideKV paper everyone talks about.

Um, second thing, the colo itself has rear-door heat exchangers.

Third, cold start. The loader came up in twenty-two seconds.

And, uh, last thing, remind me to renew the reservation.
"""


def test_a_voice_memo_counting_its_topics_aloud():
    assert [line for line, _w in _items(_MEMO)] == [3, 5, 7, 9]


def test_a_setting_in_brackets_after_the_baselines_name_is_the_baselines():
    from ingest.facts import find_figures

    got = [(q.raw, q.conditions) for q in find_figures("decode，batch=64：吞吐相对 Marlin（W4A16）为 1.3x")]
    assert got == [("1.3x", ("base:marlin", "batch:64", "phase:decode"))]


def test_training_a_part_out_is_a_training():
    from ingest.facts import facts_of

    assert "+train:" in facts_of("不过 TideKV 不是白拿的，得先在校准集上把旋转矩阵训出来").predicates


def test_confluence_code_macros_left_in_a_markdown_export_are_code():
    from ingest.markup import as_markdown

    text = "# Design\n\n## 1. Baseline\n\n{code:python}\n# not a heading\nx = 1\n{code}\n\n## 2. Plan\n"
    lines = as_markdown(text, "inbox/ana/page.md").split("\n")
    assert lines[4] == lines[7] == "```"
    assert [line for line, _w in _items(text)] == [3, 10]


def test_a_finding_names_the_line_of_a_wrapped_entry_that_says_it(tmp_path: Path):
    """A living document's entry wrapped over four lines: the finding names the line with the figure and quotes its
    sentence, not the entry's first line."""
    doc = ("# Serving\n\n## 15 SLOs\n\n"
           "- TideKV (arXiv:2607.11408) puts prediction-based early rejection in its scheduler: under overload,\n"
           "  requests that would miss their SLO are refused before prefill instead of after, so no prefill\n"
           "  compute is spent on requests that end up dropped. Reported: up to 5x throughput in simulation;\n"
           "  75% more requests handled under real workloads.\n")
    note = "# IRC\n\n10:06 <mo> re tidekv btw: someone said TideKV (2607.11408) handles 57% more requests on real traffic\n"
    found = [f for f in __import__("conftest").contradictions_of(tmp_path, {"organized/knowledge/s.md": doc, "inbox/mo/irc.md": note})
             if f.kind == "number"]
    assert len(found) == 1
    side = found[0].a if found[0].a.source.endswith("s.md") else found[0].b
    assert (side.line, side.line_end) == (8, 8), side
    assert side.text.startswith("Reported:") or side.text.startswith("75%"), side.text


def test_a_quotation_keeps_where_each_line_of_a_wrapped_statement_begins():
    from ingest.claims import line_starts

    text = "TideKV puts early rejection in its scheduler: under overload, requests are refused."
    assert line_starts(text, ["- TideKV puts early rejection in its scheduler: under overload,", "  requests are refused."]) == (62,)
    assert line_starts(text, ["one line only"]) == ()
    assert line_starts(text, ["- TideKV …", "  something rewritten"]) == ()


def test_a_qualifier_sides_words_are_the_lexicons_one_pattern():
    from ingest.facts import qualifier_sides, side_pattern

    pat = side_pattern("training", "training_free")
    assert pat is not None and pat.search("it is training-free") and "training:training_free" in qualifier_sides("it is training-free")
    assert side_pattern("training", "no_such_side") is None and side_pattern("no_such_aspect", "x") is None
