"""At once against later: the claim says a thing happens "immediately" where the
evidence gives it a delay or a date.

"The amendment takes effect immediately" shares every content word with "The
amendment takes effect ninety days after enactment", and has no number of its own to
compare: the fact check sees only a number the claim lacks, which is no error of the
claim's. Yet the two disagree on the one thing a reader acts on, when. A passage that
ties the same word ("effect", "due", "payable") to a period or a date,
and says nothing of "immediately" itself, states another time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .model import Fact, FactConflict, FactsOf, Quantity
from .roles import subject_before
from .text import LETTERS, stem

# The words whose time a claim may state as "immediately": a thing taking effect or
# falling due. Acts ("terminate immediately if the other party breaches", "notify
# immediately") have delays for other grounds beside them in the same contract.
_ANCHORS = frozenset(
    map(stem, "effect effective due payable owing vest commence begin start expire".split())
)
_AT_ONCE = re.compile(r"\b(?:immediately|forthwith|at once|without delay)\b", re.IGNORECASE)
# Characters after the anchor word within which the period or date must begin, in the
# same clause ("due within thirty (30) days after delivery").
_REACH = 40
# The words that may tie the anchor to its period or date ("due within", "effective as
# of", "payable no later than"); any other word makes the period another thing's ("on the
# Effective Date and continue for a period of three years").
_TIES = frozenset(
    "within after following on as of no not later than by upon the a period exactly".split()
)
_GAP = re.compile(r"[^\W\d_]+|[^\w\s]")


def _ties(gap: str) -> bool:
    return all(w.lower() in _TIES for w in _GAP.findall(gap))


def timing_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's "immediately" a passage replaces with a period or a date
    (``facts_of`` gives a text's facts and their payloads)."""
    if not passages:
        return ()
    out: list[FactConflict] = []
    for m in _AT_ONCE.finditer(claim):
        anchor = subject_before(claim, m.start())
        if anchor not in _ANCHORS:
            continue
        found = _delay(anchor, passages, facts_of)
        if found is not None:
            index, fact = found
            out.append(
                FactConflict(
                    "opposite",
                    Fact("opposite", m.group(), "at once", m.start(), m.end()),
                    Fact("opposite", fact.text, "later:" + fact.value, fact.start, fact.end),
                    index,
                )
            )
    return tuple(out)


def _delay(anchor: str, passages: Sequence[str], facts_of: FactsOf) -> tuple[int, Fact] | None:
    """The first passage's period or date right after the anchor word (a stem), in a
    passage that does not say "immediately" too."""
    for index, text in enumerate(passages):
        if _AT_ONCE.search(text):
            continue
        timed = [
            f
            for f, p in zip(*facts_of(text), strict=True)
            if f.kind == "date" or (isinstance(p, Quantity) and p.time is not None)
        ]
        if not timed:
            continue
        for word in LETTERS.finditer(text):
            if stem(word.group().lower()) != anchor:
                continue
            for f in timed:
                gap = text[word.end() : f.start]
                if 0 <= f.start - word.end() <= _REACH and _ties(gap):
                    return index, f
    return None
