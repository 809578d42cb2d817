"""Batch alignment of a JSONL file: streaming, ordered, resumable, local or on Dask.

A batch of thousands of answers runs for hours, so it must survive being killed
and must not need the whole file in memory. :func:`run_batch` therefore

- reads the input one line at a time and keeps only a bounded window of records
  in flight, so memory stays flat however long the file is;
- writes one result line per record, in input order, each with a single
  unbuffered ``write``, so a killed run leaves complete lines (and at worst one
  partial last line, which the next run cuts off before it resumes);
- resumes by counting the complete lines already in the output and skipping that
  many records, once each of those lines is known to be the result of the same input
  record under the same settings (every line ends with ``input_digest``, a hash of
  its record's line and of the config): an output written for another input (a
  record inserted, an answer edited) or another ``--config`` is refused, never
  extended with results that do not match its earlier lines;
- turns a bad record into an ``{"id", "index", "error"}`` line instead of
  stopping the batch.

Input lines are ``{"id"?, "answer", "sources", "citations"?}`` objects, where
``citations`` are the structured citations an LLM API returned with the answer (as
``align`` takes them); evalset v1 records are accepted as they are, and their
``sentences`` (gold boundaries) are used instead of the segmenter, as ``citemark
eval`` does. Blank lines are not records. Records written for ragas (``user_input``,
``response``, ``retrieved_contexts``) or DeepEval (``input``, ``actual_output``,
``retrieval_context``) are read as they are: the answer and the sources come from
whichever naming a record uses, and plain-string contexts take the ids ``align``
gives plain-string sources (``S1``, ``S2``, ...). A file holding one JSON array of
records (DeepEval's ``save_as("json")``) is read too. Output lines are ``{"id",
"index", "report": Report.to_dict(), "carries_citations", "citation_metrics",
"input_digest"}`` where
``index`` is the record's 0-based position among the input's records, and
``citation_metrics`` says how well the answer's own citations hold up
(:class:`~citemark.evaluate.CitationTotals` of the one answer: ``recall``,
``precision``, ``miscited``, ``uncited`` and the counts behind them), or is ``null``
where the answer carries none (``carries_citations`` false): zeros there would read
as results. :class:`BatchStats` sums them over the output.

Parallelism: ``workers=N`` runs N local processes, each loading the config and
(in hybrid mode) the embedding model once in its initializer. ``dask_address``
sends chunks of records to a ``dask.distributed`` cluster instead; each worker
process keeps the same per-process state in a module global, so the model is
loaded once per worker, not once per task. From Python, :func:`run_on_dask`
aligns any iterable of records on an existing ``Client`` and yields the result
dicts in order::

    from distributed import Client
    from citemark.batch import run_on_dask

    with Client("tcp://scheduler:8786") as client:
        for result in run_on_dask(records, client, config="default"):
            ...
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .config import Config, load_config
from .errors import CitemarkError, InputError
from .evaluate import CitationTotals
from .index import SourceIndex
from .notebook import require_pandas
from .pipeline import align
from .report import PARTIAL_CREDIT, Report
from .sources import id_like, shows_nothing

if TYPE_CHECKING:
    from .notebook import DataFrame

# Records sent to a worker at a time: large enough that inter-process overhead is
# noise next to alignment (milliseconds per record), small enough to keep order
# latency and memory low.
DEFAULT_CHUNK = 8
# Chunks in flight per worker: one running, one queued, so no worker waits.
WINDOW_PER_WORKER = 2
# Prepared sources kept per process: evalset records share sources (six systems'
# answers to one question), most batches do not, so a handful is enough.
INDEX_CACHE_SIZE = 16
_BLOCK = 1 << 20


@dataclass
class BatchStats:
    """What a :func:`run_batch` call did.

    ``records`` counts the input's records, ``skipped`` those already in the output
    from an earlier run (``earlier_errors`` of them error lines), ``written`` the
    lines this run wrote (``errors`` of them error lines), and ``seconds`` this run's
    wall time.
    """

    records: int = 0
    written: int = 0
    skipped: int = 0
    errors: int = 0
    seconds: float = 0.0
    # Error lines among those an earlier run wrote: a rerun that has nothing left to
    # do still fails while the output holds them (a CI retry must not turn red green).
    earlier_errors: int = 0
    # The answers' own citations over every result line of the output, this run's and
    # an earlier one's (error lines hold no answer).
    citations: CitationTotals = field(default_factory=CitationTotals)


@dataclass(frozen=True)
class _Item:
    """One input record as it travels to a worker: its position and its raw line."""

    index: int
    payload: bytes | str | dict[str, Any]


class _Future(Protocol):
    def result(self) -> list[str]: ...


# --------------------------------------------------------------------------- entry points


def run_batch(
    in_path: str | os.PathLike[str],
    out_path: str | os.PathLike[str],
    *,
    config: Config | str = "default",
    workers: int = 1,
    dask_address: str | None = None,
    progress: bool = True,
    chunk_size: int = DEFAULT_CHUNK,
) -> BatchStats:
    """Align every record of the JSONL file ``in_path`` into ``out_path``, in order.

    Rerunning after an interruption continues where the output ends. ``workers``
    local processes share the work (1 = this process); they are spawned, so a
    script that calls this with ``workers > 1`` needs the usual ``if __name__ ==
    "__main__":`` guard. ``dask_address`` (a scheduler address) sends the work to
    a Dask cluster instead.
    """
    started = time.perf_counter()
    cfg = load_config(config)
    source, target = Path(in_path), Path(out_path)
    _check_paths(source, target, workers, chunk_size)
    done = repair_output(target)
    total = count_records(source) if progress else None
    if total is not None and total < done:
        raise InputError(_too_many(target, done, source, total))
    stats = BatchStats(skipped=done)
    if done:
        stats.earlier_errors = _check_done(source, target, done, cfg, stats.citations)
    items = _counting(_read_items(source), stats)
    todo = (item for item in items if item.index >= done)
    with _Writer(target) as writer, _progress_bar(total, done, progress) as bar:
        for line in _result_lines(todo, cfg, workers, dask_address, chunk_size):
            writer.write(line)
            stats.written += 1
            error = _is_error(line)
            stats.errors += error
            if not error:
                stats.citations.add(written_citations(line))
            bar.update(1)
    if stats.records < done:
        raise InputError(_too_many(target, done, source, stats.records))
    stats.seconds = round(time.perf_counter() - started, 3)
    return stats


def run_on_dask(
    records: Iterable[dict[str, Any] | str],
    client: Any,
    *,
    config: Config | str = "default",
    chunk_size: int = DEFAULT_CHUNK,
) -> Iterator[dict[str, Any]]:
    """Align ``records`` on the Dask ``client``'s workers; yield result dicts in order.

    Each yielded dict is ``{"id", "index", "report"}`` or ``{"id", "index",
    "error"}``, exactly as :func:`run_batch` writes them. Records are sent in
    chunks with a bounded number in flight, so ``records`` may be a generator over
    a file of any size.
    """
    cfg = load_config(config)
    items = (_Item(n, record) for n, record in enumerate(records))
    for line in _dask_lines(items, client, cfg, chunk_size):
        yield json.loads(line)


def align_record(record: dict[str, Any] | str | bytes, index: int, config: Config) -> str:
    """The output line (with its newline) for one input record; never raises for bad input.

    Exposed so that other drivers (a queue consumer, a web job) write exactly the
    lines :func:`run_batch` writes.
    """
    record_id: Any = None
    data = None
    try:
        data = _parse(record)
        record_id = _record_id(data)
        answer = _field(data, _named(data, ANSWER_KEYS), str)
        if shows_nothing(answer):
            # as check and the API refuse it: an empty answer must not pass a gate
            raise InputError("answer is empty: there is nothing to check")
        report = align(
            answer,
            None,
            index=_state(config).index(_sources(data)),
            config=config,
            sentences=_sentences(data),
            citations=data.get("citations"),
        )
        out = {
            "id": record_id,
            "index": index,
            "report": report.to_dict(),
            "carries_citations": report.carries_citations,
            "citation_metrics": _row_citations(report),
        }
    except CitemarkError as exc:
        out = {"id": record_id, "index": index, "error": _one_line(str(exc))}
    except Exception as exc:  # a bug must cost one record, not the batch
        out = {"id": record_id, "index": index, "error": _one_line(_internal(exc))}
    # (from the record as parsed here, where it parsed: the same as input_digest's)
    base = _state(config).digest_base
    out["input_digest"] = (
        _record_digest(record, base) if data is None else _digest(_canonical(data), base)
    )
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"), default=_json_default) + "\n"


def _row_citations(report: Report) -> dict[str, Any] | None:
    """The answer's citation metrics for its output line, ``None`` where it cites nothing."""
    if not report.carries_citations:
        return None
    totals = CitationTotals.of_report(report).to_dict()
    del totals["answers"], totals["cited_answers"]  # one answer, which cites
    return totals


_CITATIONS_KEY = ',"carries_citations":'


def written_citations(line: str) -> CitationTotals:
    """The citation totals of one result line (its answer, counted whether it cites or not).

    Read from the line's end, where they are written just before ``input_digest``, without
    parsing a report of any size; a line from before they were written counts as an
    answer that carries none.
    """
    at = line.rfind(_CITATIONS_KEY)
    end = line.rfind(_DIGEST_KEY)
    if at < 0 or end < at:
        return CitationTotals(answers=1)
    try:
        fields = json.loads("{" + line[at + 1 : end] + "}")
    except ValueError:  # not a line this writes: it counts as no citation, not as an error
        return CitationTotals(answers=1)
    row = fields.get("citation_metrics")
    if not fields.get("carries_citations") or not isinstance(row, dict):
        return CitationTotals(answers=1)
    return CitationTotals.from_dict({**row, "answers": 1, "cited_answers": 1})


def input_digest(record: dict[str, Any] | str | bytes, config: Config) -> str:
    """Which record, under which settings, an output line is the result of.

    A hash of the record, as canonical JSON (so a line and the dict it reads as, in
    :func:`run_on_dask`, agree; a line that is no JSON object, as read), and of every
    setting of ``config``: resuming checks it, since a line count alone took results
    of one input or preset for another's.
    """
    return _record_digest(record, _digest_base(config))


def _record_digest(record: dict[str, Any] | str | bytes, base: Any) -> str:
    """:func:`input_digest`, the config's part of the hash already taken (``base``)."""
    try:
        data = _parse(record)
    except (InputError, RecursionError):
        raw = record.encode("utf-8", "surrogatepass") if isinstance(record, str) else record
        return _digest(raw.strip() if isinstance(raw, bytes) else repr(raw).encode(), base)
    return _digest(_canonical(data), base)


def _canonical(data: dict[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _digest_base(config: Config) -> Any:
    """The hash of every setting of ``config``, which each record's digest goes on
    from (a copy per record: the settings are read once per run, not per record)."""
    base = hashlib.blake2b(config.settings_json, digest_size=16)
    base.update(b"\0")
    return base


def _digest(raw: bytes, base: Any) -> str:
    digest = base.copy()
    digest.update(raw)
    return digest.hexdigest()


# --------------------------------------------------------------------------- results as a table

# The citation metrics of a result line, each a column named ``citation_`` + its key.
_CITATION_KEYS = (
    "recall",
    "precision",
    "claims",
    "recalled_claims",
    "citations",
    "supporting_citations",
    "correct",
    "miscited",
    "uncited",
    "unsupported",
    "unknown_sources",
)
_COUNTS = ("sentences", "claims", "supported", "partial", "unsupported", "no_claim", "conflicts")
# One column per figure, in this order; the frame has them all even with no row. Counts
# are nullable integers, flags nullable booleans and texts nullable strings: an error line
# has none, and the other rows' counts must not turn into floats because of it (nor a
# missing text read None in one frame and NaN in another). An id may be a string or an
# integer, as in the output.
RESULT_COLUMNS: dict[str, str] = {
    "id": "object",
    "index": "int64",
    "error": "string",
    "passed": "boolean",
    "faithfulness": "float64",
    **{name: "Int64" for name in _COUNTS},
    "failures": "Int64",
    "coverage": "float64",
    "carries_citations": "boolean",
    **{f"citation_{key}": "float64" if key in ("recall", "precision") else "Int64"
       for key in _CITATION_KEYS},
    "mode": "string",
    "config": "string",
}  # fmt: skip


def to_pandas(
    results: str | os.PathLike[str] | Iterable[dict[str, Any] | str],
) -> DataFrame:
    """The results of a batch as a DataFrame, one row per answer, in the output's order.

    ``results`` is an output file of :func:`run_batch` (its complete lines: one still
    being written is left out), or its lines or result dicts (what :func:`run_on_dask`
    yields). Columns (:data:`RESULT_COLUMNS`): ``id``, ``index`` and ``error`` (an
    error line's message; its figures are empty); ``passed`` and ``faithfulness``, as
    ``Report.faithfulness()`` gives them; the summary's counts (``claims``: sentences
    that claim something), ``failures``, ``coverage``; ``carries_citations`` and the
    answer's citation metrics, prefixed ``citation_`` (empty where it cites nothing);
    ``mode`` and ``config``. Needs pandas: ``pip install "citemark[notebook]"``.
    """
    pandas = require_pandas("citemark.batch.to_pandas()")
    rows = [_result_row(line) for line in _result_lines_of(results)]
    frame = pandas.DataFrame(rows, columns=list(RESULT_COLUMNS))
    return frame.astype(RESULT_COLUMNS)


def _result_lines_of(
    results: str | os.PathLike[str] | Iterable[dict[str, Any] | str],
) -> Iterator[dict[str, Any]]:
    if isinstance(results, str | os.PathLike):
        path = Path(results)
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                # only complete lines: a running (or killed) batch's last one may be cut
                if line.endswith("\n") and line.strip():
                    yield _result_dict(line, f"{path} line {number}")
        return
    for number, item in enumerate(results, 1):
        if isinstance(item, dict):
            yield item
        elif isinstance(item, str) and item.strip():
            yield _result_dict(item, f"result {number}")
        elif not isinstance(item, str):
            raise InputError(
                f"result {number} must be a result dict or line, got {type(item).__name__}"
            )


def _result_dict(line: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where} is not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict) or "index" not in data:
        raise InputError(f"{where} is not a citemark batch result line")
    return data


def _result_row(line: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {"id": line.get("id"), "index": line["index"], "error": line.get("error")}
    report = line.get("report")
    if not isinstance(report, dict):
        return row
    summary = report["summary"]
    claims = summary["sentences"] - summary["no_claim"]
    row.update({name: summary[name] for name in _COUNTS if name != "claims"})
    row.update(
        claims=claims,
        passed=report["passed"],
        faithfulness=_faithfulness(summary["supported"], summary["partial"], claims),
        failures=len(report["failures"]),
        coverage=summary["coverage"],
        carries_citations=line.get("carries_citations"),
        mode=report.get("mode"),
        config=report.get("config"),
    )
    metrics = line.get("citation_metrics")
    if isinstance(metrics, dict):
        row.update({f"citation_{key}": metrics.get(key) for key in _CITATION_KEYS})
    return row


def _faithfulness(supported: int, partial: int, claims: int) -> float:
    """:attr:`Faithfulness.score` from a written report's counts (the same rule, which
    ``tests/test_batch_dataset_columns.py`` holds equal to the report's own)."""
    return round((supported + PARTIAL_CREDIT * partial) / claims, 6) if claims else 1.0


# --------------------------------------------------------------------------- output file


def repair_output(path: Path) -> int:
    """Cut a partial last line off ``path`` and return how many complete lines it holds.

    A run killed mid-write can leave one incomplete line; everything before the
    last newline is complete by construction. The last complete line must be the
    result of record ``count - 1``, or the file is not this kind of output and is
    left alone (an error), rather than silently extended.
    """
    if not path.exists():
        return 0
    with path.open("r+b") as handle:
        end = _end_of_last_line(handle)
        if end < handle.seek(0, os.SEEK_END):
            handle.truncate(end)
        count = _count_newlines(handle, end)
        if count:
            _check_last_line(path, _last_line(handle, end), count)
    return count


def _check_done(
    source: Path, target: Path, done: int, config: Config, citations: CitationTotals
) -> int:
    """Refuse to resume unless each of the first ``done`` lines of ``target`` is the
    result of the same record of ``source`` under ``config``; the error lines among
    them. The citation totals of the others are added to ``citations``."""
    errors = seen = 0
    base = _digest_base(config)
    wrong: str | None = None  # the first line that is another record's result
    with target.open("rb") as results:
        for item, line in zip(_read_items(source), results, strict=False):
            if item.index >= done:
                break
            seen += 1
            text = line.decode("utf-8", "replace")
            written = _written_digest(text)
            if wrong is None and written != _record_digest(item.payload, base):
                wrong = _not_resumable(target, source, item.index, written)
            if wrong is None:
                if _is_error(text):
                    errors += 1
                else:
                    citations.add(written_citations(text))
    if seen < done:  # said first: the output has more results than the input records
        raise InputError(_too_many(target, done, source, seen))
    if wrong is not None:
        raise InputError(wrong)
    return errors


_DIGEST_KEY = ',"input_digest":"'


def _written_digest(line: str) -> str | None:
    """The ``input_digest`` a result line ends with (it is written last, and a hex
    string), read without parsing a report of any size."""
    at = line.rfind(_DIGEST_KEY)
    if at < 0:
        return None
    return line[at + len(_DIGEST_KEY) :].rstrip().removesuffix('"}')


def _not_resumable(target: Path, source: Path, index: int, written: str | None) -> str:
    why = (
        "has no input digest (written by an earlier citemark)"
        if written is None
        else f"was written for another record or another --config than record {index} "
        "of this input with this config"
    )
    return (
        f"{target} cannot be resumed from {source}: its line {index + 1} {why}; write to "
        "a new output file, or remove it to start again"
    )


def count_records(path: Path) -> int:
    """Non-blank lines of ``path``, read in a stream (for the progress bar's total); for a
    file holding one JSON array, its elements."""
    dataset = _json_array(path)
    if dataset is not None:
        return len(dataset)
    with path.open("rb") as handle:
        return sum(1 for raw in handle if raw.strip())


class _Writer:
    """Appends whole lines with one unbuffered write each, so a kill never splits one
    inside a buffer; a short write (rare on regular files) is completed in a loop."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._fd = -1

    def __enter__(self) -> _Writer:
        self._fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        return self

    def write(self, line: str) -> None:
        view = memoryview(line.encode("utf-8"))
        while view:
            view = view[os.write(self._fd, view) :]

    def __exit__(self, *exc: object) -> None:
        os.close(self._fd)


def _end_of_last_line(handle: Any) -> int:
    """Offset just past the last newline (0 if there is none)."""
    position = handle.seek(0, os.SEEK_END)
    while position > 0:
        step = min(_BLOCK, position)
        handle.seek(position - step)
        found = handle.read(step).rfind(b"\n")
        if found >= 0:
            return position - step + found + 1
        position -= step
    return 0


def _count_newlines(handle: Any, end: int) -> int:
    handle.seek(0)
    count, position = 0, 0
    while position < end:
        block = handle.read(min(_BLOCK, end - position))
        count += block.count(b"\n")
        position += len(block)
    return count


def _last_line(handle: Any, end: int) -> bytes:
    """The complete line ending at ``end`` (which is just past its newline)."""
    start = end - 1
    while start > 0:
        step = min(_BLOCK, start)
        handle.seek(start - step)
        found = handle.read(step).rfind(b"\n")
        if found >= 0:
            start = start - step + found + 1
            break
        start -= step
    handle.seek(start)
    return handle.read(end - start)


def _check_last_line(path: Path, line: bytes, count: int) -> None:
    try:
        index = json.loads(line).get("index")
    except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
        index = None
    if index != count - 1:
        raise InputError(
            f"{path} does not look like citemark batch output (line {count} is not the "
            f"result of record {count - 1}); refusing to append to it"
        )


def _check_paths(source: Path, target: Path, workers: int, chunk_size: int) -> None:
    if not source.is_file():
        raise InputError(f"input file not found: {source}")
    if target.exists() and source.samefile(target):
        raise InputError("the output file must not be the input file")
    if not target.parent.is_dir():
        # a mistyped directory must not become a new tree of folders
        raise InputError(f"output folder not found: {target.parent} (create it first)")
    if workers < 1:
        raise InputError(f"workers must be at least 1, got {workers}")
    if chunk_size < 1:
        raise InputError(f"chunk_size must be at least 1, got {chunk_size}")


def _too_many(target: Path, done: int, source: Path, records: int) -> str:
    return (
        f"{target} already holds {done} results but {source} has only {records} records: "
        "it is the output of another input"
    )


# --------------------------------------------------------------------------- input


def _read_items(path: Path) -> Iterator[_Item]:
    """Records as raw lines, decoded and parsed by whoever aligns them; for a file holding
    one JSON array, its elements (one that is no object goes as JSON text, which the
    record's error line then names as such)."""
    dataset = _json_array(path)
    if dataset is not None:
        for index, element in enumerate(dataset):
            yield _Item(index, element if isinstance(element, dict) else json.dumps(element))
        return
    with path.open("rb") as handle:
        index = 0
        for raw in handle:
            if raw.strip():
                yield _Item(index, raw)
                index += 1


def _json_array(path: Path) -> list[Any] | None:
    """The elements of a file that holds one JSON array, else ``None`` (JSONL).

    DeepEval's ``save_as("json")``, ``json.dump`` of a list and a DataFrame's
    ``to_json(orient="records")`` write a dataset so, one array over many lines or one.
    Such a file is read whole (JSONL alone streams). A file that starts with "[" but is
    no array is JSONL whose first record is an array (an error line, as any record that
    is no object) where that line is JSON by itself, else an error for the whole file:
    an array cut short must not become one error line per line of it.
    """
    with path.open("rb") as handle:
        first = next((raw for raw in handle if raw.strip()), b"")
    if not first.lstrip().startswith(b"["):
        return None
    try:
        whole = json.loads(path.read_bytes())
    except json.JSONDecodeError as exc:
        broken: ValueError = exc
    except (UnicodeDecodeError, RecursionError) as exc:
        broken = ValueError(str(exc))
    else:
        return whole if isinstance(whole, list) else None
    try:
        json.loads(first)
    except (ValueError, RecursionError):
        where = (
            f" ({broken.msg} at line {broken.lineno} column {broken.colno})"
            if isinstance(broken, json.JSONDecodeError)
            else f" ({broken})"
        )
        raise InputError(
            f"{path} is neither JSONL (one JSON object a line) nor one JSON array{where}"
        ) from None
    return None


def _counting(items: Iterator[_Item], stats: BatchStats) -> Iterator[_Item]:
    for item in items:
        stats.records = item.index + 1
        yield item


def _chunks(items: Iterable[_Item], size: int) -> Iterator[list[_Item]]:
    chunk: list[_Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _parse(record: dict[str, Any] | str | bytes) -> dict[str, Any]:
    if isinstance(record, bytes):
        try:
            record = record.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"line is not valid UTF-8 ({exc.reason} at byte {exc.start})"
            ) from None
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise InputError(f"line is not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(record, dict):
        raise InputError(f"a record must be a JSON object, got {type(record).__name__}")
    return record


def _record_id(data: dict[str, Any]) -> str | int | None:
    """The record's id: a string or an integer, or ``None`` when it has none.

    An id of another type (an object, a list, a number with a fraction, a boolean)
    is an error for that record: written as ``null`` it could not be joined back to
    its input, and written through it would not be an id the output promises.
    """
    value = data.get("id")
    if value is None or id_like(value):
        return value
    names = {bool: "a boolean", float: "a number", list: "a list", dict: "an object"}
    got = names.get(type(value), type(value).__name__)
    raise InputError(f"record field 'id' must be a string or an integer, got {got}")


# The keys a record may give its answer and its sources under: citemark's own, ragas's
# (``SingleTurnSample``; ``EvaluationDataset.to_jsonl``, ``to_list``) and DeepEval's
# (``LLMTestCase``, ``Golden``; ``EvaluationDataset.save_as``), so that an evaluation
# set built for either library runs as it is. The question (``user_input``,
# ``input``) is not read: support is judged against the sources alone.
ANSWER_KEYS = ("answer", "response", "actual_output")
SOURCES_KEYS = ("sources", "retrieved_contexts", "retrieval_context")
# DeepEval's JSONL export writes a retrieval context as one string, its passages joined
# by "|" (``deepeval.dataset.utils.DELIMITER``), and its loader splits it there again:
# read the same way, or the passages would be one source. (Its JSON export keeps the
# list, and a passage holding a "|" survives only there.)
DEEPEVAL_DELIMITER = "|"
# Keys of these namings that are fields in their own right, never a misspelling of one
# read here: DeepEval's "expected_output" is no misspelt "actual_output", nor ragas's
# "reference_contexts" a misspelt "retrieved_contexts".
_NAMED_KEYS = frozenset(
    (*ANSWER_KEYS, *SOURCES_KEYS, "id", "citations", "sentences", "user_input", "input",
     "reference", "reference_contexts", "expected_output", "context")
)  # fmt: skip


def _named(data: dict[str, Any], names: tuple[str, ...]) -> str:
    """Which of ``names`` (the first is citemark's own) the record gives the field under.

    Two of them with values is an error naming both: which one holds the answer is not
    for citemark to guess. A key present but null counts as absent beside one that has
    a value (a table exported with both namings' columns writes nulls), and is read,
    as null, where no other key has one.
    """
    present = [name for name in names if name in data]
    given = [name for name in present if data[name] is not None]
    if len(given) > 1:
        keys = " and ".join(repr(name) for name in given)
        raise InputError(f"record fields {keys} both give the {names[0]}: keep one of them")
    if not present:
        raise InputError(f"record field {names[0]!r} is missing{_misspelt(data, names)}")
    return given[0] if given else present[0]


def _misspelt(data: dict[str, Any], names: tuple[str, ...]) -> str:
    """A hint naming a key that looks like one of ``names`` misspelt ("anwser",
    "reponse"): "is missing" alone left the user to find it."""
    keys = [k for k in data if isinstance(k, str) and k not in _NAMED_KEYS]
    for name in names:
        near = difflib.get_close_matches(name, keys, n=1)
        if near:
            of = "it" if name == names[0] else repr(name)
            return f" (is {near[0]!r} a misspelling of {of}?)"
    return ""


def _sources(data: dict[str, Any]) -> list[Any]:
    """The record's sources as ``align`` takes them: plain strings (ragas's and DeepEval's
    contexts) get the ids ``align`` gives plain-string sources, ``S1``, ``S2``, …"""
    name = _named(data, SOURCES_KEYS)
    value = data[name]
    if name == "retrieval_context" and isinstance(value, str):
        return value.split(DEEPEVAL_DELIMITER) if value else []
    return _field(data, name, list)


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if name not in data:
        # a misspelt key is named ("anwser"): "got nothing" left the user to find it
        near = difflib.get_close_matches(name, [k for k in data if isinstance(k, str)], n=1)
        hint = f" (is {near[0]!r} a misspelling of it?)" if near else ""
        raise InputError(f"record field {name!r} is missing{hint}")
    if not isinstance(value, kind):
        got = "null" if value is None else type(value).__name__
        raise InputError(f"record field {name!r} must be a {kind.__name__}, got {got}")
    return value


def _sentences(data: dict[str, Any]) -> list[tuple[int, int]] | None:
    """Gold sentence boundaries of an evalset record, else ``None`` (use the segmenter)."""
    sentences = data.get("sentences")
    if sentences is None:
        return None
    if not isinstance(sentences, list):
        raise InputError("record field 'sentences' must be a list of {start, end}")
    try:
        return [(s["start"], s["end"]) if isinstance(s, dict) else (s[0], s[1]) for s in sentences]
    except (KeyError, IndexError, TypeError):
        raise InputError("record field 'sentences' must be a list of {start, end}") from None


def _one_line(message: str) -> str:
    return " ".join(message.split()) or "error"


def _internal(exc: Exception) -> str:
    return f"internal error ({type(exc).__name__}): {exc}"


def _json_default(value: object) -> object:
    """Report dicts hold only JSON types, tuples and dataclasses; say so if not."""
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)  # type: ignore[call-overload]
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _is_error(line: str) -> bool:
    """Whether an output line is an error line (keys are written id, index, then the rest;
    an id string cannot hold ``,"index":`` unescaped)."""
    after_index = line.index(',"index":') + len(',"index":')
    return line.startswith('"error"', line.index(",", after_index) + 1)


# --------------------------------------------------------------------------- per-process state


class _State:
    """What one process keeps between records: the config, prepared sources, the model."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.digest_base = _digest_base(config)
        self._indexes: OrderedDict[str, SourceIndex] = OrderedDict()
        # A Dask worker may run several tasks at once in threads of one process.
        self._lock = threading.Lock()

    def warm(self) -> None:
        """Load what the first record would otherwise wait for: the segmenter, the model."""
        from .embed import default_embedder
        from .segment import segment

        segment("Warm up. The segmenter pipeline is built once per process.")
        if self.config.mode == "hybrid":
            default_embedder(self.config.embedder, self.config.device).model()

    def index(self, sources: list[Any]) -> SourceIndex:
        """Prepared sources, reused while consecutive records share them."""
        try:
            key = hashlib.blake2b(
                json.dumps(sources, sort_keys=True, ensure_ascii=False).encode("utf-8"),
                digest_size=16,
            ).hexdigest()
        except (TypeError, ValueError):
            return SourceIndex(sources, self.config)
        with self._lock:
            found = self._indexes.get(key)
            if found is not None:
                self._indexes.move_to_end(key)
                return found
        found = SourceIndex(sources, self.config)
        with self._lock:
            self._indexes[key] = found
            while len(self._indexes) > INDEX_CACHE_SIZE:
                self._indexes.popitem(last=False)
        return found


_STATES: dict[str, _State] = {}
_STATES_LOCK = threading.Lock()


def _state(config: Config) -> _State:
    """This process's state for ``config``: built once per process (or Dask worker).

    Only the latest config's state is kept: a worker serves one batch at a time.
    """
    key = repr(config)
    with _STATES_LOCK:
        state = _STATES.get(key)
        if state is None:
            _STATES.clear()
            state = _STATES[key] = _State(config)
        return state


def _init_worker(config: Config, threads: int) -> None:
    """Process-pool initializer: share the CPUs fairly, then load everything once."""
    if config.mode == "hybrid" and config.embedder == "minilm":
        # Only MiniLM runs on torch: the static default must not import it (2-3 s a
        # worker, and no torch at all in a plain ``pip install citemark``).
        import torch

        torch.set_num_threads(threads)
    _state(config).warm()


def _warm_dask_worker(config: Config) -> None:
    _state(config).warm()


def process_chunk(items: list[_Item], config: Config) -> list[str]:
    """Output lines for a chunk of records (runs in a worker process or Dask task)."""
    return [align_record(item.payload, item.index, config) for item in items]


# --------------------------------------------------------------------------- executors


def _result_lines(
    items: Iterable[_Item],
    config: Config,
    workers: int,
    dask_address: str | None,
    chunk_size: int,
) -> Iterator[str]:
    if dask_address is not None:
        from distributed import Client

        with Client(dask_address) as client:
            yield from _dask_lines(items, client, config, chunk_size)
        return
    if workers == 1:
        _state(config).warm()
        for item in items:
            yield align_record(item.payload, item.index, config)
        return
    yield from _pool_lines(items, config, workers, chunk_size)


def _pool_lines(
    items: Iterable[_Item], config: Config, workers: int, chunk_size: int
) -> Iterator[str]:
    """Local worker processes (spawned: no forked torch or tqdm threads)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    threads = max(1, (os.cpu_count() or 1) // workers)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_init_worker,
        initargs=(config, threads),
    ) as pool:
        try:
            yield from _ordered(
                lambda chunk: pool.submit(process_chunk, chunk, config),
                _chunks(items, chunk_size),
                WINDOW_PER_WORKER * workers,
            )
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _dask_lines(
    items: Iterable[_Item], client: Any, config: Config, chunk_size: int
) -> Iterator[str]:
    """Chunks as Dask tasks; each worker process loads the model once (``_state``)."""
    client.run(_warm_dask_worker, config)
    slots = max(1, sum(client.nthreads().values()))
    yield from _ordered(
        lambda chunk: client.submit(process_chunk, chunk, config, pure=False),
        _chunks(items, chunk_size),
        WINDOW_PER_WORKER * slots,
    )


def _ordered(
    submit: Callable[[list[_Item]], _Future], chunks: Iterable[list[_Item]], window: int
) -> Iterator[str]:
    """Results in submission order with at most ``window`` chunks in flight.

    ``Executor.map`` would submit the whole input at once; the window is what keeps
    memory flat on a file of any length.
    """
    pending: deque[_Future] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


class _NoBar:
    def update(self, n: int) -> None:
        """Nothing to show."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _progress_bar(total: int | None, done: int, enabled: bool) -> Any:
    """A tqdm bar on stderr with rate and ETA, starting at the records already done."""
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(
        total=total,
        initial=done,
        unit="rec",
        desc="citemark batch",
        file=sys.stderr,
        dynamic_ncols=True,
        smoothing=0.05,
    )
