"""One view of each answer sentence, made once and read by every stage.

Support retrieves and scores a sentence by its content units, the no-claim test
counts them, the edited-quote test lines its tokens up with a source's, and the
unsupported-words model walks its tokens and facts. Rather than each stage
tokenizing the sentence (or slicing the answer's tokens) and stemming its words
again, a :class:`ClaimView` holds them: the pipeline tokenizes the answer once and
every stage reads the same tokens, units and facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .deadline import Deadline, check
from .facts import extract_facts
from .facts.model import Fact
from .tokens import Tokens, is_plain, shift, slice_tokenized, span_tokens, tokenize
from .types import Span
from .words import content_units

# Sentences made between two looks at the clock (a look costs ~50 ns).
CHECK_EVERY = 64


@dataclass(frozen=True)
class ClaimView:
    """An answer sentence as the stages read it.

    ``text`` is the claim: the sentence with the list label that numbers it blanked
    (the same length, so every offset holds). ``tokens`` are ``tokenize(text)``
    (offsets in ``text``) and ``units`` their content units in order, repeats kept.
    ``retrieval_units`` are the units the support stage retrieves and scores by:
    those of the answer's own tokens inside the sentence, which on plain text are
    ``units`` (see :func:`claim_views`).
    """

    span: Span
    text: str
    tokens: Tokens
    units: tuple[str, ...]
    retrieval_units: tuple[str, ...]

    @classmethod
    def of(cls, text: str, offset: int = 0) -> ClaimView:
        """The view of a sentence read on its own, starting at ``offset`` of its text."""
        tokens = tokenize(text)
        units = tuple(content_units(tokens))
        return cls(Span(offset, offset + len(text)), text, tokens, units, units)

    @cached_property
    def placed(self) -> Tokens:
        """``tokens`` in the answer's offsets (made on first use: only a sentence whose
        unsupported words are looked for asks)."""
        return shift(self.tokens, self.span.start)

    @cached_property
    def facts(self) -> tuple[Fact, ...]:
        """The key facts of ``text`` (numbers, dates, amounts, names, negations), in
        text order and in its offsets."""
        return tuple(extract_facts(self.text))


def claim_views(
    claimed: str,
    spans: Sequence[Span],
    tokens: Tokens,
    deadline: Deadline | None = None,
) -> list[ClaimView]:
    """The view of every sentence span of ``claimed`` (the answer with list labels
    blanked), from ``tokens``, which are ``tokenize(claimed)``.

    On plain text (see :func:`citemark.tokens.is_plain`) a sentence's tokens are the
    answer's tokens inside it, so they are sliced, not found again; a token crossing
    the sentence's edge (a sentence cut inside a very long word) makes the sentence
    tokenized alone. On other text the sentence is tokenized alone, and the support
    stage keeps reading the answer's tokens inside it (``retrieval_units``), as it
    always has.
    """
    plain = is_plain(claimed)
    views = []
    for n, span in enumerate(spans):
        if n % CHECK_EVERY == 0:
            check(deadline, "reading the sentences")
        text = claimed[span.start : span.end]
        own = slice_tokenized(tokens, span) if plain else None
        if own is None:
            own = tokenize(text)
        units = tuple(content_units(own))
        retrieval = units if plain else tuple(content_units(span_tokens(claimed, tokens, span)))
        views.append(ClaimView(span, text, own, units, retrieval))
    return views
