"""no_claim: sentences that assert nothing checkable are neither flagged nor supported.

Both directions matter: a lead-in judged as a claim is noise (or a "supported"
sentence that cites nothing), and a claim that merely begins like a lead-in
must still be judged ("In summary, the tenant owes $2,400." is a claim).
"""

from __future__ import annotations

import pytest

from citemark import align, load_config
from citemark.claims import alone_on_line, is_no_claim
from citemark.evaluate import Prediction, metrics

LEXICAL = load_config("default").with_(mode="lexical")
LEASE = [
    {
        "id": "lease",
        "text": "The Tenant shall pay the monthly rent of $2,400 on the first day of each "
        "month. Either party may terminate this Lease by giving sixty days' written notice.",
    }
]

NO_CLAIM = [
    "Here is a concise summary of the passage:",
    "Key points include:",
    "Here are the main points:",
    "Based on the provided passage, here are the key points:",
    "Below is a summary:",
    "In summary:",
    "Sure!",
    "Certainly.",
    "Great question!",
    "I hope this helps!",
    "Let me know if you have any other questions.",
    "They did.",
    "Rent:",
    "1.",
    "(b)",
    "**Termination:**",
    "Here are the key terms of the lease:",
]
CLAIMS = [
    "In summary, the tenant owes $2,400.",
    "Here is the rent: $2,400.",
    "Sure, the tenant may terminate on sixty days' notice.",
    "Key points include the rent of $2,400 and the deposit.",
    "Below is the clause that requires 60 days' notice.",
    "Here are the main points of the 2019 lease:",
    "The tenant must pay the following:",
    "Overall, the lease favors the landlord.",
    "The court ruled for Smith:",
    "The tenant did not pay.",
    "Rent is due monthly",
    "The documents were provided.",
    "In summary, the tenant breached the lease:",
    "According to the text, rent is due monthly.",
    "Tariffs cut imports.",  # "imports" shares its stem with "important"
    "imports.",
]


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_lead_ins_courtesies_and_labels_are_no_claim(sentence: str) -> None:
    assert is_no_claim(sentence, alone_on_line=True)


@pytest.mark.parametrize("sentence", CLAIMS)
def test_a_sentence_that_states_something_is_a_claim_however_it_starts(sentence: str) -> None:
    assert not is_no_claim(sentence, alone_on_line=True)
    assert not is_no_claim(sentence, alone_on_line=False)


@pytest.mark.parametrize("heading", ["Summary", "Key Terms of the Lease", "## Termination"])
def test_headings_are_no_claim_only_on_a_line_of_their_own(heading: str) -> None:
    assert is_no_claim(heading, alone_on_line=True)
    answer = f"{heading}\nThe rent is $2,400."
    assert alone_on_line(answer, 0, len(heading))
    assert not alone_on_line(answer, len(heading) + 1, len(answer) - 5)


def test_heading_with_a_fact_is_a_claim() -> None:
    assert not is_no_claim("## Rent of $2,400 Due Monthly", alone_on_line=True)
    assert not is_no_claim("Section 3", alone_on_line=True)


def test_align_gives_lead_ins_no_claim_and_judges_the_claims() -> None:
    answer = (
        "Here is a concise summary of the passage:\n"
        "The tenant shall pay the monthly rent of $2,400 on the first day of each month.\n"
        "In summary, the tenant owes $9,900 in damages."
    )
    report = align(answer, LEASE, config=LEXICAL)
    lead, rent, damages = report.sentences
    assert lead.status == "no_claim" and not lead.is_claim
    assert lead.citations == ()
    assert rent.status == "supported"
    assert damages.status != "no_claim"
    summary = report.summary()
    assert summary["no_claim"] == 1
    assert summary["supported"] + summary["partial"] + summary["unsupported"] == 2
    assert all(u["text"] != lead.text for u in summary["uncited"])
    # Never drawn as support, never failing a check.
    assert all(m.start >= lead.end for m in report.marks())
    assert "<cite" not in report.tagged()[: lead.end]
    assert all(f.number != 1 for f in report.failures({"unsupported", "partial", "conflict"}))


def test_a_sentence_with_nothing_to_check_is_never_supported_without_a_citation() -> None:
    # Used to be "supported" (lexical score 0.68, recall over no content words = 1.0).
    report = align("They did.", ["Weather report: storms are likely this weekend."], config=LEXICAL)
    (sentence,) = report.sentences
    assert sentence.status == "no_claim"
    assert sentence.citations == ()
    assert report.summary()["supported"] == 0
    assert report.failures() == ()


def test_eval_metrics_leave_no_claim_out_and_count_it() -> None:
    def prediction(gold: str, status: str) -> Prediction:
        return Prediction("d", "s", "r", gold, status, 0.5, {}, None, None)

    claims = [prediction("supported", "supported"), prediction("unsupported", "unsupported")]
    skipped = [prediction("unsupported", "no_claim"), prediction("supported", "no_claim")]
    with_skipped = metrics(claims + skipped)
    assert with_skipped.sentences == 2
    assert with_skipped.balanced_accuracy == metrics(claims).balanced_accuracy == 1.0
    assert with_skipped.no_claim == 2
    assert with_skipped.no_claim_gold == {"supported": 1, "unsupported": 1}
