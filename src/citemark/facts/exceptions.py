"""What a denial excepts, and whether another text states the excepted case.

"Neither party may assign this Agreement, except to an Affiliate, without the prior
written consent of the other party" denies assignment, but "Either party may assign
the agreement to an affiliate" or "... with consent" claims the exception, not the
denied act; "The Seller may assign the Agreement without consent" does not.

:func:`states_exception` is asked once for every denial of a claim against every
passage. Reading the denial's exceptions afresh each time from the denial to the end of
its text, and every word of the passage each time, made one sentence of thousands of
words with a denial in every clause quadratic (30,000 words: minutes). Each text is
now read once: its exception words and the chains of exceptions a scan from any point
walks (:class:`_Exceptions`), and the passage's words stated plainly
(:func:`_plain_stems`). :func:`states_exception_reference` is the plain reading; the
tests hold the two equal.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .text import LETTERS, stem

# What a denial to every party lets through: "Neither party may assign this Agreement,
# except to an Affiliate, without the prior written consent of the other party".
EXCEPTION = lazy_pattern(
    r"\b(?:except|unless|other than|save|without)\b(?P<rest>[^.;:!?\n]{0,60})", re.IGNORECASE
)
# The two parts of ``EXCEPTION``: its word, and what it reads after it.
_EXCEPTION_WORD = lazy_pattern(r"\b(?:except|unless|other than|save|without)\b", re.IGNORECASE)
_REST = lazy_pattern(r"[^.;:!?\n]{0,60}")
_REST_WORDS = 6  # words of an exception read for what it lets through
# Words of an exception that say nothing of what it lets through.
_GENERIC = frozenset(map(stem, "party parties other prior written agreement its their".split()))
_SAID_WITHOUT = lazy_pattern(r"\b(?:without|not|no|never)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_SAID_REACH = 30  # characters before a word read for a "without" that denies it
# Irregular forms an exception is stated in, as their verb's stem: "amended in writing"
# states "except by a written instrument".
_IRREGULAR_STEMS = {"written": "write"}


def _exception_stem(word: str) -> str:
    return _IRREGULAR_STEMS.get(word) or stem(word)


def _rest_stems(rest: str) -> frozenset[str]:
    """Stems of the content words among the first words of an exception."""
    words = LETTERS.findall(rest)[:_REST_WORDS]
    return frozenset(_exception_stem(w.lower()) for w in words if w.lower() not in STOPWORDS)


def states_exception(negated_text: str, at: int, said_text: str, end: int | None = None) -> bool:
    """Whether ``said_text`` says what the denial after ``at`` (up to ``end``, a clause's
    end or the text's) excepts."""
    wanted = excepted_stems(negated_text, at, end)
    return bool(wanted) and not wanted.isdisjoint(_plain_stems(said_text))


def excepted_stems(negated_text: str, at: int, end: int | None = None) -> frozenset[str]:
    """What the exceptions of the denial after ``at`` (up to ``end``) let through, as
    stems, less the generic words."""
    stop = len(negated_text) if end is None else end
    return _exceptions(negated_text).wanted(at, stop) - _GENERIC


def excepted_stems_reference(negated_text: str, at: int, end: int | None = None) -> frozenset[str]:
    """:func:`excepted_stems` read plainly: every exception from ``at`` to ``end``."""
    wanted: set[str] = set()
    stop = len(negated_text) if end is None else end
    for m in EXCEPTION.finditer(negated_text, at, stop):
        wanted.update(_rest_stems(m.group("rest")))
    return frozenset(wanted - _GENERIC)


def states_exception_reference(
    negated_text: str, at: int, said_text: str, end: int | None = None
) -> bool:
    """:func:`states_exception` read plainly: every exception from ``at`` to ``end``,
    then every word of ``said_text`` not denied by a "without" before it."""
    wanted = excepted_stems_reference(negated_text, at, end)
    if not wanted:
        return False
    for m in LETTERS.finditer(said_text):
        if _exception_stem(m.group().lower()) in wanted and not _SAID_WITHOUT.search(
            said_text, max(0, m.start() - _SAID_REACH), m.start()
        ):
            return True
    return False


class _Exceptions:
    """One text's exception words, and what the scans from them find.

    ``EXCEPTION.finditer(text, at, stop)`` finds the first exception word at or after
    ``at``, reads up to 60 characters of its clause, and goes on after them: the words
    it passes are never an exception's own. So which exceptions a scan meets depends
    only on the first one and ``stop``, and the union of what they let through is kept
    per (first, stop). The exception words of the whole text are those a scan from any
    point finds: ``stop`` is a clause's end or the text's, which no word runs across.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        found = list(_EXCEPTION_WORD.finditer(text))
        self.starts = [m.start() for m in found]
        self.ends = [m.end() for m in found]
        self.chains: dict[tuple[int, int], frozenset[str]] = {}

    def wanted(self, at: int, stop: int) -> frozenset[str]:
        """What the exceptions from ``at`` to ``stop`` let through, as stems."""
        path: list[tuple[tuple[int, int], frozenset[str]]] = []
        found: frozenset[str] = frozenset()
        i = bisect_left(self.starts, at)
        while i < len(self.starts) and self.ends[i] <= stop:
            key = (i, stop)
            if key in self.chains:
                found = self.chains[key]
                break
            rest = _REST.match(self.text, self.ends[i], stop)
            assert rest is not None  # it matches the empty string
            path.append((key, _rest_stems(rest.group())))
            i = bisect_left(self.starts, rest.end())
        for key, own in reversed(path):
            found = own | found
            self.chains[key] = found
        return found


@lru_cache(maxsize=256)
def _exceptions(text: str) -> _Exceptions:
    return _Exceptions(text)


@lru_cache(maxsize=256)
def _plain_stems(text: str) -> frozenset[str]:
    """Stems of the words ``text`` states, not after a "without", "not", "no" or "never"."""
    return frozenset(
        _exception_stem(m.group().lower())
        for m in LETTERS.finditer(text)
        if not _SAID_WITHOUT.search(text, max(0, m.start() - _SAID_REACH), m.start())
    )
