"""``assert_grounded``: an answer checked against its sources as a test assertion."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..config import Config
from ..index import SourceIndex
from ..pipeline import align
from ..report import FailReason, Failure, Report, SentenceResult, check_fail_on
from . import record

# How much of a sentence and of its evidence the message quotes: enough to recognise
# them in pytest's output, where a line is not wrapped and a passage may be pages long.
SENTENCE_CHARS = 300
EVIDENCE_CHARS = 160


def assert_grounded(
    answer: str,
    sources: object,
    *,
    fail_on: Iterable[FailReason] | str | None = None,
    config: Config | str | None = None,
    citations: object = None,
    index: SourceIndex | None = None,
) -> Report:
    """Align ``answer`` with ``sources`` and fail when a sentence fails ``fail_on``.

    ``fail_on`` is what :meth:`citemark.Report.failures` takes: by default an
    unsupported or contradicted sentence fails, and ``"unsupported,conflict,partial"``
    fails a partly supported one too. ``config``, ``citations`` and ``index`` are
    :func:`citemark.align`'s; pass ``sources=None`` with a prepared ``index``. Where a
    test names neither ``config`` nor ``index``, the preset given to pytest as
    ``--citemark-config`` judges (the default preset without one).

    Returns the report when every sentence passes. Otherwise raises a plain
    ``AssertionError``, as a failed ``assert`` does (pytest's summary line then reads
    ``AssertionError: 2 of 3 claim sentences fail the check ...``), whose message lists
    each failing sentence with its status, the values in conflict, the words no source
    supports and the best evidence; under pytest with ``--citemark-report`` it also
    says where the review page is.
    """
    __tracebackhide__ = True  # pytest shows the test's line, not this function's
    run = record.current()
    if config is None and index is None and run is not None and run.preset is not None:
        config = run.preset
    report = align(answer, sources, config=config, citations=citations, index=index)
    failures = report.failures(fail_on)
    page = run.record(answer, sources, index, report, fail_on, failures) if run else None
    if failures:
        raise AssertionError(failure_message(report, failures, fail_on, page))
    return report


def failure_message(
    report: Report,
    failures: tuple[Failure, ...],
    fail_on: Iterable[FailReason] | str | None = None,
    page: Path | str | None = None,
) -> str:
    """The message of a failed :func:`assert_grounded`: a headline, then a block per
    failing sentence, then where the review page is (``page``, where one was written)."""
    claims = sum(s.is_claim for s in report.sentences)
    conditions = ", ".join(sorted(check_fail_on(fail_on)))
    lines = [
        f"{len(failures)} of {claims} claim sentence{'s' if claims != 1 else ''} "
        f"fail the check (fail on: {conditions}; "
        f"preset {report.config}, {report.mode} mode)"
    ]
    for failure in failures:
        sentence = report.sentences[failure.number - 1]
        lines += ["", *_failure_lines(report.answer, failure, sentence)]
    if page is not None:
        lines += ["", f"review page: {page}"]
    return "\n".join(lines)


def _failure_lines(answer: str, failure: Failure, sentence: SentenceResult) -> list[str]:
    """One failing sentence: its number, status and text, then a line for each thing
    wrong with it, then the evidence that came closest."""
    lines = [
        f'sentence {failure.number} ({failure.status}): "{_short(failure.text, SENTENCE_CHARS)}"'
    ]
    for conflict in failure.conflicts:
        lines.append(
            f"  conflict ({conflict.kind}): the answer says {_quoted(conflict.text)}, "
            f"source {conflict.source_id} says {_quoted(conflict.evidence)}"
        )
    words = [answer[s.start : s.end] for s in sentence.unsupported_spans]
    if words and failure.status in ("partial", "unsupported"):
        lines.append(f"  unsupported words: {', '.join(_quoted(w) for w in words)}")
    for fact in failure.unsourced:
        lines.append(f"  in no source: {fact.kind} {_quoted(fact.text)}")
    if "miscited" in failure.reasons:
        cites = ", ".join(failure.cited_wrongly) or "no given source"
        lines.append(f"  miscited: cites {cites}, which does not hold it{_instead(failure)}")
    if "uncited" in failure.reasons:
        lines.append(f"  uncited: cites no source{_instead(failure)}")
    lines.append(f"  best evidence: {_best_evidence(sentence)}")
    return lines


def _best_evidence(sentence: SentenceResult) -> str:
    if not sentence.citations:
        return "none (no passage of the sources comes close)"
    best = max(sentence.citations, key=lambda c: c.score)
    return (
        f"{best.source_id} ({best.kind}, score {best.score:.2f}): "
        f'"{_short(best.evidence, EVIDENCE_CHARS)}"'
    )


def _instead(failure: Failure) -> str:
    return f"; the evidence is in {', '.join(failure.suggested)}" if failure.suggested else ""


def _quoted(text: str) -> str:
    return repr(" ".join(text.split()))


def _short(text: str, most: int) -> str:
    """``text`` on one line, cut at a word boundary near ``most`` characters: a sentence
    or passage that runs on for pages would bury the rest of the message."""
    flat = " ".join(text.split())
    if len(flat) <= most:
        return flat
    cut = flat.rfind(" ", 0, most)
    return flat[: cut if cut > most // 2 else most].rstrip() + " …"
