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


@pytest.mark.parametrize(
    ("claim", "source", "said", "evidence"),
    [
        (
            "Rent is payable in equal monthly installments.",
            "Rent is payable quarterly.",
            "monthly",
            "quarterly",
        ),
        (
            "The confidentiality obligations terminate upon termination of this Agreement.",
            "The confidentiality obligations survive termination.",
            "terminate",
            "survive",
        ),
        (
            "The Seller disclaims all warranties of merchantability.",
            "The Seller warrants that the goods are merchantable.",
            "disclaims all warranties of merchantability",
            "warrants",
        ),
        (
            "Employee is entitled to fifteen (15) days of paid vacation per month.",
            "Employee shall be entitled to fifteen (15) days of paid vacation per calendar year.",
            "fifteen (15) days of paid vacation per month",
            "fifteen (15) days of paid vacation per calendar year",
        ),
    ],
)
def test_a_contradiction_is_a_conflict_either_way_round(
    claim: str, source: str, said: str, evidence: str
) -> None:
    """The first three were conflicts only with claim and source the other way round
    (the README's own examples, reversed, were ``partial``); a count over another period
    was ``supported`` (trial 42)."""
    for config in (LEXICAL, "default"):
        sentence = align(claim, [{"id": "S", "text": source}], config=config).sentences[0]
        assert sentence.status == "unsupported"
        assert [(c.text, c.evidence) for c in sentence.conflicts] == [(said, evidence)]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        (
            "Employees receive thirty (30) days of leave per year.",
            "Employees receive thirty (30) days of leave per calendar year.",
        ),
        ("The goods are sold as is.", 'The goods are sold "AS IS", without any warranty.'),
        (
            "The Seller disclaims all warranties of merchantability.",
            "The Seller warrants title. The Seller disclaims all other warranties.",
        ),
        (
            "The confidentiality obligations survive termination.",
            "The confidentiality obligations survive any termination of this Agreement.",
        ),
    ],
)
def test_the_same_thing_said_either_way_is_no_conflict(claim: str, source: str) -> None:
    """Guard: the widened rules keep still where the passage says the claim's value."""
    sentence = align(claim, [{"id": "S", "text": source}], config=LEXICAL).sentences[0]
    assert sentence.conflicts == ()
