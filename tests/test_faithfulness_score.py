"""One groundedness score per answer, as evaluation libraries' faithfulness metrics give it."""

from __future__ import annotations

import citemark
from citemark.report import PARTIAL_CREDIT

SOURCES = [
    {
        "id": "lease",
        "text": "The term of this Lease is one (1) year. The Tenant shall pay "
        "the monthly rent of $2,400 on the first day of each month.",
    }
]
FAITHFUL = "The tenant pays rent of $2,400 on the first day of each month."
CONTRADICTED = f"{FAITHFUL} The lease term is two years."


def test_a_faithful_answer_scores_one_and_passes() -> None:
    result = citemark.align(FAITHFUL, SOURCES).faithfulness()
    assert (result.score, result.passed, result.claims, result.supported) == (1.0, True, 1, 1)
    assert "1 of 1 claim sentences supported" in result.reason


def test_a_contradicted_term_lowers_the_score_and_fails_with_both_values() -> None:
    result = citemark.align(CONTRADICTED, SOURCES).faithfulness()
    assert result.score == 0.5 and not result.passed
    (reason,) = result.reasons
    assert "'two years'" in reason and "'one (1) year'" in reason
    assert reason.endswith("The lease term is two years.")


def test_partial_sentences_count_for_part_of_a_claim() -> None:
    report = citemark.align(CONTRADICTED, SOURCES)
    statuses = [s.status for s in report.sentences if s.is_claim]
    result = report.faithfulness()
    expected = (statuses.count("supported") + PARTIAL_CREDIT * statuses.count("partial")) / len(
        statuses
    )
    assert result.score == round(expected, 6)


def test_an_answer_that_claims_nothing_scores_one() -> None:
    result = citemark.align("Here is what I found:", SOURCES).faithfulness()
    assert (result.claims, result.score, result.passed) == (0, 1.0, True)


def test_fail_on_decides_passed_as_the_gate_does() -> None:
    report = citemark.align(f"{FAITHFUL} The deposit is $9,999.", SOURCES)
    strict = report.faithfulness("unsupported,partial,unsourced")
    assert strict.passed == (not report.failures("unsupported,partial,unsourced"))
    assert report.faithfulness("none").passed
