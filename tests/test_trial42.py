"""Defects found at stop 41 by a sixth new user's trial (an evaluation engineer at a
legal-tech company, tests in other files too: batch resume in ``test_batch.py``, gold
labels in ``test_cli.py``, framework dumps in ``test_hardening.py``).

Each test fails on the code before its fix (5563801) unless marked as a guard.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from citemark import align, load_config
from citemark.claims import is_no_claim

LEXICAL = load_config("lexical")
EXAMPLE = json.loads(resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8"))


@pytest.mark.parametrize(
    "sentence",
    [
        "This is not legal advice.",
        "This does not constitute legal advice.",
        "I'm not a lawyer.",
        "Please consult an attorney.",
        "You should consult a qualified attorney for advice specific to your situation.",
        "Speak with a licensed attorney in your state.",
    ],
)
def test_a_legal_disclaimer_claims_nothing(sentence: str) -> None:
    """Flagged unsupported, a disclaimer failed ``check`` for every answer carrying one."""
    assert is_no_claim(sentence)
    answer = f"The term of this Lease is one (1) year. {sentence}"
    report = align(answer, EXAMPLE["sources"], config=LEXICAL)
    assert [s.status for s in report.sentences] == ["supported", "no_claim"]
    assert not report.failures()


@pytest.mark.parametrize(
    "sentence",
    [
        "Consult a lawyer before 30 days pass.",
        "Please consult an attorney because the deadline is March 1.",
        "The tenant should consult a lawyer about the $500 fee.",
        "This is not legal advice, but the rent is $2,400.",
        "This is not a lease.",
    ],
)
def test_a_claim_beside_a_disclaimer_is_still_a_claim(sentence: str) -> None:
    """Guard: a fact inside or after the disclaimer keeps the sentence a claim."""
    assert not is_no_claim(sentence)


def test_a_paraphrase_mark_keeps_a_citation_s_parenthesis() -> None:
    """ "In Smith v. Jones, 412 P.3d 88 (2019), the court held ..." was drawn
    "...(2019</cite>)": the mark stopped inside the case citation's parenthesis."""
    source_id = "Smith v. Jones, 412 P.3d 88 (2019)"
    sources = [
        {
            "id": source_id,
            "text": "The court held that a landlord who withholds a security deposit in bad "
            "faith is liable for twice the amount of the deposit.",
        }
    ]
    answer = (
        "In Smith v. Jones, 412 P.3d 88 (2019), the court held that a landlord who withholds "
        "a deposit in bad faith is liable for twice the deposit."
    )
    report = align(answer, sources, config=LEXICAL)
    marks = [m for m in report.marks() if m.kind == "paraphrase"]
    assert marks, report.tagged()
    for m in marks:
        text = answer[m.start : m.end]
        assert text.count("(") == text.count(")"), text
    assert "(2019)</cite>," in report.tagged()
