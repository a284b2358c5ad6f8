"""Golden files for the rendered brief and report (text output; the clock is injected).

A missing golden file is written and the test fails so that someone reviews it
(manubot's ``test_cite_command.py`` does the same).  Regenerate on purpose with
``PROVKG_REGEN_GOLDEN=1 pytest tests/test_render.py``.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import MANIFEST_ID, WORKSPACE, fixed_clock

GOLDEN = Path(__file__).parent / "golden"


def _check(name: str, text: str) -> None:
    p = GOLDEN / name
    if not p.exists() or os.environ.get("PROVKG_REGEN_GOLDEN"):
        p.write_text(text, "utf-8")
        pytest.fail(f"wrote {p}; review it and run again")
    assert text == p.read_text("utf-8")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_brief_golden(sample_store, lang):
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang)
    _check(f"brief_{lang}.md", render_brief(data.model_dump(mode="json")))


def test_report_golden(sample_snapshot):
    from queries.contradictions import contradictions
    from queries.render.report import render_report

    found = contradictions(sample_snapshot)
    _check("contradictions.md", render_report([f.model_dump(mode="json") for f in found]))


def test_markdown_escaping_keeps_note_text_inert():
    from queries.render.brief import md_escape

    s = md_escape('<img src=x onerror=alert(1)> [x](javascript:alert(1)) ![i](http://e/x.png) `c`')
    import re

    assert not re.search(r"(?<!\\)[<>\[\]!`]", s)  # every special is backslash-escaped
    assert s.startswith("\\<img")


FLYP = "inbox/flyp/2026-10-26T1550-critical-read.md"


def _brief(sample_store, lang: str) -> str:
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang)
    return render_brief(data.model_dump(mode="json"))


def _block(text: str, title_start: str) -> str:
    """The rendered increment whose title starts with ``title_start`` (its heading to the next ``## ``)."""
    m = re.search(r"^## (?:增量|Increment) \d+[：:] ?" + re.escape(title_start) + r".*?(?=^## )", text, re.M | re.S)
    assert m, title_start
    return m.group(0)


def _section(text: str, zh: str, en: str) -> str:
    head = f"## {zh}" if f"## {zh}" in text else f"## {en}"
    return text.split(head, 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_brief_keeps_every_bullet_of_the_flyp_note(sample_store, lang):
    """No silent caps: every MC-SF bullet (past the old 5-point and 3-relation limits too) is in its
    increment with its line; in an increment of one source a line is written `:N`."""
    text = _brief(sample_store, lang)
    block = _block(text, "MC-SF")
    assert f"`{FLYP}:10-39`" in block  # the source line names the file and the item's span
    lines = (WORKSPACE / FLYP).read_text("utf-8").splitlines()
    for n in (18, 19, 20, 21, 22, 23, 24, 25, 28, 29, 30, 31, 32, 33, 36, 37, 38, 39):
        bullet = lines[n - 1].lstrip("- ").strip()
        assert f"{bullet} `:{n}`" in block, n
    # The DeepSeek note's line 37 (weights not public) and the Nanbeige settings (74-77) too.
    assert "552B MoE 的权重没有公开" in _block(text, "DeepSeek") and "`:37`" in _block(text, "DeepSeek")
    nanbeige = _block(text, "Nanbeige")
    for n in (74, 75, 76, 77):
        assert f"`:{n}`" in nanbeige, n


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_merge_actions_have_a_verb_a_target_and_a_priority(sample_store, lang):
    """Corrections first (revise the §3.1 line with the words to change), then new works with evidence
    (add, next to the closest entry), the citation list (cite), the rest, then cross-references; §七
    is never a place to add to, and a routed section is marked as provkg's suggestion."""
    from queries.briefing import brief_data

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang)
    acts = data.actions
    assert [a.priority for a in acts] == sorted(a.priority for a in acts)
    first = acts[0]
    assert (first.verb, first.section, first.target.source, first.target.line) == \
        ("revise", "3.1", "organized/knowledge/inference.md", 77)
    assert first.change == ["对抗性到达", "到达过程任意"]
    by = {(a.verb, a.section): a for a in acts}
    mcsf = next(t.number for t in data.topics if t.title.startswith("MC-SF"))
    beam = next(t.number for t in data.topics if t.title.startswith("Reflection AI Beam"))
    assert mcsf in by[("add", "6.1")].increments  # proposed by the MC-SF note's line 32
    # (Beam's note places it itself, "对应 §5.3「部署框架与模型卡片」", the reference brief's own wording: proposed, not routed)
    assert beam in by[("add", "5.3")].increments and by[("add", "5.3")].routed_increments == []
    assert by[("cite", "七")].works[0] == "2610.32943" and ("add", "七") not in by
    cross = [a for a in acts if a.verb == "cross_reference"]
    assert {a.section for a in cross} >= {"5.6", "4.2", "5.7"}
    assert any(a.target is not None and a.target.line == 144 for a in cross)  # IDM/CMM <-> the SPAR entry
    assert any(len(a.increments) == 2 for a in cross)  # RSI-Inference Bench <-> Import AI 478
    text = _brief(sample_store, lang)
    actions = _section(text, "今晚建议的归并动作（按优先级）", "Merge actions (by priority)")
    rows = [l for l in actions.splitlines() if re.match(r"^\d+\. ", l)]
    assert len(rows) == len(acts)
    assert rows[0].startswith("1. 修订 §3.1 `organized/knowledge/inference.md:77`：“对抗性到达” → “到达过程任意”"
                              if lang == "zh" else
                              '1. revise §3.1 `organized/knowledge/inference.md:77`: "对抗性到达" → "到达过程任意"')
    row53 = next(l for l in rows if "§5.3" in l)
    # (both placed by their notes: no routed "(suggested)" mark; a routed increment's mark is tested in tests/test_routing.py)
    assert "Reflection AI Beam" in row53 and ("（推荐）" if lang == "zh" else "(suggested)") not in row53
    assert any(("引用：把 arXiv:2610.32943" if lang == "zh" else "cite: add arXiv:2610.32943") in l for l in rows)


def test_zh_brief_prints_no_english_labels(sample_store):
    text = _brief(sample_store, "zh")
    for s in ("no new statement", "counts or metadata only", "labels do not fit", "do not fit the content",
              "is marked not verified", "stated in", ": unverified", "qualifier_conflict", "unverified_figure",
              "label_mismatch", "contamination", "arrival model", "abstract_checked", "second_hand", "tags:",
              "increment", "misfiled", "count update", "Sources", "already in", "card_only", "vendor_self"):
        assert s not in text, s
    for s in ("归类偏差", "非新观点，仅计数更新", "未核实的数字", "（jay；摘要页核查 + 二手转述）", "证据纪律"):
        assert s in text, s


def test_en_brief_keeps_english_labels_and_names_evidence_levels(sample_store):
    """`--lang en`: every label is English, evidence levels included; the notes' own words stay as written."""
    text = _brief(sample_store, "en")
    assert "misfiled" in text and "not new, count update only" in text and "marked not verified in" in text
    assert "(flyp; abstract checked)" in text and "(jay; abstract checked + second-hand)" in text
    for s in ("未核实的数字", "标签与内容不符", "归类偏差", "摘要页核查）", "增量 ", "已在 §七 引用列表内）", "abstract_checked",
              "second_hand", "vendor_self_reported", "card_only"):
        assert s not in text, s


SCREEN = "inbox/jay/2026-10-27-1050-engineering-screen.md"
KEPT = "inbox/jay/2026-10-27-1105-engineering-brief.md"


def test_items_about_one_work_are_one_increment(sample_store, sample_snapshot):
    """One increment per item of relevance increment (``shift_items``), except that items sharing a work
    (IDM/CMM, arXiv:2610.32943) or, with no work, naming the same thing (Import AI 478) are one increment
    citing both jay notes, as the seed brief groups them; near-identical points of the two are one line."""
    from queries.briefing import brief_data
    from queries.items import shift_items

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang="zh", snapshot=sample_snapshot)
    items = [r for r in shift_items(sample_snapshot, MANIFEST_ID) if r.relevance == "increment"
             and not r.source.endswith("1802-1605-08803.md")]  # the misfiled card is low (labels do not fit)
    assert len(data.topics) == len(items) - 2 and [t.number for t in data.topics] == list(range(1, len(items) - 1))
    assert sorted((s.source, s.line) for t in data.topics for s in t.sources) == sorted((r.source, r.line) for r in items)
    merged = {t.title: t for t in data.topics if len(t.sources) > 1}
    assert list(merged) == ["IDM / CMM：在 item 空间与 code 空间之间做知识蒸馏（arXiv:2610.32943）",
                            "Import AI 478：ProgramBench 与形式化流水线"]
    idm, ai = merged.values()
    assert [(s.label, s.source, s.line) for s in idm.sources] == [("①", SCREEN, 7), ("②", KEPT, 9)]
    assert [(s.source, s.line) for s in ai.sources] == [(SCREEN, 31), (KEPT, 25)]
    assert ai.sources[1].title.startswith("Import AI 478：ProgramBench 20% resolved")
    assert (idm.evidence, ai.evidence) == ("abstract_checked", "abstract_checked")
    assert ai.evidence_levels == ["abstract_checked", "second_hand"]
    assert [a.arxiv_id for a in idm.arxiv] == ["2610.32943"] and ai.arxiv == []
    assert [s.key for s in idm.sections] == ["5.7"] and [s.key for s in ai.sections] == ["6.1", "6.2"]
    # near-identical points of the two notes are one line citing both lines; the others keep their own
    recall = [p for p in idm.points if "Recall@10" in p.text]
    assert len(recall) == 1 and [(st.source, st.line) for st in recall[0].statements] == [(SCREEN, 16), (KEPT, 17)]
    assert recall[0].text == "结果：Recall@10 平均提升 15.39%，NDCG@10 提升 8.28%。"  # the longer wording
    assert {st.source for p in ai.points for st in p.statements} == {SCREEN, KEPT}
    # every statement of both notes' items is in exactly one line of the increment
    for t in (idm, ai):
        shown = [(st.source, st.line) for p in t.meta + t.links + t.points + t.relations + t.caveats for st in p.statements]
        want = [(c.path, c.line) for s in t.sources for c in sample_snapshot.claims_of(s.source)
                if s.line <= c.line <= s.line_end and c.role != "citation"]
        assert sorted(shown) == sorted(want)


def test_merged_increment_matches_the_seed_grouping(sample_store, sample_snapshot, seed_path):
    """The seed's increments 5 (IDM/CMM) and 6 (Import AI 478) cite the same two notes as provkg's merged ones."""
    from ingest.brief import read_brief
    from queries.briefing import brief_data

    seed, _ = read_brief(seed_path)
    ours = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang="zh", snapshot=sample_snapshot).topics
    for key in ("IDM", "Import AI 478"):
        s = next(i for i in seed.increments if i.title.startswith(key))
        t = next(t for t in ours if t.title.startswith(key))
        assert set(s.sources) == {x.source for x in t.sources} == {SCREEN, KEPT}, key


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_merged_increment_is_printed_once(sample_store, lang):
    text = _brief(sample_store, lang)
    assert text.count("IDM / CMM 蒸馏目标") == 0  # the second note's heading is its sources line's ②, not a title
    block = _block(text, "IDM / CMM")
    assert f"① `{SCREEN}:7-29`" in block and f"② `{KEPT}:9-23`" in block
    assert "Recall@10" in block and block.count("Recall@10") == 1 and "`①:16` `②:17`" in block
    actions = _section(text, "今晚建议的归并动作（按优先级）", "Merge actions (by priority)")
    row57 = next(l for l in actions.splitlines() if "§5.7" in l and ("新增" in l or "add to" in l))
    assert row57.count("IDM / CMM") == 1
    assert sum(l.count("Import AI 478") for l in actions.splitlines() if "§6.1" in l and ("新增" in l or "add to" in l)) == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_increment_gives_its_source_address(sample_store, lang):
    """The seed brief gives each material's URL; provkg's brief gives the notes' "来源：…/原文：…" lines on
    each increment's sources line with their line, not as points."""
    from ingest.text import find_urls
    from queries.briefing import brief_data

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang)
    text = _brief(sample_store, lang)
    urls = {u for t in data.topics for p in t.links for u, _, _ in find_urls(p.text)}
    assert {"https://recsysfrontier.substack.com/p/ai-2026-10-17",
            "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally",
            "https://importai.substack.com/p/import-ai-478-math-for-alignment",
            "https://arxiv.org/abs/2502.07115"} <= urls
    assert all(t.links for t in data.topics if t.evidence != "unknown")  # every read increment names its address
    assert "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally `:65`" in _block(text, "Nanbeige")
    assert not any(find_urls(p.text) and p.text.startswith(("来源", "原文")) for t in data.topics for p in t.points)


def test_zh_report_says_every_rule_detail_in_chinese():
    """The rules write ``detail`` in English (the JSON keeps it); the zh report translates each rule's line,
    and the en report prints it unchanged."""
    from queries.render.report import _detail

    cases = {
        "figure: 76%": "数字：76%",
        "organized/paper_cards/058.md:25: shares hbm/dram": "organized/paper_cards/058.md:25：共有 hbm/dram",
        "no llm-infra keyword in the content": "正文中没有 llm-infra 的关键词",
        "variant: one title contains the other": "变体：一个标题包含另一个",
        "spelling variant": "拼写变体",
        "different titles": "两个不同的标题",
        "similarity 87/100": "相似度 87/100",
        "3 more source(s) give one of these values": "另有 3 个来源给出其中一个数值",
        "a line no rule writes": "a line no rule writes",
    }
    for en, zh in cases.items():
        assert _detail(en, "zh") == zh
        assert _detail(en, "en") == en


def test_already_cited_names_the_documents_own_citation_list():
    """"已在 §七 引用列表内" named §七 whatever the document's citation list was (a fresh user's was `## 9. References`)."""
    from queries.render.brief import LABELS, _status

    a = {"status": "already_cited"}
    assert _status(LABELS["zh"], a, cite="9") == "已在 §9 引用列表内"
    assert _status(LABELS["zh"], a, cite="七") == "已在 §七 引用列表内"
    assert _status(LABELS["zh"], a) == "已在引用列表内"


def test_report_heading_names_its_subject_once(tmp_path):
    # An English summary opens with its subject; the heading said it twice ("arXiv:X — arXiv:X is written …").
    from conftest import contradictions_of

    from queries.render.report import render_report

    found = contradictions_of(tmp_path, {
        "organized/knowledge/doc.md": "# Doc\n\n## 1 Serving\n\n- Paged KV (arXiv:2309.06180).\n\n## References\n\n"
                                      "- Kwon et al. Efficient Memory Management for Large Language Model Serving with "
                                      "PagedAttention. arXiv:2309.06180\n",
        "organized/paper_cards/0001-2309-06180.md": "# FlashAttention: Fast and Memory-Efficient Exact Attention\n\n"
                                                    "- arxiv: 2309.06180\n\nA card.\n",
    })
    titles = [f for f in found if f.kind == "title"]
    assert titles, [f.kind for f in found]
    heads = [ln for ln in render_report([f.model_dump(mode="json") for f in titles]).splitlines() if ln.startswith("### ")]
    assert heads == ["### 1. arXiv:2309.06180 is written with two different titles"], heads


def test_a_low_row_resting_on_a_card_alone_says_card_only_once():
    """A fresh user's finding: a hearsay row whose level is "card only" read "low relevance (card only only)"."""
    from queries.render.brief import LABELS, _low, _Refs

    r = {"kind": "hearsay", "levels": ["card_only"], "title": "Some card", "material": "Some card",
         "source": "organized/paper_cards/x.md", "line": 1, "reasons": []}
    row = _low(LABELS["en"], r, _Refs([]))
    assert "card only only" not in row and "(card only)" in row
    r["levels"] = ["second_hand"]
    assert "low relevance (second-hand only)" in _low(LABELS["en"], r, _Refs([]))


def test_report_counts_one_finding_in_the_singular(sample_snapshot):
    """A report of one finding says "1 finding:", not "1 findings:" (a fresh user's note); two say "2 findings:"."""
    from queries.contradictions import contradictions
    from queries.render.report import render_report

    found = [f.model_dump(mode="json") for f in contradictions(sample_snapshot)]
    assert len(found) >= 2
    one = render_report(found[:1]).splitlines()[2]
    two = render_report(found[:2]).splitlines()[2]
    assert one.startswith("1 finding: ") and two.startswith("2 findings: ")
