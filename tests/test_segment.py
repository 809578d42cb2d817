"""Tests for the sentence segmenter: legal abbreviations, lines and lists, CJK, offsets."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import citemark.segment as segment_module
from citemark import align, load_config
from citemark.segment import (
    _PLAIN_STOP,
    INVISIBLE,
    Segmenter,
    _Piece,
    _plain_stop_matches,
    _windows,
    segment,
    unbroken,
)
from citemark.types import Span


@pytest.fixture(scope="module")
def seg() -> Segmenter:
    return Segmenter()


def sentences(seg: Segmenter, text: str) -> list[str]:
    spans = seg(text)
    assert_contract(text, spans)
    return [text[s.start : s.end] for s in spans]


def assert_contract(text: str, spans: list[Span]) -> None:
    """The promise every caller relies on: ordered, disjoint, stripped, complete (every
    character but whitespace and invisible format characters, which are read as spaces,
    is in a sentence)."""
    covered = [False] * len(text)
    previous_end = 0
    for span in spans:
        assert isinstance(span, Span)
        assert previous_end <= span.start < span.end <= len(text), (span, spans)
        piece = text[span.start : span.end]
        assert piece == piece.strip(), repr(piece)
        covered[span.start : span.end] = [True] * (span.end - span.start)
        previous_end = span.end
    missed = [
        i
        for i, char in enumerate(text)
        if not char.isspace() and not INVISIBLE.match(char) and not covered[i]
    ]
    assert not missed, [text[i] for i in missed[:10]]


# --------------------------------------------------------------------------- legal text

# Each is one sentence; none may be split inside.
ONE_SENTENCE = [
    "Plaintiff sued under 42 U.S.C. § 1983 for damages.",
    "In Smith v. Jones the court ruled for the plaintiff.",
    "The appeal, No. 12-345, was dismissed.",
    "The buyer was Acme Inc. and the seller was Beta Corp. of Delaware.",
    "Acme Co., Widget Ltd. and Gadget LLC signed the deal.",
    "See Smith v. Jones, 123 F.3d 456 (9th Cir. 1999).",
    "Brown v. Board of Education, 347 U.S. 483 (1954).",
    "See Doe v. Roe, 45 F. Supp. 2d 789, 791 (S.D.N.Y. 1999).",
    "Id. at 460.",
    "Cf. Doe v. Roe, 5 U.S. 1 (1801).",
    "Courts have tools, e.g. injunctions, i.e. orders to act or refrain.",
    "Smith et al. v. Jones was decided later.",
    "Dismissal is governed by Fed. R. Civ. P. 12(b)(6) in federal court.",
    "Mr. Smith, Ms. Doe and Dr. Brown testified.",
    "Sec. 5, Art. III and para. 7 of the Treaty apply.",
    "Fruit, vegetables, etc. are exempt.",
    "The lease ran from Jan. 1, 2020 to Dec. 31, 2021.",
    "The U.S. Supreme Court agreed.",
    "Section 2.1 sets a fee of 3.5% on payments of $1,000.50 or more.",
    "ACME, INC., a Delaware corporation, agrees to the terms.",
    'The goods were sold by Acme, Inc. ("Acme") to Beta.',
    "Smith v. Jones, 12 So. 2d 34 (Fla. 1943) is still cited.",
    "The notice went to 1730 S. Amphlett Blvd., Suite 233, San Mateo.",
    "Sold to SOPAN AGRO FARMS PVT. LTD. last year.",
    "Smith v. Jones, 5 Cal. Rptr. 3d 10 (Cal. Ct. App. 2003), controls.",
    "See generally 17 U.S.C. § 107; 37 C.F.R. § 1.56 (2020).",
    "Tex. Bus. & Com. Code Ann. § 17.46 (West 2011) forbids it.",
    "ACME INC. BOARD OF DIRECTORS approved the plan.",
]


@pytest.mark.parametrize("sentence", ONE_SENTENCE)
def test_legal_sentence_is_not_split(seg: Segmenter, sentence: str) -> None:
    assert sentences(seg, sentence) == [sentence]


@pytest.mark.parametrize("sentence", ONE_SENTENCE)
def test_legal_sentence_is_split_from_its_neighbours(seg: Segmenter, sentence: str) -> None:
    text = f"The court agreed. {sentence} The case was closed."
    assert sentences(seg, text) == ["The court agreed.", sentence, "The case was closed."]


def test_legal_paragraph_splits_at_the_right_places(seg: Segmenter) -> None:
    text = (
        "The plaintiff sued Acme Inc. The court dismissed the claim under "
        "Fed. R. Civ. P. 12(b)(6). See Smith v. Jones, 123 F.3d 456, 458 (9th Cir. 1999). "
        "Id. at 459. The plaintiff appealed to the U.S. Court of Appeals. It affirmed."
    )
    assert sentences(seg, text) == [
        "The plaintiff sued Acme Inc.",
        "The court dismissed the claim under Fed. R. Civ. P. 12(b)(6).",
        "See Smith v. Jones, 123 F.3d 456, 458 (9th Cir. 1999).",
        "Id. at 459.",
        "The plaintiff appealed to the U.S. Court of Appeals.",
        "It affirmed.",
    ]


def test_answer_with_question_and_statute_splits_correctly(seg: Segmenter) -> None:
    text = (
        "Is the clause enforceable? No. The court in Brown v. Board of Education, "
        "347 U.S. 483 (1954), held otherwise. Congress later acted, e.g., in "
        "42 U.S.C. § 2000e et seq. The statute covers employers with 15 or more employees."
    )
    assert sentences(seg, text) == [
        "Is the clause enforceable?",
        "No.",
        "The court in Brown v. Board of Education, 347 U.S. 483 (1954), held otherwise.",
        "Congress later acted, e.g., in 42 U.S.C. § 2000e et seq.",
        "The statute covers employers with 15 or more employees.",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Abbreviations that commonly end a sentence do so before a capitalised word...
        (
            "The contract was signed by Acme Inc. The next sentence starts here.",
            ["The contract was signed by Acme Inc.", "The next sentence starts here."],
        ),
        (
            "He sold apples, pears, etc. The buyer paid.",
            ["He sold apples, pears, etc.", "The buyer paid."],
        ),
        (
            "The firm moved to the U.S. It grew fast.",
            ["The firm moved to the U.S.", "It grew fast."],
        ),
        (
            "The meeting ended at 5 p.m. The parties left.",
            ["The meeting ended at 5 p.m.", "The parties left."],
        ),
        (
            "See Smith, 5 F.3d at 7. Id. The court agreed.",
            ["See Smith, 5 F.3d at 7.", "Id.", "The court agreed."],
        ),
        (
            "This is reserved. See Exhibit A. The parties agree.",
            ["This is reserved.", "See Exhibit A.", "The parties agree."],
        ),
        (
            "SOLD BY ACME INC. THE BUYER PAYS.",
            ["SOLD BY ACME INC.", "THE BUYER PAYS."],
        ),
        # ...but not when that word continues a name, or after v., No., Id. at, Mr.
        ("Acme Co. Ltd. agreed.", ["Acme Co. Ltd. agreed."]),
        ("The U.S. District Court agreed.", ["The U.S. District Court agreed."]),
        ("See Smith v. Jones.", ["See Smith v. Jones."]),
        ("Filed as No. CV-12-345 in 2012.", ["Filed as No. CV-12-345 in 2012."]),
        ("Id. at 5 n.3.", ["Id. at 5 n.3."]),
        ("Mr. Smith and Dr. Jones met.", ["Mr. Smith and Dr. Jones met."]),
        ("John F. Kennedy spoke.", ["John F. Kennedy spoke."]),
    ],
)
def test_abbreviation_at_a_sentence_end(seg: Segmenter, text: str, expected: list[str]) -> None:
    assert sentences(seg, text) == expected


def test_section_number_stays_with_its_heading(seg: Segmenter) -> None:
    text = "LIABILITY. 12.8. Neither party shall be liable. (k). Drying is excluded."
    assert sentences(seg, text) == [
        "LIABILITY.",
        "12.8. Neither party shall be liable.",
        "(k). Drying is excluded.",
    ]


# --------------------------------------------------------------------------- punctuation


def test_plain_terminators_split(seg: Segmenter) -> None:
    assert sentences(seg, "Stop! Why? Because. Text without an end") == [
        "Stop!",
        "Why?",
        "Because.",
        "Text without an end",
    ]


def test_closing_quotes_and_brackets_stay_with_their_sentence(seg: Segmenter) -> None:
    text = 'The court wrote: "The contract is void." Then it remanded. (The parties settled.) Done.'
    assert sentences(seg, text) == [
        'The court wrote: "The contract is void."',
        "Then it remanded.",
        "(The parties settled.)",
        "Done.",
    ]


def test_opening_quote_starts_the_next_sentence(seg: Segmenter) -> None:
    assert sentences(seg, 'He left. "Why?" she asked. Nobody knew.') == [
        "He left.",
        '"Why?" she asked.',
        "Nobody knew.",
    ]


def test_footnote_markers_stay_with_the_sentence_they_follow(seg: Segmenter) -> None:
    assert sentences(seg, "The sky is blue.[1] It is also big.[2][3] See [4, 5].") == [
        "The sky is blue.[1]",
        "It is also big.[2][3]",
        "See [4, 5].",
    ]


def test_lowercase_continuation_is_not_a_new_sentence(seg: Segmenter) -> None:
    text = "It costs approx. five dollars. The end."
    assert sentences(seg, text) == ["It costs approx. five dollars.", "The end."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "battery storage lowers peak demand. hydrogen infrastructure remains expensive.",
            ["battery storage lowers peak demand.", "hydrogen infrastructure remains expensive."],
        ),
        (
            "Apple released the phone. iPhone sales rose 10%.",
            ["Apple released the phone.", "iPhone sales rose 10%."],
        ),
        ("Node grew. npm is popular.", ["Node grew.", "npm is popular."]),
        ("Kidney function fell. eGFR was 40.", ["Kidney function fell.", "eGFR was 40."]),
        ("Apple shipped it. iOS 17 followed.", ["Apple shipped it.", "iOS 17 followed."]),
        ("The mayor spoke. de Blasio left.", ["The mayor spoke.", "de Blasio left."]),
        (
            "The tenant pays rent monthly on the first day of each month. "
            "the landlord must also pay the tenant's electricity bills.",
            [
                "The tenant pays rent monthly on the first day of each month.",
                "the landlord must also pay the tenant's electricity bills.",
            ],
        ),
        ("Is it valid? yes, it is.", ["Is it valid?", "yes, it is."]),
    ],
)
def test_lowercase_word_after_a_plain_stop_starts_a_sentence(
    seg: Segmenter, text: str, expected: list[str]
) -> None:
    assert sentences(seg, text) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "The pipe is 5 ft. long and 3 sq. ft. wide.",  # units the tables do not list
        "The case was decided in S.D.N.Y. and affirmed.",  # a dotted abbreviation
        "The court . . . held that the clause was void.",  # a spaced ellipsis
        "Smith v. Jones, 5 F.3d 7 (2d Cir. 1999). cert. denied, 510 U.S. 1 (2000).",
        "He said “Stop!” and left.",  # a quoted exclamation
    ],
)
def test_lowercase_word_after_an_abbreviation_continues(seg: Segmenter, sentence: str) -> None:
    assert sentences(seg, sentence) == [sentence]


# --------------------------------------------------------------------------- lines and lists


def test_every_newline_ends_a_sentence(seg: Segmenter) -> None:
    text = "A heading without a period\nFirst line continues\r\nsecond line.\n\n\nLast paragraph"
    assert sentences(seg, text) == [
        "A heading without a period",
        "First line continues",
        "second line.",
        "Last paragraph",
    ]


def test_each_list_item_is_its_own_sentence(seg: Segmenter) -> None:
    text = (
        "The factors are:\n"
        "- first factor\n"
        "* second factor\n"
        "1. Third factor.\n"
        "2) fourth factor\n"
        "(a) fifth factor\n"
        "• sixth factor\n"
        "iv. seventh factor\n"
        "  10. Tenth, indented."
    )
    assert sentences(seg, text) == [
        "The factors are:",
        "- first factor",
        "* second factor",
        "1. Third factor.",
        "2) fourth factor",
        "(a) fifth factor",
        "• sixth factor",
        "iv. seventh factor",
        "10. Tenth, indented.",
    ]


def test_list_item_with_several_sentences(seg: Segmenter) -> None:
    assert sentences(seg, "1. First point. Second point.\n- Third. Fourth!") == [
        "1. First point.",
        "Second point.",
        "- Third.",
        "Fourth!",
    ]


def test_bullets_on_one_line_are_separate_items(seg: Segmenter) -> None:
    assert sentences(seg, "• item one • item two") == ["• item one", "• item two"]


def test_list_marker_alone_on_a_line(seg: Segmenter) -> None:
    assert sentences(seg, "1.\nText.") == ["1.", "Text."]


# --------------------------------------------------------------------------- CJK


def test_japanese_splits_at_full_stops(seg: Segmenter) -> None:
    assert sentences(seg, "東京は大きい。大阪も大きい！本当？はい") == [
        "東京は大きい。",
        "大阪も大きい！",
        "本当？",
        "はい",
    ]


def test_chinese_closing_quote_stays_with_its_sentence(seg: Segmenter) -> None:
    assert sentences(seg, "他说：“你好。”然后走了。") == ["他说：“你好。”", "然后走了。"]


def test_fullwidth_period_splits(seg: Segmenter) -> None:
    assert sentences(seg, "第一．第二．") == ["第一．", "第二．"]


def test_mixed_cjk_and_english_lines(seg: Segmenter) -> None:
    text = "The court agreed. 裁判所は同意した。\n次の行。Next line."
    assert sentences(seg, text) == [
        "The court agreed.",
        "裁判所は同意した。",
        "次の行。",
        "Next line.",
    ]


# --------------------------------------------------------------------------- the contract


@pytest.mark.parametrize("text", ["", " ", "\n\n", " \t\r\n \u2028 \u3000 "])
def test_blank_text_has_no_sentences(seg: Segmenter, text: str) -> None:
    assert seg(text) == []


def test_offsets_point_into_the_original_text(seg: Segmenter) -> None:
    text = "  \n  First one.   Second one.  \n\n  - Third  "
    spans = seg(text)
    assert spans == [
        Span(5, 15),
        Span(18, 29),
        Span(text.index("- Third"), text.index("- Third") + len("- Third")),
    ]


def test_module_function_matches_segmenter(seg: Segmenter) -> None:
    text = "Acme Inc. The end. See Smith v. Jones.\n1. Item."
    assert segment(text) == seg(text)
    assert segment(text) == segment(text)


_WORDS = [
    "the", "Court", "held", "Acme", "Inc.", "Corp.", "v.", "No.", "U.S.", "U.S.C.", "§",
    "1983", "Id.", "at", "e.g.", "i.e.", "et", "al.", "etc.", "F.3d", "Cir.", "Supp.", "2d",
    "3.5%", "$1,000.50", "Mr.", "Jan.", "A.", "(a)", "1.", "1)", "-", "*", "•", "[1]",
    "東京", "。", "！", "？", "．", "\"", "“", "”", "(", ")", "[", "]", ".", "!", "?", ",",
    ";", ":", "...", "It", "The", "x", "IV.", "'",
]  # fmt: skip
_SEPARATORS = [" ", "", "  ", "\n", "\n\n", "\t", "\r\n", "\u00a0", "\u3000", " \n "]


@st.composite
def legalish_text(draw: st.DrawFn) -> str:
    parts = draw(
        st.lists(
            st.tuples(st.sampled_from(_WORDS) | st.text(max_size=4), st.sampled_from(_SEPARATORS)),
            max_size=60,
        )
    )
    return "".join(word + sep for word, sep in parts)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=legalish_text())
def test_span_contract_on_random_legalish_text(text: str) -> None:
    assert_contract(text, segment(text))


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200))
def test_span_contract_on_arbitrary_unicode(text: str) -> None:
    assert_contract(text, segment(text))


# --------------------------------------------------------------------------- plain stops
#
# Lines are first cut at plain stops ("... Agreement. The ...") and only the parts that
# still hold a terminator go through spaCy; the result must be exactly what spaCy and
# the repair component give for the whole line.


@pytest.fixture(scope="module")
def spacy_only() -> Segmenter:
    return Segmenter(plain_stops=False)


_PROSE_WORDS = [
    "Agreement.", "AGREEMENT.", "Term.", "The", "THE", "Tenant", "shall", "pay", "rent.",
    "(a)", "(b)", "(iv)", "(:", "13.", "2.1", "8.3.1", "DAMAGES.", "Short.", "12", "Inc.",
    "Corp.", "LIMITED", "Ltd", "Limited", "iv.", "ix.", "Co.", '"Term").', "(the", "“Term”).",
    "blue.[1]", "[2]", "etc.)", "U.S.", "v.", "Smith", "cannot.", "gonna.", "ft.", "long",
    "iPhone", "de", "cert.", "denied,", "Why?", "Stop!", "。", "•", "-", "e.g.", "$1,000.50",
    "x.", "Landlord.", "It", "I", "A.", "No.", "Sec.", "Section", "'s", "’", "Tenants'.",
]  # fmt: skip
_PROSE_SEPARATORS = [" ", " ", " ", "  ", "", "\n", "\u00a0", "\t"]


@st.composite
def prose(draw: st.DrawFn) -> str:
    parts = draw(
        st.lists(
            st.tuples(
                st.sampled_from(_PROSE_WORDS) | st.text(max_size=3),
                st.sampled_from(_PROSE_SEPARATORS),
            ),
            max_size=50,
        )
    )
    return "".join(word + sep for word, sep in parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=prose())
def test_cutting_at_plain_stops_changes_nothing(text: str) -> None:
    fast, slow = _segmenters()
    assert fast(text) == slow(text)


@pytest.mark.parametrize(
    "text",
    [
        "The Tenant pays. The Landlord repairs. DAMAGES. 13. Confidentiality. It ends.",
        'It is (the "Term"). The parties agree. Then words. (b) The item. Short. 12 apples.',
        "ACME CORP. LIMITED agreed. It is blue.[1] The sky. See 8.3. The end etc.)",
        "It costs 5 ft. Long ago. He said Why? She left. (:. The",
    ],
)
def test_plain_stops_on_contract_like_lines(
    seg: Segmenter, spacy_only: Segmenter, text: str
) -> None:
    assert seg(text) == spacy_only(text)
    assert_contract(text, seg(text))


@example(text='It is (the "Term"). The end. x.y. Ab. ABC. Zz', start=0)
@example(text="said “yes”. Then aé. No -ab. Cd. ok", start=2)
@settings(max_examples=400, deadline=None)
@given(text=prose() | st.text(alphabet="aZ. \"”)(]'-é5", max_size=60), start=st.integers(0, 5))
def test_plain_stop_search_finds_what_the_pattern_finds(text: str, start: int) -> None:
    end = max(start, len(text) - start)
    expected = [m.span() for m in _PLAIN_STOP.finditer(text, start, end)]
    assert [m.span() for m in _plain_stop_matches(text, start, end)] == expected


def _segmenters() -> tuple[Segmenter, Segmenter]:
    if not _SEGMENTERS:
        _SEGMENTERS.extend([Segmenter(), Segmenter(plain_stops=False, windows=False)])
    return _SEGMENTERS[0], _SEGMENTERS[1]


_SEGMENTERS: list[Segmenter] = []


# --------------------------------------------------------------------------- windows
#
# spaCy sees only the stretches of a part around its terminators; the words far from
# any terminator are never given to it. Long runs of plain words between the tricky
# tokens make the windows leave text out, which the prose above rarely does.

_PLAIN_RUN = st.lists(
    st.sampled_from(["the", "Tenant", "shall", "pay", "rent", "of", "12", "x", "(the", "--"]),
    min_size=1,
    max_size=25,
).map(" ".join)


@st.composite
def long_lines(draw: st.DrawFn) -> str:
    parts = draw(
        st.lists(
            st.tuples(
                st.sampled_from(_PROSE_WORDS) | _PLAIN_RUN | st.text(max_size=3),
                st.sampled_from([" ", " ", " ", "  ", "", "\u00a0", "\t"]),
            ),
            max_size=40,
        )
    )
    return "".join(word + sep for word, sep in parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=long_lines())
def test_windows_and_plain_stops_change_nothing_on_long_lines(text: str) -> None:
    fast, slow = _segmenters()
    assert fast(text) == slow(text)


_FAR = " and the parties agree that the rent of the premises is due monthly in full"


@pytest.mark.parametrize(
    "text",
    [
        f"It is blue.[1]{_FAR}.[2] It ends{_FAR} U.S. The court{_FAR} etc.) And so on.",
        f"Acme Co. Ltd.{_FAR} of ACME, INC., with{_FAR} a. The Inc. The end? yes{_FAR}.",
        f"9. The item{_FAR} No. The court{_FAR} (k). drying{_FAR} 5 ft. long{_FAR}.",
        f'He said "Why?" she asked{_FAR}. . . held{_FAR} (2d Cir. 1999). cert. denied',
        f"See 8.3.{_FAR} 3. 2 The{_FAR} So. 2d 456{_FAR} DAMAGES. 13. Confidentiality.",
        f"{_FAR} 9. The item{_FAR} It is blue.[1, 2, 3] The end{_FAR} A. You must{_FAR}.",
        f"It is blue.[ 1 2 3 4 5 6 ] The end{_FAR} blue.[1 2 3 4 5 6] The end{_FAR}.",
        f"{_FAR} 5 ft. ( k ) drying{_FAR} 5 ft. long{_FAR}.",
    ],
)
def test_windows_leave_out_text_and_change_nothing(
    seg: Segmenter, spacy_only: Segmenter, text: str
) -> None:
    whole = Segmenter(plain_stops=False, windows=False)
    part = _Piece(0, 0, len(text))
    seen = sum(end - start for start, end in _windows(seg._triggers, text, part))
    assert seen < 0.8 * len(text)  # the test is about leaving text out
    assert seg(text) == whole(text) == spacy_only(text)
    assert_contract(text, seg(text))


# --------------------------------------------------------------------------- long text


def test_long_single_line_keeps_sentences_and_offsets(seg: Segmenter) -> None:
    """A line past spaCy's max_length (and past our window) must still come out exact."""
    unit = (
        "Claim {} arises under 42 U.S.C. § 1983 per Smith v. Jones, 123 F.3d 456 (9th Cir. 1999). "
    )
    expected = [unit.format(i).strip() for i in range(12_000)]
    text = " ".join(expected)
    assert len(text) > 1_000_000
    spans = seg(text)
    assert [text[s.start : s.end] for s in spans] == expected


def test_long_text_with_paragraphs_keeps_offsets(seg: Segmenter) -> None:
    paragraph = "The court in Smith v. Jones agreed with Acme Inc. It held the U.S. claim void."
    text = "\n\n".join(f"{i % 99 + 1}. {paragraph}" for i in range(14_000))
    assert len(text) > 1_000_000
    spans = seg(text)
    assert_contract(text, spans)
    assert len(spans) == 2 * 14_000
    first_half = "41. The court in Smith v. Jones agreed with Acme Inc."
    assert text[spans[-2].start : spans[-2].end] == first_half
    assert text[spans[-1].start : spans[-1].end] == "It held the U.S. claim void."
    assert spans[-1].end == len(text)


def test_text_without_spaces_longer_than_a_window(seg: Segmenter) -> None:
    text = "あ" * 150_000 + "。" + "い" * 150_000 + "。"
    spans = seg(text)
    assert_contract(text, spans)
    assert text[spans[0].start : spans[0].end].startswith("あ")
    assert text[spans[-1].start : spans[-1].end].endswith("い。")


# --------------------------------------------------------------------------- packaging


def test_importing_the_module_does_not_import_spacy() -> None:
    code = "import sys, citemark.segment; print('spacy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


# ------------------------------------------------- scripts with combining marks, emoji

SCRIPT_TEXTS = {
    "hindi": "किरायेदार को हर महीने किराया देना होगा। मकान मालिक जमा राशि लौटाएगा।",
    "hebrew niqqud": "הַשּׂוֹכֵר יְשַׁלֵּם. הַמַּשְׂכִּיר יַחְזִיר.",
    "arabic": "ذهب الطالب إلى المدرسة. هل عاد؟ نعم.",
    "thai": "ผู้เช่าต้องชำระค่าเช่า ผู้ให้เช่าต้องคืนเงินมัดจำภายใน30วัน",
    "emoji": "Great \U0001f44d\U0001f3fd here. Family \U0001f468\u200d\U0001f469\u200d\U0001f467!",
    "decomposed latin": "The cafe\u0301 opened. It closed at noon.",
}


@pytest.mark.parametrize("name", sorted(SCRIPT_TEXTS))
def test_sentence_edges_never_cut_a_grapheme_cluster(seg: Segmenter, name: str) -> None:
    import regex

    text = SCRIPT_TEXTS[name]
    spans = seg(text)
    assert_contract(text, spans)
    edges = {0, *(m.end() for m in regex.finditer(r"\X", text))}
    assert all(s.start in edges and s.end in edges for s in spans), (name, spans)


def test_danda_and_hebrew_points_end_sentences(seg: Segmenter) -> None:
    assert sentences(seg, SCRIPT_TEXTS["hindi"]) == [
        "किरायेदार को हर महीने किराया देना होगा।",
        "मकान मालिक जमा राशि लौटाएगा।",
    ]
    assert sentences(seg, SCRIPT_TEXTS["hebrew niqqud"]) == [
        "הַשּׂוֹכֵר יְשַׁלֵּם.",
        "הַמַּשְׂכִּיר יַחְזִיר.",
    ]
    assert sentences(seg, SCRIPT_TEXTS["arabic"]) == ["ذهب الطالب إلى المدرسة.", "هل عاد؟", "نعم."]


@given(st.text(alphabet=st.sampled_from("a1. ?!;:\n•)(…3"), max_size=40), st.data())
@settings(max_examples=300, deadline=None)
def test_part_trigger_is_the_first_of_the_trigger_positions(text: str, data: st.DataObject) -> None:
    from citemark.segment import _default_segmenter, _part_trigger, _trigger_positions

    triggers = _default_segmenter()._triggers
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    expected = next(_trigger_positions(triggers, text, start, end), None) is not None
    assert _part_trigger(triggers, text, start, end) == expected


# Court abbreviations that end a sentence, item numbers that open one.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The case was heard in the S.D.N.Y. The court awarded punitive damages of $5 million.",
            [
                "The case was heard in the S.D.N.Y.",
                "The court awarded punitive damages of $5 million.",
            ],
        ),
        (
            "The appeal was heard in the 9th Cir. The panel reversed and awarded attorney fees.",
            [
                "The appeal was heard in the 9th Cir.",
                "The panel reversed and awarded attorney fees.",
            ],
        ),
        (
            "Venue lies in the E.D. Va. Defendant waived its jurisdiction defense.",
            ["Venue lies in the E.D. Va.", "Defendant waived its jurisdiction defense."],
        ),
        (
            "Filed in the U.S. Dist. Ct. The judge is Smith.",
            ["Filed in the U.S. Dist. Ct.", "The judge is Smith."],
        ),
        (
            "1. The tenant pays rent. 2. The landlord repairs. 3. Parking is included.",
            ["1. The tenant pays rent.", "2. The landlord repairs.", "3. Parking is included."],
        ),
        # and where they go on
        ("See Smith v. Jones, 123 F.3d 456 (9th Cir. 1999).", None),
        ("See 410 U.S. 113, 93 S. Ct. 705 (1973).", None),
        ("The case is in the S.D.N.Y. and the E.D.N.Y. courts.", None),
        ("J.R.R. Tolkien wrote it.", None),
        ("See So. 2d 456. The court held.", ["See So. 2d 456.", "The court held."]),
    ],
)
def test_a_court_abbreviation_or_an_item_number_ends_or_opens_sentences(
    text: str, expected: list[str] | None
) -> None:
    assert [text[s.start : s.end] for s in segment(text)] == (expected or [text])


@settings(max_examples=300, deadline=None)
@given(
    head=st.text(alphabet=st.sampled_from("ab Z9\t,;'\"-()é租.\n•"), max_size=40),
    tail=st.text(alphabet=st.sampled_from("ab Z9\t,;'\"-()é租.\n•"), max_size=40),
)
def test_an_unbroken_text_is_one_sentence_whatever_unbroken_text_follows(
    head: str, tail: str
) -> None:
    """What the streaming tagger skips segmenting for: text that ``unbroken`` passes
    is one stripped sentence, and stays one when unbroken text is added to it."""
    if not unbroken(head):
        return
    for text in (head, head + tail) if unbroken(tail) else (head,):
        assert unbroken(text)
        stripped = text.strip()
        start = len(text) - len(text.lstrip())
        assert segment(text) == ([Span(start, start + len(stripped))] if stripped else [])


def test_unbroken_refuses_a_terminator_a_line_break_and_an_overlong_piece() -> None:
    assert unbroken("the tenant shall pay rent and")
    assert not unbroken("the tenant shall pay. rent")
    assert not unbroken("the tenant shall pay\nrent")
    assert not unbroken("• a bullet")
    assert not unbroken("word " * 30_000)


@pytest.mark.parametrize("mark", ["\u200b", "\u2060", "\u202e", "\u00ad", "\ufeff", "\u200e"])
@pytest.mark.parametrize("where", ["before", "after"])
def test_an_invisible_character_beside_a_stop_hides_no_boundary(mark: str, where: str) -> None:
    """ "... each month\\u200b. The landlord will also pay ..." is two sentences: read as
    one, an invented claim after the stop would be judged, and drawn, as part of the one
    before. The character stays in the text, and in no sentence where it stands alone."""
    stop = f"{mark}. " if where == "before" else f".{mark} "
    text = f"Rent is due on the first day of each month{stop}The landlord pays a bonus."
    spans = segment(text)
    assert [text[s.start : s.end].replace(mark, "") for s in spans] == [
        "Rent is due on the first day of each month.",
        "The landlord pays a bonus.",
    ]
    assert_contract(text, spans)
    # within a word it changes nothing: "con\xadtract" is one word of one sentence
    assert len(segment("The con\u00adtract ends. It renews.")) == 2


LEXICAL = load_config("lexical")


# --- a bounded vocabulary -----------------------------------------------------------------


def test_the_segmenter_s_vocabulary_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """spaCy's vocabulary keeps every new word (case numbers, amounts), so a server's memory
    would grow without end. Past the limit the pipeline is built afresh, spans unchanged."""
    texts = [f"See Smith{n} v. Jones{n}, No. {n * 7919}x. Inv. {n}q was paid." for n in range(300)]
    reference = segment_module.Segmenter()
    base = len(reference._nlp.vocab.strings)
    expected = [reference(t) for t in texts]
    assert len(reference._nlp.vocab.strings) > base + 400  # it grows, left alone
    monkeypatch.setattr(segment_module, "VOCAB_LIMIT", base + 100)
    segmenter = segment_module.Segmenter()
    sizes = []
    for text, spans in zip(texts, expected, strict=True):
        assert segmenter(text) == spans
        sizes.append(len(segmenter._nlp.vocab.strings))
    assert max(sizes) <= base + 100


# --- numbers, dates and names that start with digits --------------------------------------


PLAIN = Segmenter(plain_stops=False, windows=False)


def checked_sentences(text: str) -> list[str]:
    """The sentences of ``text``, held equal to the segmenter without its shortcuts."""
    spans = segment(text)
    assert spans == PLAIN(text)
    return [text[s.start : s.end] for s in spans]


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
    """ "3M" is not a number after a short word ("So. 2d"): read as one, it would hide the
    invented claim it opens inside the supported sentence before it."""
    assert checked_sentences(text)[1:] == [second]


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
    """A reporter series, a rule's number, an ordinal stay in their sentence."""
    assert checked_sentences(text) == [text]


def test_a_german_date_is_one_sentence() -> None:
    """A German date, "am 31. Dezember 2021", is not cut after the day: cut there, the date
    would lose its month, and a changed day be drawn as paraphrase support of a fragment."""
    text = "Der Vertrag wurde am 31. Dezember 2021 in Berlin unterzeichnet. Danach gilt er."
    assert checked_sentences(text) == [
        "Der Vertrag wurde am 31. Dezember 2021 in Berlin unterzeichnet.",
        "Danach gilt er.",
    ]
    assert checked_sentences("Kontrakten udløber den 5. april 2021.") == [
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
    """ "May" and "March" start English sentences after a number's period."""
    assert checked_sentences("See paragraph 5. May the tenant assign?") == [
        "See paragraph 5.",
        "May the tenant assign?",
    ]


# --- quotation marks and abbreviations ----------------------------------------------------


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
    """German "“" and French " »" close a quotation: neither opens the next sentence."""
    assert checked_sentences(text)[0] == first


def test_opening_quotation_marks_still_open() -> None:
    """An English opening mark glued to its word starts the next sentence."""
    assert checked_sentences("He said. “The lease is void,” she replied.") == [
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
    """Court, statute, filing and title abbreviations inside a sentence end nothing."""
    assert checked_sentences(text) == [text]
