"""Pathological inputs finish in bounded time, or are refused by a size limit: never a hang.

Each case runs in lexical mode (no model) and carries a pytest-timeout that is a
hang guard only, several times what the case takes on a 2-core machine; the
times themselves are not asserted. What is asserted is the outcome: the result
is complete and right, or the refusal is an ``InputError`` naming the limit.

The bounds that make this so (see README, "Security and limits"):

* ``max_answer_chars`` (1,000,000), ``max_sources`` (10,000),
  ``max_source_chars`` (20,000,000 in all, phrases included) and ``max_phrases``
  (200,000) refuse oversized input before any work;
* ``max_matches`` (1,000,000) refuses input whose verbatim matches would explode
  (a phrase listed 10,000 times, quoted hundreds of times; overlapping substrings
  of a 1 MB run of one letter), counted as they are found, before memory runs out;
* document mode skips, as seeds, k-token shingles that occur more than
  ``MAX_SHINGLE_OCCURRENCES`` (1,000) times in the sources, so ``a a a ...`` against
  ``a a a ...`` is linear instead of quadratic; a run is still found whole when
  any of its shingles is rarer.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from importlib import resources
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import (
    Deadline,
    DeadlineExceeded,
    InputError,
    PhraseMatcher,
    Source,
    SourceIndex,
    align,
    find_blocks,
    find_matches,
    load_config,
    tag,
    tag_spans,
)
from citemark import verbatim as verbatim_module
from citemark.reference import find_document_matches_reference, find_phrase_matches_reference
from citemark.tokens import tokenize
from citemark.verbatim import MAX_SHINGLE_OCCURRENCES, DocumentMatcher

LEXICAL = load_config("default").with_(mode="lexical")
MB = 1_000_000


@pytest.fixture(scope="module")
def lease() -> dict[str, Any]:
    text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
    return json.loads(text)


def words(rng: random.Random, count: int, vocabulary: int = 20_000) -> list[str]:
    return [f"w{rng.randrange(vocabulary)}" for _ in range(count)]


# --------------------------------------------------------------------------- phrase mode


@pytest.mark.timeout(60)
def test_100_000_phrases() -> None:
    """100,000 distinct phrases over 100 sources, against a 300 KB answer quoting 200."""
    rng = random.Random(1)
    phrases = {f"S{n}": [" ".join(words(rng, 3)) for _ in range(1_000)] for n in range(100)}
    quoted = [phrases[f"S{rng.randrange(100)}"][rng.randrange(1_000)] for _ in range(200)]
    answer = " ".join(words(rng, 40_000) + [f"x {q} x" for q in quoted])
    blocks = find_blocks(answer, phrases)
    found = {answer[b.start : b.end] for b in blocks}
    assert set(quoted) <= found


@pytest.mark.timeout(60)
def test_one_phrase_listed_10_000_times() -> None:
    """Each occurrence counts once per listing, up to max_matches; past it, refused."""
    phrases = {"S1": ["rent is due"] * 10_000}
    answer = "The rent is due monthly. " * 50  # 50 x 10,000 = 500,000 matches
    blocks = find_blocks(answer, phrases)
    assert len(blocks) == 50 and all(b.counts == (("S1", 10_000),) for b in blocks)
    with pytest.raises(InputError, match=r"more than 1,000,000 verbatim matches.*max_matches"):
        find_blocks("The rent is due monthly. " * 200, phrases)
    few = LEXICAL.with_(max_matches=100_000)
    with pytest.raises(InputError, match="max_matches"):
        tag(answer, phrases, config=few)


@pytest.mark.timeout(60)
def test_one_phrase_quoted_10_000_times() -> None:
    answer = "The rent is due. " * 10_000
    spans = tag_spans(answer, {"S1": ["rent is due"], "S2": ["due"]})
    assert len(spans) == 10_000
    assert all(answer[s["start"] : s["end"]] == "rent is due" for s in spans)


@pytest.mark.timeout(60)
def test_one_repeated_character_1_mb_in_phrase_mode() -> None:
    text = "a" * MB
    # Word level: the text is one word, and no phrase is that word.
    assert find_matches(text, {"S1": ["a", "aa", "aaa"]}) == []
    # Substrings: 3 million overlapping matches, refused as they pass the limit.
    with pytest.raises(InputError, match="max_matches"):
        find_matches(text, {"S1": ["a", "aa", "aaa"]}, word_level=False)
    # One phrase, at every position but the last: 999,999 overlapping matches, one block.
    (block,) = find_blocks(text, {"S1": ["aa"]}, word_level=False)
    assert (block.start, block.end, block.counts) == (0, MB, (("S1", MB - 1),))


# --------------------------------------------------------------------------- document mode


@pytest.mark.timeout(60)
def test_one_repeated_character_1_mb_in_document_mode() -> None:
    text = "a" * MB  # one token of a million characters
    assert tag(text, [{"id": "S1", "text": text}], min_tokens=1) == f'<cite ids="S1">{text}</cite>'
    report = align(text, [{"id": "S1", "text": text}], config=LEXICAL)
    assert report.sentences and report.sentences[-1].end == MB


@pytest.mark.timeout(60)
def test_one_short_word_repeated_50_000_times() -> None:
    """Every shingle of "a a a ..." occurs 50,000 times: too common to seed; linear."""
    text = "a " * 50_000
    sources = [{"id": "S1", "text": text}]
    assert find_matches(text, sources) == []
    assert align(text, sources, config=LEXICAL).sentences
    # A rarer shingle anywhere in the run brings the whole run back, start included.
    marked = "a " * 50_000 + "end of lease"
    (match,) = find_matches(marked, [{"id": "S1", "text": marked}])
    assert (match.start, match.end, match.source_start, match.source_end) == (
        0,
        len(marked),
        0,
        len(marked),
    )


@pytest.mark.timeout(60)
def test_shingles_just_under_the_cap_are_cheap() -> None:
    """A 50-token passage 900 times in the source (each shingle 900 times, under the cap),
    quoted 20 times in a row: 900 + 19 maximal runs, found without an all-pairs scan."""
    passage = [f"x{n}" for n in range(50)]
    assert MAX_SHINGLE_OCCURRENCES >= 900
    source = " ".join(passage * 900)
    answer = " ".join(passage * 20)
    matches = DocumentMatcher([Source("S1", source)]).find(answer)
    assert len(matches) == 900 + 19
    assert max(m.end - m.start for m in matches) == len(answer)


@pytest.mark.timeout(120)
def test_1_mb_answer(lease: dict[str, Any]) -> None:
    """A million characters of lease sentences, each one made different (so that no
    per-text cache helps), against the lease sources."""
    rng = random.Random(3)
    sentences = re.split(r"(?<=\.) ", lease["answer"])
    parts: list[str] = []
    size = 0
    while size < MB:
        sentence = re.sub(
            r"\bthe\b", lambda _: rng.choice(["the", "this", "each"]), rng.choice(sentences)
        )
        parts.append(sentence.rstrip(".") + f", item {rng.randint(1, 10**6)}.")
        size += len(parts[-1]) + 1
    answer = " ".join(parts)[:MB]
    report = align(answer, lease["sources"], config=LEXICAL)
    assert len(report.sentences) > 5_000 and report.sentences[-1].end <= MB
    assert sum(bool(s.citations) for s in report.sentences) > 1_000
    with pytest.raises(InputError, match=r"over the limit of 1,000,000 \(max_answer_chars\)"):
        align("x" * (MB + 1), lease["sources"], config=LEXICAL)


@pytest.mark.timeout(60)
def test_1_000_sources() -> None:
    rng = random.Random(2)
    sources = [{"id": f"D{n}", "text": " ".join(words(rng, 200)) + "."} for n in range(1_000)]
    answer = " ".join(sources[n]["text"] for n in range(0, 1_000, 100))
    report = align(answer, sources, config=LEXICAL)
    cited = {c.source_id for s in report.sentences for c in s.citations}
    assert {f"D{n}" for n in range(0, 1_000, 100)} <= cited
    too_many = [{"id": f"D{n}", "text": "x"} for n in range(10_001)]
    with pytest.raises(InputError, match=r"more than 10,000 sources.*max_sources"):
        align("x", too_many, config=LEXICAL)


@pytest.mark.timeout(30)
def test_oversized_sources_are_refused_before_any_work() -> None:
    small = LEXICAL.with_(max_source_chars=1_000, max_phrases=10)
    with pytest.raises(InputError, match="max_source_chars"):
        align("x", [{"id": "a", "text": "y" * 600}, {"id": "b", "text": "y" * 600}], config=small)
    with pytest.raises(InputError, match="max_phrases"):
        tag("x", {"a": ["y"] * 11}, config=small)
    with pytest.raises(InputError, match="max_source_chars"):
        tag("x", {"a": ["y" * 1_001]}, config=small)


# ------------------------------------------------------------- the bounds keep the rules
#
# The bounds above change how matching works on extreme repetition; these hold the
# fast paths, with the bounds made tiny so that ordinary random input hits them,
# equal to the plain reference implementations that state the same rules.

REPETITIVE = st.sampled_from(["a", "a", "a", "b", "c", "A", "."])


@st.composite
def repetitive_documents(draw: st.DrawFn) -> tuple[str, list[Source], int, int]:
    def text(size: int) -> str:
        return " ".join(draw(st.lists(REPETITIVE, max_size=size)))

    count = draw(st.integers(1, 3))
    sources = [Source(f"D{n}", text(60), offset=draw(st.integers(0, 5))) for n in range(count)]
    return text(60), sources, draw(st.integers(1, 4)), draw(st.integers(0, 8))


@settings(max_examples=400, deadline=None)
@given(repetitive_documents(), st.integers(0, 20))
def test_shingle_cap_keeps_the_reference_rule(
    case: tuple[str, list[Source], int, int], group_min: int
) -> None:
    """Common shingles seed nothing, runs through them are still found whole, and the
    sorted-by-previous-token skipping changes nothing: same matches as all-pairs."""
    text, sources, k, cap = case
    with mock.patch.object(verbatim_module, "_GROUP_MIN", group_min):
        fast = DocumentMatcher(sources, min_tokens=k, max_occurrences=cap).find(text)
    reference = find_document_matches_reference(text, sources, min_tokens=k, max_occurrences=cap)
    assert fast == reference


@settings(max_examples=400, deadline=None)
@given(repetitive_documents(), st.lists(st.lists(REPETITIVE, max_size=60), min_size=2, max_size=3))
def test_one_matcher_for_several_answers_keeps_the_reference_rule(
    case: tuple[str, list[Source], int, int], more: list[list[str]]
) -> None:
    """A matcher indexes only its first answer's shingles, and every shingle from its
    second answer on: each answer still gets the reference's matches, in either order."""
    text, sources, k, cap = case
    answers = [text, *(" ".join(words) for words in more), text]
    matcher = DocumentMatcher(sources, min_tokens=k, max_occurrences=cap)
    # as align does: the whole answer expected first, then matched part by part
    expecting = DocumentMatcher(sources, min_tokens=k, max_occurrences=cap)
    expecting.expect(tokenize(" . ".join(answers)).keys)
    for answer in answers:
        reference = find_document_matches_reference(
            answer, sources, min_tokens=k, max_occurrences=cap
        )
        assert matcher.find(answer) == reference
        assert expecting.find(answer) == reference


PHRASE_ALPHABET = st.sampled_from([*"ab aB.", "ß", "İ", "ﬁ", "\n"])


@settings(max_examples=400, deadline=None)
@given(
    st.text(PHRASE_ALPHABET, max_size=60),
    st.dictionaries(
        st.sampled_from(["S1", "S2"]),
        st.lists(st.text(PHRASE_ALPHABET, min_size=1, max_size=6), max_size=4),
    ),
    st.integers(1, 9),
    st.booleans(),
)
def test_phrase_windows_keep_every_match_once(
    text: str, phrases: dict[str, list[str]], window: int, word_level: bool
) -> None:
    """Long texts are scanned in windows: tiny windows must still find exactly what the
    reference loop finds, hits across window edges included."""
    with mock.patch.object(verbatim_module, "SCAN_WINDOW", window):
        fast = PhraseMatcher(phrases, word_level=word_level).find(text)
    assert fast == find_phrase_matches_reference(text, phrases, word_level=word_level)


def test_the_match_limit_is_exact() -> None:
    """max_matches matches pass; one more is refused, on the automaton and the loop alike."""
    text = "rent " * 300
    for phrases in ({"S1": ["rent"]}, {f"S{n}": ["rent"] for n in range(150)}):
        count = 300 * len(phrases)
        assert len(find_matches(text, phrases, config=LEXICAL.with_(max_matches=count))) == count
        with pytest.raises(InputError, match="max_matches"):
            find_matches(text, phrases, config=LEXICAL.with_(max_matches=count - 1))
    documents = [{"id": "S1", "text": "one two three four five"}]
    answer = "one two three four five, " * 10
    assert len(find_matches(answer, documents, config=LEXICAL.with_(max_matches=10))) == 10
    with pytest.raises(InputError, match="max_matches"):
        find_matches(answer, documents, config=LEXICAL.with_(max_matches=9))


def _short_sentences(lease: dict[str, Any], count: int) -> str:
    """``count`` sentences of about 100 characters: a lease quote of 5-8 words, then
    reworded filler, each with its own number (so that no per-text cache helps)."""
    rng = random.Random(11)
    source_words = [s["text"].split() for s in lease["sources"]]
    parts = []
    for n in range(count):
        text = rng.choice(source_words)
        size = rng.randint(5, 8)
        first = rng.randrange(len(text) - size)
        quote = " ".join(text[first : first + size]).strip(".,;:")
        filler = rng.choice(["as the tenant agreed", "the landlord says", "under the lease"])
        sentence = f"{quote[0].upper()}{quote[1:]}, {filler}, clause {n}"
        while len(sentence) < 95:
            sentence += " " + rng.choice(["and", "then", "rent", "notice", "premises", "again"])
        parts.append(sentence + ".")
    return " ".join(parts)


@pytest.mark.timeout(180)
def test_1_mb_answer_of_10_000_short_sentences_in_document_mode(lease: dict[str, Any]) -> None:
    """10,000 sentences, thousands of quote blocks: marking paraphrase gaps looks at
    each sentence's own blocks (it used to scan every block for every sentence)."""
    answer = _short_sentences(lease, 10_000)
    assert len(answer) > 0.95 * MB
    report = align(answer, lease["sources"], config=LEXICAL)
    assert len(report.sentences) >= 10_000
    assert len(report.blocks) > 5_000
    spans = report.spans()
    kinds = {s["kind"] for s in spans}
    assert kinds == {"verbatim", "paraphrase"}
    assert all(a["end"] <= b["start"] for a, b in itertools.pairwise(spans))
    tagged = report.tagged()
    assert tagged.count("<cite") == len(spans)
    assert re.sub(r"</?cite[^>]*>", "", tagged) == answer


@pytest.mark.timeout(120)
def test_1_mb_answer_of_10_000_short_sentences_in_phrase_mode(lease: dict[str, Any]) -> None:
    """5,000 phrases naming one clause each, and three fillers each quoted thousands of times."""
    answer = _short_sentences(lease, 10_000)
    rng = random.Random(12)
    clauses = re.findall(r"clause \d+ \w+", answer)
    phrases = {f"S{n}": [rng.choice(clauses) for _ in range(200)] for n in range(25)}
    phrases["S0"] += ["as the tenant agreed", "the landlord says", "under the lease"]
    tagged = tag(answer, phrases, config=LEXICAL)
    spans = tag_spans(answer, phrases, config=LEXICAL)
    assert len(spans) >= 10_000
    assert tagged.count("<cite") == len(spans)
    assert re.sub(r"</?cite[^>]*>", "", tagged) == answer


# --------------------------------------------------------------------------- deadline


@pytest.mark.timeout(120)
def test_a_deadline_stops_align_with_a_clear_error(lease: dict[str, Any]) -> None:
    """Built to be slow (~7 s here: 4,600 sentences); a 0.5 s deadline stops it."""
    answer = _short_sentences(lease, 4_000)
    align("Warm up.", lease["sources"], config=LEXICAL)  # spaCy's first load is not the point
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded, match=r"time budget of 0\.5 s") as raised:
        align(answer, lease["sources"], config=LEXICAL, deadline=0.5)
    assert time.monotonic() - started < 5, "the deadline did not stop the work"
    assert raised.value.seconds == 0.5 and raised.value.stage
    # A Deadline object works the same, and a prepared index's build is covered too.
    with pytest.raises(DeadlineExceeded, match="preparing the sources"):
        SourceIndex(lease["sources"], LEXICAL, deadline=Deadline(time.monotonic() - 1, 1.0))


def test_a_deadline_changes_nothing_when_met(lease: dict[str, Any]) -> None:
    answer = _short_sentences(lease, 300)
    plain = align(answer, lease["sources"], config=LEXICAL)
    timed = align(answer, lease["sources"], config=LEXICAL, deadline=Deadline.after(600))
    assert timed == plain
    for bad in (0, -1, float("nan"), "5", True):
        with pytest.raises(InputError, match="deadline must be"):
            align(answer, lease["sources"], config=LEXICAL, deadline=bad)


@pytest.mark.timeout(60)
def test_a_run_of_initials_segments_in_linear_time() -> None:
    """Every chunk of "a. a. a. ..." is a trigger, and the segmenter's look forward for
    words walked the rest of the run from each of them (10,000 took 77 s, quadratic);
    it now takes the rest of the line after a bounded walk, which spaCy seeing the whole
    line gives the same sentences as."""
    from citemark.segment import Segmenter, segment

    text = "a. " * 20_000 + "The end of the run. Then words follow here."
    assert segment(text) == Segmenter(windows=False)(text)
    assert align(text, [{"id": "S1", "text": text}], config=LEXICAL).sentences


@pytest.mark.timeout(60)
def test_a_long_dotted_number_run_scans_in_linear_time() -> None:
    """A failed clause-label match at each digit of "1.1.1.1..." rescanned the rest of the
    run (10,000 characters took 0.7 s, 100,000 about a minute); labels are now at most
    seven parts, and a seven-part label is still one."""
    from citemark.facts import extract_facts

    assert extract_facts("1." * 100_000 + "x")
    assert [f.kind for f in extract_facts("1.2.3.4.5.6.7 Term of the lease.")] == ["name"]


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 30), st.integers(1, 12)).map(lambda r: (r[0], r[0] + r[1])))
)
def test_quotes_inside_another_sweep_equals_the_pairwise_test(
    ranges: set[tuple[int, int]],
) -> None:
    """The sweep that drops quotes inside a longer one gives what testing every pair gives."""
    from citemark.pipeline import _inside_another

    pairwise = {
        (s, e) for s, e in ranges if any(a <= s and e <= b and (b - a) > (e - s) for a, b in ranges)
    }
    assert _inside_another(ranges) == pairwise


@pytest.mark.timeout(30)
def test_a_sentence_quoted_from_hundreds_of_places_is_linear() -> None:
    """Each of the 950 sentences of a 44,000-character answer is found at 950 places of
    its source (under the shingle cap, so all are quotes; 950 times 950 matches is under
    the match limit). Testing each quote against every other was quadratic in them:
    about 860 million tests, 49 s here, against 7 s now (the guard is 30 s)."""
    unit = "Smith v. Jones, 123 F.3d 456 (9th Cir. 1999). "
    text = unit * 950
    report = align(text, [{"id": "S", "text": text}], config=LEXICAL)
    assert len(report.sentences) == 950
    for sentence in report.sentences:
        assert sentence.citations and all(c.kind == "verbatim" for c in sentence.citations)


@pytest.mark.timeout(60)
def test_a_sentence_of_1_500_numbers_against_1_500_others_is_not_cubic() -> None:
    """Each claim number's rival search asked every passage number's role, keyed by the
    spans of all of them, and each role tested every token against every span: cubic
    (three minutes here). Roles are now kept per passage text and the covered tokens
    worked out once; the pairs left are the search itself (seconds)."""
    answer = " ".join(f"{i} days" for i in range(1_500))
    passage = " ".join(f"{i + 1} months" for i in range(1_500))
    (sentence,) = align(answer, [{"id": "S", "text": passage}], config=LEXICAL).sentences
    assert sentence.status == "unsupported"
    assert len(sentence.missing_facts) == 1_500


@pytest.mark.timeout(60)
def test_a_sentence_with_a_denial_in_every_clause_is_linear() -> None:
    """One sentence of 3,000 clauses (30,000 words), each denying with an exception.
    Each denial read its exceptions from itself to the text's end, each clause's end and
    "without" were searched for to the end of one long clause, and each permission
    read every ban of the passage: quadratic (600 clauses took 1-2 s, so this about two
    and a half minutes). Each text is now read once (``facts.exceptions``); seconds."""
    from citemark.facts import check_facts

    claim = ", ".join(["the Tenant shall not sublet the premises except with consent"] * 3_000)
    stated = ", ".join(["the Tenant may sublet the premises with consent"] * 3_000)
    plain = ", ".join(["the Tenant may sublet the premises"] * 3_000)
    # the passage states the exception: no conflict, either way round
    assert check_facts(claim, [stated]).conflicts == ()
    assert check_facts(stated, [claim]).conflicts == ()
    # it does not: the denial and the permission clash
    assert [c.kind for c in check_facts(claim, [plain]).conflicts] == ["negation"]
    assert [c.kind for c in check_facts(plain, [claim]).conflicts] == ["negation"]


@pytest.mark.timeout(30)
def test_the_role_order_and_ruling_rules_are_linear_in_a_long_text() -> None:
    """The role, order and ruling rules on texts of thousands of clauses finish in linear
    work. A name pattern whose spaces two parts could share would backtrack exponentially
    on capitalised words set apart by double spaces (20 words: 24 s), and comparing each
    order or ruling of a claim with every one of a passage, reading its clause from the
    text's start, would take over four minutes on 1,000 sentences. Names, acts and events
    are read within bounds, and a claim's first few orders and rulings against a
    passage's first few dozen."""
    from citemark.facts import check_facts

    names = "  ".join(["Acme"] * 3000)
    orders = (
        "The buyer pays the price after the closing of the deal, and the seller delivers the "
        "goods before the inspection. "
    ) * 1500
    rulings = (
        "The motion is GRANTED as to the fraud claim and DENIED as to the contract claim; the "
        "count is dismissed. "
    ) * 3000
    for text in (
        f"The supplier is {names} zz",
        f'{names} ("Supplier") and {names}, as Agent',
        orders,
        rulings,
    ):
        found = check_facts(text, [text])
        assert found.conflicts == ()  # a text never contradicts itself


@pytest.mark.timeout(10)
def test_the_clause_opening_of_an_edited_quote_reads_a_run_of_spaces_once() -> None:
    """Two optional space runs with only an optional comma between them read a run of
    spaces before a failing word again from each of its spaces (20,000 spaces: 10 s)."""
    from citemark.edits import _CLAUSE_OPENING

    assert _CLAUSE_OPENING.match(" " * 200_000 + "x") is None
    assert _CLAUSE_OPENING.match(" " * 200_000 + ", and the Tenant") is not None


def test_a_line_without_spaces_is_windowed_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk between two spaces was found, and searched for a footnote bracket, once
    for each trigger inside it; a line of Chinese is one chunk with a terminator every
    few characters (80,000 characters took 6.5 s to segment, 40,000 1.7 s). Counted,
    not timed: the chunks' text is searched about once in all."""
    from citemark import segment as segment_module

    real = segment_module._FOOTNOTE_OPENERS
    scanned = 0

    class Counting:
        def search(self, text: str, start: int, end: int) -> re.Match[str] | None:
            nonlocal scanned
            scanned += end - start
            return real.search(text, start, end)

    monkeypatch.setattr(segment_module, "_FOOTNOTE_OPENERS", Counting())
    text = "租金每月支付。押金三十天内退还。房东必须同意转租。" * 2_000
    mixed = "Rent (see [1]) is due.租金每月支付。押金(三十天)内退还。" * 1_000
    for line in (text, mixed):
        scanned = 0
        assert segment_module.segment(line) == segment_module.Segmenter(windows=False)(line)
        assert scanned <= 2 * len(line)


# The lexical preset itself; LEXICAL above is the default preset read without the model.
LEXICAL_PRESET = load_config("lexical")


# --- long runs of one thing ---------------------------------------------------------------


_OTHER = "Rent is due on the first day of each month."


@pytest.mark.timeout(60)  # a hang guard, several times what each case takes (under 3 s)
@pytest.mark.parametrize(
    ("shape", "unit", "size", "same", "expected"),
    [
        ("The Supplier is Beta {}under the agreement.", "Corp ", 40_000, False, ["unsupported"]),
        ("The tenant may not sublet{}except with consent.", " ", 40_000, True, ["supported"]),
        ("Rent is due{}on the first day.", " ", 40_000, False, ["supported"]),
        ("The tenant may not sublet{}except with consent.", "$1 ", 80_000, True, ["supported"]),
        # cut in two at the segmenter's piece limit; the percents are in no source
        ("Rent is due{}on the first day.", "10% ", 160_000, False, ["partial", "partial"]),
    ],
)
def test_a_long_run_of_one_thing_is_read_in_bounded_time(
    shape: str, unit: str, size: int, same: bool, expected: list[str]
) -> None:
    """Runs of "Corp", of spaces, of amounts or percents are not read again from each of
    their parts (regex backtracking from every space, a tuple of every fact's span hashed
    for each fact, every fact range tested for every word would take 13-18 s at 20,000
    characters, four times that at twice the size). The times are not asserted; the
    outcome is."""
    answer = shape.format(unit * (size // len(unit)))
    report = align(answer, [{"id": "S", "text": answer if same else _OTHER}], config=LEXICAL_PRESET)
    assert [s.status for s in report.sentences] == expected
