"""Does citemark tell a right citation from a wrong one? Labelled cases from the dev data.

Each case is one claim that a source supports, written with a citation marker that
names either the source holding its evidence (``correct``) or another given source
(``miscited``):

- **WiCE**: claims labelled supported or partially supported, with gold evidence. The
  article is cut at line breaks into ``--parts`` sources of about equal length; the
  correct marker names every part holding gold evidence, the miscited one a part that
  holds none (chosen by a seeded draw per claim). Claims whose evidence touches every
  part have no wrong part to cite and are left out.
- **VitaminC**: claims labelled SUPPORTS, sampled one per page. The sources are the
  claim's evidence and the evidence of ``--parts - 1`` claims from other pages, in a
  seeded order; the miscited marker names one of the others.

Every case is written in four marker styles: ``[n]`` or ``[id]``, before or after the
full stop ("... ends [2]." or "... ends. [2]"). Reported per dataset and style:

- the balanced accuracy of ``citation_status == "miscited"`` against the gold;
- of the miscited cases, the share whose first ``suggested`` source holds the evidence;
- how the statuses fell.

``--cv`` chooses :data:`citemark.citing.EVIDENCE_MARGIN` by grouped cross-validation
(folds by article or page): each fold picks the margin best on the other folds, and
the table gives the balanced accuracy on the held-out folds with the margins chosen.

Run from the repository root (the data lives outside it: ``CITEMARK_DATA``)::

    python benchmarks/citations.py                 # the table, default preset
    python benchmarks/citations.py --limit 40      # a quick look
    python benchmarks/citations.py --cv --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DATA_DIR

import citemark
from citemark import citing
from citemark.report import SentenceResult

STYLES = ("[n] before", "[n] after", "[id] before", "[id] after")


@dataclass(frozen=True)
class Case:
    """One claim and its sources; ``right`` are the sources holding its evidence,
    ``wrong`` one that does not."""

    dataset: str
    group: str
    claim: str
    sources: tuple[tuple[str, str], ...]
    right: tuple[int, ...]
    wrong: int


@dataclass(frozen=True)
class Outcome:
    """One case in one style, cited rightly (``gold_miscited`` false) or wrongly."""

    case: Case
    style: str
    gold_miscited: bool
    result: SentenceResult
    # what the citation status was decided from (see ``_recording``)
    inputs: tuple | None = None


def wice_cases(parts: int, seed: int) -> Iterator[Case]:
    for row in _rows("wice.jsonl"):
        text = row["sources"][0]["text"]
        bounds = _cut(text, parts)
        for sentence in row["sentences"]:
            evidence = sentence.get("evidence") or []
            if sentence["label"] == "unsupported" or not evidence:
                continue
            right = sorted(
                {
                    n
                    for e in evidence
                    for n, (a, b) in enumerate(bounds)
                    if e["start"] < b and a < e["end"]
                }
            )
            others = [n for n in range(len(bounds)) if n not in right]
            if not others:
                continue
            rng = random.Random(f"{seed}:{row['id']}")
            claim = row["answer"][sentence["start"] : sentence["end"]].strip()
            sources = tuple((f"S{n + 1}", text[a:b]) for n, (a, b) in enumerate(bounds))
            yield Case("wice", row["id"], claim, sources, tuple(right), rng.choice(others))


def vitaminc_cases(parts: int, seed: int, limit: int) -> Iterator[Case]:
    supported: dict[str, tuple[str, str]] = {}
    for row in _rows("vitaminc.jsonl"):
        page = row["meta"]["page"]
        if row["meta"]["upstream_label"] == "SUPPORTS" and page not in supported:
            supported[page] = (row["answer"].strip(), row["sources"][0]["text"])
    pages = sorted(supported)
    rng = random.Random(seed)
    rng.shuffle(pages)
    for page in pages[:limit]:
        claim, evidence = supported[page]
        draw = random.Random(f"{seed}:{page}")
        others = draw.sample([p for p in pages if p != page], parts - 1)
        texts = [evidence] + [supported[p][1] for p in others]
        order = list(range(parts))
        draw.shuffle(order)
        sources = tuple((f"S{k + 1}", texts[n]) for k, n in enumerate(order))
        right = order.index(0)
        wrong = draw.choice([k for k in range(parts) if k != right])
        yield Case("vitaminc", page, claim, sources, (right,), wrong)


def written(claim: str, cited: Sequence[int], style: str) -> str:
    """The claim with a marker naming ``cited`` (0-based places) in ``style``."""
    labels = [str(n + 1) if style.startswith("[n]") else f"S{n + 1}" for n in cited]
    marker = f"[{', '.join(labels)}]"
    body = claim.rstrip()
    stop = ""
    if body and body[-1] in ".!?":
        body, stop = body[:-1], body[-1]
    if style.endswith("before"):
        return f"{body} {marker}{stop or '.'}"
    return f"{body}{stop or '.'} {marker}"


def run(cases: Sequence[Case], preset: str) -> list[Outcome]:
    out = []
    for n, case in enumerate(cases):
        index = citemark.SourceIndex([{"id": i, "text": t} for i, t in case.sources], preset)
        for style in STYLES:
            for miscited, cited in ((False, case.right), (True, (case.wrong,))):
                seen.clear()
                report = citemark.align(written(case.claim, cited, style), None, index=index)
                claim = _the_claim(report)
                inputs = seen.get((claim.start, claim.end))
                out.append(Outcome(case, style, miscited, claim, inputs))
        if (n + 1) % 50 == 0:
            print(f"  {n + 1}/{len(cases)} cases", file=sys.stderr)
    return out


# What ``citing.citation_status`` was asked for each claim of the last answer, so that
# the cross-validation can decide it again under other margins without aligning again.
seen: dict[tuple[int, int], tuple] = {}
_decide = citing.citation_status


def _recording(result: SentenceResult, *rest: object) -> str:
    seen[(result.start, result.end)] = (result, *rest)
    return _decide(result, *rest)  # type: ignore[arg-type]


citing.citation_status = _recording  # type: ignore[assignment]


def _the_claim(report: citemark.Report) -> SentenceResult:
    """The sentence that carries the marker (a claim the segmenter split keeps its
    marker on the last part)."""
    cited = [s for s in report.sentences if s.cited]
    return cited[-1] if cited else report.sentences[-1]


def status_with(outcome: Outcome, margin: float) -> str | None:
    """The citation status of ``outcome`` with ``EVIDENCE_MARGIN = margin``."""
    if outcome.inputs is None:
        return outcome.result.citation_status
    saved = citing.EVIDENCE_MARGIN
    citing.EVIDENCE_MARGIN = margin
    try:
        return _decide(*outcome.inputs)
    finally:
        citing.EVIDENCE_MARGIN = saved


def balanced(outcomes: Sequence[Outcome], margin: float | None = None) -> float:
    hits: dict[bool, list[bool]] = defaultdict(list)
    for o in outcomes:
        status = o.result.citation_status if margin is None else status_with(o, margin)
        hits[o.gold_miscited].append((status == "miscited") == o.gold_miscited)
    rates = [sum(v) / len(v) for v in hits.values() if v]
    return sum(rates) / len(rates) if rates else float("nan")


def suggested_first(outcomes: Sequence[Outcome]) -> float:
    wrong = [o for o in outcomes if o.gold_miscited]
    right_ids = [{f"S{n + 1}" for n in o.case.right} for o in wrong]
    hits = [
        bool(o.result.suggested) and o.result.suggested[0] in ids
        for o, ids in zip(wrong, right_ids, strict=True)
    ]
    return sum(hits) / len(hits) if hits else float("nan")


MARGINS = tuple(round(0.025 * k, 3) for k in range(0, 13))


def cross_validated(outcomes: Sequence[Outcome], folds: int = 5) -> tuple[float, list[float]]:
    """Balanced accuracy on held-out folds (by group), each fold's margin chosen on the rest."""
    groups = sorted({(o.case.dataset, o.case.group) for o in outcomes})
    fold_of = {g: n % folds for n, g in enumerate(random.Random(7).sample(groups, len(groups)))}
    chosen = []
    hits: dict[bool, list[bool]] = defaultdict(list)
    for k in range(folds):
        train = [o for o in outcomes if fold_of[(o.case.dataset, o.case.group)] != k]
        test = [o for o in outcomes if fold_of[(o.case.dataset, o.case.group)] == k]
        best = max(MARGINS, key=lambda m: (balanced(train, m), -m))
        chosen.append(best)
        for o in test:
            hits[o.gold_miscited].append((status_with(o, best) == "miscited") == o.gold_miscited)
    return sum(sum(v) / len(v) for v in hits.values()) / len(hits), chosen


def table(outcomes: Sequence[Outcome]) -> list[dict[str, object]]:
    rows = []
    for dataset in sorted({o.case.dataset for o in outcomes}):
        for style in STYLES:
            chosen = [o for o in outcomes if o.case.dataset == dataset and o.style == style]
            counts = Counter(
                f"{'wrong' if o.gold_miscited else 'right'}:{o.result.citation_status}"
                for o in chosen
            )
            rows.append(
                {
                    "dataset": dataset,
                    "style": style,
                    "cases": len(chosen) // 2,
                    "miscited_balanced_accuracy": round(balanced(chosen), 3),
                    "suggested_first": round(suggested_first(chosen), 3),
                    "statuses": dict(sorted(counts.items())),
                }
            )
    return rows


def _cut(text: str, parts: int) -> list[tuple[int, int]]:
    """``text`` cut at line breaks into ``parts`` pieces of about equal length."""
    breaks = [n + 1 for n, c in enumerate(text) if c == "\n"]
    bounds, start = [], 0
    for k in range(1, parts):
        goal = len(text) * k // parts
        after = [b for b in breaks if b > start and b >= goal]
        if not after:
            break
        bounds.append((start, after[0]))
        start = after[0]
    bounds.append((start, len(text)))
    return [(a, b) for a, b in bounds if text[a:b].strip()]


def _rows(name: str) -> Iterator[dict]:
    with (DATA_DIR / name).open(encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="default")
    parser.add_argument("--parts", type=int, default=4, help="sources per case")
    parser.add_argument("--vitaminc", type=int, default=300, help="VitaminC claims")
    parser.add_argument("--limit", type=int, default=None, help="cases per dataset")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--cv", action="store_true", help="choose the margin by grouped CV")
    parser.add_argument("--json", type=Path, help="write the rows here too")
    args = parser.parse_args(argv)
    citemark.warm_up(args.preset)
    cases = list(wice_cases(args.parts, args.seed))[: args.limit]
    cases += list(vitaminc_cases(args.parts, args.seed, args.limit or args.vitaminc))
    outcomes = run(cases, args.preset)
    rows = table(outcomes)
    print(
        f"preset {args.preset}, {args.parts} sources per case, "
        f"evidence margin {citing.EVIDENCE_MARGIN}"
    )
    print()
    print("| dataset | marker | cases | miscited balanced acc. | right source first | ")
    print("|---|---|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['dataset']} | `{row['style']}` | {row['cases']} | "
            f"{row['miscited_balanced_accuracy']:.3f} | {row['suggested_first']:.3f} |"
        )
    print()
    for row in rows:
        print(f"{row['dataset']:9} {row['style']:12} {row['statuses']}")
    summary: dict[str, object] = {"rows": rows}
    if args.cv:
        for dataset in sorted({o.case.dataset for o in outcomes}):
            mine = [o for o in outcomes if o.case.dataset == dataset]
            score, margins = cross_validated(mine)
            print(f"\n{dataset}: held-out balanced accuracy {score:.3f}, margins chosen {margins}")
            summary[f"cv_{dataset}"] = {"balanced_accuracy": round(score, 3), "margins": margins}
        score, margins = cross_validated(outcomes)
        print(f"both: held-out balanced accuracy {score:.3f}, margins chosen {margins}")
        summary["cv_both"] = {"balanced_accuracy": round(score, 3), "margins": margins}
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
