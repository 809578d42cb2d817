"""Grapheme clusters: the characters a reader sees, which no boundary may cut.

A user-perceived character can be several code points: a consonant and its vowel
sign (``कि``), a letter and its accent (``e`` + U+0301), an emoji with a skin tone
or a family joined by U+200D. A citation tag closed between them would split one
visible character, so every offset citemark reports must lie on a cluster
boundary. The rules (Unicode UAX #29, extended clusters) come from the ``regex``
module's ``\\X``, which follows the current Unicode version; nothing here restates
them except the shortcuts that say when they cannot apply.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

CLUSTER = regex.compile(r"\X")

# Characters that can be glued to a neighbour into one cluster: marks and other
# extenders, the joiner, spacing marks, Prepend (glued to what follows), Hangul
# jamo, regional indicators (flags come in pairs) and CR (CR LF is one cluster).
# A text without any of them has exactly one cluster per code point.
_GLUE = regex.compile(
    r"[\p{GCB=Extend}\p{GCB=ZWJ}\p{GCB=SpacingMark}\p{GCB=Prepend}"
    r"\p{GCB=L}\p{GCB=V}\p{GCB=T}\p{GCB=Regional_Indicator}\r]"
)

# Where a scan may start: a character whose cluster rules do not look further back
# (not an extender, a joiner or a regional indicator). Found scanning leftwards.
_SCAN_START = regex.compile(
    r"[^\p{GCB=Extend}\p{GCB=ZWJ}\p{GCB=SpacingMark}\p{GCB=Regional_Indicator}]",
    flags=regex.REVERSE,
)


_PREPEND = regex.compile(r"\p{GCB=Prepend}")


def one_per_code_point(text: str) -> bool:
    """Whether every code point of ``text`` is a cluster of its own (the common case)."""
    return (text.isascii() and "\r" not in text) or _GLUE.search(text) is None


def clusters(text: str) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` of every grapheme cluster of ``text``, in order."""
    for match in CLUSTER.finditer(text):
        yield match.span()


def is_boundary(text: str, offset: int) -> bool:
    """Whether ``offset`` lies between two grapheme clusters of ``text`` (or at an end).

    Cheap when the character at ``offset`` is below U+0300 (no mark, joiner or
    jamo) and the one before is below U+0600 (no Prepend): then a boundary is
    certain. Otherwise the clusters are read from the nearest earlier character
    whose rules need no further context, a few code points back in real text.
    """
    if offset <= 0 or offset >= len(text):
        return True
    before, at = text[offset - 1], text[offset]
    if at < "\u0300" and at != "\n" and (before < "\u0600" or _PREPEND.match(before) is None):
        return True
    found = _SCAN_START.search(text, 0, offset)
    start = found.start() if found is not None else 0
    for cluster in CLUSTER.finditer(text, start):
        if cluster.end() >= offset:
            return cluster.end() == offset
    return True


def widen(text: str, start: int, end: int) -> tuple[int, int]:
    """``start``-``end`` widened to whole clusters (the same range when it cuts none).

    Clusters are a few code points long, so stepping one code point at a time
    costs little and leans on the one exact test, :func:`is_boundary`.
    """
    while not is_boundary(text, start):
        start -= 1
    while not is_boundary(text, end):
        end += 1
    return start, end
