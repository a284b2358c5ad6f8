"""Real-browser tests of the HTML graph page (queries.render.html) in headless Chromium.

Needs the Python ``playwright`` package and Debian's ``chromium`` (``/usr/bin/chromium``);
``playwright install`` is never run: the browser is launched with ``executable_path``.
Skipped, with the reason, when either is missing.

Every request the page makes is routed: ``file:``, ``data:`` and ``blob:`` go through, anything
else is aborted and recorded, and the test fails if there was any (PITFALLS P1).  The page is
also checked for script errors, CSP violations and dialogs (PITFALLS P3).

Screenshots are saved as test artefacts in ``test-artifacts/`` at the repository root (ignored by
git; CI leaves them in its clone): ``viz.png`` (the small synthetic page), ``viz-sample.png`` (the
bundled sample workspace, whole store, with a claim's provenance open in the side panel) and
``viz-shift.png`` (the sample manifest's shift).
"""
from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

from queries.render.html import GraphView, VizEdge, VizNode, write_html

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright Python package is not installed")

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("PROVKG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOCAL_SCHEMES = ("file:", "data:", "blob:")
XSS_LABEL = "<img src=x onerror=alert(1)>"


def screenshot_with_panel(page, node_id: str, name: str) -> None:
    """Clear the search, fit the whole graph, click ``node_id`` until its provenance panel is open,
    park the mouse where no tooltip covers the graph, and save ``test-artifacts/<name>``."""
    page.fill("#search", "")
    page.wait_for_timeout(800)  # let the 300 ms focus animation finish
    page.evaluate("window.provkgNetwork.fit({animation: false})")
    x, y = node_dom_point(page, node_id)
    page.mouse.click(x, y)
    page.wait_for_function("(id) => document.getElementById('details').getAttribute('data-node') === id", arg=node_id)
    box = page.locator("#graph canvas").bounding_box()
    page.mouse.move(box["x"] + 4, box["y"] + box["height"] - 4)
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def sample_view() -> GraphView:
    """A small PROV-shaped graph: two notes citing one work, a contradiction, versions, a manifest."""
    nodes = [
        VizNode("arXiv:2502.07115", "arXiv:2502.07115", "work", {"title": "Online scheduling for LLM inference"}),
        VizNode("arXiv:2502.07115v2", "2502.07115v2", "version", {"version": "v2"}),
        VizNode("arXiv:2404.14469", "arXiv:2404.14469", "work", {"title": "SnapKV"}),
        VizNode("src:flyp/x.md", "inbox/flyp/x.md", "source", {"source": "inbox/flyp/x.md"}),
        VizNode("src:kb/y.md", "inbox/kb/y.md", "source", {"source": "inbox/kb/y.md"}),
        VizNode("agent:flyp", "flyp", "agent", {"kind": "person"}),
        VizNode("agent:kb", "kb", "agent"),
        VizNode("act:ingest1", "ingest #1", "activity", {"time": "2025-01-01T10:00:00Z"}),
        VizNode(
            "claim:1",
            "KV cache cut by 4x",
            "claim",
            {
                "source": "inbox/flyp/x.md",
                "line": "12",
                "agent": "flyp",
                "activity": "act:ingest1",
                "time": "2025-01-01T10:00:00Z",
                "evidence": "abstract_checked",
                "text": "cuts the KV cache by 4x at equal accuracy",
            },
        ),
        VizNode("claim:2", "KV cache cut by 2x", "claim", {"source": "inbox/kb/y.md", "line": "3",
                                                          "evidence": "full_text_checked"}),
        VizNode("claim:3", "SnapKV keeps accuracy", "claim", {"source": "inbox/kb/y.md", "line": "9"}),
        VizNode("contra:1", "4x vs 2x", "contradiction", {"why": "same work, different numbers"}),
        VizNode("sec:3", "§3 KV cache", "section", {"source": "docs/living.md", "line": "40"}),
        VizNode("man:m1", "manifest m1", "manifest", {"source": "manifests/m1.json"}),
        VizNode("item:1", "KV compression", "item"),
        VizNode("xss:1", XSS_LABEL, "claim", {"text": '<a href="javascript:alert(1)">x</a></script>'}),
    ]
    edges = [
        VizEdge("claim:1", "src:flyp/x.md", "wasDerivedFrom", "wasDerivedFrom"),
        VizEdge("claim:2", "src:kb/y.md", "wasDerivedFrom", "wasDerivedFrom"),
        VizEdge("claim:3", "src:kb/y.md", "wasDerivedFrom", "wasDerivedFrom"),
        VizEdge("src:flyp/x.md", "agent:flyp", "wasAttributedTo", "wasAttributedTo"),
        VizEdge("src:kb/y.md", "agent:kb", "wasAttributedTo", "wasAttributedTo"),
        VizEdge("src:flyp/x.md", "act:ingest1", "wasGeneratedBy", "wasGeneratedBy"),
        VizEdge("claim:1", "arXiv:2502.07115", "cites", "cites"),
        VizEdge("claim:2", "arXiv:2502.07115", "cites", "cites"),
        VizEdge("claim:3", "arXiv:2404.14469", "cites", "cites"),
        VizEdge("arXiv:2502.07115v2", "arXiv:2502.07115", "specializationOf", "specializationOf"),
        VizEdge("claim:1", "claim:2", "contradicts", "contradicts"),
        VizEdge("contra:1", "claim:1", "about", "about"),
        VizEdge("contra:1", "claim:2", "about", "about"),
        VizEdge("claim:1", "sec:3", "inSection", "inSection"),
        VizEdge("man:m1", "item:1", "hasItem", "hasItem"),
        VizEdge("item:1", "arXiv:2404.14469", "about", "about"),
        VizEdge("xss:1", "src:kb/y.md", "wasDerivedFrom", "wasDerivedFrom"),
    ]
    return GraphView(nodes, edges, "provkg sample — 知识图谱", "only manifest m1 and the notes citing its works")


def big_view(n: int = 1000) -> GraphView:
    nodes = [VizNode(f"n{i:05d}", f"node {i}", "claim" if i % 3 else "source") for i in range(n)]
    edges = [VizEdge(f"n{i:05d}", f"n{(i * 7919) % i:05d}", "wasDerivedFrom", "wasDerivedFrom") for i in range(1, n)]
    return GraphView(nodes, edges, "big")


@pytest.fixture(scope="module")
def browser():
    pw = sync_api.sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    except Exception as exc:  # pragma: no cover - depends on the machine
        pw.stop()
        pytest.skip(f"Chromium at {CHROMIUM} did not start under playwright: {exc}")
    yield b
    b.close()
    pw.stop()


class Watched:
    """A page whose requests, errors, console messages and dialogs are recorded."""

    def __init__(self, browser):
        self.context = browser.new_context(viewport={"width": 1400, "height": 860}, java_script_enabled=True)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.dialogs: list[str] = []

        def route(r):
            url = r.request.url
            self.requests.append(url)
            if url.startswith(LOCAL_SCHEMES):
                r.continue_()
            else:
                self.blocked.append(url)
                r.abort()

        def dialog(d):
            self.dialogs.append(d.message)
            d.dismiss()

        self.context.route("**/*", route)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("dialog", dialog)

    def open(self, path: Path):
        self.page.goto(path.as_uri())
        self.page.wait_for_function("() => window.provkgReady === true", timeout=30_000)
        return self.page

    def assert_clean(self):
        assert self.blocked == [], f"requests left the page: {self.blocked}"
        assert all(u.startswith(LOCAL_SCHEMES) for u in self.requests)
        assert self.errors == [], self.errors
        bad = [c for c in self.console if c.startswith("error") or "Content Security Policy" in c]
        assert bad == [], bad
        assert self.dialogs == [], f"a dialog opened: {self.dialogs}"

    def close(self):
        self.context.close()


@pytest.fixture
def watched(browser):
    w = Watched(browser)
    yield w
    w.close()


def node_dom_point(page, node_id: str) -> tuple[float, float]:
    """Page coordinates of a node's centre, from the network's canvas coordinates."""
    pt = page.evaluate(
        """(id) => { const n = window.provkgNetwork;
                     return n.canvasToDOM(n.getPositions([id])[id]); }""",
        node_id,
    )
    box = page.locator("#graph canvas").bounding_box()
    return box["x"] + pt["x"], box["y"] + pt["y"]


def test_sample_page_renders_clicks_searches_offline(watched, tmp_path):
    view = sample_view()
    page = watched.open(write_html(view, tmp_path / "viz.html"))

    assert page.locator("#graph canvas").count() == 1
    assert page.evaluate("window.provkgData.nodes.length") == len(view.nodes)
    assert page.evaluate("Object.keys(window.provkgNetwork.getPositions()).length") == len(view.nodes)
    assert page.title() == view.title
    assert "only manifest m1" in page.locator("#info").inner_text()
    legend = page.locator("#legend").inner_text()
    for word in ("source", "agent", "activity", "claim", "work", "version", "section", "manifest", "item",
                 "contradiction", "contradicts"):
        assert word in legend

    # click a node on the canvas -> the side panel shows its provenance as text
    x, y = node_dom_point(page, "claim:1")
    page.mouse.click(x, y)
    page.wait_for_function("() => document.getElementById('details').getAttribute('data-node') === 'claim:1'")
    assert page.locator("#details h2").inner_text() == "KV cache cut by 4x"
    assert page.locator("#details .type").inner_text() == "type: claim"
    rows = dict(zip(page.locator("#details dt").all_inner_texts(), page.locator("#details dd").all_inner_texts()))
    assert rows["evidence"] == "abstract_checked"
    assert rows["line"] == "12"
    assert rows["source"] == "inbox/flyp/x.md"

    # search by part of an arXiv id -> the work node is selected and shown
    page.fill("#search", "2502.07115")
    page.wait_for_function("() => window.provkgNetwork.getSelectedNodes()[0] === 'arXiv:2502.07115'")
    assert page.evaluate("window.provkgNetwork.getSelectedNodes()") == ["arXiv:2502.07115"]
    assert "matches" in page.locator("#search-status").inner_text()
    # search reaches provenance text too, case-insensitively
    page.fill("#search", "ABSTRACT_CHECKED")
    page.wait_for_function("() => window.provkgNetwork.getSelectedNodes()[0] === 'claim:1'")

    screenshot_with_panel(page, "claim:1", "viz.png")
    watched.assert_clean()


def test_xss_node_shows_as_text_in_tooltip_and_panel(watched, tmp_path):
    page = watched.open(write_html(sample_view(), tmp_path / "viz.html"))
    assert page.locator("img").count() == 0
    x, y = node_dom_point(page, "xss:1")
    page.mouse.move(x, y)
    tip = page.locator("div.vis-tooltip")
    tip.wait_for(state="visible", timeout=5_000)
    assert tip.inner_text().startswith(XSS_LABEL)
    # innerText turns "\n" into <br>: those are the only elements allowed in the tooltip
    tags = page.evaluate("[...document.querySelector('div.vis-tooltip').querySelectorAll('*')].map(e => e.tagName)")
    assert set(tags) <= {"BR"}, tags
    page.mouse.click(x, y)
    page.wait_for_function("() => document.getElementById('details').getAttribute('data-node') === 'xss:1'")
    assert page.locator("#details h2").inner_text() == XSS_LABEL
    assert page.evaluate("document.querySelectorAll('#details *').length") == page.evaluate(
        "document.querySelectorAll('#details h2, #details p, #details dl, #details dt, #details dd').length"
    )
    assert page.locator("img, a[href]").count() == 0
    watched.assert_clean()


def test_budgeted_page_has_fixed_layout(watched, tmp_path):
    page = watched.open(write_html(big_view(1000), tmp_path / "big.html", node_budget=300))
    assert page.evaluate("window.provkgData.nodes.length") == 300
    assert page.evaluate("window.provkgNetwork.physics.options.enabled") is False
    assert "700 nodes" in page.locator("#info").inner_text()
    # positions are the precomputed ones
    pos = page.evaluate("window.provkgNetwork.getPositions(['n00000'])['n00000']")
    item = page.evaluate("window.provkgData.nodes.get('n00000')")
    assert (round(pos["x"]), round(pos["y"])) == (item["x"], item["y"])
    watched.assert_clean()


# ---------------------------------------------------------------------------
# The bundled sample workspace, as `provkg viz` draws it
# ---------------------------------------------------------------------------

SAMPLE_CLAIM_LINE = 36  # inbox/flyp/2026-10-26T1550-critical-read.md:36, the unverified 76% / 2x / 5.94x figures
SAMPLE_NOTE = "inbox/flyp/2026-10-26T1550-critical-read.md"


@pytest.fixture(scope="module")
def sample_pages(sample_store, sample_snapshot, tmp_path_factory):
    """The sample's whole-store and shift pages, written as `provkg viz` writes them."""
    from conftest import MANIFEST_ID

    from queries.views import build_view, ingest_records

    ingests = ingest_records(sample_store)
    out = tmp_path_factory.mktemp("sample-viz")
    pages = {}
    for name, kw in (("whole", {}), ("shift", {"manifest": MANIFEST_ID})):
        res = build_view(sample_snapshot, title=f"provkg sample {name}", ingests=ingests, **kw)
        pages[name] = (write_html(res.view, out / f"{name}.html", node_budget=len(res.view.nodes)), res)
    return pages


def _claim_at(res, path: str, line: int) -> str:
    return next(n for n, d in res.graph.nodes(data=True)
                if d["type"] == "claim" and d["props"]["source"] == path and d["props"]["line"] == str(line))


def _red_pixels_along(page, a: str, b: str) -> int:
    """Pure-red pixels (the contradicts colour) on the canvas along the segment a->b, away from its label."""
    return page.evaluate(
        """([a, b]) => {
             const n = window.provkgNetwork, c = document.querySelector('#graph canvas');
             const ctx = c.getContext('2d'), r = window.devicePixelRatio || 1;
             const p = n.canvasToDOM(n.getPositions([a])[a]), q = n.canvasToDOM(n.getPositions([b])[b]);
             let hits = 0;
             for (let t = 0.2; t <= 0.42; t += 0.01) {
               const x = Math.round((p.x + (q.x - p.x) * t) * r), y = Math.round((p.y + (q.y - p.y) * t) * r);
               const d = ctx.getImageData(x - 2, y - 2, 5, 5).data;
               for (let i = 0; i < d.length; i += 4) {
                 if (d[i] > 170 && d[i + 1] < 90 && d[i + 2] < 90) { hits++; }
               }
             }
             return hits; }""",
        [a, b],
    )


def test_sample_whole_store_in_browser(watched, sample_pages):
    path, res = sample_pages["whole"]
    page = watched.open(path)
    view = res.view

    # nodes render: every node is in the network with a position, and the canvas is not blank
    assert page.evaluate("window.provkgData.nodes.length") == len(view.nodes) >= 50
    assert page.evaluate("Object.keys(window.provkgNetwork.getPositions()).length") == len(view.nodes)
    count = """() => { const c = document.querySelector('#graph canvas');
                   const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                   let n = 0; for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) { n++; } } return n; }"""
    # The first frame follows provkgReady by one animation frame; on a loaded machine a read at once found a
    # blank canvas (a CI run on a fresh clone).  Wait for the drawing (up to 10 s), then check it.
    with contextlib.suppress(sync_api.TimeoutError):
        page.wait_for_function(f"() => ({count})() > 20000", timeout=10_000)
    inked = page.evaluate(count)
    assert inked > 20_000, f"only {inked} drawn pixels"
    kinds = set(page.evaluate("window.provkgData.nodes.get().map(n => n.kind)"))
    assert {"source", "claim", "work", "section", "agent", "contradiction", "manifest"} <= kinds
    # the page says what it left out (claims folded into their file)
    info = page.locator("#info").inner_text()
    assert f"Showing {len(view.nodes)} nodes for" in info and "claims drawn inside their source file" in info

    # clicking a claim shows its provenance: file and line, agent, activity, time, evidence, quoted text
    claim = _claim_at(res, SAMPLE_NOTE, SAMPLE_CLAIM_LINE)
    x, y = node_dom_point(page, claim)
    page.mouse.click(x, y)
    page.wait_for_function("(id) => document.getElementById('details').getAttribute('data-node') === id", arg=claim)
    rows = dict(zip(page.locator("#details dt").all_inner_texts(), page.locator("#details dd").all_inner_texts()))
    assert rows["source"] == SAMPLE_NOTE
    assert rows["line"] == str(SAMPLE_CLAIM_LINE)
    assert rows["agent"] == "flyp"
    assert rows["evidence"] == "unverified"
    assert rows["time"] == "2026-10-26T15:50:00+08:00"
    assert rows["activity"].startswith("ingest 20261027T222000")  # the fixed clock of tests/conftest.py
    assert rows["ingested"].startswith("2026-10-27T22:20:00")
    assert "5.94x" in rows["text"] and "不能当结论引用" in rows["text"]
    assert page.locator("#details .type").inner_text() == "type: claim"

    # contradiction edges stand out: red, dashed, thick, labelled -- in the data and on the canvas
    edges = page.evaluate("window.provkgData.edges.get()")
    contra = [e for e in edges if e["kind"] == "contradicts"]
    others = [e for e in edges if e["kind"] != "contradicts"]
    assert len(contra) >= 8
    assert all(e["color"]["color"] == "#D62728" and e["dashes"] is True and e["label"] for e in contra)
    assert min(e["width"] for e in contra) >= 2 * max(e["width"] for e in others)
    assert not any(o["color"]["color"] == "#D62728" for o in others)
    page.evaluate("window.provkgNetwork.fit({animation: false})")
    page.wait_for_timeout(100)
    assert max(_red_pixels_along(page, e["from"], e["to"]) for e in contra) > 10

    # search finds arXiv:2502.07115 (the work, not its version) and shows it in the panel
    page.fill("#search", "arXiv:2502.07115")
    page.wait_for_function("() => window.provkgNetwork.getSelectedNodes()[0] === 'work:2502.07115'")
    assert page.locator("#details h2").inner_text() == "arXiv:2502.07115"
    assert "KV Cache" in page.locator("#details").inner_text()
    assert "matches" in page.locator("#search-status").inner_text()

    # screenshot with the claim's provenance open
    screenshot_with_panel(page, claim, "viz-sample.png")
    watched.assert_clean()


def test_sample_shift_in_browser(watched, sample_pages):
    path, res = sample_pages["shift"]
    page = watched.open(path)
    assert page.evaluate("window.provkgData.nodes.length") == len(res.view.nodes)
    ids = set(page.evaluate("window.provkgData.nodes.getIds()"))
    # the shift's materials and its manifest are drawn; files outside it are not
    assert f"source:{SAMPLE_NOTE}" in ids
    assert "source:organized/queue/work-queue.md" not in ids
    assert any(i.startswith("source:work-guard/") for i in ids)
    assert "Shift e627b203" in page.locator("#info").inner_text()
    claim = _claim_at(res, SAMPLE_NOTE, SAMPLE_CLAIM_LINE)
    page.evaluate("window.provkgNetwork.fit({animation: false})")
    x, y = node_dom_point(page, claim)
    page.mouse.click(x, y)
    page.wait_for_function("(id) => document.getElementById('details').getAttribute('data-node') === id", arg=claim)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "viz-shift.png"))
    watched.assert_clean()
