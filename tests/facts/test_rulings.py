"""Rulings: who a judgment favours (``facts.prevailing``), an appeal court's outcome, and a
mixed ruling read claim by claim (``facts.rulings``).

"The trial court granted summary judgment to Harlan" shares every word but the party with
"... to Westfield", and "The Court granted the motion to dismiss the breach of contract
claim" shares every word with an order that granted it as to another claim. A split
judgment, a role and a name that may be one party, and the same ruling in other words are
no conflict.
"""

from __future__ import annotations

import pytest
from fact_pairs import conflict_texts

from citemark import align, load_config

# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
ALL_RULES = load_config("default").with_(rules_off=())

# --- who a ruling favours -----------------------------------------------------------------


OPINION = (
    "Plaintiff Harlan sued Westfield Mutual for breach of contract after Westfield denied "
    "coverage. The trial court granted summary judgment to Westfield, and the Court of "
    'Appeals affirmed. We hold that water from a ruptured main is not "surface water" '
    "within the meaning of the exclusion. Because the exclusion is ambiguous, it must be "
    "construed against the insurer."
)


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        (
            "The trial court granted summary judgment to Harlan.",
            ("granted summary judgment to Harlan", "granted summary judgment to Westfield"),
        ),
        (
            "Because the exclusion was ambiguous, the court construed it in favor of the insurer.",
            ("construed it in favor of the insurer", "construed against the insurer"),
        ),
        ("The Court of Appeals reversed the trial court.", ("reversed", "affirmed")),
        (
            "The court held that water from a ruptured main is surface water.",
            ("is surface", 'is not "surface'),
        ),
    ],
)
def test_who_won_and_a_quoted_term_denied_are_conflicts(
    claim: str, conflict: tuple[str, str]
) -> None:
    """The party a judgment is given to, the side an ambiguity is construed for
    (`facts/prevailing.py`); an appeal court's outcome with nothing after it ("the Court of
    Appeals affirmed."), which rules on what the claim names; and a denial of a term in
    quotation marks, which reaches past the marks."""
    result = align(claim, [{"id": "O", "text": OPINION}], config=ALL_RULES).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [conflict]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a split judgment rules the claim's way too
        (
            "The court granted summary judgment to Harlan.",
            "The court granted summary judgment to Westfield on the contract claim and "
            "granted summary judgment to Harlan on the bad-faith claim.",
        ),
        # a role and a name may be one party
        (
            "The court granted summary judgment to the insurer.",
            "Westfield is the insurer. The court granted summary judgment to Westfield.",
        ),
        # the same ruling
        (
            "The court entered judgment in favor of the plaintiff.",
            "Judgment was entered for the plaintiffs; the court entered judgment for the "
            "plaintiff.",
        ),
        # another court's outcome on another thing
        (
            "The Court of Appeals reversed the trial court.",
            "The trial court denied the motion. The Court of Appeals reversed.",
        ),
    ],
)
def test_rulings_that_agree_or_cannot_be_told_apart_are_no_conflict(
    claim: str, passage: str
) -> None:
    """No conflict where the passage rules the claim's way, or where the two parties may
    be one."""
    result = align(claim, [{"id": "O", "text": passage}]).sentences[0]
    assert [c for c in result.conflicts if c.kind in ("name", "opposite")] == []


def test_a_party_the_passage_never_names_is_no_rival_of_the_ruling() -> None:
    """ "Acme" may be Westfield under another name: the ruling rule leaves it (the
    name rule still reads a sentence that differs from the passage in its name only)."""
    from citemark.facts.prevailing import prevailing_conflicts

    passage = "Westfield moved for summary judgment, and the court granted judgment to Westfield."
    assert prevailing_conflicts("The court granted judgment to Acme.", [passage]) == ()
    assert prevailing_conflicts("The court granted judgment to Harlan.", [passage]) == ()
    assert prevailing_conflicts(
        "The court granted judgment to Harlan.", [passage + " Harlan appealed."]
    )


# --- a mixed ruling, read claim by claim --------------------------------------------------


ORDER = (
    "The motion is GRANTED as to Plaintiff's fraud claim, which is dismissed with leave to "
    "amend. The motion is DENIED as to Plaintiff's breach of contract claim."
)


def test_a_mixed_ruling_is_read_claim_by_claim() -> None:
    assert conflict_texts(
        "The Court granted the motion to dismiss the breach of contract claim.", ORDER
    ) == [("granted", "DENIED")]
    assert conflict_texts("The breach of contract claim was dismissed.", ORDER) == [
        ("dismissed", "DENIED")
    ]
    assert conflict_texts("The Court denied the motion as to the fraud claim.", ORDER) == [
        ("denied", "GRANTED")
    ]


def test_a_ruling_said_the_order_s_way_is_no_conflict() -> None:
    for claim in (
        "The Court granted the motion as to the fraud claim.",
        "The fraud claim was dismissed.",
        "The court denied the motion to dismiss the breach of contract claim.",
        "The motion to dismiss was granted in part and denied in part.",
    ):
        assert conflict_texts(claim, ORDER) == [], claim
