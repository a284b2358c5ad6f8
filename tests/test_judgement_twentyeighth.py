"""The twenty-eighth stop's rules and fixes (blind shifts t275-t278: prompt compression notes with a heading-less
numbered list and a `key: value` card; Obsidian notes, a table of papers and a Zotero export on visual-token pruning;
bold pseudo-headings and a scan on decode-time watermarking; a long Chinese living document on efficient reasoning),
each pinned on a small inline text of our own (docs/FORMAT.md §7, §8).

Each test writes the shape of text that defeated provkg and asserts the values it now gives, with the readings that
must not change beside it.
"""
from __future__ import annotations

from conftest import finding_places

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
    assert _figs("原文报告：K=2、R=50% 时 LLaVA-1.5-13B 减少 45% FLOPs。") == [("45%", "%", "compute", ())]
    assert _figs("740 TFLOPs/s on H100") == [("740 TFLOPs/s", "TFLOPs/s", "flops", ("hw:h100",))]  # (a rate stays a rate)


def test_a_keep_ratio_or_a_token_budget_is_the_figures_setting():
    """"reduces prefill FLOPs by 41% at a keep ratio of 25%" read 25% as a second figure; "1024 token 预算下 … 掉 0.6 个点"
    had no setting, so it met "At a 512-token budget … drops 4.8 points"."""
    assert _figs("reduces prefill FLOPs by 41% at a keep ratio of 25%.") == [("41%", "%", "compute", ("budget:25", "phase:prefill"))]
    assert _figs("保留比例 25% 时 prefill FLOPs 减少 62%") == [("62%", "%", "compute", ("budget:25", "phase:prefill"))]
    assert _figs("1024 token 预算下 MATH-500 只掉 0.6 个点。") == [("0.6", "pt", "accuracy", ("bench:math500", "budget:1024"))]


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


def test_one_conflict_per_statement_and_file_and_a_compute_figure_pair(tmp_path):
    """A file denying one statement twice (the quote "requires a short fine-tuning stage" and a summary "需要短暂微调")
    was two findings; it is one, shown with the file's first denial. FastV's 45% FLOPs and the README's 60% of prefill
    compute are one measure now, and the table's "丢 50% 视觉 token" (a setting) meets neither."""
    found = finding_places(tmp_path, {"organized/knowledge/vlm.md": _VLM_DOC, "inbox/zhao/table.md": _TABLE,
                                      "inbox/he/zotero.md": _ZOTERO, "organized/repo_cards/0209-fastv.md": _README})
    assert [f for f in found if f[1] == "arXiv:2605.09126"] == [("qualifier", "arXiv:2605.09126", ["table.md:4", "zotero.md:3"])]
    assert ("number", "arXiv:2403.06764", ["0209-fastv.md:3", "vlm.md:5"]) in found
    assert not [f for f in found if "table.md:3" in f[2]]
