"""The derived index (graph.index, queries.derive) against the RDF store it is derived from.

Differential: what the named queries answer from the index an ingest maintains (facts from the
parsed records, answers recomputed for what each change touches) equals what they answer when
every fact is read from the RDF store with the shipped SPARQL and every rule runs over the whole
store (a store seen only through SPARQL, ``_RdfOnly``).  On the sample, the sample beside the
public corpus, two shift workspaces with their manifests (``../shared/shifts/s1``,
``tests/fixtures/shifts/t7``: the answers of each manifest too), a generated workspace, and along a
chain of changes to the generated one (notes edited, removed, added; a note naming a work by a
card's alias only; a name written next to an identifier; a card's title; the living document), so
the incremental path is held equal to the whole computation after each step.
"""
from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import SHARED, WORKSPACE, fixed_clock, shared_reason

ROOT = Path(__file__).resolve().parents[1]


class _RdfOnly:
    """The store as a SPARQL endpoint only: no derived index, every answer computed from the RDF store."""

    def __init__(self, store):
        self.store = store
        self.path = f"rdf-only:{store.path}"

    def select(self, query, **bindings):
        return self.store.select(query, **bindings)

    def exists(self):
        return True


#: Named queries that take ``manifest`` (the shift's part of the answer).
_PER_MANIFEST = ("contradictions", "evidence", "increments", "items")


def _answers(store, manifests=()) -> dict[str, list]:
    """Every named query's whole-store answer, and those of ``_PER_MANIFEST`` for each of ``manifests``."""
    from queries.named import QUERIES

    out = {name: [r.model_dump(mode="json") for r in fn(store)] for name, (fn, _doc) in QUERIES.items()}
    for m in manifests:
        for name in _PER_MANIFEST:
            out[f"{name} -m {m}"] = [r.model_dump(mode="json") for r in QUERIES[name][0](store, manifest=m)]
    return out


def _facts_from_index(store) -> dict[str, list]:
    from graph.facts import TABLES
    from queries.state import open_state

    view = open_state(store).view
    return {t: sorted(repr(r) for r in view.rows(t)) for t in TABLES}


def _facts_from_rdf(store) -> dict[str, list]:
    from queries.rdf_rows import read_facts

    return {t: sorted(repr(r) for r in rows) for t, rows in read_facts(store).items()}


def _ingest(store, paths):
    from provkg.api import ProvKG

    rep = ProvKG(store).ingest(paths, jobs=1)
    assert rep.errors == [], rep.errors
    return rep


def _check(store_path: Path, manifests=()) -> dict[str, list]:
    """Assert the index (facts and answers) equals the RDF store's (with the answers of ``manifests``);
    return the answers."""
    from graph import cache
    from graph.store import Store
    from queries.state import open_state

    cache.clear()
    st = Store(store_path)
    assert open_state(st).fresh, "the ingest brought the index's answers up to date"
    assert _facts_from_index(st) == _facts_from_rdf(st)
    got = _answers(st, manifests)
    want = _answers(_RdfOnly(st), manifests)
    for name in want:
        assert got[name] == want[name], name
    return got


def test_sample_index_equals_the_rdf_store(tmp_path):
    _ingest_path = tmp_path / "store"
    _ingest(str(_ingest_path), [WORKSPACE])
    got = _check(_ingest_path)
    assert len(got["contradictions"]) == 8 and len(got["claims"]) > 300  # the sample's findings


def test_corpus_index_equals_the_rdf_store(tmp_path, corpus):
    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE, corpus])
    got = _check(st)
    assert got["duplicates"] and len(got["papers"]) > 300


@pytest.mark.parametrize("shift", [SHARED / "shifts" / "s1", ROOT / "tests" / "fixtures" / "shifts" / "t7"],
                         ids=["s1", "t7"])
def test_shift_index_equals_the_rdf_store(tmp_path, shift):
    """A shift workspace (its notes read by the judgement layer: items, works named by short names,
    evidence levels, figures with conditions): every answer, and each of its manifest's."""
    if not shift.is_dir():
        pytest.skip(shared_reason("the shift", shift))
    import json

    ws = tmp_path / "ws"
    shutil.copytree(shift, ws)
    manifest = json.loads((shift.parent / f"{shift.name}.oracle.json").read_text("utf-8"))["manifest"]
    mid = Path(manifest).stem
    doc = json.loads((ws / manifest).read_text("utf-8"))
    doc["author"] = "Ana Lima"  # who works the shift (issue 22): the index's manifest fact holds it
    (ws / manifest).write_text(json.dumps(doc), "utf-8")
    st = tmp_path / "store"
    _ingest(str(st), [ws])
    got = _check(st, [mid])
    from graph.store import Store
    from queries.scope import manifest_docs

    assert manifest_docs(Store(st), mid)[1] == manifest_docs(_RdfOnly(Store(st)), mid)[1] == "ana-lima"
    assert got[f"items -m {mid}"] and got[f"contradictions -m {mid}"]
    assert any(i["resolved_by"] or len(i["works"]) for i in got["items"])


def test_an_item_at_odds_with_the_living_document_stays_an_increment_after_its_note_changes(tmp_path):
    """A note's item is an increment because its checked figure is at odds with the living document's (found
    by the fresh-user run): after an unrelated line is added to the note, the re-ingest's stored increments
    and items still equal the rules run over the RDF store (they read the findings quoting the note)."""
    import json

    ws = tmp_path / "ws"
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "inbox" / "mei").mkdir(parents=True)
    (ws / "work-guard").mkdir()
    (ws / "organized" / "knowledge" / "serving.md").write_text(
        "# Serving\n\n## 2. Quantization\n\n- KIVI [1] saves 2.6x peak memory with 2-bit keys and values.\n\n"
        "## References\n\n1. KIVI: A Tuning-Free Asymmetric 2bit Quantization for KV Cache. arXiv:2402.02750\n", "utf-8")
    note = ws / "inbox" / "mei" / "faq.md"
    note.write_text("# FAQ\n\n**Q:** Is KIVI's memory saving real?\n**A:** I read the full paper: KIVI "
                    "(arXiv:2402.02750) saves 2.35x peak memory with 2-bit keys and values.\n\n"
                    "**Q:** Where is the coffee machine?\n**A:** On 4F.\n", "utf-8")
    for k in range(6):  # other files, so that a change of one file is applied incrementally, not recomputed whole
        (ws / "inbox" / "mei" / f"other-{k}.md").write_text(f"# Other {k}\n\n- A note about nothing new ({k}).\n", "utf-8")
    mid = "11111111-2222-4333-8444-555555555555"
    (ws / "work-guard" / f"{mid}.json").write_text(json.dumps({
        "manifest_id": mid, "created": "2027-02-03", "knowledge": "organized/knowledge/serving.md",
        "items": [{"path": "inbox/mei/faq.md"}]}), "utf-8")
    st = tmp_path / "store"
    _ingest(str(st), [ws])
    first = _check(st, [mid])
    assert [i["relevance"] for i in first[f"items -m {mid}"]] == ["increment", "low"]
    note.write_text(note.read_text("utf-8") + "\nThanks for reading.\n", "utf-8")
    _ingest(str(st), [ws])
    again = _check(st, [mid])
    assert [i["relevance"] for i in again[f"items -m {mid}"]] == ["increment", "low"]


def test_generated_store_stays_equal_along_a_chain_of_changes(tmp_path):
    from generate import generate_workspace

    ws = generate_workspace(tmp_path / "ws", 80, seed=3)
    st = tmp_path / "store"
    _ingest(str(st), [ws])
    first = _check(st)
    assert first["contradictions"] and first["evidence"] and first["increments"]
    rng = random.Random(7)
    notes = sorted(ws.glob("inbox/*/*.md"))
    numbers = [f for f in first["contradictions"] if f["kind"] == "number"]
    for p, f in zip(rng.sample(notes, 4), numbers[::7]):
        # a figure flagged as unverified, a contrasting qualifier; and a figure of a work another file
        # states, with another value (the statement a number finding quotes, its value changed)
        raw = f["summary"].rsplit(": ", 1)[1].split(" vs ")[0]
        with open(p, "a", encoding="utf-8") as fh:
            fh.write(f"\n- 实测吞吐提升 3.5x（未验证），对抗性到达下成立。\n"
                     f"- {f['subject']} {f['a']['text'].replace(raw, '977' + raw.lstrip('0123456789.'), 1)}\n")
    _ingest(str(st), [ws])
    after = _check(st)
    assert len(after["claims"]) == len(first["claims"]) + 8
    assert len(after["contradictions"]) > len(first["contradictions"])
    gone = rng.sample([n for n in notes], 2)
    for p in gone:
        p.unlink()
    shutil.copy(next(n for n in notes if n.exists()), ws / "inbox" / "zz-copy.md")
    _ingest(str(st), [ws])
    _check(st)
    # A note naming a work only by a card's alias: the rules take its statements to be about the work
    # through the short names of works the index keeps (an incremental update).
    card0 = sorted(ws.glob("organized/paper_cards/*.md"))[0].read_text("utf-8")
    alias = card0.split("aliases: [", 1)[1].split("]", 1)[0].split(",")[0].strip()
    (ws / "inbox" / "zz-alias.md").write_text(f"# 复查\n\n## {alias} 复查\n\n- 实验中相对基线KV 显存降低 655%。\n", "utf-8")
    _ingest(str(st), [ws])
    got = _check(st)
    assert any("inbox/zz-alias.md" in (f["a"]["source"], f["b"]["source"]) for f in got["contradictions"])
    # A note naming a work by a name no file gives yet: about no work.  Then another file writes that
    # name next to the work's identifier (the short names every file's statements may use change):
    # the first note's statement is about the work from then on (all answers computed again).
    (ws / "inbox" / "zz-name.md").write_text("# 复查\n\n## ZzServe 复查\n\n- 实验中相对基线KV 显存降低 433%。\n", "utf-8")
    _ingest(str(st), [ws])
    got = _check(st)
    assert not any("inbox/zz-name.md" in (f["a"]["source"], f["b"]["source"]) for f in got["contradictions"])
    with open(ws / "inbox" / "zz-alias.md", "a", encoding="utf-8") as fh:
        fh.write(f"\n- 另见 ZzServe (arXiv:{card0.split('arxiv: ', 1)[1].split()[0]})。\n")
    _ingest(str(st), [ws])
    got = _check(st)
    assert any("inbox/zz-name.md" in (f["a"]["source"], f["b"]["source"]) for f in got["contradictions"])
    card = sorted(ws.glob("organized/paper_cards/*.md"))[0]
    card.write_text(card.read_text("utf-8").replace("title:", "title: Renamed", 1), "utf-8")
    living = sorted(ws.glob("organized/knowledge/*.md"))[0]
    living.write_text(living.read_text("utf-8") + "\n- 新条目 arXiv:2502.07115 · 2025-02 · A Title Added Late\n", "utf-8")
    _ingest(str(st), [ws])
    _check(st)


def test_answers_of_a_store_ingested_without_derive_are_computed(tmp_path):
    """``ingest_paths`` without ``derive`` keeps the facts and leaves the answers behind: the queries
    then compute them (not stale ones), and the next ``ProvKG.ingest`` brings the index up to date."""
    from graph import cache
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.state import open_state

    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE])
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    note = next(ws.glob("inbox/flyp/*.md"))
    with open(note, "a", encoding="utf-8") as f:
        f.write("\n- 5.94x 未验证\n")
    ingest_paths(Store(st), [ws], now=fixed_clock)
    cache.clear()
    s = Store(st)
    assert not open_state(s).fresh
    stale = _answers(s)
    assert stale == _answers(_RdfOnly(s))
    _ingest(str(st), [ws])
    assert _check(st) == stale


def test_a_write_killed_after_the_index_committed_is_undone(tmp_path):
    """Rows of a database that never went live (a write killed between the index's commit and the swap)
    are invisible to readers and removed by the next write."""
    from graph.index import INDEX_NAME, Index
    from graph.store import Store
    from queries.state import open_state

    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE])
    index = Index(st / INDEX_NAME)
    live = open_state(Store(st)).view
    n = live.db
    with index.write(n + 1, n) as w:  # as an ingest that committed the index, then died before CURRENT moved
        w.add_revision("urn:x:rev", "zz/ghost.md", {"source": [("urn:x", "zz/ghost.md", "note", None, None, None,
                                                                 "unknown", "en", 0)]})
    index.close()
    from graph import cache

    cache.clear()
    assert "zz/ghost.md" not in open_state(Store(st)).view.live_revisions()
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    with open(next(ws.glob("inbox/flyp/*.md")), "a", encoding="utf-8") as f:
        f.write("\n- one more line\n")
    _ingest(str(st), [ws])
    con = sqlite3.connect(st / INDEX_NAME)
    assert con.execute("SELECT count(*) FROM revision WHERE rev = 'urn:x:rev'").fetchone() == (0,)
    _check(st)


def test_an_index_of_another_format_is_made_again_by_the_next_ingest(tmp_path):
    """An index file an earlier provkg wrote (another ``FORMAT``: other columns) is not read, and the next
    ingest replaces it by one built from the RDF store."""
    from graph import cache
    from graph.index import INDEX_NAME
    from graph.store import Store
    from queries.state import open_state

    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE])
    con = sqlite3.connect(st / INDEX_NAME)
    con.execute("UPDATE meta SET value = 'provkg-index-0' WHERE key = 'format'")
    con.execute("ALTER TABLE claim DROP COLUMN predicates")
    con.commit()
    con.close()
    cache.clear()
    assert not open_state(Store(st)).fresh  # read from the RDF store meanwhile
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    with open(next(ws.glob("inbox/flyp/*.md")), "a", encoding="utf-8") as f:
        f.write("\n- one more line\n")
    _ingest(str(st), [ws])
    _check(st)


@pytest.mark.parametrize("damage", ["delete", "garbage"])
def test_reindex_builds_the_index_again_from_the_rdf_store(tmp_path, damage):
    from graph import cache
    from graph.index import INDEX_NAME
    from provkg.api import ProvKG

    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE])
    before = _check(st)
    f = st / INDEX_NAME
    for p in (f, Path(str(f) + "-wal"), Path(str(f) + "-shm")):
        p.unlink(missing_ok=True)
    if damage == "garbage":
        f.write_bytes(b"not a database")
    cache.clear()
    assert _answers(__import__("graph.store", fromlist=["Store"]).Store(st)) == before  # read from RDF meanwhile
    rep = ProvKG(str(st)).reindex()
    assert rep.revisions == 13
    assert _check(st) == before


def test_import_rebuilds_the_index(tmp_path):
    """An import changes graphs under their revision IRIs: the index is built again from the RDF store."""
    from graph import cache
    from graph.store import Store
    from provkg.api import ProvKG
    from queries.state import open_state

    st = tmp_path / "store"
    _ingest(str(st), [WORKSPACE])
    kg = ProvKG(str(st))
    before = len(kg.query("claims"))
    trig = tmp_path / "extra.trig"
    trig.write_text("""@prefix kg: <https://w3id.org/provkg/ns#> .
<urn:x:g> { <urn:x:c> a kg:Claim ; kg:text "imported" . }
""", "utf-8")
    kg.import_([trig])
    cache.clear()
    assert open_state(Store(st)).fresh
    assert len(ProvKG(str(st)).query("claims")) == before  # a graph no kg:current marks is not a live revision
    _check(st)


def test_a_model1_store_s_index_is_made_again_by_the_ingest_that_upgrades_it(tmp_path):
    """An upgrade to model 2 (``graph.migrate``) rewrites every graph under its revision IRI: the index the
    store had (here read from model 1's RDF by ``import``, so its claims lack their line spans) is not
    patched with the changes but made again from the upgraded RDF."""
    import gzip
    import importlib.util

    from graph.index import INDEX_NAME
    from graph.migrate import store_model_version
    from graph.model import MODEL_VERSION
    from graph.store import Store
    from provkg.api import ProvKG

    fixtures = ROOT / "tests" / "fixtures" / "model1"
    spec = importlib.util.spec_from_file_location("model1_make", fixtures / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)  # type: ignore[union-attr]
    trig = tmp_path / "model1.trig"
    trig.write_bytes(gzip.decompress((fixtures / "store.trig.gz").read_bytes()))
    st = tmp_path / "store"
    ProvKG(str(st)).import_([trig])
    assert (st / INDEX_NAME).is_file() and store_model_version(Store(st)) == 1
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    make.apply_edit(ws)  # the files as they were at the model-1 store's last ingest
    with open(ws / make.NOTE, "a", encoding="utf-8") as f:  # and one change beside the upgrade
        f.write("\n- one more line\n")
    rep = _ingest(str(st), [ws])
    assert rep.upgraded is not None and rep.changed == [make.NOTE]
    assert store_model_version(Store(st)) == MODEL_VERSION
    got = _check(st)
    assert len(got["claims"]) > 300
