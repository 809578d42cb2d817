"""The conflicts the fact check reports for a claim against passages, as plain tuples
(kind, the claim's words, the evidence's words): what the fact-rule tests compare."""

from __future__ import annotations

from citemark.facts import check_facts


def conflict_pairs(claim: str, passages: list[str]) -> list[tuple[str, str, str]]:
    return [(c.kind, c.claim.text, c.evidence.text) for c in check_facts(claim, passages).conflicts]


def conflicts(claim: str, passage: str) -> list[tuple[str, str, str]]:
    """:func:`conflict_pairs` against one passage."""
    return conflict_pairs(claim, [passage])
