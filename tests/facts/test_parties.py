"""Who pays, who owns, who may act, said in either voice: "The Buyer pays the shipping
costs" against "All shipping costs shall be borne by Seller", "The Licensee owns the
improvements" against "All improvements shall be owned by Licensor". A maker or user
inside a longer phrase ("incurred by Seller", "to be used by Licensee"), both parties
together, and a cost of another thing are none.

The same holds of a party's act in the active voice ("The landlord pays the rent" against
"The Tenant shall pay rent"), of one side alone against "Either party", of a party found
past an opening phrase, an aside or an adverb, and of the sides of a suit ("The plaintiff,
Acme" against "Defendant Acme").
"""

from __future__ import annotations

import pytest
from fact_pairs import conflict_texts, conflicts

from citemark import align


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


# --- a party's act: the same thing done by the other party --------------------------------


ROOF = "The Tenant shall pay rent of $2,400 per month. The Landlord shall maintain the roof."


TAXES = "The Tenant shall pay rent of $2,400 per month. Landlord shall pay all real property taxes."


@pytest.mark.parametrize(
    ("source", "answer", "conflict"),
    [
        # another party doing the same to another thing is no rival
        (ROOF, "The landlord pays for water.", None),
        # the same thing done by the other party is
        (ROOF, "The landlord pays the rent.", ("landlord", "Tenant")),
        (TAXES, "The tenant pays the property taxes.", ("tenant", "Landlord")),
    ],
)
def test_a_partys_act_conflicts_only_over_the_same_thing(
    source: str, answer: str, conflict: tuple[str, str] | None
) -> None:
    sources = [{"id": "lease", "text": source}]
    found = [(c.text, c.evidence) for c in align(answer, sources).sentences[0].conflicts]
    assert found == ([conflict] if conflict else [])


# --- one side against either or both ------------------------------------------------------


def test_one_side_alone_against_either_party_conflicts() -> None:
    either = (
        "Either party may terminate this Agreement for convenience upon ninety (90) days' "
        "written notice."
    )
    assert conflict_texts(
        "Only Customer may terminate this Agreement for convenience.", either
    ) == [("Only Customer", "Either party")]
    assert (
        conflict_texts("Either party may terminate this Agreement for convenience.", either) == []
    )


# --- which side acts: the subject past an opening phrase, an aside or a passive -----------


def test_a_party_after_an_opening_phrase_is_the_subject() -> None:
    lease = (
        "4. Repairs. Landlord shall maintain the roof, plumbing and heating systems. Tenant shall "
        "be responsible for repairs caused by Tenant's negligence."
    )
    for claim in (
        "Under the lease, Tenant shall maintain the roof, plumbing and heating systems.",
        "Tenant shall maintain the roof.",
    ):
        assert conflict_texts(claim, lease) == [("Tenant", "Landlord")], claim
    assert conflict_texts("Under the lease, Landlord shall maintain the roof.", lease) == []


def test_provider_and_customer_are_two_sides() -> None:
    msa = "11.2 Upon termination, Provider shall return all Customer Data within thirty (30) days."
    assert conflict_texts(
        "Customer shall return all Customer Data within thirty (30) days.", msa
    ) == [("Customer", "Provider")]


def test_a_party_put_on_the_other_side_of_a_suit_conflicts() -> None:
    order = "On March 12, 2024, the Court heard Defendant Acme Robotics Corp.'s motion to dismiss."
    assert conflict_texts("The plaintiff, Acme Robotics Corp., moved to dismiss.", order) == [
        ("plaintiff", "Defendant")
    ]
    assert conflict_texts("The defendant, Acme Robotics Corp., moved to dismiss.", order) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a passive party past an adverb, of a subject with its "to" phrase
        (
            "The licensee owns any improvements it makes to the licensed technology.",
            "All improvements to the Licensed Technology shall be owned exclusively by Licensor.",
            ("opposite", "licensee"),
        ),
        (
            "The contractor must obtain the building permits for the project.",
            "The Owner shall obtain and pay for all building permits required for the Project.",
            ("opposite", "contractor"),
        ),
        # the party before its verb, past an aside or an adverb; a pair of parties that
        # Snowball gives one stem ("insurer", "insured")
        (
            "The tenant must maintain and repair the roof.",
            "Landlord, at its sole cost and expense, shall maintain and repair the roof, "
            "foundation and structural elements of the Building.",
            ("opposite", "tenant"),
        ),
        (
            "The licensor is responsible for obtaining export licenses.",
            "Licensee shall be solely responsible for obtaining any export licenses.",
            ("opposite", "licensor"),
        ),
        (
            "The insurer has the right to select defense counsel.",
            "The Insured shall have the right to select defense counsel.",
            ("opposite", "insurer"),
        ),
    ],
)
def test_the_other_party_past_an_aside_an_adverb_or_a_passive_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    """The party that acts, found past an aside, an adverb or a passive "by", and parties
    whose stems agree ("insurer", "insured") told apart."""
    found = conflicts(claim, passage)
    assert found, (claim, passage)
    if expected is not None:
        assert (found[0][0], found[0][1]) == expected


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # each party owes the other a notice: two duties, not one given to either
        (
            "Licensee shall notify Licensor promptly after it becomes aware of any infringement.",
            "Licensor will promptly notify Licensee in writing of any indemnified claim.",
        ),
    ],
)
def test_two_duties_each_party_owes_the_other_are_no_conflict(claim: str, passage: str) -> None:
    """Each party owes the other a notice: two duties, neither given to the wrong side."""
    assert conflicts(claim, passage) == []
