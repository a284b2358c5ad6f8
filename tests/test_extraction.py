"""Extraction on real documents: the seed brief's exact sets, the corpus oracles through the
named queries and the report, works cited by title only, and links between notes."""
from __future__ import annotations

import json
import shutil

import pytest

from graph.loader import ingest_paths
from graph.store import Store

SNAPKV = ("leehm00__Reading-Notes--Awesome-KV-Cache-Compression__Pruning_Evicting_Sparse_Compression__"
          "SnapKV_LLM_Knows_What_You_are_Looking_for_Before_Generation.md")
DEFTRUTH = "DefTruth__Awesome-LLM-Inference__README.md"
OCT = "October2001__Awesome-KV-Cache-Compression__README.md"


def test_seed_extracts_exactly_its_ids_sections_urls_and_paths(seed_path):
    from ingest.arxiv import find_arxiv_ids
    from ingest.brief import find_paths
    from ingest.text import find_section_refs, find_suggested_sections, find_urls

    text = seed_path.read_text("utf-8")
    assert {m.arxiv_id for m in find_arxiv_ids(text)} == {
        "1605.08803", "2502.07115", "2609.19969", "2609.38121",  # 2609.38121 is written bare (line 80)
        "2610.32464", "2610.32608", "2610.32616", "2610.32943", "2610.32980"}
    assert set(find_section_refs(text)) == {
        "1.2", "1.6", "2.3", "3.1", "3.3", "4.1", "4.2", "5.1", "5.3", "5.6", "5.7", "6", "6.1", "6.2", "七"}
    assert {u for u, _, _ in find_urls(text)} == {
        "https://importai.substack.com/p/import-ai-478-math-for-alignment",
        "https://papers.cool/arxiv/2610.32943",
        "https://recsysfrontier.substack.com/p/ai-2026-10-17",
        "https://www.mindstudio.ai/blog/run-nanbeige4-3-33b-locally"}
    assert {p for p, _, _ in find_paths(text)} == {
        "inbox/flyp/2026-10-26T1550-critical-read.md", "inbox/flyp/2026-10-27T1550-critical-read.md",
        "inbox/jay/2026-10-27-1050-engineering-screen.md", "inbox/jay/2026-10-27-1105-engineering-brief.md",
        "inbox/jay/2026-10-27T0935-blogs-discovery.md", "inbox/tom/2026-10-27-inference-e1prep.md",
        "knowledge/inference.md", "organized/knowledge/inference.md",
        "organized/paper_cards/058-2502-07115.md", "organized/paper_cards/1417-2609-19969.md",
        "organized/paper_cards/1802-1605-08803.md", "organized/queue/work-queue.md",
        "organized/repo_cards/4563-colinhacks-reylo.md", "organized/repo_cards/4572-recursive-oss-rec.md",
        "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683.json"}
    lines = text.split("\n")
    placed = {n: find_suggested_sections(ln) for n, ln in enumerate(lines, 1) if find_suggested_sections(ln)}
    # line 65 says "不可列入 §七" (a negative placement): not a suggestion
    assert placed == {13: ("3.1",), 23: ("2.3",), 31: ("6",), 33: ("5.1", "6.1"), 53: ("5.7",),
                      63: ("6.1", "6.2"), 109: ("七",)}


@pytest.fixture(scope="module")
def corpus_store():
    from conftest import CORPUS, shared_reason

    if not CORPUS.exists():
        pytest.skip(shared_reason("the public corpus", CORPUS))
    s = Store(None)
    rep = ingest_paths(s, [CORPUS])
    assert rep.errors == []
    return s


def test_corpus_duplicates_and_two_titles_match_the_oracles(corpus_store, corpus):
    from queries.contradictions import contradictions
    from queries.named import duplicates
    from queries.snapshot import load_snapshot

    snap = load_snapshot(corpus_store)
    assert snap.sources[DEFTRUTH].kind == snap.sources[OCT].kind == "living_doc"
    groups = duplicates(corpus_store)
    from queries.contradictions import same_title, written_titles

    tt = [f for f in contradictions(snap) if f.kind == "title"]
    for name in (DEFTRUTH, OCT):
        facts = json.loads((corpus / f"{name}.facts.json").read_text("utf-8"))
        repeated = {g.arxiv_id for g in groups if name in g.repeated_in}
        assert len(repeated) == facts["n_ids_cited_more_than_once"]
        for t in facts["top10_most_cited"]:
            g = next(g for g in groups if g.arxiv_id == t["arxiv_id"])
            assert [c.line for c in g.citations if c.source == name] == t["lines"]
        # the oracle counts every work a document writes with two titles, variants included
        written = {aid for aid, ts in written_titles(snap, name).items() if len(ts) >= 2}
        assert written == {d["arxiv_id"] for d in facts["ids_with_different_titles"]}
    cross = json.loads((corpus / "CROSS_DOCUMENT.facts.json").read_text("utf-8"))
    assert {d["arxiv_id"] for d in cross["cross_living_doc_title_differences"]}
    # a finding is two titles, not a variant of one: "Megatron-LM: Training …" holds "Training …"
    mega = sorted(written_titles(snap, DEFTRUTH)["1909.08053"])
    assert same_title(*mega) is not None
    assert "arXiv:1909.08053" not in {f.subject for f in tt}
    # across documents: CacheGen's two titles are two titles; CacheBlend's differ by "for RAG" only
    gen = next(f for f in tt if f.subject == "arXiv:2310.07240")
    assert gen.detail[0] == "different titles" and gen.a.source != gen.b.source
    assert "arXiv:2405.16444" not in {f.subject for f in tt}


def test_corpus_duplicate_groups_are_exactly_the_oracles(corpus_store, corpus):
    """Each awesome-list has no citation-list section with works in it, so every row / list item citing a
    work is a citation entry: the duplicate groups are exactly the oracle's ids cited on more than one
    line (DefTruth 21, October2001 1), with the oracle's lines, one entry per line."""
    import importlib.util

    from conftest import ROOT
    from queries.named import duplicates

    spec = importlib.util.spec_from_file_location("provkg_bench_extraction", ROOT / "bench" / "extraction.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    groups = duplicates(corpus_store)
    assert all(len(g.repeated_in) == 1 and {c.source for c in g.citations} == set(g.repeated_in) for g in groups)
    for name, n in ((DEFTRUTH, 21), (OCT, 1)):
        facts = json.loads((corpus / f"{name}.facts.json").read_text("utf-8"))
        oracle = {k: v for k, v in bench.oracle_method_ids((corpus / name).read_text("utf-8")).items() if len(v) > 1}
        assert len(oracle) == facts["n_ids_cited_more_than_once"] == n
        got = {g.arxiv_id: [c.line for c in g.citations] for g in groups if g.repeated_in == [name]}
        assert got == oracle
        assert all(g.count == len(g.citations) for g in groups)


@pytest.mark.parametrize("living", [DEFTRUTH, OCT])
def test_snapkv_note_resolves_by_title_with_either_living_document(tmp_path, corpus, living):
    from queries.named import titles
    from queries.snapshot import load_snapshot

    for name in (SNAPKV, living):
        shutil.copy(corpus / name, tmp_path / name)  # a temporary workspace, not the project
    s = Store(None)
    assert ingest_paths(s, [tmp_path]).errors == []
    snap = load_snapshot(s)
    (row,) = titles(s, snapshot=snap)
    assert (row.source, row.line, row.status, row.arxiv_id) == (SNAPKV, 1, "resolved", "2404.14469")
    claim = snap.claims_of(SNAPKV)[0]
    assert "2404.14469" in snap.subjects[claim.iri]


def test_snapkv_alone_resolves_to_nothing(tmp_path, corpus):
    from queries.named import titles

    shutil.copy(corpus / SNAPKV, tmp_path / SNAPKV)
    s = Store(None)
    ingest_paths(s, [tmp_path])
    assert titles(s) == []


def test_ambiguous_title_is_reported_not_guessed():
    from ingest.arxiv import TitleIndex

    idx = TitleIndex([("Efficient Memory Management for LLM Serving", "2309.06180"),
                      ("Efficient Memory Management for LLM Servers", "2401.00001"),
                      ("SnapKV: LLM Knows What You are Looking for Before Generation", "2404.14469")])
    m = idx.match("Efficient memory management for LLM serving")
    assert (m.status, m.arxiv_id) == ("ambiguous", None)
    assert [c[0] for c in m.candidates] == ["2309.06180", "2401.00001"]
    m = idx.match("LLM Knows What You are Looking for Before Generation")
    assert (m.status, m.arxiv_id) == ("resolved", "2404.14469")
    assert idx.match("SnapKV").status == "none"  # a short name is an alias, not a title


def test_wikilinks_and_aliases_resolve_by_bare_note_name(tmp_path):
    from queries.snapshot import load_snapshot

    (tmp_path / "inbox" / "amy").mkdir(parents=True)
    (tmp_path / "organized" / "paper_cards").mkdir(parents=True)
    (tmp_path / "inbox" / "amy" / "a.md").write_text(
        "# A\n\nsee [[058-2502-07115]], [[Note Two|the other note]], [[Missing]]\n", "utf-8")
    (tmp_path / "inbox" / "amy" / "Note Two.md").write_text("# Note Two\n\nback to [[a#Heading]]\n", "utf-8")
    (tmp_path / "organized" / "paper_cards" / "058-2502-07115.md").write_text(
        "---\narxiv: 2502.07115\n---\n# Card\n\ntext\n", "utf-8")
    s = Store(None)
    assert ingest_paths(s, [tmp_path]).errors == []
    snap = load_snapshot(s)
    assert snap.links == {
        "inbox/amy/Note Two.md": ["inbox/amy/a.md"],
        "inbox/amy/a.md": ["inbox/amy/Note Two.md", "organized/paper_cards/058-2502-07115.md"],
    }
    assert snap.unresolved_links == [("inbox/amy/a.md", "no such source")]


def test_a_work_cited_before_the_first_topic_is_a_topic_of_its_own():
    """An entry citing a work above the first `## ` used to belong to no item (the brief dropped it, a
    fresh-user run), then gave a warning; real notes do this all the time (issue 18), so it is now
    understood: such an entry is a topic of its own, and no warning is given."""
    from ingest.notes import parse_note

    text = ("# 精读\n\n- SnapKV (arXiv:2404.14469) 报告 3.6x 加速，建议归入 §2.2。\n- 又见 arXiv:2404.14469v2。\n"
            "- Medusa 见 arXiv:2401.10774。\n\n## Medusa (arXiv:2401.10774)\n\n- 多头解码。\n")
    parts, warns = parse_note(text, "inbox/a/n.md")
    assert warns == []
    assert [(i.line, i.works, i.sections) for i in parts["items"]][:2] == [(3, ("2404.14469",), ("2.2",)),
                                                                          (4, ("2404.14469",), ())]
    assert parts["items"][-1].title == "Medusa (arXiv:2401.10774)" and parts["items"][-1].works == ("2401.10774",)


def test_front_matter_values_that_cannot_be_read_are_warned_about():
    """`created: 2026-13-40` became no time and `evidence: abstarct_checked` became unknown without a word
    (a fresh-user run): each is now a warning with its line; readable values give none."""
    from ingest.notes import parse_note

    bad = "---\nauthor: eve\ncreated: 2026-13-40\nevidence: abstarct_checked\n---\n# t\n\n- a point\n"
    parts, warns = parse_note(bad, "inbox/eve/n.md")
    assert warns == [
        "inbox/eve/n.md:4: front matter evidence 'abstarct_checked' is not an evidence level (" +
        ", ".join(__import__("ingest.models", fromlist=["EVIDENCE_LEVELS"]).EVIDENCE_LEVELS) + "); the note's is 'unknown'",
        "inbox/eve/n.md:3: front matter created '2026-13-40' is not a date or time (ISO 8601, e.g. "
        "2026-10-27T09:35+08:00); it is ignored",
    ]
    assert parts["evidence"] == "unknown" and parts["created"] is None
    good = "---\nauthor: eve\ncreated: 2026-10-27 09:35\nevidence: 已核查原文\n---\n# t\n\n- a point\n"
    assert parse_note(good, "inbox/eve/n.md")[1] == []
