"""Figures said of different times: no rivals.

A count, an amount or a rate that changes over time is stated for a time: "As of 9 April
2020, there were 878 confirmed cases", "had sold 16.11 million copies by March 31, 2017".
A claim that gives another figure for another time ("more than 880 cases by April 10")
does not contradict it: the figure may have changed in between, and what the claim says
is simply not in the passage. So where the claim and the passage's sentence each fix
their figure to a time (a date after one of :data:`TIME_ANCHORS`) and no two of those
times can be the same (other days, months or years, or one side of a date against the
date itself: "before March 17" / "as of March 17"), the passage's figure is no rival. A date the
claim leaves less precise ("April 4" against "April 4, 2020") can be the same, and keeps
the rival; so do figures of the same time, and figures of which either side names no
time. The claim's dates themselves are still checked as facts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lazy import lazy_pattern
from ..lexicon.bounds import TIME_ANCHORS
from .conflicts import dates_differ
from .model import DateKeys, Fact, Payload
from .text import phrase_alternation, sentence_around

_ANCHOR = lazy_pattern(rf"(?i:(?<![\w.\-])(?:{phrase_alternation(TIME_ANCHORS)})\s+)$")
_REACH = 18  # characters before a date the longest anchor phrase may take


def anchored_dates(
    text: str, facts: Sequence[Fact], payloads: Sequence[Payload], begin: int, end: int
) -> tuple[DateKeys, ...]:
    """The dates of ``text[begin:end]`` that an anchor phrase fixes a figure to."""
    return tuple(
        p
        for f, p in zip(facts, payloads, strict=True)
        if isinstance(p, DateKeys)
        and begin <= f.start < end
        and _ANCHOR.search(text, max(0, f.start - _REACH), f.start) is not None
    )


def of_other_times(claim: Sequence[DateKeys], evidence: Sequence[DateKeys]) -> bool:
    """Whether the claim's figure and the passage's are fixed to times that cannot be the
    same: both name one, and every pair of their times differs, by the date or by the
    side of it ("before March 17" is not "as of March 17", nor "after April 22" "as of
    April 22")."""
    if not claim or not evidence:
        return False
    return all(
        dates_differ(c, e) or dates_differ(e, c) or _when(c) != _when(e)
        for c in claim
        for e in evidence
    )


def _when(date: DateKeys) -> str:
    """Which side of its date a time is: before it, after it, or at it ("as of", "by",
    "until": a figure counted up to the date)."""
    side = date.bound.side if date.bound is not None else ""
    if side == "lt":
        return "before"
    if side in ("gt", "ge"):
        return "after"
    return "at"


def passage_anchors(
    text: str, facts: Sequence[Fact], payloads: Sequence[Payload], ev: Fact
) -> tuple[DateKeys, ...]:
    """The anchored dates of the sentence of ``text`` that holds the figure ``ev``."""
    begin, end = sentence_around(text, ev.start, ev.end)
    return anchored_dates(text, facts, payloads, begin, end)
