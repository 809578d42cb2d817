"""Alignment speed: citemark beside Cite-Right and citeglow on the same inputs.

Workloads (CUAD contract text, fixed seed, built by ``_common.workload``): W1 is a
1,500-character answer against 5 sources of 3,000 characters; W2 a 5,000-character
answer against 50 sources of 5,000 characters. Answers mix verbatim source
sentences (~40%), lightly edited ones (~30%) and sentences of other contracts.

Rows, all on the same inputs:

- Cite-Right 0.4.0 ``align_citations(answer, [SourceDocument...])``, default config;
  the script checks that its Rust core is the one in use (and says so).
- citeglow 0.1.2 ``find_answer_highlights(answer, source_text)`` for the whole
  answer against each source.
- per citemark preset (``--presets``, default ``default,lexical,precise``; one
  this installation lacks is reported as skipped):
  *cold caches, model loaded*: the first ``align(answer, sources)`` in a fresh
  process after ``citemark.warm_up`` and a call on unrelated text have loaded the
  model (if any), built the segmenter and compiled the stages' patterns, as a server
  does at start, so no source sentence is prepared or embedded yet (a one-off
  command's whole cost, import included, is ``benchmarks/startup.py``'s);
  *warm process, unseen text*: in this process, after the rows above, one
  ``align(answer, sources)`` on each of ``--unseen`` workloads of the same shape
  whose sources (other CUAD contracts) and answer no earlier call saw: the steady
  state of a server or batch worker, memo tables warm but never holding this text;
  *prepared SourceIndex*: ``SourceIndex(sources)`` built once, then
  ``align(answer, None, index=...)`` in this process (vectors cached after the
  first call); with ``--model-load``, also the first call of a fresh process
  including the model load.
- lexical mode in this process without an index, and the one-time index build.

Timings are medians over repeated runs with the spread ``(max - min) / median``
(see ``_common.measure``); subprocess rows use ``--cold-runs`` fresh processes.
The scaling tables vary answer length and the number of sources.

Run from the repository root::

    python benchmarks/speed.py               # full run, ~10 minutes on 2 cores
    python benchmarks/speed.py --quick       # smoke run, W1 only, ~1 minute
    python benchmarks/speed.py --presets lexical --cold-runs 5 --no-scaling
    python benchmarks/speed.py --torch-threads 1
    python benchmarks/speed.py --presets default,lexical --cold-runs 5 --no-scaling --cpu-time
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _common
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

from citemark.config import Config, load_config, preset_names
from citemark.index import SourceIndex
from citemark.pipeline import align
from citemark.pipeline import warm_up as warm_up_process

PACKAGES = ("citemark", "cite-right", "citeglow", "spacy", "torch", "sentence-transformers")
PRESETS = ("default", "lexical", "precise")
LEXICAL = load_config("lexical")

# Unrelated to every workload: aligning it loads the model and builds the segmenter
# without preparing or embedding anything a workload contains.
WARM_UP_ANSWER = "Warm-up: the operator restarts the pump twice a week."
WARM_UP_SOURCES = [{"id": "warm-up", "text": "The operator restarts the pump twice a week."}]


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


def available_presets(names: Sequence[str]) -> tuple[list[str], list[str]]:
    """The requested presets this installation has, and the ones it lacks."""
    known = set(preset_names())
    return [n for n in names if n in known], [n for n in names if n not in known]


def warm_up(config: Config) -> None:
    """Pay the process's one-time costs, as a server does at start
    (:func:`citemark.warm_up`: the segmenter, the preset's model, the stages' patterns),
    and align text no workload shares."""
    warm_up_process(config)
    align(WARM_UP_ANSWER, WARM_UP_SOURCES, config=config)


def lexical_rows(w: Workload, repeat: int) -> list[Row]:
    """Lexical mode in this process without an index, and the one-time index build."""
    sources = w.as_dicts()
    warm_up(LEXICAL)
    return [
        Row(
            "citemark lexical, align(answer, sources) in this process",
            _time(lambda: align(w.answer, sources, config=LEXICAL), repeat),
            "no index; memo tables warm from the earlier calls on this text",
        ),
        Row(
            "(one-time) lexical SourceIndex(sources) build",
            _time(lambda: SourceIndex(sources, LEXICAL), repeat),
            "not part of any per-answer row",
        ),
    ]


def prepared_row(w: Workload, preset: str, repeat: int) -> Row:
    """A prepared SourceIndex; vectors (if any) cached after the first, untimed call."""
    config = load_config(preset)
    index = SourceIndex(w.as_dicts(), config)
    align(w.answer, None, index=index, config=config)
    return Row(
        f"citemark {preset}, prepared SourceIndex",
        _time(lambda: align(w.answer, None, index=index, config=config), repeat),
        f"mode {config.mode}; index built once",
    )


def add_unseen_options(parser: argparse.ArgumentParser) -> None:
    """The options of the scripts that time first calls on unseen workloads: the preset
    and how many W1- and W2-shaped workloads (``cold_unseen.py``, ``stages.py``)."""
    parser.add_argument("--preset", default="default")
    parser.add_argument("--w1", type=int, default=10, help="unseen W1 workloads")
    parser.add_argument("--w2", type=int, default=5, help="unseen W2 workloads")


def unseen_workloads(w: Workload, count: int) -> list[Workload]:
    """``count`` workloads shaped like ``w`` on other contracts: the slices start one
    eligible contract further along each time, so every pick is a contract ``w``
    and the others do not use."""
    shape = (len(w.sources), len(w.sources[0][1]))
    out = []
    for k in range(1, count + 1):
        slices = _common.contract_slices(*shape, skip=k)
        answer = _common.make_answer(slices, len(w.answer), random.Random(w.seed + k))
        out.append(Workload(f"{w.name}+{k}", answer, tuple(slices), w.seed + k))
    return out


def unseen_row(w: Workload, preset: str, count: int) -> Row:
    """One call per unseen workload in this (warm) process; median and spread."""
    config = load_config(preset)
    warm_up(config)
    samples = []
    for other in unseen_workloads(w, count):
        sources = other.as_dicts()
        gc.collect()
        start = _common.clock()
        align(other.answer, sources, config=config)
        samples.append(_common.clock() - start)
    median = statistics.median(samples)
    return Row(
        f"citemark {preset}, warm process, unseen text",
        Timing(median, (max(samples) - min(samples)) / median, len(samples), 1),
        f"one call on each of {count} workloads no earlier call saw",
    )


def _time(fn: Callable[[], object], repeat: int) -> Timing:
    return measure(fn, repeat)[0]


# --------------------------------------------------------------------------- cold runs


def cold_child(name: str, preset: str, preload: bool) -> None:
    """Run in a fresh interpreter: time the first align of workload ``name``."""
    w = {"W1": w1, "W2": w2}[name]()
    sources = w.as_dicts()
    config = load_config(preset)
    if preload:
        warm_up(config)
    # Start every process from the same collector state: otherwise whether a full
    # collection of the import-time heap (~0.1 s here) falls inside the one timed call
    # depends on how many objects the imports happened to leave, not on the call.
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    align(w.answer, sources, config=config)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"seconds": wall, "cpu_seconds": cpu}))


def cold_timing(name: str, preset: str, preload: bool, runs: int, threads: int | None) -> Timing:
    """Median and spread of the first call over ``runs`` fresh processes (its CPU time
    with ``--cpu-time``)."""
    env = dict(os.environ)
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    command = [sys.executable, str(Path(__file__).resolve()), "--cold-child", name]
    command += ["--preset", preset]
    if preload:
        command.append("--preload")
    samples = []
    for _ in range(runs):
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"cold run failed: {done.stderr.strip()[-800:]}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        samples.append(result["cpu_seconds" if _common.clock is time.process_time else "seconds"])
    median = statistics.median(samples)
    spread = (max(samples) - min(samples)) / median if len(samples) > 1 else float("nan")
    return Timing(median, spread, len(samples), 1)


def preset_rows(w: Workload, preset: str, options: argparse.Namespace) -> list[Row]:
    rows = []
    if options.cold_runs:
        rows.append(
            Row(
                f"citemark {preset}, cold caches, model loaded",
                cold_timing(w.name, preset, True, options.cold_runs, options.torch_threads),
                "first align(answer, sources) of a fresh process after a warm-up",
            )
        )
    if options.unseen:
        rows.append(unseen_row(w, preset, options.unseen))
    rows.append(prepared_row(w, preset, options.repeat))
    if options.cold_runs and options.model_load:
        rows.append(
            Row(
                f"citemark {preset}, cold incl. model load",
                cold_timing(w.name, preset, False, options.cold_runs, options.torch_threads),
                "first call in a fresh process",
            )
        )
    return rows


# --------------------------------------------------------------------------- tables


def workload_table(w: Workload, presets: Sequence[str], options: argparse.Namespace) -> str:
    peers = [
        Row("Cite-Right align_citations (Rust core)", _time(cite_right_call(w), options.repeat)),
        Row("citeglow find_answer_highlights per source", _time(citeglow_call(w), options.repeat)),
    ]
    rows = list(peers)
    for preset in presets:
        rows += preset_rows(w, preset, options)
    rows += lexical_rows(w, options.repeat)
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


def scaling_tables(answers: Sequence[int], sources: Sequence[int], preset: str, repeat: int) -> str:
    """Time against answer length (20 sources) and against source count (2k answer)."""
    config = load_config(preset)
    warm_up(config)
    by_answer = [_scaling_row(workload(f"A{n}", n, 20, 5_000), config, repeat) for n in answers]
    by_sources = [_scaling_row(workload(f"S{n}", 2_000, n, 5_000), config, repeat) for n in sources]
    header_a = (
        "answer chars",
        "Cite-Right",
        "lexical",
        "lexical, index",
        f"{preset}, index",
        "lexical, index: ms / 1k chars",
        f"{preset}, index: ms / 1k chars",
    )
    rows_a = [
        (
            f"{n:,}",
            *(fmt_seconds(t) for t in r.times),
            f"{r.lexical_index / n * 1e6:.2f}",
            f"{r.preset_index / n * 1e6:.2f}",
        )
        for n, r in zip(answers, by_answer, strict=True)
    ]
    header_s = (
        "sources",
        "source chars",
        "Cite-Right",
        "lexical",
        "lexical, index",
        f"{preset}, index",
        "lexical index build",
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
        f"*index* = prepared `SourceIndex` (for {preset}, vectors cached after a first call); "
        "*index build* = `SourceIndex(...)`."
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
    preset_index: float
    build: float

    @property
    def times(self) -> tuple[float, float, float, float]:
        return (self.cite_right, self.lexical, self.lexical_index, self.preset_index)


def _scaling_row(w: Workload, config: Config, repeat: int) -> ScalingRow:
    sources = w.as_dicts()
    build, lexical_index = measure(lambda: SourceIndex(sources, LEXICAL), repeat)
    index = SourceIndex(sources, config)
    align(w.answer, None, index=index, config=config)
    return ScalingRow(
        cite_right=_time(cite_right_call(w), repeat).median,
        lexical=_time(lambda: align(w.answer, sources, config=LEXICAL), repeat).median,
        lexical_index=_time(
            lambda: align(w.answer, None, index=lexical_index, config=LEXICAL), repeat
        ).median,
        preset_index=_time(
            lambda: align(w.answer, None, index=index, config=config), repeat
        ).median,
        build=build.median,
    )


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> None:
    args = _parse(argv)
    if args.cold_child:
        cold_child(args.cold_child, args.preset, args.preload)
        return
    if args.cpu_time:
        _common.clock = time.process_time
    if args.torch_threads:
        _set_torch_threads(args.torch_threads)
    presets, missing = available_presets([p for p in args.presets.split(",") if p])
    workloads = [w1()] if args.quick else [w1(), w2()]
    if args.quick:
        args.cold_runs = 0
        args.unseen = 0
    print("## Alignment speed\n")
    print(environment_header(PACKAGES))
    print(f"- presets: {', '.join(presets) or 'none'}", end="")
    print(f" (not in this installation, skipped: {', '.join(missing)})" if missing else "")
    print(f"- torch threads: {args.torch_threads or 'default'}; load average at start: {_load()}")
    print(f"- clock: {'CPU time (process_time)' if args.cpu_time else 'wall time (perf_counter)'}")
    print(f"- Cite-Right: {cite_right_backend()}; ", end="")
    print(f"same output as backend='rust' on W1: {cite_right_same_as_rust(workloads[0])}\n")
    for w in workloads:
        print(workload_table(w, presets, args) + "\n")
    if not args.no_scaling:
        preset = presets[0] if presets else "lexical"
        sizes = ((1_000, 2_000), (5, 10)) if args.quick else ((1_000, 4_000, 16_000), (5, 20, 80))
        print(scaling_tables(*sizes, preset, args.repeat))
    print(f"\nLoad average at end: {_load()}")


def _set_torch_threads(threads: int) -> None:
    """Pin torch's intra-op threads where torch is installed (a busy second core makes
    torch's default of 2 threads collapse); the cold child processes get OMP_NUM_THREADS."""
    try:
        import torch
    except ImportError:
        return
    torch.set_num_threads(threads)


def _load() -> str:
    return ", ".join(f"{v:.2f}" for v in os.getloadavg())


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="W1 only, small scaling, no cold runs")
    parser.add_argument("--repeat", type=int, default=7, help="samples per timed row")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh processes per cold row")
    parser.add_argument(
        "--unseen", type=int, default=5, help="unseen workloads per warm-process row (0: none)"
    )
    parser.add_argument(
        "--presets", default=",".join(PRESETS), help="comma-separated presets to time"
    )
    parser.add_argument(
        "--model-load", action="store_true", help="also time cold calls that load the model"
    )
    parser.add_argument("--no-scaling", action="store_true", help="skip the scaling tables")
    parser.add_argument("--torch-threads", type=int, default=0, help="torch intra-op threads")
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with the process's CPU time instead of wall time (steadier on a shared machine)",
    )
    parser.add_argument("--cold-child", choices=("W1", "W2"), help=argparse.SUPPRESS)
    parser.add_argument("--preset", default="default", help=argparse.SUPPRESS)
    parser.add_argument("--preload", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


if __name__ == "__main__":
    main()
