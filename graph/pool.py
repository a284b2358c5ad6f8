"""Process pools of provkg's writers and validators: how a worker starts, how a pool stops.

Ingest (``graph.loader``) parses notes in a forked pool and ``validate`` (``graph.validate``) checks
graphs in a spawned one.  Both share the rules here: only the main process acts on Ctrl-C and SIGTERM,
a worker exits by itself when the process that started it is gone, and a pool whose results are no
longer wanted is stopped without killing a worker while it sends a result.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator


def default_jobs() -> int:
    """One worker per CPU this process may run on (``os.sched_getaffinity`` where there is one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def start_worker(parent: int) -> None:
    """Start a pool worker (a ``ProcessPoolExecutor`` initializer): it ignores Ctrl-C and SIGTERM, and
    exits by itself when process ``parent``, which started it, is gone.

    Ctrl-C in a terminal sends SIGINT to the whole process group.  Only the main process acts on it
    (it stops the pool and rolls back); a worker that took it too printed a ``KeyboardInterrupt``
    traceback, and the pool could hang at exit with its workers half gone.  SIGTERM too: `timeout` and
    `kill -- -PGID` send it to the whole group, and a worker that died of it while sending a result
    left the main process waiting at exit for bytes that never came (a hang).  A process killed with
    SIGKILL (or by the OOM killer) cannot stop its pool; without the watch the workers would wait for
    work forever: a daemon thread checks the parent every half second.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # forked with both blocked (signals_held): now ignored, unblock
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="provkg-parent-watch", daemon=True).start()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM (block them) in this thread inside the block, where a pool forks its
    workers.

    A worker forked with them blocked keeps a Ctrl-C pending until ``start_worker`` ignores it; without
    this, one that took Ctrl-C before its initializer ran printed a ``KeyboardInterrupt`` traceback.
    This process gets a signal that came meanwhile as soon as the block ends (POSIX
    ``pthread_sigmask``; where there is none, nothing is held).
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def stop_pool(ex: object, grace: float = 30.0) -> None:
    """Stop process pool ``ex`` whose results are no longer wanted: drop its queued work, let each
    worker finish what it holds, and kill only what is still running after ``grace`` seconds.

    Workers ignore SIGTERM (``start_worker``), which is how a broken pool (a worker killed by the OOM
    killer) stops the others: such a pool (``_broken``) has its workers killed at once, or its exit
    waited for them for ever.  A pool that is not broken must not have a worker killed while it sends
    a result: the pool's reader then waits for the rest of the message for ever (this process holds
    the pipe's other end), and the exit hung after the error was printed (a full disk on the first
    write, CI under load).  ``concurrent.futures`` private names (``_processes``, ``_broken``) are read
    with ``getattr``: without them every worker is waited for as ``shutdown`` does.
    """
    from multiprocessing.connection import wait

    workers = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)  # type: ignore[attr-defined]
    if not getattr(ex, "_broken", False):
        deadline = time.monotonic() + grace
        running = {p.sentinel: p for p in workers}
        while running and (left := deadline - time.monotonic()) > 0:
            for s in wait(list(running), timeout=left):
                running.pop(s, None)  # type: ignore[call-overload]
        workers = list(running.values())
    for proc in workers:
        with contextlib.suppress(Exception):
            proc.kill()
