"""The twenty-eighth stop's rules and fixes (blind shifts t275-t278: prompt compression notes with a heading-less
numbered list and a `key: value` card; Obsidian notes, a table of papers and a Zotero export on visual-token pruning;
bold pseudo-headings and a scan on decode-time watermarking; a long Chinese living document on efficient reasoning),
each pinned on a small inline text of our own (docs/FORMAT.md §7, §8).

Each test writes the shape of text that defeated provkg and asserts the values it now gives, with the readings that
must not change beside it.
"""
from __future__ import annotations

from conftest import contradictions_of, finding_places

from ingest.facts import find_figures, predicates, qualifier_sides


def _figs(text: str) -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    return [(q.raw, q.unit, q.metric, q.conditions) for q in find_figures(text)]


def test_a_snake_case_field_name_is_read_as_words():
    """A card's field ``ratio_at_matched_acc_gsm8k: about 14 times`` was a speed-up with no benchmark: its underscores hid
    the words. They are spaces now, so the ratio is a compression on GSM8K, as "20x compression" on GSM8K elsewhere."""
    assert _figs("ratio_at_matched_acc_gsm8k: about 14 times") == [("14 times", "x", "compression", ("bench:gsm8k",))]
    assert _figs("ttft_speedup_16k: 4.6 times") == [("4.6 times", "x", "speedup", ("latkind:ttft",))]
    assert _figs("a speedup ratio of 3x on A100") == [("3x", "x", "speedup", ("hw:a100",))]  # (a speed-up's ratio stays one)


def test_points_written_joined_to_their_number_are_points():
    """"a 3.1-point accuracy drop" gave no figure (the hyphen joined the unit), so v1's 3.1 never met v2's 5.4 points."""
    assert [(q.raw, q.value, q.unit, q.metric, q.direction) for q in find_figures("3.1-point accuracy drop on NQ")] == \
        [("3.1-point", 3.1, "pt", "accuracy", "down")]


def test_a_one_letter_parameter_set_to_a_share_is_a_setting_and_compute_is_a_measure():
    """"with the default K=2 / R=50% it saves roughly 60% of prefill compute": R=50% was a figure (and "accuracy loss"
    named both), so the README's 60% met another note's "丢 50% 视觉 token". FLOPs and compute are one measure now."""
    assert _figs("with the default K=2 / R=50% it saves roughly 60% of prefill compute with no measurable accuracy loss") == \
        [("60%", "%", "compute", ("phase:prefill",))]
    # (the model named with its size is the figure's setting since the thirtieth stop: any family, not only those listed)
    assert _figs("原文报告：K=2、R=50% 时 LLaVA-1.5-13B 减少 45% FLOPs。") == \
        [("45%", "%", "compute", ("model:llava1.5-13b", "msize:13b"))]
    assert _figs("740 TFLOPs/s on H100") == [("740 TFLOPs/s", "TFLOPs/s", "flops", ("hw:h100",))]  # (a rate stays a rate)


def test_a_keep_ratio_or_a_token_budget_is_the_figures_setting():
    """"reduces prefill FLOPs by 41% at a keep ratio of 25%" read 25% as a second figure; "1024 token 预算下 … 掉 0.6 个点"
    had no setting, so it met "At a 512-token budget … drops 4.8 points"."""
    assert _figs("reduces prefill FLOPs by 41% at a keep ratio of 25%.") == [("41%", "%", "compute", ("budget:25", "phase:prefill"))]
    assert _figs("保留比例 25% 时 prefill FLOPs 减少 62%") == [("62%", "%", "compute", ("budget:25", "phase:prefill"))]
    assert _figs("1024 token 预算下 MATH-500 只掉 0.6 个点。") == [("0.6 个点", "pt", "accuracy", ("bench:math500", "budget:1024"))]


def test_an_auc_is_a_score_and_an_attack_is_its_setting():
    """"detection AUC 0.91 after DIPPER paraphrase on C4" gave no figure (a bare decimal counts only beside a scalar
    measure); "(lexical 60, order 60) the AUC falls to 0.83" must not make 60 an AUC; "clean" is another setting."""
    assert _figs("keeps detection AUC 0.91 after DIPPER paraphrase on C4.") == [("0.91", "pt", "auc", ("attack:paraphras", "bench:c4"))]
    assert _figs("after DIPPER paraphrase (lexical 60, order 60) the AUC falls to 0.83 on C4") == \
        [("0.83", "pt", "auc", ("attack:paraphras", "bench:c4"))]
    assert _figs("clean detection AUC 0.99;") == [("0.99", "pt", "auc", ("attack:clean",))]


def test_reasoning_tokens_are_a_measure_and_by_about_half_is_a_figure():
    """"思考 token 减少 38%" beside "同等准确率" had no measure (the context length's "token" won, then two others were left);
    "cuts reasoning tokens by about half" gave no figure."""
    assert _figs("MATH-500 上与原模型同等准确率时，思考 token 减少 38%") == [("38%", "%", "reasoning_tokens", ("bench:math500",))]
    assert [(q.raw, q.value, q.metric) for q in find_figures("it cuts reasoning tokens by about half")] == \
        [("by about half", 50.0, "reasoning_tokens")]
    assert _figs("serves 128K tokens context at 2x")[0][2] == "context"  # (a context length stays one)


def test_qualifiers_of_new_vocabulary():
    """Sides no aspect had: a question (not only a query) the compression is conditioned on; a black-box API model vs
    the target's logits; pruning once at one layer vs progressively; a fixed token budget; a distribution biased vs
    distortion-free."""
    assert qualifier_sides("It is question-agnostic: the same compressed prompt serves any query.") == ("query:query_agnostic",)
    assert qualifier_sides("the compression is conditioned on the question") == ("query:query_aware",)
    assert qualifier_sides("it needs the target model's logits; GPT-4-class APIs are out") == ("model_access:white_box",)
    assert qualifier_sides("the target only sees the pruned text, so it works with black-box API models") == ("model_access:black_box",)
    assert qualifier_sides("black_box_ok: yes, target only sees the compressed text") == ("model_access:black_box",)
    assert qualifier_sides("在第 2 层一次性剪枝，之后的层不再碰视觉 token。") == ("prune_schedule:one_shot",)
    assert qualifier_sides("the method prunes progressively at every layer") == ("prune_schedule:progressive",)
    assert qualifier_sides("the method uses a fixed token budget per problem") == ("dynamic:static",)
    assert qualifier_sides("the δ-reweight in practice biases the sampling distribution") == ("fidelity:lossy",)
    assert qualifier_sides("[2310.10669]: distortion-free: output distribution unchanged") == ("fidelity:lossless",)


def test_no_weight_changes_denies_a_change_of_the_weights():
    """"Training-free, no weight changes, drop-in": the change was read as stated (of the model), so a note's "不改权重能跑起来"
    was its denial. The noun before "changes" is what is not changed."""
    assert "-modify:weights" in predicates("Training-free, no weight changes, drop-in for LLaVA-style models.")
    assert "+modify:model,weights" not in predicates("Training-free, no weight changes, drop-in for LLaVA-style models.")
    assert predicates("it needs no kernel modifications") == ("-need:kernel",)


_VLM_DOC = """# VLM inference

## 2 Visual token compression

- FastV（arXiv:2403.06764）：原文报告：K=2、R=50% 时 LLaVA-1.5-13B 减少 45% FLOPs，各 benchmark 基本不掉点。

## 引用

- [2403.06764] An Image is Worth 1/2 Tokens After Layer 2
- [2605.09126] TokenFuse
"""
_TABLE = """| 论文 | arXiv | 读到哪 | 结论 |
|---|---|---|---|
| FastV | arXiv:2403.06764 | 全文 | K=2 时丢 50% 视觉 token，跟 §2 现有写法一致 |
| TokenFuse | 2605.09126 | 只看了摘要 | 即插即用，无需重新训练；建议放 §2 |
"""
_ZOTERO = """# TokenFuse (arXiv:2605.09126)

“Unlike pruning, merging perturbs the hidden states, so TokenFuse requires a short fine-tuning stage.” (p. 4)

“TokenFuse reduces prefill FLOPs by 41% at a keep ratio of 25%.” (p. 9)

小结：值得进 §2，但一定要写明需要短暂微调，不是即插即用。
"""
_README = """# Repo card: FastV (arXiv:2403.06764)

The README claims that with the default K=2 / R=50% it saves roughly 60% of prefill compute on LLaVA-1.5-13B with no measurable accuracy loss; that is the authors' own figure, we did not rerun their eval suite.
"""


def test_a_compute_figure_pair_and_a_denial_of_plug_and_play(tmp_path):
    """FastV's 45% FLOPs and the README's 60% of prefill compute are one measure now, and the table's "丢 50% 视觉 token" (a
    setting) meets neither; TokenFuse's "即插即用，无需重新训练" meets the quote "requires a short fine-tuning stage" (a
    qualifier) and the summary "需要短暂微调，不是即插即用" (a negation): each is reported (a rule keeping only a file's first
    denial lost three planted conflicts of the earlier shifts, which placed the planted one second)."""
    found = finding_places(tmp_path, {"organized/knowledge/vlm.md": _VLM_DOC, "inbox/zhao/table.md": _TABLE,
                                      "inbox/he/zotero.md": _ZOTERO, "organized/repo_cards/0209-fastv.md": _README})
    assert ("qualifier", "arXiv:2605.09126", ["table.md:4", "zotero.md:3"]) in found
    assert ("number", "arXiv:2403.06764", ["0209-fastv.md:3", "vlm.md:5"]) in found
    assert not [f for f in found if "table.md:3" in f[2]]


def test_seconds_written_out_apple_chips_gguf_types_and_storage_tiers_are_read():
    """Round t279-t282: "about 11 seconds to load" gave no figure; "M2 Ultra" and "M3 Max", "Q4_K_M" and "Q8_0", "from the
    DRAM tier" and "off local NVMe" were no settings, so two chips', two quantisations' and two tiers' figures met."""
    assert _figs("Llama-2-70B off local NVMe: about 11 seconds to load on 8×H100") == \
        [("11 seconds", "s", "time", ("gpus:8", "hw:h100", "model:llama2-70b", "msize:70b", "storage:nvme"))]
    assert _figs("Llama-2-70B from the DRAM tier (host cache warm): 2.4 s")[0][3] == ("model:llama2-70b", "msize:70b", "storage:dram")
    assert _figs("M2 Ultra 上 Llama-3-8B Q4_K_M 解码 92 tok/s")[0][3] == \
        ("hw:m2ultra", "model:llama3-8b", "msize:8b", "phase:decode", "precision:q4km")
    assert _figs("On M3 Max the same Q8_0 model decodes at 64 tok/s")[0][3] == ("hw:m3max", "phase:decode", "precision:q80")


def test_a_benchmarks_plain_score_and_a_share_on_it_are_accuracies_at_their_sample_count():
    """"MATH 68.0 @ N=64" gave no figure and "71.2% on MATH500 at N=64" no measure, so the two never met; "N=16" was no
    setting, so 65.4% at N=16 met 71.2% at N=64. A perplexity corpus's number stays no accuracy."""
    assert [(q.value, q.unit, q.metric, q.conditions) for q in find_figures("MATH 68.0 @ N=64 (w=4)")] == \
        [(68.0, "%", "accuracy", ("bench:math500", "samples:64"))]
    assert _figs("beam search reaches 71.2% on MATH500 at N=64") == [("71.2%", "%", "accuracy", ("bench:math500", "samples:64"))]
    assert _figs("65.4% on MATH500 at N=16") == [("65.4%", "%", "accuracy", ("bench:math500", "samples:16"))]
    assert _figs("WikiText-2 5.60") == []
    assert _figs("ShareGPT: 41% of requests")[0][2] == "requests"  # (a share of a trace's requests is no score)


def test_qualifiers_and_predicates_of_round_t279_t282():
    """Sides no aspect had: weights used in place vs copied; every step scored vs only the final answer; a migration
    moving the KV cache vs recomputing it; a paused request's KV resident vs swapped out. "with a fine-tuned 7B verifier"
    is a use of one; "predicts each call's duration" and "无需预测工具调用时长" state and deny a duration predictor."""
    assert qualifier_sides("权重常驻统一内存，零拷贝，加载即用") == ("weight_copy:zero_copy",)
    assert qualifier_sides("Lumen copies the weights into a separate GPU buffer at load") == ("weight_copy:copied",)
    assert qualifier_sides("verifier: PRM, scores every step of the trace") == ("reward_granularity:per_step",)
    assert qualifier_sides("in StepScore only the final answer is scored") == ("reward_granularity:final_only",)
    assert qualifier_sides("migration moves the KV cache to the target") == ("kv_migration:moves_kv",)
    assert qualifier_sides("it migrates tokens and recomputes the cache on the target") == ("kv_migration:recomputes",)
    assert qualifier_sides("暂停期间 KV 常驻 GPU，靠把 KV 量化到 4-bit 腾显存") == ("kv_residency:resident",)
    assert qualifier_sides("paused requests' KV is swapped to host memory in the background") == ("kv_residency:swapped",)
    assert "+need:~fine+tuned+verifier" in predicates("reranks candidates with a fine-tuned 7B verifier")
    assert predicates("it compares with a trained baseline") == ()
    assert "+need:duration_predictor,model" in predicates("the scheduler predicts each call's duration with a small model")
    assert "-need:duration_predictor" in predicates("它无需预测工具调用时长，TTL 只由当前显存压力决定。")


def test_a_one_paper_read_whose_sections_ask_what_holds_is_one_item():
    """"# PruneBeam (arXiv:…) — critical read" over "## Setup" / "## What holds" / "## What does not", two of them citing
    other works in passing, was three items; its section names are generic now, so it is one read of its paper."""
    from ingest.notes import parse_note

    text = ("# PruneBeam (arXiv:2603.14418v2) — critical read\n\nRead the full v2 PDF.\n\n## Setup\n\n- PRM trained on "
            "Math-Shepherd labels (they cite 2312.08935).\n\n## What holds\n\n- 71.2% on MATH500 at N=64.\n\n## What does not\n\n"
            "- No compute-optimal allocation in the sense of Snell et al. (2408.03314).\n")
    parts, _w = parse_note(text, "inbox/p/prunebeam.md", "note")
    assert [(i.line, tuple(i.works)) for i in parts["items"]] == [(1, ("2603.14418",))]


def test_round_t283_t286_measures_and_settings():
    """"cuts all-reduce time by about a third" gave no figure and "通信时间减少 47%" no measure; "all-reduce latency" read
    "reduce" as a cut; "0.712 nDCG@10" and "nDCG@10 71.9" were no figures; "带宽利用率 86%" was a FLOPs utilisation and its
    "32K 上下文解码时" no setting; "averaged over BEIR" named a baseline."""
    assert [(q.raw, q.value, q.metric, q.direction) for q in find_figures("QuAR cuts all-reduce time by about a third")] == \
        [("by about a third", 33.3, "comm_time", "down")]
    assert _figs("Llama-3-70B，TP=8：all-reduce 通信时间减少 47%。")[0][2] == "comm_time"
    assert [q.direction for q in find_figures("all-reduce latency 180 us")] == [None]
    assert [(q.value, q.unit, q.metric, q.conditions) for q in find_figures("reports 0.712 nDCG@10 on BEIR average")] == \
        [(71.2, "%", "ndcg@10", ("bench:beir",))]
    assert [(q.value, q.unit, q.metric, q.conditions) for q in find_figures("student gets nDCG@10 71.9 averaged over BEIR")] == \
        [(71.9, "%", "ndcg@10", ("bench:beir",))]
    assert _figs("MRR@10 on MS MARCO 0.39")[0][2] == "mrr"
    assert _figs("H100 上 batch 1、32K 上下文解码时带宽利用率 86%。") == \
        [("86%", "%", "bw_util", ("batch:1", "ctx:32000", "hw:h100", "phase:decode"))]
    assert _figs("puts the decode kernel at about 71% of peak HBM bandwidth")[0][2] == "bw_util"


def test_round_t283_t286_sides_and_predicates():
    """Padding to the maximum rank vs each at its own rank (and t123's ScatterMoE, "does not need padding" vs "pads each
    expert's tokens to a multiple of 128"); one unified pool vs a separate reserved region; "exits per query, adaptively"
    vs "a fixed exit layer for all queries"; a side said only of a part ("only the entropy-coding stage itself is
    lossless") leaves the statement's other side; "is implemented as a persistent kernel" needs a kernel."""
    assert qualifier_sides("RankFlex does not require adapters of equal rank: each segment runs at its own rank") == ("padding:unpadded",)
    assert qualifier_sides("the kernel pads every adapter to the maximum rank in the batch") == ("padding:padded",)
    assert qualifier_sides("ScatterMoE pads each expert's tokens to a multiple of 128 as well") == ("padding:padded",)
    assert qualifier_sides("adapter weights share one unified memory pool with the KV cache") == ("memory_pool:shared",)
    assert "memory_pool:separate" in qualifier_sides("the system keeps adapters in a separate, statically reserved region of HBM")
    assert qualifier_sides("It exits per query, adaptively, choosing how deep to go") == ("dynamic:dynamic",)
    assert qualifier_sides("all main-table results use a fixed exit layer for all queries") == ("dynamic:static",)
    assert qualifier_sides("The scheme is lossy: it adds small numerical error; only the entropy-coding stage itself is lossless.") == \
        ("fidelity:lossy",)
    assert predicates("TailFree is implemented as a persistent kernel") == ("+need:kernel",)


def test_two_scores_written_to_a_decimal_half_a_point_apart_disagree():
    """Percentages within a point agreed (76 % against 76.8 % is a rounding); two scores written to a decimal and half a
    point or more apart are two values (nDCG@10 71.2 against 71.9)."""
    from graph.facts import SQuantity
    from queries.contradictions import disagree

    def q(raw: str, value: float) -> SQuantity:
        return SQuantity(raw=raw, value=value, value_high=None, unit="%", metric="ndcg@10", approx=False, explicit=True)

    assert disagree(q("0.712", 71.2), q("71.9", 71.9))
    assert not disagree(q("71.9", 71.9), q("72.2", 72.2))
    assert not disagree(q("76%", 76.0), q("76.8%", 76.8))


# --------------------------------------------------------------------------- the stop's fresh user

_FU_DOC = """# Serving

## 1 Speculative decoding

### 1.1 Draft-model methods

- FastDraft: reported 2.5x speedup on MT-Bench with Llama-2-13B (arXiv:2405.12345).

## 9 References

- FastDraft. arXiv:2405.12345
"""
_FU_CARD = """---
title: "FastDraft: Fast Draft Models for Speculative Decoding"
arxiv: 2405.12345
---
# FastDraft

- 2.1x speedup on MT-Bench with Llama-2-13B on A100.
"""
_FU_BOB = """# Bob 精读：FastDraft（arXiv:2405.12345）

- 建议归入 §1.1，修订 FastDraft 条目：文档写的 2.5x 应该改成 2.1x。
"""


def test_a_correction_written_forward_is_never_read_backward(tmp_path):
    """"文档写的 2.5x 应该改成 2.1x" (the document's 2.5x should become 2.1x) was reported against the card's 2.1x as
    "2.1x in the card, changed to 2.5x": the revision rule took the second value for the old one whenever the other
    statement gave it. A change written from the first value to the second makes the second the new one; the card
    agrees with it, and the document's 2.5x is what differs."""
    found = contradictions_of(tmp_path, {"organized/knowledge/serving.md": _FU_DOC, "organized/paper_cards/0001-2405-12345.md": _FU_CARD,
                                         "inbox/bob/read.md": _FU_BOB})
    pairs = [(f.kind, sorted([f.a.source.rsplit("/", 1)[-1], f.b.source.rsplit("/", 1)[-1]]), f.summary) for f in found]
    assert not [p for p in pairs if p[1] == ["0001-2405-12345.md", "read.md"]], pairs
    assert any(p[1] == ["read.md", "serving.md"] and "2.5x" in p[2] and "2.1x" in p[2] for p in pairs), pairs


def test_a_numbered_list_whose_first_point_names_the_paper_is_one_read():
    """"1. Paper: FastDraft (arXiv:…), read the abstract and Table 2." over five more points bringing no work of their own
    was six items (one of them "Suggest revising §1.1 to say 3.4x." alone); it is one read of FastDraft, and its
    "Evidence: abstract and Table 2 only; method section not read." is an abstract read, no full text."""
    from ingest.notes import parse_note

    text = ("1. Paper: FastDraft (arXiv:2405.12345), read the abstract and Table 2.\n"
            "2. FastDraft does not need fine-tuning: it uses an off-the-shelf small model as the draft.\n"
            "3. Table 2 reports a 3.4x speedup on MT-Bench with Llama-2-13B on A100.\n"
            "4. Suggest revising §1.1 to say 3.4x.\n"
            "5. Evidence: abstract and Table 2 only; method section not read.\n")
    parts, _w = parse_note(text, "inbox/alice/read.md", "note")
    assert [(i.line, tuple(i.works), tuple(i.evidence_levels)) for i in parts["items"]] == [(1, ("2405.12345",), ("abstract_checked",))]
    parts, _w = parse_note("1. KIVI (arXiv:2402.02750): 2-bit KV.\n2. SnapKV: selects by window.\n3. H2O: heavy hitters.\n",
                           "inbox/alice/list.md", "note")
    assert [i.line for i in parts["items"]] == [1, 2, 3]  # (a list of works, the first with an ID, stays a list)


def test_text_not_in_utf8_is_read_with_a_warning(tmp_path):
    """Broken UTF-8 (``caf\\xc3\\x28``) was read as Windows-1252 without a word (``cafÃ(``): the encoding used is a
    warning now, naming the file, the line and the byte; UTF-8 gives none."""
    from ingest.sources import decode_noting

    text, note = decode_noting(b"# Note\n\ncaf\xc3\x28 au lait\n", "inbox/m/broken.md")
    assert text == "# Note\n\ncafÃ( au lait\n"
    assert note == ("inbox/m/broken.md:3: not UTF-8 (byte 0xc3); read as Windows-1252, check that the text reads right "
                    "or save the file as UTF-8")
    assert decode_noting("对抗性到达".encode("gbk"), "inbox/m/gbk.md")[1].endswith("read as GB18030, check that the text reads "
                                                                                   "right or save the file as UTF-8")
    assert decode_noting("对抗性到达".encode("utf-8"), "inbox/m/ok.md") == ("对抗性到达", None)


def test_a_report_quotes_at_most_600_characters_of_a_statement():
    """A 215 KB line quoted whole, twice per finding, made a 441 KB report; a quote is cut at a word near 600 characters
    and says how much it leaves out (the ``source:line`` under it leads to the rest)."""
    from queries.render.brief import LABELS, finding_side_text

    side = {"text": "word " * 1000, "source": "inbox/z/salad.md", "line": 3}
    got = finding_side_text(LABELS["en"], {"kind": "number", "a": side, "b": side}, "a")
    assert len(got) < 650 and got.endswith("more characters)")
    short = {**side, "text": "FastDraft reaches 2.1x."}
    assert finding_side_text(LABELS["en"], {"kind": "number", "a": short, "b": short}, "a") == "FastDraft reaches 2.1x."


# --------------------------------------------------------------------------- round four of the stop (t287-t290)

def test_round_t287_t290_figures():
    """"serving capacity under a P99 TBT SLO is 2.6× that of vLLM" was read as an SLO target (no figure), then as a latency;
    "3.1x the serving capacity of vLLM" as a latency; "128 entries per head" and "10% of the prompt" were no budgets;
    "38 %" with a space was no percentage."""
    assert _figs("reported serving capacity under a P99 TBT SLO is 2.6× that of vLLM for Mistral-7B on a single A100.")[0][:3] == \
        ("2.6×", "x", "requests")
    assert _figs("they get 3.1x the serving capacity of vLLM at the same P99 TBT target")[0][:3] == ("3.1x", "x", "requests")
    assert _figs("an SLO of 200 ms") == []  # (an SLO stays a target)
    assert _figs("needle retrieval at 128k reaches 96% with the default 512 entries per head")[0][3] == \
        ("bench:needle", "budget:512", "ctx:128000")
    assert _figs("budget: 2048 entries per head by default, 10% of the prompt in the LongBench tables") == []
    assert [(q.raw, q.value, q.unit) for q in find_figures("it cuts TTFT by 38 % against vLLM")] == [("38 %", 38.0, "%")]


def test_round_t287_t290_statements():
    """A compound property said of a work and denied ("VTC stays work-conserving" / "it is *not* work-conserving"), and a
    training a deployment "pays for", are statements the negation rule compares; a hedged percentage is still points."""
    from graph.facts import SQuantity
    from ingest.facts import need_framed
    from queries.contradictions import disagree

    assert predicates("VTC stays work-conserving: the moment one tenant goes quiet") == ("+be:~work+conserving",)
    assert predicates("worth noting it is *not* work-conserving") == ("-be:~work+conserving",)
    assert predicates("it isn't order-preserving") == ("-be:~order+preserving",)
    assert predicates("this is state-of-the-art") == ()
    assert need_framed("so each new deployment pays for one training pass.", "train")

    def q(value: float, approx: bool) -> SQuantity:
        return SQuantity(raw=f"{value}%", value=value, value_high=None, unit="%", metric="accuracy", approx=approx, explicit=True)

    assert disagree(q(97.8, False), q(93.4, True))  # ("about 93.4%" of the full-cache score is no 97.8%)
    assert not disagree(q(43.0, False), q(40.0, True))  # ("about 40%" and 43%: within the hedge)


# --------------------------------------------------------------------------- round five of the stop (t291-t294)

def test_a_figure_written_against_chinese_characters_is_read():
    """"说P99 TTFT降了58%", "吞吐提升3倍", "延迟降低41%": a number right after a Chinese character gave no figure at all (the
    character counts as a letter of a word in Python's ``\\w``); only a Latin letter or a digit joins a number to a word now
    ("A100", "v2" stay names). "接受率只下降1.8个百分点" is the acceptance rate's drop, not an accuracy named by its points."""
    assert [(q.raw, q.unit, q.metric, q.direction) for q in find_figures("延迟降低41%")] == [("41%", "%", "latency", "down")]
    assert [(q.raw, q.metric) for q in find_figures("吞吐提升3倍")] == [("3倍", "throughput")]
    assert [(q.raw, q.metric) for q in find_figures("A100上测得吞吐提升2.5倍")] == [("2.5倍", "throughput")]
    assert find_figures("第3章") == () and find_figures("用了8张H100") == ()
    assert [(q.value, q.unit, q.metric, q.direction) for q in find_figures("论文称接受率只下降1.8个百分点，")] == \
        [(1.8, "pt", "acceptance_rate", "down")]
    assert [(q.value, q.metric) for q in find_figures("准确率只掉 0.4 个点")] == [(0.4, "accuracy")]


def test_a_copy_of_weights_is_stated_and_denied():
    """"does not copy a missed expert's weights over PCIe" against "the code copies that expert's weights into a GPU staging
    buffer": a copy is a verb the negation rule compares (no noun "a copy of")."""
    assert predicates("Fiddler does not copy a missed expert's weights over PCIe at all") == ("-copy:weights",)
    assert "+copy:weights" in predicates("the code copies that expert's weights into a GPU staging buffer")
    assert predicates("a copy of the paper") == ()


def test_what_the_final_full_run_showed():
    """The stop's last full run read "71 %" (a space before the sign) for the first time, and met a card's "(round-robin
    baseline: 38.2%)" with it: a value labelled as the baseline's is the compared value; "the 50%-budget LongBench figure"
    is a budget, no figure; "capacity gain" is the serving capacity "2.6× higher serving capacity" gives."""
    from queries.contradictions import _compared_value

    text = "- ShareGPT: prefix-cache hit rate 71% (round-robin baseline: 38.2%)"
    qs = find_figures(text)
    assert [(q.raw, _compared_value(text, q, qs)) for q in qs] == [("71%", False), ("38.2%", True)]
    assert find_figures("the 50%-budget LongBench figure is not on the card") == ()
    assert [(q.raw, q.metric) for q in find_figures("the Mistral-7B capacity gain over vLLM reads 2.15× there")][0] == ("2.15×", "requests")
    assert [q.metric for q in find_figures("memory capacity gain of 2x")] == ["memory"]


def test_two_measures_of_one_pair_of_statements_are_both_reported(tmp_path):
    """The final fresh user's "吞吐提升3倍，延迟降低41%" against "improves throughput by 2.2x and reduces latency by 60%":
    one finding per pair of statements kept the throughput's values and dropped the latency's without a word; both are
    in the finding's detail now."""
    files = {"inbox/a/zh.md": "# Medusa (arXiv:2401.10774)\n\n在A100上用Vicuna-7B测，Medusa吞吐提升3倍，延迟降低41%。\n",
             "inbox/b/en.md": "# Medusa (arXiv:2401.10774)\n\nOn A100 with Vicuna-7B, Medusa improves throughput by 2.2x and "
                              "reduces latency by 60%.\n"}
    found = [f for f in contradictions_of(tmp_path, files) if f.kind == "number"]
    assert len(found) == 1
    measures = {d.split(":")[0]: sorted(d.split(": ", 1)[1].split(" vs ")) for d in found[0].detail if " vs " in d}
    assert measures == {"throughput": ["2.2x", "3倍"], "latency": ["41%", "60%"]}


def test_a_notes_own_title_naming_the_kind_of_note_is_no_title_of_the_work(tmp_path):
    """The last fresh user's Obsidian note titled ``vLLM / PagedAttention critical read`` (front matter ``title:`` and
    ``arxiv:``) was set against the citation list's "Efficient Memory Management …" as one ID under two titles; a note's
    title naming the kind of note is no title of the paper. A card giving another paper's title still is."""
    doc = ("# Serving\n\n## 1 Memory\n\n- PagedAttention pages the KV cache (arXiv:2309.06180).\n\n## 3 References\n\n"
           "- Efficient Memory Management for Large Language Model Serving with PagedAttention. arXiv:2309.06180\n")
    note = "---\ntitle: vLLM / PagedAttention critical read\narxiv: 2309.06180\n---\n\n# vLLM\n\nRead it end to end.\n"
    card = "---\ntitle: \"Orca: A Distributed Serving System for Transformer-Based Generative Models\"\narxiv: 2309.06180\n---\n# card\n"
    found = finding_places(tmp_path / "a", {"organized/knowledge/k.md": doc, "inbox/alice/read.md": note})
    assert [f for f in found if f[0] == "title"] == []
    found = finding_places(tmp_path / "b", {"organized/knowledge/k.md": doc, "organized/paper_cards/0001-2309-06180.md": card})
    assert [f[0] for f in found if f[0] == "title"] == ["title"]
