"""Fact conflicts (``facts.conflicts``, ``facts.roles``): the evidence states another value of
the same kind in the same role.

Two values conflict only when both say the same thing of the same thing: a notice period
is no rival of a deposit's return period, and a sum tied to the claim's only by a party
is another charge. A value the passage states only in another role is no support for the
claim; an event inside a deadline complies with it.
"""

from __future__ import annotations

from typing import Any

import pytest
from fact_pairs import conflict_pairs, conflict_texts, conflicts, sentence_of

import citemark
from citemark import align, load_config
from citemark.facts import check_facts, extract_facts

# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
ALL_RULES = load_config("lexical").with_(rules_off=())

LEASE = "A tenant must bring an action within one year of the end of the tenancy."


# --- library level ---------------------------------------------------------


def test_changed_duration_is_a_conflict_and_unsupported() -> None:
    answer = "The tenant has two years to sue."
    sources = [{"id": "statute", "text": "Limitation. " + LEASE}]
    report = citemark.align(answer, sources, config="lexical")
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    (conflict,) = sentence.conflicts
    assert conflict.kind == "number"
    assert (conflict.text, answer[conflict.start : conflict.end]) == ("two years", "two years")
    assert conflict.evidence == "one year"
    assert conflict.source_id == "statute"
    text = sources[0]["text"]
    assert text[conflict.source_start : conflict.source_end] == "one year"
    assert not any(f.text == "two years" for f in sentence.missing_facts)
    assert report.to_dict()["sentences"][0]["conflicts"][0]["evidence"] == "one year"


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        (
            "The tenant must give notice within 30 days of the move.",
            "The tenant must give notice within thirty (30) days of the move.",
        ),
        (
            "The tenant shall pay $2,400 each month as rent.",
            "The tenant shall pay $2,400.00 each month as rent.",
        ),
        (
            "The lease was signed by both parties on 11 July 2019.",
            "The lease was signed by both parties on July 11, 2019.",
        ),
    ],
)
def test_equivalent_values_do_not_conflict(answer: str, source: str) -> None:
    report = citemark.align(answer, [{"id": "s", "text": source}], config=ALL_RULES)
    (sentence,) = report.sentences
    assert sentence.conflicts == ()
    assert sentence.missing_facts == ()
    assert sentence.status == "supported"


def test_negation_flip_conflicts_in_the_report() -> None:
    answer = "The tenant may sublet."
    source = "The tenant may not sublet the premises."
    report = citemark.align(answer, [{"id": "lease", "text": source}], config=ALL_RULES)
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    (conflict,) = sentence.conflicts
    assert conflict.kind == "negation"
    assert conflict.text == "may sublet"
    assert source[conflict.source_start : conflict.source_end] == "may not sublet"


# --- unit level: what conflicts --------------------------------------------


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("The tenant has two years to sue.", LEASE, ("number", "two years", "one year")),
        (
            "The tenant has two years to sue.",
            "A tenant must sue within one (1) year.",
            ("number", "two years", "one (1) year"),
        ),
        (
            "The rent is $2,400 a month.",
            "The deposit is $500 and the rent is $2,000 a month.",
            ("amount", "$2,400", "$2,000"),
        ),
        (
            "Interest accrues at 5% per year.",
            "Interest accrues at 8% per year on unpaid sums.",
            ("percent", "5%", "8%"),
        ),
        # one digit, like a rounding of the other value, but far from it: another value
        (
            "Late payments accrue interest at 2% per month.",
            "Late payments accrue interest at 1.5% per month.",
            ("percent", "2%", "1.5%"),
        ),
        (
            "The company has 20 employees.",
            "The company has 15 employees.",
            ("number", "20", "15"),
        ),
        (
            "The lease was signed on July 12, 2019.",
            "The lease was signed on July 11, 2019.",
            ("date", "July 12, 2019", "July 11, 2019"),
        ),
        (
            "The studio released three films that year.",
            "That year the studio released five films.",
            ("number", "three", "five"),
        ),
        (
            "The tenant shall sublet the premises.",
            "The tenant shall not sublet the premises.",
            ("negation", "shall sublet", "shall not sublet"),
        ),
        (
            "The tenant may not sublet.",
            "The tenant may sublet the premises.",
            ("negation", "may not sublet", "may sublet"),
        ),
        (
            "The lease is between Acme Corp and the tenant.",
            "The lease is between Beta Corp and the tenant.",
            ("name", "Acme Corp", "Beta Corp"),
        ),
        (
            "The film was directed by John Smith.",
            "The film was directed by Jane Doe in 1990.",
            ("name", "John Smith", "Jane Doe"),
        ),
        # the same statement with the other polarity, infinitive and all
        (
            "The Tenant is permitted to sublet the Premises.",
            "The Tenant is not permitted to sublet the Premises.",
            ("negation", "is permitted", "is not permitted"),
        ),
        (
            "It is possible to go below zero on the Kelvin scale.",
            "On the Kelvin scale it is not possible to go below zero.",
            ("negation", "is possible", "is not possible"),
        ),
    ],
)
def test_conflicts(claim: str, passage: str, expected: tuple[str, str, str]) -> None:
    assert conflict_pairs(claim, [passage]) == [expected]


def test_conflict_names_its_passage_and_offsets() -> None:
    claim = "The tenant has two years to sue."
    passages = ["The landlord keeps the deposit.", LEASE]
    check = check_facts(claim, passages)
    (conflict,) = check.conflicts
    assert conflict.passage == 1
    ev = conflict.evidence
    assert passages[1][ev.start : ev.end] == ev.text == "one year"
    assert claim[conflict.claim.start : conflict.claim.end] == "two years"
    assert check.missing == ()


# --- unit level: what does not ---------------------------------------------


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # another unit class: a deadline in days is no rival to one in years
        ("The tenant has two years to sue.", "A tenant must give notice within 30 days."),
        # the same kind of value in another role (no shared words around it)
        ("The tenant has two years to sue.", "The landlord was fined one year ago."),
        # a count of another noun
        ("The studio released two films.", "The studio has 40 employees."),
        # another currency
        ("The fee is $500.", "The fee is €450."),
        # hedged: an estimate does not contradict the exact figure
        ("The company has about 500 employees.", "The company has 498 employees."),
        # rounded
        ("The city has 4.9 million residents.", "The city has 4,872,000 residents."),
        ("The city has 5 million residents.", "The city has 4,872,000 residents."),
        ("Revenue grew 20% in 2019.", "Revenue grew 19.7% in 2019."),
        # the evidence rounds the claim's value
        ("The city has 4,872,000 residents.", "The city has 4.9 million residents."),
        ("Shares of AT&T climbed 4.4 percent.", "Shares of AT&T climbed 4 percent."),
        # a change in points is not a level in percent
        ("The index rose by 1.4 percentage points.", "The index rose to 52.9 percent."),
        # a range, not a value
        ("He served on the board in 2017.", "He served on the board from 2015 to 2020."),
        # less precise evidence does not differ
        ("The lease was signed on July 11, 2019.", "The lease was signed in July 2019."),
        # an ordinal against a count
        ("The third party signed the deed.", "Two parties signed the deed."),
        # a name in another slot, or the same name written differently
        ("The film was directed by John Smith.", "The film was produced by Jane Doe."),
        ("The film was directed by John Smith.", "The film was directed by Smith."),
        ("Smith sued Acme Corp in Ohio.", "Smith sued Acme Inc. in Texas."),
        # a hyphen where the other writes a space, either way round
        (
            "In 1960 about 40 percent of African-Americans in the county voted.",
            "In 1960 about 40 percent of African Americans in the county voted.",
        ),
        ("The deed names Smith Jones as the buyer.", "The deed names Smith-Jones as the buyer."),
        # the rival name is in the claim too
        ("It featured vocals from Canadian singer Kai.", "It featured vocals from Kai."),
        # a bare year is no rival to a full date: another event, most likely
        ("It was released on vinyl on November 25, 2016.", "It was first released in 1990."),
    ],
)
def test_no_conflict(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []


def test_conflicting_fact_is_not_also_missing() -> None:
    check = check_facts("On July 12, 2019 the tenant had two years to sue.", [LEASE])
    assert [c.claim.text for c in check.conflicts] == ["two years"]
    assert [f.text for f in check.missing] == ["July 12, 2019"]


def test_no_facts_no_conflicts() -> None:
    assert check_facts("The tenant sued.", [LEASE]).conflicts == ()
    assert check_facts("The tenant has two years to sue.", []).conflicts == ()


# --- the fact cap ------------------------------------------------------------


def test_cap_facts_picks_the_kinds_that_cap() -> None:
    from citemark import load_config
    from citemark.facts import Fact
    from citemark.score import status_of

    date = (Fact("date", "2019", "2019", 0, 4),)
    lexical = load_config("lexical")
    high = lexical.supported + 0.01
    assert status_of(high, date, lexical.with_(cap_facts=("date",))) == "partial"
    assert status_of(high, date, lexical.with_(cap_facts=("number",))) == "supported"
    assert status_of(high, (), lexical.with_(cap_facts=("date",))) == "supported"
    # strict_facts caps on every kind, names included, whatever cap_facts says
    strict = lexical.with_(cap_facts=(), strict_facts=True)
    assert status_of(high, date, strict) == "partial"
    assert status_of(high, (Fact("name", "Acme", "acme", 0, 4),), strict) == "partial"


NOTICE_SOURCES = [
    {
        "id": "lease",
        "text": "The tenant must give written notice to the landlord before moving out of the "
        "flat. The landlord keeps the deposit.",
    },
    {"id": "faq", "text": "Questions about notice. Most leases ask for 45 days."},
]
NOTICE_CLAIM = "The tenant must give the landlord written notice 45 days before moving out."


# The fitted presets weigh a number no source states at about -1, which alone keeps this
# claim under the fitted supported threshold: the cap tests set the threshold under its
# score, so that what they check is the cap, not the weights.
_UNDER_THE_NOTICE_SCORE = 0.45


def test_a_number_no_source_states_caps_the_sentence() -> None:
    config = citemark.load_config("lexical").with_(
        max_citations=1, cap_facts=("number",), supported_lexical=_UNDER_THE_NOTICE_SCORE
    )
    (sentence,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=config).sentences
    assert sentence.score >= config.thresholds()[0]
    assert [f.text for f in sentence.unsourced_facts] == ["45 days"]
    assert [f.text for f in sentence.missing_facts] == ["45 days"]
    assert sentence.status == "partial"
    (data,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=config).to_dict()["sentences"]
    assert [f["text"] for f in data["unsourced_facts"]] == ["45 days"]
    # the kind must be one the preset caps on
    no_cap = config.with_(cap_facts=())
    assert citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=no_cap).sentences[0].status == (
        "supported"
    )


def test_only_the_kinds_a_preset_caps_are_reported_unless_all_are_asked_for() -> None:
    """A report lists the unsourced facts of the kinds the preset caps;
    ``unsourced_kinds = "all"`` (eval) lists every kind. The scorer sees every kind
    either way, so the score and status do not depend on the setting."""
    config = citemark.load_config("lexical").with_(
        max_citations=1, cap_facts=("amount",), supported_lexical=_UNDER_THE_NOTICE_SCORE
    )
    (capped,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=config).sentences
    assert [f.text for f in capped.missing_facts] == ["45 days"]
    assert capped.unsourced_facts == ()
    assert capped.features["unsourced_facts"] == 1.0
    every = config.with_(unsourced_kinds="all")
    (looked_up,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=every).sentences
    assert [f.text for f in looked_up.unsourced_facts] == ["45 days"]
    # the status is the same either way: a number does not cap under this preset
    assert capped.score == looked_up.score
    assert capped.status == looked_up.status == "supported"
    with pytest.raises(citemark.ConfigError, match="unsourced_kinds"):
        config.with_(unsourced_kinds="some")


def test_the_scorer_weighs_a_fact_no_source_states_apart_from_one_another_source_states() -> None:
    """A fact missing from the cited passage counts as ``missing_facts`` when another
    source states it (retrieval cited too little) and as ``unsourced_facts`` when no
    source does (the answer's own value); the fitted presets weigh the second as
    evidence against the sentence and the first hardly at all."""
    config = citemark.load_config("lexical").with_(max_citations=1, cap_facts=())
    (elsewhere,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES, config=config).sentences
    (nowhere,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES[:1], config=config).sentences
    assert [f.text for f in elsewhere.missing_facts] == [f.text for f in nowhere.missing_facts]
    assert (elsewhere.features["missing_facts"], elsewhere.features["unsourced_facts"]) == (1, 0)
    assert (nowhere.features["missing_facts"], nowhere.features["unsourced_facts"]) == (0, 1)
    for name in ("default", "lexical", "precise"):
        weights, _ = citemark.load_config(name).weights("hybrid")
        assert weights["unsourced_facts"] < min(weights["missing_facts"], 0.0)
    assert nowhere.components["unsourced_facts"] < 0.0
    assert elsewhere.components["unsourced_facts"] == 0.0
    assert nowhere.score < elsewhere.score


def test_a_number_another_source_states_is_reported_but_does_not_cap() -> None:
    # max_citations=1: the FAQ that states "45 days" is not among the cited passages
    config = citemark.load_config("lexical").with_(max_citations=1, cap_facts=("number",))
    (sentence,) = citemark.align(NOTICE_CLAIM, NOTICE_SOURCES, config=config).sentences
    assert [c.source_id for c in sentence.citations] == ["lease"] * len(sentence.citations)
    assert [f.text for f in sentence.missing_facts] == ["45 days"]
    assert sentence.features["missing_facts"] == 1.0
    assert sentence.unsourced_facts == ()
    assert sentence.score >= config.thresholds()[0]
    assert sentence.status == "supported"
    # strict_facts (legal-strict) asks the cited evidence itself to state every fact
    strict = config.with_(strict_facts=True)
    assert citemark.align(NOTICE_CLAIM, NOTICE_SOURCES, config=strict).sentences[0].status == (
        "partial"
    )


def test_fact_cap_per_kind_counts_the_sentences_each_kind_would_change() -> None:
    from citemark.evaluate import CAP_MIN_CASES, Prediction, fact_cap

    def pred(gold: str, missing: tuple[str, ...], unsourced: tuple[str, ...]) -> Prediction:
        return Prediction(
            "d", "s", "r", gold, "supported", 0.9, {}, None, None,
            missing=missing, unsourced=unsourced, above=True,
        )  # fmt: skip

    right = [pred("partial", ("number",), ("number",)) for _ in range(CAP_MIN_CASES)]
    preds = [
        *right,
        pred("supported", ("number", "date"), ("number",)),
        pred("supported", ("date",), ()),
        *(pred("supported", (), ()) for _ in range(3)),
    ]
    m = fact_cap(preds, frozenset({"number"}))
    kinds = {k.kind: k for k in m.kinds}
    assert m.base_rate == 0.5
    number, date = kinds["number"], kinds["date"]
    assert (number.caps, number.unsourced, number.elsewhere) == (True, CAP_MIN_CASES + 1, 0)
    assert number.unsourced_precision == round(CAP_MIN_CASES / (CAP_MIN_CASES + 1), 4)
    assert number.earns  # 0.83 >= 0.5 + margin, with enough cases
    assert (date.caps, date.unsourced, date.elsewhere, date.elsewhere_precision) == (
        False, 0, 2, 0.0,
    )  # fmt: skip
    assert date.earns is None  # no case: untested, neither earned nor failed
    # too few cases never earn the cap, however right they are
    assert fact_cap(right[:-1]).kinds[0].earns is False
    # right no more often than the base rate plus the margin: not earned
    wrong = [pred("supported", ("number",), ("number",)) for _ in range(2)]
    assert fact_cap([*right, *wrong]).kinds[0].earns is False


@pytest.mark.parametrize(
    ("value", "message"),
    [("date", "must be a list"), (["dates"], "unknown fact kind(s) 'dates'"), (3, "must be a")],
)
def test_cap_facts_is_validated(value: object, message: str) -> None:
    from citemark import ConfigError, load_config

    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_config("lexical").with_(cap_facts=value)


def test_fact_cap_metrics_count_changed_sentences_and_their_precision() -> None:
    from citemark.evaluate import Prediction, fact_cap

    def pred(gold: str, capped: bool = False, conflicted: bool = False) -> Prediction:
        status = "unsupported" if conflicted else "partial" if capped else "supported"
        return Prediction("d", "s", "r", gold, status, 0.9, {}, None, None, capped, conflicted)

    preds = [
        pred("supported", capped=True),
        pred("partial", capped=True),
        pred("unsupported", capped=True),
        pred("supported"),
        pred("unsupported", conflicted=True),
    ]
    m = fact_cap(preds)
    assert (m.sentences, m.capped, m.conflicts) == (5, 3, 1)
    assert m.cap_precision == round(2 / 3, 4)
    assert m.conflict_precision == 1.0
    assert m.base_rate == 0.6
    assert fact_cap([pred("supported")]).cap_precision is None


# --- one statement, opposite polarity; not two statements sharing a stem ------


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # an adverb is not its adjective
        (
            "Even if the volume is not that high, the brain stays on alert.",
            "These responses to noise are highly individual.",
        ),
        # a word with an infinitive is about the verb it names
        (
            "Negative temperatures are possible on the Kelvin scale.",
            "On the Kelvin scale it is not possible to go below zero.",
        ),
        (
            "The Tenant is permitted to assign this Lease.",
            "The Tenant is not permitted to sublet the Premises.",
        ),
        # one name spelled two ways ("2Pac" is read as the name "Pac")
        (
            "The estate sued to recover the recordings that Tupac had made.",
            "The estate sued to recover the recordings that 2Pac had made.",
        ),
    ],
)
def test_two_statements_sharing_a_word_do_not_conflict(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []


# --- one person, named two ways ------------------------------------------------

LEASE_PARTIES = (
    "This lease is made between Acme Corp (the Landlord) and Daniel LaRusso (the Tenant). "
    "The rent is paid by Daniel on the first day of each month."
)


def test_a_first_name_against_a_surname_of_one_person_is_no_conflict() -> None:
    passage = "The rent is paid by Daniel on the first day of each month."
    claim = "The rent is paid by LaRusso on the first day of each month."
    assert conflict_pairs(claim, [passage]) == [("name", "LaRusso", "Daniel")]  # alone
    checked = check_facts(claim, [passage], sources=[LEASE_PARTIES])
    assert checked.conflicts == ()
    assert [f.text for f in checked.missing] == ["LaRusso"]  # the passage still lacks it
    for written in ("LaRusso, Daniel", "Daniel J. LaRusso", "Daniel LaRusso"):
        assert check_facts(claim, [passage], sources=[f"Tenant: {written}."]).conflicts == ()
    report = citemark.align(claim, [{"id": "lease", "text": LEASE_PARTIES}], config="lexical")
    assert report.sentences[0].conflicts == ()


def test_another_person_in_the_same_slot_still_conflicts() -> None:
    report = citemark.align(
        "The rent is paid by Johnny on the first day of each month.",
        [{"id": "lease", "text": LEASE_PARTIES}],
        config=ALL_RULES,  # the name rule is off in the default presets
    )
    (sentence,) = report.sentences
    assert [(c.kind, c.text, c.evidence) for c in sentence.conflicts] == [
        ("name", "Johnny", "Daniel")
    ]
    assert sentence.status == "unsupported"


def test_a_hyphenated_name_is_its_words_for_presence_and_rivalry() -> None:
    passage = "The lease is between Acme Beta Corp and the tenant."
    claim = "The lease is between Acme-Beta Corp and the tenant."
    checked = check_facts(claim, [passage])
    assert (checked.missing, checked.conflicts) == ((), ())
    rival = "The lease is between Gamma-Delta Corp and the tenant."
    assert conflict_pairs(rival, [passage]) == [("name", "Gamma-Delta Corp", "Acme Beta Corp")]


def test_a_shared_surname_alone_is_not_the_same_person() -> None:
    passage = "The lease was signed by Jane Smith on May 1, 2020."
    claim = "The lease was signed by John Smith on May 1, 2020."
    assert conflict_pairs(claim, [passage]) == [("name", "John Smith", "Jane Smith")]
    report = citemark.align(claim, [{"id": "lease", "text": passage}], config=ALL_RULES)
    assert report.sentences[0].status == "unsupported"
    groups = "About 40 percent of African Americans voted in 1960."
    claim = "About 40 percent of Asian Americans voted in 1960."
    assert conflict_pairs(claim, [groups]) == [("name", "Asian Americans", "African Americans")]


@pytest.mark.parametrize(
    "passage",
    [
        "The lease was signed by Smith on May 1, 2020.",  # the surname alone
        "The lease was signed by Justice Smith on May 1, 2020.",  # a title, no first name
        "The lease was signed by John A. Smith on May 1, 2020.",  # a middle initial
    ],
)
def test_the_surname_with_no_other_first_name_still_backs_the_name(passage: str) -> None:
    checked = check_facts("The lease was signed by John Smith on May 1, 2020.", [passage])
    assert (checked.missing, checked.conflicts) == ((), ())


STATUTE = (
    "Bad faith retention of a security deposit may subject the landlord to statutory "
    "damages of up to twice the amount of the security deposit."
)


def test_a_multiplier_word_is_a_count_of_times() -> None:
    claim = "The landlord is liable for three times the deposit."
    assert conflict_pairs(claim, ["The landlord is liable for twice the deposit."]) == [
        ("number", "three times", "twice")
    ]
    assert conflict_pairs("It awards treble damages.", ["It awards double damages."]) == [
        ("number", "treble", "double")
    ]
    for claim, passage in [
        ("The landlord is liable for two times the deposit.", "...liable for twice the deposit."),
        ("The court awarded treble damages.", "The court awarded three times the damages."),
    ]:
        checked = check_facts(claim, [passage])
        assert (checked.missing, checked.conflicts) == ((), ())
    # "double" counts only before what it multiplies
    assert [f.text for f in citemark.facts.extract_facts("She booked a double room.")] == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("paid at one and a half times the regular rate", "1.5 time"),
        ("a term of two and one-half years", "2.5 year"),
        ("two and a half percent", "2.5 %"),
        ("one and a half million dollars", "1500000 usd"),
    ],
)
def test_a_spelled_number_and_a_half_is_one_value(text: str, value: str) -> None:
    assert [f.value for f in citemark.facts.extract_facts(text)] == [value]


@pytest.mark.parametrize(
    ("claim", "rival", "expected", "backing"),
    [
        (
            "Overtime is paid at one and a half times the regular rate.",
            "Overtime shall be paid at twice the regular rate.",
            ("number", "one and a half times", "twice"),
            "Overtime shall be paid at 1.5 times the regular rate.",
        ),
        (
            "Payment must be made within a week.",
            "Payment shall be made within thirty (30) days.",
            ("number", "a week", "thirty (30) days"),
            "Payment shall be made within seven (7) days.",
        ),
        (
            "The employee must give a month's notice.",
            "Employee shall give ninety (90) days' notice.",
            ("number", "a month", "ninety (90) days"),
            "Employee shall give one (1) month's notice.",
        ),
    ],
)
def test_a_value_read_in_words_contradicts_another_and_is_backed_by_its_equal(
    claim: str, rival: str, expected: tuple[str, str, str], backing: str
) -> None:
    """ "one and a half times" and "a week" are values, read as the figures they equal."""
    assert conflict_pairs(claim, [rival]) == [expected]
    backed = check_facts(claim, [backing])
    assert (backed.missing, backed.conflicts) == ((), ())


def test_two_different_caps_conflict_where_two_estimates_do_not() -> None:
    claim = "Bad faith retention may lead to damages of up to three times the deposit."
    assert conflict_pairs(claim, [STATUTE]) == [("number", "three times", "twice")]
    report = citemark.align(claim, [{"id": "Civ. Code § 1950.5", "text": STATUTE}])
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    assert sentence.conflicts[0].evidence == "twice"
    floor = "The landlord must give at least 60 days' notice."
    claim = "The landlord must give at least 30 days' notice."
    assert conflict_pairs(claim, [floor]) == [("number", "30 days", "60 days")]
    # a cap or a floor however it is worded
    capped = "The fee shall not exceed 5% of sales."
    assert conflict_pairs("The fee may be up to 10% of sales.", [capped]) == [
        ("percent", "10%", "5%")
    ]
    assert conflict_pairs(claim, ["The landlord must give not less than 60 days' notice."]) == [
        ("number", "30 days", "60 days")
    ]
    # a cap is no rival of a floor, nor "more than" (a lower bound of many values) of another
    assert conflict_pairs(claim, ["The landlord must give up to 60 days' notice."]) == []
    more = "The company has more than 400 employees."
    assert conflict_pairs("The company has more than 500 employees.", [more]) == []
    # an estimate on one side only is no rival: the claim's value is missing instead
    estimate = "The landlord must give about 60 days' notice."
    checked = check_facts(claim, [estimate])
    assert checked.conflicts == ()
    assert [f.text for f in checked.missing] == ["30 days"]


def test_two_names_that_begin_alike_and_end_apart_are_rivals() -> None:
    law = "This Lease is governed by the laws of the State of New York."
    assert conflict_pairs("The lease is governed by New Jersey law.", [law]) == [
        ("name", "New Jersey", "State of New York")
    ]
    signed = "The deed was signed by John Smith."
    assert conflict_pairs("The deed was signed by John Doe.", [signed]) == [
        ("name", "John Doe", "John Smith")
    ]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # one name written out further, either way round
        ("The deed was signed by John Smith.", "The deed was signed by John Smith Jr."),
        ("He lives in New York City.", "He lives in New York."),
        ("Barack Obama won the vote.", "Barack Hussein Obama won the vote."),
        # generic words set aside, one name adds to the other
        ("Apple Inc sued the firm.", "Apple Computer Corp sued the firm."),
    ],
)
def test_a_name_written_out_further_is_no_rival(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []


def test_a_plain_verb_after_the_same_subject_flips_a_negation() -> None:
    denied = "Interest shall not accrue on the deposit."
    assert conflict_pairs("Interest accrues on the deposit.", [denied]) == [
        ("negation", "accrues", "shall not accrue")
    ]
    stated = "Interest accrues on the deposit at 2%."
    assert conflict_pairs("Interest does not accrue on the deposit.", [stated]) == [
        ("negation", "does not accrue", "accrues")
    ]
    # another subject, or another complement, is another statement
    assert conflict_pairs("Interest accrues daily.", ["Late fees do not accrue."]) == []
    grace = "Interest does not accrue during the grace period."
    assert conflict_pairs("Interest accrues monthly.", [grace]) == []
    water = "The tenant does not pay the water bill."
    assert conflict_pairs("The tenant pays utilities.", [water]) == []
    assert conflict_pairs("The tenant pays the water bill.", [water]) == [
        ("negation", "pays", "does not pay")
    ]
    report = citemark.align(
        "Interest accrues on the deposit.",
        [{"id": "Lease § 4", "text": "Deposit. " + denied}],
        config=ALL_RULES,
    )
    assert report.sentences[0].status == "unsupported"


def test_two_votes_conflict_and_a_range_or_a_score_line_does_not() -> None:
    assert conflict_pairs("The decision was 6-3.", ["The decision was 5-4."]) == [
        ("number", "6-3", "5-4")
    ]
    checked = check_facts("The Court ruled by a 7-2 vote.", ["It was a 7–2 majority."])
    assert checked.conflicts == ()
    assert "7-2" not in [f.text for f in checked.missing]
    # scores of a match are many tallies of many things: missing at most, never a rival
    assert conflict_pairs("He won the first set 6–0.", ["He led 5-2 in the set."]) == []
    # a rising pair is a range, read as two numbers as before
    found = citemark.facts.extract_facts("Children aged 5-12 may attend.")
    assert [f.text for f in found] == ["5", "12"]


def test_business_days_are_a_unit_of_their_own() -> None:
    calendar = "The landlord must respond within thirty (30) calendar days."
    business = "The landlord must respond within 30 business days."
    # against days called calendar days, business days are another period
    assert [c.claim.text for c in check_facts(business, [calendar]).conflicts] == [
        "30 business days"
    ]
    assert [f.text for f in check_facts("...within 30 days.", [business]).missing] == ["30 days"]
    same = check_facts("The landlord must respond within 30 working days.", [business])
    assert (same.missing, same.conflicts) == ((), ())
    assert check_facts("...within 30 days.", [calendar]).missing == ()
    claim = "The landlord must respond within 20 business days."
    assert conflict_pairs(claim, [business]) == [("number", "20 business days", "30 business days")]


def test_a_section_number_is_missing_never_in_conflict() -> None:
    claim = "A person may sue under 42 U.S.C. § 1983."
    checked = check_facts(claim, ["A person may sue under 42 U.S.C. § 1981."])
    assert checked.conflicts == ()
    assert [f.text for f in checked.missing] == ["1983"]
    # contracts cite many sections in one phrasing: another one is no contradiction
    meaning = '"Alliance Manager" has the meaning set forth in Section 2.2.'
    other = '"Adverse Ruling" has the meaning set forth in Section 12.2.'
    assert conflict_pairs(other, [meaning]) == []
    # the same section written another way, or with no sign at all, backs it
    for passage in [
        "One may sue under 42 U.S.C. section 1983.",
        "One may sue under 42 U.S.C. 1983.",
    ]:
        checked = check_facts(claim, [passage])
        assert (checked.missing, checked.conflicts) == ((), ())


def test_an_effective_date_written_as_of_is_in_the_same_role() -> None:
    passage = "This Agreement is effective as of January 15, 2023."
    claim = "The agreement took effect on January 1, 2023."
    assert conflict_pairs(claim, [passage]) == [("date", "January 1, 2023", "January 15, 2023")]
    assert conflict_pairs("The agreement took effect on January 15, 2023.", [passage]) == []


def test_a_duty_is_not_backed_by_a_discretion() -> None:
    discretion = "The Landlord may return the deposit within 30 days."
    claim = "The landlord must return the deposit within 30 days."
    assert conflict_pairs(claim, [discretion]) == [("negation", "must return", "may return")]
    report = citemark.align(claim, [{"id": "lease", "text": discretion}])
    assert report.sentences[0].status == "unsupported"
    # what one must do one may do: the other way round is no clash
    duty = "The Landlord shall return the deposit within 30 days."
    assert conflict_pairs("The landlord may return the deposit within 30 days.", [duty]) == []
    assert conflict_pairs("The landlord shall return the deposit within 30 days.", [duty]) == []
    # another subject's discretion is another statement
    assert conflict_pairs("The tenant must pay rent.", ["The landlord may pay rent."]) == []


def test_a_release_from_a_duty_the_evidence_imposes_conflicts() -> None:
    duty = "The Recipient shall promptly notify the Discloser of any compelled disclosure."
    assert conflict_pairs("The Recipient need not notify the Discloser.", [duty]) == [
        ("negation", "need not notify", "shall promptly notify")
    ]
    assert conflict_pairs(
        "The tenant is not required to pay rent.", ["The tenant shall pay rent."]
    ) == [("negation", "is not required to pay", "shall pay")]
    report = citemark.align(
        "The Recipient need not notify the Discloser.", [{"id": "nda", "text": duty}]
    )
    assert report.sentences[0].status == "unsupported"
    # a release of another subject, or from a duty to do something else
    assert conflict_pairs("The Discloser need not notify the Recipient.", [duty]) == []
    assert (
        conflict_pairs(
            "Ehave is not obligated to provide access to the Solution.",
            ["Ehave shall provide reasonable assistance to CHT."],
        )
        == []
    )


def test_a_duty_and_a_discretion_to_do_other_things_are_no_clash() -> None:
    # the same verb done to another thing is another statement
    assert (
        conflict_pairs(
            "The Affected Party shall give prompt written notice to the other Party.",
            ["The Affected Party may give its consent in its sole discretion."],
        )
        == []
    )
    assert conflict_pairs(
        "The Affected Party shall give written notice.", ["The Affected Party may give notice."]
    ) == [("negation", "shall give", "may give")]


def test_without_notice_conflicts_with_notice_however_qualified() -> None:
    claim = "The landlord may enter without notice."
    for passage, said in [
        ("The landlord may enter only with 24 hours notice.", "with 24 hours notice"),
        ("The landlord may enter with prior written notice.", "with prior written notice"),
    ]:
        assert conflict_pairs(claim, [passage]) == [("negation", "without notice", said)]
    # a "with" that qualifies another word is another phrase
    supply = "If trapped with a reliable water supply, you live longer."
    assert conflict_pairs(supply, ["You can survive only days without water."]) == []


@pytest.mark.parametrize(
    ("claim", "passage", "said", "source_said"),
    [
        (
            "The notice must be filed before March 1, 2024.",
            "The notice must be filed after March 1, 2024.",
            "before March 1, 2024",
            "after March 1, 2024",
        ),
        (
            "Rent is due 5 days before the first of the month.",
            "Rent is due five (5) days after the first of the month.",
            "5 days before",
            "five (5) days after",
        ),
        (
            "The tenant may terminate no later than June 30.",
            "The tenant may terminate no earlier than June 30.",
            "no later than June 30",
            "no earlier than June 30",
        ),
    ],
)
def test_a_deadline_pointing_the_other_way_is_a_conflict(
    claim: str, passage: str, said: str, source_said: str
) -> None:
    (conflict,) = check_facts(claim, [passage]).conflicts
    assert (conflict.claim.text, conflict.evidence.text) == (said, source_said)
    assert claim[conflict.claim.start : conflict.claim.end] == said
    assert citemark.align(claim, [{"id": "lease", "text": passage}]).sentences[0].status == (
        "unsupported"
    )


def test_a_deadline_pointing_the_same_way_or_in_another_role_is_no_conflict() -> None:
    claim = "The notice must be filed by March 1, 2024."
    assert conflict_pairs(claim, ["The notice must be filed on or before March 1, 2024."]) == []
    # the same date after another event says nothing of the notice
    both = "Fees rose after March 1, 2024. The notice must be filed before March 1, 2024."
    assert conflict_pairs(claim, [both]) == []
    assert conflict_pairs("He moved to Paris after 1990.", ["He moved to Paris in 1990."]) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Neither party may assign the agreement.",
            "Either party may assign the agreement.",
            ("Neither party", "party may assign"),
        ),
        (
            "No tenant may sublet the premises.",
            "A tenant may sublet the premises with consent.",
            ("No tenant", "tenant may sublet"),
        ),
        # passive: what the denied act is done to is the subject
        (
            "Neither party may assign the agreement.",
            "The agreement may be assigned by either party.",
            ("Neither party", "agreement may be assigned"),
        ),
    ],
)
def test_a_subject_negated_by_its_determiner_conflicts_with_its_permission(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [("negation", *expected)]


@pytest.mark.parametrize(
    "passage",
    [
        "Either party may assign its rights to an affiliate.",  # another complement
        "The landlord may sublet the premises.",
    ],
)
def test_a_determiner_negation_needs_the_same_statement(passage: str) -> None:
    for claim in ("Neither party may assign the agreement.", "No tenant may sublet the premises."):
        assert conflict_pairs(claim, [passage]) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("This lease begins on the 1st day of March, 2024.", "2024-03-01"),
        ("Signed this 5th day of June 2020.", "2020-06-05"),
        ("Effective the twenty-first day of May, 2021.", "2021-05-21"),
    ],
)
def test_a_date_in_the_deed_form_is_one_date(text: str, value: str) -> None:
    (fact,) = extract_facts(text)
    assert (fact.kind, fact.value) == ("date", value)


def test_a_deed_form_date_backs_and_contradicts_like_any_date() -> None:
    deed = "This lease begins on the 1st day of March, 2024."
    backed = check_facts("The lease begins March 1, 2024.", [deed])
    assert (backed.missing, backed.conflicts) == ((), ())
    assert conflict_pairs("The lease begins April 1, 2024.", [deed]) == [
        ("date", "April 1, 2024", "1st day of March, 2024")
    ]
    # "the 15th day of each month" is a day, not a date
    assert [f.kind for f in extract_facts("Rent is due on the 15th day of each month.")] == [
        "number"
    ]


def test_a_clock_time_does_not_cut_a_deadline_from_its_clause() -> None:
    passage = "The option must be exercised by 5:00 p.m. on June 30, 2025."
    assert conflict_pairs("The option must be exercised by July 30, 2025.", [passage]) == [
        ("date", "July 30, 2025", "June 30, 2025")
    ]
    checked = check_facts("The option must be exercised by June 30, 2025.", [passage])
    assert (checked.missing, checked.conflicts) == ((), ())


def test_a_bound_said_after_the_value_is_a_bound() -> None:
    statute = "The statute applies to employers with fifteen or more employees."
    # two floors with different values
    assert conflict_pairs("The law covers employers with 50 or more employees.", [statute]) == [
        ("number", "50", "fifteen")
    ]
    assert conflict_pairs(
        "Groups of three or fewer members may apply.",
        ["Groups of five or fewer members may apply."],
    ) == [("number", "three", "five")]
    # an exact value against a floor is only missing: 50 employers are fifteen or more
    checked = check_facts("The law covers employers with 50 employees.", [statute])
    assert checked.conflicts == ()
    assert [f.text for f in checked.missing] == ["50"]
    same = check_facts("The law covers employers with 15 or more employees.", [statute])
    assert (same.missing, same.conflicts) == ((), ())


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # an exact value outside the other side's limit
        (
            "The fine for each violation was $15,000.",
            "The fine for each violation is capped at $10,000.",
            ("amount", "$15,000", "$10,000"),
        ),
        (
            "Employees with six months of service can take leave.",
            "An employee who has worked for at least 12 months can take leave.",
            ("number", "six months", "12 months"),
        ),
        ("The company has 500 employees.", "The company has at least 1,000 employees.", None),
        # "as high as" is a cap like "up to"
        (
            "Fines can be as high as 2% of annual turnover.",
            "Fines may reach up to 4% of the annual turnover.",
            ("percent", "2%", "4%"),
        ),
    ],
)
def test_an_exact_value_outside_a_limit_conflicts(
    claim: str, passage: str, expected: tuple[str, str, str] | None
) -> None:
    got = conflict_pairs(claim, [passage])
    assert len(got) == 1
    if expected is not None:
        assert got == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # inside the limit: only missing (before this rule "capped at" and "not exceed",
        # which are no hedge words, made these conflicts)
        ("The fine was $5,000.", "The fine shall not exceed $10,000."),
        ("The fine was $5,000.", "The fine is limited to $10,000."),
        (
            "Employees with 18 months of service are eligible.",
            "An employee with at least 12 months of service is eligible.",
        ),
        # a hedged value is no exact one
        ("The company has about 500 employees.", "The company has at least 1,000 employees."),
        # one shared word is too weak a tie between a value and a limit
        (
            "The Tenant must maintain renter's insurance with coverage of at least $100,000.",
            "The Tenant shall pay the monthly rent of $2,400 on the first day of each month.",
        ),
    ],
)
def test_a_value_inside_a_limit_is_only_missing(claim: str, passage: str) -> None:
    checked = check_facts(claim, [passage])
    assert checked.conflicts == ()
    assert len(checked.missing) == 1


def test_a_name_called_by_its_head_is_backed_where_a_source_gives_it_in_full() -> None:
    opinion = "SUPREME COURT OF THE UNITED STATES. The Court held that the statute was void."
    passage = "The Court held that the statute was void."
    claim = "The Supreme Court held that the statute was void."
    assert check_facts(claim, [passage], [opinion]).missing == ()
    # no source gives the name: still missing; nor does a source's other court back it
    assert [f.text for f in check_facts(claim, [passage], [passage]).missing] == ["Supreme Court"]
    other = check_facts("The District Court held that the statute was void.", [passage], [opinion])
    assert [f.text for f in other.missing] == ["District Court"]
    # and the report: the case summary's holding is supported
    report = citemark.align(claim, [{"id": "opinion", "text": opinion}])
    assert report.sentences[0].missing_facts == ()


def test_business_days_against_calendar_days_conflict_and_against_plain_days_are_missing() -> None:
    claim = "The buyer must object within 30 business days."
    assert conflict_pairs(claim, ["Buyer must object within thirty (30) calendar days."]) == [
        ("number", "30 business days", "thirty (30) calendar days")
    ]
    # plain "days" may mean either: only missing
    plain = check_facts(claim, ["Buyer must object within thirty (30) days."])
    assert plain.conflicts == ()
    assert [f.text for f in plain.missing] == ["30 business days"]
    same = check_facts(claim, ["Buyer must object within thirty (30) business days."])
    assert (same.missing, same.conflicts) == ((), ())


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The seller warrants the goods for 90 days.",
            "Seller warrants the Goods for a period of one (1) year.",
            ("number", "90 days", "one (1) year"),
        ),
        (
            "The tenant must give two weeks' notice.",
            "The tenant must give one month's notice.",
            ("number", "two weeks", "one month"),
        ),
        # "is" and "shall be" lead the period alike
        (
            "The warranty period is one year.",
            "The warranty period shall be ninety (90) days.",
            ("number", "one year", "ninety (90) days"),
        ),
    ],
)
def test_days_against_months_conflict_where_no_month_length_reconciles_them(
    claim: str, passage: str, expected: tuple[str, str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The tenant must give 30 days' notice.", "The tenant must give one month's notice."),
        ("The probation lasts 180 days.", "The probation period lasts six months."),
        ("The warranty lasts 52 weeks.", "The warranty lasts one year."),
        ("The warranty period is three months.", "The warranty period shall be ninety (90) days."),
        # a form of "be" against another lead is still two leads
        ("The warranty period is one year.", "Claims are due within ninety (90) days."),
        # hours and minutes measure another kind of thing than years
        (
            "After 11 years in the league, Mathis won the cup in the final.",
            "Mathis won the cup in the league final after 120 minutes.",
        ),
        # one shared word is no tie between a period of days and one of years
        ("The tenant has two years to sue.", "A tenant must give notice within 30 days."),
    ],
)
def test_days_against_months_that_may_be_one_period_or_are_unrelated_do_not_conflict(
    claim: str, passage: str
) -> None:
    assert conflict_pairs(claim, [passage]) == []


@pytest.mark.parametrize(
    "passage",
    [
        "The employee may, but is not required to, arbitrate claims.",
        "The employee is not required to arbitrate claims.",
        "The employee need not arbitrate claims.",
    ],
)
def test_a_duty_is_not_backed_by_a_release_from_it(passage: str) -> None:
    (conflict,) = check_facts("The employee must arbitrate all claims.", [passage]).conflicts
    assert (conflict.kind, conflict.claim.text) == ("negation", "must arbitrate")
    assert conflict.evidence.text.endswith("arbitrate")
    # another subject's release is another statement; a discretion is backed by it
    assert check_facts("The employer must arbitrate all claims.", [passage]).conflicts == ()
    assert check_facts("The employee may arbitrate claims.", [passage]).conflicts == ()


def test_for_cause_against_without_cause_conflicts_and_with_or_without_states_neither() -> None:
    assert conflict_pairs(
        "The contract was terminated for cause.", ["The contract was terminated without cause."]
    ) == [("negation", "for cause", "without cause")]
    either = ["The company may terminate the employee with or without cause."]
    assert conflict_pairs("The company may terminate the employee for cause.", either) == []
    notice = ["The company may terminate the employee with or without notice."]
    assert conflict_pairs("The company may terminate the employee with notice.", notice) == []


def test_a_denial_to_every_party_reads_the_words_after_the_verb() -> None:
    assert conflict_pairs(
        "Either party may terminate for convenience.",
        ["Neither party may terminate this Agreement for convenience."],
    ) == [("negation", "party may terminate", "Neither party")]
    assert (
        conflict_pairs(
            "Either party may assign its rights.", ["Neither party may terminate this Agreement."]
        )
        == []
    )


def test_a_denial_to_every_party_reaches_each_party_by_name() -> None:
    neither = ["Neither party may assign this Agreement without the prior written consent."]
    assert conflict_pairs("The Seller may assign the Agreement without consent.", neither) == [
        ("negation", "Seller may assign", "Neither party")
    ]
    assert conflict_pairs("The Licensee may assign this Agreement.", neither) == [
        ("negation", "Licensee may assign", "Neither party")
    ]
    # a side the contract names without a paired opposite
    assert conflict_pairs("The Supplier may assign this Agreement.", neither) == [
        ("negation", "Supplier may assign", "Neither party")
    ]
    # a thing, not a party, is what a passive permission is said of: the license no party
    # may assign is one that may not be assigned; a tenant denied by name is no seller
    assert conflict_pairs("The license may be assigned.", ["No party may assign the license."]) == [
        ("negation", "license may be assigned", "No party")
    ]
    assert conflict_pairs("The license may be assigned.", ["No party may assign the lease."]) == []
    assert conflict_pairs("The Seller may sublet.", ["No tenant may sublet the premises."]) == []


def test_a_vote_in_a_chamber_is_a_vote() -> None:
    assert conflict_pairs(
        "The bill passed the Senate 52-48.", ["The Senate passed the bill by a vote of 51-49."]
    ) == [("number", "52-48", "51-49")]


NO_EVENT = (
    "In no event shall either party be liable for any indirect, incidental or consequential"
    " damages."
)


def test_an_inverted_denial_conflicts_with_what_it_denies() -> None:
    assert conflict_pairs(
        "The supplier is liable for consequential damages.",
        ["In no event shall the supplier be liable for consequential damages."],
    ) == [("negation", "is liable", "no event shall the supplier be liable")]
    # "either party" is each party; the denial reaches the whole list it names
    assert conflict_pairs("The supplier is liable for consequential damages.", [NO_EVENT]) == [
        ("negation", "is liable", "no event shall either party be liable")
    ]
    assert conflict_pairs(
        "Licensee may disclose the source code.",
        ["Under no circumstances will Licensee disclose the source code."],
    ) == [("negation", "may disclose", "no circumstances will Licensee disclose")]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same denial
        (
            "The supplier shall not be liable for consequential damages.",
            "In no event shall the supplier be liable for consequential damages.",
        ),
        # what the claim says the supplier is liable for is not what is denied
        (
            "The supplier is liable for direct damages.",
            "In no event shall the supplier be liable for consequential damages.",
        ),
        # another party denied by name
        (
            "The buyer is liable for consequential damages.",
            "In no event shall the supplier be liable for consequential damages.",
        ),
        # what the denial excepts
        (
            "The supplier is liable for damages caused by its gross negligence.",
            "In no event shall the supplier be liable for consequential damages, except for"
            " damages caused by its gross negligence.",
        ),
    ],
)
def test_an_inverted_denial_of_something_else_is_no_negation_conflict(
    claim: str, passage: str
) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


def test_notice_given_upon_conflicts_with_no_notice() -> None:
    assert conflict_pairs(
        "The landlord may enter the premises without notice.",
        ["The landlord may enter the premises only upon 24 hours' notice."],
    ) == [("negation", "without notice", "upon 24 hours' notice")]
    assert conflict_pairs(
        "The landlord may enter upon notice.", ["The landlord may enter without notice."]
    ) == [("negation", "upon notice", "without notice")]
    assert (
        conflict_pairs(
            "The landlord may enter upon notice.",
            ["The landlord may enter with or without notice."],
        )
        == []
    )


def test_a_rate_over_another_period_conflicts() -> None:
    assert conflict_pairs(
        "Late payments incur interest at 1.5% per month.",
        ["Late payments incur interest at 1.5% per annum."],
    ) == [("percent", "1.5% per month", "1.5% per annum")]
    # the same period in other words; a passage that gives the claim's period too
    assert (
        conflict_pairs(
            "Interest accrues at five percent (5%) per year.", ["Interest accrues at 5% per annum."]
        )
        == []
    )
    assert (
        conflict_pairs(
            "Interest accrues at 5% monthly.",
            ["Interest accrues at 5% per annum, or 5% per month after default."],
        )
        == []
    )


def test_one_rate_said_over_two_periods_is_neither_missing_nor_a_conflict() -> None:
    claim = "Late payments bear interest at 1.5% per month."
    found = check_facts(
        claim, ["Late payments shall bear interest at eighteen percent (18%) per annum."]
    )
    assert found.missing == () and found.conflicts == ()
    salary = check_facts("The salary is $10,000 per month.", ["The salary is $120,000 per year."])
    assert salary.missing == () and salary.conflicts == ()
    # another rate over another period still conflicts
    assert conflict_pairs(
        "Late payments bear interest at 1% per month.",
        ["Late payments shall bear interest at eighteen percent (18%) per annum."],
    ) == [("percent", "1%", "eighteen percent (18%)")]
    assert conflict_pairs(
        "The salary is $10,000 per month.", ["The salary is $100,000 per year."]
    ) == [("amount", "$10,000", "$100,000")]
    # another currency is another sum
    assert (
        check_facts(
            "The salary is $10,000 per month.", ["The salary is €120,000 per year."]
        ).missing
        != ()
    )


def test_a_net_payment_term_is_a_number_of_days() -> None:
    assert conflict_pairs("Invoices are payable net 30.", ["Invoices are payable net 60."]) == [
        ("number", "30", "60")
    ]
    for passage in ("Invoices are payable net 30.", "Terms: 2/10 net 30."):
        found = check_facts("Invoices are payable within 30 days.", [passage])
        assert found.missing == () and found.conflicts == ()
    found = check_facts(
        "Invoices are payable net 30.", ["Invoices are payable within thirty (30) days."]
    )
    assert found.missing == () and found.conflicts == ()
    # "net" before a number that is no payment term
    assert [f.value for f in extract_facts("net income of 30")] == ["30"]


def test_an_amount_over_another_period_conflicts() -> None:
    assert conflict_pairs(
        "The employee's salary is $100,000 per year.",
        ["The employee's salary is $100,000 per month."],
    ) == [("amount", "$100,000 per year", "$100,000 per month")]
    assert conflict_pairs("Rent is $2,400 monthly.", ["Rent is $2,400 a year."]) == [
        ("amount", "$2,400 monthly", "$2,400 a year")
    ]
    # the same period in other words; another amount is the amount check's; a passage
    # that gives the claim's period too
    assert conflict_pairs("Rent is $2,400 per year.", ["Rent is $2,400 annually."]) == []
    assert (
        conflict_pairs(
            "The fee is $500 per month.", ["The fee is $500 per month, or $500 per day late."]
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "Either party may assign the agreement to an affiliate.",
            "Neither party may assign this Agreement, except to an Affiliate, without the prior"
            " written consent of the other party.",
        ),
        (
            "The seller may assign the agreement to a successor.",
            "Neither party may assign this Agreement except to a successor in interest.",
        ),
        (
            "The buyer may assign the agreement with consent.",
            "Neither party may assign this Agreement without the prior written consent of the"
            " other party.",
        ),
    ],
)
def test_a_claim_of_what_a_denial_excepts_is_no_conflict(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []


def test_a_claim_that_denies_the_exception_still_conflicts() -> None:
    passage = (
        "Neither party may assign this Agreement, except to an Affiliate, without the prior"
        " written consent of the other party."
    )
    assert conflict_pairs(
        "The Seller may assign the Agreement to anyone without consent.", [passage]
    ) == [("negation", "Seller may assign", "Neither party")]


def test_one_against_a_count_of_the_same_thing_conflicts() -> None:
    two = ["The tenant may renew the lease for two additional terms."]
    assert conflict_pairs("The tenant may renew the lease for one additional term.", two) == [
        ("number", "one", "two")
    ]
    one = ["The tenant may renew the lease for one additional term of five years."]
    check = check_facts("The tenant may renew the lease for two additional terms.", one)
    assert [(c.claim.text, c.evidence.text) for c in check.conflicts] == [("two", "one")]
    assert check.missing == ()  # the conflicting count is not also reported missing


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the passage says one too, or counts another thing
        (
            "The tenant may renew the lease for one additional term.",
            "The tenant may renew the lease for one additional term of five (5) years.",
        ),
        ("The company has one office.", "The company has offices in two cities."),
        ("One of the parties may terminate.", "Two parties signed the agreement."),
        # an ordinal is no count, a capitalised "One" inside a sentence is a name
        ("One party may terminate.", "A third party may terminate."),
        ("We handle Priority One problems first.", "We handle three problems a day."),
        (
            "The board has one chairman.",
            "The board has two independent directors and one chairman.",
        ),
    ],
)
def test_one_beside_another_count_is_no_conflict(claim: str, passage: str) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "number"] == []


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The agreement can be amended only in writing.",
            "This Agreement may not be amended except by a written instrument signed by both"
            " parties.",
        ),
        (
            "The landlord may enter only with 24 hours' notice.",
            "The Landlord shall not enter the Premises without 24 hours' notice.",
        ),
    ],
)
def test_the_same_restriction_said_two_ways_is_no_conflict(claim: str, passage: str) -> None:
    """ "only in writing" restricts as "not ... except in writing" does, and "not enter
    without notice" allows entry with notice: neither side contradicts the other."""
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The agreement may be amended orally.",
            "This Agreement may not be amended except by a written instrument signed by both"
            " parties.",
        ),
        (
            "The landlord may enter without notice.",
            "The Landlord shall not enter the Premises without 24 hours' notice.",
        ),
    ],
)
def test_a_claim_outside_the_restriction_still_conflicts(claim: str, passage: str) -> None:
    assert "negation" in [k for k, _, _ in conflict_pairs(claim, [passage])]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The supplier is not liable for indirect damages.",
            "The supplier is liable for direct damages only.",
        ),
        (
            "The supplier is liable only for direct damages.",
            "The supplier is not liable for indirect damages.",
        ),
    ],
)
def test_a_restriction_to_another_thing_backs_the_denial_of_this_one(
    claim: str, passage: str
) -> None:
    """Liability for direct damages only is no liability for indirect ones."""
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


def test_a_restriction_that_names_what_is_denied_still_conflicts() -> None:
    assert conflict_pairs(
        "The supplier is not liable for direct damages.",
        ["The supplier is liable for direct damages only."],
    ) == [("negation", "is not liable", "is liable")]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The court awarded punitive damages to the plaintiff.",
            "The court declined to award punitive damages to the plaintiff.",
            ("awarded", "declined to award"),
        ),
        (
            "The board approved the merger.",
            "The board refused to approve the merger.",
            ("approved", "refused to approve"),
        ),
        (
            "The seller delivered the goods on time.",
            "The seller failed to deliver the goods.",
            ("delivered", "failed to deliver"),
        ),
        (
            "The court declined to award punitive damages.",
            "The court awarded punitive damages to the plaintiff.",
            ("declined to award", "awarded"),
        ),
    ],
)
def test_a_verb_that_declines_its_infinitive_flips_it(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [("negation", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # two ways of declining are one denial
        ("The court refused to award punitive damages.", "The court declined to award them."),
        ("The buyer did not pay the price.", "The buyer failed to pay the price."),
        # a condition in the present tense states nothing was left undone
        ("The tenant pays the rent.", "If the tenant fails to pay the rent, the lease ends."),
        # not a denying verb before "to": a failed merger, a declined card
        ("The merger closed in May.", "The failed merger was announced in May."),
    ],
)
def test_declining_agrees_with_declining_and_a_condition_is_no_statement(
    claim: str, passage: str
) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


def test_no_right_to_do_a_thing_denies_doing_it() -> None:
    denied = "The Licensee shall have no right to sublicense its rights under this Agreement."
    assert conflict_pairs(
        "The Licensee may sublicense its rights under this Agreement.", [denied]
    ) == [("negation", "may sublicense", "have no right to sublicense")]
    # "may not" is what "no right to" says; "no obligation to" leaves it open
    assert conflict_pairs("The Licensee may not sublicense its rights.", [denied]) == []
    open_ = "The Licensee shall have no obligation to sublicense its rights."
    assert conflict_pairs("The Licensee may sublicense its rights.", [open_]) == []


def test_retroactive_against_prospective_conflicts() -> None:
    assert conflict_pairs(
        "The amendment applies retroactively to all claims.",
        ["The amendment applies prospectively to all claims."],
    ) == [("opposite", "retroactively", "prospectively")]


def test_a_denying_verb_in_a_condition_states_nothing() -> None:
    # CUAD: a clause describing a case in which something failed is no report that it did
    passage = (
        "Each notice of rejection shall specify the ways in which the Product batch "
        "failed to meet Specifications."
    )
    assert conflict_pairs("The Product batch met the Specifications.", [passage]) == []
    assert (
        conflict_pairs(
            "The Supplier met the Performance Adjustments.",
            ["The fee is reduced if the Supplier has failed to meet the Performance Adjustments."],
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # clause numbers heading clauses name them; they are no quantities
        (
            "3.2 Distributor will use its best efforts to promote the Products.",
            "3.1 Distributor will use its best efforts to sell the Products.",
        ),
        (
            "GRANT OF LICENSE 3.1 Arizona grants a license.",
            "GRANT OF LICENSE 4.1 Arizona grants a license.",
        ),
        (
            "The parties agree. 2.1 Payment is due monthly.",
            "The parties agree. 2.4 Payment is due monthly.",
        ),
        ("8.1. Term The term is one year.", "8.2. Term The term is one year."),
    ],
)
def test_a_clause_number_heading_a_clause_is_no_fact(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []
    assert check_facts(claim, [passage]).missing == ()


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a number with a capitalised word before it, or none after it, still counts
        ("Version 2.1 Software is licensed.", "Version 2.2 Software is licensed.", ("2.1", "2.2")),
        ("The rate is 1.5 percent.", "The rate is 2.5 percent.", ("1.5 percent", "2.5 percent")),
        ("Prices rose 3.2 points.", "Prices rose 3.1 points.", ("3.2", "3.1")),
    ],
)
def test_a_dotted_number_that_is_no_heading_still_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert [(a, b) for _, a, b in conflict_pairs(claim, [passage])] == [expected]


def test_in_advance_against_in_arrears_conflicts_and_either_alone_does_not() -> None:
    assert conflict_pairs(
        "The fee is payable monthly in advance.", ["The fee is payable monthly in arrears."]
    ) == [("opposite", "advance", "arrears")]
    assert (
        conflict_pairs(
            "The fee is payable monthly in advance.",
            ["The fee is payable monthly in advance, or in arrears at the Licensee's option."],
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a case one side supposes states nothing against the other's statement
        (
            "If Consultant is required by law to disclose the information, Consultant shall "
            "notify Aduro.",
            "Consultant is not required to disclose the information.",
        ),
        (
            "Consultant is not required to disclose the information.",
            "In the event that Consultant is required to disclose the information, it shall "
            "notify Aduro.",
        ),
    ],
)
def test_a_polarity_inside_a_condition_is_no_clash_with_a_statement(
    claim: str, passage: str
) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


def test_two_conditions_of_opposite_polarity_and_a_statement_after_a_condition_clash() -> None:
    assert conflict_pairs(
        "If the tenant pays the rent late, the landlord may terminate.",
        ["If the tenant does not pay the rent late, the landlord may terminate."],
    ) == [("negation", "pays", "does not pay")]
    # the main clause after a condition is a statement
    assert conflict_pairs(
        "The tenant may not sublet the premises.",
        ["If the landlord consents, the tenant may sublet the premises."],
    ) == [("negation", "may not sublet", "may sublet")]


def test_a_letter_marking_a_list_item_is_no_initial_and_an_initial_still_is() -> None:
    # "B. You" and "D. You" are items B and D, not two people
    assert (
        conflict_pairs(
            "B. You shall pay to the Franchisor a royalty fee.",
            ["D. You shall pay to the Franchisor a royalty fee."],
        )
        == []
    )
    assert conflict_pairs("J. Smith signed the lease.", ["K. Smith signed the lease."]) == [
        ("name", "J. Smith", "K. Smith")
    ]


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The court has jurisdiction.",
            "The court lacks jurisdiction.",
            ("has jurisdiction", "lacks jurisdiction"),
        ),
        (
            "The court lacked jurisdiction over the claim.",
            "The court had jurisdiction over the claim.",
            ("lacked jurisdiction", "had jurisdiction"),
        ),
    ],
)
def test_lacking_a_thing_denies_having_it(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [("negation", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the noun states a reason, not a denial
        ("The court has jurisdiction.", "The claim was dismissed for lack of jurisdiction."),
        # a case supposed is no statement
        ("The court has jurisdiction.", "If the court lacks jurisdiction, the claim is dismissed."),
    ],
)
def test_a_lack_that_is_a_reason_or_a_case_is_no_conflict(claim: str, passage: str) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # a denial that ends its sentence denies the act whatever it is said of
        (
            "The term renews for one-year periods.",
            "The term does not renew.",
            ("renews", "does not renew"),
        ),
        (
            "The term does not renew.",
            "The term renews for successive one-year periods.",
            ("does not renew", "renews"),
        ),
        # an adverb of manner between the subject and its verb
        (
            "The term automatically renews for one-year periods.",
            "The term does not automatically renew.",
            ("renews", "does not automatically renew"),
        ),
    ],
)
def test_a_whole_denial_or_one_past_an_adverb_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert [c for c in conflict_pairs(claim, [passage]) if c[0] == "negation"] == [
        ("negation", *expected)
    ]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a denial that goes on names what it denies: another complement is no clash
        ("Interest accrues monthly.", "Interest does not accrue during the grace period."),
        (
            "The term renews for one-year periods.",
            "The term does not renew, unless notice is given.",
        ),
        # "supply" is no adverb: the subject before it is not read past it
        ("The supply renews each year.", "The contract does not renew."),
    ],
)
def test_a_denial_of_something_else_is_no_conflict(claim: str, passage: str) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "negation"] == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The fee is at least $500.",
            "The fee is at most $500.",
            ("at least $500", "at most $500"),
        ),
        (
            "The damages may not exceed $1 million.",
            "The damages must be at least $1 million.",
            ("not exceed $1 million", "at least $1 million"),
        ),
        (
            "Liability is capped at 10% of fees.",
            "Liability shall be no less than 10% of fees.",
            ("capped at 10%", "no less than 10%"),
        ),
        # the side of a period's point: "no later than" against "no earlier than"
        (
            "Notice must be given no later than 30 days before renewal.",
            "Notice must be given no earlier than 30 days before renewal.",
            ("no later than 30 days before", "no earlier than 30 days before"),
        ),
    ],
)
def test_the_same_value_with_the_other_limit_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert [(c, e) for _, c, e in conflict_pairs(claim, [passage])] == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the value without a limit, or with both limits
        ("The fee is at least $500.", "The fee is $500."),
        ("The fee is at least $500.", "The fee is at least $500 and at most $900."),
        # a period's point without a side agrees with either side of it
        (
            "Notice must be given no later than 30 days before renewal.",
            "Notice must be given 30 days before renewal.",
        ),
        (
            "Notice must be given no later than 30 days before renewal.",
            "Notice must be given no later than thirty (30) days before renewal.",
        ),
        # news prose's estimates, and a limit said after the value, are left alone
        ("As many as 29 people died.", "At least 29 people died."),
        (
            "The goods may be delivered to two or more points.",
            "Shipments may stop at not more than two points.",
        ),
    ],
)
def test_a_value_said_the_claims_way_or_as_an_estimate_is_no_limit_conflict(
    claim: str, passage: str
) -> None:
    assert conflict_pairs(claim, [passage]) == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Confidentiality obligations last five years.",
            "Confidentiality obligations last indefinitely.",
            ("five years", "indefinitely"),
        ),
        (
            "The confidentiality obligations survive indefinitely.",
            "The confidentiality obligations survive for five (5) years.",
            ("indefinitely", "five (5) years"),
        ),
    ],
)
def test_a_term_against_for_ever_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert [(c, e) for k, c, e in conflict_pairs(claim, [passage]) if k == "opposite"] == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same term, or both said of two kinds of obligation
        (
            "The confidentiality obligations survive for five years.",
            "The confidentiality obligations survive for a period of five (5) years.",
        ),
        (
            "The obligations survive for five years.",
            "The obligations survive for five years; trade secret obligations survive"
            " indefinitely.",
        ),
        # an end without a term
        ("The license continues indefinitely.", "The license continues until terminated."),
    ],
)
def test_the_same_term_or_an_end_without_one_is_no_conflict(claim: str, passage: str) -> None:
    assert [k for k, _, _ in conflict_pairs(claim, [passage]) if k == "opposite"] == []


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The payment is due on the first of the month.",
            "The payment is due on the fifteenth of the month.",
            ("first", "fifteenth"),
        ),
        (
            "The payment is due on the 1st of the month.",
            "The payment is due on the 15th day of each month.",
            ("1st", "15th"),
        ),
    ],
)
def test_another_day_of_the_month_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert [(c, e) for _, c, e in conflict_pairs(claim, [passage])] == [expected]


def test_the_same_day_of_the_month_said_two_ways_is_no_conflict() -> None:
    assert (
        conflict_pairs(
            "The payment is due on the first of the month.",
            ["The payment is due on the first day of each month."],
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The court of appeals agreed to hear the case.",
            "The court of appeals refused to hear the case.",
            ("agreed to hear", "refused to hear"),
        ),
        (
            "The parties agreed to arbitrate.",
            "The parties declined to arbitrate.",
            ("agreed to arbitrate", "declined to arbitrate"),
        ),
    ],
)
def test_a_decision_to_act_against_declining_it_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [("negation", *expected)]


def test_a_contracts_agrees_to_is_no_statement_against_another_covenant() -> None:
    assert (
        conflict_pairs(
            "Dynamex agrees to provide customer service and tracing.",
            ["Dynamex agrees not to provide sameday delivery services for any other provider."],
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Agreement grants the Receiving Party a license.",
            "Nothing in this Agreement grants the Receiving Party any license.",
            ("negation", "grants", "Nothing in this Agreement grants"),
        ),
        (
            "The agreement grants a license to the Confidential Information.",
            "Nothing herein shall be construed as granting any license to the Confidential"
            " Information.",
            ("negation", "grants", "Nothing herein shall be construed as granting"),
        ),
        (
            "The agreement prevents either party from competing.",
            "Nothing contained in this Agreement shall prevent either party from competing.",
            ("negation", "prevents", "Nothing contained in this Agreement shall prevent"),
        ),
    ],
)
def test_nothing_as_a_subject_denies_its_verb(
    claim: str, passage: str, expected: tuple[str, str, str]
) -> None:
    assert conflict_pairs(claim, [passage]) == [expected]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same verb done to another thing, with no subject to tell them by
        (
            "This Agreement may be executed in counterparts, each of which shall constitute"
            " an original.",
            "Nothing herein shall be deemed to constitute either Party an agent of the other.",
        ),
        # "nothing" as an object states nothing
        ("The report indicates fraud.", "There is nothing to indicate fraud in the report."),
        # the same verb and first word after, done to another thing
        ("Light travels faster than sound.", "Nothing can travel faster than light."),
        # the verb "Nothing" denies is no positive statement ("shall limit") for the
        # "without" rule to read
        (
            "Nothing herein shall limit Licensor's ability to prosecute any and all patents.",
            "Each party shall own all right, title and interest in its patents, without"
            " limitation.",
        ),
    ],
)
def test_nothing_denies_only_its_own_verb_and_thing(claim: str, passage: str) -> None:
    assert conflict_pairs(claim, [passage]) == []


def test_no_before_two_nouns_joined_by_or_denies_both() -> None:
    disclaimer = (
        "The Disclosing Party makes no representation or warranty as to the accuracy of the"
        " Confidential Information."
    )
    claim = "The Disclosing Party makes warranties about the accuracy of the information."
    assert conflict_pairs(claim, [disclaimer]) == [
        ("negation", "warranties", "no representation or warranty")
    ]
    # verbs joined by "or" are left alone: another object is another statement
    assert (
        conflict_pairs(
            "The Company is entitled to terminate this Agreement.",
            ["Company will not modify or terminate any coverage without notice."],
        )
        == []
    )


def test_nothing_after_that_opens_its_clause() -> None:
    passage = "It is agreed that nothing in this Agreement shall prevent Dynamex from competing."
    assert conflict_pairs("This Agreement shall prevent Dynamex from competing.", [passage]) == [
        ("negation", "prevent", "nothing in this Agreement shall prevent")
    ]


def test_a_passive_duty_is_read_with_its_modal() -> None:
    marked = "All Confidential Information must be marked as confidential at disclosure."
    assert conflict_pairs(
        "Confidential Information need not be marked as confidential.", [marked]
    ) == [("negation", "need not be marked", "must be marked")]
    assert conflict_pairs("The rent must be paid monthly.", ["The rent may be paid monthly."]) == [
        ("negation", "must be paid", "may be paid")
    ]
    # an active verb and a passive one make two statements: what ends of itself is not
    # what a party may end
    assert (
        conflict_pairs(
            "The Agreement shall terminate on the death of the Executive.",
            ["This Agreement may be terminated by either party."],
        )
        == []
    )


def test_once_counts_only_before_its_period() -> None:
    assert conflict_pairs(
        "The Customer may audit the Supplier twice per year.",
        ["The Customer may audit the Supplier once per calendar year."],
    ) == [("number", "twice", "once")]
    assert conflict_pairs(
        "The Customer may audit the Supplier once a year.",
        ["The Customer may audit the Supplier twice a year."],
    ) == [("number", "once", "twice")]
    # "once" as "when" or "at once" counts nothing
    for text in (
        "Once an invoice is received, payment is due.",
        "Once a party fails to cure, the other may terminate.",
        "Payment is due at once.",
    ):
        assert [f for f in extract_facts(text) if f.kind == "number"] == []


def test_another_part_of_the_document_is_missing_not_a_conflict() -> None:
    for claim, passage in (
        ("The services are listed in Exhibit A.", "The services are listed in Exhibit B."),
        ("The fees are set out in Schedule B.", "The fees are set out in Schedule C."),
        ("The terms are in Appendix F.", "The terms are in Exhibit B."),
    ):
        found = check_facts(claim, [passage])
        assert found.conflicts == ()
        assert [f.kind for f in found.missing] == ["name"]
    # names of other kinds still conflict
    assert conflict_pairs(
        "The agreement is governed by New York law.",
        ["This Agreement shall be governed by the laws of the State of Delaware."],
    ) == [("name", "New York", "State of Delaware")]


def test_a_number_that_designates_a_part_of_the_document_is_only_missing() -> None:
    for claim, passage in (
        ("The table is on page 28.", "The table is on page 2."),
        ("The fees are in Exhibit 10.1.", "The fees are in Exhibit 10.2."),
        ("See Attachment 5 for the prices.", "See Attachment 3 for the prices."),
    ):
        found = check_facts(claim, [passage])
        assert found.conflicts == ()
        assert [f.kind for f in found.missing] == ["number"]
    # a page number is no year
    assert "date" not in [f.kind for f in extract_facts("as shown on Page 2010")]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a contract's notice clauses give each party's address in one phrasing
        (
            "Commnet Wireless, LLC 400 Northridge Road, Suite 31100 Atlanta, GA 30350 Attn: "
            "General Counsel",
            "With a copy to: Kilpatrick Townsend & Stockton LLP 1100 Peachtree Street NE, "
            "Suite 2800 Atlanta, GA 30319 Attn: General Counsel",
        ),
        (
            "Baker Botts L.L.P. 1299 Pennsylvania Avenue, NW Washington, D.C. 20004 "
            "Attention: John Smith",
            "Skadden, Arps, Slate, Meagher & Flom LLP 4 Times Square New York, NY 10036 "
            "Attention: John Smith",
        ),
        # a code's digits: after a prefix in capitals, or led by a zero
        (
            "The order covers PWM-5700-00431-SH and PWM-5700-00432-SH.",
            "The order covers PWM-5700-00434-SH.",
        ),
        # a street number and a ZIP+4 code are no years
        (
            "Notices: Acme Gas, 1001 Sain Street, P. O. Box 1288, Fayetteville, AR 72702-1288",
            "Notices: Acme Gas, 1083 Sain Street, P. O. Box 1408, Fayetteville, AR 72702-1408",
        ),
        # a street named with an ordinal: "900 Second" is no period of 900 seconds
        ("Notices go to 900 Second Avenue, New York.", "Notices go to 950 Second Avenue."),
    ],
)
def test_an_address_or_a_codes_number_is_only_missing(claim: str, passage: str) -> None:
    found = check_facts(claim, [passage])
    assert found.conflicts == ()
    assert "number" in [f.kind for f in found.missing]


def test_a_page_footers_number_is_no_day_of_its_date() -> None:
    claim = "Commercial in Confidence Page 15 May 2004"
    assert conflict_pairs(claim, ["Commercial in Confidence Page 5 May 2004"]) == []
    assert [f.kind for f in extract_facts(claim) if f.kind == "date"] == []
    # a day before its month is still a date, written with a zero too
    assert [f.value for f in extract_facts("Signed on 15 May 2004.")] == ["2004-05-15"]
    assert [f.value for f in extract_facts("Signed on 05 May 2004.")] == ["2004-05-05"]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("New York, NY 10036.", ["10036 zip"]),
        ("Suite 2000, Atlanta", ["2000 suite"]),  # no year
        ("during COVID-19", ["19 code"]),
        ("the 30-day period", ["30 day"]),  # a unit after the hyphen is no code
        ("in mid-2019", ["2019"]),  # a year after a lower-case prefix is still a year
        ("We sold 20000 units.", ["20000"]),
        ("1083 Sain Street", ["1083 street"]),
        ("1151 SW 30th St., Palm City", ["1151 street", "30th"]),
        ("Fayetteville, AR 72702-1288", ["72702 zip", "1288 zip"]),
        ("In 2019 Main Street grew.", ["2019"]),  # a year before a street's name
        ("the 09-12 season", ["9", "12"]),  # two digits led by a zero are no code
        # "Second" before a capitalised word is a name's ordinal, not a unit of time
        ("900 Second Avenue, New York", ["900 street", "2nd"]),
        ("on the Second Floor", ["2nd"]),
        ("within 30 seconds.", ["30 second"]),
        ("It lasts 30 second.", ["30 second"]),
    ],
)
def test_what_a_number_in_an_address_or_a_code_is_read_as(text: str, values: list[str]) -> None:
    assert [f.value for f in extract_facts(text) if f.kind in ("number", "date")] == values


def test_a_limitation_period_said_in_other_words_of_suing_conflicts() -> None:
    assert conflict_pairs(
        "A claim must be brought within four years.",
        ["Any action must be commenced within two (2) years after the cause of action accrues."],
    ) == [("number", "four years", "two (2) years")]
    assert conflict_pairs(
        "A lawsuit must be filed within one year.", ["Any claim must be brought within two years."]
    ) == [("number", "one year", "two years")]
    # a notice of a claim is no limitation period
    assert (
        conflict_pairs(
            "Notice of any claim must be given within 30 days.",
            ["Any action must be commenced within two (2) years."],
        )
        == []
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            '1.29 "FDA" means the United States Food and Drug Administration and any '
            "successor agency.",
            '1.134 "United States" or "U.S." means the United States of America, including '
            "its territories.",
        ),
        (
            '"Initial Term" means a period of two (2) years from the Effective Date.',
            '"Renewal Term" means a period of five (5) years from the Effective Date.',
        ),
        (
            "1.22 FDA means the United States Food and Drug Administration.",
            "1.69 Territory shall mean the United States of America.",
        ),
    ],
)
def test_a_definition_meets_no_conflict_in_the_definition_of_another_term(
    claim: str, passage: str
) -> None:
    assert conflict_pairs(claim, [passage]) == []


def test_a_definition_still_conflicts_with_its_own_terms_definition_and_plain_text() -> None:
    definition = '1.30 "Term" means a period of five (5) years from the Effective Date.'
    expected = [("number", "two (2) years", "five (5) years")]
    claim = '1.29 "Term" means a period of two (2) years from the Effective Date.'
    assert conflict_pairs(claim, [definition]) == expected
    # a claim that defines nothing is checked against any passage, as before
    assert conflict_pairs("The Term is two (2) years from the Effective Date.", [definition]) == (
        expected
    )
    # the passage index stays the one of the passage in conflict
    other = '"Renewal Term" means a period of one (1) year.'
    assert [c.passage for c in check_facts(claim, [other, definition]).conflicts] == [1]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Payment must be made within a week.", ["1 week"]),
        ("The license runs for a year.", ["1 year"]),
        ("no more than a month", ["1 month"]),
        ("The employee must give a month's notice.", ["1 month"]),  # a possessive period
        ("a monthly fee", []),
        # a rate's "a month" and a frequency's "a year" are no periods
        ("rent of $100 a month", ["100 usd"]),
        ("The audit may occur once a year.", ["1 time"]),
        ("A week later, the parties met.", []),
    ],
)
def test_a_period_said_with_a_is_one_unit_after_a_word_of_time(
    text: str, values: list[str]
) -> None:
    assert [f.value for f in extract_facts(text)] == values


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The arbitration takes place in London.", "The arbitration shall be held in Singapore."),
        ("The arbitration will be conducted in London.", "The arbitration shall be held in Paris."),
        ("Meetings are held in Boston.", "Meetings shall take place in Chicago."),
    ],
)
def test_held_taking_place_and_conducted_in_a_place_are_one_slot(claim: str, passage: str) -> None:
    (found,) = conflict_pairs(claim, [passage])
    assert found[0] == "name"


def test_the_same_place_said_with_another_verb_is_no_conflict() -> None:
    passage = "The arbitration shall be held in London, England."
    assert conflict_pairs("The arbitration takes place in London.", [passage]) == []


def test_a_street_named_with_an_ordinal_is_not_backed_by_a_period() -> None:
    found = check_facts("Notices go to 900 Second Avenue.", ["Notices go within 900 seconds."])
    assert "900" in [f.text for f in found.missing]


def test_an_adverb_before_the_verb_states_what_the_denial_after_it_denies() -> None:
    denial = "This Agreement shall not renew automatically."
    assert conflict_pairs("The agreement automatically renews.", [denial]) == [
        ("negation", "renews", "shall not renew")
    ]
    # renewal alone is not what the denial denies, nor another manner
    assert conflict_pairs("The agreement renews.", [denial]) == []
    assert conflict_pairs("The agreement promptly renews.", [denial]) == []


def test_at_once_against_a_delay_before_eligibility() -> None:
    assert conflict_pairs(
        "Employees are eligible immediately.",
        ["Employees are eligible after ninety (90) days of employment."],
    ) == [("opposite", "immediately", "ninety (90) days")]
    # what the eligibility is for may stand between the word and its time, on either side
    delayed = "Employees are eligible for benefits after ninety (90) days of employment."
    for claim in (
        "Employees are eligible for benefits immediately.",
        "Employees are eligible immediately.",
    ):
        assert conflict_pairs(claim, [delayed]) == [("opposite", "immediately", "ninety (90) days")]
    # a phrase with other words between it and the period ties nothing
    other = (
        "Employees are eligible for benefits and must wait ninety (90) days for a parking permit."
    )
    assert conflict_pairs("Employees are eligible for benefits immediately.", [other]) == []


def test_over_a_period_spans_it_and_does_not_hedge_it() -> None:
    assert conflict_pairs(
        "The vesting period is four years.", ["The options vest over a three-year period."]
    ) == [("number", "four years", "three-year")]
    # "over" before a value, or "over the", still blurs or names another thing
    assert (
        conflict_pairs(
            "The vesting period is four years.", ["The options vest over more than three years."]
        )
        == []
    )


# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
LEXICAL = load_config("lexical").with_(rules_off=())
RENT_AND_SECURITY = (
    "Tenant shall pay monthly rent of $3,150.00. Tenant shall deposit $4,725.00 with "
    "Landlord as security."
)


# --- the rival in the claim's own clause, whatever else the sources hold ------------------


def test_a_number_another_document_holds_does_not_hide_its_clauses_conflict() -> None:
    """The wrong value, copied from another clause, stands in a second source: the
    conflict with the claim's own clause still stands."""
    lease = (
        "Tenant shall deposit $3,225.00 as a security deposit. Landlord shall return the "
        "deposit, less any lawful deductions, within twenty-one (21) days after Tenant "
        "vacates the Premises."
    )
    other = "Either party may terminate this Agreement upon thirty (30) days' written notice."
    claim = "The security deposit must be returned within 30 days after the tenant moves out."
    sources = [{"id": "lease", "text": lease}, {"id": "employment", "text": other}]
    result = align(claim, sources).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [("30 days", "twenty-one (21) days")]


def test_a_notice_period_is_no_rival_of_another_period(example: dict[str, Any]) -> None:
    """ "Either party may terminate the lease on sixty days' notice." is unsupported by the
    lease's deposit clause, but no conflict with its 'thirty (30) days': a lawyer is not
    pointed to an unrelated clause as the contradiction."""
    lease = example["sources"][0]
    sentence = align(
        "Either party may terminate the lease on sixty days' notice.", [lease], config=LEXICAL
    ).sentences[0]
    assert sentence.status == "unsupported"
    assert sentence.conflicts == ()
    # Two notice periods, or two periods of nothing owned, still conflict.
    for claim, source, said in (
        (
            "Either party may terminate on sixty days' notice.",
            "Either party may terminate this Lease by giving thirty (30) days' prior written "
            "notice.",
            ("sixty days", "thirty (30) days"),
        ),
        (
            "The tenant has two years to sue.",
            "A tenant must bring an action within one year of the end of the tenancy.",
            ("two years", "one year"),
        ),
    ):
        found = align(claim, [{"id": "S", "text": source}], config=LEXICAL).sentences[0]
        assert [(c.text, c.evidence) for c in found.conflicts] == [said]


# --- periods, ordinals and sums -----------------------------------------------------------


def test_an_ordinal_with_its_figure_is_one_fact_and_keeps_its_noun() -> None:
    clause = (
        "This Option shall expire at 5:00 p.m. Eastern Time on the tenth (10th) anniversary of "
        "the Grant Date, unless earlier terminated as provided herein."
    )
    facts = [f.text for f in extract_facts(clause) if f.kind == "number"]
    assert facts == ["tenth (10th)"]
    wrong = sentence_of("The option expires on the fifth anniversary of the grant date.", clause)
    assert wrong.status == "unsupported"
    assert [(c.text, c.evidence) for c in wrong.conflicts] == [("fifth", "tenth (10th)")]
    right = sentence_of("The option expires on the tenth anniversary of the grant date.", clause)
    assert right.conflicts == () and right.status == "supported"


def test_the_same_figure_counting_another_period_conflicts() -> None:
    assert conflict_texts("The warranty lasts two weeks.", "The warranty lasts two years.") == [
        ("two weeks", "two years")
    ]
    assert conflict_texts("The term is three (3) months.", "The term is three (3) years.") == [
        ("three (3) months", "three (3) years")
    ]
    assert conflict_texts("The warranty lasts two weeks.", "The warranty lasts 14 days.") == []


def test_the_conflict_names_the_passage_that_states_the_same_thing() -> None:
    sources = [
        {"id": "lease", "text": "The term of this Lease is eighteen (18) months."},
        {"id": "msa", "text": "This Agreement has an initial term of three (3) years."},
    ]
    report = align("This Agreement has an initial term of three (3) months.", sources)
    (conflict,) = report.sentences[0].conflicts
    assert (conflict.source_id, conflict.evidence) == ("msa", "three (3) years")


def test_a_period_said_in_two_parts_is_one_period() -> None:
    (fact,) = extract_facts("The lease runs for one year and six months.")
    assert (fact.text, fact.value) == ("one year and six months", "18 month")
    (half,) = extract_facts("The lease runs for a year and a half.")
    assert half.text == "a year and a half"
    term = "The term of this Lease is eighteen (18) months."
    assert conflict_texts("The lease runs for one year and six months.", term) == []
    assert conflict_texts("The lease runs for a year and a half.", term) == []
    assert conflict_texts("The lease runs for two years and six months.", term) == [
        ("two years and six months", "eighteen (18) months")
    ]


def test_two_sums_tied_only_by_a_party_are_two_charges() -> None:
    assert conflict_texts("The tenant must pay a $200 parking fee.", RENT_AND_SECURITY) == []
    # a sum in the same role still conflicts
    assert conflict_texts("The tenant pays monthly rent of $2,900.", RENT_AND_SECURITY) == [
        ("$2,900", "$3,150.00")
    ]


# --- a value read past an aside; a day of the month ---------------------------------------


RENT_AND_DEPOSIT = (
    "2. Rent. Tenant shall pay monthly rent of $3,150.00, due on the first (1st) day of each "
    "calendar month. A late fee of $75 shall be charged if rent is not received within five (5) "
    "days after the due date. 3. Security Deposit. Tenant shall deposit $4,725.00 with Landlord "
    "as security. Landlord shall return the deposit, less lawful deductions, within twenty-one "
    "(21) days after Tenant vacates the Premises."
)


def test_a_day_of_the_month_other_than_the_lease_s_conflicts() -> None:
    rent = RENT_AND_DEPOSIT.split(" A late fee")[0]
    assert conflict_texts("Rent is due on the fifth day of each month.", rent) == [
        ("fifth", "first (1st)")
    ]
    assert conflict_texts("Rent is due on the first day of each month.", rent) == []


def test_a_value_is_read_past_an_aside_before_it() -> None:
    assert conflict_texts("The landlord has 30 days to return the deposit.", RENT_AND_DEPOSIT) == [
        ("30 days", "twenty-one (21) days")
    ]
    assert conflict_texts("The landlord has 21 days to return the deposit.", RENT_AND_DEPOSIT) == []


# --- a value stated only in another role --------------------------------------------------


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
    """End to end, through ``align``: the sentence is unsupported, not supported."""
    report = align(
        "The security deposit is $2,400.",
        [{"id": "lease", "text": "The monthly rent is $2,400. The security deposit is $4,800."}],
    )
    (sentence,) = report.sentences
    assert sentence.status == "unsupported"
    assert [(c.text, c.evidence) for c in sentence.conflicts] == [("$2,400", "$4,800")]


# --- an event inside a deadline -----------------------------------------------------------


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


# --- a sum written out as a deed writes it ------------------------------------------------


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


def test_a_value_of_another_clause_does_not_make_a_range_of_the_claims_role() -> None:
    """ "within 90 days" lies between the passage's "one hundred and eighty days" (its own
    role: filing a charge) and "ten days" (serving notice of it): only the first fills the
    claim's role, so the claim's value is no point inside a range the passage gives."""
    passage = (
        "A charge under this section shall be filed within one hundred and eighty days after "
        "the alleged unlawful employment practice occurred and notice of the charge shall be "
        "served upon the person against whom such charge is made within ten days thereafter."
    )
    claim = "A charge must be filed within 90 days after the unlawful practice."
    assert conflict_pairs(claim, [passage]) == [
        ("number", "90 days", "one hundred and eighty days")
    ]
