"""The ``citemark`` command line: tag, check, batch, serve, demo and eval.

Scripts and CI gates depend on it, so its contract is strict: results go to
standard output, messages to standard error, and the exit status says what
happened: 0 fine, 1 ``check`` found a problem, 2 the command could not run (bad
file, bad JSON, unknown preset, empty answer, wrong usage), always with one
line on standard error and never a traceback.

Heavy imports (spaCy, the model, FastAPI) happen inside the commands, so that
``--help`` and input errors answer at once. The process is the command line's own,
so :func:`main` also keeps torch out of spaCy's import (see
``citemark.segment._import_spacy``): a lexical ``check`` never loads torch.
"""

from __future__ import annotations

import gc
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from functools import wraps
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .errors import CitemarkError
from .segment import SPACY_TORCH_ENV

if TYPE_CHECKING:
    from .config import Config
    from .evaluate import Prediction
    from .report import Conflict, FailReason, Report

F = TypeVar("F", bound=Callable[..., Any])
EXIT_FAIL = 1
EXIT_ERROR = 2
FORMATS = click.Choice(["text", "json", "html"])


class _OneLineErrors(click.Group):
    """A group whose usage errors are one line, like every other error.

    Click prints a usage error as the usage, a hint and the message; a script's
    log is easier to read with just ``Error: ... (see 'citemark check --help')``.
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"Error: {exc.format_message()}{where}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(EXIT_FAIL)
        except BrokenPipeError:  # `citemark tag ... | head`: the reader left, so be quiet
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_FAIL)
        sys.exit(code if isinstance(code, int) else 0)


def _friendly(func: F) -> F:
    """Run a command, reporting expected failures as one line (exit 2).

    Anything unexpected (a bug) is one line and exit 2 too, since scripts read the
    exit status and a traceback in their log helps nobody; ``CITEMARK_DEBUG=1``
    shows the traceback instead.
    """

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError):
            raise
        except CitemarkError as exc:
            raise click.ClickException(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise click.ClickException(f"invalid JSON: {exc}") from None
        except UnicodeDecodeError as exc:
            raise click.ClickException(f"input is not valid UTF-8: {exc}") from None
        except OSError as exc:
            raise click.ClickException(
                f"{exc.strerror or exc}: {exc.filename or ''}".strip(": ")
            ) from None
        except MemoryError:
            raise click.ClickException("out of memory: the input is too large") from None
        except Exception as exc:
            if os.environ.get("CITEMARK_DEBUG"):
                raise
            detail = " ".join(str(exc).split())[:200]
            raise click.ClickException(
                f"internal error ({type(exc).__name__}: {detail}); "
                "rerun with CITEMARK_DEBUG=1 for the traceback"
            ) from None

    return wrapper  # type: ignore[return-value]


click.ClickException.exit_code = EXIT_ERROR


def entry() -> None:
    """The process entry point of ``citemark`` and ``python -m citemark``.

    At exit the interpreter sweeps every object for cycles, several times over, and
    a process that built the segmenter holds spaCy's vocabulary and tables: those
    sweeps were about a tenth of a one-shot ``check``'s CPU time. Nothing is left
    to do once the command has returned, so its objects are frozen (moved out of
    the collector's sight) first; they are still freed as the modules go. Only the
    process entry does this: ``main`` invoked in-process (tests, a host program)
    leaves the host's collector alone.
    """
    try:
        main(prog_name="citemark")
    finally:
        gc.freeze()


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="citemark")
def main() -> None:
    """Mark which parts of an answer came from which sources, and flag uncited claims.

    \b
    Examples:
      citemark check --sources sources.json answer.txt     # exit 1 on an uncited claim
      llm ... | citemark tag --sources sources.json --format html > review.html
      citemark serve --host 127.0.0.1 --port 8000          # API and review page
      citemark batch answers.jsonl results.jsonl --workers 2
    """
    # spaCy's thinc imports torch if it can (2.7 s) and the blank segmenter never uses
    # it; hide it from that one import (torch stays importable for MiniLM). Set in the
    # environment so that batch workers inherit it; CITEMARK_SPACY_TORCH=1 turns it off.
    os.environ.setdefault(SPACY_TORCH_ENV, "0")


# --------------------------------------------------------------------------- inputs


def _a_number(value: float, option: str) -> float:
    """``value``, unless it is NaN: a range check passes NaN (every comparison with it is
    false), and a NaN coverage gate never fails."""
    if math.isnan(value):
        raise click.BadParameter(f"{value!r} is not a number", param_hint=option)
    return value


def _read_answer(answer_file: str | None, limit: int) -> str:
    """The answer from a file, or from standard input without one; never empty.

    Read as bytes and decoded as strict UTF-8 whatever the locale (a C locale would
    turn a bad byte into a lone surrogate), so a bad byte is an error that says
    where it is. No more is read than ``limit`` characters can take (4 bytes each),
    so a huge file is refused before it fills memory. A file and standard input
    are taken as they come, line ends included, so that every offset indexes the
    text that was sent (a file's CRLF once became LF, and its offsets then missed
    the file by one per line).
    """
    most = 4 * limit + 4  # a byte-order mark and `limit` characters of up to 4 bytes
    if answer_file in (None, "-"):
        if sys.stdin is None or sys.stdin.isatty():
            raise click.ClickException(
                "no answer: give ANSWER_FILE or pipe the answer into standard input"
            )
        where = "standard input"
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text-only stream (an embedding host): no bytes to check
            answer = sys.stdin.read(limit + 1)
        else:
            answer = _decode(buffer.read(most + 1), where, most, limit)
    else:
        where = answer_file
        with open(answer_file, "rb") as handle:
            answer = _decode(handle.read(most + 1), where, most, limit)
    if len(answer) > limit:
        raise click.ClickException(
            f"{where}: the answer is over {limit:,} characters, the limit (max_answer_chars)"
        )
    from .sources import shows_nothing

    if shows_nothing(answer):
        raise click.ClickException(f"the answer is empty ({where}): there is nothing to check")
    return answer


def _decode(data: bytes, where: str, most: int, limit: int, codec: str = "utf-8") -> str:
    """``data`` as text, or one line saying where it stops being UTF-8."""
    if len(data) > most:
        raise click.ClickException(
            f"{where}: the answer is over {limit:,} characters, the limit (max_answer_chars)"
        )
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            f"{where}: not valid UTF-8 (byte 0x{data[exc.start]:02x} at byte offset {exc.start})"
        ) from None


def _os_reason(exc: OSError) -> str:
    """Why a file could not be read or written, as a clause ("no such file or directory")."""
    return (exc.strerror or str(exc)).lower()


def _read_sources(path: str) -> list[Any] | dict[str, Any]:
    """Documents (a JSON list) or a phrase map (a JSON object of id to phrases).

    Strict UTF-8 (a byte-order mark, as Windows editors write, is allowed).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise click.ClickException(f"{path} (--sources): {_os_reason(exc)}") from None
    text = _decode(data, path, len(data), len(data), codec="utf-8-sig")
    try:
        sources = json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{path}: invalid JSON: {exc}") from None
    except RecursionError:
        raise click.ClickException(f"{path}: invalid JSON: nested too deeply") from None
    if isinstance(sources, dict) and isinstance(sources.get("sources"), list):
        raise click.ClickException(
            f"{path}: an object with a 'sources' list; pass the list itself "
            '([{"id": ..., "text": ...}]) or a map of id to phrases'
        )
    if not isinstance(sources, list | dict):
        raise click.ClickException(
            f"{path}: sources must be a list of {{id, text}} documents or a map of id to "
            f"phrases, got {type(sources).__name__}"
        )
    return sources


def _read_citations(path: str | None) -> Any:
    """The structured citations in ``path`` (any JSON but null), or ``None`` without one.

    Their shape is checked where the answer is aligned (``align`` names the field that
    is wrong); every error names the file and the option.
    """
    if path is None:
        return None
    where = f"{path} (--citations)"
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise click.ClickException(f"{where}: {_os_reason(exc)}") from None
    text = _decode(data, where, len(data), len(data), codec="utf-8-sig")
    try:
        citations = json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{where}: invalid JSON: {exc}") from None
    except RecursionError:
        raise click.ClickException(f"{where}: invalid JSON: nested too deeply") from None
    if citations is None:
        raise click.ClickException(
            f"{where}: null holds no citations; give the citations, content blocks or "
            "annotations the API returned"
        )
    return citations


def _config(name: str) -> Config:
    from .config import load_config

    return load_config(name)


# After a missing fact that no source states at all (not just the cited passages).
_NO_SOURCE = " (in no source)"


def _emit(text: str) -> None:
    click.echo(text, nl=not text.endswith("\n"))


_CONFIG_OPTION = click.option(
    "--config",
    "config",
    default="default",
    show_default=True,
    help="Preset name (default, legal-strict, lexical, precise) or path to a TOML file.",
)
_SOURCES_OPTION = click.option(
    "--sources",
    "sources_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="JSON file: a list of {id, text} documents, or a map of id to quoted phrases.",
)
_FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=FORMATS,
    default="text",
    show_default=True,
    help="text: the tagged answer (tag), or the problem sentences and the verdict "
    "(check); json: full report; html: escaped HTML.",
)
_ANSWER_ARGUMENT = click.argument("answer_file", required=False, type=click.Path(dir_okay=False))
_CITATIONS_OPTION = click.option(
    "--citations",
    "citations_path",
    default=None,
    type=click.Path(dir_okay=False),
    help="JSON file: the structured citations an LLM API returned with the answer "
    "(Cohere's citations, Anthropic's content blocks, OpenAI's annotations), checked "
    "beside any markers ([1], [S2]) written in the answer.",
)


# --------------------------------------------------------------------------- tag


@main.command("tag")
@_SOURCES_OPTION
@_ANSWER_ARGUMENT
@_CONFIG_OPTION
@_FORMAT_OPTION
@_CITATIONS_OPTION
@click.option(
    "--word-level/--substring",
    default=True,
    show_default=True,
    help="Phrase mode: match whole words only, or any substring.",
)
@_friendly
def tag_command(
    sources_path: str,
    answer_file: str | None,
    config: str,
    output_format: str,
    citations_path: str | None,
    word_level: bool,
) -> None:
    """Wrap what the answer takes from its sources in <cite ids="..."> tags.

    With documents (a list of {id, text}) quotes are tagged and paraphrase
    support gets kind="paraphrase"; with a phrase map ({id: [phrase, ...]})
    exactly those phrases are tagged. The answer is ANSWER_FILE, or standard
    input without one.

    \b
    Examples:
      citemark tag --sources sources.json answer.txt
      cat answer.txt | citemark tag --sources phrases.json --format json
    """
    cfg = _config(config)
    sources = _read_sources(sources_path)
    citations = _read_citations(citations_path)
    if isinstance(sources, dict) and citations is not None:
        raise click.ClickException(
            f"{sources_path}: --citations are checked against documents (a list of "
            "{id, text}); a phrase map is only tagged"
        )
    answer = _read_answer(answer_file, cfg.max_answer_chars)
    if isinstance(sources, dict):
        _emit(_tag_phrases(answer, sources, output_format, word_level, cfg))
        return
    report = _align(answer, sources, cfg, citations, citations_path)
    if output_format == "json":
        _emit(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        _emit(report.html() if output_format == "html" else report.tagged())


def _tag_phrases(
    answer: str, phrases: dict[str, Any], output_format: str, word_level: bool, config: Config
) -> str:
    from .render import marks_from_blocks, render_html, render_spans, render_tagged
    from .tagging import find_blocks
    from .types import coverage_of

    # Matched once, rendered in every form (the preset's size limits apply).
    blocks = find_blocks(answer, phrases, word_level=word_level, config=config)
    marks = marks_from_blocks(blocks)
    if output_format == "html":
        return render_html(answer, marks)
    if output_format == "text":
        return render_tagged(answer, marks)
    data = {
        "tagged": render_tagged(answer, marks),
        "spans": render_spans(marks),
        "coverage": round(coverage_of(answer, blocks), 4),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _align(
    answer: str,
    sources: list[Any],
    config: Config,
    citations: Any = None,
    citations_path: str | None = None,
) -> Report:
    from .errors import InputError
    from .pipeline import align

    try:
        return align(answer, sources, config=config, citations=citations)
    except InputError as exc:
        # a citation the file holds that does not fit the answer or the sources: the
        # message names its field ("citations[2].end: ..."), and this the file
        if citations_path is not None and str(exc).startswith("citations"):
            raise click.ClickException(f"{citations_path} (--citations): {exc}") from None
        raise


# --------------------------------------------------------------------------- check


@main.command("check")
@_SOURCES_OPTION
@_ANSWER_ARGUMENT
@_CONFIG_OPTION
@_FORMAT_OPTION
@click.option(
    "--min-coverage",
    type=click.FloatRange(0.0, 1.0),
    callback=lambda _ctx, _param, value: _a_number(value, "--min-coverage"),
    default=0.0,
    show_default=True,
    help="Also fail when less than this share of the answer (0-1) is quoted verbatim; "
    "0 turns the test off.",
)
@click.option(
    "--fail-on",
    "fail_on",
    default="unsupported,conflict",
    show_default=True,
    callback=lambda ctx, param, value: _fail_on(value),
    help="Comma-separated conditions that fail the check: unsupported, conflict, partial, "
    "unsourced (a sentence states an amount, percent or negation no source states, such as "
    "an invented fee), miscited (a sentence cites sources that do not support it while "
    "others do), uncited (a supported sentence cites nothing); "
    "'none' to judge --min-coverage alone.",
)
@_CITATIONS_OPTION
@_friendly
def check_command(
    sources_path: str,
    answer_file: str | None,
    config: str,
    output_format: str,
    min_coverage: float,
    fail_on: frozenset[FailReason],
    citations_path: str | None,
) -> None:
    """Fail (exit 1) when a sentence of the answer is unsupported or contradicted.

    Prints the unsupported and partial sentences with the facts their evidence
    lacks, the values a source states differently, and the words nothing
    supports; lead-ins and headings ("Here are the main points:") are no claim
    and never fail. Where the answer cites (markers such as [1] or [S2] in it, or
    --citations), each claim's citation status is listed too: correct, miscited
    (with the sources to cite instead), uncited or unsupported, and the markers
    naming no given source. Exit status: 0 no sentence meets a --fail-on condition
    (and coverage at least --min-coverage), 1 otherwise, 2 when the check could not
    run. The last line names each failing sentence and why. The answer is
    ANSWER_FILE, or standard input without one. With --format json or html the
    report goes to standard output and the verdict to standard error.

    \b
    Examples:
      citemark check --sources sources.json answer.txt
      llm "..." | citemark check --sources sources.json --config legal-strict
      citemark check --sources sources.json --fail-on unsupported,conflict,partial answer.txt
      citemark check --sources sources.json --fail-on unsupported,conflict,unsourced answer.txt
      citemark check --sources sources.json --min-coverage 0.3 --format json answer.txt
      citemark check --sources sources.json --fail-on miscited,uncited answer.txt
      citemark check --sources sources.json --citations cohere.json answer.txt
    """
    cfg = _config(config)
    sources = _read_sources(sources_path)
    if isinstance(sources, dict):
        raise click.ClickException(
            f"{sources_path}: check judges sentences against documents and needs a list of "
            "{id, text}; a phrase map can only be tagged (citemark tag)"
        )
    citations = _read_citations(citations_path)
    answer = _read_answer(answer_file, cfg.max_answer_chars)
    report = _align(answer, sources, cfg, citations, citations_path)
    failures = _failures(report, min_coverage, fail_on)
    verdict = _verdict(report, failures, min_coverage)
    if output_format == "text":
        problems = format_problems(report) + format_citations(report)
        click.echo(problems + "\n" + verdict if problems else verdict)
    else:
        if output_format == "json":
            data = report.to_dict(fail_on or "none")
            data["check"] = {
                "passed": not failures,
                "failures": failures,
                "fail_on": sorted(fail_on),
                "min_coverage": min_coverage,
            }
            _emit(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            _emit(report.html())
        click.echo(verdict, err=True)
    if failures:
        sys.exit(EXIT_FAIL)


def _fail_on(
    value: str | tuple[str, ...] | frozenset[FailReason],
) -> frozenset[FailReason]:
    """``--fail-on`` as a set, or a usage error naming the unknown condition."""
    from .report import check_fail_on

    if isinstance(value, frozenset):
        return value
    text = ",".join(value) if isinstance(value, tuple) else value
    try:
        return check_fail_on(text)
    except CitemarkError as exc:
        raise click.BadParameter(str(exc).removeprefix("fail_on: ")) from None


def _failures(report: Report, min_coverage: float, fail_on: frozenset[FailReason]) -> list[str]:
    """One line per failing sentence (number and why), then the coverage test's."""
    # an empty set is the callback's reading of "none": said so to the library
    failures = [f.describe() for f in report.failures(fail_on or "none")]
    if min_coverage and report.coverage < min_coverage:
        failures.append(
            f"verbatim coverage {report.coverage:.0%} is under --min-coverage {min_coverage:.0%}"
        )
    return failures


def _verdict(report: Report, failures: list[str], min_coverage: float) -> str:
    summary = report.summary()
    total = summary["sentences"]
    conflicts = f" ({summary['conflicts']} in conflict)" if summary["conflicts"] else ""
    no_claim = f", {summary['no_claim']} no claim" if summary["no_claim"] else ""
    counts = (
        f"{total} sentence{'' if total == 1 else 's'}: {summary['supported']} supported, "
        f"{summary['partial']} partial, {summary['unsupported']} unsupported{conflicts}"
        f"{no_claim}; verbatim coverage {report.coverage:.0%}"
    )
    if failures:
        return f"FAIL: {'; '.join(failures)} ({counts})"
    return f"OK: {counts}"


def _rule_note(conflict: Conflict) -> str:
    """The rule that found a conflict, as its line ends: " [rule: value]"."""
    return f" [rule: {conflict.rule}]" if conflict.rule else ""


def format_problems(report: Report) -> str:
    """The sentences a reviewer must look at, worst first, each with what is missing."""
    order = {"unsupported": 0, "partial": 1}
    flagged = sorted(
        ((n, s) for n, s in enumerate(report.sentences, 1) if s.status in order),
        key=lambda pair: (order[pair[1].status], pair[0]),
    )
    lines = []
    for n, s in flagged:
        lines.append(f"{s.status.upper():<11} [{n}] {s.start}-{s.end}  {s.text}")
        for c in s.conflicts:
            lines.append(
                f"            conflict: {c.text!r} vs source {c.source_id} {c.evidence!r}"
                f"{_rule_note(c)}"
            )
        if s.missing_facts:
            facts = "; ".join(
                f"{f.kind} {f.text!r}{_NO_SOURCE * (f in s.unsourced_facts)}"
                for f in s.missing_facts
            )
            lines.append(f"            missing facts: {facts}")
        if s.unsupported_spans:
            words = ", ".join(repr(report.answer[u.start : u.end]) for u in s.unsupported_spans)
            lines.append(f"            unsupported words: {words}")
        if s.citations:
            best = s.citations[0]
            lines.append(
                f"            best evidence: {best.kind} {best.source_id}"
                f"[{best.source_start}:{best.source_end}] {_clip(best.evidence)}"
            )
    return "\n".join(lines) + ("\n" if lines else "")


def _clip(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= width else text[: width - 3] + "...")


# How a cited source stands to its sentence, judged on that source alone.
_VERDICT_WORDS = {
    "supports": "supports it",
    "partial": "supports it in part",
    "does_not_support": "does not support it",
}


def format_citations(report: Report) -> str:
    """The citations the answer carries, claim by claim: empty where it carries none.

    A header with the answer's citation recall and precision, then each claim's citation
    status, the sources it cites and how each stands to it, and for a miscited or
    uncited claim the sources to cite; last, the markers that name no given source.
    """
    if not report.carries_citations:
        return ""
    metrics = report.citation_metrics()
    lines = [
        f"CITATIONS   the answer's own: recall {_ratio(metrics.recall)} (claims their "
        f"citations fully support), precision {_ratio(metrics.precision)} (citations that "
        f"support their claim); {metrics.correct} correct, {metrics.miscited} miscited, "
        f"{metrics.uncited} uncited, {metrics.unsupported} unsupported"
    ]
    for n, s in enumerate(report.sentences, 1):
        if s.citation_status is None:
            continue
        lines.append(f"{s.citation_status.upper():<11} [{n}] {s.start}-{s.end}  {s.text}")
        cites = [
            f"{_cite_label(report, c)}: "
            + (_VERDICT_WORDS[c.verdict] if c.known else "names no given source")
            for c in s.cited
        ]
        lines.append(f"            cites: {'; '.join(cites) if cites else 'nothing'}")
        if s.suggested:
            instead = " instead" if s.citation_status == "miscited" else ""
            lines.append(f"            cite{instead}: {', '.join(s.suggested)}")
        elif s.citation_status == "unsupported":
            lines.append("            no given source supports it")
    unknown = [(n, c) for n, s in enumerate(report.sentences, 1) for c in s.cited if not c.known]
    if unknown:
        named = ", ".join(
            f"{_cite_label(report, c)} at {c.start}-{c.end} (sentence {n})" for n, c in unknown
        )
        lines.append(f"naming no given source: {named}")
    return "\n".join(lines) + "\n"


def _cite_label(report: Report, cited: Any) -> str:
    """A cited source and how the answer cites it: "S2 [1]", "[S2]", "[7]" for a marker
    naming no given source, the source's id alone for a structured citation."""
    if not cited.is_marker:
        return str(cited.source_id)
    marker = report.answer[cited.start : cited.end]
    if not cited.known or marker == f"[{cited.source_id}]":
        return marker
    return f"{cited.source_id} {marker}"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


# --------------------------------------------------------------------------- batch


@main.command("batch")
@click.argument("in_path", metavar="IN.jsonl", type=click.Path(dir_okay=False))
@click.argument("out_path", metavar="OUT.jsonl", type=click.Path(dir_okay=False))
@_CONFIG_OPTION
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes on this machine (each loads the model once).",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    default=None,
    help="Run on an existing Dask cluster (scheduler address, e.g. tcp://10.0.0.5:8786).",
)
@_friendly
def batch_command(
    in_path: str, out_path: str, config: str, workers: int, dask_address: str | None
) -> None:
    """Align every record of a JSONL file and write one result line per record.

    Each input line holds an answer and its sources: citemark's own keys (answer,
    sources), ragas's (response, retrieved_contexts) or DeepEval's (actual_output,
    retrieval_context); a file holding one JSON array is read as a dataset too. The
    output can be resumed
    (records already written are skipped) and opened in the review page. Exit
    status: 0 every record was aligned, 1 the output holds error lines, from this run
    or an earlier one (bad records: an empty answer, a missing field), 2 the batch
    could not run (an output written for another input or --config is not resumed).

    \b
    Examples:
      citemark batch answers.jsonl results.jsonl --workers 2
      citemark batch answers.jsonl results.jsonl --dask tcp://scheduler:8786
    """
    try:
        from .batch import run_batch
    except ImportError as exc:
        if exc.name in ("citemark.batch", f"{__package__}.batch"):
            raise click.ClickException(
                "batch is not available in this installation (no citemark.batch module)"
            ) from None
        raise click.ClickException(
            f"batch needs the batch extra: pip install 'citemark[batch]' ({exc})"
        ) from None
    _config(config)  # an unknown preset fails here, before any work
    stats = run_batch(
        in_path,
        out_path,
        config=config,
        workers=workers,
        dask_address=dask_address,
        progress=True,
    )
    if stats is not None:
        earlier = f", {stats.earlier_errors} of them error lines" if stats.earlier_errors else ""
        click.echo(
            f"batch: {stats.written} lines written to {out_path} ({stats.errors} error lines), "
            f"{stats.skipped} records already done{earlier}, in {stats.seconds:.1f} s",
            err=True,
        )
        click.echo(f"batch citations: {stats.citations.describe()}", err=True)
        if stats.errors or stats.earlier_errors:
            sys.exit(EXIT_FAIL)


# --------------------------------------------------------------------------- serve


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="TCP port."
)
@_CONFIG_OPTION
@click.option(
    "--api-key",
    envvar="CITEMARK_API_KEY",
    show_envvar=True,
    default=None,
    help="Require this key (X-API-Key or Authorization: Bearer) on every /v1 request.",
)
@click.option(
    "--max-request-bytes",
    type=click.IntRange(min=1),
    default=5_000_000,
    show_default=True,
    help="Refuse larger request bodies with 413.",
)
@click.option(
    "--max-seconds",
    type=click.FloatRange(min=0),
    default=60.0,
    show_default=True,
    help="Stop an align or tag request after this many seconds of work and answer 503 "
    "(0: no limit).",
)
@click.option(
    "--max-concurrent",
    type=click.IntRange(min=1),
    default=None,
    help="Align at most this many requests at once; the others wait, within their "
    "--max-seconds (default: no limit).",
)
@click.option(
    "--root-path",
    default="",
    help="The path prefix a gateway serves this under (/citemark): the API documents "
    "it, and the review page's links are relative.",
)
@click.option(
    "--shutdown-seconds",
    type=click.FloatRange(min=0),
    default=25.0,
    show_default=True,
    help="On SIGTERM, wait this long for requests and streams in flight, then close them.",
)
@_friendly
def serve_command(
    host: str,
    port: int,
    config: str,
    api_key: str | None,
    max_request_bytes: int,
    max_seconds: float,
    max_concurrent: int | None,
    root_path: str,
    shutdown_seconds: float,
) -> None:
    """Run the HTTP API and the review page (http://HOST:PORT/).

    The API is documented at /docs and /openapi.json. The model loads once, at
    start-up, in the background; /healthz says when it is ready.

    \b
    Examples:
      citemark serve --host 127.0.0.1 --port 8000
      CITEMARK_API_KEY=secret citemark serve --host 0.0.0.0 --config legal-strict
    """
    prefix = _root_path(root_path)
    try:
        import uvicorn

        from .server import Settings, create_app
    except ImportError as exc:
        raise click.ClickException(
            f"serve needs the serve extra: pip install 'citemark[serve]' ({exc})"
        ) from None
    settings = Settings(
        config=config,
        api_key=api_key or None,
        max_request_bytes=max_request_bytes,
        max_seconds=max_seconds or None,
        max_concurrent=max_concurrent,
        freeze_after_warm_up=True,
    )
    app = create_app(settings)
    # Bound here, before anything is printed, and handed to uvicorn: a busy port is one
    # line and exit 2, not a "review page at ..." line for a server that never ran.
    sock = _listen_socket(host, port)
    port = sock.getsockname()[1]  # the port the system chose, for --port 0
    if not settings.api_key and host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(
            f"warning: listening on {host} without an API key; anyone who can reach it can use "
            "it (set --api-key or CITEMARK_API_KEY)",
            err=True,
        )
    click.echo(
        f"citemark: review page at http://{_url_host(host)}:{port}/ (API docs at /docs)", err=True
    )
    # Idle keep-alive connections stay open 30 s, not uvicorn's 5 s: under load a client
    # reusing a connection the server was just closing got a ReadError (11 in 10,453
    # requests of benchmarks/load.py with 5 s; 0 in 15,000 with 30 s).
    # A bounded shutdown: an idle /v1/stream client kept the server from ever exiting
    # after SIGTERM; 25 s stays inside a 30 s grace period (Kubernetes').
    options = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        timeout_keep_alive=30,
        # uvicorn annotates an int but waits with asyncio, which takes fractional seconds
        timeout_graceful_shutdown=shutdown_seconds,  # type: ignore[arg-type]
        root_path=prefix,
    )
    server = uvicorn.Server(options)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    if not server.started:
        raise click.ClickException(f"the server on {_url_host(host)}:{port} did not start")


def _root_path(path: str) -> str:
    """``--root-path`` as a path: empty, or a leading slash and no trailing one."""
    path = path.strip()
    if path and (not path.startswith("/") or any(c in path for c in "?#") or "//" in path):
        raise click.BadParameter(
            f"{path!r} is not a path prefix such as /citemark", param_hint="--root-path"
        )
    return path.rstrip("/")


def _listen_socket(host: str, port: int) -> Any:
    """A socket bound to ``host:port`` as uvicorn binds one, or a one-line error naming it."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        reason = exc.strerror or str(exc)
        raise click.ClickException(
            f"cannot listen on {_url_host(host)}:{port}: {reason.lower()}"
        ) from None
    sock.set_inheritable(True)
    return sock


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


# --------------------------------------------------------------------------- demo, eval


def _example() -> dict[str, Any]:
    text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
    return json.loads(text)


@main.command()
@_CONFIG_OPTION
@click.option(
    "--write",
    "folder",
    type=click.Path(file_okay=False),
    help="Write the example's answer.txt and sources.json into this folder, to try the "
    "other commands on.",
)
@_friendly
def demo(config: str, folder: str | None) -> None:
    """Align the bundled lease example and print the tagged answer and the report.

    \b
    Examples:
      citemark demo --config legal-strict
      citemark demo --write lease && citemark check --sources lease/sources.json lease/answer.txt
    """
    from .tagging import tag

    cfg = _config(config)
    example = _example()
    if folder is not None:
        _write_example(Path(folder), example)
        return
    click.echo("== Phrase mode (tag): quoted phrases per source ==")
    click.echo(tag(example["answer"], example["phrases"]))
    report = _align(example["answer"], example["sources"], cfg)
    click.echo("\n== Document mode (align): tagged answer ==")
    click.echo(report.tagged())
    click.echo("\n== Report ==")
    click.echo(format_report(report))


def _write_example(folder: Path, example: dict[str, Any]) -> None:
    """The example's answer and sources as the files ``check`` and ``tag`` read."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "answer.txt").write_text(example["answer"] + "\n", encoding="utf-8")
        sources = json.dumps(example["sources"], indent=2, ensure_ascii=False)
        (folder / "sources.json").write_text(sources + "\n", encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"{folder} (--write): {_os_reason(exc)}") from None
    click.echo(f"wrote {folder / 'answer.txt'} and {folder / 'sources.json'}; try:")
    click.echo(f"  citemark check --sources {folder / 'sources.json'} {folder / 'answer.txt'}")


def format_report(report: Any) -> str:
    """A reviewer's plain-text view of a report: one block per sentence."""
    lines = []
    for n, s in enumerate(report.sentences, 1):
        lines.append(f"[{n}] {s.status.upper():<11} score={s.score:.2f}  {s.text}")
        for c in s.citations:
            evidence = " ".join(c.evidence.split())
            evidence = evidence if len(evidence) <= 90 else evidence[:87] + "..."
            lines.append(
                f"      {c.kind:<10} {c.source_id}[{c.source_start}:{c.source_end}] "
                f'{c.score:.2f}  "{evidence}"'
            )
        for conflict in s.conflicts:
            lines.append(
                f"      conflict: {conflict.text!r} vs source {conflict.source_id} "
                f"{conflict.evidence!r}{_rule_note(conflict)}"
            )
        if s.missing_facts:
            facts = ", ".join(
                f"{f.kind}: {f.text}{_NO_SOURCE * (f in s.unsourced_facts)}"
                for f in s.missing_facts
            )
            lines.append(f"      missing facts: {facts}")
        if s.unsupported_spans and s.status != "supported":
            words = ", ".join(repr(report.answer[u.start : u.end]) for u in s.unsupported_spans)
            lines.append(f"      unsupported words: {words}")
        if report.carries_citations and s.citation_status is not None:
            cited = ", ".join(_cite_label(report, c) for c in s.cited) or "nothing"
            instead = f"; cite instead: {', '.join(s.suggested)}" if s.suggested else ""
            lines.append(f"      citation: {s.citation_status} (cites {cited}){instead}")
    summary = report.summary()
    lines.append(
        f"\n{summary['sentences']} sentences: {summary['supported']} supported, "
        f"{summary['partial']} partial, {summary['unsupported']} unsupported; "
        f"verbatim coverage {summary['coverage']:.0%}; mode {report.mode}, preset {report.config}"
    )
    return "\n".join(lines)


@main.command("eval")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option(
    "--all",
    "all_files",
    is_flag=True,
    help="Read the four dev files (LFQA, WiCE, VitaminC, SummEdits) besides any named; "
    "with no file named they are read anyway.",
)
@click.option(
    "--data",
    "data_dir",
    type=click.Path(file_okay=False),
    help="Folder of the dev files (default: $CITEMARK_DATA, else ../shared/data).",
)
@_CONFIG_OPTION
@click.option(
    "--split",
    type=click.Choice(["all", "fit", "holdout"]),
    default="all",
    show_default=True,
    help="Records to score: 'holdout' is the half of the dev data calibration never saw.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option(
    "--plot", type=click.Path(dir_okay=False), help="Write a PR curve and score histogram PNG."
)
@_friendly
def eval_command(
    files: tuple[str, ...],
    all_files: bool,
    data_dir: str | None,
    config: str,
    split: str,
    as_json: bool,
    plot: str | None,
) -> None:
    """Score citemark against labelled data in the evalset v1 JSONL format.

    With no file named (or with --all), the four dev files are read and each is
    reported apart: LFQA per system, SummEdits per domain.

    Where answers carry citations (markers in them, or a record's "citations": the
    structured citations an LLM API returned), their citation recall and precision
    and the miscited and uncited claims are reported too.

    \b
    Example:
      citemark eval ../shared/data/lfqa.jsonl ../shared/data/wice.jsonl --split holdout
      citemark eval --split holdout
    """
    from .evaluate import (
        CitationTotals,
        eval_paths,
        format_fact_cap_table,
        format_table,
        predict,
        read_records,
        summarize,
    )
    from .evaluate import plot as draw
    from .score import capping_kinds

    predictions: list[Prediction] = []
    for file in eval_paths(files, all_files, data_dir):
        predictions.extend(predict(read_records(file), config=config, split=split))
    if not predictions:
        raise click.ClickException("no labelled sentences in the selected records")
    summary = summarize(predictions, capping_kinds(_config(config)))
    if as_json:
        # the answers' own citations over every record scored, null where none cites
        totals = CitationTotals.of_predictions(predictions)
        citations = totals.to_dict() if totals.cited_answers else None
        data = {"config": config, "split": split, "results": summary, "citations": citations}
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(f"preset {config}, split {split}\n")
        click.echo(format_table(summary))
        click.echo(
            "\nfact cap (a key fact no source states kept these from 'supported') and conflicts\n"
        )
        click.echo(format_fact_cap_table(summary))
    if plot:
        draw(predictions, plot)
        click.echo(f"plot written to {Path(plot)}", err=True)
