"""Where a cold ``align`` call spends its CPU, stage by stage.

Runs the first ``align(answer, sources)`` on unseen W1- and W2-shaped workloads (other
CUAD contracts, see ``speed.unseen_workloads``) with the pipeline's stages wrapped in
CPU timers, and prints each stage's share. Nested stages are listed under their parent
and are included in it; the wrappers cost a few per cent, so the total reads a little
above ``benchmarks/cold_unseen.py``'s.

    OPENBLAS_NUM_THREADS=1 python benchmarks/stages.py
"""

from __future__ import annotations

import argparse
import functools
import gc
import time
from collections.abc import Callable
from typing import Any

import _common
import speed

import citemark.index as index_module
import citemark.pipeline as pipeline
import citemark.support as support
import citemark.verbatim as verbatim
from citemark.config import load_config

# (owner, attribute, label): the stage a wrapped callable stands for. An owner is a
# module or class whose attribute the pipeline looks up at call time.
STAGES: tuple[tuple[Any, str, str], ...] = (
    (pipeline, "SourceIndex", "source index (all)"),
    (index_module.SourceIndex, "_add_sentences", "  segmenting sources, content units"),
    (verbatim.DocumentMatcher, "__init__", "  tokens of the verbatim matcher"),
    (verbatim.DocumentMatcher, "expect", "shingles of the answer indexed"),
    (verbatim.DocumentMatcher, "find", "verbatim runs"),
    (pipeline, "find_support", "support (all)"),
    (support, "_dense", "  dense retrieval"),
    (index_module.SourceIndex, "sentence_vectors", "    static vectors of source sentences"),
    (support, "_windows", "  candidate windows"),
    (support, "_support", "  scoring each sentence"),
    (support, "check_facts", "    key-fact check of cited passages"),
    (pipeline, "unsupported_spans", "unsupported words"),
)


def _timed(fn: Callable[..., Any], label: str, spent: dict[str, float]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - start

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    speed.add_unseen_options(parser)
    args = parser.parse_args()
    config = load_config(args.preset)
    speed.warm_up(config)
    spent: dict[str, float] = {}
    for owner, name, label in STAGES:
        setattr(owner, name, _timed(getattr(owner, name), label, spent))
    print(_common.environment_header())
    for title, seed, count in (("W1", _common.w1(), args.w1), ("W2", _common.w2(), args.w2)):
        spent.clear()
        total = 0.0
        workloads = speed.unseen_workloads(seed, count)
        for w in workloads:
            gc.collect()
            start = time.process_time()
            pipeline.align(w.answer, w.as_dicts(), config=config)
            total += time.process_time() - start
        rows = [
            (
                label,
                _common.fmt_seconds(spent.get(label, 0.0) / len(workloads)),
                f"{100 * spent.get(label, 0.0) / total:.0f}%",
            )
            for _, _, label in STAGES
        ]
        rows.append(("whole call", _common.fmt_seconds(total / len(workloads)), "100%"))
        heading = f"{title}, preset {args.preset}: first call on {len(workloads)} unseen workloads"
        print(f"\n### {heading}\n")
        print(_common.markdown_table(("stage", "CPU per call", "share"), rows))


if __name__ == "__main__":
    main()
