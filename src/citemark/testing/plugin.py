"""citemark's pytest plugin, registered as ``citemark`` (the ``pytest11`` entry point).

What it adds to every pytest run where citemark is installed:

- the ``citemark_sources`` fixture and marker: the sources a test checks its answer
  against (see :func:`citemark_sources`);
- ``--citemark-config=PRESET``: the preset (a name, or a ``.toml`` path) that
  :func:`citemark.testing.assert_grounded` uses where a test names none;
- ``--citemark-report=PATH``: where the run's grounded assertions are reported. A folder
  gets a self-contained review page (HTML, no server needed) per failing assertion and
  ``summary.json`` for the run (the pages a former run listed there are removed first);
  a path ending in ``.json`` or ``.html`` gets one file for the whole run, every
  assertion in it, the failing ones first in the page. Under pytest-xdist each worker
  writes its failing assertions' pages and the controller writes the rest.

Turn it off with ``-p no:citemark``. It is loaded in every pytest run, citemark's own
included, so importing it imports no stage of the pipeline: :mod:`citemark.testing`
names its functions lazily, and an assertion imports the pipeline when it first runs.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from . import record

MARKER = (
    "citemark_sources(*documents, path=None): the sources the citemark_sources fixture "
    "gives the test: documents as positional arguments (or one list of them), or a "
    "file by path= (.json, .jsonl, or any text file as one document), relative to the "
    "test file's folder"
)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("citemark", "citemark grounding checks")
    group.addoption(
        "--citemark-config",
        metavar="PRESET",
        default=None,
        help="preset (a name, or a .toml file) for assert_grounded where a test names "
        "no config or index; default: citemark's default preset",
    )
    group.addoption(
        "--citemark-report",
        metavar="PATH",
        default=None,
        help="report the grounded assertions: a folder gets a review page (HTML) per "
        "failing assertion and summary.json; a .json or .html path one file for the run",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", MARKER)
    preset = config.getoption("citemark_config")
    target = config.getoption("citemark_report")
    worker = hasattr(config, "workerinput")
    if preset is not None and not worker:
        _check_preset(preset)
    path = None
    if target is not None:
        path = Path(target)
        if not path.is_absolute():
            path = config.invocation_params.dir / path
            # pytest-xdist hands the workers the controller's options: the path resolved
            # here is where every worker writes, whatever its own working folder
            config.option.citemark_report = str(path)
    run = record.start(preset, path, writes=not worker)
    if worker:
        # sent to the controller when the worker ends (the list fills as tests run)
        config.workeroutput["citemark"] = run.results  # type: ignore[attr-defined]
    elif path is not None:
        run.clear_old_pages()
        if run.form == "dir":
            path.mkdir(parents=True, exist_ok=True)


def _check_preset(preset: str) -> None:
    """A preset that does not load stops the run before its first test, not in each."""
    from ..config import load_config
    from ..errors import CitemarkError

    try:
        load_config(preset)
    except CitemarkError as exc:
        raise pytest.UsageError(f"--citemark-config={preset}: {exc}") from None


def pytest_unconfigure(config: pytest.Config) -> None:
    record.finish()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """The grounded assertions made while ``item`` runs (its fixtures included) are its."""
    run = record.current()
    if run is None:
        return (yield)
    run.begin(item.nodeid)
    try:
        return (yield)
    finally:
        run.end()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[Any]:
    """A test's review pages, as properties of the test: junit XML lists them."""
    report = yield
    run = record.current()
    for page in run.pages_of(item.nodeid) if run is not None else ():
        if ("citemark_review_page", str(page)) not in item.user_properties:
            item.user_properties.append(("citemark_review_page", str(page)))
    return report


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist: a worker's grounded assertions, joined to the controller's."""
    run = record.current()
    if run is not None and run.writes:
        run.join((getattr(node, "workeroutput", None) or {}).get("citemark", []))


def pytest_sessionfinish() -> None:
    """The run's report, written before the terminal summary that names it."""
    run = record.current()
    if run is not None:
        run.write()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    run = record.current()
    if run is None or run.written is None:
        return
    written = run.written
    if run.form == "dir":
        pages = sum(bool(r["page"]) for r in run.results)
        line = f"citemark: {pages} review page(s) and {written.name} in {written.parent}"
    else:
        failed = sum(not r["passed"] for r in run.results)
        line = f"citemark: {len(run.results)} grounded assertion(s), {failed} failed, in {written}"
    terminalreporter.write_line(line)


@pytest.fixture
def citemark_sources(request: pytest.FixtureRequest) -> list[Any]:
    """The sources the test checks its answer against, as a list of documents.

    Taken from, first to last:

    - a parameter: ``@pytest.mark.parametrize("citemark_sources", [...], indirect=True)``
      (a direct ``parametrize("citemark_sources", ...)`` replaces the fixture, as it
      replaces any fixture);
    - the ``citemark_sources`` marker closest to the test (on the function, its class
      or its module's ``pytestmark``), with the documents as its arguments::

          @pytest.mark.citemark_sources({"id": "lease", "text": "The deposit is $1,500."})
          @pytest.mark.citemark_sources([doc1, doc2])  # one list: the documents
          @pytest.mark.citemark_sources(path="data/lease.json")

      A ``path`` is relative to the test file's folder: ``.json`` holds a list of
      documents (or ``{"sources": [...]}``), ``.jsonl`` one document per line, and any
      other file is one document, its text, named by the file's name.

    A fixture of the same name in a ``conftest.py`` or test module overrides this one,
    as pytest fixtures do, for sources built another way (retrieved, generated,
    shared across tests at a wider scope). A test that asks for the fixture without
    any of these fails with a message saying how to give them.
    """
    if hasattr(request, "param"):
        return _documents((request.param,))
    marker = request.node.get_closest_marker("citemark_sources")
    if marker is None:
        pytest.fail(
            f"{request.node.nodeid} uses the citemark_sources fixture but gives no sources: "
            "mark it @pytest.mark.citemark_sources(documents...) or "
            "@pytest.mark.citemark_sources(path='sources.json'), or define a "
            "citemark_sources fixture",
            pytrace=False,
        )
    path = marker.kwargs.get("path")
    unknown = sorted(set(marker.kwargs) - {"path"})
    if unknown or (path is not None and marker.args):
        pytest.fail(
            "citemark_sources takes documents as arguments or path=, not both "
            f"(got {len(marker.args)} argument(s) and keywords {sorted(marker.kwargs)})",
            pytrace=False,
        )
    if path is not None:
        return _read(Path(request.path).parent / path)
    if not marker.args:
        pytest.fail("@pytest.mark.citemark_sources() names no documents", pytrace=False)
    return _documents(marker.args)


def _documents(args: tuple[Any, ...]) -> list[Any]:
    """One list or tuple argument is the documents; several arguments are one each."""
    if len(args) == 1 and isinstance(args[0], list | tuple):
        return list(args[0])
    return list(args)


def _read(path: Path) -> list[Any]:
    # pytest.fail is called outside the except clauses, so that the report shows its one
    # line rather than the OSError or JSONDecodeError it was raised while handling.
    problem = None
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        problem = f"citemark_sources: cannot read {path}: {exc.strerror}"
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    suffix = path.suffix.lower()
    try:
        if suffix == ".json":
            data = json.loads(text)
            if isinstance(data, dict) and isinstance(data.get("sources"), list):
                data = data["sources"]
            if not isinstance(data, list):
                pytest.fail(
                    f"citemark_sources: {path} holds a JSON {type(data).__name__}, "
                    'not a list of documents (or {"sources": [...]})',
                    pytrace=False,
                )
            return data
        if suffix in (".jsonl", ".ndjson"):
            return [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        problem = f"citemark_sources: {path} is not valid JSON: {exc}"
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    return [{"id": path.name, "text": text}]
