"""How often a thing recurs, said in other words on each side: "Rent is payable
quarterly" against "Base Rent shall be payable in equal monthly installments"; "Royalty
reports are due annually" against "Within thirty (30) days after the end of each calendar
quarter, Licensee shall deliver ... a written report".

The opposite-word check compares two frequency words said of one subject; this reads
the phrases contracts use as well ("each calendar month", "once in any calendar year",
"every six months", "on a calendar-month basis") and ties the two by what the sentences
are about: the claim's words of substance, two of which the passage's sentence must hold.
It stays silent where the passage's sentence states the claim's own frequency too, where
the claim names two, where the passage's sentence names two others and neither is said of
the claim's noun ("an annual retainer payable in quarterly installments" against
"monthly installments" is read by the noun), where the claim denies it, and where the
period is that of a sum ("a yearly salary of $10 million" is "a weekly wage" in other
units).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS, TIMES_A_YEAR
from .model import Fact, FactConflict
from .text import LETTERS, sentence_around, stem

_CAL = r"(?:(?:calendar|fiscal|contract|lease|policy)\s+)?"
_EACH = r"(?:each|every)\s+"
_ONCE = r"once\s+(?:a|an|per|in\s+(?:each|any|every)|each|every)\s+"
_FREQUENCIES: tuple[tuple[str, str], ...] = (
    ("daily", rf"daily|{_EACH}day|{_ONCE}day"),
    ("weekly", rf"weekly|{_EACH}week|{_ONCE}week"),
    ("biweekly", r"bi-?weekly|fortnightly|every\s+(?:two|2|other)\s+weeks?"),
    (
        "monthly",
        rf"monthly|{_EACH}{_CAL}month|{_ONCE}{_CAL}month|on\s+a\s+{_CAL}month(?:ly)?\s+basis"
        r"|on\s+a\s+calendar-month\s+basis",
    ),
    (
        "quarterly",
        rf"quarterly|{_EACH}{_CAL}quarter|{_ONCE}{_CAL}quarter|every\s+(?:three|3)\s+months",
    ),
    (
        "semiannually",
        r"semi-?annual(?:ly)?|bi-?annual(?:ly)?|twice\s+(?:a|per|each|every)\s+year"
        r"|every\s+(?:six|6)\s+months",
    ),
    # not "of each year" after a list of dates ("payable quarterly ... on March 15, June
    # 15, September 15 and December 15 of each year")
    # "annual" alone names a kind of thing more often than a schedule ("annual calibration
    # certificates", "the annual plan"); "annually", "on an annual basis" are schedules
    (
        "annually",
        rf"annually|yearly|on\s+an\s+annual\s+basis|(?<!of\s){_EACH}{_CAL}year|{_ONCE}{_CAL}year",
    ),
)
_FREQUENCY = lazy_pattern(
    "|".join(rf"(?P<{name}>\b(?:{pattern})\b)" for name, pattern in _FREQUENCIES),
    re.IGNORECASE,
)
# Words of no substance for what a sentence is about.
_PLAIN = frozenset(
    map(
        stem,
        """shall must may will day days month year quarter week each every once pay paid
        payable due hold held make made take place occur""".split(),
    )
)
_TOPIC_WORDS = 2  # words of substance the passage's sentence must share with the claim
_TOPIC_SHARE = 0.75  # and the share of the claim's that these must be
_DENIED = lazy_pattern(r"\b(?:not|no|never|nor)\b", re.IGNORECASE)
# A cheap test: every frequency holds one of these (the pattern costs 40 µs a claim).
TRIGGER_WORDS = (
    *("daily", "weekly", "monthly", "quarterly", "annual", "yearly", "fortnight"),
    *("each", "every", "once", "twice", "basis"),
)


def frequency_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's one frequency against another a passage's sentence gives its topic."""
    lower = claim.lower()
    if not any(hint in lower for hint in TRIGGER_WORDS):
        return ()  # every frequency holds one of these: most claims stop here
    said = _frequencies(claim)
    if len({kind for kind, _, _ in said}) != 1 or not passages:
        return ()
    kind, start, end = said[0]
    if _DENIED.search(claim, max(0, start - 12), start):
        return ()  # "not monthly"
    topic = _topic(claim)
    noun = _noun_after(claim, end)
    rival: tuple[int, str, int, int] | None = None
    for index, text in enumerate(passages):
        for sentence_start, sentence_end, found in _sentences_with_frequencies(text):
            if not _about(topic, _topic(text[sentence_start:sentence_end])):
                continue
            kinds = {k for k, _, _ in found}
            if kind in kinds:
                return ()  # the passage states the claim's own frequency of its topic
            if rival is None:
                rival = _rival(text, found, noun, index, kind)
    if rival is None:
        return ()
    index, other, ev_start, ev_end = rival
    if _keeps(_limit_before(claim, start), TIMES_A_YEAR[other], TIMES_A_YEAR[kind]):
        return ()  # "meets no less than quarterly" / "meets once each month"
    text = passages[index]
    return (
        FactConflict(
            "opposite",
            Fact("opposite", claim[start:end], kind, start, end),
            Fact("opposite", text[ev_start:ev_end], other, ev_start, ev_end),
            index,
        ),
    )


def _rival(
    text: str, found: list[tuple[str, int, int]], noun: str | None, index: int, claimed: str
) -> tuple[int, str, int, int] | None:
    """The passage's frequency the claim's meets: said of the claim's noun, or the only
    one its sentence names; not a floor the claim's keeps ("meets monthly" / "shall meet
    at least quarterly") nor a cap it keeps ("once a year" / "not more than quarterly")."""
    chosen = None
    if noun is not None:
        chosen = next((f for f in found if _noun_after(text, f[2]) == noun), None)
    if chosen is None and len({kind for kind, _, _ in found}) == 1:
        chosen = found[0]
    if chosen is None:
        return None
    kind, start, end = chosen
    if _keeps(_limit_before(text, start), TIMES_A_YEAR[claimed], TIMES_A_YEAR[kind]):
        return None
    return index, kind, start, end


def _limit_before(text: str, at: int) -> str | None:
    """ "floor" ("at least quarterly"), "cap" ("not more than once in any calendar
    year") or ``None``: the limit a frequency at ``at`` is said as."""
    found = _LIMIT_BEFORE.search(text, max(0, at - 30), at)
    if found is None:
        return None
    return "floor" if found.group("floor") is not None else "cap"


def _keeps(limit: str | None, value: int, bound: int) -> bool:
    """Whether ``value`` times a year keeps a limit of ``bound`` times a year."""
    return (limit == "floor" and value >= bound) or (limit == "cap" and value <= bound)


_LIMIT_BEFORE = lazy_pattern(
    r"(?:(?P<floor>at\s+least|no\s+less\s+(?:frequently\s+)?than|not\s+less\s+"
    r"(?:frequently\s+)?than|at\s+a\s+minimum)|(?:at\s+most|no\s+more\s+(?:frequently\s+)?"
    r"than|not\s+more\s+(?:frequently\s+)?than))\s*$",
    re.IGNORECASE,
)


def _about(claim: frozenset[str], sentence: frozenset[str]) -> bool:
    """Whether a passage's sentence speaks of what the claim does: two of its words of
    substance (its one, if it has one: "Rent is payable quarterly"), and three in four of
    them (a long sentence shares a contract's words with any other: "the Agent shall
    provide to the Steering Committee"); or the passage's sentence says no more than two
    words of substance, all of them the claim's ("Rent is payable in equal monthly
    installments" against "Rent is payable quarterly" would be missed)."""
    shared = len(claim & sentence)
    if shared >= min(_TOPIC_WORDS, len(claim)) > 0 and shared >= _TOPIC_SHARE * len(claim):
        return True
    return 0 < len(sentence) <= _TOPIC_WORDS and sentence <= claim


def _frequencies(text: str) -> list[tuple[str, int, int]]:
    """Each frequency of ``text``; a capitalised one inside a sentence is part of a name
    ("the applicable Annual Business Plan", "on a Quarterly basis" of a defined term)."""
    return [
        (m.lastgroup or "", m.start(), m.end())
        for m in _FREQUENCY.finditer(text)
        if (m.group()[0].islower() or _opens_sentence(text, m.start()))
        and not _RATE_AFTER.match(text, m.end())
    ]


# A period a sum is counted over, no schedule: "a yearly salary of $10 million" is "a
# weekly wage of $190,000" said in other units, as "annual rent of $28,800" is "monthly
# rent of $2,400".
_RATE_AFTER = lazy_pattern(r"(?:\s+[^\W\d_]+){1,3}\s+(?:of|is|was|equal\s+to)\s+(?:[$€£¥]|[0-9])")


def _opens_sentence(text: str, at: int) -> bool:
    """Whether nothing but a sentence mark (or the text's start) stands before ``at``,
    spaces and line breaks passed over; read back only so far, not copied from the start."""
    i = at
    while i and text[i - 1].isspace():
        i -= 1
    return not i or text[i - 1] in ".;:!?"


@lru_cache(maxsize=256)
def _sentences_with_frequencies(
    text: str,
) -> tuple[tuple[int, int, list[tuple[str, int, int]]], ...]:
    """Each sentence of ``text`` that names a frequency, with the frequencies it names.
    Read once per passage."""
    out: list[tuple[int, int, list[tuple[str, int, int]]]] = []
    for kind, start, end in _frequencies(text):
        begin, stop = sentence_around(text, start, end)
        if out and out[-1][0] == begin:
            out[-1][2].append((kind, start, end))
        else:
            out.append((begin, stop, [(kind, start, end)]))
    return tuple(out)


@lru_cache(maxsize=4096)
def _topic(text: str) -> frozenset[str]:
    """The stems of the words of substance of ``text``, frequencies left out."""
    plain = _FREQUENCY.sub(" ", text)
    words = (w.lower() for w in LETTERS.findall(plain))
    return frozenset(stem(w) for w in words if w not in STOPWORDS) - _PLAIN


_NOUN_AFTER = lazy_pattern(r"\s+([^\W\d_]{3,})")


def _noun_after(text: str, at: int) -> str | None:
    """The word right after a frequency ("monthly installments": "instal"), as a stem."""
    found = _NOUN_AFTER.match(text, at)
    if found is None or found.group(1).lower() in STOPWORDS:
        return None
    return stem(found.group(1).lower())
