"""Plain, obviously correct implementations of the verbatim rules (the slow path).

They state the rules the fast path in :mod:`citemark.verbatim` must follow, and
the property tests hold the two equal over thousands of random inputs. The phrase
loop is also the faster choice for tiny inputs, where building an automaton
costs more than a few ``str.find`` calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .fold import FoldedText
from .tokens import tokenize
from .types import Match, Source


def find_phrase_matches_reference(
    text: str,
    sources: Mapping[str, Iterable[str]],
    *,
    word_level: bool = True,
    folded: bool = False,
) -> list[Match]:
    """Every occurrence of every phrase, found with one ``str.find`` loop per phrase.

    ``folded=True`` says the phrases are already stripped and case-folded.
    """
    from .verbatim import accept, prepare_phrases

    phrase_sources = sources if folded else prepare_phrases(sources)
    text_folded = FoldedText.of(text)
    haystack = text_folded.folded
    matches: list[Match] = []
    for source_id, phrases in phrase_sources.items():
        for phrase in phrases:
            start = haystack.find(phrase)
            while start != -1:
                span = accept(text_folded, phrase, start, start + len(phrase), word_level)
                if span is not None:
                    matches.append(Match(span[0], span[1], source_id))
                start = haystack.find(phrase, start + 1)
    matches.sort()
    return matches


def find_document_matches_reference(
    text: str, sources: Sequence[Source], *, min_tokens: int
) -> list[Match]:
    """Maximal shared token runs by comparing every answer position with every source one."""
    answer = tokenize(text)
    matches: list[Match] = []
    for source_index, source in enumerate(sources):
        toks = tokenize(source.text)
        for i in range(len(answer)):
            for j in range(len(toks)):
                if i > 0 and j > 0 and answer.keys[i - 1] == toks.keys[j - 1]:
                    continue
                length = 0
                while (
                    i + length < len(answer)
                    and j + length < len(toks)
                    and answer.keys[i + length] == toks.keys[j + length]
                ):
                    length += 1
                if length >= min_tokens:
                    matches.append(
                        Match(
                            answer.starts[i],
                            answer.ends[i + length - 1],
                            source.id,
                            source.offset + toks.starts[j],
                            source.offset + toks.ends[j + length - 1],
                            source_index,
                        )
                    )
    matches.sort()
    return matches
