"""A figure is read as what it states, whatever its spelling: a score out of a hundred
is a percent, a sum may leave its currency to the context, and an ordinal that is part
of a noun ("first name", "any third party") ranks nothing.
"""

from __future__ import annotations

import pytest

from citemark.facts import check_facts
from citemark.facts.analysis import analyse

METACRITIC = "On Metacritic, the film has an average score of 60 out of 100, based on 18 critics."


def missing_and_conflicts(claim: str, passage: str) -> tuple[list[str], list[str]]:
    checked = check_facts(claim, [passage])
    return [f.text for f in checked.missing], [c.claim.text for c in checked.conflicts]


@pytest.mark.parametrize("score", ["60 out of 100", "60/100", "60 out of a possible 100"])
def test_a_score_out_of_a_hundred_is_a_percent(score: str) -> None:
    facts = analyse(f"The film scored {score} on Metacritic.").facts
    assert [(f.kind, f.text) for f in facts if f.kind == "percent"] == [("percent", score)]


@pytest.mark.parametrize("other", ["60 out of 1000", "3.5/10", "60 out of 10"])
def test_other_scales_are_no_percent(other: str) -> None:
    facts = analyse(f"The film scored {other} on Metacritic.").facts
    assert [f for f in facts if f.kind == "percent"] == []


def test_a_percent_bound_is_read_against_a_score_out_of_a_hundred() -> None:
    claim = "The film holds a Metacritic score of more than 58%."
    assert missing_and_conflicts(claim, METACRITIC) == ([], [])
    contradicted = "The film holds a Metacritic score of less than 58%."
    assert missing_and_conflicts(contradicted, METACRITIC)[1] == ["58%"]


def test_a_sum_left_without_its_currency_backs_the_claims_bound() -> None:
    claim = "Combined sales of the games were more than $16.4 million."
    passage = "The games together have worldwide sales of 16.42 million."
    assert missing_and_conflicts(claim, passage) == ([], [])
    # outside the bound it backs nothing; a bare figure is no rival sum, so no conflict
    below = claim.replace("more", "less")
    assert missing_and_conflicts(below, passage) == (["$16.4 million"], [])


@pytest.mark.parametrize(
    "text",
    [
        "Floria is the first name of the director.",
        "The recipient may not disclose it to any third party.",
        "The third parties agreed.",
        "She received first aid at the scene.",
    ],
)
def test_an_ordinal_inside_a_noun_is_no_number(text: str) -> None:
    assert [f.text for f in analyse(text).facts if f.kind == "number"] == []


def test_an_ordinal_that_ranks_is_still_a_number() -> None:
    assert [f.text for f in analyse("His first goal came in May.").facts if f.kind == "number"] == [
        "first"
    ]
