"""Reading the citations an answer carries: inline markers and structured API citations.

Every record's offsets must slice its own marker (or cited span) out of the answer,
bracketed prose must stay prose, and an answer without markers must cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark.errors import InputError
from citemark.markers import (
    CitedSpan,
    Marker,
    assign_markers,
    claim_text_mask,
    read_markers,
    read_structured,
    split_after_markers,
)

IDS = ("S1", "S2", "S3")
LEASE = "The deposit is returned within 21 days after the tenancy ends."
NOTICE = "The landlord must give 30 days notice."
SOURCES = (("lease", LEASE), ("notice", NOTICE))


def _read(
    answer: str, ids: tuple[str, ...] = IDS
) -> list[tuple[str, tuple[str, ...], tuple[str, ...], str]]:
    """Each marker as (its text, the sources it names, the labels naming none, style)."""
    return [
        (answer[m.start : m.end], m.source_ids, m.unknown, m.style)
        for m in read_markers(answer, ids)
    ]


# --- every marker style --------------------------------------------------------------


def test_a_number_is_a_one_based_position_in_the_sources() -> None:
    assert _read("It ends [1]. It starts [3].") == [
        ("[1]", ("S1",), (), "numeric"),
        ("[3]", ("S3",), (), "numeric"),
    ]


def test_a_list_of_numbers_is_one_marker_with_each_source() -> None:
    assert _read("It ends [1, 3].") == [("[1, 3]", ("S1", "S3"), (), "numeric")]
    assert _read("It ends [1;2].") == [("[1;2]", ("S1", "S2"), (), "numeric")]


def test_adjacent_brackets_are_one_marker_each() -> None:
    assert _read("It ends.[1][3]") == [
        ("[1]", ("S1",), (), "numeric"),
        ("[3]", ("S3",), (), "numeric"),
    ]


def test_a_range_names_every_source_in_it() -> None:
    assert _read("It ends [1-3].") == [("[1-3]", IDS, (), "numeric")]
    assert _read("It ends [2–3].") == [("[2–3]", ("S2", "S3"), (), "numeric")]


def test_a_given_id_in_brackets_names_that_source_spaces_and_all() -> None:
    ids = ("Civ. Code § 1950.5", "Smith v. Jones, 2001", "S2")
    assert _read("It ends [Civ. Code § 1950.5].", ids) == [
        ("[Civ. Code § 1950.5]", ("Civ. Code § 1950.5",), (), "id")
    ]
    # an id holding a comma is read whole before the brackets are split at commas
    assert _read("It ends [Smith v. Jones, 2001].", ids) == [
        ("[Smith v. Jones, 2001]", ("Smith v. Jones, 2001",), (), "id")
    ]
    assert _read("It ends [S2, Civ. Code § 1950.5].", ids) == [
        ("[S2, Civ. Code § 1950.5]", ("S2", "Civ. Code § 1950.5"), (), "id")
    ]


def test_an_id_that_is_a_number_wins_over_the_position() -> None:
    ids = ("7", "2", "9")
    assert _read("It ends [2].", ids) == [("[2]", ("2",), (), "id")]
    # a number that is no id is still a position
    assert _read("It ends [3].", ids) == [("[3]", ("9",), (), "numeric")]


def test_footnote_styles() -> None:
    assert _read("It ends.^1 Next.") == [("^1", ("S1",), (), "caret")]
    assert _read("The tenant^2,3 pays.") == [("^2,3", ("S2", "S3"), (), "caret")]
    assert _read("It ends.[^2]") == [("[^2]", ("S2",), (), "caret")]
    assert _read("It ends.【1】") == [("【1】", ("S1",), (), "lenticular")]
    assert _read("It ends.【4:0†S3】") == [("【4:0†S3】", ("S3",), (), "lenticular")]


def test_a_caret_that_is_a_power_or_stands_alone_is_no_marker() -> None:
    assert _read("A fine of 10^6 dollars, or 2 ^ 3, or x ^2 apply.") == []
    assert _read("The tenant^2x is a typo.") == []


# --- markers naming no given source --------------------------------------------------


def test_numbers_out_of_range_are_reported_as_unknown() -> None:
    assert _read("It ends [7].") == [("[7]", (), ("7",), "numeric")]
    assert _read("It ends [0].") == [("[0]", (), ("0",), "numeric")]
    assert _read("It ends [2, 9].") == [("[2, 9]", ("S2",), ("9",), "numeric")]
    assert _read("It ends [2-5].") == [("[2-5]", ("S2", "S3"), ("4-5",), "numeric")]
    assert _read("It ends [2-4].") == [("[2-4]", ("S2", "S3"), ("4",), "numeric")]
    assert _read("It ends [3-1].") == [("[3-1]", (), ("3-1",), "numeric")]


def test_a_label_shaped_like_the_given_ids_is_an_unknown_marker() -> None:
    assert _read("It ends [S9].") == [("[S9]", (), ("S9",), "id")]
    assert _read("It ends [S1, S9].") == [("[S1, S9]", ("S1",), ("S9",), "id")]


def test_footnote_brackets_are_markers_whatever_they_hold() -> None:
    assert _read("It ends.[^note]") == [("[^note]", (), ("note",), "caret")]
    assert _read("It ends.【4:0†manual.pdf】") == [
        ("【4:0†manual.pdf】", (), ("manual.pdf",), "lenticular")
    ]
    assert _read("It ends.^9") == [("^9", (), ("9",), "caret")]


def test_an_answer_citing_sources_when_none_are_given() -> None:
    assert _read("It ends [1].", ()) == [("[1]", (), ("1",), "numeric")]


# --- bracketed prose stays prose -----------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        "[N]othing in the lease says so.",
        "The court wrote it was 'unlawfull [sic]'.",
        "The [Tenant] shall pay rent.",
        "[T]he landlord shall return the deposit.",
        "See [2023] UKSC 1 and [1990] 1 AC 1.",
        "A list [a, b] or an empty one [] or [ ] or [1,,2].",
        "Open [1 and never closed\n] here.",
        "arr[i] = x",
    ],
)
def test_bracketed_prose_is_no_marker(answer: str) -> None:
    assert read_markers(answer, IDS) == ()


def test_a_year_in_brackets_is_prose_even_when_the_ids_are_numbers() -> None:
    assert _read("See [2023] UKSC 1.", ("1", "2")) == []


def test_a_markdown_reference_definition_is_no_marker() -> None:
    answer = "It ends [1].\n\n[1]: https://example.org/lease"
    assert _read(answer) == [("[1]", ("S1",), (), "numeric")]
    footnotes = "It ends.[^2]\n[^2]: The notice clause."
    assert _read(footnotes) == [("[^2]", ("S2",), (), "caret")]


# --- quoted passages -----------------------------------------------------------------


def test_a_marker_inside_a_quoted_passage_is_the_quotes_own() -> None:
    answer = 'The court held that "the deposit is returned [3] in full." [1]'
    assert _read(answer) == [("[1]", ("S1",), (), "numeric")]
    curly = "The court held that “the deposit is returned.[2]” [^1]"
    assert _read(curly) == [("[^1]", ("S1",), (), "caret")]
    guillemets = "La cour a dit « le dépôt est rendu [2] » [1]"
    assert _read(guillemets) == [("[1]", ("S1",), (), "numeric")]


def test_a_marker_after_the_closing_quote_counts() -> None:
    answer = 'The lease says "21 days."[2] and "30 days" [1, 2].'
    assert _read(answer) == [
        ("[2]", ("S2",), (), "numeric"),
        ("[1, 2]", ("S1", "S2"), (), "numeric"),
    ]


def test_quotes_on_other_lines_do_not_hide_a_marker() -> None:
    answer = 'He said "yes\nIt ends [1]. "no" was the reply.'
    assert _read(answer) == [("[1]", ("S1",), (), "numeric")]


# --- marker text out of the claim ----------------------------------------------------


def test_the_mask_blanks_marker_text_and_keeps_every_offset() -> None:
    answer = "It ends.[1][3] Next [S2]."
    markers = read_markers(answer, IDS)
    masked = claim_text_mask(answer, markers)
    assert len(masked) == len(answer)
    assert masked == "It ends." + " " * 7 + "Next" + " " * 5 + "."
    assert claim_text_mask(answer, ()) is answer


def test_the_mask_tolerates_overlapping_records() -> None:
    answer = "It ends [1]."
    overlapping = (Marker(8, 11, ("S1",)), Marker(9, 10, ("S1",)))
    assert claim_text_mask(answer, overlapping) == "It ends    ."


# --- which sentence a marker cites ---------------------------------------------------


def _sentences(answer: str, parts: list[str]) -> list[tuple[int, int]]:
    out, position = [], 0
    for part in parts:
        start = answer.index(part, position)
        out.append((start, start + len(part)))
        position = start + len(part)
    return out


def _assigned(answer: str, parts: list[str]) -> list[list[str]]:
    markers = read_markers(answer, IDS)
    found = assign_markers(markers, _sentences(answer, parts), answer)
    return [[answer[m.start : m.end] for m in group] for group in found]


def test_a_marker_after_the_full_stop_cites_the_sentence_before() -> None:
    answer = "The deposit is returned after the tenancy ends. [1] The landlord may deduct [2]."
    parts = ["The deposit is returned after the tenancy ends.", "[1] The landlord may deduct [2]."]
    assert _assigned(answer, parts) == [["[1]"], ["[2]"]]


def test_markers_between_sentences_cite_the_one_before() -> None:
    answer = "It ends. [1][2] It starts [3]."
    assert _assigned(answer, ["It ends.", "It starts [3]."]) == [["[1]", "[2]"], ["[3]"]]


def test_a_marker_after_a_blank_line_cites_what_follows() -> None:
    answer = "It ends.\n\n[2] It starts."
    assert _assigned(answer, ["It ends.", "[2] It starts."]) == [[], ["[2]"]]
    assert _assigned(answer, ["It ends.", "It starts."]) == [[], ["[2]"]]


def test_a_leading_marker_of_the_first_sentence_is_its_own() -> None:
    answer = "[1] It ends. It starts."
    assert _assigned(answer, ["[1] It ends.", "It starts."]) == [["[1]"], []]
    assert _assigned(answer, ["It ends.", "It starts."]) == [["[1]"], []]


def test_a_marker_after_a_heading_cites_the_sentence_it_opens() -> None:
    answer = "Summary\n[1] The deposit comes back. It ends."
    parts = ["Summary", "[1] The deposit comes back.", "It ends."]
    assert _assigned(answer, parts) == [[], ["[1]"], []]
    assert _assigned(answer, ["Summary", "The deposit comes back.", "It ends."]) == [
        [],
        ["[1]"],
        [],
    ]


def test_a_marker_glued_to_a_sentence_end_cites_it() -> None:
    answer = "It ends[1] It starts."
    assert _assigned(answer, ["It ends", "[1] It starts."]) == [["[1]"], []]
    assert _assigned(answer, ["It ends", "It starts."]) == [["[1]"], []]


def test_a_marker_after_the_last_sentence_cites_it() -> None:
    answer = "It ends.\n\n[1]"
    assert _assigned(answer, ["It ends."]) == [["[1]"]]


def test_a_sentence_without_markers_gets_none() -> None:
    answer = "It ends. It starts."
    assert _assigned(answer, ["It ends.", "It starts."]) == [[], []]
    assert assign_markers((), [], answer) == []


def test_the_segmenter_sentence_after_a_marker_is_cut_there() -> None:
    from citemark.segment import segment

    answer = (
        "The deposit is returned after the tenancy ends. [1] The landlord may deduct damage [2]."
    )
    sentences = [(s.start, s.end) for s in segment(answer)]
    markers = read_markers(answer, IDS)
    cut = split_after_markers(sentences, markers, answer)
    assert [answer[a:b] for a, b in cut] == [
        "The deposit is returned after the tenancy ends. [1]",
        "The landlord may deduct damage [2].",
    ]
    found = assign_markers(markers, cut, answer)
    assert [[answer[m.start : m.end] for m in group] for group in found] == [["[1]"], ["[2]"]]


def test_a_cut_keeps_adjacent_markers_and_closing_quotes_together() -> None:
    answer = 'He said "it ends." [1][2] Then it starts.'
    cut = split_after_markers([(0, len(answer))], read_markers(answer, IDS), answer)
    assert [answer[a:b] for a, b in cut] == ['He said "it ends." [1][2]', "Then it starts."]


def test_no_cut_without_a_stop_before_or_a_sentence_after() -> None:
    for answer in ("It ends [1] and starts.", "It ends. [1] and starts.", "It ends [1]. Next."):
        cut = split_after_markers([(0, len(answer))], read_markers(answer, IDS), answer)
        assert cut == [(0, len(answer))]
    assert split_after_markers([(0, 3)], (), "abc") == [(0, 3)]


# --- properties ----------------------------------------------------------------------

PROSE = st.text(
    alphabet=st.characters(blacklist_characters="[^【", blacklist_categories=["Cs"]), max_size=300
)
MARKED = st.lists(
    st.sampled_from(
        [
            "[",
            "]",
            "^",
            "【",
            "】",
            "1",
            "3",
            "12",
            ",",
            "-",
            " ",
            "S2",
            "a",
            ".",
            '"',
            "“",
            "”",
            "\n",
            ":",
            "†",
        ]
    ),
    max_size=60,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(PROSE)
def test_text_without_an_opener_has_no_marker(answer: str) -> None:
    assert read_markers(answer, IDS) == ()


@settings(max_examples=500, deadline=None)
@given(MARKED)
def test_every_marker_slices_its_own_text(answer: str) -> None:
    markers = read_markers(answer, IDS)
    previous_end = 0
    for marker in markers:
        text = answer[marker.start : marker.end]
        assert text.startswith(("[", "^", "【"))
        assert text.endswith(("]", "】")) or text[-1].isdigit()
        assert marker.start >= previous_end  # in order, never overlapping
        previous_end = marker.end
        assert set(marker.source_ids) <= set(IDS)
        assert marker.source_ids or marker.unknown
    masked = claim_text_mask(answer, markers)
    assert len(masked) == len(answer)
    assert not any(masked[m.start : m.end].strip() for m in markers)


@settings(max_examples=200, deadline=None)
@given(MARKED, st.lists(st.integers(0, 60), max_size=8))
def test_every_marker_lands_in_exactly_one_sentence(answer: str, cuts: list[int]) -> None:
    bounds = sorted({0, len(answer), *(min(c, len(answer)) for c in cuts)})
    sentences = [(a, b) for a, b in pairwise(bounds) if b > a]
    markers = read_markers(answer, IDS)
    found = assign_markers(markers, sentences, answer)
    assert len(found) == len(sentences)
    if sentences:
        assert sorted(m.start for group in found for m in group) == [m.start for m in markers]


def test_a_long_answer_without_an_opener_holds_no_marker() -> None:
    # Prose with no "[", "^" or "【" is answered by the opener test alone; its cost is
    # measured in benchmarks/, not here.
    answer = (LEASE + " " + NOTICE + " ") * 2000  # about 200 kB of prose
    assert "[" not in answer and "^" not in answer and "【" not in answer
    assert read_markers(answer, IDS) == ()


# --- structured citations ------------------------------------------------------------

ANSWER = "The deposit comes back within 21 days. Notice is 30 days."
FIRST = (0, 38)  # "The deposit comes back within 21 days."
SECOND = (39, len(ANSWER))  # "Notice is 30 days."


def _slices(spans: tuple[CitedSpan, ...], answer: str = ANSWER) -> list[tuple[str, str, bool]]:
    return [(answer[s.start : s.end], s.source_id, s.known) for s in spans]


def test_cohere_v2_citations_with_sources() -> None:
    citations = [
        {
            "start": 30,
            "end": 37,
            "text": "21 days",
            "sources": [{"type": "document", "id": "lease", "document": {"snippet": LEASE}}],
            "type": "TEXT_CONTENT",
        },
        {
            "start": 49,
            "end": 56,
            "text": "30 days",
            "sources": [{"type": "document", "id": "doc:1"}],
        },
    ]
    spans = read_structured(citations, ANSWER, SOURCES)
    assert _slices(spans) == [("21 days", "lease", True), ("30 days", "notice", True)]
    assert all(s.shape == "cohere" and s.cited_text_matches is None for s in spans)
    # the same citations inside a response and its message
    message = {"content": [{"type": "text", "text": ANSWER}], "citations": citations}
    assert read_structured({"message": message}, ANSWER, SOURCES) == spans


def test_cohere_v1_citations_with_document_ids() -> None:
    citations = [
        {"start": 30, "end": 37, "text": "21 days", "document_ids": ["lease", "doc_1"]},
        {"start": 49, "end": 56, "document_ids": ["web-7"]},
    ]
    spans = read_structured({"text": ANSWER, "citations": citations}, ANSWER, SOURCES)
    assert _slices(spans) == [
        ("21 days", "lease", True),
        ("21 days", "notice", True),
        ("30 days", "web-7", False),
    ]


def _anthropic_blocks(cited_text: str = "within 21 days", start: int = 24) -> list[dict[str, Any]]:
    return [
        {
            "type": "text",
            "text": ANSWER[: FIRST[1]],
            "citations": [
                {
                    "type": "char_location",
                    "document_index": 0,
                    "document_title": "Lease",
                    "start_char_index": start,
                    "end_char_index": start + len("within 21 days"),
                    "cited_text": cited_text,
                }
            ],
        },
        {"type": "text", "text": " ", "citations": None},
        {
            "type": "text",
            "text": ANSWER[SECOND[0] :],
            "citations": [{"type": "page_location", "document_index": 1, "start_page_number": 1}],
        },
    ]


def test_anthropic_content_blocks_cite_their_block() -> None:
    assert LEASE[24:38] == "within 21 days"
    spans = read_structured(_anthropic_blocks(), ANSWER, SOURCES)
    assert _slices(spans) == [
        (ANSWER[slice(*FIRST)], "lease", True),
        (ANSWER[slice(*SECOND)], "notice", True),
    ]
    first, second = spans
    assert (first.source_start, first.source_end, first.cited_text) == (24, 38, "within 21 days")
    assert first.cited_text_matches is True
    assert LEASE[first.source_start : first.source_end] == first.cited_text
    assert second.cited_text_matches is None and second.source_start is None
    assert {s.shape for s in spans} == {"anthropic"}
    # the message the blocks came in reads the same
    message = {"role": "assistant", "content": _anthropic_blocks()}
    assert read_structured(message, ANSWER, SOURCES) == spans


def test_an_anthropic_cited_text_the_document_does_not_hold_is_flagged() -> None:
    (wrong, _) = read_structured(_anthropic_blocks(cited_text="within 14 days"), ANSWER, SOURCES)
    assert wrong.cited_text_matches is False
    (shifted, _) = read_structured(_anthropic_blocks(start=20), ANSWER, SOURCES)
    assert shifted.cited_text_matches is False
    (past_end, _) = read_structured(_anthropic_blocks(start=len(LEASE)), ANSWER, SOURCES)
    assert past_end.cited_text_matches is False


def test_anthropic_blocks_that_are_not_text_are_skipped() -> None:
    blocks = [{"type": "thinking", "thinking": "..."}, *_anthropic_blocks()]
    assert len(read_structured(blocks, ANSWER, SOURCES)) == 2


def test_openai_chat_completions_annotations() -> None:
    answer = "The deposit comes back within 21 days ([lease](https://ex.org/lease))."
    start = answer.index("[lease]")
    end = answer.index(")") + 1
    message = {
        "role": "assistant",
        "content": answer,
        "annotations": [
            {
                "type": "url_citation",
                "url_citation": {
                    "start_index": start,
                    "end_index": end,
                    "url": "https://ex.org/lease",
                    "title": "Lease",
                },
            }
        ],
    }
    sources = (("https://ex.org/lease", LEASE),)
    spans = read_structured({"message": message}, answer, sources)
    assert _slices(spans, answer) == [
        ("[lease](https://ex.org/lease)", "https://ex.org/lease", True)
    ]
    assert spans[0].shape == "openai"


def test_openai_responses_output_text_annotations_are_offsets_into_their_part() -> None:
    first, second = ANSWER[: SECOND[0]], ANSWER[SECOND[0] :]
    response = {
        "output": [
            {"type": "web_search_call", "id": "ws_1", "status": "completed"},
            {
                "type": "message",
                "content": [
                    {"type": "output_text", "text": first, "annotations": []},
                    {
                        "type": "output_text",
                        "text": second,
                        "annotations": [
                            {
                                "type": "file_citation",
                                "start_index": 10,
                                "end_index": 17,
                                "file_id": "file-abc",
                                "filename": "notice",
                            },
                            {
                                "type": "url_citation",
                                "start_index": 0,
                                "end_index": 6,
                                "url": "https://ex.org/elsewhere",
                                "title": "Elsewhere",
                            },
                        ],
                    },
                ],
            },
        ]
    }
    spans = read_structured(response, ANSWER, SOURCES)
    assert _slices(spans) == [
        ("30 days", "notice", True),
        ("Notice", "https://ex.org/elsewhere", False),
    ]


def test_openai_assistants_annotation_slices_its_marker() -> None:
    answer = "Notice is 30 days.【4:0†notice】"
    start = answer.index("【")
    annotation = {
        "type": "file_citation",
        "text": "【4:0†notice】",
        "start_index": start,
        "end_index": len(answer),
        "file_citation": {"file_id": "notice"},
    }
    spans = read_structured([annotation], answer, SOURCES)
    assert _slices(spans, answer) == [("【4:0†notice】", "notice", True)]
    # the inline reader reads the same marker off the text
    (marker,) = read_markers(answer, [sid for sid, _ in SOURCES])
    assert (marker.start, marker.end, marker.source_ids) == (start, len(answer), ("notice",))


@dataclass
class _SdkModel:
    """Stands for a vendor SDK's pydantic model: all the reader asks of it is model_dump."""

    data: Any

    def model_dump(self) -> Any:
        return self.data


def test_sdk_models_are_read_through_model_dump() -> None:
    citation = _SdkModel({"start": 30, "end": 37, "sources": [_SdkModel({"id": "lease"})]})
    spans = read_structured(_SdkModel({"citations": [citation]}), ANSWER, SOURCES)
    assert _slices(spans) == [("21 days", "lease", True)]


def test_no_citations_read_as_none() -> None:
    assert read_structured([], ANSWER, SOURCES) == ()
    assert read_structured({"citations": []}, ANSWER, SOURCES) == ()


@pytest.mark.parametrize(
    ("citations", "message"),
    [
        ("21 days", r"citations: expected a list of citations, got str"),
        ([3], r"citations\[0\]: expected a citation object, got int"),
        ([{"foo": 1}], r"citations\[0\]: not a citation"),
        ([{"start": 30, "sources": ["lease"]}], r"citations\[0\]\.end: expected a whole number"),
        (
            [{"start": "30", "end": 37, "sources": []}],
            r"citations\[0\]\.start: expected a whole number, got str",
        ),
        ([{"start": -1, "end": 37, "sources": []}], r"citations\[0\]\.start: -1 is negative"),
        (
            [{"start": 30, "end": 99, "sources": []}],
            r"citations\[0\]\.end: 99 is past the answer's end",
        ),
        ([{"start": 37, "end": 30, "sources": []}], r"citations\[0\]\.end: 30 is before start 37"),
        (
            [{"start": 30, "end": 37}],
            r"citations\[0\]: a Cohere citation needs sources or document_ids",
        ),
        (
            [{"start": 30, "end": 37, "sources": [5]}],
            r"citations\[0\]\.sources\[0\]: expected a source",
        ),
        (
            [{"start": 30, "end": 37, "sources": [{"type": "document"}]}],
            r"sources\[0\]: needs a string id",
        ),
        ([{"start": 30, "end": 37, "document_ids": [1]}], r"document_ids\[0\]: expected a string"),
        (
            [{"start": 0, "end": 3, "text": "Not", "sources": ["lease"]}],
            r"citations\[0\]\.text: 'Not' is not",
        ),
        (
            [{"type": "url_citation", "url_citation": {"start_index": 0, "end_index": 3}}],
            r"citations\[0\]: an annotation needs a url",
        ),
        (
            [{"type": "file_citation", "file_id": "f"}],
            r"citations\[0\]: an annotation needs start_index and end_index, or an index",
        ),
        ({"output": "x"}, r"citations\.output: expected a list"),
        (
            [{"type": "char_location", "document_index": 0, "start_char_index": 0}],
            r"citations\[0\]: an Anthropic char_location cites the text block it came in",
        ),
    ],
)
def test_bad_citations_name_the_field(citations: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_structured(citations, ANSWER, SOURCES)


def test_bad_anthropic_blocks_name_the_field() -> None:
    blocks = _anthropic_blocks()
    blocks[2]["text"] = "Notice is 14 days."
    with pytest.raises(InputError, match=r"citations\[2\]\.text: the blocks' texts joined are not"):
        read_structured(blocks, ANSWER, SOURCES)
    with pytest.raises(InputError, match=r"citations: the blocks' texts joined are 38 characters"):
        read_structured(_anthropic_blocks()[:1], ANSWER, SOURCES)
    blocks = _anthropic_blocks()
    blocks[0]["citations"][0]["document_index"] = 5
    with pytest.raises(
        InputError, match=r"citations\[0\]\.citations\[0\]\.document_index: 5, but 2"
    ):
        read_structured(blocks, ANSWER, SOURCES)
    blocks = _anthropic_blocks()
    blocks[0]["citations"][0]["end_char_index"] = 1
    with pytest.raises(InputError, match=r"end_char_index: 1 is before start_char_index 24"):
        read_structured(blocks, ANSWER, SOURCES)
    blocks = _anthropic_blocks()
    blocks[0]["citations"] = "none"
    with pytest.raises(InputError, match=r"citations\[0\]\.citations: expected a list, got str"):
        read_structured(blocks, ANSWER, SOURCES)
    blocks = _anthropic_blocks()
    blocks[0]["citations"] = [
        {"type": "url_citation", "start_index": 30, "end_index": 40, "url": "u"}
    ]
    with pytest.raises(
        InputError, match=r"citations\[0\]\.end_index: 40 is past the block's end \(38\)"
    ):
        read_structured(blocks, ANSWER, SOURCES)
    with pytest.raises(InputError, match=r"citations\[1\]\.text: expected a string, got int"):
        read_structured([_anthropic_blocks()[0], {"type": "text", "text": 5}], ANSWER, SOURCES)
