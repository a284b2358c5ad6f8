"""The published JSON Schemas of provkg's JSON output (the output contract).

Every JSON document provkg prints is the ``model_dump(mode="json")`` of a
pydantic model; this module names those models and turns them into
`JSON Schema (draft 2020-12) <https://json-schema.org/draft/2020-12/schema>`_
files shipped with the package in ``queries/schemas/<name>.schema.json``.

Names (``provkg schema --list``):

* ``query-<name>`` for every named query of :data:`queries.named.QUERIES`
  (``provkg query NAME --format json``): ``{schema_version, query, count,
  results: [row, ...]}``; the row model is read from the query function's
  return annotation (``list[PaperRow]``), so a new named query gets a schema
  without editing this file.  ``--format jsonl`` prints one row per line: each
  line validates against ``$defs/<Row>`` of the same file.
* ``sparql`` (``provkg sparql --format json``): rows of SPARQL bindings.
* ``brief`` (``provkg brief --format json``): :class:`queries.briefing.BriefData`.
* ``report-contradictions`` (``provkg report contradictions --format json``).
* ``audit-brief`` (``provkg audit-brief FILE --format json``).
* ``why``, ``diff``, ``validate`` (see :data:`DOCUMENTS`).

Generated schemas are post-processed so that they describe what provkg really
prints: every property is ``required`` (``model_dump`` always writes every
field, ``null`` when empty) and ``schema_version`` is a ``const``.

Regenerate after changing a model: ``python -m queries.schemas`` (``--check``
exits 1 when a shipped file is out of date; the test suite runs the check).
"""
from __future__ import annotations

import argparse
import json
import sys
import typing
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, create_model

from ingest.models import FrozenModel

from . import results
from .results import SCHEMA_VERSION

__all__ = [
    "SCHEMA_DIR",
    "SCHEMA_ID_BASE",
    "DOCUMENTS",
    "registry",
    "resolve",
    "row_model",
    "schema_of",
    "schema_text",
    "write_schemas",
    "check_schemas",
    "main",
]

#: Where the shipped schema files live (package data, see pyproject.toml).
SCHEMA_DIR = Path(__file__).with_name("schemas")
#: Base of each schema's ``$id`` (``<base><name>.schema.json``).
SCHEMA_ID_BASE = "https://w3id.org/provkg/schema/"
_DIALECT = "https://json-schema.org/draft/2020-12/schema"

#: Documents whose models other modules add to ``queries.results``: schema
#: name -> (model class name, command that prints it).  Registered only when
#: the model exists, so the registry follows the code as it grows.
DOCUMENTS: dict[str, tuple[str, str]] = {
    "report-contradictions": ("ContradictionReport", "provkg report contradictions --format json"),
    "audit-brief": ("AuditReport", "provkg audit-brief FILE --format json"),
    "why": ("WhyResult", "provkg why ID --format json"),
    "diff": ("DiffResult", "provkg diff --format json"),
    "validate": ("ValidationDocument", "provkg validate --format json"),
    "ingest": ("IngestSummary", "provkg ingest PATH --format json"),
    "run": ("RunSummary", "provkg run WORKSPACE --format json"),
    "check": ("CheckSummary", "provkg check FILES --format json"),
    "import": ("ImportSummary", "provkg import FILES --format json"),
}


def row_model(query: str) -> type[BaseModel]:
    """The row model of the named query ``query`` (``"papers"`` -> ``PaperRow``).

    Read from the return annotation ``list[Row]`` of the function in
    :data:`queries.named.QUERIES`.  Raises ``KeyError`` for an unknown query and
    ``TypeError`` when the function's return annotation is not ``list[Model]``.
    """
    from .named import QUERIES

    fn = QUERIES[query][0]
    from .snapshot import Snapshot  # named in the queries' signatures, imported there only for type checking

    ret = typing.get_type_hints(fn, {**fn.__globals__, "Snapshot": Snapshot}).get("return")
    args = typing.get_args(ret)
    if typing.get_origin(ret) is not list or not args or not (isinstance(args[0], type) and issubclass(args[0], BaseModel)):
        raise TypeError(f"named query {query!r}: return annotation {ret!r} is not list[<pydantic model>]")
    return args[0]


def _query_document(name: str, row: type[BaseModel]) -> type[BaseModel]:
    camel = "".join(part.capitalize() for part in name.replace("-", "_").split("_"))
    return create_model(  # type: ignore[call-overload]
        f"Query{camel}Document",
        __base__=FrozenModel,
        __doc__=f"The JSON document of `provkg query {name} --format json`: `count` rows of `{row.__name__}` in `results`.",
        schema_version=(str, SCHEMA_VERSION),
        query=(Literal[name], name),  # type: ignore[valid-type]
        count=(int, ...),
        results=(list[row], ...),  # type: ignore[valid-type]
    )


class SparqlDocument(FrozenModel):
    """The JSON document of ``provkg sparql --format json``: one object per solution,
    variable name -> value (IRIs and literals as strings, numbers and booleans as JSON
    numbers and booleans, unbound variables as ``null``)."""

    schema_version: str = SCHEMA_VERSION
    query: Literal["sparql"] = "sparql"
    count: int
    results: list[dict[str, str | int | float | bool | None]]


@cache
def registry() -> dict[str, tuple[type[BaseModel], str]]:
    """Every published document: schema name -> (pydantic model, command that prints it).

    Sorted by name.  Includes one ``query-<name>`` per named query and the
    documents of :data:`DOCUMENTS` (report, audit, why, diff, validate).
    """
    from .briefing import BriefData
    from .named import QUERIES

    out: dict[str, tuple[type[BaseModel], str]] = {}
    for q in QUERIES:
        out[f"query-{q}"] = (_query_document(q, row_model(q)), f"provkg query {q} --format json")
    out["sparql"] = (SparqlDocument, "provkg sparql QUERY --format json")
    out["brief"] = (BriefData, "provkg brief -m MANIFEST --format json")
    for name, (model, cmd) in DOCUMENTS.items():
        out[name] = (getattr(results, model), cmd)
    return dict(sorted(out.items()))


def resolve(name: str) -> str:
    """The registered schema name for ``name``: itself, or ``query-<name>`` for a bare query name.

    Raises ``KeyError`` (message listing the known names) when neither exists.
    """
    reg = registry()
    if name in reg:
        return name
    if f"query-{name}" in reg:
        return f"query-{name}"
    raise KeyError(f"unknown schema {name!r}; known: {', '.join(reg)}")


def _require_all(node: Any) -> None:
    """Make every property of every object schema required (model_dump writes them all)."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            node["required"] = list(props)
        for v in node.values():
            _require_all(v)
    elif isinstance(node, list):
        for v in node:
            _require_all(v)


def schema_of(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12, a dict) of the document called ``name``.

    Generated with ``model_json_schema(mode="serialization")``; every property
    is required, ``schema_version`` is a ``const``, and ``$schema``, ``$id`` and
    ``$comment`` (the command) are set.  Raises ``KeyError`` for an unknown name.
    """
    name = resolve(name)
    model, command = registry()[name]
    body = model.model_json_schema(mode="serialization")
    _require_all(body)
    props = body.get("properties", {})
    if "schema_version" in props:
        props["schema_version"] = {"const": SCHEMA_VERSION, "title": "Schema Version", "type": "string"}
    head = {
        "$schema": _DIALECT,
        "$id": f"{SCHEMA_ID_BASE}{name}.schema.json",
        "$comment": f"schema_version {SCHEMA_VERSION}; printed by `{command}`; generated by `python -m queries.schemas`",
    }
    return {**head, **body}


def schema_text(name: str) -> str:
    """``schema_of(name)`` as the text of its shipped file (UTF-8 JSON, 2-space indent, final newline)."""
    return json.dumps(schema_of(name), ensure_ascii=False, indent=2) + "\n"


def _file(directory: Path, name: str) -> Path:
    return directory / f"{name}.schema.json"


def check_schemas(directory: Path = SCHEMA_DIR) -> list[str]:
    """Names whose file in ``directory`` is missing or differs from the model, plus stale files.

    Returns one message per problem (empty when every shipped file is current).
    """
    problems = []
    for name in registry():
        f = _file(directory, name)
        if not f.exists():
            problems.append(f"{f}: missing")
        elif f.read_text("utf-8") != schema_text(name):
            problems.append(f"{f}: out of date with its model")
    for f in sorted(directory.glob("*.schema.json")):
        if f.name.removesuffix(".schema.json") not in registry():
            problems.append(f"{f}: no such document any more")
    return problems


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    """Write every schema to ``directory/<name>.schema.json`` (atomically) and delete stale ones.

    Returns the paths written or rewritten (files already current are left alone).
    """
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in registry():
        f = _file(directory, name)
        text = schema_text(name)
        if f.exists() and f.read_text("utf-8") == text:
            continue
        tmp = f.with_name(f.name + ".tmp")
        tmp.write_text(text, "utf-8")
        tmp.replace(f)
        written.append(f)
    for f in directory.glob("*.schema.json"):
        if f.name.removesuffix(".schema.json") not in registry():
            f.unlink()
    return written


def main(argv: list[str] | None = None, *, out: Callable[[str], Any] = print) -> int:
    """``python -m queries.schemas [--check] [--dir DIR]``: regenerate (or check) the shipped schemas.

    Returns the exit code: 0 done / current, 1 ``--check`` found a file out of date.
    """
    ap = argparse.ArgumentParser(prog="python -m queries.schemas", description=main.__doc__)
    ap.add_argument("--check", action="store_true", help="only check; exit 1 when a file is out of date")
    ap.add_argument("--dir", type=Path, default=SCHEMA_DIR)
    a = ap.parse_args(argv)
    if a.check:
        problems = check_schemas(a.dir)
        for p in problems:
            out(p)
        return 1 if problems else 0
    for f in write_schemas(a.dir):
        out(f"wrote {f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
