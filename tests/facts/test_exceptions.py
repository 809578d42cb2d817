"""What a denial excepts (``facts.exceptions``): the memoised reading equals the plain one.

``states_exception`` reads each text once and keeps the chains of exceptions a scan
walks; ``states_exception_reference`` scans from the denial every time. Random texts of
exception words, content words, "without"/"not" and clause marks hold them equal at
every denial position and clause end, as do the clause functions of ``facts.polarity``.
And a claim of the very case a rule excepts ("In an emergency, the landlord may enter
without notice") agrees with the rule.
"""

from __future__ import annotations

import re

from fact_pairs import conflict_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark.facts import polarity
from citemark.facts.exceptions import (
    excepted_stems,
    excepted_stems_reference,
    states_exception,
    states_exception_reference,
)

WORDS = (
    "except unless other than save without not no never to an affiliate with consent "
    "in writing written the party agreement assign sublet premises Landlord may shall"
).split()
# Mostly spaces: an exception reads up to 60 characters of its clause, and exceptions
# inside another's reach are what a scan passes over.
MARKS = (*[" "] * 12, ", ", ". ", "; ", "\n", " (", ") ")


def _texts(size: int) -> st.SearchStrategy[str]:
    parts = st.tuples(st.sampled_from(WORDS), st.sampled_from(MARKS))
    return st.lists(parts, max_size=size).map(lambda found: "".join(w + m for w, m in found))


texts = _texts(60)


@settings(max_examples=400, deadline=None)
@given(texts, _texts(6), st.data())
def test_the_memoised_reading_equals_the_plain_one(negated: str, said: str, data) -> None:
    at = data.draw(st.integers(0, len(negated)))
    ends = [None, *(m.start() for m in re.finditer(r"[.;:!?\n]", negated) if m.start() >= at)]
    end = data.draw(st.sampled_from(ends))
    assert excepted_stems(negated, at, end) == excepted_stems_reference(negated, at, end)
    assert states_exception(negated, at, said, end) == states_exception_reference(
        negated, at, said, end
    )


@settings(max_examples=300, deadline=None)
@given(texts, st.data())
def test_the_clause_functions_equal_their_regular_expressions(text: str, data) -> None:
    at = data.draw(st.integers(0, len(text)))
    mark = re.compile(r"[.;:!?\n]").search(text, at)
    assert polarity._clause_end(text, at) == (mark.start() if mark else len(text))
    stop = polarity._clause_end(text, at)
    found = re.compile(r"\bwithout\b", re.IGNORECASE).search(text, at, stop) is not None
    assert polarity._without_between(text, at, stop) == found


def test_an_exception_the_passage_states_and_one_it_denies() -> None:
    denial = "Neither party may assign this Agreement, except to an Affiliate."
    at = denial.index("assign")
    assert states_exception(denial, at, "Either party may assign it to an affiliate.")
    assert not states_exception(denial, at, "Either party may assign it without an affiliate.")
    assert not states_exception(denial, at, "Either party may assign it.")
    # what the exception names after generic words ("prior written consent of the party")
    consent = "The Tenant shall not sublet without the prior written consent of the Landlord."
    assert states_exception(consent, 0, "The Tenant may sublet with the Landlord's consent.")


def test_a_claim_of_the_excepted_case_agrees_with_the_rule() -> None:
    entry = (
        "Landlord may enter the Premises only upon forty-eight (48) hours' written notice, "
        "except in an emergency."
    )
    assert conflict_texts("In an emergency, the landlord may enter without notice.", entry) == []
