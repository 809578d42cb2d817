"""A thing banned outright against a permission to do it or to have it: "The tenant may
keep pets" or "Pets are allowed" / "Pets are prohibited" or "No pets shall be allowed",
"The tenant may smoke in the Premises" / "Smoking is prohibited".

The ban names the thing, not the act, so the negation check, which compares a verb
with the same verb denied, finds nothing to compare. A permission clashes with a ban
when its verb is the banned act ("smoke" / "Smoking") or the banned thing is what the
verb is done to ("keep pets" / "Pets"). A ban with an exception in its sentence
("Subletting is prohibited without the Landlord's consent") allows the act in some
case, and is left to the negation check.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .text import LETTERS, sentence_around, stem

_BANNED = lazy_pattern(
    r"\b(?P<thing>[^\W\d_]{3,})\s+(?:is|are)\s+(?:strictly\s+)?"
    r"(?:prohibited|forbidden|banned|not\s+(?:permitted|allowed))\b"
    # "Affiliate is prohibited from installing": a party barred from an act, not a ban
    r"(?!\s+(?:from|to)\b)",
    re.IGNORECASE,
)
# A thing allowed as such, its sentence's subject: "Pets are allowed", "Smoking is
# permitted on the balcony"; not "allowed to" an act, which ``_PERMITTED`` reads.
_THING_PERMITTED = lazy_pattern(
    r"\b(?P<thing>[^\W\d_]{3,})\s+(?:is|are)\s+(?:permitted|allowed)\b(?!\s+(?:to|from)\b)",
    re.IGNORECASE,
)
# "No pets shall be allowed", "No smoking is permitted", "No dogs shall be kept": none
# of the thing, outright.
_NONE_VERBS = (
    "permitted allowed kept brought harboured harbored housed stored parked installed placed"
).split()
_NONE_ALLOWED = lazy_pattern(
    r"\bNo\s+(?P<thing>[^\W\d_]{3,})\s+(?:(?:shall|will|may)\s+be|is|are)\s+"
    rf"(?:{'|'.join(_NONE_VERBS)})\b(?!\s+(?:to|from)\b)",
    re.IGNORECASE,
)
# Words every ban holds, one of them at least (the lower-case text is searched for them):
# ``_BANNED``'s and ``_NONE_ALLOWED``'s.
_BAN_HINTS = ("prohibit", "forbid", "banned", *_NONE_VERBS)
# What gives leave to do the word after it: "may", "can", "is allowed to", "are free to".
PERMISSION = r"\b(?:may|can|(?:is|are)\s+(?:allowed|permitted|entitled|free)\s+to)"
_PERMITTED = lazy_pattern(rf"{PERMISSION}\s+(?P<verb>[^\W\d_]{{3,}})\b", re.IGNORECASE)
# What makes a ban's sentence allow the act in some case, or suppose the ban.
_EXCEPTION = lazy_pattern(
    r"\b(?:except|unless|without|other\s+than|save|absent|only|if|extent|when|where|whether)\b",
    re.IGNORECASE,
)
# Words that may stand before the banned thing in its sentence: "All pets are
# prohibited", "Commercial signs are not permitted"; more, and the thing is the tail of
# a longer subject ("Conflicts of interest relating to this Agreement are prohibited").
_BEFORE_THING = 2
_ENUMERATOR = lazy_pattern(r"\s*(?:\(?[0-9a-z]{1,4}[.)]\s*)?")
_OBJECT_WORDS = 2  # content words after the permitted verb read for what it is done to


def ban_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's permission to do, or to have, what a passage bans outright."""
    if not any(w in claim for w in ("may", "can", "allowed", "permitted", "entitled", "free")):
        return ()
    out: list[FactConflict] = []
    for m, word, acts in _permissions(claim):
        found = _first_ban(passages, acts)
        if found is not None:
            index, ban = found
            said = Fact("negation", m.group(), "pos:" + word.lower(), m.start(), m.end())
            evidence = Fact(
                "negation", ban.group(), "not:" + ban.group("thing").lower(), *ban.span()
            )
            out.append(FactConflict("negation", said, evidence, index))
    return tuple(out)


def _permissions(claim: str) -> list[tuple[re.Match[str], str, set[str]]]:
    """Each permission of the claim: its match, its word, and the stems of what it lets
    be done ("may keep pets": keep, pet) or be had ("Pets are allowed": pet)."""
    out: list[tuple[re.Match[str], str, set[str]]] = []
    for m in _PERMITTED.finditer(claim):
        verb = m.group("verb")
        if verb.lower() in STOPWORDS or not verb.islower() or verb.endswith("ly"):
            continue  # "may not", "May 2020", "may lawfully be transported"
        out.append((m, verb, {stem(verb.lower()), *_done_to(claim, m.end())}))
    for m in _THING_PERMITTED.finditer(claim):
        thing = m.group("thing")
        if thing.lower() not in STOPWORDS and _opens_sentence(claim, m):
            out.append((m, thing, {stem(thing.lower())}))
    return out


def _done_to(text: str, at: int) -> list[str]:
    """Stems of the first content words after ``at`` in its clause (read no further:
    a sentence of thousands of words has a permission in every clause)."""
    out: list[str] = []
    for m in LETTERS.finditer(text, at, sentence_around(text, at, at)[1]):
        word = m.group().lower()
        if word not in STOPWORDS:
            out.append(stem(word))
            if len(out) == _OBJECT_WORDS:
                break
    return out


def _first_ban(passages: Sequence[str], acts: set[str]) -> tuple[int, re.Match[str]] | None:
    """The first outright ban, in a sentence with no exception, of one of ``acts``."""
    for index, text in enumerate(passages):
        for thing, ban in _outright_bans(text):
            if thing in acts:
                return index, ban
    return None


@lru_cache(maxsize=256)
def _outright_bans(text: str) -> tuple[tuple[str, re.Match[str]], ...]:
    """Each outright ban of ``text`` in a sentence with no exception, with the stem of
    what it bans. Read once per text: every permission of the claim asks each passage."""
    lower = text.lower()
    if not any(w in lower for w in _BAN_HINTS):
        return ()  # every ban holds one of these: most passages stop here
    return tuple(
        (stem(ban.group("thing").lower()), ban)
        for ban in (*_BANNED.finditer(text), *_NONE_ALLOWED.finditer(text))
        if _opens_sentence(text, ban) and not _excepted(text, ban)
    )


def _opens_sentence(text: str, m: re.Match[str]) -> bool:
    """Whether the banned thing is its sentence's subject, at most a determiner and a
    modifier after the sentence's start (and its item number)."""
    opening = _ENUMERATOR.match(text, sentence_around(text, m.start(), m.end())[0])
    assert opening is not None  # every part of the pattern is optional: it always matches
    start = opening.end()
    return len(LETTERS.findall(text[start : m.start()])) <= _BEFORE_THING


def _excepted(text: str, m: re.Match[str]) -> bool:
    """Whether the sentence of ``m`` makes an exception to its ban."""
    return bool(_EXCEPTION.search(text, *sentence_around(text, m.start(), m.end())))
