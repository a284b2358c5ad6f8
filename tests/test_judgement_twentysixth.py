"""The twenty-sixth stop's rules (blind shifts t255-t258: a Slack export with a reading-group summary and an engineering
screen; Chinese Obsidian one-paper notes, a WeChat digest and a blog scan; a notebook export, tweet threads and a critical
read with bold run-in labels; a stand-up doc, a reading-list table and meetup talk notes), each pinned on a small inline
text of our own (docs/FORMAT.md §5.3, §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings that
must not change beside it: a checked box is a reading done, a range written low to high stays a range, "with X as the
baseline" still gives the baseline's figure, a prefill of "32K tokens before the decode" is still a context length.
"""
from __future__ import annotations

from conftest import evidence_levels, finding_places

from ingest.evidence import evidence_reader
from ingest.facts import find_figures, qualifier_sides
from ingest.notes import parse_note
from queries.contradictions import _own_measurement


def _figs(text: str):
    return [(q.metric, q.value, q.value_high, q.unit) for q in find_figures(text)]


def _items(text: str, path: str = "inbox/a/n.md"):
    parts, _w = parse_note(text, path, "note")
    return [(i.line, tuple(i.works), tuple(i.evidence_levels)) for i in parts["items"]]


# --------------------------------------------------------------------------- a crash

def test_a_figure_changed_from_one_value_to_another_is_no_range_and_does_not_stop_the_ingest(tmp_path):
    """"revised from 2.0x to 1.5x" wrote a range whose high end was below its low one; beside a plain "2.0x" of the same
    work and measure the contradiction rule sorted ``(2.0, None)`` against ``(2.0, 1.5)`` and the whole ingest stopped with
    an internal error. The change states its second value; the two reads are a version conflict."""
    assert _figs("goodput gain revised from 2.0x to 1.5x") == [("goodput", 1.5, None, "x")]
    assert _figs("a speedup of 1.5x to 2.5x depending on batch") == [("speedup", 1.5, 2.5, "x")]  # a range stays a range
    found = finding_places(tmp_path, {
        "inbox/a/read.md": "# AlphaServe (arXiv:2601.00011v1)\n\nIn v1 the headline is 2.0x goodput over vLLM on the chat trace.\n",
        "organized/paper_cards/0001-2601-00011.md": ("# AlphaServe\n\n- arXiv: 2601.00011v2\n"
                                                     "- v2 comments: goodput gain over vLLM revised from 2.0x to 1.5x (baseline fixed)\n"),
    })
    assert ("version", "arXiv:2601.00011", ["0001-2601-00011.md:4", "read.md:3"]) in found


# --------------------------------------------------------------------------- evidence

def test_a_reading_still_to_do_is_no_reading_done():
    """A depth cue right after a plan's label names a reading to do: "TODO: 精读 …", "Next: read the full paper",
    "- [ ] read in full", "待精读"; a checked box, a "Done:" line and a plain sentence are readings done."""
    assert evidence_levels("TODO: 精读 arXiv:2601.00011") == ()
    assert evidence_levels("Next: read the full paper before we cite it") == ()
    assert evidence_levels("- [ ] read in full: 2601.00011") == ()
    assert evidence_levels("待精读：2601.00011") == ()
    assert evidence_levels("- [x] read in full: 2601.00011") == ("full_text",)
    assert evidence_levels("Done: read the full paper") == ("full_text",)
    assert evidence_levels("精读 arXiv:2601.00011") == ("full_text",)
    # a plan's label before another depth said later on the line does not reach it
    assert evidence_levels("Next: re-check Table 3; abstract only so far") == ("abstract_checked",)


def test_depth_and_doubt_in_more_of_the_writers_words():
    """"did the … paper in full", "answered by opening the paper" are full reads; a talk's content noted "as the speaker
    said it" and figures "copied off the slides" are second-hand; a plan to check ("想核对一下", "need to double-check") is
    a doubt; "数字没去对原文" is unchecked."""
    assert evidence_levels("Bo did the latency-aware paper in full") == ("full_text",)
    assert evidence_levels("we settled it by opening the paper together (Sec. 4)") == ("full_text",)
    assert evidence_levels("I haven't opened the paper") == ("unverified",)
    assert evidence_levels("以下都是主讲人在台上讲的，数字照 PPT 抄") == ("second_hand",)
    assert evidence_levels("Next: 想核对一下它是不是真的冻结了骨干") == ("unverified",)
    assert evidence_levels("need to double-check whether the backbone is frozen") == ("unverified",)
    assert evidence_levels("我们需要 check out 一下代码") == ()
    assert evidence_levels("本周扫了 5 篇，数字都没去对原文") == ("unverified",)


def test_a_clause_defining_a_tag_is_not_the_line_s_own_depth():
    """'厂商自己写的标"厂商自述"' defines a tag for the entries below; only the rest of the line says how it was read."""
    assert evidence_levels('本周 5 篇；厂商自己写的标"厂商自述"，别人复述的标"转述"，数字都没去对原文。') == ("unverified",)
    assert evidence_levels('relayed ones are marked "2nd", the rest I read in full') == ("full_text",)


def test_a_read_field_stating_depth_part_by_part_is_no_legend():
    """"Read: sections 1–5 end to end plus appendix B; appendix C only skimmed" states one reading of the paper, part by
    part; a line naming two depths as tags is a legend."""
    evr = evidence_reader()
    said = "Read: sections 1–5 end to end plus appendix B; appendix C only skimmed; did not run the code."
    assert not evr.explains_levels(said)
    assert evr.explains_levels("How far I got is in brackets: (abstract), (full paper)")


def test_an_opening_that_says_who_read_which_paper_gives_each_item_its_depth():
    """"Who read what: I went through AlphaServe end to end … Bo did the latency-aware paper in full … Cy only got
    through the Gamma abstract": each sentence naming one item (by the name its title opens with, or a hyphenated word of
    its title) and one depth is that item's; an item the opening does not name keeps its own."""
    note = ("# Reading group\n\n"
            "Who read what: I went through AlphaServe end to end. Bo did the latency-aware paper in full. "
            "Cy only got through the Gamma abstract. Delta was nobody's.\n\n"
            "**1. AlphaServe: Preemption at Token Granularity** (arXiv:2601.00011)\nPresented by me.\n\n"
            "**2. Latency-Aware Admission for LLM Serving** (arXiv:2601.00022)\nBo presented.\n\n"
            "**3. Gamma: Chunked Prefill Revisited** (arXiv:2601.00033)\nCy, short.\n\n"
            "**4. Delta: Adapter Batching** (arXiv:2601.00044)\nFrom a digest.\n")
    got = {w[0]: lv for _line, w, lv in _items(note) if w}
    assert got["2601.00011"] == ("full_text",)
    assert got["2601.00022"] == ("full_text",)
    assert got["2601.00033"] == ("abstract_checked",)
    assert "full_text" not in got["2601.00044"] and "abstract_checked" not in got["2601.00044"]


# --------------------------------------------------------------------------- structure and titles

def test_a_headless_critical_read_with_bold_run_in_labels_is_one_read_of_its_paper():
    """A title line, a "Paper:" line with the link, then "**Summary.**", "**Strengths.**", "**Weaknesses.**",
    "**Verdict.**" paragraphs that mention other works in passing: one item about the paper (the labels close with a full
    stop inside the bold, as "**Strengths:**" closes with a colon)."""
    note = ("AlphaKV — critical read (ana, 2028-01-02)\n"
            "Paper: \"AlphaKV: Latched Block Sparsity\", https://arxiv.org/abs/2601.00011v2\n"
            "Read: sections 1–5 end to end; appendix only skimmed.\n\n"
            "**Summary.** Block-sparse decode attention that builds on Quest (2406.10774) and reuses a block set.\n\n"
            "**Strengths.** The kernels are real and the ablation is clean.\n\n"
            "**Weaknesses.** No comparison with NSA (2502.11089), the trainable alternative.\n\n"
            "**Verdict.** Solid, scope overclaimed.\n")
    items = _items(note)
    assert [(line, works) for line, works, _lv in items] == [(1, ("2601.00011",))]
    assert "full_text" in items[0][2]


def test_a_one_paper_note_s_front_matter_title_and_a_title_given_after_an_identifier(tmp_path):
    """A Chinese one-paper note's front matter gives its paper by ``链接:`` and its title by ``标题:``; a chat line gives an
    identifier "这篇叫 <Title>". Both titles are read, so a work named by its short name elsewhere resolves, and an
    identifier carrying another paper's title is a title conflict. A ``title:`` that names the note ("AlphaQuant 精读")
    is no paper's title."""
    fm = ("---\n标题: \"AlphaQuant: Chunk-wise Mixed-Precision KV Quantization\"\n链接: https://arxiv.org/abs/2601.00011v1\n"
          "阅读程度: 全文\n---\n\n# AlphaQuant 精读\n\n## 实验\n- 表 3：Llama-3-8B、32K 上下文，KV 显存减少 60%。\n")
    chat = ("# 群聊整理\n\n【甲 09:00】有人转述说 AlphaQuant 在 Llama-3-8B、32K 下 KV 显存大约省了四成，我没细看\n\n"
            "【乙 10:00】https://arxiv.org/pdf/2406.10774v2.pdf 这篇叫 Keyformer: KV Cache Reduction through Key Tokens "
            "Selection for Efficient Generative Inference，可以放驱逐那节\n")
    doc = ("# KV\n\n## 1 驱逐\n- Quest 按页估计上界 [2406.10774]\n\n## 参考文献\n"
           "- Tang（2024）. Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference. arXiv:2406.10774\n")
    found = finding_places(tmp_path, {"inbox/a/alphaquant.md": fm, "inbox/b/chat.md": chat, "organized/knowledge/kv.md": doc})
    assert ("number", "arXiv:2601.00011", ["alphaquant.md:10", "chat.md:3"]) in found
    assert ("title", "arXiv:2406.10774", ["chat.md:5", "kv.md:7"]) in found
    note_title = "---\ntitle: AlphaQuant 精读\narxiv: 2601.00011\n---\n\n# AlphaQuant 精读\n\nRead it all.\n"
    parts, _w = parse_note(note_title, "inbox/a/x.md", "note")
    assert all(r.title is None for r in parts["arxiv"])


# --------------------------------------------------------------------------- figures and qualifiers

def test_more_ways_to_write_a_figure_and_what_is_no_figure():
    """"accepts about 4.2 tokens per step" is an acceptance length; "the longest setting is 256K" a context length; "a
    fact from 200K tokens ago" a distance, no context; "a prefill of 32K tokens before the decode" still a context."""
    assert _figs("ArborX accepts about 4.2 tokens per step on MT-Bench") == [("accepted_length", 4.2, None, "pt")]
    assert _figs("the longest setting is 256K (Table 2)") == [("context", 256000.0, None, "count")]
    assert _figs("sinks do not let you recall a fact from 200K tokens ago") == []
    assert [f[:2] for f in _figs("a prefill of 32K tokens before the decode")] == [("context", 32000.0)]
    assert ("throughput", 150.0, None, "tok/s") in _figs("it generates 150 tokens per second")


def test_more_qualifier_wordings():
    """Preemption by token vs by request; keys and values quantized per token in one clause ("Key 与 Value 都采用逐 token
    量化"); a sampled eviction is not deterministic; "Block 按 token" names no key."""
    assert "preemption_granularity:token_level" in qualifier_sides("uses a feedback queue with token-level preemption")
    assert "preemption_granularity:request_level" in qualifier_sides("it preempts at request granularity")
    assert "preemption_granularity:request_level" in qualifier_sides("抢占是按请求粒度的")
    assert set(qualifier_sides("Key 与 Value 都采用逐 token 量化")) >= {"key_quant_axis:per_token", "value_quant_axis:per_token"}
    assert "key_quant_axis:per_token" not in qualifier_sides("Block 按 token 量化")
    assert "determinism:nondeterministic" in qualifier_sides("SieveX samples which tokens to keep")
    assert "determinism:deterministic" in qualifier_sides("deterministic eviction, the same prompt keeps the same set")


def test_our_own_run_on_a_setting_the_other_figure_does_not_state_is_no_conflict(tmp_path):
    """"P99 TBT −12% on our A100s" is the team's own run: against a card's figure for synthetic Poisson arrivals (no
    hardware said) it is no conflict; the card's two workloads are two settings; the same workload read twice still is."""
    assert _own_measurement("P99 TBT −12% on our A100s, P50 flat")
    assert _own_measurement("我自己在 4×A100 上复现：吞吐只 +18%")
    assert not _own_measurement("on our roadmap for Q3")
    found = finding_places(tmp_path, {
        "organized/paper_cards/0001-2601-00011.md": ("# AlphaPre\n\n- arXiv: 2601.00011\n"
                                                     "- ShareGPT trace, 8×H100: about 18% lower P99 TBT\n"
                                                     "- synthetic Poisson arrivals at 8 req/s: P99 TBT −27%\n"),
        "inbox/a/read.md": "# AlphaPre (arXiv:2601.00011)\n\nOn the ShareGPT trace on 8×H100 it cuts P99 TBT by 35%.\n",
        "inbox/b/screen.md": "| Paper | ID | Notes |\n|---|---|---|\n| AlphaPre | 2601.00011 | P99 TBT −12% on our A100s |\n",
    })
    assert [f for f in found if f[0] == "number"] == [("number", "arXiv:2601.00011", ["0001-2601-00011.md:4", "read.md:3"])]


def test_the_same_draft_head_as_the_baseline_is_a_shared_setting_not_the_baseline_s_figure(tmp_path):
    """"on MT-Bench, same draft head as the baseline, greedy, ArborX accepts about 4.2 tokens per step" is ArborX's figure:
    against the card's 3.1 it is a conflict."""
    found = finding_places(tmp_path, {
        "organized/paper_cards/0001-2601-00011.md": ("# ArborX\n\n- arXiv: 2601.00011\n"
                                                     "- MT-Bench（Vicuna-7B，与基线相同的草稿头，温度 0）平均接受长度 3.1。\n"),
        "inbox/a/talk.md": ("# Meetup\n\n- ArborX (arXiv 2601.00011): on MT-Bench, Vicuna-7B, same draft head as the baseline, "
                            "greedy, ArborX accepts about 4.2 tokens per step.\n"),
    })
    assert ("number", "arXiv:2601.00011", ["0001-2601-00011.md:4", "talk.md:3"]) in found


def test_a_chat_digest_whose_messages_come_in_runs_splits_at_the_runs():
    """A WeChat digest writes each message as "【name 09:12】…" and gathers an exchange in a run of lines, runs set apart
    by blank lines: each run is a topic (its first message opens it, the replies stay in it), whether or not it names a
    work; a digest of one message per paragraph still splits at its messages."""
    runs = ("# 群聊整理\n\n"
            "【甲 09:12】AlphaQuant 挂出来了 https://arxiv.org/abs/2601.00011v1\n"
            "【乙 09:15】在读，等笔记\n"
            "【丙 09:31】有人转述说 AlphaQuant 省了四成显存\n\n"
            "【甲 09:40】BetaKV（2601.00022）要不要微调？\n"
            "【丙 09:42】不清楚\n\n"
            "【丙 12:31】楼下奶茶六折\n"
            "【甲 12:33】+1\n")
    assert [(line, works) for line, works, _lv in _items(runs)] == [(3, ("2601.00011",)), (7, ("2601.00022",)), (10, ())]
    apart = ("# 群聊整理\n\n【甲 09:12】AlphaQuant 挂出来了 https://arxiv.org/abs/2601.00011v1\n\n"
             "【乙 09:40】BetaKV（2601.00022）要不要微调？看了摘要，说是即插即用，作者说不用校准也不用微调\n\n"
             "【丙 12:31】GammaCache（2601.00033）的代码放出来了，README 说支持 vLLM 0.9 的 paged KV\n")
    assert [works for _line, works, _lv in _items(apart)] == [("2601.00011",), ("2601.00022",), ("2601.00033",)]


# --------------------------------------------------------------------------- a second blind round (t259-t262)

def test_a_condition_a_self_correction_and_a_ratio_of_another_work_assert_nothing_of_it(tmp_path):
    """"要是不需要 TMA 就准备直接上了" is a condition; "cuts ttft by like 4x no wait scratch that … is 2.2 to 3.3x" withdraws
    the 4x; "吞吐为 AlphaServe（GPU-only）的 3×" in another work's card is a ratio over AlphaServe, no figure of it."""
    from ingest.facts import predicates
    assert predicates("我们手上只有 A100，要是不需要 TMA 就准备直接上了。") == ()
    assert "-need:hopper" in predicates("不需要 TMA，A100 也能跑")
    found = finding_places(tmp_path, {
        "organized/knowledge/doc.md": ("# Prefix\n\n## 1 复用\n- AlphaServe [2601.00011]：多轮对话负载上吞吐最高 6.4×。\n"
                                       "- BetaBlend [2601.00022]：TTFT 降 2.2–3.3×。\n"),
        "organized/paper_cards/0001-2601-00033.md": "# GammaTree\n\n- arXiv: 2601.00033\n- 吞吐为 AlphaServe（GPU-only radix cache）的 3×。\n",
        "inbox/a/memo.md": ("# voice memo\n\nbetablend (2601.00022) um cuts ttft by like 4x on their rag setup no wait scratch that 4x is "
                            "the other paper's number betablend is 2.2 to 3.3x on ttft sorry\n"),
    })
    assert [f for f in found if f[0] in ("number", "version")] == []
    # the work a ratio is taken of is its baseline: "goodput 大约是 vLLM 的 2 倍" against "相对作者自己复现的 Orca 式调度 … 3.4×"
    assert find_figures("goodput 大约是 vLLM 的 2 倍。")[0].conditions == ("base:vllm",)
    assert find_figures("相对作者自己复现的 Orca 式迭代级调度，goodput 提升 3.4×")[0].conditions == ("base:orca",)


def test_our_own_box_and_a_writer_saying_not_to_compare(tmp_path):
    """"Measured on my own dev box, an RTX 4090 …, so don't read this against their Table 3: 2.2x" is the writer's own run,
    said not to be compared: no conflict with the card, and no restatement of an old value for the revision rule."""
    from queries.contradictions import _NOT_COMPARABLE
    text = "Measured on my own dev box, an RTX 4090 rather than the A100 from the paper, so don't read this against their Table 3: 2.2x."
    assert _own_measurement(text) and _NOT_COMPARABLE.search(text)
    assert not _NOT_COMPARABLE.search("we compare it with vLLM on the same box")
    found = finding_places(tmp_path, {
        "organized/paper_cards/0001-2601-00011.md": ("# AlphaQ\n\n- arXiv: 2601.00011v2\n"
                                                     "- Speed: up to 3.1x over cuBLAS FP16 at batch 1 on A100; v2 revised this down from 3.4x.\n"),
        "inbox/a/review.md": "# review of the AlphaQ port (arXiv:2601.00011)\n\n" + text + "\n",
    })
    assert [f for f in found if "review.md:3" in f[2]] == []


def test_a_share_of_a_step_in_words_and_in_percent_and_one_workload_spelt_three_ways(tmp_path):
    """"all-to-all is 47% of MoE-layer time" against "the all-to-all is under a third of the MoE-layer step" (one work, one
    setting) is a number conflict; "multi turn chat", "multi-turn chat" and "多轮对话" are one workload; "上下文 32k–128k：
    … 平均 1.8 倍" is a speedup at those lengths, not a context length."""
    assert _figs("under a third of the MoE-layer step")[0][:2] == ("time_share", 33.3)
    assert [f[:2] for f in _figs("cuts memory to a third of the cache")] == [("memory", 66.7)]  # a size cut, as before
    assert [q.conditions for q in find_figures("the multi turn chat hit rate is around 60 percent")] == [("bench:multiturn",)]
    assert find_figures("多轮对话（multi-turn chat）负载上命中率 87%")[0].conditions == ("bench:multiturn",)
    assert ("speedup", 1.8, None, "x") in _figs("H100、上下文 32k–128k：解码注意力相对 FlashDecoding 平均 1.8 倍")
    found = finding_places(tmp_path, {
        "organized/knowledge/doc.md": "# MoE\n\n## 2 EP\n- AlphaA2A [2601.00011], 64×H100, EP=64, decode: all-to-all is 47% of MoE-layer time.\n",
        "inbox/a/issue.md": ("# Issue 12\n\nThe AlphaA2A paper (https://arxiv.org/abs/2601.00011) says that at EP=64 on H100, in decode, "
                             "the all-to-all is under a third of the MoE-layer step.\n"),
    })
    assert ("number", "arXiv:2601.00011", ["doc.md:4", "issue.md:3"]) in found


def test_zero_points_name_the_asymmetric_side():
    """"quantizes asymmetric with zero-points" is asymmetric, "no zero-points" symmetric."""
    assert "symmetry:asymmetric" in qualifier_sides("The paper quantizes asymmetric with zero-points (Sec. 3.2)")
    assert "symmetry:symmetric" in qualifier_sides("Quantizer: symmetric per-group INT4 with FP16 scales, no zero-points.")


def test_an_advert_s_figure_measures_no_work(tmp_path):
    """An answer that is an advert ("【广告】… 自研 TurboX 解码内核，实测比 FlashDecoding 快 3 倍") sells a product: its figure is
    set against no work's, even where the answer sits under a topic about one."""
    found = finding_places(tmp_path, {
        "organized/paper_cards/0001-2601-00011.md": ("# WarpX\n\n- arXiv: 2601.00011\n"
                                                     "- H100、head dim 128：解码注意力相对 FlashDecoding 平均 1.8 倍。\n"),
        "inbox/a/zhihu.md": ("# 知乎摘录：WarpX（arXiv:2601.00011）\n\n**答主 E：** 【广告】XX 算力云 H100 推理实例限时特惠！自研 TurboX 解码内核，"
                             "实测比 FlashDecoding 快 3 倍，新用户 9.9 元/卡时。\n"),
    })
    assert [f for f in found if f[0] == "number"] == []


def test_a_voice_memo_transcript_splits_at_its_spoken_moves():
    """A transcript ("voice memo → transcript (auto)") whose paragraphs open with spoken, lower-case ordinals ("first the
    alpha paper um …", "second beta …", "third gamma …") splits at them, the paragraph after one ("so it belongs in 3.2")
    staying in it; a written note whose paragraphs open "First, …", "Second, …" does not."""
    memo = ("voice memo → transcript (auto, otter export) · tomas\n\nok so um notes from the train\n\n"
            "first the alphaserve paper um the hit rate is around 60% i think\n\n"
            "second betacache the stanford one it does not need a radix tree at all\nso it belongs in 3.2 like it already is\n\n"
            "third gammablend um it cuts ttft by like 3x on their rag setup\n")
    assert [line for line, _w, _lv in _items(memo)] == [5, 7, 10]
    written = ("Review of AlphaServe (arXiv:2601.00011).\n\nFirst, the method is clean and the kernels are real.\n\n"
               "Second, the evaluation stops at 32K.\n\nThird, the baseline is weak.\n")
    assert [(line, works) for line, works, _lv in _items(written)] == [(1, ("2601.00011",))]


def test_a_card_s_corresponds_to_a_section_places_it():
    """"对应 §3.1 Split-KV", "对应活文档 3.1", "corresponds to §3.1" place the item; a figure that corresponds to a paper's table
    places nothing."""
    from ingest.placement import section_refs
    def refs(t):
        return [(r.key, r.role) for r in section_refs(t)]
    assert refs("- 对应 §3.1 Split-KV；与 FlashDecoding++ [2311.01282] 的思路不同") == [("3.1", "suggest")]
    assert refs("corresponds to §3.1") == [("3.1", "suggest")]
    assert refs("the figure in 3.1 corresponds to the paper's Table 2") == [("3.1", "mention")]


def test_a_chinese_one_paper_note_whose_front_matter_yaml_refuses():
    """"标题: SnapKV: LLM Knows …" (a colon in an unquoted value) is no YAML mapping, and the whole front matter was dropped:
    the note split into "一句话" / "方法" / "实验" / "我的疑问" items about nothing. Read line by line, its title makes it one
    title-only read (resolved later by its title), with its "阅读程度" depth; the warning says how it was read. An unclosed
    flow list stays refused."""
    from ingest.text import split_front_matter
    note = ("---\n标题: SnapKV: LLM Knows What You are Looking for Before Generation\n链接: （当时没存）\n"
            "阅读程度: 这次只读了摘要和图 2\n标签: [kv-cache, 驱逐]\n---\n\n## 一句话\n观察窗口投票。\n\n## 方法\n池化后按头挑 KV。\n\n"
            "## 实验\n摘要里的数：16K 输入时生成速度提升 3.6 倍。\n\n## 我的疑问\n预算怎么定？\n")
    front, _first, warn = split_front_matter(note)
    assert front["标题"].startswith("SnapKV: LLM Knows") and front["标签"] == ["kv-cache", "驱逐"]
    assert warn.endswith("read line by line as key: value")
    assert [(line, lv) for line, _w, lv in _items(note)] == [(1, ("abstract_checked",))]
    front, _first, warn = split_front_matter("---\ntitle: [unclosed\n---\n# t\n")
    assert front == {} and "expected ','" in warn


def test_a_reading_under_way_and_a_group_s_own_measurement():
    """"一帆在精读，等她笔记再说" is a reading under way, no full read ("在全文里找到了表 3" still is one); "（2027-11 组内测）" is
    the group's own run."""
    assert evidence_levels("一帆在精读，等她笔记再说") == ()
    assert evidence_levels("在全文里找到了表 3") == ("full_text",)
    assert _own_measurement("解码提速约 2.9 倍（2027-11 组内测）")
    assert not _own_measurement("他们内部测的，没有第三方复现")


def test_a_depth_field_that_skipped_a_part_is_no_verdict_of_skip():
    """"阅读程度: 正文 1–5 节逐段读完，附录 B 的 kernel 实现跳过" says what was read; its "跳过" is no "skip this item" (the full read
    of a new paper had gone to the low table); a "Verdict: skip for this doc" field still is the writer's no."""
    fm = ("---\n标题: \"AlphaQuant: Chunk-wise KV Quantization\"\n链接: https://arxiv.org/abs/2601.00011v1\n"
          "阅读程度: 正文 1–5 节逐段读完，附录 B 的 kernel 实现跳过\n---\n\n# AlphaQuant 精读\n\n## 实验\n- 表 3：KV 显存减少 60%。\n")
    parts, _w = parse_note(fm, "inbox/a/alphaquant.md", "note")
    assert [i.line for i in parts["items"]] == [1] and parts["items"][0].relevance != "low"
    verdict = "# Log\n\n## 2028-01-21\n\n**Medusa** — 2401.10774\nVerdict: skip for this doc (another doc owns it).\n"
    parts, _w = parse_note(verdict, "inbox/a/log.md", "note")
    assert [i.relevance for i in parts["items"]] == ["low"]
