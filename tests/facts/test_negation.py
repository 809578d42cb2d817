"""Denials as contracts write them: a passive permission against "Neither party may",
a verb denied of one thing and said of another ("shall provide the Services" / "shall
not provide any warranty"), "deemed" read with what a thing is deemed, and the open list
of "including, but not limited to", which denies nothing. And entry "without notice"
against a notice period however it is counted, and "nothing" that the claim repeats as an
object or in an altered quote."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts

from citemark import align, load_config

# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
LEXICAL = load_config("lexical").with_(rules_off=())
ALL_RULES = load_config("default").with_(rules_off=())


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Agreement may be assigned.",
            "Neither party may assign this Agreement.",
            ("Agreement may be assigned", "Neither party"),
        ),
        (
            "The Agreement may be assigned without consent.",
            "Neither party may assign this Agreement without the prior written consent of "
            "the other party.",
            ("Agreement may be assigned", "Neither party"),
        ),
        (
            "Notice shall be deemed received on delivery.",
            "Notice shall not be deemed received on delivery.",
            ("shall be deemed", "shall not be deemed"),
        ),
        (
            "The Contractor shall be deemed an employee of the Company.",
            "The Contractor shall not be deemed an employee of the Company.",
            ("shall be deemed", "shall not be deemed"),
        ),
        # the same thing done to, or a list that names it
        (
            "The Company shall provide the Services.",
            "The Company shall not provide the Services.",
            ("shall provide", "shall not provide"),
        ),
        (
            "The price includes shipping.",
            "The price does not include shipping or handling.",
            ("includes", "does not include"),
        ),
        (
            "The Tenant shall pay all utilities.",
            "The Tenant shall not pay utilities.",
            ("shall pay", "shall not pay"),
        ),
        (
            "The deposit shall be returned within 30 days.",
            "The deposit shall not be returned.",
            ("shall be returned", "shall not be returned"),
        ),
        (
            "The Supplier shall be responsible for shipping costs.",
            "The Supplier shall not be responsible for any shipping costs.",
            ("shall be responsible", "shall not be responsible"),
        ),
        # a plain verb against its denial, what follows written in another order
        (
            "Confidential Information includes publicly available information.",
            "Confidential Information does not include information that is publicly available.",
            ("includes", "does not include"),
        ),
        # "with notice" read past a count written twice ("thirty (30) days'")
        (
            "The Company may terminate the employee without notice.",
            "The Company may terminate the employee upon thirty (30) days' written notice.",
            ("without notice", "upon thirty (30) days' written notice"),
        ),
        # "with" a party's consent is "with consent"
        (
            "The tenant may sublet without consent.",
            "The tenant may sublet with the Landlord's consent.",
            ("without consent", "with the Landlord's consent"),
        ),
        (
            "The licensee may sublicense without consent.",
            "The licensee may sublicense only with the licensor's prior written consent.",
            ("without consent", "with the licensor's prior written consent"),
        ),
        # a finite passive against the same done the same way
        (
            "The goods are not shipped by air.",
            "The goods shall be shipped by air.",
            ("are not shipped", "shall be shipped"),
        ),
        # a condition after the claim's verb is no thing it is done to
        (
            "The tenant may sublet with the landlord's consent.",
            "Tenant shall not sublet the Premises under any circumstances.",
            ("may sublet", "shall not sublet"),
        ),
        # an exception in writing is not one done orally
        (
            "The agreement can be amended orally.",
            "This Agreement may not be amended except by a written instrument signed by both "
            "parties.",
            ("can be amended", "may not be amended"),
        ),
        # without the open list's "but", "not limited to" is a statement
        (
            "Liability is limited to direct damages.",
            "Liability is not limited to direct damages.",
            ("is limited", "is not limited"),
        ),
    ],
)
def test_legal_denials_conflict(claim: str, passage: str, expected: tuple[str, str]) -> None:
    assert conflicts(claim, passage) == [("negation", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # what is assigned with consent is the exception the denial lets through
        (
            "The Agreement may be assigned with the consent of the other party.",
            "Neither party may assign this Agreement without the prior written consent of "
            "the other party.",
        ),
        # another thing is done to
        ("The Software may be copied.", "Neither party may assign this Agreement."),
        # the claim states what the denial excepts, in the denial's clause
        (
            "The tenant may sublet with consent.",
            "The tenant may not sublet without the Landlord's consent.",
        ),
        (
            "The tenant may not sublet without consent.",
            "The tenant may sublet with the Landlord's consent.",
        ),
        # "in writing" states "except by a written instrument", and the other way round
        (
            "The agreement can be amended in writing.",
            "This Agreement may not be amended except by a written instrument signed by both "
            "parties.",
        ),
        (
            "The agreement can be amended by a written instrument.",
            "This Agreement may not be amended except in writing signed by both parties.",
        ),
        # both passive, done another way or to another thing
        ("The goods shall not be shipped by air.", "The goods shall be shipped by sea."),
        # "with respect to" names the thing, and no condition
        (
            "The Distributor may compensate S2K for such services.",
            "No compensation with respect to a Fund shall be due until the Distributor "
            "receives payment.",
        ),
        # a finite "be" with its participle is passive too, and so is read the same way
        ("The goods are not shipped by air.", "The goods shall be shipped by sea."),
        (
            "Shipping costs are not borne by the Buyer.",
            "All shipping costs shall be borne by Seller.",
        ),
        (
            "The Supplier shall be responsible for shipping costs.",
            "The Supplier shall not be responsible for delays caused by the carrier.",
        ),
        (
            "Disputes will not be resolved in court.",
            "All disputes shall be resolved by binding arbitration.",
        ),
        # deemed two other things
        (
            "The Agreement shall not be deemed an assignment.",
            "The Agreement shall be deemed an original.",
        ),
        (
            "The Exhibits shall be deemed a part of this Agreement.",
            "Neither Party shall be held liable to the other Party nor be deemed to have "
            "defaulted under this Agreement.",
        ),
        (
            "McCabe said he was considered a witness, not a suspect.",
            "He is not considered a suspect.",
        ),
        # the verb done to another thing
        ("The Company shall provide the Services.", "The Company shall not provide any warranty."),
        (
            "This Agreement shall constitute the entire agreement of the parties.",
            "This Agreement shall not constitute a partnership between the parties.",
        ),
        ("The Tenant shall pay utilities.", "The Tenant shall not pay any late fees."),
        (
            "Lawtey is not the first faith-based program in Florida.",
            "Lawtey is the first entire prison to take that path.",
        ),
        # an open list denies nothing
        (
            "Depositions shall be limited to three per Party.",
            "Each party's liability includes, but is not limited to, direct damages.",
        ),
        (
            "Neither Party shall be liable for indirect damages, including, but not limited to, "
            "lost profits.",
            "Depositions shall be limited to a maximum of three (3) per Party.",
        ),
        (
            "Confidential Information shall include, but not be limited to, software.",
            "The Receiving Party's use shall be limited to the Purpose.",
        ),
        (
            "We may change or modify the System presently identified by the Marks, including, "
            "without limitation, the adoption and use of new or modified trade names.",
            "You acknowledge that your right to use the Marks is derived solely from this "
            "Agreement and is limited to the conduct of business by you.",
        ),
    ],
)
def test_no_conflict_between_other_statements(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []


# --- entry without notice against a notice period -----------------------------------------


def test_at_least_a_notice_period_is_notice_against_without_notice() -> None:
    """ "Upon at least twenty-four (24) hours' written notice" is a notice period, and
    "may enter the premises without notice" denies it; "at least" is no denial."""
    source = (
        "Landlord may enter the Premises only upon at least twenty-four (24) hours' written "
        "notice, except in case of emergency."
    )
    claim = "The landlord may enter the premises without notice."
    result = align(claim, [{"id": "S", "text": source}], config=ALL_RULES).sentences[0]
    assert result.status == "unsupported"
    assert [c.text for c in result.conflicts] == ["without notice"]


ENTRY = (
    "Landlord may enter the Premises only upon at least twenty-four (24) hours written "
    "notice to Tenant, except in an emergency."
)


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord may enter the premises without notice.",
        "The landlord may enter the premises without notice at any time.",
        "The landlord may enter the premises at any time without notice.",
        "The landlord may enter the premises without notice for any reason.",
    ],
)
def test_entry_without_notice_conflicts_with_notice_to_the_tenant(claim: str) -> None:
    """ "Without notice" conflicts with the clause wherever the claim puts "at any time" or
    "for any reason"; "notice to Tenant" is a notice given to the tenant, not an
    infinitive ("to tenant") that the claim would have to name."""
    result = align(claim, [{"id": "L", "text": ENTRY}], config=ALL_RULES).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [
        ("without notice", "upon at least twenty-four (24) hours written notice")
    ]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the exception the passage makes is the claim's case
        (
            "In an emergency, the landlord may enter without notice at any time.",
            ENTRY,
        ),
        # an infinitive after the noun still names what the statement is about
        (
            "The tenant may not sublet without consent.",
            "The tenant may sublet with consent to assign the lease.",
        ),
    ],
)
def test_no_notice_conflict_where_the_statements_differ(claim: str, passage: str) -> None:
    """The emergency the passage excepts is the claim's case, and a real infinitive after
    the noun names another act: neither is a notice conflict."""
    result = align(claim, [{"id": "L", "text": passage}]).sentences[0]
    assert [c for c in result.conflicts if c.kind == "negation"] == []


# --- "nothing in the record": a denial the claim may repeat in other words ----------------


@pytest.mark.parametrize(
    "answer",
    [
        'The court noted that "[n]othing in the record suggests the parties intended otherwise."',
        "The court found nothing in the record suggesting the parties intended otherwise.",
    ],
)
def test_nothing_as_an_object_or_altered_is_no_conflict(answer: str) -> None:
    """ "Nothing" as the object ("found nothing in the record") or altered in a quote
    ("[n]othing") is the source's own denial, not a conflict on "record"."""
    source = "Nothing in the record suggests the parties intended otherwise."
    report = align(answer, [{"id": "S", "text": source}], config=LEXICAL)
    (only,) = report.sentences
    assert only.conflicts == ()
    assert only.status == "supported"


def test_the_record_said_positively_still_conflicts() -> None:
    """A claim that the record does suggest it still contradicts the source."""
    source = "Nothing in the record suggests the parties intended otherwise."
    report = align(
        "The court found that the record suggests the parties intended otherwise.",
        [{"id": "S", "text": source}],
        config=LEXICAL,
    )
    assert [c.kind for c in report.sentences[0].conflicts] == ["negation"]


# --- an adverb past the verb, notice in hyphenated words ----------------------------------


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # "is therefore void": an adverb between the verb and what it says
        ("Such a contract is not void.", "Such a contract is therefore void.", None),
        # notice counted in hyphenated words against none at all
        (
            "The landlord may enter the premises without notice.",
            "Landlord may enter the Premises upon twenty-four (24) hours' notice.",
            ("negation", "without notice"),
        ),
    ],
)
def test_a_denial_past_an_adverb_or_against_notice_in_words_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    """A denial against a statement with an adverb between the verb and what it says
    ("is therefore void"), and no notice against notice counted in hyphenated words."""
    found = conflicts(claim, passage)
    assert found, (claim, passage)
    if expected is not None:
        assert (found[0][0], found[0][1]) == expected
