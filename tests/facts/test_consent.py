"""A permission the claim gives freely against an act a passage allows only with consent
(``facts.consent``): "The tenant may sublet the premises without the landlord's consent"
against "Tenant shall not ... sublet the Premises without the prior written consent of
Landlord"; "Either party may assign the agreement freely" against "Neither party may
assign ... without the other party's prior written consent".

A claim that denies the act too, frees it only in a case the passage excepts, speaks of
the other party, or asks the consent the passage asks, is no conflict.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflicts

from citemark import align, load_config

# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
ALL_RULES = load_config("default").with_(rules_off=())

LEASE_CONSENT = (
    "Tenant may sublet the Premises only with the prior written consent of Landlord, which "
    "shall not be unreasonably withheld. The Tenant shall not assign this Lease without the "
    "Landlord's prior written consent."
)


def test_subletting_without_the_consent_the_lease_requires_is_a_conflict() -> None:
    """ "Without the landlord's consent" denies the consent, not the landlord (the
    possessive); and the lease's "shall not assign ... without ... consent" denies another
    act, so it does not say the claim's "without consent" too."""
    claim = "The tenant may sublet the premises without the landlord's consent."
    result = align(claim, [{"id": "L", "text": LEASE_CONSENT}], config=ALL_RULES).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [
        ("without the landlord's consent", "with the prior written consent")
    ]


def test_a_denial_of_the_same_act_still_agrees() -> None:
    """The lease denies assigning without consent, so the claim that says so has no
    conflict."""
    claim = "The tenant may not assign the lease without the landlord's consent."
    result = align(claim, [{"id": "L", "text": LEASE_CONSENT}], config=ALL_RULES).sentences[0]
    assert result.conflicts == ()


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a permission the claim frees of consent, against one given only with consent
        (
            "The tenant may sublet the premises without the landlord's consent.",
            "Tenant shall not assign this Lease or sublet all or any part of the Premises "
            "without the prior written consent of Landlord.",
            ("negation", "may sublet the premises without the landlord's consent"),
        ),
        (
            "Either party can assign the agreement freely.",
            "Neither party may assign or transfer this Agreement, by operation of law or "
            "otherwise, without the other party's prior written consent.",
            ("negation", "can assign the agreement freely"),
        ),
        (
            "Either party can freely assign the agreement.",
            "Neither party may assign this Agreement without the prior written consent of "
            "the other party.",
            ("negation", "party can freely assign"),
        ),
        (
            "Either party may assign the agreement without consent.",
            "No assignment shall be made without the prior written consent of Buyer.",
            ("negation", "may assign the agreement without consent"),
        ),
        (
            "The agreement can be assigned without the other party's consent.",
            "Neither Party may assign or transfer this Agreement without the prior written "
            "consent of the other Party.",
            ("negation", "can be assigned without the other party's consent"),
        ),
    ],
)
def test_a_free_permission_against_one_given_only_with_consent_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    """ "Freely" or "without consent" against an act the passage allows only with consent,
    whoever the passage names and however it words the consent."""
    found = conflicts(claim, passage)
    assert found, (claim, passage)
    if expected is not None:
        assert (found[0][0], found[0][1]) == expected


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the claim denies the act itself
        (
            "Neither party may assign its rights under this Agreement without the written "
            "consent of the other.",
            "Neither party shall assign this Agreement without the express prior written "
            "consent of the other.",
        ),
        # the freedom holds in a case only ("(i) to an Affiliate")
        (
            "Customer may assign this Agreement without Changepoint's consent (i) to an Affiliate.",
            "Neither party may assign this Agreement without the prior written consent of "
            "the other party.",
        ),
        # two named parties: one may, the other may not
        (
            "ECOPETROL may assign the Contract without the authorization from the SENDER.",
            "The SENDER shall not assign the Contract without the previous written consent "
            "of ECOPETROL.",
        ),
        # with consent, as the passage allows
        (
            "The tenant may sublet the premises with the landlord's consent.",
            "Tenant shall not sublet the Premises without the prior written consent of Landlord.",
        ),
    ],
)
def test_consent_the_passage_asks_for_or_a_case_it_excepts_is_no_conflict(
    claim: str, passage: str
) -> None:
    """A claim that denies the act too, frees it in an excepted case only, speaks of the
    other party, or asks the consent the passage asks: no conflict."""
    assert conflicts(claim, passage) == []
