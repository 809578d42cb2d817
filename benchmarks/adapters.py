"""What the evaluation libraries' adapters add to the scoring call they wrap.

Every adapter in ``citemark.integrations`` scores an answer by
``citemark.align(answer, sources).faithfulness()``; its own work is reading the
library's records in and writing the library's result out. This measures that work
as a ratio, per adapter and workload, of the adapter's scoring call over ``align`` alone
on the same sources in the same shape (plain texts, LlamaIndex nodes or LangChain
``Document``\\ s, as the adapter passes them on). The goal is a ratio within 1.10.

Workloads: the bundled lease example (``citemark/examples/lease.json``: a
7-sentence answer against 3 short sources) and W1 of ``speed.py`` (``_common.w1()``: a
1,500-character answer against 5 CUAD sources of 3,000 characters; skipped with a note
where the CUAD data is absent).

Rows (an adapter whose module or library is not importable is reported as skipped):

- ragas ``CitemarkFaithfulness().single_turn_score(SingleTurnSample)``;
- DeepEval ``CitemarkFaithfulnessMetric().measure(LLMTestCase)``;
- LlamaIndex ``CitemarkEvaluator().evaluate(response=, contexts=)`` and
  ``.evaluate_response(Response)`` with ``NodeWithScore`` source nodes;
- LangChain/LangSmith ``CitemarkFaithfulnessEvaluator()(outputs=)`` with
  ``Document`` contexts, and the same through LangSmith's ``run_evaluator`` wrapper
  (``evaluate_run(Run)``), tracing off.

Each row times ``align`` and the adapter in turns, back to back, for ``--repeat``
samples of at least ``--min-sample`` seconds each, so that a change in the shared
machine's load falls on both alike; the times are the medians per call and the ratio
is the median of the samples' ratios. ``align`` is given the default preset read
once, as each adapter reads its config once when it is made. On a shared machine two
timings of one call differ by several percent, more than a wrapper costs, so the
"own work" column times the adapter's call with ``align`` replaced in its module by
one that returns the report it computed first: what is left is the adapter's own
reading and writing (and the ``faithfulness()`` summary, which the ``align`` row pays
too), in microseconds, free of ``align``'s noise. The "same score"
column checks that the adapter reports ``align``'s score. Everything runs offline:
LangSmith tracing, ragas's and DeepEval's telemetry are switched off before the
libraries are imported.

Run from the repository root::

    python benchmarks/adapters.py
    python benchmarks/adapters.py --repeat 31 --cpu-time
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import statistics
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import _common

import citemark


@dataclass(frozen=True)
class Case:
    """One input: an answer and its sources as ``(id, text)`` pairs."""

    name: str
    answer: str
    sources: tuple[tuple[str, str], ...]

    @property
    def texts(self) -> list[str]:
        return [text for _, text in self.sources]


@dataclass(frozen=True)
class Row:
    """An adapter's scoring call and the ``align`` call it wraps, on one case."""

    adapter: str
    call: str
    align: Callable[[], float]
    scored: Callable[[], object]
    # the integration module whose ``align`` the "own work" timing replaces
    module: str


# Switches each library reads once, when it is imported (which only the rows do).
OFFLINE = {
    "LANGSMITH_TRACING": "false",
    "LANGCHAIN_TRACING_V2": "false",
    "RAGAS_DO_NOT_TRACK": "true",
    "DEEPEVAL_TELEMETRY_OPT_OUT": "1",
}


def lease() -> Case:
    data = json.loads(resources.files("citemark").joinpath("examples/lease.json").read_text())
    sources = tuple((s["id"], s["text"]) for s in data["sources"])
    return Case("lease example", data["answer"], sources)


def w1() -> Case:
    work = _common.w1()
    return Case("W1", work.answer, work.sources)


# The default preset, read once, as every adapter reads its config when it is made:
# ``align`` given no config reads the preset's file on every call (~0.5 ms), which would
# count as the adapters' gain what is only a cost the baseline chose to pay.
CONFIG = citemark.load_config()


def aligned(answer: str, sources: object) -> Callable[[], float]:
    return lambda: citemark.align(answer, sources, config=CONFIG).faithfulness().score


def ragas_rows(case: Case) -> list[Row]:
    from ragas import SingleTurnSample

    from citemark.integrations.ragas import CitemarkFaithfulness

    metric = CitemarkFaithfulness()
    sample = SingleTurnSample(user_input="q", response=case.answer, retrieved_contexts=case.texts)
    return [
        Row(
            "ragas",
            "`CitemarkFaithfulness().single_turn_score(sample)`",
            aligned(case.answer, case.texts),
            lambda: metric.single_turn_score(sample),
            "citemark.integrations.ragas",
        )
    ]


def deepeval_rows(case: Case) -> list[Row]:
    from deepeval.test_case import LLMTestCase

    from citemark.integrations.deepeval import CitemarkFaithfulnessMetric

    metric = CitemarkFaithfulnessMetric()
    test_case = LLMTestCase(input="q", actual_output=case.answer, retrieval_context=case.texts)
    return [
        Row(
            "DeepEval",
            "`CitemarkFaithfulnessMetric().measure(test_case)`",
            aligned(case.answer, case.texts),
            lambda: metric.measure(test_case),
            "citemark.integrations.deepeval",
        )
    ]


def llamaindex_rows(case: Case) -> list[Row]:
    from llama_index.core.base.response.schema import Response
    from llama_index.core.schema import NodeWithScore, TextNode

    from citemark.integrations.llamaindex import CitemarkEvaluator

    evaluator = CitemarkEvaluator()
    nodes = [NodeWithScore(node=TextNode(text=t, id_=i), score=0.5) for i, t in case.sources]
    response = Response(response=case.answer, source_nodes=nodes)

    def evaluate() -> float:
        return _number(evaluator.evaluate(response=case.answer, contexts=case.texts).score)

    def evaluate_response() -> float:
        return _number(evaluator.evaluate_response(response=response).score)

    return [
        Row(
            "LlamaIndex",
            "`CitemarkEvaluator().evaluate(response=, contexts=)`",
            aligned(case.answer, case.texts),
            evaluate,
            "citemark.integrations.llamaindex",
        ),
        Row(
            "LlamaIndex",
            "`CitemarkEvaluator().evaluate_response(Response)`",
            aligned(case.answer, [n.node for n in nodes]),
            evaluate_response,
            "citemark.integrations.llamaindex",
        ),
    ]


def langchain_rows(case: Case) -> list[Row]:
    from langchain_core.documents import Document
    from langsmith.evaluation import run_evaluator
    from langsmith.run_helpers import tracing_context
    from langsmith.schemas import Run

    from citemark.integrations.langchain import CitemarkFaithfulnessEvaluator

    evaluator = CitemarkFaithfulnessEvaluator()
    docs = [Document(page_content=t, metadata={"source": i}) for i, t in case.sources]
    outputs = {"answer": case.answer, "documents": docs}
    run = Run(
        id=uuid.uuid4(),
        name="rag",
        run_type="chain",
        start_time=datetime.now(UTC),
        inputs={"question": "q"},
        outputs=outputs,
        trace_id=uuid.uuid4(),
    )
    wrapped = run_evaluator(evaluator)

    def through_langsmith() -> float:
        with tracing_context(enabled=False):
            return _number(wrapped.evaluate_run(run, None).score)  # type: ignore[union-attr]

    return [
        Row(
            "LangChain",
            "`CitemarkFaithfulnessEvaluator()(outputs=)`",
            aligned(case.answer, docs),
            lambda: evaluator(outputs=outputs)["score"],
            "citemark.integrations.langchain",
        ),
        Row(
            "LangSmith",
            "`run_evaluator(evaluator).evaluate_run(run)`",
            aligned(case.answer, docs),
            through_langsmith,
            "citemark.integrations.langchain",
        ),
    ]


ADAPTERS: dict[str, Callable[[Case], list[Row]]] = {
    "ragas": ragas_rows,
    "DeepEval": deepeval_rows,
    "LlamaIndex": llamaindex_rows,
    "LangChain": langchain_rows,
}


def _number(value: float | None) -> float:
    return math.nan if value is None else float(value)


def _batch(fn: Callable[[], object], number: int) -> float:
    start = _common.clock()
    for _ in range(number):
        fn()
    return (_common.clock() - start) / number


def in_turns(
    first: Callable[[], object], second: Callable[[], object], repeat: int, min_sample: float
) -> tuple[float, float, float]:
    """Median seconds per call of ``first`` and of ``second``, sampled in turns, and the
    median of the samples' ratios ``second / first``. Each turn swaps which goes first,
    so that neither always runs on the caches or the clock speed the other left."""
    one = max(_common.time_once(first)[0], _common.time_once(second)[0], 1e-9)
    number = max(1, math.ceil(min_sample / one))
    firsts, seconds, ratios = [], [], []
    for turn in range(repeat):
        if turn % 2:
            b = _batch(second, number)
            a = _batch(first, number)
        else:
            a = _batch(first, number)
            b = _batch(second, number)
        firsts.append(a)
        seconds.append(b)
        ratios.append(b / a)
    return statistics.median(firsts), statistics.median(seconds), statistics.median(ratios)


def own_work(row: Row, repeat: int, min_sample: float) -> float:
    """Seconds per call of ``row``'s adapter with ``align`` in its module returning the
    report of its first call: the adapter's work less ``align``'s."""
    module = importlib.import_module(row.module)
    real = module.align
    kept: list[citemark.Report] = []

    def replayed(*args: Any, **kwargs: Any) -> citemark.Report:
        if not kept:
            kept.append(real(*args, **kwargs))
        return kept[0]

    module.align = replayed
    try:
        timing, _ = _common.measure(row.scored, repeat, min_sample=min_sample)
    finally:
        module.align = real
    return timing.median


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="samples per row (default 15)")
    parser.add_argument(
        "--min-sample", type=float, default=0.05, help="seconds per sample (default 0.05)"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time on the process's CPU clock rather than the wall clock",
    )
    args = parser.parse_args(argv)
    os.environ.update(OFFLINE)
    if args.cpu_time:
        _common.clock = time.process_time
    citemark.warm_up()

    print("# Adapter overhead over align")
    print()
    print(
        _common.environment_header(
            ("citemark", "ragas", "deepeval", "llama-index-core", "langchain-core", "langsmith")
        )
    )
    clock = "process CPU time" if args.cpu_time else "wall time"
    print(f"- {args.repeat} samples of at least {args.min_sample} s per row, {clock}")
    print()
    cases: list[Case] = [lease()]
    notes: list[str] = []
    try:
        cases.append(w1())
    except OSError as error:
        notes.append(f"W1 skipped: the CUAD data is not readable ({error})")
    table: list[list[object]] = []
    for case in cases:
        for library, rows_of in ADAPTERS.items():
            try:
                rows = rows_of(case)
            except ImportError as error:
                note = f"{library} skipped: not importable ({error})"
                if note not in notes:
                    notes.append(note)
                continue
            for row in rows:
                align_s, adapter_s, ratio = in_turns(
                    row.align, row.scored, args.repeat, args.min_sample
                )
                own = own_work(row, args.repeat, args.min_sample)
                same = row.align() == row.scored()
                table.append(
                    [
                        case.name,
                        row.adapter,
                        row.call,
                        _common.fmt_seconds(align_s),
                        _common.fmt_seconds(adapter_s),
                        f"{ratio:.3f}",
                        _common.fmt_seconds(own),
                        f"{own / align_s:.2%}",
                        "yes" if same else "NO",
                    ]
                )
    header = ["workload", "library", "scoring call", "align", "adapter", "adapter / align"]
    header += ["own work", "own work / align"]
    print(_common.markdown_table([*header, "same score"], table))
    for note in notes:
        print(f"\n- {note}")


if __name__ == "__main__":
    main()
