"""Accuracy on the dev data's holdout half: citemark beside Cite-Right and citeglow.

Every tool is scored on the same records (``citemark.evaluate.split_of(record) ==
"holdout"``, the half calibration never fits on) and the same gold sentences, with
``citemark.evaluate.metrics``: a sentence is *flagged* when the tool does not call
it supported, and the flag is compared with gold "not supported" (partial or
unsupported).

How each tool's verdict on a gold sentence is read:

- citemark: ``evaluate.predict`` (``align`` with the gold sentence boundaries).
- Cite-Right 0.4.0, default config: the whole answer is aligned once; each gold
  sentence takes the ``SpanCitations.status`` of the Cite-Right answer span that
  overlaps it most (in characters; the first on a tie); no overlapping span counts
  as "unsupported". hit@k: one of that span's first k citations overlaps a gold
  evidence range of the same source.
- citeglow 0.1.2: the sentence is "supported" when ``find_answer_highlights(sentence,
  source_text)`` returns a highlight for at least one source, else "unsupported"
  (it has no partial verdict and no ranking across sources, so no hit@k).

Run from the repository root (reads ``$CITEMARK_DATA`` or ``/work/shared/data``)::

    python benchmarks/accuracy.py                    # hybrid and lexical, both files
    python benchmarks/accuracy.py --modes lexical    # faster: no embedding model
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from _common import DATA_DIR, environment_header, markdown_table

from citemark.config import load_config
from citemark.evaluate import (
    EvalRecord,
    GoldSentence,
    Metrics,
    Prediction,
    metrics,
    predict,
    read_records,
    split_of,
)

FILES = ("lfqa.jsonl", "wice.jsonl")
PACKAGES = ("citemark", "cite-right", "citeglow")


def holdout(path: Path) -> list[EvalRecord]:
    return [r for r in read_records(path) if split_of(r) == "holdout"]


# --------------------------------------------------------------------------- peers


def cite_right_predictions(records: Sequence[EvalRecord]) -> Iterator[Prediction]:
    from cite_right import SourceDocument, align_citations

    for record in records:
        docs = [SourceDocument(id=s["id"], text=s["text"]) for s in record.sources]
        spans = align_citations(record.answer, docs)
        for gold in record.sentences:
            best = _most_overlapping(spans, gold)
            status = best.status if best is not None else "unsupported"
            citations = best.citations if best is not None else []
            hit1, hit3 = _cite_right_hits(gold, citations)
            yield _prediction(record, gold, status, hit1, hit3)


def _most_overlapping(spans: Sequence[object], gold: GoldSentence) -> object | None:
    best, best_overlap = None, 0
    for span in spans:
        answer_span = span.answer_span  # type: ignore[attr-defined]
        overlap = min(answer_span.char_end, gold.end) - max(answer_span.char_start, gold.start)
        if overlap > best_overlap:
            best, best_overlap = span, overlap
    return best


def _cite_right_hits(
    gold: GoldSentence, citations: Sequence[object]
) -> tuple[bool | None, bool | None]:
    if not gold.evidence:
        return None, None

    def hit(n: int) -> bool:
        return any(
            c.source_id == sid and c.char_start < end and start < c.char_end  # type: ignore[attr-defined]
            for c in citations[:n]
            for sid, start, end in gold.evidence
        )

    return hit(1), hit(3)


def citeglow_predictions(records: Sequence[EvalRecord]) -> Iterator[Prediction]:
    from citeglow import find_answer_highlights

    for record in records:
        for gold in record.sentences:
            sentence = record.answer[gold.start : gold.end]
            found = any(find_answer_highlights(sentence, s["text"]) for s in record.sources)
            yield _prediction(record, gold, "supported" if found else "unsupported", None, None)


def _prediction(
    record: EvalRecord, gold: GoldSentence, status: str, hit1: bool | None, hit3: bool | None
) -> Prediction:
    score = {"supported": 1.0, "partial": 0.5}.get(status, 0.0)
    return Prediction(
        record.dataset, record.system, record.id, gold.label, status, score, {}, hit1, hit3
    )


# --------------------------------------------------------------------------- table


def _row(data: str, tool: str, m: Metrics, seconds: float) -> tuple[str, ...]:
    def fmt(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    return (
        data,
        tool,
        str(m.sentences),
        fmt(m.balanced_accuracy),
        fmt(m.flag_precision),
        fmt(m.flag_recall),
        fmt(m.hit_at_1),
        fmt(m.hit_at_3),
        f"{seconds:.0f} s",
    )


def evaluate_file(path: Path, modes: Sequence[str]) -> list[tuple[str, ...]]:
    records = holdout(path)
    data = path.name
    rows = []
    for mode in modes:
        config = load_config("default").with_(mode=mode)
        start = time.perf_counter()
        found = list(predict(records, config, split="holdout"))
        rows.append(_row(data, f"citemark {mode}", metrics(found), time.perf_counter() - start))
    for tool, make in (
        ("Cite-Right 0.4.0", cite_right_predictions),
        ("citeglow 0.1.2", citeglow_predictions),
    ):
        start = time.perf_counter()
        found = list(make(records))
        rows.append(_row(data, tool, metrics(found), time.perf_counter() - start))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modes", default="hybrid,lexical", help="citemark modes, comma-separated")
    parser.add_argument("--data", type=Path, default=DATA_DIR, help="folder of the evalset files")
    args = parser.parse_args(argv)
    paths = [args.data / name for name in FILES]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"skipped: evaluation data not found ({', '.join(missing)})", file=sys.stderr)
        return 0
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    rows = [row for path in paths for row in evaluate_file(path, modes)]
    header = (
        "data (holdout)",
        "tool",
        "sentences",
        "balanced acc.",
        "flag P",
        "flag R",
        "hit@1",
        "hit@3",
        "time",
    )
    print("## Accuracy on the holdout half of the dev data\n")
    print(environment_header(PACKAGES) + "\n")
    print(markdown_table(header, rows))
    print(
        "\nFlag = not supported (gold partial or unsupported). Cite-Right: status of the "
        "answer span overlapping each gold sentence most; citeglow: flagged when no source "
        "yields a highlight for the sentence. hit@k only where the data gives evidence "
        "locations (wice) and the tool ranks citations."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
