"""Presets and config files: what a file of a few keys keeps from its base preset, how it
names that base, how a bad value or key is refused, and a config as a value (hashable,
named by its digest in a report).

Each refusal names the key as the file writes it and the file that holds it, because a
team's settings are layered over several files and a message in Python's field names
sends the reader to look for a key that is not there.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

import citemark
from citemark import align
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


@pytest.mark.parametrize("config", [3, 0.5, {"mode": "lexical"}, ["lexical"]])
def test_a_config_of_the_wrong_type_is_named_by_its_type(config: Any) -> None:
    """``config=3`` is a mistake of type, not a preset called '3' ("unknown preset '3'")."""
    with pytest.raises(ConfigError, match=f"config must be .* got {type(config).__name__}"):
        align("Rent is due.", [{"id": "S1", "text": "Rent is due."}], config=config)


def test_a_mapping_config_is_told_how_to_give_its_settings() -> None:
    with pytest.raises(ConfigError, match=r"with_\(\*\*settings\)"):
        load_config({"mode": "lexical"})  # type: ignore[arg-type]


def test_a_config_file_error_names_the_key_as_the_file_writes_it(tmp_path: Any) -> None:
    """ "[thresholds.lexical] supported = -3" is reported under that name, not as
    "supported_lexical must be ...", a name the file does not have."""
    cases = {
        "[thresholds.lexical]\nsupported = -3\n": "thresholds.lexical.supported must be",
        "[weights.lexical]\nrecall = nan\n": "weights.lexical.recall must be",
        "[thresholds.hybrid]\nsupportd = 0.5\n": "unknown config key.*thresholds.hybrid.supportd",
    }
    for n, (text, message) in enumerate(cases.items()):
        path = tmp_path / f"bad{n}.toml"
        path.write_text(text)
        with pytest.raises(ConfigError, match=message):
            load_config(path)
    # Settings given in Python keep their field names.
    with pytest.raises(ConfigError, match="supported_lexical must be"):
        load_config().with_(supported_lexical=3)


def test_a_bad_value_names_its_config_file(tmp_path: Path) -> None:
    """Of several layered files, the message says which one holds the bad value."""
    bad = tmp_path / "team.toml"
    bad.write_text('max_citations = "three"\n', "utf-8")
    with pytest.raises(ConfigError, match=r"team\.toml: max_citations must be"):
        load_config(bad)
    typo = tmp_path / "typo.toml"
    typo.write_text("max_citatons = 3\n", "utf-8")
    with pytest.raises(ConfigError, match=r"typo\.toml: unknown config key"):
        load_config(typo)
    with pytest.raises(ConfigError, match=r"^unknown config key"):  # guard: no file, no name
        load_config("lexical").with_(max_citatons=3)


def test_a_config_keys_a_cache() -> None:
    """A frozen config hashes, though its weight tables are dicts, so it can key a cache."""
    a, b = load_config("lexical"), load_config("lexical")
    changed = a.with_(max_citations=1)
    assert hash(a) == hash(b) and len({a, b, changed}) == 2

    @functools.lru_cache(maxsize=4)
    def name_of(config: citemark.Config) -> str:
        return config.name

    assert name_of(a) == name_of(b) == "lexical" and name_of.cache_info().hits == 1


def test_a_report_says_which_settings_made_it(example: dict[str, Any]) -> None:
    """A ``with_`` copy's report is named like the preset's but carries its own digest,
    so a stored report tells the settings apart."""
    lexical = load_config("lexical")
    changed = lexical.with_(max_citations=1)
    plain = align(example["answer"], example["sources"], config=lexical).to_dict()
    other = align(example["answer"], example["sources"], config=changed).to_dict()
    assert plain["config"] == other["config"] == "lexical"
    assert plain["config_digest"] == load_config("lexical").digest != other["config_digest"]


def test_an_edited_config_file_is_read_again_and_a_loaded_one_is_not_shared(
    tmp_path: Path,
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("min_citation_score = 0.4\n", encoding="utf-8")
    first = load_config(path)
    first.weights_hybrid.clear()  # a caller mutating what it was given must not reach the next
    assert load_config(path).weights_hybrid
    path.write_text("min_citation_score = 0.45\n# longer, so the size differs too\n")
    assert load_config(path).min_citation_score == 0.45
    assert first.min_citation_score == 0.4
