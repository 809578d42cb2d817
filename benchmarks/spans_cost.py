"""What the unsupported-spans step adds to ``align`` (lexical mode, prepared index).

Same workloads as ``speed.py`` (W1: 1,500-character answer, 5 sources of 3,000
characters; W2: 5,000 characters, 50 sources of 5,000). The "without" row swaps
``pipeline.unsupported_spans`` for a function returning no spans, so the
difference is the span step alone (word checks, retrieval of the neighbours,
the word model). Medians over repeated runs; ratios, not absolute times, are
what to compare across machines.

    PYTHONPATH=src python benchmarks/spans_cost.py
"""

from __future__ import annotations

import random
from collections.abc import Callable

from _common import contract_slices, fmt_ratio, fmt_timing, make_answer, markdown_table, measure

from citemark import pipeline
from citemark.index import SourceIndex
from citemark.pipeline import align
from citemark.report import Report

WORKLOADS = {"W1": (1500, 5, 3000), "W2": (5000, 50, 5000)}


def _runner(answer: str, index: SourceIndex) -> Callable[[], Report]:
    return lambda: align(answer, None, index=index)


def main() -> None:
    rows = []
    real = pipeline.unsupported_spans
    for name, (chars, count, size) in WORKLOADS.items():
        sources = contract_slices(count, size)
        answer = make_answer(sources, chars, random.Random(7))
        docs = [{"id": i, "text": t} for i, t in sources]
        index = SourceIndex(docs, "lexical")
        run = _runner(answer, index)
        with_spans, report = measure(run, 5)
        flagged = sum(s.status != "supported" for s in report.sentences)
        pipeline.unsupported_spans = lambda *a, **k: ()  # type: ignore[assignment]
        try:
            without, _ = measure(run, 5)
        finally:
            pipeline.unsupported_spans = real
        rows.append(
            [
                name,
                f"{flagged}/{len(report.sentences)}",
                fmt_timing(without),
                fmt_timing(with_spans),
                fmt_ratio(with_spans.median, without.median),
            ]
        )
    header = ["workload", "flagged sentences", "without spans", "with spans", "ratio"]
    print(markdown_table(header, rows))


if __name__ == "__main__":
    main()
