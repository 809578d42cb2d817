"""A preset turns conflict rules off by name; an unknown name is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import citemark
from citemark.config import Config, load_config
from citemark.errors import ConfigError

LEASE = "The tenant must bring an action within one year of the end of the tenancy."
ANSWER = "The tenant has two years to sue."


def _rules(config: Config) -> list[str]:
    report = citemark.align(ANSWER, [{"id": "S1", "text": LEASE}], config=config)
    return [c.rule for s in report.sentences for c in s.conflicts]


def test_a_conflict_names_its_rule_in_the_report() -> None:
    config = load_config("lexical")
    assert _rules(config) == ["value"]
    report = citemark.align(ANSWER, [{"id": "S1", "text": LEASE}], config=config)
    assert report.to_dict()["sentences"][0]["conflicts"][0]["rule"] == "value"


def test_a_preset_turns_a_rule_off_by_name(tmp_path: Path) -> None:
    preset = tmp_path / "no-values.toml"
    preset.write_text('base = "lexical"\nrules_off = ["value"]\n', encoding="utf-8")
    config = load_config(preset)
    assert config.rules_off == ("value",)
    assert _rules(config) == []
    assert _rules(load_config("lexical").with_(rules_off=("swap",))) == ["value"]


def test_an_unknown_rule_name_is_a_clear_error(tmp_path: Path) -> None:
    preset = tmp_path / "typo.toml"
    preset.write_text('rules_off = ["value", "vaule"]\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"unknown conflict rule\(s\) 'vaule' \(known: value, "):
        load_config(preset)
    with pytest.raises(ConfigError, match="rules_off must be a list"):
        Config(rules_off="value")  # type: ignore[arg-type]


def test_no_rule_off_keeps_the_configs_digest() -> None:
    """A config that turns no rule off hashes as it did before the setting existed, so
    stored reports and batch outputs keep their digests; one that does hashes apart."""
    config = load_config("default")
    assert b"rules_off" not in config.settings_json
    assert config.with_(rules_off=("swap",)).digest != config.digest


@pytest.mark.parametrize("name", ["default", "lexical", "legal-strict", "precise"])
def test_the_presets_turn_no_rule_off(name: str) -> None:
    assert load_config(name).rules_off == ()
