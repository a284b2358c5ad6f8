"""Tests for ``ingest.living_doc``: the two real living documents against their
``*.facts.json`` oracles, and heading/block shapes on small inline documents.

The corpus is read from ``../shared/corpus`` (never copied into the project);
corpus tests are skipped with a reason when it is absent.  The facts files
give counts and examples but not the list of distinct ids, so the reference
set is rebuilt with the oracle's stated method (arXiv URL or ``arXiv:``
context, version stripped) and checked against the oracle's count first.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.living_doc import (
    Entry,
    LivingDoc,
    clean_heading,
    heading_key,
    is_citation_title,
    parse_living_doc,
    read_living_doc,
    separated_title,
    slugify,
)
from ingest.arxiv import find_arxiv_ids

from conftest import CORPUS, shared_reason  # noqa: E402
DEFTRUTH = "DefTruth__Awesome-LLM-Inference__README.md"
OCTOBER = "October2001__Awesome-KV-Cache-Compression__README.md"
LIVING = [pytest.param(DEFTRUTH, id="DefTruth"), pytest.param(OCTOBER, id="October2001")]

_REF_RE = re.compile(
    r"arxiv\.org/(?:abs|pdf|html|ftp/arxiv/papers/\d{4})/(\d{4}\.\d{4,5})|arxiv:\s*(\d{4}\.\d{4,5})", re.I
)


def _load(name: str) -> tuple[str, dict, LivingDoc]:
    path = CORPUS / name
    facts_path = CORPUS / f"{name}.facts.json"
    if not path.exists() or not facts_path.exists():
        pytest.skip(shared_reason("a corpus file", path))
    text = path.read_text(encoding="utf-8")
    return text, json.loads(facts_path.read_text(encoding="utf-8")), read_living_doc(path)


def _reference(text: str) -> dict[str, list[int]]:
    out: dict[str, set[int]] = defaultdict(set)
    for no, line in enumerate(text.splitlines(), start=1):
        for m in _REF_RE.finditer(line):
            out[m.group(1) or m.group(2)].add(no)
    return {k: sorted(v) for k, v in out.items()}


def _by_id(doc: LivingDoc) -> dict[str, list]:
    out: dict[str, list] = defaultdict(list)
    for c in doc.citations:
        out[c.arxiv_id].append(c)
    return out


# --------------------------------------------------------------------------
# The real living documents

@pytest.mark.parametrize("name", LIVING)
def test_distinct_ids_precision_recall(name: str) -> None:
    text, facts, doc = _load(name)
    ref = _reference(text)
    assert len(ref) == facts["n_distinct_arxiv_ids"], "reference rebuilt from the stated method"
    found = {c.arxiv_id for c in doc.citations}
    tp = len(found & set(ref))
    assert (tp / len(found), tp / len(ref)) == (1.0, 1.0), (sorted(found - set(ref)), sorted(set(ref) - found))
    assert len(doc.citations) == facts["n_arxiv_occurrences_lines"]


@pytest.mark.parametrize("name", LIVING)
def test_duplicates(name: str) -> None:
    _, facts, doc = _load(name)
    by_id = _by_id(doc)
    assert sum(1 for v in by_id.values() if len(v) > 1) == facts["n_ids_cited_more_than_once"]
    for t in facts["top10_most_cited"]:
        mine = by_id[t["arxiv_id"]]
        assert [c.line for c in mine] == t["lines"], t["arxiv_id"]
        assert {c.title for c in mine} == set(t["titles"]), t["arxiv_id"]
    multi_section = {k for k, v in by_id.items() if len({c.section for c in v}) > 1}
    assert len(multi_section) == facts["n_ids_in_multiple_sections"]


@pytest.mark.parametrize("name", LIVING)
def test_same_id_two_titles(name: str) -> None:
    _, facts, doc = _load(name)
    by_id = _by_id(doc)
    conflicts = {k for k, v in by_id.items() if len({c.title for c in v}) > 1}
    assert conflicts == {d["arxiv_id"] for d in facts["ids_with_different_titles"]}
    for d in facts["ids_with_different_titles"]:
        at_line = {c.line: c.title for c in by_id[d["arxiv_id"]]}
        for t in d["titles"]:
            for ln in t["lines"]:
                assert at_line[ln] == t["title"], (d["arxiv_id"], ln)


@pytest.mark.parametrize("name", LIVING)
def test_versions_and_dates(name: str) -> None:
    _, facts, doc = _load(name)
    by_id = _by_id(doc)
    versions = {k: sorted({c.version for c in v if c.version}) for k, v in by_id.items()}
    assert {k: v for k, v in versions.items() if v} == facts["ids_with_version_suffix"]
    dates = {k: {c.date for c in v if c.date} for k, v in by_id.items()}
    assert {k for k, v in dates.items() if len(v) > 1} == {
        d["arxiv_id"] for d in facts["ids_with_different_listed_dates_same_doc"]
    }
    for d in facts["ids_with_different_listed_dates_same_doc"]:
        at_line = {c.line: c.date for c in by_id[d["arxiv_id"]]}
        for date, lns in d["listed_dates"].items():
            assert all(at_line[ln] == date for ln in lns)


def test_deftruth_shapes() -> None:
    _, facts, doc = _load(DEFTRUTH)
    topics = [s for s in doc.sections if s.level == 3]
    assert len(topics) == 20
    assert topics[0].key == "trending-llm-vlm-topics" and topics[0].title == "Trending LLM/VLM Topics"
    assert all(s.parent == "contents" for s in topics)
    assert doc.title == "Notes"
    by_line = {c.line: c for c in doc.citations}
    vllm = by_line[287]
    assert (vllm.arxiv_id, vllm.date, vllm.section) == ("2309.06180", "2023.09", "kv-cache-scheduling-quantize-dropping")
    assert vllm.title == "Efficient Memory Management for Large Language Model Serving with PagedAttention"
    ftp = [c for c in doc.citations if c.arxiv_id == "2403.20041"]
    assert [c.raw for c in ftp] == ["https://arxiv.org/ftp/arxiv/papers/2403/2403.20041.pdf"]
    for d in facts["date_column_differs_from_id_yymm_examples"]:
        assert any(c.line == d["line"] and c.date == d["listed"] for c in doc.citations)
    # every cited line is a table row entry with a date
    assert all(c.date and c.venue is None for c in doc.citations)


def test_october_shapes() -> None:
    _, _, doc = _load(OCTOBER)
    keys = [(s.key, s.title, s.parent) for s in doc.sections if s.level == 3]
    assert keys[0] == ("1", "Pruning / Evicting / Sparse", "method")
    assert [k for k, _, _ in keys] == [str(i) for i in range(1, 9)]
    by_line = {c.line: c for c in doc.citations}
    snap = by_line[45]
    assert (snap.arxiv_id, snap.venue, snap.section) == ("2404.14469", "Arxiv 2024", "1")
    assert snap.title == "SnapKV: LLM Knows What You are Looking for Before Generation"
    assert by_line[329].venue == "ACL 2025 Industry Track"  # venue on the continuation line 330
    assert all(c.venue and c.date is None for c in doc.citations)
    item = next(e for e in doc.entries if e.line == 329)
    assert (item.line_end, item.section) == (330, "5")


# --------------------------------------------------------------------------
# Heading shapes

HEADINGS = [
    pytest.param("§3.1 调度算法", ("3.1", "调度算法", True), id="section-sign"),
    pytest.param("§ 3.1. 调度算法", ("3.1", "调度算法", True), id="section-sign-space-dot"),
    pytest.param("§七 引用列表", ("七", "引用列表", True), id="section-sign-chinese"),
    pytest.param("七、引用列表", ("七", "引用列表", False), id="chinese-dunhao"),
    pytest.param("（三）实验", ("三", "实验", False), id="chinese-parens"),
    pytest.param("第三节 调度", ("三", "调度", False), id="di-san-jie"),
    pytest.param("3.1 Foo", ("3.1", "Foo", False), id="dotted"),
    pytest.param("3.1. Foo", ("3.1", "Foo", False), id="dotted-trailing-dot"),
    pytest.param("3. Foo", ("3", "Foo", False), id="single"),
    pytest.param("1️⃣ Pruning / Evicting / Sparse", ("1", "Pruning / Evicting / Sparse", False), id="keycap"),
    pytest.param(
        "📖Trending LLM/VLM Topics ([©️back👆🏻](#paperlist))  ",
        (None, "Trending LLM/VLM Topics", False),
        id="emoji-backlink",
    ),
    pytest.param("🔍 Method", (None, "Method", False), id="emoji"),
    pytest.param("2024 Roadmap", (None, "2024 Roadmap", False), id="year-not-number"),
    pytest.param("**Bold** [linked](http://x)", (None, "Bold linked", False), id="inline-markup"),
    pytest.param("[4.2] Page selection", ("4.2", "Page selection", False), id="bracketed-number"),
    pytest.param("Part 2: KV cache compression", ("2", "KV cache compression", False), id="part-arabic"),
    pytest.param("2.3 节 旋转类方法", ("2.3", "旋转类方法", False), id="number-then-jie"),
    pytest.param("第2章 权重量化", ("2", "权重量化", False), id="di-2-zhang"),
    pytest.param("4.2) Preemption", ("4.2", "Preemption", False), id="dotted-closing-paren"),
    pytest.param("4) Scheduling", ("4", "Scheduling", False), id="single-closing-paren"),
    pytest.param("Section 1 — Draft models", ("1", "Draft models", False), id="section-word"),
    pytest.param("2.1 · Tiling", ("2.1", "Tiling", False), id="dotted-middle-dot"),
    pytest.param("1.3 — Tree verification", ("1.3", "Tree verification", False), id="dotted-dash"),
    pytest.param("3 - Foo", ("3", "Foo", False), id="single-hyphen"),
]


def test_headings_sharing_a_key_do_not_hang_the_parse() -> None:
    """Two headings may give one key (a sub-heading numbered like its chapter, ``### 1) Paged KV`` under
    ``## 1) Engines`` when the numbering is not read): the section under the other is its own parent's
    namesake, and walking up the parents must end (it looped forever on t47's living document)."""
    text = ("# Doc\n\n## 1 Engines\n\n### 1 Paged KV\n\n- vLLM arXiv:2309.06180\n\n"
            "## References\n\n- PagedAttention arXiv:2309.06180\n")
    doc = parse_living_doc(text)
    assert [(s.key, s.parent) for s in doc.sections if s.key == "1"] == [("1", "doc"), ("1", "1")]
    assert [s.is_citation_list for s in doc.sections] == [False, False, False, True]


@pytest.mark.parametrize(("raw", "expected"), HEADINGS)
def test_heading_key(raw: str, expected: tuple[str | None, str, bool]) -> None:
    assert heading_key(raw) == expected


def test_clean_and_slug() -> None:
    assert clean_heading("📖DP/MP/PP ([©️back👆🏻](#paperlist))") == "DP/MP/PP"
    assert slugify("Trending LLM/VLM Topics") == "trending-llm-vlm-topics"
    assert slugify("调度 算法") == "调度-算法"
    assert slugify("🔥") == "section"


@pytest.mark.parametrize(
    ("title", "expected"),
    [("引用列表", True), ("References", True), ("参考文献", True), ("Citations", True),
     ("Bibliography and notes", True), ("Referenced models", False), ("调度算法", False),
     ("引文", True), ("Further reading", True), ("引用分析", False)],
)
def test_is_citation_title(title: str, expected: bool) -> None:
    assert is_citation_title(title) is expected


DOC_ZH = """\
# 推理加速活文档

## §三 调度
引言段落，第一行
第二行 arXiv:2309.06180 (vLLM)

### §3.1 调度算法
1. **Orca** 连续批处理 [[pdf]](https://arxiv.org/abs/2201.00001)
2. [**Sarathi-Serve.**](https://arxiv.org/abs/2403.02310) *Agrawal et al.* OSDI 2024.

### 3.2 缓存
```text
## not a heading
https://arxiv.org/abs/2309.17453
```
<details>
<summary>更多</summary>

- 2502.07115v5 DeepSeek 注释

</details>

## 七、引用列表
|Date|Title|Paper|
|:---:|:---:|:---:|
|2023.09|🔥[**vLLM**] Efficient Memory Management for LLM Serving(@UC Berkeley)|[[pdf]](https://arxiv.org/pdf/2309.06180.pdf)|
|2024.05|[DeepSeek-V2]|[[pdf]](https://arxiv.org/pdf/2405.04434) [[abs]](https://arxiv.org/abs/2405.04434v2)|

## §七 附录
第三方 10.1145/3582016.3582018
"""


def test_inline_sections() -> None:
    doc = parse_living_doc(DOC_ZH)
    assert doc.title == "推理加速活文档"
    got = [(s.key, s.title, s.level, s.line, s.line_end, s.parent, s.is_citation_list) for s in doc.sections]
    assert got == [
        ("推理加速活文档", "推理加速活文档", 1, 1, 30, None, False),
        ("三", "调度", 2, 3, 22, "推理加速活文档", False),
        ("3.1", "调度算法", 3, 7, 10, "三", False),
        ("3.2", "缓存", 3, 11, 22, "三", False),
        ("七", "引用列表", 2, 23, 28, "推理加速活文档", True),
        ("七", "附录", 2, 29, 30, "推理加速活文档", False),
    ]


def test_inline_entries_and_citations() -> None:
    doc = parse_living_doc(DOC_ZH)
    assert Entry("引言段落，第一行\n第二行 arXiv:2309.06180 (vLLM)", 4, 5, "三") in doc.entries
    code = next(e for e in doc.entries if e.text.startswith("```"))
    assert (code.line, code.line_end, code.section) == (12, 15, "3.2")
    assert any(e.text == "<summary>更多</summary>" for e in doc.entries)  # text inside tags is kept
    cites = [(c.arxiv_id, c.version, c.line, c.title, c.date, c.venue, c.section) for c in doc.citations]
    assert cites == [
        ("2309.06180", None, 5, None, None, None, "三"),
        ("2201.00001", None, 8, "Orca", None, None, "3.1"),
        ("2403.02310", None, 9, "Sarathi-Serve", None, "OSDI 2024", "3.1"),
        ("2309.17453", None, 14, None, None, None, "3.2"),
        ("2502.07115", "v5", 19, None, None, None, "3.2"),
        ("2309.06180", None, 26, "Efficient Memory Management for LLM Serving", "2023.09", None, "七"),
        ("2405.04434", None, 27, "DeepSeek-V2", "2024.05", None, "七"),
    ]
    # one line citing an id twice counts once; the first mention's raw and version are kept
    dsv2 = doc.citations[-1]
    assert dsv2.raw == "https://arxiv.org/pdf/2405.04434"


def test_bare_section_seven_is_citation_list() -> None:
    doc = parse_living_doc("## §七\n- arXiv:2502.07115\n## 七、附录\n")
    assert [(s.key, s.is_citation_list) for s in doc.sections] == [("七", True), ("七", False)]


def test_heading_levels_and_html() -> None:
    text = "<h2>Intro</h2>\ntext\n#### Deep\n- item https://arxiv.org/abs/2401.00001\n## Other\n## Other\n"
    doc = parse_living_doc(text)
    assert [(s.key, s.level, s.line, s.line_end, s.parent) for s in doc.sections] == [
        ("intro", 2, 1, 4, None),
        ("deep", 4, 3, 4, "intro"),
        ("other", 2, 5, 5, None),
        ("other-2", 2, 6, 6, None),
    ]
    assert doc.citations[0].section == "deep"
    assert doc.title is None


def test_list_continuation_and_nested() -> None:
    text = "## A\n- one\n  continued\n  - nested https://arxiv.org/abs/2401.00001\n\npara\n"
    doc = parse_living_doc(text)
    assert [(e.text, e.line, e.line_end) for e in doc.entries] == [
        ("- one\n  continued", 2, 3),
        ("  - nested https://arxiv.org/abs/2401.00001", 4, 4),
        ("para", 6, 6),
    ]


def test_empty_and_no_headings() -> None:
    assert parse_living_doc("") == LivingDoc((), (), (), None)
    doc = parse_living_doc("see arXiv:2502.07115\n")
    assert doc.citations[0].section is None and doc.entries[0].section is None


def test_read_living_doc_errors(tmp_path: Path) -> None:
    from ingest.errors import IngestError

    with pytest.raises(IngestError, match="cannot read living document"):
        read_living_doc(tmp_path / "missing.md")
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(IngestError):
        read_living_doc(bad)


# --------------------------------------------------------------------------
# Property: any text parses; spans are well formed.

_LINE = st.one_of(
    st.sampled_from([
        "", "# T", "## §3.1 调度", "### 七、引用列表", "#### 📖Topic ([©️back👆🏻](#x))", "```", "~~~",
        "|Date|Title|Paper|", "|:---:|:---:|:---:|", "|2024.05|[X] Y(@Z)|[[pdf]](https://arxiv.org/pdf/2405.04434)|",
        "1. [**T.**](https://arxiv.org/abs/2404.14469) *A, B.* ICLR 2024.", "- arXiv:2502.07115v5", "<details>",
        "</details>", "---", "  continued", "> quote 10.1145/3582016.3582018",
    ]),
    st.text(max_size=20),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_LINE, max_size=30))
def test_any_text_parses(lines: list[str]) -> None:
    text = "\n".join(lines)
    doc = parse_living_doc(text)
    n = len(text.splitlines())
    keys = {s.key for s in doc.sections}
    for s in doc.sections:
        assert 1 <= s.line <= s.line_end <= n
        assert s.parent is None or s.parent in keys
    for e in doc.entries:
        assert 1 <= e.line <= e.line_end <= n
    for c in doc.citations:
        assert 1 <= c.line <= n and c.raw in text.splitlines()[c.line - 1]


def test_living_document_keeps_its_own_language_time_and_urls():
    """The entry loop once reused the name of the document's text, so lang, the 'updated' time and the
    URLs were read from the last entry: the Chinese sample document came out as lang 'en', no time."""
    from conftest import WORKSPACE
    from ingest.sources import discover, read_source

    found, _ = discover([WORKSPACE / "organized" / "knowledge" / "inference.md"])
    rec, _ = read_source(found[0])
    assert rec.kind == "living_doc" and rec.lang == "zh"
    assert rec.created is not None and rec.created.date().isoformat() == "2026-10-25"


# --------------------------------------------------------------------------
# Separated records: ``- arXiv:ID · Title · YYYY-MM [· venue]`` (the sample's §七 citation list)

FLASH = "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness"
FA = "2205.14135"

RECORD_LINES = [
    # the form of the bundled sample's citation list, and its variants
    pytest.param(f"- arXiv:{FA} · {FLASH} · 2022-05 · NeurIPS 2022", (FA, None, FLASH), id="sample-line"),
    pytest.param(f"- arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="no-venue"),
    pytest.param(f"- arXiv:{FA} · {FLASH}", (FA, None, FLASH), id="title-last-field"),
    pytest.param(f"- arXiv:{FA}v2 · {FLASH} · 2022-05", (FA, "v2", FLASH), id="version"),
    pytest.param(f"1. arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="numbered-item"),
    pytest.param(f"- [x] arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="task-item"),
    pytest.param(f"1、arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="chinese-numbered-item"),
    pytest.param(f"arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="paragraph-line"),
    pytest.param(f"> - arXiv:{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="blockquote"),
    pytest.param(f"- **arXiv:{FA}** · {FLASH} · 2022-05", (FA, None, FLASH), id="bold-id"),
    pytest.param(f"- `arXiv:{FA}` · {FLASH} · 2022-05", (FA, None, FLASH), id="code-id"),
    pytest.param(f"- [arXiv:{FA}](https://arxiv.org/abs/{FA}) · {FLASH} · 2022-05", (FA, None, FLASH),
                 id="id-as-link"),
    pytest.param(f"- [{FA}](https://arxiv.org/abs/{FA}v2) · {FLASH} · 2022-05", (FA, "v2", FLASH),
                 id="id-link-version-in-target"),
    pytest.param(f"- [arXiv](https://arxiv.org/abs/{FA}) · {FLASH} · 2022-05", (FA, None, FLASH),
                 id="generic-link-text"),
    pytest.param(f"- https://arxiv.org/abs/{FA} · {FLASH} · 2022-05", (FA, None, FLASH), id="bare-url"),
    pytest.param(f"- <https://arxiv.org/abs/{FA}v3> · {FLASH} · 2022-05", (FA, "v3", FLASH), id="autolink"),
    pytest.param(f"- arXiv:{FA} | {FLASH} | 2022-05 | NeurIPS 2022", (FA, None, FLASH), id="bar-separator"),
    pytest.param(f"- arXiv:{FA} ｜ {FLASH} ｜ 2022-05", (FA, None, FLASH), id="full-width-bar"),
    pytest.param(f"- arXiv:{FA} • {FLASH} • 2022-05", (FA, None, FLASH), id="bullet-separator"),
    pytest.param(f"- arXiv:{FA}·{FLASH}·2022-05", (FA, None, FLASH), id="unspaced-dots"),
    pytest.param(f"| arXiv:{FA} | {FLASH} | 2022-05 |", (FA, None, FLASH), id="table-row-no-header"),
    pytest.param(f'- arXiv:{FA} · "{FLASH}." · 2022-05', (FA, None, FLASH), id="quoted-full-stop"),
    pytest.param(f"- arXiv:{FA} · **{FLASH}** · 2022-05", (FA, None, FLASH), id="bold-title"),
    pytest.param("- arXiv:2401.00001 · Jean·Paul: A Title · 2024-01", ("2401.00001", None, "Jean·Paul: A Title"),
                 id="unspaced-dot-inside-spaced-title"),
    pytest.param("- arXiv:hep-th/9901001 · An Old Paper · 1999-01", ("hep-th/9901001", None, "An Old Paper"),
                 id="old-style-id"),
    # a link's own text still comes first
    pytest.param(f"- [FlashAttention](https://arxiv.org/abs/{FA}) · {FLASH} · 2022-05", (FA, None, "FlashAttention"),
                 id="link-text-wins"),
    pytest.param(f"- [**{FLASH}.**](https://arxiv.org/abs/{FA}) · 2022-05", (FA, None, FLASH), id="link-title-date"),
    # negatives: the field after the id is not a title, and no other field is tried
    pytest.param(f"- arXiv:{FA} · 2022-05", (FA, None, None), id="date-only"),
    pytest.param(f"- arXiv:{FA} · 2022-05 · {FLASH}", (FA, None, None), id="date-then-title"),
    pytest.param(f"- arXiv:{FA} · 2023 · NeurIPS 2023", (FA, None, None), id="year-then-venue"),
    pytest.param(f"- arXiv:{FA} · May 2022", (FA, None, None), id="month-name-date"),
    pytest.param(f"- arXiv:{FA} · 2022年5月", (FA, None, None), id="chinese-date"),
    pytest.param(f"- arXiv:{FA} · NeurIPS 2022", (FA, None, None), id="venue-only"),
    pytest.param(f"- arXiv:{FA} · OSDI '24", (FA, None, None), id="venue-short-year"),
    pytest.param(f"- arXiv:{FA} · arXiv preprint", (FA, None, None), id="venue-preprint"),
    pytest.param(f"- arXiv:{FA} · Findings of ACL", (FA, None, None), id="venue-no-year"),
    pytest.param(f"- arXiv:{FA} · https://arxiv.org/abs/{FA}", (FA, None, None), id="url"),
    pytest.param(f"- arXiv:{FA} · [code](https://github.com/Dao-AILab/flash-attention)", (FA, None, None),
                 id="generic-link"),
    pytest.param(f"- arXiv:{FA} · www.example.org/flash", (FA, None, None), id="www-url"),
    pytest.param("- arXiv:1605.08803 · Laurent Dinh, Jascha Sohl-Dickstein, Samy Bengio",
                 ("1605.08803", None, None), id="author-list"),
    pytest.param(f"- arXiv:{FA} · Dao et al. · 2022", (FA, None, None), id="et-al"),
    pytest.param(f"- arXiv:{FA} · by Tri Dao · 2022", (FA, None, None), id="by-author"),
    pytest.param(f"- arXiv:{FA} · Dao, T. · 2022", (FA, None, None), id="surname-initial"),
    pytest.param(f"- arXiv:{FA} · Dao, T.; Fu, D. Y. · 2022", (FA, None, None), id="surnames-initials"),
    pytest.param(f"- arXiv:{FA} · Dao, T., et al. · 2022", (FA, None, None), id="surname-initial-et-al"),
    pytest.param("- arXiv:2001.08361 · Scaling Laws for Neural Language Models (Kaplan et al.) · 2020-01",
                 ("2001.08361", None, "Scaling Laws for Neural Language Models"), id="title-then-authors-in-brackets"),
    pytest.param("- arXiv:2001.08361 · Scaling Laws for Neural Language Models (2020)",
                 ("2001.08361", None, "Scaling Laws for Neural Language Models"), id="title-then-year-in-brackets"),
    pytest.param("- arXiv:1706.03762 · Attention (Is All You Need) · 2017",
                 ("1706.03762", None, "Attention (Is All You Need)"), id="brackets-in-a-title-stay"),
    pytest.param("- arXiv:2312.00752 · Mamba, Linear-Time Sequence Modeling · 2023",
                 ("2312.00752", None, "Mamba, Linear-Time Sequence Modeling"), id="comma-in-a-title"),
    pytest.param("- arXiv:2401.00001 · By the Numbers: Counting Tokens · 2024",
                 ("2401.00001", None, "By the Numbers: Counting Tokens"), id="title-starting-with-by"),
    pytest.param("- arXiv:2502.07115 · 作者：Zijie Zhou 等", ("2502.07115", None, None), id="chinese-author-label"),
    pytest.param(f"- arXiv:{FA} · v2", (FA, None, None), id="version-field"),
    pytest.param(f"- arXiv:{FA} · PDF", (FA, None, None), id="generic-word"),
    pytest.param(f"- **arXiv:{FA}** · 2022-05", (FA, None, None), id="bold-id-is-not-a-title"),
    pytest.param(f"- arXiv:{FA} · arXiv:2307.08691", (FA, None, None), id="another-id"),
    # negatives: not a record (the id does not open the line, or no separator follows it)
    pytest.param("- 精读 arXiv:2502.07115 · 建议下一班", ("2502.07115", None, None), id="id-mid-sentence"),
    pytest.param("- 飞P 精读 arXiv:2502.07115（MC-SF）· 2026-10-26 15:50", ("2502.07115", None, None),
                 id="id-then-parenthesis"),
    pytest.param("- 2502.07115v5 DeepSeek 注释", ("2502.07115", "v5", None), id="no-separator"),
    pytest.param(f"- arXiv:{FA} - {FLASH} - 2022-05", (FA, None, None), id="hyphen-is-not-a-separator"),
]


@pytest.mark.parametrize(("line", "expected"), RECORD_LINES)
def test_separated_record_titles(line: str, expected: tuple[str, str | None, str | None]) -> None:
    doc = parse_living_doc(f"## 七、引用列表\n{line}\n")
    assert [(c.arxiv_id, c.version, c.title) for c in doc.citations][0] == expected


def test_separated_title_function_spans() -> None:
    line = f"- arXiv:{FA}v2 · {FLASH} · 2022-05"
    m = find_arxiv_ids(line)[0]
    assert separated_title(line, m.start, m.end) == FLASH
    assert separated_title("- arXiv:2205.14135 · 2022-05", 2, 18) is None


def test_bold_name_yields_to_a_title_of_the_same_work() -> None:
    """A bold lead-in is a short name; when the document titles the work elsewhere, it is not a second title."""
    text = (
        "## §一 引擎\n"
        "- **vLLM**：PagedAttention（arXiv:2309.06180）。\n"
        "- **Orca** 连续批处理（arXiv:2201.00001）。\n"
        "- **SnapKV: LLM Knows What You are Looking for Before Generation.** arXiv:2404.14469\n"
        "## 七、引用列表\n"
        "- arXiv:2309.06180 · Efficient Memory Management for Large Language Model Serving with PagedAttention · 2023-09\n"
        "- arXiv:2404.14469 · SnapKV: LLM Knows What You are Looking for Before Generation · 2024-04\n"
    )
    got = [(c.arxiv_id, c.line, c.title) for c in parse_living_doc(text).citations]
    assert got == [
        ("2309.06180", 2, None),
        ("2201.00001", 3, "Orca"),  # no other title in the document: the bold name stays
        ("2404.14469", 4, "SnapKV: LLM Knows What You are Looking for Before Generation"),  # same title
        ("2309.06180", 6, "Efficient Memory Management for Large Language Model Serving with PagedAttention"),
        ("2404.14469", 7, "SnapKV: LLM Knows What You are Looking for Before Generation"),
    ]


def test_sample_citation_list_titles_reach_query_papers(tmp_path: Path) -> None:
    """End to end on the bundled sample: ingest, then ``query papers`` lists the §七 titles."""
    from click.testing import CliRunner

    from conftest import WORKSPACE
    from provkg.cli import cli

    store = str(tmp_path / "st")
    r = CliRunner().invoke(cli, ["--store", store, "-q", "ingest", str(WORKSPACE)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["--store", store, "query", "papers", "--format", "json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    titles = {row["arxiv_id"]: row["titles"] for row in json.loads(r.output)["results"]}
    assert titles[FA] == [FLASH]
    # every id of the §七 list has its listed title (lines 166-180 of inference.md)
    listed = {}
    for ln in (WORKSPACE / "organized" / "knowledge" / "inference.md").read_text("utf-8").splitlines()[165:180]:
        aid, title = re.match(r"- arXiv:(\S+) · (.+?) · ", ln).groups()
        listed[aid] = title
    assert len(listed) == 15
    assert all(title in titles[aid] for aid, title in listed.items())
    assert titles["2309.06180"] == ["Efficient Memory Management for Large Language Model Serving with PagedAttention"]


@pytest.mark.parametrize(("line", "expected"), [
    (f"- arXiv:{FA} · {FLASH} · 2022-05 · NeurIPS 2022", (FLASH, "2022-05", "NeurIPS 2022")),
    (f"- arXiv:{FA} · {FLASH} · 2022-05", (FLASH, "2022-05", None)),
    (f"- arXiv:{FA} · {FLASH} · May 2022 · OSDI '24", (FLASH, "May 2022", "OSDI '24")),
    (f"- arXiv:{FA} · 2022-05 · NeurIPS 2022", (None, "2022-05", "NeurIPS 2022")),  # no title field
    (f"- arXiv:{FA} | {FLASH} | 2022-05 |", (FLASH, None, None)),  # a table-like bar: the cell alone
    ("- 精读 arXiv:2502.07115 · 2026-10-26", (None, None, None)),  # not a record
])
def test_separated_records_give_their_date_and_venue(line: str, expected) -> None:
    """The fields after the title of `arXiv:ID · Title · YYYY-MM · venue` fill the citation's date and venue."""
    from ingest.living_doc import separated_record

    doc = parse_living_doc(f"## 七、引用列表\n{line}\n")
    c = doc.citations[0]
    assert (c.title, c.date, c.venue) == expected
    m = next(iter(find_arxiv_ids(line)))
    assert separated_record(line, m.start, m.end) == (expected if "精读" not in line else (None, None, None))


@pytest.mark.parametrize(("line", "expected"), [
    (f"- {FLASH} · arXiv:{FA} · 2022-05 · NeurIPS 2022", (FLASH, "2022-05", "NeurIPS 2022")),
    (f"- {FLASH} · arXiv:{FA}v2", (FLASH, None, None)),
    (f"1. **{FLASH}** · [arXiv:{FA}](https://arxiv.org/abs/{FA}) · 2022-05", (FLASH, "2022-05", None)),
    (f"- Dao et al. · {FLASH} · arXiv:{FA} · 2022-05", (FLASH, "2022-05", None)),  # the nearest field
    (f"- 2022-05 · arXiv:{FA}", (None, "2022-05", None)),  # a date is no title
    (f"- 见 {FLASH} · arXiv:{FA} 之后的工作", (None, None, None)),  # prose goes on after the ID: no record
    (f"- see [{FLASH}](https://x.org) · arXiv:{FA}", (None, None, None)),  # a link before: not this format
    (f"| 2022.05 | {FLASH} · arXiv:{FA}", (None, None, None)),  # table cells before: not this format
    (f"- {FLASH} | arXiv:{FA} | 2022-05", (None, None, None)),  # bars are cells, not title-first records
])
def test_title_first_records(line: str, expected) -> None:
    """`Title · arXiv:ID · YYYY-MM · venue` (the title before the identifier) is a record too."""
    from ingest.living_doc import separated_record

    m = next(iter(find_arxiv_ids(line)))
    assert separated_record(line, m.start, m.end) == expected
    c = parse_living_doc(f"## 七、引用列表\n{line}\n").citations[0]
    if expected[0] is not None:
        assert (c.title, c.date, c.venue) == expected


def test_a_line_of_many_linked_identifiers_is_scanned_for_links_once(monkeypatch) -> None:
    """Each identifier of a line looked for its link with a fresh scan of the whole line: a line of 16,000
    linked identifiers took minutes (a fresh-user run). The links of a line are found once and searched."""
    import ingest.living_doc as ld

    calls = []

    class Counting:
        def finditer(self, line):
            calls.append(len(line))
            return real.finditer(line)

        def __getattr__(self, name):  # every other use of the pattern, uncounted
            return getattr(real, name)

    real = ld._MD_LINK_RE
    monkeypatch.setattr(ld, "_MD_LINK_RE", Counting())
    ld._line_links.cache_clear()
    n = 500
    line = "- " + " ".join(f"[P{i}](https://arxiv.org/abs/2301.{i:05d}) · T{i}" for i in range(n))
    doc = parse_living_doc(f"## 七、引用列表\n{line}\n")
    assert [c.arxiv_id for c in doc.citations] == [f"2301.{i:05d}" for i in range(n)]
    assert [c.title for c in doc.citations] == [f"P{i}" for i in range(n)]
    assert len([c for c in calls if c == len(line)]) == 1


def test_many_identifiers_on_one_line_are_all_found() -> None:
    """The overlap check of the identifier scan is a binary search now (a linear one made 16,000
    identifiers on a line take 17 s); every one is still found, once, in order."""
    line = " ".join(f"arXiv:2301.{i:05d}v{i % 3 + 1} 2301.{i:05d}" for i in range(3000))
    found = find_arxiv_ids(line)
    assert len(found) == 6000
    assert [m.start for m in found] == sorted(m.start for m in found)
    assert [m.arxiv_id for m in found[:4]] == ["2301.00000", "2301.00000", "2301.00001", "2301.00001"]
    assert all(a.end <= b.start for a, b in zip(found, found[1:]))


def test_a_keyed_entrys_title_stops_before_its_authors_year_or_venue():
    """`- [DPR2] Dense Passage Retrieval …, Karpukhin et al., 2020, arXiv:…` gave the work a second title
    holding its authors (a fresh user's finding: a false title conflict with the card)."""
    doc = parse_living_doc(
        "# Doc\n\n## References\n\n"
        "- [DPR2] Dense Passage Retrieval for Open-Domain Question Answering, Karpukhin et al., 2020, arXiv:2004.04906\n"
        "- [Sarathi] Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve. A. Agrawal, N. Kedia. arXiv:2403.02310\n"
        "- [Mooncake] Mooncake: A KVCache-centric Disaggregated Architecture for LLM Serving — 2407.00079\n"
        "- [FA3] FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision, NeurIPS 2024, arXiv:2407.08608\n")
    assert [(c.alias, c.title) for c in doc.citations] == [
        ("DPR2", "Dense Passage Retrieval for Open-Domain Question Answering"),
        ("Sarathi", "Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve"),
        ("Mooncake", "Mooncake: A KVCache-centric Disaggregated Architecture for LLM Serving"),
        ("FA3", "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision")]


@pytest.mark.parametrize("entries, want", [
    pytest.param("- [Zhang2024] Draft & Verify: Lossless Large Language Model Acceleration via Self-Speculative "
                 "Decoding. arXiv:2309.08168\n- 〔14〕KVRot: Rotation-Based 3-Bit KV Cache Quantization. arXiv:2608.11873\n"
                 "- Tri Dao, Dan Fu. arXiv:2205.14135\n",
                 [("2309.08168", "Draft & Verify: Lossless Large Language Model Acceleration via Self-Speculative Decoding"),
                  ("2608.11873", "KVRot: Rotation-Based 3-Bit KV Cache Quantization"), ("2205.14135", None)],
                 id="author-year-key-then-title"),
    pytest.param("- DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model "
                 "Serving (arXiv:2401.09670)\n- FlashAttention-2: Faster Attention（arXiv:2307.08691）\n"
                 "- Tri Dao, Dan Fu (arXiv:2205.14135)\n",
                 [("2401.09670", "DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model Serving"),
                  ("2307.08691", "FlashAttention-2: Faster Attention"), ("2205.14135", None)],
                 id="title-then-identifier-in-brackets"),
])
def test_a_reference_entry_gives_its_title(entries, want):
    """`- [Zhang2024] Draft & Verify: … . arXiv:ID` (the key names no work, the field before the identifier is
    the title) and `- DistServe: … Serving (arXiv:2401.09670)` (the text before the bracket): a card writing
    another title for the ID is then a `title` finding; an author list is no title."""
    doc = parse_living_doc("# Doc\n\n## References\n\n" + entries)
    assert [(c.arxiv_id, c.title) for c in doc.citations] == want


def _living_claims(text: str) -> dict[int, object]:
    """The statements ``ingest.living.parse_living_source`` gives a small living document, by line."""
    from datetime import timezone

    from ingest.living import parse_living_source

    fields, _ = parse_living_source(text, "organized/knowledge/doc.md", tz=timezone.utc)
    return {c.line: c for c in fields["claims"] if c.role == "statement"}


def test_numbers_of_a_reference_list_written_as_one_paragraph_resolve_body_citations():
    """`[12] InfLLM: …. arXiv 2402.04617` on consecutive lines (one Markdown paragraph): "InfLLM [12]：训练无关"
    in the body is about 2402.04617 and states its qualifier."""
    text = ("# 文档\n\n## 6 外推\n\n- InfLLM [12]：训练无关，把远处上下文存成记忆单元。\n\n## 参考文献\n\n"
            "[11] KIVI: A Tuning-Free Asymmetric 2bit Quantization for KV Cache. arXiv 2402.02750\n"
            "[12] InfLLM: Training-Free Long-Context Extrapolation for LLMs. arXiv 2402.04617\n")
    c = _living_claims(text)[5]
    assert (c.subjects, c.qualifiers) == (("2402.04617",), ("training:training_free",))


def test_the_bullets_under_a_paragraph_introducing_one_work_are_about_it():
    """`SARATHI (arXiv:2308.16369) splits a prompt …` then `- Chunked prefill does not need any changes to the
    model`: the bullets are SARATHI's points (a conflicting note about SARATHI is found against them)."""
    text = ("# Doc\n\n## 3. Chunked prefill\n\nSARATHI (arXiv:2308.16369) splits a prompt into chunks.\n"
            "- Chunked prefill does not need any changes to the model.\n- Chunk sizes: 512–2048 tokens.\n\n"
            "Unrelated paragraph naming nothing.\n- A bullet under it.\n\n## References\n\n- SARATHI (arXiv:2308.16369)\n")
    got = {ln: c.subjects for ln, c in _living_claims(text).items()}
    assert (got[6], got[7], got[10]) == (("2308.16369",), ("2308.16369",), ())


def test_a_citation_list_of_one_record_per_line_without_markers_is_one_entry_per_line() -> None:
    """`Authors. "Title." arXiv preprint arXiv:ID (Year).` one per line, no list markers, no blank lines: one
    record per line, each with its own title, so a work listed twice is a duplicate (it was one paragraph:
    every record took the first one's title and the duplicate was not seen, t50)."""
    text = ("# Doc\n\n## 1 Drafts\n\n- Medusa heads.\n\n## Bibliography\n\n"
            'Stern, M., et al. "Blockwise Parallel Decoding for Deep Autoregressive Models." arXiv preprint arXiv:1811.03115 (2018).\n'
            'Cai, T., et al. "Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads." arXiv\n'
            "preprint arXiv:2401.10774 (2024).\n"
            'Li, Y., et al. "EAGLE-2: Faster Inference of Language Models with Dynamic Draft Trees." arXiv preprint arXiv:2406.16858 (2024).\n'
            'Cai, T., et al. "Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads." arXiv preprint arXiv:2401.10774 (2024).\n')
    doc = parse_living_doc(text)
    got = [(c.line, c.arxiv_id, (c.title or "").split(":")[0]) for c in doc.citations]
    assert got == [(9, "1811.03115", "Blockwise Parallel Decoding for Deep Autoregressive Models"),
                   (11, "2401.10774", "Medusa"), (12, "2406.16858", "EAGLE-2"), (13, "2401.10774", "Medusa")]


def test_a_numbered_reference_with_authors_and_year_in_brackets_gives_its_title() -> None:
    """`12. PyramidKV: … Funneling (Cai et al., 2024) — arXiv:2406.02069`: the title before the bracket (t51: the
    card gave the ID PyramidInfer's title and no title stood against it)."""
    from ingest.living_doc import reference_title

    assert reference_title("12. PyramidKV: Dynamic KV Cache Compression based on Pyramidal Information Funneling "
                           "(Cai et al., 2024) — arXiv:2406.02069") == \
        "PyramidKV: Dynamic KV Cache Compression based on Pyramidal Information Funneling"
    assert reference_title("3. see the survey (2024) — arXiv:2406.02069") is None


def test_a_numbered_reference_written_title_dash_identifier_gives_its_title():
    from ingest.living_doc import reference_title

    assert reference_title("12. Kangaroo: Lossless Self-Speculative Decoding via Double Early Exiting — arXiv 2404.18911 (2024)") == \
        "Kangaroo: Lossless Self-Speculative Decoding via Double Early Exiting"
    assert reference_title("13. EAGLE-2: Faster Inference — https://arxiv.org/pdf/2406.16858 (2024)") == "EAGLE-2: Faster Inference"
    assert reference_title("3. see the survey — arXiv:2406.02069") is None


def test_a_reference_written_title_comma_identifier_gives_its_title():
    from ingest.living_doc import reference_title

    assert reference_title("[10] TriForce: Lossless Acceleration of Long Sequence Generation, arXiv:2404.11912") == \
        "TriForce: Lossless Acceleration of Long Sequence Generation"
    assert reference_title("[4] EAGLE-2: Faster Inference, arXiv:2406.16858, 2024.") == "EAGLE-2: Faster Inference"
    assert reference_title("[5] see also, arXiv:2406.16858") is None
