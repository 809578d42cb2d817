"""The ``citemark`` command through its real entry point (``python -m citemark``).

Scripts rely on the exit status (0 fine, 1 ``check`` found a problem, 2 could
not run) and on errors being one line without a traceback; these tests hold the
CLI to exactly that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

SUPPORTED = "The tenant shall pay the monthly rent of $2,400 on the first day of each month.\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory, example: dict[str, Any]) -> dict[str, Path]:
    """Sources, phrases and answers on disk, as a user would have them."""
    root = tmp_path_factory.mktemp("cli")
    paths = {
        "sources": root / "sources.json",
        "phrases": root / "phrases.json",
        "answer": root / "answer.txt",
        "supported": root / "supported.txt",
        "markup": root / "markup.txt",
        "empty": root / "empty.txt",
        "bad": root / "bad.json",
    }
    paths["sources"].write_text(json.dumps(example["sources"]), "utf-8")
    paths["phrases"].write_text(json.dumps(example["phrases"]), "utf-8")
    paths["answer"].write_text(example["answer"] + "\n", "utf-8")
    paths["supported"].write_text(SUPPORTED, "utf-8")
    paths["markup"].write_text("<b>Note:</b> " + SUPPORTED, "utf-8")
    paths["empty"].write_text(" \n\t\n", "utf-8")
    paths["bad"].write_text('[{"id": "lease", "text": ', "utf-8")
    return paths


def one_line_error(result: Any) -> str:
    """The error a failed command printed: exactly one line, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


@pytest.mark.parametrize("command", ["", "tag", "check", "batch", "serve", "demo", "eval"])
def test_every_command_has_help_with_an_example(cli: Any, command: str) -> None:
    result = cli(*[c for c in [command] if c], "--help")
    assert result.returncode == 0, result.stderr
    assert "Example" in result.stdout
    assert f"citemark {command}".strip() in result.stdout


# --------------------------------------------------------------------------- check


def test_check_passes_when_every_sentence_is_supported(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = cli(
        "check", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        input=SUPPORTED,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK: 1 sentence: 1 supported")


def test_check_fails_on_an_unsupported_sentence(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = cli(
        "check", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        str(files["answer"]),
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    # Sentence 5 ("two years" against the lease's "one (1) year") is a conflict, which
    # the facts stage reports.
    assert lines[0].startswith("UNSUPPORTED [5]")
    assert lines[1].strip() == (
        "conflict: 'two years' vs source lease 'one (1) year' [rule: value]"
    )
    seventh = next(n for n, line in enumerate(lines) if line.startswith("UNSUPPORTED [7]"))
    assert "Disputes will be resolved by arbitration in Delaware." in lines[seventh]
    # Names do not cap under this preset, so it does not look them up in every source.
    assert lines[seventh + 1].strip() == "missing facts: name 'Delaware'"
    # The last line names each failing sentence and why.
    assert lines[-1].startswith(
        "FAIL: sentence 5 (conflict: 'two years' vs source lease 'one (1) year'; unsupported); "
        "sentence 7 (unsupported) ("
    )


def test_check_fails_under_min_coverage_and_json_parses(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = cli(
        "check", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        "--format", "json", "--min-coverage", "0.99", str(files["supported"]),
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["summary"]["unsupported"] == 0
    assert report["sentences"][0]["status"] == "supported"
    assert report["check"]["passed"] is False
    assert "under --min-coverage 99%" in report["check"]["failures"][0]
    assert result.stderr.startswith("FAIL: verbatim coverage")


@pytest.mark.parametrize(
    ("case", "args", "stdin", "message"),
    [
        ("bad JSON", ["--sources", "{bad}", "{supported}"], None, "invalid JSON"),
        ("no sources file", ["--sources", "{missing}", "{supported}"], None,
         "(--sources): no such file"),
        ("no answer file", ["--sources", "{sources}", "{missing}"], None, "No such file"),
        ("unknown preset", ["--sources", "{sources}", "--config", "nope", "{supported}"], None,
         "unknown preset 'nope'"),
        ("empty answer file", ["--sources", "{sources}", "{empty}"], None, "answer is empty"),
        ("empty stdin", ["--sources", "{sources}"], "  \n", "answer is empty"),
        ("phrase map", ["--sources", "{phrases}", "{supported}"], None, "needs a list"),
        ("no --sources", ["{supported}"], None, "Missing option '--sources'"),
        ("bad coverage", ["--sources", "{sources}", "--min-coverage", "2", "{supported}"], None,
         "--min-coverage"),
    ],
    ids=lambda v: v if isinstance(v, str) and " " in v else None,
)  # fmt: skip
def test_check_cannot_run_exits_2_with_one_line(
    cli: Any,
    files: dict[str, Path],
    case: str,
    args: list[str],
    stdin: str | None,
    message: str,
) -> None:
    names = {k: str(v) for k, v in files.items()} | {"missing": str(files["answer"]) + ".nope"}
    result = cli("check", *[a.format(**names) for a in args], input=stdin)
    assert message in one_line_error(result)


# --------------------------------------------------------------------------- tag


def test_tag_documents_as_text(cli: Any, files: dict[str, Path], lexical_preset: Path) -> None:
    result = cli(
        "tag", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        str(files["answer"]),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert '<cite ids="lease">' in result.stdout
    assert 'kind="paraphrase"' in result.stdout
    assert result.stdout.endswith("Delaware.\n")


def test_tag_documents_as_html_escapes_the_answer(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = cli(
        "tag", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        "--format", "html", str(files["markup"]),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("&lt;") == 2 and result.stdout.count("&gt;") == 2
    assert "<b>" not in result.stdout and "</b>" not in result.stdout
    assert '<cite class="cm-verbatim" data-ids="lease">' in result.stdout


def test_tag_phrases_from_stdin_as_json(
    cli: Any, files: dict[str, Path], example: dict[str, Any]
) -> None:
    result = cli(
        "tag", "--sources", str(files["phrases"]), "--format", "json", input=example["answer"]
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"tagged", "spans", "coverage"}
    assert '<cite ids="lease">monthly rent of $2,400</cite>' in data["tagged"]
    assert data["spans"][0]["ids"] == ["lease"]


def test_tag_errors_are_one_line(cli: Any, files: dict[str, Path]) -> None:
    assert "answer is empty" in one_line_error(cli("tag", "--sources", str(files["phrases"])))
    result = cli("tag", "--sources", str(files["phrases"]), "--format", "xml", input="x")
    assert "'xml' is not one of" in one_line_error(result)


# --------------------------------------------------------------------------- demo, eval, batch


def test_demo_runs(cli: Any, lexical_preset: Path) -> None:
    result = cli("demo", "--config", str(lexical_preset))
    assert result.returncode == 0, result.stderr
    assert "== Report ==" in result.stdout and "UNSUPPORTED" in result.stdout


def test_demo_writes_the_example_as_the_files_the_readme_checks(cli: Any, tmp_path: Path) -> None:
    """``citemark demo --write DIR`` gives the answer and sources the README's ``check``
    example reads, and ``check`` on them prints what the README shows."""
    folder = tmp_path / "lease"
    written = cli("demo", "--write", str(folder))
    assert written.returncode == 0, written.stderr
    sources, answer = folder / "sources.json", folder / "answer.txt"
    assert f"citemark check --sources {sources} {answer}" in written.stdout
    result = cli("check", "--sources", str(sources), str(answer))
    assert result.returncode == 1
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("prints:\n\n```\n", 1)[1].split("```", 1)[0]
    printed = "\n".join(part for part in (result.stdout.strip(), result.stderr.strip()) if part)
    assert printed == shown.strip()


def test_eval_scores_an_evalset_file(
    cli: Any, tmp_path: Path, example: dict[str, Any], lexical_preset: Path
) -> None:
    answer = example["answer"]
    first, last = answer.index(". ") + 1, answer.rindex(". ") + 2
    record = {
        "id": "lease-1",
        "dataset": "example",
        "answer": answer,
        "sources": example["sources"],
        "sentences": [
            {"start": 0, "end": first, "label": "supported", "evidence": []},
            {"start": last, "end": len(answer), "label": "unsupported", "evidence": []},
        ],
    }
    path = tmp_path / "tiny.jsonl"
    path.write_text(json.dumps(record) + "\n", "utf-8")
    result = cli("eval", str(path), "--config", str(lexical_preset), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["split"] == "all"
    cap = json.loads(result.stdout)["results"]["example"]["fact_cap"]
    assert (cap["sentences"], cap["base_rate"]) == (2, 0.5)
    table = cli("eval", str(path), "--config", str(lexical_preset))
    assert "| data | sentences | base rate | capped | cap precision |" in table.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1}\n', "utf-8")
    assert "not an evalset v1 record (missing field 'dataset')" in one_line_error(
        cli("eval", str(bad))
    )
    # a misspelt gold label is refused: read as a label no status equals, it would make
    # every metric wrong, with exit 0
    record["sentences"][1]["label"] = "Supported"
    bad.write_text(json.dumps(record) + "\n", "utf-8")
    refused = cli("eval", str(bad), "--config", str(lexical_preset))
    assert refused.returncode == 2
    assert "bad.jsonl:1: not an evalset v1 record (sentence 1: label 'Supported' is not one of" in (
        one_line_error(refused)
    )


def test_batch_writes_one_line_per_record(
    cli: Any, tmp_path: Path, example: dict[str, Any], lexical_preset: Path
) -> None:
    source = tmp_path / "in.jsonl"
    records = [
        {"id": "a", "answer": example["answer"], "sources": example["sources"]},
        {"id": "b", "answer": SUPPORTED, "sources": example["sources"]},
    ]
    source.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    target = tmp_path / "out.jsonl"
    result = cli("batch", str(source), str(target), "--config", str(lexical_preset))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in target.read_text("utf-8").splitlines()]
    assert [line["id"] for line in lines] == ["a", "b"]
    # Sentence 7 (Delaware), and sentence 5 since the facts stage finds its conflict.
    assert lines[0]["report"]["summary"]["unsupported"] == 2
    assert lines[0]["report"]["summary"]["conflicts"] == 1
    assert "2 lines written" in result.stderr
    result = cli("batch", str(source), str(target), "--config", "nope")
    assert "unknown preset" in one_line_error(result)


# --------------------------------------------------------------------------- check: fail rules


def test_check_fails_on_partial_only_when_asked(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    sources = tmp_path / "sales.json"
    sources.write_text(
        json.dumps(
            ["The company saw sales increased significantly.", "Operating costs decreased by 10%."]
        ),
        "utf-8",
    )
    answer = "Sales increased, costs decreased, and margins improved.\n"
    base = ["check", "--sources", str(sources), "--config", str(lexical_preset)]
    lenient = cli(*base, input=answer)
    assert lenient.returncode == 0, lenient.stdout + lenient.stderr
    assert lenient.stdout.startswith("PARTIAL     [1]")
    assert lenient.stdout.splitlines()[-1].startswith("OK: 1 sentence: 0 supported, 1 partial")
    strict = cli(
        *base, "--fail-on", "unsupported,conflict,partial", "--format", "json", input=answer
    )
    assert strict.returncode == 1, strict.stderr
    report = json.loads(strict.stdout)
    assert [f["number"] for f in report["failures"]] == [1]
    assert report["passed"] is False and report["check"]["passed"] is False
    assert report["check"]["fail_on"] == ["conflict", "partial", "unsupported"]
    assert report["check"]["failures"] == ["sentence 1 (partial)"]
    assert strict.stderr.startswith("FAIL: sentence 1 (partial) (")


def test_check_passes_over_a_lead_in(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = cli(
        "check", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        "--fail-on", "unsupported,partial", input="Here are the main points:\n" + SUPPORTED,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(
        "OK: 2 sentences: 1 supported, 0 partial, 0 unsupported, 1 no claim;"
    )
    # A claim that merely begins like a lead-in is judged, and fails.
    claim = cli(
        "check", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        input="In summary, the tenant owes $9,900 in damages.\n",
    )  # fmt: skip
    assert claim.returncode == 1, claim.stdout
    # (damages owed are no charge the lease names: unsupported, not a conflict with its
    # rent of "$2,400")
    assert claim.stdout.splitlines()[-1].startswith("FAIL: sentence 1 (unsupported)")


def test_check_refuses_an_unknown_fail_condition(cli: Any, files: dict[str, Path]) -> None:
    result = cli("check", "--sources", str(files["sources"]), "--fail-on", "partiall",
                 str(files["supported"]))  # fmt: skip
    line = one_line_error(result)
    assert "unknown condition 'partiall'" in line and "--fail-on" in line


def test_check_text_shows_conflicts_and_unsupported_words() -> None:
    """The lines ``check`` prints for a hand-built report (until the facts stage lands)."""
    from citemark.cli import format_problems
    from citemark.report import Conflict, Report, SentenceResult
    from citemark.types import Span

    answer = "The tenant has two years to sue. Rent is due weekly and in cash."
    two = answer.index("two years")
    cash = answer.index("in cash")
    conflict = Conflict("duration", "two years", two, two + 9, "one year", "S3", 2, 40, 48)
    first = SentenceResult(0, 32, answer[:32], "unsupported", 0.2, {}, {}, (), (), (conflict,))
    second = SentenceResult(33, len(answer), answer[33:], "partial", 0.5, {}, {}, (), (), (),
                            (Span(cash, cash + 7),))  # fmt: skip
    text = format_problems(Report(answer, (first, second), (), "lexical", "default"))
    lines = text.splitlines()
    assert lines[0].startswith("UNSUPPORTED [1]")
    assert lines[1].strip() == "conflict: 'two years' vs source S3 'one year'"
    assert lines[2].startswith("PARTIAL")
    assert lines[3].strip() == "unsupported words: 'in cash'"


def test_check_fails_on_a_conflict_and_says_so(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    sources = tmp_path / "tenancy.json"
    text = "A tenant must bring an action within one year of the end of the tenancy."
    sources.write_text(json.dumps([{"id": "S3", "text": text}]), "utf-8")
    base = ["check", "--sources", str(sources), "--config", str(lexical_preset)]
    result = cli(*base, input="The tenant has two years to sue.\n")
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert "            conflict: 'two years' vs source S3 'one year' [rule: value]" in lines
    assert lines[-1].startswith(
        "FAIL: sentence 1 (conflict: 'two years' vs source S3 'one year'; unsupported) "
        "(1 sentence: 0 supported, 0 partial, 1 unsupported (1 in conflict);"
    )
    # Failing on partial alone, a contradicted (unsupported) sentence passes.
    assert (
        cli(*base, "--fail-on", "partial", input="The tenant has two years to sue.\n").returncode
        == 0
    )


def test_check_says_which_missing_facts_no_source_states(
    cli: Any, files: dict[str, Path], lexical_preset: Path, tmp_path: Path
) -> None:
    preset = tmp_path / "all-kinds.toml"
    text = lexical_preset.read_text("utf-8").replace('name = "lexical-test"', 'name = "all-kinds"')
    preset.write_text('unsourced_kinds = "all"\n' + text, "utf-8")
    result = cli(
        "check", "--sources", str(files["sources"]), "--config", str(preset), str(files["answer"]),
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    # "Delaware" is in no source at all, not just missing from the cited passage
    assert "missing facts: name 'Delaware' (in no source)" in result.stdout


ENTRY = """
import atexit, gc, sys
atexit.register(lambda: print("frozen", gc.get_freeze_count() > 0, "enabled", gc.isenabled()))
from citemark.cli import entry
entry()
"""


@pytest.mark.parametrize(("answer", "code"), [("supported", 0), ("answer", 1)])
def test_the_process_entry_freezes_its_objects_at_exit_and_keeps_the_exit_code(
    files: dict[str, Path], lexical_preset: Path, answer: str, code: int
) -> None:
    import subprocess
    import sys

    args = ["check", "--config", str(lexical_preset), "--sources", str(files["sources"])]
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, *args, str(files[answer])],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "frozen True enabled True"


def test_an_empty_fail_on_is_a_usage_error_and_none_judges_coverage_alone(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    """``--fail-on "$UNSET"`` must not turn the gate off unseen; ``none`` says so outright."""
    base = ["check", "--sources", str(files["sources"]), "--config", str(lexical_preset)]
    for empty in ("", ",", " , "):
        error = one_line_error(cli(*base, "--fail-on", empty, str(files["answer"])))
        assert "no condition given" in error and "'none'" in error
    # the bundled answer has unsupported sentences: failed by default, passed with none
    assert cli(*base, str(files["answer"])).returncode == 1
    assert cli(*base, "--fail-on", "none", str(files["answer"])).returncode == 0
    assert (
        cli(*base, "--fail-on", "none", "--min-coverage", "0.99", str(files["answer"])).returncode
        == 1
    )


def test_batch_writes_an_empty_answer_as_an_error_line_and_exits_1(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    sources = [{"id": "S1", "text": SUPPORTED}]
    in_path, out_path = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    records = [{"answer": SUPPORTED, "sources": sources}, {"answer": "  ", "sources": sources}]
    in_path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    result = cli("batch", str(in_path), str(out_path), "--config", str(lexical_preset))
    assert result.returncode == 1, result.stderr
    assert "(1 error lines)" in result.stderr
    lines = [json.loads(line) for line in out_path.read_text("utf-8").splitlines()]
    assert "report" in lines[0]
    assert lines[1]["error"] == "answer is empty: there is nothing to check"
    # a clean run exits 0
    in_path.write_text(json.dumps(records[0]) + "\n", "utf-8")
    clean = cli(
        "batch", str(in_path), str(tmp_path / "clean.jsonl"), "--config", str(lexical_preset)
    )
    assert clean.returncode == 0, clean.stderr
    # a rerun with nothing left to do still fails while the output holds the error line
    # (exit 0 would let a CI retry turn red into green)
    in_path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    again = cli("batch", str(in_path), str(out_path), "--config", str(lexical_preset))
    assert again.returncode == 1, again.stderr
    assert "2 records already done, 1 of them error lines" in again.stderr


def test_batch_does_not_make_a_mistyped_output_folder(
    cli: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    in_path = tmp_path / "in.jsonl"
    in_path.write_text(json.dumps({"answer": SUPPORTED, "sources": [SUPPORTED]}) + "\n", "utf-8")
    target = tmp_path / "typo" / "a" / "out.jsonl"
    result = cli("batch", str(in_path), str(target), "--config", str(lexical_preset))
    assert result.returncode == 2
    assert f"output folder not found: {target.parent}" in result.stderr
    assert not (tmp_path / "typo").exists()


# --------------------------------------------------------------------------- serve


def test_serve_on_a_busy_port_is_one_line_and_exit_2(cli: Any, lexical_preset: Path) -> None:
    """It printed "review page at http://..." and uvicorn's start-up lines, then the
    bind error, and exited 3: a port already taken is bad input like any other."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", "--port", str(port), "--config", str(lexical_preset), timeout=60)
    error = one_line_error(result)
    assert error == f"Error: cannot listen on 127.0.0.1:{port}: address already in use"
    assert result.stdout == "" and "review page" not in result.stderr


def test_check_refuses_a_nan_coverage_gate(tmp_path: Any, cli: Any) -> None:
    """`--min-coverage nan` is refused: NaN passes a range check, and a gate of NaN never
    fails."""
    answer = tmp_path / "answer.txt"
    answer.write_text("Pets are allowed in the garden.\n")
    sources = tmp_path / "sources.json"
    sources.write_text('[{"id": "a", "text": "The rent is due monthly."}]')
    run = cli("check", "--sources", str(sources), "--config", "lexical", "--fail-on", "none",
              "--min-coverage", "nan", str(answer))  # fmt: skip
    assert run.returncode == 2 and "--min-coverage" in run.stderr and "nan" in run.stderr
