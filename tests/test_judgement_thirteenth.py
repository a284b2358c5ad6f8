"""The thirteenth stop's rules, each pinned on a small inline text (docs/FORMAT.md, "Thirteenth stop" paragraph), and
the judgement scorer's item matching (bench/judgement.py)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


def _items(text: str, path: str = "inbox/a/n.md"):
    from ingest.notes import parse_note

    parts, _w = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]], parts


def _scorer():
    spec = importlib.util.spec_from_file_location("judgement", Path(__file__).resolve().parents[1] / "bench" / "judgement.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


CHECKLIST = """# Claims to verify

Priya, 14 June. Nothing goes into the doc without a ✅.

Legend for the Checked? column:
- ✅ confirmed in the source itself
- ❌ checked, and the source does not support the claim
- ❓ not checked yet, or only seen second-hand

| Claim | Source | Checked? |
|---|---|---|
| RotKV 2-bit KV: WikiText-2 perplexity 5.91 | card (2604.11873) | ❓ |
| QuaRot W4A4KV4: perplexity 6.46 | meetup slide (2404.00456) | ❓ |
"""


def test_a_legend_of_marks_is_no_topic():
    """t110: a list right under "Legend …:" says what the table's marks mean; its entries are no items. A list under
    "Key papers:" is a list of topics, and a legend entry that brings a work is kept."""
    got, _parts = _items(CHECKLIST)
    assert got == [(12, ("2604.11873",)), (13, ("2404.00456",))]
    papers = CHECKLIST.replace("Legend for the Checked? column:", "Key papers:").replace(
        "- ✅ confirmed in the source itself", "- ✅ confirmed in the source itself, see arXiv:2401.18079")
    got, _parts = _items(papers)
    assert (6, ("2401.18079",)) in got and len(got) == 5
    zh = CHECKLIST.replace("Legend for the Checked? column:", "图例：")
    assert _items(zh)[0] == [(12, ("2604.11873",)), (13, ("2404.00456",))]


def test_the_scorer_pairs_each_item_with_its_nearest_match():
    """An item one line off never takes its neighbour's exact match: oracle items at 12, 13, 14, 15 and provkg's at 12,
    14, 15 pair 12-12, 14-14, 15-15 and miss 13 (a greedy pass in the oracle's order paired 13-14 and 14-15); the
    number of pairs is the largest possible (oracle 10 and 12, provkg 11 and 13: both paired)."""
    match = _scorer()._match_items

    def pairs(o_lines, p_lines):
        o = [{"file": "a.md", "line": n} for n in o_lines]
        p = [{"source": "a.md", "line": n} for n in p_lines]
        return [(x["line"], y["line"]) for x, y in match(o, p)]

    assert pairs([12, 13, 14, 15], [12, 14, 15]) == [(12, 12), (14, 14), (15, 15)]
    assert pairs([10, 12], [11, 13]) == [(10, 11), (12, 13)]
    assert pairs([10], [20]) == []
    other = match([{"file": "a.md", "line": 5}], [{"source": "b.md", "line": 5}])
    assert other == []


SHEET = """# Repro sheet

How to read it: "paper's number" is the value printed in the paper's own table; I opened each PDF and copied it. Exceptions are marked † and ‡.

| Method | arXiv | Dataset | paper's number | our number |
|---|---|---|---|---|
| **Weight-only** | | | | |
| GPTQ | 2210.17323 | WikiText-2 | 5.69 † | 5.71 |
| AWQ | 2306.00978 | WikiText-2 | 5.60 | 5.64 |
| **KV cache** | | | | |
| QuIP# | 2402.04396 | WikiText-2 | 3.91 ‡ | — |

Notes
- † 5.69 is the GPTQ row as printed in the AWQ paper's table, i.e. second-hand for GPTQ.
- ‡ Not from the PDF: copied from Ruben's reading-group slides. Treat as unconfirmed.
"""


def test_group_rows_are_labels_and_footnotes_speak_of_their_rows():
    """t138: a row naming only its group (``| **Weight-only** | | |``) is no topic; a note under the table that opens
    with a row's mark (†, ‡) is part of that row's topic, and how it says the value was checked is the row's level,
    beside the sheet's own ("I opened each PDF")."""
    from ingest.notes import parse_note

    got, parts = _items(SHEET)
    assert got == [(8, ("2210.17323",)), (9, ("2306.00978",)), (11, ("2402.04396",))]
    levels = {c.line: set(c.evidence_levels) for c in parts["claims"]}
    assert "second_hand" in levels[8] and "second_hand" not in levels[9]
    assert {"second_hand", "unverified"} <= levels[11]
    assert "full_text" in levels[9]
    # the mark must end a cell of one row: "*" inside a cell, a mark no row carries, are nothing
    plain, _w = parse_note(SHEET.replace(" † |", " |"), "inbox/a/n.md")
    assert "second_hand" not in {lv for c in plain["claims"] if c.line == 8 for lv in c.evidence_levels}


LISTING = """From: no-reply@arXiv.org (send mail ONLY to cs)
Subject: cs daily Subj-class mailing 4a17c2 8

------------------------------------------------------------------------------
 Submissions to:
Computation and Language
Machine Learning
 received from  Wed 15 Jul 26 18:00:00 GMT  to  Thu 16 Jul 26 18:00:00 GMT
------------------------------------------------------------------------------
\\\\
arXiv:2607.12215
Title: Reward Model Calibration under Distribution Shift
\\\\ ( https://arxiv.org/abs/2607.12215 ,  912kb)
------------------------------------------------------------------------------
%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---%%%---
------------------------------------------------------------------------------
\\\\
arXiv:2607.11986 (*cross-listing*)
Title: Quantized Models Think Shorter
\\\\ ( https://arxiv.org/abs/2607.11986 ,  1120kb)
>>> keep, but I only read this comments line, not the v2 PDF
------------------------------------------------------------------------------
"""


def test_an_arxiv_listing_mail_is_its_entries():
    """t138: an arXiv listing mail's header ("Submissions to: … received from … to …") and the mark lines between its
    parts ("%%%---%%%---") are no topics; its entries are. "only read …, not the PDF" is a shallow read."""
    got, parts = _items(LISTING)
    assert got == [(10, ("2607.12215",)), (17, ("2607.11986",))]
    assert "abstract_checked" in {lv for c in parts["claims"] if c.line == 21 for lv in c.evidence_levels}


def test_a_suggested_place_label_needs_no_colon():
    """t138: a card's ``**Suggested place** quantized-inference, 2.3 Outlier handling`` suggests 2.3; a bold
    ``**Where**`` opening a sentence is no field."""
    from ingest.placement import placement_field, section_refs

    assert [(r.key, r.role) for r in section_refs("**Suggested place** quantized-inference, 2.3 Outlier handling")] == [("2.3", "suggest")]
    assert placement_field("Suggested section 3.2 because it is about eviction")
    assert not placement_field("**Where** it sits in 2.1 is unclear")


PROGRAMME = """# MLSys 2027 · Day 2 · 速记

记录：何冉 · 2027-07-16
说明：全部是现场听报告记的，只听了 talk，论文一篇都还没看；数字照 slide 抄。

08:30 签到、领胸牌，Keynote 没赶上。

09:40 [讲者 Ana] PipeOffload: Layer-Pipelined KV Cache Offloading（arXiv:2603.18412）
- 设计：冷 KV 放 pinned CPU 内存，attention 在 CPU 上算。
- 讲者引用的基线：FlexGen，在 H100、batch 16、128K 下解码 9.85 tok/s。

10:05 [讲者 周逸] PlugKV: Engine-Agnostic KV Cache Swapping（2605.09921）
- 讲者说：需要改动推理引擎的调度器。
- Q&A：NVMe 写放大怎么办？讲者说"不是瓶颈"，没给数据。

10:30 茶歇。
"""


def test_a_programme_noted_live_is_an_item_per_slot():
    """t136: conference live notes, "09:40 [讲者 X] Title（arXiv:…）" over the points heard: each slot one item with its
    points (a coffee break too); the note's opening says the talks were only heard and no paper read (second-hand and
    unverified); "没给数据" is unverified; a baseline the speaker cites ("讲者引用的基线：FlexGen …") is no figure of the
    talk's work."""
    got, parts = _items(PROGRAMME)
    assert got == [(6, ()), (8, ("2603.18412",)), (12, ("2605.09921",)), (16, ())]
    levels = {c.line: set(c.evidence_levels) for c in parts["claims"]}
    assert {"second_hand", "unverified"} <= levels[4]
    assert "unverified" in levels[14]
    from queries.contradictions import _BASELINE_LABEL

    assert _BASELINE_LABEL.match("讲者引用的基线：FlexGen，在 H100、batch 16、128K 下解码 9.85 tok/s。")
    assert not _BASELINE_LABEL.match("我们的结论：基线更慢")
    # a chat whose lines carry clock times but no lists under them is no programme
    from ingest.blocks import read_blocks
    from ingest.structure import _split_clocked

    chat = "10:02 ana: anyone read EAGLE-3?\n\n10:05 ben: yes, 6.5x\n\n10:07 ana: thanks\n".splitlines()
    assert _split_clocked(read_blocks(chat), len(chat)) is None
    assert _split_clocked(read_blocks(PROGRAMME.splitlines()), 17) is not None


ZHIHU = """# KV cache 卸载还值得做吗？

**林深** · 推理引擎开发
1,032 人赞同了该回答
PipeOffload（arxiv.org/abs/2603.18412v2）我上周从头到尾读完了。
- 吞吐：H100、batch 16、128K 上下文，解码吞吐 19.3 tokens/s。
赞同 1032 · 87 条评论

评论区（节选）
**陈默**：19.3 tokens/s 是 batch 16 的吧？
**Yifan** 回复 @林深：Table 3 里那一格是 14.8 tokens/s。

**Gao Ming** · 存储系统
PlugKV（arXiv:2605.09921）我只看了摘要，作者强调不需要修改推理引擎。
如果真不用改引擎，对我们很有吸引力。
"""


def test_comments_under_an_answer_are_the_answers_and_a_condition_asserts_nothing():
    """t136: a Zhihu page's answers, each with its comments after "评论区" / "N 条评论": a comment ("**陈默**：…",
    "**Yifan** 回复 @林深：…") belongs to the answer above it; the next answer opens a topic. What an "if" clause says
    ("如果真不用改引擎，…", "If it needs no retraining, …") is no statement of the work; "only if" states a need."""
    from ingest.facts import predicates

    got, _parts = _items(ZHIHU)
    assert got == [(3, ("2603.18412",)), (13, ("2605.09921",))]
    assert predicates("如果真不用改引擎，对我们很有吸引力。") == ()
    assert predicates("If it really needs no retraining, we should try it.") == ()
    assert "+train:model" in predicates("It works only if you retrain the model, sadly.")
    assert "-need:serving_engine" in predicates("作者强调不需要修改推理引擎")


DIGEST = """Send long-ctx-serving mailing list submissions to
\tlong-ctx-serving@lists.example.org

Today's Topics:

   1. Star Attention is exact? (Dmitri)
   2. Re: Star Attention is exact? (Hanna)
   3. Visa letters (Rafael)

----------------------------------------------------------------------

Message: 1
----------
Date: Fri, 18 Jul 2027 09:12:40 +0200
From: Dmitri <d@pm.me>
Subject: Star Attention is exact?

Going by NVIDIA's blog on Star Attention (arXiv 2411.17116), it is exact attention.

------------------------------

Message: 2
----------
Date: Fri, 18 Jul 2027 11:47:05 +0200
From: Hanna <h@kth.example>
Subject: Re: Star Attention is exact?

The 11x is in the abstract (arxiv.org/abs/2411.17116v2). I only read the abstract.

------------------------------

Message: 3
----------
Date: Sat, 19 Jul 2027 07:55:02 -0300
From: Rafael <r@example.org>
Subject: Visa letters

Has anyone received the MLSys invitation letter yet?
"""


def test_a_mailman_digest_is_its_threads():
    """t135: a Mailman digest: its "Today's Topics" list is a table of contents, each message's header opens with
    "Date:" over "From:"; a reply ("Re: …") goes on with its thread, a new subject opens one (the off-topic one too)."""
    got, _parts = _items(DIGEST)
    assert got == [(14, ("2411.17116",)), (34, ())]


def test_discussion_questions_are_one_part_and_gpu_counts_are_settings():
    """t135: "## Discussion questions" over numbered questions is one part, not a topic per question; "on 32 H100s",
    "8×H100" are GPU counts (figures on 8 and on 32 GPUs are never compared); "1M tokens, …" opening a list of settings
    and "a 128K-token prefill" are context lengths."""
    from ingest.facts import find_figures

    handout = ("# Handout\n\n## 1. TetraRing (arXiv:2602.08817)\n\nRings along the topology.\n\n## Discussion questions\n\n"
               "1. TetraRing's 1.97x is on 32 GPUs. What about 8?\n2. Does pass-Q pay off for us?\n3. Which one first?\n")
    got, _parts = _items(handout)
    assert got == [(3, ("2602.08817",)), (7, ())]
    assert find_figures("prefilled in 16.9 s on 32 H100s (4 nodes)")[0].conditions[:1] == ("gpus:32",)
    assert "ctx:1000000" in find_figures("1M tokens, Llama 3 405B, 128 H100s: 77 s.")[0].conditions
    assert "ctx:128000" in find_figures("3.8 s for a 128K-token prefill of Llama 3 405B")[0].conditions


def test_titles_beside_authors_and_labels():
    """t135: an italic title between authors and the identifier ("Brandon, …, *Striped Attention: …*, arXiv:…") is the
    title without the authors; a field's label before a name ("Baselines named: Striped Attention (arXiv:…)") is no
    title."""
    from ingest.arxiv import find_arxiv_ids
    from ingest.notes import written_title

    def title(line):
        m = find_arxiv_ids(line)[0]
        return written_title(line, m.start, m.end)

    assert title("- [Brandon2023] Brandon, Nrusimha, Jin, *Striped Attention: Faster Ring Attention for Causal Transformers*, "
                 "arXiv:2311.09431 (2023)") == "Striped Attention: Faster Ring Attention for Causal Transformers"
    assert title("- builds on: *Striped Attention: Faster Ring Attention for Causal Transformers*, arXiv:2310.01889") \
        == "Striped Attention: Faster Ring Attention for Causal Transformers"
    assert title("- Baselines named: Striped Attention (arXiv:2311.09431) and USP (arXiv:2405.07719).") is None


CONFLUENCE = """# Self-drafting candidates

> **Info**
> 下表的数字都抄自各论文自己的实验表格。

## Evaluated methods

| Method | arXiv | Benchmark | Speedup | Notes |
|---|---|---|---|---|
| EAGLE-2 | 2406.16858 | MT-Bench | 3.80x | dynamic tree, context-aware |
| LayerSkip | 2404.16710 | CNN/DM | 2.16x | needs the LayerSkip training recipe |

> **Warning**
> 在频道里听别人说的：LayerSkip 的 self-speculative 模式其实是 lossy 的。

<details>
<summary>D&V re-run log</summary>

```
speedup=1.46
```
</details>

## Decision

1. 生产环境先上 EAGLE-3。
2. LoopDraft 建议补进 3.4。

**Comments (2)**

**王文杰** · Jul 20, 2027
τ=2.86 我又对了一遍，没抄错。

**Rahul Menon** · Jul 21, 2027
Shouldn't Lookahead decoding be in this table? https://arxiv.org/pdf/2402.02057.pdf
"""


def test_a_confluence_page_with_a_table_panels_an_expand_block_and_comments():
    """t137: a section's table rows are topics though an expand block (read as a sub-heading) follows them; a panel
    ("> **Warning**") is the page's, no reply to the row above it; a "## Decision" list followed by the page's comments
    is the heading's own topic, the comments their own."""
    got, _parts = _items(CONFLUENCE)
    lines = [ln for ln, _w in got]
    assert (10, ("2406.16858",)) in got and (11, ("2404.16710",)) in got
    assert 13 in lines and 17 in lines  # the panel, the expand block (its summary)
    assert 24 in lines and (34, ("2402.02057",)) in got  # the decision, the comment bringing a work


def test_a_telegram_export_is_a_post_per_header_and_its_header_names_no_paper():
    """t137: "[18.07.27 09:15] LLM Infra Digest:" opens a post (its "> Link preview:" quote is no reply); a post's
    stamped header is no title of the paper it links."""
    export = ("Telegram export · channel \"LLM Infra Digest\"\n\n"
              "[18.07.27 09:15] LLM Infra Digest:\n📄 Speculative Streaming: no draft model at all.\n🔗 arxiv.org/abs/2402.11131v2\n"
              "> Link preview: Speculative Streaming: Fast LLM Inference without Auxiliary Models\n👍 41\n\n"
              "[19.07.27 20:03] LLM Infra Digest:\nEAGLE-2 at temperature 1: 3.06x on MT-Bench.\n"
              "> Link preview: EAGLE-2 · arxiv.org/abs/2406.16858\n❤️ 22\n")
    got, parts = _items(export)
    assert got == [(3, ("2402.11131",)), (9, ("2406.16858",))]
    assert not any(r.title and r.title.startswith("[") for r in parts["arxiv"])


def test_a_proposed_edit_a_placement_heading_and_engine_versions():
    """t137: an added line of a proposed diff that brings an arXiv identifier anywhere opens an entry; under "## Where
    it might go" a section named is a placement; figures measured on two engine versions (vLLM 0.8.4, vLLM 0.10.2) are
    never compared; "EAGLE 2.97x · SpS 1.75x": the second figure is SpS's, no work of the store's."""
    from ingest.blocks import _proposed_edits
    from ingest.facts import find_figures

    diff = ["```diff", "--- a/doc.md", "+++ b/doc.md", "@@ -40,2 +40,3 @@", " - context line",
            "+- EchoSpec (arxiv.org/abs/2605.08821v1) drafts from an echo.",
            "+- *SWIFT: On-the-Fly Self-Speculative Decoding for LLM Inference Acceleration* (arXiv:2404.18911) skips layers.",
            "```"]
    out = _proposed_edits(diff)
    assert out[5].startswith("- EchoSpec") and out[6].startswith("- *SWIFT")
    card = "# 0613 · EchoSpec\n\nEchoSpec (arXiv:2605.08821) drafts from shallow layers.\n\n## Where it might go\n\nProbably §3.4; maybe §3.2.\n"
    from ingest.notes import parse_note

    parts, _w = parse_note(card, "organized/paper_cards/0613-2605-08821.md")
    assert "3.4" in {k for c in parts["claims"] for k in c.suggested_sections}
    a = find_figures("Our run (2027-03, vLLM 0.8.4, 1×H100, batch 1): Draft & Verify 1.31x on MT-Bench.")[0]
    b = find_figures("Our run (2027-07, vLLM 0.10.2, 1×H100, batch 1): Draft & Verify 1.46x on MT-Bench.")[0]
    assert "sw:vllm0.8" in a.conditions and "sw:vllm0.10" in b.conditions
    assert "sw:vllm0.6" in find_figures("vLLM v0.6.4.post1, 1×A100: 1,640 tok/s")[0].conditions  # one release line as 0.6.3


# --------------------------------------------------------------------------- the eighth round (t139–t142)

ALERTS = """Pasting this week's Scholar alerts as they came in. My reactions are the lines starting with `>>`. Unless a
reaction says otherwise I only saw the alert snippet, nothing more.

---------- Forwarded message ---------
From: Google Scholar Alerts <scholaralerts-noreply@google.com>
Subject: Scholar Alert: [ "flash attention" ]

[PDF] TMEM-Attention: Pipelining Fused Attention Through Tensor Memory on Blackwell GPUs
H Okafor, L Brandt, S Nakagawa - arXiv preprint arXiv:2605.08817, 2026
… the rescaling of the output accumulator is moved into tensor memory …
>> finally a Blackwell kernel paper: II.2

Flash attention lapses in adolescents with ADHD: a reaction-time study
M Kovač, A Silva - Journal of Attention Disorders, 2027
… brief flash stimuli were presented …

Faster long-context serving via sequence-parallel flash attention
anonymous - OpenReview (ICLR 2028 submission), 2027
… we extend the flash attention kernel with ring communication …

[PDF] INT-FlashAttention: Enabling Flash Attention for INT8 Quantization
S Chen, Z Liu, Z Wu - arXiv preprint arXiv:2409.16997, 2024
… 72% faster inference speed compared to standard FlashAttention …
"""


def test_search_alert_hits_are_an_item_each_and_a_wrapped_sentence_is_read_whole():
    """t139: a Google Scholar alert's hits (a title line, an "authors - venue, year" line, a snippet, the reader's ``>>``
    remark) are an item each, an anonymous one too; the mail's header is none. "I only saw the alert / snippet", wrapped
    over two lines, is an abstract-level read for both lines."""
    got, parts = _items(ALERTS)
    assert got == [(8, ("2605.08817",)), (13, ()), (17, ()), (21, ("2409.16997",))]
    levels = {c.line: set(c.evidence_levels) for c in parts["claims"]}
    assert "abstract_checked" in levels.get(1, set()) | levels.get(2, set())


JIELONG = """刘洋 20:02
#接龙
本周读书会认领论文（周六上午10点）

1. 孙悦 TurboEP arXiv:2603.08815（已读完）：H800、EP8、每卡128 tokens，低延迟模式 dispatch 88us，建议进 3.2
2. 何川 MegaScale-Infer https://arxiv.org/abs/2504.02263（只看了摘要和图1）：M2N 通信库，文档 2.2 已经有了
3. 郑好 ~~Pre-gated MoE 2308.12066~~ → 改认领 ExFlow [2401.08383]（还没开始读，周末补）
4. 林夕 MegaBlocks 2211.15841（偏训练的，我当补课，读了一半）

赵敏 20:09
@刘洋 我那个 +1 是报名旁听，不认领哈
"""


def test_a_chat_message_carrying_annotated_entries_is_its_entries():
    """t140: a WeChat 接龙 message whose entries each bring a work and say something of it is read as its entries; a
    struck-out identifier (``~~Pre-gated MoE 2308.12066~~ → ExFlow``) is a mention; a bot's list of linked titles stays
    one topic."""
    got, _parts = _items(JIELONG)
    assert got[:4] == [(5, ("2603.08815",)), (6, ("2504.02263",)), (7, ("2401.08383",)), (8, ("2211.15841",))]
    bot = ("**librarian-bot** 2 days ago\nThe following papers were recommended by the Semantic Scholar API\n\n"
           "* [Sequoia: Scalable, Robust, and Hardware-aware Speculative Decoding](https://huggingface.co/papers/2402.12374) (2024)\n"
           "* [EAGLE-2: Faster Inference of Language Models with Dynamic Draft Trees](https://huggingface.co/papers/2406.16858) (2024)\n"
           "* [Budget-Aware Draft Trees](https://huggingface.co/papers/2602.04471) (2026)\n\n"
           "**nadia** 1 day ago\nthe tree budget point is the interesting one for us\n")
    from ingest.structure import _listed_in_turns, _Raw
    from ingest.blocks import read_blocks
    from ingest.lexicon import load_lexicon

    blocks = read_blocks(bot.splitlines())
    raw = _Raw("pseudo", 1, 7, "librarian-bot", [1], blocks[:5])
    assert [r.kind for r in _listed_in_turns([raw], load_lexicon())] == ["pseudo"]


TEAMS = """Priya Nair   0:05
OK, I think we're recording. Agenda is short: KVRoute for the router, Arjun's SGLang numbers, Mooncake, then the budget.

Priya Nair   0:20
So, KVRoute. On the LMSYS chat replay their prefix hit rate is seventy-four percent with eight replicas, versus nineteen for round robin.

Priya Nair   0:34
To be clear, I'm going off Wei's reading-group slides, I haven't actually opened the paper myself.

Arjun Mehta   1:02
Can I jump in on the SGLang stuff—

Arjun Mehta   1:09
OK. So I ran SGLang with the radix cache on our sixteen K RAG template, same 2,000 requests as last week. Throughput with the cache on was much better.

Mei Chen   2:10
Mooncake. I read the whole paper over the weekend, appendix too. What we don't have in the doc is the conductor and how it picks the prefill instance.

Luo Yang   2:33
It's 2407.00079, it's already in the refs. Put one sentence in 3.2.

Priya Nair   3:05
OK, switching topics. Q3 GPU budget. We keep the eight H100 nodes until September.
"""


def test_a_meeting_transcript_follows_its_agenda():
    """t141: a Teams transcript ("Name   0:05", minutes and seconds since the recording started): a turn opening with an
    agenda topic moves the meeting to it, a cut-off turn ("Can I jump in on the SGLang stuff—") opens nothing, a turn
    giving the identifier under discussion ("It's 2407.00079, …") continues it; "seventy-four percent" is 74%."""
    from ingest.facts import find_figures

    got, parts = _items(TEAMS)
    assert [ln for ln, _w in got] == [4, 13, 16, 22]
    assert [q.raw for q in find_figures("their prefix hit rate is seventy-four percent with eight replicas")] == ["74%"]
    assert "unverified" in {lv for c in parts["claims"] if c.line == 7 for lv in c.evidence_levels}


def test_topic_numbered_documents_faq_wording_and_settings():
    """t140, t142: "## Topic 4.2: …" headings are numbered and "goes in Topic 4.2" cites them; FAQ answers' wording
    (经验，源码没翻过 / 别人 issue 里的数 / 别当结论引用); EP and TP degrees, shared-prefix lengths and 微秒 are settings and
    units; a target (target τ ≥ 4.5) or a forecast (expect ~3.5) is no measurement."""
    from ingest.evidence import evidence_reader
    from ingest.facts import find_figures
    from ingest.living_doc import parse_living_doc
    from ingest.placement import section_refs

    doc = parse_living_doc("# Spec serving\n\n## Topic 4: Verification\n\n### Topic 4.2: Tree verification\n\ntext\n")
    assert [s.key for s in doc.sections][1:] == ["4", "4.2"]
    assert [(r.key, r.role) for r in section_refs("Paper-level findings go in Topic 4.2.")] == [("4.2", "suggest")]
    e = evidence_reader()
    assert "unverified" in e.levels("不需要 NVSHMEM，我们装的时候没碰。——经验，源码没翻过。")
    assert "second_hand" in e.levels("这是别人 issue 里的数，仅供参考。")
    assert "unverified" in e.levels("我们没有做过正式对比，别当结论引用。")
    assert {"hw:h800", "par:ep64"} <= set(find_figures("H800、EP64、每卡 128 tokens 下 dispatch 延迟约为 216 微秒")[0].conditions)
    assert "ctx:32000" in find_figures("32K shared prefix, batch 64 | H100-80G | 3.9x")[0].conditions
    assert find_figures("M1 in prod; target τ ≥ 4.5 at T=0 on MT-bench") == ()
    assert find_figures("For the 70B tier expect ~3.5 mean accepted tokens per step.") == ()
    assert [q.raw for q in find_figures("We hit the target at 1.8 s P99 TTFT, down from 2.6 s.")][:1] == ["1.8 s"]


def test_a_comment_page_titled_by_one_work_and_a_repo_card_naming_one():
    """t142: "# alphaXiv comments — SPINE (2605.13390v2)" over the page's comments: a comment naming no work is about
    SPINE, one bringing another work is about that; a repo card whose head names one paper (no paper field) is about it."""
    from ingest.notes import parse_note

    page = ("# alphaXiv comments — SPINE (2605.13390v2)\n\nCopied by Wen. I have not read the paper myself.\n\n"
            "**@tokenflux** · 5d · ▲ 23\nHeadline: mean acceptance length 4.73 on MT-bench with Vicuna-7B at T=0.\n\n"
            "**@lin_q** · 2d · ▲ 5\nSlightly off-topic: read arXiv:2610.04471 (Verify Less), ~30% fewer FLOPs.\n\n"
            "**@anon** · 1d · ▲ 0\nthe verify pass is batched, nice\n")
    got, _parts = _items(page)
    assert got == [(5, ("2605.13390",)), (8, ("2610.04471",)), (11, ("2605.13390",))]
    card = ("# Repo card 0934 · nimbus-infra/medusa-serve\n\n- url: https://github.com/nimbus-infra/medusa-serve\n"
            "- what: OpenAI-compatible server around Medusa heads (arXiv 2401.10774)\n- license: Apache-2.0\n")
    parts, _w = parse_note(card, "organized/repo_cards/0934-nimbus-infra-medusa-serve.md", "repo_card")
    assert parts["items"][0].works == ("2401.10774",)


def test_a_negation_summary_names_who_states_it_first():
    """A fresh user's finding: the Chinese summary of a negation says "A 说有，B 说没有" with A the side that states the
    predicate, whichever side the finding lists first (its detail says which denies)."""
    from queries.render.brief import LABELS, finding_summary

    f = {"kind": "negation", "subject": "arXiv:2605.09921", "a": {"source": "tang.md"}, "b": {"source": "heran.md"},
         "summary": "s", "detail": ["denied in tang.md:41", "stated in heran.md:18"]}
    assert finding_summary(LABELS["zh"], f) == "arXiv:2605.09921：heran.md 说有，tang.md 说没有"
    f["detail"] = ["denied in heran.md:18", "stated in tang.md:41"]
    assert finding_summary(LABELS["zh"], f) == "arXiv:2605.09921：tang.md 说有，heran.md 说没有"


@pytest.mark.parametrize(("text", "want"), [
    ("Ablation in Table 4 shows no evidence of degradation on LongBench.", ()),
    ("作者没测过 batch>64 的情况。", ()),
    ("这个结论没有实验支撑", ()),
    ("Numbers taken from the EAGLE paper, Table 2.", ("full_text",)),
    ("Today's slides cover SnapKV and Quest.", ()),
    ("The paper gives a rule of thumb: one draft head per layer.", ()),
])
def test_the_reviews_probes_state_no_new_level(text, want):
    """The review of this stop's diff: criticism of a paper ("作者没测过", "没有实验支撑", "shows no evidence of
    degradation") is no check of the writer's; numbers taken from the paper itself are no second-hand; "Today's slides"
    is nobody's."""
    from ingest.evidence import evidence_reader

    assert evidence_reader().levels(text) == want


def test_the_reviews_probes_of_figures_conditions_and_structure():
    """Engine names before a figure keep the figure ("vLLM 0.95 ms TPOT"); "SLO attainment = 97.3%" is measured; "主要是
    不需要重新训练" is no condition; a row naming a paper with its other cells empty is a topic; an ordinary preamble
    ("All runs skipped the first 5 warmup iterations") leaves its items' levels alone; "Placement of experts" is a
    technical heading; "go to §3.2" points, it places nothing; "Chapter 2.3" is section 2.3."""
    from ingest.facts import find_figures, predicates
    from ingest.living_doc import parse_living_doc
    from ingest.placement import section_refs

    assert [q.raw for q in find_figures("vLLM 0.95 ms TPOT at batch 1")] == ["0.95 ms"]
    assert [q.raw for q in find_figures("SLO attainment = 97.3% at 4 QPS")] == ["97.3%"]
    assert "-train:" in predicates("这个方法的优势主要是不需要重新训练，直接替换 attention 即可。")
    table = "# Tracker\n\n| Paper | Read | Verdict | Section |\n|---|---|---|---|\n| Quest (arXiv:2406.10774) | | | |\n| SnapKV (arXiv:2404.14469) | yes | keep | 4.2 |\n"
    assert [ln for ln, _w in _items(table)[0]] == [5, 6]
    note = ("# Bench notes\n\nAll runs skipped the first 5 warmup iterations.\n\n## Quest (arXiv:2406.10774)\n\n"
            "Ran their repo end to end on our box.\n\n## SnapKV (arXiv:2404.14469)\n\nRead it end to end.\n")
    _got, parts = _items(note)
    assert all("unverified" not in i.evidence_levels for i in parts["items"])
    from ingest.placement import PLACEMENT_HEADING

    assert not PLACEMENT_HEADING.match("Placement of experts across GPUs") and PLACEMENT_HEADING.match("Placement")
    assert [(r.key, r.role) for r in section_refs("For background, go to §3.2 which already covers paging.")] == [("3.2", "mention")]
    doc = parse_living_doc("# Doc\n\n## Chapter 2 — Weights\n\n### Chapter 2.3: Outliers\n\ntext\n")
    assert [s.key for s in doc.sections][1:] == ["2", "2.3"]


def test_a_papers_own_table_rows_of_its_variants_are_not_its_figures():
    """The real vault: the Fast-WAM note's table gives Fast-WAM 190 ms and its variants Fast-WAM-Joint 580 ms and
    Fast-WAM-IDM 810 ms; the index says Fast-WAM has 190 ms latency. Only the Fast-WAM row is Fast-WAM's; a statement
    opening with a variant ("Fast-WAM-IDM 的 810 ms 高延迟…") neither; a numbered variant ("Medusa-2") stays the work's."""
    from queries.contradictions import _variant_row

    names = {"2603.16666": ["Fast-WAM"], "2401.10774": ["Medusa"]}

    def match(text):
        return [a for a, ns in names.items() if any(n.casefold() in text.casefold() for n in ns)]

    assert not _variant_row("**Fast-WAM** | ✗ | 高 | 较短 | **190**", "2603.16666", names, match)
    assert _variant_row("Fast-WAM-Joint | ✗ | 高 | 较长 | 580", "2603.16666", names, match)
    assert _variant_row("Fast-WAM w.o. video co-train | ✗ | 仅 10% | 最长 | 190", "2603.16666", names, match)
    assert _variant_row("Fast-WAM-IDM 的 810 ms 高延迟正是因为需要先完整去噪未来视频。", "2603.16666", names, match)
    assert not _variant_row("Medusa-2 | 2.3x | fine-tuned backbone", "2401.10774", names, match)
    assert not _variant_row("Fast-WAM reaches 190 ms.", "2603.16666", names, match)
    # a release or a setting after the name is no variant: "vLLM v0.6.4.post1 | … | 1,640", "QuaRot W4A4KV4, Llama-2-7B: …"
    names |= {"2309.06180": ["vLLM"], "2404.00456": ["QuaRot"]}
    assert not _variant_row("vLLM v0.6.4.post1 | arXiv:2309.06180 | 1×A100-80GB SXM | 1,640", "2309.06180", names, match)
    assert not _variant_row("QuaRot W4A4KV4, Llama-2-7B: WikiText-2 perplexity 6.46 | slide", "2404.00456", names, match)


@pytest.mark.parametrize(("line", "date"), [
    ("负责人：钱多多（最后修改 2027-07-26）", "2027-07-26"),
    ("维护：沈知远 · 最近修订 2027-07-19", "2027-07-19"),
    ("DRI: K. Mensah — last touched 2027-07-28", "2027-07-28"),
    ("Maintainer: Priya N. — revised 2027-07-18", "2027-07-18"),
    ("Kept by: Dana W. (rev. 2027-07-25)", "2027-07-25"),
    ("Last edit 2027-07-21 by J. Okafor", "2027-07-21"),
    ("Owner: R. Castillo · last reviewed 2027-07-11", "2027-07-11"),
])
def test_the_living_documents_last_update_in_its_writers_words(line, date):
    """The second fresh user: the brief's header lacked the living document's last update where the document writes it
    as "最后修改 …", "last touched …", "rev. …" (the blind shifts' documents)."""
    from ingest.living import UPDATED_LABEL

    m = UPDATED_LABEL.search(line)
    assert m is not None and m.group(1) == date and m.group("date") == date
