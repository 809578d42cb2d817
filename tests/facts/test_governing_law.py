"""The law a contract is governed by (``facts.governing``): "This Agreement is governed by
federal law" against "the laws of the State of New York", and a place a passage names for
another reason (a court's caption) that is no governing law.

The opposite-word rules hold the other governing-law cases (``test_opposites.py``).
"""

from __future__ import annotations

import pytest
from fact_pairs import conflict_texts

from citemark import align


@pytest.mark.parametrize(
    ("source", "conflict"),
    [
        (
            "This Agreement is governed by the laws of the State of New York.",
            ("federal", "New York"),
        ),
        # the passage names the nation's law too
        (
            "This Agreement is governed by the laws of the State of New York and applicable "
            "federal law.",
            None,
        ),
    ],
)
def test_federal_law_is_a_governing_law_of_its_own(
    source: str, conflict: tuple[str, str] | None
) -> None:
    answer = "This Agreement is governed by federal law."
    result = align(answer, [{"id": "L", "text": source}]).sentences[0]
    assert [(c.text, c.evidence) for c in result.conflicts] == ([conflict] if conflict else [])
    assert result.status == ("unsupported" if conflict else "supported")


def test_a_place_named_for_another_reason_is_no_governing_law() -> None:
    lease = {
        "id": "lease",
        "text": "8. Governing Law. This Lease shall be governed by the laws of the State of "
        "Oregon.",
    }
    caption = {
        "id": "order",
        "text": "UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF CALIFORNIA. Case No. "
        "3:23-cv-04417.",
    }
    (sentence,) = align("The lease is governed by California law.", [lease, caption]).sentences
    assert sentence.status == "unsupported"
    assert [(c.text, c.source_id) for c in sentence.conflicts] == [("California", "lease")]
    wales = "This Agreement shall be governed by the laws of England and Wales."
    assert conflict_texts("English law governs the agreement.", wales) == []
    assert conflict_texts("The lease is governed by Oregon law.", lease["text"]) == []
