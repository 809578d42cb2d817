"""A number that is part of a name ("Fallout 76", "PlayStation 4", "COVID-19") is no
quantity: it is never a missing number nor a rival of a count; the quantities around a
name ("In 2014 Apple sold 10 million") stay quantities."""

from __future__ import annotations

import pytest
from fact_pairs import conflict_pairs

from citemark.facts import check_facts, extract_facts, missing_facts


def numbers(text: str) -> list[str]:
    return [f.value for f in extract_facts(text) if f.kind in ("number", "date", "amount")]


@pytest.mark.parametrize(
    "text",
    [
        "Reviews of Fallout 76 became negative.",
        "The game came out for the PlayStation 4 first.",
        "Cases of Covid-19 rose.",
        "The update brought Windows 10 to tablets.",
        "The crew of Apollo 11 landed on the Moon.",
        "The airline ordered a Boeing 747.",
        "The film Toy Story 2 opened well.",
        "The single reached the Billboard Hot 100.",
    ],
)
def test_a_number_of_a_name_is_no_quantity(text: str) -> None:
    assert numbers(text) == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("In 2014 Apple sold 10 million iPhones.", ["2014", "10000000"]),
        ("Over 128,000 people attended.", ["128000"]),  # a bound that opens a sentence
        ("Nearly 40 people died.", ["40"]),
        ("Some 30 people attended.", ["30"]),
        ("Only 12 people came.", ["12"]),
        ("The Licensor shall provide Licensee 5 copies.", ["5"]),  # a party given things
        ("Apple's 10 stores closed.", ["10"]),  # an owner's count
        ("A person may sue under Section 12.", ["12 section"]),  # a designator stays one
        ("Page 28 of the lease", ["28 page"]),
        ("Euro 2016 was held in France.", ["2016"]),  # a year stays a year
        ("The Beatles released 13 albums.", ["13"]),
        ("Fallout 76 sold 2.5 million copies.", ["2500000"]),
    ],
)
def test_quantities_beside_names_are_kept(text: str, values: list[str]) -> None:
    assert numbers(text) == values


def test_a_name_number_is_never_a_missing_number() -> None:
    claim = "There are fewer than 15 cases of COVID-19 in Bosnia."
    evidence = "There are currently 13 cases of the coronavirus in Bosnia."
    # the name may be missing ("COVID"), its number is not
    assert [f.kind for f in missing_facts(claim, evidence)] == ["name"]
    assert (
        missing_facts("Fallout 76 sold 2 million copies.", "The game sold 2 million copies.") == []
    )


def test_a_name_number_is_no_rival_of_a_count() -> None:
    claim = "Fallout 76 had 4 expansions."
    checked = check_facts(claim, ["The game had 76 expansions."])
    assert [(c.claim.text, c.evidence.text) for c in checked.conflicts] == [("4", "76")]
    assert (
        conflict_pairs(
            "The PlayStation 4 sold 100 million units.",
            ["The PlayStation 5 sold 100 million units."],
        )
        == []
    )


def test_a_codes_digits_a_zero_leads_stay_missing() -> None:
    checked = check_facts(
        "The order covers PWM-5700-00431-SH.", ["The order covers PWM-5700-00434-SH."]
    )
    assert [f.text for f in checked.missing] == ["00431"]
