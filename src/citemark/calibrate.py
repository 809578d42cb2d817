"""Fit the scorer's weights and thresholds on the dev data, and write the presets.

``make calibrate`` runs this. It aligns every labelled sentence of the dev files
once per mode to measure the support features, fits a logistic model on the
``fit`` half only (see :func:`citemark.evaluate.split_of`), picks thresholds on
that same half, writes ``configs/default.toml`` and ``configs/legal-strict.toml``,
and prints the figures of the ``holdout`` half, which no fitted number has seen.

Both datasets weigh the same in the fit, and within each the two classes weigh
the same: the larger file must not decide thresholds the smaller one pays for,
and balanced accuracy is what the flag is judged by.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .config import FEATURES_HYBRID, FEATURES_LEXICAL, Config, load_config
from .evaluate import Prediction, format_table, predict, read_records, split_of, summarize
from .score import _sigmoid

DATA_FILES = ("lfqa.jsonl", "wice.jsonl")
# The precise preset: hybrid mode with the full MiniLM scoring the candidates.
PRECISE = Config(name="precise", embedder="minilm")
GRID = np.round(np.arange(0.02, 0.99, 0.01), 2)


@dataclass(frozen=True)
class Row:
    dataset: str
    split: str
    gold: str
    features: dict[str, float]


def measure(data_dir: Path, config: Config) -> list[Row]:
    """Support features of every labelled sentence, with its split and gold label."""
    rows: list[Row] = []
    for name in DATA_FILES:
        records = list(read_records(data_dir / name))
        splits = {r.id: split_of(r) for r in records}
        for p in predict(records, config=config):
            rows.append(Row(p.dataset, splits[p.record], p.gold, p.features))
    return rows


def fit(rows: list[Row], features: tuple[str, ...], c: float) -> tuple[dict[str, float], float]:
    """Logistic weights for "supported", datasets and classes weighted equally."""
    from sklearn.linear_model import LogisticRegression

    x = np.array([[r.features.get(f, 0.0) for f in features] for r in rows])
    y = np.array([r.gold == "supported" for r in rows])
    counts: dict[tuple[str, bool], int] = defaultdict(int)
    for r, label in zip(rows, y, strict=True):
        counts[(r.dataset, bool(label))] += 1
    weight = np.array(
        [1.0 / counts[(r.dataset, bool(lbl))] for r, lbl in zip(rows, y, strict=True)]
    )
    model = LogisticRegression(C=c, max_iter=5000)
    model.fit(x, y, sample_weight=weight * len(rows) / weight.sum())
    weights = {f: round(float(w), 4) for f, w in zip(features, model.coef_[0], strict=True)}
    return weights, round(float(model.intercept_[0]), 4)


def scores(rows: list[Row], weights: dict[str, float], bias: float) -> list[float]:
    return [
        _sigmoid(bias + sum(w * r.features.get(f, 0.0) for f, w in weights.items())) for r in rows
    ]


def _status(score: float, row: Row, supported: float, partial: float, strict: bool) -> str:
    blocked = row.features["missing_facts"] > 0 or row.features["negation"] > 0
    blocked = blocked or (strict and row.features["missing_names"] > 0)
    if score >= supported and not blocked:
        return "supported"
    return "partial" if score >= partial else "unsupported"


def _mean_by_dataset(rows: list[Row], values: list[str], metric: str) -> float:
    by: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for r, v in zip(rows, values, strict=True):
        by[r.dataset].append((r.gold, v))
    results = []
    for pairs in by.values():
        if metric == "balanced":
            pos = [p != "supported" for g, p in pairs if g != "supported"]
            neg = [p == "supported" for g, p in pairs if g == "supported"]
            results.append((np.mean(pos) + np.mean(neg)) / 2)
        elif metric == "f2":
            tp = sum(g != "supported" and p != "supported" for g, p in pairs)
            fp = sum(g == "supported" and p != "supported" for g, p in pairs)
            fn = sum(g != "supported" and p == "supported" for g, p in pairs)
            results.append(5 * tp / (5 * tp + 4 * fn + fp) if tp else 0.0)
        else:
            f1s = []
            for label in ("supported", "partial", "unsupported"):
                tp = sum(g == label and p == label for g, p in pairs)
                wrong = sum((g == label) != (p == label) for g, p in pairs)
                f1s.append(2 * tp / (2 * tp + wrong) if tp + wrong else 0.0)
            results.append(float(np.mean(f1s)))
    return float(np.mean(results))


def thresholds(
    rows: list[Row], s: list[float], objective: str, strict: bool
) -> tuple[float, float]:
    """The supported threshold best for ``objective``, then the partial one best for macro-F1."""
    best_sup = max(
        GRID,
        key=lambda t: (
            _mean_by_dataset(
                rows,
                [_status(x, r, t, 0.0, strict) for x, r in zip(s, rows, strict=True)],
                objective,
            ),
            -abs(t - 0.5),
        ),
    )
    best_part = max(
        (t for t in GRID if t <= best_sup),
        key=lambda t: (
            _mean_by_dataset(
                rows,
                [_status(x, r, best_sup, t, strict) for x, r in zip(s, rows, strict=True)],
                "macro_f1",
            ),
            t,
        ),
    )
    return float(best_sup), float(best_part)


def write_preset(path: Path, base: Config, values: dict[str, object], note: str) -> None:
    """A preset file: hand-set options from ``base``, fitted numbers from ``values``."""
    lines = [
        f"# citemark preset {values['name']!r}. {note}",
        "# Weights, biases and thresholds are written by `make calibrate`",
        "# (src/citemark/calibrate.py); edit the other values by hand.",
    ]
    scalar_keys = (
        "name mode embedder device tokenization min_tokens min_tokens_cjk candidates "
        "dense_candidates window max_citations min_citation_score strict_facts"
    ).split()
    for key in scalar_keys:
        value = values.get(key, getattr(base, key))
        lines.append(f"{key} = {_toml(value)}")
    for mode in ("hybrid", "lexical"):
        lines.append(f"\n[thresholds.{mode}]")
        lines.append(f"supported = {values[f'supported_{mode}']}")
        lines.append(f"partial = {values[f'partial_{mode}']}")
    lines.append("\n[bias]")
    for mode in ("hybrid", "lexical"):
        lines.append(f"{mode} = {values[f'bias_{mode}']}")
    for mode in ("hybrid", "lexical"):
        lines.append(f"\n[weights.{mode}]")
        for feature, weight in values[f"weights_{mode}"].items():  # type: ignore[attr-defined]
            lines.append(f"{feature} = {weight}")
    lines.append("\n[calibration]")
    for key, value in values["calibration"].items():  # type: ignore[attr-defined]
        lines.append(f"{key} = {_toml(value)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--configs", type=Path, default=Path("configs"))
    parser.add_argument("--c", type=float, default=1.0, help="inverse regularisation strength")
    parser.add_argument("--cache", type=Path, default=Path(".cache/calibration"))
    args = parser.parse_args(argv)
    missing = [f for f in DATA_FILES if not (args.data / f).is_file()]
    if missing:
        raise SystemExit(f"calibration needs {', '.join(missing)} in {args.data}")

    # Hand-set options come from the dataclass defaults, not from the preset this
    # run is about to rewrite.
    base = Config()
    fitted: dict[str, object] = {}
    holdout_count = 0
    fit_count = 0
    thresholds_by: dict[tuple[str, str], tuple[float, float]] = {}
    # "precise" is hybrid mode measured with the MiniLM embedder: its cosines are
    # distributed differently from the static model's, so it gets its own weights.
    measured = (
        ("hybrid", FEATURES_HYBRID, base.with_(mode="hybrid")),
        ("lexical", FEATURES_LEXICAL, base.with_(mode="lexical")),
        ("precise", FEATURES_HYBRID, PRECISE.with_(mode="hybrid")),
    )
    for kind, features, config in measured:
        rows = _cached_rows(args.cache / f"{kind}.jsonl", args.data, config)
        fit_rows = [r for r in rows if r.split == "fit"]
        fit_count, holdout_count = len(fit_rows), len(rows) - len(fit_rows)
        weights, bias = fit(fit_rows, features, args.c)
        fitted[f"weights_{kind}"], fitted[f"bias_{kind}"] = weights, bias
        s = scores(fit_rows, weights, bias)
        thresholds_by[("balanced", kind)] = thresholds(fit_rows, s, "balanced", strict=False)
        thresholds_by[("f2", kind)] = thresholds(fit_rows, s, "f2", strict=True)
        print(f"{kind}: bias {bias} weights {weights}")
        print(
            f"{kind}: thresholds balanced {thresholds_by[('balanced', kind)]}, "
            f"f2/strict {thresholds_by[('f2', kind)]}"
        )

    counts = {
        "fit_sentences": fit_count,
        "holdout_sentences": holdout_count,
        "data": " ".join(DATA_FILES),
        "split": "evaluate.split_of: blake2b(group) first byte even = fit",
    }
    presets = {
        "default": ("hybrid", "balanced", False, "Balanced: the default."),
        "lexical": ("lexical", "balanced", False, "No embedding model: lexical features only."),
        "legal-strict": (
            "hybrid",
            "f2",
            True,
            "Stricter: flags more; a missing name also blocks 'supported'.",
        ),
        "precise": (
            "hybrid",
            "balanced",
            False,
            "Full MiniLM (the precise extra) scores the candidates; slower.",
        ),
    }
    args.configs.mkdir(parents=True, exist_ok=True)
    for name, (mode, objective, strict, note) in presets.items():
        # The hybrid numbers of the precise preset come from the MiniLM measurement.
        hybrid_kind = "precise" if name == "precise" else "hybrid"
        values: dict[str, object] = {
            "name": name,
            "mode": mode,
            "strict_facts": strict,
            "embedder": PRECISE.embedder if name == "precise" else base.embedder,
            "weights_hybrid": fitted[f"weights_{hybrid_kind}"],
            "bias_hybrid": fitted[f"bias_{hybrid_kind}"],
            "weights_lexical": fitted["weights_lexical"],
            "bias_lexical": fitted["bias_lexical"],
        }
        for m, kind in (("hybrid", hybrid_kind), ("lexical", "lexical")):
            values[f"supported_{m}"], values[f"partial_{m}"] = thresholds_by[(objective, kind)]
        values["calibration"] = {
            **counts,
            "objective": "mean balanced accuracy of the flag over datasets"
            if objective == "balanced"
            else "mean F2 of the flag over datasets (recall first)",
        }
        write_preset(args.configs / f"{name}.toml", base, values, note)

    for name in presets:
        cfg = load_config(args.configs / f"{name}.toml")
        predictions: list[Prediction] = []
        for file in DATA_FILES:
            predictions.extend(predict(read_records(args.data / file), config=cfg, split="holdout"))
        print(f"\nholdout, preset {name}:\n{format_table(summarize(predictions))}")


def _cached_rows(path: Path, data_dir: Path, config: Config) -> list[Row]:
    """Measured rows, reused from ``path`` when the measuring code has not changed."""
    key = _code_key(config)
    if path.is_file():
        lines = path.read_text("utf-8").splitlines()
        if lines and json.loads(lines[0]).get("key") == key:
            return [Row(**json.loads(line)) for line in lines[1:]]
    rows = measure(data_dir, config)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        handle.write(json.dumps({"key": key}) + "\n")
        for r in rows:
            handle.write(json.dumps(r.__dict__) + "\n")
    return rows


def _code_key(config: Config) -> str:
    """A hash of the measuring code and settings, so a stale cache is never reused."""
    import hashlib

    digest = hashlib.blake2b(digest_size=12)
    here = Path(__file__).parent
    for name in (
        "support.py",
        "index.py",
        *(f"facts/{p.name}" for p in sorted((here / "facts").glob("*.py"))),
        "words.py",
        "segment.py",
        "tokens.py",
        "embed.py",
        "embed_static.py",
        "embed_minilm.py",
    ):
        digest.update((here / name).read_bytes())
    digest.update(
        repr(
            (
                config.mode,
                config.embedder,
                config.candidates,
                config.dense_candidates,
                config.window,
                config.max_citations,
            )
        ).encode()
    )
    return digest.hexdigest()


if __name__ == "__main__":
    main()
