"""Defects found at stop 41 (a fifth new user's trial, and what the fourth left).

Each test fails on the code before its fix (729471f) unless marked as a guard.
"""

from __future__ import annotations

from typing import Any

import pytest

from citemark import ConfigError, InputError, align, load_config

LEXICAL = load_config("lexical")


def test_a_plain_string_source_whose_id_is_taken_is_named_as_such() -> None:
    """A plain string takes the id S<n>; where a dict source already had it, the
    message spoke of overlapping chunks of one document, which the list has none of."""
    with pytest.raises(InputError, match=r"source 0 is a plain string .* 'S1', which source 1"):
        align("Rent is due.", ["Rent is due.", {"id": "S1", "text": "Pets are allowed."}])
    # Guard: plain strings beside ids of another shape, or alone, are fine.
    assert align("Rent is due.", ["Rent is due.", {"id": "S3", "text": "x"}], config=LEXICAL)
    assert align("Rent is due.", ["Rent is due.", "Pets are allowed."], config=LEXICAL)


@pytest.mark.parametrize("config", [3, 0.5, {"mode": "lexical"}, ["lexical"]])
def test_a_config_of_the_wrong_type_is_named_by_its_type(config: Any) -> None:
    """config=3 was read as a preset called '3' ("unknown preset '3'")."""
    with pytest.raises(ConfigError, match=f"config must be .* got {type(config).__name__}"):
        align("Rent is due.", [{"id": "S1", "text": "Rent is due."}], config=config)


def test_a_mapping_config_is_told_how_to_give_its_settings() -> None:
    with pytest.raises(ConfigError, match=r"with_\(\*\*settings\)"):
        load_config({"mode": "lexical"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ({"id": "S1", "text": None}, "'text' is None"),
        ({"id": "S1"}, "'text' is missing"),
        ({"id": "S1", "page_content": None}, "'page_content' is None"),
    ],
)
def test_a_text_of_none_is_not_called_missing(source: dict[str, Any], message: str) -> None:
    """``text: None`` was reported as "missing 'text'", sending the reader to look for
    a key that is there."""
    with pytest.raises(InputError, match=f"source 0: {message}"):
        align("Rent is due.", [source])


def test_a_quote_of_a_templated_clause_cites_a_few_places_spread_over_the_sources() -> None:
    """A sentence quoting a clause that a templated contract repeats drew a verbatim
    citation of every repetition (hundreds); it now cites ``max_citations`` of them,
    one per source first, while the report's blocks keep every occurrence."""
    clause = "The Company shall indemnify the Distributor against all claims."
    sources = [
        {"id": f"C{n:02d}", "text": f"{clause} Section {n}. Other terms apply. {clause}"}
        for n in range(50)
    ]
    report = align(clause + " Rent is due monthly.", sources, config=LEXICAL)
    sentence = report.sentences[0]
    quotes = [c for c in sentence.citations if c.kind == "verbatim"]
    assert len(quotes) == LEXICAL.max_citations
    assert [c.source_id for c in quotes] == ["C00", "C01", "C02"]  # spread, in source order
    assert all(c.evidence == clause[:-1] and c.source_start == 0 for c in quotes)
    assert sum(len(b.matches) for b in report.blocks) == 100  # every occurrence, still


def test_each_quote_of_a_sentence_keeps_its_places() -> None:
    """Guard: the cap is per quoted text; two quotes from two places each are all kept."""
    sources = [
        {"id": "A", "text": "The tenant shall pay rent monthly. Pets are welcome here."},
        {"id": "B", "text": "Pets are welcome here. The tenant shall pay rent monthly."},
    ]
    answer = "The tenant shall pay rent monthly, and pets are welcome here."
    quotes = [c for c in align(answer, sources, config=LEXICAL).sentences[0].citations]
    assert sorted((c.source_id, c.evidence) for c in quotes if c.kind == "verbatim") == [
        ("A", "Pets are welcome here"),
        ("A", "The tenant shall pay rent monthly"),
        ("B", "Pets are welcome here"),
        ("B", "The tenant shall pay rent monthly"),
    ]
