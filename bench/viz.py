"""Time ``queries.render.html.render_html`` on synthetic PROV-shaped graphs (not a test).

Usage: python bench/viz.py [N ...]   (default: 1000 10000)

Each note gives a source, an activity, a claim and a link to one of N/10 works;
every 50th claim contradicts another.  Prints wall time (median of 3) for the
default budget (800, networkx layout), a 200-node budget (vis physics, no
layout) and, up to 2,000 nodes, no budget at all.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from queries.render.html import GraphView, VizEdge, VizNode, render_html  # noqa: E402


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


def timed(view: GraphView, **kw) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(3):
        t0 = time.perf_counter()
        page = render_html(view, **kw)
        times.append(time.perf_counter() - t0)
        size = len(page.encode("utf-8"))
    return statistics.median(times), size


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [1000, 10000]
    render_html(synthetic(10))  # warm the asset cache and imports
    for n in sizes:
        view = synthetic(n)
        cases = [("budget 800 (layout)", {}), ("budget 200 (physics)", {"node_budget": 200})]
        if n <= 2000:
            cases.append(("no budget (layout)", {"node_budget": n}))
        for label, kw in cases:
            t, size = timed(view, **kw)
            print(f"{n:>7,} nodes, {len(view.edges):>7,} edges, {label:<22}: {t:6.3f} s  {size / 1e6:5.2f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
