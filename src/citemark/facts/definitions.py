"""Definitions: a contract's '"FDA" means ...' clauses, each about its own term.

A contract's definitions section is one template repeated: '"FDA" means the United
States Food and Drug Administration', '"Territory" shall mean the United States of
America'. Two definitions of different terms share their phrasing and often their words,
so the fact check would read the second's names, dates and periods as rivals of the
first's. A definition is about its term alone: it can contradict only a definition of
the same term, and a passage that defines another term is no evidence against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern

# A clause's label before the term: "1.29", "(a)", "iv)", "Section 5.1".
_LABEL = (
    r"(?:(?:(?:Section|Article)\s+)?(?:[0-9]+(?:\.[0-9]+)*\.?|\([A-Za-z0-9]{1,4}\)"
    r"|[A-Za-z0-9]{1,3}\))\s+)*"
)
_VERB = (
    r"(?:(?:shall|will)\s+)?(?:means?|mean|has\s+the\s+meaning|have\s+the\s+meaning"
    r"|is\s+defined\s+as|refers?\s+to)\b"
)
# '"FDA" means', '"Affiliate" (or "Affiliates") shall mean', '“Net Sales” has the meaning',
# '"United States" or "U.S." means' (the first name is the term).
_QUOTED = lazy_pattern(
    rf"\s*{_LABEL}[\"“]([^\"”\n]{{1,80}})[\"”]"
    rf"(?:\s*(?:or|and)\s*[\"“][^\"”\n]{{1,80}}[\"”])*"
    rf"\s*(?:\([^)\n]{{0,80}}\)\s*)?,?\s*(?i:{_VERB})"
)
# 'FDA means', 'Territory shall mean': a capitalised term of up to five words.
_BARE = lazy_pattern(
    rf"\s*{_LABEL}([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){{0,4}})\s+(?:shall\s+)?means?\b"
)


@lru_cache(maxsize=4096)
def defined_term(text: str) -> str | None:
    """The term ``text`` defines, folded, when it opens with a definition, else ``None``."""
    found = _QUOTED.match(text) or _BARE.match(text)
    return None if found is None else " ".join(found.group(1).casefold().split())


def other_definitions_emptied(claim: str, passages: Sequence[str]) -> Sequence[str]:
    """``passages`` with each one that defines another term than the claim does made
    empty (so that passage indexes stay as they are); ``passages`` itself when the claim
    defines nothing."""
    term = defined_term(claim)
    if term is None:
        return passages
    return [p if defined_term(p) in (None, term) else "" for p in passages]
