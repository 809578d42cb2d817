"""A warranty the evidence disclaims: "The Seller warrants that the goods are
merchantable" against "Seller disclaims all warranties of merchantability".

The claim's content words all stand in the passage, and no negation word flips one of
them: the passage says "disclaims", and it says it of the very warranty the claim gives.
A passage that disclaims a warranty the claim names (merchantability, fitness, title,
non-infringement), or disclaims all warranties or sells "as is" and gives none itself,
contradicts the claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict
from .text import content_stems, stem

_GIVES = lazy_pattern(
    r"\b(?:warrants?|warranted|guarantees?|represents and warrants)\b(?P<what>[^.;:!?\n]{0,80})",
    re.IGNORECASE,
)
# "as is" only as the term of art ('"as is"', "AS IS", "on an as-is basis", "as is,
# where is"): "as is necessary" disclaims nothing.
_AS_IS = (
    r"|[\"“]\s*[Aa][Ss][ -][Ii][Ss]\s*[\"”]|\bAS[ -]IS\b"
    r"|\b(?i:as[ -]is(?:\s+basis|,\s*where[ -]is))\b"
)
_DISCLAIMS = lazy_pattern(
    r"\b(?i:disclaims?|disclaimed|disclaiming)\b(?P<what>[^.;:!?\n]{0,120})"
    r"|\b(?i:without\s+(?:any\s+)?warrant(?:y|ies))\b(?P<none>[^.;:!?\n]{0,80})" + _AS_IS
)
# Words of a disclaimer that name no warranty of their own.
_GENERIC = frozenset(
    map(stem, "warranty warranties express implied statutory other kind any all".split())
)
_ALL = lazy_pattern(r"\b(?:all|any)\b", re.IGNORECASE)
_DENIED = lazy_pattern(r"\b(?:not|no|never|neither|disclaim\w*)\s+(?:\w+\s+)?$", re.IGNORECASE)


class _Disclaimer:
    """One disclaimer of a passage: where it is, the warranties it names, and whether it
    disclaims every warranty ("all warranties", "as is", "without warranty")."""

    def __init__(self, m: re.Match[str]) -> None:
        self.start, self.end = m.span()
        what = m.group("what") or m.group("none") or ""
        self.named = content_stems(what) - _GENERIC
        self.every = m.group("what") is None or _ALL.search(what) is not None


@lru_cache(maxsize=4096)
def _disclaimers(text: str) -> tuple[_Disclaimer, ...]:
    return tuple(_Disclaimer(m) for m in _DISCLAIMS.finditer(text))


def warranty_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's warranties a passage disclaims, and its disclaimers of a warranty a
    passage gives (kind ``opposite``)."""
    low = claim.lower()
    if not passages:
        return ()
    if "disclaim" in low or "as is" in low or "as-is" in low or "without" in low:
        disclaimed = _disclaimed_given(claim, passages)
        if disclaimed:
            return disclaimed
    if "warrant" not in low and "guarant" not in low:
        return ()
    out: list[FactConflict] = []
    for m in _GIVES.finditer(claim):
        if _denied_before(claim, m.start()):
            continue  # "does not warrant": the negation check's
        given = content_stems(m.group("what"))
        for index, text in enumerate(passages):
            gives = _GIVES.search(text) is not None
            found = next(
                (d for d in _disclaimers(text) if d.named & given or (d.every and not gives)),
                None,
            )
            if found is None:
                continue
            disclaimer = _fact(text, found.start, found.end, "disclaims")
            out.append(FactConflict("opposite", _warrants(m), disclaimer, index))
            break
    return tuple(out)


def _disclaimed_given(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's disclaimers a passage answers with a warranty: "The Seller disclaims
    all warranties of merchantability" against "The Seller warrants that the goods are
    merchantable". A warranty the
    disclaimer names, or any where it disclaims all and the passage disclaims nothing."""
    out: list[FactConflict] = []
    for d in _disclaimers(claim):
        for index, text in enumerate(passages):
            gives = [g for g in _GIVES.finditer(text) if not _denied_before(text, g.start())]
            g = next(
                (
                    g
                    for g in gives
                    if d.named & content_stems(g.group("what"))
                    or (d.every and not _disclaimers(text))
                ),
                None,
            )
            if g is None:
                continue
            disclaimer = _fact(claim, d.start, d.end, "disclaims")
            out.append(FactConflict("opposite", disclaimer, _warrants(g), index))
            break
    return tuple(out)


def _denied_before(text: str, at: int) -> bool:
    """Whether a negation stands just before ``at`` ("does not warrant")."""
    return _DENIED.search(text, max(0, at - 30), at) is not None


def _fact(text: str, start: int, end: int, value: str) -> Fact:
    return Fact("opposite", text[start:end], value, start, end)


def _warrants(m: re.Match[str]) -> Fact:
    """The giving word of a warranty ("warrants", "guarantees") as a fact."""
    word = m.group().split()[0]
    return _fact(m.string, m.start(), m.start() + len(word), "warrants")
