"""Who holds a contract's named role (``facts.appointments``): "Acme Corp. is the supplier"
against a passage that makes Beacon Industries, Inc. the "Supplier".

A role given to its own party, a role several parties share, and a role held by a
description ("the customer identified on the Order Form") are no conflict.
"""

from __future__ import annotations

from fact_pairs import conflict_texts, sentence_of

import citemark.facts.appointments as appointments


def test_a_name_takes_at_most_three_suffixes() -> None:
    """The bound on a name's suffixes (which keeps a run of "Corp" from being read again
    from each part) still reads "Acme Co. Ltd." and "Wells Fargo Bank, National
    Association" whole."""
    found = appointments._DEFINED.search('Acme Co. Ltd. (the "Supplier")')
    assert found is not None and found.group("name") == "Acme Co. Ltd."
    text = 'Wells Fargo Bank, National Association (the "Agent")'
    found = appointments._DEFINED.search(text)
    assert found is not None and found.group("name") == "Wells Fargo Bank, National Association"


SUPPLY = (
    "This Supply Agreement is entered into by and between Beacon Industries, Inc., a Delaware "
    'corporation ("Supplier"), and Acme Corp., an Ohio corporation ("Purchaser").'
)


CREDIT = (
    "This Credit Agreement is entered into among Harbor Point Inc., as Borrower, the Lenders "
    "from time to time party hereto, and Wells Fargo Bank, National Association, as "
    "Administrative Agent, with JPMorgan Chase Bank, N.A. acting as Syndication Agent."
)


ESCROW = (
    "The parties hereby appoint U.S. Bank National Association as escrow agent (the "
    '"Escrow Agent") to hold the Escrow Amount in accordance with this Agreement.'
)


def test_a_role_given_to_another_party_is_a_conflict() -> None:
    assert conflict_texts("Acme Corp. is the supplier under the agreement.", SUPPLY) == [
        ("Acme Corp.", "Beacon Industries, Inc.")
    ]
    assert conflict_texts("The administrative agent is JPMorgan Chase Bank.", CREDIT) == [
        ("JPMorgan Chase Bank", "Wells Fargo Bank, National Association")
    ]
    assert conflict_texts("The escrow agent is Citibank.", ESCROW) == [
        ("Citibank", "U.S. Bank National Association")
    ]
    sentence = sentence_of("Acme Corp. is the supplier under the agreement.", SUPPLY)
    assert sentence.status == "unsupported"


def test_a_role_given_to_its_own_party_or_to_no_named_party_is_no_conflict() -> None:
    assert conflict_texts("Beacon Industries is the supplier.", SUPPLY) == []
    assert conflict_texts("Acme is the purchaser.", SUPPLY) == []
    assert conflict_texts("Wells Fargo is the administrative agent.", CREDIT) == []
    # a role shared by several parties, and one held by a description, bind no one
    sellers = 'This Agreement is made among Jones LLC, Smith LLC and Brown LLC (each a "Seller").'
    assert conflict_texts("The seller is Smith LLC.", sellers) == []
    order_form = (
        'This Software License Agreement is entered into between SAP America, Inc. ("Licensor") '
        'and the customer identified on the Order Form ("Licensee").'
    )
    assert conflict_texts("The licensee is Acme Inc.", order_form) == []
