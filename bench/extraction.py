"""Benchmark arXiv extraction against the corpus oracles (``*.facts.json``).

Usage::

    python bench/extraction.py [CORPUS_DIR]

``CORPUS_DIR`` defaults to ``../shared/corpus`` next to the repository.  For every
``*.md`` file there it runs :func:`ingest.arxiv.find_arxiv_ids` (and
:func:`ingest.living_doc.parse_living_doc` on files that have a ``.facts.json``)
and prints, per file:

* precision and recall of the distinct arXiv keys;
* for living documents: occurrence count, every oracle duplicate (lines), every
  "same id, two titles" case (lines and titles), listed-date conflicts, date
  column values and the cross-document title/year facts;
* ``ORACLE?`` lines where the oracle itself looks wrong, with the line and why.

The facts files give counts and examples, not the full list of distinct ids, so
the reference set is rebuilt with the oracle's *stated method* ("IDs counted
only in arXiv context: arxiv.org/abs|pdf|html|ftp/ID or arXiv:ID, version
stripped") and checked against the oracle's ``n_distinct_arxiv_ids`` and
every id the oracle names.  For the arXiv scheme file the 48-row table is the
oracle (row by row).  Always exits 0; it reports, it does not gate.
"""
from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ingest.arxiv import find_arxiv_ids  # noqa: E402
from ingest.living_doc import parse_living_doc  # noqa: E402

__all__ = ["oracle_method_ids", "scheme_rows", "bench_file", "routing_cases", "routing_accuracy", "store_check", "main"]

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
SCHEME = "arxiv_identifier_scheme__extract_and_examples.md"

_ORACLE_RE = re.compile(
    r"arxiv\.org/(?:abs|pdf|html|ftp/arxiv/papers/\d{4})/(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?"
    r"|arxiv:\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?",
    re.I,
)


def oracle_method_ids(text: str) -> dict[str, list[int]]:
    """Re-implementation of the facts files' stated method.

    Parameters
    ----------
    text : str
        A whole file.

    Returns
    -------
    dict[str, list[int]]
        key (version stripped, subject class dropped) -> sorted distinct 1-based
        lines citing it, only for ids written in arXiv context (URL or ``arXiv:``).
    """
    out: dict[str, set[int]] = defaultdict(set)
    for no, line in enumerate(text.splitlines(), start=1):
        for m in _ORACLE_RE.finditer(line):
            written = m.group(1) or m.group(3)
            if "/" in written:
                arch, digits = written.split("/")
                written = f"{arch.split('.')[0].lower()}/{digits}"
            out[written].add(no)
    return {k: sorted(v) for k, v in out.items()}


def scheme_rows(text: str) -> list[tuple[int, list[str], str]]:
    """Rows of the scheme file's test table.

    Parameters
    ----------
    text : str
        ``arxiv_identifier_scheme__extract_and_examples.md``.

    Returns
    -------
    list[tuple[int, list[str], str]]
        ``(row number, inputs in back-quotes, expected-id cell)``.
    """
    rows = []
    for line in text.splitlines():
        m = re.match(r"^\| (\d+) \| (.*?) \| (.*?) \|", line)
        if not m:
            continue
        inputs = [s.replace("\\|", "|") for s in re.findall(r"`([^`]*)`", m.group(2))]
        rows.append((int(m.group(1)), inputs, m.group(3)))
    return rows


def _pr(found: set[str], ref: set[str]) -> tuple[float, float]:
    tp = len(found & ref)
    precision = tp / len(found) if found else (1.0 if not ref else 0.0)
    recall = tp / len(ref) if ref else 1.0
    return precision, recall


def _named_ids(facts: dict) -> set[str]:
    ids: set[str] = set()
    for key in ("top10_most_cited", "ids_with_different_titles", "ids_with_different_listed_dates_same_doc",
                "listed_year_before_arxiv_id_year", "date_column_differs_from_id_yymm_examples"):
        ids |= {d["arxiv_id"] for d in facts.get(key, [])}
    ids |= set(facts.get("ids_with_version_suffix", {}))
    ids |= set(facts.get("ids_only_in_ftp_url_form", []))
    ids |= set(facts.get("old_style_ids", []))
    return ids


def _bench_scheme(text: str) -> None:
    ok = bad = 0
    for row, inputs, expected in scheme_rows(text):
        exp = expected.split(" ")[0]
        lenient = "lenient" in expected
        for inp in inputs:
            if "..." in inp:
                continue
            got = [m.arxiv_id for m in find_arxiv_ids(inp)]
            want = [] if exp == "-" or (lenient and not inp.startswith(("hep-ph/",))) else [exp]
            if got == want:
                ok += 1
            else:
                bad += 1
                print(f"    row {row}: {inp!r} -> {got} expected {want} (table says {expected!r})")
    print(f"  scheme table: {ok} inputs agree, {bad} differ "
          "(lenient rows 21, 22, 47 are rejected bare by policy; row 19 accepted via its archive prefix)")


def bench_file(path: Path, cross: dict | None) -> None:
    """Print the comparison for one corpus file (see module docstring)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    name = path.name
    found = {m.arxiv_id for m in find_arxiv_ids(text)}
    facts_path = path.with_name(name + ".facts.json")
    facts = json.loads(facts_path.read_text(encoding="utf-8")) if facts_path.exists() else None
    print(f"\n== {name}")

    if name == SCHEME:
        print(f"  distinct ids found: {len(found)} (no facts oracle; the table is the oracle)")
        _bench_scheme(text)
        return

    ref_lines = oracle_method_ids(text)
    ref = set(ref_lines)
    expected_n = None
    if facts is not None:
        expected_n = facts["n_distinct_arxiv_ids"]
    elif cross is not None and name in cross.get("n_ids_per_file", {}):
        expected_n = cross["n_ids_per_file"][name]
    if expected_n is None:
        print(f"  distinct ids found: {len(found)} {sorted(found)} (no oracle for this file)")
        return
    if len(ref) != expected_n:
        print(f"  NOTE reference rebuilt from the stated method has {len(ref)} ids, oracle says {expected_n}")
    if facts is not None:
        missing_named = _named_ids(facts) - ref
        if missing_named:
            print(f"  NOTE ids named by the oracle but not in the rebuilt reference: {sorted(missing_named)}")
    p, r = _pr(found, ref)
    print(f"  distinct ids: found {len(found)}, oracle {expected_n}; precision {p:.3f} recall {r:.3f}")
    for k in sorted(found - ref):
        print(f"    extra: {k}")
    for k in sorted(ref - found):
        print(f"    missed: {k} (lines {ref_lines[k]})")
    if facts is None:
        return

    doc = parse_living_doc(text)
    by_id: dict[str, list] = defaultdict(list)
    for c in doc.citations:
        by_id[c.arxiv_id].append(c)
    pd, rd = _pr(set(by_id), ref)
    print(f"  parse_living_doc: {len(doc.sections)} sections, {len(doc.entries)} entries, "
          f"{len(doc.citations)} (line, id) citations (oracle {facts['n_arxiv_occurrences_lines']}); "
          f"distinct precision {pd:.3f} recall {rd:.3f}")

    dups = {k for k, v in by_id.items() if len(v) > 1}
    ref_dups = {k for k, v in ref_lines.items() if len(v) > 1}
    print(f"  duplicates (cited on >1 line): found {len(dups)}, oracle {facts['n_ids_cited_more_than_once']}"
          f"{'' if dups == ref_dups else f' (differs from rebuilt reference: {sorted(dups ^ ref_dups)})'}")
    all_found = True
    for t in facts["top10_most_cited"]:
        mine = by_id.get(t["arxiv_id"], [])
        got_lines = [c.line for c in mine]
        got_titles = {c.title for c in mine}
        good = got_lines == t["lines"] and got_titles == set(t["titles"])
        all_found &= good
        if not good:
            print(f"    duplicate {t['arxiv_id']}: found lines {got_lines} titles {sorted(map(str, got_titles))}; "
                  f"oracle lines {t['lines']} titles {t['titles']}")
    print(f"  every oracle top-cited duplicate found with its lines and titles: {all_found}")

    multi_sec = {k for k, v in by_id.items() if len({c.section for c in v}) > 1}
    print(f"  ids in several sections: found {len(multi_sec)}, oracle {facts['n_ids_in_multiple_sections']}")

    titled = {k: {c.title for c in v} for k, v in by_id.items()}
    conflicts = {k for k, v in titled.items() if len(v) > 1}
    oracle_conf = {d["arxiv_id"] for d in facts["ids_with_different_titles"]}
    all_conf = True
    for d in facts["ids_with_different_titles"]:
        at_line = {c.line: c.title for c in by_id.get(d["arxiv_id"], [])}
        for tt in d["titles"]:
            for ln in tt["lines"]:
                if at_line.get(ln) != tt["title"]:
                    all_conf = False
                    print(f"    title conflict {d['arxiv_id']} line {ln}: found {at_line.get(ln)!r}, oracle {tt['title']!r}")
    print(f"  two-title conflicts: found {sorted(conflicts)}, oracle {sorted(oracle_conf)}; "
          f"every oracle conflict found with its titles: {all_conf and oracle_conf <= conflicts}")
    for k in sorted(conflicts - oracle_conf):
        print(f"    extra conflict {k}: {sorted(map(str, titled[k]))}")

    dates = {k: {c.date for c in v if c.date} for k, v in by_id.items()}
    date_conf = {k for k, v in dates.items() if len(v) > 1}
    oracle_dates = {d["arxiv_id"] for d in facts["ids_with_different_listed_dates_same_doc"]}
    print(f"  listed-date conflicts: found {sorted(date_conf)}, oracle {sorted(oracle_dates)}")
    differs = [(c.arxiv_id, c.date, c.line) for c in doc.citations
               if c.date and c.date.replace(".", "")[2:6] != c.arxiv_id[:4]]
    if "n_date_column_differs_from_id_yymm" in facts:
        print(f"  date column differs from id YYMM: found {len(differs)}, oracle {facts['n_date_column_differs_from_id_yymm']}")
        at = {(c.arxiv_id, c.line): c.date for c in doc.citations}
        bad = [d for d in facts["date_column_differs_from_id_yymm_examples"] if at.get((d["arxiv_id"], d["line"])) != d["listed"]]
        print(f"    oracle examples confirmed: {len(facts['date_column_differs_from_id_yymm_examples']) - len(bad)}"
              f"/{len(facts['date_column_differs_from_id_yymm_examples'])}")
    before = [(c.arxiv_id, c.line) for c in doc.citations
              if (c.date or c.venue) and int(re.search(r"(?:19|20)\d{2}", c.date or c.venue).group(0)) < 2000 + int(c.arxiv_id[:2])]
    print(f"  listed year before id year: found {len(before)}, oracle {facts['n_listed_year_before_arxiv_id_year']}")

    # forms and versions
    versions: dict[str, set[str]] = defaultdict(set)
    for c in doc.citations:
        if c.version:
            versions[c.arxiv_id].add(c.version)
    oracle_versions = {k: set(v) for k, v in facts["ids_with_version_suffix"].items()}
    print(f"  versioned ids: found {dict(sorted((k, sorted(v)) for k, v in versions.items()))}, "
          f"oracle {facts['ids_with_version_suffix']}")
    forms = facts.get("id_forms_seen", {})
    n_versioned_forms = sum(v for k, v in forms.items() if "IDvN" in k)
    n_versioned = sum(1 for c in doc.citations if c.version)
    if n_versioned != n_versioned_forms or versions != oracle_versions:
        print(f"  ORACLE? id_forms_seen counts {n_versioned_forms} versioned URLs, the text has {n_versioned}:")
        for c in doc.citations:
            if c.version:
                print(f"    line {c.line}: {c.raw}")
        print("    (id_forms_seen seems to count only arxiv.org/... hosts under 'IDvN'; "
              "browse./www. versioned links are counted under their host)")
    # naive regex check
    naive = {m.group(0) for m in re.finditer(r"\d{4}\.\d{4,5}", text)} - ref - found
    oracle_naive = set(facts.get("naive_regex_non_arxiv_matches", {}))
    if naive != oracle_naive:
        print(f"  ORACLE? naive-regex non-arXiv matches: oracle {sorted(oracle_naive)}, text has {sorted(naive)}")

    if cross:
        for d in cross.get("cross_living_doc_title_differences", []):
            for t in d["titles"]:
                if t["file"] != name:
                    continue
                got = next((c.title for c in by_id.get(d["arxiv_id"], []) if c.line == t["line"]), None)
                if got != t["title"]:
                    print(f"    cross-doc title {d['arxiv_id']} line {t['line']}: found {got!r}, oracle {t['title']!r}")
        for d in cross.get("cross_living_doc_year_differences", []):
            for year, evs in d["years"].items():
                for ev in evs:
                    if ev["file"] != name:
                        continue
                    c = next((c for c in by_id.get(d["arxiv_id"], []) if c.line == ev["line"]), None)
                    stated = (c.date or c.venue or "") if c else ""
                    if year not in stated:
                        print(f"    cross-doc year {d['arxiv_id']} line {ev['line']}: found {stated!r}, oracle {year}")
    _oracle_line_checks(facts, lines, by_id)


def _oracle_line_checks(facts: dict, lines: list[str], by_id: dict[str, list]) -> None:
    """Print oracle statements that the text does not bear out."""
    for d in facts.get("top10_most_cited", []):
        for ln in d["lines"]:
            if d["arxiv_id"] not in lines[ln - 1]:
                print(f"  ORACLE? line {ln} does not contain {d['arxiv_id']}: {lines[ln - 1][:120]}")
    for d in facts.get("ids_with_different_titles", []):
        if d["kind"] == "different":
            continue
        a, b = (t["title"] for t in d["titles"][:2])
        if not (a.lower() in b.lower() or b.lower() in a.lower()):
            print(f"  ORACLE? {d['arxiv_id']} marked {d['kind']!r} but neither title contains the other")
    for d in facts.get("listed_year_before_arxiv_id_year", []):
        c = next((c for c in by_id.get(d["arxiv_id"], []) if c.line == d["line"]), None)
        if c is None or str(d["listed_year"]) not in (c.date or c.venue or ""):
            print(f"  ORACLE? {d['arxiv_id']} line {d['line']}: listed year {d['listed_year']} not on the line")


def routing_cases(snap) -> list[tuple[str, str, list[str], str]]:
    """Sample topics that name their section, with the names hidden.

    Parameters
    ----------
    snap : queries.snapshot.Snapshot

    Returns
    -------
    list of (path, topic title, named section keys, hidden text)
        Every note topic that is not low relevance and suggests a section
        ("建议归入 §3.1").  The hidden text is the topic title plus its claims
        that suggest nothing, with every ``§`` reference removed.
    """
    from ingest.routing import strip_placements

    out = []
    for p, src in sorted(snap.sources.items()):
        if src.kind != "note":
            continue
        for it in snap.items_of(p):
            cl = [c for c in snap.claims_of(p) if c.item == it.index]
            named = list(dict.fromkeys(k for c in cl for k in c.suggested))
            if not named or it.relevance == "low":
                continue
            text = "\n".join([it.title] + [strip_placements(c.text) for c in cl if not c.suggested])
            out.append((p, it.title, named, text))
    return out


def routing_accuracy(snap, doc: str) -> tuple[int, int, int, list[str]]:
    """Route every ``routing_cases`` text against ``doc``: (top-1 correct, top-2 correct, cases, lines)."""
    ok = ok2 = 0
    lines = []
    cases = routing_cases(snap)
    for p, title, named, text in cases:
        r = snap.route(doc, text)
        good = bool(r and r.key in named)
        good2 = bool(r and (r.key in named or r.runner_up in named))
        ok += good
        ok2 += good2
        got = f"§{r.key} {r.score:.2f}, runner-up §{r.runner_up} {r.runner_up_score:.2f}" if r else "none"
        lines.append(f"    {'ok ' if good else 'MISS'} {p.rsplit('/', 1)[-1][:28]} | {title[:34]} | named {named} | routed {got}")
    return ok, ok2, len(cases), lines


def store_check(corpus: Path, cross: dict | None) -> None:
    """Ingest the corpus into a store and check the oracles through the named queries and the report.

    Prints, per living document, whether every oracle duplicate (ids cited on
    more than one line of that file) is a ``provkg query duplicates`` group
    repeated in that file (a group counts citation entries: in these
    awesome-lists, with no citation-list section, each row or list item citing
    the work; the oracle counts lines, which agree here), whether every oracle two-title id (also the
    cross-document ones) is a ``title`` finding of ``provkg report
    contradictions``, and what the ``titles`` query resolves.
    """
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.named import duplicates, titles
    from queries.snapshot import load_snapshot

    store = Store(None)
    rep = ingest_paths(store, [corpus])
    print(f"\n== store check (ingest of {corpus.name}/: {len(rep.errors)} errors)")
    for e in rep.errors:
        print(f"  error: {e}")
    snap = load_snapshot(store)
    groups = duplicates(store)
    found = contradictions(snap)
    tt = [f for f in found if f.kind == "title"]
    for facts_path in sorted(corpus.glob("*.md.facts.json")):
        facts = json.loads(facts_path.read_text(encoding="utf-8"))
        name = facts_path.name[: -len(".facts.json")]
        text = (corpus / name).read_text(encoding="utf-8")
        ref_dups = {k for k, v in oracle_method_ids(text).items() if len(v) > 1}
        got_dups = {g.arxiv_id for g in groups if name in g.repeated_in}
        print(f"  {name}: kind {snap.sources[name].kind if name in snap.sources else 'NOT INGESTED'}")
        print(f"    duplicates query (citation entries): {len(got_dups)} repeated in this file, oracle {facts['n_ids_cited_more_than_once']}; "
              f"every oracle duplicate found: {ref_dups <= got_dups}; extra {sorted(got_dups - ref_dups)}")
        lines_ok = all(
            sorted(c.line for g in groups if g.arxiv_id == t["arxiv_id"] for c in g.citations if c.source == name) == t["lines"]
            for t in facts["top10_most_cited"])
        print(f"    top-cited lines match the oracle: {lines_ok}")
        want = {d["arxiv_id"] for d in facts["ids_with_different_titles"]}
        got = {f.subject.split(":", 1)[1] for f in tt if f.a.source == name and f.b.source == name}
        print(f"    two_titles findings in this file: {sorted(got)}, oracle {sorted(want)}; all found: {want <= got}")
    if cross:
        want = {d["arxiv_id"] for d in cross.get("cross_living_doc_title_differences", [])}
        got = {f.subject.split(":", 1)[1] for f in tt if f.a.source != f.b.source}
        print(f"  cross-document two_titles: {sorted(got & want)} of oracle {sorted(want)}; all found: {want <= got}")
    for t in titles(store, snapshot=snap):
        print(f"  title only: {t.source[:60]}…:{t.line} {t.status} {t.arxiv_id or t.candidates}")


def routing_check(workspace: Path) -> None:
    """Print section-routing accuracy on the bundled sample with the named sections hidden."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.snapshot import load_snapshot

    store = Store(None)
    ingest_paths(store, [workspace])
    snap = load_snapshot(store)
    doc = snap.living_docs()[0]
    ok, ok2, n, lines = routing_accuracy(snap, doc)
    print(f"\n== section routing on the sample ({doc}; named sections hidden)")
    print("\n".join(lines))
    print(f"  accuracy: top-1 {ok}/{n} = {ok / n:.3f}; named section in top 2: {ok2}/{n} = {ok2 / n:.3f}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark over a corpus directory; always returns 0."""
    args = sys.argv[1:] if argv is None else argv
    corpus = Path(args[0]) if args else DEFAULT_CORPUS
    if not corpus.is_dir():
        print(f"corpus directory not found: {corpus} (nothing to benchmark)")
        return 0
    cross_path = corpus / "CROSS_DOCUMENT.facts.json"
    cross = json.loads(cross_path.read_text(encoding="utf-8")) if cross_path.exists() else None
    for path in sorted(corpus.glob("*.md")):
        bench_file(path, cross)
    if cross:
        per_file = {p.name: {m.arxiv_id for m in find_arxiv_ids(p.read_text(encoding="utf-8"))}
                    for p in sorted(corpus.glob("*.md")) if p.name in cross["files"]}
        count: dict[str, int] = defaultdict(int)
        for ids in per_file.values():
            for k in ids:
                count[k] += 1
        in2 = sum(1 for v in count.values() if v >= 2)
        print(f"\n== CROSS_DOCUMENT: ids in 2+ files found {in2}, oracle {cross['n_ids_in_2plus_files']}")
        living = [n for n in per_file if n.startswith(("DefTruth", "October2001"))]
        if len(living) == 2:
            both = per_file[living[0]] & per_file[living[1]]
            print(f"  ids shared by the two living documents: {len(both)}")
    store_check(corpus, cross)
    routing_check(ROOT / "data" / "workspace")
    return 0


if __name__ == "__main__":
    sys.exit(main())
