"""The law a contract is governed by: "The lease is governed by California law" against
"This Lease shall be governed by the laws of the State of Oregon".

The name check reads "California" as backed wherever a cited passage names it, and a
court caption ("... NORTHERN DISTRICT OF CALIFORNIA") or an address names the state for
another reason: a passage that names the place is no support for it as the governing
law. Here the claim's governing law conflicts with the one a passage gives, unless some
passage gives the claim's own as governing law too. Places are compared by their words
("New York" / "the State of New York"), a people's word by its country ("English law" /
"the laws of England and Wales"); "federal law" is a place of its own, unless the
passage names the nation's law too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict

_PLACE = r"(?P<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})"
_STATE_OF = (
    r"(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|Federal\s+Republic)\s+of\s+)?"
)
# "governed by California law", "governed by the laws of the State of New York", "New York
# law governs", "subject to English law".
_CLAIM = lazy_pattern(
    rf"\bgoverned\s+by\s+{_PLACE}\s+law\b"
    rf"|\bgoverned\s+by\s+(?:the\s+)?laws?\s+of\s+{_STATE_OF}{_PLACE.replace('place', 'place2')}"
    rf"|{_PLACE.replace('place', 'place3')}\s+law\s+(?:governs|applies|shall\s+govern)\b"
    rf"|\bsubject\s+to\s+{_PLACE.replace('place', 'place4')}\s+law\b"
    # the nation's law, against a state's: "governed by federal law"
    r"|\bgoverned\s+by\s+(?P<place5>[Ff]ederal)\s+law\b"
    r"|\b(?P<place6>[Ff]ederal)\s+law\s+(?:governs|applies|shall\s+govern)\b"
)
# Where a passage names the nation's law beside a state's ("the laws of the State of New
# York and applicable federal law"), a claim of federal law is not against it.
_NATIONAL = lazy_pattern(r"\b(?:[Ff]ederal|United\s+States)\b")
_NATIONAL_KEYS = (frozenset({"federal"}), frozenset({"united", "states"}))
# "shall be governed by (and construed in accordance with) the laws of the State of Oregon",
# "governed by the law of England and Wales".
_PASSAGE = lazy_pattern(
    rf"\bgoverned\s+by,?\s+(?:and\s+construed\s+(?:and\s+enforced\s+)?in\s+accordance\s+with,?\s+)?"
    rf"(?:the\s+)?(?:internal\s+|substantive\s+)?laws?\s+of\s+{_STATE_OF}{_PLACE}"
    rf"|\b{_PLACE.replace('place', 'place2')}\s+law\s+(?:shall\s+)?governs?\b"
)
_PEOPLES = {
    "english": "england",
    "scottish": "scotland",
    "scots": "scotland",
    "welsh": "wales",
    "irish": "ireland",
    "french": "france",
    "german": "germany",
    "swiss": "switzerland",
    "dutch": "netherlands",
    "italian": "italy",
    "spanish": "spain",
    "canadian": "canada",
    "british": "britain",
    "american": "america",
    "singaporean": "singapore",
    "japanese": "japan",
    "chinese": "china",
}
_HINT = "govern"


def governing_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's governing law against another that a passage gives."""
    if _HINT not in claim and " law" not in claim:
        return ()
    said = _places(claim, _CLAIM)
    if not said:
        return ()
    (word, start, key) = said[0]
    given = [(index, p) for index, text in enumerate(passages) for p in _passage_places(text)]
    if not given or any(_same_place(key, p[2]) for _, p in given):
        return ()
    if key in _NATIONAL_KEYS and any(_NATIONAL.search(passages[i]) for i, _ in given):
        return ()
    index, (other, at, value) = given[0]
    claim_fact = Fact("name", word, " ".join(sorted(key)), start, start + len(word))
    evidence_fact = Fact("name", other, " ".join(sorted(value)), at, at + len(other))
    return (FactConflict("name", claim_fact, evidence_fact, index),)


_Place = tuple[str, int, frozenset[str]]


@lru_cache(maxsize=1024)
def _passage_places(text: str) -> tuple[_Place, ...]:
    if _HINT not in text and " law" not in text:
        return ()
    return _places(text, _PASSAGE)


def _places(text: str, pattern: re.Pattern[str]) -> tuple[_Place, ...]:
    """Each governing law ``pattern`` finds, as (its words, offset, folded key)."""
    out = []
    for m in pattern.finditer(text):
        group = next(g for g in m.groupdict() if m.group(g))
        place = m.group(group)
        out.append((place, m.start(group), _key(place)))
    return tuple(out)


def _key(place: str) -> frozenset[str]:
    words = place.lower().split()
    return frozenset(_PEOPLES.get(w, w) for w in words if w not in ("and", "the", "of"))


def _same_place(a: frozenset[str], b: frozenset[str]) -> bool:
    """One place named two ways: the words of one hold the other's ("New York" / "New
    York State", "England" / "England and Wales")."""
    return a <= b or b <= a
