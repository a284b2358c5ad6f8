"""Result records of provkg's queries and reports (the output contract).

Every result is a frozen pydantic model, so its JSON Schema comes for free
(``Model.model_json_schema()``).  Field names agree across commands:
``arxiv_id`` (bare key), ``version`` (``v5``), ``source`` (workspace-relative
path), ``line``/``line_end`` (1-based), ``agent``, ``evidence``, ``text``.
"""
from __future__ import annotations

from typing import ClassVar, Literal

from ingest.models import FrozenModel

__all__ = [
    "IngestSummary",
    "RunSummary",
    "CheckSummary",
    "ImportSummary",
    "ValidationDocument",
    "ValidationResultRow",
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
    "ItemRow",
    "Increment",
    "BriefMaterial",
    "BriefAction",
    "AuditFinding",
    "AuditReport",
    "ContradictionReport",
    "WhyStep",
    "WhyRevision",
    "WhyResult",
    "ActivityRef",
    "ClaimState",
    "ClaimChange",
    "EvidenceChange",
    "DiffResult",
]

#: Bumped on any change of a result shape; listed in CHANGELOG.md.
SCHEMA_VERSION = "2"




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
    """One arXiv work: its ``versions`` as written, citation count and citing ``sources``.

    ``status`` is the work's place in the living documents: ``already_cited`` (an entry of a
    citation list, reference table or paper list), ``not_in_citation_list`` (named in a living
    document's body only) or ``new`` (in no living document).
    """

    arxiv_id: str
    versions: list[str]
    citations: int
    sources: list[str]
    titles: list[str] = []
    in_citation_list: bool = False
    status: Literal["already_cited", "not_in_citation_list", "new"] = "new"


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
    """A claim with its provenance: ``evidence`` is the most cautious of the ``evidence_levels`` its
    words (or its item's, or its note's) state; ``item`` the index (``query items``' ``index``) of the
    item of its note that holds it, which may lie outside that item's line span ("row 3 (MagicPIG) →
    [4.1]" under a table belongs to row 3)."""

    id: str
    text: str
    source: str
    line: int
    line_end: int
    role: str
    evidence: str
    evidence_levels: list[str] = []
    agent: str | None = None
    section: str | None = None
    about: list[str] = []
    figures: list[str] = []
    item: int | None = None


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
    """A duplicate citation: a work with ``count`` citation entries, one ``CitationRef`` each in ``citations``.

    A citation entry is a block (table row, list item, paragraph) of a living
    document that cites the work, counted in the document's citation-list
    section when it has one; several mentions in one entry are one entry, and
    each ``CitationRef`` is the entry's first mention.  ``repeated_in`` lists
    the living documents holding two or more entries; ``in_citation_list`` is
    true when the work sits in a citation-list section.  In the cross-source
    view (``all_sources``) every other source naming the work adds one entry.
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

    ``kind``, one of the conflicts between two statements about one work:
    ``number`` (two values for one metric under comparable conditions, or a
    figure another statement says was revised), ``qualifier`` (contrasting
    qualifiers of one aspect: "arbitrary" against "adversarial" arrival),
    ``negation`` (one statement says it, another denies it), ``version`` (a
    difference explained by an arXiv version), ``title`` (one arXiv ID written
    with two titles); or one of the checks: ``unverified_figure`` (a figure
    another source says is not verified), ``contamination`` (content flagged
    as mixed in from other work), ``label_mismatch`` (topic labels that do not
    fit the content).  docs/FORMAT.md §8 gives the rules.  ``id`` is stable across runs and
    names what the finding is (kind, work, files, qualifier sides, figures or
    values), not its quotes: a reworded quote, a moved line or new statements
    elsewhere keep it (``queries.contradictions._unique_ids``).
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


class TitleRef(FrozenModel):
    """A work named by title only (no arXiv ID), looked up among the titles the store knows.

    ``status``: ``resolved`` (``arxiv_id`` set) or ``ambiguous`` (several
    works match; nothing is guessed).  ``candidates`` are ``arXiv:<key> (score)
    title`` strings, best first.  ``source``:``line`` is where the title is
    written (line 1 for a file's own title).
    """

    source: str
    line: int
    title: str
    status: str
    arxiv_id: str | None = None
    score: float
    candidates: list[str] = []


class SectionRoute(FrozenModel):
    """A destination provkg suggests for a topic that names no section.

    ``item`` is the topic (note heading, or the source title); ``key``/``title``
    the closest living-document section by BM25 (``ingest.routing``) with its
    ``score``; ``runner_up``/``runner_up_score`` the second closest.  ``basis``
    ``shift``: the section another item of the shift places the same work in;
    ``cited``: the section whose text already cites the topic's work (where a
    revision goes); ``named``: the one section the topic's own text names without placing anything there ("so the
    figure in 4.1 still holds"); ``text``: the BM25 route (the first three with ``score`` 1.0, no runner-up).
    """

    item: str
    key: str
    title: str | None = None
    score: float
    runner_up: str | None = None
    runner_up_score: float | None = None
    basis: str = "text"


class ItemRow(FrozenModel):
    """One item (topic) of a shift's materials (``provkg query items``; ``ingest.structure``).

    ``source``:``line``-``line_end`` is where it is written and ``kind`` what marks it (``note`` for a
    whole note or card, ``heading``, ``entry``, ``row``, ``pseudo``, ``block``).  ``works`` are the
    arXiv keys it is about (``resolved_by`` says how, when its text writes no identifier: ``title``
    or ``name``); ``statuses`` each work's place in the shift's living document
    (``already_cited``, ``not_in_citation_list``, ``new``); ``mentions`` the other works it names.
    ``relevance`` is ``increment`` or ``low``, with ``reason``; ``evidence`` its evidence levels;
    ``sections`` the living-document sections it proposes (keys that exist in the document),
    ``cross_references`` those it cross-references, ``route`` the closest section by text where it
    names none (a suggestion, with its score).  ``--format table`` shows ``TABLE_COLUMNS`` only (the
    rest in csv, jsonl and json; the route as its key and basis, ``4.1 (cited)``).
    """

    TABLE_COLUMNS: ClassVar[tuple[str, ...]] = ("source", "line", "title", "works", "relevance", "evidence", "sections", "route")

    manifest_id: str | None = None
    source: str
    index: int
    line: int
    line_end: int
    kind: str
    title: str
    works: list[str] = []
    resolved_by: str | None = None
    statuses: dict[str, str] = {}
    mentions: list[str] = []
    relevance: Literal["increment", "low"]
    reason: str | None = None
    evidence: list[str] = []
    sections: list[str] = []
    cross_references: list[str] = []
    route: SectionRoute | None = None


class Increment(FrozenModel):
    """A manifest material and what it brings.

    ``relevance`` is ``increment`` or ``low``; ``new_arxiv`` and
    ``cited_arxiv`` split its works by whether the living document's citation
    list already holds them; ``sections`` are the destinations the material
    names; ``routes`` are provkg's suggestions for its topics that name none.
    ``kind`` is the kind the manifest gives the material, else the kind of the
    ingested file (``note``, ``paper_card``, ``repo_card`` …), else None.
    ``--format table`` shows ``TABLE_COLUMNS`` only (the rest, the items' titles and
    routes above all, in csv, jsonl and json; ``query items`` lists the items).
    """

    TABLE_COLUMNS: ClassVar[tuple[str, ...]] = ("order", "source", "kind", "evidence", "relevance", "sections",
                                                "new_arxiv", "cited_arxiv")

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
    routes: list[SectionRoute] = []


class BriefMaterial(FrozenModel):
    """A material of the brief's manifest: ``order`` in the manifest, ``source`` path, its ``agent``,
    ``evidence`` level, ``relevance`` (``increment`` or ``low``) and whether it was ``ingested``."""

    order: int
    source: str
    agent: str | None = None
    evidence: str = "unknown"
    relevance: str
    ingested: bool = True


class BriefAction(FrozenModel):
    """A merge action of the brief, with a verb and a target.

    ``verb``: ``revise`` (the line ``target`` of ``section`` is about the increment's work; ``change``
    holds the words to replace and their replacement when a conflict says so), ``add`` (to
    ``section``, next to the entry ``target``; ``routed_increments`` are there by provkg's
    suggestion, not the note's), ``cite`` (put ``works`` in the citation list ``section``) or
    ``cross_reference`` (from ``section`` to ``other_section``, to the entry ``target``, or between
    the ``increments``; ``source`` is the note's line that proposes it).  ``priority``: 1 revise,
    2 add new works, 3 cite, 4 add the rest, 5 cross-reference; the list is in that order.
    """

    priority: int
    verb: Literal["revise", "add", "cite", "cross_reference"]
    section: str | None = None
    title: str | None = None
    increments: list[int] = []
    works: list[str] = []
    target: Statement | None = None
    change: list[str] = []
    routed: bool = False
    routed_increments: list[int] = []
    other_section: str | None = None
    source: Statement | None = None


class AuditFinding(FrozenModel):
    """A finding of the brief audit (``provkg audit-brief``): a brief statement the graph does not bear out.

    ``kind`` is one of ``untraced_arxiv`` (an arXiv ID the brief names that no
    manifest material, card or living document cites), ``count_mismatch`` (a
    stated count, "6 条" / "3 items", that differs from what the brief lists),
    ``material_not_in_manifest`` (a consumed material the manifest does not
    list), ``material_not_consumed`` (a manifest material the brief does not
    say it consumed), ``manifest_unknown`` (the brief names a manifest that is
    not in the store) and ``status_mismatch`` (a citable-list status that
    contradicts the living document's citation list).  ``source``/``line``/
    ``line_end``/``text`` locate the brief's own words; ``arxiv_id`` is set for
    findings about one work; ``stated`` and ``found`` give the two sides as
    text; ``evidence`` quotes what the graph holds (may be empty).  ``id`` is
    stable across runs (hash of brief path, kind and subject).
    """

    id: str
    kind: str
    source: str
    line: int
    line_end: int
    text: str
    summary: str
    arxiv_id: str | None = None
    stated: str | None = None
    found: str | None = None
    evidence: list[Statement] = []


class AuditReport(FrozenModel):
    """The JSON document of ``provkg audit-brief``: what was checked in one brief, and the findings.

    ``checked`` counts the statements tested per check (``arxiv_ids``,
    ``counts``, ``materials``, ``statuses``), so an empty ``findings`` list can
    be told apart from a brief in which nothing was found to check.
    """

    schema_version: str = SCHEMA_VERSION
    source: str
    manifest_id: str | None = None
    checked: dict[str, int] = {}
    count: int
    findings: list[AuditFinding] = []


class ContradictionReport(FrozenModel):
    """The JSON document of ``provkg report contradictions --format json``.

    ``findings`` are the contradiction findings (``count`` of them);
    ``brief_audit`` the brief-audit findings of every brief in the store
    (empty when no brief is ingested).
    """

    schema_version: str = SCHEMA_VERSION
    count: int
    findings: list[Contradiction] = []
    brief_audit: list[AuditFinding] = []


# -- history: `provkg why` and `provkg diff` (queries/why.py, queries/history.py) --


class WhyStep(FrozenModel):
    """One link of a derivation chain: a node read from ``source``:``line``-``line_end``.

    ``relation`` says how the node links to what was asked: ``cites`` (a
    ``kg:Citation`` of the work), ``about`` / ``mentions`` (a claim whose
    ``kg:about`` / ``kg:mentions`` is the work), ``card`` (the paper card whose
    ``kg:about`` is the work), ``heading`` (the section itself), ``in_section``
    (a claim or citation ``kg:inSection`` it), ``suggests`` / ``refers`` (a claim
    elsewhere with ``kg:suggestedSection`` / ``kg:sectionRef`` the key),
    ``claim`` (the claim itself), ``listed_by`` (a manifest item whose
    ``kg:material`` is the source).  ``revision`` is the named graph (source
    revision IRI) the node was read from; ``current`` is False when that
    revision was invalidated.  ``section`` is the living-document section key.
    """

    relation: str
    node: str
    source: str
    kind: str | None = None
    line: int
    line_end: int
    text: str
    role: str | None = None
    evidence: str | None = None
    agent: str | None = None
    section: str | None = None
    version: str | None = None
    revision: str
    current: bool = True


class WhyRevision(FrozenModel):
    """A source revision (``kg:SourceRevision``, one named graph) with its PROV-O history.

    ``generated_by``/``generated_at``: the ingest ``prov:Activity`` and the
    time (ISO 8601, UTC) it read these bytes; ``invalidated_by``/
    ``invalidated_at``: the activity that replaced them or found the file gone
    (None while ``current``); ``previous``: the revision it ``prov:wasRevisionOf``.
    ``agent`` is the file's author (``prov:wasAttributedTo``), ``created`` the
    time the file says it was written, ``software`` the ``prov:SoftwareAgent``'s label.
    """

    revision: str
    source: str
    kind: str | None = None
    sha256: str
    agent: str | None = None
    created: str | None = None
    evidence: str | None = None
    generated_by: str | None = None
    generated_at: str | None = None
    software: str | None = None
    invalidated_by: str | None = None
    invalidated_at: str | None = None
    previous: str | None = None
    current: bool = True


class WhyResult(FrozenModel):
    """The answer of ``provkg why ID``: the derivation chain of one node back to files and lines.

    ``kind`` is ``claim``, ``work``, ``section``, ``source``, ``line`` (``path:line``) or ``finding`` (a report's finding
    ID: its two statements' lines); ``subject`` the
    IRI asked about (``id:arxiv/2502.07115``); ``version`` the arXiv version
    asked, if any; ``label`` a title or text.  ``steps`` are sorted by source
    path and line; ``revisions`` are the revisions the steps were read from
    (for a claim or a source: every revision, current or not, newest first).
    ``current`` is False for a claim or source that no current revision holds.
    """

    schema_version: str = SCHEMA_VERSION
    query: str
    kind: str
    subject: str
    version: str | None = None
    label: str | None = None
    current: bool = True
    steps: list[WhyStep] = []
    revisions: list[WhyRevision] = []


class ActivityRef(FrozenModel):
    """An ingest ``prov:Activity``: its IRI, start/end (ISO 8601) and file counts."""

    iri: str
    started: str
    ended: str | None = None
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0


class ClaimState(FrozenModel):
    """A claim as one state of the store holds it: ``id`` (stable IRI), where, text, figures, evidence."""

    id: str
    source: str
    line: int
    line_end: int
    text: str
    role: str
    evidence: str
    agent: str | None = None
    figures: list[str] = []


class ClaimChange(FrozenModel):
    """A claim present in both states whose ``fields`` differ (``text``, ``figures``, ``evidence``, ``role``).

    Same IRI = same normalised text; an edited text gets a new IRI, and the
    edit is paired with the old claim of the same file it resembles most
    (``queries.history``).  ``old`` and ``new`` are the two states.
    """

    source: str
    fields: list[str]
    old: ClaimState
    new: ClaimState


class EvidenceChange(FrozenModel):
    """An evidence level that moved: ``direction`` ``raised`` (stronger) or ``lowered``.

    ``subject`` is a claim IRI or, for a file's own level, its path.
    """

    subject: str
    source: str
    line: int | None = None
    old: str
    new: str
    direction: str


class ContradictionChange(FrozenModel):
    """A finding present in both states whose ``fields`` differ (``summary``, ``text``, ``evidence``, ``detail``).

    Matched by ``id`` (which names what the finding is, not its quotes), then
    by kind, subject, source files and summary (``queries.history.match_findings``).
    A figure or value that changed is a new finding, not a change.  A line
    move alone is no change.  ``old`` and ``new`` are the finding in the two states.
    """

    fields: list[str]
    old: Contradiction
    new: Contradiction


class DiffResult(FrozenModel):
    """``provkg diff``: what changed between the state after ``since`` and after ``until``.

    ``since`` is None when the older state is the empty store.  Files are
    workspace paths; ``works_cited`` / ``works_uncited`` are bare arXiv keys
    cited in one state and not the other.  A contradiction finding is the
    same in both states when its kind, subject and source files match
    (``queries.history.match_findings``): a reworded quote or a line move does
    not open or close it; a reworded quote, summary, evidence or detail lists
    it in ``contradictions_changed``.
    """

    schema_version: str = SCHEMA_VERSION
    since: ActivityRef | None = None
    until: ActivityRef
    files_added: list[str] = []
    files_changed: list[str] = []
    files_removed: list[str] = []
    claims_added: list[ClaimState] = []
    claims_removed: list[ClaimState] = []
    claims_changed: list[ClaimChange] = []
    evidence_changes: list[EvidenceChange] = []
    contradictions_opened: list[Contradiction] = []
    contradictions_closed: list[Contradiction] = []
    contradictions_changed: list[ContradictionChange] = []
    works_cited: list[str] = []
    works_uncited: list[str] = []


class ValidationResultRow(FrozenModel):
    """One SHACL validation result of ``provkg validate`` (W3C SHACL §3.6 validation report).

    ``severity`` is ``Violation``, ``Warning`` or ``Info`` (``sh:resultSeverity``); ``focus`` the
    focus node's IRI; ``shacl_path`` the compact property path (``sh:resultPath``) or ``""``;
    ``value`` the offending value in N3 or ``""``; ``shape`` the source shape; ``source`` and
    ``line`` where the focus node sits in its file when the store records it, else None.
    """

    severity: str
    focus: str
    shacl_path: str
    message: str
    value: str = ""
    shape: str = ""
    source: str | None = None
    line: int | None = None


class ValidationDocument(FrozenModel):
    """``provkg validate --format json``: whether the store conforms to graph/data/shapes.ttl.

    ``violations`` / ``warnings`` count results by severity; ``results`` lists them (warnings
    left out with ``--no-warnings``); ``graphs`` / ``triples`` size the validated data graph.
    """

    schema_version: str = SCHEMA_VERSION
    conforms: bool
    violations: int
    warnings: int
    graphs: int
    triples: int
    results: list[ValidationResultRow] = []


# ---------------------------------------------------------------- command summaries (--format json)


class IngestSummary(FrozenModel):
    """``provkg ingest --format json``: what one ingest did (``graph.loader.IngestReport``).

    ``added``/``changed``/``removed`` are workspace-relative paths; ``unchanged`` is their count;
    ``errors`` and ``warnings`` the same one-line messages stderr shows; ``activity`` the IRI of the
    ingest ``prov:Activity`` (``null`` when nothing was written).
    """

    schema_version: str = SCHEMA_VERSION
    command: Literal["ingest"] = "ingest"
    store: str
    activity: str | None
    added: list[str]
    changed: list[str]
    removed: list[str]
    unchanged: int
    errors: list[str]
    warnings: list[str]


class RunSummary(FrozenModel):
    """``provkg run --format json``: the ingest, and the files written (briefs, report, graph page)."""

    schema_version: str = SCHEMA_VERSION
    command: Literal["run"] = "run"
    ingest: IngestSummary
    manifests: list[str]
    outputs: list[str]


class CheckProblem(FrozenModel):
    """One problem ``provkg check`` found: file, line, ``duplicate`` or the contradiction kind, the message."""

    source: str
    line: int
    kind: str
    message: str


class CheckSummary(FrozenModel):
    """``provkg check --format json``: the files checked and each problem (the lines of the text output)."""

    schema_version: str = SCHEMA_VERSION
    command: Literal["check"] = "check"
    files: int
    count: int
    problems: list[CheckProblem]
    errors: list[str]


class ImportSummary(FrozenModel):
    """``provkg import --format json``: the files imported, the named graphs they hold, quads, blank nodes skolemised."""

    schema_version: str = SCHEMA_VERSION
    command: Literal["import"] = "import"
    store: str
    files: list[str]
    graphs: list[str]
    quads: int
    skolemised: int


#: The order of finding kinds in every answer (``finding_key``).
_ORDER = {"number": 0, "qualifier": 1, "negation": 2, "version": 3, "title": 4, "unverified_figure": 5,
          "contamination": 6, "label_mismatch": 7}


def finding_key(f: Contradiction) -> tuple:
    """The order of findings: kind (number, qualifier, negation, version, title, unverified figure,
    contamination, label mismatch), subject, first side's source and line, second's."""
    return (_ORDER.get(f.kind, 9), f.subject, f.a.source, f.a.line, f.b.source, f.b.line)
