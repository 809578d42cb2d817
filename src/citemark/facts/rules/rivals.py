"""The rules that find a rival for one of the claim's own facts.

Each reads the claim's analysed facts (:mod:`..analysis`): a missing number, date,
amount, percent or name that a passage gives another value in the same role
(:mod:`..conflicts`), a missing negation that a passage says with the other
polarity (:mod:`..polarity`), a date or value a passage turns the other way
(:mod:`..direction`), and a number a passage states only in another role while it
gives the claim's role another value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..anchors import anchored_dates, of_other_times, passage_anchors
from ..conflicts import find_rival, misplaced_rival, one_name
from ..direction import bound_rival, direction, direction_rival, limited, pointed
from ..model import NUMERIC_KINDS, DateKeys, Fact, FactConflict
from ..polarity import negation_rival
from ..text import Hint
from .base import CheckedClaim


def value_rivals(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
    """A missing number, date, amount or percent of the claim that a passage states with
    another value in the same role ("two years" / "one (1) year")."""
    return _rivals(claim, [f for f in claim.missing if f.kind not in _NOT_VALUES])


def name_rivals(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
    """A missing name of the claim that a passage states with another name in the same
    role ("governed by New York law" / "the laws of the State of Delaware").

    A rival name that a source writes together with the claim's as one person's name
    ("Daniel LaRusso" for "LaRusso" against "Daniel") is none."""
    return _rivals(claim, [f for f in claim.missing if f.kind == "name"])


# Kinds the value rule leaves to others: polarity to ``negation`` and ``duty``, names to
# ``name`` (a name's rival is right far less often than a number's: a passage names
# many people and places in roles a claim's words only seem to share).
_NOT_VALUES = frozenset(("negation", "name"))
# The kinds of figure that change over time and are stated for a time (``anchors``).
_FIGURES = frozenset(("number", "amount", "percent"))


def _rivals(claim: CheckedClaim, todo: list[Fact]) -> tuple[FactConflict, ...]:
    """The rivals of the missing facts ``todo``, in their order."""
    if not todo:
        return ()
    cl = claim.analysis
    payloads = dict(zip(cl.facts, cl.payloads, strict=True))
    # The claim's words, for names: folded once for all of its missing names.
    words = claim.folded if any(f.kind == "name" for f in claim.missing) else None
    out: list[FactConflict] = []
    times: tuple[DateKeys, ...] | None = None
    for fact in todo:
        if fact not in payloads:
            continue
        got = find_rival(claim.text, cl.facts, fact, payloads[fact], claim.passage_facts, words)
        if got and fact.kind == "name" and one_name(fact.text, got[1].text, claim.sources):
            continue  # one person, named two ways
        if got and fact.kind in _FIGURES:
            if times is None:
                times = anchored_dates(claim.text, cl.facts, cl.payloads, 0, len(claim.text))
            if of_other_times(times, passage_anchors(*claim.passage_facts[got[0]], got[1])):
                continue  # a figure of another time ("as of 9 April" / "by April 10")
        if got is not None:
            out.append(FactConflict(fact.kind, fact, got[1], got[0]))
    return tuple(out)


def polarity_rivals(
    claim: CheckedClaim, raised: Sequence[FactConflict]
) -> tuple[FactConflict, ...]:
    """A missing negation of the claim that a passage states with the other polarity in
    one statement ("may not sublet" / "may sublet with consent", "has jurisdiction" /
    "lacks jurisdiction")."""
    return _polarity(claim, duties=False)


def duty_rivals(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
    """A duty the claim puts on what a passage leaves to the same subject's discretion, or
    a release from what the passage makes a duty ("must return" / "may return", "need not
    notify" / "shall notify")."""
    return _polarity(claim, duties=True)


# The values the polarity analysis gives a duty and the discretion set against it.
_DUTY_VALUES = ("must:", "may:")


def _polarity(claim: CheckedClaim, duties: bool) -> tuple[FactConflict, ...]:
    """The polarity clashes of the claim's missing negations: the duties and discretions
    (``duties``), or the plain denials. One analysis finds both; they are two rules
    because they are right at different rates (a denial's scope misleads it where a
    modal's does not), and a preset may want one without the other."""
    out: list[FactConflict] = []
    for fact in claim.missing:
        if fact.kind == "negation" and fact.value.startswith(_DUTY_VALUES) == duties:
            got = negation_rival(claim.text, claim.analysis, fact, claim.passages)
            if got is not None:
                out.append(FactConflict(fact.kind, fact, got[1], got[0]))
    return tuple(out)


# A direction word a claim date or period may carry (see ``direction``): a cheap test
# that spares nearly every claim the per-fact look-up.
DIRECTION_WORDS = (
    "before after prior until till by since from following preceding later earlier starting"
).split()
_DIRECTION_HINT = Hint(DIRECTION_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(DIRECTION_WORDS)})\b)"))
# Kinds a limit is set on, and a cheap test for a limit word in a claim.
_LIMITED_KINDS = frozenset(("number", "amount", "percent"))
LIMIT_WORDS = (
    "least",
    "most",
    "exceed",
    "up to",
    "maximum",
    "minimum",
    "capped",
    "limited",
    "more",
    "less",
    "fewer",
    "as high as",
    "as much as",
    "as many as",
    "as long as",
)
_LIMIT_HINT = Hint(LIMIT_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(LIMIT_WORDS)})\b)"))


def turned(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
    """A date or period of the claim that a passage states pointing the other way
    ("before March 1" / "after March 1"), or a value it gives the other limit ("at
    least $500" / "at most $500").

    One rule, not two: a fact is tested for its direction first and for its limit
    only where that finds nothing, and the conflicts read in the claim's order."""
    passages = claim.passages
    if not passages:
        return ()
    text = claim.text
    turns = _DIRECTION_HINT.search(text) is not None
    limits = _LIMIT_HINT.search(text) is not None
    if not turns and not limits:
        return ()
    cl = claim.analysis
    taken = {c.claim for c in raised}
    out: list[FactConflict] = []
    for fact, payload in zip(cl.facts, cl.payloads, strict=True):
        # a fact the passages state only the other way round is missing too ("before
        # March 1" is not backed by "after March 1"): it is read all the same, unless
        # an earlier rule already reports it
        if fact in taken:
            continue
        pointing = turns and fact.kind in ("date", "number")
        if pointing and direction(text, fact, payload) is None:
            pointing = False
        if not pointing and not (limits and fact.kind in _LIMITED_KINDS):
            continue
        if pointing:
            got = direction_rival(text, fact, payload, claim.passage_facts)
            if got is not None:
                out.append(FactConflict(fact.kind, pointed(text, fact, payload), got[1], got[0]))
                continue
        got = bound_rival(text, fact, payload, claim.passage_facts) if limits else None
        if got is not None:
            out.append(FactConflict(fact.kind, limited(text, fact, payload), got[1], got[0]))
    return tuple(out)


def misplaced(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
    """A number of the claim that the passages state only in other roles, while they
    give the claim's role another value (see ``conflicts.misplaced_rival``)."""
    cl = claim.analysis
    taken = {c.claim for c in raised}
    todo = [
        (f, p)
        for f, p in zip(cl.facts, cl.payloads, strict=True)
        if f.kind in NUMERIC_KINDS and f not in claim.missing and f not in taken
    ]
    if not todo or not claim.passages:
        return ()
    out: list[FactConflict] = []
    for fact, payload in todo:
        got = misplaced_rival(claim.text, cl.facts, fact, payload, claim.passage_facts)
        if got is not None:
            out.append(FactConflict(fact.kind, fact, got[1], got[0]))
    return tuple(out)
