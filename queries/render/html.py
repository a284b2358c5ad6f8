"""Render a provenance graph view as ONE self-contained, offline HTML page.

The page draws the graph with vis-network 9.1.2, whose JS and CSS are read from
the copy that ships inside the ``pyvis`` package and inlined.  pyvis's own
template and ``Network.write_html`` / ``show`` are *not* used:

* PITFALLS P1 -- pyvis's template links Bootstrap (and, depending on
  ``cdn_resources``, vis-network) from CDNs, so the page breaks offline.  Our
  template loads nothing: no remote ``<script src>``, ``<link href>``,
  ``@import``, ``url(...)`` or font.  A ``Content-Security-Policy`` meta tag
  (``default-src 'none'``, scripts allowed only by their SHA-256 hash) makes the
  browser refuse any load even if some code tried one.
* PITFALLS P2 -- ``Network.show()`` assumes notebook mode; we never call it.
* PITFALLS P3 -- pyvis does no escaping.  Here nothing taken from the data ever
  becomes live markup: all node and edge data travel as JSON inside
  ``<script type="application/json" id="graph-data">`` with ``<``, ``>``, ``&``,
  U+2028 and U+2029 written as ``\\u003c`` etc.; the page script reads it with
  ``JSON.parse(textContent)``; tooltips are plain strings (vis-network 9 shows a
  string ``title`` with ``innerText``) and the side panel is filled with
  ``textContent`` only.  The page title and the caller's ``omitted`` note are
  HTML-escaped.
* PITFALLS P4 -- physics stabilisation freezes the browser from about 1,000
  nodes.  Past ``node_budget`` nodes the view is cut to the highest-degree nodes
  (contradiction nodes always kept) and the page says what was left out; past
  ``layout_threshold`` nodes positions are computed in Python with
  ``networkx.spring_layout`` (seeded) and physics is switched off.
* PITFALLS P5 -- ``write_html`` always writes UTF-8, whatever the locale.
* PITFALLS P15 -- ``write_html`` writes a temporary file in the target
  directory and ``os.replace``-s it, so a failure never leaves a truncated page.

The module is pure: it imports neither rdflib nor click; networkx (and so numpy,
and scipy from 500 nodes) is imported lazily, only when a layout is computed.

Output is deterministic for the same input (nodes sorted by id, edges by
``(source, target, type, label)``, seeded layout, JSON with fixed key order),
so golden tests are possible.

vis-network options used follow the vis-network 9.1.2 documentation
(``nodes``, ``edges``, ``physics.stabilization``, ``layout.randomSeed``,
``interaction``): https://visjs.github.io/vis-network/docs/network/
"""
from __future__ import annotations

import base64
import functools
import hashlib
import html
import importlib.resources
import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

__all__ = [
    "DEFAULT_EDGE_STYLE",
    "DEFAULT_NODE_STYLE",
    "EDGE_STYLE",
    "LAYOUT_THRESHOLD",
    "NODE_STYLE",
    "STABILIZATION_ITERATIONS",
    "GraphView",
    "VizEdge",
    "VizNode",
    "render_html",
    "write_html",
]

#: Above this many *shown* nodes, positions are computed in Python and vis physics is off.
LAYOUT_THRESHOLD = 120
#: Cap on vis-network's ``physics.stabilization.iterations`` for small graphs.
STABILIZATION_ITERATIONS = 150
#: Labels longer than this are shortened on the canvas (the panel shows them whole).
_LABEL_MAX = 40
#: A caller's ``omitted`` text longer than this is folded into a <details> after its first sentence.
_INFO_FOLD = 240
#: Claims (many, small) get shorter canvas labels.
_CLAIM_LABEL_MAX = 28
#: Edge labels are drawn on the canvas only up to this many edges (always in the tooltip).
_EDGE_LABELS_MAX = 80
#: At most this many props go into a node's tooltip, each cut to _TOOLTIP_PROP_MAX chars.
_TOOLTIP_PROPS = 4
_TOOLTIP_PROP_MAX = 120
#: Longest text kept in the side panel (a label or one value), in characters.  Past it the text ends
#: with how many characters were left out: one 5 MB line once made a 20 MB page (the tooltip, the
#: panel and the search index each carried it).  ``provkg why`` shows any node in full.
_DETAIL_MAX = 4000
_TOOLTIP_LABEL_MAX = 400

# ---------------------------------------------------------------------------
# Input types
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class VizNode:
    """One node of a graph view.

    Attributes:
        id: unique id within the view (any string; an IRI or a key such as
            ``arXiv:2502.07115``).
        label: text drawn on the canvas (shortened past 40 characters there;
            shown whole in the side panel).
        type: one of the keys of :data:`NODE_STYLE` -- ``source``, ``agent``,
            ``activity``, ``claim``, ``work``, ``version``, ``section``,
            ``manifest``, ``item``, ``contradiction``.  Any other value is drawn
            with :data:`DEFAULT_NODE_STYLE` and listed as "other" in the legend.
        props: provenance shown in the side panel, in this order, as
            ``key: value`` text, e.g. ``{"source": "inbox/flyp/x.md",
            "line": "12", "agent": "flyp", "evidence": "abstract_checked"}``.
            Keys and values are turned into strings with ``str``.
        group: optional grouping key; shown in the panel and searchable.
    """

    id: str
    label: str
    type: str
    props: dict[str, str] = field(default_factory=dict)
    group: str | None = None


@dataclass(frozen=True)
class VizEdge:
    """One directed edge of a graph view.

    Attributes:
        source: id of the start node.
        target: id of the end node.
        label: text drawn along the edge (and in its tooltip).
        type: PROV / provkg relation name, e.g. ``wasDerivedFrom``,
            ``wasAttributedTo``, ``cites``, ``inSection``, ``specializationOf``,
            ``contradicts``.  Styled by :data:`EDGE_STYLE`; ``contradicts`` is
            red, thick and dashed.
    """

    source: str
    target: str
    label: str
    type: str = ""


@dataclass(frozen=True)
class GraphView:
    """What to draw.

    Attributes:
        nodes: the nodes; ids must be unique.
        edges: the edges; an edge whose end is not among ``nodes`` is dropped
            and the page says how many were.
        title: page title and heading (HTML-escaped).
        omitted: a sentence from the caller saying what the view already left
            out (e.g. "only manifest m1, depth 2"); shown in the info line when
            not ``None``.
    """

    nodes: list[VizNode]
    edges: list[VizEdge]
    title: str
    omitted: str | None = None


# ---------------------------------------------------------------------------
# Style tables (like prov.dot.DOT_PROV_STYLE: keyed by record type)
# ---------------------------------------------------------------------------

#: Node style by ``VizNode.type``: vis-network ``color`` (background), ``border``
#: colour, ``shape`` (vis-network 9 ``nodes.shape``) and, for shapes whose label is
#: drawn outside them, ``size`` in pixels; plus the legend text.  Claims are small
#: dots with their label below (box shapes grow with their label, and hundreds of
#: them overlap); vis hides labels below 5 px when zoomed out, so a crowded view
#: shows coloured dots and reveals the text on zoom.
#: Colours for source/activity/agent follow prov's DOT_PROV_STYLE (entity yellow,
#: activity blue, agent orange).
NODE_STYLE: dict[str, dict[str, Any]] = {
    "source": {"color": "#FFFC87", "border": "#808080", "shape": "ellipse", "legend": "source (file)"},
    "agent": {"color": "#FED37F", "border": "#B07D1A", "shape": "hexagon", "size": 16, "legend": "agent"},
    "activity": {"color": "#9FB1FC", "border": "#4A5DB0", "shape": "box", "legend": "activity"},
    "claim": {"color": "#A5D6A7", "border": "#2E7D32", "shape": "dot", "size": 7, "legend": "claim"},
    "work": {"color": "#F8BBD0", "border": "#AD1457", "shape": "diamond", "size": 13, "legend": "work (paper)"},
    "version": {"color": "#E1BEE7", "border": "#7B1FA2", "shape": "dot", "size": 9, "legend": "version"},
    "section": {"color": "#B3E5FC", "border": "#0277BD", "shape": "box", "legend": "section"},
    "manifest": {"color": "#BCAAA4", "border": "#5D4037", "shape": "square", "size": 16, "legend": "manifest"},
    "item": {"color": "#FFE0B2", "border": "#E65100", "shape": "square", "size": 10, "legend": "item"},
    "contradiction": {"color": "#FF8A80", "border": "#B71C1C", "shape": "triangle", "size": 16,
                      "legend": "contradiction"},
    "cluster": {"color": "#B0BEC5", "border": "#263238", "shape": "star", "size": 20, "legend": "group (clustered nodes)"},
}
#: Style for node types not in :data:`NODE_STYLE`.
DEFAULT_NODE_STYLE: dict[str, Any] = {"color": "#E0E0E0", "border": "#757575", "shape": "dot", "legend": "other"}

#: Edge style by ``VizEdge.type``: vis-network ``color``, ``width`` and
#: ``dashes`` (vis-network 9 ``edges``).  ``contradicts`` must stand out.
EDGE_STYLE: dict[str, dict[str, Any]] = {
    "contradicts": {"color": "#D62728", "width": 4, "dashes": True},
    "wasDerivedFrom": {"color": "#7F7F7F", "width": 1.5, "dashes": False},
    "wasAttributedTo": {"color": "#B07D1A", "width": 1, "dashes": False},
    "wasGeneratedBy": {"color": "#4A5DB0", "width": 1, "dashes": False},
    "cites": {"color": "#AD1457", "width": 1, "dashes": False},
    "specializationOf": {"color": "#7B1FA2", "width": 1, "dashes": False},
    "inSection": {"color": "#0277BD", "width": 1, "dashes": False},
    "wasQuotedFrom": {"color": "#4C8C4A", "width": 1, "dashes": False},
    "about": {"color": "#C2185B", "width": 1, "dashes": False},
    "hadMember": {"color": "#5D4037", "width": 1.5, "dashes": False},
}
#: Style for edge types not in :data:`EDGE_STYLE`.
DEFAULT_EDGE_STYLE: dict[str, Any] = {"color": "#9E9E9E", "width": 1, "dashes": False}

# CSS for the legend swatches, by vis shape name (constants, never data).
_SWATCH_CSS = {
    "ellipse": "width:22px;height:13px;border-radius:50%;",
    "box": "width:20px;height:13px;border-radius:3px;",
    "database": "width:16px;height:16px;border-radius:8px/4px;",
    "diamond": "width:11px;height:11px;transform:rotate(45deg);margin:0 4px;",
    "dot": "width:13px;height:13px;border-radius:50%;",
    "square": "width:13px;height:13px;",
    "hexagon": "width:16px;height:14px;clip-path:polygon(25% 0,75% 0,100% 50%,75% 100%,25% 100%,0 50%);",
    "triangle": "width:16px;height:14px;clip-path:polygon(50% 0,100% 100%,0 100%);",
    "star": "width:16px;height:16px;clip-path:polygon(50% 0,61% 35%,98% 35%,68% 57%,79% 91%,50% 70%,21% 91%,"
            "32% 57%,2% 35%,39% 35%);",
}

# ---------------------------------------------------------------------------
# Assets
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _assets() -> tuple[str, str]:
    """Return (vis-network JS, CSS) from the pyvis package, safe to inline.

    Raises:
        FileNotFoundError: pyvis is installed without its ``lib/vis-9.1.2``.
        RuntimeError: the asset holds a sequence that would end the inline
            ``<script>``/``<style>`` early and cannot be neutralised.
    """
    lib = importlib.resources.files("pyvis") / "lib" / "vis-9.1.2"
    js = (lib / "vis-network.min.js").read_text(encoding="utf-8")
    css = (lib / "vis-network.css").read_text(encoding="utf-8")
    # "</script" inside the JS would close the element: "<\/script" means the
    # same in a JS string, regex or comment.  The 9.1.2 file has none.
    js = re.sub(r"</(script)", r"<\\/\1", js, flags=re.IGNORECASE)
    if "<!--" in js or re.search(r"</style", css, re.IGNORECASE):
        raise RuntimeError("vis-network asset cannot be inlined safely")
    return js, css


# ---------------------------------------------------------------------------
# Page template (no $ anywhere but the placeholders)
# ---------------------------------------------------------------------------

_PAGE = Template(
    """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="$csp">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="provkg">
<title>$title</title>
<style>
$vis_css
</style>
<style>
$page_css
</style>
</head>
<body>
<header>
<h1>$title</h1>
<div class="search">
<label for="search">Search</label>
<input id="search" type="search" autocomplete="off" spellcheck="false" placeholder="label, id or provenance text">
<span id="search-status" role="status"></span>
</div>
<div id="info">
$info
</div>
</header>
<main>
<div id="graph"></div>
<aside id="side">
<section id="legend">
<h2>Legend</h2>
$legend
</section>
<section id="details" aria-live="polite">
<p class="hint">Click a node to see its provenance.</p>
</section>
</aside>
</main>
<noscript><p class="info">This page needs JavaScript to draw the graph.</p></noscript>
<script type="application/json" id="graph-data">$data</script>
<script>$vis_js</script>
<script>$app_js</script>
</body>
</html>
"""
)

_PAGE_CSS = """
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: #222; background: #fafafa; }
header { padding: 8px 14px; border-bottom: 1px solid #ddd; background: #fff; }
h1 { font-size: 18px; margin: 0 0 6px 0; }
.search { display: flex; align-items: center; gap: 8px; }
.search input { width: 320px; padding: 4px 6px; font: inherit; }
#search-status { color: #555; }
#info p, p.info, #info details { margin: 4px 0 0 0; color: #8a4b00; }
#info summary { cursor: pointer; }
#info .more { text-decoration: underline; }
#info ul { margin: 2px 0 0 0; padding-left: 22px; }
main { flex: 1; display: flex; min-height: 0; }
#graph { flex: 1; min-width: 0; background: #fff; }
#side { width: 340px; overflow: auto; border-left: 1px solid #ddd; padding: 8px 12px; background: #fcfcfc; }
#side h2 { font-size: 15px; margin: 8px 0 6px 0; overflow-wrap: anywhere; }
#legend ul { list-style: none; margin: 0; padding: 0; }
#legend li { display: flex; align-items: center; gap: 8px; margin: 3px 0; }
.swatch { display: inline-block; border: 1px solid #666; box-sizing: border-box; flex: none; }
.edge-swatch { display: inline-block; width: 24px; height: 0; flex: none; }
#details .type { color: #555; margin: 0 0 6px 0; }
#details dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
#details dt { font-weight: 600; color: #444; }
#details dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.hint { color: #777; }
div.vis-tooltip { white-space: pre-wrap; max-width: 420px; overflow-wrap: anywhere; font-family: inherit; font-size: 13px; }
"""

# The page script.  It only ever assigns data to textContent / DOM properties.
_APP_JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var container = document.getElementById("graph");
  var nodes = new vis.DataSet(data.nodes);
  var edges = new vis.DataSet(data.edges);
  var network = new vis.Network(container, {nodes: nodes, edges: edges}, data.options);
  window.provkgNetwork = network;
  window.provkgData = {nodes: nodes, edges: edges};

  var details = new Map();
  var haystack = new Map();
  data.details.forEach(function (d) {
    details.set(d.id, d);
    var parts = [d.id, d.label, d.type];
    if (d.group !== null) { parts.push(d.group); }
    d.props.forEach(function (kv) { parts.push(kv[0] + ": " + kv[1]); });
    haystack.set(d.id, {label: (d.label + "\n" + d.id).toLowerCase(), all: parts.join("\n").toLowerCase()});
  });
  var edgeInfo = new Map();
  data.edges.forEach(function (e) { edgeInfo.set(e.id, e); });

  function ready() { window.provkgReady = true; document.body.setAttribute("data-ready", "1"); }
  network.once("afterDrawing", function () {
    window.provkgDrawnAt = performance.now();  // ms since navigation start: first frame drawn
    document.body.setAttribute("data-drawn", "1");
  });
  if (data.options.physics === false) {
    ready();
  } else {
    network.once("stabilizationIterationsDone", function () {
      network.setOptions({physics: false});
      ready();
    });
  }

  var panel = document.getElementById("details");
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function fill(title, typeLine, rows) {
    while (panel.firstChild) { panel.removeChild(panel.firstChild); }
    panel.appendChild(el("h2", title));
    panel.appendChild(el("p", typeLine, "type"));
    var dl = el("dl");
    rows.forEach(function (kv) { dl.appendChild(el("dt", kv[0])); dl.appendChild(el("dd", kv[1])); });
    panel.appendChild(dl);
  }
  function showNode(id) {
    var d = details.get(id);
    if (!d) { return; }
    var rows = d.props.slice();
    if (d.group !== null) { rows.push(["group", d.group]); }
    rows.push(["id", d.id]);
    fill(d.label, "type: " + d.type, rows);
    panel.setAttribute("data-node", d.id);
  }
  function showEdge(id) {
    var e = edgeInfo.get(id);
    if (!e) { return; }
    var a = details.get(e.from), b = details.get(e.to);
    fill(e.label || e.kind || "edge", "edge type: " + (e.kind || "(none)"),
         [["from", a ? a.label + " (" + a.id + ")" : e.from], ["to", b ? b.label + " (" + b.id + ")" : e.to]]);
    panel.removeAttribute("data-node");
  }
  network.on("click", function (params) {
    if (params.nodes.length) { showNode(params.nodes[0]); }
    else if (params.edges.length) { showEdge(params.edges[0]); }
  });
  window.provkgShowNode = showNode;

  var input = document.getElementById("search");
  var status = document.getElementById("search-status");
  var matches = [], cursor = 0, timer = null;
  function focusMatch() {
    var id = matches[cursor];
    network.selectNodes([id], true);
    network.focus(id, {scale: 1.2, animation: {duration: 300, easingFunction: "easeInOutQuad"}});
    showNode(id);
    status.textContent = (cursor + 1) + " of " + matches.length + " matches";
  }
  function runSearch() {
    var q = input.value.trim().toLowerCase();
    matches = []; cursor = 0;
    if (!q) { status.textContent = ""; network.unselectAll(); return; }
    var inLabel = [], inProps = [];
    data.details.forEach(function (d) {
      var h = haystack.get(d.id);
      if (h.label.indexOf(q) !== -1) { inLabel.push(d.id); }
      else if (h.all.indexOf(q) !== -1) { inProps.push(d.id); }
    });
    matches = inLabel.concat(inProps);
    if (!matches.length) { status.textContent = "no match"; network.unselectAll(); return; }
    focusMatch();
  }
  input.addEventListener("input", function () {
    if (timer !== null) { clearTimeout(timer); }
    timer = setTimeout(runSearch, 150);
  });
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      ev.preventDefault();
      if (timer !== null) { clearTimeout(timer); timer = null; }
      if (matches.length && input.value.trim().toLowerCase() === (input.dataset.last || "")) {
        cursor = (cursor + 1) % matches.length;
        focusMatch();
      } else {
        runSearch();
      }
      input.dataset.last = input.value.trim().toLowerCase();
    } else if (ev.key === "Escape") {
      input.value = ""; runSearch();
    }
  });
})();
"""

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_SURROGATES = re.compile("[\ud800-\udfff]")


def _clean(text: str) -> str:
    """Replace lone surrogates (e.g. from ``os.fsdecode``) with U+FFFD so the page encodes as UTF-8."""
    return _SURROGATES.sub("\ufffd", str(text))


def _esc(text: str) -> str:
    """HTML-escape text for element content or a double-quoted attribute."""
    return html.escape(_clean(text), quote=True)


def _json_for_script(obj: Any) -> str:
    """Serialise ``obj`` as JSON that is safe inside ``<script type="application/json">``.

    ``<``, ``>``, ``&``, U+2028 and U+2029 are written as ``\\u003c``,
    ``\\u003e``, ``\\u0026``, ``\\u2028``, ``\\u2029`` (they can only occur in
    strings, where these escapes mean the same), so the data can never close
    the element, open a comment or start markup (PITFALLS P3).  Non-ASCII is
    escaped too (``ensure_ascii``), which also carries lone surrogates safely.
    """
    text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _short(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, ending with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _detail(text: str) -> str:
    """``text`` for the side panel: whole up to ``_DETAIL_MAX`` characters, else cut with a note of how many
    characters were left out (``"… [12,345 more characters]"``)."""
    if len(text) <= _DETAIL_MAX:
        return text
    return f"{text[:_DETAIL_MAX]}\u2026 [{len(text) - _DETAIL_MAX:,} more characters]"


def _csp(scripts: list[str]) -> str:
    """Content-Security-Policy allowing only these inline scripts (by SHA-256), inline styles and data: images."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode("ascii") + "'"
        for s in scripts
    )
    return (
        "default-src 'none'; "
        f"script-src {hashes}; "
        "style-src 'unsafe-inline'; "
        "img-src data: blob:; font-src data:; connect-src 'none'; "
        "base-uri 'none'; form-action 'none'"
    )


def _node_style(typ: str) -> dict[str, str]:
    """Style of a node type (:data:`NODE_STYLE`, else :data:`DEFAULT_NODE_STYLE`)."""
    return NODE_STYLE.get(typ, DEFAULT_NODE_STYLE)


def _edge_style(typ: str) -> dict[str, Any]:
    """Style of an edge type; a prefixed name (``prov:wasQuotedFrom``) is looked up by its local name."""
    return EDGE_STYLE.get(typ) or EDGE_STYLE.get(typ.rsplit(":", 1)[-1], DEFAULT_EDGE_STYLE)


def _fmt(n: int) -> str:
    return f"{n:,}"


def _select(
    nodes: list[VizNode], edges: list[VizEdge], budget: int
) -> tuple[list[VizNode], list[VizEdge], list[tuple[str, str]]]:
    """Cut the view to the node budget.

    Returns the kept nodes (sorted by id), kept edges (sorted), and notices
    ``(css class, plain sentence)`` saying what was dropped and why.  Contradiction nodes
    (type ``contradiction``) and both ends of ``contradicts`` edges are always
    kept; the rest of the budget goes to the highest-degree nodes (ties by id).
    """
    notices: list[tuple[str, str]] = []
    by_id = {n.id: n for n in nodes}
    valid = [e for e in edges if e.source in by_id and e.target in by_id]
    dangling = len(edges) - len(valid)
    if dangling:
        notices.append((
            "dangling",
            f"{_fmt(dangling)} edge{'s' if dangling != 1 else ''} pointing to nodes not in this view "
            f"{'were' if dangling != 1 else 'was'} left out.",
        ))
    if len(nodes) <= budget:
        kept_ids = set(by_id)
    else:
        degree = dict.fromkeys(by_id, 0)
        for e in valid:
            degree[e.source] += 1
            degree[e.target] += 1
        priority = {n.id for n in nodes if n.type == "contradiction"}
        for e in valid:
            if e.type == "contradicts":
                priority.add(e.source)
                priority.add(e.target)
        rest = sorted((i for i in by_id if i not in priority), key=lambda i: (-degree[i], i))
        kept_ids = priority | set(rest[: max(0, budget - len(priority))])
    kept_nodes = sorted((by_id[i] for i in kept_ids), key=lambda n: n.id)
    kept_edges = sorted(
        (e for e in valid if e.source in kept_ids and e.target in kept_ids),
        key=lambda e: (e.source, e.target, e.type, e.label),
    )
    if len(kept_nodes) < len(nodes):
        dn = len(nodes) - len(kept_nodes)
        de = len(valid) - len(kept_edges)
        over = " (all contradictions kept, so the budget is exceeded)" if len(kept_nodes) > budget else ""
        notices.append((
            "budget",
            f"Showing {_fmt(len(kept_nodes))} of {_fmt(len(nodes))} nodes and {_fmt(len(kept_edges))} of "
            f"{_fmt(len(valid))} edges: {_fmt(dn)} nodes and {_fmt(de)} edges left out because the graph is "
            f"larger than the node budget of {_fmt(budget)}; kept the highest-degree nodes and every "
            f"contradiction{over}. Narrow the view (focus, depth, one manifest) to see the rest.",
        ))
    return kept_nodes, kept_edges, notices


def _layout(nodes: list[VizNode], edges: list[VizEdge]) -> dict[str, tuple[int, int]]:
    """Positions in vis pixels from ``networkx.spring_layout(G, seed=42, iterations=50)`` (15 past 1,500 nodes).

    The graph is built in sorted order and coordinates are rounded to whole
    pixels, so the same input gives the same positions.  Needs numpy (and
    scipy from 500 nodes, where networkx switches to its sparse solver).
    """
    import networkx as nx  # lazy: 124 ms import (PERF-NOTES)

    graph = nx.Graph()
    graph.add_nodes_from(n.id for n in nodes)
    graph.add_edges_from((e.source, e.target) for e in edges if e.source != e.target)
    scale = 60.0 * math.sqrt(len(nodes))
    # Fruchterman-Reingold costs O(n^2) per iteration below 500 nodes and a sparse
    # solve above; past 1,500 nodes fewer iterations keep it to seconds.
    iterations = 50 if len(nodes) <= 1500 else 15
    pos = nx.spring_layout(graph, seed=42, iterations=iterations, scale=scale)
    return {k: (int(round(float(v[0]))), int(round(float(v[1])))) for k, v in pos.items()}


def _tooltip(node: VizNode) -> str:
    """Plain-text tooltip (vis-network 9 shows a string ``title`` as text)."""
    lines = [_short(_clean(node.label), _TOOLTIP_LABEL_MAX), f"[{_clean(node.type)}]"]
    for key, value in list(node.props.items())[:_TOOLTIP_PROPS]:
        lines.append(_short(f"{_clean(key)}: {_clean(value)}", _TOOLTIP_PROP_MAX))
    if len(node.props) > _TOOLTIP_PROPS:
        lines.append("(click for all provenance)")
    return "\n".join(lines)


def _legend(nodes: list[VizNode], edges: list[VizEdge]) -> str:
    """Legend HTML for the node types (and the contradicts edge) present.

    Built only from the style tables' constant strings, never from data.
    """
    present = {n.type for n in nodes}
    items = []
    for typ, style in NODE_STYLE.items():
        if typ in present:
            items.append((style, typ))
    if present - set(NODE_STYLE):
        items.append((DEFAULT_NODE_STYLE, "other"))
    out = ["<ul>"]
    for style, typ in items:
        sw = _SWATCH_CSS.get(style["shape"], _SWATCH_CSS["dot"])
        out.append(
            f'<li data-type="{_esc(typ)}"><span class="swatch" style="{sw}background:{style["color"]};'
            f'border-color:{style["border"]}"></span>{_esc(style["legend"])}</li>'
        )
    if any(e.type == "contradicts" for e in edges):
        st = EDGE_STYLE["contradicts"]
        out.append(
            f'<li data-edge="contradicts"><span class="edge-swatch" style="border-top:{st["width"]}px '
            f'dashed {st["color"]}"></span>contradicts (edge)</li>'
        )
    if not items:
        out.append('<li class="hint">(empty graph)</li>')
    out.append("</ul>")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def render_html(
    view: GraphView,
    *,
    node_budget: int = 800,
    layout_threshold: int = LAYOUT_THRESHOLD,
) -> str:
    """Render ``view`` as one self-contained HTML page.

    Args:
        view: the graph to draw.
        node_budget: most nodes to draw.  Past it, the highest-degree nodes are
            kept (ties broken by id), plus every ``contradiction`` node and both
            ends of every ``contradicts`` edge even if that exceeds the budget;
            the page says how many nodes and edges were left out and why
            (PITFALLS P4).
        layout_threshold: when more nodes than this are drawn, positions are
            computed with ``networkx.spring_layout(seed=42, iterations=50)``
            and vis physics is off (``physics: false``, nodes carry ``x``/``y``);
            otherwise vis physics runs with ``stabilization.iterations`` capped
            at :data:`STABILIZATION_ITERATIONS` and is switched off once stable.

    Returns:
        The page as a ``str`` (encode it as UTF-8; see :func:`write_html`).
        It loads nothing from the network (PITFALLS P1) and holds no markup
        from the data (PITFALLS P3); the data is a JSON object
        ``{"nodes": [...], "edges": [...], "details": [...], "options": {...}}``
        inside ``<script type="application/json" id="graph-data">``, where
        ``nodes``/``edges`` are vis-network 9.1.2 DataSet items and
        ``details`` holds ``{"id", "label", "type", "group", "props": [[k, v], ...]}``
        for the side panel and the search box.  The same input gives the same
        string.

    Raises:
        ValueError: ``node_budget`` < 1, or two nodes share an id.
        ImportError: a layout is needed and numpy (or scipy, from 500 drawn
            nodes) is not installed.
    """
    if node_budget < 1:
        raise ValueError(f"node_budget must be at least 1, got {node_budget}")
    seen: set[str] = set()
    for n in view.nodes:
        if n.id in seen:
            raise ValueError(f"duplicate node id in GraphView: {n.id!r}")
        seen.add(n.id)

    nodes, edges, notices = _select(list(view.nodes), list(view.edges), node_budget)
    big = len(nodes) > layout_threshold
    positions = _layout(nodes, edges) if big and nodes else {}

    vis_nodes = []
    details = []
    for n in nodes:
        style = _node_style(n.type)
        item: dict[str, Any] = {
            "id": _clean(n.id),
            "label": _short(_clean(n.label), _LABEL_MAX),
            "title": _tooltip(n),
            "shape": style["shape"],
            "color": {
                "background": style["color"],
                "border": style["border"],
                "highlight": {"background": style["color"], "border": "#000000"},
                "hover": {"background": style["color"], "border": "#000000"},
            },
            "kind": _clean(n.type),
        }
        if "size" in style:
            item["size"] = style["size"]
        if n.type == "claim":
            item["label"] = _short(_clean(n.label), _CLAIM_LABEL_MAX)
            item["font"] = {"size": 12}
            # claim labels appear only once zoomed in to >= 60 % (12 px * 0.6 = 7.2 px >= 8 - 1):
            # zoomed out, the files, works and contradictions stay legible
            item["scaling"] = {"label": {"drawThreshold": 8}}
        if n.type == "contradiction":
            item["borderWidth"] = 3
        if n.id in positions:
            item["x"], item["y"] = positions[n.id]
        vis_nodes.append(item)
        details.append(
            {
                "id": _clean(n.id),
                "label": _detail(_clean(n.label)),
                "type": _clean(n.type),
                "group": None if n.group is None else _clean(n.group),
                "props": [[_clean(k), _detail(_clean(v))] for k, v in n.props.items()],
            }
        )

    show_edge_labels = len(edges) <= _EDGE_LABELS_MAX
    vis_edges = []
    for i, e in enumerate(edges):
        style = _edge_style(e.type)
        label = _clean(e.label)
        title = label if not e.type or e.type == e.label else f"{label} ({_clean(e.type)})"
        item = {
            "id": f"e{i}",
            "from": _clean(e.source),
            "to": _clean(e.target),
            "label": _short(label, _LABEL_MAX) if show_edge_labels or e.type == "contradicts" else "",
            "title": _short(title, _TOOLTIP_LABEL_MAX),
            "kind": _clean(e.type),
            "color": {"color": style["color"], "highlight": style["color"], "hover": style["color"]},
            "width": style["width"],
            "dashes": style["dashes"],
        }
        if e.type == "contradicts":
            item["font"] = {"color": style["color"], "size": 12, "strokeWidth": 3}
            item["smooth"] = False
        vis_edges.append(item)

    options: dict[str, Any] = {
        "autoResize": True,
        "nodes": {"font": {"size": 17, "face": "sans-serif", "strokeWidth": 3, "strokeColor": "#ffffff"},
                  "borderWidth": 1},
        "edges": {
            "arrows": {"to": {"enabled": True, "scaleFactor": 0.5}},
            "font": {"size": 10, "align": "middle"},
            "smooth": False if big else {"enabled": True, "type": "continuous"},
        },
        "interaction": {
            "hover": True,
            "tooltipDelay": 150,
            "hideEdgesOnDrag": big,
            "multiselect": True,
        },
        "layout": {"randomSeed": 42, "improvedLayout": not big and len(nodes) <= 100},
    }
    if big or not nodes:
        options["physics"] = False
    else:
        options["physics"] = {
            "enabled": True,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {
                "gravitationalConstant": -80,
                "springLength": 140,
                "avoidOverlap": 0.6,
            },
            "stabilization": {
                "enabled": True,
                "iterations": STABILIZATION_ITERATIONS,
                "updateInterval": 25,
                "fit": True,
            },
        }

    data = {"nodes": vis_nodes, "edges": vis_edges, "details": details, "options": options}
    info_lines = []
    if view.omitted is not None:
        head, _, rest = view.omitted.partition(". ")
        if len(view.omitted) > _INFO_FOLD and rest:
            # a long account of what was left out: first sentence shown, the rest one click away
            items = "".join(f"<li>{_esc(x if x.endswith('.') else x + '.')}</li>" for x in rest.split(". ") if x)
            info_lines.append(f'<details class="omitted"><summary>{_esc(head)}. <span class="more">'
                              f'What was grouped or left out</span></summary><ul>{items}</ul></details>')
        else:
            info_lines.append(f'<p class="omitted">{_esc(view.omitted)}</p>')
    info_lines.extend(f'<p class="{cls}">{_esc(text)}</p>' for cls, text in notices)

    vis_js, vis_css = _assets()
    # The CSP hashes must cover exactly the text between <script> and </script>.
    vis_js = "\n" + vis_js + "\n"
    app_js = _APP_JS
    return _PAGE.substitute(
        csp=_esc(_csp([vis_js, app_js])),
        title=_esc(view.title),
        vis_css=vis_css,
        page_css=_PAGE_CSS,
        info="\n".join(info_lines),
        legend=_legend(nodes, edges),
        data=_json_for_script(data),
        vis_js=vis_js,
        app_js=app_js,
    )


def write_html(view: GraphView, path: str | os.PathLike[str], **kw: Any) -> Path:
    """Render ``view`` and write it to ``path`` atomically, always as UTF-8.

    Args:
        view: the graph to draw.
        path: target file; missing parent folders are made.
        **kw: passed to :func:`render_html` (``node_budget``, ``layout_threshold``).

    Returns:
        ``Path(path)``.

    Raises:
        ValueError, ImportError: from :func:`render_html`.
        OSError: the directory cannot be made or written; no partial file is
            left behind (temporary file in the same directory, then
            ``os.replace``; PITFALLS P15).

    The bytes are UTF-8 whatever the locale (``LC_ALL=C``, ``PYTHONUTF8=0``):
    PITFALLS P5.
    """
    from graph.atomic import write_atomic

    return write_atomic(render_html(view, **kw).encode("utf-8"), path)
