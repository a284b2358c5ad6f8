"""The twenty-seventh stop's rules and fixes, each pinned on a small inline text of our own (docs/FORMAT.md,
docs/OUTPUT.md).

Each test writes the shape of text or workspace that defeated provkg and asserts the values it now gives, with the
readings that must not change beside it.
"""
from __future__ import annotations

import json

from conftest import fixed_clock, ingested_store

from queries.briefing import brief_data
from queries.render.brief import render_brief

_DOC = "# Serving\n\n## 1 Scheduling\n\n- Orca batches per iteration.\n\n## 9 References\n\n- Orca. arXiv:2201.00001\n"
_NOTE = "# A read of Beta (arXiv:2601.00011)\n\nRead the abstract only. Beta batches per token.\n"


def _manifest(knowledge: str) -> str:
    return json.dumps({"manifest_id": "3f2b6c1e-0000-4000-8000-000000000001", "created": "2026-12-01",
                       "knowledge": knowledge, "items": [{"path": "inbox/a/beta.md"}]})


def test_a_brief_says_when_the_manifests_living_document_is_missing_and_another_is_used(tmp_path):
    """A manifest naming a living document the store does not hold was judged against the store's other living
    document, silently: the header named that one as if the manifest had. The header now says the manifest's own is not
    in the store (``knowledge_fallback``); a manifest whose document is there says nothing more."""
    files = {"organized/knowledge/serving.md": _DOC, "inbox/a/beta.md": _NOTE,
             "work-guard/3f2b6c1e-0000-4000-8000-000000000001.json": _manifest("organized/knowledge/gone.md")}
    store = ingested_store(tmp_path / "gone", files)
    data = brief_data(store, "3f2b6c1e-0000-4000-8000-000000000001", now=fixed_clock(), lang="en")
    assert (data.knowledge, data.knowledge_fallback) == ("organized/knowledge/serving.md", True)
    header = [ln for ln in render_brief(data.model_dump(mode="json")).splitlines() if ln.startswith("- Baseline:")]
    assert header == ["- Baseline: `organized/knowledge/serving.md` (9 lines, 3 sections) (the manifest's living document "
                      "is not in the store; the one above is used instead)"]

    files["work-guard/3f2b6c1e-0000-4000-8000-000000000001.json"] = _manifest("organized/knowledge/serving.md")
    store = ingested_store(tmp_path / "there", files)
    data = brief_data(store, "3f2b6c1e-0000-4000-8000-000000000001", now=fixed_clock(), lang="en")
    assert (data.knowledge, data.knowledge_fallback) == ("organized/knowledge/serving.md", False)
    assert "not in the store" not in render_brief(data.model_dump(mode="json"))
