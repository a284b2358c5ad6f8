"""The one cache of provkg: values derived from one state of a store, kept for this process.

Everything a command reads fast is *derived data*, not cache: the index (``graph.index``) is
maintained by every write.  What remains is what a process may compute more than once from the
same state of a store: a private index read from the RDF store (remote and in-memory stores, or
an embedded store whose index is missing), and answers computed because an index's answers were
not brought up to date by its last write.  ``memo`` keeps them, keyed one way:
``(store key, state token, name)``, where the state token names one immutable state (an
embedded store's database folder and inode, an in-memory store's write count, a server's latest
ingest activity), so a value can never outlive the state it was computed from.

The memo holds at most ``MAX_ENTRIES`` values (least recently used dropped first) and is never
written to disk.  ``clear()`` empties it (tests, long-running callers).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["memo", "clear", "MAX_ENTRIES"]

T = TypeVar("T")

#: Values kept at most (each may be a whole private index of a store).
MAX_ENTRIES = 8

_lock = threading.Lock()
_entries: OrderedDict[tuple[Hashable, Hashable, str], object] = OrderedDict()


def memo(store_key: Hashable, state: Hashable, name: str, compute: Callable[[], T]) -> T:
    """``compute()``, computed once per ``(store_key, state, name)`` in this process.

    Parameters
    ----------
    store_key : hashable
        Which store (a folder path, a server URL, an in-memory store's identity).
    state : hashable
        Which state of it (see the module docstring); a new state never finds an old value.
    name : str
        What is computed (``"index"``, ``"answers:finding"``, …).
    compute : callable
        Called without arguments when the value is not kept; what it raises propagates (and
        nothing is kept).

    Returns
    -------
    The value (shared between callers: treat it as read-only).
    """
    key = (store_key, state, name)
    with _lock:
        if key in _entries:
            _entries.move_to_end(key)
            return _entries[key]  # type: ignore[return-value]
    value = compute()
    with _lock:
        _entries[key] = value
        _entries.move_to_end(key)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)
    return value


def clear() -> None:
    """Forget every value."""
    with _lock:
        _entries.clear()
