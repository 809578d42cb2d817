"""citemark as a LangSmith evaluator for LangChain pipelines.

An instance of :class:`CitemarkFaithfulnessEvaluator` is a plain callable that
LangSmith's ``evaluate`` takes as a custom evaluator, called either way LangSmith calls
one, ``(run, example)`` or by name ``(inputs=, outputs=, reference_outputs=)``, and
returning LangSmith's feedback dict::

    from citemark.integrations.langchain import CitemarkFaithfulnessEvaluator

    evaluator = CitemarkFaithfulnessEvaluator()
    evaluate(my_rag_app, data="my-dataset", evaluators=[evaluator])
    evaluator(outputs={"answer": answer, "documents": docs})
    # {"key": "citemark_faithfulness", "score": ..., "comment": ..., "metadata": {...}}

The score and comment are :meth:`citemark.Report.faithfulness`'s ``score`` and
``reason`` over :func:`citemark.align` (deterministic, offline, no LLM), the same as
every other citemark adapter reports. The answer is read from the run's outputs, the
contexts from the outputs, else the example's inputs, else its reference outputs, under
configurable keys; contexts may be LangChain ``Document``\\ s (their ``id`` or
``metadata["source"]`` names them), ``{"id", "text"}`` dicts or plain strings.

LangSmith and langchain-core are imported with this module, never by ``import
citemark``; install them with ``pip install "citemark[langchain]"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

try:
    from langchain_core.messages import BaseMessage
    from langsmith.schemas import Example, Run
except ImportError as error:
    raise ImportError(
        "citemark.integrations.langchain needs LangSmith and langchain-core: "
        f'pip install "citemark[langchain]" ({error})'
    ) from error

from ..config import Config, load_config
from ..errors import InputError
from ..pipeline import align
from ..report import FailReason, check_fail_on

__all__ = ["ANSWER_KEYS", "CONTEXT_KEYS", "CitemarkFaithfulnessEvaluator"]

# Where an answer sits in a run's outputs: a chain's own key, or "output", under which
# LangSmith files a target's return value that is not a dict.
ANSWER_KEYS = ("answer", "output", "result", "response")
# Where the retrieved contexts sit: RAG chains' usual keys ("source_documents" is what
# LangChain's retrieval chains return).
CONTEXT_KEYS = ("contexts", "context", "documents", "source_documents", "sources")


class CitemarkFaithfulnessEvaluator:
    """A LangSmith evaluator scoring how well an answer's contexts back it.

    Returns ``{"key", "score", "comment", "metadata"}``: ``score`` is
    :attr:`citemark.report.Faithfulness.score` (the share of the answer's claim
    sentences the contexts support, a partial one counting half), ``comment`` one
    line per failing sentence, naming a contradicted value beside the source's, and
    ``metadata`` whether the answer passes ``fail_on`` (by default: no sentence
    unsupported or contradicted) with the counts behind the score.

    ``config`` is a preset name, a TOML path or a :class:`citemark.Config`, read once
    here. ``answer_keys`` and ``context_keys`` are tried in order; the first present
    and not ``None`` is read.
    """

    def __init__(
        self,
        *,
        config: Config | str | None = None,
        fail_on: Iterable[FailReason] | str | None = None,
        key: str = "citemark_faithfulness",
        answer_keys: Sequence[str] = ANSWER_KEYS,
        context_keys: Sequence[str] = CONTEXT_KEYS,
    ) -> None:
        self.config = load_config(config)
        # Checked now, so that a misspelt condition fails where it is written, not at
        # the first run of an experiment; kept as checked, so that a one-pass
        # iterable is read once, and "none" stays a word (an empty set reads as no
        # condition given).
        self.fail_on: tuple[FailReason, ...] | str = tuple(sorted(check_fail_on(fail_on))) or (
            "none"
        )
        self.key = key
        self.answer_keys = tuple(answer_keys)
        self.context_keys = tuple(context_keys)
        # LangSmith names an evaluator's trace and its feedback by the callable's name
        self.__name__ = key

    def __call__(
        self,
        run: Run | None = None,
        example: Example | None = None,
        *,
        inputs: Mapping[str, Any] | None = None,
        outputs: Mapping[str, Any] | str | None = None,
        reference_outputs: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score the answer in ``outputs`` (or ``run.outputs``) against its contexts.

        Both of LangSmith's calling conventions reach here: its wrapper passes every
        parameter this signature names, and a direct caller may pass either a run and
        an example or the three dicts. Dicts given by name take precedence."""
        if isinstance(run, Mapping) or isinstance(example, Mapping):
            raise TypeError(
                "pass dicts by name (inputs=, outputs=, reference_outputs=); "
                "the positional arguments are a LangSmith Run and Example"
            )
        if outputs is None:
            outputs = (run.outputs if run is not None else None) or {}
        if inputs is None:
            given = example.inputs if example is not None else None
            inputs = given if given is not None else (run.inputs if run is not None else {})
        if reference_outputs is None:
            reference_outputs = (example.outputs if example is not None else None) or {}
        answer = self._answer(outputs)
        contexts = self._contexts(outputs, inputs, reference_outputs)
        return self.evaluate_answer(answer, contexts)

    def evaluate_answer(self, answer: str, contexts: object) -> dict[str, Any]:
        """The feedback dict for ``answer`` against ``contexts`` given directly (a list
        of documents in any shape :func:`citemark.align` reads)."""
        found = align(answer, contexts, config=self.config).faithfulness(self.fail_on)
        return {
            "key": self.key,
            "score": found.score,
            "comment": found.reason,
            "metadata": {
                "passed": found.passed,
                "claims": found.claims,
                "supported": found.supported,
                "partial": found.partial,
                "unsupported": found.unsupported,
            },
        }

    def _answer(self, outputs: Mapping[str, Any] | str) -> str:
        if not isinstance(outputs, Mapping):
            return _text(outputs, "outputs")
        for key in self.answer_keys:
            if outputs.get(key) is not None:
                return _text(outputs[key], f"outputs[{key!r}]")
        raise InputError(
            f"no answer in the run's outputs: looked for {_keys(self.answer_keys)}, "
            f"found {_keys(outputs)} (set answer_keys)"
        )

    def _contexts(
        self,
        outputs: Mapping[str, Any] | str,
        inputs: Mapping[str, Any],
        reference_outputs: Mapping[str, Any],
    ) -> list[Any]:
        places = (outputs, inputs, reference_outputs)
        for place in places:
            if not isinstance(place, Mapping):
                continue
            for key in self.context_keys:
                if place.get(key) is not None:
                    return _as_list(place[key])
        raise InputError(
            f"no contexts in the run's outputs, the example's inputs or its reference "
            f"outputs: looked for {_keys(self.context_keys)} (set context_keys)"
        )


def _text(value: object, where: str) -> str:
    """An answer as text: a string, or a chat model's message (``AIMessage``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseMessage):
        return str(value.text)
    raise InputError(f"{where} must be the answer's text, got {type(value).__name__}")


def _as_list(contexts: object) -> list[Any]:
    """Contexts as a list of documents: one string or one document is a list of one
    (a chain's "context" is often its documents joined into one text)."""
    if isinstance(contexts, str | Mapping) or hasattr(contexts, "page_content"):
        return [contexts]
    if not isinstance(contexts, Iterable):
        raise InputError(
            f"contexts must be a list of documents or texts, got {type(contexts).__name__}"
        )
    return list(contexts)


def _keys(keys: Iterable[object]) -> str:
    return ", ".join(repr(k) for k in keys) or "none"
