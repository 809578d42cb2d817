"""``citemark eval`` on answers that cite: citation metrics per dataset where answers
carry citations, a plain "none" where none does, and a record's ``citations`` used."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from citemark.config import load_config
from citemark.evaluate import CitationTotals, predict, read_records, summarize
from citemark.pipeline import align

LEXICAL = load_config("default").with_(mode="lexical")
SOURCES = [
    {"id": "S1", "text": "The tenant may sue within one year after the tenancy ends."},
    {"id": "S2", "text": "The landlord must return the deposit within 21 days."},
]
PLAIN = "The tenant may sue within one year. The landlord must return the deposit in 21 days."
MARKED = (
    "The tenant may sue within one year [2]. The landlord must return the deposit in 21 days. [2]"
)


def record(record_id: str, dataset: str, answer: str, citations: object = None) -> dict[str, Any]:
    """An evalset record of two supported sentences, split at the first stop."""
    cut = answer.index(". ") + 1
    data: dict[str, Any] = {
        "id": record_id,
        "dataset": dataset,
        "answer": answer,
        "sources": SOURCES,
        "sentences": [
            {"start": 0, "end": cut, "label": "supported"},
            {"start": cut + 1, "end": len(answer), "label": "supported"},
        ],
    }
    if citations is not None:
        data["citations"] = citations
    return data


RECORDS = [
    record("a", "cited", MARKED),
    record("b", "cited", PLAIN, [{"start": 0, "end": 35, "sources": [{"id": "S1"}]}]),
    record("c", "plain", PLAIN),
]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    return path


def test_a_dataset_whose_answers_cite_gets_micro_averaged_citation_metrics(
    tmp_path: Path,
) -> None:
    summary = summarize(list(predict(read_records(write(tmp_path / "e.jsonl", RECORDS)), LEXICAL)))
    cited = summary["cited"]["all"]["citations"]
    assert (cited["answers"], cited["cited_answers"]) == (2, 2)
    assert (cited["claims"], cited["recalled_claims"], cited["recall"]) == (4, 2, 0.5)
    assert (cited["citations"], cited["supporting_citations"]) == (3, 2)
    assert cited["precision"] == round(2 / 3, 4)
    assert (cited["miscited"], cited["uncited"], cited["correct"]) == (1, 1, 2)
    assert summary["plain"]["all"]["citations"] is None


def test_the_totals_of_one_answer_are_its_citation_metrics(tmp_path: Path) -> None:
    """Eval and batch count what ``Report.citation_metrics`` counts, claim by claim."""
    for data in RECORDS[:2]:
        report = align(data["answer"], SOURCES, config=LEXICAL, citations=data.get("citations"))
        metrics = report.citation_metrics()
        totals = CitationTotals.of_report(report)
        assert (totals.recall, totals.precision) == (metrics.recall, metrics.precision)
        assert (totals.claims, totals.citations, totals.miscited, totals.uncited) == (
            metrics.claims,
            metrics.citations,
            metrics.miscited,
            metrics.uncited,
        )
        # and from the predictions of the gold sentences, as eval counts them
        path = write(tmp_path / f"{data['id']}.jsonl", [data])
        assert CitationTotals.of_predictions(predict(read_records(path), LEXICAL)) == totals


def test_eval_prints_the_citation_table_and_says_which_data_cites_nothing(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    path = write(tmp_path / "e.jsonl", RECORDS)
    table = cli("eval", str(path), "--config", str(lexical_preset))
    assert table.returncode == 0, table.stderr
    assert "| cited | all | 2 of 2 | 4 | 0.500 | 3 | 0.667 | 2 | 1 | 1 | 0 |" in table.stdout
    assert "No answer carries citations in: plain." in table.stdout
    as_json = cli("eval", str(path), "--config", str(lexical_preset), "--json")
    data = json.loads(as_json.stdout)
    assert data["citations"]["cited_answers"] == 2 and data["citations"]["answers"] == 3
    assert data["results"]["plain"]["all"]["citations"] is None


def test_eval_of_answers_that_cite_nothing_says_so_instead_of_zeros(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    path = write(tmp_path / "plain.jsonl", [RECORDS[2]])
    table = cli("eval", str(path), "--config", str(lexical_preset))
    assert table.returncode == 0, table.stderr
    assert "Citations: no answer carries citations (no citation metrics)." in table.stdout
    assert "citation recall" not in table.stdout
    as_json = cli("eval", str(path), "--config", str(lexical_preset), "--json")
    assert json.loads(as_json.stdout)["citations"] is None
