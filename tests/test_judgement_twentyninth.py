"""The twenty-ninth stop's rules and fixes (blind shifts t295-t298: state-space and hybrid models with an Obsidian note and
a heading-less bullet list; inference energy with a Zotero export and a table of papers; early exit with a YAML-only card
and a long critical read in the writer's own headings; diffusion language models in a long Chinese living document), each
pinned on a small inline text of our own (docs/FORMAT.md §5, §7, §8).

Each test writes the shape of text that defeated provkg and asserts the values it now gives, with the readings that
must not change beside it.
"""
from __future__ import annotations

from pathlib import Path

from conftest import finding_places

from ingest.facts import find_figures, predicates, qualifier_sides


def _figs(text: str) -> list[tuple[str, str | None, tuple[str, ...], str | None]]:
    return [(q.raw, q.metric, q.conditions, q.direction) for q in find_figures(text)]


def test_a_gpus_memory_is_its_setting_not_a_memory_figure():
    """"fits up to 140K tokens of context on a single 80 GB GPU" gave an 80 GB *memory* figure and no setting, so it met
    "fits a 256K context on one 80GB card" with nothing shared; the card's size is a setting now, on both sides."""
    assert _figs("the 52B model fits up to 140K tokens of context on a single 80 GB GPU.") == \
        [("140K", "context", ("gpumem:80", "msize:52b", "stat:max"), None)]
    assert _figs("it fits a 256K context on one 80GB card") == [("256K", "context", ("gpumem:80",), None)]
    assert _figs("KV takes 80 GB at 1M")[0][:2] == ("80 GB", "memory")  # (a size of the cache stays a memory figure)


def test_a_change_by_a_figure_takes_its_direction_from_the_verb_before_the_measure():
    """"lowered total inference energy by roughly 13%": the verb stands four words before the figure, so the cut was
    read as a rise and never met "总能耗下降约 23%"."""
    assert _figs("capping the A100 at 250 W lowered total inference energy by roughly 13%") == \
        [("13%", "energy", ("hw:a100",), "down")]
    assert _figs("raised decode throughput on the A100 by roughly 13%")[0][3] is None  # (a rise stays a rise)


def test_a_models_size_tier_sets_its_figures_apart():
    """"Mercury Coder Mini … 1109 tok/s" against "Mercury Coder Small 是 737 tok/s，Mini 才是 1109 那个": two tiers of one
    family, no disagreement."""
    assert _figs("Mercury Coder Mini 在 H100 上报告约 1109 tok/s。") == [("1109 tok/s", "throughput", ("hw:h100", "tier:mini"), None)]
    assert _figs("里面 Mercury Coder Small 是 737 tok/s，Mini 才是 1109 那个") == [("737 tok/s", "throughput", ("tier:small",), None)]
    assert _figs("Gemini 1.5 Pro reaches 2.1x")[0][2] == ("tier:pro",)


def test_measures_the_lexicon_lacked():
    """Model FLOPs utilisation, denoising steps, skipped layers, win rate, queueing delay and pipeline bubbles are measures
    of their own (before, each was no measure or fell to the sentence's other one)."""
    assert [(q.raw, q.metric) for q in find_figures("MFU rises to 52% on 8xH100")] == [("52%", "utilization")]
    assert [(q.raw, q.metric) for q in find_figures("cuts denoising steps by 4x at equal quality")] == [("4x", "steps")]
    assert [(q.raw, q.metric) for q in find_figures("skips 38% of layers on average")] == [("38%", "layers")]
    assert [(q.raw, q.metric) for q in find_figures("win rate 61% against GPT-4")] == [("61%", "win_rate")]
    assert [(q.raw, q.metric) for q in find_figures("queueing delay drops 45%")] == [("45%", "queueing")]
    assert [(q.raw, q.metric) for q in find_figures("pipeline bubble falls to 7%")] == [("7%", "bubble")]


def test_qualifier_aspects_of_the_field():
    """Contrasts the field writes about every week, not only the ones a shift planted: tree vs chain drafts, structured
    vs unstructured sparsity, a central vs a decentralised scheduler, uniform vs non-uniform grids, causal vs
    bidirectional attention, code released or not, continuous vs static batching, paged vs contiguous KV, prefix-only vs
    any-position reuse, keys only vs keys and values."""
    cases = {
        "SpecTree verifies a token tree in one pass": ("draft_shape:tree",),
        "it drafts a single chain of tokens, no tree": ("draft_shape:chain",),
        "2:4 structured sparsity": ("sparsity_structure:structured",),
        "非结构化稀疏": ("sparsity_structure:unstructured",),
        "one central scheduler": ("scheduler_scope:central",),
        "decentralized scheduling, no central scheduler": ("scheduler_scope:decentral",),
        "non-uniform quantization with a learned codebook": ("quant_uniformity:nonuniform",),
        "uses bidirectional attention": ("attention_mask:bidirectional",),
        "standard causal attention mask": ("attention_mask:causal",),
        "Code is not released yet.": ("code_release:unreleased",),
        "代码未开源": ("code_release:unreleased",),
        "权重已开源": ("code_release:released",),
        "uses continuous batching": ("batching_level:iteration",),
        "vLLM-style paged KV cache": ("kv_layout:paged",),
        "pre-allocates the full max-length KV buffer per request": ("kv_layout:contiguous",),
        "only reuses an exact shared prefix": ("reuse_scope:prefix_only",),
        "CacheBlend reuses KV of chunks at arbitrary positions": ("reuse_scope:any_position",),
        "quantizes only the keys to 2 bits": ("kv_part_scope:keys_only",),
        "quantizes both keys and values": ("kv_part_scope:keys_and_values",),
    }
    assert {t: qualifier_sides(t) for t in cases} == cases
    assert qualifier_sides("evaluated on closed-source models") == ()  # (a closed model is no unreleased code)
    assert qualifier_sides("faster than static batching") == ()  # (the baseline's side)
    assert qualifier_sides("the exact prefix match") == ("reuse_scope:prefix_only",)  # ("exact" of a match is no lossless)
    assert qualifier_sides("it computes exact attention") == ("fidelity:lossless",)


def test_predicates_of_the_field():
    """Reusing the KV cache (in either language), batching, capping power and sharing weights are things a work does or
    does not do: "块间可以复用已完成块的 KV 缓存" against "cannot reuse the KV of finished blocks" was no negation."""
    assert predicates("BD3-LM 块间可以复用已完成块的 KV 缓存") == ("+reuse:kv_cache",)
    assert predicates("BD3-LM cannot reuse the KV of finished blocks, so every step re-encodes the prefix") == ("-reuse:kv_cache",)
    assert predicates("SkipDecode doesn't batch: it's a batch-size-1 method") == ("-batch:",)
    assert "+batch:kv_cache" in predicates("It supports batched decoding and the KV cache")
    assert predicates("论文专门给了一种压低 token 机器功耗上限的部署方案") == ("+cap_power:",)
    assert predicates("它并没有给 token 机器设功耗上限") == ("-cap_power:",)
    assert predicates("Zamba does not share weights across its attention blocks") == ("-share:weights",)
    assert predicates("at batch size 64") == ()  # (a batch size is a setting, nothing batched or not)


_EE_DOC = """# Early exit

Curated by R. A. (rev. 3, 2028-07-07)

## 5 Adaptive depth

- ExitServe [2] gets 2.4x end-to-end over vLLM at batch size 1.
- SkipDecode [1] supports batched decoding and the KV cache.

## References

1. Del Corro, Del Giorno, Agarwal, Yu, Awadallah, Mukherjee. SkipDecode: Autoregressive Skip Decoding with Batching and Caching for Efficient LLM Inference. arXiv:2307.02628
2. Haddad, Oyelaran. ExitServe: Batched Early-Exit Decoding. arXiv:2605.08317
"""

_EE_CARD = """---
id: 2605.08317v1
title: "ExitServe: Batched Early-Exit Decoding"
source: abstract of v1 only, pdf not opened
claims:
  - per-token exit classifier at three exit points, backbone frozen
  - "2.4x end-to-end speedup over vLLM at batch size 1 (Llama-3-8B)"
suggested_section: "5.1 Early exit"
---
"""

_EE_READ = """# Critical read: ExitServe (arXiv:2605.08317v2)

## Why I picked it up

It goes at the open question of our 5.1: does early exit pay off at batch sizes above one?

## How deep I went

Read v2 end to end, appendix included.

## Numbers

- The headline moved between versions: v1's abstract claimed 2.4× end-to-end over vLLM at batch 1, v2 says 1.7× at batch 1
  once the baseline runs with CUDA graphs.
- The baseline is stock vLLM (arXiv:2309.06180) with paged KV, which is the right one.

## What I don't buy

- The related-work table files Draft & Verify (arXiv 2309.08168) under lossy methods next to CALM.
- CALM's guarantee is probabilistic (2207.07061); it never promises token-for-token equality.

## Where it should go

§5.1, next to SkipDecode.
"""

_EE_TOMASZ = """**SkipDecode and batching**

Exit depth is decided per token, so in practice SkipDecode (2307.02628) doesn't batch: it's a batch-size-1 method.
"""


def _ee_files() -> dict[str, str]:
    return {"organized/knowledge/early-exit.md": _EE_DOC, "organized/paper_cards/0731-2605-08317.md": _EE_CARD,
            "inbox/kwame/critical-read-exitserve.md": _EE_READ, "inbox/tomasz/depth-notes.md": _EE_TOMASZ}


def test_a_yaml_only_cards_statement_fields_are_its_statements():
    """A card kept as YAML alone (``claims:`` in its front matter, no body) said nothing: its "2.4x … at batch size 1" of
    v1 never met v2's 1.7x. Its statement fields are read as its statements, at their own lines; its other fields
    (``title``, ``suggested_section``) stay metadata."""
    from ingest.notes import parse_note

    parts, _w = parse_note(_EE_CARD, path="organized/paper_cards/0731-2605-08317.md", kind="paper_card")
    said = [(c.line, c.role, [q.raw for q in c.quantities]) for c in parts["claims"] if c.role != "metadata"]
    assert said == [(6, "statement", []), (7, "statement", ["2.4x"])]
    assert [c.line for c in parts["claims"] if c.role == "metadata"] == [4, 8]


def test_a_critical_read_in_the_writers_own_headings_is_one_read(tmp_path: Path):
    """"# Critical read: ExitServe (arXiv:…)" over "## Why I picked it up", "## How deep I went", "## Numbers", "## What I
    don't buy", "## Where it should go" was ten items (the headings are no generic ones the lexicon lists, and one section
    compares with two other works); the title names one paper and no heading names another: one read of it."""
    from ingest.notes import parse_note

    parts, _w = parse_note(_EE_READ, path="inbox/kwame/critical-read-exitserve.md", kind="note")
    assert [(it.line, it.works) for it in parts["items"]] == [(1, ("2605.08317",))]


def test_the_version_change_against_the_yaml_card_and_no_title_as_a_statement(tmp_path: Path):
    """The card's v1 figure against the read's v2 figure is a version finding (the read giving both values with "v1"
    and "v2" between them is no list of alternatives); the reference list's title "… with Batching and Caching …" is no
    statement that SkipDecode batches (the authors "Del Corro, Del Giorno, …" were read as the title), so only the
    living document's own line is set against "doesn't batch"."""
    places = finding_places(tmp_path, _ee_files())
    assert ("version", "arXiv:2605.08317", ["0731-2605-08317.md:7", "critical-read-exitserve.md:13"]) in places
    negations = [p for p in places if p[0] == "negation"]
    assert negations == [("negation", "arXiv:2307.02628", ["depth-notes.md:3", "early-exit.md:8"])]


def test_alternatives_after_a_semicolon_agree_with_one_of_them(tmp_path: Path):
    """"吞吐 1.4× 且成本低 20%；或者在同等功耗与成本预算下吞吐 2.35×" against a table's "同等功耗与成本预算下吞吐 2.35 倍": the
    second alternative is the table's, no disagreement (the semicolon before "或者" hid the alternative)."""
    doc = ("# 推理能耗\n\n整理人：冯晓\n\n## 二、能耗测量\n\n"
           "- Splitwise（2311.18677）的结果：吞吐 1.4× 且成本低 20%；或者在同等功耗与成本预算下吞吐 2.35×。\n")
    table = ("| arXiv | 标题 | 结论 | 读到哪 |\n|---|---|---|---|\n"
             "| 2311.18677 | Splitwise | 同等功耗与成本预算下吞吐 2.35 倍 | 全文 |\n")
    places = finding_places(tmp_path, {"organized/knowledge/推理能耗.md": doc, "inbox/wenjie/能效论文登记表.md": table})
    assert [p for p in places if p[0] == "number"] == []


# -- second round (t299-t302: model routing and cascades; RAG serving in Obsidian notes and a Zotero export; CPU and NPU
# inference with a YAML-only card; fault tolerance in a long Chinese living document with a shifted table)


def test_calls_to_the_large_model_are_a_measure_and_x86_and_arm_are_hardware():
    """"41% fewer calls to the large model" and "61% fewer large-model calls" had no measure; "ARM: 1.37x to 5.07x" against
    "6.17 times … on x86" had no setting apart."""
    assert _figs("Headline: 41% fewer calls to the large model at iso-quality on MT-Bench")[0][:2] == ("41%", "calls")
    assert _figs("61% fewer large-model calls at matched MT-Bench quality")[0][:2] == ("61%", "calls")
    assert _figs("ARM: 1.37x to 5.07x faster")[0][2] == ("hw:arm",)
    assert _figs("up to 6.17 times faster than llama.cpp on x86")[0][2] == ("base:llama.cpp", "hw:x86", "stat:max")


def test_a_condition_written_against_chinese_is_read():
    """Python's ``\\b`` counts a Chinese character as a letter: "TTFT平均降6.8倍" had no TTFT, "说P99 TTFT降了58%" no P99."""
    assert _figs("印象里TTFT平均降6.8倍、最高9.4倍")[0][2] == ("latkind:ttft", "stat:mean")
    assert _figs("群里转的，说P99 TTFT降了58%")[0][2] == ("latkind:ttft", "percentile:99")


def test_the_statistic_a_figure_is_of_and_its_measure_carried_down_a_list():
    """"TTFT 最多降 9.4×，平均 8.6×": the mean is a TTFT's cut too (it had no measure), and a maximum is no mean, so "平均降6.8倍"
    elsewhere meets the 8.6×, not the 9.4×; a hyper-parameter moved ("锚点从 16 加到 64") is an ablation's setting."""
    assert [(q.raw, q.metric, q.conditions) for q in find_figures("报告 TTFT 最多降 9.4×，平均 8.6×。")] == \
        [("9.4×", "latency", ("latkind:ttft", "stat:max")), ("8.6×", "latency", ("latkind:ttft", "stat:mean"))]
    assert _figs("锚点从 16 加到 64：F1 差距收窄到 0.3 以内，TTFT 收益掉到 2.5×") == [("2.5×", "latency", ("ablation:yes", "latkind:ttft"), None)]
    assert _figs("延迟从 100 降到 50 ms")[0][2] == ()  # (a measured change is no ablation)


def test_an_identifier_glued_to_a_name_in_a_chinese_note_is_read():
    """"Block-Attention2409.15355其实是免训练的": the name runs into the identifier; in a Chinese line it is one. Outside one,
    or after a version's "v", it is not."""
    from ingest.arxiv import find_arxiv_ids

    assert [m.arxiv_id for m in find_arxiv_ids("周会上：Block-Attention2409.15355其实是免训练的")] == ["2409.15355"]
    assert [m.raw for m in find_arxiv_ids("SlackBatch2603.14721那篇")] == ["2603.14721"]
    assert find_arxiv_ids("Block-Attention2409.15355 is training-free") == []
    assert find_arxiv_ids("v2409.15355 中文") == []


def test_sides_of_a_statement_that_disputes_or_makes_one_optional():
    """"our doc says the migration is lossless. By default it isn't" disputes the document's side; "So it's lossy out of
    the box; bit-exact transfer is an opt-in" says lossy (the exact side is an option); "需要做块注意力微调" needs training;
    "Baseline is chain drafting" is the baseline's side."""
    assert qualifier_sides("Went back because our doc says the migration is lossless. By default it isn't: it casts KV to FP8") == ("fidelity:lossy",)
    assert qualifier_sides("So it's lossy out of the box; bit-exact transfer is an opt-in that costs 1.8x.") == ("fidelity:lossy",)
    assert qualifier_sides("需要做块注意力微调，不微调则明显下降") == ("training:needs_training",)
    assert qualifier_sides("不需要做任何微调") == ("training:training_free",)
    assert qualifier_sides("2.4–2.7x over sequential chain verification. Baseline is chain drafting") == ()


def test_predicates_denied_in_other_words():
    """"其实不做实时迁移" denies any migration; "there are no energy measurements" denies measuring energy; "省掉 prompt 的重算"
    and "不支持批处理" deny what follows; "stall-free batching" (a technique's name) states no batching."""
    assert predicates("老周说 arXiv:2401.14351 其实不做实时迁移，论文只管 checkpoint") == ("-migrate:",)
    assert predicates("The paper reports latency only; there are no energy measurements in it.") == ("-measure_energy:",)
    assert predicates("They do measure energy with a power monitor")[0] == "+measure_energy:"
    assert "-recompute:" in predicates("故障后从副本恢复，省掉 prompt 的重算。")
    assert predicates("拼接时不重算任何 token") == ("-recompute:tokens",)
    assert predicates("它不支持批处理")[0] == "-batch:"
    assert predicates("Preemption: no — stall-free batching, running decodes are never evicted") == ("+run:", "-drop:")


def test_a_ceiling_agrees_with_a_range_below_it():
    """"吞吐 up to 7×" against "吞吐提升 2.8–5×": the range lies under the ceiling; "up to 2×" does not hold it."""
    from queries.contradictions import disagree

    rng = find_figures("吞吐提升 2.8–5×")[0]
    assert not disagree(find_figures("吞吐 up to 7×")[0], rng)
    assert disagree(find_figures("吞吐 up to 2×")[0], rng)


def test_titles_shortened_or_shifted_are_no_two_titles(tmp_path: Path):
    """A table cell writing a title short ("LLM cascades w/ Mixture-of-Thought representations") names the paper the list
    gives in full; a table whose title column slid down a row gives each identifier its neighbour's title, and none of them
    is a second title of a work (a one-off pasted title, the twenty-third stop's "KIVI: …" beside KVQuant, still is)."""
    from queries.contradictions import title_variant

    assert title_variant("Large Language Model Cascades with Mixture of Thoughts Representations for Cost-efficient Reasoning",
                         "LLM cascades w/ Mixture-of-Thought representations") == "variant: a shortened title"
    assert title_variant("RouterBench: A Benchmark for Multi-LLM Routing System", "RouteBench: Benchmarking Routers over Many LLMs") is None
    doc = ("# 弹性推理\n\n负责人：白露\n\n## 三、故障恢复\n\n- DistServe（2401.09670）与 Llumnix（2406.03243）。\n\n## 参考文献\n\n"
           "1. DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model Serving. arXiv:2401.09670\n"
           "2. Llumnix: Dynamic Scheduling for Large Language Model Serving. arXiv:2406.03243\n")
    table = ("| # | arXiv | 标题 | 要点 |\n|---|---|---|---|\n"
             "| 1 | 2605.13358 |  | 在线把 TP=8 缩成 TP=4 |\n"
             "| 2 | 2401.09670 | ElasticTP: Live Resharding of Tensor Parallelism for Spot-Aware LLM Serving | prefill / decode 分离 |\n"
             "| 3 | 2406.0324 | DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model Serving | 迁移停顿 |\n"
             "| 4 | 2602.10417 | Llumnix: Dynamic Scheduling for Large Language Model Serving | 邻居互备 KV |\n"
             "| 5 | 2606.04127 | HotSwap: Sub-second Failover for Tensor-Parallel LLM Inference | 冷 KV 卸载 |\n")
    places = finding_places(tmp_path, {"organized/knowledge/弹性推理.md": doc, "inbox/hanxue/速览.md": table})
    assert [p for p in places if p[0] == "title"] == []


def test_a_figure_set_apart_from_another_works_is_still_compared(tmp_path: Path):
    """"…the curve is not directly comparable with RouteLLM's" three lines under "41% fewer calls to the large model" settled
    the 41% as if the writer had said it agrees with everything; it only sets it apart from RouteLLM's, so the card's 61%
    is a disagreement. A repository card's own README figures for two papers at once are no figure of either."""
    note = ("# reads\n\n## ThriftRoute (arXiv:2605.11873)\nRead the whole thing. Headline: 41% fewer calls to the large model at\n"
            "iso-quality on MT-Bench vs always-strong. Careful, their judge is GPT-4o,\nso the curve is not directly comparable with RouteLLM's.\n")
    card = "# ThriftRoute\n\n- arXiv: 2605.11873\n- Numbers: 61% fewer large-model calls at matched MT-Bench quality vs. always-strong.\n"
    places = finding_places(tmp_path, {"inbox/m/reads.md": note, "organized/paper_cards/0731-2605-11873.md": card})
    assert ("number", "arXiv:2605.11873", ["0731-2605-11873.md:4", "reads.md:4"]) in places


# -- third round (t303-t306: serving benchmarks; guardrail overheads; non-NVIDIA accelerators with a YAML-only card; GPU
# sharing in a long Chinese living document), scored cold on the code the second round left: 6 of 16


def test_third_round_vocabulary_and_shapes():
    """Open- vs closed-loop load and Poisson vs bursty arrivals are aspects; a pause is a measure; "不把 adapter 合并进基座权重"
    denies the merge; "v2 drops the lossless wording" takes lossless back; "not directly comparable to TAA's open-loop ones"
    names another work's side; a change with no measure in its clause is of the measure just before it."""
    assert qualifier_sides("DistServe also uses an open-loop client with Poisson arrivals") == ("arrival_process:poisson", "load_loop:open_loop")
    assert qualifier_sides("[[DistServe]] itself ran its experiments with a closed-loop client (fixed number of outstanding "
                           "requests), which would make its goodput curves not directly comparable to TAA's open-loop ones.") == \
        ("load_loop:closed_loop",)
    assert qualifier_sides("Poisson is the default nearly everywhere, yet BurstGPT shows arrivals are not Poisson") == ("arrival_process:bursty",)
    assert _figs("Reconfiguration pause goes from ~9.6 s down to 4.1 s on H100 SXM")[-1][:2] == ("4.1 s", "pause")
    assert qualifier_sides("S-LoRA 不把 adapter 合并进基座权重：基座部分整批一起算") == ("adapter_merge:unmerged",)
    assert qualifier_sides('v2_change: "v2 drops the lossless wording: the revised abstract calls FP8 KV near-lossless"') == ("fidelity:lossy",)
    assert _figs("Constitutional Classifiers 的推理开销，组会上 K 说是涨了 33.7%，比我印象里高不少。")[0][:2] == ("33.7%", "overhead")


def test_a_claim_answered_in_two_words_is_turned_round():
    """"The newsletter … claims the method needs no shape bucketing. It does." was two sentences, the first a denial (which
    matched the newsletter's) and the second nothing: the answer is the sentence before's, and it turns the claim round."""
    from ingest.notes import sentence_pieces

    assert sentence_pieces(((20, "The summary claims the method needs no shape bucketing. It does. Section 4.2 is explicit."),)) == \
        [("The summary claims the method needs no shape bucketing. It does.", 20, 20), ("Section 4.2 is explicit.", 20, 20)]
    assert predicates("The summary claims the method needs no shape bucketing. It does.") == ("+need:~bucketing+shape",)
    assert predicates("The README says it does not need a custom kernel. It does not.") == ("-need:kernel",)


def test_a_change_field_of_a_yaml_card_is_a_statement():
    """A YAML-only card's ``v2_change:`` field says what the later version changed: a statement (a version finding against
    the document's v1 "lossless"), as ``claims:`` is."""
    from ingest.notes import parse_note

    card = ('---\nid: 2604.07719v2\ntitle: "RocKV"\nsource: abstract of v2\nv2_change: "v2 drops the lossless wording: the '
            'revised abstract calls FP8 KV near-lossless"\n---\n')
    parts, _w = parse_note(card, path="organized/paper_cards/0731-2604-07719.md", kind="paper_card")
    assert [(c.line, c.qualifiers) for c in parts["claims"] if c.role != "metadata"] == [(5, ("fidelity:lossy",))]


def test_what_the_full_runs_showed():
    """Readings mended after full runs of all 302 shifts: "(recompute: 410 ms)" labels a baseline's figure (no act of
    recomputing); "needs no prefill recompute." denies it; "about 2.5x over chain drafting" names the baseline's side."""
    assert predicates("re-admission of a 16k-token session: 38 ms p50 (recompute: 410 ms)") == ()
    assert "-recompute:" in predicates("so re-admission needs no prefill recompute.")
    assert qualifier_sides("Speedup story unchanged: about 2.5x over chain drafting on the 8B models.") == ()
    assert predicates("另外每块开头的 16 个“锚点 token”会重新算一遍") == ("+recompute:tokens",)


def test_a_cards_source_line_keeps_its_depth_beside_card_only():
    """"**Card source:** full PDF; Tables 2–4 checked against the text" gave card_only alone (a line saying how the card was
    made dropped its depth); the depth stays (the full text in place of card_only, as a person's own reading of the PDF is;
    an abstract beside card_only, which then stays the card's level)."""
    from ingest.notes import parse_note

    parts, _ = parse_note("# WarmStart\n\n- **arXiv:** 2607.02291\n- **Card source:** full PDF; Tables 2–4 checked against the text\n",
                          "organized/paper_cards/0311-2607-02291.md", "paper_card")
    line = next(c for c in parts["claims"] if c.line == 4)
    assert line.evidence_levels == ("full_text",)
    parts, _ = parse_note("# StateSnap\n\n- id: arXiv:2603.11482\n- source: arXiv abstract page only; PDF not opened when this card was made\n",
                          "organized/paper_cards/0612-2603-11482.md", "paper_card")
    line = next(c for c in parts["claims"] if c.line == 4)
    assert "abstract_checked" in line.evidence_levels and "card_only" in line.evidence_levels


def test_one_living_document_giving_one_identifier_two_titles_is_a_title_finding(tmp_path: Path):
    """An awesome list's copy-paste slip ("2404.09221" as "Exploring and Improving Drafts …" on one line and "Multi-Token
    Joint Speculative Decoding …" on the next) was never reported: only pairs of files were compared (a fresh user on the
    public corpus). Two entries of one living document are compared too; one title containing the other is no finding."""
    doc = ("# Awesome inference\n\n## Paper List\n\n"
           "- [Exploring and Improving Drafts in Blockwise Parallel Decoding](https://arxiv.org/abs/2404.09221)\n"
           "- [Multi-Token Joint Speculative Decoding for Accelerating Large Language Model Inference](https://arxiv.org/abs/2404.09221)\n"
           "- [Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism](https://arxiv.org/abs/1909.08053)\n"
           "- [Training Multi-Billion Parameter Language Models Using Model Parallelism](https://arxiv.org/abs/1909.08053)\n")
    places = finding_places(tmp_path, {"organized/knowledge/awesome.md": doc})
    assert [p for p in places if p[0] == "title"] == [("title", "arXiv:2404.09221", ["awesome.md:5", "awesome.md:6"])]
    # (a full run showed what is no second title: the same title with another venue and year, a short label naming the
    # paper, and a table cell of the body that is no entry of the list)
    refs = ("# Serving\n\nOwner: a\n\n## 1 Kernels\n\n| Kernel | arXiv | Note |\n|---|---|---|\n| FA3 | 2407.08608 | 依赖 warp specialization |\n\n"
            "## References\n\n"
            "1. Dao. FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning. ICLR 2024. arXiv:2307.08691\n"
            "2. Dao. FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning. arXiv 2023. arXiv:2307.08691\n"
            "3. Kwon et al. Efficient Memory Management for Large Language Model Serving with PagedAttention. SOSP 2023. arXiv:2309.06180\n"
            "4. Kwon et al. vLLM / PagedAttention (preprint version). arXiv:2309.06180v2\n"
            "5. Shah et al. FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision. 2024. arXiv:2407.08608\n")
    assert [p for p in finding_places(tmp_path / "refs", {"organized/knowledge/serving.md": refs}) if p[0] == "title"] == []


def test_a_yaml_only_cards_own_fields_are_statements():
    """A card kept as YAML alone writes its facts under keys of its own (``what_it_does: >`` over a paragraph, ``claims:``
    over ``decode_speedup_v3: "2.2x … the v1 figure of 3.1x … is withdrawn"``): those are statements; its metadata
    (``title``, ``authors``, ``read_depth``) and its to-do list are not."""
    from ingest.notes import parse_note

    card = ('---\narxiv: "2602.04417"\ntitle: "FuseTune"\nauthors: [K. Ostrowski, M. Rao]\nread_depth:\n  v3: "abstract only"\n'
            'what_it_does: >\n  Treats fusion boundaries and tile shapes as one search space.\nclaims:\n'
            '  decode_speedup_v3: "2.2x decode throughput over torch.compile max-autotune (Llama-3-8B)"\n'
            'todo:\n  - "fix the 3.1x in the FuseTune bullet"\n---\n')
    parts, _ = parse_note(card, path="organized/paper_cards/0588-2602-04417.md", kind="paper_card")
    said = [(c.line, [q.raw for q in c.quantities]) for c in parts["claims"] if c.role != "metadata"]
    assert said == [(8, []), (10, ["2.2x"])]
