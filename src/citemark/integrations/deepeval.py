"""citemark's groundedness score as a DeepEval metric, judged offline with no LLM.

``CitemarkFaithfulnessMetric`` reads a test case's ``actual_output`` and its
``retrieval_context`` (its ``context`` where it has none) and scores
:meth:`citemark.Report.faithfulness` of :func:`citemark.align` over them, so that
``deepeval.assert_test``, ``deepeval.evaluate`` and ``deepeval test run`` report the
same number and reasons as ``citemark check`` and every other adapter. It calls no
model: ``evaluation_model`` names the citemark preset instead, which is also what
DeepEval's result cache compares, so a changed preset or ``fail_on`` is never read
back from a cached run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

try:
    from deepeval.errors import MissingTestCaseParamsError
    from deepeval.metrics import BaseMetric
    from deepeval.test_case import LLMTestCase
except ImportError as error:  # the extra is not installed
    raise ImportError(
        f'citemark.integrations.deepeval needs DeepEval: pip install "citemark[deepeval]" ({error})'
    ) from error

from .. import __version__
from ..config import Config, load_config
from ..errors import InputError
from ..index import SourceIndex
from ..pipeline import align
from ..report import FailReason, Faithfulness, Report, check_fail_on


class CitemarkFaithfulnessMetric(BaseMetric):
    """The share of a test case's claim sentences that its context supports.

    ``score`` is ``Report.faithfulness(fail_on).score`` of ``align(actual_output,
    retrieval_context)``: (supported + 0.5 x partial) / claim sentences, 1.0 for an
    output that claims nothing; ``reason`` is one line per failing sentence (the
    contradicted value beside the source's, as ``citemark check`` prints it). A reason
    names a plain-string context ``S1``, ``S2``, ... in order, and a structured one
    (``RetrievedContextData``) by its ``source``.

    A test case passes (``is_successful()``, ``success``) when no sentence fails the
    ``fail_on`` check (by default: none unsupported, none contradicted), exactly as
    ``citemark check`` passes, *and* the score is at least ``threshold``. The default
    threshold, 0.5, is DeepEval's own faithfulness default; under the default check it
    adds nothing (an answer with no unsupported sentence scores at least 0.5), so it is
    the check that decides. Raise ``threshold`` to also ask that most claims be fully
    supported, or pass ``fail_on="none"`` to judge by the score alone;
    ``strict_mode`` asks for every claim sentence supported (threshold 1.0).

    ``config`` is a preset name, a preset file or a :class:`citemark.Config` (the
    default preset when ``None``). ``index``, a :class:`citemark.SourceIndex` prepared
    once, judges every test case against that fixed corpus in place of its own context.
    After ``measure``, ``faithfulness`` and ``report`` hold the full result.
    """

    def __init__(
        self,
        threshold: float = 0.5,
        *,
        config: Config | str | os.PathLike[str] | None = None,
        fail_on: Iterable[FailReason] | str | None = None,
        index: SourceIndex | None = None,
        strict_mode: bool = False,
    ) -> None:
        # DeepEval copies a metric for each test case by calling the class with the
        # attributes named as these parameters are, so each is kept under its own name.
        if index is not None and not isinstance(index, SourceIndex):
            raise InputError(f"index must be a SourceIndex, got {type(index).__name__}")
        self.strict_mode = strict_mode
        self.threshold = 1.0 if strict_mode else threshold
        # Without a config of its own, a prepared index judges by the config it was made with.
        judged_by = index.config if index is not None and config is None else load_config(config)
        self.config: Config | None = None if index is not None and config is None else judged_by
        # Kept as checked, so that a one-pass iterable is read once; "none" stays a word,
        # since an empty set would read as no condition given.
        self.fail_on: tuple[FailReason, ...] | str = tuple(sorted(check_fail_on(fail_on))) or (
            "none"
        )
        self.index = index
        conditions = self.fail_on if isinstance(self.fail_on, str) else ",".join(self.fail_on)
        self.evaluation_model = (
            f"citemark {__version__} ({judged_by.name} preset {judged_by.digest[:12]}, "
            f"fail on {conditions}; no LLM)"
        )
        self.async_mode = True
        self.include_reason = True
        self.faithfulness: Faithfulness | None = None
        self.report: Report | None = None

    def measure(
        self, test_case: LLMTestCase, _show_indicator: bool = True, _in_component: bool = False
    ) -> float:
        """Judge ``test_case`` and set ``score``, ``reason`` and ``success``.

        The two underscored parameters are the ones DeepEval's runners pass every
        metric; there is no progress to show for a call of milliseconds.
        """
        # A test case that fails to judge leaves no earlier case's verdict behind.
        self.error, self.faithfulness, self.report = None, None, None
        report = self._report(test_case)
        result = report.faithfulness(self.fail_on)
        self.report, self.faithfulness = report, result
        self.score = result.score
        self.reason = result.reason
        self.success = self.is_successful()
        # Every sentence's verdict, where the reason has the failing ones only.
        self.verbose_logs = "\n".join(
            f"sentence {n} {s.status}: {s.text.strip()}"
            for n, s in enumerate(report.sentences, start=1)
        )
        return self.score

    async def a_measure(
        self, test_case: LLMTestCase, _show_indicator: bool = True, _in_component: bool = False
    ) -> float:
        """As :meth:`measure`: there is no model call to wait for, so nothing to await."""
        return self.measure(test_case, _show_indicator, _in_component)

    def is_successful(self) -> bool:
        if self.error is not None:
            self.success = False
        elif self.faithfulness is not None:
            # no threshold (set to None after construction): the check alone decides
            floor = self.threshold if self.threshold is not None else 0.0
            self.success = self.faithfulness.passed and self.faithfulness.score >= floor
        else:
            # Not measured here: DeepEval's cache restored score, reason and success alone.
            self.success = bool(self.success)
        return bool(self.success)

    @property
    def __name__(self) -> str:
        return "Citemark Faithfulness"

    def _report(self, test_case: LLMTestCase) -> Report:
        answer = test_case.actual_output
        if not isinstance(answer, str):
            raise MissingTestCaseParamsError(
                f"{self.__name__} needs the test case's actual_output to judge"
            )
        if self.index is not None:
            return align(answer, None, index=self.index, config=self.config)
        contexts: Sequence[object] | None = test_case.retrieval_context
        if contexts is None:
            contexts = test_case.context
        if contexts is None:
            raise MissingTestCaseParamsError(
                f"{self.__name__} needs the test case's retrieval_context (or context) "
                "to judge actual_output against"
            )
        return align(answer, _sources(contexts), config=self.config)


def _sources(contexts: Iterable[object]) -> list[object]:
    """The contexts as citemark sources. A plain string is itself (citemark names it
    ``S<n>``); DeepEval's structured retrieved context (``RetrievedContextData``:
    ``context`` and ``source``) is read as a document named by its ``source``, so that a
    reason names the document, unless two of them name the same one: two chunks under
    one name, with no offsets, would read as one document that disagrees with itself,
    so then every one is read by its text alone."""
    items = list(contexts)
    ids = [getattr(c, "source", None) for c in items if not isinstance(c, str)]
    distinct = all(isinstance(i, str) and i.strip() for i in ids) and len(set(ids)) == len(ids)
    out: list[object] = []
    for item in items:
        text, source = getattr(item, "context", None), getattr(item, "source", None)
        if isinstance(item, str) or not isinstance(text, str):
            out.append(item)  # citemark reads the shapes it knows and names what it refuses
        elif distinct:
            out.append({"id": source, "text": text})
        else:
            out.append(text)
    return out
