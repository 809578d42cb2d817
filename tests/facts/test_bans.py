"""A thing banned outright against a permission to do it or to have it ("may keep pets",
"Pets are allowed" / "Pets are prohibited", "No pets shall be allowed"); a barred party,
a ban with an exception or a condition, and the tail of a longer subject are none. A
thing that "may not be kept" ("No dogs shall be kept") is banned as much as one that is
"prohibited"."""

from __future__ import annotations

import pytest
from fact_pairs import conflict_texts, conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("The tenant may keep pets.", "Pets are prohibited.", ("may keep", "Pets are prohibited")),
        (
            "The tenant may keep pets.",
            "Pets are not permitted on the Premises.",
            ("may keep", "Pets are not permitted"),
        ),
        (
            "The tenant may smoke in the Premises.",
            "Smoking is prohibited in the Premises.",
            ("may smoke", "Smoking is prohibited"),
        ),
        (
            "Guests are allowed to smoke on the balcony.",
            "(c) All smoking is strictly prohibited.",
            ("are allowed to smoke", "smoking is strictly prohibited"),
        ),
        # none of the thing allowed, said with "No"; a thing allowed as such
        (
            "The tenant may keep pets.",
            "No pets shall be allowed on the Premises.",
            ("may keep", "No pets shall be allowed"),
        ),
        (
            "Pets are allowed.",
            "No pets shall be allowed on the Premises.",
            ("Pets are allowed", "No pets shall be allowed"),
        ),
        (
            "Smoking is permitted on the balcony.",
            "No smoking is permitted anywhere on the Premises.",
            ("Smoking is permitted", "No smoking is permitted"),
        ),
    ],
)
def test_a_permission_against_an_outright_ban_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("negation", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The tenant may not keep pets.", "Pets are prohibited."),
        ("The tenant may keep a cat.", "Pets are prohibited."),
        ("Visitors may park in the lot.", "Smoking is prohibited in the lot."),
        # a ban with an exception or a condition
        (
            "The tenant may keep pets with consent.",
            "Pets are prohibited without the Landlord's consent.",
        ),
        (
            "FCE may give notice to ExxonMobil.",
            "If prior notice is prohibited by applicable Law, FCE will give notice promptly after.",
        ),
        # "No ... allowed" with an exception, or allowed to do something else; another thing
        (
            "Pets are allowed with a deposit.",
            "No pets shall be allowed without the Landlord's consent.",
        ),
        ("Pets are allowed.", "No pets are allowed to enter the pool area."),
        ("Guests are allowed.", "No pets shall be allowed."),
        # a party barred from an act is no ban on the party
        ("An Affiliate can establish links.", "Affiliate is prohibited from installing spyware."),
        # the tail of a longer subject is not what is banned
        (
            "The Agent may terminate this Agreement upon notice.",
            "Conflicts of interest relating to this Agreement are strictly prohibited.",
        ),
    ],
)
def test_no_ban_conflict_on_another_thing_or_a_qualified_ban(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []


def test_a_permission_against_a_thing_that_may_not_be_kept_conflicts() -> None:
    assert conflict_texts(
        "Dogs are permitted on the premises.", "No dogs shall be kept on the Premises."
    ) == [("Dogs are permitted", "No dogs shall be kept")]
