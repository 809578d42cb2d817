"""The conflict rules: one protocol, one registry, in the order they run.

:data:`RULES` holds every rule (:class:`ConflictRule`: a unique ``name``, a cheap
``trigger``, one ``check`` signature, its own ``examples``); ``check_facts`` runs
them over a claim (:func:`run`), and every conflict names the rule that raised it.
A preset turns rules off by name (``rules_off``). ``python -m
citemark.facts.catalogue`` prints the catalogue of them in ``docs/conflict-rules.md``.
"""

from __future__ import annotations

from .base import CheckedClaim, ConflictRule, Example, Rule, Trigger, run
from .registry import RULE_NAMES, RULES

__all__ = [
    "RULES",
    "RULE_NAMES",
    "CheckedClaim",
    "ConflictRule",
    "Example",
    "Rule",
    "Trigger",
    "run",
]
