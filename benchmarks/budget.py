"""What the speed goals beside Cite-Right leave for citemark's own work, beside what the
parts the design requires cost on their own.

The goals are ratios to Cite-Right's whole call (Rust core): a cold call no slower than
it, a call with a prepared ``SourceIndex`` at least 5x faster. Some of that time goes to
library calls the design names and no rewrite of citemark's own code can avoid:

- spaCy over the answer (the brief's segmenter): citemark hands spaCy only the words
  around the answer's possible sentence ends; those windows are recorded, then timed
  through a bare ``spacy.blank("en")`` with its ``sentencizer`` and none of the legal
  rules, a pipeline that has not seen the answer: the least that spaCy's part costs;
- the static model's vectors of the answer's sentences (the semantic stage);
- on a cold call, the static model's vectors of every source sentence (retrieval by
  meaning needs them before it can rank anything).

Each is timed alone with its caches emptied, in CPU time, on unseen W1- and W2-shaped
workloads (``speed.unseen_workloads``), interleaved with Cite-Right and with citemark's
whole calls so that all meet the same machine load. The table prints the budget, these
floors, what is left of the budget, what citemark's own work takes now (its call less the
floor) and how many times faster that work would have to be.

"prepared, new answer" builds each workload's index first and times the first call with
its answer, the case of a server holding a prepared corpus; "prepared, same answer"
repeats that call, as ``cold_unseen.py`` does, and its floor is timed again in the same
way (spaCy's vocabulary then holds the answer's words; its vectors are cached).

    OPENBLAS_NUM_THREADS=1 python benchmarks/budget.py
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import _common
import speed

from citemark.config import Config, load_config
from citemark.embed import Embedder, default_embedder
from citemark.index import SourceIndex
from citemark.pipeline import align
from citemark.segment import Segmenter, segment

if TYPE_CHECKING:
    from spacy.language import Language


class _Recorder:
    """Stands in for a segmenter's spaCy pipeline and keeps the texts it is given."""

    def __init__(self, nlp: object) -> None:
        self.nlp = nlp
        self.texts: list[str] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.nlp, name)

    def __call__(self, text: str) -> object:
        self.texts.append(text)
        return self.nlp(text)  # type: ignore[operator]

    def pipe(self, texts: list[str], batch_size: int) -> object:
        self.texts.extend(texts)
        return self.nlp.pipe(texts, batch_size=batch_size)  # type: ignore[attr-defined]


def _spacy_windows(segmenter: Segmenter, text: str) -> list[str]:
    """The texts ``segmenter`` hands spaCy while it segments ``text``."""
    recorder = _Recorder(segmenter._nlp)
    segmenter._nlp = recorder  # type: ignore[assignment]
    try:
        segmenter(text)
    finally:
        segmenter._nlp = recorder.nlp  # type: ignore[assignment]
    return recorder.texts


def _cpu(call: Callable[[], object]) -> float:
    """CPU seconds of one call, after a collection."""
    gc.collect()
    start = time.process_time()
    call()
    return time.process_time() - start


@dataclass
class _Samples:
    """Per-workload CPU seconds of each timed thing, by name."""

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.values.setdefault(name, []).append(seconds)

    def median(self, name: str) -> float:
        return statistics.median(self.values[name])


def _sentences(text: str) -> list[str]:
    return [text[s.start : s.end] for s in segment(text)]


@dataclass
class _Tools:
    """What every workload is timed with, made once."""

    config: Config
    embedder: Embedder
    nlp: Language
    recording: Segmenter


def _measure(seed: _common.Workload, count: int, preset: str) -> _Samples:
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    tools = _Tools(load_config(preset), default_embedder("static"), nlp, Segmenter())
    samples = _Samples()
    for w in speed.unseen_workloads(seed, count):
        _time_workload(w, tools, samples)
    return samples


def _time_workload(w: _common.Workload, tools: _Tools, samples: _Samples) -> None:
    """One workload's samples, each part after the caches it would fill are emptied."""
    from cite_right import SourceDocument, align_citations

    config, embedder = tools.config, tools.embedder
    sources = w.as_dicts()
    docs = [SourceDocument(id=sid, text=text) for sid, text in w.sources]
    # Worked out before the clock starts: only spaCy's and the model's parts are timed.
    answer_sentences = _sentences(w.answer)
    source_sentences = [s for _, text in w.sources for s in _sentences(text)]
    windows = _spacy_windows(tools.recording, w.answer)
    samples.add("Cite-Right", _cpu(lambda: align_citations(w.answer, docs)))
    samples.add("spaCy over the answer", _cpu(lambda: list(tools.nlp.pipe(windows))))
    samples.add("spaCy over the answer, again", _cpu(lambda: list(tools.nlp.pipe(windows))))
    embedder.clear_cache()
    samples.add("answer vectors", _cpu(lambda: embedder.encode(answer_sentences)))
    samples.add("answer vectors, again", _cpu(lambda: embedder.encode(answer_sentences)))
    embedder.clear_cache()
    samples.add("source vectors", _cpu(lambda: embedder.encode(source_sentences)))
    embedder.clear_cache()
    samples.add("citemark cold", _cpu(lambda: align(w.answer, sources, config=config)))
    embedder.clear_cache()
    index = SourceIndex(sources, config)
    index.sentence_vectors(embedder)

    def prepared() -> object:
        return align(w.answer, None, index=index, config=config)

    samples.add("citemark prepared, new answer", _cpu(prepared))
    again = statistics.median(_cpu(prepared) for _ in range(5))
    samples.add("citemark prepared, same answer", again)


def _rows(s: _Samples) -> list[tuple[str, ...]]:
    peer = s.median("Cite-Right")
    answer_floor = s.median("spaCy over the answer") + s.median("answer vectors")
    again_floor = s.median("spaCy over the answer, again") + s.median("answer vectors, again")
    cold_floor = answer_floor + s.median("source vectors")
    rows = []
    for label, goal, floor, ours in (
        ("cold (goal: >= 1.0x)", peer, cold_floor, s.median("citemark cold")),
        (
            "prepared, new answer (goal: >= 5x)",
            peer / 5,
            answer_floor,
            s.median("citemark prepared, new answer"),
        ),
        (
            "prepared, same answer (goal: >= 5x)",
            peer / 5,
            again_floor,
            s.median("citemark prepared, same answer"),
        ),
    ):
        left = goal - floor
        own = ours - floor
        needed = f"{own / left:.1f}x" if left > 0 else "the floor alone is over budget"
        rows.append(
            (
                label,
                _common.fmt_seconds(goal),
                _common.fmt_seconds(floor),
                _common.fmt_seconds(left) if left > 0 else f"-{_common.fmt_seconds(-left)}",
                _common.fmt_seconds(ours),
                _common.fmt_seconds(own),
                needed,
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    speed.add_unseen_options(parser)
    args = parser.parse_args()
    speed.warm_up(load_config(args.preset))
    print(_common.environment_header())
    for seed, count in ((_common.w1(), args.w1), (_common.w2(), args.w2)):
        s = _measure(seed, count, args.preset)
        parts = ", ".join(
            f"{name} {_common.fmt_seconds(s.median(name))}"
            for name in ("Cite-Right", "spaCy over the answer", "answer vectors", "source vectors")
        )
        print(f"\n### {seed.name}, preset {args.preset}, {count} unseen workloads (CPU medians)\n")
        print(f"{parts}\n")
        header = (
            "call",
            "budget",
            "floor (spaCy + vectors)",
            "left for citemark's own work",
            "citemark now",
            "citemark's own work now",
            "own work must get faster by",
        )
        print(_common.markdown_table(header, _rows(s)))


if __name__ == "__main__":
    main()
