"""Where disputes go: arbitration against the courts, when each side plainly sends
disputes to one kind of forum."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "Disputes go to arbitration in Wilmington.",
            "Any dispute arising out of this Agreement shall be resolved exclusively in the "
            "state or federal courts located in Wilmington, Delaware.",
            ("arbitration", "courts"),
        ),
        (
            "All disputes will be resolved in court.",
            "All disputes shall be resolved by binding arbitration under the AAA rules.",
            ("court", "arbitration"),
        ),
        (
            "Any claim must be litigated in the courts of New York.",
            "Any claim arising under this Agreement shall be settled by arbitration in New York.",
            ("litigated", "arbitration"),
        ),
    ],
)
def test_another_forum_for_disputes_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the same forum
        (
            "Disputes are settled by arbitration.",
            "Any dispute shall be finally settled by binding arbitration.",
        ),
        # a passage that names both forums backs either
        (
            "Disputes are resolved in the courts of Delaware.",
            "Any dispute shall be finally settled by arbitration, and judgment on the award "
            "may be entered in any court of competent jurisdiction.",
        ),
        # fees and relief say nothing of where disputes go
        (
            "The prevailing party in any litigation may recover its fees.",
            "In any arbitration, the prevailing party may recover its reasonable attorneys' fees.",
        ),
        (
            "Either party may seek injunctive relief in court.",
            "All disputes shall be resolved by binding arbitration.",
        ),
        # a denial or a waiver is no plain statement of the forum
        (
            "Disputes are never taken to court.",
            "All disputes shall be resolved by binding arbitration.",
        ),
        (
            "The parties waive any right to have disputes decided in court.",
            "All disputes shall be resolved by binding arbitration.",
        ),
    ],
)
def test_no_forum_conflict_without_two_plain_forums(claim: str, passage: str) -> None:
    assert conflicts(claim, passage) == []
