"""The shipped SPARQL files on a store where shared nodes repeat across graphs."""
from __future__ import annotations

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
    assert len(st.select(sparql("claims"))) == 5 * 3  # title line is a heading; byline + 2 items are claims
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
