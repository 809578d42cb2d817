"""Defects found at stop 41 by a seventh new user's trial (a front-end engineer building a
citation UI; more in ``test_segment.py`` and ``test_browser.py``).

Each test fails on the code before its fix (5563801) unless marked as a guard.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import regex

from citemark import InputError, align, load_config

LEXICAL = load_config("lexical")
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SOURCE = [
    {
        "id": "S1",
        "text": "After a long season, the team won the championship in 2019 and celebrated "
        "with fans in Berlin.",
    }
]


@pytest.mark.parametrize(
    "emoji", ["\u2764\ufe0f", "\U0001f469\u200d\u2696\ufe0f", "\U0001f3f3\ufe0f\u200d\U0001f308",
              "\u263a\ufe0f", "\U0001f44d\U0001f3fd", "\U0001f469\u200d\u2695\ufe0f"],
)  # fmt: skip
@pytest.mark.parametrize("config", [LEXICAL, "default"])
def test_no_mark_starts_or_ends_inside_an_emoji(emoji: str, config: object) -> None:
    """A variation selector or joiner counts as a word character and the emoji before it
    does not, so a paraphrase mark began inside the cluster: "❤<cite>️ partying"; at a
    sentence's end a mark of nothing but "\\u200d⚕️" was drawn (trial 43)."""
    for answer in (
        "The team won the championship in 2019 after a long season "
        f"{emoji} partying with supporters in Berlin.",
        f"The team celebrated with fans in Berlin {emoji}",
    ):
        report = align(answer, SOURCE, config=config)
        edges = {0} | {m.end() for m in regex.finditer(r"\X", answer)}
        for mark in report.marks():
            assert mark.start in edges and mark.end in edges, (mark, report.tagged())
            assert regex.search(r"[\p{L}\p{N}]", answer[mark.start : mark.end]), mark


def test_a_conflict_title_gives_the_source_value_as_written() -> None:
    """The HTML title was a Python repr: a line break showed as a literal \\n and the
    quotes changed with the value (trial 43)."""
    source = [{"id": "lease", "text": "The term of this Lease is one (1)\nyear."}]
    page = align("The lease term is two years.", source, config=LEXICAL).html()
    assert 'title="source lease says “one (1) year”"' in page


@pytest.mark.parametrize(
    "unseen",
    [
        "\u200b",
        "\ufeff",
        "\u2060",
        "\u2800",
        "\u180e",
        " \u200b ",
        "\u2066",
        "\u3164",
        "\ufe0f",
        "\u034f",
    ],
)
def test_an_id_that_shows_as_nothing_is_refused(unseen: str) -> None:
    """Such an id was accepted, though it reads as blank wherever it is written (trial 43)."""
    with pytest.raises(InputError, match="has no visible character"):
        align("Rent is due.", [{"id": unseen, "text": "Rent is due."}], config=LEXICAL)
    # Nor inside a visible id (trial 46 reversed stop 41's guard: "lease\u200b" read as
    # "lease"); tests/test_trial46.py holds that.


def test_every_quote_drawn_has_a_citation_to_open() -> None:
    """ "There are several ways" (lfqa-webgpt-208) was drawn as a quote while three
    paraphrase passages filled the sentence's citations: no source place to open for it;
    18 such quotes in 120 dev records (trial 43)."""
    path = DATA / "lfqa.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} is absent: the dev data lives in ../shared/data beside the repo")
    record = next(r for r in map(json.loads, path.open(encoding="utf-8"))
                  if r["id"] == "lfqa-webgpt-208")  # fmt: skip
    answer = "There are several ways for someone to be put in jail if they are not guilty."
    report = align(answer, record["sources"])
    (sentence,) = report.sentences
    quotes = [m for m in report.marks() if m.kind == "verbatim"]
    assert quotes
    for mark in quotes:
        cited = [
            c
            for c in sentence.citations
            if c.kind == "verbatim" and c.source_id in mark.ids
            and c.evidence.lower() in answer[mark.start : mark.end].lower()
        ]  # fmt: skip
        assert cited, (mark, sentence.citations)


def test_a_paraphrase_mark_names_the_passages_that_share_its_words() -> None:
    """Every paraphrase mark carried all its sentence's paraphrase ids: under the lexical
    preset "a defendant" was drawn as backed by a rice-cooking passage (trial 43)."""
    sources = [
        {"id": "cooking", "text": "There are several ways to cook rice, and steaming is one "
         "of them."},
        {"id": "law", "text": "A judge may revoke probation and send a defendant who breaks its "
         "conditions to jail."},
    ]  # fmt: skip
    answer = (
        "There are several ways a court can punish a defendant who violates probation, "
        "including jail."
    )
    report = align(answer, sources, config=LEXICAL)
    cited = {c.source_id for c in report.sentences[0].citations if c.kind == "paraphrase"}
    assert cited == {"law", "cooking"}
    marks = [m for m in report.marks() if m.kind == "paraphrase"]
    assert marks and all(m.ids == ("law",) for m in marks), marks
    # Guard: where no passage shares a word with the mark, every paraphrase id stays.
    lone = align("Payments are late.", [{"id": "a", "text": "Rent arrives after the due date."},
                                        {"id": "b", "text": "Fees accrue on overdue sums."}],
                 config=LEXICAL)  # fmt: skip
    for m in lone.marks():
        ids = {c.source_id for c in lone.sentences[0].citations if c.kind == "paraphrase"}
        assert set(m.ids) == ids
