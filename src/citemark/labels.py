"""The list label that numbers a claim: "2. ", "(b) ", "• ", "Step 2: ".

The segmenter starts a sentence at a list marker, the pipeline blanks a sentence's
label before it reads the claim, and the report leaves the label out of the text it
draws as paraphrase support: all three read the label here.
"""

from __future__ import annotations

import re

from .lazy import lazy_pattern

# A list marker at the start of a line: bullets, "1.", "1)", "(a)", "iv.", "1.2.".
LIST_MARKER = lazy_pattern(
    r"""(?:
        [-*+•‣◦▪●■–—]
      | \(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivx]{2,5}|[IVX]{2,5})[.)]
      | \((?:\d{1,3}|[A-Za-z]{1,2}|[ivx]{2,5}|[IVX]{2,5})\)
    )(?=\s|$)""",
    re.VERBOSE,
)

# A label that names its kind: "Step 2:", "Item 3.", "Point 4)".
_NAMED_LABEL = lazy_pattern(r"(?:Step|Item|Point)\s+\d{1,3}[:.)](?=\s)", re.IGNORECASE)


def label_length(sentence: str) -> int:
    """Characters of the list label that opens ``sentence``, with the spaces after it:
    "2. ", "(b) ", "ii) ", "• ", "Step 2: " (0 when there is none, or nothing after it).

    A label numbers a claim and claims nothing itself: read as a claim's word, "2." was
    drawn as paraphrase support and drew a citation of "$2,400 per month".
    """
    found = LIST_MARKER.match(sentence) or _NAMED_LABEL.match(sentence)
    if found is None:
        return 0
    end = found.end()
    while end < len(sentence) and sentence[end].isspace():
        end += 1
    return end if any(c.isalnum() for c in sentence[end:]) else 0
