"""Who does what to whom: "The Company will indemnify the Consultant" is not "The
Consultant will indemnify the Company".

A swap of the two parties of an act keeps every word of the sentence, so word overlap,
embeddings and the value checks all call it supported, and in a contract it is the error
that matters most (who pays, who indemnifies, who may terminate). Two named parties (a
capitalised word each, as contracts name their defined terms) around one verb are read
as doer and done-to; a passage that has the same verb with the two the other way round,
and never the claim's way, contradicts the claim. A denied act ("shall not indemnify")
is left to the negation check; mutual acts ("The Company shall indemnify the Consultant,
and the Consultant shall indemnify the Company") agree with either order, and so does
a document that states the claim's way in any clause, cited or not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .text import same_verb

# "Company will indemnify the Consultant", "Buyer shall pay Seller", "Licensor grants
# Licensee": a named doer, a modal or none, a verb, a named party done to.
_ACT = lazy_pattern(
    r"\b(?P<doer>[A-Z][a-z]{2,})\s+"
    r"(?:(?:shall|will|must|may|agrees?\s+to|has\s+agreed\s+to)\s+)?"
    r"(?P<verb>[a-z]{3,})\s+(?:the\s+|each\s+|any\s+|such\s+)?"
    r"(?P<done>[A-Z][a-z]{2,})\b"
)
# Capitalised words that open a sentence or stand for no party.
_NO_PARTY = frozenset("the this that these those each any such all its their".split())


class _Act:
    """One act of ``_ACT``: who, the verb, to whom (lower-case), and where the doer is."""

    __slots__ = ("doer", "done", "end", "start", "verb")

    def __init__(self, m: re.Match[str]) -> None:
        self.doer = m.group("doer").lower()
        self.verb = m.group("verb")
        self.done = m.group("done").lower()
        self.start, self.end = m.span("doer")


@lru_cache(maxsize=4096)
def _acts(text: str) -> tuple[_Act, ...]:
    """The acts between two named parties in ``text``."""
    out: list[_Act] = []
    for m in _ACT.finditer(text):
        act = _Act(m)
        if (
            act.verb in STOPWORDS
            or act.doer in _NO_PARTY
            or act.done in _NO_PARTY
            or act.doer == act.done
        ):
            continue
        out.append(act)
    return tuple(out)


def swap_conflicts(
    claim: str, passages: Sequence[str], sources: Sequence[str] = ()
) -> tuple[FactConflict, ...]:
    """The claim's acts that a passage states with doer and done-to swapped, unless a
    text of ``sources`` (the whole documents) states the act the claim's way: contracts
    often bind both parties in two clauses ("Array shall notify Ono ...", "Ono shall
    notify Array ..."), and the clause retrieval cites may be the other one."""
    if not passages:
        return ()
    out: list[FactConflict] = []
    for act in _acts(claim):
        found = _swapped(act, passages)
        if found is None or any(_states(act, text) for text in sources):
            continue
        index, other = found
        said = Fact("opposite", claim[act.start : act.end], "doer:" + act.verb, act.start, act.end)
        text = passages[index]
        evidence = Fact(
            "opposite", text[other.start : other.end], "doer:" + other.verb, other.start, other.end
        )
        out.append(FactConflict("opposite", said, evidence, index))
    return tuple(out)


def _swapped(act: _Act, passages: Sequence[str]) -> tuple[int, _Act] | None:
    """The first passage act that swaps ``act``'s parties, unless a passage also states
    it the claim's way."""
    rival: tuple[int, _Act] | None = None
    for index, text in enumerate(passages):
        for other in _acts(text):
            if not same_verb(other.verb, act.verb):
                continue
            if (other.doer, other.done) == (act.doer, act.done):
                return None
            if rival is None and (other.doer, other.done) == (act.done, act.doer):
                rival = (index, other)
    return rival


def _states(act: _Act, text: str) -> bool:
    """Whether ``text`` states ``act`` the same way round."""
    if act.doer not in text.lower():
        return False
    return any(
        (other.doer, other.done) == (act.doer, act.done) and same_verb(other.verb, act.verb)
        for other in _acts(text)
    )
