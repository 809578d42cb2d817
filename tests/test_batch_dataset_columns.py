"""Batch input in ragas's and DeepEval's column names, their exported datasets, and batch
results as a DataFrame (``citemark.batch.to_pandas``).

The datasets are written by the libraries themselves, in a subprocess (DeepEval keeps
state in the home folder and the working directory: both are temporary there), so
that a change in what they write shows here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from citemark import align
from citemark.batch import RESULT_COLUMNS, run_batch, to_pandas
from citemark.config import load_config
from citemark.errors import InputError

LEXICAL = load_config("default").with_(mode="lexical")

# A partial sentence, a miscited one and a contradicted one (markers cite by place).
ANSWER = (
    "The tenant shall pay the monthly rent of $2,400 on the first day of each month, "
    "and must also wash the landlord's car every Sunday. Either party may terminate the "
    "lease on sixty days' notice [1]. The lease term is two years [2]."
)


@pytest.fixture(scope="module")
def contexts(example: dict[str, Any]) -> list[str]:
    """The lease example's documents as a retriever returns them: plain strings."""
    return [s["text"] for s in example["sources"]]


def namings(answer: str, contexts: list[str]) -> dict[str, dict[str, Any]]:
    """One record in each naming; citemark's own gives plain strings the ids S1, S2, …"""
    return {
        "citemark": {
            "answer": answer,
            "sources": [{"id": f"S{n}", "text": t} for n, t in enumerate(contexts, 1)],
        },
        "ragas": {"user_input": "What does the lease say?", "response": answer,
                  "retrieved_contexts": contexts},
        "deepeval": {"input": "What does the lease say?", "actual_output": answer,
                     "retrieval_context": contexts, "expected_output": None, "context": None},
    }  # fmt: skip


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), "utf-8")
    return path


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def expected(answer: str, sources: list[Any]) -> dict[str, Any]:
    return json.loads(json.dumps(align(answer, sources, config=LEXICAL).to_dict()))


# --------------------------------------------------------------------------- column names


def test_batch_reads_ragas_and_deepeval_named_records(tmp_path: Path, contexts: list[str]) -> None:
    records = list(namings(ANSWER, contexts).values())
    in_path = write_jsonl(tmp_path / "in.jsonl", records)
    stats = run_batch(in_path, tmp_path / "out.jsonl", config=LEXICAL, progress=False)
    assert (stats.written, stats.errors) == (3, 0)
    own, ragas, deepeval = read_lines(tmp_path / "out.jsonl")
    assert own["report"] == expected(ANSWER, contexts)
    assert ragas["report"] == deepeval["report"] == own["report"]
    # the plain-string contexts took the ids align gives plain-string sources
    cited = {c["source_id"] for s in ragas["report"]["sentences"] for c in s["citations"]}
    assert cited <= {"S1", "S2", "S3"} and "S1" in cited
    assert ragas["citation_metrics"] == own["citation_metrics"] is not None


def test_the_cli_batch_reads_each_naming_alike(
    cli: Any, lexical_preset: Path, tmp_path: Path, contexts: list[str]
) -> None:
    records = list(namings(ANSWER, contexts).values())
    in_path = write_jsonl(tmp_path / "in.jsonl", records)
    out_path = tmp_path / "out.jsonl"
    done = cli("batch", str(in_path), str(out_path), "--config", str(lexical_preset))
    assert done.returncode == 0, done.stderr
    assert "3 lines written" in done.stderr and "(0 error lines)" in done.stderr
    own, ragas, deepeval = read_lines(out_path)
    assert ragas["report"] == deepeval["report"] == own["report"]
    statuses = [s["citation_status"] for s in ragas["report"]["sentences"]]
    assert statuses == ["uncited", "miscited", "miscited"]
    assert [s["suggested"] for s in ragas["report"]["sentences"]] == [["S1"], ["S2"], ["S1"]]


def test_two_namings_of_one_field_are_an_error_naming_both_keys(
    tmp_path: Path, contexts: list[str]
) -> None:
    base = namings(ANSWER, contexts)
    rows = [
        {**base["citemark"], "response": ANSWER},
        {**base["ragas"], "retrieval_context": contexts},
        {**base["deepeval"], "answer": ANSWER},
        # a column of the other naming that is empty is no second answer
        {**base["ragas"], "answer": None, "sources": None},
        # the answer in one naming and the sources in another: each field has one
        {"response": ANSWER, "sources": base["citemark"]["sources"]},
    ]
    in_path = write_jsonl(tmp_path / "in.jsonl", rows)
    stats = run_batch(in_path, tmp_path / "out.jsonl", config=LEXICAL, progress=False)
    lines = read_lines(tmp_path / "out.jsonl")
    assert [line.get("error") for line in lines[:3]] == [
        "record fields 'answer' and 'response' both give the answer: keep one of them",
        "record fields 'retrieved_contexts' and 'retrieval_context' both give the sources: "
        "keep one of them",
        "record fields 'answer' and 'actual_output' both give the answer: keep one of them",
    ]
    assert lines[3]["report"] == lines[4]["report"] == expected(ANSWER, contexts)
    assert stats.errors == 3


def test_a_missing_or_null_field_names_the_key_of_the_records_naming(
    tmp_path: Path, contexts: list[str]
) -> None:
    rows = [
        {"user_input": "q", "reponse": ANSWER, "retrieved_contexts": contexts},
        {"input": "q", "actual_output": None, "expected_output": "x", "retrieval_context": []},
        {"input": "q", "expected_output": ANSWER, "retrieval_context": contexts},
        {"user_input": "q", "response": ANSWER, "reference_contexts": contexts},
        {"input": "q", "actual_output": ANSWER, "retrieval_context": None},
    ]
    in_path = write_jsonl(tmp_path / "in.jsonl", rows)
    run_batch(in_path, tmp_path / "out.jsonl", config=LEXICAL, progress=False)
    assert [line["error"] for line in read_lines(tmp_path / "out.jsonl")] == [
        "record field 'answer' is missing (is 'reponse' a misspelling of 'response'?)",
        "record field 'actual_output' must be a str, got null",
        # DeepEval's expected output is a field of its own, not a misspelt actual output
        "record field 'answer' is missing",
        "record field 'sources' is missing",
        "record field 'retrieval_context' must be a list, got null",
    ]


def test_a_deepeval_context_joined_into_one_string_is_split_as_deepeval_splits_it(
    tmp_path: Path, contexts: list[str]
) -> None:
    """DeepEval's JSONL export joins a retrieval context with "|" and its loader splits
    it there: read whole, the three documents would be one source."""
    assert not any("|" in text for text in contexts)
    rows = [
        {"input": "q", "actual_output": ANSWER, "retrieval_context": "|".join(contexts)},
        {"input": "q", "actual_output": ANSWER, "retrieval_context": ""},
    ]
    in_path = write_jsonl(tmp_path / "in.jsonl", rows)
    run_batch(in_path, tmp_path / "out.jsonl", config=LEXICAL, progress=False)
    joined, empty = read_lines(tmp_path / "out.jsonl")
    assert joined["report"] == expected(ANSWER, contexts)
    assert empty["report"] == expected(ANSWER, [])


# --------------------------------------------------------------------------- exported datasets

WRITE_DATASETS = """
import os, sys
from pathlib import Path
from ragas import EvaluationDataset as RagasDataset, SingleTurnSample
from deepeval.dataset import EvaluationDataset as DeepEvalDataset, Golden
from deepeval.test_case import LLMTestCase

out = Path(sys.argv[1])
rows = [
    (ANSWER, CONTEXTS),
    ("The tenant may not sublet the premises without the landlord's written consent.",
     CONTEXTS[:1]),
]
RagasDataset(samples=[
    SingleTurnSample(user_input="q", response=a, retrieved_contexts=c) for a, c in rows
]).to_jsonl(out / "ragas.jsonl")
dataset = DeepEvalDataset(goldens=[
    Golden(input="q", actual_output=rows[0][0], retrieval_context=rows[0][1])
])
dataset.add_test_case(
    LLMTestCase(input="q", actual_output=rows[1][0], retrieval_context=rows[1][1])
)
for kind in ("json", "jsonl"):
    dataset.save_as(kind, str(out), file_name="deepeval", include_test_cases=True)
"""


@pytest.fixture(scope="module")
def datasets(tmp_path_factory: pytest.TempPathFactory, contexts: list[str]) -> Path:
    """ragas's ``to_jsonl``, DeepEval's ``save_as("json")`` and ``save_as("jsonl")``."""
    out = tmp_path_factory.mktemp("datasets")
    home = out / "home"
    code = f"ANSWER = {ANSWER!r}\nCONTEXTS = {contexts!r}\n" + WRITE_DATASETS
    done = subprocess.run(
        [sys.executable, "-c", code, str(out)],
        capture_output=True,
        text=True,
        cwd=out,
        timeout=300,
        env={**os.environ, "HOME": str(home), "DEEPEVAL_HOME": str(home),
             "DEEPEVAL_TELEMETRY_OPT_OUT": "YES", "DEEPEVAL_DISABLE_DOTENV": "1",
             "RAGAS_DO_NOT_TRACK": "true"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("name", ["ragas.jsonl", "deepeval.json", "deepeval.jsonl"])
def test_batch_reads_the_datasets_ragas_and_deepeval_write(
    datasets: Path, tmp_path: Path, contexts: list[str], name: str
) -> None:
    source = datasets / name
    if name == "deepeval.json":
        assert source.read_text("utf-8").lstrip().startswith("[\n")  # one array, indented
    out_path = tmp_path / "out.jsonl"
    stats = run_batch(source, out_path, config=LEXICAL, progress=False)
    assert (stats.records, stats.written, stats.errors) == (2, 2, 0)
    first, second = read_lines(out_path)
    assert first["report"] == expected(ANSWER, contexts)
    sublet = "The tenant may not sublet the premises without the landlord's written consent."
    assert second["report"] == expected(sublet, contexts[:1])
    assert second["report"]["summary"]["supported"] == 1
    # a rerun resumes over the same records, whichever form they came in
    assert run_batch(source, out_path, config=LEXICAL, progress=False).skipped == 2


def test_a_json_array_on_one_line_is_a_dataset_and_a_broken_one_an_error(
    tmp_path: Path, contexts: list[str]
) -> None:
    records = list(namings(ANSWER, contexts).values())
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps([*records, [1, 2]]), "utf-8")
    stats = run_batch(compact, tmp_path / "out.jsonl", config=LEXICAL, progress=False)
    lines = read_lines(tmp_path / "out.jsonl")
    assert (stats.records, stats.errors) == (4, 1)
    assert lines[0]["report"] == lines[1]["report"] == lines[2]["report"]
    assert lines[3]["error"] == "a record must be a JSON object, got list"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(records, indent=4)[:-40], "utf-8")
    with pytest.raises(InputError, match=r"neither JSONL .* nor one JSON array \(.* line \d+"):
        run_batch(broken, tmp_path / "broken.out.jsonl", config=LEXICAL, progress=False)
    # JSONL whose first record is an array stays JSONL: that record is an error line
    lines_path = tmp_path / "lines.jsonl"
    lines_path.write_text("[1, 2]\n" + json.dumps(records[1]) + "\n", "utf-8")
    run_batch(lines_path, tmp_path / "lines.out.jsonl", config=LEXICAL, progress=False)
    array_line, record = read_lines(tmp_path / "lines.out.jsonl")
    assert array_line["error"] == "a record must be a JSON object, got list"
    assert record["report"] == lines[1]["report"]


# --------------------------------------------------------------------------- to_pandas


@pytest.fixture(scope="module")
def batch_output(tmp_path_factory: pytest.TempPathFactory, contexts: list[str]) -> Path:
    """Results with a partial, a miscited and a contradicted sentence, an answer that
    cites nothing, and an error line."""
    base = namings(ANSWER, contexts)
    plain = "Either party may terminate the lease on sixty days' notice. Rent is due daily."
    rows = [
        {**base["ragas"], "id": "cites"},
        {"id": 7, "answer": plain, "sources": contexts},
        {"id": "broken", "answer": "", "sources": contexts},
    ]
    folder = tmp_path_factory.mktemp("results")
    in_path = write_jsonl(folder / "in.jsonl", rows)
    run_batch(in_path, folder / "out.jsonl", config=LEXICAL, progress=False)
    return folder / "out.jsonl"


def test_batch_to_pandas_has_a_row_per_result_line(batch_output: Path, contexts: list[str]) -> None:
    frame = to_pandas(batch_output)
    lines = read_lines(batch_output)
    assert list(frame.columns) == list(RESULT_COLUMNS)
    assert len(frame) == len(lines) == 3
    assert frame["id"].tolist() == ["cites", 7, "broken"]
    assert frame["index"].tolist() == [0, 1, 2]
    for row, line in zip(frame.to_dict("records")[:2], lines[:2], strict=True):
        report = line["report"]
        summary = report["summary"]
        for name in ("sentences", "supported", "partial", "unsupported", "no_claim", "conflicts"):
            assert row[name] == summary[name], name
        assert row["claims"] == summary["sentences"] - summary["no_claim"]
        assert (row["passed"], row["failures"]) == (report["passed"], len(report["failures"]))
        assert row["coverage"] == summary["coverage"]
        assert row["carries_citations"] == line["carries_citations"]
        assert (row["mode"], row["config"]) == (report["mode"], report["config"])
        assert pd.isna(row["error"])
    cites, plain, broken = frame.to_dict("records")
    assert cites["partial"] == 1 and cites["conflicts"] == 1  # the score's partial credit
    for key, value in lines[0]["citation_metrics"].items():
        assert cites[f"citation_{key}"] == value, key
    assert (cites["citation_miscited"], cites["citation_uncited"]) == (2, 1)
    assert plain["carries_citations"] is not pd.NA and not plain["carries_citations"]
    assert all(pd.isna(plain[f"citation_{key}"]) for key in ("recall", "miscited"))
    assert broken["error"] == lines[2]["error"] == "answer is empty: there is nothing to check"
    assert all(pd.isna(broken[name]) for name in ("passed", "faithfulness", "sentences"))
    # counts stay integers beside the error line's empty cells
    assert str(frame["sentences"].dtype) == "Int64"


def test_batch_to_pandas_gives_each_answers_faithfulness(
    batch_output: Path, contexts: list[str]
) -> None:
    frame = to_pandas(batch_output)
    cited = align(ANSWER, contexts, config=LEXICAL).faithfulness()
    plain = "Either party may terminate the lease on sixty days' notice. Rent is due daily."
    uncited = align(plain, contexts, config=LEXICAL).faithfulness()
    assert frame["faithfulness"].tolist()[:2] == [cited.score, uncited.score]
    assert frame["passed"].tolist()[:2] == [cited.passed, uncited.passed]
    assert 0 < cited.score < 1


def test_batch_to_pandas_reads_result_dicts_and_lines_alike(batch_output: Path) -> None:
    text = batch_output.read_text("utf-8")
    from_path = to_pandas(batch_output)
    pd.testing.assert_frame_equal(to_pandas([json.loads(x) for x in text.splitlines()]), from_path)
    pd.testing.assert_frame_equal(to_pandas(text.splitlines(keepends=True)), from_path)
    # a line still being written is not a result yet
    cut = batch_output.with_name("cut.jsonl")
    cut.write_text(text[: text.rindex("\n", 0, -1) + 1] + text.splitlines()[-1][:30], "utf-8")
    pd.testing.assert_frame_equal(to_pandas(cut), from_path.iloc[:2])
    assert list(to_pandas([]).columns) == list(RESULT_COLUMNS)
    with pytest.raises(InputError, match="line 1 is not a citemark batch result line"):
        to_pandas(write_jsonl(batch_output.with_name("input.jsonl"), [{"answer": "x"}]))
