"""Calibration over the four dev files: folds keep whole units (LFQA questions, WiCE
claims, VitaminC cases) and leave SummEdits out one domain at a time; every file weighs
the same however many rows it has; the two-way files inform the supported model and
its threshold but not the claim model; a sample of a large file takes whole cases; and
the four-file cross-validation scores each held unit once, by a fit that never saw it."""

from __future__ import annotations

import importlib.util
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from citemark.calibrate import (
    FOLDS,
    Row,
    _folds,
    _sample_weights,
    calibrate_mode,
    fold_of,
    sample_groups,
    supported_threshold,
    unit,
)
from citemark.evaluate import EvalRecord, GoldSentence

FEATURES = ("recall", "global_recall_idf")
DOMAINS = ("news", "podcast", "sales_call", "samsum")


def _row(dataset: str, group: str, gold: str, rng: np.random.Generator, system: str = "") -> Row:
    """A row whose recall tells supported from not, and whose global recall tells
    partial from unsupported, with noise."""
    recall = {"supported": 0.85, "partial": 0.45, "unsupported": 0.25}[gold]
    found = {"supported": 1.0, "partial": 0.9, "unsupported": 0.3}[gold]
    features = {
        "recall": float(recall + rng.normal(0, 0.12)),
        "global_recall_idf": float(found + rng.normal(0, 0.1)),
    }
    return Row(dataset, "fit", f"{dataset}:{group}", gold, features, system=system or dataset)


def _four_files(seed: int = 0, vitaminc_cases: int = 120, scale: int = 3) -> list[Row]:
    rng = np.random.default_rng(seed)
    rows: list[Row] = []
    labels = ("supported", "partial", "unsupported")
    for q in range(10 * scale):  # LFQA: six answers per question
        rows += [_row("lfqa", f"q{q}", labels[(q + s) % 3], rng, f"sys{s}") for s in range(6)]
    rows += [_row("wice", f"w{i}", labels[i % 3], rng) for i in range(30 * scale)]
    for c in range(vitaminc_cases):  # VitaminC: claims of one case, two-way
        rows += [_row("vitaminc", f"c{c}", g, rng) for g in ("supported", "unsupported")]
    for d in DOMAINS:  # SummEdits: documents in four domains, two-way
        for doc in range(2 * scale):
            rows += [
                _row("summedits", f"{d}:{doc}", g, rng, d)
                for g in ("supported", "unsupported", "unsupported")
            ]
    return rows


def _folds_of_units(rows: list[Row], folds: list[int]) -> dict[str, set[int]]:
    found: dict[str, set[int]] = defaultdict(set)
    for r, f in zip(rows, folds, strict=True):
        found[unit(r)].add(f)
    return found


@pytest.mark.parametrize("salt", ["", "outer:"])
def test_no_question_claim_case_or_domain_is_split_across_folds(salt: str) -> None:
    rows = _four_files()
    folds = fold_of(rows, FOLDS, salt=salt)
    assert all(len(f) == 1 for f in _folds_of_units(rows, folds).values())
    # LFQA's six answers to one question are one unit; SummEdits' documents are not units.
    assert unit(rows[0]) == unit(rows[5]) == "lfqa:q0"
    assert {unit(r) for r in rows if r.dataset == "summedits"} == {
        f"summedits:{d}" for d in DOMAINS
    }
    # Every row lands in exactly one of the inner folds.
    inner = _folds(rows)
    assert sorted(np.concatenate(inner).tolist()) == list(range(len(rows)))


def test_each_summedits_domain_is_a_fold_of_its_own() -> None:
    rows = _four_files()
    folds = fold_of(rows, FOLDS, salt="outer:")
    domain_fold = {
        r.system: f for r, f in zip(rows, folds, strict=True) if r.dataset == "summedits"
    }
    assert sorted(domain_fold) == sorted(DOMAINS)
    assert len(set(domain_fold.values())) == len(DOMAINS)
    # With one domain gone (an outer fold left it out), the three left still part.
    rest = [r for r in rows if r.system != "news"]
    left = {
        r.system: f for r, f in zip(rest, fold_of(rest), strict=True) if r.dataset == "summedits"
    }
    assert len(set(left.values())) == 3


def test_the_outer_folds_differ_from_the_inner_ones() -> None:
    rows = [r for r in _four_files() if r.dataset == "vitaminc"]
    assert fold_of(rows, FOLDS, salt="outer:") != fold_of(rows, FOLDS)


def test_every_file_and_each_class_within_it_weighs_the_same_however_large() -> None:
    rows = _four_files(vitaminc_cases=600)
    y = np.array([r.gold == "supported" for r in rows])
    weight = _sample_weights(rows, y)
    totals: dict[tuple[str, bool], float] = defaultdict(float)
    for r, label, w in zip(rows, y, weight, strict=True):
        totals[(r.dataset, bool(label))] += float(w)
    assert sum(r.dataset == "vitaminc" for r in rows) > 5 * sum(r.dataset == "wice" for r in rows)
    assert max(totals.values()) == pytest.approx(min(totals.values()))
    assert len(totals) == 8


def test_a_larger_copy_of_one_file_does_not_move_the_threshold() -> None:
    """Ten copies of VitaminC's rows choose the threshold one copy does: the objective is
    the mean over files, so the large file's size gives it no more say."""
    rng = np.random.default_rng(3)
    small = [_row("wice", f"w{i}", ("supported", "unsupported")[i % 2], rng) for i in range(80)]
    large = [
        _row("vitaminc", f"c{i}", ("supported", "unsupported")[i % 2], rng) for i in range(200)
    ]
    # VitaminC's scores sit high, WiCE's low: alone, each would pick a different threshold.
    # WiCE's threshold also catches a fifth of VitaminC's unsupported (scored 0.2), so
    # the mean over files prefers it; VitaminC's would flag all of WiCE.
    score_small = np.array([0.35 if r.gold == "supported" else 0.15 for r in small])
    score_large = np.array(
        [0.9 if r.gold == "supported" else 0.2 if i % 10 == 1 else 0.6 for i, r in enumerate(large)]
    )
    once = supported_threshold(
        small + large, np.concatenate([score_small, score_large]), "balanced", strict=False
    )
    tenfold = supported_threshold(
        small + large * 10,
        np.concatenate([score_small, np.tile(score_large, 10)]),
        "balanced",
        strict=False,
    )
    assert once == tenfold
    alone = supported_threshold(large, score_large, "balanced", strict=False)[0]
    assert alone > 0.6 and once[0] == 0.35


def test_two_way_files_inform_the_supported_model_but_not_the_claim_model() -> None:
    rows = _four_files(vitaminc_cases=40, scale=2)
    three_way = [r for r in rows if r.dataset in ("lfqa", "wice")]
    # The same two-way rows, labelled the other way round: only their labels differ.
    flipped = [
        r
        if r.dataset in ("lfqa", "wice")
        else Row(
            r.dataset,
            r.split,
            r.group,
            "unsupported" if r.gold == "supported" else "supported",
            r.features,
            system=r.system,
        )
        for r in rows
    ]
    # one BLAS thread: the fits are small and the machine may be shared
    with threadpool_limits(1):
        fitted, other, alone = (
            calibrate_mode(x, FEATURES, "balanced", False) for x in (rows, flipped, three_way)
        )
    assert fitted.claim == other.claim == alone.claim
    assert fitted.supported != other.supported
    assert fitted.supported.weights["recall"] > other.supported.weights["recall"]


def test_a_file_with_no_partial_label_fits_its_claim_model_on_itself() -> None:
    rows = [r for r in _four_files(vitaminc_cases=60, scale=1) if r.dataset == "vitaminc"]
    with threadpool_limits(1):
        fitted = calibrate_mode(rows, FEATURES, "balanced", False)
    assert fitted.claim.weights["recall"] > 0


def _record(case: str, n: int, sentences: int = 1) -> EvalRecord:
    gold = tuple(GoldSentence(0, 4, "supported", ()) for _ in range(sentences))
    return EvalRecord(f"{case}_{n}", "vitaminc", "vitaminc", f"vitaminc:{case}", "abcd", [], gold)


def test_a_sample_takes_whole_cases_in_a_seeded_order() -> None:
    records = [_record(f"c{c}", n) for c in range(200) for n in range(1 + c % 4)]
    taken = sample_groups(records, 100, "seed-a")
    per_case: dict[str, int] = defaultdict(int)
    for r in taken:
        per_case[r.group] += 1
    whole = defaultdict(int)
    for r in records:
        whole[r.group] += 1
    assert all(per_case[g] == whole[g] for g in per_case)
    assert 100 <= len(taken) < 100 + 4
    assert taken == [r for r in records if r in taken]  # file order kept
    assert sample_groups(records, 100, "seed-a") == taken
    assert sample_groups(records, 100, "seed-b") != taken
    assert sample_groups(records, 10_000, "seed-a") == records


def _cv_all() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "cv_all.py"
    spec = importlib.util.spec_from_file_location("cv_all", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cv_all"] = module
    spec.loader.exec_module(module)
    return module


def test_cross_validation_scores_each_file_per_fold_and_summedits_per_domain() -> None:
    cv = _cv_all()
    rows = _four_files(vitaminc_cases=40, scale=2)
    recipes = {"current (lfqa+wice)": ("lfqa", "wice"), "four files": cv.FILES}
    with threadpool_limits(1):
        results = cv.run(rows, recipes, FEATURES, "balanced", False, log=False)
    for name in (*recipes, "other files"):
        held = results[name]
        summedits = [h for h in held if h.file == "summedits"]
        # one fold per domain, each held alone
        assert sorted(h.domain for h in summedits) == sorted(DOMAINS)
        assert len({h.fold for h in summedits}) == len(DOMAINS)
        for file in ("lfqa", "wice", "vitaminc"):
            assert len({h.fold for h in held if h.file == file}) == cv.OUTER
    # A fit that never saw VitaminC is still scored on it, and the signal carries.
    current = [h for h in results["current (lfqa+wice)"] if h.file == "vitaminc"]
    assert len(current) == cv.OUTER and np.mean([h.balanced for h in current]) > 0.8
    assert all(h.macro_f1 is None for h in current)
    assert all(h.macro_f1 is not None for h in results["four files"] if h.file == "lfqa")
    table = cv.format_results(results)
    assert "| news |" in table and "| lfqa | vitaminc+wice+summedits |" not in table
    assert "| lfqa | wice+vitaminc+summedits |" in table
