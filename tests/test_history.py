"""Revisions kept, stable claim IRIs, `provkg diff` and the evidence audit (issue 4)."""
from __future__ import annotations

import itertools
import shutil
from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner
from conftest import WORKSPACE

from graph.loader import ingest_paths
from graph.model import claim_iri, claim_key
from graph.store import Store
from queries.history import activities, diff, revisions, state_after
from queries.snapshot import load_snapshot

NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"
CAVEAT = '卡片里写的"延迟降低 76%""吞吐提升 2x""跨层流量减少 5.94x"本次都没核到，不能当结论引用。'


def _clock():
    n = itertools.count()
    return lambda: datetime(2026, 11, 1, tzinfo=timezone.utc) + timedelta(seconds=next(n))


@pytest.fixture
def edited(tmp_path):
    """A copy of the sample ingested into an on-disk store, then one note edited (a figure changed and a
    line inserted above it) and re-ingested."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    first = ingest_paths(st, [ws], now=clock)
    assert first.errors == []
    before = load_snapshot(st)
    p = ws / NOTE
    text = p.read_text("utf-8")
    assert CAVEAT in text
    p.write_text(text.replace("延迟降低 76%", "延迟降低 80%").replace("## MC-SF", "插入的一行说明。\n\n## MC-SF", 1), "utf-8")
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.changed == [NOTE] and rep.added == [] and rep.errors == []
    return st, ws, before, clock


def test_old_revision_is_kept_and_invalidated(edited):
    st, _ws, before, _ = edited
    revs = st.select("""PREFIX kg: <https://w3id.org/provkg/ns#> PREFIX prov: <http://www.w3.org/ns/prov#>
        SELECT ?rev ?cur ?inv ?at WHERE { GRAPH <https://w3id.org/provkg/id/graph/provenance> {
          ?rev kg:path ?p . OPTIONAL { ?rev kg:current ?cur } OPTIONAL { ?rev prov:wasInvalidatedBy ?inv ; prov:invalidatedAtTime ?at } } }""",
                     p=NOTE)
    assert len(revs) == 2
    old = [r for r in revs if r["inv"]]
    new = [r for r in revs if r["cur"]]
    assert len(old) == 1 and len(new) == 1 and old[0]["rev"] != new[0]["rev"]
    assert old[0]["inv"] == activities(st)[-1].iri and old[0]["at"]
    # The old named graph is still there and still holds the old caveat ...
    assert old[0]["rev"] in st.named_graphs()
    old_caveat = [c for c in before.claims if c.text == CAVEAT][0]
    assert any(True for _ in st.quads(old[0]["rev"]))
    # ... which is now invalidated (it left the file), while unchanged claims are not.
    inv = {r["c"] for r in st.select("""PREFIX prov: <http://www.w3.org/ns/prov#> SELECT ?c WHERE {
        GRAPH <https://w3id.org/provkg/id/graph/provenance> { ?c prov:wasInvalidatedBy ?a ; prov:invalidatedAtTime ?t }
        FILTER(CONTAINS(STR(?c), "/claim/")) }""")}
    assert inv == {old_caveat.iri}
    # Default queries show the current revision only: no claim twice, the new text, not the old.
    snap = load_snapshot(st)
    texts = [c.text for c in snap.claims_of(NOTE)]
    assert CAVEAT not in texts and CAVEAT.replace("76%", "80%") in texts
    assert len(snap.claims) == len({c.iri for c in snap.claims}) == len(before.claims) + 1
    assert len(snap.sources) == len(before.sources) == 13


def test_claim_iris_are_stable_when_a_line_is_inserted(edited):
    st, _ws, before, _ = edited
    after = load_snapshot(st)
    old = {c.iri: c for c in before.claims_of(NOTE)}
    new = {c.iri: c for c in after.claims_of(NOTE)}
    moved = [i for i in old.keys() & new.keys() if old[i].line != new[i].line]
    assert len(moved) > 20  # everything below the inserted line moved down 2 lines and kept its IRI
    assert all(new[i].line == old[i].line + 2 for i in moved)
    assert set(old) - set(new) == {c.iri for c in before.claims if c.text == CAVEAT}
    # The documented rule: path + normalised text + occurrence index.
    c = next(c for c in after.claims_of(NOTE) if c.text.startswith("摘要没交代"))
    assert c.iri == claim_iri(NOTE, claim_key(c.text, 0)).value
    assert claim_key(" 摘要没交代\n对比 ", 0) == claim_key("摘要没交代 对比", 0)  # whitespace-normalised
    assert claim_key("a  b", 0) == claim_key("a b", 0) != claim_key("a b", 1)


def test_reingest_is_idempotent(edited):
    st, ws, _before, clock = edited
    n_quads, graphs = len(st), st.named_graphs()
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.changed == [] and rep.added == [] and len(rep.unchanged) == 13
    assert st.named_graphs() == graphs
    assert len(st) == n_quads + 9  # only the new activity: 12 quads, 3 of them (the provkg agent) already there
    d = diff(st, since=activities(st)[-2].iri)  # from the ingest before this one: nothing changed
    assert (d.claims_added, d.claims_removed, d.claims_changed, d.files_changed) == ([], [], [], [])


def test_diff_lists_exactly_the_changed_claims(edited):
    st, *_ = edited
    d = diff(st)
    assert d.files_changed == [NOTE] and d.files_added == [] and d.files_removed == []
    assert [c.text for c in d.claims_added] == ["插入的一行说明。"]
    assert d.claims_removed == []
    assert len(d.claims_changed) == 1
    ch = d.claims_changed[0]
    assert ch.fields == ["text", "figures"]
    assert ch.old.text == CAVEAT and ch.new.text == CAVEAT.replace("76%", "80%")
    assert (ch.old.line, ch.new.line) == (36, 38)
    assert "76%" in ch.old.figures and "80%" in ch.new.figures
    # The note no longer flags the card's 76 %: that finding closes. It now quotes 80 % where the card
    # states 76 %: two values for one metric of one work, which opens; no new work.
    assert [(f.kind, f.a.text) for f in d.contradictions_closed] == [("unverified_figure", "实验中相对基线延迟降低 76%。")]
    assert [(f.kind, f.subject, sorted([f.a.source, f.b.source])) for f in d.contradictions_opened] == [
        ("figure_mismatch", "arXiv:2502.07115", sorted(["organized/paper_cards/058-2502-07115.md", NOTE]))]
    assert d.works_cited == []


def test_diff_evidence_change_and_removed_file(edited):
    st, ws, _before, clock = edited
    card = ws / "organized/paper_cards/1802-1605-08803.md"
    card.unlink()
    p = ws / "inbox/jay/2026-10-27-1105-engineering-brief.md"
    p.write_text(p.read_text("utf-8") + "\n- 新增 arXiv:2401.00001 的一条说明。\n", "utf-8")
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.removed == ["organized/paper_cards/1802-1605-08803.md"]
    d = diff(st)
    assert d.files_removed == ["organized/paper_cards/1802-1605-08803.md"]
    assert d.works_cited == ["2401.00001"] and d.works_uncited == ["1605.08803"]
    assert {c.source for c in d.claims_removed} == {"organized/paper_cards/1802-1605-08803.md"}
    assert [c.text for c in d.claims_added] == ["新增 arXiv:2401.00001 的一条说明。"]
    # --since the first activity spans both edits.
    acts = activities(st)
    d2 = diff(st, since=acts[0].iri.rsplit("/", 1)[-1])
    assert len(d2.claims_changed) == 1 and len(d2.claims_added) == 2
    assert state_after(st, acts[0].iri, acts)[NOTE] != state_after(st, acts[-1].iri, acts)[NOTE]


def test_diff_cli(edited, tmp_path):
    from provkg.cli import cli

    st, *_ = edited
    r = CliRunner().invoke(cli, ["--store", str(st.path), "diff"])
    assert r.exit_code == 0, r.output
    assert f"~ claim  {NOTE}:36->38  (text, figures)" in r.output
    assert "claims: 1 added, 0 removed, 1 changed" in r.output
    r = CliRunner().invoke(cli, ["--store", str(st.path), "diff", "--format", "json", "--fail-on", "any"])
    assert r.exit_code == 1
    r = CliRunner().invoke(cli, ["--store", str(st.path), "diff", "--since", "not-a-time"])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "not-a-time" in r.output


def test_diff_default_skips_ingests_that_changed_nothing(edited):
    """Re-running ingest on an unchanged workspace records an activity; `diff` with no --since still
    shows the last real change instead of "no change"."""
    st, ws, _before, clock = edited
    assert ingest_paths(st, [ws], now=clock).changed == []
    d = diff(st)
    assert [c.new.line for c in d.claims_changed] == [38] and len(d.claims_added) == 1


def test_evidence_audit_on_the_sample(sample_store):
    from queries.named import evidence

    rows = evidence(sample_store)
    figs = {(r.subject, r.figure): r for r in rows if r.kind == "figure"}
    for f in ("76%", "2x", "5.94x"):
        r = figs[("arXiv:2502.07115", f)]
        assert r.best_evidence == "unverified"
        assert [s.source for s in r.statements] == ["organized/paper_cards/058-2502-07115.md"]
    concl = {r.subject: r for r in rows if r.kind == "conclusion"}
    flash = concl["arXiv:2609.19969"]  # DeepSeek-V4.1-Flash
    assert flash.best_evidence == "abstract_checked"
    texts = [s.text for s in flash.statements]
    assert "摘要没有压缩比，没有 KV 显存降幅，也没有长上下文下的精度衰减曲线。" in texts
    assert "压缩方法、压缩比、激活参数量、专家数均不在摘要中。" in texts
    assert not any(t.startswith(("原文：", "卡片：", "证据等级：")) or "被引" in t for r in rows for t in
                   [s.text for s in r.statements] if r.kind == "conclusion")
    # One work counts once however many notes repeat it.
    assert len([r for r in rows if r.kind == "conclusion" and r.subject == "arXiv:2610.32943"]) == 1
    living = {r.subject: r for r in rows if r.kind == "living"}
    assert [s.line for s in living["arXiv:2609.19969"].statements] == [19, 104, 113, 125, 139]
    assert living["arXiv:2502.07115"].best_evidence == "abstract_checked"
    assert living["arXiv:2403.05527"].best_evidence == "none"


def test_a_store_from_before_kg_current_warns_then_heals(tmp_path):
    """A store whose revisions carry no kg:current answers nothing; the CLI says why, one ingest heals it."""
    import pyoxigraph as ox

    from graph.model import PROV_GRAPH
    from provkg.cli import cli

    store = Store(tmp_path / "st")
    ingest_paths(store, [WORKSPACE], now=_clock())
    before = len(load_snapshot(store).claims)
    with store.writer() as w:  # strip the markers, as a pre-0.2 store has none
        w.remove(list(w.match(None, ox.NamedNode("https://w3id.org/provkg/ns#current"), None, PROV_GRAPH)))
    assert load_snapshot(Store(tmp_path / "st")).claims == []
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "papers"], obj={})
    assert "written by an older provkg" in r.stderr and "provkg ingest" in r.stderr
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "ingest", str(WORKSPACE)], obj={})
    assert r.exit_code == 0, r.output
    assert len(load_snapshot(Store(tmp_path / "st")).claims) == before
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "query", "papers"], obj={})
    assert "older provkg" not in r.stderr


def test_same_path_from_a_second_workspace_is_warned(tmp_path):
    """Sources are keyed by workspace-relative path: a second workspace's knowledge/inference.md
    replaces the first one's, and ingest says so in one warning line instead of doing it silently."""
    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(WORKSPACE, a)
    shutil.copytree(WORKSPACE, b)
    doc = next(p.relative_to(b).as_posix() for p in b.rglob("inference.md"))
    (b / doc).write_text((b / doc).read_text("utf-8") + "\n## 9.9 另一个工作区\n\n新增一段。\n", "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [a], now=_clock()).warnings == []
    rep = ingest_paths(store, [b], now=_clock())
    assert rep.changed == [doc]
    assert [w for w in rep.warnings if "replaces the file" in w] == [
        f"{doc}: replaces the file of the same path from {a}; keep one store per workspace (--store)"]
    # The CLI adds the one "warning:" prefix (it had printed "warning: warning: …").
    from click.testing import CliRunner

    from provkg.cli import cli

    (a / doc).write_text((a / doc).read_text("utf-8") + "\n再改一行。\n", "utf-8")
    res = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "ingest", str(a)], obj={})
    lines = [ln for ln in res.output.splitlines() if "replaces the file" in ln]
    assert lines and all(ln.startswith("warning: ") and "warning: warning:" not in ln for ln in lines)


def test_a_reverted_file_is_live_again_for_views_and_validation(edited):
    """A file changed A -> B -> A gets its first revision IRI back, with that revision's old
    prov:wasInvalidatedBy still recorded; kg:current, not the absence of an invalidation, says it is
    live, so the graph page still shows its ingest and validate still checks its named graph."""
    from graph.validate import data_graph
    from queries.views import ingest_records

    st, ws, _before, clock = edited
    p = ws / NOTE
    text = p.read_text("utf-8")
    p.write_text(text.replace("延迟降低 80%", "延迟降低 76%").replace("插入的一行说明。\n\n", "", 1), "utf-8")
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    rec = ingest_records(st)[NOTE]
    assert rec.revision in {r.revision for r in revisions(st) if r.current and r.source == NOTE}
    _g, findings, n = data_graph(st)
    assert n == 1 + 13 and findings == []  # the provenance graph + the 13 live files
