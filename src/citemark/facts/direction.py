"""Which way a date or a period points: "before March 1" is not "after March 1".

A deadline keeps its value and flips its meaning when the word beside it flips:
"filed before March 1, 2024" / "filed after March 1, 2024", "due 5 days before the
first" / "5 days after the first", "no later than June 30" / "no earlier than June 30".
The value check finds the date present in both, so the two directions are compared
here: a claim date or period whose every equal in the evidence points the other way,
in the same role, is a conflict.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lazy import lazy_pattern
from .intervals import OPPOSED, relation, side_group
from .model import DateKeys, Fact, Payload, Quantity
from .roles import role_of

# The words right before a date that say which side of it is meant.
_BEFORE_DATE = lazy_pattern(
    r"(?i:\b(no later than|not later than|on or before|before|prior to|by|until|till"
    r"|no earlier than|not earlier than|on or after|after|following|since|from|starting)"
    r")\s+(?:the\s+)?$"
)
# The word right after a period: "5 days before the first", "30 days after notice".
_AFTER_PERIOD = lazy_pattern(r"\s+(?i:(before|prior to|preceding|after|following))\b")
_EARLIER = frozenset(
    "no later than|not later than|on or before|before|prior to|by|until|till|preceding".split("|")
)
_LATER = frozenset(
    "no earlier than|not earlier than|on or after|after|following|since|from|starting".split("|")
)


# A side of the point a period marks, said before the period: "no later than 30 days
# before renewal" is that point or earlier, "no earlier than 30 days before" that point
# or later.
_TIME_BOUND = lazy_pattern(r"(?i:\b(no|not) (later|earlier) than)\s+$")


def direction(text: str, fact: Fact, payload: Payload) -> str | None:
    """ "earlier" or "later" for a date or period with a direction word beside it; for a
    period with a side of its point before it too, that side after a bar
    ("earlier|later" for "no earlier than 30 days before")."""
    found = _direction_word(text, fact, payload)
    if found is None:
        return None
    side = _side(text, fact, payload)
    return found[0] if side is None else f"{found[0]}|{side[0]}"


def _side(text: str, fact: Fact, payload: Payload) -> tuple[str, int] | None:
    """The side of its point a period's "no later than" / "no earlier than" gives, and
    where those words start."""
    if not isinstance(payload, Quantity) or payload.time is None:
        return None
    found = _TIME_BOUND.search(text, max(0, fact.start - 20), fact.start)
    if found is None:
        return None
    return ("earlier" if found.group(2).lower() == "later" else "later"), found.start(1)


def _agree(a: str, b: str) -> bool:
    """Whether two directions can both hold: the same point, and the same side of it
    where both give one ("30 days before" agrees with "no later than 30 days before")."""
    point_a, _, side_a = a.partition("|")
    point_b, _, side_b = b.partition("|")
    return point_a == point_b and (not side_a or not side_b or side_a == side_b)


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
    side = _side(text, fact, payload)
    if side is not None:
        start = min(start, side[1])
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
            if _agree(way, want):
                return None  # a passage says it the claim's way, in the same role
            if rival is None:
                rival = (index, pointed(text, ev, ep))
    return rival


def bound_rival(
    claim: str,
    fact: Fact,
    payload: Payload,
    passages: Sequence[tuple[str, Sequence[Fact], Sequence[Payload]]],
) -> tuple[int, Fact] | None:
    """The passage and fact that give the claim's limited value the other limit in the
    same role ("at least $500" / "at most $500", "shall not exceed $1 million" / "at
    least $1 million"; ``intervals.relation``: opposed), where no equal of it in that
    role is said without a limit or with the claim's. News prose's estimates ("as many
    as 29" beside "at least 29") and a limit said after the value ("two or more") are no
    such limits (``Bound.firm``)."""
    bound = payload.bound if isinstance(payload, Quantity) else None
    if bound is None or not bound.firm:
        return None
    role = role_of(claim, fact.start, fact.end, ())
    rival: tuple[int, Fact] | None = None
    for index, (text, facts, payloads) in enumerate(passages):
        for ev, ep in zip(facts, payloads, strict=True):
            if ev.kind != fact.kind or ev.value != fact.value:
                continue
            other = role_of(text, ev.start, ev.end, ())
            if not role.context & other.context:
                continue
            theirs = ep.bound if isinstance(ep, Quantity) else None
            side = side_group(theirs.side) if theirs is not None and theirs.limit else ""
            if side in ("", side_group(bound.side)):
                return None  # a passage says it the claim's way, or without a limit
            if rival is None and relation(payload, ep) == OPPOSED:
                rival = (index, limited(text, ev, ep))
    return rival


def limited(text: str, fact: Fact, payload: Payload) -> Fact:
    """The fact with the limit said before it, as a reviewer should see it ("at least
    $500")."""
    bound = payload.bound if isinstance(payload, Quantity | DateKeys) else None
    if bound is None or not 0 <= bound.start < fact.start:
        return fact
    start = bound.start
    return Fact(fact.kind, text[start : fact.end], fact.value, start, fact.end)
