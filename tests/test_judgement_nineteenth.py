"""The nineteenth stop's rules (blind shifts t187-t194, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives, with the pairs and readings that must not change: a one-paper read
whose parts are run-in bold labels, a numbered screen whose first entry is no page title, "don't quote it"
said of one figure, a spread over settings against one operating point, a gain in percent against a ratio,
"no separate draft model", "要动引擎", an opening's exception, "这个数是摘要里的" and terse placements.
"""
from __future__ import annotations

from conftest import evidence_levels, finding_places

from ingest.facts import predicates
from ingest.notes import parse_note
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works), i.evidence) for i in parts["items"]]


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


def test_a_daily_pages_first_bullet_is_a_topic_unless_it_speaks_of_the_page():
    """A Logseq daily page's "- 09:30 standup, …" with its TODO children is a topic; "- [[Week 51]] reading graph" over
    "- exported from my Logseq graph …" heads the page."""
    day = ("- 09:30 standup, went over the doc\n\t- TODO send the EAGLE-2 numbers\n\t- room taken again\n"
           "- [[LayerSkip]] arxiv:: 2404.16710\n\t- read:: abstract\n- [[EAGLE-2]] arxiv:: 2406.16858\n\t- read:: full\n")
    assert [ln for ln, _w, _e in _items(day)] == [1, 4, 6]
    page = ("- [[Week 51]] reading graph #serving\n\t- exported from my Logseq graph; one page per paper\n"
            "- [[LayerSkip]] arxiv:: 2404.16710\n\t- read:: abstract\n- [[EAGLE-2]] arxiv:: 2406.16858\n\t- read:: full\n")
    assert [ln for ln, _w, _e in _items(page)] == [3, 5]


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


JINGDU = """林涛 · 精读记录
按老规矩每篇一组标签。

【论文】GreedyRot，https://arxiv.org/pdf/2605.11829.pdf
【结论】全文读完，附录 B 也对过。
【存疑】只比了 QuaRot。
【去向】放进 3.2。

【论文】HadaMix（arXiv:2603.04417v1）
【结论】只读了摘要。
【存疑】和 QuaRot 的差别不清楚。
【去向】先挂 3.2 的"待核"那条下面。
"""


def test_tags_that_repeat_as_a_record_make_one_item_a_record():
    """"【论文】…" / "【结论】…" / "【存疑】…" / "【去向】…" once per paper: one item a paper, its tags its parts (each tag line
    was an item); the "【去向】" tag heads a destination, so a bare "3.2" after it places the item."""
    parts, _w = parse_note(JINGDU, "inbox/a/n.md", "note")
    got = [(i.line, i.line_end, tuple(i.works), i.evidence, tuple(i.sections)) for i in parts["items"]]
    assert got == [(4, 7, ("2605.11829",), "full_text", ("3.2",)), (9, 12, ("2603.04417",), "abstract_checked", ("3.2",))]
    # tags set apart by blank lines are topics of their own kind ("【论文】" / "【工具】" / "【杂项】" of a shared doc)
    apart = ("每周收集\n\n【论文】SpecDisagg\narxiv.org/abs/2602.01184v1 讲草稿模型放哪。\n\n【工具】SGLang 里的 EAGLE-3\n"
             "论文是 arXiv:2503.01840。\n\n【论文】FlashAttention-3\nhttps://arxiv.org/abs/2407.08608 全文读过。\n\n"
             "【工具】vLLM 升级注意\n参数改名了。\n\n【杂项】报销\n月底前交。\n")
    assert [ln for ln, _w, _e in _items(apart)] == [3, 6, 9, 12, 15]
    # a one-paper read's tags never repeat: they stay its parts, as before
    one_paper = "# GreedyRot 精读\n\nhttps://arxiv.org/abs/2605.11829\n\n【背景】长上下文。\n【方法】按层选旋转。\n【实验】W4A4 7.93。\n"
    assert [(ln, w) for ln, w, _e in _items(one_paper)] == [(1, ("2605.11829",))]


def test_a_notebook_run_named_by_a_heading_the_note_gave_an_identifier_is_about_that_work():
    """"### SketchSel" over "arXiv:2603.17745 — re-read …" names the work; "## Experiments" over "### E1 — SketchSel decode"
    and "### E2 — HaloCache …" are runs of those works, each an item."""
    text = ("# Lab notebook\n\n## Papers\n\n### SketchSel\narXiv:2603.17745 — read sections 3 to 5.\n\n### HaloCache\n"
            "https://arxiv.org/abs/2607.02283 — read it twice.\n\n## Experiments\n\n### E1 — SketchSel decode, batched\n"
            "- 128K: 2.6x at bs=8.\n\n### E2 — HaloCache, host tier on\n- 2.1x lower latency.\n")
    got = [(ln, w) for ln, w, _e in _items(text)]
    assert got == [(5, ("2603.17745",)), (8, ("2607.02283",)), (13, ("2603.17745",)), (16, ("2607.02283",))]


def test_comments_under_a_table_naming_a_linked_row_say_how_it_was_got():
    """A table whose first cells are links ("[EAGLE-2](https://arxiv.org/abs/…) (Vicuna-13B)") and, under it, "- EAGLE-2:
    copied from Table 1 …; I read the full paper": the comment joins its row and gives it its depth."""
    text = ("# Draft heads side by side\n\n| Method | Speedup |\n|---|---|\n| [EAGLE-2](https://arxiv.org/abs/2406.16858) (Vicuna-13B) "
            "| 3.26× |\n| [ForkHead](https://arxiv.org/abs/2607.08813) (Llama-3.1-8B) | 3.7x |\n\nWhere each row comes from:\n"
            "- EAGLE-2: copied from Table 1 of the paper; I read the full paper.\n- ForkHead: taken over from card 1207.\n")
    assert _items(text) == [(5, ("2406.16858",), "full_text"), (6, ("2607.08813",), "card_only")]


def test_a_paragraph_under_a_table_naming_one_row_is_that_rows():
    """"Notes: SmoothQuant is not in the living document yet; it should go under section 4." under a table whose rows
    open with the identifier and name the work in the next cell: the row's comment, so the row is an increment placed in
    4 (it was low, resting on the card its row names; a fresh user's finding)."""
    text = ("# Quantization papers\n\n| arXiv | Title | Claim | How read |\n|---|---|---|---|\n"
            "| 2306.00978 | AWQ | 4-bit weights | abstract |\n| 2211.10438 | SmoothQuant | W8A8, up to 1.56x | card |\n\n"
            "Notes: SmoothQuant is not in the living document yet; it should go under section 4.\n")
    parts, _w = parse_note(text, "inbox/a/n.md", "note")
    got = [(i.line, tuple(i.works), i.relevance, tuple(i.sections)) for i in parts["items"]]
    assert got == [(5, ("2306.00978",), "unknown", ()), (6, ("2211.10438",), "increment", ("4",))]


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
    assert [f for f in finding_places(tmp_path / "a", files) if f[0] == "number"] == []
    files["inbox/a/screen.md"] = "- KIVI [2402.02750], 2-bit: throughput 1.6x from larger batches\n"
    assert [f[0] for f in finding_places(tmp_path / "b", files)] == ["number"]


def test_a_gain_in_percent_meets_the_same_gain_as_a_ratio(tmp_path):
    """"吞吐比 vLLM 提升 26%" (1.26x) against the document's "相比 vLLM 提升 2.6 倍" on the same trace: a number
    conflict; "提升 160%" agrees with "提升 1.6 倍" (which writers use for ×2.6 too), and with "2.6x"."""
    doc = DOC.format(line="- Sarathi-Serve (arXiv:2403.02310) 在 ShareGPT 轨迹上吞吐相比 vLLM 提升 2.6 倍。")
    files = {"organized/knowledge/doc.md": doc,
             "inbox/a/scan.md": "• 据公众号：Sarathi-Serve（arXiv:2403.02310）在 ShareGPT 轨迹上吞吐比 vLLM 提升 26%。\n"}
    assert [(k, s) for k, s, _w in finding_places(tmp_path / "a", files)] == [("number", "arXiv:2403.02310")]
    files["organized/knowledge/doc.md"] = DOC.format(line="- Sarathi-Serve (arXiv:2403.02310) 在 ShareGPT 轨迹上吞吐相比 vLLM 提升 1.6 倍。")
    files["inbox/a/scan.md"] = "• Sarathi-Serve（arXiv:2403.02310）在 ShareGPT 轨迹上吞吐比 vLLM 提升 160%。\n"
    assert finding_places(tmp_path / "b", files) == []


def test_no_separate_draft_model_is_a_draft_model_not_needed():
    """"so there is no separate draft model to train or host" denies what "only works if you also train and ship a
    separate draft model" states; "there is no extra overhead" names nothing."""
    assert "-need:draft_model" in predicates("the same model drafts with its early layers, so there is no separate "
                                             "draft model to train or host")
    assert "+need:draft_model" in predicates("it only works if you also train and ship a small separate draft model")
    assert predicates("there is no extra overhead at no additional memory") == ()


def test_a_work_named_as_what_another_goes_beyond_is_compared_with():
    """"在 QuaRot（2404.00456）的单一随机 Hadamard 之外，按层…；激活 scale 为静态": the card's work goes beyond QuaRot, whose
    name it only compares with (its "static" was set against QuaRot's)."""
    from ingest.structure import works_in
    assert works_in("在 QuaRot（2404.00456）的单一随机 Hadamard 之外，按层选择；激活 scale 为静态") == ([], ["2404.00456"])
    assert works_in("在 H800 上跑 QuaRot（2404.00456）") == (["2404.00456"], [])


def test_having_to_run_calibration_samples_first_is_a_need_of_calibration_data():
    """"选旋转之前要先跑 128 条 C4 校准样本" states what "全程不需要任何校准数据" denies."""
    assert "+need:calibration_data,tokens" in predicates("选旋转之前要先跑 128 条 C4 校准样本（每条 2048 token）定 clipping ratio")
    assert "-need:calibration_data" in predicates("全程不需要任何校准数据")
    assert predicates("要先把模型跑一遍再说") == ()


def test_what_follows_without_is_not_what_is_used():
    """"Lookahead decoding uses Jacobi iterations without a draft model" was read as using (so needing) a draft model,
    and set against a note's "无需草稿模型" as stated and denied (a fresh user's finding): it denies the need."""
    got = predicates("Lookahead decoding uses Jacobi iterations without a draft model (arXiv:2402.02057).")
    assert "-need:draft_model,model" in got and not any(p.startswith("+need:draft") or p.startswith("+use:draft") for p in got)
    assert "-need:draft_model,model" in predicates("用 Jacobi 迭代生成 n-gram 并验证，无需草稿模型。")
    assert predicates("the upgrade went without a hitch") == ()  # a bare "without a" denies only what the lexicon names


def test_a_value_written_with_its_decimal_is_compared_at_that_precision(tmp_path):
    """"3.0x" against "2.7x" (one decimal written, 10 % apart) is a number finding; it was rounded to 3 and agreed. The
    document's value quoted to be disputed ("活文档 §3.1 写的 3.0x 我在正文里没找到") is no value the note gives."""
    doc = DOC.format(line="- EAGLE-3 (arXiv:2503.01840) reports 3.0x speedup on MT-bench for LLaMA2-Chat 70B.")
    files = {"organized/knowledge/doc.md": doc,
             "inbox/a/n.md": "## EAGLE-3（arXiv:2503.01840）\n\n证据：读了正文。\n\n- 论文表 1：MT-bench 上 LLaMA2-Chat 70B 加速 2.7x；"
                             "活文档 §3.1 写的 3.0x 我在正文里没找到。\n"}
    assert [(k, s) for k, s, _w in finding_places(tmp_path / "a", files)] == [("number", "arXiv:2503.01840")]
    files["inbox/a/n.md"] = "## EAGLE-3（arXiv:2503.01840）\n\n证据：读了正文。\n\n- 论文表 1：MT-bench 上 LLaMA2-Chat 70B 加速 2.9x。\n"
    assert finding_places(tmp_path / "b", files) == []  # within 5 % of 3.0x


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
    assert evidence_levels("The only exception is QAQ: I only saw its abstract.") == ("abstract_checked",)


def test_a_rough_reading_off_a_figure_and_a_cards_number():
    """"speedup is the abstract's 2.7×; τ is eyeballed from their Figure 4 … treat it as rough": abstract level and
    unverified; "taken over from card 1207" is the card's word."""
    got = evidence_levels("Hydra++: speedup is the abstract's 2.7×; τ is eyeballed from their Figure 4, so treat it as rough.")
    assert {"abstract_checked", "unverified"} <= set(got)
    assert evidence_levels("ForkHead: taken over from card 1207.") == ("card_only",)
    assert evidence_levels("I read the abstract, it's fine") == ("abstract_checked",)


def test_a_screens_bracketed_sources():
    """How a screen line was checked, in brackets: "[abstract + an X thread only]" (abstract level and second-hand),
    "[model card + the official blog only]" (the vendor's own word), "[a tweet, nothing to check]" (unverified); "A blog
    summary I read says …" is second-hand. "abstract + the HF model card" in a table's evidence column stays the
    column's abstract level (a model card named there is no vendor claim of the row's work)."""
    assert evidence_levels("recheck [abstract + an X thread only]") == ("abstract_checked", "second_hand")
    assert evidence_levels("could be our small eval model [model card + the official blog only]") == ("vendor_self_reported",)
    assert evidence_levels("abstract + the HF model card") == ()
    assert "unverified" in evidence_levels("no data, vibes [a tweet, nothing to check]")
    assert "second_hand" in evidence_levels("A blog summary I read says the unit is 4 nodes")
    assert evidence_levels("I read the blog post on their site") == ()


def test_a_number_said_to_come_from_the_abstract_is_abstract_level():
    assert evidence_levels("GSM8k：精度只掉 0.38%。这个数是摘要里的，正文我没看。") == ("abstract_checked",)
    assert evidence_levels("数字来自摘要") == ("abstract_checked",)
    assert evidence_levels("正文我没看") == ("unverified",)


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
