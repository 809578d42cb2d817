"""Tokens, folding and grapheme clusters in scripts with combining marks and without spaces.

Every rule is checked against the ``regex`` module's ``\\X`` (UAX #29 extended
grapheme clusters): no token edge and no folded-match edge may fall inside a
cluster, whatever the script.
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import align, load_config
from citemark.fold import FoldedText, fold, is_plain_word_char, is_word_char
from citemark.graphemes import clusters, is_boundary, one_per_code_point, widen
from citemark.tokens import (
    _PLAIN_TOKEN,
    _TOKEN,
    is_unspaced,
    shift,
    slice_tokens,
    span_tokens,
    tokenize,
)
from citemark.types import Span

THAI = "คืนเงิน30วัน"
HINDI = "किरायेदार को हर महीने की पहली तारीख को किराया देना होगा।"
ARABIC_VOCALISED = "ذَهَبَ الطَّالِبُ إِلَى الْمَدْرَسَةِ"
ARABIC_PLAIN = "ذهب الطالب إلى المدرسة"
HEBREW_NIQQUD = "שָׁלוֹם עֲלֵיכֶם"
HEBREW_PLAIN = "שלום עליכם"
THUMBS_MEDIUM = "\U0001f44d\U0001f3fd"  # thumbs up, medium skin tone
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl
E_ACUTE_DECOMPOSED = "e\u0301"


def boundaries(text: str) -> set[int]:
    """Every grapheme cluster boundary of ``text``, by ``regex``'s ``\\X``."""
    return {0, *(m.end() for m in regex.finditer(r"\X", text))}


def words(text: str) -> list[str]:
    tokens = tokenize(text)
    return [text[s:e] for s, e in zip(tokens.starts, tokens.ends, strict=True)]


# --- the repros -----------------------------------------------------------------


def test_thai_is_tokenized_by_grapheme_cluster_not_split_at_vowel_signs() -> None:
    # Before: "ค | นเง | น30ว | น", every vowel sign a gap.
    assert words(THAI) == ["คื", "น", "เ", "งิ", "น", "30", "วั", "น"]


def test_devanagari_words_keep_their_vowel_signs() -> None:
    assert words(HINDI) == [
        "किरायेदार", "को", "हर", "महीने", "की", "पहली", "तारीख", "को", "किराया", "देना", "होगा",
    ]  # fmt: skip


def test_changed_vowel_signs_make_different_keys() -> None:
    assert tokenize("किराया").keys != tokenize("कुरैयै").keys


def test_arabic_harakat_are_optional_in_keys() -> None:
    vocalised = tokenize(ARABIC_VOCALISED)
    assert words(ARABIC_VOCALISED) == ARABIC_VOCALISED.split()
    assert vocalised.keys == tokenize(ARABIC_PLAIN).keys
    # Hamza is spelling, not vocalisation: إلى and الى stay different words.
    assert tokenize("إلى").keys != tokenize("الى").keys


def test_hebrew_niqqud_is_optional_in_keys() -> None:
    assert words(HEBREW_NIQQUD) == HEBREW_NIQQUD.split()
    assert tokenize(HEBREW_NIQQUD).keys == tokenize(HEBREW_PLAIN).keys


def test_decomposed_latin_is_one_token_equal_to_the_precomposed_one() -> None:
    text = f"caf{E_ACUTE_DECOMPOSED} CAFÉ cafe"
    assert words(text) == [f"caf{E_ACUTE_DECOMPOSED}", "CAFÉ", "cafe"]
    keys = tokenize(text).keys
    assert keys[0] == keys[1] == "café" != keys[2]  # accents are spelling in Latin


def test_persian_zero_width_non_joiner_stays_inside_the_word() -> None:
    assert words("من می\u200cخواهم بروم") == ["من", "می\u200cخواهم", "بروم"]


def test_emoji_clusters_are_never_cut_by_a_token() -> None:
    text = f"ok{THUMBS_MEDIUM} a\U0001f3fd {FAMILY}x"
    tokens = tokenize(text)
    edges = boundaries(text)
    assert all(s in edges and e in edges for s, e in zip(tokens.starts, tokens.ends, strict=True))
    assert words(text)[1] == "a\U0001f3fd"  # a word touching a modifier takes its cluster


def test_character_mode_covers_thai_lao_khmer_and_myanmar() -> None:
    for text in ("คืนเงินสามสิบวัน", "ສະບາຍດີ", "សួស្តី", "မင်္ဂလာပါ", "東京は大きい"):
        assert is_unspaced(text), text
        tokens = tokenize(text)
        assert list(zip(tokens.starts, tokens.ends, strict=True)) == list(clusters(text)), text
    assert not is_unspaced(HINDI) and not is_unspaced(ARABIC_PLAIN)


# --- folding ----------------------------------------------------------------------


def test_folding_maps_stripped_harakat_to_the_letter_they_sit_on() -> None:
    folded = FoldedText.of(ARABIC_VOCALISED)
    assert folded.folded == ARABIC_PLAIN
    start = folded.folded.index("الطالب")
    span = folded.to_original(start, start + len("الطالب"))
    assert span is not None
    assert ARABIC_VOCALISED[span[0] : span[1]] == "الطَّالِبُ"  # with its final damma


def test_folded_range_that_cuts_a_cluster_is_refused() -> None:
    folded = FoldedText.of("किराया")
    assert folded.to_original(0, 1) is None  # क without its vowel sign
    assert folded.to_original(0, 2) == (0, 2)  # कि
    decomposed = FoldedText.of(f"caf{E_ACUTE_DECOMPOSED}s")
    assert decomposed.folded == "cafés"
    assert decomposed.to_original(0, 4) == (0, 5)


def test_marks_and_joiners_are_word_characters() -> None:
    assert is_word_char("\u093f") and is_word_char("\u0301") and is_word_char("\u200c")
    assert not is_word_char(" ") and not is_word_char("\U0001f3fd")


# --- properties against \X -----------------------------------------------------------

PIECES = [
    "a", "B", " ", ".", "1", "_", "ß", "İ", E_ACUTE_DECOMPOSED, "é", "\u0301",
    "क", "ि", "्", "ष", "ा", "ค", "ื", "น", "เ", "ง", "ั", "ำ",
    "ذ", "َ", "ّ", "ل", "ـ", "ש", "ָ", "ׁ", "東", "は",
    "\U0001f44d", "\U0001f3fd", "\u200d", "\u200c", "\U0001f1e9", "\U0001f1ea",
    "\r", "\n", "\u0600", "\u1100", "\u1161", "\u11a8",
]  # fmt: skip
MIXED = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=1500, deadline=None)
@given(MIXED)
def test_token_edges_are_cluster_boundaries(text: str) -> None:
    tokens = tokenize(text)
    edges = boundaries(text)
    previous_end = 0
    for start, end, key in zip(tokens.starts, tokens.ends, tokens.keys, strict=True):
        assert previous_end <= start < end
        assert start in edges and end in edges, (text, start, end)
        assert key == fold(text[start:end])
        previous_end = end


@settings(max_examples=1500, deadline=None)
@given(MIXED)
def test_is_boundary_agrees_with_the_cluster_regex(text: str) -> None:
    edges = boundaries(text)
    assert [i for i in range(len(text) + 1) if is_boundary(text, i)] == sorted(edges)
    for i in range(len(text) + 1):
        start, end = widen(text, i, i)
        assert start in edges and end in edges and start <= i <= end
    assert one_per_code_point(text) <= (len(edges) == len(text) + 1)


@settings(max_examples=1500, deadline=None)
@given(MIXED)
def test_folded_text_maps_back_to_whole_clusters(text: str) -> None:
    folded = FoldedText.of(text)
    assert folded.folded == fold(text)
    edges = boundaries(text)
    size = len(folded.folded)
    for start in range(size):
        for end in range(start + 1, size + 1):
            span = folded.to_original(start, end)
            if span is not None:
                assert span[0] in edges and span[1] in edges, (text, start, end, span)
                assert fold(text[span[0] : span[1]]) == folded.folded[start:end]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["a", "B", " ", ".", "1", "_", "ß", "é", "東", "は", "Σ"])))
def test_plain_tokenizer_equals_the_full_one_where_it_is_used(pieces: list[str]) -> None:
    text = "".join(pieces)
    plain = [(m.start(), m.end()) for m in _PLAIN_TOKEN.finditer(text)]
    assert plain == [(m.start(), m.end()) for m in _TOKEN.finditer(text)]


@settings(max_examples=1500, deadline=None)
@given(MIXED)
def test_cheap_word_test_is_exact_on_text_folding_keeps_plain(text: str) -> None:
    if FoldedText.of(text).origin is None:
        assert [is_word_char(c) for c in text] == [is_plain_word_char(c) for c in text]
    for mark in ("\u093f", "\u102c", "\u0301"):  # \u102c: a mark UAX #29 does not glue
        assert FoldedText.of(f"a{mark} b").origin is not None


LEXICAL = load_config("lexical")
RENT = [{"id": "lease", "text": "Rent is due on the first day of each month."}]


# --- a word cut in two at the segmenter's piece limit -------------------------------------


@pytest.mark.parametrize("answer", ["x" * 150_000, "ab" * 20_000 + " and more " + "ab" * 60_000])
def test_the_tail_of_a_word_cut_at_the_piece_limit_is_unsupported(answer: str) -> None:
    """A sentence longer than the segmenter's piece is cut inside its word; the second
    side has no words of its own and must not be judged supported, with no citation."""
    report = align(answer, RENT, config=LEXICAL)
    assert len(report.sentences) == 2
    assert [s.status for s in report.sentences] == ["unsupported", "unsupported"]


_PLAIN = st.text(alphabet="ab .,'-\n7", max_size=60)


@given(_PLAIN, st.integers(0, 60), st.integers(0, 60))
def test_span_tokens_are_the_tokens_of_the_span_s_own_text(text: str, a: int, b: int) -> None:
    """On plain text, the words a sentence is read by
    are those of its own text, whether or not a word crosses its edges; where none
    does, they are the whole text's, sliced."""
    start, end = sorted((min(a, len(text)), min(b, len(text))))
    span = Span(start, end)
    whole = tokenize(text)
    assert span_tokens(text, whole, span) == shift(tokenize(text[start:end]), start)
    pairs = zip(whole.starts, whole.ends, strict=True)
    if not any(s < start < e or s < end < e for s, e in pairs):
        assert span_tokens(text, whole, span) == slice_tokens(whole, span)
