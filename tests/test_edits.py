"""Edited quotes (``citemark.edits``): a sentence that copies its source word for word but
for one swapped word, or for a clause added to the quoted ones, is not supported.

The copied words carry most of the score, so without this check a swapped noun ("Visitors
are prohibited" for "Firearms are prohibited") or an added permission ("and the Tenant may
keep a cat") would pass as a faithful quote. A copy, a near synonym in the slot, and a
clause the sources say themselves stay supported.
"""

from __future__ import annotations

import pytest

import citemark

MSA = [
    {
        "id": "msa",
        "text": "Firearms are prohibited on the Premises at all times. Smoking is not allowed in "
        "the Premises. The Supplier shall deliver the Products to the Customer's warehouse in "
        "Ohio. Confidential Information shall be returned within ten (10) days of termination.",
    }
]


@pytest.mark.parametrize(
    ("answer", "swapped"),
    [
        ("Visitors are prohibited on the Premises at all times.", "Visitors"),
        ("Pets are allowed in the Premises.", "Pets"),
        (
            "The Supplier shall deliver the invoices to the Customer's warehouse in Ohio.",
            "invoices",
        ),
        ("All software shall be returned within ten (10) days of termination.", "software"),
    ],
)
def test_a_quote_with_its_noun_swapped_is_not_supported(answer: str, swapped: str) -> None:
    result = citemark.align(answer, MSA).sentences[0]
    assert result.status == "partial"
    assert any(swapped in answer[s.start : s.end] for s in result.unsupported_spans)
    # the quote stays cited: the reviewer sees what the source says in that slot
    assert any(c.kind == "verbatim" for c in result.citations)


@pytest.mark.parametrize(
    "answer",
    [
        # the copy itself, and a word the static model holds close ("goods" / "Products")
        "The Supplier shall deliver the Products to the Customer's warehouse in Ohio.",
        "The Supplier shall deliver the goods to the Customer's warehouse in Ohio.",
        # a swapped word some source states is another of the sources' things, which the
        # fact and name checks weigh
        "Smoking is prohibited on the Premises at all times.",
    ],
)
def test_a_copy_or_a_near_synonym_in_the_slot_stays_supported(answer: str) -> None:
    assert citemark.align(answer, MSA).sentences[0].status == "supported"


CAT = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. The Landlord shall maintain the "
        "roof. Disputes shall be arbitrated in Boston.",
    }
]


@pytest.mark.parametrize(
    ("answer", "added"),
    [
        (
            "The Tenant shall pay rent of $2,400 per month, and the Landlord shall maintain the "
            "roof, and the Tenant may keep a cat.",
            "keep a cat",
        ),
        (
            "The Tenant shall pay rent of $2,400 per month; the Landlord shall maintain the roof; "
            "the Tenant may sublet freely.",
            "sublet freely",
        ),
        (
            "(a) The Tenant shall pay rent of $2,400 per month; (b) the Tenant may keep a cat.",
            "keep a cat",
        ),
    ],
)
@pytest.mark.parametrize("preset", ["default", "lexical"])
def test_a_clause_added_to_quoted_clauses_is_not_supported(
    answer: str, added: str, preset: str
) -> None:
    result = citemark.align(answer, CAT, config=preset).sentences[0]
    assert result.status == "partial"
    shown = [answer[s.start : s.end] for s in result.unsupported_spans]
    assert any(added in words for words in shown), shown
    # never drawn as support in the tagged answer
    tagged = citemark.align(answer, CAT, config=preset).tagged()
    assert f'kind="paraphrase">{added}' not in tagged and f"{added}</cite>" not in tagged


def test_a_clause_of_the_sources_own_words_after_a_quote_stays_supported() -> None:
    answer = (
        "The Tenant shall pay rent of $2,400 per month, and the Landlord shall maintain the roof."
    )
    assert citemark.align(answer, CAT).sentences[0].status == "supported"
