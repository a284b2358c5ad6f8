"""Atomic file writes: the one way provkg writes an output file (exports, briefs, reports, HTML).

A temporary file in the target's folder, ``fsync``, then ``os.replace`` (POSIX ``rename(2)`` is
atomic within one file system): a reader sees the old content or all of the new, a failed or
killed write leaves no partial file and no temporary file behind (PITFALLS P15).  No heavy
imports: the CLI calls this on every ``-o``.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

__all__ = ["file_on_the_way", "fresh_cache_root", "is_stream", "write_atomic"]


def write_atomic(data: "bytes | Callable[[BinaryIO], object]", out: str | os.PathLike[str], *,
                 durable: bool = True) -> Path:
    """Write ``data`` to ``out`` atomically and return ``Path(out)``.

    ``data`` is the bytes, or a function that writes them to the binary file it is given (an
    export streamed graph by graph); what the function raises propagates, and ``out`` keeps its
    old content.

    Creates missing parent folders.  The file gets the mode a plain ``open()`` would give
    (``0o666`` less the umask; ``mkstemp`` alone makes ``0o600``).  A symbolic link is
    followed (its target is replaced, the link stays); a device, FIFO or socket is written
    in place (it cannot be replaced atomically, and replacing it would destroy it).
    ``durable=False`` skips the ``fsync`` (caches of derived data: a lost entry is only
    recomputed, and thousands of ``fsync`` calls would cost seconds).

    Raises
    ------
    OSError
        The folder cannot be made or written (the target keeps its old content; no
        temporary file is left).
    """
    p = Path(out)
    if is_stream(out):
        # A device, FIFO or socket (a named pipe, /dev/null), or a descriptor of this process
        # (/dev/stdout, /dev/fd/3) whatever it is open on: written in place, through the name given,
        # never renamed over.  Resolving /dev/stdout gave /proc/…/fd/pipe:[…] ("No such file or
        # directory"), and a redirected stdout's file was replaced under the shell's descriptor.
        with open(out, "ab" if _descriptor(out) else "wb") as fh:
            _put(data, fh)
        return Path(out)
    if p.is_symlink():  # write the file the link names, keep the link
        p = Path(os.path.realpath(p))
    try:
        mode = p.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(out))
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        with os.fdopen(fd, "wb") as fh:
            _put(data, fh)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return Path(out)


def file_on_the_way(out: str | os.PathLike[str], *, folder: bool = False) -> Path | None:
    """The first existing path on the way to ``out`` that is a file, not a folder (``afile`` of ``afile/s.trig``; with
    ``folder``, ``out`` itself too, for an output folder), else None: why a write there fails with "File exists"."""
    target = Path(out)
    for p in ([target] if folder else []) + list(target.parents):
        if p.exists() and not p.is_dir():
            return p
    return None


def _descriptor(out: str | os.PathLike[str]) -> bool:
    """True when ``out`` names an open descriptor of this process (``/dev/stdout``, ``/dev/stderr``,
    ``/dev/stdin``, ``/dev/fd/N``, ``/proc/self/fd/N``)."""
    s = os.fspath(out)
    return s in ("/dev/stdout", "/dev/stderr", "/dev/stdin") or s.startswith(("/dev/fd/", "/proc/self/fd/",
                                                                                 f"/proc/{os.getpid()}/fd/"))


def is_stream(out: str | os.PathLike[str]) -> bool:
    """True when ``out`` is to be written in place rather than replaced: a descriptor of this process
    (``_descriptor``: ``/dev/stdout`` even when the shell redirected it to a file, whose content the
    write then follows) or, following links, a device, FIFO or socket."""
    if _descriptor(out):
        return True
    try:
        mode = os.stat(out).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _put(data: "bytes | Callable[[BinaryIO], object]", fh: BinaryIO) -> None:
    """Write ``data`` (bytes, or a function that writes to ``fh``) to ``fh``."""
    if callable(data):
        data(fh)
    else:
        fh.write(data)


def fresh_cache_root(root: Path) -> None:
    """Create the cache folder ``root`` (named for one code version); when it is new, remove its siblings.

    Derived-data caches (``graph.validate``'s results per revision) keep one folder per code version
    under a common parent; a folder of another version is never read again, so it goes when the first
    entry of a new version is written.  A folder that cannot be made (read-only store, a file in the
    way) is left alone: later writes fail quietly and every read recomputes.  Never raises ``OSError``.
    """
    if root.exists():
        return
    import shutil

    try:
        if root.parent.is_dir():
            for old in root.parent.iterdir():
                shutil.rmtree(old, ignore_errors=True)
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
