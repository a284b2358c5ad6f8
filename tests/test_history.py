"""Revisions kept, stable claim IRIs, `provkg diff` and the evidence audit (issue 4)."""
from __future__ import annotations

import itertools
import os
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
    """An ingest that finds nothing to add, change or remove writes nothing: no activity, no new database."""
    st, ws, _before, clock = edited
    n_quads, graphs, acts, db = len(st), st.named_graphs(), activities(st), Store(st.path).database_dir
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.changed == [] and rep.added == [] and rep.removed == [] and len(rep.unchanged) == 13
    assert rep.activity is None
    st = Store(st.path)
    assert st.database_dir == db and db.is_dir()  # the same database folder: per-database caches stay warm
    assert st.named_graphs() == graphs and len(st) == n_quads and activities(st) == acts
    d = diff(st, since=acts[-1].iri)  # from the last ingest: nothing changed
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
        ("number", "arXiv:2502.07115", sorted(["organized/paper_cards/058-2502-07115.md", NOTE]))]
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


def test_diff_prints_a_claims_evidence_change_once(edited):
    """A claim whose evidence changed was printed twice, under the claim (``evidence: a -> b``) and again as
    an evidence line of its own (``lowered  evidence  path:line  a -> b``): one edit read as two (a
    fresh-user run).  It is one line now, under the claim, with its direction; the JSON keeps both lists."""
    from provkg.cli import cli

    st, ws, _before, clock = edited
    p = ws / NOTE
    p.write_text(p.read_text("utf-8").replace("摘要没交代对比了哪些基线算法。", "摘要没交代对比了哪些基线算法（未验证，转述）。"), "utf-8")
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    r = CliRunner().invoke(cli, ["--store", str(st.path), "diff"])
    assert r.exit_code == 0, r.output
    said = [ln.strip() for ln in r.output.splitlines() if "abstract_checked -> unverified" in ln]
    assert said == ["evidence: abstract_checked -> unverified (lowered)"], r.output
    d = diff(st)
    assert [c.fields for c in d.claims_changed] == [["text", "evidence"]]
    assert [(e.line, e.direction) for e in d.evidence_changes] == [(d.claims_changed[0].new.line, "lowered")]


def test_diff_default_skips_ingests_that_changed_nothing(edited):
    """Re-running ingest on an unchanged workspace records nothing (stores written before that have an
    activity with no change); `diff` with no --since still shows the last real change, not "no change"."""
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


_PROV_G = "https://w3id.org/provkg/id/graph/provenance"


def _stated(st, iri: str, prop: str) -> list[object]:
    """The values of ``prov:<prop>`` of ``iri`` in the provenance graph (each statement once)."""
    import pyoxigraph as ox

    return [r["o"] for r in st.select(f"SELECT ?o WHERE {{ GRAPH <{_PROV_G}> {{ ?s <http://www.w3.org/ns/prov#{prop}> ?o }} }}",
                                      s=ox.NamedNode(iri))]


def _prov_is_sound(st) -> None:
    """Every revision used by one ingest and its extraction generated once (model 2: no ingest generates
    the author's revision), every entity invalidated at most once, no live revision invalidated,
    no claim of a live revision invalidated, and the full SHACL validation passes."""
    from graph.validate import validate_store

    for r in st.select(f"PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?r WHERE {{ GRAPH <{_PROV_G}> {{ ?r a kg:SourceRevision }} }}"):
        rev = r["r"]
        assert _stated(st, rev, "wasGeneratedBy") == [] and _stated(st, rev, "generatedAtTime") == [], rev
        used = st.select(f"SELECT ?a WHERE {{ GRAPH <{_PROV_G}> {{ ?a <http://www.w3.org/ns/prov#used> ?r }} }}",
                         r=__import__("pyoxigraph").NamedNode(rev))
        ext = rev + "/extraction"
        assert len(used) == 1 and _stated(st, ext, "wasGeneratedBy") == [used[0]["a"]], rev
        assert len(_stated(st, ext, "generatedAtTime")) == 1 and _stated(st, ext, "wasDerivedFrom") == [rev], rev
        assert len(_stated(st, rev, "wasInvalidatedBy")) <= 1, rev
    twice = st.select(f"PREFIX prov: <http://www.w3.org/ns/prov#> SELECT ?e WHERE {{ GRAPH <{_PROV_G}> {{"
                      " ?e prov:wasInvalidatedBy ?a1, ?a2 FILTER(?a1 != ?a2) } }")
    assert twice == []
    g = f"<{_PROV_G}>"
    live_invalidated = st.select(
        "PREFIX prov: <http://www.w3.org/ns/prov#> PREFIX kg: <https://w3id.org/provkg/ns#> SELECT ?x WHERE {"
        " GRAPH " + g + " { ?g kg:current true } { GRAPH " + g + " { ?g prov:wasInvalidatedBy ?a BIND(?g AS ?x) } } UNION"
        " { GRAPH ?g { ?c a kg:Claim } GRAPH " + g + " { ?c prov:wasInvalidatedBy ?a BIND(?c AS ?x) } } }")
    assert live_invalidated == []
    rep = validate_store(st)
    assert rep.conforms and rep.results == [], [v.line() for v in rep.results[:5]]


def test_a_reverted_file_gets_a_new_revision_entity(edited):
    """A file changed A -> B -> A: the second A is a new revision entity (…/rev/<sha>-2, generated once),
    prov:wasRevisionOf B as usual and prov:alternateOf the first A, in its own named graph with kg:current.
    The first A stays invalidated by the B ingest.  Full SHACL validation passes (it failed when the
    revision IRI was reused: two generations, and invalidated while current); views, `why` and `diff`
    name the new revision and tell the truth about the claims."""
    import pyoxigraph as ox

    from graph.model import revision_iri
    from ingest.sources import sha256_of
    from queries.views import ingest_records
    from queries.why import format_why, why

    st, ws, before, clock = edited
    p = ws / NOTE
    a_bytes = (WORKSPACE / NOTE).read_bytes()
    b_bytes = p.read_bytes()
    rev_a, rev_b = revision_iri(NOTE, sha256_of(a_bytes)).value, revision_iri(NOTE, sha256_of(b_bytes)).value
    p.write_bytes(a_bytes)  # exactly the original bytes
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.changed == [NOTE] and rep.errors == []
    acts = [a.iri for a in activities(st)]
    assert len(acts) == 3
    rev_a2 = rev_a + "-2"
    by = {r.revision: r for r in revisions(st) if r.source == NOTE}
    assert set(by) == {rev_a, rev_b, rev_a2}
    assert [r for r in by if by[r].current] == [rev_a2]
    assert by[rev_a].generated_by == acts[0] and by[rev_a].invalidated_by == acts[1]
    assert by[rev_b].generated_by == acts[1] and by[rev_b].invalidated_by == acts[2]
    assert by[rev_a2].generated_by == acts[2] and by[rev_a2].invalidated_by is None
    assert _stated(st, rev_a2, "wasRevisionOf") == [rev_b] and _stated(st, rev_a2, "alternateOf") == [rev_a]
    assert _stated(st, rev_a + "/extraction", "wasGeneratedBy") == [acts[0]]
    assert _stated(st, rev_a, "wasInvalidatedBy") == [acts[1]]
    # Its own named graph: what was read from A, with the revision (and the quotations minted under its IRI)
    # named rev_a2; the first A's graph is kept.
    ga = {(q.subject.value, q.predicate.value, str(q.object)) for q in st.quads(rev_a)}
    ga2 = {(q.subject.value, q.predicate.value, str(q.object)) for q in st.quads(rev_a2)}

    def moved(x: str) -> str:  # a subject IRI, or an object's N-Triples form (<iri>)
        bare = x[1:-1] if x.startswith("<") else x
        if bare != rev_a and not bare.startswith(rev_a + "/"):
            return x
        bare = rev_a2 + bare[len(rev_a):]
        return f"<{bare}>" if x.startswith("<") else bare


    assert ga2 == {(moved(s_), p_, moved(o_)) for s_, p_, o_ in ga} and len(ga) > 200
    assert any("/quote/" in s_ for s_, _p, _o in ga2)
    _prov_is_sound(st)
    assert revision_iri(NOTE, sha256_of(a_bytes), 2).value == rev_a2
    assert ingest_records(st)[NOTE].revision == rev_a2
    # Claims: the caveat (its 76% text) left with B and is back: current, its invalidation withdrawn.
    caveat = next(c.iri for c in before.claims if c.text == CAVEAT)
    assert _stated(st, caveat, "wasInvalidatedBy") == []
    w = why(st, caveat)
    assert w.current and {s.revision for s in w.steps if s.current} == {rev_a2}
    assert "INVALIDATED" not in format_why(w)
    edited_caveat = claim_iri(NOTE, claim_key(CAVEAT.replace("76%", "80%"), 0)).value
    inserted = claim_iri(NOTE, claim_key("插入的一行说明。", 0)).value
    assert _stated(st, edited_caveat, "wasInvalidatedBy") == [acts[2]] == _stated(st, inserted, "wasInvalidatedBy")
    assert not why(st, inserted).current
    # The work's chain reads the new revision.
    wr = why(st, "arXiv:2502.07115v5")
    assert {s.revision for s in wr.steps if s.source == NOTE} == {rev_a2}
    assert f"revision {rev_a2.rsplit('/', 1)[-1]} " in format_why(wr)
    # diff: from B, the edit is undone; from the first ingest, the file holds the same bytes: no change.
    d = diff(st)
    assert [c.text for c in d.claims_removed] == ["插入的一行说明。"] and d.claims_added == []
    assert [(c.old.text, c.new.text) for c in d.claims_changed] == [(CAVEAT.replace("76%", "80%"), CAVEAT)]
    d0 = diff(st, since=acts[0])
    assert (d0.files_changed, d0.claims_added, d0.claims_removed, d0.claims_changed) == ([], [], [], [])
    # Round two: B and A again are B-2 and A-3 (the next unused suffix, deterministic).
    p.write_bytes(b_bytes)
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    p.write_bytes(a_bytes)
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    cur = [r.revision for r in revisions(st) if r.source == NOTE and r.current]
    assert cur == [rev_a + "-3"]
    assert _stated(st, rev_b + "-2", "alternateOf") == [rev_b] and _stated(st, rev_a + "-3", "alternateOf") == [rev_a]
    assert _stated(st, rev_a + "-3", "wasRevisionOf") == [rev_b + "-2"]
    assert len({r.revision for r in revisions(st) if r.source == NOTE}) == 5
    _prov_is_sound(st)
    assert st.select("SELECT ?g WHERE { GRAPH ?g { ?g ?p ?o } }", g=ox.NamedNode(rev_a + "-3"))


def test_a_claim_that_leaves_and_comes_back_without_a_full_revert(tmp_path):
    """A -> B (one line removed) -> C (that line restored, another added: bytes unlike A) -> D (removed again).
    The claim keeps its stable IRI; while C is live it is current (a live revision's graph holds it) and
    carries no invalidation; D invalidates it once.  validate, why and diff agree at each step."""
    from queries.why import why

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    assert ingest_paths(st, [ws], now=clock).errors == []
    p = ws / NOTE
    a = p.read_text("utf-8")
    line = next(ln for ln in a.splitlines(keepends=True) if CAVEAT in ln)
    caveat = next(c.iri for c in load_snapshot(st).claims_of(NOTE) if c.text == CAVEAT)
    p.write_text(a.replace(line, "", 1), "utf-8")  # B
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    act_b = activities(st)[-1].iri
    assert _stated(st, caveat, "wasInvalidatedBy") == [act_b] and not why(st, caveat).current
    assert [c.text for c in diff(st).claims_removed] == [CAVEAT]
    _prov_is_sound(st)
    p.write_text(a + "\n- 又加了一行。\n", "utf-8")  # C: the line is back, and one more
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    assert _stated(st, caveat, "wasInvalidatedBy") == [] and _stated(st, caveat, "invalidatedAtTime") == []
    w = why(st, caveat)
    assert w.current and w.steps[0].current and w.steps[0].line == 36
    d = diff(st)
    assert sorted(c.text for c in d.claims_added) == sorted([CAVEAT, "又加了一行。"]) and d.claims_removed == []
    assert any(c.iri == caveat for c in load_snapshot(st).claims)
    _prov_is_sound(st)
    p.write_text(a.replace(line, "", 1) + "\n- 又加了一行。\n", "utf-8")  # D: it leaves again
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    act_d = activities(st)[-1].iri
    assert _stated(st, caveat, "wasInvalidatedBy") == [act_d] and len(_stated(st, caveat, "invalidatedAtTime")) == 1
    assert not why(st, caveat).current
    _prov_is_sound(st)


def test_a_removed_file_that_comes_back_with_the_same_bytes(tmp_path):
    """A file removed, then put back unchanged: a new revision (…-2, prov:alternateOf the first, no
    prov:wasRevisionOf: nothing was live), its claims current again without their invalidation."""
    from graph.model import revision_iri
    from ingest.sources import sha256_of

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    ingest_paths(st, [ws], now=clock)
    card = "organized/paper_cards/1802-1605-08803.md"
    data = (ws / card).read_bytes()
    claims = {c.iri for c in load_snapshot(st).claims_of(card)}
    assert claims
    (ws / card).unlink()
    assert ingest_paths(st, [ws], now=clock).removed == [card]
    assert all(_stated(st, c, "wasInvalidatedBy") for c in claims)
    (ws / card).write_bytes(data)
    rep = ingest_paths(st, [ws], now=clock)
    assert rep.added == [card] and rep.removed == []
    rev = revision_iri(card, sha256_of(data)).value
    cur = [r for r in revisions(st) if r.source == card and r.current]
    assert [r.revision for r in cur] == [rev + "-2"]
    assert _stated(st, rev + "-2", "alternateOf") == [rev] and _stated(st, rev + "-2", "wasRevisionOf") == []
    assert not any(_stated(st, c, "wasInvalidatedBy") for c in claims)
    assert {c.iri for c in load_snapshot(st).claims_of(card)} == claims
    _prov_is_sound(st)


def test_a_noop_ingest_opens_no_writer(tmp_path, monkeypatch):
    """Nothing added, changed or removed: the store is not written (no lock, no activity, the same database
    folder, the same CLI report and exit code).  A file that only got a new modification time (touch) counts
    as unchanged and does not make a write either; the next ingest that writes records its new time."""
    from graph import loader
    from graph.loader import known_revisions
    from provkg.cli import cli

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    path = tmp_path / "store"
    runner = CliRunner()
    r1 = runner.invoke(cli, ["--store", str(path), "ingest", str(ws)], obj={})
    assert r1.exit_code == 0, r1.output
    db, acts, n = Store(path).database_dir, activities(Store(path)), len(Store(path))

    def no_writer(*_a, **_k):
        raise AssertionError("a no-op ingest opened a writer")

    with monkeypatch.context() as m:
        m.setattr(Store, "writer", no_writer)
        r2 = runner.invoke(cli, ["--store", str(path), "ingest", str(ws)], obj={})
        assert r2.exit_code == 0, r2.output
        assert "ingest: added 0, changed 0, removed 0, unchanged 13, errors 0" in r2.stderr
        # touch: same bytes, new mtime
        card = ws / "organized/paper_cards/058-2502-07115.md"
        later = card.stat().st_mtime + 100
        os.utime(card, (later, later))
        rep = ingest_paths(Store(path), [ws], now=_clock())
        assert len(rep.unchanged) == 13 and rep.activity is None and not (rep.added or rep.changed or rep.removed)
        # a file that cannot be parsed adds nothing either: its error is reported, nothing is written
        (ws / "work-guard/broken.json").write_text("{not json", "utf-8")
        rep = ingest_paths(Store(path), [ws], now=_clock())
        assert rep.errors and rep.activity is None and len(rep.unchanged) == 13
        (ws / "work-guard/broken.json").unlink()
    st = Store(path)
    assert st.database_dir == db and activities(st) == acts and len(st) == n
    # The store holds no record of those runs; the file beside it says the latest one changed nothing
    # (`report contradictions --fail-on new` then finds nothing new).
    assert loader.latest_ingest_wrote_nothing(st) and (path / loader.NOOP_NAME).is_file()
    rel = "organized/paper_cards/058-2502-07115.md"
    assert known_revisions(st)[rel]["mtime"] != later  # not recorded yet: the file is hashed again next time
    # The next ingest that writes (another note changed) records the touched file's new time too.
    note = ws / NOTE
    note.write_text(note.read_text("utf-8") + "\n- 新的一行。\n", "utf-8")
    rep = ingest_paths(Store(path), [ws], now=_clock())
    assert rep.changed == [NOTE] and len(rep.unchanged) == 12 and rep.activity
    st = Store(path)
    assert st.database_dir != db and len(activities(st)) == len(acts) + 1
    assert not loader.latest_ingest_wrote_nothing(st) and not (path / loader.NOOP_NAME).exists()
    assert known_revisions(st)[rel]["mtime"] == later
    # the side file and the store agree (the side file also names the provkg that read each file)
    side = {p: {k: v for k, v in d.items() if k != "extractor"} for p, d in loader._read_known_file(st).items()}
    assert side == loader._known_by_scan(st)
    _prov_is_sound(st)


def test_a_noop_ingest_removes_a_killed_writes_copy_when_no_write_runs(tmp_path):
    """A killed write leaves its copy (db-NNNNNN) behind; a write used to remove it.  An ingest that writes
    nothing removes it too, unless a write is running (the lock is held): then the copy is that write's.
    Only a folder provkg recorded as its own (``provkg-databases``, written before the copy is made) is
    removed: a ``db-*`` folder it did not make stays."""
    from graph.store import REGISTRY_NAME

    path = tmp_path / "store"
    ingest_paths(Store(path), [WORKSPACE], now=_clock())
    stale = path / "db-999999"
    theirs = path / "db-2024"

    def killed_copy():  # what a write killed after it recorded and made its copy leaves
        with open(path / REGISTRY_NAME, "a", encoding="utf-8") as fh:
            fh.write("db-999999\n")
        stale.mkdir()
        (stale / "CURRENT").write_text("x", "utf-8")

    theirs.mkdir()
    (theirs / "keep.txt").write_text("not provkg's", "utf-8")
    with Store(path).writer():  # a write is running: its copy must stay
        killed_copy()  # (made once the write began: a write removes the copies of killed ones when it starts)
        rep = ingest_paths(Store(path), [WORKSPACE], now=_clock())
        assert rep.activity is None and len(rep.unchanged) == 13
        assert stale.is_dir()
    # that write finished and removed every other folder it made; leave a copy again, as a killed write does
    assert not stale.exists() and theirs.is_dir()
    live = Store(path).database_dir
    killed_copy()
    assert ingest_paths(Store(path), [WORKSPACE], now=_clock()).activity is None
    assert not stale.exists() and Store(path).database_dir == live and live.is_dir()
    assert (theirs / "keep.txt").read_text("utf-8") == "not provkg's"


def _whole_states(store, old_state, new_state, touched):
    """``diff_snapshots`` without the context: every graph of both states (the reference)."""
    from queries.history import snapshot_of

    return snapshot_of(store, old_state), load_snapshot(store)


def _scoped_and_whole(st, monkeypatch, since=None):
    import queries.history as H

    calls = []
    real = H.snapshot_of
    monkeypatch.setattr(H, "snapshot_of", lambda *a: calls.append(a) or real(*a))
    scoped = diff(st, since=since)
    assert calls == [], "few files changed: the context was read, not the whole old state"
    monkeypatch.setattr(H, "diff_snapshots", _whole_states)
    whole = diff(st, since=since)
    monkeypatch.undo()
    return scoped, whole


def test_diff_read_from_its_context_equals_the_diff_of_the_whole_states(edited, monkeypatch):
    """`provkg diff` reads the touched files, the cards and living documents and the files naming the same
    works (10,000 notes: seconds instead of copying 3 M quads); the answer is the whole states' answer."""
    st, ws, _before, clock = edited
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert scoped.contradictions_opened and scoped.contradictions_closed
    # A card's alias and a living-document line change too: what a claim is about moves with them.
    card = ws / "organized/paper_cards/058-2502-07115.md"
    card.write_text(card.read_text("utf-8") + "\n- 另一个说法：延迟降低 70%。\n", "utf-8")
    doc = ws / "organized/knowledge/inference.md"
    doc.write_text(doc.read_text("utf-8").replace("在对抗性到达模型下", "在任意到达模型下", 1), "utf-8")
    note = ws / "inbox/jay/2026-10-27-1105-engineering-brief.md"
    note.write_text(note.read_text("utf-8") + "\n- MC-SF 在 A100 上延迟降低 50%（未核实）。\n", "utf-8")
    assert len(ingest_paths(st, [ws], now=clock).changed) == 3
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert len(scoped.files_changed) == 3 and scoped.claims_added
    # A note names a work only by an alias of a card it does not touch (1417-2609-19969.md: DeepSeek-V4.1-Flash).
    note.write_text(note.read_text("utf-8") + "\n- DeepSeek-V4.1-Flash 的 552B 骨干参数规模未核实。\n", "utf-8")
    assert ingest_paths(st, [ws], now=clock).changed == [note.relative_to(ws).as_posix()]
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert [c.text for c in scoped.claims_added] == ["DeepSeek-V4.1-Flash 的 552B 骨干参数规模未核实。"]
    assert {(f.kind, f.subject) for f in scoped.contradictions_opened} == {("unverified_figure", "arXiv:2609.19969")}
    # The same alias with a context figure: two values for one metric of the work (the card says 1M).
    note.write_text(note.read_text("utf-8") + "- DeepSeek-V4.1-Flash 支持最长 2M token 上下文。\n", "utf-8")
    ingest_paths(st, [ws], now=clock)
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert [(f.kind, f.subject) for f in scoped.contradictions_opened] == [("number", "arXiv:2609.19969")]
    # The card renames the model while the note changes: the name still ties to the work through the
    # other files that write it beside the ID (the living document, the critical read), so the finding
    # stays; the scoped diff must read those files to know it.
    card2 = ws / "organized/paper_cards/1417-2609-19969.md"
    card2.write_text(card2.read_text("utf-8").replace("DeepSeek-V4.1-Flash", "DSV41F"), "utf-8")  # title and alias
    note.write_text(note.read_text("utf-8") + "- 再补一行。\n", "utf-8")
    assert len(ingest_paths(st, [ws], now=clock).changed) == 2
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert ("number", "arXiv:2609.19969") not in [(f.kind, f.subject) for f in scoped.contradictions_closed]
    # The note comes round to the card's 1M: the finding closes.
    note.write_text(note.read_text("utf-8").replace("最长 2M token", "最长 1M token"), "utf-8")
    assert len(ingest_paths(st, [ws], now=clock).changed) == 1
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert ("number", "arXiv:2609.19969") in [(f.kind, f.subject) for f in scoped.contradictions_closed]
    # A flag with no subject pairs with every file stating the same figure (here only the MC-SF card).
    jot = ws / "inbox/jay/2026-10-28-0900-jottings.md"  # a new file naming no work at all
    jot.write_text("# 随手记\n\n- 某博客称跨层流量减少 5.94x，未核实。\n", "utf-8")
    assert ingest_paths(st, [ws], now=clock).added == [jot.relative_to(ws).as_posix()]
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert [(f.kind, f.a.source) for f in scoped.contradictions_opened] == [
        ("unverified_figure", "organized/paper_cards/058-2502-07115.md")]
    first = activities(st)[0].iri.rsplit("/", 1)[-1]
    scoped, whole = _scoped_and_whole(st, monkeypatch, since=first)  # six ingests back
    assert scoped == whole and len(scoped.files_changed) == 5 and len(scoped.files_added) == 1


def test_diff_context_on_a_synthetic_workspace(tmp_path, monkeypatch):
    from bench.generate import generate_workspace

    ws = generate_workspace(tmp_path / "ws", 200, seed=11)
    st = Store(tmp_path / "st")
    clock = _clock()
    ingest_paths(st, [ws], now=clock)
    notes = sorted((ws / "inbox").rglob("*.md"))[:6]
    for i, p in enumerate(notes):
        text = p.read_text("utf-8")
        lines = text.splitlines()
        if i % 2:
            lines = [ln for ln in lines if "%" not in ln]  # figures leave: findings close
        else:
            lines.append("- 实测吞吐提升 9.9x，延迟降低 99%（未核实）。")
        p.write_text("\n".join(lines) + "\n", "utf-8")
    assert len(ingest_paths(st, [ws], now=clock).changed) == 6
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert len(scoped.files_changed) == 6 and (scoped.contradictions_opened or scoped.contradictions_closed)


def test_diff_context_knows_the_short_names_written_outside_it(tmp_path, monkeypatch):
    """A note names a work only by a short name another file writes next to the work's identifier
    (``queries.items.name_index``): the rules take its statement to be about the work, and the scoped
    diff reads the files about it, as the whole states' diff does.  Then the name changes hands."""
    st, ws, clock = _sample_store(tmp_path)
    names = ws / "inbox/jay/2026-10-29-0900-names.md"
    names.write_text("# 名字\n\n- 另见 ZzKV (arXiv:2502.07115)。\n", "utf-8")
    ingest_paths(st, [ws], now=clock)
    note = ws / "inbox/jay/2026-10-29-1000-zzkv.md"
    note.write_text("# 复查\n\n## ZzKV 复查\n\n- 实测 ZzKV 在 A100 上延迟降低 12%。\n", "utf-8")
    assert ingest_paths(st, [ws], now=clock).added == [note.relative_to(ws).as_posix()]
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert [(f.kind, f.subject, f.b.source) for f in scoped.contradictions_opened] == [
        ("number", "arXiv:2502.07115", note.relative_to(ws).as_posix())]
    # The name file now gives ZzKV to another work as well: a name of two works names neither (the
    # old state's names differ from the new one's), and the finding closes.
    names.write_text(names.read_text("utf-8") + "- 也见 ZzKV (arXiv:2407.00079)。\n", "utf-8")
    ingest_paths(st, [ws], now=clock)
    scoped, whole = _scoped_and_whole(st, monkeypatch)
    assert scoped == whole
    assert [(f.kind, f.subject) for f in scoped.contradictions_closed] == [("number", "arXiv:2502.07115")]


# --- Findings that persist across an edit (issue: a reworded quote opened and closed the same finding) ---

ARBITRARY = '- 摘要里的负结果前提是"到达过程任意"：只要到达不受限制，任何确定性在线算法都拿不到常数竞争比。'
#: Line 18 of NOTE reworded past the claim pairing (rapidfuzz ratio < PAIR_THRESHOLD), still "任意到达".
REWORDED = "- 摘要的负结果：任意到达时没有哪个确定性在线算法有常数竞争比。"
CARD = "organized/paper_cards/058-2502-07115.md"
DOC = "organized/knowledge/inference.md"


def _sample_store(tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    assert ingest_paths(st, [ws], now=clock).errors == []
    return st, ws, clock


def _set_line(path, n: int, text: str) -> str:
    lines = path.read_text("utf-8").split("\n")
    old, lines[n - 1] = lines[n - 1], text
    path.write_text("\n".join(lines), "utf-8")
    return old


def test_a_reworded_quote_keeps_its_findings_and_reports_them_changed(tmp_path):
    """Line 18 of the critical read reworded, still 'arbitrary arrivals' against the card's and the living
    document's 'adversarial': both qualifier conflicts persist; they were reported 2 opened, 2 closed."""
    from rapidfuzz import fuzz

    from queries.contradictions import contradictions
    from queries.history import PAIR_THRESHOLD

    st, ws, clock = _sample_store(tmp_path)
    before = load_snapshot(st)
    assert _set_line(ws / NOTE, 18, REWORDED) == ARBITRARY
    assert fuzz.ratio(ARBITRARY[2:], REWORDED[2:]) < PAIR_THRESHOLD  # the claims themselves are not paired
    assert ingest_paths(st, [ws], now=clock).changed == [NOTE]
    d = diff(st)
    assert [(c.line, c.text) for c in d.claims_added] == [(18, REWORDED[2:])]
    assert [(c.line, c.text) for c in d.claims_removed] == [(18, ARBITRARY[2:])]
    assert (d.contradictions_opened, d.contradictions_closed) == ([], [])
    # The two findings persist, with the quote before and after.
    from queries.history import match_findings

    m = match_findings(contradictions(before), contradictions(load_snapshot(st)))
    assert (m.opened, m.closed, m.unchanged) == ([], [], 6)
    assert [(o.kind, o.subject, sorted([o.a.source, o.b.source]), fields) for o, _n, fields in m.changed] == [
        ("qualifier", "arXiv:2502.07115", sorted([NOTE, DOC]), ["text"]),
        ("qualifier", "arXiv:2502.07115", sorted([NOTE, CARD]), ["text"])]
    assert [(c.fields, c.old, c.new) for c in d.contradictions_changed] == [(f, o, n) for o, n, f in m.changed]
    for o, n, _fields in m.changed:
        assert (o.a.source, o.a.line, o.a.text) == (NOTE, 18, ARBITRARY[2:])
        assert (n.a.source, n.a.line, n.a.text) == (NOTE, 18, REWORDED[2:])
        assert o.summary == n.summary == "arrival model: 'arbitrary' vs 'adversarial'"
        assert o.id == n.id  # the ID names the finding (work, qualifier sides, files), not the quote
    from provkg.cli import cli

    r = CliRunner().invoke(cli, ["--store", str(st.path), "diff"])
    assert r.exit_code == 0, r.output
    assert "contradictions: 0 opened, 0 closed, 2 changed" in r.output and "opened " not in r.output
    assert r.output.count(f"changed  qualifier  arXiv:2502.07115: arrival model: 'arbitrary' vs 'adversarial'  "
                          f"({NOTE}:18 / ") == 2
    assert r.output.count(f"      was: {NOTE}:18  [abstract_checked] {ARBITRARY[2:]}") == 2
    assert r.output.count(f"      now: {NOTE}:18  [abstract_checked] {REWORDED[2:]}") == 2


def test_findings_elsewhere_do_not_change_untouched_findings_or_their_ids(tmp_path):
    """Two new notes say 'arbitrary arrivals': that side now has more statements than 'adversarial'.
    The two findings that were open are untouched (same sides in the same order, same IDs; they once
    swapped sides and IDs), and `report --fail-on new --baseline` names only the new notes' findings."""
    import json

    from provkg.cli import cli
    from queries.contradictions import contradictions

    st, ws, clock = _sample_store(tmp_path)
    before = {f.id: f for f in contradictions(load_snapshot(st)) if f.kind == "qualifier"}
    assert len(before) == 2
    base = tmp_path / "base.json"
    r = CliRunner().invoke(cli, ["--store", str(st.path), "report", "contradictions", "--format", "json", "-o", str(base)])
    assert r.exit_code == 0, r.output
    added = ["inbox/jay/2026-10-28-0900-mcsf.md", "inbox/jay/2026-10-28-0930-mcsf-again.md"]
    for i, rel in enumerate(added):
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(f"# MC-SF {i}\n\n- MC-SF（arXiv:2502.07115）的负结果针对任意到达。\n", "utf-8")
    assert ingest_paths(st, [ws], now=clock).added == added
    after = {f.id: f for f in contradictions(load_snapshot(st)) if f.kind == "qualifier"}
    assert {i: after[i] for i in before} == before
    assert sorted(tuple(sorted([f.a.source, f.b.source])) for i, f in after.items() if i not in before) == sorted(
        tuple(sorted([rel, other])) for rel in added for other in (CARD, DOC))
    d = diff(st)
    assert d.contradictions_changed == [] and d.contradictions_closed == []
    r = CliRunner().invoke(cli, ["--store", str(st.path), "report", "contradictions", "--fail-on", "new",
                                 "--baseline", str(base), "--format", "json"])
    assert r.exit_code == 1
    new_ids = {ln.split()[1] for ln in r.stderr.splitlines() if ln.startswith("new: ")}
    assert new_ids == {f["id"] for f in json.loads(r.stdout)["findings"]
                       if {f["a"]["source"], f["b"]["source"]} & set(added)}
    assert new_ids.isdisjoint(before) and len(new_ids) == 4


def test_a_finding_that_really_closes_and_one_that_opens(tmp_path):
    """The critical read comes round to 'adversarial' (its two conflicts close: nothing of theirs is left)
    while a new note says 'arbitrary arrivals' (it conflicts with the card, the living document and the
    critical read: three open).  Same kind and work, other files: no pairing across them."""
    st, ws, clock = _sample_store(tmp_path)
    _set_line(ws / NOTE, 18, "- 摘要里的负结果前提是对抗性到达：任何确定性在线算法都拿不到常数竞争比。")
    # line 29 asked to change §3.1 to "任意到达" (a revision that states the arbitrary side): it goes too
    _set_line(ws / NOTE, 29, '- §3.1 目前的写法是"对抗性到达模型下不存在常数竞争比"，与摘要一致。')
    new = ws / "inbox/jay/2026-10-28-0900-mcsf.md"
    new.write_text("# MC-SF\n\n- MC-SF（arXiv:2502.07115）的负结果针对任意到达。\n", "utf-8")
    rep = ingest_paths(st, [ws], now=clock)
    assert (rep.changed, rep.added) == ([NOTE], ["inbox/jay/2026-10-28-0900-mcsf.md"])
    d = diff(st)
    assert [(f.kind, f.subject, sorted([f.a.source, f.b.source]), f.a.line if f.a.source == NOTE else f.b.line)
            for f in d.contradictions_closed] == [
        ("qualifier", "arXiv:2502.07115", sorted([NOTE, DOC]), 18),
        ("qualifier", "arXiv:2502.07115", sorted([NOTE, CARD]), 18)]
    assert sorted((f.kind, f.subject, sorted([f.a.source, f.b.source])) for f in d.contradictions_opened) == sorted(
        ("qualifier", "arXiv:2502.07115", sorted(["inbox/jay/2026-10-28-0900-mcsf.md", other]))
        for other in (NOTE, CARD, DOC))
    assert d.contradictions_changed == []


def _finding(summary: str, line_a: int, line_b: int, text_a: str = "x", kind: str = "unverified_figure"):
    from queries.results import Contradiction, Statement

    return Contradiction(id=f"{summary}{line_a}", kind=kind, subject="arXiv:1", summary=summary,
                         a=Statement(text=text_a, source="a.md", line=line_a, line_end=line_a, agent=None),
                         b=Statement(text="y", source="b.md", line=line_b, line_end=line_b, agent=None))


def test_match_findings_pairs_by_id_then_stable_key_and_summary():
    """One ID is one finding whatever its quotes and summary say now; without one, the same kind, work,
    files and summary pair wherever the quotes moved; another summary under another ID is a new finding
    however near (a changed figure: closed and opened, as `report --fail-on new --baseline` sees it);
    a line move alone is no change."""
    from queries.history import match_findings

    moved = match_findings([_finding("figure 5x", 10, 20)], [_finding("figure 5x", 90, 20, text_a="z")])
    assert ([(o.a.line, n.a.line, f) for o, n, f in moved.changed], moved.opened, moved.closed) == (
        [(10, 90, ["text"])], [], [])
    near = match_findings([_finding("figure 5x", 10, 20)], [_finding("figure 6x", 11, 20)])
    assert (near.changed, [f.summary for f in near.opened], [f.summary for f in near.closed]) == (
        [], ["figure 6x"], ["figure 5x"])
    same_id = _finding("figure 6x", 40, 20, text_a="z").model_copy(update={"id": "figure 5x10"})
    by_id = match_findings([_finding("figure 5x", 10, 20)], [same_id])
    assert [(o.summary, n.summary, f) for o, n, f in by_id.changed] == [("figure 5x", "figure 6x", ["summary", "text"])]
    other_kind = match_findings([_finding("figure 5x", 10, 20)], [_finding("figure 5x", 10, 20, kind="number")])
    assert (len(other_kind.opened), len(other_kind.closed), other_kind.changed) == (1, 1, [])
    only_lines = match_findings([_finding("figure 5x", 10, 20)], [_finding("figure 5x", 12, 25)])
    assert (only_lines.changed, only_lines.opened, only_lines.closed, only_lines.unchanged) == ([], [], [], 1)


def test_a_line_move_inside_a_findings_detail_is_no_change():
    """``detail`` names places as ``path:line``: a blank line inserted above moves them and is no change
    (found by a fresh-user run: a contamination finding was "changed (detail)"); other detail text is."""
    from queries.history import match_findings

    def with_detail(line: int, extra: str = "shares: KV cache"):
        return _finding("figure 5x", 10, 20).model_copy(update={"detail": [f"card.md:{line}: {extra}"]})
    moved = match_findings([with_detail(26)], [with_detail(27)])
    assert (moved.changed, moved.unchanged) == ([], 1)
    reworded = match_findings([with_detail(26)], [with_detail(27, "shares: attention")])
    assert [f for _o, _n, f in reworded.changed] == [["detail"]]


def test_an_evidence_level_outside_the_closed_list_does_not_crash_the_queries():
    """Only a raw write (``provkg import``) can store one; ``validate`` reports it, the queries rank it last."""
    from queries.named import _strongest

    assert _strongest(["bogus_level", "card_only"]) == "card_only"
    assert _strongest(["bogus_level"]) == "bogus_level"
    assert _strongest([]) == "unknown"


def test_findings_sharing_a_stable_id_get_distinct_ids_from_their_quotes_then_lines():
    """`_unique_ids`: exact repeats collapse; findings that share the rule's ID are told apart by their
    quotes (stable under line moves), and only quotes that are also equal fall back to lines."""
    from queries.contradictions import _unique_ids

    one, same, other_text = _finding("s", 3, 4, "x"), _finding("s", 3, 4, "x"), _finding("s", 3, 9, "z")
    twin = _finding("s", 7, 8, "x")
    for f in (same, other_text, twin):
        object.__setattr__(f, "id", one.id)
    assert _unique_ids([one, same]) == [one]
    ids = [f.id for f in _unique_ids([one, other_text])]
    assert len(set(ids)) == 2 and one.id not in ids
    moved = _finding("s", 30, 40, "z")
    object.__setattr__(moved, "id", one.id)
    assert [f.id for f in _unique_ids([one, moved])] == ids  # lines play no part while the quotes differ
    got = {f.a.line if f.a.text == "x" else f.a.text: f.id for f in _unique_ids([one, other_text, twin])}
    assert len(set(got.values())) == 3 and got["z"] == ids[1]  # "z" still told apart by its quote alone


def test_a_file_deleted_after_the_workspace_moved_is_removed(tmp_path):
    """The workspace is moved (another checkout, a renamed folder), then a file is deleted: the ingest of
    the new place removes it (it said "removed 0" and kept the file current, since the file was looked
    for at the old root only). A second workspace ingested into the same store removes nothing of the first."""
    ws, moved, other = tmp_path / "ws", tmp_path / "moved", tmp_path / "other"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    ingest_paths(st, [ws], now=clock)
    ws.rename(moved)
    card = "organized/repo_cards/4563-colinhacks-reylo.md"
    (moved / card).unlink()
    rep = ingest_paths(st, [moved], now=clock)
    assert rep.removed == [card] and rep.added == []
    assert [r for r in revisions(st) if r.source == card and r.current] == []
    before = sorted(r.source for r in revisions(st) if r.current)
    # a second workspace in the same store removes nothing of the first, even one sharing paths (the
    # living document, the queue) with it after the first moved again (a second fresh-user run)
    moved.rename(tmp_path / "again")
    shutil.copytree(WORKSPACE / "organized" / "knowledge", other / "organized" / "knowledge")
    (other / "inbox").mkdir(parents=True)
    (other / "inbox" / "x.md").write_text("# x\n\n- one claim\n", "utf-8")
    rep = ingest_paths(st, [other], now=clock)
    assert rep.added == ["inbox/x.md"] and rep.removed == []
    assert sorted(r.source for r in revisions(st) if r.current) == sorted([*before, "inbox/x.md"])


def test_ingest_with_another_kind_reads_unchanged_bytes_again(tmp_path):
    """`ingest --kind living_doc` of a file already in the store as a note said "unchanged" and kept it a note
    (a fresh-user run; `check --help` suggests --kind). The same bytes read as another kind are a new
    revision (…-2); the same kind again is unchanged, and a plain ingest keeps the kind asked for."""
    ws = tmp_path / "ws"
    (ws / "inbox" / "a").mkdir(parents=True)
    doc = ws / "inbox" / "a" / "list.md"
    doc.write_text("# 列表\n\n## §1 引擎\n\n- arXiv:2309.06180 · Efficient Memory Management · 2023-09\n", "utf-8")
    st = Store(tmp_path / "store")
    clock = _clock()
    assert ingest_paths(st, [ws], now=clock).added == ["inbox/a/list.md"]
    kinds = lambda: [r["k"] for r in st.select(  # noqa: E731
        "SELECT ?k WHERE { GRAPH ?g { ?s a <https://w3id.org/provkg/ns#Source> ; <https://w3id.org/provkg/ns#kind> ?k ;"
        " <https://w3id.org/provkg/ns#path> 'inbox/a/list.md' } ?g <https://w3id.org/provkg/ns#current> true }")]
    assert kinds() == ["note"]
    assert ingest_paths(st, [ws], kind="living_doc", now=clock).unchanged == ["inbox/a/list.md"]  # a folder's
    rep = ingest_paths(st, [doc], kind="living_doc", now=clock)  # files keep their kinds; a file named takes it
    assert rep.changed == ["inbox/a/list.md"] and rep.unchanged == []
    cur = [r.revision for r in revisions(st) if r.source == "inbox/a/list.md" and r.current]
    assert len(cur) == 1 and cur[0].endswith("-2") and kinds() == ["living_doc"]
    assert ingest_paths(st, [doc], kind="living_doc", now=clock).unchanged == ["inbox/a/list.md"]
    assert ingest_paths(st, [ws], now=clock).unchanged == ["inbox/a/list.md"] and kinds() == ["living_doc"]
    _prov_is_sound(st)


def test_diff_shows_where_a_long_line_changed():
    """``was:``/``now:`` kept a long line's first 100 characters, the same on both sides when the edit was at
    its end (a fresh user's run): they now show the part around the change, the common rest elided."""
    from queries.history import _changed_pair

    head = "We read sections 3 to 5 of the paper and the appendix tables carefully; " * 3
    was, now = _changed_pair(head + "the speedup on A100 is 2.1x.", head + "the speedup on A100 is 3.1x.")
    assert was.startswith("…") and now.startswith("…")
    assert "2.1x" in was and "3.1x" in now and was.replace("2.1x", "3.1x") == now
    assert len(was) <= 101
    assert _changed_pair("short 2.1x", "short 3.1x") == ("short 2.1x", "short 3.1x")


def test_files_an_older_provkg_read_are_read_again(tmp_path):
    """An upgrade of provkg changes how notes are read, but ingest skipped files whose bytes were unchanged, so
    the old reading stayed until each file was edited.  Each live revision now keeps the digest of the provkg
    that read it (the store's side file); an ingest by another reads those files again as new revisions of the
    same bytes, once; a store whose side file is gone (reader unknown) is left as it is."""
    import marshal

    from graph.store import SIDECAR_NAME
    from graph.versions import extractor_digest

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = Store(tmp_path / "store")
    clock = _clock()
    first = ingest_paths(st, [ws], now=clock)
    side = st.path / SIDECAR_NAME
    data = marshal.loads(side.read_bytes())
    assert set(data["extractor"].values()) == {extractor_digest()} and set(data["extractor"]) == set(first.added)
    claims_before = sorted(c.text for c in load_snapshot(st).claims)
    data["extractor"] = {p: "0123456789abcdef" for p in data["extractor"]}  # as an older provkg left it
    side.write_bytes(marshal.dumps(data))
    again = ingest_paths(st, [ws], now=clock)
    assert again.reread == sorted(first.added) and sorted(again.changed) == sorted(first.added)
    assert again.unchanged == [] and again.errors == []
    revs = [r for r in revisions(st) if r.source == NOTE]
    assert len(revs) == 2 and {r.sha256 for r in revs} == {revs[0].sha256}
    assert [r.revision.endswith("-2") for r in revs if r.current] == [True]
    assert sorted(c.text for c in load_snapshot(st).claims) == claims_before
    assert set(marshal.loads(side.read_bytes())["extractor"].values()) == {extractor_digest()}
    third = ingest_paths(st, [ws], now=clock)
    assert third.reread == [] and third.changed == [] and third.activity is None
    side.unlink()  # the reader of every file unknown: nothing is read again
    assert ingest_paths(st, [ws], now=clock).reread == []
