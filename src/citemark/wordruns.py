"""Which phrases a short text can hold, told from its words before any ``str.find``.

The small-input phrase path (:func:`citemark.verbatim.find_phrases_by_loop`) runs
one ``str.find`` per phrase over the folded text. Most quoted phrases do not occur
in a short answer, and one set test tells most of those apart without a find:

* A *word run* is a maximal run of word characters, here ``str.isalnum()`` or
  ``_`` (what ``re``'s ``\\w`` matches) outside the scripts written without spaces
  (``citemark.tokens.UNSPACED``: Han, Kana, Thai, Lao, Khmer, Myanmar), taken on
  folded text. A character of those scripts is a word of its own at word level
  (:func:`citemark.tokens.is_spaced_word_char`), so it separates runs as
  punctuation does; case folding maps each of them to itself.
* An *inner* run of a phrase (one with a non-word character of the phrase on both
  sides) is a whole word run of any text the phrase occurs in: the characters
  that end it come with the phrase. That holds in every mode, on any text.
* The *first* run (when the phrase begins with a word character) is a whole run
  of the text too when word boundaries are checked and the text's folding is the
  identity map (``FoldedText.origin is None``): the match may not follow a word
  character of the original, and folding such text maps each character to the
  case fold of itself, which never turns a non-word character into a word
  character there (``tests/test_wordruns.py`` holds that over all of Unicode).
  The same goes for the last run. Otherwise (``word_level=False``, or text whose
  folding moved offsets) the edge runs are not required, only the inner ones.

So a phrase with a required run that is not among the text's runs cannot occur,
and is skipped; any other phrase is still found with ``str.find`` and checked by
the usual rules, so the filter can only save work, never change a result.

ASCII text, the common case, is split into runs in C: its bytes with every
non-word byte turned into a space, split on white space. The phrases of one call
are joined and split the same way at once, each phrase's bytes then split into its
runs; a non-ASCII character stays inside its run, which then cannot be a run of
ASCII text, rightly, as such a phrase cannot occur in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .lazy import lazy_pattern
from .tokens import UNSPACED

# A word character: what ``re`` matches with \w in a str pattern, which is exactly
# ``str.isalnum()`` or "_" (citemark.fold.is_plain_word_char), less the unspaced
# scripts, whose characters are words of their own (no ASCII character is one).
_RUN = lazy_pattern(rf"[^\W{UNSPACED}]+")
# Runs and the separator between two joined phrases.
_RUN_OR_SEP = lazy_pattern(rf"[^\W{UNSPACED}]+|\x00")
_SEP = "\x00"
# Every ASCII byte that is not a word character, as a space (bytes from 0x80 on,
# parts of non-ASCII characters, stay); for phrases, NUL stays, as it separates them.
_ASCII_NON_WORD = bytes(b for b in range(128) if not (chr(b).isalnum() or b == ord("_")))
_TEXT_RUNS = bytes.maketrans(_ASCII_NON_WORD, b" " * len(_ASCII_NON_WORD))
_PHRASE_RUNS = bytes.maketrans(_ASCII_NON_WORD[1:], b" " * (len(_ASCII_NON_WORD) - 1))


def _is_word(ch: str) -> bool:
    """Whether ``ch`` belongs to a word run (a word character outside the unspaced scripts)."""
    return _RUN.match(ch) is not None


class WordRuns:
    """The word runs of one folded text, and which phrases they leave possible."""

    def __init__(self, haystack: str) -> None:
        self._ascii = haystack.isascii()
        if self._ascii:
            self._runs: set[str] | set[bytes] = set(
                haystack.encode("ascii").translate(_TEXT_RUNS).split()
            )
        else:
            self._runs = set(_RUN.findall(haystack))

    def candidates(self, phrases: Sequence[str], *, edges: bool) -> list[bool]:
        """Per phrase: whether it may occur in the text (``False``: it cannot).

        ``phrases`` are folded, stripped and non-empty. ``edges`` says the first and
        last runs are required as well as the inner ones (see the module doc).
        """
        if not phrases:
            return []
        found = (
            self._ascii_candidates(phrases, edges)
            if self._ascii
            else self._unicode_candidates(phrases, edges)
        )
        if found is None:  # a phrase holds the separator: test each one alone
            return [self._may_hold(phrase, edges) for phrase in phrases]
        return found

    def _ascii_candidates(self, phrases: Sequence[str], edges: bool) -> list[bool] | None:
        """:meth:`candidates` in ASCII text, or ``None`` where a phrase holds the separator."""
        groups = _ascii_groups(phrases)
        if groups is None:
            return None
        if edges:  # bytes.split mapped in C: no Python call per phrase
            return list(map(self._runs.issuperset, map(bytes.split, groups)))
        return [self._runs.issuperset(_inner_bytes(group)) for group in groups]

    def _unicode_candidates(self, phrases: Sequence[str], edges: bool) -> list[bool] | None:
        """:meth:`candidates` in other text, or ``None`` where a phrase holds the separator."""
        groups = _unicode_groups(phrases)
        if groups is None:
            return None
        if edges:  # str.split mapped in C: no Python call per phrase
            return list(map(self._runs.issuperset, map(str.split, groups)))
        return [
            self._runs.issuperset(_inner(phrase, group.split()))
            for phrase, group in zip(phrases, groups, strict=True)
        ]

    def _may_hold(self, phrase: str, edges: bool) -> bool:
        """:meth:`candidates` for one phrase, the plain way."""
        if self._ascii and not phrase.isascii():
            return False  # a non-ASCII phrase cannot occur in ASCII text
        runs = _RUN.findall(phrase)
        required = runs if edges else _inner(phrase, runs)
        if self._ascii:
            return self._runs.issuperset(r.encode("ascii") for r in required)
        return self._runs.issuperset(required)


def _ascii_groups(phrases: Sequence[str]) -> list[bytes] | None:
    """Each phrase's bytes with non-word ASCII bytes as spaces, or ``None`` if one holds NUL."""
    joined = _SEP.join(phrases).encode("utf-8", "surrogatepass")
    groups = joined.translate(_PHRASE_RUNS).split(b"\x00")
    return groups if len(groups) == len(phrases) else None


def _unicode_groups(phrases: Sequence[str]) -> list[str] | None:
    """Each phrase's word runs joined by spaces, or ``None`` if a phrase holds NUL.

    One regex pass over all phrases joined: the runs and separators it finds, joined
    by spaces and split at the separators, are the phrases' runs in order.
    """
    joined = _SEP.join(phrases)
    if joined.count(_SEP) != len(phrases) - 1:
        return None
    return " ".join(_RUN_OR_SEP.findall(joined)).split(_SEP)


def _inner(phrase: str, runs: list[str]) -> list[str]:
    """The runs of ``phrase`` less the first and last where they touch its ends."""
    low = 1 if _is_word(phrase[0]) else 0
    high = len(runs) - 1 if _is_word(phrase[-1]) else len(runs)
    return runs[low:high]


def _inner_bytes(group: bytes) -> list[bytes]:
    """:func:`_inner` for a group of :func:`_ascii_groups` (a space stands for a non-word byte)."""
    runs = group.split()
    low = 0 if group[:1] == b" " else 1
    high = len(runs) if group[-1:] == b" " else len(runs) - 1
    return runs[low:high]
