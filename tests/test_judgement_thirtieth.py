"""The thirtieth stop's rules (docs/FORMAT.md §5, §7): conflicts found from what the writer says rather than from the
field's vocabulary, so that they hold on subfields no shift taught.

* A note that says the living document is wrong somewhere ("our doc gets this wrong", "§7.2 写反了，要改") flags a conflict
  with the document's statement it quotes or shares most words with, whatever words the two use.
* A statement that denies what another file says the work does, in the same words ("does not carry the KV cache over" /
  "migrates the in-flight KV cache"), is a negation even when no predicate of the lexicon names the act.
* A critical read whose title names its paper by the coined name its head line gives it, not by identifier, is one read.

Each test writes the shape of text on a subfield of our own and asserts the values it now gives, with the readings
that must not change beside it.
"""
from __future__ import annotations

from pathlib import Path

from conftest import finding_places

_DOC = ("# Adapter serving\n\nOwner: R. Osei — updated 2028-08-01\n\n## 5 Multi-adapter serving\n\n### 5.2 Memory\n\n"
        "- LoomServe (arXiv:2607.04411) keeps every adapter resident in HBM for the whole run, so a cold adapter never waits on PCIe.\n"
        "- LoomServe schedules prefill of new adapters in a separate queue.\n"
        "- RelayKV (arXiv:2607.05512) carries the live KV cache over to a fresh replica when a spot instance is reclaimed.\n"
        "- RelayKV keeps cold KV pages in host DRAM, and admits a request only if its prefill fits the token budget.\n")


def test_a_note_saying_the_document_is_wrong_flags_the_line_it_means(tmp_path: Path):
    """"§5.2 is wrong about LoomServe" names no predicate the lexicon knows ("resident" / "evicted"), yet the writer says
    the document disagrees: the finding pairs the note's line with the document's line it shares most words with."""
    note = ("# Reads, week 31\n\n"
            "- LoomServe (2607.04411): §5.2 is wrong here, adapters are evicted to host memory under pressure and "
            "paged back over PCIe when a request needs them (Sec. 4.1).\n"
            "- LoomServe's prefill queue is exactly as §5.2 describes it.\n")
    places = finding_places(tmp_path, {"organized/knowledge/adapters.md": _DOC, "inbox/ana/reads-w31.md": note})
    assert [p for p in places if p[1] == "arXiv:2607.04411"] == \
        [("negation", "arXiv:2607.04411", ["adapters.md:9", "reads-w31.md:3"])]


def test_a_quoted_phrase_picks_the_documents_line_and_no_flag_without_a_wrong():
    """A Chinese note quoting the document's words (「整个运行期都常驻显存」) and saying 写反了 pairs with the line holding
    them; a note that points at the document without saying it is wrong ("文档 §5.2 已经写了") flags nothing."""
    import tempfile

    flagged = "- LoomServe（2607.04411）：文档 §5.2 说 adapter「整个运行期都常驻显存」，写反了，显存紧张时会换出到内存。\n"
    doc = _DOC.replace("keeps every adapter resident in HBM for the whole run", "adapter 整个运行期都常驻显存")
    with tempfile.TemporaryDirectory() as d:
        places = finding_places(Path(d), {"organized/knowledge/adapters.md": doc, "inbox/li/0801.md": "# 随手记\n\n" + flagged})
    assert [p for p in places if p[1] == "arXiv:2607.04411"] == [("negation", "arXiv:2607.04411", ["0801.md:3", "adapters.md:9"])]
    with tempfile.TemporaryDirectory() as d:
        calm = "# 随手记\n\n- LoomServe（2607.04411）：文档 §5.2 已经写了它的调度队列，这次没有新东西。\n"
        assert finding_places(Path(d), {"organized/knowledge/adapters.md": doc, "inbox/li/0801.md": calm}) == []


def test_a_denial_in_other_words_than_the_lexicons_is_a_negation(tmp_path: Path):
    """"never carries the KV cache across replicas" against "carries the live KV cache over to a fresh replica": a verb
    no predicate of the lexicon names, the same things named, one side denied."""
    note = "# Spot serving reads\n\n- RelayKV (2607.05512) never carries the KV cache across replicas; requests restart from the prompt.\n"
    places = finding_places(tmp_path, {"organized/knowledge/adapters.md": _DOC, "inbox/ana/spot.md": note})
    assert places == [("negation", "arXiv:2607.05512", ["adapters.md:11", "spot.md:3"])]


def test_denials_that_say_nothing_of_the_work(tmp_path: Path):
    """The writer's own ("I haven't checked whether it moves the KV cache"), an instruction ("Do not move the KV cache
    …"), a baseline described in a comparison ("vs. a replica that does not move the KV cache") and a condition ("when
    its prefill does not fit") deny nothing the work does; "never leave host DRAM" says what "keeps … in host DRAM"
    says (the act denied, leaving, is not the act stated)."""
    note = ("# Spot serving reads\n\n"
            "- RelayKV (2607.05512): I haven't checked whether it moves the live KV cache to a fresh replica.\n"
            "- RelayKV: Do not move the live KV cache to a fresh replica in our eval cluster.\n"
            "- RelayKV cuts restart cost by 3x vs. a replica that does not move the live KV cache.\n"
            "- RelayKV: cold KV pages never leave host DRAM.\n"
            "- RelayKV defers a request by one iteration when its prefill does not fit the token budget.\n")
    assert finding_places(tmp_path, {"organized/knowledge/adapters.md": _DOC, "inbox/ana/spot.md": note}) == []


def test_a_critical_read_titled_by_its_papers_coined_name_is_one_read():
    """"# PolyGraph — critical read (Ruth)" over 'Paper: "PolyGraph: …", arxiv.org/abs/…' and sections in the writer's own
    words, two of which name other works (the attention library it keeps, two systems it doubts): one read of the
    paper, so its headline figure is the paper's, not vLLM's (its baseline)."""
    from ingest.notes import parse_note

    read = ("# WarpCap — critical read (Ruth, 2028-07-29)\n\n"
            'Paper: "WarpCap: One Graph for Every Batch", arxiv.org/abs/2605.08813v2\n'
            "How I read it: cover to cover, appendices included. I did not run the artifact.\n\n"
            "## The claim, compressed\n\nOne captured graph serves every batch size from 1 to 256 without padding.\n\n"
            "## How it stays safe\n\nThe trick needs kernels whose grid can shrink; it keeps FlashInfer (arXiv:2501.01005) for attention.\n\n"
            "## What the numbers say\n\n- 1.6× lower TPOT than vLLM with CUDA graphs on, Llama-3.1-8B on H100.\n"
            "- Past batch 128 the gap shrinks to about 1.05×.\n\n"
            "## Where I'm not convinced\n\n1. The baseline keeps vLLM's default capture list; a denser list would remove most padding.\n"
            "2. Symbolic-shape compilers get little room: Relax (arXiv:2311.02103) one paragraph, SGLang (2312.07104) a footnote.\n\n"
            "## Placement\n\nOne bullet in §11.1, after the capture-list bullet.\n")
    parts, _w = parse_note(read, path="inbox/ruth/warpcap.md", kind="note")
    assert [(it.line, it.works) for it in parts["items"]] == [(1, ("2605.08813",))]
    assert parts["items"][0].title.startswith("WarpCap")


def test_readings_of_the_fields_own_words():
    """Generic readings the blind rounds of this stop showed missing, each on words of our own: a rise "from X to Y" is a
    change (the second value stated), not a range; "降约 45%" is a cut; "六成多" is at least 60 %; a model named with its
    size ("InternVL2-26B") is a model setting; a benchmark with its year ("AIME24") names the figure's benchmark; pruning
    "after layer 2" is the method's setting, not a per-layer figure."""
    from ingest.facts import find_figures

    def figs(t):
        return [(q.raw, q.metric, q.conditions, q.direction, q.bound) for q in find_figures(t)]

    assert figs("Budget forcing lifts Qwen-32B on AIME24 from 50% to 57%.") == \
        [("57%", "accuracy", ("bench:aime24", "model:qwen-32b", "msize:32b"), None, None)]
    assert figs("evaluated from 2K to 32K tokens")[0][0] == "2K to 32K"  # (a sweep stays a range)
    assert figs("FLOPs 降约 45%") == [("45%", "compute", (), "down", None)]
    assert figs("FLOPs 能省六成多") == [("六成", "compute", (), "down", "min")]
    assert figs("InternVL2-26B: TTFT 1.2 s")[0][2] == ("latkind:ttft", "model:internvl2-26b", "msize:26b")
    assert figs("第 2 层之后剪掉一半视觉 token，FLOPs 省 40%")[0][2] == ("from_layer:2",)
    assert figs("第 5、6 层的 KV 压缩 4 倍")[0][2] == ("layer:5、6",)  # (a figure of some layers stays theirs)


def test_a_claim_pitched_as_lossless_and_disputed_is_lossy():
    """"The abstract sells it as lossless, but strictly it isn't: … an approximation" says the method is lossy ("sells it
    as" attributes the word to another, as "calls it" did)."""
    from ingest.facts import qualifier_sides

    assert qualifier_sides("The abstract sells it as lossless, but strictly it isn't: the output is an approximation.") == \
        ("fidelity:lossy",)
    assert qualifier_sides("The abstract says the method is lossless.") == ("fidelity:lossless",)


def test_a_cards_version_field_and_a_now_supported_change(tmp_path: Path):
    """A card's ``v3_change: "recursive $ref is now supported …; the v1 compiler refused recursive schemas"`` is v3's
    statement (the v1 it names says what changed), and "is now supported" is a change: set against the document's v1
    statement that recursive schemas are rejected, not its table row on the same work."""
    doc = ("# Constrained decoding\n\nMaintainer: O. A. · last edit 2028-08-01\n\n## 12 Grammar engines\n\n"
           "| System | Input | Masks |\n|---|---|---|\n| DeepMask [3] | JSON schema | pushdown mask tables |\n\n"
           "- DeepMask (arXiv:2604.09921v1) compiles JSON schemas to masks. Limitation: it only handles non-recursive schemas; "
           "a recursive `$ref` schema is rejected at compile time [3].\n\n## Sources\n\n[3] A. B. DeepMask. arXiv:2604.09921v1.\n")
    card = ("---\nid: arXiv:2604.09921v3\ntitle: \"DeepMask\"\n"
            "v3_change: \"recursive $ref is now supported through a bounded stack; the v1 compiler refused recursive schemas\"\n---\n")
    places = finding_places(tmp_path, {"organized/knowledge/cd.md": doc, "organized/paper_cards/0612-2604-09921.md": card})
    assert ("version", "arXiv:2604.09921", ["0612-2604-09921.md:4", "cd.md:11"]) in places


def test_a_footnote_mark_before_a_colon_cites_its_work(tmp_path: Path):
    """"- s1[^6]: SFT on s1K … takes it on AIME24 from 50% to 57%" cites footnote 6 (only a line's own "[^6]:" defines
    one), so its figure is the work's and meets a note's 62 %."""
    doc = ("# Reasoning\n\nOwner: S. Y.\n\n## 13 Test-time compute\n\n"
           "- R1-style models[^5] produce 8k-20k thinking tokens on AIME-level prompts.\n"
           "- s1[^6]: budget forcing lifts s1-32B on AIME24 from 50% to 57%.\n\n## Notes\n\n"
           "[^5]: DeepSeek-R1: Incentivizing Reasoning Capability in LLMs via Reinforcement Learning — arXiv:2501.12948\n"
           "[^6]: s1: Simple test-time scaling — arXiv:2501.19393\n")
    note = "# Week\n\n- s1 (arXiv:2501.19393): 据说 budget forcing 把 s1-32B 在 AIME24 上从 50% 拉到了 62%。\n"
    places = finding_places(tmp_path, {"organized/knowledge/r.md": doc, "inbox/lan/week.md": note})
    assert [p for p in places if p[0] == "number"] == [("number", "arXiv:2501.19393", ["r.md:8", "week.md:3"])]


def test_evidence_from_pdf_annotations_and_a_notes_opening():
    """A Zotero annotation on page 5 of the PDF was made in the full text (one on page 1 says nothing of depth); "Mostly
    abstracts this round" is the abstract."""
    from conftest import evidence_levels

    assert "full_text" in evidence_levels("“Conductor picks the prefill instance …” ([Qin et al., 2024, p. 5]"
                                          "(zotero://open-pdf/library/items/8KQ3N2VD?page=5&annotation=C8KD3NQS))")
    assert "full_text" not in evidence_levels("“We present X.” ([Qin et al., 2024, p. 1](zotero://open-pdf/library/items/8KQ?page=1))")
    assert evidence_levels("Sven. Mostly abstracts this round; where I read more I say so.") == ("abstract_checked",)


def test_a_run_in_where_label_names_the_section():
    """"**Where.** §14.1, under “Transfer details”" on a card is the writer's suggestion."""
    from ingest.notes import parse_note

    card = "# TierKV card\n\narXiv:2603.14410\n\n**Where.** §14.1, under \"Transfer details\", next to layer-wise pipelining.\n"
    parts, _w = parse_note(card, path="organized/paper_cards/0731-2603-14410.md", kind="paper_card")
    assert any("14.1" in it.sections for it in parts["items"])


def test_a_share_is_measured_by_what_it_is_a_share_of():
    """"recovers 6.4% of prompt tokens" and "只能恢复 3.1% 的 prompt token" measure the same share whatever the subfield calls
    it (no lexicon measure names a privacy leak); a share whose measure the lexicon names keeps it."""
    from ingest.facts import find_figures

    assert [(q.metric, q.explicit) for q in find_figures("their strongest attack recovers 6.4% of prompt tokens (Table 2).")] == \
        [("share:prompt+token", True)]
    assert [q.metric for q in find_figures("最强的反演攻击只能恢复 3.1% 的 prompt token（表 2）。")] == ["share:prompt+token"]
    assert [q.metric for q in find_figures("skips 38% of layers on average")] == ["layers"]
    assert [q.metric for q in find_figures("覆盖 60% 的请求")] == ["requests"]


def test_a_chinese_verb_that_cannot_be_done_is_denied_and_a_bound_is_not():
    """"回复中途插话是打断不了的" denies interrupting (the verb before 不了); "掉分不到 1 个点" is a bound, no inability."""
    from queries.contradictions import _denied_spans

    text = "这一版还是轮次制，回复中途插话是打断不了的"
    assert [(text[a:b], act) for a, b, act in _denied_spans(text)] == [("回复中途插话是打断", "打断")]
    assert _denied_spans("LongBench 平均掉分不到 1 个点") == []
    assert _denied_spans("按重要性剪掉 CoT 中不重要的 token") == []  # (an adjective denied, no act)


def test_titles_written_after_the_authors_or_after_a_spaced_hyphen():
    """"[Li23] Z. Li, L. Zheng, Y. Zhong et al., AlpaServe: Statistical …, arXiv:2302.11665" gives its title (an author-year
    key, the authors, then the title); so does a note's "1. 2302.11665 - AlpaServe: Elastic … Autoscaling. Looked again …",
    so the two titles of one identifier are set against each other."""
    from ingest.living_doc import reference_title
    from ingest.notes import written_title

    assert reference_title("- [Li23] Z. Li, L. Zheng, Y. Zhong et al., AlpaServe: Statistical Multiplexing with Model "
                           "Parallelism for Deep Learning Serving, arXiv:2302.11665") == \
        "AlpaServe: Statistical Multiplexing with Model Parallelism for Deep Learning Serving"
    line = "1. 2302.11665 - AlpaServe: Elastic Model-Parallel Serving with Burst-Aware Autoscaling. Looked again because Dana asked."
    k = line.index("2302")
    assert written_title(line, k, k + 10) == "AlpaServe: Elastic Model-Parallel Serving with Burst-Aware Autoscaling"
    line = "- 2302.11665 - fine, nothing new there."
    assert written_title(line, 2, 12) is None  # (a remark after the hyphen is no title)


def test_the_document_says_one_thing_but_the_paper_another(tmp_path: Path):
    """The most natural way to write a correction (the last fresh user's): "The doc says … 1,000x, but the abstract says 10,000
    times", "活文档 §2.1 写 … 3 倍，但论文摘要写的是 5 倍", "活文档 §3 说…，这与论文相反" (a Chinese note against an English
    document: the section named holds the document's one statement of the work); "The doc says 2x and the paper says 2x
    too" flags nothing."""
    doc = ("# Fine-tuning and architectures\n\nOwner: K. — updated 2026-11-20\n\n## 1 Adapters\n\n"
           "- LoRA (arXiv:2106.09685) cuts trainable parameters by 1,000x against full fine-tuning of GPT-3 175B.\n\n"
           "## 2 Sequence models\n\n- Mamba has 3x higher inference throughput than Transformers (arXiv:2312.00752).\n\n"
           "## 3 Scaling\n\n- Chinchilla: for compute-optimal training model size should grow faster than tokens (arXiv:2203.15556).\n")
    note = ("# Re-reads\n\n"
            "- LoRA (2106.09685): The doc says LoRA cuts trainable parameters by 1,000x, but the abstract says 10,000 times.\n"
            "- Mamba（2312.00752）：活文档 §2.1 写 Mamba 推理吞吐是 Transformer 的 3 倍，但论文摘要写的是 5 倍。\n"
            "- Chinchilla（2203.15556）：活文档 §3 说模型规模应比数据增长得更快，这与论文相反。\n")
    places = finding_places(tmp_path, {"organized/knowledge/ft.md": doc, "inbox/wei/rereads.md": note})
    assert sorted(p[1:] for p in places) == [
        ("arXiv:2106.09685", ["ft.md:7", "rereads.md:3"]), ("arXiv:2203.15556", ["ft.md:15", "rereads.md:5"]),
        ("arXiv:2312.00752", ["ft.md:11", "rereads.md:4"])]


def test_agreeing_with_the_document_flags_nothing(tmp_path: Path):
    """"The doc says 3x and the paper says 3x too", "跟文档里写的一致，没什么要改的": no flag."""
    doc = ("# Sequence models\n\nOwner: K.\n\n## 2 Sequence models\n\n"
           "- Mamba has 3x higher inference throughput than Transformers (arXiv:2312.00752).\n")
    note = ("# Re-reads\n\n- Mamba (2312.00752): The doc says 3x and the paper says 3x too.\n"
            "- Mamba（2312.00752）：全文读过，跟文档里写的一致，没什么要改的。\n")
    assert finding_places(tmp_path, {"organized/knowledge/seq.md": doc, "inbox/wei/rereads.md": note}) == []


def test_a_cut_in_trainable_parameters_is_no_speedup():
    """"cuts trainable parameters by 1,000x" was a speed-up (the default measure of a bare ratio)."""
    from ingest.facts import find_figures

    assert [q.metric for q in find_figures("LoRA cuts trainable parameters by 1,000x against full fine-tuning")] == ["params"]
    assert [q.metric for q in find_figures("LoRA 把可训练参数量减少 10000 倍")] == ["params"]
    assert [q.metric for q in find_figures("7B model: 2.1x faster decoding")] == ["speedup"]


def test_a_read_listing_its_relations_to_other_works_stays_one_read():
    """"## Against what we already cite" over "- Complements VTC (2401.00588) rather than competing with it", "- Plays fine with
    Sarathi-Serve style chunking (2403.02310)" compares the read's paper with them (the twenty-ninth stop's "opens on another
    work" split such a list into three topics; a section whose paragraph opens on another work, t35's "Medusa (…) is the
    baseline.", still opens that work's topic, as the judgement bench checks)."""
    from ingest.notes import parse_note

    head = ("# Critical read: cost-aware preemption (2603.14527)\n\n"
            "Paper: *Preempt Less, Serve More* — https://arxiv.org/pdf/2603.14527v2.pdf\nHow far I went: the complete v2 PDF.\n\n"
            "## The pitch in two lines\n\nPreemption mode should be chosen per victim by expected SLO damage.\n\n"
            "## Numbers they report\n\n- 38% fewer SLO violations than vLLM's recompute default.\n\n")
    listed = head + ("## Against what we already cite\n\n"
                     "- Complements VTC (2401.00588) rather than competing with it: VTC picks whom to serve.\n"
                     "- Plays fine with Sarathi-Serve style chunking (2403.02310).\n\n## Where it goes\n\n5.1, as the first such paper.\n")
    parts, _w = parse_note(listed, path="inbox/ravi/crit.md", kind="note")
    assert [(it.line, it.works) for it in parts["items"]] == [(1, ("2603.14527",))]


def test_nothing_wrong_in_a_section_flags_nothing(tmp_path: Path):
    """"Nothing in §3.3 is wrong; maybe add one sentence there" says the document is right (the dot of "§3.3" ended the
    look-back for the denial)."""
    doc = ("# Quantization\n\nOwner: T.\n\n## 3 Weights\n\n### 3.3 Activation-aware\n\n"
           "- AWQ (arXiv:2306.00978) protects the ~1% salient weight channels through per-channel scaling.\n")
    note = ("# Reading group\n\nAWQ (arXiv:2306.00978): the scaling gain is largest at INT3 and small at INT4-g128. Nothing in §3.3 "
            "is wrong; maybe add one sentence there.\n")
    assert finding_places(tmp_path, {"organized/knowledge/q.md": doc, "inbox/tom/rg.md": note}) == []
