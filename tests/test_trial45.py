"""What the ninth trial (a Python engineer integrating the library) found.

Each test fails on the code before its fix unless it says it is a guard.
"""

from __future__ import annotations

import functools
import json
import pickle
import typing
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import citemark
from citemark import ConfigError, Report, SourceIndex, SpanDict, align, load_config
from citemark.embed import default_embedder
from citemark.words import unit


@pytest.fixture(scope="module")
def example() -> dict[str, Any]:
    text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
    return json.loads(text)


def test_a_used_hybrid_index_pickles(example: dict[str, Any]) -> None:
    """Once used, an index of the default preset held its embedder (and its lock) and
    would not pickle for a process pool; a lexical one did."""
    index = SourceIndex(example["sources"], "default")
    before = align(example["answer"], None, index=index).to_dict()
    again = pickle.loads(pickle.dumps(index))
    assert align(example["answer"], None, index=again).to_dict() == before


def test_a_report_dict_reads_back_from_json_as_it_was(example: dict[str, Any]) -> None:
    """A failure's ``unsourced`` was a tuple, so a stored row never equalled a fresh one."""
    report = align(example["answer"], example["sources"], config="lexical")
    data = report.to_dict(fail_on="unsupported,conflict,partial,unsourced")
    assert data["failures"]  # the example has failing sentences
    assert json.loads(json.dumps(data)) == data


def test_a_bad_value_names_its_config_file(tmp_path: Path) -> None:
    """Of several layered files, the message did not say which held the bad value."""
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
    """A frozen config could not be hashed (its weight tables are dicts)."""
    a, b = load_config("lexical"), load_config("lexical")
    changed = a.with_(max_citations=1)
    assert hash(a) == hash(b) and len({a, b, changed}) == 2

    @functools.lru_cache(maxsize=4)
    def name_of(config: citemark.Config) -> str:
        return config.name

    assert name_of(a) == name_of(b) == "lexical" and name_of.cache_info().hits == 1


def test_a_report_says_which_settings_made_it(example: dict[str, Any]) -> None:
    """A ``with_`` copy's report said "lexical" like the preset's: a stored report could
    not tell the settings apart."""
    lexical = load_config("lexical")
    changed = lexical.with_(max_citations=1)
    plain = align(example["answer"], example["sources"], config=lexical).to_dict()
    other = align(example["answer"], example["sources"], config=changed).to_dict()
    assert plain["config"] == other["config"] == "lexical"
    assert plain["config_digest"] == load_config("lexical").digest != other["config_digest"]


def test_spans_are_typed_and_facts_exported() -> None:
    """``Report.spans()`` returned ``list[dict[str, object]]``, so slicing the answer by a
    span needed a cast under ``mypy --strict``; ``Fact`` was not exported."""
    hints = typing.get_type_hints(Report.spans)
    assert hints["return"] == list[SpanDict]
    assert typing.get_type_hints(SpanDict) == {
        "start": int,
        "end": int,
        "ids": list[str],
        "kind": typing.Literal["verbatim", "paraphrase"],
    }
    assert "Fact" in citemark.__all__ and citemark.Fact.__name__ == "Fact"


def test_clear_caches_empties_the_memo_tables_and_changes_nothing(
    example: dict[str, Any],
) -> None:
    """A worker aligning new texts grew about 20 KB a call up to the tables' bounds, with
    no way to empty them."""
    before = align(example["answer"], example["sources"]).to_dict()
    assert unit.cache_info().currsize > 0
    assert default_embedder("static")._cache
    assert citemark.clear_caches() > 10
    assert unit.cache_info().currsize == 0
    assert not default_embedder("static")._cache
    assert align(example["answer"], example["sources"]).to_dict() == before
