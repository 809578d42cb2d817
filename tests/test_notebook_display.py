"""A report in a notebook: ``Report._repr_html_`` and ``Report.to_pandas``.

The HTML is read back with the standard library's parser, as a browser would read it:
what the tests check is which elements the fragment holds and what text they show,
not how the markup happens to be spelt.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from typing import Any

import pandas as pd
import pytest

from citemark import align
from citemark.config import load_config
from citemark.notebook import EVIDENCE_CHARS, shorten
from citemark.report import Report

LEXICAL = load_config("default").with_(mode="lexical")

# The answer that exercises every mark: a partial sentence (its last words no source
# holds), a sentence whose marker cites the wrong source, a contradicted value.
CITED_ANSWER = (
    "The tenant shall pay the monthly rent of $2,400 on the first day of each month, "
    "and must also wash the landlord's car every Sunday. Either party may terminate the "
    "lease on sixty days' notice [1]. The lease term is two years [2]."
)


class _Page(HTMLParser):
    """The elements of a fragment, the text it shows, and its table's cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.style = ""
        self.rows: list[list[str]] = []
        # the elements inside the marked answer (not the legend's samples)
        self.answer: list[tuple[str, dict[str, str]]] = []
        self._open: list[str] = []
        self._answer_depth: int | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = (tag, {k: v or "" for k, v in attrs})
        self.tags.append(element)
        if self._answer_depth is not None:
            self.answer.append(element)
        elif element[1].get("class") == "cm-answer":
            self._answer_depth = len(self._open)
        self._open.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1] == tag:
            self._open.pop()
        if self._answer_depth is not None and len(self._open) <= self._answer_depth:
            self._answer_depth = None
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] == "style":
            self.style += data
            return
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def titles(self, css: str) -> list[str]:
        """The titles of the answer's elements of class ``css``."""
        return [a.get("title", "") for _, a in self.answer if css in a.get("class", "").split()]


def page_of(report: Report) -> _Page:
    page = _Page()
    page.feed(report._repr_html_())
    page.close()
    return page


@pytest.fixture(scope="module")
def lease(example: dict[str, Any]) -> Report:
    return align(example["answer"], example["sources"], config=LEXICAL)


@pytest.fixture(scope="module")
def cited(example: dict[str, Any]) -> Report:
    """The lease's documents as plain strings (ids S1, S2, S3), cited by markers."""
    return align(CITED_ANSWER, [s["text"] for s in example["sources"]], config=LEXICAL)


def test_markup_in_the_answer_ids_and_evidence_shows_as_text() -> None:
    hostile_id = '<script>alert("id")</script>, "x" & y'
    quote = "the <script>alert(1)</script> clause binds the tenant for twelve months"
    answer = f"Under the lease, {quote}. <img src=x onerror=alert(2)> is not a claim."
    source = f"Under the lease, {quote}, as the parties agreed."
    report = align(answer, [{"id": hostile_id, "text": source}], config=LEXICAL)
    assert any(c.source_id == hostile_id for s in report.sentences for c in s.citations)
    page = page_of(report)
    # no element but those the view draws: nothing the answer, an id or a source wrote
    assert {tag for tag, _ in page.tags} <= {
        "div", "style", "span", "cite", "mark", "table", "tr", "th", "td", "q", "b", "br", "bdi"
    }  # fmt: skip
    assert not any(name.startswith("on") for _, attrs in page.tags for name in attrs)
    shown = "".join(page.text)
    assert "<script>alert(1)</script>" in shown  # the answer, and the evidence, as text
    assert "<img src=x onerror=alert(2)>" in shown
    assert hostile_id in shown  # the id in the evidence column
    assert shown.count("<script>alert(1)</script>") >= 3  # answer, sentence cell, evidence
    # the id on hover: the title names it whole, commas, quotes and markup included
    assert f"verbatim: {hostile_id}" in page.titles("cm-verbatim")


def test_the_view_shows_the_conflict_and_a_status_row_per_sentence(lease: Report) -> None:
    page = page_of(lease)
    assert page.titles("cm-conflict") == ["source lease says “one (1) year”"]
    assert [a["class"] for t, a in page.answer if t == "mark"] == ["cm-conflict"]
    head, *rows = page.rows
    assert head == ["#", "status", "score", "sentence", "evidence"]  # the answer cites nothing
    assert [row[0] for row in rows] == [str(n) for n in range(1, len(lease.sentences) + 1)]
    assert [row[1] for row in rows] == [s.status.replace("_", " ") for s in lease.sentences]
    assert [row[2] for row in rows] == [f"{s.score:.2f}" for s in lease.sentences]
    assert [row[3] for row in rows] == [s.text.strip() for s in lease.sentences]
    (contradicted,) = [row for row in rows if "two years" in row[3]]
    assert contradicted[1] == "unsupported"
    assert contradicted[4].startswith("conflict: “two years” vs source lease “one (1) year”")
    # the words no source supports are marked in the answer
    assert {t for t, a in page.answer if a.get("class") == "cm-unsupported-words"} == {"span"}


def test_the_summary_gives_the_counts_and_the_faithfulness_score(lease: Report) -> None:
    shown = " ".join("".join(page_of(lease).text).split())
    faith = lease.faithfulness()
    summary = lease.summary()
    assert f"{summary['sentences']} sentences" in shown
    assert f"{summary['supported']} supported" in shown
    assert f"{summary['unsupported']} unsupported" in shown
    assert "1 conflict" in shown
    assert f"faithfulness {faith.score:.2f} (fails the check)" in shown
    assert not faith.passed


def test_a_citing_answer_gets_a_citation_column_with_the_sources_it_should_cite(
    cited: Report,
) -> None:
    page = page_of(cited)
    head, *rows = page.rows
    assert head == ["#", "status", "score", "citation", "sentence", "evidence"]
    statuses = [s.citation_status for s in cited.sentences]
    assert statuses == ["uncited", "miscited", "miscited"]
    assert rows[1][3] == "miscitedcites S1evidence in S2"  # <br> between the parts
    metrics = cited.citation_metrics()
    shown = " ".join("".join(page.text).split())
    assert f"{metrics.miscited} miscited, {metrics.uncited} uncited" in shown


def test_each_citation_names_its_kind_and_sources_on_hover(cited: Report) -> None:
    page = page_of(cited)
    drawn = [(t, a) for t, a in page.answer if t == "cite"]
    assert drawn, "no citation drawn"
    for _, attrs in drawn:
        kind = attrs["class"].removeprefix("cm-")
        assert attrs["title"] == f"{kind}: {attrs['data-ids']}"
    kinds = {m.kind for m in cited.marks()}
    assert {a["class"] for _, a in drawn} == {f"cm-{k}" for k in kinds}


def test_the_view_is_the_same_for_the_same_report(example: dict[str, Any]) -> None:
    first = align(CITED_ANSWER, [s["text"] for s in example["sources"]], config=LEXICAL)
    again = align(CITED_ANSWER, [s["text"] for s in example["sources"]], config=LEXICAL)
    view = first._repr_html_()
    assert view == again._repr_html_() == first._repr_html_()
    # the answer in it is Report.html(), the titles aside: not a second drawing of the marks
    (answer,) = re.findall(r'<div class="cm-answer">(.*?)</div>', view, flags=re.S)
    assert re.sub(r'(<cite [^>]*?) title="[^"]*">', r"\1>", answer) == first.html()


def test_every_style_rule_is_scoped_to_the_report(lease: Report) -> None:
    """A rule for ``table`` or ``cite`` alone would restyle the whole notebook."""
    page = page_of(lease)
    assert page.tags[0] == ("div", {"class": "cm-report"})
    rules = [rule for rule in page.style.split("}") if rule.strip()]
    assert len(rules) > 20
    for rule in rules:
        for selector in rule.split("{")[0].split(","):
            assert selector.strip().startswith(".cm-report"), selector


def test_to_pandas_has_a_row_per_sentence_with_its_fields(cited: Report) -> None:
    frame = cited.to_pandas()
    assert len(frame) == len(cited.sentences)
    for (_, row), sentence in zip(frame.iterrows(), cited.sentences, strict=True):
        assert (row["start"], row["end"], row["text"]) == (
            sentence.start,
            sentence.end,
            sentence.text,
        )
        assert (row["status"], row["score"]) == (sentence.status, sentence.score)
        assert row["citation_status"] == sentence.citation_status
        assert row["suggested"] == list(sentence.suggested)
        assert row["cited"] == list(dict.fromkeys(c.source_id for c in sentence.cited))
        best = max(sentence.citations, key=lambda c: c.score)
        assert (row["source_id"], row["citation_kind"], row["evidence"]) == (
            best.source_id,
            best.kind,
            best.evidence,
        )
        assert (row["source_start"], row["source_end"]) == (best.source_start, best.source_end)
        words = [cited.answer[s.start : s.end] for s in sentence.unsupported_spans]
        assert row["unsupported_words"] == " … ".join(words)
    partial, miscited, contradicted = frame.to_dict("records")
    assert partial["unsupported_words"].endswith("every Sunday")
    assert miscited["cited"] == ["S1"] and miscited["suggested"] == ["S2"]
    assert contradicted["conflicts"] == "'two years' vs source S1 'one (1) year'"
    assert partial["conflicts"] == ""


def test_to_pandas_leaves_the_evidence_empty_where_a_sentence_has_none(lease: Report) -> None:
    frame = lease.to_pandas()
    (row,) = frame[frame["text"].str.contains("arbitration")].to_dict("records")
    assert row["status"] == "unsupported"
    assert pd.isna(row["source_id"]) and pd.isna(row["evidence"])
    assert str(frame["source_start"].dtype) == "Int64"  # the others stay integers
    assert frame["source_start"].isna().sum() == sum(not s.citations for s in lease.sentences)


def test_without_pandas_to_pandas_says_which_extra_installs_it(
    lease: Report, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citemark import batch

    monkeypatch.setitem(sys.modules, "pandas", None)  # what a missing package reads as
    with pytest.raises(ImportError, match=r'pip install "citemark\[notebook\]"') as raised:
        lease.to_pandas()
    assert raised.value.name == "pandas"
    with pytest.raises(ImportError, match=r'pip install "citemark\[notebook\]"'):
        batch.to_pandas([])
    assert "cm-report" in lease._repr_html_()  # the view needs no pandas


def test_importing_citemark_and_showing_a_report_loads_no_pandas() -> None:
    code = (
        "import json, sys, citemark, citemark.notebook, citemark.batch\n"
        "from citemark.config import load_config\n"
        "r = citemark.align('The fee is 5%.', ['The fee is 5%.'],"
        " config=load_config('default').with_(mode='lexical'))\n"
        "assert 'cm-report' in r._repr_html_()\n"
        "print(json.dumps('pandas' in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) is False


def test_long_evidence_is_cut_at_a_space_or_a_whole_character() -> None:
    words = " ".join(f"clause{n}" for n in range(60))
    cut = shorten(words)
    assert cut.endswith(" …") and len(cut) <= EVIDENCE_CHARS + 2
    assert words.startswith(cut.removesuffix(" …")) and cut[-3] != " "
    assert cut.removesuffix(" …").split()[-1] in words.split()  # a whole word
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # one emoji of five code points
    cut = shorten(family * 100).removesuffix(" …")
    assert cut == family * (len(cut) // len(family))
    assert shorten("short\n  and   plain") == "short and plain"


def test_the_table_shows_long_evidence_shortened() -> None:
    passage = (
        "The Tenant shall pay the monthly rent of two thousand four hundred dollars on the "
        "first day of each calendar month, in advance, by bank transfer to the account the "
        "Landlord names in writing, together with any late charges, utility reimbursements "
        "and other sums that fall due under this Lease during that month."
    )
    answer = (
        "Each month the tenant pays rent of two thousand four hundred dollars in advance "
        "by bank transfer."
    )
    report = align(answer, [passage], config=LEXICAL)
    (sentence,) = report.sentences
    best = max(sentence.citations, key=lambda c: c.score)
    assert len(best.evidence) > EVIDENCE_CHARS
    (row,) = page_of(report).rows[1:]
    assert row[-1] == f"S1 ({best.kind}) {shorten(best.evidence)}"
    assert row[-1].endswith(" …")
