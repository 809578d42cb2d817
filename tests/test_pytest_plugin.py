"""The pytest plugin and ``assert_grounded``, as a user's test suite meets them.

Most tests write a small test suite and run pytest on it in a subprocess, as a user's
CI would. Those runs turn off the other installed plugins
(``PYTEST_DISABLE_PLUGIN_AUTOLOAD``) and load citemark's by its entry point name
(``-p citemark``): an evaluation library's plugin took seconds of every start. One run
loads the installed plugins as a plain ``pytest`` does (DeepEval's aside), which shows
that the entry point is registered. The subprocess runs use the lexical preset, which
loads no embedding model.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect, sync_playwright

from citemark import align
from citemark.testing import assert_grounded
from citemark.testing.page import review_page

pytest_plugins = ["pytester"]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LEASE_TEXT = (
    "The tenant pays a deposit of one month rent before moving in. "
    "The lease runs for twelve months."
)
# The suites below import these names from a module written beside them.
SHARED = f"""
LEASE_TEXT = {LEASE_TEXT!r}
LEASE = {{"id": "lease", "text": LEASE_TEXT}}
GROUNDED = "The tenant pays a deposit of one month rent before moving in."
PARAPHRASED = "Before moving in, the tenant pays one month of rent as a deposit."
CONTRADICTED = "The tenant pays a deposit of two months rent."
INVENTED = "The moon is made of cheese."
"""
# A preset that calls a sentence unsupported unless its words are all but the source's:
# what the lexical preset calls supported, this one fails.
STRICT_PRESET = """
base = "lexical"
name = "very-strict"

[thresholds.lexical]
supported = 0.99
partial = 0.98
"""


def run(pytester: pytest.Pytester, *args: str, autoload: bool = False) -> pytest.RunResult:
    """pytest on the suite written in ``pytester``'s folder, in a subprocess."""
    pytester.makepyfile(shared=SHARED)
    if autoload:
        # DeepEval's plugin is the one that costs seconds; the rest load as they would
        return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:deepeval", *args)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
        return pytester.runpytest_subprocess("-p", "citemark", "-p", "no:cacheprovider", *args)


class _Scripts(HTMLParser):
    """The ``<script>`` elements of a page: their attributes and their text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[dict[str, str | None], str]] = []
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.found.append((dict(attrs), ""))
            self._inside = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._inside:
            attrs, text = self.found[-1]
            self.found[-1] = (attrs, text + data)


def scripts_of(page: str) -> list[tuple[dict[str, str | None], str]]:
    parser = _Scripts()
    parser.feed(page)
    return parser.found


def stored_records(page: str) -> list[dict[str, Any]]:
    """The reports a review page holds, read back from its JSON."""
    [(_, text)] = [s for s in scripts_of(page) if s[0].get("id") == "citemark-records"]
    records: list[dict[str, Any]] = json.loads(text)["records"]
    return records


# ---------------------------------------------------------------- assert_grounded


def test_a_grounded_answer_passes_under_the_plugin_pytest_loads_by_itself(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_answers="""
        import pytest
        from citemark.testing import assert_grounded
        from shared import GROUNDED, LEASE

        @pytest.mark.citemark_sources(LEASE)
        def test_deposit(citemark_sources):
            report = assert_grounded(GROUNDED, citemark_sources)
            assert [s.status for s in report.sentences] == ["supported"]
            assert report.config == "lexical"
        """
    )
    result = run(pytester, "--citemark-config=lexical", autoload=True)
    result.assert_outcomes(passed=1)


def test_a_contradicted_answer_fails_with_both_values_the_unsupported_words_and_the_evidence(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_answers="""
        from citemark.testing import assert_grounded
        from shared import CONTRADICTED, INVENTED, LEASE

        def test_deposit():
            assert_grounded(CONTRADICTED + " " + INVENTED, [LEASE])
        """
    )
    result = run(pytester, "--citemark-config=lexical")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "E * AssertionError: 2 of 2 claim sentences fail the check "
            "(fail on: conflict, unsupported; preset lexical, lexical mode)",
            'E * sentence 1 (unsupported): "The tenant pays a deposit of two months rent."',
            "E *   conflict (*): the answer says 'two months', source lease says 'one month'",
            "E *   unsupported words: 'two months'",
            "E *   best evidence: lease (paraphrase, score 0.*): "
            '"The tenant pays a deposit of one month rent before moving in."',
            'E * sentence 2 (unsupported): "The moon is made of cheese."',
            "E *   unsupported words: 'The moon is made of cheese'",
            "E *   best evidence: none *",
            # the failing line is the test's, not one inside citemark
            "test_answers.py:*: AssertionError",
            "FAILED test_answers.py::test_deposit - AssertionError: 2 of 2 claim sentences*",
        ]
    )


def test_assert_grounded_returns_the_report_of_a_grounded_answer() -> None:
    answer = "The tenant pays a deposit of one month rent before moving in."
    report = assert_grounded(answer, [{"id": "lease", "text": LEASE_TEXT}], config="lexical")
    assert report.answer == answer
    assert [s.status for s in report.sentences] == ["supported"]


def test_fail_on_partial_fails_what_the_default_check_passes() -> None:
    answer = (
        "The tenant pays a deposit of one month rent before moving in, "
        "and the landlord repaints every room each spring."
    )
    sources = [{"id": "lease", "text": LEASE_TEXT}]
    report = assert_grounded(answer, sources, config="lexical")
    assert [s.status for s in report.sentences] == ["partial"]
    with pytest.raises(AssertionError, match=r"sentence 1 \(partial\)") as raised:
        assert_grounded(answer, sources, config="lexical", fail_on=["partial"])
    assert "fail on: partial;" in str(raised.value)
    assert "unsupported words: " in str(raised.value)


def test_a_prepared_index_judges_with_its_own_preset() -> None:
    from citemark import SourceIndex, load_config

    index = SourceIndex([{"id": "lease", "text": LEASE_TEXT}], load_config("lexical"))
    with pytest.raises(AssertionError, match="preset lexical, lexical mode") as raised:
        assert_grounded("The tenant pays a deposit of two months rent.", None, index=index)
    assert "source lease says 'one month'" in str(raised.value)


def test_the_message_shortens_a_long_passage_of_evidence_at_a_word() -> None:
    long_text = LEASE_TEXT.replace("moving in.", "moving in " + "and so on " * 40 + ".")
    with pytest.raises(AssertionError) as raised:
        assert_grounded(
            "The tenant pays a deposit of two months rent.",
            [{"id": "lease", "text": long_text}],
            config="lexical",
        )
    [evidence] = [line for line in str(raised.value).splitlines() if "best evidence" in line]
    assert evidence.endswith(' …"'), evidence
    assert len(evidence) < 250, evidence
    assert "and so on and so on" in evidence


# ---------------------------------------------------------------- --citemark-config


def test_the_preset_on_the_command_line_judges_where_a_test_names_none(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".toml", strict=STRICT_PRESET)
    pytester.makepyfile(
        test_answers="""
        from citemark.testing import assert_grounded
        from shared import LEASE, PARAPHRASED

        def test_by_the_run_preset():
            assert_grounded(PARAPHRASED, [LEASE])

        def test_by_its_own_preset():
            assert_grounded(PARAPHRASED, [LEASE], config="lexical")
        """
    )
    lexical = run(pytester, "--citemark-config=lexical")
    lexical.assert_outcomes(passed=2)
    strict = run(pytester, "--citemark-config=strict.toml")
    strict.assert_outcomes(passed=1, failed=1)
    strict.stdout.fnmatch_lines(
        ["FAILED test_answers.py::test_by_the_run_preset - AssertionError: *"]
    )
    strict.stdout.fnmatch_lines(["E * (fail on: conflict, unsupported; preset very-strict, *"])


def test_a_preset_that_does_not_load_stops_the_run_before_any_test(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_answers="def test_nothing():\n    pass\n")
    result = run(pytester, "--citemark-config=no-such-preset")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--citemark-config=no-such-preset: *no-such-preset*"])


# ---------------------------------------------------------------- --citemark-report


MARKUP_SUITE = """
import pytest
from citemark.testing import assert_grounded
from shared import CONTRADICTED, GROUNDED, INVENTED, LEASE_TEXT

SOURCES = [{"id": "<script>alert('id')</script>", "text": LEASE_TEXT}]
ANSWER = CONTRADICTED + " <script>alert('answer')</script> " + INVENTED


def test_grounded():
    assert_grounded(GROUNDED, SOURCES)


def test_contradicted():
    assert_grounded(ANSWER, SOURCES)


def test_two_failing_checks():
    for answer in (CONTRADICTED, INVENTED):
        with pytest.raises(AssertionError):
            assert_grounded(answer, SOURCES)
"""


def test_a_report_folder_holds_a_page_per_failing_assertion_and_a_summary(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_answers=MARKUP_SUITE)
    result = run(
        pytester, "--citemark-config=lexical", "--citemark-report=out", "--junitxml=junit.xml"
    )
    result.assert_outcomes(passed=2, failed=1)
    folder = pytester.path / "out"
    summary = json.loads((folder / "summary.json").read_text("utf-8"))
    assert (summary["assertions"], summary["passed"], summary["failed"]) == (4, 1, 3)
    assert summary["preset"] == "lexical"
    by_test = {(r["test"], r["assertion"]): r for r in summary["results"]}
    assert by_test["test_answers.py::test_grounded", 1]["page"] is None
    pages = sorted(r["page"] for r in summary["results"] if r["page"])
    assert len(pages) == 3 and len(set(pages)) == 3
    assert sorted(p.name for p in folder.glob("*.html")) == pages
    failed = by_test["test_answers.py::test_contradicted", 1]
    assert [f["number"] for f in failed["failures"]] == [1, 2]
    page = folder / failed["page"]
    result.stdout.fnmatch_lines([f"E * review page: {page}", "citemark: 3 review page(s) *"])
    [record] = stored_records(page.read_text("utf-8"))
    assert record["id"] == "test_answers.py::test_contradicted"
    assert record["answer"].count("<script>alert('answer')</script>") == 1
    assert record["report"]["failures"][0]["conflicts"][0]["text"] == "two months"
    # junit XML names the failing test's page
    properties = [
        (p.get("name"), p.get("value"))
        for case in ET.parse(pytester.path / "junit.xml").iter("testcase")
        if case.get("name") == "test_contradicted"
        for p in case.iter("property")
    ]
    assert properties == [("citemark_review_page", str(page))]


def test_a_review_page_escapes_markup_in_the_answer_and_in_source_ids(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_answers=MARKUP_SUITE)
    run(pytester, "--citemark-config=lexical", "--citemark-report=out")
    pages = sorted((pytester.path / "out").glob("*.html"))
    assert len(pages) == 3
    for path in pages:
        page = path.read_text("utf-8")
        assert "<script>alert" not in page
        # no text of the answer or of an id opens or closes an element of its own
        assert page.lower().count("<script") == page.lower().count("</script") == 3
        scripts = scripts_of(page)
        # the stored reports, the page's script and the one that opens the reports
        assert [attrs.get("type") for attrs, _ in scripts] == ["application/json", None, None]
        assert not any("alert(" in text for attrs, text in scripts if attrs.get("type") is None)
        [record] = stored_records(page)
        assert record["sources"][0]["id"] == "<script>alert('id')</script>"
        assert "Content-Security-Policy" in page


def test_a_second_run_removes_the_pages_the_first_one_wrote_and_nothing_else(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_answers="""
        import os
        from citemark.testing import assert_grounded
        from shared import CONTRADICTED, GROUNDED, LEASE

        def test_deposit():
            assert_grounded(os.environ.get("ANSWER", CONTRADICTED), [LEASE])
        """
    )
    (pytester.path / "out").mkdir()
    (pytester.path / "out" / "notes.html").write_text("kept", "utf-8")
    run(pytester, "--citemark-config=lexical", "--citemark-report=out").assert_outcomes(failed=1)
    first = {p.name for p in (pytester.path / "out").iterdir()}
    assert len(first) == 3 and {"notes.html", "summary.json"} < first
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ANSWER", "The tenant pays a deposit of one month rent before moving in.")
        second = run(pytester, "--citemark-config=lexical", "--citemark-report=out")
    second.assert_outcomes(passed=1)
    assert {p.name for p in (pytester.path / "out").iterdir()} == {"notes.html", "summary.json"}
    summary = json.loads((pytester.path / "out" / "summary.json").read_text("utf-8"))
    assert (summary["assertions"], summary["failed"]) == (1, 0)


TWO_TESTS = """
from citemark.testing import assert_grounded
from shared import CONTRADICTED, GROUNDED, LEASE

def test_grounded():
    assert_grounded(GROUNDED, [LEASE])

def test_contradicted():
    assert_grounded(CONTRADICTED, [LEASE])
"""


def test_a_json_report_file_holds_every_assertion_of_the_run(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_answers=TWO_TESTS)
    result = run(pytester, "--citemark-config=lexical", "--citemark-report=reports/run.json")
    result.assert_outcomes(passed=1, failed=1)
    path = pytester.path / "reports" / "run.json"
    data = json.loads(path.read_text("utf-8"))
    assert (data["assertions"], data["passed"], data["failed"]) == (2, 1, 1)
    grounded, contradicted = data["results"]
    assert grounded["test"] == "test_answers.py::test_grounded" and grounded["passed"]
    assert contradicted["answer"] == "The tenant pays a deposit of two months rent."
    assert contradicted["sources"] == [{"id": "lease", "text": LEASE_TEXT}]
    assert contradicted["report"]["passed"] is False
    assert contradicted["failures"][0]["reasons"] == ["conflict", "unsupported"]
    assert not list(pytester.path.glob("**/*.html"))
    result.stdout.fnmatch_lines([f"citemark: 2 grounded assertion(s), 1 failed, in {path}"])


def test_an_html_report_file_holds_every_assertion_the_failing_first(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_answers=TWO_TESTS)
    result = run(pytester, "--citemark-config=lexical", "--citemark-report=run.html")
    result.assert_outcomes(passed=1, failed=1)
    records = stored_records((pytester.path / "run.html").read_text("utf-8"))
    assert [r["id"] for r in records] == [
        "test_answers.py::test_contradicted · failed",
        "test_answers.py::test_grounded · passed",
    ]
    assert records[0]["report"]["sentences"][0]["status"] == "unsupported"


def test_pytest_xdist_workers_report_into_one_file(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_answers=TWO_TESTS)
    result = run(
        pytester, "-p", "xdist", "-n", "2", "--citemark-config=lexical", "--citemark-report=out"
    )
    result.assert_outcomes(passed=1, failed=1)
    summary = json.loads((pytester.path / "out" / "summary.json").read_text("utf-8"))
    assert [(r["test"], r["passed"]) for r in summary["results"]] == [
        ("test_answers.py::test_contradicted", False),
        ("test_answers.py::test_grounded", True),
    ]
    assert (pytester.path / "out" / summary["results"][0]["page"]).is_file()


def test_a_review_page_draws_the_report_in_a_browser_and_runs_no_script_of_the_answer(
    tmp_path: Path,
) -> None:
    answer = (
        "The tenant pays a deposit of two months rent. "
        '<img src=x onerror="window.injected = 1"><script>window.injected = 2</script> '
        "The moon is made of cheese."
    )
    sources = [{"id": "<b onmouseover=window.injected=3>lease</b>", "text": LEASE_TEXT}]
    report = align(answer, sources, config="lexical")
    record = {"id": "tests/test_x.py::test_deposit", "answer": answer, "sources": sources}
    path = tmp_path / "page.html"
    path.write_text(review_page([{**record, "report": report.to_dict()}], "a title"), "utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path.as_uri())
        expect(page.locator("#summary")).to_be_visible()
        expect(page.locator(".tagline")).to_have_text("a title")
        expect(page.locator("#status")).to_contain_text("tests/test_x.py::test_deposit")
        expect(page.locator("#summary")).to_contain_text("2 Unsupported")
        expect(page.locator("#answer-view")).to_contain_text("<script>window.injected = 2</script>")
        expect(page.locator("#sources-view h3")).to_have_text(sources[0]["id"])
        assert page.evaluate("window.injected") is None
        assert errors == []
        browser.close()


# ---------------------------------------------------------------- citemark_sources


def test_the_sources_fixture_reads_the_marker_a_file_or_a_parameter(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".json", lease=json.dumps({"sources": [{"id": "lease", "text": "A."}]}))
    pytester.makefile(".jsonl", chunks='{"id": "a", "text": "A."}\n\n{"id": "b", "text": "B."}\n')
    pytester.makefile(".txt", notes="Plain notes.")
    pytester.makepyfile(
        test_sources="""
        import pytest

        pytestmark = pytest.mark.citemark_sources("from the module")

        def test_module_marker(citemark_sources):
            assert citemark_sources == ["from the module"]

        @pytest.mark.citemark_sources({"id": "one", "text": "One."})
        def test_one_document(citemark_sources):
            assert citemark_sources == [{"id": "one", "text": "One."}]

        @pytest.mark.citemark_sources(["first", "second"])
        def test_one_list(citemark_sources):
            assert citemark_sources == ["first", "second"]

        @pytest.mark.citemark_sources("first", {"id": "b", "text": "B."})
        def test_several_documents(citemark_sources):
            assert citemark_sources == ["first", {"id": "b", "text": "B."}]

        @pytest.mark.citemark_sources(path="lease.json")
        def test_json_file(citemark_sources):
            assert citemark_sources == [{"id": "lease", "text": "A."}]

        @pytest.mark.citemark_sources(path="chunks.jsonl")
        def test_jsonl_file(citemark_sources):
            assert [d["id"] for d in citemark_sources] == ["a", "b"]

        @pytest.mark.citemark_sources(path="notes.txt")
        def test_text_file(citemark_sources):
            assert citemark_sources == [{"id": "notes.txt", "text": "Plain notes."}]

        @pytest.mark.parametrize("citemark_sources", [["p1"], [{"id": "x", "text": "X."}]],
                                 indirect=True)
        def test_parameter(citemark_sources):
            assert citemark_sources in (["p1"], [{"id": "x", "text": "X."}])
        """
    )
    run(pytester).assert_outcomes(passed=9)


def test_a_fixture_of_the_users_replaces_the_plugins_sources(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture
        def citemark_sources():
            return ["from conftest"]
        """
    )
    pytester.makepyfile(
        test_sources="""
        import pytest

        @pytest.mark.citemark_sources("from the marker")
        def test_overridden(citemark_sources):
            assert citemark_sources == ["from conftest"]
        """
    )
    run(pytester).assert_outcomes(passed=1)


def test_a_test_without_sources_errors_saying_how_to_give_them(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_sources="""
        import pytest

        def test_no_sources(citemark_sources):
            pass

        @pytest.mark.citemark_sources(path="missing.json")
        def test_missing_file(citemark_sources):
            pass
        """
    )
    result = run(pytester)
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        [
            "*test_no_sources uses the citemark_sources fixture but gives no sources: "
            "mark it @pytest.mark.citemark_sources(*",
            "*citemark_sources: cannot read *missing.json*",
        ]
    )
    assert "During handling of the above exception" not in result.stdout.str()


# ---------------------------------------------------------------- the plugin's cost


def test_loading_the_plugin_imports_no_stage_of_the_pipeline() -> None:
    code = "import json, sys, citemark.testing.plugin; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    modules = set(json.loads(done.stdout))
    ours = {m for m in modules if m.startswith("citemark")}
    assert ours == {
        "citemark",
        "citemark.lazy",
        "citemark.testing",
        "citemark.testing.page",
        "citemark.testing.plugin",
        "citemark.testing.record",
    }
    assert not {"numpy", "regex", "spacy"} & modules
