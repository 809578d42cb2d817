"""The HTML rendering points at the answer's own markers that cite the wrong source,
escaped like every other piece of the page."""

from __future__ import annotations

import citemark

SOURCES = [
    {"id": "1", "text": "The lease term is five years, starting on 1 July 2023."},
    {"id": "2", "text": "Rent is $2,400 per month, due on the first day of each month."},
]


def test_a_marker_naming_the_wrong_source_or_none_is_marked() -> None:
    answer = "The lease runs for five years [2]. Rent is $2,400 a month [2]. It starts in 2023 [7]."
    page = citemark.align(answer, SOURCES, config="lexical").html()
    assert (
        '<mark class="cm-miscited" title="source 2 does not support this sentence; '
        'source 1 does">[2]</mark>. '
    ) in page
    assert (
        '<mark class="cm-miscited" title="7 names no given source; source 1 does">[7]</mark>'
        in (page)
    )
    # the rightly cited [2] of the second sentence is left as written
    assert page.count("cm-miscited") == 2


def test_marker_titles_are_escaped() -> None:
    sources = [
        {"id": '<b id="x">', "text": "The lease term is five years."},
        {"id": "Q", "text": "Rent is due on the first day of each month."},
    ]
    page = citemark.align("The lease runs for five years [Q].", sources, config="lexical").html()
    assert (
        'title="source Q does not support this sentence; source &lt;b id=&quot;x&quot;&gt; does"'
        in (page)
    )
    assert '<b id="x">' not in page
