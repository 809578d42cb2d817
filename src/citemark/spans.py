"""Unsupported spans: the words of a sentence that none of its evidence backs.

A ``partial`` or ``unsupported`` verdict tells a reviewer *that* a sentence
needs a look; the unsupported spans tell them *where*. Each content word of the
sentence is checked against the words of the sentence's evidence (the passages
it cites, not the whole source: a word the article uses elsewhere does not back
this claim), and the words nothing backs are joined into spans.

A word counts as backed when the evidence has

- the same Snowball stem ("pays" / "paid" share nothing else, "paying" / "pay"
  share the stem), or the same folded form;
- a close spelling (a rapidfuzz ratio at or above :attr:`SpanSettings.fuzzy`,
  which catches "organisation" / "organization" and most inflections the stemmer
  misses), or a shared prefix of :attr:`SpanSettings.prefix` letters
  ("Australia" / "Australian");
- for a number, date, amount or percent, the same value as the fact check reads
  it (``facts.missing_facts``), so "two weeks" is backed by "14 days";
- optionally, a word vector close to an evidence word's (an embedder is never
  required: the lexical rules work alone).

A key fact the fact check finds missing counts as unbacked whatever the word
rules say: those are the details a legal reader relies on.

Given a :class:`SourceContext` (the pipeline always gives one), a small
logistic word model then decides, weighing those checks with what the rest of
the sources say (is the word in the passages retrieval ranked next, in the ten
it ranked next, in any source, how rare is it, is it capitalised, a past-tense
verb the article likely paraphrased, where it stands in the sentence, is the
word itself in the cited passages even when the fact it belongs to is not:
"June" and "2014" of "June 13, 2014" usually are, "13" is not; is it absent from
the one evidence sentence that shares most of the claim's words, does it stand
there beside the claim's other words or only in a stray sentence, are it and a
neighbouring claim word both in the evidence but never in one sentence, does a
preposition open its phrase); annotators flag nouns, names, numbers and the
arguments after a preposition far more often than verbs. A second logistic pass
reads each word's first probability beside its neighbours' (annotators mark
phrases, so a word between two doubtful words is doubtful too), the highest in
the compound it is written in ("New York-based", "final month's rent": flagged
whole), and the sentence's highest, mean and the word's rank in it; it decides.
Both passes' weights live in :mod:`citemark.span_weights`, fitted on the
upstream ``train`` half of ``wice_spans.jsonl`` by ``benchmarks/fit_spans.py``
(the second pass on out-of-fold first-pass probabilities, its threshold on
out-of-fold F1); without a context a word is flagged exactly when the checks find it unbacked.

Function words and punctuation are never flagged on their own, but a run of up
to :attr:`SpanSettings.bridge` of them between two flagged words is bridged, and
one just before a span joins it ("for 4 years"), because annotators mark phrases
that way: "apples, pears and plums" is one span, not three. The settings'
defaults were chosen on the same ``train`` half.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Literal, Protocol

import numpy as np
from rapidfuzz import fuzz, process

from . import span_weights
from .facts import extract_facts, missing_facts, unsourced_facts
from .lazy import lazy_pattern
from .lexicon import NEGATIONS, PREPOSITIONS
from .tokens import Tokens, shift, span_tokens, tokenize
from .types import Span
from .words import content_units, unit

if TYPE_CHECKING:
    from .claim_view import ClaimView
    from .facts.model import Fact
    from .index import SourceIndex

Reason = Literal[
    "stem", "fuzzy", "prefix", "fact", "embedding", "missing", "missing_fact", "context"
]
MISSING: frozenset[str] = frozenset({"missing", "missing_fact", "context"})
# Fact kinds whose value, not spelling, decides support.
VALUE_KINDS = frozenset({"number", "date", "amount", "percent"})
# What may stand between two words written as one compound ("month's", "New York-based").
GLUE = frozenset("-‐–/'’s")
# The words that negate what a span says: the negations content units keep, and "never".
_NEGATING = NEGATIONS | {"never"}
# Characters that end a phrase: with ``hard_breaks`` a bridge never crosses them.
HARD_BREAKS = frozenset(',;:()[]{}"“”')
# Where an evidence passage's sentences end: after a terminator and space, or at a newline.
_SENTENCE_END = lazy_pattern(r"(?<=[.!?])\s+|\n")


class _Cited(Protocol):
    """What :func:`sentence_evidence` needs of a citation (``report.Citation`` has it)."""

    @property
    def evidence(self) -> str: ...


class WordEmbedder(Protocol):
    """Anything that maps words to unit-length vectors (rows), as ``embed.Embedder`` does."""

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class SpanSettings:
    """Thresholds of the word checks and of merging (defaults chosen on wice_spans train)."""

    # rapidfuzz ratio that makes two spellings one word, for words this long or longer
    fuzzy: float = 85.0
    min_fuzzy_length: int = 4
    # letters two words must share at the start to count as one ("Australia"/"Australian")
    prefix: int = 6
    # cosine to some evidence word that backs a word (only with an embedder)
    embedding: float = 0.75
    # function words bridged between two flagged words; whether , ; : ( ) quotes stop a bridge
    bridge: int = 2
    hard_breaks: bool = False
    # passes of "glued to a missing word" marking (a word-model input), and whether to
    # apply it again to the model's verdicts (off: -0.02 F1 on train)
    grow: int = 3
    regrow: bool = False
    # evidence words this close count as a pair for the glued check
    pair_window: int = 2
    # function words just before a span that join it
    lead: int = 1
    # second-pass probability at which a word is flagged
    threshold: float = span_weights.THRESHOLD


DEFAULT_SETTINGS = SpanSettings()


@dataclass(frozen=True)
class WordCheck:
    """One content word of the sentence and why it is or is not backed (answer offsets)."""

    start: int
    end: int
    text: str
    supported: bool
    reason: Reason
    # The word model's probability that the word is unsupported (with a context).
    probability: float | None = None


@dataclass(frozen=True)
class SpanFinding:
    """The unsupported spans of one sentence and the word verdicts behind them."""

    spans: tuple[Span, ...]
    words: tuple[WordCheck, ...]


@dataclass(frozen=True)
class SourceContext:
    """What the sources say beyond the sentence's citations, to weigh each word's verdict.

    A word missing from the cited passages is more likely a real gap when it is
    also missing from the passages retrieval ranked next (``nearby``) and from
    every source (``known``), and when it is rare in the sources; less likely
    when the sentence as a whole was judged supported. Without a context, a word
    is flagged exactly when the citations lack it.
    """

    nearby: tuple[str, ...]
    known: Container[str]
    rarity: Callable[[str], float]
    judged_supported: bool = False
    # The passages retrieval ranked next beyond ``nearby`` (with them, the top ten).
    wider: tuple[str, ...] = ()


# Inputs of the first pass of the word model (logistic; weights in span_weights).
FEATURES = (
    "missing_cited",
    "glued_to_missing",
    "missing_fact",
    "present_fact",
    "missing_nearby",
    "missing_sources",
    "capitalised",
    "rarity",
    "missing_share",
    "judged_supported",
    "past_tense",
    "length",
    # the word itself (not the fact around it) absent from the cited passages
    "word_missing_cited",
    "word_missing_in_missing_fact",
    "word_present_in_missing_fact",
    "missing_wider",
    "digits",
    "citations",
    "position",
    "first_word",
    "last_word",
    # against the evidence sentence sharing most of the claim's words, not all the
    # passages at once: a word the claim shares only with a stray sentence is a gap
    "missing_best_sentence",
    # share of the claim's other words in the best evidence sentence that has this word
    "colocated",
    # the word and a neighbouring claim word are both in the evidence, never in one
    # sentence ("team" and "high" of "team high" in another relation)
    "pair_apart",
    # a preposition (no content word between) opens the word's phrase
    "after_preposition",
)
# What the second pass adds to FEATURES: the first pass's verdicts around the word.
STACK_FEATURES = (
    "first_pass_logit",
    "left_probability",
    "right_probability",
    "glued_left_probability",
    "glued_right_probability",
    "neighbour_probability",
    "sentence_max_probability",
    "sentence_mean_probability",
    # highest first-pass probability and size of the compound the word belongs to
    # (content words written together: "New York-based", "Cartoon Network's"):
    # annotators flag a name or compound whole
    "compound_max_probability",
    "compound_size",
    # the word's probability beside the sentence's highest, and its rank in it
    "relative_probability",
    "sentence_rank",
)


@dataclass(frozen=True)
class _Evidence:
    """The evidence texts reduced to what the word checks look up."""

    keys: frozenset[str]
    units: frozenset[str]
    prefixes: frozenset[str]
    words: tuple[str, ...]
    # Each text's content units in order, and how far apart two may stand to count
    # as written together: what :attr:`pairs` is made from.
    sequences: tuple[tuple[str, ...], ...]
    pair_window: int
    # ``words`` ordered by length, and their lengths: the fuzzy check compares a
    # word only with those long enough and short enough to reach its cutoff.
    by_length: tuple[str, ...] = ()
    lengths: tuple[int, ...] = ()
    # (key, stem, prefix, min_fuzzy_length, fuzzy) -> ``_lexical``'s verdict: the
    # same evidence (memoised by ``_prepare``) is asked about the same words by
    # every sentence that cites or retrieves it, and the fuzzy scan dominates.
    verdicts: dict[tuple[str, str, int, int, float], Reason] = field(
        default_factory=dict, compare=False, repr=False
    )

    @cached_property
    def pairs(self) -> frozenset[frozenset[str]]:
        """Units standing within ``pair_window`` of each other in one text, made on
        first use: only a backed word glued to a flagged one asks (see :func:`_grow`),
        and making every pair of every prepared passage was the costliest part of
        preparing it."""
        return frozenset(
            frozenset((stem, other))
            for ordered in self.sequences
            for i, stem in enumerate(ordered)
            for other in ordered[i + 1 : i + 1 + self.pair_window]
        )


def find_unsupported(
    answer: str,
    span: Span,
    evidence: Sequence[str],
    *,
    tokens: Tokens | None = None,
    embedder: WordEmbedder | None = None,
    context: SourceContext | None = None,
    settings: SpanSettings = DEFAULT_SETTINGS,
    view: ClaimView | None = None,
) -> SpanFinding:
    """The words of ``answer[span]`` that no text of ``evidence`` backs, as answer spans.

    ``view`` may be the sentence's :class:`~citemark.claim_view.ClaimView`, whose
    tokens and facts are then read, or ``tokens`` the answer's tokens (from
    :func:`tokens.tokenize`), sliced to the span: either spares tokenizing the
    sentence again. With a ``context`` the word model decides (see
    :class:`SourceContext`).
    """
    if view is not None:
        words = view.placed
    elif tokens is None:
        words = shift(tokenize(answer[span.start : span.end]), span.start)
    else:
        words = span_tokens(answer, tokens, span)
    # Growth into glued words is one of the word model's inputs, not a verdict:
    # alone it over-flags ("The court fined" is not wrong because "fined" is).
    rules = settings if context is not None else replace(settings, grow=0)
    facts = view.facts if view is not None else None
    checks = _check_words(answer, span, words, evidence, embedder, rules, facts)
    # A sentence with no citation has nothing behind any of its words: every content
    # word stays flagged. The word model, fitted on annotators who mark the glaring
    # gap of a cited claim, would keep only the rarest words ("in Delaware" of
    # "Disputes will be resolved by arbitration in Delaware"), and a legal reader
    # must not take the rest of an uncited sentence as backed.
    if context is not None and evidence:
        checks = _weigh(answer, words, checks, context, evidence, settings)
        if settings.regrow:
            ev = _prepare(tuple(evidence), settings.prefix, settings.pair_window)
            for _ in range(settings.grow):
                grown = _grow(answer, words, checks, ev, settings)
                if grown == checks:
                    break
                checks = grown
    flagged = [n for n, c in enumerate(checks) if c is not None and not c.supported]
    spans = _merge(answer, words, flagged, settings)
    return SpanFinding(spans, tuple(c for c in checks if c is not None))


def _check_words(
    answer: str,
    span: Span,
    words: Tokens,
    evidence: Sequence[str],
    embedder: WordEmbedder | None,
    settings: SpanSettings,
    facts: Sequence[Fact] | None = None,
) -> list[WordCheck | None]:
    """A verdict per token: ``None`` for a function word, else a :class:`WordCheck`.
    ``facts`` may be the sentence's facts (``extract_facts`` of its text)."""
    ev = _prepare(tuple(evidence), settings.prefix, settings.pair_window)
    sentence = answer[span.start : span.end]
    forced = _Verdicts(_fact_verdicts(sentence, "\n".join(evidence), span.start, facts))
    checks: list[WordCheck | None] = []
    for start, end, key in zip(words.starts, words.ends, words.keys, strict=True):
        stem = unit(key)
        if stem is None:
            checks.append(None)
            continue
        text = answer[start:end]
        verdict = forced(start, end) or _lexical(key, stem, ev, settings)
        checks.append(WordCheck(start, end, text, verdict not in MISSING, verdict))
    if embedder is not None and ev.words:
        checks = _embedding_pass(checks, ev, embedder, settings)
    for _ in range(settings.grow):
        grown = _grow(answer, words, checks, ev, settings)
        if grown == checks:
            break
        checks = grown
    return checks


def word_features(
    answer: str,
    words: Tokens,
    checks: list[WordCheck | None],
    context: SourceContext,
    evidence: Sequence[str] = (),
) -> list[tuple[int, tuple[float, ...]]]:
    """The first pass's inputs (in :data:`FEATURES` order) for each content word,
    with the word's token position. ``evidence`` is what the checks compared with."""
    content = [(n, c) for n, c in enumerate(checks) if c is not None]
    if not content:
        return []
    nearby = _prepare(context.nearby, DEFAULT_SETTINGS.prefix, DEFAULT_SETTINGS.pair_window)
    wider = _prepare(
        context.nearby + context.wider, DEFAULT_SETTINGS.prefix, DEFAULT_SETTINGS.pair_window
    )
    cited = _prepare(tuple(evidence), DEFAULT_SETTINGS.prefix, DEFAULT_SETTINGS.pair_window)
    share = sum(not c.supported for _, c in content) / len(content)
    first = words.starts[0] if len(words) else 0
    last = len(content) - 1
    citations = min(len(evidence), 5) / 5
    passage = _sentence_features(
        [words.keys[n] if _backs(words.keys[n], cited) else None for n, _ in content], evidence
    )
    out: list[tuple[int, tuple[float, ...]]] = []
    for i, (n, check) in enumerate(content):
        key = words.keys[n]
        stem = unit(key) or key
        near = _lexical(key, stem, nearby, DEFAULT_SETTINGS) != "missing"
        far = near or _lexical(key, stem, wider, DEFAULT_SETTINGS) != "missing"
        word_missing = _word_missing(key, stem, check.reason, cited)
        in_missing_fact = check.reason == "missing_fact"
        out.append(
            (
                n,
                (
                    float(check.reason in ("missing", "missing_fact")),
                    float(check.reason == "context"),
                    float(in_missing_fact),
                    float(check.reason == "fact"),
                    float(not near and check.reason != "fact"),
                    float(stem not in context.known),
                    float(check.text[:1].isupper() and check.start > first),
                    context.rarity(stem),
                    share,
                    float(context.judged_supported),
                    float(key.endswith("ed")),
                    len(key) / 10,
                    float(word_missing),
                    float(word_missing and in_missing_fact),
                    float(not word_missing and in_missing_fact),
                    float(not far),
                    float(key.isdigit()),
                    citations,
                    i / max(last, 1),
                    float(i == 0),
                    float(i == last),
                    *passage[i],
                    float(_after_preposition(words, n)),
                ),
            )
        )
    return out


def _sentence_features(
    keys: Sequence[str | None], evidence: Sequence[str]
) -> list[tuple[float, float, float]]:
    """Per content word (``keys``, in order, ``None`` for a word the evidence as a
    whole lacks, which no sentence of it can have): absent from the evidence sentence that
    has most of the claim's words, the share of the other claim words in the best
    sentence that has this one, and whether a neighbouring claim word is in the
    evidence but never in a sentence with this one.

    Cited passages are windows of a few sentences; a word found only in a sentence
    that shares nothing else with the claim backs it less than one that stands
    beside the claim's other words, and two words present but apart are often the
    "another relation" case the word checks miss.
    """
    sentences = _evidence_sentences(tuple(evidence))
    count = len(keys)
    if not sentences:
        return [(1.0, 0.0, 0.0)] * count
    # present[i][j]: claim word i is backed by evidence sentence j (a bit per sentence)
    present = [
        0 if key is None else sum(1 << j for j, ev in enumerate(sentences) if _backs(key, ev))
        for key in keys
    ]
    totals = [sum((bits >> j) & 1 for bits in present) for j in range(len(sentences))]
    best = max(range(len(sentences)), key=lambda j: (totals[j], -j))
    others = max(count - 1, 1)
    out = []
    for i, bits in enumerate(present):
        colocated = max(
            ((totals[j] - 1) / others for j in range(len(sentences)) if (bits >> j) & 1),
            default=0.0,
        )
        apart = any(
            bits and present[j] and not bits & present[j] for j in (i - 1, i + 1) if 0 <= j < count
        )
        out.append((float(not (bits >> best) & 1), colocated, float(apart)))
    return out


def _backs(key: str, ev: _Evidence) -> bool:
    """Whether the lexical checks find the word in ``ev``."""
    return _lexical(key, unit(key) or key, ev, DEFAULT_SETTINGS) != "missing"


@lru_cache(maxsize=4096)
def _evidence_sentences(evidence: tuple[str, ...]) -> tuple[_Evidence, ...]:
    """The evidence passages cut into sentences, each prepared for the word checks
    (memoised: one passage is evidence for many sentences)."""
    return tuple(
        _prepare((part,), DEFAULT_SETTINGS.prefix, DEFAULT_SETTINGS.pair_window)
        for text in evidence
        for part in _SENTENCE_END.split(text)
        if part.strip()
    )


def _after_preposition(words: Tokens, n: int) -> bool:
    """Whether a preposition stands among the function words just before token ``n``."""
    for i in range(n - 1, -1, -1):
        key = words.keys[i]
        if unit(key) is not None:
            return False
        if key in PREPOSITIONS:
            return True
    return False


def _word_missing(key: str, stem: str, reason: Reason, cited: _Evidence) -> bool:
    """Whether the word itself is absent from the cited passages: the fact check's
    verdict covers the whole fact, the lexical one this word."""
    if reason in ("fact", "missing_fact"):
        return _lexical(key, stem, cited, DEFAULT_SETTINGS) == "missing"
    return reason == "missing"


def stack_features(
    answer: str, words: Tokens, positions: Sequence[int], first: Sequence[float]
) -> list[tuple[float, ...]]:
    """The second pass's additions (:data:`STACK_FEATURES`) for each content word,
    from the first pass's probabilities ``first`` of the words at ``positions``."""
    count = len(positions)
    if not count:
        return []
    top = max(first)
    mean = sum(first) / count
    # glue[i]: words i and i + 1 written as one compound (each pair tested once).
    glue = [_glued(answer, words, positions[i], positions[i + 1]) for i in range(count - 1)]
    compounds = _compounds(glue, first)
    order = sorted(range(count), key=lambda i: -first[i])
    rank = [0] * count
    for place, i in enumerate(order):
        rank[i] = place
    out: list[tuple[float, ...]] = []
    for i, p in enumerate(first):
        left = first[i - 1] if i > 0 else 0.0
        right = first[i + 1] if i < count - 1 else 0.0
        glued_left = i > 0 and glue[i - 1]
        glued_right = i < count - 1 and glue[i]
        clipped = min(max(p, 1e-4), 1 - 1e-4)
        out.append(
            (
                math.log(clipped / (1 - clipped)),
                left,
                right,
                left if glued_left else 0.0,
                right if glued_right else 0.0,
                max(left, right),
                top,
                mean,
                *compounds[i],
                p / top if top > 0 else 0.0,
                rank[i] / max(count - 1, 1),
            )
        )
    return out


def _compounds(glue: Sequence[bool], first: Sequence[float]) -> list[tuple[float, float]]:
    """Per word, the highest first-pass probability in its compound (a run of words
    written together, ``glue[i]`` joining words i and i + 1) and the run's size / 4."""
    out: list[tuple[float, float]] = []
    start = 0
    for i in range(len(first)):
        if i == len(first) - 1 or not glue[i]:
            run = first[start : i + 1]
            out.extend([(max(run), len(run) / 4)] * len(run))
            start = i + 1
    return out


def _logistic(rows: np.ndarray, weights: Sequence[float], bias: float) -> np.ndarray:
    # Clipped: a sentence of thousands of words can push the sum past what exp takes
    # (an overflow warning), and beyond 500 either way the probability is 0 or 1 anyway.
    z = np.clip(rows @ np.asarray(weights) + bias, -500.0, 500.0)
    return 1.0 / (1.0 + np.exp(-z))


def word_probabilities(
    answer: str,
    words: Tokens,
    checks: list[WordCheck | None],
    context: SourceContext,
    evidence: Sequence[str] = (),
) -> list[tuple[int, float]]:
    """Each content word's probability of being unsupported (both passes), by token position."""
    found = word_features(answer, words, checks, context, evidence)
    if not found:
        return []
    positions = [n for n, _ in found]
    rows = np.array([f for _, f in found], dtype=np.float64)
    first = _logistic(rows, span_weights.WORD_WEIGHTS, span_weights.WORD_BIAS).tolist()
    stacked = np.hstack([rows, np.array(stack_features(answer, words, positions, first))])
    second = _logistic(stacked, span_weights.STACK_WEIGHTS, span_weights.STACK_BIAS)
    return list(zip(positions, second.tolist(), strict=True))


def _weigh(
    answer: str,
    words: Tokens,
    checks: list[WordCheck | None],
    context: SourceContext,
    evidence: Sequence[str],
    settings: SpanSettings,
) -> list[WordCheck | None]:
    """Replace each word's verdict by the word model's, keeping the lexical reason."""
    out = list(checks)
    for n, p in word_probabilities(answer, words, checks, context, evidence):
        check = checks[n]
        assert check is not None
        flagged = p >= settings.threshold and check.reason != "fact"
        out[n] = WordCheck(check.start, check.end, check.text, not flagged, check.reason, p)
    return out


def context_from_index(
    index: SourceIndex,
    answer: str,
    span: Span,
    judged_supported: bool,
    nearby: int = 3,
    wider: int = 10,
    *,
    view: ClaimView | None = None,
    retrieved: tuple[Sequence[int], int] | None = None,
) -> SourceContext:
    """The :class:`SourceContext` of one sentence from a prepared index.

    ``view`` may be the sentence's :class:`~citemark.claim_view.ClaimView`, whose
    content units are then read. ``retrieved`` may be ``(index.retrieve(units, limit),
    limit)`` for the sentence's content units: retrieval ranks by one total
    order (weight, then sentence id), so with ``limit >= max(nearby, wider)`` its
    first ``max(nearby, wider)`` are what a retrieval with that limit returns, and
    the support stage has them already.
    """
    limit = max(nearby, wider)
    if retrieved is not None and retrieved[1] >= limit:
        ids = list(retrieved[0][:limit])
    else:
        if view is not None:
            units = set(view.units)
        else:
            units = set(content_units(tokenize(answer[span.start : span.end])))
        ids = index.retrieve(units, limit)
    unseen = math.log(1 + max(len(index.sentences), 1) / 0.5)
    return SourceContext(
        tuple(index.text_of((i,)) for i in ids[:nearby]),
        index.postings,
        lambda stem: index.idf(stem) / unseen,
        judged_supported,
        tuple(index.text_of((i,)) for i in ids[nearby:wider]),
    )


def _lexical(key: str, stem: str, ev: _Evidence, settings: SpanSettings) -> Reason:
    """How the evidence backs the word, or ``"missing"`` (memoised on ``ev``)."""
    memo = (key, stem, settings.prefix, settings.min_fuzzy_length, settings.fuzzy)
    found = ev.verdicts.get(memo)
    if found is None:
        found = ev.verdicts[memo] = _lexical_uncached(key, stem, ev, settings)
    return found


def _lexical_uncached(key: str, stem: str, ev: _Evidence, settings: SpanSettings) -> Reason:
    if stem in ev.units or key in ev.keys:
        return "stem"
    if len(key) >= settings.prefix and key[: settings.prefix] in ev.prefixes:
        return "prefix"
    if len(key) >= settings.min_fuzzy_length and not key.isdigit():
        lo, hi = _fuzzy_lengths(len(key), settings.fuzzy)
        first, last = bisect_left(ev.lengths, lo), bisect_right(ev.lengths, hi)
        if first < last:
            best = process.extractOne(
                key, ev.by_length[first:last], scorer=fuzz.ratio, score_cutoff=settings.fuzzy
            )
            if best is not None:
                return "fuzzy"
    return "missing"


@lru_cache(maxsize=256)
def _fuzzy_lengths(length: int, cutoff: float) -> tuple[float, float]:
    """Lengths a word needs for a ``fuzz.ratio`` of at least ``cutoff`` with a word of
    ``length`` characters, with a character to spare on each side.

    The ratio is ``100 * (1 - indel / (a + b))`` and the indel distance is at least
    ``|a - b|``, so ``|a - b| / (a + b)`` may not exceed ``1 - cutoff / 100``: words
    outside these lengths cannot reach the cutoff, and leaving them out changes
    no verdict.
    """
    share = 1.0 - cutoff / 100.0
    if share >= 1.0:
        return -math.inf, math.inf
    return length * (1.0 - share) / (1.0 + share) - 1.0, length * (1.0 + share) / (
        1.0 - share
    ) + 1.0


def _fact_verdicts(
    sentence: str, evidence: str, offset: int, facts: Sequence[Fact] | None = None
) -> list[tuple[int, int, Reason]]:
    """Answer ranges the fact check decides: missing facts flagged, present values backed
    (``facts``: the sentence's, when the caller has them)."""
    missing = missing_facts(sentence, evidence)
    missing_ranges = {(f.start, f.end) for f in missing}
    out: list[tuple[int, int, Reason]] = [
        (offset + f.start, offset + f.end, "missing_fact") for f in missing
    ]
    for fact in extract_facts(sentence) if facts is None else facts:
        if fact.kind in VALUE_KINDS and (fact.start, fact.end) not in missing_ranges:
            out.append((offset + fact.start, offset + fact.end, "fact"))
    return out


class _Verdicts:
    """The fact check's ranges, looked up by a word's place: by bisection on the starts,
    then back while a range can still reach the word (``reach``: the furthest end so
    far). Every range was tested for every word, quadratic in a sentence of thousands of
    values."""

    def __init__(self, ranges: list[tuple[int, int, Reason]]) -> None:
        self.ranges = sorted(ranges)
        self.starts = [s for s, _, _ in self.ranges]
        self.reach = list(accumulate((e for _, e, _ in self.ranges), max))

    def __call__(self, start: int, end: int) -> Reason | None:
        """The verdict on the word at ``start:end`` inside a range (missing wins)."""
        found = False
        k = bisect_left(self.starts, end) - 1
        while k >= 0 and self.reach[k] > start:
            s, e, reason = self.ranges[k]
            if s < end and start < e:
                if reason == "missing_fact":
                    return reason
                found = True
            k -= 1
        return "fact" if found else None


def _embedding_pass(
    checks: list[WordCheck | None],
    ev: _Evidence,
    embedder: WordEmbedder,
    settings: SpanSettings,
) -> list[WordCheck | None]:
    """Back the still-missing words whose vector is close to some evidence word's."""
    pending = [n for n, c in enumerate(checks) if c is not None and c.reason == "missing"]
    if not pending:
        return checks
    texts = [checks[n].text.casefold() for n in pending]  # type: ignore[union-attr]
    vectors = embedder.encode(texts + list(ev.words))
    sims = vectors[: len(texts)] @ vectors[len(texts) :].T
    out = list(checks)
    for row, n in enumerate(pending):
        check = checks[n]
        assert check is not None
        if float(sims[row].max()) >= settings.embedding:
            out[n] = WordCheck(check.start, check.end, check.text, True, "embedding")
    return out


def _grow(
    answer: str,
    words: Tokens,
    checks: list[WordCheck | None],
    ev: _Evidence,
    settings: SpanSettings,
) -> list[WordCheck | None]:
    """Flag a backed word glued to a flagged one when the evidence never has the two
    together: "month" and "rent" are in a lease that speaks of "the fifth day of
    the month" and "payment of rent", but "final month's rent" is not backed by it.

    Only words written together count ("month's rent", "New York-based"): a
    function word between two words ends the compound, so the growth stays inside
    a noun phrase. Negation words never grow: they belong to the fact check.
    """
    content = [n for n, c in enumerate(checks) if c is not None]
    out = list(checks)
    for i, n in enumerate(content):
        check = checks[n]
        assert check is not None
        if not check.supported or check.reason == "fact" or words.keys[n] in _NEGATING:
            continue
        stem = unit(words.keys[n])
        for j in (i - 1, i + 1):
            if not 0 <= j < len(content):
                continue
            other = checks[content[j]]
            assert other is not None
            if (
                not other.supported
                and _glued(answer, words, content[j], n)
                and frozenset((stem, unit(words.keys[content[j]]))) not in ev.pairs
            ):
                out[n] = WordCheck(check.start, check.end, check.text, False, "context")
                break
    return out


def _glued(answer: str, words: Tokens, a: int, b: int) -> bool:
    """Tokens ``a`` and ``b`` written as one compound: only spaces, hyphens, slashes
    or a possessive "'s" between them."""
    first, last = (a, b) if a <= b else (b, a)
    keys = words.keys
    for i in range(first + 1, last):
        if keys[i] != "s":
            return False
    gap = answer[words.ends[first] : words.starts[last]]
    if gap == " ":
        return True  # the usual gap, and one the test below accepts
    return all(ch.isspace() or ch in GLUE for ch in gap) and gap.count("s") <= 1


@lru_cache(maxsize=4096)
def _prepare(evidence: tuple[str, ...], prefix: int, window: int) -> _Evidence:
    """Keys, stems, prefixes and distinct content words of the evidence (memoised:
    one passage is evidence for many sentences)."""
    keys: set[str] = set()
    units: set[str] = set()
    sequences: list[tuple[str, ...]] = []
    for text in evidence:
        ordered: list[str] = []
        found = tokenize(text).keys
        for key, stem in zip(found, map(unit, found), strict=True):
            if stem is not None:
                keys.add(key)
                units.add(stem)
                ordered.append(stem)
        sequences.append(tuple(ordered))
    prefixes = frozenset(k[:prefix] for k in keys if len(k) >= prefix)
    words = sorted(keys)
    # A stable sort by length of the sorted words: ordered by (length, word).
    by_length = tuple(sorted(words, key=len))
    return _Evidence(
        frozenset(keys),
        frozenset(units),
        prefixes,
        tuple(words),
        tuple(sequences),
        window,
        by_length,
        tuple(map(len, by_length)),
    )


def _merge(
    answer: str, words: Tokens, flagged: list[int], settings: SpanSettings
) -> tuple[Span, ...]:
    """Flagged words as spans, bridging short runs of function words between them."""
    spans: list[Span] = []
    for n in flagged:
        end = words.ends[n]
        if spans and _bridgeable(answer, words, spans[-1], n, settings):
            spans[-1] = Span(spans[-1].start, end)
        else:
            spans.append(Span(_lead(answer, words, n, settings.lead, spans), end))
    return _whole_numbers(answer, spans)


# A number with what is written into it: a point or comma inside ("1.5", "2,400.00"), a
# currency sign before, a percent sign after ("$2,400", "2.5%").
_NUMBER = lazy_pattern(r"[$€£¥]?\d+(?:[.,]\d+)*%?")


def _whole_numbers(answer: str, spans: list[Span]) -> tuple[Span, ...]:
    """Spans widened to the whole of a number they cut into: the word tokens of "1.5%"
    are "1" and "5", and a span on "5% per month" alone would show a reviewer a value
    the answer does not state, as "at 2.5" without its percent sign would (overlapping
    spans are then joined)."""
    out: list[Span] = []
    for span in spans:
        start, end = span.start, span.end
        for edge in (start, end):
            lo = max(0, edge - 24)
            for m in _NUMBER.finditer(answer, lo, min(len(answer), edge + 24)):
                if m.start() < edge < m.end():
                    start, end = min(start, m.start()), max(end, m.end())
        # "twenty-four (24": the figure a legal text repeats is shown with its bracket
        if (
            end < len(answer)
            and answer[end] == ")"
            and answer.count("(", start, end) > answer.count(")", start, end)
        ):
            end += 1
        if out and start <= out[-1].end:
            out[-1] = Span(out[-1].start, max(end, out[-1].end))
        else:
            out.append(Span(start, end))
    return tuple(out)


def _lead(answer: str, words: Tokens, n: int, lead: int, spans: list[Span]) -> int:
    """Where a span starting at token ``n`` starts once up to ``lead`` function words
    just before it join it ("for 4 years", "the second attempt")."""
    start = words.starts[n]
    floor = spans[-1].end if spans else -1
    for i in range(n - 1, max(n - 1 - lead, -1), -1):
        gap = answer[words.ends[i] : start]
        if unit(words.keys[i]) is not None or words.starts[i] < floor or gap.strip():
            break
        start = words.starts[i]
    return start


def _bridgeable(answer: str, words: Tokens, last: Span, n: int, settings: SpanSettings) -> bool:
    """Whether only few function words (and no phrase-ending punctuation) lie between."""
    # Tokens are ordered and never overlap, so those between are the run from the
    # first one starting at or after the span's end up to token ``n``.
    between = range(bisect_left(words.starts, last.end, 0, n), n)
    if len(between) > settings.bridge:
        return False
    if any(unit(words.keys[i]) is not None for i in between):
        return False
    gap = answer[last.end : words.starts[n]]
    return not (settings.hard_breaks and any(ch in HARD_BREAKS for ch in gap))


def unsupported_spans(
    answer: str,
    span: Span,
    evidence: Sequence[str],
    *,
    tokens: Tokens | None = None,
    embedder: WordEmbedder | None = None,
    context: SourceContext | None = None,
    settings: SpanSettings = DEFAULT_SETTINGS,
    view: ClaimView | None = None,
) -> tuple[Span, ...]:
    """Just the spans of :func:`find_unsupported`: what ``SentenceResult`` carries."""
    return find_unsupported(
        answer,
        span,
        evidence,
        tokens=tokens,
        embedder=embedder,
        context=context,
        settings=settings,
        view=view,
    ).spans


def outside_cited_ids(
    answer: str,
    span: Span,
    spans: tuple[Span, ...],
    words: Tokens,
    ids: Sequence[str],
    *,
    facts: Sequence[Fact] | None = None,
) -> tuple[Span, ...]:
    """``spans`` less the words that write out the id of a source the sentence cites,
    and the facts such an id states.

    "Under Civ. Code § 1950.5, ..." names its source: the passage filed under that id
    never repeats the section, and a reviewer who sees it flagged learns nothing; nor
    from "United States" and "(2000)" in "Dickerson v. United States (2000)" cited to
    "Dickerson v. United States, 530 U.S. 428 (2000)". ``words`` are the sentence's
    tokens in answer offsets and ``facts``, when given, its facts (``extract_facts`` of
    its text); what is left of a span must still hold a content word ("Under" alone is
    no span)."""
    if not spans or not ids:
        return spans
    sentence = answer[span.start : span.end]
    named = _id_runs(words, ids) + _id_facts(sentence, span.start, ids, facts)
    if not named:
        return spans
    out: list[Span] = []
    for sp in spans:
        if not any(a < sp.end and sp.start < b for a, b in named):
            out.append(sp)
            continue
        piece: list[int] = []
        for i in range(bisect_left(words.starts, sp.start), len(words)):
            if words.starts[i] >= sp.end:
                break
            if any(a <= words.starts[i] and words.ends[i] <= b for a, b in named):
                out.extend(_content_piece(words, piece))
                piece = []
            else:
                piece.append(i)
        out.extend(_content_piece(words, piece))
    return tuple(out)


def _id_facts(
    sentence: str, offset: int, ids: Sequence[str], facts: Sequence[Fact] | None = None
) -> list[tuple[int, int]]:
    """Where the sentence states a fact (a name, number, date) that a cited id states."""
    stated = extract_facts(sentence) if facts is None else facts
    named = tuple(f for f in stated if f.kind != "negation")
    if not named:
        return []
    lacking = set(unsourced_facts(sentence, named, ids))
    return [(offset + f.start, offset + f.end) for f in named if f not in lacking]


def _id_runs(words: Tokens, ids: Sequence[str]) -> list[tuple[int, int]]:
    """Where the sentence writes a cited id out, token for token, as answer offsets.

    Ids of one word ("lease", "article", "S1") are left out: the sentence using that
    word is about the thing, not naming the source."""
    runs: list[tuple[int, int]] = []
    keys = words.keys
    for source_id in ids:
        want = _id_keys(source_id)
        size = len(want)
        if size < 2:
            continue
        for i in range(len(keys) - size + 1):
            if keys[i : i + size] == want:
                runs.append((words.starts[i], words.ends[i + size - 1]))
    return runs


@lru_cache(maxsize=1024)
def _id_keys(source_id: str) -> tuple[str, ...]:
    """An id's token keys: the same few ids are asked about for every sentence."""
    return tokenize(source_id).keys


def _content_piece(words: Tokens, piece: Sequence[int]) -> list[Span]:
    if not any(unit(words.keys[i]) is not None for i in piece):
        return []
    return [Span(words.starts[piece[0]], words.ends[piece[-1]])]


def sentence_evidence(citations: Sequence[_Cited]) -> list[str]:
    """The texts a sentence's citations quote or paraphrase: what its words are checked against."""
    return [c.evidence for c in citations]
