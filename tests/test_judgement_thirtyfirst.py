"""The thirty-first stop's readings (docs/FORMAT.md §2, §6, §8): what the blind rounds t315–t318 showed missing, each
written on a subfield of our own so that no shift's words are matched.

* A denial of a noun ("with no block sharing between beams") denies the act it names, and a restriction later in a
  clause ("… and only copy a block when they write") leaves what the clause states before it stated.
* A change told as a denial ("v3 … 已经不靠外挂 VAD 了", "no longer relies on …") meets the other file's statement of
  the same thing in other verbs; with a version named it is a version conflict.
* An ID-shaped number with a rate or a Chinese unit after it ("1203.5625 帧/s"), or a nightly build's number, is no arXiv
  identifier.
* Evidence in the writer's words: a README's claim is self-reported, "摘要里这么写的" is the abstract, "read the … PDFs
  completely" the full text, "provisional until I rerun" unverified; one's own bench output "pasted as-is" is not second-hand.
"""
from __future__ import annotations

from pathlib import Path

from conftest import evidence_levels, finding_places

_DOC = ("# Beam serving\n\nOwner: K. Mensah — updated 2028-09-01\n\n## 9 Search at serving time\n\n### 9.1 Beam memory\n\n"
        "- FernKV (arXiv:2607.06621) forks beams by sharing the parent's KV pages and only copies a page when a beam writes to it.\n"
        "- FernKV keeps the beam width fixed at 4 in every experiment.\n\n"
        "### 9.2 Interruption\n\n"
        "- TalkLoop（2607.07732）：打断检测仍由外挂 VAD 完成，检测到插话后清空该会话的待发音频。\n")


def test_a_noun_denied_against_a_clause_that_restricts_something_else(tmp_path: Path):
    """"gives every beam a private copy, with no page sharing between beams" denies the sharing the document states;
    the document's "and only copies a page when …" restricts the copying, not the sharing."""
    card = ("# FernKV card\n\narXiv:2607.06621\n\n"
            "- In FernKV (arXiv:2607.06621) every beam gets a private copy of the KV cache, with no page sharing between beams.\n")
    places = finding_places(tmp_path, {"organized/knowledge/beams.md": _DOC, "organized/paper_cards/0901-2607-06621.md": card})
    assert places == [("negation", "arXiv:2607.06621", ["0901-2607-06621.md:5", "beams.md:9"])]


def test_no_longer_and_no_more_than_are_not_the_same_denial(tmp_path: Path):
    """"no more than 4 beams" is a bound and "no matter the width" a concession: neither denies the document's fixed width."""
    note = ("# Beam reads\n\n- FernKV (2607.06621) runs with no more than 4 beams, no matter the prompt length.\n")
    assert finding_places(tmp_path, {"organized/knowledge/beams.md": _DOC, "inbox/kofi/beams.md": note}) == []


def test_a_change_told_as_a_denial_is_a_version_conflict(tmp_path: Path):
    """"v3 开始换成模型内的预测头，已经不靠外挂 VAD 了" against "打断检测仍由外挂 VAD 完成": other verbs (靠 / 由…完成),
    the same thing (外挂 VAD), and the note says it changed in v3."""
    card = ("# TalkLoop 卡片\n\narXiv:2607.07732v3\n\n"
            "- v3 开始打断检测换成模型内的预测头，直接读用户语音流，已经不靠外挂 VAD 了。\n")
    places = finding_places(tmp_path, {"organized/knowledge/beams.md": _DOC, "organized/paper_cards/0902-2607-07732.md": card})
    assert places == [("version", "arXiv:2607.07732", ["0902-2607-07732.md:5", "beams.md:14"])]


def test_a_denial_that_is_no_change_needs_the_same_act(tmp_path: Path):
    """Without a change word a denial in other verbs ("降噪并不靠外挂 VAD 完成" against "打断检测仍由外挂 VAD 完成")
    flags nothing; the act must be the one stated."""
    note = "# 周记\n\n- TalkLoop（2607.07732）的降噪并不靠外挂 VAD 完成，而是模型自己做。\n"
    assert finding_places(tmp_path, {"organized/knowledge/beams.md": _DOC, "inbox/li/week.md": note}) == []


def test_numbers_that_look_like_identifiers_but_measure_or_number_builds():
    """A rate of anything per second and a Chinese unit make a measured value; a nightly build's number is a build."""
    from ingest.arxiv import find_arxiv_ids

    def ids(t):
        return [m.arxiv_id for m in find_arxiv_ids(t)]

    assert ids("64 路并发时首包 P95 为 340 ms，总吞吐 1203.5625 帧/s") == []
    assert ids("decode at 2304.1177 img/sec on one L4") == []
    assert ids("Affected: nightly builds before 2608.10417") == []
    assert ids("Fixed in: 4.12.4; nightly 2608.10417 and later") == []
    # (an identifier stays one, before a unit-less word, glued to Chinese, or named after "see")
    assert ids("see 2401.12345 for details") == ["2401.12345"]
    assert ids("在2401.12345中提出") == ["2401.12345"]
    assert ids("FlashAttention (2205.14135) runs at 3x") == ["2205.14135"]


def test_evidence_in_the_writers_own_words():
    """A README's claim, the abstract's wording, PDFs read completely, numbers provisional until a rerun."""
    assert evidence_levels("解码器攒够十个 token 就能出声。我看的是他们 GitHub README 里的说法，论文没翻") == ("vendor_self_reported",)
    assert evidence_levels("加了命令式打断，2410.11190，摘要里这么写的") == ("abstract_checked",)
    assert evidence_levels("I read the min-p and batch-invariance PDFs completely; highlights below are mine.") == ("full_text",)
    assert evidence_levels("One run per config, nothing repeated yet, so every number here is provisional until I rerun.") == \
        ("unverified",)
    # one's own terminal output pasted is no second-hand text; a newsletter pasted as-is is
    assert evidence_levels("Bench dump from this morning, pasted as-is from the tmux scrollback.") == ()
    assert evidence_levels("The digest's paragraph, pasted as-is.") == ("second_hand",)


def test_setext_titles_are_headings_and_a_digest_rule_is_not():
    """A reading log whose topics are titles underlined to their width ("JSONSchemaBench (full read)" over
    "---------------------------") is one item per title; a Mailman message header ("Message: 1" over "----------" over
    "Date: …") and a short "---" between entries stay what they were."""
    from ingest.notes import parse_note

    log = ("Reading log, week 36\n====================\n\nLena. One block per thing I read.\n\n"
           "FernKV (full read)\n------------------\n\narXiv:2607.06621 — read the whole thing. Forks beams by sharing pages.\n\n"
           "TalkLoop (abstract only)\n------------------------\n\n[2607.07732] Only the abstract so far. Barge-in head.\n\n"
           "Misc\n----\n\nReading group moves to Thursdays.\n")
    parts, _w = parse_note(log, path="inbox/lena/log.md", kind="note")
    assert [(i.line, i.works, i.title) for i in parts["items"]] == [
        (6, ("2607.06621",), "FernKV (full read)"), (11, ("2607.07732",), "TalkLoop (abstract only)"), (16, (), "Misc")]
    assert [i.evidence for i in parts["items"][:2]] == ["full_text", "abstract_checked"]
    from ingest.blocks import read_blocks

    kinds = [b.kind for b in read_blocks(["Message: 1", "----------", "Date: Fri, 18 Jul 2027", "", "Text here."], 1)]
    assert "heading" not in kinds


def test_a_markdown_document_pasted_in_a_fence_is_read_and_code_is_not():
    """A CHANGELOG.md pasted inside a bare fence is Markdown: each entry is a topic, its paper the entry's; a fenced log
    or a Python block stays code."""
    from ingest.notes import parse_note

    note = ("engine CHANGELOG.md, pasted from main. Their own benchmarks; I did not rerun anything.\n\n```\n# Changelog\n\n"
            "## [0.8.2] - 2028-09-19\n\n### Added\n- Adaptive prefill chunking after AdaChunk (arXiv:2604.11873v1). (#4512)\n"
            "- `bench ttft` prints p50/p90/p99 TTFT. (#4498)\n\n### Fixed\n- Wrong LSE merge in ring attention at CP 16. (#4531)\n```\n")
    parts, _w = parse_note(note, path="inbox/tomas/changelog.md", kind="note")
    assert [(i.line, i.works) for i in parts["items"]] == [(9, ("2604.11873",)), (10, ()), (13, ())]
    code = "Run log:\n\n```\n# load the model\nmodel = load('x')\n- 2604.11873 = 1.2\n```\n"
    parts, _w = parse_note(code, path="inbox/tomas/log.md", kind="note")
    assert all(c.line < 3 for c in parts["claims"])


def test_a_glossary_as_a_definition_list_is_one_topic_per_term():
    """"Unified paging" over ": Paper: S-LoRA [2311.03285]" in a glossary whose terms each give their paper: one item per
    term, the note's opening ("wrote these from the arXiv abstracts") their evidence unless a term says otherwise; a card
    written as a definition list ("Title" / ": …") keeps its fields."""
    from ingest.notes import parse_note

    gloss = ("# Glossary\n\nI wrote these definitions from the arXiv abstracts and nothing more.\n\n"
             "SGMV\n: One launch for many adapters.\n: Paper: Punica, arXiv:2310.18547. For this one I read the full paper.\n\n"
             "Unified paging\n: Adapter weights and KV blocks share one paged pool.\n: Paper: S-LoRA [2311.03285].\n\n"
             "Adapter rank\n: Inner dimension of B·A.\n: Paper: LoRA 2106.09685.\n")
    parts, _w = parse_note(gloss, path="inbox/mei/glossary.md", kind="note")
    assert [(i.line, i.works, i.evidence) for i in parts["items"]] == [
        (5, ("2310.18547",), "full_text"), (9, ("2311.03285",), "abstract_checked"), (13, ("2106.09685",), "abstract_checked")]
    card = "Title\n: FernKV: Beam Paging\n\nArXiv\n: 2607.06621\n"
    parts, _w = parse_note(card, path="organized/paper_cards/0901-2607-06621.md", kind="paper_card")
    assert parts["title"].startswith("FernKV")


def test_an_emails_own_paragraph_on_a_new_paper_or_under_a_label_is_a_topic():
    """In an e-mail answered inline, "On your SGLang question …: the paper (…2312.07104…)" brings a paper the quote and
    answer before it do not name, and "Logistics: …" opens on a label: each is a topic of its own; a second paragraph of
    an answer stays the answer's."""
    from ingest.notes import parse_note

    mail = ("From: P <p@x.example>\nSubject: Re: overhead\n\nHi M,\n\n> Our mode adds no latency (same idea as the overlap "
            "preprint, arxiv 2606.04417).\n\nA p50 hides the cases we care about.\n\nAnd a p99 at batch 256 would help.\n\n"
            "> Let Me Speak Freely (arXiv:2408.02442) was a prompting artefact.\n\nNot convinced; I read Tam et al. in full.\n\n"
            "On your SGLang question: the paper (https://arxiv.org/pdf/2312.07104.pdf) reports up to 6.4x.\n\n"
            "Logistics: Thursday 16:00 works for me.\n\nBest,\nP\n")
    parts, _w = parse_note(mail, path="inbox/p/mail.md", kind="note")
    assert [(i.line, i.works) for i in parts["items"]][1:] == [(12, ("2408.02442",)), (16, ("2312.07104",)), (18, ())]
    assert parts["items"][0].line == 6
    assert "full_text" in {c.evidence for c in parts["claims"] if c.line == 14}


def test_sections_named_by_their_quoted_titles():
    """A document whose headings carry no numbers is pointed at by title, often quoted: 'go to "Context parallelism in
    serving"', 'a pointer for "Chunked prefill"', 'deserves a word in "Measurement notes"', 'possible home: "Sparse
    prefill"'; a quoted part a numbered section is under, or "go to the kv-cache doc", names no section."""
    from ingest.placement import section_refs

    def titles(t):
        return [(r.title, r.role) for r in section_refs(t) if r.key is None]

    assert titles('the CP entry goes to "Context parallelism in serving"; the chunking entry is a pointer for '
                  '"Chunked prefill".') == [("Context parallelism in serving", "suggest"), ("Chunked prefill", "suggest")]
    assert titles('their TTFT excludes queueing, which deserves a word in "Measurement notes".') == [("Measurement notes", "suggest")]
    assert titles('possible home: "Sparse prefill", cross-linked from "Sequence parallel attention"') == \
        [("Sparse prefill", "suggest"), ("Sequence parallel attention", "suggest")]
    assert titles("DeepEP 归入“三、专家并行”下的 3.1 All-to-All 通信。") == []
    assert titles("Both go to the kv-cache doc.") == []


def test_notion_toggles_and_a_transcripts_turns_with_their_times():
    """A Notion export's "▸ Title" lines are toggles, each a topic; a cleaned-up transcript's "Name (mm:ss): …" turns open
    a topic where a speaker turns the talk ("Related: …", "Oh, and …", "Quantization side: …", a name as the label), a
    question answered in the next turn staying with its topic."""
    from ingest.notes import parse_note

    board = ("# Reading board\n\nOwner: Maren\n\n▸ Merge, Don't Drop: Similarity-Gated KV Merging for Long Decoding\n"
             "arxiv.org/abs/2609.21150v2 — tokens are merged into a kept neighbour. I went through the whole paper.\n\n"
             "▸ Head-level budgets: DuoAttention\nDuoAttention (https://arxiv.org/pdf/2410.10819.pdf) splits heads. Abstract only.\n")
    parts, _w = parse_note(board, path="inbox/maren/board.md", kind="note")
    assert [(i.line, i.works, i.evidence) for i in parts["items"]] == [
        (5, ("2609.21150",), "full_text"), (8, ("2410.10819",), "abstract_checked")]
    talk = ("# KV sync (auto-transcript)\n\nAttendees: Tomas, Priya, Dev\n\n"
            "Dev (01:05): SinkSafe, arXiv 2603.14417. Short version: they pin the sink tokens so chunked prefill can't drop them.\n"
            "Priya (02:40): And it's training-free?\nDev (02:48): Yes, no fine-tuning, no calibration set.\n"
            "Tomas (03:30): Related: DMC is the same family, learned append-or-merge per head, and it needs continued training.\n"
            "Priya (04:10): Oh, and H2O — someone on the reading-group Slack said H2O only gets 3x over FlexGen.\n")
    parts, _w = parse_note(talk, path="inbox/tomas/sync.md", kind="note")
    assert [i.line for i in parts["items"]] == [5, 8, 9]
    assert parts["items"][0].works == ("2603.14417",)


def test_an_annotated_bibliographys_entries_and_a_csv_of_runs():
    """BibTeX entries pasted as code, each followed by the writer's annotation: one topic per entry, titled by its
    title field; a CSV pasted without a fence whose run_id and latency columns hold identifier-shaped numbers: no
    identifiers."""
    from ingest.notes import parse_note

    bib = ("# Annotated bibliography\n\n```bibtex\n@article{a2026,\n  title={NVFP4 at Serving Scale},\n  eprint={2603.14472},\n}\n```\n"
           "Read arXiv:2603.14472v3 end to end this week.\n\n```bibtex\n@article{b2024,\n  title={KIVI: A Tuning-Free Asymmetric 2bit "
           "Quantization for KV Cache},\n  eprint={2402.02750},\n}\n```\nOnly skimmed the abstract; parked.\n")
    parts, _w = parse_note(bib, path="inbox/marco/bib.md", kind="note")
    assert [(i.line, i.works, i.title, i.evidence) for i in parts["items"]] == [
        (3, ("2603.14472",), "NVFP4 at Serving Scale", "full_text"),
        (11, ("2402.02750",), "KIVI: A Tuning-Free Asymmetric 2bit Quantization for KV Cache", "abstract_checked")]
    csv_note = ("ratio sweep, one run per config:\n\nrun_id,gpu,ratio,ttft_p99_ms,goodput_rps\n"
                "2610.04471,H100-SXM5-80GB,3:5,1312.4470,11.82\n2610.04472,H100-SXM5-80GB,4:4,861.2093,12.95\n"
                "2610.04473,H20-96GB,5:3,702.5518,10.40\n\nSee DistServe (arXiv:2401.09670) for the goodput definition.\n")
    parts, _w = parse_note(csv_note, path="inbox/ravi/sweep.md", kind="note")
    assert [r.arxiv_id for r in parts["arxiv"]] == ["2401.09670"]


def test_a_close_read_whose_section_opens_on_its_baseline_is_one_read():
    """"# 精读：TreeGoodput（arXiv:…）" over "## 问题设定" opening on SmartSpec（…）and returning to 本文: one read; a section
    that is only about another work ("## 2. The baseline engine" over "Medusa (…) is the baseline.") is that work's."""
    from ingest.notes import parse_note

    read = ("# 精读：TreeGoodput（arXiv:2605.08142v2）\n\n## 基本信息\n- 阅读程度：正文逐节读完。\n\n## 问题设定\n"
            "SmartSpec（10.48550/arXiv.2406.14066）以 goodput 为目标给每个请求选 γ。\n本文认为只调 γ 不够，树的宽度也要随负载变。\n\n"
            "## 方法\n- 调度器每步解一个背包式的 DP。\n\n## 实验\n- 相对 SmartSpec goodput 提升 12%–27%，相对 Sequoia（arXiv:2402.12374）提升 35%。\n\n"
            "## 问题与质疑\n- 基线里的 SmartSpec 是作者自己复现的。\n- 没有报 TTFT。\n\n## 结论\n值得收录：放在 §5.3 SmartSpec 条目之后。\n")
    parts, _w = parse_note(read, path="inbox/mingyu/精读-TreeGoodput.md", kind="note")
    assert [(i.line, i.works, i.evidence, i.sections) for i in parts["items"]] == [(1, ("2605.08142",), "full_text", ("5.3",))]


def test_a_titles_last_word_is_no_alias_and_a_closing_tag_is_evidence():
    """"Merge, Don't Drop [2609.21150]" names no work "Drop" (else every "drop" in the workspace would be about it); a
    living document's statement closing on "[abstract]" was checked at the abstract."""
    from ingest.claims import make_claim
    from ingest.text import alias_before

    line = "Maren (04:15): Merge, Don't Drop [2609.21150] — it's on the board."
    assert alias_before(line, line.index("2609")) is None
    assert alias_before("- SmoothQuant (arXiv:2211.10438) migrates", 15) == "SmoothQuant"
    assert make_claim("Medusa adds decoding heads (arXiv:2401.10774); about 2.2x. [abstract]", 3, 3, role="statement").evidence \
        == "abstract_checked"
    assert make_claim("Medusa adds decoding heads (arXiv:2401.10774); about 2.2x. (Table 2)", 3, 3, role="statement").evidence \
        == "unknown"


def test_a_disputed_framing_and_nothing_to_change():
    """'the "lossless" framing: the draft head only approximates the target distribution' says lossy; "和文档第 3 节写的
    一样，没有要改的" places nothing and brings nothing."""
    from ingest.facts import qualifier_sides
    from ingest.placement import section_refs

    assert qualifier_sides('Worth being careful with the "lossless" framing: the draft head only approximates the target '
                           "distribution.") == ("fidelity:lossy",)
    assert [(r.key, r.role) for r in section_refs("结论：和文档第 3 节写的一样，没有要改的。")] == [("3", "mention")]
    assert evidence_levels("Read the EAGLE paper start to finish last night, appendix and proofs included.") == ("full_text",)


def test_a_denial_that_names_no_act_or_is_no_change_flags_nothing(tmp_path: Path):
    """"no shared prefix" and "No code is released" deny no act; "so the head count no longer caps the SP degree" is a
    cause's effect, no version change; "each block attends only locally" states no attending that "the blocks never
    attend to each other" denies."""
    doc = ("# Long context\n\nOwner: A.\n\n## 3 Sequence parallel\n\n"
           "- USP (arXiv:2405.07719): 2D mesh combining Ulysses and the ring, so the head count no longer caps the SP degree.\n"
           "- StarAttn (arXiv:2411.17116): the context is cut into blocks, each block attends only locally.\n")
    note = ("# Wiki scan\n\n- USP (2405.07719): with 8 KV heads Ulysses alone caps at 8 ranks; the 2D mesh removes the cap.\n"
            "- StarAttn (2411.17116) isn't exact: the context blocks never attend to each other.\n")
    assert finding_places(tmp_path, {"organized/knowledge/lc.md": doc, "inbox/lena/wiki.md": note}) == []


def test_a_design_reviews_field_groups_are_its_topics():
    """"Proposal: / Decision: / Rationale: / Papers:" groups, one per proposal: each group a topic, its paper given in
    whichever field names it, "Doc impact: the living doc's 8.3 should get a short paragraph" its place; a proposal that
    names no paper is a topic too."""
    from ingest.notes import parse_note

    review = ("# Design review, round 2\n\nHow to read this: one field group per proposal.\n\n"
              "Proposal: P1. A feedback controller for the pool ratio.\nDecision: Accepted. Doc impact: the living doc's 8.3 should "
              "get a short paragraph on it.\nPapers: arXiv:2603.18820 (PoolPilot) — abstract only.\n\n"
              "Proposal: P2. Compress KV on the wire.\nDecision: Rejected.\nPapers: CacheGen, https://doi.org/10.48550/arXiv.2310.07240 "
              "— Ravi read the full paper.\n\n"
              "Proposal: P3. Rename the dashboards.\nDecision: Accepted.\nRationale: Nobody can find them.\n")
    parts, _w = parse_note(review, path="inbox/marta/review.md", kind="note")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [
        (5, ("2603.18820",), ("8.3",)), (9, ("2310.07240",), ()), (13, (), ())]


def test_a_table_of_runs_is_part_of_the_note_and_a_matrix_of_works_is_not():
    """Rows whose identifier-shaped cells sit under run or measure columns are measurements, one part with the note's
    text; a comparison matrix's "| arXiv | 2402.02750 | … |" row still names its works."""
    from ingest.notes import parse_note

    sweep = ("ratio sweep, one run per config:\n\nrun_id,gpu,ratio,ttft_p99_ms,goodput_rps\n"
             "2610.04471,H100-SXM5-80GB,3:5,1312.4470,11.82\n2610.04472,H100-SXM5-80GB,4:4,861.2093,12.95\n"
             "2610.04473,H20-96GB,5:3,702.5518,10.40\n\nunrelated: node 10.42.7.113 threw Xid 79 twice.\n")
    parts, _w = parse_note(sweep, path="inbox/ravi/sweep.md", kind="note")
    assert [(i.line, i.works) for i in parts["items"]] == [(1, ()), (8, ())]
    matrix = ("# KV quantization side by side\n\n|  | KIVI | KVQuant |\n|---|---|---|\n| arXiv | 2402.02750 | 2401.18079 |\n"
              "| Needs calibration? | no | no |\n")
    parts, _w = parse_note(matrix, path="inbox/a/matrix.md", kind="note")
    assert [r.arxiv_id for r in parts["arxiv"]] == ["2402.02750", "2401.18079"]


def test_a_question_handing_the_floor_to_someone_opens_nothing():
    """"Hm, we should check that. Maren?" then Maren's "Merge, Don't Drop [2609.21150] — it's on the board": the answer
    brings its own paper and opens its own topic; the turn before it, naming Quest, keeps its own."""
    from ingest.notes import parse_note

    talk = ("# Sync\n\nAttendees: Tomas, Priya, Maren\n\n"
            "Tomas (03:30): On eviction generally — the doc says Quest doesn't evict, but I'm fairly sure it does: unselected pages get dropped.\n"
            "Priya (04:10): Hm, we should check that. Maren?\n"
            "Maren (04:15): Merge, Don't Drop [2609.21150] — it's on the board. Merging beats eviction at a 20% budget.\n")
    parts, _w = parse_note(talk, path="inbox/tomas/sync.md", kind="note")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, ()), (6, ("2609.21150",))]


def test_up_to_a_count_of_gpus_is_no_statistic_and_a_passive_denial_names_its_subject(tmp_path: Path):
    """"near-linear up to 128 GPUs" bounds the GPU count, not the figure (47 s is no maximum); "ongoing decodes are not
    paused while a prompt is prefilled" denies pausing the decodes, which "pauses the running decodes while each chunk is
    processed" states."""
    from ingest.facts import find_figures

    assert [q.conditions for q in find_figures("a 1M-token prefill in roughly 47 seconds on 16 nodes, near-linear up to 128 GPUs")] \
        == [("ctx:1000000", "gpus:128", "phase:prefill")]
    assert "stat:max" in find_figures("up to 2.3x faster on 8 GPUs")[0].conditions
    doc = ("# Scheduling\n\nMaintainer: M\n\n## Chunked prefill\n\n"
           "- StallFree (arXiv:2607.03310) admits new requests chunk by chunk and ongoing decodes are not paused while a prompt is prefilled.\n")
    note = ("# Quick topics\n\n- StallFree (2607.03310): went through sections 3–5. It pauses the running decodes while each new "
            "prompt chunk is processed, which is why TBT still jumps.\n")
    assert finding_places(tmp_path, {"organized/knowledge/sched.md": doc, "inbox/jun/topics.md": note}) == \
        [("negation", "arXiv:2607.03310", ["sched.md:7", "topics.md:3"])]


def test_a_passive_denial_of_another_subject_flags_nothing(tmp_path: Path):
    """"KV of generated tokens is not compressed" denies compressing the generated tokens' KV, which "compresses the prompt
    KV once before decoding" does not state (t323's SnapKV pair, which must not be flagged)."""
    doc = ("# KV compression\n\nMaintainer: P\n\n## 4.1 Token eviction\n\n"
           "- SnapKV (arXiv:2404.14469) votes with an observation window, pools the votes and compresses the prompt KV once, "
           "before decoding; KV of generated tokens is not compressed.\n")
    card = ("# SnapKV card\n\narXiv:2404.14469\n\n"
            "SnapKV pools the votes so neighbouring tokens survive together, and compresses the prompt KV once before decoding starts.\n")
    assert finding_places(tmp_path, {"organized/knowledge/kv.md": doc, "organized/paper_cards/0731-2404-14469.md": card}) == []


def test_a_transcript_question_turns_back_to_a_work_and_a_close_reads_label_is_no_title():
    """"Does anyone know whether Mooncake's early-rejection policy is in the release?" after the talk moved to DistServe
    turns it back to Mooncake (named before as "Mooncake, arXiv:2407.00079"); "# Close read: Inference without
    Interference (TetriInfer)" gives its paper no title "Close read: …" (a fresh user's findings)."""
    from ingest.notes import parse_note

    talk = ("Reading group\nAttendees: Raj, Mei, Kim\n\n"
            "Raj (00:12): Today is Mooncake, arXiv:2407.00079, and a quick look back at DistServe.\n"
            "Kim (01:05): The headline number for Mooncake comes from simulated scenarios in the paper.\n"
            "Kim (04:45): DistServe, arXiv:2401.09670: up to 7.4x more requests served.\n"
            "Mei (06:20): Their placement keeps prefill and decode of one stage on the same node.\n"
            "Raj (07:15): Does anyone know whether Mooncake's early-rejection policy is in the open-source release?\n"
            "Kim (07:30): Not sure, I have not checked the repo.\n")
    parts, _w = parse_note(talk, path="inbox/raj/rg.md", kind="note")
    assert [(i.line, i.line_end) for i in parts["items"]] == [(4, 5), (6, 7), (8, 9)]
    read = "# Close read: Inference without Interference (TetriInfer)\n\narXiv:2401.11181 · Kim\n\n## Summary\n\nIt splits prefill and decode.\n"
    parts, _w = parse_note(read, path="inbox/kim/close-read.md", kind="note")
    assert [r.title for r in parts["arxiv"]] == [None]
