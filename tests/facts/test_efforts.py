"""How hard a party must try, as contracts name it: "best efforts" against "commercially
reasonable efforts" for one act is a different standard; the same standard, another
act, or an effort for an act too briefly told ("to ensure that ...") is none."""

from __future__ import annotations

import pytest
from fact_pairs import conflict_pairs, conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Distributor must use best efforts to promote the products.",
            "Distributor shall use commercially reasonable efforts to promote the Products.",
            ("best efforts", "commercially reasonable efforts"),
        ),
        (
            "The Distributor must use commercially reasonable efforts to promote the products.",
            "Distributor shall use its best efforts to promote the Products in the Territory.",
            ("commercially reasonable efforts", "best efforts"),
        ),
        (
            "The Company will use reasonable efforts to obtain the consents.",
            "The Company shall use reasonable best efforts to obtain all consents.",
            ("reasonable efforts", "reasonable best efforts"),
        ),
        (
            "The Company will use reasonable efforts to obtain the consents.",
            "The Company shall use good faith efforts to obtain the consents.",
            ("reasonable efforts", "good faith efforts"),
        ),
        (
            "The Supplier must use best endeavours to deliver the goods on time.",
            "The Supplier shall use reasonable endeavours to deliver the goods on time.",
            ("best endeavours", "reasonable endeavours"),
        ),
    ],
)
def test_another_effort_for_the_same_act_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same standard
        (
            "The Distributor must use best efforts to promote the products.",
            "Distributor shall use its best efforts to promote the Products.",
        ),
        # "commercially reasonable efforts" is not read as "reasonable efforts"
        (
            "The Distributor must use commercially reasonable efforts to promote the products.",
            "Distributor shall use all commercially reasonable efforts to promote the Products.",
        ),
        # another act, or the same verb done to another thing
        (
            "The Distributor must use best efforts to promote the products.",
            "Distributor shall use commercially reasonable efforts to deliver the Products.",
        ),
        (
            "The Company will use its best efforts to comply with the MGCL.",
            "The Company will use reasonable best efforts to comply with the Sarbanes-Oxley Act.",
        ),
        # no act, or too little of it to tell
        (
            "The Distributor must use best efforts.",
            "Distributor shall use commercially reasonable efforts.",
        ),
        (
            "Licensee shall use best efforts to ensure that the images conform.",
            "Licensee shall use commercially reasonable efforts to ensure that all fees are paid.",
        ),
    ],
)
def test_the_same_effort_or_another_act_is_no_conflict(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []


def test_a_cited_passage_with_the_claims_effort_for_its_act_agrees() -> None:
    claim = "The Distributor must use best efforts to promote the products."
    other = "Distributor shall use commercially reasonable efforts to promote the Products."
    same = "Distributor shall use its best efforts to promote the Products."
    assert conflict_pairs(claim, [other]) != []
    assert conflict_pairs(claim, [same, other]) == []
    assert conflict_pairs(claim, [other, same]) == []
