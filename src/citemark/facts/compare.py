"""The comparison of a claim with its evidence: missing facts, unsourced facts, conflicts.

``missing_facts`` tests each of the claim's facts against the evidence's indexes
(:mod:`.analysis`); ``unsourced_facts`` looks the missing ones up in the whole
sources; ``check_facts`` runs the conflict rules (:mod:`.rules`) over the passages
a claim was matched to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lexicon import GENERIC_HEADS
from .analysis import (
    Analysis,
    analyse,
    facts_of,
    names_view,
    numeric_view,
    polarity_view,
    present,
)
from .appointments import appointment_conflicts
from .bans import ban_conflicts
from .bounds import bound_conflicts
from .conflicts import find_rival, folded_words, misplaced_rival, one_name
from .consent import consent_conflicts
from .contrast import contrast_conflicts, joint_conflicts
from .counts import count_conflicts
from .currency import currency_conflicts
from .definitions import other_definitions_emptied
from .direction import bound_rival, direction, direction_rival, limited, pointed
from .enumeration import enumerated
from .forum import forum_conflicts
from .frequency import frequency_conflicts
from .governing import governing_conflicts
from .model import (
    NUMERIC_KINDS,
    Fact,
    FactCheck,
    FactConflict,
    Payload,
    Quantity,
)
from .opposites import opposite_conflicts
from .polarity import negation_clashes, negation_rival
from .prevailing import prevailing_conflicts
from .rates import rate_conflicts, restated
from .roles import role_of
from .rulings import ruling_conflicts
from .scope import (
    any_time_conflicts,
    exclusion_conflicts,
    place_conflicts,
    restriction_conflicts,
    side_conflicts,
)
from .sequence import sequence_conflicts
from .standards import standard_conflicts
from .swap import swap_conflicts
from .text import Hint, stem
from .timing import term_conflicts, timing_conflicts
from .warranty import warranty_conflicts


def extract_facts(text: str) -> list[Fact]:
    """Facts of ``text`` in text order (a fresh list; the cache keeps its own copy)."""
    if not text:
        return []
    return list(analyse(text).facts)


def _listed(claim: str, cl: Analysis, fact: Fact, payload: Payload, evidence: str) -> bool:
    """A bare count ("two films") that the evidence shows by listing the films."""
    if fact.kind != "number" or not isinstance(payload, Quantity) or payload.unit is not None:
        return False
    if fact.value != payload.key or not payload.key.isdigit():
        return False  # an ordinal, or not a whole number
    spans = tuple((f.start, f.end) for f in cl.facts if f.kind != "name")
    head = role_of(claim, fact.start, fact.end, spans).head
    return enumerated(int(payload.key), head, evidence)


def missing_facts(claim: str, evidence: str) -> list[Fact]:
    """The claim's facts that the evidence lacks or contradicts, in claim order.

    Negation facts have value ``"not:<word>"`` when the claim negates a word the
    evidence states positively, and ``"pos:<word>"`` when the claim states a word
    positively that the evidence negates. Each kind+value is reported once.
    """
    if not claim:
        return []
    cl = analyse(claim)
    ev = analyse(evidence or "")
    found = [
        f
        for f, p in zip(cl.facts, cl.payloads, strict=True)
        if f.kind != "negation"
        and not present(f, p, ev)
        and not _listed(claim, cl, f, p, evidence)
        and not (isinstance(p, Quantity) and restated(claim, f, p, evidence or "", facts_of))
    ]
    found.extend(c for c, _ in negation_clashes(claim, cl, evidence or "", ev))
    found.sort(key=lambda f: (f.start, f.end, f.kind))
    seen: set[tuple[str, str]] = set()
    out: list[Fact] = []
    for f in found:
        if (f.kind, f.value) not in seen:
            seen.add((f.kind, f.value))
            out.append(f)
    return out


def _stated_as_such(fact: Fact, payload: Payload | None, text: str) -> bool:
    """Whether ``text`` states the claim's ``fact`` as such, in any form the comparison
    accepts.

    Numbers, dates and names take the same test as ``missing_facts`` ("two weeks"
    is stated by "14 days", "2020" by "January 5, 2020"); a negation is stated by a
    text with the same polarity on the same word ("not:" negated there, "pos:"
    said positively there). A bare count a text shows by listing the things
    (``_listed``) depends on the claim around the fact and is tested apart.
    """
    if not text:
        return False
    if fact.kind in NUMERIC_KINDS:
        return payload is not None and present(fact, payload, numeric_view(text))
    if fact.kind == "negation":
        sign, _, word = fact.value.partition(":")
        view = polarity_view(text)
        return stem(word) in (view.neg_all if sign == "not" else view.positive)
    if payload is None:
        return False
    return present(fact, payload, names_view(text))


@lru_cache(maxsize=64)
def _sources_memo(sources: tuple[str, ...]) -> dict[tuple[str, str, Payload | None], bool]:
    """Per set of source texts (one prepared index's), whether any of them states a
    fact as such: every sentence of every answer aligned against those sources asks
    about its missing facts, and the answer is the same each time."""
    return {}


def unsourced_facts(
    claim: str, missing: Sequence[Fact], sources: Sequence[str]
) -> tuple[Fact, ...]:
    """The facts of ``missing`` that no text of ``sources`` states, in any equivalent form.

    ``missing`` are facts absent from the passages a claim was matched to; many of
    them sit elsewhere in the sources (a date in an article's byline, a count in
    another paragraph). Those say that retrieval picked an incomplete passage, not
    that the claim made the value up. A value stated nowhere in any source is one
    the answer invented: only such a fact caps a sentence at "partial" (see
    :func:`citemark.score.status_of`). Order follows ``missing``.

    "Some text states it" is "some text states it as such (:func:`_stated_as_such`),
    or some text lists it (``_listed``)"; the first part depends on the fact alone
    and is memoised per tuple of sources, the second on the claim and is worked
    out each time.
    """
    if not missing:
        return ()
    cl = analyse(claim)
    payloads = dict(zip(cl.facts, cl.payloads, strict=True))
    texts = tuple(sources)
    memo = _sources_memo(texts)
    out = []
    for fact in missing:
        payload = payloads.get(fact)
        key = (fact.kind, fact.value, payload)
        stated = memo.get(key)
        if stated is None:
            stated = memo[key] = any(_stated_as_such(fact, payload, t) for t in texts)
        listed = (
            not stated
            and payload is not None
            and fact.kind != "negation"
            and any(t and _listed(claim, cl, fact, payload, t) for t in texts)
        )
        if not (stated or listed):
            out.append(fact)
    return tuple(out)


def check_facts(claim: str, passages: Sequence[str], sources: Sequence[str] = ()) -> FactCheck:
    """The claim's facts missing from the passages together, and those a passage contradicts.

    A conflict is a missing fact for which one passage states another value in the
    same role (see ``conflicts``), or a polarity clash ("may" against "may not").
    A fact in ``conflicts`` is not repeated in ``missing``. A claim that defines a term
    ('"FDA" means ...') meets no conflict in a passage defining another one
    (:mod:`.definitions`). ``sources`` are the whole
    source texts: a rival name that one of them writes together with the claim's as
    one person's name ("Daniel LaRusso" for "LaRusso" against "Daniel") is no
    conflict, and the claim's name stays a missing fact.
    """
    missing = missing_facts(claim, "\n".join(passages))
    if sources and any(f.kind == "name" for f in missing):
        missing = [f for f in missing if not _named_by_its_head(f, passages, sources)]
    # A definition contradicts only a definition of its own term.
    passages = other_definitions_emptied(claim, passages)
    turned = _turned(claim, passages, missing)
    turned = (*turned, *_misplaced(claim, passages, missing, turned))
    if not missing:
        return FactCheck((), _with_opposites(claim, passages, turned, sources))
    cl = analyse(claim)
    payloads = dict(zip(cl.facts, cl.payloads, strict=True))
    views = [(text, *facts_of(text)) for text in passages]
    # The claim's words, for names: folded once for all of its missing names.
    words = folded_words(claim) if any(f.kind == "name" for f in missing) else None
    found: list[FactConflict] = []
    for fact in missing:
        if fact.kind == "negation":
            got = negation_rival(claim, cl, fact, passages)
        elif fact not in payloads:
            got = None
        else:
            got = find_rival(claim, cl.facts, fact, payloads[fact], views, words)
            if got and fact.kind == "name" and one_name(fact.text, got[1].text, sources):
                got = None  # one person, named two ways
        if got is not None:
            found.append(FactConflict(fact.kind, fact, got[1], got[0]))
    conflicts = _with_opposites(claim, passages, (*found, *turned), sources)
    clashed = {c.claim for c in conflicts}
    return FactCheck(tuple(f for f in missing if f not in clashed), conflicts)


def _misplaced(
    claim: str, passages: Sequence[str], missing: Sequence[Fact], turned: Sequence[FactConflict]
) -> tuple[FactConflict, ...]:
    """Numeric facts the passages state only in other roles, against a value they give
    the claim's role (see ``conflicts.misplaced_rival``): conflicts of facts that are
    not missing."""
    cl = analyse(claim)
    taken = {c.claim for c in turned}
    todo = [
        (f, p)
        for f, p in zip(cl.facts, cl.payloads, strict=True)
        if f.kind in NUMERIC_KINDS and f not in missing and f not in taken
    ]
    if not todo or not passages:
        return ()
    views = [(text, *facts_of(text)) for text in passages]
    out: list[FactConflict] = []
    for fact, payload in todo:
        got = misplaced_rival(claim, cl.facts, fact, payload, views)
        if got is not None:
            out.append(FactConflict(fact.kind, fact, got[1], got[0]))
    return tuple(out)


def _named_by_its_head(fact: Fact, passages: Sequence[str], sources: Sequence[str]) -> bool:
    """Whether a passage calls the claim's name by its head alone, as legal writing does
    once the name is given ("the Court" for "the Supreme Court", "the Company" for "Acme
    Holdings Company"), and a source gives the name in full (in any case: "SUPREME
    COURT OF THE UNITED STATES")."""
    if fact.kind != "name":
        return False
    words = fact.value.split()
    head = words[-1]
    if len(words) < 2 or head not in GENERIC_HEADS:
        return False
    short = re.compile(rf"\b[Tt]he {re.escape(head.capitalize())}\b")
    if not any(short.search(p) for p in passages):
        return False
    full = re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b", re.IGNORECASE)
    return any(full.search(s) for s in sources)


def _with_opposites(
    claim: str,
    passages: Sequence[str],
    found: tuple[FactConflict, ...],
    sources: Sequence[str] = (),
) -> tuple[FactConflict, ...]:
    """``found``, and what else a passage says against the claim: the outcome words it
    states as their opposite, the legal standards it replaces with another, the classes
    it limits ("only employees with"), the acts it leaves to one side that the claim
    gives both, the one place it limits the claim's "worldwide" to, the time it limits
    the claim's "at any time" to, the acts it gives the claim's two parties the other
    way round (unless a source of ``sources`` says it the claim's way), the things it
    excludes that the claim covers, the delay it gives what the claim says happens
    immediately, the term it gives what the claim says lasts for ever (or the other way
    round), the things it denies in a contrast ("store credit, not a full refund"), the
    joint liability it denies, the period it gives a rate, the warranties it disclaims,
    the currency it pays the claim's sum in and a count of two or more against the
    claim's "one"; less those on a claim word
    already in conflict ("prohibited" is a negation as well)."""
    more: list[FactConflict] = []
    for o in (
        *opposite_conflicts(claim, passages, analyse(claim).words),
        *standard_conflicts(claim, passages),
        *restriction_conflicts(claim, passages),
        *side_conflicts(claim, passages),
        *place_conflicts(claim, passages),
        *any_time_conflicts(claim, passages),
        *swap_conflicts(claim, passages, sources),
        *exclusion_conflicts(claim, passages),
        *contrast_conflicts(claim, passages),
        *joint_conflicts(claim, passages),
        *timing_conflicts(claim, passages, facts_of),
        *term_conflicts(claim, passages, facts_of),
        *bound_conflicts(claim, passages),
        *forum_conflicts(claim, passages),
        *ban_conflicts(claim, passages),
        *consent_conflicts(claim, passages),
        *frequency_conflicts(claim, passages),
        *currency_conflicts(claim, passages),
        *rate_conflicts(claim, passages, facts_of),
        *warranty_conflicts(claim, passages),
        *count_conflicts(claim, passages, facts_of),
        *appointment_conflicts(claim, passages),
        *sequence_conflicts(claim, passages),
        *ruling_conflicts(claim, passages),
        *prevailing_conflicts(claim, passages),
        *governing_conflicts(claim, passages),
    ):
        # one conflict per claim span: "covers" against "excludes" is the word rule's
        # and the exclusion rule's both
        if not any(
            c.claim.start < o.claim.end and o.claim.start < c.claim.end for c in (*found, *more)
        ):
            more.append(o)
    return (*found, *more) if more else found


# A direction word a claim date or period may carry (see ``direction``): a cheap test
# that spares nearly every claim the per-fact look-up.
_DIRECTION_WORDS = (
    "before after prior until till by since from following preceding later earlier starting"
).split()
_DIRECTION_HINT = Hint(_DIRECTION_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(_DIRECTION_WORDS)})\b)"))


def _turned(
    claim: str, passages: Sequence[str], missing: Sequence[Fact]
) -> tuple[FactConflict, ...]:
    """Dates and periods the passages state with the same value pointing the other way
    ("before March 1" / "after March 1"), and values they give the other limit ("at
    least $500" / "at most $500"): conflicts of facts that are not missing."""
    if not passages:
        return ()
    turns = _DIRECTION_HINT.search(claim) is not None
    limits = _LIMIT_HINT.search(claim) is not None
    if not turns and not limits:
        return ()
    cl = analyse(claim)
    views: list[tuple[str, tuple[Fact, ...], tuple[Payload, ...]]] | None = None
    out: list[FactConflict] = []
    for fact, payload in zip(cl.facts, cl.payloads, strict=True):
        if fact in missing:
            continue
        pointing = turns and fact.kind in ("date", "number")
        if pointing and direction(claim, fact, payload) is None:
            pointing = False
        if not pointing and not (limits and fact.kind in _LIMITED_KINDS):
            continue
        if views is None:
            views = [(text, *facts_of(text)) for text in passages]
        if pointing:
            got = direction_rival(claim, fact, payload, views)
            if got is not None:
                out.append(FactConflict(fact.kind, pointed(claim, fact, payload), got[1], got[0]))
                continue
        got = bound_rival(claim, fact, views) if limits else None
        if got is not None:
            out.append(FactConflict(fact.kind, limited(claim, fact), got[1], got[0]))
    return tuple(out)


# Kinds a limit is set on, and a cheap test for a limit word in a claim.
_LIMITED_KINDS = frozenset(("number", "amount", "percent"))
_LIMIT_WORDS = (
    "least",
    "most",
    "exceed",
    "up to",
    "maximum",
    "minimum",
    "capped",
    "limited",
    "more",
    "less",
    "fewer",
    "as high as",
    "as much as",
    "as many as",
    "as long as",
)
_LIMIT_HINT = Hint(_LIMIT_WORDS, re.compile(rf"(?i:\b(?:{'|'.join(_LIMIT_WORDS)})\b)"))
