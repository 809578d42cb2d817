"""The review page in a real browser (Debian's Chromium via Playwright) on a real server.

The server runs the real default preset (hybrid, with the embedding model), as a
lawyer would use it. Chromium must be installed (``.ci/run`` installs it); if it
is missing these tests fail rather than skip, so a green run always means the
page was exercised.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from citemark import align

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The README's picture of the review page. A run rewrites it only when asked
# (CITEMARK_UPDATE_SCREENSHOT=1): otherwise every test run left the checkout dirty
# with a picture that differed from the committed one in pixel noise only.
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "review-page.png"
UPDATE_SCREENSHOT = os.environ.get("CITEMARK_UPDATE_SCREENSHOT") == "1"
CHECK_TIMEOUT_MS = 180_000  # the first check may wait for the model to load

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(start_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with start_server(tmp_path_factory.mktemp("browser")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not executable:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (see .ci/run)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, server: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.goto(server.url + "/")
    yield page
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()


def check(page: Page) -> None:
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#summary")).to_be_visible(timeout=CHECK_TIMEOUT_MS)
    expect(page.locator("#error")).to_be_hidden()


def report_of(page: Page, server: Any, answer: str, sources: Any) -> dict[str, Any]:
    """What /v1/align says, asked separately, to compare the page against."""
    response = page.request.post(
        f"{server.url}/v1/align", data={"answer": answer, "sources": sources}, timeout=120_000
    )
    assert response.ok, response.text()
    return response.json()


def first_citation(report: dict[str, Any], kind: str) -> tuple[int, int, dict[str, Any]]:
    for i, sentence in enumerate(report["sentences"]):
        for j, citation in enumerate(sentence["citations"]):
            if citation["kind"] == kind:
                return i, j, citation
    raise AssertionError(f"no {kind} citation in the report")


def test_example_review(page: Page, server: Any, example: dict[str, Any], tmp_path: Path) -> None:
    page.get_by_role("button", name="Load example").click()
    expect(page.locator("#answer")).to_have_value(example["answer"])
    check(page)
    report = report_of(page, server, example["answer"], example["sources"])
    assert report["mode"] == "hybrid"

    summary = page.locator("#summary")
    counts = report["summary"]
    expect(summary).to_contain_text(f"{counts['sentences']} sentences")
    expect(summary).to_contain_text(f"{counts['unsupported']} Unsupported")
    expect(summary).to_contain_text(f"Verbatim coverage {round(counts['coverage'] * 100)}%")

    # Unsupported: red background, an icon and the word, with the missing fact.
    unsupported = page.locator(".sentence.status-unsupported")
    expect(unsupported).to_have_count(counts["unsupported"])
    # (sentence 5, "two years" against the lease's "one (1) year", is a conflict)
    expect(unsupported.locator(".flag")).to_have_text(["⚠ Unsupported"] * counts["unsupported"])
    expect(page.locator("#answer-view .conflict .conflict-source")).to_have_text("one (1) year")
    expect(page.locator("#answer-view .conflict .conflict-rule")).to_contain_text("rule: value")
    for n in range(counts["unsupported"]):
        expect(unsupported.nth(n)).to_have_css("background-color", "rgb(253, 227, 225)")
    expect(unsupported.locator(".missing")).to_contain_text("Delaware")
    # The example's partial sentence was sentence 5, a conflict now; a partial sentence's
    # flag is checked in test_review_shows_conflict_values_and_underlines_unsupported_words.
    expect(page.locator(".sentence.status-partial .flag")).to_have_count(counts["partial"])

    # Quotes and paraphrase support are drawn differently.
    expect(page.locator(".cite.verbatim").first).to_have_css("border-bottom-style", "solid")
    expect(page.locator(".cite.paraphrase").first).to_have_css("border-bottom-style", "dashed")

    # Clicking a citation shows its evidence, highlighted and scrolled into view.
    i, j, quote = first_citation(report, "verbatim")
    page.locator(f'.chip[data-citation="{i}-{j}"]').click()
    mark = page.locator("#sources-view mark")
    expect(mark).to_have_count(1)
    expect(mark).to_have_text(quote["evidence"])
    expect(mark).to_be_in_viewport()
    expect(page.locator("#evidence")).to_contain_text(f"Verbatim quote from {quote['source_id']}")

    # The keyboard reaches citations: Enter on a marked stretch of the answer.
    # (the first paraphrase stretch drawn in the answer: a sentence mostly made of
    # quotes may carry paraphrase support without any stretch left to draw it on)
    target = page.locator("#answer-view .cite.paraphrase[data-citation]").first
    i, j = (int(n) for n in (target.get_attribute("data-citation") or "").split("-"))
    support = report["sentences"][i]["citations"][j]
    assert support["kind"] == "paraphrase"
    target.focus()
    page.keyboard.press("Enter")
    expect(mark).to_have_text(support["evidence"])
    expect(mark).to_be_in_viewport()
    expect(page.locator("#evidence")).to_contain_text("Paraphrase support")
    target.press(" ")
    expect(mark).to_have_text(support["evidence"])

    # The screenshot for the docs: a quote's evidence highlighted in its source.
    i, j, quote = next(
        (i, j, c)
        for i, s in enumerate(report["sentences"])
        for j, c in enumerate(s["citations"])
        if c["kind"] == "verbatim" and "security deposit" in c["evidence"]
    )
    page.locator(f'.chip[data-citation="{i}-{j}"]').click()
    expect(mark).to_have_text(quote["evidence"])
    page.evaluate("window.scrollTo(0, 0)")
    expect(mark).to_be_in_viewport()
    shot = SCREENSHOT if UPDATE_SCREENSHOT else tmp_path / "review-page.png"
    shot.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_untrusted_text_is_shown_as_text(page: Page) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    answer = 'The rent is $2,400 each month. <img src=x onerror="window.__pwned = 1; alert(2)">'
    sources = [{"id": "evil", "text": "<script>alert(1)</script> The rent is $2,400 each month."}]
    page.locator("#answer").fill(answer)
    page.locator("#sources").fill(json.dumps(sources))
    check(page)
    citations = page.locator("#answer-view [data-citation]")
    expect(citations.first).to_be_visible()
    citations.first.click()
    expect(page.locator("#sources-view mark")).to_have_count(1)

    expect(page.locator("#answer-view")).to_contain_text('<img src=x onerror="window.__pwned')
    expect(page.locator("#sources-view")).to_contain_text("<script>alert(1)</script>")
    assert page.locator("#answer-view img, main img").count() == 0
    assert page.locator("main script").count() == 0
    assert page.evaluate("window.__pwned") is None
    page.wait_for_timeout(300)
    assert dialogs == []


def test_open_a_batch_result_file(page: Page, server: Any, example: dict[str, Any]) -> None:
    report = report_of(page, server, example["answer"], example["sources"])
    lines = [
        {"id": "lease-1", "index": 0, "report": report},
        {"id": "broken", "index": 1, "error": "source 0: 'text' is missing"},
    ]
    page.locator("#file").set_input_files(
        files=[
            {
                "name": "results.jsonl",
                "mimeType": "application/x-ndjson",
                "buffer": "".join(json.dumps(line) + "\n" for line in lines).encode(),
            }
        ]
    )
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("saved report for lease-1")
    expect(page.locator(".sentence")).to_have_count(len(report["sentences"]))
    expect(page.locator(".sentence").last).to_contain_text(report["sentences"][-1]["text"])
    i, j, quote = first_citation(report, "verbatim")
    page.locator(f'.chip[data-citation="{i}-{j}"]').click()
    mark = page.locator("#evidence mark")  # the file has no source texts: evidence alone
    expect(mark).to_have_text(quote["evidence"])
    expect(mark).to_be_in_viewport()

    page.locator("#record").select_option("1")
    expect(page.locator("#error")).to_contain_text("failed in the batch: source 0: 'text'")


def _conflict_record() -> dict[str, Any]:
    """A saved report with a conflict, unsupported words and a lead-in (hand-built).

    The facts and spans stages fill these fields in; the page must draw whatever
    the report holds, so the record is built with the library's own types.
    """
    from citemark import Citation, Conflict, Report, SentenceResult
    from citemark.types import Span

    source = "A tenant must bring an action within one year of the end of the tenancy."
    answer = (
        "Here are the main points:\n"
        "The tenant has two years to sue. Rent is due weekly and in cash."
    )
    first = answer.index("The tenant")
    second = answer.index("Rent")
    two, cash, one = answer.index("two years"), answer.index("in cash"), source.index("one year")
    conflict = Conflict("duration", "two years", two, two + 9, "one year", "S3", 0, one, one + 8)
    cited = Citation("S3", 0, "paraphrase", 0, len(source), source, 0.7)
    sentences = (
        SentenceResult(0, 25, answer[:25], "no_claim", 0.6, {}, {}, (), ()),
        SentenceResult(first, second - 1, answer[first : second - 1], "unsupported", 0.3, {}, {},
                       (cited,), (), (conflict,)),
        SentenceResult(second, len(answer), answer[second:], "partial", 0.5, {}, {}, (cited,), (),
                       (), (Span(cash, cash + 7),)),
    )  # fmt: skip
    report = Report(answer, sentences, (), "lexical", "default")
    return {"id": "conflict-1", "answer": answer, "sources": [{"id": "S3", "text": source}],
            "report": report.to_dict()}  # fmt: skip


def test_review_shows_conflict_values_and_underlines_unsupported_words(page: Page) -> None:
    record = _conflict_record()
    page.locator("#file").set_input_files(
        files=[{"name": "saved.json", "mimeType": "application/json",
                "buffer": json.dumps(record).encode()}]
    )  # fmt: skip
    expect(page.locator("#summary")).to_contain_text("1 conflict")
    expect(page.locator("#summary")).to_contain_text("1 no claim")

    # The two values of the conflict side by side, and the answer's value marked.
    card = page.locator("#answer-view .conflict")
    expect(card).to_have_count(1)
    expect(card.locator(".conflict-answer")).to_have_text("two years")
    expect(card.locator(".conflict-source")).to_have_text("one year")
    expect(card).to_contain_text("Source S3 says")
    expect(page.locator("#answer-view mark.conflict-value")).to_have_text("two years")
    card.get_by_role("button", name="show in source").click()
    mark = page.locator("#sources-view mark")
    expect(mark).to_have_text("one year")
    expect(mark).to_be_in_viewport()
    expect(page.locator("#evidence .conflict-pair")).to_contain_text("Answer says")

    # A wavy underline on the unsupported words of the partial sentence.
    expect(page.locator(".sentence.status-partial .flag")).to_have_text("◐ Partial")
    words = page.locator(".sentence.status-partial .unsupported-words")
    expect(words).to_have_text("in cash")
    expect(words).to_have_css("text-decoration-style", "wavy")

    # The lead-in is neutral: no flag, no citation marks, not in the review list.
    lead = page.locator(".sentence.status-no_claim")
    expect(lead).to_have_count(1)
    expect(lead.locator(".flag, .cite, .chip")).to_have_count(0)
    expect(lead).to_have_css("background-color", "rgba(0, 0, 0, 0)")
    expect(page.locator(".review-list li")).to_have_count(2)
    expect(page.locator(".review-list")).to_contain_text("Conflict: two years vs S3 one year")


def test_evidence_across_two_chunks_is_marked_in_the_chunk_it_names(page: Page) -> None:
    """Touching chunks of one document are read as one text, so a quote may run from
    one chunk into the next; the page marks what the named chunk holds of it."""
    parent = "Intro. The Café Central opened in 1998 and serves espresso every morning."
    cut = parent.index("Central") + 3
    sources = [
        {"id": "P", "text": parent[cut:], "offset": cut},
        {"id": "P", "text": parent[:cut], "offset": 0},
    ]
    page.locator("#answer").fill("The Café Central opened in 1998 and serves espresso.")
    page.locator("#sources").fill(json.dumps(sources))
    check(page)
    chip = page.locator('.chip[data-citation="0-0"]')
    expect(chip).to_be_visible()
    chip.click()
    mark = page.locator("#sources-view #source-1 mark")
    expect(mark).to_have_text("The Café Cen")
    expect(mark).to_be_in_viewport()
    expect(page.locator("#evidence")).to_contain_text("The Café Central opened in 1998")


def test_offsets_count_code_points_on_the_page(page: Page, server: Any) -> None:
    """The API's offsets count code points (Python's), JavaScript slices UTF-16 units: an
    emoji before a mark must not split the emoji or move every later mark."""
    answer = (
        "🎉🎉 Great news 😀! The monthly rent of $2,400 is due on the first day of each month. "
        "𠀋 The tenant must not sublet the premises without consent."
    )
    sources = [
        {
            "id": "lease",
            "text": "🏠 The monthly rent of $2,400 is due on the first day of each month. "
            "The Tenant must not sublet the premises without consent.",
        }
    ]
    page.locator("#answer").fill(answer)
    page.locator("#sources").fill(json.dumps(sources))
    check(page)
    report = report_of(page, server, answer, sources)
    drawn = page.locator("#answer-view .cite").all_text_contents()
    assert drawn == [answer[s["start"] : s["end"]] for s in report["spans"]]
    assert all("\ud83d" not in text and "\ude00" not in text for text in drawn)
    i, j, quote = first_citation(report, "verbatim")
    page.locator(f'.chip[data-citation="{i}-{j}"]').click()
    expect(page.locator("#sources-view mark")).to_have_text(quote["evidence"])
    # a direction override in one sentence must not reverse the ones after it
    for selector in ("#answer-view .sentence", "#answer-view .chip"):
        expect(page.locator(selector).first).to_have_css("unicode-bidi", "isolate")


def test_chunks_are_named_and_placed_as_the_api_reads_them(page: Page, server: Any) -> None:
    """A LangChain chunk is headed by its metadata source, not "#1", and one placed by
    start_index is highlighted where it stands, not at the first occurrence of its
    evidence. And unsupported words of any script are underlined (JavaScript's \\w is
    ASCII-only)."""
    quote = "The Tenant shall pay the monthly rent on the first day of each month."
    chunk = f"Intro. {quote} Other terms follow here. {quote}"
    sources = [{"page_content": chunk, "metadata": {"source": "lease", "start_index": 500}}]
    answer = f"{quote} Компания основана инженерами Санкт-Петербурга."
    page.locator("#answer").fill(answer)
    page.locator("#sources").fill(json.dumps(sources))
    check(page)
    expect(page.locator("#source-0 h3")).to_have_text("lease")
    report = report_of(page, server, answer, sources)
    cited = report["sentences"][0]["citations"]
    second = max(range(len(cited)), key=lambda j: cited[j]["source_start"])
    assert cited[second]["source_start"] > 500 + chunk.index(quote)
    page.locator(f'.chip[data-citation="0-{second}"]').click()
    expect(page.locator("#source-0 mark")).to_have_text(cited[second]["evidence"])
    before = page.evaluate(
        "document.querySelector('#source-0 .source-text').firstChild.textContent.length"
    )
    assert before == cited[second]["source_start"] - 500
    underlined = page.locator(".sentence.status-unsupported .unsupported-words")
    expect(underlined.first).to_be_visible()
    assert "Санкт-Петербурга" in "".join(underlined.all_text_contents())


def test_a_real_conflict_is_shown_with_both_values(page: Page) -> None:
    source = "A tenant must bring an action within one year of the end of the tenancy."
    page.locator("#answer").fill(
        "Here are the main points:\nIn summary, the tenant has two years to sue."
    )
    page.locator("#sources").fill(json.dumps([{"id": "S3", "text": source}]))
    check(page)
    expect(page.locator(".sentence.status-no_claim")).to_have_count(1)
    card = page.locator("#answer-view .conflict")
    expect(card.locator(".conflict-answer")).to_have_text("two years")
    expect(card.locator(".conflict-source")).to_have_text("one year")
    expect(page.locator(".sentence.status-unsupported mark.conflict-value")).to_have_text(
        "two years"
    )
    expect(page.locator(".sentence.status-unsupported .cite.paraphrase")).to_have_count(0)


def test_unsupported_words_are_underlined_around_a_conflict(page: Page) -> None:
    """An unsupported span that crosses a conflict keeps its other words underlined (the
    page used to drop the whole span), and the words the sentence quotes are not."""
    source = (
        "4. Repairs. Landlord shall maintain the roof, plumbing and heating systems. Tenant "
        "shall be responsible for repairs caused by Tenant's negligence."
    )
    page.locator("#answer").fill(
        "The Tenant shall maintain the roof, plumbing and heating systems."
    )
    page.locator("#sources").fill(json.dumps([{"id": "lease", "text": source}]))
    check(page)
    sentence = page.locator(".sentence.status-unsupported")
    expect(sentence.locator("mark.conflict-value")).to_have_text("Tenant")
    expect(sentence.locator(".unsupported-words")).to_have_text(["The"])


# The answer quotes the source's "500 ... 900" in order, but direction controls around
# the numbers can make Chromium show "900 ... 500" in a quote marked supported.
_RLO_SOURCE = "The monthly rent is 500 dollars and the late fee is 900 dollars."
_RLO_ANSWER = (
    "The monthly rent is \u202e\u2066500\u2069\u2066 dollars and the late fee is "
    "\u2069\u2066900\u2069\u202c dollars."
)
# Whether ``first`` is shown before ``second`` (a line above, or to its left on one line).
_LEFT_OF = """([root, first, second]) => {
  const left = (needle) => {
    const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      const box = range.getBoundingClientRect();
      return [Math.round(box.top), box.left];
    }
    throw new Error(`${needle} not found`);
  };
  const [a, b] = [left(first), left(second)];
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}"""


def test_a_direction_control_cannot_reorder_a_quote_on_the_page(page: Page) -> None:
    page.locator("#answer").fill(_RLO_ANSWER)
    page.locator("#sources").fill(json.dumps([{"id": "lease", "text": _RLO_SOURCE}]))
    check(page)
    assert page.evaluate(_LEFT_OF, ["#answer-view", "500", "900"])
    # the controls are shown where they are, as U+ codes
    assert page.locator("#answer-view bdi.bidi-control").count() == 8
    expect(page.locator("#answer-view")).to_contain_text("monthly rent is")


def test_a_direction_control_cannot_reorder_a_quote_in_the_html(browser: Browser) -> None:
    report = align(_RLO_ANSWER, [{"id": "lease", "text": _RLO_SOURCE}], config="lexical")
    assert report.sentences[0].status == "supported"
    tab = browser.new_page()
    try:
        tab.set_content(f"<!doctype html><meta charset=utf-8><p id=out>{report.html()}</p>")
        assert tab.evaluate(_LEFT_OF, ["#out", "500", "900"])
    finally:
        tab.close()
