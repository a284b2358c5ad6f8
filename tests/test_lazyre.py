"""``ingest.lazyre``: a module-level pattern compiles at its first use and then answers as ``re.Pattern`` does."""
from __future__ import annotations

import pickle
import re
import subprocess
import sys

import pytest

from ingest.lazyre import LazyPattern, compile_lazy


def test_answers_equal_a_compiled_pattern():
    lazy, eager = compile_lazy(r"(?P<n>\d+(?:\.\d+)?)\s*x", re.I), re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*x", re.I)
    text = "1.8X on one GPU, 2.8x on eight"
    assert lazy.search(text).group("n") == eager.search(text).group("n") == "1.8"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert lazy.findall(text) == eager.findall(text) == ["1.8", "2.8"]
    assert lazy.sub("N", text) == eager.sub("N", text)
    assert lazy.split(text) == eager.split(text)
    assert lazy.match(text, 0).end() == 4 and lazy.fullmatch("3x").group("n") == "3"
    assert lazy.flags == eager.flags and lazy.groupindex == eager.groupindex and lazy.groups == 1


def test_compiles_once_and_only_when_used():
    p = compile_lazy(r"abc")
    assert "_compiled" not in p.__dict__ and p.pattern == "abc"  # reading .pattern builds nothing
    assert p.search("xabc").start() == 1
    first = p.compiled
    assert p.search("abc") and p.compiled is first
    assert p.__dict__["search"] == first.search  # later calls go straight to the compiled pattern's method


def test_bad_pattern_fails_at_first_use_with_re_error():
    p = compile_lazy(r"(unclosed")
    with pytest.raises(re.error):
        p.search("x")
    with pytest.raises(TypeError):
        compile_lazy(3)  # type: ignore[arg-type]
    assert compile_lazy(rb"&([a-z]+);").findall(b"&amp; &lt;") == [b"amp", b"lt"]  # a bytes pattern works as re's does


def test_pickles_as_its_source_and_compares_by_it():
    p = compile_lazy(r"kv\s*cache", re.I)
    p.search("KV cache")
    q = pickle.loads(pickle.dumps(p))
    assert isinstance(q, LazyPattern) and q == p and hash(q) == hash(p) and q.search("kv  CACHE")


def test_a_reading_command_compiles_few_patterns():
    """Importing the rule modules a query needs compiles none of their module-level patterns."""
    code = ("import re._compiler as C; n = [0]; orig = C.compile\n"
            "def count(p, f=0):\n    n[0] += 1; return orig(p, f)\n"
            "C.compile = count\nimport ingest.structure, ingest.notes, queries.contradictions\nprint(n[0])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(out) < 200, out  # 823 before the module-level patterns were lazy (116 after: pydantic, yaml and a few built inline)
