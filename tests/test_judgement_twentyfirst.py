"""The twenty-first stop's rules (blind shifts t203-t208: lab minutes, a slide deck, a claims ledger, a 知乎 review and
a WeChat export, a GitHub discussion and release notes, prose comparisons, a weekly digest of bold-titled paragraphs,
bookmarks and a retro), each pinned on a small inline text of our own (docs/FORMAT.md §5.3, §6.3, §7, §8).

Each test writes the shape of text that defeated a rule and asserts the values the rule now gives, with the readings
that must not change beside it: "ships its own kernel" / "runs on stock ops", "dispenses with" / "is still there",
"cuts … in half" / "1.4x faster", "多占 1/4 显存", "Medusa-1", "比 Medusa 快不少", a table of perplexities whose one
column is the card's work, "the 740 headline is a head-dim-256 figure", and the baseline's own figure.
"""
from __future__ import annotations

from conftest import evidence_levels, finding_places

from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.notes import parse_note
from ingest.placement import section_refs
from ingest.text import alias_before


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works), i.relevance) for i in parts["items"]]


def _figs(text: str):
    return [(q.value, q.unit, q.metric, q.direction) for q in find_figures(text)]


DOC = ("# Serving notes\n\nLast revised 2027-11-01\n\n## 2 Kernels\n\n### 2.1 Decode\n\n"
       "Body text about decode kernels.\n\n## References\n\n")


# --------------------------------------------------------------------------- structure

def test_a_slide_deck_of_generic_headings_is_one_read_of_the_paper_its_first_slide_names():
    """"# Motivation" over the paper's line and link, then "# Method", "# Results", "# Our take" between rules: one item
    about that paper, not four (a deck's slides are its parts)."""
    deck = ("# Motivation\n\nGridKV: Tiled KV Layouts — arxiv.org/abs/2609.01234v2\n\n- Padding wastes memory\n\n---\n\n"
            "# Method\n\n- Tiles of 64 tokens\n\n---\n\n# Results\n\n- 1.8x over the baseline\n\n---\n\n"
            "# Our take\n\n- Belongs in 2.1\n")
    assert _items(deck) == [(1, ("2609.01234",), "increment")]


def test_agenda_items_written_as_lines_open_topics():
    """Minutes whose topics are "Agenda item N — …" lines over bullets: one item per agenda line, each about the work it
    names; "outside the doc's scope unless we add a part" is the writer's no, and "revisit" is no revision."""
    minutes = ("# Lab meeting\n\nAttendees: A, B\n\n"
               "Agenda item 1 — GridKV, arXiv:2609.01234\n- A read it in full.\n- Action: A drafts a line for 2.1.\n\n"
               "Agenda item 2 — CoServe (2402.11111)\n- B: outside the doc's scope unless we add a co-serving part.\n"
               "- Action: none, revisit later.\n\n"
               "Agenda item 3 — budget\n- 300 GPU-hours left.\n")
    assert _items(minutes) == [(5, ("2609.01234",), "increment"), (9, ("2402.11111",), "low"), (13, (), "unknown")]


def test_a_note_of_generic_sections_about_the_paper_its_paper_field_names():
    """"# Notes" over "## What" / "## How" / "## So what", the paper only in a "Paper:" field at its foot and two other
    works compared with: one item about the paper, the others mentions."""
    note = ("# Notes\n\nRead sections 1-5.\n\n## What\n\nA deadline scheduler.\n\n## How\n\n- Preemptive.\n\n## So what\n\n"
            "Closer to deadlines than FastServe (2305.05920) or VTC [2401.00588]. Goes in 2.1.\n"
            "Paper: https://arxiv.org/abs/2604.22222v2\n")
    parts, _w = parse_note(note, "inbox/a/Deadline Scheduling For Tenants.md")
    assert [(i.line, i.works, i.mentions) for i in parts["items"]] == [(1, ("2604.22222",), ("2305.05920", "2401.00588"))]


def test_release_notes_under_version_headings_are_one_item_per_change():
    """"## vllm v0.19.1.post1" over changelog bullets: each bullet a change of its own (an item), the one naming a
    paper about it; "Flashinfer 0.2 pin" is noise like any other."""
    notes = ("# Release scan\n\n## vllm v0.19.1.post1\n- xgrammar becomes the default backend (#10234)\n"
             "- new sampler implementing GAD (https://arxiv.org/abs/2405.21047) (#10311)\n\n"
             "## sglang v0.6.3\n- flashinfer bumped to 0.2.14\n")
    assert [(ln, w) for ln, w, _r in _items(notes)] == [(4, ()), (5, ("2405.21047",)), (8, ())]


def test_paragraphs_that_open_with_a_works_name_are_topics_about_it():
    """A comparison in prose: "SplitKV (arXiv:…) does …", "Lean Decode (https://…) takes …", then "SplitKV chains …" and
    "Lean Decode still wins …": four topics, the last two about the works they open with (a two-word name is one)."""
    note = ("# SplitKV vs Lean Decode\n\nMy notes from the bench.\n\n"
            "SplitKV (arXiv:2604.33333) reduces partial states inside a cluster, one launch in all.\n"
            "It is 1.4x faster in our setting.\n\n"
            "Lean Decode (https://arxiv.org/pdf/2405.10480.pdf) gives each CTA an equal share of tiles.\n"
            "The fix-up uses atomics.\n\n"
            "SplitKV chains the states in rank order, so the result is the same every time.\n\n"
            "Lean Decode still wins past 128k for us, because SplitKV falls back to split-K.\n")
    assert [(ln, w) for ln, w, _r in _items(note)] == [
        (5, ("2604.33333",)), (8, ("2405.10480",)), (11, ("2604.33333",)), (13, ("2405.10480",))]


def test_a_digest_paragraph_opening_with_a_long_bold_title_and_a_comma():
    """"**A Long Question? A Longer Subtitle Of The Paper**, now at v2 (arxiv.org/abs/…)" opens a topic like the other
    bold-titled paragraphs, its identifier past the first hundred characters."""
    digest = ("# Weekly digest\n\n**GridKV: Tiled KV Layouts** (https://arxiv.org/pdf/2609.01234.pdf). Tiles of 64.\n\n"
              "**Does Tile Size Still Matter? Revisiting Tile Sizes for Paged Attention in Long-Context Serving**, now at v2\n"
              "(arxiv.org/abs/2603.17760v2). v2 adds Llama-3.\n\n**Infra**: the eval box moves on Monday.\n")
    assert [(ln, w) for ln, w, _r in _items(digest)] == [(3, ("2609.01234",)), (5, ("2603.17760",)), (8, ())]


def test_a_retro_lists_one_topic_per_bullet_and_places_with_sit_under():
    """"## Went well" / "## Didn't" of a retro hold one topic per bullet; "should sit under §2.1 Decode and might answer
    our problem" places it (the remark after the placement is no cross-reference)."""
    retro = ("# Retro\n\n## Went well\n- The harness is deterministic now.\n- Dashboards split P50 and P99.\n"
             "- The canary held the SLO.\n\n## Didn't\n- The upgrade broke our patch.\n\n## Papers\n"
             "- GridKV (https://arxiv.org/abs/2609.01234) — should sit under §2.1 Decode and might answer our problem.\n")
    assert _items(retro) == [(4, (), "unknown"), (5, (), "unknown"), (6, (), "unknown"), (9, (), "unknown"),
                             (11, ("2609.01234",), "increment")]
    assert [(r.key, r.role) for r in section_refs(
        "GridKV — should sit under §2.1 Decode and might answer our problem.")] == [("2.1", "suggest")]
    assert [(r.key, r.role) for r in section_refs("I'd fold this into 2.2 rather than 2.1.")][0] == ("2.2", "suggest")


def test_a_one_line_html_table_keeps_its_cells_apart():
    """"<table><tr><td>2401.09670</td><td>DistServe</td>…</tr></table>" on one line: a row whose cells stay apart
    ("2401.09670 | DistServe | …"), not "2401.09670DistServe…"; a lone row is no header."""
    parts, _w = parse_note("# Notes\n\n<table><tr><td>2401.09670</td><td>DistServe</td><td>7.4x more requests</td></tr></table>\n",
                           "inbox/a/n.md")
    assert [c.text for c in parts["claims"]] == ["2401.09670 | DistServe | 7.4x more requests"]


def test_a_card_headed_by_its_number_and_identifier_takes_its_title_field():
    """"# 1541 · 1706.03762" over "- **Title**: Attention Is All You Need": the item's title says which paper it is."""
    parts, _w = parse_note("# 1541 · 1706.03762\n\n- **Title**: Attention Is All You Need\n- **Card source**: abstract\n",
                           "organized/paper_cards/1541-1706-03762.md", "paper_card")
    assert [i.title for i in parts["items"]] == ["1541 · 1706.03762 · Attention Is All You Need"]


# --------------------------------------------------------------------------- evidence

def test_a_ledgers_source_column_and_a_bookmarks_tags_say_how_deep():
    """A ledger line's source: "paper §6.2" is the full text, "abstract of 2310.18547" the abstract, an author's talk and
    an issue tracker someone else's word; "not looked past the title" is unchecked; "#abstract-read" is the abstract;
    "nobody has read these end to end; chen went over the abstracts" is the abstract, not unchecked."""
    assert evidence_levels("GridKV gets 3.8x over the baseline — paper §6.2 — high") == ("full_text",)
    assert evidence_levels("SGMV adds 2 ms per token — abstract of 2310.18547 — high") == ("abstract_checked",)
    assert evidence_levels("p99 TTFT 1.7x lower — author's talk (slides not shared) — med") == ("second_hand",)
    assert evidence_levels("kernel code is under legal review — comment in the repo's issue tracker (#41)") == ("second_hand",)
    assert evidence_levels("Saved links: unless a tag says otherwise I have not looked past the title.") == ("unverified",)
    assert evidence_levels("- [GridKV](https://arxiv.org/abs/2609.01234) — tags: #kv #abstract-read") == ("abstract_checked",)
    assert evidence_levels("Nobody has read these end to end yet; chen went over the abstracts.") == ("abstract_checked",)
    assert evidence_levels("Nobody has read it.") == ("unverified",)


# --------------------------------------------------------------------------- figures and predicates

def test_figures_written_in_words_and_shares():
    """"cuts decode latency in half" is a 50 % cut; "多占 1/4 显存" a quarter more memory (not a cut to a quarter);
    "每轮平均可接受 3.8 个 token" an acceptance length (a count has no fraction); "mask overhead at 0.8 ms" is no bound
    ("over" inside "overhead"); "@ 6 req/s" is the setting, not the measure of the "−31%" after it."""
    assert _figs("it cuts decode latency in half") == [(50.0, "%", "latency", "down")]
    assert _figs("Vicuna-7B、batch 16 下会多占 1/4 显存") == [(25.0, "%", "memory", None)]
    assert _figs("EAGLE 每轮平均可接受 3.8 个 token") == [(3.8, "pt", "accepted_length", None)]
    assert [q.bound for q in find_figures("puts the per-token mask overhead at 0.8 ms")] == [None]
    assert _figs("P99 TTFT, ShareGPT @ 6 req/s: −31% vs vLLM FCFS") == [(31.0, "%", "latency", "down")]
    assert _figs("split the batch in half") == []


def test_a_later_clause_comparing_in_its_own_words_keeps_its_baseline():
    """"加速比 3.1x，比 Medusa 快不少": 3.1x is not over Medusa; "3.1x over Medusa" is."""
    assert [q.conditions for q in find_figures("Hydra++ 在 MT-Bench 上加速比 3.1x，比 Medusa 快不少")] == [("bench:mt-bench",)]
    assert "base:medusa" in find_figures("Hydra++ 在 MT-Bench 上比 Medusa 快 3.1x")[0].conditions


def test_what_a_phrase_says_without_the_verb():
    """"ships its own fused CUDA kernel" needs a kernel; "runs on stock PyTorch ops", "works with stock cuBLAS" and "builds
    no CUDA extension" need none; "dispenses with the rescaling step" drops what "the rescale is still there" keeps
    (the act and the thing are one: rescaling = rescale); "slightly distorts the output distribution" changes it."""
    assert predicates("It ships its own fused CUDA kernel for the shrink step") == ("+need:kernel",)
    assert "-need:kernel" in predicates("The batched path runs on stock PyTorch ops; setup.py builds no CUDA extension")
    assert predicates("works with stock cuBLAS") == ("-need:kernel",)
    assert predicates("It dispenses with the rescaling step altogether") == ("-use:~altogether+rescaling+step",)
    assert predicates("the rescale is still there in every tile, what goes away is the sync") == ("+use:~rescale",)
    assert "+modify:output_distribution" in predicates("their variant slightly distorts the output distribution")
    assert predicates("it does not change the sampled distribution") == ("-modify:output_distribution",)


def test_qualifiers_of_eagerness_and_determinism():
    """Eager ("precomputed eagerly before decoding starts") against lazy ("Lazily … nothing is indexed up front");
    deterministic ("reproducible run to run") against not ("the last bits wander between runs"); a scheduler's
    "drop-in SchedulerPolicy" says nothing of training."""
    assert qualifier_sides("the index is precomputed eagerly before decoding starts") == ("materialization:eager",)
    assert qualifier_sides("Lazily. States are expanded the first time decoding reaches them; nothing is indexed up front.") \
        == ("materialization:lazy",)
    assert qualifier_sides("bitwise reproducible run to run") == ("determinism:deterministic",)
    assert qualifier_sides("so the last couple of bits wander between runs") == ("determinism:nondeterministic",)
    assert qualifier_sides("a drop-in `SchedulerPolicy` for vLLM") == ()
    assert qualifier_sides("a drop-in replacement, no fine-tuning") == ("training:training_free",)


def test_a_capitalised_name_before_an_identifier():
    """"Hydra（https://arxiv.org/pdf/…" and "Medusa (arXiv:…)" name their works; "Also (arXiv:…)" names none."""
    assert alias_before("Hydra（https://arxiv.org/pdf/2402.05109v2.pdf）", 6) == "Hydra"
    assert alias_before("Medusa (arXiv:2401.10774)", 8) == "Medusa"
    assert alias_before("Also (arXiv:2401.10774)", 6) is None


# --------------------------------------------------------------------------- contradictions (whole stores)

def test_negations_phrased_without_not(tmp_path):
    """"ships its own fused CUDA kernel" against "runs on stock PyTorch ops"; "无需训练" against "草稿头要单独微调" (a
    fine-tuning is a training); "dispenses with the rescaling step" against "the rescale is still there"."""
    files = {
        "organized/knowledge/doc.md": DOC + "1. GridKV: Tiled KV Layouts. arXiv:2609.01234\n"
                                            "2. Medusa: Simple Heads. arXiv:2401.10774\n3. FastRescale. arXiv:2311.01282\n",
        "inbox/a/deck.md": "# GridKV (arXiv:2609.01234)\n\nGridKV ships its own fused CUDA kernel for the tiles.\n",
        "organized/repo_cards/0001-grid-kv.md": "# grid/kv\n\n- paper: arXiv:2609.01234\n\n"
                                                "The tiled path runs on stock PyTorch ops, no custom build.\n",
        "inbox/b/chat.md": "# 群聊\n\n[10:32] 李娜：Medusa（arXiv:2401.10774）主干冻结，即插即用，无需训练\n",
        "inbox/c/read.md": "# Medusa (arXiv:2401.10774)\n\nMedusa-1：主干冻结，草稿头要单独微调。\n",
        "inbox/d/r.md": "# FastRescale (arXiv:2311.01282)\n\nFastRescale dispenses with the rescaling step altogether.\n",
        "inbox/e/r.md": "# FastRescale (arXiv:2311.01282)\n\nIn FastRescale the rescale is still there in every tile.\n",
    }
    got = finding_places(tmp_path, files)
    assert ("negation", "arXiv:2609.01234", ["0001-grid-kv.md:5", "deck.md:3"]) in got
    assert ("negation", "arXiv:2401.10774", ["chat.md:3", "read.md:3"]) in got
    assert ("negation", "arXiv:2311.01282", ["r.md:3", "r.md:3"]) in got


def test_numbers_in_new_shapes_and_the_pairs_that_agree(tmp_path):
    """"cuts decode latency in half" against "1.4x faster decode" (the same setting); "80 µs" against "0.8 ms" of one
    per-token mask overhead; a perplexity row whose one column is the card's work against a note's value.  Not flagged:
    a note that names the other value and says what setting it is of; the baseline's own figure; two runs at
    different precisions (w4g128, w3g128)."""
    files = {
        "organized/knowledge/doc.md": DOC + "1. SplitKV. arXiv:2604.33333\n2. MaskFast. arXiv:2609.11873\n"
                                            "3. SALT: Lattice Rounding. arXiv:2609.04127\n4. FA3. arXiv:2407.08608\n",
        "inbox/a/read.md": "# SplitKV (arXiv:2604.33333)\n\nOn Llama-70B, batch 1, against Flash-Decoding: it cuts decode latency in half.\n",
        "inbox/b/cmp.md": "# SplitKV (arXiv:2604.33333)\n\nOn Llama-70B, batch 1, against Flash-Decoding their Table 3 gives 1.4x faster decode.\n",
        "organized/paper_cards/0961-2609-11873.md": "# MaskFast\n\n- arXiv: 2609.11873\n- Per-token mask overhead, JSON suite: 80 µs\n",
        "inbox/c/disc.md": "# MaskFast (arXiv:2609.11873)\n\nTheir table puts the per-token mask overhead at 0.8 ms on the JSON suite.\n",
        "organized/paper_cards/0512-2609-04127.md": "# SALT — Lattice Rounding\n\n- arXiv: 2609.04127\n\n## Numbers\n"
                                                    "| model | dataset | bits | SALT | GPTQ |\n|---|---|---|---|---|\n"
                                                    "| Llama-3-8B | wikitext2 | w3g128 | 7.58 | 8.19 |\n",
        "inbox/d/digest.md": "# Digest\n\nSALT (arXiv:2609.04127) on Llama-3-8B at w3g128 gets 7.12 wikitext2 perplexity.\n",
        "inbox/e/fa3.md": "# FA3 (arXiv:2407.08608)\n\nFA3 FP16 forward reaches up to 740 TFLOPs/s on H100.\n",
        "inbox/f/fa3.md": "# FA3 (arXiv:2407.08608)\n\nAt head dim 64 the FP16 forward tops out around 500 TFLOPs/s, "
                          "so the 740 headline is a head-dim-256 figure.\n",
        "inbox/g/sched.md": "# SplitKV (arXiv:2604.33333)\n\n- For scale: the FCFS baseline itself sits at P99 TTFT 2.9 s on ShareGPT.\n",
        "inbox/h/sched.md": "# SplitKV (arXiv:2604.33333)\n\n- P99 TTFT of SplitKV on ShareGPT: 2.0 s.\n",
    }
    got = finding_places(tmp_path, files)
    numbers = sorted((s, p) for k, s, p in got if k == "number")
    assert numbers == [("arXiv:2604.33333", ["cmp.md:3", "read.md:3"]),
                       ("arXiv:2609.04127", ["0512-2609-04127.md:8", "digest.md:3"]),
                       ("arXiv:2609.11873", ["0961-2609-11873.md:4", "disc.md:3"])]


def test_a_first_version_and_a_comparison_name_the_work_measured(tmp_path):
    """"Medusa-1（…）显存开销增加 15%" is Medusa's (not the EAGLE a later sentence names), against "多占 1/4 显存" on its repo
    card; "Hydra++ … 提速 2.5 倍，比 Medusa 再快" measures Hydra, against "加速比 3.1x"."""
    files = {
        "organized/knowledge/doc.md": ("# 推测解码\n\n最近修订：2027-10-31\n\n## 第4章 显存\n\n"
                                       "Medusa [1]：在最后一层挂多个头。\n\n"
                                       "Medusa-1（Vicuna-7B，batch 16）显存开销增加 15%。EAGLE 系草稿头要维护自己那一层的 KV。\n\n"
                                       "## 参考文献\n\n[1] Medusa: Simple Heads. arXiv:2401.10774\n[2] EAGLE. arXiv:2401.15077\n"),
        "organized/repo_cards/0231-medusa.md": "# FasterDecoding/Medusa\n\n- paper: arXiv:2401.10774\n- FAQ：Vicuna-7B、batch 16 下会多占 1/4 显存。\n",
        "inbox/a/review.md": ("# 综述\n\nHydra（https://arxiv.org/pdf/2402.05109v2.pdf）让头之间顺序依赖。\n"
                              "摘要里说 Hydra++ 在 Vicuna-7B / MT-Bench 上提速 2.5 倍，比 Medusa 再快 1.3 倍左右。\n"),
        "inbox/b/chat.md": "# 群聊\n\n[10:07] 张伟：据说 Hydra（arXiv:2402.05109）在 Vicuna-7B、MT-Bench 上加速比 3.1x，比 Medusa 快不少\n",
    }
    got = finding_places(tmp_path, files)
    numbers = sorted((s, p) for k, s, p in got if k == "number")
    assert numbers == [("arXiv:2401.10774", ["0231-medusa.md:4", "doc.md:9"]),
                       ("arXiv:2402.05109", ["chat.md:3", "review.md:4"])]


def test_a_version_change_written_in_a_hard_wrapped_paragraph(tmp_path):
    """A digest hard-wrapped at 120 columns ("… at 3 bits g64 beats" / "g128 by 0.31 …") is one statement: v2's change
    set against a note that reports v1's finding."""
    wrapped = ("# Digest\n\n**Does Group Size Still Matter? Revisiting Group Scales for Low-bit Weight Quantization**, now at v2\n"
               "(arxiv.org/abs/2603.17760v2). v1 was OPT-only; v2 adds Llama-3-8B and the conclusion changes: at 3 bits g64 beats\n"
               "g128 by 0.31 wikitext2 ppl on Llama-3-8B, and the abstract sentence is now restricted to OPT.\n")
    files = {"organized/knowledge/doc.md": DOC + "1. Group Scales. arXiv:2603.17760\n",
             "inbox/a/digest.md": wrapped,
             "inbox/b/til.md": "# TIL\n\n2027-11-03 10:20 — [2603.17760] v1 只在 OPT 上做了实验，结论是 3-bit 时 g64 和 g128 差不到 0.05 ppl。\n"}
    got = finding_places(tmp_path, files)
    assert ("version", "arXiv:2603.17760", ["digest.md:3", "til.md:3"]) in got


def test_follow_up_questions_in_a_block_stay_with_the_work_its_first_question_names():
    """A Q&A note to oneself in blocks, each block's first "**Q:**" naming a paper and its follow-ups ("Still lazy?",
    "Worth adding?") naming none: one item per block, about its paper."""
    qa = ("# Q&A to myself\n\n"
          "**Q:** GridKV (arxiv.org/abs/2609.01234v3): what changed since v1?\n**A:** v3 adds a JSON front end.\n"
          "**Q:** Still lazy?\n**A:** Yes, masks are built on first visit.\n\n"
          "**Q:** TileBridge [2610.07734]: what is it?\n**A:** Character-level constraints.\n"
          "**Q:** Worth adding?\n**A:** Probably a bullet in 2.1.\n")
    assert [(ln, w) for ln, w, _r in _items(qa)] == [(3, ("2609.01234",)), (8, ("2610.07734",))]


# --------------------------------------------------------------------------- second round (t209-t212)

def test_second_round_figures_sizes_rates_and_benchmarks():
    """`2900 MiB` is 2.83 GB (as "GB" is written for GiB) and a size in bytes is a memory whatever setting word stands
    nearer; `1.2 万 tok/s` and `12K tokens/s` are 12,000 tokens/s; `NIAH at 128K = 96.0%` is an accuracy on the needle
    benchmark; a copula before a bare value takes the clause's measure; `平均 JCT` is the mean."""
    assert [(round(q.value, 3), q.unit, q.metric) for q in find_figures("the KIVI-2 baseline at 2900 MiB")] == [(2.832, "GB", "memory")]
    assert [(q.value, q.metric) for q in find_figures("at 128K, batch one: 2.7 GB of KV")] == [(2.7, "memory")]
    assert [(q.value, q.unit) for q in find_figures("解码吞吐 1.2 万 tok/s")] == [(12000.0, "tok/s")]
    assert [(q.value, q.unit) for q in find_figures("serves 12K tokens/s")] == [(12000.0, "tok/s")]
    got = find_figures("Tab. 3: NIAH at 128K = 96.0% on Llama-3.1-8B")
    assert [(q.value, q.metric, "bench:needle" in q.conditions) for q in got] == [(96.0, "accuracy", True)]
    assert [(q.value, q.metric) for q in find_figures("LongBench avg drop for 2-bit keys is now 2.4")] == [(2.4, "accuracy")]
    assert "percentile:mean" in find_figures("ShareGPT 上平均 JCT 降 2.4×")[0].conditions


def test_second_round_predicates_and_qualifiers():
    """A plug-in leaves the engine unmodified, which `需要修改推理框架` states; the output distribution unchanged against
    changed; `nothing to fine-tune` denies it; `Nothing to change in 4.2` is about our document; static `input-independent`
    against `re-decided for every prompt`; `逐层预加载` against `一次性从 SSD 读回`, a fetch baseline's words no side."""
    assert predicates("以插件形式接入、不改 vLLM 代码") == ("-modify:serving_engine",)
    assert "+modify:serving_engine" in predicates("需要修改推理框架，作者改了 vLLM 的 block manager")
    assert predicates("the output distribution is unchanged") == ("-modify:output_distribution",)
    assert predicates("it slightly changes the output distribution") == ("+modify:output_distribution",)
    assert predicates("Training-free: nothing to fine-tune.") == ("-fine_tune:", "-need:training", "-train:")
    assert predicates("It adds a new model. Nothing to change in 4.2.") == ("+add:model",)
    assert qualifier_sides("at inference it is fixed and input-independent") == ("dynamic:static",)
    assert qualifier_sides("the role of each head is re-decided for every prompt at run time") == ("dynamic:dynamic",)
    assert qualifier_sides("用逐层预加载，让读写和计算重叠") == ("kv_transfer_granularity:layerwise",)
    assert qualifier_sides("先把全部历史 KV 一次性从 SSD 读回 HBM") == ("kv_transfer_granularity:whole",)
    assert qualifier_sides("1.9–2.1× that of a synchronous layer-by-layer fetch baseline") == ()


def test_second_round_items_and_evidence():
    """Bare `[x]` / `[ ]` task lines with an indented verdict under each are entries; a checklist's `**Today**` /
    `**Later**` hold one topic per entry; a triage table's `✗ skip` and `? later` cells are the writer's no; evidence:
    cards copied from, `None of it re-checked`, the speakers said, `全文重读（不是只看摘要）`, release notes' own words."""
    queue = ("reading queue\n\n[x] GridKV — arxiv.org/abs/2609.01234v2 — why: the 2.1 gap\n    verdict: abstract only. Slot it into 2.1.\n"
             "[ ] TileBridge — arXiv:2610.07734 — why: maybe 2.1\n")
    assert [(ln, w) for ln, w, _r in _items(queue)] == [(3, ("2609.01234",)), (5, ("2610.07734",))]
    checklist = ("# checklist\n\n**Today**\n\n- [x] GridKV (arXiv:2609.01234) read in full.\n- [x] config checked.\n"
                 "- [x] TileBridge (arXiv:2610.07734) abstract only.\n\n**Later**\n\n- [ ] ask facilities for the map.\n"
                 "- [ ] MagicKV (arXiv:2408.11049) re-read.\n")
    assert [ln for ln, _w, _r in _items(checklist)] == [5, 6, 7, 11, 12]
    triage = ("# Triage\n\n| ID | Title | Verdict | Why |\n|---|---|---|---|\n"
              "| 2609.01234 | GridKV | ✓ read | whole PDF, goes to 2.1 |\n| 2608.05126 | Drafters | ? later | abstract only |\n"
              "| 2612.01377 | Kernels | ✗ skip | abstract only |\n")
    assert [r for _ln, _w, r in _items(triage)] == ["increment", "low", "low"]
    assert evidence_levels("All the answers are copied over from our paper cards. None of it re-checked against the PDFs.") \
        == ("card_only",)
    assert evidence_levels("Everything below is what the speakers said on stage or put on slides.") == ("second_hand",)
    assert evidence_levels("v1 had run with a window they never mentioned.") == ()
    assert evidence_levels("KVQuant §3.1 全文重读（不是只看摘要）") == ("full_text",)
    assert evidence_levels("v0.11.2 release notes 里自己这么写的，我没实际跑。") == ("vendor_self_reported",)


def test_second_round_contradictions_and_what_settles_them(tmp_path):
    """`约 3.2 GB` against `2900 MiB` in a sentence that says `same model, same 128K context`; `1.2 万 tok/s` against
    `9800 tok/s`; a plug-in against `需要修改推理框架`. Not flagged: `2.7 GB of KV vs 17.2 GB in FP16` (the value after `vs`
    is the compared one); a baseline row's score; our own run on other hardware that the writer says is no failed repro."""
    files = {
        "organized/knowledge/doc.md": ("# KV\n\nLast revised 2027-11-01\n\n## 2 Memory\n\n"
                                       "- KIVI-2 [1]（Llama-3.1-8B，128K，batch 1）约 3.2 GB。\n"
                                       "- TierKV [2]：8×H100、Llama-3.1-70B、32K 上下文、batch 64 时解码吞吐 1.2 万 tok/s。\n\n"
                                       "## References\n\n1. KIVI. arXiv:2402.02750\n2. TierKV. arXiv:2602.13391\n"
                                       "3. ChanKV. arXiv:2606.01942\n4. PrefetchKV. arXiv:2609.14327\n"),
        "inbox/a/club.md": ("# Club\n\n[00:03:20] Priya: ChanKV (arXiv:2606.01942) on Llama-3.1-8B at 128K, batch one: 2.7 GB of KV vs "
                            "17.2 GB in FP16. Their Table 4 also lists the KIVI-2 baseline at 2900 MiB, same model, same 128K context.\n"),
        "organized/paper_cards/0583-2606-01942.md": "# ChanKV\n\n- arXiv: 2606.01942\n- KV memory at 128K context, batch 1: 2.7 GB vs 17.2 GB in FP16.\n",
        "inbox/b/read.md": "# TierKV（arXiv:2602.13391）\n\n- Table 4：8×H100、Llama-3.1-70B、32K 上下文、batch 64，解码吞吐 9800 tok/s。\n",
        "inbox/c/read.md": "# PrefetchKV (arXiv:2609.14327)\n\n- 工程代价：需要修改推理框架，作者改了 vLLM 的 block manager。\n",
        "organized/repo_cards/0412-prefetchkv.md": "# kvlab/prefetchkv\n\n- paper: arXiv:2609.14327\n\n以插件形式接入、不改 vLLM 代码。\n",
    }
    got = finding_places(tmp_path, files)
    assert sorted((k, s) for k, s, _p in got) == [("negation", "arXiv:2609.14327"), ("number", "arXiv:2402.02750"),
                                                 ("number", "arXiv:2602.13391")]


def test_third_round_cues_and_the_fresh_users_findings():
    """Hopper needed (`需要 Hopper 架构`) against `Also runs on Ampere`; `never drops a token permanently` (recallable, by the
    negation) against `evicted tokens are gone for good`; `what the host said on stream` is someone else's word; `第 4 条` is an
    entry's number, no section; a K cache and a V cache are not one figure."""
    assert predicates("需要 Hopper 架构（sm90a）") == ("+need:architecture,hopper",)
    assert "-need:hopper" in predicates("Also runs on Ampere (A100, A10G) with the sm80 build")
    assert qualifier_sides("It never drops a token permanently; the budget only bounds what is resident.") \
        == ("eviction_permanence:recallable",)
    assert qualifier_sides("evicted tokens are gone for good there is no recall path") == ("eviction_permanence:permanent",)
    assert evidence_levels("these are my notes of what the host said on stream") == ("second_hand",)
    assert [(r.key, r.role) for r in section_refs("已并入 critical read 第 4 条")] == []
    assert [(r.key, r.role) for r in section_refs("放进第四章")] == [("4", "suggest")]
    k = find_figures("the key cache goes from 8 GiB to 2.0 GiB")
    v = find_figures("V cache 1.0 GiB @32k")
    assert "kvpart:key" in k[0].conditions and "kvpart:value" in v[0].conditions


def test_a_brief_lists_a_material_whose_file_name_is_chinese():
    """The fresh user's finding: provkg's own brief lists `inbox/li/2026-12-08-随记.md` as consumed, and reading the brief back
    found no such path (file names were ASCII only), so `audit-brief` reported it not consumed; a prefix with no slash
    (`对照organized/k.md`) still stays out of the path."""
    from ingest.brief import find_paths
    assert [p for p, _s, _e in find_paths("检查过的来源：`inbox/li/2026-12-08-随记.md`、对照organized/k.md")] == [
        "inbox/li/2026-12-08-随记.md", "organized/k.md"]
