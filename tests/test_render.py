"""Golden files for the rendered brief and report (text output; the clock is injected).

A missing golden file is written and the test fails so that someone reviews it
(manubot's ``test_cite_command.py`` does the same).  Regenerate on purpose with
``PROVKG_REGEN_GOLDEN=1 pytest tests/test_render.py``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import MANIFEST_ID, fixed_clock

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
