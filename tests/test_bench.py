"""The benchmark's generator and runner work (functional, not timed): bench/generate.py, bench/run.py."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from generate import generate_workspace  # noqa: E402


def _digest(root: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def test_generator_is_deterministic_and_shaped_like_the_sample(tmp_path):
    a = generate_workspace(tmp_path / "a", 60, seed=3)
    b = generate_workspace(tmp_path / "b", 60, seed=3)
    c = generate_workspace(tmp_path / "c", 60, seed=4)
    assert _digest(a) == _digest(b) != _digest(c)
    notes = sorted((a / "inbox").rglob("*.md"))
    assert len(notes) == 60
    assert {p.parent.name for p in notes} == {"flyp", "jay", "tom", "mia", "chen"}
    assert len(list((a / "organized" / "paper_cards").glob("*.md"))) == 12
    mans = sorted((a / "work-guard").glob("*.json"))
    assert len(mans) == 2  # one per 50 notes
    m = json.loads(mans[0].read_text("utf-8"))
    assert m["manifest_id"] == mans[0].stem and m["knowledge"] == "organized/knowledge/inference.md"
    assert all((a / it["path"]).is_file() for it in m["items"])
    doc = (a / "organized" / "knowledge" / "inference.md").read_text("utf-8")
    assert "## 七、引用列表" in doc and "### §2.3 Cache Compression" in doc
    text = "\n".join(p.read_text("utf-8") for p in notes)
    for needle in ("建议归入 §", "证据等级：", "https://arxiv.org/abs/", "arXiv:", "%"):
        assert needle in text


def test_run_prints_a_table_then_one_json_line_with_sane_values(tmp_path):
    cp = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--notes", "50", "--skip-baseline",
                         "--workspace", str(tmp_path / "ws")], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert cp.returncode == 0, cp.stderr[-2000:]
    lines = cp.stdout.strip().splitlines()
    assert any(ln.startswith("cold ingest") for ln in lines[:-1])  # the table comes first
    res = json.loads(lines[-1])
    for key in ("notes", "ingest_s", "notes_per_s", "reingest_8_s", "queries", "baseline_queries", "brief_s",
                "report_s", "peak_rss_mb", "regex_s", "ratios"):
        assert key in res, key
    assert res["notes"] == 50 and res["ingest_errors"] == 0
    assert res["files"] == 50 + 10 + 2 + 1 + 1 + 1  # notes, paper cards, repo cards, living doc, queue, manifest
    assert res["notes_per_s"] == pytest.approx(50 / res["ingest_s"])
    assert res["reingest_8_changed"] == 8
    from queries.named import QUERIES

    assert set(res["queries"]) == set(QUERIES)
    assert all(0 < t < 120 for t in res["queries"].values())
    assert res["query_rows"]["sources"] == res["files"]
    assert res["query_rows"]["duplicates"] > 0 and res["query_rows"]["claims"] > 50
    assert res["baseline_queries"] == {}
    assert res["brief_chars"] > 500 and res["report_findings"] > 0
    # The report counts what `query contradictions` finds; the regex pass and the whole-snapshot brief ran in
    # children, each with its own peak.
    assert res["report_findings"] == res["query_rows"]["contradictions"]
    assert res["brief_whole_s"] > 0 and res["brief_whole_peak_rss_mb"] > 20 and res["regex_peak_rss_mb"] > 5
    assert 20 < res["peak_rss_mb"] < 2000
    assert res["peak_rss_mb"] == max(res["peak_rss_self_mb"], res["ingest_peak_rss_mb"]) and res["ingest_peak_rss_mb"] > 20
    assert res["quads"] > 1000 and res["nquads_mb"] > 0
    # Each command a curator runs after the shift's ingest, in a new process, with its own peak memory.
    cli = res["cli_after_reingest"]
    assert {"brief", "diff", "why (a work of a changed note)", "query claims", "report contradictions", "viz",
            "validate"} <= set(cli)
    assert all(v["exit"] == 0 for v in cli.values()), {k: v["exit"] for k, v in cli.items()}
    assert all(30 < v["peak_rss_mb"] < 2000 and 0 < v["warm_s"] < 120 for v in cli.values())
    assert res["peak_rss_cli_mb"] == max(v["peak_rss_mb"] for v in cli.values())
    assert 0 < res["validate_first_s"] < 300 and "validate, first run on the store" in cp.stdout
    assert "provkg command after the re-ingest" in cp.stdout


def test_rdflib_baseline_answers_like_the_store(tmp_path):
    """The baseline runs the same named queries on rdflib and gets the same rows."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("provkg_bench_run", ROOT / "bench" / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.named import duplicates, sections, sources

    ws = generate_workspace(tmp_path / "ws", 8, seed=1)
    st = Store(None)
    assert ingest_paths(st, [ws]).errors == []
    nq = tmp_path / "d.nq"
    import pyoxigraph as ox

    st.db.dump(str(nq), ox.RdfFormat.N_QUADS)
    base = run.RdflibStore(nq)
    assert len(base) == len(st)
    for fn in (sources, sections, duplicates):
        assert [r.model_dump() for r in fn(base)] == [r.model_dump() for r in fn(st)], fn.__name__


def test_snapshot_part_cache_follows_the_live_database(tmp_path):
    """Parts read from an on-disk store are cached per database; an ingest makes a new one."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.snapshot import _PARTS, _cache_dir, load_snapshot

    ws = generate_workspace(tmp_path / "ws", 6, seed=2)
    path = tmp_path / "st"
    assert ingest_paths(Store(path), [ws]).errors == []
    cold = load_snapshot(Store(path))
    caches = list((path / "snapshot-cache").iterdir())
    assert len(caches) == 1 and (caches[0] / "claims.marshal").is_file()
    warm = load_snapshot(Store(path))
    for part in dict.fromkeys(_PARTS):
        assert getattr(warm, part) == getattr(cold, part), part
    assert load_snapshot(Store(path), lazy=True).claims == cold.claims
    note = sorted((ws / "inbox").rglob("*.md"))[0]
    with open(note, "a", encoding="utf-8") as fh:
        fh.write("\n- 追加的一条：吞吐提升 3x（未验证）。\n")
    assert ingest_paths(Store(path), [ws]).changed == [note.relative_to(ws).as_posix()]
    after = load_snapshot(Store(path), lazy=True)
    texts = [c.text for c in after.claims_of(note.relative_to(ws).as_posix())]
    assert any("追加的一条" in t for t in texts)
    assert not any("追加的一条" in c.text for c in cold.claims)
    # The previous database's folder stays, less its query answers, as the base the next parts are
    # patched from (queries.snapshot._patch_part); an older one is removed.
    live = _cache_dir(Store(path))
    assert sorted((path / "snapshot-cache").iterdir()) == sorted([caches[0], live])
    assert not list(caches[0].glob("result-*.json")) and (caches[0] / "claims.marshal").is_file()
    with open(note, "a", encoding="utf-8") as fh:
        fh.write("\n- 再追加一条。\n")
    assert ingest_paths(Store(path), [ws]).changed == [note.relative_to(ws).as_posix()]
    assert any("再追加一条" in c.text for c in load_snapshot(Store(path), lazy=True).claims)
    assert sorted((path / "snapshot-cache").iterdir()) == sorted([live, _cache_dir(Store(path))])


def test_alias_matcher_agrees_with_one_search_per_alias():
    import random
    import re

    from queries.snapshot import AliasMatcher as _AliasMatcher

    def one_by_one(aliases, text):
        return [aid for alias, aid in sorted(aliases.items()) if len(alias) >= 3
                and re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", text, re.IGNORECASE)]

    rnd = random.Random(7)
    words = ["(MC)", "x-MC", "MC-SF", "mc-sf", "Flash", "FlashAttention", "Flash Attention", "KVTC", "KV", "GEAR",
             "gear-2", "SnapKV", "Snap", "vLLM", "vLLM-X", "ABC d", "快速注意力", "DeepSeek-V4.1-Flash"]
    for _ in range(2000):
        aliases = {w: f"id{rnd.randrange(5)}" for w in rnd.sample(words, rnd.randrange(1, len(words)))}
        text = " ".join(rnd.choice(words + ["x", "-", "the", "、", "（", "Flash-", "MC", "SFx", "4.1"])
                        for _ in range(rnd.randrange(1, 12)))
        text = "".join(ch.upper() if rnd.random() < 0.2 else ch for ch in text)
        assert _AliasMatcher(aliases)(text) == one_by_one(aliases, text), (aliases, text)
