"""A preset turns conflict rules off by name; an unknown name is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citemark
from citemark.config import Config, load_config
from citemark.errors import ConfigError
from citemark.facts import RULES

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "rule_precision.json"

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
    config = load_config("default").with_(rules_off=())
    assert b"rules_off" not in config.settings_json
    assert config.with_(rules_off=("swap",)).digest != config.digest


def _wanting() -> list[str]:
    """The rules the committed precision benchmark found wrong too often to be on."""
    measured = json.loads(PRECISION.read_text(encoding="utf-8"))
    return sorted(name for name, r in measured["rules"].items() if r["off_by_default"])


@pytest.mark.parametrize("name", ["default", "lexical", "precise"])
def test_the_presets_turn_off_the_rules_measured_wrong_too_often(name: str) -> None:
    """A conflict fails the gate and tells a reader the source says otherwise: a rule
    right less often than the floor on data it was not written from is off by default."""
    assert _wanting(), "the benchmark should find some rule wanting"
    assert sorted(load_config(name).rules_off) == _wanting()


def test_the_strict_legal_preset_keeps_every_rule_on() -> None:
    """legal-strict is the preset that flags more: a reviewer who wants every possible
    contradiction raised keeps the rules the others turn off."""
    assert load_config("legal-strict").rules_off == ()
    for name in _wanting():
        assert name in {rule.name for rule in RULES}


def test_another_person_is_a_missing_name_by_default_and_a_conflict_in_legal_strict() -> None:
    """With the name rule off the claim's name is still reported as missing, so a
    reader sees it; legal-strict, which keeps the rule, calls it a conflict."""
    source = [{"id": "lease", "text": "The lease was signed by Jane Smith on May 1, 2020."}]
    claim = "The lease was signed by John Smith on May 1, 2020."
    default = citemark.align(claim, source).sentences[0]
    assert default.conflicts == ()
    assert [f.text for f in default.missing_facts] == ["John Smith"]
    strict = citemark.align(claim, source, config="legal-strict").sentences[0]
    assert [(c.rule, c.text, c.evidence) for c in strict.conflicts] == [
        ("name", "John Smith", "Jane Smith")
    ]
    assert strict.status == "unsupported"
