"""Fit the scorer's two models and thresholds on the dev data, and write the presets.

``make calibrate`` runs this. It aligns every labelled sentence of the four dev
files (LFQA, WiCE, VitaminC, SummEdits; of VitaminC a seeded sample of whole cases,
:data:`SAMPLE`) once per mode to measure the support features (cached under
``.cache/`` by a hash of the measuring code and the data). On the ``fit`` half only
(see :func:`citemark.evaluate.split_of`) of the files it fits on (:data:`FIT_ON`,
``--fit-on``: those ``benchmarks/cv_all.py`` found best) it fits two logistic
models: "supported" (the score) and "claim" (at least partly supported, against
unsupported). Their regularisation strength is chosen by cross-validation over
whole units (:func:`unit`: LFQA questions, WiCE claims, VitaminC cases, SummEdits
domains) of the fit half; the thresholds are chosen on out-of-fold probabilities of
that half, by running :func:`citemark.score.decide`, the rule the pipeline runs: the
supported threshold for the preset's flag objective, then the partial threshold (on
the claim model) for 3-way macro-F1. It writes ``configs/default.toml``,
``lexical.toml``, ``legal-strict.toml`` and ``precise.toml`` and prints the figures
of the ``holdout`` half of all four files, which nothing fitted or chosen has seen.

Where the fit reads them, the two-way files (VitaminC, SummEdits: supported or not,
no partial) inform the supported model, its features and the flag threshold. The
claim model and the partial threshold stay on the three-way files
(:data:`THREE_WAY`): a two-way "unsupported" lumps a refuted or minimally edited
claim, mostly on topic and mostly worded like its source, with one that has no
support at all, so it would teach the claim model that partly supported reads as
unsupported; and a file without a partial label has no macro-F1 over three statuses
to choose a partial threshold by.

Every file weighs the same, and within each the two classes of each model weigh
the same: the larger file (VitaminC) must not decide thresholds the smaller ones
pay for, and balanced accuracy is what the flag is judged by.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .config import FEATURES_HYBRID, FEATURES_LEXICAL, Config, load_config
from .evaluate import (
    DEV_FILES,
    EvalRecord,
    Prediction,
    format_fact_cap_table,
    format_table,
    predict,
    read_records,
    split_of,
    summarize,
)
from .score import LogisticJudge, cap_candidates, capping_kinds, decide
from .types import STATUSES

DATA_FILES = DEV_FILES
# The files labelled three ways (supported, partial, unsupported): the only ones the
# claim model and the partial threshold are fitted and chosen on.
THREE_WAY = frozenset({"lfqa", "wice"})
# Files whose held-out part is other domains (SummEdits): cross-validation keeps a
# whole domain in one fold, so its figures say what carries to a domain not seen.
BY_DOMAIN = frozenset({"summedits"})
# Claims measured of a large file: a seeded sample of whole cases (see
# :func:`sample_groups`). 6,000 of VitaminC's 31,481 claims keep the spread of its
# fold figures near 0.015, and measuring them with MiniLM (the precise preset) takes
# about 25 minutes on two cores where all of them would take two hours; each file
# weighs the same in the fit whatever its size, so the rest would only narrow
# VitaminC's own spread.
SAMPLE = {"vitaminc.jsonl": 6000}
SAMPLE_SEED = "calibration-sample-1"
# The files the presets are fitted on. All four are measured, cross-validated
# (benchmarks/cv_all.py) and reported; a file joins the fit only when cv_all shows
# the fit with it doing better on the files' held-out folds. Fitted on four files,
# the supported model gained 0.003-0.007 balanced accuracy on LFQA, VitaminC and
# SummEdits and lost 0.03 on WiCE (docs/accuracy.md), so the fit stays on these.
FIT_ON: tuple[str, ...] = ("lfqa", "wice")
# Bumped when :class:`Row` changes, so an older cache is measured afresh.
ROW_VERSION = 5
# The precise preset: hybrid mode with the full MiniLM scoring the candidates.
PRECISE = Config(name="precise", embedder="minilm")
GRID = np.round(np.arange(0.02, 0.99, 0.01), 2)


@dataclass(frozen=True)
class Row:
    """One labelled sentence as measured: what the scorer and the status rule see."""

    dataset: str
    split: str
    group: str
    gold: str
    features: dict[str, float]
    missing: tuple[str, ...] = ()
    conflicts: int = 0
    # kinds of the missing facts no source states: the ones that can cap
    unsourced: tuple[str, ...] = ()
    # the record's system (LFQA) or domain (SummEdits), as ``citemark eval`` reports it
    system: str = ""


def unit(row: Row) -> str:
    """What no cross-validation fold splits: the row's group (an LFQA question, a WiCE
    claim, a VitaminC case, a SummEdits document), or for :data:`BY_DOMAIN` files
    its whole domain, since their held-out data is other domains."""
    if row.dataset in BY_DOMAIN:
        return f"{row.dataset}:{row.system}"
    return row.group


def sample_groups(records: list[EvalRecord], sentences: int, seed: str) -> list[EvalRecord]:
    """Records of whole groups, taken in an order fixed by ``seed``, until they hold at
    least ``sentences`` labelled sentences; in file order.

    Whole groups, so a sampled VitaminC case keeps the claims its evidence supports
    beside the ones it refutes: the contrast is what the file measures.
    """
    by_group: dict[str, list[EvalRecord]] = defaultdict(list)
    for r in records:
        by_group[r.group].append(r)

    def order(group: str) -> bytes:
        return hashlib.blake2b(f"{seed}:{group}".encode(), digest_size=8).digest()

    chosen: set[str] = set()
    count = 0
    for group in sorted(by_group, key=order):
        if count >= sentences:
            break
        chosen.add(group)
        count += sum(len(r.sentences) for r in by_group[group])
    return [r for r in records if r.group in chosen]


def measure(data_dir: Path, config: Config) -> list[Row]:
    """Support features of every labelled sentence, with its split, group and gold label
    (of a file :data:`SAMPLE` names, those of its sample)."""
    rows: list[Row] = []
    for name in DATA_FILES:
        records = list(read_records(data_dir / name))
        if name in SAMPLE:
            records = sample_groups(records, SAMPLE[name], SAMPLE_SEED)
        by_id = {r.id: r for r in records}
        for p in predict(records, config=config):
            record = by_id[p.record]
            rows.append(
                Row(
                    p.dataset,
                    split_of(record),
                    record.group,
                    p.gold,
                    p.features,
                    p.missing,
                    p.conflicts,
                    p.unsourced,
                    p.system,
                )
            )
    return rows


@dataclass(frozen=True)
class Model:
    """A fitted logistic model in the units of the raw features."""

    weights: dict[str, float]
    bias: float

    def probabilities(self, rows: list[Row]) -> np.ndarray:
        x = _design(rows, tuple(self.weights))
        return _sigmoid(x @ np.array(list(self.weights.values())) + self.bias)


# The two binary questions the scorer answers: is the whole sentence supported,
# and is at least part of it (the claim model)?
TARGETS = {"supported": ("supported",), "claim": ("supported", "partial")}
C_GRID = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0)
FOLDS = 5


def _design(rows: list[Row], features: tuple[str, ...]) -> np.ndarray:
    return np.array([[r.features.get(f, 0.0) for f in features] for r in rows], dtype=float)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def _labels(rows: list[Row], target: str) -> np.ndarray:
    return np.array([r.gold in TARGETS[target] for r in rows])


def _sample_weights(rows: list[Row], y: np.ndarray) -> np.ndarray:
    """Each dataset weighs the same, and within it each class weighs the same."""
    counts: dict[tuple[str, bool], int] = defaultdict(int)
    for r, label in zip(rows, y, strict=True):
        counts[(r.dataset, bool(label))] += 1
    weight = np.array(
        [1.0 / counts[(r.dataset, bool(lbl))] for r, lbl in zip(rows, y, strict=True)]
    )
    return weight * len(rows) / weight.sum()


def fit(rows: list[Row], features: tuple[str, ...], target: str, c: float) -> Model:
    """Logistic weights for ``target``, fitted on standardised features.

    Standardising makes one regularisation strength fair to features of any scale
    (a count of passages, a share); the weights are mapped back to raw units, so
    the preset stays a plain ``bias + sum(weight * feature)``.
    """
    from sklearn.linear_model import LogisticRegression

    x = _design(rows, features)
    y = _labels(rows, target)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    model = LogisticRegression(C=c, max_iter=10000)
    model.fit((x - mean) / scale, y, sample_weight=_sample_weights(rows, y))
    raw = model.coef_[0] / scale
    bias = float(model.intercept_[0] - raw @ mean)
    return Model(
        {f: round(float(w), 4) for f, w in zip(features, raw, strict=True)}, round(bias, 4)
    )


def fold_of(rows: list[Row], folds: int = FOLDS, salt: str = "") -> list[int]:
    """Each row's fold, whole :func:`unit` at a time.

    A unit's fold is a hash of it (with ``salt``, so an outer split can differ from the
    inner one), except for :data:`BY_DOMAIN` files, whose domains (a handful) take
    folds in turn, sorted: hashing four domains into five folds could put two in one,
    and each should be left out alone.
    """
    domains = sorted({unit(r) for r in rows if r.dataset in BY_DOMAIN})
    turn = {d: i % folds for i, d in enumerate(domains)}
    return [
        turn[unit(r)]
        if r.dataset in BY_DOMAIN
        else int.from_bytes(hashlib.blake2b(f"{salt}{unit(r)}".encode(), digest_size=4).digest())
        % folds
        for r in rows
    ]


def _folds(rows: list[Row]) -> list[np.ndarray]:
    """Row indices of each cross-validation fold, whole units at a time."""
    fold = fold_of(rows)
    return [np.array([i for i, f in enumerate(fold) if f == k]) for k in range(FOLDS)]


def out_of_fold(rows: list[Row], features: tuple[str, ...], target: str, c: float) -> np.ndarray:
    """Each row's probability from a model fitted without its group's fold."""
    result = np.zeros(len(rows))
    for held in _folds(rows):
        if not len(held):
            continue
        train = sorted(set(range(len(rows))) - set(held.tolist()))
        model = fit([rows[i] for i in train], features, target, c)
        result[held] = model.probabilities([rows[i] for i in held])
    return result


def choose_c(rows: list[Row], features: tuple[str, ...], target: str) -> float:
    """The regularisation strength with the least weighted cross-validated log-loss."""
    y = _labels(rows, target)
    weight = _sample_weights(rows, y)

    def loss(c: float) -> float:
        p = np.clip(out_of_fold(rows, features, target, c), 1e-6, 1 - 1e-6)
        return float(-(weight * (y * np.log(p) + (1 - y) * np.log(1 - p))).sum() / weight.sum())

    return min(C_GRID, key=lambda c: (round(loss(c), 4), -c))


def statuses(
    rows: list[Row],
    score: np.ndarray,
    claim: np.ndarray | None,
    supported: float,
    partial: float,
    strict: bool,
) -> list[str]:
    """The status :func:`citemark.score.decide` gives each row at these thresholds."""
    config = Config(strict_facts=strict)
    kinds = capping_kinds(config)
    return [
        decide(
            float(score[i]),
            None if claim is None else float(claim[i]),
            _fact_blocked(r, kinds, config),
            r.conflicts,
            supported,
            partial,
        )
        for i, r in enumerate(rows)
    ]


def _fact_blocked(row: Row, kinds: frozenset[str], config: Config) -> bool:
    """Whether a fact of a capping kind (``kinds``, :func:`capping_kinds` of ``config``)
    may hold the row at partial: the rule ``status_of`` applies, on cached kinds."""
    return bool(kinds.intersection(cap_candidates(row.missing, row.unsourced, config)))


def _mean_by_dataset(rows: list[Row], values: list[str], metric: str) -> float:
    """``metric`` (balanced, f2 or macro_f1) of each dataset, averaged over datasets."""
    by: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for r, v in zip(rows, values, strict=True):
        by[r.dataset].append((r.gold, v))
    results: list[float] = []
    for pairs in by.values():
        if metric == "balanced":
            pos = [p != "supported" for g, p in pairs if g != "supported"]
            neg = [p == "supported" for g, p in pairs if g == "supported"]
            results.append(float((np.mean(pos) + np.mean(neg)) / 2))
        elif metric == "f2":
            tp = sum(g != "supported" and p != "supported" for g, p in pairs)
            fp = sum(g == "supported" and p != "supported" for g, p in pairs)
            fn = sum(g != "supported" and p == "supported" for g, p in pairs)
            results.append(5 * tp / (5 * tp + 4 * fn + fp) if tp else 0.0)
        else:
            f1s = []
            for label in STATUSES:
                tp = sum(g == label and p == label for g, p in pairs)
                wrong = sum((g == label) != (p == label) for g, p in pairs)
                f1s.append(2 * tp / (2 * tp + wrong) if tp + wrong else 0.0)
            results.append(float(np.mean(f1s)))
    return float(np.mean(results))


def supported_threshold(
    rows: list[Row], score: np.ndarray, objective: str, strict: bool
) -> tuple[float, float]:
    """The supported threshold best for ``objective`` (ties to the one nearest 0.5), and
    that objective: the flag's, whatever the partial threshold."""

    def value(t: float) -> float:
        found = statuses(rows, score, None, t, 0.0, strict)
        return round(_mean_by_dataset(rows, found, objective), 6)

    values = {t: value(t) for t in GRID}
    best = max(GRID, key=lambda t: (values[t], -abs(t - 0.5)))
    return float(best), values[best]


def partial_threshold(
    rows: list[Row],
    score: np.ndarray,
    claim: np.ndarray | None,
    supported: float,
    strict: bool,
) -> tuple[float, float]:
    """The partial threshold best for macro-F1 at ``supported`` (ties to the higher one),
    and that macro-F1."""

    def value(t: float) -> float:
        found = statuses(rows, score, claim, supported, t, strict)
        return round(_mean_by_dataset(rows, found, "macro_f1"), 6)

    grid = GRID if claim is not None else [t for t in GRID if t <= supported]
    best_value, best = max((value(t), t) for t in grid)
    return float(best), best_value


@dataclass(frozen=True)
class Fitted:
    """One mode's fitted models, the regularisation behind them, and their thresholds."""

    supported: Model
    claim: Model
    c: dict[str, float]
    thresholds: dict[tuple[str, bool], tuple[float, float]]
    # features the supported model was chosen to do without (``OPTIONAL``)
    left_out: tuple[str, ...] = ()
    # features the claim model was chosen to do without (``OPTIONAL``)
    left_out_claim: tuple[str, ...] = ()


# Preset name -> (mode, threshold objective, strict facts, embedder, note).
PRESETS = {
    "default": ("hybrid", "balanced", False, "static", "Balanced: the default."),
    "lexical": (
        "lexical",
        "balanced",
        False,
        "static",
        "No embedding model: lexical features only.",
    ),
    "legal-strict": (
        "hybrid",
        "f2",
        True,
        "static",
        "Stricter: flags more; a missing name also blocks 'supported'.",
    ),
    "precise": (
        "hybrid",
        "balanced",
        False,
        PRECISE.embedder,
        "Full MiniLM (the precise extra) scores the candidates; slower.",
    ),
}


def measured_kind(mode: str, embedder: str) -> str:
    """Which measurement a mode of a preset is fitted on.

    "precise" is hybrid mode measured with MiniLM: its cosines are distributed
    differently from the static model's, so it has rows and weights of its own.
    """
    if mode == "lexical":
        return "lexical"
    return "precise" if embedder == PRECISE.embedder else "hybrid"


def _by_mode(
    embedder: str, objective: str, strict: bool, fitted: dict[tuple[str, str, bool], Fitted]
) -> dict[str, Fitted]:
    """The fitted models each mode of a preset with ``embedder`` and ``objective`` uses."""
    return {
        m: fitted[(measured_kind(m, embedder), objective, strict)] for m in ("hybrid", "lexical")
    }


OBJECTIVES = {
    "balanced": "mean balanced accuracy of the flag over datasets",
    "f2": "mean F2 of the flag over datasets (recall first)",
}


# Features the supported model may do without. The embedding cosine says a passage is
# on the claim's topic: that tells a claim with some support from one with none (the
# claim model keeps it), but whether it also tells a partly supported claim from a
# supported one depends on the objective, so calibration asks the fit half.
OPTIONAL = ("cosine",)


def _without_optional(
    features: tuple[str, ...], value: Callable[[tuple[str, ...]], float]
) -> tuple[str, ...]:
    """``features``, less the ``OPTIONAL`` ones unless ``value`` reads higher with them
    (a tie leaves them out): a feature that adds nothing is left out."""
    fewer = tuple(f for f in features if f not in OPTIONAL)
    if fewer == features:
        return features
    return features if value(features) > value(fewer) else fewer


def supported_features(
    rows: list[Row], features: tuple[str, ...], objective: str, strict: bool
) -> tuple[str, ...]:
    """``features``, less the ``OPTIONAL`` ones unless the supported model's out-of-fold
    probabilities read a higher ``objective`` of the flag with them."""

    def value(chosen: tuple[str, ...]) -> float:
        oof = out_of_fold(rows, chosen, "supported", choose_c(rows, chosen, "supported"))
        return supported_threshold(rows, oof, objective, strict)[1]

    return _without_optional(features, value)


def claim_features(
    rows: list[Row],
    features: tuple[str, ...],
    score: np.ndarray,
    supported: float,
    strict: bool,
) -> tuple[str, ...]:
    """``features``, less the ``OPTIONAL`` ones unless the claim model's out-of-fold
    probabilities split partial from unsupported with a higher macro-F1 with them.

    The claim model decides only that split (``supported`` and the supported model's
    out-of-fold ``score`` fix the rest), and its threshold is chosen for macro-F1, so
    that is what it is judged by. A topical cosine says "partly supported" of an answer
    written without the sources that only talks about the same thing (LFQA's no-document
    answers), which is the split's commonest error.
    """

    def value(chosen: tuple[str, ...]) -> float:
        claim = out_of_fold(rows, chosen, "claim", choose_c(rows, chosen, "claim"))
        return partial_threshold(rows, score, claim, supported, strict)[1]

    return _without_optional(features, value)


def _padded(model: Model, features: tuple[str, ...]) -> Model:
    """``model`` with a zero weight for each of ``features`` it was not fitted on, so a
    preset names every feature of its mode."""
    return Model({f: model.weights.get(f, 0.0) for f in features}, model.bias)


def calibrate_mode(
    rows: list[Row], features: tuple[str, ...], objective: str, strict: bool
) -> Fitted:
    """Fit both models on ``rows`` (the fit half) and pick thresholds for ``objective``.

    Thresholds are picked on out-of-fold probabilities (each group scored by a
    model that never saw it), so they are set for how the model does on unseen
    answers, not for its over-confident scores on its own training data.

    The supported model, its features and threshold are chosen on every row; the
    claim model, its features and the partial threshold on the :data:`THREE_WAY`
    rows alone (on all rows where there are none), for the reasons the module gives.
    """
    own = {"supported": supported_features(rows, features, objective, strict)}
    c = {"supported": choose_c(rows, own["supported"], "supported")}
    score = out_of_fold(rows, own["supported"], "supported", c["supported"])
    supported = supported_threshold(rows, score, objective, strict)[0]
    three = [i for i, r in enumerate(rows) if r.dataset in THREE_WAY] or list(range(len(rows)))
    claim_rows, claim_score = [rows[i] for i in three], score[three]
    own["claim"] = claim_features(claim_rows, features, claim_score, supported, strict)
    c["claim"] = choose_c(claim_rows, own["claim"], "claim")
    claim = out_of_fold(claim_rows, own["claim"], "claim", c["claim"])
    partial = partial_threshold(claim_rows, claim_score, claim, supported, strict)[0]
    models = {
        "supported": _padded(fit(rows, own["supported"], "supported", c["supported"]), features),
        "claim": _padded(fit(claim_rows, own["claim"], "claim", c["claim"]), features),
    }
    return Fitted(
        models["supported"],
        models["claim"],
        c,
        {(objective, strict): (supported, partial)},
        tuple(f for f in features if f not in own["supported"]),
        tuple(f for f in features if f not in own["claim"]),
    )


def write_preset(
    path: Path, base: Config, name: str, fitted: dict[str, Fitted], counts: dict[str, object]
) -> None:
    """A preset file: hand-set options from ``base``, fitted numbers from ``fitted``.

    The conflict rules a preset turns off are kept from the file being rewritten: they
    follow from each rule's measured precision (``benchmarks/rule_precision.py``), not
    from this fit."""
    mode, objective, strict, embedder, note = PRESETS[name]
    values: dict[str, object] = {
        "name": name,
        "mode": mode,
        "strict_facts": strict,
        "embedder": embedder,
        "rules_off": load_config(path).rules_off if path.is_file() else base.rules_off,
    }
    lines = [
        f"# citemark preset {name!r}. {note}",
        "# Weights, biases and thresholds are written by `make calibrate`",
        "# (src/citemark/calibrate.py); edit the other values by hand.",
    ]
    scalar_keys = (
        "name mode embedder device tokenization min_tokens min_tokens_cjk candidates "
        "dense_candidates window max_citations min_citation_score strict_facts rules_off"
    ).split()
    for key in scalar_keys:
        lines.append(f"{key} = {_toml(values.get(key, getattr(base, key)))}")
    lines.append(
        "\n# supported: threshold on the supported model's probability; partial: on the"
        "\n# claim model's (at least partly supported). A key fact no source states caps at"
        "\n# partial for the kinds cap_facts names (strict_facts: any fact the cited evidence"
        "\n# lacks, of every kind)."
    )
    for m, f in fitted.items():
        supported, partial = f.thresholds[(objective, strict)]
        lines += [f"[thresholds.{m}]", f"supported = {supported}", f"partial = {partial}", ""]
    for table, pick in (("", lambda f: f.supported), ("claim_", lambda f: f.claim)):
        lines.append(f"[{table}bias]")
        lines += [f"{m} = {pick(f).bias}" for m, f in fitted.items()]
        for m, f in fitted.items():
            lines.append(f"\n[{table}weights.{m}]")
            lines += [f"{feature} = {w}" for feature, w in pick(f).weights.items()]
        lines.append("")
    lines.append("[calibration]")
    info = {
        **counts,
        "objective": OBJECTIVES[objective],
        **{f"c_{t}_{m}": f.c[t] for m, f in fitted.items() for t in TARGETS},
        **{f"left_out_supported_{m}": " ".join(f.left_out) for m, f in fitted.items()},
        **{f"left_out_claim_{m}": " ".join(f.left_out_claim) for m, f in fitted.items()},
    }
    lines += [f"{key} = {_toml(value)}" for key, value in info.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | list | tuple):
        return json.dumps(value if isinstance(value, str) else list(value))
    return str(value)


def holdout_predictions(rows: list[Row], config: Config) -> list[Prediction]:
    """What ``citemark eval --split holdout`` gives with ``config``, from measured rows.

    The scorer and :func:`~citemark.score.decide` run on the cached features, so
    this takes seconds instead of a re-alignment of every answer. Evidence hits are
    left out (``None``), and rows keep none: which citations a sentence keeps depends
    on its status, and rows are aligned under the measuring config, not under
    ``config``, so their hits would not be the ones ``citemark eval`` gives.
    """
    judge = LogisticJudge(config, config.mode)
    kinds = capping_kinds(config)
    supported, partial = config.thresholds()
    out = []
    for r in rows:
        if r.split != "holdout":
            continue
        j = judge("", "", r.features)
        blocked = _fact_blocked(r, kinds, config)
        status = decide(j.score, j.claim, blocked, r.conflicts, supported, partial)
        out.append(
            Prediction(
                r.dataset,
                r.system or r.dataset,
                r.group,
                r.gold,
                status,
                round(j.score, 6),
                r.features,
                None,
                None,
                capped=blocked and j.score >= supported and not r.conflicts,
                conflicted=bool(r.conflicts),
                missing=r.missing,
                conflicts=r.conflicts,
                unsourced=r.unsourced,
                above=j.score >= supported,
            )
        )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--configs", type=Path, default=Path("configs"))
    parser.add_argument("--cache", type=Path, default=Path(".cache/calibration"))
    parser.add_argument(
        "--fit-on",
        nargs="+",
        choices=[name.removesuffix(".jsonl") for name in DATA_FILES],
        default=list(FIT_ON),
        help="the files the models and thresholds are fitted on (default: %(default)s); "
        "the holdout figures are printed for all four",
    )
    args = parser.parse_args(argv)
    missing = [f for f in DATA_FILES if not (args.data / f).is_file()]
    if missing:
        raise SystemExit(f"calibration needs {', '.join(missing)} in {args.data}")
    from threadpoolctl import threadpool_limits

    # The fits are small (a dozen features): BLAS threads on a shared machine cost them
    # several times what they save.
    with threadpool_limits(1):
        _calibrate(args)


def _calibrate(args: argparse.Namespace) -> None:
    """Measure, fit every preset's modes, write the presets, print the holdout figures."""

    # Hand-set options come from the dataclass defaults, not from the preset this
    # run is about to rewrite.
    base = Config()
    fitted: dict[tuple[str, str, bool], Fitted] = {}
    rows_by_kind: dict[str, list[Row]] = {}
    # One measurement per kind that measured_kind names.
    measured = (
        ("hybrid", FEATURES_HYBRID, base.with_(mode="hybrid")),
        ("lexical", FEATURES_LEXICAL, base.with_(mode="lexical")),
        ("precise", FEATURES_HYBRID, PRECISE.with_(mode="hybrid")),
    )
    goals = sorted({(p[1], p[2]) for p in PRESETS.values()})
    for kind, features, config in measured:
        rows = _cached_rows(args.cache / f"{kind}.jsonl", args.data, config)
        rows_by_kind[kind] = rows
        fit_rows = [r for r in rows if r.split == "fit" and r.dataset in args.fit_on]
        for objective, strict in goals:
            f = calibrate_mode(fit_rows, features, objective, strict)
            fitted[(kind, objective, strict)] = f
            print(
                f"{kind}, {objective}: C {f.c}; thresholds {f.thresholds}; left out "
                f"{f.left_out} (supported), {f.left_out_claim} (claim)"
            )
            print(f"{kind}: supported {f.supported}\n{kind}: claim {f.claim}")

    hybrid = rows_by_kind["hybrid"]
    counts = {
        "fit_sentences": sum(r.split == "fit" and r.dataset in args.fit_on for r in hybrid),
        "holdout_sentences": sum(r.split == "holdout" for r in hybrid),
        "data": " ".join(DATA_FILES),
        "fitted_on": " ".join(args.fit_on),
        "sample": " ".join(f"{name}: {n} claims, whole cases" for name, n in SAMPLE.items()),
        "split": "evaluate.split_of: blake2b(group) first byte even = fit",
        "thresholds": f"chosen on {FOLDS}-fold out-of-fold probabilities, folds by "
        "question (lfqa), claim (wice), case (vitaminc), domain (summedits)",
        "claim_model": "fitted on " + " ".join(sorted(THREE_WAY)),
    }
    args.configs.mkdir(parents=True, exist_ok=True)
    for name, preset in PRESETS.items():
        fitted_here = _by_mode(preset[3], preset[1], preset[2], fitted)
        write_preset(args.configs / f"{name}.toml", base, name, fitted_here, counts)
    for name in PRESETS:
        cfg = load_config(args.configs / f"{name}.toml")
        kind = measured_kind(cfg.mode, cfg.embedder)
        predictions = holdout_predictions(rows_by_kind[kind], cfg)
        summary = summarize(predictions, capping_kinds(cfg))
        print(f"\nholdout, preset {name} (hit@k: see citemark eval):\n{format_table(summary)}")
        print(f"\n{format_fact_cap_table(summary)}")


def _cached_rows(path: Path, data_dir: Path, config: Config) -> list[Row]:
    """Measured rows, reused from ``path`` when the measuring code has not changed."""
    key = _code_key(config, data_dir)
    if path.is_file():
        lines = path.read_text("utf-8").splitlines()
        if lines and json.loads(lines[0]).get("key") == key:
            return [_row(json.loads(line)) for line in lines[1:]]
    rows = measure(data_dir, config)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        handle.write(json.dumps({"key": key}) + "\n")
        for r in rows:
            handle.write(json.dumps(r.__dict__) + "\n")
    return rows


def _row(data: dict[str, object]) -> Row:
    data["missing"] = tuple(data.get("missing") or ())  # type: ignore[arg-type]
    data["unsourced"] = tuple(data.get("unsourced") or ())  # type: ignore[arg-type]
    return Row(**data)  # type: ignore[arg-type]


def _code_key(config: Config, data_dir: Path) -> str:
    """A hash of the measuring code, data and settings, so a stale cache is never reused."""
    digest = hashlib.blake2b(digest_size=12)
    here = Path(__file__).parent
    for name in (
        "support.py",
        "index.py",
        *(f"facts/{p.name}" for p in sorted((here / "facts").glob("*.py"))),
        "words.py",
        "segment.py",
        "tokens.py",
        "embed/__init__.py",
        "embed/base.py",
        "embed/static.py",
        "embed/minilm.py",
        "verbatim.py",
        "sources.py",
        "pipeline.py",
    ):
        digest.update((here / name).read_bytes())
    digest.update(f"rows v{ROW_VERSION} sample {sorted(SAMPLE.items())} {SAMPLE_SEED}".encode())
    for name in DATA_FILES:
        digest.update((data_dir / name).read_bytes())
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
