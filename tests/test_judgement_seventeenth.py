"""The seventeenth stop's rules (blind shifts t163-t166, written in ordinary conventions), each pinned on a
small inline text (docs/FORMAT.md §5.3, §8.2).

Each test writes the shape of text that defeated a rule, small and self-made (no third-party text), and
asserts the values the rule now gives: a citation wrapped over two lines, an author-year key in the body,
a title followed by a dash and an author list, a comparison note of two works, a card's front-matter
placement, a card's depth kept beside ``card_only``, evidence cues (slides, a subreddit, a talk's recording,
title only, Chinese section reads), "lossless" read as no reduction, a setting figure beside a result, a
numbered addendum after a table, and an infrastructure paragraph set apart.
"""
from __future__ import annotations

from datetime import timezone

from ingest.evidence import evidence_reader
from ingest.facts import find_figures
from ingest.lexicon import load_lexicon
from ingest.living import parse_living_source
from ingest.living_doc import reference_title
from ingest.notes import parse_note
from ingest.placement import section_refs


def _items(text: str, path: str = "inbox/a/n.md", kind: str = "note"):
    parts, _w = parse_note(text, path, kind)
    return [(i.line, tuple(i.works)) for i in parts["items"]]


def _levels(text: str) -> tuple[str, ...]:
    return evidence_reader(load_lexicon()).levels(text)


# --------------------------------------------------------------------------- living documents

def test_a_title_then_a_dash_then_authors_with_initials_gives_the_title_alone():
    one = "- FlashAttention-2: Faster Attention with Better Parallelism — T. Dao, 2023. arXiv:2307.08691"
    many = "- Flex Attention: A Programming Model for Attention Kernels — J. Dong, B. Feng, H. He, 2024. arXiv:2412.05496"
    assert reference_title(one) == "FlashAttention-2: Faster Attention with Better Parallelism"
    assert reference_title(many) == "Flex Attention: A Programming Model for Attention Kernels"


def test_a_reference_wrapped_over_two_lines_gives_its_title_without_its_key():
    text = "[Zhong 2024] DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language\n" \
           "  Model Serving. https://arxiv.org/abs/2401.09670"
    assert reference_title(text) == ("DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language "
                                      "Model Serving")


DOC = """\
# Serving

## 5. Scheduling

- DistServe [Zhong 2024]: prefill and decode on different GPUs; 4.6x goodput over vLLM on ShareGPT.
- FastServe [Wu 2023]: token-level preemption, an online scheduler.

## Works cited

[Wu 2023] Fast Distributed Inference Serving for Large Language Models. https://arxiv.org/abs/2305.05920
[Zhong 2024] DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language
  Model Serving. https://arxiv.org/abs/2401.09670
"""


def test_an_author_year_key_in_the_body_names_the_work_its_entry_gives():
    fields, _w = parse_living_source(DOC, "organized/knowledge/serving.md", tz=timezone.utc)
    about = {c.line: set(c.subjects) for c in fields["claims"] if c.subjects and c.role != "citation"}
    assert about[5] == {"2401.09670"}  # (the wrapped entry's identifier is on its second line)
    assert about[6] == {"2305.05920"}
    # the name written before a key is what notes call the work by
    assert any(r.alias == "FastServe" and r.arxiv_id == "2305.05920" for r in fields["arxiv"])


# --------------------------------------------------------------------------- notes

COMPARISON = """\
# EAGLE-2 vs EAGLE-3: replace or add in 2.2?

Read both end to end. EAGLE-2 (arXiv:2406.16858) is in 2.2 now; EAGLE-3 (arXiv:2503.01840) keeps coming up.

What EAGLE-3 changes:
- no feature-prediction loss any more
- fuses low-, mid- and high-level features
- keeps EAGLE-2's dynamic draft tree

Verdict: add EAGLE-3 under 2.2.
"""


def test_a_comparison_note_whose_bullets_bring_no_work_is_one_item_about_the_works_its_title_names():
    assert _items(COMPARISON) == [(1, ("2406.16858", "2503.01840"))]


def test_bullets_that_each_bring_a_work_under_a_two_work_title_stay_topics():
    text = COMPARISON.replace("- no feature-prediction loss any more", "- Medusa (arXiv:2401.10774) trains heads") \
        .replace("- fuses low-, mid- and high-level features", "- Hydra (arXiv:2402.05109) chains them")
    assert [w for _l, w in _items(text)] != [("2406.16858", "2503.01840")]


CARD = """\
---
arxiv: 2608.14417v2
title: "TideServe: SLO-Aware Goodput Scheduling"
source: abstract + Fig. 1 + Table 2 of v2 (card written without reading the full text)
section: "5.1"
---
- Goodput at 90% SLO attainment: 1.8x over DistServe.
"""


def test_a_cards_front_matter_section_places_it_and_its_depth_stays_beside_card_only():
    parts, _w = parse_note(CARD, "organized/paper_cards/0871-2608-14417.md", "paper_card")
    [item] = parts["items"]
    assert item.sections == ("5.1",)
    assert set(item.evidence_levels) >= {"card_only", "abstract_checked"}
    source = next(c for c in parts["claims"] if c.line == 4)
    assert set(source.evidence_levels) == {"card_only", "abstract_checked"}


def test_a_one_item_notes_front_matter_placement_and_not_a_collections():
    note = "---\ntitle: TideServe\narxiv: 2608.14417\nkb_section: 7.1/\n---\nRead it end to end.\n"
    parts, _w = parse_note(note, "inbox/a/tideserve.md", "note")
    assert [i.sections for i in parts["items"]] == [("7.1",)]
    many = "---\nsection: 4.2\n---\n## A (arXiv:2401.10774)\nx\n\n## B (arXiv:2402.05109)\ny\n"
    parts, _w = parse_note(many, "inbox/a/two.md", "note")
    assert [i.sections for i in parts["items"]] == [(), ()]


def test_a_repo_cards_follow_up_in_its_paper_field_is_a_mention():
    card = "# thu-ml/SageAttention\n\n- paper: arXiv:2410.02367; follow-up SageAttention2 [2411.10958]\n- stars: 2.9k\n"
    parts, _w = parse_note(card, "organized/repo_cards/0291-thu-ml-sageattention.md", "repo_card")
    [item] = parts["items"]
    assert item.works == ("2410.02367",) and "2411.10958" in item.mentions


TABLE_THEN_ADDENDA = """\
# Screening, week 1

| Paper | arXiv | Verdict |
|---|---|---|
| MixKV | 2607.03391 | add |
| DuoQ | 2604.11862 | add |

补充一：vLLM 的 release note 说 FP8 KV 默认改走 FlashInfer 后端，decode 吞吐高约 18%。可以补到 3.2。

补充二：FP8 Formats（https://arxiv.org/abs/2209.05433）我只看了标题，不单独收。
"""


def test_numbered_addenda_after_a_table_are_topics_even_without_a_work():
    assert _items(TABLE_THEN_ADDENDA) == [(5, ("2607.03391",)), (6, ("2604.11862",)), (8, ()), (10, ("2209.05433",))]


def test_an_infrastructure_paragraph_of_a_handoff_is_a_topic_of_its_own():
    text = ("Handoff.\n\nHydra (arxiv.org/abs/2402.05109) is the one I spent time on; it goes in 2.3.\n\n"
            "LayerSkip (arXiv:2404.16710): nothing new, matches the doc.\n\n"
            "Infra, not for the doc: gpu-07 dropped two H100s again, so the sweep is not rerun.\n")
    assert _items(text) == [(3, ("2402.05109",)), (5, ("2404.16710",)), (7, ())]


def test_out_of_scope_and_not_taken_separately_are_low():
    parts, _w = parse_note(TABLE_THEN_ADDENDA.replace("| DuoQ | 2604.11862 | add |",
                                                      "| BitNet | 2402.17764 | 要从头训练，不在本文档范围 |"),
                           "inbox/a/screen.md", "note")
    rel = {i.line: i.relevance for i in parts["items"]}
    assert rel[5] == "increment" and rel[6] == "low" and rel[10] == "low"


# --------------------------------------------------------------------------- evidence and placement

def test_evidence_cues_of_this_round():
    assert _levels("FA3 reading-group slides — slides only, didn't open the paper") == ("second_hand", "unverified")
    assert _levels("the paper's numbers I only know through card 0871") == ("card_only",)
    assert _levels("I watched a recording of the authors' talk") == ("second_hand",)
    assert "second_hand" in _levels("r/LocalLLaMA thread: a commenter says it is lossy once T>0")
    assert _levels("I went over my own slides again") == ()
    assert _levels("这回正文第 4 节的推导我自己跟了一遍，附录 C 的消融表也逐项对过。") == ("full_text",)
    assert _levels("第 4 节的 kernel 设计和第 5 节的实验都仔细看了。") == ("full_text",)
    assert _levels("方法部分没仔细看。") == ()


def test_a_title_alone_is_unverified_and_a_title_with_the_abstract_is_abstract_depth():
    assert _levels("我只看了标题，是训练向的格式定义") == ("unverified",)
    assert _levels("目前只看了标题和图 1，正文没打开") == ("unverified",)
    assert _levels("I only saw the title go by on the feed") == ("unverified",)
    assert _levels("只看了标题和摘要") == ("abstract_checked",)


def test_a_sentence_of_for_and_a_section_number_places():
    assert [(r.key, r.role) for r in section_refs("(numbers from the abstract). For 2.2; ines does the rest.")] == [("2.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("For 2.2 of the runs we saw 3x.")] == [("2.2", "mention")]


# --------------------------------------------------------------------------- figures

def test_lossless_before_a_figure_is_no_reduction():
    [q] = find_figures("swaps the static tree for a dynamic one; lossless. 4.26x on MT-bench with Vicuna-13B", load_lexicon())
    assert q.direction is None and q.metric == "speedup"
    [q] = find_figures("4x less memory than FP16", load_lexicon())
    assert q.direction == "down"


def test_a_batch_in_brackets_after_a_ratio_is_its_setting_not_its_measure():
    got = {q.raw: q.metric for q in find_figures("decode 吞吐比 FP16 KV 高 3.6 倍（batch 64、32K 上下文）。", load_lexicon())}
    assert got == {"3.6 倍": "throughput", "32K": "context"}
