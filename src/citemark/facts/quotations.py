"""Quotations the sources do not hold word for word.

Words inside quotation marks claim to be the source's own. A quote with one word
changed ("the nonmovant is entitled", "no evidence of causation") shares nearly all
of its words with the source, so the support stage scores it as a close paraphrase
and judged it supported; to a lawyer it is a misquotation, the error a reviewer most
needs to see. So each quotation of at least :data:`MIN_WORDS` words is
looked for, word for word, in every source: its words in order with only spaces and
punctuation between them, in any case (both sides lower-cased). The usual
alterations of legal quoting are allowed: an ellipsis ("...", "…", ". . .") or a
bracketed insertion ("[the court]") may stand for any words, so each part between
them is looked for alone; a bracketed letter ("[t]he", "[n]othing") is read as the
letter; a title in quotation marks is no quotation (:func:`_is_title`). A quotation
with a part that no source holds as written, while one holds a stretch of it
(:func:`_altered`), becomes a fact of kind ``quotation``, stated in no source, which
caps the sentence at "partial" (``score.capping_kinds``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import islice
from typing import Protocol

import regex

from ..lazy import lazy_pattern
from .model import Fact

KIND = "quotation"
# Fewer words (counted between spaces) are mostly a defined term or a scare quote ('the
# "Company"', 'a "race to the bottom"', 'a "pair of pants/jeans/shorts"'), which claims
# no source's wording.
MIN_WORDS = 5
# An altered quotation keeps a run of this many of its words as the source writes them
# (fewer in a shorter part: all but one).
ANCHOR_WORDS = 3
# Bounds on the scans of the sources one sentence may ask for: its first this many
# quotations are checked, and at most this many runs of each part are looked up.
MAX_QUOTATIONS = 16
MAX_ANCHORS = 32
# A part of a quotation (between ellipses and insertions) this short is not looked for:
# "[the court] held" leaves "held", which proves nothing alone.
MIN_PART_WORDS = 2

# Double quotation marks in their usual pairings: “…”, "…", „…“, «…».
_QUOTED = regex.compile(r'“([^“”"]+)”|"([^"“”]+)"|„([^„“”"]+)[“”]|«([^«»]+)»')
# What may stand for omitted words inside a quotation: an ellipsis, or a bracketed
# insertion of more than one character.
_GAP = regex.compile(r"\.\s?\.\s?\.|…|\[[^\]]{2,}\]")
# A bracketed letter: "[t]he" quotes "The".
_ALTERED_LETTER = regex.compile(r"\[(\w)\]")
_WORD = regex.compile(r"\w+")


class _Lowered(Protocol):
    @property
    def lowered_texts(self) -> tuple[str, ...]: ...


def has_quotation(claim: str) -> bool:
    """Whether ``claim`` holds a double quotation mark at all (most sentences do not)."""
    return '"' in claim or "“" in claim or "„" in claim or "«" in claim


def misquotations(claim: str, sources: _Lowered | Sequence[str]) -> tuple[Fact, ...]:
    """The quotations of ``claim`` that the sources hold altered (:func:`_altered`), as
    facts with offsets into ``claim``, in order. ``sources`` are the source texts, or a
    ``SourceIndex`` (whose lower-cased texts it keeps for every sentence)."""
    if not has_quotation(claim):
        return ()
    out = []
    lowered: tuple[str, ...] | None = None
    for start, end in islice(_quotations(claim), MAX_QUOTATIONS):
        if lowered is None:
            lowered = (
                tuple(t.lower() for t in sources)
                if isinstance(sources, Sequence)
                else sources.lowered_texts
            )
        quoted = claim[start:end]
        if any(_altered(part, lowered) for part in _parts(quoted)):
            out.append(Fact(KIND, quoted, " ".join(_WORD.findall(quoted.casefold())), start, end))
    return tuple(out)


def _altered(words: tuple[str, ...], sources: tuple[str, ...]) -> bool:
    """Whether no source holds ``words`` as written while one holds a run of
    :data:`ANCHOR_WORDS` of them: the source's own wording, altered. A quotation no
    source holds any stretch of is left to the other checks: it may quote a text the
    sources only report (a statute's standard, a critic's phrase), which the
    labelled data call supported where the claim's facts are."""
    if _held(words, sources):
        return False
    size = min(ANCHOR_WORDS, len(words) - 1)
    starts = range(len(words) - size + 1)
    # At most MAX_ANCHORS runs, spread over the quotation: each is a scan of the sources.
    step = max(1, -(-len(starts) // MAX_ANCHORS))
    return any(_held(words[i : i + size], sources) for i in starts[::step])


def _quotations(claim: str) -> Iterator[tuple[int, int]]:
    """Where each quotation of at least :data:`MIN_WORDS` words sits (its text, without
    the marks), titles left out (:func:`_is_title`)."""
    for match in _QUOTED.finditer(claim):
        group = next(g for g in range(1, 5) if match.group(g) is not None)
        start, end = match.span(group)
        spaced = [w for w in claim[start:end].split() if _WORD.search(w)]
        if len(spaced) >= MIN_WORDS and not _is_title(_WORD.findall(claim, start, end)):
            yield start, end


def _is_title(words: list[str]) -> bool:
    """Whether quoted words are a title or a name in title case ("Brown v. Board of
    Education of Topeka, Kansas", "Through the Looking-Glass", "Highway Don't Care"):
    every word of four letters or more capitalised, not all in capitals. Quotation
    marks around a title quote nobody's words, and a source that names the work may
    write it otherwise or not at all. A contract's capitals ("AS IS WITHOUT WARRANTY")
    are quoted wording and are checked."""
    long = [w for w in words if len(w) >= 4]
    return (
        bool(long)
        and all(w[0].isupper() or w[0].isdigit() for w in long)
        and any(c.islower() for w in long for c in w)
    )


def _parts(quoted: str) -> list[tuple[str, ...]]:
    """The quotation's runs of words between ellipses and insertions, long enough to
    look for, each as its words."""
    text = _ALTERED_LETTER.sub(r"\1", quoted)
    runs = (tuple(_WORD.findall(piece)) for piece in _GAP.split(text))
    return [run for run in runs if len(run) >= MIN_PART_WORDS]


def _held(words: tuple[str, ...], sources: tuple[str, ...]) -> bool:
    """Whether some source (lower-cased) writes ``words`` in order with only spaces and
    punctuation between them (a word is whole at both ends)."""
    pattern = _pattern(words)
    for text in sources:
        found = pattern.search(text)
        while found is not None:
            start = found.start()
            if start == 0 or not _WORD_CHAR.match(text, start - 1):
                return True
            found = pattern.search(text, start + 1)
    return False


_WORD_CHAR = lazy_pattern(r"\w")


@lru_cache(maxsize=4096)
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """The words' pattern, its start left to :func:`_held`: a pattern that opens with a
    look-behind is tried at every offset (5 ms over W2's sources), one that opens with
    a word is found by the engine's literal scan (0.3 ms)."""
    joined = r"[^\w]+".join(re.escape(w.lower()) for w in words)
    return re.compile(rf"{joined}(?!\w)")
