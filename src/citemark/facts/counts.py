"""One thing against several: "renew for one additional term" against "renew for two
additional terms".

A bare "one" is no fact of the numeric scan ("one of the parties", "one day"), so a
count of one is compared with nothing, and the claim passes with every word backed.
Where one side says "one" (or "a single") right before a noun and the other gives a
count of two or more right before the same noun, with the same word before it if any
("additional", "renewal"), the two disagree on how many, unless a bound on either
makes them agree ("more than one DVD" / "two DVDs", read as intervals by ``intervals``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .intervals import at_odds, with_bound_at
from .model import Fact, FactConflict, FactsOf, Quantity
from .text import stem

_ONE = lazy_pattern(r"\b(?:one|a single)\b(?!\s+of\b)", re.IGNORECASE)
_NEXT = lazy_pattern(r"\s+([a-z]+)(?:\s+([a-z]+))?", re.IGNORECASE)
_ORDINAL = lazy_pattern(r"(?:first|second|third|\d*(?:st|nd|rd|th))\W*$", re.IGNORECASE)


def _phrase(text: str, at: int) -> tuple[str, str] | None:
    """The noun after ``at`` and the word before it, as stems ("additional terms":
    ("addit", "term")); one word alone is the noun ("terms": ("", "term"))."""
    m = _NEXT.match(text, at)
    if m is None:
        return None
    first, second = m.group(1).lower(), (m.group(2) or "").lower()
    if first in STOPWORDS:
        return None
    if not second or second in STOPWORDS:
        return "", stem(first)
    return stem(first), stem(second)


def _ones(text: str) -> list[tuple[tuple[str, str], int, int]]:
    """Each "one [word] noun" of ``text``: the phrase, and where "one" is."""
    out = []
    for m in _ONE.finditer(text):
        if m.group()[0] == "O" and text[: m.start()].rstrip()[-1:] not in ("", ".", "\n"):
            continue  # "Priority One Problems": a name
        said = _phrase(text, m.end())
        if said is not None:
            out.append((said, m.start(), m.end()))
    return out


# The count a bare "one" states, which its words may bound ("more than one DVD" is
# backed by "two DVDs"; ``intervals``).
_ONE_COUNT = Quantity("1")


def _counts(text: str, facts_of: FactsOf) -> list[tuple[tuple[str, str], Fact, Quantity]]:
    """Each bare count of two or more of ``text``, with the phrase after it."""
    out = []
    for fact, payload in zip(*facts_of(text), strict=True):
        if fact.kind != "number" or not isinstance(payload, Quantity) or payload.unit:
            continue
        if not payload.key.isdigit() or int(payload.key) < 2 or _ORDINAL.search(fact.text):
            continue  # "a third party" is no count of parties
        said = _phrase(text, fact.end)
        if said is not None:
            out.append((said, fact, payload))
    return out


def count_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's "one X" a passage counts as two or more, and the other way round; a
    passage that says both of X decides nothing."""
    if not passages:
        return ()
    claim_ones = _ones(claim)
    claim_counts = _counts(claim, facts_of)
    if not claim_ones and not claim_counts:
        return ()
    for index, text in enumerate(passages):
        ones = _ones(text)
        counts = _counts(text, facts_of)
        out: list[FactConflict] = []
        for said, start, end in claim_ones:
            if any(p == said for p, _, _ in claim_counts) or any(p == said for p, _, _ in ones):
                continue
            rival = next(((f, q) for p, f, q in counts if p == said), None)
            if rival is not None and at_odds(
                with_bound_at(claim, start, end, _ONE_COUNT), rival[1]
            ):
                one = Fact("number", claim[start:end], "1", start, end)
                out.append(FactConflict("number", one, rival[0], index))
        for said, fact, payload in claim_counts:
            if any(p == said for p, _, _ in claim_ones) or any(p == said for p, _, _ in counts):
                continue
            other = next(((s, e) for p, s, e in ones if p == said), None)
            if other is not None and at_odds(
                payload, with_bound_at(text, other[0], other[1], _ONE_COUNT)
            ):
                one = Fact("number", text[other[0] : other[1]], "1", other[0], other[1])
                out.append(FactConflict("number", fact, one, index))
        if out:
            return tuple(out)
    return ()
