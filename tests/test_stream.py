"""The streaming tagger gives exactly what align gives, sentence by sentence, early.

Streams are cut into chunks of random sizes (hypothesis, and a seeded sweep that
includes one character at a time) over texts that stress the segmenter's
look-ahead: abbreviations, list items, newlines, quotes, CJK.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citemark import InputError, SourceIndex, align, load_config
from citemark.config import Config
from citemark.report import SentenceResult
from citemark.stream import Streamer

TEXTS = {
    "lists": (
        "Summary of the lease:\n\n"
        "1. The tenant pays the monthly rent of $2,400 on the first day of each month.\n"
        "2. Late rent costs 5% of the overdue amount.\n"
        "- The deposit comes back within thirty (30) days.\n"
        "(a) Either party may terminate on sixty days' notice.\r\n"
        "That is all.\n"
    ),
    "abbreviations": (
        "Acme Inc. The tenant shall pay rent. See Smith v. Jones, 123 F.3d 456 (9th Cir. 1999). "
        "The U.S. District Court agreed. We sued Acme Inc. Ltd. is the buyer. No. 12 applies. "
        'No. The lease is void. He said "Rent is due." Then he left.[1][2] Next the tenant paid. '
        "Cal. Civ. Code § 1950.5(g)(1) sets 21 calendar days. ACME INC. THE COURT ruled."
    ),
    "no spaces": "租金每月支付。押金三十天内退还。房东必须同意转租。",
    "one sentence, no end": "The tenant may not sublet the premises without consent",
}


@pytest.fixture(scope="module")
def config() -> Config:
    return load_config("default").with_(mode="lexical")


@pytest.fixture(scope="module")
def index(example: dict[str, Any], config: Config) -> SourceIndex:
    return SourceIndex(example["sources"], config)


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


def all_texts(example: dict[str, Any]) -> list[str]:
    return [example["answer"], *TEXTS.values()]


def test_random_chunks_give_exactly_the_sentences_of_align(
    example: dict[str, Any], index: SourceIndex, config: Config
) -> None:
    rng = random.Random(5)
    for text in all_texts(example):
        expected = list(align(text, None, index=index, config=config).sentences)
        assert expected, text
        for _ in range(12):
            sizes = [rng.choice([1, 1, 2, 3, 5, 8, 13, 40]) for _ in range(30)]
            assert stream(text, sizes, index, config) == expected, (text, sizes)
        assert stream(text, [1], index, config) == expected, text


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sizes=st.lists(st.integers(min_value=1, max_value=25), min_size=1, max_size=40))
def test_any_chunking_of_the_example_equals_align(
    sizes: list[int], example: dict[str, Any], index: SourceIndex, config: Config
) -> None:
    text = example["answer"] + "\n" + TEXTS["abbreviations"]
    expected = list(align(text, None, index=index, config=config).sentences)
    assert stream(text, sizes, index, config) == expected


def test_report_after_close_equals_align(
    example: dict[str, Any], index: SourceIndex, config: Config
) -> None:
    text = example["answer"] + "\n\n" + TEXTS["lists"]
    streamer = Streamer(index=index, config=config)
    for word in text.split(" "):
        streamer.feed(word + " ")
    streamer.close()
    full = align(streamer.text, None, index=index, config=config)
    assert streamer.report() == full
    assert streamer.report().to_dict() == full.to_dict()


def test_a_sentence_is_released_once_the_next_one_has_begun(
    example: dict[str, Any], config: Config
) -> None:
    streamer = Streamer(example["sources"], config=config)
    first_end = example["answer"].index(". ") + 1
    assert streamer.feed(example["answer"][:first_end]) == []  # it may still go on
    assert streamer.feed(" Rent") == []  # "Rent" may still be the start of a longer word
    released = streamer.feed(" that")
    assert [r.text for r in released] == [example["answer"][:first_end]]
    assert released[0].status == "supported"
    assert streamer.feed(" is paid late") == []
    held = streamer.close()
    assert [r.text for r in held] == ["Rent that is paid late"]


def test_a_line_break_releases_the_sentence_at_once(config: Config) -> None:
    streamer = Streamer([{"id": "S1", "text": "Rent is due monthly."}], config=config)
    assert [r.text for r in streamer.feed("- Rent is due monthly\n")] == ["- Rent is due monthly"]


def test_offsets_refer_to_the_whole_stream(example: dict[str, Any], config: Config) -> None:
    streamer = Streamer(example["sources"], config=config)
    text = "Intro line.\n" + example["answer"]
    results = [*streamer.feed(text), *streamer.close()]
    assert all(text[r.start : r.end] == r.text for r in results)
    assert results[0].text == "Intro line."


def test_misuse_is_refused_clearly(example: dict[str, Any], index: SourceIndex) -> None:
    with pytest.raises(InputError, match="sources or a prepared index"):
        Streamer()
    with pytest.raises(InputError, match="not both"):
        Streamer(example["sources"], index=index)
    streamer = Streamer(index=index)
    assert streamer.config is index.config
    with pytest.raises(InputError, match="chunk must be str"):
        streamer.feed(b"bytes")  # type: ignore[arg-type]
    assert streamer.feed("") == []
    streamer.feed("Some text.")
    assert len(streamer.close()) == 1
    assert streamer.close() == []
    with pytest.raises(InputError, match="closed"):
        streamer.feed("more")
