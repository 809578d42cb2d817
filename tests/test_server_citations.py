"""The citation check through the HTTP API and on the review page.

An answer's own citations (``[2]`` markers, or the structured citations an LLM API
returns, sent as ``citations``) come back as each sentence's ``cited`` records,
``citation_status`` and ``suggested`` sources, and can fail the check through
``fail_on``. The API runs in process (a lexical preset: no model to wait for); the
review page runs in Chromium against a real server, as in ``test_browser.py``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from citemark import align, load_config
from citemark.report import CITATION_STATUSES, FAIL_REASONS
from citemark.server import Settings, create_app

LIMITATIONS = {
    "id": "https://law.example/limitations",
    "text": "The tenant may sue within one year after the tenancy ends.",
}
DEPOSIT = {
    "id": "https://law.example/deposit",
    "text": "The landlord must return the deposit within 21 days.",
}
SOURCES = [LIMITATIONS, DEPOSIT]
FIRST = "The tenant may sue within one year. "
SECOND = "The landlord must return the deposit in 21 days."
ANSWER = FIRST + SECOND

# The same two claims, each cited by a marker: the first names the deposit statute
# (which says nothing of suing), the second names it rightly.
MARKED_SOURCES = [{"id": "S1", "text": LIMITATIONS["text"]}, {"id": "S2", "text": DEPOSIT["text"]}]
MISCITED = (
    "The tenant may sue within one year [2]. The landlord must return the deposit in 21 days [2]."
)
CORRECT = (
    "The tenant may sue within one year [1]. The landlord must return the deposit in 21 days [2]."
)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(config="lexical", warm_up=False))) as running:
        yield running


def expected(answer: str, sources: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """What the library says, as JSON reads it back."""
    fail_on = options.pop("fail_on", None)
    report = align(answer, sources, config="lexical", **options)
    return json.loads(json.dumps(report.to_dict(fail_on)))


def post_align(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/align", json=body)
    assert response.status_code == 200, response.text
    return response.json()


# --------------------------------------------------------------------------- round trip


def test_a_report_of_an_answer_with_markers_comes_back_as_to_dict(client: TestClient) -> None:
    answer = MISCITED + " Rent is due weekly [7]."
    data = post_align(client, answer=answer, sources=MARKED_SOURCES)
    assert data == expected(answer, MARKED_SOURCES)
    first, second, third = data["sentences"]
    [marker] = first["cited"]
    assert answer[marker["start"] : marker["end"]] == "[2]"
    assert (marker["source_id"], marker["verdict"], marker["form"]) == (
        "S2",
        "does_not_support",
        "numeric",
    )
    assert first["citation_status"] == "miscited" and first["suggested"] == ["S1"]
    assert second["citation_status"] == "correct" and second["cited"][0]["evidence"] is not None
    [unknown] = third["cited"]
    assert unknown["known"] is False and answer[unknown["start"] : unknown["end"]] == "[7]"
    metrics = data["citation_metrics"]
    assert metrics["citations"] == 3 and metrics["miscited"] == 1
    assert metrics["unknown_sources"] == 1


def test_failures_name_the_wrong_citation_and_the_source_to_cite(client: TestClient) -> None:
    data = post_align(client, answer=MISCITED, sources=MARKED_SOURCES, fail_on=["miscited"])
    assert data == expected(MISCITED, MARKED_SOURCES, fail_on=["miscited"])
    [failure] = data["failures"]
    assert failure["number"] == 1 and failure["reasons"] == ["miscited"]
    assert failure["cited_wrongly"] == ["S2"] and failure["suggested"] == ["S1"]
    assert "cites S2, which does not hold it; the evidence is in S1" in failure["description"]


# --------------------------------------------------------------------------- structured citations


def _cohere() -> tuple[Any, str]:
    start = ANSWER.index("in 21 days")
    end = start + len("in 21 days")
    cited = [{"start": start, "end": end, "text": ANSWER[start:end], "sources": [DEPOSIT]}]
    return cited, ANSWER[start:end]


def _anthropic() -> tuple[Any, str]:
    at = DEPOSIT["text"].index("within 21 days")
    location = {
        "type": "char_location",
        "cited_text": "within 21 days",
        "document_index": 1,
        "start_char_index": at,
        "end_char_index": at + len("within 21 days"),
    }
    blocks = [
        {"type": "text", "text": FIRST},
        {"type": "text", "text": SECOND, "citations": [location]},
    ]
    return {"role": "assistant", "content": blocks}, SECOND


def _openai() -> tuple[Any, str]:
    end = len(FIRST) - 1
    annotation = {
        "type": "url_citation",
        "url_citation": {"start_index": 0, "end_index": end, "url": DEPOSIT["id"], "title": "x"},
    }
    message = {"role": "assistant", "content": ANSWER, "annotations": [annotation]}
    return message, ANSWER[:end]


@pytest.mark.parametrize(
    ("shape", "given"),
    [("cohere", _cohere), ("anthropic", _anthropic), ("openai", _openai)],
    ids=["cohere", "anthropic", "openai"],
)
def test_structured_citations_are_cited_records_over_the_span_they_cite(
    client: TestClient, shape: str, given: Any
) -> None:
    citations, span = given()
    data = post_align(client, answer=ANSWER, sources=SOURCES, citations=citations)
    assert data == expected(ANSWER, SOURCES, citations=citations)
    records = [c for s in data["sentences"] for c in s["cited"]]
    assert len(records) == 1
    [record] = records
    assert ANSWER[record["start"] : record["end"]] == span
    assert record["source_id"] == DEPOSIT["id"] and record["form"] == shape
    assert record["cited_text_matches"] is (True if shape == "anthropic" else None)


def test_given_citations_join_the_markers_written_in_the_answer(client: TestClient) -> None:
    cited = [{"start": 0, "end": 5, "sources": ["S1"]}]
    data = post_align(client, answer=MISCITED, sources=MARKED_SOURCES, citations=cited)
    forms = [c["form"] for s in data["sentences"] for c in s["cited"]]
    assert forms == ["cohere", "numeric", "numeric"]
    marked = post_align(client, answer=MISCITED, sources=MARKED_SOURCES, citations=None)
    assert [c["form"] for s in marked["sentences"] for c in s["cited"]] == ["numeric", "numeric"]


def test_tag_takes_citations_in_document_mode_only(client: TestClient) -> None:
    citations, _ = _cohere()
    body = {"answer": ANSWER, "sources": SOURCES, "citations": citations}
    response = client.post("/v1/tag", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["mode"] == "document"
    bad = client.post("/v1/tag", json={**body, "citations": [{"start": 0, "end": 999}]})
    assert bad.status_code == 400 and bad.json()["error"].startswith("citations[0]")
    phrases = client.post("/v1/tag", json={**body, "sources": {"S1": ["tenant"]}})
    assert phrases.status_code == 422
    assert phrases.json()["error"].startswith("citations: read in document mode only")


@pytest.mark.parametrize(
    ("citations", "message"),
    [
        (5, "citations: expected a list of citations, got int"),
        ([{"start": 0, "end": 999, "sources": ["S1"]}], "citations[0].end: 999 is past"),
        ([{"start": 0, "end": 5}], "citations[0]: a Cohere citation needs sources"),
        ([{"start": "0", "end": 5, "sources": ["S1"]}], "citations[0].start: expected a whole"),
        ([{"type": "text", "text": "Something else."}], "citations[0].text: the blocks' texts"),
        ([{"type": "url_citation", "start_index": 0, "end_index": 3}], "needs a url"),
        ([{"cites": "S1"}], "citations[0]: not a citation this reads"),
    ],
    ids=["not-a-list", "past-the-end", "no-sources", "string-offset", "blocks", "no-url", "shape"],
)
def test_malformed_citations_are_a_400_naming_what_is_wrong(
    client: TestClient, citations: Any, message: str
) -> None:
    response = client.post(
        "/v1/align", json={"answer": ANSWER, "sources": MARKED_SOURCES, "citations": citations}
    )
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert message in response.json()["error"]


def test_the_stream_names_citations_as_a_field_of_other_requests(client: TestClient) -> None:
    header = json.dumps({"sources": MARKED_SOURCES, "citations": []}) + "\n"
    response = client.post("/v1/stream", content=header.encode())
    assert response.status_code == 422
    error = response.json()["error"]
    assert "citations: unknown field here (it is read by /v1/align and /v1/tag only)" in error


# --------------------------------------------------------------------------- fail_on


def test_fail_on_miscited_fails_a_miscited_answer_and_passes_a_correct_one(
    client: TestClient,
) -> None:
    miscited = post_align(client, answer=MISCITED, sources=MARKED_SOURCES, fail_on=["miscited"])
    correct = post_align(client, answer=CORRECT, sources=MARKED_SOURCES, fail_on=["miscited"])
    assert miscited["passed"] is False and miscited["fail_on"] == ["miscited"]
    assert correct["passed"] is True and correct["failures"] == []
    assert [s["citation_status"] for s in correct["sentences"]] == ["correct", "correct"]
    # the default conditions judge the claims, not their citations: both pass
    assert post_align(client, answer=MISCITED, sources=MARKED_SOURCES)["passed"] is True


def test_fail_on_uncited_fails_a_supported_sentence_that_cites_nothing(
    client: TestClient,
) -> None:
    answer = (
        "The tenant may sue within one year [1]. The landlord must return the deposit in 21 days."
    )
    data = post_align(client, answer=answer, sources=MARKED_SOURCES, fail_on=["uncited"])
    assert data["passed"] is False
    [failure] = data["failures"]
    assert failure["number"] == 2 and failure["reasons"] == ["uncited"]
    assert failure["suggested"] == ["S2"]


def test_the_openapi_schema_lists_every_fail_reason_and_the_citation_fields(
    client: TestClient,
) -> None:
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    fail_on = schemas["AlignRequest"]["properties"]["fail_on"]["anyOf"][0]["items"]
    assert fail_on["enum"] == list(FAIL_REASONS)
    assert "miscited" in fail_on["enum"] and "uncited" in fail_on["enum"]
    assert schemas["FailureOut"]["properties"]["reasons"]["items"]["enum"] == list(FAIL_REASONS)
    sentence = schemas["SentenceOut"]["properties"]
    assert sentence["citation_status"]["anyOf"][0]["enum"] == list(CITATION_STATUSES)
    assert sentence["cited"]["items"] == {"$ref": "#/components/schemas/CitedSourceOut"}
    cited = schemas["CitedSourceOut"]["properties"]
    assert cited["verdict"]["enum"] == ["supports", "partial", "does_not_support"]
    assert all(cited[key]["description"] for key in ("source_id", "start", "form"))
    assert schemas["CitationMetricsOut"]["properties"]["precision"]["description"]
    assert "citation_metrics" in schemas["AlignResponse"]["required"]
    assert "citations" in schemas["AlignRequest"]["properties"]
    assert "citations" in schemas["TagRequest"]["properties"]


# --------------------------------------------------------------------------- review page

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def page_server(
    start_server: Any, lexical_preset: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    with start_server(
        tmp_path_factory.mktemp("citations"), ["--config", str(lexical_preset)]
    ) as running:
        yield running


@pytest.mark.slow
def test_the_review_page_says_what_a_miscited_marker_claims_and_what_was_found(
    page_server: Any, lexical_preset: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not executable:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (see .ci/run)")
    # An id that is markup: the page must show it as text, never as an element.
    sources = [MARKED_SOURCES[0], {"id": "<em>S2</em>", "text": DEPOSIT["text"]}]
    answer = MISCITED + " Rent is due weekly."
    report = align(answer, sources, config=load_config(lexical_preset))
    assert [s.citation_status for s in report.sentences][:2] == ["miscited", "correct"]
    suggested = next(c for c in report.sentences[0].citations if c.source_id == "S1")
    judged = report.sentences[1].cited[0].evidence
    assert judged is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(page_server.url + "/")
            page.locator("#answer").fill(answer)
            page.locator("#sources").fill(json.dumps(sources))
            page.get_by_role("button", name="Check", exact=True).click()
            expect(page.locator("#summary")).to_be_visible(timeout=60_000)
            expect(page.locator("#summary")).to_contain_text("1 miscited")

            first = page.locator("#sentence-0")
            expect(first.locator(".citation-badge")).to_have_text("✗ Miscited")
            expect(first.locator(".cited-marker.verdict-does_not_support")).to_have_text("[2]")
            note = first.locator(".cited-note.verdict-does_not_support")
            expect(note).to_have_text("✗ [2] (<em>S2</em>) does not support this; S1 does")
            # the correctly cited sentence says so, without a badge
            second = page.locator("#sentence-1")
            expect(second.locator(".cited-note.verdict-supports")).to_contain_text(
                "[2] (<em>S2</em>) supports this"
            )
            expect(second.locator(".citation-badge")).to_have_count(0)
            expect(page.locator(".review-list")).to_contain_text(
                "Cites <em>S2</em>, which does not support it; S1 does"
            )

            # One click on the source to cite instead shows its evidence.
            note.get_by_role("button", name="S1").click()
            mark = page.locator("#source-0 mark")
            expect(mark).to_have_text(suggested.evidence)
            expect(mark).to_be_in_viewport()
            expect(page.locator("#evidence .evidence-lead")).to_have_text(
                "S1 supports this sentence; the answer does not cite it."
            )
            # One click on a cited source's claim shows the passage it was judged by.
            second.locator(".cited-note button.cited-jump").click()
            expect(page.locator("#source-1 mark")).to_have_text(judged.evidence)
            expect(page.locator("#evidence .evidence-lead")).to_contain_text(
                "[2] (<em>S2</em>) supports this"
            )
            assert page.locator("main em").count() == 0
            assert errors == []
        finally:
            browser.close()
