"""Conflicts: a key fact of the claim that a cited passage states with another value.

A missing fact only says the evidence is silent; a conflict says it disagrees,
which is why it costs the sentence its support outright. So a rival value counts
only when it is the same kind of thing in the same role:

- a duration of another length ("two years" against "one (1) year"; across days
  and months only when no month's length reconciles them: "90 days" against
  "one (1) year", not "30 days" against "one month"), a measure in the same unit,
  an amount in the same currency, a percent, a date that differs at a precision
  both sides give;
- a bare count only against a count of the same noun ("two films", "three films");
- and the clause around both must share a content word ("tenant ... two years to
  sue" against "tenant must bring an action within one year").

It stays silent when either side hedges ("about 500"), when the claim's value is
the evidence's rounded and close to it ("4.9 million" for "4,872,000", but not "2%"
for "1.5%"), and when the claim's value lies between two rivals (a range: "from
2015 to 2020" for "in 2017").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz import fuzz

from ..lazy import lazy_pattern
from ..lexicon import (
    CURRENCIES,
    DESIGNATORS,
    GENERIC_HEADS,
    JURISDICTIONS,
    PARTS_OF,
    ROLES,
)
from .intervals import APART, OTHER_LIMIT, bounded, counterpart, relation
from .model import DateKeys, Fact, NameKey, Payload, Quantity
from .names import front_words, fronts_differ, other_quarter, telling_words
from .opposites import PARTY_STEMS
from .roles import Role, role_of, slot_of
from .text import bare_word, sentence_around, stem

_WORD = lazy_pattern(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")

_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")


def _is_ordinal(fact: Fact) -> bool:
    return fact.value[-2:] in _ORDINAL_SUFFIXES and fact.value[:-2].isdigit()


# What a vote is said in, as role words (stems): "decision", "vote", "majority", ...
VOTE_WORDS = frozenset(
    stem(w)
    for w in """decision decided vote votes voted majority ruling ruled verdict ballot margin
    jury justices judges dissent dissented split panel court senate congress parliament
    legislature""".split()
)


def _number(key: str) -> float | None:
    try:
        return float(key)
    except ValueError:
        return None


# How far a rounded value may lie from the exact one: rounding "4,872,000" to "4.9
# million" (0.6% off) or "5 million" (3%) is how figures are reported; "2%" for a
# rate of "1.5%" (a third off), or "20 employees" for "15", rounds to one digit too,
# but states another value, and a contract reader must be told.
ROUNDING_SLACK = 0.1


def _rounds_to(claim: float, evidence: float) -> bool:
    """Whether the claim's value is the evidence's rounded to the claim's precision."""
    if claim == evidence:
        return True
    if claim == 0 or evidence == 0:
        return False
    if abs(claim - evidence) > ROUNDING_SLACK * abs(evidence):
        return False
    text = f"{abs(claim):.10g}".replace(".", "").lstrip("0").rstrip("0")
    digits = max(1, len(text))
    scale = digits - 1 - math.floor(math.log10(abs(evidence)))
    return round(evidence, scale) == claim


def _date_fields(alt: tuple[int | str, ...]) -> dict[str, int]:
    tag = alt[0]
    vals = [int(v) for v in alt[1:]]
    if tag == "ymd":
        y, m, d = vals
        return {"y": y, "m": m, "d": d, "dec": y - y % 10}
    if tag == "ym":
        y, m = vals
        return {"y": y, "m": m, "dec": y - y % 10} if m else {"y": y, "dec": y - y % 10}
    if tag == "y":
        return {"y": vals[0], "dec": vals[0] - vals[0] % 10}
    if tag == "md":
        m, d = vals
        return {"m": m, "d": d} if m else {"d": d}
    return {"dec": vals[0]}


def dates_differ(a: DateKeys, b: DateKeys) -> bool:
    """True when every reading of the claim's date ``a`` differs from every reading of
    ``b``, and ``b`` is at least as precise: "July 2019" against "July 11, 2019" does not
    differ, and a bare "1990" is no rival to "November 25, 2016" (another event, most
    likely, not another date for this one)."""
    for x in a.alts:
        fx = _date_fields(x)
        for y in b.alts:
            fy = _date_fields(y)
            if not fx.keys() <= fy.keys() or all(fx[k] == fy[k] for k in fx):
                return False
    return True


def _date_order(d: DateKeys) -> float | None:
    """A sortable value for a date with a year (for the range test)."""
    f = _date_fields(d.alts[0])
    if "y" in f:
        return f["y"] * 10000 + f.get("m", 0) * 100 + f.get("d", 0)
    return float(f["dec"] * 10000) if "dec" in f and "m" not in f else None


# The parts of a document a name may refer to ("Exhibit A", "Schedule 2", "Appendix F"):
# a contract cites many in one phrasing ("the services indicated in Exhibit A" / "the fee
# set forth in Exhibit B"), so another in the passage is no contradiction, and a
# designated name is only ever missing, as a designated number is.
DOCUMENT_PARTS = frozenset(
    """exhibit exhibits schedule schedules annex annexes appendix appendices attachment
    attachments article articles section sections paragraph paragraphs clause clauses
    rider riders addendum addenda""".split()
)


def _rival_names(
    claim_words: frozenset[str],
    claim_slot: tuple[str, ...],
    cp: NameKey,
    text: str,
    ev: Fact,
    ep: NameKey,
) -> bool:
    """Another name where the claim has its own: the same kind of organisation or place
    ("Acme Corp" / "Beta Corp"), or right after the same words ("signed by Acme" /
    "signed by Beta").

    ``claim_words`` are :func:`folded_words` of the claim and ``claim_slot`` is
    ``slot_of`` its name: worked out once, since one claim name is tested against
    every name of every passage."""
    if _spelled_alike(cp.words, ep.words):
        return False  # "Muqtada al Sadr" / "Moqtada al-Sadr": one name, spelled two ways
    if cp.words[0] in DOCUMENT_PARTS or ep.words[0] in DOCUMENT_PARTS:
        return False  # "Exhibit A" / "Exhibit B": references, as section numbers are
    distinctive = _distinctive(ep.words)
    if not distinctive.isdisjoint(cp.words):
        # a shared distinctive word is the same name written differently, unless it is
        # only the last word and each name has its own in front ("Jane Smith" /
        # "John Smith", "Asian Americans" / "African Americans")
        return (
            _same_last_other_front(cp.words, ep.words)
            or _same_front_other_last(cp.words, ep.words)
            or _same_office_other_holder(cp.words, ep.words)
            or other_quarter(cp.words, ep.words)
        )
    if _written_inside(cp.words, ep.words):
        return False  # "Tupac" and "2Pac" (read as "Pac"): one name, spelled two ways
    if distinctive <= claim_words:
        return False  # the claim names it too ("Canadian singer Kai")
    head = cp.words[-1]
    if head in GENERIC_HEADS and len(cp.words) > 1 and len(ep.words) > 1:
        return ep.words[-1] == head
    a, b = _jurisdiction(cp.words), _jurisdiction(ep.words)
    if a and b:
        # two places whose law or courts a clause names (the clause must agree), unless
        # one holds the other ("the United States" / "Washington state")
        return b not in PARTS_OF.get(a, ()) and a not in PARTS_OF.get(b, ())
    return bool(claim_slot) and claim_slot == slot_of(text, ev.start)


@lru_cache(maxsize=16384)
def _jurisdiction(name: tuple[str, ...]) -> str | None:
    """The place a name is ("delaware" for "State of Delaware"), if it is one."""
    for form in (" ".join(telling_words(name)), " ".join(name)):
        if form in JURISDICTIONS:
            return form
    return None


# How alike two spellings of one word must be (rapidfuzz ``ratio``, 0-100): a vowel or
# a letter apart in a name of five letters or more ("Richie" / "Ritchie", "Mursi" /
# "Morsi", "Rowhani" / "Rohani").
SPELLING_SIMILARITY = 80
_SPELLING_MIN = 5


@lru_cache(maxsize=16384)
def _spelled_alike(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two names are one written with other letters: word for word alike, each
    differing word long, starting with the same letter and close in spelling. Such a
    pair is no conflict; the claim's name is still missing, since it may be another
    person ("Jon Smith" is not backed by "Joan Smith" either)."""
    a, b = telling_words(a), telling_words(b)
    if not a or len(a) != len(b) or a == b:
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        if min(len(x), len(y)) < _SPELLING_MIN or x[0] != y[0]:
            return False
        if fuzz.ratio(x, y) < SPELLING_SIMILARITY:
            return False
    return True


def _same_last_other_front(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two names that end with one word and share nothing else: two people of one
    family or two groups of one kind. A role or title in front ("Justice Smith") is
    not a name of its own, so it makes no second person."""
    if len(a) < 2 or len(b) < 2 or a[-1] != b[-1] or a[-1] in GENERIC_HEADS:
        return False
    front_a, front_b = front_words(a), front_words(b)
    return bool(front_a) and bool(front_b) and fronts_differ(front_a, front_b)


def _same_front_other_last(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two names that begin alike and end each with words of its own: "New Jersey" /
    "New York", "John Smith" / "John Doe", "North Carolina" / "North Dakota".
    One that only adds to the other ("New York City", "Donald Trump Jr.", "Apple Inc" /
    "Apple Computer Corp" once generic words are set aside) is the same name written
    out further."""
    a, b = telling_words(a), telling_words(b)
    shared = 0
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    if not shared or shared == len(a) or shared == len(b):
        return False
    return set(a[shared:]).isdisjoint(b) and set(b[shared:]).isdisjoint(a)


def _same_office_other_holder(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two holders of one office: "Chief Justice Burger" / "Chief Justice Warren",
    "President Obama" / "President Trump" (the same titles, and nothing else shared)."""
    office_a = tuple(w for w in a if w in ROLES)
    if not office_a or office_a != tuple(w for w in b if w in ROLES):
        return False
    who_a, who_b = telling_words(a), telling_words(b)
    return bool(who_a) and bool(who_b) and fronts_differ(frozenset(who_a), frozenset(who_b))


@lru_cache(maxsize=16384)
def _written_inside(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether one name, its words run together, is part of the other's: a conflict
    must be two names, and a name inside another is more likely the same one."""
    joined_a, joined_b = "".join(a), "".join(b)
    shorter, longer = sorted((joined_a, joined_b), key=len)
    return len(shorter) >= 3 and shorter in longer


def one_name(a: str, b: str, sources: Sequence[str]) -> bool:
    """Whether some source writes names ``a`` and ``b`` as one person's: "Daniel LaRusso"
    (a middle name or initial allowed between) or "LaRusso, Daniel", either way round.

    First name against surname is the commonest false rival ("a now-successful
    LaRusso" / "a now-successful Daniel"); only the sources can tell, and this is
    asked only once a name rival has been found, but each time over every source: a
    text is searched only when it holds both names as written (the pattern's only
    literal parts), which skips nearly all of them (a W2 call spent 4 ms here).
    """
    return any(a in text and b in text and _one_name_pattern(a, b).search(text) for text in sources)


@lru_cache(maxsize=1024)
def _one_name_pattern(a: str, b: str) -> re.Pattern[str]:
    x, y = re.escape(a), re.escape(b)
    middle = r"\s+(?:[A-Z][\w'’.-]*\s+)?"
    forms = (f"{x}{middle}{y}", f"{y}{middle}{x}", rf"{x},\s+{y}", rf"{y},\s+{x}")
    return re.compile(r"(?<!\w)(?:" + "|".join(forms) + r")(?!\w)")


@lru_cache(maxsize=8192)
def _distinctive(words: tuple[str, ...]) -> frozenset[str]:
    """A name's words that are not generic heads ("Corp", "river") nor linkers ("of":
    "State of California" and "State of Delaware" share no telling word): an evidence
    name is tested against every missing claim name, so its set is made once."""
    return frozenset(words) - GENERIC_HEADS - _PLAIN_LINKERS


# Linkers no name is told by ("al", "bin", "van" are parts of a name: "Al Qaeda").
_PLAIN_LINKERS = frozenset(("of", "the", "and"))


def folded_words(text: str) -> frozenset[str]:
    """The folded words of ``text``, what a name's words are looked up in."""
    return frozenset(map(bare_word, _WORD.findall(text)))


def _same_slot(claim: Fact, cp: Payload, ev: Fact, ep: Payload) -> bool:
    """Same kind of value in the same unit, time system or currency, and a different value;
    where either side bounds its value ("less than 77", "at least 30 days"), intervals
    that cannot both hold (``intervals.relation``: apart, or two limits of one side)."""
    if claim.kind != ev.kind or isinstance(cp, NameKey):
        return False
    if bounded(cp) or bounded(ep):
        if claim.kind == "percent" and _points(claim) != _points(ev):
            return False
        if isinstance(cp, DateKeys) and isinstance(ep, DateKeys) and not dates_differ(cp, ep):
            return False  # one date pointed two ways: the direction rule reads it
        if _other_days(claim, cp, ev, ep):
            return True  # "30 business days" / "thirty (30) calendar days": two periods
        return relation(cp, ep) in (APART, OTHER_LIMIT)
    if isinstance(cp, DateKeys) and isinstance(ep, DateKeys):
        return dates_differ(cp, ep)
    if not isinstance(cp, Quantity) or not isinstance(ep, Quantity):
        return False
    if _business_against_calendar(claim, cp, ev, ep):
        return True  # "30 business days" / "thirty (30) calendar days": other periods
    if cp.key == ep.key:
        if cp.time is not None and ep.time is not None:
            # "two weeks" / "two years": the same figure counting another period
            return _periods_differ(cp, ep)
        # "$5,000" / "€5,000": the same figure in another currency
        return claim.kind == "amount" and _currencies_differ(cp, ep)
    if cp.unit in DESIGNATORS:
        # A contract cites many sections in one phrasing ("has the meaning set forth in
        # Section 2.2" / "... in Section 6.1"): another section number in the passage is
        # no contradiction, so a designated number is only ever missing.
        return False
    if claim.kind == "percent" and _points(claim) != _points(ev):
        return False  # "1.4 percentage points" is a change, "52.9 percent" a level
    if claim.kind in ("amount", "percent"):
        return cp.unit == ep.unit
    if cp.time is not None:
        return ep.time is not None and _periods_differ(cp, ep)
    if cp.unit is not None:
        return cp.unit == ep.unit
    return ep.unit is None and _is_ordinal(claim) == _is_ordinal(ev)


# "$" is read as U.S. dollars, but a Canadian or Australian text writes its own dollars
# so: a figure in one dollar against the same in another is only missing.
_DOLLARS = frozenset(("usd", "cad", "aud"))


def _currencies_differ(cp: Quantity, ep: Quantity) -> bool:
    """Two currencies, a figure in each of which is another sum ("$5,000" / "€5,000")."""
    if cp.unit not in CURRENCIES or ep.unit not in CURRENCIES or cp.unit == ep.unit:
        return False
    return not (cp.unit in _DOLLARS and ep.unit in _DOLLARS)


def _other_days(claim: Fact, cp: Payload, ev: Fact, ep: Payload) -> bool:
    return (
        isinstance(cp, Quantity)
        and isinstance(ep, Quantity)
        and _business_against_calendar(claim, cp, ev, ep)
    )


def _business_against_calendar(claim: Fact, cp: Quantity, ev: Fact, ep: Quantity) -> bool:
    """Business days against days the other side calls calendar days, whatever the
    count ("30 business days" is some six weeks, "30 calendar days" four). Plain "days"
    may mean either, so against them a business-day count is only missing."""
    units = {cp.unit, ep.unit}
    if units != {"business day", "day"}:
        return False
    days = claim if cp.unit == "day" else ev
    return "calendar" in days.text.lower()


# A month is 28 to 31 days, a year 365 or 366: a count of days (or weeks) and one of
# months (or years) are one period when any such length reconciles them, within the
# rounding slack ("30 days" / "one month", "52 weeks" / "one year", "180 days" / "six
# months"), and two periods when none does ("90 days" / "one (1) year").
_MONTH_DAYS = (28.0, 31.0)
_MEAN_MONTH_DAYS = 365.25 / 12


def _days(time: tuple[str, str], month_days: float) -> float:
    """A period in days, a month taken as ``month_days`` long."""
    system, amount = time
    return float(amount) / 86400 if system == "s" else float(amount) * month_days


def _day_range(time: tuple[str, str]) -> tuple[float, float]:
    return _days(time, _MONTH_DAYS[0]), _days(time, _MONTH_DAYS[1])


def _periods_differ(cp: Quantity, ep: Quantity) -> bool:
    """Whether two periods cannot be one length: another count of the same unit, or of
    days against months that no rounding makes equal."""
    assert cp.time is not None and ep.time is not None
    if ep.time[0] != cp.time[0]:
        return _mixed_periods(cp, ep) and _lengths_differ(cp.time, ep.time)
    return ep.time[1] != cp.time[1]


def _lengths_differ(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether a period counted in days and one counted in months cannot be the same."""
    lo_a, hi_a = _day_range(a)
    lo_b, hi_b = _day_range(b)
    return hi_a < lo_b * (1 - ROUNDING_SLACK) or lo_a > hi_b * (1 + ROUNDING_SLACK)


def _points(fact: Fact) -> bool:
    return "point" in fact.text.lower()


def _order(fact: Fact, payload: Payload, days: bool = False) -> float | None:
    """A sortable value; ``days``: a period in days, so that days and months compare."""
    if isinstance(payload, DateKeys):
        return _date_order(payload)
    if isinstance(payload, Quantity):
        if days and payload.time is not None:
            return _days(payload.time, _MEAN_MONTH_DAYS)
        return _number(payload.time[1] if payload.time else payload.key)
    return None


def _mixed_periods(cp: Payload, ep: Payload) -> bool:
    """A period of days or weeks against one of months or years. Hours and minutes
    measure another kind of thing ("after 120 minutes" of a match, "11 years" of a
    career), so they are compared with no month or year."""
    return (
        isinstance(cp, Quantity)
        and isinstance(ep, Quantity)
        and cp.time is not None
        and ep.time is not None
        and cp.time[0] != ep.time[0]
        and _a_day_or_more(cp.time)
        and _a_day_or_more(ep.time)
    )


def _a_day_or_more(time: tuple[str, str]) -> bool:
    return time[0] == "m" or float(time[1]) >= 86400


def _orders(claim: Fact, cp: Payload, ev: Fact, ep: Payload) -> tuple[float | None, float | None]:
    """Both values on one scale: periods in days when one counts days and one months."""
    days = _mixed_periods(cp, ep)
    return _order(claim, cp, days), _order(ev, ep, days)


class _Spans(tuple[tuple[int, int], ...]):
    """The spans of a text's numeric facts, hashed once: they key the role caches, and
    a tuple is hashed afresh on every look-up (a sentence of 3,300 amounts hashed its
    3,300 spans for each of them)."""

    def __hash__(self) -> int:
        found: int | None = self.__dict__.get("hash")
        if found is None:
            found = self.__dict__["hash"] = tuple.__hash__(self)
        return found


# The spans of the facts last asked for, by the facts' identity (each entry holds its
# facts, so that their id is not reused while it stands): a claim's facts are asked for
# once per fact of the claim and per passage, which was quadratic in the facts.
_SPANS: dict[int, tuple[Sequence[Fact], _Spans]] = {}
_SPANS_SIZE = 256


def _spans(facts: Sequence[Fact]) -> tuple[tuple[int, int], ...]:
    found = _SPANS.get(id(facts))
    if found is not None and found[0] is facts:
        return found[1]
    spans = _Spans(
        (f.start, f.end) for f in facts if f.kind in ("number", "date", "amount", "percent")
    )
    if len(_SPANS) >= _SPANS_SIZE:
        _SPANS.clear()
    _SPANS[id(facts)] = (facts, spans)
    return spans


def _agrees(claim: Fact, cp: Payload, crole: Role, ev: Fact, ep: Payload, erole: Role) -> int:
    """How strongly the evidence fact fills the claim fact's role (0: it does not)."""
    # A bound blurs a value ("capped at $10,000" is no claim of $10,000): a bounded value
    # is a rival only where the two intervals cannot both hold (``intervals.relation``).
    # Two limits of one side are two terms, tied as two values are ("at least 30 days'
    # notice" / "at least 60 days' notice"); intervals apart are a weaker tie than two
    # values: it takes two shared words ("The Tenant must maintain coverage of at least
    # $100,000" says nothing of "The Tenant shall pay the monthly rent of $2,400", which
    # shares "tenant").
    if _complies(claim, cp, crole, ev, ep, erole):
        return 0
    if _owned_apart(crole, erole):
        return 0
    need = 1
    if (bounded(cp) or bounded(ep)) and not _other_days(claim, cp, ev, ep):
        found = relation(cp, ep)
        if found not in (APART, OTHER_LIMIT):
            return 0
        if found == APART and _DEADLINE not in (crole.lead, erole.lead):
            need = OUTSIDE_BOUND_WORDS
    if _mixed_periods(cp, ep):
        # a text counts its short periods in days and its long ones in months or years
        # ("notice within 30 days", "two years to sue", "within 60 days after" / "during
        # the last 12 months preceding"): across them, a tie takes two shared words and
        # the same word leading both ("for 90 days" / "for a period of one (1) year")
        if crole.lead != erole.lead:
            return 0
        need = max(need, OUTSIDE_BOUND_WORDS)
    strength = _tie(claim, cp, crole, ev, ep, erole)
    return strength if strength >= need else 0


def _owned_apart(crole: Role, erole: Role) -> bool:
    """Whether one side's period is a notice period ("sixty days' notice") and the other's
    words never name notice: two periods of two things ("thirty (30) days after the
    termination of this Lease" is when the deposit comes back). Notice only: with a
    period of any owned noun, "five years in prison" / "thirty-six months'
    imprisonment" (another word for the same thing) would read as two periods."""
    return (crole.owned == _NOTICE and _NOTICE not in erole.context | {erole.owned}) or (
        erole.owned == _NOTICE and _NOTICE not in crole.context | {crole.owned}
    )


_NOTICE = "notic"


def _tie(claim: Fact, cp: Payload, crole: Role, ev: Fact, ep: Payload, erole: Role) -> int:
    """How many words tie two values of one kind to one role (0: none, or not rivals)."""
    if isinstance(cp, Quantity) and cp.unit == "tally":
        # A text of scores ("took the first set 6-0", "led 5-2 in the second set") holds
        # many tallies of many things; two votes are one thing ("a 6-3 decision", "the
        # vote was 5-4"), so only they contradict each other.
        return int(
            not crole.context.isdisjoint(VOTE_WORDS) and not erole.context.isdisjoint(VOTE_WORDS)
        )
    if isinstance(cp, Quantity) and isinstance(ep, Quantity) and not _mixed_periods(cp, ep):
        a, b = _order(claim, cp), _order(ev, ep)
        rounds = a is not None and b is not None and (_rounds_to(a, b) or _rounds_to(b, a))
        if rounds and not _currencies_differ(cp, ep) and not (cp.bound or ep.bound):
            return 0  # one side rounds the other ("4.9 million" / "4,872,000", either way)
        if claim.kind == "number" and cp.unit is None:
            heads = len(crole.head & erole.head)
            if heads and (cp.bound or ep.bound):
                # a bound's count of the same things: "under 255 reviews" / "260 reviews"
                return heads + len(crole.context & erole.context)
            return heads and len(crole.context & erole.context)
    shared = crole.context & erole.context
    # The parties are in most of a contract's sentences and pay most of its sums: two
    # sums tied by a party alone are two charges ("The tenant must pay a $200 parking
    # fee" / "Tenant shall deposit $4,725.00"); a period so tied is still the tenant's
    # one time to act ("two years to sue" / "A tenant must bring an action within").
    if claim.kind == "amount" and (
        shared <= PARTY_STEMS or (crole.head and crole.head.isdisjoint(erole.context | erole.head))
    ):
        # ... and a sum the claim names a charge of ("a $200 parking fee") is another
        # charge than a sum whose words never name it ("monthly rent of $3,150.00")
        return 0
    return len(shared)


OUTSIDE_BOUND_WORDS = 2
# A deadline names the period a thing must be done in: "two years to sue" against "must
# bring an action within one year" are two periods, tied as two values are.
_DEADLINE = "within"
# Words that lead a limit on when or how much: "within thirty (30) days", "not later
# than two hundred (200) days", "would exceed seventy-five percent (75%)".
_DEADLINE_LEADS = frozenset(("within", "than", "exceed", "exceeds"))


def _complies(claim: Fact, cp: Payload, crole: Role, ev: Fact, ep: Payload, erole: Role) -> bool:
    """Whether the claim reports an event that keeps the limit the evidence sets: "The
    customer paid the invoice within 12 days" against "Customer shall pay ... within
    thirty (30) days", "The insurer paid the claim 40 days after" against "within sixty
    (60) days after", "The ratio was 65%" against "would exceed seventy-five percent"
    (a condition the clause sets, said as a bound of its own only with "not").
    A rule the claim states ("Payment is due within 12 days") is another rule."""
    if not crole.reported or not isinstance(cp, Quantity) or not isinstance(ep, Quantity):
        return False
    a, b = _orders(claim, cp, ev, ep)
    if a is None or b is None:
        return False
    side = ep.bound.side if ep.bound is not None else ""
    if side in ("ge", "gt"):
        return a >= b
    return (side in ("le", "lt") or erole.lead in _DEADLINE_LEADS) and a <= b


# The fewest words of its role a claim value must have to be read against a rival in
# another sentence (whose clause must hold them all, ``_rival_in_role``): the claim's value
# is in the passages too, so the tie must be plain, and one word ties too loosely.
MISPLACED_WORDS = 2


def misplaced_rival(
    claim_text: str,
    claim_facts: Sequence[Fact],
    fact: Fact,
    payload: Payload,
    passages: Sequence[tuple[str, Sequence[Fact], Sequence[Payload]]],
) -> tuple[int, Fact] | None:
    """A rival to a numeric ``fact`` that the passages state, but only in other roles:
    "The security deposit is $2,400" against "The monthly rent is $2,400. The security
    deposit is $4,800." The value counts as stated where it is; a reader of the claim
    is told the passage gives its role another value. Silent when any occurrence of the
    value shares a word of the claim's role, or when none is found among the passages'
    facts (the value was read from a word that is no fact of its own)."""
    if not _placed(payload):
        return None
    crole = role_of(claim_text, fact.start, fact.end, _spans(claim_facts))
    if len(crole.context) < MISPLACED_WORDS:
        return None
    seen: list[tuple[int, int]] = []  # (passage, offset) of each occurrence
    for index, (text, facts, payloads) in enumerate(passages):
        others: tuple[tuple[int, int], ...] | None = None
        for ev, ep in zip(facts, payloads, strict=True):
            if ev.kind != fact.kind or not _same_value(payload, ep):
                continue
            seen.append((index, ev.start))
            erole, others = _role_in(text, facts, ev, others)
            if not crole.context.isdisjoint(erole.context):
                return None  # stated in its own role somewhere
    if not seen:
        return None
    return _rival_in_role(fact, payload, crole, passages, seen)


def _placed(payload: Payload) -> bool:
    """Values a role is read for across sentences: a quantity with a unit (a duration,
    a sum, a percent) or a date with its month. A bare count or year ("Class 2", "the
    2021 Annual Meeting") names too many things at once."""
    if isinstance(payload, Quantity):
        return payload.unit is not None or payload.time is not None
    if isinstance(payload, DateKeys):
        return all(alt[0] in ("ymd", "ym", "md") for alt in payload.alts)
    return False


def _rival_in_role(
    fact: Fact,
    payload: Payload,
    crole: Role,
    passages: Sequence[tuple[str, Sequence[Fact], Sequence[Payload]]],
    seen: Sequence[tuple[int, int]],
) -> tuple[int, Fact] | None:
    """The first passage value of another value whose clause holds every word of the
    claim value's role ("The security deposit is $4,800" for "The security deposit is
    $2,400"), in a sentence where the claim's value is not (``seen``: where it is): a
    stricter tie than ``find_rival``'s, since the claim's value is there too ("by 15
    percent and 28.6 percent, respectively" gives each its role in one sentence)."""
    for index, (text, facts, payloads) in enumerate(passages):
        others: tuple[tuple[int, int], ...] | None = None
        for ev, ep in zip(facts, payloads, strict=True):
            if ev.kind != fact.kind or not _same_slot(fact, payload, ev, ep):
                continue
            erole, others = _role_in(text, facts, ev, others)
            if not _holds_role(crole.context, erole.context):
                continue
            begin, end = sentence_around(text, ev.start, ev.end)
            if any(i == index and begin <= at < end for i, at in seen):
                continue
            if _agrees(fact, payload, crole, ev, ep, erole):
                return index, ev
    return None


# How much of the claim value's role a rival's clause must hold, where every occurrence
# of the claim's value stands in a role sharing none of it: all of it, or half and three.
MISPLACED_SHARED = 3


def _holds_role(claim_role: frozenset[str], rival_role: frozenset[str]) -> bool:
    """Whether a rival's clause is about the claim value's role: every word of it, or
    at least half of it and three words. "The security deposit must be returned within
    30 days after the tenant moves out" against "Landlord shall return the deposit ...
    within twenty-one (21) days after Tenant vacates", where "30 days" stands only in
    another clause ("terminate ... upon thirty (30) days' written notice"), shares
    "deposit", "return" and "tenant" of five: a claim's value copied from a neighbouring
    clause is the commonest wrong number, and a second source holding it would hide
    the conflict."""
    if claim_role <= rival_role:
        return True
    shared = len(claim_role & rival_role)
    return shared >= MISPLACED_SHARED and 2 * shared >= len(claim_role)


def _same_value(cp: Payload, ep: Payload) -> bool:
    """Whether an evidence value may be the claim's (erring towards yes: a yes keeps the
    claim's value as stated)."""
    if isinstance(cp, DateKeys):
        return isinstance(ep, DateKeys) and not dates_differ(cp, ep)
    if not isinstance(cp, Quantity) or not isinstance(ep, Quantity):
        return False
    if cp.time is not None and cp.time == ep.time:
        return True
    return cp.key == ep.key


def find_rival(
    claim_text: str,
    claim_facts: Sequence[Fact],
    fact: Fact,
    payload: Payload,
    passages: Sequence[tuple[str, Sequence[Fact], Sequence[Payload]]],
    claim_words: frozenset[str] | None = None,
) -> tuple[int, Fact] | None:
    """The passage index and fact that state ``fact`` with another value, if any.

    Most evidence facts are of another kind than ``fact`` and can be no rival: they
    are passed over before anything (roles, the claim's words) is worked out.
    ``claim_words``, :func:`folded_words` of ``claim_text``, may come from a caller
    that checks several of the claim's facts.
    """
    crole: Role | None = None
    claim_slot: tuple[str, ...] | None = None
    best: tuple[int, int, int, Fact] | None = None
    limits = bounded(payload)
    for index, (text, facts, payloads) in enumerate(passages):
        others: tuple[tuple[int, int], ...] | None = None
        rivals: list[tuple[int, Fact, Payload]] = []
        # a bounded value is read against one value of a passage, the one in its role
        read = counterpart(claim_text, fact, payload, text, facts, payloads) if limits else None
        for ev, ep in zip(facts, payloads, strict=True):
            if read is not None and ev != read[0]:
                continue
            if isinstance(payload, NameKey) and isinstance(ep, NameKey):
                if claim_words is None:
                    claim_words = folded_words(claim_text)
                if claim_slot is None:
                    claim_slot = slot_of(claim_text, fact.start)
                if not _rival_names(claim_words, claim_slot, payload, text, ev, ep):
                    continue
            elif ev.kind != fact.kind or not _same_slot(fact, payload, ev, ep):
                continue
            if crole is None:
                crole = role_of(claim_text, fact.start, fact.end, _spans(claim_facts))
            erole, others = _role_in(text, facts, ev, others)
            strength = _agrees(fact, payload, crole, ev, ep, erole)
            if strength:
                rivals.append((strength, ev, ep))
        if not rivals:
            continue
        # Only the values that fill the claim's role best can bound it as a range: "ten
        # days" of another clause does not make "within 90 days" a value between it and
        # the "one hundred and eighty days" of the claim's own.
        top = max(r[0] for r in rivals)
        if _inside_range(fact, payload, [r for r in rivals if r[0] == top]):
            continue
        strength, ev, _ = max(rivals, key=lambda r: (r[0], -r[1].start))
        if best is None or strength > best[0]:
            best = (strength, -index, index, ev)
    return None if best is None else (best[2], best[3])


def _role_in(
    text: str, facts: Sequence[Fact], ev: Fact, others: tuple[tuple[int, int], ...] | None
) -> tuple[Role, tuple[tuple[int, int], ...] | None]:
    """The role of the passage fact ``ev``, from the passage's cache or worked out, and the
    spans of the passage's numeric facts (``others``: worked out once per passage, on the
    first role that is not cached yet)."""
    roles = _passage_roles(text)
    erole = roles.get((ev.start, ev.end))
    if erole is None:
        if others is None:
            others = _spans(facts)
        erole = roles[(ev.start, ev.end)] = role_of(text, ev.start, ev.end, others)
    return erole, others


@lru_cache(maxsize=1024)
def _passage_roles(text: str) -> dict[tuple[int, int], Role]:
    """The roles of a passage's facts, by span, filled as they are asked for. A passage's
    facts are those its text gives, so its roles are the same for every claim fact; asked
    through ``role_of`` for each pair of facts, the key alone (the tuple of every fact's
    span) cost as much as the passage's facts, cubic in a table of numbers."""
    return {}


def _inside_range(fact: Fact, payload: Payload, rivals: list[tuple[int, Fact, Payload]]) -> bool:
    """The claim's value lies between two rivals: the passage gives a range, not a value."""
    days = any(_mixed_periods(payload, ep) for _, _, ep in rivals)
    value = _order(fact, payload, days)
    others = [v for _, ev, ep in rivals if (v := _order(ev, ep, days)) is not None]
    return value is not None and len(others) > 1 and min(others) < value < max(others)
