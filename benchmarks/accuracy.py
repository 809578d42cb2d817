"""Accuracy on the dev data's holdout half: citemark beside Cite-Right and citeglow.

Every tool is scored on the same records (``citemark.evaluate.split_of(record) ==
"holdout"``, the half calibration never fits on) of the four dev files (LFQA, WiCE,
VitaminC, SummEdits) and the same gold sentences, with
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

VitaminC's holdout half holds some 15,000 claims; the tools read a seeded sample of
whole cases of it (``--vitaminc``, 3,000 claims; 0 reads all of it), so a case keeps
the claims its evidence supports beside those it refutes. SummEdits is also reported
per domain.

Run from the repository root (reads ``$CITEMARK_DATA`` or ``/work/shared/data``)::

    python benchmarks/accuracy.py                    # hybrid and lexical, four files
    python benchmarks/accuracy.py --modes lexical    # faster: no embedding model
    python benchmarks/accuracy.py --files lfqa.jsonl wice.jsonl
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from _common import DATA_DIR, environment_header, markdown_table

from citemark.calibrate import sample_groups
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

FILES = ("lfqa.jsonl", "wice.jsonl", "vitaminc.jsonl", "summedits.jsonl")
PACKAGES = ("citemark", "cite-right", "citeglow")
# Files read as a seeded sample of whole groups (VitaminC cases) of their holdout half.
SAMPLED = ("vitaminc.jsonl",)
SAMPLE_SEED = "accuracy-holdout-1"
# Files reported per domain as well (the record's system names it).
BY_DOMAIN = ("summedits.jsonl",)


def holdout(path: Path, sample: int = 0) -> list[EvalRecord]:
    records = [r for r in read_records(path) if split_of(r) == "holdout"]
    if sample and path.name in SAMPLED:
        records = sample_groups(records, sample, SAMPLE_SEED)
    return records


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


def evaluate_file(
    path: Path, modes: Sequence[str], sample: int = 0
) -> tuple[list[tuple[str, ...]], dict[str, list[Prediction]]]:
    """The file's rows, and each tool's predictions (for the per-domain table)."""
    records = holdout(path, sample)
    data = path.stem + (f" (sample of {sample:,})" if sample and path.name in SAMPLED else "")
    rows = []
    found: dict[str, list[Prediction]] = {}
    for mode in modes:
        config = load_config("default").with_(mode=mode)
        tool = f"citemark {mode}"
        start = time.perf_counter()
        found[tool] = list(predict(records, config, split="holdout"))
        rows.append(_row(data, tool, metrics(found[tool]), time.perf_counter() - start))
        print(f"{path.name}: {tool} done", file=sys.stderr, flush=True)
    for tool, make in (
        ("Cite-Right 0.4.0", cite_right_predictions),
        ("citeglow 0.1.2", citeglow_predictions),
    ):
        start = time.perf_counter()
        found[tool] = list(make(records))
        rows.append(_row(data, tool, metrics(found[tool]), time.perf_counter() - start))
        print(f"{path.name}: {tool} done", file=sys.stderr, flush=True)
    return rows, found


def by_domain(found: dict[str, list[Prediction]]) -> list[tuple[str, ...]]:
    """Balanced accuracy of the flag per domain (the prediction's system), per tool."""
    tools = list(found)
    domains = sorted({p.system for p in found[tools[0]]})
    rows = []
    for domain in domains:
        cells = []
        for tool in tools:
            mine = [p for p in found[tool] if p.system == domain]
            cells.append(f"{metrics(mine).balanced_accuracy:.3f}")
        n = sum(p.system == domain and p.status != "no_claim" for p in found[tools[0]])
        rows.append((domain, str(n), *cells))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modes", default="hybrid,lexical", help="citemark modes, comma-separated")
    parser.add_argument("--data", type=Path, default=DATA_DIR, help="folder of the evalset files")
    parser.add_argument("--files", nargs="+", default=list(FILES), help="dev files to read")
    parser.add_argument(
        "--vitaminc",
        type=int,
        default=3000,
        help="claims of VitaminC's holdout half to read, in whole cases (0: all)",
    )
    args = parser.parse_args(argv)
    paths = [args.data / name for name in args.files]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"skipped: evaluation data not found ({', '.join(missing)})", file=sys.stderr)
        return 0
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    rows: list[tuple[str, ...]] = []
    domains: list[tuple[str, ...]] = []
    tools: list[str] = []
    for path in paths:
        file_rows, found = evaluate_file(path, modes, args.vitaminc)
        rows += file_rows
        if path.name in BY_DOMAIN:
            domains += by_domain(found)
            tools = list(found)
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
    if domains:
        print("\n### SummEdits per domain (holdout), balanced accuracy\n")
        print(markdown_table(("domain", "sentences", *tools), domains))
    return 0


if __name__ == "__main__":
    sys.exit(main())
