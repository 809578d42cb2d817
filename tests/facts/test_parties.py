"""Who pays, who owns, who may act, said in either voice: "The Buyer pays the shipping
costs" against "All shipping costs shall be borne by Seller", "The Licensee owns the
improvements" against "All improvements shall be owned by Licensor". A maker or user
inside a longer phrase ("incurred by Seller", "to be used by Licensee"), both parties
together, and a cost of another thing are none."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage passive, the claim active
        ("The Buyer pays the shipping costs.", "All shipping costs shall be borne by Seller."),
        ("The Buyer pays the shipping costs.", "All shipping costs shall be paid by the Seller."),
        ("The Licensee owns the improvements.", "All improvements shall be owned by Licensor."),
        # the claim passive, the passage active
        ("Shipping costs are borne by the Buyer.", "Seller shall pay all shipping costs."),
        ("The lease may be terminated by the Landlord.", "The Tenant may terminate the lease."),
        # "own" after a modal, and a cost "borne" in the active voice
        ("The Licensee owns the improvements.", "Licensor shall own all improvements."),
        ("The Buyer pays the shipping costs.", "Seller shall bear all shipping costs."),
        # whose property a thing is, and the two sides of a services contract
        (
            "The Licensee owns the improvements.",
            "All improvements shall be the sole and exclusive property of Licensor.",
        ),
        (
            "The contractor owns the work product.",
            "All work product shall be the sole property of the Client.",
        ),
        # the two sides of a payment, a transfer and an indemnity
        ("The Payor shall bear all bank charges.", "The Payee shall bear all bank charges."),
        ("The Transferor pays the transfer taxes.", "The Transferee shall pay all transfer taxes."),
        ("The Indemnitor controls the defense.", "The Indemnitee shall control the defense."),
        # the maker inside the passage's subject is not its owner
        (
            "The Licensee owns the improvements.",
            "All improvements made by Licensee shall be owned by Licensor.",
        ),
    ],
)
def test_another_party_in_either_voice_conflicts(claim: str, passage: str) -> None:
    found = conflicts(claim, passage)
    assert [kind for kind, _, _ in found] == ["opposite"]
    _, said, other = found[0]
    assert said.lower() in claim.lower() and other.lower() in passage.lower()
    assert said.lower() != other.lower()


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same party, in the other voice
        ("The Seller pays the shipping costs.", "All shipping costs shall be borne by Seller."),
        ("The Licensor owns the improvements.", "All improvements shall be owned by Licensor."),
        (
            "The client owns the work product.",
            "All work product shall be the property of the Client.",
        ),
        # another thing owned
        (
            "The Contractor owns the tools.",
            "All work product shall be the sole property of the Client.",
        ),
        # a party that incurred or used a thing is not who pays for it or owns it
        (
            "The Buyer pays the shipping costs.",
            "Buyer shall reimburse all shipping costs incurred by Seller.",
        ),
        (
            "The Licensee may use the materials.",
            "Licensee shall obtain approval for all materials to be used by Licensee.",
        ),
        (
            "The Licensee owns the improvements.",
            "Licensee shall own all improvements made by Licensor.",
        ),
        # both parties together
        (
            "The Buyer pays the shipping costs.",
            "Shipping costs shall be borne by Buyer and Seller equally.",
        ),
        (
            "The Tenant may terminate the lease.",
            "The lease may be terminated by the Landlord or the Tenant.",
        ),
        # a cost of another thing: bearing costs is paying those costs only
        (
            "The Licensee pays the bank charges.",
            "The Licensor shall bear all costs associated with the trademarks.",
        ),
        (
            "The Licensee shall pay the difference within thirty days.",
            "The Licensor shall bear all costs associated with the trademarks.",
        ),
        # another act done to another thing, in the passive
        (
            "The Supplier agrees to provide facilities to the Customer.",
            "Supplier shall not commence any action until such a plan has been agreed by Customer.",
        ),
    ],
)
def test_the_same_party_or_another_thing_is_no_conflict(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []
