"""Opposite outcome words ("reversed" / "affirmed"), and the places a governing-law
clause names: conflicts no number or negation shows."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts

import citemark
from citemark.facts import CONFLICT_KINDS, FACT_KINDS, check_facts


def opposite_pairs(claim: str, passage: str) -> list[tuple[str, str]]:
    return [
        (c.claim.text, c.evidence.text)
        for c in check_facts(claim, [passage]).conflicts
        if c.kind == "opposite"
    ]


def assert_one_opposite(claim: str, passage: str, expected: tuple[str, str] | None) -> None:
    """One opposite conflict, with these two words where ``expected`` names them."""
    got = opposite_pairs(claim, passage)
    assert len(got) == 1
    if expected is not None:
        assert got == [expected]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Court of Appeals reversed the judgment.",
            "The Court of Appeals affirmed the judgment.",
            ("reversed", "affirmed"),
        ),
        ("The motion was denied.", "The motion was granted.", ("denied", "granted")),
        (
            "The court granted the motion to dismiss.",
            "The court denied the motion to dismiss.",
            ("granted", "denied"),
        ),
        ("The jury acquitted the defendant.", "The jury convicted the defendant.", None),
        ("The objection was sustained.", "The objection was overruled.", None),
        ("The board approved the merger.", "The board rejected the merger.", None),
        ("The price includes taxes.", "The price excludes taxes.", None),
        ("The maximum term is five years.", "The minimum term is five years.", None),
        ("The case was tried as a bench trial.", "The case was tried as a jury trial.", None),
        # a prefix that makes the word its opposite
        (
            "Licensor grants an exclusive license.",
            "Licensor grants a non-exclusive license.",
            ("exclusive", "non-exclusive"),
        ),
        ("The deposit is refundable.", "The deposit is non-refundable.", None),
        ("The clause is enforceable.", "The clause is unenforceable.", None),
    ],
)
def test_an_opposite_word_in_one_statement_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Tenant is allowed to keep pets.", "Tenant is prohibited from keeping pets."),
        ("The tenant is prohibited from keeping pets.", "The tenant is allowed to keep pets."),
        ("The tenant may not keep pets.", "The tenant is allowed to keep pets."),
        ("The tenant may not sublet.", "The tenant is permitted to sublet with consent."),
    ],
)
def test_a_permission_against_a_prohibition_conflicts_once(claim: str, passage: str) -> None:
    # a negation as well as a pair of words ("prohibited"): one conflict, not two
    (conflict,) = check_facts(claim, [passage]).conflicts
    assert conflict.kind in ("negation", "opposite")


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The tenant may not keep pets.", "The landlord is allowed to keep pets."),
        ("The tenant may not keep pets.", "The landlord may keep pets."),
    ],
)
def test_a_negation_said_of_another_subject_is_no_conflict(claim: str, passage: str) -> None:
    assert check_facts(claim, [passage]).conflicts == ()


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # another subject
        ("Sales increased in 2019.", "Costs decreased in 2019."),
        # another complement: another statement
        ("He won the election in 2010.", "He lost the primary in 2008."),
        ("The contract includes a warranty.", "The contract excludes liability for lost profits."),
        # the passage says the claim's word of it too
        (
            "The court granted the motion for summary judgment.",
            "The court denied the motion to dismiss but granted the motion for summary judgment.",
        ),
        ("The team won the final.", "The team lost the semifinal but won the final."),
        # the claim negates its word: "did not reverse" agrees with "affirmed"
        ("The court did not reverse the judgment.", "The court affirmed the judgment."),
        # "in" + a word is no opposite unless the word is one of the prefixable ones
        ("The firm will vest the shares.", "The firm will invest the shares."),
    ],
)
def test_no_opposite_outside_one_statement(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


def test_a_reversed_holding_is_unsupported_and_shown_with_both_words() -> None:
    source = "The Court of Appeals affirmed the judgment of the district court in 2015."
    answer = "The Court of Appeals reversed the judgment of the district court in 2015."
    report = citemark.align(answer, [{"id": "opinion", "text": source}])
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    (conflict,) = sentence.conflicts
    assert conflict.kind == "opposite"
    # a conflict kind of its own, no fact kind (a preset cannot cap on it)
    assert conflict.kind in CONFLICT_KINDS and conflict.kind not in FACT_KINDS
    assert answer[conflict.start : conflict.end] == "reversed"
    assert source[conflict.source_start : conflict.source_end] == conflict.evidence == "affirmed"
    assert [f.describe() for f in report.failures()] == [
        "sentence 1 (conflict: 'reversed' vs source opinion 'affirmed'; unsupported)"
    ]


GOVERNING = "This Agreement shall be governed by the laws of the State of Delaware."


@pytest.mark.parametrize(
    "claim",
    [
        "The agreement is governed by California law.",
        "The agreement is governed by the laws of California.",
        # a place that opens the sentence is still a name
        "California law governs the agreement.",
    ],
)
def test_another_jurisdiction_in_a_governing_law_clause_conflicts(claim: str) -> None:
    conflicts = check_facts(claim, [GOVERNING]).conflicts
    assert [(c.kind, c.claim.text, c.evidence.text) for c in conflicts] == [
        ("name", "California", "State of Delaware")
    ]


@pytest.mark.parametrize(
    "claim",
    ["Delaware law governs the agreement.", "The agreement is governed by Delaware law."],
)
def test_the_same_jurisdiction_however_written_is_backed(claim: str) -> None:
    checked = check_facts(claim, [GOVERNING])
    assert (checked.missing, checked.conflicts) == ((), ())


def test_places_in_unrelated_clauses_are_not_rivals() -> None:
    checked = check_facts("She was born in Ohio.", ["She grew up in Texas."])
    assert checked.conflicts == ()
    assert [f.text for f in checked.missing] == ["Ohio"]


def test_a_sentence_opening_name_is_not_backed_by_another_bearer_of_its_surname() -> None:
    passage = "The plaintiff, Jane Roe, filed suit against ABC Corp. in 2019."
    checked = check_facts("John Roe sued ABC Corp. in 2019.", [passage])
    assert [f.text for f in checked.missing] == ["John Roe"]
    # the surname alone, or the same person, is still backed
    for claim in ("Roe sued ABC Corp. in 2019.", "Jane Roe sued ABC Corp. in 2019."):
        assert check_facts(claim, [passage]).missing == ()
    # in the same slot the other bearer is a conflict
    rival = check_facts("John Roe sued ABC Corp. in 2019.", ["Jane Roe sued ABC Corp. in 2019."])
    assert [(c.claim.text, c.evidence.text) for c in rival.conflicts] == [("John Roe", "Jane Roe")]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a passive on either side: what is done to the same thing
        (
            "The Court affirmed the judgment of the Arizona Supreme Court.",
            "The judgments of the Supreme Court of Arizona in No. 759 were reversed.",
            ("affirmed", "reversed"),
        ),
        ("The judgment was affirmed.", "The Court of Appeals reversed the judgment.", None),
        ("The motion was denied.", "The court granted the motion.", None),
        # an owner is no head of what is done to
        (
            "The court granted the motion to dismiss.",
            "For the foregoing reasons, Defendant's motion to dismiss is DENIED.",
            ("granted", "DENIED"),
        ),
        (
            "The court denied the plaintiffs' motion for summary judgment.",
            "The plaintiffs' motion for summary judgment is granted.",
            ("denied", "granted"),
        ),
        (
            "The court granted the motion to dismiss.",
            "The court denied Defendant's motion to dismiss.",
            ("granted", "denied"),
        ),
    ],
)
def test_a_passive_outcome_is_the_same_statement(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The court granted the motion.", "The appeal was denied."),
        (
            "The Court affirmed the judgment.",
            "The judgment was affirmed in part and reversed in part.",
        ),
    ],
)
def test_a_passive_about_something_else_or_both_ways_is_no_conflict(
    claim: str, passage: str
) -> None:
    assert opposite_pairs(claim, passage) == []


def test_two_holders_of_one_office_conflict_and_a_title_alone_names_no_one_else() -> None:
    held = check_facts(
        "Chief Justice Burger wrote the majority opinion.",
        ["Chief Justice Warren delivered the opinion of the Court."],
    )
    assert [(c.claim.text, c.evidence.text) for c in held.conflicts] == [
        ("Chief Justice Burger", "Chief Justice Warren")
    ]
    signed = check_facts("President Obama signed the bill.", ["President Trump signed the bill."])
    assert [c.evidence.text for c in signed.conflicts] == ["President Trump"]
    # "Judge Smith" opening a sentence is backed by "Judge John Smith": no first name of its own
    judge = check_facts("Judge Smith dismissed the case.", ["Judge John Smith dismissed the case."])
    assert (judge.missing, judge.conflicts) == ((), ())


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The plaintiff received $2.5 million in punitive damages.",
            "The plaintiff was awarded $2.5 million in compensatory damages.",
            ("punitive", "compensatory"),
        ),
        ("It was a civil case.", "It was a criminal case.", ("civil", "criminal")),
        ("The loan has a fixed rate.", "The loan has a variable rate.", ("fixed", "variable")),
        (
            "The parties made an oral agreement.",
            "The parties signed a written agreement.",
            ("oral", "written"),
        ),
        ("The plaintiff appealed the ruling.", "The defendant appealed the ruling.", None),
        (
            "The court issued a permanent injunction.",
            "The court issued a temporary injunction.",
            None,
        ),
        ("The damages were for direct losses.", "The damages were for indirect losses.", None),
        # comparisons
        (
            "Fines are capped at 20 million euros or 4% of turnover, whichever is lower.",
            "Fines may reach up to 20 million euros or 4% of turnover, whichever is higher.",
            ("lower", "higher"),
        ),
        (
            "The fee is the greater of $500 or 2% of the price.",
            "The fee is the lesser of $500 or 2% of the price.",
            ("greater", "lesser"),
        ),
        # at the clause's end: what governs the word is the anchor
        (
            "He was charged with a felony.",
            "He was charged with a misdemeanor.",
            ("felony", "misdemeanor"),
        ),
        # the event a period runs from or a risk passes on
        (
            "The warranty period runs from delivery.",
            "The warranty period runs from installation.",
            ("delivery", "installation"),
        ),
        (
            "Risk of loss passes to the buyer on shipment.",
            "Risk of loss passes to the buyer on delivery.",
            ("shipment", "delivery"),
        ),
        # how interest grows, how a fee is set, how long an order binds
        (
            "Late payments bear simple interest.",
            "Late payments bear compound interest.",
            ("simple", "compound"),
        ),
        ("The consultant is paid an hourly fee.", "The consultant is paid a flat fee.", None),
        ("The consultant is paid an hourly fee.", "The consultant is paid a fixed fee.", None),
        (
            "The court granted a preliminary injunction.",
            "The court granted a permanent injunction.",
            ("preliminary", "permanent"),
        ),
    ],
)
def test_another_kind_of_the_same_thing_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    assert_one_opposite(claim, passage, expected)


def test_remains_and_becomes_link_as_is_does() -> None:
    assert opposite_pairs(
        "The warranty is void if the product is modified.",
        "The warranty remains valid if the product is modified.",
    ) == [("void", "valid")]
    assert opposite_pairs(
        "The license becomes perpetual on payment.",
        "The license is temporary on payment.",
    ) == [("perpetual", "temporary")]


def test_obligations_that_end_against_obligations_that_survive() -> None:
    survive = "The confidentiality obligations shall survive termination of this Agreement."
    assert opposite_pairs("Confidentiality obligations end on termination.", survive) == [
        ("end", "survive")
    ]
    # "the end of" names a point, not what the obligations do, and a capitalised "End"
    # is part of a name
    until = "The confidentiality obligations shall survive until the end of the Term."
    assert opposite_pairs("The confidentiality obligations survive.", until) == []
    named = "Use is allowed until the termination of its Customers' End User License Agreements."
    assert opposite_pairs("Support to its Customers shall survive any termination.", named) == []


def test_frequencies_written_with_a_hyphen_are_frequencies() -> None:
    assert opposite_pairs("Dividends are paid semi-annually.", "Dividends are paid quarterly.") == [
        ("semi-annually", "quarterly")
    ]
    assert opposite_pairs("Wages are paid bi-weekly.", "Wages are paid monthly.") == [
        ("bi-weekly", "monthly")
    ]


def test_a_kind_before_a_compound_noun_is_said_of_its_last_word() -> None:
    passage = "The Loan shall bear interest at a variable rate equal to SOFR plus 2%."
    assert opposite_pairs("The loan bears a fixed interest rate.", passage) == [
        ("fixed", "variable")
    ]
    # a compound that ends in another noun is another thing
    assert opposite_pairs("The loan has a fixed fee schedule.", passage) == []
    # "written" and "a writing" are one kind, whatever compound follows
    assert (
        opposite_pairs(
            "Changes shall be by written Amendment signed by both parties.",
            "Changes require a writing signed by both parties.",
        )
        == []
    )


def test_a_participle_before_the_thing_done_to_is_passed_over() -> None:
    rejected = "The court rejected the proposed settlement."
    assert opposite_pairs("The settlement was approved by the court.", rejected) == [
        ("approved", "rejected")
    ]
    # the thing done to is the noun after the participle, not the participle
    assert (
        opposite_pairs(
            "The court approved the amended complaint.", "The court rejected the amended answer."
        )
        == []
    )


def test_a_fixed_fee_is_a_flat_fee() -> None:
    assert (
        opposite_pairs("The consultant is paid a fixed fee.", "The consultant is paid a flat fee.")
        == []
    )


def test_both_kinds_in_the_passage_back_the_claim() -> None:
    passage = "The court issued a temporary restraining order and later a permanent injunction."
    assert opposite_pairs("The court issued a permanent injunction.", passage) == []


@pytest.mark.parametrize(
    "passage",
    [
        "The warranty period runs from delivery or installation, whichever is later.",
        "Installation is due within 30 days of delivery; the warranty period runs from delivery.",
        "The seller bears the cost of shipment. The warranty period runs from delivery.",
    ],
)
def test_the_claims_event_said_too_or_another_events_clause_is_no_conflict(passage: str) -> None:
    assert opposite_pairs("The warranty period runs from delivery.", passage) == []


def test_a_word_at_the_clause_end_needs_the_same_governing_word() -> None:
    for passage in ("He pleaded guilty to a misdemeanor.", "It is a misdemeanor."):
        assert opposite_pairs("He was charged with a felony.", passage) == []


def test_a_country_is_no_rival_of_its_own_state() -> None:
    checked = check_facts(
        "The men were smuggled into the United States from Canada.",
        ["The men were smuggled into Washington state from Canada."],
    )
    assert checked.conflicts == ()


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # an initial or a shortening of the other's first word is the same bearer
        ("South Korean officials met on Monday.", "S. Korean officials met on Monday."),
        ("North Korea fired a missile.", "N Korea fired a missile."),
        ("President Vlad met the press.", "President Vladimir Putin met the press."),
        ("Ronald L. Kuby said the case was closed.", "Ron Kuby said the case was closed."),
        # a place in front is no first name
        ("Narendra Modi won the vote.", "India's Modi won the vote."),
        ("Bangladesh Islamists held a rally.", "Bangladeshi Islamists held a rally."),
    ],
)
def test_one_bearer_written_two_ways_is_no_rival(claim: str, passage: str) -> None:
    assert check_facts(claim, [passage]).conflicts == ()


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Licensor grants Licensee an exclusive license to use the Software.",
            "Licensor grants Licensee a non-exclusive, worldwide license to use the Software.",
            ("exclusive", "non-exclusive"),
        ),
        (
            "Licensor grants Licensee an exclusive license.",
            "Licensor grants Licensee a non-exclusive, worldwide, royalty-free license.",
            ("exclusive", "non-exclusive"),
        ),
        (
            "Licensor grants a non-exclusive, worldwide license.",
            "Licensor grants an exclusive license.",
            ("non-exclusive", "exclusive"),
        ),
    ],
)
def test_a_word_in_a_list_of_modifiers_is_said_of_the_noun_after_the_list(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]
    (sentence,) = citemark.align(claim, [{"id": "licence", "text": passage}]).sentences
    assert sentence.status == "unsupported"


def test_a_list_that_names_both_kinds_backs_the_claim() -> None:
    passage = "The license is non-exclusive, and the sublicense is exclusive."
    assert opposite_pairs("The license is exclusive.", passage) == []


def test_a_repeated_statement_is_asked_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from citemark.facts import opposites

    calls: list[str] = []
    real = opposites._rival

    def counting(t, said, passages):  # type: ignore[no-untyped-def]
        calls.append(t.lower)
        return real(t, said, passages)

    monkeypatch.setattr(opposites, "_rival", counting)
    claim = " ".join(["the court granted the motion"] * 200)
    passage = " ".join(["the court denied the motion"] * 200)
    found = opposites.opposite_conflicts(claim, [passage])
    # every repetition is reported, each from one look at the passage
    assert len(found) == 200
    assert calls == ["granted"]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Muqtada al Sadr spoke at the mosque.", "Moqtada al-Sadr spoke at the mosque."),
        ("The song is by Lionel Richie.", "The song is by Lionel Ritchie."),
        (
            "The talks followed the election of Rowhani.",
            "The talks followed the election of Rohani.",
        ),
        (
            "The 1st Armoured Division crossed the river.",
            "The 1st Armored Division crossed the river.",
        ),
    ],
)
def test_one_name_spelled_two_ways_is_missing_not_a_rival(claim: str, passage: str) -> None:
    assert check_facts(claim, [passage]).conflicts == ()


def test_a_name_spelled_otherwise_is_still_missing() -> None:
    # no conflict, but no backing either: it may be someone else
    checked = check_facts("Muqtada al Sadr spoke at the mosque.", ["Moqtada al-Sadr spoke."])
    assert [(f.kind, f.text) for f in checked.missing] == [("name", "Muqtada al Sadr")]


def test_short_or_unlike_names_stay_rivals() -> None:
    # too short to tell a spelling from another name, or another first letter
    for claim, passage in (
        ("The lease was signed by Jon Smith.", "The lease was signed by Joan Smith."),
        ("The film was directed by John Smith.", "The film was directed by Jane Doe in 1990."),
    ):
        assert check_facts(claim, [passage]).conflicts != ()


PAIR_WORDS = """affirmed reversed vacated overturned remanded upheld granted denied deny admitted
accepted rejected approved vetoed acquitted convicted sustained overruled won lost lose passed
failed increased decreased rose fell allowed permitted prohibited forbidden maximum
minimum guilty innocent compensatory punitive nominal statutory civil criminal misdemeanor
felony oral written express implied plaintiff defendant fixed variable primary secondary
temporary permanent partial full""".split()


@pytest.mark.parametrize(
    "word", [*PAIR_WORDS, "non-exclusive", "Nonrefundable", "unenforceable", "irrevocable"]
)
def test_the_quick_test_lets_every_pair_word_through(word: str) -> None:
    from citemark.facts.analysis import analyse
    from citemark.facts.opposites import may_oppose

    text = f"The court {word} it."
    assert may_oppose(text, analyse(text).words)
    assert not may_oppose("The court heard it.", analyse("The court heard it.").words)


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The plaintiff must prove damages by clear and convincing evidence.",
            "The plaintiff bears the burden of proving damages by a preponderance of the evidence.",
            ("clear and convincing", "preponderance of the evidence"),
        ),
        (
            "The appellate court reviews the ruling de novo.",
            "We review the district court's ruling for abuse of discretion.",
            ("de novo", "abuse of discretion"),
        ),
        (
            "The law is subject to strict scrutiny.",
            "The law need only survive rational-basis review.",
            ("strict scrutiny", "rational-basis"),
        ),
        (
            "Officers needed probable cause to stop the car.",
            "Officers needed only reasonable suspicion to stop the car.",
            ("probable cause", "reasonable suspicion"),
        ),
        (
            "The defendant was sentenced to 10 years in prison.",
            "The defendant was sentenced to 10 years of probation.",
            ("in prison", "of probation"),
        ),
    ],
)
def test_another_legal_standard_of_the_same_family_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)
    report = citemark.align(claim, [{"id": "opinion", "text": passage}])
    assert report.sentences[0].status == "unsupported"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage names the claim's standard too: it sets the other aside
        (
            "The prosecution must prove guilt beyond a reasonable doubt.",
            "Guilt must be proven beyond a reasonable doubt, not by a preponderance of the "
            "evidence.",
        ),
        # a standard the claim sets aside states nothing
        (
            "The standard is not beyond a reasonable doubt.",
            "Civil claims need only a preponderance of the evidence.",
        ),
        # another family: a standard of review says nothing against one of proof
        (
            "The jury found fraud by clear and convincing evidence.",
            "The verdict is reviewed for substantial evidence.",
        ),
    ],
)
def test_a_standard_set_aside_or_of_another_family_is_no_conflict(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    "text",
    [
        # a code inside a word: "CIF" in "SPECIFICATIONS"
        "Seller shall ship the goods to the delivery point in accordance with the SPECIFICATIONS.",
        # a standard's words inside a longer word
        "The court rejected the claim of unreasonable suspicion.",
    ],
)
def test_a_standard_is_read_only_at_word_boundaries(text: str) -> None:
    from citemark.facts.standards import standards

    assert standards(text) == ()


def test_a_delivery_code_inside_a_word_is_no_rival_term() -> None:
    sources = [
        {
            "id": "S1",
            "text": "Seller shall ship the goods to the delivery point in accordance with the "
            "SPECIFICATIONS.",
        }
    ]
    result = citemark.align(
        "Seller ships the goods to the delivery point FOB destination.", sources
    ).sentences[0]
    assert result.conflicts == ()


def test_what_a_warranty_covers_against_what_it_excludes_conflicts() -> None:
    assert_one_opposite(
        "The warranty excludes water damage.",
        "The warranty covers water damage.",
        ("excludes water damage", "covers water damage"),
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # one thing of a list the passage excludes
        (
            "The warranty covers parts and labor.",
            "The warranty covers parts but excludes labor.",
            ("covers parts and labor", "excludes labor"),
        ),
        (
            "The warranty excludes labor.",
            "The warranty covers parts and labor.",
            ("excludes labor", "covers parts and labor"),
        ),
        (
            "The fee includes all costs and taxes.",
            "The fee includes all costs, excluding taxes.",
            ("includes all costs and taxes", "excluding taxes"),
        ),
        (
            "The license includes the right to sublicense.",
            "The license excludes any right to sublicense.",
            None,
        ),
        # excluded by a preposition: said of the sentence's subject
        (
            "The treaty covers trade and fishing rights.",
            "The treaty covers trade but not fishing rights.",
            ("covers trade and fishing rights", "but not fishing rights"),
        ),
    ],
)
def test_a_thing_covered_against_the_same_thing_excluded_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # what the passage covers, or excludes something else
        ("The warranty covers parts.", "The warranty covers parts but excludes labor."),
        (
            "The policy covers fire and flood damage.",
            "The policy covers fire damage and excludes earthquake damage.",
        ),
        # the excluded class is narrowed: another thing than the claim's
        (
            "Confidential Information includes information disclosed orally.",
            "Confidential Information excludes information that is publicly available.",
        ),
        # another subject
        ("The warranty covers labor.", "The insurance policy excludes labor."),
        ("The warranty covers labor.", "The warranty excludes labor by third parties."),
        # the passage says both of it, or agrees on what is excluded
        ("The warranty covers parts and excludes labor.", "The warranty excludes labor."),
        ("The warranty covers labor.", "The warranty covers labor and excludes labor abroad."),
    ],
)
def test_what_is_covered_beside_other_exclusions_is_no_conflict(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


def test_motions_voidness_joint_liability_and_the_order_of_events_conflict() -> None:
    # a motion is said of what it asks for
    assert opposite_pairs(
        "The court granted summary judgment for the defendant.",
        "The court denied the defendant's motion for summary judgment.",
    ) == [("granted", "denied")]
    assert opposite_pairs(
        "The court held that the contract was void.",
        "The court held that the contract was voidable.",
    ) == [("void", "voidable")]
    assert opposite_pairs(
        "The guarantor is jointly and severally liable.",
        "The guarantor is severally, but not jointly, liable.",
    ) == [("jointly and severally", "severally, but not jointly")]
    assert opposite_pairs(
        "The buyer may inspect the goods before payment.",
        "The buyer may inspect the goods after payment.",
    ) == [("before", "after")]


_MIXED_RULING = (
    "The court granted the motion for summary judgment and denied the motion to dismiss."
)


def test_a_second_verb_of_one_subject_is_said_by_that_subject() -> None:
    # "and denied the motion to dismiss": the court denied it, though no subject stands
    # before the verb
    assert opposite_pairs("The court granted the motion to dismiss.", _MIXED_RULING) == [
        ("granted", "denied")
    ]
    assert opposite_pairs("The court denied the motion for summary judgment.", _MIXED_RULING) == [
        ("denied", "granted")
    ]
    for claim in (
        "The court denied the motion to dismiss.",
        "The court granted the motion for summary judgment.",
        "The court granted summary judgment and denied the motion to dismiss.",
    ):
        assert opposite_pairs(claim, _MIXED_RULING) == [], claim


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a date is the fact check's, not an order of events
        ("Notice must be given before March 1.", "Notice must be given after March 1."),
        (
            "Notice must be given before or after the closing.",
            "Notice must be given after the closing.",
        ),
        # another event
        (
            "The buyer pays after delivery.",
            "The buyer inspects the goods before delivery and pays after delivery.",
        ),
        (
            "The buyer may inspect the goods before acceptance.",
            "The buyer may inspect the goods after delivery.",
        ),
        # a joint liability set aside
        (
            "The guarantors are not jointly and severally liable.",
            "The guarantors shall be severally, but not jointly, liable.",
        ),
    ],
)
def test_the_same_order_or_another_event_is_no_opposite(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # the other party set aside before the verb
        (
            "The tenant, not the landlord, must repair the roof.",
            "The landlord must repair the roof.",
            ("tenant", "landlord"),
        ),
        (
            "The landlord must repair the roof.",
            "The tenant, and not the landlord, shall repair the roof.",
            ("landlord", "tenant"),
        ),
        # a verb of bearing says whose the burden is
        (
            "The plaintiff has the burden of proof.",
            "The defendant bears the burden of proof.",
            ("plaintiff", "defendant"),
        ),
        # "as" before the word: said of the thing before it
        (
            "The Supreme Court held the statute unconstitutional.",
            "The Supreme Court upheld the statute as constitutional.",
            ("unconstitutional", "constitutional"),
        ),
        # grounds of termination
        (
            "The agreement is terminable at will.",
            "The agreement may be terminated only for cause.",
            ("at will", "only for cause"),
        ),
        (
            "The agreement may be terminated only for cause.",
            "Either party may terminate this Agreement at will.",
            ("only for cause", "at will"),
        ),
    ],
)
def test_parties_asides_and_grounds_of_termination_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The tenant, not the landlord, must repair the roof.", "The tenant must repair the roof."),
        ("The plaintiff has the burden of proof.", "The plaintiff bears the burden of proof."),
        # "for cause" alone leaves ending at will open; "without cause" is at will
        (
            "The agreement may be terminated for cause.",
            "Either party may terminate this Agreement at will.",
        ),
        (
            "The agreement is terminable at will.",
            "Either party may terminate this Agreement with or without cause.",
        ),
        # a negation in the other party's clause is not the tenant's
        ("The tenant may keep pets.", "The tenant pays rent, and the landlord may not keep pets."),
    ],
)
def test_the_same_party_or_ground_is_no_opposite(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # an opinion's "we" is the court; a clause-opening word ends the statement
        (
            "The court reversed because the plaintiff offered no evidence of notice.",
            "Because the plaintiff offered no evidence that the defendant knew, we affirm.",
            ("reversed", "affirm"),
        ),
        ("The court affirmed.", "We reverse and remand.", ("affirmed", "reverse")),
    ],
)
def test_an_opinions_we_is_the_court(claim: str, passage: str, expected: tuple[str, str]) -> None:
    assert_one_opposite(claim, passage, expected)


def test_we_is_no_other_subject_than_the_court() -> None:
    assert opposite_pairs("The tenant won the appeal.", "We lost the appeal.") == []


def test_the_gravest_sentences_are_rivals_unless_the_claim_weighs_both() -> None:
    assert_one_opposite(
        "The defendant was sentenced to life in prison.",
        "The defendant was sentenced to death.",
        ("sentenced to life", "sentenced to death"),
    )
    weighed = "The jury rejected the death penalty and imposed life imprisonment."
    assert opposite_pairs(weighed, "The jury sentenced him to life imprisonment.") == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The licensee owns all improvements.",
            "The Licensor owns all improvements to the Software.",
            ("licensee", "Licensor"),
        ),
        (
            "The tenant must repair the roof.",
            "The Landlord must repair the roof, and the Tenant must pay for the repairs.",
            ("tenant", "Landlord"),
        ),
        (
            "The employer pays the deductible.",
            "The Employer pays the premiums and the Employee pays the deductible.",
            ("employer", "Employee"),
        ),
        ("The tenant may not keep pets.", "The landlord may not keep pets.", None),
    ],
)
def test_the_other_party_to_a_contract_in_the_same_statement_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the two parties said together, on either side
        ("The tenant and the landlord signed the lease.", "The Landlord and the Tenant signed."),
        ("The tenant signed the lease.", "The Landlord and the Tenant signed the lease."),
        ("The penalty may be civil or criminal.", "The penalty is criminal."),
        # Snowball's stems are not party words: "employ" is a verb
        ("The firm will employ the seller.", "The firm will employ the buyer's agent."),
        ("The employer pays the premiums.", "The Employer pays the premiums."),
        # another polarity or modality is another statement
        ("The tenant may not keep pets.", "The landlord may keep pets."),
        ("The tenant must pay rent.", "The landlord may pay rent."),
        # a party after a preposition is the object of another's act
        (
            "Licensor may communicate guidelines to Licensee from time to time.",
            "Copies are provided as requested by Licensor from time to time.",
        ),
        # a defined term in quotes states no outcome
        (
            '"Binding Forecast" has the meaning specified in Section 3.2(a);',
            '"Non-Binding Forecast" has the meaning specified in Section 3.2(a);',
        ),
    ],
)
def test_parties_said_together_or_words_sharing_a_stem_are_no_conflict(
    claim: str, passage: str
) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("The fee is payable monthly.", "The fee is payable annually in advance.", None),
        ("Interest is compounded daily.", "Interest shall be compounded monthly.", None),
        (
            "The non-breaching party may terminate the agreement.",
            "The breaching Party may terminate the agreement upon notice.",
            ("non-breaching", "breaching"),
        ),
    ],
)
def test_another_frequency_or_a_party_named_by_its_role_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    assert_one_opposite(claim, passage, expected)


def test_a_party_named_by_its_role_is_read_with_what_it_does() -> None:
    passage = (
        "The breaching Party shall have sixty (60) days to cure, after which the "
        "non-breaching Party may terminate the agreement."
    )
    claim = "The non-breaching party may terminate the agreement."
    assert opposite_pairs(claim, passage) == []
    assert opposite_pairs("The board meets weekly.", "The board meets weekly.") == []


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "All employees are eligible for the bonus.",
            "Only employees with at least two years of service are eligible for the bonus.",
        ),
        (
            "Any tenant may terminate the lease early.",
            "Only tenants who are called to active military duty may terminate the lease early.",
        ),
    ],
)
def test_a_class_the_passage_limits_with_only_conflicts_with_all_of_it(
    claim: str, passage: str
) -> None:
    (conflict,) = check_facts(claim, [passage]).conflicts
    assert conflict.kind == "opposite"
    assert conflict.evidence.text.startswith("Only")
    report = citemark.align(claim, [{"id": "plan", "text": passage}])
    assert report.sentences[0].status == "unsupported"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the claim keeps the restriction
        (
            "All employees with two years of service are eligible for the bonus.",
            "Only employees with at least two years of service are eligible for the bonus.",
        ),
        # "not only" widens, it does not limit
        (
            "All employees are eligible for the bonus.",
            "Not only employees with two years of service are eligible for the bonus.",
        ),
    ],
)
def test_a_kept_restriction_or_not_only_is_no_conflict(claim: str, passage: str) -> None:
    assert check_facts(claim, [passage]).conflicts == ()


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Payment is due immediately upon delivery.",
            "Payment is due within thirty (30) days after delivery.",
            ("immediately", "thirty (30) days"),
        ),
        (
            "The options vest immediately.",
            "The options vest over four years from the grant date.",
            ("immediately", "four years"),
        ),
        (
            "The balance is payable immediately.",
            "The balance is payable in 30 days.",
            ("immediately", "30 days"),
        ),
        (
            "Section 7 takes effect immediately.",
            "Section 7 takes effect on January 1, 2025.",
            ("immediately", "January 1, 2025"),
        ),
    ],
)
def test_immediately_against_a_delay_or_a_date_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage says "immediately" too; the period is another thing's
        (
            "The amendment takes effect immediately.",
            "The amendment takes effect immediately upon signing, and expires after 90 days.",
        ),
        # the period comes before the word, or in another clause
        (
            "The employee may resign immediately.",
            "The employee must give 30 days' notice before resigning.",
        ),
        (
            "Payment is due immediately.",
            "Payment is due on delivery; interest accrues after 30 days.",
        ),
        # the period is what the agreement continues for, not when it takes effect
        (
            "The agreement takes effect immediately upon signing.",
            "This Agreement shall become effective on the Effective Date and continue for a period"
            " of three years.",
        ),
    ],
)
def test_immediately_beside_another_period_is_no_conflict(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The amount is payable in US dollars.",
            "The amount is payable in euros.",
            ("dollars", "euros"),
        ),
        ("The provision is mandatory.", "The provision is optional.", ("mandatory", "optional")),
        (
            "The licensee must pay a royalty of 5% of net sales.",
            "The licensee must pay a royalty of 5% of gross sales.",
            ("net", "gross"),
        ),
        (
            "The court has exclusive jurisdiction.",
            "The court has concurrent jurisdiction.",
            ("exclusive", "concurrent"),
        ),
    ],
)
def test_currencies_and_kinds_of_duty_and_jurisdiction_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


def test_whose_consent_a_party_owns_is_a_statement_of_its_own() -> None:
    assert opposite_pairs(
        "The contract requires the buyer's consent.", "The contract requires the seller's consent."
    ) == [("buyer's", "seller's")]
    assert opposite_pairs(
        "The tenants' deposit is held in trust.", "The landlords' deposit is held in trust."
    ) == [("tenants", "landlords")]
    # both named; a party's act is not its thing
    both = "The contract requires the buyer's consent and the seller's approval."
    assert opposite_pairs("The contract requires the buyer's consent.", both) == []
    assert (
        opposite_pairs("The buyer's consent is required.", "The seller shall consent to any sale.")
        == []
    )


def test_a_custodial_sentence_beside_probation_is_no_conflict() -> None:
    both = (
        "The defendant was sentenced to two years in prison followed by three years of probation."
    )
    assert opposite_pairs("The defendant was sentenced to probation.", both) == []
    assert opposite_pairs("The defendant was sentenced to two years in prison.", both) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Seller warrants that the goods are merchantable.",
            "The Seller disclaims all warranties of merchantability.",
            ("warrants", "disclaims all warranties of merchantability"),
        ),
        (
            "The software is warranted to be free of defects.",
            'The software is provided "as is", without warranty of any kind.',
            ("warranted", '"as is"'),
        ),
        # the passage warrants something else, and disclaims the warranty the claim gives
        (
            "The Seller warrants that the goods are fit for a particular purpose.",
            "The Supplier warrants the Products against defects for one (1) year and disclaims"
            " any warranty of fitness for a particular purpose.",
            ("warrants", "disclaims any warranty of fitness for a particular purpose"),
        ),
    ],
)
def test_a_warranty_the_evidence_disclaims_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the warranty the passage gives, beside the others it disclaims
        (
            "The Supplier warrants the Products against defects for one year.",
            "The Supplier warrants the Products against defects for one (1) year. Supplier"
            " disclaims all other warranties, express or implied, including merchantability.",
        ),
        # the claim denies it too; the passage disclaims something else
        (
            "The Seller does not warrant merchantability.",
            "The Seller disclaims all warranties of merchantability.",
        ),
        (
            "The seller guarantees delivery by Friday.",
            "The seller will use reasonable efforts to deliver by Friday but disclaims liability"
            " for delays.",
        ),
    ],
)
def test_a_warranty_beside_other_disclaimers_is_no_conflict(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


def test_as_is_disclaims_only_as_the_term_of_art() -> None:
    assert opposite_pairs(
        "The goods are warranted against defects.", "THE GOODS ARE SOLD AS IS."
    ) == [("warranted", "AS IS")]
    assert (
        opposite_pairs(
            "NAI represents and warrants that NAI has all right, title and interest.",
            "NAI shall perform the services as is necessary to comply with the law.",
        )
        == []
    )
    assert (
        opposite_pairs(
            "Neither party warrants that its web site will function without interruption.",
            "EACH PARTY DISCLAIMS ANY AND ALL IMPLIED WARRANTIES.",
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The supplier is liable for direct damages.",
            "In no event shall either party be liable for any indirect, incidental or"
            " consequential damages.",
        ),
        (
            "In no event is the supplier liable for direct damages.",
            "The supplier is liable for indirect damages.",
        ),
    ],
)
def test_a_word_a_denial_covers_is_no_rival(claim: str, passage: str) -> None:
    """A denied word states no outcome: excluding indirect damages says nothing against
    liability for direct ones."""
    assert opposite_pairs(claim, passage) == []


def test_a_stated_kind_against_another_still_conflicts_beside_a_denial() -> None:
    assert_one_opposite(
        "The supplier is liable for indirect damages.",
        "The supplier is liable for direct damages only.",
        ("indirect", "direct"),
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The court affirmed the judgment.",
            "The court of appeals reversed the judgment.",
            ("affirmed", "reversed"),
        ),
        (
            "The Court of Appeals affirmed the judgment.",
            "The court reversed the judgment.",
            ("affirmed", "reversed"),
        ),
        (
            "The Board of Directors approved the merger.",
            "The board rejected the merger.",
            ("approved", "rejected"),
        ),
    ],
)
def test_the_subject_of_x_of_y_is_its_head(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


def test_two_things_of_one_owner_are_two_subjects() -> None:
    # "the value of the shares" and "the number of the shares" are not one subject
    assert (
        opposite_pairs("The value of the shares increased.", "The number of the shares decreased.")
        == []
    )


def test_supplier_and_customer_are_the_two_sides_of_a_supply_contract() -> None:
    assert opposite_pairs(
        "The Supplier shall pay the shipping costs.", "The Customer shall pay the shipping costs."
    ) == [("Supplier", "Customer")]
    # who may terminate (said in the passive) and who becomes insolvent: both swapped
    assert opposite_pairs(
        "The Agreement may be terminated by the Supplier if the Customer becomes insolvent.",
        "The Agreement may be terminated by the Customer if the Supplier becomes insolvent.",
    ) == [("Supplier", "Customer"), ("Customer", "Supplier")]
    # both sides said together, or each in its own role
    assert (
        opposite_pairs(
            "The Supplier and the Customer shall share the shipping costs.",
            "The Customer shall pay half the shipping costs and the Supplier shall pay half.",
        )
        == []
    )
    assert (
        opposite_pairs(
            "The Customer shall pay the Supplier within 30 days.",
            "The Customer shall pay the Supplier within thirty (30) days.",
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a later modifier of a list before its noun is said of that noun
        (
            "Licensor grants Licensee a transferable license to the Software.",
            "Licensor grants Licensee a non-exclusive, non-transferable, royalty-free license "
            "to the Software.",
            ("transferable", "non-transferable"),
        ),
        (
            "Licensor grants a revocable license.",
            "Licensor grants a non-exclusive, irrevocable license.",
            ("revocable", "irrevocable"),
        ),
        (
            "The Company grants an exclusive license.",
            "The Company grants a worldwide, royalty-free and non-exclusive license.",
            ("exclusive", "non-exclusive"),
        ),
        # after "is": the chain states each word of its subject
        (
            "The license is transferable.",
            "The license is non-exclusive and non-transferable.",
            ("transferable", "non-transferable"),
        ),
        (
            "The obligation is enforceable.",
            "The obligation is void and unenforceable.",
            ("enforceable", "unenforceable"),
        ),
    ],
)
def test_a_modifier_inside_a_list_before_its_noun_has_the_lists_statement(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the list says both
        (
            "Licensor grants a revocable license.",
            "Licensor grants a revocable or irrevocable license.",
        ),
        # a chain after a verb is read word by word: severability boilerplate states a case
        (
            "If any provision is held to be invalid or unenforceable, the rest remains in force.",
            "The remaining provisions shall remain valid and enforceable.",
        ),
    ],
)
def test_a_list_that_says_both_or_follows_a_verb_is_no_rival(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


def test_orally_against_in_writing_conflicts_and_both_together_do_not() -> None:
    assert opposite_pairs(
        "The agreement may be amended orally.",
        "This Agreement may be amended only in writing signed by both parties.",
    ) == [("orally", "writing")]
    assert opposite_pairs(
        "Notice may be given orally.", "All notices must be given in writing."
    ) == [("orally", "writing")]
    assert (
        opposite_pairs(
            "The agreement may be amended orally.",
            "This Agreement may be amended orally or in writing.",
        )
        == []
    )


def test_void_against_valid_conflicts() -> None:
    assert opposite_pairs("The contract is void.", "The contract is valid and enforceable.") == [
        ("void", "valid")
    ]
    assert (
        opposite_pairs(
            "The contract is valid.",
            "The contract is valid, and any clause to the contrary is void.",
        )
        == []
    )


def test_null_and_void_against_valid_conflicts() -> None:
    assert ("null", "valid") in opposite_pairs(
        "The clause is null and void.", "The clause is valid and enforceable."
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The confidentiality obligations survive termination.",
            "The confidentiality obligations terminate upon termination of this Agreement.",
            ("survive", "terminate"),
        ),
        (
            "The license survives the expiration of this Agreement.",
            "The license terminates upon the expiration of this Agreement.",
            ("survives", "terminates"),
        ),
        (
            "The indemnity obligations cease on termination.",
            "The indemnity obligations survive termination.",
            ("cease", "survive"),
        ),
    ],
)
def test_what_survives_against_what_ends_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert_one_opposite(claim, passage, expected)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # what survives is its subject, not the agreement it outlives; "may be
        # terminated" states a case, not an end
        (
            "The Confidential Agreement shall survive this Agreement.",
            "This Agreement may be terminated by either party.",
        ),
        (
            "The confidentiality obligations survive termination.",
            "Either party may terminate this Agreement on notice.",
        ),
        # the noun is what both say of
        (
            "Sections 5 and 7 survive termination.",
            "Upon termination, Sections 5 and 7 survive.",
        ),
    ],
)
def test_survival_said_of_another_subject_or_a_case_is_no_conflict(
    claim: str, passage: str
) -> None:
    assert opposite_pairs(claim, passage) == []


def test_a_perpetual_irrevocable_license_against_a_revocable_one_conflicts() -> None:
    assert opposite_pairs(
        "The license is perpetual and irrevocable.",
        "The license is revocable at any time by Licensor.",
    ) == [("irrevocable", "revocable")]
    assert opposite_pairs(
        "Licensor grants a perpetual license.", "Licensor grants a temporary license."
    ) == [("perpetual", "temporary")]


def test_a_dismissed_appeal_against_an_allowed_or_upheld_one_conflicts() -> None:
    assert opposite_pairs(
        "The appeal was dismissed.", "The Court of Appeal allowed the appeal."
    ) == [("dismissed", "allowed")]
    assert opposite_pairs("The claim was dismissed.", "The claim was upheld on appeal.") == [
        ("dismissed", "upheld")
    ]


def test_where_a_period_begins_against_where_it_ends_conflicts() -> None:
    assert opposite_pairs("The lease begins on January 1.", "The lease ends on January 1.") == [
        ("begins", "ends")
    ]
    # a point named by a noun or a participle is no end of a period
    for passage in (
        "Reports are due at the end of each Calendar Quarter.",
        "Payments are made in the quarter commencing on January 1.",
        "The Term begins on January 1 and ends on December 31.",
    ):
        assert opposite_pairs("The Term begins on January 1.", passage) == []


def test_a_premium_against_a_discount_conflicts() -> None:
    assert opposite_pairs(
        "The shares were sold at a premium.", "The shares were sold at a discount."
    ) == [("premium", "discount")]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Either party may terminate the lease.",
            "The lease may be terminated only by the Landlord.",
            ("Either party", "only by the Landlord"),
        ),
        (
            "The lease may be terminated by either party.",
            "Only the Landlord may terminate the lease.",
            ("either party", "Only the Landlord"),
        ),
        (
            "Each party may assign this Agreement.",
            "This Agreement may be assigned only by Licensor, and only to an Affiliate.",
            ("Each party", "only by Licensor"),
        ),
    ],
)
def test_an_act_of_either_party_that_one_side_alone_may_do_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    "passage",
    [
        # both sides may, one alone for a cause
        "Either party may terminate the lease; only the Landlord may terminate for cause.",
        # "only" of a section, a noun of the verb's stem, a manner
        "Only Section 7 shall survive termination of the lease.",
        "The lease may be terminated only in writing.",
        # one side without "only" says less, not otherwise
        "The Landlord may terminate the lease.",
    ],
)
def test_one_side_said_beside_both_or_without_only_is_no_conflict(passage: str) -> None:
    assert opposite_pairs("Either party may terminate the lease.", passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Company will indemnify the Consultant.",
            "The Consultant will indemnify the Company.",
            ("Company", "Consultant"),
        ),
        (
            "Array shall notify Ono within fifteen days.",
            "Ono shall notify Array within fifteen days.",
            ("Array", "Ono"),
        ),
    ],
)
def test_the_two_parties_of_an_act_swapped_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    "passage",
    [
        # mutual acts agree with either order
        "The Company shall indemnify the Consultant, and the Consultant shall indemnify the"
        " Company.",
        # a denied act is the negation check's
        "The Consultant shall not indemnify the Company.",
        # the same order, another verb form
        "The Company indemnifies the Consultant.",
    ],
)
def test_mutual_denied_or_same_way_acts_are_no_swap(passage: str) -> None:
    assert opposite_pairs("The Company will indemnify the Consultant.", passage) == []


def test_a_swap_the_document_states_the_claims_way_elsewhere_is_no_conflict() -> None:
    # contracts bind both parties in two clauses; the one retrieval cites may be the other
    reciprocal = "Ono shall notify Array within fifteen days."
    claim = "Array shall notify Ono within fifteen days."
    whole = "Array shall notify Ono within fifteen days of filing. " + reciprocal
    assert check_facts(claim, [reciprocal], [whole]).conflicts == ()
    assert [c.kind for c in check_facts(claim, [reciprocal], [reciprocal]).conflicts] == [
        "opposite"
    ]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The non-compete applies worldwide.",
            "The non-compete applies only within the United States.",
            ("worldwide", "only within the United States"),
        ),
        (
            "Licensor grants a worldwide license to the Software.",
            "The license is valid only in the Territory.",
            ("worldwide", "only in the Territory"),
        ),
    ],
)
def test_worldwide_against_one_place_alone_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    "passage",
    [
        # a place limit on something else
        "The Distributor may sell the Products only in Canada.",
        # worldwide said too
        "The non-compete applies worldwide, and the license is valid only in Canada.",
        # a place without "only"
        "The non-compete applies in the United States.",
    ],
)
def test_a_place_limit_on_something_else_or_without_only_is_no_conflict(passage: str) -> None:
    assert opposite_pairs("The non-compete applies worldwide.", passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "It is the largest lake in Africa.",
            "It is the smallest lake in Africa.",
            ("largest", "smallest"),
        ),
        (
            "The album was a commercial success.",
            "The album was a commercial failure.",
            ("success", "failure"),
        ),
        ("The law was repealed in 2010.", "The law was enacted in 2010.", ("repealed", "enacted")),
        (
            "The show was cancelled after one season.",
            "The show was renewed after one season.",
            ("cancelled", "renewed"),
        ),
        (
            "Most voters supported the measure.",
            "Most voters opposed the measure.",
            ("supported", "opposed"),
        ),
        (
            "The king was succeeded by his son.",
            "The king was succeeded by his daughter.",
            ("son", "daughter"),
        ),
    ],
)
def test_general_antonyms_in_one_statement_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # points of the compass and signs are said together too often to be rivals
        (
            "These birds spend the summer in the Northern Hemisphere.",
            "The birds migrate from the Southern Hemisphere to the Northern Hemisphere.",
        ),
        (
            "Farsightedness may need a positive diopter.",
            "Nearsightedness may need a negative diopter.",
        ),
        # both kinds said together
        ("The king was succeeded by his son.", "The king left a son and a daughter."),
    ],
)
def test_compass_points_signs_and_both_kinds_are_no_antonym_conflict(
    claim: str, passage: str
) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # "non" makes any word of what a thing is its opposite, not only listed ones
        (
            "The Class B shares are voting shares.",
            "The Class B shares are non-voting shares.",
            ("voting", "non-voting"),
        ),
        (
            "The information is public.",
            "The information is non-public.",
            ("public", "non-public"),
        ),
        (
            "The Purchaser may disclose the material terms.",
            "The Purchaser may disclose the non-material terms.",
            ("material", "non-material"),
        ),
        # the whole hyphenated compound after "non"
        (
            "The deposit is held in an interest-bearing account.",
            "The deposit shall be held in a non-interest-bearing account.",
            ("interest-bearing", "non-interest-bearing"),
        ),
    ],
)
def test_a_passages_non_word_opposes_the_claims_plain_word(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # "non" before a thing names another kind of thing beside it, not its opposite
        (
            "Pfizer executes its television media buying.",
            "Pfizer integrates the Product into its non-television media buying.",
        ),
        (
            "The Principal reimburses expenses incurred in the performance by the Company.",
            "The Principal may terminate on nonperformance by the Company.",
        ),
        (
            "For non-television media, Pfizer integrates the Product.",
            "For television media, Pfizer integrates the Product.",
        ),
    ],
)
def test_non_before_a_thing_is_no_opposite(claim: str, passage: str) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Rent is due on the first day of each month.",
            "Rent is due on the last day of each month.",
            ("first", "last"),
        ),
        (
            "Rent is due on the last business day of each calendar quarter.",
            "Rent is due on the first business day of each calendar quarter.",
            ("last", "first"),
        ),
        (
            "The payment is due on the last day of the Term.",
            "The payment is due on the first day of the Term.",
            ("last", "first"),
        ),
    ],
)
def test_the_first_and_the_last_day_of_a_period_conflict(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    "passage",
    [
        # another thing falls due on the last day
        "Reports are due on the last day of each month.",
        # the passage says the first day of rent too
        "Rent is due on the first day of each month, and reports on the last day of each month.",
        # no day of a period: who came first
        "The Tenant was the last to sign the lease.",
        # no head to tell what falls due
        "On the last day of each month, the Tenant shall deliver a report.",
    ],
)
def test_first_and_last_outside_one_days_statement_are_no_conflict(passage: str) -> None:
    assert opposite_pairs("Rent is due on the first day of each month.", passage) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The option is exercisable at any time.",
            "The option is exercisable only after the third anniversary of the grant.",
            ("at any time", "only after"),
        ),
        (
            "Either party may terminate this Agreement at any time.",
            "Either party may terminate this Agreement only during the Renewal Term.",
            ("at any time", "only during"),
        ),
        (
            "Licensee may audit the records at any time.",
            "Licensee may audit the records no earlier than 30 days after notice.",
            ("at any time", "no earlier than"),
        ),
        (
            "The Recipient may use the Confidential Information for any purpose.",
            "The Recipient shall use the Confidential Information solely for the Purpose.",
            ("for any purpose", "solely for"),
        ),
    ],
)
def test_at_any_time_against_a_time_limit_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert opposite_pairs(claim, passage) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the claim limits its own "at any time"
        (
            "Either party may terminate this Agreement at any time after the Initial Term.",
            "Either party may terminate this Agreement only after the Initial Term.",
        ),
        # the passage says "at any time" too
        (
            "The option is exercisable at any time.",
            "The option is exercisable at any time, but only after notice to the Company.",
        ),
        # a time limit on something else
        (
            "The option is exercisable at any time.",
            "Dividends are payable only after the annual meeting.",
        ),
        # a time without "only"
        (
            "The option is exercisable at any time.",
            "The option is exercisable after the third anniversary.",
        ),
        # another thing's limit, though it shares a word
        (
            "The option is exercisable at any time.",
            "The warrant is exercisable only after the third anniversary.",
        ),
        # another act done to the same thing
        (
            "The Recipient may use the Confidential Information for any purpose.",
            "The Recipient may disclose Confidential Information only in connection with the"
            " Purpose.",
        ),
        # the claim limits its own purpose
        (
            "The Recipient may use the Confidential Information for any purpose other than"
            " competing.",
            "The Recipient shall use the Confidential Information solely for the Purpose.",
        ),
    ],
)
def test_at_any_time_without_a_time_limit_on_the_same_act_is_no_conflict(
    claim: str, passage: str
) -> None:
    assert opposite_pairs(claim, passage) == []


@pytest.mark.parametrize(
    ("answer", "source", "words"),
    [
        # each shares every word of the claim with its source, so the overlap features
        # alone judged it supported
        (
            "The Class B shares are voting shares.",
            "Section 4. The Class B shares are non-voting shares.",
            ("voting", "non-voting"),
        ),
        (
            "Rent is due on the first day of each month.",
            "Rent is due on the last day of each month, in advance.",
            ("first", "last"),
        ),
        (
            "The option is exercisable at any time.",
            "The option is exercisable only after the third anniversary of the grant.",
            ("at any time", "only after"),
        ),
    ],
)
def test_a_claim_whose_source_says_the_opposite_is_unsupported_in_the_report(
    answer: str, source: str, words: tuple[str, str]
) -> None:
    report = citemark.align(answer, [{"id": "S1", "text": source}])
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    assert [(c.text, c.evidence, c.source_id) for c in sentence.conflicts] == [(*words, "S1")]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("The appeal was timely.", "The appeal was untimely.", ("timely", "untimely")),
        (
            "The evidence is admissible.",
            "The evidence is inadmissible.",
            ("admissible", "inadmissible"),
        ),
        ("The breach was material.", "The breach was immaterial.", ("material", "immaterial")),
        ("The Company is solvent.", "The Company is insolvent.", ("solvent", "insolvent")),
        ("The records are complete.", "The records are incomplete.", ("complete", "incomplete")),
    ],
)
def test_a_legal_quality_against_its_prefixed_opposite_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    found = [
        (c.kind, c.claim.text, c.evidence.text) for c in check_facts(claim, [passage]).conflicts
    ]
    assert found == [("opposite", *expected)]


def test_a_plain_verb_states_a_duty_as_shall_does_for_the_other_party() -> None:
    def found(claim: str, passage: str) -> list[tuple[str, str]]:
        return [(c.claim.text, c.evidence.text) for c in check_facts(claim, [passage]).conflicts]

    assert found(
        "The landlord pays property taxes.", "The tenant shall pay all property taxes."
    ) == [("landlord", "tenant")]
    assert found("The landlord shall pay property taxes.", "The tenant pays property taxes.") == [
        ("landlord", "tenant")
    ]
    # a discretion is another statement than a duty or a plain verb
    assert found("The landlord pays property taxes.", "The tenant may pay property taxes.") == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Payment is due upon receipt of the invoice.",
            "Payment is due thirty days after receipt of the invoice.",
            ("upon receipt", "thirty days"),
        ),
        (
            "The note is payable on demand.",
            "The note is payable on June 30, 2026.",
            ("on demand", "June 30, 2026"),
        ),
        # written as a defined term
        (
            "The note is payable On Demand.",
            "The note is payable thirty (30) days after the date hereof.",
            ("On Demand", "thirty (30) days"),
        ),
    ],
)
def test_a_sum_owed_on_receipt_against_a_delay_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    found = [(c.claim.text, c.evidence.text) for c in check_facts(claim, [passage]).conflicts]
    assert found == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage says "upon receipt" too
        (
            "Payment is due upon receipt of the invoice.",
            "Payment is due within 30 days upon receipt of the invoice.",
        ),
        # how a notice works is no sum owed
        ("Notice is effective upon receipt.", "This Agreement is effective as of August 1, 2004."),
    ],
)
def test_on_receipt_beside_its_own_words_or_of_a_notice_is_no_conflict(
    claim: str, passage: str
) -> None:
    assert check_facts(claim, [passage]).conflicts == ()


def test_only_before_an_opposite_word_is_passed_over_for_its_subject() -> None:
    found = check_facts(
        "The buyer may inspect the goods before payment.",
        ["The buyer may inspect the goods only after payment."],
    ).conflicts
    assert [(c.claim.text, c.evidence.text) for c in found] == [("before", "after")]
    # what is narrowed must still be the same thing
    assert (
        check_facts(
            "The buyer may inspect the goods before payment.",
            ["The seller may ship the samples only after payment."],
        ).conflicts
        == ()
    )


# --- an opposite among modifiers, after a docket reference --------------------------------


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
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
    ],
)
def test_an_opposite_among_modifiers_or_after_a_docket_reference_conflicts(
    claim: str, passage: str, expected: tuple[str, str] | None
) -> None:
    """An opposite in a list of modifiers said of the claim's subject, an order's outcome
    after a bracketed docket reference, and an adopted rule the court rejected."""
    found = conflicts(claim, passage)
    assert found, (claim, passage)
    if expected is not None:
        assert (found[0][0], found[0][1]) == expected


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a severability clause's hope is no grant ("to be valid, enforceable provisions")
        (
            "If any provision of this agreement is held to be invalid by a court, the "
            "remaining provisions remain in effect.",
            "The parties agree to renegotiate in good faith those provisions so held to be "
            "invalid to be valid, enforceable provisions.",
        ),
        # a choice between a word and its opposite states neither
        (
            "The Committee adopted the proposal.",
            "The Committee shall decide whether to accept or reject the proposal.",
        ),
    ],
)
def test_a_hope_or_a_choice_between_opposites_states_neither(claim: str, passage: str) -> None:
    """A severability clause's hope ("to be valid") and a choice between a word and its
    opposite state neither word."""
    assert conflicts(claim, passage) == []
