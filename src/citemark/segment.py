"""Sentence segmentation for answers and sources, tuned for legal text.

Citations are matched and scored per sentence, so a split inside ``Smith v. Jones``
or ``123 F.3d 456 (9th Cir. 1999)`` would tear one claim into two half-claims that
neither match a source nor make sense on their own. The segmenter therefore leans
towards *not* splitting after abbreviations, and splits only where the evidence
for a sentence end is good.

The pipeline is spaCy's blank English tokenizer (no model download) plus the rule
based ``sentencizer``. Legal abbreviations are tokenizer special cases, so their
period stays inside the token and never looks like a sentence end; one small
component (``citemark_boundaries``) then repairs what the sentencizer cannot know:
abbreviations that *do* end a sentence, continuations in lower case, footnote
markers, quotes that open the next sentence, and mid-line bullets.

Newlines and list markers are handled in plain Python before spaCy sees the
text: a newline always ends a sentence (LLM answers use them for paragraphs and
list items), and this keeps each spaCy document small, fast and far below
``nlp.max_length``.

``import citemark.segment`` stays cheap: spaCy is imported only when the first
:class:`Segmenter` is built. spaCy's ``thinc`` tries ``import torch`` when torch is
installed (~2.7 s) although a blank pipeline never uses it; with
``CITEMARK_SPACY_TORCH=0`` (the command line sets it) spaCy is imported with torch
hidden, see :func:`_import_spacy`.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from citemark.labels import LIST_MARKER
from citemark.lexicon.abbreviations import COMPANY, COURT_ENDS, NEVER_ENDS, NUMBERING, STARTER
from citemark.tokens import FORMAT_CHARS
from citemark.types import Span

from .lazy import lazy_pattern

if TYPE_CHECKING:
    from types import ModuleType

    from spacy.language import Language
    from spacy.tokenizer import Tokenizer
    from spacy.tokens import Doc

__all__ = ["Segmenter", "segment", "unbroken"]

COMPONENT_NAME = "citemark_boundaries"

# Pieces handed to spaCy stay below this many characters. Lines are rarely longer;
# when one is (a several-MB text without newlines), it goes through overlapping
# windows so that each Doc (and its memory) stays small and max_length is never hit.
MAX_PIECE_CHARS = 100_000

# How many spaCy docs to batch in nlp.pipe; only affects speed.
_PIPE_BATCH = 256

# spaCy's vocabulary keeps every new word it has tokenized (case numbers, amounts,
# invoice ids), so a server's memory grew by 3-5 MB per 1,000 requests without end.
# Past this many strings the pipeline is built afresh (0.3 s); the spans
# never depend on what the vocabulary holds.
VOCAB_LIMIT = 50_000


class _Ends(Enum):
    """How likely an abbreviation is to end a sentence, which decides the next-word test."""

    NEVER = "never"  # v., e.g., Mr., Cir., Supp. ...: always followed by more of the sentence
    COMPANY = "company"  # Inc., Ltd., etc., Id. ...: often the last word; split before a capital
    STARTER = "starter"  # U.S., Jan., Tex., initials: split only before a typical sentence opener
    NUMBERING = "numbering"  # No., Sec., Art.: a number follows; a capitalised word means "No."


# Words that continue a company name after Inc./Co./... ("Acme Co. Ltd.", "PVT. LTD.").
_COMPANY_SUFFIXES = frozenset(
    "inc. ltd. llc l.l.c. llp l.l.p. l.p. lp corp. co. plc gmbh ag s.a. n.v. b.v. limited".split()
)

# A bare item number: "9", "12.8", "k", "iv" (as in "9.", "(k).", "IV."). Roman
# numerals stop at x-ish ones so that words like "civil" or "mild" do not qualify.
_ENUMERATOR = lazy_pattern(r"\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivx]{1,5}|[IVX]{1,5}")

# Words that typically open an English sentence. After "U.S." or "Jan." a capitalised
# word is usually a name ("U.S. District Court"); one of these is usually a new sentence.
_STARTERS = frozenset(
    "The This That These Those It Its He She They We I You There Here A An In On At By For "
    "From As If When While After Before However Therefore Thus Accordingly Moreover "
    "Furthermore Additionally Also But And Or So Because Since Although Though Under Such "
    "Each Any All No Not Nor Neither Both Other Some Many Most Our My His Her Their Your "
    "What Which Who Whom Whose Where Why How Then Finally First Second Third Next Notably "
    "Similarly Indeed Further Nevertheless Nonetheless Yet Even Only To With Without Upon "
    "Pursuant Instead Otherwise Consequently Hence Meanwhile Likewise Specifically See "
    "Today Later Despite During Unless Until Whether One Two Three "
    # a suit's parties open its sentences: "Venue lies in the E.D. Va. Defendant waived"
    "Plaintiff Plaintiffs Defendant Defendants Appellant Appellants Appellee Appellees "
    "Petitioner Petitioners Respondent Respondents".split()
)

_OPENERS = frozenset("([{“‘«「『（【〈《")
_CLOSERS = frozenset(")]}”’»」』）】〉》\"'")

# Abbreviations not in the tables above, which a lower-case word may follow without a
# new sentence: units and common short forms ("5 ft. long", "approx. 3 lbs. of").
_LOWER_ABBREVIATIONS = frozenset(
    "ft sq lb lbs oz in yd yds mi mph kg km cm mm hr hrs min mins sec secs max est avg "
    "wt dia ref refs resp cont misc pl ed eds nr orig abbr "
    "jr sr gov cf ca vs viz al seq".split()
)

# Lower-case subsequent-history words of a citation: "(2d Cir. 1999). cert. denied".
_HISTORY_WORDS = frozenset(
    "cert. cert aff'd aff’d rev'd rev’d reh'g reh’g vacated modified".split()
)
_BULLETS = frozenset("•‣◦▪●■")
_CONTINUATION_PUNCT = frozenset(",;")

# Extra infixes. CJK text has no spaces, so it is split at its sentence ends (keeping
# a closing bracket or quote with the sentence it closes). Footnote markers glued to
# a period ("blue.[1][2] It") are split off so the component can keep them with it.
_CJK_TERMINATORS = "。！？．｡"
_EXTRA_INFIXES = (
    f"[{_CJK_TERMINATORS}]",
    f"(?<=[{_CJK_TERMINATORS}])[」』）”’\"']",
    r"[.!?](?=\[)",
    r"(?<=[.!?\]])\[",
    r"\](?=\[)",
)

# Everything Python's str.splitlines() treats as a line break: a line ends a sentence.
_BREAKS = r"\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE = lazy_pattern(f"[^{_BREAKS}]+")
LINE_BREAK = lazy_pattern(f"[{_BREAKS}]")


@dataclass(frozen=True)
class _Piece:
    """A slice of the input handed to spaCy as one document.

    ``head`` is where its first sentence begins; it is before ``start`` when a list
    marker was kept out of spaCy's sight, so that ``1. Definitions.`` stays one item.
    """

    head: int
    start: int
    end: int


@dataclass(frozen=True)
class _Tables:
    """Abbreviation lookups shared by every pipeline, keyed by spaCy's string hashes."""

    classes: dict[str, _Ends]
    watched: frozenset[int]  # ORTH hashes of tokens the component must look at


class Segmenter:
    """Splits text into sentence spans (character offsets into the original text).

    ``plain_stops=False`` sends every line with a terminator through spaCy; the
    default first cuts lines at plain stops (see :func:`_plain_stop_cuts`), which
    gives the same spans several times faster on prose and contracts.
    ``windows=False`` gives spaCy each such line or part whole; the default gives
    it only the words around the terminators (see :func:`_windows`). The tests and
    ``benchmarks/exactness.py`` (all dev text) hold all of them equal.
    """

    def __init__(self, *, plain_stops: bool = True, windows: bool = True) -> None:
        self._nlp = _build_pipeline()
        self._triggers = _trigger_pattern(self._nlp)
        self._plain_stops = plain_stops
        self._use_windows = windows
        self._specials = frozenset(_tokenizer(self._nlp).rules or ())

    def __call__(self, text: str) -> list[Span]:
        if INVISIBLE.search(text):
            # Read as spaces (one for one, so every offset holds): "month\u200b. The
            # landlord will also pay ..." was one sentence, and the invented claim after
            # the stop was judged as part of the sentence before it.
            text = INVISIBLE.sub(" ", text)
        spans: list[Span] = []
        pending: list[_Piece] = []
        for piece in _pieces(text):
            if piece.end - piece.start > MAX_PIECE_CHARS:
                spans.extend(self._segment_long(text, piece))
            elif not self._triggers.search(text, piece.start, piece.end):
                spans.append(Span(piece.head, piece.end))
            elif not self._plain_stops:
                pending.append(piece)
            else:
                for part, last in self._parts(text, piece):
                    if _part_trigger(self._triggers, text, part.start, last):
                        pending.append(part)
                    else:
                        spans.append(Span(part.head, part.end))
        spans.extend(self._segment_parts(text, pending))
        spans.sort()
        if len(self._nlp.vocab.strings) > VOCAB_LIMIT:
            # A thread still in the old pipeline keeps it until it is done.
            self._nlp = _build_pipeline()
        return spans

    def _segment_parts(self, text: str, parts: list[_Piece]) -> Iterator[Span]:
        """Segment parts that hold a terminator, spaCy seeing only their windows."""
        windows = [(n, w) for n, part in enumerate(parts) for w in self._spacy_windows(text, part)]
        texts = [text[start:end] for _, (start, end) in windows]
        docs = self._nlp.pipe(texts, batch_size=_PIPE_BATCH)
        starts: list[list[int]] = [[] for _ in parts]
        for (n, (start, _)), doc in zip(windows, docs, strict=True):
            starts[n].extend(start + offset for offset in _doc_starts(doc))
        for part, found in zip(parts, starts, strict=True):
            yield from _spans_between(text, part, found)

    def _spacy_windows(self, text: str, part: _Piece) -> list[tuple[int, int]]:
        if not self._use_windows:
            return [(part.start, part.end)]
        return _windows(self._triggers, text, part)

    def _parts(self, text: str, piece: _Piece) -> Iterator[tuple[_Piece, int]]:
        """The piece cut after each plain stop, with where a terminator would matter.

        A part is one sentence unless a terminator comes before its trailing
        punctuation: marks at the very end (the plain stop, "etc.)", "?!") have no
        word after them to start a sentence. The second value is where that
        trailing run begins.
        """
        head, start = piece.head, piece.start
        for stop, next_start in _plain_stop_cuts(text, piece, self._specials):
            yield _Piece(head, start, stop + 1), _trailing_marks(text, start, stop + 1)
            head = start = next_start
        yield _Piece(head, start, piece.end), _trailing_marks(text, start, piece.end)

    def _segment_long(self, text: str, piece: _Piece) -> list[Span]:
        """Segment a very long line through overlapping windows.

        Each window's last sentence may run past the window, so it is dropped and the
        next window starts where it started; the result is the same as one huge doc
        (unless a single sentence is longer than a window, which is then cut).
        """
        spans: list[Span] = []
        head, start = piece.head, piece.start
        while piece.end - start > MAX_PIECE_CHARS:
            stop = _window_end(text, start, start + MAX_PIECE_CHARS)
            found = self._segment_piece(text, _Piece(head, start, stop))
            if len(found) > 1:
                head = start = found.pop().start
            else:
                head = start = _strip(text, stop, piece.end)[0]
            spans.extend(found)
        spans.extend(self._segment_piece(text, _Piece(head, start, piece.end)))
        return spans

    def _segment_piece(self, text: str, piece: _Piece) -> list[Span]:
        doc = self._nlp(text[piece.start : piece.end])
        return _spans_between(text, piece, [piece.start + o for o in _doc_starts(doc)])


@cache
def _default_segmenter() -> Segmenter:
    """One pipeline per process: building it costs far more than segmenting an answer."""
    return Segmenter()


# Invisible format characters (``tokens.FORMAT_CHARS``): beside a full stop they hid
# the sentence boundary from the stop finder and from spaCy.
INVISIBLE = lazy_pattern(f"[{FORMAT_CHARS}]")


def segment(text: str) -> list[Span]:
    """Segment with one shared Segmenter, built on first use: building costs ~1-2 s."""
    return _default_segmenter()(text)


def unbroken(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether ``text[start:end]`` is one line that nothing in it could end early.

    Such a stretch (no line break, no terminator, no longer than a piece) is one
    sentence, and stays one sentence whatever unbroken text is added to it; the
    streaming tagger relies on this to avoid re-segmenting a long sentence on
    every chunk (tests hold it to :func:`segment`).
    """
    end = len(text) if end is None else end
    if end - start > MAX_PIECE_CHARS:
        return False
    if LINE_BREAK.search(text, start, end):
        return False
    return _default_segmenter()._triggers.search(text, start, end) is None


# --------------------------------------------------------------------------- pipeline


def _build_pipeline() -> Language:
    """Blank English + abbreviation special cases + sentencizer + boundary repair."""
    spacy = _import_spacy()
    _register_component()
    nlp = spacy.blank("en")
    _add_special_cases(nlp)
    _add_infixes(nlp)
    _keep_needed_lexeme_attrs(nlp)
    nlp.add_pipe("sentencizer")
    nlp.add_pipe(COMPONENT_NAME, after="sentencizer")
    return nlp


def _keep_needed_lexeme_attrs(nlp: Language) -> None:
    """Compute only the word attributes segmentation reads for each new word.

    The sentencizer and the repair component read ``is_punct`` and ``is_space`` and
    nothing else (``text`` and ``whitespace_`` are no computed attributes). English
    computes 24 of them (like_num, shape, stop word, norm, ...) for every word the
    pipeline has not seen, which was most of what a first call on new sources spent
    in spaCy's tokenizer.
    """
    from spacy.attrs import IS_PUNCT, IS_SPACE

    # spaCy's type stubs leave out Vocab.lex_attr_getters, a plain attribute of it
    vocab: Any = nlp.vocab
    getters = vocab.lex_attr_getters
    vocab.lex_attr_getters = {a: getters[a] for a in (IS_PUNCT, IS_SPACE)}


def _tokenizer(nlp: Language) -> Tokenizer:
    """The pipeline's tokenizer: spaCy types ``Language.tokenizer`` as any callable
    from text to a Doc, and a blank pipeline's is a :class:`~spacy.tokenizer.Tokenizer`."""
    from spacy.tokenizer import Tokenizer

    tokenizer = nlp.tokenizer
    assert isinstance(tokenizer, Tokenizer)
    return tokenizer


# Environment switch: "0" imports spaCy with torch hidden from thinc. An environment
# variable rather than a module flag, so that batch workers (spawned processes) inherit it.
SPACY_TORCH_ENV = "CITEMARK_SPACY_TORCH"


def _import_spacy() -> ModuleType:
    """Import spaCy, keeping thinc's optional ``import torch`` out when asked to.

    thinc imports torch at import time if it can, only to offer torch-backed layers
    that a blank pipeline never uses; that one import costs more (~2.7 s) than
    everything else a lexical ``citemark check`` does. With ``CITEMARK_SPACY_TORCH=0``
    a ``None`` entry in ``sys.modules`` makes thinc's ``import torch`` fail as if
    torch were not installed, for the duration of this import only: afterwards torch
    imports normally, so the MiniLM embedder (sentence-transformers imports torch
    itself) still works in the same process. thinc then believes torch is absent,
    which only matters to spaCy pipelines with torch models, so the library leaves
    this off unless the switch is set; the command line, whose process is its own,
    sets it. Nothing changes when torch or thinc is already imported.
    """
    hide = (
        os.environ.get(SPACY_TORCH_ENV) == "0"
        and "thinc" not in sys.modules
        and "torch" not in sys.modules
    )
    if not hide:
        import spacy

        return spacy
    sys.modules["torch"] = None  # type: ignore[assignment]  # `import torch` -> ImportError
    try:
        import spacy
    finally:
        if sys.modules.get("torch", ...) is None:
            del sys.modules["torch"]
    return spacy


def _register_component() -> None:
    """Register the component once; spaCy's registry is process-global."""
    from spacy.language import Language

    if Language.has_factory(COMPONENT_NAME):
        return

    @Language.component(COMPONENT_NAME)
    def citemark_boundaries(doc: Doc) -> Doc:
        return _repair_boundaries(doc)


def _add_special_cases(nlp: Language) -> None:
    """Keep each abbreviation's period in its token, so the sentencizer never splits there."""
    from spacy.attrs import ORTH

    for text in _tables().classes:
        _tokenizer(nlp).add_special_case(text, [{ORTH: text}])


def _add_infixes(nlp: Language) -> None:
    from spacy.util import compile_infix_regex

    infixes = [*(nlp.Defaults.infixes or ()), *_EXTRA_INFIXES]
    _tokenizer(nlp).infix_finditer = compile_infix_regex(infixes).finditer


def _trigger_pattern(nlp: Language) -> re.Pattern[str]:
    """Characters without which a line is one sentence, so spaCy can be skipped for it.

    Any character outside the Basic Multilingual Plane counts too: a class that
    lists the sentencizer's few astral terminators one by one made every search
    ~15x slower, and a needless trip through spaCy only costs time, never output.
    """
    from spacy.pipeline import Sentencizer

    sentencizer = nlp.get_pipe("sentencizer")
    assert isinstance(sentencizer, Sentencizer)
    chars = set(sentencizer.punct_chars) | _BULLETS
    listed = "".join(re.escape(c) for c in sorted(chars) if ord(c) <= 0xFFFF)
    return re.compile(f"[{listed}]|[\U00010000-\U0010ffff]")


def _part_trigger(triggers: re.Pattern[str], text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds a trigger, a period between digits ("8.3",
    "$1,000.50") not counted: the tokenizer never splits it off, so it ends nothing."""
    # Searched directly (no generator, no finditer): most parts and word chunks asked
    # about hold no trigger at all, and the rest mostly one that counts.
    match = triggers.search(text, start, end)
    while match is not None:
        i = match.start()
        if _counts(text, i):
            return True
        match = triggers.search(text, i + 1, end)
    return False


def _trigger_positions(triggers: re.Pattern[str], text: str, start: int, end: int) -> Iterator[int]:
    """Where ``text[start:end]`` holds a trigger, periods between digits left out."""
    for match in triggers.finditer(text, start, end):
        if _counts(text, match.start()):
            yield match.start()


def _counts(text: str, i: int) -> bool:
    """Whether the trigger at ``i`` can end a sentence: any but a period between digits."""
    return text[i] != "." or not (text[i - 1 : i].isdecimal() and text[i + 1 : i + 2].isdecimal())


def _trailing_marks(text: str, start: int, end: int) -> int:
    """Where the run of terminators, closing marks and spaces that ends ``text[start:end]``
    begins (bullets excluded: a bullet starts an item even at the end)."""
    punct = _sentence_punct()
    while end > start and (
        text[end - 1] in punct or text[end - 1] in _CLOSERS or text[end - 1].isspace()
    ):
        end -= 1
    return end


@cache
def _tables() -> _Tables:
    """Build the abbreviation classes once; the hashes are the same in every spaCy vocab."""
    from spacy.strings import get_string_id

    classes = _abbreviation_classes()
    watched = [t for t, c in classes.items() if c is not _Ends.NEVER] + sorted(_BULLETS)
    return _Tables(classes=classes, watched=frozenset(get_string_id(t) for t in watched))


def _abbreviation_classes() -> dict[str, _Ends]:
    """Map every spelling we recognise to its class; explicit lists win over initials."""
    classes: dict[str, _Ends] = {}
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz":
        classes[letter + "."] = _Ends.STARTER  # initials: "John F. Kennedy", "Exhibit A."
    for words, kind in (
        (STARTER, _Ends.STARTER),
        (COMPANY, _Ends.COMPANY),
        (NUMBERING, _Ends.NUMBERING),
        (NEVER_ENDS, _Ends.NEVER),
        (COURT_ENDS, _Ends.STARTER),
    ):
        for word in words:
            for variant in _case_variants(word):
                classes[variant] = kind
    return classes


def _case_variants(word: str) -> tuple[str, ...]:
    """Contracts shout ("ACME, INC."), so each abbreviation also matches in upper case."""
    if len(word) <= 2:  # "n.", "R.": an upper-cased one-letter form is just an initial
        return (word,)
    return tuple(dict.fromkeys((word, word[0].upper() + word[1:], word.upper())))


# --------------------------------------------------------------------------- component
#
# The component edits a plain list of sentence-start flags and writes it back once:
# assigning Token.is_sent_start re-scans the whole doc on every assignment, which made
# long documents quadratic.


def _repair_boundaries(doc: Doc) -> Doc:
    """Fix the sentencizer's guesses where legal text fools it; see the module docstring."""
    import numpy as np
    from spacy.attrs import ORTH, SENT_START

    if len(doc) < 2:
        return doc
    starts: list[bool] = (doc.to_array(SENT_START) == 1).tolist()
    for j in [j for j, flag in enumerate(starts) if flag and j > 0]:
        _review_sentencizer_start(doc, starts, j)
    tables = _tables()
    for i, orth in enumerate(doc.to_array(ORTH).tolist()):
        if orth in tables.watched:
            _review_watched_token(doc, starts, i, tables.classes.get(doc[i].text))
    for i in _unlisted_dotted_forms(doc, tables.classes):
        _review_watched_token(doc, starts, i, _Ends.STARTER)
    flags = np.where(starts, 1, -1).astype(np.int64).astype(np.uint64)
    # one attribute's column, as spaCy reads it; its stubs ask for a 2-D array
    doc.from_array([SENT_START], flags)  # type: ignore[arg-type]
    return doc


def _review_sentencizer_start(doc: Doc, starts: list[bool], j: int) -> None:
    """Move or drop a start the sentencizer put after a terminator."""
    starts[j] = False
    term = _terminator_before(doc, j)
    if term is None:
        return
    start = _next_start(doc, term)
    if start is not None and not _continues(doc, starts, term, start):
        starts[start] = True


# A dotted form no list names, its last period in its token: "S.D.N.Y.", "E.D.N.Y.".
_DOTTED_FORM = lazy_pattern(r"(?<!\S)(?:[A-Za-z]{1,4}\.){2,}(?=\s)")


def _unlisted_dotted_forms(doc: Doc, classes: dict[str, _Ends]) -> list[int]:
    """Token indices of dotted forms no list names ("in the S.D.N.Y. The court"): read
    as the starters are (a state, "U.S."), they end a sentence before a typical opener.
    Before, only a listed abbreviation was ever looked at, so a court's district hid the
    sentence after it inside the one before."""
    out = []
    for m in _DOTTED_FORM.finditer(doc.text):
        if m.group() in classes:
            continue
        span = doc.char_span(m.start(), m.end())
        if span is not None and len(span) == 1:
            out.append(span.start)
    return out


def _review_watched_token(doc: Doc, starts: list[bool], i: int, kind: _Ends | None) -> None:
    """Start a sentence after an abbreviation that ends one, or at a mid-line bullet."""
    text = doc[i].text
    if text in _BULLETS:
        if i > 0 and _gap_before(doc, i):
            starts[i] = True
        return
    if len(text) == 2 and _starts_sentence(doc, starts, i):
        return  # "A. You must ...": a lettered item, not an initial ending a sentence
    start = _next_start(doc, i)
    if start is None or not _gap_before(doc, start) or doc[start].is_punct:
        return  # 'Acme, Inc. ("Acme")' defines a name; it does not end the sentence
    if _comma_outside_brackets(doc, i + 1, start):
        return
    at = _word_index_at_or_after(doc, start)
    if at is not None and kind is not None and _abbreviation_ends(kind, text, doc[at].text):
        starts[start] = True


def _terminator_before(doc: Doc, j: int) -> int | None:
    """Index of the punctuation that made the sentencizer start a sentence at ``j``."""
    k = j - 1
    while k >= 0 and (doc[k].is_punct or doc[k].is_space):
        k -= 1
    punct_chars = _sentence_punct()
    for t in range(k + 1, j):
        if doc[t].text in punct_chars:
            return t
    return None


def _next_start(doc: Doc, end: int) -> int | None:
    """First token of whatever follows token ``end``, keeping glued-on marks with it.

    Closing quotes and brackets written directly after the period belong to the
    sentence they close, and so does a footnote marker like ``[1]``; anything after
    whitespace, including an opening quote or bracket, begins the next sentence.
    """
    n = len(doc)
    k = end + 1
    while k < n and not _gap_before(doc, k):
        if doc[k].text in _OPENERS and not _stands_alone(doc, k):
            close = _footnote_end(doc, k)
            if close is None:
                return k
            k = close + 1
        elif doc[k].is_punct:
            k += 1  # a closing mark; or an opening one with a space after it: a German
            # quotation closes with "“" ('„Der Vertrag ist gültig.“ Danach ...')
        else:
            return k  # text glued to the period (CJK, "end.Next"): it starts the sentence
    while k < n and doc[k].is_space:
        k += 1
    if k < n and doc[k].text in _QUOTE_MARKS and _stands_alone(doc, k):
        # a quotation mark with a space on both sides closes the quotation the stop
        # ends, as French writes it ("… de 30 jours. » Ensuite"); an opening one is
        # glued to the word it opens
        k += 1
        while k < n and doc[k].is_space:
            k += 1
    return k if k < n else None


# Quotation marks that close a quotation when they stand between spaces: French "»",
# and the English closing marks. ("“" and "«" open one in English and French.)
_QUOTE_MARKS = frozenset('"”»›')


def _stands_alone(doc: Doc, k: int) -> bool:
    """Whether token ``k`` has a space (or the end) after it: no word is glued on."""
    return k + 1 >= len(doc) or _gap_before(doc, k + 1)


def _footnote_end(doc: Doc, k: int) -> int | None:
    """Index of the bracket closing a short marker like ``[1]`` or ``(2, 3)`` opened at ``k``."""
    closer = {"[": "]", "(": ")"}.get(doc[k].text)
    if closer is None:
        return None
    for t in range(k + 1, min(k + 8, len(doc))):
        text = doc[t].text
        if text == closer:
            return t
        if len(text) > 4 or doc[t].is_space:
            return None
    return None


def _continues(doc: Doc, starts: list[bool], term: int, start: int) -> bool:
    """Whether the text after the terminator is still the same sentence."""
    if _comma_outside_brackets(doc, term + 1, start):
        return True  # "INC., with", "Blvd., Suite"; not the comma of a footnote "[1, 2]"
    at = _word_index_at_or_after(doc, start)
    if at is None:
        return True
    word = doc[at].text
    if word[0].islower() and _lowercase_continues(doc, term, start, at):
        return True  # "5 ft. long", '"Why?" she asked', ". . . held"; not "demand. hydrogen"
    if word.casefold() in _COMPANY_SUFFIXES:
        return True  # "AGRO FARMS PVT. LTD."
    before = _word_index_before(doc, term)
    if before is None:
        return False
    if _is_enumerator(doc[before].text) and _starts_sentence(doc, starts, before):
        return True  # a bare "9." or "(k)." numbers the sentence that follows it
    if _day_before_month(doc, before, term, word):
        return True  # "am 31. Dezember 2021": a German or Nordic date
    if _numbers_next(doc, at):
        return False  # "... pays rent. 2. The landlord ...": the next item's number
    if word[0].isdigit() and _DIGIT_LED_NAME.match(_glued_from(doc, at)):
        return False  # "... for Acme. 3M Company guarantees ...": a name, not a number
    return doc[term].text == "." and _number_continues(doc[before].text, word)


def _glued_from(doc: Doc, at: int, most: int = 4) -> str:
    """The text of token ``at`` and of the tokens glued to it, up to ``most`` tokens
    ("7-Eleven" is "7", "-", "Eleven"). Read token by token: ``doc.text`` joins the
    whole doc, and asking it at every sentence start made long lines quadratic."""
    parts = []
    for k in range(at, min(len(doc), at + most)):
        parts.append(doc[k].text)
        if doc[k].whitespace_:
            break
    return "".join(parts)


def _day_before_month(doc: Doc, before: int, term: int, word: str) -> bool:
    """Whether the period at ``term`` is a day's ordinal dot before a month's name, as
    German, Danish and Norwegian write dates ("31. Dezember 2021", "5. april"): cut
    there, the date lost its month and the claim its date."""
    day = doc[before]
    return (
        term == before + 1
        and doc[term].text == "."
        and day.text.isdigit()
        and len(day.text) <= 2
        and not day.whitespace_
        and word.casefold().rstrip(".") in _MONTHS_AFTER_DAY
    )


def _numbers_next(doc: Doc, at: int) -> bool:
    """Whether token ``at`` is an item number of an inline list, a bare "2." before a
    capitalised word ("1. The tenant pays rent. 2. The landlord repairs.")."""
    return (
        at + 2 < len(doc)
        and doc[at].text.isdigit()
        and len(doc[at].text) <= 2
        and doc[at + 1].text == "."
        and _gap_before(doc, at + 2)
        and doc[at + 2].text[:1].isupper()
    )


def _lowercase_continues(doc: Doc, term: int, start: int, at: int) -> bool:
    """Whether a lower-case word after a terminator continues the sentence.

    Only when the evidence says the stop is no sentence end: an abbreviation the
    tables do not list ("5 ft. long", "in S.D.N.Y. and"), a spaced ellipsis
    (". . . held"), a quoted question or exclamation ('"Why?" she asked'), or the
    subsequent history of a citation ("(2d Cir. 1999). cert. denied"). Lower case
    alone proves nothing: "demand. hydrogen ...", "phone. iPhone sales ...", and
    "month. the landlord must ..." are two sentences each, and merging them would
    let an invented claim hide inside a supported one.
    """
    if doc[at].text.casefold() in _HISTORY_WORDS:
        return True
    if _is_item_label(doc, at):
        return False  # "(k) drying": a new list item
    mark = doc[term].text
    if mark in "?!":
        return any(doc[t].text in _CLOSERS for t in range(term + 1, start))
    if mark != ".":
        return False
    if term + 1 < start and doc[term + 1].text == ".":
        return True  # ". . ." or ".." written out
    if term == 0 or _gap_before(doc, term):
        return True  # a free-standing period: a spaced ellipsis ". . ."
    before = doc[term - 1].text
    return _looks_abbreviated(before)


def _looks_abbreviated(word: str) -> bool:
    """Whether ``word`` (glued to the period after it) reads as an abbreviation."""
    if "." in word.strip("."):
        return True  # "S.D.N.Y", "U.S.C", "F.3d": dotted forms are abbreviations
    folded = word.casefold()
    return folded in _LOWER_ABBREVIATIONS or folded + "." in _folded_abbreviations()


@cache
def _folded_abbreviations() -> frozenset[str]:
    """Every listed abbreviation in any case ("Approx." or "SUPP."), initials left out."""
    return frozenset(word.casefold() for word in _abbreviation_classes() if len(word) > 2)


def _number_continues(before: str, word: str) -> bool:
    """A digit after the period rarely opens a sentence in legal text: "So. 2d 456" (an
    unlisted reporter abbreviation), or "3. 2 The" (a section number spaced out by PDF
    extraction)."""
    if not word[0].isdigit():
        return False
    if before.isalpha():
        return len(before) <= _NUMBER_AFTER_WORD_OVER
    return before.isdigit() and len(before) <= 3 and len(word) <= 3


def _is_enumerator(text: str) -> bool:
    return _ENUMERATOR.fullmatch(text) is not None


def _is_item_label(doc: Doc, k: int) -> bool:
    """Whether token ``k`` is the label of a bracketed list item, as in "(k)" or "(iv)"."""
    return (
        0 < k < len(doc) - 1
        and doc[k - 1].text == "("
        and doc[k + 1].text == ")"
        and _is_enumerator(doc[k].text)
    )


def _starts_sentence(doc: Doc, starts: list[bool], k: int) -> bool:
    """Whether token ``k``, or an opening bracket glued to it, begins its sentence."""
    while k > 0 and doc[k - 1].text in _OPENERS and not _gap_before(doc, k):
        k -= 1
    return k == 0 or starts[k]


def _comma_outside_brackets(doc: Doc, begin: int, end: int) -> bool:
    depth = 0
    for t in range(begin, end):
        text = doc[t].text
        if text in _OPENERS:
            depth += 1
        elif text in ")]":
            depth = max(depth - 1, 0)
        elif depth == 0 and text in _CONTINUATION_PUNCT:
            return True
    return False


def _abbreviation_ends(kind: _Ends, abbreviation: str, word: str) -> bool:
    """Judge from the next word whether an abbreviation's period also ends the sentence."""
    if not word[0].isupper():
        return False
    if kind is _Ends.COMPANY:
        if word.casefold() in _COMPANY_SUFFIXES:
            return False
        shouting = abbreviation.isupper() and word.isupper() and len(word) > 1
        return not shouting or word.title() in _STARTERS
    if kind is _Ends.STARTER:
        return word in _STARTERS or (word.isupper() and len(word) > 1 and word.title() in _STARTERS)
    if kind is _Ends.NUMBERING:
        return word.isalpha() and not word.isupper()  # "No. The court", not "No. CV-12"
    return False


def _word_index_at_or_after(doc: Doc, k: int) -> int | None:
    for t in range(k, len(doc)):
        token = doc[t]
        if not (token.is_punct or token.is_space):
            return t
    return None


def _word_index_before(doc: Doc, k: int) -> int | None:
    for t in range(k - 1, -1, -1):
        token = doc[t]
        if not (token.is_punct or token.is_space):
            return t
    return None


def _gap_before(doc: Doc, k: int) -> bool:
    prev = doc[k - 1]
    return bool(prev.whitespace_) or prev.is_space or doc[k].is_space


@cache
def _sentence_punct() -> frozenset[str]:
    """The sentencizer's own terminators (the pipeline uses its defaults)."""
    from spacy.pipeline import Sentencizer

    return frozenset(Sentencizer.default_punct_chars)


# --------------------------------------------------------------------------- plain stops
#
# Most sentence ends in prose and contracts are plain: a word, a period, a space, a
# capitalised word ("... of this Agreement. The Tenant ..."). spaCy and the repair
# component always split there, and nothing on one side changes how the other side is
# segmented, so a line can be cut at such stops first and only the parts that still
# hold a terminator (an abbreviation, a citation, a question mark) go through spaCy.
# Each condition below mirrors one of the rules that could keep such a stop from
# ending a sentence; anything unusual simply leaves the stop to spaCy.

# word "." spaces Word; the word before is a whole token (after an opening bracket or
# quote at most) of 2+ letters that spaCy's suffix rule splits the period from
# (lower-case last letter, or all capitals), perhaps closed by quotes or brackets
# ('"Term"). The'); the word after is capitalised and ends at a plain boundary, or
# is a number ("DAMAGES. 13. Confidentiality"), or a lettered item label ("(b) The").
_PLAIN_STOP = lazy_pattern(
    r"""(?<![^\s(\[{“‘"'])(?P<before>[A-Za-z]+[a-z]|[A-Z]{2,})[")\]”]*\.(?P<gap>\ +)
        (?=(?P<after>  # a lookahead, so that the word after can be the next stop's word before
            [A-Z][A-Za-z]*(?=[\ ,;:'’-]|$)
          | \d+(?:\.\d+)*(?=[\ ,;:'’.)-]|$)
          | \((?:[A-Za-z]|[ivx]{2,5}|[IVX]{2,5})\)(?=\ )
        ))""",
    re.VERBOSE,
)

# Month names (case-folded, with their usual abbreviations) that follow a day's ordinal
# dot in German, Danish and Norwegian dates. "May" and "March" are left out: after a
# number and a period they start English sentences ("... paragraph 5. May the tenant").
_MONTHS_AFTER_DAY = frozenset(
    """
    januar jänner jan februar feb märz mär maerz marts mars apr april mai maj juni jun juli
    jul august aug september sep sept oktober okt oct november nov dezember dez december
    desember
    """.split()
)

# A name that starts with digits ("3M", "7-Eleven", "2TheMart", "3Com"): digits and then
# a capital or two lower-case letters that are no ordinal ("2d", "3rd", "4th" of a
# reporter series, "10b-5" of a rule stay numbers). After a period it starts a sentence
# like any name; read as a number it hid the claim it opened inside the sentence before.
_DIGIT_LED_NAME = lazy_pattern(r"\d+-?(?!(?:st|nd|rd|th)(?![A-Za-z]))(?:[A-Z]|[a-z]{2})")

# A number is a sentence's first word only after a word longer than this (see
# _number_continues: "So. 2d" is a reporter, "DAMAGES. 13." a new section).
_NUMBER_AFTER_WORD_OVER = 5

# A mark glued to an opening bracket, as in "blue.[1]": the repair component looks up
# to 8 tokens ahead from there for the footnote's end, so no cut is made nearby.
_GLUED_OPENER = lazy_pattern(r"[^\w\s][(\[]")
_FOOTNOTE_REACH = 64


# A period with a space after it: every plain stop has one. A pattern that starts with
# a literal is searched for by the regex engine's fast scan, not tried at every offset.
_PERIOD_SPACE = lazy_pattern(r"\.(?=\ )")
_STOP_CLOSERS = frozenset('")]”')


def _plain_stop_matches(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """What ``_PLAIN_STOP.finditer(text, start, end)`` yields, 5x faster on prose.

    A match holds one period, right after its word and closing marks, so it can
    only start where that word's run of letters starts; matches never overlap
    (each ends where the next word starts). Each period with a space after it is
    therefore tried once, at the one place its match could start.
    """
    for period in _PERIOD_SPACE.finditer(text, start, end):
        i = period.start()
        while i > start and text[i - 1] in _STOP_CLOSERS:
            i -= 1
        while i > start and text[i - 1] in _ASCII_LETTERS:
            i -= 1
        match = _PLAIN_STOP.match(text, i, end)
        if match is not None and match.start("gap") == period.end():
            yield match


_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _plain_stop_cuts(
    text: str, piece: _Piece, specials: frozenset[str]
) -> Iterator[tuple[int, int]]:
    """``(index of the period, start of the next sentence)`` of each plain stop."""
    for match in _plain_stop_matches(text, piece.start, piece.end):
        before, after = match["before"], match["after"]
        stop = match.start("after") - len(match["gap"]) - 1
        if (
            before + "." in specials  # "Inc.", "Calif.": the tokenizer keeps the period
            or before in specials  # a word the tokenizer splits itself ("cannot")
            or _is_enumerator(before)  # "iv. The": a numbered item, see _continues
            or after.casefold() in _COMPANY_SUFFIXES  # "ACME CORP. LIMITED"
            or (after[0].isdigit() and len(before) <= _NUMBER_AFTER_WORD_OVER)
            or after in specials  # "(:" and other emoticons are tokens of their own
            or _GLUED_OPENER.search(text, max(piece.start, stop - _FOOTNOTE_REACH), stop)
        ):
            continue
        yield stop, match.start("after")


# --------------------------------------------------------------------------- windows
#
# Even a part that holds a terminator is mostly ordinary words, and every decision
# spaCy and the repair component make is local: a sentence can only start at the first
# word after a terminator or a watched abbreviation or bullet (all triggers), and each
# rule looks only a few tokens around the trigger; the looks that run further
# (the word before or after, skipping punctuation) stop at the first token holding a
# letter or digit, and the footnote look stops after 8 tokens. spaCy's tokenizer
# treats the text between two spaces alone. So spaCy needs to see a part only around
# its triggers: each chunk (text between spaces) holding a trigger, with
# _WORDS_BEFORE word chunks before it and _WORDS_AFTER after it (_WORDS_AFTER_FOOTNOTE
# when the chunk holds a "[" or "(", which may open a footnote glued to the stop); the
# text between two such windows holds no sentence start and is never looked at. A
# window's first token is no sentence start unless the part's is (nothing looks at it:
# the word before a trigger is at least two chunks in), and its end is never reached
# by a look.

_WORDS_BEFORE = 3
_WORDS_AFTER = 3  # the next word and the token after it ("( k ) drying" is an item label)
_WORDS_AFTER_FOOTNOTE = 9  # the footnote look: up to 8 tokens after the bracket
_FOOTNOTE_OPENERS = lazy_pattern(r"[\[(]")
_WORDLIKE = lazy_pattern(r"[A-Za-z0-9]")


def _windows(triggers: re.Pattern[str], text: str, part: _Piece) -> list[tuple[int, int]]:
    """``(start, end)`` of the stretches of ``part`` spaCy must see, in order, disjoint."""
    windows: list[tuple[int, int]] = []
    # The chunk around a trigger, found once per chunk: a chunk with many triggers
    # (a line of Chinese has no spaces) was searched again from each, quadratically.
    chunk_start = chunk_end = -1
    footnote = False
    for i in _trigger_positions(triggers, text, part.start, part.end):
        floor = windows[-1][1] if windows else part.start
        if i >= chunk_end:
            chunk_start = _chunk_start(text, i, part.start)
            chunk_end = _chunk_end(text, i, part.end)
            footnote = _FOOTNOTE_OPENERS.search(text, chunk_start, chunk_end) is not None
        words = _WORDS_AFTER_FOOTNOTE if footnote else _WORDS_AFTER
        if windows and i < windows[-1][1]:
            start, end = windows[-1]
            if end >= part.end:
                continue  # the window already runs to the part's end
            reach = _reach_forward(triggers, text, chunk_end, part.end, words)
            windows[-1] = (start, max(end, reach))
            continue
        start = _reach_back(triggers, text, chunk_start, floor)
        end = _reach_forward(triggers, text, chunk_end, part.end, words)
        if windows and start <= floor:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


def _chunk_start(text: str, i: int, floor: int) -> int:
    return max(text.rfind(" ", floor, i) + 1, floor)


def _chunk_end(text: str, i: int, end: int) -> int:
    found = text.find(" ", i, end)
    return end if found < 0 else found


def _word_chunk(triggers: re.Pattern[str], text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` has a letter or digit (so a token that is no
    punctuation) and no trigger."""
    return bool(_WORDLIKE.search(text, start, end)) and not _part_trigger(
        triggers, text, start, end
    )


def _reach_back(triggers: re.Pattern[str], text: str, start: int, floor: int) -> int:
    """Start of the _WORDS_BEFORE-th word chunk before ``start``, or ``floor``."""
    words = 0
    while words < _WORDS_BEFORE:
        end = start
        while end > floor and text[end - 1] == " ":
            end -= 1
        if end <= floor:
            return floor
        start = _chunk_start(text, end, floor)
        words += _word_chunk(triggers, text, start, end)
    return start


# Chunks a forward reach walks before it gives up and takes the rest of the part: a run
# of triggers with no word between ("a. a. a. ...") would otherwise be walked again from
# every trigger in it, quadratic in its length. A wider window changes no boundary
# (spaCy seeing the whole part is the reference the windows are held equal to).
_MAX_CHUNKS = 64


def _reach_forward(triggers: re.Pattern[str], text: str, end: int, ceiling: int, reach: int) -> int:
    """End of the ``reach``-th word chunk after ``end``, or ``ceiling`` (also when no
    such chunk comes within ``_MAX_CHUNKS`` chunks)."""
    words = 0
    for _ in range(_MAX_CHUNKS):
        if words >= reach:
            return end
        start = end
        while start < ceiling and text[start] == " ":
            start += 1
        if start >= ceiling:
            return ceiling
        end = _chunk_end(text, start, ceiling)
        words += _word_chunk(triggers, text, start, end)
    return end if words >= reach else ceiling


# --------------------------------------------------------------------------- offsets


def _pieces(text: str) -> Iterator[_Piece]:
    """Each non-blank line, with its list marker (if any) kept out of spaCy's sight."""
    for line in _LINE.finditer(text):
        start, end = _strip(text, line.start(), line.end())
        if start == end:
            continue
        marker = LIST_MARKER.match(text, start, end)
        body = _strip(text, marker.end(), end)[0] if marker else start
        yield _Piece(start, body if body < end else start, end)


def _window_end(text: str, start: int, limit: int) -> int:
    """Where to end a window over a long line: the last space in its second half, so
    that no word is cut, else ``limit`` (text without spaces, such as CJK)."""
    middle = (start + limit) // 2
    space = max(text.rfind(" ", middle, limit), text.rfind("\t", middle, limit))
    return space if space > start else limit


def _doc_starts(doc: Doc) -> list[int]:
    """Character offsets (in the doc's text) where the doc's second and later sentences start."""
    import numpy as np
    from spacy.attrs import IDX, SENT_START

    starts = np.flatnonzero(doc.to_array(SENT_START) == 1)
    return doc.to_array(IDX)[starts[starts > 0]].tolist()


def _spans_between(text: str, piece: _Piece, starts: list[int]) -> list[Span]:
    """The piece cut at sentence ``starts`` (offsets into ``text``, in order), each span
    stripped of whitespace; the first begins at the piece's head (its list marker)."""
    spans: list[Span] = []
    for a, b in pairwise([piece.start, *starts, piece.end]):
        lo, hi = _strip(text, a, b)
        if hi > lo:
            spans.append(Span(lo, hi))
    if spans:
        spans[0] = Span(piece.head, spans[0].end)
    return spans


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` past whitespace at both ends without copying the whole text."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
