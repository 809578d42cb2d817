"""Word tokens with character offsets, shared by the verbatim and support stages.

Words are runs of word characters in the Unicode sense: letters, digits,
underscore, and the combining marks and joiners that belong to them, so a Hindi,
Arabic or Hebrew word is one token with its vowel signs (``किराया``, ``ذَهَبَ``),
never split at them. Scripts written without spaces between words (Chinese,
Japanese, Thai, Lao, Khmer, Myanmar) have no word boundaries to find, so there
every grapheme cluster (a character with its marks, ``คื``) is its own token,
and an answer can share a run of "tokens" with its source just as an English one
does. Keys are folded (:mod:`citemark.fold`: case, encoding, optional vowel
marks) so that matching ignores them. Token boundaries always lie on grapheme
cluster boundaries.

The conflict rules read words otherwise (:func:`citemark.facts.text.word_tokens`:
English words with their apostrophes, hyphens and initialisms, no digits); the two
are kept apart because each stage is tuned to its own, and one tokenizer for both
would change what the other stage finds.
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

import regex

from .fold import HIGH_CHAR, fold, is_word_char
from .graphemes import widen
from .lazy import lazy_pattern
from .types import Span

# Han, Hiragana, Katakana (with the prolonged sound mark), CJK compatibility and
# half-width Katakana.
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
# Scripts written without spaces between words: CJK, Thai, Lao, Myanmar (with its
# extensions), Khmer (with its symbols).
_OTHER_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f\u1780-\u17ff\u19e0-\u19ff"
UNSPACED = CJK + _OTHER_UNSPACED

# A word character outside the unspaced scripts: a letter, digit or underscore (what
# ``str.isalnum`` and ``re``'s ``\w`` take), a combining mark, or a Prepend
# character, which belongs to the cluster after it. Zero-width (non-)joiners join
# two such runs into one word (Persian ``می‌خواهم``).
_WORD_CHAR = rf"[[\p{{L}}\p{{N}}\p{{M}}_\p{{GCB=Prepend}}]--[{UNSPACED}]]"
_TOKEN = regex.compile(
    rf"(?=[{UNSPACED}])\X|{_WORD_CHAR}+(?:[\u200c\u200d]{_WORD_CHAR}+)*", flags=regex.V1
)
# The same tokens for text without marks, joiners, Prepend characters or unspaced
# scripts other than CJK (English, most European text): the standard library's
# ``re`` scans it about three times as fast as ``regex`` scans the full pattern.
_PLAIN_TOKEN = lazy_pattern(rf"[{CJK}]|[^\W{CJK}]+")
# The same pattern as one group, for ``re.split``: the pieces alternate between the
# text between tokens and a token, so their running lengths are the token offsets.
_PLAIN_SPLIT = lazy_pattern(f"({_PLAIN_TOKEN.pattern})")
# The same on lower-cased ASCII text, where a word character is one of these: a plain
# class the engine scans twice as fast as the negated one with CJK ranges (6.4 against
# 12.5 ms over W2's 250,000 characters of sources).
_ASCII_SPLIT = lazy_pattern(r"([a-z0-9_]+)")
# A letter of a script written without spaces (one pattern for every module that asks).
UNSPACED_CHAR = lazy_pattern(f"[{UNSPACED}]")
# The first character of the unspaced scripts: below it no character is in one (Thai,
# U+0E00, starts the ranges), which spares the pattern for most letters.
FIRST_UNSPACED = min(ch for ch in UNSPACED if ch != "-")


# Invisible format characters that LLM output and pasted text carry (soft hyphen,
# zero-width space, marks and overrides of direction, word joiner, byte-order mark), as
# the body of a character class; the joiners inside emoji and Indic or Persian words
# (U+200C, U+200D) are not among them. The segmenter reads these as spaces; an id made
# of nothing but these (and the joiners) is empty.
FORMAT_CHARS = "\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_NEEDS_FULL = regex.compile(
    r"[\p{M}\p{GCB=Extend}\p{GCB=SpacingMark}\p{GCB=Prepend}\u200c\u200d"
    f"{_OTHER_UNSPACED}]"
)


@dataclass(frozen=True)
class Tokens:
    """The tokens of one text: parallel tuples of start, end and folded key."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    keys: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.keys)


def tokenize(text: str) -> Tokens:
    """Split ``text`` into word tokens (cluster tokens in unspaced scripts)."""
    if _plain(text):
        # Split, then running lengths: no match object per token, about half the
        # time of finditer on source text (tests hold it to the finditer loop).
        ascii = text.isascii()
        # On ASCII text folding is lower-casing, which keeps every length and every
        # character's class: the lower-cased text splits into the tokens' keys.
        pieces = _ASCII_SPLIT.split(text.lower()) if ascii else _PLAIN_SPLIT.split(text)
        if len(pieces) == 1:
            return Tokens((), (), ())
        bounds = list(accumulate(map(len, pieces)))
        words = pieces[1::2]
        # Interned, so that a long source's keys share one string per distinct word
        # (as the memoised ``_key`` gives them), not one per occurrence.
        keys = tuple(map(sys.intern, words)) if ascii else tuple(map(_key, words))
        return Tokens(tuple(bounds[0:-1:2]), tuple(bounds[1::2]), keys)
    # A word can touch a cluster it does not own ("a" + an emoji skin tone,
    # a Prepend sign before a non-word): widened, no token edge cuts a cluster.
    spans: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        start, end = widen(text, m.start(), m.end())
        if spans and start < spans[-1][1]:  # two tokens in one cluster: one token
            start = spans.pop()[0]
        spans.append((start, end))
    return Tokens(
        tuple(s for s, _ in spans),
        tuple(e for _, e in spans),
        tuple(_key(text[s:e]) for s, e in spans),
    )


def _plain(text: str) -> bool:
    """Whether ``_PLAIN_TOKEN`` finds exactly the tokens ``_TOKEN`` would in ``text``."""
    return text.isascii() or all(map(_plain_char, set(HIGH_CHAR.findall(text))))


@lru_cache(maxsize=4096)
def _plain_char(ch: str) -> bool:
    return _NEEDS_FULL.match(ch) is None


@lru_cache(maxsize=65536)
def _key(word: str) -> str:
    return fold(word)


def is_unspaced(text: str, share: float = 0.3) -> bool:
    """Whether enough of ``text``'s letters are in unspaced scripts that words cannot be told.

    Such text is matched at character (grapheme cluster) level, with its own
    ``min_tokens_cjk`` run length.
    """
    if share > 0 and UNSPACED_CHAR.search(text) is None:
        return False  # no unspaced script at all: skip counting the letters one by one
    letters = sum(1 for ch in text if ch.isalpha())
    return bool(letters) and len(UNSPACED_CHAR.findall(text)) / letters >= share


def is_spaced_word_char(ch: str) -> bool:
    """Whether ``ch`` is a word character (:func:`~citemark.fold.is_word_char`) outside the
    unspaced scripts: the characters a word-level phrase edge may not touch.

    Chinese, Japanese, Thai, Lao, Khmer and Myanmar have no word boundaries to
    find, so there every grapheme cluster counts as a word of its own, as in
    document mode's tokens (:func:`tokenize`): a phrase may start
    or end at any cluster boundary beside such a character.
    """
    return is_word_char(ch) and (ch < FIRST_UNSPACED or UNSPACED_CHAR.match(ch) is None)


# The earlier name, from when Chinese and Japanese were the only unspaced scripts.
is_cjk = is_unspaced


def slice_tokens(tokens: Tokens, span: Span) -> Tokens:
    """The tokens lying inside ``span`` of the text they came from."""
    i = bisect_left(tokens.starts, span.start)
    j = bisect_left(tokens.starts, span.end, lo=i)
    return Tokens(tokens.starts[i:j], tokens.ends[i:j], tokens.keys[i:j])


def span_tokens(text: str, tokens: Tokens, span: Span) -> Tokens:
    """The tokens of ``text[span.start:span.end]`` in offsets of ``text``, from ``tokens``
    (those of the whole ``text``) where no token crosses an edge of ``span``.

    Sentences end between tokens, save where a sentence too long for one piece is cut
    inside a word (a 200,000-character run of one letter): there a word starting
    before the cut belongs to both sides in part, and :func:`slice_tokens` would give
    the second side none of it, a claim with no words, which retrieval found nothing
    against and the scorer read as fully recalled. The slice is then
    tokenized as a text of its own.
    """
    if _crossed(tokens, span):
        return shift(tokenize(text[span.start : span.end]), span.start)
    return slice_tokens(tokens, span)


def _crossed(tokens: Tokens, span: Span) -> bool:
    """Whether a token of ``tokens`` crosses an edge of ``span``."""
    i = bisect_left(tokens.starts, span.start)
    j = bisect_left(tokens.starts, span.end, lo=i)
    return bool(i and tokens.ends[i - 1] > span.start) or (j > i and tokens.ends[j - 1] > span.end)


def shift(tokens: Tokens, offset: int) -> Tokens:
    """``tokens`` of a slice of a text, in offsets of the whole text (the slice starting
    at ``offset``)."""
    return Tokens(
        tuple(s + offset for s in tokens.starts),
        tuple(e + offset for e in tokens.ends),
        tokens.keys,
    )


def is_plain(text: str) -> bool:
    """Whether ``tokenize`` takes its fast path (standard-library ``re``) on ``text``;
    it then does on every slice of ``text`` too (a slice has no other characters)."""
    return _plain(text)


def slice_tokenized(tokens: Tokens, span: Span) -> Tokens | None:
    """``tokenize(text[span.start:span.end])`` (in the slice's offsets) from ``tokens``,
    the tokens of a whole plain ``text`` (see :func:`is_plain`), or ``None`` when a
    token of ``text`` crosses an edge of ``span``.

    On plain text a token is a maximal run of word characters (or one CJK
    character), so the slice's runs are the text's runs inside it unless a run
    crosses the slice's edge, where the slice would see only part of it.
    """
    if _crossed(tokens, span):
        return None
    return shift(slice_tokens(tokens, span), -span.start)
