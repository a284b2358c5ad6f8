"""Open files, detect their kind and turn them into ``ParsedSource`` records.

``read_source(root, path)`` reads one file; ``discover(paths)`` walks the
arguments of ``provkg ingest`` and yields ``(root, relative_path)`` pairs.
Manifests are strict (pydantic ``extra="forbid"``, ``model_validate_json``);
human notes are lenient (a bad front matter block is a warning, not a failure).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone, tzinfo
from pathlib import Path, PurePosixPath

from pydantic import ValidationError

from .errors import IngestError, KgError
from .facts import MAX_FILE_FIGURES, FigureBudget, figure_budget
from .lexicon import Lexicon, load_lexicon
from .models import Manifest, ParsedSource, SOURCE_KINDS, named_after_id
from .notes import parse_note
from .text import arxiv_refs, split_front_matter
from ingest.lazyre import compile_lazy

__all__ = [
    "MAX_BYTES",
    "NOTE_SUFFIXES",
    "OUTPUT_TAG",
    "OUTPUT_LIST",
    "in_workspace",
    "listed_outputs",
    "TEXT_SUFFIXES",
    "ARCHIVE_DATA_FILE",
    "max_bytes",
    "Found",
    "check_manifest_paths",
    "decode",
    "detect_kind",
    "discover",
    "named_after_id",
    "parse_manifest",
    "read_source",
    "workspace_root",
    "sha256_of",
    "read_regular",
    "visible_controls",
]

#: Files larger than this are refused with one clear line (bytes; ``PROVKG_MAX_FILE_BYTES`` changes it,
#: ``max_bytes``).  A note costs time and memory that grow with the statements, figures and citations it
#: holds, each a node of the graph (~8 us and ~0.5 KB a quad to store): ~130 bytes of memory per byte for
#: prose, up to ~2,100 for a file of two-letter list items ("- ab", one statement per 5 bytes: 256 KiB
#: takes 30-50 s and 0.62 GB through ``provkg ingest``; 1 MB 2.2 GB and three minutes).  A file's
#: figures are bounded apart (``MAX_FILE_FIGURES``).  The limit was 16 MiB (one note took 7.4 GB), then
#: 1 MiB (issue 23).  Real notes are kilobytes; the largest file of the shared corpus is 93 KB.
MAX_BYTES = 256 * 1024


def max_bytes() -> int:
    """The size limit of a file provkg reads: ``$PROVKG_MAX_FILE_BYTES`` when it is a positive whole number,
    else ``MAX_BYTES``.  Raises ``UsageError`` for a value that is not one."""
    raw = os.environ.get("PROVKG_MAX_FILE_BYTES")
    if not raw:
        return MAX_BYTES
    try:
        n = int(raw.replace("_", ""))
    except ValueError:
        n = 0
    if n < 1:
        from .errors import UsageError

        raise UsageError(f"PROVKG_MAX_FILE_BYTES={raw!r} is not a positive number of bytes")
    return n


def max_file_figures() -> int:
    """The most figures one file keeps: ``$PROVKG_MAX_FILE_FIGURES`` when it is a whole number of at least
    0, else ``ingest.facts.MAX_FILE_FIGURES`` (4,096).  Raises ``UsageError`` for a value that is not one."""
    raw = os.environ.get("PROVKG_MAX_FILE_FIGURES")
    if not raw:
        return MAX_FILE_FIGURES
    try:
        n = int(raw.replace("_", ""))
    except ValueError:
        n = -1
    if n < 0:
        from .errors import UsageError

        raise UsageError(f"PROVKG_MAX_FILE_FIGURES={raw!r} is not a whole number of figures (0 or more)")
    return n


def _within_figure_budget(rec: ParsedSource, warns: list[str], budget: FigureBudget) -> tuple[ParsedSource, list[str]]:
    """``rec`` holding at most ``budget.limit`` figures, the first in file order, and ``warns`` with one
    warning naming the line from which its statements keep none (issue 23).

    The statements themselves all stay (text, works, evidence, sections); only their figures go, from
    the first statement that ``find_figures`` did not read (``ingest.facts.figure_budget``) or that
    would take the file past the limit (that one keeps the figures still allowed).  A file within the
    limit comes back as it is.
    """
    if budget.read <= budget.limit and not budget.refused:
        return rec, warns  # it kept at most what it read
    claims = list(rec.claims)
    order = sorted(range(len(claims)), key=lambda i: (claims[i].line, claims[i].line_end))
    left = budget.limit
    cut: int | None = None  # position in ``order`` of the first statement that loses figures
    for k, i in enumerate(order):
        c = claims[i]
        if not c.quantities and c.text in budget.refused:
            cut = k
            break
        if len(c.quantities) > left:
            claims[i] = c.model_copy(update={"quantities": c.quantities[:left]})
            cut = k
            break
        left -= len(c.quantities)
    if cut is None and budget.refused:
        # a refused statement is stored under other words (a table row's cells, a citation without its
        # title): the figures end after the last statement that kept some
        last = max((k for k, i in enumerate(order) if claims[i].quantities), default=-1)
        cut = last + 1 if last + 1 < len(order) else None
    if cut is None:
        return rec, warns
    for i in order[cut + 1:]:
        if claims[i].quantities:
            claims[i] = claims[i].model_copy(update={"quantities": ()})
    line = claims[order[cut]].line
    return rec.model_copy(update={"claims": tuple(claims)}), [*warns, (
        f"{rec.path}:{line}: the file states more than {budget.limit:,} figures: those from this line on are "
        f"not stored (its statements are; PROVKG_MAX_FILE_FIGURES sets the limit)")]


#: The plain-text formats people keep notes in, besides Markdown: reStructuredText, AsciiDoc, org-mode,
#: LaTeX and BibTeX, Quarto and R Markdown, Typst, wiki and Textile markup, CSV/TSV exports, saved HTML.
NOTE_SUFFIXES = (".rst", ".adoc", ".asciidoc", ".org", ".tex", ".bib", ".qmd", ".rmd", ".typ", ".wiki",
                 ".textile", ".csv", ".tsv", ".html", ".htm", ".text", ".mdx", ".vtt", ".srt", ".ics", ".jsonl", ".ndjson", ".opml",
                 ".mbox", ".eml", ".log")
#: The file ``provkg run`` leaves in its output folder (as ``CACHEDIR.TAG`` marks a cache): a folder walk does
#: not enter a folder holding it, so a run whose ``--out`` is inside the workspace never reads its own last brief
#: and report back as notes.
OUTPUT_TAG = ".provkg-output"
#: A file in a folder of a workspace listing, one name a line, the files there that ``provkg`` wrote itself (a
#: ``brief -o brief.md``, a ``report contradictions -o …`` inside a workspace): the folder walk does not read them.
OUTPUT_LIST = ".provkg-outputs"
#: What a folder walk picks up.
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".json", *NOTE_SUFFIXES)
#: A social archive's data file, read by name (X/Twitter's ``tweets.js``, ``tweets-part1.js``, ``note-tweet.js``): other
#: ``.js`` files are code, not notes.
ARCHIVE_DATA_FILE = compile_lazy(r"^(?:tweets?|note-tweet|community-tweet|like)(?:-part\d+)?\.js$", re.IGNORECASE)
_ROOT_MARKERS = ("organized", "inbox", "work-guard", ".provkg-root")


@dataclass(frozen=True)
class Found:
    """A file to ingest: ``abs_path``, the workspace ``root`` and its ``rel`` POSIX path."""

    abs_path: Path
    root: Path
    rel: str
    explicit: bool = field(default=False, compare=False)


def read_regular(path: str | os.PathLike[str], limit: int | None | object = MAX_BYTES, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, read at most ``limit`` bytes (None: any size; by default
    ``max_bytes()``).

    Every file provkg reads from a path a user gives goes through here (notes, ``sparql @FILE``, ``import``,
    ``audit-brief``, ``--baseline``): a device (``/dev/zero``), FIFO or socket never ends or blocks, and a
    file that grows while it is read is cut at the limit.

    Raises
    ------
    IngestError
        One line naming ``path``: it cannot be read, is not a regular file, or is over ``limit``.
    """
    name = str(path)
    if limit is MAX_BYTES:
        limit = max_bytes()
    try:
        # O_NONBLOCK: opening a FIFO that no one writes would block; the checks are about the file opened
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)), "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise IngestError(name, None, f"not a regular {what} (a device, FIFO or socket); refused")
            if limit is not None and st.st_size > limit:
                raise IngestError(name, None, f"{what} is {st.st_size:,} bytes, over the {limit:,}-byte limit")
            data = fh.read() if limit is None else fh.read(limit + 1)
    except OSError as e:
        raise IngestError(name, None, f"cannot read: {e.strerror or e}") from None
    if limit is not None and len(data) > limit:
        raise IngestError(name, None, f"{what} grew past the {limit:,}-byte limit while being read")
    return data


def sha256_of(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def workspace_root(path: Path) -> Path:
    """The workspace a file belongs to: the nearest ancestor holding ``organized/``,
    ``inbox/``, ``work-guard/`` or a ``.provkg-root`` file; else the file's folder."""
    p = path.absolute().parent.resolve() / path.name  # a link's own folder, not its target's
    for anc in p.parents:
        if any((anc / m).exists() for m in _ROOT_MARKERS):
            return anc
    return p.parent


def listed_outputs(listing: Path) -> list[str]:
    """The file names an ``OUTPUT_LIST`` file holds (none when it cannot be read)."""
    try:
        return [n.strip() for n in listing.read_text("utf-8", errors="replace").splitlines() if n.strip()]
    except OSError:
        return []


def in_workspace(path: Path) -> bool:
    """Whether ``path`` lies inside a workspace (an ancestor holding ``organized/``, ``inbox/``, ``work-guard/`` or
    ``.provkg-root``): a file written there would be walked by the next ``ingest``."""
    return any((anc / m).exists() for anc in path.absolute().parents for m in _ROOT_MARKERS)


def _walk(top: str, root: Path, unreadable: list[str] | None = None
          ) -> Iterator[tuple[str, str, dict[str, bool], list[str]]]:
    """The folders below ``top`` as ``os.walk`` visits them (top-down, sub-folders sorted by name,
    hidden ones and ``__pycache__`` skipped, linked folders listed but not entered, unreadable ones
    skipped with a line in ``unreadable``: ``inbox/locked: cannot read the folder (Permission denied)``),
    each as ``(dirpath, dirpath relative to root as POSIX, {file name: is a symlink},
    [names of the symbolic links to folders in it])``.

    Built on ``os.scandir`` so that telling links from files costs no extra system call
    (12,700 files: ~0.1 s instead of ~1 s with ``Path.resolve`` on every file).  A stack, not
    recursion: a tree nested thousands deep never meets Python's recursion limit.
    """
    stack = [top]
    while stack:
        here = stack.pop()
        try:
            it = os.scandir(here)
        except OSError as e:
            if unreadable is not None:
                rel = Path(here).relative_to(root).as_posix() if Path(here).is_relative_to(root) else here
                unreadable.append(f"{rel}: cannot read the folder ({e.strerror or e}); its files are not ingested")
            continue
        dirs: list[tuple[str, bool]] = []
        files: dict[str, bool] = {}
        with it:
            while True:
                try:
                    entry = next(it)
                except StopIteration:
                    break
                except OSError:
                    break
                try:
                    is_dir = entry.is_dir()
                except OSError:  # a link loop (ELOOP): checked as a link in ``discover``
                    is_dir = False
                try:
                    link = entry.is_symlink()
                except OSError:
                    link = False
                if is_dir:
                    dirs.append((entry.name, link))
                else:
                    files[entry.name] = link
        if OUTPUT_TAG in files and here != top:
            continue  # a folder ``provkg run`` writes its brief and report into: its own output, not notes
        if OUTPUT_LIST in files:  # files provkg wrote into a folder of notes (``brief -o brief.md``): its own output
            for name in listed_outputs(Path(here) / OUTPUT_LIST):
                files.pop(name, None)
        rel_dir = Path(here).relative_to(root).as_posix()
        subs = sorted(d for d in dirs if not d[0].startswith(".") and d[0] != "__pycache__")
        yield here, rel_dir, files, [name for name, link in subs if link]
        stack.extend(os.path.join(here, name) for name, link in reversed(subs) if not link)


def _broken_link(full: Path, rel: str) -> str | None:
    """The one-line warning for a symbolic link at ``full`` that leads nowhere, or None when it leads somewhere.

    A link whose target is missing, or that is part of a loop (``a.md -> b.md -> a.md``), is skipped
    with a warning naming it (``discover``); ``Path.resolve`` would raise on a loop (Python 3.11:
    ``RuntimeError``), which once ended every ingest of the workspace with a traceback.  A link whose
    name is not a text file's could have led to a folder: its target is "a missing file or folder".
    """
    try:
        os.stat(full)
        return None
    except FileNotFoundError:
        try:
            target = os.readlink(full)
        except OSError:
            target = "?"
        what = "file" if full.name.lower().endswith(TEXT_SUFFIXES) else "file or folder"
        return f"{rel}: symbolic link to a missing {what} ({target}); skipped"
    except OSError as e:
        if e.errno == errno.ELOOP:
            return f"{rel}: symbolic link loop (a link that leads back to itself); skipped"
        return f"{rel}: cannot follow the symbolic link ({e.strerror or e}); skipped"


def _linked_folder(full: Path, rel: str, root: Path) -> tuple[str, bool] | None:
    """The one-line problem of a symbolic link to a folder met in a folder walk, and whether it is an
    error (True) or a warning; None for a link to a folder inside the workspace, which the walk does
    not enter (the files there are read where they really are, when the walk reaches them).

    ``full`` is the link (its folder is a real path: the walk starts from a resolved folder and never
    enters a link).  A link to the folder it is in or to a folder above it (``a -> .``, ``a -> ..``)
    is a loop: a warning; a link out of the workspace is refused as a linked file is: an error.
    """
    real = Path(os.path.realpath(full))
    if full.parent.is_relative_to(real):
        try:
            target = os.readlink(full)
        except OSError:
            target = str(real)
        return f"{rel}: symbolic link loop (a link to {target}, a folder it is in); skipped", False
    if not real.is_relative_to(root):
        return f"{rel}: symbolic link leads outside the workspace; skipped", True
    return None


def discover(paths: list[str | os.PathLike[str]], *, warnings: list[str] | None = None
             ) -> tuple[list[Found], list[str]]:
    """Expand ``provkg ingest`` arguments into files.

    A folder is a workspace root: every ``TEXT_SUFFIXES`` file below it is
    taken (hidden folders skipped, symlinks leading outside it refused, linked
    folders not entered); a file is taken with the root from ``workspace_root``.
    Returns ``(found, problems)``; ``problems`` are one-line messages for arguments
    that do not exist or links (to files or folders) that lead out.  A symbolic link
    that leads nowhere (its target is missing, or it is part of a loop, such as a
    folder link ``a -> ..``), named like a text file or with no suffix (a folder's),
    is skipped with one line in ``warnings`` when a list is given (else in ``problems``).
    """
    found: dict[tuple[Path, str], Found] = {}
    problems: list[str] = []
    warns = problems if warnings is None else warnings
    warned = len(warns)
    for arg in paths:
        p = Path(arg)
        if p.is_symlink() and (broken := _broken_link(p, str(arg))) is not None:
            warns.append(broken)
            continue
        if not p.exists():
            problems.append(f"{arg}: no such file or folder")
            continue
        if p.is_dir():
            here = p.resolve()
            root = here if any((here / m).exists() for m in _ROOT_MARKERS) else workspace_root(here / "_")
            if not any((root / m).exists() for m in _ROOT_MARKERS):
                root = here
            for dirpath, rel_dir, entries, linked in _walk(str(here), root, problems):
                dir_path = Path(dirpath)
                in_guard = "work-guard" in dir_path.parts
                for fn in sorted([*entries, *linked]):
                    if fn not in entries:  # a link to a folder: a loop (``a -> ..``) or a link out is one line
                        rel = fn if rel_dir == "." else f"{rel_dir}/{fn}"
                        if (bad := _linked_folder(dir_path / fn, rel, root)) is not None:
                            (problems if bad[1] else warns).append(bad[0])
                        continue
                    if fn.startswith("."):
                        continue
                    if not fn.lower().endswith(TEXT_SUFFIXES) and not ARCHIVE_DATA_FILE.match(fn):
                        # A link that leads nowhere and could have been a folder (no suffix: an unmounted
                        # share's ``papers -> /mnt/share/papers``, a loop ``a -> a``): one warning.
                        # Other files' links (``fig.png``, git-annex content not fetched) say nothing.
                        if entries[fn] and "." not in fn:
                            rel = fn if rel_dir == "." else f"{rel_dir}/{fn}"
                            if (broken := _broken_link(dir_path / fn, rel)) is not None:
                                warns.append(broken)
                        continue
                    if not in_guard and fn.lower().endswith(".json"):
                        is_chat, why = _chat_export(dir_path / fn)
                        if not is_chat:  # in a folder walk only manifests under work-guard/ and chat exports are JSON sources
                            if why:
                                warns.append(f"{fn if rel_dir == '.' else f'{rel_dir}/{fn}'}:{why}; skipped")
                            continue
                    full = dir_path / fn
                    rel = fn if rel_dir == "." else f"{rel_dir}/{fn}"
                    # Only a symbolic link can lead out: the walk starts from a resolved folder and
                    # never enters linked folders, so any other file's real path is ``full`` itself.
                    if entries[fn]:
                        broken = _broken_link(full, rel)
                        if broken is not None:
                            warns.append(broken)
                            continue
                        if not Path(os.path.realpath(full)).is_relative_to(root):
                            problems.append(f"{rel}: symbolic link leads outside the workspace; skipped")
                            continue
                    bad = _bad_name(rel)
                    if bad is not None:
                        problems.append(f"{rel}: {bad}")
                        continue
                    found[(root, rel)] = Found(full, root, rel)
        else:
            # The root comes from where the file is named, not from where a
            # symbolic link points: a link leading out of its workspace is refused.
            named = Path(os.path.realpath(p.absolute().parent)) / p.name
            root = workspace_root(named)
            rel = named.relative_to(root).as_posix()
            real = Path(os.path.realpath(p))
            if not real.is_relative_to(root):
                problems.append(f"{rel}: symbolic link leads outside the workspace; skipped")
                continue
            bad = _bad_name(rel)
            if bad is not None:
                problems.append(f"{rel}: {bad}")
                continue
            found[(root, rel)] = Found(real, root, rel, explicit=True)
    # A path is shown as it is named, its control characters made visible: a line break in a file name
    # ("evil\nerror: fake.md") printed a second, forged line; an escape coloured the terminal.
    problems[:] = [_shown(m) for m in problems]
    if warns is not problems:
        warns[warned:] = [_shown(m) for m in warns[warned:]]
    return list(found.values()), problems


#: C0 controls other than tab and newline (and DEL) become their Unicode "control
#: picture" (ESC -> U+241B), C1 controls U+FFFD: one character for one, so line
#: numbers and offsets do not move, and no escape sequence from a note reaches a
#: terminal (``provkg query`` tables) or a CSV/Markdown file.
_CONTROLS = {c: 0x2400 + c for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20))}
_CONTROLS.update({0x7F: 0x2421, **{c: 0xFFFD for c in range(0x80, 0xA0)}})
#: Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder the text
#: around them on screen ("Trojan Source", CVE-2021-42574): a quote would read other than it is in a
#: terminal table, a CSV or the brief.  They become U+FFFD too (LRM/RLM marks, harmless, stay).
_CONTROLS.update({c: 0xFFFD for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))})


#: What a file name may not hold (``discover``): C0 and C1 controls but tab, and the bidirectional
#: embeddings, overrides and isolates (``_CONTROLS``).  Such a name would print as two lines or drive the
#: terminal in every message and table that names the file.
_ODD_NAME = compile_lazy("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


#: A lone surrogate: a byte of a file name that is not UTF-8 (``os.fsdecode``'s ``surrogateescape``).
_NOT_UTF8_NAME = compile_lazy("[\ud800-\udfff]")


def _bad_name(rel: str) -> str | None:
    """Why a file cannot be ingested by its name, or None: a control character (a line break, an escape, a
    bidirectional override), or bytes that are not UTF-8 (they come from the file system as lone surrogates,
    ``os.fsdecode``: the name, not the text, is what cannot be stored)."""
    if _ODD_NAME.search(rel):
        return ("the file name holds a control character (a line break, an escape or a bidirectional override); "
                "rename the file; skipped")
    if _NOT_UTF8_NAME.search(rel):
        return "the file name is not valid UTF-8; rename the file; skipped"
    return None


def _shown(text: str) -> str:
    """``text`` as one visible line: line breaks as ``␤``/``␍``, other controls as ``visible_controls``,
    lone surrogates (bytes of a name that are not UTF-8) as U+FFFD."""
    return visible_controls(_NOT_UTF8_NAME.sub("\ufffd", text.replace("\n", "\u2424").replace("\r", "\u240d")))


def visible_controls(text: str) -> str:
    """``text`` with control characters (C0 but tab/newline/CR, DEL, C1) made visible.

    C0 ``U+00XX`` -> ``U+24XX`` (Unicode Control Pictures, e.g. ESC -> ``␛``),
    DEL -> ``␡``, C1 and the bidirectional overrides/embeddings/isolates (Unicode UAX #9)
    -> ``U+FFFD``.  Same length, so offsets are kept.
    """
    return text.translate(_CONTROLS)


#: Byte-order marks of the UTF-16 and UTF-32 encodings (UTF-32 first: its little-endian mark starts
#: with UTF-16's).
_UNICODE_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
                 (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


#: How common binary files start, to name them in the one line (a PNG saved as ``x.md``).
_BINARY_MAGIC = ((b"\x89PNG\r\n\x1a\n", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
                 (b"%PDF-", "a PDF document"), (b"PK\x03\x04", "a ZIP archive, such as a .docx or .xlsx"),
                 (b"\x1f\x8b", "a gzip archive"), (b"\x7fELF", "a program"), (b"SQLite format 3\x00", "an SQLite database"))


def _utf16_without_bom(head: bytes) -> bool:
    """Whether ``head`` looks like UTF-16 text without a byte-order mark: at least half the bytes of one
    parity are NUL (the high bytes of ASCII characters) and at most 5 % of the other parity's (a
    character such as U+4E00 has a NUL low byte).  A binary file full of NULs (an image with a black
    area) has them at both parities: it was called UTF-16 (a fresh-user run)."""
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return any(z.count(0) >= len(z) // 2 and other.count(0) <= len(other) // 20 for z, other in ((odd, even), (even, odd)))


#: Characters a Western-European note in Windows-1252 or Latin-1 holds beyond ASCII: accented letters,
#: the Latin-1 signs and cp1252's typographic punctuation (quotes, dashes, ellipsis, euro, bullet).
_WESTERN = compile_lazy(r"[\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026"
                      r"\u2030\u20ac\u2122\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc]")


def _western(data: bytes) -> str | None:
    """``data`` read as Windows-1252 when every non-ASCII character it gives is a Western-European
    letter, sign or typographic mark (a note saved by an older Windows editor), else None."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None
    return text if all(_WESTERN.match(ch) for ch in text if ord(ch) > 0x7F) else None


def _rare_gbk(text: str) -> bool:
    """True when over a third of ``text``'s non-ASCII characters lie outside GB2312 (the 6,763 common
    hanzi and their punctuation).  Chinese written in GBK is almost all GB2312; Latin-1 bytes read as
    GBK (``r\\xe9duit``: an accented letter before an ASCII letter) give rare extension characters."""
    wide = [ch for ch in text if ord(ch) > 0x7F]
    if not wide:
        return False
    rare = 0
    for ch in wide:
        try:
            ch.encode("gb2312")
        except UnicodeEncodeError:
            rare += 1
    return rare * 3 > len(wide)


def _utf8(raw: bytes) -> bool:
    """Whether one line's bytes are valid UTF-8."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def decode(data: bytes, rel: str) -> str:
    """``decode_noting``'s text alone (see there)."""
    return decode_noting(data, rel)[0]


def decode_noting(data: bytes, rel: str) -> tuple[str, str | None]:
    """Decode bytes as UTF-8 (a BOM is dropped), else GB18030 (a superset of GBK), else Windows-1252
    when that gives only Western-European letters and marks (GBK that reads as mostly rare characters
    is taken for Windows-1252 too, ``_rare_gbk``); UTF-16 or UTF-32 text that starts with its
    byte-order mark is read as such.

    Raises ``IngestError`` for binary content (NUL bytes; UTF-16 without a byte-order mark is named as
    such, not as "binary"), for bytes that
    are neither, and for a file mixing UTF-8 lines with lines in another
    encoding (decoding it all as GBK would garble the UTF-8 part silently);
    ``\\r\\n`` becomes ``\\n``; control characters are made visible
    (:func:`visible_controls`).

    Returns the text and, when it was not read as UTF-8 (or a Unicode text with its byte-order mark), a warning line
    naming the first byte that is no UTF-8 and the encoding read instead (the text may be garbled: the writer is told).
    """
    for bom, codec in _UNICODE_BOMS:  # UTF-16/32 with a byte-order mark (Windows Notepad's "Unicode")
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as e:
                line = data[: e.start].count(b"\n") + 1 if codec.startswith("utf-16") else None
                raise IngestError(rel, line, f"not valid {codec.upper()} text (it starts with a {codec.upper()} "
                                             "byte-order mark)") from None
            return visible_controls(text.replace("\r\n", "\n").replace("\r", "\n")), None
    if b"\x00" in data[:8192]:
        head = data[:8192]
        what = next((name for magic, name in _BINARY_MAGIC if data.startswith(magic)), None)
        if what is None and _utf16_without_bom(head):
            raise IngestError(rel, None, "UTF-16 text without a byte-order mark (every other byte is NUL); "
                                         "save it as UTF-8")
        raise IngestError(rel, None, f"binary file ({what or 'NUL bytes'}), not text")
    note = None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bad = data[: e.start].count(b"\n") + 1
        for n, raw in enumerate(data.split(b"\n"), 1):
            if n == bad:
                continue
            if max(raw, default=0) >= 0x80 and (n < bad or _utf8(raw)):
                # a non-ASCII line before it, which is valid UTF-8, or one after it that is ("- good \xe9 bytes" then
                # "- 对抗性到达": read as Windows-1252 the whole file, the Chinese line became "å¯¹æŠ—…" without a word)
                raise IngestError(rel, bad, f"mixed encodings: line {n} is UTF-8, this line is not "
                                            f"(byte 0x{data[e.start]:02x}); save the file as UTF-8") from None
        try:
            text = data.decode("gb18030")
        except UnicodeDecodeError:
            latin = _western(data)
            if latin is None:
                line = data[: e.start].count(b"\n") + 1
                raise IngestError(rel, line, f"not valid UTF-8 (byte 0x{data[e.start]:02x}), GBK nor Windows-1252 "
                                             "text") from None
            text, codec = latin, "Windows-1252"
        else:
            codec = "GB18030"
            if _rare_gbk(text) and (west := _western(data)):
                text, codec = west, "Windows-1252"
        note = (f"{rel}:{bad}: not UTF-8 (byte 0x{data[e.start]:02x}); read as {codec}, check that the text reads right "
                "or save the file as UTF-8")
    return visible_controls(text.replace("\r\n", "\n").replace("\r", "\n")), note


#: The keys a chat export's messages are written with: JSON that cannot be read but names them was meant to be one.
_CHAT_KEYS = compile_lazy(r'"(?:messages|text|content|message|body)"\s*:')


def _chat_export(path: Path) -> tuple[bool, str | None]:
    """Whether a JSON file outside ``work-guard/`` is a chat export (``ingest.markup.chat_messages``), read
    only when it is small enough to be a note; with it, why a file meant as one cannot be read (``"12: not
    valid JSON (Expecting ',' delimiter)"``, its line first), else None (a settings file says nothing)."""
    from .markup import chat_messages

    try:
        if path.stat().st_size > 8 * 1024 * 1024:
            return False, None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False, None
    if chat_messages(text) is not None:
        return True, None
    if not _CHAT_KEYS.search(text):
        return False, None  # a settings file, valid or not: no chat meant
    try:
        json.loads(text)  # (parsed again only to say where it breaks)
    except ValueError as e:
        return False, f"{getattr(e, 'lineno', 1)}: a chat export that is not valid JSON ({getattr(e, 'msg', e)})"
    except RecursionError:
        pass
    return False, None


def detect_kind(rel: str, text: str, front_kind: str | None = None) -> str:
    """Guess the kind of a source from its path and text.

    ``work-guard/*.json`` or JSON with ``items`` -> ``manifest`` (a chat export's JSON elsewhere -> ``note``);
    ``paper_cards/`` -> ``paper_card``; ``repo_cards/`` -> ``repo_card``;
    ``knowledge/`` or many numbered sections with citations -> ``living_doc``;
    ``queue/`` -> ``queue``; a brief's shape -> ``brief``; else ``note``.
    A front matter ``kind`` wins when it names a known kind.
    """
    if front_kind in SOURCE_KINDS:
        return front_kind
    parts = PurePosixPath(rel).parts
    low = rel.lower()
    if low.endswith(".json"):
        from .markup import chat_messages

        # a chat export (Slack's messages, a Discord export) in a note's folder is a note
        return "note" if "work-guard" not in parts and chat_messages(text) is not None else "manifest"
    if "paper_cards" in parts:
        return "paper_card"
    if "repo_cards" in parts:
        return "repo_card"
    if "knowledge" in parts:
        return "living_doc"
    if "queue" in parts:
        return "queue"
    from .brief import looks_like_brief

    if looks_like_brief(text):
        return "brief"
    heads = re.findall(r"(?m)^#{1,4}\s", text)
    links = len(re.findall(r"arxiv\.org/(?:abs|pdf)", text, re.I))
    if len(heads) >= 5 and links >= 10:
        return "living_doc"
    return "note"


def parse_manifest(data: bytes, rel: str) -> Manifest:
    """Validate an increment manifest strictly.

    Raises ``IngestError`` naming the file and, for JSON syntax errors, the
    line; for schema errors each ``loc: msg`` from pydantic.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 BOM (RFC 8259 lets parsers ignore it)
    try:
        man = Manifest.model_validate_json(data)
        dup = _duplicate_key(data)
        if dup is not None:  # JSON keeps the last of two values for one name, silently (RFC 8259 §4)
            raise IngestError(rel, dup[1], f"{dup[0]}: the key is given twice in one object; JSON keeps only the "
                                           "last value, so the first would be lost silently: remove one")
        if b"\\" not in data:
            return man  # no escape, so no control character in any string (RFC 8259 §7)
        plain = man.model_dump(mode="json")
        shown = _visible(plain)  # JSON escapes such as "\u001b" decode to control characters
        return man if shown == plain else Manifest.model_validate_json(json.dumps(shown))
    except ValidationError as e:
        probs = []
        line = None
        for err in e.errors():
            if err["type"] == "json_invalid":
                try:
                    json.loads(data)
                except json.JSONDecodeError as je:
                    line = je.lineno
                    probs.append(f"invalid JSON: {je.msg} (column {je.colno})")
                    continue
                except UnicodeDecodeError as ue:
                    line = data[: ue.start].count(b"\n") + 1
                    probs.append(f"invalid JSON: not UTF-8 (byte 0x{data[ue.start]:02x})")
                    continue
                except RecursionError:
                    probs.append("invalid JSON: nested too deeply")
                    continue
            loc = ".".join(str(x) for x in err["loc"]) or "(document)"
            probs.append(f"{loc}: {err['msg']}")
            if line is None:
                line = json_line(data, tuple(err["loc"]))
        if "work-guard" not in PurePosixPath(rel).parts and not any(p.startswith("invalid JSON") for p in probs):
            try:
                doc = json.loads(data)
            except (ValueError, RecursionError):
                doc = None
            if not (isinstance(doc, dict) and ("items" in doc or "manifest_id" in doc)):
                # JSON given by name outside work-guard/ that is neither: say what provkg reads as JSON
                raise IngestError(rel, 1, "JSON that is neither an increment manifest (an object with manifest_id "
                                          "and items) nor a chat export (messages with a text each); nothing read") from None
        raise IngestError(rel, line, probs or ["invalid manifest"]) from None


def item_path_lines(data: bytes) -> list[int | None]:
    """The line of each manifest item's ``path`` value, in item order, found in one walk of ``items`` (a
    manifest of 10^4 items with a problem each is walked once, not once per item); ``[]`` when ``data``
    is not a JSON object with an ``items`` list."""
    start = json_line(data, ("items",))
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return []
    items = doc.get("items") if isinstance(doc, dict) else None
    if start is None or not isinstance(items, list):
        return []
    text = data.decode("utf-8-sig", errors="replace")
    lines = text.split("\n")
    out: list[int | None] = []
    pos = sum(len(x) + 1 for x in lines[:start - 1])  # the offset of the line "items" starts on
    line_no = start
    for it in items:
        m = _PATH_KEY.search(text, pos) if isinstance(it, dict) and "path" in it else None
        if m is None:
            out.append(None)
            continue
        line_no += text.count("\n", pos, m.start())
        out.append(line_no)
        line_no += text.count("\n", m.start(), m.end())
        pos = m.end()
    return out


_PATH_KEY = compile_lazy(r'"path"\s*:')


def json_line(data: bytes, loc: tuple[str | int, ...]) -> int | None:
    """The 1-based line of the value at ``loc`` (pydantic's error location: object names and list
    indexes) in the JSON text ``data``; where ``loc`` goes beyond what the text holds (a missing key),
    the line of the deepest object or list that holds it.  None when ``data`` is not valid JSON text.

    Walks the text with the standard library's own decoder (``json.decoder.scanstring`` for names,
    ``JSONDecoder.raw_decode`` to step over a value), so positions are the parser's.
    """
    from json.decoder import scanstring

    try:
        s = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    dec = json.JSONDecoder()
    ws = re.compile(r"[ \t\n\r]*")

    def skip(i: int) -> int:
        return ws.match(s, i).end()  # type: ignore[union-attr]

    i = skip(0)
    try:
        for step in loc:
            if s[i] == "{" and isinstance(step, str):
                j = skip(i + 1)
                while s[j] == '"':
                    name, j = scanstring(s, j + 1)
                    j = skip(skip(j) + 1)  # the ':' and the blanks around it
                    if name == step:
                        break
                    j = skip(dec.raw_decode(s, j)[1])
                    if s[j] != ",":
                        return s.count("\n", 0, i) + 1
                    j = skip(j + 1)
                else:
                    return s.count("\n", 0, i) + 1
                i = j
            elif s[i] == "[" and isinstance(step, int):
                j = skip(i + 1)
                for _ in range(step):
                    j = skip(dec.raw_decode(s, j)[1])
                    if s[j] != ",":
                        return s.count("\n", 0, i) + 1
                    j = skip(j + 1)
                i = j
            else:
                break
    except (ValueError, IndexError):
        return None
    return s.count("\n", 0, i) + 1


class _Twice(dict):
    """A JSON object that gave one name twice (``_duplicate_key``)."""


def _duplicate_key(data: bytes) -> tuple[str, int | None] | None:
    """The first name a JSON object of ``data`` holds twice, as a path (``items[2].path``), and the line of
    its second occurrence when it can be told; None when every object's names are unique.
    ``data`` is valid JSON (pydantic read it)."""
    names: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen: dict[str, object] = {}
        twice = None
        for k, v in items:
            if k in seen and twice is None:
                twice = k
            seen[k] = v
        if twice is None:
            return seen
        names.append(twice)
        out = _Twice(seen)
        out.twice = twice  # type: ignore[attr-defined]
        return out

    try:
        doc = json.loads(data, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None
    if not names:
        return None
    stack: list[tuple[object, str]] = [(doc, "")]
    where = names[0]
    while stack:  # depth first, in document order: the first object that gave a name twice
        x, p = stack.pop()
        if isinstance(x, _Twice):
            where = f"{p}.{x.twice}" if p else x.twice  # type: ignore[attr-defined]
            break
        if isinstance(x, dict):
            stack.extend(reversed([(v, f"{p}.{k}" if p else k) for k, v in x.items()]))
        elif isinstance(x, list):
            stack.extend(reversed([(v, f"{p}[{i}]") for i, v in enumerate(x)]))
    name = where.rsplit(".", 1)[-1]
    hits = [m.start() for m in re.finditer(rb'"' + re.escape(json.dumps(name)[1:-1].encode("utf-8")) + rb'"\s*:', data)]
    line = data[: hits[1]].count(b"\n") + 1 if len(hits) == 2 else None
    return where, line


def _visible(obj: object) -> object:
    """``visible_controls`` applied to every string of a JSON-like value."""
    if isinstance(obj, str):
        return visible_controls(obj)
    if isinstance(obj, list):
        return [_visible(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _visible(v) for k, v in obj.items()}
    return obj


def read_source(
    found: Found,
    *,
    kind: str | None = None,
    tz: tzinfo = timezone.utc,
    lexicon: Lexicon | None = None,
) -> tuple[ParsedSource, list[str]]:
    """Read and parse one file into a ``ParsedSource``.

    Parameters
    ----------
    found : Found
        The file and its workspace-relative path.
    kind : str, optional
        Force the kind (``--kind brief``); detected otherwise.
    tz : tzinfo
        Zone for times written without one.

    Returns
    -------
    (ParsedSource, warnings)

    Raises
    ------
    IngestError
        Unreadable, binary, too large, undecodable, or (manifests) invalid.
    """
    lex = lexicon or load_lexicon()
    rel = found.rel
    try:
        st = found.abs_path.stat()
        if not stat.S_ISREG(st.st_mode):
            # a FIFO, device or socket named *.md would block or never end
            raise IngestError(rel, None, "not a regular file (device, FIFO or socket); skipped")
        limit = max_bytes()
        if st.st_size > limit:
            raise IngestError(rel, None, f"file is {st.st_size:,} bytes, over the {limit:,}-byte limit "
                                         "(PROVKG_MAX_FILE_BYTES raises it)")
        with open(found.abs_path, "rb") as fh:
            data = fh.read(limit + 1)  # bounded even if the file grows while we read
        if len(data) > limit:
            raise IngestError(rel, None, f"file grew past the {limit:,}-byte limit while being read")
    except OSError as e:
        raise IngestError(rel, None, f"cannot read: {e.strerror or e}") from None
    digest = sha256_of(data)
    mtime = datetime.fromtimestamp(st.st_mtime, tz=timezone.utc)
    empty = not data.removeprefix(b"\xef\xbb\xbf").strip()  # (a byte-order mark alone is empty too)
    if empty and rel.lower().endswith(".json"):
        raise IngestError(rel, None, "empty file")
    base = dict(path=rel, sha256=digest, size=len(data), mtime=mtime)
    if (kind or "") == "manifest" or (kind is None and rel.lower().endswith(".json")
                                      and detect_kind(rel, data.decode("utf-8", errors="replace")) == "manifest"):
        man = parse_manifest(data, rel)
        problems = check_manifest_paths(man, found)
        created = man.created if (man.created is None or man.created.tzinfo) else man.created.replace(tzinfo=tz)
        return ParsedSource(kind="manifest", title=man.manifest_id, created=created, manifest=man, **base), problems
    text, not_utf8 = decode_noting(data, rel)
    limit = max_file_figures()
    with figure_budget(limit) as budget:
        rec, warns = _parse_text(text, rel, kind, tz, lex, base)
    if not_utf8:
        warns = [not_utf8, *warns]
    if empty:
        # An empty note (Obsidian's "Untitled.md", a placeholder) is read: it is a revision with nothing
        # in it, so a note emptied on purpose no longer speaks through its earlier revision.
        warns = [f"{rel}: empty file; kept with nothing in it"]
    return _within_figure_budget(rec, warns, budget)


def _parse_text(text: str, rel: str, kind: str | None, tz: tzinfo, lex: Lexicon,
                base: dict) -> tuple[ParsedSource, list[str]]:
    """``read_source`` past the bytes: the decoded ``text`` of ``rel`` parsed by its kind."""
    front_kind = split_front_matter(text)[0].get("kind") if text.startswith("---") else None
    kind = kind or detect_kind(rel, text, front_kind if isinstance(front_kind, str) else None)
    if kind not in SOURCE_KINDS:
        raise IngestError(rel, None, f"unknown kind {kind!r}; one of {', '.join(SOURCE_KINDS)}")
    if kind == "living_doc":
        from .living import parse_living_source

        from .markup import as_markdown

        # a living document kept in reStructuredText, AsciiDoc or Typst: its headings as Markdown, line for line
        fields, warns = parse_living_source(as_markdown(text, rel), rel, tz=tz, lexicon=lex)
        if not fields.get("sections"):
            warns = [*warns, f"{rel}: living document has no sections (no Markdown headings); "
                             "its entries are kept without a section"]
        return ParsedSource(kind="living_doc", **fields, **base), warns
    if kind == "brief":
        from .brief import parse_brief, states_a_shift
        from .notes import agent_from, time_from

        brief, claims = parse_brief(text)
        # No increment, citable list, stated count or consumed list: it is no brief, whatever its kind says
        # (a `.json` path alone makes a "manifest line").
        warns = [] if states_a_shift(brief, manifest_line=False) else [
            f"{rel}: read as a brief, but it states nothing a brief states (no stated counts, consumed "
            "materials, increments or citable list)"]
        lines = text.split("\n")
        title = next((ln.strip() for ln in lines if ln.strip()), None)
        arxiv = tuple(arxiv_refs(lines))
        cjk = sum(1 for ch in text[:4000] if "\u4e00" <= ch <= "\u9fff")
        return (
            ParsedSource(
                kind="brief",
                title=title[:200] if title else None,
                agent=agent_from(rel, {}, lines),
                created=time_from(rel, {}, lines, tz),
                lang="zh" if cjk > 20 else "en",
                claims=tuple(claims),
                arxiv=arxiv,
                brief=brief,
                **base,
            ),
            warns,
        )
    parts, warns = parse_note(text, rel, kind, tz=tz, lexicon=lex)
    return ParsedSource(kind=kind, **parts, **base), warns  # type: ignore[arg-type]


def _missing_knowledge(man: Manifest, found: Found) -> list[str]:
    """The line for a manifest whose ``knowledge`` names no file of the workspace (a typo): its brief
    would otherwise be judged against another living document without a word."""
    k = man.knowledge
    if not k or k.startswith("/") or ".." in k.split("/") or os.path.exists(os.path.join(str(found.root), k)):
        return []
    return [f"{found.rel}: knowledge {k!r} does not exist; the shift is judged against no living document "
            "of that name (fix the path)"]


def _not_a_file(base: str, path: str) -> str:
    """What is wrong with a manifest item's path that names no file: a folder, a Windows path, or nothing."""
    if os.path.isdir(os.path.join(base, path)):
        return "is a folder, not a file: list each of its files"
    if "\\" in path and os.path.isfile(os.path.join(base, path.replace("\\", "/"))):
        return f"does not exist (write {path.replace(chr(92), '/')!r}: paths use '/')"
    return "does not exist"


def check_manifest_paths(man: Manifest, found: Found, *, missing_only: bool = False) -> list[str]:
    """One-line problems for manifest items that are missing, duplicated or outside the workspace.

    ``man`` is the parsed manifest of the file ``found`` (item paths are relative to its
    workspace root, docs/FORMAT.md §4).  Returns the lines in item order, each
    ``"<file>: items[<i>].path '<path>' <problem>"``.  ``missing_only`` keeps only the items whose
    file does not exist: the one problem that depends on the rest of the workspace rather than on
    the manifest's bytes (``graph.loader`` checks it again on every ingest).  Never raises.
    """
    root = found.root  # manifest paths are relative to the workspace root
    know = _missing_knowledge(man, found)
    if not man.items:  # (a shift with nothing listed has no increments, so no brief: say so where it is read)
        know = [*know, f"{found.rel}: the manifest lists no items (\"items\": []); it has no brief"]
    path_lines: list[list[int | None]] = []

    def at(i: int) -> str:
        """``file:line`` of item ``i``'s path (the manifest is read again, and walked once, only when a problem
        is found)."""
        if not path_lines:
            try:
                path_lines.append(item_path_lines(read_regular(found.abs_path)))
            except (OSError, KgError):
                path_lines.append([])
        line = path_lines[0][i] if i < len(path_lines[0]) else None
        return f"{found.rel}:{line}" if line else found.rel

    if missing_only:  # every ingest runs this for every manifest: plain os.path (10^4 items at 10,000 notes)
        base = str(root)
        return know + [f"{at(i)}: items[{i}].path {it.path!r} {_not_a_file(base, it.path)}" for i, it in enumerate(man.items)
                       if not (it.path.startswith("/") or ".." in it.path.split("/"))
                       and not os.path.isfile(os.path.join(base, it.path))]
    real_root = root.resolve()
    real_dirs: dict[Path, Path] = {}  # a folder's real path, resolved once (items share a few folders)

    def real(target: Path) -> Path:
        """``target.resolve()``: its folder's real path plus its name, unless it is itself a symlink."""
        if target.is_symlink():
            return target.resolve()
        parent = target.parent
        if parent not in real_dirs:
            real_dirs[parent] = parent.resolve()
        return real_dirs[parent] / target.name

    problems = list(know)
    seen: set[str] = set()
    for i, it in enumerate(man.items):
        p = PurePosixPath(it.path)
        if p.is_absolute() or ".." in p.parts:
            problems.append(f"{at(i)}: items[{i}].path {it.path!r} points outside the workspace; not linked")
            continue
        if it.path in seen:
            problems.append(f"{at(i)}: items[{i}].path {it.path!r} is listed twice")
        seen.add(it.path)
        target = (root / it.path)
        if not target.is_file():
            problems.append(f"{at(i)}: items[{i}].path {it.path!r} {_not_a_file(str(root), it.path)}")
        elif not real(target).is_relative_to(real_root):
            problems.append(f"{at(i)}: items[{i}].path {it.path!r} leads outside the workspace; not linked")
    return problems
