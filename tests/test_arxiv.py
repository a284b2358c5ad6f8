"""Case table for ``ingest.arxiv`` (manubot ``test_citekey.py`` style).

The first table hard-codes every row of the test table in
``shared/corpus/arxiv_identifier_scheme__extract_and_examples.md`` (section 2),
one ``pytest.param`` per input, id ``rowNN``.  ``expected`` is the list of
``(key, version)`` that :func:`ingest.arxiv.find_arxiv_ids` must return.
Lenient rows (19, 21, 22, 47) follow the module policy: accepted only with
arXiv context; a known archive prefix (row 19) is context.
"""
from __future__ import annotations

import re
import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ingest.arxiv import (
    OLD_ARCHIVES,
    ArxivMatch,
    arxiv_from_filename,
    find_arxiv_ids,
    is_valid_new_id,
    is_valid_old_id,
    standard_id,
)

from conftest import CORPUS, shared_reason  # noqa: E402

SCHEME_FILE = CORPUS / "arxiv_identifier_scheme__extract_and_examples.md"


def keys(text: str) -> list[tuple[str, str | None]]:
    return [(m.arxiv_id, m.version) for m in find_arxiv_ids(text)]


ROWS = [
    pytest.param("arXiv:0706.0001", [("0706.0001", None)], id="row01"),
    pytest.param("arXiv:0706.0001v1", [("0706.0001", "v1")], id="row02"),
    pytest.param("0706.0001v2", [("0706.0001", "v2")], id="row03"),
    pytest.param("arXiv:1501.00001", [("1501.00001", None)], id="row04"),
    pytest.param("arXiv:1501.00001v1", [("1501.00001", "v1")], id="row05"),
    pytest.param("arXiv:0706.0001v1 [q-bio.CB] 1 Jun 2007", [("0706.0001", "v1")], id="row06"),
    pytest.param("hep-th/9901001", [("hep-th/9901001", None)], id="row07"),
    pytest.param("hep-th/9901001v1", [("hep-th/9901001", "v1")], id="row08"),
    pytest.param("arXiv:hep-th/9901001", [("hep-th/9901001", None)], id="row09"),
    pytest.param("math.CA/0611800v2", [("math/0611800", "v2")], id="row10"),
    pytest.param("9912.12345v2", [("9912.12345", "v2")], id="row11"),
    pytest.param("math.GT/0309136", [("math/0309136", None)], id="row12"),
    pytest.param("math/9901123", [("math/9901123", None)], id="row13"),
    pytest.param("hep-ex/9901123", [("hep-ex/9901123", None)], id="row14"),
    pytest.param("gr-qc/9901123", [("gr-qc/9901123", None)], id="row15"),
    pytest.param("math.NA/9901123", [("math/9901123", None)], id="row16"),
    pytest.param("cs.DB/9901123", [("cs/9901123", None)], id="row17"),
    pytest.param("gr-qc/9901123v3", [("gr-qc/9901123", "v3")], id="row18"),
    # lenient: the known archive prefix counts as arXiv context
    pytest.param("hep-ph/1203.12345v12", [("1203.12345", "v12")], id="row19"),
    pytest.param("1202.1234", [("1202.1234", None)], id="row20"),
    # lenient rows 21, 22: bare -> rejected (strict); see LENIENT_IN_CONTEXT
    pytest.param("1203.12345", [], id="row21"),
    pytest.param("1203.12345v12", [], id="row22"),
    pytest.param("physics/0303098", [("physics/0303098", None)], id="row23"),
    pytest.param("physics/0303098/", [("physics/0303098", None)], id="row24"),
    pytest.param("physics/0303098/static/icon.png", [("physics/0303098", None)], id="row25"),
    pytest.param("arXiv:2502.07115v5", [("2502.07115", "v5")], id="row26"),
    pytest.param("https://arxiv.org/abs/2309.06180", [("2309.06180", None)], id="row27"),
    pytest.param("https://arxiv.org/pdf/2309.06180.pdf", [("2309.06180", None)], id="row28"),
    pytest.param("https://arxiv.org/pdf/2501.12948v1", [("2501.12948", "v1")], id="row29"),
    pytest.param(
        "https://arxiv.org/ftp/arxiv/papers/2403/2403.20041.pdf", [("2403.20041", None)], id="row30"
    ),
    pytest.param("https://browse.arxiv.org/pdf/2310.01801.pdf", [("2310.01801", None)], id="row31-browse"),
    pytest.param("https://www.arxiv.org/abs/2406.12335", [("2406.12335", None)], id="row31-www"),
    pytest.param("https://arxiv.org/html/2309.06180v2", [("2309.06180", "v2")], id="row32"),
    pytest.param("http://arxiv.org/abs/2309.17453", [("2309.17453", None)], id="row33"),
    pytest.param("**Journal**: arxiv:2309.17453 #ICLR/24", [("2309.17453", None)], id="row34"),
    pytest.param("**Journal**: arXiv:2410.10819 #ICLR/25", [("2410.10819", None)], id="row35"),
    pytest.param(
        "**ArXiv:** [2401.09670](https://arxiv.org/abs/2401.09670)", [("2401.09670", None)], id="row36"
    ),
    pytest.param("https://arxiv.org/abs/2404.14469v2", [("2404.14469", "v2")], id="row37"),
    pytest.param("[Yale arXiv'23]", [], id="row38"),
    pytest.param(
        "[arxiv'18] Online normalizer calculation for softmax ([arxiv](https://arxiv.org/abs/1805.02867))",
        [("1805.02867", None)],
        id="row39",
    ),
    pytest.param("https://dl.acm.org/doi/pdf/10.1145/3582016.3582018", [], id="row40"),
    pytest.param("10.1145/1234567.1234567", [], id="row41"),
    pytest.param("|2024.05| DeepSeek-V2 ...", [], id="row42"),
    pytest.param("0704.0001", [("0704.0001", None)], id="row43"),
    pytest.param("0703.1234", [], id="row44"),
    pytest.param("2313.00001", [], id="row45"),
    pytest.param("1501.0001", [], id="row46"),
    pytest.param("1412.12345", [], id="row47"),
    pytest.param("v1.0", [], id="row48-v1.0"),
    pytest.param("1.5B", [], id="row48-1.5B"),
    pytest.param("Llama-3.1-8B", [], id="row48-llama"),
    pytest.param("Release-v2.6", [], id="row48-release"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_scheme_table(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert keys(text) == expected


def test_scheme_table_is_complete() -> None:
    """Every numbered row 1..48 has at least one param."""
    rows = {int(p.id[3:5]) for p in ROWS}
    assert rows == set(range(1, 49))


@pytest.mark.skipif(not SCHEME_FILE.exists(), reason=shared_reason("the corpus's arXiv scheme file", SCHEME_FILE))
def test_scheme_table_matches_corpus_file() -> None:
    """The hard-coded inputs are the ones written in the corpus table."""
    text = SCHEME_FILE.read_text(encoding="utf-8")
    for p in ROWS:
        row = int(p.id[3:5])
        if row in (31, 48):  # rows with several or elided inputs
            continue
        inp = p.values[0]
        written = inp.replace("|", "\\|")
        assert f"| {row} | `{written}`" in text, (row, inp)


LENIENT_IN_CONTEXT = [
    pytest.param("arXiv:1203.12345", [("1203.12345", None)], id="row21-arXiv"),
    pytest.param("arXiv:1203.12345v12", [("1203.12345", "v12")], id="row22-arXiv"),
    pytest.param("https://arxiv.org/abs/1203.12345v12", [("1203.12345", "v12")], id="row22-url"),
    pytest.param("arXiv:1412.12345", [("1412.12345", None)], id="row47-arXiv"),
    pytest.param("arXiv:1501.0001", [], id="row46-arXiv-truncated"),
    pytest.param("arXiv 2412.1961", [], id="row46-arXiv-truncated-recent"),
    pytest.param("arXiv:2313.00001", [], id="row45-arXiv-month13"),
    pytest.param("arXiv:0703.1234", [], id="row44-arXiv-before-0704"),
    pytest.param("foo/1412.12345", [], id="unknown-archive-mashup"),
]


@pytest.mark.parametrize(("text", "expected"), LENIENT_IN_CONTEXT)
def test_lenient_rows_need_context(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert keys(text) == expected


MORE = [
    # DOIs
    pytest.param("10.48550/arXiv.2502.07115", [("2502.07115", None)], id="doi-arxiv"),
    pytest.param("https://doi.org/10.48550/arXiv.2502.07115v2", [("2502.07115", "v2")], id="doi-url"),
    pytest.param("doi:10.48550/ARXIV.hep-th/9901001", [("hep-th/9901001", None)], id="doi-old"),
    pytest.param("10.1145/3582016.3582018", [], id="doi-acm"),
    pytest.param("https://doi.org/10.1109/2016.12345", [], id="doi-other-url"),
    # bare ids in prose
    pytest.param("see arXiv 2502.07115 for details", [("2502.07115", None)], id="arxiv-space"),
    pytest.param("(2502.07115)", [("2502.07115", None)], id="bare-parens"),
    pytest.param("论文2502.07115v5的结论", [("2502.07115", "v5")], id="bare-chinese"),
    pytest.param("arXiv：2502.07115", [("2502.07115", None)], id="fullwidth-colon"),
    pytest.param("ARXIV: 2502.07115", [("2502.07115", None)], id="upper-prefix"),
    pytest.param("Arxiv 2024. Foo", [], id="arxiv-year"),
    pytest.param("github.com/x/y/2502.07115", [], id="non-arxiv-url-path"),
    pytest.param("5.94x speed-up, 1.5B params, 3.87-5.84×", [], id="figures"),
    pytest.param("|2024.05|🔥[**DeepSeek-V2**]", [], id="date-column"),
    pytest.param("2502.071155", [], id="six-digits"),
    pytest.param("12502.07115", [], id="five-digit-yymm"),
    pytest.param("2502.07115x", [], id="letter-after"),
    # URL forms
    pytest.param("arxiv.org/abs/2502.07115", [("2502.07115", None)], id="url-no-scheme"),
    pytest.param("https://export.arxiv.org/abs/hep-th/9901001v2", [("hep-th/9901001", "v2")], id="url-old"),
    pytest.param("https://arxiv.org/abs/math.GT/0309136", [("math/0309136", None)], id="url-old-sc"),
    pytest.param("https://arxiv.org/pdf/2309.06180v2.pdf", [("2309.06180", "v2")], id="url-pdf-version"),
    pytest.param("https://huggingface.co/papers/2502.07115", [("2502.07115", None)], id="hf-papers"),
    pytest.param(
        "[[pdf]](https://arxiv.org/pdf/2309.06180.pdf)|[[vllm]](https://github.com/vllm-project/vllm)",
        [("2309.06180", None)],
        id="deftruth-cell",
    ),
    pytest.param(
        "a 2502.07115 and https://arxiv.org/abs/2502.07115v2 again",
        [("2502.07115", None), ("2502.07115", "v2")],
        id="two-mentions",
    ),
    pytest.param("old cs/9901123 and foo/9901123", [("cs/9901123", None)], id="unknown-archive"),
    pytest.param("src/math/9901123", [], id="old-in-path"),
    pytest.param("math/0712345", [], id="old-after-0703"),
    # labels after which a number is something else's
    pytest.param("fetch layer=17 total_s=1312.4471 done", [], id="log-key-value"),
    pytest.param("Digest ref 2612.40077 · unsubscribe", [], id="digest-reference"),
    pytest.param("Finance moved us to cost center 4410.20817 for Q1", [], id="cost-centre"),
    pytest.param("预算归到成本中心 2410.20817", [], id="cost-centre-zh"),
    pytest.param("arxiv_id=2401.12345", [("2401.12345", None)], id="arxiv-key-value"),
    pytest.param("# 0704.0000 ", [("0704.0000", None)], id="a-heading-naming-an-id"),
    pytest.param("PR #2401.12345", [], id="a-number-after-hash"),
    # a unit right after a bare number: a measured value
    pytest.param("decode step 1207.3391 us on H100", [], id="value-microseconds-us"),
    pytest.param("kernel 2305.12345 μs, 1811.2231 ns", [], id="value-micro-nanoseconds"),
    pytest.param("board power 2305.12345 W", [], id="value-watts"),
    pytest.param("arXiv:1207.3391 us", [("1207.3391", None)], id="prefixed-id-before-us"),
    pytest.param("image vllm:2603.14159-cu128 pushed", [], id="build-tag-date-cu"),
    pytest.param("wheel 2601.10342-py3-none-any", [], id="build-tag-date-py"),
    pytest.param("see 2601.10342-v2 of the notes", [("2601.10342", None)], id="hyphen-then-a-word-is-still-an-id"),
    pytest.param("2401.12345 shows a 2x gain", [("2401.12345", None)], id="bare-id-before-a-word-in-s"),
]


@pytest.mark.parametrize(("text", "expected"), MORE)
def test_more_forms(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert keys(text) == expected


def test_match_offsets_and_raw() -> None:
    text = "x https://arxiv.org/ftp/arxiv/papers/2403/2403.20041.pdf y"
    (m,) = find_arxiv_ids(text)
    assert m == ArxivMatch("2403.20041", None, text[2:-2], 2, len(text) - 2)
    text = "**ArXiv:** [2401.09670](https://arxiv.org/abs/2401.09670)."
    (m,) = find_arxiv_ids(text)
    assert m.raw == "[2401.09670](https://arxiv.org/abs/2401.09670)"
    assert text[m.start : m.end] == m.raw


STANDARD = [
    pytest.param("arXiv:2502.07115v5", ("2502.07115", "v5"), id="prefix"),
    pytest.param("math.CA/0611800v2", ("math/0611800", "v2"), id="old-sc"),
    pytest.param("https://arxiv.org/pdf/2309.06180.pdf", ("2309.06180", None), id="pdf"),
    pytest.param("1203.12345", ("1203.12345", None), id="lenient-caller-asserts"),
    pytest.param("foo-bar/9901001", ("foo-bar/9901001", None), id="any-archive"),
    pytest.param("10.48550/arXiv.2502.07115", ("2502.07115", None), id="doi"),
    pytest.param("2502.07115V3", ("2502.07115", "v3"), id="upper-v"),
]


@pytest.mark.parametrize(("raw", "expected"), STANDARD)
def test_standard_id(raw: str, expected: tuple[str, str | None]) -> None:
    assert standard_id(raw) == expected


@pytest.mark.parametrize("raw", ["", "hello", "2313.00001", "0703.1234", "10.1145/3582016.3582018", "v1.0"])
def test_standard_id_rejects(raw: str) -> None:
    with pytest.raises(ValueError, match="no arXiv identifier"):
        standard_id(raw)


FILENAMES = [
    pytest.param("058-2502-07115.md", ("2502.07115", None), id="card"),
    pytest.param("1802-1605-08803.md", ("1605.08803", None), id="index-looks-like-yymm"),
    pytest.param("1417-2609-19969.md", ("2609.19969", None), id="index-month-17"),
    pytest.param("cards/058-2502-07115v3.md", ("2502.07115", "v3"), id="path-version"),
    pytest.param("2502-07115.md", ("2502.07115", None), id="no-index"),
    pytest.param("2502.07115v2.md", ("2502.07115", "v2"), id="dotted"),
    pytest.param("README.md", None, id="none"),
    pytest.param("2024-12-31.md", None, id="date"),
    pytest.param("001-1501-0001.md", None, id="four-digits-after-2014"),
]


@pytest.mark.parametrize(("name", "expected"), FILENAMES)
def test_arxiv_from_filename(name: str, expected: tuple[str, str | None] | None) -> None:
    assert arxiv_from_filename(name) == expected


def test_validators() -> None:
    assert is_valid_new_id("1412", "1234") and not is_valid_new_id("1412", "12345")
    assert is_valid_new_id("1412", "12345", lenient=True)
    assert not is_valid_new_id("1313", "1234", lenient=True)
    assert is_valid_old_id("9108001") and not is_valid_old_id("9107001")
    assert is_valid_old_id("0703999") and not is_valid_old_id("0704001")


# --------------------------------------------------------------------------
# Property: a valid id embedded in random text round-trips to key and version.

@st.composite
def new_ids(draw: st.DrawFn) -> str:
    yymm = draw(st.integers(min_value=704, max_value=9912).filter(lambda n: 1 <= n % 100 <= 12))
    ndig = 4 if yymm <= 1412 else 5
    num = draw(st.integers(min_value=0, max_value=10**ndig - 1))
    return f"{yymm:04d}.{num:0{ndig}d}"


@st.composite
def old_ids(draw: st.DrawFn) -> tuple[str, str]:
    archive = draw(st.sampled_from(sorted(OLD_ARCHIVES)))
    yy, mm = draw(
        st.tuples(st.sampled_from(list(range(91, 100)) + list(range(0, 8))), st.integers(1, 12)).filter(
            lambda t: is_valid_old_id(f"{t[0]:02d}{t[1]:02d}000")
        )
    )
    num = draw(st.integers(0, 999))
    sc = draw(st.sampled_from(["", ".GT", ".AI", ".CA"]))
    body = f"{yy:02d}{mm:02d}{num:03d}"
    return f"{archive}{sc}/{body}", f"{archive}/{body}"


NOISE = st.text(
    alphabet=string.ascii_letters + " ,;:!?()[]|#*" + "论文模型结果显存",
    max_size=30,
)
LEFT_SEP = st.sampled_from([" ", "\n", "(", "[", "| ", ", ", "：", "\t"])
RIGHT_SEP = st.sampled_from([" ", "\n", ")", "]", " |", ", ", ". ", "；"])


@st.composite
def embedded(draw: st.DrawFn) -> tuple[str, str, str | None]:
    version = draw(st.sampled_from([None, "v1", "v2", "v12"]))
    v = version or ""
    if draw(st.booleans()):
        key = draw(new_ids())
        written = key
        form = draw(st.sampled_from(["bare", "arXiv:", "arxiv: ", "abs", "pdf", "html", "doi", "www"]))
    else:
        written, key = draw(old_ids())
        form = draw(st.sampled_from(["bare", "arXiv:", "abs"]))
    text = {
        "bare": f"{written}{v}",
        "arXiv:": f"arXiv:{written}{v}",
        "arxiv: ": f"arxiv: {written}{v}",
        "abs": f"https://arxiv.org/abs/{written}{v}",
        "pdf": f"https://arxiv.org/pdf/{written}{v}.pdf",
        "html": f"http://arxiv.org/html/{written}{v}",
        "doi": f"https://doi.org/10.48550/arXiv.{written}{v}",
        "www": f"www.arxiv.org/abs/{written}{v}",
    }[form]
    left = draw(NOISE) + draw(LEFT_SEP)
    right = draw(RIGHT_SEP) + draw(NOISE)
    # a bare number followed by a unit is a measured value, not an identifier (docs/FORMAT.md 6.4: "1207.3391 us",
    # "0704.0000 s"); noise that happens to start with one is not this property's case
    assume(not (form == "bare" and re.match(r"\s?(?:tok|req/s|[mµμun]?s\b|sec\b|[GMK]i?B\b|[GT]FLOPS|W\b|%|x\b|×)", right)))
    return left + text + right, key, version


@settings(max_examples=300, deadline=None)
@given(embedded())
def test_roundtrip_embedded(case: tuple[str, str, str | None]) -> None:
    text, key, version = case
    found = find_arxiv_ids(text)
    assert [(m.arxiv_id, m.version) for m in found] == [(key, version)]
    (m,) = found
    assert text[m.start : m.end] == m.raw
    assert standard_id(m.raw) == (key, version)


@pytest.mark.parametrize("text", ["arXiv:2502.07115v0", "2502.07115v0", "https://arxiv.org/abs/2502.07115v0",
                                  "hep-th/9901001v0", "10.48550/arXiv.2502.07115v0", "2502.07115v01"])
def test_version_zero_is_no_identifier(text):
    """arXiv versions count from v1: ``…v0`` was accepted as a version of the paper (issue 23)."""
    assert find_arxiv_ids(text) == []
    assert [(m.arxiv_id, m.version) for m in find_arxiv_ids(text.replace("v0", "v1"))][0][1] in ("v1", "v11")


@pytest.mark.parametrize("text", ["arXiv:2502.07115v99999999999999999999", "2502.07115v1000",
                                  "https://arxiv.org/abs/2502.07115v12345", "hep-th/9901001v1000"])
def test_an_absurd_version_is_no_identifier(text):
    """A version is at most three digits (arXiv's most revised papers are in the tens):
    ``…v99999999999999999999`` was accepted as a version of the paper."""
    assert find_arxiv_ids(text) == []
    ok = re.sub(r"v\d+$", "v999", text)
    assert [m.version for m in find_arxiv_ids(ok)] == ["v999"]


def test_a_container_images_tag_is_no_identifier():
    from ingest.arxiv import find_arxiv_ids

    assert find_arxiv_ids("Docker 镜像 `spec-serve:2604.11507-cu124`") == []
    assert find_arxiv_ids("vllm/vllm-openai:2605.01234") == []
    assert [m.arxiv_id for m in find_arxiv_ids("paper:2401.00001 and arXiv:2401.00002")] == ["2401.00001", "2401.00002"]


@pytest.mark.parametrize("text", ["arxiv_id:2402.02750", "paper_id:2402.02750", "paper-ids:2402.02750",
                                  "kv-cache:2402.02750", "2024-03-01:2402.02750", "to_read/kv:2402.02750",
                                  "code at 2402.02750-py", "2402.02750-rc"])
def test_a_label_date_or_suffix_alone_keeps_the_identifier(text):
    """Only a registry path (``org/name-x:``) or an image name with a build suffix after the tag
    (``name:…-cu124``) makes a number a tag: an ID label, a date, a folder or a bare suffix does not."""
    assert [m.arxiv_id for m in find_arxiv_ids(text)] == ["2402.02750"]


@pytest.mark.parametrize("text", ["ghcr.io/org/serve:2605.01234", "spec-serve:2604.11507-nightly"])
def test_registry_paths_and_suffixed_tags_stay_tags(text):
    assert find_arxiv_ids(text) == []
