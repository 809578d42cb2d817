"""Chunks of one parent document joined back into the runs of text they cover.

A RAG pipeline hands over the chunks its retriever returned: pieces of one document
with their offsets in it, which touch (``chunk_overlap=0``) or overlap (LangChain's
and LlamaIndex's default). Matched apart, a sentence across a cut was cited in two
pieces, its evidence cut inside a word, and could drop to ``partial``; overlapping
chunks could not be taken at all. Joined, the pipeline reads each run of the parent
as one text, and every offset it reports is still the parent's.

What is joined: chunks with the same id whose offset ranges overlap or touch, and
whose texts agree where they overlap (two texts claiming one place of a document are
refused: that is two documents under one id, not one document cut twice). Chunks with
a gap between them stay apart: what the gap held is not known (a splitter that strips
whitespace drops it), and filling it would report evidence the parent does not hold.

A citation still names one input chunk (``source_index``, the chunk's place in the
list as given, which the review page opens): the first chunk that holds all of its
evidence, else the first that holds its start.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from .errors import InputError
from .types import Match, Source


@dataclass(frozen=True)
class Piece:
    """One input chunk inside a joined document: its place in the list as given and
    the parent offsets it covers."""

    position: int
    start: int
    end: int


@dataclass(frozen=True)
class Joined:
    """The documents the pipeline reads, and which input chunks each one holds.

    ``pieces[d]`` lists the chunks of ``documents[d]`` by start; it is empty where the
    document is one input source as given, ``sources[d]`` (no id repeats): most calls.
    """

    documents: tuple[Source, ...]
    pieces: tuple[tuple[Piece, ...], ...]
    positions: tuple[int, ...]
    # Per document, its pieces' starts, and the furthest end of the pieces up to each:
    # so that naming the chunk of a citation reads only the pieces around it (a
    # tag() of a long answer names tens of thousands of matches).
    starts: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    furthest: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        starts = tuple(tuple(p.start for p in pieces) for pieces in self.pieces)
        furthest = tuple(tuple(accumulate((p.end for p in pieces), max)) for pieces in self.pieces)
        object.__setattr__(self, "starts", starts)
        object.__setattr__(self, "furthest", furthest)

    def as_given(self, matches: list[Match]) -> list[Match]:
        """``matches`` of the joined documents with ``source_index`` a place in the
        list as given, as :func:`citemark.find_matches` promises."""
        if not any(self.pieces):
            return matches
        out = []
        for m in matches:
            if m.source_index is None or m.source_start is None or m.source_end is None:
                out.append(m)
                continue
            place = self.input_position(m.source_index, m.source_start, m.source_end)
            out.append(m if place == m.source_index else m._replace(source_index=place))
        return out

    def input_position(self, document: int, start: int, end: int) -> int:
        """The place, in the list as given, of the chunk a citation of parent offsets
        ``start:end`` in ``documents[document]`` names."""
        pieces = self.pieces[document]
        if not pieces:
            return self.positions[document]
        furthest = self.furthest[document]
        holding, opening = [], []
        # The pieces that start at or before ``start``, latest first, while one of them
        # or an earlier one still reaches past it.
        k = bisect_right(self.starts[document], start) - 1
        while k >= 0 and furthest[k] > start:
            piece = pieces[k]
            if start < piece.end:
                opening.append(piece.position)
                if end <= piece.end:
                    holding.append(piece.position)
            k -= 1
        return min(holding or opening or [pieces[0].position])


def join_chunks(sources: Sequence[Source]) -> Joined:
    """``sources`` with the chunks of each document that overlap or touch joined.

    Documents keep the order of their first chunk in ``sources``; a list with no
    repeated id comes back as it is.
    """
    by_id: dict[str, list[int]] = {}
    for position, source in enumerate(sources):
        by_id.setdefault(source.id, []).append(position)
    if len(by_id) == len(sources):
        return Joined(tuple(sources), ((),) * len(sources), tuple(range(len(sources))))
    runs: list[tuple[int, Source, tuple[Piece, ...]]] = []
    for positions in by_id.values():
        if len(positions) == 1:
            only = positions[0]
            runs.append((only, sources[only], ()))
            continue
        runs.extend(_runs(sources, positions))
    runs.sort(key=lambda run: run[0])
    return Joined(
        tuple(document for _, document, _ in runs),
        tuple(pieces for _, _, pieces in runs),
        tuple(first for first, _, _ in runs),
    )


class _Run:
    """A run of one document being joined: its text in parts, each with its parent
    offset, so that growing it and reading back an overlap cost what they touch."""

    def __init__(self, position: int, chunk: Source) -> None:
        self.group = [position]
        self.parts = [chunk.text]
        self.starts = [chunk.offset]
        self.end = chunk.offset + len(chunk.text)

    def text(self, start: int, end: int) -> str:
        """The run's text at parent offsets ``start:end`` (inside the run)."""
        first = bisect_right(self.starts, start) - 1
        out = []
        for part, at in zip(self.parts[first:], self.starts[first:], strict=True):
            if at >= end:
                break
            out.append(part[max(start - at, 0) : end - at])
        return "".join(out)

    def add(self, position: int, chunk: Source) -> None:
        self.group.append(position)
        tail = chunk.text[self.end - chunk.offset :]
        if tail:
            self.parts.append(tail)
            self.starts.append(self.end)
            self.end += len(tail)


def _runs(
    sources: Sequence[Source], positions: list[int]
) -> list[tuple[int, Source, tuple[Piece, ...]]]:
    """The runs of one id's chunks: ``(first position, joined document, pieces)``."""
    order = sorted(positions, key=lambda p: (sources[p].offset, -len(sources[p].text), p))
    runs = [_Run(order[0], sources[order[0]])]
    for position in order[1:]:
        chunk, run = sources[position], runs[-1]
        if chunk.offset > run.end:
            runs.append(_Run(position, chunk))
            continue
        end = min(run.end, chunk.offset + len(chunk.text))
        if run.text(chunk.offset, end) != chunk.text[: end - chunk.offset]:
            _refuse(sources, run.group, position)
        run.add(position, chunk)
    return [_joined(sources, run) for run in runs]


def _joined(sources: Sequence[Source], run: _Run) -> tuple[int, Source, tuple[Piece, ...]]:
    first = min(run.group)
    if len(run.group) == 1:
        return first, sources[first], ()
    pieces = tuple(
        Piece(p, sources[p].offset, sources[p].offset + len(sources[p].text)) for p in run.group
    )
    lead = sources[first]
    return first, Source(lead.id, "".join(run.parts), run.starts[0], lead.metadata), pieces


def _refuse(sources: Sequence[Source], group: list[int], position: int) -> None:
    """Name a chunk of the run whose text differs from ``sources[position]``'s where
    the two overlap (one must: the run's text is made of its chunks' texts)."""
    chunk = sources[position]
    other = next((p for p in group if _differs(sources[p], chunk)), group[0])
    mine = sources[other]
    if mine.offset == chunk.offset == 0:
        # the common case: two documents given one id, neither placed in a parent
        raise InputError(
            f"duplicate source id {chunk.id!r}: sources {other} and {position} have it, and "
            "their texts differ; give different documents distinct ids (chunks of one "
            "document: give each its offset in the parent)"
        )
    raise InputError(
        f"duplicate source id {chunk.id!r}: sources {other} and {position} overlap "
        f"(characters {mine.offset}-{mine.offset + len(mine.text)} and "
        f"{chunk.offset}-{chunk.offset + len(chunk.text)}) but their texts differ there; "
        "chunks of one document must agree where they overlap: give each chunk its offset "
        "in the parent, or give different documents distinct ids"
    )


def _differs(a: Source, b: Source) -> bool:
    """Whether two chunks' texts differ somewhere they overlap."""
    lo = max(a.offset, b.offset)
    hi = min(a.offset + len(a.text), b.offset + len(b.text))
    mine, theirs = a.text[lo - a.offset : hi - a.offset], b.text[lo - b.offset : hi - b.offset]
    return lo < hi and mine != theirs
