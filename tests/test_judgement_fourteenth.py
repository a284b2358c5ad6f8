"""The fourteenth stop's rules (blind shifts t143-t146), each pinned on a small inline text (docs/FORMAT.md,
"Fourteenth stop" paragraph)."""
from __future__ import annotations


def _items(text: str, path: str = "inbox/a/n.md"):
    from ingest.notes import parse_note

    parts, _w = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]]


DENDRON = """---
id: r8c1n6x2v0b9m3k7j5h4g2f1
title: Duoattention
updated: 1817381100731
---

# DuoAttention

- paper: https://arxiv.org/pdf/2410.10819v2.pdf · ICLR 2025
- related: [[papers.attention.retrieval-heads]] (2404.15574), [[papers.attention.streamingllm]]
- how far I got: abstract and Fig. 1

## idea
- heads split into retrieval heads and streaming heads

## numbers (abstract)
- decoding up to 2.18x (MHA)

## where it goes
- 2.4 in the living doc
"""


def test_a_head_of_fields_under_the_title_is_the_notes_metadata():
    """t145: "- paper: <link>" / "- related: … (ID)" bullets under the title are the note's fields, not topics; the
    related work is a mention, so the note is one item about its paper. A list of works under the title stays topics."""
    assert _items(DENDRON) == [(1, ("2410.10819",))]
    topics = DENDRON.replace("- paper: https://arxiv.org/pdf/2410.10819v2.pdf · ICLR 2025", "- SnapKV (arXiv:2404.14469): pruning")
    assert (9, ("2404.14469",)) in _items(topics)


def test_a_dotted_name_does_not_end_a_comparison():
    """The dot inside a wikilink name ("papers.attention.x") is no sentence end: the work after it is still compared."""
    from ingest.structure import works_in

    assert works_in("see also: [[papers.attention.retrieval-heads]] (2404.15574) for the heads") == ([], ["2404.15574"])


VIDEO = """# B站视频笔记：MoE 推理

说明：没有前缀的行都是 UP 主口播；「我：」开头的是我自己的批注。

## P1 MoE 基础回顾（00:00–18:40）
[02:15] GShard（arXiv 2006.16668）top-2 路由。
[06:48] Switch（2101.03961）改成 top-1。
我：入门内容，略过。

## P2 Prism-MoE（18:40–47:05）
[19:02] 新论文 Prism-MoE，arxiv.org/abs/2604.01876v1 ，两个池乒乓。
[23:10] 和 MegaScale-Infer（2504.02263）思路很像。
"""


def test_a_recordings_part_named_by_its_span_is_one_topic():
    """t144: "## P1 …（00:00–18:40）" over stamped lines: one topic about both works its lines bring, not a topic per
    stamp; "和 X 思路很像" compares with X."""
    assert _items(VIDEO) == [(5, ("2006.16668", "2101.03961")), (10, ("2604.01876",))]


PLANET = """# 知识星球导出

> 搬运人：李强。帖子里的数字都是星主自己说的。

---

**星主 周远山** · 2027-08-02 22:41

挑三篇聊聊，都只过了摘要。

1️⃣ Prism-MoE（arXiv:2604.01876）
attention 和专家拆成两个池。

2️⃣ GateKeeper（10.48550/arXiv.2602.09381）
decode 时跳过低分专家。

👍 86

---

评论 (3)

阿飞：H800 的 NVLink 是 400 GB/s  👍 23

tokenizer_boy：Prism 在 V3 上 1.6× 算保守的  👍 5

小鹿：有人拼 Cursor 年费吗？  👍 0
"""


def test_keycap_numbered_papers_and_liked_comments_are_topics():
    """t144: paragraphs numbered 1️⃣ 2️⃣ are entries, each about its work; after the rule, "评论 (3)" opens comments, each
    (a name, a colon, words, its likes) a topic of its own, about the post's work it names by a short name ("Prism")."""
    assert _items(PLANET) == [(11, ("2604.01876",)), (14, ("2602.09381",)), (23, ()), (25, ("2604.01876",)), (27, ())]


def test_the_living_documents_citation_list_under_a_chinese_compound_heading():
    """t144: "## 参考论文" (and 引用论文, 参考资料列表) heads the citation list, as 参考文献 does."""
    from ingest.living_doc import parse_living_doc

    doc = parse_living_doc("# MoE\n\n## 一、背景\n正文。\n\n## 参考论文\n[1] Mixtral of Experts, arXiv:2401.04088, 2024\n")
    assert [c.arxiv_id for c in doc.citations] == ["2401.04088"]


DECK = """---
marp: true
---

# RotaGroup
## Calibration-free 4-bit weights

Dana, paper club
arxiv.org/abs/2606.01482 (v1)

---

## Recap

- GPTQ [2210.17323]: column-by-column rounding

---

## The idea

- Rotate each weight matrix with a Hadamard transform

---

## Speed

- Kernel is a fork of Marlin (2408.11743)

---

# Questions?
"""


def test_a_decks_cover_and_closing_slide_are_no_topics_and_its_slides_are_about_its_work():
    """t146: a Marp deck's cover (title, subtitle, link) is its head; "# Questions?" closes it; a slide naming no work, or
    only one it builds on ("a fork of Marlin (…)"), is about the work the title names and the cover links."""
    assert _items(DECK) == [(13, ("2210.17323",)), (19, ("2606.01482",)), (25, ("2606.01482",))]


CAPTIONS = """# captions — a talk on sparse attention
pasted 2027-08-04; [me: ...] lines are my remarks

0:00
hey everybody welcome back
0:10
first one is minference and the second one is head route
[me: minference = arxiv.org/abs/2407.02490 · head route = 2606.04417]
0:18
okay minference so the observation is that attention is sparse
0:46
up to six x faster prefill at one million tokens
8:12
before we go on a quick word from today's sponsor
8:16
use code context twenty at checkout
9:02
alright paper two head route
9:07
a tiny router for every head
"""


def test_an_auto_caption_transcript_splits_where_the_talk_moves():
    """t145: stamped caption lines split where a caption names the next paper ("okay minference so …", "alright paper two
    head route", the spoken form of a name equated with an identifier) or breaks for a sponsor; the agenda caption
    naming both papers is no move."""
    assert _items(CAPTIONS) == [(10, ("2407.02490",)), (14, ()), (18, ("2606.04417",))]


def test_a_name_equated_with_a_link_makes_the_next_equation_an_identifier():
    """"minference = arxiv.org/abs/… · head route = 2606.04417": a bare number after "=" on a line that equates a name with
    an arXiv link is an identifier; "ttft_ms=2310.41875" alone stays a value."""
    from ingest.arxiv import find_arxiv_ids

    assert [m.arxiv_id for m in find_arxiv_ids("[me: minference = arxiv.org/abs/2407.02490 · head route = 2606.04417]")] == \
        ["2407.02490", "2606.04417"]
    assert find_arxiv_ids("ttft_ms=2310.41875 on the run") == []


def test_via_a_source_is_a_mention_and_a_title_with_via_is_not():
    """t146: "via the LLaMA3 low-bit study (ID)" names where a number came from, a mention; "… via Speculative Decoding —
    arXiv:ID" is a title (s1)."""
    from ingest.structure import works_in

    assert works_in("GPTQ 6.50, via the LLaMA3 low-bit study (2404.14047) Table 1") == ([], ["2404.14047"])
    assert works_in("Fast Inference from Transformers via Speculative Decoding — arXiv:2211.17192") == (["2211.17192"], [])


REDDIT = """copied from r/LocalLLaMA (tom). Everything below is what redditors say.

RotaGroup: 4-bit Llama 3 with no calibration set at all?
u/quant_goblin · 14h · 212 points

New paper does a hadamard rotation and plain min-max per group.

> u/bf16_enjoyer · 13h · 97 points
> paper for the lazy: https://arxiv.org/abs/2606.01482v1 , results are table 2
>> u/quant_goblin · 12h · 41 points
>> fair

> u/marlin_fan · 11h · 64 points
> the reason it's fast is per-channel scales, no groups at all.

> u/gpu_poor · 10h · 55 points
> off topic but where are people finding 3090s under $600?

> u/ternary_when · 7h · 30 points
> wake me up when someone ships bitnet: arxiv 2402.17764
"""


def test_a_forum_thread_splits_at_its_top_level_comments():
    """t146: the post (its title over its author line) and each top-level comment with its nested replies are topics; the
    thread's paper (linked "paper for the lazy: …") is what the post and the comments naming no work are about; an
    off-topic comment is about none."""
    assert _items(REDDIT) == [(3, ("2606.01482",)), (8, ("2606.01482",)), (13, ("2606.01482",)), (16, ()), (19, ("2402.17764",))]


def test_a_plus_signed_score_is_a_difference_and_never_meets_the_score():
    """t146: "+0.27 ppl over FP16" is a difference from a baseline (direction ``delta``), so it is never compared with an
    absolute perplexity (6.41); "+38%" stays the gain it is."""
    from ingest.facts import find_figures

    got = [(q.raw, q.direction) for q in find_figures("Llama-3-8B W4A16 g128: +0.27 ppl over FP16, +38% over QServe")]
    assert got == [("0.27", "delta"), ("38%", None)]
    assert [q.direction for q in find_figures("Llama-3-8B W4A16 g128: 6.41 ppl")] == [None]


def test_an_identifier_first_entry_gives_its_title():
    """t145: "1. `2404.14469` Retrieval Head Mechanistically Explains …" writes the title after the identifier; a sentence
    after an identifier is no title."""
    from ingest.notes import written_title

    line = "1. `2404.14469` Retrieval Head Mechanistically Explains Long-Context Factuality"
    i = line.index("2404")
    assert written_title(line, i, i + 10) == "Retrieval Head Mechanistically Explains Long-Context Factuality"
    assert written_title("- 2404.14469 is what we cite here", 2, 12) is None


def test_qualifier_words_as_writers_use_them():
    """t144/t146: "在线动态重放置" is dynamic (动态 before 重放置); "也不做任何再训练" is training-free; "needs no calibration
    data" is calibration-free, against "calibrates on 128 samples"."""
    from ingest.facts import qualifier_sides as find_qualifiers

    assert "dynamic:dynamic" in find_qualifiers("ElasticEP：在线动态重放置，每 30 s 迁移热点专家")
    assert "training:training_free" in find_qualifiers("无需修改路由器，也不做任何再训练")
    assert "calibration:calibration_free" in find_qualifiers("AWQ needs no calibration data")
    assert "calibration:needs_calibration" in find_qualifiers("AWQ calibrates on 128 Pile samples")


def test_a_citation_list_of_bracketed_keys_one_record_a_line():
    """t149: "(ID) Title, Year" lines with no list marks and no blank lines are one record each: each its own title, and
    a work listed twice is a duplicate entry."""
    from ingest.living_doc import parse_living_doc

    doc = parse_living_doc("# D\n\n## 引用 / Citations\n"
                           "(2401.09670) DistServe: Disaggregating Prefill and Decoding for Goodput-optimized LLM Serving, 2024\n"
                           "(2311.18677v2) Splitwise: Efficient generative LLM inference using phase splitting, 2023\n"
                           "(2401.09670) DistServe: Disaggregating Prefill and Decoding for Goodput-optimized LLM Serving, 2024\n")
    assert [(c.line, c.arxiv_id, c.title) for c in doc.citations] == [
        (4, "2401.09670", "DistServe: Disaggregating Prefill and Decoding for Goodput-optimized LLM Serving"),
        (5, "2311.18677", "Splitwise: Efficient generative LLM inference using phase splitting"),
        (6, "2401.09670", "DistServe: Disaggregating Prefill and Decoding for Goodput-optimized LLM Serving")]
    assert [(e.line, e.line_end) for e in doc.entries if e.section == "引用-citations"] == [(4, 4), (5, 5), (6, 6)]


CANVAS = """# KVQ canvas (export)

exported from the canvas, links resolved at the bottom.

- [[KIVI]] — keys vs values, full re-read
\t- keys per-channel, values per-token
- [[SkewQ]] — new paper
\t- abstract and fig. 1 only so far
- canvas housekeeping
\t- red cards = contradicts the doc

## Links
- [[KIVI]] — https://arxiv.org/abs/2402.02750
- [[SkewQ]] — arXiv:2606.04417v1
"""


def test_an_outline_whose_wikilinks_a_links_footer_resolves():
    """t150: top-level bullets opening with a wikilink are topics about the work the "## Links" footer gives it, every
    other top-level bullet a topic too; the footer of wikilink definitions is no topic."""
    assert _items(CANVAS) == [(5, ("2402.02750",)), (7, ("2606.04417",)), (9, ())]


POSTERS = """# Poster walk

All hearsay from the presenters.

Poster #117 — ShuttleKV: Receiver-Driven KV-Cache Shuttling (Y. Tan)
- decode pulls KV with a credit window.
- arXiv 2607.11873 (the v2 has the TCP numbers). → II.3

Poster #121 — Elastic decode re-sharding after GPU failure (Chen)
- Builds on DéjàVu's KV streaming (https://arxiv.org/abs/2403.01876).
- No paper yet.

Poster #133 — PD-Bench: a trace-driven benchmark (Rao)
- Replays Mooncake (2407.00079) traces.
- presenter claims the setups swap rank past 16K.
- arxiv.org/abs/2608.02210v1 — benchmark reference.
"""


def test_a_poster_is_about_the_paper_a_point_gives_as_its_link():
    """t149: "Poster #N — Title" with its points is one topic, about the paper a point gives as its link; a work it builds
    on or replays is a mention, and a poster with no paper is about none."""
    assert _items(POSTERS) == [(5, ("2607.11873",)), (9, ()), (13, ("2608.02210",))]


DINGTALK = """# 钉钉群聊天记录导出

王磊 2027-08-09 10:42
早。昨晚在看 FA3 FP8 那部分的解读，有个数对不上：H100 SXM5、seqlen 16K 下知乎上说大概 960 TFLOPS，和知识库写的不一样

陈静 2027-08-09 10:55
论文摘要原话在 arxiv.org/abs/2407.08608 的摘要页，我对过了，和知识库的数一致，不用改。

赵敏 2027-08-09 11:12
测试机上那两张 H800 谁占着？我下午要跑 profiling，大概要用两个小时左右

孙浩 2027-08-09 15:03
POD-Attention 有人看过吗 arXiv:2410.1803 ，prefill 和 decode 的 CTA 按 SM 共置在同一个 kernel 里并发跑

孙浩 2027-08-09 15:04
少打了一位，是 2410.18038
"""


def test_a_chat_turns_to_a_new_question_after_a_pause_and_a_correction_stays_with_its_message():
    """t148: a question naming no work a quarter of an hour after the last message opens a topic; "少打了一位，是 <ID>" a
    minute after its writer's message keeps that message's topic (a "Name date time" header names the speaker)."""
    got = _items(DINGTALK)
    assert [ln for ln, _w in got] == [3, 6, 9, 12]
    assert got[-1] == (12, ("2410.18038",))


MINUTES = """# 读书会纪要

## 本期论文与分工

| 论文 | 认领人 | 进度 |
| --- | --- | --- |
| FlashAttention-3（arXiv:2407.08608） | 王磊 | 读完 |
| LiteFA（2607.04419） | 孙浩 | 全文通读 |
| SageAttention3（2505.11594） | 刘洋 | 仅看了摘要 |

## 讨论记录

**FlashAttention-3（王磊）**
数字与知识库一致，建议在 3.3 补 8K 数据点。

**LiteFA（孙浩）**
摘要与正文不一致，建议放进 3.3。

**SageAttention3（刘洋）**
只扫了 abstract，建议先挂在 3.6 下面。
"""


def test_a_minutes_discussion_paragraph_is_its_tables_rows_topic():
    """t148: under "## 讨论记录", a bold-headed paragraph per paper of the table above is that row's topic (its placement
    the row's), not a topic of its own."""
    from ingest.notes import parse_note

    parts, _w = parse_note(MINUTES, "inbox/a/n.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (7, ("2407.08608",), ("3.3",)), (8, ("2607.04419",), ("3.3",)), (9, ("2505.11594",), ("3.6",))]


def test_a_review_reply_stays_with_the_comment_it_answers_and_a_weekly_reports_issues_are_topics():
    """t147: "**jsaito** replied" under a review comment is part of that comment's thread; t149: the bullets under
    "## 问题 / Issues" and "## 下周计划 / Next week" are topics each."""
    review = ("PR #2291 review thread\n\n---\n\n**mhernandez** commented on line 42 of scheduler.py\n\n"
              "Sarathi-Serve (2403.02310) tunes the budget per SLO.\n\n**jsaito** replied\nApplied in 3f9c2e1.\n\n---\n\n"
              "**anbu** commented on line 88 of scheduler.py\n\nFastServe (arXiv:2305.05920) is non-preemptive.\n\n"
              "**jsaito** replied\nOK, leaving it.\n")
    assert [ln for ln, _w in _items(review)] == [5, 14]
    report = ("# 周报\n\n## 本周进展 / Progress\n\n1. **ShuttleKV** (arXiv:2607.11873) — 读了 v2 全文。\n\n## 问题 / Issues\n\n"
              "- 组里没有 RDMA 网卡，跨机只有 25GbE TCP。\n- vLLM 的 P2P NCCL connector 偶发 hang。\n\n## 下周计划 / Next week\n\n"
              "- 重跑 DistServe 对比。\n- 读 MemServe (https://arxiv.org/pdf/2406.17565.pdf)。\n- 写 related work 草稿。\n")
    assert [ln for ln, _w in _items(report)] == [3, 9, 10, 14, 15, 16]


def test_a_comparison_ends_after_the_works_it_lists():
    """A comparison's span ends after the work it names ("builds on vLLM [ID] and adds X [ID]": X is the subject), or
    after the works it lists joined by a coordinator ("compared with A (ID) and B (ID)", "相比 A（ID）和 B（ID）")."""
    from ingest.structure import works_in

    assert works_in("It builds on vLLM [2309.06180] and adds Medusa [2401.10774]") == (["2401.10774"], ["2309.06180"])
    assert works_in("Compared with Medusa (2401.10774) and EAGLE (2401.15077), we win") == (
        [], ["2401.10774", "2401.15077"])
    assert works_in("相比 Medusa（2401.10774）和 EAGLE（2401.15077），我们更快") == ([], ["2401.10774", "2401.15077"])
