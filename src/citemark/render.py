"""The render stage: the answer with its citations, as tagged text, safe HTML or spans.

Renderers take :class:`Mark` s, the non-overlapping regions of the answer to
draw as citations, so that verbatim blocks and paraphrase support share one code
path and can never nest or overlap.
"""

from __future__ import annotations

import html
import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal, TypedDict

from .lazy import lazy_pattern
from .types import Block, uncovered

Kind = Literal["verbatim", "paraphrase"]


class SpanDict(TypedDict):
    """A drawn span as JSON (``Report.spans()``, ``tag_spans``): typed, so that
    ``answer[span["start"]:span["end"]]`` checks under ``mypy --strict``."""

    start: int
    end: int
    ids: list[str]
    kind: Kind


# C0 controls (but tab, line feed, form feed and carriage return, which HTML reads
# as white space) and DEL may not appear raw in an HTML document; a browser drops a
# raw NUL. They are written as numeric references, so the page still holds every
# character of the answer (a browser shows &#x0; as U+FFFD, where it would show
# nothing). C1 controls stay raw: a reference to one (&#x80;) means a
# windows-1252 character to every HTML parser, which would change the text.
_HTML_CONTROL = lazy_pattern("[\x00-\x08\x0b\x0e-\x1f\x7f]")


# The characters that open or close a bidi embedding, override or isolate. Matching
# reads text in logical order, a browser shows it in visual order: with these, an answer
# that quotes "rent is 500 dollars and the late fee is 900 dollars" can show its quote
# as "rent is 900 dollars and the late fee is 500 dollars". In the page's
# text each stands alone in a <bdi>, which ends its effect where it starts; the text
# itself is unchanged.
BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
_BIDI_CONTROL = lazy_pattern(f"[{BIDI_CONTROLS}]")


def text_html(text: str) -> str:
    """``text`` as the content of an element: escaped, each bidi control fenced off."""
    escaped = escape_html(text)
    if _BIDI_CONTROL.search(escaped) is None:
        return escaped
    return _BIDI_CONTROL.sub(lambda m: f"<bdi>{m.group()}</bdi>", escaped)


def escape_html(text: str) -> str:
    """``html.escape`` (quotes included), plus control characters as references."""
    escaped = html.escape(text)
    if _HTML_CONTROL.search(escaped) is None:
        return escaped
    return _HTML_CONTROL.sub(lambda m: f"&#x{ord(m.group()):X};", escaped)


@dataclass(frozen=True, order=True)
class Mark:
    """One region of the answer drawn as a citation of ``ids``."""

    start: int
    end: int
    ids: tuple[str, ...]
    kind: Kind = "verbatim"


def marks_from_blocks(blocks: Iterable[Block]) -> list[Mark]:
    """Verbatim marks, one per block, ids ordered by match count then id."""
    return [Mark(b.start, b.end, b.ids) for b in blocks]


# The dataclass order of Mark, as a key: sorting compares plain tuples in C
# instead of calling the generated ``__lt__`` (same order, stable alike).
_ORDER = attrgetter("start", "end", "ids", "kind")


def _checked(marks: Iterable[Mark]) -> list[Mark]:
    ordered = sorted(marks, key=_ORDER)
    for before, after in itertools.pairwise(ordered):
        if after.start < before.end:
            raise ValueError(f"marks overlap: {before} and {after}")
    return ordered


# In the ``ids`` attribute, what would end the attribute or the tag, start a
# reference, or split an id in two is written as a character reference, so that
# splitting the attribute on commas and unescaping each part gives the ids back.
_ID_REFERENCES = {"&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;", ",": "&#44;"}
_ID_SPECIAL = lazy_pattern('[&"<>,]')


def escape_id(source_id: str) -> str:
    """``source_id`` as it is written inside a comma-separated ``ids`` attribute."""
    return _ID_SPECIAL.sub(lambda m: _ID_REFERENCES[m.group()], source_id)


def ids_attribute(ids: Iterable[str]) -> str:
    """The value of a ``<cite ids="...">`` attribute: escaped ids joined by commas."""
    return ",".join(escape_id(i) for i in ids)


def _open_tag(mark: Mark, escape: bool) -> str:
    ids = ids_attribute(mark.ids)
    if escape:
        # The attribute's value, once the browser has read it, is the tagged form.
        return f'<cite class="cm-{mark.kind}" data-ids="{escape_html(ids)}">'
    kind = ' kind="paraphrase"' if mark.kind == "paraphrase" else ""
    return f'<cite ids="{ids}"{kind}>'


def render_tagged(text: str, marks: Iterable[Mark]) -> str:
    """``text`` with each mark wrapped in ``<cite ids="...">``; the rest copied unchanged,
    save a citation tag the answer writes itself, whose ``<`` is written ``&lt;`` so that
    no reader (nor :func:`parse_tagged`) takes it for a citation.

    Paraphrase support carries ``kind="paraphrase"`` so that it is never read as a quote.
    """
    return _render(text, marks, escape=False)


def render_html(text: str, marks: Iterable[Mark], notes: Iterable[Note] = ()) -> str:
    """Like :func:`render_tagged`, but every piece of text and every id is HTML-escaped.

    Model output must never inject markup, so nothing from the answer or the
    source ids reaches the page unescaped (see :func:`escape_html`). ``notes``
    (unsupported words, conflicting values) are drawn inside the citations:
    a note that crosses a citation's edge is cut there, so tags always nest.
    """
    return _render(text, marks, escape=True, notes=_checked_notes(notes))


# A citation tag as :func:`render_html` writes it. Nothing else in its output matches:
# every "<" of the answer's own text is written "&lt;" there.
_HTML_CITE = lazy_pattern(r'<cite class="cm-(verbatim|paraphrase)" data-ids="([^"]*)">')


def with_cite_titles(page: str) -> str:
    """:func:`render_html`'s output with a ``title`` on each citation: its kind and the
    ids of its sources, which a reader sees on hover where no script shows ``data-ids``
    (a notebook's output cell). The ids are read back from ``data-ids`` as a browser
    and :func:`parse_tagged` read them (the attribute unescaped, split on commas, each
    part unescaped), so an id with a comma or markup is named as it was given."""

    def titled(found: re.Match[str]) -> str:
        ids = [html.unescape(part) for part in html.unescape(found.group(2)).split(",")]
        title = escape_html(f"{found.group(1)}: {', '.join(ids)}")
        return f'{found.group()[:-1]} title="{title}">'

    return _HTML_CITE.sub(titled, page)


def _render(text: str, marks: Iterable[Mark], *, escape: bool, notes: Sequence[Note] = ()) -> str:
    regions = ((m.start, m.end, m.ids, m.kind) for m in _checked(marks))
    return _render_regions(text, regions, escape, notes)


def render_regions(
    text: str, regions: Iterable[tuple[int, int, tuple[str, ...]]], *, escape: bool = False
) -> str:
    """:func:`render_tagged` (or :func:`render_html`) of verbatim regions ``(start, end, ids)``.

    For regions made by :func:`citemark.verbatim.merged_regions`, sorted and
    disjoint by construction: the same text as rendering the blocks' marks,
    without building a :class:`Mark` per block (a long text has tens of thousands).
    """
    # str() of a str is the same object
    piece = text_html if escape else (_guard_tags if _needs_guard(text) else str)
    out: list[str] = []
    tags: dict[tuple[str, ...], str] = {}
    position = 0
    for start, end, ids in regions:  # _render_regions without the kind, inlined: the hot loop
        tag = tags.get(ids)
        if tag is None:
            tag = tags[ids] = _open_tag(Mark(start, end, ids), escape)
        out += (piece(text[position:start]), tag, piece(text[start:end]), "</cite>")
        position = end
    out.append(piece(text[position:]))
    return "".join(out)


def _render_regions(
    text: str,
    regions: Iterable[tuple[int, int, tuple[str, ...], Kind]],
    escape: bool,
    notes: Sequence[Note] = (),
) -> str:
    """The pieces of ``text`` between and inside the regions, with the tags, joined once.

    An opening tag depends only on the ids and the kind, and a long text repeats a
    few of them thousands of times: each is built once per call. With ``notes``
    (HTML only), each piece is escaped with the notes inside it drawn.
    """
    if notes:
        note_ends = [n.end for n in notes]

        def piece(start: int, end: int) -> str:
            return _noted(text, start, end, notes, note_ends)
    elif escape:

        def piece(start: int, end: int) -> str:
            return text_html(text[start:end])
    elif _needs_guard(text):

        def piece(start: int, end: int) -> str:
            return _guard_tags(text[start:end])
    else:

        def piece(start: int, end: int) -> str:
            return text[start:end]

    out: list[str] = []
    tags: dict[tuple[tuple[str, ...], Kind], str] = {}
    position = 0
    for start, end, ids, kind in regions:
        tag = tags.get((ids, kind))
        if tag is None:
            tag = tags[ids, kind] = _open_tag(Mark(start, end, ids, kind), escape)
        out += (piece(position, start), tag, piece(start, end), "</cite>")
        position = end
    out.append(piece(position, len(text)))
    return "".join(out)


@dataclass(frozen=True, order=True)
class Note:
    """A stretch of the answer drawn with a class inside (never across) the citations.

    ``kind`` is ``unsupported`` (words no citation supports), ``conflict`` (a
    value the source states differently, which ``title`` names) or ``miscited`` (a
    marker of the answer's own, such as ``[3]``, naming a source that does not hold
    the sentence; ``title`` names the ones that do).
    """

    start: int
    end: int
    kind: Literal["unsupported", "conflict", "miscited"]
    title: str = ""


def _checked_notes(notes: Iterable[Note]) -> list[Note]:
    """Notes in order, without overlap: a conflict wins over the unsupported words it
    crosses, which are drawn around it ("The Tenant shall maintain" with "Tenant" in
    conflict keeps "The" and "shall maintain" underlined).

    Each note is cut against only the kept notes it overlaps, found by bisection
    (the kept ones are disjoint, so in order of start and of end alike): cutting it
    against every kept note made a long answer's page quadratic in its notes, 9 s
    for 6,500 of them. ``tests/test_hot_paths.py`` holds it equal to that plain sweep.
    """
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Note] = []
    for note in sorted(notes, key=lambda n: (n.kind not in _WHOLE, n.start, n.end)):
        first = bisect_right(ends, note.start)
        last = bisect_left(starts, note.end, lo=first)
        covers = list(zip(starts[first:last], ends[first:last], strict=True))
        for piece in _outside(note, covers):
            at = bisect_left(starts, piece.start)
            starts.insert(at, piece.start)
            ends.insert(at, piece.end)
            kept.append(piece)
    return sorted(kept)


# Notes kept whole or not at all, and first: a value or a marker is one thing to point at.
_WHOLE = frozenset(("conflict", "miscited"))
_NOTE_TAGS = {
    "conflict": ("mark", "cm-conflict"),
    "miscited": ("mark", "cm-miscited"),
    "unsupported": ("span", "cm-unsupported-words"),
}


def _outside(note: Note, covers: Sequence[tuple[int, int]]) -> list[Note]:
    """The parts of ``note`` no kept note covers (a conflict or a marker is kept whole or
    not at all)."""
    pieces = uncovered(note.start, note.end, covers)
    if note.kind in _WHOLE:
        return [note] if pieces == [(note.start, note.end)] else []
    return [Note(a, b, note.kind, note.title) for a, b in pieces]


def _noted(text: str, start: int, end: int, notes: Sequence[Note], note_ends: Sequence[int]) -> str:
    """``text[start:end]`` escaped, with the parts of ``notes`` inside it wrapped.

    ``notes`` are disjoint and in order, ``note_ends`` their ends: only those that
    overlap the piece are visited (visiting all of them for every piece was the
    other half of a page quadratic in its notes)."""
    out: list[str] = []
    position = start
    for n in range(bisect_right(note_ends, start), len(notes)):
        note = notes[n]
        if note.start >= end:
            break
        a, b = max(note.start, start), min(note.end, end)
        if note.kind == "unsupported":
            # words, not the spaces a conflict cut them at
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
        if a >= b:
            continue
        out.append(text_html(text[position:a]))
        title = f' title="{escape_html(note.title)}"' if note.title else ""
        tag, css = _NOTE_TAGS[note.kind]
        out.append(f'<{tag} class="{css}"{title}>{text_html(text[a:b])}</{tag}>')
        position = b
    out.append(text_html(text[position:end]))
    return "".join(out)


def render_spans(marks: Sequence[Mark]) -> list[SpanDict]:
    """JSON-ready spans ``{start, end, ids, kind}`` for a client to draw itself."""
    return [
        {"start": m.start, "end": m.end, "ids": list(m.ids), "kind": m.kind}
        for m in _checked(marks)
    ]


_TAG = lazy_pattern(r'<cite ids="([^"<>]*)"( kind="paraphrase")?>|</cite>')
# A citation tag written in the answer itself ("See <cite ids="FAKE">this</cite>"),
# which tagged text must not pass off as one of ours: its "<" is written "&lt;", and an
# answer's own "&lt;cite" (or "&amp;lt;cite", ...) gains one "amp;", so that
# parse_tagged, taking one off, gives each back as it was. Whatever follows "cite" is
# not read: the text is guarded piece by piece between the tags, and a piece that ends
# in "cite" must be read as the whole text is ("&lt;cite" then "a": "&lt;citea").
_LITERAL_TAG = lazy_pattern(r"(?i)<(?=/?cite)|&(?=(?:amp;)*lt;/?cite)")
_GUARDED_TAG = lazy_pattern(r"(?i)&lt;(?=/?cite)|&amp;(?=(?:amp;)*lt;/?cite)")


def _needs_guard(text: str) -> bool:
    return _LITERAL_TAG.search(text) is not None


def _guard_tags(piece: str) -> str:
    """``piece`` of the answer with any citation tag it writes itself made inert."""
    return _LITERAL_TAG.sub(lambda m: "&lt;" if m.group() == "<" else "&amp;", piece)


def _unguard_tags(piece: str) -> str:
    """The answer's own text back from :func:`_guard_tags`."""
    return _GUARDED_TAG.sub(lambda m: "<" if m.group().lower() == "&lt;" else "&", piece)


@dataclass(frozen=True)
class Tagged:
    """Tagged text read back: the plain answer and the marks that were drawn on it."""

    text: str
    marks: tuple[Mark, ...]


def parse_tagged(tagged: str) -> Tagged:
    """Read ``<cite ids="...">`` text (as :func:`render_tagged` writes it) back.

    Ids are split on commas and their character references decoded, so an id
    with commas, quotes or markup comes back as it was. Text that is not a
    citation tag is copied as it is, less the guard on a citation tag the answer
    wrote itself (``&lt;cite``, see :func:`render_tagged`); a citation left open,
    a stray ``</cite>`` or a nested one is an :class:`~citemark.InputError`.
    """
    from .errors import InputError

    if not isinstance(tagged, str):
        raise InputError(f"tagged text must be str, got {type(tagged).__name__}")
    out: list[str] = []
    marks: list[Mark] = []
    length = position = 0
    opened: tuple[int, tuple[str, ...], Kind] | None = None
    for tag in _TAG.finditer(tagged):
        _no_stray_tag(tagged, position, tag.start())
        text = _unguard_tags(tagged[position : tag.start()])
        out.append(text)
        length += len(text)
        position = tag.end()
        if tag.group() == "</cite>":
            if opened is None:
                raise InputError(f"</cite> at offset {tag.start()} closes no citation")
            marks.append(Mark(opened[0], length, opened[1], opened[2]))
            opened = None
            continue
        if opened is not None:
            raise InputError(f"citation at offset {tag.start()} opens inside another one")
        ids = tuple(html.unescape(part) for part in tag.group(1).split(","))
        if not all(part.strip() for part in ids):
            raise InputError(f"citation at offset {tag.start()} has a blank id")
        opened = (length, ids, "paraphrase" if tag.group(2) else "verbatim")
    if opened is not None:
        raise InputError("a citation is never closed (</cite> missing)")
    _no_stray_tag(tagged, position, len(tagged))
    out.append(_unguard_tags(tagged[position:]))
    return Tagged("".join(out), tuple(marks))


_STRAY_TAG = lazy_pattern(r"(?i)</?cite\b")


def _no_stray_tag(tagged: str, start: int, end: int) -> None:
    """A citation tag parse_tagged cannot read (another attribute, another quoting) is
    an error where it stands, not a stray ``</cite>`` further on: render_tagged writes
    no other, and makes the answer's own inert."""
    from .errors import InputError

    found = _STRAY_TAG.search(tagged, start, end)
    if found is not None:
        shown = tagged[found.start() : found.start() + 40]
        raise InputError(f"unreadable citation tag at offset {found.start()}: {shown!r}")
