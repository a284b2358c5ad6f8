"""The SPARQL texts shipped in ``queries/sparql/*.rq``, read once."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

__all__ = ["sparql", "QUERY_FILES"]


@lru_cache(maxsize=None)
def sparql(name: str) -> str:
    """Text of ``queries/sparql/<name>.rq``; ``FileNotFoundError`` if there is none."""
    return resources.files("queries").joinpath(f"sparql/{name}.rq").read_text("utf-8")


def QUERY_FILES() -> list[str]:  # noqa: N802 - reads like a constant
    """Names of the shipped ``.rq`` files, sorted."""
    return sorted(p.name[:-3] for p in resources.files("queries").joinpath("sparql").iterdir() if p.name.endswith(".rq"))
