"""The twenty-second stop's rules (blind shifts t213-t220: a comparison matrix, a 读书会纪要 led by "主讲：" lines, an annotated
BibTeX bibliography and a voice memo, a stand-up log, an RFC with options, a poster walk-through and a reading diary, a
Q&A read and a tech radar, a captured thread, a head-to-head note and a leaderboard, an Org-mode note and a Google-Docs
comment export), each pinned on a small inline text of our own (docs/FORMAT.md §5.3, §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings
that must not change beside it: "independent of the query length", "does not need a custom kernel", a poster's figure
the writer calls preliminary, a corrected typo in a thread, a benchmark shared by a ceiling and a leaderboard's row.
"""
from __future__ import annotations

from conftest import evidence_levels, finding_places

from ingest.facts import find_figures, open_objects_match, predicates, qualifier_sides
from ingest.notes import parse_note, written_title
from ingest.arxiv import find_arxiv_ids
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _figs(text: str):
    return [(q.raw, q.value, q.unit, q.metric) for q in find_figures(text)]


DOC = ("# Serving notes\n\nLast revised 2027-11-01\n\n## 2 Kernels\n\n### 2.1 Decode\n\n"
       "Body text about decode kernels.\n\n## References\n\n")


# --------------------------------------------------------------------------- structure

def test_minutes_led_by_one_field_per_talk_split_at_those_lines():
    """"主讲：刘洋 —— HotRep（link）" then bullets and the discussion, "主讲：陈静 —— Placer（link）" then its own: one topic
    per talk; "丁：跑个题，场地的事" in the discussion is an aside of its own, to the talk's end."""
    minutes = ("# 读书会纪要\n\n时间：2027-11-11\n\n"
               "主讲：刘洋 —— HotRep（arxiv.org/abs/2603.18452v2）\n刘洋从头读到尾。\n- 热点专家放副本。\n讨论：\n甲：副本是后台拷的。\n\n"
               "主讲：陈静 —— Placer（https://arxiv.org/pdf/2605.20931v1.pdf）\n- 运行时按负载动态迁移专家。\n讨论：\n"
               "乙：文档 4.3 那句要改。\n丁：跑个题，场地改到 502。\n甲：记得带转接头。\n")
    assert _items(minutes) == [(5, ("2603.18452",)), (11, ("2605.20931",)), (15, ())]


def test_a_standup_day_gives_one_topic_per_person_line():
    """"### Mon 11-10" over "- 唐宁：…" / "- Omar: …" / "- Priya: …": each person's line is a topic, a chore too; a day
    whose lines bring papers the same way."""
    log = ("# standup W46\n\n### Mon 11-10\n- 唐宁：bench box 又 OOM 了，重启。\n- Omar: rebased our fork onto v2.7.4.\n"
           "- Priya: 报销单交了。\n\n### Tue 11-11\n- 唐宁：[paper] LoKA 出了 v3（arxiv.org/abs/2601.08831v3）。\n"
           "- Omar: [paper] card 0731 (2603.04417) 写好了。\n")
    assert _items(log) == [(4, ()), (5, ()), (6, ()), (9, ("2601.08831",)), (10, ("2603.04417",))]


def test_a_bibtex_entry_pasted_as_code_gives_its_items_work_and_title():
    """"### 3 · okonkwo2026tidekv" over a ```bibtex block (eprint, title) and the reader's words: about the work the entry
    cites, whose title (TeX marks dropped) is the one written beside its identifier."""
    bib = ("# annotated bib\n\n### 1 · zhang2023h2o\n\n```bibtex\n@article{zhang2023h2o,\n"
           "  title = {H$_2$O: Heavy-Hitter Oracle for Efficient Generative Inference of Large Language Models},\n"
           "  eprint = {2306.14048},\n  archivePrefix = {arXiv},\n}\n```\n\nmy read: sections 3 to 5.\n\n"
           "### 2 · okonkwo2026tidekv\n\n```bibtex\n@article{okonkwo2026tidekv,\n"
           "  title = {TideKV: Recallable KV Cache Eviction via Host-Memory Spill},\n  eprint = {2603.11842},\n}\n```\n\n"
           "It never drops a token permanently.\n")
    parts, _w = parse_note(bib, "inbox/a/bib.md", "note")
    assert [(i.line, tuple(i.works)) for i in parts["items"]] == [(3, ("2306.14048",)), (15, ("2603.11842",))]
    titles = {r.arxiv_id: r.title for r in parts["arxiv"]}
    assert titles == {"2306.14048": "H2O: Heavy-Hitter Oracle for Efficient Generative Inference of Large Language Models",
                      "2603.11842": "TideKV: Recallable KV Cache Eviction via Host-Memory Spill"}


def test_a_thread_on_several_works_keeps_each_posts_topic():
    """"1/ Three papers …" then "2/ EAGLE-3 (arXiv:…)", "3/ Numbers: …", "4/ PolyDraft (link)", "5/ Headline: it averages
    4.3 …", "6/ Unrelated: …": a post bringing a work opens its topic, those bringing none go on with it until one
    changes the subject."""
    thread = ("# thread capture\n\n1/ Three drafting papers: EAGLE-3 and PolyDraft. Short notes 🧵\n\n"
              "2/ EAGLE-3 (arXiv:2503.01840). The draft head is trained on token loss only.\n\n"
              "3/ Numbers: ~5.6x at temperature 0 on MT-bench.\n\n4/ PolyDraft (arxiv.org/abs/2606.07214). K draft heads.\n\n"
              "5/ Headline: it averages 4.3 accepted tokens per step.\n\n6/ Unrelated: giving a talk on Dec 12.\n")
    assert _items(thread) == [(3, ()), (5, ("2503.01840",)), (9, ("2606.07214",)), (13, ())]


def test_a_diary_day_whose_paragraphs_go_on_about_one_paper_is_one_topic():
    """"**Mon 1 Dec**" over "AgeQueue: … (arXiv 2608.05527v2). Read it properly today." then "The idea is …", "Results
    on …", "I think it belongs in 2.2 …": one topic, placed in 2.2; "**Wed 3 Dec**" of chores another."""
    diary = ("# Reading diary\n\n**Mon 1 Dec**\n\nAgeQueue: Attained-Service Scheduling (arXiv 2608.05527v2). Read it properly today.\n\n"
             "The idea is least-attained-service: short requests finish first.\n\nResults on ShareGPT: 40% lower mean JCT.\n\n"
             "I think it belongs in 2.2 as the predictor-free counterpoint.\n\n**Wed 3 Dec**\n\nOn call all day, nothing read.\n")
    parts, _w = parse_note(diary, "inbox/a/diary.md", "note")
    got = [(i.line, tuple(i.works), tuple(i.sections)) for i in parts["items"]]
    assert got[0] == (3, ("2608.05527",), ("2.2",))
    assert [g[0] for g in got] == [3, 13]


def test_how_far_a_read_went_is_no_placement():
    """"did not get to the method section" says how deep the read went; "put it in the FP8 section" places it."""
    assert section_refs("my read: abstract and Fig. 3 only, did not get to the method section.") == []
    assert [r.title for r in section_refs("got to the results section, and it belongs in the FP8 section")] == ["FP8"]


def test_a_title_written_inside_a_sentence_before_its_identifier():
    """"参考 InfiniGen: Efficient … Management (arXiv 2406.10774) 的 …": the "Name: Title" right before the bracket."""
    line = ("decode 时不把 KV 全量搬回，参考 InfiniGen: Efficient Generative Inference of Large Language Models with Dynamic "
            "KV Cache Management (arXiv 2406.10774) 的 query-aware page 选择")
    m = find_arxiv_ids(line)[0]
    assert written_title(line, m.start, m.end) == ("InfiniGen: Efficient Generative Inference of Large Language Models "
                                                   "with Dynamic KV Cache Management")
    plain = "Note: we ran it again (2404.14469)"
    m = find_arxiv_ids(plain)[0]
    assert written_title(plain, m.start, m.end) is None


# --------------------------------------------------------------------------- evidence, figures, predicates, qualifiers

def test_a_card_read_in_the_writers_words():
    assert evidence_levels("看了 Omar 的 card 0731：H100 上快 1.96×。只看了 card，PDF 没开。") == ("card_only",)
    assert evidence_levels("I only read the card so far") == ("card_only",)


def test_fractions_written_in_words_and_the_share_kept():
    """"keeps one eighth of the cache" is an 8x compression (and an 87.5 % cut), as "keeps 1/8 of the KV cache" and
    "只保留八分之一的 KV 缓存" are; "a quarter of the memory" a 75 % cut."""
    for text, raw in (("budget 2048: keeps one eighth of the cache", "one eighth"), ("keeps 1/8 of the KV cache", "1/8"),
                      ("只保留八分之一的 KV 缓存", "八分之一")):
        assert (raw, 8.0, "x", "compression") in _figs(text)
        assert (raw, 87.5, "%", None) in _figs(text)
    assert _figs("uses a quarter of the memory") == [("a quarter", 75.0, "%", "memory")]


def test_new_conditions_temperature_setup_model_family_and_baseline():
    """"At temp 1" is a temperature; "1.31 times that of Medusa" has Medusa for its baseline; "(Vicuna family, …)" is a
    model; "temp 40 C" is no temperature of sampling."""
    got = find_figures("At temp 1 it's more like 4.2x on MT-bench")
    assert "temp:1" in got[0].conditions
    assert "temp:40" not in find_figures("3.1x faster at temp 40 C")[0].conditions
    assert find_figures("Hydra++ reaches 1.31 times that of Medusa.")[0].conditions == ("base:medusa",)
    assert "model:vicuna" in find_figures("1.31× Medusa throughput (Vicuna family, MT-bench)")[0].conditions


def test_predicates_of_alternatives_gates_touching_and_replacing():
    """"works over plain TCP as well as RDMA" needs no RDMA; a gate retrained is the router trained; "does not touch the
    attention kernel" denies a change of it and "替换了 … 注意力内核" states one; "不需要定制 CUDA 内核" needs none."""
    assert predicates("The Transfer Engine works over plain TCP as well as RDMA (InfiniBand, RoCE)") == ("-need:~rdma",)
    assert "+train:router" in predicates("AdaK 要重新训练 gate：用约 0.5B token 微调 gate。")
    assert predicates("a SwiGLU gate projection") == ()
    assert predicates("does not touch the attention kernel") == ("-modify:kernel",)
    assert predicates("需要定制 CUDA 内核：替换了 FlashInfer 的 paged decode 注意力内核") == ("+modify:kernel", "+need:kernel")
    assert predicates("不需要定制 CUDA 内核") == ("-need:kernel",)
    assert open_objects_match("~knowing+length+output", "~length+predictor")


def test_qualifiers_in_new_words():
    """push / pull written as labels and roles; what is kept chosen by the question or from the document alone; a
    non-preemptive schedule written as an adverb; a changed output distribution is lossy; one scale per tensor or per
    block. Not a side: "independent of the query length", "per-block size"."""
    assert qualifier_sides("DistServe: Transfer: push: once the prompt is done, prefill streams it over") == ("transfer:push",)
    assert qualifier_sides("the decode instance then fetches it (pull)") == ("transfer:pull",)
    assert qualifier_sides("receiver-driven: the decode side pulls KV blocks") == ("transfer:pull",)
    assert qualifier_sides("i.e. by the user's question itself, so a cache compressed for one question") == ("query:query_aware",)
    assert qualifier_sides("What survives is decided from the document alone") == ("query:query_agnostic",)
    assert qualifier_sides("selection is independent of the query length") == ()
    assert qualifier_sides("FastServe schedules non-preemptively") == ("preemption:non_preemptive",)
    assert qualifier_sides("typical acceptance, which slightly changes the output distribution") == ("fidelity:lossy",)
    assert qualifier_sides("Q and K are quantized to INT8 with a single per-tensor scale") == ("scale_granularity:per_tensor", "scale_channel:per_tensor")
    assert qualifier_sides("对 Q、K 做 per-block INT8 量化（不是 per-tensor，per-tensor 的精度掉得太多）") == ("scale_granularity:per_block",)
    assert qualifier_sides("block size 64, per-block size tuned") == ()


# --------------------------------------------------------------------------- contradictions

def test_new_contradictions_across_files(tmp_path):
    """A matrix cell against a chat line giving the card's value; a transfer of KV pulled against one pushed; a spoken "tide kv" named by a BibTeX title; "45% lower P99 TTFT" against "P99 TTFT
    2.5x lower"; "requires knowing output lengths in advance" against "needs no length predictor" in an option whose
    example predictor cites another paper; "No extra training needed" against "the heads must be trained"."""
    files = {
        "organized/knowledge/doc.md": DOC + ("1. HandoffKV. arXiv:2607.11832\n2. DistServe. arXiv:2401.09670\n"
                                             "3. TailGuard. arXiv:2605.08817\n4. AgeQueue. arXiv:2608.05527\n"
                                             "5. SkipHeads. arXiv:2609.13350\n6. L2R. arXiv:2408.15792\n"),
        "inbox/a/slack.md": "# slack\n\nnew P/D paper: HandoffKV https://arxiv.org/abs/2607.11832 — says 2.6x goodput over DistServe.\n",
        "inbox/b/matrix.md": ("# matrix\n\n| | DistServe | HandoffKV |\n|---|---|---|\n| arXiv | 2401.09670 | 2607.11832 |\n"
                              "| Transfer | push: prefill streams it over to the decode instance | receiver-driven |\n"
                              "| Reported gain | 7.4× more requests vs vLLM | 1.9× goodput vs DistServe |\n"),
        "organized/paper_cards/0731-2607-11832.md": "# HandoffKV\n\n- arXiv: 2607.11832\n- Goodput: 2.6× over DistServe at 90 % SLO attainment\n",
        "inbox/c/distserve.md": "# DistServe (arXiv:2401.09670)\n\nThe decode instance then fetches it (pull), so prefill memory doubles as a queue.\n",
        "organized/paper_cards/0951-2605-08817.md": "# TailGuard\n\n- arXiv: 2605.08817\n- P99 TTFT: 45% lower than vLLM FCFS (Llama-2-70B)\n",
        "inbox/d/posters.md": "# posters\n\n- Poster 5 — TailGuard (arXiv 2605.08817): P99 TTFT 2.5x lower than vLLM FCFS on Llama-2-70B.\n",
        "inbox/e/rfc.md": ("# RFC\n\n### Option C — AgeQueue (arXiv:2608.05527)\n\nAgeQueue orders by expected remaining work, so it "
                           "requires knowing output lengths in advance; we would need a predictor like the learning-to-rank one "
                           "[2408.15792] in front of it.\n"),
        "inbox/f/diary.md": "# AgeQueue (arXiv 2608.05527)\n\nIt needs no length predictor — the only signal is attained service.\n",
        "inbox/g/thread.md": ("# thread\n\n8/ SkipHeads (https://arxiv.org/pdf/2609.13350.pdf). Self-drafting.\n"
                              "No extra training needed, it's all frozen weights.\n[me] the \"no training\" bit I have not checked.\n"),
        "organized/repo_cards/1307-skipheads.md": "# q/skipheads\n\n- paper: arXiv:2609.13350\n- the heads must be trained for each target model.\n",
    }
    got = finding_places(tmp_path, files)
    assert ("number", "arXiv:2607.11832", ["matrix.md:7", "slack.md:3"]) in got  # (the first pair met: a card is not preferred)
    assert ("qualifier", "arXiv:2401.09670", ["distserve.md:3", "matrix.md:6"]) in got
    assert ("number", "arXiv:2605.08817", ["0951-2605-08817.md:4", "posters.md:3"]) in got
    assert ("negation", "arXiv:2608.05527", ["diary.md:3", "rfc.md:5"]) in got
    assert [g for g in got if g[1] == "arXiv:2609.13350"] == [("negation", "arXiv:2609.13350", ["1307-skipheads.md:4", "thread.md:4"])]
    assert not [g for g in got if g[1] == "arXiv:2408.15792"]


def test_figures_that_are_settled_corrected_or_within_a_ceiling(tmp_path):
    """Not flagged: a poster's 31% the writer says was a preliminary run; "2.1 GB" its own thread corrects to 1.2 GB; a
    leaderboard's 1.6× on MT-bench (its own model and GPU) under "up to 1.8x on MT-bench". Flagged still: a card's 3.4
    accepted tokens against the thread's 4.3."""
    files = {
        "organized/knowledge/doc.md": DOC + "1. Chunky. arXiv:2606.03157\n2. PolyDraft. arXiv:2606.07214\n3. Lookahead. arXiv:2402.02057\n"
                                            "- Lookahead decoding (2402.02057): no draft model, up to 1.8x on MT-bench.\n",
        "inbox/a/posters.md": ("# posters\n\n- Poster 9 — Chunky (2606.03157): 31% fewer TBT SLO misses; the presenter told me that was a "
                               "preliminary run and the paper has the final number.\n"),
        "inbox/b/diary.md": "# diary\n\n1. Chunky, https://arxiv.org/abs/2606.03157 — abstract says 24% fewer TBT SLO misses.\n",
        "inbox/c/thread.md": ("# thread\n\n1/ Two drafting papers: PolyDraft and Chunky 🧵\n\n4/ PolyDraft (arxiv.org/abs/2606.07214). K draft heads.\n\n"
                              "5/ it averages 4.3 accepted tokens per step on MT-bench.\n\n6/ Heads add ~2.1 GB in fp16 for the 70B target.\n\n"
                              "7/ yes, typo on my side, it's 1.2 GB.\n"),
        "organized/paper_cards/0931-2606-07214.md": ("# PolyDraft\n\n- arXiv: 2606.07214\n- Mean accepted tokens per step: 3.4 on MT-bench.\n"
                                                     "- Head weights: 1.2 GB fp16 for the 70B target.\n"),
        "inbox/d/board.md": ("# SpecBoard — MT-bench / Llama-3.1-8B\n\n| # | Method | Paper | GPU | Speedup T=0 |\n|---|---|---|---|---|\n"
                             "| 7 | Lookahead | arxiv 2402.02057 | A100-80G | 1.6× |\n"),
    }
    got = finding_places(tmp_path, files)
    assert got == [("number", "arXiv:2606.07214", ["0931-2606-07214.md:4", "thread.md:7"])]


def test_a_version_change_and_a_README_review_about_its_titles_work(tmp_path):
    """The document's "HotRep（v1）结论：只复制 top-2 专家就够" against the card's "v2：改了 v1 的结论——…" (not against a
    figure at DeepSeek-V3, no version); quoted README lines under "# README review: qattn-lab/blockfp8-attn" are about
    the work its title names ("Also runs on Ampere" against "需要 Hopper 架构")."""
    files = {
        "organized/knowledge/doc.md": ("# MoE\n\n最近修订：2027-11-12\n\n## 4 放置\n\n"
                                       "- HotRep（v1）结论：只复制每层最热的 top-2 专家，就足以把 straggler 时间压到 10% 以内。\n\n"
                                       "## 参考文献\n\n[1] HotRep. arXiv:2603.18452v1\n[2] BlockFP8-Attn. arXiv:2603.04417\n"),
        "organized/paper_cards/0612-2603-18452.md": ("# HotRep\n\n- arXiv: 2603.18452v2\n- EP=16（DeepSeek-V3）下最慢 rank 慢 34%，开启复制后降到 7%。\n\n"
                                                     "## 版本\n- v2（2027-07-28）：改了 v1 的结论——只复制 top-2 热点专家不够，只能消掉约一半的 straggler 时间；"
                                                     "改为按层自适应复制 2–6 个专家。\n"),
        "inbox/a/readme.md": ("# README review: qattn-lab/blockfp8-attn\n\n> BlockFP8-Attn: per-block scaled FP8 attention kernels. "
                              "Paper: arxiv.org/abs/2603.04417v2\n\nOfficial code.\n\n> Also runs on Ampere (A100, A10G) with the sm80 build.\n"),
        "inbox/b/read.md": "# BlockFP8-Attn (arXiv:2603.04417)\n\n需要 Hopper 架构（sm90a），因为用的是 FP8 WGMMA。\n",
    }
    got = finding_places(tmp_path, files)
    assert ("version", "arXiv:2603.18452", ["0612-2603-18452.md:7", "doc.md:7"]) in got
    assert ("negation", "arXiv:2603.04417", ["read.md:3", "readme.md:7"]) in got


def test_a_correction_withdraws_only_the_figure_it_corrects():
    """"TL;DR has a typo: Medusa-2 is 2.83x, not 2.38x" withdraws the TL;DR's figures (the one holding 2.38x), not the
    bullets' 3.62x and 2.83x; "7/ yes, typo on my side, it's 1.2 GB" withdraws "2.1 GB" wherever the topic gives it before
    (the reply's question "2.1 GB?" too), not the reply's "their Table 3 has 1.2 GB"."""
    answer = ("# Heads vs self-drafting?\n\n### ✔ Accepted — answered 5d ago by `tom`\n\n"
              "- EAGLE-2 (arXiv:2406.16858), Vicuna-13B: **3.62x** speedup.\n- Medusa-2 (2401.10774), Vicuna-7B: 2.83x.\n\n"
              "TL;DR: heads ≈ 3.6x, Medusa-2 ≈ 2.38x.\n\n3 comments\n\n"
              "- TL;DR has a typo: Medusa-2 is 2.83x (as in your bullet), not 2.38x. – `kat` 5d ago\n")
    parts, _w = parse_note(answer, "inbox/a/answer.md", "note")
    figs = {c.line: [q.raw for q in c.quantities] for c in parts["claims"] if c.line in (5, 6, 8)}
    assert figs == {5: ["3.62x"], 6: ["2.83x"], 8: []}
    thread = ("# thread\n\n1/ Two papers: PolyDraft (arxiv.org/abs/2606.07214) and EAGLE-3 (arXiv:2503.01840)\n\n"
              "4/ PolyDraft (arxiv.org/abs/2606.07214). K draft heads.\n\n6/ Heads add ~2.1 GB in fp16 for the 70B target.\n"
              "> @anya: 2.1 GB? their Table 3 has 1.2 GB\n\n7/ yes, typo on my side, it's 1.2 GB.\n")
    parts, _w = parse_note(thread, "inbox/a/thread.md", "note")
    figs = sorted((c.line, tuple(q.raw for q in c.quantities)) for c in parts["claims"] if c.line in (7, 8, 10))
    assert figs == [(7, ()), (8, ()), (8, ("1.2 GB",)), (10, ("1.2 GB",))]


# --------------------------------------------------------------------------- second round (t221-t224)

def test_second_round_structure():
    """A close read in "▶" paragraphs whose first gives the paper (a later one only compares, "和 QuIP#（…）的区别") is one
    topic, its "▶ 题外：" aside another; a radar's quadrants of "名称 —— 理由" entries give one topic per entry; a thread
    whose first post names no work keeps one topic per post; a mailing's "--" footer closes its last day."""
    read = ("HadaLite 精读笔记 —— 陈默\n\n▶ 论文：HadaLite: Low-Bit Weight-Only Quantization，arXiv:2604.11832v2。\n\n"
            "▶ 方法（§3）。先分块做 Hadamard 旋转，再逐组量化。\n\n▶ 作者自己把和 QuIP#（arXiv:2402.04396）的区别讲得很清楚：QuIP# 要查表。\n\n"
            "▶ 主结果：Llama-2-7B 上 W3A16 困惑度 5.83。\n\n▶ 题外：组里 eval 脚本的 wikitext 口径和论文不同。\n")
    assert _items(read) == [(3, ("2604.11832",)), (11, ())]
    radar = ("# 技术雷达\n\n## 采纳\n\n- vLLM 分块预填充（chunk=2048）—— 线上跑满两个月。\n- KIVI（arxiv.org/abs/2402.02750v2）—— 显存省一半。\n"
             "- FlashInfer v0.2.5 —— 内核稳定。\n\n## 试验\n\n- DuoAttention [2410.10819] —— 正在压测。\n- PageSift（https://arxiv.org/abs/2611.03158）—— 准备试。\n")
    assert [ln for ln, _w in _items(radar)] == [5, 6, 7, 11, 12]
    thread = ("# notes\n\n1/ ok notes from today's inference track, two talks\n\n2/ SnapKV (arXiv:2404.14469) talk: voting window.\n\n"
              "3/ vLLM's 24x figure is vs HF Transformers, launch-blog number\n\n4/ slides mirror unreachable from guest wifi\n")
    assert [ln for ln, _w in _items(thread)] == [3, 5, 7, 9]
    mailing = ("# weekly\n\n**Fri 2/5**\n\n* Universal Drafters (arxiv.org/abs/2605.03317v2): one shared drafter.\n"
               "* Queue-Aware Draft Lengths (https://arxiv.org/pdf/2606.10452v1.pdf): γ per request.\n\n"
               "--\nYou are receiving this because you subscribed. Unsubscribe: https://example.org/u/1\n")
    assert [ln for ln, _w in _items(mailing)] == [5, 6]


def test_second_round_facts():
    """LRU against LFU eviction; top-1 against top-2 routing; EP is expert parallelism; "同一模型 64K 约 2 倍" keeps its own
    length and takes only the model of the sentence before."""
    assert qualifier_sides("显存不够时按 LRU eviction 递归淘汰叶子节点") == ("eviction_policy:lru",)
    assert qualifier_sides("淘汰：显存不足时按访问频率 (LFU) 淘汰叶子节点") == ("eviction_policy:lfu",)
    assert qualifier_sides("Mixtral 8x7B (2401.04088) uses top-2 routing over 8 experts per layer") == ("routing_topk:top2",)
    assert qualifier_sides("They were adamant that Mixtral-8x7B uses top-1 routing, not top-2") == ("routing_topk:top1",)
    assert open_objects_match("~ep", "~expert+parallelism")
    parts, _w = parse_note("# 周报\n\n在 Llama-3-8B 上，128K 下预填充提速 3.4 倍。同一模型 64K 约 2 倍，长度越长收益越大。\n", "inbox/a/w.md", "note")
    two = [q for c in parts["claims"] for q in c.quantities if q.raw == "2 倍"][0]
    assert not any(x.startswith("ctx:128") for x in two.conditions) and "model:llama3-8b" in two.conditions


def test_second_round_contradictions(tmp_path):
    """A document's bullet naming no work under one about SGLang is SGLang's (LRU against a card's LFU); a disputes
    table's row says what its conclusion cell says (对称 against 非对称); a work written "Mixtral-8x7B" is the cited
    "Mixtral 8x7B"; "needs EP across 8 GPUs" against "does not require expert parallelism"; a version whose old scheme "was
    dropped". Not flagged: a keynote's figure the writer calls "not comparable with what the paper measures"; the document's
    own sentence quoted to be edited (“W3 困惑度普遍在 6.0–6.3”那句)."""
    files = {
        "organized/knowledge/doc.md": ("# Notes\n\nLast revised 2027-12-01\n\n## 2 Caching\n\n### 2.1 Trees\n\n"
                                       "- SGLang 的 RadixAttention (arXiv:2312.07104v2) 把 KV 组织成一棵 radix tree。\n"
                                       "- 显存不够时按 LRU eviction 递归淘汰叶子节点。\n\n"
                                       "- QuaRot [2]：权重、激活和 KV 缓存统一采用对称量化。\n"
                                       "- Mixtral 8x7B (2401.04088) uses top-2 routing over 8 experts per layer.\n"
                                       "- HotSwap (2602.13307v1): its replicas need no extra HBM because they sit in idle KV-cache headroom.\n\n"
                                       "## References\n\n1. SGLang. arXiv:2312.07104\n2. QuaRot. arXiv:2404.00456\n3. Mixtral. arXiv:2401.04088\n"
                                       "4. HotSwap. arXiv:2602.13307v1\n5. ExpertStream. arXiv:2606.04421\n6. FoldA2A. arXiv:2604.11873\n"),
        "organized/paper_cards/0874-2312-07104.md": "# SGLang\n\n- arXiv: 2312.07104\n- 淘汰：显存不足时按访问频率 (LFU) 淘汰叶子节点。\n",
        "inbox/a/disputes.md": ("# 争议\n\n| 争议点 | A 方说法 | B 方说法 | 结论 |\n|---|---|---|---|\n"
                                "| QuaRot（arXiv:2404.00456）的 KV 是对称还是非对称量化 | 全是对称量化 | KV 是非对称的 | 非对称。KV 用的是带零点的非对称量化 |\n"),
        "inbox/b/trip.md": ("# Trip report\n\n### Hallway\n\nThey were adamant that Mixtral-8x7B uses top-1 routing.\n\n"
                            "### ExpertStream talk (arXiv:2606.04421)\n\nThe speaker was explicit that it needs EP across at least 8 GPUs.\n\n"
                            "### Keynote\n\nHeadline slide: \"8x lower all-to-all latency\" for FoldA2A (2604.11873)-style dispatch. That is a "
                            "marketing number, so it is not comparable with what the FoldA2A paper measures.\n"),
        "organized/repo_cards/0451-expertstream.md": "# x/expertstream\n\n- paper: arXiv:2606.04421\n- It does not require expert parallelism.\n",
        "organized/paper_cards/0612-2604-11873.md": "# FoldA2A\n\n- arXiv: 2604.11873\n- All-to-all latency 45% lower than flat NCCL all-to-all.\n",
        "organized/paper_cards/0617-2602-13307.md": ("# HotSwap\n\n- arXiv: 2602.13307v2\n- What changed in v2. Replicas now come out of a static "
                                                     "reserve per GPU; the v1 scheme of placing replicas in idle KV-cache headroom was dropped (v2: fixes OOM under "
                                                     "long-context load).\n"),
    }
    got = finding_places(tmp_path, files)
    assert ("qualifier", "arXiv:2312.07104", ["0874-2312-07104.md:4", "doc.md:10"]) in got
    assert ("qualifier", "arXiv:2404.00456", ["disputes.md:5", "doc.md:12"]) in got
    assert ("qualifier", "arXiv:2401.04088", ["doc.md:13", "trip.md:5"]) in got
    assert ("negation", "arXiv:2606.04421", ["0451-expertstream.md:4", "trip.md:9"]) in got
    assert ("version", "arXiv:2602.13307", ["0617-2602-13307.md:4", "doc.md:14"]) in got
    assert not [g for g in got if g[1] == "arXiv:2604.11873"]


def test_what_the_fresh_user_and_the_full_run_found():
    """A figure or section's number in a label is no value ("压缩比见 Figure (2)", "Cache Compression（Era 5 核心）"); a
    timeline's "14:03 — …" lines are no radar entries; LRU or LFU named as an ablation's row or setting is no side."""
    assert find_figures("压缩比见 Figure (2)，摘要未给具体数字。") == ()
    assert find_figures("建议归入 §2.3「Cache Compression（Era 5 核心）」，作为一条压缩主张") == ()
    assert [q.value for q in find_figures("KV 压缩比 4")] == [4.0]
    timeline = ("# Postmortem\n\n## Timeline\n\n- 14:03 — tenant acme starts its nightly backfill.\n"
                "- 14:07 — KV usage at 100% on 19 of 24 replicas.\n- 14:11 — TTFT pager fires.\n")
    assert [ln for ln, _w in _items(timeline)] == [3]
    assert qualifier_sides("Table 3 of the PDF also has an LFU row for the same trace and model: 83.9%.") == ()
    assert qualifier_sides("it evicts leaves in LRU order") == ("eviction_policy:lru",)
