"""Conflicts citemark reports on answers built from CUAD contracts, for reading by eye.

The speed workloads' answers mix sentences copied from the contracts, lightly edited
ones (a word dropped, swapped or replaced) and unrelated ones. A copied sentence can
contradict nothing, and a lightly edited one only where the edit changed a value, so
every conflict listed here is either an edit's changed value or a false conflict.
Contract text is where fact rules meet parallel phrasing ("has the meaning set forth in
Section 2.2" / "... in Section 6.1") and lists of numbers; run this after changing a rule
and read the new rows. No labels exist for these answers, so it prints no score.

``--paraphrases`` checks every pair of ``paraphrase.jsonl`` (MRPC and STS-B) with the
fact check alone, one side as the claim and the other as its evidence, and counts the
conflicts by kind and label: a pair labelled 1 says the same thing, so a conflict there
is almost always false (the rows are listed); under label 0 many are right.

``--self N`` checks true text against true text: each sentence of the first N CUAD
contracts (40 to 400 characters) against the three other sentences of its contract most
like it (rapidfuzz token-set ratio). Both sides are the contract's own words, so a
conflict there is almost always false: two clauses of one template about different
things ("within 25 days of the invoice date" / "at least six months prior to the end of
the Initial Term"). It counts them by kind; ``--rows`` lists them.

``--words REGEX`` checks every pair of sentences of one contract that both hold the words a
rule reads: where two clauses of one contract about different things meet that rule,
which the three nearest sentences of ``--self`` seldom are.

Run from the repository root::

    python benchmarks/conflict_audit.py                  # 8 W2-shaped and 20 W1-shaped answers
    python benchmarks/conflict_audit.py --w2 20 --w1 50
    python benchmarks/conflict_audit.py --paraphrases    # also the paraphrase pairs
    python benchmarks/conflict_audit.py --self 40        # also true text against true text
    python benchmarks/conflict_audit.py --w1 0 --w2 0 --words 'majority|unanimous' --rows
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from collections import Counter

import _common
import speed
from rapidfuzz import fuzz, process

from citemark import align
from citemark.facts import check_facts
from citemark.segment import segment


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--w2", type=int, default=8, help="W2-shaped answers")
    parser.add_argument("--w1", type=int, default=20, help="W1-shaped answers")
    parser.add_argument("--paraphrases", action="store_true", help="also paraphrase.jsonl")
    parser.add_argument(
        "--self",
        type=int,
        default=0,
        metavar="N",
        dest="contracts",
        help="also each sentence of N CUAD contracts against its contract's nearest three",
    )
    parser.add_argument("--rows", action="store_true", help="list the --self/--words conflicts")
    parser.add_argument(
        "--words",
        metavar="REGEX",
        help="also every pair of sentences of one CUAD contract (of the first 300) that "
        "both match REGEX (case-insensitive), either way round",
    )
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
    if options.paraphrases:
        print()
        paraphrases()
    if options.contracts:
        print()
        self_consistency(options.contracts, options.rows)
    if options.words:
        print()
        word_pairs(options.words, options.rows)


# Sentences of this length are clauses; shorter ones are headings, longer ones run-ons.
_CLAUSE_CHARS = (40, 400)


def self_consistency(contracts: int, rows: bool) -> None:
    """Conflicts of the fact check between sentences of one contract, by kind."""
    kinds: Counter[str] = Counter()
    found: list[tuple[str, ...]] = []
    sentences = 0
    for _, text in _common.cuad_contracts()[:contracts]:
        clauses = _clauses(text)
        for i, claim in enumerate(clauses):
            others = clauses[:i] + clauses[i + 1 :]
            nearest = process.extract(claim, others, scorer=fuzz.token_set_ratio, limit=3)
            passages = [p for p, _, _ in nearest if p != claim]
            sentences += 1
            _tally(claim, passages, kinds, found)
    _report(
        f"true text against true text: {sentences} sentences of {contracts} CUAD contracts, "
        f"{sum(kinds.values())} conflicts ({sum(kinds.values()) / max(1, sentences):.1%})",
        kinds,
        found if rows else None,
    )


def _tally(
    claim: str, passages: list[str], kinds: Counter[str], found: list[tuple[str, ...]]
) -> None:
    """Count the claim's conflicts against the passages by kind, and keep them as rows."""
    for c in check_facts(claim, passages).conflicts:
        kinds[c.kind] += 1
        found.append((c.kind, c.claim.text, c.evidence.text, " ".join(claim.split())[:80]))


def _report(heading: str, kinds: Counter[str], found: list[tuple[str, ...]] | None) -> None:
    """The heading, the conflicts by kind and, when given, every conflict as a row."""
    print(heading)
    print()
    print(_common.markdown_table(("kind", "conflicts"), sorted(kinds.items())))
    if found is not None:
        print()
        print(_common.markdown_table(("kind", "claim says", "other clause says", "claim"), found))


# Sentences of one contract that hold a rule's words, read at most this many per contract
# (pairs grow with the square).
_WORD_SENTENCES = 40
_WORD_CONTRACTS = 300


def _clauses(text: str) -> list[str]:
    """The sentences of a contract of clause length."""
    return [
        text[s.start : s.end]
        for s in segment(text)
        if _CLAUSE_CHARS[0] < s.end - s.start < _CLAUSE_CHARS[1]
    ]


def word_pairs(pattern: str, rows: bool) -> None:
    """Conflicts between sentences of one contract that both hold a rule's words.

    The ``--self`` audit checks each sentence against its three nearest, which a rule
    about rare words seldom meets; this checks every pair of sentences that hold the
    words the rule reads ("majority|unanimous", "signed|dated|executed"), the place two
    clauses of one contract about different things meet them. Run it before and after
    a rule (``PYTHONPATH`` at the other checkout) and read the rows that differ."""
    words = re.compile(pattern, re.IGNORECASE)
    kinds: Counter[str] = Counter()
    found: list[tuple[str, ...]] = []
    pairs = 0
    for _, text in _common.cuad_contracts()[:_WORD_CONTRACTS]:
        held = [c for c in _clauses(text) if words.search(c)][:_WORD_SENTENCES]
        for claim, other in itertools.permutations(held, 2):
            pairs += 1
            _tally(claim, [other], kinds, found)
    _report(
        f"sentence pairs of one contract that both match {pattern!r}: {pairs} pairs, "
        f"{sum(kinds.values())} conflicts",
        kinds,
        found if rows else None,
    )


def paraphrases() -> None:
    """Conflicts of the fact check on the paraphrase pairs, by kind and label."""
    counts: Counter[tuple[str, int]] = Counter()
    pairs: Counter[int] = Counter()
    false_rows = []
    with (_common.DATA_DIR / "paraphrase.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            pair = json.loads(line)
            pairs[pair["label"]] += 1
            for c in check_facts(pair["a"], [pair["b"]]).conflicts:
                counts[(c.kind, pair["label"])] += 1
                if pair["label"] == 1:
                    false_rows.append((c.kind, c.claim.text, c.evidence.text, pair["a"][:80]))
    kinds = sorted({k for k, _ in counts})
    print(f"paraphrase pairs: {pairs[1]} labelled 1 (same meaning), {pairs[0]} labelled 0")
    print()
    table = [(k, counts[(k, 1)], counts[(k, 0)]) for k in kinds]
    print(_common.markdown_table(("kind", "conflicts, label 1", "conflicts, label 0"), table))
    print()
    print(_common.markdown_table(("kind", "a says", "b says", "a"), false_rows))


if __name__ == "__main__":
    main()
