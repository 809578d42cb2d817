"""Which way a date or a period points: "before March 1" is not "after March 1".

A deadline keeps its value and flips its meaning when the word beside it flips:
"filed before March 1, 2024" / "filed after March 1, 2024", "due 5 days before the
first" / "5 days after the first", "no later than June 30" / "no earlier than June 30".
The value check finds the date present in both, so the two directions are compared
here: a claim date or period whose every equal in the evidence points the other way,
in the same role, is a conflict.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .model import DateKeys, Fact, Payload, Quantity
from .roles import role_of

# The words right before a date that say which side of it is meant.
_BEFORE_DATE = re.compile(
    r"(?i:\b(no later than|not later than|on or before|before|prior to|by|until|till"
    r"|no earlier than|not earlier than|on or after|after|following|since|from|starting)"
    r")\s+(?:the\s+)?$"
)
# The word right after a period: "5 days before the first", "30 days after notice".
_AFTER_PERIOD = re.compile(r"\s+(?i:(before|prior to|preceding|after|following))\b")
_EARLIER = frozenset(
    "no later than|not later than|on or before|before|prior to|by|until|till|preceding".split("|")
)
_LATER = frozenset(
    "no earlier than|not earlier than|on or after|after|following|since|from|starting".split("|")
)


def direction(text: str, fact: Fact, payload: Payload) -> str | None:
    """ "earlier" or "later" for a date or period with a direction word beside it."""
    found = _direction_word(text, fact, payload)
    return None if found is None else found[0]


def _direction_word(text: str, fact: Fact, payload: Payload) -> tuple[str, int, int] | None:
    """The direction and the span of the word that gives it."""
    if isinstance(payload, DateKeys):
        found = _BEFORE_DATE.search(text, max(0, fact.start - 20), fact.start)
    elif isinstance(payload, Quantity) and payload.time is not None:
        found = _AFTER_PERIOD.match(text, fact.end)
    else:
        return None
    if found is None:
        return None
    word = " ".join(found.group(1).lower().split())
    way = "earlier" if word in _EARLIER else "later" if word in _LATER else None
    return None if way is None else (way, found.start(1), found.end(1))


def pointed(text: str, fact: Fact, payload: Payload) -> Fact:
    """The fact with its direction word, as a reviewer should see it ("before March 1")."""
    found = _direction_word(text, fact, payload)
    if found is None:
        return fact
    start, end = min(fact.start, found[1]), max(fact.end, found[2])
    return Fact(fact.kind, text[start:end], fact.value, start, end)


def direction_rival(
    claim: str,
    fact: Fact,
    payload: Payload,
    passages: Sequence[tuple[str, Sequence[Fact], Sequence[Payload]]],
) -> tuple[int, Fact] | None:
    """The passage and fact that state the claim's date or period pointing the other
    way in the same role, where no equal of it in that role points the claim's way."""
    want = direction(claim, fact, payload)
    if want is None:
        return None
    context = role_of(claim, fact.start, fact.end, ()).context
    rival: tuple[int, Fact] | None = None
    for index, (text, facts, payloads) in enumerate(passages):
        for ev, ep in zip(facts, payloads, strict=True):
            if ev.kind != fact.kind or ev.value != fact.value:
                continue
            way = direction(text, ev, ep)
            if way is None or not context & role_of(text, ev.start, ev.end, ()).context:
                continue
            if way == want:
                return None  # a passage says it the claim's way, in the same role
            if rival is None:
                rival = (index, pointed(text, ev, ep))
    return rival
