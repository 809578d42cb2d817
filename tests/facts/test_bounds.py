"""No bound against a bound: "unlimited" against a cap, "perpetual" against an end, said
of the same thing, either way round; and "guaranteed" against "discretionary"."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts

import citemark


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Supplier's liability is unlimited.",
            "The Supplier's liability shall not exceed $1,000,000.",
            ("unlimited", "shall not exceed"),
        ),
        (
            "The Supplier has unlimited liability.",
            "In no event shall the Supplier's aggregate liability exceed the fees paid.",
            ("unlimited", "In no event shall the Supplier's aggregate liability exceed"),
        ),
        (
            "Licensee may install the Software on an unlimited number of devices.",
            "The number of devices on which Licensee may install the Software shall not "
            "exceed five (5).",
            ("unlimited", "shall not exceed"),
        ),
        (
            "The license is perpetual.",
            "The license shall expire after five years.",
            ("perpetual", "shall expire"),
        ),
        (
            "The license is perpetual.",
            "The license has a term of five (5) years.",
            ("perpetual", "has a term of"),
        ),
        (
            "Licensor grants a perpetual, irrevocable license to use the Software.",
            "The license granted hereunder shall expire on the fifth anniversary of the "
            "Effective Date.",
            ("perpetual", "shall expire"),
        ),
        (
            "The executive's bonus is guaranteed.",
            "The executive's bonus is discretionary.",
            ("guaranteed", "discretionary"),
        ),
        (
            "Employees receive a guaranteed bonus.",
            "Employees may receive a discretionary bonus.",
            ("guaranteed", "discretionary"),
        ),
    ],
)
def test_no_bound_against_a_bound_on_the_same_thing_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the cap has an exception: the claim may be about what it leaves out
        (
            "The Supplier's liability is unlimited.",
            "Except for breaches of confidentiality, the Supplier's liability shall not "
            "exceed $1,000,000.",
        ),
        # the claim denies the unlimited
        (
            "The Supplier's liability is not unlimited.",
            "The Supplier's liability shall not exceed $1,000,000.",
        ),
        # another thing is capped or ends
        ("Licensee receives an unlimited license.", "The number of users shall not exceed 50."),
        (
            "The license is perpetual.",
            "This Agreement shall expire after five years, but the license shall survive.",
        ),
        (
            "Licensor grants a perpetual license to the Licensed Technology.",
            "LICENSEE shall maintain records of its distribution of the Licensed Technology "
            "for a period of one year.",
        ),
        (
            "Licensor grants a perpetual license to the Content.",
            "The term of the license for Translated Content shall be for a term of two years.",
        ),
        # what survives expiration is not what expires
        ("The license is perpetual.", "The license shall survive expiration of this Agreement."),
        ("The license is perpetual.", "Licensee's perpetual license shall not expire."),
        # the same bound, said both ways
        ("The bonus is guaranteed.", "The bonus is guaranteed."),
    ],
)
def test_no_bound_conflict_on_another_thing_or_an_excepted_bound(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Supplier's liability shall not exceed $1,000,000.",
            "The Supplier's liability is unlimited.",
            ("shall not exceed", "unlimited"),
        ),
        (
            "In no event shall the Supplier's aggregate liability exceed $500,000.",
            "The Supplier's liability under this Agreement is unlimited.",
            ("In no event shall the Supplier's aggregate liability exceed", "unlimited"),
        ),
        (
            "The license expires after five years.",
            "Licensor grants Licensee a perpetual, irrevocable license.",
            ("expires", "perpetual"),
        ),
    ],
)
def test_a_bound_against_no_bound_conflicts_the_other_way_round(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a carve-out, a case named, an exception in the claim's cap
        (
            "Liability is capped at the fees paid.",
            "Notwithstanding the foregoing, liability for fraud is unlimited.",
        ),
        (
            "Liability is capped at the fees paid.",
            "The Supplier shall have unlimited liability for fraud.",
        ),
        (
            "The Supplier's liability shall not exceed $1,000,000 except for fraud.",
            "The Supplier's liability is unlimited.",
        ),
        # another thing: another license, another party's liability
        (
            "The Shortfall License shall expire after six months.",
            "Licensor hereby grants a perpetual license under such Patents.",
        ),
        ("The agreement has a term of five years.", "The license is perpetual."),
    ],
)
def test_a_bound_against_an_open_case_or_another_thing_is_no_conflict(
    claim: str, passage: str
) -> None:
    assert [c for c in conflicts(claim, passage) if c[2] in ("unlimited", "perpetual")] == []


def test_a_bound_conflict_makes_the_sentence_unsupported_with_its_evidence() -> None:
    text = "9.1 The Supplier's liability shall not exceed the fees paid in the prior year."
    report = citemark.align("The Supplier's liability is unlimited.", [{"id": "MSA", "text": text}])
    sentence = report.sentences[0]
    assert sentence.status == "unsupported"
    (conflict,) = sentence.conflicts
    assert (conflict.text, conflict.evidence, conflict.source_id) == (
        "unlimited",
        "shall not exceed",
        "MSA",
    )
    assert text[conflict.source_start : conflict.source_end] == "shall not exceed"
