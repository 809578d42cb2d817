"""Fuzzing the library: hypothesis properties, and a coverage-guided target (atheris).

Whatever the input, these must hold, because a reviewer trusts the marks and a
pipeline trusts the offsets:

* the only exceptions are citemark's validation errors (``CitemarkError``), raised
  exactly for input the docs say is refused (bad or colliding ids, overlapping
  chunks of one id, lone surrogates); valid input never raises;
* every offset is in bounds: sentences, blocks, spans, matches, and citations'
  source offsets (in the parent document, with the evidence equal to that slice);
* the tagged text with its tags removed is the input, for :func:`citemark.tag`
  and :meth:`Report.tagged`, once the tags the input wrote itself (made inert as
  ``&lt;cite``) are given back: no tag but the spans' is left;
* the HTML, *parsed* by :class:`html.parser.HTMLParser`, holds no tag but
  ``<cite>`` (never nested, placed exactly on the spans) and its text, unescaped,
  is the input: nothing from the input became markup.

Inputs mix legal text, markup look-alikes (``<b>``, ``</cite>``, ``&amp;``), control
characters (NUL, ESC, DEL, U+0085), case-folding traps (``ß``, ``İ``, ``ﬁ``), CJK,
combining marks, astral characters and line separators.

The hypothesis tests have fixed budgets (examples each). ``test_atheris_fuzz_target``
runs this file as a libFuzzer target for ``FUZZ_SECONDS`` (Linux x86-64, where
atheris has wheels; skipped elsewhere), after the inputs in ``tests/fuzz_corpus``.
In the suite both draw from fixed seeds, so that a run is reproducible; to explore
with fresh seeds for ten minutes::

    make fuzz
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import citemark
from citemark import CitemarkError, InputError, align, load_config
from citemark.tokens import tokenize

LEXICAL = load_config("default").with_(mode="lexical")
FUZZ_SECONDS = int(os.environ.get("CITEMARK_FUZZ_SECONDS", "20"))
CORPUS = Path(__file__).parent / "fuzz_corpus"
# Fixed seeds in the gate (conftest.py); fresh random ones under ``make fuzz``.
EXPLORE = os.environ.get("CITEMARK_FUZZ_EXPLORE") == "1"

# The documented id rule (sources.py): not blank, no control characters (C0, DEL,
# C1) or lone surrogates. Quotes, commas and markup are allowed, since ids as
# lawyers write them ("Smith v. Jones, 412 P.3d 88") have them; they are escaped
# wherever an id is written.
_BAD_ID = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
# Nor may an id hold a character that shows as nothing (Unicode's default-ignorable code
# points, the bidi controls among them, and the blank Braille cell), nor hold a line or
# paragraph separator: each would make one id read as another.
_SHOWS_AS_NOTHING = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")
# How the documented ``ids`` attribute writes an id: these as character references.
_ID_REFS = {"&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;", ",": "&#44;"}
_SURROGATE = re.compile("[\ud800-\udfff]")
# The bidi embedding, override and isolate controls, each fenced off in the HTML.
_BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
# What may not stand raw in an HTML page (C0 controls but HTML's white space, DEL).
_RAW_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")

# --------------------------------------------------------------------------- checks


def valid_id(key: object) -> bool:
    """Whether citemark accepts ``key`` as a source id."""
    if isinstance(key, bool) or not isinstance(key, str | int):
        return False
    text = str(key)
    return (
        bool(text.strip())
        and _SHOWS_AS_NOTHING.search(text) is None
        and _BAD_ID.search(text) is None
    )


def ids_attr(ids: Sequence[str]) -> str:
    """The documented ``ids="..."`` value: each id escaped, then joined by commas."""
    return ",".join("".join(_ID_REFS.get(c, c) for c in i) for i in ids)


def has_surrogate(text: str) -> bool:
    return _SURROGATE.search(text) is not None


def check_spans(text: str, spans: Sequence[Mapping[str, Any]]) -> None:
    """Spans lie in the text, in order, never overlapping, each naming valid ids."""
    end = 0
    for span in spans:
        assert end <= span["start"] < span["end"] <= len(text), (span, len(text))
        assert span["ids"] and all(valid_id(i) for i in span["ids"]), span
        assert span["kind"] in ("verbatim", "paraphrase"), span
        end = span["end"]


_TAGS = re.compile(r'<cite ids="[^"<>]*"(?: kind="paraphrase")?>|</cite>')
# How tagged text writes a citation tag the answer holds itself: "<" as "&lt;", and one
# "amp;" more on an "&...lt;" before "cite" (README, "Tagged text").
_GUARDED = re.compile(r"(?i)&lt;(?=/?cite)|&amp;(?=(?:amp;)*lt;/?cite)")


def _unguarded(piece: str) -> str:
    return _GUARDED.sub(lambda m: "<" if m.group().lower() == "&lt;" else "&", piece)


def untag(tagged: str, spans: Sequence[Mapping[str, Any]]) -> str:
    """``tagged`` with its ``<cite ...>`` tags removed, and the answer's own look-alikes
    given back.

    Every tag left in the text must be one of the spans', in order, at its offsets:
    a tag the input wrote itself (``<cite ids="S1">``) must have been made inert.
    """
    out: list[str] = []
    length = position = 0
    found = list(_TAGS.finditer(tagged))
    assert len(found) == 2 * len(spans), (len(found), len(spans), tagged[:200])
    for span, (opening, closing) in zip(
        spans, zip(found[::2], found[1::2], strict=True), strict=True
    ):
        kind = ' kind="paraphrase"' if span["kind"] == "paraphrase" else ""
        assert opening.group() == f'<cite ids="{ids_attr(span["ids"])}"{kind}>', opening.group()
        assert closing.group() == "</cite>"
        before = _unguarded(tagged[position : opening.start()])
        inside = _unguarded(tagged[opening.end() : closing.start()])
        assert length + len(before) == span["start"], (length, before, span)
        assert span["start"] + len(inside) == span["end"], (inside, span)
        out += (before, inside)
        length, position = span["end"], closing.end()
    out.append(_unguarded(tagged[position:]))
    return "".join(out)


NOTE_TAGS = {"mark": "cm-conflict", "span": "cm-unsupported-words"}


class _PageText(HTMLParser):
    """The text of an HTML fragment, unescaped, and where each ``<cite>`` lies in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: list[str] = []
        self.cites: list[tuple[int, int, dict[str, str | None]]] = []
        self.problems: list[str] = []
        self._open: tuple[int, dict[str, str | None]] | None = None
        # A conflict value or unsupported words: inside or outside a cite, never across.
        self._note: str | None = None
        # Where an open <bdi> began (it fences off one bidi control).
        self._fence: int | None = None

    def _length(self) -> int:
        return sum(len(p) for p in self.parts)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "bdi" and not attrs and self._fence is None:
            self._fence = self._length()
            return
        note = NOTE_TAGS.get(tag)
        if note is not None and dict(attrs).get("class") == note and self._note is None:
            self._note = tag
            return
        if tag != "cite" or self._open is not None or self._note is not None:
            self.problems.append(f"start tag {tag!r} (inside a cite: {self._open is not None})")
            return
        self._open = (self._length(), dict(attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag == "bdi" and self._fence is not None:
            # a bidi control fenced off alone: one character, nothing else
            fenced = "".join(self.parts)[self._fence :]
            if len(fenced) != 1 or not _BIDI_CONTROL.fullmatch(fenced):
                self.problems.append(f"<bdi> around {fenced!r}")
            self._fence = None
            return
        if tag in NOTE_TAGS and self._note == tag:
            self._note = None
            return
        if tag != "cite" or self._open is None or self._note is not None:
            self.problems.append(f"end tag {tag!r}")
            return
        start, attrs = self._open
        self.cites.append((start, self._length(), attrs))
        self._open = None

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.problems.append(f"self-closing tag {tag!r}")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_entityref(self, name: str) -> None:
        self.parts.append(html.unescape(f"&{name};"))

    def handle_charref(self, name: str) -> None:
        # The reference as written (&#x0; is U+0000), not as a browser repairs it.
        self.parts.append(chr(int(name[1:], 16) if name[:1] in "xX" else int(name)))

    def handle_comment(self, data: str) -> None:
        self.problems.append(f"comment {data!r}")

    def handle_decl(self, decl: str) -> None:
        self.problems.append(f"declaration {decl!r}")

    def handle_pi(self, data: str) -> None:
        self.problems.append(f"processing instruction {data!r}")

    def unknown_decl(self, data: str) -> None:
        self.problems.append(f"unknown declaration {data!r}")


def check_html(page: str, text: str, spans: Sequence[Mapping[str, Any]]) -> None:
    """The HTML holds only ``<cite>`` tags, on the spans, and its text is ``text``."""
    assert _RAW_CONTROL.search(page) is None, "a control character HTML forbids, unescaped"
    parser = _PageText()
    parser.feed(page)
    parser.close()
    assert not parser.problems, parser.problems
    assert parser._open is None, "a <cite> is never closed"
    assert parser._note is None, "a conflict or unsupported-words tag is never closed"
    assert parser._fence is None, "a <bdi> is never closed"
    # every bidi control of the text is fenced off, so none reorders what follows it
    assert page.count("<bdi>") == len(_BIDI_CONTROL.findall(text))
    assert "".join(parser.parts) == text
    assert [(s, e) for s, e, _ in parser.cites] == [(s["start"], s["end"]) for s in spans]
    for (_, _, attrs), span in zip(parser.cites, spans, strict=True):
        # The attribute, once read, is the tagged form: split on commas, then unescape.
        assert attrs == {"class": f"cm-{span['kind']}", "data-ids": ids_attr(span["ids"])}
        assert [html.unescape(i) for i in attrs["data-ids"].split(",")] == span["ids"]


def parents(sources: Sequence[Any]) -> dict[str, dict[int, str]]:
    """Each id's parent document as far as its chunks show it: offset -> character (the
    chunks of one id agree where they overlap, or the input is refused)."""
    out: dict[str, dict[int, str]] = {}
    for source in sources:
        if isinstance(source, dict):
            chars = out.setdefault(str(source["id"]), {})
            offset = source.get("offset", 0)
            chars.update((offset + k, char) for k, char in enumerate(source["text"]))
    return out


def parent_text(chars: dict[int, str], start: int, end: int) -> str:
    """The parent's text at ``start:end``, which the chunks must cover."""
    assert all(k in chars for k in range(start, end)), (start, end)
    return "".join(chars[k] for k in range(start, end))


def check_place(source: Any, source_id: str, start: int, end: int) -> None:
    """A citation or match names a chunk of its id that holds where its evidence starts
    (touching or overlapping chunks are read joined, so the evidence may run on)."""
    offset = source.get("offset", 0)
    assert source_id == str(source["id"])
    assert offset <= start < offset + len(source["text"]) and start <= end, (start, end)


def check_matches(text: str, matches: Sequence[citemark.Match], sources: Sequence[Any]) -> None:
    """Document-mode matches: in the answer, in the parent document, the same tokens."""
    parent = parents(sources)
    for m in matches:
        assert 0 <= m.start < m.end <= len(text), m
        if m.source_index is None:
            continue
        assert m.source_start is not None and m.source_end is not None
        check_place(sources[m.source_index], m.source_id, m.source_start, m.source_end)
        assert m.source_start < m.source_end, m
        quoted = parent_text(parent[m.source_id], m.source_start, m.source_end)
        assert tokenize(text[m.start : m.end]).keys == tokenize(quoted).keys


def check_report(report: citemark.Report, answer: str, sources: Sequence[Any]) -> None:
    """Every offset of a report in bounds, and every rendering faithful to the answer."""
    parent = parents(sources)
    end = 0
    for s in report.sentences:
        assert end <= s.start < s.end <= len(answer), (s.start, s.end, len(answer))
        assert s.text == answer[s.start : s.end]
        assert s.status in ("supported", "partial", "unsupported", "no_claim")
        # A sentence that asserts nothing is never given paraphrase support.
        assert s.status != "no_claim" or all(c.kind == "verbatim" for c in s.citations)
        assert 0.0 <= s.score <= 1.0
        end = s.end
        for c in s.citations:
            check_place(sources[c.source_index], c.source_id, c.source_start, c.source_end)
            assert c.evidence == parent_text(parent[c.source_id], c.source_start, c.source_end)
        for fact in s.missing_facts:
            assert 0 <= fact.start <= fact.end
    block_end = 0
    for b in report.blocks:
        assert block_end <= b.start < b.end <= len(answer)
        block_end = b.end
    check_matches(answer, [m for b in report.blocks for m in b.matches], sources)
    spans = report.spans()
    check_spans(answer, spans)
    assert untag(report.tagged(), spans) == answer
    check_html(report.html(), answer, spans)
    data = json.loads(json.dumps(report.to_dict(), ensure_ascii=False).encode("utf-8"))
    assert len(data["sentences"]) == len(report.sentences)


def check_tagging(text: str, sources: Any, **options: Any) -> None:
    """tag, tag_spans, tag_html and find_blocks of one input agree and are faithful."""
    spans = citemark.tag_spans(text, sources, **options)
    check_spans(text, spans)
    assert all(s["kind"] == "verbatim" for s in spans)
    assert untag(citemark.tag(text, sources, **options), spans) == text
    check_html(citemark.tag_html(text, sources, **options), text, spans)
    blocks = citemark.find_blocks(text, sources, **options)
    assert [(b.start, b.end, list(b.ids)) for b in blocks] == [
        (s["start"], s["end"], s["ids"]) for s in spans
    ]
    for block in blocks:
        assert all(block.start <= m.start < m.end <= block.end for m in block.matches)


# --------------------------------------------------------------------------- inputs

WORDS = [
    "rent", "Rent", "RENT", "tenant", "Tenant", "the", "shall", "pay", "not", "no", "lease",
    "$2,400", "30", "thirty", "(30)", "days", "10%", "March", "1,", "2024", "Delaware",
    "U.S.C.", "§", "v.", "Inc.", "e.g.", "No.", "1.", "(a)", "Smith", "ß", "STRASSE",
    "straße", "İstanbul", "ﬁne", "é", "e\u0301", "Σ", "ς", "家", "賃", "😀", "a_b",
]  # fmt: skip
ODDITIES = [
    "<b>", "</cite>", '<cite ids="S1">', "&amp;", "&", "<", ">", '"', "'", ".", "!", "?",
    ",", ";", ":", "-", "•", "。", "\ufeff", "\u200b", "\x00", "\x01", "\x1b[31m", "\x7f",
    "\x85", "\u2028", "\x0b", "\x0c", "\u202e", "\u2066", "\u2069", "\u202c",
]  # fmt: skip
SEPARATORS = [" ", " ", " ", " ", "", "\n", "\r\n", "\t", "  ", "\r", "\n\n"]
ODD = st.characters(codec=None, exclude_categories=())  # any code point, surrogates too

piece = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from(ODDITIES))


def _joined(min_size: int) -> st.SearchStrategy[str]:
    pairs = st.tuples(piece, st.sampled_from(SEPARATORS))
    return st.lists(pairs, min_size=min_size, max_size=40).map(
        lambda found: "".join(p + s for p, s in found)
    )


pieces = _joined(0)
texts = st.one_of(pieces, pieces, pieces, st.text(ODD, max_size=30))
source_texts = _joined(6)
GOOD_IDS = st.sampled_from(
    ["S1", "S2", "lease", "ß-doc", "S 3", "S1 ", 7, 'S"1', "<x>", "a,b", "a&b", "&#44;"]
)
BAD_IDS = st.sampled_from(
    ["", "  ", "x\x00", "x\x85", "\ud800", True, 2.5, "S\u2028", "le\u200bse", "\u202eS"]
)
ID_POOL = st.one_of(*[GOOD_IDS] * 8, BAD_IDS, st.just("7"))


@st.composite
def phrase_cases(draw: st.DrawFn) -> tuple[str, dict[Any, list[str]]]:
    """A text and a phrase map, the phrases mostly cut from the text itself.

    Cuts follow token edges half of the time (so word-level matches happen) and
    fall anywhere otherwise (so they also cut words, surrogate pairs of folding, ...).
    """
    text = draw(texts)
    tokens = tokenize(text)
    phrases: dict[Any, list[str]] = {}
    for key in draw(st.lists(ID_POOL, max_size=4)):
        chosen = []
        for _ in range(draw(st.integers(0, 4))):
            roll = draw(st.integers(0, 3))
            if tokens.keys and roll < 2:
                first = draw(st.integers(0, len(tokens) - 1))
                last = draw(st.integers(first, min(len(tokens) - 1, first + 4)))
                phrase = text[tokens.starts[first] : tokens.ends[last]]
            elif text and roll < 3:
                start = draw(st.integers(0, len(text) - 1))
                phrase = text[start : draw(st.integers(start + 1, min(len(text), start + 15)))]
            else:
                phrase = draw(st.one_of(piece, st.text(ODD, max_size=4)))
            chosen.append(draw(st.sampled_from([phrase, phrase.upper(), phrase.casefold()])))
        phrases[key] = chosen
    return text, phrases


def phrases_refused(text: str, phrases: Mapping[Any, list[str]]) -> bool:
    """Whether the docs say this phrase input is refused."""
    names = [str(k) for k in phrases]
    return (
        not all(valid_id(k) for k in phrases)
        or len(set(names)) < len(names)
        or has_surrogate(text)
        or any(has_surrogate(p) for ps in phrases.values() for p in ps)
    )


@st.composite
def document_cases(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]]]:
    """An answer and documents: some chunked under one id, a few with a bad id.

    The answer copies stretches of the sources, so that quotes and paraphrases occur.
    """
    documents: list[dict[str, Any]] = []
    for n in range(draw(st.integers(1, 3))):
        text = draw(source_texts)
        if draw(st.integers(0, 9)) == 0:  # a chunked document: pieces of one id
            cut = draw(st.integers(0, len(text)))
            gap = draw(st.integers(-3, 5)) if draw(st.booleans()) else 0
            second = cut + gap
            documents.append({"id": f"D{n}", "text": text[:cut]})
            documents.append({"id": f"D{n}", "text": text[cut:], "offset": max(second, 0)})
            continue
        key = draw(ID_POOL) if draw(st.integers(0, 9)) == 0 else f"D{n}"
        documents.append({"id": key, "text": text})
    answer_parts = []
    for _ in range(draw(st.integers(1, 5))):
        source = draw(st.sampled_from(documents))["text"]
        tokens = tokenize(source)
        roll = draw(st.integers(0, 3))
        if len(tokens) > 1 and roll < 2:  # a quote of whole tokens
            first = draw(st.integers(0, len(tokens) - 2))
            last = draw(st.integers(first + 1, len(tokens) - 1))
            answer_parts.append(source[tokens.starts[first] : tokens.ends[last]])
        elif source and roll < 3:  # any stretch
            start = draw(st.integers(0, len(source) - 1))
            answer_parts.append(source[start : draw(st.integers(start + 1, len(source)))])
        else:
            answer_parts.append(draw(texts))
    answer = draw(st.sampled_from([" ", "\n", ". ", ""])).join(answer_parts)
    return answer, documents


def _agreeing(documents: list[dict[str, Any]]) -> bool:
    """Whether the chunks of every id agree where they overlap (the rule for repeated
    ids: such chunks are read joined, and two texts for one place are refused)."""
    seen: dict[tuple[str, int], str] = {}
    for d in documents:
        start = d.get("offset", 0)
        for k, char in enumerate(d["text"]):
            if seen.setdefault((str(d["id"]), start + k), char) != char:
                return False
    return True


def refused_documents(documents: list[dict[str, Any]]) -> bool:
    ids = [d["id"] for d in documents]
    return not all(valid_id(i) for i in ids) or not _agreeing(documents)


# --------------------------------------------------------------------------- properties


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phrase_cases(), st.booleans())
def test_phrase_mode_never_fails_and_stays_faithful(
    case: tuple[str, dict[Any, list[str]]], word_level: bool
) -> None:
    text, phrases = case
    refused = phrases_refused(text, phrases)
    try:
        check_tagging(text, phrases, word_level=word_level)
    except InputError as exc:
        assert refused, f"valid input refused: {exc}"
        return
    assert not refused, "invalid input accepted"


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document_cases(), st.integers(1, 5))
def test_document_mode_tagging_never_fails_and_stays_faithful(
    case: tuple[str, list[dict[str, Any]]], min_tokens: int
) -> None:
    answer, documents = case
    refused = refused_documents(documents) or has_surrogate(answer)
    try:
        check_tagging(answer, documents, min_tokens=min_tokens)
        matches = citemark.find_matches(answer, documents, min_tokens=min_tokens)
    except InputError as exc:
        assert refused, f"valid input refused: {exc}"
        return
    assert not refused, "invalid input accepted"
    check_matches(answer, matches, documents)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document_cases())
def test_align_never_fails_and_every_offset_is_in_bounds(
    case: tuple[str, list[dict[str, Any]]],
) -> None:
    answer, documents = case
    refused = refused_documents(documents) or has_surrogate(answer)
    try:
        report = align(answer, documents, config=LEXICAL)
    except InputError as exc:
        assert refused, f"valid input refused: {exc}"
        return
    assert not refused, "invalid input accepted"
    check_report(report, answer, documents)


@settings(max_examples=300, deadline=None)
@given(st.text(ODD, max_size=40), st.lists(st.text(ODD, max_size=6), max_size=4))
def test_any_code_points_at_all(text: str, phrases: list[str]) -> None:
    """Arbitrary Unicode (unassigned, private use, surrogates): refused or faithful."""
    refused = has_surrogate(text) or any(has_surrogate(p) for p in phrases)
    try:
        check_tagging(text, {"S1": phrases}, word_level=False)
        check_tagging(text, [{"id": "S1", "text": "".join(phrases)}], min_tokens=1)
    except CitemarkError as exc:
        assert refused and isinstance(exc, InputError), exc
        return
    assert not refused


# --------------------------------------------------------------------------- atheris


def fuzz_one_input(data: bytes) -> None:
    """One libFuzzer input: a text, phrases cut from it, ids; tagger and HTML checked."""
    import atheris

    fdp = atheris.FuzzedDataProvider(data)
    text = fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 300))
    phrases: dict[Any, list[str]] = {}
    for _ in range(fdp.ConsumeIntInRange(0, 4)):
        key: Any = fdp.ConsumeUnicode(4) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(0, 9)
        chosen = []
        for _ in range(fdp.ConsumeIntInRange(0, 4)):
            if text and fdp.ConsumeBool():
                start = fdp.ConsumeIntInRange(0, len(text) - 1)
                chosen.append(text[start : start + fdp.ConsumeIntInRange(1, 12)])
            else:
                chosen.append(fdp.ConsumeUnicode(6))
        phrases[key] = chosen
    word_level = fdp.ConsumeBool()
    min_tokens = fdp.ConsumeIntInRange(1, 5)
    refused = phrases_refused(text, phrases)
    try:
        check_tagging(text, phrases, word_level=word_level)
    except InputError:
        if not refused:
            raise
    else:
        assert not refused, "invalid input accepted"
    texts = [p for chosen in phrases.values() for p in chosen]
    documents = [{"id": f"D{n}", "text": p} for n, p in enumerate(texts)]
    try:
        check_tagging(text, documents, min_tokens=min_tokens)
    except InputError:
        if not (has_surrogate(text) or any(has_surrogate(d["text"]) for d in documents)):
            raise


def fuzz_main(argv: list[str]) -> None:
    """Run the atheris target; libFuzzer options (``-max_total_time=N``) pass through.

    citemark is already imported (by this module), so its functions are
    instrumented in place for coverage guidance; ``atheris.instrument_all`` would
    take half a minute over pytest and hypothesis as well.
    """
    import gc
    import types

    import atheris

    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and (obj.__module__ or "").startswith("citemark"):
            atheris.instrument_func(obj)
    atheris.Setup(argv, fuzz_one_input)
    atheris.Fuzz()


def test_atheris_fuzz_target(tmp_path: Path) -> None:
    """Coverage-guided fuzzing of the tagger and the HTML renderer for a bounded time.

    The inputs in ``tests/fuzz_corpus`` (each one a failure fuzzing once found) are
    run first, every time, so that a failure found once by chance stays found.
    """
    pytest.importorskip("atheris", reason="atheris has wheels for Linux x86-64 only")
    corpus, artifacts = tmp_path / "corpus", tmp_path / "artifacts"
    shutil.copytree(CORPUS, corpus)
    artifacts.mkdir()
    result = subprocess.run(
        [
            sys.executable,
            __file__,
            f"-max_total_time={FUZZ_SECONDS}",
            "-rss_limit_mb=4096",
            "-timeout=20",
            f"-artifact_prefix={artifacts}/",
            *([] if EXPLORE else ["-seed=1"]),
            str(corpus),
        ],
        capture_output=True,
        text=True,
        timeout=FUZZ_SECONDS + 120,
        cwd=tmp_path,
    )
    crashes = sorted(p.name for p in artifacts.iterdir())
    assert result.returncode == 0 and not crashes, (crashes, result.stderr[-4000:])
    runs = re.search(r"Done (\d+) runs", result.stderr)
    assert runs and int(runs.group(1)) > 1000, result.stderr[-2000:]


if __name__ == "__main__":
    fuzz_main(sys.argv)
