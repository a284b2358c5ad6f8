"""The provkg command line: a thin click layer over ``provkg.api.ProvKG``.

``cli`` is the click group (``provkg.cli.app``); each module below registers its commands on it
when imported, calls one ``ProvKG`` method per command and writes through ``provkg.cli.output``.
Only this package imports click.
"""
from __future__ import annotations

from . import contract, history, ingest, prov, query, report  # noqa: F401  (register the commands)
from .app import GC_THRESHOLDS, cli, main

__all__ = ["cli", "main", "GC_THRESHOLDS"]
