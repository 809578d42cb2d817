"""citemark as a LangSmith evaluator: the score and reason align gives, offline, no key.

Tracing stays off in every test (the environment's switches and LangSmith's own
context override), and the run through ``langsmith.evaluation.evaluate`` uses a client
that knows its server's settings already and uploads nothing, with the network cut.
"""

from __future__ import annotations

import importlib
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import langsmith
import pytest
from langchain_core.documents import Document
from langchain_core.messages import AIMessage
from langsmith import Client
from langsmith.evaluation import evaluate, run_evaluator
from langsmith.schemas import Example, LangSmithInfo, Run

import citemark
from citemark.integrations.langchain import CitemarkFaithfulnessEvaluator

CONTRADICTED = "The lease term is two years."


@pytest.fixture(autouse=True)
def no_tracing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("LANGSMITH_TRACING", "LANGCHAIN_TRACING_V2", "LANGSMITH_TRACING_V2"):
        monkeypatch.setenv(name, "false")
    # LangSmith caches what it read of the environment; its context override wins over it
    with langsmith.tracing_context(enabled=False):
        yield


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every attempt to resolve a name or open a connection, refused and recorded."""
    attempts: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(args[-1])
        raise OSError("the network is cut in this test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    return attempts


@pytest.fixture(scope="module")
def evaluator() -> CitemarkFaithfulnessEvaluator:
    return CitemarkFaithfulnessEvaluator()


def faithful(example: dict[str, Any]) -> str:
    """The bundled answer with its two failing sentences put right (the term) or left
    out (the arbitration clause no source has)."""
    answer = example["answer"].replace(CONTRADICTED, "The lease term is one year.")
    return answer.replace(" Disputes will be resolved by arbitration in Delaware.", "")


def contradicted(example: dict[str, Any]) -> str:
    """The faithful answer with the term the lease contradicts."""
    return faithful(example).replace("The lease term is one year.", CONTRADICTED)


def documents(example: dict[str, Any]) -> list[Document]:
    """The sources as a LangChain loader gives them: named by ``metadata["source"]``."""
    return [
        Document(page_content=source["text"], metadata={"source": source["id"], "page": 1})
        for source in example["sources"]
    ]


def run_of(outputs: dict[str, Any], inputs: dict[str, Any] | None = None) -> Run:
    return Run(
        id=uuid.uuid4(),
        name="rag",
        run_type="chain",
        start_time=datetime.now(UTC),
        inputs=inputs or {"question": "How long is the lease?"},
        outputs=outputs,
        trace_id=uuid.uuid4(),
    )


def example_of(inputs: dict[str, Any], outputs: dict[str, Any] | None = None) -> Example:
    return Example(id=uuid.uuid4(), dataset_id=uuid.uuid4(), inputs=inputs, outputs=outputs)


def test_a_faithful_answer_scores_above_one_with_a_contradicted_term(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    good = evaluator(outputs={"answer": faithful(example), "documents": documents(example)})
    bad = evaluator(outputs={"answer": contradicted(example), "documents": documents(example)})
    assert good["score"] > bad["score"]
    assert (good["metadata"]["passed"], bad["metadata"]["passed"]) == (True, False)


def test_score_and_comment_are_align_s_over_the_documents(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    answer = contradicted(example)
    result = evaluator(outputs={"answer": answer, "documents": documents(example)})
    expected = citemark.align(answer, documents(example)).faithfulness()
    assert result == {
        "key": "citemark_faithfulness",
        "score": expected.score,
        "comment": expected.reason,
        "metadata": {
            "passed": expected.passed,
            "claims": expected.claims,
            "supported": expected.supported,
            "partial": expected.partial,
            "unsupported": expected.unsupported,
        },
    }
    # the document is named by its metadata's source, and both values are shown
    assert "'two years' vs source lease 'one (1) year'" in result["comment"]
    assert result["score"] == citemark.align(answer, example["sources"]).faithfulness().score


def test_a_run_and_example_are_read_as_langsmith_passes_them(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    answer = contradicted(example)
    # a chat model's message as the answer, under "output" (where LangSmith files a
    # target's return value), and a retrieval chain's "source_documents"
    run = run_of({"output": AIMessage(content=answer), "source_documents": documents(example)})
    direct = evaluator(run, example_of({"question": "How long is the lease?"}))
    wrapped = run_evaluator(evaluator).evaluate_run(run, None)
    expected = citemark.align(answer, documents(example)).faithfulness()
    assert (direct["score"], direct["comment"]) == (expected.score, expected.reason)
    assert (wrapped.key, wrapped.score, wrapped.comment) == (
        "citemark_faithfulness",
        expected.score,
        expected.reason,
    )
    assert wrapped.metadata == direct["metadata"]


def test_contexts_are_taken_from_the_example_when_the_run_returns_only_its_answer(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    answer = contradicted(example)
    expected = citemark.align(answer, example["sources"]).faithfulness()
    from_inputs = evaluator(
        run_of({"answer": answer}), example_of({"contexts": example["sources"]})
    )
    from_reference = evaluator(
        outputs={"answer": answer},
        inputs={"question": "q"},
        reference_outputs={"answer": "One year.", "documents": example["sources"]},
    )
    assert from_inputs["score"] == from_reference["score"] == expected.score
    assert from_inputs["comment"] == from_reference["comment"] == expected.reason


def test_the_run_s_own_contexts_come_before_the_example_s(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    answer = contradicted(example)
    result = evaluator(
        outputs={"answer": answer, "contexts": documents(example)},
        inputs={"contexts": ["Nothing about any lease."]},
    )
    assert result["score"] == citemark.align(answer, documents(example)).faithfulness().score


def test_langsmith_evaluate_runs_the_evaluator_offline(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator, no_network: list[object]
) -> None:
    # A client that already has its server's settings and sends nothing in the background
    client = Client(
        api_url="http://127.0.0.1:9",
        api_key="offline",
        auto_batch_tracing=False,
        info=LangSmithInfo(),
    )
    answers = {"good": faithful(example), "bad": contradicted(example)}

    def rag_app(inputs: dict[str, Any]) -> dict[str, Any]:
        return {"answer": answers[inputs["case"]], "documents": documents(example)}

    results = evaluate(
        rag_app,
        data=[example_of({"case": "good"}), example_of({"case": "bad"})],
        evaluators=[evaluator],
        client=client,
        upload_runs=False,
    )
    scored = {
        row["example"].inputs["case"]: row["evaluation_results"]["results"][0] for row in results
    }
    for case, answer in answers.items():
        expected = citemark.align(answer, documents(example)).faithfulness()
        assert (scored[case].key, scored[case].score, scored[case].comment) == (
            "citemark_faithfulness",
            expected.score,
            expected.reason,
        )
    assert scored["good"].score > scored["bad"].score
    assert no_network == []


def test_keys_fail_on_and_the_feedback_key_are_configurable(example: dict[str, Any]) -> None:
    evaluator = CitemarkFaithfulnessEvaluator(
        key="grounded", answer_keys=("reply",), context_keys=("passages",), fail_on="none"
    )
    answer = contradicted(example)
    result = evaluator(outputs={"reply": answer, "passages": documents(example)})
    assert result["key"] == "grounded"
    assert result["metadata"]["passed"] is True
    assert result["score"] == citemark.align(answer, documents(example)).faithfulness().score


def test_one_context_string_is_one_source(evaluator: CitemarkFaithfulnessEvaluator) -> None:
    result = evaluator(
        outputs={"answer": "The rent is $2,400. The term is two years.", "context": "Rent: $2,400."}
    )
    assert result["score"] == 0.5
    assert "sentence 2 (unsupported): The term is two years." in result["comment"]


def test_evaluate_answer_scores_given_contexts(
    example: dict[str, Any], evaluator: CitemarkFaithfulnessEvaluator
) -> None:
    answer = contradicted(example)
    assert evaluator.evaluate_answer(answer, documents(example)) == evaluator(
        outputs={"answer": answer, "documents": documents(example)}
    )


def test_a_missing_answer_or_contexts_names_the_keys_looked_for(
    evaluator: CitemarkFaithfulnessEvaluator,
) -> None:
    with pytest.raises(citemark.InputError, match=r"looked for 'answer', 'output'.*found 'text'"):
        evaluator(outputs={"text": "The rent is $2,400.", "contexts": ["Rent: $2,400."]})
    with pytest.raises(citemark.InputError, match=r"no contexts .* looked for 'contexts'"):
        evaluator(outputs={"answer": "The rent is $2,400."})


def test_dicts_given_positionally_are_refused_with_the_names_to_use(
    evaluator: CitemarkFaithfulnessEvaluator,
) -> None:
    with pytest.raises(TypeError, match="pass dicts by name"):
        evaluator({"question": "q"}, {"answer": "a", "contexts": ["a"]})  # type: ignore[arg-type]


def test_without_langsmith_the_import_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in list(sys.modules):
        if name.split(".")[0] in ("langsmith", "langchain_core"):
            monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "citemark.integrations.langchain")
    with pytest.raises(ImportError, match=r'pip install "citemark\[langchain\]"'):
        importlib.import_module("citemark.integrations.langchain")


def test_importing_citemark_and_its_integrations_package_imports_no_langchain() -> None:
    code = (
        "import sys, citemark, citemark.integrations; print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('langsmith', 'langchain', 'langchain_core')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
