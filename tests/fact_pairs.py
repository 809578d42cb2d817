"""The conflicts the fact check reports for a claim against passages, as plain tuples
(kind, the claim's words, the evidence's words): what the fact-rule tests compare; and
the one sentence of an aligned answer, for the rule tests that run the whole pipeline."""

from __future__ import annotations

from citemark import SentenceResult, align
from citemark.facts import check_facts


def conflict_pairs(claim: str, passages: list[str]) -> list[tuple[str, str, str]]:
    return [(c.kind, c.claim.text, c.evidence.text) for c in check_facts(claim, passages).conflicts]


def conflicts(claim: str, passage: str) -> list[tuple[str, str, str]]:
    """:func:`conflict_pairs` against one passage."""
    return conflict_pairs(claim, [passage])


def conflict_texts(claim: str, passage: str) -> list[tuple[str, str]]:
    """:func:`conflicts` without the kind: (the claim's words, the evidence's words)."""
    return [(c.claim.text, c.evidence.text) for c in check_facts(claim, [passage]).conflicts]


def sentence_of(answer: str, *texts: str) -> SentenceResult:
    """The one sentence of ``answer``, aligned with the default preset to sources ``S1``,
    ``S2``, ... that hold ``texts``."""
    sources = [{"id": f"S{n}", "text": t} for n, t in enumerate(texts, 1)]
    (sentence,) = align(answer, sources).sentences
    return sentence
