"""citemark as a LlamaIndex evaluator: :class:`CitemarkEvaluator`.

It scores a response by :meth:`citemark.Report.faithfulness` over :func:`citemark.align`
(deterministic, offline, no LLM), so its ``score``, ``passing`` and ``feedback`` are
exactly the ``score``, ``passed`` and ``reason`` that ``align`` gives for the same
answer and sources, and the same as every other citemark adapter reports::

    from citemark.integrations.llamaindex import CitemarkEvaluator

    result = CitemarkEvaluator().evaluate(response=answer, contexts=[text, ...])
    result.score, result.passing, result.feedback

``evaluate_response`` reads a query engine's ``Response``: its text, and its source
nodes as nodes (their ids, metadata and offsets), so that the sources carry the ids an
answer's markers ("[lease]") cite and the reasons name. The evaluator works in
LlamaIndex's ``BatchEvalRunner`` as any evaluator does.

LlamaIndex is imported with this module, never by ``import citemark``; install it with
``pip install "citemark[llamaindex]"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

try:
    from llama_index.core.base.response.schema import Response
    from llama_index.core.evaluation import BaseEvaluator, EvaluationResult
    from llama_index.core.prompts.mixin import PromptDictType
except ImportError as error:
    raise ImportError(
        "citemark.integrations.llamaindex needs LlamaIndex (llama-index-core): "
        f'pip install "citemark[llamaindex]" ({error})'
    ) from error

from ..config import Config, load_config
from ..pipeline import align
from ..report import FailReason, Faithfulness, check_fail_on

__all__ = ["CitemarkEvaluator"]


class CitemarkEvaluator(BaseEvaluator):
    """A LlamaIndex evaluator scoring how well the sources back a response.

    ``score`` is :attr:`citemark.report.Faithfulness.score` (the share of the
    response's claim sentences the sources support, a partial one counting half),
    ``passing`` whether no sentence fails ``fail_on`` (by default: none unsupported
    or contradicted), and ``feedback`` one line per failing sentence, naming a
    contradicted value beside the source's.

    ``config`` is a preset name, a TOML path or a :class:`citemark.Config`, read
    once here rather than on every call. The query is reported back but not read:
    citemark judges the response against its sources, not against the question.
    """

    def __init__(
        self,
        *,
        config: Config | str | None = None,
        fail_on: Iterable[FailReason] | str | None = None,
    ) -> None:
        self.config = load_config(config)
        # Checked now, so that a misspelt condition fails where it is written, not at
        # the first evaluation of a batch; kept as checked, so that a one-pass
        # iterable is read once, and "none" stays a word (an empty set reads as no
        # condition given).
        self.fail_on: tuple[FailReason, ...] | str = tuple(sorted(check_fail_on(fail_on))) or (
            "none"
        )

    def _get_prompts(self) -> PromptDictType:
        """No prompts: nothing here asks an LLM."""
        return {}

    def _update_prompts(self, prompts_dict: PromptDictType) -> None:
        """No prompts to update (see :meth:`_get_prompts`)."""

    def evaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """Score ``response`` against ``contexts`` (texts, or documents in any shape
        :func:`citemark.align` reads). Other keyword arguments are accepted and left
        unread, as LlamaIndex's own evaluators do with the ones they do not use.

        Computed here rather than through :meth:`aevaluate` as the base class does:
        nothing waits on I/O, and an event loop per call would cost more than a
        short answer's scoring."""
        if response is None or contexts is None:
            raise ValueError("CitemarkEvaluator needs both a response and its contexts")
        return self._scored(query, response, contexts, [_text_of(c) for c in contexts])

    async def aevaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """:meth:`evaluate`, for async callers (``BatchEvalRunner``). It runs on the
        loop's thread: scoring is CPU work with nothing to await, so moving it to a
        thread would gain no concurrency, only the cost of the move."""
        return self.evaluate(query, response, contexts, **kwargs)

    def evaluate_response(
        self,
        query: str | None = None,
        response: Response | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """Score a query engine's ``Response`` against its ``source_nodes``.

        The nodes themselves are the sources, not only their texts as the base class
        passes on: their ids name the sources in ``feedback`` and are what the
        response's markers cite, and their offsets place a chunk in its document."""
        if response is None:
            raise ValueError("CitemarkEvaluator needs a response")
        text = response.response
        if not isinstance(text, str):
            raise ValueError(
                "CitemarkEvaluator reads the response's text (Response.response), "
                f"got {type(text).__name__}; resolve a streaming response first"
            )
        nodes = [scored.node for scored in response.source_nodes]
        return self._scored(query, text, nodes, [node.get_content() for node in nodes])

    async def aevaluate_response(
        self,
        query: str | None = None,
        response: Response | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """:meth:`evaluate_response`, for async callers (see :meth:`aevaluate`)."""
        return self.evaluate_response(query, response, **kwargs)

    def faithfulness(self, response: str, sources: object) -> Faithfulness:
        """The :class:`~citemark.report.Faithfulness` behind a result, with its counts."""
        return align(response, sources, config=self.config).faithfulness(self.fail_on)

    def _scored(
        self, query: str | None, response: str, sources: object, contexts: Sequence[str]
    ) -> EvaluationResult:
        found = self.faithfulness(response, sources)
        return EvaluationResult(
            query=query,
            response=response,
            contexts=contexts,
            passing=found.passed,
            score=found.score,
            feedback=found.reason,
        )


def _text_of(context: object) -> str:
    """A context's text, for the result's ``contexts``: a document given in place of a
    string is reported by its text, not by its repr."""
    if isinstance(context, str):
        return context
    if isinstance(context, Mapping):
        return str(context.get("text") or context.get("page_content") or "")
    if callable(getattr(context, "get_content", None)):
        return str(context.get_content())  # type: ignore[attr-defined]
    return str(getattr(context, "page_content", None) or getattr(context, "text", ""))
