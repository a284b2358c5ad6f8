"""Result records of provkg's queries and reports (the output contract).

Every result is a frozen pydantic model, so its JSON Schema comes for free
(``Model.model_json_schema()``).  Field names agree across commands:
``arxiv_id`` (bare key), ``version`` (``v5``), ``source`` (workspace-relative
path), ``line``/``line_end`` (1-based), ``agent``, ``evidence``, ``text``.
"""
from __future__ import annotations

from ingest.models import FrozenModel

__all__ = [
    "SCHEMA_VERSION",
    "SourceRow",
    "PaperRow",
    "SectionRow",
    "ClaimRow",
    "CitationRef",
    "DuplicateGroup",
    "Statement",
    "Contradiction",
    "EvidenceFinding",
    "Increment",
]

#: Bumped on any change of a result shape; listed in CHANGELOG.md.
SCHEMA_VERSION = "1"




class SourceRow(FrozenModel):
    """An ingested file: ``source`` path, ``kind``, ``agent``, ``created`` (ISO 8601), ``evidence``, ``claims`` count."""

    source: str
    kind: str
    title: str | None = None
    agent: str | None = None
    created: str | None = None
    evidence: str
    lang: str
    claims: int


class PaperRow(FrozenModel):
    """One arXiv work: its ``versions`` as written, citation count and citing ``sources``."""

    arxiv_id: str
    versions: list[str]
    citations: int
    sources: list[str]
    titles: list[str] = []
    in_citation_list: bool = False


class SectionRow(FrozenModel):
    """A living-document section with its span and claim count."""

    source: str
    key: str
    title: str
    level: int
    line: int
    line_end: int
    parent: str | None = None
    citation_list: bool = False


class ClaimRow(FrozenModel):
    """A claim with its provenance."""

    id: str
    text: str
    source: str
    line: int
    line_end: int
    role: str
    evidence: str
    agent: str | None = None
    section: str | None = None
    about: list[str] = []
    figures: list[str] = []


class CitationRef(FrozenModel):
    """Where a work is cited: ``source``:``line``, the raw form, version and title as written."""

    source: str
    line: int
    raw: str
    version: str | None = None
    title: str | None = None
    section: str | None = None
    in_citation_list: bool = False


class DuplicateGroup(FrozenModel):
    """A work cited on more than one line: ``count`` citations, listed in ``citations``.

    ``in_citation_list`` is true when the work already sits in a citation-list
    section; ``repeated_in`` lists the sources citing it on more than one line.
    """

    arxiv_id: str
    count: int
    in_citation_list: bool
    repeated_in: list[str]
    citations: list[CitationRef]


class Statement(FrozenModel):
    """One side of a finding: the quoted ``text`` with its provenance."""

    text: str
    source: str
    line: int
    line_end: int
    agent: str | None = None
    evidence: str = "unknown"


class Contradiction(FrozenModel):
    """A finding of the contradiction report.

    ``kind``: ``qualifier_conflict`` (contrasting qualifiers on one subject),
    ``unverified_figure`` (a figure another source says is not verified),
    ``contamination`` (content flagged as mixed in from other work),
    ``label_mismatch`` (topic labels that do not fit the content),
    ``two_titles`` (one arXiv ID with two titles), ``figure_mismatch`` (two
    values for one metric of one subject).  ``id`` is stable across runs.
    """

    id: str
    kind: str
    subject: str
    summary: str
    a: Statement
    b: Statement
    detail: list[str] = []


class EvidenceFinding(FrozenModel):
    """An evidence-audit row: a ``figure`` or a ``work`` whose best support is weak.

    ``best_evidence`` is the strongest level among the supporting statements;
    ``statements`` are all of them (one work or figure counts once).
    """

    kind: str
    subject: str
    figure: str | None = None
    best_evidence: str
    statements: list[Statement]


class Increment(FrozenModel):
    """A manifest material and what it brings.

    ``relevance`` is ``increment`` or ``low``; ``new_arxiv`` and
    ``cited_arxiv`` split its works by whether the living document's citation
    list already holds them; ``sections`` are the suggested destinations.
    """

    manifest_id: str
    order: int
    source: str
    kind: str | None = None
    agent: str | None = None
    evidence: str = "unknown"
    ingested: bool = True
    relevance: str
    reasons: list[str] = []
    items: list[str] = []
    sections: list[str] = []
    new_arxiv: list[str] = []
    cited_arxiv: list[str] = []
