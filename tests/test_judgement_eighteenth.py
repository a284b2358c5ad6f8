"""The eighteenth stop's rules (blind shifts t175-t178, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives: a context length beside a speedup, a FAQ's question label, a
thread's numbered posts, an arrow that leads to "skip", evidence cues (a depth label, "abstract pages",
"card-level", "other people's summaries", "all I know is what she wrote", "per thread group" as a kernel's
words), one kernel measured alone written two ways, an arrival rate, a Chinese must-write-a-kernel and its
denial, where an expert is computed, and a migration denied.
"""
from __future__ import annotations

from conftest import evidence_levels, finding_places

from ingest.facts import find_figures, predicates
from ingest.notes import parse_note


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works), i.relevance) for i in parts["items"]]




# --------------------------------------------------------------------------- figures

def test_a_context_length_in_tokens_is_the_setting_of_a_speedup_not_its_measure():
    """"the prefill speedup at 1M tokens on LLaMA-3-8B (one A100) at 6.4x": "tokens" is nearer the figure than
    "speedup", and named the measure, so it was never set against the document's "10x faster prefill"."""
    (q,) = find_figures("their slide put the prefill speedup at 1M tokens on LLaMA-3-8B (one A100) at 6.4x.")
    assert (q.value, q.unit, q.metric) == (6.4, "x", "speedup")
    assert "ctx:1000000" in q.conditions


def test_an_arrival_rate_scaled_is_no_speedup():
    """"对 trace 做了重采样（到达率放大 4 倍）": the trace's arrival rate times four, a setting of the experiment,
    was read as a 4x speedup and set against the paper's 2.1x."""
    got = [(q.value, q.metric) for q in find_figures("作者称吞吐约 2 倍，但他们对 trace 做了重采样（到达率放大 4 倍）。")]
    assert (4.0, "arrival_rate") in got and (2.0, "throughput") in got


def test_tokens_per_second_is_a_throughput_whatever_word_stands_nearer():
    """"cold experts in INT3 in host memory. Mixtral-8x7B decodes at 4.6 tok/s": a rate of tokens is no memory."""
    got = [(q.value, q.metric) for q in find_figures("cold experts in INT3 in host memory; Mixtral-8x7B decodes at 4.6 tok/s")]
    assert got == [(4.6, "throughput")]


def test_a_gain_that_shrinks_to_a_value_is_still_a_gain():
    """"the decode throughput gain … shrinks to 1.35x (v1 had 1.9x)": "shrinks" is a compression word, but
    shrinking *to* a ratio is the gain's new value."""
    got = [(q.value, q.metric) for q in find_figures("the decode throughput gain for DeepSeek-V2 on 8×H100 shrinks to 1.35x")]
    assert got == [(1.35, "throughput")]


def test_one_kernel_measured_alone_written_two_ways_is_compared(tmp_path):
    """"Attention-kernel speedup … 1.46x" and "Kernel-level figure: 1.64x" at the same length and GPU: both the
    kernel alone (scopes ``attention`` and ``kernel``), a digit swap to flag."""
    doc = ("# Kernels\n\n## 1 Decoding kernels\n\n- FlashDecoding++ (2311.01282) uses a unified max value.\n"
           "  Attention-kernel speedup over Flash-Decoding: 1.46x at 32K sequence length on A100.\n\n"
           "## References\n\n- FlashDecoding++. arXiv 2311.01282\n")
    note = ("# Notes\n\n## FlashDecoding++\n\nhttps://arxiv.org/abs/2311.01282 — asynchronous softmax.\n"
            "Kernel-level figure: 1.64x over Flash-Decoding at 32K sequence length on A100.\n")
    got = finding_places(tmp_path, {"organized/knowledge/k.md": doc, "inbox/m/n.md": note})
    # (the bullet opens on line 5; its figure is written on line 6, the line the finding names)
    assert ("number", "arXiv:2311.01282", ["k.md:6", "n.md:6"]) in got


# --------------------------------------------------------------------------- items and titles

def test_a_faq_question_label_is_no_title():
    """"**Q:** Is Ring Attention ([2310.01889]) exact …": "Q: Is Ring Attention" was taken for the work's title
    and reported as a second title of its identifier."""
    from ingest.notes import written_title
    line = "**Q:** Is Ring Attention ([2310.01889]) exact, or does it approximate the cross-block terms?"
    s = line.index("2310.01889")
    assert written_title(line, s, s + len("2310.01889")) is None


THREADS = """\
X roundup — other people's summaries, copied.

Thread 1 (@kat)
1/ new offloading paper: GateAhead, arxiv.org/abs/2604.07721v2. a tiny MLP guesses the next experts
2/ headline number: 7.4 tok/s decode on a single RTX 3090
3/ that's ~5x over mixtral-offloading (2312.17238) on the same card
4/ the catch: it's lossy.
→ if it holds up this is 6.1 material

Thread 2 (@pete)
1/ unpopular opinion: rent an H200 and serve DeepSeek-V3 [2412.19437] properly
2/ 10/10 would not offload again
→ 纯吐槽，跳过。
"""


def test_a_threads_numbered_posts_are_one_topic_and_an_arrow_to_skip_is_a_no():
    """A pasted X thread (``1/``, ``2/`` …) was split at the post that names a compared work, so "it's lossy" was
    said of mixtral-offloading; and "→ 纯吐槽，跳过。" counted as a placement arrow, the item an increment."""
    got = _items(THREADS)
    assert [(ln, w) for ln, w, _r in got] == [(4, ("2604.07721",)), (11, ("2412.19437",))]
    assert got[1][2] == "low"


# --------------------------------------------------------------------------- evidence

def test_evidence_cues_of_the_eighteenth_round():
    assert "abstract_checked" in evidence_levels("How far I got: abstract, intro and the headline figures for everything below.")
    assert "abstract_checked" in evidence_levels("Remarks below come from my triage pass over the abstract pages only.")
    assert "full_text" in evidence_levels("Read the whole v2 PDF over the weekend, calibration appendix included.")
    assert "full_text" in evidence_levels("I know RULER in full from writing our evaluation section.")
    assert "card_only" in evidence_levels("No, training-free according to our card 0731; that's card-level only.")
    assert "second_hand" in evidence_levels("what follows is other people's summaries off X; the numbers are theirs, not mine.")
    assert "second_hand" in evidence_levels("I haven't read it, all I know is what she wrote in the forward.")
    assert "unverified" in evidence_levels("relevant to 6.2. haven't diffed v1 against v2 myself.")
    # a kernel's "per thread group" and "per-thread granularity" are no relayed thread
    assert "second_hand" not in evidence_levels("Block table gather per thread group, one warp per block.")
    assert "second_hand" not in evidence_levels("INT4 Q/K at per-thread granularity, FP8 P·V.")


def test_a_note_item_resting_on_the_card_alone_is_low():
    """"training-free according to our card 0731; nobody here has read the paper yet": the card's claim repeated,
    nothing beyond the card."""
    text = ("# Open questions\n\n**Q:** Does TailSink (2607.13390) need retraining?\n"
            "**A:** No, training-free according to our card 0731; nobody here has read the paper yet, so that's "
            "card-level only.\n\n**Q:** Who owns the eval box?\n**A:** Ops. Booked Tue-Wed.\n")
    got = _items(text)
    assert got[0][:2] == (3, ("2607.13390",)) and got[0][2] == "low"


# --------------------------------------------------------------------------- predicates

def test_a_chinese_must_write_a_kernel_and_its_denial():
    """"得专门写定制的 CUDA kernel" says the work needs a kernel; "无需改动注意力内核" denies it, as "不需要修改内核"
    and "does not need changes to the kernel" already did."""
    assert "+need:kernel" in predicates("要把预填充分块和解码请求塞进同一个 batch 里跑，得专门写定制的 CUDA kernel")
    assert "+need:kernel" in predicates("X has to write a custom CUDA kernel")
    assert "-need:kernel" in predicates("分块预填充直接复用已有的分页注意力实现，无需改动注意力内核。")
    assert predicates("跑得快的内核") == () and predicates("我得写完这个内核") == ()


def test_where_an_expert_is_computed_and_a_migration_denied():
    assert predicates("it computes that expert's FFN on the CPU instead of copying the weights") == ("+compute:cpu", "-copy:weights")
    assert predicates("Fiddler does not compute experts on the CPU at all") == ("-compute:cpu",)
    assert predicates("Llumnix does not migrate requests that are already decoding") == ("-migrate:~request",)
    assert predicates("Llumnix live-migrates running requests across instances") == ("+migrate:~request",)
    assert predicates("the compute budget on the CPU side") == ()


def test_a_chinese_kernel_negation_is_found_across_minutes_and_the_document(tmp_path):
    doc = ("# 推理调度\n\n## 第3章 批处理\n\n### 3.2 连续批处理\n\n"
           "Sarathi-Serve（arXiv:2403.02310）的分块预填充直接复用已有的分页注意力实现，无需改动注意力内核。\n\n"
           "## 参考文献\n\n- Agrawal 等，《Taming Throughput-Latency Tradeoff》，arXiv:2403.02310（2024）\n")
    minutes = ("# 组会纪要\n\n### 议题二：Sarathi-Serve\n\n"
               "刘畅：Sarathi-Serve（arxiv.org/abs/2403.02310）要把预填充分块和解码请求塞进同一个 batch 里跑，"
               "得专门写定制的 CUDA kernel，现成的 attention 实现不行。\n")
    got = finding_places(tmp_path, {"organized/knowledge/d.md": doc, "inbox/z/m.md": minutes})
    assert ("negation", "arXiv:2403.02310", ["d.md:7", "m.md:5"]) in got


def test_a_cards_field_list_aligned_with_spaces_gives_its_title():
    """``title       Deterministic …`` (fields aligned with spaces, no colon): the card's heading
    (``# DetDecode — deterministic split-K decode attention``) was taken for its title and reported as a second
    title of the work a mail names correctly."""
    card = ("# DetDecode — deterministic split-K decode attention\n\narxiv       2607.13305 (v2)\n"
            "title       Deterministic Split-K Decode Attention via Fixed-Order Reductions\nauthors     H. Lindqvist\n")
    parts, _w = parse_note(card, "organized/paper_cards/0731-2607-13305.md", "paper_card")
    assert parts["title"] == "Deterministic Split-K Decode Attention via Fixed-Order Reductions"


# =========================================================================== second round (t179–t182)

LINKS = """\
# links, sept

[keep] https://arxiv.org/abs/2605.02291v2 FoldQ — symmetric-only INT4. via a post on X, haven't opened the pdf yet
[skip] https://arxiv.org/pdf/2305.14314.pdf QLoRA again. finetuning, out of scope for this doc
[later] arXiv:2402.04396 QuIP# apparently runs on plain torch matmul (a forum comment). unchecked
[keep] [2609.00517] OutlierBudget: per-channel bit allocation; read the abstract only so far. probably belongs in §2.3
[later] arxiv.org/abs/2404.00456 QuaRot — reread next to SpinQuant (arXiv 2405.16406) for 3.2
"""


def test_a_link_inbox_is_one_item_a_line_and_next_to_is_a_comparison():
    """A paragraph whose lines each open with a bracketed verdict (``[keep]``, ``[skip]``, ``[later]``) is a link
    inbox, one item a line (only the lines with a dash were topics, the others ran into them); "reread next to
    SpinQuant (…)" names a work to compare with, a mention."""
    assert [(ln, w) for ln, w, _r in _items(LINKS)] == [
        (3, ("2605.02291",)), (4, ("2305.14314",)), (5, ("2402.04396",)), (6, ("2609.00517",)), (7, ("2404.00456",))]


def test_for_comparison_names_a_work_compared_with():
    from ingest.structure import works_in
    assert works_in("Reply: plausible. For comparison, AWQ's own 70B W4 g128 figure is 3.41 (arXiv:2306.00978).") == (
        [], ["2306.00978"])


MINUTES = """\
# 评审会纪要

## 讨论

- 周磊：LayerMix-KV（arXiv 2608.05173）正文我过了一遍，在 Llama-3.1-8B、32K 上下文下 KV 显存能省八成。
- 吴昊：补充一点，附录 C 写得很清楚，每层的比特分配要先拿 128 条 C4 样本跑一次离线校准才能定下来。
- 马骁：平台组更关心落地，kvpress 没有 vLLM 后端。
"""


def test_a_turn_adding_to_the_one_before_is_about_its_work_and_a_chinese_saving_is_a_reduction():
    """"吴昊：补充一点，…" names no work: it adds to the turn before, about LayerMix-KV; "省八成" is a saving of 80%
    (a reduction, as "节省 68.8%"), at the 32K context written after "、"."""
    got = _items(MINUTES)
    assert [(ln, w) for ln, w, _r in got][:2] == [(5, ("2608.05173",)), (6, ("2608.05173",))]
    assert got[2][1] == ()
    (q,) = find_figures("在 Llama-3.1-8B、32K 上下文下 KV 显存能省八成，收益很可观。")
    assert (q.value, q.unit, q.metric, q.direction) == (80.0, "%", "memory", "down")


NOTION = """\
# Tree drafting — reading queue

| Property | Value |
| --- | --- |
| Status | In progress |
| Owner | Xiaoyu Zhang |
| Tags | spec-decoding, draft-trees |

- ▸ Sequoia — arXiv:2402.12374
    - Read depth: the whole PDF.
- ▸ Hydra (arxiv.org/abs/2402.05109v2)
    - Read depth: abstract only.
- ▸ PagedTree: Branch-Shared KV Cache for Draft-Tree Verification — https://arxiv.org/pdf/2605.11872.pdf
    - Read depth: abstract and Fig. 1 only.

> 💡 Placement for qy:
> Hydra already sits next to Medusa in 2.2, nothing to add.
> PagedTree → section 4, it is a serving trick.
"""


def test_a_pages_property_table_is_no_topic_and_placements_after_the_items_go_to_the_item_they_name():
    parts, _w = parse_note(NOTION, "inbox/x/q.md", "note")
    assert [(i.line, tuple(i.works), tuple(i.sections)) for i in parts["items"]] == [
        (9, ("2402.12374",), ()), (11, ("2402.05109",), ("2.2",)), (13, ("2605.11872",), ("4",))]


LOG = """\
# EAGLE-2 re-run log (marcus)

Context: qy wants our own numbers next to the paper's in §3.2. I read the EAGLE-2 paper [2406.16858] end to end.

Setup for both runs: 1x L40S 48GB, CUDA 12.4, fp16, batch 1.

## Run 12

Vicuna-13B v1.3, MT-Bench, greedy (T=0), tree params = repo defaults.

| setting | ours | paper |
| --- | --- | --- |
| Vicuna-13B, T=0, speedup vs vanilla | 3.41x | 4.26x |

What we changed vs the paper: only the hardware.

## Run 13

Vicuna-7B v1.3, same questions, smaller tree.

| setting | ours | paper |
| --- | --- | --- |
| Vicuna-7B, T=0, speedup vs vanilla | 2.87x | 3.62x |

## Misc

- The Spec-Bench harness (arXiv 2401.07851) gives ~5% lower speedups than EAGLE's own eval script.
- gpu-07 fan alarm again, ticket filed with infra.
"""


def test_a_log_titled_by_the_name_its_head_gives_one_work_is_about_it_in_its_sections():
    """"# EAGLE-2 re-run log" over "the EAGLE-2 paper [2406.16858]": its runs (sections naming no work) are about
    EAGLE-2 (they were about none); an entry of its Misc list is not."""
    from ingest.structure import _named_at_head
    from ingest.blocks import read_blocks

    got = [(ln, w) for ln, w, _r in _items(LOG)]
    assert (7, ("2406.16858",)) in got and (17, ("2406.16858",)) in got
    assert (27, ("2401.07851",)) in got and (28, ()) in got
    head = [b for b in read_blocks(LOG.splitlines()) if b.line <= 3]
    assert _named_at_head("EAGLE-2 re-run log (marcus)", head, "2406.16858")
    assert not _named_at_head("Weekly log (marcus)", head, "2406.16858")


def test_needs_its_draft_head_retrained_says_what_the_work_needs():
    from ingest.facts import need_framed
    assert need_framed("EAGLE-2 needs its draft head retrained for the confidence-ranked tree", "train")
    assert not need_framed("the head was trained on ShareGPT for two epochs", "train")


DRAFT = """\
### Draft: sparsity-aware offloading

_draft 2, Mateo_

Offloading only works if most of the FFN can stay on flash for any given token, so the real question is how much activation sparsity a model has. ProSparse (C. Song et al., 2024) swaps in ReLU and adds a progressive L1 regularizer, reaching 89% sparsity on LLaMA2-7B. Both belong in 4.1.

LLM in a Flash (Alizadeh et al., 2023) is still the reference design: windowing keeps the neurons used by the last few tokens in DRAM, and row-column bundling doubles the size of each flash read from storage.

NeuronStream (Okafor et al., 2026) keeps the stock checkpoint and spends its effort on I/O: it decodes Llama-2-7B (4-bit) at 9.4 tokens/s on a Pixel 8 Pro and reads about 4x fewer bytes from flash per token than windowing.

**References (draft)**
- Alizadeh et al. 2023 — arXiv:2312.11514
- Okafor, C., Lindqvist, M. 2026 — doi:10.48550/arXiv.2603.14872
- C. Song et al. 2024 — [2402.13516]
"""


def test_a_draft_citing_by_author_and_year_is_one_item_a_paragraph_about_its_references():
    """A section draft under a lone "### Draft: …" heading (its title), citing "(C. Song et al., 2024)" with its own
    reference list at the foot: each long paragraph is a topic, about the works its citations' entries give; the
    list is no topic (its entries were items of their own, the paragraphs none)."""
    assert [(ln, w) for ln, w, _r in _items(DRAFT)] == [
        (5, ("2402.13516",)), (7, ("2312.11514",)), (9, ("2603.14872",))]


def test_on_a_card_figures_written_before_another_works_name_are_the_cards(tmp_path):
    """"1.9x over no speculation at batch 16 …, where EAGLE-2 with its fixed budget falls below 1.0x" on the card of
    another work, and a repo card of three works whose line names one of them ("EAGLE-3 … about 4.4x"): no speedup
    of EAGLE-2 is set against EAGLE-3's."""
    card = ("# Card 0631 · BudgetTree\n\n- arXiv: 2608.14407\n\n## Claims\n"
            "- vLLM prototype, Llama-3.1-8B-Instruct on one H100: 1.9x over no speculation at batch 16 and 1.3x at batch 64, "
            "where EAGLE-2 with its fixed 60-token budget falls below 1.0x.\n")
    repo = ("# Repo card 0212 · SafeAILab/EAGLE\n\n| field | value |\n| --- | --- |\n"
            "| papers | EAGLE arXiv:2401.15077 · EAGLE-2 arXiv:2406.16858 · EAGLE-3 arXiv:2503.01840 |\n\nNotes\n"
            "- README benchmark table (maintainers' own numbers): EAGLE-3 on LLaMA-3.1-8B-Instruct, MT-Bench, T=0, about 4.4x on H100.\n")
    doc = ("# Trees\n\n## 3 Dynamic trees\n\n- [EAGLE-2] (2406.16858): context-aware dynamic draft tree.\n\n"
           "## Literature\n\n- [EAGLE] EAGLE: Speculative Sampling Requires Rethinking Feature Uncertainty (2401.15077)\n"
           "- [EAGLE-2] EAGLE-2: Faster Inference with Dynamic Draft Trees (2406.16858)\n"
           "- [EAGLE-3] EAGLE-3: Scaling up Inference Acceleration via Training-Time Test (2503.01840)\n")
    got = finding_places(tmp_path, {"organized/paper_cards/0631-2608-14407.md": card,
                               "organized/repo_cards/0212-safeailab-eagle.md": repo, "organized/knowledge/t.md": doc})
    assert [f for f in got if f[0] == "number"] == []


# =========================================================================== third round (t183–t186)

def test_a_spreadsheet_pasted_as_csv_is_a_table_line_for_line():
    """A ```csv fence (a spreadsheet tab pasted into a note) was code, its rows no items and no figures; it is a pipe
    table now, the header on the fence's line, the delimiter on the header's, each row at its own line."""
    from ingest.markup import as_markdown

    text = ('Where the numbers come from: read off the paper\'s own PDF.\n\n```csv\nsystem,paper,metric,value,source\n'
            'tailguard,2607.04419,slo_attain_pct,94.0,Table 3\n"harbor, v2",2604.13390,throughput_x,0.95,abstract only\n```\n')
    got = as_markdown(text, "inbox/l/sheet.md").split("\n")
    assert len(got) == len(text.split("\n"))
    assert got[2:7] == ["| system | paper | metric | value | source |", "| --- | --- | --- | --- | --- |",
                        "| tailguard | 2607.04419 | slo_attain_pct | 94.0 | Table 3 |",
                        "| harbor, v2 | 2604.13390 | throughput_x | 0.95 | abstract only |", ""]
    assert as_markdown("```csv\na,b\n1,2,3\n```\n", "x.md") == "```csv\na,b\n1,2,3\n```\n"  # ragged: stays code
    assert "full_text" in evidence_levels("every value was read by me off the paper's own PDF (tables, or plots where noted)")


def test_offloading_kv_to_host_memory_stated_and_denied(tmp_path):
    """"proactively offloads the KV cache of low-priority jobs to host memory" against hearsay that it "does not move KV
    to host memory when it preempts a job"; "Note that vLLM does not swap KV to CPU" is about vLLM, not the work of the
    review comment it sits in."""
    assert predicates("it proactively offloads the KV cache of low-priority jobs to host memory") == ("+offload:kv_cache",)
    assert predicates("FastServe does not move KV to host memory when it preempts a job") == ("-offload:kv_cache",)
    assert predicates("The offload ratio is 0.5") == () and predicates("moves the request to another instance") == ()
    doc = ("# Serving\n\n## 3. Preemption\n\n- vLLM [2309.06180] keeps KV in blocks. On preemption it either swaps the "
           "victim's blocks out to CPU RAM or frees them and recomputes on resume.\n\n## References\n\n"
           "- vLLM: Efficient Memory Management for Large Language Model Serving with PagedAttention. arXiv:2309.06180\n")
    review = ("# Review — PR #2406\n\nComments are `file:line` against the PR head.\n\n"
              "serving/offload.py:212 — prefetch loop. The design source is TideKV (arXiv:2606.09127); I read it end to end.\n\n"
              "serving/scheduler.py:88 — preemption now swaps KV out to host. Note that vLLM does not swap KV to CPU on "
              "preemption at all, it always recomputes.\n")
    got = finding_places(tmp_path, {"organized/knowledge/s.md": doc, "inbox/lin/review.md": review})
    assert ("negation", "arXiv:2309.06180", ["review.md:7", "s.md:5"]) in got
    assert [(ln, w) for ln, w, _r in _items(review)] == [(5, ("2606.09127",)), (7, ())]


def test_a_qualifier_of_the_baseline_is_no_side_of_the_work():
    from ingest.facts import qualifier_sides
    assert qualifier_sides("Headline: ~2x over a synchronous fetch-then-compute baseline.") == ()
    assert qualifier_sides("Decode throughput is 1.9–2.1× that of a synchronous layer-by-layer fetch baseline") == ()
    assert qualifier_sides("TideKV prefetches asynchronously") == ("sync:asynchronous",)


QA_READ = """\
论文：PivotSparse: Training-Free Dynamic Block-Sparse Prefill for Million-Token Contexts（2026）
链接：https://arxiv.org/pdf/2607.14352v1.pdf
读法：正文从头到尾读完。

Q1：这篇要解决什么问题？
A1：1M 级上下文的预填充，估计稀疏图本身就要几十秒。

Q2：1M 下加速比到底多少？
A2：LLaMA-3-8B，1M：预填充 5.1x；在 128K 时只有 2.9x。

Q3：和 MInference（arXiv:2407.02490）的区别？
A3：MInference 离线给每个头定模式，本质上是静态稀疏。

Q4：要训练吗？
A4：不用，即插即用。
"""


def test_a_close_read_in_questions_and_answers_under_a_paper_field_is_one_item():
    """"论文：…" / "链接：…" over "Q1：…" / "A1：…": one read of that paper (each question was an item, as an interview's
    are); the context lengths "，1M：" and "1M 长度" are settings."""
    assert [(ln, w) for ln, w, _r in _items(QA_READ)] == [(1, ("2607.14352",))]
    (q,) = find_figures("- LLaMA-3-8B，1M：预填充 5.1x")
    assert "ctx:1000000" in q.conditions
    (q,) = find_figures("LLaMA-3-8B 上 1M 长度预填充加速 6.8 倍")
    assert "ctx:1000000" in q.conditions


def test_training_again_on_sft_data_is_a_fine_tuning():
    assert "+fine_tune:" in predicates("SnapKV 不能直接拿来用，要先在长文本 SFT 数据上再训一轮")
    assert predicates("我们又训了一下午") == () and predicates("培训一轮") == ()
