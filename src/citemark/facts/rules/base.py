"""What a conflict rule is: one protocol, the view of a claim every rule reads, the run.

A rule reads one claim against the passages it was matched to and reports where a
passage says something else. Every rule has the same shape (:class:`ConflictRule`):
a unique ``name`` that each of its conflicts carries and a preset can turn off by,
a ``trigger`` (words one of which every claim it can fire on holds), one ``check``
signature, and ``examples`` that the tests run and the catalogue prints.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Protocol

from ..analysis import Analysis, analyse, facts_of
from ..conflicts import folded_words
from ..model import Fact, FactConflict, FactsOf, Payload


@dataclass(frozen=True)
class CheckedClaim:
    """One claim as the rules read it, with what its analysis and its passages give.

    ``passages`` are the passages the claim was matched to (a passage defining another
    term emptied, see :mod:`..definitions`); ``sources`` the whole source texts;
    ``missing`` the claim's facts the passages together lack or contradict, in claim
    order. The rest is worked out on first use and shared by the rules that read it.
    """

    text: str
    passages: Sequence[str]
    sources: Sequence[str]
    missing: Sequence[Fact]

    @cached_property
    def lower(self) -> str:
        """The claim in lower case, which every trigger is looked for in."""
        return self.text.lower()

    @cached_property
    def ascii(self) -> bool:
        """Whether the claim is ASCII, where a trigger word's absence is conclusive."""
        return self.text.isascii()

    @cached_property
    def analysis(self) -> Analysis:
        """The claim's facts, negations and assertions (memoised per text)."""
        return analyse(self.text)

    @property
    def words(self) -> frozenset[str]:
        """The claim's folded words, with the acronyms of its names."""
        return self.analysis.words

    @cached_property
    def folded(self) -> frozenset[str]:
        """The claim's folded words, what a name's words are looked up in."""
        return folded_words(self.text)

    @property
    def facts_of(self) -> FactsOf:
        """A text's facts and their payloads (memoised per text)."""
        return facts_of

    @cached_property
    def passage_facts(self) -> list[tuple[str, tuple[Fact, ...], tuple[Payload, ...]]]:
        """Each passage with its facts and their payloads."""
        return [(text, *facts_of(text)) for text in self.passages]


@dataclass(frozen=True)
class Trigger:
    """Words (lower case) one of which is in every claim a rule can fire on.

    Tested as substrings of the lower-cased claim: a rule whose words are all absent
    would have found nothing, so it is not run. A case-insensitive regex can match
    non-ASCII text no lower-cased substring shows ("ſ" is matched by "s"), so a
    claim that is not ASCII runs every rule.
    """

    words: tuple[str, ...]

    def occurs(self, claim: CheckedClaim) -> bool:
        """Whether the rule may fire on ``claim``."""
        return not claim.ascii or any(w in claim.lower for w in self.words)


@dataclass(frozen=True)
class Example:
    """A claim and a passage, and the conflict the rule reports on them: its claim
    words and passage words, or ``None`` where the rule rightly reports nothing."""

    claim: str
    passage: str
    conflict: tuple[str, str] | None
    sources: tuple[str, ...] = ()


class ConflictRule(Protocol):
    """One conflict rule (see :data:`citemark.facts.RULES`)."""

    @property
    def name(self) -> str:
        """Unique; every conflict the rule raises carries it."""
        ...

    @property
    def description(self) -> str:
        """One line: what the rule reports."""
        ...

    @property
    def trigger(self) -> Trigger | None:
        """Words one of which every claim it can fire on holds; ``None``: it always runs."""
        ...

    @property
    def examples(self) -> tuple[Example, ...]:
        """At least one claim it fires on and one it rightly passes over."""
        ...

    @property
    def defers(self) -> bool:
        """Whether a conflict of this rule on claim words an earlier rule's conflict
        already covers is left out ("prohibited" is a negation and an opposite word)."""
        ...

    @property
    def claim_order(self) -> bool:
        """Whether the rule gives at most one conflict per missing fact, in the claim's
        order together with the other rules that do."""
        ...

    def check(
        self, claim: CheckedClaim, raised: Sequence[FactConflict]
    ) -> tuple[FactConflict, ...]:
        """The conflicts this rule finds; ``raised`` are those of the rules before it."""
        ...


Finder = Callable[[CheckedClaim, Sequence[FactConflict]], tuple[FactConflict, ...]]


@dataclass(frozen=True)
class Rule:
    """A conflict rule made of a function that finds its conflicts (:class:`ConflictRule`).

    ``find``'s docstring, first paragraph, is the rule's description.
    """

    name: str
    find: Finder
    trigger: Trigger | None
    examples: tuple[Example, ...]
    defers: bool = True
    claim_order: bool = False

    @property
    def description(self) -> str:
        doc = inspect.getdoc(self.find) or ""
        return " ".join(doc.split("\n\n", 1)[0].split())

    def check(
        self, claim: CheckedClaim, raised: Sequence[FactConflict]
    ) -> tuple[FactConflict, ...]:
        return self.find(claim, raised)


def reading(function: Callable[..., tuple[FactConflict, ...]], *extra: str) -> Finder:
    """A finder calling ``function(claim, passages, *extra)``, the ``extra`` read off
    the :class:`CheckedClaim` by name ("sources", "words", "facts_of"): the form most rule
    functions take, so that they stay callable on plain strings."""

    def find(claim: CheckedClaim, raised: Sequence[FactConflict]) -> tuple[FactConflict, ...]:
        return function(claim.text, claim.passages, *(getattr(claim, e) for e in extra))

    find.__doc__ = function.__doc__
    find.__name__ = find.__qualname__ = function.__name__
    return find


def run(
    claim: CheckedClaim, rules: Sequence[ConflictRule], off: Collection[str] = ()
) -> tuple[FactConflict, ...]:
    """The conflicts ``rules`` raise on ``claim``, in rule order, each naming its rule.

    A rule turned ``off`` or whose trigger is absent is not run. Each trigger is a
    few substring tests of the lower-cased claim (microseconds for every rule
    together); a single Aho-Corasick pass over all trigger words, no faster at this
    size, made other threads of a server wait up to a second for the interpreter
    during a long answer. The rules that give
    one conflict per missing fact (``claim_order``) come first, in the claim's order,
    as one pass over its missing facts would give them; a rule that ``defers`` drops
    a conflict on claim words an earlier one covers (one conflict per claim span).
    """
    ordered: list[FactConflict] = []
    rest: list[FactConflict] = []
    for rule in rules:
        if rule.name in off:
            continue
        trigger = rule.trigger
        if trigger is not None and not trigger.occurs(claim):
            continue
        found = rule.check(claim, (*ordered, *rest))
        for c in found:
            if rule.defers and any(
                r.claim.start < c.claim.end and c.claim.start < r.claim.end
                for r in (*ordered, *rest)
            ):
                continue
            (ordered if rule.claim_order else rest).append(replace(c, rule=rule.name))
    if not ordered:
        return tuple(rest)
    at = {fact: i for i, fact in enumerate(claim.missing)}
    ordered.sort(key=lambda c: at[c.claim])
    return (*ordered, *rest)
