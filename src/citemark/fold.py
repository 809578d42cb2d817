"""Case folding with a map back to the original text.

Case-insensitive matching must be Unicode-correct: ``"Straße".casefold()`` is
``"strasse"`` (longer than the original), so offsets found in the folded copy
cannot be used on the original directly. :class:`FoldedText` keeps, for every
folded character, the original character it came from, so matches found in the
folded copy map back to whole original characters and never shift later offsets.
"""

from __future__ import annotations

from dataclasses import dataclass

# Turkish dotted capital I folds to "i" + U+0307 under full case folding, which
# would stop "istanbul" from matching "İstanbul". Folding it to a plain "i" is
# what a reader expects from case-insensitive search.
_SPECIAL = {"\u0130": "i"}


def fold_char(ch: str) -> str:
    """The case-folded form of one character (one or more characters)."""
    return _SPECIAL.get(ch) or ch.casefold()


def fold(text: str) -> str:
    """Case-fold a whole string with the same rules as :func:`fold_char`."""
    folded = text.casefold()
    if len(folded) == len(text):
        return folded
    return "".join(fold_char(ch) for ch in text)


@dataclass(frozen=True)
class FoldedText:
    """A case-folded copy of ``original`` and the map from folded to original indices.

    ``origin[i]`` is the index of the original character that produced folded
    character ``i``; ``origin`` has one extra entry, ``len(original)``, so that an
    end offset maps too. ``origin`` is ``None`` when folding kept every character
    at its place (the common case), which makes the map the identity.
    """

    original: str
    folded: str
    origin: tuple[int, ...] | None

    @classmethod
    def of(cls, text: str) -> FoldedText:
        folded = text.casefold()
        # Case folding never shortens a character, so equal lengths mean every
        # character folded to exactly one (and no "İ", which folds to two).
        if len(folded) == len(text):
            return cls(text, folded, None)
        parts: list[str] = []
        origin: list[int] = []
        for index, ch in enumerate(text):
            folded = fold_char(ch)
            parts.append(folded)
            origin.extend([index] * len(folded))
        origin.append(len(text))
        return cls(text, "".join(parts), tuple(origin))

    def to_original(self, start: int, end: int) -> tuple[int, int] | None:
        """Map a folded half-open range to the original, or ``None`` if it cuts a character.

        A range that begins or ends inside the fold of one original character
        (half of the "ss" that "ß" folds to) has no faithful original range, so it
        is refused rather than widened.
        """
        origin = self.origin
        if origin is None:
            return start, end
        if start > 0 and origin[start - 1] == origin[start]:
            return None
        if end < len(self.folded) and origin[end - 1] == origin[end]:
            return None
        return origin[start], origin[end - 1] + 1 if end > start else origin[start]


def is_word_char(ch: str) -> bool:
    """Letters, digits and underscore, in any script: what may not touch a word-level match."""
    return ch.isalnum() or ch == "_"
