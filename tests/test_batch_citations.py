"""``citemark batch`` on answers that cite: each line's citation metrics, a record's
structured ``citations`` passed through, and the totals over the whole output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from citemark.batch import align_record, run_batch, written_citations
from citemark.config import load_config
from citemark.evaluate import CitationTotals
from citemark.pipeline import align

LEXICAL = load_config("default").with_(mode="lexical")
SOURCES = [
    {"id": "S1", "text": "The tenant may sue within one year after the tenancy ends."},
    {"id": "S2", "text": "The landlord must return the deposit within 21 days."},
]
PLAIN = "The tenant may sue within one year. The landlord must return the deposit in 21 days."
RECORDS: list[dict[str, Any]] = [
    # the first sentence cites the wrong source, the second the right one
    {
        "id": "markers",
        "answer": "The tenant may sue within one year [2]. The landlord must return the "
        "deposit in 21 days. [2]",
        "sources": SOURCES,
    },
    {"id": "plain", "answer": PLAIN, "sources": SOURCES},
    # Cohere's citations: the first sentence cites S1, the second nothing
    {
        "id": "cohere",
        "answer": PLAIN,
        "sources": SOURCES,
        "citations": [{"start": 0, "end": 35, "sources": [{"id": "S1"}]}],
    },
]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    return path


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_each_line_carries_its_answer_s_citation_metrics_or_null(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    run_batch(write(tmp_path / "in.jsonl", RECORDS), out, config=LEXICAL, progress=False)
    rows = {row["id"]: row for row in lines(out)}
    assert [rows[i]["carries_citations"] for i in ("markers", "plain", "cohere")] == [
        True,
        False,
        True,
    ]
    assert rows["plain"]["citation_metrics"] is None
    markers = rows["markers"]["citation_metrics"]
    assert (markers["recall"], markers["precision"]) == (0.5, 0.5)
    assert (markers["miscited"], markers["uncited"], markers["correct"]) == (1, 0, 1)
    assert (markers["recalled_claims"], markers["claims"]) == (1, 2)
    assert (markers["supporting_citations"], markers["citations"]) == (1, 2)
    # the record's structured citations were passed to align
    cohere = rows["cohere"]
    expected = align(PLAIN, SOURCES, config=LEXICAL, citations=RECORDS[2]["citations"])
    assert cohere["report"] == json.loads(json.dumps(expected.to_dict()))
    assert [s["citation_status"] for s in cohere["report"]["sentences"]] == ["correct", "uncited"]
    assert (cohere["citation_metrics"]["uncited"], cohere["citation_metrics"]["precision"]) == (
        1,
        1.0,
    )


def test_the_totals_sum_the_counts_and_micro_average_recall_and_precision(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out.jsonl"
    stats = run_batch(write(tmp_path / "in.jsonl", RECORDS), out, config=LEXICAL, progress=False)
    totals = stats.citations
    assert (totals.answers, totals.cited_answers) == (3, 2)  # the plain answer counts for none
    assert (totals.claims, totals.recalled_claims) == (4, 2)
    assert (totals.citations, totals.supporting_citations) == (3, 2)
    assert (totals.miscited, totals.uncited, totals.correct) == (1, 1, 2)
    # over citations, not the mean of the answers' precisions (0.5 and 1.0)
    assert totals.precision == round(2 / 3, 4) != (0.5 + 1.0) / 2
    assert totals.recall == 0.5


def test_a_resumed_batch_counts_the_lines_an_earlier_run_wrote(tmp_path: Path) -> None:
    source = write(tmp_path / "in.jsonl", RECORDS)
    out = tmp_path / "out.jsonl"
    whole = run_batch(source, out, config=LEXICAL, progress=False).citations
    kept = out.read_text("utf-8").splitlines(keepends=True)[:2]
    out.write_text("".join(kept), "utf-8")
    resumed = run_batch(source, out, config=LEXICAL, progress=False)
    assert (resumed.skipped, resumed.written) == (2, 1)
    assert resumed.citations == whole
    assert run_batch(source, out, config=LEXICAL, progress=False).citations == whole


def test_a_line_without_citation_fields_counts_as_an_answer_that_cites_nothing() -> None:
    line = align_record(RECORDS[0], 0, LEXICAL)
    assert written_citations(line).cited_answers == 1
    row = json.loads(line)
    del row["carries_citations"], row["citation_metrics"]
    assert written_citations(json.dumps(row, separators=(",", ":"))) == CitationTotals(answers=1)


def test_a_record_with_bad_citations_is_an_error_line_naming_the_field() -> None:
    record = {**RECORDS[2], "citations": [{"start": 0, "end": 500, "sources": ["S1"]}]}
    row = json.loads(align_record(record, 4, LEXICAL))
    assert row["error"].startswith("citations[0].end: 500 is past the answer's end")
    assert "citation_metrics" not in row


def test_the_command_says_how_the_answers_cite_or_that_none_does(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    cited = cli(
        "batch", str(write(tmp_path / "in.jsonl", RECORDS)), str(tmp_path / "out.jsonl"),
        "--config", str(lexical_preset),
    )  # fmt: skip
    assert cited.returncode == 0, cited.stderr
    assert (
        "batch citations: 2 of 3 answers carry citations; over them: citation recall 0.500 "
        "(2 of 4 claims), citation precision 0.667 (2 of 3 citations), 1 miscited, 1 uncited"
    ) in cited.stderr
    plain = cli(
        "batch", str(write(tmp_path / "plain.jsonl", [RECORDS[1]])),
        str(tmp_path / "plain-out.jsonl"), "--config", str(lexical_preset),
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    assert "batch citations: no answer carries citations (1 answer): no citation metrics" in (
        plain.stderr
    )
    assert "citation recall" not in plain.stderr
