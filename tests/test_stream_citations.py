"""A streamed answer's citation markers are read as ``align`` reads them.

A marker after a full stop cites the sentence before it, on the same line or at the
head of the next, so the streamer must neither release a sentence before its markers
have come nor give those markers to the next sentence. Every chunking, one character
at a time included, must give exactly ``align``'s sentences, citations and all.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citemark import SourceIndex, align, load_config
from citemark.config import Config
from citemark.report import SentenceResult
from citemark.stream import Streamer

TENANCY = [
    {"id": "S1", "text": "The tenant may sue within one year after the tenancy ends."},
    {"id": "S2", "text": "The landlord must return the deposit within 21 days."},
    {"id": "S3", "text": "Rent is due on the first day of each month."},
]

MARKED = {
    "after the stop, same line": (
        "The tenant may sue within one year. [1] The landlord must return the deposit "
        "in 21 days. [1] Rent is due on the first day of each month. [3]"
    ),
    "glued and runs": (
        "The tenant may sue within one year.[1][2] The landlord must return the deposit "
        "within 21 days.[2] Rent is due on the first of each month [3]."
    ),
    "at the head of the next line": (
        "The tenant may sue within one year.\n[1] The landlord must return the deposit "
        "within 21 days.\n[S2]\nRent is due on the first day of each month.\n"
    ),
    "opening a paragraph": (
        "Summary\n[2] The landlord must return the deposit within 21 days.\n\n"
        "[1] The tenant may sue within one year. Rent is due monthly.^3 The end."
    ),
    "unknown and prose brackets": (
        "The tenant [sic] may sue within one year. [7] The landlord must return the "
        "deposit. [S9] Rent is due on the first day of each month. 【3】 Done [2]."
    ),
    "a heading after a marker": (
        "The tenant may sue within one year.\n[1] Landlord Pays Water\nRent is due monthly."
    ),
    # a quoted passage keeps its own footnotes; one closing later on the line makes a
    # marker read so far part of the quotation
    "inside a quotation": (
        'He wrote "Rent is due. The tenant may sue.[1] Then he left." Rent is due. [3] '
        'A "b" c. "The landlord must return the deposit. [2] Then" it ends. [2] Done.'
    ),
    "a bracket glued to a stop": "He left.[x y. z] The tenant may sue. [1] Then more.",
}


@pytest.fixture(scope="module")
def config() -> Config:
    return load_config("default").with_(mode="lexical")


@pytest.fixture(scope="module")
def index(config: Config) -> SourceIndex:
    return SourceIndex(TENANCY, config)


def stream(text: str, sizes: list[int], index: SourceIndex, config: Config) -> list[SentenceResult]:
    """Feed ``text`` in chunks of ``sizes`` (cycled), then close; every result, in order."""
    streamer = Streamer(index=index, config=config)
    results: list[SentenceResult] = []
    position, n = 0, 0
    while position < len(text):
        size = sizes[n % len(sizes)]
        results += streamer.feed(text[position : position + size])
        position, n = position + size, n + 1
    results += streamer.close()
    return results


@pytest.mark.parametrize("name", MARKED)
def test_streamed_markers_cite_the_sentences_align_gives_them(
    name: str, index: SourceIndex, config: Config
) -> None:
    text = MARKED[name]
    expected = list(align(text, None, index=index, config=config).sentences)
    assert any(s.cited for s in expected), name
    assert stream(text, [1], index, config) == expected
    rng = random.Random(name)
    for _ in range(10):
        sizes = [rng.choice([1, 2, 3, 5, 8, 13, 40]) for _ in range(20)]
        assert stream(text, sizes, index, config) == expected, sizes


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sizes=st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=30))
def test_any_chunking_of_a_cited_answer_equals_align(
    sizes: list[int], index: SourceIndex, config: Config
) -> None:
    text = "\n".join(MARKED.values())
    expected = list(align(text, None, index=index, config=config).sentences)
    assert stream(text, sizes, index, config) == expected


def test_a_marker_after_the_stop_is_the_sentence_before_s_and_not_in_the_next(
    index: SourceIndex, config: Config
) -> None:
    text = MARKED["after the stop, same line"]
    results = stream(text, [4], index, config)
    first, second, third = results
    assert first.text == "The tenant may sue within one year."
    assert [(c.source_id, text[c.start : c.end]) for c in first.cited] == [("S1", "[1]")]
    assert first.citation_status == "correct"
    assert second.text.startswith("The landlord") and second.text.endswith("21 days.")
    assert second.citation_status == "miscited" and second.suggested == ("S2",)
    assert [c.source_id for c in third.cited] == ["S3"]


def test_a_sentence_ending_a_line_waits_for_a_marker_on_the_next(
    index: SourceIndex, config: Config
) -> None:
    streamer = Streamer(index=index, config=config)
    assert streamer.feed("The tenant may sue within one year.\n") == []  # "[1]" may follow
    assert streamer.feed("[") == []  # the head of a marker
    released = streamer.feed("1] The")
    assert [r.text for r in released] == ["The tenant may sue within one year."]
    assert [c.source_id for c in released[0].cited] == ["S1"]
    # a bracket that closes as prose releases it too, with no marker
    streamer = Streamer(index=index, config=config)
    assert streamer.feed("Rent is due monthly.\n[sic") == []
    released = streamer.feed("] the rest")
    assert [(r.text, r.cited) for r in released] == [("Rent is due monthly.", ())]


def test_a_marker_ending_the_stream_cites_the_last_sentence_as_in_align(
    index: SourceIndex, config: Config
) -> None:
    """After a heading or a blank line a marker cites the sentence it opens; with no
    sentence after it, the one before, as ``align`` reads the whole answer."""
    for text in ("Deposit rules\n[2]", "Rent is due monthly.\n\n[3]\n"):
        streamer = Streamer(index=index, config=config)
        assert streamer.feed(text) == []
        (last,) = streamer.close()
        assert last.cited and last.cited == align(text, TENANCY, config=config).sentences[0].cited


def test_streamed_citation_offsets_index_the_whole_stream(
    index: SourceIndex, config: Config
) -> None:
    text = "Intro line.\n" + MARKED["at the head of the next line"]
    streamer = Streamer(index=index, config=config)
    for n in range(0, len(text), 6):
        streamer.feed(text[n : n + 6])
    streamer.close()
    cited = [(c.source_id, text[c.start : c.end]) for r in streamer.results for c in r.cited]
    assert cited == [("S1", "[1]"), ("S2", "[S2]")]
    report = streamer.report()
    assert report.to_dict() == align(text, None, index=index, config=config).to_dict()
    assert report.citation_metrics().citations == 2


def test_the_lease_example_with_markers_streams_as_align_gives_it(
    example: dict[str, Any], config: Config
) -> None:
    index = SourceIndex(example["sources"], config)
    sentences = example["answer"].split(". ")
    text = ". [1] ".join(sentences[:3]) + ".[3]\n" + ". ".join(sentences[3:])
    expected = list(align(text, None, index=index, config=config).sentences)
    assert sum(bool(s.cited) for s in expected) == 3
    assert stream(text, [1], index, config) == expected
    assert stream(text, [9, 2, 17], index, config) == expected
