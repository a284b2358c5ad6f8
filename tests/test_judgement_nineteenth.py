"""The nineteenth stop's rules (blind shifts t187-t190, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives, with the pairs and readings that must not change: a one-paper read
whose parts are run-in bold labels, a numbered screen whose first entry is no page title, "don't quote it"
said of one figure, a spread over settings against one operating point, a gain in percent against a ratio,
"no separate draft model", "要动引擎", an opening's exception, "这个数是摘要里的" and terse placements.
"""
from __future__ import annotations

from ingest.evidence import evidence_reader
from ingest.facts import predicates
from ingest.lexicon import load_lexicon
from ingest.notes import parse_note
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works), i.evidence) for i in parts["items"]]


def _levels(text: str) -> tuple[str, ...]:
    return evidence_reader(load_lexicon()).levels(text)


def _findings(tmp_path, files: dict[str, str]):
    """``(kind, subject, [file:line, file:line])`` of each finding of a fresh store holding ``files``."""
    from conftest import contradictions_of
    return [(f.kind, f.subject, sorted([f"{f.a.source.rsplit('/', 1)[-1]}:{f.a.line}", f"{f.b.source.rsplit('/', 1)[-1]}:{f.b.line}"]))
            for f in contradictions_of(tmp_path, files)]


def _quantities(text: str, line: int, path: str = "inbox/a/n.md"):
    parts, _w = parse_note(text, path, "note")
    return [q.raw for c in parts["claims"] if c.line <= line <= c.line_end for q in c.quantities]


# --------------------------------------------------------------------------- items

READ = """# TileMerge: Fusing Split-K Decoding with Paged Gathers

https://arxiv.org/abs/2609.04417v2 (v2)

**What it claims.** Each split walks a contiguous run of the block table and prefetches the next run.

**How I read it.** The whole paper, appendix included.

**Numbers.** 3.0x lower decode-attention latency than the baseline at 32K on H100.

**Related.** The baseline is FlashInfer (arXiv:2501.01005). LeanAttention [2405.10480] partitions contiguous KV only.

**Where it goes.** §4.2, right after the split-K bullet.
"""


def test_a_read_of_one_paper_in_run_in_bold_labels_is_one_item():
    """"# <title>" over the paper's link, then "**What it claims.**", "**Numbers.**", "**Related.**" parts: one read
    of that paper; the part naming other works is its related work (their works mentions), not a topic of its own."""
    assert _items(READ) == [(1, ("2609.04417",), "full_text")]


def test_bold_labels_that_bring_their_own_works_stay_topics():
    """The same labels over a head naming no single paper: a weekly note's topics, each its own item."""
    text = ("# Week 41\n\nA busy week.\n\n**KV eviction.** SnapKV (arXiv:2404.14469) keeps clustered positions.\n\n"
            "**Decoding.** EAGLE-3 (arXiv:2503.01840) drops feature prediction.\n\n**Chores.** Bumped the container.\n")
    assert [(ln, w) for ln, w, _e in _items(text)] == [(5, ("2404.14469",)), (7, ("2503.01840",)), (9, ())]


def test_a_numbered_screens_first_entry_is_an_item_not_a_page_title():
    """"1. SGLang v0.9.3 (released …)" with sub-bullets and no link, before entries that bring links: the first of a
    series (an outliner's "- [[Week 51]]" bullet heading its page is left to bullets)."""
    text = ("1. SGLang v0.9.3, installed from the nightly index\n   - EAGLE-3 on vs off: 2.9x end-to-end\n"
            "   - verdict: upgrade staging\n2. CascadeDraft https://arxiv.org/pdf/2607.11203.pdf\n   - ran the code\n"
            "3. KIVI [2402.02750]\n   - 1.6x decode tok/s\n")
    assert [ln for ln, _w, _e in _items(text)] == [1, 4, 6]


def test_a_topic_whose_first_line_says_it_is_no_paper_is_about_none():
    """"## General remark: what "speedup" meant" over "Not a paper. … (Medusa itself, 2401.10774, …)", "### 5）组会讨论" over
    "不是论文，是组会的讨论记录 … SARATHI（2308.16369）": the works they name are mentions."""
    text = ("## EAGLE-3 (arXiv:2503.01840)\n\nRead the whole thing.\n\n## General remark: what speedup meant\n"
            "Not a paper. Medusa itself (2401.10774) compared against HF generate.\n\n"
            "## 组会讨论：token budget\n不是论文，是组会的讨论记录。小王拿 SARATHI（2308.16369）的结论说小块更友好。\n\n"
            "## Medusa re-read (2401.10774)\nNot a paper I expected to like, but the heads are cheap.\n")
    assert [(ln, w) for ln, w, _e in _items(text)] == [(1, ("2503.01840",)), (5, ()), (8, ()), (11, ("2401.10774",))]


def test_a_head_setting_two_works_side_by_side_is_about_both():
    """"**二、KVQuant vs KIVI 再对比（2401.18079 / arXiv:2402.02750）**": both identifiers in one bracket after both names; a
    head comparing one work with another in running words stays about the first."""
    text = ("周报\n\n**一、HeadMix 复核（2605.11873）**\n只读了 abstract。\n\n**二、KVQuant vs KIVI 再对比（2401.18079 / arXiv:2402.02750）**\n"
            "两篇都是去年全文精读过的。\n\n**三、TileQ (2608.03391) is faster than KIVI (2402.02750)**\n全文读完。\n")
    assert [w for _ln, w, _e in _items(text)] == [("2605.11873",), ("2401.18079", "2402.02750"), ("2608.03391",)]


# --------------------------------------------------------------------------- figures and conflicts

def test_dont_quote_it_said_of_one_figure_voids_only_that_sentence():
    """"The scaling-law figure is on their own data mix, don't quote it" closing a read voided every figure of the
    topic (the rule for "ABANDONED … misconfigured run"); "Don't quote it." alone voids the sentence before it."""
    text = ("## EAGLE-3 (arXiv:2503.01840)\n\nRead the whole thing.\nTable 1 gives 3.6x on LLaMA-3.1-8B for MT-Bench at T=0.\n"
            "The batched gain is a modest 1.38x.\nThe scaling-law figure is on their own data mix, don't quote it.\n")
    assert _quantities(text, 4) == ["3.6x"] and _quantities(text, 5) == ["1.38x"]
    short = "## X (arXiv:2503.01840)\n\nRead it.\nTable 1 gives 3.6x on MT-Bench.\nTheir batch-64 number is 1.38x. Don't quote it.\n"
    assert _quantities(short, 4) == ["3.6x"] and _quantities(short, 5) == []
    void = "## X (arXiv:2503.01840)\n\n**ABANDONED.** Misconfigured run, don't quote it.\nIt gave 3.6x on MT-Bench.\n"
    assert _quantities(void, 4) == []


DOC = ("# Decoding\n\nLast updated: 2027-10-01\n\n## 2 Speculative decoding\n\n{line}\n\n## References\n\n"
       "- Li et al. (2025). EAGLE-3. arXiv:2503.01840\n- Liu et al. (2024). KIVI. arXiv:2402.02750\n"
       "- Agrawal et al. (2024). Sarathi-Serve. arXiv:2403.02310\n")


def test_a_spread_over_settings_holds_one_operating_point_below_it(tmp_path):
    """The document's "2.35x–3.47x throughput from larger batches" and a screen's own "batch 64, 4k context: 1.6x" are
    one setting against a spread, no disagreement; a point at the spread's own setting still disagrees."""
    files = {"organized/knowledge/doc.md": DOC.format(line="- KIVI (arXiv:2402.02750) quantizes KV to 2 bits; "
                                                          "2.35x–3.47x throughput from larger batches."),
             "inbox/a/screen.md": "- KIVI [2402.02750], 2-bit, Llama-3.1-8B, batch 64, 4k context: throughput 1.6x vs fp16 KV\n"}
    assert [f for f in _findings(tmp_path / "a", files) if f[0] == "number"] == []
    files["inbox/a/screen.md"] = "- KIVI [2402.02750], 2-bit: throughput 1.6x from larger batches\n"
    assert [f[0] for f in _findings(tmp_path / "b", files)] == ["number"]


def test_a_gain_in_percent_meets_the_same_gain_as_a_ratio(tmp_path):
    """"吞吐比 vLLM 提升 26%" (1.26x) against the document's "相比 vLLM 提升 2.6 倍" on the same trace: a number
    conflict; "提升 160%" agrees with "提升 1.6 倍" (which writers use for ×2.6 too), and with "2.6x"."""
    doc = DOC.format(line="- Sarathi-Serve (arXiv:2403.02310) 在 ShareGPT 轨迹上吞吐相比 vLLM 提升 2.6 倍。")
    files = {"organized/knowledge/doc.md": doc,
             "inbox/a/scan.md": "• 据公众号：Sarathi-Serve（arXiv:2403.02310）在 ShareGPT 轨迹上吞吐比 vLLM 提升 26%。\n"}
    assert [(k, s) for k, s, _w in _findings(tmp_path / "a", files)] == [("number", "arXiv:2403.02310")]
    files["organized/knowledge/doc.md"] = DOC.format(line="- Sarathi-Serve (arXiv:2403.02310) 在 ShareGPT 轨迹上吞吐相比 vLLM 提升 1.6 倍。")
    files["inbox/a/scan.md"] = "• Sarathi-Serve（arXiv:2403.02310）在 ShareGPT 轨迹上吞吐比 vLLM 提升 160%。\n"
    assert _findings(tmp_path / "b", files) == []


def test_no_separate_draft_model_is_a_draft_model_not_needed():
    """"so there is no separate draft model to train or host" denies what "only works if you also train and ship a
    separate draft model" states; "there is no extra overhead" names nothing."""
    assert "-need:draft_model" in predicates("the same model drafts with its early layers, so there is no separate "
                                             "draft model to train or host")
    assert "+need:draft_model" in predicates("it only works if you also train and ship a small separate draft model")
    assert predicates("there is no extra overhead at no additional memory") == ()


def test_touching_the_engine_is_modifying_it():
    """"接入要动引擎" ("integrating it means touching the engine") states what "不需要修改推理引擎" denies."""
    assert "+modify:serving_engine" in predicates("未复现；接入要动引擎——需要给 scheduler 打补丁")
    assert predicates("它以 sidecar 形式挂在网关前面，不需要修改推理引擎。") == ("-modify:serving_engine", "-need:serving_engine")
    assert predicates("不用动引擎") == ("-modify:serving_engine",)
    assert not any("serving_engine" in p for p in predicates("需要修改搜索引擎的排序"))  # a search engine is no serving engine


def test_a_quoted_title_that_links_to_an_identifier_is_its_title():
    """'its entry "KV Cache is 1 Bit Per Channel" links to arxiv.org/abs/2402.18096': the title a list puts on the
    identifier (set against the document's own title for it: a ``title`` finding); a quoted remark is none."""
    from ingest.arxiv import find_arxiv_ids
    from ingest.notes import written_title

    def title(line: str) -> str | None:
        m = find_arxiv_ids(line)[0]
        return written_title(line, m.start, m.end)
    assert title('its entry "KV Cache is 1 Bit Per Channel" links to arxiv.org/abs/2402.18096.') == "KV Cache is 1 Bit Per Channel"
    assert title('the link text "Efficient Streaming Language Models" points to https://arxiv.org/abs/2309.17453') \
        == "Efficient Streaming Language Models"
    assert title('he wrote "this is great" links to arxiv.org/abs/2402.18096') is None


# --------------------------------------------------------------------------- evidence

def test_an_openings_exception_leaves_the_rest_of_its_line_the_notes_depth():
    """"每篇 PDF 我都从头到尾读完；唯一的例外是 QAQ —— 那篇只看了摘要页": every other paper is read in full, QAQ at
    abstract level (the line names two depths, so it was taken for a legend and said nothing)."""
    text = ("# Zotero annotations\n\n读的深度：下面每篇 PDF 我都从头到尾读完并做了高亮；唯一的例外是 QAQ —— 那篇只看了 arXiv 摘要页。\n\n"
            "## KIVI: A Tuning-Free Asymmetric 2bit Quantization\n\narxiv.org/abs/2402.02750v2\n\n> \"2-bit keys\" (Liu, 2024, p. 3)\n\n"
            "## QAQ: Quality Adaptive Quantization\n\narXiv:2403.04643\n\n> \"adaptive bits\"\n")
    assert [(ln, e) for ln, _w, e in _items(text)] == [(5, "full_text"), (11, "abstract_checked")]
    assert _levels("The only exception is QAQ: I only saw its abstract.") == ("abstract_checked",)


def test_a_number_said_to_come_from_the_abstract_is_abstract_level():
    assert _levels("GSM8k：精度只掉 0.38%。这个数是摘要里的，正文我没看。") == ("abstract_checked",)
    assert _levels("数字来自摘要") == ("abstract_checked",)
    assert _levels("正文我没看") == ("unverified",)


# --------------------------------------------------------------------------- sections

def test_terse_placements_are_suggestions():
    """"At most a half-sentence in §4.3." and "§7 if anything." place the item; "If anything, §3.1 understates it" and
    "the claim in 3.2 at most holds for batch 1" only refer to a section."""
    def roles(t: str) -> list[tuple[str | None, str]]:
        return [(r.key, r.role) for r in section_refs(t)]
    assert roles("Vendor text: a fused wrapper is now default. At most a half-sentence in §4.3.") == [("4.3", "suggest")]
    assert roles("Abstract only. §7 if anything.") == [("7", "suggest")]
    assert roles("If anything, §3.1 understates it.") == [("3.1", "mention")]
    assert roles("the claim in 3.2 at most holds for batch 1") == [("3.2", "mention")]
