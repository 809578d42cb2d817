"""A sentence that names its source by the source's id ("Under Civ. Code § 1950.5, ...").

The section number or the parties in such a lead-in are the source itself: the passage
filed under that id never repeats them, so they are neither a missing fact nor words
nothing supports. Under any other id the same words are both."""

from __future__ import annotations

import citemark
from citemark.spans import outside_cited_ids
from citemark.tokens import tokenize
from citemark.types import Span

STATUTE = (
    "(g)(1) No later than 21 calendar days after the tenant has vacated the premises, "
    "the landlord shall furnish the tenant an itemized statement."
)
SECTION = "Civ. Code § 1950.5"


def _result(answer: str, source_id: str) -> citemark.SentenceResult:
    (sentence,) = citemark.align(answer, [{"id": source_id, "text": STATUTE}]).sentences
    return sentence


def test_a_fact_the_cited_id_states_is_not_missing() -> None:
    answer = (
        f"Under {SECTION}, the landlord shall furnish the tenant an itemized statement "
        "no later than 21 calendar days after the tenant has vacated."
    )
    named = _result(answer, SECTION)
    assert named.status == "supported"
    assert named.missing_facts == ()
    other = _result(answer, "S1")
    assert "1950.5" in [f.text for f in other.missing_facts]


def test_the_words_of_a_cited_id_are_not_flagged_but_the_rest_is() -> None:
    answer = (
        f"Under {SECTION}, the landlord shall furnish the tenant an itemized statement "
        "and pay yearly interest on the deposit."
    )
    named = _result(answer, SECTION)
    assert named.status == "partial"
    flagged = [answer[s.start : s.end] for s in named.unsupported_spans]
    assert flagged == ["and pay yearly interest on the deposit"]
    other = _result(answer, "S1")
    assert [answer[s.start : s.end] for s in other.unsupported_spans] == [
        f"Under {SECTION}",
        "and pay yearly interest on the deposit",
    ]


def _cut(text: str, spans: list[tuple[int, int]], ids: list[str]) -> list[str]:
    whole = Span(0, len(text))
    got = outside_cited_ids(text, whole, tuple(Span(a, b) for a, b in spans), tokenize(text), ids)
    return [text[s.start : s.end] for s in got]


def test_outside_cited_ids_cuts_the_id_out_of_a_span_and_drops_what_is_only_function_words() -> (
    None
):
    text = "Under Civ. Code § 1950.5 the landlord pays interest."
    whole = [(0, len(text) - 1)]
    assert _cut(text, whole, [SECTION]) == ["the landlord pays interest"]
    assert _cut(text, [(0, 24)], [SECTION]) == []  # "Under" alone is no span
    assert _cut(text, whole, ["S9 Other Act"]) == [text[:-1]]  # an id not written out
    # case and spacing do not matter: the id is matched token for token
    assert _cut(text, whole, ["civ code §1950.5"]) == ["the landlord pays interest"]
    # an id of one word names a thing the sentence may well be about
    assert _cut(text, whole, ["landlord"]) == [text[:-1]]


def test_facts_a_cited_id_states_are_not_flagged_even_where_the_id_is_not_written_out() -> None:
    case = "Dickerson v. United States, 530 U.S. 428 (2000)"
    passage = "In Dickerson, the Court reaffirmed Miranda, holding that Congress may not act."
    answer = (
        "In Dickerson v. United States (2000), the Court reaffirmed Miranda "
        "and struck down a federal statute."
    )

    def flagged(source_id: str) -> list[str]:
        report = citemark.align(answer, [{"id": source_id, "text": passage}])
        return [answer[s.start : s.end] for s in report.sentences[0].unsupported_spans]

    assert flagged(case) == ["and struck down a federal statute"]
    assert "United States (2000)" in flagged("S2")
