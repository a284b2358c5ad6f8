"""Golden files for the rendered brief and report (text output; the clock is injected).

A missing golden file is written and the test fails so that someone reviews it
(manubot's ``test_cite_command.py`` does the same).  Regenerate on purpose with
``PROVKG_REGEN_GOLDEN=1 pytest tests/test_render.py``.
"""
from __future__ import annotations

import os
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


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_brief_keeps_every_bullet_of_the_flyp_note(sample_store, lang):
    """No silent caps: the MC-SF bullets past the old limits (5 points, 3 relations) are there with file:line."""
    text = _brief(sample_store, lang)
    lines = (WORKSPACE / FLYP).read_text("utf-8").splitlines()
    for n in (23, 24, 25, 32, 33, 37):
        bullet = lines[n - 1].lstrip("- ").strip()
        assert f"{bullet} `{FLYP}:{n}`" in text, n
    # The DeepSeek note's line 37 (weights not public) and the Nanbeige settings (74-77) too.
    assert "`inbox/flyp/2026-10-27T1550-critical-read.md:37`" in text
    assert "552B MoE 的权重没有公开" in text
    for n in (74, 75, 76, 77):
        assert f"`inbox/jay/2026-10-27T0935-blogs-discovery.md:{n}`" in text, n


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_merge_actions_include_relation_and_routed_sections(sample_store, lang):
    """§6.1 (proposed by the MC-SF note's line 32) and §5.3 for the routed Reflection Beam are merge actions."""
    text = _brief(sample_store, lang)
    actions = text.split("## 建议的归并动作" if lang == "zh" else "## Merge actions", 1)[1].split("\n## ", 1)[0]
    row61 = next(l for l in actions.splitlines() if "§6.1" in l)
    assert "MC-SF" in row61 and f"`{FLYP}:32`" in row61
    row53 = next(l for l in actions.splitlines() if "§5.3" in l)
    assert "Reflection AI Beam" in row53
    assert ("推荐：笔记未指明章节" if lang == "zh" else "suggested: the note names no section") in row53
    assert not any(l.startswith(tuple(f"{i}. §七" for i in range(1, 20))) for l in actions.splitlines())


def test_zh_brief_prints_no_english_labels(sample_store):
    text = _brief(sample_store, "zh")
    for s in ("no new statement", "counts or metadata only", "labels do not fit", "do not fit the content",
              "is marked not verified", "stated in", ": unverified", "qualifier_conflict", "unverified_figure",
              "label_mismatch", "contamination", "arrival model", "abstract_checked", "second_hand", "tags:"):
        assert s not in text, s
    assert "标签与内容不符" in text and "没有新陈述（只有计数或元数据）" in text
    assert "写的数字 76% 在" in text and "2x：未核实" in text


def test_en_brief_keeps_english_findings(sample_store):
    text = _brief(sample_store, "en")
    assert "labels do not fit the content" in text and "no new statement (counts or metadata only)" in text
    assert "is marked not verified in" in text and "2x: unverified" in text
    assert "未核实的数字" not in text and "标签与内容不符" not in text


SCREEN = "inbox/jay/2026-10-27-1050-engineering-screen.md"
KEPT = "inbox/jay/2026-10-27-1105-engineering-brief.md"


def test_topics_about_one_work_are_one_increment(sample_store, sample_snapshot):
    """10 note topics give 8 increments: IDM/CMM (arXiv:2610.32943) and Import AI 478 (no ID) are each
    discussed by both jay notes and are one increment citing both, as the seed brief groups them."""
    from queries.briefing import brief_data

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang="zh", snapshot=sample_snapshot)
    assert len(data.topics) == 8 and [t.number for t in data.topics] == list(range(1, 9))
    merged = {t.title: t for t in data.topics if len(t.sources) > 1}
    assert list(merged) == ["IDM / CMM：在 item 空间与 code 空间之间做知识蒸馏（arXiv:2610.32943）",
                            "Import AI 478：ProgramBench 与形式化流水线"]
    idm, ai = merged.values()
    assert [(s.source, s.line) for s in idm.sources] == [(SCREEN, 7), (KEPT, 9)]
    assert [(s.source, s.line) for s in ai.sources] == [(SCREEN, 31), (KEPT, 25)]
    assert ai.sources[1].title.startswith("Import AI 478：ProgramBench 20% resolved")
    assert (idm.evidence, ai.evidence) == ("abstract_checked", "second_hand")
    assert [a.arxiv_id for a in idm.arxiv] == ["2610.32943"] and ai.arxiv == []
    assert [s.key for s in idm.sections] == ["5.7"] and [s.key for s in ai.sections] == ["6.1", "6.2"]
    # every point keeps its own note and line: both notes' Recall@10 bullets are there
    assert [(p.source, p.line) for p in idm.points if "Recall@10" in p.text] == [(SCREEN, 16), (KEPT, 17)]
    assert {p.source for p in ai.points} == {SCREEN, KEPT}
    # no other topic was merged, and no source appears in two increments for one heading line
    assert sum(len(t.sources) for t in data.topics) == 10
    assert len({(s.source, s.line) for t in data.topics for s in t.sources}) == 10


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
def test_merge_actions_list_a_merged_increment_once(sample_store, lang):
    text = _brief(sample_store, lang)
    head, body = text.split("\n## ", 1)
    assert ("增量条数：8 条" if lang == "zh" else "Increments: 8 ") in head
    assert body.count("IDM / CMM 蒸馏目标") == 1  # only as the second note's heading, in the sources block
    actions = text.split("## 建议的归并动作" if lang == "zh" else "## Merge actions", 1)[1].split("\n## ", 1)[0]
    rows = {l.split("§", 1)[1].split("「" if lang == "zh" else " ", 1)[0]: l for l in actions.splitlines() if "§" in l}
    assert rows["5.7"].count("IDM / CMM") == 1
    assert rows["6.1"].count("Import AI 478") == 1 and rows["6.2"].count("Import AI 478") == 1
    assert "IDM / CMM 蒸馏目标" not in actions and "20% resolved" not in actions
    # the merged increment's sources line names both notes with their heading lines
    assert f"`{SCREEN}:7`{'、' if lang == 'zh' else ', '}`{KEPT}:9`" in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_increment_gives_its_source_address(sample_store, lang):
    """The seed brief gives each material's URL; provkg's brief lists the notes' "来源：…/原文：…" lines
    under each increment with their file:line, not as points."""
    from ingest.text import find_urls
    from queries.briefing import brief_data

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang)
    text = _brief(sample_store, lang)
    urls = {u for t in data.topics for s in t.links for u, _, _ in find_urls(s.text)}
    assert {"https://recsysfrontier.substack.com/p/ai-2026-10-17",
            "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally",
            "https://importai.substack.com/p/import-ai-478-math-for-alignment",
            "https://arxiv.org/abs/2502.07115"} <= urls
    assert all(t.links for t in data.topics)  # every increment of the sample names its address
    assert "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally `inbox/jay/2026-10-27T0935-blogs-discovery.md:65`" in text
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
