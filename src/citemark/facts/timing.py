"""At once against later: the claim says a thing happens "immediately" where the
evidence gives it a delay or a date.

"The amendment takes effect immediately" shares every content word with "The
amendment takes effect ninety days after enactment", and has no number of its own to
compare: the fact check sees only a number the claim lacks, which is no error of the
claim's. Yet the two disagree on the one thing a reader acts on, when. A passage that
ties the same word ("effect", "due", "payable") to a period or a date,
and says nothing of "immediately" itself, states another time.

For ever against a term is the same disagreement about how long: "The confidentiality
obligations survive indefinitely" / "survive for five (5) years", either way round, of
the same verb of lasting.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict, FactsOf, Quantity
from .roles import subject_before
from .text import LETTERS, WORD_OR_MARK, stem

# The words whose time a claim may state as "immediately": a thing taking effect,
# falling due or opening to someone ("Employees are eligible immediately" / "eligible
# after ninety (90) days of employment"). Acts ("terminate immediately if the other
# party breaches", "notify immediately") have delays for other grounds beside them in the
# same contract.
_ANCHORS = frozenset(
    map(
        stem,
        "effect effective due payable owing vest commence begin start expire eligible".split(),
    )
)
_AT_ONCE = lazy_pattern(r"\b(?:immediately|forthwith|at once|without delay)\b", re.IGNORECASE)
# "due upon receipt", "payable on demand": a sum owed at once, as the event happens. Of a
# sum only: "effective upon receipt" is how a notice works, beside "effective as of"
# dates of other things in the same contract.
_ON_RECEIPT = lazy_pattern(
    r"\b(?:up)?on\s+(?:receipt|demand|presentation|presentment)\b", re.IGNORECASE
)
_OWED = frozenset(map(stem, "due payable owing".split()))
# Characters after the anchor word within which the period or date must begin, in the
# same clause ("due within thirty (30) days after delivery").
_REACH = 40
# The words that may tie the anchor to its period or date ("due within", "effective as
# of", "payable no later than", "payable in 30 days", "vest over four years"); any other
# word makes the period another thing's ("on the Effective Date and continue for a
# period of three years").
_TIES = frozenset(
    "within after following on as of no not later than by upon the a period exactly in over".split()
)


def _ties(gap: str, ties: frozenset[str]) -> bool:
    """Whether only words of ``ties`` (and punctuation) stand in ``gap``."""
    return all(w.lower() in ties for w in WORD_OR_MARK.findall(gap))


def timing_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's "immediately" a passage replaces with a period or a date ("due
    immediately" / "due within thirty (30) days"), and the other way round.

    ``facts_of`` gives a text's facts and their payloads."""
    if not passages:
        return ()
    values = ("at once", "later:")
    found = _timed_instead(claim, passages, facts_of, _AT_ONCE, _ANCHORS, _TIES, values)
    if "on " in claim.lower():  # every "upon receipt", "On Demand" holds it
        found += _timed_instead(claim, passages, facts_of, _ON_RECEIPT, _OWED, _TIES, values)
    # the other way round: "due within thirty (30) days after delivery" / "due
    # immediately upon delivery"
    found += _said_instead(claim, passages, facts_of, _ANCHORS, _TIES, values, _at_once_after)
    return tuple(found)


def _at_once_after(text: str, anchor: str) -> re.Match[str] | None:
    """The "immediately" of ``text`` said of a word of stem ``anchor`` (as the claim's is
    read: the word before it, or before the phrase of what it is of)."""
    for m in _AT_ONCE.finditer(text):
        said_of = subject_before(text, m.start())
        if said_of != anchor:
            said_of = _before_phrase(text, m.start())
        if said_of == anchor:
            return m
    return None


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """The stems of a claim's words, which both rules read (once per claim)."""
    return frozenset(stem(w.lower()) for w in LETTERS.findall(text))


def _said_instead(
    claim: str,
    passages: Sequence[str],
    facts_of: FactsOf,
    anchors: frozenset[str],
    ties: frozenset[str],
    values: tuple[str, str],
    said_after: Callable[[str, str], re.Match[str] | None],
) -> list[FactConflict]:
    """The claim's period or date tied to a word of ``anchors`` that a passage says
    instead with the word ``said_after`` finds ("immediately", "indefinitely"), giving
    no period of its own: :func:`_timed_instead` the other way round."""
    out: list[FactConflict] = []
    for anchor in anchors & _stems(claim):
        fact = _timed_after(claim, anchor, facts_of, ties)
        if fact is None:
            continue
        for index, text in enumerate(passages):
            there = said_after(text, anchor)
            if there is not None and _timed_after(text, anchor, facts_of, ties) is None:
                said = Fact("opposite", fact.text, values[1] + fact.value, fact.start, fact.end)
                evidence = Fact("opposite", there.group(), values[0], there.start(), there.end())
                out.append(FactConflict("opposite", said, evidence, index))
                break
    return out


def _timed_instead(
    claim: str,
    passages: Sequence[str],
    facts_of: FactsOf,
    word: re.Pattern[str],
    anchors: frozenset[str],
    ties: frozenset[str],
    values: tuple[str, str],
) -> list[FactConflict]:
    """The claim's ``word`` ("immediately", "indefinitely") after a word of ``anchors``
    that a passage replaces with a period or a date tied to that word. ``values``: the
    value the claim's word is recorded with ("at once") and the prefix of the passage's
    ("later:", before "90 days")."""
    out: list[FactConflict] = []
    for m in word.finditer(claim):
        anchor = subject_before(claim, m.start())
        if anchor not in anchors:
            anchor = _before_phrase(claim, m.start())
        if anchor not in anchors:
            continue
        found = _delay(anchor, passages, facts_of, word, ties)
        if found is not None:
            index, fact = found
            said = Fact("opposite", m.group(), values[0], m.start(), m.end())
            other = Fact("opposite", fact.text, values[1] + fact.value, fact.start, fact.end)
            out.append(FactConflict("opposite", said, other, index))
    return out


def _delay(
    anchor: str,
    passages: Sequence[str],
    facts_of: FactsOf,
    other: re.Pattern[str],
    ties: frozenset[str],
) -> tuple[int, Fact] | None:
    """The first passage's period or date right after the anchor word (a stem), in a
    passage that does not say the claim's word (``other``: "immediately") too."""
    for index, text in enumerate(passages):
        if other.search(text):
            continue
        found = _timed_after(text, anchor, facts_of, ties)
        if found is not None:
            return index, found
    return None


# What the anchor is of, between it and its time: "eligible for benefits immediately",
# "eligible for benefits after ninety (90) days" (one or two words after "for" or "to").
_OF_PHRASE = r"(?:for|to)\s+(?:[^\W\d_]+\s+){0,1}[^\W\d_]+"
_PHRASE_BEFORE = lazy_pattern(rf"([^\W\d_]+)\s+{_OF_PHRASE}\s+$", re.IGNORECASE)
_PHRASE_AFTER = lazy_pattern(rf"\s+{_OF_PHRASE}(?=\s)", re.IGNORECASE)


def _before_phrase(text: str, at: int) -> str | None:
    """The word before a "for"/"to" phrase that ends at ``at``, as a stem ("eligible" in
    "eligible for benefits immediately")."""
    found = _PHRASE_BEFORE.search(text, max(0, at - 60), at)
    return stem(found.group(1).lower()) if found else None


def _timed_after(text: str, anchor: str, facts_of: FactsOf, ties: frozenset[str]) -> Fact | None:
    """The period or date of ``text`` right after a word of stem ``anchor``, tied to it,
    past what it is of ("eligible for benefits after ninety (90) days")."""
    timed = [
        f
        for f, p in zip(*facts_of(text), strict=True)
        if f.kind == "date" or (isinstance(p, Quantity) and p.time is not None)
    ]
    if not timed:
        return None
    anchored = [w.end() for w in LETTERS.finditer(text) if stem(w.group().lower()) == anchor]
    # right after the word, else after what it is of (a period may be the phrase's own
    # words: "survive for five (5) years")
    phrased = [p.end() for at in anchored if (p := _PHRASE_AFTER.match(text, at))]
    for start in (*anchored, *phrased):
        for f in timed:
            if 0 <= f.start - start <= _REACH and _ties(text[start : f.start], ties):
                return f
    return None


# For ever against a term: "The confidentiality obligations survive indefinitely" /
# "survive for five (5) years". The verbs of lasting, and the words that tie one to its
# term ("survive for a period of five years").
_FOREVER = lazy_pattern(
    r"\b(?:indefinitely|in\s+perpetuity|perpetually|forever|without\s+(?:limit|end))\b",
    re.IGNORECASE,
)
_LASTS = frozenset(map(stem, "last survive continue remain endure".split()))
_TERM_TIES = frozenset("for a an the period term of up to".split())


def term_conflicts(
    claim: str, passages: Sequence[str], facts_of: FactsOf
) -> tuple[FactConflict, ...]:
    """The claim's "indefinitely" that a passage gives a term, and the claim's term that a
    passage says lasts for ever, of the same verb of lasting."""
    if not passages:
        return ()
    values = ("for ever", "term:")
    out = _timed_instead(claim, passages, facts_of, _FOREVER, _LASTS, _TERM_TIES, values)
    out += _said_instead(claim, passages, facts_of, _LASTS, _TERM_TIES, values, _forever_after)
    return tuple(out)


def _forever_after(text: str, anchor: str) -> re.Match[str] | None:
    """The "indefinitely" of ``text`` whose verb of lasting is ``anchor`` (a stem)."""
    for m in _FOREVER.finditer(text):
        if subject_before(text, m.start()) == anchor:
            return m
    return None
