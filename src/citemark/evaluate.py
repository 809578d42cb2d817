"""Evaluation on labelled data in the "evalset v1" JSONL format.

Each record is aligned with its gold sentence boundaries, and the predictions are
compared with the human labels: how well citemark flags sentences that are not
supported (balanced accuracy, precision, recall), its 3-way accuracy and
macro-F1, the AUROC of its support score, and, where the data says where the
evidence is, whether its top citations point there (hit@1, hit@3).

Calibration fits on one half of the dev data; :func:`split_of` says which half a
record falls in (by question for LFQA, so all six systems' answers to one
question stay together; by record elsewhere), and ``--split holdout`` reports
only on the half the fit never saw.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import Config, load_config
from .errors import InputError
from .index import SourceIndex
from .pipeline import align
from .report import SentenceResult
from .score import STATUSES

SPLITS = ("all", "fit", "holdout")


@dataclass(frozen=True)
class GoldSentence:
    start: int
    end: int
    label: str
    evidence: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class EvalRecord:
    id: str
    dataset: str
    system: str
    group: str
    answer: str
    sources: list[dict[str, str]]
    sentences: tuple[GoldSentence, ...]


@dataclass(frozen=True)
class Prediction:
    """One gold sentence beside what citemark said of it."""

    dataset: str
    system: str
    record: str
    gold: str
    status: str
    score: float
    features: dict[str, float]
    hit1: bool | None
    hit3: bool | None
    # Kinds of the key facts the evidence lacks, and how many facts it contradicts:
    # calibration decides statuses from them exactly as the pipeline does.
    missing: tuple[str, ...] = ()
    conflicts: int = 0


def split_of(record: EvalRecord) -> str:
    """``fit`` or ``holdout``, fixed by a hash of the record's group."""
    digest = hashlib.blake2b(record.group.encode("utf-8"), digest_size=8).digest()
    return "fit" if digest[0] % 2 == 0 else "holdout"


def read_records(path: str | Path) -> Iterator[EvalRecord]:
    """Records of an evalset file, one at a time, with a clear error for a bad line."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield _record(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                raise InputError(f"{path}:{number}: not an evalset v1 record ({exc})") from None


def _record(data: dict[str, Any]) -> EvalRecord:
    meta = data.get("meta") or {}
    dataset = str(data["dataset"])
    system = str(meta.get("system") or dataset)
    group = f"{dataset}:{meta.get('question_id', data['id'])}"
    sentences = tuple(
        GoldSentence(
            int(s["start"]),
            int(s["end"]),
            str(s["label"]),
            tuple(
                (str(e["source_id"]), int(e["start"]), int(e["end"]))
                for e in s.get("evidence") or ()
            ),
        )
        for s in data["sentences"]
    )
    return EvalRecord(
        str(data["id"]),
        dataset,
        system,
        group,
        str(data["answer"]),
        list(data["sources"]),
        sentences,
    )


class _IndexCache:
    """Prepared sources reused across records that share them (one question, six systems)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._cache: dict[str, SourceIndex] = {}

    def get(self, sources: list[dict[str, str]]) -> SourceIndex:
        key = hashlib.blake2b(
            json.dumps(sources, sort_keys=True).encode("utf-8"), digest_size=16
        ).hexdigest()
        if key not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = SourceIndex(sources, self.config)
        return self._cache[key]


def predict(
    records: Iterable[EvalRecord], config: Config | str | None = None, split: str = "all"
) -> Iterator[Prediction]:
    """Align every record of ``split`` and pair each gold sentence with the result."""
    if split not in SPLITS:
        raise InputError(f"split must be one of {', '.join(SPLITS)}; got {split!r}")
    cfg = load_config(config)
    cache = _IndexCache(cfg)
    for record in records:
        if split != "all" and split_of(record) != split:
            continue
        index = cache.get(record.sources)
        report = align(
            record.answer,
            None,
            index=index,
            config=cfg,
            sentences=[(s.start, s.end) for s in record.sentences],
        )
        for gold, result in zip(record.sentences, report.sentences, strict=True):
            hit1, hit3 = _hits(gold, result)
            yield Prediction(
                record.dataset,
                record.system,
                record.id,
                gold.label,
                result.status,
                result.score,
                result.features,
                hit1,
                hit3,
                tuple(f.kind for f in result.missing_facts),
                len(result.conflicts),
            )


def _hits(gold: GoldSentence, result: SentenceResult) -> tuple[bool | None, bool | None]:
    if not gold.evidence:
        return None, None

    def hit(n: int) -> bool:
        return any(
            c.source_id == sid and c.source_start < end and start < c.source_end
            for c in result.citations[:n]
            for sid, start, end in gold.evidence
        )

    return hit(1), hit(3)


@dataclass
class Metrics:
    """The figures for one group of predictions."""

    sentences: int
    balanced_accuracy: float
    flag_precision: float
    flag_recall: float
    accuracy_3way: float
    macro_f1_3way: float
    auroc: float | None
    hit_at_1: float | None = None
    hit_at_3: float | None = None
    evidence_sentences: int = 0
    labels: dict[str, int] = field(default_factory=dict)


def metrics(predictions: list[Prediction]) -> Metrics:
    """Flag, 3-way, ranking and evidence figures for a list of predictions."""
    gold_flag = [p.gold != "supported" for p in predictions]
    pred_flag = [p.status != "supported" for p in predictions]
    tp = sum(g and q for g, q in zip(gold_flag, pred_flag, strict=True))
    fp = sum(q and not g for g, q in zip(gold_flag, pred_flag, strict=True))
    fn = sum(g and not q for g, q in zip(gold_flag, pred_flag, strict=True))
    tn = len(predictions) - tp - fp - fn
    recall = _ratio(tp, tp + fn)
    specificity = _ratio(tn, tn + fp)
    hits1 = [p.hit1 for p in predictions if p.hit1 is not None]
    hits3 = [p.hit3 for p in predictions if p.hit3 is not None]
    return Metrics(
        sentences=len(predictions),
        balanced_accuracy=round((recall + specificity) / 2, 4),
        flag_precision=round(_ratio(tp, tp + fp), 4),
        flag_recall=round(recall, 4),
        accuracy_3way=round(
            _ratio(sum(p.gold == p.status for p in predictions), len(predictions)), 4
        ),
        macro_f1_3way=round(_macro_f1(predictions), 4),
        auroc=_auroc([p.score for p in predictions], [p.gold == "supported" for p in predictions]),
        hit_at_1=round(sum(hits1) / len(hits1), 4) if hits1 else None,
        hit_at_3=round(sum(hits3) / len(hits3), 4) if hits3 else None,
        evidence_sentences=len(hits1),
        labels={s: sum(p.gold == s for p in predictions) for s in STATUSES},
    )


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def _macro_f1(predictions: list[Prediction]) -> float:
    scores = []
    for label in STATUSES:
        tp = sum(p.gold == label and p.status == label for p in predictions)
        fp = sum(p.gold != label and p.status == label for p in predictions)
        fn = sum(p.gold == label and p.status != label for p in predictions)
        if tp + fp + fn:
            scores.append(_ratio(2 * tp, 2 * tp + fp + fn))
    return sum(scores) / len(scores) if scores else 0.0


def _auroc(scores: list[float], positive: list[bool]) -> float | None:
    """Probability that a supported sentence outscores an unsupported one (ties count half)."""
    pairs = sorted(zip(scores, positive, strict=True))
    n_pos = sum(positive)
    n_neg = len(positive) - n_pos
    if not n_pos or not n_neg:
        return None
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        mean_rank = (i + j + 1) / 2
        rank_sum += mean_rank * sum(1 for _, pos in pairs[i:j] if pos)
        i = j
    return round((rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg), 4)


def summarize(predictions: list[Prediction]) -> dict[str, Any]:
    """Metrics per dataset, and per system within each dataset."""
    by_dataset: dict[str, list[Prediction]] = defaultdict(list)
    for p in predictions:
        by_dataset[p.dataset].append(p)
    result: dict[str, Any] = {}
    for dataset, preds in sorted(by_dataset.items()):
        by_system: dict[str, list[Prediction]] = defaultdict(list)
        for p in preds:
            by_system[p.system].append(p)
        result[dataset] = {
            "all": metrics(preds).__dict__,
            "systems": {s: metrics(ps).__dict__ for s, ps in sorted(by_system.items())}
            if len(by_system) > 1
            else {},
        }
    return result


def format_table(summary: dict[str, Any]) -> str:
    """A Markdown table of the summary, one row per dataset and system."""
    head = (
        "| data | system | sentences | balanced acc. | flag P | flag R | 3-way acc. | "
        "macro-F1 | AUROC | hit@1 | hit@3 |"
    )
    rows = [head, "|" + "---|" * 11]
    for dataset, parts in summary.items():
        for system, m in [("all", parts["all"]), *parts["systems"].items()]:
            rows.append(
                f"| {dataset} | {system} | {m['sentences']} | {m['balanced_accuracy']:.3f} | "
                f"{m['flag_precision']:.3f} | {m['flag_recall']:.3f} | {m['accuracy_3way']:.3f} | "
                f"{m['macro_f1_3way']:.3f} | {_fmt(m['auroc'])} | {_fmt(m['hit_at_1'])} | "
                f"{_fmt(m['hit_at_3'])} |"
            )
    return "\n".join(rows)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def plot(predictions: list[Prediction], path: str | Path) -> None:
    """Precision-recall curve of the flag and the score distribution by gold label."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    datasets = sorted({p.dataset for p in predictions})
    fig, axes = plt.subplots(len(datasets), 2, figsize=(10, 4 * len(datasets)), squeeze=False)
    for row, dataset in enumerate(datasets):
        preds = [p for p in predictions if p.dataset == dataset]
        _pr_curve(axes[row][0], preds, dataset)
        for label in STATUSES:
            scores = [p.score for p in preds if p.gold == label]
            if scores:
                axes[row][1].hist(
                    scores, bins=20, range=(0, 1), alpha=0.5, label=f"{label} ({len(scores)})"
                )
        axes[row][1].set_title(f"{dataset}: support score by gold label")
        axes[row][1].set_xlabel("score")
        axes[row][1].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _pr_curve(ax: Any, preds: list[Prediction], dataset: str) -> None:
    """Flag precision and recall as the flag threshold sweeps over the scores."""
    points = []
    for threshold in sorted({round(p.score, 3) for p in preds}):
        flagged = [p for p in preds if p.score < threshold]
        positives = sum(p.gold != "supported" for p in preds)
        tp = sum(p.gold != "supported" for p in flagged)
        if flagged and positives:
            points.append((tp / positives, tp / len(flagged)))
    if points:
        ax.plot([r for r, _ in points], [p for _, p in points])
    ax.set_title(f"{dataset}: flag precision-recall")
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
