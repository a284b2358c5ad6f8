"""`provkg why ID` on the bundled sample (issue 4)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ingest.errors import QueryError
from queries.why import format_why, resolve, why

CRIT = "inbox/flyp/2026-10-26T1550-critical-read.md"
CARD = "organized/paper_cards/058-2502-07115.md"
DOC = "organized/knowledge/inference.md"


@pytest.mark.parametrize("ident", ["arXiv:2502.07115v5", "https://arxiv.org/abs/2502.07115", "2502.07115",
                                   "arxiv.org/pdf/2502.07115v5.pdf"])
def test_any_form_of_the_work_resolves(sample_store, ident):
    kind, key, _v = resolve(sample_store, ident)
    assert (kind, key) == ("work", "2502.07115")


def test_why_work_shows_critical_read_card_and_section_entry(sample_store):
    r = why(sample_store, "arXiv:2502.07115v5")
    assert r.kind == "work" and r.version == "v5" and r.subject.endswith("/arxiv/2502.07115")
    at = {(s.source, s.line, s.relation) for s in r.steps}
    assert (CRIT, 10, "cites") in at          # the item heading that names v5
    assert (CARD, 11, "cites") in at and (CARD, 20, "about") in at
    assert (DOC, 77, "cites") in at           # the §3.1 entry
    assert (DOC, 177, "cites") in at          # the §七 citation list
    sec = {(s.source, s.line): s.section for s in r.steps}
    assert sec[(DOC, 77)] == "3.1" and sec[(DOC, 177)] == "七"
    v5 = [s for s in r.steps if s.version == "v5"]
    assert [(s.source, s.line) for s in v5] == [(CRIT, 10)]
    assert all(s.current for s in r.steps)
    revs = {v.source: v for v in r.revisions}
    assert set(revs) >= {CRIT, CARD, DOC}
    assert revs[CRIT].agent == "flyp" and revs[CRIT].generated_by and revs[CRIT].generated_at.startswith("2026-10-27")
    text = format_why(r)
    for needle in (f"<- {CRIT}", f"<- {CARD}", f"<- {DOC}", ":77", "§3.1", "agent flyp", "prov:used by"):
        assert needle in text, needle


def test_why_section_claim_and_source(sample_store):
    r = why(sample_store, "§3.1")
    assert r.kind == "section" and r.label == "调度算法与 JIL 攻击"
    rel = {(s.source, s.line): s.relation for s in r.steps}
    assert rel[(DOC, next(s.line for s in r.steps if s.relation == "heading"))] == "heading"
    assert rel[(DOC, 77)] == "in_section"
    assert rel[(CRIT, 31)] in ("suggests", "refers")  # 建议归入 §3.1「调度算法与 JIL 攻击」
    assert {s.relation for s in r.steps if s.source == CRIT} == {"suggests", "refers"}
    c = next(s for s in r.steps if s.relation == "in_section" and s.line == 77 and "/claim/" in s.node)
    rc = why(sample_store, c.node)
    assert rc.kind == "claim" and rc.current and [(s.source, s.line) for s in rc.steps] == [(DOC, 77)]
    rs = why(sample_store, CRIT)
    assert rs.kind == "source" and len(rs.revisions) == 1 and rs.revisions[0].current
    assert any(s.relation == "listed_by" and s.source.startswith("work-guard/") for s in rs.steps)


def test_why_cli_text_json_and_unknown(sample_store, tmp_path):
    from conftest import WORKSPACE

    from graph.loader import ingest_paths
    from graph.store import Store
    from provkg.cli import cli

    st = Store(tmp_path / "s")
    ingest_paths(st, [WORKSPACE])
    r = CliRunner().invoke(cli, ["--store", str(st.path), "why", "arXiv:2502.07115v5"])
    assert r.exit_code == 0, r.output
    assert f"<- {CRIT}" in r.output and ":77" in r.output
    r = CliRunner().invoke(cli, ["--store", str(st.path), "why", "§3.1", "--format", "json"])
    d = json.loads(r.output)
    assert d["kind"] == "section" and d["schema_version"] and d["steps"]
    r = CliRunner().invoke(cli, ["--store", str(st.path), "why", "no-such-thing"])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "no-such-thing" in r.output
    r = CliRunner().invoke(cli, ["--store", str(st.path), "why", "arXiv:2101.00001"])
    assert r.exit_code == 2 and "not cited" in r.output


def test_why_takes_a_cards_alias_or_title(tmp_path):
    """A curator reaches for the model's name first: a paper card's alias or title (any case) names its work."""
    from conftest import WORKSPACE

    from graph.loader import ingest_paths
    from graph.store import Store
    from ingest.errors import QueryError

    st = Store(tmp_path / "st")
    ingest_paths(st, [WORKSPACE])
    by_id = why(st, "arXiv:2502.07115")
    for name in ("MC-SF", "mc-sf", "Online Scheduling for LLM Inference with KV Cache Constraints"):
        r = why(st, name)
        assert (r.kind, r.subject) == ("work", by_id.subject) and r.steps == by_id.steps, name
    assert why(st, "DeepSeek-V4.1-Flash").subject.endswith("/2609.19969")
    with pytest.raises(QueryError, match="alias or title"):
        why(st, "No Such Model")


def test_a_section_key_of_two_living_documents_is_labelled_with_both(tmp_path):
    """`why §1` with two living documents took the label of whichever section the store listed first (a
    fresh-user run); it names each document's heading with its path."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.why import why

    ws = tmp_path / "ws"
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "a.md").write_text("# A\n\n## §1 引擎\n\n- arXiv:2309.06180 一条。\n", "utf-8")
    (ws / "organized" / "knowledge" / "b.md").write_text("# B\n\n## §1 Pruning / Evicting\n\n- arXiv:2404.14469 x\n", "utf-8")
    st = Store(tmp_path / "st")
    ingest_paths(st, [ws])
    r = why(st, "§1")
    assert r.label == "引擎 (organized/knowledge/a.md); Pruning / Evicting (organized/knowledge/b.md)"
    (ws / "organized" / "knowledge" / "b.md").unlink()
    ingest_paths(st, [ws])
    assert why(st, "§1").label == "引擎"


def test_why_says_an_identifier_shaped_string_is_no_identifier(sample_store):
    """A fresh user's `why arXiv:9999.99999` was told it is "not a claim IRI, arXiv ID, section …"; it is
    shaped like one, so the message says why it is none."""
    from ingest.errors import QueryError
    from queries.why import resolve

    with pytest.raises(QueryError, match=r"not a valid arXiv identifier \(month 99 does not exist"):
        resolve(sample_store, "arXiv:9999.99999")


def test_a_line_repeated_word_for_word_is_one_row_naming_the_others(tmp_path):
    """A pasted list repeating one citation 50 times printed 100 rows (a fresh user's 3,000-line answer):
    the text names the first line and how many more, the JSON keeps every step."""
    from graph.loader import ingest_paths
    from graph.store import Store

    ws = tmp_path / "ws"
    (ws / "inbox" / "ann").mkdir(parents=True)
    (ws / "inbox" / "ann" / "rep.md").write_text("- see PagedAttention arXiv:2309.06180 for paging.\n" * 50, "utf-8")
    st = Store(tmp_path / "st")
    ingest_paths(st, [ws])
    r = why(st, "2309.06180")
    assert len([s for s in r.steps if s.relation == "cites"]) == 50
    rows = [ln for ln in format_why(r).splitlines() if ln.startswith("    :")]
    assert [ln.split()[:2] for ln in rows] == [[":1", "about"], [":1", "cites"]]
    assert all(ln.endswith("(and 49 more lines: :2, :3, :4 …)") for ln in rows), rows


def test_why_says_when_no_file_names_the_version_asked(sample_store):
    """``why 2502.07115v9`` listed the work's steps as if v9 were known (a fresh user's run); the head now says no file
    names it, and the identifier of a work cited nowhere is said once."""
    from ingest.errors import QueryError

    assert format_why(why(sample_store, "arXiv:2502.07115v9")).splitlines()[0] == (
        "work arXiv:2502.07115 (version v9 asked; no file names v9)")
    assert format_why(why(sample_store, "arXiv:2502.07115v5")).splitlines()[0] == "work arXiv:2502.07115 (version v5 asked)"
    with pytest.raises(QueryError, match=r"^arXiv:2501\.00001 is not cited in this store$"):
        why(sample_store, "arXiv:2501.00001")


def test_why_path_line_gives_the_claims_and_citations_covering_that_line(sample_store):
    # every listing of provkg names a place as path:line; `why` takes that place back (a fresh user's finding)
    r = why(sample_store, f"{DOC}:77")
    assert r.kind == "line" and r.label == f"{DOC}:77" and r.subject.startswith("https://w3id.org/provkg/id/source/")
    assert {(s.source, s.line, s.relation) for s in r.steps} == {(DOC, 77, "cites"), (DOC, 77, "claim")}
    claim = next(s for s in r.steps if s.relation == "claim")
    assert "MC-SF" in claim.text and claim.section == "3.1"
    assert format_why(r).splitlines()[0] == f"line {DOC}:77"
    with pytest.raises(QueryError, match="no claim or citation"):
        why(sample_store, f"{DOC}:8")  # a blank line
    # a span and a list of lines as listings print them (first to last), the path as Markdown escapes it
    span = why(sample_store, f"{DOC}:76-78")
    assert span.label == f"{DOC}:76-78" and (DOC, 77, "cites") in {(st.source, st.line, st.relation) for st in span.steps}
    listed = why(sample_store, DOC.replace("_", "\\_") + ":8,77")
    assert listed.label == f"{DOC}:8-77" and {st.line for st in listed.steps} >= {77}
    with pytest.raises(QueryError, match=r"path:line"):
        why(sample_store, "inbox/nobody/none.md:3")


def test_why_takes_the_id_a_report_prints_for_a_finding(sample_store):
    """A fresh user tried ``provkg why 9241d01cda37`` with the ID the report shows for a finding and was told it names
    nothing; it names the finding, and ``why`` traces both of its statements to their files, lines and revisions."""
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    f = contradictions(load_snapshot(sample_store))[0]
    r = why(sample_store, f.id)
    assert r.kind == "finding" and f.summary in (r.label or "")
    sources = {s.source for s in r.steps}
    assert {f.a.source, f.b.source} <= sources
    assert any(s.source == f.a.source and s.line <= f.a.line <= s.line_end for s in r.steps)
    assert format_why(r).splitlines()[0] == f"finding {f.id}"
    with pytest.raises(QueryError):
        why(sample_store, "0123456789ab")  # (shaped like an ID, no finding has it)


def test_why_traces_a_label_finding_to_its_card(sample_store):
    """A fresh user ran ``provkg why`` on the ID of a ``label_mismatch`` finding of the sample and got "no claim … covers
    this line": its label side is the card's ``tags``, which no claim states. It is traced as the card itself is (the
    card's revision, its statements), beside the statement the other side quotes."""
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    labels = [f for f in contradictions(load_snapshot(sample_store)) if f.kind == "label_mismatch"]
    assert labels, "the sample has two label findings"
    for f in labels:
        r = why(sample_store, f.id)
        assert r.kind == "finding" and f.summary in (r.label or "")
        assert {s.source for s in r.steps} >= {f.a.source}
        assert any(s.relation == "claim" and s.source == f.b.source and s.line <= f.b.line <= s.line_end for s in r.steps)
