"""Defects a third new-user trial found (stop 39), each held by a test that fails on the
code before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

import citemark
from citemark.config import load_config
from citemark.errors import ConfigError

LEASE = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. Smoking is not allowed.",
    }
]


def test_a_config_file_of_a_few_keys_keeps_the_presets_weights(tmp_path: Path) -> None:
    path = tmp_path / "override.toml"
    path.write_text("max_citations = 5\n", encoding="utf-8")
    config = load_config(path)
    default = load_config("default")
    assert config.max_citations == 5
    assert config.name == "override"
    assert config.weights_hybrid == default.weights_hybrid
    assert config.thresholds() == default.thresholds()
    # the sentence nothing supports is not waved through by an empty model
    report = citemark.align("The moon is made of cheese.", LEASE, config=config)
    assert report.sentences[0].status == "unsupported"


def test_a_config_file_names_its_base_preset_and_merges_tables(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('base = "lexical"\n[weights.lexical]\nrecall = 9.0\n', encoding="utf-8")
    config = load_config(path)
    lexical = load_config("lexical")
    assert config.mode == "lexical"
    assert config.weights_lexical["recall"] == 9.0
    others = {k: v for k, v in config.weights_lexical.items() if k != "recall"}
    assert others == {k: v for k, v in lexical.weights_lexical.items() if k != "recall"}


def test_every_preset_reads_the_same_by_name_and_by_path() -> None:
    root = Path(__file__).resolve().parents[1] / "configs"
    for name in ("default", "lexical", "precise", "legal-strict"):
        assert load_config(name) == load_config(root / f"{name}.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('base = "nope"\n', "unknown preset 'nope'"),
        ("base = 3\n", "base must be the name of a preset"),
    ],
)
def test_a_bad_base_is_refused_by_name(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_presets_that_name_each_other_as_base_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.toml").write_text('base = "b"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('base = "a"\n', encoding="utf-8")
    monkeypatch.setenv("CITEMARK_CONFIG_DIR", str(tmp_path))
    with pytest.raises(ConfigError, match="loop"):
        load_config("a")
