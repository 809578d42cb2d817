"""What a new user's trial of stop 38 found, each as the behaviour a reviewer needs.

Each case failed on the code before the stop: a verdict a lawyer would not trust
(a contradiction judged supported, a restatement flagged), an offset that pointed at
the wrong words, or a display that said two things at once.
"""

from __future__ import annotations

import citemark
from citemark.facts import check_facts, extract_facts

LEASE = {
    "id": "lease",
    "text": "Tenant shall pay monthly rent of $3,150.00. Tenant shall deposit $4,725.00 with "
    "Landlord as security.",
}


def _sentence(answer: str, *texts: str) -> citemark.SentenceResult:
    sources = [{"id": f"S{n}", "text": t} for n, t in enumerate(texts, 1)]
    (sentence,) = citemark.align(answer, sources).sentences
    return sentence


def _conflicts(claim: str, passage: str) -> list[tuple[str, str]]:
    return [(c.claim.text, c.evidence.text) for c in check_facts(claim, [passage]).conflicts]


# --- offsets ----------------------------------------------------------------------


def test_missing_and_unsourced_facts_are_in_answer_offsets() -> None:
    answer = (
        "The rent is $3,150 per month.\n"
        "The tenant must carry renters insurance of at least $100,000.\n"
    )
    report = citemark.align(answer, [LEASE])
    second = report.sentences[1]
    assert [answer[f.start : f.end] for f in second.missing_facts] == ["$100,000"]
    assert [answer[f.start : f.end] for f in second.unsourced_facts] == ["$100,000"]
    data = report.to_dict()["sentences"][1]
    assert [answer[f["start"] : f["end"]] for f in data["missing_facts"]] == ["$100,000"]


# --- numbers ----------------------------------------------------------------------


def test_an_ordinal_with_its_figure_is_one_fact_and_keeps_its_noun() -> None:
    clause = (
        "This Option shall expire at 5:00 p.m. Eastern Time on the tenth (10th) anniversary of "
        "the Grant Date, unless earlier terminated as provided herein."
    )
    facts = [f.text for f in extract_facts(clause) if f.kind == "number"]
    assert facts == ["tenth (10th)"]
    wrong = _sentence("The option expires on the fifth anniversary of the grant date.", clause)
    assert wrong.status == "unsupported"
    assert [(c.text, c.evidence) for c in wrong.conflicts] == [("fifth", "tenth (10th)")]
    right = _sentence("The option expires on the tenth anniversary of the grant date.", clause)
    assert right.conflicts == () and right.status == "supported"


def test_the_same_figure_counting_another_period_conflicts() -> None:
    assert _conflicts("The warranty lasts two weeks.", "The warranty lasts two years.") == [
        ("two weeks", "two years")
    ]
    assert _conflicts("The term is three (3) months.", "The term is three (3) years.") == [
        ("three (3) months", "three (3) years")
    ]
    assert _conflicts("The warranty lasts two weeks.", "The warranty lasts 14 days.") == []


def test_the_conflict_names_the_passage_that_states_the_same_thing() -> None:
    sources = [
        {"id": "lease", "text": "The term of this Lease is eighteen (18) months."},
        {"id": "msa", "text": "This Agreement has an initial term of three (3) years."},
    ]
    report = citemark.align("This Agreement has an initial term of three (3) months.", sources)
    (conflict,) = report.sentences[0].conflicts
    assert (conflict.source_id, conflict.evidence) == ("msa", "three (3) years")


def test_a_period_said_in_two_parts_is_one_period() -> None:
    (fact,) = extract_facts("The lease runs for one year and six months.")
    assert (fact.text, fact.value) == ("one year and six months", "18 month")
    (half,) = extract_facts("The lease runs for a year and a half.")
    assert half.text == "a year and a half"
    term = "The term of this Lease is eighteen (18) months."
    assert _conflicts("The lease runs for one year and six months.", term) == []
    assert _conflicts("The lease runs for a year and a half.", term) == []
    assert _conflicts("The lease runs for two years and six months.", term) == [
        ("two years and six months", "eighteen (18) months")
    ]


def test_two_sums_tied_only_by_a_party_are_two_charges() -> None:
    assert _conflicts("The tenant must pay a $200 parking fee.", LEASE["text"]) == []
    # a sum in the same role still conflicts
    assert _conflicts("The tenant pays monthly rent of $2,900.", LEASE["text"]) == [
        ("$2,900", "$3,150.00")
    ]


# --- who holds a role --------------------------------------------------------------

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
    assert _conflicts("Acme Corp. is the supplier under the agreement.", SUPPLY) == [
        ("Acme Corp.", "Beacon Industries, Inc.")
    ]
    assert _conflicts("The administrative agent is JPMorgan Chase Bank.", CREDIT) == [
        ("JPMorgan Chase Bank", "Wells Fargo Bank, National Association")
    ]
    assert _conflicts("The escrow agent is Citibank.", ESCROW) == [
        ("Citibank", "U.S. Bank National Association")
    ]
    sentence = _sentence("Acme Corp. is the supplier under the agreement.", SUPPLY)
    assert sentence.status == "unsupported"


def test_a_role_given_to_its_own_party_or_to_no_named_party_is_no_conflict() -> None:
    assert _conflicts("Beacon Industries is the supplier.", SUPPLY) == []
    assert _conflicts("Acme is the purchaser.", SUPPLY) == []
    assert _conflicts("Wells Fargo is the administrative agent.", CREDIT) == []
    # a role shared by several parties, and one held by a description, bind no one
    sellers = 'This Agreement is made among Jones LLC, Smith LLC and Brown LLC (each a "Seller").'
    assert _conflicts("The seller is Smith LLC.", sellers) == []
    order_form = (
        'This Software License Agreement is entered into between SAP America, Inc. ("Licensor") '
        'and the customer identified on the Order Form ("Licensee").'
    )
    assert _conflicts("The licensee is Acme Inc.", order_form) == []


# --- the order of events -----------------------------------------------------------

PAID = (
    "The Purchase Price shall be paid in full by Buyer by wire transfer of immediately "
    "available funds at or prior to the Closing."
)


def test_an_act_put_after_the_event_the_clause_puts_it_before_conflicts() -> None:
    assert _conflicts("The purchase price is paid after closing.", PAID) == [("after", "prior to")]
    exhibits = (
        "The parties shall exchange exhibit lists and copies of all exhibits at least fourteen "
        "(14) days before the Final Pretrial Conference."
    )
    assert _conflicts("Exhibits are exchanged after the final pretrial conference.", exhibits) == [
        ("after", "before")
    ]
    sentence = _sentence("The purchase price is paid after closing.", PAID)
    assert sentence.status == "unsupported"


def test_the_same_order_said_either_way_is_no_conflict() -> None:
    assert _conflicts("The purchase price is paid before closing.", PAID) == []
    inspect = "Buyer shall inspect the Property prior to the Closing."
    # "B after A" is "A before B"
    assert _conflicts("The closing happens after the buyer inspects the property.", inspect) == []
    notice = (
        "Tenant shall give notice not later than thirty (30) days prior to the expiration of "
        "the Term."
    )
    assert (
        _conflicts("Notice must be given no later than 30 days before the lease expires.", notice)
        == []
    )
    # a denied act is left to the negation rules
    note = "The Note may not be prepaid, in whole or in part, prior to the Maturity Date."
    assert _conflicts("The loan may not be prepaid before maturity.", note) == []


# --- permissions and exceptions ----------------------------------------------------


def test_a_permission_against_a_thing_that_may_not_be_kept_conflicts() -> None:
    assert _conflicts(
        "Dogs are permitted on the premises.", "No dogs shall be kept on the Premises."
    ) == [("Dogs are permitted", "No dogs shall be kept")]


def test_one_side_alone_against_either_party_conflicts() -> None:
    either = (
        "Either party may terminate this Agreement for convenience upon ninety (90) days' "
        "written notice."
    )
    assert _conflicts("Only Customer may terminate this Agreement for convenience.", either) == [
        ("Only Customer", "Either party")
    ]
    assert _conflicts("Either party may terminate this Agreement for convenience.", either) == []


def test_a_claim_of_the_excepted_case_agrees_with_the_rule() -> None:
    entry = (
        "Landlord may enter the Premises only upon forty-eight (48) hours' written notice, "
        "except in an emergency."
    )
    assert _conflicts("In an emergency, the landlord may enter without notice.", entry) == []


def test_a_district_in_a_capitals_caption_is_a_name() -> None:
    caption = (
        "UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF CALIFORNIA. On March 12, "
        "2024, the Court heard Defendant's motion to dismiss."
    )
    sentence = _sentence("The motion was heard in the Central District of California.", caption)
    assert sentence.status != "supported"
    assert "Central District of California" in [f.text for f in sentence.missing_facts]


# --- quotes and underlines ---------------------------------------------------------


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def test_a_quote_holds_a_parenthesis_whole_or_not_at_all() -> None:
    msa = {
        "id": "msa",
        "text": "Invoices are payable within thirty (30) days after receipt of the invoice. The "
        "term is three (3) years.",
    }
    answer = (
        "Invoices are payable within 30 days after receipt of the invoice. "
        "The term is three (3) months."
    )
    report = citemark.align(answer, [msa])
    quotes = [c for s in report.sentences for c in s.citations if c.kind == "verbatim"]
    assert quotes
    for c in quotes:
        assert _balanced(c.evidence), c.evidence
    for block in report.blocks:
        assert _balanced(answer[block.start : block.end]), answer[block.start : block.end]


def test_unsupported_words_leave_out_what_the_sentence_quotes() -> None:
    source = {
        "id": "lease",
        "text": "4. Repairs. Landlord shall maintain the roof, plumbing and heating systems. "
        "Tenant shall be responsible for repairs caused by Tenant's negligence. 6. Entry. "
        "Landlord may enter the Premises only upon forty-eight (48) hours' written notice, "
        "except in an emergency.",
    }
    answer = (
        "The Tenant shall maintain the roof, plumbing and heating systems. "
        "The landlord may enter with twenty-four (24) hours' written notice."
    )
    report = citemark.align(answer, [source])
    first, second = report.sentences
    assert [answer[u.start : u.end] for u in first.unsupported_spans] == ["The Tenant"]
    # a flagged figure is shown with its bracket
    assert all(_balanced(answer[u.start : u.end]) for u in second.unsupported_spans)
    html = report.html()
    # the underline is drawn around the conflict it crosses, not dropped
    assert '<span class="cm-unsupported-words">The</span> <mark class="cm-conflict"' in html
    assert '<span class="cm-unsupported-words">with</span>' in html


# --- parties and rulings -----------------------------------------------------------


def test_a_party_after_an_opening_phrase_is_the_subject() -> None:
    lease = (
        "4. Repairs. Landlord shall maintain the roof, plumbing and heating systems. Tenant shall "
        "be responsible for repairs caused by Tenant's negligence."
    )
    for claim in (
        "Under the lease, Tenant shall maintain the roof, plumbing and heating systems.",
        "Tenant shall maintain the roof.",
    ):
        assert _conflicts(claim, lease) == [("Tenant", "Landlord")], claim
    assert _conflicts("Under the lease, Landlord shall maintain the roof.", lease) == []


def test_provider_and_customer_are_two_sides() -> None:
    msa = "11.2 Upon termination, Provider shall return all Customer Data within thirty (30) days."
    assert _conflicts("Customer shall return all Customer Data within thirty (30) days.", msa) == [
        ("Customer", "Provider")
    ]


def test_a_party_put_on_the_other_side_of_a_suit_conflicts() -> None:
    order = "On March 12, 2024, the Court heard Defendant Acme Robotics Corp.'s motion to dismiss."
    assert _conflicts("The plaintiff, Acme Robotics Corp., moved to dismiss.", order) == [
        ("plaintiff", "Defendant")
    ]
    assert _conflicts("The defendant, Acme Robotics Corp., moved to dismiss.", order) == []


ORDER = (
    "The motion is GRANTED as to Plaintiff's fraud claim, which is dismissed with leave to "
    "amend. The motion is DENIED as to Plaintiff's breach of contract claim."
)


def test_a_mixed_ruling_is_read_claim_by_claim() -> None:
    assert _conflicts(
        "The Court granted the motion to dismiss the breach of contract claim.", ORDER
    ) == [("granted", "DENIED")]
    assert _conflicts("The breach of contract claim was dismissed.", ORDER) == [
        ("dismissed", "DENIED")
    ]
    assert _conflicts("The Court denied the motion as to the fraud claim.", ORDER) == [
        ("denied", "GRANTED")
    ]


def test_a_ruling_said_the_order_s_way_is_no_conflict() -> None:
    for claim in (
        "The Court granted the motion as to the fraud claim.",
        "The fraud claim was dismissed.",
        "The court denied the motion to dismiss the breach of contract claim.",
        "The motion to dismiss was granted in part and denied in part.",
    ):
        assert _conflicts(claim, ORDER) == [], claim


RENT_AND_DEPOSIT = (
    "2. Rent. Tenant shall pay monthly rent of $3,150.00, due on the first (1st) day of each "
    "calendar month. A late fee of $75 shall be charged if rent is not received within five (5) "
    "days after the due date. 3. Security Deposit. Tenant shall deposit $4,725.00 with Landlord "
    "as security. Landlord shall return the deposit, less lawful deductions, within twenty-one "
    "(21) days after Tenant vacates the Premises."
)


def test_another_day_of_the_month_conflicts() -> None:
    rent = RENT_AND_DEPOSIT.split(" A late fee")[0]
    assert _conflicts("Rent is due on the fifth day of each month.", rent) == [
        ("fifth", "first (1st)")
    ]
    assert _conflicts("Rent is due on the first day of each month.", rent) == []


def test_a_value_is_read_past_an_aside_before_it() -> None:
    assert _conflicts("The landlord has 30 days to return the deposit.", RENT_AND_DEPOSIT) == [
        ("30 days", "twenty-one (21) days")
    ]
    assert _conflicts("The landlord has 21 days to return the deposit.", RENT_AND_DEPOSIT) == []


def test_a_place_named_for_another_reason_is_no_governing_law() -> None:
    lease = {
        "id": "lease",
        "text": "8. Governing Law. This Lease shall be governed by the laws of the State of "
        "Oregon.",
    }
    caption = {
        "id": "order",
        "text": "UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF CALIFORNIA. Case No. "
        "3:23-cv-04417.",
    }
    (sentence,) = citemark.align(
        "The lease is governed by California law.", [lease, caption]
    ).sentences
    assert sentence.status == "unsupported"
    assert [(c.text, c.source_id) for c in sentence.conflicts] == [("California", "lease")]
    wales = "This Agreement shall be governed by the laws of England and Wales."
    assert _conflicts("English law governs the agreement.", wales) == []
    assert _conflicts("The lease is governed by Oregon law.", lease["text"]) == []
