"""The verbatim-only face: tag an answer with the sources it quotes.

``sources`` picks the mode: a mapping of source id to phrases is phrase mode,
anything else is read as documents (see :mod:`citemark.sources`).
"""

from __future__ import annotations

from collections.abc import Mapping

from .render import marks_from_blocks, render_html, render_spans, render_tagged
from .sources import DEFAULT_LIMITS, check_text, coerce_phrases, coerce_sources
from .types import Block, Match
from .verbatim import (
    DEFAULT_MIN_TOKENS,
    coverage_of,
    find_document_matches,
    find_phrase_matches,
    merge,
)


def find_matches(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> list[Match]:
    """Every exact match of source text in ``text``, sorted by position."""
    check_text(text, "text", DEFAULT_LIMITS.max_answer_chars)
    if isinstance(sources, Mapping):
        return find_phrase_matches(text, coerce_phrases(sources), word_level=word_level)
    return find_document_matches(text, coerce_sources(sources), min_tokens=min_tokens)


def find_blocks(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> list[Block]:
    """The merged citation blocks of ``text``."""
    return merge(find_matches(text, sources, word_level=word_level, min_tokens=min_tokens))


def tag(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> str:
    """``text`` with every quoted region wrapped as ``<cite ids="S2,S1">…</cite>``."""
    blocks = find_blocks(text, sources, word_level=word_level, min_tokens=min_tokens)
    return render_tagged(text, marks_from_blocks(blocks))


def tag_html(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> str:
    """:func:`tag` as escaped HTML, safe to put into a page."""
    blocks = find_blocks(text, sources, word_level=word_level, min_tokens=min_tokens)
    return render_html(text, marks_from_blocks(blocks))


def tag_spans(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> list[dict[str, object]]:
    """:func:`tag` as JSON spans ``[{start, end, ids, kind}]``."""
    blocks = find_blocks(text, sources, word_level=word_level, min_tokens=min_tokens)
    return render_spans(marks_from_blocks(blocks))


def coverage(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
) -> float:
    """Share of ``text``'s characters inside some citation block."""
    blocks = find_blocks(text, sources, word_level=word_level, min_tokens=min_tokens)
    return coverage_of(text, blocks)
