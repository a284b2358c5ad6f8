#!/usr/bin/env python3
"""Score provkg's judgement on shift workspaces that come with an oracle.

Usage::

    python bench/judgement.py DIR [DIR ...] [--only NAME ...] [--show] [--keep]

Each ``DIR`` holds shift workspaces ``<name>/`` next to their oracles ``<name>.oracle.json``, in the
schema of ``../shared/shifts/README.md`` (``../shared/shifts`` and ``tests/fixtures/shifts`` are two such
folders).  For every shift the scorer runs provkg as a user would, in a fresh process and a fresh store
(``provkg --store TMP ingest WS``, then ``query items -m MANIFEST``, ``query papers``,
``query duplicates``, ``query claims``, ``query contradictions -m MANIFEST``, all ``--format json``)
and compares what provkg says with the oracle:

* **works**: precision and recall of the arXiv works provkg found, and the false IDs it took as works;
* **status**: each oracle work's citation status (``already_cited`` / ``not_in_citation_list`` / ``new``)
  against provkg's ``query papers`` ``status``;
* **duplicates**: the IDs cited twice in the living document's citation list (recall, extras);
* **items**: provkg's items matched to the oracle's by file and start line within 2 (precision,
  recall); for matched items, the works each is about (exactly right) and the relevance;
* **evidence**: at each oracle ``(file, line, level)``, whether ``level`` is among the levels provkg gives
  that line (the claims covering it, or the item starting there); ``abstract_checked`` is provkg's name
  for the oracle's ``abstract_only``;
* **sections**: at each oracle ``(file, line, section)``, whether the section is among those provkg gives
  the item holding that line (the note's own suggestions, else provkg's routing), or, for a line no item
  spans, the item its claims belong to (``query claims``' ``item``);
* **contradictions**: recall of the oracle's conflicting pairs (both sides matched by file and line
  within 2, in either order; the kind reported beside), and the agreeing pairs (``not_contradictions``)
  that provkg flags, which must be 0.  Every other finding is listed with ``--show`` to be read.

It prints one block per shift and, last, one JSON object with every figure (per shift and pooled).
Exit status 0 whatever the scores (a benchmark, not a test); 2 when a folder holds no shift.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import networkx as nx

HERE = Path(__file__).resolve().parent
#: provkg's evidence names where they differ from the oracle schema's.
LEVEL_ALIASES = {"abstract_checked": "abstract_only"}
LINE_SLACK = 2


def _provkg() -> list[str]:
    """The command that runs provkg: the ``provkg`` script beside this Python, else ``python -m provkg``."""
    exe = Path(sys.executable).with_name("provkg")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "provkg"]


def _run(store: Path, *args: str) -> dict | list | None:
    """Run ``provkg --store STORE ARGS --format json`` and return its parsed JSON (None on failure)."""
    cmd = [*_provkg(), "--store", str(store), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONUTF8": "1"})
    if p.returncode not in (0, 1):
        sys.stderr.write(f"judgement: {' '.join(args)} exited {p.returncode}: {p.stderr.strip()[:400]}\n")
        return None
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(f"judgement: {' '.join(args)} printed no JSON: {p.stdout[:200]!r}\n")
        return None


def _results(doc: dict | list | None) -> list[dict]:
    if isinstance(doc, dict):
        return list(doc.get("results", []))
    return list(doc or [])


def _match_items(o_items: list[dict], p_items: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs ``(oracle item, provkg item)``: as many as can be made of items of one file whose start lines
    lie within ``LINE_SLACK``, and among those the pairing with the smallest total line distance (a maximum
    weight matching, networkx), in the oracle's order.  An item one line off never takes the place of
    its neighbour's exact match."""
    graph = nx.Graph()
    for a, oi in enumerate(o_items):
        for k, pi in enumerate(p_items):
            if _near(oi["file"], oi["line"], pi["source"], pi["line"]):
                graph.add_edge(("o", a), ("p", k), weight=LINE_SLACK + 1 - abs(int(pi["line"]) - int(oi["line"])))
    pairs = {}
    for u, v in nx.max_weight_matching(graph, maxcardinality=True):
        (_, a), (_, k) = sorted((u, v))
        pairs[a] = k
    return [(o_items[a], p_items[pairs[a]]) for a in sorted(pairs)]


def _near(a_file: str, a_line: int, b_file: str, b_line: int) -> bool:
    return a_file == b_file and abs(int(a_line) - int(b_line)) <= LINE_SLACK


def _level(name: str) -> str:
    return LEVEL_ALIASES.get(name, name)


def _section_key(label: str) -> str:
    """``"§3.1"`` -> ``"3.1"``; a heading text (``"II.3 Paged kernels"``) and provkg's key for a section
    without a plain number (``"ii-3-paged-kernels"``) -> the same slug: case-folded, every run of other
    characters than letters and digits one ``-``."""
    s = label.strip()
    if s.startswith("§"):
        s = s[1:].strip()  # (a Roman-numbered label, "§III.2", meets provkg's "III.2" as the slug "iii-2")
    if re.fullmatch(r"[\d.]+", s):
        return s
    return re.sub(r"[^\w]+|_", "-", s.casefold()).strip("-")


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def score_shift(ws: Path, oracle: dict, *, show: bool = False, keep: bool = False) -> dict:
    """Run provkg on the workspace ``ws`` and compare with ``oracle``; returns the figures (and prints them)."""
    name = oracle.get("shift", ws.name)
    tmp = Path(tempfile.mkdtemp(prefix=f"judge-{name}-"))
    try:
        work = tmp / "ws"
        shutil.copytree(ws, work)
        store = tmp / "store"
        ing = subprocess.run([*_provkg(), "--store", str(store), "ingest", str(work)], capture_output=True, text=True)
        manifest = Path(oracle["manifest"]).stem
        items = _results(_run(store, "query", "items", "-m", manifest, "--format", "json"))
        papers = _results(_run(store, "query", "papers", "--format", "json"))
        dups = _results(_run(store, "query", "duplicates", "--format", "json"))
        claims = _results(_run(store, "query", "claims", "--format", "json"))
        found = _results(_run(store, "query", "contradictions", "-m", manifest, "--format", "json"))
        sections = _results(_run(store, "query", "sections", "--format", "json"))
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    out: dict = {"shift": name, "ingest_exit": ing.returncode}
    lines = [f"== {name} ({ws})  ingest exit {ing.returncode}"]

    # -- works and status
    o_works = oracle["works"]
    p_works = {r["arxiv_id"]: r for r in papers}
    hit = set(p_works) & set(o_works)
    false_taken = sorted(w for w in p_works if w not in o_works)
    out["works"] = {"precision": _ratio(len(hit), len(p_works)), "recall": _ratio(len(hit), len(o_works)),
                    "false_ids_taken": false_taken, "missed": sorted(set(o_works) - set(p_works))}
    status_ok, status_bad = 0, []
    for w, d in sorted(o_works.items()):
        got = p_works.get(w, {}).get("status", "missing")
        if got == d["status"]:
            status_ok += 1
        else:
            status_bad.append(f"{w}: {got} (oracle {d['status']})")
    out["status"] = {"right": _ratio(status_ok, len(o_works)), "wrong": status_bad}
    lines.append(f"works       P {out['works']['precision']}  R {out['works']['recall']}  false IDs taken {false_taken}"
                 f"  missed {out['works']['missed']}")
    lines.append(f"status      {status_ok}/{len(o_works)} right" + (f"  wrong: {status_bad}" if status_bad else ""))

    # -- duplicates
    p_dups = {r["arxiv_id"] for r in dups}
    o_dups = set(oracle.get("duplicates", []))
    out["duplicates"] = {"recall": _ratio(len(p_dups & o_dups), len(o_dups)) if o_dups else 1.0,
                         "extra": sorted(p_dups - o_dups), "missed": sorted(o_dups - p_dups)}
    lines.append(f"duplicates  found {sorted(p_dups & o_dups)} missed {sorted(o_dups - p_dups)} extra {sorted(p_dups - o_dups)}")

    # -- items
    materials = set(oracle["materials"])
    p_items = [i for i in items if i["source"] in materials]
    matched = _match_items(oracle["items"], p_items)
    works_ok = [(oi, pi) for oi, pi in matched if sorted(pi.get("works", [])) == sorted(oi["works"])]
    rel_ok = [(oi, pi) for oi, pi in matched if pi.get("relevance") == oi["relevance"]]
    out["items"] = {"precision": _ratio(len(matched), len(p_items)), "recall": _ratio(len(matched), len(oracle["items"])),
                    "works_right": _ratio(len(works_ok), len(oracle["items"])),
                    "works_right_of_matched": _ratio(len(works_ok), len(matched)),
                    "relevance_right": _ratio(len(rel_ok), len(matched)),
                    "provkg": len(p_items), "oracle": len(oracle["items"])}
    lines.append(f"items       P {out['items']['precision']}  R {out['items']['recall']}  ({len(p_items)} provkg / "
                 f"{len(oracle['items'])} oracle)  works right {out['items']['works_right']}  relevance right "
                 f"{out['items']['relevance_right']} of matched")
    if show:
        got = {id(pi) for _, pi in matched}
        for oi in oracle["items"]:
            m = next((pi for o, pi in matched if o is oi), None)
            if m is None:
                lines.append(f"   missed item  {oi['file']}:{oi['line']} {oi['works']} {oi['relevance']}  {oi['title']}")
            else:
                flags = []
                if sorted(m.get("works", [])) != sorted(oi["works"]):
                    flags.append(f"works {m.get('works')} != {oi['works']}")
                if m.get("relevance") != oi["relevance"]:
                    flags.append(f"relevance {m.get('relevance')} != {oi['relevance']} (provkg: "
                                 f"{m.get('reason') or 'no reason'}; {m.get('statuses')}; {m.get('evidence')}; "
                                 f"sections {m.get('sections')})")
                if flags:
                    lines.append(f"   item {oi['file']}:{oi['line']} ({oi['title']}): " + "; ".join(flags))
        for pi in p_items:
            if id(pi) not in got:
                lines.append(f"   extra item   {pi['source']}:{pi['line']} {pi.get('works')} {pi.get('relevance')}  {pi['title'][:60]}")

    # -- evidence
    def levels_at(file: str, line: int) -> set[str]:
        got: set[str] = set()
        for c in claims:
            if c["source"] == file and c["line"] <= line <= c.get("line_end", c["line"]):
                got.update(_level(x) for x in (c.get("evidence_levels") or [c.get("evidence", "unknown")]))
        for pi in p_items:
            if pi["source"] == file and pi["line"] == line:
                got.update(_level(x) for x in pi.get("evidence", []))
        if not got:  # a line no claim covers (a heading): the item holding it
            for pi in p_items:
                if pi["source"] == file and pi["line"] <= line <= pi.get("line_end", pi["line"]):
                    got.update(_level(x) for x in pi.get("evidence", []))
        return got - {"unknown"}

    ev_ok, ev_bad = 0, []
    for e in oracle["evidence"]:
        got = levels_at(e["file"], e["line"])
        if e["level"] in got:
            ev_ok += 1
        else:
            ev_bad.append(f"{e['file']}:{e['line']} {e['level']} -> {sorted(got) or 'unknown'}")
    out["evidence"] = {"right": _ratio(ev_ok, len(oracle["evidence"])), "wrong": ev_bad}
    lines.append(f"evidence    {ev_ok}/{len(oracle['evidence'])} right")
    if show:
        lines.extend(f"   evidence {b}" for b in ev_bad)

    # -- sections
    # an oracle may name a section by its heading text ("（二）抢占与公平性") where provkg keys it by its
    # number ("二"): every key also answers to its title and to "key title"
    also: dict[str, set[str]] = {}
    for sec in sections:
        k = _section_key(sec["key"])
        also.setdefault(k, {k}).update({_section_key(sec.get("title") or ""), _section_key(f"{sec['key']} {sec.get('title') or ''}")})
    sec_ok, sec_bad = 0, []
    for s in oracle["sections"]:
        holder = [pi for pi in p_items if pi["source"] == s["file"] and pi["line"] <= s["line"] <= pi.get("line_end", pi["line"])]
        if not holder:
            # a line outside every item's span that provkg joins to an item ("row 3 (MagicPIG) → [4.1]"
            # under a table): the item its claims belong to
            held = {c.get("item") for c in claims if c["source"] == s["file"] and c["line"] <= s["line"] <= c["line_end"]}
            holder = [pi for pi in p_items if pi["source"] == s["file"] and pi.get("index") in held]
        got: set[str] = set()
        for pi in holder:
            got.update(_section_key(x) for x in pi.get("sections", []))
            got.update(_section_key(x) for x in pi.get("cross_references", []))
            if not pi.get("sections") and pi.get("route"):
                got.add(_section_key(pi["route"]["key"]))
        want = _section_key(s["section"])
        # "Part IV: Open questions" names the section keyed "IV" titled "Open questions"; "（二）抢占与公平性"
        # the section keyed "1.2" (a Chinese outline numbered as it is cited) titled "抢占与公平性"
        if want in {n for g in got for n in also.get(g, {g})} or any(
                len(t) > 2 and want.endswith(t) and (re.search(rf"(?:^|-){re.escape(g)}(?:-|$)", want)
                                                     or re.fullmatch(r"[\d.一二三四五六七八九十ivxlc-]+", want[: -len(t)].strip("-") or "-"))
                for g in got for t in also.get(g, {g}) - {g}):
            sec_ok += 1
        else:
            sec_bad.append(f"{s['file']}:{s['line']} {s['section']} -> {sorted(got)}")
    out["sections"] = {"right": _ratio(sec_ok, len(oracle["sections"])), "wrong": sec_bad}
    lines.append(f"sections    {sec_ok}/{len(oracle['sections'])} right")
    if show:
        lines.extend(f"   section {b}" for b in sec_bad)

    # -- contradictions
    def matches(pair: dict, f: dict) -> bool:
        a, b = pair["a"], pair["b"]
        fa, fb = f["a"], f["b"]
        return ((_near(a["file"], a["line"], fa["source"], fa["line"]) and _near(b["file"], b["line"], fb["source"], fb["line"]))
                or (_near(a["file"], a["line"], fb["source"], fb["line"]) and _near(b["file"], b["line"], fa["source"], fa["line"])))

    c_ok, c_kind_ok, c_missed = 0, 0, []
    claimed: set[int] = set()
    for c in oracle["contradictions"]:
        hits = [k for k, f in enumerate(found) if matches(c, f)]
        if hits:
            c_ok += 1
            claimed.update(hits)
            if any(found[k]["kind"] == c["kind"] for k in hits):
                c_kind_ok += 1
        else:
            c_missed.append(f"{c['kind']} {c['subject']}: {c['a']['file']}:{c['a']['line']} vs {c['b']['file']}:{c['b']['line']}")
    agreeing = []
    for n in oracle.get("not_contradictions", []):
        # a finding that matches a conflicting pair is that pair's, even when an agreeing pair lies within
        # two lines of it
        hits = [k for k, f in enumerate(found) if matches(n, f) and k not in claimed]
        claimed.update(hits)
        agreeing.extend(f"{found[k]['kind']} {n['subject']}: {n['a']['file']}:{n['a']['line']} vs {n['b']['file']}:{n['b']['line']}"
                        for k in hits)
    others = [f for k, f in enumerate(found) if k not in claimed]
    out["contradictions"] = {"recall": _ratio(c_ok, len(oracle["contradictions"])),
                             "kind_right": _ratio(c_kind_ok, len(oracle["contradictions"])),
                             "missed": c_missed, "agreeing_flagged": agreeing, "other_findings": len(others),
                             "other_kinds": dict(Counter(f["kind"] for f in others))}
    lines.append(f"contradict. recall {c_ok}/{len(oracle['contradictions'])} (kind right {c_kind_ok})  agreeing pairs "
                 f"flagged {len(agreeing)}  other findings {len(others)} {dict(Counter(f['kind'] for f in others))}")
    if show:
        lines.extend(f"   missed {m}" for m in c_missed)
        lines.extend(f"   AGREEING FLAGGED {a}" for a in agreeing)
        for f in others:
            lines.append(f"   other {f['kind']} {f['subject']}: {f['a']['source']}:{f['a']['line']} "
                         f"{f['a']['text'][:70]!r} vs {f['b']['source']}:{f['b']['line']} {f['b']['text'][:70]!r}")
    print("\n".join(lines), flush=True)
    return out


def _shifts(folder: Path) -> list[tuple[Path, dict]]:
    out = []
    for orc in sorted(folder.glob("*.oracle.json")):
        ws = folder / orc.name[: -len(".oracle.json")]
        if ws.is_dir():
            out.append((ws, json.loads(orc.read_text("utf-8"))))
    return out


def _pool(results: list[dict]) -> dict:
    """Pooled figures: each metric's mean over shifts (None where a shift has nothing to score)."""
    def mean(path: tuple[str, str]) -> float | None:
        vals = [r[path[0]][path[1]] for r in results if r[path[0]][path[1]] is not None]
        return round(sum(vals) / len(vals), 3) if vals else None

    keys = [("works", "precision"), ("works", "recall"), ("status", "right"), ("duplicates", "recall"),
            ("items", "precision"), ("items", "recall"), ("items", "works_right"), ("items", "relevance_right"),
            ("evidence", "right"), ("sections", "right"), ("contradictions", "recall")]
    pooled = {f"{a}.{b}": mean((a, b)) for a, b in keys}
    pooled["false_ids_taken"] = sum(len(r["works"]["false_ids_taken"]) for r in results)
    pooled["agreeing_flagged"] = sum(len(r["contradictions"]["agreeing_flagged"]) for r in results)
    pooled["other_findings"] = sum(r["contradictions"]["other_findings"] for r in results)
    return pooled


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path, help="folders holding <shift>/ and <shift>.oracle.json")
    ap.add_argument("--only", nargs="*", default=None, help="score only these shift names")
    ap.add_argument("--show", action="store_true", help="list every miss and every finding not in the oracle")
    ap.add_argument("--keep", action="store_true", help="keep the temporary stores (printed paths)")
    a = ap.parse_args(argv)
    shifts = [s for d in a.dirs for s in _shifts(d)]
    if a.only:
        shifts = [s for s in shifts if s[1].get("shift", s[0].name) in a.only or s[0].name in a.only]
    if not shifts:
        print("judgement: no <shift>/ with <shift>.oracle.json in " + ", ".join(map(str, a.dirs)), file=sys.stderr)
        return 2
    results = [score_shift(ws, o, show=a.show, keep=a.keep) for ws, o in shifts]
    summary = {"shifts": {r["shift"]: {k: v for k, v in r.items() if k != "shift"} for r in results},
               "pooled": _pool(results)}
    print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
