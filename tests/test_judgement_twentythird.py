"""The twenty-third stop's rules (blind shifts t225-t228: a mail export opening with its subject, a review form with notes set
apart after a rule, a Slack export; a WeChat export, a Feishu doc, Marp slides; a lab notebook, a talk summary under its paper,
an errata tracker with its own tag, a comparison matrix; a Logseq day page, an arXiv listing scan, a GitHub issue thread), each
pinned on a small inline text of our own (docs/FORMAT.md §5.3, §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings that
must not change beside it: "Reading group: EAGLE" and "Reading group: Medusa" stay two topics, a bare "FCFS baseline" states no
queue order, a field label that asks ("是否需改模型：") is still read, "EAGLE-2" names no EAGLE.
"""
from __future__ import annotations

import json

from conftest import evidence_levels, finding_places, ingested_store

from ingest.arxiv import find_arxiv_ids
from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.notes import parse_note, written_title
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _levels_of_items(text: str, path: str = "inbox/a/n.md"):
    parts, _w = parse_note(text, path, "note")
    return [(i.line, tuple(i.evidence_levels)) for i in parts["items"]]


DOC = ("# Serving notes\n\nLast revised 2027-11-01\n\n## 4 KV cache\n\n### 4.2 Quantization\n\n"
       "- KIVI (arXiv:2402.02750v2): keys per channel, values per token, tuning-free.\n"
       "- KIVI-2bit cuts peak memory 2.6x on Llama-2-7B.\n\n"
       "### 4.3 Eviction\n\n- H2O (arXiv:2306.14048) keeps heavy hitters.\n\n## References\n\n")


# --------------------------------------------------------------------------- structure

def test_an_outliner_day_page_hangs_its_entries_from_one_root_bullet():
    """"- [[2027-12-01]] 周三 · 读论文 + 对 living doc" over tab-indented entries, each with "source::" properties: the root
    is the page's title (not a read of one paper), each child an item with its own work; a misc child keeps its bullets."""
    page = ("- [[2027-12-01]] 周三 · 读论文 + 对 living doc #kv\n\t- DONE RotKV re-read [[RotKV]]\n\t  source:: https://arxiv.org/abs/2601.00123\n"
            "\t  read:: full\n\t\t- keys rotated before quantization\n\t- TODO SwapLite [[SwapLite]]\n"
            "\t  source:: arxiv.org/abs/2602.00456v1\n\t\t- offloads cold experts\n\t- 杂事\n\t\t- 周会改到周五\n")
    assert _items(page, "inbox/s/2027_12_01.md") == [(2, ("2601.00123",)), (6, ("2602.00456",)), (9, ())]


def test_a_tracker_issue_is_its_first_comment_and_its_work_the_threads():
    """"### Issue #77: …" over "**a** commented on Dec 1:" (naming the paper), a maintainer's reply with its role, a question
    comparing with another work: every comment naming no work of its own is about the issue's; "Separate thing: …" is not."""
    issue = ("pasted from https://github.com/o/r/issues/77\n\n### Issue #77: 2-bit KV saves less on Mistral\n\n"
             "**ana** commented on Dec 1:\n\nOn Mistral-7B the saving is 2.1x, the paper (arXiv 2603.01111) says 2.9x.\n\n"
             "**bo-k** (maintainer) commented on Dec 1:\n\nMistral uses GQA, so less to save.\n\n"
             "**cy** commented on Dec 2:\n\nThe key path looks a lot like what KIVI does (https://arxiv.org/abs/2402.02750). "
             "What is different?\n\n**dee** commented on Dec 2:\n\nSeparate thing: the kernel segfaults on H100.\n")
    assert _items(issue) == [(5, ("2603.01111",)), (9, ("2603.01111",)), (13, ("2603.01111",)), (17, ())]
    assert evidence_levels("**bo-k** (maintainer) commented on Dec 1:") == ("vendor_self_reported",)
    assert evidence_levels("pasted from https://github.com/o/r/issues/77") == ("second_hand",)


def test_a_mail_export_opening_with_its_subject_and_the_newest_mails_points():
    """"Subject:" over "From:" over "To:", the newest mail under its own attribution, then the quoted earlier mails: a point
    bringing a new work, a labelled aside ("Cluster: …"), a quoted point bringing a work again after it and one naming no
    work are topics each."""
    mail = ("Subject: Re: reading\nFrom: Bo <bo@x.example>\nTo: Ana <ana@x.example>\n\n"
            "On Tue, 1 Dec 2027 at 11:00, Bo <bo@x.example> wrote:\nTallyDraft (arXiv:2611.04999) accepts 0.71 of drafts.\n\n"
            "Separately, SpecTrie has a v2 (arxiv.org/abs/2612.03317v2).\n\nCluster: node 10.0.0.7 is down on Thursday.\n\n— Bo\n\n"
            "> On Tue, 1 Dec 2027 at 09:00, Bo <bo@x.example> wrote:\n> 1) New: TallyDraft (arXiv:2611.04999).\n>\n"
            "> 2) Lunch talk on Thursday, anyone?\n")
    assert _items(mail) == [(5, ("2611.04999",)), (8, ("2612.03317",)), (10, ()), (15, ("2611.04999",)), (17, ())]


def test_notes_set_apart_after_a_reviews_rule():
    """A review form of one paper, a rule, "Notes for our doc (not part of the review):": the entry naming its own work and
    the chore are topics; the one speaking of the read's paper stays with it."""
    review = ("# Review — PoolDraft (arXiv 2612.04444)\n\n**Summary**\nIt pools n-grams across requests.\n\n"
              "**Weaknesses**\nNo latency numbers.\n\n---\nNotes for our doc (not part of the review):\n"
              "- If it goes in, my pick is 5.3.\n- Gap: LayerSkip (arxiv.org/abs/2404.16710v2) is missing from 5.2.\n"
              "- Admin: the deadline is 2027-12-20.\n")
    assert _items(review) == [(1, ("2612.04444",)), (12, ("2404.16710",)), (13, ())]


def test_a_wechat_export_read_as_a_chat():
    """"名字 2027/12/01 10:42" over its message: half an hour of quiet opens a topic, a correction by someone else and a
    truncated identifier set right by its sender keep theirs; the wrong figure the correction answers is withdrawn (an
    unanswered one-line question before it all opens nothing)."""
    chat = ("群聊记录\n\n甲 2027/12/01 09:58\n几点开会？\n\n乙 2027/12/01 10:40\nStreamingLLM 也就 2.2 倍加速吧\n\n"
            "丙 2027/12/01 10:42\n不对哈，是 22.2 倍，我刚翻了原文 arXiv:2309.17453\n\n丁 2027/12/01 11:03\n顺便贴下 DuoAttention 2410.1081\n\n"
            "丁 2027/12/01 11:06\n少打了一位 arxiv.org/abs/2410.10819v2 ，我只看了摘要\n\n甲 2027/12/01 12:01\n中午有人去食堂吗\n")
    assert _items(chat) == [(6, ("2309.17453",)), (12, ("2410.10819",)), (18, ())]
    parts, _w = parse_note(chat, "inbox/a/chat.md", "note")
    said = {c.line: [q.raw for q in c.quantities] for c in parts["claims"] if c.quantities}
    assert said.get(6) in (None, []) and "22.2 倍" in said[9]  # (each statement starts at its message's header)
    # (a header says nothing: no statement is a header, and a message's first statement spans its header line)
    assert not [c.text for c in parts["claims"] if "2027/12/01" in c.text]
    assert [(c.line, c.line_end) for c in parts["claims"] if c.text.startswith("不对哈")] == [(9, 10)]
    assert evidence_levels("我印象里没那么夸张") == ("unverified",) and evidence_levels("我刚翻了原文") == ("full_text",)


def test_slides_on_one_works_parts_are_one_topic_about_it():
    """"# HopKV：动机" / "# HopKV：方法" / "# HopKV：结果" are one topic about the work the method slide links (not Quest, named
    in the motivation); "# Reading group: EAGLE" and "# Reading group: Medusa" stay two."""
    deck = ("---\nmarp: true\n---\n\n# 读书会\n\n---\n\n# HopKV：动机\n\n- Quest [2406.10774] 的上界在 128K 掉召回\n\n---\n\n"
            "# HopKV：方法\n\n- arXiv:2603.04999v1，全文读完\n\n---\n\n# HopKV：结果\n\n- 128K decode 3.2 倍\n\n---\n\n"
            "# SeerGate：思路\n\n- arxiv.org/abs/2410.13276\n")
    got = _items(deck)
    assert (9, ("2603.04999",)) in got and (27, ("2410.13276",)) in got and not any(w == ("2406.10774",) for _l, w in got)
    two = ("# Reading group: EAGLE\n\n- arXiv:2401.15077\n\n# Reading group: Medusa\n\n- arXiv:2401.10774\n")
    assert _items(two) == [(1, ("2401.15077",)), (5, ("2401.10774",))]


def test_a_talks_points_under_the_paper_its_head_gives_and_a_matrix_note():
    """A talk summary whose head gives the paper: a point naming no work is about it, one comparing with a named work is
    that work's; a note built around one comparison matrix is one topic for the matrix, one per paragraph after it."""
    talk = ("# Tidewater: SLO classes (SoCC 2027)\n\nThe first author presented (paper: arXiv 2603.04999).\n\n"
            "- [00:40] Two SLO classes share one queue.\n- [22:10] Comparison with Llumnix (arXiv:2406.03243): SJF inside.\n")
    assert _items(talk) == [(5, ("2603.04999",)), (6, ("2406.03243",))]
    matrix = ("# matrix (draft)\n\npriya, one column per system.\n\n| Property | Sarathi-Serve [2403.02310] | Ballast 2605.11290 |\n"
              "|---|---|---|\n| Preemption | no | yes |\n| Needs length predictor | no | unclear: the talk and the card disagree |\n\n"
              "Reading it: Ballast buys its TTFT with preemption.\n\nTODO: an SGLang column later.\n")
    assert _items(matrix) == [(5, ("2403.02310", "2605.11290")), (10, ()), (12, ())]
    parts, _w = parse_note(matrix, "inbox/p/m.md", "note")
    assert not [c for c in parts["claims"] if c.line == 8 and "Ballast" in c.text and c.predicates]


# --------------------------------------------------------------------------- facts, evidence, placement

def test_predicates_and_qualifiers_in_new_words():
    assert predicates("建议归档: §4.2 Key/Value 分别量化") == ("+quantize:",)  # 分别 is "separately"
    assert predicates("README 对是否需要训练没写清楚") == ()  # an embedded whether-clause
    assert predicates("It is unclear whether it needs retraining.") == ()
    assert predicates("**是否需改模型**：无需修改模型") == ("-modify:model,weights",)  # a field label that asks is read
    assert qualifier_sides("摘要的意思是按 token 量化 key") == ("key_quant_axis:per_token",)
    assert qualifier_sides("it keeps FCFS within a priority class") == ("queue_order:fcfs",)
    assert qualifier_sides("doing shortest-job-first ordering inside each instance") == ("queue_order:sjf",)
    assert qualifier_sides("the vLLM FCFS baseline") == ()


def test_figures_without_it_at_a_batch_and_under_a_setting_sentence():
    (q,) = find_figures("The 2-bit path needs tuning; without it PPL is about +1.9.")
    assert "ablation:yes" in q.conditions
    a, b = find_figures("2.5x on HumanEval with a CodeLlama-7B target at batch 1, still 1.6x at batch 16.")
    assert (a.metric, b.metric) == ("speedup", "speedup") and "batch:1" in a.conditions and "batch:16" in b.conditions


def test_evidence_in_new_words_and_a_tag_defined_in_prose():
    """A tag the note defines in a sentence gives the rows it marks its level; the defining line keeps the note's default."""
    note = ("# errata\n\nDefault method: I compare the abstract pages of the versions; when a row says \"PDF diff\" "
            "I went through both full PDFs.\n\n| Paper | What changed |\n|---|---|\n"
            "| Ballast — 2605.11290v2 | a QPS 2 sweep (PDF diff) |\n| DistServe — 2401.09670v3 | wording only (abstract diff) |\n")
    got = dict(_levels_of_items(note))
    assert got[7] == ("full_text",) and got[8] == ("abstract_checked",)
    assert evidence_levels("source:: [[marta]] 的粘贴，我没去 GitHub 看原帖") == ("second_hand",)


def test_placement_in_new_words():
    assert [(r.key, r.role) for r in section_refs("If it goes in, my pick is 5.3 next to REST.")] == [("5.3", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Tandem looks like a fit for 5.2, but is it lossless?")] == [("5.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("we don't have it at all. 5.2, after EAGLE-2?")] == [("5.2", "suggest")]
    assert section_refs("ran for 1.5 hours") == [] and section_refs("v2.1, after Llama") == []


def test_titles_in_new_places():
    line = "我只存了这个链接：MoBA: Mixture of Block Attention for Long-Context LLMs https://arxiv.org/abs/2502.11089"
    m = find_arxiv_ids(line)[0]
    assert written_title(line, m.start, m.end) == "MoBA: Mixture of Block Attention for Long-Context LLMs"
    from ingest.living_doc import reference_title
    assert reference_title("[3] Yuan J, et al. Native Sparse Attention: Hardware-Aligned Sparse Attention[J]. "
                           "arXiv preprint arXiv:2502.11089, 2025.") == "Native Sparse Attention: Hardware-Aligned Sparse Attention"


# --------------------------------------------------------------------------- contradictions

def test_names_on_firm_ground_and_with_a_precision_suffix(tmp_path):
    """The document cites KIVI beside its identifier; a thread pastes KIVI's title beside KVQuant's: "KIVI" stays the
    document's KIVI, so "KIVI-2bit … 2.6x" in the document meets the journal's "3.5 倍"; the pasted title is a title
    conflict; "value 按 token 量化；最近 128 个 token 不量化" denies nothing."""
    files = {
        "organized/knowledge/doc.md": ("# KV notes\n\nLast revised 2027-11-01\n\n## 4 KV cache\n\n### 4.2 Quantization\n\n"
                                       "- KIVI (arXiv:2402.02750v2) quantizes the KV cache to 2 bits, tuning-free.\n\n### 4.3 Memory\n\n"
                                       "- H2O (arXiv:2306.14048) keeps heavy hitters.\n- KIVI-2bit cuts peak memory 2.6x on Llama-2-7B.\n\n"
                                       "## References\n\n"
                                       "- arXiv:2402.02750v2 — KIVI: A Tuning-Free Asymmetric 2bit Quantization for KV Cache\n"
                                       "- arXiv:2401.18079 — KVQuant: Towards 10 Million Context Length LLM Inference\n"),
        "inbox/s/journal.md": ("- [[2027-12-01]] reading\n\t- DONE KIVI re-read\n\t  source:: https://arxiv.org/pdf/2402.02750v2.pdf\n"
                               "\t\t- value 按 token 量化；最近 128 个 token 不量化\n\t\t- Llama-2-7B 上 2-bit 峰值显存节省约 3.5 倍\n"
                               "\t- TODO SwapLite\n\t  source:: arxiv.org/abs/2602.00456v1\n"),
        "inbox/m/issue.md": ("### Issue #9: keys\n\n**cy** commented on Dec 2:\n\nLike KIVI (\"KIVI: A Tuning-Free Asymmetric 2bit "
                             "Quantization for KV Cache\", https://arxiv.org/abs/2401.18079), plus a rotation.\n"),
    }
    got = finding_places(tmp_path, files)
    assert ("number", "arXiv:2402.02750", ["doc.md:14", "journal.md:5"]) in got
    assert ("title", "arXiv:2401.18079", ["doc.md:19", "issue.md:5"]) in got
    assert not [g for g in got if g[0] == "negation"]


def test_shares_batches_sources_and_dismissed_figures(tmp_path):
    """A rate as a fraction meets its percentage; "2.5x at batch 1, still 1.6x at batch 16" agrees with a headline 150%
    faster; a figure the writer calls marketing, one they say is no evidence against the paper, and another source's figure
    quoted against one's own ("while the README says 3.1x") are no conflicts."""
    files = {
        "organized/knowledge/doc.md": DOC,
        "inbox/a/mail.md": "# mail\n\nTallyDraft (arXiv:2611.04999): acceptance rate on MT-bench at temperature 0 is 0.78.\n",
        "organized/paper_cards/0931-2611-04999.md": ("# TallyDraft\n\n- arXiv: 2611.04999\n"
                                                    "- Token acceptance rate on MT-bench at temperature 0: around 60%.\n"),
        "inbox/b/review.md": ("# Review — PoolDraft (arXiv 2612.04444)\n\n"
                              "2.5x on HumanEval with a CodeLlama-7B target at batch 1, still 1.6x at batch 16.\n"),
        "inbox/c/slack.md": "# slack\n\n[09:22] al: PoolDraft (2612.04444) headline is 150% faster on HumanEval with CodeLlama-7B\n",
        "inbox/d/talk.md": ("# Tidewater (paper: arXiv 2603.04999)\n\n- Headline slide: \"Tidewater cuts P99 TTFT 3x vs vLLM\". "
                            "Reads like marketing, treat as unverified.\n"),
        "organized/paper_cards/0712-2603-04999.md": "# Tidewater\n\n- arXiv: 2603.04999\n- P99 TTFT vs vLLM: −37% (ShareGPT, QPS 8)\n",
        "inbox/e/issue.md": ("# issue (RotaQ, arXiv 2610.07781)\n\nUsing the patch on Mistral-7B-Instruct-v0.2, 32k context, batch 16.\n"
                             "Peak memory goes down only 2.4x vs FP16 KV, while the README (and the paper, arXiv 2610.07781) says 3.1x.\n"),
        "organized/paper_cards/0952-2610-07781.md": "# RotaQ\n\n- arXiv: 2610.07781\n- Llama-2-7B 上峰值显存 3.1x 降低（32k context, batch 16）\n",
    }
    got = finding_places(tmp_path, files)
    assert ("number", "arXiv:2611.04999", ["0931-2611-04999.md:4", "mail.md:3"]) in got
    assert not [g for g in got if g[1] in ("arXiv:2612.04444", "arXiv:2603.04999", "arXiv:2610.07781")]


def test_new_conflicts_across_files(tmp_path):
    """FCFS within a class against SJF ordering; a benchmark's paper named as the figure's benchmark is no subject; a
    reported first clause before a tag question is asserted; the shift's own placement routes an item naming none."""
    files = {
        "organized/knowledge/doc.md": DOC.replace("- H2O", "- Llumnix (arXiv:2406.03243) keeps FCFS within a priority class.\n- H2O")
                                      + "1. RULER. arXiv:2404.06654\n",
        "inbox/d/talk.md": ("# Tidewater (paper: arXiv 2603.04999)\n\n"
                            "- Comparison with Llumnix (arXiv:2406.03243): he described it as doing shortest-job-first ordering inside each instance.\n"),
        "inbox/f/read.md": "# GateKV (arXiv:2605.11208)\n\nRULER 64K 平均掉 0.9 分。\n",
        "organized/paper_cards/0631-2605-11208.md": "# GateKV\n\n- arXiv: 2605.11208\n- RULER 64K 平均下降 0.9 分\n",
        "inbox/g/scan.md": "# scan\n\n[12] arXiv:2612.03318\nTitle: TwinQ\n评：摘要的意思是按 token 量化 key，和 KIVI 正好反过来？\n",
        "organized/paper_cards/0951-2612-03318.md": "# TwinQ\n\n- arXiv: 2612.03318\n- per-channel key quantization, pre-RoPE.\n",
    }
    got = finding_places(tmp_path, files)
    assert ("qualifier", "arXiv:2406.03243", ["doc.md:14", "talk.md:3"]) in got
    assert ("qualifier", "arXiv:2612.03318", ["0951-2612-03318.md:4", "scan.md:5"]) in got
    assert not [g for g in got if g[1] == "arXiv:2404.06654"]


def test_an_item_naming_no_section_goes_where_the_document_cites_its_work_else_where_the_shift_places_it(tmp_path):
    """An already-cited work's item goes to the section citing it ("cited"); a new work's item to the section another
    material of the shift gives it ("shift")."""
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    files = {
        "organized/knowledge/doc.md": DOC,
        "inbox/a/mail.md": "# mail\n\nNew: TallyDraft (arXiv:2611.04999). I'd slot it into 4.2.\n",
        "inbox/b/chat.md": "# chat\n\nTallyDraft follow-up (2611.04999): 0.64 acceptance at temperature 1.\n",
        "inbox/c/h2o.md": "# H2O re-read (arXiv:2306.14048)\n\nHeavy hitters still hold at 128K.\n",
        "work-guard/00000000-0000-4000-8000-000000000001.json": json.dumps({
            "manifest_id": "00000000-0000-4000-8000-000000000001", "created": "2027-12-01",
            "knowledge": "organized/knowledge/doc.md",
            "items": [{"path": "inbox/a/mail.md"}, {"path": "inbox/b/chat.md"}, {"path": "inbox/c/h2o.md"}]}),
    }
    rows = {r.source: r for r in shift_items(load_snapshot(ingested_store(tmp_path, files)))}
    assert rows["inbox/a/mail.md"].sections == ["4.2"]
    chat, h2o = rows["inbox/b/chat.md"], rows["inbox/c/h2o.md"]
    assert (chat.sections, chat.route.key, chat.route.basis) == ([], "4.2", "shift")
    assert (h2o.sections, h2o.route.key, h2o.route.basis) == ([], "4.3", "cited")
