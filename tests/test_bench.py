"""The benchmark's generator and runner work (functional, not timed): bench/generate.py, bench/run.py."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

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
                         "--workspace", str(tmp_path / "ws")], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert cp.returncode == 0, cp.stderr[-2000:]
    lines = cp.stdout.strip().splitlines()
    assert any(ln.startswith("cold ingest") for ln in lines[:-1])  # the table comes first
    assert any(ln.startswith("Oxigraph bulk load of the same quads") for ln in lines[:-1])
    res = json.loads(lines[-1])
    for key in ("notes", "ingest_s", "notes_per_s", "bulk_load_s", "bulk_load_optimize_s", "ingest_over_bulk_load",
                "reingest_8_s", "commands", "baseline_queries", "peak_rss_mb", "ratios", "loadavg_start", "loadavg_end"):
        assert key in res, key
    assert res["notes"] == 50 and res["ingest_errors"] == 0
    assert res["files"] == 50 + 10 + 2 + 1 + 1 + 1  # notes, paper cards, repo cards, living doc, queue, manifest
    assert res["notes_per_s"] == pytest.approx(50 / res["ingest_s"])
    assert res["ingest_over_bulk_load"] == pytest.approx(res["ingest_s"] / res["bulk_load_optimize_s"])
    assert res["reingest_8_changed"] == 8
    assert res["quads"] > 1000 and res["nquads_mb"] > 0
    from queries.named import QUERIES

    # Every named query, the per-manifest ones, the brief, the report, validate, why and diff, each a new
    # process right after the cold ingest, again, and right after the re-ingest, with its own peak memory.
    cmds = res["commands"]
    assert {f"query {n}" for n in QUERIES} | {"brief", "report contradictions", "validate", "diff",
                                               "query evidence --manifest", "query items --manifest"} <= set(cmds)
    for label, v in cmds.items():
        for phase in ("after_cold", "warm", "after_reingest"):
            assert v[f"{phase}_exit"] == 0, (label, phase)
            assert 0 < v[f"{phase}_s"] < 300 and 20 < v[f"{phase}_peak_rss_mb"] < 2000, (label, phase)
    assert res["peak_rss_mb"] >= res["ingest_peak_rss_mb"] > 20
    assert res["baseline_queries"] == {}
    assert "command (new process)" in cp.stdout and "query contradictions" in cp.stdout


def test_rdflib_baseline_answers_like_the_store(tmp_path):
    """The baseline runs the same named queries on rdflib (every fact read with SPARQL, every rule over the
    whole store) and gets the rows the derived index gives."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("provkg_bench_run", ROOT / "bench" / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    from graph.store import Store
    from provkg.api import ProvKG
    from queries.named import contradictions, duplicates, evidence, sections, sources

    ws = generate_workspace(tmp_path / "ws", 8, seed=1)
    st = Store(tmp_path / "store")
    assert ProvKG(st).ingest([ws], jobs=1).errors == []
    nq = tmp_path / "d.nq"
    import pyoxigraph as ox

    st.db.dump(str(nq), ox.RdfFormat.N_QUADS)
    base = run.RdflibStore(nq)
    assert len(base) == len(st)
    for fn in (sources, sections, duplicates, contradictions, evidence):
        assert [r.model_dump() for r in fn(base)] == [r.model_dump() for r in fn(st)], fn.__name__


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
