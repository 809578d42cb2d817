"""Typed records that flow between the pipeline stages.

Every offset is a Python ``str`` index (code points) into the *original* text,
half-open, so ``text[start:end]`` is always the span meant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple


@dataclass(frozen=True, order=True)
class Span:
    """A half-open character range of some text (a sentence, a token, a passage)."""

    start: int
    end: int


def uncovered(start: int, end: int, covers: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The stretches of ``[start, end)`` that no range of ``covers`` overlaps, in order:
    what a sentence says outside its quotes, what an underline keeps around a conflict."""
    out: list[tuple[int, int]] = []
    position = start
    for a, b in sorted(covers):
        if a >= end:
            break
        if b <= a:
            continue  # covers nothing (no stage makes one; the sweep would repeat a stretch)
        if a > position:
            out.append((position, a))
        position = max(position, b)
    if position < end:
        out.append((position, end))
    return out


class Match(NamedTuple):
    """One exact occurrence of source text inside the answer.

    ``source_start``/``source_end`` locate the quoted text in the source document
    (document mode); in phrase mode the source is a list of phrases, not a text,
    so they are ``None``. A typed named tuple rather than a dataclass: a long
    text yields tens of thousands of matches, and tuples are built and sorted in
    C (a frozen dataclass took as long to construct as the whole search).
    """

    start: int
    end: int
    source_id: str
    source_start: int | None = None
    source_end: int | None = None
    source_index: int | None = None


@dataclass(frozen=True)
class Block:
    """A maximal run of answer text covered by matches that overlap or touch.

    ``counts`` says how many matches each source contributed; ``ids`` orders the
    sources by that count, most first, ties by id, so output is deterministic.
    """

    start: int
    end: int
    counts: tuple[tuple[str, int], ...]
    matches: tuple[Match, ...] = field(default=(), compare=False, repr=False)

    @property
    def ids(self) -> tuple[str, ...]:
        counts = self.counts
        if len(counts) == 1:  # most blocks: no sort needed
            return (counts[0][0],)
        return tuple(sid for sid, _ in sorted(counts, key=_most_first))

    def count(self, source_id: str) -> int:
        return dict(self.counts).get(source_id, 0)


@dataclass(frozen=True)
class Source:
    """One source document, or one chunk of a parent document.

    ``offset`` is where ``text`` starts in the parent document, so that every
    evidence offset citemark reports refers to the parent (0 for a whole document).
    Several chunks may share one ``id``.
    """

    id: str
    text: str
    offset: int = 0
    metadata: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


def _most_first(item: tuple[str, int]) -> tuple[int, str]:
    return -item[1], item[0]
