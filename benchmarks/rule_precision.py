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
REFUTES = "REFUTES"


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
    rules = {
        rule.name: {
            "fired": fired[rule.name],
            "right": right[rule.name],
            "false": fired[rule.name] - right[rule.name],
            "precision": round(right[rule.name] / fired[rule.name], 4) if fired[rule.name] else 0,
            "recall": round(right[rule.name] / refuted, 4) if refuted else 0,
        }
        for rule in RULES
    }
    return {
        "data": (
            f"VitaminC, {claims:,} claims each checked against its evidence ({refuted:,} "
            "refuted); a conflict on a REFUTES claim is right, on a SUPPORTS or NOT ENOUGH "
            "INFO claim false (`benchmarks/rule_precision.py`)."
        ),
        "claims": claims,
        "refuted": refuted,
        "rules": rules,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="the first N claims only")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the JSON")
    args = parser.parse_args()
    result = measure(args.limit)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    rows = [
        (name, r["fired"], r["false"], f"{r['precision']:.2f}", f"{r['recall']:.4f}")
        for name, r in result["rules"].items()  # type: ignore[attr-defined]
        if r["fired"]
    ]
    print(result["data"])
    print(markdown_table(("rule", "fired", "false", "precision", "recall"), rows))


if __name__ == "__main__":
    main()
