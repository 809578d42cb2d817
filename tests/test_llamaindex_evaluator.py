"""citemark as a LlamaIndex evaluator: the score, verdict and reason align gives, offline."""

from __future__ import annotations

import asyncio
import importlib
import subprocess
import sys
from typing import Any

import pytest
from llama_index.core.base.response.schema import Response
from llama_index.core.evaluation import BaseEvaluator, BatchEvalRunner
from llama_index.core.schema import NodeWithScore, TextNode

import citemark
from citemark.integrations.llamaindex import CitemarkEvaluator

CONTRADICTED = "The lease term is two years."


def faithful(example: dict[str, Any]) -> str:
    """The bundled answer with its two failing sentences put right (the term) or left
    out (the arbitration clause no source has)."""
    answer = example["answer"].replace(CONTRADICTED, "The lease term is one year.")
    return answer.replace(" Disputes will be resolved by arbitration in Delaware.", "")


def contradicted(example: dict[str, Any]) -> str:
    """The faithful answer with the term the lease contradicts."""
    return faithful(example).replace("The lease term is one year.", CONTRADICTED)


def texts(example: dict[str, Any]) -> list[str]:
    return [source["text"] for source in example["sources"]]


def nodes(example: dict[str, Any]) -> list[NodeWithScore]:
    """The sources as a retriever returns them: scored nodes with the documents' ids."""
    return [
        NodeWithScore(node=TextNode(text=source["text"], id_=source["id"]), score=0.8)
        for source in example["sources"]
    ]


@pytest.fixture(scope="module")
def evaluator() -> CitemarkEvaluator:
    return CitemarkEvaluator()


def test_a_faithful_response_scores_above_one_with_a_contradicted_term(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    good = asyncio.run(evaluator.aevaluate(response=faithful(example), contexts=texts(example)))
    bad = asyncio.run(evaluator.aevaluate(response=contradicted(example), contexts=texts(example)))
    assert good.score is not None and bad.score is not None
    assert good.score > bad.score
    assert (good.passing, bad.passing) == (True, False)


def test_aevaluate_reports_align_s_score_verdict_and_reason(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    answer = contradicted(example)
    result = asyncio.run(
        evaluator.aevaluate(
            query="How long is the lease?", response=answer, contexts=texts(example)
        )
    )
    expected = citemark.align(answer, texts(example)).faithfulness()
    assert (result.score, result.passing, result.feedback) == (
        expected.score,
        expected.passed,
        expected.reason,
    )
    assert result.feedback is not None
    assert "'two years'" in result.feedback and "'one (1) year'" in result.feedback
    assert (result.query, result.response, result.contexts) == (
        "How long is the lease?",
        answer,
        texts(example),
    )


def test_evaluate_gives_what_aevaluate_gives(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    kwargs = {"query": "q", "response": contradicted(example), "contexts": texts(example)}
    assert evaluator.evaluate(**kwargs) == asyncio.run(evaluator.aevaluate(**kwargs))


def test_evaluate_response_judges_against_the_source_nodes_by_their_ids(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    answer = contradicted(example)
    response = Response(response=answer, source_nodes=nodes(example))
    result = evaluator.evaluate_response(query="How long is the lease?", response=response)
    expected = citemark.align(answer, example["sources"]).faithfulness()
    assert (result.score, result.passing, result.feedback) == (
        expected.score,
        expected.passed,
        expected.reason,
    )
    # named by the node's id, as the response's own markers would cite it, not "S1"
    assert result.feedback is not None
    assert "source lease 'one (1) year'" in result.feedback
    assert result.contexts == texts(example)


def test_aevaluate_response_gives_what_evaluate_response_gives(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    response = Response(response=contradicted(example), source_nodes=nodes(example))
    assert asyncio.run(evaluator.aevaluate_response(response=response)) == (
        evaluator.evaluate_response(response=response)
    )


def test_batch_eval_runner_scores_each_response_as_evaluate_does(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    runner = BatchEvalRunner({"citemark": evaluator}, workers=2)
    answers = [faithful(example), contradicted(example)]
    by_strings = runner.evaluate_response_strs(
        queries=["q", "q"], response_strs=answers, contexts_list=[texts(example)] * 2
    )
    by_responses = runner.evaluate_responses(
        queries=["q", "q"],
        responses=[Response(response=a, source_nodes=nodes(example)) for a in answers],
    )
    expected = [citemark.align(a, example["sources"]).faithfulness() for a in answers]
    assert [r.score for r in by_strings["citemark"]] == [e.score for e in expected]
    assert [(r.score, r.feedback) for r in by_responses["citemark"]] == [
        (e.score, e.reason) for e in expected
    ]


def test_fail_on_decides_passing_as_the_check_does(example: dict[str, Any]) -> None:
    answer = contradicted(example)
    lenient = CitemarkEvaluator(fail_on="none").evaluate(response=answer, contexts=texts(example))
    default = CitemarkEvaluator().evaluate(response=answer, contexts=texts(example))
    assert (lenient.passing, default.passing) == (True, False)
    assert lenient.score == default.score


def test_a_preset_name_is_read_once_and_used(example: dict[str, Any]) -> None:
    evaluator = CitemarkEvaluator(config="lexical")
    answer = contradicted(example)
    result = evaluator.evaluate(response=answer, contexts=texts(example))
    assert evaluator.config.mode == "lexical"
    assert (
        result.score
        == citemark.align(answer, texts(example), config="lexical").faithfulness().score
    )


def test_an_unknown_fail_on_condition_is_refused_when_the_evaluator_is_made() -> None:
    with pytest.raises(citemark.InputError, match="unknown condition 'unsuported'"):
        CitemarkEvaluator(fail_on="unsuported")


def test_a_missing_response_or_contexts_is_refused(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    with pytest.raises(ValueError, match="response and its contexts"):
        evaluator.evaluate(response=example["answer"])
    with pytest.raises(ValueError, match="response and its contexts"):
        evaluator.evaluate(contexts=texts(example))
    with pytest.raises(ValueError, match="needs a response"):
        evaluator.evaluate_response(query="q")


def test_documents_given_as_contexts_are_reported_by_their_text(
    example: dict[str, Any], evaluator: CitemarkEvaluator
) -> None:
    result = evaluator.evaluate(response=contradicted(example), contexts=example["sources"])
    assert result.contexts == texts(example)
    assert result.feedback is not None and "source lease" in result.feedback


def test_the_evaluator_is_a_llamaindex_evaluator_without_prompts(
    evaluator: CitemarkEvaluator,
) -> None:
    assert isinstance(evaluator, BaseEvaluator)
    assert evaluator.get_prompts() == {}
    evaluator.update_prompts({})
    assert evaluator.get_prompts() == {}


def test_without_llamaindex_the_import_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in list(sys.modules):
        if name == "llama_index" or name.startswith("llama_index."):
            monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "citemark.integrations.llamaindex")
    with pytest.raises(ImportError, match=r'pip install "citemark\[llamaindex\]"'):
        importlib.import_module("citemark.integrations.llamaindex")


def test_importing_citemark_and_its_integrations_package_imports_no_llamaindex() -> None:
    code = (
        "import sys, citemark, citemark.integrations; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'llama_index'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
