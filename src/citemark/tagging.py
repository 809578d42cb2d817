"""The verbatim-only face: tag an answer with the sources it quotes.

``sources`` picks the mode: a mapping of source id to phrases is phrase mode,
anything else is read as documents (see :mod:`citemark.sources`). ``config`` (a
preset name, a TOML path or a :class:`~citemark.Config`) supplies the size limits
(``max_answer_chars``, ``max_sources``, ``max_source_chars``, ``max_phrases``,
``max_matches``); without one, the library defaults apply, which equal the
``Config`` defaults. Nothing else of the config changes what these functions do.
"""

from __future__ import annotations

from collections.abc import Mapping

from .chunks import join_chunks
from .config import Config, load_config
from .errors import InputError
from .render import SpanDict, marks_from_blocks, render_regions, render_spans
from .sources import DEFAULT_LIMITS, Limits, check_text, coerce_phrases, coerce_sources
from .types import Block, Match, coverage_of
from .verbatim import (
    DEFAULT_MIN_TOKENS,
    find_document_matches,
    find_phrase_matches,
    gc_paused,
    merge,
    merged_regions,
)


def _limits(config: Config | str | None) -> Limits:
    return DEFAULT_LIMITS if config is None else load_config(config).limits()


def _check_min_tokens(min_tokens: object) -> None:
    if isinstance(min_tokens, bool) or not isinstance(min_tokens, int) or min_tokens < 1:
        raise InputError(f"min_tokens must be a whole number of at least 1, got {min_tokens!r}")


def find_matches(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> list[Match]:
    """Every exact match of source text in ``text``, sorted by position."""
    with gc_paused():
        return _find_matches(text, sources, word_level, min_tokens, config)


def _find_matches(
    text: str, sources: object, word_level: bool, min_tokens: int, config: Config | str | None
) -> list[Match]:
    # Tens of thousands of matches and blocks are allocated and all survive:
    # with the collector on, its passes over them cost a third of tag()'s time.
    limits = _limits(config)
    check_text(text, "text", limits.max_answer_chars)
    _check_min_tokens(min_tokens)
    if not isinstance(word_level, bool):
        # "no" is truthy: it turned word-level matching on
        raise InputError(f"word_level must be True or False, got {word_level!r}")
    if isinstance(sources, Mapping):
        phrases = coerce_phrases(sources, limits)
        return find_phrase_matches(
            text, phrases, word_level=word_level, max_matches=limits.max_matches
        )
    joined = join_chunks(coerce_sources(sources, limits))
    found = find_document_matches(
        text, joined.documents, min_tokens=min_tokens, max_matches=limits.max_matches
    )
    return joined.as_given(found)


def find_blocks(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> list[Block]:
    """The merged citation blocks of ``text``."""
    with gc_paused():
        return merge(_find_matches(text, sources, word_level, min_tokens, config))


def tag(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> str:
    """``text`` with every quoted region wrapped as ``<cite ids="S2,S1">…</cite>``."""
    # What render_tagged(text, marks_from_blocks(find_blocks(...))) gives, without a
    # Block and a Mark object per block (tests hold the two equal).
    with gc_paused():
        matches = _find_matches(text, sources, word_level, min_tokens, config)
        return render_regions(text, merged_regions(matches))


def tag_html(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> str:
    """:func:`tag` as escaped HTML, safe to put into a page."""
    with gc_paused():
        matches = _find_matches(text, sources, word_level, min_tokens, config)
        return render_regions(text, merged_regions(matches), escape=True)


def tag_spans(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> list[SpanDict]:
    """:func:`tag` as JSON spans ``[{start, end, ids, kind}]``."""
    with gc_paused():
        blocks = find_blocks(
            text, sources, word_level=word_level, min_tokens=min_tokens, config=config
        )
        return render_spans(marks_from_blocks(blocks))


def coverage(
    text: str,
    sources: object,
    *,
    word_level: bool = True,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    config: Config | str | None = None,
) -> float:
    """Share of ``text``'s characters inside some citation block."""
    blocks = find_blocks(text, sources, word_level=word_level, min_tokens=min_tokens, config=config)
    return coverage_of(text, blocks)
