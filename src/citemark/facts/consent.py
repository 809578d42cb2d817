"""A permission the claim gives freely against an act a passage allows only with consent:
"The tenant may sublet the premises without the landlord's consent" / "Tenant shall not
assign this Lease or sublet the Premises without the prior written consent of
Landlord"; "Either party may assign the agreement freely" / "Neither party may assign
this Agreement without the other party's consent".

The negation check reads the passage's "shall not ... without consent" as a denial
with an exception, which a plain "may sublet" does not contradict outright; but a claim
that says the act needs no consent says exactly what the passage denies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .bans import PERMISSION
from .model import Fact, FactConflict
from .text import sentence_around, stem

# What a party may give or withhold before an act.
_LEAVE = r"(?:consent|approval|permission|authori[sz]ation)"
# "may sublet", "can freely assign", "is permitted to disclose", then what frees the act
# in its clause: "freely", "without (the Landlord's) consent", "at will".
_FREE = lazy_pattern(
    rf"{PERMISSION}\s+(?:freely\s+)?"
    r"(?:be\s+)?(?P<verb>[a-z]{3,})\b(?P<rest>[^.;:!?\n]{0,80}?)"
    rf"(?P<free>\bfreely\b|\bwithout\s+(?:(?:the|any|prior|written|its|their|other|[\w’']+['’]s?)\s+)"
    rf"{{0,4}}{_LEAVE}\b|\bat\s+will\b)",
    re.IGNORECASE,
)
# "can freely assign the agreement": the freedom said before the verb, the clause to its end.
_FREELY_BEFORE = lazy_pattern(
    r"\b(?:may|can)\s+freely\s+(?P<verb>[a-z]{3,})\b[^.;:!?\n]{0,80}?(?=\s*(?:[.;!?]|$))",
    re.IGNORECASE,
)
# A denial of an act: "shall not", "may not be", "is prohibited from", "no right to",
# "Neither party may", "No assignment shall be made" (the thing after "No" is an act too).
_DENIED = lazy_pattern(
    r"\b(?:(?:shall|may|will|must|can|could)\s+not|cannot|(?:is|are)\s+(?:not\s+(?:permitted|"
    r"allowed|entitled)\s+to|prohibited\s+from)|no\s+right\s+to"
    r"|(?:neither|no)\s+(?P<thing>[^\W\d_]{3,})\s+(?:shall|may|will|can))\s+(?:be\s+)?",
    re.IGNORECASE,
)
# The words a denial may deny: up to this many after it, before its exception or the
# clause's end ("shall not assign this Lease or sublet", "may not decompile,
# disassemble or reverse engineer").
_DENIED_WORDS = 7
_WORDS = lazy_pattern(r"[^\W\d_]{3,}|[.;:!?\n]")
_EXCEPTIONS = frozenset(("without", "unless", "except", "absent"))
_NEEDS_LEAVE = lazy_pattern(
    rf"\b(?:without|unless|except\s+with|absent)\b[^.;!?\n]{{0,80}}?\b{_LEAVE}\b", re.IGNORECASE
)
TRIGGER_WORDS = ("without", "freely", "at will")


def consent_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's acts it frees of consent that a passage allows only with consent."""
    lower = claim.lower()
    if not any(h in lower for h in TRIGGER_WORDS):
        return ()
    out: list[FactConflict] = []
    for start, end, verb in _freed(claim):
        for index, text in enumerate(passages):
            found = _needs_leave(text).get(verb)
            if found is not None and not _other_parties(claim, start, text, found[0]):
                said = Fact("negation", claim[start:end], "free:" + verb, start, end)
                evidence = Fact("negation", text[found[0] : found[1]], "leave:" + verb, *found)
                out.append(FactConflict("negation", said, evidence, index))
                break
    return tuple(out)


def _freed(claim: str) -> list[tuple[int, int, str]]:
    """Each act the claim frees of consent: its span and its verb's stem."""
    found = [*_FREE.finditer(claim)]
    if "freely" in claim.lower():
        found += _FREELY_BEFORE.finditer(claim)
    return [
        (m.start(), m.end(), stem(m["verb"].lower()))
        for m in found
        if not _negated_verb(m["verb"].lower())
        and not _DENIED_BEFORE.search(claim, max(0, m.start() - 30), m.start())
        and _ENDS_CLAUSE.match(claim, m.end())
    ]


# "Neither party may assign ... without consent": the claim denies the act itself.
_DENIED_BEFORE = lazy_pattern(r"\b(?:neither|no|not|nor|never)\b[^,;.]*$", re.IGNORECASE)
# What frees the act must close its clause: "may assign without Changepoint's consent (i)
# to an Affiliate" frees it only in a case.
_ENDS_CLAUSE = lazy_pattern(
    r"(?:\s+(?:of|from|by)\s+(?:the\s+)?[\w’']+(?:\s+[\w’']+)?)?\s*(?:[.;!?]|$)"
)


_SUBJECT = lazy_pattern(r"([^\W\d_]+)\s*$")


def _other_parties(claim: str, at: int, text: str, denied: int) -> bool:
    """Whether the claim's act and the passage's denial are said of two named parties
    ("ECOPETROL may assign" / "The SENDER shall not assign"): the name before each,
    both capitalised and different. A claim's plain "the recipient" may stand for the
    passage's "Receiving Party"."""
    said, other = _SUBJECT.search(claim, 0, at), _SUBJECT.search(text, 0, denied)
    if said is None or other is None:
        return False
    a, b = said.group(1), other.group(1)
    return a[0].isupper() and b[0].isupper() and a.lower() != b.lower()


def _negated_verb(verb: str) -> bool:
    """ "may not", "can never": the word after the modal is no act."""
    return verb in ("not", "never", "neither", "nor", "only", "also", "be")


@lru_cache(maxsize=256)
def _needs_leave(text: str) -> dict[str, tuple[int, int]]:
    """The acts ``text`` denies save with consent, by stem: each with the span from its
    denial to the consent. Read once per passage."""
    lower = text.lower()
    if not any(w in lower for w in ("not", "no ", "neither", "prohibited", "cannot")):
        return {}
    out: dict[str, tuple[int, int]] = {}
    for m in _DENIED.finditer(text):
        leave = _NEEDS_LEAVE.search(text, m.end(), sentence_around(text, m.start(), m.end())[1])
        if leave is None:
            continue
        things = [m["thing"].lower()] if m["thing"] else []
        for act in (*things, *_acts_after(text, m.end(), leave.start())):
            out.setdefault(stem(act), (m.start(), leave.end()))
    return out


def _acts_after(text: str, at: int, stop: int) -> list[str]:
    """The lower-case words a denial ending at ``at`` may deny, before ``stop``."""
    out: list[str] = []
    for w in _WORDS.finditer(text, at, stop):
        word = w.group().lower()
        if not word[0].isalpha() or word in _EXCEPTIONS or len(out) == _DENIED_WORDS:
            break
        out.append(word)
    return out
