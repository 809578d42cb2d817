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


def _checked(marks: Iterable[Mark]) -> list[Mark]:
    ordered = sorted(marks)
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
    piece = escape_html if escape else (lambda s: s)
    out: list[str] = []
    position = 0
    for mark in _checked(marks):
        out.append(piece(text[position : mark.start]))
        out.append(_open_tag(mark, escape))
        out.append(piece(text[mark.start : mark.end]))
        out.append("</cite>")
        position = mark.end
    out.append(piece(text[position:]))
    return "".join(out)


def render_spans(marks: Sequence[Mark]) -> list[dict[str, object]]:
    """JSON-ready spans ``{start, end, ids, kind}`` for a client to draw itself."""
    return [
        {"start": m.start, "end": m.end, "ids": list(m.ids), "kind": m.kind}
        for m in _checked(marks)
    ]
