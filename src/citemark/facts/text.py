"""Tokens and word forms shared by the numeric, name, negation and comparison code.

``Tok`` works out once per word what the later stages ask of it (capitalised? a
negation cue? a content word?). ``bare_word`` and ``stem`` are the forms that names
and negated words are compared by; both are memoised because the same words
recur across passages.

:func:`word_tokens` is not :func:`citemark.tokens.tokenize`, and the difference is
the point. ``tokenize`` cuts a text into runs of word characters (digits, marks and
every script included) with folded keys, the units that verbatim matching and
support compare. The rules read English words as a reader does: a word keeps its
apostrophe and hyphen ("shan't", "O'Brien-Smith"), an initialism its full stops
("U.S."), digits are no word (the numeric scan reads them), and each word carries
what the rules ask of it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import BARE_CONTRACTIONS, NEG_CUES, STOPWORDS
from ..words import snowball

_TOKEN = lazy_pattern(r"(?:[A-Z]\.){2,}|[^\W\d_]+(?:['’-][^\W\d_]+)*")


class Tok:
    """A word of the analysed text (a slotted class: tokens are made by the hundred)."""

    __slots__ = ("bare", "cap", "content", "cue", "end", "lower", "start", "surface")

    def __init__(self, start: int, end: int, surface: str) -> None:
        self.start = start
        self.end = end
        self.surface = surface
        self.cap, self.lower, self.cue, self.content, self.bare = traits_of(surface)


# What a word's surface says of it, per distinct surface: passages repeat their words,
# and working these out again for every occurrence was most of making a token.
_Traits = tuple[bool, str, str | None, bool, str]
_TRAITS: dict[str, _Traits] = {}
_TRAITS_SIZE = 65_536


def traits_of(surface: str) -> _Traits:
    """(capitalised, lower form, negation cue, content word, :func:`bare_word`) of one word."""
    low = surface.lower()
    # "Acme", "ACME", "iPhone"; not "acme"
    cap = surface[0].isupper() or (surface[0].islower() and low != surface)
    lower = low.replace("’", "'")
    cue = lower if lower in NEG_CUES else None
    if cue is None and (lower.endswith("n't") or lower in BARE_CONTRACTIONS):
        cue = "not"
    content = cue is None and len(lower) > 1 and lower not in STOPWORDS
    return cap, lower, cue, content, bare_word(surface)


def clear_traits() -> None:
    """Forget the words seen (:func:`citemark.clear_caches`)."""
    _TRAITS.clear()


def _word_traits(surface: str) -> _Traits:
    """:func:`traits_of`, remembered per surface."""
    traits = _TRAITS.get(surface)
    if traits is not None:
        return traits
    traits = traits_of(surface)
    if len(_TRAITS) >= _TRAITS_SIZE:
        _TRAITS.clear()
    _TRAITS[surface] = traits
    return traits


class Hint:
    """A regex that a claim is searched with only when its words could be there.

    The rules spare most claims their work with a cheap test for a word they read
    ("granted", "monthly"), but a case-insensitive alternation tried at every offset
    costs about 15 µs a sentence, and each claim met a dozen of them. On ASCII text
    ``words`` (lower case; one of them is inside every match of ``pattern``) are looked
    for first, as substrings, in C; other text goes to the pattern directly, since
    its case-insensitive match is not always a substring of the lower-cased text. The
    answer is the pattern's, always (a test holds the two equal).
    """

    __slots__ = ("pattern", "words")

    def __init__(self, words: Iterable[str], pattern: re.Pattern[str]) -> None:
        self.words = tuple(words)
        self.pattern = pattern

    def search(self, text: str) -> re.Match[str] | None:
        if text.isascii():
            low = text.lower()
            if not any(w in low for w in self.words):
                return None
        return self.pattern.search(text)


_new_tok = object.__new__


def word_tokens(text: str) -> list[Tok]:
    """The words of ``text``; each :class:`Tok` filled in place (what ``Tok(start, end,
    surface)`` gives) to spare a Python call per word."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = _new_tok(Tok)
        tok.start, tok.end = m.span()
        tok.surface = surface = m.group()
        tok.cap, tok.lower, tok.cue, tok.content, tok.bare = _word_traits(surface)
        out.append(tok)
    return out


# Characters an ASCII token is made of: a token never spans any other character.
_TOKENISH = lazy_pattern(r"[A-Za-z'.\-]*")
_TOKENISH_TAIL = lazy_pattern(r"[A-Za-z'.\-]*\Z")
_LOOK_BACK = 64


def word_tokens_at(text: str, starts: Iterable[int]) -> list[Tok]:
    """The tokens of ASCII ``text`` that hold or follow a position of ``starts``
    (ascending) within its run of token characters, each with the token after it, in
    text order: what :func:`tokens` gives there.

    A whole source is read for its numeric facts, and only a few words start one
    (number and month words, "a" before a scale): making every token of the source
    was most of that read. A token is a run of letters, apostrophes, hyphens and
    dots, so a scan of the whole text is in step with one started just after any
    other character: each position is tokenized from there.
    """
    kept: dict[int, Tok] = {}
    synced = 0  # the whole-text scan is known to be in step here
    for p in starts:
        if p < synced:
            continue
        low = max(synced, p - _LOOK_BACK)
        tail = _TOKENISH_TAIL.search(text, low, p)
        # just after a character no token holds, or where the last stretch ended
        start = tail.start() if tail is not None and tail.start() > low else synced
        run = _TOKENISH.match(text, p)
        end = run.end() if run is not None else p
        for m in _TOKEN.finditer(text, start, end):
            if m.end() > p:
                _keep(kept, text, m)
        synced = end
    return [kept[k] for k in sorted(kept)]


def _keep(kept: dict[int, Tok], text: str, m: re.Match[str]) -> None:
    """Keep the token ``m`` and the one after it (read with it: "a million")."""
    for t in (m, _TOKEN.search(text, m.end())):
        if t is not None and t.start() not in kept:
            kept[t.start()] = Tok(t.start(), t.end(), t.group())


@lru_cache(maxsize=65536)
def bare_word(word: str) -> str:
    """A word bare of case, accents, possessive and full stops: "Zürich's" -> "zurich",
    "U.S." -> "us"; what two words of names are compared by.

    Not :func:`citemark.fold.fold`, which folds a whole text for matching and keeps
    every offset mappable (accents stay: "año" is not "ano"); here a word is only
    compared, never mapped back, and a name's accent is often dropped in writing.
    """
    w = word.casefold().replace("’", "'")
    if not w.isascii():
        w = "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))
    if w.endswith("'s"):
        w = w[:-2]
    return w.replace(".", "").strip("'")


@lru_cache(maxsize=100_000)
def stem(word: str) -> str:
    """The Snowball stem, possessive dropped: "sublets", "subletting" and "sublet" meet,
    and so do "pays" and "pay" (the support stage compares words by the same stems)."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    return snowball(w)


def same_verb(word: str, verb: str) -> bool:
    """Whether ``word`` and ``verb`` are forms of one verb ("terminated", "terminates"
    and "terminate"); a noun of the same stem ("termination") is not."""
    return _verb_base(word) == _verb_base(verb)


def _verb_base(word: str) -> str:
    """A verb without its -ed, -s or final -e: "terminat" of "terminated", "terminates"
    and "terminate"."""
    word = word.lower()
    if word.endswith("ed"):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:-1] if word.endswith("e") else word


# A run of letters: a word without its digits, marks and apostrophes.
LETTERS = lazy_pattern(r"[^\W\d_]+")
# A run of letters or one mark of punctuation: the words of a gap and what breaks it.
WORD_OR_MARK = lazy_pattern(r"[^\W\d_]+|[^\w\s]")
# Where a clause ends for the rules that read one to its end: a sentence's end, a
# semicolon, a colon or a new line. (``sentence_around`` reads past a colon: a
# condition written after one is still the sentence's.)
CLAUSE_END = lazy_pattern(r"[.;:!?\n]")
_SENTENCE_BREAK = lazy_pattern(r"[.;!?\n]")


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence (or ";"-clause) holding ``text[start:end]`` starts and ends: what
    a rule reads for an exception or a condition to the words it matched."""
    begin = max(text.rfind(c, 0, start) for c in ".;!?\n") + 1
    stop = _SENTENCE_BREAK.search(text, end)
    return begin, stop.start() if stop else len(text)


def content_stems(text: str) -> frozenset[str]:
    """The stems of the words of ``text`` that are no stopwords: what a phrase is about."""
    return frozenset(stem(w.lower()) for w in LETTERS.findall(text) if w.lower() not in STOPWORDS)


# The mark after an owner's name: "Party's", "Parties' ".
OWNER = lazy_pattern(r"['’](?:s\b|\s)")


def owner(text: str, t: Tok) -> bool:
    """Whether the word is an owner ("Defendant's", "plaintiffs'"), no head of its phrase."""
    return t.lower.endswith(("'s", "’s")) or OWNER.match(text, t.end) is not None


def phrase_alternation(phrases: Iterable[str]) -> str:
    """A regex alternation of phrases, longest first (so "no more than" is tried before
    "more than"), any run of spaces between their words."""
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)
