"""Grouped cross-validation of the whole calibration over the four dev files: which
files the scorer should be fitted on, judged on the files as the held-out data will
test them.

The fit half's rows of LFQA, WiCE, VitaminC and SummEdits (as ``make calibrate``
measures and caches them; VitaminC a seeded sample of whole cases) are split into
outer folds that keep whole units together: LFQA questions, WiCE claims and VitaminC
cases by a hash (five folds), SummEdits one domain per fold (leave-one-domain-out: its
held-out data is other domains). For each outer fold and each training recipe (which
files the calibration may read), the training part is calibrated exactly as ``make
calibrate`` calibrates the fit half (:func:`citemark.calibrate.calibrate_mode`: its own
inner folds, feature choice, regularisation and thresholds); every held row then gets
the status of the models and thresholds so fitted. A recipe that leaves a file out is
still scored on it: that is what it does on a file it never saw.

Prints, per file, the held-out balanced accuracy of the flag (not supported) as mean
± standard deviation across folds (with the range), and the 3-way macro-F1 of the
three-way files; the paired difference of the four-file fit against the current one
(LFQA and WiCE only) on the same folds; SummEdits per left-out domain; and each file
scored by a fit on the other three (leave one file out). The holdout half is not read.

Run from the repository root (the rows are measured on first use, then cached)::

    python benchmarks/cv_all.py                        # the default preset's mode
    python benchmarks/cv_all.py --kind lexical
    python benchmarks/cv_all.py --objective f2 --strict  # legal-strict's goal
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from citemark.calibrate import (
    BY_DOMAIN,
    FEATURES_HYBRID,
    FEATURES_LEXICAL,
    PRECISE,
    SAMPLE,
    THREE_WAY,
    Row,
    _cached_rows,
    _mean_by_dataset,
    calibrate_mode,
    fold_of,
    statuses,
)
from citemark.config import Config, load_config

OUTER = 5
# A salt of its own, so the outer folds do not coincide with calibrate_mode's inner ones.
SALT = "outer:"
FILES = ("lfqa", "wice", "vitaminc", "summedits")
# Recipe -> the files its calibration reads. "current" is what the presets are fitted
# on today; "lfqa+wice+vitaminc" keeps the one contrastive file whose held-out part is
# of the same kind (other cases, not other domains); the single-file and two-way
# recipes say whether the contrastive files carry to the others on their own.
RECIPES: dict[str, tuple[str, ...]] = {
    "current (lfqa+wice)": ("lfqa", "wice"),
    "four files": FILES,
    "lfqa+wice+vitaminc": ("lfqa", "wice", "vitaminc"),
    "vitaminc+summedits": ("vitaminc", "summedits"),
    "vitaminc only": ("vitaminc",),
    "summedits only": ("summedits",),
}
_KINDS = {
    "hybrid": (FEATURES_HYBRID, Config().with_(mode="hybrid")),
    "lexical": (FEATURES_LEXICAL, Config().with_(mode="lexical")),
    "precise": (FEATURES_HYBRID, PRECISE.with_(mode="hybrid")),
}

# The preset whose conflict rules each kind is judged with: a rule a preset turns off
# (rules_off) forces no status there, so it forces none in the held-out statuses here.
_PRESET_OF = {"hybrid": "default", "lexical": "lexical", "precise": "precise"}


def _rules_off(kind: str, strict: bool) -> tuple[str, ...]:
    return load_config("legal-strict" if strict else _PRESET_OF[kind]).rules_off


@dataclass(frozen=True)
class Held:
    """One outer fold's held rows of one file as one fit judged them."""

    fold: int
    file: str
    balanced: float
    macro_f1: float | None
    # F2 of the flag (recall first): what legal-strict's threshold is chosen for
    f2: float
    # the SummEdits domain the fold leaves out ("" for other files)
    domain: str
    thresholds: tuple[float, float]


def outer_folds(rows: list[Row]) -> list[int]:
    """Each row's outer fold: whole units, SummEdits one domain per fold."""
    return fold_of(rows, OUTER, salt=SALT)


def judge_held(
    train: list[Row],
    held: list[Row],
    features: tuple[str, ...],
    objective: str,
    strict: bool,
) -> tuple[list[str], tuple[float, float]]:
    """Statuses of ``held`` from a calibration of ``train``, and its thresholds."""
    fitted = calibrate_mode(train, features, objective, strict)
    supported, partial = fitted.thresholds[(objective, strict)]
    score = fitted.supported.probabilities(held)
    claim = fitted.claim.probabilities(held)
    return statuses(held, score, claim, supported, partial, strict), (supported, partial)


def run(
    rows: list[Row],
    recipes: dict[str, tuple[str, ...]],
    features: tuple[str, ...],
    objective: str,
    strict: bool,
    leave_one_file_out: bool = True,
    log: bool = True,
) -> dict[str, list[Held]]:
    """Every recipe's held-out figures per fold and file; with ``leave_one_file_out``,
    also each file as judged by a fit on the other files (recipe "other files")."""
    fold = outer_folds(rows)
    present = [f for f in FILES if any(r.dataset == f for r in rows)]
    plans: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
        (name, files, tuple(present)) for name, files in recipes.items()
    ]
    if leave_one_file_out:
        plans += [
            ("other files", tuple(f for f in present if f != left), (left,)) for left in present
        ]
    results: dict[str, list[Held]] = defaultdict(list)
    for k in range(OUTER):
        held_all = [r for r, f in zip(rows, fold, strict=True) if f == k]
        for name, files, scored in plans:
            train = [r for r, f in zip(rows, fold, strict=True) if f != k and r.dataset in files]
            held = [r for r in held_all if r.dataset in scored]
            if not train or not held:
                continue
            started = time.perf_counter()
            found, thresholds = judge_held(train, held, features, objective, strict)
            for file in scored:
                mine = [i for i, r in enumerate(held) if r.dataset == file]
                if not mine:
                    continue
                subset = [held[i] for i in mine]
                values = [found[i] for i in mine]
                domains = sorted({r.system for r in subset}) if file in BY_DOMAIN else []
                results[name].append(
                    Held(
                        k,
                        file,
                        _mean_by_dataset(subset, values, "balanced"),
                        _mean_by_dataset(subset, values, "macro_f1") if file in THREE_WAY else None,
                        _mean_by_dataset(subset, values, "f2"),
                        " ".join(domains),
                        thresholds,
                    )
                )
            if log:
                print(
                    f"fold {k}, {name} on {'+'.join(files)}: {len(train)} rows, thresholds "
                    f"{thresholds}, {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
    return results


def spread(values: list[float]) -> str:
    """Mean ± standard deviation across folds, with the range."""
    if not values:
        return "-"
    a = np.array(values)
    sd = float(a.std(ddof=1)) if len(a) > 1 else 0.0
    return f"{a.mean():.3f} ± {sd:.3f} [{a.min():.3f}, {a.max():.3f}]"


def format_results(results: dict[str, list[Held]], f2: bool = False) -> str:
    """The tables: per file and recipe (with ``f2``, the flag's F2 too), the paired
    difference, SummEdits per domain, and leave one file out."""
    recipes = [name for name in results if name != "other files"]
    lines = [
        "Held-out balanced accuracy of the flag (not supported), mean ± SD across folds "
        "[lowest, highest fold]; LFQA, WiCE and VitaminC 5 folds by question, claim and case, "
        "SummEdits one fold per left-out domain.",
        "",
        "| file | " + " | ".join(recipes) + " |",
        "|---|" + "---|" * len(recipes),
    ]
    for file in FILES:
        cells = [spread([h.balanced for h in results[name] if h.file == file]) for name in recipes]
        lines.append(f"| {file} | " + " | ".join(cells) + " |")
    if f2:
        lines += ["", "F2 of the flag (recall first), mean ± SD across folds:", ""]
        lines += ["| file | " + " | ".join(recipes) + " |", "|---|" + "---|" * len(recipes)]
        for file in FILES:
            cells = [spread([h.f2 for h in results[name] if h.file == file]) for name in recipes]
            lines.append(f"| {file} | " + " | ".join(cells) + " |")
    lines += ["", "3-way macro-F1 (three-way files), mean ± SD across folds:", ""]
    lines += ["| file | " + " | ".join(recipes) + " |", "|---|" + "---|" * len(recipes)]
    for file in sorted(THREE_WAY):
        cells = [
            spread([h.macro_f1 for h in results[name] if h.file == file and h.macro_f1 is not None])
            for name in recipes
        ]
        lines.append(f"| {file} | " + " | ".join(cells) + " |")
    # Only a recipe that reads the three-way files could ship: the others have no
    # partial label to fit the claim model on.
    base = "current (lfqa+wice)"
    candidates = [
        n for n in recipes if n != base and set(RECIPES.get(n, ())) >= THREE_WAY and base in results
    ]
    for new in candidates:
        lines += [
            "",
            f"Paired difference, {new} minus {base}, same folds (balanced accuracy; "
            "macro-F1 for three-way files):",
            "",
            "| file | balanced acc. | folds better | macro-F1 |",
            "|---|---|---|---|",
        ]
        for file in FILES:
            a = {h.fold: h for h in results[base] if h.file == file}
            b = {h.fold: h for h in results[new] if h.file == file}
            folds = sorted(set(a) & set(b))
            diff = [b[k].balanced - a[k].balanced for k in folds]
            f1 = [
                b[k].macro_f1 - a[k].macro_f1  # type: ignore[operator]
                for k in folds
                if a[k].macro_f1 is not None and b[k].macro_f1 is not None
            ]
            better = sum(d > 0 for d in diff)
            lines.append(
                f"| {file} | {spread(diff)} | {better} of {len(diff)} | "
                f"{spread(f1) if f1 else '-'} |"
            )
    lines += [
        "",
        "SummEdits per left-out domain (balanced accuracy; the fit saw the other domains):",
        "",
    ]
    lines += ["| domain | " + " | ".join(recipes) + " |", "|---|" + "---|" * len(recipes)]
    domains = sorted({h.domain for hs in results.values() for h in hs if h.file in BY_DOMAIN})
    for domain in domains:
        cells = []
        for name in recipes:
            found = [
                h.balanced for h in results[name] if h.file in BY_DOMAIN and h.domain == domain
            ]
            cells.append(f"{found[0]:.3f}" if found else "-")
        lines.append(f"| {domain} | " + " | ".join(cells) + " |")
    if "other files" in results:
        lines += [
            "",
            "Each file judged by a fit on the other files only (leave one file out), "
            "balanced accuracy, mean ± SD across folds:",
            "",
            "| file | fitted on | balanced acc. |",
            "|---|---|---|",
        ]
        for file in FILES:
            found = [h.balanced for h in results["other files"] if h.file == file]
            if found:
                others = "+".join(f for f in FILES if f != file)
                lines.append(f"| {file} | {others} | {spread(found)} |")
    lines += ["", "Supported / partial thresholds chosen per fold:", ""]
    for name, held in results.items():
        if name == "other files":
            continue
        chosen = sorted({(h.fold, h.thresholds) for h in held})
        lines.append(f"- {name}: " + ", ".join(f"{t[0]:.2f}/{t[1]:.2f}" for _, t in chosen))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=sorted(_KINDS), default="hybrid")
    parser.add_argument("--objective", choices=("balanced", "f2"), default="balanced")
    parser.add_argument("--strict", action="store_true", help="strict facts (legal-strict)")
    parser.add_argument(
        "--recipes", nargs="+", choices=sorted(RECIPES), help="fit only these (default: all)"
    )
    parser.add_argument(
        "--no-leave-one-file-out", action="store_true", help="skip the fits on three files"
    )
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--cache", type=Path, default=Path(".cache/calibration"))
    args = parser.parse_args()
    config = _KINDS[args.kind][1].with_(rules_off=_rules_off(args.kind, args.strict))
    # The cache key leaves rules_off out, so rows measured with rules off get a file of
    # their own rather than passing for make calibrate's.
    suffix = "".join(f"-no-{name}" for name in config.rules_off)
    rows = _cached_rows(args.cache / f"{args.kind}{suffix}.jsonl", args.data, config)
    fit = [r for r in rows if r.split == "fit"]
    # The fits are small (a dozen features); BLAS threads on a shared machine cost
    # them several times what they save.
    with threadpool_limits(1):
        report(fit, args)


def report(fit: list[Row], args: argparse.Namespace) -> None:
    features = _KINDS[args.kind][0]
    counts = {f: sum(r.dataset == f for r in fit) for f in FILES}
    recipes = {k: v for k, v in RECIPES.items() if not args.recipes or k in args.recipes}
    print(
        f"{args.kind}, objective {args.objective}, strict {args.strict}: fit-half sentences "
        + ", ".join(f"{f} {n}" for f, n in counts.items())
        + f" (sample: {SAMPLE})",
        flush=True,
    )
    results = run(
        fit,
        recipes,
        features,
        args.objective,
        args.strict,
        leave_one_file_out=not args.no_leave_one_file_out,
    )
    print()
    print(format_results(results, f2=args.objective == "f2"))


if __name__ == "__main__":
    main()
