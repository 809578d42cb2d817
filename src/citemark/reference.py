"""Plain, obviously correct implementations of the verbatim rules (the slow path).

They state the rules the fast paths in :mod:`citemark.verbatim` must follow, and
the property tests hold them equal over thousands of random inputs. (Small phrase
inputs are served by :func:`citemark.verbatim.find_phrases_by_loop`, this loop
with a word filter that skips phrases the text cannot hold.)
"""

from __future__ import annotations

from collections import Counter
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
    max_matches: int | None = None,
) -> list[Match]:
    """Every occurrence of every phrase, found with one ``str.find`` loop per phrase.

    ``folded=True`` says the phrases are already stripped and case-folded. Past
    ``max_matches`` matches it raises :class:`~citemark.InputError`, as the fast
    paths do.
    """
    from .verbatim import accept, prepare_phrases, too_many_matches

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
                    if max_matches is not None and len(matches) > max_matches:
                        raise too_many_matches(max_matches)
                start = haystack.find(phrase, start + 1)
    matches.sort()
    return matches


def find_document_matches_reference(
    text: str,
    sources: Sequence[Source],
    *,
    min_tokens: int,
    max_occurrences: int | None = None,
) -> list[Match]:
    """Maximal shared token runs by comparing every answer position with every source one.

    With ``max_occurrences``, a run is reported only if at least one of its
    ``min_tokens``-token shingles occurs at most that often in all the sources
    together: the rule :class:`~citemark.verbatim.DocumentMatcher` keeps to bound
    its work on very repetitive text.
    """
    from .verbatim import quoted_run

    answer = tokenize(text)
    k = min_tokens
    every = [tokenize(source.text) for source in sources]
    counts = Counter(t.keys[p : p + k] for t in every for p in range(len(t) - k + 1))

    def rare_enough(i: int, length: int) -> bool:
        shingles = (answer.keys[p : p + k] for p in range(i, i + length - k + 1))
        return max_occurrences is None or any(counts[s] <= max_occurrences for s in shingles)

    matches: list[Match] = []
    for source_index, source in enumerate(sources):
        toks = every[source_index]
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
                if length < min_tokens or not rare_enough(i, length):
                    continue
                # a number or bracket cut at either end is left out whole (the verbatim rule)
                a, b, n, lead, tail = quoted_run(text, answer, source.text, toks, i, j, length)
                if n >= min_tokens:
                    matches.append(
                        Match(
                            answer.starts[a] - lead,
                            answer.ends[a + n - 1] + tail,
                            source.id,
                            source.offset + toks.starts[b] - lead,
                            source.offset + toks.ends[b + n - 1] + tail,
                            source_index,
                        )
                    )
    matches.sort()
    return matches
