"""Behaviour of the key-fact check: what counts as the same fact, and what does not; facts
given in the answer's offsets, and numbers read in scripts written without spaces."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import align, load_config
from citemark.facts import (
    FACT_KINDS,
    Fact,
    analysis,
    extract_facts,
    missing_facts,
    unsourced_facts,
)


def kinds_values(found: list[Fact]) -> list[tuple[str, str]]:
    return [(f.kind, f.value) for f in found]


# --- extraction ------------------------------------------------------------


def test_fact_kinds_cover_everything_extracted() -> None:
    text = (
        "On January 5, 2020 Acme Corp agreed to pay $5,000 (30% of the fee) within "
        "thirty (30) days, and the tenant must not sublet."
    )
    found = extract_facts(text)
    assert set(FACT_KINDS) == {"number", "date", "amount", "percent", "negation", "name"}
    assert {f.kind for f in found} == set(FACT_KINDS)
    for f in found:
        assert f.kind in FACT_KINDS
        assert text[f.start : f.end] == f.text


def test_fact_is_frozen() -> None:
    fact = extract_facts("It costs $5.")[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fact.value = "6 usd"  # type: ignore[misc]


def test_legal_style_number_is_one_fact() -> None:
    found = extract_facts("Notice must be given within thirty (30) days.")
    assert [(f.kind, f.text, f.value) for f in found] == [("number", "thirty (30) days", "30 day")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a dozen eggs", "12"),
        ("twenty-five cases", "25"),
        ("one hundred and twenty claims", "120"),
        ("3.5 km", "3.5 kilometer"),
        ("1,000 shares", "1000"),
        ("two years", "2 year"),
        ("a 10-year lease", "10 year"),
        ("the 21st century", "21st"),
        ("the third round", "3rd"),
    ],
)
def test_number_values(text: str, value: str) -> None:
    assert [f.value for f in extract_facts(text) if f.kind == "number"] == [value]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$5,000", "5000 usd"),
        ("$5k", "5000 usd"),
        ("$5 million", "5000000 usd"),
        ("5,000,000 dollars", "5000000 usd"),
        ("USD 5,000", "5000 usd"),
        ("€10", "10 eur"),
        ("EUR 10", "10 eur"),
        ("£3.50", "3.5 gbp"),
        ("five thousand dollars ($5,000)", "5000 usd"),
        ("14 cents", "0.14 usd"),
    ],
)
def test_amount_values(text: str, value: str) -> None:
    found = extract_facts(f"The fee is {text} in total.")
    assert kinds_values(found) == [("amount", value)]


@pytest.mark.parametrize("text", ["30%", "30 percent", "thirty percent", "30 per cent"])
def test_percent_values(text: str) -> None:
    assert kinds_values(extract_facts(f"About {text} of tenants.")) == [("percent", "30 %")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("January 5, 2020", "2020-01-05"),
        ("5 January 2020", "2020-01-05"),
        ("Jan. 5, 2020", "2020-01-05"),
        ("2020-01-05", "2020-01-05"),
        ("01/05/2020", "2020-01-05"),
        ("March 2019", "2019-03"),
        ("1999", "1999"),
        ("the 1990s", "1990s"),
    ],
)
def test_date_values(text: str, value: str) -> None:
    assert kinds_values(extract_facts(f"It happened in {text} here.")) == [("date", value)]


def test_list_markers_times_and_pronoun_one_are_not_numbers() -> None:
    text = "1. One of the tenants left at 10:30 am.\n2) Another left at 6 p.m."
    assert [f for f in extract_facts(text) if f.kind == "number"] == []


def test_sentence_initial_ordinary_word_is_not_a_name() -> None:
    found = extract_facts("Tenants may sue. However, the landlord in Texas may not.")
    names = [f.text for f in found if f.kind == "name"]
    assert names == ["Texas"]


def test_names_multiword_possessive_and_initial_multiword() -> None:
    found = extract_facts("Barack Obama met Acme Corp's lawyers at the Supreme Court.")
    assert [(f.text, f.value) for f in found if f.kind == "name"] == [
        ("Barack Obama", "barack obama"),
        ("Acme Corp's", "acme corp"),
        ("Supreme Court", "supreme court"),
    ]


def _texts(text: str, kind: str) -> list[str]:
    return [f.text for f in extract_facts(text) if f.kind == kind]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a code name runs on through its abbreviations; a citation signal is not part of it
        ("Under Civ. Code § 1950.5, the landlord must pay.", ["Civ. Code"]),
        ("See Cal. Civ. Proc. Code § 340 for details.", ["Cal. Civ. Proc. Code"]),
        # a case is one name, its second party no longer lost after the "v."
        ("In Smith v. Jones, 412 P.3d 88 (Cal. 2019), the court held.", ["Smith v. Jones", "Cal"]),
        # a sports fixture or a comparison is two things, not one name
        ("The match was USA v Bermuda.", ["USA", "Bermuda"]),
        ("Contra Costa County sued.", ["Contra Costa County"]),
        # a title is no part of the name, as before
        ("Dr. Jane Roe testified.", ["Jane Roe"]),
    ],
)
def test_legal_names_read_through_their_abbreviations(text: str, names: list[str]) -> None:
    assert _texts(text, "name") == names


def test_a_section_number_is_a_number_not_a_year() -> None:
    assert kinds_values(extract_facts("Under 42 U.S.C. § 1983, a person may sue.")) == [
        ("number", "42"),
        ("name", "usc"),
        ("number", "1983 section"),
    ]
    assert _texts("Section 2010 and Rule 1001 apply.", "number") == ["2010", "1001"]
    assert _texts("In 2019 the law passed.", "date") == ["2019"]


def test_a_case_name_is_missing_when_the_source_cites_another_case() -> None:
    claim = "In Smith v. Jones the court held so."
    same = "Smith v. Jones, 412 P.3d 88 (Cal. 2019). The court held so."
    other = "Smith v. Brown, 412 P.3d 88 (Cal. 2019). The court held so."
    assert missing_facts(claim, same) == []
    assert [f.text for f in missing_facts(claim, other)] == ["Smith v. Jones"]


def test_shouting_all_caps_is_not_a_name_but_an_acronym_is() -> None:
    found = extract_facts("THE TENANT SHALL NOT SUBLET THE PREMISES, said the FBI agent.")
    assert [f.text for f in found if f.kind == "name"] == ["FBI"]


def test_negation_fact_names_the_governed_word() -> None:
    found = extract_facts("The tenant must not sublet the flat.")
    assert [(f.kind, f.text, f.value) for f in found] == [
        ("negation", "must not sublet", "not:sublet")
    ]


def test_idioms_are_not_negations() -> None:
    text = "Not only rent but also fees are due no more than 30 days later, whether or not paid."
    assert [f for f in extract_facts(text) if f.kind == "negation"] == []


def test_extract_returns_a_fresh_list() -> None:
    first = extract_facts("It costs $5.")
    first.clear()
    assert extract_facts("It costs $5.") != []


# --- numbers, amounts, percents ---------------------------------------------


def test_two_years_vs_one_year_is_missing() -> None:
    found = missing_facts("The lease lasts two years.", "The lease lasts one year.")
    assert [(f.kind, f.text, f.value) for f in found] == [("number", "two years", "2 year")]


def test_legal_style_matches_plain_digits() -> None:
    claim = "Notice is due within thirty (30) days."
    assert missing_facts(claim, "Notice is due within 30 days.") == []
    assert missing_facts("Notice is due within 30 days.", claim) == []


def test_unit_mismatch_only_when_both_sides_have_units() -> None:
    assert kinds_values(missing_facts("The term is 30 days.", "The term is 30 months.")) == [
        ("number", "30 day")
    ]
    assert missing_facts("The term is 30 days.", "The term lasts 30 of them.") == []
    assert missing_facts("The term is 30.", "The term is 30 days.") == []


def test_time_units_convert() -> None:
    assert missing_facts("The term is one year.", "The term is 12 months.") == []
    assert missing_facts("Pay within two weeks.", "Pay within 14 days.") == []
    assert missing_facts("Pay within two weeks.", "Pay within 15 days.") != []


def test_amount_forms_compare_by_value() -> None:
    assert missing_facts("The fine is $5 million.", "The fine is 5,000,000 dollars.") == []
    assert missing_facts("The fine is $5,000,000.", "The fine is USD 5 million.") == []
    assert missing_facts("The fee is $5,000.", "The fee is 5,000.") == []


def test_different_amount_is_missing() -> None:
    found = missing_facts("The fee is $5,000.", "The fee is $50,000.")
    assert [(f.kind, f.text, f.value) for f in found] == [("amount", "$5,000", "5000 usd")]


def test_other_currency_contradicts() -> None:
    assert kinds_values(missing_facts("It cost €10.", "It cost $10.")) == [("amount", "10 eur")]


def test_percent_forms_and_plain_number() -> None:
    assert missing_facts("About 30% of tenants.", "About thirty percent of tenants.") == []
    assert missing_facts("About 30 percent agreed.", "Of 100 asked, 30 agreed.") == []
    assert kinds_values(missing_facts("About 30% agreed.", "About 40% agreed.")) == [
        ("percent", "30 %")
    ]


def test_ordinals() -> None:
    assert missing_facts("It was the first case.", "It was the 1st case.") == []
    assert kinds_values(missing_facts("It was the third case.", "It was the 2nd case.")) == [
        ("number", "3rd")
    ]


# --- dates -------------------------------------------------------------------


@pytest.mark.parametrize(
    "evidence",
    [
        "Signed 2020-01-05.",
        "Signed on 5 January 2020.",
        "Signed Jan. 5, 2020.",
        "Signed 01/05/2020.",
        "Signed on January 5 in the year 2020.",
    ],
)
def test_same_date_in_other_format_is_present(evidence: str) -> None:
    assert missing_facts("The lease was signed on January 5, 2020.", evidence) == []


@pytest.mark.parametrize(
    "evidence",
    ["Signed 2020-01-06.", "Signed on 5 February 2020.", "Signed January 5, 2021.", "Signed."],
)
def test_different_date_is_missing(evidence: str) -> None:
    found = missing_facts("The lease was signed on January 5, 2020.", evidence)
    assert kinds_values(found) == [("date", "2020-01-05")]


def test_year_is_present_if_mentioned_in_any_date_form() -> None:
    claim = "The company was founded in 1999."
    assert missing_facts(claim, "It was founded on March 3, 1999.") == []
    assert missing_facts(claim, "Founded 1999-03-03 in Ohio.") == []
    assert missing_facts(claim, "Founded in 1999.") == []
    assert kinds_values(missing_facts(claim, "It was founded on March 3, 1998.")) == [
        ("date", "1999")
    ]


def test_month_year() -> None:
    assert missing_facts("It opened in March 2019.", "It opened on March 3, 2019.") == []
    assert kinds_values(missing_facts("It opened in March 2019.", "It opened in April 2019.")) == [
        ("date", "2019-03")
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # month names in any case, abbreviations with or without a full stop
        ("july 11, 2019", "2019-07-11"),
        ("JULY 11, 2019", "2019-07-11"),
        ("Nov 28, 1972", "1972-11-28"),
        ("nov. 28, 1972", "1972-11-28"),
        ("sept 5, 2001", "2001-09-05"),
        ("may 5, 2019", "2019-05-05"),
        # stray spaces around commas and slashes, as tokenisers leave them
        ("November 28 , 1972", "1972-11-28"),
        ("28 November , 1972", "1972-11-28"),
        ("11 / 07 / 2019", "2019-11-07"),
        # ordinals, in digits and in words, and day-month order
        ("the 28th of November", "xxxx-11-28"),
        ("November 28th, 1972", "1972-11-28"),
        ("the twenty-eighth of November 1972", "1972-11-28"),
        ("28 november 1972", "1972-11-28"),
        # a year alone
        ("1972", "1972"),
    ],
)
def test_date_forms(text: str, value: str) -> None:
    assert kinds_values(extract_facts(f"It happened on {text} here.")) == [("date", value)]


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        (
            "The contract was signed on july 11, 2019.",
            "The agreement was executed on July 11, 2019 by both parties.",
        ),
        (
            "The company was founded on November 28 , 1972 in Ohio.",
            "Founded in Ohio on November 28, 1972, the company grew quickly.",
        ),
        ("It closed on the 28th of November 1972.", "It closed on 11/28/1972."),
        ("It closed on 28 Nov. 1972.", "It closed on November 28, 1972."),
        ("It closed in 1972.", "It closed on 28 november 1972."),
    ],
)
def test_date_written_another_way_is_present(claim: str, evidence: str) -> None:
    assert missing_facts(claim, evidence) == []


def test_lowercase_may_alone_is_a_verb_not_a_month() -> None:
    assert extract_facts("The tenant may 5 times renew.") == [
        Fact("number", "5 times", "5 time", 15, 22)
    ]
    assert kinds_values(extract_facts("It was signed on may 5, 2019.")) == [("date", "2019-05-05")]


def test_count_shown_by_listing_is_present() -> None:
    claim = "The studio released two films that year."
    assert missing_facts(claim, "That year the studio released the films Alpha and Beta.") == []
    listed = "The films Alpha, Beta, and Gamma came out that year."
    assert missing_facts("The studio released three films that year.", listed) == []
    # a list of another size, or a list that is not of the counted thing, is no backing
    found = missing_facts("The studio released three films.", "The films Alpha and Beta.")
    assert kinds_values(found) == [("number", "3")]
    found = missing_facts(claim, "That year the studio hired Alpha and Beta.")
    assert kinds_values(found) == [("number", "2")]


def test_an_ordinal_word_in_the_evidence_backs_its_number() -> None:
    assert missing_facts("It opened its first store.", "The chain first opened a store.") == []


def test_adverb_first_and_year_like_counts() -> None:
    assert extract_facts("When the planets first formed, dust collided.") == []
    assert kinds_values(extract_facts("It was the first case.")) == [("number", "1st")]
    assert kinds_values(extract_facts("A key of 1024 bits is weak.")) == [("number", "1024")]
    assert kinds_values(extract_facts("In 1998 films were silent.")) == [("date", "1998")]


def test_ordinal_idioms_count_nothing() -> None:
    assert extract_facts("Noise makes it hard to fall asleep in the first place.") == []
    assert extract_facts("On second thought, the tenant stayed.") == []
    # the same words where they do count
    assert kinds_values(extract_facts("It won first place in the first round.")) == [
        ("number", "1st")
    ]
    assert kinds_values(extract_facts("The second thought was better.")) == [("number", "2nd")]


# --- unsourced facts: what no source states (the ones that cap) -------------------


NOTICE = "The tenant must give written notice before moving out."


def test_a_number_absent_from_every_source_is_unsourced() -> None:
    claim = "The tenant must give written notice 45 days before moving out."
    missing = missing_facts(claim, NOTICE)
    assert kinds_values(missing) == [("number", "45 day")]
    assert unsourced_facts(claim, missing, [NOTICE, "The landlord keeps the deposit."]) == tuple(
        missing
    )


@pytest.mark.parametrize(
    "elsewhere",
    [
        "Most leases ask for 45 days.",
        "Most leases ask for forty-five days.",  # the same value in another form
        "Signed in March.\nNotice: 45 days.",  # anywhere in a long source
    ],
)
def test_a_number_another_source_states_is_missing_but_not_unsourced(elsewhere: str) -> None:
    claim = "The tenant must give written notice 45 days before moving out."
    missing = missing_facts(claim, NOTICE)
    assert [f.text for f in missing] == ["45 days"]
    assert unsourced_facts(claim, missing, [NOTICE, elsewhere]) == ()
    # a different number elsewhere does not source it
    assert [f.text for f in unsourced_facts(claim, missing, [NOTICE, "It takes 60 days."])] == [
        "45 days"
    ]


def test_unsourced_dates_names_and_negations() -> None:
    claim = "On 5 January 2020 Acme Corp said the tenant may not sublet."
    evidence = "The tenant may sublet."
    missing = missing_facts(claim, evidence)
    assert {f.kind for f in missing} == {"date", "name", "negation"}
    assert {f.kind for f in unsourced_facts(claim, missing, [evidence])} == {
        "date",
        "name",
        "negation",
    }
    other = "Acme Corp, 2020-01-05: subletting is not permitted; tenants must not sublet."
    assert unsourced_facts(claim, missing, [evidence, other]) == ()
    assert unsourced_facts(claim, [], [evidence]) == ()


# --- negation ----------------------------------------------------------------


def test_claim_drops_a_negation_the_evidence_has() -> None:
    found = missing_facts(
        "The tenant must sublet the premises.", "The tenant must not sublet the premises."
    )
    assert [(f.kind, f.text, f.value) for f in found] == [("negation", "must sublet", "pos:sublet")]


def test_claim_adds_a_negation_the_evidence_lacks() -> None:
    found = missing_facts("The landlord is not liable.", "The landlord is liable.")
    assert [(f.kind, f.text, f.value) for f in found] == [
        ("negation", "is not liable", "not:liable")
    ]


def test_contractions_and_cannot() -> None:
    assert kinds_values(missing_facts("The tenant can't sublet.", "The tenant can sublet.")) == [
        ("negation", "not:sublet")
    ]
    assert kinds_values(missing_facts("The tenant cannot sublet.", "The tenant may sublet.")) == [
        ("negation", "not:sublet")
    ]


def test_unrelated_negation_in_evidence_is_no_alarm() -> None:
    evidence = (
        "The landlord is liable for repairs, but the tenant is not responsible for damage "
        "caused by storms and may not withhold rent."
    )
    assert missing_facts("The landlord is liable for repairs.", evidence) == []


def test_negated_word_absent_from_evidence_is_no_alarm() -> None:
    assert missing_facts("The landlord is not liable.", "The premises must be kept clean.") == []


def test_same_polarity_on_both_sides_is_fine() -> None:
    claim = "The tenant may not sublet the flat."
    assert missing_facts(claim, "Under the lease, the tenant must not sublet.") == []
    assert missing_facts(claim, "The tenant is prohibited from subletting.") == []


def test_without_versus_with() -> None:
    found = missing_facts("He entered without consent.", "He entered with consent.")
    assert kinds_values(found) == [("negation", "not:consent")]


def test_unless_clause_is_not_a_positive_statement() -> None:
    claim = "Sanctions follow if the subsidies are not repealed."
    assert missing_facts(claim, "Sanctions follow unless the subsidies are repealed.") == []


# --- names -------------------------------------------------------------------


def test_name_present_absent_and_case_insensitive() -> None:
    claim = "The suit against Acme Corp was filed in Texas."
    assert missing_facts(claim, "A suit against ACME CORP. was filed in texas.") == []
    assert kinds_values(missing_facts(claim, "A suit against Beta Corp was filed in Ohio.")) == [
        ("name", "acme corp"),
        ("name", "texas"),
    ]


def test_surname_alone_backs_full_name() -> None:
    claim = "The bill was signed by Barack Obama."
    assert missing_facts(claim, "Obama signed the bill.") == []
    assert kinds_values(missing_facts(claim, "Biden signed the bill.")) == [
        ("name", "barack obama")
    ]


def test_possessive_and_plural_forms() -> None:
    assert missing_facts("The suit was filed by Acme's lawyers.", "Acme filed the suit.") == []
    assert missing_facts("The suit named Acme.", "The suit named Acme's parent.") == []
    assert missing_facts("Both Smiths sued.", "Mr. Smith and his wife sued.") == []


def test_acronym_and_demonym() -> None:
    evidence = "Agents of the Federal Bureau of Investigation arrived from Canada."
    assert missing_facts("FBI agents arrived.", evidence) == []
    assert missing_facts("The agents were Canadian.", evidence) == []
    court = "The United States Supreme Court ruled."
    assert missing_facts("The U.S. Supreme Court ruled.", court) == []


# --- the contract ------------------------------------------------------------


def test_empty_claim_and_empty_evidence() -> None:
    assert missing_facts("", "The fee is $5,000.") == []
    assert extract_facts("") == []
    found = missing_facts("The tenant paid Acme $5,000 on January 5, 2020.", "")
    assert [f.kind for f in found] == ["name", "amount", "date"]


def test_order_is_claim_order_and_duplicates_are_dropped() -> None:
    claim = "In 2019 Acme paid $5,000, then $5,000 again, and 10% more in 2019."
    found = missing_facts(claim, "Nothing relevant here.")
    assert kinds_values(found) == [
        ("date", "2019"),
        ("name", "acme"),
        ("amount", "5000 usd"),
        ("percent", "10 %"),
    ]
    assert [f.start for f in found] == sorted(f.start for f in found)


def test_deterministic_across_calls_and_cache_clears() -> None:
    claim = "On 5 January 2020 Acme Corp's tenant did not pay the $5,000 fee to Beta LLC."
    evidence = "In 2020 the tenant paid $50 to Acme; Beta was paid nothing."
    first = missing_facts(claim, evidence)
    assert first  # the pair disagrees, so there is something to compare
    for _ in range(3):
        assert missing_facts(claim, evidence) == first
    analysis.analyse.cache_clear()
    assert missing_facts(claim, evidence) == first


# --- robustness --------------------------------------------------------------

FRAGMENTS = [
    "$",
    "5",
    "1,000",
    "3.5",
    "%",
    " percent",
    "thirty",
    " (30) ",
    "days",
    "January",
    " 5, ",
    "2020",
    "-",
    "/",
    "01/05/20",
    "not ",
    "n't ",
    "Acme",
    "'s",
    " ",
    "\n",
    ". ",
    "First",
    "a dozen",
    "US$",
    "€",
    "İ",
    "ß",
    "Ⅻ",
    "٣",
    "\u0301",
    "million",
    "1990s",
    "(",
    ")",
    ":",
]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from(FRAGMENTS)).map("".join)))
def test_extract_never_raises_and_offsets_are_exact(text: str) -> None:
    for f in extract_facts(text):
        assert f.kind in FACT_KINDS
        assert 0 <= f.start < f.end <= len(text)
        assert text[f.start : f.end] == f.text
        assert f.value


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(FRAGMENTS)).map("".join),
    st.lists(st.sampled_from(FRAGMENTS)).map("".join),
)
def test_missing_facts_never_raises(claim: str, evidence: str) -> None:
    found = missing_facts(claim, evidence)
    keys = [(f.kind, f.value) for f in found]
    assert len(keys) == len(set(keys))
    for f in found:
        assert claim[f.start : f.end] == f.text


LEXICAL = load_config("lexical")


# --- numbers against unspaced scripts -----------------------------------------------------


ZH_LEASE = "本合同租期为一年，自2024年3月1日起。月租金为2400美元，每月一日支付。"


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("月租金为3000美元。", ("3000", "2400")),
        ("租期自2025年3月1日起。", ("2025", "2024")),
    ],
)
def test_a_changed_number_written_against_chinese_is_read(
    claim: str, conflict: tuple[str, str]
) -> None:
    """A number written against Chinese characters, as Chinese writes it, is a fact,
    though the characters are letters to the patterns' word edges: "3000" against "2400"
    is a conflict, in both presets."""
    for config in (LEXICAL, load_config("default")):
        result = align(claim, [{"id": "zh", "text": ZH_LEASE}], config=config).sentences[0]
        assert result.status == "unsupported"
        assert [(c.text, c.evidence) for c in result.conflicts] == [conflict]


@pytest.mark.parametrize("claim", ["月租金为2400美元。", "租期自2024年3月1日起。"])
def test_the_same_number_against_chinese_is_backed(claim: str) -> None:
    """The same figures are no conflict and no missing fact."""
    result = align(claim, [{"id": "zh", "text": ZH_LEASE}], config=LEXICAL).sentences[0]
    assert result.conflicts == () and result.missing_facts == ()


def test_facts_of_unspaced_text_keep_their_surface_and_offsets() -> None:
    from citemark.facts import extract_facts

    text = "契約期間は2年間、賃料は月額12万円とする。"
    facts = extract_facts(text)
    assert [f.text for f in facts if f.kind != "name"] == ["2", "12"]
    assert all(text[f.start : f.end] == f.text for f in facts)


# --- facts in answer offsets --------------------------------------------------------------


LEASE = {
    "id": "lease",
    "text": "Tenant shall pay monthly rent of $3,150.00. Tenant shall deposit $4,725.00 with "
    "Landlord as security.",
}


def test_missing_and_unsourced_facts_are_in_answer_offsets() -> None:
    answer = (
        "The rent is $3,150 per month.\n"
        "The tenant must carry renters insurance of at least $100,000.\n"
    )
    report = align(answer, [LEASE])
    second = report.sentences[1]
    assert [answer[f.start : f.end] for f in second.missing_facts] == ["$100,000"]
    assert [answer[f.start : f.end] for f in second.unsourced_facts] == ["$100,000"]
    data = report.to_dict()["sentences"][1]
    assert [answer[f["start"] : f["end"]] for f in data["missing_facts"]] == ["$100,000"]
