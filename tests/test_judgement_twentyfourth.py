"""The twenty-fourth stop's rules (blind shifts t237-t240, written in ordinary conventions: a Zotero export, a triage table
with a free-worded depth column, a note of bold lead-ins; a headless Chinese bullet note whose topics run over several
bullets, a pasted log, a shifted table; an Obsidian note, a numbered list, a digest of other people's takes; a reading list,
a vendor blog scan, a one-paper note), each pinned on a small inline text of our own (docs/FORMAT.md §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings that
must not change beside it: a cluster's generated run number is no generated card, "Llama 3.1 says" names no section, a
one-word spelling slip in a title is no second title, two bullets by two speakers about one paper stay two takes.
"""
from __future__ import annotations

import json

from conftest import evidence_levels, finding_places, ingested_store

from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.notes import parse_note
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, i.line_end, tuple(i.works)) for i in parts["items"]]


# --------------------------------------------------------------------------- evidence

def test_depth_in_free_words_running_the_authors_code_and_reading_parts_properly():
    """Running the authors' own script or getting their code to run is a full read's depth (the figures checked first-hand);
    "read §4 properly, only skimmed the rest" and "the whole deployment section" are full text, not a skim."""
    assert evidence_levels("ran their eval script on 2x A100") == ("full_text",)
    assert evidence_levels("官方仓库的代码跑通了，数字对得上") == ("full_text",)
    assert evidence_levels("I read section 5 and Table 2 properly, only skimmed the rest.") == ("full_text",)
    assert evidence_levels("read the whole evaluation section this time") == ("full_text",)
    assert evidence_levels("论文第 2–4 节都读了") == ("full_text",)
    # what must not change: running something of one's own with no paper named is no read of the paper
    assert evidence_levels("we ran out of GPU hours") == ()


def test_abstract_second_hand_unverified_and_self_reported_cues():
    """"摘要扫过", "只看了 v2 的 abstract", "checked it against the arXiv abstract" are abstract depth; "via a colleague", "I only
    read the blog", "per the newsletter" second-hand; "凭印象", "没和论文对过", "还没看", "no source linked" unverified; a
    vendor's own release, or a depth cell that is only "their blog", self-reported."""
    assert evidence_levels("摘要扫过。") == ("abstract_checked",)
    assert evidence_levels("这次只看了 v2 的 abstract") == ("abstract_checked",)
    assert evidence_levels("I checked it against the arXiv abstract") == ("abstract_checked",)
    assert evidence_levels("via a colleague who tried it") == ("second_hand",)
    assert evidence_levels("I only read the blog, not the paper") == ("second_hand",)
    assert evidence_levels("Per the newsletter, the gain is 2x") == ("second_hand",)
    assert evidence_levels("没重新看，凭印象写的") == ("unverified",)
    assert evidence_levels("自己机器上跑的，没和论文对过") == ("unverified",)
    assert evidence_levels("还没看；号也没抄全") == ("unverified",)
    assert evidence_levels("No source linked.") == ("unverified",)
    assert evidence_levels("NeurIPS booth schedule, not for the doc.") == ()  # a booth's rota, no vendor's word
    assert evidence_levels("Acme's own runtime release; what they claim:") == ("vendor_self_reported",)
    assert evidence_levels("needs their own runtime, not vLLM") == ()  # a need of the system, no vendor's word
    assert evidence_levels("这次读到 §5.3 的消融为止") == ("full_text",)
    assert evidence_levels("看了 SpinQ 论文（https://arxiv.org/abs/2405.16406）的表 2") == ("full_text",)
    assert evidence_levels("their blog") == ("vendor_self_reported",)
    # what must not change: a run number a cluster generates is no generated card; "还没看实验" after an abstract stays a skim
    assert evidence_levels("run 编号 2028.0110 是集群自动生成的") == ()
    assert evidence_levels("这篇只扫了一眼摘要，还没看实验") == ("abstract_checked",)


# --------------------------------------------------------------------------- structure

def test_a_headless_bullet_note_joins_the_bullets_that_go_on_with_a_topic():
    """A note of bare bullets whose topics run over two or three bullets: a bullet naming the same work by its ID, one that
    opens adding to or pointing back at the one before ("另外…", "上面这条…", "这篇…") is the same topic; a bullet bringing
    another work, or a chore, is a topic of its own."""
    note = ("- 读了 RotQ(2601.00771)，官方代码跑通了\n"
            "- RotQ 不需要自定义 kernel，见2601.00771v2第3节\n"
            "- 另外 W4A16 下 70B 只涨 0.05\n"
            "- 有人说 TiltQ(2602.00882) 掉点更多\n"
            "- 上面这条没细看\n"
            "- 周五机房断电\n")
    assert _items(note) == [(1, 3, ("2601.00771",)), (4, 5, ("2602.00882",)), (6, 6, ())]


def test_two_speakers_bullets_about_one_paper_stay_two_takes():
    """What must not change: "- Wei: …" and "- Lena: …" about the same paper are two attributed takes, not one topic."""
    note = ("# Takes\n\n**Reading group**\n\n"
            "- Wei: RotQ (arXiv 2601.00771) is exact.\n"
            "- Lena: RotQ (arXiv 2601.00771) loses 0.3 ppl.\n")
    assert [i[0] for i in _items(note)] == [5, 6]


# --------------------------------------------------------------------------- placement

def test_placements_written_as_material_a_quote_there_and_chinese_parts():
    """"probably 4.2 material", "the figure I'd quote in 4.3", "5.1 says we have none, so it should go there", "our 5.1
    paragraph … could go in next to them", "建议放第三部分", "在 3.3 那段末尾加一个链接" place; "Llama 3.1 says" is no section."""
    def refs(t):
        return [(r.key, r.role) for r in section_refs(t)]
    assert refs("A tidy result, probably 4.2 material.") == [("4.2", "suggest")]
    assert refs("This is the number I'd quote in 4.3.") == [("4.3", "suggest")]
    assert refs("5.1 says we have nothing on batching, so it should go there.") == [("5.1", "suggest")]
    assert refs("Our 5.1 paragraph only has decode; the prefill figure could go in next to them.") == [("5.1", "suggest")]
    assert refs("建议放第三部分") == [("3", "suggest")]
    assert refs("挂在 5.1 做脚注，或者在 3.3 那段末尾加一个仓库链接") == [("5.1", "suggest"), ("3.3", "suggest")]
    assert refs("Llama 3.1 says nothing about it") == []


def test_a_section_named_by_one_word_of_its_title(tmp_path):
    """"goes with the Jacobi part" names "3.2 Jacobi-style decoding" (its title's words, hyphenated parts counting); a word
    in two sections' titles names neither."""
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    doc = ("# Spec decoding\n\nLast revised 2027-11-01\n\n## 3 Drafting\n\n### 3.1 Tree drafting\n\n- x\n\n"
           "### 3.2 Jacobi-style decoding\n\n- y\n\n### 3.3 Tree verification\n\n- z\n\n## References\n\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "inbox/a/n.md": "# week\n\n**Lookahead**\nLookahead (2402.02057) is missing; goes with the Jacobi part.\n\n"
                        "**TreeX**\nTreeX (2603.01234) goes with the tree part.\n",
        "work-guard/00000000-0000-4000-8000-000000000002.json": json.dumps({
            "manifest_id": "00000000-0000-4000-8000-000000000002", "created": "2027-12-01",
            "knowledge": "organized/knowledge/doc.md", "items": [{"path": "inbox/a/n.md"}]}),
    }
    rows = {r.line: r for r in shift_items(load_snapshot(ingested_store(tmp_path, files)))}
    assert rows[3].sections == ["3.2"]
    assert rows[6].sections == []


# --------------------------------------------------------------------------- facts

def test_new_qualifier_aspects_and_field_values_that_deny():
    """Greedy-only vs sampling-compatible, dropless vs dropping tokens; a card field whose value is none denies what it
    names; distilling a drafter is training one the work needs; "attention sinks" and "sink tokens" are one object."""
    assert qualifier_sides("v1 is greedy-only; sampling is left to future work") == ("decoding_support:greedy_only",)
    assert qualifier_sides("v2 adds a sampling-compatible acceptance rule") == ("decoding_support:sampling",)
    assert qualifier_sides("it is dropless: no token is ever dropped") == ("token_dropping:dropless",)
    assert qualifier_sides("it still drops whatever overflows the capacity factor") == ("token_dropping:dropping",)
    assert predicates("draft_model: none separate; drafts come from the target") == ("-need:draft_model,model",)
    assert predicates("you still have to distil a 1B drafter from the target") == ("+need:draft_model", "+train:draft_model")
    assert predicates("its streaming heads keep the attention sinks") == ("+store:sink_tokens",)
    assert predicates("its streaming heads don't keep any sink tokens") == ("-store:sink_tokens,tokens",)
    # what must not change: a field with a value is no denial
    assert predicates("draft_model: a 68M Llama") == ()


def test_a_difference_written_with_bi_and_a_needle_length_before_a_colon():
    """"比 FP16 高约 0.3 个点" is a difference over FP16 (as "+0.6 pt vs fp16" is); "NIAH 单针 128K：97.6%" is at 128K;
    "WikiText-2" is the benchmark, not a variant "-2" of the work."""
    (q,) = find_figures("AWQ 在 Llama-2-7B 上 W4A16 的 WikiText-2 困惑度比 FP16 高约 0.3 个点。")
    assert (q.value, q.unit, q.direction) == (0.3, "pt", "delta")
    assert not any(c.startswith("variant:") for c in q.conditions)
    q = find_figures("- NIAH 单针 128K：97.6%")[0]
    assert "ctx:128000" in q.conditions


# --------------------------------------------------------------------------- contradictions

def test_conflicts_of_the_new_kinds_across_files(tmp_path):
    """A word put in another's place in a title is two titles; dropless against dropping; v1 greedy-only against v3 adding
    sampling is a version finding; a card's "none" against a drafter one must distil; a keyword list is no statement."""
    doc = ("# MoE notes\n\nLast revised 2027-11-01\n\n## 3 Kernels\n\n"
           "- BlockMoE (2211.15841) is dropless: no token is ever dropped.\n\n## References\n\n"
           "- [BlockMoE: Efficient Sparse Training with Mixture-of-Experts](https://arxiv.org/abs/2211.15841) — G. et al., 2022\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "organized/paper_cards/0531-2211-15841.md": ("# BlockMoE\n\n- id: 2211.15841\n"
                                                     "- title: BlockMoE: Efficient Sparse Inference with Mixture-of-Experts\n"
                                                     "- tags: moe, dropless\n"),
        "inbox/a/list.md": "# list\n\n- [BlockMoE](https://arxiv.org/abs/2211.15841) — it still drops whatever overflows the capacity factor.\n",
        "inbox/b/zot.md": ("# Annotations\n\n## TreeV — arxiv.org/abs/2604.02291v1\n\n"
                           "\"we consider greedy decoding; stochastic sampling is left to future work\" (p. 1)\n"),
        "inbox/c/week.md": "**TreeV v3**\n\n2604.02291v3 adds a sampling-compatible acceptance rule.\n",
        "organized/paper_cards/0731-2602-11873.md": "id: 2602.11873\ntitle: SkipD\ndraft_model: none separate; drafts come from the target\n",
        "inbox/d/rumour.md": "**SkipD**\nJun says SkipD (arxiv.org/abs/2602.11873) is not self-contained: you still have to distil a 1B drafter.\n",
    }
    got = finding_places(tmp_path, files)
    assert ("title", "arXiv:2211.15841", ["0531-2211-15841.md:4", "doc.md:11"]) in got
    assert ("qualifier", "arXiv:2211.15841", ["doc.md:7", "list.md:3"]) in got
    assert ("version", "arXiv:2604.02291", ["week.md:3", "zot.md:5"]) in got
    assert ("negation", "arXiv:2602.11873", ["0731-2602-11873.md:3", "rumour.md:2"]) in got
    assert not [g for g in got if any(p.endswith("0531-2211-15841.md:5") for p in g[2])]


def test_a_spelling_slip_in_a_title_is_one_title():
    """What must not change: "Managment" for "Management" and "Paged Attention" for "PagedAttention" are spellings."""
    from queries.contradictions import same_title

    assert same_title("efficient memory management for large language model serving with pagedattention",
                      "efficient memory managment for large language model serving with paged attention") is not None
    assert same_title("blockmoe efficient sparse training with mixture of experts",
                      "blockmoe efficient sparse inference with mixture of experts") is None


# --------------------------------------------------------------------------- the t233-t236 round, mended after it

def test_a_plain_outline_whose_next_part_a_list_item_swallowed():
    """"一、…" / "（一）…" / "1. …" written flush left with no blank lines: Markdown reads "二、…" as the list item's lazy
    continuation; the outline's parts are the topics, each with its work."""
    outline = ("分享会大纲\n\n一、RotQ：旋转量化（arXiv:2601.00771）\n（一）背景\n1. 离群值集中在少数通道\n2. 复现的数和文档对不上\n"
               "二、TiltQ：分组量化（arxiv.org/abs/2602.00882）\n（一）方法\n1. 按组算 scale\n三、讨论\n1. 下次谁讲\n")
    assert _items(outline) == [(3, 6, ("2601.00771",)), (7, 9, ("2602.00882",)), (10, 11, ())]


def test_a_flashcard_answer_measures_what_its_question_asks():
    """"Q: RotQ 在相同 SLO 下 goodput 比 vLLM 高多少？" over "A: 2.1x（同一组 P90 SLO）": the answer's figure is a goodput, not an
    "SLO"; a ratio is never a measure of an SLO."""
    card = ("Deck: serving\n\nQ: RotQ 在相同 SLO 下 goodput 比 vLLM 高多少？\nA: 2.1x（同一组 P90 TTFT / P90 TPOT SLO）。\n"
            "Source: arXiv 2601.00771\n")
    parts, _w = parse_note(card, "inbox/a/deck.md", "note")
    (q,) = [q for c in parts["claims"] for q in c.quantities]
    assert (q.raw, q.metric) == ("2.1x", "goodput")
    assert [(x.raw, x.metric) for x in find_figures("goodput 比 vLLM 高 3.0x（P90 SLO）")] == [("3.0x", "goodput")]
    # what must not change: an attainment is the SLO's own measure, and so is how much tighter an SLO is met
    assert [(x.raw, x.metric) for x in find_figures("可多服务 7.4× 请求，或满足 12.6× 更严的 SLO")] == [("7.4×", "requests"), ("12.6×", "slo")]
    assert [(x.raw, x.metric) for x in find_figures("DistServe holds 99% SLO attainment at 1.5 req/s")] == [("99%", "slo")]


def test_a_legend_in_corner_quotes_and_its_marks_on_the_lines():
    """"A 后面标「✓读原文」= 我对照论文正文核过；标「(听talk)」= 研讨会上记的": the marks, written bare on the lines, give the
    levels their meanings state; "那条我没读" is unverified."""
    from ingest.evidence import evidence_reader

    r = evidence_reader()
    legend = r.legend([(2, "说明：A 后面标「✓读原文」= 我对照论文正文核过；标「(听talk)」= 研讨会上记的，没回去核。")])
    assert legend == {"✓读原文": "full_text", "(听talk)": "second_hand"}
    assert r.levels("A: 两阶段互不干扰。✓读原文 §3", legend) == ("full_text",)
    assert evidence_levels("第 ② 条那条我没读，数字别直接用") == ("unverified",)


def test_faster_by_a_percentage_meets_a_ratio_and_a_programme_line_gives_a_title(tmp_path):
    """"解码延迟快了 70%" is a 1.7x speed-up against a document's "快 2.4 倍" on the same setting; "10:00–10:20 Talk: Title — Speaker"
    writes the card's title, not another; "对应论文 / paper:" is a repo card's paper field; TMA is a Hopper feature."""
    doc = ("# Kernels\n\nLast revised 2027-11-01\n\n## 2 Decode\n\n"
           "- TileD（arXiv:2603.14172）：H100、batch 1、128K 上下文下，解码比 FlashAttention-2 快 2.4 倍。\n"
           "- TileD 不依赖 Hopper 特性，A100 上同样能跑。\n\n## References\n\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "inbox/a/outline.md": ("大纲\n\n一、TileD（arXiv:2603.14172）\n1. H100、batch 1、128K 上下文：相对 FA2 的解码延迟快了 70% 左右\n"
                               "二、杂项\n1. 下周停机\n"),
        "inbox/b/day2.md": ("# Workshop day 2\n\n10:00–10:20 Talk: KVLinker: Layer-wise KV Streaming for Disaggregated Serving — Priya Raman "
                            "(arXiv:2606.04417v2)\n    - 讲者原话：无需 RDMA，普通 TCP 就够\n"),
        "organized/repo_cards/0731-openkv-kvlinker.md": ("# repo card — openkv/kvlinker\n\n"
                                                         "- 对应论文 / paper: KVLinker: Layer-wise KV Streaming for Disaggregated Serving, arXiv 2606.04417\n"
                                                         "- requires an RDMA-capable NIC.\n- The fast path must use TMA; sm_80 falls back.\n"),
        "organized/paper_cards/0871-2603-14172.md": "# TileD\n\n- arXiv: 2603.14172\n- 核心路径必须用到 TMA，只在 sm_90 上生效。\n",
    }
    got = finding_places(tmp_path, files)
    assert ("number", "arXiv:2603.14172", ["doc.md:7", "outline.md:4"]) in got
    assert ("negation", "arXiv:2603.14172", ["0871-2603-14172.md:4", "doc.md:8"]) in got
    assert ("negation", "arXiv:2606.04417", ["0731-openkv-kvlinker.md:4", "day2.md:4"]) in got
    assert not [g for g in got if g[0] == "title"]


# --------------------------------------------------------------------------- the second round (t241-t244), mended after it

def test_an_our_check_column_and_what_its_cells_say():
    """"| Our check |" is a depth column: "reproduced on 1xH100", "read their eval section" are full reads, "nothing yet"
    unverified, "their docs page" self-reported."""
    from ingest.evidence import evidence_reader

    r = evidence_reader()
    assert [r.column_level("Our check", c) for c in ("reproduced on 1xH100: 3.1x at 128K", "read their eval section",
                                                      "nothing yet", "number from their README")] == [
        "full_text", "full_text", "unverified", "vendor_self_reported"]
    assert evidence_levels("their docs page, not measured separately") == ("vendor_self_reported",)
    # what must not change: "read the abstract section" is an abstract's depth
    assert evidence_levels("read the abstract section") == ("abstract_checked",)


def test_needs_in_new_words():
    """What is materialised is needed ("the probability matrix is never materialised" against "needs the softmax probabilities
    materialised"); "output-length predictor" and "输出长度预测器" are one object; "不用另配草稿模型" denies a draft model and "还得
    额外训一个草稿模型" needs one; "depends on Hopper-only hardware" needs Hopper; a model's scores that "approximate" a rate
    are no approximate method."""
    assert predicates("its scorer needs the full softmax probabilities materialised") == (
        "+materialize:attention_scores", "+need:attention_scores")
    assert predicates("so the attention probability matrix is never materialised") == (
        "-materialize:attention_scores", "-need:attention_scores")
    assert predicates("S3 requires an output-length predictor to size the allocation") == ("+need:length_predictor",)
    assert predicates("S3 不需要输出长度预测器") == ("-need:length_predictor",)
    assert predicates("所以不用另配草稿模型") == ("-need:draft_model,model",)
    assert "+need:draft_model,heads" in predicates("作者还得额外训一个 160M 的小草稿模型给共享 head 做初始化")
    assert predicates("As implemented it depends on Hopper-only hardware") == ("+need:hopper",)
    assert qualifier_sides("the confidence scores from the draft model approximate acceptance rates") == ()
    assert qualifier_sides("Quest is approximate") == ("fidelity:lossy",)


def test_a_reference_written_title_authors_year_then_its_address():
    """"[6] Title, Sun et al., 2024. https://arxiv.org/abs/ID" gives its title, so a card's other title for the ID is found."""
    from ingest.living_doc import reference_title

    assert reference_title("[6] Llumnix: Dynamic Scheduling for Large Language Model Serving, Sun et al., 2024. "
                           "https://arxiv.org/abs/2406.03243") == "Llumnix: Dynamic Scheduling for Large Language Model Serving"


def test_a_version_finding_quotes_the_sentence_saying_what_changed(tmp_path):
    """A read opening "TideQ, now at …v2 (revised …)." and saying later "v2 parks evicted entries … so in v2 an evicted token can
    return": the finding against the document's v1 statement quotes the later sentence, not the announcement."""
    doc = ("# KV\n\nLast revised 2027-11-01\n\n## 3 Eviction\n\n- TideQ (arXiv:2602.11873v1): evicted entries are dropped for good; "
           "there is no path to bring an evicted token back.\n\n## References\n\n- TideQ. arXiv:2602.11873v1\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "inbox/a/read.md": ("TideQ, now at arxiv.org/abs/2602.11873v2 (revised 2028-01-08). I went through the v2 PDF end to end.\n"
                            "It is real: v2 parks evicted entries in host memory and copies a block back,\n"
                            "so in v2 an evicted token can return.\n"),
    }
    got = finding_places(tmp_path, files)
    assert [g for g in got if g[1] == "arXiv:2602.11873"] == [("version", "arXiv:2602.11873", ["doc.md:7", "read.md:2"])]


def test_the_writers_no_in_more_words():
    """"Verdict: skip for this doc", a table's bare "skip" cell, "not a kernel for this doc", "out of scope", a reminder's or a
    housekeeping heading are the writer's "low"; a paper the writer says to add stays an increment."""
    def rel(text: str, path: str = "inbox/a/n.md"):
        parts, _w = parse_note(text, path, "note")
        return [(i.line, i.relevance) for i in parts["items"]]
    assert rel("# Log\n\n## 2028-01-21\n\n**Medusa** — 2401.10774\nVerdict: skip for this doc (another doc owns it).\n\n"
               "## 2028-01-22\n\n**QueueX** — 2603.15530\nVerdict: include, goes in 4.1.\n") == [(3, "low"), (8, "increment")]
    assert rel("| Paper | arXiv | Verdict |\n|---|---|---|\n| RollPack | 2604.00917 | skip |\n| QueueX | 2603.15530 | include → 4.1 |\n") \
        == [(3, "low"), (4, "increment")]
    assert rel("**Reminder: reading group Thu 15 Jan**\nI present EAGLE-3 (2503.01840).\n\n"
               "**QueueX**\nQueueX (2603.15530) is new; add it to 4.1.\n") == [(1, "low"), (4, "increment")]


def test_a_named_object_meets_the_open_one_it_names(tmp_path):
    """What the lexicon now names ("length_predictor") still meets what a note writes in words it does not name
    ("不需要预测输出长度", "uses the prediction"): the name's words are the open object's."""
    doc = ("# Sched\n\nLast revised 2027-11-01\n\n## 4 Scheduling\n\n"
           "- AgeQ (arXiv:2603.05106) relies on an output-length predictor (a distilled BERT) for initial priorities.\n\n## References\n\n")
    files = {"organized/knowledge/doc.md": doc,
             "inbox/a/chat.md": "# chat\n\n[10:55] 李婷：AgeQ（2603.05106）按摘要的说法，它不需要预测输出长度，优先级只看等了多久\n"}
    got = finding_places(tmp_path, files)
    assert ("negation", "arXiv:2603.05106", ["chat.md:3", "doc.md:7"]) in got
