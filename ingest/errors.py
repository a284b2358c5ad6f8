"""The error hierarchy of provkg.

One base class, ``KgError``, so callers (the CLI above all) can catch
everything provkg raises on purpose and show it as one line; typed subclasses
carry a location.  Modelled on ``prov.Error`` (trungdong/prov
``src/prov/__init__.py``) and ``networkx/exception.py``.
"""
from __future__ import annotations

__all__ = ["KgError", "IngestError", "StoreError", "StoreLockedError", "StoreMovedError", "QueryError", "UsageError", "MassRemovalError"]


class KgError(Exception):
    """Base class of every error provkg raises on purpose."""


class IngestError(KgError):
    """A source file could not be read or validated.

    Parameters
    ----------
    path : str
        The file, as the user named it (workspace-relative where possible).
    line : int or None
        1-based line of the problem, when known.
    problems : list[str]
        One or more human-readable problems (from pydantic ``e.errors()``:
        ``loc: msg``), never a traceback.

    ``str(err)`` is a single line ``path:line: problem; problem``.
    """

    def __init__(self, path: str, line: int | None, problems: list[str] | str):
        self.path = path
        self.line = line
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        where = f"{path}:{line}" if line else path
        msg = "; ".join(p.replace("\n", " ") for p in self.problems)
        super().__init__(f"{where}: {msg}")


class StoreError(KgError):
    """The store cannot be opened, read or written (message names the store)."""


class StoreLockedError(StoreError):
    """Another provkg process holds the store's write lock."""


class StoreMovedError(StoreError):
    """Another write changed the store between what a write read and its commit; nothing was written."""


class QueryError(KgError):
    """A query name is unknown or a SPARQL text is invalid."""


class UsageError(KgError):
    """Arguments that do not fit together (maps to exit code 2)."""


class MassRemovalError(UsageError):
    """An ingest would remove the files of an empty folder or more than half of the store's files
    (``--allow-mass-removal`` lets it); nothing was written."""
