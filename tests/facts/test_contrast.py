"""A thing the evidence names only to deny it in a contrast ("store credit, not a full
refund"): the claim that states it is in conflict, in the same slot only."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts

import citemark


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The buyer is entitled to a full refund.",
            "The buyer is entitled to store credit, not a full refund.",
            ("full refund", "not a full refund"),
        ),
        (
            "The buyer is entitled to a full refund within 30 days.",
            "Within 30 days the buyer is entitled to store credit rather than a full refund.",
            ("full refund", "rather than a full refund"),
        ),
        (
            "The warranty covers replacement.",
            "The warranty covers repair, not replacement.",
            ("replacement", "not replacement"),
        ),
        (
            "The tenant shall pay rent to the agent.",
            "The tenant shall pay rent to the landlord instead of the agent.",
            ("agent", "instead of the agent"),
        ),
        (
            "Disputes are resolved by litigation.",
            "Disputes are resolved by arbitration, as opposed to litigation.",
            ("litigation", "as opposed to litigation"),
        ),
    ],
)
def test_a_thing_the_evidence_denies_in_a_contrast_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the claim gives what the passage gives
        (
            "The buyer is entitled to store credit.",
            "The buyer is entitled to store credit, not a full refund.",
        ),
        # ... or denies the denied thing itself
        (
            "The buyer is not entitled to a full refund.",
            "The buyer is entitled to store credit, not a full refund.",
        ),
        # ... or names both
        (
            "The buyer may choose store credit or a full refund.",
            "The buyer is entitled to store credit, not a full refund.",
        ),
        # the denied thing said of another word
        (
            "The seller keeps a full refund reserve.",
            "The buyer is entitled to store credit, not a full refund.",
        ),
        # a limit or a degree, not a contrast
        (
            "Notice must be given less than 30 days before the term ends.",
            "Notice must be given 60 days before the term ends, not less than 30 days.",
        ),
        (
            "The fee covers hosting and support.",
            "The fee covers hosting, not only support but also training.",
        ),
        # the word before the denied thing is past a verb, or an owner: no one slot
        (
            "Vendor's obligations under Subsection (b) are limited.",
            "Vendor shall have the discretion, but not the obligation, to control the defense.",
        ),
        # the passage's own sentence, as the claim
        (
            "The warranty covers repair, not replacement.",
            "The warranty covers repair, not replacement.",
        ),
    ],
)
def test_no_conflict_outside_the_contrasted_slot(claim: str, passage: str) -> None:
    assert [k for k in conflicts(claim, passage) if k[0] == "opposite"] == []


def test_a_contrast_conflict_makes_the_sentence_unsupported_with_its_evidence() -> None:
    source = {"id": "Terms", "text": "The buyer is entitled to store credit, not a full refund."}
    report = citemark.align("The buyer is entitled to a full refund.", [source])
    sentence = report.sentences[0]
    assert sentence.status == "unsupported"
    (conflict,) = sentence.conflicts
    assert (conflict.kind, conflict.text, conflict.evidence) == (
        "opposite",
        "full refund",
        "not a full refund",
    )
    assert conflict.source_id == "Terms"
    text = source["text"]
    assert text[conflict.source_start : conflict.source_end] == "not a full refund"
    assert {c.source_id for c in sentence.citations} == {"Terms"}


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The parties are jointly and severally liable.",
            "Each party is severally liable, and not jointly liable, for its share.",
            ("jointly and severally", "not jointly"),
        ),
        (
            "Each Guarantor is liable severally and not jointly.",
            "The Guarantors are jointly and severally liable for the Obligations.",
            None,
        ),
        # "jointly liable" alone shares what "jointly and severally" does
        (
            "The guarantors are jointly liable.",
            "The guarantors are severally, and not jointly, liable.",
            None,
        ),
    ],
)
def test_joint_liability_against_its_denial_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    got = [(text, evidence) for kind, text, evidence in conflicts(claim, passage)]
    assert len(got) == 1
    assert all(kind == "opposite" for kind, _, _ in conflicts(claim, passage))
    if expected is not None:
        assert got == [expected]


@pytest.mark.parametrize(
    "passage",
    [
        # no liability at all is the negation check's, not a kind of liability
        "Members will not be jointly or severally liable for the actions of other Members.",
        # both kinds, of two parties: the passage says the claim's kind too
        "The Borrowers are jointly and severally liable, and the Guarantors are severally and"
        " not jointly liable.",
    ],
)
def test_joint_liability_said_too_or_denied_altogether_is_no_joint_conflict(
    passage: str,
) -> None:
    claim = "The Borrowers are jointly and severally liable."
    assert [c for c in conflicts(claim, passage) if "joint" in c[2]] == []
