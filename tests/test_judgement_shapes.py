"""The eleventh stop's rules, each pinned on a small inline text (docs/FORMAT.md §5.3, §7, §8.2, §9, "eleventh
stop" paragraphs): the shapes of four blind shifts (t111–t114) that defeated the judgement cold: a video's stamped
timeline, a syllabus's readings, a section's "Builds on:" field, a results file's per-GPU sub-sections and their
tables with a reference column, an outliner's day pages and block properties, a numbered reference list's
initials-first authors, a living document's "it" after a named work, and a figure's source paper cited in brackets."""
from __future__ import annotations

import pytest

from conftest import contradictions_of
from ingest.evidence import evidence_reader
from ingest.notes import _looks_like_title, parse_note, written_title
from ingest.placement import section_refs
from ingest.structure import works_in

D_V, EAGLE2, TIDE, MTP = "2309.08168", "2406.16858", "2605.08817", "2404.19737"


def items(text: str, path: str = "inbox/a/n.md"):
    """``[(line, line_end, works)]`` of the note's items."""
    parts, _warns = parse_note(text, path)
    return [(i.line, i.line_end, i.works) for i in parts["items"]]


# --------------------------------------------------------------------------- structure

VIDEO = f"""# B站视频笔记｜投机解码串讲

- 说明：下面全是 UP 主的讲法加弹幕，三篇论文我都没去读原文。

## 时间轴

- [00:00] 开场。UP 主说这期讲三篇。
- [01:12] 【广告】某 GPU 算力平台口播，"跑 70B 推理比自建机房便宜 40%"。
- [03:05] **Draft & Verify**（arxiv.org/abs/{D_V}）：自投机，跳过一部分中间层。
- [05:40] UP 主原话大意："需要单独蒸馏一个小的草稿模型。"
  - 弹幕：跳层不就是同一个模型吗
- [11:02] **EAGLE-2**（arxiv.org/abs/{EAGLE2}v2）：动态草稿树。
- [14:30] UP 主：Vicuna-13B、MT-Bench、贪心，加速 5.3 倍。
- [20:10] **TideSpec**（https://arxiv.org/pdf/{TIDE}v1.pdf）：学出来的接受先验。
- [22:30] Llama-2-7B-chat、MT-Bench、贪心：约 2.5 倍。
- [38:00] 下期预告：多 token 预测（Meta 那篇 {MTP}）。
"""


def test_a_stamped_timeline_splits_where_an_entry_brings_a_work_or_a_tag():
    """t112: a video's `[mm:ss]` bullets, only some naming a paper: each paper's entry opens a topic and the entries
    after it continue it; a tagged entry ("【广告】") opens one of its own; the opening entry is none."""
    assert items(VIDEO) == [(8, 8, ()), (9, 11, (D_V,)), (12, 13, (EAGLE2,)), (14, 15, (TIDE,)), (16, 16, (MTP,))]


def test_a_list_that_is_not_stamped_keeps_its_old_reading():
    """The same entries without stamps bring too few works to split: one topic, as before."""
    plain = VIDEO.replace("[00:00] ", "").replace("[01:12] ", "").replace("[03:05] ", "").replace("[05:40] ", "") \
        .replace("[11:02] ", "").replace("[14:30] ", "").replace("[20:10] ", "").replace("[22:30] ", "").replace("[38:00] ", "")
    assert [w for _a, _b, w in items(plain)] == [(D_V, EAGLE2, TIDE, MTP)]


def test_a_section_opening_with_the_works_it_builds_on_is_one_topic():
    """t112/t114: "- 依赖论文：…" or "Builds on: …" first names the works the section is about: one topic, about all of
    them ("builds on" as a field is no comparison); remarks below naming another work do not split it."""
    text = ("# 横评\n\n## 1. vLLM（v0.11.1）\n\n- 依赖论文：PagedAttention（arxiv.org/abs/2309.06180）；EAGLE-3（arXiv:2503.01840）。\n"
            "- v0.11 起 EAGLE-3 头成了官方默认推荐。\n- 新增按 batch 自动降 γ 的开关，思路参考了 AdaDraft（2603.14128）。\n"
            "- 来源：官方文档，没实测。\n\n## 2. SGLang\n\n- 依赖论文：SGLang（https://arxiv.org/abs/2312.07104）。\n- 没有新东西。\n")
    assert items(text) == [(3, 8, ("2309.06180", "2503.01840")), (10, 13, ("2312.07104",))]
    assert works_in("Builds on: LTR (arXiv:2408.15792), SSJF https://arxiv.org/pdf/2404.08509.pdf") == (
        ["2408.15792", "2404.08509"], [])
    assert works_in("It builds on vLLM [2309.06180] and adds X [2305.05920]") == (["2305.05920"], ["2309.06180"])


def test_a_syllabus_week_is_one_topic_about_all_its_readings():
    """t113: `- Required:` / `- Optional:` entries are a session's readings, not topics: the week is one topic whose
    works are every reading."""
    text = ("# Reading group\n\n## Week 1 — 2027-06-03: Routing\n- Required: Switch Transformers — https://arxiv.org/abs/2101.03961\n"
            "- Required: Expert Choice Routing — arxiv.org/abs/2202.09368v2\n- Optional: DeepSeekMoE — https://arxiv.org/pdf/2401.06066.pdf\n\n"
            "*Expert Choice: read it end to end. Goes to 1.2.*\n\n## Week 2 — 2027-06-10: no session\nNo papers this week.\n")
    assert items(text) == [(3, 8, ("2101.03961", "2202.09368", "2401.06066")), (10, 11, ())]


RESULTS = """# schedbench — results

## Methodology

Arrivals replay a BurstGPT trace (arXiv:2401.17644) instead of Poisson.

### A100-SXM4-80GB

| scheduler | ref | rate (req/s) | P50 TTFT (s) | P99 TTFT (s) |
|---|---|---|---|---|
| vLLM FCFS | 2309.06180 | 8 | 0.62 | 6.87 |
| Sarathi-Serve, chunk 512 | 2403.02310 | 8 | 0.47 | 2.41 |
| LTR | 2408.15792 | 8 | 0.31 | 1.92 |

### H100-SXM5-80GB

| scheduler | ref | rate (req/s) | P50 TTFT (s) | P99 TTFT (s) |
|---|---|---|---|---|
| vLLM FCFS | 2309.06180 | 8 | 0.71 | 4.38 |
| DistServe 1P1D | 2401.09670 | 8 | 0.34 | 0.97 |
| DistServe † | 2401.09670 | — | — | 7.4× vs colocated (paper headline) |
"""


def test_sub_sections_naming_works_of_their_own_are_topics_and_a_results_table_is_text():
    """t114: "## Methodology" (a paragraph) over "### A100" / "### H100", each a table of schedulers × metrics with a
    reference column: the heading's own text is a topic, each sub-section one more, and the table's rows (names,
    identifiers and numbers) are that sub-section's text, not topics."""
    assert items(RESULTS) == [(3, 5, ("2401.17644",)), (7, 13, ("2309.06180", "2403.02310", "2408.15792")),
                              (15, 21, ("2309.06180", "2401.09670"))]


def test_a_sheet_with_a_notes_column_keeps_a_topic_per_row():
    """t99's convention stays: a row whose notes cell speaks for it ("ours; chunk 2048") is a topic of its own."""
    text = ("# TTFT sheet\n\n| system | arXiv | ctx | p50 | p99 | notes |\n|---|---|---|---|---|---|\n"
            "| Sarathi-Serve | 2403.02310 | 32K | 1.2 s | 1.84 s | ours; chunk 2048 on the A100 box |\n"
            "| MInference | arXiv:2407.02490 | 128K | 12.5 s | 13.4 s | ours, on the A100-80G box |\n"
            "| DistServe | 2401.09670v2 | 128K | 9.4 s | 17.2 s | ours, rerun 27 May on the same trace |\n")
    assert [w for _a, _b, w in items(text)] == [("2403.02310",), ("2407.02490",), ("2401.09670",)]


def test_a_results_row_takes_seconds_and_the_rate_from_its_columns():
    """A bare "2.41" under "P99 TTFT (s)" is 2.41 s, and "8" under "rate (req/s)" the rate it was measured at."""
    parts, _ = parse_note(RESULTS, "inbox/a/r.md")
    (row,) = [c for c in parts["claims"] if c.line == 12]
    p99 = [q for q in row.quantities if "percentile:99" in q.conditions]
    assert [(q.raw, q.unit, "rate:8" in q.conditions) for q in p99] == [("2.41 s", "s", True)]


def test_an_outliner_day_page_and_its_block_properties():
    """t111: Logseq's "## Jun 15th, 2027" is a day: each top-level block a topic; a `key:: value` property is a line
    of its own (its `section:: 4.1` a suggestion of its block, not a piece of the sentence above)."""
    text = ("## Jun 15th, 2027\n- DONE Finished [[FlashAttention-3]] end to end #attention\n"
            "  source:: https://arxiv.org/pdf/2407.08608v2.pdf\n  read:: whole paper\n  section:: 4.1\n"
            "\t- backward is 1.5–1.75x faster than FA2 on H100\n"
            "- Call with the vendor about [[KVX-Attn]] #vendor\n\t- written up in arXiv:2604.09731 (I have NOT opened it)\n"
            "- [[Reading group]] moved to Thu 14:00 #admin\n")
    parts, _ = parse_note(text, "inbox/a/journal.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (2, ("2407.08608",), ("4.1",)), (7, ("2604.09731",), ()), (9, (), ())]
    assert [c.text for c in parts["claims"] if c.line in (3, 4, 5)] == [
        "source:: https://arxiv.org/pdf/2407.08608v2.pdf", "read:: whole paper", "section:: 4.1"]


# --------------------------------------------------------------------------- titles

def test_a_numbered_reference_with_initials_first_authors_writes_its_title():
    """t111: a whitepaper's "[5] T. Dao, D. Y. Fu, … C. Ré. FlashAttention-2: … arXiv:2205.14135, 2022." writes the
    FlashAttention-2 title for that identifier (the planted title conflict)."""
    line = ("[5] T. Dao, D. Y. Fu, S. Ermon, A. Rudra, C. Ré. FlashAttention-2: Faster Attention with Better Parallelism "
            "and Work Partitioning. arXiv:2205.14135, 2022.")
    at = line.index("2205.14135")
    assert written_title(line, at - 6, at + 10) == "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning"
    line = "[2] W. Kwon et al. Efficient Memory Management for Large Language Model Serving with PagedAttention. SOSP 2023. arXiv:2309.06180"
    at = line.index("arXiv:")
    assert written_title(line, at, at + 16) == "Efficient Memory Management for Large Language Model Serving with PagedAttention"


def test_a_session_heading_is_no_title():
    """t113: "Week 5 — 2027-07-01: Disaggregation + DeepEP hands-on" is a syllabus heading, no paper's title."""
    assert not _looks_like_title("Week 5 — 2027-07-01: Disaggregation + DeepEP hands-on")
    assert _looks_like_title("TideEP: Topology-Aware Token Dispatch for Expert-Parallel MoE Decoding")


# --------------------------------------------------------------------------- evidence

@pytest.mark.parametrize("line, levels", [
    ("说明：下面全是 UP 主的讲法加弹幕，三篇论文我都没去读原文", ("second_hand", "unverified")),
    ("加速 1.99x 左右（UP 主口述，没说是哪个数据集）", ("second_hand",)),
    ("Everything below is the presenter's account, not the paper", ("second_hand",)),
    ("笔记：林晓，1.25 倍速看完一遍，弹幕开着", ()),  # a video watched through, no paper read
    ("论文看完了", ("full_text",)),
    ("AdaDraft 的论文数字直接抄自 paper card 0612", ("card_only",)),
    ("NVIDIA 技术博客原话：Medusa decoding is lossless", ("vendor_self_reported",)),
    ("per the NVIDIA technical blog it is lossless", ("vendor_self_reported",)),
    ("Lilian Weng's blog explains it", ()),  # a person's blog is nobody's product
    ("来源：官方文档 + release notes，没实测。", ("unverified",)),
])
def test_evidence_cues_of_this_stop(line, levels):
    assert evidence_reader().levels(line) == levels


def test_an_uploader_is_no_work_the_opening_speaks_for():
    """t112: "全是 UP 主的讲法 …；…回 arXiv 摘要页核过的" named "UP" as a work read at abstract level, and every item
    whose title said "UP 主" took that level; the items keep the opening's second-hand instead."""
    parts, _ = parse_note(VIDEO, "inbox/a/video.md")
    levels = {i.line: i.evidence_levels for i in parts["items"]}
    assert "second_hand" in levels[9] and "abstract_checked" not in levels[9]


# --------------------------------------------------------------------------- placement

@pytest.mark.parametrize("line, want", [
    ("> dmitri: worth one [bench] line in 2.2 (it holds the target) and one in 5.2.", [("2.2", "suggest"), ("5.2", "suggest")]),
    ("nothing beyond what 1.1 and 1.3 already say.", [("1.1", "mention"), ("1.3", "mention")]),
    ("already covered in 2.5, 2.1 and 1.1", [("2.5", "mention"), ("2.1", "mention"), ("1.1", "mention")]),
    ("goes in 3.2 and 4.1", [("3.2", "suggest"), ("4.1", "suggest")]),
    ("speedup 1.5, 2.0 and 2.7x in 3.1", [("3.1", "mention")]),  # figures are no sections
])
def test_lists_of_section_numbers(line, want):
    assert [(r.key, r.role) for r in section_refs(line)] == want


# --------------------------------------------------------------------------- the rules on a store

@pytest.fixture(scope="module")
def found(tmp_path_factory):
    """``[(kind, subject, a.source:line, b.source:line)]`` of a small workspace holding this stop's pairs."""
    tmp = tmp_path_factory.mktemp("shapes")
    files = {
        "organized/knowledge/kernels.md": (
            "# Kernels\n\n## 4 Attention kernels\n\n### 4.1 Paging\n\n"
            "vAttention [2405.04437] keeps each request's KV virtually contiguous. Consequence for us: it does not require "
            "a custom CUDA kernel for paged attention, stock FlashAttention-2 kernels run on it unmodified.\n\n"
            "- FlashAttention-2 [2307.08691]: reaches 50-73% of peak FLOPs/s on A100.\n"
            "- FlashAttention-3 [2407.08608]: FP16 forward peaks at 740 TFLOPs/s, i.e. 75% utilisation, at seqlen 16k on H100.\n\n"
            "## References\n\n* Dao et al. (2023). FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning. arXiv 2307.08691.\n"),
        "inbox/devon/hn.md": (
            "# HN thread\n\n- The \"~2x\" is against FA2, and per the FA3 paper (arxiv.org/abs/2407.08608) FA2 only gets ~35% "
            "utilization on H100.\n- read vAttention: https://arxiv.org/abs/2405.04437. But be aware that vAttention ships its "
            "own CUDA kernel and needs it.\n"),
    }
    return [(f.kind, f.subject, f"{f.a.source}:{f.a.line}", f"{f.b.source}:{f.b.line}") for f in contradictions_of(tmp, files)]


def test_it_after_a_named_work_is_that_work(found):
    """t111: "vAttention […] keeps …. Consequence for us: it does not require a custom CUDA kernel …, stock
    FlashAttention-2 kernels run on it" is about vAttention, whatever it names later: the HN comment's "ships its own
    CUDA kernel and needs it" is its negation."""
    assert [f[:2] for f in found if f[0] == "negation"] == [("negation", "arXiv:2405.04437")]


def test_a_paper_a_figure_is_cited_from_is_not_its_subject(found):
    """t111: "per the FA3 paper (arxiv.org/abs/2407.08608) FA2 only gets ~35%": a figure of FA2, never one of FA3
    against the living document's 75%."""
    assert not any(f[0] == "number" for f in found)


# --------------------------------------------------------------------------- figures, needs, sides

def test_a_time_is_never_a_context_length():
    """t113: "128 decode tokens per GPU, hidden 7168, top-8: 312 µs at 64 experts" is a time (the tokens are the
    setting), comparable with the report's "213 µs dispatch+combine"."""
    from ingest.facts import find_figures

    (q,) = [q for q in find_figures("All-to-all per MoE layer, 128 decode tokens per GPU, hidden 7168, top-8: 312 µs at 64 experts.")
            if q.unit == "s"]
    assert q.metric == "time"


def test_a_citation_number_and_a_parameter_are_no_scores():
    """t112: "AdaDraft [13] 按…滚动接受率" and "γ=0 即退化" put no acceptance rate of 13 or 0 in the document."""
    from ingest.facts import find_figures

    assert find_figures("AdaDraft [13] 按当前 batch 大小和滚动接受率逐步选 γ") == ()
    assert find_figures("选草稿长度 γ∈{0,…,8}，γ=0 即退化为普通解码，接受率无从谈起") == ()
    assert [q.value for q in find_figures("接受率 0.58（贪心）")] == [0.58]


@pytest.mark.parametrize("text, want", [
    ("控制器完全在线、无需任何离线 profiling", ("-need:~离线",)),
    ("每种 GPU × 模型组合需要做一次离线 profiling（约 15–20 分钟）", ("+need:~离线",)),
    ("无需额外的专用网卡", ("-need:~专用网卡",)),
    ("无需修改模型结构、无需任何微调", ("-fine_tune:", "-modify:architecture,model")),  # the verb after 无需 is what is denied
])
def test_a_need_denied_by_wuxu(text, want):
    """t112: "无需任何离线 profiling" / "需要做一次离线 profiling" are one need, denied and stated."""
    from ingest.facts import predicates

    assert predicates(text) == want


def test_a_side_only_then_true_is_the_other_side_in_general():
    """t112: "属于有损加速；只有退回严格的拒绝采样才无损" asserts lossy ("只有…才无损" is a condition)."""
    from ingest.facts import qualifier_sides

    assert qualifier_sides("输出分布不再与目标模型一致，属于有损加速；只有退回严格的拒绝采样才无损。") == ("fidelity:lossy",)


def test_a_line_led_by_one_of_an_items_works_speaks_of_that_one():
    """t113: a week about three readings, then "*RePlace: I only got through the abstract. The placement is static …*":
    every sentence of that line is about RePlace (named with a dash before its link), not about the other readings."""
    text = ("# Reading group\n\n## Week 3 — 2027-06-17: Placement\n- Required: RePlace — https://arxiv.org/abs/2605.11274v1\n"
            "- Required: Towards MoE Deployment — arxiv.org/abs/2303.06182\n\n"
            "*RePlace: I only got through the abstract. The expert placement is static: an ILP solved once offline.*\n")
    parts, _ = parse_note(text, "inbox/a/s.md")
    assert {c.subjects for c in parts["claims"] if c.line == 7} == {("2605.11274",)}


@pytest.mark.parametrize("line, levels", [
    ("*Optional one: haven't opened it, Ana flagged it on Slack as the paper to know.*", ("second_hand", "unverified")),
    ("*Not read MegaScale-Infer myself; 周敏 says 2.5 already has it.*", ("second_hand", "unverified")),
    ("this is the raw output of a deep-research run. I have not opened a single source", ("second_hand", "unverified")),
    ("Table 3 says 2x", ()),
])
def test_more_evidence_cues_of_this_stop(line, levels):
    assert evidence_reader().levels(line) == levels


def test_nothing_to_change_is_the_writers_low():
    """t11 (once its `section:: 1.3` property was read as a suggestion): "… so the v1 numbers are just superseded —
    nothing to change" is the writer's verdict that the item adds nothing."""
    text = ("- DONE Re-check [[DistServe]] numbers against the doc\n  source:: [[arXiv 2401.09670]]\n  section:: 1.3\n"
            "\t- 1.3 carries 7.4×; those are the v2 figures the doc already cites, so the v1 numbers are superseded — nothing to change\n"
            "- [[ChunkTune]] adaptive chunk size (new)\n  source:: [[arXiv 2611.04127]]\n  section:: 1.2\n")
    parts, _ = parse_note(text, "inbox/a/2026_12_17.md")
    assert [(i.line, i.relevance) for i in parts["items"]] == [(1, "low"), (5, "increment")]


def test_a_target_is_no_measurement():
    """t114: "Sarathi-Serve holds the 2 s P99 TTFT target at 8 req/s" sets a goal; "2.41 s" measures."""
    from ingest.facts import find_figures

    assert find_figures("Sarathi-Serve holds the 2 s P99 TTFT target at 8 req/s where FCFS does not") == ()
    assert find_figures("an SLO of 200 ms") == () and find_figures("目标 2 秒") == ()
    assert [q.raw for q in find_figures("TTFT 0.74 s, within the 2 s SLO")] == ["0.74 s"]


@pytest.mark.parametrize("line, levels", [
    ("Reading: I went through LTR in full; SSJF only the abstract and the results table; S3 I did not re-read.",
     ("full_text", "abstract_checked", "unverified")),
    # (the vendor's sales engineer said it: the vendor's word, relayed)
    ("source:: their whitepaper rev 2027.0412 + whatever the SE said", ("second_hand", "vendor_self_reported")),
    ("(I work at Korvex.) Fair. The headline is 2.1x over FA2 at 16k", ("vendor_self_reported",)),
    ("None of this is checked by me, it's random commenters.", ("second_hand", "unverified")),
    ("² FlashAttention-3 FP8 number taken from [3], not re-measured by us.", ("second_hand",)),
])
def test_vendor_and_relay_cues_of_this_stop(line, levels):
    assert evidence_reader().levels(line) == levels


def test_an_aside_sub_section_of_a_one_paper_report_is_a_topic():
    """t112: a reproduction report of one paper with "### 顺带对比：EAGLE-2" under "## 结果": the aside is a topic of its
    own, the read goes on after it."""
    text = ("# 复现报告：AdaDraft（arXiv 2603.14128v2）\n\n## 环境\n\n- H100\n\n## 结果\n\n- batch=1：2.1x\n\n"
            "### 顺带对比：EAGLE-2\n\n- 温度 1：3.02x（自测）\n\n## 结论\n\n- 能复现。\n")
    assert items(text) == [(1, 10, ("2603.14128",)), (11, 13, ())]


# --------------------------------------------------------------------------- the second round (t115–t118)

def test_a_csv_pasted_in_a_code_fence_is_a_table():
    """t117: a spreadsheet pasted as CSV inside a fence is read as its rows (consecutive rows of one paper one topic),
    each figure with its column: `bits` 3 is 3-bit, `ppl_wikitext2` a WikiText-2 perplexity."""
    text = ("# ppl sheet\n\nRows with source \"AWQ paper, Table 4\": read off the table myself.\n\n```\n"
            "paper,arxiv,bits,model,ppl_wikitext2,source\n"
            "GPTQ,2210.17323,4,Llama-2-7B,5.69,\"AWQ paper, Table 4\"\n"
            "AWQ,arXiv:2306.00978,4,Llama-2-7B,5.60,\"AWQ paper, Table 4\"\n"
            "AWQ,arXiv:2306.00978,3,Llama-2-7B,6.42,\"AWQ paper, Table 4\"\n"
            "OmniQuant,2308.13137,4,Llama-2-7B,5.58,zhihu summary\n```\n")
    parts, _ = parse_note(text, "inbox/a/sheet.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(7, ("2210.17323",)), (8, ("2306.00978",)), (10, ("2308.13137",))]
    (row,) = [c for c in parts["claims"] if c.line == 9]
    assert [(q.raw, q.metric, "precision:3-bit" in q.conditions) for q in row.quantities] == [("6.42", "perplexity", True)]
    assert {c.line: c.evidence_levels for c in parts["claims"] if c.line in (7, 10)} == {7: ("full_text",), 10: ("second_hand",)}


def test_code_in_a_fence_stays_code():
    """A fence holding code (or a log) is no table, even with commas."""
    text = "# log\n\n```\nimport torch, numpy\nx = torch.zeros(3, 4)\nprint(x, 2401.09670)\n```\n"
    parts, _ = parse_note(text, "inbox/a/log.md")
    assert parts["claims"] == [] or all(c.line not in (4, 5, 6) for c in parts["claims"])


def test_a_chapter_list_ends_with_its_paragraph_and_the_remarks_point_back():
    """t115: podcast show notes: each `(hh:mm:ss)` chapter a topic (the last one too); the papers' links listed under
    "Papers discussed (…):" no topics; a transcript excerpt a topic; the writer's remarks, each led by a chapter's name,
    part of that chapter."""
    text = ("# Podcast notes\n\nChapters:\n(00:00:00) Cold open\n(00:12:30) SnapKV: the observation window\n"
            "(00:29:50) DMC from NVIDIA: every head learns append-vs-merge\n(00:54:10) Listener questions: does it stack with FP8?\n\n"
            "Papers discussed (copied from the episode page):\n- SnapKV: arxiv.org/abs/2404.14469\n- DMC: [2403.09636]\n\n"
            "Transcript excerpt, (00:38:15) to (00:40:05):\n> **Ana:** So, DMC. The needle test is fine.\n\n"
            "My remarks:\n- DMC as \"training-free\" is Ben's word on air.\n- Listener questions: nothing usable.\n")
    assert [line for line, _e, _w in items(text)] == [4, 5, 6, 7, 13]


def test_a_paragraph_introducing_a_list_says_how_its_entries_were_checked():
    """t115: "Candidates. The numbers here are pasted from the abstracts; …" over "1. SnapKV (…)", "2. …": each entry
    was read at abstract level."""
    text = ("# INF-482\n\n## Description\n\nCandidates. The numbers here are pasted from the abstracts.\n\n"
            "1. SnapKV (https://arxiv.org/abs/2404.14469): 3.6x generation speedup.\n"
            "2. PyramidKV, arXiv:2406.02069: matches full KV keeping 12%.\n\n## Comments\n\nnone\n")
    parts, _ = parse_note(text, "inbox/a/ticket.md")
    assert [(i.line, i.evidence_levels) for i in parts["items"][:2]] == [(7, ("abstract_checked",)), (8, ("abstract_checked",))]


@pytest.mark.parametrize("line, levels", [
    ("TL;DRs are generated automatically from the abstract and may be inaccurate.", ("unverified",)),
    ("I read it from the abstract", ("abstract_checked",)),
    ("- FerryKV, the quick hits: only what this email says, I did not click through.", ("second_hand", "unverified")),
    ("Went through the LaneKV v2 PDF (https://arxiv.org/pdf/2604.07731v2) properly, sections 3 to 5.", ("full_text",)),
    ("paper Fig. 12, read off the plot", ("full_text",)),
    ("see paper card 0731 for details", ()),
])
def test_evidence_cues_of_the_second_round(line, levels):
    assert evidence_reader().levels(line) == levels


@pytest.mark.parametrize("text, want", [
    ("lanekv/kernels/: patches the FlashAttention-2 varlen forward kernel so that it also writes scores", ("+modify:kernel",)),
    ("Known issues: patches for ROCm are welcome", ()),
    ("said: the released code does build a retrieval index over the KV cache (IVF over keys)", ("+need:~index+retrieval",)),
    ("No retrieval index is needed: page scores come straight from the sketches", ("-need:~index+retrieval",)),
])
def test_needs_of_the_second_round(text, want):
    from ingest.facts import predicates

    assert predicates(text) == want


def test_objects_written_as_a_noun_or_a_verb_phrase_match():
    from ingest.facts import open_objects_match

    assert open_objects_match("~长度预测器", "~预测输出长度") and not open_objects_match("~离线", "~在线")


def test_settings_and_measures_of_the_second_round():
    """t118: top-k 1024 and 4096 set figures apart; a share on a 128K suite is no context length; t116: 降了 is down;
    t115: a KV budget is a setting, not a target."""
    from ingest.facts import find_figures, qualifier_sides

    (a,) = [q for q in find_figures("Quest with top-k 1024 tokens on our 128K needle suite: 96.0%") if q.unit == "%"]
    assert (a.metric, "budget:1024" in a.conditions) == ("accuracy", True)  # (a share on a needle suite is its score: 28th stop)
    assert [q.metric for q in find_figures("accuracy at 128K context: 96%")] == ["accuracy"]
    assert [q.direction for q in find_figures("P99 首 token 延迟只降了 2.6 倍左右")] == ["down"]
    assert [q.raw for q in find_figures("on LongBench at a 20% budget at 93.4% of the full-cache average")] == ["93.4%"]
    assert qualifier_sides("Quest (arXiv 2406.10774): picks pages query-agnostically, once") == ("query:query_agnostic",)


def test_lettered_parts_and_sections():
    """t118: `## Part B: …` / `### B.3 …` are §B and §B.3, and "in B.3" places there; "Appendix B.3" is a paper's."""
    from ingest.living_doc import heading_key

    assert heading_key("Part B: Sparse and approximate attention")[0] == "B" and heading_key("B.3 Query-aware sparsity")[0] == "B.3"
    assert heading_key("A Survey of things")[0] is None
    assert [(r.key, r.role) for r in section_refs("will add it under our 1024 line in B.3 once I have")] == [("B.3", "suggest")]
    assert section_refs("see Appendix B.3 of the paper") == []


def test_bibtex_one_liners_in_the_citation_list_are_records_each():
    """t118: `@article{key, title={…}, eprint={ID}}` one a line, no fence: one record each (a duplicate is found)."""
    from ingest.living_doc import parse_living_doc

    doc = parse_living_doc("# Doc\n\n## 1 Intro\n\n- text\n\n## References\n"
                           "@article{li2024snapkv, title={SnapKV: LLM Knows What You are Looking for Before Generation}, eprint={2404.14469}}\n"
                           "@article{tang2024quest, title={Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference}, eprint={2406.10774}}\n"
                           "@article{snapkv2024, title={SnapKV: LLM Knows What You are Looking for Before Generation}, eprint={2404.14469}}\n")
    assert [(e.line, e.line_end) for e in doc.entries if e.section == "references"] == [(8, 8), (9, 9), (10, 10)]


def test_a_linked_paper_field_writes_its_title():
    """t116: a repo card's `关联论文：Title（arXiv:ID）` writes that title for the identifier."""
    line = "- 关联论文：Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve（arXiv:2308.16369）"
    at = line.index("arXiv:")
    assert written_title(line, at, at + 16) == "Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve"


@pytest.fixture(scope="module")
def found_zh(tmp_path_factory):
    """The t116 pair on a store: a living document's "最多降低约 10 倍" and a review comment's "只降了 2.6 倍" about the
    work the comment's sentence before names, inside a one-paper review of another work."""
    tmp = tmp_path_factory.mktemp("zh")
    files = {
        "organized/knowledge/serving.md": ("# 服务系统\n\n## 4 调度\n\n- Llumnix（2406.03243）：多实例之间在线迁移。摘要说尾延迟改善一个数量级"
                                           "（P99 首 token 延迟最多降低约 10 倍）。\n\n## 参考文献\n\n1. Llumnix. arXiv:2406.03243 (2024)\n"),
        "inbox/zhouyan/review.md": ("# 长评：Sprinter（arXiv:2606.08813）\n\n评分：★★★★☆\n\n## 方法\n\n- token 粒度抢占。\n\n---\n评论（1）\n\n"
                                    "> 回复 @zhouyan：baseline 里确实该加 Llumnix（arXiv:2406.03243）。我印象里他们 P99 首 token 延迟只降了 2.6 倍左右，"
                                    "没到数量级。——孙浩\n"),
    }
    return [(f.kind, f.subject) for f in contradictions_of(tmp, files)]


def test_only_that_much_disputes_a_ceiling(found_zh):
    """"只降了 2.6 倍" (only 2.6x, hedged "左右") against "最多降低约 10 倍": its writer disputes the ceiling; "他们" are
    the work the sentence before named; quoting that work's own report in a review of another paper is no figure of the
    reviewed paper's setting."""
    assert ("number", "arXiv:2406.03243") in found_zh


def test_a_slide_outline_keeps_its_points_and_resolves_its_references():
    """t118: "Slide 3: …" over indented bullets is one topic even when a bullet brings a work; `MInference [2]: ~10x`
    cites the references slide's [2] (a colon after the citation is no link definition)."""
    text = ("State of the field — outline\nMarcus. Numbers from memory.\n\nSlide 3: Sparse decode, the main families\n"
            "  - eviction (H2O, SnapKV): cheap\n  - Quest (arXiv 2406.10774): picks pages query-agnostically\n\n"
            "Slide 4: Prefill is the new bottleneck\n  - MInference [2]: ~10x faster prefill at 1M tokens\n  - DuoAttention [5] helps decode\n\n"
            "Slide 7: References\n  [2] MInference 1.0 — https://arxiv.org/abs/2407.02490\n  [5] DuoAttention — 2410.10819\n")
    assert [(a, w) for a, _b, w in items(text)][:2] == [(4, ("2406.10774",)), (8, ("2407.02490", "2410.10819"))]


def test_a_slack_app_and_a_thread_reply():
    """t118: "arxiv-digest  APP  8:00 AM" heads a message; "replied to a thread: …" continues the thread it answers."""
    text = ("#long-context — export\n\nDana Whitfield  9:02 AM\nHouse rule: post it here with the arXiv link and say how far you read.\n\n"
            "arxiv-digest  APP  8:00 AM\nNew this week:\n• <https://arxiv.org/abs/2606.04417|StreamKV-Lite>\n\n"
            "Rohan Mehta  9:14 AM\nreplied to a thread: New this week…\ntitles only, haven't clicked any of them yet, the second smells like A.2 material\n\n"
            "Lena Kowalczyk  10:42 AM\nTokenTrellis is in the doc as 5.4x; the 256K row says 3.4x. <https://arxiv.org/abs/2602.07731|TokenTrellis>\n")
    assert [(a, b) for a, b, _w in items(text)] == [(3, 4), (6, 12), (14, 15)]


# --------------------------------------------------------------------------- the third round (t119–t122)

RST = """======================================================
Design note: a tiered prefix cache
======================================================

:author: Ingrid

Motivation
==========

Canary replicas sit at 57 % hit rate.

Prior art
=========

HiRadix
-------

HiRadix :cite:`hiradix` extends the radix tree over three tiers.

.. note::

   I read sections 3 to 5 of the PDF.

SGLang radix cache
------------------

We already run SGLang :cite:`sglang`.

References
==========

.. [hiradix] M. Okafor. "HiRadix: Hierarchical Radix-Tree KV Caching." arXiv:2605.08817, 2026.
.. [sglang] L. Zheng et al. "SGLang." https://arxiv.org/abs/2312.07104v2
"""


def test_restructuredtext_saved_as_markdown_is_read_as_rst():
    """t119: a design note in reStructuredText with a .md name: its adorned headings are headings and its `:cite:`
    roles name the works of its `.. [key]` entries."""
    got = [(a, w) for a, _b, w in items(RST, "inbox/a/design.md")]
    assert (15, ("2605.08817",)) in got and (24, ("2312.07104",)) in got and got[0] == (7, ())


def test_a_todo_txt_list_is_a_task_a_line():
    text = ("(A) 2027-06-27 read SGLang RadixAttention appendix +prefix @reading arXiv:2312.07104\n"
            "(A) 2027-06-28 place HiRadix 2605.08817 in the doc: §3.4 (tiering), not §3.2 +doc\n"
            "x 2027-06-26 2027-06-24 Hydragen 2402.05099 read §3 +prefix @reading\n"
            "(C) 2027-06-25 renew H100 reservation +ops @admin\n")
    parts, _ = parse_note(text, "inbox/a/todo.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (1, ("2312.07104",), ()), (2, ("2605.08817",), ("3.4",)), (3, ("2402.05099",), ()), (4, (), ())]


def test_identifiers_set_equal_to_a_name_and_numbers_in_metadata():
    """t122: "[HeadInfer = 2502.12574, …" is an identifier; "TTFT = 1204.3318" and "Mean = 2401.5431" are values;
    t121: a model card's `emissions: 1204.5531` in its front matter is a number."""
    from ingest.arxiv import find_arxiv_ids

    assert [m.arxiv_id for m in find_arxiv_ids('[HeadInfer = 2502.12574, "HeadInfer: …"]')] == ["2502.12574"]
    assert find_arxiv_ids("TTFT = 1204.3318") == [] and find_arxiv_ids("Mean = 2401.5431") == []
    parts, _ = parse_note("---\nbase_model: x\nco2_eq_emissions:\n  emissions: 1204.5531\n---\n# Card\n\nbody arXiv:2503.01840\n",
                          "inbox/a/card.md")
    assert [r.arxiv_id for r in parts["arxiv"]] == ["2503.01840"]


def test_titles_of_the_third_round():
    """An org link `[[https://arxiv.org/abs/ID][Title]]`; a living document's `6. Title — Authors — arXiv:ID` and
    `- [7] Title（He 等，2024）arXiv:ID` records."""
    from ingest.living_doc import parse_living_doc

    line = "   From my reading list: [[https://arxiv.org/abs/2406.10774][InfiniGen: Efficient Generative Inference of LLMs]]"
    at = line.index("https")
    assert written_title(line, at, at + 32) == "InfiniGen: Efficient Generative Inference of LLMs"
    doc = parse_living_doc("# D\n\n## 1 A\n\n- x\n\n## References\n\n"
                           "5. Efficient Streaming Language Models with Attention Sinks — Xiao, Tian, Chen, Han, Lewis — arXiv:2309.17453\n"
                           "- [7] ZipCache: Accurate and Efficient KV Cache Quantization（He 等，2024）arXiv:2405.14256\n")
    assert [c.title for c in doc.citations] == ["Efficient Streaming Language Models with Attention Sinks",
                                                "ZipCache: Accurate and Efficient KV Cache Quantization"]


def test_figures_of_the_third_round():
    """t122: "380 tokens per second" is a throughput (raw as written); "32K context: 540 tokens/s" after a model keeps the
    context; t120: "KIVI-2" and "KIVI-4" opening a statement are variants that set figures apart."""
    from ingest.facts import find_figures

    assert [(q.raw, q.metric) for q in find_figures("we measure about 380 tokens per second of decode")] == [
        ("380 tokens per second", "throughput")]
    (q,) = [q for q in find_figures("Llama-3.1-8B, 32K context: 540 tokens/s.") if q.unit == "tok/s"]
    assert (q.metric, "ctx:32000" in q.conditions) == ("throughput", True)
    (a,) = [q for q in find_figures("KIVI-2 在 Llama-2-7B 上的 KV 缓存压缩比约 5.3×") if q.unit == "x"]
    (b,) = [q for q in find_figures("- KIVI-4（2402.02750）在 Llama-2-7B 上 KV 缓存压缩比 3.2×") if q.unit == "x"]
    assert ("variant:2" in a.conditions, "variant:4" in b.conditions) == (True, True)


def test_a_statement_about_everything_above_it():
    """t121: a pasted model card, then the paster's "Everything above the rule is the uploader's own claim": each part
    above that says nothing of its own rests on the uploader's word."""
    text = ("# Model card\n\n## Evaluation\n\n| bench | speedup |\n|---|---|\n| MT-Bench | 2.96x |\n\n## Limitations\n\n- English only\n\n---\n\n"
            "## my remarks\n\n- Everything above the rule is the uploader's own claim; I have not audited their harness.\n")
    parts, _ = parse_note(text, "inbox/a/card.md")
    assert [(i.line, i.evidence_levels) for i in parts["items"]][:2] == [(3, ("vendor_self_reported",)), (9, ("vendor_self_reported",))]


def test_place_suggests():
    assert [(r.key, r.role) for r in section_refs("place HiRadix in §3.4 (tiering)")] == [("3.4", "suggest")]
    assert section_refs("this takes place in §3.4 of the paper") == []


# --------------------------------------------------------------------------- the fourth round (t123–t126)

VTT = """WEBVTT
Kind: captions

NOTE
Two papers in one talk: PermFuse (arXiv:2604.11872v2) and ChunkDispatch (arxiv.org/abs/2601.04417).

1
00:00:03.200 --> 00:00:08.900
<v Session Chair>Okay, let's get going again. Next up is Lena Okafor.

2
00:00:15.600 --> 00:00:24.100
<v Lena Okafor>Quick recap of the prior work. MegaBlocks showed you can write the expert computation as block-sparse matmuls.

3
00:00:42.000 --> 00:00:50.500
<v Lena Okafor>So, paper one, PermFuse. The idea is simple: never materialise the permuted activations in memory at all.

4
00:01:00.200 --> 00:01:08.000
<v Lena Okafor>The headline number: at sixty-four experts the whole MoE layer forward is 2.6x faster than MegaBlocks.

5
00:01:53.000 --> 00:01:59.000
<v Audience Member 1>Does any of this help training? The backward pass has the same permutation.

6
00:02:00.000 --> 00:02:09.000
<v Lena Okafor>Some. The backward at sixty-four experts is 1.37x, smaller than forward.
"""


def test_captions_saved_as_markdown_are_a_transcript():
    """t123: a talk's WebVTT captions (cues, timings, `<v Speaker>` voices): each cue a stamped turn; the chair's opening
    is no topic, "So, paper one, PermFuse." moves on, a question from the floor opens a topic."""
    from ingest.markup import as_markdown

    md = as_markdown(VTT, "inbox/a/talk.md").split("\n")
    assert md[8] == "[00:00:03] Session_Chair: Okay, let's get going again. Next up is Lena Okafor."
    assert len(md) == len(VTT.split("\n"))
    assert [a for a, _b, _w in items(VTT, "inbox/a/talk.md")] == [13, 17, 25]


def test_a_copiers_comment_above_the_first_item_speaks_for_the_note():
    """t123: "<!-- copied from discuss…/t/812 by rui. Forum hearsay, relayed as posted. -->" under the title: every post
    is second-hand."""
    text = ("# [Kernels] Dropless MoE decode\n<!-- copied from discuss.example.org/t/812 by rui. Forum hearsay, relayed as posted. -->\n\n"
            "**kwan_r** — Jun 29\n\nWe serve a 64-expert model; permute is ~30% of layer time. See arXiv:2211.15841.\n\n"
            "**tdang** — Jun 29\n\nPermFuse (arXiv:2604.11872) fuses the gather into the grouped GEMM, about 1.5x for us.\n")
    parts, _ = parse_note(text, "inbox/a/forum.md")
    assert [("second_hand" in i.evidence_levels) for i in parts["items"]] == [True, True]


def test_a_size_less_deepseek_name_is_a_model_setting():
    from ingest.facts import find_figures

    (q,) = find_figures("DeepSeek-V2-Lite on a single RTX 4090, batch 1, 21.4 tok/s decode")
    assert "model:deepseek-v2-lite" in q.conditions
