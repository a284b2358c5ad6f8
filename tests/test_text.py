"""Unit tests of ingest.text and ingest.notes on small inline documents."""
from __future__ import annotations

import pytest

from ingest.notes import parse_note
from ingest.claims import make_claim
from ingest.text import find_quantities, find_section_refs, find_suggested_sections, iter_blocks


@pytest.mark.parametrize(
    "text, raw, value, high, unit, metric, approx",
    [
        pytest.param("延迟降低 76%", "76%", 76.0, None, "%", "latency", False, id="percent-latency"),
        pytest.param("吞吐提升 2x", "2x", 2.0, None, "x", "throughput", False, id="times-throughput"),
        pytest.param("跨层流量减少 5.94x", "5.94x", 5.94, None, "x", "traffic", False, id="decimal-times"),
        pytest.param("KVTC 压缩比 20×", "20×", 20.0, None, "x", "compression", False, id="multiplication-sign"),
        pytest.param("骨干参数 552B", "552B", 552.0, None, "B", "parameters", False, id="billions"),
        pytest.param("上下文 1M token", "1M", 1.0, None, "M", "context", False, id="million-tokens"),
        pytest.param("speedup of 3.87-5.84× over", "3.87-5.84×", 3.87, 5.84, "x", "speed", False, id="range"),
        pytest.param("吞吐大概3倍", "大概3倍", 3.0, None, "x", "throughput", True, id="approx-chinese"),
    ],
)
def test_quantities(text, raw, value, high, unit, metric, approx):
    (q,) = find_quantities(text)
    assert (q.raw, q.value, q.value_high, q.unit, q.metric, q.approx) == (raw, value, high, unit, metric, approx)


@pytest.mark.parametrize("text", ["Llama2-70B on A100", "H100/H200/B200", "KServe v0.17/v0.18", "2026-10-27", "Llama-3.1-8B"])
def test_not_quantities(text):
    assert find_quantities(text) == ()


def test_section_refs_and_suggestions():
    t = "活文档 §3.1 已有条目；建议归入 §5.7，并在 §七 引用列表补一条"
    assert find_section_refs(t) == ("3.1", "5.7", "七")
    assert find_suggested_sections(t) == ("5.7",)


def test_claim_flags():
    c = make_claim("卡片里的 76% 本次没核到，属于**二手**转述", 3, 3, evidence="abstract_checked")
    assert c.unverified and c.evidence == "unverified" and c.text == "卡片里的 76% 本次没核到，属于二手转述"
    c = make_claim("论文证明在对抗性到达模型下不存在常数竞争比（arXiv:2502.07115）", 7, 7)
    assert c.qualifiers == ("arrival_model:adversarial",) and c.subjects == ("2502.07115",)


def test_blocks_keep_line_spans():
    lines = ["# T", "", "- one", "  continued", "- two", "", "来源：x", "证据等级：二手", "| a | b |", "|---|---|", "| 1 | 2 |"]
    got = [(b.kind, b.line, b.line_end) for b in iter_blocks(lines)]
    assert got == [("heading", 1, 1), ("item", 3, 4), ("item", 5, 5), ("para", 7, 7), ("para", 8, 8),
                   ("row", 9, 9), ("row", 11, 11)]


def test_note_without_front_matter_items_relevance_and_roles():
    text = "\n".join([
        "# 精读", "", "作者：Jay · 2026-10-27 09:35", "",
        "## KServe 路由", "证据等级：二手汇编转述", "### 要点", "- 打分式路由，建议归入 §5.1", "### 值得警惕", "- 作者未实机验证",
        "", "## 低相关：某厂商栏目", "判断：低相关（正文没抓到）", "- Telemetry Policy",
    ])
    parts, warns = parse_note(text, "inbox/jay/x.md")
    assert warns == [] and parts["agent"] == "jay" and parts["created"].isoformat() == "2026-10-27T09:35:00+00:00"
    items = parts["items"]
    assert [(i.title, i.relevance, i.evidence) for i in items] == [
        ("KServe 路由", "increment", "second_hand"), ("低相关：某厂商栏目", "low", "unknown")]
    roles = {c.text: (c.role, c.item) for c in parts["claims"]}
    assert roles["打分式路由，建议归入 §5.1"] == ("statement", 0)
    assert roles["作者未实机验证"] == ("caveat", 0)


@pytest.mark.parametrize(
    "text, placements",
    [
        pytest.param("无 arXiv 号，不可列入 §七 引用列表", (("七", True),), id="negated-zh-seed-65"),
        pytest.param("RSI-Inference Bench 26.7% 建议归 §6.1 开放问题", (("6.1", False),), id="bare-gui-seed-33"),
        pytest.param("（另一条，可归 §6）：10 万美元", (("6", False),), id="ke-gui-seed-31"),
        pytest.param("建议归入 §6.1（开放问题）和 §6.2（趋势：agent 编排）。", (("6.1", False), ("6.2", False)), id="annotated-chain"),
        pytest.param("并纳入 §七 引用列表：arXiv:2610.32943。", (("七", False),), id="positive-na-ru"),
        pytest.param("不建议归入 §3，留在 §5", (("3", True),), id="negated-jianyi"),
        pytest.param("This does not belong in §2.3.", (("2.3", True),), id="negated-en"),
        pytest.param("It belongs in §5.7 and §5.1", (("5.7", False), ("5.1", False)), id="english-chain"),
        pytest.param("归类偏差 §3；回归 §3.1", (), id="gui-inside-words"),
        pytest.param("不算新增引用，建议归入 §5.1", (("5.1", False),), id="negation-far-before"),
    ],
)
def test_placements(text, placements):
    from ingest.text import find_placements

    assert find_placements(text) == placements
    assert find_suggested_sections(text) == tuple(k for k, neg in placements if not neg)


def test_negative_placement_does_not_make_an_item_an_increment():
    parts, _ = parse_note("# N\n\n## 某条 newsletter\n\n- 无 arXiv 号，不可列入 §七 引用列表。\n", "inbox/a/n.md")
    (item,) = parts["items"]
    assert item.relevance == "unknown"
    assert parts["claims"][0].suggested_sections == ()
    assert parts["claims"][0].section_refs == ("七",)


@pytest.mark.parametrize(("written", "stored"), [
    ("模型会把思考放在 `<think>` 标签里", "模型会把思考放在 <think> 标签里"),
    ("接口返回 `Vec<u8>`，不是 `List<int>`。", "接口返回 Vec<u8>，不是 List<int>。"),
    ("模型会把思考放在 <think> 标签里", "模型会把思考放在 <think> 标签里"),  # not an HTML element
    ("代码 ``a ` b`` 里有反引号", "代码 a ` b 里有反引号"),
    ("`**不是粗体**` 和 **粗体**", "**不是粗体** 和 粗体"),
    ("`[a](b)` 与 [文本](https://x.y)", "[a](b) 与 文本 (https://x.y)"),
    ("换行<br/>和 <span class=\"k\">标签</span>、<B>大写</B>", "换行和 标签、大写"),
    ("<script>alert(1)</script> 仍去掉", "alert(1) 仍去掉"),
    ("未闭合的 ` 反引号", "未闭合的 反引号"),
])
def test_claim_text_keeps_code_spans_and_non_html_angle_brackets(written, stored):
    """A claim is a quote: a code span keeps its text (`<think>` had vanished, `Vec<u8>` became `Vec`), and only
    tags of HTML elements are removed outside code (found by the fresh-user run); docs/FORMAT.md §6."""
    parts, _warns = parse_note(f"# t\n\n- {written}\n", "inbox/a/n.md")
    assert [c.text for c in parts["claims"]] == [stored]


def test_percent_encoded_text_holds_no_figures():
    """``[[%E5%8F%84%E9%9B%86]]`` (a wikilink to a note with a CJK name, percent-encoded) gave the figures
    ``84%`` and ``9B`` (issue 23)."""
    from ingest.text import find_quantities

    assert find_quantities("见 [[%E5%8F%84%E9%9B%86]] 与 https://zh.wikipedia.org/wiki/%E5%84%9B") == ()
    assert [q.raw for q in find_quantities("提升 84%，参数 9B")] == ["84%", "9B"]


def test_an_entry_number_is_not_a_sentence():
    """``**3. Title**`` (a bold numbered pseudo-heading) left a key point "3." (a fresh user's run): a span
    that is only an entry's number joins no claim; numbers inside sentences are untouched."""
    from ingest.text import split_sentences

    def parts(t):
        return [t[a:b] for a, b in split_sentences(t)]

    assert parts("**3. PagedAttention (arXiv:2309.06180)**") == ["PagedAttention (arXiv:2309.06180)**"]
    assert parts("1. PagedAttention. Read it in full.") == ["PagedAttention.", "Read it in full."]
    assert parts("ii. Medusa heads. Abstract only.") == ["Medusa heads.", "Abstract only."]
    assert parts("The budget is 3. The speedup is 2.1x.") == ["The budget is 3.", "The speedup is 2.1x."]


def test_a_block_tag_between_two_latin_words_leaves_a_space():
    """A fresh user's finding: `<details><summary>HTML</summary>QGEMM-X claims 3.9x</details>` was the claim "HTMLQGEMM-X
    claims 3.9x"; a block element's tag between two Latin words leaves a space, and Chinese or inline tags leave none."""
    from ingest.text import strip_markup

    assert strip_markup("<details><summary>HTML</summary>QGEMM-X claims 3.9x</details>") == "HTML QGEMM-X claims 3.9x"
    assert strip_markup("换行<br/>和 <b>粗</b>体") == "换行和 粗体"
    assert strip_markup("a<b>b</b>c") == "abc"


def test_an_unclosed_front_matter_fence_is_said_when_fields_follow_it():
    """`---` over `author: lee` with no closing fence: the lines are read as text, and a warning says so (a lone `---`
    over prose is a rule, said nothing about)."""
    from ingest.text import split_front_matter

    fields, first, problem = split_front_matter("---\nauthor: [lee\ndate: : :\n\n# Note\n")
    assert (fields, first) == ({}, 1) and "never closed" in problem
    assert split_front_matter("---\n\nJust prose after a rule.\n") == ({}, 1, None)
