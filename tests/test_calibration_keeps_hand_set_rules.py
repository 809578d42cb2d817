"""make calibrate rewrites a preset's fitted numbers and keeps the conflict rules the
preset turns off: those follow from each rule's measured precision, not from the fit."""

from __future__ import annotations

import shutil
from pathlib import Path

from citemark.calibrate import Fitted, Model, write_preset
from citemark.config import Config, load_config

CONFIGS = Path(__file__).resolve().parents[1] / "configs"


def _fitted(config: Config) -> Fitted:
    weights, bias = config.claim_model("hybrid") or ({}, 0.0)
    model = Model(dict(weights), bias)
    thresholds = {("balanced", False): config.thresholds("hybrid")}
    return Fitted(model, model, {"supported": 1.0, "claim": 1.0}, thresholds)


def test_a_rewritten_preset_keeps_the_rules_it_turns_off(tmp_path: Path) -> None:
    path = tmp_path / "default.toml"
    shutil.copy(CONFIGS / "default.toml", path)
    shipped = load_config(path)
    assert shipped.rules_off, "the default preset turns some rule off"
    write_preset(path, Config(), "default", {"hybrid": _fitted(shipped)}, {})
    rewritten = load_config(path)
    assert rewritten.rules_off == shipped.rules_off
    assert rewritten.thresholds("hybrid") == shipped.thresholds("hybrid")


def test_a_new_preset_starts_with_every_rule_on(tmp_path: Path) -> None:
    shipped = load_config(CONFIGS / "default.toml")
    path = tmp_path / "default.toml"
    write_preset(path, Config(), "default", {"hybrid": _fitted(shipped)}, {})
    assert load_config(path).rules_off == ()
