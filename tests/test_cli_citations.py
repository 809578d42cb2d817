"""``citemark check`` and ``tag`` on answers that cite: the citation gate, the citation
listing, and structured citations from a file (``--citations``).

Run through the real entry point, as scripts run it: exit 0 fine, 1 the check found a
problem, 2 it could not run (one line on standard error, no traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

SOURCES = [
    {"id": "S1", "text": "The tenant may sue within one year after the tenancy ends."},
    {"id": "S2", "text": "The landlord must return the deposit within 21 days."},
]
# Each sentence cites the other's source.
MISCITED = (
    "The tenant may sue within one year [2]. The landlord must return the deposit in 21 days. [1]\n"
)
CORRECT = (
    "The tenant may sue within one year [1]. The landlord must return the deposit in 21 days. [2]\n"
)
# The first sentence cites nothing; the second a source that is not there.
UNCITED = "The tenant may sue within one year. The landlord must return the deposit [7].\n"
PLAIN = "The tenant may sue within one year. The landlord must return the deposit in 21 days."


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {name: tmp_path / f"{name}.txt" for name in ("miscited", "correct", "uncited")}
    paths["miscited"].write_text(MISCITED, "utf-8")
    paths["correct"].write_text(CORRECT, "utf-8")
    paths["uncited"].write_text(UNCITED, "utf-8")
    paths["plain"] = tmp_path / "plain.txt"
    paths["plain"].write_bytes(PLAIN.encode())  # no line end: Cohere's offsets index it
    paths["sources"] = tmp_path / "sources.json"
    paths["sources"].write_text(json.dumps(SOURCES), "utf-8")
    return paths


def check(cli: Any, files: dict[str, Path], preset: Path, answer: str, *args: str) -> Any:
    return cli(
        "check", "--sources", str(files["sources"]), "--config", str(preset), *args,
        str(files[answer]),
    )  # fmt: skip


def one_line_error(result: Any) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


def test_fail_on_miscited_fails_a_miscited_answer_and_names_the_source_to_cite(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = check(cli, files, lexical_preset, "miscited", "--fail-on", "miscited")
    assert result.returncode == 1, result.stderr
    verdict = result.stdout.strip().splitlines()[-1]
    assert verdict.startswith("FAIL: ")
    assert "sentence 1 (miscited: cites S2, " in verdict and "is in S1" in verdict
    assert "sentence 2 (miscited: cites S1, " in verdict and "is in S2" in verdict


def test_fail_on_miscited_passes_a_correctly_cited_answer(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = check(cli, files, lexical_preset, "correct", "--fail-on", "miscited,uncited")
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("OK: 2 sentences")


def test_the_default_gate_leaves_citations_alone(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    """Both sentences are supported, so the default (unsupported, conflict) passes the
    miscited answer; the listing still shows what is wrong with its citations."""
    result = check(cli, files, lexical_preset, "miscited")
    assert result.returncode == 0, result.stdout
    assert "MISCITED    [1] 0-39  The tenant may sue within one year [2]." in result.stdout
    assert "cites: S2 [2]: does not support it" in result.stdout
    assert "cite instead: S1" in result.stdout


def test_the_listing_shows_each_claim_s_status_and_the_unknown_markers(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = check(cli, files, lexical_preset, "uncited", "--fail-on", "uncited")
    assert result.returncode == 1, result.stdout
    out = result.stdout
    assert (
        "CITATIONS   the answer's own: recall 0.00 (claims their citations fully support), "
        "precision 0.00 (citations that support their claim);"
    ) in out
    uncited = out.index("UNCITED     [1] 0-35  The tenant may sue within one year.")
    assert out[uncited:].splitlines()[1:3] == ["            cites: nothing", "            cite: S1"]
    assert "cites: [7]: names no given source" in out
    at = UNCITED.index("[7]")
    assert f"naming no given source: [7] at {at}-{at + 3} (sentence 2)" in out
    assert "sentence 1 (uncited: the evidence is in S1)" in out.splitlines()[-1]


def test_an_answer_without_citations_gets_no_listing_but_fails_an_uncited_gate(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    passed = check(cli, files, lexical_preset, "plain")
    assert passed.returncode == 0, passed.stdout
    assert passed.stdout.startswith("OK: ") and "CITATIONS" not in passed.stdout
    failed = check(cli, files, lexical_preset, "plain", "--fail-on", "uncited")
    assert failed.returncode == 1, failed.stdout
    assert "CITATIONS" not in failed.stdout
    assert "sentence 2 (uncited: the evidence is in S2)" in failed.stdout


def test_citations_from_a_cohere_file_are_checked(
    cli: Any, files: dict[str, Path], lexical_preset: Path, tmp_path: Path
) -> None:
    cohere = tmp_path / "cohere.json"
    cohere.write_text(
        json.dumps(
            [
                {"start": 0, "end": 35, "text": PLAIN[:35], "sources": [{"id": "S2"}]},
                {"start": 36, "end": len(PLAIN), "document_ids": ["S2"]},
            ]
        ),
        "utf-8",
    )
    args = ("--fail-on", "miscited", "--citations", str(cohere))
    result = check(cli, files, lexical_preset, "plain", *args)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "MISCITED    [1] 0-35" in result.stdout
    assert "cites: S2: does not support it" in result.stdout
    assert "sentence 1 (miscited: cites S2, " in result.stdout.splitlines()[-1]
    assert "sentence 2" not in result.stdout.splitlines()[-1]
    tagged = cli(
        "tag", "--sources", str(files["sources"]), "--config", str(lexical_preset),
        "--citations", str(cohere), "--format", "json", str(files["plain"]),
    )  # fmt: skip
    assert tagged.returncode == 0, tagged.stderr
    report = json.loads(tagged.stdout)
    assert [s["citation_status"] for s in report["sentences"]] == ["miscited", "correct"]
    assert report["sentences"][0]["cited"][0]["form"] == "cohere"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "(--citations): no such file or directory"),
        ('[{"start": 0', "(--citations): invalid JSON: "),
        ("null", "(--citations): null holds no citations"),
        (
            '[{"start": 0, "end": 500, "sources": [{"id": "S1"}]}]',
            "(--citations): citations[0].end: 500 is past the answer's end (84)",
        ),
        ('[{"start": 0, "end": 5}]', "(--citations): citations[0]: a Cohere citation needs"),
        ("[1]", "(--citations): citations[0]: expected a citation object, got int"),
    ],
)
def test_a_bad_citations_file_is_one_line_and_exit_2(
    cli: Any,
    files: dict[str, Path],
    lexical_preset: Path,
    tmp_path: Path,
    content: str | None,
    message: str,
) -> None:
    path = tmp_path / "citations.json"
    if content is not None:
        path.write_text(content, "utf-8")
    error = one_line_error(check(cli, files, lexical_preset, "plain", "--citations", str(path)))
    assert f"Error: {path} {message}" in error


def test_citations_with_a_phrase_map_are_refused(
    cli: Any, files: dict[str, Path], tmp_path: Path
) -> None:
    phrases = tmp_path / "phrases.json"
    phrases.write_text(json.dumps({"S1": ["one year"]}), "utf-8")
    cites = tmp_path / "cites.json"
    cites.write_text("[]", "utf-8")
    result = cli("tag", "--sources", str(phrases), "--citations", str(cites), str(files["plain"]))
    assert "--citations are checked against documents" in one_line_error(result)


def test_the_report_view_shows_each_claim_s_citation_status() -> None:
    """``citemark demo``'s view of a report: a line per claim for an answer that cites."""
    from citemark import align, load_config
    from citemark.cli import format_report

    lexical = load_config("default").with_(mode="lexical")
    view = format_report(align(MISCITED, SOURCES, config=lexical))
    assert "      citation: miscited (cites S2 [2]); cite instead: S1" in view
    assert "      citation: miscited (cites S1 [1]); cite instead: S2" in view
    assert "citation:" not in format_report(align(PLAIN, SOURCES, config=lexical))


def test_the_html_report_marks_each_wrong_marker_with_the_source_to_cite(
    cli: Any, files: dict[str, Path], lexical_preset: Path
) -> None:
    result = check(cli, files, lexical_preset, "miscited", "--format", "html")
    assert result.returncode == 0, result.stderr
    page = result.stdout
    assert page.count('class="cm-miscited"') == 2
    assert (
        '<mark class="cm-miscited" title="source S2 does not support this sentence; '
        'source S1 does">[2]</mark>'
    ) in page
    correct = check(cli, files, lexical_preset, "correct", "--format", "html")
    assert "cm-miscited" not in correct.stdout
