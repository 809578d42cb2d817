"""No bound against a bound: "unlimited" against a cap, "perpetual" against an end.

"The Supplier's liability is unlimited" shares every content word with "The
Supplier's liability shall not exceed the fees paid", and "The license is perpetual"
every one with "The license shall expire five years after the Effective Date"; the
word that matters in each is an adjective no value or negation check reads. A claim
that says a thing has no bound is in conflict with a passage that bounds the same
thing, said in the clause before the bound (or, for "In no event shall ... exceed",
inside it). A bound with an exception in its sentence ("Except for breaches of
Section 8, liability shall not exceed ...") leaves the excepted things unbounded, so
such a passage is passed over: the claim may be about them. The same holds the other
way round: a claim's cap or end against a passage that leaves the same thing open
("shall not exceed $1,000,000" / "The Supplier's liability is unlimited"), unless the
passage names a case ("unlimited liability for fraud") or either side an exception.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache, partial
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .scope import act_before, clause_before, first_limit
from .text import LETTERS, content_stems, sentence_around, stem


class _Bound(NamedTuple):
    """One kind of bound: the claim's words that deny it, the passage's that set it,
    and the values the two are recorded by."""

    open_: re.Pattern[str]
    bounded: re.Pattern[str]
    values: tuple[str, str]


_NO_CAP = lazy_pattern(
    r"(?<!not )\b(?:unlimited|uncapped|limitless|without\s+(?:any\s+)?(?:limit|cap|ceiling)s?)\b",
    re.IGNORECASE,
)
_CAP = lazy_pattern(
    r"\b(?:(?:shall|will|may|must|does|do|can|to|would)\s+(?:not|never)"
    r"(?:\s+in\s+any\s+event)?\s+exceed"
    r"|not\s+to\s+exceed"
    r"|(?:be|is|are)\s+(?:limited|capped)\s+(?:to|at)"
    r"|in\s+no\s+event\s+(?:shall|will)\b[^.;:\n]{1,80}?\bexceed)\b",
    re.IGNORECASE,
)
_NO_END = lazy_pattern(
    r"(?<!not )\b(?:perpetual|non-?expiring|never\s+expires?"
    r"|(?:does|do|shall|will)\s+not\s+expire)\b",
    re.IGNORECASE,
)
_END = lazy_pattern(
    r"\b(?:(?:shall|will|to|automatically)\s+expire|expires)\b"
    r"|\b(?:for|with|has|have)\s+an?\s+(?:initial\s+|fixed\s+|limited\s+)?(?:period|term)\s+of\b"
    r"(?=[^.;:\n]{0,30}\b(?:years?|months?|weeks?|days?)\b)",
    re.IGNORECASE,
)
_BOUNDS = (
    _Bound(_NO_CAP, _CAP, ("no cap", "cap")),
    _Bound(_NO_END, _END, ("no end", "end")),
)
# Words that make a bound's sentence leave something out of it.
_EXCEPTION = lazy_pattern(
    r"\b(?:except|excepting|excluding|other\s+than|save\s+for|notwithstanding|unless"
    r"|(?:shall|does|will)\s+not\s+apply)\b",
    re.IGNORECASE,
)
# "In no event shall", which opens a clause before its subject.
_NO_EVENT = lazy_pattern(r"^\s*in\s+no\s+event\s+(?:shall|will)\b", re.IGNORECASE)
# The next word of a chain of modifiers ("a perpetual, irrevocable and royalty-free
# license"): what the chain is said of is its last content word.
_NEXT = lazy_pattern(r",?\s+(?:(?:and|or)\s+)?([^\W\d_]+(?:-[^\W\d_]+)*)")
_ADJECTIVE = lazy_pattern(r"perpetual|non-?expiring|unlimited|uncapped|limitless", re.IGNORECASE)
# Words every open form but "without limit" holds.
_OPEN_HINTS = ("unlimited", "uncapped", "limitless", "perpetual", "expir")


def bound_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "unlimited" or "perpetual" that a passage caps or ends, said of the
    same thing: what the claim's word is said of (its noun, or the content words before
    it in its clause) all stands in the clause of the passage's bound; and the other
    way round, the claim's cap or end that a passage leaves open."""
    lower = claim.lower()
    reverse = _bounded_but_open(claim, lower, passages)
    if not any(w in lower for w in _OPEN_HINTS) and not (
        "without" in lower and any(w in lower for w in ("limit", "cap", "ceiling"))
    ):
        return reverse  # every open form holds one of these: most claims stop here
    out: list[FactConflict] = list(reverse)
    for bound in _BOUNDS:
        for m in bound.open_.finditer(claim):
            thing = _said_of(claim, m)
            if not thing:
                continue
            said = Fact("opposite", m.group(), bound.values[0], m.start(), m.end())
            limit = partial(_bound_in, bounded=bound.bounded, thing=thing)
            found = first_limit(said, passages, limit, bound.values[1])
            if found is not None:
                out.append(found)
    return tuple(out)


# Words every bound form holds ("shall not exceed", "capped at", "shall expire", "for a
# term of"), lower-cased.
_BOUND_HINTS = ("exceed", "limited", "capped", "expir", "term of", "period of")
# One of which every claim the rule reads holds: an open form ("without limit" by
# its "without") or a bound form.
TRIGGER_WORDS = (*_OPEN_HINTS, *_BOUND_HINTS, "without")


def _bounded_but_open(claim: str, lower: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's cap or end ("The Supplier's liability shall not exceed $1,000,000",
    "The license expires after five years") that a passage says is open ("The
    Supplier's liability is unlimited", "a perpetual license"), of the same thing. A
    sentence with an exception on either side (a cap "except for fraud", a carve-out
    "Notwithstanding the foregoing, liability for fraud is unlimited") is passed over:
    the two may be about different cases."""
    if not any(w in lower for w in _BOUND_HINTS) or not any(map(_may_be_open, passages)):
        return ()
    out: list[FactConflict] = []
    for bound in _BOUNDS:
        for m in bound.bounded.finditer(claim):
            if _excepted(claim, m):
                continue
            clause = _bound_clause(claim, m)
            thing = _subject(clause) - _NOT_THE_THING
            if not thing:
                continue
            found = _open_in(passages, bound.open_, thing, content_stems(clause))
            if found is not None:
                index, other = found
                said = Fact("opposite", m.group(), bound.values[1], m.start(), m.end())
                evidence = Fact("opposite", other.group(), bound.values[0], *other.span())
                out.append(FactConflict("opposite", said, evidence, index))
                break
    return tuple(out)


# Words of a bound clause's subject that name no thing of their own: the bound's verb
# where it ends the subject ("The license expires"), and the words that only size it
# ("the Supplier's aggregate liability").
_NOT_THE_THING = frozenset(
    map(stem, "expires expire exceed exceeds aggregate total maximum entire cumulative".split())
)


def _open_in(
    passages: Sequence[str], open_: re.Pattern[str], thing: frozenset[str], words: frozenset[str]
) -> tuple[int, re.Match[str]] | None:
    """The first passage that says ``thing`` has no bound, plainly: what its word is said
    of meets the thing and all stands among the claim clause's ``words`` ("The
    Customer's liability is unlimited" says nothing of the Supplier's), the thing's
    words all stand in its sentence, and the sentence makes no exception and names no
    case ("unlimited liability for fraud")."""
    for index, text in enumerate(passages):
        if not _may_be_open(text):
            continue
        for m in open_.finditer(text):
            said_of = _open_thing(text, m)
            if said_of.isdisjoint(thing) or not said_of <= words or _excepted(text, m):
                continue
            if not thing <= content_stems(text[slice(*sentence_around(text, m.start(), m.end()))]):
                continue  # "a perpetual license under such Patents" is no "Shortfall License"
            if _FOR_CASE.match(text, m.end()) or _FOR_CASE.match(text, _chain(text, m.end())[1]):
                continue
            return index, m
    return None


# A case an open bound is said of: "unlimited liability for fraud", "is unlimited in
# respect of death or personal injury".
_FOR_CASE = lazy_pattern(r"\s+(?:for|in\s+respect\s+of|with\s+respect\s+to|arising)\b", re.I)


@lru_cache(maxsize=4096)
def _may_be_open(text: str) -> bool:
    """Whether a passage holds a word of an open bound (asked for every claim with a
    bound, of the same few passages)."""
    lower = text.lower()
    return any(w in lower for w in _OPEN_HINTS)  # "without limit" aside: rare in a passage


def _open_thing(text: str, m: re.Match[str]) -> frozenset[str]:
    """What a passage's open word is said of: the noun an adjective opens ("a perpetual
    license"), else its clause's subject ("The Supplier's liability under this Agreement
    is unlimited": not "Agreement", the last word before it)."""
    return _opened_noun(text, m) or _subject(clause_before(text, m.start())) - _NOT_THE_THING


def _said_of(text: str, m: re.Match[str]) -> frozenset[str]:
    """Stems of what ``m``'s words are said of: the noun of the modifiers an adjective
    opens ("perpetual, irrevocable license", "unlimited liability for fraud"), else the
    last few content words before them in their clause ("The Supplier's liability is
    unlimited")."""
    return _opened_noun(text, m) or act_before(text, m.start())


def _opened_noun(text: str, m: re.Match[str]) -> frozenset[str]:
    """The stem of the noun an adjective ``m`` opens, as one set ("a perpetual, irrevocable
    license"); empty for any other match, or where none follows."""
    if not _ADJECTIVE.fullmatch(m.group()):
        return frozenset()
    noun = _chain(text, m.end())[0]
    return frozenset((stem(noun.lower()),)) if noun else frozenset()


def _chain(text: str, at: int) -> tuple[str | None, int]:
    """The last content word of the chain of words right after ``at`` (``None`` when a
    function word or a mark other than a comma comes first: "is perpetual."), and where
    the chain ends ("unlimited liability| for fraud")."""
    last = None
    while (word := _NEXT.match(text, at)) is not None:
        if word.group(1).lower() in STOPWORDS:
            break
        last, at = word.group(1), word.end()
    return last, at


def _bound_clause(text: str, m: re.Match[str]) -> str:
    """The clause a bound ``m`` ends, less an opening "In no event shall" (which stands
    before the clause's subject)."""
    return _NO_EVENT.sub("", clause_before(text, m.end()), count=1)


def _bound_in(text: str, bounded: re.Pattern[str], thing: frozenset[str]) -> tuple[int, int] | None:
    """Where ``text`` first bounds ``thing``, in no sentence with an exception."""
    for m in bounded.finditer(text):
        clause = _bound_clause(text, m)
        if (
            not _subject(clause).isdisjoint(thing)
            and thing <= content_stems(clause)
            and not _excepted(text, m)
        ):
            return m.start(), m.end()
    return None


def _subject(clause: str) -> frozenset[str]:
    """Stems of the clause's first run of content words, its subject ("The license
    granted hereunder shall expire", "the Supplier's aggregate liability exceed"), not
    a word of its complement ("shall maintain records of the Licensed Technology for
    a period of one year")."""
    run: list[str] = []
    last = None
    for word in LETTERS.finditer(clause):
        low = word.group().lower()
        if low in STOPWORDS or (run and clause[last : word.start()].strip(" '’")):
            if run:
                break
            continue
        run.append(stem(low))
        last = word.end()
    return frozenset(run)


def _excepted(text: str, m: re.Match[str]) -> bool:
    """Whether the sentence of ``m`` makes an exception to its bound."""
    return bool(_EXCEPTION.search(text, *sentence_around(text, m.start(), m.end())))
