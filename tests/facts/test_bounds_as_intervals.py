"""A value stated with its bound or rounding is read as the interval it allows.

"less than 77" is backed by 76 and contradicted by 80; "before October 2014" is backed
by September 26, 2014; "about 500" by 498; a minimum stated as a maximum of the same
value is a conflict; a bound the evidence settles only in part is neither.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflict_pairs

from citemark.facts import check_facts, unsourced_facts
from citemark.facts.analysis import analyse


def missing_and_conflicts(claim: str, passage: str) -> tuple[list[str], list[tuple[str, str]]]:
    checked = check_facts(claim, [passage])
    return (
        [f.text for f in checked.missing],
        [(c.claim.text, c.evidence.text) for c in checked.conflicts],
    )


MUSEUM = "The museum holds {} paintings."


@pytest.mark.parametrize(
    ("bound", "inside", "outside"),
    [
        # [n, ∞)
        ("at least 40", "45", "35"),
        ("no less than 40", "45", "35"),
        ("a minimum of 40", "45", "35"),
        ("40 or more", "45", "35"),
        # (-∞, n]
        ("at most 40", "35", "45"),
        ("no more than 40", "35", "45"),
        ("up to 40", "35", "45"),
        ("a maximum of 40", "35", "45"),
        ("40 or fewer", "35", "45"),
        # (-∞, n): the figure itself is outside
        ("less than 40", "39", "40"),
        ("under 40", "39", "40"),
        ("below 40", "39", "40"),
        ("fewer than 40", "39", "40"),
        # (n, ∞)
        ("more than 40", "41", "40"),
        ("over 40", "41", "40"),
        ("above 40", "41", "40"),
        # [a, b]
        ("between 400 and 600", "500", "700"),
    ],
)
def test_each_bound_is_backed_inside_and_contradicted_outside(
    bound: str, inside: str, outside: str
) -> None:
    claim = MUSEUM.format(bound)
    assert missing_and_conflicts(claim, MUSEUM.format(inside)) == ([], [])
    _, clashes = missing_and_conflicts(claim, MUSEUM.format(outside))
    assert clashes, (claim, outside)
    assert {evidence for _, evidence in clashes} == {outside}


@pytest.mark.parametrize(
    ("estimate", "figure", "near", "far"),
    [
        ("about 500", "500", "460", "600"),
        ("approximately 500", "500", "540", "600"),
        ("around five hundred", "five hundred", "455", "560"),
        ("roughly 500", "500", "500", "560"),
        ("some 500", "500", "520", "400"),
        ("nearly 500", "500", "480", "510"),
        ("almost 500", "500", "490", "500"),
    ],
)
def test_an_estimate_is_backed_within_its_rounding_and_never_contradicted(
    estimate: str, figure: str, near: str, far: str
) -> None:
    claim = MUSEUM.format(estimate)
    assert missing_and_conflicts(claim, MUSEUM.format(near)) == ([], [])
    # beyond the rounding of its last digit (at most a tenth of it): missing, no conflict
    assert missing_and_conflicts(claim, MUSEUM.format(far)) == ([figure], [])


def test_a_bound_is_backed_by_the_figure_it_rounds_in_another_phrasing() -> None:
    rotten = (
        "Rotten Tomatoes gives the film a rating of 93%, based on {} reviews, with an "
        "average score of 8.5/10."
    )
    claim = "The film was reviewed by less than 77 people."
    assert missing_and_conflicts(claim, rotten.format(76)) == ([], [])
    # 80 is outside: the claim's figure is not backed, though 8.5 is below 77
    assert missing_and_conflicts(claim, rotten.format(80))[0] == ["77"]
    over = "The concert drew over 128,000 people."
    assert missing_and_conflicts(over, "The concert drew 128,500 people.") == ([], [])


def test_disjoint_intervals_are_a_conflict() -> None:
    claim = "The film was reviewed by less than 77 critics."
    assert conflict_pairs(claim, ["The film was reviewed by 80 critics."]) == [
        ("number", "77", "80")
    ]
    assert conflict_pairs(
        "The concert drew over 128,000 people.", ["The concert drew 127,000 people."]
    ) == [("number", "128,000", "127,000")]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Licensee must give at least forty-five (45) days' notice of renewal.",
            "The Licensee shall give notice of renewal no longer than 45 days before expiry.",
            ("at least forty-five (45) days", "no longer than 45 days"),
        ),
        (
            "The Distributor must purchase a minimum of 1,000 units per year.",
            "The Distributor shall purchase a maximum of one thousand (1,000) units per year.",
            ("a minimum of 1,000", "a maximum of one thousand (1,000)"),
        ),
    ],
)
def test_a_minimum_stated_as_a_maximum_of_the_same_value_is_a_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    checked = check_facts(claim, [passage])
    assert [(c.claim.text, c.evidence.text, c.rule) for c in checked.conflicts] == [
        (*expected, "direction")
    ]
    assert checked.missing == ()  # the fact the conflict shows is not also missing


def test_a_faithful_paraphrase_of_a_bound_is_backed() -> None:
    assert missing_and_conflicts(
        "The Tenant must give a minimum of 30 days' notice.",
        "Tenant shall give not less than thirty (30) days' written notice.",
    ) == ([], [])
    assert missing_and_conflicts(
        "The Contractor's coverage must be at least $2 million.",
        "The Contractor shall maintain coverage of not less than $2,000,000.",
    ) == ([], [])


@pytest.mark.parametrize(
    ("claim", "passage", "missing"),
    [
        # a floor against a cap that holds part of it
        (
            "The landlord must give at least 30 days' notice.",
            "The landlord must give up to 60 days' notice.",
            "30 days",
        ),
        # a comparison the evidence makes of a wider range
        (
            "The company has more than 400 employees.",
            "The company has more than 300 employees.",
            "400",
        ),
        # a coarse end: October 15, 2014 may or may not be "before October 2014"
        (
            "The album was released before October 2014.",
            "The album was released on October 15, 2014.",
            "October 2014",
        ),
        ("He moved to Paris after 1990.", "He moved to Paris in 1990.", "1990"),
    ],
)
def test_a_bound_the_evidence_settles_only_in_part_is_missing_and_no_conflict(
    claim: str, passage: str, missing: str
) -> None:
    assert missing_and_conflicts(claim, passage) == ([missing], [])


def test_the_narrower_comparison_backs_the_wider_one() -> None:
    assert missing_and_conflicts(
        "The company has more than 300 employees.", "The company has more than 400 employees."
    ) == ([], [])


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The album was released in 2014.", "The album was released on September 26, 2014."),
        (
            "The album was released before October 2014.",
            "The album was released on September 26, 2014.",
        ),
        ("The album was released after 2013.", "The album was released on September 26, 2014."),
        ("The album was released between 2010 and 2014.", "The album was released in 2012."),
        (
            "Wii Sports sold 82 million copies before April 2017.",
            "Wii Sports sold 82 million copies by March 2017.",
        ),
    ],
)
def test_a_year_or_a_month_holds_its_days(claim: str, passage: str) -> None:
    assert missing_and_conflicts(claim, passage) == ([], [])


def test_a_day_past_the_bound_of_a_month_is_a_conflict() -> None:
    assert missing_and_conflicts(
        "The album was released before October 2014.",
        "The album was released on November 3, 2014.",
    ) == ([], [("October 2014", "November 3, 2014")])
    assert missing_and_conflicts(
        "The album was released in October 2014.",
        "The album was released on September 26, 2014.",
    ) == ([], [("October 2014", "September 26, 2014")])


def test_a_wide_bound_is_read_against_the_figure_in_its_role_nearest_it() -> None:
    counts = (
        "Of those diagnosed, {} were in Honolulu, 115 in Maui County, 70 in Hawaii County, "
        "and 21 in Kauai County."
    )
    claim = "Fewer than 398 cases were in Honolulu."
    assert missing_and_conflicts(claim, counts.format(396)) == ([], [])
    # 115, 70 and 21 are below 398 too, but they are other counties' counts
    assert missing_and_conflicts(claim, counts.format(399)) == (["398"], [])


def test_a_limit_a_rule_sets_is_a_term_another_figure_does_not_state() -> None:
    claim = "The notice period is at least 30 days."
    assert missing_and_conflicts(claim, "The notice period shall be sixty (60) days.") == (
        ["30 days"],
        [],
    )
    # a report of what happened backs it
    assert missing_and_conflicts(claim, "The notice period was 60 days.") == ([], [])


def test_an_estimate_in_the_evidence_backs_a_comparison_but_not_a_limit() -> None:
    assert missing_and_conflicts(
        "More than 2% of the families were below the poverty line.",
        "About 3.0% of families were below the poverty line.",
    ) == ([], [])
    assert missing_and_conflicts(
        "The landlord must give at least 30 days' notice.",
        "The landlord must give about 60 days' notice.",
    ) == (["30 days"], [])


def test_a_range_whose_scale_is_said_once_holds_the_bound() -> None:
    assert missing_and_conflicts(
        "Aaliyah sold more than 20 million albums worldwide.",
        "She has sold an estimated 24 to 32 million albums worldwide.",
    ) == ([], [])


def test_a_comparison_naming_a_class_in_the_evidence_is_no_conflict() -> None:
    assert (
        conflict_pairs(
            "The buyer made an $80,000 indemnity claim.",
            ["No claim may be made for any individual Loss of less than $25,000."],
        )
        == []
    )


def test_a_count_of_one_keeps_its_bound() -> None:
    assert (
        conflict_pairs(
            "The band has released more than one album.", ["The band has released two albums."]
        )
        == []
    )
    assert conflict_pairs(
        "The tenant may renew for one additional term.",
        ["The Tenant may renew for two additional terms."],
    ) == [("number", "one", "two")]


def test_a_deadline_window_is_its_length_not_a_bound() -> None:
    assert conflict_pairs(
        "Buyer has 10 business days to object.",
        ["Buyer shall object within twenty (20) Business Days."],
    ) == [("number", "10 business days", "twenty (20) Business Days")]


def test_a_bound_inside_another_source_is_no_unsourced_fact() -> None:
    claim = "The film was reviewed by less than 77 people."
    passage = "The film opened in May."
    missing = check_facts(claim, [passage]).missing
    assert [f.text for f in missing] == ["77"]
    backed = "Rotten Tomatoes gives the film a rating of 93%, based on 76 reviews."
    assert unsourced_facts(claim, missing, [backed, passage]) == ()
    outside = "Rotten Tomatoes gives the film a rating of 93%, based on 80 reviews."
    assert [f.text for f in unsourced_facts(claim, missing, [outside, passage])] == ["77"]


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("at least 30 days", "ge"),
        ("more than 30 days", "gt"),
        ("no more than 30 days", "le"),
        ("less than 30 days", "lt"),
        ("about 30 days", "about"),
        ("nearly 30 days", "below"),
        ("~30 days", "about"),
        ("30 days or more", "ge"),
        ("vest over four years", "about"),  # a span, no bound
        ("averaged over four reviewers", "about"),
        ("before October 2014", "lt"),
        ("by 5:00 p.m. on June 30, 2025", "le"),
        ("after 1990", "gt"),
    ],
)
def test_the_side_each_phrase_leaves_open(text: str, side: str) -> None:
    analysis = analyse(text)
    (payload,) = [
        p for f, p in zip(analysis.facts, analysis.payloads, strict=True) if f.kind != "name"
    ]
    assert payload.bound is not None and payload.bound.side == side  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        ("within thirty (30) days", [None]),  # a window's length
        ("under 42 U.S.C. 1983", [None, None]),  # a citation's title number
        ("since 2011", [None]),  # the start of a span
        ("He asked him about 2018.", [None]),  # a preposition before a year
        # another thing's name: an estimate at most, which contradicts nothing
        ("under the 1934 Act", ["about"]),
    ],
)
def test_words_that_set_no_bound_on_a_value(text: str, sides: list[str | None]) -> None:
    analysis = analyse(text)
    assert [
        p.bound.side if p.bound is not None else None  # type: ignore[union-attr]
        for f, p in zip(analysis.facts, analysis.payloads, strict=True)
        if f.kind != "name"
    ] == sides


@pytest.mark.parametrize("thing", ["copies", "DVDs", "PlayStation games"])
def test_a_bound_holds_before_a_capitalised_word_that_ends_the_sentence(thing: str) -> None:
    """A capitalised word and a full stop after a value end the sentence; only a cited
    abbreviation ("42 U.S.C. § 1983") makes the value a title's number."""
    claim = f"The first season was released on more than five {thing}."
    assert missing_and_conflicts(claim, f"The first season was released on six {thing}.") == (
        [],
        [],
    )
    _, clashes = missing_and_conflicts(claim, f"The first season was released on four {thing}.")
    assert clashes == [("five", "four")]


def test_a_cited_abbreviation_still_makes_a_title_number() -> None:
    """ "under 42 U.S.C. § 1983" names a title, and bounds nothing."""
    found = analyse("The claim arises under 42 U.S.C. § 1983 and nothing else.")
    assert [getattr(p, "bound", None) for p in found.payloads] == [None] * len(found.payloads)


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Bosnia had reported more than 1530 confirmed cases.", "number"),
        ("Bosnia had reported under 1050 Covid-19 occurrences.", "number"),
        ("Bosnia had reported at least 1200 new infections.", "number"),
        ("The bridge was finished before 1990.", "date"),
        ("The rule applied up to 2020.", "date"),
        ("The firm was founded in about 1540.", "date"),
    ],
)
def test_a_year_like_figure_after_a_comparison_of_amounts_is_a_count(claim: str, kind: str) -> None:
    (fact,) = [f for f in analyse(claim).facts if f.text[:1].isdigit()]
    assert fact.kind == kind


@pytest.mark.parametrize(
    ("claim", "passage", "conflict"),
    [
        ("It is set before the 19th century.", "It is set in the late 18th century.", []),
        ("It is set before the 18th century.", "It is set in the late 19th century.", ["18th"]),
        ("He scored after the 57th minute.", "He scored in the 58th minute.", []),
        ("He scored after the 58th minute.", "He scored in the 57th minute.", ["58th"]),
        ("The class preceding 2019 applied.", "The Class of 2018 applied.", []),
    ],
)
def test_an_ordinal_of_time_takes_the_bounds_a_date_takes(
    claim: str, passage: str, conflict: list[str]
) -> None:
    missing, clashes = missing_and_conflicts(claim, passage)
    assert (missing, [c for c, _ in clashes]) == ([], conflict)


def test_a_period_counted_from_an_ordinal_day_bounds_the_period_not_the_day() -> None:
    # "5 days before the first of the month" names a day; the direction rule reads it
    _, clashes = missing_and_conflicts(
        "Rent is due 5 days before the first of the month.",
        "Rent is due five (5) days after the first of the month.",
    )
    assert [c for c, _ in clashes] == ["5 days before"]


def test_an_ordinal_that_ranks_no_time_takes_no_bound() -> None:
    # "argued before the Fourth Circuit": before a court, not before a time
    _, clashes = missing_and_conflicts(
        "The appeal was heard by the Ninth Circuit.",
        "Appeal from the District Court, argued before the Court of Appeals for the "
        "Fourth Circuit.",
    )
    assert [c for c, _ in clashes] == ["Ninth"]
