"""A test that needs the shared folder and does not find it says how to point the tests at it.

A fresh clone has no ``../shared``: the tests that read the seed brief, the public corpus or the shared
shifts skip.  Their reasons said "it lives in ../shared" or only "corpus file absent", so a fresh user
did not learn that ``PROVKG_SHARED`` names the folder (a fresh-user run).  Every such skip now goes
through ``conftest.shared_reason``.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys

from conftest import ROOT

#: One test per place that skips for want of the shared folder (each skips before any costly fixture).
NEEDS_SHARED = [
    "tests/test_arxiv.py::test_scheme_table_matches_corpus_file",
    "tests/test_audit.py::test_seed_audit_finds_the_two_real_problems",
    "tests/test_brief.py::test_seed_is_a_brief",
    "tests/test_brief.py::test_read_brief",
    "tests/test_brief_curator.py::test_a_work_named_only_in_the_body_is_marked_so",
    "tests/test_contract.py::test_duplicates_fail_on_any_exit_codes",
    "tests/test_extraction.py::test_seed_extracts_exactly_its_ids_sections_urls_and_paths",
    "tests/test_extraction.py::test_corpus_duplicates_and_two_titles_match_the_oracles",
    "tests/test_living_doc.py::test_deftruth_shapes",
    "tests/test_index.py::test_shift_index_equals_the_rdf_store[s1]",
]


def test_each_skip_for_want_of_the_shared_folder_names_provkg_shared(tmp_path):
    env = {**os.environ, "PROVKG_SHARED": str(tmp_path / "no-shared-here")}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *NEEDS_SHARED],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    skipped = [ln for ln in r.stdout.splitlines() if ln.startswith("SKIPPED")]
    assert len(skipped) == len(NEEDS_SHARED) and f"{len(NEEDS_SHARED)} skipped" in r.stdout, r.stdout[-3000:]
    for ln in skipped:
        assert "no-shared-here" in ln and "set PROVKG_SHARED to that folder" in ln, ln


def test_no_other_skip_names_the_shared_folder_its_own_way():
    """Every skip that is about the seed, the corpus or the shifts is worded by ``shared_reason``."""
    about = re.compile(r"\b(SEED|CORPUS|SHARED|SCHEME_FILE|shift|corpus|seed)\b")
    own = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if re.search(r"pytest\.skip\(|skipif\(", line) and about.search(line) and "shared_reason" not in line:
                own.append(f"{path.name}:{n}: {line.strip()}")
    assert own == []
