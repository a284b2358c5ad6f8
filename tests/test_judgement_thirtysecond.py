"""The thirty-second stop's readings (docs/FORMAT.md §5.3, §8): what a fresh user's workspace showed missing, each written
on a subfield of our own so that no shift's words are matched.

* A figure "measured on the authors' production cluster" against "a simulation result" (or "comes from a simulator")
  is a qualifier conflict of how the figure was obtained; "measured on production traces" replayed offline is no
  measurement in production.
* A mail's form is no statement: its header fields, greeting and the attribution over a quoted mail are metadata; its
  closing ("Thanks," / a name) and the signature under it are no claims, and end the topic above them, so the quoted
  mail below is no part of that topic.
"""
from __future__ import annotations

from pathlib import Path

from conftest import evidence_levels, finding_places

_DOC = ("# Prefix caching\n\n## 3 Caching\n\n### 3.1 Prefix reuse\n\n"
        "- RillCache (arXiv:2608.04412) reports a 38% p50 TTFT cut measured on the authors' production cluster over two weeks.\n")


def test_measured_in_production_against_a_simulation_result(tmp_path: Path):
    note = "# Notes\n\n- RillCache (2608.04412): the 38% TTFT cut is a simulation result, replaying traces in their simulator.\n"
    places = finding_places(tmp_path, {"organized/knowledge/cache.md": _DOC, "inbox/ana/n.md": note})
    assert places == [("qualifier", "arXiv:2608.04412", ["cache.md:7", "n.md:3"])]


def test_a_figure_that_comes_from_a_simulator(tmp_path: Path):
    note = "# Notes\n\n- RillCache (2608.04412): the 38% TTFT cut comes from a simulator fed with request logs.\n"
    places = finding_places(tmp_path, {"organized/knowledge/cache.md": _DOC, "inbox/ana/n.md": note})
    assert places == [("qualifier", "arXiv:2608.04412", ["cache.md:7", "n.md:3"])]


def test_measured_in_production_twice_agrees(tmp_path: Path):
    note = "# Notes\n\n- RillCache (2608.04412) reports a 38% TTFT cut, measured in production on 512 GPUs.\n"
    assert finding_places(tmp_path, {"organized/knowledge/cache.md": _DOC, "inbox/ana/n.md": note}) == []


def test_production_traces_are_no_measurement_in_production():
    from ingest.facts import qualifier_sides

    assert qualifier_sides("RillCache's 38% cut was measured on the authors' production cluster") == ("testbed:measured",)
    assert qualifier_sides("TTFT 降低 38%，是在生产环境实测的") == ("testbed:measured",)
    assert "testbed:measured" not in qualifier_sides("the 38% cut was measured on production traces replayed offline")


_MAIL = """From: Priya Raman <priya@example.org>
To: serving-reading@example.org
Date: Tue, 12 Sep 2028 09:14:00 +0000
Subject: Re: two papers for this week

Hi all,

I read RillCache (arXiv:2608.04412) in full over the weekend. It reports a 38% p50 TTFT cut
measured on the authors' production cluster. Worth a line in 3.1.

The second one, FlintKV (arXiv:2608.05501), I only skimmed the abstract. It claims lossless
compression of the KV cache at 4 bits.

Thanks,
Priya

Priya Raman | Inference team
Sent from my phone

> On Mon, 11 Sep 2028, Tomas wrote:
> Can someone look at RillCache? I think it's only simulated.
"""


def test_a_mails_form_is_metadata_and_its_signature_no_claim():
    from ingest.notes import parse_note

    parts, _warnings = parse_note(_MAIL, "inbox/priya/mail.md")
    roles = {(c.line, c.text): c.role for c in parts["claims"]}
    assert [ln for (ln, _t), r in sorted(roles.items()) if r == "metadata"] == [1, 2, 3, 4]  # the header fields
    assert not any(ln in (6, 20) for ln, _t in roles)  # "Hi all," and "On Mon, …, Tomas wrote:": the letter's form
    assert not any(ln in (14, 15, 17, 18) for ln, _t in roles)  # "Thanks," / "Priya" / the signature
    assert [(i.line, i.line_end, i.works) for i in parts["items"]] == [(8, 10, ("2608.04412",)), (11, 13, ("2608.05501",))]
    # the quoted mail is no part of FlintKV's topic: it keeps no level of it
    assert [(c.item, c.evidence) for c in parts["claims"] if c.line == 21] == [(None, "unknown"), (None, "unknown")]


def test_a_postscript_after_the_closing_is_still_read():
    from ingest.notes import parse_note

    mail = ("Hi Wen,\n\nFlintKV (arXiv:2608.05501) is lossless at 4 bits, per the abstract.\n\nBest,\nTomas\n\n"
            "P.S. RillCache (arXiv:2608.04412) also has a v2 now.\n")
    parts, _warnings = parse_note(mail, "inbox/tomas/re.md")
    texts = [c.text for c in parts["claims"] if c.role != "metadata"]
    assert "Best," not in texts and "Tomas" not in texts
    assert any(t.startswith("P.S. RillCache") for t in texts)


# --- blind round t327-t330: structure ------------------------------------------------------------------------------------

def _items(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, kind)
    return [(i.line, i.works) for i in parts["items"]]


def test_a_review_whose_paper_line_runs_on_is_one_read():
    """"Paper: arXiv … · Reviewer: …" over a second line of how it was read, then a form's labelled lists: one review."""
    review = ("# Review — GlideKV: Elastic KV Tiering for Long Chats\n\n"
              "Paper: arXiv 2609.11223v2 (doi 10.48550/arXiv.2609.11223) · Reviewer: ana · form used by the reading group, nothing more\n"
              "Read the whole v2 PDF including the appendix, over a weekend. Did not run the code.\n\n"
              "Summary:\nA tiering controller moves cold KV blocks to host memory and back.\n\n"
              "Strengths:\n1. Migration cost is measured, 3.1 ms per block.\n2. A clean ablation of the prefetch window.\n\n"
              "Weaknesses:\n1. Only one model family.\n2. No comparison with InfiniGen (arXiv:2406.19707).\n\n"
              "Rating: 6\n")
    assert _items(review) == [(1, ("2609.11223",))]


def test_a_daily_notes_log_is_a_collection():
    """A "## Log" of a daily note lists unrelated things done: each bullet is an item."""
    note = ("# 2028-12-02\n\n## Reading\n\n### [[GlideKV: Elastic KV Tiering for Long Chats]]\narxiv:: 2609.11223\ndepth:: full\n"
            "- tiering works at block granularity\n\n## Log\n\n- 09:30 standup, GPU quota slips again.\n"
            "- skimmed [[InfiniGen: Efficient Generative Inference of Large Language Models]] (2406.19707) for its prefetch figure.\n"
            "- [[Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference]]: nothing to change.\n"
            "- todo: book the room for Thursday.\n")
    assert [ln for ln, _w in _items(note)] == [3, 12, 13, 14, 15]


def test_live_talk_notes_marked_by_slide_are_one_item_a_slide():
    notes = ("Talk notes, kernel day\nEverything below is as heard from the speaker, nothing checked.\n\n"
             "[slide 2] history\n- tiling started with FlashAttention (2205.14135)\n- (he skipped the BERT numbers)\n\n"
             "[slide 5] sparse decode\n- GlideKV (arXiv:2609.11223) keeps cold blocks on the host\n- (I doubt the 3x)\n\n"
             "[slide 9] Q&A\n- backward pass not released\n\n"
             "admin: slides promised next week; room 12-B.\n")
    assert _items(notes) == [(4, ("2205.14135",)), (8, ("2609.11223",)), (12, ()), (15, ())]


def test_a_wikilinked_title_before_an_identifier_is_its_title():
    from ingest.notes import written_title

    line = "- skimmed [[GlideKV: Elastic KV Tiering for Long Chats]] (2609.11223) again for the tiering figure"
    at = line.index("2609")
    assert written_title(line, at, at + 10) == "GlideKV: Elastic KV Tiering for Long Chats"


def test_a_quoted_method_name_in_lower_case_is_no_title():
    from ingest.notes import written_title

    line = 'Their baseline is called "lazy block swapping (Okafor & Brandt)", https://arxiv.org/pdf/2601.04411.pdf. Who is right?'
    at = line.index("2601")
    assert written_title(line, at, at + 10) is None


def test_two_authors_joined_by_an_ampersand_name_their_paper():
    from ingest.text import alias_before

    line = 'the baseline "lazy block swapping (Okafor & Brandt)", https://arxiv.org/pdf/2601.04411.pdf'
    assert alias_before(line, line.index("https")) == "Okafor & Brandt"
    line = "Medusa and Hydra (arXiv:2402.05109) both train heads"
    assert alias_before(line, line.index("arXiv")) is None  # two works, not two authors


def test_an_author_pair_resolves_a_reply_that_names_no_identifier(tmp_path: Path):
    """A thread's answer "Okafor & Brandt do swap lazily: …" is about the paper the question cited by those authors."""
    doc = ("# Offloading\n\n## 6 Offloading\n\n### 6.2 Swapping\n\n"
           "- Lazy swapping [Okafor2026]: blocks are copied back only on a miss. There is no prefetching of blocks.\n\n"
           "## Works cited\n\n* [Okafor2026] Lazy Block Swapping for Chat Serving. arXiv:2601.04411\n")
    thread = ("# Does lazy swapping prefetch?\n\n**@ana** started this discussion on Nov 2, 2028\n\n"
              'Our doc says "lazy block swapping (Okafor & Brandt)", https://arxiv.org/pdf/2601.04411.pdf, never prefetches. Right?\n\n'
              "---\n\n**@kofi** commented on Nov 3, 2028\n\n"
              "The 6.2 bullet is wrong. Okafor & Brandt do prefetch blocks: section 4 starts the copy one layer early.\n")
    places = finding_places(tmp_path, {"organized/knowledge/offload.md": doc, "inbox/ana/thread.md": thread})
    assert ("negation", "arXiv:2601.04411", ["offload.md:7", "thread.md:11"]) in places


# --- blind round t327-t330: living document subjects, figures and rules -------------------------------------------------

_KERNELS = ("# Kernels\n\n## 4 Kernels\n\n### 4.1 Tiled attention\n\n"
            "Baselines everywhere below: FA2 [1] and Ring Attention [4].\n\n"
            "**GlideAttn.** GlideAttn [2] targets Blackwell with warp-specialised pipelines.\n"
            "- FP16: 1.4–1.8× over FA2 on B200, up to 910 TFLOPs/s.\n\n"
            "**ZigTile.** ZigTile [3] balances causal tiles across devices.\n"
            "- Reports 1.7× over vanilla Ring Attention at 256K context on 16 B200s.\n\n"
            "## References\n\n1. Tri Dao. FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning. arXiv:2307.08691\n"
            "2. A. Rossi. GlideAttn: Warp-Specialised Attention for Blackwell. arXiv:2610.01234\n"
            "3. B. Ito. ZigTile: Balanced Causal Tiles. arXiv:2610.02345v1\n"
            "4. C. Liu. Ring Attention with Blockwise Transformers. arXiv:2310.01889\n")


def test_a_bullet_comparing_with_a_named_baseline_is_about_the_paragraphs_work():
    from ingest.living import parse_living_source
    from datetime import timezone

    fields, _w = parse_living_source(_KERNELS, "organized/knowledge/kernels.md", tz=timezone.utc)
    by_line = {c.line: c.subjects for c in fields["claims"]}
    assert by_line[10] == ("2610.01234",)  # not FA2's: "over FA2" names the baseline
    assert by_line[13] == ("2610.02345",)  # not Ring Attention's: "over vanilla Ring Attention"


def test_a_talk_figure_against_the_documents_for_the_paragraphs_work(tmp_path: Path):
    note = "# Talk\n\n- GlideAttn (arXiv:2610.01234) on B200, FP16 forward: 1,050 TFLOPs/s, said the speaker.\n"
    places = finding_places(tmp_path, {"organized/knowledge/kernels.md": _KERNELS, "inbox/ana/talk.md": note})
    assert places == [("number", "arXiv:2610.01234", ["kernels.md:10", "talk.md:3"])]


def test_a_quoted_identifier_is_no_quoted_statement(tmp_path: Path):
    """'the footer reads "arXiv 2610.0123" and the last digit is cut off' quotes no statement for a retraction."""
    note = ('# Talk\n\n- (the slide footer reads "arXiv 2610.0123" and the last digit is cut off; it is GlideAttn, '
            "2610.01234)\n")
    assert finding_places(tmp_path, {"organized/knowledge/kernels.md": _KERNELS, "inbox/ana/talk.md": note}) == []


def test_trained_in_from_pretraining_needs_training():
    from ingest.facts import qualifier_sides

    assert qualifier_sides("It is trained in (from pretraining), not bolted onto a finished checkpoint.") == ("training:needs_training",)
    assert qualifier_sides("The gate must be trained jointly with the model.") == ("training:needs_training",)
    assert qualifier_sides("the router is trained in a few hours on one GPU") == ()


def test_nothing_is_evicted_denies_eviction_and_pages_stay_recallable():
    from ingest.facts import predicates, qualifier_sides

    text = "The whole KV cache stays resident and nothing is evicted, so a page skipped at one step can be selected at the next."
    assert predicates(text) == ("-drop:kv_cache",)
    assert qualifier_sides(text) == ("eviction_permanence:recallable",)
    assert predicates("nothing new here") == ()


def test_a_relative_clause_figure_is_the_work_named_before_it(tmp_path: Path):
    """"Complements SplitPool (…), which reports 1.6x higher throughput …; GlideKV keeps …": SplitPool's figure, not
    GlideKV's, so it is never set against GlideKV's own throughput."""
    card = ("# GlideKV\n\n- arXiv: 2609.11223\n- Source: full PDF read end to end\n\n## Key numbers\n"
            "- Decode throughput drops about 6% at 400 W.\n\n## Related\n"
            "- Complements SplitPool (arXiv:2311.18677), which reports 1.6x higher throughput at 20% lower cost; GlideKV keeps "
            "both phases on one GPU.\n")
    note = "# Notes\n\n- GlideKV (arXiv:2609.11223): decode throughput drops about 6% at 400 W, as the card says.\n"
    assert finding_places(tmp_path, {"organized/paper_cards/0101-2609-11223.md": card, "inbox/ana/n.md": note}) == []


def test_a_version_change_of_another_measure_is_no_change_of_this_figure(tmp_path: Path):
    card = ("# GlideKV\n\n- arXiv: 2609.11223v1\n- Source: full PDF of v1\n\n"
            "- GlideKV batches clock changes to hide the ~20 ms switching latency.\n"
            "- Capping decode at 400 W costs no measurable throughput.\n")
    note = ("# Notes\n\n## GlideKV (arXiv:2609.11223v2)\n\n"
            "- v2 改了表 3：400 W 封顶下 decode 吞吐下降约 6%。\n")
    places = finding_places(tmp_path, {"organized/paper_cards/0101-2609-11223.md": card, "inbox/ana/n.md": note})
    assert not any("0101-2609-11223.md:6" in p for _k, _s, p in places)


def test_energy_per_token_written_before_its_value():
    from ingest.facts import find_figures

    (q,) = find_figures("65B 每个输出 token 约 3–4 J；")
    assert (q.value, q.value_high, q.unit, q.metric) == (3.0, 4.0, "J/token", "energy")
    (q,) = find_figures("energy per output token is 0.3 J")
    assert (q.value, q.unit) == (0.3, "J/token")
    assert find_figures("per token the router adds 2 ms") == () or all(f.unit != "J/token" for f in find_figures("per token the router adds 2 ms"))


def test_two_energy_figures_of_one_model_disagree(tmp_path: Path):
    doc = ("# 能效\n\n## 9 能效\n\n### 9.1 测量\n\n- 基准测量：WattBench [1] 测了 65B 的推理能耗，65B 每个输出 token 约 3–4 J。\n\n"
           "## 引用列表\n\n- [1] WattBench: Energy of LLM Inference（arXiv:2610.03003）\n")
    note = "# 摘录\n\n- 按 WattBench（arXiv 2610.03003）的测量，65B 每个输出 token 才 0.3 J 左右。\n"
    places = finding_places(tmp_path, {"organized/knowledge/能效.md": doc, "inbox/ana/n.md": note})
    assert places == [("number", "arXiv:2610.03003", ["n.md:3", "能效.md:7"])]


# --- blind round t327-t330: evidence and sections ------------------------------------------------------------------------

def test_evidence_in_more_of_the_writers_words():
    assert evidence_levels("~1.3x better p99 TPOT according to Mei.") == ("second_hand",)
    assert evidence_levels("1.3x (per Kofi)") == ("second_hand",)
    assert evidence_levels("according to Table 3, 1.3x") == ()
    assert evidence_levels("read sec. 3–5 and all the tables") == ("full_text",)
    assert evidence_levels("reading-group summary, paper not opened by me") == ("second_hand", "unverified")
    assert evidence_levels("heard @ reading group, nobody had a source") == ("second_hand",)
    assert evidence_levels("README only; anything below about behaviour is the maintainers' word") == ("vendor_self_reported",)


def test_a_reading_asked_for_or_planned_is_no_reading_done():
    assert evidence_levels("参会：@王杰 @陈默；请 @王杰 @陈默 周五前看完各自认领的条目") == ()
    assert evidence_levels("v2 挂出来了，我明天看完写进笔记") == ()
    assert evidence_levels("@mei to read the full paper before Friday") == ()
    assert evidence_levels("昨天看完了全文") == ("full_text",)


def test_a_note_naming_table_rows_by_their_work_gives_their_levels():
    from ingest.notes import parse_note

    note = ("周会纪要\n\n说明：表里 GlideKV 和 ZigTile 两行我只对着摘要填的；SplitPool 那行是同事转述的，我自己没看论文。\n\n"
            "| 论文 | 主要数字 |\n|---|---|\n| GlideKV（arXiv:2609.11223） | 节能 40% |\n| ZigTile（2610.02345） | 1.7× |\n"
            "| SplitPool（arxiv.org/abs/2311.18677） | 1.6× |\n")
    parts, _w = parse_note(note, "inbox/ana/周会.md")
    by_line = {i.line: i.evidence_levels for i in parts["items"]}
    assert by_line[7] == ("abstract_checked",) and by_line[8] == ("abstract_checked",)
    assert by_line[9] == ("second_hand", "unverified")


def test_section_columns_and_placements_in_more_words():
    from ingest.lexicon import load_lexicon
    from ingest.placement import section_column, section_refs

    assert section_column("Where in doc") and section_column("Where in the living doc") and section_column("对应章节")
    assert not section_column("Where in paper") and not section_column("Where published") and not section_column("Homepage")
    refs = section_refs("routing inside one base model, but it could go at the end of 11.1 as a variant", load_lexicon())
    assert [(r.key, r.role) for r in refs] == [("11.1", "suggest")]


# --- a third fresh user: a mailing-list reply, a plain-text log, a card's title ---------------------------------------------

_REPLY = """Hi Lena, all,

I read the PreemptKV paper (arXiv:2610.11207v2) end to end over the weekend.

The P99 TTFT reduction versus vLLM on ShareGPT with Llama-3-8B on one H100 is 27%,
not more; that is Table 3.

On 3 May 2027, at 08:12, Lena Vogt <lena@example.org> wrote:
> Has anyone checked the PreemptKV headline? The abstract sounds like a big win.
>
> Thanks,
> Lena

Best,
Ravi
"""


def test_a_quoted_mail_is_the_other_writers_and_its_closing_no_claim():
    from ingest.notes import parse_note

    parts, _w = parse_note(_REPLY, "inbox/ravi/re.md")
    by_line: dict[int, list] = {}
    for c in parts["claims"]:
        by_line.setdefault(c.line, []).append(c)
    assert 1 not in by_line and 8 not in by_line  # the greeting and the attribution
    assert not any(ln in by_line for ln in (11, 12, 14, 15))  # the quoted and the writer's closings
    assert {c.evidence for c in by_line[9]} == {"unknown"}  # Lena's question is not read "end to end"
    assert {c.evidence for c in by_line[3]} == {"full_text"}


def test_a_reduction_named_as_the_clauses_subject_is_a_fall():
    from ingest.facts import find_figures

    (q,) = find_figures("The P99 TTFT reduction versus vLLM on ShareGPT with Llama-3-8B on one H100 is 27%, not more.")
    assert (q.value, q.metric, q.direction) == (27.0, "latency", "down")


def test_the_reduction_against_the_documents_cut(tmp_path: Path):
    doc = ("# Schedulers\n\n## 2 Preemption\n\n### 2.1 Swapping\n\n"
           "- PreemptKV (arXiv:2610.11207) cuts P99 TTFT by 41% versus vLLM on ShareGPT (Llama-3-8B, one H100).\n")
    places = finding_places(tmp_path, {"organized/knowledge/sched.md": doc, "inbox/ravi/re.md": _REPLY})
    assert places == [("number", "arXiv:2610.11207", ["re.md:5", "sched.md:7"])]


def test_a_log_lines_fields_are_clauses_of_their_own():
    from ingest.facts import find_figures

    got = [(q.raw, q.conditions) for q in find_figures("== run 1 == chunk=256 failed=0 ttft_p50=0.61s ttft_p99=2.84s tbt_p99=0.14s")]
    assert got == [("0.61s", ("latkind:ttft", "percentile:50")), ("2.84s", ("latkind:ttft", "percentile:99")),
                   ("0.14s", ("latkind:tbt", "percentile:99"))]


def test_a_cards_title_is_its_content_for_its_labels(tmp_path: Path):
    card = ("---\ntitle: \"SlackFair: Slack-Ordered Fair Scheduling for LLM Serving\"\narxiv: 2609.04418\ntags: [scheduling, slo]\n---\n"
            "# SlackFair: Slack-Ordered Fair Scheduling for LLM Serving\n\nSource: the abstract page only.\n\n"
            "| Field | Value |\n|---|---|\n| Method | slack-ordered admission, re-ranked each iteration |\n"
            "| Headline | SLO attainment up 22 percent vs vLLM on 4xH100 |\n")
    assert [k for k, _s, _p in finding_places(tmp_path, {"organized/paper_cards/0012-2609-04418.md": card})] == []


def test_a_version_change_of_the_same_thing_with_figures_of_other_measures(tmp_path: Path):
    """The document's v1 statement has a context length, the later version's a time: not the same measure, so the change is
    judged by what both say (an SSD tier), as statements without figures are."""
    doc = ("# Serving\n\n## 1 Tiers\n\n### 1.3 Offload\n\n- TierKV (2601.03327), as of v1, moves cold KV blocks from HBM to CPU DRAM "
           "only; there is no SSD tier, and it serves up to 1M tokens.\n")
    note = "# Queue\n\n- TierKV 2601.03327v3: v3 adds an NVMe SSD tier below CPU DRAM; blocks idle for more than 30 s spill to SSD.\n"
    places = finding_places(tmp_path, {"organized/knowledge/serving.md": doc, "inbox/t/q.md": note})
    assert ("version", "arXiv:2601.03327", ["q.md:3", "serving.md:7"]) in places


def test_podcast_chapters_are_topics_and_its_links_one_part():
    notes = ("# Episode 112\n\n## Chapters\n\n00:00:00 — Intro\n00:06:40 — Acceptance rate vs accepted tokens\n"
             "00:12:30 — Retrieval drafts: REST\n00:21:45 — Medusa-2 heads in production\n\n## Links mentioned\n\n"
             "- REST paper — arxiv.org/abs/2311.08252v2\n- Medusa — https://arxiv.org/abs/2401.10774\n"
             "- Lookahead decoding — https://arxiv.org/abs/2402.02057\n")
    assert [ln for ln, _w in _items(notes)] == [5, 6, 7, 8, 10]


def test_a_log_of_one_experiment_stays_one_topic():
    note = ("# 2027-02-08\n\n## Reading\n- [[MirrorDraft]]\n    - arxiv.org/abs/2601.14382v1, abstract only\n\n## Log\n"
            "- 09:12 started the rerun on node 7\n- 11:40 EAGLE-3 run on the 8B tier: 2.7x, same as the doc\n"
            "- 14:05 run died, OOM at bs=48\n- 16:30 second try finished\n")
    assert [ln for ln, _w in _items(note)] == [3, 7]


def test_a_comment_titled_by_its_signature_is_about_the_work_it_opens_on(tmp_path: Path):
    import json

    from conftest import ingested_store
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    doc = ("# Spec\n\n## 3 Spec\n\n### 3.2 Retrieval drafts\n\n- REST (arXiv:2311.08252) drafts from a datastore.\n\n"
           "## References\n\n- REST: Retrieval-Based Speculative Decoding. arXiv:2311.08252\n")
    ticket = ("# ENG-7: Evaluate retrieval drafting\n\nStatus: In Review\n\n## Activity\n\n"
              "— kofi, 11 days ago\nThe living doc already covers this; nothing new from me.\n\n"
              "— amara, 8 days ago\nRead REST properly this time, sections 3–5. There is no draft LM anywhere.\n\n"
              "— jonas, 6 days ago\nUnrelated: can we bump vLLM to v0.11.2 before the freeze?\n")
    files = {"organized/knowledge/spec.md": doc, "inbox/amara/ENG-7.md": ticket,
             "work-guard/00000000-0000-4000-8000-000000000032.json": json.dumps({
                 "manifest_id": "00000000-0000-4000-8000-000000000032", "created": "2028-12-01",
                 "knowledge": "organized/knowledge/spec.md", "items": [{"path": "inbox/amara/ENG-7.md"}]})}
    rows = {r.line: r for r in shift_items(load_snapshot(ingested_store(tmp_path, files)))}
    assert sorted(rows) == [7, 10, 13]
    assert rows[10].works == ["2311.08252"] and rows[13].works == []


def test_replacing_an_online_transform_is_no_offline_one_and_per_in_a_title_is_no_person():
    """"replaces the online Hadamard transforms with learned …" denies the act replaced, never the side of a qualifier it
    names; "1 Bit Per Channel" in a title is no "per Kofi"."""
    from ingest.facts import predicates, qualifier_sides

    text = "KroneQuant replaces the online Hadamard transforms with learned Kronecker-factored rotations."
    assert "online:offline" not in qualifier_sides(text)
    assert predicates("T-MAC replaces dequantize-then-multiply with table lookups") == ("-dequantize:",)
    assert evidence_levels("## KV Cache is 1 Bit Per Channel: Efficient LLM Inference") == ()
    assert evidence_levels("我周末回头重读了第 3 节") == ("full_text",)


def test_a_pasted_runs_log_file_is_read(tmp_path: Path):
    """A benchmark log saved as ``.log`` in the inbox is a note (a fresh user's was skipped without a word)."""
    from conftest import ingested_store
    from queries.snapshot import load_snapshot

    log = "== run 1 ==  chunk=256\n  ttft_p50=0.61s  ttft_p99=2.84s\nSarathi-Serve arXiv:2403.02310, our own run.\n"
    snap = load_snapshot(ingested_store(tmp_path, {"inbox/jun/sweep.log": log}))
    assert "inbox/jun/sweep.log" in snap.sources
    assert any(c.path == "inbox/jun/sweep.log" and "2403.02310" in c.about for c in snap.claims)
