"""The word-run filter of the small phrase path: it may skip a phrase only if it cannot occur.

The filter (citemark.wordruns) rests on two facts about Unicode checked here over
every code point, and the loop that uses it is held equal to the plain reference
over random text in many scripts, in both word modes, ASCII and not.
"""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import find_matches
from citemark.fold import _plain_char, fold, is_plain_word_char
from citemark.reference import find_phrase_matches_reference
from citemark.verbatim import _by_source, find_phrases_by_loop, flat_phrases, prepare_phrases
from citemark.wordruns import WordRuns

EVERY_CHAR = "".join(chr(i) for i in range(sys.maxunicode + 1) if not 0xD800 <= i < 0xE000)


def test_regex_word_characters_are_the_plain_word_characters() -> None:
    """``\\w`` (how the filter splits) is ``is_plain_word_char`` (how a match's edge is tested)."""
    by_regex = set(re.findall(r"\w", EVERY_CHAR))
    assert by_regex == {ch for ch in EVERY_CHAR if is_plain_word_char(ch)}


def test_folding_plain_text_never_makes_a_word_character() -> None:
    """In text whose folding is the identity map, a non-word character folds to a non-word one.

    So a match the word-boundary rule accepts has a non-word character (or the text's
    end) beside it in the folded text too, and its first and last word runs are whole
    runs of the folded text. The one character that breaks this (U+0345, a combining
    mark folding to a Greek iota) never appears in such text.
    """
    offenders = [
        ch
        for ch in EVERY_CHAR
        if len(folded := ch.casefold()) == 1
        and is_plain_word_char(folded)
        and not is_plain_word_char(ch)
    ]
    assert offenders  # the test looks at something: U+0345 today
    for ch in offenders:
        assert ch >= "\u0300" and not _plain_char(ch), f"U+{ord(ch):04X} can be in plain text"


# --- the filter on its own ---------------------------------------------------------------


def test_a_phrase_with_a_word_the_text_lacks_is_skipped() -> None:
    runs = WordRuns("the tenant pays rent.")
    assert runs.candidates(["landlord pays", "tenant pays", "pays rent."], edges=True) == [
        False,
        True,
        True,
    ]
    # A run must be a whole run of the text: "ten" is inside "tenant".
    assert runs.candidates(["ten", "tenant pay"], edges=True) == [False, False]


def test_without_edges_only_inner_runs_are_required() -> None:
    """Inside words (word_level=False) a phrase's first and last runs may be parts of words."""
    runs = WordRuns("the tenant pays rent.")
    assert runs.candidates(["ten", "nant pa", "e landlord p", "(pays)", "(paid)"], edges=False) == [
        True,
        True,
        False,
        True,
        False,
    ]


def test_non_ascii_phrase_cannot_occur_in_ascii_text() -> None:
    runs = WordRuns("cafe au lait")
    assert runs.candidates(["café au", "cafe au", "—"], edges=True) == [False, True, False]
    assert WordRuns("café au lait").candidates(["café au", "cafe au"], edges=True) == [True, False]


@pytest.mark.parametrize("text", ["a\x00b rent", "a\x00b rént"])
def test_phrases_holding_the_separator_are_tested_one_by_one(text: str) -> None:
    runs = WordRuns(text)
    assert runs.candidates(["a\x00b", "rent", "lease"], edges=True) == [
        True,
        "rent" in text,
        False,
    ]


def test_phrases_without_word_characters_are_always_candidates() -> None:
    assert WordRuns("a - b").candidates(["-", "...", "?!"], edges=True) == [True, True, True]


# --- the filtered loop equals the reference ----------------------------------------------

PIECES = st.sampled_from(
    [
        *"aAbB  .,-(_)1\n\t", "ab", "Ab", "rent", "RENT", "ß", "SS", "ss", "İ", "i", "ı", "K",
        "\u212a", "ſ", "s", "ﬁ", "fi", "é", "e\u0301", "\u0301", "\u0345", "ι", "Σ", "ς", "σ",
        "—", "\u201c", "\u2019", "\u00a0", "\x00", "\u00b5", "µ", "²", "½", "क", "ि", "्", "ष",
        "ค", "ื", "เ", "ذ", "َ", "ـ", "ש", "ָ", "東", "京", "\U0001f44d", "\U0001f3fd", "\u200d",
        "\u200c", "\r\n", "\r", "\u24b6", "\u2160",
    ]
)  # fmt: skip
ASCII_PIECES = st.sampled_from([*"aAbB  .,-(_)1\n\t\x00", "ab", "Ab", "rent", "RENT", "ss"])


@st.composite
def loop_cases(draw: st.DrawFn, pieces: st.SearchStrategy[str]) -> tuple[str, dict[str, list[str]]]:
    """A text and up to 80 phrases: pieces of the text (case changed or not) and random ones.

    From about 50 phrases, most of them missing, the default loop path runs the filter.
    """
    text = "".join(draw(st.lists(pieces, max_size=30)))
    sources: dict[str, list[str]] = {"S1": [], "S2": []}
    for n in range(draw(st.integers(1, 80))):
        if text and draw(st.booleans()):
            start = draw(st.integers(0, len(text) - 1))
            phrase = text[start : draw(st.integers(start + 1, min(len(text), start + 10)))]
            phrase = phrase.upper() if draw(st.booleans()) else phrase
        else:
            phrase = "".join(draw(st.lists(pieces, min_size=1, max_size=5)))
        sources["S1" if n % 3 else "S2"].append(phrase)
    return text, sources


def _check_loop(text: str, sources: dict[str, list[str]], word: bool) -> None:
    expected = find_phrase_matches_reference(text, sources, word_level=word)
    for prefilter in (True, False, None):
        found = find_phrases_by_loop(text, sources, word_level=word, prefilter=prefilter)
        assert found == expected, (text, sources, word, prefilter)
    assert find_matches(text, sources, word_level=word) == expected


@settings(max_examples=1500, deadline=None)
@given(loop_cases(PIECES), st.booleans())
def test_filtered_loop_equals_reference_in_any_script(
    case: tuple[str, dict[str, list[str]]], word: bool
) -> None:
    _check_loop(*case, word)


@settings(max_examples=800, deadline=None)
@given(loop_cases(ASCII_PIECES), st.booleans())
def test_filtered_loop_equals_reference_on_ascii_text(
    case: tuple[str, dict[str, list[str]]], word: bool
) -> None:
    _check_loop(*case, word)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40), st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=30))
def test_filtered_loop_equals_reference_on_any_unicode(text: str, phrases: list[str]) -> None:
    """Arbitrary code points (surrogates aside), phrases often cut from the text."""
    if any(0xD800 <= ord(ch) < 0xE000 for ch in text + "".join(phrases)):
        return
    cut = [text[i : i + len(p)] for i, p in enumerate(phrases) if i < len(text)]
    sources = {"S1": phrases, "S2": [c for c in cut if c]}
    for word in (True, False):
        _check_loop(text, sources, word)


# --- phrase preparation -------------------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.sampled_from(["S1", "S2", "S3"]), st.lists(st.text(max_size=8))))
def test_flat_phrases_are_the_prepared_phrases_with_their_owners(
    sources: dict[str, list[str]],
) -> None:
    """One pass over all sources (ASCII lowered at once) gives what folding each phrase gives."""
    if any(0xD800 <= ord(ch) < 0xE000 for ps in sources.values() for p in ps for ch in p):
        return
    ids, phrases = flat_phrases(sources)
    expected = sorted((sid, fold(p.strip())) for sid, ps in sources.items() for p in ps)
    assert sorted(zip(ids, phrases, strict=True)) == [(sid, p) for sid, p in expected if p]
    prepared = prepare_phrases(sources)
    assert {sid: sorted(ps) for sid, ps in prepared.items()} == {
        sid: sorted(p for p in (fold(q.strip()) for q in ps) if p) for sid, ps in sources.items()
    }
    assert _by_source(ids, phrases) == {sid: ps for sid, ps in prepared.items() if ps}
