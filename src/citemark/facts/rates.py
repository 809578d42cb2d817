"""A rate over another period: "1.5% per month" against "1.5% per annum", "a salary of
$100,000 per year" against "$100,000 per month".

The value is the same on both sides, so the fact check finds it present; but a rate
is a percent or an amount *and* the period it accrues over, and a monthly rate is twelve
times a yearly one. Where the claim and a passage give one value each with a period
right after it ("per month", "a year", "annually"), the same value over different
periods is a conflict of the value's kind (``percent`` or ``amount``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import PERIOD_OF
from .model import Fact, FactConflict, FactsOf, Quantity
from .text import Hint

_PERIOD_WORD = (
    r"(?:(?:per|a|an|each|every)\s+(?:(?:calendar|fiscal|contract)\s+)?"
    r"(?P<unit>annum|year|month|quarter|week|day)\b"
    r"|(?P<adverb>annually|yearly|monthly|quarterly|weekly|daily)\b)"
)
_PERIOD_SOURCE = r"\s*" + _PERIOD_WORD
_PERIOD = lazy_pattern(_PERIOD_SOURCE, re.IGNORECASE)
# A count over a period, what is counted between: "fifteen (15) days of paid vacation per
# month" against "... per calendar year"; a percent or amount takes its period
# right after it.
# What is counted is a noun or two, never "the": "thirty (30) days of the end of each
# calendar month" is a deadline, no rate; and times ("once each month") are how often a
# thing recurs, which the frequency rule reads with what it is said of.
_COUNTED_WORD = r"(?!(?:the|of|end|close|start|beginning)\b)[^\W\d_]+"
_COUNTED_PERIOD = lazy_pattern(
    rf"(?:\s+(?:of|in)\s+(?:{_COUNTED_WORD}\s+){{0,2}}{_COUNTED_WORD})?" + _PERIOD_SOURCE,
    re.IGNORECASE,
)
# A period word, in every match of _PERIOD: the cheap test before the pattern.
TRIGGER_WORDS = ("annum", "year", "month", "quarter", "week", "day", "annually", "daily")
# Searched for without the white space before it (found where _PERIOD would be): tried
# from every space of a long run, "\s*" read the run to its end each time (20,000 spaces
# took 12 s).
_PERIOD_HINT = Hint(TRIGGER_WORDS, re.compile(_PERIOD_WORD, re.IGNORECASE))
_RATE_KINDS = frozenset(("percent", "amount"))
# What a percent or an amount is written with: a cheap test that spares most claims the
# look at their facts ("five thousand dollars", "3 percent", "$2,400", "EUR 500").
_VALUE_HINT = lazy_pattern(
    r"[%$€£¥]|\b(?i:per\s*cent|percent|cents?|dollars?|euros?|pounds?|yen)\b|\b[A-Z]{3}\b"
)
# What a count is written with: a digit, or a number word ("fifteen (15) days" has both).
_COUNT_HINT = lazy_pattern(
    r"\d|\b(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen"
    r"|twenty|thirty|forty|fifty|sixty|ninety|hundred)\b"
)


class _Rate(NamedTuple):
    """A percent or an amount with the period after it."""

    fact: Fact
    quantity: object  # a Quantity, or a count's payload
    period: str
    end: int  # where the period ends


def _rates(text: str, facts_of: FactsOf) -> list[_Rate]:
    """Each percent or amount of ``text`` with the period after it, and each count of a
    unit with its period after what it counts."""
    out: list[_Rate] = []
    for fact, payload in zip(*facts_of(text), strict=True):
        if fact.kind == "number" and " " in fact.value and not fact.value.endswith(" time"):
            # a count of a unit ("15 day"), not of times
            found = _COUNTED_PERIOD.match(text, fact.end)
        elif fact.kind in _RATE_KINDS and isinstance(payload, Quantity):
            found = _PERIOD.match(text, fact.end)
        else:
            continue
        if found is None:
            continue
        out.append(_Rate(fact, payload, _period(found), found.end()))
    return out


def rate_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's rates a passage gives over another period (the same value); a
    passage that gives the claim's period for that value too decides nothing."""
    if not passages or _PERIOD_HINT.search(claim) is None:
        return ()
    if _VALUE_HINT.search(claim) is None and _COUNT_HINT.search(claim) is None:
        return ()
    said = _rates(claim, facts_of)
    out: list[FactConflict] = []
    for fact, _, period, end in said:
        for index, text in enumerate(passages):
            theirs = [
                r
                for r in _rates(text, facts_of)
                if (r.fact.kind, r.fact.value) == (fact.kind, fact.value)
            ]
            if not theirs or any(r.period == period for r in theirs):
                continue
            other, _, other_period, other_end = theirs[0]
            out.append(
                FactConflict(
                    fact.kind,
                    Fact(
                        fact.kind,
                        claim[fact.start : end],
                        f"{fact.value}/{period}",
                        fact.start,
                        end,
                    ),
                    Fact(
                        fact.kind,
                        text[other.start : other_end],
                        f"{other.value}/{other_period}",
                        other.start,
                        other_end,
                    ),
                    index,
                )
            )
            break
    return tuple(out)


# How many of each period make a year: a monthly rate is twelve yearly ones.
_PER_YEAR = {"day": 365.0, "week": 52.0, "month": 12.0, "quarter": 4.0, "year": 1.0}
# How far two yearly figures may lie apart and be one rate said two ways ("1.5% per
# month" / "18% per annum" exactly; "0.0833% per month" / "1% per annum" rounded).
_SAME_RATE = 0.01


def restated(claim: str, fact: Fact, payload: Quantity, evidence: str, facts_of: FactsOf) -> bool:
    """Whether ``evidence`` states the claim's rate over another period: "1.5% per
    month" is "eighteen percent (18%) per annum", "$1,000 per month" is "$12,000 per
    year". Such a fact is not missing, and no conflict."""
    if fact.kind not in _RATE_KINDS:
        return False
    found = _PERIOD.match(claim, fact.end)
    if found is None:
        return False
    period = _period(found)
    value = _value(payload)
    if value is None:
        return False
    yearly = value * _PER_YEAR[period]
    for other, theirs, other_period, _ in _rates(evidence, facts_of):
        if other.kind != fact.kind or other_period == period:
            continue
        # (a percent's or an amount's payload is always a Quantity: see _rates)
        if not isinstance(theirs, Quantity) or theirs.unit != payload.unit:
            continue
        if (v := _value(theirs)) is None:
            continue
        their_yearly = v * _PER_YEAR[other_period]
        if abs(yearly - their_yearly) <= _SAME_RATE * max(abs(yearly), abs(their_yearly)):
            return True
    return False


def _value(q: Quantity) -> float | None:
    try:
        return float(q.key)
    except ValueError:
        return None


def _period(found: re.Match[str]) -> str:
    word = (found.group("unit") or found.group("adverb")).lower()
    return PERIOD_OF.get(word, word)
