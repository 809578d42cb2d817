"""What checking an answer's own citations costs, on the workloads of ``speed.py``.

Rows, per workload (W1: a 1,500-character answer against 5 sources; W2: 5,000
characters against 50):

- *reading, unmarked answer*: the share of an ``align`` call on an answer without
  markers spent looking for markers and giving each sentence its citation status
  (``read_markers``, ``claim_text_mask``, ``check_citations``), timed inside the call;
- *marked / unmarked*: the time of the same answer with a marker after every sentence
  that citemark can cite (naming the source of its first citation) over the time
  without, for a call that builds its index (cold sources) and one on a prepared
  ``SourceIndex`` (whose subset indexes are kept from the first call).

Times are medians of ``--repeat`` samples; the machine is shared, so read the ratios.

Run from the repository root::

    python benchmarks/citation_cost.py
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

import _common

import citemark
from citemark import pipeline

WRAPPED = ("read_markers", "claim_text_mask", "check_citations", "from_spans")


def marked(answer: str, sources: Sequence[dict[str, str]]) -> str:
    """``answer`` with ``[n]`` after each sentence naming its best cited source."""
    report = citemark.align(answer, sources)
    places = {s["id"]: n + 1 for n, s in enumerate(sources)}
    out, at = [], 0
    for sentence in report.sentences:
        out.append(answer[at : sentence.end])
        if sentence.citations:
            out.append(f" [{places[sentence.citations[0].source_id]}]")
        at = sentence.end
    out.append(answer[at:])
    return "".join(out)


def median_ms(call: Callable[[], object], repeat: int, inner: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            call()
        samples.append((time.perf_counter() - start) / inner * 1000)
    return statistics.median(samples)


def reading_share(answer: str, index: citemark.SourceIndex, inner: int) -> float:
    """The share of a prepared call spent in the citation stage's reading and status."""
    spent = [0.0]
    saved = {name: getattr(pipeline, name) for name in WRAPPED}

    def timed(function: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - start

        return call

    for name, function in saved.items():
        setattr(pipeline, name, timed(function))
    try:
        citemark.align(answer, None, index=index)
        spent[0] = 0.0
        start = time.perf_counter()
        for _ in range(inner):
            citemark.align(answer, None, index=index)
        total = time.perf_counter() - start
    finally:
        for name, function in saved.items():
            setattr(pipeline, name, function)
    return spent[0] / total


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="default")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    citemark.warm_up(args.preset)
    workloads = (_common.w1(), _common.workload("W2", 5_000, 50, 5_000))
    print(f"preset {args.preset}; medians of {args.repeat} samples")
    print()
    print("| workload | reading, unmarked answer | marked / unmarked, cold | prepared |")
    print("|---|---:|---:|---:|")
    for work in workloads:
        sources = [{"id": i, "text": t} for i, t in work.sources]
        inner = 20 if work.name == "W1" else 5
        plain = work.answer
        cited = marked(plain, sources)
        index = citemark.SourceIndex(sources, args.preset)
        share = reading_share(plain, index, inner)
        cold = [
            median_ms(
                lambda a=a, s=sources: citemark.align(a, s, config=args.preset), args.repeat, 1
            )
            for a in (plain, cited)
        ]
        citemark.align(cited, None, index=index)
        prepared = [
            median_ms(lambda a=a, i=index: citemark.align(a, None, index=i), args.repeat, inner)
            for a in (plain, cited)
        ]
        print(
            f"| {work.name} | {share:.1%} | {cold[1] / cold[0]:.2f}x | "
            f"{prepared[1] / prepared[0]:.2f}x |"
        )


if __name__ == "__main__":
    main()
