"""The twentieth stop's rules (blind shifts t195-t198, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §6.3, §7, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives, with the readings that must not change: a bibliography keyed
``[Frantar2022]``, a measurement under a setting label citing its source, "2.3 points below the FP16 model",
a change written as its two ends, a Chinese topic before its verb of change, "weight-only" against "W4A8",
"never evicted for good", "换成了 … 近似检索", a bold heading with its identifier in full-width brackets, a
table row whose name a paste lost, and the curators' terse placements and depths.
"""
from __future__ import annotations

from datetime import timezone

from conftest import evidence_levels, finding_places

from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.living import parse_living_source
from ingest.notes import parse_note
from ingest.placement import section_refs
from ingest.text import alias_before


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works), i.relevance) for i in parts["items"]]


def _roles(text: str):
    return [(r.key, r.role) for r in section_refs(text)]


# --------------------------------------------------------------------------- evidence

def test_the_curators_words_for_how_deep_they_went():
    """Summarised from someone's post is second-hand (from the abstract it is not); a paper still unread, release notes
    looked at and nothing installed are unchecked; the project's own benchmark and a vendor's data are self-reported;
    a title and abstract skimmed is abstract-level; two versions compared line by line is a full read."""
    assert evidence_levels("Summarised from the post, I did not rerun anything.") == ("second_hand", "unverified")
    assert evidence_levels("Summarised from the post.") == ("second_hand",)
    assert evidence_levels("Summarised from the abstract.") == ("abstract_checked",)
    assert evidence_levels("Only heard it from the episode, paper still unread.") == ("second_hand", "unverified")
    assert evidence_levels("深度：只浏览了 release notes，没装。") == ("unverified",)
    assert evidence_levels("只看了 GitHub release note，论文没更新") == ("unverified",)
    assert evidence_levels("这个包没装驱动就能跑") == ()
    assert evidence_levels("他们自己 benchmark 的说法：多轮对话 TTFT 降 3–10 倍。") == ("vendor_self_reported",)
    assert evidence_levels("厂商数据（样机测试报告）") == ("vendor_self_reported",)
    assert evidence_levels("深度：标题和摘要扫了一下。") == ("abstract_checked",)
    assert evidence_levels("把 v1 和 v2 的第 4 节、表 2 逐行对了一遍，附录没对。") == ("full_text",)
    assert evidence_levels("Everything below was highlighted while reading the PDFs themselves, not the abstract pages.") \
        == ("full_text",)
    assert evidence_levels("All figures are Omar's — I haven't rerun anything myself.") == ("unverified",)


# --------------------------------------------------------------------------- placement and relevance

def test_terse_placements_in_english_and_chinese():
    """"Probably a 4.2 item", "实测数字可以进 4.1", "再考虑进 4.2", "5.1 末尾带一句", "挂 5.1 下面" place the item;
    "不能进 4.1" keeps it out; a figure is no section ("改进 4.1 倍", "加速 2.5 一句话")."""
    assert _roles("Only heard it from the episode. Probably a 4.2 item.") == [("4.2", "suggest")]
    assert _roles("实测数字可以进 4.1") == [("4.1", "suggest")]
    assert _roles("我的意见：等 v2 出来再考虑进 4.2。") == [("4.2", "suggest")]
    assert _roles("建议：不值得单独一条，5.1 末尾带一句。") == [("5.1", "suggest")]
    assert _roles("挂 5.1 下面") == [("5.1", "suggest")]
    assert _roles("不能进 4.1") == [("4.1", "negative")]
    assert _roles("Worse than I had in my head; someone should look at the AWQ line in 2.2 again.") == [("2.2", "suggest")]
    assert _roles("这个改进 4.1 倍") == []
    assert _roles("加速 2.5 一句话") == []


SCAN = ("# Scan\n\n- **Podcast**: the authors of Tidewater (https://arxiv.org/pdf/2609.02215.pdf) describe prefix routing. "
        "Only heard it from the episode, paper still unread.{place}\n"
        "- **Newsletter**: SGLang (arxiv.org/abs/2312.07104) is said to match prefixes approximately; didn't open the paper.\n")


def test_hearsay_the_writer_places_is_their_increment_when_the_work_is_new(tmp_path):
    """An item resting on someone else's word, unchecked, is low; the same item with the writer's placement ("Probably a
    4.2 item.") is the increment they propose when its work is new to the document, its evidence still flagged; about a
    work the document cites, it stays low."""
    from test_judgement_rules import _shift_rows

    assert [r for _ln, _w, r in _items(SCAN.format(place=""))] == ["low", "low"]
    doc = ("# Prefix caching\n\nLast revised 2027-10-22\n\n## 4 Routing\n\n### 4.2 Cluster routing\n\nPreble routes by prefix.\n\n"
           "## References\n\n1. Zheng et al., \"SGLang\", arXiv:2312.07104 (2023)\n")
    rows = _shift_rows(tmp_path / "a", doc, {"inbox/a/scan.md": SCAN.format(place=" Probably a 4.2 item.")})
    assert [(r.relevance, r.sections) for r in rows] == [("increment", ["4.2"]), ("low", [])]
    cited = doc.replace("arXiv:2312.07104 (2023)", "arXiv:2312.07104 (2023)\n2. Tide, \"Tidewater\", arXiv:2609.02215 (2027)")
    rows = _shift_rows(tmp_path / "b", cited, {"inbox/a/scan.md": SCAN.format(place=" Probably a 4.2 item.")})
    assert rows[0].relevance == "low" and rows[0].reason == "rests only on second hand, unverified"


def test_hearsay_placed_only_later_stays_low():
    """"我的意见：等 v2 出来再考虑进 4.2" under a talk heard second-hand puts the placement off: the item is low and not
    one its writer places."""
    text = ("## CompactPage 作者线上分享\n听了一作的分享，论文本身我没读，下面都是听讲时记的。\n"
            "KV cache 从 25.6 GB 压到 21 GB 左右。我的意见：{tail}\n")
    from ingest.models import PLACED_HEARSAY

    def reasons(tail):
        parts, _w = parse_note(text.format(tail=tail), "inbox/a/n.md", "note")
        return [(i.relevance, (i.relevance_reason or "").endswith(PLACED_HEARSAY)) for i in parts["items"]]

    assert reasons("等 v2 出来再考虑进 4.2。") == [("low", False)]
    assert reasons("可以进 4.2。") == [("low", True)]  # (an increment once its work is known new: the test above)


def test_a_closing_verdict_outweighs_an_add_cue_in_passing():
    """"No edit needed." closing a re-read whose remarks say the paper's comparison "overstates the gap": low; an
    "exclude" verdict in a screening cell is low too."""
    text = ("## ChunkAttention, second pass\narxiv.org/abs/2402.15220v3, whole paper this time.\n\n"
            "Answer: yes, exact. One caveat: the comparison is against vLLM 0.2.7, so it overstates the gap.\nNo edit needed.\n")
    assert _items(text) == [(1, ("2402.15220",), "low")]
    table = ("| Paper | ID | Verdict | Where |\n|---|---|---|---|\n"
             "| Quantization-Aware Distillation for Video Diffusion | 2610.05521 | exclude — video diffusion, not LLM serving | — |\n"
             "| SpQR | arXiv:2306.03078 | mentioned in 2.4 but has no bibliography entry; add one | §2.4 |\n")
    assert [r for _ln, _w, r in _items(table)] == ["low", "increment"]


def test_a_skipped_appendix_is_no_verdict_and_bu_shou_is_one():
    """"附录跳过了" says how far the read went, not that the item is skipped; "建议：不收。" is the writer's "no"."""
    text = ("1. vAttention（https://arxiv.org/abs/2405.04437v2）\n   - 深度：正文从头到尾过了一遍，附录跳过了。\n"
            "   - 放哪：4.2，补一句。\n2. FragFree（arXiv:2610.02391）\n   - 深度：标题和摘要扫了一下。\n   - 建议：不收。\n")
    assert _items(text) == [(1, ("2405.04437",), "increment"), (4, ("2610.02391",), "low")]


# --------------------------------------------------------------------------- qualifiers and predicates

def test_approximately_as_a_manner_is_the_lossy_side_and_before_a_number_is_none():
    assert qualifier_sides("a short item claims RadixAttention matches prefixes *approximately*, so edited prompts hit") \
        == ("fidelity:lossy",)
    assert qualifier_sides("It matches approximately 40% of prefixes.") == ()
    assert qualifier_sides("Matching is exact, token by token; there is no approximate or semantic matching.") \
        == ("fidelity:lossless",)


def test_weight_only_against_weights_and_activations():
    assert qualifier_sides("QServe is weight-only 4-bit, activations stay in FP16 the whole way.") == ("quant_scope:weight_only",)
    assert qualifier_sides("QServe is W4A8KV4: 4-bit weights, 8-bit activations and a 4-bit KV cache") \
        == ("quant_scope:weight_activation",)
    assert qualifier_sides("W4A16 (GPTQ, g128), Llama-3-8B: recovers 97.8%") == ()


def test_evicted_for_good_against_fetched_back():
    assert qualifier_sides("unit 卸载在 CPU 内存，按需取回 GPU，不会永久驱逐 token") == ("eviction_permanence:recallable",)
    assert qualifier_sides("InfLLM 的 memory unit 超出 cache 预算后会被永久丢弃。") == ("eviction_permanence:permanent",)
    assert qualifier_sides("H2O permanently evicts low-score tokens.") == ("eviction_permanence:permanent",)


def test_the_side_a_change_leads_to_is_the_one_right_after_it():
    """"把 exact top-k 换成了 IVF 近似检索，理由是 exact 版本…": the later "exact" only names the old version."""
    assert qualifier_sides("v2 把候选块内的 exact top-k 换成了 IVF 近似检索（nprobe=8），理由是 exact 版本跟不上。") \
        == ("fidelity:lossy",)


def test_a_chinese_topic_before_its_verb_of_change():
    """"注意力内核不用做任何改动" leaves the kernel as it is (no custom kernel needed); "改了 NVIDIA 开源驱动" changes a
    driver, kept as written, not a bare change that any object would match; "没大改" denies the change."""
    assert predicates("注意力内核不用做任何改动，可以直接调用现成的 FlashAttention-2。") == ("-modify:kernel", "-need:kernel")
    assert "+modify:" not in predicates("作者改了 NVIDIA 开源驱动来支持 64KB 小页")
    assert predicates("得自己定制一套 attention kernel，并不是开箱即用。") == ("+need:kernel",)
    assert predicates("系统部分没大改：landmark 仍是每块 2 个") == ("-modify:",)
    assert "+need:calibration_data" in predicates("So they do use calibration data after all")


# --------------------------------------------------------------------------- figures

def _fig(text: str, raw: str):
    return next(q for q in find_figures(text) if q.raw == raw)


def test_points_below_the_full_precision_model_is_a_drop_against_a_baseline():
    q = _fig("AWQ, 4-bit, group size 128, LLaMA3-8B: average zero-shot accuracy 2.3 points below the FP16 model.", "2.3 points")
    assert (q.metric, q.direction) == ("accuracy", "down")
    assert "base:fp16" in q.conditions and "precision:4-bit" in q.conditions and "model:llama3-8b" in q.conditions
    assert "model:llama3-8b" in _fig("Llama-3-8B, W4A16 g128: accuracy drops by 1.1 points against BF16", "1.1 points").conditions


def test_a_change_written_as_its_two_ends_states_its_reduction():
    q = _fig("KV cache 从 25.6 GB 压到 21 GB 左右", "25.6 GB 压到 21 GB")
    assert (q.value, q.unit, q.metric, q.direction) == (18.0, "%", "memory", "down")
    assert _fig("TTFT went from 820 ms to 410 ms on the chat trace.", "820 ms to 410 ms").value == 50.0
    assert [q.raw for q in find_figures("TTFT rose from 410 ms to 820 ms.")] == ["410 ms", "820 ms"]


def test_a_context_length_in_a_setting_label_is_no_measure_of_the_ratio_after_it():
    q = _fig("Llama-3.1-8B、128K 上下文、单卡 A100-80G：decode 相比全量注意力提升 2.4 倍。", "2.4 倍")
    assert q.metric == "speedup" and "ctx:128000" in q.conditions
    assert "ctx:32000" in _fig("v2 新加了 32K 的点：32K 上下文、单卡 A100 下 decode 只快 1.3×。", "1.3×").conditions


# --------------------------------------------------------------------------- living documents and structure

BIB = ("# Quantized serving\n\n## 2.2 AWQ\n\n"
       "- AWQ [Lin2023] protects the salient weight channels.\n"
       "- Llama-3-8B, W4A16 g128: average zero-shot accuracy drops by 1.1 points against BF16 [Huang2024].\n\n"
       "## Bibliography\n\n"
       "[Frantar2022] E. Frantar, S. Ashkboos, T. Hoefler, D. Alistarh. GPTQ: Accurate Post-Training Quantization for "
       "Generative Pre-trained Transformers. arXiv:2210.17323.\n"
       "[Huang2024] W. Huang, X. Ma et al. How Good Are Low-bit Quantized LLaMA3 Models? An Empirical Study. arXiv:2404.14047.\n"
       "[Lin2023] J. Lin et al. AWQ: Activation-aware Weight Quantization for LLM Compression. arXiv:2306.00978.\n")


def test_a_compact_author_year_key_is_a_reference_not_a_name():
    """"[Frantar2022] E. Frantar, S. Ashkboos, … GPTQ: …" is a reference keyed by author and year: its title is GPTQ's
    (not "E. Frantar"), and "[Huang2024]" in the body cites it; a measurement under a setting label, in the AWQ list,
    citing its source at its end is about AWQ as that source measured it."""
    fields, _w = parse_living_source(BIB, "organized/knowledge/q.md", tz=timezone.utc)
    titles = {r.arxiv_id: r.title for r in fields["arxiv"] if r.title}
    assert titles["2210.17323"].startswith("GPTQ: Accurate")
    subjects = {c.line: c.subjects for c in fields["claims"] if c.role == "statement"}
    assert subjects[5] == ("2306.00978",) and subjects[6] == ("2306.00978", "2404.14047")


def test_a_quoted_measurement_meets_the_documents_under_a_compatible_setting(tmp_path):
    """The document's AWQ entry (W4A16 g128, Llama-3-8B, 1.1 points against BF16, [Huang2024]) and a highlight of that
    study ("AWQ, 4-bit, group size 128, LLaMA3-8B: 2.3 points below the FP16 model"): one measure, two values; the
    70B figure is another model's."""
    note = ("# Zotero annotations\n\n## How Good Are Low-bit Quantized LLaMA3 Models? An Empirical Study\n\n"
            "https://arxiv.org/abs/2404.14047v1\n\n"
            "> \"AWQ, 4-bit, group size 128, LLaMA3-8B: average zero-shot accuracy 2.3 points below the FP16 model.\"\n")
    files = {"organized/knowledge/q.md": BIB, "inbox/a/zotero.md": note}
    assert [(k, s) for k, s, _w in finding_places(tmp_path / "a", files)] == [("number", "arXiv:2306.00978")]
    files["inbox/a/zotero.md"] = note.replace("LLaMA3-8B", "LLaMA3-70B")
    assert finding_places(tmp_path / "b", files) == []


def test_a_name_of_one_word_before_a_reference_needs_a_capital():
    assert alias_before("drops by 1.1 points against BF16 [Huang2024]", 35) is None
    assert alias_before("**RetroKV v2**（arxiv.org/abs/2604.11872v2）", 15) == "RetroKV"
    assert alias_before("uses vLLM (2309.06180)", 11) == "vLLM"


def test_a_bold_heading_with_its_identifier_in_full_width_brackets_opens_a_topic():
    """"**RetroKV v2**（arxiv.org/abs/…v2）" and "**HeadRoute: …**（2611.20964）" are topics like "**Quest** [id]"; a baseline
    the topic names ("基线是2407.02490里的MInference") is a mention, and the heading's title is not given to it."""
    text = ("本周 critical reads\n\n**RetroKV v2**（arxiv.org/abs/2604.11872v2）\nv2 全文从头读了一遍。\n\n"
            "**Quest**  [2406.10774]\nRe-read §3–§4, full text this time.\n\n"
            "**HeadRoute: Per-Head Sparse Routing for Million-Token Prefill**（2611.20964）\n"
            "只看了摘要：prefill 比基线再快 1.9×，基线是2407.02490里的MInference。\n")
    parts, _w = parse_note(text, "inbox/a/n.md", "note")
    assert [(i.line, tuple(i.works), tuple(i.mentions)) for i in parts["items"]] == [
        (3, ("2604.11872",), ()), (6, ("2406.10774",), ()), (9, ("2611.20964",), ("2407.02490",))]
    assert {r.arxiv_id: r.title for r in parts["arxiv"]}["2407.02490"] is None


def test_a_row_whose_name_a_paste_lost_is_its_own_when_it_brings_its_own_work():
    """"|  | https://arxiv.org/abs/2410.16179 | …" under "| PyramidKV | 2406.02069 | …": its own row (a merged cell
    continues the row above only when it brings no work of its own)."""
    text = ("| 论文 | arXiv | 一句话 |\n|---|---|---|\n| PyramidKV | 2406.02069 | 按层分配预算 |\n"
            "| | https://arxiv.org/abs/2410.16179 | LSH 采样 |\n| Quest | 2406.10774 | 按页取回 |\n|  | | 只读了摘要 |\n")
    assert [(ln, w) for ln, w, _r in _items(text)] == [(3, ("2406.02069",)), (4, ("2410.16179",)), (5, ("2406.10774",))]


def test_what_the_authors_say_of_another_work_after_a_colon_is_about_that_work(tmp_path):
    """A one-paper note's "作者在 related work 里说 [[InfLLM]] 不一样：InfLLM 的 memory unit … 会被永久丢弃" is about
    InfLLM, against the document's "InfLLM … 不会永久驱逐 token"."""
    doc = ("# 长上下文\n\n更新：2027-10-24\n\n## 5 稀疏注意力\n\n"
           "- InfLLM：unit 卸载在 CPU 内存，按需取回 GPU，不会永久驱逐 token [1]。\n\n## 七、引用列表\n\n"
           "[1] InfLLM: Training-Free Long-Context Extrapolation — arXiv:2402.04617\n"
           "[2] ScoutKV: Landmark Retrieval — arXiv:2609.04417\n")
    note = ("---\ntitle: \"ScoutKV: Landmark Retrieval\"\narxiv: 2609.04417\n---\n\n# ScoutKV\n\n## 方法\n\n"
            "- 冷块只降级到 host，从不永久驱逐 token。作者在 related work 里说 [[InfLLM]] 不一样：InfLLM 的 memory unit "
            "超出 cache 预算后会被永久丢弃。\n")
    found = finding_places(tmp_path, {"organized/knowledge/doc.md": doc, "inbox/a/ScoutKV.md": note})
    assert [s for _k, s, _w in found] == ["arXiv:2402.04617"]


# --------------------------------------------------------------------------- second round (t199-t202): figures of other shapes

def test_a_duration_named_by_its_unit_meets_a_latency_of_the_same_setting(tmp_path):
    """A screen's "KV handoff ≈45 ms for a 2k-token prompt (Llama-2-70B)" and a read's "the KV handoff at roughly 0.45 s
    of added latency" for the same prompt and model: one measure, two values."""
    files = {"inbox/a/screen.md": "| System | Paper | Notes |\n|---|---|---|\n"
                                  "| Splitwise | 2311.18677 | paper: KV handoff ≈45 ms for a 2k-token prompt (Llama-2-70B, IB) |\n",
             "inbox/b/read.md": "### Splitwise — arXiv:2311.18677\n\nFor a 2k-token prompt on Llama-2-70B they put the KV handoff "
                                "at roughly 0.45 s of added latency.\n"}
    assert [(k, s) for k, s, _w in finding_places(tmp_path / "a", files)] == [("number", "arXiv:2311.18677")]
    files["inbox/b/read.md"] = files["inbox/b/read.md"].replace("2k-token", "32k-token")
    assert finding_places(tmp_path / "b", files) == []


def test_our_run_beside_the_papers_figure_taken_from_a_card_is_no_finding(tmp_path):
    """"ours: mean TTFT −21% … | paper: TTFT ↓38% (H100), taken from card 0612, haven't read the PDF" against the card's
    "Mean TTFT 38% lower …": the row sets our run apart itself and relays the card's figure (no number, no unverified
    figure); "↓38%" is a reduction."""
    files = {"inbox/a/screen.md": "| System | Paper | Our result | Notes |\n|---|---|---|---|\n"
                                  "| KVShuttle | arxiv.org/abs/2607.08815 | ours: mean TTFT −21% vs colocated vLLM, TCP only | "
                                  "paper: TTFT ↓38% vs colocated vLLM (H100), taken from card 0612, haven't read the PDF |\n",
             "organized/paper_cards/0612-2607-08815.md": "# KVShuttle\n\n- arXiv: 2607.08815\n"
                                                         "- Mean TTFT 38% lower than colocated vLLM (H100 nodes).\n"}
    assert finding_places(tmp_path, files) == []
    assert _fig("paper: TTFT ↓38% (H100)", "38%").direction == "down"


def test_optional_is_not_needed_and_a_training_the_work_needs_is_a_need():
    assert predicates("RDMA is optional; the TCP transport works out of the box, only slower.") == ("-need:~rdma",)
    assert predicates("RDMA is not optional.") == ()
    assert "+need:draft_model" in predicates("结构：需另外训练一个 68M 的小草稿模型，它读取目标模型前 1/4 层的隐状态来起草。")
    assert "+need:draft_model" not in predicates("草稿头用 ShareGPT 训练一个小草稿模型")


def test_a_gain_over_a_baseline_names_a_speedup_and_a_time_as_a_fraction_is_a_reduction():
    q = _fig('Cascade Drafting 在 Llama-2-7B 上"较自回归解码提升 80%"', "80%")
    assert (q.metric, q.unit) == ("speedup", "%")
    (t,) = [q for q in find_figures("all-to-all takes 0.7x the time of NCCL's flat all-to-all at EP=16") if q.unit == "%"]
    assert (t.value, t.metric, t.direction, "scope:kernel" in t.conditions) == (30.0, "latency", "down", True)
    q = _fig("HydraEP reduces all-to-all time by 40% against flat NCCL at EP=16.", "40%")
    assert (q.metric, q.direction, "scope:kernel" in q.conditions) == ("latency", "down", True)


def test_a_share_of_the_cache_kept_is_a_compression():
    (c,) = [q for q in find_figures("Llama-3.1-8B, SQuAD: keeps 20% of KV before accuracy drops") if q.unit == "x"]
    assert (c.value, c.metric) == (5.0, "compression")
    assert [q.unit for q in find_figures("it keeps 20% of requests in the queue")] == ["%"]


def test_scores_of_a_benchmark_in_a_label_a_cell_or_a_fraction():
    """"LongBench avg, B=1024: 41.27" (the label's measure across a comma, `B=1024` a budget), "Needle@32K 0.92" (an
    accuracy as a fraction, 92 %, at 32K), "kernel 7" (no score)."""
    q = _fig("LongBench avg, B=1024: 41.27 (Table 3), best row of that table.", "41.27")
    assert (q.metric, q.conditions) == ("accuracy", ("bench:longbench", "budget:1024"))
    q = _fig("SpillKV | 1024 | Needle@32K 0.92 | paper Table 3", "0.92")
    assert (q.value, q.unit, "ctx:32000" in q.conditions) == (92.0, "%", True)
    assert [q.raw for q in find_figures("SnapKV at B=2048, kernel 7: LongBench avg 41.6 over the 16 tasks")] == ["41.6"]
    assert "budget:2048" in _fig("SnapKV at B=2048, kernel 7: LongBench avg 41.6", "41.6").conditions
    assert _fig("accuracy drops by 0.3 points", "0.3 points").unit == "pt"


def test_a_benchmarks_score_two_points_apart_disagrees_and_a_rows_own_remark_settles_only_it(tmp_path):
    """A one-paper note's "LongBench avg, B=1024: 41.27 (Table 3)" and a table's 42.71 for the same work and budget
    disagree (scores are compared in points, not within 5 %); a blog row "(Mistral-7B, not our model)" settles itself only."""
    note = ("---\ntitle: \"LayerLens: Entropy-Guided Layer-wise KV Budgets\"\narxiv: 2605.09184\n---\n\n## Numbers\n\n"
            "- LongBench avg, B=1024: 41.27 (Table 3).\n")
    table = ("| Method | Budget | LongBench avg | Source |\n|---|---|---|---|\n"
             "| LayerLens (2605.09184) | 1024 | 42.71 | paper Table 3 |\n"
             "| PyramidKV (2406.02069) | 1024 | 35.6 | blog (Mistral-7B, not our model) |\n")
    doc = ("# KV eviction\n\nUpdated 2027-10-28\n\n## 2 Token eviction\n\n- PyramidKV [1] at B=1024 averages 41.2 on "
           "LongBench (our run).\n\n## References\n\n1. PyramidKV: Dynamic KV Cache Compression (arXiv:2406.02069)\n")
    files = {"inbox/a/LayerLens.md": note, "inbox/b/compare.md": table, "organized/knowledge/doc.md": doc}
    assert [(k, s) for k, s, _w in finding_places(tmp_path, files)] == [("number", "arXiv:2605.09184")]


def test_a_legend_of_symbols_with_spaced_meanings():
    from ingest.evidence import evidence_reader
    from ingest.lexicon import load_lexicon

    legend = evidence_reader(load_lexicon()).legend(
        [(3, "Key: ✅ = read the whole PDF · ⏳ = only got through the abstract · ❌ = looked at the abstract and dropped it.")])
    assert legend == {"✅": "full_text", "⏳": "abstract_checked", "❌": "abstract_checked"}


def test_a_review_of_one_paper_is_one_item_and_its_ps_an_aside():
    text = ("# Review: HydraEP: Topology-Aware Token Dispatch\n\nPaper: arxiv.org/abs/2603.14822v2 · reviewer: P. N.\n\n"
            "Concerns:\n1. Placement is re-solved every 2,048 steps.\n2. Baselines: DeepSpeed-MoE (arXiv:2201.05596) and "
            "Tutel (2206.03382) only.\n3. DeepSeek-V3 (2412.19437) at one operating point.\n\nDepth: read all of v2.\n\n"
            "P.S. unrelated to this paper: a colleague says the fused-MoE kernel rewrite is 1.3x faster. Hearsay.\n")
    assert [(ln, w) for ln, w, _r in _items(text)] == [(1, ("2603.14822",)), (12, ())]


def test_numbers_below_measured_by_us_on_one_gpu_set_the_rows_setting():
    text = ("# 实测\n\n以下数字都是我们自己在 1× A100-80G 上跑的，每组 3 次；写着\"论文报\"的是抄录。\n\n"
            "| 方法 | 模型 | 加速比 | 备注 |\n|---|---|---|---|\n| EAGLE-3 [2503.01840] | Llama-3.1-8B-Instruct | 3.1× | 温度 0 |\n")
    parts, _w = parse_note(text, "inbox/a/n.md", "note")
    (q,) = [q for c in parts["claims"] if c.line == 7 for q in c.quantities if q.unit == "x"]
    assert "hw:a100" in q.conditions


def test_a_name_and_its_kind_before_a_numbered_reference_is_a_name(tmp_path):
    """"Lookahead 解码 [3] … 逐 token 一致（无损）" names Lookahead, so a Zhihu relay "答主认为 Lookahead 其实是有损的" is
    about it (a qualifier finding); a model before a link ("on Llama-3.1-8B (arxiv.org/abs/…)") names no work."""
    doc = ("# 投机解码\n\n最后修订：2027-10-27\n\n## 三、草稿模型\n\nLookahead 解码 [3] 不需要草稿模型，输出与贪心解码逐 token 一致（无损）。\n\n"
           "## 参考文献\n\n[3] Fu 等，Break the Sequential Dependency of LLM Inference Using Lookahead Decoding，arXiv:2402.02057，2024。\n")
    files = {"organized/knowledge/doc.md": doc,
             "inbox/a/relay.md": "- 转自知乎：答主认为 Lookahead 其实是有损的，n-gram 猜测在采样时会改变输出分布。\n"}
    assert [(k, s) for k, s, _w in finding_places(tmp_path, files)] == [("qualifier", "arXiv:2402.02057")]
    assert alias_before("posted needle@128K = 0.81 on Llama-3.1-8B (arxiv.org/abs/2605.09184v1)", 48) is None
