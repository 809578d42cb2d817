"""What the fact check passes around: the public ``Fact`` and the payloads behind it.

A ``Fact`` is what callers see (its surface text and a normalised value); the
payload stored beside it is what the comparison actually tests, such as a
quantity's value in a common time unit, so "two weeks" can back "14 days". They
live apart from the code that makes and compares them so that every stage can
import them without an import cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

FACT_KINDS: tuple[str, ...] = ("number", "date", "amount", "percent", "negation", "name")
# What a conflict may be: a fact of any kind, or an outcome word against its opposite
# ("reversed" / "affirmed", ``opposites``), a legal standard against another of its
# family ("de novo" / "abuse of discretion", ``standards``) or "all" of a class the
# evidence limits with "only" or a thing it excludes (``scope``), or "immediately"
# against a delay (``timing``), which are no facts of their own.
CONFLICT_KINDS: tuple[str, ...] = (*FACT_KINDS, "opposite")
# The kinds a text states through its numeric scan (numbers, durations, dates):
# looked up in a source's numeric indexes alone, and weighed by the scorer by whether
# any source states them.
NUMERIC_KINDS = frozenset({"number", "date", "amount", "percent"})


@dataclass(frozen=True)
class Fact:
    """One checkable detail of a text.

    ``text`` is the surface form (``text[start:end]`` of the analysed string);
    ``value`` is the normalised form that comparisons and de-duplication use.
    """

    kind: str
    text: str
    value: str
    start: int
    end: int


@dataclass(frozen=True)
class FactConflict:
    """A key fact of the claim that a passage of the evidence states differently.

    ``claim`` has offsets into the claim text; ``evidence`` has offsets into
    ``passages[passage]``, the evidence passage (as given to ``check_facts``) that
    states the other value. A conflict is stronger than a missing fact: the
    evidence does not merely fail to mention the detail, it says something else.
    ``rule`` names the conflict rule that raised it (:data:`citemark.facts.RULES`),
    so that a reviewer can tell why and a preset can turn the rule off.
    """

    kind: str
    claim: Fact
    evidence: Fact
    passage: int
    rule: str = ""


@dataclass(frozen=True)
class FactCheck:
    """The outcome of checking a claim's key facts against its evidence passages."""

    missing: tuple[Fact, ...]
    conflicts: tuple[FactConflict, ...]


@dataclass(frozen=True)
class Bound:
    """How a text bounds or rounds a value it states: "at least 30", "under 255", "about
    500", "before October 2014", "between 5 and 10" (read by ``intervals``).

    ``side`` is "ge", "gt", "le" or "lt" (the value or more, more, the value or less,
    less), "about" (near it either way), "below" (near it and not above: "nearly") or
    "between" (``other`` holds the range's other end, on the value's scale). ``limit``:
    the words state a limit a rule sets ("at least thirty (30) days", "shall not
    exceed"), which two of one side compare by their ends; ``firm``: such a limit said
    before the value and no estimate ("as many as"), which the same value with the
    other side's limit contradicts. Where the words stand (``start`` to ``end``, the
    value included) is for showing them, not part of what the bound is.
    """

    side: str
    limit: bool = False
    firm: bool = False
    other: float | None = None
    start: int = field(default=-1, compare=False)
    end: int = field(default=-1, compare=False)


@dataclass(frozen=True)
class Quantity:
    """Comparison payload of a number, amount or percent; ``bound``: how its text bounds
    it ("at least", "about"), ``None`` for a value stated as such."""

    key: str
    unit: str | None = None
    time: tuple[str, str] | None = None
    bound: Bound | None = None


# The readings of a date (``DateKeys.alts`` tags) that name its year.
YEAR_READINGS = frozenset(("ymd", "ym", "y", "dec"))


@dataclass(frozen=True)
class DateKeys:
    """Each reading of a date ("01/05/2020" has two) as comparable tuples; ``bound``: the
    side of it its text means ("before", "by"), ``None`` for the date itself."""

    alts: tuple[tuple[int | str, ...], ...]
    bound: Bound | None = None


@dataclass(frozen=True)
class NameKey:
    words: tuple[str, ...]
    soft_first: bool


@dataclass(frozen=True)
class NegKey:
    head: str
    cue: str


Payload = Quantity | DateKeys | NameKey | NegKey


# A text's facts and their payloads, as the analysis gives them: handed to the checks
# that read facts (``timing``, ``rates``) so that they need not import the analysis.
FactsOf = Callable[[str], tuple[tuple[Fact, ...], tuple[Payload, ...]]]
