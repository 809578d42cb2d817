"""The comparison of a claim with its evidence: missing facts, unsourced facts, conflicts.

``missing_facts`` tests each of the claim's facts against the evidence's indexes
(:mod:`.analysis`); ``unsourced_facts`` looks the missing ones up in the whole
sources; ``check_facts`` runs the conflict rules (:mod:`.rules`) over the passages
a claim was matched to.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
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
from .definitions import other_definitions_emptied
from .enumeration import enumerated
from .intervals import backed
from .model import (
    NUMERIC_KINDS,
    Fact,
    FactCheck,
    Payload,
    Quantity,
)
from .polarity import negation_clashes
from .quantities import names_a_thing
from .rates import restated
from .roles import role_of
from .rules import RULES, CheckedClaim, run
from .text import stem


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
        and not names_a_thing(claim, f, p)
        and not _listed(claim, cl, f, p, evidence)
        and not (isinstance(p, Quantity) and restated(claim, f, p, evidence or "", facts_of))
        and not backed(claim, f, p, evidence or "", ev.facts, ev.payloads)
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


def _inside(claim: str, fact: Fact, payload: Payload, text: str) -> bool:
    """Whether a whole source states a value inside the claim's bounded fact, in its role."""
    view = numeric_view(text)
    return backed(claim, fact, payload, text, view.facts, view.payloads)


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
        if not (stated or listed) and payload is not None and fact.kind in NUMERIC_KINDS:
            # a figure inside the claim's bound, in its role ("less than 77" / "76")
            listed = any(t and _inside(claim, fact, payload, t) for t in texts)
        if not (stated or listed):
            out.append(fact)
    return tuple(out)


def check_facts(
    claim: str,
    passages: Sequence[str],
    sources: Sequence[str] = (),
    rules_off: Collection[str] = (),
) -> FactCheck:
    """The claim's facts missing from the passages together, and those a passage contradicts.

    A conflict is what a conflict rule (:data:`citemark.facts.RULES`) finds a passage
    saying against the claim: another value of a missing fact in the same role (see
    ``conflicts``), a polarity clash ("may" against "may not"), an outcome word's
    opposite and the rest; each names its rule, and the rules named in ``rules_off``
    are not run. A fact in ``conflicts`` is not repeated in ``missing``. A claim that
    defines a term ('"FDA" means ...') meets no conflict in a passage defining
    another one (:mod:`.definitions`). ``sources`` are the whole source texts: a
    rival name that one of them writes together with the claim's as one person's
    name ("Daniel LaRusso" for "LaRusso" against "Daniel") is no conflict, and the
    claim's name stays a missing fact.
    """
    missing = missing_facts(claim, "\n".join(passages))
    if sources and any(f.kind == "name" for f in missing):
        missing = [f for f in missing if not _named_by_its_head(f, passages, sources)]
    # A definition contradicts only a definition of its own term.
    passages = other_definitions_emptied(claim, passages)
    conflicts = run(CheckedClaim(claim, passages, sources, missing), RULES, rules_off)
    clashed = {c.claim for c in conflicts}
    # the direction rule shows the fact with its bound or its direction ("at least $500",
    # "before March 1, 2024"): the fact inside is the one it reports
    turned = [(c.claim.start, c.claim.end) for c in conflicts if c.rule == "direction"]
    return FactCheck(
        tuple(
            f
            for f in missing
            if f not in clashed and not any(a <= f.start and f.end <= b for a, b in turned)
        ),
        conflicts,
    )


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
