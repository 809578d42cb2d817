"""Where disputes go: arbitration against the courts.

"Disputes go to arbitration in Wilmington" shares "disputes" and "Wilmington" with "Any
dispute ... shall be resolved exclusively in the state or federal courts located in
Wilmington, Delaware", and no value or negation check reads the one word that differs.
The forum is a conflict only where each side sends disputes to it (a dispute, claim or
controversy, then a verb of resolving, then the forum, in one sentence), names one kind
of forum alone, and states it plainly: "judgment on the award may be entered in any
court" names both and backs either; a fee clause ("the prevailing party in any
arbitration") says nothing of where disputes go, and a denial or a waiver ("instead of
litigation", "waives any right to a jury trial") is left to the other checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..lazy import lazy_pattern
from .model import Fact, FactConflict

_ARBITRATION = lazy_pattern(r"\barbitrat\w*|\barbitral\b", re.IGNORECASE)
_COURT = lazy_pattern(r"\bcourts?\b|\blitigat\w*|\blawsuits?\b", re.IGNORECASE)
_FORUMS = {"arbitration": _ARBITRATION, "court": _COURT}
# Disputes sent to a forum: the dispute, then a verb of resolving, then the forum, in one
# sentence ("Any dispute ... shall be resolved exclusively in the state or federal
# courts", "the claim shall be settled by the American Arbitration Association").
_SENT_TO = lazy_pattern(
    r"\b(?:disputes?|claims?|controvers(?:y|ies)|disagreements?)\b[^.;!?\n]{0,120}?"
    r"\b(?:resolved|settled|decided|determined|heard|submitted|referred|brought|litigated"
    r"|arbitrated|adjudicated|go|goes|taken)\b[^.;!?\n]{0,60}?"
    r"(?P<forum>\barbitrat\w*|\barbitral\b|\bcourts?\b|\blitigat\w*)",
    re.IGNORECASE,
)
_TURNED = lazy_pattern(
    r"\b(?:not|no|never|nor|instead|rather|waive\w*|except|unless|other\s+than)\b|n['’]t\b",
    re.IGNORECASE,
)
_SENTENCE = lazy_pattern(r"[^.;!?\n]+")


def forum_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's forum for disputes against another forum a passage gives them."""
    lower = claim.lower()
    if "arbitra" not in lower and "court" not in lower and "litigat" not in lower:
        return ()  # every forum word holds one of these: most claims stop here
    out: list[FactConflict] = []
    for sentence in _SENTENCE.finditer(claim):
        said = _plain_forum(claim, sentence.start(), sentence.end())
        if said is None:
            continue
        kind, found = said
        for index, text in enumerate(passages):
            other = _other_forum(text, kind)
            if other is not None:
                claim_fact = Fact("opposite", found.group(), kind, found.start(), found.end())
                evidence = Fact(
                    "opposite", other.group(), "other forum", other.start(), other.end()
                )
                out.append(FactConflict("opposite", claim_fact, evidence, index))
                break
    return tuple(out)


def _plain_forum(text: str, start: int, end: int) -> tuple[str, re.Match[str]] | None:
    """The one kind of forum a sentence plainly gives disputes, with its first word."""
    if _SENT_TO.search(text, start, end) is None or _TURNED.search(text, start, end):
        return None
    found = [(kind, m) for kind, forum in _FORUMS.items() if (m := forum.search(text, start, end))]
    return found[0] if len(found) == 1 else None


def _other_forum(text: str, kind: str) -> re.Match[str] | None:
    """The first word of a sentence of ``text`` that plainly gives disputes a forum of
    another kind than ``kind``."""
    for sentence in _SENTENCE.finditer(text):
        said = _plain_forum(text, sentence.start(), sentence.end())
        if said is not None and said[0] != kind:
            return said[1]
    return None
