"""citemark as a DeepEval metric: align's score and reasons, through assert_test and
``deepeval test run``, offline."""

from __future__ import annotations

import os

# DeepEval's pytest plugin, loaded by every pytest run where DeepEval is installed, sends
# its run event when pytest finishes and reads the opt-out then, so it stays set for the
# whole run; dotenv loading is off so that no .env file of the tree feeds the tests.
os.environ["DEEPEVAL_TELEMETRY_OPT_OUT"] = "YES"
os.environ["DEEPEVAL_DISABLE_DOTENV"] = "1"

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from deepeval import assert_test
from deepeval.errors import MissingTestCaseParamsError
from deepeval.test_case import LLMTestCase, RetrievedContextData

import citemark
from citemark.integrations.deepeval import CitemarkFaithfulnessMetric

CONTRADICTED = "The lease term is two years."
QUESTION = "What does the lease say?"
PARTIAL = (
    "The tenant pays the rent of $2,400 on the first day of each month to the landlord "
    "in cash at the office."
)


def faithful(example: dict[str, Any]) -> str:
    """The bundled answer with its two failing sentences put right (the term) or left
    out (the arbitration clause no source has)."""
    answer = example["answer"].replace(CONTRADICTED, "The lease term is one year.")
    return answer.replace(" Disputes will be resolved by arbitration in Delaware.", "")


def texts(example: dict[str, Any]) -> list[str]:
    return [source["text"] for source in example["sources"]]


def case(answer: str, example: dict[str, Any]) -> LLMTestCase:
    return LLMTestCase(input=QUESTION, actual_output=answer, retrieval_context=texts(example))


@pytest.fixture(autouse=True)
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No OpenAI key, so that a metric that wanted an LLM would fail here, and the
    working folder, where DeepEval keeps its results and cache, a temporary one."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)


def test_measure_scores_the_faithful_answer_above_the_contradicted_one(
    example: dict[str, Any],
) -> None:
    metric = CitemarkFaithfulnessMetric()
    good = metric.measure(case(faithful(example), example))
    bad = metric.measure(case(example["answer"], example))
    assert good == 1.0
    assert good > bad


def test_measure_reports_align_s_score_verdict_and_reason(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    score = metric.measure(case(example["answer"], example))
    expected = citemark.align(example["answer"], texts(example)).faithfulness()
    assert (score, metric.score, metric.reason) == (expected.score, expected.score, expected.reason)
    assert metric.faithfulness == expected
    assert metric.success is False and metric.is_successful() is False


def test_the_reason_has_a_line_per_sentence_align_fails(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    metric.measure(case(example["answer"], example))
    report = citemark.align(example["answer"], texts(example))
    lines = (metric.reason or "").splitlines()
    assert len(lines) == len(report.failures())
    for line, failure in zip(lines, report.failures(), strict=True):
        assert line.startswith(failure.describe())
    (term,) = [line for line in lines if "'two years'" in line]
    assert "source S1 'one (1) year'" in term and term.endswith(CONTRADICTED)


def test_verbose_logs_give_every_sentence_s_verdict(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    metric.measure(case(example["answer"], example))
    report = citemark.align(example["answer"], texts(example))
    assert (metric.verbose_logs or "").splitlines() == [
        f"sentence {n} {s.status}: {s.text.strip()}"
        for n, s in enumerate(report.sentences, start=1)
    ]


def test_a_measure_gives_what_measure_gives(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    score = asyncio.run(metric.a_measure(case(example["answer"], example)))
    expected = citemark.align(example["answer"], texts(example)).faithfulness()
    assert (score, metric.reason, metric.success) == (expected.score, expected.reason, False)


def test_assert_test_passes_a_faithful_answer(example: dict[str, Any]) -> None:
    assert_test(case(faithful(example), example), [CitemarkFaithfulnessMetric()])


def test_assert_test_fails_the_contradicted_term_and_names_it(example: dict[str, Any]) -> None:
    with pytest.raises(AssertionError) as failed:
        assert_test(case(example["answer"], example), [CitemarkFaithfulnessMetric()])
    message = str(failed.value)
    assert "Citemark Faithfulness" in message
    assert "'two years'" in message and "'one (1) year'" in message
    expected = citemark.align(example["answer"], texts(example)).faithfulness().score
    assert f"score: {expected}" in message


def test_assert_test_keeps_the_metric_s_options_in_its_copy(example: dict[str, Any]) -> None:
    # DeepEval judges a copy made from the constructor's parameters: fail_on="none"
    # must survive it, or the contradicted answer would fail here.
    assert_test(case(example["answer"], example), [CitemarkFaithfulnessMetric(fail_on="none")])


def test_the_check_decides_under_the_default_threshold(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    metric.measure(case(example["answer"], example))
    assert metric.score is not None and metric.score >= metric.threshold
    assert not metric.is_successful()


def test_the_threshold_decides_when_no_sentence_check_is_asked(example: dict[str, Any]) -> None:
    answer = case(example["answer"], example)
    lenient = CitemarkFaithfulnessMetric(threshold=0.5, fail_on="none")
    demanding = CitemarkFaithfulnessMetric(threshold=0.9, fail_on="none")
    lenient.measure(answer)
    demanding.measure(answer)
    assert lenient.score == demanding.score
    assert (lenient.is_successful(), demanding.is_successful()) == (True, False)


def test_strict_mode_fails_a_partly_supported_answer_the_check_passes(
    example: dict[str, Any],
) -> None:
    # The payee and the rent stand in the lease; how and where it is paid do not.
    answer = case(PARTIAL, example)
    default, strict = CitemarkFaithfulnessMetric(), CitemarkFaithfulnessMetric(strict_mode=True)
    default.measure(answer)
    strict.measure(answer)
    assert default.report is not None
    assert [s.status for s in default.report.sentences] == ["partial"]
    assert default.score == strict.score == 0.5
    assert (default.is_successful(), strict.is_successful()) == (True, False)
    assert strict.threshold == 1.0


def test_context_stands_in_when_there_is_no_retrieval_context(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    score = metric.measure(
        LLMTestCase(input=QUESTION, actual_output=example["answer"], context=texts(example))
    )
    assert score == citemark.align(example["answer"], texts(example)).faithfulness().score


def test_a_test_case_with_no_context_is_missing_a_parameter(example: dict[str, Any]) -> None:
    metric = CitemarkFaithfulnessMetric()
    with pytest.raises(MissingTestCaseParamsError, match="retrieval_context"):
        metric.measure(LLMTestCase(input=QUESTION, actual_output=example["answer"]))
    assert metric.faithfulness is None and not metric.is_successful()


def test_structured_retrieved_contexts_are_named_by_their_source(example: dict[str, Any]) -> None:
    contexts = [RetrievedContextData(context=s["text"], source=s["id"]) for s in example["sources"]]
    metric = CitemarkFaithfulnessMetric()
    metric.measure(
        LLMTestCase(input=QUESTION, actual_output=example["answer"], retrieval_context=contexts)
    )
    expected = citemark.align(example["answer"], example["sources"]).faithfulness()
    assert (metric.score, metric.reason) == (expected.score, expected.reason)
    assert "source lease 'one (1) year'" in (metric.reason or "")


def test_structured_contexts_sharing_a_source_are_read_by_their_text(
    example: dict[str, Any],
) -> None:
    contexts = [RetrievedContextData(context=text, source="lease.pdf") for text in texts(example)]
    metric = CitemarkFaithfulnessMetric()
    metric.measure(
        LLMTestCase(input=QUESTION, actual_output=example["answer"], retrieval_context=contexts)
    )
    expected = citemark.align(example["answer"], texts(example)).faithfulness()
    assert (metric.score, metric.reason) == (expected.score, expected.reason)


def test_a_prepared_index_judges_test_cases_without_context(example: dict[str, Any]) -> None:
    index = citemark.SourceIndex(example["sources"])
    metric = CitemarkFaithfulnessMetric(index=index)
    metric.measure(LLMTestCase(input=QUESTION, actual_output=example["answer"]))
    expected = citemark.align(example["answer"], None, index=index).faithfulness()
    assert (metric.score, metric.reason) == (expected.score, expected.reason)


def test_the_preset_and_check_are_named_as_the_evaluation_model() -> None:
    # DeepEval's result cache compares evaluation_model: a changed preset or check must
    # not read back an earlier run's verdict.
    default = CitemarkFaithfulnessMetric().evaluation_model
    assert default != CitemarkFaithfulnessMetric(config="lexical").evaluation_model
    assert default != CitemarkFaithfulnessMetric(fail_on="partial").evaluation_model
    assert "no LLM" in (default or "")


def test_a_misspelt_preset_or_condition_fails_when_the_metric_is_made() -> None:
    with pytest.raises(citemark.ConfigError):
        CitemarkFaithfulnessMetric(config="no-such-preset")
    with pytest.raises(citemark.InputError, match="unknown condition"):
        CitemarkFaithfulnessMetric(fail_on="unsupportd")


RUN_FILE = """
import json
from deepeval import assert_test
from deepeval.test_case import LLMTestCase
from citemark.integrations.deepeval import CitemarkFaithfulnessMetric

EXAMPLE = json.loads({example!r})
CONTEXTS = [source["text"] for source in EXAMPLE["sources"]]


def test_faithful():
    answer = {faithful!r}
    assert_test(
        LLMTestCase(input="q", actual_output=answer, retrieval_context=CONTEXTS),
        [CitemarkFaithfulnessMetric()],
    )


def test_contradicted():
    assert_test(
        LLMTestCase(input="q", actual_output=EXAMPLE["answer"], retrieval_context=CONTEXTS),
        [CitemarkFaithfulnessMetric()],
    )
"""


@pytest.mark.slow
def test_deepeval_test_run_passes_and_fails_as_assert_test_does(
    example: dict[str, Any], tmp_path: Path
) -> None:
    (tmp_path / "home").mkdir()
    test_file = tmp_path / "test_lease.py"
    test_file.write_text(
        RUN_FILE.format(example=json.dumps(example), faithful=faithful(example)), "utf-8"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from deepeval.cli.main import app; sys.exit(app())",
            "test",
            "run",
            test_file.name,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        # DeepEval keeps an anonymous id in the home folder: a temporary one here.
        env={**os.environ, "HOME": str(tmp_path / "home"), "DEEPEVAL_HOME": str(tmp_path / "home")},
        timeout=300,
    )
    assert done.returncode != 0, done.stdout + done.stderr
    run = json.loads((tmp_path / ".deepeval" / ".latest_test_run.json").read_text("utf-8"))
    cases = {c["name"]: c for c in run["testRunData"]["testCases"]}
    assert (cases["test_faithful"]["success"], cases["test_contradicted"]["success"]) == (
        True,
        False,
    )
    (metric,) = cases["test_contradicted"]["metricsData"]
    expected = citemark.align(example["answer"], texts(example)).faithfulness()
    assert (metric["name"], metric["score"], metric["reason"]) == (
        "Citemark Faithfulness",
        expected.score,
        expected.reason,
    )


def test_citemark_imports_no_deepeval_and_a_missing_deepeval_names_the_extra() -> None:
    script = (
        "import sys, citemark, citemark.integrations\n"
        "assert 'deepeval' not in sys.modules, 'deepeval imported'\n"
        "sys.modules['deepeval'] = None\n"
        "try:\n"
        "    import citemark.integrations.deepeval\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert 'pip install "citemark[deepeval]"' in done.stdout
