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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .config import Config, load_config
from .errors import InputError
from .index import SourceIndex
from .pipeline import align
from .report import Report, SentenceResult
from .segment import segment
from .sources import check_text
from .types import Match, Span
from .verbatim import merge

__all__ = ["Streamer"]

# Everything the segmenter (like str.splitlines) treats as the end of a line.
_LINE_BREAK = re.compile(r"[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
# A word that is complete: some word character, then the whitespace that ends it.
_COMPLETE_WORD = re.compile(r"\w\S*\s")


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
        ready = self._final_spans(self._pending_spans(), final)
        if not ready:
            return []
        report = align(
            self._window(ready[0].start, ready[-1].end),
            None,
            index=self.index,
            config=self.config,
            sentences=[(s.start, s.end) for s in ready],
        )
        self._released = ready[-1].end
        breaks = [m.end() for m in _LINE_BREAK.finditer(self._text, self._line, ready[-1].start)]
        self._line = breaks[-1] if breaks else self._line
        start = ready[-1].start
        self._restart = start if self._text[start - 1 : start].isspace() else self._line
        self._results.extend(report.sentences)
        self._matches.extend(m for block in report.blocks for m in block.matches)
        return list(report.sentences)

    def _window(self, start: int, end: int) -> str:
        """The text up to ``end`` with everything before ``start`` blanked out.

        A result depends on its sentence's own text, and offsets must stay those
        of the whole stream; spaces keep them, and the tokenizer passes over
        spaces about ten times faster than over words, so a long stream does not
        pay for re-reading what it has already released.
        """
        return " " * start + self._text[start:end]

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

    def _segment_from(self, origin: int) -> list[Span]:
        return [Span(origin + s.start, origin + s.end) for s in segment(self._text[origin:])]

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
        if _LINE_BREAK.search(text, spans[n].end, following):
            return True
        if n + 2 < len(spans):
            return True
        return n + 1 < len(spans) and _COMPLETE_WORD.search(text, following) is not None
