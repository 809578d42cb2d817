"""no_claim: sentences that assert nothing checkable are neither flagged nor supported.

Both directions matter: a lead-in judged as a claim is noise (or a "supported"
sentence that cites nothing), and a claim that merely begins like a lead-in
must still be judged ("In summary, the tenant owes $2,400." is a claim). The same holds
for a legal disclaimer, a short-form citation ("Id. at 5."), a lead-in in another language,
and the list label that opens a sentence ("2.", "(b)"), which is part of the sentence but
neither support nor a word nothing supports.
"""

from __future__ import annotations

from typing import Any

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
    "Here is what the sources say.",
    "Here's what I found.",
    "Here is what the documents show:",
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
    "The sources say the tenant may sue.",
    "Here is what the lease says about rent.",
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
    assert all(u["text"] != lead.text for u in summary["unsupported_claims"])
    # Never drawn as support, never failing a check.
    assert all(m.start >= lead.end for m in report.marks())
    assert "<cite" not in report.tagged()[: lead.end]
    assert all(f.number != 1 for f in report.failures({"unsupported", "partial", "conflict"}))


def test_a_sentence_with_nothing_to_check_is_never_supported_without_a_citation() -> None:
    # Its lexical score (0.68, recall over no content words = 1.0) would call it "supported".
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


# The lexical preset itself; LEXICAL above is the default preset read without the model.
LEXICAL_PRESET = load_config("lexical")


# --- list labels: part of the sentence, never support or unsupported words ----------------


DEPOSIT = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. Smoking is not allowed in the "
        "Premises. The security deposit is two months' rent.",
    }
]


@pytest.mark.parametrize("label", ["2.", "2)", "(2)", "ii.", "(b)", "•", "Step 2:"])
def test_a_list_label_is_neither_support_nor_a_reason_to_cite(label: str) -> None:
    answer = f"{label} The security deposit is two months' rent."
    report = align(answer, DEPOSIT)
    result = report.sentences[0]
    assert result.status == "supported"
    # the label is plain text, and its "2" draws no citation of "$2,400 per month"
    assert report.tagged().startswith(f"{label} <cite")
    assert all("2,400" not in c.evidence for c in result.citations)


def test_a_list_label_is_never_an_unsupported_word() -> None:
    answer = "1. Tenants pay $2,400 rent each month.\n3) Parking is included."
    report = align(answer, DEPOSIT)
    last = report.sentences[-1]
    assert last.status == "unsupported"
    shown = [answer[s.start : s.end] for s in last.unsupported_spans]
    assert shown and all("3" not in words for words in shown), shown
    # the sentence itself still holds its label: offsets are the answer's
    assert last.text == "3) Parking is included."


# --- legal disclaimers --------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "This is not legal advice.",
        "This does not constitute legal advice.",
        "I'm not a lawyer.",
        "Please consult an attorney.",
        "You should consult a qualified attorney for advice specific to your situation.",
        "Speak with a licensed attorney in your state.",
    ],
)
def test_a_legal_disclaimer_claims_nothing(sentence: str, example: dict[str, Any]) -> None:
    """A disclaimer asserts nothing about the sources: judged as a claim, it would fail
    ``check`` for every answer that carries one."""
    assert is_no_claim(sentence)
    answer = f"The term of this Lease is one (1) year. {sentence}"
    report = align(answer, example["sources"], config=LEXICAL_PRESET)
    assert [s.status for s in report.sentences] == ["supported", "no_claim"]
    assert not report.failures()


@pytest.mark.parametrize(
    "sentence",
    [
        "Consult a lawyer before 30 days pass.",
        "Please consult an attorney because the deadline is March 1.",
        "The tenant should consult a lawyer about the $500 fee.",
        "This is not legal advice, but the rent is $2,400.",
        "This is not a lease.",
    ],
)
def test_a_claim_beside_a_disclaimer_is_still_a_claim(sentence: str) -> None:
    """A fact inside or after the disclaimer keeps the sentence a claim."""
    assert not is_no_claim(sentence)


# --- short-form citations ("Id.") ---------------------------------------------------------


@pytest.mark.parametrize(
    "back", ["Id.", "Id. at 460.", "See id.", "See id. at 5.", "Ibid.", "Cf. id. at 460-61."]
)
def test_a_short_form_citation_claims_nothing(back: str) -> None:
    """A memo's "Id." and its kin point back at the citation before; they claim nothing
    of their own, so they never fail `check`."""
    answer = f"We review a grant of summary judgment de novo. {back}"
    sources = [{"id": "op", "text": "We review a grant of summary judgment de novo."}]
    report = align(answer, sources, config=LEXICAL_PRESET)
    assert [s.status for s in report.sentences] == ["supported", "no_claim"]


def test_a_claim_after_id_is_still_a_claim() -> None:
    """A sentence that says something after the signal is still judged."""
    report = align(
        "Idaho taxes rent. See id. (holding that rent is due monthly).",
        [{"id": "op", "text": "The weather was fine."}],
        config=LEXICAL_PRESET,
    )
    assert "no_claim" not in {s.status for s in report.sentences}


# --- lead-ins and courtesies in other languages -------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Voici un résumé du contrat :",
        "Aquí tienes un resumen del contrato:",
        "Ich hoffe, das hilft!",
        "J'espère que cela vous aide !",
        "¡Espero que esto te ayude!",
        "Gerne!",
    ],
)
def test_a_lead_in_or_courtesy_in_another_language_claims_nothing(line: str) -> None:
    """A lead-in or a courtesy claims nothing in French, Spanish or German, as in English."""
    from citemark.claims import is_no_claim

    assert is_no_claim(line)


@pytest.mark.parametrize(
    "line",
    [
        "Voici les obligations du locataire en matière de loyer et de charges :",
        "Le loyer est dû le premier du mois.",
        "El contrato es válido.",
        "Die Kaution beträgt 2.400 Euro.",
    ],
)
def test_a_claim_in_another_language_is_still_a_claim(line: str) -> None:
    """A statement in those languages is still judged."""
    from citemark.claims import is_no_claim

    assert not is_no_claim(line)
