"""The sixteenth stop's rules (blind shifts t155-t158), each pinned on a small inline text (docs/FORMAT.md §5.3, §5.4).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives: a calendar export's events, an agent's JSON Lines log, a bookmark
export, a program whose comments are the notes, a QQ export's turns, restarted point numbering, a
reader app's board, wiki tables with separators, a repo card's description field, placements read in
more wordings, a citation list written ``arXiv ID: Title. Authors (Year).``, and two qualifier aspects.
"""
from __future__ import annotations

from ingest.evidence import evidence_reader
from ingest.facts import _conditions, _cues, predicates, qualifier_sides
from ingest.lexicon import load_lexicon
from ingest.living_doc import reference_title
from ingest.markup import as_markdown
from ingest.notes import parse_note
from ingest.placement import PLACEMENT_HEADING, section_refs
from ingest.structure import IM_CLUTTER, is_turn_header


def _lines(src: str, path: str) -> list[str]:
    out = as_markdown(src, path)
    assert out.count("\n") == src.count("\n")  # a rewrite never moves a line
    return out.split("\n")


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _item_rows(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return parts["items"]


# --------------------------------------------------------------------------- iCalendar

ICS = """\
reading group, exported from the calendar
BEGIN:VCALENDAR
VERSION:2.0
BEGIN:VEVENT
UID:a1@example.org
SUMMARY:RG #1 — DistServe (Mei)
DTSTART:20270708T130000Z
DESCRIPTION:Paper: DistServe\\, arxiv.org/abs/2401.09670v3\\n\\nMei read the f
 ull paper.\\n- chatbot OPT-66B: 4.8x goodput over vLLM\\n- KV is pulled\\; wh
 ole cache at once
STATUS:CONFIRMED
END:VEVENT
BEGIN:VEVENT
UID:a2@example.org
SUMMARY:CANCELLED: RG #2 — LoongServe
DESCRIPTION:LoongServe\\, 2404.09526
STATUS:CANCELLED
END:VEVENT
END:VCALENDAR
"""


def test_a_calendar_export_is_one_heading_per_event_with_its_description_unfolded_at_its_lines():
    out = _lines(ICS, "inbox/a/rg.md")
    assert out[0] == "reading group, exported from the calendar"  # the paster's remark stays
    assert out[3] == "## RG #1 — DistServe (Mei)" and out[4] == out[5] == out[6] == ""
    # folded lines joined, escapes undone, each line of the value where it starts (or the next free line)
    assert out[7] == "Paper: DistServe, arxiv.org/abs/2401.09670v3"
    assert out[8] == "Mei read the full paper."
    # (more lines than the property's lines: the last ones share its last line, never a line past it)
    assert out[9] == "- chatbot OPT-66B: 4.8x goodput over vLLM - KV is pulled; whole cache at once"
    assert out[10] == ""  # STATUS:CONFIRMED
    assert out[12] == "## CANCELLED: RG #2 — LoongServe" and out[15] == "LoongServe, 2404.09526"
    assert out[16] == "Status: cancelled."
    assert _items(ICS, "inbox/a/rg.md") == [(4, ("2401.09670",)), (13, ("2404.09526",))]


def test_an_ics_file_is_read_by_its_suffix():
    body = ICS.split("\n", 1)[1]
    assert _lines(body, "inbox/a/rg.ics")[2] == "## RG #1 — DistServe (Mei)"


# --------------------------------------------------------------------------- JSON Lines

JSONL = """\
agent run 0816
```jsonl
{"ts": "t1", "step": "fetch", "arxiv": "2407.02490", "depth": "-", "text": "GET arxiv.org/pdf/2407.02490v2 -> 200"}
{"ts": "t2", "step": "read", "arxiv": "2407.02490", "depth": "full", "text": "MInference: prefill 6.3x at 1M on one A100."}
{"ts": "t3", "step": "read", "arxiv": "2502.13189", "depth": "secondhand", "text": "MoBA via a newsletter: 6.5x prefill."}
```
"""


def test_a_json_lines_log_is_one_entry_per_work_with_each_records_words_and_depth_at_its_line():
    out = _lines(JSONL, "inbox/a/run.md")
    assert out[1] == out[5] == ""  # the fence
    assert out[2] == "- arXiv:2407.02490 — fetch: GET arxiv.org/pdf/2407.02490v2 -> 200"
    assert out[3] == "  read (full): MInference: prefill 6.3x at 1M on one A100."  # the same work: its continuation
    assert out[4] == "- arXiv:2502.13189 — read (secondhand): MoBA via a newsletter: 6.5x prefill."
    items = _item_rows(JSONL, "inbox/a/run.md")
    assert [(i.line, i.line_end, tuple(i.works)) for i in items] == [(3, 4, ("2407.02490",)), (5, 5, ("2502.13189",))]
    assert "full_text" in items[0].evidence_levels and "second_hand" in items[1].evidence_levels


# --------------------------------------------------------------------------- bookmarks, boards, rules

BOOKMARKS = """\
Raindrop export, collection long-ctx

SinkRetrieve: Sink-Anchored Page Retrieval
https://arxiv.org/abs/2606.02291
tags: decode, sinks
note: abstract only; feels like a 5.4 addition

Flash-Decoding for long-context inference
https://crfm.stanford.edu/2023/10/12/flashdecoding.html
note: a sentence or two under 2.1 would cover it

Sourdough hydration calculator
https://example.org/tools/hydration
note: wrong collection
"""


def test_a_bookmark_export_is_one_item_per_bookmark_at_its_title():
    out = _lines(BOOKMARKS, "inbox/a/bm.md")
    assert out[2] == "## SinkRetrieve: Sink-Anchored Page Retrieval" and out[3] == "https://arxiv.org/abs/2606.02291"
    items = _item_rows(BOOKMARKS, "inbox/a/bm.md")
    assert [(i.line, tuple(i.works), tuple(i.sections)) for i in items] == [
        (3, ("2606.02291",), ("5.4",)), (8, (), ("2.1",)), (12, (), ())]


BOARD = """\
Feed board export, 2 saved articles

━━━━━━━━━━━━━━━━━━━━

■ A thousand adapters on one GPU
Source: vendor blog
Annotation: their own numbers, no setup.

━━━━━━━━━━━━━━━━━━━━

■ Adapter Weekly #87
Source: newsletter
Summary: CaraServe (arXiv:2401.11240) hides cold starts.
"""


def test_a_reader_boards_articles_are_items_and_a_drawn_rule_is_a_break():
    out = _lines(BOARD, "inbox/a/board.md")
    assert out[2] == out[8] == "***"
    assert _items(BOARD, "inbox/a/board.md") == [(5, ()), (11, ("2401.11240",))]
    assert [i.title for i in _item_rows(BOARD, "inbox/a/board.md")] == ["A thousand adapters on one GPU", "Adapter Weekly #87"]


# --------------------------------------------------------------------------- a program whose comments are notes

SCRIPT = '''\
Pasting the bench script before the refactor.

```python
"""bench.py -- goodput sweep.

  * DistServe 2401.09670 -- goodput definition.
    1P1D gives 1.5x goodput over colocated (ours).
  * Splitwise 2311.18677 -- only on the A100 box.
"""
import argparse

SLO = {"chat": (0.25, 0.1)}  # copied from the paper


# NB TetriInfer (2401.11181): no length predictor,
# that's what Arjun told me; I haven't opened the paper.
def pick(instances):
    return min(instances)
```
'''


def test_a_pasted_program_keeps_its_docstring_and_comments_and_drops_its_code():
    out = _lines(SCRIPT, "inbox/a/bench.md")
    assert out[3] == "bench.py -- goodput sweep."
    assert out[5] == "* DistServe 2401.09670 -- goodput definition." and out[6] == "  1P1D gives 1.5x goodput over colocated (ours)."
    assert out[9] == out[11] == out[16] == out[17] == ""  # code lines and the fence blank, a trailing comment too
    assert out[14] == "NB TetriInfer (2401.11181): no length predictor,"
    assert _items(SCRIPT, "inbox/a/bench.md") == [(6, ("2401.09670",)), (8, ("2311.18677",)), (15, ("2401.11181",))]


def test_a_note_with_one_example_snippet_is_no_program():
    text = "# Notes on SnapKV 2404.14469\n\nIt evicts by an observation window.\n\n```python\nx = 1  # 2404.14469\n```\n"
    assert as_markdown(text, "inbox/a/n.md") == text


# --------------------------------------------------------------------------- chats and enumerated points

def test_a_qq_export_header_is_a_turn_and_its_notices_say_nothing():
    assert is_turn_header("2027-08-17 21:04:05 张三(12345678)")
    assert is_turn_header("2027-08-17 21:04 Ana Ruiz <ana@lab.org>")
    assert not is_turn_header("2027-08-17 21:04:05 see (fig 3)")
    assert IM_CLUTTER.match("罗威撤回了一条消息") and IM_CLUTTER.match("[图片]") and IM_CLUTTER.match("<Media omitted>")
    assert not IM_CLUTTER.match("他撤回了那条结论，因为数字不对")
    text = ("消息记录\n\n2027-08-17 21:04:05 张三(12345678)\n先甩一篇 https://arxiv.org/abs/2604.11873 HedgeServe，可以挂在 2.2\n\n"
            "2027-08-17 21:09:30 系统消息(10000)\n罗威撤回了一条消息\n\n"
            "2027-08-17 21:10:02 小白(2755903318)\nsarathi-serve 那篇（2403.02310）不是说 6.9 倍吗\n")
    items = _item_rows(text)
    assert [(i.line, tuple(i.works)) for i in items] == [(3, ("2604.11873",)), (9, ("2403.02310",))]
    assert items[0].relevance != "low"  # a recall notice is no one's verdict


def test_points_numbered_again_under_each_paper_are_that_papers_points():
    text = ("OCR 转写\n\nFastServe   arXiv 2305.05920v1\n全文读过\n① skip-join MLFQ\n② 抢占式\n③ KV offload\n\n"
            "Learning to Rank 调度   arXiv:2408.15792\n① 排序而非长度\n② 近似 SJF\n")
    assert _items(text) == [(3, ("2305.05920",)), (9, ("2408.15792",))]


def test_numbered_entries_bringing_works_under_group_titles_stay_topics():
    text = ("# 周报\n\n一、论文\n1、SnapKV arXiv:2404.14469 驱逐\n2、Medusa arXiv:2401.10774 多头\n"
            "二、其他\n1、EAGLE arXiv:2401.15077 特征\n2、H2O arXiv:2306.14048 重击\n")
    assert [ln for ln, _w in _items(text)] == [4, 5, 7, 8]


# --------------------------------------------------------------------------- tables and cards

def test_a_wiki_tables_caption_stays_above_it_and_its_rows_are_items():
    text = ("== Systems ==\n{| class=\"wikitable\"\n|+ gains vs the named baseline\n! System !! arXiv !! Gain\n|-\n"
            "| Punica || 2310.18547 || 7.5x vs vLLM\n|-\n| S-LoRA || 2311.03285 || 3.9x vs vLLM\n|}\n\n== Other ==\nText.\n")
    out = _lines(text, "inbox/a/wiki.md")
    assert out[1] == "gains vs the named baseline" and out[2] == "" and out[3] == "| System | arXiv | Gain |"
    assert _items(text, "inbox/a/wiki.md")[:2] == [(6, ("2310.18547",)), (8, ("2311.03285",))]


def test_a_ratio_cell_takes_its_columns_measure():
    text = "| System | arXiv | Throughput gain (n) |\n|---|---|---|\n| Punica | 2310.18547 | 7.5x vs vLLM (n = 100) |\n"
    parts, _w = parse_note(text, "inbox/a/t.md", "note")
    q = [q for c in parts["claims"] for q in c.quantities]
    assert [(q.raw, q.metric, q.explicit) for q in q] == [("7.5x", "throughput", True)]


def test_a_repo_cards_description_field_names_the_method_it_implements():
    card = ("# repo card · zhuzilin/ring-flash-attention\n\n- url: https://github.com/zhuzilin/ring-flash-attention\n"
            "- what: Ring Attention (arXiv:2310.01889) built on the flash-attn kernels\n"
            "- the stripe variant follows Striped Attention (2311.09431)\n")
    assert _items(card, "organized/repo_cards/r.md", "repo_card") == [(1, ("2310.01889",))]
    cites = card.replace("Ring Attention (arXiv:2310.01889) built on", "an eval harness; cites Ring Attention (arXiv:2310.01889), on")
    assert _items(cites, "organized/repo_cards/r.md", "repo_card") == [(1, ())]


# --------------------------------------------------------------------------- placement, verdicts, evidence

def test_placements_in_more_wordings():
    roles = lambda t: [(r.key, r.role) for r in section_refs(t)]  # noqa: E731
    assert roles("a sentence or two under 2.1 would cover it") == [("2.1", "suggest")]
    assert roles("BoundSkip -> candidate for 5.2 next to MInference") == [("5.2", "suggest")]
    assert roles("feels like a 5.4 addition") == [("5.4", "suggest")]
    assert roles("It does not belong in 5.2 (prefill is untouched).") == [("5.2", "negative")]
    assert roles("the 2.2x addition of memory") == []
    assert PLACEMENT_HEADING.match("Fit") and not PLACEMENT_HEADING.match("Fitness")


def test_a_negated_placement_is_no_verdict_and_a_noun_skipped_is_no_skip():
    read = ("Critical read of https://arxiv.org/pdf/2606.02291v2.pdf\n\n## Verdict\n\n"
            "Include. A short paragraph in 5.4. It does not belong in 5.2 (prefill is untouched).\n")
    it = _item_rows(read)[0]
    assert (it.relevance, tuple(it.sections)) == ("increment", ("5.4",))
    card = ("---\narxiv: 2604.08813\n---\n\n## Claims\n- Skipped fraction grows with context.\n\n## Fit\n§5.2, beside MInference\n")
    it = _item_rows(card, "organized/paper_cards/c.md", "paper_card")[0]
    assert it.relevance != "low" and tuple(it.sections) == ("5.2",)
    assert _item_rows("Notes on X 2604.08813\n\nSkipped: off-topic.\n")[0].relevance == "low"


def test_evidence_cues_of_this_round():
    evr = evidence_reader(load_lexicon())
    assert evr.levels("| 第一作者 | 欧阳敏 |") == ()  # a manuscript's author field, no self-report
    assert evr.levels("一作在推特上说 3x") == ("second_hand", "vendor_self_reported")
    assert evr.levels("我没读过，只是印象里是做流式输出体验的") == ("unverified",)
    assert evr.levels("I checked the numbers against the PDFs myself.") == ("full_text",)
    assert evr.levels("PDF §7, Fig. 9") == ("full_text",) and evr.levels("PDF Table 4") == ("full_text",)
    assert evr.levels("docs only, not benchmarked by us") == ("unverified",)
    assert evr.levels("实验那节我翻过了") == ("full_text",)
    assert evr.levels("配置还没复核") == ("unverified",)
    assert evr.levels("vllm 的 release notes 说 P99 降了 35%") == ("vendor_self_reported",)


# --------------------------------------------------------------------------- citation titles and facts

def test_a_citation_written_id_first_then_title_then_authors():
    assert reference_title("* arXiv 2310.18547v2: Punica: Multi-Tenant LoRA Serving. Chen et al. (2023).") == \
        "Punica: Multi-Tenant LoRA Serving"
    assert reference_title("[2403.02310] Taming Throughput-Latency Tradeoff — OSDI 2024") == "Taming Throughput-Latency Tradeoff"


def test_lora_rank_and_adapter_count_are_conditions():
    cues = _cues(load_lexicon())
    conds = lambda t: [c for _a, _b, c in _conditions(cues, t)]  # noqa: E731
    assert conds("at rank 8 the LoRA path takes 4% of decode time") == ["lora_rank:8"]
    assert conds("12x higher throughput than vLLM when serving 100 distinct adapters") == ["adapters:100", "base:vllm"]
    assert conds("rank-8 adapters") == ["lora_rank:8"]


def test_adapter_merging_and_kv_transfer_granularity_are_qualifier_aspects():
    lex = load_lexicon()
    assert qualifier_sides("S-LoRA merges the active adapter into the base weights at serving time", lex) == ("adapter_merge:merged",)
    assert qualifier_sides("S-LoRA keeps every adapter unmerged; nothing is folded into W", lex) == ("adapter_merge:unmerged",)
    assert qualifier_sides("it keeps the unmerged A/B factors in host memory", lex) == ()
    assert qualifier_sides("Splitwise transfers the KV cache layer-wise", lex) == ("kv_transfer_granularity:layerwise",)
    assert qualifier_sides("整个 request 的 KV 一次性发给 token machine，不是逐层传", lex) == ("kv_transfer_granularity:whole",)


def test_a_need_stated_and_denied_with_itself_after_the_object():
    lex = load_lexicon()
    # (the lexicon names the object since the twenty-fourth stop: "预测输出长度" is a length predictor, as "output-length
    # predictor" is; "本身" after it takes nothing from it)
    assert predicates("不需要预测输出长度本身", lex) == ("-need:length_predictor",)
    assert predicates("该方法仍需要预测输出长度", lex)[0] == "+need:length_predictor"


# =========================================================================== second round (t159–t162)

TWEETS = """\
our team's archive, tweets.js pasted as is

window.YTD.tweets.part0 = [
  {
    "tweet" : {
      "full_text" : "New on arXiv: attention on Blackwell https://t.co/abc \\u2014 exp2 caps fwd throughput",
      "created_at" : "Fri Aug 20 16:13:52 +0000 2027",
      "entities" : {
        "urls" : [
          {
            "url" : "https://t.co/abc",
            "expanded_url" : "https://arxiv.org/abs/2607.03391v1",
            "display_url" : "arxiv.org/abs/2607.0339\\u2026"
          }
        ]
      }
    }
  },
  {
    "tweet" : {
      "full_text" : "RT @gpu_spot_index: H100 median $1.65/hr",
      "entities" : { "urls" : [ ] }
    }
  }
]
"""


def test_a_tweet_archive_is_one_entry_per_post_with_its_expanded_link():
    out = _lines(TWEETS, "inbox/a/x.md")
    assert out[0] == "our team's archive, tweets.js pasted as is"
    assert out[5] == "- New on arXiv: attention on Blackwell https://t.co/abc — exp2 caps fwd throughput"
    assert out[11] == "  https://arxiv.org/abs/2607.03391v1" and out[12] == ""  # the display URL's cut ID is no work
    assert _items(TWEETS, "inbox/a/x.md") == [(6, ("2607.03391",)), (21, ())]


MBOX = """\
From alice@example.org Tue Aug 17 12:02:11 2027
Message-ID: <a1@example.org>
From: Alice Ng <alice@example.org>
Subject: FA3 on the Ampere pool
Content-Transfer-Encoding: quoted-printable

Hi all =E2=80=94 two things.

1) FA3 vs FA2 on H100, d=3D128: FA3 comes out 1.7x over FA2, sa=
me node. Haven't opened the paper beyond the abstract.

--=20
Alice Ng =C2=B7 tel +39 0461.28314
"""


def test_a_raw_mailbox_is_decoded_line_by_line_and_its_signature_says_nothing():
    out = _lines(MBOX, "inbox/a/thread.mbox.md")
    assert out[0] == "## FA3 on the Ampere pool — Alice Ng" and out[1] == out[4] == ""
    assert out[6] == "Hi all — two things."
    assert out[8] == "1) FA3 vs FA2 on H100, d=128: FA3 comes out 1.7x over FA2, same"  # the cut word joined on its line
    assert out[9] == "node. Haven't opened the paper beyond the abstract."
    assert out[11] == out[12] == ""  # the signature (its phone number is no identifier)


TEX = r"""Table 2 of our draft, pasted raw.

```latex
\begin{table}[t]
\caption{Attention kernel throughput in TFLOPs/s.}
\begin{tabular}{llr}
\toprule
Kernel & GPU & TFLOPs/s \\
\midrule
FlashAttention-2 \cite{dao2023fa2} & A100 & 230 \\
\midrule
FlashAttention-3 \cite{shah2024fa3} & H100 & 648 \\
\bottomrule
\end{tabular}
\end{table}
```

bib keys:
- dao2023fa2 = arXiv:2307.08691
- shah2024fa3 = 10.48550/arXiv.2407.08608
"""


def test_a_latex_table_in_a_fence_is_a_pipe_table_with_its_keys_resolved():
    out = _lines(TEX, "inbox/a/t.md")
    assert out[4] == "Attention kernel throughput in TFLOPs/s."
    assert out[7] == "| Kernel | GPU | TFLOPs/s |" and out[8] == "| --- | --- | --- |"
    assert out[9] == "| FlashAttention-2 [arXiv:2307.08691] | A100 | 230 |" and out[10] == "|  |  |  |"
    # the rows are the topics; the list pairing keys with identifiers is no topic
    assert _items(TEX, "inbox/a/t.md") == [(10, ("2307.08691",)), (12, ("2407.08608",))]


GRID = """\
LongBench avg at budget 1024

+--------+------------+---------------+
| method | arXiv      | LongBench avg |
+========+============+===============+
| SnapKV | 2404.14469 |          38.1 |
+--------+------------+---------------+
| H2O    | 2306.14048 |         39.62 |
+--------+------------+---------------+
"""


def test_a_grid_table_is_a_pipe_table():
    out = _lines(GRID, "inbox/a/g.md")
    assert out[2] == "" and out[4] == "| --- | --- | --- |" and out[6] == "|  |  |  |" and out[8] == ""
    parts, _w = parse_note(GRID, "inbox/a/g.md", "note")
    assert [(i.line, tuple(i.works)) for i in parts["items"]] == [(6, ("2404.14469",)), (8, ("2306.14048",))]
    q = [q for c in parts["claims"] if c.line == 6 for q in c.quantities]
    assert [(q.value, q.metric) for q in q] == [(38.1, "accuracy")]


TRACE = """\
# agent run

<thinking>#231 first. It links 2603.14127 and says training-free.</thinking>
<tool_call name="fetch_arxiv">{"id": "2603.14127"}</tool_call>
<tool_result>
{"id": "2603.14127", "abstract": "... 9.9x ..."}
</tool_result>
<finding>
2603.14127 — training-free per the abstract; fits §2.3.
depth: abstract only.
</finding>

<thinking>Sweep for benchmarks.</thinking>
<finding>
2612.04406 (EvictBench) — new; a line in §4.1.
</finding>
<finding>
2605.30117 (SwapKV) — out of scope, skipping.
</finding>
"""


def test_a_tagged_agent_trace_is_a_topic_per_step_and_per_finding_of_a_sweep():
    out = _lines(TRACE, "inbox/a/trace.md")
    assert out[2] == "### #231 first. It links 2603.14127 and says training-free."
    assert out[3] == out[4] == out[5] == out[6] == ""  # the call and the tool's raw output
    assert out[8] == "- 2603.14127 — training-free per the abstract; fits §2.3." and out[9] == "  depth: abstract only."
    items = _item_rows(TRACE, "inbox/a/trace.md")
    assert [(i.line, tuple(i.works), tuple(i.sections)) for i in items] == [
        (3, ("2603.14127",), ("2.3",)), (15, ("2612.04406",), ("4.1",)), (18, ("2605.30117",), ())]
    assert "abstract_checked" in items[0].evidence_levels


OPML = """\
<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>serving reading</title>
  </head>
  <body>
    <outline text="Chunked prefill">
      <outline text="Sarathi-Serve re-read (arXiv:2403.02310v3)" _note="read sec 4 properly.&#10;3.6x capacity"/>
      <outline text="SpecChunk" _note="new, arxiv.org/abs/2607.11952"/>
    </outline>
    <outline text="links">
      <outline text="Mooncake" type="link" url="https://arxiv.org/abs/2407.00079v2"/>
    </outline>
  </body>
</opml>
"""


def test_an_opml_outline_is_a_nested_list_with_its_notes_and_links():
    out = _lines(OPML, "inbox/a/o.md")
    assert out[3] == "# serving reading" and out[6] == "- Chunked prefill"
    assert out[7] == "  - Sarathi-Serve re-read (arXiv:2403.02310v3) — read sec 4 properly. 3.6x capacity"
    assert out[11] == "  - Mooncake (https://arxiv.org/abs/2407.00079v2)"
    assert _items(OPML, "inbox/a/o.md") == [(8, ("2403.02310",)), (9, ("2607.11952",)), (12, ("2407.00079",))]


def test_a_dokuwiki_table_header_and_links_make_a_pipe_table():
    text = ("====== Baselines ======\n\n===== 1. 困惑度总表 =====\n\n^ 方法 ^ 模型 ^ WikiText-2 ^\n"
            "| [[https://arxiv.org/abs/2210.17323|GPTQ]] | Llama-2-7B | 6.92 |\n| [[https://arxiv.org/abs/2306.00978|AWQ]] | Llama-2-7B | 5.58 |\n\n"
            "===== 2. 其他 =====\n\nText.\n")
    out = _lines(text, "inbox/a/wiki.md")
    assert out[3] == "| 方法 | 模型 | WikiText-2 |" and out[4] == "| --- | --- | --- |"
    assert out[5] == "| [GPTQ](https://arxiv.org/abs/2210.17323) | Llama-2-7B | 6.92 |"
    parts, _w = parse_note(text, "inbox/a/wiki.md", "note")
    q = [q for c in parts["claims"] if c.line == 6 for q in c.quantities]
    assert [(q.value, q.metric) for q in q] == [(6.92, "perplexity")]  # the heading names the measure


def test_a_review_forms_numbered_parts_are_one_review():
    text = ("Review Form · Submission #1432\nTitle: BatchSpec: Batch-Size-Aware Speculation Length Control\n\n"
            "1. Summary of contributions:\n   The paper proposes BatchSpec.\n\n2. Strengths\n   S1. Clear.\n\n"
            "3. Weaknesses\n   W1. One platform.\n\n4. Questions for authors\n   Q1. How?\n")
    assert [ln for ln, _w in _items(text, "inbox/a/review.md")] == [1]


def test_a_post_with_replies_under_it_is_an_item_before_them():
    text = ("# 读《SkewRot》\n\n林晓 评论《SkewRot》 ★★★★☆\n\n论文是 arXiv:2606.11482v2，正文和附录都读了，方法干净、实验扎实、"
            "只是 kernel 一节写得虚，没有端到端数字。" + "补充说明。" * 20 + "\n\n结果：W4A4KV4 困惑度 7.02。建议进 3.2。\n\n> 回应（2）\n\n"
            "量化民工　2027-08-20 12:03\n我复现出来 8.9，有人对得上吗？\n\n量化民工　2027-08-20 22:47\n撤回我上面那个 8.9，是我的问题。\n")
    items = _items(text)
    assert items[0] == (1, ("2606.11482",)) and len(items) >= 2 and items[1][0] > 9  # the post, then its replies


def test_a_podcasts_mentioned_list_is_its_reference_list():
    text = ("# EP57\n\n## 时间轴\n\n00:15:20 聊到 QuaRot 和 SpinQuant。\n\n00:29:40 聊到 Massive Activations（arXiv:2402.17762）。\n\n"
            "## 本期提到\n\n- QuaRot：https://arxiv.org/abs/2404.00456v2\n- SpinQuant：arxiv.org/abs/2405.16406\n")
    assert _items(text)[-1] == (9, ("2404.00456",))  # one part at its heading, not a topic per link


def test_a_formulas_constant_is_no_score_and_a_benchmark_average_is_one():
    from ingest.facts import find_figures
    assert find_figures("scores divided by (1 − sink mass) per head") == ()
    assert [q.value for q in find_figures("perplexity 5.6 - a small gain")] == [5.6]
    got = find_figures("SnapKV at budget 1024 averages 40.3 on LongBench")
    assert [(q.value, q.metric, q.conditions) for q in got] == [(40.3, "accuracy", ("bench:longbench", "budget:1024"))]
    assert find_figures("averages 3.2 accepted tokens") == ()


def _issue(n: int, name: str, link: str, section: str) -> str:
    return (f"# [Paper suggestion]: {name} #{n}\n\n**Open** · opened this issue on Aug 18, 2027\n\n### Paper link\n\n{link}\n\n"
            f"### Why it matters\n\nSame family as SnapKV.\n\n### How much did you read?\n\n- [ ] Title and abstract only\n"
            f"- [x] The whole paper, appendix included\n\n### Suggested section\n\n{section}\n\n---\n\n")


def test_issue_forms_a_suggested_sections_value_places_and_only_the_ticked_option_says_the_depth():
    text = ("Pasted from GitHub issues.\n\n---\n\n"
            + _issue(231, "SinkRank", "https://arxiv.org/abs/2603.14127v2", "2.3 Attention-score based — after the SnapKV paragraph")
            + _issue(234, "RetainGate", "arxiv.org/abs/2606.09215", "Probably 2.5 (learned)?"))
    assert [(i.line, tuple(i.works), tuple(i.sections), tuple(i.evidence_levels)) for i in _item_rows(text)] == [
        (5, ("2603.14127",), ("2.3",), ("full_text",)), (28, ("2606.09215",), ("2.5",), ("full_text",))]
    evr = evidence_reader(load_lexicon())
    from ingest.notes import _UNCHECKED_OPTION
    form = "Extent of reading:  ☒ Entire paper incl. appendices   ☐ Main text only   ☐ Abstract only"
    assert evr.levels(_UNCHECKED_OPTION.sub(" ", form)) == ("full_text",)


# =========================================================================== a fresh user's findings

def test_a_folder_walk_reads_mail_and_an_x_archive_by_name_but_no_other_script(tmp_path):
    from ingest.sources import ARCHIVE_DATA_FILE, TEXT_SUFFIXES
    assert ".mbox" in TEXT_SUFFIXES and ".eml" in TEXT_SUFFIXES and ".opml" in TEXT_SUFFIXES
    assert ARCHIVE_DATA_FILE.match("tweets.js") and ARCHIVE_DATA_FILE.match("tweets-part1.js")
    assert not ARCHIVE_DATA_FILE.match("app.js") and not ARCHIVE_DATA_FILE.match("mytweets.js")


def test_one_message_saved_as_eml_is_read_as_mail():
    eml = "From: Alice <a@x.org>\nSubject: FA3 numbers\nContent-Transfer-Encoding: quoted-printable\n\nFA3 is 1.7x =E2=80=94 ok\n"
    assert _lines(eml, "inbox/a/m.eml") == ["## FA3 numbers — Alice", "", "", "", "FA3 is 1.7x — ok", ""]


def test_broken_json_records_never_cost_the_file():
    # half an emoji (a lone surrogate) is a replacement character; a record nested too deep is a line as written
    log = ('{"text": "a \\ud83d b", "arxiv": "2401.09670"}\n{"text": "ok", "arxiv": "2401.09670"}\n'
           '{"text": ' + "[" * 5000 + '}\n{"text": "c", "arxiv": "2309.06180"}\n')
    out = _lines(log, "inbox/a/x.jsonl")
    assert out[0] == "- arXiv:2401.09670 — entry: a \ufffd b" and out[1] == "  entry: ok"
    assert out[2].startswith('{"text": [[[') and out[3] == "- arXiv:2309.06180 — entry: c"
    one_line = ('window.YTD.tweets.part0 = [\n {"tweet":{"full_text":"vLLM 2309.06180 post","entities":{"urls":'
                '[{"expanded_url":"https://arxiv.org/abs/2401.09670"}]}}},\n {"tweet":{"full_text":"half \\ud83d emoji"}}\n]\n')
    assert _lines(one_line, "inbox/a/tweets.js")[1:3] == [
        "- vLLM 2309.06180 post https://arxiv.org/abs/2401.09670", "- half \ufffd emoji"]


def test_a_file_of_many_values_of_one_measure_is_compared_with_other_files_only(tmp_path):
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import contradictions
    ws = tmp_path / "ws"
    (ws / "inbox" / "a").mkdir(parents=True)
    (ws / "organized" / "knowledge").mkdir(parents=True)
    sweep = ["# sweep", ""] + [x for n in range(40) for x in (f"## e{n} arXiv:2309.06180", "", f"vLLM {n + 1}x faster", "")]
    (ws / "inbox" / "a" / "sweep.md").write_text("\n".join(sweep), encoding="utf-8")
    (ws / "organized" / "knowledge" / "doc.md").write_text(
        "# Doc\n\n## 1. Serving\n\nvLLM (2309.06180) is 2.2x faster.\n\n## References\n\n1. vLLM — arXiv 2309.06180\n", encoding="utf-8")
    store = Store(tmp_path / "store")
    ingest_paths(store, [ws])
    found = [f for f in contradictions(store) if f.kind == "number"]
    # every value but "2x" (2.2x at the precision of the less precise one) against the document's 2.2x, none against another
    assert len(found) == 39 and all("doc.md" in (f.a.source + f.b.source) for f in found)
