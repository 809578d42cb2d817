"""citemark's groundedness score as a ragas metric, judged offline with no LLM.

``CitemarkFaithfulness`` is a ragas ``SingleTurnMetric``: it reads a sample's
``response`` and ``retrieved_contexts`` and scores
:meth:`citemark.Report.faithfulness` of :func:`citemark.align` over them, so that
``ragas.evaluate`` reports the same number ``citemark check`` and every other adapter
report. It is no ``MetricWithLLM`` and no ``MetricWithEmbeddings``: those are the
metrics for which ``evaluate`` builds a default OpenAI client, and this one needs
neither, so a dataset scored with it alone runs with no key and no network.

ragas keeps one number per sample in its scores; the reasons behind it go where ragas
keeps what its own metrics' prompts returned, the run's traces::

    result = ragas.evaluate(dataset, metrics=[CitemarkFaithfulness()])
    result.traces[0]["citemark_faithfulness"]["citemark"]["output"]["reasons"]

and :meth:`CitemarkFaithfulness.faithfulness` gives them for any one sample.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

try:
    from ragas.callbacks import ChainType, new_group
    from ragas.dataset_schema import SingleTurnSample
    from ragas.metrics.base import MetricType, SingleTurnMetric
except ImportError as error:  # the extra is not installed, or not as it pins it
    raise ImportError(
        f'citemark.integrations.ragas needs ragas: pip install "citemark[ragas]" ({error})'
    ) from error

from ..config import Config, load_config
from ..errors import InputError
from ..index import SourceIndex
from ..pipeline import align
from ..report import Faithfulness, Report, check_fail_on

if TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.run_config import RunConfig

    from ..report import FailReason

# The name of the trace that carries a sample's reasons, under the metric's own name in
# ``EvaluationResult.traces``, where ragas keeps an LLM metric's prompts and replies.
TRACE_NAME = "citemark"


@dataclass
class CitemarkFaithfulness(SingleTurnMetric):
    """The share of a response's claim sentences that its retrieved contexts support.

    The score is ``Report.faithfulness(fail_on).score`` of ``align(response,
    retrieved_contexts)``: (supported + 0.5 x partial) / claim sentences, 1.0 for a
    response that claims nothing; deterministic, offline, no LLM. Each context is a
    plain string, so a reason names it ``S1``, ``S2``, ... in the sample's order.

    ``config`` is a preset name, a preset file or a :class:`citemark.Config` (the
    default preset when ``None``); ``fail_on`` decides ``passed`` and which sentences
    have a reason, as ``citemark check --fail-on`` does (by default the unsupported
    and contradicted ones). ``index``, a :class:`citemark.SourceIndex` prepared once,
    judges every sample against that fixed corpus in place of its own contexts (which
    are then not required), for a dataset whose answers all draw on one document set.
    ``user_input`` is read where present but changes nothing: groundedness is judged
    against the sources, not the question.
    """

    name: str = "citemark_faithfulness"
    _required_columns: dict[MetricType, set[str]] = field(
        default_factory=lambda: {
            MetricType.SINGLE_TURN: {"response", "retrieved_contexts", "user_input:optional"}
        }
    )
    config: Config | str | os.PathLike[str] | None = None
    fail_on: Iterable[FailReason] | str | None = None
    index: SourceIndex | None = None
    _config: Config | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        # Checked here, so that a misspelt preset or condition fails when the metric is
        # made, not as a NaN in every row of an evaluation (ragas catches row errors).
        if self.index is not None and not isinstance(self.index, SourceIndex):
            raise InputError(f"index must be a SourceIndex, got {type(self.index).__name__}")
        # Kept as given (a preset's name reads better in the metric's repr than its
        # weights); the resolved config is what the samples are judged with.
        self._config = (
            load_config(self.config) if self.config is not None or self.index is None else None
        )
        # Kept as checked, so that a one-pass iterable is read once; "none" stays a word,
        # since an empty set would read as no condition given.
        self.fail_on = tuple(sorted(check_fail_on(self.fail_on))) or "none"
        if self.index is not None:
            self._required_columns = {
                MetricType.SINGLE_TURN: {
                    "response",
                    "retrieved_contexts:optional",
                    "user_input:optional",
                }
            }

    def init(self, run_config: RunConfig) -> None:
        """Nothing to set up: there is no model client to hand the run's settings to."""

    def report(self, sample: SingleTurnSample) -> Report:
        """The full per-sentence report of ``sample``: what the score is made from."""
        response = sample.response
        if not isinstance(response, str):
            raise InputError("the sample has no response to judge")
        if self.index is not None:
            return align(response, None, index=self.index, config=self._config)
        contexts = sample.retrieved_contexts
        if contexts is None:
            raise InputError("the sample has no retrieved_contexts to judge the response by")
        return align(response, list(contexts), config=self._config)

    def faithfulness(self, sample: SingleTurnSample) -> Faithfulness:
        """The score, the verdict and a reason per failing sentence of ``sample``."""
        return self.report(sample).faithfulness(self.fail_on)

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: Callbacks) -> float:
        # Judged inline, in the event loop's thread, as ragas's own non-LLM metrics are:
        # a call takes milliseconds, and there is no reply to wait for.
        result = self.faithfulness(sample)
        if callbacks is not None:
            _trace(sample, result, callbacks)
        return result.score


def _trace(sample: SingleTurnSample, result: Faithfulness, callbacks: Callbacks) -> None:
    """Record ``result`` as a child run of the metric's run, shaped as ragas records a
    prompt (``inputs["data"]``, ``outputs["output"]``), so that ``EvaluationResult.traces``
    shows it beside the score."""
    run, _ = new_group(
        TRACE_NAME,
        inputs={
            "data": {"response": sample.response, "retrieved_contexts": sample.retrieved_contexts}
        },
        callbacks=callbacks,
        metadata={"type": ChainType.RAGAS_PROMPT},
    )
    run.on_chain_end(
        {"output": {**asdict(result), "reasons": list(result.reasons), "reason": result.reason}}
    )
