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
