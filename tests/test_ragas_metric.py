"""citemark as a ragas metric: align's score and reasons, through ``ragas.evaluate``, offline."""

from __future__ import annotations

import os

# ragas reads its opt-out once and caches it, and flushes its usage events when the
# process exits, so it is set before ragas is imported and left set for the whole run.
os.environ["RAGAS_DO_NOT_TRACK"] = "true"

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from ragas import EvaluationDataset, SingleTurnSample, evaluate
from ragas.dataset_schema import EvaluationResult

import citemark
from citemark.integrations.ragas import CitemarkFaithfulness

# ragas 0.4 deprecates evaluate() for its experiment API, yet evaluate() is what most users
# run and what this metric is written for; the warning says nothing about citemark.
pytestmark = [
    pytest.mark.filterwarnings(r"ignore:evaluate\(\) is deprecated:DeprecationWarning"),
    pytest.mark.filterwarnings(r"ignore:aevaluate\(\) is deprecated:DeprecationWarning"),
]

CONTRADICTED = "The lease term is two years."
QUESTION = "What does the lease say?"


def faithful(example: dict[str, Any]) -> str:
    """The bundled answer with its two failing sentences put right (the term) or left
    out (the arbitration clause no source has)."""
    answer = example["answer"].replace(CONTRADICTED, "The lease term is one year.")
    return answer.replace(" Disputes will be resolved by arbitration in Delaware.", "")


def texts(example: dict[str, Any]) -> list[str]:
    return [source["text"] for source in example["sources"]]


def sample(response: str, contexts: list[str] | None) -> SingleTurnSample:
    return SingleTurnSample(user_input=QUESTION, response=response, retrieved_contexts=contexts)


@pytest.fixture(scope="module", autouse=True)
def offline(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No OpenAI key, so that a metric that wanted an LLM would fail here, and ragas's
    anonymous id file (written even with tracking off) in a temporary folder."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("OPENAI_API_KEY", raising=False)
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
        yield


@pytest.fixture(scope="module")
def evaluated(example: dict[str, Any]) -> tuple[EvaluationDataset, EvaluationResult]:
    """The faithful answer and the bundled one (with the contradicted term), scored by
    ``ragas.evaluate`` with no LLM configured."""
    dataset = EvaluationDataset(
        samples=[
            sample(faithful(example), texts(example)),
            sample(example["answer"], texts(example)),
        ]
    )
    result = evaluate(
        dataset, metrics=[CitemarkFaithfulness()], show_progress=False, raise_exceptions=True
    )
    assert isinstance(result, EvaluationResult)
    return dataset, result


def test_evaluate_scores_the_faithful_answer_above_the_contradicted_one(
    evaluated: tuple[EvaluationDataset, EvaluationResult],
) -> None:
    _, result = evaluated
    good, bad = result["citemark_faithfulness"]
    assert good == 1.0
    assert good > bad


def test_evaluate_reports_align_s_score_for_every_sample(
    example: dict[str, Any], evaluated: tuple[EvaluationDataset, EvaluationResult]
) -> None:
    _, result = evaluated
    expected = [
        citemark.align(answer, texts(example)).faithfulness().score
        for answer in (faithful(example), example["answer"])
    ]
    assert result["citemark_faithfulness"] == expected


def test_evaluate_traces_carry_align_s_reasons_per_sample(
    example: dict[str, Any], evaluated: tuple[EvaluationDataset, EvaluationResult]
) -> None:
    _, result = evaluated
    outputs = [trace["citemark_faithfulness"]["citemark"]["output"] for trace in result.traces]
    for output, answer in zip(outputs, (faithful(example), example["answer"]), strict=True):
        expected = citemark.align(answer, texts(example)).faithfulness()
        assert output["reasons"] == list(expected.reasons)
        assert (output["score"], output["passed"], output["reason"]) == (
            expected.score,
            expected.passed,
            expected.reason,
        )
    bad = outputs[1]
    assert not bad["passed"]
    (term,) = [reason for reason in bad["reasons"] if "'two years'" in reason]
    assert "source S1 'one (1) year'" in term and term.endswith(CONTRADICTED)


def test_per_sentence_verdicts_match_align_s(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulness()
    given = sample(example["answer"], texts(example))
    expected = citemark.align(example["answer"], texts(example))
    report = metric.report(given)
    assert [(s.text, s.status) for s in report.sentences] == [
        (s.text, s.status) for s in expected.sentences
    ]
    assert metric.faithfulness(given) == expected.faithfulness()
    assert len(metric.faithfulness(given).reasons) == len(expected.failures())


def test_single_turn_score_equals_align_s_score(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulness()
    score = metric.single_turn_score(sample(example["answer"], texts(example)))
    assert score == citemark.align(example["answer"], texts(example)).faithfulness().score
    assert 0.0 < score < 1.0


def test_fail_on_decides_the_reasons_and_leaves_the_score(example: dict[str, Any]) -> None:
    given = sample(example["answer"], texts(example))
    gated = CitemarkFaithfulness().faithfulness(given)
    ungated = CitemarkFaithfulness(fail_on="none").faithfulness(given)
    assert ungated.score == gated.score
    assert (gated.passed, ungated.passed) == (False, True)
    assert gated.reasons and not ungated.reasons


def test_a_one_pass_fail_on_is_read_once(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulness(fail_on=iter(["conflict"]))
    given = sample(example["answer"], texts(example))
    expected = citemark.align(example["answer"], texts(example)).faithfulness(["conflict"])
    assert metric.faithfulness(given) == expected
    assert metric.faithfulness(given) == expected


def test_a_preset_judges_as_align_with_that_preset_does(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulness(config="lexical")
    score = metric.single_turn_score(sample(example["answer"], texts(example)))
    assert (
        score
        == citemark.align(example["answer"], texts(example), config="lexical").faithfulness().score
    )
    assert "lexical" in repr(metric)


def test_a_prepared_index_judges_samples_that_have_no_contexts(example: dict[str, Any]) -> None:
    index = citemark.SourceIndex(example["sources"])
    metric = CitemarkFaithfulness(index=index)
    dataset = EvaluationDataset(samples=[sample(example["answer"], None)])
    result = evaluate(dataset, metrics=[metric], show_progress=False, raise_exceptions=True)
    assert isinstance(result, EvaluationResult)
    expected = citemark.align(example["answer"], None, index=index).faithfulness()
    assert result["citemark_faithfulness"] == [expected.score]
    # the documents' own ids, where the sample's contexts would be named S1, S2, ...
    (output,) = [trace["citemark_faithfulness"]["citemark"]["output"] for trace in result.traces]
    assert any("source lease 'one (1) year'" in reason for reason in output["reasons"])


def test_a_sample_without_contexts_or_index_is_refused(example: dict[str, Any]) -> None:
    with pytest.raises(citemark.InputError, match="retrieved_contexts"):
        CitemarkFaithfulness().single_turn_score(sample(example["answer"], None))


def test_a_misspelt_preset_or_condition_fails_when_the_metric_is_made() -> None:
    with pytest.raises(citemark.ConfigError):
        CitemarkFaithfulness(config="no-such-preset")
    with pytest.raises(citemark.InputError, match="unknown condition"):
        CitemarkFaithfulness(fail_on="unsupportd")


def test_citemark_imports_no_ragas_and_a_missing_ragas_names_the_extra() -> None:
    script = (
        "import sys, citemark, citemark.integrations\n"
        "assert 'ragas' not in sys.modules, 'ragas imported'\n"
        "sys.modules['ragas'] = None\n"
        "try:\n"
        "    import citemark.integrations.ragas\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert 'pip install "citemark[ragas]"' in done.stdout
