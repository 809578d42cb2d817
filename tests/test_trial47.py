"""What the eleventh and twelfth trials (stop 43) found: a litigation paralegal checking
AI-written memos, and a developer of a multilingual RAG product.

Each test fails on the code before its fix (b195162) unless it says it is a guard.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from citemark import align, load_config, tag
from citemark.batch import align_record
from citemark.cli import main
from citemark.reference import find_phrase_matches_reference
from citemark.segment import Segmenter, segment
from citemark.server.app import create_app
from citemark.server.engine import Settings
from citemark.types import Source
from citemark.verbatim import PhraseMatcher, find_phrases_by_loop

LEXICAL = load_config("lexical")
PLAIN = Segmenter(plain_stops=False, windows=False)


def _sentences(text: str) -> list[str]:
    """The sentences of ``text``, held equal to the segmenter without its shortcuts."""
    spans = segment(text)
    assert spans == PLAIN(text)
    return [text[s.start : s.end] for s in spans]


# --------------------------------------------------------------------------- phrase mode


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("The fee is 1.5% monthly.", "5%"),  # the digits after a decimal point
        ("Rent is $2,400 per month.", "400 per month"),  # after a thousands comma
        ("The fee is 1.5% monthly.", "1"),  # before a decimal point
        ("Pay 3,250.75 now.", "3,250"),
    ],
)
def test_a_phrase_is_not_found_inside_a_longer_number(text: str, phrase: str) -> None:
    """Phrase mode credited "5%" as the source of "1.5%" and quoted "400 per month" out
    of "$2,400 per month"; document mode's quotes already held a number whole."""
    assert tag(text, {"S": [phrase]}) == text
    for found in (
        PhraseMatcher({"S": [phrase]}).find(text),
        find_phrases_by_loop(text, {"S": [phrase]}),
        find_phrase_matches_reference(text, {"S": [phrase]}),
    ):
        assert found == []


def test_a_whole_number_is_still_found() -> None:
    """Guard: the number whole, or a phrase beside one, matches as before."""
    text = "Rent is $2,400 per month, 3.5 times the deposit of 1.5%."
    sources = {"S": ["2,400 per month", "3.5", "1.5%", "per month"]}
    assert tag(text, sources) == (
        'Rent is $<cite ids="S">2,400 per month</cite>, <cite ids="S">3.5</cite> times the'
        ' deposit of <cite ids="S">1.5%</cite>.'
    )
    long = text * 2000  # the automaton's path (past 20,000 characters)
    assert PhraseMatcher(sources).find(long) == find_phrase_matches_reference(long, sources)


def test_the_automaton_keeps_a_number_whole_on_long_text() -> None:
    """The automaton's path (past 20,000 characters) applies the same rule."""
    long = "Rent is $2,400 per month, or 1.5% of sales. " * 1000
    assert PhraseMatcher({"S": ["400 per month", "5%"]}).find(long) == []


# --------------------------------------------------------------------------- segmentation


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "The Supplier delivers within thirty (30) days after each order. "
            "3M Company guarantees the Buyer's payments.",
            "3M Company guarantees the Buyer's payments.",
        ),
        ("The court ruled for Acme. 7-Eleven, Inc. appealed.", "7-Eleven, Inc. appealed."),
        (
            "i-Escrow pays the audit cost. 2TheMart grants i-Escrow a license.",
            "2TheMart grants i-Escrow a license.",
        ),
    ],
)
def test_a_name_that_starts_with_digits_starts_a_sentence(text: str, second: str) -> None:
    """Read as a number after a short word ("So. 2d"), "3M" hid the invented claim it
    opened inside the supported sentence before it."""
    assert _sentences(text)[1:] == [second]


@pytest.mark.parametrize(
    "text",
    [
        "Smith v. Jones, 12 So. 2d 456 (Fla. 1943).",
        "The rule in Pa. 10b-5 claims applies.",
        "Id. at 3rd paragraph.",
        "The fee is due. 30 days later the term ends.",
    ],
)
def test_numbers_after_a_short_word_still_continue(text: str) -> None:
    """Guard: a reporter series, a rule's number, an ordinal stay in their sentence."""
    assert _sentences(text) == [text]


def test_a_german_date_is_one_sentence() -> None:
    """A German date, "am 31. Dezember 2021", was cut after the day: the date lost its
    month, and a changed day was drawn as paraphrase support of a fragment."""
    text = "Der Vertrag wurde am 31. Dezember 2021 in Berlin unterzeichnet. Danach gilt er."
    assert _sentences(text) == [
        "Der Vertrag wurde am 31. Dezember 2021 in Berlin unterzeichnet.",
        "Danach gilt er.",
    ]
    assert _sentences("Kontrakten udløber den 5. april 2021.") == [
        "Kontrakten udløber den 5. april 2021."
    ]
    report = align(
        "Der Vertrag wurde am 30. Dezember 2021 in Berlin unterzeichnet.",
        [{"id": "v", "text": "Der Vertrag wurde am 31. Dezember 2021 in Berlin unterzeichnet."}],
        config=LEXICAL,
    )
    (only,) = report.sentences
    assert [f.text for f in only.missing_facts] == ["30"]


def test_may_after_a_number_still_starts_a_sentence() -> None:
    """Guard: "May" and "March" start English sentences after a number's period."""
    assert _sentences("See paragraph 5. May the tenant assign?") == [
        "See paragraph 5.",
        "May the tenant assign?",
    ]


# --------------------------------------------------------------------------- short-form citations


@pytest.mark.parametrize(
    "back", ["Id.", "Id. at 460.", "See id.", "See id. at 5.", "Ibid.", "Cf. id. at 460-61."]
)
def test_a_short_form_citation_claims_nothing(back: str) -> None:
    """A memo's "Id." was judged unsupported and failed `check`."""
    answer = f"We review a grant of summary judgment de novo. {back}"
    sources = [{"id": "op", "text": "We review a grant of summary judgment de novo."}]
    report = align(answer, sources, config=LEXICAL)
    assert [s.status for s in report.sentences] == ["supported", "no_claim"]


def test_a_claim_after_id_is_still_a_claim() -> None:
    """Guard: a sentence that says something after the signal is judged."""
    report = align(
        "Idaho taxes rent. See id. (holding that rent is due monthly).",
        [{"id": "op", "text": "The weather was fine."}],
        config=LEXICAL,
    )
    assert "no_claim" not in {s.status for s in report.sentences}


# --------------------------------------------------------------------------- invisible answers

INVISIBLE = "\u200f\u200e\u2066"


def test_an_answer_of_invisible_characters_is_refused_everywhere(tmp_path: Path) -> None:
    """Only direction marks: 0 sentences and "passed": true, where a blank answer is
    refused with "answer is empty"."""
    sources = tmp_path / "s.json"
    sources.write_text(json.dumps([{"id": "S", "text": "The rent is due."}]), encoding="utf-8")
    answer = tmp_path / "a.txt"
    answer.write_text(INVISIBLE, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--sources", str(sources), str(answer)])
    assert result.exit_code == 2
    assert "the answer is empty" in result.output

    record = {"id": 1, "answer": INVISIBLE, "sources": [{"id": "S", "text": "x y"}]}
    line = json.loads(align_record(record, 0, LEXICAL))
    assert "answer is empty" in line["error"]

    with TestClient(create_app(Settings(config="lexical", warm_up=False))) as client:
        got = client.post(
            "/v1/align", json={"answer": INVISIBLE, "sources": [{"id": "S", "text": "x"}]}
        )
        assert got.status_code == 422
        assert "answer is empty" in got.text


def test_an_answer_with_a_visible_character_is_taken() -> None:
    """Guard: marks around a word leave an answer to check."""
    report = align(f"{INVISIBLE}The rent is due.", [{"id": "S", "text": "The rent is due."}])
    assert [s.status for s in report.sentences] == ["supported"]


# ------------------------------------------------------------- scripts the model spells out

UNRELATED = [
    ("Луна вращается вокруг Земли.", "В компании работает 300 сотрудников в Москве."),
    ("القمر يدور حول الأرض.", "تعمل الشركة 300 موظف في موسكو."),
    ("चंद्रमा पृथ्वी की परिक्रमा करता है।", "कंपनी में मास्को में 300 कर्मचारी काम करते हैं।"),
    ("הירח מקיף את כדור הארץ.", "בחברה עובדים 300 עובדים במוסקבה."),
]


@pytest.mark.parametrize(("answer", "source"), UNRELATED)
def test_an_unrelated_sentence_in_a_spelled_out_script_is_not_cited(
    answer: str, source: str
) -> None:
    """The static model reads Cyrillic, Arabic, Devanagari and Hebrew letter by letter,
    so unrelated sentences scored cosine 0.92-0.98 and drew a paraphrase citation, with
    no word to the user that the language was not covered."""
    report = align(answer, [{"id": "S", "text": source}])
    (only,) = report.sentences
    assert only.citations == ()
    assert only.status == "unsupported"
    assert "cosine" not in only.features
    assert any("letter by letter" in note for note in report.notes)


def test_a_spelled_out_sentence_is_judged_on_its_words() -> None:
    """Guard: the words still support a sentence that repeats its source's."""
    source = "В компании работает 300 сотрудников в Москве."
    report = align("В компании трудятся 300 сотрудников в Москве.", [{"id": "S", "text": source}])
    (only,) = report.sentences
    assert only.status in ("supported", "partial")
    assert [c.source_id for c in only.citations][:1] == ["S"]


def test_english_and_latin_script_sentences_are_read_by_the_model() -> None:
    """Guard: the model's own languages keep their cosine and no note is added."""
    from citemark.embed import default_embedder

    reader = default_embedder("static")
    texts = [
        "The tenant shall pay rent of $2,400 per month.",
        "Der Mieter zahlt monatlich 2.400 Euro Miete.",
        "Księżyc krąży wokół Ziemi.",
        "I am a cat.",
        "月は地球の周りを回っている。",
    ]
    assert reader.spelled_out(texts) == [False] * len(texts)  # type: ignore[attr-defined]
    assert reader.spelled_out([a for a, _ in UNRELATED]) == [True] * len(UNRELATED)  # type: ignore[attr-defined]
    report = align(texts[0], [{"id": "S", "text": "The tenant pays $2,400 each month."}])
    assert report.notes == ()
    assert "cosine" in report.sentences[0].features


# --------------------------------------------------------------------------- misquotations

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
    """A quote with one word changed scored as a close paraphrase and was "supported":
    to a lawyer it is a misquotation."""
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
    """Guard: an ellipsis, a bracketed letter or insertion, and a short quoted term are
    the usual alterations of legal quoting, and a faithful quote stays supported."""
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
    # Guard: a quotation no source holds any stretch of is left to the other checks.
    assert misquotations('He said "we will never surrender our beaches" today.', sources) == ()


# ------------------------------------------------------------------------ quotes hold words whole


@pytest.mark.parametrize(
    ("answer", "source", "unquoted"),
    [
        (
            "The jury awarded the plaintiff $15 million in compensatory damages and costs.",
            "The jury awarded the plaintiff $1.5 million in compensatory damages and costs.",
            "million",
        ),
        (
            "The license grants an exclusive right to use the software in Ohio.",
            "The license grants a non-exclusive right to use the software in Ohio.",
            "exclusive",
        ),
        (
            "He may not sublet without the tenant's prior written consent of the owner.",
            "He may not sublet without the landlord's prior written consent of the owner.",
            "tenant's",
        ),
    ],
)
def test_a_quote_holds_a_word_whole(answer: str, source: str, unquoted: str) -> None:
    """Half of "$15 million", the "exclusive" of "non-exclusive" and the "s" of
    "landlord's" were drawn as quotes of words the source does not say."""
    report = align(answer, [{"id": "op", "text": source}], config=LEXICAL)
    start = answer.index(unquoted)
    end = start + len(unquoted)
    for block in report.blocks:
        assert block.end <= start or block.start >= end, answer[block.start : block.end]
    # the fast matcher and the plain reference agree on it
    from citemark.reference import find_document_matches_reference
    from citemark.verbatim import find_document_matches

    given = [Source("op", source)]
    fast = find_document_matches(answer, given, min_tokens=4)
    assert fast == find_document_matches_reference(answer, given, min_tokens=4)


@pytest.mark.parametrize(
    ("answer", "source", "quote"),
    [
        (
            "Rent of $2,400 per month for the whole unit.",
            "The fee is $2,400 per month for the whole unit.",
            "$2,400 per month for the whole unit",
        ),
        ("Late fees are 5% monthly.", "Late fees are 5% of the amount due.", "Late fees are 5%"),
    ],
)
def test_a_quote_takes_the_sign_of_its_figure(answer: str, source: str, quote: str) -> None:
    """Quotes like "$<cite>2,400 per month" and "<cite>Late fees are 5</cite>%" left the
    sign out."""
    report = align(answer, [{"id": "op", "text": source}], config=LEXICAL)
    assert [answer[b.start : b.end] for b in report.blocks] == [quote]


# ------------------------------------------------------------------------ "nothing in the record"


@pytest.mark.parametrize(
    "answer",
    [
        'The court noted that "[n]othing in the record suggests the parties intended otherwise."',
        "The court found nothing in the record suggesting the parties intended otherwise.",
    ],
)
def test_nothing_as_an_object_or_altered_is_no_conflict(answer: str) -> None:
    """A faithful quote ("[n]othing") or paraphrase ("found nothing in the record") met a
    false negation conflict on "record" and failed `check`."""
    source = "Nothing in the record suggests the parties intended otherwise."
    report = align(answer, [{"id": "S", "text": source}], config=LEXICAL)
    (only,) = report.sentences
    assert only.conflicts == ()
    assert only.status == "supported"


def test_the_record_said_positively_still_conflicts() -> None:
    """Guard: a claim that the record does suggest it still contradicts the source."""
    source = "Nothing in the record suggests the parties intended otherwise."
    report = align(
        "The court found that the record suggests the parties intended otherwise.",
        [{"id": "S", "text": source}],
        config=LEXICAL,
    )
    assert [c.kind for c in report.sentences[0].conflicts] == ["negation"]


# ------------------------------------------------------------------- more segmentation


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("„Der Vertrag ist gültig.“ Danach ging er.", "„Der Vertrag ist gültig.“"),
        (
            "Il a dit : « Le délai est de 30 jours. » Ensuite, il est parti.",
            "Il a dit : « Le délai est de 30 jours. »",
        ),
    ],
)
def test_a_closing_quotation_mark_stays_with_its_sentence(text: str, first: str) -> None:
    """German "“" and French " »" close a quotation; each opened the next sentence."""
    assert _sentences(text)[0] == first


def test_opening_quotation_marks_still_open() -> None:
    """Guard: an English opening mark glued to its word starts the next sentence."""
    assert _sentences("He said. “The lease is void,” she replied.") == [
        "He said.",
        "“The lease is void,” she replied.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "In State Farm Mut. Auto. Ins. Co. v. Campbell, the Court held so.",
        "In Nat'l Ass'n of Mfrs. v. Dep't of Def., the Court ruled.",
        "See Defendant's Mot. to Dismiss, ECF No. 12, at 3.",
        "See Pl.'s Br. at 5.",
        "Under Treas. Reg. § 1.401(k)-1, the plan qualifies.",
        "See 735 Ill. Comp. Stat. 5/13-202.",
        "La Dra. López firmó el contrato.",
    ],
)
def test_legal_and_title_abbreviations_end_nothing(text: str) -> None:
    """Each of these was cut after an abbreviation the tables did not list."""
    assert _sentences(text) == [text]


# ------------------------------------------------------------------- lead-ins in other languages


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
    """Their English equivalents were no_claim; these were unsupported and failed `check`."""
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
    """Guard."""
    from citemark.claims import is_no_claim

    assert not is_no_claim(line)


# ------------------------------------------------------------------- typographic variants


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("The landlord’s consent is required.", "landlord's consent", "landlord’s consent"),
        ("The landlord's consent is required.", "landlord’s consent", "landlord's consent"),
        ("The vote was 5–4 in favor.", "5-4", "5–4"),
        ("Preis: ＡＢＣ１２３ heute", "ABC123", "ＡＢＣ１２３"),
        ("Le mot «\u202foui\u202f» ici.", "« oui »", "«\u202foui\u202f»"),
    ],
)
def test_phrase_mode_folds_typographic_variants(text: str, phrase: str, found: str) -> None:
    """Curly apostrophes, dashes, no-break spaces and full-width forms: document mode's
    tokens never held them, and phrase mode found nothing (trial 48)."""
    start = text.index(found)
    expected = [(start, start + len(found))]
    assert [(m.start, m.end) for m in find_phrases_by_loop(text, {"S": [phrase]})] == expected
    assert [(m.start, m.end) for m in PhraseMatcher({"S": [phrase]}).find(text)] == expected
    reference = find_phrase_matches_reference(text, {"S": [phrase]})
    assert [(m.start, m.end) for m in reference] == expected
