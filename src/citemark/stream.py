"""Streaming alignment: a verdict for each sentence as soon as the sentence is complete.

An LLM writes its answer token by token; a reviewer (or a guard in a RAG
pipeline) wants to know about an uncited claim while the rest is still being
generated, not after. :class:`Streamer` takes the answer in chunks of any size
and returns each sentence's :class:`~citemark.report.SentenceResult` once no
later text can change that sentence.

The results are *exactly* those of ``align(full_text, sources)``: the pipeline
judges every sentence from that sentence alone, so the streamer only has to hand
:func:`~citemark.pipeline.align` the same sentence spans the segmenter finds in
the full text. The hard part is knowing when a span is final. The segmenter
decides a boundary from the first word after it (``Acme Inc. The`` splits,
``Acme Inc. Ltd.`` does not), so a sentence is released only when

* a line break follows it (a newline always ends a sentence), or
* the next sentence has begun with a complete word (one followed by whitespace), or
* two later sentences have begun (text without spaces, such as Chinese).

Until then it is held back, and :meth:`Streamer.close` releases the rest.

A stream costs about what ``align`` of the whole text costs: released text is
never read again, a pending sentence without a terminator is not segmented again
as it grows, and any other pending stretch longer than ``_EAGER_CHARS`` is
segmented again only once it has grown by an eighth (its sentences come out a
little later, never differently).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from .config import Config, load_config
from .errors import InputError
from .facts.model import Fact
from .index import SourceIndex
from .lazy import lazy_pattern
from .pipeline import align
from .report import Conflict, Report, SentenceResult
from .segment import LINE_BREAK, MAX_PIECE_CHARS, segment, unbroken
from .sources import check_text
from .types import Match, Span
from .verbatim import merge

__all__ = ["Streamer"]

# A word that is complete: some word character, then the whitespace that ends it.
_COMPLETE_WORD = lazy_pattern(r"\w\S*\s")
# Pending text up to this long is segmented again on every chunk; past it, only
# once it has grown by 1/_REGROWTH (see Streamer._waits).
_EAGER_CHARS = 1_000
_REGROWTH = 8
# What carries answer offsets inside a result.
_Placed = TypeVar("_Placed", Fact, Conflict)


class Streamer:
    """Feed an answer in chunks; get each sentence's result once the sentence is final.

    ``sources`` (any shape :func:`~citemark.align` accepts) or a prepared ``index``
    says what the answer is checked against; ``config`` works as in ``align``.
    Offsets in the results refer to the whole text streamed so far.

    >>> streamer = Streamer([{"id": "S1", "text": "The rent is due monthly."}],
    ...                     config=load_config().with_(mode="lexical"))
    >>> [r.text for r in streamer.feed("The rent is due monthly. Pets are ")]
    ['The rent is due monthly.']
    >>> [r.status for r in streamer.close()]
    ['unsupported']
    """

    def __init__(
        self,
        sources: object = None,
        *,
        index: SourceIndex | None = None,
        config: Config | str | None = None,
    ) -> None:
        if index is None:
            if sources is None:
                raise InputError("a Streamer needs sources or a prepared index")
            index = SourceIndex(sources, config)
        elif sources is not None:
            raise InputError("pass either sources or a prepared index, not both")
        self.index = index
        self.config = load_config(config) if config is not None else index.config
        self._text = ""
        self._released = 0  # end of the last released sentence
        self._line = 0  # start of the line holding it
        self._scanned = 0  # how far the text has been searched for line breaks
        # Text from _unbroken_from to _unbroken_to is one line without a terminator.
        self._unbroken_from, self._unbroken_to = -1, 0
        self._segmented = 0  # length of the text when it was last segmented
        self._restart = 0  # start of the released sentence itself, where that is safe
        self._results: list[SentenceResult] = []
        self._matches: list[Match] = []
        self._closed = False

    @property
    def text(self) -> str:
        """Everything fed so far."""
        return self._text

    @property
    def results(self) -> tuple[SentenceResult, ...]:
        """Every result released so far, in answer order."""
        return tuple(self._results)

    @property
    def closed(self) -> bool:
        return self._closed

    def feed(self, chunk: str) -> list[SentenceResult]:
        """Append ``chunk`` and return the results of the sentences it completed."""
        if self._closed:
            raise InputError("the stream is closed; start a new Streamer")
        check_text(chunk, "chunk")
        if not chunk:
            return []
        self._text += chunk
        check_text(self._text, "answer", self.config.max_answer_chars)
        return self._release(final=False)

    def close(self) -> list[SentenceResult]:
        """End the stream and return the results of every sentence still held back."""
        if self._closed:
            return []
        results = self._release(final=True)
        self._closed = True
        return results

    def report(self) -> Report:
        """A report of the released sentences, as ``align`` would give for the same text.

        After :meth:`close` it equals ``align(text, ...)`` of the whole answer.
        """
        # An alignment of no sentences supplies mode, preset and notes as align words them.
        empty = align(self._text, None, index=self.index, config=self.config, sentences=[])
        return replace(empty, sentences=tuple(self._results), blocks=tuple(merge(self._matches)))

    def _release(self, *, final: bool) -> list[SentenceResult]:
        if not final and self._waits():
            return []
        ready = self._final_spans(self._pending_spans(), final)
        if not ready:
            return []
        origin, end = self._context(ready[0].start, ready[-1].end)
        report = align(
            self._text[origin:end],
            None,
            index=self.index,
            config=self.config,
            sentences=[(s.start - origin, s.end - origin) for s in ready],
        )
        sentences = [_shifted(result, origin) for result in report.sentences]
        self._released = ready[-1].end
        # Only the text since the last look: a long line must not be re-read per chunk.
        scan = max(self._line, self._scanned)
        breaks = [m.end() for m in LINE_BREAK.finditer(self._text, scan, ready[-1].start)]
        self._scanned = ready[-1].start
        self._line = breaks[-1] if breaks else self._line
        start = ready[-1].start
        self._restart = start if self._text[start - 1 : start].isspace() else self._line
        self._results.extend(sentences)
        self._matches.extend(
            m._replace(start=m.start + origin, end=m.end + origin)
            for block in report.blocks
            for m in block.matches
        )
        return sentences

    def _context(self, start: int, end: int) -> tuple[int, int]:
        """Where to cut the text aligned for the sentences from ``start`` to ``end``.

        A sentence's result depends on its own text and on one thing around it: whether
        other text shares its line (a heading alone on its line claims nothing; "Landlord
        Pays Water" after a sentence on the same line is a claim). So the cut takes in
        the nearest character on each side that is on the same line and not blank.
        """
        text = self._text
        before = start
        while before > 0 and text[before - 1] != "\n" and text[before - 1].isspace():
            before -= 1
        if before > 0 and text[before - 1] != "\n":
            start = before - 1
        after = end
        while after < len(text) and text[after] != "\n" and text[after].isspace():
            after += 1
        if after < len(text) and text[after] != "\n":
            end = after + 1
        return start, end

    def _pending_spans(self) -> list[Span]:
        """The sentences after the last released one, as the segmenter sees them now.

        Segmenting the whole text on every chunk would make a long stream quadratic.
        Lines are segmented independently, so the line of the last released
        sentence is enough; and within it, the text from that sentence's start
        (after whitespace, the tokens are the same in any slice) decides every
        later boundary as the whole line does. If that slice ever fails to find
        the released sentence's end, the whole line is segmented instead.
        """
        spans = self._segment_from(self._restart)
        if self._restart > self._line and not self._agrees(spans):
            spans = self._segment_from(self._line)
        return [s for s in spans if s.start >= self._released]

    def _waits(self) -> bool:
        """Whether to hold off segmenting the pending text again until more has come.

        A long pending stretch (a sentence of thousands of characters, or text in a
        script written without spaces) costs a segmentation of all of it per chunk,
        which made a long stream quadratic. It is segmented again only once it has
        grown by an eighth: the work stays linear, and a sentence is released a
        little later, never differently.
        """
        text = self._text
        pending = len(text) - self._restart
        if pending <= _EAGER_CHARS or self._still_unbroken(self._restart):
            return False
        return len(text) - self._segmented < pending // _REGROWTH

    def _still_unbroken(self, origin: int) -> bool:
        """Whether ``text[origin:]`` is still the one unbroken line it was when last segmented."""
        text = self._text
        return (
            origin == self._unbroken_from
            and len(text) - origin <= MAX_PIECE_CHARS
            and unbroken(text, self._unbroken_to)
        )

    def _segment_from(self, origin: int) -> list[Span]:
        text = self._text
        if self._still_unbroken(origin):
            # Still one sentence with no terminator in sight: no need to segment
            # it again, only to read the new text (a long sentence stays linear).
            self._unbroken_to = len(text)
            body = text[origin:]
            start = origin + len(body) - len(body.lstrip())
            end = origin + len(body.rstrip())
            return [Span(start, end)] if end > start else []
        spans = [Span(origin + s.start, origin + s.end) for s in segment(text[origin:])]
        self._segmented = len(text)
        whole = unbroken(text, origin)
        self._unbroken_from, self._unbroken_to = (origin, len(text)) if whole else (-1, 0)
        return spans

    def _agrees(self, spans: Sequence[Span]) -> bool:
        """Whether ``spans`` end a sentence where the last released one ended."""
        released = self._released
        ends = any(s.end == released for s in spans)
        return ends and not any(s.start < released < s.end for s in spans)

    def _final_spans(self, spans: Sequence[Span], final: bool) -> list[Span]:
        """The leading spans that no further text can change (all of them at the end)."""
        if final:
            return list(spans)
        ready: list[Span] = []
        for n, span in enumerate(spans):
            if not self._is_final(spans, n):
                break
            ready.append(span)
        return ready

    def _is_final(self, spans: Sequence[Span], n: int) -> bool:
        """Whether sentence ``n`` of ``spans`` is settled (see the module docstring)."""
        text = self._text
        following = spans[n + 1].start if n + 1 < len(spans) else len(text)
        if LINE_BREAK.search(text, spans[n].end, following):
            return True
        if n + 2 < len(spans):
            return True
        return n + 1 < len(spans) and _COMPLETE_WORD.search(text, following) is not None


def _shifted(result: SentenceResult, by: int) -> SentenceResult:
    """``result`` with its answer offsets moved ``by`` characters on.

    A sentence's result depends on that sentence's text alone, so the released
    sentences are aligned as a text of their own (what has been released before
    is never read again: a long stream stays linear) and their offsets moved to
    those of the whole stream. The tests hold every chunking equal to ``align``
    of the whole text, which catches an offset left unmoved.
    """
    if not by:
        return result
    return replace(
        result,
        start=result.start + by,
        end=result.end + by,
        missing_facts=tuple(_moved(f, by) for f in result.missing_facts),
        conflicts=tuple(_moved(c, by) for c in result.conflicts),
        unsupported_spans=tuple(Span(s.start + by, s.end + by) for s in result.unsupported_spans),
        unsourced_facts=tuple(_moved(f, by) for f in result.unsourced_facts),
    )


def _moved(item: _Placed, by: int) -> _Placed:
    return replace(item, start=item.start + by, end=item.end + by)
