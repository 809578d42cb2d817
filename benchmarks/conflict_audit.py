"""Conflicts citemark reports on answers built from CUAD contracts, for reading by eye.

The speed workloads' answers mix sentences copied from the contracts, lightly edited
ones (a word dropped, swapped or replaced) and unrelated ones. A copied sentence can
contradict nothing, and a lightly edited one only where the edit changed a value, so
every conflict listed here is either an edit's changed value or a false conflict.
Contract text is where fact rules meet parallel phrasing ("has the meaning set forth in
Section 2.2" / "... in Section 6.1") and lists of numbers; run this after changing a rule
and read the new rows. No labels exist for these answers, so it prints no score.

Run from the repository root::

    python benchmarks/conflict_audit.py                  # 8 W2-shaped and 20 W1-shaped answers
    python benchmarks/conflict_audit.py --w2 20 --w1 50
"""

from __future__ import annotations

import argparse
from collections import Counter

import _common
import speed

from citemark import align


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--w2", type=int, default=8, help="W2-shaped answers")
    parser.add_argument("--w1", type=int, default=20, help="W1-shaped answers")
    options = parser.parse_args()
    workloads = speed.unseen_workloads(_common.w2(), options.w2) + speed.unseen_workloads(
        _common.w1(), options.w1
    )
    kinds: Counter[str] = Counter()
    rows = []
    sentences = 0
    for w in workloads:
        report = align(w.answer, w.as_dicts())
        sentences += len(report.sentences)
        for s in report.sentences:
            for c in s.conflicts:
                kinds[c.kind] += 1
                rows.append((c.kind, c.text, f"{c.source_id}: {c.evidence}", s.text[:90]))
    print(_common.environment_header())
    print()
    print(f"{len(workloads)} answers, {sentences} sentences, {sum(kinds.values())} conflicts")
    print()
    print(_common.markdown_table(("kind", "conflicts"), sorted(kinds.items())))
    print()
    print(_common.markdown_table(("kind", "answer says", "source says", "sentence"), rows))


if __name__ == "__main__":
    main()
