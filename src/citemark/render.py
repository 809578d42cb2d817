"""The render stage: the answer with its citations, as tagged text, safe HTML or spans.

Renderers take :class:`Mark` s, the non-overlapping regions of the answer to
draw as citations, so that verbatim blocks and paraphrase support share one code
path and can never nest or overlap.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from .types import Block

Kind = Literal["verbatim", "paraphrase"]

# C0 controls (but tab, line feed, form feed and carriage return, which HTML reads
# as white space) and DEL may not appear raw in an HTML document; a browser drops a
# raw NUL. They are written as numeric references, so the page still holds every
# character of the answer (a browser shows &#x0; as U+FFFD, where it would show
# nothing). C1 controls stay raw: a reference to one (&#x80;) means a
# windows-1252 character to every HTML parser, which would change the text.
_HTML_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")


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


def _open_tag(mark: Mark, escape: bool) -> str:
    ids = ",".join(mark.ids)
    if escape:
        return f'<cite class="cm-{mark.kind}" data-ids="{escape_html(ids)}">'
    kind = ' kind="paraphrase"' if mark.kind == "paraphrase" else ""
    return f'<cite ids="{ids}"{kind}>'


def render_tagged(text: str, marks: Iterable[Mark]) -> str:
    """``text`` with each mark wrapped in ``<cite ids="...">``; the rest copied unchanged.

    Paraphrase support carries ``kind="paraphrase"`` so that it is never read as a quote.
    """
    return _render(text, marks, escape=False)


def render_html(text: str, marks: Iterable[Mark]) -> str:
    """Like :func:`render_tagged`, but every piece of text and every id is HTML-escaped.

    Model output must never inject markup, so nothing from the answer or the
    source ids reaches the page unescaped (see :func:`escape_html`).
    """
    return _render(text, marks, escape=True)


def _render(text: str, marks: Iterable[Mark], *, escape: bool) -> str:
    regions = ((m.start, m.end, m.ids, m.kind) for m in _checked(marks))
    return _render_regions(text, regions, escape)


def render_regions(
    text: str, regions: Iterable[tuple[int, int, tuple[str, ...]]], *, escape: bool = False
) -> str:
    """:func:`render_tagged` (or :func:`render_html`) of verbatim regions ``(start, end, ids)``.

    For regions made by :func:`citemark.verbatim.merged_regions`, sorted and
    disjoint by construction: the same text as rendering the blocks' marks,
    without building a :class:`Mark` per block (a long text has tens of thousands).
    """
    piece = escape_html if escape else str  # str() of a str is the same object
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
    text: str, regions: Iterable[tuple[int, int, tuple[str, ...], Kind]], escape: bool
) -> str:
    """The pieces of ``text`` between and inside the regions, with the tags, joined once.

    An opening tag depends only on the ids and the kind, and a long text repeats a
    few of them thousands of times: each is built once per call.
    """
    piece = escape_html if escape else str  # str() of a str is the same object
    out: list[str] = []
    tags: dict[tuple[tuple[str, ...], Kind], str] = {}
    position = 0
    for start, end, ids, kind in regions:
        tag = tags.get((ids, kind))
        if tag is None:
            tag = tags[ids, kind] = _open_tag(Mark(start, end, ids, kind), escape)
        out += (piece(text[position:start]), tag, piece(text[start:end]), "</cite>")
        position = end
    out.append(piece(text[position:]))
    return "".join(out)


def render_spans(marks: Sequence[Mark]) -> list[dict[str, object]]:
    """JSON-ready spans ``{start, end, ids, kind}`` for a client to draw itself."""
    return [
        {"start": m.start, "end": m.end, "ids": list(m.ids), "kind": m.kind}
        for m in _checked(marks)
    ]
