"""Property-based tests and a bounded fuzz run (hypothesis; issue 6).

* the arXiv identifier parser (``ingest/arxiv.py``): every written form of a generated identifier
  gives the same key and version; random text never raises;
* the Markdown claim extractor (``ingest/notes.py`` ``parse_note``): random Markdown never raises,
  every claim's line span lies inside the file and its text occurs on those lines;
* the RDF round trip: records -> quads (``graph.model.source_quads``) -> TriG through rdflib ->
  parsed back gives the same dataset (compared as sets of canonical N-Quads: no blank nodes);
* fuzz: random bytes and random Markdown through ``ingest_paths`` and through the CLI never raise an
  unhandled exception; each bad file is at most one error line.

Bounded: ``max_examples`` is small and ``deadline=None``, so the file runs in well under a minute.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.loader import ingest_paths
from graph.model import source_quads
from graph.store import Store
from ingest.arxiv import OLD_ARCHIVES, find_arxiv_ids, standard_id
from ingest.notes import parse_note
from ingest.sources import Found, read_source
from provkg.cli import cli

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                       HealthCheck.function_scoped_fixture])


# ---------------------------------------------------------------------------
# arXiv identifiers
# ---------------------------------------------------------------------------

@st.composite
def new_ids(draw) -> str:
    yy = draw(st.integers(7, 26))
    mm = draw(st.integers(1, 12))
    if yy == 7:
        mm = draw(st.integers(4, 12))
    yymm = f"{yy:02d}{mm:02d}"
    digits = 5 if yymm >= "1501" else 4
    number = draw(st.integers(1, 10 ** digits - 1))
    return f"{yymm}.{number:0{digits}d}"


@st.composite
def old_ids(draw) -> tuple[str, str]:
    """(written form, key): ``math.GT/0309136`` -> ``math/0309136``."""
    arch = draw(st.sampled_from(sorted(OLD_ARCHIVES)))
    yy, mm = draw(st.sampled_from([(y, m) for y in (91, 95, 99, 0, 3, 6) for m in range(1, 13)
                                   if (y, m) >= (91, 8) or y < 91]))
    if yy == 6:
        mm = min(mm, 12)
    num = draw(st.integers(1, 999))
    key = f"{arch}/{yy:02d}{mm:02d}{num:03d}"
    sc = draw(st.sampled_from(["", ".GT", ".CA", ".AI"])) if arch in ("math", "cs") else ""
    return key.replace("/", sc + "/", 1), key


VERSIONS = st.one_of(st.none(), st.integers(1, 30).map(lambda n: f"v{n}"))
NEW_FORMS = [
    "arXiv:{id}{v}", "arxiv:{id}{v}", "ARXIV {id}{v}", "https://arxiv.org/abs/{id}{v}", "http://arxiv.org/abs/{id}{v}",
    "arxiv.org/pdf/{id}{v}.pdf", "https://arxiv.org/pdf/{id}{v}", "https://www.arxiv.org/abs/{id}{v}",
    "https://export.arxiv.org/abs/{id}{v}", "[{id}{v}](https://arxiv.org/abs/{id}{v})", "({id}{v})", "{id}{v}",
]


@FAST
@given(new_ids(), VERSIONS, st.sampled_from(NEW_FORMS), st.sampled_from(["见 ", "see ", "", "- ", "| "]))
def test_every_form_of_a_new_id_is_one_key(key, version, form, before):
    written = form.format(id=key, v=version or "")
    found = find_arxiv_ids(f"{before}{written} 。")
    assert [(m.arxiv_id, m.version) for m in found] == [(key, version)], written
    assert standard_id(written) == (key, version)


@FAST
@given(new_ids())
def test_arxiv_doi_is_the_key_without_version(key):
    assert [(m.arxiv_id, m.version) for m in find_arxiv_ids(f"doi 10.48550/arXiv.{key}")] == [(key, None)]


@FAST
@given(old_ids(), VERSIONS, st.sampled_from(["{id}{v}", "arXiv:{id}{v}", "https://arxiv.org/abs/{id}{v}"]))
def test_every_form_of_an_old_id_is_one_key(ids, version, form):
    written_id, key = ids
    written = form.format(id=written_id, v=version or "")
    assert [(m.arxiv_id, m.version) for m in find_arxiv_ids(f"see {written} here")] == [(key, version)], written


@FAST
@given(st.text(max_size=400))
def test_random_text_never_crashes_the_id_parser(text):
    for m in find_arxiv_ids(text):
        assert text[m.start:m.end] == m.raw and m.arxiv_id and "v" not in m.arxiv_id.split("/")[-1]
    try:
        standard_id(text)
    except ValueError:
        pass


# ---------------------------------------------------------------------------
# the Markdown claim extractor
# ---------------------------------------------------------------------------

LINE = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x00"), max_size=60),
    st.sampled_from(["# 标题", "## 2502.07115v5 MC-SF", "### 值得警惕", "- 吞吐提升 2x", "* 延迟降低 76%（未核实）",
                     "1. 建议归入 §3.1", "---", "```", "| a | b |", "|---|---|", "> quote", "作者：jay · 2026-10-27 09:35",
                     "title: x: y", "<details>", "</details>", "[[Note|alias]]", "", "  - nested 5.94x", "§七"]),
)
MARKDOWN = st.lists(LINE, max_size=40).map("\n".join)


@FAST
@given(MARKDOWN, st.sampled_from(["note", "paper_card", "repo_card", "queue"]))
def test_parse_note_never_raises_and_spans_are_inside_the_file(text, kind):
    parts, warnings = parse_note(text, "inbox/x/n.md", kind)
    n_lines = text.count("\n") + 1
    for c in parts["claims"]:
        assert 1 <= c.line <= c.line_end <= n_lines, (c.line, c.line_end, n_lines)
        assert c.text.strip()
    assert all(isinstance(w, str) and "\n" not in w for w in warnings)


# ---------------------------------------------------------------------------
# RDF round trip: records -> quads -> TriG (rdflib) -> load
# ---------------------------------------------------------------------------

_DOUBLE = "http://www.w3.org/2001/XMLSchema#double"


def _nquads(quads) -> set[str]:
    """Quads as N-Quads lines; ``xsd:double`` and ``xsd:dateTime`` literals by their value: rdflib
    rewrites lexical forms (``"0.0"`` as ``"0"``, ``"…Z"`` as ``"…+00:00"``), the same value."""
    from datetime import datetime

    def term(t):
        if isinstance(t, ox.Literal) and t.datatype.value == _DOUBLE:
            return f"{float(t.value)!r}^^double"
        if isinstance(t, ox.Literal) and t.datatype.value.endswith("#dateTime"):
            return f"{datetime.fromisoformat(t.value.replace('Z', '+00:00')).isoformat()}^^dateTime"
        return str(t)
    return {f"{q.subject} {q.predicate} {term(q.object)} {q.graph_name} ." for q in quads}


@SLOW
@given(MARKDOWN.filter(lambda t: t.strip()), st.sampled_from(["inbox/a/n.md", "organized/paper_cards/c.md"]))
def test_records_quads_trig_load_gives_the_same_dataset(text, rel):
    import rdflib

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / rel
        p.parent.mkdir(parents=True)
        p.write_text(text, "utf-8")
        rec, _ = read_source(Found(p, Path(d), rel))
    quads = source_quads(rec)
    assert not any(isinstance(t, ox.BlankNode) for q in quads for t in (q.subject, q.object))
    store = ox.Store()
    store.extend(quads)
    ds = rdflib.Dataset()
    ds.parse(data=store.dump(format=ox.RdfFormat.N_QUADS).decode("utf-8"), format="nquads")
    trig = ds.serialize(format="trig")
    back = ox.Store()
    back.load(trig.encode("utf-8"), format=ox.RdfFormat.TRIG)
    assert _nquads(back) == _nquads(quads)
    assert len({q.graph_name for q in back}) == 1


# ---------------------------------------------------------------------------
# fuzz: random bytes and Markdown through ingest_paths and the CLI
# ---------------------------------------------------------------------------

FILES = st.lists(st.tuples(st.sampled_from(["inbox/a/x.md", "inbox/b/y.txt", "organized/knowledge/k.md",
                                            "organized/paper_cards/c.md", "work-guard/m.json", "notes/z.md"]),
                           st.one_of(st.binary(max_size=300), MARKDOWN.map(lambda t: t.encode("utf-8")),
                                     MARKDOWN.map(lambda t: t.encode("gb18030")))),
                 min_size=1, max_size=5, unique_by=lambda t: t[0])


def _write(root: Path, files) -> None:
    for rel, data in files:
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)


@SLOW
@given(FILES)
def test_fuzz_ingest_paths_never_raises(files):
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        _write(root, files)
        store = Store(None)
        rep = ingest_paths(store, [root])
        assert len(rep.added) + len(rep.errors) == len(files)
        assert all("\n" not in e for e in rep.errors + rep.warnings)
        assert not any("could not be parsed" in e for e in rep.errors), rep.errors  # no parser crash


@SLOW
@given(FILES)
def test_fuzz_cli_ingest_never_raises(files):
    with tempfile.TemporaryDirectory() as d:
        root = Path(d) / "ws"
        _write(root, files)
        r = CliRunner().invoke(cli, ["--store", str(Path(d) / "st"), "-q", "ingest", str(root)])
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        assert r.exit_code in (0, 2)
        assert "Traceback" not in r.output
        if r.exit_code == 0:
            q = CliRunner().invoke(cli, ["--store", str(Path(d) / "st"), "query", "claims", "--format", "jsonl"])
            assert q.exit_code == 0


@pytest.mark.parametrize("data", [b"\xff" * 10, b"---\n" * 50, b"[" * 5000, "§" .encode() * 9000, b"\n" * 100_000])
def test_fuzz_edge_files(tmp_path, data):
    _write(tmp_path, [("inbox/a/x.md", data), ("work-guard/m.json", data)])
    rep = ingest_paths(Store(None), [tmp_path])
    assert not any("could not be parsed" in e for e in rep.errors), rep.errors
