"""How often the conflicts ``align`` raises on VitaminC are right, per preset and half.

A conflict fails ``check`` and tells a reader that the source says otherwise. On
VitaminC each claim is labelled against its evidence: REFUTES, SUPPORTS or NOT ENOUGH
INFO. A conflict on a REFUTES claim is right; on a SUPPORTS claim, or on one the
evidence does not settle, it is false (``citemark eval`` counts an unsettled claim as not
supported, so its conflict precision reads higher). Unlike ``rule_precision.py``, which
checks each claim's facts against its evidence rule by rule, this runs the whole
pipeline with a preset's rules, as a user gets them, on both halves of the file
(``evaluate.split_of``).

Run from the repository root::

    python benchmarks/conflict_precision.py
    python benchmarks/conflict_precision.py --presets default,legal-strict
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from typing import Any

from _common import DATA_DIR, _read_jsonl, markdown_table

from citemark.config import load_config
from citemark.evaluate import EvalRecord, predict, read_records, split_of

REFUTES = "REFUTES"


def upstream_labels(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Each VitaminC record's three-way label, by record id."""
    return {str(r["id"]): str(r["meta"]["upstream_label"]) for r in records}


def measure(
    preset: str, records: list[EvalRecord], labels: dict[str, str]
) -> list[tuple[str, ...]]:
    """One row per half: conflicts raised, right ones, precision, and where the false
    ones fell."""
    rows: list[tuple[str, ...]] = []
    for half in ("fit", "holdout"):
        chosen = [r for r in records if split_of(r) == half]
        raised: Counter[str] = Counter()
        for p in predict(chosen, load_config(preset), split=half):
            if p.conflicted:
                raised[labels[p.record]] += 1
        total = sum(raised.values())
        right = raised[REFUTES]
        rows.append(
            (
                preset,
                half,
                f"{total:,}",
                f"{right:,}",
                f"{right / total:.3f}" if total else "-",
                f"{raised['SUPPORTS']:,}",
                f"{raised['NOT ENOUGH INFO']:,}",
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", default="default", help="comma-separated presets")
    args = parser.parse_args()
    # The file is read once for every preset: its records and their upstream labels.
    path = DATA_DIR / "vitaminc.jsonl"
    records = list(read_records(path))
    labels = upstream_labels(_read_jsonl(path))
    rows = [
        row
        for preset in args.presets.split(",")
        for row in measure(preset.strip(), records, labels)
    ]
    header = ("preset", "half", "conflicts", "right", "precision", "on SUPPORTS", "on NEI")
    print(markdown_table(header, rows))


if __name__ == "__main__":
    main()
