"""Quotations the sources do not hold word for word (``facts.quotations``).

Words inside quotation marks claim to be the source's own, so a quote with one word
changed is an unsourced quotation even where the sentence scores as a close paraphrase.
The usual alterations of legal quoting (an ellipsis, a bracketed letter or insertion, a
short quoted term) keep a quote faithful, and every usual quotation mark is read.
"""

from __future__ import annotations

import pytest

from citemark import align

OPINION = (
    "Summary judgment is appropriate where there is no genuine dispute of material fact and "
    "the movant is entitled to judgment as a matter of law. The district court properly "
    "granted summary judgment because Acme offered no evidence of damages."
)


@pytest.mark.parametrize(
    ("answer", "changed"),
    [
        (
            'The court held that summary judgment is "appropriate where there is no genuine '
            "dispute of material fact and the nonmovant is entitled to judgment as a matter "
            'of law."',
            "nonmovant",
        ),
        (
            'The court held that summary judgment is "appropriate whenever the movant is '
            'entitled to judgment as a matter of law."',
            "whenever",
        ),
        (
            'The court explained that "the district court properly granted summary judgment '
            'because Acme offered no evidence of causation."',
            "causation",
        ),
    ],
)
def test_a_quotation_the_source_does_not_hold_is_flagged(answer: str, changed: str) -> None:
    """A quote with one word changed scores as a close paraphrase, but to a lawyer it is a
    misquotation: the changed words are an unsourced quotation and unsupported."""
    report = align(answer, [{"id": "op", "text": OPINION}])
    (only,) = report.sentences
    assert only.status == "partial"
    (fact,) = [f for f in only.unsourced_facts if f.kind == "quotation"]
    assert answer[fact.start : fact.end] == fact.text
    assert changed in fact.text
    assert changed in [answer[s.start : s.end] for s in only.unsupported_spans]


@pytest.mark.parametrize(
    "answer",
    [
        'The court held that summary judgment is "appropriate where there is no genuine dispute'
        ' of material fact . . . and the movant is entitled to judgment as a matter of law."',
        "The court noted that “[t]he district court properly granted summary judgment.”",
        'The court noted that "[the trial judge] properly granted summary judgment because Acme'
        ' offered no evidence of damages."',
        'Acme, the "Seller," offered no evidence of damages, so summary judgment was proper.',
    ],
)
def test_a_faithful_quotation_stands(answer: str) -> None:
    """An ellipsis, a bracketed letter or insertion, and a short quoted term are the
    usual alterations of legal quoting: a faithful quote has no missing quotation."""
    report = align(answer, [{"id": "op", "text": OPINION}])
    assert [f for s in report.sentences for f in s.missing_facts if f.kind == "quotation"] == []


def test_misquotations_reads_the_usual_quotation_marks() -> None:
    from citemark.facts.quotations import misquotations

    sources = [
        "Le délai est de trente jours à compter de la livraison.",
        "Der Termin ist in dreißig Tagen fällig. The term is thirty days from delivery.",
    ]
    assert misquotations("Il a dit : « le délai est de trente jours » ici.", sources) == ()
    (fact,) = misquotations("Er sagte „der Termin ist in sechzig Tagen“ heute.", sources)
    assert fact.text == "der Termin ist in sechzig Tagen"
    assert misquotations('He said "the term is sixty days" today.', sources)[0].kind == "quotation"
    # A word is whole at both ends: "movant" is not held inside "nonmovant".
    held_inside = ["the nonmovant is entitled to judgment as a matter of law"]
    (inside,) = misquotations('It said "the movant is entitled to judgment" here.', held_inside)
    assert inside.text == "the movant is entitled to judgment"
    # A quotation no source holds any stretch of is left to the other checks.
    assert misquotations('He said "we will never surrender our beaches" today.', sources) == ()
