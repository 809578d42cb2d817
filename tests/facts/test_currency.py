"""Currencies: the same figure in another currency ("$5,000" / "€5,000"), the currency a
sum is paid in ("All payments are made in euros" / "shall be made in U.S. dollars") and
its form ("payable in cash" / "paid in shares").
A passage naming the claim's currency too, a bare "dollars" against another dollar,
another thing paid, and a rounded or converted figure are none."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("The fee is $5,000.", "The fee is €5,000.", ("amount", "$5,000", "€5,000")),
        ("The fee is $5,000.", "The fee is EUR 5,000.", ("amount", "$5,000", "EUR 5,000")),
        (
            "The fee is 5,000 euros.",
            "The fee is 5,000 U.S. dollars.",
            ("amount", "5,000 euros", "5,000 U.S. dollars"),
        ),
        (
            "All payments are made in euros.",
            "All payments shall be made in U.S. dollars.",
            ("opposite", "euros", "U.S. dollars"),
        ),
        (
            "Payments are made in US dollars.",
            "Payment of License Fees shall be made in Canadian funds.",
            ("opposite", "US dollars", "Canadian funds"),
        ),
        (
            "Royalties are payable in dollars.",
            "All royalties shall be payable in pounds sterling.",
            ("opposite", "dollars", "pounds sterling"),
        ),
        (
            "The royalties are paid in euros.",
            "All royalties shall be paid in lawful money of the United States.",
            ("opposite", "euros", "lawful money of the United States"),
        ),
        # the form a sum is paid in
        (
            "The purchase price is payable in cash.",
            "The Purchase Price shall be paid in shares of the Buyer's common stock.",
            ("opposite", "cash", "shares"),
        ),
        (
            "The purchase price is paid in shares.",
            "The Purchase Price shall be payable by the Buyer in cash at Closing.",
            ("opposite", "shares", "cash"),
        ),
    ],
)
def test_another_currency_conflicts(claim: str, passage: str, expected: tuple[str, ...]) -> None:
    assert conflicts(claim, passage) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The fee is $5,000.", "The fee is $5,000.00."),
        # "$" may be any dollar: a Canadian text writes its own dollars so
        ("The fee is $5,000.", "The fee is CAD 5,000."),
        # a figure converted or rounded is no same figure
        ("The fee is $5,000.", "The fee is €4,600."),
        # the passage names the claim's currency too
        (
            "The fees are payable in euros.",
            "All amounts shall be paid in U.S. dollars or the equivalent in euros.",
        ),
        # a bare "dollars" is any dollar
        (
            "Payments are made in dollars.",
            "Payment of License Fees shall be made in Canadian funds.",
        ),
        # another thing paid, or no paying
        ("Royalties are paid in euros.", "Expenses shall be reimbursed in U.S. dollars."),
        ("The royalties are paid in euros.", "The Company reports its results in U.S. dollars."),
        # cash is in some currency, and a choice or a mix of forms is none
        (
            "The purchase price is payable in cash.",
            "The Purchase Price shall be paid in U.S. dollars.",
        ),
        (
            "The purchase price is payable in cash or shares.",
            "The Purchase Price shall be paid in shares of common stock.",
        ),
        (
            "The purchase price is payable in cash.",
            "The Purchase Price shall be paid in cash and shares of common stock.",
        ),
        # a word of paying far before, or across a comma, pays nothing in that form
        (
            "Fees are paid in cash.",
            "No party shall accept any gift or payment, consideration or benefit in kind.",
        ),
        # the claim names two currencies
        ("Fees are paid in euros or U.S. dollars.", "All fees shall be paid in U.S. dollars."),
        ("Fees are paid in euros or U.S. dollars.", "All fees shall be paid in pounds sterling."),
    ],
)
def test_the_same_currency_or_another_thing_is_no_conflict(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []
