"""A mixed ruling read claim by claim: "The Court granted the motion to dismiss the breach of
contract claim" against "The motion is GRANTED as to Plaintiff's fraud claim ... The motion
is DENIED as to Plaintiff's breach of contract claim".

An order that grants a motion in part states both outcome words, so the outcome-word rule
finds the claim's "granted" stated and reads no conflict; what differs is which claim
each outcome goes with. A ruling here is an outcome and what it is ruled on:

- in a passage: "GRANTED as to X", "DENIED with respect to X", "X is DISMISSED";
- in a claim: "denied the motion as to X", "granted the motion to dismiss X", "X was
  dismissed".

Granting a motion to dismiss a claim and dismissing the claim are one outcome, and so
are denying that motion and keeping the claim; a passage's outcomes are read so only
where it speaks of a motion to dismiss. The claim's ruling conflicts with a passage's
ruling on the same thing (every telling word of the claim's thing is in the passage's)
the other way, unless a passage also rules on it the claim's way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict
from .text import Hint, content_stems

_GRANTING = {
    "granted": True,
    "sustained": True,
    "dismissed": True,
    "denied": False,
    "overruled": False,
}
_OBJECT = r"(?:the\s+)?(?P<thing>[^.;:,()]{3,80}?)"
_OBJECT_END = r"(?=\s*(?:[.;:,()]|$|\s+(?:and|but|which|with|without|because|for)\b))"
# "GRANTED as to Plaintiff's fraud claim", "DENIED IN PART with respect to Count II".
_AS_TO = lazy_pattern(
    rf"\b(?P<outcome>granted|denied|sustained|overruled)(?:\s+in\s+part)?"
    rf"(?:\s+(?:the|its|\w+['’]s)\s+(?:motion|request|petition|objection|application))?\s+"
    rf"(?:as\s+to|with\s+respect\s+to|insofar\s+as\s+it\s+seeks\s+dismissal\s+of)\s+{_OBJECT}{_OBJECT_END}",
    re.IGNORECASE,
)
# "Plaintiff's breach of contract claim is DISMISSED", "The fraud claim was dismissed".
_IS_DONE = lazy_pattern(
    r"(?:^|(?<=[.;:]\s)|(?<=\n))(?:the\s+)?(?P<thing>[^.;:,()]{3,80}?)\s+(?:is|are|was|were)\s+"
    r"(?:hereby\s+)?(?P<outcome>dismissed|granted|denied)\b",
    re.IGNORECASE,
)
# "granted the motion to dismiss the breach of contract claim"
_TO_DISMISS = lazy_pattern(
    rf"\b(?P<outcome>granted|denied)\s+(?:the\s+|its\s+|\w+['’]s\s+)?(?:motion|request)\s+to\s+"
    rf"dismiss\s+{_OBJECT}{_OBJECT_END}",
    re.IGNORECASE,
)
# Words of a ruled thing that tell nothing of which one it is.
_PLAIN = content_stems(
    """claim claims count counts motion plaintiff plaintiffs defendant defendants cause
    action causes actions court respect"""
)
# How many rulings of a claim and of a passage are compared: bounds that keep a text of
# thousands of rulings linear (an order rules on a few claims).
_CLAIM_RULINGS = 8
_PASSAGE_RULINGS = 64
TRIGGER_WORDS = ("granted", "denied", "dismissed", "sustained", "overruled")
_HINT = Hint(TRIGGER_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(TRIGGER_WORDS)})\b)"))


def ruling_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's outcome on a thing against a passage's other outcome on that thing."""
    if _HINT.search(claim) is None:
        return ()
    for word, start, granted, thing in _rulings(claim, claim_side=True)[:_CLAIM_RULINGS]:
        found = [
            (index, r)
            for index, text in enumerate(passages)
            for r in _rulings(text, claim_side=False)[:_PASSAGE_RULINGS]
            if thing <= r[3]
        ]
        if not found or any(r[2] == granted for _, r in found):
            continue
        index, (other, at, _, _) = found[0]
        said = Fact("opposite", word, "granted" if granted else "denied", start, start + len(word))
        evidence = Fact("opposite", other, "denied" if granted else "granted", at, at + len(other))
        return (FactConflict("opposite", said, evidence, index),)
    return ()


_Ruling = tuple[str, int, bool, frozenset[str]]


@lru_cache(maxsize=1024)
def _rulings(text: str, claim_side: bool) -> tuple[_Ruling, ...]:
    """Each (outcome word, its offset, whether it grants, the telling stems of its thing)."""
    if _HINT.search(text) is None:
        return ()
    dismissal = claim_side or "dismiss" in text.lower()
    out: list[_Ruling] = []
    patterns = (_AS_TO, _TO_DISMISS, _IS_DONE) if claim_side else (_AS_TO, _IS_DONE)
    for pattern in patterns:
        for m in pattern.finditer(text):
            word = m.group("outcome")
            low = word.lower()
            if low == "dismissed" and not dismissal:
                continue
            thing = content_stems(m.group("thing")) - _PLAIN
            if thing:
                out.append((word, m.start("outcome"), _GRANTING[low], frozenset(thing)))
    return tuple(out)
