"""The scorer: from support features to a score, its components, and a status.

The default judge is a logistic model whose weights and thresholds come from a
preset (fitted by ``make calibrate``); its components are each feature's
contribution to the log-odds, so a reviewer can see why a sentence scored as it
did. Anything with the :class:`Judge` shape can replace it, for example a judge
backed by an NLI model that reads the sentence and its evidence.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .config import Config
from .facts import Fact
from .facts.quotations import KIND as QUOTATION
from .types import Status

# Facts whose absence from the evidence can keep a sentence from "supported":
# the preset's ``cap_facts`` picks which do; ``strict_facts`` makes all of them
# and names do.
BLOCKING_KINDS = frozenset({"number", "date", "amount", "percent", "negation"})
_Item = TypeVar("_Item")


@dataclass(frozen=True)
class Judgement:
    """A support probability, the named parts it was made of, and the claim probability.

    ``score`` is the probability that the evidence supports the whole sentence;
    ``components`` are each feature's contribution to its log-odds. ``claim`` is
    the probability that the evidence supports at least part of it (not
    "unsupported"), from a second model where the preset has one; ``None`` means
    the judge has no such model and the partial threshold applies to ``score``.
    """

    score: float
    components: dict[str, float]
    claim: float | None = None


class Judge(Protocol):
    """Turns a sentence, its evidence and the support features into a judgement."""

    def __call__(self, sentence: str, evidence: str, features: dict[str, float]) -> Judgement: ...


class LogisticJudge:
    """``sigmoid(bias + sum(weight * feature))`` with weights from the config.

    The supported model gives the score; the preset's optional claim model (at
    least partly supported, against unsupported) gives :attr:`Judgement.claim`.
    """

    def __init__(self, config: Config, mode: str) -> None:
        self.weights, self.bias = config.weights(mode)
        self.claim_model = config.claim_model(mode)

    def __call__(self, sentence: str, evidence: str, features: dict[str, float]) -> Judgement:
        contributions = contributions_of(self.weights, features)
        score = _sigmoid(self.bias + sum(contributions.values()))
        claim = None
        if self.claim_model is not None:
            weights, bias = self.claim_model
            claim = _sigmoid(bias + sum(contributions_of(weights, features).values()))
        return Judgement(score, contributions, claim)


def contributions_of(weights: dict[str, float], features: dict[str, float]) -> dict[str, float]:
    """Each weighted feature's share of the log-odds, rounded so output is stable."""
    return {
        name: round(weight * features.get(name, 0.0), 6) for name, weight in sorted(weights.items())
    }


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def capping_kinds(config: Config) -> frozenset[str]:
    """The kinds of missing fact that cap a sentence at "partial" under ``config``."""
    if config.strict_facts:
        return BLOCKING_KINDS | {"name", QUOTATION}
    # A quotation no source holds word for word always caps (``facts.quotations``).
    return frozenset((*config.cap_facts, QUOTATION))


def cap_candidates(
    missing: tuple[_Item, ...], unsourced: tuple[_Item, ...], config: Config
) -> tuple[_Item, ...]:
    """The missing facts (or their kinds) that may cap a sentence under ``config``.

    By default only the unsourced ones, values no source states in any form: a fact
    merely absent from the cited passage, while another source states it, says that
    retrieval cited too little, not that the answer made it up. A ``strict_facts``
    preset (``legal-strict``) asks more, that the cited evidence itself state every
    fact, so there every missing fact may cap.
    """
    return missing if config.strict_facts else unsourced


def fact_capped(score: float, missing: tuple[Fact, ...], config: Config) -> bool:
    """Whether a capping fact of ``missing`` is all that keeps this score from "supported".

    ``missing`` is what the caller passes to :func:`status_of`, the sentence's
    :func:`cap_candidates`.
    """
    kinds = capping_kinds(config)
    return score >= config.thresholds()[0] and any(f.kind in kinds for f in missing)


def status_of(
    score: float,
    missing: tuple[Fact, ...],
    config: Config,
    *,
    claim: float | None = None,
    conflicts: int = 0,
    no_claim: bool = False,
    edited: bool | Callable[[], bool] = False,
) -> Status:
    """The status for a judgement, lowered when facts that matter are missing.

    An invented number is exactly the error a reviewer must not miss, so a fact
    of ``missing`` caps the status at "partial" whatever the other features say
    (for the kinds the preset's ``cap_facts`` names; see :func:`capping_kinds`);
    a fact the evidence contradicts makes the sentence "unsupported". The
    pipeline passes as ``missing`` the sentence's :func:`cap_candidates`: by
    default only the facts no source states in any form (``facts.unsourced_facts``);
    one that is merely absent from the cited passage while another source states
    it lowers the score as a missing-fact feature and is reported, but does not
    cap (except under ``strict_facts``). ``no_claim`` and ``edited`` are passed on to
    :func:`decide`.
    """
    blocked = bool(capping_kinds(config).intersection(f.kind for f in missing))
    supported, partial = config.thresholds()
    return decide(
        score, claim, blocked, conflicts, supported, partial, no_claim=no_claim, edited=edited
    )


def decide(
    score: float,
    claim: float | None,
    blocked: bool,
    conflicts: int,
    supported: float,
    partial: float,
    *,
    no_claim: bool = False,
    edited: bool | Callable[[], bool] = False,
) -> Status:
    """The status rule itself, shared by the pipeline and by calibration.

    In order: a conflict makes a sentence "unsupported" (the evidence says something
    else, whatever the overlap); a sentence that claims nothing (``no_claim``: a
    lead-in, a heading, a courtesy) is "no_claim", neither flagged nor "supported" on
    a few shared words; a score at the ``supported`` threshold with no capping fact
    (``blocked``) is "supported", unless the sentence is an edited quote (``edited``: a
    quote with a word swapped or a clause added, no support however much of the
    source it repeats), which is "partial"; below it the claim probability (the score
    where the judge has no claim model) decides "partial" against "unsupported".

    ``edited`` may be a function, asked only of a sentence that would otherwise be
    supported: the edited-quote test lines words up with the source, which no other
    sentence need pay for. Calibration picks the ``supported`` and ``partial``
    thresholds by calling this on measured sentences, so they are chosen for exactly
    the rule the pipeline applies.
    """
    if conflicts:
        return "unsupported"
    if no_claim:
        return "no_claim"
    if score >= supported and not blocked:
        return "partial" if (edited() if callable(edited) else edited) else "supported"
    return "partial" if (score if claim is None else claim) >= partial else "unsupported"
