"""SPARQL answers in the standard formats: what ``provkg sparql --format`` and ``provkg.api.sparql`` write.

The answer of ``Backend.raw_query`` (``graph.store.SelectResult``, ``bool`` or a list of
``pyoxigraph.Triple``) is written by pyoxigraph's serialisers:

* SELECT and ASK: SPARQL 1.1 Query Results JSON (``srj``), XML (``srx``), CSV and TSV
  (W3C Recommendations of 21 March 2013).  The rows are handed to pyoxigraph as a SPARQL JSON
  document built from the terms (``results_json``) and read back into its ``QuerySolutions``,
  which then serialises them: IRIs, literals with their datatype or language, blank nodes and
  unbound variables keep their kinds in every format.  ASK in CSV/TSV is ``true``/``false``;
  ``json`` is provkg's document ``{"schema_version", "query": "sparql", "boolean"}``.
* CONSTRUCT and DESCRIBE: Turtle (RDF 1.1), N-Triples and JSON-LD (expanded), with the triples sorted
  (N-Triples order) so that the same store gives the same bytes whatever the server's order.

Nothing here imports click; the CLI maps ``SparqlFormatError`` to one line and exit 2.
"""
from __future__ import annotations

import io
import json

import pyoxigraph as ox

from graph.namespaces import PREFIXES
from graph.store import SelectResult

__all__ = ["RESULT_FORMATS", "GRAPH_FORMATS", "SparqlFormatError", "results_json", "write_sparql_result"]

#: ``--format`` name -> pyoxigraph results format (SELECT, ASK)
RESULT_FORMATS = {"srj": ox.QueryResultsFormat.JSON, "srx": ox.QueryResultsFormat.XML,
                  "csv": ox.QueryResultsFormat.CSV, "tsv": ox.QueryResultsFormat.TSV}
#: ``--format`` name -> pyoxigraph RDF format (CONSTRUCT, DESCRIBE); ``table`` means Turtle for a graph
GRAPH_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "table": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES,
                 "jsonld": ox.RdfFormat.JSON_LD}


class SparqlFormatError(ValueError):
    """A format that the answer's kind does not have (Turtle for a SELECT, CSV for a graph)."""


def _term_json(t: object) -> dict[str, str]:
    if isinstance(t, ox.NamedNode):
        return {"type": "uri", "value": t.value}
    if isinstance(t, ox.BlankNode):
        return {"type": "bnode", "value": t.value}
    if isinstance(t, ox.Literal):
        d = {"type": "literal", "value": t.value}
        if t.language:
            d["xml:lang"] = t.language
        elif t.datatype is not None and t.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
            d["datatype"] = t.datatype.value
        return d
    raise SparqlFormatError(f"a value that the SPARQL result formats cannot hold: {t}")


def results_json(res: SelectResult | bool) -> bytes:
    """The SPARQL 1.1 Query Results JSON document of a SELECT (``SelectResult``) or ASK (``bool``) answer."""
    if isinstance(res, bool):
        return json.dumps({"head": {}, "boolean": res}).encode("utf-8")
    bindings = [{k: _term_json(v) for k, v in row.items() if v is not None} for row in res.rows]
    return json.dumps({"head": {"vars": list(res.variables)}, "results": {"bindings": bindings}},
                      ensure_ascii=False).encode("utf-8")


def write_sparql_result(res: object, fmt: str) -> bytes:
    """``res`` (a ``raw_query`` answer) written in ``fmt``, UTF-8 bytes ending with a newline.

    Parameters
    ----------
    res : graph.store.SelectResult, bool or list of pyoxigraph.Triple
    fmt : str
        A key of ``RESULT_FORMATS`` or ``GRAPH_FORMATS``, ``table`` or ``json`` (ASK only: provkg's document).

    Raises
    ------
    SparqlFormatError
        ``fmt`` is not a format of this kind of answer.
    """
    if isinstance(res, (SelectResult, bool)):
        kind = "ASK" if isinstance(res, bool) else "SELECT"
        if isinstance(res, bool) and fmt in ("table", "json", "jsonl"):
            if fmt == "table":
                return b"true\n" if res else b"false\n"
            from queries.results import SCHEMA_VERSION

            doc = {"schema_version": SCHEMA_VERSION, "query": "sparql", "boolean": res}
            return (json.dumps(doc, indent=None if fmt == "jsonl" else 2) + "\n").encode("utf-8")
        if fmt not in RESULT_FORMATS:
            raise SparqlFormatError(f"a {kind} gives results, not a graph: use --format "
                                    f"table, json, csv, tsv, srj or srx, not {fmt}")
        parsed = ox.parse_query_results(results_json(res), ox.QueryResultsFormat.JSON)
        buf = io.BytesIO()
        parsed.serialize(buf, RESULT_FORMATS[fmt])
        out = buf.getvalue()
        return out if out.endswith(b"\n") else out + b"\n"
    if fmt not in GRAPH_FORMATS:
        raise SparqlFormatError(f"a CONSTRUCT or DESCRIBE gives a graph: use --format turtle, nt or jsonld, not {fmt}")
    triples = sorted(res, key=str)
    buf = io.BytesIO()
    prefixes = PREFIXES if GRAPH_FORMATS[fmt] == ox.RdfFormat.TURTLE else None
    ox.serialize(triples, buf, GRAPH_FORMATS[fmt], prefixes=prefixes) if prefixes else \
        ox.serialize(triples, buf, GRAPH_FORMATS[fmt])
    out = buf.getvalue()
    return out if out.endswith(b"\n") or not out else out + b"\n"
