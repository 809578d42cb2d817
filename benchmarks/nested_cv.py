"""Nested cross-validation of the calibration on the fit half: how a change to the
features would do on answers no fit saw, without looking at the holdout.

The fit half's rows of the four dev files (as ``make calibrate`` measures and caches
them) are split into outer folds that keep whole units together
(:func:`citemark.calibrate.unit`): LFQA questions, WiCE claims and VitaminC cases by a
seeded hash, SummEdits one domain per fold. Each training part
is calibrated exactly as ``make calibrate`` calibrates the whole fit half
(:func:`citemark.calibrate.calibrate_mode`: its own inner folds, features, regularisation
and thresholds); the held part then gets the statuses of the models and thresholds so
fitted. Prints balanced accuracy per file and seed, and 3-way macro-F1 of the three-way
files (LFQA, WiCE; the two-way ones have no partial label to score). Decide a change
on these, then run ``make calibrate`` and report the holdout as it falls;
``benchmarks/cv_all.py`` compares which files the calibration should read.

Run from the repository root (the rows are measured on first use, then cached)::

    python benchmarks/nested_cv.py                  # the default preset's mode
    python benchmarks/nested_cv.py --kind lexical --seeds 0 1 2
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from citemark.calibrate import (
    FEATURES_HYBRID,
    FEATURES_LEXICAL,
    PRECISE,
    THREE_WAY,
    Row,
    _cached_rows,
    _mean_by_dataset,
    calibrate_mode,
    fold_of,
    statuses,
)
from citemark.config import Config

_OUTER = 5
_KINDS = {
    "hybrid": (FEATURES_HYBRID, Config().with_(mode="hybrid")),
    "lexical": (FEATURES_LEXICAL, Config().with_(mode="lexical")),
    "precise": (FEATURES_HYBRID, PRECISE.with_(mode="hybrid")),
}


def nested(
    rows: list[Row], features: tuple[str, ...], objective: str, strict: bool, seed: int
) -> list[str]:
    """Each fit-half row's status from a calibration that never saw its unit."""
    found = [""] * len(rows)
    # a salted hash of each unit, so the outer folds are not the inner ones
    fold = fold_of(rows, _OUTER, salt=f"outer{seed}:")
    for k in range(_OUTER):
        train = [r for r, f in zip(rows, fold, strict=True) if f != k]
        held = [i for i, f in enumerate(fold) if f == k]
        fitted = calibrate_mode(train, features, objective, strict)
        part = [rows[i] for i in held]
        supported, partial = fitted.thresholds[(objective, strict)]
        score = fitted.supported.probabilities(part)
        claim = fitted.claim.probabilities(part)
        got = statuses(part, score, claim, supported, partial, strict)
        for i, status in zip(held, got, strict=True):
            found[i] = status
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=sorted(_KINDS), default="hybrid")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--cache", type=Path, default=Path(".cache/calibration"))
    args = parser.parse_args()
    features, config = _KINDS[args.kind]
    rows = _cached_rows(args.cache / f"{args.kind}.jsonl", args.data, config)
    fit = [r for r in rows if r.split == "fit"]
    print(f"{args.kind}: {len(fit)} fit-half sentences, {_OUTER} outer folds by unit")
    print()
    print("| seed | file | sentences | balanced acc. | macro-F1 |")
    print("|---|---|---|---|---|")
    totals: dict[str, list[tuple[float, float]]] = {}
    for seed in args.seeds:
        # The fits are small: BLAS threads on a shared machine cost more than they save.
        with threadpool_limits(1):
            found = nested(fit, features, "balanced", False, seed)
        for name in sorted({r.dataset for r in fit}):
            mine = [i for i, r in enumerate(fit) if r.dataset == name]
            subset = [fit[i] for i in mine]
            values = [found[i] for i in mine]
            balanced = _mean_by_dataset(subset, values, "balanced")
            macro = _mean_by_dataset(subset, values, "macro_f1")
            totals.setdefault(name, []).append((balanced, macro))
            print(f"| {seed} | {name} | {len(mine)} | {balanced:.3f} | {_macro(name, macro)} |")
    for name, pairs in sorted(totals.items()):
        mean = np.mean(pairs, axis=0)
        print(f"| mean | {name} | | {mean[0]:.3f} | {_macro(name, mean[1])} |")


def _macro(name: str, value: float) -> str:
    return f"{value:.3f}" if name in THREE_WAY else "-"


if __name__ == "__main__":
    main()
