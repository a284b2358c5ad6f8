"""The thirty-fifth stop's readings (docs/FORMAT.md §5.3, §8.2, "Thirty-fifth stop"): what the agreeing pairs and the items of
the last rounds (t348, t353, t354) showed, each written here on a subject of our own so that no shift's words are matched.

* Structure: lines of their own over lists of points ("P-04 · Title · presenter" over "- said: …") are the note's topics; a
  tracker's comment is titled by its writer and its first sentence, the opener's first comment is the issue, and a reply
  addressed to the comment above it ("@kim …") answers it; a comparison's citation in brackets ("[Lee et al., arXiv:…]") is
  still the compared work's.
* Figures: a tail latency (p99) is not compared with a figure giving no percentile; a table cell's measure ("TPOT ms") is no
  other cell's; "CPU 推理上" / "GPU 上" are the device a figure ran on.
* Qualifiers: a verb asked as "A 不 A" ("丢不丢") asserts neither side.
"""
from __future__ import annotations


def _items(text: str, path: str = "inbox/ana/note.md", kind: str = "note"):
    from ingest.notes import parse_note

    parts, _warnings = parse_note(text, path, kind)
    return [(i.line, i.line_end, i.works, i.title) for i in parts["items"]]


# --- structure ----------------------------------------------------------------------------------------------------------

_POSTERS = """# Serving workshop, poster hall A (Tue), ana

"heard:" is what the presenter said, "looked:" what I checked later.

B-03 · TideKV: Tiered Prefix Reuse for Agents · Noor Aziz
- heard: agents re-send the same tool schema, so they keep its KV resident across turns
- heard: TTFT p50 down 28% on an agent trace
- looked: arXiv 2607.11408 exists, abstract matches; no further
- → goes under prefix caching

B-11 · Draft Pruning by Grammar · Ivo Petrov
- heard: "unlike SpecGram [Lee et al., 10.48550/arXiv.2604.02211], which retrains the drafter, ours is training-free"
- looked: read the method section of arXiv 2608.01234v1

B-20 · Carbon-Aware Batching · Lia Chen
- off topic; flyer only

Lunch queue: someone says a new kernel release is coming, no date.
"""


def test_lines_over_lists_of_points_are_the_topics():
    got = _items(_POSTERS)
    assert [(a, b) for a, b, _w, _t in got] == [(5, 9), (11, 13), (15, 16), (18, 18)], got
    works = [w for _a, _b, w, _t in got]
    assert works[:3] == [("2607.11408",), ("2608.01234",), ()], works  # SpecGram is only compared with
    assert got[0][3].startswith("B-03 · TideKV")


def test_a_label_over_a_list_of_papers_is_a_container():
    """A line over a list whose entries each bring a work of their own is no topic: the entries are."""
    text = ("# Reading list\n\nKV cache this week\n- TideKV arXiv:2607.11408 — tiered reuse\n"
            "- SnapKV arXiv:2404.14469 — eviction\n\nKernels this week\n- FlashDecoding++ arXiv:2311.01282 — async softmax\n"
            "- Marlin arXiv:2408.11743 — W4A16\n")
    got = _items(text)
    assert [w for _a, _b, w, _t in got] == [("2607.11408",), ("2404.14469",), ("2311.01282",), ("2408.11743",)], got


_ISSUE = """pasted from our tracker, 2029-06-02 (ana); numbers are the reporters'.

---

# Paged KV eviction stalls at batch 128 #912

Open · kim opened this issue on Jun 1 · 4 comments

**kim** commented on Jun 1

With prefix caching on, p99 TPOT goes from 20 ms to 55 ms at batch 128. Repro attached.

**bo** commented on Jun 1 · Maintainer

Expected with the LRU walk. The TideKV paper (arXiv:2607.11408) keeps a tiered list instead.

**raj** commented on Jun 2

Does this touch the speculative path? We saw one bad draft.

**bo** commented on Jun 2 · Maintainer

@raj unrelated, please open a separate issue.
"""


def test_a_tracker_thread_opener_badges_and_replies():
    got = _items(_ISSUE)
    starts = [a for a, _b, _w, _t in got]
    assert starts == [7, 13, 17], got  # the issue (from its opener's line), the maintainer, raj's question with bo's answer
    assert got[2][1] == 23  # "@raj unrelated…" answers raj: folded into his comment
    assert got[1][3].startswith("bo: Expected with the LRU walk"), got[1][3]  # titled by its words, not "bo"
    assert got[1][2] == ("2607.11408",)


def test_a_comment_badge_after_the_date_is_the_trackers_line():
    from ingest.structure import _COMMENTED

    assert _COMMENTED.match("**jo** commented on May 1 · Maintainer")
    assert _COMMENTED.match("**jo** commented on May 1 · Member · edited")
    assert not _COMMENTED.match("**jo** commented on May 1 · and then left")


def test_a_comparisons_citation_in_brackets_stays_the_compared_works():
    from ingest.structure import works_in

    assert works_in("unlike SpecGram [Lee et al., 10.48550/arXiv.2604.02211], which retrains the drafter, ours is "
                    "training-free")[0] == []
    assert works_in("unlike SpecGram (Lee et al., 2024; arXiv:2604.02211) it is exact")[0] == []
    # (a clause after the comparison is the note's own again)
    assert works_in("compared with SpecGram, and TideKV arXiv:2607.11408 adds tiering")[0] == ["2607.11408"]


# --- figures ------------------------------------------------------------------------------------------------------------

def _figures(text: str):
    from ingest.facts import find_figures
    from ingest.lexicon import load_lexicon

    return [(q.raw, q.metric, set(q.conditions)) for q in find_figures(text, load_lexicon())]


def test_a_table_cells_measure_is_no_other_cells():
    from ingest.notes import _row_fact_text

    class Row:
        header = ("engine", "batch", "TPOT ms", "mask ms/token (p50)")
        cells = ("ours", "8", "9.2", "0.05")

    got = _figures(_row_fact_text(Row()))
    assert "latkind:tpot" in got[0][2] and "latkind:tpot" not in got[1][2], got
    assert "percentile:50" in got[1][2] and "batch:8" in got[1][2]
    # (in prose the measure of the clause before still carries: "TTFT 1.2 s, 0.9 s at batch 8")
    prose = _figures("TTFT 1.2 s on H100, and 0.9 s at batch 8")
    assert all("latkind:ttft" in c for _r, _m, c in prose), prose


def test_the_device_a_figure_ran_on():
    got = _figures("GPU 上 TTFT 约降低 5×；CPU 推理上可以到 40x 的 TTFT 降低")
    assert "device:gpu" in got[0][2] and "device:cpu" in got[1][2], got
    assert "device:cpu" in _figures("On CPU inference the TTFT drops 40x")[0][2]
    assert not any(c.startswith("device:") for _r, _m, cs in _figures("GPU 上线后 TTFT 降了 5×") for c in cs)


def test_a_tail_latency_is_not_compared_with_one_giving_no_percentile():
    from graph.facts import SQuantity
    from queries.contradictions import comparable

    def q(raw, value, conds, metric="latency"):
        return SQuantity(raw=raw, value=value, value_high=None, unit="s", metric=metric, explicit=True, bound=None,
                         direction=None, approx=False, conditions=tuple(conds))

    p99 = q("0.3 ms", 3e-4, ["batch:1", "percentile:99"])
    plain = q("8.1 ms", 8.1e-3, ["batch:1", "latkind:tpot"])
    p50 = q("0.05 ms", 5e-5, ["batch:1", "percentile:50"])
    assert not comparable(p99, plain) and not comparable(plain, p99)
    assert comparable(p50, plain)  # (a median is the figure a plain one gives)
    assert comparable(p99, q("0.9 ms", 9e-4, ["batch:1", "percentile:99"]))


# --- qualifiers ---------------------------------------------------------------------------------------------------------

def test_a_verb_asked_a_not_a_asserts_neither_side():
    from ingest.facts import predicates, qualifier_sides
    from ingest.lexicon import load_lexicon

    lex = load_lexicon()
    assert qualifier_sides("推理侧丢不丢 token 各家做法不同。", lex) == ()
    assert qualifier_sides("需不需要微调，论文没说。", lex) == ()
    assert predicates("需不需要微调，论文没说。", lex) == ()
    assert qualifier_sides("推理时不丢 token。", lex) == ("token_dropping:dropless",)


# --- the fourth round's shapes (t355-t358) ------------------------------------------------------------------------------

_BIB = """# refs.bib, with my notes

Pasted from my thesis bib; my verdicts are in the `note` fields.

```bibtex
@article{kim2026tide,
  title   = {TideKV: Tiered Prefix Reuse for Agent Workloads},
  eprint  = {2607.11408},
  note    = {Read the whole paper twice. Belongs in 4.2.}
}

@inproceedings{lee2024spec,
  title   = {SpecGram: Grammar-Aware Drafting},
  eprint  = {2604.02211},
  note    = {Abstract only,
             not yet the PDF.}
}
```
"""


def test_a_bib_pasted_whole_gives_an_item_per_entry_and_reads_its_note_field():
    from ingest.notes import parse_note

    parts, _w = parse_note(_BIB, "inbox/ana/refs.md", "note")
    items = [(i.line, i.works, i.evidence) for i in parts["items"]]
    assert items == [(6, ("2607.11408",), "full_text"), (12, ("2604.02211",), "abstract_checked")], items
    notes = {c.line: c.text for c in parts["claims"]}
    assert any(c.line == 9 and c.text.startswith("Read the whole paper twice") for c in parts["claims"])
    assert not any("eprint" in c.text for c in parts["claims"])
    assert 15 in notes and "not yet the PDF" in notes[15]  # (a note over two lines is one statement)
    assert {r.arxiv_id: r.title for r in parts["arxiv"]}["2604.02211"] == "SpecGram: Grammar-Aware Drafting"


def test_lines_with_one_capital_label_are_entries_each():
    got = _items("til, ana\n\nTIL: prefix reuse needs the tool schema first\nTIL: TideKV arXiv:2607.11408 keeps agents' KV\n"
                 "TIL: the 4F coffee machine takes badges\n")
    assert [a for a, _b, _w, _t in got] == [3, 4, 5], got
    assert got[1][2] == ("2607.11408",)
    # (two such lines are no log; and a speaker's "Ana:" is no capital label)
    assert len(_items("notes\n\nFYI: one\nFYI: two\n")) <= 1


_SESSION = """# box-3, a throughput check

$ ssh ana@10.1.2.3
$ nvidia-smi --query-gpu=name --format=csv
NVIDIA H100 80GB HBM3
$ df -h /data | tail -1
/dev/nvme0n1  3.5T  3.4T  0.1T  97% /data
# note: the disk is full, the offload runs wait
$ python bench.py --batch 32
tok/s 180.2
# note: 180.2 tok/s at batch 32, single run
$ exit
"""


def test_a_terminal_sessions_topics_are_the_commands_it_comments_on():
    got = _items(_SESSION)
    assert [(a, b) for a, b, _w, _t in got] == [(6, 8), (9, 12)], got
    assert got[1][3].startswith("$ python bench.py")
    from ingest.blocks import read_blocks

    assert not any(b.kind == "heading" and b.line > 1 for b in read_blocks(_SESSION.split("\n")))  # "# note:" is a comment


def test_a_video_descriptions_bare_chapter_stamps_are_its_topics_named_by_its_paper_list():
    text = ("Talk — disaggregated serving (40:10)\n\nPapers mentioned:\n"
            "- TideKV: Tiered Prefix Reuse for Agent Workloads https://arxiv.org/abs/2607.11408\n"
            "- SpecGram arxiv.org/abs/2604.02211\n\n"
            "Chapters\n00:00 Intro\n    company slides\n04:12 TideKV recap\n    she quoted 3x; abstract confirms it\n"
            "12:30 Q&A\n    nothing new\n")
    got = _items(text)
    assert [a for a, _b, _w, _t in got][-3:] == [8, 10, 12], got
    assert got[-2][2] == ("2607.11408",)  # "TideKV recap": the paper the list names "TideKV: …"


def test_an_outlines_entry_whose_source_field_gives_its_paper_is_a_topic():
    text = ("- [[June 1st, 2029]]\n    - reading queue for [[agent serving]] #serving\n"
            "        - [[TideKV]] (arXiv:2607.11408) #read\n            - Status:: read in full\n"
            "        - [[SpecGram]] #to-read\n            - Source:: arxiv.org/abs/2604.02211\n"
            "            - abstract: training-free\n        - [[Marlin]] 2408.11743 #to-read\n"
            "    - [[Hydragen]] [2402.05099] #read\n        - re-skimmed the abstract\n"
            "    - [[infra]] standup #meeting\n        - box-3 disk swapped\n")
    got = _items(text)
    assert [(a, b, w) for a, b, w, _t in got if w][:3] == [(3, 4, ("2607.11408",)), (5, 7, ("2604.02211",)), (8, 8, ("2408.11743",))], got


_TICKET = """KER-7 · Read the three P/D papers
Status: In Progress

Sub-issues
- [x] KER-8 TideKV: tiered prefix reuse — arXiv:2607.11408
- [ ] KER-9 SpecGram: grammar-aware drafting — arXiv:2604.02211

Comments

TideKV — read it end to end, goes in 4.2.
— Ana, Jun 1

SpecGram — haven't opened it yet.
— Bo, Jun 2
"""


def test_a_tickets_comments_naming_its_sub_issues_are_theirs():
    from ingest.notes import parse_note

    parts, _w = parse_note(_TICKET, "inbox/ana/ker-7.md", "note")
    item_of = {c.line: c.item for c in parts["claims"]}
    items = parts["items"]
    assert [(i.line, i.works) for i in items][:2] == [(5, ("2607.11408",)), (6, ("2604.02211",))]
    assert item_of[10] == item_of[5] and item_of[13] == item_of[6], item_of
    assert items[0].evidence == "full_text" and items[1].evidence in ("unverified", "abstract_checked")


def test_a_thread_announcing_its_papers_goes_on_with_the_one_last_brought():
    text = ("Thread by @ana · unrolled\n\n1/6 Two papers I keep sending people.\n\n2/6 First, TideKV (arxiv.org/abs/2607.11408): "
            "tiered reuse.\n\n3/6 The trick: it keeps agent schemas resident.\n\n4/6 Second one: SpecGram, arxiv.org/abs/2604.02211.\n\n"
            "5/6 Their numbers: 2x on JSON.\n\n6/6 Hardware aside: GB200 changes all of this.\n")
    got = _items(text)
    spans = [(a, b, w) for a, b, w, _t in got if w]
    assert spans == [(5, 7, ("2607.11408",)), (9, 11, ("2604.02211",))], got
    assert any(a == 13 for a, _b, _w, _t in got)  # (an aside is a topic of its own)


def test_a_commenters_own_depth_is_second_hand_in_a_relayed_thread():
    text = ("> pasted from HN, skimmed only, treat as hearsay — ana\n\nAsk HN: how do you serve agents?\n\n"
            "kvfan 3 hours ago | next [–]\n\nTideKV (https://arxiv.org/abs/2607.11408) keeps tool schemas resident. "
            "I read it end to end on the train.\n\n"
            "bofan 2 hours ago | next [–]\n\nSpecGram (https://arxiv.org/abs/2604.02211) is the one to watch.\n")
    from ingest.notes import parse_note

    parts, _w = parse_note(text, "inbox/ana/hn.md", "note")
    said = [c for c in parts["claims"] if "end to end" in c.text]
    assert said and said[0].evidence in ("second_hand", "unverified"), said


def test_the_fourth_rounds_evidence_and_placement_words():
    from ingest.evidence import evidence_reader
    from ingest.placement import section_refs

    r = evidence_reader()
    assert "second_hand" in r.levels("Bo re-checked the abstract + Table 2 for me; I never opened the PDF myself.")
    assert "second_hand" in r.levels("没读。Marta 在 reading group 上讲的：joules/token falls")
    assert "full_text" in r.levels("TideKV — did §4 (the scheduler) and §6 (eval) properly this time")
    assert "abstract_checked" in r.levels("looked it up in the abstract afterwards: 3x is there")
    assert {"abstract_checked", "second_hand"} <= set(r.levels(
        "my own reading stops at the abstract, so everything below is the reviewers' say-so"))
    assert "vendor_self_reported" in r.levels("that's her own demo on their H100 box, not a paper figure")
    assert [(x.title, x.role) for x in section_refs("这篇可以补到你们低精度 attention 那部分")] == [("低精度 attention", "suggest")]
    assert [(x.key, x.role) for x in section_refs("知识库 4.1 末尾那条待补的说的正是这个，建议就补在那里。")] == [("4.1", "suggest")]
    assert [(x.key, x.role) for x in section_refs("这块正好可以填 4.3 末尾那条。")] == [("4.3", "suggest")]


def test_the_fourth_rounds_figure_and_qualifier_words():
    got = _figures("A100 上把 power cap 设到 300 W，throughput 只掉 ~2%；250 W cap on A100: throughput −9%")
    assert [next(c for c in cs if c.startswith("powercap:")) for _r, _m, cs in got] == ["powercap:300", "powercap:250"], got
    assert "base:主流" in _figures("相对主流推理引擎平均提速 1.37x")[0][2]
    assert "base:主流" in _figures("比 vLLM、TensorRT-LLM 这些主流引擎快了将近一倍")[0][2]
    assert _figures("against vLLM it sustains roughly four times the request rate")[0][2] == {"base:vllm"}
    from ingest.facts import predicates, qualifier_sides
    from ingest.lexicon import load_lexicon

    lex = load_lexicon()
    assert qualifier_sides("Online serving already taught us that throughput and latency trade off", lex) == ()
    assert qualifier_sides("Chunked prefill in offline mode, default chunk 512", lex) == ()
    assert qualifier_sides("its scheduler runs online, re-deciding every step", lex) == ("online:online",)
    assert "+modify:scheduler" in predicates("得在 vLLM scheduler 里加 hook 才知道阶段", lex)


def test_a_cross_reference_in_an_issues_timeline_opens_the_pull_requests_topic():
    text = ("# Paged KV eviction stalls #912\n\nOpen · kim opened this issue on Jun 1 · 3 comments\n\n"
            "**kim** commented on Jun 1\n\nWith prefix caching on, p99 TPOT goes from 20 ms to 55 ms at batch 128.\n\n"
            "**bo** commented on Jun 1 · Maintainer\n\nExpected; the TideKV paper (arXiv:2607.11408) keeps a tiered list.\n\n"
            "bo added the bug label on Jun 1\n\n"
            "raj mentioned this issue in #915 Walk the tiered list instead of the LRU\n\n"
            "**raj** commented on Jun 2 · Member\n\n#915 replaces the LRU walk; p99 TPOT back to 21 ms on the repro.\n")
    got = _items(text)
    assert [a for a, _b, _w, _t in got] == [3, 9, 15], got
    assert got[2][3].startswith("raj mentioned this issue in #915"), got[2][3]
    assert got[2][1] == 19  # (raj's comment under his cross-reference is its text)


def test_a_question_in_brackets_after_a_statement_leaves_the_statement_asserted():
    from queries.contradictions import _asserts_before_asking

    assert _asserts_before_asking("每个 step 都要切频率 ⇒ 得在 scheduler 里加 hook, 才知道下一步是 prefill 还是 decode (≠ Ana 的笔记?")
    assert _asserts_before_asking("it needs a hook in the scheduler (or did I misread?")
    assert not _asserts_before_asking("Is it lossless (really?")
    assert not _asserts_before_asking("Training-free, really?")


def test_the_precision_readings_of_the_last_rounds_other_findings():
    """Findings read and judged false on t346, t353, t354: a load level is a setting, a vocabulary's size no context, and a
    figure the writer read in the abstract is not one they doubt."""
    got = _figures("reject at arrival when predicted slack < 0, +22% goodput over fcfs-with-timeout at 1.3x overload")
    assert [(r, c) for r, _m, c in got] == [("22%", {"base:fcfs-with-timeout", "load:1.3"})], got
    assert [r for r, _m, _c in _figures("~50 µs of CPU time per token mask with a 128k tokenizer")] == ["50 µs"]
    assert [r for r, _m, _c in _figures("on a 32k vocabulary the index takes 1–10 s")] == ["1–10 s"]
    from ingest.evidence import evidence_reader
    from queries.contradictions import _SOURCE_SAYS

    said = "我刚去看了一眼 abstract，写的是 4x TTFT、2.1x throughput，没看正文"
    assert "abstract_checked" in evidence_reader().levels(said)
    assert all(_SOURCE_SAYS.search(said[max(0, said.find(x) - 24):said.find(x)]) for x in ("4x", "2.1x"))
    assert not _SOURCE_SAYS.search("the 76% headline, which I could not verify: ")


# --- the fifth round's shapes (t359-t362) -------------------------------------------------------------------------------

_SUGGESTING = """Review copy of "Part 4 · KV reuse" — Google Docs export, suggesting mode
Suggestions are Ana's unless a comment says otherwise.

¶ 4.1 — TideKV paragraph
TideKV keeps agent schemas resident [[deleted: for one turn]][[inserted: across turns]].[a]

¶ 4.2 — new paragraph after the SnapKV sentence
[[inserted: SpecGram (arXiv 2604.02211v1) drafts under the grammar.]][b]

Comments
[a] Comment by Ana Ruiz: I only had the abstract open for this one.
[b] Comment by Bo Chen: read it properly, start to finish. Proposing it for 4.2.
"""


def test_a_suggesting_mode_export_splits_at_its_paragraph_anchors_and_keys_its_margin_comments():
    from ingest.notes import parse_note

    parts, _w = parse_note(_SUGGESTING, "inbox/ana/gdoc.md", "note")
    items = parts["items"]
    assert [(i.line, i.line_end) for i in items] == [(4, 5), (7, 8)], [(i.line, i.line_end) for i in items]
    item_of = {c.line: c.item for c in parts["claims"]}
    assert item_of[11] == 0 and item_of[12] == 1  # "[a] Comment by …" is the comment on the paragraph marked [a]
    assert items[0].evidence == "abstract_checked" and items[1].evidence == "full_text"
    assert "4.1" in items[0].sections and "4.2" in items[1].sections
    # (a read's numbered paragraphs, "¶1 引言。…", are parts of one read)
    from ingest.structure import _PILCROW

    assert _PILCROW.match("¶ Sources") and not _PILCROW.match("¶1 引言。目标场景是小 batch 解码。")


_INTERVIEW = """# Bandwidth Bound, ep. 9 (transcript)

Guest: Ana Ruiz, first author of TideKV (arxiv.org/abs/2607.11408v1). Host: Bo.

[00:00:41] HOST: Before we start, this episode is brought to you by a cloud that sells H200 hours cheaply today.
[00:01:12] HOST: Ana, welcome. What does TideKV actually do?
[00:01:19] GUEST: We keep agent schemas resident across turns, in a tiered cache.
[00:02:48] HOST: And what does that buy you in numbers?
[00:02:53] GUEST: About 2x TTFT on agent traces.
[00:09:30] HOST: Everyone talks about MLA. Why did that design work so well?
[00:09:38] GUEST: Because keys and values share one latent.
[00:10:20] HOST: That's nothing.
[00:17:05] HOST: Where does SpecGram sit relative to your work?
[00:17:12] GUEST: Different problem, drafting under a grammar.
"""


def test_an_interviews_topics_are_its_hosts_questions_and_follow_ups_stay_with_them():
    got = _items(_INTERVIEW)
    assert [(a, b) for a, b, _w, _t in got] == [(5, 5), (6, 9), (10, 12), (13, 14)], got


_RELWORK = """# related work, draft 2, pasted from Overleaf

```latex
% keys: tide=2607.11408  spec=arXiv:2604.02211  marlin=2408.11743
\\section{Related Work}

\\paragraph{Prefix reuse.}
\\citet{tide} keep agent schemas resident across turns.
% tide: read all of it incl. the appendix.

\\paragraph{Drafting and kernels.}
Grammar-aware drafting \\citep{spec,marlin} is complementary.
% spec: abstract only so far.
```
"""


def test_a_latex_draft_pasted_in_a_fence_is_read_part_by_part_with_its_cite_keys_resolved():
    from ingest.notes import parse_note

    parts, _w = parse_note(_RELWORK, "inbox/ana/relwork.md", "note")
    items = [(i.line, i.works, i.evidence) for i in parts["items"]]
    assert items == [(7, ("2607.11408",), "full_text"), (11, ("2604.02211", "2408.11743"), "abstract_checked")], items
    assert any(c.line == 8 and "tide (arXiv:2607.11408)" in c.text for c in parts["claims"])


def test_a_journal_label_over_papers_with_their_own_properties_gives_the_papers():
    text = ("- DONE stand-up moved to Thursday #serving\n- [[Paper reading]] — two papers today, both for [[kv-reuse]]\n"
            "\t- TODO [[TideKV]] v2 is out — re-read the eval\n\t  arxiv:: https://arxiv.org/abs/2607.11408v2\n"
            "\t  read-depth:: the whole v2 PDF\n\t- DONE [[SpecGram]] Grammar-Aware Drafting\n\t  arxiv:: arXiv:2604.02211\n"
            "\t  read-depth:: abstract only\n- 周五 hotpot? #social\n")
    got = _items(text)
    assert [(a, w) for a, _b, w, _t in got if w] == [(3, ("2607.11408",)), (6, ("2604.02211",))], got


def test_a_mail_answering_questions_about_the_paper_its_subject_names():
    text = ("From: Ana Ruiz <ana@example.org>\nTo: Bo Chen <bo@example.org>\nSubject: Re: TideKV (arXiv:2607.11408) — two questions\n\n"
            "Hi Bo, answers inline.\n\n> 1. Is the hit rate in Table 2 really flat in batch size?\n\nNo, that cell is a copy-paste error; "
            "at batch 64 it is 0.71.\n\n> 2. Does it work with tree drafts?\n\nYes, we budget by verified tree nodes.\n\n"
            "> 3. Was chunked prefill on?\n\nYes, Sarathi-style (https://arxiv.org/abs/2403.02310).\n\nBest,\nAna\n")
    got = _items(text)
    assert [(a, w) for a, _b, w, _t in got][:3] == [(7, ("2607.11408",)), (11, ("2607.11408",)), (15, ("2403.02310",))], got


def test_a_commit_pasted_in_a_fence_gives_its_messages_bullets_and_a_claims_sheets_status_is_no_flag():
    text = ("# patch for kv.md\n\nHere is the commit.\n\n```\ncommit 9b1c0e4f7a2d35e8c61f04b7d2a9e3c5f8a1b6d0\n"
            "Author: Bo <bo@lab.internal>\nDate:   Fri Jul 13 08:41:22 2029 +0200\n\n    kv: TideKV figure, one new paper\n\n"
            "    * 4.1, TideKV: our bullet describes v1; arXiv:2607.11408v3 reports 3x. I went through v3 end to end.\n"
            "    * new bullet for 4.2: arXiv 2604.02211, abstract only.\n```\n")
    got = _items(text)
    assert [(a, w) for a, _b, w, _t in got][-2:] == [(12, ("2607.11408",)), (13, ("2604.02211",))], got
    import re

    from queries.contradictions import _flag_cues, _status_cell

    _ref, wrong = _flag_cues()
    row = "7 | TideKV keeps only projected keys | 2607.11408 | ep. 9; vs paper §3.2: full keys kept | wrong | wen"
    assert all(_status_cell(row, m) for m in wrong.finditer(row))
    said = "our §4.1 gets this wrong: TideKV keeps the full keys"
    assert not any(_status_cell(said, m) for m in wrong.finditer(said)) and re.search("wrong", said)


def test_a_suggested_edit_reads_as_the_text_it_leaves():
    from ingest.blocks import read_blocks

    line = "It is task-agnostic and [[deleted: does not condition on the question]][[inserted: conditions on the question]].[a]"
    (b,) = read_blocks([line])
    assert b.text == "It is task-agnostic and conditions on the question.[a]"
    assert read_blocks(["a wikilink [[TideKV]] stays"])[0].text == "a wikilink [[TideKV]] stays"


def test_a_clause_about_one_work_of_a_statement_naming_two_says_nothing_of_the_other():
    from queries.contradictions import _others_clause

    t = ("cla (arXiv:2405.12981) share one projection between adjacent layers and train such models from scratch, whereas "
         "minicache (arXiv:2405.14366) merge the caches after the fact.")
    assert _others_clause(t, t.find("train"), "2405.14366")  # training is CLA's
    assert not _others_clause(t, t.find("train"), "2405.12981")
    assert not _others_clause(t, t.find("merge"), "2405.14366")
    assert not _others_clause("TideKV needs no training at all.", 12, "2607.11408")  # (a clause naming no work: the statement's)


def test_a_side_set_against_or_of_our_own_deployment_is_not_the_works():
    from ingest.facts import qualifier_sides
    from ingest.lexicon import load_lexicon

    lex = load_lexicon()
    assert qualifier_sides("v1's goodput gain was against static k=4; against a tuned static k it is 1.25x", lex) == ()
    assert qualifier_sides("TideSpec 只支持 chain 形式的 draft；我们线上的 EAGLE 动态树直接套不上去", lex) == ()
    assert qualifier_sides("TideSpec uses a dynamic tree", lex) == ("dynamic:dynamic",)


def test_the_fresh_users_reading_of_t358_and_t362():
    """A reference list keyed by long author-year labels ("[RajbhandariS22] DeepSpeed …") keeps each line's title (one title was
    taken from the line above and reported as a second title of the work); a title ending in capitals before "arXiv:" is read;
    an increment's short name keeps its section number; an outline's title drops its task marker, tags and link brackets; a
    clause whose subject is other works in general gives this work no side."""
    from ingest.facts import qualifier_sides
    from ingest.lexicon import load_lexicon
    from ingest.living_doc import parse_living_doc, reference_title
    from ingest.structure import _tidy_title
    from queries.render.brief import _short

    doc = ("# Batch\n\n## 1 Intro\n\nText.\n\n## References\n\n"
           "[ParkJ26] LenSort: Output-Length-Aware Packing for Batch Jobs. arXiv:2602.08813.\n"
           "[RajbhandariS22] DeepSpeed Inference: Efficient Inference of Transformers at Scale. arXiv:2207.00032.\n"
           "[ShengY23] FlexGen: High-Throughput Generative Inference with a Single GPU. arXiv:2303.06865.\n")
    titles = {c.arxiv_id: c.title for c in parse_living_doc(doc).citations}
    assert titles["2207.00032"].startswith("DeepSpeed Inference") and titles["2602.08813"].startswith("LenSort")
    assert titles["2303.06865"] == "FlexGen: High-Throughput Generative Inference with a Single GPU"
    assert reference_title("[SongY23] PowerInfer: Serving on a Consumer-grade GPU. arXiv:2312.12456.") == \
        "PowerInfer: Serving on a Consumer-grade GPU"
    assert _short("31.3, TransMLA: our bullet describes v1") == "31.3, TransMLA"
    assert _tidy_title("TODO [[TideSpec]] v3 is out #to-read") == "TideSpec v3 is out"
    assert _tidy_title("#2291 fix") == "#2291 fix"
    lex = load_lexicon()
    assert "online:offline" not in qualifier_sides("So almost every low-rank KV method fixes the basis offline, and we update it "
                                                   "online", lex)
    assert qualifier_sides("现有方法大多是离线的，TideKV 是在线的", lex) == ("online:online",)


def test_a_reading_lists_one_line_references_stay_the_lists():
    """s1: "3. Reading list shared in a Discord channel:" over two one-line references ("- Medusa: … — arXiv:2401.15077") is
    one topic; a journal's blocks with properties of their own (above) are topics each."""
    text = ("scan, ana\n\n1. A tweet thread says TideKV (arXiv:2607.11408) is lossless.\n\n"
            "2. Reading list shared in a Discord channel:\n   - SpecGram: Grammar-Aware Drafting — arXiv:2604.02211\n"
            "   - Marlin: Mixed-Precision Kernels — arXiv:2408.11743\n   Nothing we don't have already.\n")
    got = _items(text)
    assert [(a, w) for a, _b, w, _t in got] == [(3, ("2607.11408",)), (5, ("2604.02211", "2408.11743"))], got


def test_short_follow_ups_and_action_items_stay_where_they_are():
    """t269: an interviewer's "And the tail?" follows the answer before; t50: a huddle's "AI: priya — …" action items are no log of
    one-line finds (only a log's labels, "TIL:", "FYI:", make each line an entry)."""
    from ingest.structure import _FOLLOW_UP_Q

    assert _FOLLOW_UP_Q.match("And the tail?") and _FOLLOW_UP_Q.match("And shorter contexts?")
    assert not _FOLLOW_UP_Q.match("And eviction, H2O, SnapKV, that family — where does it sit relative to your work?")
    got = _items("recap, ana\n\nAI: bo — send the table\nAI: kim — read the README\nAI: raj — move the eval\n")
    assert len(got) <= 1, got


def test_a_chat_exports_handle_and_time_header_titles_its_message_by_its_words():
    text = ("#prompt-compression, export\n\n@priya (10:14)\nhttps://arxiv.org/abs/2607.03318\n\n"
            "@tomas (10:31)\nStandup moved to 11. TideKV (arXiv:2607.11408) keeps schemas resident.\n\n"
            "@mei (11:02)\nSelective Context (arXiv:2310.06201) is the baseline row, abstract only.\n")
    got = _items(text)
    assert [t for _a, _b, _w, t in got][-2:] == ["tomas: Standup moved to 11.", "mei: Selective Context (arXiv:2310.06201) is the baseline row, abstract only."], got
