"""Prepared calls beside Cite-Right in CPU time, interleaved: ratios that a busy machine keeps.

``speed.py`` reports wall-clock medians, which other jobs on a shared machine move by
2-3x between runs (and between rows of one run). This script times the same calls as
its "prepared SourceIndex" rows and its Cite-Right row, in one process, taking turns
sample after sample, and reports CPU time per call (``time.process_time``): its minimum
over the samples and its median, and Cite-Right's time over citemark's for each.

Rows: Cite-Right 0.4.0 ``align_citations`` (as ``speed.py`` calls it), then for each
preset a ``SourceIndex`` built once and ``align(answer, None, index=...)``. A call is
made once before timing (caches, vectors). BLAS runs with whatever thread count the
environment gives; on a busy machine set ``OPENBLAS_NUM_THREADS=1`` (it changes no
result, only how steady the timings are; see docs/speed.md).

Run from the repository root::

    python benchmarks/prepared_cpu.py
    OPENBLAS_NUM_THREADS=1 python benchmarks/prepared_cpu.py --samples 12 --presets default
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from _common import environment_header, markdown_table, w1, w2
from speed import WARM_UP_ANSWER, WARM_UP_SOURCES, cite_right_call

from citemark.config import load_config
from citemark.index import SourceIndex
from citemark.pipeline import align

# Calls per sample: enough that one sample is several milliseconds of CPU.
CALLS = {"W1": 5, "W2": 2}


def _prepared(answer: str, index: SourceIndex) -> Callable[[], object]:
    return lambda: align(answer, None, index=index, config=index.config)


def _cpu_per_call(fn: Callable[[], object], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - start) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--samples", type=int, default=12, help="samples per row")
    parser.add_argument("--presets", default="default,lexical", help="comma-separated")
    args = parser.parse_args()
    presets = [p for p in args.presets.split(",") if p]
    print("## Prepared calls in CPU time beside Cite-Right\n")
    print(environment_header(("citemark", "cite-right", "numpy")))
    print(f"- samples: {args.samples}; presets: {', '.join(presets)}\n")
    for preset in presets:
        align(WARM_UP_ANSWER, WARM_UP_SOURCES, config=preset)
    for w in (w1(), w2()):
        rows: dict[str, Callable[[], object]] = {"Cite-Right align_citations": cite_right_call(w)}
        for preset in presets:
            index = SourceIndex(w.as_dicts(), config=load_config(preset))
            rows[f"citemark {preset}, prepared SourceIndex"] = _prepared(w.answer, index)
        for fn in rows.values():
            fn()
        samples: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.samples):
            for name, fn in rows.items():
                samples[name].append(_cpu_per_call(fn, CALLS[w.name]))
        base = samples["Cite-Right align_citations"]
        table = [
            (
                name,
                f"{min(got) * 1e3:.2f} ms",
                f"{statistics.median(got) * 1e3:.2f} ms",
                f"{min(base) / min(got):.2f}x",
                f"{statistics.median(base) / statistics.median(got):.2f}x",
            )
            for name, got in samples.items()
        ]
        print(f"### {w.name}: {len(w.answer):,}-char answer, {len(w.sources)} sources\n")
        header = ("row", "CPU min", "CPU median", "Cite-Right / row (min)", "(median)")
        print(markdown_table(header, table) + "\n")


if __name__ == "__main__":
    main()
