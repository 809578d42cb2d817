"""A dropped restriction: the claim says "all employees" where the evidence says "only
employees with at least two years of service".

Summaries lose conditions more often than they invent values, and a lost condition
leaves every remaining word supported: "All employees are eligible for the bonus"
shares each content word with "Only employees with at least two years of service are
eligible for the bonus". When the claim speaks of every member of a class (all, every,
any, each) and a passage limits the same class with "only" and a qualifier (who,
that, with, whose, of, in ...), the two disagree on whom the rule reaches. A claim
that qualifies the class itself ("all employees with two years of service") is
another statement and is left to the other checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .model import Fact, FactConflict
from .text import stem

_QUALIFIERS = r"who|whom|that|which|with|whose|of|in|at|on|from|under|over|having|holding"
_EVERY = re.compile(
    rf"\b(?:all|every|any|each)\s+(?P<noun>[^\W\d_]{{3,}})\b(?!\s+(?:{_QUALIFIERS})\b)",
    re.IGNORECASE,
)
_ONLY = re.compile(
    rf"(?<!not )\bonly\s+(?:the\s+|those\s+|such\s+)?(?P<noun>[^\W\d_]{{3,}})"
    rf"\s+(?:{_QUALIFIERS})\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _limited(text: str) -> dict[str, tuple[int, int]]:
    """The classes ``text`` limits with "only", by stem, to where the limit is said."""
    out: dict[str, tuple[int, int]] = {}
    for m in _ONLY.finditer(text):
        out.setdefault(stem(m.group("noun").lower()), (m.start(), m.end()))
    return out


def restriction_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "all X" that a passage limits to "only X who/with ..."."""
    if not passages:
        return ()
    out: list[FactConflict] = []
    for m in _EVERY.finditer(claim):
        noun = stem(m.group("noun").lower())
        for index, text in enumerate(passages):
            found = _limited(text).get(noun)
            if found is None:
                continue
            start, end = found
            out.append(
                FactConflict(
                    "opposite",
                    Fact("opposite", m.group(), "every:" + noun, m.start(), m.end()),
                    Fact("opposite", text[start:end], "only:" + noun, start, end),
                    index,
                )
            )
            break
    return tuple(out)
