"""Fit the unsupported-words model (``citemark.span_weights``) on wice_spans train.

Aligns every record of the upstream ``train`` half of ``wice_spans.jsonl`` with
the given preset (gold sentence boundaries, as ``citemark eval`` does), computes
the first-pass features of each content word against the sentence's citations
(``spans.word_features``), and fits the two logistic passes on the annotators'
flags:

1. the first pass on the word features, with out-of-fold probabilities from a
   5-fold cross-validation grouped by claim (WiCE splits one claim into several
   records; they stay in one fold);
2. the second pass on the word features plus the first pass's out-of-fold
   probabilities around each word (``spans.stack_features``), so that it learns
   how far to trust first-pass verdicts it has not seen fitted;
3. the threshold that maximises token F1 *as the report gives it* (no spans for
   sentences the report judges supported, every content word of an uncited
   sentence flagged) on the second pass's out-of-fold
   probabilities, and the regularisation strength (of ``STRENGTHS``) that does.

The final weights of both passes are then fitted on the whole train half. The
``dev`` half is never read: ``citemark eval`` reports on it.

    PYTHONPATH=src python benchmarks/fit_spans.py ../shared/data/wice_spans.jsonl [--write]

Prints the cross-validated train F1 and the weights; ``--write`` rewrites
``src/citemark/span_weights.py``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from citemark.config import load_config
from citemark.evaluate import aligned, read_records, span_prf, token_flags
from citemark.index import SourceIndex
from citemark.spans import (
    DEFAULT_SETTINGS,
    FEATURES,
    STACK_FEATURES,
    _check_words,
    _merge,
    context_from_index,
    sentence_evidence,
    stack_features,
    word_features,
)
from citemark.tokens import Tokens, slice_tokens, tokenize
from citemark.types import Span

FOLDS = 5
# Inverse regularisation strengths tried; the best by cross-validated F1 is kept.
STRENGTHS = (0.3, 1.0, 3.0, 10.0, 30.0)
THRESHOLDS = tuple(t / 100 for t in range(20, 71, 5))
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "src" / "citemark" / "span_weights.py"


@dataclass(frozen=True)
class Sentence:
    """One gold sentence's content words, their features and the gold token flags."""

    claim: str
    answer: str
    words: Tokens
    judged_supported: bool
    positions: tuple[int, ...]
    features: tuple[tuple[float, ...], ...]
    labels: tuple[bool, ...]
    tokens: tuple[tuple[int, int], ...]
    gold: tuple[bool, ...]
    # Whether the sentence has any citation: one without keeps every content word
    # flagged (the product rule of ``spans.find_unsupported``), whatever the model says.
    cited: bool = True


def collect(
    claim: str,
    answer: str,
    span: Span,
    evidence: Sequence[str],
    index: SourceIndex,
    supported: bool,
    tokens: Sequence[tuple[int, int]],
    gold: Sequence[bool],
) -> Sentence:
    """The first-pass features of one sentence's content words against its evidence."""
    words = slice_tokens(tokenize(answer), span)
    checks = _check_words(answer, span, words, evidence, None, DEFAULT_SETTINGS)
    context = context_from_index(index, answer, span, supported)
    found = word_features(answer, words, checks, context, evidence)
    gold_spans = [Span(a, b) for (a, b), g in zip(tokens, gold, strict=True) if g]
    labels = tuple(token_flags([(words.starts[n], words.ends[n])], gold_spans)[0] for n, _ in found)
    return Sentence(
        claim,
        answer,
        words,
        supported,
        tuple(n for n, _ in found),
        tuple(f for _, f in found),
        labels,
        tuple(tokens),
        tuple(gold),
        bool(evidence),
    )


def _fit(rows: np.ndarray, labels: np.ndarray, c: float) -> tuple[np.ndarray, float]:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=c, max_iter=5000).fit(rows, labels)
    return model.coef_[0], float(model.intercept_[0])


def _probabilities(rows: np.ndarray, weights: np.ndarray, bias: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(rows @ weights + bias)))


def _stacked(sentences: Sequence[Sentence], first: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each sentence's second-pass rows: its features beside the first pass's verdicts."""
    return [
        np.hstack(
            [np.array(s.features), np.array(stack_features(s.answer, s.words, s.positions, p))]
        )
        for s, p in zip(sentences, first, strict=True)
    ]


def out_of_fold(
    sentences: Sequence[Sentence], rows: Sequence[np.ndarray], c: float, folds: int = FOLDS
) -> list[np.ndarray]:
    """Each sentence's probabilities from a model fitted on the folds without its claim."""
    claims = sorted({s.claim for s in sentences})
    fold_of = {c: n % folds for n, c in enumerate(claims)}
    out: list[np.ndarray] = [np.zeros(0)] * len(sentences)
    for fold in range(folds):
        inside = [n for n, s in enumerate(sentences) if fold_of[s.claim] != fold]
        weights, bias = _fit(
            np.vstack([rows[n] for n in inside]),
            np.array([y for n in inside for y in sentences[n].labels]),
            c,
        )
        for n, s in enumerate(sentences):
            if fold_of[s.claim] == fold:
                out[n] = _probabilities(rows[n], weights, bias)
    return out


def score(
    sentences: Sequence[Sentence], probabilities: Sequence[np.ndarray], t: float, gated: bool
) -> tuple[float, float, float]:
    """Token-level P/R/F1 of the spans at threshold ``t`` (``gated``: none for
    sentences the report judges supported, as the report gives them). An uncited
    sentence keeps every content word flagged, as ``find_unsupported`` does: the
    threshold and the regularisation are chosen on what the report says."""
    pairs = []
    for s, p in zip(sentences, probabilities, strict=True):
        flagged = [n for n, q in zip(s.positions, p, strict=True) if q >= t or not s.cited]
        if gated and s.judged_supported:
            flagged = []
        spans = _merge(s.answer, s.words, flagged, DEFAULT_SETTINGS)
        pairs.append((s.gold, token_flags(s.tokens, spans)))
    return span_prf(pairs)


@dataclass(frozen=True)
class Fitted:
    """Both passes' weights, the threshold and the cross-validated train F1."""

    word_weights: tuple[float, ...]
    word_bias: float
    stack_weights: tuple[float, ...]
    stack_bias: float
    threshold: float
    strength: float
    cv_f1: float
    cv_f1_ungated: float
    first_pass_cv_f1: float


def fit(sentences: Sequence[Sentence]) -> Fitted:
    """Fit both passes, choosing the regularisation and the threshold on out-of-fold F1."""
    rows = [np.array(s.features) for s in sentences]
    labels = np.array([y for s in sentences for y in s.labels])
    trials = []
    for c in STRENGTHS:
        first_oof = out_of_fold(sentences, rows, c)
        stacked_oof = _stacked(sentences, first_oof)
        second_oof = out_of_fold(sentences, stacked_oof, c)
        cv_f1, threshold = max((score(sentences, second_oof, t, True)[2], t) for t in THRESHOLDS)
        trials.append((cv_f1, threshold, c, first_oof, stacked_oof, second_oof))
    cv_f1, threshold, c, first_oof, stacked_oof, second_oof = max(trials, key=lambda t: t[0])
    first_cv = max(score(sentences, first_oof, t, True)[2] for t in THRESHOLDS)
    ungated = score(sentences, second_oof, threshold, False)[2]
    word_weights, word_bias = _fit(np.vstack(rows), labels, c)
    # The second pass is fitted on out-of-fold first-pass probabilities: what it
    # sees at run time are first-pass verdicts on words the first pass never saw.
    stack_weights, stack_bias = _fit(np.vstack(stacked_oof), labels, c)
    return Fitted(
        tuple(round(float(w), 4) for w in word_weights),
        round(word_bias, 4),
        tuple(round(float(w), 4) for w in stack_weights),
        round(stack_bias, 4),
        threshold,
        c,
        cv_f1,
        ungated,
        first_cv,
    )


def render(fitted: Fitted, sentences: int, config: str) -> str:
    """The text of ``span_weights.py`` for ``fitted``."""

    def rows(names: Sequence[str], weights: Sequence[float]) -> str:
        return "".join(f"    {w!r},  # {name}\n" for name, w in zip(names, weights, strict=True))

    return (
        '"""Weights of the unsupported-words model (both logistic passes of\n'
        "``spans.find_unsupported``), written by ``benchmarks/fit_spans.py --write``\n"
        f"from the upstream ``train`` half of wice_spans.jsonl ({sentences} sentences,\n"
        f"aligned with the {config!r} preset); do not edit by hand.\n"
        "\n"
        f"Cross-validated train token F1 (5 folds by claim), as the report gives it:\n"
        f"first pass alone {fitted.first_pass_cv_f1:.3f}, both passes {fitted.cv_f1:.3f}\n"
        f"(spans on every sentence whatever its status: {fitted.cv_f1_ungated:.3f});\n"
        f"regularisation C={fitted.strength} chosen on the same folds.\n"
        '"""\n\n'
        "# First pass: one weight per name of spans.FEATURES.\n"
        f"WORD_WEIGHTS = (\n{rows(FEATURES, fitted.word_weights)})\n"
        f"WORD_BIAS = {fitted.word_bias!r}\n"
        "# Second pass: spans.FEATURES, then spans.STACK_FEATURES.\n"
        f"STACK_WEIGHTS = (\n{rows(FEATURES + STACK_FEATURES, fitted.stack_weights)})\n"
        f"STACK_BIAS = {fitted.stack_bias!r}\n"
        "# Second-pass probability at which a word is flagged (SpanSettings.threshold).\n"
        f"THRESHOLD = {fitted.threshold!r}\n"
    )


def train_sentences(data: str, config: str) -> list[Sentence]:
    """The features of every sentence of the upstream ``train`` half."""
    meta = {}
    with open(data, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            meta[record["id"]] = record["meta"]
    train = (r for r in read_records(data) if meta[r.id].get("upstream_split") == "train")
    sentences = []
    for record, index, report in aligned(train, load_config(config)):
        info = meta[record.id]
        (result,) = report.sentences
        gold = record.sentences[0].spans
        assert gold is not None
        sentences.append(
            collect(
                str(info.get("wice_id", record.id)).rsplit("-", 1)[0],
                record.answer,
                Span(result.start, result.end),
                sentence_evidence(result.citations),
                index,
                result.status == "supported",
                gold.tokens,
                gold.flags,
            )
        )
    return sentences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data")
    parser.add_argument("--config", default="default")
    parser.add_argument("--write", action="store_true", help=f"rewrite {WEIGHTS_FILE.name}")
    args = parser.parse_args()
    sentences = train_sentences(args.data, args.config)
    fitted = fit(sentences)
    text = render(fitted, len(sentences), args.config)
    print(text)
    if args.write:
        WEIGHTS_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
