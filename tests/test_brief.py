"""Tests for ``ingest.brief`` on the real seed brief and an inline English brief.

The seed (``shared/seeds/000_59a485b40772aac7.txt``) is an analyst's Chinese
brief of one shift; the exact values below were read off it by hand.  Notes on
the seed that the assertions rely on:

* "2609.38121 之类" (warning 1, line 80) is written as a bare arXiv identifier
  ("…such as 2609.38121"); it is a mention in the text, so it counts.
* The seed has 4 URLs (lines 29, 39, 49, 59), not 5.
* The header states "3 条低相关/复查项" but the table has 7 rows.
"""
from __future__ import annotations


import pytest

from ingest.arxiv import find_arxiv_ids
from ingest.brief import find_paths, looks_like_brief, parse_brief, read_brief
from ingest.errors import IngestError

from conftest import SHARED, shared_reason  # noqa: E402

SEEDS = SHARED / "seeds"
SEED = SEEDS / "000_59a485b40772aac7.txt"

seed_only = pytest.mark.skipif(not SEED.exists(), reason=shared_reason("the seed brief", SEED))


@pytest.fixture(scope="module")
def seed():
    if not SEED.exists():
        pytest.skip(shared_reason("the seed brief", SEED))
    text = SEED.read_text(encoding="utf-8")
    doc, claims = parse_brief(text)
    return text, doc, claims


# ---------------------------------------------------------------------------
# Seed: what the brief states about its shift


@seed_only
def test_seed_is_a_brief(seed):
    text, _doc, _claims = seed
    assert looks_like_brief(text)


@seed_only
def test_seed_header(seed):
    _text, doc, _claims = seed
    assert doc.manifest == "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683.json"
    assert doc.stated_increment_count == 6
    assert doc.stated_material_count == 8
    assert doc.consumed_sources == (
        "inbox/flyp/2026-10-27T1550-critical-read.md",
        "inbox/flyp/2026-10-26T1550-critical-read.md",
        "inbox/jay/2026-10-27T0935-blogs-discovery.md",
        "inbox/jay/2026-10-27-1050-engineering-screen.md",
        "inbox/jay/2026-10-27-1105-engineering-brief.md",
        "organized/repo_cards/4572-recursive-oss-rec.md",
        "organized/repo_cards/4563-colinhacks-reylo.md",
        "organized/paper_cards/1802-1605-08803.md",
    )
    # Baselines after 对照 are reference documents, not materials.
    assert "organized/knowledge/inference.md" not in doc.consumed_sources
    assert "organized/queue/work-queue.md" not in doc.consumed_sources


@seed_only
def test_seed_increments(seed):
    _text, doc, _claims = seed
    assert [i.number for i in doc.increments] == [1, 2, 3, 4, 5, 6]
    assert len(doc.increments) == doc.stated_increment_count
    assert [i.title.split()[0] for i in doc.increments] == [
        "MC-SF", "DeepSeek-V4.1-Flash", "KServe", "Nanbeige4.3-33B", "IDM", "Import",
    ]
    assert [(i.line, i.line_end) for i in doc.increments] == [
        (7, 15), (17, 25), (27, 35), (37, 45), (47, 55), (57, 65),
    ]
    inc = {i.number: i for i in doc.increments}
    assert inc[1].sources == (
        "inbox/flyp/2026-10-26T1550-critical-read.md",
        "organized/paper_cards/058-2502-07115.md",
    )
    assert inc[5].sources == (
        "inbox/jay/2026-10-27-1105-engineering-brief.md",
        "inbox/jay/2026-10-27-1050-engineering-screen.md",
    )
    # "与 knowledge/inference.md 现有脉络的关系" names the baseline, not a source.
    assert all("knowledge/inference.md" not in p for i in doc.increments for p in i.sources)
    assert [i.arxiv_ids for i in doc.increments] == [
        ("2502.07115",), ("2609.19969",), (), (), ("2610.32943",), (),
    ]
    assert inc[1].sections == ("3.1", "6.1", "七")
    assert inc[2].sections == ("1.2", "4.2", "5.3", "5.1", "2.3", "5.6")
    assert inc[6].sections == ("6.1", "3.3", "6.2", "七")


@seed_only
def test_seed_urls(seed):
    _text, doc, _claims = seed
    urls = [u for i in doc.increments for u in i.urls]
    assert urls == [
        "https://recsysfrontier.substack.com/p/ai-2026-10-17",
        "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally",
        "https://papers.cool/arxiv/2610.32943",
        "https://importai.substack.com/p/import-ai-478-math-for-alignment",
    ]


@seed_only
def test_seed_citations(seed):
    _text, doc, _claims = seed
    got = [(c.arxiv_id, c.status) for c in doc.citations]
    assert got == [
        ("2502.07115", "already_cited"),
        ("2609.19969", "already_cited"),
        ("2610.32943", "new"),
        ("2610.32616", "not_included"),
        ("2610.32464", "discarded"),
        ("2610.32980", "discarded"),
        ("2610.32608", "discarded"),
        ("1605.08803", "not_included"),
    ]
    assert [c.line for c in doc.citations] == list(range(91, 99))
    first = doc.citations[0]
    assert first.title == "Online Scheduling for LLM Inference with KV Cache Constraints"
    assert first.status_text == "MC-SF；已在 §七 引用列表内，本批为证据修订"
    assert doc.citations[1].title == "DeepSeek-V4.1-Flash: Pushing the Limits of KV Cache Compression"
    assert doc.citations[2].status_text == "新"


@seed_only
def test_seed_low_relevance(seed):
    _text, doc, _claims = seed
    rows = doc.low_relevance
    assert len(rows) == 7
    assert [r.line for r in rows] == list(range(70, 77))
    assert [(r.material, r.verdict) for r in rows] == [
        ("organized/repo_cards/4572-recursive-oss-rec.md（recursive-oss/rec）", "非新观点，仅计数更新"),
        ("organized/paper_cards/1802-1605-08803.md（Density Estimation Using Real NVP, arXiv:1605.08803）",
         "主题归类偏差，不建议纳入"),
        ("organized/repo_cards/4563-colinhacks-reylo.md（colinhacks/reylo）", "归类噪声"),
        ("Nimble《LangChain Tools for Production AI Agents》（flyP 精读，2026-10-27）", "低相关，仅可作 agent 工具栈背景"),
        ("Elastic Observability「What's new」栏目（flyP 精读，2026-10-26）", "低相关"),
        ("Jay 本批丢弃来源 3 条", "不入正文，留档备查"),
        ("arXiv:2610.32616（legacy 预临床报告 LLM 批量抽取）", "弱相关，仅方法轮廓"),
    ]


@seed_only
def test_seed_warnings(seed):
    _text, doc, claims = seed
    assert len(doc.warnings) == 8
    assert doc.warnings[0].startswith("飞P 两班精读的证据纪律值得注意")
    assert doc.warnings[7].startswith("RSI 双重信号但均非严格评测")
    caveats = [c for c in claims if c.line >= 80 and c.line <= 87]
    assert [c.line for c in caveats] == list(range(80, 88))
    assert {c.role for c in caveats} == {"caveat"}
    assert all(c.item is None for c in caveats)


@seed_only
def test_seed_all_arxiv_ids(seed):
    text, doc, claims = seed
    expected = {
        "2502.07115", "2609.19969", "2610.32943", "2610.32616", "2610.32464",
        "2610.32980", "2610.32608", "1605.08803",
        "2609.38121",  # "2609.38121 之类" in warning 1: written as an ID, so it counts
    }
    found = {r.arxiv_id for c in claims for r in c.arxiv}
    found |= {k for i in doc.increments for k in i.arxiv_ids}
    found |= {c.arxiv_id for c in doc.citations}
    assert found == expected
    # The same set over the raw text: nothing else is taken for an ID
    # ("5.94x", "2026-10-27", "4695", "v0.17/v0.18", "65536", "1802-1605-08803.md").
    assert {m.arxiv_id for m in find_arxiv_ids(text)} == expected
    w1 = next(c for c in claims if c.line == 80)
    assert [r.arxiv_id for r in w1.arxiv][:3] == ["2502.07115", "2609.19969", "2609.38121"]
    for c in claims:
        for r in c.arxiv:
            assert r.line == c.line and r.arxiv_id in r.raw


# ---------------------------------------------------------------------------
# Seed: claims


@seed_only
def test_seed_claims_roles_and_items(seed):
    _text, _doc, claims = seed
    assert all(c.text and 1 <= c.line <= c.line_end <= 117 for c in claims)
    inc_claims = [c for c in claims if c.line < 67]
    assert {c.item for c in inc_claims} == {1, 2, 3, 4, 5, 6}
    by_line = {}
    for c in inc_claims:
        by_line.setdefault(c.line, set()).add(c.role)
    assert by_line[9] == {"metadata"}       # 来源
    assert by_line[11] == {"statement"}     # 要点
    assert by_line[13] == {"relation"}      # 与…关系
    assert by_line[15] == {"caveat"}        # 值得警惕之处
    assert sum(1 for c in claims if c.line == 15) == 3   # three inline " - " bullets


@seed_only
def test_seed_numbered_points_split(seed):
    _text, _doc, claims = seed
    line11 = [c.text for c in claims if c.line == 11]
    assert len(line11) == 4   # preamble + 1. 2. 3.
    assert line11[0].startswith("飞P 对 arXiv:2502.07115")
    assert line11[1].startswith("负结果的适用面比活文档写的更宽")
    assert line11[2].startswith("补上了负结果的正确定位")
    assert line11[3].startswith("证据性质必须标注")


@seed_only
def test_seed_hyphens_not_split(seed):
    _text, _doc, claims = seed
    texts = [c.text for c in claims]
    assert ("SGLang：--tp-size 4 --mem-fraction-static 0.8 --reasoning-parser qwen3 "
            "--tool-call-parser qwen3_coder") in texts
    assert any("block-wise streaming attention" in t for t in texts)
    assert any("并发-延迟规划" in t for t in texts)
    assert any("Llama2-70B" in t for t in texts)
    # Semicolons inside brackets do not cut a sentence.
    assert any(t.endswith("方法与实验全文未读）") and t.startswith("inbox/flyp/2026-10-27T1550") for t in texts)


@seed_only
def test_seed_section_refs_and_suggestions(seed):
    _text, _doc, claims = seed
    sugg = next(c for c in claims if c.text.startswith("建议归入 §3.1"))
    assert sugg.role == "relation" and sugg.item == 1
    assert sugg.section_refs == ("3.1", "6.1")
    assert sugg.suggested_sections == ("3.1",)
    both = next(c for c in claims if c.text.startswith("建议归入 §6.1"))
    assert both.suggested_sections == ("6.1", "6.2")
    assert next(c for c in claims if "建议归 §6.1" in c.text).suggested_sections == ("6.1",)
    assert next(c for c in claims if "可归 §6）" in c.text).suggested_sections == ("6",)
    qi = next(c for c in claims if c.text.startswith("⚠ arXiv:2502.07115"))
    assert qi.section_refs == ("七",) and qi.role == "caveat"
    refs = {r for c in claims for r in c.section_refs}
    assert {"3.1", "七", "6", "6.1", "6.2", "2.3", "5.7"} <= refs


@seed_only
def test_seed_actions(seed):
    _text, _doc, claims = seed
    actions = [c for c in claims if c.role == "action"]
    assert [c.line for c in actions] == list(range(104, 110))
    assert [c.item for c in actions] == [1, 2, 3, 4, 5, None]  # the last names increments 3 and 6
    assert actions[0].suggested_sections == ("3.1", "6.1")
    assert actions[5].suggested_sections == ("6.1", "6.2", "七")


@seed_only
def test_seed_evidence_inherited(seed):
    _text, _doc, claims = seed
    first = next(c for c in claims if c.line == 11)
    assert first.evidence == "abstract_checked"    # 证据等级：摘要页核查 in 来源
    assert first.subjects[:1] == ("2502.07115",)     # the increment heading's ID
    kserve = next(c for c in claims if c.line == 31)
    assert kserve.evidence == "second_hand"         # 二手转述 in 来源


@seed_only
def test_read_brief(seed):
    _text, doc, claims = seed
    doc2, claims2 = read_brief(SEED)
    assert doc2 == doc and claims2 == claims


def test_read_brief_missing(tmp_path):
    with pytest.raises(IngestError, match="cannot read brief"):
        read_brief(tmp_path / "nope.md")


# ---------------------------------------------------------------------------
# English brief (same structure, English headings)

EN_BRIEF = """\
inference · E2 shift brief (2026-11-02)

Author: Ann · Time: 2026-11-02 10:00 · Manifest: work-guard/0b1c2d3e-aaaa-bbbb-cccc-111122223333.json (3 materials, all consumed)
Sources checked: inbox/ann/2026-11-02-read.md, organized/paper_cards/0100-2401-10000.md; baseline: organized/knowledge/inference.md and organized/queue/work-queue.md

Increments: 2 (plus 1 low relevance item)

## Increment 1: PagedAttention revision (arXiv:2309.06180v2)

Sources
- inbox/ann/2026-11-02-read.md (abstract checked)
- URL: https://arxiv.org/abs/2309.06180v2

Key points
- vLLM reports 2-4x throughput over FasterTransformer.
- The default block size is 16 tokens.

Relation to knowledge/inference.md
- Belongs in §2.1 next to the KV cache entries.

Caveats
- The 2-4x figure is self-reported and not verified.

## Increment 2: Scheduling wording

Key points: Arrivals are arbitrary, not adversarial. Section §3.1 needs a fix.

## Low relevance

| Material | Verdict | Reason |
|---|---|---|
| organized/repo_cards/0001-foo-bar.md | noise | a SQL code generator |

## Contradictions and unverified statements

1. The 2-4x figure in §2.1 is unverified.
2. The arrival model wording differs between §3.1 and the abstract.

## Citable arXiv IDs

- arXiv:2309.06180v2 — Efficient Memory Management for LLM Serving with PagedAttention (already cited in §7)
- arXiv:2502.07115 — Online Scheduling for LLM Inference (new)
- arXiv:2610.32464 — Agentic Memory Management (discarded)
- arXiv:2610.32616 — From archive to resource (weakly relevant, not included)

## Merge actions

1. §2.1 revise the PagedAttention entry (Increment 1).

## Evidence boundary

- Only the manifest's materials were read.
"""


def test_english_brief():
    assert looks_like_brief(EN_BRIEF)
    doc, claims = parse_brief(EN_BRIEF)
    assert doc.manifest == "work-guard/0b1c2d3e-aaaa-bbbb-cccc-111122223333.json"
    assert doc.stated_increment_count == 2
    assert doc.stated_material_count == 3
    assert doc.consumed_sources == ("inbox/ann/2026-11-02-read.md", "organized/paper_cards/0100-2401-10000.md")
    assert [(i.number, i.title) for i in doc.increments] == [
        (1, "PagedAttention revision (arXiv:2309.06180v2)"), (2, "Scheduling wording"),
    ]
    inc1, inc2 = doc.increments
    assert (inc1.line, inc1.line_end) == (8, 22)
    assert inc1.sources == ("inbox/ann/2026-11-02-read.md",)
    assert inc1.urls == ("https://arxiv.org/abs/2309.06180v2",)
    assert inc1.arxiv_ids == ("2309.06180",)
    assert inc1.sections == ("2.1",)
    assert inc2.sections == ("3.1",)
    assert [(r.material, r.verdict, r.line) for r in doc.low_relevance] == [
        ("organized/repo_cards/0001-foo-bar.md", "noise", 32),
    ]
    assert [(c.arxiv_id, c.version, c.status) for c in doc.citations] == [
        ("2309.06180", "v2", "already_cited"),
        ("2502.07115", None, "new"),
        ("2610.32464", None, "discarded"),
        ("2610.32616", None, "not_included"),
    ]
    assert doc.citations[0].title == "Efficient Memory Management for LLM Serving with PagedAttention"
    assert doc.warnings == (
        "The 2-4x figure in §2.1 is unverified.",
        "The arrival model wording differs between §3.1 and the abstract.",
    )
    roles = [(c.line, c.role, c.item) for c in claims]
    assert roles == [
        (11, "metadata", 1), (12, "metadata", 1),
        (15, "statement", 1), (16, "statement", 1),
        (19, "relation", 1),
        (22, "caveat", 1),
        (26, "statement", 2), (26, "statement", 2),
        (36, "caveat", None), (37, "caveat", None),
        (48, "action", 1),
    ]
    rel = next(c for c in claims if c.role == "relation")
    assert rel.suggested_sections == ("2.1",)
    assert claims[-1].suggested_sections == ("2.1",)
    assert claims[2].subjects == ("2309.06180",)
    assert claims[2].evidence == "abstract_checked"   # inherited from "(abstract checked)" under Sources


# ---------------------------------------------------------------------------
# Small cases


def test_looks_like_brief_negative():
    assert not looks_like_brief("# Notes\n\nSome text about briefs.\n\n增量很多\n")
    assert not looks_like_brief("# 推理活文档\n\n## 3.1 调度\n\n增量 1：某条\n")  # no 简报 / brief at the top
    assert looks_like_brief("每日简报\n\n增量 1：标题\n")


def test_inline_bullets_keep_hyphenated_words():
    text = "x 简报\n\n增量 1：T\n\n要点 引子： - A 支持 --tp-size 4 与 3.87-5.84× 加速 - B：Llama-3.1-8B 在 H100/H200 上 - C 是 2.38× 压缩\n"
    _doc, claims = parse_brief(text)
    assert [c.text for c in claims] == [
        "引子：",
        "A 支持 --tp-size 4 与 3.87-5.84× 加速",
        "B：Llama-3.1-8B 在 H100/H200 上",
        "C 是 2.38× 压缩",
    ]
    assert {c.line for c in claims} == {5}


def test_numbered_points_need_to_count_from_one():
    text = "x 简报\n\n增量 1：T\n\n要点 版本 2. 3 与 v0.17 并存。第二句 2.38× 压缩。\n"
    _doc, claims = parse_brief(text)
    assert [c.text for c in claims] == ["版本 2. 3 与 v0.17 并存。", "第二句 2.38× 压缩。"]


def test_find_paths_skips_urls_and_non_files():
    text = "见 inbox/a/b.md、https://github.com/x/y/blob/main/README.md 与 recursive-oss/rec 和 v0.17/v0.18；对照organized/k.md"
    assert [p for p, _s, _e in find_paths(text)] == ["inbox/a/b.md", "organized/k.md"]


def test_empty_text():
    doc, claims = parse_brief("")
    assert doc.increments == () and claims == [] and doc.manifest is None


def test_label_on_a_continuation_line_and_lone_dash():
    text = "Shift brief\n\nIncrement 1: Foo\nSources: inbox/a/x.md\nKey points\nFoo is 3x faster. Bar, as the\nsummary shows - and more.\n"
    _doc, claims = parse_brief(text)
    assert [(c.line, c.line_end, c.role, c.text) for c in claims] == [
        (4, 4, "metadata", "inbox/a/x.md"),
        (6, 6, "statement", "Foo is 3x faster."),
        (6, 7, "statement", "Bar, as the summary shows - and more."),
    ]


def test_latin_label_needs_a_colon():
    text = "Shift brief\n\nIncrement 1: Foo\n\nSources are thin here.\n"
    _doc, claims = parse_brief(text)
    assert [(c.role, c.text) for c in claims] == [("statement", "Sources are thin here.")]


def test_negated_suggestion_is_not_a_destination():
    text = "简报\n\n增量 1：T\n\n要点 - 不可纳入 §七 引用列表 - 可归入 §6.2 - 未纳入 §5.1\n"
    _doc, claims = parse_brief(text)
    assert [(c.text, c.section_refs, c.suggested_sections) for c in claims] == [
        ("不可纳入 §七 引用列表", ("七",), ()),
        ("可归入 §6.2", ("6.2",), ("6.2",)),
        ("未纳入 §5.1", ("5.1",), ()),
    ]


def test_header_variants():
    text = (
        "Shift brief\n\nManifest: work-guard/abc.json (2 materials)\nSources checked:\n"
        "- inbox/a/x.md\n- organized/paper_cards/0100-2401-10000.md (compared against the card)\n"
        "Baseline: organized/knowledge/inference.md\n\nIncrement 1: Foo\n"
    )
    doc, _claims = parse_brief(text)
    assert doc.manifest == "work-guard/abc.json"
    assert doc.stated_material_count == 2
    assert doc.consumed_sources == ("inbox/a/x.md", "organized/paper_cards/0100-2401-10000.md")
    zh = "简报\n\n检查过的来源：inbox/a.md（与卡片对照）、inbox/b.md；对照 organized/knowledge/x.md\n\n增量 1：T\n"
    assert parse_brief(zh)[0].consumed_sources == ("inbox/a.md", "inbox/b.md")


def test_a_file_read_as_a_brief_that_states_nothing_of_a_shift_is_warned_about(tmp_path):
    """`ingest --kind brief` of a file with no increment, count, consumed list or citable list went in with
    0 claims and no word (a fresh-user run); it now goes in with a warning. A real brief gives none."""
    from ingest.sources import Found, read_source

    f = tmp_path / "SOURCES.md"
    f.write_text("# shared/corpus: sources\n\n| file | path |\n|---|---|\n| a | `src/x/derivation8.json` |\n", "utf-8")
    _rec, warns = read_source(Found(f, tmp_path, "SOURCES.md"), kind="brief")
    assert warns == ["SOURCES.md: read as a brief, but it states nothing a brief states (no stated counts, "
                     "consumed materials, increments or citable list)"]
    b = tmp_path / "b.txt"
    b.write_text("inference · E1 预消化简报\n\n增量 1：标题\n\n- 要点（arXiv:2502.07115）\n", "utf-8")
    assert read_source(Found(b, tmp_path, "b.txt"), kind="brief")[1] == []


def test_a_low_items_whole_sentence_is_no_title_of_its_work():
    """The citable list gave arXiv:2402.02057 the title "Lookahead decoding got another round of attention … Paper:
    arxiv.org/abs/2402.02" (a newsletter entry's whole text, cut inside the identifier; a fresh user's run): a heading
    that is sentences, a link or a cut identifier gives no title; a verdict heading's title is kept."""
    from ingest.lexicon import load_lexicon
    from queries.briefing import _heading_title

    lex = load_lexicon()
    cut = ("Lookahead decoding got another round of attention via a newsletter. The newsletter says it reaches up to "
           "2.8x on MT-bench without any draft model. Paper: arxiv.org/abs/2402.02")
    assert _heading_title(cut, lex) == ""
    assert _heading_title("丢弃：Break the Sequential Dependency of LLM Inference Using Lookahead Decoding（arXiv:2402.02057）",
                          lex) == "Break the Sequential Dependency of LLM Inference Using Lookahead Decoding"
