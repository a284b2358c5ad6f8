"""The twenty-fifth stop's rules (blind shifts t245-t250, written in ordinary conventions: Obsidian notes and a headless
bullet list, a Chinese weekly with a numbered link list and a scan, a bilingual Zotero export, `##` reads with depth in free
words, a critical read with no headings whose paragraphs open with a link or a bold title, a forwarded message in a quote,
a 周报 and a Notion table), each pinned on a small inline text of our own (docs/FORMAT.md §5.3, §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings that
must not change beside it: "drops tokens" is no requirement removed, "Open source | yes" names nothing needed, a future
"看完再决定" is no full read, a qualifier of a baseline is not the work's.
"""
from __future__ import annotations

import json

from conftest import evidence_levels, finding_places, ingested_store

from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.notes import parse_note
from ingest.placement import section_refs
from queries.contradictions import comparable


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, i.line_end, tuple(i.works)) for i in parts["items"]]


def _refs(text: str):
    return [(r.key or r.title, r.role) for r in section_refs(text)]


# --------------------------------------------------------------------------- evidence

def test_depth_said_in_free_words_of_a_table_cell_a_chat_and_a_chinese_weekly():
    """"all of it" in a Depth cell is a full read, "only what the card says" the card, "talked to someone who …" and a
    "hallway chat" second-hand, "looked at the title and star count, nothing else" unverified; reading a repo's source is a
    full read even when it was not run; "all I have is the abstract" a skim; "我还没看", "未读" unverified; "核过原文表 1"
    a full read; "nobody else has repeated it" unverified."""
    assert evidence_levels("| Helix | re-read | all of it | decode 7,900 tok/s |") == ("full_text",)
    assert evidence_levels("only what the card says") == ("card_only",)
    assert evidence_levels("fwiw I talked to someone who trained one with it") == ("second_hand",)
    assert evidence_levels("(hallway chat, haven't looked at their setup)") == ("second_hand", "unverified")
    assert evidence_levels("depth: looked at the title and star count, nothing else") == ("unverified",)
    assert evidence_levels("depth: went through the README and the scheduler source, didn't run it") == ("full_text", "unverified")
    assert evidence_levels("all I have is the abstract plus one figure, method section still unread") == ("abstract_checked",)
    assert evidence_levels("- RadixX（2411.00001v3）据说 v3 加了新实验，我还没看") == ("second_hand", "unverified")
    assert evidence_levels("| PromptC | 未读，同事口头推荐 | 待确认 |") == ("second_hand", "unverified")
    assert evidence_levels("   - 核过原文表 1。") == ("full_text",)
    assert evidence_levels("One run on one node, nobody else has repeated it yet.") == ("unverified",)
    # what must not change: reading to be done later is no read; a writer calling a claim marketing cites no vendor
    assert evidence_levels("看完再决定 3.2 要不要改") == ()
    assert evidence_levels("so the 'no aux loss' part is marketing imo") == ()
    assert evidence_levels("the vendor's marketing numbers") == ("vendor_self_reported",)


# --------------------------------------------------------------------------- structure

def test_a_critical_read_whose_paragraphs_open_with_a_link_or_a_bold_title():
    """Paragraphs that each open with their own work, some with a bold title and some with a link or an identifier, are one
    topic each: the bold titles are some of the topics, not all of them."""
    note = ("Critical read, one paragraph per paper.\n\n"
            "[arxiv.org/abs/2601.00011v2](https://arxiv.org/abs/2601.00011v2) — AlphaServe, revised.\nRead end to end.\n\n"
            "**BetaSched: Scheduling for LLMs** (arXiv 2601.00022).\nDesign section read properly.\n\n"
            "https://arxiv.org/pdf/2601.00033.pdf — \"Gamma Chunking\".\nAbstract only.\n\n"
            "**DeltaAdmit: Admission Control** [2601.00044]. Whole paper.\n")
    assert [(a, w) for a, _b, w in _items(note)] == [(3, ("2601.00011",)), (6, ("2601.00022",)), (9, ("2601.00033",)),
                                                     (12, ("2601.00044",))]


def test_a_message_forwarded_in_a_quote_splits_at_its_paragraphs():
    """A note that forwards a message in a blockquote: the quote's paragraphs are the note's, each about its work; "Also:"
    opens a paragraph about another work even when its identifier comes last."""
    note = ("fwd from Jonas, pasted as-is. Haven't checked any of it.\n\n"
            "> AlphaServe (arXiv 2601.00011) is not preemptive the way our doc says.\n>\n"
            "> Also: we name BetaCache in 4.1 but it never made it into the cited works. The abstract says up to 5x more "
            "throughput on real traffic, and their early rejection is admission control. Worth an entry: "
            "https://arxiv.org/abs/2601.00055\n")
    assert _items(note) == [(3, 3, ("2601.00011",)), (5, 5, ("2601.00055",))]


def test_a_sub_entry_pointing_back_at_its_entry_and_a_misc_heading_with_a_topic():
    """A sub-bullet that links the work its entry is about ("文中引的是 …") stays in the entry; "## 杂项：机器迁移" names one
    topic, its bullets its lines (a bare "## 杂项" still lists asides)."""
    scan = ("# 扫描\n\n- 【公众号】一篇讲 RotA 的长文，说它要先做量化感知微调。\n"
            "  - 文中引的是 arxiv.org/abs/2601.00066v2，参考链接却少一位。\n  - 同一篇还贴了一张表。\n"
            "- 【知乎】BetaQ（2601.00077）相关：端侧快 3 倍。\n")
    assert _items(scan) == [(3, 5, ("2601.00066",)), (6, 6, ("2601.00077",))]
    weekly = ("# 周记\n\n## RotA（2601.00066）\n\n全文读完。\n\n## 杂项：机器迁移\n\n- 老集群下周停机。\n- 跟文档无关，仅备忘。\n")
    assert [(a, b) for a, b, _w in _items(weekly)] == [(3, 5), (7, 10)]


# --------------------------------------------------------------------------- placement

def test_placements_by_a_chinese_section_a_numbered_heading_and_words():
    """"放第六节" is section 6; "位置：七、开放问题" names section 七 by its numbered heading; "deserve a footnote in 4.1" and
    "should sit there" place; "next to the chunked-prefill discussion" names a section by its title's words."""
    assert _refs("- 建议：EffQ 放第六节；OmniQ 的数字留在 3.1。") == [("6", "suggest"), ("3.1", "suggest")]
    assert _refs("   - 位置：七、开放问题第 2 条正好相关；或者放 4.1 旁边。") == [("7", "suggest"), ("4.1", "suggest")]
    assert _refs("Might deserve a footnote in 4.1 as the open-source reference.") == [("4.1", "suggest")]
    assert _refs("If it holds up it answers the open question at the end of 3.3 and should sit there.") == [("3.3", "suggest")]
    assert _refs("where: next to the chunked-prefill discussion") == [("chunked-prefill", "suggest")]
    # what must not change: a numbered list's own heading is no section, an entry's number is none
    assert _refs("一、背景") == [] and _refs("见第 2 条") == []


def test_an_item_that_names_one_section_and_frame_sections_are_no_destination(tmp_path):
    """An item that places nothing but speaks of one section ("So the figure in 4.1 still holds") is routed there (basis
    ``named``), not to the section whose words are closest; a document's "1. Scope" is no destination for routing."""
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    doc = ("# Spec decoding\n\nLast revised 2027-11-01\n\n## 1. Scope\n\nDraft models, draft heads, EAGLE heads, batching.\n\n"
           "## 2 Draft models\n\n### 2.1 Tree drafting\n\n- EAGLE heads draft a tree (2401.15077).\n\n"
           "## 4 Serving\n\n### 4.1 Batching and throughput\n\n- Speedups shrink with batch size.\n\n## References\n\n"
           "- EAGLE (2401.15077)\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "inbox/a/n.md": ("# crits\n\n**Our own number**\nRe-ran the benchmark: EAGLE heads draft trees at batch 1: 3.1x.\n"
                         "So the figure in 4.1 still holds.\n\n**Draft heads**\nDraft heads and EAGLE heads for draft models.\n"),
        "work-guard/00000000-0000-4000-8000-000000000003.json": json.dumps({
            "manifest_id": "00000000-0000-4000-8000-000000000003", "created": "2027-12-01",
            "knowledge": "organized/knowledge/doc.md", "items": [{"path": "inbox/a/n.md"}]}),
    }
    rows = {r.line: r for r in shift_items(load_snapshot(ingested_store(tmp_path, files)))}
    assert (rows[3].route.key, rows[3].route.basis) == ("4.1", "named")
    assert rows[7].route is not None and rows[7].route.key != "1"


# --------------------------------------------------------------------------- facts

def test_requirements_removed_answered_fields_and_what_works_with_what():
    """"removes the auxiliary loss" denies the need "can't get rid of the aux loss" states; "不用喂校准集" denies calibration
    data; a card's field answered yes or no ("校准数据 | 要的", "Draft model | no") or compatible ("cuda_graphs: compatible")
    states or denies it; "does not work with CUDA graphs" denies support; "an approximation of full attention" is lossy."""
    # (the auxiliary loss has been a named object of the lexicon since the twenty-seventh stop: "aux_loss")
    assert predicates("LFB removes the auxiliary loss entirely: a bias is nudged instead.") == ("-need:aux_loss",)
    assert predicates("you can't actually get rid of the aux loss, they kept a small one") == ("+need:aux_loss",)
    assert predicates("完全不用喂校准集，拿到权重就能直接量。") == ("-calibrate:", "-need:calibration_data")
    assert predicates("校准数据 | 要的，默认 128 条 C4 片段") == ("+calibrate:", "+need:calibration_data")
    assert predicates("Draft model | no") == ("-need:draft_model,model",)
    assert predicates("训练 | 否") == ("-need:training", "-train:")
    assert predicates("cuda_graphs: compatible; decode is captured per bucket") == ("+support:~cuda+graph",)
    assert predicates("gotcha: it does not work with CUDA graphs on") == ("-support:~cuda+graph",)
    assert predicates("incompatible with CUDA graphs") == ("-support:~cuda+graph",)
    assert qualifier_sides("so attention over the offloaded cache is an approximation of full attention") == ("fidelity:lossy",)
    # what must not change: evicting tokens removes no requirement; a field naming nothing needed states nothing
    assert predicates("H2O removes tokens from the cache") == ()
    assert predicates("Open source | yes") == ()
    assert predicates("we worked with the authors on it") == ()
    assert qualifier_sides("it is the static-replication baseline ReShard measures against") == ()


def test_an_accuracy_loss_in_points_and_a_first_token_latency():
    """"零样本平均只掉 0.4 个点" and "drops by 0.4 points" are an accuracy's loss in points, compared with the loss "准确率掉了
    1.9%" states; "首 token 时延" is the TTFT."""
    (q,) = find_figures("Llama-2-7B W4A16g128 零样本平均只掉 0.4 个点。")
    assert (q.value, q.unit, q.metric, q.direction) == (0.4, "pt", "accuracy", "down")
    (q,) = find_figures("MMLU accuracy drops by 0.4 points vs FP16")
    assert (q.value, q.unit, q.direction) == (0.4, "pt", "down")
    (q2,) = find_figures("准确率比 FP16 掉了 1.9%")
    assert comparable(q, q2)  # a loss in points and one in % of one accuracy are one measure
    q = find_figures("多轮对话负载上首 token 时延最多降低 87%")[0]
    assert "latkind:ttft" in q.conditions
    # what must not change: a gain in points stays a difference in points
    (q,) = find_figures("accuracy rises by 0.4 points")
    assert (q.unit, q.direction) == ("pt", "delta")


# --------------------------------------------------------------------------- contradictions

def test_conflicts_of_the_new_shapes_across_files(tmp_path):
    """A removed loss against one that cannot be removed; "no calibration set" against a card's "校准数据 | 要的"; a card's
    "compatible" against "does not work with CUDA graphs"; an accuracy loss in points against one in %; the document's
    statement of the v1 it cites against a v3 note saying "v1 fixed it at 15% … no fixed ratio any more" (a version
    finding); a figure of the cited v1 against a read of v2 (a version finding, not a number)."""
    doc = ("# Notes\n\nLast revised 2027-11-01\n\n## 3 Methods\n\n"
           "- LFB (2601.00101) removes the auxiliary loss entirely.\n"
           "- OmniX（2601.00202）W4A16 零样本平均只掉 0.4 个点。\n"
           "- BlendX（arXiv:2601.00303v1）：只对固定比例约 15% 的 token 做选择性重算。\n"
           "- ServeX (2601.00404) reaches up to 6.9x serving capacity for Falcon-180B vs vLLM.\n\n"
           "## References\n\n- LFB (2601.00101)\n- OmniX（2601.00202）\n- BlendX（arXiv:2601.00303v1）\n- ServeX (2601.00404v1)\n")
    files = {
        "organized/knowledge/doc.md": doc,
        "inbox/a/links.md": "- https://arxiv.org/abs/2601.00101 — LFB again\n    you can't actually get rid of the aux loss, they kept one.\n",
        "inbox/b/weekly.md": ("## OmniX 复查\n\n- OmniX（2601.00202）表里 W4A16 的零样本平均准确率比 FP16 掉了 1.9%。\n\n"
                              "## ZeroX（2601.00505）\n\n- 完全不用喂校准集，拿到权重就能直接量。\n"),
        "organized/paper_cards/0531-2601-00505.md": "# 卡片\n\n| 字段 | 内容 |\n|---|---|\n| arXiv | 2601.00505v1 |\n| 校准数据 | 要的，128 条 C4 片段 |\n",
        "organized/paper_cards/0612-2601-00606.md": "id: 2601.00606\ntitle: SliceX\ncuda_graphs: compatible; decode is captured per bucket\n",
        "inbox/c/screen.md": "1. SliceX (arXiv:2601.00606)\n   - gotcha: it does not work with CUDA graphs on; we ran it eager\n",
        "inbox/d/blend.md": ("---\ntitle: BlendX\narxiv: 2601.00303v3\n---\n\nRead the v3 PDF cover to cover.\n\n"
                             "- Recompute ratio: v1 fixed it at 15% of the tokens. In v3 there is no fixed ratio any more, so 15% is only true of v1.\n"),
        "inbox/e/read.md": ("[arxiv.org/abs/2601.00404v2](https://arxiv.org/abs/2601.00404v2) — ServeX, the revised version.\n"
                            "Read end to end. For Falcon-180B v2 reports up to 5.6x higher serving capacity than vLLM.\n"),
    }
    got = finding_places(tmp_path, files)
    assert ("negation", "arXiv:2601.00101", ["doc.md:7", "links.md:1"]) in got
    assert ("number", "arXiv:2601.00202", ["doc.md:8", "weekly.md:3"]) in got
    assert ("negation", "arXiv:2601.00505", ["0531-2601-00505.md:6", "weekly.md:7"]) in got
    assert ("negation", "arXiv:2601.00606", ["0612-2601-00606.md:3", "screen.md:2"]) in got
    assert ("version", "arXiv:2601.00303", ["blend.md:8", "doc.md:9"]) in got
    assert ("version", "arXiv:2601.00404", ["doc.md:10", "read.md:2"]) in got
    assert not [g for g in got if g[1] == "arXiv:2601.00404" and g[0] == "number"]


# --------------------------------------------------------------------------- second round (t251-t254)

def test_needs_said_in_the_passive_and_what_a_work_cannot_run_without():
    """"RDMA is required", "a draft model is not needed", "没有 RDMA 网卡压根起不来", "won't start without an RDMA NIC", "离不开",
    "用不着"; Hopper's need in "built on TMA + wgmma, sm_90a only" and its denial in "doesn't depend on any Hopper-only
    features"; "is never formed" against "needs the full attention matrix materialised"."""
    assert predicates("RDMA is required") == ("+need:~rdma",)
    assert predicates("a draft model isn't required") == ("-need:draft_model,model",)
    assert predicates("部署要求里写死了 RoCEv2，没有 RDMA 网卡压根起不来") == ("+need:~rdma",)
    assert predicates("it won't even start without an RDMA NIC") == ("+need:~nic+rdma",)
    assert predicates("离不开 RDMA") == ("+need:~rdma",) and predicates("用不着 RDMA") == ("-need:~rdma",)
    assert predicates("so the kernel is built on TMA + wgmma, i.e. sm_90a only") == ("+need:hopper",)
    assert predicates("It doesn't depend on any Hopper-only features: plain cp.async") == ("-need:hopper",)
    assert predicates("the n×n attention matrix is never formed") == ("-materialize:attention_scores", "-need:attention_scores")
    # what must not change: work still to be done is no need; a change denied is no need denied
    assert predicates("More work is needed before we trust it") == ()
    assert predicates("不用动引擎") == ("-modify:serving_engine",)
    assert predicates("works with stock cuBLAS") == ("-need:kernel",)


def test_qualifiers_in_the_second_rounds_words():
    """Lossless and lossy, synchronous and dynamic as people write them; per-tensor against per-channel scales."""
    assert qualifier_sides("outputs are bit-exact with the baseline") == ("fidelity:lossless",)
    assert qualifier_sides("输出与原模型完全一致") == ("fidelity:lossless",)
    assert qualifier_sides("it trades a little accuracy for speed") == ("fidelity:lossy",)
    assert qualifier_sides("会有轻微的精度损失") == ("fidelity:lossy",)
    assert qualifier_sides("等 prompt 算完，再一口气同步拷到 token 机器上，decode 那头只能干等") == ("sync:synchronous",)
    assert qualifier_sides("the budget is decided per request at runtime") == ("dynamic:dynamic",)
    assert qualifier_sides("it keeps per-channel scales for the activations") == ("scale_channel:per_channel",)
    # what must not change: an instruction's name is no asynchrony; a qualifier across a comparison stays the work's
    assert qualifier_sides("K/V prefetch is plain cp.async with a multi-stage pipeline") == ()
    assert qualifier_sides("lossless compared with lossy baselines") == ("fidelity:lossless",)


def test_figures_of_the_second_round():
    """"loses at most 0.47 perplexity" is a difference; "2.3× faster decode attention" is the attention's speedup; a colon's
    label keeps a model version's dots."""
    (q, _acc) = find_figures("4-bit Llama-2-70B loses at most 0.47 WikiText-2 perplexity and keeps 99% of accuracy.")
    assert (q.value, q.metric, q.direction) == (0.47, "perplexity", "delta")
    q = find_figures("StreamX delivers up to 2.3× faster decode attention than FlashDecoding at batch size 1")[0]
    assert "scope:attention" in q.conditions
    (q,) = find_figures("  - LongBench avg at B=1024 on Mistral-7B-Instruct-v0.2: 40.3.")
    assert (q.value, q.metric) == (40.3, "accuracy") and "budget:1024" in q.conditions


def test_evidence_cues_of_the_second_round():
    """`fwd:` and pasting as-is are second-hand; a figure copied from another paper's table is second-hand; "treat every
    number as hearsay", "还没对过", "title only" are unverified; "摘要还没看" (a queue's entry) states nothing."""
    assert evidence_levels("fwd: Dana's comments, from #perf. Pasting as-is; I have not verified any of it.") == ("second_hand", "unverified")
    assert evidence_levels("The method summary is their paraphrase of the paper.") == ("second_hand",)
    assert evidence_levels("注意：上面 RULER 数字是从 KVzip 论文的对比表里抄来的") == ("second_hand",)
    assert evidence_levels("so treat every number as hearsay until someone opens the PDF.") == ("second_hand", "unverified")
    assert evidence_levels("报告原文 3.4 节我还没对过") == ("unverified",)
    assert evidence_levels("CodecKV — title only, looks like speech") == ("unverified",)
    assert evidence_levels("摘要还没看") == ()


def test_bullets_pointing_back_and_a_top_posted_reply_answering_its_quote():
    """Bare bullets that point back ("↑ 这是…转述的", "作者说…", "论文正文没看") go on with the work before; "X 那篇" names
    another; a reply's paragraphs answer the quoted points, which are no topics again, and its greeting is none."""
    note = ("- 见2601.00909的图8，DeltaServe 这次正文读了一遍\n"
            "- 活文档写的“提升 4.48 倍”我对不上：ShareGPT 那组我读出来是 3.2×\n"
            "- EtherX，2601.00808：号称不用 RDMA\n"
            "- 论文正文没看，README 这条我也没部署试过\n"
            "- 作者说 13B 上大约是 2 倍\n"
            "- Llumnix 那篇（2406.0324，号抄漏了一位）里的迁移能不能拿来用？\n"
            "- 机房通知：H800 下月搬到 B 区\n")
    assert [(a, b) for a, b, _w in _items(note)] == [(1, 2), (3, 5), (6, 6), (7, 7)]
    mail = ("Subject: Re: SnapX number\nFrom: Tomas <t@lab>\nTo: Wen <w@lab>\nDate: Thu, 2 Apr 2028 18:42 +0200\n\n"
            "Hi Wen,\n\nanswers on top, your mail is below.\n\n"
            "SnapX: the 40.3 in our doc doesn't match what I see; Table 1 has 38.1.\n\n"
            "ZipX: yes, query-agnostic.\n\n"
            "> On Wed, 1 Apr 2028 at 09:15, Wen <w@lab> wrote:\n> two things:\n>\n"
            "> 1. SnapX (arXiv:2601.00707): is the number right?\n> 2. ZipX (arXiv:2601.00606): is it query-agnostic?\n")
    assert [a for a, _b, _w in _items(mail)] == [10, 12]


def test_a_one_paper_notes_paper_field_titles_its_work_and_labels_are_no_points(tmp_path):
    """Front matter `paper: "StreamX: …"` beside `arxiv: ID` titles the note's paper (the citable list and `query papers`
    show it); a label line ("结果（ShareGPT，P90）：") and a callout's bare title are no key points of the brief; `query
    items` shows a route as its key and basis."""
    from queries.briefing import brief_data
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    note = ("---\ntitle: \"StreamX 精读\"\narxiv: 2605.11829\npaper: \"StreamX: Layer-Pipelined KV Transfer\"\n---\n\n"
            "# StreamX\n\n全文读完。\n\n结果（ShareGPT，P90）：\n- 70B 上 TTFT 低 2.4×。\n\n> [!question] 没想通的地方\n> 显存开销没讨论。\n")
    files = {
        "organized/knowledge/doc.md": "# PD\n\nLast revised 2028-03-01\n\n## 3 传输\n\n### 3.2 KV 传输\n\n- 整块传输。\n\n## References\n\n",
        "inbox/c/streamx.md": note,
        "work-guard/00000000-0000-4000-8000-000000000004.json": json.dumps({
            "manifest_id": "00000000-0000-4000-8000-000000000004", "created": "2028-03-26",
            "knowledge": "organized/knowledge/doc.md", "items": [{"path": "inbox/c/streamx.md"}]}),
    }
    store = ingested_store(tmp_path, files)
    snap = load_snapshot(store)
    assert snap.title_of("2605.11829") == "StreamX: Layer-Pipelined KV Transfer"
    data = brief_data(store, "00000000-0000-4000-8000-000000000004")
    texts = [p.text for t in data.topics for p in t.points]
    assert "结果（ShareGPT，P90）：" not in texts and "没想通的地方" not in texts
    assert any("2.4×" in t for t in texts)
    from provkg.cli.output import table_cell
    from queries.results import ItemRow, SectionRoute

    assert table_cell(SectionRoute(item="x", key="3.2", score=1.0, basis="cited").model_dump()) == "3.2 (cited)"
    assert "route" in ItemRow.TABLE_COLUMNS and shift_items(snap)[0].works == ["2605.11829"]


def test_what_must_not_change_after_the_full_run():
    """The full run's regressions, pinned: excerpts quoted one by one, each with the writer's remark, stay one topic per
    quote (no "forwarded" said); a gap of points is a difference; a row saying its numbers are not directly comparable is
    set against nothing (its figures read, no finding); a paper's own "§3 of the HTML version" is no part of the document."""
    excerpts = ("# 公众号摘抄\n\n出处：某公众号，下面按段摘抄。\n\n> 一、为什么要量化 KV？单条请求 16 GB。\n批注：自己算过。\n\n"
                "> 二、KIVI（arXiv:2402.02750）把 Key 逐通道量化。\n批注：没回去翻原文。\n\n"
                "> 三、KIVI 的峰值显存降低 2.6 倍。\n批注：对过摘要。\n\n> 四、文末广告。\n批注：广告。\n")
    assert [a for a, _b, _w in _items(excerpts)] == [5, 8, 11, 14]
    (_ppl, gap) = find_figures("困惑度 5.9，零样本平均与全精度的差距缩到 2.9 个点")
    assert (gap.value, gap.direction) == (2.9, "delta")
    from queries.contradictions import _NOT_COMPARABLE
    assert _NOT_COMPARABLE.search("论文是单卡 H100，我们是 2×L40S，硬件不同，数字不能直接比")
    assert not _NOT_COMPARABLE.search("the numbers are comparable with vLLM's")
    from queries.items import _PAPERS_SECTION
    text = "Source: drafted from the arXiv abstract page and §3 of the HTML version"
    assert _PAPERS_SECTION.match(text, text.index("§3") + 2)
