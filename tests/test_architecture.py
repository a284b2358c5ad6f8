"""The import structure of provkg, read from the source with ``ast`` (basic-memory's boundary test).

Dependencies point one way: ``ingest -> graph -> queries -> renderers -> CLI``.  The test fails on

* an import cycle between modules (module-level or inside a function: both are dependencies);
* a private name (``_x``) imported from another module;
* ``graph/`` importing ``queries/`` (or ``ingest/`` importing either);
* any module but the command line (``provkg.cli``) importing click.

``ALLOWED_PRIVATE`` lists the private imports still tolerated and ``ALLOWED_CYCLES`` the cycles; both
may only shrink: an entry that no longer occurs fails the test too, so a fix removes its entry.
"""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("provkg", "ingest", "graph", "queries")

#: (importing module, imported module, name).  May only shrink (see the module docstring).
ALLOWED_PRIVATE: set[tuple[str, str, str]] = set()

#: Import cycles still tolerated (sorted module names).  May only shrink.
ALLOWED_CYCLES: list[list[str]] = []


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for f in sorted((ROOT / pkg).rglob("*.py")):
            parts = f.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = f
    return out


def _imports(mods: dict[str, Path]) -> list[tuple[str, str, str | None]]:
    """``(module, imported module or external top-level name, imported name or None)`` of every import."""
    out = []
    for mod, f in mods.items():
        is_pkg = f.name == "__init__.py"
        for node in ast.walk(ast.parse(f.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                for a in node.names:
                    out.append((mod, a.name, None))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    out.append((mod, sub, None) if sub in mods else (mod, target, a.name))
    return out


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, str, str | None]], dict[str, Path]]:
    mods = _modules()
    imps = _imports(mods)
    edges: dict[str, set[str]] = defaultdict(set)
    for m, t, _n in imps:
        if t in mods and t != m:
            edges[m].add(t)
    return edges, imps, mods


def _cycles(edges: dict[str, set[str]], nodes: list[str]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    edges, _imps, mods = _graph()
    found = _cycles(edges, sorted(mods))
    assert [c for c in found if c not in ALLOWED_CYCLES] == [], "import cycles"
    assert [c for c in ALLOWED_CYCLES if c not in found] == [], "the allowlist may only shrink: remove cycles that are gone"


def test_the_cycle_check_finds_a_cycle():
    """The checker itself: a two-module cycle and a three-module one are reported, a chain is not."""
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}}, ["a", "b", "c", "d"]) == [["a", "b"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c"]) == [["a", "b", "c"]]


def test_no_private_name_is_imported_across_modules():
    _edges, imps, mods = _graph()
    found = {(m, t, n) for m, t, n in imps
             if n is not None and n.startswith("_") and not n.startswith("__") and t in mods and t != m}
    assert found - ALLOWED_PRIVATE == set(), "private names imported across modules"
    assert ALLOWED_PRIVATE - found == set(), "the allowlist may only shrink: remove entries that no longer occur"


def test_graph_never_imports_queries_and_ingest_imports_neither():
    _edges, imps, _mods = _graph()
    bad = sorted({(m, t) for m, t, _n in imps
                  if (m.startswith("graph") and t.split(".")[0] == "queries")
                  or (m.startswith("ingest") and t.split(".")[0] in ("graph", "queries", "provkg"))})
    assert bad == []


def test_only_the_command_line_imports_click():
    _edges, imps, _mods = _graph()
    users = sorted({m for m, t, _n in imps if t.split(".")[0] == "click"})
    assert users and all(m == "provkg.cli" or m.startswith("provkg.cli.") for m in users), users


def test_the_walk_sees_every_package_and_its_imports():
    """The walk reads what it claims: known modules and a known import of each kind are in it."""
    edges, imps, mods = _graph()
    assert {"graph.index", "graph.cache", "queries.derive", "provkg.api", "provkg.cli.app"} <= set(mods)
    assert "graph.facts" in edges["graph.index"]  # from .facts import …
    assert "graph.cache" in edges["queries.state"]  # from graph import cache (a submodule as a name)
    assert any(m == "provkg.cli.output" and t == "click" for m, t, _n in imps)


def test_every_module_compiles_without_a_warning():
    """An invalid escape in a docstring (``"\\d"`` written as ``\\d`` in a plain string) is a DeprecationWarning now and
    a SyntaxWarning from Python 3.12 on, shown to every user; a fresh user saw one in ``ingest/markup.py``."""
    import warnings

    bad = []
    for pkg in (*PACKAGES, "bench"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            with warnings.catch_warnings(record=True) as got:
                warnings.simplefilter("always")
                compile(path.read_text(encoding="utf-8"), str(path), "exec")
            bad += [f"{path.relative_to(ROOT)}: {w.message}" for w in got]
    assert bad == []


def _bound_twice(source: str) -> list[tuple[str, list[int]]]:
    """Module-level names a module binds more than once (``def``, ``class``, plain or annotated assignment)."""
    seen: dict[str, list[int]] = defaultdict(list)
    for node in ast.parse(source).body:
        names: list[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names = [node.target.id]
        for name in names:
            seen[name].append(node.lineno)
    return [(name, lines) for name, lines in seen.items() if len(lines) > 1]


def test_no_module_level_name_is_bound_twice():
    """A rule module of a thousand lines once defined ``_POINTS_BACK`` twice: the second pattern silently replaced the
    first, and every rule that used the first read the second.  A module-level name is bound once."""
    bad = []
    for pkg in (*PACKAGES, "bench"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            bad += [f"{path.relative_to(ROOT)}: {name} at lines {lines}"
                    for name, lines in _bound_twice(path.read_text(encoding="utf-8"))]
    assert bad == []


def test_the_twice_bound_check_finds_a_rebinding():
    """The checker itself: a pattern bound twice and a function redefined are reported; one binding is not."""
    src = "import re\n_A = re.compile('a')\ndef f():\n    _A = 1\n_B = 2\n_A = re.compile('b')\ndef f():\n    pass\n"
    assert _bound_twice(src) == [("_A", [2, 6]), ("f", [3, 7])]
