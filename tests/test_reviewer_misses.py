"""Contradictions a legal reviewer flags that the fact check let pass (stop 37).

Each case below was missed before: found by a set of contradicting pairs written
without sight of the rules, and by a new user's trial of the command line. Beside
each rule stand the true pairs it must leave alone, from the audits that checked it.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflict_pairs, conflicts

import citemark


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
        # a kind in a list of modifiers, said of the claim's subject
        (
            "The license is exclusive.",
            "Licensor grants Licensee a non-exclusive, non-transferable, worldwide license.",
            ("opposite", "exclusive"),
        ),
        # an order's outcome after a bracketed docket reference
        (
            "The court granted the motion to dismiss.",
            "Accordingly, Defendant's Motion to Dismiss for Failure to State a Claim "
            "(ECF No. 14) is DENIED.",
            ("opposite", "granted"),
        ),
        (
            "The court adopted the narrow-restraint exception.",
            "The court rejected the narrow-restraint exception.",
            ("opposite", "adopted"),
        ),
        # "is therefore void": an adverb between the verb and what it says
        ("Such a contract is not void.", "Such a contract is therefore void.", None),
        # notice counted in hyphenated words against none at all
        (
            "The landlord may enter the premises without notice.",
            "Landlord may enter the Premises upon twenty-four (24) hours' notice.",
            ("negation", "without notice"),
        ),
        # two courts that differ by their quarter alone
        (
            "The securities class action was filed in the Southern District of New York.",
            "Plaintiffs filed this putative class action in the United States District Court "
            "for the Eastern District of New York on June 2, 2020.",
            ("name", "Southern District of New York"),
        ),
        # two states named "State of ...": "of" tells no name apart
        (
            "The agreement is governed by the laws of the State of California.",
            "This Agreement is governed by the laws of the State of Delaware.",
            ("name", "State of California"),
        ),
    ],
)
def test_reviewer_misses_conflict(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
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
        # each party owes the other a notice: two duties, not one given to either
        (
            "Licensee shall notify Licensor promptly after it becomes aware of any infringement.",
            "Licensor will promptly notify Licensee in writing of any indemnified claim.",
        ),
        # a severability clause's hope is no grant ("to be valid, enforceable provisions")
        (
            "If any provision of this agreement is held to be invalid by a court, the "
            "remaining provisions remain in effect.",
            "The parties agree to renegotiate in good faith those provisions so held to be "
            "invalid to be valid, enforceable provisions.",
        ),
        # the same court, with more words around it
        (
            "The case was filed in the Southern District of New York.",
            "The case was filed in the United States District Court for the Southern District "
            "of New York on June 2.",
        ),
        # a choice between a word and its opposite states neither
        (
            "The Committee adopted the proposal.",
            "The Committee shall decide whether to accept or reject the proposal.",
        ),
    ],
)
def test_reviewer_rules_leave_true_pairs_alone(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The security deposit is $2,400.",
            "The monthly rent is $2,400. The security deposit is $4,800.",
            ("amount", "$2,400", "$4,800"),
        ),
        (
            "The warranty lasts 12 months.",
            "The warranty lasts ninety (90) days. Either party may terminate on 12 months' notice.",
            ("number", "12 months", "ninety (90) days"),
        ),
        (
            "The notice period for termination is thirty (30) days.",
            "The notice period for termination is sixty (60) days. Invoices are payable "
            "within thirty (30) days.",
            ("number", "thirty (30) days", "sixty (60) days"),
        ),
    ],
)
def test_a_value_stated_only_in_another_role_is_no_support(
    claim: str, passage: str, expected: tuple[str, str, str]
) -> None:
    """The claim's value is in the passage, but only where the passage speaks of
    something else; where it speaks of the claim's thing, it gives another value."""
    assert conflicts(claim, passage) == [expected]


def test_a_value_in_another_role_conflicts_across_sources_too() -> None:
    """The rival and the claim's value may stand in two cited passages."""
    found = conflict_pairs(
        "The security deposit is $2,400.",
        ["Payment received: $2,400.", "The security deposit is $4,800."],
    )
    assert found == [("amount", "$2,400", "$4,800")]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the value is stated in its own role too
        (
            "The security deposit is $4,800.",
            "The monthly rent is $2,400. The security deposit is $4,800.",
        ),
        # in one sentence, each value is given its role ("respectively")
        (
            "Contributions to human service organizations rose by 15 percent.",
            "Contributions to human service organizations and large branches of the United "
            "Way rose by 15 percent and 28.6 percent, respectively.",
        ),
        # a bare count or year names too many things to be read across sentences
        (
            "An Error is a Class 2 Error if the Software is still usable.",
            "An Error is a Class 1 Error if the Software is unusable. Class 2 support "
            "is given by phone.",
        ),
        # the rival's clause lacks a word of the claim's role
        (
            "The security deposit is $2,400.",
            "The monthly rent is $2,400. The deposit for keys is $50.",
        ),
    ],
)
def test_a_value_elsewhere_is_left_alone_when_its_role_is_not_plain(
    claim: str, passage: str
) -> None:
    assert conflicts(claim, passage) == []


def test_the_lease_check_fails_a_deposit_stated_as_the_rent() -> None:
    """End to end, as the new user met it: the sentence is unsupported, not supported."""
    report = citemark.align(
        "The security deposit is $2,400.",
        [{"id": "lease", "text": "The monthly rent is $2,400. The security deposit is $4,800."}],
    )
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    assert [(c.text, c.evidence) for c in sentence.conflicts] == [("$2,400", "$4,800")]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The customer paid the invoice within 12 days.",
            "Customer shall pay all undisputed invoices within thirty (30) days of receipt.",
        ),
        (
            "The insurer paid the claim 40 days after receiving the proof of loss.",
            "The Company will pay the Insured within sixty (60) days after receipt of an "
            "acceptable proof of loss.",
        ),
        (
            "The contractor reached substantial completion 150 days after the notice to proceed.",
            "Contractor shall achieve Substantial Completion not later than two hundred (200) "
            "calendar days after the date of the Notice to Proceed.",
        ),
    ],
)
def test_an_event_that_keeps_the_deadline_is_no_conflict(claim: str, passage: str) -> None:
    """A claim that reports what happened, inside the limit the clause sets, complies."""
    assert conflicts(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the event breaks the limit
        (
            "The customer paid the invoice within 45 days.",
            "Customer shall pay all undisputed invoices within thirty (30) days of receipt.",
        ),
        # a rule against a rule, the claim's stricter
        (
            "The customer must pay invoices within 12 days.",
            "Customer shall pay all undisputed invoices within thirty (30) days of receipt.",
        ),
        ("The tenant has two years to sue.", "A tenant must bring an action within one year."),
    ],
)
def test_a_rule_or_a_broken_deadline_still_conflicts(claim: str, passage: str) -> None:
    assert [kind for kind, _, _ in conflicts(claim, passage)] == ["number"]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Rent is payable quarterly.",
            "Base Rent shall be payable in equal monthly installments, in advance, on the first "
            "day of each calendar month during the Term.",
            ("quarterly", "monthly"),
        ),
        (
            "Royalty reports are due annually.",
            "Within thirty (30) days after the end of each calendar quarter, Licensee shall "
            "deliver to Licensor a written report setting forth Net Sales and the royalties "
            "due thereon.",
            ("annually", "each calendar quarter"),
        ),
        (
            "Non-employee directors receive their retainer in monthly installments.",
            "Each non-employee director shall receive an annual cash retainer of $80,000, "
            "payable in equal quarterly installments in arrears.",
            ("monthly", "quarterly"),
        ),
        (
            "Interest on the notes is paid semi-annually.",
            "Interest on the Notes will be payable quarterly in arrears on March 15, June 15, "
            "September 15 and December 15 of each year.",
            ("semi-annually", "quarterly"),
        ),
        (
            "Service levels are measured weekly.",
            "Service Level performance shall be measured on a calendar-month basis.",
            ("weekly", "on a calendar-month basis"),
        ),
    ],
)
def test_a_frequency_said_in_other_words_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    found = conflicts(claim, passage)
    assert [(c[1], c[2]) for c in found] == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage states the claim's frequency too
        (
            "Rent is payable monthly.",
            "Base Rent shall be payable in equal monthly installments on the first day of "
            "each calendar month.",
        ),
        # a floor or a cap the claim's frequency keeps, on either side
        ("The board meets monthly.", "The Board shall meet at least quarterly."),
        (
            "The JSC will meet no less than once each calendar quarter.",
            "The JSC shall meet once each month.",
        ),
        # the period of a sum is no schedule
        (
            "Beckham will receive a yearly salary plus bonuses.",
            "Beckham will earn a weekly wage of $190,000 plus bonuses.",
        ),
        # "annual" names a kind of thing; "Quarterly" inside a sentence is part of a name
        (
            "Shipper shall furnish the recording charts weekly.",
            "Shipper shall also furnish copies of annual calibration certificates.",
        ),
        (
            "The Agent shall report to the Steering Committee monthly.",
            "The Agent shall deliver the Quarterly Report to the Steering Committee.",
        ),
        # two sentences about other things that share a word or two
        (
            "Licensee shall pay royalties quarterly.",
            "Licensor shall send Licensee a monthly newsletter about new products and "
            "trade shows in the Territory.",
        ),
    ],
)
def test_frequencies_left_alone(claim: str, passage: str) -> None:
    assert [c for c in conflicts(claim, passage) if c[0] == "opposite"] == []


def test_a_deed_sum_with_its_cents_as_a_fraction_is_one_amount() -> None:
    """ "Fifteen Thousand Two Hundred Fifty and No/100 Dollars ($15,250.00)" is one sum: the
    monthly rent, against the claim's; "No/100" denies nothing."""
    passage = (
        "Tenant shall pay to Landlord monthly installments of Base Rent in the amount of "
        "Fifteen Thousand Two Hundred Fifty and No/100 Dollars ($15,250.00), in advance."
    )
    assert conflicts("The monthly rent is $12,500.", passage) == [
        ("amount", "$12,500", "Fifteen Thousand Two Hundred Fifty and No/100 Dollars ($15,250.00)")
    ]
    assert conflicts("The monthly rent is $15,250.", passage) == []
    assert conflicts("The rent is $2,000.50.", "Rent: Two Thousand and 50/100 Dollars.") == []
