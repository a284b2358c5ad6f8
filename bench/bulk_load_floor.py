"""The floor of a cold ingest: Oxigraph's bulk load of a store's quads alone, nothing parsed.

Usage::

    provkg --store S export --format nquads -o store.nq
    python bench/bulk_load_floor.py store.nq

Loads the N-Quads file into a fresh on-disk Oxigraph store in 100,000-quad batches (what
``graph.store.Writer`` does during an ingest), then ``optimize``, three ways, and prints one line each
(quads, wall seconds, CPU seconds of this process, threads included):

* ``as stored``: every quad as the store holds it;
* ``without repeats``: without the statements that repeat the model (``rdf:type prov:Entity``, and a
  claim's ``kg:inSource`` and ``prov:wasAttributedTo``), to price a smaller model;
* ``default graph``: the same quads as triples of the default graph (Oxigraph keeps 3 indexes for
  those and 6 for quads of named graphs), to price the named graphs.

No provkg import: it measures the store alone.  Results are in docs/PERFORMANCE.md (stop 17).
"""
from __future__ import annotations

import argparse
import shutil
import tempfile
import time

import pyoxigraph as ox

BATCH = 100_000
_ENTITY = b"<http://www.w3.org/ns/prov#Entity>"
_TYPE = b"<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"


def load(lines: list[bytes]) -> tuple[float, float]:
    """Bulk-load ``lines`` (N-Quads statements) into a fresh on-disk store; ``(wall s, CPU s)``."""
    tmp = tempfile.mkdtemp(prefix="provkg-floor-")
    try:
        st = ox.Store(tmp)
        t0, c0 = time.perf_counter(), time.process_time()
        for i in range(0, len(lines), BATCH):
            st.bulk_load(b"\n".join(lines[i:i + BATCH]) + b"\n", format=ox.RdfFormat.N_QUADS)
        st.optimize()
        out = time.perf_counter() - t0, time.process_time() - c0
        del st
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    """Parse the arguments, load the file three ways, print a line for each."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("nquads", help="an N-Quads export of a provkg store")
    args = ap.parse_args()
    with open(args.nquads, "rb") as fh:
        lines = [ln for ln in fh.read().split(b"\n") if ln]
    variants = {
        "as stored": lines,
        "without repeats": [
            ln for ln in lines
            if not (_TYPE in ln and _ENTITY in ln)
            and not (b"/claim/" in ln.split(b" ", 1)[0]
                     and (b"ns#inSource>" in ln or b"prov#wasAttributedTo>" in ln))],
        "default graph": [ln.rsplit(b" ", 2)[0] + b" ." if ln.endswith(b"> .") else ln for ln in lines],
    }
    for name, ls in variants.items():
        wall, cpu = load(ls)
        print(f"{name:16} {len(ls):>10,} quads  wall {wall:6.2f} s  cpu {cpu:6.2f} s", flush=True)


if __name__ == "__main__":
    main()
