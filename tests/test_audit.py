"""The brief audit (issue 4) and the brief round trip (issue 8): provkg's own brief is machine-checkable.

* The seed brief, audited against the sample workspace, has exactly two
  problems: it states "3 条低相关/复查项" but lists 7 rows, and it names
  arXiv 2609.38121 ("2609.38121 之类"), which no material, card or the living
  document cites.
* provkg's rendered brief (zh and en), parsed back with ``parse_brief``, gives
  the manifest, materials, increments with their arXiv IDs and suggested
  sections, and the citable list with statuses that ``BriefData`` holds; the
  audit finds nothing in it.
"""
from __future__ import annotations

import pytest

from conftest import MANIFEST_ID, WORKSPACE, fixed_clock


@pytest.fixture(scope="module")
def seeded_store(tmp_path_factory):
    """An on-disk store with the sample workspace and the seed brief (skips without the seed)."""
    from conftest import SEED, shared_reason
    from graph.loader import ingest_paths
    from graph.store import Store

    if not SEED.exists():
        pytest.skip(shared_reason("the seed brief", SEED))
    s = Store(tmp_path_factory.mktemp("audit") / "store")
    assert ingest_paths(s, [WORKSPACE], now=fixed_clock).errors == []
    rep = ingest_paths(s, [SEED], kind="brief", now=fixed_clock)
    assert rep.errors == [] and rep.added == [SEED.name]
    return s


def test_seed_audit_finds_the_two_real_problems(seeded_store, seed_path):
    from queries.audit import audit_brief

    rep = audit_brief(seeded_store, seed_path.name, text=seed_path.read_text("utf-8"))
    assert rep.manifest_id == MANIFEST_ID
    # 9 IDs named, 4 stated counts (6 increments, 8 materials, 3 low-relevance, 8 arXiv IDs),
    # 8 consumed + 8 listed materials, 3 already-cited/new statuses
    assert rep.checked == {"arxiv_ids": 9, "counts": 4, "materials": 16, "statuses": 3}
    got = [(f.kind, f.line, f.arxiv_id, f.stated, f.found) for f in rep.findings]
    assert got == [
        ("count_mismatch", 5, None, "3", "7"),
        ("untraced_arxiv", 80, "2609.38121", "arXiv:2609.38121", None),
    ]
    assert rep.findings[0].text == "增量条数：6 条（显著增量）＋ 3 条低相关/复查项"
    assert rep.findings[1].source == seed_path.name and "2609.38121 之类" in rep.findings[1].text
    # ids are stable across runs
    assert [f.id for f in audit_brief(seeded_store, seed_path.name).findings] == [f.id for f in rep.findings]


def test_audit_without_the_file_uses_what_was_stored(seeded_store, seed_path, tmp_path):
    """When the brief's file is gone the audit works from the stored kg:Brief (lines it did not store are 1)."""
    import shutil

    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.audit import audit_brief, brief_text, stored_brief

    store_dir = tmp_path / "store"
    shutil.copytree(seeded_store.path, store_dir)
    copy = tmp_path / "ws" / "brief.txt"
    copy.parent.mkdir()
    copy.write_text(seed_path.read_text("utf-8"), "utf-8")
    s = Store(store_dir)
    assert ingest_paths(s, [copy], kind="brief", now=fixed_clock).errors == []
    assert brief_text(s, "brief.txt") == seed_path.read_text("utf-8")
    copy.unlink()
    assert brief_text(s, "brief.txt") is None
    doc = stored_brief(s, "brief.txt")
    assert (doc.stated_increment_count, len(doc.increments), len(doc.citations)) == (6, 6, 8)
    rep = audit_brief(s, "brief.txt")
    assert [(f.kind, f.line, f.arxiv_id) for f in rep.findings] == [("untraced_arxiv", 80, "2609.38121")]


def test_audit_brief_cli_and_fail_on(seeded_store, seed_path, tmp_path):
    import shutil

    from click.testing import CliRunner

    from provkg.cli import cli

    store_dir = tmp_path / "store"
    shutil.copytree(seeded_store.path, store_dir)
    r = CliRunner().invoke(cli, ["--store", str(store_dir), "-q", "audit-brief", str(seed_path)], obj={})
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith(f"{seed_path.name}: 2 findings (checked 9 arXiv IDs")
    assert f"{seed_path.name}:80: untraced_arxiv: arXiv:2609.38121" in r.output
    r = CliRunner().invoke(cli, ["--store", str(store_dir), "-q", "audit-brief", "--fail-on", "any", str(seed_path)],
                           obj={})
    assert r.exit_code == 1
    r = CliRunner().invoke(cli, ["--store", str(store_dir), "-q", "audit-brief", str(tmp_path / "missing.txt")],
                           obj={})
    assert r.exit_code == 2 and "missing.txt" in r.output and "Traceback" not in r.output


def test_audit_findings_in_the_contradiction_report(seeded_store):
    from queries.audit import audit_briefs
    from queries.render.report import render_report
    from queries.snapshot import load_snapshot

    found = audit_briefs(seeded_store, load_snapshot(seeded_store))
    assert [f.kind for f in found] == ["count_mismatch", "untraced_arxiv"]
    md = render_report([], audit=[f.model_dump(mode="json") for f in found])
    assert "2 findings: Brief audit 2" in md
    assert "## Brief audit" in md and "`000_59a485b40772aac7.txt:80`" in md
    assert "`000_59a485b40772aac7.txt:5`" in md and "stated: 3 · found: 7" in md


def test_audit_flags_a_brief_that_does_not_match_the_manifest(tmp_path, sample_store):
    """A hand-made brief that misstates counts, misses a material and invents an ID."""
    from graph.loader import ingest_paths
    from queries.audit import audit_brief

    text = (
        "inference · 预消化简报\n\n"
        "增量来源：work-guard/e627b203-77c1-4f5a-a634-26925ef1b683.json（7 项材料全部消费） "
        "检查过的来源：inbox/flyp/2026-10-26T1550-critical-read.md、inbox/jay/elsewhere.md；对照 organized/knowledge/inference.md\n\n"
        "增量条数：2 条\n\n"
        "增量 1：MC-SF（arXiv:2502.07115）\n\n要点 - 负结果\n\n"
        "可引用的 arXiv 号列表\n\n"
        "  • arXiv:2502.07115 —— Online Scheduling（新）\n"
        "  • arXiv:2610.99999 —— Invented（新）\n"
    )
    p = tmp_path / "b.txt"
    p.write_text(text, "utf-8")
    from graph.store import Store

    s = Store(None)
    assert ingest_paths(s, [WORKSPACE], now=fixed_clock).errors == []
    assert ingest_paths(s, [p], kind="brief", now=fixed_clock).errors == []
    rep = audit_brief(s, "b.txt", text=text)
    kinds = [(f.kind, f.stated, f.found) for f in rep.findings]
    assert ("count_mismatch", "2", "1") in kinds            # 2 increments stated, 1 listed
    assert ("count_mismatch", "7", "8") in kinds            # 7 materials stated, the manifest lists 8
    assert ("material_not_in_manifest", "inbox/jay/elsewhere.md",
            "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683.json") in kinds
    assert sum(k == "material_not_consumed" for k, _s, _f in kinds) == 7
    assert ("untraced_arxiv", "arXiv:2610.99999", None) in kinds
    assert ("status_mismatch", "new", "already_cited") in kinds  # 2502.07115 is in §七


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rendered_brief_round_trips(sample_store, sample_snapshot, lang):
    """provkg's brief, parsed as a brief, gives back what the graph said; the audit finds nothing."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from ingest.brief import parse_brief
    from queries.audit import audit_brief
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    data = brief_data(sample_store, MANIFEST_ID, now=fixed_clock(), lang=lang, snapshot=sample_snapshot)
    text = render_brief(data.model_dump(mode="json"))
    doc, claims = parse_brief(text)

    assert doc.manifest == data.manifest_path
    assert doc.consumed_sources == tuple(m.source for m in data.materials)
    assert doc.stated_material_count == data.listed == 8
    # one increment per judged item; IDM/CMM and Import AI 478 are each discussed by two jay notes
    assert doc.stated_increment_count == len(doc.increments) == len(data.topics) >= 8
    assert len(doc.low_relevance) == len(data.low) >= 8
    suggested: dict[int, list[str]] = {}
    for c in claims:
        for k in c.suggested_sections if c.item else ():
            suggested.setdefault(c.item, [])
            if k not in suggested[c.item]:
                suggested[c.item].append(k)
    for t, inc in zip(data.topics, doc.increments, strict=True):
        assert (inc.number, inc.title) == (t.number, t.title)
        # its sources: the notes it is made of (and a card a note names), never the living document
        assert {s.source for s in t.sources} <= set(inc.sources) <= {s.source for s in t.sources} | {
            p for p in inc.sources if p.startswith("organized/paper_cards/")}
        assert list(inc.arxiv_ids) == [a.arxiv_id for a in t.arxiv]
        assert suggested.get(inc.number, []) == [s.key for s in t.sections], t.title
    assert [i.sources for i in doc.increments if len(i.sources) > 1] == [  # the two merged increments
        ("inbox/jay/2026-10-27-1050-engineering-screen.md", "inbox/jay/2026-10-27-1105-engineering-brief.md")] * 2
    # the citable list's statuses, as the brief's closed vocabulary reads them back
    closed = {"already_cited": "already_cited", "new": "new", "not_in_citation_list": "new", "weak": "not_included",
              "misclassified": "not_included", "discarded": "discarded"}
    assert [(c.arxiv_id, c.version, c.status) for c in doc.citations] == \
        [(c.arxiv_id, c.version, closed[c.status]) for c in data.citable]
    assert {c.status for c in doc.citations} == {"already_cited", "new", "not_included", "discarded"}
    assert [r.verdict for r in doc.low_relevance][-3:] == (
        ["非新观点，仅计数更新", "归类偏差", "归类偏差"] if lang == "zh" else ["not new, count update only", "misfiled", "misfiled"])

    s = Store(None)  # the session's sample store is shared read-only: a fresh one with the brief in it
    assert ingest_paths(s, [WORKSPACE], now=fixed_clock).errors == []
    from pathlib import Path
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / f"brief_{lang}.md"
        p.write_text(text, "utf-8")
        assert ingest_paths(s, [p], kind="brief", now=fixed_clock).errors == []
        rep = audit_brief(s, p.name, text=text)
    assert rep.findings == [], [f.summary for f in rep.findings]
    from ingest.arxiv import find_arxiv_ids

    named = {m.arxiv_id for m in find_arxiv_ids(text)}  # every ID the rendered brief names
    assert named == {c.arxiv_id for c in data.citable}  # (the entries it touches are cut short: their IDs too)
    assert rep.checked["counts"] == 4  # increments, materials, low-relevance rows, "arXiv 号 N 个"
    assert rep.checked["arxiv_ids"] == len(named) and rep.checked["materials"] == 16
    assert rep.checked["statuses"] == sum(c.status in ("already_cited", "new") for c in doc.citations)


def test_an_id_given_only_by_a_materials_file_name_is_traced(tmp_path):
    """A one-paper note named after its paper (`inbox/a/2401.10774.md`, no ID in its text) is about that
    work: a brief citing the ID traces to it (it was `untraced_arxiv`: a fresh user's finding)."""
    import json

    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.audit import audit_brief

    ws = tmp_path / "ws"
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "doc.md").write_text("# Doc\n\n## 1 Decoding\n\ntext\n\n## References\n\n- none\n", "utf-8")
    (ws / "inbox" / "a").mkdir(parents=True)
    (ws / "inbox" / "a" / "2401.10774.md").write_text("# Medusa notes\n\n## Summary\n\n- extra decoding heads\n", "utf-8")
    (ws / "work-guard").mkdir()
    mid = "1b2c3d4e-0000-4000-8000-000000000001"
    (ws / "work-guard" / f"{mid}.json").write_text(json.dumps(
        {"manifest_id": mid, "created": "2026-12-02", "knowledge": "organized/knowledge/doc.md",
         "items": [{"path": "inbox/a/2401.10774.md"}]}), "utf-8")
    text = f"doc brief\n\n增量来源：work-guard/{mid}.json\n\n增量 1：Medusa（arXiv:2401.10774）\n"
    p = tmp_path / "b.txt"
    p.write_text(text, "utf-8")
    s = Store(None)
    assert ingest_paths(s, [ws], now=fixed_clock).errors == []
    assert ingest_paths(s, [p], kind="brief", now=fixed_clock).errors == []
    rep = audit_brief(s, "b.txt", text=text)
    assert [f for f in rep.findings if f.kind == "untraced_arxiv"] == []
    assert rep.checked["arxiv_ids"] == 1
