"""Every conflict rule reads claim and evidence either way round.

A rule written from one direction ("monthly" in the passage, "quarterly" in the claim)
must also fire from the other, in the lexical and in the default preset; and where the
passage states the claim's value too, no rule fires in either direction.
"""

from __future__ import annotations

import pytest

from citemark import align, load_config

LEXICAL = load_config("lexical")


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
            "Payment is due within thirty (30) days after delivery.",
            "Payment is due immediately upon delivery.",
            "thirty (30) days",
            "immediately",
        ),
        (
            "Only employees with at least two years of service are eligible for the bonus.",
            "All employees are eligible for the bonus.",
            "Only employees with",
            "All employees",
        ),
        (
            "The warranty covers repair, not replacement.",
            "The warranty covers replacement.",
            "not replacement",
            "replacement",
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
    """A frequency, a term that survives or ends, a disclaimed warranty, a delay against
    "immediately", a restriction, a contrast, and a count over another period: each rule
    reads the claim and the source either way round, in both presets."""
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
        (
            "Payment is due within thirty (30) days after delivery.",
            "Payment is due within thirty (30) days after delivery. Rush fees are due immediately.",
        ),
        (
            "The buyer is entitled to store credit, not a full refund.",
            "The buyer is entitled to store credit or a full refund.",
        ),
    ],
)
def test_the_same_thing_said_either_way_is_no_conflict(claim: str, source: str) -> None:
    """Where the passage also says the claim's value, no rule reports a conflict."""
    sentence = align(claim, [{"id": "S", "text": source}], config=LEXICAL).sentences[0]
    assert sentence.conflicts == ()
