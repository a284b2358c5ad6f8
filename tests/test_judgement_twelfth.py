"""The twelfth stop's rules, each pinned on a small inline text (docs/FORMAT.md, "twelfth stop" paragraphs): what a
fresh user's workspace and the fifth blind round (t127–t130) showed the judgement getting wrong."""
from __future__ import annotations

import pytest

from conftest import contradictions_of
from ingest.facts import predicates

MEDUSA = "2401.10774"


def findings(tmp_path, files: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """``(kind, subject, a.source, b.source)`` of the contradictions of a store holding ``files``."""
    return sorted((f.kind, f.subject, f.a.source, f.b.source) for f in contradictions_of(tmp_path, files))


SPECDEC = f"""# Speculative decoding

## 2 Draft heads

- **Medusa**: adds extra decoding heads on the frozen backbone; Medusa-1 gives 2.2x speedup without any fine-tuning of the backbone (arXiv:{MEDUSA}).
- Medusa-2 fine-tunes the backbone jointly and reaches 2.3-3.6x.

## References

- arXiv:{MEDUSA} · Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads
"""


def test_what_is_added_is_not_what_it_is_added_to():
    """"adds extra decoding heads on the frozen backbone": heads are added (and so needed), the backbone is where."""
    got = predicates("Medusa: adds extra decoding heads on the frozen backbone; Medusa-1 gives 2.2x speedup without any "
                     "fine-tuning of the backbone")
    assert "+add:heads" in got and "+need:heads" in got
    assert not any(p.startswith("+") and "backbone" in p for p in got)


def test_variants_of_one_work_do_not_contradict_each_other(tmp_path):
    """A note agreeing with the living document ("Medusa-1 does not need fine-tuning of the backbone") is no finding:
    not against the document's "adds heads on the backbone" (a place, not a need), not against "Medusa-2 fine-tunes the
    backbone" (another variant of arXiv:2401.10774). The note saying Medusa-1 *does* fine-tune it still is one."""
    agree = "# Medusa notes\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 does not need fine-tuning of the backbone; confirmed on our box.\n"
    assert findings(tmp_path / "a", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": agree}) == []
    zh = "# Medusa 笔记\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 确实不需要微调骨干模型，这一点确认了。\n"
    assert findings(tmp_path / "b", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": zh}) == []
    deny = "# Medusa notes\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 fine-tunes the backbone too; the 2.2x needs it.\n"
    got = findings(tmp_path / "c", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": deny})
    assert any(k in ("qualifier", "negation") and s == f"arXiv:{MEDUSA}" for k, s, _a, _b in got)


SLACK_PASTE = """pasted from #specdec-reading, Nov 3

Ana Lopez  10:02 AM
has anyone read the EAGLE-3 paper yet? https://arxiv.org/abs/2503.01840
Ben Chu  10:05 AM
yeah skimmed it last night. headline is up to 6.5x speedup, and about 1.4x over EAGLE-2
Ben Chu  10:06 AM
they drop the feature-prediction loss and fuse low, mid and high layer features instead
:+1: 2
Carol Wu  10:15 AM
careful, the 1.38x is their own SGLang fork, nobody has reproduced it (edited)
3 replies
"""


def test_a_slack_paste_is_one_statement_per_message():
    """Slack's desktop copy as one paragraph: a header ("Ana Lopez  10:02 AM", a full name, AM/PM) starts a message and
    is no statement; ":+1: 2", "3 replies" and "(edited)" are the client's, not the writer's."""
    from ingest.notes import parse_note

    parts, _w = parse_note(SLACK_PASTE, "inbox/ana/slack.md")
    texts = [(c.line, c.text) for c in parts["claims"]]
    assert not any("10:0" in t or "10:15" in t for _ln, t in texts)
    assert not any(":+1:" in t or "replies" in t or "(edited)" in t for _ln, t in texts)
    # (a message's first statement spans its header line: a line cited at the header is the message's)
    assert (7, "they drop the feature-prediction loss and fuse low, mid and high layer features instead") in texts
    assert any(ln == 10 and t.startswith("careful, the 1.38x is their own SGLang fork") for ln, t in texts)


# --------------------------------------------------------------------------- a reviewer's probes of the eleventh stop's rules

@pytest.mark.parametrize(("text", "want"), [
    ("The output of an LLM is a distribution over tokens.", ()),
    ("The 原文 says 2.3x on A100.", ()),
    ("We fine-tuned it on a medium post-training budget.", ()),
    ("The fix was linked in #1289.", ()),
    ("I work at night on these notes.", ()),
    ("We estimate the SE(3) pose of the camera.", ()),
    ("Lilian Weng 的博客说 2x", ()),
    ("CSDN 博客上有人转了这篇", ()),
    ("his engineering blog post has the numbers", ()),
    ("We went through the deployment checklist in full.", ()),
    ("Going through this end to end takes 3 hours.", ()),
    # what they still catch
    ("went through it end to end last night", ("full_text",)),
    ("I work at Nvidia, so take this with salt", ("vendor_self_reported",)),
    ("Databricks engineering blog says 3x", ("vendor_self_reported",)),
    ("posted it in #specdec-reading", ("second_hand",)),
    ("a reddit thread says 2x", ("second_hand",)),
])
def test_evidence_cues_do_not_fire_on_ordinary_words(text, want):
    from ingest.evidence import evidence_reader

    assert evidence_reader().levels(text) == want


def test_figures_and_identifiers_the_review_found_dropped_or_invented():
    from ingest.arxiv import find_arxiv_ids
    from ingest.facts import find_figures

    assert [q.raw for q in find_figures("Perplexity on PTB = 9.1 at 4-bit.")] == ["9.1"]  # PTB's B is no parameter
    assert [q.raw for q in find_figures("Accuracy on GSM8K = 71.2")] == ["71.2"]
    assert "1.8 s" in [q.raw for q in find_figures("We hit the target at 1.8 s P99 TTFT, down from 2.6 s.")]
    assert [q.raw for q in find_figures("k = 4 draft tokens")] == []  # a parameter still is one
    for log in ("AvgLatency = 1204.3318", "[run] MeanTime = 2305.12345, steps = 400", "Warm-up = 1112.4567 then steady"):
        assert find_arxiv_ids(log) == [], log
    assert [m.arxiv_id for m in find_arxiv_ids("[HeadInfer = 2502.12574, FlashDecoding = 2311.01282]")] == ["2502.12574", "2311.01282"]


def test_predicates_and_conditions_on_plain_wording():
    import re

    from ingest.facts import qualifier_sides
    from ingest.lexicon import load_lexicon

    assert predicates("The engine builds a CUDA graph per batch size.") == ()
    assert predicates("无需求预测，直接调度。") == ()
    assert predicates("builds a retrieval index over the keys") == ("+need:~index+retrieval",)
    assert qualifier_sides("selection is independent of the query length") == ()
    variant = [re.compile(p, re.IGNORECASE) for p in load_lexicon().raw["facts"]["conditions"]["variant"]]
    said = lambda t: [m.group(0) for p in variant for m in p.finditer(t)]  # noqa: E731
    assert said("top-5 accuracy is 71") == said("Stage-2 training") == said("Grok-1 reaches 3x") == []
    assert said("Medusa-1 gives 2.2x") == ["Medusa-1"]


@pytest.mark.parametrize(("text", "want"), [
    ("The KV blocks are placed in CPU memory, see 3.2.", [("3.2", "mention")]),
    ("Place it in 3.2", [("3.2", "suggest")]),
    ("As noted in 3.2, 1.4 and 1.6 GB are needed.", [("3.2", "mention")]),
    ("in 2.5, 2.1 and 1.1", [("2.5", "mention"), ("2.1", "mention"), ("1.1", "mention")]),
    ("See Theorem B.1 for the bound", []),
    ("Proof in Eq. (B.4) shows it", []),
    ("Tables A.1 and A.2 list them", []),
    ("belongs in B.3", [("B.3", "suggest")]),
    ("放哪: S3.1 next to AWQ", [("3.1", "suggest")]),
    ("- 分组标量 group-wise scalar → [[quantized-serving#S3.1]]", [("3.1", "suggest")]),
    ("Belongs in S5 as our first in-house data point.", [("5", "suggest")]),
    ("Both go to the kv-cache doc; please don't add them under S3 or S4.", [("3", "negative"), ("4", "negative")]),
    ("Belongs in §5 not §4", [("5", "suggest"), ("4", "negative")]),
    ("We store it in AWS S3 and see Table S3", []),
    ("stored in S3 buckets", []),
])
def test_section_references_the_review_and_the_fifth_round_found(text, want):
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs(text)] == want


def test_headings_numbered_with_an_s_and_not_a_codec():
    from ingest.living_doc import heading_key

    assert heading_key("S3: Weight-only quantization / 第3节 仅权重量化")[0] == "3"
    assert heading_key("S3.1: Group-wise schemes")[:2] == ("3.1", "Group-wise schemes")
    assert heading_key("Sec. 3.2 Codebooks")[:2] == ("3.2", "Codebooks")
    assert heading_key("S4 model")[0] is None and heading_key("SGLang: fast")[0] is None
    assert heading_key("H.264 decode offload")[0] is None


def test_a_shortfall_must_follow_the_figure():
    from queries.contradictions import _only

    assert not _only("Prefill is only 1.8x faster here, which is not a surprise given the batch.", "1.8x")
    assert _only("they only got 1.5x, not the claimed 2.4x", "1.5x")


def test_a_fenced_example_is_no_sign_of_another_markup():
    from ingest.markup import _sniffed

    rst_in_fence = "Title one\n=========\n\nText.\n\nSecond\n======\n\n```rst\n.. note:: Cite with :cite:`vllm2023`.\n```\n"
    assert _sniffed(rst_in_fence.splitlines(), "a.md") is None
    cues = "# talk\n\n```\n" + "".join(f"00:00:0{k}.000 --> 00:00:0{k + 1}.000\n" for k in (1, 3, 5)) + "```\n"
    assert _sniffed(cues.splitlines(), "a.md") is None
    assert _sniffed(["WEBVTT", "", "00:00:01.000 --> 00:00:02.000", "hello"], "talk.md") == "captions"


def test_dated_heads_and_reading_roles_are_not_ordinary_words():
    from ingest.notes import parse_note

    note = ("# Kernels\n\n## Marlin 2\n\nMarlin (arXiv:2408.11743) is a W4A16 kernel.\n\n- fast at batch 16\n- slow at 128\n\n"
            "## Janus 3\n\nunrelated: the cluster moved.\n")
    parts, _w = parse_note(note, "inbox/a/k.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(3, ("2408.11743",)), (10, ())]
    week = ("## Week 12\n\n- Background: FlashAttention (arXiv:2205.14135) read it in full\n"
            "- Main: FlashAttention-2 (arXiv:2307.08691) read the full paper\n- Main: FlashAttention-3 (arXiv:2407.08608) abstract only\n")
    parts, _w = parse_note(week, "inbox/a/w.md")
    assert [i.works for i in parts["items"]] == [("2205.14135",), ("2307.08691",), ("2407.08608",)]


def test_front_matter_fields_keep_their_identifiers_and_a_plural_is_no_unit():
    from ingest.notes import parse_note

    parts, _w = parse_note("---\nsource: 2309.06180\nrelated: 2312.07104\nemissions: 1204.5531\n---\n\n# n\n\ntext\n", "inbox/a/f.md")
    assert sorted(r.arxiv_id for r in parts["arxiv"]) == ["2309.06180", "2312.07104"]
    table = "# t\n\n| System | GPU(s) | Throughput (tok/s) |\n|---|---|---|\n| vLLM [2309.06180] | 8 | 2300 |\n"
    parts, _w = parse_note(table, "inbox/a/t.md")
    assert not any(q.unit == "s" for c in parts["claims"] for q in c.quantities)


def test_a_source_paper_named_before_a_pronoun_keeps_the_subject(tmp_path):
    """"According to the FlashAttention-3 paper (arXiv:2407.08608), it reaches 740 TFLOPs/s": "it" names no other work."""
    got = findings(tmp_path, {
        "organized/knowledge/k.md": "# K\n\n## 1 Kernels\n\n- FlashAttention-3 (arXiv:2407.08608) reaches 740 TFLOPs/s on H100.\n\n"
                                    "## References\n\n- arXiv:2407.08608 · FlashAttention-3\n",
        "inbox/a/n.md": "# FA3\n\n## FlashAttention-3\n\n- According to the FlashAttention-3 paper (arXiv:2407.08608), it reaches "
                        "540 TFLOPs/s on H100.\n",
    })
    assert ("number", "arXiv:2407.08608", "organized/knowledge/k.md", "inbox/a/n.md") in got \
        or ("number", "arXiv:2407.08608", "inbox/a/n.md", "organized/knowledge/k.md") in got


def test_a_number_wrapped_after_its_label_is_no_identifier():
    """t127: "cloud credits charged to account" / "  4410.20817." — the label is on the line before."""
    from ingest.notes import parse_note

    note = ("# r\n\n- Spent: $41,880; cloud credits charged to account\n  4410.20817.\n"
            "- FlashAttention, the paper\n  2205.14135, is the one we cite\n")
    parts, _w = parse_note(note, "inbox/a/r.md")
    assert [r.arxiv_id for r in parts["arxiv"]] == ["2205.14135"]


# --------------------------------------------------------------------------- the fifth round's shapes (t127–t130)

def _items(text: str, path: str = "inbox/a/n.md"):
    from ingest.notes import parse_note

    parts, _w = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]], parts


def test_phone_notes_are_a_note_each():
    """t130: a Keep/Apple Notes dump, each note opening with its date and time alone on a line: every note an item,
    a grocery list too; one naming no work is still one."""
    dump = ("Keep export — M. Ito\n\nJul 1, 2027 at 07:52\ngroceries\n☐ oat milk\n\nJul 1, 2027 at 21:30\n"
            "EAGLE-2 (2406.16858) tab 1 again: T=1 → 3.80x\n→ put it next to the T=0 one in 3.3\n\n"
            "Jul 3, 2027 at 12:40\nlunch w/ Dani: they switched spec decoding off above batch ~48. hearsay\n")
    got, parts = _items(dump)
    assert got == [(3, ()), (7, ("2406.16858",)), (11, ())]
    assert parts["items"][1].sections == ("3.3",)


def test_a_forum_thread_is_its_question_and_its_answers():
    """t130: a Stack Exchange thread copied whole: "# [Q] …" and its text, then "### ✔ Accepted — answered … by …" and
    other answers; an answer's bullets (each naming a paper) are its points, not topics; the copier's quoted remark
    speaks for every post."""
    thread = ("# [Q] Self-speculative vs draft heads?\n\n> Copied from the forum. Treat everything as hearsay.\n\n"
              "**Score 47** · asked 6d ago by `bs1`\n\nIs it worth training EAGLE-2 heads?\n\n---\n\n"
              "### ✔ Accepted — answered 5d ago by `tom` (score 61)\n\nHeads win at batch 1.\n\n"
              "- EAGLE-2 (arXiv:2406.16858): 3.62x.\n- Medusa-2 (2401.10774): 2.83x.\n\n---\n\n"
              "### Answer — answered 4d ago by `lena` (score 18)\n\nSkipRoute (2604.01733) trains a separate draft model.\n")
    got, parts = _items(thread)
    assert got == [(1, ()), (11, ("2406.16858", "2401.10774")), (20, ("2604.01733",))]
    assert all("second_hand" in i.evidence_levels for i in parts["items"])


def test_a_yuque_export_and_a_stand_up():
    """t128: "### 1." / "### 2." topics before a closing "## 阅读程度", a bold "**3. …**" paragraph continuing their
    numbering; a stand-up's "## date" over one bold name per person, each person's lines a topic."""
    yuque = ("# 阅读笔记\n\n:::info\n本周读了三篇。\n:::\n\n### 1. KIVI 复读\n原文 https://arxiv.org/pdf/2402.02750.pdf\n\n- 残差窗口 R=128\n\n"
             "### 2. PolarKV v3\narxiv.org/abs/2603.11408v3\n\n- 表 2 重跑了\n\n**3. Quest：按 query 选页** [10.48550/arXiv.2406.10774]\n"
             "活文档 2.3 还空着，放那儿正合适。\n\n**4. 杂项**\n空间迁移。\n\n---\n\n## 阅读程度\n- KIVI：全文重读\n")
    got, parts = _items(yuque)
    assert got == [(7, ("2402.02750",)), (12, ("2603.11408",)), (17, ("2406.10774",)), (20, ())]  # (the closing "## 阅读程度"
    # says how deep each was read: no topic)
    assert parts["items"][2].sections == ("2.3",)
    standup = ("# 站会\n\n## 2027-07-05 周一\n\n**浩然**\n- 昨天：只翻了 KIVI 的卡片\n- 今天：搭 baseline\n\n"
               "**露瑶**\n- 昨天：KVQuant（2401.18079）第 3 节读完了\n- 今天：把这条补进活文档 4.2\n")
    got, parts = _items(standup)
    assert got == [(5, ()), (9, ("2401.18079",))]
    assert parts["items"][1].sections == ("4.2",) and parts["items"][0].evidence == "card_only"


def test_a_chat_with_an_assistant():
    """t128: "用户：" / "助手：" turns: each user question a topic (a follow-up disputing the answer continues it); the
    assistant's answers are unverified; an answer the user disputed and the assistant conceded is withdrawn."""
    from ingest.notes import parse_note

    chat = ("# 对话导出\n\n用户：GEAR 吞吐提升多少？\n\n助手：吞吐大约提升 2.4 倍。\n\n用户：KIVI 吞吐能提升多少？\n\n助手：大约能提升 4 倍。\n\n"
            "用户：不对吧，4 倍是 batch 的倍数，吞吐是 2.35 到 3.47 倍。\n\n助手：您说得对，是我混了。\n\n用户：最后帮我整理成周报。\n\n助手：（略）\n")
    parts, _w = parse_note(chat, "inbox/z/c.md")
    assert [i.line for i in parts["items"]] == [3, 7, 15]
    four = [c for c in parts["claims"] if "能提升 4 倍" in c.text]
    assert four and all(c.quantities == () and c.evidence == "unverified" for c in four)
    kept = [c for c in parts["claims"] if "2.4 倍" in c.text]
    assert kept and kept[0].quantities and kept[0].evidence == "unverified"


def test_measured_shares_needs_and_tags_of_the_fifth_round():
    from ingest.evidence import evidence_reader
    from ingest.facts import find_figures

    assert [(q.raw, q.metric) for q in find_figures("DistServe holds 99% SLO attainment at 1.5 req/s")] == [("99%", "slo")]
    assert find_figures("a 200 ms SLO") == ()
    assert predicates("Its Transfer Engine requires RDMA (InfiniBand or RoCE) for the KV transfer.") == ("+need:~rdma",)
    r = evidence_reader()
    assert r.levels("Please correct in 2.4. #todo") == ()  # a task's tag, not a reading status
    assert r.levels("#unverified numbers") == ("unverified",)
    assert r.levels("Finally sat down with the whole thing, sections 1–7 plus the appendix.") == ("full_text",)


def test_a_figure_its_writer_says_is_no_disagreement(tmp_path):
    """t127: "… 1.41x the goodput … It is a check of the HandoffServe headline (2.3x) … so a smaller gain is what one would
    expect, not a disagreement": the two figures are not reported as a conflict; without that sentence they are."""
    doc = ("# PD\n\n## 2 Disaggregation\n\n- HandoffServe (arXiv:2605.11873) reports 2.3x goodput over colocated serving.\n\n"
           "## References\n\n- arXiv:2605.11873 · HandoffServe\n")
    said = ("# Smoke test\n\n## HandoffServe check (arXiv:2605.11873)\n\nSplitting the two GPUs gives about 1.41x the goodput of two "
            "colocated replicas.\nTheir figure is on 8 H100s, ours on two PCIe cards, so a smaller gain is expected, not a disagreement.\n")
    assert findings(tmp_path / "a", {"organized/knowledge/pd.md": doc, "inbox/d/t.md": said}) == []
    plain = said.replace(", not a disagreement", "")
    assert [k for k, *_ in findings(tmp_path / "b", {"organized/knowledge/pd.md": doc, "inbox/d/t.md": plain})] == ["number"]


def test_an_outline_entry_takes_its_measure_from_its_parents():
    """t129: a mind map's "W4 g128 = 5.78 (FP16 5.47)" under "Llama-2-7B · WikiText-2 ppl · 4-bit" is a perplexity on
    that model and benchmark; an italic title before a bracketed ID is that ID's title."""
    from ingest.notes import parse_note, written_title

    mm = "# map\n\n- AWQ arXiv:2306.00978\n  - Llama-2-7B · WikiText-2 ppl · 4-bit\n    - W4 g128 = 5.78 (FP16 5.47)\n"
    parts, _w = parse_note(mm, "inbox/l/m.md")
    got = [q for c in parts["claims"] if c.line == 5 for q in c.quantities]
    assert [(q.raw, q.metric) for q in got] == [("5.78", "perplexity")]
    assert {"model:llama2-7b", "bench:wikitext2", "group:128"} <= set(got[0].conditions)
    row = "| 9 | Table 3 compares with *SpQR: A Sparse-Quantized Representation for Near-Lossless LLM Weight Compression* (arXiv:2306.07629) | x |"
    k = row.index("arXiv:")
    assert written_title(row, k, k + 16) == "SpQR: A Sparse-Quantized Representation for Near-Lossless LLM Weight Compression"


def test_t130_wording():
    """"a small trained router" describes a router, it trains nothing; "the SE thread" is Stack Exchange, no sales
    engineer, read "via" it is second-hand; "checked this in the PDF myself" is a full read; "single seed" unverified."""
    from ingest.evidence import evidence_reader

    assert predicates("SWIFT is 1.3–1.6x with no training at all; the routed variants need a small trained router.") \
        == ("+need:router", "-train:")
    assert predicates("The router is trained for 2000 steps") == ("+train:router",)
    r = evidence_reader()
    assert r.levels("Figures only via the SE thread Noor copied; did not open the paper.") == ("abstract_checked", "second_hand", "unverified")
    assert r.levels("checked this in the PDF myself (Table 1), not just the abstract") == ("full_text",)
    assert "unverified" in r.levels("our own runs (vLLM, not published, single seed) had EAGLE-2 at 1.4x")


# --------------------------------------------------------------------------- the sixth round (t131–t134)

def test_a_chat_topic_is_one_discussion():
    """t131: a Zulip export's "#### topic: …" over "**Name** (HH:MM):" messages that quote each other is one topic."""
    z = ("# Zulip export\n\n#### topic: meta CP numbers\n\n**Tomás Ferreira** (09:12):\nThe Meta CP paper (arxiv.org/abs/2411.01783) "
         "hits 83% parallelization efficiency.\n\n**Hanne Mikkelsen** (09:20):\n> 83% parallelization efficiency\n\ncould be a "
         "different config\n\n#### topic: friday lunch\n\n**Abebe Tesfaye** (12:00):\nnoodles?\n\n**Hanne Mikkelsen** (12:01):\nyes\n")
    got, _parts = _items(z)
    assert got == [(3, ("2411.01783",)), (13, ())]


def test_measures_and_settings_of_the_sixth_round():
    from ingest.facts import find_figures

    got = find_figures("It reports 1M-token prefill of Llama 3 405B in 77 s on 128 H100s, at 93% parallelization efficiency.")
    assert [(q.raw, q.metric) for q in got] == [("77 s", "context"), ("93%", "efficiency")]
    assert all("ctx:1000000" in q.conditions for q in got)  # "1M-token prefill" is the setting, no figure
    assert "route:2" in find_figures("Mixtral (top-2) end-to-end decode speedup 1.6×")[0].conditions
    assert find_figures("top-5 accuracy is 71.2")[0].conditions == ()
    mean = find_figures("The mean TTFT they quote is 0.7 s at 8 req/s.")[0]
    assert "percentile:mean" in mean.conditions
    assert predicates("Depends on its own fused ring kernel (sm90 only)") == ("+need:hopper,kernel", "+need:~sm90")  # (sm90 is Hopper)
    assert predicates("the speedup depends on the batch size") == ()


def test_a_cited_heading_and_a_row_titled_by_its_paper_cell(tmp_path):
    """t134: "## Cited" heads the citation list, so "[11]" in a table row is its entry 11; a form's row naming the paper
    by title ("| … | Slack-Aware Preemption for SLO-Bound LLM Serving | …") is about it: the two p99 TTFTs conflict."""
    from ingest.living_doc import is_citation_title

    assert is_citation_title("Cited")
    doc = ("# Schedulers\n\n## Section 5 — Results\n\n| Work | Setting | Result |\n|---|---|---|\n"
           "| Slack-aware preemption [1] | Llama-3-70B, 4×H100, 8 req/s | p99 TTFT 1.9 s |\n\n## Cited\n\n"
           "1. Okafor, Lindqvist. \"Slack-Aware Preemption for SLO-Bound LLM Serving.\" arXiv:2601.04417, 2026.\n")
    form = ("# Paper club\n\n| Timestamp | Name | Paper (title or link) | Did you read it? | Comments |\n|---|---|---|---|---|\n"
            "| 7/8/2027 18:02 | Aiko | Slack-Aware Preemption for SLO-Bound LLM Serving | Yes | p99 TTFT is 2.6 s at 8 req/s "
            "(Llama-3-70B, H100). |\n")
    got = findings(tmp_path, {"organized/knowledge/s.md": doc, "inbox/t/form.md": form})
    assert [(k, s) for k, s, *_ in got] == [("number", "arXiv:2601.04417")]


def test_a_top_posted_threads_quoted_mails_and_t133_wording():
    """t133: the earlier mails a thread quotes with their own headers ("> From: Wen …" then "> (a) …", ">> 1) …") give
    their points as topics; a quoted side called the opposite is denied; a bidding list's "#4133 — Title — preprint [ID]"
    titles the ID; "pinned host buffers" is "CPU pinned memory"; "bs=32 / 32K / H100" sets a 32K context; "our own data
    point for 3.2" places, it is no figure."""
    from ingest.facts import find_figures, open_objects_match, qualifier_sides
    from ingest.notes import parse_note, written_title

    mail = ("Subject: Re: numbers\nFrom: Nuo <n@x.cn>\nDate: Sat, 11 Jul 2027 09:42\n\nThanks, summary:\n\n1. Headline: 1,870 tok/s.\n"
            "2. Quote goes through procurement.\n\nNuo\n\n> From: Wen <w@y.sg>\n> Date: Fri, 10 Jul 2027 18:05\n> Subject: Re: numbers\n>\n"
            "> (a) Pinned memory: TidalKV requires pinned host buffers.\n>\n> (b) Prefetch depth: depth 2 is the sweet spot.\n>\n"
            "> Best,\n> Wen\n")
    parts, _w = parse_note(mail, "inbox/n/thread.md")
    assert [i.line for i in parts["items"]] == [7, 8, 16, 18]
    assert qualifier_sides("Tobias 说 InfiniGen 的预取其实是同步的，和我们 §3.2 写的“异步、与上一层计算重叠”正好相反。") == ("sync:synchronous",)
    line = "- #4133 — Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference — preprint [2410.21465] — **willing**"
    k = line.index("2410.21465")
    assert written_title(line, k, k + 10) == "Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference"
    assert open_objects_match("~buffer+host+pinned", "~cpu+memory+pinned") and not open_objects_match("~gpu+memory", "~cpu+memory")
    assert "ctx:32000" in find_figures("card 0561 写的是 bs=32 / 32K / H100 PCIe 5 = 1,870 tok/s")[0].conditions
    parts, _w = parse_note("# n\n\nThis is our own data point for 3.2 (layer-ahead prefetch).\n", "inbox/a/n.md")
    assert parts["claims"][0].suggested_sections == ("3.2",) and parts["claims"][0].quantities == ()


def test_a_second_fresh_users_notes():
    """A fresh user's mind map (a root over categories over works: each work a topic), an email whose signature
    belongs to no topic and whose writer "read vAttention (arXiv:…) end to end", a chat whose opening says how the rest
    was checked (not a legend: "not checked against the paper" names no second depth)."""
    from ingest.evidence import evidence_reader
    from ingest.notes import parse_note

    mm = ("# map\n\n- Speculative decoding\n  - Draft model\n    - Leviathan et al., arXiv:2211.17192\n      - lossless\n"
          "  - Draft heads\n    - Medusa — 2401.10774\n      - needs training of the heads\n    - EAGLE-2 — 2406.16858\n"
          "      - lossy (a colleague told me)\n  - No draft\n    - Lookahead decoding 2402.02057\n      - read it end to end\n")
    parts, _w = parse_note(mm, "inbox/s/m.md")
    assert [(i.line, i.works) for i in parts["items"]] == [
        (5, ("2211.17192",)), (8, ("2401.10774",)), (10, ("2406.16858",)), (13, ("2402.02057",))]
    mail = ("From: T <t@x>\nTo: c@x\nDate: Tue, 12 May 2027 10:02\nSubject: Re: vAttention\n\nHi all,\n\n"
            "I read vAttention (arXiv:2405.04437) end to end over the weekend. It needs custom kernels for decode.\n\n"
            "Also, is FlashAttention-3 (arXiv:2407.08608) worth an entry? I'd add it under §1.3.\n\nBest,\nTomas\n--\nTomas · Serving\n")
    parts, _w = parse_note(mail, "inbox/t/re.md")
    assert [(i.line, i.line_end) for i in parts["items"]] == [(8, 8), (10, 10)]
    assert evidence_reader().levels("I read vAttention (arXiv:2405.04437) end to end over the weekend.") == ("full_text",)
    assert not evidence_reader().explains_levels("I only read the abstract myself; the rest is the assistant's explanation, "
                                                 "not checked against the paper.")


# --------------------------------------------------------------------------- a review of this stop's own rules

@pytest.mark.parametrize(("text", "want"), [
    ("weights live in S3, loaded lazily", []),
    ("Checkpoints are uploaded to S3 and pulled at start-up", []),
    ("cold tier: S3", []),
    ("see Fig. S2.1 and S2.2", []),
    ("We ran S3.1 of the supplementary ablations", []),
    ("Belongs in S5 as our first in-house data point.", [("5", "suggest")]),
    ("Section: S4", [("4", "suggest")]),
    ("Marta places it under §4", [("4", "suggest")]),
])
def test_s_numbers_and_placing_verbs_after_review(text, want):
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs(text)] == want


def test_the_reviews_probes_of_this_stops_rules():
    from ingest.arxiv import find_arxiv_ids
    from ingest.evidence import evidence_reader
    from ingest.living_doc import heading_key, is_citation_title
    from queries.contradictions import _NOT_A_CONFLICT, _only

    assert [m.arxiv_id for m in find_arxiv_ids("[MemGPT = 2310.08560]")] == ["2310.08560"]
    assert [m.arxiv_id for m in find_arxiv_ids("(TimeRL = 2410.12345)")] == ["2410.12345"]
    assert find_arxiv_ids("AvgLatency = 1204.3318") == []
    assert predicates("Medusa-2: the backbone gets fine-tuned jointly.")[:2] == ("+fine_tune:backbone", "+modify:backbone")
    assert predicates("无需求解器") == ("-need:~求解器",)
    r = evidence_reader()
    for ordinary in ("Prefetch is done via a background thread.", "Gemini: 1M context, per the tech report",
                     "The paper reports single-seed numbers in Table 2", "只看了一下 H100 的 card 规格",
                     "The doc's sections 3-4 and appendix need updating"):
        assert r.levels(ordinary) == (), ordinary
    assert not _NOT_A_CONFLICT.search("The 2.4x here is not consistent with the paper's 3.1x")
    assert not _NOT_A_CONFLICT.search("The gap is consistent across all rates we tried.")
    assert _NOT_A_CONFLICT.search("so 2.71x at 120K looks consistent to me")
    assert _only("only 1.8x here, not even close to the paper's 3x", "1.8x")
    assert not is_citation_title("Cited numbers we dispute") and is_citation_title("Cited")
    assert heading_key("S3 - storage notes")[0] is None and heading_key("S3: Weight-only")[0] == "3"


def test_bold_labels_under_a_paper_heading_are_its_parts():
    """Only a day's heading splits at its bold names (a stand-up); "## Quest" over "**Prefill**" / "**Decode**" is one read."""
    note = ("# n\n\n## Quest (arXiv:2406.10774)\n\n**Prefill**\n- unchanged\n\n**Decode**\n- 2.2x faster\n\n**Caveats**\n- only one model\n")
    got, _parts = _items(note)
    assert got == [(3, ("2406.10774",))]
