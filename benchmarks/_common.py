"""Code shared by the benchmark scripts: CUAD text, timing, Markdown tables.

The CUAD data is read-only and lives outside the repository (``CITEMARK_DATA`` or
``/work/shared/data``); nothing here copies it. Timings use
:func:`time.perf_counter` and report the median of several samples with the
spread ``(max - min) / median``.
"""

from __future__ import annotations

import json
import math
import os
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
DATA_DIR = Path(os.environ.get("CITEMARK_DATA", REPO.parent / "shared" / "data"))
CUAD_DIR = DATA_DIR / "cuad"
SEPARATOR = "\n\n"


# --- CUAD data ----------------------------------------------------------------


def _read_jsonl(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


@lru_cache(maxsize=1)
def cuad_contracts() -> tuple[tuple[str, str], ...]:
    """``(doc_id, text)`` of every CUAD contract, in file order."""
    rows = _read_jsonl(CUAD_DIR / "contracts.jsonl")
    return tuple((str(row["doc_id"]), str(row["text"])) for row in rows)


@lru_cache(maxsize=1)
def cuad_clauses() -> tuple[str, ...]:
    """The ``clause`` field of every CUAD clause annotation, in file order."""
    rows = _read_jsonl(CUAD_DIR / "clauses.jsonl")
    return tuple(str(row["clause"]) for row in rows)


@lru_cache(maxsize=1)
def cuad_corpus() -> str:
    """All contracts concatenated in file order, separated by a blank line."""
    return SEPARATOR.join(text for _, text in cuad_contracts())


def legal_text(chars: int) -> str:
    """The first ``chars`` characters of :func:`cuad_corpus` (deterministic)."""
    corpus = cuad_corpus()
    if chars > len(corpus):
        raise ValueError(f"CUAD has only {len(corpus):,} characters, {chars:,} asked")
    return corpus[:chars]


# --- timing ---------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Seconds per call: median over ``runs`` samples, each the mean of ``number`` calls."""

    median: float
    spread: float  # (max - min) / median; NaN for a single sample
    runs: int
    number: int


# The clock samples are read from: wall time by default. A script may switch to
# ``time.process_time`` (``--cpu-time``): on a shared machine, the CPU this process
# used varies far less than the wall time its calls took.
clock: Callable[[], float] = time.perf_counter


def time_once(fn: Callable[[], T]) -> tuple[float, T]:
    """Time of one call (on :data:`clock`) and its result."""
    start = clock()
    result = fn()
    return clock() - start, result


def measure(
    fn: Callable[[], T],
    repeat: int,
    *,
    min_sample: float = 0.02,
    slow: float = 2.0,
    slow_repeat: int = 3,
    once: float = math.inf,
) -> tuple[Timing, T]:
    """Time ``fn`` and return the timing with the result of its first call.

    The first call is a warm-up and gives the result. Fast calls are batched so
    that one sample lasts at least ``min_sample`` seconds. A call slower than
    ``slow`` seconds counts as its own first sample and is sampled at most
    ``slow_repeat`` times in all; one slower than ``once`` is not repeated.
    """
    first, result = time_once(fn)
    if first >= once:
        return Timing(first, math.nan, 1, 1), result
    if first >= slow:
        samples = [first] + [time_once(fn)[0] for _ in range(min(repeat, slow_repeat) - 1)]
        return _summarise(samples, 1), result
    number = max(1, math.ceil(min_sample / max(first, 1e-9)))
    samples = [_batch(fn, number) for _ in range(repeat)]
    return _summarise(samples, number), result


def _batch(fn: Callable[[], object], number: int) -> float:
    start = clock()
    for _ in range(number):
        fn()
    return (clock() - start) / number


def _summarise(samples: Sequence[float], number: int) -> Timing:
    median = statistics.median(samples)
    spread = (max(samples) - min(samples)) / median if len(samples) > 1 else math.nan
    return Timing(median, spread, len(samples), number)


# --- formatting -------------------------------------------------------------------


def fmt_seconds(seconds: float) -> str:
    """A duration with three significant digits in a readable unit."""
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def fmt_timing(timing: Timing) -> str:
    """Median with its spread, e.g. ``12.3 ms ±4%``; a single run is marked ``(1 run)``."""
    if timing.runs == 1:
        return f"{fmt_seconds(timing.median)} (1 run)"
    return f"{fmt_seconds(timing.median)} ±{timing.spread * 100:.0f}%"


def fmt_ratio(slow: float, fast: float) -> str:
    """``slow / fast`` as a speed-up factor."""
    return f"{slow / fast:.1f}x" if fast > 0 else "n/a"


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub Markdown table; columns after the first are right-aligned."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        parts = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        return "| " + " | ".join(parts) + " |"

    rule = ["-" * widths[0]] + ["-" * (w - 1) + ":" for w in widths[1:]]
    return "\n".join(
        [line(cells[0]), "| " + " | ".join(rule) + " |"] + [line(r) for r in cells[1:]]
    )


def environment_header(packages: Sequence[str] = ("citemark", "ahocorasick-rs")) -> str:
    """Python version, platform, CPU count, package versions and today's date (UTC)."""
    versions = []
    for name in packages:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} (not installed)")
    lines = [
        f"- Python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.platform()}, {os.cpu_count()} CPUs",
        f"- {', '.join(versions)}",
        f"- Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        f"- Command: `python {' '.join(sys.argv)}`",
    ]
    return "\n".join(lines)


# --- alignment workloads ------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.;])\s+")
_BAD_ID = re.compile(r'["<>&,\x00-\x1f\x7f]')
# Light edits a writer makes when restating a clause: a few swapped-in synonyms.
_SYNONYMS = {
    "shall": "will",
    "Agreement": "contract",
    "agreement": "contract",
    "party": "side",
    "Party": "Side",
    "terminate": "end",
    "provide": "give",
    "pursuant": "according",
    "prior": "earlier",
    "receive": "get",
}


@dataclass(frozen=True)
class Workload:
    """One alignment input, the same for every tool: an answer and its sources.

    ``sources`` are ``(id, text)`` pairs so that each tool builds its own document
    type from them; ``seed`` makes the answer reproducible.
    """

    name: str
    answer: str
    sources: tuple[tuple[str, str], ...]
    seed: int

    @property
    def source_chars(self) -> int:
        return sum(len(text) for _, text in self.sources)

    def as_dicts(self) -> list[dict[str, str]]:
        """The sources as citemark's ``{"id", "text"}`` documents."""
        return [{"id": sid, "text": text} for sid, text in self.sources]


def contract_slices(count: int, chars: int, *, skip: int = 0) -> list[tuple[str, str]]:
    """``count`` slices of ``chars`` characters from the middle of distinct CUAD contracts.

    Contracts are taken evenly spread over the file (after skipping ``skip`` of
    the eligible ones) so that sources differ in style, as retrieved documents do.
    """
    eligible = [(d, t) for d, t in cuad_contracts() if len(t) >= 3 * chars][skip:]
    if len(eligible) < count:
        raise ValueError(f"only {len(eligible)} contracts have {3 * chars:,} characters")
    step = len(eligible) // count
    slices = []
    for doc_id, text in eligible[::step][:count]:
        start = (len(text) - chars) // 2
        slices.append((safe_id(doc_id), text[start : start + chars]))
    return slices


def safe_id(doc_id: str) -> str:
    """A CUAD file name made usable as a source id (citemark refuses commas, quotes...)."""
    return _BAD_ID.sub("_", doc_id)


def text_sentences(text: str) -> list[str]:
    """Sentences of 8-50 words with whitespace collapsed (a cheap splitter for fixtures)."""
    parts = (" ".join(s.split()) for s in _SENTENCE_END.split(text))
    return [s for s in parts if 8 <= len(s.split()) <= 50]


def edit_sentence(sentence: str, rng: random.Random) -> str:
    """A lightly edited restatement: synonyms swapped in, a word dropped or two swapped."""
    words = [_SYNONYMS.get(w, w) if rng.random() < 0.7 else w for w in sentence.split()]
    if len(words) > 3 and rng.random() < 0.5:
        i = rng.randrange(len(words) - 1)
        words[i], words[i + 1] = words[i + 1], words[i]
    elif len(words) > 3:
        del words[rng.randrange(len(words))]
    return " ".join(words)


@lru_cache(maxsize=1)
def _unrelated_pool() -> tuple[tuple[str, str], ...]:
    """``(doc_id, sentence)`` from the start of every 25th contract: text no source holds."""
    return tuple(
        (doc_id, s)
        for doc_id, text in cuad_contracts()[1::25]
        for s in text_sentences(text[:20_000])
    )


def make_answer(sources: Sequence[tuple[str, str]], chars: int, rng: random.Random) -> str:
    """Exactly ``chars`` characters: ~40% verbatim source sentences, ~30% lightly
    edited ones, ~30% sentences from contracts that are not among the sources."""
    quoted = [s for _, text in sources for s in text_sentences(text)]
    source_ids = {sid for sid, _ in sources}
    unrelated = [s for doc_id, s in _unrelated_pool() if safe_id(doc_id) not in source_ids]
    parts: list[str] = []
    length = 0
    while length < chars:
        roll = rng.random()
        if roll < 0.4:
            part = rng.choice(quoted)
        elif roll < 0.7:
            part = edit_sentence(rng.choice(quoted), rng)
        else:
            part = rng.choice(unrelated)
        parts.append(part)
        length += len(part) + 1
    return " ".join(parts)[:chars].rstrip() + "."


def workload(
    name: str, answer_chars: int, sources: int, source_chars: int, *, seed: int = 20240611
) -> Workload:
    """A reproducible workload of CUAD sources and an answer drawn from them."""
    slices = contract_slices(sources, source_chars)
    answer = make_answer(slices, answer_chars, random.Random(seed))
    return Workload(name, answer, tuple(slices), seed)


def w1() -> Workload:
    """W1: a 1,500-character answer against 5 sources of 3,000 characters."""
    return workload("W1", 1_500, 5, 3_000)


def w2() -> Workload:
    """W2: a 5,000-character answer against 50 sources of 5,000 characters."""
    return workload("W2", 5_000, 50, 5_000)
