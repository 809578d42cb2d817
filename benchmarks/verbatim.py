"""Benchmark citemark's verbatim stage against a plain per-phrase ``str.find`` loop.

What it measures, on CUAD contract text (read from ``../shared/data/cuad``):

1. Phrase mode: 100 to 20,000 phrases (short CUAD clause excerpts and word n-grams
   sampled from the contracts with a fixed seed, spread over 10 source ids) over
   5,000 to 1,000,000 characters of concatenated contracts. It compares the loop
   (lowercase once, ``str.find`` every overlapping occurrence of every phrase,
   word-boundary check) with ``find_phrase_matches`` (one call, automaton build
   included) and with a ``PhraseMatcher`` built once outside the timing. The loop's
   and citemark's matches are compared for every cell.
2. Document mode: a 5,000-character answer (verbatim, lightly edited and unrelated
   contract sentences) against 50 sources of 5,000 characters, one call and
   prepared; the all-pairs reference once on a small case.
3. Crossover (full run or ``--crossover``): where the automaton path starts to
   beat the loop, to tune ``citemark.verbatim.use_automaton``.
4. End to end, on the phrase grid: the public ``find_matches()``, ``find_blocks()``
   and ``tag()`` (validation, matching, merging into blocks, rendering) against the
   loop followed by the same work: the loop alone for ``find_matches``, loop +
   ``merge`` for ``find_blocks``, loop + merging into regions + rendering (what
   ``tag()`` runs after matching) for ``tag``. The loop's extra stages are timed
   on the loop's own matches and added to its median; ``tag()``'s output is
   compared with rendering the loop's matches in every cell.

Each cell is timed with ``time.perf_counter``: a warm-up call, then ``--repeat``
samples (fast calls batched); the median and the spread ``(max - min) / median``
are reported. Slow loop cells (over 2 s) are sampled 3 times, very slow ones once.

Run from the repository root::

    python benchmarks/verbatim.py            # full run, a few minutes
    python benchmarks/verbatim.py --quick    # CI smoke run, well under 30 s
    python benchmarks/verbatim.py --repeat 7 --crossover
    python benchmarks/verbatim.py --phrases 100 5000 --chars 5000 1000000   # chosen cells
"""

from __future__ import annotations

import argparse
import math
import random
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import _common
import ahocorasick_rs
from _common import (
    Timing,
    cuad_clauses,
    cuad_contracts,
    cuad_corpus,
    environment_header,
    fmt_ratio,
    fmt_seconds,
    fmt_timing,
    legal_text,
    markdown_table,
    measure,
    time_once,
)

import citemark
from citemark import verbatim
from citemark.fold import fold
from citemark.reference import find_document_matches_reference
from citemark.render import render_regions
from citemark.types import Match, Source

SEED = 20240611
SOURCE_IDS = tuple(f"S{i}" for i in range(10))
FULL_PHRASES = (100, 1_000, 5_000, 20_000)
FULL_TEXTS = (5_000, 50_000, 1_000_000)
QUICK_PHRASES = (100, 1_000)
QUICK_TEXTS = (5_000, 50_000)
LOOP_ONCE_AFTER = 10.0  # seconds: a loop cell slower than this is run once
GOAL_CELL = (5_000, 1_000_000)
NEAR_CHARS = 1_000_000  # half the sampled n-grams come from the text's first this many chars
NOISY_SPREAD = 0.25
GOAL_ONE_CALL = 10.0
GOAL_PREPARED = 20.0
GOAL_TAG = 15.0  # tag() against loop + merge + render at the goal cell
GOAL_TAG_SMALL = 1.0  # ... and on the smallest cells (never slower)
PRESENT_PHRASES = (100, 1_000)  # phrase counts of the every-phrase-occurs cells

Triple = tuple[int, int, str]
PhraseSources = dict[str, list[str]]


# --- the baseline ---------------------------------------------------------------


def is_word(ch: str) -> bool:
    """Letters, digits and underscore: what may not touch a word-level match."""
    return ch.isalnum() or ch == "_"


def loop_find(text: str, sources: Mapping[str, Sequence[str]]) -> list[Triple]:
    """The straightforward way: lowercase once, one ``str.find`` loop per phrase."""
    haystack = text.lower()
    size = len(haystack)
    found: list[Triple] = []
    for source_id, phrases in sources.items():
        for raw in phrases:
            phrase = raw.strip().lower()
            if not phrase:
                continue
            check_start, check_end = is_word(phrase[0]), is_word(phrase[-1])
            pos = haystack.find(phrase)
            while pos != -1:
                end = pos + len(phrase)
                touches_start = check_start and pos > 0 and is_word(haystack[pos - 1])
                touches_end = check_end and end < size and is_word(haystack[end])
                if not (touches_start or touches_end):
                    found.append((pos, end, source_id))
                pos = haystack.find(phrase, pos + 1)
    found.sort()
    return found


def triples(matches: Sequence[Match]) -> list[Triple]:
    """Citemark matches as sorted ``(start, end, source_id)`` triples."""
    return sorted((m.start, m.end, m.source_id) for m in matches)


def folding_is_plain(text: str, sources: Mapping[str, Sequence[str]]) -> bool:
    """Whether ``lower()`` and citemark's case folding agree on text and phrases."""
    pieces = [text, *(p for phrases in sources.values() for p in phrases)]
    return all(p.lower() == fold(p) for p in pieces)


# --- phrases ----------------------------------------------------------------------

_WORD = re.compile(r"\S+")
_EDGE_PUNCT = " \t\n,;:.()[]\"'"


def _first_words(text: str, count: int) -> str:
    return " ".join(text.split()[:count]).strip(_EDGE_PUNCT)


def clause_excerpts(rng: random.Random) -> list[str]:
    """Each CUAD clause cut to its first 3-12 words, shuffled."""
    excerpts = [_first_words(c, rng.randint(3, 12)) for c in cuad_clauses()]
    rng.shuffle(excerpts)
    return excerpts


def corpus_ngrams(rng: random.Random, count: int, near_chars: int) -> list[str]:
    """Word 2-8-grams at random places: half in the first ``near_chars``, half anywhere.

    Whitespace is collapsed to one space, as a quoting model would write it, so an
    n-gram that spans a line break in the contract does not occur verbatim.
    """
    corpus = cuad_corpus()
    grams: list[str] = []
    for i in range(count):
        limit = near_chars if i % 2 == 0 else len(corpus)
        at = rng.randrange(max(limit - 200, 1))
        words = _WORD.findall(corpus, at, at + 200)[1:]  # drop the possibly cut first word
        grams.append(_first_words(" ".join(words), rng.randint(2, 8)))
    return grams


def phrase_pool(size: int) -> list[str]:
    """``size`` distinct (case-insensitively) phrases, half clause excerpts, half n-grams.

    Deterministic; a smaller benchmark uses a prefix of the same pool.
    """
    rng = random.Random(SEED)
    clauses = clause_excerpts(rng)
    grams = corpus_ngrams(rng, 4 * size, NEAR_CHARS)
    interleaved = [p for pair in zip(clauses, grams, strict=False) for p in pair]
    interleaved += grams[len(clauses) :]
    pool: list[str] = []
    seen: set[str] = set()
    for candidate in interleaved:
        key = candidate.lower()
        if len(candidate) >= 3 and key not in seen:
            seen.add(key)
            pool.append(candidate)
            if len(pool) == size:
                return pool
    raise ValueError(f"only {len(pool):,} distinct phrases, {size:,} asked")


def spread_over_sources(phrases: Sequence[str]) -> PhraseSources:
    """Phrases dealt round-robin to the 10 source ids."""
    sources: PhraseSources = {sid: [] for sid in SOURCE_IDS}
    for i, phrase in enumerate(phrases):
        sources[SOURCE_IDS[i % len(SOURCE_IDS)]].append(phrase)
    return sources


# --- phrase mode --------------------------------------------------------------------


@dataclass(frozen=True)
class PhraseCell:
    phrases: int
    chars: int
    loop: Timing
    one_call: Timing
    prepared: Timing
    matches: int
    agree: bool | None  # None: not comparable (case folding differs from lower())
    loop_matches: int
    end_to_end: EndToEnd


@dataclass(frozen=True)
class EndToEnd:
    """The public calls, and what the loop needs besides matching to give the same."""

    find_matches: Timing
    find_blocks: Timing
    tag: Timing
    merge: Timing  # merge() on the loop's matches
    merge_render: Timing  # merging into regions + rendering, on the loop's matches
    blocks: int
    tag_agrees: bool | None


def run_phrase_cell(text: str, sources: PhraseSources, repeat: int) -> PhraseCell:
    """Time the loop, the one call and the prepared matcher on one text and phrase set."""
    count = sum(len(p) for p in sources.values())
    loop, expected = measure(
        lambda: loop_find(text, sources), repeat, once=LOOP_ONCE_AFTER, slow_repeat=3
    )
    one_call, found = measure(lambda: verbatim.find_phrase_matches(text, sources), repeat)
    matcher = citemark.PhraseMatcher(sources)
    prepared, found_prepared = measure(lambda: matcher.find(text), repeat)
    agree: bool | None = None
    if folding_is_plain(text, sources):
        agree = expected == triples(found) == triples(found_prepared)
    end_to_end = run_end_to_end(text, sources, expected, repeat, plain=agree is not None)
    return PhraseCell(
        count, len(text), loop, one_call, prepared, len(found), agree, len(expected), end_to_end
    )


def loop_merge_render(text: str, found: Sequence[Triple]) -> str:
    """What ``tag()`` does after matching, on the loop's matches."""
    matches = [Match(start, end, source_id) for start, end, source_id in found]
    return render_regions(text, verbatim.merged_regions(matches))


def run_end_to_end(
    text: str, sources: PhraseSources, found: Sequence[Triple], repeat: int, plain: bool
) -> EndToEnd:
    """Time find_matches, find_blocks and tag, and the loop's merge and render stages."""
    public_matches, _ = measure(lambda: citemark.find_matches(text, sources), repeat)
    public_blocks, blocks = measure(lambda: citemark.find_blocks(text, sources), repeat)
    tagged_timing, tagged = measure(lambda: citemark.tag(text, sources), repeat)
    loop_matches = [Match(start, end, source_id) for start, end, source_id in found]
    merge_timing, _ = measure(lambda: verbatim.merge(loop_matches), repeat)
    render_timing, loop_tagged = measure(lambda: loop_merge_render(text, found), repeat)
    return EndToEnd(
        public_matches,
        public_blocks,
        tagged_timing,
        merge_timing,
        render_timing,
        len(blocks),
        tagged == loop_tagged if plain else None,
    )


def end_to_end_table(cells: Sequence[PhraseCell]) -> str:
    header = [
        "phrases",
        "text chars",
        "loop",
        "find_matches()",
        "ratio",
        "loop + merge",
        "find_blocks()",
        "ratio",
        "loop + merge + render",
        "tag()",
        "ratio",
        "blocks",
    ]
    rows = []
    for c in cells:
        e = c.end_to_end
        with_merge = c.loop.median + e.merge.median
        with_render = c.loop.median + e.merge_render.median
        rows.append(
            [
                f"{c.phrases:,}",
                f"{c.chars:,}",
                fmt_timing(c.loop),
                fmt_timing(e.find_matches),
                fmt_ratio(c.loop.median, e.find_matches.median),
                fmt_seconds(with_merge),
                fmt_timing(e.find_blocks),
                fmt_ratio(with_merge, e.find_blocks.median),
                fmt_seconds(with_render),
                fmt_timing(e.tag),
                fmt_ratio(with_render, e.tag.median),
                f"{e.blocks:,}" + ("" if e.tag_agrees is not False else " ⚠"),
            ]
        )
    return markdown_table(header, rows)


def end_to_end_notes(cells: Sequence[PhraseCell]) -> list[str]:
    notes = [
        "loop + merge and loop + merge + render: the loop's median plus the medians of "
        "merge() and of merging into regions + rendering, each timed on the loop's matches.",
    ]
    bad = [c for c in cells if c.end_to_end.tag_agrees is False]
    unchecked = [c for c in cells if c.end_to_end.tag_agrees is None]
    if bad:
        notes.append(f"⚠ tag() differs from rendering the loop's matches in {len(bad)} cell(s).")
    elif unchecked:
        notes.append(f"{len(unchecked)} cell(s) not compared: case folding differs from lower().")
    else:
        notes.append("In every cell tag() gave the same text as rendering the loop's matches.")
    return notes


def phrase_table(cells: Sequence[PhraseCell]) -> str:
    header = [
        "phrases",
        "text chars",
        "str.find loop",
        "citemark one call",
        "ratio",
        "prepared PhraseMatcher",
        "ratio",
        "matches",
    ]
    rows = []
    for c in cells:
        rows.append(
            [
                f"{c.phrases:,}",
                f"{c.chars:,}",
                fmt_timing(c.loop) + (" ¹" if c.loop.runs == 1 else ""),
                fmt_timing(c.one_call),
                fmt_ratio(c.loop.median, c.one_call.median),
                fmt_timing(c.prepared),
                fmt_ratio(c.loop.median, c.prepared.median),
                f"{c.matches:,}" + ("" if c.agree is not False else " ⚠"),
            ]
        )
    for c in cells:
        if c.agree is False:
            rows.append(
                [
                    f"⚠ {c.phrases:,}",
                    f"{c.chars:,}",
                    "MISMATCH",
                    "",
                    "",
                    "",
                    "",
                    f"loop found {c.loop_matches:,}",
                ]
            )
    return markdown_table(header, rows)


def phrase_footnotes(cells: Sequence[PhraseCell]) -> list[str]:
    notes = [
        "Ratios are loop median / citemark median; ± is (max - min) / median over the samples.",
    ]
    fewer = [c for c in cells if 1 < c.loop.runs < c.one_call.runs]
    if fewer:
        where = ", ".join(f"{c.phrases:,} × {c.chars:,}" for c in fewer)
        notes.append(f"The loop took over 2 s per call at {where}, so it was sampled 3 times.")
    once = [c for c in cells if c.loop.runs == 1]
    if once:
        where = ", ".join(f"{c.phrases:,} phrases × {c.chars:,} chars" for c in once)
        notes.append(
            f"¹ The loop took over {LOOP_ONCE_AFTER:.0f} s here ({where}), so it was run once."
        )
    noisy = [
        c for c in cells if any(t.spread > NOISY_SPREAD for t in (c.loop, c.one_call, c.prepared))
    ]
    if noisy:
        notes.append(
            f"{len(noisy)} cell(s) have a spread over {NOISY_SPREAD:.0%}: something else was "
            "using the CPU; rerun on a quiet machine before quoting them."
        )
    unchecked = [c for c in cells if c.agree is None]
    if unchecked:
        notes.append(f"{len(unchecked)} cell(s) not compared: case folding differs from lower().")
    else:
        notes.append(
            "In every cell the loop and citemark found the same (start, end, source) list."
        )
    return notes


def run_phrase_grid(
    phrase_counts: Sequence[int], text_sizes: Sequence[int], repeat: int
) -> list[PhraseCell]:
    pool = phrase_pool(max(phrase_counts))
    cells = []
    for count in phrase_counts:
        sources = spread_over_sources(pool[:count])
        for chars in text_sizes:
            cells.append(run_phrase_cell(legal_text(chars), sources, repeat))
    return cells


def present_phrases(text: str, count: int) -> PhraseSources:
    """``count`` phrases cut from ``text`` itself (2-8 words, whole words): every one occurs.

    The worst case for the word filter of the loop path, which then skips nothing.
    """
    rng = random.Random(SEED)
    starts = [m.start() for m in _WORD.finditer(text)]
    phrases = []
    for _ in range(count):
        first = rng.randrange(len(starts) - 8)
        last = first + rng.randint(2, 8)
        phrases.append(text[starts[first] : starts[last]].strip(_EDGE_PUNCT))
    return spread_over_sources([p for p in phrases if p])


def run_present_cells(counts: Sequence[int], chars: int, repeat: int) -> list[PhraseCell]:
    """End-to-end cells where every phrase occurs in the text."""
    text = legal_text(chars)
    return [run_phrase_cell(text, present_phrases(text, n), repeat) for n in counts]


# --- document mode -----------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.;])\s+")
DOC_SOURCE_CHARS = 5_000


def document_sources(count: int, first: int = 0) -> list[Source]:
    """``count`` 5,000-character slices from the middle of CUAD contracts, spread over the file."""
    contracts = [(d, t) for d, t in cuad_contracts() if len(t) >= 3 * DOC_SOURCE_CHARS]
    step = len(contracts) // (2 * count)
    sources = []
    for doc_id, text in contracts[first : first + 2 * count * step : 2 * step][:count]:
        start = (len(text) - DOC_SOURCE_CHARS) // 2
        sources.append(Source(doc_id, text[start : start + DOC_SOURCE_CHARS], offset=start))
    return sources


def sentences(text: str) -> list[str]:
    """Sentences of 8-50 words, whitespace collapsed."""
    parts = (" ".join(s.split()) for s in _SENTENCE_END.split(text))
    return [s for s in parts if 8 <= len(s.split()) <= 50]


def lightly_edit(sentence: str, rng: random.Random) -> str:
    """Drop one or two words, or swap two neighbouring words."""
    words = sentence.split()
    if rng.random() < 0.5:
        i = rng.randrange(len(words) - 1)
        words[i], words[i + 1] = words[i + 1], words[i]
    else:
        for _ in range(rng.randint(1, 2)):
            del words[rng.randrange(len(words))]
    return " ".join(words)


def make_answer(sources: Sequence[Source], chars: int, rng: random.Random) -> str:
    """About 40% verbatim, 30% edited source sentences, 30% unrelated contract sentences."""
    quoted = [s for src in sources for s in sentences(src.text)]
    source_ids = {s.id for s in sources}
    unrelated = [
        s
        for doc_id, text in cuad_contracts()[::25]
        if doc_id not in source_ids
        for s in sentences(text[:20_000])
    ]
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < chars:
        roll = rng.random()
        if roll < 0.4:
            parts.append(rng.choice(quoted))
        elif roll < 0.7:
            parts.append(lightly_edit(rng.choice(quoted), rng))
        else:
            parts.append(rng.choice(unrelated))
    return " ".join(parts)[:chars]


@dataclass(frozen=True)
class DocumentRow:
    name: str
    answer_chars: int
    sources: int
    timing: Timing
    matches: int


def run_document_mode(repeat: int) -> tuple[list[DocumentRow], list[DocumentRow], bool]:
    """The 5,000 x 50 x 5,000 case, and the small case with the all-pairs reference."""
    rng = random.Random(SEED)
    sources = document_sources(50)
    answer = make_answer(sources, 5_000, rng)
    one_call, found = measure(lambda: verbatim.find_document_matches(answer, sources), repeat)
    build, matcher = measure(lambda: citemark.DocumentMatcher(sources), repeat)
    # A matcher indexes only its first answer's shingles, and every shingle from the
    # second on: two finds first, so that the prepared rows time the whole index.
    matcher.find(answer)
    matcher.find(answer)
    prepared, found_prepared = measure(lambda: matcher.find(answer), repeat)
    big = [
        DocumentRow(
            "find_document_matches (one call, index build included)",
            5_000,
            50,
            one_call,
            len(found),
        ),
        DocumentRow("DocumentMatcher(sources) build only (tokens)", 5_000, 50, build, 0),
        DocumentRow("prepared DocumentMatcher.find", 5_000, 50, prepared, len(found_prepared)),
    ]
    small_sources = sources[:5]
    small_answer = make_answer(small_sources, 1_000, rng)
    ref_time, ref_found = time_once(
        lambda: find_document_matches_reference(
            small_answer, small_sources, min_tokens=verbatim.DEFAULT_MIN_TOKENS
        )
    )
    ref = Timing(ref_time, math.nan, 1, 1)
    small_one, small_found = measure(
        lambda: verbatim.find_document_matches(small_answer, small_sources), repeat
    )
    small = [
        DocumentRow(
            "reference all-pairs (find_document_matches_reference)", 1_000, 5, ref, len(ref_found)
        ),
        DocumentRow("find_document_matches (one call)", 1_000, 5, small_one, len(small_found)),
    ]
    return big, small, ref_found == small_found


def document_table(rows: Sequence[DocumentRow], against: Timing | None = None) -> str:
    header = ["variant", "answer chars", "sources × 5,000 chars", "time", "matches"]
    if against is not None:
        header.append("ref / this")
    body = []
    for r in rows:
        row: list[object] = [r.name, f"{r.answer_chars:,}", r.sources, fmt_timing(r.timing)]
        row.append(f"{r.matches:,}" if r.matches else "")
        if against is not None:
            row.append(fmt_ratio(against.median, r.timing.median))
        body.append(row)
    return markdown_table(header, body)


# --- crossover --------------------------------------------------------------------------

CROSS_TEXTS = (1_000, 5_000, 20_000, 50_000, 200_000)
CROSS_PHRASES = (3, 10, 30, 100, 300, 1_000, 3_000)


@dataclass(frozen=True)
class CrossCell:
    phrases: int
    chars: int
    loop: Timing
    small_path: Timing
    automaton: Timing
    filter_on: Timing  # the loop path with the word filter forced on for every phrase
    filter_off: Timing  # ... and off

    @property
    def work(self) -> int:
        return self.phrases * self.chars

    @property
    def automaton_wins(self) -> bool:
        return self.automaton.median <= self.loop.median


def run_crossover(repeat: int) -> list[CrossCell]:
    """The plain loop vs both one-call paths, each forced, over a grid of small inputs."""
    pool = phrase_pool(max(CROSS_PHRASES))
    cells = []
    for count in CROSS_PHRASES:
        sources = spread_over_sources(pool[:count])
        cells.extend(run_cross_cell(legal_text(chars), sources, repeat) for chars in CROSS_TEXTS)
    return cells


def run_cross_cell(text: str, sources: PhraseSources, repeat: int) -> CrossCell:
    count = sum(len(p) for p in sources.values())
    loop, _ = measure(lambda: loop_find(text, sources), repeat)
    small, _ = measure(lambda: _small_path(text, sources), repeat)
    auto, _ = measure(lambda: _automaton_path(text, sources), repeat)
    on, _ = measure(lambda: _small_path(text, sources, prefilter=True), repeat)
    off, _ = measure(lambda: _small_path(text, sources, prefilter=False), repeat)
    return CrossCell(count, len(text), loop, small, auto, on, off)


def _small_path(text: str, sources: PhraseSources, prefilter: bool | None = None) -> list[Match]:
    """What ``find_phrase_matches`` does when ``use_automaton`` says no (``prefilter`` forced)."""
    return verbatim.find_phrases_by_loop(text, sources, prefilter=prefilter)


def _automaton_path(text: str, sources: PhraseSources) -> list[Match]:
    """What ``find_phrase_matches`` does when ``use_automaton`` says yes."""
    return citemark.PhraseMatcher(
        verbatim.prepare_phrases(sources),
        implementation=ahocorasick_rs.Implementation.ContiguousNFA,
        prepared=True,
    ).find(text)


def crossover_matrix(cells: Sequence[CrossCell], slow_attr: str, fast_attr: str) -> str:
    """Phrases down, text chars across, ``slow / fast`` medians in the cells."""
    by_key = {(c.phrases, c.chars): c for c in cells}
    header = ["phrases ↓ · text chars →", *(f"{t:,}" for t in CROSS_TEXTS)]
    rows = []
    for count in CROSS_PHRASES:
        row: list[object] = [f"{count:,}"]
        for chars in CROSS_TEXTS:
            cell = by_key[count, chars]
            slow: Timing = getattr(cell, slow_attr)
            fast: Timing = getattr(cell, fast_attr)
            ratio = fmt_ratio(slow.median, fast.median)
            row.append(f"**{ratio}**" if fast.median <= slow.median else ratio)
        rows.append(row)
    return markdown_table(header, rows)


def crossover_summary(cells: Sequence[CrossCell]) -> list[str]:
    """Where the automaton path starts to win, per text size and as one work threshold."""
    lines = [
        f"Current rule: automaton when text >= {verbatim.AUTOMATON_MIN_CHARS:,} chars and "
        f"phrases >= {verbatim.AUTOMATON_MIN_PHRASES:,}."
    ]
    for chars in CROSS_TEXTS:
        column = sorted((c for c in cells if c.chars == chars), key=lambda c: c.phrases)
        losing = [c.phrases for c in column if not c.automaton_wins]
        if not losing:
            lines.append(f"- {chars:,} chars: the automaton path wins at every phrase count.")
        elif losing[-1] == column[-1].phrases:
            lines.append(
                f"- {chars:,} chars: the automaton path still loses at {losing[-1]:,} phrases."
            )
        else:
            lines.append(
                f"- {chars:,} chars: the automaton path wins from more than {losing[-1]:,} phrases."
            )
    losing_work = [c.work for c in cells if not c.automaton_wins]
    if losing_work:
        lines.append(
            f"- Largest losing work {max(losing_work):,} (text chars × phrases): a single "
            "work threshold below that leaves the one call slower somewhere in this grid."
        )
        small_wins = [c for c in cells if c.automaton_wins and c.work <= max(losing_work)]
        if small_wins:
            lines.append(
                f"- But {len(small_wins)} cell(s) at or below that work favour the automaton "
                "(long text, few phrases), so no product threshold fits both."
            )
    return lines


def print_crossover(cells: Sequence[CrossCell]) -> None:
    print("Loop time ÷ citemark automaton path (build + find, as the one call does when")
    print("use_automaton says yes); **bold** = the automaton path is at least as fast:\n")
    print(crossover_matrix(cells, "loop", "automaton"))
    print()
    print("Loop time ÷ citemark loop path (find_phrases_by_loop, as the one")
    print("call does otherwise):\n")
    print(crossover_matrix(cells, "loop", "small_path"))
    print()
    print("citemark loop path with the word filter forced off ÷ forced on, for every phrase")
    print(f"(by default it runs after a probe of {verbatim.PREFILTER_PROBE} phrases if the probe's")
    print(f"misses promise at least {verbatim.PREFILTER_MIN_SKIPS} skipped finds);")
    print("**bold** = the filter is at least as fast:\n")
    print(crossover_matrix(cells, "filter_off", "filter_on"))
    print()
    for line in crossover_summary(cells):
        print(line)
    print()


# --- goals --------------------------------------------------------------------------------


def goal_lines(cells: Sequence[PhraseCell]) -> list[str]:
    lines = []
    goal = [c for c in cells if (c.phrases, c.chars) == GOAL_CELL]
    if goal:
        c = goal[0]
        one, prep = c.loop.median / c.one_call.median, c.loop.median / c.prepared.median
        lines.append(
            f"- {c.phrases:,} phrases over {c.chars:,} chars: one call {one:.1f}x faster "
            f"(goal ≥ {GOAL_ONE_CALL:.0f}x: {'holds' if one >= GOAL_ONE_CALL else 'MISSED'}), "
            f"prepared {prep:.1f}x (goal ≥ {GOAL_PREPARED:.0f}x: "
            f"{'holds' if prep >= GOAL_PREPARED else 'MISSED'})."
        )
    else:
        lines.append(
            f"- The goal cell ({GOAL_CELL[0]:,} phrases × {GOAL_CELL[1]:,} chars) is not in "
            "this grid (run without --quick)."
        )
    slower = [c for c in cells if c.one_call.median > c.loop.median]
    if slower:
        where = "; ".join(
            f"{c.phrases:,} phrases × {c.chars:,} chars "
            f"({fmt_seconds(c.one_call.median)} vs {fmt_seconds(c.loop.median)})"
            for c in slower
        )
        lines.append(f"- Never slower than the loop: MISSED at {where}.")
    else:
        lines.append("- Never slower than the loop: holds in every cell of the grid.")
    lines.extend(tag_goal_lines(cells))
    return lines


def tag_goal_lines(cells: Sequence[PhraseCell]) -> list[str]:
    """tag() against loop + merge + render: at the goal cell, and on the smallest cells."""
    lines = []

    def ratio(c: PhraseCell) -> float:
        return (c.loop.median + c.end_to_end.merge_render.median) / c.end_to_end.tag.median

    goal = [c for c in cells if (c.phrases, c.chars) == GOAL_CELL]
    if goal:
        r = ratio(goal[0])
        verdict = "holds" if r >= GOAL_TAG else "MISSED"
        lines.append(f"- tag() at the goal cell: {r:.1f}x (goal ≥ {GOAL_TAG:.0f}x: {verdict}).")
    smallest = min(c.chars for c in cells)
    small = [c for c in cells if c.chars == smallest]
    where = ", ".join(f"{c.phrases:,} phrases {ratio(c):.2f}x" for c in small)
    verdict = "holds" if all(ratio(c) >= GOAL_TAG_SMALL for c in small) else "MISSED"
    lines.append(
        f"- tag() on {smallest:,}-char texts: {where} (goal ≥ {GOAL_TAG_SMALL:.1f}x: {verdict})."
    )
    return lines


# --- main -----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small grid for CI (< 30 s)")
    parser.add_argument("--repeat", type=int, default=5, help="samples per cell (default 5)")
    parser.add_argument(
        "--crossover", action="store_true", help="also measure the small-input crossover"
    )
    parser.add_argument("--phrases", type=int, nargs="+", help="phrase counts (grid rows)")
    parser.add_argument("--chars", type=int, nargs="+", help="text sizes (grid columns)")
    parser.add_argument(
        "--phrase-only", action="store_true", help="phrase mode and end to end only"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with the process's CPU time instead of wall time (steadier on a shared machine)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.cpu_time:
        _common.clock = time.process_time
    repeat = max(1, min(args.repeat, 3) if args.quick else args.repeat)
    phrase_counts = args.phrases or (QUICK_PHRASES if args.quick else FULL_PHRASES)
    text_sizes = args.chars or (QUICK_TEXTS if args.quick else FULL_TEXTS)

    print("# citemark verbatim benchmark\n")
    print(environment_header())
    print(f"- Clock: {'CPU time (process_time)' if args.cpu_time else 'wall time (perf_counter)'}")
    print(
        f"- Repeat: {repeat}; automaton from {verbatim.AUTOMATON_MIN_CHARS:,} chars and "
        f"{verbatim.AUTOMATON_MIN_PHRASES:,} phrases\n"
    )

    print("## Phrase mode\n")
    cells = run_phrase_grid(phrase_counts, text_sizes, repeat)
    print(phrase_table(cells))
    print()
    for note in phrase_footnotes(cells):
        print(note)
    print()

    print("## End to end: find_matches(), find_blocks(), tag()\n")
    print(end_to_end_table(cells))
    print()
    for note in end_to_end_notes(cells):
        print(note)
    print()

    present_chars = min(text_sizes)
    print(f"## End to end when every phrase occurs ({present_chars:,}-char text)\n")
    print("Phrases cut from the text itself, so the loop path's word filter skips nothing:\n")
    present = run_present_cells(PRESENT_PHRASES, present_chars, repeat)
    print(end_to_end_table(present))
    print()
    cells_checked = [*cells, *present]

    if args.phrase_only:
        print("## Goals\n")
        for line in goal_lines(cells):
            print(line)
        bad = [c for c in cells_checked if c.agree is False or c.end_to_end.tag_agrees is False]
        return 1 if bad else 0

    print("## Document mode\n")
    big, small, ref_agrees = run_document_mode(repeat)
    print(document_table(big))
    print()
    print("All-pairs reference, once, on a smaller case (1,000-char answer, 5 sources):\n")
    print(document_table(small, against=small[0].timing))
    print()
    print(f"Reference and find_document_matches agree on the small case: {ref_agrees}.\n")

    if args.crossover or not args.quick:
        print("## Crossover for the one call (forced paths)\n")
        print_crossover(run_crossover(repeat))

    print("## Goals\n")
    for line in goal_lines(cells):
        print(line)
    mismatched = [c for c in cells_checked if c.agree is False or c.end_to_end.tag_agrees is False]
    return 1 if mismatched or not ref_agrees else 0


if __name__ == "__main__":
    raise SystemExit(main())
