"""The four-file eval: with no file named (or ``--all``) ``citemark eval`` reads LFQA,
WiCE, VitaminC and SummEdits from the dev data folder and reports each apart, with
LFQA's systems and SummEdits' domains in rows of their own; and the split keeps a
VitaminC case and a SummEdits document on one side. Tiny fixture files stand in for
the dev data, which never enters the repository."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citemark.config import load_config
from citemark.errors import InputError
from citemark.evaluate import (
    DEV_FILES,
    dev_data_dir,
    eval_paths,
    format_table,
    predict,
    read_records,
    split_of,
    summarize,
)

LEXICAL = load_config("default").with_(mode="lexical")
SOURCE = "The tenant may sue within one year after the tenancy ends. Rent is due monthly."


def _record(
    record_id: str, dataset: str, answer: str, label: str, meta: dict[str, Any], source: str
) -> dict[str, Any]:
    return {
        "id": record_id,
        "dataset": dataset,
        "answer": answer,
        "sources": [{"id": "doc", "text": source}],
        "sentences": [{"start": 0, "end": len(answer), "label": label}],
        "meta": meta,
    }


def _fixture(folder: Path) -> Path:
    """Four tiny dev files: LFQA with two systems, WiCE, VitaminC with two cases,
    SummEdits with two domains."""
    supported = "The tenant may sue within one year."
    invented = "The landlord owes a fee of 900 dollars."
    files = {
        "lfqa.jsonl": [
            _record(f"lfqa-{s}-q1", "lfqa", a, g, {"system": s, "question_id": "q1"}, SOURCE)
            for s, a, g in (("webgpt", supported, "supported"), ("gpt3", invented, "unsupported"))
        ],
        "wice.jsonl": [
            _record("wice-1", "wice", supported, "supported", {}, SOURCE),
            _record("wice-2", "wice", invented, "partial", {}, SOURCE),
        ],
        "vitaminc.jsonl": [
            _record(f"vitc-{c}_{n}", "vitaminc", a, g, {"case_id": c}, SOURCE)
            for c in ("c1", "c2")
            for n, (a, g) in enumerate(((supported, "supported"), (invented, "unsupported")))
        ],
        "summedits.jsonl": [
            _record(f"summedits-{d}-x_{n}", "summedits", a, g, {"domain": d}, f"{d}: {SOURCE}")
            for d in ("news", "podcast")
            for n, (a, g) in enumerate(((supported, "supported"), (invented, "unsupported")))
        ],
    }
    for name, records in files.items():
        (folder / name).write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    return folder


def test_no_file_named_reads_the_four_dev_files_in_order(tmp_path: Path) -> None:
    folder = _fixture(tmp_path)
    assert eval_paths([], data_dir=folder) == [folder / name for name in DEV_FILES]
    assert [p.name for p in eval_paths([], data_dir=folder)] == [
        "lfqa.jsonl",
        "wice.jsonl",
        "vitaminc.jsonl",
        "summedits.jsonl",
    ]


def test_all_adds_the_dev_files_to_the_named_ones_without_reading_one_twice(
    tmp_path: Path,
) -> None:
    (tmp_path / "dev").mkdir()
    folder = _fixture(tmp_path / "dev")
    extra = tmp_path / "mine.jsonl"
    extra.write_text((folder / "wice.jsonl").read_text("utf-8"), "utf-8")
    assert eval_paths([extra, folder / "wice.jsonl"], all_files=True, data_dir=folder) == [
        *(folder / name for name in DEV_FILES),
        extra,
    ]
    # Named files alone, without --all, are read as named.
    assert eval_paths([extra], data_dir=folder) == [extra]


def test_an_absent_dev_file_is_named_in_the_error(tmp_path: Path) -> None:
    folder = _fixture(tmp_path)
    (folder / "summedits.jsonl").unlink()
    with pytest.raises(InputError, match=r"summedits\.jsonl"):
        eval_paths([], data_dir=folder)


def test_the_data_folder_comes_from_citemark_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CITEMARK_DATA", str(tmp_path))
    assert dev_data_dir() == tmp_path
    monkeypatch.delenv("CITEMARK_DATA")
    assert dev_data_dir() == Path("..") / "shared" / "data"


def test_each_file_gets_its_row_with_lfqa_systems_and_summedits_domains(tmp_path: Path) -> None:
    folder = _fixture(tmp_path)
    predictions = [
        p for path in eval_paths([], data_dir=folder) for p in predict(read_records(path), LEXICAL)
    ]
    summary = summarize(predictions)
    assert set(summary) == {"lfqa", "wice", "vitaminc", "summedits"}
    assert set(summary["lfqa"]["systems"]) == {"webgpt", "gpt3"}
    assert set(summary["summedits"]["systems"]) == {"news", "podcast"}
    assert summary["vitaminc"]["systems"] == {}
    assert summary["vitaminc"]["all"]["sentences"] == 4
    table = format_table(summary).splitlines()
    first_cells = [tuple(c.strip() for c in line.split("|")[1:3]) for line in table]
    for row in (
        ("lfqa", "all"),
        ("lfqa", "webgpt"),
        ("wice", "all"),
        ("vitaminc", "all"),
        ("summedits", "all"),
        ("summedits", "news"),
        ("summedits", "podcast"),
    ):
        assert first_cells.count(row) == 1, row


def test_a_vitaminc_case_and_a_summedits_document_stay_on_one_side_of_the_split(
    tmp_path: Path,
) -> None:
    folder = _fixture(tmp_path)
    vitaminc = list(read_records(folder / "vitaminc.jsonl"))
    assert {r.group for r in vitaminc} == {"vitaminc:c1", "vitaminc:c2"}
    summedits = list(read_records(folder / "summedits.jsonl"))
    # the two domains' documents differ; the two edits of one document share a group
    groups = {r.group for r in summedits}
    assert len(groups) == 2 and all(
        g.startswith(("summedits:news:", "summedits:podcast:")) for g in groups
    )
    for records in (vitaminc, summedits):
        by_group: dict[str, set[str]] = {}
        for r in records:
            by_group.setdefault(r.group, set()).add(split_of(r))
        assert all(len(sides) == 1 for sides in by_group.values())
    # A record that names no group stands alone, as before.
    assert {r.group for r in read_records(folder / "wice.jsonl")} == {"wice:wice-1", "wice:wice-2"}


def test_citemark_eval_with_no_file_or_all_reports_the_four_files(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    folder = _fixture(tmp_path)
    for extra in ((), ("--all",)):
        result = cli("eval", *extra, "--data", str(folder), "--config", str(lexical_preset))
        assert result.returncode == 0, result.stderr
        rows = [
            tuple(c.strip() for c in line.split("|")[1:3]) for line in result.stdout.splitlines()
        ]
        for row in (
            ("lfqa", "all"),
            ("lfqa", "webgpt"),
            ("wice", "all"),
            ("vitaminc", "all"),
            ("summedits", "all"),
            ("summedits", "news"),
        ):
            assert rows.count(row) == 1, (row, result.stdout)
    (folder / "vitaminc.jsonl").unlink()
    refused = cli("eval", "--data", str(folder), "--config", str(lexical_preset))
    assert refused.returncode != 0 and "vitaminc.jsonl" in refused.stderr
