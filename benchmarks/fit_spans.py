"""Fit the unsupported-words model (``citemark.spans.WEIGHTS``) on wice_spans train.

Aligns every record of the upstream ``train`` half of ``wice_spans.jsonl`` with
the given preset (gold sentence boundaries, as ``citemark eval`` does), computes
the word features of each content word against the sentence's citations, and
fits a logistic regression on the annotators' flags. It then picks the
probability threshold that maximises token-level F1 on the same train half. The
``dev`` half is never read: ``citemark eval`` reports on it.

    PYTHONPATH=src python benchmarks/fit_spans.py ../shared/data/wice_spans.jsonl

Prints the weights, bias and threshold to paste into ``spans.py``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from citemark.evaluate import _IndexCache, read_records, span_prf, token_flags
from citemark.index import SourceIndex
from citemark.pipeline import align
from citemark.spans import (
    DEFAULT_SETTINGS,
    FEATURES,
    SpanSettings,
    _check_words,
    _merge,
    context_from_index,
    sentence_evidence,
    word_features,
)
from citemark.tokens import slice_tokens, tokenize
from citemark.types import Span


@dataclass(frozen=True)
class Sentence:
    """One gold sentence's words, their features and the gold token flags."""

    answer: str
    span: Span
    positions: tuple[int, ...]
    features: tuple[tuple[float, ...], ...]
    labels: tuple[bool, ...]
    tokens: tuple[tuple[int, int], ...]
    gold: tuple[bool, ...]


def collect(
    answer: str,
    span: Span,
    evidence: Sequence[str],
    index: SourceIndex,
    supported: bool,
    tokens: Sequence[tuple[int, int]],
    gold: Sequence[bool],
) -> Sentence:
    """The features of one sentence's content words against its evidence."""
    words = slice_tokens(tokenize(answer), span)
    checks = _check_words(answer, span, words, evidence, None, DEFAULT_SETTINGS)
    context = context_from_index(index, answer, span, supported)
    found = word_features(answer, words, checks, context)
    gold_spans = [Span(a, b) for (a, b), g in zip(tokens, gold, strict=True) if g]
    labels = tuple(token_flags([(words.starts[n], words.ends[n])], gold_spans)[0] for n, _ in found)
    return Sentence(
        answer,
        span,
        tuple(n for n, _ in found),
        tuple(f for _, f in found),
        labels,
        tuple(tokens),
        tuple(gold),
    )


def fit(sentences: Sequence[Sentence]) -> tuple[list[float], float, float, float]:
    """Weights, bias, best threshold and its train F1."""
    from sklearn.linear_model import LogisticRegression

    x = np.array([f for s in sentences for f in s.features])
    y = np.array([label for s in sentences for label in s.labels])
    model = LogisticRegression(C=1.0, max_iter=5000).fit(x, y)
    weights = [round(float(w), 4) for w in model.coef_[0]]
    bias = round(float(model.intercept_[0]), 4)
    best = max(
        ((score(sentences, weights, bias, t / 100), t / 100) for t in range(20, 71, 5)),
    )
    return weights, bias, best[1], best[0]


def score(sentences: Iterable[Sentence], weights: Sequence[float], bias: float, t: float) -> float:
    """Token-level F1 of the spans the weights give at threshold ``t``."""
    settings = SpanSettings(threshold=t)
    pairs = []
    for s in sentences:
        words = slice_tokens(tokenize(s.answer), s.span)
        flagged = [
            n
            for n, f in zip(s.positions, s.features, strict=True)
            if 1 / (1 + np.exp(-(bias + float(np.dot(weights, f))))) >= t
        ]
        spans = _merge(s.answer, words, flagged, settings)
        pairs.append((s.gold, token_flags(s.tokens, spans)))
    return span_prf(pairs)[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data")
    parser.add_argument("--config", default="default")
    args = parser.parse_args()
    raw = {}
    with open(args.data, encoding="utf-8") as handle:
        for line in handle:
            data = json.loads(line)
            raw[data["id"]] = data["meta"]
    sentences = []
    cache: _IndexCache | None = None
    for record in read_records(args.data):
        meta = raw[record.id]
        if meta.get("upstream_split") != "train":
            continue
        report = align(
            record.answer,
            record.sources,
            config=args.config,
            sentences=[(s.start, s.end) for s in record.sentences],
        )
        cache = cache or _IndexCache(report_config(args.config))
        index = cache.get(record.sources)
        (result,) = report.sentences
        gold = record.sentences[0].spans
        assert gold is not None
        sentences.append(
            collect(
                record.answer,
                Span(result.start, result.end),
                sentence_evidence(result.citations),
                index,
                result.status == "supported",
                gold.tokens,
                gold.flags,
            )
        )
    weights, bias, threshold, f1 = fit(sentences)
    print(f"FEATURES = {FEATURES}")
    print(f"WEIGHTS = {tuple(weights)}")
    print(f"BIAS = {bias}")
    print(f"threshold = {threshold}  (train token F1 {f1:.3f}, {len(sentences)} sentences)")


def report_config(name: str):  # type: ignore[no-untyped-def]
    from citemark.config import load_config

    return load_config(name)


if __name__ == "__main__":
    main()
