"""The faces of a report: failures, conflicts and unsupported words, ids as lawyers write them.

Renderers are tested on hand-built results (what the facts and spans stages will
fill in), and end to end where the pipeline already produces the input.
"""

from __future__ import annotations

import html
import json
import re
import typing
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import citemark
from citemark import (
    Conflict,
    InputError,
    Report,
    SentenceResult,
    SpanDict,
    align,
    load_config,
    parse_tagged,
)
from citemark.render import Mark, render_html, render_tagged
from citemark.types import Block, Span

LEXICAL = load_config("default").with_(mode="lexical")
LAWYER_ID = 'Smith v. Jones, 412 P.3d 88 (2019) "<b>bold</b>" & co'


def sentence(
    answer: str,
    text: str,
    status: str,
    *,
    conflicts: tuple[Conflict, ...] = (),
    unsupported: tuple[str, ...] = (),
    paraphrase: str | None = None,
) -> SentenceResult:
    """A hand-built result for ``text`` inside ``answer``."""
    start = answer.index(text)
    spans = tuple(Span(start + text.index(w), start + text.index(w) + len(w)) for w in unsupported)
    citations = ()
    if paraphrase:
        citations = (citemark.Citation(paraphrase, 0, "paraphrase", 0, 5, "xxxxx", 0.9),)
    return SentenceResult(
        start,
        start + len(text),
        text,
        status,  # type: ignore[arg-type]
        0.5,
        {},
        {},
        citations,
        (),
        conflicts,
        spans,
    )


def conflict(answer: str, value: str, evidence: str, source_id: str = "S3") -> Conflict:
    start = answer.index(value)
    return Conflict("duration", value, start, start + len(value), evidence, source_id, 0, 40, 48)


ANSWER = "The tenant has two years to sue. Rent is due weekly and in cash. The lease is long."
TWO_YEARS = conflict(ANSWER, "two years", "one year")


def hand_report() -> Report:
    return Report(
        ANSWER,
        (
            sentence(
                ANSWER,
                "The tenant has two years to sue.",
                "unsupported",
                conflicts=(TWO_YEARS,),
                paraphrase="S3",
            ),
            sentence(
                ANSWER, "Rent is due weekly and in cash.", "partial", unsupported=("in cash",)
            ),
            sentence(ANSWER, "The lease is long.", "supported", paraphrase="S1"),
        ),
        (),
        "lexical",
        "default",
    )


# --------------------------------------------------------------------------- failures


def test_failures_default_to_unsupported_and_conflict() -> None:
    report = hand_report()
    (failure,) = report.failures()
    assert failure.number == 1
    assert failure.reasons == ("conflict", "unsupported")
    assert failure.conflicts == (TWO_YEARS,)
    assert failure.describe() == (
        "sentence 1 (conflict: 'two years' vs source S3 'one year'; unsupported)"
    )


def test_failures_on_partial_for_a_strict_reviewer() -> None:
    report = hand_report()
    assert [f.number for f in report.failures({"unsupported", "conflict", "partial"})] == [1, 2]
    assert [f.number for f in report.failures("partial")] == [2]
    only_conflicts = report.failures(["conflict"])
    assert only_conflicts[0].reasons == ("conflict",)


def test_unknown_fail_condition_is_a_named_error() -> None:
    with pytest.raises(InputError, match="unknown condition 'partiall'"):
        hand_report().failures({"partiall"})


def test_to_dict_carries_passed_and_failures() -> None:
    data = hand_report().to_dict()
    assert data["passed"] is False
    assert data["fail_on"] == ["conflict", "unsupported"]
    assert data["failures"][0]["description"].startswith("sentence 1 (conflict:")
    assert data["sentences"][0]["conflicts"][0]["evidence"] == "one year"
    assert data["summary"]["conflicts"] == 1
    assert hand_report().to_dict(fail_on=["partial"])["failures"][0]["number"] == 2


# --------------------------------------------------------------------------- rendering


def test_unsupported_or_contradicted_sentences_are_never_drawn_as_support() -> None:
    report = hand_report()
    tagged = report.tagged()
    assert tagged.count("<cite") == 1
    assert '<cite ids="S1" kind="paraphrase">The lease is long</cite>' in tagged
    assert not any(m.start < len("The tenant has two years to sue.") for m in report.marks())


def test_html_marks_conflict_values_and_unsupported_words() -> None:
    page = hand_report().html()
    assert ('<mark class="cm-conflict" title="source S3 says “one year”">two years</mark>') in page
    assert '<span class="cm-unsupported-words">in cash</span>' in page
    # Unsupported words of a supported sentence are not drawn (none here), and the
    # text of the page is the answer.
    assert html.unescape(re.sub(r"<[^>]+>", "", page)) == ANSWER


class _Nesting(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in ("cite", "mark", "span"):
            self.problems.append(tag)
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.problems.append(f"/{tag}")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_notes_that_cross_a_citation_are_cut_at_its_edge() -> None:
    answer = "We <b>know</b> the rent is $2,400 and more."
    quote = Mark(answer.index("the rent"), answer.index(" and"), ("lease",))
    start = answer.index("<b>")
    # Unsupported words from "<b>" into the quote, and a conflict inside the quote.
    notes = [
        citemark.render.Note(start, answer.index("rent"), "unsupported"),
        citemark.render.Note(answer.index("$"), answer.index(" and"), "conflict", 'says "$9"'),
    ]
    page = render_html(answer, [quote], notes)
    parser = _Nesting()
    parser.feed(page)
    assert parser.problems == [] and parser.stack == []
    assert "".join(parser.text) == answer
    assert "<b>" not in page
    assert page.count('class="cm-unsupported-words"') == 2  # before and inside the quote
    assert 'title="says &quot;$9&quot;"' in page


# --------------------------------------------------------------------------- ids


def test_an_id_with_a_comma_a_quote_and_markup_round_trips() -> None:
    answer = "The tenant shall pay the monthly rent of $2,400 on the first day."
    sources = {LAWYER_ID: ["monthly rent of $2,400"], "S2": ["the first day"]}
    tagged = citemark.tag(answer, sources)
    assert "<b>" not in tagged and '"<' not in tagged
    parsed = parse_tagged(tagged)
    assert parsed.text == answer
    assert [m.ids for m in parsed.marks] == [(LAWYER_ID,), ("S2",)]
    page = citemark.tag_html(answer, sources)
    assert "<b>" not in page
    attrs = re.findall(r'data-ids="([^"]*)"', page)
    assert [html.unescape(part) for part in html.unescape(attrs[0]).split(",")] == [LAWYER_ID]


def test_an_id_with_a_comma_round_trips_through_align() -> None:
    sources = [{"id": LAWYER_ID, "text": "The Tenant shall pay the monthly rent of $2,400."}]
    report = align("The tenant shall pay the monthly rent of $2,400.", sources, config=LEXICAL)
    assert report.sentences[0].citations[0].source_id == LAWYER_ID
    parsed = parse_tagged(report.tagged())
    assert parsed.marks and all(m.ids == (LAWYER_ID,) for m in parsed.marks)
    assert "<b>" not in report.html()


def test_ids_with_control_characters_are_still_refused() -> None:
    with pytest.raises(InputError, match="control characters"):
        align("Rent.", [{"id": "a\x00b", "text": "Rent."}], config=LEXICAL)


def test_parse_tagged_refuses_broken_tags() -> None:
    with pytest.raises(InputError, match="never closed"):
        parse_tagged('<cite ids="a">x')
    with pytest.raises(InputError, match="closes no citation"):
        parse_tagged("x</cite>")
    with pytest.raises(InputError, match="inside another"):
        parse_tagged('<cite ids="a"><cite ids="b">x</cite></cite>')


IDS = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from(list(',"<>&;#')),
    min_size=1,
    max_size=12,
).filter(str.strip)
PLAIN = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20).filter(
    lambda t: "<cite" not in t and "</cite>" not in t
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(PLAIN, PLAIN.filter(bool), st.lists(IDS, min_size=1, max_size=3), st.booleans()),
        max_size=5,
    ),
    PLAIN,
)
def test_parse_tagged_reads_back_what_render_tagged_wrote(
    pieces: list[tuple[str, str, list[str], bool]], tail: str
) -> None:
    text, marks = "", []
    for before, quoted, ids, paraphrase in pieces:
        text += before
        kind = "paraphrase" if paraphrase else "verbatim"
        marks.append(Mark(len(text), len(text) + len(quoted), tuple(ids), kind))
        text += quoted
    text += tail
    tagged = render_tagged(text, marks)
    parsed = parse_tagged(tagged)
    assert parsed.text == text
    assert list(parsed.marks) == marks
    # No id can open or close a tag of its own.
    assert tagged.count("<cite") == len(marks)


def test_blocks_keep_the_id_order_through_parse() -> None:
    block = Block(0, 4, (("b,1", 2), ('a"2', 1)))
    parsed = parse_tagged(render_tagged("rent", [Mark(0, 4, block.ids)]))
    assert parsed.marks[0].ids == ("b,1", 'a"2')


# --------------------------------------------------------------------------- partial


def test_a_partly_supported_sentence_cites_what_supports_it() -> None:
    # Each passage scores just under min_citation_score; together they cover 0.58.
    report = align(
        "Sales increased, costs decreased, and margins improved.",
        ["The company saw sales increased significantly.", "Operating costs decreased by 10%."],
        config=LEXICAL,
    )
    (result,) = report.sentences
    assert result.status == "partial"
    assert {c.source_id for c in result.citations} == {"S1", "S2"}
    assert all(c.kind == "paraphrase" for c in result.citations)
    assert '<cite ids="S1,S2" kind="paraphrase">' in report.tagged()


# --------------------------------------------------------------------------- end to end

TENANT_SOURCE = [
    {"id": "S3", "text": "A tenant must bring an action within one year of the end of the tenancy."}
]


def test_a_conflict_end_to_end_fails_and_is_drawn() -> None:
    """The facts stage's conflict reaches every face of the library."""
    report = align("The tenant has two years to sue.", TENANT_SOURCE, config=LEXICAL)
    (result,) = report.sentences
    assert result.status == "unsupported"
    (found,) = result.conflicts
    assert (found.text, found.evidence, found.source_id) == ("two years", "one year", "S3")
    (failure,) = report.failures()
    assert failure.describe() == (
        "sentence 1 (conflict: 'two years' vs source S3 'one year'; unsupported)"
    )
    assert report.failures({"conflict"})[0].reasons == ("conflict",)
    assert "<cite" not in report.tagged()  # never drawn as paraphrase support
    assert '<mark class="cm-conflict" title="source S3 says “one year”">two years' in (
        report.html()
    )


def test_unsupported_words_end_to_end() -> None:
    sources = ["The Tenant shall pay the monthly rent of $2,400 on the first day of each month."]
    answer = "The tenant shall pay the monthly rent of $2,400 and also owes a pet fee of $300."
    report = align(answer, sources, config=LEXICAL)
    (result,) = report.sentences
    assert result.status in ("partial", "unsupported")
    words = [report.answer[s.start : s.end] for s in result.unsupported_spans]
    assert any("pet fee" in w for w in words), words
    page = report.html()
    assert re.search(r'<span class="cm-unsupported-words">[^<]*pet fee', page)
    # Words no citation supports are never drawn inside paraphrase support.
    assert not re.search(r'<cite class="cm-paraphrase"[^>]*>[^/]*cm-unsupported-words', page)
    assert not any("pet fee" in report.answer[m.start : m.end] for m in report.marks())


# --------------------------------------------------------------------------- literal tags


def test_a_citation_tag_in_the_answer_is_no_citation() -> None:
    """An answer (a model's, perhaps a prompted one) that writes a citation tag itself
    must not hand a reader a citation nobody found: its "<" is written "&lt;"."""
    sources = [{"id": "S1", "text": "The tenant shall pay rent on the first day of each month."}]
    answer = (
        'See <cite ids="FAKE">this</cite> note &lt;cite. '
        "The tenant shall pay rent on the first day of each month."
    )
    tagged = align(answer, sources).tagged()
    assert 'ids="FAKE"' not in tagged.replace('&lt;cite ids="FAKE"', "")
    parsed = parse_tagged(tagged)
    assert parsed.text == answer
    assert [m.ids for m in parsed.marks] == [("S1",)]


LITERAL = st.lists(
    st.sampled_from(
        ['<cite ids="x">', "</cite>", "&lt;cite", "&amp;lt;/cite", "<", "&", "a ", "a", "cite"]
    ),
    max_size=6,
).map("".join)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(LITERAL, LITERAL.filter(bool), IDS), max_size=4), LITERAL)
def test_parse_tagged_gives_back_an_answer_full_of_tags(
    pieces: list[tuple[str, str, str]], tail: str
) -> None:
    text, marks = "", []
    for before, quoted, source_id in pieces:
        text += before
        marks.append(Mark(len(text), len(text) + len(quoted), (source_id,)))
        text += quoted
    text += tail
    parsed = parse_tagged(render_tagged(text, marks))
    assert parsed.text == text
    assert list(parsed.marks) == marks


def test_parse_tagged_names_an_unreadable_tag_where_it_stands() -> None:
    """An opening tag with another attribute is named where it stands, not passed over as
    text with the error blaming the ``</cite>`` after it; a blank id is no id."""
    with pytest.raises(
        InputError, match=r"unreadable citation tag at offset 0: '<cite ids=\"a\" kind"
    ):
        parse_tagged('<cite ids="a" kind="verbatim">x</cite>')
    with pytest.raises(InputError, match="unreadable citation tag at offset 27"):
        parse_tagged('<cite ids="a">x</cite> and <CITE>')
    with pytest.raises(InputError, match="citation at offset 0 has a blank id"):
        parse_tagged('<cite ids="">x</cite>')
    with pytest.raises(InputError, match="blank id"):
        parse_tagged('<cite ids="a, ">x</cite>')
    # the answer's own tags, made inert by render_tagged, read back as text
    assert parse_tagged("a &lt;cite b").text == "a <cite b"


def test_a_quoted_look_alike_reads_back_as_the_whole_text_has_it() -> None:
    """Hypothesis found this: the quote "&lt;cite" ends where the answer goes on with "a"
    ("&lt;citea"), and the guard must read the piece as the whole text reads it."""
    text = "&lt;citea "
    marks = [Mark(0, 8, ("0",))]
    parsed = parse_tagged(render_tagged(text, marks))
    assert parsed.text == text
    assert list(parsed.marks) == marks


# The lexical preset itself; LEXICAL above is the default preset read without the model.
LEXICAL_PRESET = load_config("lexical")


# --- a gate on unsourced facts ------------------------------------------------------------


def test_an_invented_amount_fails_a_gate_that_asks_for_it(cli: Any, tmp_path: Any) -> None:
    """ "Late payments incur a late fee of $500 ..." where no source states $500 is
    `partial` (the fact cap), so the default gate passes it; `unsourced` fails it, in the
    library, the CLI and the report's dict alike. The default stays unsupported and
    conflict."""
    source = (
        "5. Payment. Customer shall pay each invoice within forty-five (45) days of receipt. "
        "Late payments shall bear interest at the rate of 1.5% per month."
    )
    answer = "Late payments incur a late fee of $500 and interest at 1.5% per month."
    sources = [{"id": "msa", "text": source}]
    report = align(answer, sources, config=LEXICAL_PRESET)
    assert report.sentences[0].status == "partial"
    assert not report.failures()
    (failure,) = report.failures(fail_on={"unsupported", "conflict", "unsourced"})
    assert failure.reasons == ("unsourced",)
    assert [(f.kind, f.text) for f in failure.unsourced] == [("amount", "$500")]
    assert failure.describe() == "sentence 1 (in no source: amount '$500')"
    data = report.to_dict(fail_on="unsupported,unsourced")
    assert data["passed"] is False and data["failures"][0]["unsourced"][0]["text"] == "$500"
    files = tmp_path / "sources.json", tmp_path / "answer.txt"
    files[0].write_text(json.dumps(sources), "utf-8")
    files[1].write_text(answer, "utf-8")
    base = ["check", "--sources", str(files[0]), "--config", "lexical"]
    assert cli(*base, str(files[1])).returncode == 0
    strict = cli(*base, "--fail-on", "unsupported,conflict,unsourced", str(files[1]))
    assert strict.returncode == 1
    assert "FAIL: sentence 1 (in no source: amount '$500')" in strict.stdout


# --- the HTML page: titles and direction controls -----------------------------------------


def test_a_conflict_title_gives_the_source_value_as_written() -> None:
    """The HTML title gives the value as the source writes it, not as a Python repr
    (where a line break shows as a literal \\n and the quotes change with the value)."""
    source = [{"id": "lease", "text": "The term of this Lease is one (1)\nyear."}]
    page = align("The lease term is two years.", source, config=LEXICAL_PRESET).html()
    assert 'title="source lease says “one (1) year”"' in page


# --- the report as data: JSON and types ---------------------------------------------------


def test_a_report_dict_reads_back_from_json_as_it_was(example: dict[str, Any]) -> None:
    """A failure's ``unsourced`` is a list, so a row stored as JSON equals a fresh one."""
    report = align(example["answer"], example["sources"], config="lexical")
    data = report.to_dict(fail_on="unsupported,conflict,partial,unsourced")
    assert data["failures"]  # the example has failing sentences
    assert json.loads(json.dumps(data)) == data


def test_spans_are_typed_and_facts_exported() -> None:
    """``Report.spans()`` returns typed dicts, so slicing the answer by a span needs no cast
    under ``mypy --strict``; ``Fact`` is exported."""
    hints = typing.get_type_hints(Report.spans)
    assert hints["return"] == list[SpanDict]
    assert typing.get_type_hints(SpanDict) == {
        "start": int,
        "end": int,
        "ids": list[str],
        "kind": typing.Literal["verbatim", "paraphrase"],
    }
    assert "Fact" in citemark.__all__ and citemark.Fact.__name__ == "Fact"


def test_each_direction_control_is_fenced_off_in_the_html() -> None:
    """Direction controls in the answer could show a quote of "500 ... 900" as "900 ...
    500" (measured in Chromium in tests/test_browser.py): each is fenced off in a
    ``<bdi>``, and the page's text stays the answer."""
    source = "The monthly rent is 500 dollars and the late fee is 900 dollars."
    answer = (
        "The monthly rent is \u202e\u2066500\u2069\u2066 dollars and the late fee is "
        "\u2069\u2066900\u2069\u202c dollars."
    )
    page = align(answer, [{"id": "lease", "text": source}], config=LEXICAL_PRESET).html()
    assert page.count("<bdi>") == 8
    assert re.search("<bdi>[^<]{2,}</bdi>|[\u202a-\u202e\u2066-\u2069](?!</bdi>)", page) is None
    assert html.unescape(re.sub(r"<[^>]*>", "", page)) == answer
