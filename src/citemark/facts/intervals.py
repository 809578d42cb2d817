"""Bounds and roundings: every value a text states, read as the interval it allows.

A claim often states a figure as a bound or a rounding of the evidence's: "reviewed by
less than 77 people" of "based on 76 reviews", "released before October 2014" of
"released on September 26, 2014", "over 128,000" of "128,500". Read as bare figures,
each is a number the evidence lacks, or another value. Here a value is read once, in
the numeric scan, with the words that bound it (:func:`read_bounds`: "at least", "under",
"about", "before", "45 or more", "between 5 and 10"), and two values are compared as
intervals by one function (:func:`relation`) that the missing-fact test
(``analysis.present`` and :func:`backed`), the value rule (``conflicts``) and the limit
rule (``direction``) all read:

- ``INSIDE``: the claim's interval holds the evidence's point or interval: support.
- ``APART``: the two are disjoint: a conflict ("less than 77" / "80").
- ``OTHER_LIMIT``: two limits of one side with different ends ("at least 30 days'
  notice" / "at least 60 days' notice"): two different terms, a conflict.
- ``OPPOSED``: one value as a minimum and as a maximum ("at least forty-five (45) days'
  notice" / "no longer than 45 days"): a conflict.
- ``OVERLAP``: the evidence settles the claim's bound only in part ("at least 30" /
  "up to 60"): neither; the claim's value stays missing.

A year or a month alone is the interval of its days ("in 2014" holds September 26,
2014). Where a bound's end is a coarse date, what counts as apart reads the end as any
day of it ("after 1990" may be said of a day in 1990), while support holds to the
strict reading ("before October 2014" is backed by September 26, 2014, not by October
15): both lean towards reporting nothing when unsure, as the fact check does.
"""

from __future__ import annotations

import calendar
import math
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import DESIGNATORS, SCALES, TIME_SYSTEM, TIMED_ORDINALS
from ..lexicon.bounds import (
    DATE_BOUNDS,
    DATE_LIMITS,
    ESTIMATE_LIMITS,
    LEAD_BOUNDS,
    LIMIT_PHRASES,
    TAIL_BOUNDS,
)
from .model import YEAR_READINGS, Bound, DateKeys, Fact, Payload, Quantity
from .roles import role_of
from .text import content_stems, phrase_alternation

INSIDE = "inside"
APART = "apart"
OTHER_LIMIT = "other limit"
OPPOSED = "opposed"
OVERLAP = "overlap"

# How far "about 500" reaches: the rounding its last significant digit allows ("about
# 128,000" is 127,500 to 128,500, "about 500" 450 to 550), never more than a tenth of the
# figure ("about 1,000" is 900 to 1,100, not 500 to 1,500), the slack the value rule
# allows a rounded figure (``conflicts.ROUNDING_SLACK``). A contrastive edit moves a
# figure by a little ("128,000" to "131,000"): a wider reach would back it.
ABOUT_SLACK = 0.1
# A month is 28 to 31 days: a period in months is that many days, give or take, when
# set against one in days or weeks ("30 days" is inside "one month"); what counts as
# apart allows the slack of a rounded figure beyond that.
_MONTH_DAYS = (28.0, 31.0)
_DAY = 86400.0


# A clock time between a deadline's word and its date: "by 5:00 p.m. on June 30, 2025".
_CLOCK = r"(?:[0-9]{1,2}(?::[0-9]{2})?\s*(?:[ap]\.?m\.?)?\s*(?:\([A-Za-z ]+\)\s*)?(?:on\s+)?)?"
# The words right before a value, up to it ("at least ", "under ", "~"); not inside a
# longer word or an abbreviation ("U.S.C. 1983" holds no "c.").
_LEAD = lazy_pattern(
    rf"(?i:(?<![\w.\-])(?P<w>{phrase_alternation(LEAD_BOUNDS)})\s+(?:U\.?S\.?\s*)?|(?P<tilde>[~≈])\s*)$"
)
# A value a cited abbreviation follows is a title's or a volume's number: "under 42
# U.S.C. § 1983", "over 500 F.3d", "over 300 F. Supp."; a capitalised word that ends a
# sentence is none ("more than 5 DVDs. The").
_CITED = lazy_pattern(r"\s+[A-Z][A-Za-z]{0,4}\.(?:\S|\s+(?:[§\d]|[A-Z][a-z]{0,4}\.))")
# "before the end of 2014"; "after the 6th of June 1967" and "before the 19th century"
# read through their article.
_DATE_LEAD = lazy_pattern(
    rf"(?i:(?<![\w.\-])(?P<w>{phrase_alternation(DATE_BOUNDS)})\s+{_CLOCK}"
    r"(?:(?P<end>the\s+(?:end|close)\s+of\s+)|the\s+)?)$"
)
_REACH = 26  # characters before a value the longest lead phrase may take
# A period counted from the value: "five (5) days before the first of the month" sets the
# day by the value, and bounds nothing about it.
_OFFSET = lazy_pattern(rf"(?i:\b(?:{phrase_alternation(TIME_SYSTEM)})s?\b['’]?\)?\s+)$")
# "over the 180 day period" of one clause and "under the 1934 Act" name other things than
# a value of another: read as estimates, never apart from anything.
_OVER_THE = lazy_pattern(r"(?i:(?<![\w.\-])(?:over|under)\s+the\s+)$")
# The words right after a value: "45 or more", "three or fewer", "18 and over"; not
# "30 or more than 40" (the next value's bound).
_TAIL = lazy_pattern(
    rf"(?i:,?\s+(?:or|and)\s+(?P<w>{phrase_alternation(TAIL_BOUNDS)})\b(?!\s+than\b))"
)
_BETWEEN = lazy_pattern(r"(?i:(?<![\w.\-])between)\s+$")
_AND = lazy_pattern(r"\s+and\s+")
# A range whose scale is said once, after its second figure: "an estimated 24 to 32
# million", "3-4 billion".
_RANGE = lazy_pattern(r"\s*(?:to|–|—|-)\s*")
_SCALE_WORD = lazy_pattern(r"(?i:\b(?P<scale>hundred|thousand|million|billion|trillion))$")
# Units whose numbers name or count in ways no bound reads: a designated number ("§
# 1983"), a vote's tally.
_NO_SCALE = DESIGNATORS | {"tally"}
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")
_PERIODS = frozenset((*TIME_SYSTEM, "business day"))
_FLOOR = frozenset(("ge", "gt"))
_CAP = frozenset(("le", "lt"))
_HEDGES = frozenset(("about", "below"))


def _ordinal(fact: Fact) -> bool:
    return fact.value[-2:] in _ORDINAL_SUFFIXES and fact.value[:-2].isdigit()


def _boundable(fact: Fact, payload: Payload) -> bool:
    return isinstance(payload, DateKeys) or (
        isinstance(payload, Quantity) and payload.unit not in _NO_SCALE
    )


def read_bounds(text: str, facts: list[tuple[Fact, Payload]]) -> list[tuple[Fact, Payload]]:
    """The numeric facts of ``text`` with the bound its words put on each (a new payload
    where there is one): the words before it ("at least", "under", "before"), else the
    words after it ("or more"), or "between" one value and the next. Read once per text,
    in the numeric scan, so that every comparison reads the same bound."""
    out = facts
    i = 0
    while i < len(out):
        fact, payload = out[i]
        if not _boundable(fact, payload):
            i += 1
            continue
        if i + 1 < len(out) and (
            _BETWEEN.search(text, max(0, fact.start - 9), fact.start)
            or _RANGE.fullmatch(text, fact.end, out[i + 1][0].start)
        ):
            pair = _between(text, out[i], out[i + 1])
            if pair is not None:
                out = out if out is not facts else list(facts)
                out[i], out[i + 1] = pair
                i += 2
                continue
        bound = _lead(text, fact, payload) or _tail(text, fact, payload)
        if bound is not None:
            out = out if out is not facts else list(facts)
            out[i] = (fact, _with(payload, bound))
        i += 1
    return out


def _with(payload: Payload, bound: Bound) -> Payload:
    """The payload of a number or a date with ``bound`` on it."""
    if isinstance(payload, Quantity | DateKeys):
        return replace(payload, bound=bound)
    return payload


def with_bound_at(text: str, start: int, end: int, payload: Quantity) -> Quantity:
    """A value no scan reads as a fact ("one DVD": a bare "one" is no count of the scan)
    with the bound its words put on it ("more than one DVD")."""
    fact = Fact("number", text[start:end], payload.key, start, end)
    bound = _lead(text, fact, payload) or _tail(text, fact, payload)
    return payload if bound is None else replace(payload, bound=bound)


def at_odds(cp: Payload, ep: Payload) -> bool:
    """Whether two values cannot both hold: different, where neither is bounded; where
    either is, intervals apart or two limits of one side (:func:`relation`)."""
    if not bounded(cp) and not bounded(ep):
        return cp != ep
    return relation(cp, ep) in (APART, OTHER_LIMIT)


# The last word of each lead phrase, what the word right before a value must be for the
# phrase patterns to be tried at all (a cheap test that spares nearly every value them).
_LEAD_LAST = frozenset({p.split()[-1] for p in LEAD_BOUNDS} | {"us", "u.s.", "us$", "~", "≈"})
_DATE_LAST = frozenset({p.split()[-1] for p in DATE_BOUNDS} | {"of", "on"})


def _clocked(word: str) -> bool:
    """Whether the word before a date may end a clock time ("5:00 p.m.", "17:00")."""
    return word.endswith(("m.", "m", ")")) or word[-1:].isdigit()


def _word_before(text: str, start: int) -> str:
    """The lower-cased run of non-space characters right before ``start``, spaces
    skipped ("least" in "at least 30", "~" in "~30", "us" in "over US $5")."""
    end = start
    while end > 0 and text[end - 1].isspace():
        end -= 1
    begin = end
    while begin > 0 and not text[begin - 1].isspace() and end - begin < 24:
        begin -= 1
    word = text[begin:end].lower()
    if word[-1:] in ("~", "≈"):
        return word[-1]
    return word


def _lead(text: str, fact: Fact, payload: Payload) -> Bound | None:
    """The bound the words right before a value put on it."""
    start = fact.start
    word = _word_before(text, start)
    # An ordinal ranks a time or a place in a row ("before the 19th century", "after the
    # 57th minute"): it takes the bounds a date takes, before or after it, and no other
    # ("ranks below the 41st" reads either way).
    timed = isinstance(payload, DateKeys) or (_ordinal(fact) and _ranks_time(text, fact))
    if word == "the":
        over = _OVER_THE.search(text, max(0, start - 12), start)
        if over is not None:
            return Bound("about", start=over.start(), end=fact.end)
        if not timed:
            return None
    elif word not in (_DATE_LAST if timed else _LEAD_LAST) and not (timed and _clocked(word)):
        return None  # most values: no bound phrase ends right before them
    if timed:
        found = _DATE_LEAD.search(text, max(0, start - _REACH - 24), start)
        if found is None:
            return None
        if not isinstance(payload, DateKeys) and _OFFSET.search(
            text, max(0, found.start() - 40), found.start()
        ):
            return None  # "5 days before the first of the month": the offset's, not its
        phrase = " ".join(found["w"].lower().split())
        side = DATE_BOUNDS[phrase]
        if found["end"] and side == "lt":
            side = "le"  # "before the end of 2014": within 2014 or earlier
        # a deadline is a limit; which way a date points, the direction rule reads
        return Bound(side, limit=phrase in DATE_LIMITS, start=found.start(), end=fact.end)
    found = _LEAD.search(text, max(0, start - _REACH), start)
    if found is None or _CITED.match(text, fact.end):
        return None
    if found["tilde"]:
        return Bound("about", start=found.start(), end=fact.end)
    phrase = " ".join(found["w"].lower().split())
    side = LEAD_BOUNDS[phrase]
    if phrase == "over" and isinstance(payload, Quantity) and _spans_over(fact, payload):
        side = "about"  # "vest over four years", "averaged over four reviewers"
    if phrase == "within" and isinstance(payload, Quantity) and payload.unit in _PERIODS:
        # "within twenty (20) Business Days" names the window a thing must happen in: its
        # length is the term, and "has 10 business days to object" is another window
        return None
    limit = phrase in LIMIT_PHRASES
    firm = limit and phrase not in ESTIMATE_LIMITS
    return Bound(side, limit=limit, firm=firm, start=found.start(), end=fact.end)


def _ranks_time(text: str, fact: Fact) -> bool:
    """Whether an ordinal ranks a time ("the 19th century", "the 57th minute"), the noun
    after it being one of :data:`TIMED_ORDINALS`."""
    noun = _NOUN_AFTER.match(text, fact.end)
    return noun is not None and noun.group(1).lower() in TIMED_ORDINALS


_NOUN_AFTER = lazy_pattern(r"[\s-]+([A-Za-z]+(?:['’]s)?)")


def _spans_over(fact: Fact, payload: Quantity) -> bool:
    """Whether "over" before a value says what a thing spans rather than more than it: a
    period ("vest over four years"), or a small count spelled out ("averaged over four
    reviewers", "over two seasons"), where "more than" is written with figures ("over
    128,000")."""
    if payload.time is not None:
        return True
    return not fact.text[:1].isdigit() and payload.key.isdigit() and int(payload.key) < 20


def _tail(text: str, fact: Fact, payload: Payload) -> Bound | None:
    """The bound the words right after a value put on it ("45 or more")."""
    found = _TAIL.match(text, fact.end)
    if found is None or _ordinal(fact):
        return None
    word = found["w"].lower()
    if (word in ("later", "earlier")) != isinstance(payload, DateKeys):
        return None  # "2014 or later" of a date, "30 or more" of a number
    return Bound(TAIL_BOUNDS[word], limit=True, start=fact.start, end=found.end())


def _between(
    text: str, low: tuple[Fact, Payload], high: tuple[Fact, Payload]
) -> tuple[tuple[Fact, Payload], tuple[Fact, Payload]] | None:
    """ "between 5 and 10 days", "between 2010 and 2014": both values bounded by the
    range they make, on the scale of the second ("between 5 and 10 days": days)."""
    (fa, pa), (fb, pb) = low, high
    if fa.kind != fb.kind:
        return None
    if _AND.fullmatch(text, fa.end, fb.start) is None:
        # "24 to 32 million": a range only where the second figure alone has the scale
        scale = _SCALE_WORD.search(fb.text)
        if scale is None or _SCALE_WORD.search(fa.text) or not isinstance(pa, Quantity):
            return None
        try:
            value = float(pa.key) * SCALES[scale["scale"].lower()]
        except ValueError:
            return None
        pa = replace(pa, key=f"{value:.12g}")
    if not _boundable(fb, pb) or type(pa) is not type(pb):
        return None
    a, b = _anchor_as(pa, pb), _anchor(pb)
    if a is None or b is None:
        return None
    start = _BETWEEN.search(text, max(0, fa.start - 9), fa.start)
    at = start.start() if start else fa.start
    bound_a = Bound("between", other=b, start=at, end=fb.end)
    bound_b = Bound("between", other=a, start=at, end=fb.end)
    if isinstance(pa, Quantity) and isinstance(pb, Quantity) and pa.unit is None and pb.unit:
        pa = replace(pa, unit=pb.unit, time=_scaled_time(pa, pb))  # "5" of "5 and 10 days"
    return (fa, _with(pa, bound_a)), (fb, _with(pb, bound_b))


def _scaled_time(bare: Quantity, unit_of: Quantity) -> tuple[str, str] | None:
    """The time payload a bare value takes from the period it shares a range with."""
    if unit_of.time is None:
        return None
    try:
        factor = float(unit_of.time[1]) / float(unit_of.key)
        return unit_of.time[0], f"{float(bare.key) * factor:g}"
    except (ValueError, ZeroDivisionError):
        return None


# --- the value on each scale it compares on --------------------------------------------

_Span = tuple[str, float, float]  # a scale, and the first and last value the fact names
# The scale on which a claim's dated day meets an evidence date that names no year.
# Days of a year do not wrap ("after December 20, 2019" / "on 5 January"), so on it
# two dates are never apart: it backs, it does not contradict.
YEAR_LEFT = "my"


def _spans(payload: Payload, claim: bool) -> tuple[_Span, ...]:
    """What a value names, unbounded, on each scale it compares on: a number on its
    unit's ("u:<unit>"), a period in seconds ("s") or months ("m", and in seconds at 28
    to 31 days a month, "s~"), a date as the days it covers ("d", or "md" without its
    year). The evidence gives a dated day its "md" span too, for a claim that names no
    year ("before October 7"). A claim's dated day or month also has a "my" span, its
    days of the year, which meets only the "my" span of an evidence date that names no
    year ("as of 6 March" of "before March 7, 2020"): the year left to the evidence's
    context is no other year (:data:`YEAR_LEFT`)."""
    if isinstance(payload, Quantity):
        return _quantity_spans(payload)
    if isinstance(payload, DateKeys):
        return _date_spans(payload.alts, claim)
    return ()


@lru_cache(maxsize=4096)
def _quantity_spans(q: Quantity) -> tuple[_Span, ...]:
    if q.unit in _NO_SCALE:
        return ()
    try:
        if q.time is not None:
            system, amount = q.time
            v = float(amount)
            if system == "s":
                return (("s", v, v),)
            low, high = _MONTH_DAYS
            return (("m", v, v), ("s~", v * low * _DAY, v * high * _DAY))
        v = float(q.key)
    except ValueError:
        return ()
    return ((f"u:{q.unit or ''}", v, v),)


@lru_cache(maxsize=4096)
def _date_spans(alts: tuple[tuple[int | str, ...], ...], claim: bool) -> tuple[_Span, ...]:
    out: list[_Span] = []
    for alt in alts:
        try:
            got = _alt_days(alt)
        except ValueError:
            continue
        if got is not None and (not claim or not out or out[0][0] == got[0]):
            out.append(got)
        if alt[0] in ("ymd", "ym") and int(alt[2]):
            md = _month_days(int(alt[2]), int(alt[3]) if alt[0] == "ymd" else 0)
            if md is not None:
                out.append((YEAR_LEFT if claim else "md", *md))
        elif not claim and alt[0] == "md" and got is not None:
            out.append((YEAR_LEFT, got[1], got[2]))
    return tuple(out)


def _alt_days(alt: tuple[int | str, ...]) -> _Span | None:
    """The days one reading of a date covers, as ordinals ("d"), or as days of a leap
    year ("md") where it names no year."""
    tag = alt[0]
    vals = [int(v) for v in alt[1:]]
    if tag == "ymd":
        o = date(vals[0], vals[1], vals[2]).toordinal()
        return "d", float(o), float(o)
    if tag == "ym":
        y, m = vals
        if not m:
            return _years(y, y)
        last = calendar.monthrange(y, m)[1]
        return "d", float(date(y, m, 1).toordinal()), float(date(y, m, last).toordinal())
    if tag == "y":
        return _years(vals[0], vals[0])
    if tag == "dec":
        return _years(vals[0], vals[0] + 9)
    if tag == "md":
        md = _month_days(vals[0], vals[1])
        return None if md is None else ("md", *md)
    return None


def _years(first: int, last: int) -> _Span:
    return "d", float(date(first, 1, 1).toordinal()), float(date(last, 12, 31).toordinal())


def _month_days(m: int, d: int) -> tuple[float, float] | None:
    """Days of a leap year (2000) that a month and day, or a month (``d`` 0), cover."""
    if not 1 <= m <= 12:
        return None
    base = date(2000, 1, 1).toordinal()
    if d:
        try:
            o = float(date(2000, m, d).toordinal() - base)
        except ValueError:
            return None
        return o, o
    last = calendar.monthrange(2000, m)[1]
    return float(date(2000, m, 1).toordinal() - base), float(date(2000, m, last).toordinal() - base)


def _anchor(payload: Payload) -> float | None:
    """The value a fact states, on its first scale."""
    spans = _spans(payload, True)
    return spans[0][1] if spans else None


def _anchor_as(payload: Payload, like: Payload) -> float | None:
    """The value of ``payload`` on ``like``'s first scale ("5" of "between 5 and 10
    days" in seconds)."""
    if isinstance(payload, Quantity) and isinstance(like, Quantity) and payload.unit is None:
        time = _scaled_time(payload, like) if like.time else None
        if time is not None:
            payload = replace(payload, unit=like.unit, time=time)
        elif like.unit is not None:
            payload = replace(payload, unit=like.unit)
    return _anchor(payload)


# --- intervals -------------------------------------------------------------------------

_Interval = tuple[float, float, bool, bool]  # low, high, low open, high open
_INF = math.inf


def _tolerance(payload: Payload, first: float) -> float:
    """How far "about" reaches from ``first``: the rounding of the stated figure's last
    significant digit, at most :data:`ABOUT_SLACK` of it (see there)."""
    if not isinstance(payload, Quantity) or first == 0:
        return 0.0
    try:
        stated = float(payload.key)
    except ValueError:
        return 0.0
    written = f"{abs(stated):.12g}"
    if "e" in written:
        unit = abs(stated)
    elif "." in written:
        unit = 10.0 ** -len(written.split(".")[1])
    else:
        unit = 10.0 ** (len(written) - len(written.rstrip("0")))
    factor = abs(first / stated) if stated else 1.0
    return min(unit / 2, ABOUT_SLACK * abs(stated)) * factor


def _interval(payload: Payload, span: _Span, loose: bool) -> _Interval:
    """The interval a value and its bound allow on one scale. ``loose``: a coarse end read
    as any day of it (what counts as apart), and a month's days with a rounding's slack."""
    scale, first, last = span
    if loose and scale == "s~":
        first, last = first * (1 - ABOUT_SLACK), last * (1 + ABOUT_SLACK)
    bound = payload.bound if isinstance(payload, Quantity | DateKeys) else None
    if bound is None:
        return first, last, False, False
    side = bound.side
    if side == "ge":
        return first, _INF, False, False
    if side == "gt":
        if loose and first < last:
            return first, _INF, False, False
        return last, _INF, True, False
    if side == "le":
        return -_INF, last, False, False
    if side == "lt":
        if loose and first < last:
            return -_INF, last, False, False
        return -_INF, first, False, True
    if side == "about":
        tol = _tolerance(payload, first)
        return first - tol, last + tol, False, False
    if side == "below":  # "nearly 45%": close to it, and short of it
        return first - _tolerance(payload, first), last, False, True
    if side == "between" and bound.other is not None and scale == _spans(payload, True)[0][0]:
        return min(first, bound.other), max(last, bound.other), False, False
    return first, last, False, False


def _contains(outer: _Interval, inner: _Interval) -> bool:
    lo_ok = outer[0] < inner[0] or (outer[0] == inner[0] and (not outer[2] or inner[2]))
    hi_ok = outer[1] > inner[1] or (outer[1] == inner[1] and (not outer[3] or inner[3]))
    return lo_ok and hi_ok


def _disjoint(a: _Interval, b: _Interval) -> bool:
    def before(x: _Interval, y: _Interval) -> bool:
        return x[1] < y[0] or (x[1] == y[0] and (x[3] or y[2]))

    return before(a, b) or before(b, a)


def _pairs(cp: Payload, ep: Payload) -> list[tuple[Payload, _Span, _Span]]:
    """The claim's and the evidence's spans on each scale both have ("u:" of a bare
    number meets any unit's, as a bare "30" backs "30 days"; a period in days meets one
    in months at a day or more)."""
    out: list[tuple[Payload, _Span, _Span]] = []
    theirs = _spans(ep, False)
    for mine in _spans(cp, True):
        for other in theirs:
            if _same_scale(mine, other):
                out.append((cp, mine, other))
    return out


def _same_scale(a: _Span, b: _Span) -> bool:
    sa, sb = a[0], b[0]
    if sa == sb:
        return sa != "s~"  # two periods in months meet on "m"
    if sa.startswith("u:") and sb.startswith("u:"):
        return sa == "u:" or sb == "u:"
    if {sa, sb} == {"s", "s~"}:
        days = a[1] if sa == "s" else b[1]
        return days >= _DAY  # hours are no part of a month
    return False


def bounded(payload: Payload) -> bool:
    """Whether a value is stated with a bound or a rounding."""
    return isinstance(payload, Quantity | DateKeys) and payload.bound is not None


def relation(cp: Payload, ep: Payload) -> str | None:
    """How the claim's value ``cp`` stands to the evidence's ``ep`` as intervals (see the
    module's list), or ``None`` where they share no scale.

    An estimate's reach ("about 60") is this module's choice, not the text's, so an
    estimate is never apart from anything; it backs a comparison ("about 3.0% of
    families" backs "more than 2%") but not a limit a rule sets ("at least 30 days'
    notice" is a term that "about 60 days' notice" does not state)."""
    if type(cp) is not type(ep):
        return None
    pairs = _pairs(cp, ep)
    if not pairs:
        return None
    cb = cp.bound if isinstance(cp, Quantity | DateKeys) else None
    eb = ep.bound if isinstance(ep, Quantity | DateKeys) else None
    if all(a[0] == YEAR_LEFT for _, a, _ in pairs):
        # a day of the year against one that names no year: inside or unsettled
        return INSIDE if _holds(cp, ep, pairs) else OVERLAP
    if cb is not None and eb is not None and cb.limit and eb.limit:
        mine, theirs = side_group(cb.side), side_group(eb.side)
        if mine and theirs:
            same_end = any(_meet(a, b) for _, a, b in pairs)
            if mine == theirs:
                return INSIDE if same_end else OTHER_LIMIT
            if same_end and cb.firm and eb.firm:
                return OPPOSED
    hedged_claim = cb is not None and cb.side in _HEDGES
    hedged_evidence = eb is not None and eb.side in _HEDGES
    if (not hedged_evidence or not (cb is not None and cb.limit)) and _holds(cp, ep, pairs):
        return INSIDE
    if hedged_claim or hedged_evidence:
        return OVERLAP
    if cb is None and eb is not None and not eb.limit:
        # a comparison in the evidence often names a class of things ("no claim may be
        # made for any Loss of less than $25,000", "employers with more than 500
        # employees"), not the value the claim states: only a limit it sets is apart
        return OVERLAP
    if all(_disjoint(_interval(cp, a, True), _interval(ep, b, True)) for _, a, b in pairs):
        return APART
    return OVERLAP


def _holds(cp: Payload, ep: Payload, pairs: list[tuple[Payload, _Span, _Span]]) -> bool:
    """Whether the claim's interval holds the evidence's on some scale both have."""
    return any(_contains(_interval(cp, a, False), _interval(ep, b, False)) for _, a, b in pairs)


def side_group(side: str) -> str:
    """ "floor" for a side that sets a minimum, "cap" for one that sets a maximum."""
    return "floor" if side in _FLOOR else "cap" if side in _CAP else ""


def _meet(a: _Span, b: _Span) -> bool:
    """Whether two values, unbounded, name a common value ("30 days" and "one month")."""
    return not (a[2] < b[1] or b[2] < a[1])


# --- backing by a value inside the claim's bound -----------------------------------------


def _as_stated(kind: str, cp: Payload, ev: Fact, ep: Payload) -> Payload | None:
    """The evidence's value where it is the claim's figure, in the claim's unit where the
    evidence gives it bare (a bare "30" backs "30 days", as the exact test has it)."""
    if isinstance(cp, Quantity) and isinstance(ep, Quantity) and cp.key == ep.key:
        if ep.unit is None and ev.kind in (kind, "number"):
            return replace(ep, unit=cp.unit, time=cp.time)
        if cp.unit is None and kind == "number":
            return replace(ep, unit=None, time=None)  # "over 40" of "longer than forty hours"
        if ev.kind == kind and (cp.unit == ep.unit or cp.time == ep.time):
            return ep
        return None
    if isinstance(cp, DateKeys) and isinstance(ep, DateKeys) and ev.kind == kind:
        return ep if not set(cp.alts).isdisjoint(ep.alts) else None
    return None


def stated_inside(
    kind: str, payload: Payload, facts: Sequence[Fact], payloads: Sequence[Payload]
) -> bool:
    """Whether a text states the claim's bounded value itself, inside the claim's bound
    ("at least 30" by "30" or "not less than thirty (30)"): where the figure is the
    claim's own, its role needs no test, as an exact figure's does not."""
    for f, p in zip(facts, payloads, strict=True):
        same = _as_stated(kind, payload, f, p)
        if same is not None and relation(payload, same) == INSIDE:
            return True
    return False


# How many words the sentences around two values must share to tie them where their
# roles share none ("Before 2015, Credit Suisse had ..." / "In 2014, Credit Suisse had
# ...": an opening phrase set off by a comma holds the date alone; "less than 1,000
# deaths" / "965 people have died").
SENTENCE_TIE = 2


def backed(
    claim: str,
    fact: Fact,
    payload: Payload,
    text: str,
    facts: Sequence[Fact],
    payloads: Sequence[Payload],
) -> bool:
    """Whether ``text`` states a value inside the claim's bounded ``fact``, in its role:
    "reviewed by less than 77 people" is backed by "based on 76 reviews" (the value
    :func:`counterpart` reads against it lies inside it)."""
    found = counterpart(claim, fact, payload, text, facts, payloads)
    return found is not None and found[1] == INSIDE


@lru_cache(maxsize=4096)
def _read(claim: str, start: int, end: int, payload: Payload, text: str) -> list[object]:
    """The slot that holds what :func:`counterpart` found for a claim value in a text, once
    found: the missing-fact test and the value rule both ask, and a source is asked about
    for every sentence. (A slot, since the text's facts, which the answer is worked out
    from, are no part of the key; an ``lru_cache``, so that ``clear_caches`` empties it.)"""
    return []


def counterpart(
    claim: str,
    fact: Fact,
    payload: Payload,
    text: str,
    facts: Sequence[Fact],
    payloads: Sequence[Payload],
) -> tuple[Fact, str] | None:
    """The evidence value a claim's bounded value is read against, and how the two stand
    (:func:`relation`); ``None`` where ``text`` has none. ``facts`` and ``payloads`` are
    ``text``'s numeric facts (or all its facts), which the result depends on alone.

    A wide bound holds many figures ("under 400" holds the 70 and the 21 of "396 in
    Honolulu, 115 in Maui County, 70 in Hawaii County, and 21 in Kauai County"), so the
    value read is the nearest to the claim's figure (a bound is said of the figure it
    rounds) among those tied to it: whose role shares a word with the claim value's (the
    clause around each, and the noun a count counts), or whose sentence shares
    :data:`SENTENCE_TIE` words with the claim's. Ranking by the role's words first read
    "earned more than $60 million outside North America" against the "$52.2 million in
    North America" rather than the "$60.6 million in other territories", and "grossed
    more than $276.3 million globally" against the "$148.9 million" that "grossed" leads
    rather than the "$276.4 million" worldwide total (on a fifth of VitaminC, 1.6 points
    more of the bound-phrased SUPPORTS claims flagged, and 0.3 fewer REFUTES). Support
    and conflict both read this one value, so a figure of another role beside it ("144
    crores worldwide" beside "approximately 75 crores in India") neither backs nor
    contradicts the claim."""
    if not bounded(payload):
        return None
    slot = _read(claim, fact.start, fact.end, payload, text)
    if not slot:
        slot.append(_read_against(claim, fact, payload, text, facts, payloads))
    found: tuple[Fact, str] | None = slot[0]  # type: ignore[assignment]
    return found


def _read_against(
    claim: str,
    fact: Fact,
    payload: Payload,
    text: str,
    facts: Sequence[Fact],
    payloads: Sequence[Payload],
) -> tuple[Fact, str] | None:
    anchor = _anchor(payload)
    near: list[tuple[float, int, Fact, Payload, str]] = []
    for at, (ev, ep) in enumerate(zip(facts, payloads, strict=True)):
        if (ev.kind != fact.kind and not _bare_sum(fact, ev, ep)) or _ordinal(ev) != _ordinal(fact):
            continue
        rel = relation(payload, ep)
        if rel is None:
            continue
        near.append((_distance(payload, anchor, ep), at, ev, ep, rel))
    near.sort(key=lambda n: (n[0], n[1]))
    # the nearest tied one: the roles of nearer values are read first, and only until one
    # is tied
    for _, _, ev, ep, rel in near:
        if _tied(claim, fact, text, ev):
            if rel == INSIDE and _another_term(payload, ep, text, ev):
                rel = OVERLAP
            return ev, rel
    return None


def _distance(cp: Payload, anchor: float | None, ep: Payload) -> float:
    """How far the evidence's value is from the claim's (``anchor``, its first scale's),
    relative to it; an evidence date that names no year is on another scale than the
    claim's dated day, and is read on the days of a year both have."""
    if isinstance(ep, DateKeys) and not any(a[0] in YEAR_READINGS for a in ep.alts):
        near = [abs(b[1] - a[1]) for _, a, b in _pairs(cp, ep)]
        return min(near) / 366 if near else _INF
    theirs = _anchor(ep)
    if theirs is None or anchor is None:
        return _INF
    return abs(theirs - anchor) / max(abs(anchor), 1e-9)


def _bare_sum(fact: Fact, ev: Fact, ep: Payload) -> bool:
    """Whether the evidence's figure is a sum left without its currency ("worldwide sales
    of 16.42 million" of "more than $16.4 million"), as a bare figure backs an exact sum
    (``analysis._quantity_present``)."""
    return (
        fact.kind == "amount"
        and ev.kind == "number"
        and isinstance(ep, Quantity)
        and ep.unit is None
        and ep.time is None
    )


# A word that makes a clause a rule rather than a report: "Tenant shall give sixty (60)
# days' notice" sets a term.
_RULE = lazy_pattern(r"(?i:\b(?:shall|must|may|will|can|cannot|should|would|is\s+to|are\s+to)\b)")


def _another_term(cp: Payload, ep: Payload, text: str, ev: Fact) -> bool:
    """Whether the claim's limit ("capped at $500,000", "at least 30 days' notice") meets,
    inside it, another figure that a rule of the evidence sets ("shall not exceed, ...,
    $300,000", "shall give sixty (60) days' notice"): a limit a claim states is a term,
    and the evidence sets another one; the figure backs a comparison ("more than 10
    days' notice"), not the term."""
    bound = cp.bound if isinstance(cp, Quantity | DateKeys) else None
    if bound is None or not bound.limit or _same_figure(cp, ep):
        return False
    begin, _ = _sentence(text, ev.start, ev.end)
    return _RULE.search(text, begin, ev.start) is not None


def _same_figure(cp: Payload, ep: Payload) -> bool:
    pairs = _pairs(cp, ep)
    return any(_meet(a, b) for _, a, b in pairs)


def _tied(claim: str, fact: Fact, text: str, ev: Fact) -> bool:
    """Whether the roles of two values share a word, or their sentences
    :data:`SENTENCE_TIE` words."""
    mine, my_sentence = _words(claim, fact.start, fact.end)
    theirs, their_sentence = _words(text, ev.start, ev.end)
    return not mine.isdisjoint(theirs) or len(my_sentence & their_sentence) >= SENTENCE_TIE


@lru_cache(maxsize=16384)
def _words(text: str, start: int, end: int) -> tuple[frozenset[str], frozenset[str]]:
    """The words of a value's role and of its sentence, as stems."""
    role = role_of(text, start, end, ())
    begin, stop = _sentence(text, start, end)
    return role.context | role.head, content_stems(text[begin:stop])


# Where a sentence ends, for the words around a value: a stop, "!" or "?" before a space
# and what opens a sentence, a semicolon or a new line. A stop inside an abbreviation
# ("Babylon A.D. (2008)", "U.S. Billboard") ends none.
_SENTENCE_END = lazy_pattern(r"[.!?](?=\s+[A-Z0-9\"“'‘]|$)|[;\n]")
_SENTENCE_REACH = 400


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    begin = max(0, start - _SENTENCE_REACH)
    for found in _SENTENCE_END.finditer(text, begin, start):
        begin = found.end()
    stop = _SENTENCE_END.search(text, end, end + _SENTENCE_REACH)
    return begin, stop.start() if stop else min(len(text), end + _SENTENCE_REACH)
