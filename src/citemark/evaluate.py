"""Evaluation on labelled data in the "evalset v1" JSONL format.

Each record is aligned with its gold sentence boundaries, and the predictions are
compared with the human labels: how well citemark flags sentences that are not
supported (balanced accuracy, precision, recall), its 3-way accuracy and
macro-F1, the AUROC of its support score, and, where the data says where the
evidence is, whether its top citations point there (hit@1, hit@3).

Where answers carry citations of their own (markers in the text, or a record's
``citations`` field: the structured citations an LLM API returned), it also reports
how well those hold up (:class:`CitationTotals`): ALCE-style citation recall and
precision over the answers that carry any, and the miscited and uncited claims.

Calibration fits on one half of the dev data; :func:`split_of` says which half a
record falls in (by question for LFQA, so all six systems' answers to one
question stay together; by case for VitaminC and by document for SummEdits, for
the same reason; by record elsewhere), and ``--split holdout`` reports only on the
half the fit never saw. :data:`DEV_FILES` are the four dev files ``citemark eval``
reads when no file is named.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .config import Config, load_config
from .errors import InputError
from .facts import FACT_KINDS
from .index import SourceIndex
from .pipeline import align
from .report import CitedSource, Report, SentenceResult
from .score import cap_candidates, fact_capped
from .spans import context_from_index, sentence_evidence, unsupported_spans
from .tokens import slice_tokens, tokenize
from .types import STATUSES, Span
from .words import unit

SPLITS = ("all", "fit", "holdout")
# The dev files, in the order ``citemark eval`` reports them: each is judged on its own
# (three-way LFQA and WiCE, two-way VitaminC and SummEdits), so none is left out of
# the figures a change is decided on.
DEV_FILES = ("lfqa.jsonl", "wice.jsonl", "vitaminc.jsonl", "summedits.jsonl")


def dev_data_dir() -> Path:
    """Where the dev files live: ``CITEMARK_DATA``, else ``../shared/data`` beside the
    repository (the data is read-only and never copied into it)."""
    return Path(os.environ.get("CITEMARK_DATA") or Path("..") / "shared" / "data")


def dev_files(data_dir: str | Path | None = None) -> list[Path]:
    """The four dev files in ``data_dir`` (default :func:`dev_data_dir`).

    All four or none: a figure over three files would read as the whole, so an absent
    one is an error that names it.
    """
    folder = Path(data_dir) if data_dir is not None else dev_data_dir()
    paths = [folder / name for name in DEV_FILES]
    absent = [p.name for p in paths if not p.is_file()]
    if absent:
        raise InputError(f"{folder} lacks {', '.join(absent)}: the dev data has four files")
    return paths


def eval_paths(
    files: Sequence[str | Path], all_files: bool = False, data_dir: str | Path | None = None
) -> list[Path]:
    """The files ``citemark eval`` reads: those named, or with none named (or
    ``all_files``) the four dev files, then any named ones they do not already hold."""
    named = [Path(f) for f in files]
    if named and not all_files:
        return named
    paths = dev_files(data_dir)
    seen = {p.resolve() for p in paths}
    return paths + [p for p in named if p.resolve() not in seen]


@dataclass(frozen=True)
class GoldSentence:
    start: int
    end: int
    label: str
    evidence: tuple[tuple[str, int, int], ...]
    # Gold unsupported words, where the data marks them (``unsupported_spans``).
    spans: SpanGold | None = None


@dataclass(frozen=True)
class SpanGold:
    """Which tokens of a sentence annotators marked unsupported (answer offsets).

    The data's own tokenisation (``meta.claim_tokens``) is used where given, so
    scores are over the annotators' tokens; otherwise citemark's tokens, each
    flagged when it overlaps a gold span. ``part`` is the upstream split
    (``meta.upstream_split``: train/dev), or ``all``.
    """

    tokens: tuple[tuple[int, int], ...]
    flags: tuple[bool, ...]
    part: str


@dataclass(frozen=True)
class EvalRecord:
    id: str
    dataset: str
    system: str
    group: str
    answer: str
    sources: list[dict[str, str]]
    sentences: tuple[GoldSentence, ...]
    # The structured citations an LLM API returned with the answer, as the record gives
    # them (``align``'s ``citations``); ``None`` where it gives none.
    citations: object = None


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
    # the fact cap alone kept it from "supported"; the evidence states a fact differently
    capped: bool = False
    conflicted: bool = False
    spans: SpanScore | None = None
    # Kinds of the key facts the evidence lacks, and how many facts it contradicts:
    # calibration decides statuses from them exactly as the pipeline does.
    missing: tuple[str, ...] = ()
    conflicts: int = 0
    # Kinds of the missing facts no source states in any form (these can cap), and
    # whether the score reached the supported threshold: with ``missing`` they say
    # which kinds would have capped this sentence, for the per-kind cap table.
    unsourced: tuple[str, ...] = ()
    above: bool = False
    # The answer's own citations, where its answer carries any (``cites``): the
    # sentence's citation status, whether the sources it cites together support it in
    # full, how many sources it cites, how many of those support it alone (at least in
    # part), and how many name no given source.
    cites: bool = False
    citation_status: str | None = None
    recalled: bool = False
    cited: int = 0
    cited_supporting: int = 0
    cited_unknown: int = 0


@dataclass(frozen=True)
class SpanScore:
    """Gold and predicted unsupported-token flags of one sentence, with two baselines.

    ``predicted`` is what the report says (spans only on sentences not judged
    supported); ``ungated`` computes spans on every sentence whatever its status,
    to score the span finder apart from the sentence verdict.
    """

    part: str
    gold: tuple[bool, ...]
    predicted: tuple[bool, ...]
    ungated: tuple[bool, ...]
    every_token: tuple[bool, ...]
    absent_words: tuple[bool, ...]


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
            except KeyError as exc:
                # (a bare KeyError reads "('dataset')", like a stack trace's last line)
                raise InputError(
                    f"{path}:{number}: not an evalset v1 record (missing field {exc.args[0]!r})"
                ) from None
            except (json.JSONDecodeError, TypeError, ValueError) as exc:
                raise InputError(f"{path}:{number}: not an evalset v1 record ({exc})") from None


def _record(data: dict[str, Any]) -> EvalRecord:
    meta = data.get("meta") or {}
    dataset = str(data["dataset"])
    # A domain (SummEdits' news, podcast, ...) is reported like a system: the held-out
    # data of such a file is other domains, so each one's figures are read apart.
    system = str(meta.get("system") or meta.get("domain") or dataset)
    group = f"{dataset}:{_group_key(data, meta)}"
    single = len(data["sentences"]) == 1
    sentences = tuple(
        GoldSentence(
            int(s["start"]),
            int(s["end"]),
            _label(s["label"], n),
            tuple(
                (str(e["source_id"]), int(e["start"]), int(e["end"]))
                for e in s.get("evidence") or ()
            ),
            _span_gold(str(data["answer"]), s, meta if single else {}),
        )
        for n, s in enumerate(data["sentences"])
    )
    return EvalRecord(
        str(data["id"]),
        dataset,
        system,
        group,
        str(data["answer"]),
        list(data["sources"]),
        sentences,
        data.get("citations"),
    )


def _group_key(data: dict[str, Any], meta: dict[str, Any]) -> str:
    """What must stay on one side of any split: records that share their evidence.

    LFQA's six answers to one question share its documents, VitaminC's claims of one
    case share (nearly) one evidence sentence, and SummEdits' edits of one summary
    share its document (the data names no document id, so the text stands for it).
    Apart from these, a record stands alone. A split that put one of these on both
    sides would score answers whose evidence the fit has already read.
    """
    for key in ("question_id", "case_id"):
        if meta.get(key) is not None:
            return str(meta[key])
    if meta.get("domain") is not None:
        text = "\n".join(str(s.get("text", "")) for s in data["sources"])
        digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()
        return f"{meta['domain']}:{digest}"
    return str(data["id"])


def _label(label: object, n: int) -> str:
    """A gold label as the format spells it: any other ("Supported", "correct") was
    read as a label no status equals, and every metric came out wrong."""
    if label not in GOLD_LABELS:
        raise ValueError(
            f"sentence {n}: label {label!r} is not one of {', '.join(map(repr, GOLD_LABELS))}"
        )
    return str(label)


GOLD_LABELS = ("supported", "partial", "unsupported")


def _span_gold(answer: str, sentence: dict[str, Any], meta: dict[str, Any]) -> SpanGold | None:
    """The sentence's gold unsupported tokens, or ``None`` when the data has none."""
    gold = sentence.get("unsupported_spans")
    if gold is None:
        return None
    part = str(meta.get("upstream_split") or "all")
    if meta.get("token_char_offsets") is not None and meta.get("non_supported_tokens") is not None:
        tokens = tuple((int(a), int(b)) for a, b in meta["token_char_offsets"])
        flags = tuple(bool(f) for f in meta["non_supported_tokens"])
        if len(tokens) != len(flags):
            raise ValueError("token_char_offsets and non_supported_tokens differ in length")
        return SpanGold(tokens, flags, part)
    spans = [Span(int(g["start"]), int(g["end"])) for g in gold]
    found = slice_tokens(tokenize(answer), Span(int(sentence["start"]), int(sentence["end"])))
    tokens = tuple(zip(found.starts, found.ends, strict=True))
    return SpanGold(tokens, token_flags(tokens, spans), part)


def token_flags(tokens: Sequence[tuple[int, int]], spans: Sequence[Span]) -> tuple[bool, ...]:
    """For each token, whether any span overlaps it: a token counts as flagged when
    a predicted span touches any of its characters."""
    return tuple(any(s.start < end and start < s.end for s in spans) for start, end in tokens)


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


def aligned(
    records: Iterable[EvalRecord], config: Config
) -> Iterator[tuple[EvalRecord, SourceIndex, Report]]:
    """Each record aligned at its gold sentence boundaries, with the index it used.

    Sources that several records share (one question, six systems) are prepared once.
    """
    cache = _IndexCache(config)
    for record in records:
        index = cache.get(record.sources)
        report = align(
            record.answer,
            None,
            index=index,
            config=config,
            sentences=[(s.start, s.end) for s in record.sentences],
            citations=record.citations,
        )
        yield record, index, report


def predict(
    records: Iterable[EvalRecord], config: Config | str | None = None, split: str = "all"
) -> Iterator[Prediction]:
    """Align every record of ``split`` and pair each gold sentence with the result."""
    if split not in SPLITS:
        raise InputError(f"split must be one of {', '.join(SPLITS)}; got {split!r}")
    # Every kind of missing fact is looked up in the sources, whatever the preset caps:
    # the per-kind cap table needs them all (statuses do not change).
    cfg = load_config(config).with_(unsourced_kinds="all")
    chosen = (r for r in records if split == "all" or split_of(r) == split)
    for record, index, report in aligned(chosen, cfg):
        cites = report.carries_citations
        for gold, result in zip(record.sentences, report.sentences, strict=True):
            hit1, hit3 = _hits(gold, result)
            scored = _span_score(record, gold, result, index) if gold.spans else None
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
                fact_capped(
                    result.score,
                    cap_candidates(result.missing_facts, result.unsourced_facts, cfg),
                    cfg,
                )
                and not result.conflicts
                and result.status != "no_claim",
                bool(result.conflicts),
                scored,
                tuple(f.kind for f in result.missing_facts),
                len(result.conflicts),
                tuple(f.kind for f in result.unsourced_facts),
                result.score >= cfg.thresholds()[0],
                cites,
                result.citation_status,
                result.cited_verdict == "supports",
                len(result.cited),
                sum(_supports(c) for c in result.cited),
                sum(not c.known for c in result.cited),
            )


def _span_score(
    record: EvalRecord, gold: GoldSentence, result: SentenceResult, index: SourceIndex
) -> SpanScore:
    """The sentence's span flags beside the gold ones and the two baselines."""
    assert gold.spans is not None
    tokens = gold.spans.tokens
    span = Span(result.start, result.end)
    context = context_from_index(index, record.answer, span, result.status == "supported")
    ungated = unsupported_spans(
        record.answer, span, sentence_evidence(result.citations), context=context
    )
    source_units = set(index.postings)
    words = tokenize(record.answer)
    absent = [
        Span(a, b)
        for a, b, key in zip(words.starts, words.ends, words.keys, strict=True)
        if result.start <= a < result.end
        and unit(key) is not None
        and unit(key) not in source_units
    ]
    return SpanScore(
        gold.spans.part,
        gold.spans.flags,
        token_flags(tokens, result.unsupported_spans),
        token_flags(tokens, ungated),
        (True,) * len(tokens),
        token_flags(tokens, absent),
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


def _supports(cited: CitedSource) -> bool:
    """Whether one citation counts for precision, as ``CitationMetrics`` counts it."""
    return cited.known and cited.verdict != "does_not_support"


@dataclass
class CitationTotals:
    """The answers' own citations over many answers (``CitationMetrics`` summed).

    Only the answers that carry citations count (``cited_answers`` of ``answers``):
    an answer that cites nothing says nothing about how well it cites, and its zeros
    would read as results. Counts are summed; ``recall`` is micro-averaged over their
    claims (``recalled_claims`` of ``claims``: the cited sources together support the
    claim in full) and ``precision`` over their citations (``supporting_citations`` of
    ``citations``: the source supports its sentence alone, at least in part). ``None``
    where there is nothing to divide by.
    """

    answers: int = 0
    cited_answers: int = 0
    claims: int = 0
    recalled_claims: int = 0
    citations: int = 0
    supporting_citations: int = 0
    correct: int = 0
    miscited: int = 0
    uncited: int = 0
    unsupported: int = 0
    unknown_sources: int = 0

    @classmethod
    def of_report(cls, report: Report) -> CitationTotals:
        """One answer's totals (all zeros but ``answers`` where it carries no citation)."""
        if not report.carries_citations:
            return cls(answers=1)
        metrics = report.citation_metrics()
        claims = [s for s in report.sentences if s.is_claim]
        return cls(
            answers=1,
            cited_answers=1,
            claims=metrics.claims,
            recalled_claims=sum(s.cited_verdict == "supports" for s in claims),
            citations=metrics.citations,
            supporting_citations=sum(_supports(c) for s in claims for c in s.cited),
            correct=metrics.correct,
            miscited=metrics.miscited,
            uncited=metrics.uncited,
            unsupported=metrics.unsupported,
            unknown_sources=metrics.unknown_sources,
        )

    @classmethod
    def of_predictions(cls, predictions: Iterable[Prediction]) -> CitationTotals:
        """The totals of the answers behind ``predictions`` (one per gold sentence)."""
        predictions = list(predictions)
        cited = [p for p in predictions if p.cites]
        claims = [p for p in cited if p.status != "no_claim"]
        statuses = Counter(p.citation_status for p in claims)
        return cls(
            answers=len({(p.dataset, p.record) for p in predictions}),
            cited_answers=len({(p.dataset, p.record) for p in cited}),
            claims=len(claims),
            recalled_claims=sum(p.recalled for p in claims),
            citations=sum(p.cited for p in claims),
            supporting_citations=sum(p.cited_supporting for p in claims),
            correct=statuses.get("correct", 0),
            miscited=statuses.get("miscited", 0),
            uncited=statuses.get("uncited", 0),
            unsupported=statuses.get("unsupported", 0),
            unknown_sources=sum(p.cited_unknown for p in claims),
        )

    def add(self, other: CitationTotals) -> None:
        """Count ``other``'s answers in too."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def recall(self) -> float | None:
        return round(self.recalled_claims / self.claims, 4) if self.claims else None

    @property
    def precision(self) -> float | None:
        return round(self.supporting_citations / self.citations, 4) if self.citations else None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "recall": self.recall, "precision": self.precision}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CitationTotals:
        """Totals as :meth:`to_dict` wrote them (its ratios are worked out again)."""
        return cls(**{name: int(data.get(name) or 0) for name in cls.__dataclass_fields__})

    def describe(self) -> str:
        """One line: how many answers carry citations and, over them, the metrics."""
        if not self.cited_answers:
            answers = f"{self.answers} answer{'' if self.answers == 1 else 's'}"
            return f"no answer carries citations ({answers}): no citation metrics"
        return (
            f"{self.cited_answers} of {self.answers} answers carry citations; over them: "
            f"citation recall {_fmt(self.recall)} "
            f"({self.recalled_claims} of {self.claims} claims), "
            f"citation precision {_fmt(self.precision)} ({self.supporting_citations} of "
            f"{self.citations} citations), {self.miscited} miscited, {self.uncited} uncited"
            + (f", {self.unknown_sources} naming no given source" if self.unknown_sources else "")
        )


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
    # Sentences citemark called no_claim (lead-ins, headings): left out of every
    # figure above, counted here with the gold labels they had.
    no_claim: int = 0
    no_claim_gold: dict[str, int] = field(default_factory=dict)
    # The answers' own citations (:class:`CitationTotals`), where any answer of the
    # group carries them; ``None`` where none does.
    citations: dict[str, Any] | None = None


def metrics(predictions: list[Prediction]) -> Metrics:
    """Flag, 3-way, ranking and evidence figures for a list of predictions.

    Sentences predicted ``no_claim`` assert nothing to check, so they are not
    scored as claims; how many there were, and their gold labels, are reported.
    """
    skipped = [p for p in predictions if p.status == "no_claim"]
    predictions = [p for p in predictions if p.status != "no_claim"]
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
        no_claim=len(skipped),
        no_claim_gold=dict(sorted(Counter(p.gold for p in skipped).items())),
        citations=_citations(predictions + skipped),
    )


def _citations(predictions: list[Prediction]) -> dict[str, Any] | None:
    totals = CitationTotals.of_predictions(predictions)
    return totals.to_dict() if totals.cited_answers else None


SPAN_METHODS = ("citemark", "citemark_ungated", "every_token", "absent_words")


@dataclass
class SpanMetrics:
    """Token-level precision, recall and F1 of the unsupported-word flags."""

    method: str
    part: str
    sentences: int
    tokens: int
    gold_tokens: int
    precision: float
    recall: float
    f1: float


def span_prf(pairs: Iterable[tuple[Sequence[bool], Sequence[bool]]]) -> tuple[float, float, float]:
    """Micro-averaged (over all tokens) precision, recall, F1 of ``(gold, predicted)`` flags."""
    tp = fp = fn = 0
    for gold, predicted in pairs:
        if len(gold) != len(predicted):
            raise ValueError("gold and predicted flags differ in length")
        for g, p in zip(gold, predicted, strict=True):
            tp += g and p
            fp += p and not g
            fn += g and not p
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    return precision, recall, _ratio(2 * precision * recall, precision + recall)


def span_metrics(predictions: list[Prediction]) -> list[SpanMetrics]:
    """Span scores per method, over all sentences with gold spans and per upstream part."""
    scored = [p.spans for p in predictions if p.spans is not None]
    parts = ["all", *sorted({s.part for s in scored} - {"all"})]
    rows = []
    for part in parts:
        chosen = [s for s in scored if part == "all" or s.part == part]
        for method in SPAN_METHODS:
            key = {"citemark": "predicted", "citemark_ungated": "ungated"}.get(method, method)
            precision, recall, f1 = span_prf((s.gold, getattr(s, key)) for s in chosen)
            rows.append(
                SpanMetrics(
                    method,
                    part,
                    len(chosen),
                    sum(len(s.gold) for s in chosen),
                    sum(sum(s.gold) for s in chosen),
                    round(precision, 4),
                    round(recall, 4),
                    round(f1, 4),
                )
            )
    return rows


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


# The rule for whether a kind of fact earns its cap on one file: the cap
# would change at least CAP_MIN_CASES sentences, and at least CAP_MARGIN more of them
# are not supported than of all sentences (the base rate). A kind the cap would not
# change any sentence for is untested there. The defaults' cap_facts name the kinds
# that no dev file's fit half finds wanting: earned or untested on each (config.py).
CAP_MIN_CASES = 5
CAP_MARGIN = 0.15


def earns_cap(cases: int, precision: float | None, base_rate: float) -> bool | None:
    """Whether a kind's would-be caps are numerous and right enough to keep.

    ``None`` when there are none: nothing on this file for or against the kind. A
    kind that acts must show it is right; a handful of cases cannot, so it fails.
    """
    if not cases:
        return None
    return cases >= CAP_MIN_CASES and precision is not None and precision >= base_rate + CAP_MARGIN


@dataclass
class KindCap:
    """Whether capping on one kind of fact earns its place on one dataset.

    Counted over the sentences the cap can change: scored at or above the supported
    threshold, without a conflict, asserting something. ``unsourced``: those with a
    fact of this kind that no source states in any form, which the cap holds at
    "partial" when the preset caps on the kind (``caps``); ``elsewhere``: those with
    one missing from the cited passages but stated in another source (and none
    unsourced), which it leaves alone except under ``strict_facts``. ``*_precision``
    is the share of them whose gold label is not "supported"; compare it with the
    dataset's base rate.
    ``any_score``/``any_score_precision``: every sentence with an unsourced fact of
    this kind, whatever its score (more cases, the same question). ``earns``: the
    unsourced cases pass :func:`earns_cap` against the base rate (``None``: there
    are none).
    """

    kind: str
    caps: bool
    earns: bool | None
    unsourced: int
    unsourced_precision: float | None
    elsewhere: int
    elsewhere_precision: float | None
    any_score: int
    any_score_precision: float | None


@dataclass
class FactCapMetrics:
    """Whether the fact cap and fact conflicts earn their place on one dataset.

    ``capped``: sentences the cap kept from "supported"; ``cap_precision``: the share
    of them whose gold label is not "supported" (the cap was right). It is worth
    having only when well above ``base_rate``, the share of all sentences that are
    not supported: below it, the cap flags worse than picking sentences at random.
    ``conflicts``/``conflict_precision``: the same for sentences with a conflict.
    ``kinds``: the same question asked of each kind of fact (:class:`KindCap`).
    """

    sentences: int
    base_rate: float
    capped: int
    cap_precision: float | None
    conflicts: int
    conflict_precision: float | None
    kinds: list[KindCap] = field(default_factory=list)


def _share(flags: list[bool]) -> float | None:
    return round(sum(flags) / len(flags), 4) if flags else None


def fact_cap(
    predictions: list[Prediction], cap_kinds: frozenset[str] = frozenset()
) -> FactCapMetrics:
    """How many sentences the fact cap and conflicts changed, and how often rightly.

    ``cap_kinds`` (the preset's, from :func:`citemark.score.capping_kinds`) only
    marks which kinds of the per-kind rows cap.
    """
    capped = [p.gold != "supported" for p in predictions if p.capped]
    conflicted = [p.gold != "supported" for p in predictions if p.conflicted]
    flagged = sum(p.gold != "supported" for p in predictions)
    return FactCapMetrics(
        sentences=len(predictions),
        base_rate=round(_ratio(flagged, len(predictions)), 4),
        capped=len(capped),
        cap_precision=_share(capped),
        conflicts=len(conflicted),
        conflict_precision=_share(conflicted),
        kinds=[
            _kind_cap(predictions, kind, kind in cap_kinds, _ratio(flagged, len(predictions)))
            for kind in FACT_KINDS
        ],
    )


def _kind_cap(predictions: list[Prediction], kind: str, caps: bool, base_rate: float) -> KindCap:
    claims = [p for p in predictions if p.status != "no_claim" and not p.conflicted]
    changeable = [p for p in claims if p.above]
    unsourced = [p.gold != "supported" for p in changeable if kind in p.unsourced]
    elsewhere = [
        p.gold != "supported" for p in changeable if kind in p.missing and kind not in p.unsourced
    ]
    anywhere = [p.gold != "supported" for p in claims if kind in p.unsourced]
    return KindCap(
        kind,
        caps,
        earns_cap(len(unsourced), _share(unsourced), base_rate),
        len(unsourced),
        _share(unsourced),
        len(elsewhere),
        _share(elsewhere),
        len(anywhere),
        _share(anywhere),
    )


def format_fact_cap_table(summary: dict[str, Any]) -> str:
    """Markdown tables of the fact cap's and conflicts' precision, per dataset and per kind."""
    rows = [
        "| data | sentences | base rate | capped | cap precision | conflicts | "
        "conflict precision |",
        "|" + "---|" * 7,
    ]
    for dataset, parts in summary.items():
        m = parts["fact_cap"]
        rows.append(
            f"| {dataset} | {m['sentences']} | {m['base_rate']:.3f} | {m['capped']} | "
            f"{_fmt(m['cap_precision'])} | {m['conflicts']} | {_fmt(m['conflict_precision'])} |"
        )
    rows += [
        "",
        "Per kind of fact, over sentences scored at or above the supported threshold "
        "(no conflict): 'unsourced' have a fact of the kind that no source states (the "
        "cap holds them at partial where the kind caps), 'elsewhere' one missing from the "
        "cited passages but stated in another source (capped only under strict_facts); "
        "'any score': every sentence with an unsourced fact of the kind. "
        "P: share not supported (gold). "
        f"'earns': at least {CAP_MIN_CASES} unsourced and P at least the base rate + "
        f"{CAP_MARGIN} ('-': no case); a kind should cap only where no file says 'no'.",
        "",
        "| data | base rate | kind | caps | earns | unsourced | P | elsewhere | P | "
        "any score | P |",
        "|" + "---|" * 11,
    ]
    for dataset, parts in summary.items():
        m = parts["fact_cap"]
        for k in m.get("kinds", ()):
            rows.append(
                f"| {dataset} | {m['base_rate']:.3f} | {k['kind']} | "
                f"{'yes' if k['caps'] else 'no'} | {_yes_no(k['earns'])} | "
                f"{k['unsourced']} | "
                f"{_fmt(k['unsourced_precision'])} | {k['elsewhere']} | "
                f"{_fmt(k['elsewhere_precision'])} | {k['any_score']} | "
                f"{_fmt(k['any_score_precision'])} |"
            )
    return "\n".join(rows)


def summarize(
    predictions: list[Prediction], cap_kinds: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """Metrics per dataset, and per system within each dataset.

    ``cap_kinds``: the kinds of fact the preset caps on, marked in the cap table.
    """
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
            "fact_cap": asdict(fact_cap(preds, cap_kinds)),
        }
        if any(p.spans is not None for p in preds):
            result[dataset]["spans"] = [m.__dict__ for m in span_metrics(preds)]
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
    rows.extend(_no_claim_lines(summary))
    rows.extend(_citation_lines(summary))
    span_rows = [(d, m) for d, parts in summary.items() for m in parts.get("spans", ())]
    if span_rows:
        rows += [
            "",
            "Unsupported words (token level; 'ungated' computes spans on every sentence, "
            "whatever its status):",
            "",
            "| data | part | method | sentences | tokens | gold tokens | P | R | F1 |",
            "|" + "---|" * 9,
        ]
        for dataset, m in span_rows:
            rows.append(
                f"| {dataset} | {m['part']} | {m['method']} | {m['sentences']} | {m['tokens']} | "
                f"{m['gold_tokens']} | {m['precision']:.3f} | {m['recall']:.3f} | {m['f1']:.3f} |"
            )
    return "\n".join(rows)


def _no_claim_lines(summary: dict[str, Any]) -> list[str]:
    """Below the table: the sentences left out as no_claim, with their gold labels."""
    lines = []
    for dataset, parts in summary.items():
        m = parts["all"]
        if m.get("no_claim"):
            gold = ", ".join(f"{label} {n}" for label, n in m["no_claim_gold"].items())
            lines.append(
                f"{dataset}: {m['no_claim']} sentence{'s' if m['no_claim'] > 1 else ''} no_claim, "
                f"not scored (gold: {gold})"
            )
    return ["", *lines] if lines else []


def _citation_lines(summary: dict[str, Any]) -> list[str]:
    """Below the table: the answers' own citations, where any answer carries them."""
    groups = [
        (dataset, system, m)
        for dataset, parts in summary.items()
        for system, m in [("all", parts["all"]), *parts["systems"].items()]
    ]
    cited = [(d, s, m["citations"]) for d, s, m in groups if m.get("citations")]
    quiet = sorted(d for d, parts in summary.items() if not parts["all"].get("citations"))
    if not cited:
        return ["", "Citations: no answer carries citations (no citation metrics)."]
    rows = [
        "",
        "Citations the answers carry (ALCE-style, over the answers that carry any; "
        "recall: claims their cited sources support in full; precision: citations whose "
        "source supports the claim alone, at least in part):",
        "",
        "| data | system | cited answers | claims | citation recall | citations | "
        "citation precision | correct | miscited | uncited | unsupported |",
        "|" + "---|" * 11,
    ]
    for dataset, system, c in cited:
        rows.append(
            f"| {dataset} | {system} | {c['cited_answers']} of {c['answers']} | {c['claims']} | "
            f"{_fmt(c['recall'])} | {c['citations']} | {_fmt(c['precision'])} | "
            f"{c['correct']} | {c['miscited']} | {c['uncited']} | {c['unsupported']} |"
        )
    if quiet:
        rows += ["", f"No answer carries citations in: {', '.join(quiet)}."]
    return rows


def _yes_no(value: bool | None) -> str:
    return "-" if value is None else "yes" if value else "no"


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
