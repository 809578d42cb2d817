"""The order of two events (``facts.sequence``): "The purchase price is paid after closing"
against "shall be paid ... at or prior to the Closing".

The claim and the clause share every word but the one that orders the act and the event.
The same order said the other way round ("B after A" for "A before B"), a deadline said in
other words, and a denied act (left to the negation rules) are no conflict.
"""

from __future__ import annotations

from fact_pairs import conflict_texts, sentence_of

PAID = (
    "The Purchase Price shall be paid in full by Buyer by wire transfer of immediately "
    "available funds at or prior to the Closing."
)


def test_an_act_put_after_the_event_the_clause_puts_it_before_conflicts() -> None:
    assert conflict_texts("The purchase price is paid after closing.", PAID) == [
        ("after", "prior to")
    ]
    exhibits = (
        "The parties shall exchange exhibit lists and copies of all exhibits at least fourteen "
        "(14) days before the Final Pretrial Conference."
    )
    assert conflict_texts(
        "Exhibits are exchanged after the final pretrial conference.", exhibits
    ) == [("after", "before")]
    sentence = sentence_of("The purchase price is paid after closing.", PAID)
    assert sentence.status == "unsupported"


def test_the_same_order_said_either_way_is_no_conflict() -> None:
    assert conflict_texts("The purchase price is paid before closing.", PAID) == []
    inspect = "Buyer shall inspect the Property prior to the Closing."
    # "B after A" is "A before B"
    assert (
        conflict_texts("The closing happens after the buyer inspects the property.", inspect) == []
    )
    notice = (
        "Tenant shall give notice not later than thirty (30) days prior to the expiration of "
        "the Term."
    )
    assert (
        conflict_texts(
            "Notice must be given no later than 30 days before the lease expires.", notice
        )
        == []
    )
    # a denied act is left to the negation rules
    note = "The Note may not be prepaid, in whole or in part, prior to the Maturity Date."
    assert conflict_texts("The loan may not be prepaid before maturity.", note) == []
