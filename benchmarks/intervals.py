"""Bounds and roundings of numbers and dates: VitaminC claims and legal minimum/maximum pairs.

A claim often states a value as a bound or a rounding of the evidence's ("reviewed by
less than 77 people" / "based on 76 reviews", "released before October 2014" /
"released on September 26, 2014", "over 128,000" / "128,500"). The fact layer reads
each value with its bound as an interval; this script measures what that changes.

VitaminC (``vitaminc.jsonl`` under ``CITEMARK_DATA`` or ``/work/shared/data``): a sample
of whole cases (every ``--every``-th ``meta.case_id`` in sorted order, so the claims
sharing one evidence sentence stay together) is aligned one claim at a time against its
one evidence sentence, ``align(claim, [{"id": page, "text": evidence}],
sentences=[(0, len(claim))])``. A claim is *flagged* when its status is not
``supported``. For the claims whose text phrases a number or a date as a bound
(:data:`BOUND_PHRASE`: "less than 77", "over 128,000", "before October 2014", "about
40", "between 5 and 10", "45 or more") the table gives, per upstream label, the share
flagged and the share with a conflict; the same for all claims, and the balanced
accuracy of supported against not (SUPPORTS against REFUTES and NOT ENOUGH INFO).

The legal probe (:data:`MIN_MAX_CONTRADICTIONS`, :data:`BOUND_PARAPHRASES`) pairs a
contract-style claim with a clause: a minimum stated as a maximum of the same value, or
a bound the clause's value lies outside, should be a conflict; a faithful paraphrase of
a bound, or a bound that holds the clause's value, should not.

    python benchmarks/intervals.py                 # every 5th case, the tables
    python benchmarks/intervals.py --every 1       # the whole file (some minutes)
    python benchmarks/intervals.py --offset 1      # another fifth than the one examined
    python benchmarks/intervals.py --rows          # and every legal pair
    python benchmarks/intervals.py --json out.json # the figures, for a later comparison
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from _common import DATA_DIR

from citemark import align

# A number, a month or a year as a claim writes it: digits (with separators and a
# scale), a number word, or a month name.
_NUMBER = (
    r"(?:\$\s*)?\d[\d,.]*(?:\s*(?:%|percent|million|billion|thousand|hundred))?"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
    r"|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a\s+hundred|a\s+dozen"
    r"|a\s+million|a\s+thousand)\b"
    r"|(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December)\b"
)
# The words that make a value a bound or a rounding, before it.
_LEAD = (
    r"at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than|not\s+fewer\s+than"
    r"|(?:a\s+)?minimum\s+of|at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to"
    r"|(?:a\s+)?maximum\s+of|within|(?:not\s+|to\s+)?exceed(?:s|ed|ing)?|less\s+than"
    r"|fewer\s+than|more\s+than|greater\s+than|higher\s+than|lower\s+than|under|below"
    r"|over|above|upwards\s+of|in\s+excess\s+of|(?:some\s*)?where\s+between|between"
    r"|about|approximately|around|nearly|almost|roughly|some|close\s+to|just\s+under"
    r"|just\s+over|before|after|prior\s+to|earlier\s+than|later\s+than|no\s+later\s+than"
    r"|no\s+earlier\s+than|since|until|by"
)
BOUND_PHRASE = re.compile(
    rf"\b(?:{_LEAD})\s+(?:the\s+(?:end\s+of\s+|start\s+of\s+|year\s+)?)?(?:{_NUMBER})"
    rf"|(?:\d[\d,.]*|\b(?:{_NUMBER}))\s+or\s+(?:more|less|fewer|greater|higher|lower|over"
    rf"|under|above|below)\b",
    re.IGNORECASE,
)


def bound_phrased(claim: str) -> bool:
    """Whether the claim states a number or a date as a bound or a rounding."""
    return BOUND_PHRASE.search(claim) is not None


# A minimum stated as a maximum of the same value (or the other way round), a bound the
# clause's exact value lies outside, and a limit of one side the clause sets at another
# value: each a contradiction.
MIN_MAX_CONTRADICTIONS: tuple[tuple[str, str], ...] = (
    (
        "The Tenant must give at least 30 days' notice before vacating.",
        "Tenant shall give no more than thirty (30) days' written notice before vacating.",
    ),
    (
        "The Contractor's insurance coverage must be not less than $1,000,000.",
        "The Contractor shall maintain insurance coverage of up to $1,000,000.",
    ),
    (
        "The Distributor must purchase a minimum of 1,000 units per year.",
        "The Distributor shall purchase a maximum of one thousand (1,000) units per year.",
    ),
    (
        "The Licensee must give at least forty-five (45) days' notice of renewal.",
        "The Licensee shall give notice of renewal no longer than 45 days before expiry.",
    ),
    (
        "The Employee must work at least 40 hours per week.",
        "The Employee shall work no more than forty (40) hours per week.",
    ),
    (
        "Late payments bear interest of at most 1.5% per month.",
        "Late payments shall bear interest at not less than 1.5% per month.",
    ),
    (
        "The security deposit may not exceed $2,000.",
        "The security deposit shall be at least $2,000.",
    ),
    (
        "The warranty period is no more than 12 months.",
        "The warranty period shall be not less than twelve (12) months.",
    ),
    (
        "The Contractor must carry a minimum of $2,000,000 in liability coverage.",
        "The Contractor shall carry liability coverage of up to $2,000,000.",
    ),
    (
        "The Buyer must order at least 500 tons per quarter.",
        "The Buyer shall order no more than five hundred (500) tons per quarter.",
    ),
    (
        "The Board consists of at most seven directors.",
        "The Board shall consist of not fewer than seven (7) directors.",
    ),
    (
        "The non-compete period is at most two years.",
        "The non-compete period shall be not less than two (2) years.",
    ),
    (
        "The annual fee is no more than $5,000.",
        "The annual fee shall be a minimum of $5,000.",
    ),
    (
        "The cure period is at least 30 days.",
        "The cure period shall not exceed thirty (30) days.",
    ),
    (
        "The Consultant is paid not less than $150 per hour.",
        "The Consultant shall be paid at most $150 per hour.",
    ),
    (
        "The Landlord may charge a late fee of up to $100.",
        "The Landlord shall charge a late fee of not less than $100.",
    ),
    (
        "The notice period is at least 60 days.",
        "The notice period shall be thirty (30) days.",
    ),
    (
        "The deductible is less than $500.",
        "The deductible shall be $750 per claim.",
    ),
    (
        "The Supplier must deliver within 10 days of the order.",
        "The Supplier shall deliver thirty (30) days after the order.",
    ),
    (
        "The Franchisee must pay royalties of more than 8% of gross sales.",
        "The Franchisee shall pay royalties of five percent (5%) of gross sales.",
    ),
    # two caps of one thing: the claim's is not the term the clause sets
    (
        "The Landlord may charge a late fee of no more than $100.",
        "The Landlord may charge a late fee of up to $75.",
    ),
)
# A bound said in other words, and a bound the clause's value lies inside: no
# contradiction.
BOUND_PARAPHRASES: tuple[tuple[str, str], ...] = (
    (
        "The Tenant must give a minimum of 30 days' notice.",
        "Tenant shall give not less than thirty (30) days' written notice.",
    ),
    (
        "The Supplier's liability is capped at $1,000,000.",
        "The Supplier's liability shall not exceed One Million Dollars ($1,000,000).",
    ),
    (
        "The Distributor must buy at least 1,000 units per year.",
        "The Distributor shall purchase no fewer than 1,000 units per year.",
    ),
    (
        "The Employee works at most 40 hours per week.",
        "The Employee shall work no more than forty (40) hours per week.",
    ),
    (
        "The Contractor's coverage must be at least $2 million.",
        "The Contractor shall maintain coverage of not less than $2,000,000.",
    ),
    (
        "The warranty lasts no longer than 12 months.",
        "The warranty period shall not exceed twelve (12) months.",
    ),
    (
        "The Board has no more than seven directors.",
        "The Board shall consist of at most seven (7) directors.",
    ),
    (
        "The security deposit is less than $5,000.",
        "Tenant shall pay a security deposit of $4,800.",
    ),
    (
        "The Company must give more than 10 days' notice.",
        "The Company shall give fifteen (15) days' prior written notice.",
    ),
    (
        "The late fee is at most 5% of the overdue amount.",
        "The late fee shall be five percent (5%) of the overdue amount.",
    ),
    (
        "The initial term lasts at least three years.",
        "The initial term of this Agreement is five (5) years.",
    ),
    (
        "Payment is due within 30 days of the invoice.",
        "Payment shall be made within thirty (30) days of the invoice.",
    ),
    (
        "The license fee is approximately $10,000.",
        "The license fee is $9,950.",
    ),
    (
        "The loan must be repaid before December 31, 2025.",
        "The loan shall be repaid on or before December 1, 2025.",
    ),
    (
        "The agreement was signed in 2019.",
        "This Agreement was signed on March 3, 2019.",
    ),
    (
        "The cure period is up to 30 days.",
        "The cure period shall be thirty (30) days.",
    ),
    (
        "The Buyer must order between 400 and 600 tons per quarter.",
        "The Buyer shall order five hundred (500) tons per quarter.",
    ),
    (
        "The Franchisee pays royalties of over 4% of gross sales.",
        "The Franchisee shall pay royalties of five percent (5%) of gross sales.",
    ),
    (
        "The Landlord may charge a late fee of no more than $100.",
        "The late fee shall not exceed one hundred dollars ($100).",
    ),
    (
        "The notice period is at least 30 days.",
        "The notice period shall be sixty (60) days.",
    ),
)


def _sample(path: Path, every: int, offset: int = 0) -> list[dict]:
    """The records of every ``every``-th case (sorted case ids, from the ``offset``-th),
    whole cases together."""
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    cases = sorted({r["meta"]["case_id"] for r in rows})
    keep = set(cases[offset::every])
    return [r for r in rows if r["meta"]["case_id"] in keep]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def vitaminc(path: Path, every: int, offset: int = 0) -> dict:
    rows = _sample(path, every, offset)
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    started = time.perf_counter()
    for r in rows:
        claim = r["answer"]
        source = r["sources"][0]
        report = align(
            claim,
            [{"id": r["meta"]["page"], "text": source["text"]}],
            sentences=[(0, len(claim))],
        )
        (result,) = report.sentences
        label = r["meta"]["upstream_label"]
        groups = ("all", "bound") if bound_phrased(claim) else ("all",)
        for group in groups:
            c = counts[(group, label)]
            c["n"] += 1
            c["flagged"] += result.status != "supported"
            c["conflict"] += bool(result.conflicts)
    seconds = time.perf_counter() - started
    table = {f"{g}/{lab}": dict(c) for (g, lab), c in sorted(counts.items())}
    sup = counts[("all", "SUPPORTS")]
    tpr = 1 - sup["flagged"] / sup["n"]
    neg_n = sum(counts[("all", lab)]["n"] for lab in ("REFUTES", "NOT ENOUGH INFO"))
    neg_f = sum(counts[("all", lab)]["flagged"] for lab in ("REFUTES", "NOT ENOUGH INFO"))
    tnr = neg_f / neg_n
    return {
        "claims": len(rows),
        "seconds": round(seconds, 1),
        "groups": table,
        "balanced_accuracy": round((tpr + tnr) / 2, 4),
        "supported_recall": round(tpr, 4),
        "unsupported_recall": round(tnr, 4),
    }


def legal(rows: bool) -> dict:
    out: dict[str, dict[str, int]] = {}
    for name, pairs in (
        ("min/max contradictions", MIN_MAX_CONTRADICTIONS),
        ("bound paraphrases", BOUND_PARAPHRASES),
    ):
        c: Counter[str] = Counter()
        for claim, clause in pairs:
            (result,) = align(claim, [{"id": "S1", "text": clause}]).sentences
            c["n"] += 1
            c["flagged"] += result.status != "supported"
            c["conflict"] += bool(result.conflicts)
            if rows:
                said = "; ".join(
                    f"{x.text!r} vs {x.evidence!r} ({x.rule})" for x in result.conflicts
                )
                print(f"  {name[:5]} {result.status:11} {claim} | {clause} | {said}")
        out[name] = dict(c)
    return out


def _print(vc: dict, lg: dict) -> None:
    print(f"VitaminC sample: {vc['claims']} claims, {vc['seconds']} s")
    print("| claims | label | n | flagged | conflict |")
    print("|---|---|---:|---:|---:|")
    for key, c in vc["groups"].items():
        group, label = key.split("/")
        print(
            f"| {group} | {label} | {c['n']} | {_share(c['flagged'], c['n'])} "
            f"| {_share(c['conflict'], c['n'])} |"
        )
    print(
        f"\nbalanced accuracy (supported vs not): {vc['balanced_accuracy']:.4f} "
        f"(SUPPORTS kept {vc['supported_recall']:.4f}, others flagged "
        f"{vc['unsupported_recall']:.4f})\n"
    )
    print("| legal pairs | n | flagged | conflict |")
    print("|---|---:|---:|---:|")
    for name, c in lg.items():
        print(
            f"| {name} | {c['n']} | {_share(c['flagged'], c['n'])} "
            f"| {_share(c['conflict'], c['n'])} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA_DIR / "vitaminc.jsonl")
    parser.add_argument("--every", type=int, default=5, help="keep every n-th case (default 5)")
    parser.add_argument(
        "--offset",
        type=int,
        default=0,
        help="start at the k-th case: another sample than the default one, which the "
        "bound reading was examined on",
    )
    parser.add_argument("--rows", action="store_true", help="print every legal pair")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    lg = legal(args.rows)
    vc = vitaminc(args.data, args.every, args.offset)
    _print(vc, lg)
    if args.json:
        args.json.write_text(json.dumps({"vitaminc": vc, "legal": lg}, indent=2) + "\n")


if __name__ == "__main__":
    main()
