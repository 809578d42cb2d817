"""One view of each answer sentence: the tokens, content units and facts every stage
reads, made once by the pipeline, equal to what each stage would find on its own."""

from __future__ import annotations

import pytest

from citemark.claim_view import ClaimView, claim_views
from citemark.facts import extract_facts
from citemark.segment import segment
from citemark.tokens import shift, span_tokens, tokenize
from citemark.types import Span
from citemark.words import content_units

ANSWERS = [
    "The Tenant shall pay rent of $2,400 per month. The deposit is not refundable.",
    "2. The lease ends on March 1, 2025.\nThe Landlord may keep a cat.",
    "किरायेदार हर महीने ₹25,000 किराया देगा। मकान मालिक मरम्मत करेगा।",
    "租客每月支付租金。押金不予退还。 The deposit is $500.",
    "Ein Mieter zahlt 900 € im Monat. Der Vermieter repariert das Dach.",
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_each_view_holds_what_the_stages_would_find_alone(answer: str) -> None:
    spans = segment(answer)
    views = claim_views(answer, spans, tokenize(answer))
    assert [v.span for v in views] == spans
    for view in views:
        text = answer[view.span.start : view.span.end]
        assert view.text == text
        assert view.tokens == tokenize(text)
        assert view.units == tuple(content_units(tokenize(text)))
        assert view.placed == shift(tokenize(text), view.span.start)
        assert view.facts == tuple(extract_facts(text))
        # the support stage reads the answer's own tokens inside the sentence
        inside = span_tokens(answer, tokenize(answer), view.span)
        assert view.retrieval_units == tuple(content_units(inside))


def test_a_sentence_read_alone_has_the_view_the_pipeline_gives_it() -> None:
    text = "The Tenant shall pay rent of $2,400 per month."
    (view,) = claim_views(text, [Span(0, len(text))], tokenize(text))
    alone = ClaimView.of(text)
    assert (alone.span, alone.text, alone.tokens, alone.units, alone.retrieval_units) == (
        view.span,
        view.text,
        view.tokens,
        view.units,
        view.retrieval_units,
    )
    assert ClaimView.of(text, 10).span == Span(10, 10 + len(text))


def test_a_sentence_cut_inside_a_word_is_tokenized_alone() -> None:
    answer = "a" * 50
    spans = [Span(0, 20), Span(20, 50)]
    views = claim_views(answer, spans, tokenize(answer))
    assert [v.tokens.keys for v in views] == [("a" * 20,), ("a" * 30,)]
    assert [v.units for v in views] == [("a" * 20,), ("a" * 30,)]
