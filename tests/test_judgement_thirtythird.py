"""The thirty-third stop's readings (docs/FORMAT.md §5.3, §6, §8, "Thirty-third stop"): what the blind round t335-t338 showed
missing, each written here on a subject of our own so that no shift's words are matched.

* Ratios in words are figures: "twice the size of the DRAM", "提升两倍", "翻倍"; "read it twice" and "3 times per layer"
  are counts.  A ratio of a memory's size is a memory figure, not a speed-up.
* "on GPU" / "on CPU" is a figure's device; a figure written beside another under another device takes its measure.
* Chat exports: Slack's "↳" replies and a Discord reply quoting the message it answers are turns; a line under a turn's
  header is the message, not a heading; "unrelated but …" opens a topic; "说到…" turns the talk.
* A mail's own numbered points are topics in a forwarded chain too.
* A quoted line that repeats a message above is no statement; a field line of a living document's header is about no work.
* Evidence in more words: "per Mei," at a sentence's start, a quoted label defined in a legend ('"said:" is what the
  presenter told me'), "checked this one in the paper itself", "只根据 abstract 写的", "从…slides 上抄来的".
"""
from __future__ import annotations

from pathlib import Path

from conftest import evidence_levels, finding_places


def _figures(text: str):
    from ingest.facts import find_figures

    return [(q.value, q.unit, q.metric) for q in find_figures(text)]


# --- figures ----------------------------------------------------------------------------------------------------------

def test_ratios_written_in_words_are_figures():
    assert _figures("TideKV serves models up to twice the size of the phone's DRAM.") == [(2.0, "x", "memory")]
    assert _figures("TideKV runs twice as fast as the llama.cpp baseline.") == [(2.0, "x", "speedup")]
    assert _figures("TideKV 的吞吐提升两倍。") == [(2.0, "x", "throughput")]
    assert _figures("TideKV 把吞吐提升了一倍。") == [(2.0, "x", "throughput")]
    assert _figures("开了 TideKV 以后吞吐翻倍。") == [(2.0, "x", "throughput")]
    assert _figures("TideKV decodes three times faster than the baseline.") == [(3.0, "x", "speedup")]


def test_counts_written_with_twice_or_times_are_no_ratios():
    assert _figures("I read the TideKV appendix twice, nothing new.") == []
    assert _figures("The dequant kernel is launched 3 times per layer.") == []
    assert _figures("The benchmark crashed 4 times in a row on the old driver.") == []
    assert _figures("一倍的差距说明不了什么") == []


def test_a_device_is_a_condition_and_the_second_figure_takes_the_first_ones_measure():
    from ingest.facts import find_figures

    got = [(q.value, q.metric, q.direction, q.conditions) for q in
           find_figures("TideKV cuts TTFT by 5× on GPU and 40× on CPU.")]
    assert got == [(5.0, "latency", "down", ("device:gpu", "latkind:ttft")),
                   (40.0, "latency", "down", ("device:cpu", "latkind:ttft"))]


def test_a_share_of_tokens_is_one_measure_whatever_verb_follows():
    from ingest.facts import find_figures

    a = find_figures("About 12% of tokens are recomputed per layer.")
    b = find_figures("it only recomputes ~4% of the tokens per layer")
    assert [q.metric for q in a] == [q.metric for q in b] == ["share:token"]


def test_a_kv_cache_cut_is_a_compression_figure():
    assert _figures("相对 MHA 基线，KV cache 减少 87.5%。") == [(87.5, "%", "compression")]
    assert _figures("TideKV reduces the KV cache by 87.5%.") == [(87.5, "%", "compression")]
    assert _figures("The KV cache hit rate is 60%.") == [(60.0, "%", "hit_rate")]


def test_the_memory_ratio_and_the_speedups_of_one_line_are_not_compared(tmp_path: Path):
    doc = ("# Edge\n\n## 2 Offload\n\n### 2.1 Flash\n\n"
           "- TideKV (arXiv:2607.11408) runs models up to twice the DRAM size, 4-5x faster on CPU and 20-25x on GPU.\n")
    card = "# TideKV\n\n- arXiv: 2607.11408\n- Headline: runs models up to 2× the DRAM size; 4-5x faster than naive loading on CPU.\n"
    assert finding_places(tmp_path, {"organized/knowledge/edge.md": doc, "organized/paper_cards/0001-2607-11408.md": card}) == []


def test_a_figure_over_another_baseline_beside_the_agreeing_one(tmp_path: Path):
    """"5.3x, twice as fast as SpinDraft-1" against "5.3x": the second figure is over another baseline."""
    doc = "# Spec\n\n## 4 Drafting\n\n### 4.1 Heads\n\n- SpinDraft-2 (arXiv:2607.20011) drafts with two heads.\n"
    a = "# Video notes\n\n- SpinDraft-2 (2607.20011): 加速 5.3 倍，比 SpinDraft-1 快了一倍多。\n"
    b = "# Chat\n\n- SpinDraft-2 (2607.20011) 那个 5.3 倍我核过了，MT-Bench 上就是这个数。\n"
    places = finding_places(tmp_path, {"organized/knowledge/spec.md": doc, "inbox/ana/a.md": a, "inbox/bo/b.md": b})
    assert [p for p in places if p[0] == "number"] == []


# --- predicates --------------------------------------------------------------------------------------------------------

def test_caching_as_a_verb_in_both_languages():
    from ingest.facts import predicates

    assert predicates("TideKV does not cache any decoder-side KV.") == ("-store:kv_cache",)
    assert predicates("TideKV 也缓存了解码器侧的 KV。") == ("+store:kv_cache",)
    assert predicates("TideKV 并不缓存 KV。") == ("-store:kv_cache",)
    assert predicates("没有缓存命中") == ()


def test_not_training_free_is_trained():
    from ingest.facts import predicates

    assert "+train:" in predicates("SinkLite is not actually training-free")
    assert "-train:" in predicates("SinkLite is training-free")


def test_a_part_left_out_denies_nothing_of_the_work():
    from ingest.facts import predicates

    assert predicates("With a 64-token BF16 window, about 3% of the context is never quantized.") == ()
    assert predicates("一部分层不量化") == ()
    assert predicates("TideKV does not quantize the KV cache") == ("-quantize:kv_cache",)


def test_a_chinese_sentence_denying_an_english_term_is_training_free():
    from ingest.facts import qualifier_sides

    assert qualifier_sides("无需任何 fine-tuning，推理时只改 cache 策略") == ("training:training_free",)
    assert qualifier_sides("不需要任何 retraining") == ("training:training_free",)


def test_converting_a_checkpoint_against_it_cannot_be(tmp_path: Path):
    doc = ("# Heads\n\n## 6 Heads\n\n### 6.1 Shared KV\n\n"
           "- PairKV [2607.30112]：已有的 MHA checkpoint 可以只花约 3% 的算力 uptrain 成 PairKV。\n")
    note = "# FAQ\n\nQ: PairKV from an old checkpoint?\nA: No, PairKV (2607.30112) can't be retrofitted onto an MHA checkpoint.\n"
    assert finding_places(tmp_path, {"organized/knowledge/heads.md": doc, "inbox/ana/faq.md": note}) == [
        ("negation", "arXiv:2607.30112", ["faq.md:4", "heads.md:7"])]


# --- structure ---------------------------------------------------------------------------------------------------------

def _items(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, kind)
    return [(i.line, i.works) for i in parts["items"]]


_SLACK = """Slack export, #kv
(exported by bo)

[09:10 AM] bo: replay numbers after the change: hit rate 0.58, evictions high on two replicas
↳ [09:12 AM] cy: told you the skew would bite
↳ [09:15 AM] bo: yes, will try frequency-based eviction

[09:30 AM] cy: https://arxiv.org/abs/2607.41001
↳ [09:31 AM] bo: only saw the unfurl so far
↳ [09:40 AM] cy: unrelated but our wiki lists TideKV under 2607.11408, that's the wrong id
↳ [09:41 AM] bo: will fix

[10:05 AM] dee: anyone using node 7 tonight?
"""


def test_slack_replies_are_turns_and_an_unrelated_reply_opens_a_topic():
    assert [ln for ln, _w in _items(_SLACK)] == [4, 8, 10, 13]


_DISCORD = """# Discord export - #kernels

[2028-11-02 10:14] ana: hot take: SinkLite is not training-free, you must fine-tune with a sink token
[2028-11-02 10:15] ana: source is the talk, the paper is https://arxiv.org/abs/2607.52010
[2028-11-02 10:19] bo:
> you must fine-tune with a sink token
that contradicts our doc, it says no fine-tuning at all.
[2028-11-02 10:26] cy: btw PairKV has an id now: arxiv.org/abs/2607.30112, read it in full
[2028-11-02 10:40] dee: ran our usual decode bench on the spare box yesterday, single run and different models, so don't quote it anywhere
[2028-11-02 11:20] eve: who has the second node tonight?
"""


def test_a_discord_reply_quoting_the_message_it_answers():
    items = _items(_DISCORD)
    assert items[:2] == [(3, ("2607.52010",)), (8, ("2607.30112",))]
    assert [ln for ln, _w in items] == [3, 8, 9, 10]


def test_a_quoted_repeat_of_a_message_above_is_no_statement():
    from ingest.notes import parse_note

    parts, _w = parse_note(_DISCORD, "inbox/ana/discord.md")
    assert not [c for c in parts["claims"] if c.line in (5, 6)]  # the turn's header, and the message it quotes
    assert [c.line for c in parts["claims"] if "contradicts our doc" in c.text] == [7]


_DINGTALK = """钉钉群聊天记录导出

张三 2028-11-02 14:03
[链接] PairKV: Pairing KV Heads Across Layers
arxiv.org/abs/2607.30112
大家看下这篇。

李四 2028-11-02 14:06
我扫了一眼摘要。

王五 2028-11-02 14:11
说到抢占，我记得 TideKV 那篇只能重计算，没有 swap。

张三 2028-11-02 14:20
【转发】来自「推理群」
> 赵六 2028-11-01 21:47
> SinkLite（arXiv 2607.52010）号称 goodput 提升 2.1 倍。
【转发结束】
这篇跟我们 4.2 很贴。
"""


def test_a_chat_forward_under_its_header_and_a_turn_of_the_talk():
    assert _items(_DINGTALK) == [(3, ("2607.30112",)), (11, ()), (14, ("2607.52010",))]


_FORWARD = """Priya: fwd from Jonas, nothing of it checked by me.

---------- Forwarded message ---------
From: Jonas <jonas@example.org>
Date: Tue, Nov 1, 2028 at 5:42 PM
Subject: Re: KV quantization status
To: Priya <priya@example.org>

Hi Priya,

short version, numbered:

1) FP8 KV has been on for the 70B endpoint since October; throughput went up about 30% and no quality regression showed up.

2) TideKV (arXiv 2607.11408): the paper claims 3.1x over the vendor stack for the 8B model on L40S; we never ran it ourselves.

3) SinkLite 2-bit on the test cluster gave roughly 2x the throughput of FP16 KV, in the range the paper reports.

Jonas

---------- Forwarded message ---------
From: Sales <sales@vendor.example>
Date: Mon, Oct 31, 2028 at 9:03 AM
Subject: Vendor Serve 3.2 is out
To: Jonas <jonas@example.org>

Our internal benchmarks show up to 2.2x more tokens per dollar.
"""


def test_a_forwarded_mails_own_numbered_points_are_topics():
    assert [ln for ln, _w in _items(_FORWARD)] == [13, 15, 17, 21]


def test_a_field_line_of_the_documents_header_is_about_no_work():
    from datetime import timezone

    from ingest.living import parse_living_source

    doc = ("# Quantization\n\nMaintainer: ana\nUpdated: 2028-11-01 (the TideKV (2607.11408) numbers are still v1)\n"
           "Scope: post-training quantization of weights and the KV cache.\n\n## 7 Weights\n\nText.\n\n## References\n\n"
           "- TideKV: Tiered KV — https://arxiv.org/abs/2607.11408\n")
    parts, _w = parse_living_source(doc, "organized/knowledge/quant.md", tz=timezone.utc)
    about = {c.line: c.subjects for c in parts["claims"]}
    assert about[4] == ("2607.11408",) and about[5] == ()


# --- evidence ----------------------------------------------------------------------------------------------------------

def test_evidence_in_more_of_the_writers_words():
    assert evidence_levels("Per Mei, the kernel gets 1.8x on H100.") == ("second_hand",)
    assert evidence_levels("Per Token, the scales are computed once.") == ()
    assert evidence_levels("Checked this one in the paper itself (Section 2), not just the abstract.") == ("full_text",)
    assert evidence_levels("除非另外标注，下面的答案都只根据 abstract 写的。") == ("abstract_checked",)
    assert evidence_levels("这条是从隔壁组的分享 slides 上抄来的。") == ("second_hand",)
    assert evidence_levels("haven't gone past what the unfurl shows") == ("abstract_checked",)
    assert evidence_levels("the 75% figure is their own production claim") == ("vendor_self_reported",)
    assert evidence_levels("我专门去翻了论文的评测表，单卡就是 2.6") == ("full_text",)
    assert evidence_levels("博主的说法大部分没拿论文去对") == ("unverified",)
    assert evidence_levels("【计划】下周把 SinkLite 的卡片核一遍") == ("unverified",)
    assert evidence_levels("mei：TideKV 的 repo card 看过了") == ("card_only",)


def test_a_label_defined_in_a_legend_sentence():
    from ingest.evidence import evidence_reader
    from ingest.lexicon import load_lexicon

    r = evidence_reader(load_lexicon())
    legend = r.legend([(3, 'How to read this: "heard:" is what the presenter told me at the booth; "checked:" is what I looked up')])
    assert legend == {"heard:": "second_hand"}
    assert r.levels("- heard: caches chunk KV once at offset 0", legend) == ("second_hand",)


# --- blind round t339-t342 ---------------------------------------------------------------------------------------------

_TOGGLES = """Reading group, exported from Notion (toggle list)

▸ TideKV: Tiered KV Caches for Long Chats
    arXiv:2607.11408 · read it end to end
    Moves cold blocks to host memory.
    ▸ Our rerun
        A100, 8B: 1.3× at batch 32.
▸ PairKV: Pairing KV Heads Across Layers
    https://arxiv.org/abs/2607.30112 · sections 3-4 only
    Shares one KV head across two layers.
▸ 杂项
    ▸ SinkLite 能不能和 PairKV 一起用？
        10.48550/arXiv.2607.52010 · 群里有人说不行，我没读原文。
    ▸ 下次读书会
        2029-02-26 14:00，会议室 B3。
"""


def test_a_toggle_list_pasted_as_one_run_of_lines():
    """Notion indents a toggle's content and CommonMark joins it all into one paragraph: each paper's toggle is a part (its
    own nested toggle within it), and a collection's toggles ("▸ 杂项") are parts each, a question for a title too."""
    assert _items(_TOGGLES) == [(3, ("2607.11408",)), (8, ("2607.30112",)), (12, ("2607.52010",)), (14, ())]


_CSV = """tracker, tab "queue", pasted as CSV
Read? = how far I got: full / abs / no.

,Paper,,Reading,,Placement
#,arXiv,Title,Read?,Key claim,Section
1,2607.11408,"TideKV: Tiered KV Caches for Long Chats",full,"cold blocks on the host, 1.3x at batch 32",9.2
2,2607.30112,"PairKV: Pairing KV Heads Across Layers",abs,"one head for two layers",9.1
3,,"team offsite deck",no,,
"""


def test_a_csv_with_a_column_group_row_and_a_numbered_first_column():
    assert _items(_CSV) == [(6, ("2607.11408",)), (7, ("2607.30112",)), (8, ())]


_SHEET = """Google Sheets · comment threads export
File: bench · Tab: decode

Cell C14 · Comment by Ana Ruiz · 16 Feb 2029, 09:12
The 2,410 tok/s in C14 is lifted from the vendor's blog, not measured by us.
    Reply by Bo Chen · 16 Feb 2029, 10:03
    Which backend? The blog doesn't say.
    Resolved · Ana Ruiz · 16 Feb 2029, 10:32

Cell F3 · Comment by Bo Chen · 17 Feb 2029, 14:20
Row for TideKV [2607.11408]: I checked Table 3 of the paper itself, 7,640 tok/s is per host, not per chip.

Cell A1 · Comment by Ana Ruiz · 21 Feb 2029, 18:02
Can we freeze this tab before the offsite?
"""


def test_a_sheets_comment_export_is_a_thread_a_comment_and_its_header_no_title():
    from ingest.notes import parse_note

    assert _items(_SHEET) == [(4, ()), (10, ("2607.11408",)), (13, ())]
    parts, _w = parse_note(_SHEET, "inbox/ana/sheet.md")
    assert [(r.line, r.title) for r in parts["arxiv"]] == [(11, None)]


_POST = """Rafa Mendes · Inference at a cloud · 3d •

1/ Compile time is the new cold start: 12+ minutes for a 70B model.
2/ Best paper this quarter: TideKV (arXiv:2607.11408).

Wen Li • 3rd+
Principal Engineer
Our builds warm up in under 3 min now.
Like · Reply · 2d

Sunita Rao • 1st
ML Systems
PairKV (2607.30112) does the same on our chips.
Like · Reply · 1d
"""


def test_comments_on_a_network_post_are_parts_by_their_author_line():
    assert [ln for ln, _w in _items(_POST)][-2:] == [6, 11]


_TALK = """Transcript: "Scale to zero" by ROSA LIND, session 3
Tidied up by me. This is the speaker's account of two papers; I did not check any of it.

ROSA LIND: Okay, is this on? So, cold starts: a 70B model takes minutes to load from a bucket and users notice.

ROSA LIND: (slide 4) First paper, TideKV, arXiv 2607.11408. Blocks are staged on NVMe ahead of the scale-up.

ROSA LIND: (slide 9) Second, PairKV, arxiv.org/abs/2607.30112, which halves what a replica has to load.

ROSA LIND: (slide 12) That's it. Questions?

JOANNA (AUDIENCE): You didn't mention keep-alive policies at all, what about the histogram ones people use?
ROSA LIND: Good point, those are fit offline and then frozen per application.
"""


def test_a_talk_transcript_in_labelled_turns():
    from ingest.notes import parse_note

    assert [ln for ln, _w in _items(_TALK)] == [4, 6, 8, 12]
    parts, _w = parse_note(_TALK, "inbox/ana/talk.md")
    assert "second_hand" in {i.line: i.evidence_levels for i in parts["items"]}[6]  # "the speaker's account"


def test_a_title_before_a_comma_and_its_identifier():
    from ingest.notes import written_title

    t = "Joanna recommended PairKV: Pairing KV Heads Across Layers for Long Chats, arXiv 2607.30112, for the scale-down side."
    i = t.index("arXiv 2607.30112")  # (where the identifier's mention starts, its "arXiv " included)
    assert written_title(t, i, i + 16) == "PairKV: Pairing KV Heads Across Layers for Long Chats"


def test_the_throughput_of_a_baseline_and_moving_the_kv_cache():
    from ingest.facts import find_figures, predicates

    q = find_figures("TideKV reaches up to 4× the throughput of vLLM with naive offload.")[0]
    assert "base:vllm" in q.conditions
    assert predicates("It does NOT move the KV cache between servers.")[0].startswith("-migrate:kv_cache")


def test_hardware_named_like_a_paper_and_a_definite_noun_going_on(tmp_path: Path):
    from datetime import timezone

    from ingest.living import parse_living_source

    doc = ("# Accelerators\n\n## 11 TPU\n\n"
           "- TPU v4 (arXiv:2304.01433): optically switched pods.\n"
           "- Pope et al. (arXiv:2211.05102) remain the reference for partitioning decode.\n"
           "- Reported for PaLM 540B on 64 TPU v4 chips: 29 ms per generated token.\n"
           "- Calibrated FP8 KV (arXiv:2604.09152) fits per-head scales.\n"
           "- The recipe is training-free: no weights are updated.\n")
    parts, _w = parse_living_source(doc, "organized/knowledge/acc.md", tz=timezone.utc)
    about = {c.line: c.subjects for c in parts["claims"]}
    assert about[7] == ("2211.05102",) and about[9] == ("2604.09152",)


_POST_NOTES = """转存自小红书 @某博主 · 原帖 2029-02-06

长文本推理必读 3 篇👇

1️⃣ TideKV｜冷块放主存
每步只读热块 arXiv:2607.11408

2️⃣ PairKV｜跨层共享 KV 头
论文 10.48550/arXiv.2607.30112

3️⃣ SinkLite｜新坑
说是 sink token 就够了 https://arxiv.org/abs/2607.52010

---
批注
- 我拿 TideKV、PairKV 两条去对了摘要；第 3 条完全没核实。
"""


def test_a_closing_annotation_naming_items_by_name_or_number():
    from ingest.notes import parse_note

    parts, _w = parse_note(_POST_NOTES, "inbox/ana/post.md")
    levels = {i.line: i.evidence_levels for i in parts["items"]}
    assert levels[5] == ("abstract_checked",) and levels[8] == ("abstract_checked",)
    assert "unverified" in levels[11] and "abstract_checked" not in levels[11]


def test_a_pointer_to_someones_thread_is_no_relay_and_a_chapter_is_a_place():
    from ingest.placement import section_refs

    assert evidence_levels("it is already in 11.2; see Aiko's sheet thread on whether it is training-free") == ()
    assert evidence_levels("From Aiko's sheet thread: it is not training-free.") == ("second_hand",)
    refs = section_refs("if it holds up it should go in the cross-vendor part at the top of chapter 11")
    assert [(r.key, r.role) for r in refs] == [("11", "suggest")]


_BILI = """B站评论区导出｜视频《【论文精读】稀疏注意力全家桶》
导出于 2029-02-08。下面全是评论区网友的说法，属于转述，我一条都没回论文里核对。

---

某UP · UP主 · 置顶 · 3天前 · 👍 1024
视频里讲到的论文：TideKV arxiv.org/abs/2607.11408

网友甲 · 3天前 · 👍 566
说个数：TideKV 端到端 decode 延迟降了 7 倍
  回复 @网友甲：好像是 kernel 的数

网友乙 · 1天前 · 👍 96
三连了，顺便问下用的什么麦
"""


def test_a_video_sites_comment_section_and_a_title_in_title_marks():
    from ingest.notes import parse_note

    assert [ln for ln, _w in _items(_BILI)] == [6, 9, 13]
    parts, _w = parse_note(_BILI, "inbox/ana/bili.md")
    assert all("full_text" not in i.evidence_levels for i in parts["items"])  # "《【论文精读】…》" is the video's title
    assert all("unverified" in i.evidence_levels and "second_hand" in i.evidence_levels for i in parts["items"])


def test_a_ratio_over_a_changed_baseline_is_the_works_not_the_baselines(tmp_path: Path):
    """t340 as its writer left it: "baseline 从 FlashAttention-2 换成 FlashInfer 的 paged decode 以后，… 加速从 v1 的 3.2× 变成
    2.4×" (SkimKV's speed-up over a new baseline) and a repo's "比 FlashInfer 的 dense paged decode 快 4.1×" are no figures of
    FlashInfer's own, so nothing is found of it."""
    shift = Path(__file__).parent / "fixtures" / "shifts" / "t340"
    files = {str(f.relative_to(shift)): f.read_text("utf-8") for f in shift.rglob("*.md")}
    files.update({str(f.relative_to(shift)): f.read_text("utf-8") for f in (shift / "work-guard").glob("*.json")})
    places = finding_places(tmp_path, files)
    assert [p for p in places if p[1] == "arXiv:2501.01005"] == []
    assert ("version", "arXiv:2604.17352") in {(k, s) for k, s, _p in places}  # (the planted v1/v3 change stays found)


_TICKET = """[OPS-118] Cold start of the 70B pool exceeds its SLO: local weight cache
Type: Story
Status: In Progress
Assignee: Teo

Description:
Stage the weights of every scale-to-zero pool on node-local NVMe so that a cold start reads no remote bucket.
Acceptance: first token under 60 s from NVMe.

Comments:

Comment by Teo on 2029-01-29 10:14
Local NVMe gets the 70B engine ready in 38 s; host memory in 14 s.

Comment by Ana on 2029-01-30 11:27
TideKV (arxiv.org/abs/2607.11408) stages blocks the same way. Park it in 8.3 next to the migration papers.
"""


def test_a_ticket_with_its_comments_is_the_ticket_then_each_comment():
    from ingest.notes import parse_note

    assert _items(_TICKET) == [(1, ()), (12, ()), (15, ("2607.11408",))]
    parts, _w = parse_note(_TICKET, "inbox/teo/ticket.md")
    assert {i.line: i.sections for i in parts["items"]}[15] == ("8.3",)  # "Park it in 8.3"


# --- blind round t343-t346 ---------------------------------------------------------------------------------------------

_WECHAT = """微信群「读书会」聊天记录导出
导出人：ana · 只保留了和推理有关的段落

—— 3月14日 周六 ——
张伟：今晚轮到 early exit 专题，先贴 TideKV
张伟：[链接] TideKV: Tiered KV Caches | arxiv.org/abs/2607.11408
李静：「TideKV: Tiered KV Caches」这个我读过，没问题
赵敏：[图片]
赵敏：上图是我们自己在 8B 模型上扫阈值画的 accuracy vs tokens 曲线，只跑了一次，先别往文档里写
王磊：PairKV（arXiv 2607.30112）我在知乎上看到有人总结，说能省一半显存
李静：对，这个数和我们文档里写的一样
张伟：群公告：下周六读书会改到 14:00 开始
"""


def test_a_chat_of_named_turns_with_no_times():
    assert _items(_WECHAT) == [(5, ("2607.11408",)), (9, ()), (10, ("2607.30112",)), (12, ())]


def test_a_recommenders_scored_entries_and_an_alert_digest():
    recs = ("recommendations export · 3 papers\n\n"
            "[score 0.91] TideKV: Tiered KV Caches — A. Ruiz — arXiv:2607.11408\n"
            "    why recommended: close to your tags\n"
            "[score 0.88] PairKV: Pairing KV Heads — B. Chen — arxiv.org/abs/2607.30112\n"
            "    why recommended: similar to GQA in your library\n")
    assert _items(recs) == [(3, ("2607.11408",)), (5, ("2607.30112",))]
    alerts = ("Grafana alerting digest\n\n[FIRING:1] HighP99TTFT (chat)\nLabels:\n - alertname = HighP99TTFT\n - tier = chat\n"
              "note: see TideKV (arXiv:2607.11408) for the prefill side.\n\n[RESOLVED] HighP99TTFT (chat)\nLabels:\n"
              " - alertname = HighP99TTFT\n\n[FIRING:1] GPUXidErrors (node 17)\nLabels:\n - xid = 79\n")
    assert [ln for ln, _w in _items(alerts)] == [3, 13]  # (the resolved notification is the firing one's)


def test_counts_ranges_in_points_and_margins_over_another():
    from ingest.facts import find_figures

    got = [(q.raw, q.value, q.value_high, q.unit, q.direction) for q in
           find_figures("平均把 CoT 缩短 19.1%～80.1%，准确率反而涨 0.3～5.0 个点（11 个模型）")]
    assert got == [("19.1%～80.1%", 19.1, 80.1, "%", None), ("0.3～5.0 个点", 0.3, 5.0, "pt", "delta")]
    assert [q.raw for q in find_figures("accuracy rises by 0.3–5.0 points (11 reasoning models, 10 benchmarks)")] == ["0.3–5.0 points"]
    q = find_figures("It beats o1-preview on competition math by up to 27%.")[0]
    assert (q.raw, q.direction) == ("27%", "delta") and "base:o1-preview" in q.conditions


_ANNOTATIONS = """TideKV: Tiered KV Caches for Long Chats (https://arxiv.org/pdf/2607.11408v2)
Annotations exported 2029-03-01 · 4 highlights · ana. I went through the whole paper including appendix B.
Page 1, Highlight (yellow): "We keep the KV cache in host DRAM and stream each layer back one layer ahead."
Note: the whole idea. Should go in 13.3.

Page 3, Highlight (yellow): "PairKV [12] reduces TTFT by up to 57% by reusing host-resident caches."
Note: 57%? This is their citation of it; PairKV is arXiv:2607.30112.

Page 7, Highlight (yellow): "TideKV decodes 2.4x faster than FlexGen on one node."
Note: the baseline is FlexGen (2303.06865), already in our list; it ran in its throughput config.
"""


def test_a_pdf_readers_annotations_are_one_item_each_about_the_annotated_paper():
    from ingest.notes import parse_note

    assert _items(_ANNOTATIONS) == [(3, ("2607.11408",)), (6, ("2607.30112",)), (9, ("2607.11408",))]
    parts, _w = parse_note(_ANNOTATIONS, "inbox/ana/annotations.md")
    levels = {i.line: i.evidence_levels for i in parts["items"]}
    assert levels[3] == ("full_text",) and levels[9] == ("full_text",) and levels[6] == ("second_hand",)
