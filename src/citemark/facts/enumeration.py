"""Counts shown by listing: "two films" is backed by "the films Alpha and Beta".

Evidence often names the members of a group instead of counting them, and a
summary counts them. A small count in the claim is taken as present when a
clause of the evidence that mentions the counted noun lists exactly that many
items ("A and B", "A, B, and C"). Only ever used to *withdraw* a missing fact, so
it may be generous about what an item is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lazy import lazy_pattern
from .text import stem, word_tokens

_CLAUSES = lazy_pattern(r"[.;!?()\[\]\n]+")
_COORD = lazy_pattern(r"\s+(?:and|or|&)\s+|,\s*(?:and|or)\s+", re.IGNORECASE)
_ITEM_WORDS = 4  # a list item longer than this is the clause the list sits in
MAX_COUNT = 12


@lru_cache(maxsize=4096)
def _lists(evidence: str) -> tuple[tuple[int, frozenset[str]], ...]:
    """Each list of the evidence: how many items, and the word stems of its clause."""
    out: list[tuple[int, frozenset[str]]] = []
    for clause in _CLAUSES.split(evidence):
        coords = list(_COORD.finditer(clause))
        if not coords:
            continue
        stems = frozenset(stem(t.lower) for t in word_tokens(clause))
        for m in coords:
            chunks = clause[: m.start()].split(",")
            count = 1  # the item after the coordinator
            for chunk in reversed(chunks):
                if not chunk.strip():
                    continue
                count += 1
                if len(chunk.split()) > _ITEM_WORDS:
                    break  # the list's first item, with the words that introduce it
            out.append((count, stems))
    return tuple(out)


def enumerated(count: int, head: frozenset[str], evidence: str) -> bool:
    """Whether the evidence lists ``count`` items in a clause naming the counted noun."""
    if not head or not 2 <= count <= MAX_COUNT:
        return False
    return any(n == count and head & stems for n, stems in _lists(evidence))
