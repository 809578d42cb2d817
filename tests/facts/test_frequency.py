"""How often a thing recurs, said in other words on each side (``facts.frequency``):
"Rent is payable quarterly" against "payable in equal monthly installments"; "due
annually" against "after the end of each calendar quarter".

The passage stating the claim's frequency too, a floor or a cap the claim keeps, the period
of a sum, a kind named by a frequency word ("annual calibration certificates"), and two
sentences about other things are no conflict.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Rent is payable quarterly.",
            "Base Rent shall be payable in equal monthly installments, in advance, on the first "
            "day of each calendar month during the Term.",
            ("quarterly", "monthly"),
        ),
        (
            "Royalty reports are due annually.",
            "Within thirty (30) days after the end of each calendar quarter, Licensee shall "
            "deliver to Licensor a written report setting forth Net Sales and the royalties "
            "due thereon.",
            ("annually", "each calendar quarter"),
        ),
        (
            "Non-employee directors receive their retainer in monthly installments.",
            "Each non-employee director shall receive an annual cash retainer of $80,000, "
            "payable in equal quarterly installments in arrears.",
            ("monthly", "quarterly"),
        ),
        (
            "Interest on the notes is paid semi-annually.",
            "Interest on the Notes will be payable quarterly in arrears on March 15, June 15, "
            "September 15 and December 15 of each year.",
            ("semi-annually", "quarterly"),
        ),
        (
            "Service levels are measured weekly.",
            "Service Level performance shall be measured on a calendar-month basis.",
            ("weekly", "on a calendar-month basis"),
        ),
    ],
)
def test_a_frequency_said_in_other_words_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    found = conflicts(claim, passage)
    assert [(c[1], c[2]) for c in found] == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage states the claim's frequency too
        (
            "Rent is payable monthly.",
            "Base Rent shall be payable in equal monthly installments on the first day of "
            "each calendar month.",
        ),
        # a floor or a cap the claim's frequency keeps, on either side
        ("The board meets monthly.", "The Board shall meet at least quarterly."),
        (
            "The JSC will meet no less than once each calendar quarter.",
            "The JSC shall meet once each month.",
        ),
        # the period of a sum is no schedule
        (
            "Beckham will receive a yearly salary plus bonuses.",
            "Beckham will earn a weekly wage of $190,000 plus bonuses.",
        ),
        # "annual" names a kind of thing; "Quarterly" inside a sentence is part of a name
        (
            "Shipper shall furnish the recording charts weekly.",
            "Shipper shall also furnish copies of annual calibration certificates.",
        ),
        (
            "The Agent shall report to the Steering Committee monthly.",
            "The Agent shall deliver the Quarterly Report to the Steering Committee.",
        ),
        # two sentences about other things that share a word or two
        (
            "Licensee shall pay royalties quarterly.",
            "Licensor shall send Licensee a monthly newsletter about new products and "
            "trade shows in the Territory.",
        ),
    ],
)
def test_frequencies_left_alone(claim: str, passage: str) -> None:
    assert [c for c in conflicts(claim, passage) if c[0] == "opposite"] == []
