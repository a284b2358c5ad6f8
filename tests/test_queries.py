"""The shipped SPARQL files on a store where shared nodes repeat across graphs."""
from __future__ import annotations

import pytest

from graph.loader import ingest_paths
from graph.store import Store
from queries.snapshot import load_snapshot
from queries.sparql_files import QUERY_FILES, sparql

NOTE = "# n\n\n作者：Jay · 2026-10-27 09:35\n\n- 论文 arXiv:2502.07115v5 的延迟降低 76%\n- 第二条 arXiv:2502.07115\n"


def test_rows_do_not_multiply_with_the_number_of_graphs(tmp_path):
    # Five notes by one agent about one work: the agent's label and the work's ID sit in all five graphs.
    for i in range(5):
        p = tmp_path / "inbox" / "jay" / f"n{i}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(NOTE, "utf-8")
    st = Store(None)
    ingest_paths(st, [tmp_path])
    assert len(st.select(sparql("claims_core"))) == 5 * 3  # title line is a heading; byline + 2 items are claims
    assert len(st.select(sparql("citations"))) == 5 * 2
    assert len(st.select(sparql("sources"))) == 5
    snap = load_snapshot(st)
    assert {c.agent for c in snap.claims} == {"jay"}
    assert all(c.about == ["2502.07115"] for c in snap.claims if "arXiv" in c.text)


def test_every_shipped_query_parses_and_runs(sample_store):
    for name in QUERY_FILES():
        assert isinstance(sample_store.select(sparql(name)), list), name


def test_vocabulary_is_closed():
    import pytest

    from graph.model import N

    assert N.kg["Claim"].value == "https://w3id.org/provkg/ns#Claim"
    assert N.kg["Claim"] is N.kg["Claim"]  # minted once
    with pytest.raises(AttributeError):
        N.kg["claimz"]


def _note(folder, name, body):
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(body, "utf-8")


def test_figure_mismatch_is_one_finding_per_pair_of_values(tmp_path):
    """Three notes give a work's Recall@10 gain as 15.39%, 9.1% and 9.1%: one disagreement (15.39 vs 9.1)
    with one more source noted, not one finding per pair of claims; one note alone giving two values is
    not two sources disagreeing."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    (ws / "organized").mkdir(parents=True)
    for i, v in enumerate(["15.39%", "9.1%", "9.1%"]):
        _note(ws / "inbox" / f"a{i}", f"n{i}.md", f"# 筛查\n\n## IDM（arXiv:2610.32943）\n\n- 结果：Recall@10 平均提升 {v}。\n")
    _note(ws / "inbox" / "solo", "s.md", "# 筛查\n\n## X（arXiv:2601.00001）\n\n- 结果：Recall@10 提升 3%。\n- 后来：Recall@10 提升 40%。\n")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    found = [f for f in contradictions(load_snapshot(store)) if f.kind == "number"]
    assert [f.subject for f in found] == ["arXiv:2610.32943"]
    assert sorted(t[t.index("提升"):] for t in (found[0].a.text, found[0].b.text)) == ["提升 15.39%。", "提升 9.1%。"]
    assert found[0].a.source != found[0].b.source
    assert found[0].detail == ["recall@10: 15.39% vs 9.1%", "1 more source(s) give one of these values"]


def test_duplicates_cross_source_view_on_the_sample(sample_store):
    """By default the sample has no duplicate citation; ``all_sources`` counts one entry per note, card
    and queue naming a work, plus the living document's citation entries (its body mentions stay out)."""
    from queries.named import duplicates

    assert duplicates(sample_store) == []
    groups = {g.arxiv_id: g for g in duplicates(sample_store, all_sources=True)}
    g = groups["2502.07115"]
    assert [(c.source, c.line) for c in g.citations] == [
        ("inbox/flyp/2026-10-26T1550-critical-read.md", 10), ("organized/knowledge/inference.md", 177),
        ("organized/paper_cards/058-2502-07115.md", 2), ("organized/queue/work-queue.md", 23)]  # the card's title line
    assert (g.count, g.repeated_in, g.in_citation_list) == (4, [], True)
    assert "2309.06180" not in groups  # body lines 11 and 48 and 七 line 168: one citation entry
    only = duplicates(sample_store, all_sources=True, source="organized/knowledge/inference.md")
    assert only == []


def test_entry_spans_lazy_and_eager_agree(tmp_path):
    """Multi-line living-document entries (a wrapped list item, a paragraph citing one work twice) come
    from the store the same way through a lazy and an eager snapshot; other lines are one-line entries.
    A paragraph of several sentences is one claim per sentence, so it is no multi-line entry."""
    doc = tmp_path / "organized" / "knowledge" / "k.md"
    doc.parent.mkdir(parents=True)
    doc.write_text("# K\n\n## Serving\n\nFirst sentence here.\nSecond sentence there.\n\n"
                   "- [PagedAttention](https://arxiv.org/abs/2309.06180),\n  [[pdf]](https://arxiv.org/pdf/2309.06180v1)\n"
                   "- SnapKV (arXiv:2404.14469)\n\nvLLM (arXiv:2309.06180) wraps\nits own arXiv:2309.06180v2 here.\n", "utf-8")
    st = Store(None)
    ingest_paths(st, [tmp_path])
    path = "organized/knowledge/k.md"
    eager, lazy = load_snapshot(st), load_snapshot(st, lazy=True)
    assert eager.entry_spans == lazy.entry_spans == {path: [(8, 9), (12, 13)]}
    assert eager.entry_of(path, 9) == (8, 9) and eager.entry_of(path, 10) == (10, 10) and eager.entry_of(path, 5) == (5, 5)
    multi = {(c.line, c.line_end) for c in eager.claims_of(path) if c.line_end > c.line}
    assert multi == set(eager.entry_spans[path])


def test_a_misfit_label_does_not_demote_a_note_that_names_its_section(tmp_path):
    """A note tagged llm-infra whose words carry none of that label's keywords is a label_mismatch
    finding; it stays an increment when it says where it belongs ("建议归入 §3.1"), and is demoted
    to low relevance when it names no section (as the sample's mislabelled cards are)."""
    import json
    import shutil

    from conftest import MANIFEST_ID, WORKSPACE
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.named import increments, items
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    body = ("---\ntags: [llm-infra]\n---\n# 精读\n\n## 在线算法的下界\n\n"
            "- 论文证明确定性在线算法在对抗性到达模型下不存在常数竞争比，并给出随机化算法的上界。\n"
            "- 证明思路沿用经典的 ski-rental 构造，对到达序列做最坏情形分析。\n{place}")
    for name, place in (("placed.md", "- 建议归入 §3.1。\n"), ("unplaced.md", "")):
        (ws / "inbox" / "flyp" / name).write_text(body.format(place=place), "utf-8")
    m = next((ws / "work-guard").glob("*.json"))
    doc = json.loads(m.read_text("utf-8"))
    doc["items"] += [{"path": f"inbox/flyp/{n}", "kind": "critical_read", "agent": "flyp", "title": n, "evidence": []}
                     for n in ("placed.md", "unplaced.md")]
    m.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    snap = load_snapshot(store)
    assert {f.subject for f in contradictions(snap) if f.kind == "label_mismatch"} >= {
        "inbox/flyp/placed.md", "inbox/flyp/unplaced.md"}
    rel = {i.source: i.relevance for i in increments(store, manifest=MANIFEST_ID, snapshot=snap)}
    assert rel["inbox/flyp/placed.md"] == "increment"
    assert rel["inbox/flyp/unplaced.md"] == "low"
    # `query items` judges the items of each material as `query increments` judges the material, from the
    # snapshot and from the derived index alike (the sample's misfiled Real NVP card was an increment there)
    for rows in (items(store, manifest=MANIFEST_ID, snapshot=snap), items(store, manifest=MANIFEST_ID)):
        by = {}
        for r in rows:
            by.setdefault(r.source, set()).add((r.relevance, r.reason))
        assert by["inbox/flyp/unplaced.md"] == {("low", "labels do not fit the content")}
        assert ("increment", None) in by["inbox/flyp/placed.md"]
        assert by["organized/paper_cards/1802-1605-08803.md"] == {("low", "labels do not fit the content")}


def test_a_log_rows_work_is_the_cell_that_names_one(tmp_path):
    """A lab log's row opens with its date, model and hardware ("04-23 | Qwen2-7B | 1×H100 | RotX INT2 | …"): its
    work is the one a later cell names (RotX, known from another note), not the model's."""
    from queries.items import item_works

    ws = tmp_path / "ws"
    (ws / "inbox" / "a").mkdir(parents=True)
    (ws / "inbox" / "a" / "read.md").write_text("# r\n\n## RotX (arXiv:2603.04417)\n\n- rotates keys.\n", "utf-8")
    (ws / "inbox" / "a" / "log.md").write_text(
        "# log\n\n| 日期 | 模型 | 硬件 | 方法 | 结果 |\n|---|---|---|---|---|\n"
        "| 04-22 | Llama-3-8B | 1×H100 | RotX INT2（arXiv:2603.04417） | 省了 62% |\n"
        "| 04-23 | Qwen2-7B | 1×H100 | RotX INT4 | PPL +0.02 |\n", "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    snap = load_snapshot(store)
    row = next(i for i in snap.items if i.path == "inbox/a/log.md" and i.line == 6)
    assert item_works(snap, row) == (["2603.04417"], "name")


def test_increments_name_each_materials_kind_when_the_manifest_gives_none(tmp_path):
    """A manifest of plain ``{"path": …}`` items (the shared shifts') left `query increments`' kind column empty
    (a fresh user's run): the kind is the ingested file's, and a manifest's own kind still wins."""
    import json

    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import increments

    ws = tmp_path / "ws"
    for d in ("inbox/ann", "organized/paper_cards", "work-guard", "organized/knowledge"):
        (ws / d).mkdir(parents=True)
    (ws / "inbox/ann/n.md").write_text("# Notes\n\n## PagedAttention\n\narXiv:2309.06180, read in full.\n", "utf-8")
    (ws / "organized/paper_cards/0001-2205-14135.md").write_text(
        "# FlashAttention\n\n- arXiv: 2205.14135\n- Section: §1\n- Exact attention, 3x faster on GPT-2.\n", "utf-8")
    (ws / "organized/knowledge/k.md").write_text("# K\n\n## 1 Kernels\n\nText.\n\n## References\n\n- x\n", "utf-8")
    mid = "0b6f8a0e-1111-4222-8333-944455556666"
    (ws / "work-guard" / f"{mid}.json").write_text(json.dumps({
        "manifest_id": mid, "created": "2027-01-01", "knowledge": "organized/knowledge/k.md",
        "items": [{"path": "inbox/ann/n.md"}, {"path": "organized/paper_cards/0001-2205-14135.md", "kind": "card"}]}), "utf-8")
    st = Store(tmp_path / "st")
    assert ingest_paths(st, [ws]).errors == []
    assert [(i.source, i.kind) for i in increments(st, manifest=mid)] == [
        ("inbox/ann/n.md", "note"), ("organized/paper_cards/0001-2205-14135.md", "card")]


@pytest.mark.parametrize("which", ["sample", "s1", "s3", "s5"])
def test_a_material_whose_items_the_brief_finds_all_low_is_low(tmp_path, which):
    """`query increments` called s1's newsletter an increment while the brief (`query items`) found every item of it low
    (a fresh user's run): the material's relevance now follows the judged items."""
    from conftest import SHARED, WORKSPACE, need_shared
    from queries.named import increments, items

    ws = WORKSPACE if which == "sample" else need_shared(SHARED / "shifts" / which, f"shared shift {which}")
    st = Store(tmp_path / "st")
    assert ingest_paths(st, [ws]).errors == []
    judged: dict = {}
    for r in items(st):
        judged.setdefault((r.manifest_id, r.source), []).append(r.relevance)
    checked = 0
    for inc in increments(st):
        rels = judged.get((inc.manifest_id, inc.source))
        if rels and all(x == "low" for x in rels):
            assert inc.relevance == "low", inc.source
            checked += 1
    assert checked >= 1
