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
    # a fragment is a heading only alone on its line: the line around a sentence counts
    "fragments": (
        "The rent is due monthly. Landlord Pays Water\nPets are \nSmoking Policy\n"
        "Late Fees   The deposit is two months' rent.  \n  Parking Rules\nThe end. Pets"
    ),
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


def test_a_line_break_then_the_next_line_s_first_character_releases_the_sentence(
    config: Config,
) -> None:
    """A line break ends the sentence, but a marker at the head of the next line may
    still cite it (and one at the answer's end does): its first character decides."""
    streamer = Streamer([{"id": "S1", "text": "Rent is due monthly."}], config=config)
    assert streamer.feed("- Rent is due monthly\n") == []
    assert [r.text for r in streamer.feed("P")] == ["- Rent is due monthly"]


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


def test_every_offset_of_a_result_is_moved_to_the_whole_stream(
    example: dict[str, Any], index: SourceIndex
) -> None:
    """Released sentences are aligned as a text of their own and moved into place: each
    kind of answer offset (conflicts, missing facts, unsupported words, quotes) must be
    moved, which the default preset on the example gives all of, past offset 0."""
    default = load_config("default")
    text = "Intro line.\n" + example["answer"] + " The tenant has two years to sue."
    expected = align(text, None, index=SourceIndex(example["sources"], default), config=default)
    results = stream(text, [7, 3, 11], SourceIndex(example["sources"], default), default)
    assert results == list(expected.sentences)
    late = [r for r in results if r.start > 0]
    assert any(r.conflicts for r in late) and any(r.missing_facts for r in late)
    assert any(r.unsupported_spans for r in late)
    streamer = Streamer(example["sources"], config=default)
    for n in range(0, len(text), 9):
        streamer.feed(text[n : n + 9])
    streamer.close()
    assert streamer.report().to_dict() == expected.to_dict()
    assert expected.blocks and streamer.report().blocks == expected.blocks


class _Counted:
    """A stand-in for a function of the streamer that counts the characters it is given."""

    def __init__(self, function: Any) -> None:
        self.function, self.chars = function, 0

    def __call__(self, text: str, *args: Any, **kwargs: Any) -> Any:
        self.chars += len(text)
        return self.function(text, *args, **kwargs)


LONG_STREAMS = {
    "many short sentences": "The tenant shall pay rent monthly to the landlord. " * 1_000,
    "one sentence, no terminator": "the tenant shall pay rent to the landlord and " * 1_000,
    "one sentence, many abbreviations": (
        "the tenant under 42 U.S.C. § 1983 and Cal. Civ. Code § 1950.5 shall pay 8.5 "
        "percent of rent and " * 100
    ),
    "no spaces": "租金每月支付。押金三十天内退还。房东必须同意转租。" * 400,
}


@pytest.mark.parametrize("name", LONG_STREAMS)
def test_a_long_stream_reads_each_character_a_bounded_number_of_times(
    name: str, index: SourceIndex, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream re-read what it had released on every chunk (the aligned window was the
    whole text so far, spaces standing for the released part), re-segmented a long
    pending sentence on every chunk, and searched the current line for breaks from its
    start: 200,000 characters in 20-character chunks took 17 s, one 130,000-character
    sentence 38 s. Counted, not timed: the characters handed to the segmenter and to
    align stay a small multiple of the stream's length."""
    from citemark import stream as stream_module

    text = LONG_STREAMS[name]
    segmenter = _Counted(stream_module.segment)
    aligner = _Counted(stream_module.align)
    monkeypatch.setattr(stream_module, "segment", segmenter)
    monkeypatch.setattr(stream_module, "align", aligner)
    results = stream(text, [20], index, config)
    assert aligner.chars <= 2 * len(text)
    assert segmenter.chars <= 12 * len(text)
    assert results == list(align(text, None, index=index, config=config).sentences)


def test_a_sentence_longer_than_a_segmenter_piece_streams_as_align_gives_it(
    index: SourceIndex, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the segmenter's piece length a line is cut through windows, which the fast
    path for an unbroken sentence must not skip (the piece length made small here)."""
    from citemark import segment as segment_module
    from citemark import stream as stream_module

    monkeypatch.setattr(segment_module, "MAX_PIECE_CHARS", 300)
    monkeypatch.setattr(stream_module, "MAX_PIECE_CHARS", 300)
    text = "the tenant shall pay rent to the landlord and " * 40 + "so on. Then more."
    expected = list(align(text, None, index=index, config=config).sentences)
    assert len(expected) > 2  # cut, as the segmenter cuts such a line
    assert stream(text, [20], index, config) == expected
    assert stream(text, [1, 7], index, config) == expected


def test_the_module_example_runs_as_written() -> None:
    """The docstring's example gives ['unsupported'], as it says: "Pets are" is aligned
    with the sentence before it on its line, not alone (which gives ['no_claim'])."""
    import doctest

    from citemark import stream as stream_module

    assert doctest.testmod(stream_module).failed == 0


LEXICAL = load_config("lexical")


def test_a_stream_line_with_a_lone_surrogate_is_named_as_align_names_it() -> None:
    """'{"text": "\\ud83d"}' is named a lone surrogate, as /v1/align names it, not "the
    body is not valid JSON: unexpected end of hex escape"."""
    from citemark.server.streaming import _chunk
    from citemark.stream import Streamer

    chunk = _chunk(b'{"text": "ok \\ud83d"}', 2)
    with pytest.raises(InputError, match=r"lone surrogate \(U\+D83D\) at offset 3"):
        Streamer([{"id": "a", "text": "x"}], config=LEXICAL).feed(chunk.text)
    with pytest.raises(InputError, match="line 3: text: Input should be a valid string"):
        _chunk(b'{"text": 5}', 3)
