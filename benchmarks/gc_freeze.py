"""What a full garbage collection costs a warm service, with and without ``gc.freeze``.

A service process holds spaCy's tables and the embedding model for its whole life.
Python's full collections walk every tracked object, so each one walks those too;
``citemark serve`` freezes them after warm-up (``Settings.freeze_after_warm_up``).
Each row is a fresh process: warm-up as the service does it (the segmenter, the
model, one W1 call), ``gc.collect()``, optionally ``gc.freeze()``, then full
collections timed in CPU time.

Run from the repository root::

    python benchmarks/gc_freeze.py            # 3 processes each, 5 collections per process
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from _common import REPO, environment_header, markdown_table

CHILD = """
import gc, json, sys, time
sys.path.insert(0, sys.argv[2])
import _common
from citemark.server.engine import Engine, Settings
engine = Engine(Settings())
engine.warm_up()
w = _common.w1()
engine.align(w.answer, w.as_dicts(), engine.default_config)
gc.collect()
if sys.argv[1] == "freeze":
    gc.freeze()
times = []
for _ in range(int(sys.argv[3])):
    start = time.process_time()
    gc.collect()
    times.append(time.process_time() - start)
print(json.dumps({"tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count(),
                  "ms": [t * 1000 for t in times]}))
"""


def sample(mode: str, collections: int) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(REPO / "benchmarks"), str(collections)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per row")
    parser.add_argument("--collections", type=int, default=5, help="timed per process")
    options = parser.parse_args()
    rows = []
    for mode in ("no freeze", "freeze"):
        got = [sample(mode.replace(" ", "_"), options.collections) for _ in range(options.runs)]
        ms = [t for g in got for t in g["ms"]]  # type: ignore[union-attr]
        rows.append(
            (
                mode,
                f"{statistics.median(ms):.1f} ms",
                f"{max(ms):.1f} ms",
                got[0]["tracked"],
                got[0]["frozen"],
            )
        )
    print(environment_header())
    print()
    header = ("warm service", "full collection (median CPU)", "max", "tracked", "frozen")
    print(markdown_table(header, rows))


if __name__ == "__main__":
    main()
