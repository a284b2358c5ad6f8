"""Notes in other markups (ingest/markup.py): each rewrite keeps every line where it was, and a note in
that markup splits into the items its own marks say (FORMAT.md §5.4)."""
from __future__ import annotations

import pytest

from ingest.markup import as_markdown, markup_of
from ingest.notes import parse_note
from ingest.sources import TEXT_SUFFIXES


def _items(text: str, path: str) -> list[tuple[int, tuple[str, ...]]]:
    parts, _w = parse_note(text, path)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _same_lines(src: str, path: str) -> list[str]:
    out = as_markdown(src, path)
    assert out.count("\n") == src.count("\n")
    return out.split("\n")


@pytest.mark.parametrize("suffix", [".rst", ".adoc", ".typ", ".qmd", ".bib", ".tex", ".org", ".csv", ".html"])
def test_a_folder_walk_takes_note_formats(suffix):
    assert suffix in TEXT_SUFFIXES


def test_markup_is_named_by_suffix_only_for_its_formats():
    assert [markup_of(p) for p in ("a.rst", "b.ADOC", "c.typ", "d.qmd", "e.Rmd", "f.bib", "g.md", "h.txt")] == [
        "rst", "asciidoc", "typst", "quarto", "quarto", "bibtex", None, None]
    assert as_markdown("Title\n=====\n", "a.md") == "Title\n=====\n"  # Markdown is never rewritten here


RST = """\
=====================
Reading log, March
=====================

:author: Tomasz

SpindleCP
---------

:arxiv: 2602.11873v2
:read: full

.. note::
   Read v2 end to end. Numbers from Table 3.

- Max context on one node: 1M tokens.

Star Attention
--------------

:arxiv: 2411.17116

.. warning:: Abstract only, PDF not opened.

.. code-block:: python

   cfg = dict(run_tag="2027.0318")

Done.
"""


def test_rst_titles_directives_fields_and_code():
    out = _same_lines(RST, "log.rst")
    assert out[1] == "# Reading log, March" and out[0] == out[2] == ""
    assert out[6] == "## SpindleCP" and out[7] == ""
    assert out[9] == "arxiv: 2602.11873v2"
    assert out[12:14] == ["Note:", "Read v2 end to end. Numbers from Table 3."]
    assert out[22] == "Warning: Abstract only, PDF not opened."
    assert out[24] == "```" and out[26] == "   cfg = dict(run_tag=\"2027.0318\")" and out[27] == "```" and out[28] == "Done."
    assert _items(RST, "inbox/t/log.rst") == [(7, ("2602.11873",)), (18, ("2411.17116",))]
    parts, _w = parse_note(RST, "inbox/t/log.rst")
    assert "2027.0318" not in {r.arxiv_id for c in parts["claims"] for r in c.arxiv}  # code is no claim
    assert next(i for i in parts["items"] if i.line == 7).evidence_levels[0] == "full_text"


ADOC = """\
= 分层 KV 存储：本周阅读
:toc: left

== TierServe 的 TTFT 数字

* TierServe（link:https://arxiv.org/abs/2602.11873[arXiv 2602.11873]）TTFT 降低 61%。

NOTE: 以上全是二手信息，论文原文我没读。

== Two papers

[cols="2,2",options="header"]
|===
|论文 |备注
|HCache link:https://arxiv.org/abs/2410.05004[2410.05004] |EuroSys'25
|===
"""


def test_asciidoc_headings_links_admonitions_and_tables():
    out = _same_lines(ADOC, "w.adoc")
    assert out[0] == "# 分层 KV 存储：本周阅读" and out[1] == "" and out[3] == "## TierServe 的 TTFT 数字"
    assert "[arXiv 2602.11873](https://arxiv.org/abs/2602.11873)" in out[5]
    assert out[11:15] == ["", "| 论文 | 备注 |", "| --- | --- |",
                          "| HCache [2410.05004](https://arxiv.org/abs/2410.05004) | EuroSys'25 |"]
    items = _items(ADOC, "inbox/m/w.adoc")
    assert items == [(4, ("2602.11873",)), (10, ("2410.05004",))]  # a one-row table is its heading's


TYP = """\
#set page(paper: "a4")
// How deep I went: KVPipe read in full; PinPool abstract only

= CPU offload: draft

== KVPipe
// placement: 5.1
#strong[KVPipe] (#link("https://arxiv.org/abs/2603.07718")[arXiv:2603.07718]) double-buffers KV.

== PinPool
#emph[Elastic pinned memory] #link("https://arxiv.org/abs/2605.14420")
"""


def test_typst_headings_remarks_and_links():
    out = _same_lines(TYP, "d.typ")
    assert out[0] == "" and out[1] == "How deep I went: KVPipe read in full; PinPool abstract only"
    assert out[3] == "# CPU offload: draft" and out[5] == "## KVPipe" and out[6] == "placement: 5.1"
    assert out[7] == "**KVPipe** ([arXiv:2603.07718](https://arxiv.org/abs/2603.07718)) double-buffers KV."
    assert out[10] == "*Elastic pinned memory* [https://arxiv.org/abs/2605.14420](https://arxiv.org/abs/2605.14420)"
    assert _items(TYP, "inbox/p/d.typ") == [(6, ("2603.07718",)), (10, ("2605.14420",))]


QMD = """\
---
title: "Tiered KV notes"
format: html
---

::: {.callout-note title="How I checked"}
Read the TierServe PDF end to end.
:::

::: {.column}
text
:::

```{python}
print(1412.3377)
```
"""


def test_quarto_callouts_are_quoted_and_other_divs_dropped():
    out = _same_lines(QMD, "n.qmd")
    assert out[5:8] == ["> [!note] How I checked", "> Read the TierServe PDF end to end.", ""]
    assert out[9:12] == ["", "text", ""]
    assert out[13:16] == ["```{python}", "print(1412.3377)", "```"]


BIB = """\
% Priya's list; annote = my notes

@misc{brandon2023striped,
  title         = {Striped Attention: Faster Ring Attention for Causal Transformers},
  eprint        = {2311.09431},
  note          = {already in Works cited},
  annote        = {Read sections 3 and 4.
                   Up to 1.45x over Ring Attention.}
}

@misc{sun2024burst,
  title  = {BurstAttention},
  eprint = {2403.09347},
}
"""


def test_bibtex_entries_are_headings_with_their_fields():
    """Each entry a heading with its title and identifier; its fields ``name: value``, its remarks (``note``, ``annote``)
    the reader's own words, written bare."""
    out = _same_lines(BIB, "r.bib")
    assert out[0] == "Priya's list; annote = my notes"
    assert out[2] == "## Striped Attention: Faster Ring Attention for Causal Transformers (arXiv:2311.09431)"
    assert out[3:8] == ["title: Striped Attention: Faster Ring Attention for Causal Transformers", "eprint: 2311.09431",
                        "already in Works cited", "Read sections 3 and 4.",
                        "Up to 1.45x over Ring Attention."]
    assert out[8] == "" and out[10] == "## BurstAttention (arXiv:2403.09347)"
    assert _items(BIB, "inbox/p/r.bib") == [(3, ("2311.09431",)), (11, ("2403.09347",))]


WIKI = """\
h1. Reading group

{panel:title=How we read these}
*full* = the whole PDF
{panel}

h2. Papers

||Paper||ID||Status||
|[Helmsman|https://arxiv.org/abs/2602.11873]|2602.11873|full|
|[Ebb|https://arxiv.org/abs/2604.05219]|2604.05219|abstract|

h2. Replay

{code:language=yaml}
run: 2027.0402
{code}
"""


def test_confluence_wiki_markup_is_sniffed_in_any_file():
    out = _same_lines(WIKI, "inbox/p/export.txt")
    assert out[0] == "# Reading group" and out[2] == "How we read these:" and out[3] == "**full** = the whole PDF"
    assert out[4] == "" and out[6] == "## Papers"
    assert out[7:10] == ["| Paper | ID | Status |", "| --- | --- | --- |",
                         "| [Helmsman](https://arxiv.org/abs/2602.11873) | 2602.11873 | full |"]
    assert out[14:17] == ["```", "run: 2027.0402", "```"]
    items = _items(WIKI, "inbox/p/export.txt")
    assert [w for _l, w in items if w] == [("2602.11873",), ("2604.05219",)]
    # one heading line and no table or macro: plain text, left alone
    assert as_markdown("h1. just a line\nh2. and another\n", "x.txt") == "h1. just a line\nh2. and another\n"


MEMO = """\
MEMO: SCHEDULER READING

To Brandt, from Oskar.

SPILLWAY CHANGED BETWEEN VERSIONS

The first version, 2605.09114v1, recomputed. I read v2 end to end.

EBB, TAIL LATENCY

Ebb (arXiv 2604.05219) cuts p99 TTFT by 3.1x. Abstract only.
"""


def test_a_plain_text_memo_splits_at_its_capitals_headings():
    out = _same_lines(MEMO, "inbox/o/memo.txt")
    assert out[0] == "# MEMO: SCHEDULER READING" and out[4] == "## SPILLWAY CHANGED BETWEEN VERSIONS"
    assert _items(MEMO, "inbox/o/memo.txt") == [(5, ("2605.09114",)), (9, ("2604.05219",))]
    assert as_markdown(MEMO, "inbox/o/memo.md") == MEMO  # a Markdown note's capitals are its own business


HIGHLIGHTS = """\
《ArborSpec: Self-Drafting Dynamic Trees for Lossless Speculative Decoding》 共4条划线
文件：2603.05529v2.pdf ｜ 阅读进度 100%

◆ 第3章 Method

◆ A lightweight exit head is trained for 2k steps.
>> 想法：所以其实需要训练一个 draft head，思路更接近 EAGLE-2（2406.16858）。

◆ 第5章 Experiments

◆ Medusa-2 and Hydra (arXiv:2402.05109) reach 2.3× and 2.6×.
"""


def test_a_reading_apps_highlight_export_is_one_item_about_its_work():
    out = _same_lines(HIGHLIGHTS, "inbox/z/export.md")
    assert out[0] == "# ArborSpec: Self-Drafting Dynamic Trees for Lossless Speculative Decoding"
    assert out[3] == "### 第3章 Method" and out[5] == "- A lightweight exit head is trained for 2k steps."
    assert _items(HIGHLIGHTS, "inbox/z/export.md") == [(1, ("2603.05529",))]


def test_an_rst_code_block_without_a_blank_line_after_it_is_left_out_and_no_line_moves():
    src = "Intro\n=====\n\n.. code-block:: python\n\n   x = 2603.05529\nAfter the code.\n"
    out = _same_lines(src, "a.rst")
    assert out[3:7] == ["", "", "", "After the code."]


_PIECES = ["= T", "== S", "Title", "=====", "-----", ".. note::", "   body", ".. code-block:: py", "   code", "",
           ":arxiv: 2401.00001", "|===", "|a |b", "::: {.callout-note}", ":::", "@misc{k,", "  title = {X},",
           "  annote = {y", "  z}", "}", "% c", "h2. H", "||a||b||", "|x|y|", "{code}", "MEMO HEADING", "◆ 第1章 A",
           "《Book》 共3条划线", "◆ hi", "// remark", "#link(\"https://x\")[t]", "`` lit ``", "```", "* item",
           "== Wiki ==", "=== Sub ===", "{| class=\"wikitable\"", "! a !! b", "|-", "| x || y", "|}",
           "<ref>{{cite arXiv |eprint=2401.00001}}</ref>", "'''bold'''", "# step", "<references />"]


@pytest.mark.parametrize("suffix", [".rst", ".adoc", ".typ", ".qmd", ".bib", ".txt", ".md", ".wiki"])
def test_no_rewrite_moves_a_line(suffix):
    """Any mix of every format's marks (hypothesis draws them): the output has exactly the input's lines."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.sampled_from(_PIECES), max_size=30))
    def check(pieces):
        src = "\n".join(pieces)
        assert as_markdown(src, f"n{suffix}").count("\n") == src.count("\n")

    check()


def test_wiki_markup_lists_are_lists_not_headings():
    """Jira/Confluence `# step` is a numbered entry (not a Markdown heading), `** point` a nested bullet."""
    src = "h2. Acceptance criteria\n# Replay the trace\n## on staging\n* a point\n** a sub-point\n\nh3. Notes\n||a||b||\n"
    out = _same_lines(src, "x.txt")
    assert out[1:5] == ["1. Replay the trace", "   1. on staging", "- a point", "   - a sub-point"]


def test_review_fixes_asciidoc_attributes_and_headerless_tables():
    src = (":toc: left\n:read: abstract\n:arxiv: 2406.10774\n\n== Papers\n\n|===\n|Quest |2406.10774 |abstract\n"
           "|SnapKV |2404.14469 |full\n|===\n")
    out = _same_lines(src, "p.adoc")
    assert out[0:3] == ["", "read: abstract", "arxiv: 2406.10774"]
    assert out[6:10] == ["", "- Quest | 2406.10774 | abstract", "- SnapKV | 2404.14469 | full", ""]  # no header: entries


def test_review_fixes_wiki_header_right_under_a_heading_and_rst_citations_and_front_matter():
    wiki = "h1. R\nh2. Papers\n||Paper||ID||\n|Helmsman|2602.11873|\n|Ebb|2604.05219|\n{code}\nx\n{code}\n"
    out = _same_lines(wiki, "e.txt")
    assert out[2:5] == ["", "- Helmsman | 2602.11873", "- Ebb | 2604.05219"]
    rst = "---\nkind: note\n---\n\nLog\n===\n\nSee [1]_.\n\n.. [1] Okafor et al. arXiv:2605.09114, 2.3x faster.\n"
    out = _same_lines(rst, "l.rst")
    assert out[:3] == ["---", "kind: note", "---"] and out[4] == "# Log"
    assert out[9] == "[1] Okafor et al. arXiv:2605.09114, 2.3x faster."


def test_review_fixes_memo_and_highlight_detection_are_strict():
    spec = "NOTES\n\nGPU: H100 SXM, FP8\n\nCUDA 12.4, VLLM 0.6\n\ntext\n"
    assert as_markdown(spec, "s.txt") == spec  # spec values, not headings
    book = "《A Title》\n\n◆ one\n\n◆ two\n\n◆ three\n"
    assert as_markdown(book, "b.md") == book  # no "共N条划线": a Markdown note's own marks


def test_mediawiki_headings_templates_lists_and_tables():
    """A team wiki's page (`.wiki`): `== H ==` headings, `{{cite arXiv}}` inside `<ref>` as title and identifier,
    `[URL text]` links, `#` numbered entries, a `{|` table as a pipe table; its topics are items."""
    src = ("= Drafting methods =\n<!-- Ines: abstracts only -->\n\n== UniDraft ==\n'''UniDraft''' trains one drafter."
           "<ref>{{cite arXiv |eprint=2601.20931 |title=UniDraft |last=H}}</ref>\n* ''model-agnostic''\n\n"
           "== PivotTree ==\nSee [https://arxiv.org/abs/2603.14452 the abstract].\n# 64 nodes\n\n== Comparison ==\n"
           "{| class=\"wikitable\"\n! Method !! Speedup\n|-\n| EAGLE-2 || 4.26×\n|-\n| PivotTree || 2.5×\n|}\n")
    out = _same_lines(src, "inbox/a/page.wiki")
    assert out[0] == "# Drafting methods" and out[3] == "## UniDraft"
    assert out[4] == "**UniDraft** trains one drafter. (\"UniDraft\", arXiv:2601.20931)"
    assert (out[5], out[8], out[9]) == ("- *model-agnostic*", "See [the abstract](https://arxiv.org/abs/2603.14452).", "1. 64 nodes")
    assert out[12:18] == ["", "| Method | Speedup |", "| --- | --- |", "| EAGLE-2 | 4.26× |", "|  |  |", "| PivotTree | 2.5× |"]
    assert _items(src, "inbox/a/page.wiki")[:2] == [(4, ("2601.20931",)), (8, ("2603.14452",))]


def test_a_slack_export_in_json_is_a_chat_note():
    """Slack's JSON export in an author's folder: each message's text line is a chat turn (stamp, name, its
    links as Markdown, `&gt;` undone; a thread reply says whom it answers), every other line blank."""
    import json

    from ingest.markup import chat_messages

    msgs = [{"type": "message", "text": "DistServe: <https://arxiv.org/abs/2401.09670|DistServe>. 7.4x goodput, abstract only.",
             "user_name": "ravi", "ts": "1807236720.1182", "thread_ts": "1807236720.1182"},
            {"type": "message", "text": "&gt; under the SLO\nwhich target?", "user_name": "mei", "ts": "1807237011.4021",
             "thread_ts": "1807236720.1182"},
            {"type": "message", "text": "lunch?", "user_name": "ravi", "ts": "1807241400.0033"}]
    src = json.dumps(msgs, indent=4, ensure_ascii=False)
    out = _same_lines(src, "inbox/ravi/slack.json")
    said = [(n + 1, t) for n, t in enumerate(out) if t.strip()]
    assert [n for n, _t in said] == [4, 11, 18]
    assert said[0][1] == "[04-09 02:12] ravi: DistServe: [DistServe](https://arxiv.org/abs/2401.09670). 7.4x goodput, abstract only."
    assert said[1][1] == "[04-09 02:16] mei: replying to ravi: > under the SLO which target?"
    assert chat_messages(json.dumps({"manifest_id": "x", "items": []})) is None and chat_messages("not json") is None
    assert _items(src, "inbox/ravi/slack.json")[0] == (4, ("2401.09670",))


def test_a_folder_walk_reads_a_chat_export_but_no_other_json(tmp_path):
    import json

    from ingest.sources import detect_kind, discover

    (tmp_path / "inbox" / "ravi").mkdir(parents=True)
    (tmp_path / "work-guard").mkdir()
    chat = json.dumps([{"text": "hi 2401.09670", "user": "r", "ts": "1"}])
    (tmp_path / "inbox" / "ravi" / "slack.json").write_text(chat)
    (tmp_path / "inbox" / "ravi" / "settings.json").write_text(json.dumps({"theme": "dark"}))
    found, problems = discover([tmp_path])
    names = sorted(f.abs_path.name for f in found)
    assert names == ["slack.json"] and problems == []
    assert detect_kind("inbox/ravi/slack.json", chat) == "note"
    assert detect_kind("work-guard/x.json", '{"manifest_id": "x", "items": []}') == "manifest"


def test_a_chat_export_written_one_message_per_line_or_all_on_one_line():
    """Slack exports are not always indented: a message per line, or the whole list on one line, keeps every
    message (a user's report: such an export lost all of them, and one compact message among indented ones
    lost every message after it)."""
    import json

    msgs = [{"user_name": "ravi", "ts": "1807236720.1", "text": "DistServe 7.4x, arXiv:2401.09670"},
            {"subtype": "channel_join", "text": "<@U123> has joined", "ts": "1807236721.1", "user": "U123"},
            {"user_name": "lena", "ts": "1807236722.1", "text": "EAGLE 2401.15077 is lossless"}]
    per_line = "[\n" + ",\n".join(json.dumps(m) for m in msgs) + "\n]"
    assert [t for t in _same_lines(per_line, "inbox/r/s.json") if t] == [
        "[04-09 02:12] ravi: DistServe 7.4x, arXiv:2401.09670", "[04-09 02:12] U123: @U123 has joined",
        "[04-09 02:12] lena: EAGLE 2401.15077 is lossless"]
    (line,) = [t for t in _same_lines(json.dumps(msgs), "inbox/r/s.json") if t]
    assert line.count(" / ") == 2 and line.endswith("lena: EAGLE 2401.15077 is lossless")
    mixed = json.dumps(msgs[:1], indent=4)[:-2] + ",\n    " + json.dumps(msgs[1]) + ",\n" + json.dumps(msgs[2], indent=4) + "\n]"
    assert sum(1 for t in _same_lines(mixed, "inbox/r/s.json") if t) == 3


def test_a_wiki_tables_separator_rows_say_nothing():
    src = "== T ==\n{| class=\"wikitable\"\n! Method !! Speedup\n|-\n| EAGLE 2401.15077 || 3.5x\n|-\n| Medusa || 2.2x\n|}\n"
    parts, _ = parse_note(src, "inbox/a/p.wiki")
    assert not any(set(c.text) <= set("| ") for c in parts["claims"])


def test_a_chat_export_with_escaped_slashes_keeps_its_messages():
    """Exporters that write ``https:\\/\\/`` (Slack, PHP's json_encode) on one line: every message is found."""
    import json

    msgs = [{"text": "see https://arxiv.org/abs/2401.09670 now", "user": "r", "ts": "1"}, {"text": "ok", "user": "m", "ts": "2"}]
    one_line = json.dumps(msgs).replace("/", "\\/")
    assert _same_lines(one_line, "inbox/r/c.json") == ["r: see https://arxiv.org/abs/2401.09670 now / m: ok"]


def test_a_broken_chat_export_is_a_warning_and_a_broken_settings_file_says_nothing(tmp_path):
    from ingest.sources import discover

    (tmp_path / "inbox" / "ravi").mkdir(parents=True)
    (tmp_path / "work-guard").mkdir()
    (tmp_path / "inbox" / "ravi" / "slack.json").write_text('[\n {"text": "hi 2401.09670", "user": "r"}\n {"text": "x"}\n]')
    (tmp_path / "inbox" / "ravi" / "tsconfig.json").write_text('{\n // a comment\n "strict": true\n}')
    warns: list[str] = []
    found, problems = discover([tmp_path], warnings=warns)
    assert found == [] and problems == []
    assert warns == ["inbox/ravi/slack.json:3: a chat export that is not valid JSON (Expecting ',' delimiter); skipped"]


def test_a_markdown_note_quoting_wiki_headings_stays_markdown():
    """Two ``= x =`` lines in a code fence, or fewer than the note's own ``#`` headings, make no wiki page."""
    fenced = "# Notes\n\n```\n= A =\n== B ==\n```\n\n## Paper\ntext\n"
    assert as_markdown(fenced, "inbox/a/n.md") == fenced
    quoted = "# Notes\n\n## One\n= A =\n\n## Two\n== B ==\n\n## Three\n"
    assert as_markdown(quoted, "inbox/a/n.md") == quoted


def test_a_wikis_numbered_list_and_a_longer_fence_are_read_as_written():
    """Found by review: a run of ``# entry`` lines is a wiki's numbered list, not Markdown headings that outvote
    its ``== … ==`` headings; a four-backtick fence holding a three-backtick one stays code to its end."""
    wiki = "== Papers ==\n# EAGLE 2401.15077\n# Medusa 2401.10774\n# SnapKV 2404.14469\n== Notes ==\n'''bold''' text\n"
    assert as_markdown(wiki, "inbox/a/p.txt").split("\n")[:2] == ["## Papers", "1. EAGLE 2401.15077"]
    fenced = "# Notes\n\n````\n```\n= A =\n== B ==\n```\n````\n\ntext\n"
    assert as_markdown(fenced, "inbox/a/n.md") == fenced
