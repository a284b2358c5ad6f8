"""CPython's cyclic garbage collector around the blocks that build large answers.

A whole-store part or a named query's answer is 10^5-10^6 objects (144,056 claim
rows at 10,000 notes) that hold no reference cycles.  Two costs come with them
(Python docs, ``gc`` module; "Garbage collector design", CPython devguide):

* while they are built, each time the youngest generation fills, the collector
  walks what is in it: with the default thresholds, again and again;
* once the collector is back on, the first collection walks all of them, the
  oldest generation's collections walk them again, and a process holding other
  large data (the benchmark) pays for it at a random later call: ``query claims``
  read from its kept answer took 0.48-1.0 s, 0.14 s of it in that walk.

``gc_paused`` pauses the collector inside a block.  A command line process, which
ends after one command, also asks (``freeze_after_pause``) that what such a block
built be moved to the permanent generation (``gc.freeze``): it is still freed by
reference counting when dropped; only a reference cycle among it would never be
collected, and the rows and parts built there have none.  Library callers keep
the default (no freeze) unless they opt in, or run the command line in their
process (``click.testing.CliRunner``), which sets it as a process does.
"""
from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["freeze_after_pause", "gc_paused"]

_freeze = False


def freeze_after_pause(on: bool = True) -> None:
    """Whether ``gc_paused`` ends with ``gc.freeze()`` (set by ``provkg.cli`` for its process; default off).

    Raises nothing.
    """
    global _freeze
    _freeze = bool(on)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause CPython's cyclic garbage collector inside the block (restored after, also on error).

    Decoding or encoding a whole-store part builds 10^5-10^6 objects holding no
    reference cycles; with the default thresholds the collector walks the
    growing heap again and again (claims part at 10,000 notes: read 0.71 s ->
    0.23 s, encode 0.64 s -> 0.27 s).  Nothing is leaked: objects are still freed
    by reference counting, and cycles made meanwhile are collected later.  With
    ``freeze_after_pause(True)``, a block that ends without error moves every
    tracked object to the permanent generation first (``gc.freeze``), so no later
    collection walks them (``query claims`` read back: 0.48 s -> 0.35 s).
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
        if _freeze:
            gc.freeze()
    finally:
        if was:
            gc.enable()
