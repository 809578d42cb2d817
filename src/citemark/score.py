"""The scorer: from support features to a score, its components, and a status.

The default judge is a logistic model whose weights and thresholds come from a
preset (fitted by ``make calibrate``); its components are each feature's
contribution to the log-odds, so a reviewer can see why a sentence scored as it
did. Anything with the :class:`Judge` shape can replace it, for example a judge
backed by an NLI model that reads the sentence and its evidence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol

from .config import Config
from .facts import Fact

Status = Literal["supported", "partial", "unsupported", "no_claim"]
# The statuses a claim can have; "no_claim" (a sentence that asserts nothing
# checkable: a lead-in, a heading) is counted apart from them.
STATUSES: tuple[Status, ...] = ("supported", "partial", "unsupported")
# Facts whose absence from the evidence can keep a sentence from "supported":
# the preset's ``cap_facts`` picks which do; ``strict_facts`` makes all of them
# and names do.
BLOCKING_KINDS = frozenset({"number", "date", "amount", "percent", "negation"})


@dataclass(frozen=True)
class Judgement:
    """A support probability and the named parts it was made of."""

    score: float
    components: dict[str, float]


class Judge(Protocol):
    """Turns a sentence, its evidence and the support features into a judgement."""

    def __call__(self, sentence: str, evidence: str, features: dict[str, float]) -> Judgement: ...


class LogisticJudge:
    """``sigmoid(bias + sum(weight * feature))`` with weights from the config."""

    def __init__(self, config: Config, mode: str) -> None:
        self.weights, self.bias = config.weights(mode)

    def __call__(self, sentence: str, evidence: str, features: dict[str, float]) -> Judgement:
        contributions = {
            name: round(weight * features.get(name, 0.0), 6)
            for name, weight in sorted(self.weights.items())
        }
        logit = self.bias + sum(contributions.values())
        return Judgement(_sigmoid(logit), contributions)


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def capping_kinds(config: Config) -> frozenset[str]:
    """The kinds of missing fact that cap a sentence at "partial" under ``config``."""
    if config.strict_facts:
        return BLOCKING_KINDS | {"name"}
    return frozenset(config.cap_facts)


def fact_capped(score: float, missing: tuple[Fact, ...], config: Config) -> bool:
    """Whether a missing fact is all that keeps this score from "supported"."""
    kinds = capping_kinds(config)
    return score >= config.thresholds()[0] and any(f.kind in kinds for f in missing)


def status_of(score: float, missing: tuple[Fact, ...], config: Config) -> Status:
    """The status for a score, lowered when facts that matter are missing.

    A changed number or a dropped negation is exactly the error a reviewer must
    not miss, so it caps the status at "partial" whatever the other features say
    (for the kinds the preset's ``cap_facts`` names; see ``capping_kinds``).
    """
    supported, partial = config.thresholds()
    if score >= supported and not fact_capped(score, missing, config):
        return "supported"
    if score >= partial:
        return "partial"
    return "unsupported"
