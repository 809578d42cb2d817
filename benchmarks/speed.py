"""Alignment speed: citemark beside Cite-Right and citeglow on the same inputs.

Workloads (CUAD contract text, fixed seed, built by ``_common.workload``): W1 is a
1,500-character answer against 5 sources of 3,000 characters; W2 a 5,000-character
answer against 50 sources of 5,000 characters. Answers mix verbatim source
sentences (~40%), lightly edited ones (~30%) and sentences of other contracts.

Rows, all in this process and on the same inputs unless marked:

- Cite-Right 0.4.0 ``align_citations(answer, [SourceDocument...])``, default config;
  the script checks that its Rust core is the one in use (and says so).
- citeglow 0.1.2 ``find_answer_highlights(answer, source_text)`` for the whole
  answer against each source.
- citemark lexical, ``align(answer, sources)`` (sources prepared inside the call)
  and with a prepared ``SourceIndex``.
- citemark hybrid: cold in a fresh subprocess (first call, model not loaded; and
  first call with the model loaded and warmed but all caches empty); with a
  prepared ``SourceIndex`` and the sources' sentence vectors cached, the answer's
  sentences embedded on every call; and everything cached (the same answer again).

Timings are medians over repeated runs with the spread ``(max - min) / median``
(see ``_common.measure``); subprocess rows use ``--cold-runs`` fresh processes.
The scaling tables vary answer length and the number of sources.

Run from the repository root::

    python benchmarks/speed.py               # full run, ~10 minutes on 2 cores
    python benchmarks/speed.py --quick       # smoke run, W1 only, ~1 minute
    python benchmarks/speed.py --torch-threads 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from _common import (
    Timing,
    Workload,
    environment_header,
    fmt_seconds,
    fmt_timing,
    markdown_table,
    measure,
    w1,
    w2,
    workload,
)

from citemark.config import load_config
from citemark.embed import Embedder, default_embedder
from citemark.index import SourceIndex
from citemark.pipeline import align

PACKAGES = ("citemark", "cite-right", "citeglow", "spacy", "torch", "sentence-transformers")
LEXICAL = load_config("default").with_(mode="lexical")
HYBRID = load_config("default").with_(mode="hybrid")


@dataclass(frozen=True)
class Row:
    """One timed way of aligning one workload."""

    name: str
    timing: Timing
    note: str = ""


# --------------------------------------------------------------------------- peers


def cite_right_backend() -> str:
    """Which aligner Cite-Right's default ``backend="auto"`` picks here, checked, not assumed."""
    from cite_right.citations import HAS_RUST_CORE, _default_aligner
    from cite_right.core.citation_config import CitationConfig

    aligner = type(_default_aligner(CitationConfig(), backend="auto")).__name__
    return f"Rust core loaded: {HAS_RUST_CORE}; default aligner: {aligner}"


def cite_right_call(w: Workload) -> Callable[[], Any]:
    from cite_right import SourceDocument, align_citations

    docs = [SourceDocument(id=sid, text=text) for sid, text in w.sources]
    return lambda: align_citations(w.answer, docs)


def cite_right_same_as_rust(w: Workload) -> bool:
    """Default backend and forced ``backend="rust"`` give the same statuses and citations."""
    from cite_right import SourceDocument, align_citations

    docs = [SourceDocument(id=sid, text=text) for sid, text in w.sources]
    auto = align_citations(w.answer, docs)
    rust = align_citations(w.answer, docs, backend="rust")
    return [r.model_dump() for r in auto] == [r.model_dump() for r in rust]


def citeglow_call(w: Workload) -> Callable[[], Any]:
    from citeglow import find_answer_highlights

    return lambda: [find_answer_highlights(w.answer, text) for _, text in w.sources]


# --------------------------------------------------------------------------- citemark


class AnswerColdEmbedder:
    """Source sentence vectors from a warm cache; answer sentences embedded on every call.

    What a service with a prepared index and pre-embedded sources pays per new
    answer. Calls for texts that are all source sentences go to the caching
    embedder; any other call (the answer's sentences) is encoded afresh.
    """

    def __init__(self, base: Embedder, index: SourceIndex) -> None:
        self.base = base
        self.sources = {index.text_of((i,)) for i in range(len(index.sentences))}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if all(t in self.sources for t in texts):
            return self.base.encode(texts)
        return self.base.encode_uncached(texts)


def warm_model() -> Embedder:
    """The process-wide embedder with its model loaded and one encode done."""
    embedder = default_embedder()
    embedder.encode_uncached(["Warm-up sentence, not part of any workload."])
    return embedder


def citemark_rows(w: Workload, repeat: int, hybrid: bool) -> list[Row]:
    sources = w.as_dicts()
    lexical_index = SourceIndex(sources, LEXICAL)
    rows = [
        Row(
            "citemark lexical, align(answer, sources)",
            _time(lambda: align(w.answer, sources, config=LEXICAL), repeat),
        ),
        Row(
            "citemark lexical, prepared SourceIndex",
            _time(lambda: align(w.answer, None, index=lexical_index, config=LEXICAL), repeat),
        ),
        Row(
            "(one-time) SourceIndex(sources) build",
            _time(lambda: SourceIndex(sources, LEXICAL), repeat),
            "not part of any per-answer row above",
        ),
    ]
    if not hybrid:
        return rows
    embedder = warm_model()
    index = SourceIndex(sources, HYBRID)
    align(w.answer, None, index=index, config=HYBRID, embedder=embedder)  # caches source vectors
    cold_answer = AnswerColdEmbedder(embedder, index)
    rows += [
        Row(
            "citemark hybrid, prepared index, source vectors cached",
            _time(
                lambda: align(w.answer, None, index=index, config=HYBRID, embedder=cold_answer),
                repeat,
            ),
            "answer sentences embedded on every call",
        ),
        Row(
            "citemark hybrid, prepared index, all vectors cached",
            _time(
                lambda: align(w.answer, None, index=index, config=HYBRID, embedder=embedder), repeat
            ),
            "the same answer again",
        ),
    ]
    return rows


def _time(fn: Callable[[], object], repeat: int) -> Timing:
    return measure(fn, repeat)[0]


# --------------------------------------------------------------------------- cold runs


def cold_child(name: str, preload: bool) -> None:
    """Run in a fresh interpreter: time the first hybrid align of workload ``name``."""
    w = {"W1": w1, "W2": w2}[name]()
    sources = w.as_dicts()
    if preload:
        from citemark.segment import segment

        warm_model()
        segment("Warm-up. The segmenter pipeline is built once per process.")
    start = time.perf_counter()
    align(w.answer, sources, config=HYBRID)
    print(json.dumps({"seconds": time.perf_counter() - start}))


def cold_timing(name: str, preload: bool, runs: int, threads: int | None) -> Timing:
    """Median and spread of the first call over ``runs`` fresh processes."""
    env = dict(os.environ)
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    command = [sys.executable, str(Path(__file__).resolve()), "--cold-child", name]
    if preload:
        command.append("--preload")
    samples = []
    for _ in range(runs):
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        samples.append(json.loads(done.stdout.strip().splitlines()[-1])["seconds"])
    median = statistics.median(samples)
    spread = (max(samples) - min(samples)) / median if len(samples) > 1 else float("nan")
    return Timing(median, spread, len(samples), 1)


# --------------------------------------------------------------------------- tables


def workload_table(w: Workload, repeat: int, cold_runs: int, threads: int | None) -> str:
    peers = [
        Row("Cite-Right align_citations (Rust core)", _time(cite_right_call(w), repeat)),
        Row("citeglow find_answer_highlights per source", _time(citeglow_call(w), repeat)),
    ]
    rows = peers + citemark_rows(w, repeat, hybrid=True)
    if cold_runs:
        rows += [
            Row(
                "citemark hybrid cold, incl. model load",
                cold_timing(w.name, False, cold_runs, threads),
                "first call in a fresh process",
            ),
            Row(
                "citemark hybrid cold caches, model loaded",
                cold_timing(w.name, True, cold_runs, threads),
                "fresh process; model + segmenter loaded first",
            ),
        ]
    base = peers[0].timing.median
    table = [(r.name, fmt_timing(r.timing), _speedup(base, r.timing.median), r.note) for r in rows]
    header = ("tool / mode", "median ±spread", "vs Cite-Right", "note")
    title = (
        f"### {w.name}: {len(w.answer):,}-char answer, {len(w.sources)} sources x "
        f"{len(w.sources[0][1]):,} chars"
    )
    return f"{title}\n\n{markdown_table(header, table)}"


def _speedup(reference: float, value: float) -> str:
    """``reference / value``: above 1 means faster than the reference."""
    ratio = reference / value
    return f"{ratio:.1f}x faster" if ratio >= 1 else f"{1 / ratio:.1f}x slower"


def scaling_tables(answers: Sequence[int], sources: Sequence[int], repeat: int) -> str:
    """Time against answer length (20 sources) and against source count (2k answer)."""
    embedder = warm_model()
    by_answer = [_scaling_row(workload(f"A{n}", n, 20, 5_000), embedder, repeat) for n in answers]
    by_sources = [
        _scaling_row(workload(f"S{n}", 2_000, n, 5_000), embedder, repeat) for n in sources
    ]
    header_a = (
        "answer chars",
        "Cite-Right",
        "lexical",
        "lexical, index",
        "hybrid, index",
        "lexical, index: ms / 1k chars",
        "hybrid, index: ms / 1k chars",
    )
    rows_a = [
        (
            f"{n:,}",
            *(fmt_seconds(t) for t in r.times),
            f"{r.lexical_index / n * 1e6:.2f}",
            f"{r.hybrid_index / n * 1e6:.1f}",
        )
        for n, r in zip(answers, by_answer, strict=True)
    ]
    header_s = (
        "sources",
        "source chars",
        "Cite-Right",
        "lexical",
        "lexical, index",
        "hybrid, index",
        "index build",
        "lexical: ms / 100k source chars",
    )
    rows_s = [
        (
            str(n),
            f"{n * 5_000:,}",
            *(fmt_seconds(t) for t in r.times),
            fmt_seconds(r.build),
            f"{r.lexical / (n * 5_000) * 1e8:.1f}",
        )
        for n, r in zip(sources, by_sources, strict=True)
    ]
    note = (
        "Medians. *lexical* = `align(answer, sources)` (sources prepared in the call); "
        "*index* = prepared `SourceIndex`; *hybrid, index* also embeds the answer's "
        "sentences on every call (source vectors cached); *index build* = `SourceIndex(...)`."
    )
    return (
        f"### Scaling with answer length (20 sources x 5,000 chars)\n\n"
        f"{markdown_table(header_a, rows_a)}\n\n"
        f"### Scaling with the number of sources (5,000 chars each, 2,000-char answer)\n\n"
        f"{markdown_table(header_s, rows_s)}\n\n{note}"
    )


@dataclass(frozen=True)
class ScalingRow:
    """Median seconds of each way of aligning one scaling workload."""

    cite_right: float
    lexical: float
    lexical_index: float
    hybrid_index: float
    build: float

    @property
    def times(self) -> tuple[float, float, float, float]:
        return (self.cite_right, self.lexical, self.lexical_index, self.hybrid_index)


def _scaling_row(w: Workload, embedder: Embedder, repeat: int) -> ScalingRow:
    sources = w.as_dicts()
    build, lexical_index = measure(lambda: SourceIndex(sources, LEXICAL), repeat)
    index = SourceIndex(sources, HYBRID)
    align(w.answer, None, index=index, config=HYBRID, embedder=embedder)
    cold_answer = AnswerColdEmbedder(embedder, index)
    return ScalingRow(
        cite_right=_time(cite_right_call(w), repeat).median,
        lexical=_time(lambda: align(w.answer, sources, config=LEXICAL), repeat).median,
        lexical_index=_time(
            lambda: align(w.answer, None, index=lexical_index, config=LEXICAL), repeat
        ).median,
        hybrid_index=_time(
            lambda: align(w.answer, None, index=index, config=HYBRID, embedder=cold_answer),
            repeat,
        ).median,
        build=build.median,
    )


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> None:
    args = _parse(argv)
    if args.cold_child:
        cold_child(args.cold_child, args.preload)
        return
    if args.torch_threads:
        import torch

        torch.set_num_threads(args.torch_threads)
    import torch

    workloads = [w1()] if args.quick else [w1(), w2()]
    print("## Alignment speed\n")
    print(environment_header(PACKAGES))
    print(f"- torch threads: {torch.get_num_threads()}; load average at start: {_load()}")
    print(f"- Cite-Right: {cite_right_backend()}; ", end="")
    print(f"same output as backend='rust' on W1: {cite_right_same_as_rust(workloads[0])}\n")
    cold_runs = 0 if args.quick else args.cold_runs
    for w in workloads:
        print(workload_table(w, args.repeat, cold_runs, args.torch_threads) + "\n")
    if args.quick:
        print(scaling_tables((1_000, 2_000), (5, 10), args.repeat))
    else:
        print(
            scaling_tables((1_000, 2_000, 4_000, 8_000, 16_000), (5, 10, 20, 40, 80), args.repeat)
        )
    print(f"\nLoad average at end: {_load()}")


def _load() -> str:
    return ", ".join(f"{v:.2f}" for v in os.getloadavg())


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="W1 only, small scaling, no cold runs")
    parser.add_argument("--repeat", type=int, default=7, help="samples per timed row")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh processes per cold row")
    parser.add_argument("--torch-threads", type=int, default=0, help="torch intra-op threads")
    parser.add_argument("--cold-child", choices=("W1", "W2"), help=argparse.SUPPRESS)
    parser.add_argument("--preload", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


if __name__ == "__main__":
    main()
