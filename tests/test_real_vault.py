"""The real-vault target of issue 18 on a committed excerpt of a public vault (tests/fixtures/vault-jby).

The excerpt (CC BY-SA 4.0, see its NOTICE.md) is eight unchanged one-paper notes of
github.com/jiabingyang01/llm-paper-notes and their area's README as the living document, trimmed to 40
table rows; ``bench/vault.py --fixture`` builds it, ``bench/vault.py`` the whole area (599 notes).
``expected.json`` gives each note's heading, paper title, arXiv ID and whether the README lists it.

Targets: ``provkg run`` exits 0 with no warning; each one-paper note is one item and one increment,
titled by its heading (never ``一句话总结`` or ``参考``); every paper of the shift is in the brief's
citable list with its status (already cited when the README lists it); under 50 brief lines per
material.  The targets not met yet are strict xfails naming the cause: they fail once fixed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from provkg.cli import cli

FIXTURE = Path(__file__).parent / "fixtures" / "vault-jby"
WS = FIXTURE / "workspace"
MANIFEST = "0b6c6f1e-5a2d-4f7e-9c61-6a1d2e0f0618"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text(encoding="utf-8"))
TITLE_ONLY = {"inbox/jiabingyang01/vla/reasoning/CronusVLA_2026.md", "inbox/jiabingyang01/vla/perception/BridgeVLA_2025.md"}


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    """``provkg run`` on the excerpt: (result, store, out folder)."""
    tmp = tmp_path_factory.mktemp("vault")
    store, out = tmp / "store", tmp / "out"
    r = CliRunner().invoke(cli, ["--store", str(store), "run", str(WS), "-o", str(out)], obj={})
    return r, store, out


def _json(store: Path, *args: str) -> list[dict]:
    r = CliRunner().invoke(cli, ["--store", str(store), *args, "--format", "json"], obj={})
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["results"]


def _brief(out: Path) -> str:
    return (out / "brief.md").read_text(encoding="utf-8")


def test_expected_is_the_vault():
    """The expectations are the notes' own heading, paper field and arXiv link (what the builder read)."""
    by = {e["path"].rsplit("/", 1)[1]: e for e in EXPECTED}
    assert len(EXPECTED) == 8
    assert by["pi0_2024.md"]["arxiv"] == "2410.24164" and by["pi0_2024.md"]["cited"] is True
    assert by["CronusVLA_2026.md"]["arxiv"] is None and by["BridgeVLA_2025.md"]["arxiv"] is None  # 2506.XXXXX
    assert [e["cited"] for e in EXPECTED] == [True, True, True, True, False, False, False, False]


def test_run_exits_0_without_warnings(ran):
    r, _store, out = ran
    assert r.exit_code == 0, r.output
    assert "warning:" not in r.output and "error:" not in r.output
    assert (out / "brief.md").is_file()


def test_each_note_is_one_item_about_its_paper(ran):
    """One item per note, at line 1, titled by the note's heading, about the paper its head links;
    the references at its foot are mentions (``SimpleVLA-RL`` cites OpenVLA-OFT, DeepSeek-R1, …)."""
    _r, store, _out = ran
    items = _json(store, "query", "items", "-m", MANIFEST)
    got = {}
    for it in items:
        got.setdefault(it["source"], []).append(it)
    assert sorted(got) == sorted(e["path"] for e in EXPECTED)
    for e in EXPECTED:
        [it] = got[e["path"]]
        assert (it["kind"], it["line"], it["title"]) == ("note", 1, e["heading"])
        assert it["works"] == ([e["arxiv"]] if e["arxiv"] else [])
    simple = got["inbox/jiabingyang01/vla/rl/SimpleVLA_RL_2025.md"][0]
    assert simple["mentions"] == ["2310.07365", "2409.19256", "2501.12948", "2502.19645", "2503.14476", "2506.18088"]


def _increments(brief: str) -> list[str]:
    return re.findall(r"^## 增量 \d+：(.+)$", brief, re.M)


def test_brief_increments_are_named_after_their_papers(ran):
    _r, _store, out = ran
    titles = _increments(_brief(out))
    want = [e["heading"] for e in EXPECTED if e["path"] != "inbox/jiabingyang01/vla/perception/BridgeVLA_2025.md"]
    assert [t.replace("\\", "") for t in titles if t.replace("\\", "") in want] == want
    assert not any(re.match(r"^(?:一句话总结|参考|[一二三四五六七八九十]、|\d+\.\d+ )", t) for t in titles), titles


def test_every_note_is_an_increment(ran):
    """BridgeVLA too: a title-only note (its arXiv link is `2506.XXXXX`) whose title resolves to no known
    work is about a work the document does not hold, and `已有的 3D VLA 方法` (existing methods) in its
    motivation is no "already have it"."""
    _r, _store, out = ran
    assert len(_increments(_brief(out))) == len(EXPECTED)


def _citable(brief: str) -> dict[str, str]:
    part = brief.split("## 可引用的 arXiv 号列表", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^- arXiv:(\S+) —— .*（([^；）]+)", part, re.M)}


def test_every_paper_with_an_id_is_citable(ran):
    _r, _store, out = ran
    cit = _citable(_brief(out))
    assert {e["arxiv"] for e in EXPECTED if e["arxiv"]} <= set(cit)
    for e in EXPECTED:
        if e["arxiv"] and not e["cited"]:
            assert cit[e["arxiv"]] == "新：需加入引用列表", e


@pytest.mark.xfail(strict=True, reason="the README lists its papers by short name and note link "
                                       "('[π₀](vla/foundation/pi0_2024.md)'), no arXiv ID: a living-document entry "
                                       "without an ID never counts as a citation, so every paper is 'new'")
def test_listed_papers_are_already_cited(ran):
    _r, _store, out = ran
    cit = _citable(_brief(out))
    for e in EXPECTED:
        if e["arxiv"] and e["cited"]:
            assert cit[e["arxiv"]].startswith("已"), e


def test_brief_under_50_lines_per_material(ran):
    _r, _store, out = ran
    assert len(_brief(out).splitlines()) < 50 * len(EXPECTED)
