"""Content words: what two texts must share for one to support the other.

Function words carry no evidence ("the", "of", "which"), and inflection should
not hide a match ("pays" / "paid" / "paying"), so texts are compared on the
Snowball stems of their content words (the function words are
:data:`citemark.lexicon.CONTENT_STOPWORDS`). In scripts without spaces every Han or
Katakana character, or Thai (Lao, Khmer, Myanmar) grapheme cluster, is a unit;
Hiragana, mostly particles and inflection, is not.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from functools import lru_cache

import snowballstemmer

from .lazy import lazy_pattern
from .lexicon import CONTENT_STOPWORDS
from .tokens import UNSPACED_CHAR, Tokens

# A Snowball stemmer keeps the word it works on in the object: two threads sharing
# one (the HTTP service aligns requests in a threadpool) corrupt each other's
# stems or crash with IndexError. One stemmer per thread.
_LOCAL = threading.local()
_HIRAGANA = lazy_pattern(r"[\u3040-\u309f]")


@lru_cache(maxsize=200_000)
def unit(key: str) -> str | None:
    """The comparison unit of one folded token, or ``None`` for a function word."""
    if UNSPACED_CHAR.match(key):
        return None if _HIRAGANA.match(key) else key
    if key in CONTENT_STOPWORDS or (len(key) == 1 and not key.isdigit()):
        return None
    if key.isdigit():
        return key.lstrip("0") or "0"
    stemmed = _stem(key)
    return _PLAIN.get(stemmed, stemmed)


# Contracts and statutes count time in Latin as often as in English: "18% per annum"
# says what "18% a year" does, "$50 per diem" what "$50 a day" does. Snowball leaves
# "daily" as "daili", though "yearly", "monthly" and "weekly" lose their ending.
_PLAIN = {"annum": "year", "diem": "day", "daili": "day", "mensem": "month"}


def snowball(word: str) -> str:
    """Snowball's English stem of a lower-case word (one stemmer per thread)."""
    return _stem(word)


def _stem(key: str) -> str:
    stemmer = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        stemmer = _LOCAL.stemmer = snowballstemmer.stemmer("english")
    return stemmer.stemWord(key)


def content_units(tokens: Tokens) -> list[str]:
    """Stems of the content words of a tokenized text, in order (repeats kept)."""
    return [u for u in map(unit, tokens.keys) if u is not None]


def bigrams(units: Sequence[str]) -> set[tuple[str, str]]:
    """Adjacent pairs of content units: order-sensitive evidence that plain overlap misses."""
    return set(itertools.pairwise(units))
