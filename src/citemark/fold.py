"""Case and diacritic folding with a map back to the original text.

Matching ignores what a reader would not count as a different word:

* **Case**, Unicode-correctly: ``"Straße".casefold()`` is ``"strasse"`` (longer
  than the original), so offsets found in the folded copy cannot be used on the
  original directly.
* **Encoding**: ``é`` written as one code point or as ``e`` + U+0301 is the same
  letter (both fold to the NFC form).
* **Optional vowel marks**: Arabic harakat (and tatweel, the elongation stroke) and
  Hebrew niqqud and cantillation. Texts are written with or without them, so
  ``ذَهَبَ`` and ``ذهب`` are one word. Marks that are part of the spelling are kept:
  Devanagari or Thai vowel signs, Latin accents (``año`` is not ``ano``).

The unit of folding is the grapheme cluster (see :mod:`citemark.graphemes`).
:class:`FoldedText` keeps, for every folded character, the original cluster it
came from, so matches found in the folded copy map back to whole clusters: a
match can never end between a consonant and its vowel sign, nor shift later
offsets.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import regex

from .graphemes import CLUSTER, one_per_code_point
from .lazy import lazy_pattern

# Turkish dotted capital I folds to "i" + U+0307 under full case folding, which
# would stop "istanbul" from matching "İstanbul". Folding it to a plain "i" is
# what a reader expects from case-insensitive search.
_SPECIAL = {"\u0130": "i"}

# Typographic variants a reader takes for the same character, each replaced by one
# character (so every offset holds): curly apostrophes and quotation marks, hyphens and
# dashes, no-break and thin spaces, and the full-width forms of ASCII (U+FF01-U+FF5E).
# Document mode's tokens never held them; phrase mode missed "landlord’s consent" for
# "landlord's consent", "5–4" for "5-4" and "ＡＢＣ１２３" for "ABC123".
_REPLACE = {
    **dict.fromkeys("\u2018\u2019\u201b\u2032", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u2033", '"'),
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"),
    **dict.fromkeys("\u00a0\u2007\u2009\u202f", " "),
    **{chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)},
}


def _typographic(folded: str, highs: set[str]) -> str:
    """``folded`` with the typographic variants replaced. ``highs`` are the original
    text's distinct characters past U+02FF (``HIGH_CHAR``, the one scan both this and
    :func:`_is_plain` read), each variant among their folds replaced in C:
    ``str.translate`` with this table took 62 ms over a megabyte of contracts."""
    for ch in _REPLACE.keys() & {c.casefold() for c in highs}:
        folded = folded.replace(ch, _REPLACE[ch])
    return folded


# Marks that may be written or left out without changing the word: Arabic tanwin,
# harakat, shadda, sukun (U+064B-U+0652), further vowel marks (U+0656-U+065F),
# superscript alef, Quranic annotation signs, tatweel; Hebrew cantillation and
# niqqud (U+0591-U+05C7 less the punctuation maqaf, paseq, sof pasuq and nun
# hafukha). Hamza and madda above/below (U+0653-U+0655) are kept: they spell
# letters (أ, إ, آ).
OPTIONAL_MARKS = (
    "\u064b-\u0652\u0656-\u065f\u0670\u0640\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
    "\u08d3-\u08e1\u08e3-\u08ff"
    "\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
)
_OPTIONAL = regex.compile(f"[{OPTIONAL_MARKS}]+")


@lru_cache(maxsize=65536)
def fold_cluster(cluster: str) -> str:
    """The folded form of one grapheme cluster (possibly empty, for a lone optional mark)."""
    folded = "".join(_SPECIAL.get(ch) or ch.casefold() for ch in cluster)
    folded = _OPTIONAL.sub("", folded)
    folded = unicodedata.normalize("NFC", folded)
    return _REPLACE.get(folded, folded) if len(folded) == 1 else folded


# Characters from U+0300 on: the only ones that can be marks, joiners or jamo, or make
# a text need more than the standard library's tokenizer (``tokens``).
HIGH_CHAR = lazy_pattern("[^\x00-\u02ff]")


def _is_plain(text: str, folded: str, highs: set[str]) -> bool:
    """Whether folding non-ASCII ``text`` is plain ``casefold`` with every offset kept:
    its case folding kept every character at its place and in NFC, with no optional
    mark and one cluster per code point. Only ``highs``, the distinct characters from
    U+0300 on, are looked at one by one.
    """
    return (
        len(folded) == len(text)
        and unicodedata.is_normalized("NFC", folded)
        and all(map(_plain_char, highs))
    )


def _casefolded(text: str) -> tuple[str, bool]:
    """``text`` case-folded with its typographic variants replaced, and whether that
    is the whole of folding it (:func:`_is_plain`)."""
    folded = text.casefold()
    if text.isascii():
        return folded, True
    highs = set(HIGH_CHAR.findall(text))
    folded = _typographic(folded, highs)
    return folded, _is_plain(text, folded, highs)


@lru_cache(maxsize=4096)
def _plain_char(ch: str) -> bool:
    """A character that is a cluster on its own wherever it stands and folds to one character.

    Marks are never plain, even the few that UAX #29 does not glue to a neighbour,
    so that :func:`is_plain_word_char` is exact on plain text.
    """
    return (
        one_per_code_point(ch) and len(fold_cluster(ch)) == 1 and unicodedata.category(ch)[0] != "M"
    )


def fold(text: str) -> str:
    """The folded form of a whole string: the ``folded`` of :meth:`FoldedText.of`."""
    folded, plain = _casefolded(text)
    if plain:
        return folded
    return "".join(fold_cluster(c) for c in CLUSTER.findall(text))


@dataclass(frozen=True)
class FoldedText:
    """A folded copy of ``original`` and the map from folded to original indices.

    ``origin[i]`` is the start of the original cluster that produced folded
    character ``i`` and ``ends[i]`` its end; ``origin`` has one extra entry,
    ``len(original)``. A cluster that folds to nothing (a stripped mark, a
    tatweel) is counted into the cluster before it. ``origin`` and ``ends`` are
    ``None`` when folding kept every character at its place and every character is
    a cluster of its own, CR LF aside (the common case), which makes the map the
    identity.
    """

    original: str
    folded: str
    origin: tuple[int, ...] | None
    ends: tuple[int, ...] | None = None

    @classmethod
    def of(cls, text: str) -> FoldedText:
        folded, plain = _casefolded(text)
        if plain:
            return cls(text, folded, None)
        parts: list[str] = []
        origin: list[int] = []
        ends: list[int] = []
        pending: int | None = None  # start of leading clusters that folded to nothing
        for match in CLUSTER.finditer(text):
            start, end = match.span()
            piece = fold_cluster(match.group())
            if not piece:
                if ends:
                    last = origin[-1]
                    at = len(ends) - 1
                    while at >= 0 and origin[at] == last:
                        ends[at] = end
                        at -= 1
                elif pending is None:
                    pending = start
                continue
            if pending is not None:
                start, pending = pending, None
            parts.append(piece)
            origin.extend([start] * len(piece))
            ends.extend([end] * len(piece))
        origin.append(len(text))
        return cls(text, "".join(parts), tuple(origin), tuple(ends))

    def to_original(self, start: int, end: int) -> tuple[int, int] | None:
        """Map a folded half-open range to the original, or ``None`` if it cuts a cluster.

        A range that begins or ends inside the fold of one original cluster (half
        of the "ss" that "ß" folds to, a consonant without its vowel sign) has no
        faithful original range, so it is refused rather than widened.
        """
        origin = self.origin
        if origin is None:
            # The one cluster of two code points plain text can hold is CR LF.
            # (The phrase paths' inlined checks skip this test only for phrases that
            # neither start with LF nor end with CR.)
            text = self.original
            if "\r\n" in (text[start - 1 : start + 1], text[end - 1 : end + 1]):
                return None
            return start, end
        if start > 0 and origin[start - 1] == origin[start]:
            return None
        if end < len(self.folded) and origin[end - 1] == origin[end]:
            return None
        if end <= start:
            return origin[start], origin[start]
        assert self.ends is not None
        return origin[start], self.ends[end - 1]


def is_word_char(ch: str) -> bool:
    """What may not touch a word-level match: letters, digits, underscore, marks, joiners.

    Combining marks and the zero-width (non-)joiners belong to the word they sit
    in (a Hindi vowel sign, a Persian ZWNJ), so a phrase may not end before them.
    """
    return (
        ch.isalnum()
        or ch == "_"
        or (ch > "\u02ff" and (unicodedata.category(ch)[0] == "M" or ch in "\u200c\u200d"))
    )


def is_plain_word_char(ch: str) -> bool:
    """:func:`is_word_char` for text that :class:`FoldedText` found plain: the cheaper test.

    Plain text holds no combining mark and no joiner, so letters, digits and
    underscore are all its word characters; the phrase automaton runs this once
    per raw hit, tens of thousands of times on a long text.
    """
    return ch.isalnum() or ch == "_"
