"""The citations an answer already carries: inline markers and structured citations.

An answer from a RAG system often says where a sentence came from, either inline
(``... after the tenancy ends. [1]``) or beside the text, in the citation records an
LLM API returns. This stage reads both and maps them to the given sources, so that
the sources an answer claims can be set against the sources that really hold its
words. It only reads: it changes no offset and no text, and the sentences it is
given stay the segmenter's (see :func:`split_after_markers` for the one case where
a marker shows a sentence end the segmenter cannot see).

Inline markers (:func:`read_markers`):

- ``[1]``, ``[1, 3]``, ``[1; 3]``, ``[1-3]`` (also with an en dash): 1-based positions
  in the sources as given. ``[1][3]`` is two markers, one record each, so that each
  record's offsets slice exactly its own brackets out of the answer.
- ``[S2]``, ``[Civ. Code § 1950.5]``: a given source id, spaces and all.
- ``[^1]`` (a Markdown footnote), ``^1`` glued to a word or a stop, and ``【1】``
  (also OpenAI's ``【4:0†file.pdf】``): footnote styles that prose never uses for
  anything else.

Plain square brackets are ordinary punctuation too: ``[sic]``, ``the [Tenant]``,
``[t]he``, ``[2023] UKSC 1``. So ``[...]`` is read as a marker only when every label
in it is a given id, a number of at most three digits (a four-digit one is a year
far more often than a 1000th source), a range of such numbers, or has the shape of
the given ids (``[S9]`` when the ids are ``S1`` to ``S3``). A number or shaped label
that names no given source is kept in :attr:`Marker.unknown`: a marker that points
nowhere is a finding to report, not an error.

A marker inside a quoted passage (between double quotation marks on one line) is
the quoted text's own footnote, not the answer's citation, and is not read: a
passage quoted from a judgment keeps its "[3]". A marker after the closing mark is
the answer's and is read.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeGuard

from citemark.errors import InputError
from citemark.lazy import lazy_pattern

__all__ = [
    "CitedSpan",
    "Marker",
    "MarkerStyle",
    "assign_markers",
    "claim_text_mask",
    "read_markers",
    "read_structured",
    "split_after_markers",
]

MarkerStyle = Literal["numeric", "id", "caret", "lenticular"]


@dataclass(frozen=True)
class Marker:
    """One citation marker written in the answer.

    ``start``/``end`` index the marker text in the original answer (``answer[start:end]``
    is ``"[1, 3]"``); ``source_ids`` are the given sources it names, in its order;
    ``unknown`` the labels it holds that name no given source (``"7"`` of three sources).
    """

    start: int
    end: int
    source_ids: tuple[str, ...]
    unknown: tuple[str, ...] = ()
    style: MarkerStyle = "numeric"


@dataclass(frozen=True)
class CitedSpan:
    """One stretch of the answer that a structured citation ties to one source.

    ``start``/``end`` index the answer. ``source_id`` is the given source's id, or the
    label the citation used when it names no given source (then ``known`` is false).
    ``shape`` says which API wrote it (``"cohere"``, ``"anthropic"``, ``"openai"``).
    An Anthropic ``char_location`` also says where in the source the cited text lies:
    ``source_start``/``source_end`` and ``cited_text``, and ``cited_text_matches`` says
    whether the named document holds that text at those offsets (``None`` where the
    citation claims no text at an offset).
    """

    start: int
    end: int
    source_id: str
    known: bool = True
    shape: str = "cohere"
    cited_text: str | None = None
    source_start: int | None = None
    source_end: int | None = None
    cited_text_matches: bool | None = None


# --- inline markers ------------------------------------------------------------------

# The characters that open a marker. An answer holding none of them (most answers)
# returns at once: three substring tests, no pattern run.
_OPENERS = ("[", "^", "【")

# One candidate per match; the group says which form. Labels stop at a line break and
# at 200 characters, so a bracket left open in prose is no candidate. A bare caret must
# follow a letter, a stop or a closing quote (not a digit: "10^6" is a power) and be
# followed by no word character ("^2x").
_CANDIDATE = lazy_pattern(
    r"\[(?:\^(?P<footnote>[^\[\]\n]{1,200})|(?P<bracket>[^\[\]\n]{1,200}))\]"
    r"|【(?P<lenticular>[^【】\n]{1,200})】"
    r"|\^(?P<caret>\d{1,3}(?:,\d{1,3})*)(?!\w)"
)
# What a bare caret must follow (checked apart: a lookbehind at the head of the pattern
# kept the engine from skipping ahead to the next opener: a scan took 15 times as long).
_CARET_AFTER = lazy_pattern(r"[^\W\d_]|[.,;:!?\"'’”»]")
_NUMBER = lazy_pattern(r"\d{1,3}")
_RANGE = lazy_pattern(r"(\d{1,3})\s*[-–—]\s*(\d{1,3})")
_SEPARATOR = lazy_pattern(r"[,;]")
# Double quotation marks on one line: the passages whose markers are the quoted text's.
_QUOTED = lazy_pattern(r'“[^”\n]*”|"[^"\n]*"|„[^“”\n]*[“”]|«[^»\n]*»')
_DIGITS = re.compile(r"\d+")


def read_markers(answer: str, source_ids: Sequence[str]) -> tuple[Marker, ...]:
    """The citation markers written in ``answer``, in order, mapped to ``source_ids``.

    Numbers are 1-based positions in ``source_ids``. Where a given id is itself a
    number, ``[2]`` names the source with id ``"2"``, not the second source: a caller
    who names sources by numbers has shown the model those names (prompts list sources
    by id), and where names and positions agree the choice changes nothing.

    A Markdown reference or footnote definition (``[1]: https://...``, ``[^1]: ...``
    at the start of a line) is the answer's bibliography, not a citation, and is not
    read.
    """
    if not any(opener in answer for opener in _OPENERS):
        return ()
    labels = _labels(tuple(source_ids))
    markers: list[Marker] = []
    quoted: _Quoted | None = None
    for found in _CANDIDATE.finditer(answer):
        kind = found.lastgroup or ""
        content = found.group(kind)
        if kind == "caret" and not (
            found.start() and _CARET_AFTER.match(answer, found.start() - 1)
        ):
            continue
        if kind in ("bracket", "footnote") and _defines(answer, found.start(), found.end()):
            continue
        marker = labels.read(content, kind, found.start(), found.end())
        if marker is None:
            continue
        if quoted is None:
            quoted = _Quoted(answer)
        if quoted.inside(marker.start, marker.end):
            continue
        markers.append(marker)
    return tuple(markers)


def _defines(answer: str, start: int, end: int) -> bool:
    at_line_start = start == 0 or answer[start - 1] == "\n"
    return at_line_start and answer.startswith(":", end)


@lru_cache(maxsize=64)
def _labels(source_ids: tuple[str, ...]) -> _Labels:
    """One resolver per set of sources: a batch or a stream reads many answers against
    the same sources, and the id shapes are then compiled once."""
    return _Labels(source_ids)


class _Labels:
    """Resolves the labels of one marker against the given sources."""

    def __init__(self, source_ids: Sequence[str]) -> None:
        self.ids = tuple(source_ids)
        self.known = frozenset(self.ids)
        # "S1", "doc-12": the shapes of ids that carry a number, so that "[S9]" reads
        # as a marker naming a source that is not there, and "[Tenant]" as prose.
        shapes = {
            _DIGITS.sub(r"\\d+", re.escape(i))
            for i in self.ids
            if _DIGITS.search(i) and not i.isdigit()
        }
        self.shape = re.compile("|".join(sorted(shapes))) if shapes else None

    def read(self, content: str, kind: str, start: int, end: int) -> Marker | None:
        """The marker ``content`` makes, or ``None`` when plain brackets hold prose."""
        if kind == "lenticular" and "†" in content:
            content = content.split("†", 1)[1]  # 【4:0†file.pdf】: the file names the source
        text = content.strip()
        if text in self.known:
            return Marker(start, end, (text,), (), _style(kind, True))
        parts = [p.strip() for p in _SEPARATOR.split(text)]
        if not all(parts):
            return None
        found: list[str] = []
        unknown: list[str] = []
        numbered = False
        for part in parts:
            if part in self.known:
                found.append(part)
            elif self._number_or_range(part, found, unknown):
                numbered = True
            elif kind == "bracket" and not (self.shape and self.shape.fullmatch(part)):
                return None  # "[sic]", "[Tenant]", "[t]he": prose
            else:
                unknown.append(part)
        style = _style(kind, not numbered)
        return Marker(start, end, tuple(dict.fromkeys(found)), tuple(unknown), style)

    def _number_or_range(self, part: str, found: list[str], unknown: list[str]) -> bool:
        """Adds the positions ``part`` names; false when it is no number or range."""
        n = len(self.ids)
        if _NUMBER.fullmatch(part):
            position = int(part)
            if 1 <= position <= n:
                found.append(self.ids[position - 1])
            else:
                unknown.append(part)
            return True
        span = _RANGE.fullmatch(part)
        if span is None:
            return False
        low, high = int(span.group(1)), int(span.group(2))
        if not 1 <= low <= high:
            unknown.append(part)
            return True
        found.extend(self.ids[low - 1 : min(high, n)])
        if high > n:
            first = max(low, n + 1)
            unknown.append(str(first) if first == high else f"{first}-{high}")
        return True


def _style(kind: str, named: bool) -> MarkerStyle:
    """A bracket's style says how it names sources: by id, or (any label) by number."""
    if kind == "bracket":
        return "id" if named else "numeric"
    return "lenticular" if kind == "lenticular" else "caret"


class _Quoted:
    """The quoted passages of an answer, found once and only when a marker is seen."""

    def __init__(self, answer: str) -> None:
        spans = [(m.start(), m.end()) for m in _QUOTED.finditer(answer)]
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def inside(self, start: int, end: int) -> bool:
        i = bisect_right(self.starts, start) - 1
        return i >= 0 and end < self.ends[i]


def claim_text_mask(answer: str, markers: Iterable[Marker]) -> str:
    """``answer`` with every marker's characters replaced by spaces.

    The same length as ``answer``, so every offset into it still indexes the answer:
    matching, scoring and the search for unsupported words read this text and never
    see "[1]" as a word of the claim.
    """
    pieces: list[str] = []
    position = 0
    for marker in sorted(markers, key=lambda m: m.start):
        start = max(marker.start, position)
        if marker.end <= start:
            continue
        pieces.append(answer[position:start])
        pieces.append(" " * (marker.end - start))
        position = marker.end
    if not pieces:
        return answer
    pieces.append(answer[position:])
    return "".join(pieces)


# A paragraph break: a marker after one opens the next paragraph's sentence.
_BLANK_LINE = lazy_pattern(r"\n[^\S\n]*\n")
# A sentence end: a stop, then closing quotes or brackets.
_STOP_BEFORE = lazy_pattern(r"[.!?…][\"'’”»)\]]*\s*$")
# What may begin a sentence after a marker: a capital, a digit, an opening mark.
_STARTS_SENTENCE = lazy_pattern(r"\s+[\"'“‘«(\[]?[^\W_a-z]")


def assign_markers(
    markers: Sequence[Marker], sentences: Sequence[tuple[int, int]], answer: str
) -> list[tuple[Marker, ...]]:
    """For each sentence (``(start, end)`` in order, disjoint), the markers that cite it.

    A marker inside a sentence cites that sentence, except one with nothing but
    spaces and other markers between the sentence's start and itself: that one
    cites the sentence before when it follows that sentence's full stop ("... after
    the tenancy ends. [1]", where the segmenter put "[1]" at the head of the next
    sentence) or is glued to its end, with no blank line between. A marker between
    sentences cites the one before on the same terms, else the next. A marker before
    the first sentence cites the first. So a marker opening a paragraph, or following
    a heading ("Summary\n[1] The deposit ..."), cites the sentence it opens.
    """
    if not sentences:
        return []
    out: list[list[Marker]] = [[] for _ in sentences]
    masked = claim_text_mask(answer, markers)
    starts = [s for s, _ in sentences]
    last = len(sentences) - 1
    for marker in markers:
        i = bisect_right(starts, marker.start) - 1
        if i < 0:
            out[0].append(marker)
        elif marker.start >= sentences[i][1]:  # between sentence i and the next
            back = i == last or _follows(masked, sentences[i], marker.start)
            out[i if back else i + 1].append(marker)
        elif i > 0 and not masked[starts[i] : marker.start].strip():
            back = _follows(masked, sentences[i - 1], marker.start)
            out[i - 1 if back else i].append(marker)
        else:
            out[i].append(marker)
    return [tuple(found) for found in out]


def _follows(masked: str, sentence: tuple[int, int], at: int) -> bool:
    """Whether a marker at ``at`` closes ``sentence``: glued to its end, or after its
    full stop with no paragraph break between."""
    start, end = sentence
    if at <= end:
        return True
    if _BLANK_LINE.search(masked, end, at):
        return False
    return _STOP_BEFORE.search(masked, start, at) is not None


def split_after_markers(
    sentences: Sequence[tuple[int, int]], markers: Sequence[Marker], answer: str
) -> list[tuple[int, int]]:
    """``sentences`` with each one cut after a marker that ends a sentence inside it.

    The segmenter keeps "... after the tenancy ends. [1] The landlord may ..." as one
    sentence, since a marker after the stop hides the sentence end from it. A marker
    (or a run of adjacent markers) after a stop and before a word that begins a
    sentence ends the sentence: the first part runs to the marker's end, the second
    starts at the next word. Other sentences are returned as they are.
    """
    if not markers:
        return list(sentences)
    ordered = sorted(markers, key=lambda m: m.start)
    masked = claim_text_mask(answer, ordered)
    out: list[tuple[int, int]] = []
    k = 0
    for start, end in sentences:
        while k < len(ordered) and ordered[k].start < start:
            k += 1
        cut_from = start
        j = k
        while j < len(ordered) and ordered[j].end <= end:
            last = j
            while (
                last + 1 < len(ordered)
                and not masked[ordered[last].end : ordered[last + 1].start].strip()
            ):
                last += 1
            marker_end = ordered[last].end
            after = _STARTS_SENTENCE.match(masked, marker_end, end)
            if (
                after is not None
                and marker_end < end
                and _STOP_BEFORE.search(masked, cut_from, ordered[j].start)
                and masked[cut_from : ordered[j].start].strip()
            ):
                out.append((cut_from, marker_end))
                cut_from = marker_end + len(after.group()) - len(after.group().lstrip())
            j = last + 1
        k = j
        out.append((cut_from, end))
    return out


# --- structured citations ------------------------------------------------------------

# Anthropic's citation kinds: each cites the whole text block it is attached to.
_ANTHROPIC_LOCATIONS = frozenset(
    {
        "char_location",
        "page_location",
        "content_block_location",
        "web_search_result_location",
        "search_result_location",
    }
)
# The automatic ids Cohere gives documents sent without one: "doc:0", "doc_0".
_COHERE_AUTO_ID = lazy_pattern(r"doc[:_](\d+)")


def read_structured(
    citations: object, answer: str, sources: Sequence[tuple[str, str]]
) -> tuple[CitedSpan, ...]:
    """The structured citations an LLM API returned with ``answer``, as cited spans.

    ``sources`` are ``(id, text)`` pairs in the order the API was given them. Accepted:

    - Cohere: a list of ``{start, end, text?, sources: [{id, ...}] | document_ids}``,
      or a message or response holding it under ``citations`` (or ``message``).
      An id Cohere made up (``doc:0``) names the source at that position.
    - Anthropic: the content blocks of a message (``{type: "text", text, citations}``),
      or the message itself (``content``). The answer is the blocks' texts joined (white
      space after them, a file's last newline, is let be); a
      citation covers its block. A ``char_location`` names ``document_index`` and the
      cited characters; one whose ``cited_text`` the document does not hold at
      ``start_char_index:end_char_index`` has ``cited_text_matches`` false.
    - OpenAI: ``annotations`` of a Chat Completions message (``{type: "url_citation",
      url_citation: {start_index, end_index, url, title}}``) or of Responses API
      output text (``{type: "url_citation" | "file_citation", start_index, end_index,
      url | file_id | filename}``; a ``file_citation`` with only an ``index`` marks the
      point that ends the sentence it cites), as a list, a message, or ``output_text``
      parts.
      The URL, file id, filename or title names the source.

    Objects from the vendors' SDKs are read through their ``model_dump()``. Input that
    fits none of these, or offsets outside the answer, raise
    :class:`~citemark.errors.InputError` naming the field and its index.
    """
    reader = _Structured(answer, sources)
    reader.read(_plain(citations), "citations")
    return tuple(reader.spans)


def _plain(value: object) -> object:
    """A vendor SDK's model as the dicts and lists it was parsed from."""
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        return dump()
    return value


class _Structured:
    def __init__(self, answer: str, sources: Sequence[tuple[str, str]]) -> None:
        self.answer = answer
        self.sources = tuple(sources)
        self.ids = tuple(sid for sid, _ in self.sources)
        self.known = frozenset(self.ids)
        self.spans: list[CitedSpan] = []

    def read(self, value: object, where: str) -> None:
        if isinstance(value, Mapping):
            self._read_container(value, where)
            return
        if not _is_list(value):
            raise InputError(f"{where}: expected a list of citations, got {_kind(value)}")
        items = [_plain(item) for item in value]
        if any(_is_block(item) for item in items):
            self._read_blocks(items, where)
            return
        for n, item in enumerate(items):
            self._read_item(item, f"{where}[{n}]", None)

    def _read_container(self, value: Mapping[object, object], where: str) -> None:
        """A message or response: its citations, wherever the vendor keeps them."""
        if "citations" in value:  # Cohere: beside the content, offsets into its text
            self.read(_plain(value["citations"]), f"{where}.citations")
        elif "annotations" in value:  # a Chat Completions message
            self.read(_plain(value["annotations"]), f"{where}.annotations")
        elif "content" in value:  # an Anthropic message, a Responses message item
            self.read(_plain(value["content"]), f"{where}.content")
        elif "message" in value:  # a Cohere response, a Chat Completions choice
            self.read(_plain(value["message"]), f"{where}.message")
        elif "output" in value:  # a Responses API response: its message items' text
            output = _plain(value["output"])
            if not _is_list(output):
                raise InputError(f"{where}.output: expected a list, got {_kind(output)}")
            parts: list[object] = []
            for item in map(_plain, output):
                if isinstance(item, Mapping) and item.get("type") == "message":
                    content = _plain(item.get("content"))
                    if _is_list(content):
                        parts.extend(map(_plain, content))
            self._read_blocks(parts, f"{where}.output")
        else:
            self._read_item(value, where, None)

    def _read_blocks(self, blocks: list[object], where: str) -> None:
        """Anthropic content blocks or OpenAI output_text parts: the answer is their texts."""
        position = 0
        for n, block in enumerate(blocks):
            here = f"{where}[{n}]"
            if not isinstance(block, Mapping):
                raise InputError(f"{here}: expected a content block, got {_kind(block)}")
            if block.get("type") not in ("text", "output_text"):
                continue  # tool use, thinking: no part of the answer
            text = block.get("text")
            if not isinstance(text, str):
                raise InputError(f"{here}.text: expected a string, got {_kind(text)}")
            if not self.answer.startswith(text, position):
                raise InputError(
                    f"{here}.text: the blocks' texts joined are not the answer "
                    f"(this block does not continue it at offset {position})"
                )
            end = position + len(text)
            for key in ("citations", "annotations"):
                inner = _plain(block.get(key))
                if inner is None:
                    continue
                if not _is_list(inner):
                    raise InputError(f"{here}.{key}: expected a list, got {_kind(inner)}")
                for m, item in enumerate(inner):
                    self._read_item(_plain(item), f"{here}.{key}[{m}]", (position, end))
            position = end
        if self.answer[position:].strip():
            raise InputError(
                f"{where}: the blocks' texts joined are {position} characters, "
                f"the answer {len(self.answer)}"
            )

    def _read_item(self, item: object, where: str, block: tuple[int, int] | None) -> None:
        """One citation; ``block`` is the answer span of the content block it came in."""
        if not isinstance(item, Mapping):
            raise InputError(f"{where}: expected a citation object, got {_kind(item)}")
        kind = item.get("type")
        whole = (0, len(self.answer)) if block is None else block
        if kind in _ANTHROPIC_LOCATIONS:
            if block is None:
                raise InputError(
                    f"{where}: an Anthropic {kind} cites the text block it came in; "
                    "pass the content blocks, not their citations alone"
                )
            if kind in ("char_location", "page_location", "content_block_location"):
                self._anthropic_document(item, where, *block)
            else:
                label = _first_string(item, ("url", "source", "title"), where)
                self._add(*block, label, "anthropic", item, where)
        elif "start" in item or "end" in item:
            self._cohere(item, where, whole)
        elif kind in ("url_citation", "file_citation", "container_file_citation") or (
            "start_index" in item
        ):
            self._openai(item, where, whole)
        else:
            raise InputError(
                f"{where}: not a citation this reads (a Cohere span with start and end, "
                "an Anthropic char_location, page_location or content_block_location in "
                "its content block, an OpenAI url_citation or file_citation)"
            )

    def _cohere(self, item: Mapping[object, object], where: str, block: tuple[int, int]) -> None:
        start = _offset(item, "start", where) + block[0]
        end = _offset(item, "end", where) + block[0]
        self._check_range(start, end, block, where, ("start", "end"))
        self._check_text(item, start, end, where)
        labels: list[str] = []
        if "sources" in item:
            found = _plain(item["sources"])
            if not _is_list(found):
                raise InputError(f"{where}.sources: expected a list, got {_kind(found)}")
            for n, source in enumerate(found):
                source = _plain(source)
                if isinstance(source, Mapping):
                    labels.append(_first_string(source, ("id",), f"{where}.sources[{n}]"))
                elif isinstance(source, str):
                    labels.append(source)
                else:
                    raise InputError(
                        f"{where}.sources[{n}]: expected a source with an id, got {_kind(source)}"
                    )
        elif "document_ids" in item:
            found = item["document_ids"]
            if isinstance(found, str | bytes) or not isinstance(found, Iterable):
                raise InputError(f"{where}.document_ids: expected a list, got {_kind(found)}")
            for n, label in enumerate(sorted(found) if isinstance(found, set) else found):
                if not isinstance(label, str):
                    raise InputError(
                        f"{where}.document_ids[{n}]: expected a string, got {_kind(label)}"
                    )
                labels.append(label)
        else:
            raise InputError(f"{where}: a Cohere citation needs sources or document_ids")
        for label in dict.fromkeys(labels):
            sid, known = self._cohere_id(label)
            self.spans.append(CitedSpan(start, end, sid, known, "cohere"))

    def _cohere_id(self, label: str) -> tuple[str, bool]:
        if label in self.known:
            return label, True
        auto = _COHERE_AUTO_ID.fullmatch(label)
        if auto is not None and int(auto.group(1)) < len(self.ids):
            return self.ids[int(auto.group(1))], True
        return label, False

    def _anthropic_document(
        self, item: Mapping[object, object], where: str, start: int, end: int
    ) -> None:
        index = _offset(item, "document_index", where)
        if index >= len(self.sources):
            raise InputError(
                f"{where}.document_index: {index}, but {len(self.sources)} sources were given"
            )
        sid, text = self.sources[index]
        if item.get("type") != "char_location":
            self.spans.append(CitedSpan(start, end, sid, True, "anthropic"))
            return
        source_start = _offset(item, "start_char_index", where)
        source_end = _offset(item, "end_char_index", where)
        if source_end < source_start:
            raise InputError(
                f"{where}.end_char_index: {source_end} is before start_char_index {source_start}"
            )
        cited = _cited_text(item, where)
        matches = None if cited is None else text[source_start:source_end] == cited
        self.spans.append(
            CitedSpan(start, end, sid, True, "anthropic", cited, source_start, source_end, matches)
        )

    def _openai(self, item: Mapping[object, object], where: str, block: tuple[int, int]) -> None:
        detail = item
        for key in ("url_citation", "file_citation"):
            nested = _plain(item.get(key))
            if isinstance(nested, Mapping):  # Chat Completions and Assistants nest them
                detail = {**nested, **{k: v for k, v in item.items() if k != key}}
                break
        if "start_index" in detail or "end_index" in detail:
            start = _offset(detail, "start_index", where) + block[0]
            end = _offset(detail, "end_index", where) + block[0]
            self._check_range(start, end, block, where, ("start_index", "end_index"))
        elif "index" in detail:
            # A Responses API file citation marks a point of the text, where a marker
            # would stand: it cites the sentence that point ends or falls in.
            start = end = _offset(detail, "index", where) + block[0]
            self._check_range(start, end, block, where, ("index", "index"))
        else:
            raise InputError(f"{where}: an annotation needs start_index and end_index, or an index")
        self._check_text(detail, start, end, where)
        candidates: list[str] = [
            str(detail[key])
            for key in ("url", "file_id", "filename", "title")
            if isinstance(detail.get(key), str)
        ]
        if not candidates:
            raise InputError(f"{where}: an annotation needs a url, file_id or filename")
        sid = next((c for c in candidates if c in self.known), candidates[0])
        self.spans.append(CitedSpan(start, end, sid, sid in self.known, "openai"))

    def _add(
        self,
        start: int,
        end: int,
        label: str,
        shape: str,
        item: Mapping[object, object],
        where: str,
    ) -> None:
        cited = _cited_text(item, where)
        self.spans.append(CitedSpan(start, end, label, label in self.known, shape, cited))

    def _check_text(self, item: Mapping[object, object], start: int, end: int, where: str) -> None:
        """The citation's ``text``, where it gives one, is the answer's at its offsets."""
        text = item.get("text")
        if isinstance(text, str) and self.answer[start:end] != text:
            raise InputError(
                f"{where}.text: {text!r} is not the answer's text at {start}:{end} "
                f"({self.answer[start:end]!r})"
            )

    def _check_range(
        self, start: int, end: int, block: tuple[int, int], where: str, keys: tuple[str, str]
    ) -> None:
        """Offsets within the answer (or the block they index), the end not before the start.

        Messages give the offsets as written, relative to the block they index."""
        first, last = keys
        base = block[0]
        if end > block[1]:
            part = "answer" if block == (0, len(self.answer)) else "block"
            raise InputError(
                f"{where}.{last}: {end - base} is past the {part}'s end ({block[1] - base})"
            )
        if end < start:
            raise InputError(f"{where}.{last}: {end - base} is before {first} {start - base}")


def _is_list(value: object) -> TypeGuard[Sequence[object]]:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _cited_text(item: Mapping[object, object], where: str) -> str | None:
    cited = item.get("cited_text")
    if cited is not None and not isinstance(cited, str):
        raise InputError(f"{where}.cited_text: expected a string, got {_kind(cited)}")
    return cited


def _is_block(item: object) -> bool:
    return (
        isinstance(item, Mapping)
        and item.get("type") in ("text", "output_text")
        and ("text" in item)
    )


def _offset(item: Mapping[object, object], key: str, where: str) -> int:
    value = item.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}.{key}: expected a whole number, got {_kind(value)}")
    if value < 0:
        raise InputError(f"{where}.{key}: {value} is negative")
    return value


def _first_string(item: Mapping[object, object], keys: Sequence[str], where: str) -> str:
    for key in keys:
        value = item.get(key)
        if isinstance(value, str) and value:
            return value
    raise InputError(f"{where}: needs a string {' or '.join(keys)}")


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__
