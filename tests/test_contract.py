"""The output contract (issue 8): published JSON Schemas, JSON/JSONL/CSV shapes, exit codes, pre-commit hooks.

Every JSON document a command prints is validated with ``jsonschema`` against
the schema file shipped in ``queries/schemas/``, on the bundled sample and on
the seed brief (ingested as a brief with the sample, and alone).
"""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS, MANIFEST_ID, ROOT, SEED, WORKSPACE, fixed_clock, shared_reason
from queries.audit import baseline_ids

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")

SCHEMAS = ROOT / "queries" / "schemas"
DEFTRUTH = CORPUS / "DefTruth__Awesome-LLM-Inference__README.md"

#: Arguments that make the optional commands print JSON (run only when their schema is registered).
DOCUMENT_ARGS = {
    "why": ["why", "arXiv:2502.07115v5", "--format", "json"],
    "diff": ["diff", "--format", "json"],
    "validate": ["validate", "--format", "json"],
}


def _cli(args: list[str]):
    from provkg.cli import cli

    return CliRunner().invoke(cli, args, obj={}, catch_exceptions=False)


def _validator(name: str):
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema), schema


def _validate(name: str, text: str) -> dict:
    v, _ = _validator(name)
    doc = json.loads(text)
    errors = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, f"{name}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    assert doc["schema_version"] == _schema_version()
    return doc


def _schema_version() -> str:
    from queries.results import SCHEMA_VERSION

    return SCHEMA_VERSION


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    """On-disk stores: ``sample`` (the workspace + the seed brief when present) and ``seed`` (the seed alone)."""
    from graph.loader import ingest_paths
    from graph.store import Store

    root = tmp_path_factory.mktemp("contract")
    out = {}
    s = Store(root / "sample")
    assert ingest_paths(s, [WORKSPACE], now=fixed_clock).errors == []
    if SEED.exists():
        assert ingest_paths(s, [SEED], kind="brief", now=fixed_clock).errors == []
        t = Store(root / "seed")
        assert ingest_paths(t, [SEED], kind="brief", now=fixed_clock).errors == []
        out["seed"] = str(t.path)
    out["sample"] = str(s.path)
    return out


# -- the schema files ----------------------------------------------------------


def test_shipped_schemas_are_current():
    """Fails when a model changed and `python -m queries.schemas` was not run."""
    from queries.schemas import check_schemas

    assert check_schemas() == [], "run `python -m queries.schemas` and commit queries/schemas/"


def test_registry_covers_every_command_document():
    from queries.named import QUERIES
    from queries.schemas import registry

    names = set(registry())
    assert {f"query-{q}" for q in QUERIES} <= names
    assert {"brief", "report-contradictions", "audit-brief", "sparql"} <= names
    for name in names:
        _, schema = _validator(name)  # each file is a valid draft 2020-12 schema
        assert schema["$id"].endswith(f"/{name}.schema.json")
        assert schema["properties"]["schema_version"] == {"const": _schema_version(), "title": "Schema Version",
                                                          "type": "string"}


def test_agreed_field_names():
    """The same thing has the same name in every document (issue 8's list)."""
    from queries.schemas import registry

    banned = {"path", "file", "arxivId", "arxiv_key", "lineEnd", "end_line", "author", "evidence_level", "quote"}
    for name in registry():
        schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
        objs = [schema] + list(schema.get("$defs", {}).values())
        for o in objs:
            props = set(o.get("properties", {}))
            assert not props & banned, (name, o.get("title"), props & banned)
            if "line_end" in props:
                assert "line" in props, (name, o.get("title"))
            if "version" in props and "arxiv_id" in props:
                assert o["properties"]["version"]["anyOf"][0]["type"] == "string"


def test_schema_command(stores):
    r = _cli(["schema", "--list"])
    assert r.exit_code == 0 and "query-papers" in r.output and "audit-brief" in r.output
    r = _cli(["schema", "papers"])  # a bare query name resolves to query-papers
    assert r.exit_code == 0
    assert r.output == (SCHEMAS / "query-papers.schema.json").read_text("utf-8")
    jsonschema.Draft202012Validator.check_schema(json.loads(r.output))
    r = _cli(["schema", "nope"])
    assert r.exit_code == 2 and "unknown schema 'nope'" in r.output


# -- every command's JSON against its schema -------------------------------------


@pytest.mark.parametrize("which", ["sample", "seed"])
def test_query_json_validates(stores, which):
    """`provkg query NAME --format json` for every named query, on the sample (+ seed brief) and the seed alone."""
    from queries.named import QUERIES

    if which not in stores:
        pytest.skip(shared_reason("the seed brief", SEED))
    nonempty = 0
    for q in QUERIES:
        r = _cli(["--store", stores[which], "query", q, "--format", "json"])
        assert r.exit_code == 0, (q, r.output)
        doc = _validate(f"query-{q}", r.stdout)
        assert doc["query"] == q and doc["count"] == len(doc["results"])
        nonempty += bool(doc["results"])
    assert nonempty >= (6 if which == "sample" else 2)


def test_jsonl_rows_and_csv_header(stores, capsys):
    """jsonl: one row per line, each valid against ``$defs/<Row>``; csv: header from the model, then rows.

    Rows come from the query functions once (the CLI's own jsonl/csv wiring is
    checked on ``papers``), printed by the CLI's ``_emit``.
    """
    from graph.store import Store
    from provkg.cli.output import emit as _emit
    from queries.named import QUERIES
    from queries.schemas import row_model

    store = Store(stores["sample"])
    for q, (fn, _doc) in QUERIES.items():
        rows = fn(store)
        _emit(rows, "jsonl", None, q)
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == len(rows)
        _, schema = _validator(f"query-{q}")
        row_v = jsonschema.Draft202012Validator({**schema["$defs"][row_model(q).__name__], "$defs": schema["$defs"]})
        for line in lines:
            row_v.validate(json.loads(line))
        _emit(rows, "csv", None, q, columns=list(row_model(q).model_fields))
        table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
        assert table[0] == list(row_model(q).model_fields), q
        assert len(table) - 1 == len(rows)
    store.close()
    r = _cli(["--store", stores["sample"], "query", "papers", "--format", "jsonl"])
    papers = [json.loads(line) for line in r.output.splitlines()]
    assert "2502.07115" in {p["arxiv_id"] for p in papers}
    r = _cli(["--store", stores["sample"], "query", "papers", "--format", "csv"])
    table = list(csv.reader(io.StringIO(r.output)))
    assert table[0] == ["arxiv_id", "versions", "citations", "sources", "titles", "in_citation_list", "status"]
    assert len(table) == len(papers) + 1


def test_empty_results_keep_their_shape(stores):
    s = stores["sample"]
    r = _cli(["--store", s, "query", "claims", "--source", "no/such/file.md", "--format", "csv"])
    assert r.exit_code == 2  # an unknown source: input error, the result still has its shape
    assert r.stdout.splitlines() == ["id,text,source,line,line_end,role,evidence,evidence_levels,agent,section,about,figures,item"]
    r = _cli(["--store", s, "query", "claims", "--source", "no/such/file.md", "--format", "jsonl"])
    assert r.exit_code == 2 and r.stdout == ""
    r = _cli(["--store", s, "query", "claims", "--source", "no/such/file.md", "--format", "json"])
    assert _validate("query-claims", r.stdout)["results"] == []
    # a named query whose answer is empty (the sample names no work by title only): csv keeps its header
    # (the return annotations name types imported for type checking only), a table says it has no rows
    r = _cli(["--store", s, "query", "titles", "--format", "csv"])
    assert r.exit_code == 0 and r.stdout.splitlines() == ["source,line,title,status,arxiv_id,score,candidates"]
    r = _cli(["--store", s, "query", "titles"])
    assert r.exit_code == 0 and r.stdout.strip() == "titles (0): no rows"  # one line, no empty header


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_brief_json_validates(stores, lang):
    r = _cli(["--store", stores["sample"], "brief", "-m", MANIFEST_ID, "--lang", lang, "--format", "json"])
    assert r.exit_code == 0
    doc = _validate("brief", r.stdout)
    assert doc["manifest_id"] == MANIFEST_ID and len(doc["materials"]) == 8 and doc["lang"] == lang


def test_report_and_sparql_json_validate(stores):
    r = _cli(["--store", stores["sample"], "report", "contradictions", "--format", "json"])
    assert r.exit_code == 0
    doc = _validate("report-contradictions", r.stdout)
    assert doc["count"] == len(doc["findings"]) >= 5
    if "seed" in stores:  # the seed brief is in the sample store: its audit findings are in the report
        assert {f["kind"] for f in doc["brief_audit"]} == {"count_mismatch", "untraced_arxiv"}
    r = _cli(["--store", stores["sample"], "sparql", "--format", "json",
              "SELECT ?p WHERE { GRAPH ?g { ?s <https://w3id.org/provkg/ns#path> ?p } } LIMIT 3"])
    assert r.exit_code == 0
    assert _validate("sparql", r.stdout)["count"] == 3


def test_audit_brief_json_validates(stores, seed_path, tmp_path):
    work = tmp_path / "store"
    shutil.copytree(stores["sample"], work)
    r = _cli(["--store", str(work), "-q", "audit-brief", str(seed_path), "--format", "json"])
    assert r.exit_code == 0, r.output
    doc = _validate("audit-brief", r.stdout)
    assert doc["manifest_id"] == MANIFEST_ID and doc["count"] == 2
    r = _cli(["--store", stores["seed"], "-q", "audit-brief", str(seed_path), "--format", "json"])
    doc = _validate("audit-brief", r.stdout)  # the seed alone: its manifest is not in the store
    assert "manifest_unknown" in {f["kind"] for f in doc["findings"]}


@pytest.mark.parametrize("name", sorted(DOCUMENT_ARGS))
def test_document_command_json_validates(stores, name):
    r = _cli(["--store", stores["sample"], *DOCUMENT_ARGS[name]])
    assert r.exit_code in (0, 1), r.output
    _validate(name, r.stdout)


# -- exit codes on real documents ----------------------------------------------------


def test_duplicates_fail_on_any_exit_codes(corpus, tmp_path):
    """Exit 1 on the DefTruth README (it cites works more than once), 0 on a document that does not."""
    dup = tmp_path / "dup"
    r = _cli(["--store", str(dup), "-q", "ingest", str(DEFTRUTH)])
    assert r.exit_code == 0, r.output
    r = _cli(["--store", str(dup), "query", "duplicates", "--fail-on", "any", "--format", "json"])
    assert r.exit_code == 1
    doc = _validate("query-duplicates", r.stdout)
    assert "2405.04434" in {d["arxiv_id"] for d in doc["results"]}

    clean_doc = tmp_path / "clean.md"
    clean_doc.write_text("# Reading list\n\n## 1. Serving\n\n- PagedAttention (arXiv:2309.06180)\n"
                         "- SnapKV, https://arxiv.org/abs/2404.14469v2\n- MC-SF: arXiv:2502.07115v5\n", "utf-8")
    clean = tmp_path / "clean"
    assert _cli(["--store", str(clean), "-q", "ingest", str(clean_doc)]).exit_code == 0
    r = _cli(["--store", str(clean), "query", "duplicates", "--fail-on", "any"])
    assert r.exit_code == 0
    r = _cli(["--store", str(clean), "query", "papers", "--format", "json"])
    assert {p["arxiv_id"] for p in json.loads(r.output)["results"]} == {"2309.06180", "2404.14469", "2502.07115"}


def test_check_command(corpus, tmp_path):
    r = _cli(["-q", "check", "--no-contradictions", str(DEFTRUTH)])
    assert r.exit_code == 1
    assert "duplicate citation of arXiv:2405.04434" in r.output
    first = r.output.splitlines()[0]
    assert first.startswith(f"{DEFTRUTH.name}:") and int(first.split(":")[1]) > 0
    ok = tmp_path / "ok.md"
    ok.write_text("# Notes\n\n- arXiv:2309.06180\n- arXiv:2404.14469\n", "utf-8")
    assert _cli(["check", str(ok)]).exit_code == 0
    assert _cli(["check"]).exit_code == 0  # no files: nothing to check


def _dup_json(store: str, *extra: str):
    r = _cli(["--store", store, "query", "duplicates", "--fail-on", "any", "--format", "json", *extra])
    return r.exit_code, _validate("query-duplicates", r.stdout)


def test_sample_workspace_has_no_duplicate_citation(stores):
    """The sample's notes name works their headings and `原文：` lines repeat, and the living document's
    body mentions works its 七、引用列表 lists: normal writing, no duplicate citation (exit 0, no rows)."""
    code, doc = _dup_json(stores["sample"])
    assert (code, doc["count"], doc["results"]) == (0, 0, [])
    code, doc = _dup_json(stores["sample"], "--all-sources")  # the cross-source view of the same store
    assert code == 1 and "2502.07115" in {g["arxiv_id"] for g in doc["results"]}
    files = sorted(str(p) for p in WORKSPACE.rglob("*.md"))
    r = _cli(["-q", "check", "--no-contradictions", *files])
    assert (r.exit_code, r.output) == (0, "")
    # the cross-source view still shows works that notes, cards, the queue and 七 all name
    r = _cli(["-q", "check", "--no-contradictions", "--all-sources", *files])
    assert r.exit_code == 1
    assert "organized/knowledge/inference.md:177: cited again (all sources) of arXiv:2502.07115" in r.output
    r = _cli(["-q", "check", "--no-contradictions", "--all-sources", "--fail-on", "none", *files])
    assert r.exit_code == 0 and "arXiv:2609.19969" in r.output


def test_second_citation_list_entry_is_a_duplicate(tmp_path):
    """A copy of the sample whose 七、引用列表 lists 2502.07115 a second time: exit 1, both lines named."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    doc = ws / "organized" / "knowledge" / "inference.md"
    text = doc.read_text("utf-8")
    assert text.splitlines()[176].startswith("- arXiv:2502.07115 ") and len(text.splitlines()) == 180
    doc.write_text(text.rstrip("\n") + "\n- arXiv:2502.07115v5 · Online Scheduling with KV Cache Constraints\n", "utf-8")
    store = str(tmp_path / "store")
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0
    code, out = _dup_json(store)
    assert code == 1 and out["count"] == 1
    (g,) = out["results"]
    assert (g["arxiv_id"], g["count"], g["in_citation_list"]) == ("2502.07115", 2, True)
    assert g["repeated_in"] == ["organized/knowledge/inference.md"]
    assert [(c["source"], c["line"], c["section"]) for c in g["citations"]] == [
        ("organized/knowledge/inference.md", 177, "七"), ("organized/knowledge/inference.md", 181, "七")]
    r = _cli(["-q", "check", "--no-contradictions", str(doc)])
    assert r.exit_code == 1
    assert r.output == ("organized/knowledge/inference.md:181: duplicate citation of arXiv:2502.07115 "
                        "(first at organized/knowledge/inference.md:177; 2 citation entries)\n")
    r = _cli(["-q", "check", "--no-contradictions", "--fail-on", "none", str(doc)])
    assert r.exit_code == 0 and ":181: duplicate citation of arXiv:2502.07115" in r.output


def test_citation_entries_not_lines(tmp_path):
    """Body mentions of a listed work are 'already cited'; two links in one entry are one entry."""
    listed = tmp_path / "listed.md"
    listed.write_text(
        "# Living\n\n## §1 Serving\n\nPagedAttention (arXiv:2309.06180) is the default.\n\n"
        "- vLLM builds on arXiv:2309.06180 and https://arxiv.org/abs/2309.06180v1.\n\n"
        "## 七、引用列表\n\n- arXiv:2309.06180 · PagedAttention\n- arXiv:2404.14469 · SnapKV\n", "utf-8")
    awesome = tmp_path / "awesome.md"
    awesome.write_text(
        "# Awesome\n\n## Serving\n\n- [PagedAttention](https://arxiv.org/abs/2309.06180),\n"
        "  [[pdf]](https://arxiv.org/pdf/2309.06180v1)\n- SnapKV (arXiv:2404.14469)\n\n"
        "|Date|Title|Paper|\n|---|---|---|\n|2023.09|vLLM|[[pdf]](https://arxiv.org/pdf/2309.06180) [abs](https://arxiv.org/abs/2309.06180)|\n",
        "utf-8")
    for doc, want in ((listed, []), (awesome, [("2309.06180", [5, 11])])):
        store = str(tmp_path / f"store-{doc.stem}")
        assert _cli(["--store", store, "-q", "ingest", "--kind", "living_doc", str(doc)]).exit_code == 0
        code, out = _dup_json(store)
        assert code == (1 if want else 0)
        assert [(g["arxiv_id"], [c["line"] for c in g["citations"]]) for g in out["results"]] == want
    r = _cli(["-q", "check", "--no-contradictions", str(awesome)])  # too small to be detected: a note
    assert r.exit_code == 0
    r = _cli(["-q", "check", "--no-contradictions", "--kind", "living_doc", str(awesome)])
    assert r.exit_code == 1 and r.output.startswith("awesome.md:11: duplicate citation of arXiv:2309.06180 (first at awesome.md:5;")


def test_unknown_query_is_a_usage_error(stores):
    r = _cli(["--store", stores["sample"], "query", "nope", "--format", "json"])
    assert r.exit_code == 2 and r.output.count("\n") == 1


# -- pre-commit -------------------------------------------------------------------


def test_pre_commit_manifest_is_valid():
    clientlib = pytest.importorskip("pre_commit.clientlib", reason="pre-commit is in the test extra")
    hooks = {h["id"]: h for h in clientlib.load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))}
    assert set(hooks) == {"provkg-duplicates", "provkg-contradictions"}
    for h in hooks.values():
        assert h["types"] == ["markdown"] and h["language"] == "python" and h["pass_filenames"]
        assert h["entry"].split()[0] == "provkg" and " check " in h["entry"]


def _git(*args: str, cwd: Path) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def test_pre_commit_try_repo_runs_the_hook(tmp_path):
    """`pre-commit try-repo HOOKS provkg-duplicates --files F` fails on a duplicate citation, passes without.

    try-repo would `pip install` this repository into a fresh environment
    (``language: python``), which needs the package index.  Offline, the test
    runs the shipped hooks from a copy of the manifest whose hooks call this
    virtual environment's ``provkg`` (``language: system``); everything else
    (manifest, file selection, entry, arguments, exit code) is the shipped one.
    """
    pc = Path(sys.executable).with_name("pre-commit")
    if not pc.exists() and shutil.which("pre-commit") is None:
        pytest.skip("pre-commit is not installed")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pc_cmd = str(pc) if pc.exists() else shutil.which("pre-commit")
    provkg_bin = Path(sys.executable).with_name("provkg")
    if not provkg_bin.exists():
        pytest.skip("provkg is not installed in this environment (pip install -e .)")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    text = (ROOT / ".pre-commit-hooks.yaml").read_text("utf-8")
    text = text.replace("language: python", "language: system").replace("entry: provkg ", f"entry: {provkg_bin} ")
    (hooks / ".pre-commit-hooks.yaml").write_text(text, "utf-8")
    _git("init", "-q", cwd=hooks)
    _git("add", ".", cwd=hooks)
    _git("commit", "-q", "-m", "hooks", cwd=hooks)

    target = tmp_path / "doc"
    target.mkdir()
    # A small living document declares its kind (provkg detects big ones by shape; a small one would be
    # read as a note, and notes produce no duplicate citations).
    (target / "README.md").write_text(
        "---\nkind: living_doc\n---\n# Awesome inference\n\n## Scheduling\n\n- MC-SF (arXiv:2502.07115)\n\n"
        "## Again\n\n- Online scheduling, https://arxiv.org/abs/2502.07115v5\n", "utf-8")
    (target / "ok.md").write_text("# Notes\n\n- arXiv:2309.06180\n", "utf-8")
    _git("init", "-q", cwd=target)
    _git("add", ".", cwd=target)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pc-home"))
    t0 = time.perf_counter()
    bad = subprocess.run([pc_cmd, "try-repo", str(hooks), "provkg-duplicates", "--files", "README.md"],
                         cwd=target, capture_output=True, text=True, env=env, timeout=300)
    took = time.perf_counter() - t0
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "README.md:12: duplicate citation of arXiv:2502.07115 (first at README.md:8" in bad.stdout
    good = subprocess.run([pc_cmd, "try-repo", str(hooks), "provkg-duplicates", "--files", "ok.md"],
                          cwd=target, capture_output=True, text=True, env=env, timeout=300)
    assert good.returncode == 0, good.stdout + good.stderr
    print(f"pre-commit try-repo (failing run): {took:.2f} s")


def _package_index_reachable(tmp_path) -> bool:
    """True when pip can fetch a small package from the configured index (as ``pip install`` in CI does)."""
    r = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-cache-dir",
                        "-d", str(tmp_path / "probe"), "six"], capture_output=True, text=True, timeout=120)
    return r.returncode == 0


def test_pre_commit_try_repo_installs_the_package(tmp_path):
    """The shipped .pre-commit-hooks.yaml as another repository uses it: pre-commit builds its own
    environment from this repository (pip install, about a minute) and the hook flags a duplicate."""
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    if not _package_index_reachable(tmp_path):
        pytest.skip("pip cannot reach a package index here; pre-commit needs one to install the hook")
    target = tmp_path / "doc"
    target.mkdir()
    (target / "README.md").write_text("---\nkind: living_doc\n---\n# x\n\n- arXiv:2502.07115\n- arXiv:2502.07115v5\n",
                                      "utf-8")
    _git("init", "-q", cwd=target)
    _git("add", ".", cwd=target)
    pc = str(Path(sys.executable).with_name("pre-commit"))
    r = subprocess.run([pc, "try-repo", str(ROOT), "provkg-duplicates", "--files", "README.md"], cwd=target,
                       capture_output=True, text=True, timeout=1800,
                       env=dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pc-home")))
    assert r.returncode == 1, r.stdout + r.stderr


def test_report_fail_on_new(tmp_path):
    """`report contradictions --fail-on new`: new since the latest ingest, or not in a --baseline report."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    card = ws / "organized" / "paper_cards" / "058-2502-07115.md"
    kept = card.read_text("utf-8")
    card.unlink()
    store = str(tmp_path / "store")
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0
    base = tmp_path / "base.json"
    assert _cli(["--store", store, "report", "contradictions", "--format", "json", "-o", str(base)]).exit_code == 0
    card.write_text(kept, "utf-8")  # the pull request adds the card back
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0
    r = _cli(["--store", store, "report", "contradictions", "--fail-on", "new", "--format", "json"])
    assert r.exit_code == 1
    doc = _validate("report-contradictions", r.stdout)
    card_findings = [f for f in doc["findings"] if "organized/paper_cards/058-2502-07115.md" in (f["a"]["source"], f["b"]["source"])]
    assert len(card_findings) >= 4  # the card's 76% / 2x / 5.94x and its contamination
    assert r.stderr.count("new: ") == len(card_findings)
    r = _cli(["--store", store, "report", "contradictions", "--fail-on", "new", "--baseline", str(base)])
    assert r.exit_code == 1
    # Exactly the card's findings are new.  The living document's entry and the critical read already
    # disagreed (arbitrary vs adversarial arrival) before the card came back; the card adds a second
    # 'adversarial' statement, which once flipped that finding's sides and so its ID.
    assert {f["id"] for f in card_findings} == {ln.split()[1] for ln in r.stderr.splitlines() if ln.startswith("new: ")}
    old_ids = baseline_ids(base)
    kept = [f for f in doc["findings"] if f["kind"] == "qualifier"
            and {f["a"]["source"], f["b"]["source"]} == {"organized/knowledge/inference.md",
                                                         "inbox/flyp/2026-10-26T1550-critical-read.md"}]
    assert len(kept) == 1 and kept[0]["id"] in old_ids
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0  # nothing changed since
    assert _cli(["--store", store, "report", "contradictions", "--fail-on", "new"]).exit_code == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{}", "utf-8")
    r = _cli(["--store", store, "report", "contradictions", "--fail-on", "new", "--baseline", str(bad)])
    assert r.exit_code == 2 and "bad.json" in r.output


def test_documented_ci_workflow_catches_a_new_duplicate(corpus, tmp_path):
    """docs/OUTPUT.md's GitHub Actions job: valid YAML, and its jq step fails on a new duplicate only."""
    import re

    import yaml

    text = (ROOT / "docs" / "OUTPUT.md").read_text("utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "pull_request" in b)
    wf = yaml.safe_load(block)
    steps = wf["jobs"]["duplicates"]["steps"]
    jq_step = next(s["run"] for s in steps if "jq" in s.get("run", ""))
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed (the workflow's runner has it)")
    program = re.search(r"'(.*)'", jq_step, re.S).group(1)
    base_md = tmp_path / "base-README.md"
    base_md.write_text(DEFTRUTH.read_text("utf-8"), "utf-8")
    head_md = tmp_path / "README.md"
    # the pull request adds a row to the last paper table (as contributors do), citing vLLM a third time
    lines = DEFTRUTH.read_text("utf-8").split("\n")
    last_row = max(i for i, ln in enumerate(lines) if ln.startswith("|20") and "arxiv.org" in ln)
    lines.insert(last_row + 1, "|2023.09|[vLLM again] PagedAttention|[[pdf]](https://arxiv.org/abs/2309.06180)|⚠️|⭐️ |")
    head_md.write_text("\n".join(lines), "utf-8")
    docs = {}
    for name, md in (("base", base_md), ("head", head_md)):
        store = str(tmp_path / name)
        assert _cli(["--store", store, "-q", "ingest", "--kind", "living_doc", str(md)]).exit_code == 0
        r = _cli(["--store", store, "query", "duplicates", "--format", "json"])
        (tmp_path / f"{name}.json").write_text(r.output, "utf-8")
        docs[name] = json.loads(r.output)
    assert docs["base"]["count"] > 0  # the README already repeats citations: they must not fail the PR

    def run(head: str):
        return subprocess.run(["jq", "-e", "-n", "--slurpfile", "b", str(tmp_path / "base.json"), "--slurpfile", "h",
                               str(tmp_path / head), program], capture_output=True, text=True)

    bad = run("head.json")
    assert bad.returncode == 1 and bad.stderr.startswith("new duplicate citations:\n2309.06180: README.md:")
    assert bad.stderr.count("\n") == 2
    assert run("base.json").returncode == 0


def test_fast_json_is_byte_identical_to_json_dumps(stores, tmp_path):
    """`--format json` serialises result rows with pydantic (Rust) for speed (10,000 notes: claims 10.6 s -> ~1 s);
    the text must stay exactly what ``json.dumps(..., ensure_ascii=False, indent=2)`` wrote, on the sample,
    the seed and hostile text (escapes, control characters, U+2028, astral characters, big and small floats)."""
    import json

    from graph.store import Store
    from provkg.cli.output import json_results as _json_results
    from queries.named import QUERIES
    from queries.results import SCHEMA_VERSION, TitleRef

    def dumps(rows, name):
        return json.dumps({"schema_version": SCHEMA_VERSION, "query": name, "count": len(rows),
                           "results": [r.model_dump(mode="json") for r in rows]}, ensure_ascii=False, indent=2) + "\n"

    compared = 0
    for which in stores.values():
        st = Store(which)
        for q, (fn, _help) in QUERIES.items():
            rows = fn(st)
            if rows:
                assert _json_results(rows, SCHEMA_VERSION, q) == dumps(rows, q), (which, q)
                compared += 1
    assert compared >= 7  # the sample alone: every named query but the empty ones
    odd = ['"quoted" \\ back\\slash', "\x1b[31mred\x07", "line\u2028sep\u2029para", "tab\tnew\nline", "𝔘 astral 😀",
           "</script><!--", "\x7f\x00"[0], ""]
    base = QUERIES["claims"][0](Store(stores["sample"]))[0]
    rows = [base.model_copy(update={"text": t, "line": 10**12 if i else 0}) for i, t in enumerate(odd)]
    assert _json_results(rows, SCHEMA_VERSION, "claims") == dumps(rows, "claims")
    # pydantic writes 1e-7 where json writes 1e-07: rows with floats never take the fast path.
    from provkg.cli.output import emit as _emit, floatless as _floatless

    assert not _floatless(TitleRef) and _floatless(type(base))
    scores = [0.1, 1e-07, 1e21, 123456789.125, -0.0, 2.5e-5, 3.0, 7e300, 1 / 3, 90.0]
    titles = [TitleRef(source=t or "s", line=1, title=t, status="ambiguous", score=v, candidates=[t])
              for t, v in zip(odd + ["a", "b"], scores)]
    _emit(titles, "json", str(tmp_path / "t.json"), "titles")
    assert (tmp_path / "t.json").read_text("utf-8") == dumps(titles, "titles")
    # Floats that repr writes without an exponent are written alike by both: such rows take the fast path.
    from provkg.cli.output import plain_floats as _plain

    plain = [0.1, -0.0, 3.0, 1 / 3, 123456789.125, 1e15, 0.0001, 90.0, 0.25]
    rows = [TitleRef(source="s", line=1, title=t, status="ambiguous", score=v, candidates=[t])
            for t, v in zip(odd + ["a"], plain)]
    assert all(_plain(r) for r in rows) and not _plain(titles[1]) and not _plain(rows[0].model_copy(update={"score": float("nan")}))
    assert _json_results(rows, SCHEMA_VERSION, "titles") == dumps(rows, "titles")


def test_an_unrelated_edit_opens_no_new_finding(tmp_path):
    """`--fail-on new` without a baseline: a file that an old finding quotes, edited elsewhere (a line added
    at its end), opens nothing; only findings the latest ingest opened are new (a fresh user's finding:
    every finding quoting a changed file was called new)."""
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    store = str(tmp_path / "store")
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0
    doc = json.loads(_cli(["--store", store, "report", "contradictions", "--format", "json"]).stdout)
    read = "inbox/flyp/2026-10-26T1550-critical-read.md"
    quoting = [f for f in doc["findings"] if read in (f["a"]["source"], f["b"]["source"])]
    assert quoting  # the arbitrary vs adversarial arrival finding quotes the critical read
    path = ws / read
    path.write_text(path.read_text("utf-8") + "\nP.S. typo fixed in the title.\n", "utf-8")
    assert _cli(["--store", store, "-q", "ingest", str(ws)]).exit_code == 0
    r = _cli(["--store", store, "report", "contradictions", "--fail-on", "new"])
    assert (r.exit_code, [ln for ln in r.stderr.splitlines() if ln.startswith("new: ")]) == (0, [])
