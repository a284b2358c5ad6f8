"""The twelfth stop's rules, each pinned on a small inline text (docs/FORMAT.md, "twelfth stop" paragraphs): what a
fresh user's workspace and the fifth blind round (t127–t130) showed the judgement getting wrong."""
from __future__ import annotations

import pytest

from ingest.facts import predicates

MEDUSA = "2401.10774"


def findings(tmp_path, files: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """``(kind, subject, a.source, b.source)`` of the contradictions of a store holding ``files``."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    for path, text in files.items():
        p = ws / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    return sorted((f.kind, f.subject, f.a.source, f.b.source) for f in contradictions(load_snapshot(store)))


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
