"""What a pytest run keeps of its grounded assertions, and the report files it writes.

The plugin starts a :class:`Run` when pytest is configured; :func:`assert_grounded`
reads the run's preset from it and records each assertion in it. A run that writes
no report keeps nothing but the preset. This module imports no stage of the pipeline
(the plugin imports it when pytest starts): what an assertion needs to record is
imported when the first one records.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .page import review_page

if TYPE_CHECKING:
    from ..index import SourceIndex
    from ..report import FailReason, Failure, Report

ReportForm = Literal["dir", "json", "html"]
# The run's summary in a report folder, beside the pages of the failing assertions.
SUMMARY = "summary.json"

_RUN: Run | None = None


def current() -> Run | None:
    """The run under way, or ``None`` outside pytest (or with the plugin turned off)."""
    return _RUN


def start(preset: str | None, target: Path | None, writes: bool = True) -> Run:
    """Begin a run with ``preset`` for the assertions that name none, and a report at
    ``target`` (a folder, or a ``.json`` or ``.html`` file; ``None`` for no report).
    ``writes`` is false in a pytest-xdist worker: the controller writes the run's files
    (a worker still writes the page of each assertion that fails in it)."""
    global _RUN
    _RUN = Run(preset, target, writes)
    return _RUN


def finish() -> None:
    global _RUN
    _RUN = None


def form_of(target: Path) -> ReportForm:
    """``.json`` and ``.html`` name one file for the whole run; any other path a folder."""
    suffix = target.suffix.lower()
    return "json" if suffix == ".json" else "html" if suffix == ".html" else "dir"


class Run:
    """A pytest run's preset and, where a report is asked for, its assertions so far."""

    def __init__(self, preset: str | None, target: Path | None, writes: bool = True) -> None:
        self.preset = preset
        self.target = target
        self.form: ReportForm | None = form_of(target) if target is not None else None
        self.writes = writes
        # One entry per grounded assertion, plain data (a pytest-xdist worker sends them
        # to the controller as they are).
        self.results: list[dict[str, Any]] = []
        self.test: str | None = None
        # where :meth:`write` wrote the run's report
        self.written: Path | None = None
        self._from_workers = False
        self._pages: dict[str | None, list[Path]] = {}
        self._counts: Counter[str | None] = Counter()

    def begin(self, test: str) -> None:
        """The assertions from here on belong to the test with node id ``test``."""
        self.test = test
        self._counts[test] = 0

    def end(self) -> None:
        self.test = None

    def pages_of(self, test: str) -> list[Path]:
        """The review pages written for the failing assertions of ``test``."""
        return list(self._pages.get(test, ()))

    def record(
        self,
        answer: str,
        sources: object,
        index: SourceIndex | None,
        report: Report,
        fail_on: Iterable[FailReason] | str | None,
        failures: tuple[Failure, ...],
    ) -> Path | None:
        """Keep one assertion; for a failing one in a report folder, write its review
        page now (so that the assertion's message can name it) and return its path."""
        if self.target is None:
            return None
        from ..report import check_fail_on, failure_dict

        self._counts[self.test] += 1
        number = self._counts[self.test]
        score = report.faithfulness(fail_on)
        entry: dict[str, Any] = {
            "test": self.test,
            "assertion": number,
            "passed": not failures,
            "config": report.config,
            "mode": report.mode,
            "fail_on": sorted(check_fail_on(fail_on)),
            "faithfulness": score.score,
            "claims": score.claims,
            "failures": [failure_dict(f) for f in failures],
            "page": None,
        }
        whole = self.form != "dir"
        page = None
        if whole or failures:
            saved = {
                "answer": answer,
                "sources": plain_sources(sources, index),
                "report": report.to_dict(fail_on),
            }
            if failures and not whole:
                name = page_name(self.test, number)
                page = self.target / name
                self.target.mkdir(parents=True, exist_ok=True)
                label = _label(self.test, number)
                page.write_text(review_page([{"id": label, **saved}], label), "utf-8")
                entry["page"] = name
                self._pages.setdefault(self.test, []).append(page)
            if whole:
                entry.update(saved)
        self.results.append(entry)
        return page

    def join(self, results: Iterable[dict[str, Any]]) -> None:
        """Take in the results a pytest-xdist worker kept."""
        self.results.extend(results)
        self._from_workers = True

    def write(self) -> Path | None:
        """Write the run's summary (a report folder) or its one report file; the path
        written, or ``None`` where no report was asked for."""
        if self.target is None or not self.writes:
            return None
        if self._from_workers:
            # they arrive in the order the workers end; the report lists them by test
            self.results.sort(key=lambda r: (r["test"] or "", r["assertion"]))
        failed = sum(not r["passed"] for r in self.results)
        summary = {
            "preset": self.preset,
            "assertions": len(self.results),
            "passed": len(self.results) - failed,
            "failed": failed,
            "results": self.results,
        }
        if self.form == "html":
            # the failing assertions first: they are what the page is opened for
            ordered = sorted(self.results, key=lambda r: r["passed"])
            records = [
                {
                    "id": f"{_label(r['test'], r['assertion'])} · "
                    f"{'passed' if r['passed'] else 'failed'}",
                    "answer": r["answer"],
                    "sources": r["sources"],
                    "report": r["report"],
                }
                for r in ordered
            ]
            title = f"{failed} of {len(records)} grounded assertions failed"
            path = self.target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(review_page(records, title), "utf-8")
        else:
            path = self.target / SUMMARY if self.form == "dir" else self.target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", "utf-8")
        self.written = path
        return path

    def clear_old_pages(self) -> None:
        """Remove the pages a former run wrote in the report folder, as its summary
        lists them: the folder then holds this run's failures, not every failure it
        ever saw. Nothing else there is touched."""
        if self.form != "dir" or self.target is None:
            return
        try:
            former = json.loads((self.target / SUMMARY).read_text("utf-8"))
            names = [r.get("page") for r in former.get("results", [])]
        except (OSError, ValueError, AttributeError, TypeError):
            return
        for name in names:
            if isinstance(name, str) and _PAGE_NAME.fullmatch(name):
                (self.target / name).unlink(missing_ok=True)


# A page name as :func:`page_name` makes them: no folder, no way out of the folder.
_PAGE_NAME = re.compile(r"[A-Za-z0-9._-]+-[0-9a-f]{8}(-[0-9]+)?\.html")


def page_name(test: str | None, number: int) -> str:
    """A file name for the page of a test's ``number``-th assertion: the node id made
    safe for any file system, and a digest of it, so that two node ids made alike (a
    parameter ``a/b`` and ``a_b``) still name two pages."""
    node = test or "outside-tests"
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", node).strip("._-")[:100] or "test"
    digest = hashlib.sha1(node.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{readable}-{digest}{f'-{number}' if number > 1 else ''}.html"


def _label(test: str | None, number: int) -> str:
    node = test or "(outside a test)"
    return f"{node} (assertion {number})" if number > 1 else node


def plain_sources(sources: object, index: SourceIndex | None) -> list[dict[str, Any]]:
    """The sources as ``{"id", "text"}`` documents (with ``offset`` for a chunk), the
    shape the review page and JSON read, whatever shape the test gave them in."""
    if index is not None:
        given = index.sources
    else:
        from ..sources import Limits, coerce_sources

        # align read them already, under its preset's limits; these are not checked again
        given = coerce_sources(
            sources, Limits(max_source_chars=sys.maxsize, max_sources=sys.maxsize)
        )
    return [
        {"id": s.id, "text": s.text, **({"offset": s.offset} if s.offset else {})} for s in given
    ]
