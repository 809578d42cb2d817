"""Each conflict rule's precision and recall on VitaminC claims, data no rule was written from.

Every VitaminC record is one claim and the Wikipedia evidence it was written against,
labelled REFUTES, SUPPORTS or NOT ENOUGH INFO. Each claim is checked against its
evidence by ``check_facts`` alone (the evidence as the one passage and the one source).
A conflict on a REFUTES claim is a right one; on a SUPPORTS or NOT ENOUGH INFO claim
it is false, since the evidence does not say otherwise. Per rule: how many claims it
fired on, its precision (the share of those that are refuted) and its recall (the
share of refuted claims it fired on; the rules look for contradictions of particular
shapes, so each one's recall is small). The JSON it writes feeds the column of the
generated catalogue (``python -m citemark.facts.catalogue``).

The same is counted on ``legal_pairs_heldout.json`` (contract and court pairs written
without sight of the rules: a conflict on a contradiction is right, on a consistent or
restated pair false), and the two are added up. A rule whose precision over both is
under :data:`FLOOR` on at least :data:`MIN_FIRED` firings is listed as one to turn off
by default (the presets' ``rules_off``): a conflict fails ``check`` and tells a reader
that the source says otherwise, and must be right when it says so. A rule that fired
fewer times has no measured precision to judge it by, and stays on.

Run from the repository root::

    python benchmarks/rule_precision.py                 # writes benchmarks/rule_precision.json
    python benchmarks/rule_precision.py --limit 2000 --out /tmp/rules.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from _common import DATA_DIR, markdown_table

from citemark.facts import RULES, check_facts

OUT = Path(__file__).resolve().parent / "rule_precision.json"
LEGAL = Path(__file__).resolve().parent / "legal_pairs_heldout.json"
REFUTES = "REFUTES"
# A conflict rule must be right this often when it fires to be on by default...
FLOOR = 0.8
# ... judged on at least this many firings (fewer say nothing of its precision).
MIN_FIRED = 5


def measure(limit: int | None = None) -> dict[str, object]:
    """Per rule: claims fired on, right and false ones, precision and recall."""
    fired: Counter[str] = Counter()
    right: Counter[str] = Counter()
    claims = refuted = 0
    with open(DATA_DIR / "vitaminc.jsonl", encoding="utf-8") as handle:
        for line in handle:
            if limit is not None and claims >= limit:
                break
            record = json.loads(line)
            evidence = [source["text"] for source in record["sources"]]
            refutes = record["meta"]["upstream_label"] == REFUTES
            for sentence in record["sentences"]:
                claim = record["answer"][sentence["start"] : sentence["end"]]
                claims += 1
                refuted += refutes
                for rule in {c.rule for c in check_facts(claim, evidence, evidence).conflicts}:
                    fired[rule] += 1
                    right[rule] += refutes
    legal_fired, legal_right, pairs, contradictions = _legal()
    rules = {}
    for rule in RULES:
        name = rule.name
        both = fired[name] + legal_fired[name]
        both_right = right[name] + legal_right[name]
        precision = both_right / both if both else None
        rules[name] = {
            "fired": fired[name],
            "right": right[name],
            "false": fired[name] - right[name],
            "precision": round(right[name] / fired[name], 4) if fired[name] else 0,
            "recall": round(right[name] / refuted, 4) if refuted else 0,
            "legal_fired": legal_fired[name],
            "legal_right": legal_right[name],
            "both_precision": round(precision, 4) if precision is not None else None,
            "off_by_default": both >= MIN_FIRED and precision is not None and precision < FLOOR,
        }
    return {
        "data": (
            f"VitaminC, {claims:,} claims each checked against its evidence ({refuted:,} "
            "refuted); a conflict on a REFUTES claim is right, on a SUPPORTS or NOT ENOUGH "
            f"INFO claim false; legal pairs, {pairs} written without sight of the rules "
            f"({contradictions} contradictions), a conflict on a consistent or restated pair "
            "false (`benchmarks/rule_precision.py`)."
        ),
        "claims": claims,
        "refuted": refuted,
        "floor": FLOOR,
        "min_fired": MIN_FIRED,
        "rules": rules,
    }


def _legal() -> tuple[Counter[str], Counter[str], int, int]:
    """Per rule, its firings on the legal pairs and the right ones among them."""
    fired: Counter[str] = Counter()
    right: Counter[str] = Counter()
    sets = json.loads(LEGAL.read_text(encoding="utf-8"))
    pairs = 0
    for kind, rows in sets.items():
        for claim, clause in rows:
            pairs += 1
            for rule in {c.rule for c in check_facts(claim, [clause], [clause]).conflicts}:
                fired[rule] += 1
                right[rule] += kind == "contradictions"
    return fired, right, pairs, len(sets["contradictions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="the first N claims only")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the JSON")
    args = parser.parse_args()
    result = measure(args.limit)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    rows = [
        (
            name,
            r["fired"],
            r["false"],
            f"{r['precision']:.2f}",
            f"{r['recall']:.4f}",
            f"{r['legal_right']}/{r['legal_fired']}",
            "-" if r["both_precision"] is None else f"{r['both_precision']:.2f}",
            "off" if r["off_by_default"] else "on",
        )
        for name, r in result["rules"].items()  # type: ignore[attr-defined]
        if r["fired"] or r["legal_fired"]
    ]
    print(result["data"])
    header = ("rule", "fired", "false", "precision", "recall", "legal right", "both", "default")
    print(markdown_table(header, rows))
    off = [n for n, r in result["rules"].items() if r["off_by_default"]]  # type: ignore[attr-defined]
    print(f"\noff by default (precision under {FLOOR} on {MIN_FIRED}+ firings): {off}")


if __name__ == "__main__":
    main()
