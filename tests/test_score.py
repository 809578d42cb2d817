"""The scorer: the judge's two models, the status rule, their config, and calibration.

Calibration picks thresholds by running the same status rule the pipeline runs;
the last test checks on real records that the two can never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from citemark.calibrate import (
    DATA_FILES,
    Row,
    calibrate_mode,
    claim_features,
    fit,
    holdout_predictions,
    measure,
    out_of_fold,
    partial_threshold,
    statuses,
    supported_features,
    supported_threshold,
)
from citemark.config import FEATURES_HYBRID, Config, config_from_dict, load_config
from citemark.errors import ConfigError
from citemark.evaluate import predict, read_records
from citemark.facts import Fact
from citemark.score import LogisticJudge, decide, status_of

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def _fact(kind: str) -> Fact:
    return Fact(kind, "12", "12", 0, 2)


def _two_model_config(**changes: object) -> Config:
    return Config(
        mode="lexical",
        weights_lexical={"recall": 10.0},
        bias_lexical=-5.0,
        claim_weights_lexical={"global_recall_idf": 10.0},
        claim_bias_lexical=-5.0,
        supported_lexical=0.5,
        partial_lexical=0.5,
    ).with_(**changes)


def test_the_claim_model_decides_partial_against_unsupported() -> None:
    config = _two_model_config()
    judge = LogisticJudge(config, "lexical")
    # Half the words in the best passage, all of them somewhere in the sources.
    scattered = judge("s", "e", {"recall": 0.3, "global_recall_idf": 1.0})
    invented = judge("s", "e", {"recall": 0.3, "global_recall_idf": 0.1})
    found = judge("s", "e", {"recall": 0.9, "global_recall_idf": 1.0})
    assert scattered.claim is not None and scattered.claim > 0.9
    assert invented.claim is not None and invented.claim < 0.1
    assert scattered.components == {"recall": 3.0}
    assert status_of(scattered.score, (), config, claim=scattered.claim) == "partial"
    assert status_of(invented.score, (), config, claim=invented.claim) == "unsupported"
    assert status_of(found.score, (), config, claim=found.claim) == "supported"


def test_without_a_claim_model_the_partial_threshold_applies_to_the_score() -> None:
    config = Config(supported_hybrid=0.6, partial_hybrid=0.3)
    judge = LogisticJudge(config, "hybrid")
    assert judge.claim_model is None and judge("s", "e", {}).claim is None
    assert status_of(0.7, (), config) == "supported"
    assert status_of(0.4, (), config) == "partial"
    assert status_of(0.2, (), config) == "unsupported"


def test_missing_key_facts_cap_and_conflicts_refuse() -> None:
    # Numbers did not earn their cap on the dev data (config.DEFAULT_CAP_FACTS): by
    # default they do not cap; a preset that names them caps on them.
    assert status_of(0.99, (_fact("number"),), _two_model_config(), claim=0.99) == "supported"
    config = _two_model_config(cap_facts=("number",))
    assert status_of(0.99, (_fact("number"),), config, claim=0.99) == "partial"
    assert status_of(0.99, (_fact("number"),), config, claim=0.1) == "unsupported"
    assert status_of(0.99, (_fact("name"),), config, claim=0.99) == "supported"
    strict = config.with_(strict_facts=True)
    assert status_of(0.99, (_fact("name"),), strict, claim=0.99) == "partial"
    assert status_of(0.99, (), config, claim=0.99, conflicts=1) == "unsupported"


def test_one_rule_decides_no_claim_and_edited_quotes_after_conflicts() -> None:
    """score.decide is every status decision: a conflict first, then a sentence that
    claims nothing, then an edited quote, which keeps a supported sentence at partial."""
    assert decide(0.9, None, False, 1, 0.5, 0.3, no_claim=True) == "unsupported"
    assert decide(0.9, None, False, 0, 0.5, 0.3, no_claim=True) == "no_claim"
    assert decide(0.1, None, False, 0, 0.5, 0.3, no_claim=True) == "no_claim"
    assert decide(0.9, None, False, 0, 0.5, 0.3, edited=True) == "partial"
    assert decide(0.9, None, False, 0, 0.5, 0.3, edited=False) == "supported"
    # an edit lowers nothing that was not supported
    assert decide(0.4, None, False, 0, 0.5, 0.3, edited=True) == "partial"
    assert decide(0.1, None, False, 0, 0.5, 0.3, edited=True) == "unsupported"
    assert decide(0.9, None, True, 0, 0.5, 0.3, edited=True) == "partial"


def test_the_edited_quote_test_runs_only_where_the_sentence_would_be_supported() -> None:
    asked: list[float] = []

    def edited(score: float) -> Callable[[], bool]:
        return lambda: asked.append(score) is None

    assert decide(0.9, None, False, 0, 0.5, 0.3, edited=edited(0.9)) == "partial"
    assert decide(0.4, None, False, 0, 0.5, 0.3, edited=edited(0.4)) == "partial"
    assert decide(0.9, None, True, 0, 0.5, 0.3, edited=edited(0.91)) == "partial"
    assert decide(0.9, None, False, 2, 0.5, 0.3, edited=edited(0.92)) == "unsupported"
    nothing = decide(0.9, None, False, 0, 0.5, 0.3, no_claim=True, edited=edited(0.93))
    assert nothing == "no_claim"
    assert asked == [0.9]


def test_claim_tables_load_from_toml_and_bad_ones_are_named() -> None:
    config = config_from_dict(
        {
            "mode": "lexical",
            "thresholds": {"lexical": {"supported": 0.4, "partial": 0.6}},
            "claim_bias": {"lexical": -1.5},
            "claim_weights": {"lexical": {"recall": 2.0}},
        }
    )
    assert config.claim_model() == ({"recall": 2.0}, -1.5)
    # Different probabilities: partial may lie above supported with a claim model...
    assert config.thresholds() == (0.4, 0.6)
    # ...but not without one.
    with pytest.raises(ConfigError, match="partial threshold"):
        Config(supported_hybrid=0.4, partial_hybrid=0.6)
    with pytest.raises(ConfigError, match=r"claim_weights\.lexical: unknown feature"):
        config_from_dict({"claim_weights": {"lexical": {"cosine": 1.0}}})
    with pytest.raises(ConfigError, match=r"claim_bias\.hybrid must be a number"):
        config_from_dict({"claim_bias": {"hybrid": "high"}})


@pytest.mark.parametrize("name", ["default", "lexical", "legal-strict"])
def test_every_preset_has_both_models(name: str) -> None:
    config = load_config(name)
    assert config.weights()[0] and config.claim_model() is not None


def _rows(n: int, seed: int) -> list[Row]:
    """Synthetic sentences: recall separates supported, global recall unsupported."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        gold = ("supported", "partial", "unsupported")[i % 3]
        recall = {"supported": 0.9, "partial": 0.4, "unsupported": 0.2}[gold]
        found = {"supported": 1.0, "partial": 0.9, "unsupported": 0.3}[gold]
        features = {
            "recall": float(recall + rng.normal(0, 0.1)),
            "global_recall_idf": float(found + rng.normal(0, 0.1)),
        }
        rows.append(Row(("a", "b")[i % 2], "fit", f"g{i}", gold, features))
    return rows


def test_calibration_separates_three_classes_on_a_clear_signal() -> None:
    rows = _rows(300, seed=1)
    features = ("recall", "global_recall_idf")
    supported, claim = fit(rows, features, "supported", 1.0), fit(rows, features, "claim", 1.0)
    assert supported.weights["recall"] > 0 and claim.weights["global_recall_idf"] > 0
    score, claim_p = supported.probabilities(rows), claim.probabilities(rows)
    sup_t = supported_threshold(rows, score, "balanced", strict=False)[0]
    part_t = partial_threshold(rows, score, claim_p, sup_t, strict=False)[0]
    found = statuses(rows, score, claim_p, sup_t, part_t, strict=False)
    accuracy = np.mean([f == r.gold for f, r in zip(found, rows, strict=True)])
    assert accuracy > 0.9
    # The fitted model in raw units gives what the runtime judge gives.
    config = Config(
        weights_hybrid=supported.weights,
        bias_hybrid=supported.bias,
        claim_weights_hybrid=claim.weights,
        claim_bias_hybrid=claim.bias,
    )
    judged = LogisticJudge(config, "hybrid")("", "", rows[0].features)
    assert judged.score == pytest.approx(score[0], abs=1e-4)
    assert judged.claim == pytest.approx(claim_p[0], abs=1e-4)


def _with_cosine(rows: list[Row], seed: int, signal: bool) -> list[Row]:
    """``rows`` with a cosine that says "supported" where recall says nothing
    (``signal``), or with one that says nothing."""
    rng = np.random.default_rng(seed)
    out = []
    for r in rows:
        features = dict(r.features)
        if signal:
            features["recall"] = float(rng.normal())
            features["cosine"] = float(r.gold == "supported") + float(rng.normal(0, 0.2))
        else:
            features["cosine"] = float(rng.normal())
        out.append(Row(r.dataset, r.split, r.group, r.gold, features))
    return out


FEATURES_WITH_COSINE = ("recall", "global_recall_idf", "cosine")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_supported_model_keeps_a_cosine_that_tells_support(seed: int) -> None:
    rows = _with_cosine(_rows(300, seed=seed), seed, signal=True)
    chosen = supported_features(rows, FEATURES_WITH_COSINE, "balanced", strict=False)
    assert chosen == FEATURES_WITH_COSINE


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_supported_model_does_without_a_cosine_that_tells_nothing(seed: int) -> None:
    rows = _with_cosine(_rows(150, seed=seed), seed, signal=False)
    assert supported_features(rows, FEATURES_WITH_COSINE, "balanced", strict=False) == (
        "recall",
        "global_recall_idf",
    )
    fitted = calibrate_mode(rows, FEATURES_WITH_COSINE, "balanced", strict=False)
    # The preset still names the feature, at weight zero, in both models.
    assert fitted.left_out == ("cosine",)
    assert fitted.supported.weights["cosine"] == 0.0
    assert set(fitted.claim.weights) == set(FEATURES_WITH_COSINE)
    assert set(fitted.thresholds) == {("balanced", False)}
    # A mode without the feature has nothing to leave out.
    plain = _rows(150, seed=seed)
    assert supported_features(plain, ("recall", "global_recall_idf"), "f2", strict=True) == (
        "recall",
        "global_recall_idf",
    )


def _with_claim_cosine(rows: list[Row], seed: int, signal: bool) -> list[Row]:
    """``rows`` whose global recall no longer tells partial from unsupported, with a
    cosine that does (``signal``) or one that says nothing."""
    rng = np.random.default_rng(seed)
    out = []
    for r in rows:
        features = dict(r.features)
        if r.gold != "supported":
            features["global_recall_idf"] = 0.6 + float(rng.normal(0, 0.1))
        if signal:
            features["cosine"] = float(r.gold != "unsupported") + float(rng.normal(0, 0.2))
        else:
            features["cosine"] = float(rng.normal())
        out.append(Row(r.dataset, r.split, r.group, r.gold, features))
    return out


def _claim_choice(rows: list[Row]) -> tuple[str, ...]:
    score = out_of_fold(rows, FEATURES_WITH_COSINE, "supported", 1.0)
    supported = supported_threshold(rows, score, "balanced", strict=False)[0]
    return claim_features(rows, FEATURES_WITH_COSINE, score, supported, strict=False)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_claim_model_keeps_a_cosine_that_tells_partial_from_unsupported(seed: int) -> None:
    rows = _with_claim_cosine(_rows(300, seed=seed), seed, signal=True)
    assert _claim_choice(rows) == FEATURES_WITH_COSINE
    fitted = calibrate_mode(rows, FEATURES_WITH_COSINE, "balanced", strict=False)
    assert fitted.left_out_claim == ()
    assert fitted.claim.weights["cosine"] > 0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_claim_model_does_without_a_cosine_that_tells_nothing(seed: int) -> None:
    rows = _with_cosine(_rows(150, seed=seed), seed, signal=False)
    assert _claim_choice(rows) == ("recall", "global_recall_idf")
    fitted = calibrate_mode(rows, FEATURES_WITH_COSINE, "balanced", strict=False)
    assert fitted.left_out_claim == ("cosine",)
    assert fitted.claim.weights["cosine"] == 0.0


def test_calibration_rule_and_pipeline_rule_agree_on_real_records(tmp_path: Path) -> None:
    """Rows measured for calibration, scored as calibration scores them, give the
    statuses and scores ``citemark eval`` gives, sentence by sentence."""
    for name in DATA_FILES:
        if not (DATA / name).is_file():
            pytest.skip(f"{DATA / name} is absent")
        lines = (DATA / name).read_text("utf-8").splitlines()[:6]
        (tmp_path / name).write_text("\n".join(lines) + "\n", "utf-8")
    config = load_config("lexical").with_(strict_facts=True)
    rows = measure(tmp_path, config)
    from_rows = holdout_predictions(rows, config)
    from_pipeline = [
        p
        for name in DATA_FILES
        for p in predict(read_records(tmp_path / name), config=config, split="holdout")
    ]
    assert from_rows, "the sample should hold some holdout records"
    # Sentence results carry features rounded to 6 decimals, so scores agree to ~1e-6.
    assert [p.status for p in from_rows] == [p.status for p in from_pipeline]
    assert [p.score for p in from_rows] == pytest.approx([p.score for p in from_pipeline], abs=1e-5)
    assert {p.status for p in from_rows} >= {"supported", "partial"}
    # The rows' citations were those of the measuring run; hits are eval's to give.
    assert all(p.hit1 is None and p.hit3 is None for p in from_rows)
    assert any(p.hit1 is not None for p in from_pipeline)
    json.dumps([p.features for p in from_rows])  # rows stay JSON-cacheable
    assert set(rows[0].features) <= set(FEATURES_HYBRID)
