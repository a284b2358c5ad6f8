"""Tests for queries.render.html: offline page, no live markup, UTF-8, legend, budget, determinism.

PITFALLS rows covered: P1 (nothing loaded from the network), P3 (no markup
from data; ``onerror`` only inside the escaped JSON), P4 (node budget, layout
computed in Python, physics off), P5 (UTF-8 under ``LC_ALL=C PYTHONUTF8=0``),
P15 (atomic write, no partial file).
"""
from __future__ import annotations

import ast
import base64
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queries.render import html as viz
from queries.render.html import (
    EDGE_STYLE,
    NODE_STYLE,
    GraphView,
    VizEdge,
    VizNode,
    render_html,
    write_html,
)

ROOT = Path(__file__).resolve().parents[1]

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


class Page(HTMLParser):
    """Collects start tags (with attributes), script/style bodies and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.styles: list[str] = []
        self.text: list[str] = []
        self.title = ""
        self._in: tuple[str, dict[str, str | None]] | None = None
        self._buf: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag in ("script", "style"):
            self._in, self._buf = (tag, a), []
        if tag == "title":
            self._in_title = True

    def handle_endtag(self, tag):
        if self._in and tag == self._in[0]:
            body = "".join(self._buf)
            if tag == "script":
                self.scripts.append((self._in[1], body))
            else:
                self.styles.append(body)
            self._in = None
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in:
            self._buf.append(data)
        else:
            self.text.append(data)
            if self._in_title:
                self.title += data


def parse(page: str) -> Page:
    p = Page()
    p.feed(page)
    p.close()
    return p


def graph_json_text(page: str) -> str:
    """The raw text of the graph-data element (as the browser's textContent sees it)."""
    m = re.search(r'<script type="application/json" id="graph-data">(.*?)</script>', page, re.DOTALL)
    assert m, "graph-data element missing"
    return m.group(1)


def graph_data(page: str) -> dict:
    return json.loads(graph_json_text(page))


def vis_asset_js() -> str:
    return viz._assets()[0]


REMOTE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)  # http://, https://, //host, ftp://...


def sample_view() -> GraphView:
    nodes = [
        VizNode("arXiv:2502.07115", "arXiv:2502.07115", "work", {"title": "Some paper"}),
        VizNode("src:flyp/x.md", "inbox/flyp/x.md", "source", {"source": "inbox/flyp/x.md"}),
        VizNode("agent:flyp", "flyp", "agent"),
        VizNode("act:ingest1", "ingest 2025-01-01", "activity", {"time": "2025-01-01T10:00:00Z"}),
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
                "text": "cuts the KV cache by 4x",
            },
        ),
        VizNode("claim:2", "KV cache cut by 2x", "claim", {"source": "inbox/other.md", "line": "3"}),
        VizNode("contra:1", "4x vs 2x", "contradiction"),
    ]
    edges = [
        VizEdge("claim:1", "src:flyp/x.md", "wasDerivedFrom", "wasDerivedFrom"),
        VizEdge("src:flyp/x.md", "agent:flyp", "wasAttributedTo", "wasAttributedTo"),
        VizEdge("src:flyp/x.md", "act:ingest1", "wasGeneratedBy", "wasGeneratedBy"),
        VizEdge("claim:1", "arXiv:2502.07115", "cites", "cites"),
        VizEdge("claim:2", "arXiv:2502.07115", "cites", "cites"),
        VizEdge("claim:1", "claim:2", "contradicts", "contradicts"),
        VizEdge("contra:1", "claim:1", "about", "about"),
    ]
    return GraphView(nodes, edges, "provkg sample")


XSS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    '" onmouseover="alert(1)',
    '<a href="javascript:alert(1)">x</a>',
    "</script><script>alert(2)</script>",
    "<!-- <script>",
    "a\u2028b\u2029c & d > e",
]


def xss_view() -> GraphView:
    nodes = [
        VizNode(f"n{i}", payload, "claim", {"text": payload, payload: "key is payload", "href": 'href="javascript:alert(1)"'},
                group=payload)
        for i, payload in enumerate(XSS)
    ]
    nodes.append(VizNode(XSS[0], XSS[1], XSS[2]))  # payload as id and type too
    edges = [VizEdge("n0", "n1", XSS[0], XSS[1]), VizEdge(XSS[0], "n2", "</script>", "contradicts")]
    return GraphView(nodes, edges, "xss fixture")


def chain_view(n: int, extra_hub_edges: int = 0) -> GraphView:
    nodes = [VizNode(f"n{i:05d}", f"node {i}", "claim", {"source": f"f{i}.md"}) for i in range(n)]
    rnd = random.Random(7)
    edges = [VizEdge(f"n{i:05d}", f"n{rnd.randrange(i):05d}", "wasDerivedFrom", "wasDerivedFrom") for i in range(1, n)]
    return GraphView(nodes, edges, f"chain {n}")


# ---------------------------------------------------------------------------
# P1: offline
# ---------------------------------------------------------------------------


def test_page_loads_nothing_remote():
    page = render_html(sample_view())
    p = parse(page)
    for tag, attrs in p.tags:
        assert tag not in {"link", "img", "iframe", "object", "embed", "base", "frame", "audio", "video", "source"}, tag
        for name in ("src", "href", "srcset", "poster", "data", "action", "formaction", "background"):
            value = attrs.get(name)
            assert value is None or not REMOTE.match(value), (tag, name, value)
        if tag == "script":
            assert "src" not in attrs
        if tag == "meta":
            assert (attrs.get("http-equiv") or "").lower() != "refresh"
    css = "\n".join(p.styles) + "\n" + "\n".join(a.get("style") or "" for _, a in p.tags)
    assert "@import" not in css
    for target in re.findall(r"url\(\s*['\"]?([^'\")]*)", css):
        assert target.startswith("data:"), target
    assert "@font-face" not in css


def test_vis_network_is_inlined_from_pyvis():
    page = render_html(sample_view())
    scripts = parse(page).scripts
    assert [a.get("type") for a, _ in scripts] == ["application/json", None, None]
    assert "vis-network" in scripts[1][1] and "@version 9.1.2" in scripts[1][1]
    assert scripts[1][1].strip() == vis_asset_js().strip()
    assert "window.provkgNetwork" in scripts[2][1]


def test_csp_forbids_loads_and_allows_exactly_our_scripts():
    page = render_html(sample_view())
    p = parse(page)
    csp = next(a["content"] for t, a in p.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    for attrs, body in p.scripts:
        if attrs.get("type") == "application/json":
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in csp


# ---------------------------------------------------------------------------
# P3: no live markup from data
# ---------------------------------------------------------------------------


def test_xss_payloads_never_become_markup():
    view = xss_view()
    page = render_html(view)
    raw_json = graph_json_text(page)
    vis_js = vis_asset_js()
    assert "<img" not in page
    assert "<script>alert" not in page
    # Outside the JSON block and the vis library (which itself has `.onerror=function`
    # and a core-js `"javascript:"` iframe trick), no trace of the payloads.
    assert page.count(vis_js) == 1
    outside = page.replace(raw_json, "").replace(vis_js, "")
    for word in ("onerror", "onmouseover", "javascript:", "alert("):
        assert word not in outside, word
    assert page.count("onerror=alert") == raw_json.count("onerror=alert") > 0
    # the JSON block has no raw <, >, &, U+2028/9 at all
    for ch in "<>&\u2028\u2029":
        assert ch not in raw_json
    # structure: no event-handler attributes, only our three scripts
    p = parse(page)
    for tag, attrs in p.tags:
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
    assert sum(1 for t, _ in p.tags if t == "script") == 3


def test_json_block_round_trips_to_the_original_values():
    view = xss_view()
    data = graph_data(render_html(view))
    details = {d["id"]: d for d in data["details"]}
    for node in view.nodes:
        d = details[node.id]
        assert d["label"] == node.label
        assert d["type"] == node.type
        assert d["group"] == node.group
        assert d["props"] == [[k, v] for k, v in node.props.items()]
    edge_titles = {(e["from"], e["to"], e["kind"]) for e in data["edges"]}
    assert ("n0", "n1", XSS[1]) in edge_titles


def test_tooltips_are_plain_strings():
    """vis-network 9 puts a string title in with innerText; an Element would be inserted as DOM."""
    data = graph_data(render_html(xss_view()))
    for item in data["nodes"] + data["edges"]:
        assert isinstance(item["title"], str)


def test_page_script_writes_text_only():
    page = render_html(sample_view())
    app = parse(page).scripts[2][1]
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in app
    assert "textContent" in app and "JSON.parse" in app


def test_title_and_omitted_are_escaped():
    title = "<img src=x onerror=alert(1)> 知识图谱 & co"
    omitted = "<script>alert(1)</script> only manifest m1"
    page = render_html(GraphView(sample_view().nodes, [], title, omitted))
    assert "<img" not in page and "<script>alert" not in page
    p = parse(page)
    assert p.title == title
    assert any(omitted in t for t in p.text)
    h1 = page[page.index("<h1>") : page.index("</h1>")]
    assert "&lt;img" in h1


@settings(max_examples=60, deadline=None)
@given(
    label=st.text(max_size=40),
    key=st.text(max_size=10),
    value=st.text(max_size=60),
)
def test_any_text_round_trips(label, key, value):
    view = GraphView([VizNode("a", label, "claim", {key: value}), VizNode("b", value, "work")],
                     [VizEdge("a", "b", label, "cites")], "t")
    page = render_html(view)
    raw = graph_json_text(page)
    assert "<" not in raw
    data = json.loads(raw)
    d = {x["id"]: x for x in data["details"]}
    assert d["a"]["label"] == label and d["a"]["props"] == [[key, value]] and d["b"]["label"] == value


def test_lone_surrogates_do_not_break_utf8(tmp_path):
    bad = "inbox/\udcff.md"  # what os.fsdecode gives for a non-UTF-8 file name
    view = GraphView([VizNode(bad, bad, "source", {"source": bad})], [], bad, bad)
    out = write_html(view, tmp_path / "s.html")
    out.read_bytes().decode("utf-8")


# ---------------------------------------------------------------------------
# P5: UTF-8 under a C locale
# ---------------------------------------------------------------------------


def test_utf8_cjk_title_under_c_locale(tmp_path):
    target = tmp_path / "viz.html"
    code = textwrap.dedent(
        f"""
        import locale, sys
        from queries.render.html import GraphView, VizNode, write_html
        print(locale.getpreferredencoding(False))
        view = GraphView([VizNode("w", {"注意力机制"!a}, "work", {{"text": {"见§3.1"!a}}})], [], {"知识图谱"!a})
        write_html(view, {str(target)!r})
        """
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING"))}
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "utf" not in res.stdout.lower(), f"locale was not a non-UTF-8 one: {res.stdout}"
    text = target.read_bytes().decode("utf-8")
    assert "<title>知识图谱</title>" in text
    assert parse(text).title == "知识图谱"
    assert graph_data(text)["details"][0]["label"] == "注意力机制"
    assert '<meta charset="utf-8">' in text


# ---------------------------------------------------------------------------
# legend and styling
# ---------------------------------------------------------------------------


def legend_entries(page: str) -> tuple[list[str], list[str]]:
    section = page[page.index('<section id="legend">') : page.index("</section>", page.index('<section id="legend">'))]
    p = parse(section)
    types = [a["data-type"] for t, a in p.tags if t == "li" and "data-type" in a]
    edges = [a["data-edge"] for t, a in p.tags if t == "li" and "data-edge" in a]
    return types, edges


def test_legend_lists_present_types_only():
    page = render_html(sample_view())
    types, edges = legend_entries(page)
    assert types == ["source", "agent", "activity", "claim", "work", "contradiction"]
    assert edges == ["contradicts"]


def test_legend_other_for_unknown_types_and_neutral_style():
    view = GraphView([VizNode("a", "A", "mystery"), VizNode("b", "B", "claim")], [VizEdge("a", "b", "x")], "t")
    page = render_html(view)
    types, edges = legend_entries(page)
    assert types == ["claim", "other"] and edges == []
    node = next(n for n in graph_data(page)["nodes"] if n["id"] == "a")
    assert node["shape"] == viz.DEFAULT_NODE_STYLE["shape"]
    assert node["color"]["background"] == viz.DEFAULT_NODE_STYLE["color"]


def test_every_known_type_has_distinct_look():
    looks = {(s["color"], s["shape"]) for s in NODE_STYLE.values()}
    assert len(looks) == len(NODE_STYLE)
    assert set(NODE_STYLE) == {"source", "agent", "activity", "claim", "work", "version", "section",
                               "manifest", "item", "contradiction", "cluster"}
    # every shape has a legend swatch
    assert all(s["shape"] in viz._SWATCH_CSS for s in NODE_STYLE.values())


def test_prefixed_edge_types_are_styled_by_local_name():
    view = GraphView([VizNode("c", "C", "claim"), VizNode("s", "S", "source")],
                     [VizEdge("c", "s", "prov:wasQuotedFrom", "prov:wasQuotedFrom")], "t")
    edge = graph_data(render_html(view))["edges"][0]
    assert edge["color"]["color"] == EDGE_STYLE["wasQuotedFrom"]["color"]
    assert edge["label"] == "prov:wasQuotedFrom"


def test_edge_labels_hidden_when_crowded_except_contradicts():
    view = chain_view(120)
    edges = list(view.edges) + [VizEdge("n00001", "n00002", "contradicts", "contradicts")]
    data = graph_data(render_html(GraphView(view.nodes, edges, "t")))
    assert all(e["label"] == "" for e in data["edges"] if e["kind"] != "contradicts")
    assert [e["label"] for e in data["edges"] if e["kind"] == "contradicts"] == ["contradicts"]
    assert all(e["title"] for e in data["edges"])  # the relation is still in the tooltip


def test_contradiction_edges_stand_out():
    data = graph_data(render_html(sample_view()))
    contra = [e for e in data["edges"] if e["kind"] == "contradicts"]
    others = [e for e in data["edges"] if e["kind"] != "contradicts"]
    assert len(contra) == 1
    e = contra[0]
    assert e["color"]["color"] == EDGE_STYLE["contradicts"]["color"] == "#D62728"
    assert e["dashes"] is True
    assert e["width"] >= 3 * max(o["width"] for o in others) / 1.5
    assert all(o["dashes"] is False for o in others)


def test_node_style_by_type_in_data():
    data = graph_data(render_html(sample_view()))
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id["arXiv:2502.07115"]["shape"] == NODE_STYLE["work"]["shape"]
    assert by_id["claim:1"]["color"]["background"] == NODE_STYLE["claim"]["color"]


def test_claims_are_small_dots_whose_labels_wait_for_zoom():
    data = graph_data(render_html(GraphView([VizNode("c", "y" * 100, "claim"), VizNode("w", "W", "work")], [], "t")))
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id["c"]["shape"] == "dot" and by_id["c"]["size"] < by_id["w"]["size"]
    assert len(by_id["c"]["label"]) == viz._CLAIM_LABEL_MAX
    assert by_id["c"]["scaling"]["label"]["drawThreshold"] > 5 and "scaling" not in by_id["w"]


def test_long_labels_shortened_on_canvas_but_whole_in_panel():
    long = "x" * 300
    data = graph_data(render_html(GraphView([VizNode("a", long, "claim")], [], "t")))
    assert len(data["nodes"][0]["label"]) <= 40
    assert data["details"][0]["label"] == long


def test_omitted_line_only_when_given():
    assert '<p class="omitted">' not in render_html(sample_view())
    page = render_html(GraphView(sample_view().nodes, [], "t", "only manifest m1, depth 2"))
    assert '<p class="omitted">only manifest m1, depth 2</p>' in page


def test_dangling_edges_dropped_and_reported():
    view = GraphView([VizNode("a", "A", "claim")], [VizEdge("a", "ghost", "cites", "cites")], "t")
    page = render_html(view)
    assert graph_data(page)["edges"] == []
    assert "1 edge pointing to nodes not in this view was left out." in page


# ---------------------------------------------------------------------------
# P4: budget and layout
# ---------------------------------------------------------------------------


def test_budget_cuts_to_highest_degree_and_says_so():
    view = chain_view(1000)
    page = render_html(view, node_budget=300)
    data = graph_data(page)
    assert len(data["nodes"]) == 300
    assert "700 nodes" in page and "left out" in page and "node budget of 300" in page
    assert data["options"]["physics"] is False
    assert all(isinstance(n["x"], int) and isinstance(n["y"], int) for n in data["nodes"])
    kept = {n["id"] for n in data["nodes"]}
    assert all(e["from"] in kept and e["to"] in kept for e in data["edges"])
    # the kept nodes are the highest-degree ones
    degree = {n.id: 0 for n in view.nodes}
    for e in view.edges:
        degree[e.source] += 1
        degree[e.target] += 1
    cutoff = min(degree[i] for i in kept)
    assert all(degree[i] <= cutoff for i in degree if i not in kept)
    left_edges = len(view.edges) - len(data["edges"])
    assert f"{left_edges} edges left out" in page


def test_budget_keeps_every_contradiction():
    view = chain_view(400)
    nodes = list(view.nodes) + [VizNode(f"c{i}", f"contra {i}", "contradiction") for i in range(5)]
    edges = list(view.edges) + [VizEdge("n00399", "n00398", "contradicts", "contradicts")]
    data = graph_data(render_html(GraphView(nodes, edges, "t"), node_budget=50))
    kept = {n["id"] for n in data["nodes"]}
    assert len(kept) == 50
    assert {f"c{i}" for i in range(5)} <= kept
    assert {"n00399", "n00398"} <= kept
    assert any(e["kind"] == "contradicts" for e in data["edges"])


def test_contradictions_beyond_budget_are_kept_and_said():
    nodes = [VizNode(f"c{i}", "c", "contradiction") for i in range(10)] + [VizNode("a", "a", "claim")]
    page = render_html(GraphView(nodes, [], "t"), node_budget=3)
    assert len(graph_data(page)["nodes"]) == 10
    assert "budget is exceeded" in page


def test_small_graph_uses_capped_physics():
    data = graph_data(render_html(sample_view()))
    physics = data["options"]["physics"]
    assert physics["enabled"] is True
    assert physics["stabilization"]["iterations"] == viz.STABILIZATION_ITERATIONS == 150
    assert all("x" not in n for n in data["nodes"])


def test_layout_precomputed_above_threshold_without_budget_cut():
    page = render_html(chain_view(250))
    data = graph_data(page)
    assert len(data["nodes"]) == 250 and data["options"]["physics"] is False
    assert len({(n["x"], n["y"]) for n in data["nodes"]}) > 200
    assert 'class="budget"' not in page


def test_empty_graph_renders():
    page = render_html(GraphView([], [], "empty"))
    data = graph_data(page)
    assert data["nodes"] == [] and data["options"]["physics"] is False


@pytest.mark.parametrize("budget", [0, -1])
def test_bad_budget_raises(budget):
    with pytest.raises(ValueError, match="node_budget"):
        render_html(sample_view(), node_budget=budget)


def test_duplicate_ids_raise():
    with pytest.raises(ValueError, match="duplicate node id"):
        render_html(GraphView([VizNode("a", "A", "claim"), VizNode("a", "B", "work")], [], "t"))


# ---------------------------------------------------------------------------
# determinism
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [7, 1000])
def test_render_is_deterministic(n):
    view = sample_view() if n == 7 else chain_view(n)
    kw = {} if n == 7 else {"node_budget": 300}
    assert render_html(view, **kw) == render_html(view, **kw)


def test_input_order_does_not_matter():
    view = chain_view(260)
    rnd = random.Random(3)
    nodes, edges = list(view.nodes), list(view.edges)
    rnd.shuffle(nodes)
    rnd.shuffle(edges)
    assert render_html(view) == render_html(GraphView(nodes, edges, view.title))


# ---------------------------------------------------------------------------
# write_html: atomic, UTF-8
# ---------------------------------------------------------------------------


def test_write_html_atomic_and_returns_path(tmp_path):
    target = tmp_path / "out.html"
    out = write_html(sample_view(), target)
    assert out == target and target.read_bytes().startswith(b"<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["out.html"]


def test_failed_write_keeps_old_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "out.html"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(ValueError):
        write_html(GraphView([VizNode("a", "A", "x"), VizNode("a", "A", "x")], [], "t"), target)
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.html"]


def test_write_html_makes_missing_folders_and_fails_cleanly(tmp_path):
    out = write_html(sample_view(), tmp_path / "new" / "out.html")
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    (tmp_path / "afile").write_text("x", "utf-8")
    with pytest.raises(OSError):  # the "folder" is a regular file
        write_html(sample_view(), tmp_path / "afile" / "out.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "new"]
    assert [p.name for p in (tmp_path / "new").iterdir()] == ["out.html"]


def test_write_html_passes_options(tmp_path):
    out = write_html(chain_view(50), tmp_path / "b.html", node_budget=10)
    assert len(graph_data(out.read_text(encoding="utf-8"))["nodes"]) == 10


# ---------------------------------------------------------------------------
# purity and public API
# ---------------------------------------------------------------------------


def test_renderer_imports_neither_rdflib_nor_click():
    for path in (ROOT / "queries/render/html.py", ROOT / "queries/render/__init__.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module.split(".")[0])
        assert not names & {"rdflib", "click", "pyvis"}, (path, names)


def test_import_is_light():
    code = "import sys, queries.render.html; print(sorted(m for m in ('networkx','rdflib','click','pyvis','numpy') if m in sys.modules))"
    res = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_public_api():
    assert set(viz.__all__) == {
        "VizNode", "VizEdge", "GraphView", "NODE_STYLE", "DEFAULT_NODE_STYLE", "EDGE_STYLE",
        "DEFAULT_EDGE_STYLE", "LAYOUT_THRESHOLD", "STABILIZATION_ITERATIONS", "render_html", "write_html",
    }
    for name in viz.__all__:
        obj = getattr(viz, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__) > 40, name


def test_input_types_are_frozen():
    node = VizNode("a", "A", "claim")
    with pytest.raises(AttributeError):
        node.label = "B"  # type: ignore[misc]
    assert node.props == {} and node.group is None
    assert VizEdge("a", "b", "l").type == ""
    assert GraphView([], [], "t").omitted is None


def test_long_omitted_text_is_folded_after_its_first_sentence():
    text = "Showing 300 nodes for 374,437 in scope. " + " ".join(f"{i} <things> folded." for i in range(40))
    page = render_html(GraphView(sample_view().nodes, [], "t", text))
    info = page[page.index('<div id="info">'): page.index("</div>", page.index('<div id="info">'))]
    assert '<details class="omitted"><summary>Showing 300 nodes for 374,437 in scope.' in info
    assert info.count("<li>") == 40 and "<li>39 &lt;things&gt; folded.</li>" in info
    assert "<things>" not in info


def test_a_huge_claim_is_cut_in_the_page_with_how_much_was_left_out():
    """One 5 MB line once made a 20 MB page (tooltip, panel and search each carried it whole).  The tooltip
    keeps 400 characters, the panel 4,000 and says how many more there were; short text is untouched."""
    huge = "token " * 200_000  # 1.2 M characters
    view = GraphView(nodes=[VizNode("claim:1", huge, "claim", {"text": huge, "source": "inbox/n.md"}),
                            VizNode("src:1", "inbox/n.md", "source")],
                     edges=[VizEdge("claim:1", "src:1", huge, "wasQuotedFrom")], title="big")
    page = render_html(view)
    assert len(page.encode("utf-8")) < len(render_html(GraphView(nodes=[], edges=[], title="big")).encode()) + 30_000
    data = graph_data(page)
    node = next(n for n in data["nodes"] if n["id"] == "claim:1")
    assert node["title"].split("\n")[0] == huge[:399] + "\u2026"
    detail = next(d for d in data["details"] if d["id"] == "claim:1")
    assert detail["label"] == huge[:4000] + f"\u2026 [{len(huge) - 4000:,} more characters]"
    assert dict(detail["props"])["text"] == detail["label"]
    assert dict(detail["props"])["source"] == "inbox/n.md"
    assert next(d for d in data["details"] if d["id"] == "src:1")["label"] == "inbox/n.md"
    assert len(data["edges"][0]["title"]) == 400
