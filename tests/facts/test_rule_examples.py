"""Every conflict rule's own examples, run through ``check_facts``; and the registry's shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark.facts import RULES, check_facts
from citemark.facts.rules import CheckedClaim, Example, Rule, Trigger
from citemark.facts.rules.base import run

CASES = [
    pytest.param(rule, example, id=f"{rule.name}-{n}")
    for rule in RULES
    for n, example in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), CASES)
def test_a_rule_finds_what_its_examples_say(rule: Rule, example: Example) -> None:
    """Each example gives the rule's conflict (claim words, passage words), or none of
    the rule's; every conflict names the rule that raised it."""
    checked = check_facts(example.claim, [example.passage], example.sources)
    assert all(c.rule in {r.name for r in RULES} for c in checked.conflicts)
    mine = [(c.claim.text, c.evidence.text) for c in checked.conflicts if c.rule == rule.name]
    assert mine == ([] if example.conflict is None else [example.conflict])


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_rule_has_a_firing_and_a_quiet_example(rule: Rule) -> None:
    assert any(e.conflict is not None for e in rule.examples)
    assert any(e.conflict is None for e in rule.examples)
    assert rule.description


def test_rule_names_are_unique() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_a_rules_firing_examples_hold_its_trigger(rule: Rule) -> None:
    """A trigger skips a rule only where it would find nothing: each claim it fires
    on holds one of its words."""
    for example in rule.examples:
        view = CheckedClaim(example.claim, [example.passage], (), ())
        if example.conflict is not None and rule.trigger is not None:
            assert rule.trigger.occurs(view)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_a_rule_turned_off_raises_nothing(rule: Rule) -> None:
    example = next(e for e in rule.examples if e.conflict is not None)
    checked = check_facts(example.claim, [example.passage], example.sources, {rule.name})
    assert rule.name not in {c.rule for c in checked.conflicts}


def test_a_claim_without_a_rules_trigger_word_skips_it() -> None:
    trigger = Trigger(("joint",))
    assert not trigger.occurs(CheckedClaim("The parties are liable.", [], (), ()))
    assert trigger.occurs(CheckedClaim("The parties are Jointly liable.", [], (), ()))
    # a case-insensitive pattern can match non-ASCII text no lower-cased word shows
    assert trigger.occurs(CheckedClaim("The parties are ſeverally liable.", [], (), ()))


def test_conflicts_of_the_fact_rules_read_in_the_claims_order() -> None:
    """A value rival and a negation rival come in the order of the claim's words, as
    one pass over its missing facts gives them."""
    claim = "The tenant may not sublet the premises and must pay $500."
    passage = "The tenant may sublet the premises and must pay $700."
    checked = check_facts(claim, [passage])
    assert [(c.rule, c.claim.text) for c in checked.conflicts] == [
        ("negation", "may not sublet"),
        ("value", "$500"),
    ]


_WORDS = sorted({w for rule in RULES if rule.trigger for w in rule.trigger.words})


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from([*_WORDS, "MONTHLY", "Court", "ſ"]), st.text("abcmnot ,.-", max_size=5)
        ),
        max_size=10,
    )
)
def test_a_rule_runs_exactly_where_one_of_its_trigger_words_occurs(parts: list[str]) -> None:
    """A rule is asked of a claim holding one of its trigger words as written or inside
    another word ("month" in "monthly"), in any case, and of every claim that is not
    ASCII; of no other claim."""
    text = "".join(parts)
    view = CheckedClaim(text, [], (), ())
    for rule in RULES:
        if rule.trigger is None:
            continue
        asked: list[str] = []

        def spy(claim: CheckedClaim, raised: object, asked: list[str] = asked) -> tuple[()]:
            asked.append(claim.text)
            return ()

        run(view, [Rule(rule.name, spy, rule.trigger, ())])
        expected = not text.isascii() or any(w in text.lower() for w in rule.trigger.words)
        assert bool(asked) == expected, (rule.name, text)
