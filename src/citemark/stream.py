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
``Acme Inc. Ltd.`` does not), so a sentence's span is final only when

* a line break follows it (a newline always ends a sentence), or
* the next sentence has begun with a complete word (one followed by whitespace), or
* two later sentences have begun (text without spaces, such as Chinese).

The answer's own citation markers (``[1]``, ``^2``, ``【3】``) are read as ``align``
reads them, and a sentence's markers may come after it: ``... ends. [1] The landlord``
cuts after the marker, which cites the sentence before, and so does a marker at the
head of the next line after a full stop; a marker after the last sentence cites
that sentence whatever comes between. So a sentence is released once its span is
final and the next sentence has begun with something that cannot become a marker
(an open ``[`` may still close): after a line break, that is the next line's first
character. A marker inside a quoted passage is the quotation's own and no marker, so
one after a double quotation mark still open on its line holds the sentences around
it until the passage closes or the line ends. Until then a sentence is held back,
and :meth:`Streamer.close` releases the rest.

A stream costs about what ``align`` of the whole text costs: released text is
never read again, a pending sentence without a terminator is not segmented again
as it grows, and any other pending stretch longer than ``_EAGER_CHARS`` is
segmented again only once it has grown by an eighth (its sentences come out a
little later, never differently). The quoted passages of a line are read from where
the last one before the released text closes, not from the line's start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .config import Config, load_config
from .errors import InputError
from .facts.model import Fact
from .index import SourceIndex
from .lazy import lazy_pattern
from .markers import (
    _QUOTED,
    Marker,
    assign_markers,
    claim_text_mask,
    read_markers,
    split_after_markers,
)
from .pipeline import _trimmed, align
from .report import CitedSource, Conflict, Report, SentenceResult
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
_Placed = TypeVar("_Placed", Fact, Conflict, CitedSource, Marker)
# The rest of the text, where it is the head of a marker that may still close (an
# open bracket, a caret and its digits): what follows it decides what it is.
_OPEN_MARKER = lazy_pattern(r"\[\^?[^\[\]\n]{0,200}\Z|【[^【】\n]{0,200}\Z|\^[\d,]{0,40}\Z")
# The rest of the text, where it is a bracket glued to the sentence before and not yet
# closed: the segmenter keeps a footnote glued to a stop ("left.[x y. z]") with the
# sentence it follows, looking up to 8 short tokens ahead for the closing bracket
# (``citemark.segment._FOOTNOTE_REACH`` characters at most).
_OPEN_GLUED = lazy_pattern(r"[\[(][^\n\])]{0,64}\Z")
# A double quotation mark that may open a quoted passage (``citemark.markers._QUOTED``).
_QUOTE_MARK = lazy_pattern(r'["“„«]')
_ANY_QUOTE = lazy_pattern(r'["“”„«»]')


@dataclass(frozen=True)
class _Pending:
    """The text from ``origin`` on, split into sentences as ``align`` splits it.

    ``spans`` are the sentences (answer offsets; the released ones from ``origin``
    on too, so that the markers between them and the next are given to the right
    one), ``cites`` each one's markers, ``markers`` every marker read (answer
    offsets), and ``masked`` the text from ``origin`` with its markers blanked
    (offsets from ``origin``), which is the text ``align`` judges. ``unsure`` are the
    answer offsets of the markers that a closing quotation mark still to come on
    their line could put inside a quoted passage, where they are no markers.
    """

    origin: int
    spans: list[Span]
    cites: list[tuple[Marker, ...]]
    masked: str
    markers: tuple[Marker, ...] = ()
    unsure: tuple[int, ...] = ()


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
        self._ids = tuple(source.id for source in index.sources)
        self._text = ""
        self._released = 0  # end of the last released sentence
        self._line = 0  # start of the line holding it
        # where that line's text starts after a "\n": quoted passages (and so markers
        # inside them) run across the other line breaks, as ``align`` reads them
        self._quote_line = 0
        self._scanned = 0  # how far the text has been searched for line breaks
        # Text from _unbroken_from to _unbroken_to is one line without a terminator.
        self._unbroken_from, self._unbroken_to = -1, 0
        self._segmented = 0  # length of the text when it was last segmented
        self._restart = 0  # start of the released sentence itself, where that is safe
        self._results: list[SentenceResult] = []
        self._matches: list[Match] = []
        self._closed = False
        # The first double quotation mark from _quote_line on (-1: none), searched up to
        # _quote_scanned, for the _quote_line it was searched from (_quoted_from)
        self._quoted_from, self._quote_scanned, self._quote_at = -1, 0, -1
        # Where every quotation of the line at _closed_line is closed, with none open
        # before, up to the released text
        self._closed_line, self._closed_to = -1, 0

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
        pending = self._pending()
        ready = self._final_spans(pending, final)
        if not ready:
            return []
        origin, context = self._context(pending, ready)
        report = align(
            context,
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
        if breaks:
            newline = self._text.rfind("\n", self._line, breaks[-1])
            self._quote_line = newline + 1 if newline >= 0 else self._quote_line
            self._line = breaks[-1]
        start = ready[-1].start
        self._restart = start if self._text[start - 1 : start].isspace() else self._line
        self._results.extend(sentences)
        self._matches.extend(
            m._replace(start=m.start + origin, end=m.end + origin)
            for block in report.blocks
            for m in block.matches
        )
        return sentences

    def _context(self, pending: _Pending, ready: Sequence[Span]) -> tuple[int, str]:
        """Where the text aligned for the ``ready`` sentences starts, and that text.

        A sentence's result depends on its own text, on the markers that cite it, and
        on one thing around it: whether other text shares its line (a heading alone on
        its line claims nothing; "Landlord Pays Water" after a sentence on the same
        line is a claim). So the cut takes in the sentences' markers, and on each side
        the spaces and the nearest character that is on the same line and not blank.
        Markers there that cite other sentences are blanked, as ``align`` blanks every
        marker in the text it judges: inside the cut they would cite these sentences.
        """
        text = self._text
        first = pending.spans.index(ready[0])
        own = [m for found in pending.cites[first : first + len(ready)] for m in found]
        start = min([ready[0].start, *(m.start for m in own)])
        end = max([ready[-1].end, *(m.end for m in own)])

        def blank(at: int) -> bool:
            if at < pending.origin:
                return text[at].isspace()
            return pending.masked[at - pending.origin].isspace()

        before = start
        while before > 0 and text[before - 1] != "\n" and blank(before - 1):
            before -= 1
        start = before - 1 if before > 0 and text[before - 1] != "\n" else before
        after = end
        while after < len(text) and text[after] != "\n" and blank(after):
            after += 1
        end = after + 1 if after < len(text) and text[after] != "\n" else after
        context = text[start:end]
        mine = set(own)
        others = [m for m in pending.markers if m not in mine and m.start < end and start < m.end]
        if others:
            pieces = list(context)
            for m in others:
                for at in range(max(m.start, start), min(m.end, end)):
                    pieces[at - start] = " "
            context = "".join(pieces)
        # A quotation open at either end of the cut may hold a marker in it, which is
        # then no marker: the quotation marks that open it before the cut, on its line,
        # go first, and those of the rest of the line after it, so that ``align`` pairs
        # them as it does in the whole text (only quotation marks and line breaks count
        # for that).
        line = text.rfind("\n", self._quote_line, start) + 1 or self._quote_line
        if line == self._quote_line:
            quoted = self._first_quote(end) >= 0
        else:
            quoted = _QUOTE_MARK.search(text, line, end) is not None
        if not quoted:
            return start, context
        head = self._marks(line, start)
        tail = ""
        if self._marks(line, end):
            line_end = text.find("\n", end)
            tail = "".join(_ANY_QUOTE.findall(text, end, len(text) if line_end < 0 else line_end))
        lead = f"{head} " if head else ""
        return start - len(lead), lead + context + (f" {tail}" if tail else "")

    def _pending(self) -> _Pending:
        """The sentences after the last released one, as ``align`` would find them now.

        Segmenting the whole text on every chunk would make a long stream quadratic.
        Lines are segmented independently, so the line of the last released
        sentence is enough; and within it, the text from that sentence's start
        (after whitespace, the tokens are the same in any slice) decides every
        later boundary as the whole line does. If that slice ever fails to find
        the released sentence's end, the whole line is segmented instead.
        """
        pending = self._read_from(self._restart)
        if self._restart > self._line and not self._agrees(pending.spans):
            pending = self._read_from(self._line)
        return pending

    def _read_from(self, origin: int) -> _Pending:
        """The sentences and markers of the text from ``origin`` on.

        As in ``align``: the segmenter's sentences, cut after a marker that ends one
        (``... ends. [1] The landlord``) and trimmed of the markers at their ends, each
        with the markers that cite it.
        """
        spans = self._segment_from(origin)
        text = self._text
        body = text[origin:]
        # A quotation opened on the line before ``origin`` and open there may hold a
        # marker after it: its marks are read first, as in the context (``_context``).
        marks = ""
        if origin > self._quote_line and self._first_quote(origin) >= 0:
            marks = self._line_marks(origin)
        if marks:
            lead = len(marks) + 1
            found = read_markers(f"{marks} {body}", self._ids)
            markers = tuple(_moved(m, -lead) for m in found if m.start >= lead)
        else:
            markers = read_markers(body, self._ids)
        if not markers:
            return _Pending(origin, spans, [() for _ in spans], body)
        masked = claim_text_mask(body, markers)
        pairs = [(s.start - origin, s.end - origin) for s in spans]
        cut = _trimmed(masked, split_after_markers(pairs, markers, body))
        cites = assign_markers(markers, [(s.start, s.end) for s in cut], body)
        placed = tuple(_moved(m, origin) for m in markers)
        return _Pending(
            origin,
            [Span(s.start + origin, s.end + origin) for s in cut],
            [tuple(_moved(m, origin) for m in found) for found in cites],
            masked,
            placed,
            tuple(m.start for m in placed if self._may_be_quoted(m, origin)),
        )

    def _may_be_quoted(self, marker: Marker, origin: int) -> bool:
        """Whether a quotation mark still to come could close a passage around ``marker``
        (read from ``origin`` on): one opened before it on its line is still open, and
        the line goes on."""
        text = self._text
        if text.find("\n", marker.end) >= 0:
            return False
        line = text.rfind("\n", origin, marker.start) + 1 or self._quote_line
        if line == self._quote_line:
            if self._first_quote(marker.start) < 0:
                return False
        elif _QUOTE_MARK.search(text, line, marker.start) is None:
            return False
        return bool(self._marks(line, marker.start))

    def _marks(self, line: int, end: int) -> str:
        """The double quotation marks the line from ``line`` leaves open before ``end``."""
        if line == self._quote_line:
            return self._line_marks(end)
        return _open_marks(self._text, line, end)[0]

    def _line_marks(self, end: int) -> str:
        """:func:`_open_marks` of the current line up to ``end``, read from where every
        quotation before the released text is closed (a long line is not read again
        from its start on every chunk)."""
        if self._closed_line != self._quote_line:
            self._closed_line = self._closed_to = self._quote_line
        start = self._closed_to if self._closed_to <= end else self._quote_line
        # only as far as the released text: later calls may end before ``end``
        marks, closed = _open_marks(self._text, start, end, self._restart)
        if start == self._closed_to:
            self._closed_to = closed
        return marks

    def _first_quote(self, end: int) -> int:
        """Where the first double quotation mark of the current line before ``end`` is
        (-1: none); the line is searched once, not again on every chunk."""
        if self._quoted_from != self._quote_line:
            line = self._quote_line
            self._quoted_from, self._quote_scanned, self._quote_at = line, line, -1
        if self._quote_at < 0 and end > self._quote_scanned:
            found = _QUOTE_MARK.search(self._text, self._quote_scanned, end)
            self._quote_at = found.start() if found else -1
            self._quote_scanned = end
        return self._quote_at if 0 <= self._quote_at < end else -1

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

    def _final_spans(self, pending: _Pending, final: bool) -> list[Span]:
        """The leading pending spans that no further text can change (all at the end)."""
        spans = [s for s in pending.spans if s.start >= self._released]
        if final:
            return spans
        ready: list[Span] = []
        for n, span in enumerate(spans):
            if not (self._is_final(spans, n) and self._settled_by_next(spans, n)):
                break
            end = spans[n + 1].start  # settled: there is a next sentence
            if any(span.start <= at < end for at in pending.unsure):
                break  # a marker of its own, or one that cuts it off, may not be one
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

    def _settled_by_next(self, spans: Sequence[Span], n: int) -> bool:
        """Whether the next sentence has begun far enough that nothing still to come can
        cite sentence ``n`` of ``spans`` or join it.

        ``align`` gives a marker after the last sentence to that sentence, whatever lies
        between, so the last one is never settled before the stream ends. Between a
        sentence and the next there are only spaces and markers, all of them read;
        what may still turn into one is the head of the next sentence (``[1``, ``[Civ.
        Code``, until the bracket closes or the line ends). A bracket glued to the
        sentence's stop may also still join the two, as a footnote of the first.
        """
        if n + 1 >= len(spans):
            return False
        text, head = self._text, spans[n + 1].start
        if _OPEN_MARKER.match(text, head) is not None:
            return False
        glued = not any(c.isspace() for c in text[spans[n].end : head])
        return not (glued and _OPEN_GLUED.match(text, head) is not None)


def _open_marks(text: str, start: int, end: int, limit: int = -1) -> tuple[str, int]:
    """The double quotation marks that ``text[start:end]``, the head of a line, leaves
    open, in order, and the last place up to ``limit`` where none is open and no
    passage runs across (``start`` where there is none).

    The quoted passages ``align`` finds in the line are those found in the head,
    except where one of these marks opens a passage that a later mark closes. Between
    two of them there is no mark that could close the first, so they pair with what
    follows as they do with the text between them left out. From where every mark
    before is closed, the line pairs as it does from its start.
    """
    found: list[str] = []
    at = closed = start
    for quoted in _QUOTED.finditer(text, start, end):
        found += (m.group() for m in _QUOTE_MARK.finditer(text, at, quoted.start()))
        at = quoted.end()
        if not found and at <= limit:
            closed = at
    found += (m.group() for m in _QUOTE_MARK.finditer(text, at, end))
    if not found and end <= limit:
        closed = end
    return "".join(found), closed


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
        cited=tuple(_moved(c, by) for c in result.cited),
    )


def _moved(item: _Placed, by: int) -> _Placed:
    return replace(item, start=item.start + by, end=item.end + by)
