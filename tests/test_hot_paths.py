"""The prepared-index hot paths give what the plain ways of computing them give.

Each fast path of a prepared ``align`` (array retrieval, the per-index window
cache, source vectors from the index's store, the length-pruned fuzzy check, the
plain-text tokenizer) is held here to the straightforward computation it
replaced, on real text, so that a change to either side that makes them differ
fails.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

import citemark.index as index_module
from citemark import SourceIndex, align, load_config
from citemark.claim_view import claim_views
from citemark.claims import alone_on_line
from citemark.embed import default_embedder
from citemark.facts.analysis import numeric_indexes
from citemark.facts.conflicts import _one_name_pattern, one_name
from citemark.facts.negation import _gap_has_punct
from citemark.facts.quantities import numeric_words, scan_numeric
from citemark.facts.text import Tok
from citemark.facts.text import word_tokens as fact_tokens
from citemark.render import Note, _checked_notes, _noted
from citemark.spans import DEFAULT_SETTINGS, SpanSettings, _lexical, _prepare, _Verdicts
from citemark.support import _cosines, _dense, _windows
from citemark.support import _prepare as prepare_sentence
from citemark.tokens import _PLAIN_TOKEN, _key, _plain, is_plain, slice_tokenized, tokenize
from citemark.types import Span, uncovered

LEASE = (
    "RESIDENTIAL LEASE. The term of this Lease is one (1) year, beginning on March 1, 2024. "
    "The Tenant shall pay the monthly rent of $2,400 on the first day of each month. "
    "The Landlord shall return the security deposit within thirty (30) days after "
    "the termination of this Lease."
)
STATUTE = (
    "A landlord may not retain any portion of a security deposit for ordinary wear and tear. "
    "The landlord must provide an itemized statement of deductions."
)
SOURCES = [{"id": "lease", "text": LEASE}, {"id": "statute", "text": STATUTE}]

# Clauses of a few kinds, so that units recur across sentences with different idf.
CLAUSES = [
    "The Tenant shall pay the monthly rent of $2,400 on the first day of each month.",
    "The Landlord shall return the security deposit within thirty (30) days.",
    "The Tenant shall not sublet the Premises without the prior written consent.",
    "Either party may terminate this Lease on sixty (60) days written notice.",
    "The Landlord shall keep the roof and the structural walls in good repair.",
    "The Tenant shall keep the Premises clean and shall pay for all utilities.",
    "Any notice under this Lease shall be given in writing to the other party.",
    "The security deposit shall not be used to pay the last month's rent.",
]


def _sources(n: int, seed: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    return [
        {"id": f"s{k}", "text": " ".join(rng.choice(CLAUSES) for _ in range(6))} for k in range(n)
    ]


def test_array_retrieval_ranks_exactly_as_the_dictionary_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    index = SourceIndex(_sources(12, 1), config="lexical")
    vocabulary = [*sorted(index.postings), "unseenword"]
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        units = set(rng.sample(vocabulary, rng.randint(0, 12)))
        limit = rng.choice([0, 1, 3, 8, 1000])
        monkeypatch.setattr(index_module, "_ARRAY_RETRIEVAL", 0)
        arrays = index.retrieve(units, limit)
        monkeypatch.setattr(index_module, "_ARRAY_RETRIEVAL", 10**9)
        loop = index.retrieve(units, limit)
        assert arrays == loop
        compared += bool(loop)
    assert compared > 100  # most queries found something to rank


def test_ties_go_to_the_lower_sentence_id_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same sentence in every source: every id scores the same.
    index = SourceIndex([{"id": f"d{k}", "text": CLAUSES[0]} for k in range(60)], "lexical")
    for threshold in (0, 10**9):
        monkeypatch.setattr(index_module, "_ARRAY_RETRIEVAL", threshold)
        assert index.retrieve({"rent", "tenant"}, 5) == [0, 1, 2, 3, 4]


def test_a_reused_index_aligns_each_answer_as_a_fresh_one_does() -> None:
    """The window cache lives with the index across answers; it must change no result."""
    config = load_config("default")
    sources = _sources(6, 3)
    shared = SourceIndex(sources, config)
    answers = [
        "The Tenant pays rent of $2,400 monthly. The deposit comes back within 30 days.",
        "Either party may end the Lease on 60 days notice. The Landlord repairs the roof.",
        "The Tenant may sublet freely. Notices may be given by telephone.",
    ]
    for answer in answers:
        fresh = align(answer, None, index=SourceIndex(sources, config), config=config)
        reused = align(answer, None, index=shared, config=config)
        assert reused.to_dict() == fresh.to_dict()


def test_cosines_from_the_store_equal_cosines_from_encoding() -> None:
    config = load_config("default")
    index = SourceIndex([{"id": "lease", "text": LEASE}, {"id": "law", "text": STATUTE}], config)
    answer = "The renter pays $2,400 each month. Deposits come back within a month."
    spans = [Span(0, 34), Span(35, len(answer))]
    embedder = default_embedder(config.embedder)
    views = claim_views(answer, spans, tokenize(answer))
    sentences = [prepare_sentence(index, view, []) for view in views]
    dense, store = _dense(index, sentences, config, embedder)
    assert store is not None
    for sentence, near in zip(sentences, dense, strict=True):
        sentence.candidates = _windows(index, sentence, config, near)
    with_store = _cosines(index, sentences, embedder, None, store)
    encoded = _cosines(index, sentences, embedder, None, None)
    assert with_store == encoded
    assert any(c for c in with_store)


@pytest.mark.parametrize("cutoff", [85.0, 70.0, 95.0, 100.0, 0.0])
def test_length_pruned_fuzzy_check_backs_the_same_words(cutoff: float) -> None:
    settings = SpanSettings(fuzzy=cutoff)
    evidence = _prepare((LEASE + " " + STATUTE,), settings.prefix, settings.pair_window)
    words = set(tokenize(" ".join(CLAUSES) + " organisation organization terminations").keys)
    words |= {w[:-1] for w in evidence.words} | {w + "s" for w in evidence.words}
    checked = 0
    for key in sorted(words):
        if len(key) < settings.min_fuzzy_length or key.isdigit():
            continue
        verdict = _lexical(key, "zz-no-such-stem", evidence, settings)
        if verdict in ("stem", "prefix"):
            continue
        full = process.extractOne(key, evidence.words, scorer=fuzz.ratio, score_cutoff=cutoff)
        assert (verdict == "fuzzy") == (full is not None), key
        checked += 1
    assert checked > 50


def test_default_settings_fuzzy_check_still_finds_a_spelling_variant() -> None:
    evidence = _prepare(("The organization shall pay.",), 6, 2)
    assert _lexical("organisation", "organis", evidence, DEFAULT_SETTINGS) in ("fuzzy", "prefix")


PLAIN_TEXTS = [
    LEASE,
    STATUTE,
    *CLAUSES,
    "",
    "  ...  ",
    "word",
    "a",
    " a ",
    "Zürich’s 3.5% rate—up 2x!",
    "中文 text",
    "x中y",
    "under_score __init__ 1_000",
]


def test_plain_tokenizer_gives_the_tokens_of_the_match_loop() -> None:
    for text in PLAIN_TEXTS:
        assert _plain(text)
        found = list(_PLAIN_TOKEN.finditer(text))
        expected = (
            tuple(m.start() for m in found),
            tuple(m.end() for m in found),
            tuple(_key(m.group()) for m in found),
        )
        tokens = tokenize(text)
        assert (tokens.starts, tokens.ends, tokens.keys) == expected


@given(st.text(alphabet=st.sampled_from("ab Z9_.,;-’'\n\t中文é€$%()"), max_size=60))
@settings(max_examples=400, deadline=None)
def test_plain_tokenizer_equals_the_match_loop_on_any_plain_text(text: str) -> None:
    assert _plain(text)
    found = list(_PLAIN_TOKEN.finditer(text))
    tokens = tokenize(text)
    assert tokens.starts == tuple(m.start() for m in found)
    assert tokens.ends == tuple(m.end() for m in found)
    assert tokens.keys == tuple(_key(m.group()) for m in found)


def test_prepared_align_matches_unprepared_align_on_the_lease() -> None:
    config = load_config("default")
    answer = (
        "The lease runs for one year from March 1, 2024. The Tenant pays $2,500 a month. "
        "The Landlord returns the deposit within 30 days."
    )
    index = SourceIndex(SOURCES, config)
    first = align(answer, None, index=index, config=config).to_dict()
    again = align(answer, None, index=index, config=config).to_dict()
    plain = align(answer, SOURCES, config=config).to_dict()
    assert first == again == plain


def test_a_sentence_of_plain_text_has_the_answer_tokens_inside_it() -> None:
    texts = [LEASE, STATUTE, " ".join(CLAUSES), "Zürich’s 3.5% rate—up 2x! 中文 text, 東京 ok."]
    rng = random.Random(11)
    taken = 0
    for text in texts:
        assert is_plain(text)
        tokens = tokenize(text)
        for _ in range(400):
            start = rng.randrange(len(text))
            end = rng.randrange(start + 1, len(text) + 1)
            got = slice_tokenized(tokens, Span(start, end))
            if got is None:  # a word crosses an edge: the caller tokenizes the slice
                continue
            assert got == tokenize(text[start:end])
            taken += 1
    assert taken > 200


def test_a_word_cut_by_the_sentence_edge_is_refused() -> None:
    text = "The Tenant shall pay rent."
    tokens = tokenize(text)
    assert slice_tokenized(tokens, Span(5, 18)) is None  # "enant shall p"
    assert slice_tokenized(tokens, Span(4, 16)) == tokenize(text[4:16])  # "Tenant shall"


def test_alone_on_line_reads_the_line_around_the_sentence() -> None:
    def by_splitting(answer: str, start: int, end: int) -> bool:
        before = answer[:start].rsplit("\n", 1)[-1]
        after = answer[end:].split("\n", 1)[0]
        return not before.strip() and not after.strip()

    rng = random.Random(5)
    for _ in range(5000):
        answer = "".join(rng.choice("ab \n\t.") for _ in range(rng.randint(0, 30)))
        start = rng.randint(0, len(answer))
        end = rng.randint(start, len(answer))
        assert alone_on_line(answer, start, end) == by_splitting(answer, start, end)
    assert alone_on_line("Intro\n  Heading  \nBody", 8, 15)
    assert not alone_on_line("Intro Heading\nBody", 6, 13)


def test_fact_tokens_filled_in_place_equal_the_constructor() -> None:
    from citemark.facts.text import _TOKEN, Tok, word_tokens

    text = (
        "The Tenant shan't sublet; ACME Corp. and iPhone users can’t. U.S. law doesn't "
        "apply to Zürich’s O'Brien-Smith. Never, ever: not the Landlord. " + LEASE
    )
    plain = [Tok(*m.span(), m.group()) for m in _TOKEN.finditer(text)]
    for _ in range(2):  # the second time every surface's traits come from the table
        fast = word_tokens(text)
        assert [
            (t.start, t.end, t.surface, t.cap, t.lower, t.cue, t.content, t.bare) for t in fast
        ] == [(t.start, t.end, t.surface, t.cap, t.lower, t.cue, t.content, t.bare) for t in plain]
    assert any(t.cue for t in plain) and any(t.cap for t in plain)


def test_index_sentence_units_equal_content_units_of_each_sentence() -> None:
    from citemark.tokens import slice_tokens
    from citemark.words import content_units

    sources = [*SOURCES, *_sources(4, seed=11), {"id": "odd", "text": "Zürich’s 3.5% rate—up 2x!"}]
    index = SourceIndex(sources, load_config("lexical"))
    for sentence in index.sentences:
        tokens = index.matcher.tokens[sentence.source_index]
        span = Span(sentence.start, sentence.end)
        assert sentence.unit_sequence == tuple(content_units(slice_tokens(tokens, span)))
        assert sentence.units == frozenset(sentence.unit_sequence)
    assert len(index.sentences) > 20


def test_source_views_have_the_full_analysis_indexes() -> None:
    """Each whole-source view a look-up reads is the full analysis' index for it."""
    from citemark.facts.analysis import (
        analyse_uncached,
        names_view,
        numeric_view,
        polarity_view,
    )

    texts = [
        LEASE,
        STATUTE,
        *CLAUSES,
        "Founded in 1990, the firm opened its first store on May 5, 2001 and paid 5% of $3.2 "
        "million; the Smith Co. shall not pay more than two (2) instalments by March 2024.",
        "The United Nations and the Bank of America, not Coca-Cola, met on first-floor "
        "premises; the tenant may not sublet unless the Landlord agrees.",
        "",
    ]
    for text in texts:
        full, numeric = analyse_uncached(text), numeric_view(text)
        assert (numeric.quantities, numeric.times, numeric.dates) == (
            full.quantities,
            full.times,
            full.dates,
        )
        assert names_view(text).words == full.words
        polarity = polarity_view(text)
        assert (polarity.neg_all, polarity.positive) == (full.neg_all, full.positive)
    assert numeric_view(texts[-3]).dates and numeric_view(texts[-3]).quantities
    # acronyms of the source's own names, hyphen parts, negated and positive stems
    assert {"un", "boa", "coca", "cola"} <= names_view(texts[-2]).words
    assert polarity_view(texts[-2]).neg_all and polarity_view(texts[-2]).positive


def _numeric_scan(text: str, toks: list[Tok]) -> tuple[object, object]:
    """The numeric facts and indexes of ``text`` read from ``toks``."""
    found, _ = scan_numeric(text, toks)
    return found, numeric_indexes(toks, [p for _, p in found])


# Pieces that meet at every kind of token edge: number and month words alone, inside
# and around other words, hyphenated and possessive, dotted capitals, "a" before a
# scale, digits and amounts, and letter runs longer than the look-back of word_tokens_at.
_NUMERIC_PIECES = st.sampled_from(
    [
        "one",
        "One",
        "ONE",
        "twenty",
        "twenty-one",
        "Twenty-First",
        "first",
        "third's",
        "a",
        "A",
        "a million",
        "A dozen",
        "million",
        "hundred",
        "May",
        "may",
        "Dec.",
        "March",
        "eur",
        "USD",
        "tenant",
        "someone",
        "money",
        "written",
        "U.S.",
        "A.M.",
        "X.Y.Z.",
        "x-one",
        "one-off",
        "o'clock",
        "sixty",
        "5",
        "30",
        "$2,400",
        "1999",
        "5%",
        "(",
        ")",
        ",",
        ".",
        "-",
        "'",
        " - ",
        "\n",
        " ",
        "  ",
        "\t",
        "abcdefghij" * 7,
        "mid" * 25 + "-one",
        " and a half",
        " and one-half",
        "half",
        "within ",
        "for ",
        " week",
        "month",
        "'s notice",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_NUMERIC_PIECES, max_size=30).map("".join))
def test_numeric_words_give_the_numeric_scan_of_every_token(text: str) -> None:
    """The numeric scan of ASCII text reads the same facts and ordinal index from the
    few tokens numeric_words makes as from all of them (benchmarks/exactness.py runs
    it on every ASCII dev and CUAD text)."""
    assert _numeric_scan(text, numeric_words(text)) == _numeric_scan(text, fact_tokens(text))


@pytest.mark.parametrize(
    "text",
    [
        "a big million",  # "a" is read with the token after it, not the next number word
        "A tenant, a dozen",
        "x-one and mid-twenty",  # a number word inside a hyphenated word is not one
        "X.A.B. one",  # nor is a letter of dotted capitals
        "someone tenant written one",
        "The fee is a hundred (100) dollars, due on the first day of May 2024.",
        "one and a half times, two and one-half (2.5) years, one and a half million",
        "within a week, for a year, more than a month, $100 a month, once a year",
        "give a month's notice, A year's salary, a monthly fee",
    ],
)
def test_numeric_words_at_token_edges(text: str) -> None:
    assert _numeric_scan(text, numeric_words(text)) == _numeric_scan(text, fact_tokens(text))


_NAME_WORDS = st.sampled_from(["Daniel", "LaRusso", "Ann", "Lee", "J.", "Smith", "Smithson"])
_NAME_TEXT = st.lists(
    st.one_of(_NAME_WORDS, st.sampled_from([" ", ", ", " the ", "\n", "-", "Mr. "])), max_size=12
).map("".join)


@given(_NAME_WORDS, _NAME_WORDS, st.lists(_NAME_TEXT, max_size=4))
@settings(max_examples=300, deadline=None)
def test_one_name_with_its_literal_prefilter_equals_the_pattern_alone(
    a: str, b: str, sources: list[str]
) -> None:
    # the prefilter only skips texts that lack a name as written, where the pattern
    # (whose only literal parts the names are) cannot match
    plain = any(_one_name_pattern(a, b).search(text) for text in sources)
    assert one_name(a, b, sources) == plain


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 30),
    st.integers(0, 30),
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=6),
)
def test_uncovered_is_the_plain_set_difference(start: int, end: int, covers: list) -> None:
    """``uncovered`` (a sweep over sorted covers, which report, pipeline and render share)
    gives the maximal runs of the positions of ``[start, end)`` that no cover holds."""
    covered = {p for a, b in covers for p in range(a, b)}
    free = [p for p in range(start, end) if p not in covered]
    runs: list[tuple[int, int]] = []
    for p in free:
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    assert uncovered(start, end, covers) == runs


def _hints() -> list[object]:
    import importlib
    import pkgutil

    import citemark.facts as facts
    from citemark.facts.text import Hint

    found = []
    for info in pkgutil.walk_packages(facts.__path__, "citemark.facts."):
        module = importlib.import_module(info.name)
        found += [v for v in vars(module).values() if isinstance(v, Hint)]
    return found


def test_the_rules_cheap_tests_are_found() -> None:
    # the rules that read order, rulings, periods, directions and limits
    assert len(_hints()) >= 5


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [w for h in _hints() for w in h.words]  # type: ignore[attr-defined]
                + ["BEFORE", "Granted", "semiannually", "bylaws", "to", "as high", "ſ", "K"]
            ),
            st.text(alphabet="abcdefgh ,.;-İK", max_size=6),
        ),
        max_size=12,
    )
)
def test_a_hint_answers_as_its_pattern_does(parts: list[str]) -> None:
    """The substring test before a rule's pattern never turns away a text the pattern
    finds something in (``facts.text.Hint``)."""
    text = " ".join(parts)
    for hint in _hints():
        assert (hint.search(text) is None) == (hint.pattern.search(text) is None)  # type: ignore[attr-defined]


# --- the review page's notes, in linear time ----------------------------------------------


def _reference_checked_notes(notes: Sequence[Note]) -> list[Note]:
    """The plain sweep: each note cut against every note kept so far."""
    kept: list[Note] = []
    for note in sorted(notes, key=lambda n: (n.kind != "conflict", n.start, n.end)):
        pieces = uncovered(note.start, note.end, [(k.start, k.end) for k in kept])
        if note.kind == "conflict":
            kept.extend([note] if pieces == [(note.start, note.end)] else [])
        else:
            kept.extend(Note(a, b, note.kind, note.title) for a, b in pieces)
    return sorted(kept)


_NOTE = st.builds(
    lambda a, n, kind, title: Note(a, a + n, kind, title),
    st.integers(0, 40),
    st.integers(0, 8),
    st.sampled_from(["unsupported", "conflict"]),
    st.sampled_from(["", "source S1 says “2”"]),
)


@given(st.lists(_NOTE, max_size=25), st.integers(0, 48), st.integers(0, 48))
def test_notes_are_kept_and_drawn_as_the_plain_sweep_does(
    notes: list[Note], a: int, b: int
) -> None:
    """The bisecting note code equals the plain sweep (which makes a long answer's page
    quadratic: 9 s for 6,500 notes)."""
    kept = _checked_notes(notes)
    assert kept == _reference_checked_notes(notes)
    text = "The tenant  pays 2 dollars on the 5th;\nthe landlord pays\u00a0all. "
    start, end = sorted((a, b))
    ends = [n.end for n in kept]
    # with every end out of reach, the bisection starts at the first note: every note
    # is visited, as the plain rendering visited them
    every = [math.inf] * len(kept)
    assert _noted(text, start, end, kept, ends) == _noted(text, start, end, kept, every)


# --- a gap's punctuation, and a word's verdict, by lookup ---------------------------------


_GAPS = st.text(alphabet=" ab,;.\n()$1%“", max_size=300)


@given(_GAPS, st.integers(0, 300), st.integers(0, 300))
def test_a_long_gap_reads_as_a_short_one(text: str, a: int, b: int) -> None:
    """A long gap is looked up among the text's marks, with the answer of reading it."""
    a, b = sorted((min(a, len(text)), min(b, len(text))))
    gap = text[a:b]
    assert _gap_has_punct(text, a, b) == (gap != " " and any(c in ',;:.!?()[]{}"“”\n' for c in gap))


_REASONS = st.sampled_from(["fact", "missing_fact"])


_RANGE = st.tuples(st.integers(0, 60), st.integers(1, 12), _REASONS)


@given(st.lists(_RANGE, max_size=30), st.integers(0, 70), st.integers(1, 8))
def test_verdicts_by_bisection_equal_the_plain_reading(
    ranges: list[tuple[int, int, str]], start: int, length: int
) -> None:
    """The fact check's verdict on a word, looked up by bisection, is what testing every
    range gives."""
    spans = [(s, s + n, reason) for s, n, reason in ranges]
    end = start + length
    found = [reason for s, e, reason in spans if s < end and start < e]
    plain = "missing_fact" if "missing_fact" in found else ("fact" if found else None)
    assert _Verdicts(spans)(start, end) == plain  # type: ignore[arg-type]
