"""Typed records that flow between the pipeline stages.

Every offset is a Python ``str`` index (code points) into the *original* text,
half-open, so ``text[start:end]`` is always the span meant.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal, NamedTuple, Protocol, TypeVar

Status = Literal["supported", "partial", "unsupported", "no_claim"]
# The statuses a claim can have; "no_claim" (a sentence that asserts nothing
# checkable: a lead-in, a heading) is counted apart from them.
STATUSES: tuple[Status, ...] = ("supported", "partial", "unsupported")


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


class _HasRange(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


_Ranged = TypeVar("_Ranged", bound=_HasRange)


def overlapping(spans: Sequence[_HasRange], items: Sequence[_Ranged]) -> list[list[_Ranged]]:
    """For each span (a sentence's, a sentence result's), the items (matches, blocks)
    overlapping it, in their given order.

    Each sentence then looks at its own quotes only, not at all of the answer's,
    which made the per-sentence loops quadratic in answer length; the loops skip
    non-overlapping items anyway, so the result is the same. Spans in order and
    disjoint (what the segmenter and ``align`` produce) take a sorted sweep; any
    other spans take the plain filter.
    """
    if any(a.end > b.start for a, b in pairwise(spans)) or any(s.start >= s.end for s in spans):
        return [[i for i in items if i.start < s.end and i.end > s.start] for s in spans]
    ends = [s.end for s in spans]
    found: list[list[_Ranged]] = [[] for _ in spans]
    for item in items:
        n = bisect_right(ends, item.start)
        while n < len(spans) and spans[n].start < item.end:
            found[n].append(item)
            n += 1
    return found


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


def coverage_of(text: str, blocks: Sequence[Block]) -> float:
    """Share of the text's characters inside some block: a groundedness signal."""
    if not text:
        return 0.0
    return sum(b.end - b.start for b in blocks) / len(text)
