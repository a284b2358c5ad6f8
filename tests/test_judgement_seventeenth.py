"""The seventeenth stop's rules (blind shifts t163-t166, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives: a citation wrapped over two lines, an author-year key in the body,
a title followed by a dash and an author list, a comparison note of two works, a card's front-matter
placement, a card's depth kept beside ``card_only``, evidence cues (slides, a subreddit, a talk's recording,
title only, Chinese section reads), "lossless" read as no reduction, a setting figure beside a result, a
numbered addendum after a table, and an infrastructure paragraph set apart.
"""
from __future__ import annotations

from datetime import timezone

from ingest.evidence import evidence_reader
from ingest.facts import find_figures
from ingest.lexicon import load_lexicon
from ingest.living import parse_living_source
from ingest.living_doc import reference_title
from ingest.notes import parse_note
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _levels(text: str) -> tuple[str, ...]:
    return evidence_reader(load_lexicon()).levels(text)


# --------------------------------------------------------------------------- living documents

def test_a_title_then_a_dash_then_authors_with_initials_gives_the_title_alone():
    one = "- FlashAttention-2: Faster Attention with Better Parallelism — T. Dao, 2023. arXiv:2307.08691"
    many = "- Flex Attention: A Programming Model for Attention Kernels — J. Dong, B. Feng, H. He, 2024. arXiv:2412.05496"
    assert reference_title(one) == "FlashAttention-2: Faster Attention with Better Parallelism"
    assert reference_title(many) == "Flex Attention: A Programming Model for Attention Kernels"


def test_a_reference_wrapped_over_two_lines_gives_its_title_without_its_key():
    text = "[Zhong 2024] DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language\n" \
           "  Model Serving. https://arxiv.org/abs/2401.09670"
    assert reference_title(text) == ("DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language "
                                      "Model Serving")


DOC = """\
# Serving

## 5. Scheduling

- DistServe [Zhong 2024]: prefill and decode on different GPUs; 4.6x goodput over vLLM on ShareGPT.
- FastServe [Wu 2023]: token-level preemption, an online scheduler.

## Works cited

[Wu 2023] Fast Distributed Inference Serving for Large Language Models. https://arxiv.org/abs/2305.05920
[Zhong 2024] DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language
  Model Serving. https://arxiv.org/abs/2401.09670
"""


def test_an_author_year_key_in_the_body_names_the_work_its_entry_gives():
    fields, _w = parse_living_source(DOC, "organized/knowledge/serving.md", tz=timezone.utc)
    about = {c.line: set(c.subjects) for c in fields["claims"] if c.subjects and c.role != "citation"}
    assert about[5] == {"2401.09670"}  # (the wrapped entry's identifier is on its second line)
    assert about[6] == {"2305.05920"}
    # the name written before a key is what notes call the work by
    assert any(r.alias == "FastServe" and r.arxiv_id == "2305.05920" for r in fields["arxiv"])


# --------------------------------------------------------------------------- notes

COMPARISON = """\
# EAGLE-2 vs EAGLE-3: replace or add in 2.2?

Read both end to end. EAGLE-2 (arXiv:2406.16858) is in 2.2 now; EAGLE-3 (arXiv:2503.01840) keeps coming up.

What EAGLE-3 changes:
- no feature-prediction loss any more
- fuses low-, mid- and high-level features
- keeps EAGLE-2's dynamic draft tree

Verdict: add EAGLE-3 under 2.2.
"""


def test_a_comparison_note_whose_bullets_bring_no_work_is_one_item_about_the_works_its_title_names():
    assert _items(COMPARISON) == [(1, ("2406.16858", "2503.01840"))]


def test_bullets_that_each_bring_a_work_under_a_two_work_title_stay_topics():
    text = COMPARISON.replace("- no feature-prediction loss any more", "- Medusa (arXiv:2401.10774) trains heads") \
        .replace("- fuses low-, mid- and high-level features", "- Hydra (arXiv:2402.05109) chains them")
    assert [w for _l, w in _items(text)] != [("2406.16858", "2503.01840")]


CARD = """\
---
arxiv: 2608.14417v2
title: "TideServe: SLO-Aware Goodput Scheduling"
source: abstract + Fig. 1 + Table 2 of v2 (card written without reading the full text)
section: "5.1"
---
- Goodput at 90% SLO attainment: 1.8x over DistServe.
"""


def test_a_cards_front_matter_section_places_it_and_its_depth_stays_beside_card_only():
    parts, _w = parse_note(CARD, "organized/paper_cards/0871-2608-14417.md", "paper_card")
    [item] = parts["items"]
    assert item.sections == ("5.1",)
    assert set(item.evidence_levels) >= {"card_only", "abstract_checked"}
    source = next(c for c in parts["claims"] if c.line == 4)
    assert set(source.evidence_levels) == {"card_only", "abstract_checked"}


def test_a_one_item_notes_front_matter_placement_and_not_a_collections():
    note = "---\ntitle: TideServe\narxiv: 2608.14417\nkb_section: 7.1/\n---\nRead it end to end.\n"
    parts, _w = parse_note(note, "inbox/a/tideserve.md", "note")
    assert [i.sections for i in parts["items"]] == [("7.1",)]
    many = "---\nsection: 4.2\n---\n## A (arXiv:2401.10774)\nx\n\n## B (arXiv:2402.05109)\ny\n"
    parts, _w = parse_note(many, "inbox/a/two.md", "note")
    assert [i.sections for i in parts["items"]] == [(), ()]


def test_a_repo_cards_follow_up_in_its_paper_field_is_a_mention():
    card = "# thu-ml/SageAttention\n\n- paper: arXiv:2410.02367; follow-up SageAttention2 [2411.10958]\n- stars: 2.9k\n"
    parts, _w = parse_note(card, "organized/repo_cards/0291-thu-ml-sageattention.md", "repo_card")
    [item] = parts["items"]
    assert item.works == ("2410.02367",) and "2411.10958" in item.mentions


TABLE_THEN_ADDENDA = """\
# Screening, week 1

| Paper | arXiv | Verdict |
|---|---|---|
| MixKV | 2607.03391 | add |
| DuoQ | 2604.11862 | add |

补充一：vLLM 的 release note 说 FP8 KV 默认改走 FlashInfer 后端，decode 吞吐高约 18%。可以补到 3.2。

补充二：FP8 Formats（https://arxiv.org/abs/2209.05433）我只看了标题，不单独收。
"""


def test_numbered_addenda_after_a_table_are_topics_even_without_a_work():
    assert _items(TABLE_THEN_ADDENDA) == [(5, ("2607.03391",)), (6, ("2604.11862",)), (8, ()), (10, ("2209.05433",))]


def test_an_infrastructure_paragraph_of_a_handoff_is_a_topic_of_its_own():
    text = ("Handoff.\n\nHydra (arxiv.org/abs/2402.05109) is the one I spent time on; it goes in 2.3.\n\n"
            "LayerSkip (arXiv:2404.16710): nothing new, matches the doc.\n\n"
            "Infra, not for the doc: gpu-07 dropped two H100s again, so the sweep is not rerun.\n")
    assert _items(text) == [(3, ("2402.05109",)), (5, ("2404.16710",)), (7, ())]


def test_out_of_scope_and_not_taken_separately_are_low():
    parts, _w = parse_note(TABLE_THEN_ADDENDA.replace("| DuoQ | 2604.11862 | add |",
                                                      "| BitNet | 2402.17764 | 要从头训练，不在本文档范围 |"),
                           "inbox/a/screen.md", "note")
    rel = {i.line: i.relevance for i in parts["items"]}
    assert rel[5] == "increment" and rel[6] == "low" and rel[10] == "low"


# --------------------------------------------------------------------------- evidence and placement

def test_evidence_cues_of_this_round():
    assert _levels("FA3 reading-group slides — slides only, didn't open the paper") == ("second_hand", "unverified")
    assert _levels("the paper's numbers I only know through card 0871") == ("card_only",)
    assert _levels("I watched a recording of the authors' talk") == ("second_hand",)
    assert "second_hand" in _levels("r/LocalLLaMA thread: a commenter says it is lossy once T>0")
    assert _levels("I went over my own slides again") == ()
    assert _levels("这回正文第 4 节的推导我自己跟了一遍，附录 C 的消融表也逐项对过。") == ("full_text",)
    assert _levels("第 4 节的 kernel 设计和第 5 节的实验都仔细看了。") == ("full_text",)
    assert _levels("方法部分没仔细看。") == ()


def test_a_title_alone_is_unverified_and_a_title_with_the_abstract_is_abstract_depth():
    assert _levels("我只看了标题，是训练向的格式定义") == ("unverified",)
    assert _levels("目前只看了标题和图 1，正文没打开") == ("unverified",)
    assert _levels("I only saw the title go by on the feed") == ("unverified",)
    assert _levels("只看了标题和摘要") == ("abstract_checked",)


def test_a_sentence_of_for_and_a_section_number_places():
    assert [(r.key, r.role) for r in section_refs("(numbers from the abstract). For 2.2; ines does the rest.")] == [("2.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("For 2.2 of the runs we saw 3x.")] == [("2.2", "mention")]


# --------------------------------------------------------------------------- figures

def test_lossless_before_a_figure_is_no_reduction():
    [q] = find_figures("swaps the static tree for a dynamic one; lossless. 4.26x on MT-bench with Vicuna-13B", load_lexicon())
    assert q.direction is None and q.metric == "speedup"
    [q] = find_figures("4x less memory than FP16", load_lexicon())
    assert q.direction == "down"


def test_a_batch_in_brackets_after_a_ratio_is_its_setting_not_its_measure():
    qs = find_figures("decode 吞吐比 FP16 KV 高 3.6 倍（batch 64、32K 上下文）。", load_lexicon())
    assert {q.raw: q.metric for q in qs} == {"3.6 倍": "throughput"}
    # (the context length after "、" is a setting too, eighteenth stop: no figure of its own)
    assert {"batch:64", "ctx:32000"} <= set(qs[0].conditions)


# =========================================================================== second round (t167–t170)

def test_a_critical_read_titled_with_its_paper_is_one_item_whatever_its_numbered_concerns_name():
    text = ("# Critical read: HeadTrim — Entropy-Guided Head Budgets (arXiv 2605.11902v1)\n\n"
            "Read: full PDF v1 incl. appendix.\n\nConcerns:\n"
            "1. Baselines are re-run by the authors with their own window size.\n"
            "2. Ada-KV (arXiv:2407.11550) already redistributes budget across heads.\n"
            "3. The entropy is computed on the last 32 prompt tokens only.\n"
            "4. Latency: one extra pass over the window attention.\n\n"
            "Verdict: worth two sentences in §2.3 next to Ada-KV.\n")
    parts, _w = parse_note(text, "inbox/w/headtrim.md", "note")
    [item] = parts["items"]
    assert (item.line, item.works, item.sections) == (1, ("2605.11902",), ("2.3",))
    # a digest titled after one paper whose entries mostly bring their own stays a collection
    digest = text.replace("Concerns:\n", "").replace("1. Baselines are re-run", "1. Quest (arXiv:2406.10774) re-runs") \
        .replace("3. The entropy", "3. TOVA (arXiv:2401.06104): the entropy")
    assert len(parse_note(digest, "inbox/w/d.md", "note")[0]["items"]) > 1


def test_a_slack_copy_with_bracketed_times_is_one_item_per_message():
    text = ("# #kv, pasted from Slack\n\n**priya** [10:42 AM]\nis anyone using pyramidkv with llama-3? 2406.02069\n"
            "> **raj** [10:44 AM]\n> that's the one\n\n**dmitri** [10:49 AM]\nbtw H2O works with flash-attn 2 now\n"
            "> **priya** [10:51 AM]\n> source?\n\n**mk** [11:50 AM]\nreminder: cluster quota resets friday\n")
    assert [ln for ln, _w in _items(text)] == [3, 8, 13]


def test_minutes_one_paragraph_per_speaker_are_one_item_per_turn_and_per_paper_a_turn_opens():
    text = ("# 组会纪要 · 2027-09-08\n\n记录：陈曦\n\n"
            "**王磊**：这周讲 MInference（arxiv.org/abs/2407.02490v2），论文是完整读过的。\n"
            "第二篇是 DuoAttention（https://arxiv.org/abs/2410.10819），这篇只看了摘要。\n\n"
            "**赵宇**：BlockRoute 出了 v2，卡片要跟着改。\n\n"
            "**陈曦**：没讲论文，同步一下集群排期。\n\n### 结论 / 待办\n1. PageSketch 收进 3.2。\n")
    assert _items(text) == [(5, ("2407.02490",)), (6, ("2410.10819",)), (8, ()), (10, ()), (12, ())]


def test_a_logs_day_whose_paragraph_brings_a_paper_keeps_the_bullets_under_it():
    text = ("# reading log\n\n### 2027-09-02\n\n**SLO-Gate** — arXiv:2609.04417v1, an admission gate.\n"
            "- P99 TTFT on the ShareGPT trace: 3.1× lower than vLLM with FCFS.\n- Preemption overhead stays below 3%.\n"
            "Went through the whole PDF. Belongs in III.2.\n\n### 2027-09-04\n\nLlumnix (2406.03243) re-read.\n")
    assert _items(text) == [(3, ("2609.04417",)), (10, ("2406.03243",))]


def test_a_title_wrapped_onto_its_identifiers_line_is_read_whole():
    text = ("Forwarded.\n\n> 3. Fiddler: CPU-GPU Orchestration for Fast Inference of Mixture-of-Experts\n"
            "> Models (arxiv.org/abs/2312.17238). Runs cold experts on the CPU.\n")
    parts, _w = parse_note(text, "inbox/t/fwd.md", "note")
    assert [r.title for r in parts["arxiv"]] == ["Fiddler: CPU-GPU Orchestration for Fast Inference of Mixture-of-Experts Models"]


def test_a_bold_short_name_then_a_title_in_the_citation_list_gives_both():
    doc = ("# KV\n\n## 2 Eviction\n\n- H2O keeps heavy hitters. It does not run on FlashAttention kernels.\n\n## Cited papers\n"
           "- **H2O** — H2O: Heavy-Hitter Oracle for Efficient Generative Inference of Large Language Models, arXiv:2306.14048\n"
           "- **StreamingLLM** — Efficient Streaming Language Models with Attention Sinks, arXiv:2309.17453\n")
    fields, _w = parse_living_source(doc, "organized/knowledge/kv.md", tz=timezone.utc)
    cites = {r.arxiv_id: (r.alias, r.title) for r in fields["arxiv"] if r.line >= 8}
    assert cites == {"2306.14048": ("H2O", "H2O: Heavy-Hitter Oracle for Efficient Generative Inference of Large Language Models"),
                     "2309.17453": ("StreamingLLM", "Efficient Streaming Language Models with Attention Sinks")}
    assert {c.line: c.subjects for c in fields["claims"] if c.line == 5} == {5: ("2306.14048",)}
    # a bold name over a description is no title
    from ingest.living_doc import _bold_named_record
    line = "- **vLLM**：PagedAttention 把 KV 缓存分页管理（arXiv:2309.06180）"
    assert _bold_named_record(line, line.index("arXiv")) is None


def test_put_a_name_in_and_worth_two_sentences_place():
    assert [(r.key, r.role) for r in section_refs("I'd put Cadence in III.3 with the SLO-aware schedulers.")] == [("III.3", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Verdict: worth two sentences in §2.3 next to Ada-KV.")] == [("2.3", "suggest")]


def test_a_benchmark_a_result_is_set_against_and_emphasis_underscores_are_no_settings():
    lex = load_lexicon()
    [q] = find_figures("their LMSYS-Chat-1M result is a lot smaller than the sharegpt one, mean latency only 1.3x lower than vllm",
                       lex)
    assert "bench:lmsys" in q.conditions and "bench:sharegpt" not in q.conditions
    [q] = find_figures("_Cascara on ShareGPT_: mean latency 2.1x lower than vLLM", lex)
    assert "bench:sharegpt" in q.conditions


def test_a_later_clause_past_a_semicolon_gives_no_setting():
    figs = {q.raw: q.conditions for q in find_figures("在 1M token、单卡 A100 上 prefill 加速 6.8×；RULER 上精度基本不掉。", load_lexicon())}
    assert not any(c.startswith("bench:") for c in figs["6.8×"])


def _ingested(tmp_path, files: dict[str, str]):
    """A store holding a workspace of ``files`` (workspace path -> text)."""
    from graph.loader import ingest_paths
    from graph.store import Store
    ws = tmp_path / "ws"
    for rel, text in files.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text, encoding="utf-8")
    store = Store(tmp_path / "store")
    ingest_paths(store, [ws])
    return store


def _findings(tmp_path, files: dict[str, str]):
    from queries.named import contradictions
    store = _ingested(tmp_path, files)
    return [(f.kind, f.subject, sorted([f"{f.a.source.rsplit('/', 1)[-1]}:{f.a.line}", f"{f.b.source.rsplit('/', 1)[-1]}:{f.b.line}"]))
            for f in contradictions(store)]


DOC2 = """\
# Serving

## 2. Scheduling

- DistServe [2401.09670] reports up to 4.48× more requests served than colocated state-of-the-art systems.
- "Goodput" is as defined by DistServe; SLO attainment target 90%.
- FastServe [2305.05920] is an online scheduler.
- SLO-Gate [2609.04417] cuts P99 TTFT on ShareGPT at 14 req/s by 2.4× against vLLM FCFS.

## References

1. DistServe: Disaggregating Prefill and Decoding. https://arxiv.org/abs/2401.09670v1
2. FastServe: Fast Distributed Inference Serving for Large Language Models. arXiv:2305.05920
3. Llumnix: Dynamic Scheduling for Large Language Model Serving. arXiv:2406.03243
4. SLO-Gate: Admission-Controlled Preemptive Scheduling. arXiv:2609.04417
"""


def test_findings_of_this_round_on_one_small_workspace(tmp_path):
    found = _findings(tmp_path, {
        "organized/knowledge/serving.md": DOC2,
        "inbox/t/zotero.md": (
            "# Annotations\n\n## DistServe (arXiv 2401.09670v3)\n\n"
            "\u201cDistServe can serve 7.4\u00d7 more requests compared to state-of-the-art systems.\u201d Headline changed between "
            "versions: v1 said 4.48\u00d7, v3 says 7.4\u00d7.\n"),
        "inbox/p/scan.md": (
            "**Llumnix vs FastServe** \u2014 read both (arXiv:2406.03243).\n"
            "Llumnix live-migrates running requests between instances.\n"
            "FastServe, by contrast, is effectively an offline scheduler.\n"),
        "inbox/q/log.md": (
            "# log\n\n**SLO-Gate** \u2014 arXiv:2609.04417\n"
            "- Baseline P99 TTFT (vLLM FCFS, ShareGPT, 14 req/s) is 6.8 s in their Table 3.\n"
            "- SLO-Gate's own P99 TTFT at 14 req/s on ShareGPT: 2.2 s.\n"),
        "inbox/r/card-note.md": "SLO-Gate (2609.04417): its own P99 TTFT at 14 req/s on ShareGPT is 2.2 s, checked in the paper.\n",
    })
    kinds = {(k, s) for k, s, _w in found}
    # "state-of-the-art systems" is the document's "colocated state-of-the-art systems": the v1 figure against v3's
    assert any(k in ("number", "version") and s == "arXiv:2401.09670" and "serving.md:5" in w for k, s, w in found)
    # the version change is anchored on the statement whose figure it names, not on the goodput definition
    assert not any("serving.md:6" in w for _k, _s, w in found)
    # "FastServe, by contrast, …" is about FastServe, not about the item's Llumnix
    assert ("qualifier", "arXiv:2305.05920") in kinds and ("qualifier", "arXiv:2406.03243") not in kinds
    # a baseline's figure is no figure of the method
    assert not any(k == "number" and s == "arXiv:2609.04417" for k, s, _w in found)


def test_a_statement_quoting_both_values_restates_the_disagreement(tmp_path):
    found = _findings(tmp_path, {
        "organized/knowledge/lc.md": ("# LC\n\n## 3. Sparse\n\n- MInference [2407.02490]：在 LLaMA-3-8B 上、1M token 时单卡 A100 prefill 最多加速 10 倍。\n\n"
                                      "## 参考文献\n\n1. MInference 1.0. arXiv:2407.02490\n"),
        "inbox/c/minutes.md": ("# 组会纪要\n\n**王磊**：MInference（2407.02490），在 LLaMA-3-8B 上、1M token、单卡 A100，prefill 加速 6.8×；"
                               "RULER 上精度基本不掉。\n\n**赵宇**：没讲论文。\n\n**陈曦**：同步排期。\n\n### 结论\n"
                               "1. MInference 1M prefill 的加速：王磊报 6.8×，活文档写 10 倍，对不上。\n"),
    })
    assert any(k == "number" and s == "arXiv:2407.02490" and w == ["lc.md:5", "minutes.md:3"] for k, s, w in found)


def test_a_capacity_beside_a_result_is_still_compared_and_a_setting_is_not(tmp_path):
    found = _findings(tmp_path, {
        "organized/knowledge/lc.md": "# LC\n\n## 5. CP\n\n- SpindleCP (2602.04471): max context 1M tokens on 8×H100.\n\n## References\n\n1. SpindleCP. arXiv:2602.04471\n",
        "inbox/d/fwd.md": "SpindleCP (arXiv 2602.04471) serves 512K-token contexts on one 8-GPU node and claims 5.2× faster prefill.\n",
        "inbox/h/q.md": "MixKV (2607.03391)：H100 上 decode 吞吐比 FP16 KV 高 3.6 倍（batch 64、32K 上下文）。\n",
        "inbox/m/t.md": "| 论文 | arXiv | 结论 |\n|---|---|---|\n| MixKV | 2607.03391 | 128K 上下文下 KV 缓存占用约为 FP16 的 39% |\n",
    })
    assert any(k == "number" and s == "arXiv:2602.04471" for k, s, _w in found)
    assert not any(s == "arXiv:2607.03391" for _k, s, _w in found)


# =========================================================================== third round (t171–t174)

def test_a_close_read_whose_first_line_names_its_paper_is_one_item_with_its_questions():
    text = ("精读｜Exit-Aware Self-Speculation: Adaptive Layer Skipping（arXiv:2608.13502v1）\n"
            "林晓 · 2027-09-15 · 全文精读\n\n【方法】\n不需要草稿模型。\n\n【疑问】\n"
            "1. 和 SWIFT（arxiv.org/abs/2410.06916）到底差多少？\n2. 跟 Draft & Verify（[2309.08168]）的对比用的是对方论文里的数。\n"
            "3. README 说提供 vLLM 插件，我没装。\n\n【结论】\n值得收，放 2.3。\n")
    assert _items(text, "inbox/l/read.md") == [(1, ("2608.13502",))]


def test_a_comparison_matrix_before_the_first_section_is_an_item_about_its_columns():
    text = ("# KV-cache quantization — side by side\n\nFor the §4.1 rewrite.\n\n|  | KIVI | KVQuant | QServe |\n|---|---|---|---|\n"
            "| arXiv | 2402.02750 | 2401.18079 | 2405.04532 |\n| Needs calibration? | no | no | yes |\n\n## Left out\n\n"
            "- GEAR (2403.05527): another family.\n")
    assert _items(text)[0] == (1, ("2402.02750", "2401.18079", "2405.04532"))


def test_a_question_answered_no_denies_its_predicate_and_yes_states_it():
    from ingest.facts import predicates
    assert "-calibrate:" in predicates("KVQuant: Needs calibration?: no — the README loads pre-fit quantizers")
    assert "+calibrate:" in predicates("QServe: Needs calibration?: yes, small calibration set")
    assert predicates("Sarathi-Serve does not disaggregate: it keeps both phases on the same GPUs") == ("+store:", "-disaggregate:")
    assert predicates("per a thread it disaggregates prefill and decode onto separate GPU pools") == ("+disaggregate:",)
    assert predicates("We study disaggregated serving") == ()


def test_bandwidth_is_a_rate_not_an_amount_of_memory():
    got = {q.raw: (q.unit, q.value, q.metric) for q in
           find_figures("KV transfer throughput: 38 GB/s per node pair; HBM 3.35 TB/s; peak memory 17.9 GB", load_lexicon())}
    assert got == {"38 GB/s": ("GB/s", 38.0, "throughput"), "3.35 TB/s": ("GB/s", 3350.0, "throughput"),
                   "17.9 GB": ("GB", 17.9, "memory")}


def test_whole_request_kv_shipped_in_one_bulk_transfer_is_the_whole_side():
    from ingest.facts import qualifier_sides
    lex = load_lexicon()
    assert qualifier_sides("ships the whole-request KV cache to the token machine in a single bulk transfer after the prompt "
                           "phase has completed", lex) == ("kv_transfer_granularity:whole",)


def test_a_title_cell_holding_its_identifier_gives_the_title_beside_it():
    text = ("| Date | Presenter | Paper | Comments |\n|---|---|---|---|\n"
            "| 2027-10-02 | Wei | Hydragen: High-Throughput LLM Inference with Shared Prefixes (2402.14808) | §4 |\n")
    parts, _w = parse_note(text, "inbox/t/signup.md", "note")
    assert [r.title for r in parts["arxiv"]] == ["Hydragen: High-Throughput LLM Inference with Shared Prefixes"]


def test_round_three_findings(tmp_path):
    found = _findings(tmp_path, {
        "organized/knowledge/pc.md": (
            "# Prefix caching\n\n## 3 Reuse\n\nCachedAttention keeps KV of multi-turn conversations in DRAM/SSD.\n"
            "Up to 87% lower TTFT on ShareGPT multi-turn sessions.\n\nSarathi-Serve (arXiv:2403.02310) does not disaggregate: it keeps both phases "
            "on the same GPUs.\n\nKVQuant needs a calibration set (16 Wikitext-2 sequences of 2K tokens).\n\n## References\n\n"
            "- Gao, B. et al. (2024). Cost-Efficient Large Language Model Serving for Multi-turn Conversations with "
            "CachedAttention. https://arxiv.org/abs/2403.19708\n"
            "- Agrawal, A. et al. (2024). Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve. "
            "https://arxiv.org/abs/2403.02310\n"
            "- Hooper, C. et al. (2024). KVQuant: Towards 10 Million Context Length LLM Inference. https://arxiv.org/abs/2401.18079\n"),
        "inbox/t/signup.md": ("| Date | Paper | Comments |\n|---|---|---|\n"
                              "| 09-25 | CachedAttention — arXiv:2403.19708v3 | Abstract: TTFT cut by up to 68% on ShareGPT multi-turn |\n"),
        "inbox/o/bookmarks.md": "- https://arxiv.org/pdf/2403.02310.pdf — Sarathi-Serve; per a thread it disaggregates prefill and decode.\n",
        "organized/repo_cards/1311-kvquant.md": ("# KVQuant\n\n- paper: arXiv:2401.18079\n"
                                                 "- demo: \"1M context on a single A100-80GB\" repeated from the paper\n"),
    })
    got = {(k, s) for k, s, _w in found}
    assert ("number", "arXiv:2403.19708") in got  # CachedAttention, named by its title's camel-cased word
    assert ("negation", "arXiv:2403.02310") in got
    assert not any(s == "arXiv:2401.18079" for _k, s, _w in found)  # the calibration data's 2K is no context reached


def test_a_works_title_is_the_citation_lists_before_a_notes_row(tmp_path):
    """A fresh user's finding: the brief's citable list gave Mooncake's ID the title a note's shifted table row wrote."""
    from queries.snapshot import load_snapshot
    store = _ingested(tmp_path, {
        "inbox/a/t.md": "| Title | arXiv |\n|---|---|\n| Infinite-LLM: Efficient LLM Service for Long Context | 2407.00079 |\n",
        "organized/knowledge/k.md": ("# K\n\n## 1. Serving\n\nMooncake pools KV.\n\n## References\n\n"
                                     "1. Mooncake: A KVCache-centric Disaggregated Architecture for LLM Serving. arXiv:2407.00079\n")})
    snap = load_snapshot(store, lazy=False)
    assert snap.title_of("2407.00079") == "Mooncake: A KVCache-centric Disaggregated Architecture for LLM Serving"


def test_a_posts_votes_are_no_score():
    lex = load_lexicon()
    assert find_figures("u/bf16_enjoyer · 13h · 97 points paper for the lazy", lex) == ()
    assert [q.raw for q in find_figures("MMLU: 70.1 points · GSM8K 80 points", lex)] == ["70.1 points", "80 points"]
