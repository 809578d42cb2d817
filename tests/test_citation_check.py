"""Checking the citations an answer carries against what its sources support.

A sentence that cites ``[2]`` is judged against source 2 alone and set beside the
sources that hold its evidence: ``correct``, ``miscited`` (with the sources to cite
instead), ``uncited`` (supported, citing nothing) or ``unsupported``. Marker text is
never a word of the claim, and every offset still indexes the answer as given.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

import citemark
from citemark import InputError
from citemark.index import MAX_SUBSETS
from citemark.report import SentenceResult

TENANT = "The tenant may sue the landlord within one year after the tenancy ends."
DEPOSIT = "The landlord must return the security deposit within 21 days."
PETS = "Pets are not allowed in the building without written consent."
SOURCES = [
    {"id": "S1", "text": TENANT},
    {"id": "S2", "text": DEPOSIT},
    {"id": "S3", "text": PETS},
]
CLAIM_TENANT = "The tenant can sue the landlord within one year after the tenancy ends"
CLAIM_DEPOSIT = "The landlord must return the security deposit within 21 days"


def _align(answer: str, sources: Any = None, **kwargs: Any) -> citemark.Report:
    return citemark.align(answer, SOURCES if sources is None else sources, **kwargs)


def _claims(report: citemark.Report) -> list[SentenceResult]:
    return [s for s in report.sentences if s.is_claim]


# --- which sources a sentence cites ---------------------------------------------------


@pytest.mark.parametrize(
    ("marker", "ids"),
    [
        ("[1]", ["S1"]),
        ("[S1]", ["S1"]),
        ("[1, 2]", ["S1", "S2"]),
        ("[1][2]", ["S1", "S2"]),
        ("[1-2]", ["S1", "S2"]),
        ("[1; 3]", ["S1", "S3"]),
        ("[^1]", ["S1"]),
        ("【1】", ["S1"]),
    ],
)
def test_every_marker_style_names_its_sources_and_slices_itself(
    marker: str, ids: list[str]
) -> None:
    answer = f"{CLAIM_TENANT} {marker}."
    report = _align(answer)
    (sentence,) = _claims(report)
    assert [c.source_id for c in sentence.cited] == ids
    for record in sentence.cited:
        assert answer[record.start : record.end] in marker
        assert answer[record.start : record.end].strip("[]【】^ ")


def test_a_caret_footnote_after_the_stop_cites_the_sentence() -> None:
    answer = f"{CLAIM_TENANT}.^1 {CLAIM_DEPOSIT}.^2"
    first, second = _claims(_align(answer))
    assert [c.source_id for c in first.cited] == ["S1"]
    assert [c.source_id for c in second.cited] == ["S2"]
    assert first.citation_status == second.citation_status == "correct"


def test_an_id_with_spaces_is_read_as_one_source() -> None:
    sources = [{"id": "Civ. Code § 1950.5", "text": DEPOSIT}, {"id": "S2", "text": TENANT}]
    answer = f"{CLAIM_DEPOSIT} [Civ. Code § 1950.5]."
    (sentence,) = _claims(_align(answer, sources))
    assert [c.source_id for c in sentence.cited] == ["Civ. Code § 1950.5"]
    assert sentence.cited[0].form == "id"
    assert sentence.citation_status == "correct"


def test_a_marker_after_the_full_stop_belongs_to_the_sentence_before() -> None:
    answer = f"{CLAIM_TENANT}. [1] {CLAIM_DEPOSIT}. [2]"
    first, second = _claims(_align(answer))
    assert first.text == f"{CLAIM_TENANT}."
    assert [c.source_id for c in first.cited] == ["S1"]
    assert [c.source_id for c in second.cited] == ["S2"]
    assert answer[first.cited[0].start : first.cited[0].end] == "[1]"
    assert answer[second.cited[0].start : second.cited[0].end] == "[2]"


def test_a_marker_inside_a_quoted_passage_is_the_quotes_own() -> None:
    answer = f'The lease says "{CLAIM_TENANT} [2]." [1]'
    (sentence,) = _claims(_align(answer))
    assert [c.source_id for c in sentence.cited] == ["S1"]
    assert answer[sentence.cited[0].start : sentence.cited[0].end] == "[1]"


def test_a_marker_naming_no_given_source_is_reported_not_raised() -> None:
    answer = f"{CLAIM_TENANT} [7]."
    (sentence,) = _claims(_align(answer))
    (record,) = sentence.cited
    assert (record.source_id, record.known, record.verdict) == ("7", False, "does_not_support")
    assert answer[record.start : record.end] == "[7]"
    # it cites nothing that exists, while S1 holds the claim
    assert sentence.citation_status == "miscited"
    assert sentence.suggested[0] == "S1"
    assert _align(answer).citation_metrics().unknown_sources == 1


def test_bracketed_prose_is_no_citation() -> None:
    answer = "The [t]enant may sue the landlord within one year after the tenancy ends [sic]."
    (sentence,) = _claims(_align(answer))
    assert sentence.cited == ()
    assert sentence.citation_status == "uncited"


# --- markers are no part of the claim ---------------------------------------------------


@pytest.mark.parametrize(
    "written", ["{claim} [3].", "{claim}. [3]", "{claim}.^3", "{claim} 【3】."]
)
def test_marker_text_changes_no_judgement_of_the_claim(written: str) -> None:
    plain = _claims(_align(f"{CLAIM_DEPOSIT}."))[0]
    marked_answer = written.format(claim=CLAIM_DEPOSIT)
    marked = _claims(_align(marked_answer))[0]
    assert (marked.status, marked.score) == (plain.status, plain.score)
    assert [c.source_id for c in marked.citations] == [c.source_id for c in plain.citations]
    marker_at = marked.cited[0].start
    for span in marked.unsupported_spans:
        assert not span.start <= marker_at < span.end


def test_tagged_output_keeps_the_answers_own_markers_outside_cite_blocks() -> None:
    answer = f"{CLAIM_TENANT} [1]. {CLAIM_DEPOSIT}. [2]"
    report = _align(answer)
    tagged = report.tagged()
    assert "[1]" in tagged and "[2]" in tagged
    assert citemark.parse_tagged(tagged).text == answer
    for mark in report.marks():
        assert "[" not in answer[mark.start : mark.end]


def test_an_answer_without_markers_is_judged_as_before_and_cites_nothing() -> None:
    answer = f"{CLAIM_TENANT}. Cats are purple."
    report = _align(answer)
    tenant, cats = _claims(report)
    assert (tenant.status, tenant.citation_status, tenant.suggested) == (
        "supported",
        "uncited",
        ("S1",),
    )
    assert cats.status == "unsupported" and cats.citation_status == "unsupported"
    assert not report.carries_citations
    assert report.citation_metrics().citations == 0
    assert report.citation_metrics().precision is None


# --- the status of a sentence's citations -------------------------------------------------


def test_the_four_citation_statuses_and_what_to_cite_instead() -> None:
    answer = (
        f"{CLAIM_TENANT} [1]. {CLAIM_DEPOSIT} [3]. {CLAIM_TENANT}. "
        "The building has a rooftop swimming pool [2]."
    )
    correct, miscited, uncited, unsupported = _claims(_align(answer))
    assert correct.citation_status == "correct"
    assert correct.cited[0].verdict == "supports"
    assert correct.cited[0].evidence is not None
    assert correct.cited[0].evidence.source_id == "S1"
    assert correct.suggested == ()
    assert miscited.citation_status == "miscited"
    assert miscited.cited[0].verdict == "does_not_support"
    assert miscited.suggested[0] == "S2"
    assert uncited.citation_status == "uncited" and uncited.suggested[0] == "S1"
    assert unsupported.citation_status == "unsupported" and unsupported.suggested == ()


def test_a_claim_that_cites_two_sources_is_judged_on_them_together() -> None:
    answer = (
        f"{CLAIM_TENANT}, and the landlord must return the security deposit within 21 days [1, 2]."
    )
    (sentence,) = _claims(_align(answer))
    assert sentence.citation_status == "correct"
    assert sentence.cited_verdict in ("supports", "partial")
    assert {c.verdict for c in sentence.cited} <= {"supports", "partial"}


def test_a_sentence_that_claims_nothing_has_no_citation_status() -> None:
    report = _align(f"Here is what I found [1]:\n\n{CLAIM_TENANT} [1].")
    lead = report.sentences[0]
    assert not lead.is_claim
    assert lead.citation_status is None


def test_chunks_of_one_document_are_cited_by_their_shared_id() -> None:
    text = f"{TENANT} {DEPOSIT}"
    cut = len(TENANT) + 1
    chunks = [
        {"id": "lease", "text": text[:cut], "offset": 0},
        {"id": "lease", "text": text[cut:], "offset": cut},
        {"id": "pets", "text": PETS},
    ]
    answer = f"{CLAIM_DEPOSIT} [lease]. {CLAIM_TENANT} [pets]."
    deposit, tenant = _claims(_align(answer, chunks))
    assert deposit.citation_status == "correct"
    assert deposit.cited[0].evidence is not None
    # evidence offsets index the parent document
    evidence = deposit.cited[0].evidence
    assert text[evidence.source_start : evidence.source_end] == evidence.evidence
    assert tenant.citation_status == "miscited" and tenant.suggested == ("lease",)


# --- structured citations from LLM APIs ---------------------------------------------------

ANSWER = f"{CLAIM_TENANT}. {CLAIM_DEPOSIT}."
SECOND = len(CLAIM_TENANT) + 2


def test_cohere_citations_become_cited_records_over_their_spans() -> None:
    citations = [
        {"start": 0, "end": len(CLAIM_TENANT), "text": CLAIM_TENANT, "sources": [{"id": "S1"}]},
        {"start": SECOND, "end": len(ANSWER) - 1, "sources": [{"id": "S3"}]},
    ]
    first, second = _claims(_align(ANSWER, citations=citations))
    assert [(c.source_id, c.form) for c in first.cited] == [("S1", "cohere")]
    assert ANSWER[first.cited[0].start : first.cited[0].end] == CLAIM_TENANT
    assert first.citation_status == "correct"
    assert second.citation_status == "miscited" and second.suggested[0] == "S2"


def test_anthropic_blocks_cite_their_text_and_a_wrong_cited_text_is_flagged() -> None:
    blocks = [
        {
            "type": "text",
            "text": f"{CLAIM_TENANT}. ",
            "citations": [
                {
                    "type": "char_location",
                    "document_index": 0,
                    "start_char_index": 0,
                    "end_char_index": len(TENANT),
                    "cited_text": TENANT,
                }
            ],
        },
        {
            "type": "text",
            "text": f"{CLAIM_DEPOSIT}.",
            "citations": [
                {
                    "type": "char_location",
                    "document_index": 1,
                    "start_char_index": 0,
                    "end_char_index": 10,
                    "cited_text": "Nothing like the source",
                }
            ],
        },
    ]
    answer = f"{CLAIM_TENANT}. {CLAIM_DEPOSIT}."
    first, second = _claims(_align(answer, citations=blocks))
    assert first.cited[0].form == "anthropic"
    assert first.cited[0].cited_text_matches is True
    assert second.cited[0].cited_text_matches is False
    for sentence in (first, second):
        record = sentence.cited[0]
        assert answer[record.start : record.end].strip() == sentence.text


def test_openai_annotations_become_cited_records() -> None:
    sources = [{"id": "https://law.example/tenant", "text": TENANT}, *SOURCES[1:]]
    message = {
        "content": ANSWER,
        "annotations": [
            {
                "type": "url_citation",
                "url_citation": {
                    "start_index": 0,
                    "end_index": len(CLAIM_TENANT),
                    "url": "https://law.example/tenant",
                    "title": "Tenancy",
                },
            }
        ],
    }
    first, second = _claims(_align(ANSWER, sources, citations=message))
    assert [(c.source_id, c.form) for c in first.cited] == [
        ("https://law.example/tenant", "openai")
    ]
    assert first.citation_status == "correct"
    assert second.cited == () and second.citation_status == "uncited"


def test_a_responses_file_citation_at_a_point_cites_the_sentence_it_ends() -> None:
    """The Responses API's ``file_citation`` gives only an ``index``: the point where a
    marker would stand, after the sentence it cites (or inside it)."""
    citations = [
        {
            "type": "file_citation",
            "index": len(CLAIM_TENANT) + 1,
            "file_id": "f1",
            "filename": "S1",
        },
        {"type": "file_citation", "index": len(ANSWER), "file_id": "f3", "filename": "S3"},
    ]
    first, second = _claims(_align(ANSWER, citations=citations))
    assert [(c.source_id, c.start, c.end) for c in first.cited] == [
        ("S1", len(CLAIM_TENANT) + 1, len(CLAIM_TENANT) + 1)
    ]
    assert first.citation_status == "correct"
    assert [c.source_id for c in second.cited] == ["S3"]
    assert second.citation_status == "miscited" and second.suggested[0] == "S2"
    inside = [{"type": "file_citation", "index": 5, "filename": "S2"}]
    first, second = _claims(_align(ANSWER, citations=inside))
    assert [c.source_id for c in first.cited] == ["S2"] and second.cited == ()


def test_an_answer_with_a_last_newline_still_joins_its_blocks() -> None:
    """An answer read from a file ends with a newline the content blocks do not hold."""
    blocks = [{"type": "text", "text": ANSWER, "citations": []}]
    report = _align(ANSWER + "\n", citations=blocks)
    assert [s.citation_status for s in _claims(report)] == ["uncited", "uncited"]
    with pytest.raises(InputError, match="joined are"):
        _align(ANSWER + " And more.", citations=blocks)


def test_structured_citations_outside_the_answer_are_refused_with_the_field_named() -> None:
    with pytest.raises(InputError, match=r"citations\[0\]"):
        _align(ANSWER, citations=[{"start": 0, "end": 10_000, "sources": [{"id": "S1"}]}])


# --- metrics, gate, output ------------------------------------------------------------------


def test_citation_metrics_count_as_alce_defines_them() -> None:
    answer = f"{CLAIM_TENANT} [1]. {CLAIM_DEPOSIT} [3]. {CLAIM_TENANT} [1][3]."
    metrics = _align(answer).citation_metrics()
    assert metrics.claims == 3 and metrics.cited_claims == 3
    assert metrics.citations == 4
    # supported by what they cite: the first and the third (S1 with S3)
    assert metrics.recall == pytest.approx(2 / 3, abs=1e-4)
    # S1, S1 support; S3 twice does not
    assert metrics.precision == pytest.approx(2 / 4)
    assert (metrics.correct, metrics.miscited) == (2, 1)


def test_failures_on_miscited_and_uncited_only_when_asked() -> None:
    report = _align(f"{CLAIM_TENANT} [2]. {CLAIM_DEPOSIT}.")
    assert report.failures() == ()
    miscited, uncited = report.failures("miscited,uncited")
    assert miscited.reasons == ("miscited",) and miscited.cited_wrongly == ("S2",)
    assert miscited.suggested[0] == "S1"
    assert "miscited: cites S2" in miscited.describe() and "S1" in miscited.describe()
    assert uncited.reasons == ("uncited",) and uncited.suggested == ("S2",)
    assert not report.to_dict(fail_on="miscited")["passed"]
    assert _align(f"{CLAIM_TENANT} [1].").to_dict(fail_on="miscited")["passed"]


def test_the_citation_check_round_trips_through_json() -> None:
    answer = f"{CLAIM_TENANT} [2]. {CLAIM_DEPOSIT}. [2]"
    data = json.loads(json.dumps(_align(answer).to_dict()))
    first, second = data["sentences"]
    assert first["citation_status"] == "miscited" and first["suggested"][0] == "S1"
    record = first["cited"][0]
    assert answer[record["start"] : record["end"]] == "[2]"
    assert record["verdict"] == "does_not_support" and record["known"] is True
    assert second["cited"][0]["evidence"]["source_id"] == "S2"
    assert data["citation_metrics"]["miscited"] == 1
    assert data["citation_metrics"]["correct"] == 1


def test_output_is_the_same_on_every_run() -> None:
    answer = f"{CLAIM_TENANT} [2]. {CLAIM_DEPOSIT} [1, 3]. {CLAIM_TENANT}."
    assert _align(answer).to_dict() == _align(answer).to_dict()


# --- the subset indexes a citation is judged against -----------------------------------------


def test_a_prepared_index_keeps_each_cited_subset_once_and_pickles_without_them() -> None:
    index = citemark.SourceIndex(SOURCES)
    first = citemark.align(f"{CLAIM_TENANT} [2].", None, index=index)
    kept = index.__dict__["_subsets"]
    assert set(kept) >= {(1,), (0,)}
    again = citemark.align(f"{CLAIM_TENANT} [2].", None, index=index)
    assert again.to_dict() == first.to_dict()
    assert all(index.subset(key) is value for key, value in kept.items())
    assert "_subsets" not in pickle.loads(pickle.dumps(index)).__dict__


def test_the_subset_indexes_kept_are_bounded() -> None:
    sources = [
        {"id": f"D{n}", "text": f"Clause {n} sets the fee at {n} dollars."} for n in range(70)
    ]
    index = citemark.SourceIndex(sources, "lexical")
    for n in range(MAX_SUBSETS + 5):
        index.subset((n,))
    assert len(index.__dict__["_subsets"]) == MAX_SUBSETS
    assert (0,) not in index.__dict__["_subsets"]
    assert index.subset((3, 9)).sources == [index.sources[3], index.sources[9]]
