"""Who a ruling favours: "The trial court granted summary judgment to Harlan" against
"The trial court granted summary judgment to Westfield", and "construed it in favor of the
insurer" against "must be construed against the insurer".

Who won is the first thing a reader takes from a case summary, and the outcome-word rule
cannot see it: both sides say "granted", only the party after it differs. A ruling here
is an act (a judgment given, an ambiguity construed, a finding), the side it takes ("to",
"for", "in favor of" against "against") and the party it names.

The claim's ruling conflicts with a passage's ruling of the same act

- on the same party, taking the other side ("in favor of the insurer" / "against the
  insurer"), or
- on the same side, naming another party of the same sort (two names, or two role words
  such as "plaintiff" and "defendant"), where the claim's party is one the passage names
  too: a name the passage never mentions may be the same party under another name, and
  "the insurer" may be "Westfield".

unless a passage also rules the claim's way (a split judgment: "to Westfield on the
contract claim and to Harlan on the bad-faith claim").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import LITIGANTS
from .model import Fact, FactConflict
from .text import Hint

# Role words a ruling may favour, each plural read as its singular.
_SINGULAR = {form: word for word in LITIGANTS for form in (word, word + "s")}
_ROLE_WORDS = "|".join(sorted(_SINGULAR, key=len, reverse=True))
# A party: an optional article, then a role word or up to four capitalised words.
_PARTY = rf"(?:the\s+)?(?P<party>(?i:{_ROLE_WORDS})\b|[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){{0,3}})"
# "granted summary judgment to", "entered judgment for", "awarded judgment in favor of"
_JUDGMENT = lazy_pattern(
    r"\b(?:granted|awarded|entered|rendered|directed)\s+(?:a\s+|an\s+|the\s+)?"
    r"(?:partial\s+|final\s+|default\s+|summary\s+)?(?:judgment|verdict)\s+"
    rf"(?P<side>to|for|in\s+favou?r\s+of|against)\s+{_PARTY}",
)
# "construed it in favor of the insurer", "must be construed against the insurer"
_CONSTRUED = lazy_pattern(
    r"\b(?:construed|interpreted|resolved)\s+(?:(?:it|them|the\s+\w+(?:\s+\w+)?)\s+)?"
    rf"(?P<side>in\s+favou?r\s+of|against)\s+{_PARTY}",
)
# "ruled in favor of the defendant", "found for the plaintiff", "decided against Acme"
_RULED = lazy_pattern(
    rf"\b(?:ruled|found|held|decided)\s+(?P<side>for|in\s+favou?r\s+of|against)\s+{_PARTY}",
)
_ACTS = (("judgment", _JUDGMENT), ("construed", _CONSTRUED), ("ruled", _RULED))
TRIGGER_WORDS = tuple(
    "judgment verdict construed interpreted resolved ruled found held decided".split()
)
_HINT = Hint(TRIGGER_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(TRIGGER_WORDS)})\b)"))
# Capitalised words that open a party's place but name no party ("to Count II").
_NO_PARTY = frozenset("count counts claim claims section article this that".split())
# How many rulings of a text are read: a summary states a few.
_MOST = 16


class _Ruling(NamedTuple):
    act: str
    favours: bool
    party: str  # the party's key: a role's singular, or a name's first word, lower case
    role: bool  # named by a role word ("the insurer"), not by name
    start: int  # where the ruling's words start and end, in its text
    end: int


def prevailing_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's ruling for or against a party against a passage's other ruling."""
    if _HINT.search(claim) is None:
        return ()
    for mine in _rulings(claim)[:_MOST]:
        rivals: list[tuple[int, _Ruling]] = []
        agreed = False
        for index, text in enumerate(passages):
            for theirs in _rulings(text)[:_MOST]:
                if theirs.act != mine.act:
                    continue
                if (theirs.favours, theirs.party) == (mine.favours, mine.party):
                    agreed = True
                elif _against(mine, theirs, text):
                    rivals.append((index, theirs))
        if agreed or not rivals:
            continue
        index, theirs = rivals[0]
        said = Fact("name", claim[mine.start : mine.end], _value(mine), mine.start, mine.end)
        text = passages[index]
        other = Fact(
            "name", text[theirs.start : theirs.end], _value(theirs), theirs.start, theirs.end
        )
        return (FactConflict("name", said, other, index),)
    return ()


def _against(mine: _Ruling, theirs: _Ruling, text: str) -> bool:
    """Whether ``theirs`` (in ``text``) rules the other way from ``mine``."""
    if theirs.party == mine.party:
        return theirs.favours != mine.favours
    return (
        theirs.favours == mine.favours
        and theirs.role == mine.role
        and re.search(rf"(?i:\b{re.escape(mine.party)})", text) is not None
    )


def _value(ruling: _Ruling) -> str:
    return f"{ruling.act}:{'for' if ruling.favours else 'against'}:{ruling.party}"


@lru_cache(maxsize=1024)
def _rulings(text: str) -> tuple[_Ruling, ...]:
    if _HINT.search(text) is None:
        return ()
    found: list[_Ruling] = []
    for act, pattern in _ACTS:
        for m in pattern.finditer(text):
            party = m.group("party")
            first = re.split(r"[\s'’]", party, maxsplit=1)[0].lower().rstrip(".")
            if first in _NO_PARTY:
                continue
            role = first in _SINGULAR
            key = _SINGULAR[first] if role else first
            favours = m.group("side").lower() != "against"
            end = m.end("party") - (len(party) - len(party.rstrip(".'’")))
            found.append(_Ruling(act, favours, key, role, m.start(), end))
    found.sort(key=lambda r: r.start)
    return tuple(found)
