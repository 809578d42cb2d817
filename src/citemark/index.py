"""SourceIndex: sources prepared once (sentences, content units, postings, shingles).

RAG pipelines align many answers against the same few sources, and evaluation
aligns six systems' answers against one question's documents; preparing the
sources once makes every later :func:`citemark.align` call pay only for the
answer.
"""

from __future__ import annotations

import heapq
import math
import threading
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING

import numpy as np

from .chunks import join_chunks
from .config import Config, load_config
from .deadline import Deadline, check
from .segment import segment
from .sources import coerce_sources
from .tokens import is_unspaced
from .types import Source, Span
from .verbatim import DocumentMatcher, gc_paused
from .words import bigrams, unit

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

    from .embed import Embedder

# Guards the lazily built vector stores of every index (builds are rare and short).
_VECTORS_LOCK = threading.Lock()
# How many subset indexes (``SourceIndex.subset``) one index keeps.
MAX_SUBSETS = 64
# Queries per matrix product in nearest-neighbour search, so that many answer
# sentences against many source sentences never hold one huge similarity matrix.
_QUERY_CHUNK = 64
# Postings (summed over a query's units) from which retrieval adds scores as arrays:
# below it, numpy's fixed cost exceeds a dictionary update per sentence.
_ARRAY_RETRIEVAL = 48


@dataclass(frozen=True)
class SourceSentence:
    """One sentence of one source: where it is and which content units it has."""

    id: int
    source_index: int
    start: int
    end: int
    units: frozenset[str]
    # The units in text order, repeats kept: what ``pairs`` is made from.
    unit_sequence: tuple[str, ...] = field(repr=False, compare=False)

    @cached_property
    def pairs(self) -> frozenset[tuple[str, str]]:
        """Adjacent unit pairs, made on first use: only the sentences an answer is
        finally checked against (its cover passages) ever need them."""
        return frozenset(bigrams(list(self.unit_sequence)))


class SourceIndex:
    """Everything about the sources that does not depend on the answer."""

    def __init__(
        self,
        sources: object,
        config: Config | str | None = None,
        *,
        deadline: Deadline | None = None,
        segments: Mapping[str, Sequence[Span]] | None = None,
    ) -> None:
        """Prepare ``sources``; with a ``deadline``, the clock is read between documents.

        ``segments`` gives the sentences of texts already segmented, by text: an index
        of some of another index's sources (:meth:`subset`) reuses its sentences, which
        are most of what an index costs to build.
        """
        self.config = load_config(config)
        limits = self.config.limits()
        # As given (validated): ``source_index`` in a report is a place in this list.
        self.sources: list[Source] = coerce_sources(sources, limits)
        # What matching reads: chunks of one document that touch or overlap joined
        # (``citemark.chunks``); every internal ``source_index`` is a place in this.
        self.joined = join_chunks(self.sources)
        self.documents: tuple[Source, ...] = self.joined.documents
        self.char_level = _char_level(self.config, self.documents)
        k = self.config.min_tokens_cjk if self.char_level else self.config.min_tokens
        with gc_paused():
            self.matcher = DocumentMatcher(
                self.documents, min_tokens=k, max_matches=limits.max_matches
            )
            self.sentences: list[SourceSentence] = []
            self.by_source: list[range] = []
            for source_index, source in enumerate(self.documents):
                check(deadline, "preparing the sources")
                self._add_sentences(source_index, source, segments)
            self.postings: dict[str, list[int]] = defaultdict(list)
            for sentence in self.sentences:
                for u in sentence.units:
                    self.postings[u].append(sentence.id)
        n = max(len(self.sentences), 1)
        self._idf = {u: math.log(1 + n / len(ids)) for u, ids in self.postings.items()}
        self._unseen_idf = math.log(1 + n / 0.5)

    def _add_sentences(
        self,
        source_index: int,
        source: Source,
        segments: Mapping[str, Sequence[Span]] | None = None,
    ) -> None:
        """The sentences of one source with their content units and unit bigrams."""
        first = len(self.sentences)
        tokens = self.matcher.tokens[source_index]
        # Each token's unit worked out once for the whole source, then sliced per
        # sentence: what content_units(slice_tokens(tokens, span)) gives, without a
        # Tokens object per sentence (a test holds the two equal).
        units_of = list(map(unit, tokens.keys))
        starts = tokens.starts
        known = segments.get(source.text) if segments is not None else None
        for span in segment(source.text) if known is None else known:
            i = bisect_left(starts, span.start)
            j = bisect_left(starts, span.end, lo=i)
            units = tuple([u for u in units_of[i:j] if u is not None])
            self.sentences.append(
                SourceSentence(
                    len(self.sentences), source_index, span.start, span.end, frozenset(units), units
                )
            )
        self.by_source.append(range(first, len(self.sentences)))

    def subset(self, positions: tuple[int, ...], deadline: Deadline | None = None) -> SourceIndex:
        """An index of the sources at ``positions`` (places in the list as given, in
        order) alone, made on first request and kept: what a sentence is judged against
        when the citation check asks whether the sources it cites support it.

        Its reports' ``source_index`` values are places in the subset; the caller maps
        them back. At most :data:`MAX_SUBSETS` are kept, the oldest dropped first. With a
        ``deadline``, the clock is read between the documents of a new one.
        """
        with _VECTORS_LOCK:
            kept: dict[tuple[int, ...], SourceIndex] = self.__dict__.setdefault("_subsets", {})
            found = kept.get(positions)
        if found is not None:
            return found
        spans: dict[str, list[Span]] = {}
        for document, ids in zip(self.documents, self.by_source, strict=True):
            spans[document.text] = [
                Span(self.sentences[i].start, self.sentences[i].end) for i in ids
            ]
        found = SourceIndex(
            [self.sources[p] for p in positions], self.config, deadline=deadline, segments=spans
        )
        with _VECTORS_LOCK:
            while len(kept) >= MAX_SUBSETS:
                del kept[next(iter(kept))]
            return kept.setdefault(positions, found)

    @cached_property
    def document_ranks(self) -> dict[str, int]:
        """Each id's place among the documents (its first, where gaps cut one document
        into several runs): citations of equal score are ordered, and quoted places
        spread, by it. For a list without repeated ids, the place as given."""
        ranks: dict[str, int] = {}
        for n, document in enumerate(self.documents):
            ranks.setdefault(document.id, n)
        return ranks

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """Every source's text, in order: what the fact checks look facts and names up in."""
        return tuple(s.text for s in self.documents)

    @cached_property
    def lowered_texts(self) -> tuple[str, ...]:
        """Every source's text lower-cased, made on first use: what quotations are looked
        up in (``facts.quotations``), with a case-sensitive pattern that the regex engine
        scans for at C speed, where a case-insensitive one crawled."""
        return tuple(text.lower() for text in self.texts)

    def idf(self, unit: str) -> float:
        """Inverse sentence frequency; units absent from every source weigh most."""
        return self._idf.get(unit, self._unseen_idf)

    def text_of(self, sentence_ids: Sequence[int]) -> str:
        """The source text spanned by adjacent sentences of one source."""
        first, last = self.sentences[sentence_ids[0]], self.sentences[sentence_ids[-1]]
        return self.documents[first.source_index].text[first.start : last.end]

    def retrieve(self, units: set[str], limit: int) -> list[int]:
        """The ``limit`` source sentences sharing the most idf weight with ``units``.

        Ties go to the lower sentence id. Units are added in sorted order, so that
        every process adds the same floats in the same order (set order follows the
        per-process hash seed); both ways of adding below add them so.
        """
        ordered = sorted(units)
        postings: list[Sequence[int]] = [self.postings.get(u, ()) for u in ordered]
        if sum(map(len, postings)) >= _ARRAY_RETRIEVAL:
            return self._retrieve_arrays(ordered, postings, limit)
        scores: dict[int, float] = defaultdict(float)
        for u, ids in zip(ordered, postings, strict=True):
            weight = self.idf(u)
            for sentence_id in ids:
                scores[sentence_id] += weight
        # nsmallest(n, key) is sorted(key)[:n] without sorting every scored sentence.
        ranked = heapq.nsmallest(limit, scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return [sentence_id for sentence_id, _ in ranked]

    def _retrieve_arrays(
        self, ordered: list[str], postings: list[Sequence[int]], limit: int
    ) -> list[int]:
        """:meth:`retrieve` for long postings, with arrays instead of a dictionary update
        per sentence. ``bincount`` adds each sentence's weights in the order the postings
        come, unit by unit in sorted order: the same float64 additions as the loop."""
        if limit <= 0:
            return []
        arrays = self.__dict__.setdefault("_posting_arrays", {})
        found, weights = [], []
        for u, ids in zip(ordered, postings, strict=True):
            if ids:
                array = arrays.get(u)
                if array is None:
                    array = arrays[u] = np.array(ids, dtype=np.intp)
                found.append(array)
                weights.append(self.idf(u))
        if not found:
            return []
        counts = [len(a) for a in found]
        scores = np.bincount(
            np.concatenate(found),
            weights=np.repeat(np.array(weights), counts),
            minlength=len(self.sentences),
        )
        # Every weight is positive, so the scored sentences are the nonzero ones.
        hit = np.flatnonzero(scores)
        if len(hit) > limit:
            # Only sentences scoring at least the limit-th best can be among the best.
            kth = -np.partition(-scores[hit], limit - 1)[limit - 1]
            hit = hit[scores[hit] >= kth]
        order = np.lexsort((hit, -scores[hit]))[:limit]
        return hit[order].tolist()

    def __getstate__(self) -> dict[str, object]:
        """What a pickle keeps: all but the vectors, which are kept per embedder, by the
        embedder's identity in this process (meaningless in another), beside the embedder
        itself (which holds a lock): a used index of a hybrid preset would not pickle.
        Another process builds the vectors again on first use."""
        state = dict(self.__dict__)
        state.pop("_vector_stores", None)
        state.pop("_subsets", None)
        return state

    def sentence_vectors(self, embedder: Embedder) -> SentenceVectors:
        """Unit vectors of every source sentence under ``embedder``, built on first call.

        Kept apart from ``__init__`` so that lexical mode never pays for them, and
        cached per embedder so that every answer aligned against this index reuses them.
        """
        with _VECTORS_LOCK:
            stores = self.__dict__.setdefault("_vector_stores", {})
            found = stores.get(id(embedder))
            if found is not None:
                return found[1]
        texts = [self.text_of((s.id,)) for s in self.sentences]
        store = SentenceVectors(embedder.encode(texts))
        with _VECTORS_LOCK:
            # The embedder is kept with its store so that its id is never reused.
            return stores.setdefault(id(embedder), (embedder, store))[1]


class SentenceVectors:
    """Source sentence vectors (rows, unit length) and exact nearest-neighbour search.

    A matrix product over unit vectors is exact and, at the sizes one answer's
    sources reach, faster than building an approximate index.
    """

    def __init__(self, matrix: np.ndarray) -> None:
        self.matrix = np.ascontiguousarray(matrix, dtype=np.float32)

    def nearest(self, queries: np.ndarray, k: int) -> list[list[int]]:
        """For each query row, the ids of the ``k`` most similar source sentences, best first.

        Equal similarities are ordered by id, so that the order never depends on the sort.
        """
        n = self.matrix.shape[0]
        k = min(k, n)
        if k <= 0:
            return [[] for _ in range(len(queries))]
        result: list[list[int]] = []
        for first in range(0, len(queries), _QUERY_CHUNK):
            with one_blas_thread():
                sims = queries[first : first + _QUERY_CHUNK] @ self.matrix.T
            top = np.argpartition(-sims, k - 1, axis=1)[:, :k] if k < n else None
            for row, sim in enumerate(sims):
                ids = top[row] if top is not None else np.arange(n)
                order = np.lexsort((ids, -sim[ids]))
                result.append([int(i) for i in ids[order]])
        return result


# Serializes the thread limit: two overlapping limits would each restore what the
# other had set, leaving BLAS on one thread for good.
_BLAS_LOCK = threading.Lock()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the block with BLAS (numpy's OpenBLAS) on one thread, restored after it.

    The products here are small (tens of queries x a few thousand sentences x 128):
    waking OpenBLAS's other threads costs more than the product, and on a busy
    machine their spinning made one W2 search take 15 ms instead of 0.2 ms. It also
    keeps the floats the same whatever thread count the host gave BLAS: on more
    threads OpenBLAS may split a product's sums differently (with its Haswell
    kernels the last bits differ).
    """
    with _BLAS_LOCK, _blas_controller().limit(limits=1, user_api="blas"):
        yield


@cache
def _blas_controller() -> ThreadpoolController:
    """threadpoolctl's view of the loaded BLAS libraries, looked up once (~10 ms)."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _char_level(config: Config, sources: Sequence[Source]) -> bool:
    """Whether runs are counted in characters: sources mostly in scripts without spaces.

    Chinese, Japanese, Thai, Lao, Khmer and Myanmar are tokenized by grapheme
    cluster, so a run of ``min_tokens`` words would be a few syllables there;
    ``min_tokens_cjk`` is the run length for them.
    """
    if config.tokenization != "auto":
        return config.tokenization == "char"
    sample = "".join(s.text[:2000] for s in sources[:20])
    return is_unspaced(sample)
