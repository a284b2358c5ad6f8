"""The thirty-sixth stop's readings (docs/FORMAT.md §5.3, §7, §8.2, "Thirty-sixth stop"): what the blind round t363-t366
showed, each written here on a subject of our own so that no shift's words are matched.

* Structure: a meeting's agenda, decisions and action items recap its headed topics (no topics of their own); an RSS or
  Atom feed pasted raw is its posts; an Anki export's first note is no header; an errata table's rows are corrections, each
  a topic, its "original" column the document's words; a reviewer's form is one topic, the writer's note after it
  another; a code review's "reviewer: name — file.py:88" comments are topics, the pull request's description one more.
* Evidence: tags defined bare ("ttc::pdf means …"), a tags column's levels, a legend's level for unmarked entries, and
  cues for hearsay through a talk page, an author at a poster, a slide, a blurb.
* Figures: "50% → 67%" states 67%; a parenthesis after a figure names its measure; a memory size of a device is a
  setting; a model's name holds no verb; a fused kernel that materialises nothing says nothing of the work's needs.
* Living document: a paragraph led by a bold label is split into its sentences; "s1-32B" is s1's model.
"""
from __future__ import annotations

from datetime import timezone


def _parts(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, kind)
    return parts


def _items(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    return [(i.line, i.line_end, i.works) for i in _parts(text, path, kind)["items"]]


def _figures(text: str):
    from ingest.facts import facts_of

    return [(q.raw, q.metric, q.conditions) for q in facts_of(text).figures]


# --- structure ----------------------------------------------------------------------------------------------------------

_MINUTES = """# Kernel club, 2030-02-04

## Agenda
1. TileFuse, arXiv:2611.01234 (Ana)
2. WarpLane, 2611.02345 (Bo)
3. Any other business

## Discussion

### 1. TileFuse (2611.01234)
- Ana read all of it: one fused epilogue for every GEMM of the layer.

### 2. WarpLane (2611.02345)
- Bo only saw the talk: warp-level lanes for the decode kernel.

## Decisions
- TileFuse goes under 4.2.
- WarpLane: wait for the code.

## Action items
- Ana: re-run 2611.01234 on our H100s.
- Bo: ask the authors for the code.
- Cy: book the room.
"""


def test_an_agenda_and_its_decisions_recap_the_headed_topics():
    got = _items(_MINUTES)
    assert [(a, w) for a, _b, w in got] == [(10, ("2611.01234",)), (13, ("2611.02345",))], got
    parts = _parts(_MINUTES)
    first = parts["items"][0]
    assert "4.2" in first.sections  # the decision's placement is the topic's


_FEED = """Lab blog, raw feed (my reactions marked >>).

<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
<channel>
<title>Lab blog</title>
<link>https://blog.example.org/</link>
<item>
<title>Fusing every epilogue</title>
<link>https://blog.example.org/posts/fuse/</link>
<description>&lt;p&gt;We revisit TileFuse (arXiv:2611.01234) and measure 1.4x on our engine.&lt;/p&gt;</description>
<pubDate>Tue, 29 Jan 2030 16:00:00 GMT</pubDate>
<guid isPermaLink="false">blog-2611.0412</guid>
</item>
>> only the blurb so far
<item>
<title>We're hiring</title>
<link>https://blog.example.org/posts/jobs/</link>
<description>Apply by March.</description>
</item>
</channel>
</rss>
"""


def test_a_feed_pasted_raw_is_its_posts():
    got = _items(_FEED)
    assert [(a, w) for a, _b, w in got] == [(9, ("2611.01234",)), (17, ())], got
    assert got[0][1] == 15  # the reader's reaction under the post is the post's
    claims = {c.line: c.text for c in _parts(_FEED)["claims"]}
    assert claims[11].startswith("We revisit TileFuse") and "&lt;" not in claims[11]
    assert not any("2611.0412" in t for t in claims.values())  # a guid is the feed's bookkeeping


_ANKI = ("Deck export. Written from the arXiv abstract page unless a tag says otherwise — kc::pdf means I read the paper.\n\n"
         "#separator:tab\n#html:false\n#tags column:3\n"
         "TileFuse (2611.01234): gain?\t1.4x on H100\tkc::abstract-only\n"
         "WarpLane (2611.02345): gain?\t2.0x decode\tkc::pdf\n"
         "LaneKV (2611.03456): memory?\t30% less\t\n")


def test_an_anki_exports_first_note_is_a_note_and_its_tags_say_the_depth():
    got = _items(_ANKI)
    assert [(a, w) for a, _b, w in got] == [(6, ("2611.01234",)), (7, ("2611.02345",)), (8, ("2611.03456",))], got
    parts = _parts(_ANKI)
    by_line = {c.line: c.evidence for c in parts["claims"]}
    assert by_line[6] == "abstract_checked" and by_line[7] == "full_text"
    assert by_line[1] == "abstract_checked"  # the legend states the unmarked level, not every level it defines


_ERRATA = """# Errata for chapter 4

| Place | Original | Should be | How checked |
|---|---|---|---|
| §4.2 TileFuse | up to 2.1x on H100 | up to 1.4x | against the abstract of arXiv:2611.01234 |
| §4.3 typo | lanse | lanes | proofreading |
"""


def test_an_errata_tables_rows_are_corrections_each_a_topic():
    got = _items(_ERRATA)
    assert [(a, w) for a, _b, w in got] == [(5, ("2611.01234",)), (6, ())], got
    row = next(c for c in _parts(_ERRATA)["claims"] if c.line == 5)
    assert "2.1x" not in row.text and "1.4x" in row.text  # the document's words are not the corrector's
    assert [q.raw for q in row.quantities] == ["1.4x"]


_REVIEW = """Workshop reviewer form
Submission 9: "LaneKV: Lanes for the KV cache"

Summary:
LaneKV splits the cache into lanes, building on TileFuse (arXiv:2611.01234).

Strengths:
- Simple.
- Honest ablations.

Weaknesses:
- Only one GPU.

Questions for authors:
1. Does it compose with paging?

Score: 3
Confidence: 3/5. I read the submission end to end.

Note to self, not part of the review: WarpLane (arXiv:2611.02345) claims 2.0x; check the number.
"""


def test_a_reviewer_form_is_one_topic_and_the_note_after_it_another():
    got = _items(_REVIEW)
    assert [(a, b) for a, b, _w in got] == [(1, 18), (20, 20)], got
    assert got[1][2] == ("2611.02345",)


_PR = """PR #77 · lanes: split the KV cache into lanes
author: ana · reviewers: bo, cy

PR description (ana): each request's cache is split into lanes, modelled on LaneKV (arXiv:2611.03456).

reviewer: bo — lanes/alloc.py:88
    LANE_BYTES = 64 * 1024
Too small; WarpLane (arXiv:2611.02345) uses 2 MiB. I know that paper properly.
ana: Switched.

reviewer: cy — README.md:5
nit: typo.
ana: fixed.
"""


def test_a_code_reviews_comments_and_the_pull_requests_description_are_topics():
    got = _items(_PR)
    assert [(a, w) for a, _b, w in got] == [(4, ("2611.03456",)), (6, ("2611.02345",)), (11, ())], got
    by_line = {c.line: c.evidence for c in _parts(_PR)["claims"]}
    assert by_line[8] == "full_text"


# --- evidence -----------------------------------------------------------------------------------------------------------

def test_hearsay_through_a_talk_page_a_poster_author_or_a_slide_is_second_hand():
    from ingest.evidence import evidence_reader

    evr = evidence_reader()
    assert "second_hand" in evr.levels("(I only talked to one author at the poster, no PDF yet)")
    assert "second_hand" in evr.levels("(ID copied off a slide; didn't open the paper)")
    assert "second_hand" in evr.levels("heard this from Bo at the weekly, haven't looked myself")
    assert "second_hand" in evr.levels("王强在讨论页说它不做预取；我自己没看论文")
    assert "second_hand" in evr.levels("Their summary of a paper we already cite.")
    assert "abstract_checked" in evr.levels("not in the abstract, which is all I read")
    assert "abstract_checked" in evr.levels("对照 arXiv:2611.01234 的摘要原句")
    assert evr.levels("I read the paper twice") == ("full_text",)


# --- figures and predicates ---------------------------------------------------------------------------------------------

def test_an_arrow_between_two_figures_states_the_second():
    assert [raw for raw, _m, _c in _figures("50% → 67% on GSM8K")] == ["67%"]
    assert [raw for raw, _m, _c in _figures("v1 said 1.8x -> 1.35x now")] == ["1.35x"]
    assert [raw for raw, _m, _c in _figures("KV 25.6 GB → 21 GB")][:2] == ["25.6 GB", "21 GB"]  # a memory's ends stay


def test_a_parenthesis_after_a_figure_names_its_measure():
    assert _figures("up to 10.3x (vs offloading systems, batch throughput)")[0][1] == "throughput"
    assert _figures("最高 10.3×（相对支持卸载的推理系统，批量吞吐）")[0][1] == "throughput"
    assert _figures("2.1x (Table 3)")[0][1] == "speedup"  # a parenthesis naming no measure leaves the default


def test_a_memory_size_of_a_device_is_a_setting():
    got = _figures("its 512 GB CXL 2.0 expander cuts TTFT by 40%")
    assert [(raw, m) for raw, m, _c in got] == [("40%", "latency")]
    assert "hostmem:512" in got[0][2]
    assert [raw for raw, _m, _c in _figures("the KV cache shrinks to 12 GB")] == ["12 GB"]


def test_a_models_name_holds_no_verb_and_a_kernel_needs_nothing_of_the_work():
    from ingest.facts import predicates

    assert not any(p[1:].startswith("train") for p in predicates("ran R1-Distill-Qwen-7B on our box: 1,800 tok/s"))
    assert predicates("With FlashAttention-2 the attention map is not materialised, so the overhead is unknown.") == ()
    assert "-need:attention_scores" in predicates("the attention probability matrix is never materialised")


# --- living document ----------------------------------------------------------------------------------------------------

_DOC = """# Kernels

## 4 Kernels

### 4.2 Fusion

**Fusing everything.** All GEMMs share one epilogue. TileFuse [1] fuses them; the fusion is exact.
TileFuse reports up to 32x on long prefixes.

- Budget lanes, s1 [2]: lanes capped per request.
- Capping lifts s1-32B on a held-out set from 50% to 57%.

## References

1. TileFuse: One Epilogue for All. arXiv:2611.01234
2. s1: Lanes on a Budget. arXiv:2611.04567
"""


def test_a_paragraph_led_by_a_bold_label_is_split_and_a_models_size_is_its_works():
    from ingest.living import parse_living_source

    fields, _w = parse_living_source(_DOC, "organized/knowledge/kernels.md", tz=timezone.utc)
    by_line = {}
    for c in fields["claims"]:
        by_line.setdefault(c.line, []).append(c)
    assert len(by_line[7]) >= 2  # the label's paragraph is its sentences, not one entry
    assert by_line[8][0].subjects == ("2611.01234",)
    assert by_line[11][0].subjects == ("2611.04567",)  # "s1-32B" is s1's model


# --- the second round (t367-t370) ---------------------------------------------------------------------------------------

_LIVE = """# live-blog: kernel day

## Session 2: Fusion

14:05 "TileFuse: One Epilogue" (arXiv 2611.01234)
- one epilogue for all GEMMs
- [I have only the slides]

14:30 "WarpLane in production" (arXiv:2611.02345)
- lanes per warp

15:20 coffee. The wifi kept dropping.

## Hallway
- someone says FlashDecoding is dead
"""


def test_a_live_blogs_talks_are_topics_by_their_times():
    got = _items(_LIVE)
    assert [(a, w) for a, _b, w in got][:3] == [(5, ("2611.01234",)), (9, ("2611.02345",)), (12, ())], got


_THREAD = """thread pasted from X; every claim below is the poster's reading of it, I haven't opened the paper.

---

Ana R. @ana_kv · Nov 1, 2030
1/5 Read this one: LaneKV (arxiv.org/abs/2611.03456). I went through it twice.

2/5 Setup: lanes per request, 2 MiB each.

3/5 Quoting the first author's release post:

> Bo L. @bo_lane · Oct 29, 2030
> Code is out, plugs into vLLM.

4/5 Unrelated: I'm giving a talk at the meetup, and we're hiring.

5/5 Caveat: single GPU only.

---
replies

@cy_ops · Nov 1
Does it work with paging?

@dee · Nov 2
the lanes need a custom mask, slow path

---
ana: if we take it, it goes in 4.2.
"""


def test_a_numbered_thread_is_parted_at_its_quote_and_its_aside():
    got = _items(_THREAD)
    assert [a for a, _b, _w in got] == [5, 10, 15, 22, 25, 29], got
    assert got[0][2] == ("2611.03456",)
    parts = _parts(_THREAD)
    assert {c.item for c in parts["claims"] if c.line == 17} == {0}  # "5/5 Caveat" goes back to the thread's paper
    by_line = {c.line: c.evidence for c in parts["claims"]}
    assert "full_text" not in (by_line.get(6) or "")  # the poster's reading is second-hand to the copier


_DOC_COMMENTS = """# Comment export · draft for chapter 4

Exported by ana; only the comments.

---

💬 Bo Lin · 10-18 14:02
「TileFuse (arXiv:2611.01234) fuses every epilogue」
Only the GEMM epilogues, not the attention ones.
处理：已改。

💬 Cy Wu · 10-18 15:30
「WarpLane (arXiv:2611.02345) needs no custom kernel」
It ships its own kernel.
处理：待定。
"""


def test_a_document_comment_exports_headers_open_comments_and_their_handling_says_nothing():
    got = _items(_DOC_COMMENTS)
    assert [(a, w) for a, _b, w in got] == [(7, ("2611.01234",)), (12, ("2611.02345",))], got
    assert _parts(_DOC_COMMENTS)["items"][0].title.startswith("Bo: ")  # (its writer and first sentence)
    from ingest.facts import predicates

    assert predicates("处理：已改。") == () and predicates("Status: fixed") == ()
    assert predicates("结论：无需训练") == ("-train:",)


_SHOW = """# Kernel Talk, ep. 9

## Show notes

(00:00) Intro
(03:15) TileFuse explained: one epilogue
(12:40) WarpLane: lanes per warp, the guest says it is training-free
(24:05) LaneKV: lanes for the cache

## Links

- TileFuse: https://arxiv.org/abs/2611.01234
- WarpLane: arxiv.org/abs/2611.02345
- LaneKV: arXiv:2611.03456

## My remarks

- Everything above is the guest talking.
- (12:40) is wrong for our 4.2: WarpLane needs its training recipe.
- (24:05) I did look at its abstract page; worth a sentence in 4.3.
"""


def test_a_shows_links_resolve_its_chapters_and_remarks_by_stamp_join_them():
    got = _items(_SHOW)
    assert [(a, w) for a, _b, w in got] == [(5, ()), (6, ("2611.01234",)), (7, ("2611.02345",)), (8, ("2611.03456",))], got
    parts = _parts(_SHOW)
    assert {c.item for c in parts["claims"] if c.line == 20} == {3} and "4.3" in parts["items"][3].sections


_ISSUE = """# [Bug]: NPU prefill falls back to CPU
**#77** · opened by @ana

### Describe the bug

Prefill on the NPU falls back to the CPU for prompts over 256 tokens.

### To reproduce

1. run the CLI with --backend npu

### Environment

- runtime v0.7.2

### Expected behavior

Prompts should be chunked, as LaneKV (arXiv:2611.03456) does.

---

@bo commented

Reproduced on a second phone; WarpLane (arXiv:2611.02345) has the same limit.

@cy commented

Same on a tablet, see TileFuse (arXiv:2611.01234).
"""


def test_an_issue_templates_parts_belong_to_its_description():
    got = _items(_ISSUE)
    assert [a for a, _b, _w in got] == [4, 18, 22, 26], got
    assert got[0][1] == 14  # "To reproduce" and "Environment" are the description's


_DIGEST = """Fwd: Kernel Weekly #12

IN BRIEF
- TileFuse ports to two engines [1].
- WarpLane gets a hobbyist rerun [2].

DEEP DIVE
LaneKV [3] splits the cache into lanes.

[1] https://arxiv.org/abs/2611.01234
[2] https://arxiv.org/abs/2611.02345
[3] https://arxiv.org/abs/2611.03456
"""


def test_a_digests_brief_entries_are_no_recap_of_a_section_holding_the_link_list():
    got = [w for _a, _b, w in _items(_DIGEST)]
    assert ("2611.01234",) in got and ("2611.02345",) in got, got


def test_plain_numbers_naming_a_place_or_a_width_are_no_scores():
    assert _figures("技术报告只读了 3.3 节，精度没看") == []
    assert _figures("累加精度不足（约 14 位）") == []
    assert [raw for raw, _m, _c in _figures("MMLU accuracy 71.2 at FP8")] == ["71.2"]


def test_placements_in_a_fits_field_and_next_to_a_section():
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs("**Fits:** §4.2 for the lanes, §4.3 for the scheduler.")] == [
        ("4.2", "suggest"), ("4.3", "suggest")]
    assert [(r.key, r.role) for r in section_refs("worth having next to our 4.2 numbers")] == [("4.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("then propose the fix for 4.1")] == [("4.1", "suggest")]


def test_more_words_for_how_deep_a_reading_went():
    from ingest.evidence import evidence_reader

    evr = evidence_reader()
    assert "second_hand" in evr.levels("every claim below is the poster's reading of it")
    assert evr.levels("技术报告只读了 3.3 节，其余章节没看") == ("full_text",)
    assert evr.levels("摘要 + 第 4 节") == ("full_text",)
    assert evr.levels("我没读第 4 节") == ()
    assert "unverified" in evr.levels("see the live-blog; no read yet")
    assert "abstract_checked" in evr.levels("lena | abstract + eval plots, nothing else")


def test_a_stale_claim_reported_is_no_version_side_and_no_loss_is_lossless():
    from ingest.facts import facts_of
    from queries.contradictions import _STILL_CLAIMS

    assert _STILL_CLAIMS.search("card 12 was generated from v1 and still claims no TTFT penalty")
    assert "fidelity:lossless" in facts_of("LaneKV trains adapters on a 4-bit base with no loss against 16-bit finetuning").qualifiers


# --- a fresh user's shapes ----------------------------------------------------------------------------------------------

_OWN_THREAD = """Ana Ruiz @ana_kv · Nov 6, 2030

1/5 New paper from our lab: LaneKV (arXiv:2611.03456), lanes for the KV cache.

2/5 Key idea: evict lane by lane instead of per-token scores like H2O (arXiv:2306.14048).

3/5 Quoting @bo_kv:
> StreamingLLM (arXiv:2309.17453) already keeps sinks.

4/5 Limitations: one model so far.

5/5 Unrelated, but we are hiring! 20% off our cloud with code LANE20.

---

Copied from X; second-hand to me.
"""


def test_a_thread_post_comparing_with_another_work_goes_on_with_the_thread():
    got = _items(_OWN_THREAD)
    assert [(a, w) for a, _b, w in got][:3] == [(3, ("2611.03456",)), (7, ("2309.17453",)), (12, ())], got
    parts = _parts(_OWN_THREAD)
    assert {c.item for c in parts["claims"] if c.line in (5, 10)} == {0}  # 2/5 and 4/5 are the thread's


def test_an_issue_templates_environment_before_its_comments_is_the_reports():
    text = ("# [Bug]: stale KV after an adapter swap\n\n### Describe the bug\n\nThe cache returns stale KV.\n\n"
            "### Expected behavior\n\nEach adapter computes its own KV.\n\n### Environment\n\n- runtime 0.9.2\n\n"
            "@alice commented 2 days ago:\n\nThe block hash ignores the adapter, as LaneKV (arXiv:2611.03456) warns.\n\n"
            "@bob commented 1 day ago:\n\nConfirmed on a second GPU.\n")
    got = _items(text)
    assert [a for a, _b, _w in got] == [3, 7, 15, 19], got
    assert got[1][1] == 13  # "### Environment" is the report's


def test_a_feed_of_one_item_is_read_and_arxivs_bookkeeping_dropped():
    feed = ("<rss version=\"2.0\"><channel>\n<title>cs.DC updates</title>\n<item>\n<title>QuietDraft: Low-Variance Drafting</title>\n"
            "<link>https://arxiv.org/abs/2611.04567</link>\n<description>arXiv:2611.04567v2 Announce Type: replace Abstract: We draft "
            "quietly.</description>\n</item>\n</channel></rss>\n")
    parts = _parts(feed)
    assert [(i.line, i.works) for i in parts["items"]] == [(1, ("2611.04567",))]  # one post: the note's one topic
    assert not any("Announce Type" in c.text or "<item>" in c.text for c in parts["claims"])


def test_a_cards_byline_is_no_title_and_a_reviewers_marks_no_figures():
    parts = _parts("# LaneKV: Lanes for the KV Cache\n\nAuthors: Ana Ruiz, Bo Lin · arXiv:2611.03456\n\n- 2.3x throughput\n",
                   "organized/paper_cards/0101-2611-03456.md", "paper_card")
    assert all(not (a.title or "").startswith("Authors") for a in parts["arxiv"])
    assert _figures("Score: 5") == [] and _figures("Confidence: 3/5") == []


def test_a_section_named_alone_as_its_own_sentence_is_where_it_goes():
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs(">> Skimmed the abstract only. New to us. §3.2.")] == [("3.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Maybe §3.1.")] == [("3.1", "suggest")]
    assert [(r.key, r.role) for r in section_refs("see §3.2 for background")] == [("3.2", "mention")]
    assert [(r.key, r.role) for r in section_refs("§4.2，顺带回应第六章第二条")][0] == ("4.2", "mention")  # (a clause, no sentence)
