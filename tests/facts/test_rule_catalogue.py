"""The committed catalogue of conflict rules is the one the registry writes."""

from __future__ import annotations

from pathlib import Path

from citemark.facts import RULES
from citemark.facts.catalogue import PRECISION, catalogue, load_precision

DOC = Path(__file__).resolve().parents[2] / "docs" / "conflict-rules.md"


def test_the_committed_catalogue_is_current() -> None:
    """Regenerate with ``python -m citemark.facts.catalogue > docs/conflict-rules.md``."""
    assert DOC.read_text(encoding="utf-8") == catalogue(RULES, load_precision(PRECISION))


def test_the_catalogue_names_every_rule_with_its_examples() -> None:
    page = catalogue(RULES)
    for rule in RULES:
        assert f"\n## {rule.name}\n" in page
        for example in rule.examples:
            assert " ".join(example.claim.split()).replace("|", "\\|") in page
