"""Capitalised names as facts (``facts.names``): a court, a district or a state the
evidence names otherwise is a conflict, though the two names share all but one word.

"The Southern District of New York" and "the Eastern District of New York" differ by a
quarter only, "the State of California" and "the State of Delaware" by the state, and a
district named in a caption in capitals is a name as much as one in title case. The same
court inside a longer caption is no conflict.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflicts, sentence_of

from citemark.facts import check_facts


def test_a_district_in_a_capitals_caption_is_a_name() -> None:
    caption = (
        "UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF CALIFORNIA. On March 12, "
        "2024, the Court heard Defendant's motion to dismiss."
    )
    sentence = sentence_of("The motion was heard in the Central District of California.", caption)
    assert sentence.status != "supported"
    assert "Central District of California" in [f.text for f in sentence.missing_facts]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # two courts that differ by their quarter alone
        (
            "The securities class action was filed in the Southern District of New York.",
            "Plaintiffs filed this putative class action in the United States District Court "
            "for the Eastern District of New York on June 2, 2020.",
            ("name", "Southern District of New York"),
        ),
        # two states named "State of ...": "of" tells no name apart
        (
            "The agreement is governed by the laws of the State of California.",
            "This Agreement is governed by the laws of the State of Delaware.",
            ("name", "State of California"),
        ),
    ],
)
def test_courts_or_states_that_differ_by_one_word_conflict(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    """Two federal districts that differ by their quarter alone, and two states named
    "State of ...", whose "of" tells no name apart."""
    found = conflicts(claim, passage)
    assert found, (claim, passage)
    if expected is not None:
        assert (found[0][0], found[0][1]) == expected


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same court, with more words around it
        (
            "The case was filed in the Southern District of New York.",
            "The case was filed in the United States District Court for the Southern District "
            "of New York on June 2.",
        ),
    ],
)
def test_the_same_court_with_more_words_around_it_is_no_conflict(claim: str, passage: str) -> None:
    """The court the claim names, in the passage's longer caption."""
    assert conflicts(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Acme Corp. sued the tenant.", "Acme Corporation sued the tenant."),
        ("Acme Corporation sued the tenant.", "Acme Corp. sued the tenant."),
        ("Big Co. bought the shares.", "Big Company, Inc. bought the shares."),
        ("The tenant was sued by Acme Corp.", "Acme Corporation sued the tenant."),
    ],
)
def test_a_company_named_with_its_abbreviated_form_is_named(claim: str, passage: str) -> None:
    """The name's own word identifies a company, not its generic head ("Corp" or
    "Corporation"), even where the name opens the sentence."""
    assert [f.text for f in check_facts(claim, [passage]).missing] == []


def test_another_company_with_the_same_generic_head_is_not_named() -> None:
    missing = check_facts("Acme Corp. sued the tenant.", ["Beta Corporation sued the tenant."])
    assert [f.text for f in missing.missing] == ["Acme Corp"]
