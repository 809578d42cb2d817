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

from .model import Fact, FactConflict, FactsOf, Quantity

_PERIOD = re.compile(
    r"\s*(?:(?:per|a|an|each|every)\s+(?P<unit>annum|year|month|quarter|week|day)\b"
    r"|(?P<adverb>annually|yearly|monthly|quarterly|weekly|daily)\b)",
    re.IGNORECASE,
)
_RATE_KINDS = frozenset(("percent", "amount"))
# What a percent or an amount is written with: a cheap test that spares most claims the
# look at their facts ("five thousand dollars", "3 percent", "$2,400", "EUR 500").
_VALUE_HINT = re.compile(
    r"[%$€£¥]|\b(?i:per\s*cent|percent|cents?|dollars?|euros?|pounds?|yen)\b|\b[A-Z]{3}\b"
)
_PERIOD_OF = {
    "annum": "year",
    "annually": "year",
    "yearly": "year",
    "monthly": "month",
    "quarterly": "quarter",
    "weekly": "week",
    "daily": "day",
}


def _rates(text: str, facts_of: FactsOf) -> list[tuple[Fact, str, int]]:
    """Each percent or amount of ``text`` with the period after it: (fact, period, where
    it ends)."""
    out: list[tuple[Fact, str, int]] = []
    for fact, payload in zip(*facts_of(text), strict=True):
        if fact.kind not in _RATE_KINDS or not isinstance(payload, Quantity):
            continue
        found = _PERIOD.match(text, fact.end)
        if found is None:
            continue
        word = (found.group("unit") or found.group("adverb")).lower()
        out.append((fact, _PERIOD_OF.get(word, word), found.end()))
    return out


def rate_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's rates a passage gives over another period (the same value); a
    passage that gives the claim's period for that value too decides nothing."""
    if not passages or _VALUE_HINT.search(claim) is None or _PERIOD.search(claim) is None:
        return ()
    said = _rates(claim, facts_of)
    out: list[FactConflict] = []
    for fact, period, end in said:
        for index, text in enumerate(passages):
            theirs = [
                (f, p, e)
                for f, p, e in _rates(text, facts_of)
                if (f.kind, f.value) == (fact.kind, fact.value)
            ]
            if not theirs or any(p == period for _, p, _ in theirs):
                continue
            other, other_period, other_end = theirs[0]
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
