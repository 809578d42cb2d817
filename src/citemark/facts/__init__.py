"""Key-fact agreement between a claim and the evidence it was matched to.

A paraphrase can score well on word overlap and embeddings and still change the
one detail a legal reader relies on: a number, a date, an amount, who is named,
or whether something is or is not allowed. This package pulls those details out
of a claim and reports the ones the evidence does not back.

It runs on every candidate passage, so it is plain ``re`` and set lookups, every
regex is compiled once, on first use (``citemark.warm_up`` compiles them all ahead),
and the analysis of a text is memoised: the same evidence passage is checked against
many claims. Every rule leans towards *not* reporting when unsure, because a false
"unsupported fact" costs the reader more than a missed one (the overlap and
embedding scores still see the text).

This module is the public face only. The work is in ``patterns`` (the numeric
scan's regexes), ``text`` (tokens and word forms), ``quantities`` (numbers, amounts,
percents and dates), ``names``, ``negation`` (scoped negation), ``analysis`` (the
memoised analysis of a text), ``compare`` (the comparison) and ``rules`` (the
conflict rules: :data:`RULES`, one registry of one protocol; each rule's logic in
a module of its own, ``polarity``, ``opposites``, ``scope`` and the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from .model import CONFLICT_KINDS, FACT_KINDS, Fact, FactCheck, FactConflict

# The comparison is imported when first asked for: the records in ``model`` are what
# config and the output records need, and they should not load every rule with them.
__getattr__, __dir__ = lazy_names(
    __name__,
    {
        **dict.fromkeys(
            ("check_facts", "extract_facts", "missing_facts", "unsourced_facts"), ".compare"
        ),
        **dict.fromkeys(("RULES", "RULE_NAMES", "ConflictRule"), ".rules"),
    },
)

if TYPE_CHECKING:
    from .compare import check_facts, extract_facts, missing_facts, unsourced_facts
    from .rules import RULE_NAMES, RULES, ConflictRule

__all__ = [
    "CONFLICT_KINDS",
    "FACT_KINDS",
    "RULES",
    "RULE_NAMES",
    "ConflictRule",
    "Fact",
    "FactCheck",
    "FactConflict",
    "check_facts",
    "extract_facts",
    "missing_facts",
    "unsourced_facts",
]
