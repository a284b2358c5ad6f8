"""End to end on the bundled sample and on the seed: the acceptance list of the end-to-end issue."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from conftest import MANIFEST_ID, WORKSPACE
from provkg.cli import cli


def _run(args, store, **kw):
    r = CliRunner().invoke(cli, ["--store", str(store), *args], catch_exceptions=False, **kw)
    return r


def test_run_writes_brief_report_and_html(tmp_path):
    out = tmp_path / "out"
    r = _run(["run", str(WORKSPACE), "-o", str(out)], tmp_path / "st")
    assert r.exit_code == 0, r.output
    assert {p.name for p in out.iterdir()} == {".provkg-output", "brief.md", "contradictions.md", "graph.html"}
    for name in ("brief.md", "contradictions.md", "graph.html"):
        assert str(out / name) in r.output


def test_brief_marks_cited_and_new_ids_and_accounts_for_all_materials(tmp_path):
    st = tmp_path / "st"
    assert _run(["ingest", str(WORKSPACE)], st).exit_code == 0
    r = _run(["brief", "--manifest", MANIFEST_ID], st)
    assert r.exit_code == 0
    text = r.output
    citable = text.split("## 可引用的 arXiv 号列表", 1)[1].split("## ", 1)[0]
    rows = {m.group(1): m.group(2).split("；")[0] for m in
            re.finditer(r"arXiv:(\d{4}\.\d{5})(?:v\d+)?.*（([^（）]+)）\s*$", citable, re.M)}
    assert rows["2502.07115"] == "已在 §七 引用列表内"
    assert rows["2609.19969"] == "已在 §七 引用列表内"
    assert rows["2610.32943"] == "新：需加入引用列表"
    assert rows["2610.32464"] == "已丢弃"
    assert rows["1605.08803"] == "归类偏差，未纳入正文"
    assert rows["2610.32616"] == "弱相关，未纳入正文"
    assert "8 项材料，已消费 8 项" in text
    materials = [
        "inbox/flyp/2026-10-27T1550-critical-read.md", "inbox/flyp/2026-10-26T1550-critical-read.md",
        "inbox/jay/2026-10-27T0935-blogs-discovery.md", "inbox/jay/2026-10-27-1050-engineering-screen.md",
        "inbox/jay/2026-10-27-1105-engineering-brief.md", "organized/repo_cards/4572-recursive-oss-rec.md",
        "organized/repo_cards/4563-colinhacks-reylo.md", "organized/paper_cards/1802-1605-08803.md",
    ]
    header = text.split("## 增量 1", 1)[0]
    assert [m for m in materials if f"`{m}`" in header] == materials
    # Each increment names a suggested section of the living document.
    assert "- 建议归入 §3.1「调度算法与 JIL 攻击」：修订" in text
    assert "- 建议归入 §2.3「Cache Compression（Era 5 核心）」：新增" in text
    # The §3.1 entry it revises is named with the line to edit.
    assert re.search(r"触及的现有条目：MC-SF：.*`organized/knowledge/inference.md:77`（修订此行）", text)


def test_brief_english_headings(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    r = _run(["brief", "--manifest", MANIFEST_ID, "--lang", "en"], st)
    assert "## Citable arXiv IDs" in r.output and "(already in the citation list)" in r.output


def test_contradiction_report_holds_the_four_findings(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    r = _run(["report", "contradictions", "--format", "json"], st)
    assert r.exit_code == 0
    doc = json.loads(r.output)
    f = doc["findings"]
    arrival = [x for x in f if x["kind"] == "qualifier" and x["subject"] == "arXiv:2502.07115"]
    sides = {(x["a"]["source"], x["b"]["source"]) for x in arrival}
    assert ("inbox/flyp/2026-10-26T1550-critical-read.md", "organized/knowledge/inference.md") in sides
    hit = next(x for x in arrival if x["b"]["source"] == "organized/knowledge/inference.md")
    assert "任意" in hit["a"]["text"] and "对抗性到达" in hit["b"]["text"]
    assert hit["a"]["line"] > 0 and hit["b"]["line"] > 0 and hit["a"]["agent"] == "flyp"
    figs = {x["detail"][0] for x in f if x["kind"] == "unverified_figure" and x["a"]["source"].endswith("058-2502-07115.md")}
    assert figs == {"figure: 76%", "figure: 2x", "figure: 5.94x"}
    cont = [x for x in f if x["kind"] == "contamination"]
    assert cont and cont[0]["a"]["source"] == "organized/paper_cards/058-2502-07115.md"
    assert any("hbm/dram" in d for d in cont[0]["detail"])
    labels = {x["subject"] for x in f if x["kind"] == "label_mismatch"}
    assert "organized/repo_cards/4563-colinhacks-reylo.md" in labels
    assert "organized/repo_cards/4572-recursive-oss-rec.md" not in labels  # counts only: nothing to judge


def test_report_markdown_quotes_both_sides_with_file_line(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    r = _run(["report", "contradictions"], st)  # the workspace's language (Chinese), as the brief's
    assert "`organized/knowledge/inference.md:" in r.output
    assert "`inbox/flyp/2026-10-26T1550-critical-read.md:" in r.output
    assert "证据等级：摘要页核查" in r.output and r.output.startswith("# 矛盾报告")
    en = _run(["report", "contradictions", "--lang", "en"], st).output
    assert "evidence: abstract checked" in en and "evidence: abstract_checked" not in en


class _Remote(HTMLParser):
    def __init__(self):
        super().__init__()
        self.remote = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("src", "href") and v and re.match(r"\s*(https?:)?//", v):
                self.remote.append((tag, v))


def test_html_loads_no_remote_resource(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    out = tmp_path / "g.html"
    r = _run(["viz", "-o", str(out), "--focus", "arXiv:2502.07115v5", "--depth", "1"], st)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    p = _Remote()
    p.feed(html)
    assert p.remote == []
    assert "@import" not in html and not re.search(r"url\(\s*['\"]?https?:", html)
    assert "arXiv:2502.07115" in html


def test_papers_after_ingesting_the_seed_lists_exactly_its_ids(tmp_path, seed_path):
    st = tmp_path / "st"
    r = _run(["ingest", str(seed_path)], st)
    assert r.exit_code == 0, r.output
    r = _run(["query", "papers", "--format", "json"], st)
    ids = [row["arxiv_id"] for row in json.loads(r.output)["results"]]
    expected = {m for m in re.findall(r"(?<![\d.])(\d{4}\.\d{5})(?![\d])", seed_path.read_text("utf-8"))}
    assert set(ids) == expected == {
        "2502.07115", "2609.19969", "2610.32943", "2610.32616", "2610.32464", "2610.32980", "2610.32608",
        "1605.08803", "2609.38121",
    }
    r = _run(["query", "sources", "--format", "json"], st)
    assert json.loads(r.output)["results"][0]["kind"] == "brief"


def test_reingest_is_incremental(tmp_path):
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    st = tmp_path / "st"
    r = _run(["ingest", str(ws)], st)
    assert "added 13, changed 0, removed 0, unchanged 0" in r.output
    r = _run(["ingest", str(ws)], st)
    assert "added 0, changed 0, removed 0, unchanged 13" in r.output
    note = ws / "inbox/jay/2026-10-27-1105-engineering-brief.md"
    note.write_text(note.read_text("utf-8") + "\n- 新增一条：吞吐提升 3x。\n", "utf-8")
    (ws / "organized/queue/work-queue.md").unlink()
    r = _run(["ingest", str(ws)], st)
    assert "added 0, changed 1, removed 1, unchanged 11" in r.output
    r = _run(["query", "claims", "--source", "inbox/jay/2026-10-27-1105-engineering-brief.md", "--format", "json"], st)
    texts = [c["text"] for c in json.loads(r.output)["results"]]
    assert "新增一条：吞吐提升 3x。" in texts
    r = _run(["query", "sources", "--format", "json"], st)
    assert "organized/queue/work-queue.md" not in {s["source"] for s in json.loads(r.output)["results"]}


def test_query_list_and_unknown_query_exit_codes(tmp_path):
    st = tmp_path / "st"
    r = _run(["query", "--list"], st)
    assert r.exit_code == 0
    for name in ("sources", "papers", "sections", "claims", "increments", "duplicates", "contradictions", "evidence"):
        assert name in r.output
    _run(["ingest", str(WORKSPACE)], st)
    r = CliRunner().invoke(cli, ["--store", str(st), "query", "nope"])
    assert r.exit_code == 2 and "unknown query" in r.output


def test_query_without_store_is_a_clear_error(tmp_path):
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "none"), "query", "papers"])
    assert r.exit_code == 2 and "no store" in r.output


def test_federated_sparql_is_refused_offline(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    r = CliRunner().invoke(cli, ["--store", str(st), "sparql", "SELECT ?s WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"])
    assert r.exit_code == 2 and "SERVICE" in r.output


def test_viz_unknown_manifest_and_bad_depth_are_usage_errors(tmp_path):
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    r = CliRunner().invoke(cli, ["--store", str(st), "viz", "--manifest", "nope", "-o", str(tmp_path / "g.html")])
    assert r.exit_code == 2 and "no manifest 'nope'" in r.output
    r = CliRunner().invoke(cli, ["--store", str(st), "viz", "--focus", "§3.1", "--depth", "-1"])
    assert r.exit_code == 2


def test_a_write_flushed_in_batches_holds_the_same_quads(tmp_path, monkeypatch):
    """The on-disk writer writes its queue every FLUSH_AT quads (bounded memory); the store it leaves
    holds exactly the quads of a write done in one batch."""
    from graph.loader import ingest_paths
    from graph.store import Store, Writer

    def dump(path):
        s = Store(path)
        return {str(q) for q in s.quads() if "activity/" not in str(q) and "mtime" not in str(q)
                and "startedAtTime" not in str(q) and "endedAtTime" not in str(q)
                and "generatedAtTime" not in str(q)}

    ingest_paths(Store(tmp_path / "one"), [WORKSPACE])
    monkeypatch.setattr(Writer, "FLUSH_AT", 50)
    ingest_paths(Store(tmp_path / "many"), [WORKSPACE])
    one, many = dump(tmp_path / "one"), dump(tmp_path / "many")
    assert len(one) > 5000 and one == many


def test_parallel_parse_gives_the_same_store(tmp_path):
    """Past 64 files the CLI parses in a process pool by default (-j 0 = one per CPU); the store it
    writes holds the same quads as a single-process ingest."""
    from generate import generate_workspace

    from graph.store import Store

    ws = generate_workspace(tmp_path / "ws", 80, seed=3)

    def dump(path):
        return {str(q) for q in Store(path).quads() if "activity/" not in str(q) and "mtime" not in str(q)
                and "AtTime" not in str(q)}

    for store, jobs in ((tmp_path / "one", "1"), (tmp_path / "auto", "0")):
        r = CliRunner().invoke(cli, ["--store", str(store), "-q", "ingest", "-j", jobs, str(ws)], obj={})
        assert r.exit_code == 0, r.output
    one, auto = dump(tmp_path / "one"), dump(tmp_path / "auto")
    assert len(one) > 10_000 and one == auto


def _merge_workspace(root: Path) -> None:
    """Two notes whose topics look alike: one pair with two different arXiv IDs and one title, one pair of
    newsletter issues 478/479, and one pair of no-ID topics that name the same thing."""
    (root / "work-guard").mkdir(parents=True)
    (root / "organized" / "knowledge").mkdir(parents=True)
    (root / "inbox" / "amy").mkdir(parents=True)
    (root / "organized" / "knowledge" / "k.md").write_text(
        "# k 活文档\n\n## §2 解码\n\n### §2.1 投机解码\n\n- 草稿模型路线（arXiv:2211.17192）。\n\n"
        "## §6 趋势\n\n### §6.2 趋势\n\n- agent 编排。\n\n## 七、引用列表\n\n- arXiv:2211.17192 —— Fast Inference\n",
        "utf-8")
    notes = {
        "a.md": ("Draft Tree Decoding：speculative drafts（arXiv:2611.00001）", "Import AI 478：ProgramBench",
                 "Weekly Digest 12：agent skills", "newsletter 转述"),
        "b.md": ("Draft Tree Decoding：speculative drafts（arXiv:2611.00002）", "Import AI 479：ProgramBench",
                 "Weekly Digest 12：skills and plans", "摘要页核查"),
    }
    for name, (paper, issue, digest, digest_ev) in notes.items():
        (root / "inbox" / "amy" / name).write_text(
            f"---\nauthor: amy\ncreated: \"2026-11-01T10:00:00+08:00\"\n---\n# 笔记 {name}\n\n"
            f"## {paper}\n\n证据等级：摘要页核查\n\n- 要点：草稿树把接受率提高到 {name[0]} 倍。\n- 建议归入 §2.1。\n\n"
            f"## {issue}\n\n证据等级：newsletter 转述\n\n- ProgramBench 进展，期号见标题（{name}）。\n- 建议归入 §6.2。\n\n"
            f"## {digest}\n\n证据等级：{digest_ev}\n\n- 技能复用的编排结构。\n- 建议归入 §6.2。\n",
            "utf-8")
    (root / "work-guard" / "m-1.json").write_text(json.dumps({
        "manifest_id": "m-1", "domain": "k", "created": "2026-11-01T22:00:00+08:00",
        "knowledge": "organized/knowledge/k.md",
        "items": [{"path": "inbox/amy/a.md", "agent": "amy"}, {"path": "inbox/amy/b.md", "agent": "amy"}],
    }), "utf-8")


def test_topics_with_different_arxiv_ids_or_issue_numbers_are_never_merged(tmp_path):
    """Similar titles do not merge two arXiv IDs or two newsletter issues; two no-ID topics naming one thing do."""
    ws = tmp_path / "ws"
    _merge_workspace(ws)
    st = tmp_path / "st"
    assert _run(["ingest", str(ws)], st).exit_code == 0
    r = _run(["brief", "--manifest", "m-1", "--format", "json"], st)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    got = [(t["title"], [(s["source"], s["line"]) for s in t["sources"]], [a["arxiv_id"] for a in t["arxiv"]])
           for t in doc["topics"]]
    assert got == [
        ("Draft Tree Decoding：speculative drafts（arXiv:2611.00001）", [("inbox/amy/a.md", 7)], ["2611.00001"]),
        ("Import AI 478：ProgramBench", [("inbox/amy/a.md", 14)], []),
        ("Weekly Digest 12：agent skills", [("inbox/amy/a.md", 21), ("inbox/amy/b.md", 21)], []),
        ("Draft Tree Decoding：speculative drafts（arXiv:2611.00002）", [("inbox/amy/b.md", 7)], ["2611.00002"]),
        ("Import AI 479：ProgramBench", [("inbox/amy/b.md", 14)], []),
    ]
    assert [t["number"] for t in doc["topics"]] == [1, 2, 3, 4, 5]
    digest = doc["topics"][2]
    # the strongest evidence of its sources heads it; each source keeps its own; identical points appear once
    assert digest["evidence"] == "abstract_checked"
    assert [s["evidence"] for s in digest["sources"]] == ["second_hand", "abstract_checked"]
    # the same words in both notes are one line citing both
    assert [(p["text"], [(x["source"], x["line"]) for x in p["statements"]]) for p in digest["points"]] == [
        ("技能复用的编排结构。", [("inbox/amy/a.md", 25), ("inbox/amy/b.md", 25)]),
        ("建议归入 §6.2。", [("inbox/amy/a.md", 26), ("inbox/amy/b.md", 26)])]
    row = next(a for a in doc["actions"] if a["section"] == "6.2")
    assert (row["verb"], row["increments"]) == ("add", [2, 3, 5])  # the digest once, both issues apart
    md = _run(["brief", "--manifest", "m-1"], st).output
    assert "增量条数：5 条" in md


def test_run_writes_the_report_in_the_brief_language(tmp_path):
    """The sample is Chinese: `run` writes both the brief and the contradiction report in Chinese
    (headings, finding summaries, agent and evidence labels), with no English label left."""
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["--store", str(tmp_path / "st"), "run", str(WORKSPACE), "-o", str(out)], obj={})
    assert r.exit_code == 0, r.output
    report = (out / "contradictions.md").read_text("utf-8")
    assert report.startswith("# 矛盾报告\n") and "8 条发现：" in report
    assert "· 作者：flyp · 证据等级：摘要页核查" in report
    assert not re.search(r"\b(agent|evidence): |findings: |stated in|marked not verified", report)


def test_source_date_epoch_makes_the_brief_reproducible(tmp_path):
    """SOURCE_DATE_EPOCH (reproducible-builds.org) replaces the generation time: the same store gives
    the same bytes in any minute; a value that is not whole seconds is one line and exit 2."""
    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    env = {"SOURCE_DATE_EPOCH": "1764460800"}  # 2025-11-30T00:00:00Z
    a = _run(["brief", "--manifest", MANIFEST_ID], st, env=env)
    b = _run(["brief", "--manifest", MANIFEST_ID], st, env=env)
    assert a.exit_code == 0 and a.stdout == b.stdout
    assert "2025-11-30T00:00+00:00" in a.stdout
    bad = CliRunner().invoke(cli, ["--store", str(st), "brief", "--manifest", MANIFEST_ID],
                             env={"SOURCE_DATE_EPOCH": "yesterday"})
    assert bad.exit_code == 2 and bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [
        "provkg: SOURCE_DATE_EPOCH='yesterday' is not a whole number of seconds since 1970-01-01 UTC"]
    for value, says in (("-5", "is not a whole number"), ("1.5", "is not a whole number"),
                        ("253402300800", "is past the last time"), ("9" * 20, "is past the last time")):
        r = CliRunner().invoke(cli, ["--store", str(st), "brief", "--manifest", MANIFEST_ID],
                               env={"SOURCE_DATE_EPOCH": value})
        assert r.exit_code == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, (value, r.stderr)
    assert "1970-01-01T00:00+00:00" in _run(["brief", "--manifest", MANIFEST_ID], st,
                                            env={"SOURCE_DATE_EPOCH": "0"}).stdout


def test_a_manifest_is_named_by_the_start_of_its_id_and_an_unknown_one_lists_the_held_ids(tmp_path):
    """``--manifest e627b203`` (a short ID, as a commit is named) reads the one manifest it starts;
    a start shorter than four characters or naming none is a usage error that lists the held IDs."""
    from conftest import MANIFEST_ID

    st = tmp_path / "st"
    _run(["ingest", str(WORKSPACE)], st)
    short = CliRunner().invoke(cli, ["--store", str(st), "query", "items", "-m", MANIFEST_ID[:8], "--format", "json"])
    full = CliRunner().invoke(cli, ["--store", str(st), "query", "items", "-m", MANIFEST_ID, "--format", "json"])
    assert short.exit_code == 0 and short.output == full.output and MANIFEST_ID in short.output
    brief = CliRunner().invoke(cli, ["--store", str(st), "brief", "-m", MANIFEST_ID[:8].upper()])
    assert brief.exit_code == 0 and brief.output.startswith("# ")
    for bad in (MANIFEST_ID[:3], "0000ffff"):
        r = CliRunner().invoke(cli, ["--store", str(st), "brief", "-m", bad])
        assert r.exit_code == 2 and f"no manifest {bad!r}" in r.output and f"it holds {MANIFEST_ID}" in r.output
        assert ("four characters or more" in r.output) == (bad == MANIFEST_ID[:3])
    r = CliRunner().invoke(cli, ["--store", str(st), "query", ""])  # a name left empty is no name to list by
    assert r.exit_code == 2 and "unknown query ''" in r.output
