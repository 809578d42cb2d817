"""A figure stated for one time is no rival of a figure stated for another: "as of 18
April, 403 cases" does not contradict "more than 405 cases as of 19 April". Figures of
the same time, or of which either side names no time, still conflict, and the dates
themselves are still checked."""

from __future__ import annotations

import pytest
from fact_pairs import conflict_pairs

from citemark.facts.analysis import analyse
from citemark.facts.anchors import anchored_dates, of_other_times
from citemark.facts.model import DateKeys

PASSAGE = "As of 18 April 2020, there are 403 confirmed cases."


@pytest.mark.parametrize(
    "claim",
    [
        "There were more than 405 confirmed cases as of 19 April 2020.",
        "There were more than 405 confirmed cases by April 25.",
        "Before April 2019, there were 405 confirmed cases.",
    ],
)
def test_a_figure_of_another_time_is_no_rival(claim: str) -> None:
    assert conflict_pairs(claim, [PASSAGE]) == []


@pytest.mark.parametrize(
    "claim",
    [
        "There were more than 405 confirmed cases as of 18 April 2020.",
        "There were more than 405 confirmed cases as of April 18.",  # less precise: may be it
        "There were more than 405 confirmed cases.",  # no time named
    ],
)
def test_a_figure_of_the_same_or_an_unnamed_time_is_a_rival(claim: str) -> None:
    assert conflict_pairs(claim, [PASSAGE]) == [("number", "405", "403")]


def test_the_dates_of_a_deadline_are_still_checked() -> None:
    """ "$500 by June 1" against "$400 by July 1": the amounts are of two deadlines, and the
    deadline is the conflict a reader is shown."""
    claim = "The tenant must pay $500 by June 1."
    pairs = conflict_pairs(claim, ["The tenant must pay $400 by July 1."])
    assert pairs == [("date", "June 1", "July 1")]


def _anchored(text: str) -> tuple[DateKeys, ...]:
    found = analyse(text)
    return anchored_dates(text, found.facts, found.payloads, 0, len(text))


def test_only_dates_after_an_anchor_phrase_fix_a_time() -> None:
    dates = _anchored("On 3 May 2019 the firm had 40 staff as of 1 June 2019.")
    assert [d.alts for d in dates] == [(("ymd", 2019, 6, 1),)]
    assert not of_other_times(dates, ())
    assert of_other_times(dates, _anchored(PASSAGE))
    assert not of_other_times(_anchored("It had 40 staff as of June 2019."), dates)


@pytest.mark.parametrize(
    ("when", "rival"),
    [
        ("Before March 17", False),  # a time before the passage's date
        ("After March 17", False),  # and one after it
        ("As of March 17", True),
        ("By March 17", True),  # counted up to the date, as "as of" is
    ],
)
def test_one_side_of_a_date_is_another_time_than_the_date(when: str, rival: bool) -> None:
    passage = "As of March 17, Massachusetts had 218 cases."
    claim = f"{when}, Massachusetts had less than 200 cases."
    expected = [("number", "200", "218")] if rival else []
    assert conflict_pairs(claim, [passage]) == expected
