"""The order of two events: "The purchase price is paid after closing" against "The
Purchase Price shall be paid ... at or prior to the Closing".

The claim and the clause share every word but the one that orders the act and the event,
so the word overlap reads the claim as supported, and the date rules read only values
("before March 1" / "after March 1"). An order is a conflict where:

- each side names an act, then an order word (before, prior to, in advance of, ahead of;
  after, following, subsequent to), then an event, in one clause;
- most of the claim's act words are the passage's act's, the two events share a telling
  word, and each side's act is nearer the other's act than its event (so "A before B"
  against "B after A" agrees);
- neither act is denied: "may not be prepaid prior to" says nothing of what may happen
  after, so a denied act is left to the negation rules.

A period before the order word ("fifteen (15) days prior to") keeps the order; a claim
whose event is a date or a period ("30 days after") is left to the date rules. No order is
read where the word bounds a period or a use ("the period after the effective date") or
stands in an aside ("subject, prior to Marketing Approval, to"), and a text that gives
both orders of one event ("before or after the Closing") gives neither.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict
from .text import Hint, content_stems

# Not "later than": "no later than 30 days" is a deadline, said before its own order word.
_BEFORE = r"before|prior\s+to|in\s+advance\s+of|ahead\s+of|preceding"
# Not "the following": a list's opening ("the following events").
_AFTER = (
    r"after|(?<!the\s)following(?!\s+(?:events?|purposes?|terms?|conditions?|ways?))"
    r"|subsequent\s+to"
)
_ORDER = lazy_pattern(rf"\b(?:(?P<before>{_BEFORE})|(?P<after>{_AFTER}))\b", re.IGNORECASE)
# A cheap test: most claims hold no order word.
TRIGGER_WORDS = tuple("before prior advance ahead preceding after following subsequent".split())
_HINT = Hint(TRIGGER_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(TRIGGER_WORDS)})\b)"))
_CLAUSE_BREAK = lazy_pattern(r"[.;:!?\n]|,\s+(?:and|but|or|which|provided)\b")
# A denial of the act before the order word; not "no later than", "not less than".
_DENIAL = lazy_pattern(
    r"\b(?:not|never|no|neither|nor|cannot)\b(?!\s+(?:later|earlier|sooner|less|more|fewer"
    r"|longer|shorter|exceed\w*)\b)|n['’]t\b",
    re.IGNORECASE,
)
# A date, a number or a period in the event: the date rules' ground.
_DATED = lazy_pattern(
    r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|day|days|week|weeks|month|months|year|years)\b",
    re.IGNORECASE,
)
# Words too common in a contract's events to tell one event from another.
_PLAIN = frozenset(
    content_stems(
        """date time period agreement party parties section notice written hereunder
        thereof hereof herein applicable such any other prior effective"""
    )
)
_EVENT_WORDS = 5
# How far an act or an event is read from its order word, in characters, and how many
# orders of a claim and of a passage are compared: bounds that keep a text of thousands
# of clauses linear (a claim or clause holds one or two orders).
_REACH = 300
_CLAIM_ORDERS = 8
_PASSAGE_ORDERS = 64
# What makes an order word no order of an act: a period or use it bounds ("the period
# after the effective date", "for use following Marketing Approval"), or a comma that
# sets it aside ("subject, prior to Marketing Approval, to").
_MODIFIER = lazy_pattern(r"(?:\b(?:period|periods|time|times|use),?|,)\s*$")


def sequence_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's order of an act and an event against the other order a passage gives."""
    if _HINT.search(claim) is None:
        return ()
    for said in _orders(claim)[:_CLAIM_ORDERS]:
        if said.dated or _both_ways(claim, said):
            continue  # "before or after the closing" orders nothing
        for index, text in enumerate(passages):
            for other in _orders(text)[:_PASSAGE_ORDERS]:
                if not _same_pair(said, other) or _both_ways(text, other):
                    continue
                if said.after == other.after:
                    continue
                claim_fact = Fact("opposite", said.word, _name(said), said.start, said.end)
                evidence_fact = Fact("opposite", other.word, _name(other), other.start, other.end)
                return (FactConflict("opposite", claim_fact, evidence_fact, index),)
    return ()


class _Order:
    """An act ordered before or after an event, in one clause."""

    __slots__ = (
        "act",
        "after",
        "clause",
        "dated",
        "denied",
        "end",
        "event",
        "event_text",
        "start",
        "word",
    )

    def __init__(self, text: str, found: re.Match[str], begin: int, stop: int, clause: int) -> None:
        self.clause = clause
        self.word = found.group()
        self.start, self.end = found.span()
        act_text = text[begin : found.start()]
        self.event_text = _event(text[found.end() : stop])
        # "30 days after the end of the quarter", "after March 1": the date rules' ground
        lead = " ".join(act_text.split()[-3:])
        self.dated = _DATED.search(self.event_text) is not None or _DATED.search(lead) is not None
        self.act = content_stems(act_text) - _PLAIN
        self.event = content_stems(self.event_text) - _PLAIN
        self.denied = _DENIAL.search(act_text) is not None
        self.after = found.group("after") is not None


@lru_cache(maxsize=2048)
def _orders(text: str) -> tuple[_Order, ...]:
    """Each order word of ``text`` with the act before it and the event after it."""
    if _HINT.search(text) is None:
        return ()
    breaks = [(m.start(), m.end()) for m in _CLAUSE_BREAK.finditer(text)]
    starts = [a for a, _ in breaks]
    out = []
    for found in _ORDER.finditer(text):
        if _MODIFIER.search(text, max(0, found.start() - 12), found.start()):
            continue  # "the period after the effective date", "subject, prior to ..."
        # the clause around the order word, read at most _REACH characters either way
        clause = bisect_left(starts, found.start())
        begin = max(breaks[clause - 1][1] if clause else 0, found.start() - _REACH)
        stop = starts[clause] if clause < len(starts) else len(text)
        stop = min(stop, found.end() + _REACH)
        out.append(_Order(text, found, begin, stop, clause))
    return tuple(o for o in out if o.act and o.event)


@lru_cache(maxsize=2048)
def _by_clause(text: str) -> dict[int, tuple[_Order, ...]]:
    """The orders of ``text`` by the clause they stand in."""
    out: dict[int, list[_Order]] = {}
    for o in _orders(text):
        out.setdefault(o.clause, []).append(o)
    return {k: tuple(v) for k, v in out.items()}


def _event(tail: str) -> str:
    """The event an order word names: its words up to the few telling ones."""
    words = tail.split()
    telling = 0
    for n, word in enumerate(words):
        telling += bool(content_stems(word))
        if telling == _EVENT_WORDS or word.endswith(","):
            return " ".join(words[: n + 1])
    return tail


def _same_pair(said: _Order, other: _Order) -> bool:
    """Whether two orders put the same act against the same event, the same way round."""
    if said.denied or other.denied:
        return False
    acts = len(said.act & other.act)
    events = len(said.event & other.event)
    # most of the claim's act is the passage's ("Kallo Mobile care suite" shared by two
    # acts is no one act)
    if acts < min(2, len(said.act)) or 2 * acts < len(said.act):
        return False
    if 2 * events < len(said.event):
        return False
    # "A before B" / "B after A": the claim's act is the passage's event
    return acts > len(said.act & other.event) and events > len(said.event & other.act)


def _both_ways(text: str, order: _Order) -> bool:
    """Whether the text gives both orders of this event in the order's clause ("before or
    after the Closing")."""
    return any(
        o.after != order.after and o.event & order.event and o.act & order.act
        for o in _by_clause(text).get(order.clause, ())
        if o is not order
    )


def _name(order: _Order) -> str:
    return "after" if order.after else "before"
