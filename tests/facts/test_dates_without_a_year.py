"""An evidence date that names no year backs the claim's dated day, and never
contradicts it.

Pages state a day and leave the year to their context ("As of 26 April, ..."), so a
claim that adds the year states what the page does; a passage that names another year
does not back it, and a day of the year alone is never apart from the claim's day, since
the year it falls in is unknown.
"""

from __future__ import annotations

import pytest

from citemark.facts import check_facts


def missing_and_conflicts(claim: str, passage: str) -> tuple[list[str], list[str]]:
    checked = check_facts(claim, [passage])
    return [f.text for f in checked.missing], [c.claim.text for c in checked.conflicts]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "Morocco had 14 new cases on March 20, 2020.",
            "On 20 March, fourteen new cases were confirmed in Morocco.",
        ),
        (
            "Oman had 1,998 cases by April 26, 2020.",
            "As of 26 April, the total number of cases registered in Oman is 1,998.",
        ),
        (
            "Romania had 31 cases before March 11, 2020.",
            "As of 10 March, there were 31 confirmed cases in Romania.",
        ),
        (
            "The new measures were announced in January 2020.",
            "On 22 January, the government announced the new measures.",
        ),
    ],
)
def test_a_day_without_its_year_backs_the_dated_claim(claim: str, passage: str) -> None:
    assert missing_and_conflicts(claim, passage) == ([], [])


@pytest.mark.parametrize(
    ("claim", "passage", "missing"),
    [
        # the passage names another year: its day is of that year
        (
            "Morocco had 14 new cases on March 20, 2020.",
            "On 20 March 2019, fourteen new cases were confirmed in Morocco.",
            "March 20, 2020",
        ),
        # another day: not backed
        (
            "Morocco had 14 new cases on March 20, 2020.",
            "On 21 March, fourteen new cases were confirmed in Morocco.",
            "March 20, 2020",
        ),
        # outside the claim's bound
        (
            "Romania had 31 cases before March 11, 2020.",
            "As of 12 March, there were 31 confirmed cases in Romania.",
            "March 11, 2020",
        ),
    ],
)
def test_another_day_or_year_leaves_the_date_missing(
    claim: str, passage: str, missing: str
) -> None:
    assert missing_and_conflicts(claim, passage) == ([missing], [])


def test_a_day_without_its_year_is_never_apart_from_the_claims() -> None:
    # On a year's days "after December 20, 2019" and "5 January" are apart, though
    # 5 January 2020 is after it: unknown years contradict nothing.
    claim = "The plant reopened after December 20, 2019."
    _, conflicts = missing_and_conflicts(claim, "The plant reopened on 5 January.")
    assert conflicts == []


def test_following_a_date_is_after_it() -> None:
    claim = "Cases started growing fast in Massachusetts after March 2, 2020."
    passage = "In Massachusetts, cases began to grow rapidly following March 2, 2020."
    assert missing_and_conflicts(claim, passage) == ([], [])
