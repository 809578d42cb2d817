"""The verbatim stage: exact matches between the answer and its sources.

Two inputs, one output. *Phrase mode* takes, per source, the phrases quoted from
it and finds every occurrence of every phrase with one Aho-Corasick automaton over
a case-folded copy of the answer. *Document mode* takes whole source texts and
finds the maximal runs of tokens the answer shares with a source, seeded by
k-token shingles. Both produce :class:`~citemark.types.Match` records, and
:func:`merge` turns them into :class:`~citemark.types.Block` s.

The plain implementations of the same rules live in :mod:`citemark.reference`;
the tests hold both equal.
"""

from __future__ import annotations

import gc
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

import ahocorasick_rs

from .fold import FoldedText, fold, is_word_char
from .reference import find_phrase_matches_reference
from .tokens import Tokens, tokenize
from .types import Block, Match, Source

# Where a one-shot phrase call switches from a ``str.find`` loop to an automaton:
# both the text and the phrase set must be large enough to pay for the build.
# Both paths give identical output; benchmarks/verbatim.py --crossover measures it.
AUTOMATON_MIN_CHARS = 20_000
AUTOMATON_MIN_PHRASES = 100

DEFAULT_MIN_TOKENS = 4


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building large indexes.

    Building an index allocates tens of thousands of tuples and lists that all
    survive; each allocation burst triggers generation-2 collections that walk
    every live object, which made index building 3-5x slower than the work itself.
    Nothing built here forms reference cycles, so nothing is lost by waiting; the
    collector is restored (only if it was on) when the block ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def prepare_phrases(sources: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """Folded, stripped, non-empty phrases per source id, in input order.

    A phrase listed twice for one source counts twice, as it would in a loop over
    the phrases; only surrounding whitespace and empty phrases are dropped.
    """
    prepared: dict[str, list[str]] = {}
    for source_id, phrases in sources.items():
        prepared[source_id] = [fold(p.strip()) for p in phrases if p.strip()]
    return prepared


def accept(
    folded: FoldedText, phrase: str, start: int, end: int, word_level: bool
) -> tuple[int, int] | None:
    """The original range of a folded occurrence, if the matching rules allow it.

    An occurrence must cover whole original characters and, at word level, must
    not touch a word character on a side where the phrase itself ends in one (so a
    phrase that starts with "(" may follow a letter).
    """
    span = folded.to_original(start, end)
    if span is None or not word_level:
        return span
    text = folded.original
    o_start, o_end = span
    if is_word_char(phrase[0]) and o_start > 0 and is_word_char(text[o_start - 1]):
        return None
    if is_word_char(phrase[-1]) and o_end < len(text) and is_word_char(text[o_end]):
        return None
    return span


class PhraseMatcher:
    """All phrases of all sources compiled once into one Aho-Corasick automaton.

    Build it once and call :meth:`find` on many answers when the phrase set is
    fixed; building is the expensive part for thousands of phrases.
    ``implementation`` is passed to ahocorasick-rs: its default picks a DFA for
    small pattern sets, which searches fastest but takes milliseconds to build, so
    the one-shot path asks for a contiguous NFA instead.
    """

    def __init__(
        self,
        sources: Mapping[str, Iterable[str]],
        *,
        word_level: bool = True,
        implementation: ahocorasick_rs.Implementation | None = None,
        prepared: bool = False,
    ) -> None:
        owners: dict[str, list[str]] = defaultdict(list)
        phrase_sources = sources if prepared else prepare_phrases(sources)
        for source_id, phrases in phrase_sources.items():
            for phrase in phrases:
                owners[phrase].append(source_id)
        self.word_level = word_level
        self._patterns = list(owners)
        self._owners = [tuple(sorted(owners[p])) for p in self._patterns]
        # Which edges of each pattern must not touch a word character (word level).
        self._edges = [
            (word_level and is_word_char(p[0]), word_level and is_word_char(p[-1]))
            for p in self._patterns
        ]
        self._automaton = (
            ahocorasick_rs.AhoCorasick(
                self._patterns,
                matchkind=ahocorasick_rs.MATCHKIND_STANDARD,
                implementation=implementation,
            )
            if self._patterns
            else None
        )

    def __len__(self) -> int:
        return len(self._patterns)

    def find(self, text: str) -> list[Match]:
        """Every accepted occurrence of every phrase, one match per owning source."""
        if self._automaton is None or not text:
            return []
        folded = FoldedText.of(text)
        found = self._automaton.find_matches_as_indexes(folded.folded, overlapping=True)
        if folded.origin is None:
            hits = self._accept_plain(text, found)
        else:
            hits = []
            for index, start, end in found:
                span = accept(folded, self._patterns[index], start, end, self.word_level)
                if span is not None:
                    hits.extend((span[0], span[1], sid) for sid in self._owners[index])
        hits.sort()
        return [Match(start, end, sid) for start, end, sid in hits]

    def _accept_plain(
        self, text: str, found: list[tuple[int, int, int]]
    ) -> list[tuple[int, int, str]]:
        """:func:`accept` inlined for text whose folded copy keeps every offset.

        Same rules, without the index map and per-match calls: this loop runs once
        per raw hit, tens of thousands of times on a long text.
        """
        hits: list[tuple[int, int, str]] = []
        edges, owners, size = self._edges, self._owners, len(text)
        for index, start, end in found:
            left, right = edges[index]
            if left and start > 0 and is_word_char(text[start - 1]):
                continue
            if right and end < size and is_word_char(text[end]):
                continue
            for sid in owners[index]:
                hits.append((start, end, sid))
        return hits


def find_phrase_matches(
    text: str, sources: Mapping[str, Iterable[str]], *, word_level: bool = True
) -> list[Match]:
    """Phrase-mode matches of ``text``, taking the faster path for the input's size.

    Building an automaton costs a few microseconds per phrase; a ``str.find`` loop
    costs a little per phrase and per character. On short texts the loop wins
    even with many phrases, on long texts the automaton wins even with few (see
    ``benchmarks/verbatim.py --crossover``). Both paths give identical output.
    """
    prepared = prepare_phrases(sources)
    phrase_count = sum(len(p) for p in prepared.values())
    if not use_automaton(len(text), phrase_count):
        return find_phrase_matches_reference(text, prepared, word_level=word_level, folded=True)
    matcher = PhraseMatcher(
        prepared,
        word_level=word_level,
        implementation=ahocorasick_rs.Implementation.ContiguousNFA,
        prepared=True,
    )
    return matcher.find(text)


def use_automaton(text_chars: int, phrases: int) -> bool:
    """Whether one automaton pass beats a ``str.find`` loop for a one-shot call."""
    return phrases >= AUTOMATON_MIN_PHRASES and text_chars >= AUTOMATON_MIN_CHARS


class DocumentMatcher:
    """Sources prepared for document-mode matching: tokens and a k-shingle index.

    A run shared by the answer and a source is found from its first k-token
    shingle and extended token by token; a seed whose previous tokens also agree
    is skipped, because the run containing it was already found from further left.
    The cost follows the number of shared shingles, not answer x source length.
    """

    def __init__(self, sources: Sequence[Source], *, min_tokens: int = DEFAULT_MIN_TOKENS) -> None:
        if min_tokens < 1:
            raise ValueError("min_tokens must be at least 1")
        self.sources = list(sources)
        self.min_tokens = min_tokens
        self._seeds: dict[tuple[str, ...], list[tuple[int, int]]] = {}
        with gc_paused():
            self.tokens = [tokenize(s.text) for s in self.sources]
            for source_index, toks in enumerate(self.tokens):
                self._add_seeds(source_index, toks.keys)

    def _add_seeds(self, source_index: int, keys: tuple[str, ...]) -> None:
        """Index every k-token shingle of one source by its position, in order.

        ``zip`` over shifted copies builds the k-tuples in C; one ``dict.get`` per
        shingle replaces ``defaultdict`` indexing. Same keys, same position lists.
        """
        seeds = self._seeds
        k = self.min_tokens
        for j, key in enumerate(zip(*(keys[i:] for i in range(k)), strict=False)):
            found = seeds.get(key)
            if found is None:
                seeds[key] = [(source_index, j)]
            else:
                found.append((source_index, j))

    def find(self, text: str, tokens: Tokens | None = None) -> list[Match]:
        """Maximal shared runs of at least ``min_tokens`` tokens, as matches."""
        answer = tokens if tokens is not None else tokenize(text)
        keys, k = answer.keys, self.min_tokens
        matches: list[Match] = []
        for i in range(len(keys) - k + 1):
            seeds = self._seeds.get(keys[i : i + k])
            if not seeds:
                continue
            for source_index, j in seeds:
                source_keys = self.tokens[source_index].keys
                if i > 0 and j > 0 and keys[i - 1] == source_keys[j - 1]:
                    continue
                length = _extend(keys, source_keys, i, j, k)
                matches.append(self._match(answer, source_index, i, j, length))
        matches.sort()
        return matches

    def _match(self, answer: Tokens, source_index: int, i: int, j: int, length: int) -> Match:
        source = self.sources[source_index]
        toks = self.tokens[source_index]
        return Match(
            answer.starts[i],
            answer.ends[i + length - 1],
            source.id,
            source.offset + toks.starts[j],
            source.offset + toks.ends[j + length - 1],
            source_index,
        )


def _extend(keys: Sequence[str], source_keys: Sequence[str], i: int, j: int, known: int) -> int:
    length = known
    while (
        i + length < len(keys)
        and j + length < len(source_keys)
        and keys[i + length] == source_keys[j + length]
    ):
        length += 1
    return length


def find_document_matches(
    text: str, sources: Sequence[Source], *, min_tokens: int = DEFAULT_MIN_TOKENS
) -> list[Match]:
    """Document-mode matches of ``text`` against whole sources."""
    return DocumentMatcher(sources, min_tokens=min_tokens).find(text)


def merge(matches: Iterable[Match]) -> list[Block]:
    """Blocks of matches that overlap or touch, each counting its matches per source.

    A match that starts at or before the current block's end extends the block;
    touching counts, so adjacent quotes become one citation instead of two
    fragments.
    """
    blocks: list[Block] = []
    current: list[Match] = []
    end = -1
    for match in sorted(matches):
        if current and match.start <= end:
            current.append(match)
            end = max(end, match.end)
            continue
        if current:
            blocks.append(_block(current, end))
        current, end = [match], match.end
    if current:
        blocks.append(_block(current, end))
    return blocks


def _block(matches: list[Match], end: int) -> Block:
    counts = Counter(m.source_id for m in matches)
    return Block(matches[0].start, end, tuple(sorted(counts.items())), tuple(matches))


def coverage_of(text: str, blocks: Sequence[Block]) -> float:
    """Share of the text's characters inside some block: a groundedness signal."""
    if not text:
        return 0.0
    return sum(b.end - b.start for b in blocks) / len(text)
