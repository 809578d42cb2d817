"""Edited quotes: a sentence that copies its source word for word but for a swapped word
or an added clause.

"Visitors are prohibited on the Premises at all times." against "Firearms are prohibited
on the Premises at all times." shares every word but one, so every overlap feature reads
high and the scorer calls it supported; "The Tenant shall pay rent of $2,400 per month,
and the Tenant may keep a cat." quotes one clause and adds another. A reviewer who sees
the source's own words quoted trusts the sentence, which is why these edits must not
pass as support. Two narrow tests find them, narrow because answers reword freely: on
the 2,638 labelled sentences of ``lfqa.jsonl``, ``wice.jsonl`` and ``wice_spans.jsonl``
they change two statuses, both of sentences annotators call supported (an appended
clause of words the document does not use, and a "speck" where the source has a
"chunk"):

- **a swap**: the sentence lines up with a source sentence it quotes, token for token, in
  at least 60% of its tokens, and where one or two content words stand in
  place of one or two others of the source (at the sentence's start or after a
  determiner: the slot of a noun, not of a verb a paraphrase rewords), no source states
  them anywhere and no word of the source's is close to them in the static model (cosine
  below :data:`SWAP_COSINE`: "Firearms" / "Visitors" at -0.09, not "Products" / "goods" at
  0.54);
- **an added clause**: the sentence's quotes cover at least :data:`QUOTED_SHARE` of it,
  and a stretch outside them that opens a clause ("; ", ", and", "(b)") holds at least
  two content words that no source states anywhere, and more than half of its content
  words are such.

Either makes a supported sentence ``partial`` and its words ``unsupported_spans``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from .lazy import lazy_pattern
from .lexicon import DETERMINERS
from .tokens import Tokens, tokenize
from .types import Match, Span, uncovered
from .words import unit

if TYPE_CHECKING:
    from .claim_view import ClaimView
    from .embed import Embedder
    from .index import SourceIndex

SWAP_COSINE = 0.5  # below it, two words are no synonyms in the static model
LINED_UP = 0.6  # share of the sentence's tokens that must line up with the source's
QUOTED_SHARE = 0.4  # share of the sentence's characters its quotes must cover
# A stretch outside the quotes that opens a clause of its own.
# (One way to read a run of spaces: a comma must come between two of them, or a long run
# before a failing word is read again from each of its spaces.)
_CLAUSE_OPENING = lazy_pattern(
    r"\s*(?:[;:]|(?:,\s*)?(?:and|but|while|whereas)\b|(?:,\s*)?\(\w{1,3}\))", re.IGNORECASE
)


def edited_words(
    index: SourceIndex,
    answer: str,
    view: ClaimView,
    matches: Sequence[Match],
    embedder: Embedder | None,
) -> tuple[Span, ...]:
    """The words (answer offsets) that a quote's swapped slot or an added clause puts in
    the sentence ``view`` of ``answer``, whose quotes are among ``matches``; ``()`` where
    there are none. Without an ``embedder`` (lexical mode) only added clauses are looked
    for."""
    span, words = view.span, view.tokens
    quoted = sorted(
        (max(m.start, span.start), min(m.end, span.end))
        for m in matches
        if m.start < span.end and span.start < m.end and m.source_index is not None
    )
    if not quoted:
        return ()
    # Each stretch outside the quotes with its content words, read once for both tests.
    stretches = uncovered(span.start, span.end, quoted)
    outside = [(a, b, _content_words(answer, a, b)) for a, b in stretches]
    if all(u in index.postings for _, _, said in outside for _, u in said):
        # Both tests need a word outside the quotes that no source states: without one
        # (a whole quote, a quote with the sources' own words around it) nothing else is
        # read, which keeps a verbatim-heavy answer's cost where it was.
        return ()
    found = set(_added_clauses(index, answer, span, quoted, outside))
    if embedder is not None:
        found.update(_swaps(index, span, words, matches, embedder))
    return tuple(sorted(found))


def _content_words(answer: str, a: int, b: int) -> list[tuple[Span, str]]:
    """Content words of ``answer[a:b]`` (answer offsets) with their units; no figure,
    which the fact check reads."""
    toks = tokenize(answer[a:b])
    out = []
    for x, y, key in zip(toks.starts, toks.ends, toks.keys, strict=True):
        u = unit(key)
        if u is not None and not u.isdigit():
            out.append((Span(a + x, a + y), u))
    return out


def _added_clauses(
    index: SourceIndex,
    answer: str,
    span: Span,
    quoted: list[tuple[int, int]],
    outside: list[tuple[int, int, list[tuple[Span, str]]]],
) -> list[Span]:
    if sum(b - a for a, b in quoted) < QUOTED_SHARE * (span.end - span.start):
        return []
    out: list[Span] = []
    for a, b, said in outside:
        if _CLAUSE_OPENING.match(answer, a, b) is None:
            continue
        unstated = [s for s, u in said if u not in index.postings]
        # most of the clause new: some new words in a long clause are a paraphrase's
        if len(unstated) >= 2 and 2 * len(unstated) > len(said):
            out.append(Span(unstated[0].start, unstated[-1].end))  # "keep a cat"
    return out


def _swaps(
    index: SourceIndex, span: Span, words: Tokens, matches: Sequence[Match], embedder: Embedder
) -> list[Span]:
    contexts = _quoted_sentences(index, span, matches)
    claim = words.keys
    out: list[Span] = []
    for text in contexts:
        theirs = tokenize(text)
        if len(theirs) < LINED_UP * len(claim):
            continue  # too short to line up with the sentence (and a long sentence meets
            # no long run of short comparisons)
        lined = SequenceMatcher(a=claim, b=theirs.keys, autojunk=False)
        if sum(block.size for block in lined.get_matching_blocks()) < LINED_UP * len(claim):
            continue
        for op, i1, i2, j1, j2 in lined.get_opcodes():
            if op != "replace" or i2 - i1 > 2 or j2 - j1 > 3:
                continue
            if i1 and claim[i1 - 1] not in DETERMINERS:
                continue  # not a noun's slot
            mine = [
                (Span(span.start + words.starts[i], span.start + words.ends[i]), claim[i])
                for i in range(i1, i2)
                if (u := unit(claim[i])) is not None
                and not u.isdigit()
                and not claim[i].endswith("ly")  # "Additionally,", "typically"
                and u not in index.postings
            ]
            other = [k for k in theirs.keys[j1:j2] if (u := unit(k)) is not None]
            if mine and other and _far(embedder, [k for _, k in mine], other):
                out.append(Span(mine[0][0].start, mine[-1][0].end))
    return out


def _quoted_sentences(index: SourceIndex, span: Span, matches: Sequence[Match]) -> list[str]:
    """The source sentences that hold the sentence's quotes, each once, in order."""
    found: dict[int, str] = {}
    starts: dict[int, list[int]] = {}  # per source, its sentences' starts (for bisection)
    for m in matches:
        if not (m.start < span.end and span.start < m.end) or m.source_index is None:
            continue
        assert m.source_start is not None and m.source_end is not None
        source = index.documents[m.source_index]
        a, b = m.source_start - source.offset, m.source_end - source.offset
        ids = index.by_source[m.source_index]
        if m.source_index not in starts:
            starts[m.source_index] = [index.sentences[sid].start for sid in ids]
        k = max(bisect_right(starts[m.source_index], a) - 1, 0)
        for sid in ids[k:]:
            s = index.sentences[sid]
            if s.start >= b:
                break
            if a < s.end and sid not in found:
                found[sid] = source.text[s.start : s.end]
    return [found[k] for k in sorted(found)]


def _far(embedder: Embedder, mine: list[str], theirs: list[str]) -> bool:
    """No word of ``mine`` is near any of ``theirs`` in the static model."""
    vectors = embedder.encode([*mine, *theirs])
    return float((vectors[: len(mine)] @ vectors[len(mine) :].T).max()) < SWAP_COSINE
