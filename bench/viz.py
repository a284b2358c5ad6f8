"""How fast the HTML graph views are, on a synthetic workspace, in headless Chromium (not a test).

Usage::

    python bench/viz.py [--notes 10000] [--work /tmp/provkg-viz-10000] [--budget 300] [--runs 3]
    python bench/viz.py --render-only 1000 10000      # renderer alone, on synthetic GraphViews

The first run generates ``--notes`` notes with ``bench/generate.py`` into ``WORK/ws`` and ingests them
(``jobs=2``) into ``WORK/store``; later runs reuse both.  Then, for the whole-store view and one
manifest's shift view (the manifest with the most materials), it times in Python the snapshot load,
the view (selection + clustering + networkx layout) and the page, and in Chromium (Debian's
``/usr/bin/chromium`` via Playwright, network off: every non-``file:`` request is aborted and
counted) the time from navigation until the first frame is drawn (``afterDrawing``) and until a
click on a node has filled the provenance panel.  Medians of ``--runs`` fresh pages.  Prints one
line per view with the node/edge counts shown and in scope, then one JSON object as its last line.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from queries.render.html import GraphView, VizEdge, VizNode, render_html, write_html

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


# -- the workspace and store --------------------------------------------------


def prepare(work: Path, notes: int) -> tuple[Path, dict]:
    """Generate and ingest once; return the store path and the preparation figures."""
    from graph.loader import ingest_paths
    from graph.store import Store

    store, marker = work / "store", work / "prepared.json"
    if marker.exists() and json.loads(marker.read_text())["notes"] == notes and Store(store).exists():
        return store, json.loads(marker.read_text())
    from generate import generate_workspace

    work.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    ws = generate_workspace(work / "ws", notes, seed=0)
    gen_s = time.perf_counter() - t
    t = time.perf_counter()
    rep = ingest_paths(Store(store), [ws], jobs=2)
    info = {"notes": notes, "generate_s": round(gen_s, 2), "ingest_s": round(time.perf_counter() - t, 2),
            "files": len(rep.added), "errors": len(rep.errors)}
    marker.write_text(json.dumps(info))
    return store, info


# -- the browser --------------------------------------------------------------


def browser_times(browser, page_path: Path, node_ids: list[str], runs: int) -> dict:
    """Time one page in Chromium, ``runs`` fresh pages; medians.

    In the page (``performance.now()``, ms from navigation start): ``drawn_ms`` the first frame
    (vis ``afterDrawing``), ``ready_ms`` drawn and the ``load`` event done, ``click_ms`` from the
    pointer going down on a node to the provenance panel filled.  ``interactive_ms`` = ready +
    click: what a person clicking at the first moment waits.  ``wall_s``: the same seen from
    Python -- goto, wait until drawn, click the node, wait for the panel -- so it also holds the
    Playwright round trips.  The node clicked is the first of ``node_ids`` that is visible and on
    top at its position.
    """
    rows: list[dict] = []
    blocked: list[str] = []
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 1400, "height": 860})

        def route(r, blocked=blocked):
            if r.request.url.startswith(("file:", "data:", "blob:")):
                r.continue_()
            else:
                blocked.append(r.request.url)
                r.abort()

        ctx.route("**/*", route)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        t0 = time.perf_counter()
        page.goto(page_path.as_uri())
        page.wait_for_function("() => window.provkgDrawnAt !== undefined && window.provkgReady === true",
                               timeout=120_000, polling=10)
        node_id, x, y = page.evaluate("""(ids) => {
            const n = window.provkgNetwork, c = document.querySelector('#graph canvas').getBoundingClientRect();
            window.benchMarks = {};
            c && document.querySelector('#graph canvas').addEventListener(
              'pointerdown', () => { window.benchMarks.down = performance.now(); }, true);
            new MutationObserver(() => { window.benchMarks.panel = window.benchMarks.panel || performance.now(); })
              .observe(document.getElementById('details'), {childList: true});
            let pick = null;
            for (const id of ids) { const p = n.canvasToDOM(n.getPositions([id])[id]);
              if (n.getNodeAt(p) === id) { pick = [id, p]; break; } }
            if (!pick) { pick = [ids[0], n.canvasToDOM(n.getPositions([ids[0]])[ids[0]])]; }
            return [pick[0], c.left + pick[1].x, c.top + pick[1].y]; }""", node_ids)
        page.mouse.click(x, y)
        page.wait_for_function("(id) => document.getElementById('details').getAttribute('data-node') === id",
                               arg=node_id, timeout=30_000, polling=10)
        wall = time.perf_counter() - t0
        drawn, load, marks = page.evaluate(
            "[window.provkgDrawnAt, performance.timing.loadEventEnd - performance.timing.navigationStart,"
            " window.benchMarks]")
        if errors:
            raise RuntimeError(f"{page_path}: page errors {errors}")
        ready = max(drawn, load)
        click = marks["panel"] - marks["down"]
        rows.append({"drawn_ms": drawn, "ready_ms": ready, "click_ms": click, "interactive_ms": ready + click,
                     "wall_s": wall})
        ctx.close()
    out = {k: round(statistics.median(r[k] for r in rows), 3 if k == "wall_s" else None) for k in rows[0]}
    out["blocked_requests"] = len(blocked)
    return out


def click_targets(res) -> list[str]:
    """Nodes to click, best first: claims, then files, then groups, then the rest."""
    rank = {"claim": 0, "source": 1, "cluster": 2}
    return [n for _, n in sorted((rank.get(d.get("type"), 3), n) for n, d in res.graph.nodes(data=True))][:200]


def bench_views(notes: int, work: Path, budget: int, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot
    from queries.views import build_view, ingest_records

    store_path, prep = prepare(work, notes)
    store = Store(store_path)
    t = time.perf_counter()
    snap = load_snapshot(store)
    ingests = ingest_records(store)
    load_s = time.perf_counter() - t
    t = time.perf_counter()
    findings = contradictions(snap)
    contra_s = time.perf_counter() - t
    print(f"store: {notes:,} notes, {len(snap.sources):,} files, {len(snap.claims):,} claims, "
          f"{len({c.arxiv_id for c in snap.citations}):,} works, {len(snap.sections):,} sections, "
          f"{len(findings):,} contradictions, {len({m.manifest_id for m in snap.manifest_items})} manifests; snapshot {load_s:.2f} s, "
          f"contradiction rules {contra_s:.2f} s")
    by_manifest: dict[str, int] = {}
    for m in snap.manifest_items:
        by_manifest[m.manifest_id] = by_manifest.get(m.manifest_id, 0) + 1
    shift = max(sorted(by_manifest), key=lambda k: by_manifest[k])
    out = {"notes": notes, "prepare": prep, "snapshot_s": round(load_s, 2), "contradictions_s": round(contra_s, 2),
           "budget": budget, "views": {}}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for name, kw in (("whole", {}), ("shift", {"manifest": shift})):
            t = time.perf_counter()
            res = build_view(snap, title=f"bench {name}", node_budget=budget, ingests=ingests, **kw)
            view_s = time.perf_counter() - t
            page_path = work / f"{name}.html"
            t = time.perf_counter()
            write_html(res.view, page_path, node_budget=max(len(res.view.nodes), 1))
            page_s = time.perf_counter() - t
            b = browser_times(browser, page_path, click_targets(res), runs)
            row = {"nodes_shown": res.graph.number_of_nodes(), "edges_shown": res.graph.number_of_edges(),
                   "nodes_in_scope": res.total_nodes, "edges_in_scope": res.total_edges,
                   "view_s": round(view_s, 3), "page_s": round(page_s, 3),
                   "page_mb": round(page_path.stat().st_size / 1e6, 2), **b, "notes": res.notes}
            out["views"][name] = row
            print(f"{name:<6} {row['nodes_shown']:>5,} of {row['nodes_in_scope']:>7,} nodes, "
                  f"{row['edges_shown']:>5,} of {row['edges_in_scope']:>7,} edges | python: view {view_s:.2f} s, "
                  f"page {page_s:.2f} s ({row['page_mb']} MB)\n         chromium: drawn {b['drawn_ms']} ms, "
                  f"ready {b['ready_ms']} ms, click->panel {b['click_ms']} ms, interactive {b['interactive_ms']} ms; "
                  f"driven from Python (goto..panel) {b['wall_s']:.2f} s; {b['blocked_requests']} requests blocked")
            for line in res.notes:
                print(f"         {line}")
        browser.close()
    return out


# -- renderer alone -----------------------------------------------------------


def synthetic(n: int, seed: int = 42) -> GraphView:
    """A graph of about ``n`` nodes: quarter sources, activities, claims; the rest works/agents."""
    rnd = random.Random(seed)
    notes = max(1, n // 4)
    works = max(1, n - 3 * notes - 5)
    nodes = [VizNode(f"agent:{a}", f"agent {a}", "agent") for a in range(5)]
    nodes += [VizNode(f"arXiv:2502.{w:05d}", f"arXiv:2502.{w:05d}", "work") for w in range(works)]
    edges = []
    for i in range(notes):
        src, act, clm = f"src:{i}", f"act:{i}", f"claim:{i}"
        nodes += [
            VizNode(src, f"inbox/n{i}.md", "source", {"source": f"inbox/n{i}.md"}),
            VizNode(act, f"ingest {i}", "activity", {"time": "2025-01-01T00:00:00Z"}),
            VizNode(clm, f"claim {i} " + "x" * rnd.randrange(60), "claim",
                    {"source": f"inbox/n{i}.md", "line": str(rnd.randrange(1, 300)), "evidence": "abstract_checked"}),
        ]
        w = f"arXiv:2502.{rnd.randrange(works):05d}"
        edges += [
            VizEdge(clm, src, "wasDerivedFrom", "wasDerivedFrom"),
            VizEdge(src, act, "wasGeneratedBy", "wasGeneratedBy"),
            VizEdge(src, f"agent:{rnd.randrange(5)}", "wasAttributedTo", "wasAttributedTo"),
            VizEdge(clm, w, "cites", "cites"),
        ]
        if i % 50 == 49:
            edges.append(VizEdge(clm, f"claim:{rnd.randrange(notes)}", "contradicts", "contradicts"))
    return GraphView(nodes[:n], edges, f"bench {n}")


def render_only(sizes: list[int]) -> None:
    render_html(synthetic(10))  # warm the asset cache and imports
    for n in sizes:
        view = synthetic(n)
        for label, kw in (("budget 800 (layout)", {}), ("budget 200 (physics)", {"node_budget": 200})):
            times = []
            for _ in range(3):
                t0 = time.perf_counter()
                page = render_html(view, **kw)
                times.append(time.perf_counter() - t0)
            print(f"{n:>7,} nodes, {len(view.edges):>7,} edges, {label:<22}: {statistics.median(times):6.3f} s  "
                  f"{len(page.encode('utf-8')) / 1e6:5.2f} MB")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notes", type=int, default=10_000)
    ap.add_argument("--work", type=Path, default=None, help="folder for the workspace, store and pages")
    ap.add_argument("--budget", type=int, default=None, help="node budget (default queries.views.DEFAULT_NODE_BUDGET)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--render-only", type=int, nargs="*", default=None, metavar="N")
    a = ap.parse_args(argv)
    if a.render_only is not None:
        render_only(a.render_only or [1000, 10000])
        return
    from queries.views import DEFAULT_NODE_BUDGET

    work = a.work or Path(f"/tmp/provkg-viz-{a.notes}")
    out = bench_views(a.notes, work, a.budget or DEFAULT_NODE_BUDGET, a.runs)
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
