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
import sys
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import compress, repeat

import ahocorasick_rs

from .errors import InputError
from .fold import FoldedText, fold
from .lazy import lazy_pattern
from .tokens import (
    FIRST_UNSPACED,
    UNSPACED_CHAR,
    Tokens,
    is_spaced_word_char,
    tokenize,
)
from .types import Block, Match, Source
from .wordruns import WordRuns

# Where a one-shot phrase call switches from a ``str.find`` loop to an automaton:
# both the text and the phrase set must be large enough to pay for the build.
# Both paths give identical output; benchmarks/verbatim.py --crossover measures it.
# (With the word filter below the loop path also wins at 20,000-30,000 chars when
# most phrases are absent, but loses 2x there when they occur: kept at 20,000.)
AUTOMATON_MIN_CHARS = 20_000
AUTOMATON_MIN_PHRASES = 100
# The loop path searches PREFILTER_PROBE phrases first, then skips the phrases
# holding a word the text lacks (citemark.wordruns) if the probe's misses promise to
# save at least PREFILTER_MIN_SKIPS finds: splitting the text into words costs about
# 20 finds, and where most phrases occur nothing is spent on it. Not on texts of
# PREFILTER_MAX_CHARS or more: there most words of a phrase occur somewhere even
# when the phrase does not, and the filter does not pay (--crossover, 50,000 chars).
PREFILTER_PROBE = 8
PREFILTER_MIN_SKIPS = 40
PREFILTER_MAX_CHARS = AUTOMATON_MIN_CHARS

DEFAULT_MIN_TOKENS = 4

# The most matches one call may produce (``Config.max_matches`` sets it per preset).
# Text that repeats what its sources repeat has matches quadratic in its length;
# past this many the call is refused instead of exhausting memory.
DEFAULT_MAX_MATCHES = 1_000_000

# Phrase mode reads texts longer than this in windows of this many (folded)
# characters. The automaton returns every overlapping hit of one call at once;
# windows keep that list small and let the match limit stop a runaway text early.
# Measured: 1 MB in windows of 1-64 KB costs what one call costs.
SCAN_WINDOW = 4096

# Document mode: a k-token shingle found more often than this in the sources is
# too common to seed a match. Without the cap, "a a a ..." against "a a a ..."
# examines every answer position against every source position (quadratic). A run
# that also holds a rarer shingle is still found whole (see DocumentMatcher);
# only a run made of nothing but such common shingles is not reported.
MAX_SHINGLE_OCCURRENCES = 1000

# Shingles with more occurrences than this keep them sorted by the token before
# them, so that an answer position skips, by bisection, the occurrences that merely
# continue a run found further left, instead of looking at each.
_GROUP_MIN = 16
# Runs are extended token by token this far, then by comparing growing slices
# (in C): short runs stay as cheap as before, long ones cost little per token.
_LINEAR = 16


# Builds a Match from a full tuple in C (the generated ``Match.__new__`` is Python
# and took twice as long: a long text has tens of thousands of matches).
_new_match = tuple.__new__


def too_many_matches(limit: int) -> InputError:
    """The error for a call that would produce more than ``limit`` matches."""
    return InputError(
        f"more than {limit:,} verbatim matches, over the limit (max_matches): the answer "
        "repeats text that the sources repeat; deduplicate the phrases or shorten the input"
    )


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
    the phrases; only surrounding whitespace and phrases that fold to nothing
    (empty, or only optional marks such as Arabic harakat) are dropped.
    """
    prepared: dict[str, list[str]] = {}
    for source_id, phrases in sources.items():
        prepared[source_id] = flat_phrases({source_id: phrases})[1]
    return prepared


def flat_phrases(sources: Mapping[str, Iterable[str]]) -> tuple[list[str], list[str]]:
    """``(ids, phrases)``: :func:`prepare_phrases` of all sources as one list, with owners.

    ``phrases[i]`` is a phrase of source ``ids[i]``. Folding ASCII is ``lower()``,
    called inline: a call of :func:`fold` per phrase was a sixth of a small ``tag()``.
    """
    ids: list[str] = []
    raw: list[str] = []
    for source_id, phrases in sources.items():
        listed = phrases if isinstance(phrases, list | tuple) else list(phrases)
        raw.extend(listed)
        ids.extend(repeat(source_id, len(listed)))
    folded = [p.lower() if p.isascii() else fold(p) for p in map(str.strip, raw)]
    return list(compress(ids, folded)), list(filter(None, folded))


def _plain_spaced(ch: str) -> bool:
    """:func:`is_spaced_word_char` for text :class:`FoldedText` found plain: no marks or
    joiners, so letters, digits and ``_`` are its word characters."""
    return (ch.isalnum() or ch == "_") and (ch < FIRST_UNSPACED or UNSPACED_CHAR.match(ch) is None)


def accept(
    folded: FoldedText, phrase: str, start: int, end: int, word_level: bool
) -> tuple[int, int] | None:
    """The original range of a folded occurrence, if the matching rules allow it.

    An occurrence must cover whole grapheme clusters of the original (never a
    consonant without its vowel sign, half of a folded "ß", an emoji without its
    skin tone) and, at word level, must not touch a word character (marks
    included) on a side where the phrase itself ends in one (so a phrase that
    starts with "(" may follow a letter). Characters of unspaced scripts are
    words of their own (see :func:`is_spaced_word_char`): at word level "東京" is
    found inside "東京都", "Acme" before "株式会社", but "cat" never in "concatenate".
    """
    span = folded.to_original(start, end)
    if span is None or not word_level:
        return span
    text = folded.original
    o_start, o_end = span
    if is_spaced_word_char(phrase[0]) and o_start > 0 and is_spaced_word_char(text[o_start - 1]):
        return None
    if is_spaced_word_char(phrase[-1]) and o_end < len(text) and is_spaced_word_char(text[o_end]):
        return None
    if cuts_number(text, o_start, o_end):
        return None
    return span


def cuts_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` starts or ends with digits that a "," or "." and more
    digits continue outside it: "5%" is no word of "1.5%", nor "400 per month" of
    "$2,400 per month". A number is one word to a reader, as in document mode's quotes
    (:func:`whole_numbers`)."""
    return (text[start].isdigit() and _number_before(text, start)) or (
        text[end - 1].isdigit() and _number_after(text, end)
    )


def _number_before(text: str, start: int) -> bool:
    """Whether digits ending before a "," or "." end just before ``start``: digits
    starting at ``start`` continue a number there ("2,|400", "1.|5")."""
    return start >= 2 and text[start - 1] in ",." and text[start - 2].isdigit()


def _number_after(text: str, end: int) -> bool:
    """Whether a "," or "." and more digits follow ``end``: digits ending at ``end``
    are continued there ("2|,400", "1|.5")."""
    return end + 1 < len(text) and text[end] in ",." and text[end + 1].isdigit()


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
        max_matches: int | None = DEFAULT_MAX_MATCHES,
    ) -> None:
        owners: dict[str, list[str]] = defaultdict(list)
        phrase_sources = sources if prepared else prepare_phrases(sources)
        for source_id, phrases in phrase_sources.items():
            for phrase in phrases:
                owners[phrase].append(source_id)
        self.word_level = word_level
        self.max_matches = max_matches
        self._patterns = list(owners)
        self._longest = max(map(len, self._patterns), default=1)
        self._owners = [tuple(sorted(owners[p])) for p in self._patterns]
        # Per pattern, at word level: which edges must not touch a word character, and
        # whether it starts or ends with a digit (then checked for cutting a longer
        # number, :func:`cuts_number`). One tuple, read once per raw hit.
        self._edges = [
            (
                word_level and is_spaced_word_char(p[0]),
                word_level and is_spaced_word_char(p[-1]),
                word_level and (p[0].isdigit() or p[-1].isdigit()),
            )
            for p in self._patterns
        ]
        # A phrase is stripped before folding, but folding can still leave it starting
        # with LF or ending with CR ("\u064e\nb": the mark folds away): such a phrase
        # could cut the one two-code-point cluster plain text holds, CR LF.
        self._cuts_crlf = any(p[0] == "\n" or p[-1] == "\r" for p in self._patterns)
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
        """Every accepted occurrence of every phrase, one match per owning source.

        Raises :class:`~citemark.InputError` past ``max_matches`` matches.
        """
        if self._automaton is None or not text:
            return []
        folded = FoldedText.of(text)
        hits: list[tuple[int, int, str]] = []
        limit = self.max_matches
        crlf = self._cuts_crlf and "\r\n" in text  # then every hit takes accept()
        for found in self._scan(folded.folded):
            if folded.origin is None and not crlf:
                self._accept_plain(text, found, hits)
            else:
                self._accept_folded(folded, found, hits)
            if limit is not None and len(hits) > limit:
                raise too_many_matches(limit)
        hits.sort()
        return [_new_match(Match, (start, end, sid, None, None, None)) for start, end, sid in hits]

    def _scan(self, haystack: str) -> Iterator[list[tuple[int, int, int]]]:
        """The automaton's overlapping hits, one list per window of ``haystack``.

        A window is searched with the longest phrase's length of text beyond it, and
        keeps the hits that start inside it: each hit is found whole, exactly once.
        """
        find = self._automaton.find_matches_as_indexes  # type: ignore[union-attr]
        size = len(haystack)
        if size <= SCAN_WINDOW:
            yield find(haystack, overlapping=True)
            return
        reach = self._longest - 1
        for base in range(0, size, SCAN_WINDOW):
            width = min(SCAN_WINDOW, size - base)
            found = find(haystack[base : base + width + reach], overlapping=True)
            yield [(index, s + base, e + base) for index, s, e in found if s < width]

    def _accept_plain(
        self, text: str, found: list[tuple[int, int, int]], hits: list[tuple[int, int, str]]
    ) -> None:
        """:func:`accept` inlined for text whose folded copy keeps every offset.

        Same rules, without the index map and per-match calls: this loop runs once
        per raw hit, tens of thousands of times on a long text. Appends to ``hits``.
        """
        edges, owners, size, limit = self._edges, self._owners, len(text), self.max_matches
        for index, start, end in found:
            left, right, digits = edges[index]
            if left and start > 0 and _plain_spaced(text[start - 1]):
                continue
            if right and end < size and _plain_spaced(text[end]):
                continue
            if digits and cuts_number(text, start, end):
                continue
            ids = owners[index]
            if len(ids) == 1:
                hits.append((start, end, ids[0]))
            else:
                _extend_hits(hits, start, end, ids, limit)

    def _accept_folded(
        self,
        folded: FoldedText,
        found: list[tuple[int, int, int]],
        hits: list[tuple[int, int, str]],
    ) -> None:
        """:func:`accept` for each hit of text whose folding moved offsets; appends to ``hits``."""
        for index, start, end in found:
            span = accept(folded, self._patterns[index], start, end, self.word_level)
            if span is not None:
                _extend_hits(hits, span[0], span[1], self._owners[index], self.max_matches)


def _extend_hits(
    hits: list[tuple[int, int, str]],
    start: int,
    end: int,
    ids: Sequence[str],
    limit: int | None,
) -> None:
    """One hit per owning source; a phrase listed 10,000 times would make 10,000 each."""
    if limit is not None and len(hits) + len(ids) > limit:
        raise too_many_matches(limit)
    hits.extend([(start, end, sid) for sid in ids])


def find_phrase_matches(
    text: str,
    sources: Mapping[str, Iterable[str]],
    *,
    word_level: bool = True,
    max_matches: int | None = DEFAULT_MAX_MATCHES,
) -> list[Match]:
    """Phrase-mode matches of ``text``, taking the faster path for the input's size.

    Building an automaton costs a few microseconds per phrase; a ``str.find`` loop
    costs a little per phrase and per character. On short texts the loop wins
    even with many phrases, on long texts the automaton wins even with few (see
    ``benchmarks/verbatim.py --crossover``). Both paths give identical output.
    """
    ids, phrases = flat_phrases(sources)
    if not use_automaton(len(text), len(phrases)):
        return _find_by_loop(text, ids, phrases, word_level, max_matches, None)
    matcher = PhraseMatcher(
        _by_source(ids, phrases),
        word_level=word_level,
        implementation=ahocorasick_rs.Implementation.ContiguousNFA,
        prepared=True,
        max_matches=max_matches,
    )
    return matcher.find(text)


def _by_source(ids: list[str], phrases: list[str]) -> dict[str, list[str]]:
    """The phrases of :func:`flat_phrases` per source again (each source's ids are contiguous)."""
    grouped: dict[str, list[str]] = {}
    at = 0
    for source_id, count in Counter(ids).items():  # counted in C, in order of first sight
        grouped[source_id] = phrases[at : at + count]
        at += count
    return grouped


def find_phrases_by_loop(
    text: str,
    sources: Mapping[str, Iterable[str]],
    *,
    word_level: bool = True,
    max_matches: int | None = DEFAULT_MAX_MATCHES,
    prefilter: bool | None = None,
) -> list[Match]:
    """The small-input path: a ``str.find`` loop over the phrases the text can hold.

    Phrases with a word the text lacks can be skipped without a find
    (:class:`~citemark.wordruns.WordRuns`); the rest are found and accepted as in
    :func:`~citemark.reference.find_phrase_matches_reference`, whose output this
    equals. By default, on texts under :data:`PREFILTER_MAX_CHARS`, the first
    :data:`PREFILTER_PROBE` phrases are searched plainly, and the filter runs on
    the others if as many missed as make it pay; ``prefilter`` forces it on or off
    for all phrases.
    """
    ids, phrases = flat_phrases(sources)
    return _find_by_loop(text, ids, phrases, word_level, max_matches, prefilter)


def _find_by_loop(
    text: str,
    ids: list[str],
    phrases: list[str],
    word_level: bool,
    max_matches: int | None,
    prefilter: bool | None,
) -> list[Match]:
    """:func:`find_phrases_by_loop` of phrases already folded, ``ids[i]`` owning ``phrases[i]``.

    One loop body for every phrase, with :func:`accept` inlined for text whose
    folding kept every offset (as :meth:`PhraseMatcher._accept_plain` does): where
    most phrases occur, the Python around each ``str.find`` is what costs.
    """
    folded = FoldedText.of(text)
    haystack, original, size = folded.folded, folded.original, len(folded.folded)
    plain = folded.origin is None
    misses = [0]  # read by _chosen after the probe
    hits: list[tuple[int, int, str]] = []
    for i in _chosen(folded, phrases, word_level, prefilter, misses):
        phrase = phrases[i]
        start = haystack.find(phrase)
        if start == -1:
            misses[0] += 1
            continue
        if not plain or phrase[0] == "\n" or phrase[-1] == "\r":  # see PhraseMatcher._cuts_crlf
            _accept_all(folded, phrase, start, ids[i], word_level, hits, max_matches)
            continue
        source_id, length = ids[i], len(phrase)
        first, last = phrase[0], phrase[-1]
        left = word_level and is_spaced_word_char(first)
        right = word_level and is_spaced_word_char(last)
        digit_edged = word_level and (first.isdigit() or last.isdigit())
        while start != -1:
            end = start + length
            if not (
                (
                    left
                    and start > 0
                    and ((c := original[start - 1]).isalnum() or c == "_")
                    and (c < FIRST_UNSPACED or UNSPACED_CHAR.match(c) is None)
                )
                or (
                    right
                    and end < size
                    and ((c := original[end]).isalnum() or c == "_")
                    and (c < FIRST_UNSPACED or UNSPACED_CHAR.match(c) is None)
                )
                or (digit_edged and cuts_number(original, start, end))
            ):
                hits.append((start, end, source_id))
                if max_matches is not None and len(hits) > max_matches:
                    raise too_many_matches(max_matches)
            start = haystack.find(phrase, start + 1)
    hits.sort()
    return [_new_match(Match, (start, end, sid, None, None, None)) for start, end, sid in hits]


def _chosen(
    folded: FoldedText,
    phrases: list[str],
    word_level: bool,
    prefilter: bool | None,
    misses: list[int],
) -> Iterator[int]:
    """The indices of the phrases to search: all, or those :class:`WordRuns` leaves possible.

    By default (``prefilter`` None, text under :data:`PREFILTER_MAX_CHARS`) the first
    :data:`PREFILTER_PROBE` are searched first; ``misses[0]``, counted meanwhile by the
    caller, says whether filtering the rest saves enough finds to pay.
    """
    probe = 0
    if prefilter is None and len(folded.original) < PREFILTER_MAX_CHARS:
        probe = min(PREFILTER_PROBE, len(phrases))
        yield from range(probe)
        # The misses so far, as a share of what is left: the finds the filter may save.
        prefilter = misses[0] * (len(phrases) - probe) >= PREFILTER_MIN_SKIPS * max(probe, 1)
    rest = range(probe, len(phrases))
    if not prefilter:
        yield from rest
        return
    edges = word_level and folded.origin is None
    yield from compress(rest, WordRuns(folded.folded).candidates(phrases[probe:], edges=edges))


def _accept_all(
    folded: FoldedText,
    phrase: str,
    start: int,
    source_id: str,
    word_level: bool,
    hits: list[tuple[int, int, str]],
    max_matches: int | None,
) -> None:
    """Append each occurrence of ``phrase`` from ``start`` that :func:`accept` takes."""
    haystack = folded.folded
    while start != -1:
        span = accept(folded, phrase, start, start + len(phrase), word_level)
        if span is not None:
            hits.append((span[0], span[1], source_id))
            if max_matches is not None and len(hits) > max_matches:
                raise too_many_matches(max_matches)
        start = haystack.find(phrase, start + 1)


def use_automaton(text_chars: int, phrases: int) -> bool:
    """Whether one automaton pass beats a ``str.find`` loop for a one-shot call."""
    return phrases >= AUTOMATON_MIN_PHRASES and text_chars >= AUTOMATON_MIN_CHARS


class DocumentMatcher:
    """Sources prepared for document-mode matching: tokens and a k-shingle index.

    A run shared by the answer and a source is found from its first k-token
    shingle and extended token by token; a seed whose previous tokens also agree
    is skipped, because the run containing it was already found from further left.
    The cost follows the number of shared shingles, not answer x source length.

    Bounded on repetitive text: a shingle with more than ``max_occurrences``
    occurrences in the sources seeds nothing (``"a a a a"`` in a source of 50,000
    ``a`` would otherwise seed every answer position against every source
    position). A run that begins with such a common shingle is found from its
    first rarer one and extended left to where it begins, so it is reported as
    before; a run made only of common shingles is not reported.
    :func:`~citemark.reference.find_document_matches_reference` states the same
    rule. Past ``max_matches`` matches, :meth:`find` raises
    :class:`~citemark.InputError`.
    """

    def __init__(
        self,
        sources: Sequence[Source],
        *,
        min_tokens: int = DEFAULT_MIN_TOKENS,
        max_occurrences: int | None = MAX_SHINGLE_OCCURRENCES,
        max_matches: int | None = DEFAULT_MAX_MATCHES,
    ) -> None:
        if isinstance(min_tokens, bool) or not isinstance(min_tokens, int) or min_tokens < 1:
            raise InputError(f"min_tokens must be a whole number of at least 1, got {min_tokens!r}")
        self.sources = list(sources)
        self.min_tokens = min_tokens
        self.max_occurrences = max_occurrences
        self.max_matches = max_matches
        # Every k-token shingle of the sources by its positions, built only once an
        # answer the first did not cover is matched (see expect and _seeds_for).
        self._seeds: dict[tuple[str, ...], list[tuple[int, int]]] | None = None
        # The first answer's shingles, and their positions in the sources: one
        # attribute, set at once, so that threads sharing a prepared index never see
        # one answer's shingles with another's positions.
        self._first: (
            tuple[set[tuple[str, ...]], dict[tuple[str, ...], list[tuple[int, int]]]] | None
        ) = None
        # Occurrences of frequent shingles sorted by the token before them, built
        # when first needed (see _left_ends).
        self._grouped: dict[tuple[str, ...], tuple[list[str], list[tuple[int, int]]]] = {}
        with gc_paused():
            self.tokens = [tokenize(s.text) for s in self.sources]

    def expect(self, keys: tuple[str, ...]) -> None:
        """Index the shingles of the answer about to be matched (its token keys), once,
        if nothing is indexed yet; :meth:`find` does it for its own text.

        Most matchers serve one answer (``align`` without a prepared index), whose few
        hundred shingles are all that is ever looked up: indexing only those spares a
        list per distinct shingle of the sources, most of the cost of the index. A
        shingle's list holds all of its occurrences, in order, either way, so matches
        are the same. ``align`` matches sentence by sentence, and calls this with the
        whole answer first.
        """
        if self._seeds is None and self._first is None:
            wanted = set(_shingles(keys, self.min_tokens))
            with gc_paused():
                self._first = (wanted, self._index(wanted))

    def _seeds_for(self, keys: tuple[str, ...]) -> dict[tuple[str, ...], list[tuple[int, int]]]:
        """The positions of the sources' shingles, at least of those ``keys`` holds: the
        first answer's, while ``keys`` are among them; from the first that is not (a
        prepared index meeting its second answer) every shingle's."""
        if self._seeds is not None:
            return self._seeds
        self.expect(keys)
        first = self._first
        if first is not None and first[0].issuperset(_shingles(keys, self.min_tokens)):
            return first[1]
        with gc_paused():
            seeds = self._index(None)
        self._seeds = seeds
        return seeds

    def _index(
        self, wanted: set[tuple[str, ...]] | None
    ) -> dict[tuple[str, ...], list[tuple[int, int]]]:
        """Every shingle of every source (of ``wanted`` only, unless ``None``) by its
        positions, in order. One ``dict.get`` per shingle replaces ``defaultdict``
        indexing; with ``wanted``, the others are dropped in C before any Python work."""
        seeds: dict[tuple[str, ...], list[tuple[int, int]]] = {}
        k = self.min_tokens
        for source_index, toks in enumerate(self.tokens):
            shingles = list(_shingles(toks.keys, k))
            at: Iterable[int] = range(len(shingles))
            if wanted is not None:
                at = compress(at, map(wanted.__contains__, shingles))
            for j in at:
                key = shingles[j]
                found = seeds.get(key)
                if found is None:
                    seeds[key] = [(source_index, j)]
                else:
                    found.append((source_index, j))
        return seeds

    def find(self, text: str, tokens: Tokens | None = None) -> list[Match]:
        """Maximal shared runs of at least ``min_tokens`` tokens, as matches."""
        answer = tokens if tokens is not None else tokenize(text)
        keys, k = answer.keys, self.min_tokens
        seeds_of, all_tokens, limit = self._seeds_for(keys), self.tokens, self.max_matches
        common = sys.maxsize if self.max_occurrences is None else self.max_occurrences
        matches: list[Match] = []
        rejoined: dict[tuple[int, int], int] = {}
        after_common = False  # whether the shingle at i - 1 is a common one
        for i in range(len(keys) - k + 1):
            key = keys[i : i + k]
            seeds = seeds_of.get(key)
            if not seeds:
                after_common = False
                continue
            if len(seeds) > common:
                after_common = True
                continue
            if after_common:
                self._rejoin(text, answer, i, seeds, seeds_of, matches, rejoined)
                after_common = False
            elif i > 0 and len(seeds) > _GROUP_MIN:
                for source_index, j in self._left_ends(key, seeds, keys[i - 1]):
                    length = _extend(keys, all_tokens[source_index].keys, i, j, k)
                    self._add(matches, text, answer, source_index, i, j, length)
            else:
                for source_index, j in seeds:
                    source_keys = all_tokens[source_index].keys
                    if i > 0 and j > 0 and keys[i - 1] == source_keys[j - 1]:
                        continue
                    length = _extend(keys, source_keys, i, j, k)
                    self._add(matches, text, answer, source_index, i, j, length)
            if limit is not None and len(matches) > limit:
                raise too_many_matches(limit)
        matches.sort()
        return matches

    def _left_ends(
        self, key: tuple[str, ...], seeds: list[tuple[int, int]], previous: str
    ) -> list[tuple[int, int]]:
        """The occurrences of ``key`` not preceded by ``previous``: where runs begin.

        The others continue a run that was found further left. Sorted by their
        previous token once, they are skipped by bisection rather than one by one.
        """
        grouped = self._grouped.get(key)
        if grouped is None:
            ordered = sorted(seeds, key=self._previous)
            grouped = ([self._previous(seed) for seed in ordered], ordered)
            self._grouped[key] = grouped
        before, ordered = grouped
        low = bisect_left(before, previous)
        high = bisect_right(before, previous, low)
        return ordered[:low] + ordered[high:] if high > low else ordered

    def _previous(self, seed: tuple[int, int]) -> str:
        """The token before an occurrence; "" (never a token) at the start of its source."""
        source_index, j = seed
        return self.tokens[source_index].keys[j - 1] if j else ""

    def _rejoin(
        self,
        text: str,
        answer: Tokens,
        i: int,
        seeds: list[tuple[int, int]],
        seeds_of: dict[tuple[str, ...], list[tuple[int, int]]],
        matches: list[Match],
        rejoined: dict[tuple[int, int], int],
    ) -> None:
        """Runs met at a rare shingle right after a common one (which seeds nothing).

        Each occurrence is extended left to where its run begins, and right. A run
        whose first shingle is rare was found from there already; one that begins
        with common shingles is reported here. ``rejoined`` keeps, per diagonal
        (source, offset), where the last run handled here ends, so that a run
        passing several times from common to rare shingles is handled once.
        """
        keys, k = answer.keys, self.min_tokens
        common = sys.maxsize if self.max_occurrences is None else self.max_occurrences
        for source_index, j in seeds:
            diagonal = (source_index, j - i)
            if rejoined.get(diagonal, -1) > i:
                continue
            source_keys = self.tokens[source_index].keys
            back = _extend_back(keys, source_keys, i, j)
            start = i - back
            length = back + _extend(keys, source_keys, i, j, k)
            rejoined[diagonal] = start + length
            if back and len(seeds_of[keys[start : start + k]]) <= common:
                continue
            self._add(matches, text, answer, source_index, start, j - back, length)

    def _add(
        self,
        matches: list[Match],
        text: str,
        answer: Tokens,
        source_index: int,
        i: int,
        j: int,
        length: int,
    ) -> None:
        """Append the run as a match, less any number or bracket it cuts (see
        :func:`quoted_run`), if what is left is still ``min_tokens`` long."""
        source = self.sources[source_index]
        toks = self.tokens[source_index]
        i, j, length, lead, tail = quoted_run(text, answer, source.text, toks, i, j, length)
        if length < self.min_tokens:
            return
        matches.append(
            Match(
                answer.starts[i] - lead,
                answer.ends[i + length - 1] + tail,
                source.id,
                source.offset + toks.starts[j] - lead,
                source.offset + toks.ends[j + length - 1] + tail,
                source_index,
            )
        )


def whole_numbers(
    text: str, answer: Tokens, source_text: str, source: Tokens, i: int, j: int, length: int
) -> tuple[int, int, int]:
    """A shared run (answer tokens from ``i``, source tokens from ``j``) less the digits
    at either end that belong to a longer number on either side: "rent of $2" shared by
    "$2,900" and "$2,400" is no quote of the figure, nor "3" of "3.5" against "3.25".
    A reader takes a number for one word; a quote must hold it whole or not at all."""
    keys = answer.keys  # the run's keys are the source's too
    if not (keys[i].isdigit() or keys[i + length - 1].isdigit()):
        return i, j, length  # most runs: words at both ends
    return _trimmed(text, answer, source_text, source, i, j, length, _cut_after, _cut_before)


# Whether token ``t`` of a text runs on past its end (after) or from before its start
# (before), so that a quote may not end or start with it.
_RunsOn = Callable[[str, Tokens, int], bool]


def _trimmed(
    text: str,
    answer: Tokens,
    source_text: str,
    source: Tokens,
    i: int,
    j: int,
    length: int,
    after: _RunsOn,
    before: _RunsOn,
) -> tuple[int, int, int]:
    """The run less its last tokens while ``after`` holds of one in either text, then
    less its first tokens while ``before`` does."""
    while length and (
        after(text, answer, i + length - 1) or after(source_text, source, j + length - 1)
    ):
        length -= 1
    while length and (before(text, answer, i) or before(source_text, source, j)):
        i, j, length = i + 1, j + 1, length - 1
    return i, j, length


def quoted_run(
    text: str, answer: Tokens, source_text: str, source: Tokens, i: int, j: int, length: int
) -> tuple[int, int, int, int, int]:
    """A shared run as a quote: less a number it cuts (:func:`whole_numbers`), and holding
    each parenthesis whole or not at all (:func:`whole_brackets`). Returns the run (``i``,
    ``j``, ``length``) and how many characters the quote takes before its first token and
    after its last (a bracket both texts have there)."""
    i, j, length = whole_numbers(text, answer, source_text, source, i, j, length)
    i, j, length = whole_words(text, answer, source_text, source, i, j, length)
    i, j, length, lead, tail = whole_brackets(text, answer, source_text, source, i, j, length)
    if length:
        lead, tail = _with_symbols(text, answer, source_text, source, i, j, length, lead, tail)
    return i, j, length, lead, tail


# Signs a figure is written with, outside its token: "$2,400", "5%".
_SIGNS_BEFORE = frozenset("$€£¥₹")
_SIGNS_AFTER = frozenset("%‰")


def _with_symbols(
    text: str,
    answer: Tokens,
    source_text: str,
    source: Tokens,
    i: int,
    j: int,
    length: int,
    lead: int,
    tail: int,
) -> tuple[int, int]:
    """``lead`` and ``tail`` grown by a currency sign before the quote's first number or
    a percent sign after its last, where both texts have it there: "Late fees are 5%"
    was quoted as "Late fees are 5" and "$2,400 per month" as "2,400 per month"."""
    a0, s0 = answer.starts[i] - lead, source.starts[j] - lead
    if (
        answer.keys[i].isdigit()
        and a0 > 0
        and s0 > 0
        and text[a0 - 1] in _SIGNS_BEFORE
        and text[a0 - 1] == source_text[s0 - 1]
    ):
        lead += 1
    last = i + length - 1
    a1, s1 = answer.ends[last] + tail, source.ends[j + length - 1] + tail
    if (
        answer.keys[last].isdigit()
        and a1 < len(text)
        and s1 < len(source_text)
        and text[a1] in _SIGNS_AFTER
        and text[a1] == source_text[s1]
    ):
        tail += 1
    return lead, tail


def whole_words(
    text: str, answer: Tokens, source_text: str, source: Tokens, i: int, j: int, length: int
) -> tuple[int, int, int]:
    """A shared run less a token at either end that is part of a longer word on either
    side: one half of a hyphenated compound ("exclusive right" of "non-exclusive right"),
    the clitic of a possessive ("s prior written consent" of "landlord's"), or the scale
    word of a number ("million in damages" of "$15 million" against "$1.5 million"). Each
    was drawn as a quote of words the source does not say."""
    return _trimmed(text, answer, source_text, source, i, j, length, _joined_after, _joined_before)


# A number's scale words: "15 million" is one figure.
_SCALES = frozenset({"hundred", "thousand", "million", "billion", "trillion"})
_JOINERS = "-'’"


def _joined_before(text: str, tokens: Tokens, t: int) -> bool:
    """Whether token ``t`` continues the word before it: after a hyphen or apostrophe
    glued to a letter or digit, or as the scale word of the number before it."""
    start = tokens.starts[t]
    if start >= 2 and text[start - 1] in _JOINERS and text[start - 2].isalnum():
        return True
    return (
        t > 0
        and tokens.keys[t] in _SCALES
        and tokens.keys[t - 1].isdigit()
        and text[tokens.ends[t - 1] : start].isspace()
    )


def _joined_after(text: str, tokens: Tokens, t: int) -> bool:
    """Whether the word after token ``t`` continues it: glued by a hyphen or apostrophe,
    or a scale word after the number ``t`` ends."""
    end = tokens.ends[t]
    if end + 1 < len(text) and text[end] in _JOINERS and text[end + 1].isalnum():
        return True
    return (
        t + 1 < len(tokens.keys)
        and tokens.keys[t].isdigit()
        and tokens.keys[t + 1] in _SCALES
        and text[end : tokens.starts[t + 1]].isspace()
    )


def whole_brackets(
    text: str, answer: Tokens, source_text: str, source: Tokens, i: int, j: int, length: int
) -> tuple[int, int, int, int, int]:
    """The run as a quote that holds each bracket whole on both sides. Tokens skip the
    brackets, so a run reaches inside them: against "thirty (30) days", "30 days" would
    quote "30) days", and "three (3) months" against "three (3) years" would quote
    "three (3". Where both texts have the missing bracket just outside the run, the quote
    takes it ("(9th Cir. 1999)"); else the tokens inside the bracket are left out."""
    while length:
        a0, a1 = answer.starts[i], answer.ends[i + length - 1]
        s0, s1 = source.starts[j], source.ends[j + length - 1]
        if _BRACKET.search(text, a0, a1) is None and _BRACKET.search(source_text, s0, s1) is None:
            return i, j, length, 0, 0  # nearly every run
        closes_a, opens_a = _open_ends(text, a0, a1)
        closes_s, opens_s = _open_ends(source_text, s0, s1)
        if not (closes_a or opens_a or closes_s or opens_s):
            return i, j, length, 0, 0
        lead = int(
            a0 > 0 and s0 > 0 and text[a0 - 1] in "([" and text[a0 - 1] == source_text[s0 - 1]
        )
        tail = int(
            a1 < len(text)
            and s1 < len(source_text)
            and text[a1] in ")]"
            and text[a1] == source_text[s1]
        )
        for before, after in ((0, tail), (lead, 0), (lead, tail)):
            if (
                (before or after)
                and _balanced(text, a0 - before, a1 + after)
                and _balanced(source_text, s0 - before, s1 + after)
            ):
                return i, j, length, before, after
        if closes_a or closes_s:
            i, j, length = i + 1, j + 1, length - 1
        else:
            length -= 1
    return i, j, length, 0, 0


def _balanced(text: str, start: int, end: int) -> bool:
    return _open_ends(text, start, end) == (False, False)


_BRACKETS = (("(", ")"), ("[", "]"))
_BRACKET = lazy_pattern(r"[()\[\]]")


def _open_ends(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether ``text[start:end]`` closes a bracket it did not open, and whether it
    opens one it does not close."""
    closes = opens = False
    for left, right in _BRACKETS:
        if text.find(left, start, end) < 0 and text.find(right, start, end) < 0:
            continue  # nearly every run
        depth = 0
        for ch in text[start:end]:
            if ch == left:
                depth += 1
            elif ch == right:
                if depth:
                    depth -= 1
                else:
                    closes = True
        opens = opens or depth > 0
    return closes, opens


def _cut_after(text: str, tokens: Tokens, t: int) -> bool:
    """Whether token ``t`` is digits that a "," or "." and more digits continue."""
    return tokens.keys[t].isdigit() and _number_after(text, tokens.ends[t])


def _cut_before(text: str, tokens: Tokens, t: int) -> bool:
    """Whether token ``t`` is digits that continue a number after a "," or "."."""
    return tokens.keys[t].isdigit() and _number_before(text, tokens.starts[t])


def _shingles(keys: tuple[str, ...], k: int) -> Iterator[tuple[str, ...]]:
    """The k-token shingles of ``keys`` in order, built in C by ``zip`` over shifted
    copies."""
    return zip(*(keys[i:] for i in range(k)), strict=False)


def _extend(keys: Sequence[str], source_keys: Sequence[str], i: int, j: int, known: int) -> int:
    """The length of the run starting at ``i`` and ``j``, whose first ``known`` tokens agree.

    Token by token for the first few, then by slices of doubling length, compared
    in C, so that a run of 100,000 tokens costs milliseconds, not a Python loop.
    """
    length = known
    end = min(len(keys) - i, len(source_keys) - j)
    stop = min(end, known + _LINEAR)
    while length < stop and keys[i + length] == source_keys[j + length]:
        length += 1
    if length < stop or length >= end:
        return length
    step = _LINEAR
    while length < end:
        n = min(step, end - length)
        if keys[i + length : i + length + n] == source_keys[j + length : j + length + n]:
            length += n
            step *= 2
        elif n > _LINEAR:
            step = n // 2
        else:
            while keys[i + length] == source_keys[j + length]:
                length += 1
            return length
    return length


def _extend_back(keys: Sequence[str], source_keys: Sequence[str], i: int, j: int) -> int:
    """How many tokens right before ``i`` and ``j`` agree: :func:`_extend`, leftwards."""
    limit = min(i, j)
    back = 0
    stop = min(limit, _LINEAR)
    while back < stop and keys[i - back - 1] == source_keys[j - back - 1]:
        back += 1
    if back < stop or back >= limit:
        return back
    step = _LINEAR
    while back < limit:
        n = min(step, limit - back)
        if keys[i - back - n : i - back] == source_keys[j - back - n : j - back]:
            back += n
            step *= 2
        elif n > _LINEAR:
            step = n // 2
        else:
            while keys[i - back - 1] == source_keys[j - back - 1]:
                back += 1
            return back
    return back


def find_document_matches(
    text: str,
    sources: Sequence[Source],
    *,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    max_matches: int | None = DEFAULT_MAX_MATCHES,
) -> list[Match]:
    """Document-mode matches of ``text`` against whole sources."""
    return DocumentMatcher(sources, min_tokens=min_tokens, max_matches=max_matches).find(text)


def merge(matches: Iterable[Match]) -> list[Block]:
    """Blocks of matches that overlap or touch, each counting its matches per source.

    A match that starts at or before the current block's end extends the block;
    touching counts, so adjacent quotes become one citation instead of two
    fragments.
    """
    ordered, runs = merged_runs(matches)
    with gc_paused():  # the blocks all survive: collecting would only walk them
        return [_block(ordered[first:last], end) for first, last, end in runs]


def merged_runs(
    matches: Iterable[Match],
) -> tuple[tuple[Match, ...], list[tuple[int, int, int]]]:
    """The matches sorted, and each block of :func:`merge` as ``(first, last, end)``.

    ``ordered[first:last]`` are the block's matches and ``end`` its end. The rule
    of :func:`merge` in one pass over indices: a long text has tens of thousands
    of blocks, and callers that only render them (:func:`citemark.tag`) need no
    :class:`Block` objects.
    """
    ordered = tuple(sorted(matches))
    runs: list[tuple[int, int, int]] = []
    size = len(ordered)
    first = 0
    while first < size:
        end = ordered[first].end
        last = first + 1
        while last < size and ordered[last].start <= end:
            if ordered[last].end > end:
                end = ordered[last].end
            last += 1
        runs.append((first, last, end))
        first = last
    return ordered, runs


def merged_regions(matches: Iterable[Match]) -> list[tuple[int, int, tuple[str, ...]]]:
    """``(start, end, ids)`` of each block of :func:`merge`, ids ordered as in ``Block.ids``.

    The rule of :func:`merge` in one pass, keeping only the current block's ids:
    what :func:`citemark.tag` renders (tens of thousands of blocks on a long text).
    """
    regions: list[tuple[int, int, tuple[str, ...]]] = []
    block_start = block_end = -1
    ids: list[str] = []
    for match in sorted(matches):
        if match[0] <= block_end:
            ids.append(match[2])
            if match[1] > block_end:
                block_end = match[1]
            continue
        if ids:
            regions.append((block_start, block_end, (ids[0],) if len(ids) == 1 else _by_count(ids)))
        block_start, block_end, ids = match[0], match[1], [match[2]]
    if ids:
        regions.append((block_start, block_end, (ids[0],) if len(ids) == 1 else _by_count(ids)))
    return regions


def _by_count(ids: list[str]) -> tuple[str, ...]:
    """Ids by how many matches they have in the block, most first, ties by id."""
    counts = _counts_of(ids)
    return tuple(sorted(counts, key=lambda sid: (-counts[sid], sid)))


def _counts_of(ids: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for source_id in ids:
        counts[source_id] = counts.get(source_id, 0) + 1
    return counts


def _counts(matches: Sequence[Match]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for match in matches:
        counts[match.source_id] = counts.get(match.source_id, 0) + 1
    return counts


def _block(matches: tuple[Match, ...], end: int) -> Block:
    if len(matches) == 1:  # most blocks: no counting
        return Block(matches[0].start, end, ((matches[0].source_id, 1),), matches)
    return Block(matches[0].start, end, tuple(sorted(_counts(matches).items())), matches)
