"""The verbatim stage: every matching rule, and the fast path held equal to the reference."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import (
    DocumentMatcher,
    InputError,
    Match,
    PhraseMatcher,
    Source,
    align,
    coverage,
    find_blocks,
    find_matches,
    load_config,
    tag,
    tag_html,
    tag_spans,
)
from citemark.reference import find_document_matches_reference, find_phrase_matches_reference
from citemark.render import marks_from_blocks, render_html, render_regions, render_tagged
from citemark.tokens import tokenize
from citemark.verbatim import find_phrases_by_loop, merge, merged_regions

# --- phrase mode: the rules, one by one -------------------------------------------------


def test_no_match_leaves_text_unchanged() -> None:
    text = "The lease ends in May."
    assert tag(text, {"S1": ["indemnity"]}) == text
    assert find_blocks(text, {"S1": ["indemnity"]}) == []


def test_case_differences_match_and_keep_original_case() -> None:
    assert tag("The TENANT pays.", {"S1": ["tenant"]}) == 'The <cite ids="S1">TENANT</cite> pays.'


def test_every_occurrence_is_tagged() -> None:
    assert tag("rent and rent", {"S1": ["rent"]}) == (
        '<cite ids="S1">rent</cite> and <cite ids="S1">rent</cite>'
    )


def test_overlapping_occurrences_of_one_phrase_are_all_found() -> None:
    matches = find_matches("aaaa", {"S1": ["aa"]}, word_level=False)
    assert [(m.start, m.end) for m in matches] == [(0, 2), (1, 3), (2, 4)]
    assert [(b.start, b.end, b.counts) for b in merge(matches)] == [(0, 4, (("S1", 3),))]


def test_touching_matches_from_two_sources_merge_into_one_block() -> None:
    text = "pay rent monthly"
    sources = {"S1": ["pay rent"], "S2": ["monthly"]}
    assert tag(text, sources) == '<cite ids="S1">pay rent</cite> <cite ids="S2">monthly</cite>'
    blocks = find_blocks("pay rentmonthly", sources, word_level=False)
    assert [(b.start, b.end, b.ids) for b in blocks] == [(0, 15, ("S1", "S2"))]


def test_overlapping_matches_from_two_sources_merge_and_order_by_count_then_id() -> None:
    text = "The tenant shall pay rent on time."
    sources = {"S1": ["tenant shall pay"], "S2": ["shall pay rent", "rent"]}
    assert tag(text, sources) == 'The <cite ids="S2,S1">tenant shall pay rent</cite> on time.'


def test_ties_in_count_are_ordered_by_id() -> None:
    sources = {"B": ["late fee"], "A": ["late fee"]}
    assert tag("a late fee", sources) == 'a <cite ids="A,B">late fee</cite>'


def test_separate_regions_stay_separate_blocks() -> None:
    blocks = find_blocks("rent is due; notice is given", {"S1": ["rent"], "S2": ["notice"]})
    assert [(b.start, b.end, b.ids) for b in blocks] == [(0, 4, ("S1",)), (13, 19, ("S2",))]


def test_word_level_keeps_tax_out_of_syntax() -> None:
    assert tag("syntax and tax", {"S1": ["tax"]}) == 'syntax and <cite ids="S1">tax</cite>'
    assert tag("taxes", {"S1": ["tax"]}) == "taxes"
    assert tag("tax_rate", {"S1": ["tax"]}) == "tax_rate"


def test_substring_mode_matches_inside_words() -> None:
    assert tag("syntax", {"S1": ["tax"]}, word_level=False) == 'syn<cite ids="S1">tax</cite>'


def test_boundary_checked_only_where_phrase_edge_is_a_word_character() -> None:
    # The phrase starts with "(", so it may follow a letter; its end is a word char.
    assert tag("Section(a) applies", {"S1": ["(a)"]}) == 'Section<cite ids="S1">(a)</cite> applies'
    assert tag("see (ab", {"S1": ["(a"]}) == "see (ab"


def test_digits_count_as_word_characters() -> None:
    assert tag("clause 12 and 123", {"S1": ["12"]}) == 'clause <cite ids="S1">12</cite> and 123'


def test_phrases_are_stripped_and_empty_ones_ignored() -> None:
    assert tag("pay rent", {"S1": ["  rent \n", "", "   "]}) == 'pay <cite ids="S1">rent</cite>'


def test_a_phrase_repeated_in_one_source_counts_twice() -> None:
    blocks = find_blocks("late fee", {"A": ["late fee", "late fee"], "B": ["late fee"]})
    assert blocks[0].counts == (("A", 2), ("B", 1))
    assert blocks[0].ids == ("A", "B")


def test_empty_text_and_empty_sources() -> None:
    assert tag("", {"S1": ["x"]}) == ""
    assert tag("anything", {}) == "anything"
    assert coverage("", {"S1": ["x"]}) == 0.0


# --- Unicode ------------------------------------------------------------------------------


def test_sharp_s_matches_its_folded_spelling_in_both_directions() -> None:
    assert tag("Die Straße", {"S1": ["STRASSE"]}) == 'Die <cite ids="S1">Straße</cite>'
    assert tag("DIE STRASSE", {"S1": ["straße"]}) == 'DIE <cite ids="S1">STRASSE</cite>'


def test_expanding_characters_do_not_shift_later_offsets() -> None:
    text = "Straße ﬁne tax"
    matches = find_matches(text, {"S1": ["tax"], "S2": ["fine"]})
    assert [(text[m.start : m.end], m.source_id) for m in matches] == [("ﬁne", "S2"), ("tax", "S1")]


def test_dotted_capital_i_matches_plain_i() -> None:
    assert tag("İstanbul court", {"S1": ["istanbul"]}) == '<cite ids="S1">İstanbul</cite> court'
    assert tag("istanbul", {"S1": ["İSTANBUL"]}) == '<cite ids="S1">istanbul</cite>'


def test_a_match_never_cuts_an_original_character() -> None:
    # "ß" folds to "ss": half of it is not a match of "s".
    assert find_matches("ß", {"S1": ["s"]}, word_level=False) == []
    assert [(m.start, m.end) for m in find_matches("ß", {"S1": ["ss"]}, word_level=False)] == [
        (0, 1)
    ]


def test_non_latin_scripts_match_case_insensitively() -> None:
    assert tag("ΔΙΚΑΙΟ και δίκαιο", {"S1": ["δικαιο"]}) == '<cite ids="S1">ΔΙΚΑΙΟ</cite> και δίκαιο'


# --- outputs ------------------------------------------------------------------------------


def test_coverage_is_the_share_of_characters_in_blocks() -> None:
    assert coverage("pay rent now", {"S1": ["rent"]}) == pytest.approx(4 / 12)


def test_spans_give_offsets_and_ordered_ids() -> None:
    spans = tag_spans("a late fee", {"B": ["late fee", "fee"], "A": ["late"]})
    assert spans == [{"start": 2, "end": 10, "ids": ["B", "A"], "kind": "verbatim"}]


def test_html_escapes_text_and_never_injects_markup() -> None:
    text = '<script>alert("x")</script> tax & "fees"'
    html = tag_html(text, {"S1": ["tax"]})
    assert "<script>" not in html
    assert re.findall(r"<(/?\w+)", html) == ["cite", "/cite"]
    assert "&lt;script&gt;" in html and "&amp;" in html and "&quot;fees&quot;" in html


@pytest.mark.parametrize("bad_id", ["", "  ", "x\x00"])
def test_blank_ids_and_ids_with_control_characters_are_refused(bad_id: str) -> None:
    with pytest.raises(InputError, match="source id"):
        tag("tax", {bad_id: ["tax"]})


@pytest.mark.parametrize("odd_id", ['S"1', "S<1>", "a,b"])
def test_ids_with_quotes_markup_or_commas_are_written_as_references(odd_id: str) -> None:
    # Lawyers' ids ("Smith v. Jones, 412 P.3d 88") are accepted; the tag stays one tag.
    tagged = tag("tax", {odd_id: ["tax"]})
    assert re.fullmatch(r'<cite ids="[^"<>,]*">tax</cite>', tagged), tagged


def test_bad_input_gets_a_clear_error() -> None:
    with pytest.raises(InputError, match="text must be str, got int"):
        tag(5, {"S1": ["x"]})  # type: ignore[arg-type]
    with pytest.raises(InputError, match="list of phrases, got one string"):
        tag("x", {"S1": "x"})
    with pytest.raises(InputError, match="phrase 1 of source 'S1' must be str"):
        tag("x", {"S1": ["x", 3]})
    with pytest.raises(InputError, match="decode it"):
        tag(b"x", {"S1": ["x"]})  # type: ignore[arg-type]


# --- document mode ------------------------------------------------------------------------

LEASE = "Under clause 4, the Tenant shall pay the rent monthly, in advance, to the Landlord."


def test_document_mode_finds_shared_runs_with_source_offsets() -> None:
    answer = "The tenant shall pay the rent monthly as agreed."
    matches = find_matches(answer, [{"id": "L", "text": LEASE}])
    assert len(matches) == 1
    m = matches[0]
    assert answer[m.start : m.end] == "The tenant shall pay the rent monthly"
    assert LEASE[m.source_start : m.source_end] == "the Tenant shall pay the rent monthly"


def test_document_mode_does_not_quote_a_short_common_run() -> None:
    assert find_matches("Ask the tenant.", [{"id": "L", "text": LEASE}]) == []
    assert find_matches("the tenant shall", [{"id": "L", "text": LEASE}]) == []


def test_document_mode_ignores_punctuation_and_case_inside_a_run() -> None:
    answer = "PAY THE RENT MONTHLY IN ADVANCE"
    (m,) = find_matches(answer, [{"id": "L", "text": LEASE}])
    assert LEASE[m.source_start : m.source_end] == "pay the rent monthly, in advance"


def test_chunk_offsets_refer_to_the_parent_document() -> None:
    chunk = Source("L", LEASE[16:], offset=16)
    (m,) = find_matches("the Tenant shall pay the rent", [chunk])
    assert LEASE[m.source_start : m.source_end] == "the Tenant shall pay the rent"


def test_document_mode_merges_blocks_across_sources() -> None:
    sources = [
        {"id": "A", "text": "the tenant shall pay the rent"},
        {"id": "B", "text": "pay the rent monthly in advance"},
    ]
    text = "So the tenant shall pay the rent monthly in advance."
    assert tag(text, sources) == (
        'So <cite ids="A,B">the tenant shall pay the rent monthly in advance</cite>.'
    )


def test_min_tokens_is_configurable() -> None:
    assert find_matches("the tenant", [{"id": "L", "text": LEASE}], min_tokens=2) != []


def test_document_mode_tokenizes_cjk_by_character() -> None:
    source = "契約により賃借人は毎月家賃を支払う。"
    answer = "賃借人は毎月家賃を前払いする。"
    (m,) = find_matches(answer, [{"id": "J", "text": source}])
    assert answer[m.start : m.end] == "賃借人は毎月家賃を"
    assert source[m.source_start : m.source_end] == "賃借人は毎月家賃を"


# --- property tests: fast path == reference -----------------------------------------------

ALPHABET = st.sampled_from([*list("ab aB.(_)1"), "ß", "İ", "ﬁ", "é", "Σ", "ς", "\n"])
TEXTS = st.text(alphabet=ALPHABET, max_size=40)


@st.composite
def phrase_cases(draw: st.DrawFn) -> tuple[str, dict[str, list[str]]]:
    text = draw(TEXTS)
    ids = draw(st.lists(st.sampled_from(["S1", "S2", "S3"]), min_size=1, max_size=3, unique=True))
    sources: dict[str, list[str]] = {}
    for source_id in ids:
        phrases: list[str] = []
        for _ in range(draw(st.integers(0, 5))):
            if text and draw(st.booleans()):
                start = draw(st.integers(0, len(text) - 1))
                end = draw(st.integers(start + 1, min(len(text), start + 8)))
                phrase = text[start:end]
                phrase = phrase.upper() if draw(st.booleans()) else phrase
            else:
                phrase = draw(st.text(alphabet=ALPHABET, max_size=5))
            phrases.append(phrase)
        if phrases and draw(st.booleans()):
            phrases.append(phrases[0])
        sources[source_id] = phrases
    return text, sources


@settings(max_examples=3000, deadline=None)
@given(phrase_cases(), st.booleans())
def test_automaton_equals_reference(case: tuple[str, dict[str, list[str]]], word: bool) -> None:
    text, sources = case
    fast = PhraseMatcher(sources, word_level=word).find(text)
    assert fast == find_phrase_matches_reference(text, sources, word_level=word)
    assert find_matches(text, sources, word_level=word) == fast


@settings(max_examples=500, deadline=None)
@given(phrase_cases(), st.booleans())
def test_tagged_text_without_tags_is_the_input(
    case: tuple[str, dict[str, list[str]]], word: bool
) -> None:
    text, sources = case
    tagged = tag(text, sources, word_level=word)
    assert re.sub(r'<cite ids="[^"]*">|</cite>', "", tagged) == text
    blocks = find_blocks(text, sources, word_level=word)
    for before, after in itertools.pairwise(blocks):
        assert before.end < after.start


WORDS = st.sampled_from(["the", "tenant", "shall", "pay", "rent", "Rent", "ß", "家", "賃", "."])


@st.composite
def document_cases(draw: st.DrawFn) -> tuple[str, list[Source], int]:
    def words(n: int) -> str:
        return " ".join(draw(st.lists(WORDS, max_size=n)))

    sources = [Source(f"D{i}", words(25), offset=draw(st.integers(0, 5))) for i in range(3)]
    return words(25), sources, draw(st.integers(1, 4))


@settings(max_examples=1500, deadline=None)
@given(document_cases())
def test_shingle_matcher_equals_all_pairs_reference(case: tuple[str, list[Source], int]) -> None:
    text, sources, k = case
    fast = DocumentMatcher(sources, min_tokens=k).find(text)
    assert fast == find_document_matches_reference(text, sources, min_tokens=k)
    for m in fast:
        assert isinstance(m, Match) and 0 <= m.start < m.end <= len(text)


# --- scripts with combining marks, without spaces, emoji: no cut inside a cluster ---------

HINDI = "किरायेदार को हर महीने की पहली तारीख को किराया देना होगा।"
# Every vowel sign swapped for another: other words, the same consonants.
HINDI_VOWELS_SWAPPED = "कुरैयोदैर के हर महूनो कू पहलू तैरूख के कुरैयै दोनै हेगै।"
ARABIC = "ذهب الطالب إلى المدرسة صباحا مع أخيه الصغير."
ARABIC_VOCALISED = "ذَهَبَ الطَّالِبُ إِلَى الْمَدْرَسَةِ صَبَاحًا مَعَ أَخِيهِ الصَّغِيرِ."
HEBREW = "השוכר ישלם את דמי השכירות בראשון לכל חודש."
HEBREW_NIQQUD = "הַשּׂוֹכֵר יְשַׁלֵּם אֶת דְּמֵי הַשְּׂכִירוּת בָּרִאשׁוֹן לְכָל חוֹדֶשׁ."
THAI = "ผู้เช่าต้องคืนเงินมัดจำภายใน30วัน"
THUMBS_MEDIUM = "\U0001f44d\U0001f3fd"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"


def _clusters(text: str) -> set[int]:
    return {0, *(m.end() for m in regex.finditer(r"\X", text))}


def _untagged_edges(tagged: str) -> list[int]:
    """Offsets into the untagged text where a tag opens or closes."""
    edges, removed = [], 0
    for m in re.finditer(r'<cite ids="[^"]*">|</cite>', tagged):
        edges.append(m.start() - removed)
        removed += m.end() - m.start()
    return edges


def test_vowel_swapped_hindi_is_not_a_verbatim_quote() -> None:
    # Before: tokens were the consonant runs, so the swapped sentence "quoted" its source.
    assert find_matches(HINDI_VOWELS_SWAPPED, [{"id": "H", "text": HINDI}]) == []
    assert tag(HINDI_VOWELS_SWAPPED, [{"id": "H", "text": HINDI}]) == HINDI_VOWELS_SWAPPED


def test_hindi_quote_is_tagged_with_its_last_vowel_sign_inside() -> None:
    answer = "मकान मालिक ने कहा: किरायेदार को हर महीने की पहली तारीख को किराया देना होगा"
    tagged = tag(answer, [{"id": "H", "text": HINDI}])
    assert tagged.endswith(
        '<cite ids="H">किरायेदार को हर महीने की पहली तारीख को किराया देना होगा</cite>'
    )


def test_phrase_that_stops_before_a_vowel_sign_does_not_match() -> None:
    # Before: '<cite ids="H">किराय</cite>ा देना', a tag inside one visible character.
    for word_level in (True, False):
        assert tag("किराया देना", {"H": ["किराय"]}, word_level=word_level) == "किराया देना"
    assert tag("किराया देना", {"H": ["किराया"]}) == '<cite ids="H">किराया</cite> देना'


def test_vocalised_arabic_matches_unvocalised_source() -> None:
    (m,) = find_matches(ARABIC_VOCALISED, [{"id": "A", "text": ARABIC}])
    assert ARABIC_VOCALISED[m.start : m.end] == ARABIC_VOCALISED[:-1]  # final kasra included
    assert ARABIC[m.source_start : m.source_end] == ARABIC[:-1]
    # and the other way round, and in phrase mode
    assert find_matches(ARABIC, [{"id": "A", "text": ARABIC_VOCALISED}]) != []
    tagged = tag(ARABIC_VOCALISED, {"A": ["الطالب إلى المدرسة"]})
    assert '<cite ids="A">الطَّالِبُ إِلَى الْمَدْرَسَةِ</cite>' in tagged


def test_hebrew_with_niqqud_matches_plain_hebrew() -> None:
    (m,) = find_matches(HEBREW_NIQQUD, [{"id": "He", "text": HEBREW}])
    assert HEBREW_NIQQUD[m.start : m.end] == HEBREW_NIQQUD[:-1]
    assert tag(HEBREW, {"He": ["דְּמֵי הַשְּׂכִירוּת"]}).count("<cite") == 1


def test_thai_document_mode_runs_are_cluster_runs() -> None:
    source = "ผู้เช่าต้องชำระค่าเช่าภายในวันที่ห้าของทุกเดือน และคืนเงินมัดจำภายใน30วัน"
    tagged = tag(THAI, [{"id": "T", "text": source}])
    # Before: 'ผู้ให้เช่าต้องคื<cite ids="T">นเงิน...', opened after a vowel sign.
    assert '<cite ids="T">' in tagged
    assert all(e in _clusters(THAI) for e in _untagged_edges(tagged))
    assert "คืนเงินมัดจำภายใน30วัน</cite>" in tagged


def test_thai_phrase_cannot_take_a_consonant_from_its_vowel_sign() -> None:
    assert tag(THAI, {"T": ["ค"]}, word_level=False).count("<cite") == 0
    assert tag(THAI, {"T": ["คืน"]}, word_level=False) == (
        'ผู้เช่าต้อง<cite ids="T">คืน</cite>เงินมัดจำภายใน30วัน'
    )


# Scripts written without spaces: at word level a phrase matches at any cluster edge
# beside one of their characters, as document mode's cluster tokens do.
UNSPACED_QUOTES = [
    ("契約は東京地方裁判所の管轄とする。", "東京地方裁判所", (3, 10)),  # Han
    ("家賃は毎月払う。", "毎月", (3, 5)),
    ("クレジットカード払いは不可。", "カード", (5, 8)),  # Katakana
    ("ありがとうございます", "ござい", (5, 8)),  # Hiragana
    ("ภาษาไทย ง่าย", "ไทย", (4, 7)),  # Thai
    ("ພາສາລາວງ່າຍ", "ລາວ", (4, 7)),  # Lao
    ("ភាសាខ្មែរ", "ខ្មែរ", (4, 9)),  # Khmer
    ("မြန်မာစာ", "စာ", (6, 8)),  # Myanmar
]


@pytest.mark.parametrize(("text", "phrase", "span"), UNSPACED_QUOTES)
def test_unspaced_script_phrase_matches_inside_unspaced_text_at_word_level(
    text: str, phrase: str, span: tuple[int, int]
) -> None:
    """Before: only word_level=False tagged these; the default found nothing."""
    start, end = span
    assert text[start:end] == phrase
    sources = {"a": [phrase]}
    expected = f'{text[:start]}<cite ids="a">{phrase}</cite>{text[end:]}'
    assert tag(text, sources) == expected
    assert tag(text, sources) == tag(text, sources, word_level=False)
    assert [(m.start, m.end, m.source_id) for m in find_matches(text, sources)] == [
        (start, end, "a")
    ]
    assert coverage(text, sources) == pytest.approx((end - start) / len(text))
    # every path, the word filter forced on and off, and the reference agree
    expected_matches = find_phrase_matches_reference(text, sources)
    assert [(m.start, m.end) for m in expected_matches] == [(start, end)]
    assert PhraseMatcher(sources).find(text) == expected_matches
    for prefilter in (True, False, None):
        assert find_phrases_by_loop(text, sources, prefilter=prefilter) == expected_matches


def test_unspaced_quote_is_found_among_many_phrases_by_the_word_filter() -> None:
    """From about 50 mostly missing phrases the short-text loop filters by word runs: an
    unspaced phrase is no whole run of the text there, and must not be skipped."""
    text = "契約は東京地方裁判所の管轄とする。"
    # last, so that the first phrases (searched before the filter is chosen) miss
    sources = {"a": [*(f"missing phrase {i}" for i in range(80)), "東京地方裁判所"]}
    assert tag(text, sources) == '契約は<cite ids="a">東京地方裁判所</cite>の管轄とする。'


def test_unspaced_quote_is_found_by_the_automaton_on_long_text() -> None:
    """From 20,000 characters and 100 phrases one call takes the automaton."""
    sentence = "契約は東京地方裁判所の管轄とする。"
    text = sentence * 1200
    sources = {"a": ["東京地方裁判所", *(f"missing{i}" for i in range(120))]}
    found = find_matches(text, sources)
    assert [(m.start, m.end) for m in found] == [
        (i * len(sentence) + 3, i * len(sentence) + 10) for i in range(1200)
    ]
    assert coverage(text, sources) == pytest.approx(7 / len(sentence))


def test_latin_phrases_keep_word_boundaries_beside_unspaced_text() -> None:
    """A Latin edge of a phrase may not touch a Latin letter or digit, but an unspaced
    character beside it is a word boundary (document mode tokenizes it the same way)."""
    assert tag("concatenate", {"a": ["cat"]}) == "concatenate"
    assert tag("猫はconcatenateする", {"a": ["cat"]}) == "猫はconcatenateする"
    assert tag("猫はcatです", {"a": ["cat"]}) == '猫は<cite ids="a">cat</cite>です'
    # mixed phrases: the Latin edge checks its Latin neighbour, the Han edge none
    mixed = {"a": ["Acme株式会社"]}
    assert tag("Acme株式会社は", mixed) == '<cite ids="a">Acme株式会社</cite>は'
    assert tag("XAcme株式会社は", mixed) == "XAcme株式会社は"
    assert tag("弊社はAcme株式会社です", mixed) == '弊社は<cite ids="a">Acme株式会社</cite>です'
    assert tag("Acme株式会社", {"a": ["Acme"]}) == '<cite ids="a">Acme</cite>株式会社'
    assert tag("Acmes株式会社", {"a": ["Acme"]}) == "Acmes株式会社"
    assert tag("株式会社Acmeの", {"a": ["株式会社Acme"]}) == '<cite ids="a">株式会社Acme</cite>の'
    assert tag("株式会社Acmeco", {"a": ["株式会社Acme"]}) == "株式会社Acmeco"
    # digits in Thai text are a word of their own, but never part of a longer number
    assert tag(THAI, {"T": ["30"]}) == '<cite ids="T">30</cite>'.join(THAI.split("30"))
    assert tag(THAI, {"T": ["3"]}) == THAI


def test_unspaced_phrase_still_never_takes_a_consonant_from_its_vowel_sign() -> None:
    assert tag(THAI, {"T": ["ค"]}) == THAI
    assert tag(THAI, {"T": ["คืน"]}) == 'ผู้เช่าต้อง<cite ids="T">คืน</cite>เงินมัดจำภายใน30วัน'


MIXED_PIECES = st.sampled_from(
    ["a", "B", "c", "1", "_", " ", ".", "(", "東", "京", "カ", "ー", "の", "คื", "น", "ไ", "ທ",
     "ក", "က", "e\u0301", "ß", "SS"]
)  # fmt: skip


def drawn_phrase_case(
    draw: st.DrawFn, pieces: st.SearchStrategy[str], most: int, every: int
) -> tuple[str, dict[str, list[str]]]:
    """A text of ``pieces`` and up to ``most`` phrases, each a slice of the text or pieces
    of its own; the second source holds every ``every``-th phrase."""
    text = "".join(draw(st.lists(pieces, max_size=30)))
    phrases: list[str] = []
    for _ in range(draw(st.integers(1, most))):
        if text and draw(st.booleans()):
            start = draw(st.integers(0, len(text) - 1))
            phrases.append(text[start : draw(st.integers(start + 1, min(len(text), start + 8)))])
        else:
            phrases.append("".join(draw(st.lists(pieces, min_size=1, max_size=4))))
    return text, {"S1": phrases, "S2": phrases[::every]}


@st.composite
def mixed_phrase_cases(draw: st.DrawFn) -> tuple[str, dict[str, list[str]]]:
    return drawn_phrase_case(draw, MIXED_PIECES, 60, 3)


def _inside_a_token(text: str) -> set[int]:
    """Offsets strictly inside a document-mode token: inside a Latin word, or a cluster."""
    toks = tokenize(text)
    return {p for s, e in zip(toks.starts, toks.ends, strict=True) for p in range(s + 1, e)}


@settings(max_examples=1500, deadline=None)
@given(mixed_phrase_cases())
def test_word_level_phrase_edges_are_document_mode_token_edges(
    case: tuple[str, dict[str, list[str]]],
) -> None:
    """At word level a phrase matches where it matches as a substring and neither end falls
    inside a token of document mode (a Latin word, or one cluster of an unspaced script).
    All paths (automaton, loop with and without the word filter, reference) agree."""
    text, sources = case
    inside = _inside_a_token(text)
    anywhere = find_phrase_matches_reference(text, sources, word_level=False)
    expected = [m for m in anywhere if m.start not in inside and m.end not in inside]
    assert find_phrase_matches_reference(text, sources) == expected, (text, sources)
    assert PhraseMatcher(sources).find(text) == expected
    for prefilter in (True, False, None):
        assert find_phrases_by_loop(text, sources, prefilter=prefilter) == expected
    assert find_matches(text, sources) == expected


def test_emoji_modifiers_and_zwj_sequences_are_never_split() -> None:
    text = f"Great {THUMBS_MEDIUM} and {FAMILY} here"
    for word_level in (True, False):
        assert tag(text, {"E": ["\U0001f44d"]}, word_level=word_level) == text
        assert tag(text, {"E": ["\U0001f468"]}, word_level=word_level) == text
        assert tag(text, {"E": ["\U0001f467"]}, word_level=word_level) == text
    assert f'<cite ids="E">{THUMBS_MEDIUM}</cite>' in tag(text, {"E": [THUMBS_MEDIUM]})
    assert f'<cite ids="E">{FAMILY}</cite>' in tag(text, {"E": [FAMILY]})


def test_decomposed_latin_accent_stays_with_its_letter() -> None:
    decomposed = "Le cafe\u0301 est ouvert."
    for word_level in (True, False):
        assert tag(decomposed, {"F": ["cafe"]}, word_level=word_level) == decomposed
    # Either encoding of é matches the other, and the tag closes after the accent.
    assert tag(decomposed, {"F": ["café"]}) == 'Le <cite ids="F">cafe\u0301</cite> est ouvert.'
    (m,) = find_matches("Le café est ouvert.", [{"id": "F", "text": decomposed}], min_tokens=3)
    assert decomposed[m.source_start : m.source_end] == "Le cafe\u0301 est ouvert"


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("xa\r\ny", "a\r\u064b"),  # folds to "a\r": would end inside the CR LF cluster
        ("a\r\nb", "\u064e\nb"),  # folds to "\nb": would start inside it
        ("-a\ry", "a\r\u064b"),  # a lone CR is a cluster of its own: a match
    ],
)
@pytest.mark.parametrize("word_level", [True, False])
def test_a_phrase_folding_to_an_edge_cr_or_lf_never_cuts_cr_lf(
    text: str, phrase: str, word_level: bool
) -> None:
    """Stripping happens before folding, so a dropped optional mark can leave a phrase that
    starts with LF or ends with CR; on plain text every path must still refuse to cut CR LF."""
    sources = {"S1": [phrase], "S2": [phrase, "y"]}
    expected = find_phrase_matches_reference(text, sources, word_level=word_level)
    assert PhraseMatcher(sources, word_level=word_level).find(text) == expected
    assert find_matches(text, sources, word_level=word_level) == expected
    for prefilter in (True, False):
        found = find_phrases_by_loop(text, sources, word_level=word_level, prefilter=prefilter)
        assert found == expected
    assert [(m.start, m.end) for m in expected if m.source_id == "S1"] == (
        [(1, 3)] if text == "-a\ry" else []
    )


SCRIPT_PIECES = st.sampled_from(
    [
        "a", "B", " ", ".", "1", "ß", "İ", "e\u0301", "é", "\u0301", "क", "ि", "्", "ष", "ा",
        "ค", "ื", "น", "เ", "ذ", "َ", "ّ", "ـ", "ש", "ָ", "東", "\U0001f44d", "\U0001f3fd",
        "\u200d", "\u200c", "\U0001f1e9", "\U0001f1ea", "\r\n",
    ]
)  # fmt: skip


@st.composite
def script_phrase_cases(draw: st.DrawFn) -> tuple[str, dict[str, list[str]]]:
    return drawn_phrase_case(draw, SCRIPT_PIECES, 6, 2)


@settings(max_examples=2000, deadline=None)
@given(script_phrase_cases(), st.booleans())
def test_phrase_matches_in_any_script_are_whole_clusters_and_agree_with_reference(
    case: tuple[str, dict[str, list[str]]], word: bool
) -> None:
    text, sources = case
    fast = PhraseMatcher(sources, word_level=word).find(text)
    assert fast == find_phrase_matches_reference(text, sources, word_level=word)
    edges = _clusters(text)
    assert all(m.start in edges and m.end in edges for m in fast), (text, fast)
    tagged = tag(text, sources, word_level=word)
    assert re.sub(r'<cite ids="[^"]*">|</cite>', "", tagged) == text


SCRIPT_WORDS = st.sampled_from(
    ["किराया", "किरायै", "देना", "ذَهَبَ", "ذهب", "שָׁלוֹם", "שלום", "คืน", "เงิน", "cafe\u0301",
     "café", "\U0001f44d\U0001f3fd", "the", "."]
)  # fmt: skip


@st.composite
def script_document_cases(draw: st.DrawFn) -> tuple[str, list[Source], int]:
    def words(n: int) -> str:
        return draw(st.sampled_from([" ", ""])).join(draw(st.lists(SCRIPT_WORDS, max_size=n)))

    sources = [Source(f"D{i}", words(20), offset=draw(st.integers(0, 5))) for i in range(3)]
    return words(20), sources, draw(st.integers(1, 4))


@settings(max_examples=1000, deadline=None)
@given(script_document_cases())
def test_document_matches_in_any_script_are_whole_clusters_and_agree_with_reference(
    case: tuple[str, list[Source], int],
) -> None:
    text, sources, k = case
    fast = DocumentMatcher(sources, min_tokens=k).find(text)
    assert fast == find_document_matches_reference(text, sources, min_tokens=k)
    edges = _clusters(text)
    for m in fast:
        assert m.start in edges and m.end in edges
        source = sources[m.source_index]
        inner = {source.offset + e for e in _clusters(source.text)}
        assert m.source_start in inner and m.source_end in inner


# --- merge and render: the fast paths of tag() held to the plain ones ---------------------


def plain_merge(matches: list[Match]) -> list[tuple[int, int, tuple[str, ...], tuple[Match, ...]]]:
    """The merge rule written plainly: (start, end, ids by count then id, matches)."""
    groups: list[list[Match]] = []
    for match in sorted(matches):
        if groups and match.start <= max(m.end for m in groups[-1]):
            groups[-1].append(match)
        else:
            groups.append([match])
    out = []
    for group in groups:
        counts = Counter(m.source_id for m in group)
        ids = tuple(sorted(counts, key=lambda sid: (-counts[sid], sid)))
        out.append((group[0].start, max(m.end for m in group), ids, tuple(group)))
    return out


MATCHES = st.lists(
    st.tuples(st.integers(0, 30), st.integers(1, 6), st.sampled_from(["S1", "S2", "S3", "S10"])),
    max_size=40,
).map(lambda rows: [Match(s, s + n, sid) for s, n, sid in rows])


@settings(max_examples=2000, deadline=None)
@given(MATCHES)
def test_merge_and_regions_follow_the_plain_rule(matches: list[Match]) -> None:
    expected = plain_merge(matches)
    blocks = merge(matches)
    assert [(b.start, b.end, b.ids, b.matches) for b in blocks] == expected
    assert all(
        b.counts == tuple(sorted(Counter(m.source_id for m in b.matches).items())) for b in blocks
    )
    assert merged_regions(matches) == [(s, e, ids) for s, e, ids, _ in expected]


@settings(max_examples=1000, deadline=None)
@given(phrase_cases(), st.booleans())
def test_tag_and_tag_html_equal_rendering_the_blocks(
    case: tuple[str, dict[str, list[str]]], word: bool
) -> None:
    """tag() renders merged regions directly; the output is what the blocks' marks give."""
    text, sources = case
    marks = marks_from_blocks(find_blocks(text, sources, word_level=word))
    assert tag(text, sources, word_level=word) == render_tagged(text, marks)
    assert tag_html(text, sources, word_level=word) == render_html(text, marks)


def test_render_regions_reuses_tags_but_keeps_each_ids() -> None:
    text = "a b c d"
    regions = [(0, 1, ("S1",)), (2, 3, ("S2", "S1")), (4, 5, ("S1",))]
    assert render_regions(text, regions) == (
        '<cite ids="S1">a</cite> <cite ids="S2,S1">b</cite> <cite ids="S1">c</cite> d'
    )
    assert render_regions("<&>", [(1, 2, ("S1",))], escape=True) == (
        '&lt;<cite class="cm-verbatim" data-ids="S1">&amp;</cite>&gt;'
    )


# --- numbers are quoted whole or not at all --------------------------------------------


def test_a_quote_never_ends_inside_a_number() -> None:
    """A reader takes no "rent of $2" shared by "$2,900" and "$2,400" for a quote of the
    figure: the quote stops before the number, and resumes after it."""
    sources = [Source("s", "The Tenant shall pay a monthly rent of $2,400 on the first day.")]
    text = "The Tenant shall pay a monthly rent of $2,900 on the first day."
    quoted = [text[m.start : m.end] for m in DocumentMatcher(sources, min_tokens=3).find(text)]
    assert quoted == ["The Tenant shall pay a monthly rent of", "on the first day"]


def test_a_quote_never_starts_inside_a_number() -> None:
    sources = [Source("s", "The rate is 3.25 percent of the price.")]
    text = "The rate is 4.25 percent of the price."
    quoted = [text[m.start : m.end] for m in DocumentMatcher(sources, min_tokens=2).find(text)]
    assert quoted == ["The rate is", "percent of the price"]


def test_a_whole_number_is_still_quoted() -> None:
    sources = [Source("s", "The rent is $2,400.50 a month.")]
    text = "The rent is $2,400.50 a month."
    (match,) = DocumentMatcher(sources, min_tokens=3).find(text)
    assert text[match.start : match.end] == "The rent is $2,400.50 a month"


# Words and numbers, each followed by a separator: figures such as "2,400.5" and "3.25"
# arise where a digit group meets "," or "." and another digit group.
_NUMBER_PIECES = st.lists(
    st.tuples(
        st.sampled_from(["rent", "of", "2", "400", "900", "3", "5", "25"]),
        st.sampled_from([" ", ",", ".", ", ", " $"]),
    ),
    min_size=1,
    max_size=16,
).map(lambda pieces: "".join(word + sep for word, sep in pieces))


def _cut(text: str, at: int) -> bool:
    """Whether offset ``at`` lies between a digit and a "," or "." that more digits follow,
    or right after such a mark."""
    after = 0 < at < len(text) - 1 and text[at - 1].isdigit()
    after = after and text[at] in ",." and text[at + 1].isdigit()
    before = 2 <= at < len(text) and text[at].isdigit() and text[at - 1] in ",."
    return after or (before and text[at - 2].isdigit())


@settings(max_examples=500, deadline=None)
@given(_NUMBER_PIECES, _NUMBER_PIECES, st.integers(1, 3))
def test_no_quote_edge_cuts_a_number(text: str, source_text: str, k: int) -> None:
    source = Source("s", source_text)
    found = DocumentMatcher([source], min_tokens=k).find(text)
    assert found == find_document_matches_reference(text, [source], min_tokens=k)
    for m in found:
        assert not _cut(text, m.start) and not _cut(text, m.end), (text, m)
        assert not _cut(source_text, m.source_start), (source_text, m)
        assert not _cut(source_text, m.source_end), (source_text, m)


LEXICAL = load_config("lexical")


# --- a quote repeated across many sources -------------------------------------------------


def test_a_quote_of_a_templated_clause_cites_a_few_places_spread_over_the_sources() -> None:
    """A sentence quoting a clause that a templated contract repeats cites
    ``max_citations`` of its places, one per source first, not every repetition
    (hundreds); the report's blocks keep every occurrence."""
    clause = "The Company shall indemnify the Distributor against all claims."
    sources = [
        {"id": f"C{n:02d}", "text": f"{clause} Section {n}. Other terms apply. {clause}"}
        for n in range(50)
    ]
    report = align(clause + " Rent is due monthly.", sources, config=LEXICAL)
    sentence = report.sentences[0]
    quotes = [c for c in sentence.citations if c.kind == "verbatim"]
    assert len(quotes) == LEXICAL.max_citations
    assert [c.source_id for c in quotes] == ["C00", "C01", "C02"]  # spread, in source order
    assert all(c.evidence == clause[:-1] and c.source_start == 0 for c in quotes)
    assert sum(len(b.matches) for b in report.blocks) == 100  # every occurrence, still


def test_each_quote_of_a_sentence_keeps_its_places() -> None:
    """The cap is per quoted text; two quotes from two places each are all kept."""
    sources = [
        {"id": "A", "text": "The tenant shall pay rent monthly. Pets are welcome here."},
        {"id": "B", "text": "Pets are welcome here. The tenant shall pay rent monthly."},
    ]
    answer = "The tenant shall pay rent monthly, and pets are welcome here."
    quotes = [c for c in align(answer, sources, config=LEXICAL).sentences[0].citations]
    assert sorted((c.source_id, c.evidence) for c in quotes if c.kind == "verbatim") == [
        ("A", "Pets are welcome here"),
        ("A", "The tenant shall pay rent monthly"),
        ("B", "Pets are welcome here"),
        ("B", "The tenant shall pay rent monthly"),
    ]


# --- phrase mode holds a number whole -----------------------------------------------------


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
    """Phrase mode holds a number whole, as document mode's quotes do: "5%" is not the
    source of "1.5%", nor "400 per month" a quote out of "$2,400 per month"."""
    assert tag(text, {"S": [phrase]}) == text
    for found in (
        PhraseMatcher({"S": [phrase]}).find(text),
        find_phrases_by_loop(text, {"S": [phrase]}),
        find_phrase_matches_reference(text, {"S": [phrase]}),
    ):
        assert found == []


def test_a_whole_number_is_still_found() -> None:
    """The number whole, or a phrase beside one, still matches."""
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


# --- phrase mode folds typographic variants -----------------------------------------------


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
    """Curly apostrophes, dashes, no-break spaces and full-width forms fold to their plain
    forms in phrase mode, in the loop, the automaton and the reference alike."""
    start = text.index(found)
    expected = [(start, start + len(found))]
    assert [(m.start, m.end) for m in find_phrases_by_loop(text, {"S": [phrase]})] == expected
    assert [(m.start, m.end) for m in PhraseMatcher({"S": [phrase]}).find(text)] == expected
    reference = find_phrase_matches_reference(text, {"S": [phrase]})
    assert [(m.start, m.end) for m in reference] == expected


# --- a quote holds a word and its figure's sign whole -------------------------------------


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
    "landlord's" are no quotes of words the source does not say."""
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
    """A quote takes its figure's sign: never "$<cite>2,400 per month" or
    "<cite>Late fees are 5</cite>%"."""
    report = align(answer, [{"id": "op", "text": source}], config=LEXICAL)
    assert [answer[b.start : b.end] for b in report.blocks] == [quote]
