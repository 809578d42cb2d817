"""The analysis of one text, as a claim or as evidence, memoised per text.

A text's facts, its negations and what it asserts, and the indexes that make it
cheap to test as evidence (quantities by key, date readings, folded words,
positive and negated stems) are built once and cached, because the same evidence
passage is checked against many claims and many candidate windows. The lighter
views of a whole source (its numbers, its names, its polarity) serve the look-up
of facts no cited passage states.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import (
    ASSERT_PREV,
    CURRENCIES,
    NUM_WORDS,
    ORD_WORDS,
)
from .intervals import stated_inside
from .model import (
    YEAR_READINGS,
    DateKeys,
    Fact,
    NameKey,
    NegKey,
    Payload,
    Quantity,
)
from .names import initialisms, name_present, scan_names
from .negation import Negation, _gap_has_punct, asserter, scan_negations, unless_scopes
from .quantities import numeric_words, scan_numeric
from .text import Tok, stem, word_tokens


@dataclass(frozen=True)
class Analysis:
    """Everything one text contributes, as a claim or as evidence."""

    facts: tuple[Fact, ...]
    payloads: tuple[Payload, ...]
    negations: tuple[Negation, ...]
    # evidence-side indexes
    quantities: dict[str, frozenset[str | None]] = field(default_factory=dict)
    times: frozenset[tuple[str, str]] = frozenset()
    dates: frozenset[tuple[int | str, ...]] = frozenset()
    words: frozenset[str] = frozenset()
    neg_all: frozenset[str] = frozenset()
    positive: frozenset[str] = frozenset()
    # stem -> (kind, start, end, surface) of each positive statement of it
    asserted: dict[str, tuple[tuple[str, int, int, str], ...]] = field(default_factory=dict)
    # (fact kind, payload) -> whether this text backs it: ``present`` is a pure
    # function of the two, and a cached evidence text or source is asked about the
    # same claim facts for every sentence and every answer aligned against it.
    backs: dict[tuple[str, Payload], bool] = field(default_factory=dict, compare=False, repr=False)


def _date_index(payloads: Iterable[Payload], quantities: dict[str, set[str | None]]) -> set:
    out: set[tuple[int | str, ...]] = set()
    for p in payloads:
        if not isinstance(p, DateKeys):
            continue
        for alt in p.alts:
            out.add(alt)
            tag = alt[0]
            if tag == "ymd":
                _, y, m, d = alt
                out.update({("ym", y, m), ("y", y), ("md", m, d)})
            elif tag == "ym":
                out.add(("y", alt[1]))
            if tag in ("ymd", "ym", "y"):
                y = int(alt[1])
                out.add(("dec", y - y % 10))
                if tag == "y":
                    quantities.setdefault(str(y), set()).add(None)
    return out


# Words that, with "to", state the verb after them as "may" or "must" would: a claim's
# "may not keep pets" is contradicted by "is allowed to keep pets". A past agreement or
# decision to act states the act as well: "The court agreed to hear the case" against
# "The court refused to hear the case". Not a contract's "agrees to", whose many
# covenants of one party ("agrees to provide customer service", "agrees not to provide
# services for any other provider") read as clashes between true clauses.
_ENABLERS = frozenset(
    """allowed permitted entitled authorized authorised free required obliged obligated
    able agreed decided chose elected undertook""".split()
)


def analyse_uncached(text: str) -> Analysis:
    toks = word_tokens(text)
    numeric, spans = scan_numeric(text, toks)
    names = scan_names(text, toks, spans)
    negs = scan_negations(text, toks)
    items = sorted(
        [*numeric, *names, *((n.fact, NegKey(n.head, n.cue)) for n in negs)],
        key=lambda fp: (fp[0].start, fp[0].end, fp[0].kind),
    )
    quantities, times, dates = numeric_indexes(toks, [p for _, p in items])
    unless = unless_scopes(text, toks)
    scoped = {j for n in negs for j in n.scope} | unless
    positive: set[str] = set()
    asserted: dict[str, list[tuple[str, int, int, str]]] = {}
    for i, t in enumerate(toks):
        if not t.content or i in scoped:
            continue
        root = stem(t.lower)
        positive.add(root)
        prev = toks[i - 1].lower if i else ""
        if prev == "to" and i > 1 and toks[i - 2].lower in _ENABLERS:
            # "is allowed to keep pets" says "keep" as surely as "may keep pets"
            asserted.setdefault(root, []).append(("aux", toks[i - 2].start, t.end, t.lower))
            continue
        if prev not in ASSERT_PREV and not prev.endswith("ly"):
            # "with 24 hours' notice", "with prior written notice"; "for cause" is
            # "with cause"
            qualified = prev in _WITH_QUALIFIERS | _WITH or _OWNED.fullmatch(prev) is not None
            j = _with_before(text, toks, i) if qualified else None
            if prev == "for" and root in _FOR_STATED:
                j = i - 1
            if j is not None:
                asserted.setdefault(root, []).append(("with", toks[j].start, t.end, t.lower))
            continue
        got = asserter(text, toks, i)
        if got is not None:
            kind, j = got
            asserted.setdefault(root, []).append((kind, toks[j].start, t.end, t.lower))
    if RELEASE_HINT in text:
        for found in RELEASE.finditer(text):
            verb = found.group("verb")
            asserted.setdefault(stem(verb.lower()), []).append(
                ("leave", found.start(), found.end(), verb.lower())
            )
    return Analysis(
        facts=tuple(f for f, _ in items),
        payloads=tuple(p for _, p in items),
        negations=tuple(negs),
        quantities=quantities,
        times=times,
        dates=dates,
        words=_evidence_words(toks, names),
        neg_all=frozenset(stem(toks[j].lower) for j in scoped),
        positive=frozenset(positive),
        asserted={k: tuple(v) for k, v in asserted.items()},
    )


# What may stand between "with" and the word it states in a condition: "with 24 hours'
# notice", "with prior written consent" (numbers are no tokens here). Any other word
# makes it another phrase: "with a reliable water supply" says nothing of "water".
_WITH_QUALIFIERS = frozenset(
    """a an the prior written advance reasonable express mutual proper due sufficient
    adequate formal oral hours days weeks months business calendar hour's day's hours'
    days' other at least""".split()
)  # "at least": "only upon at least twenty-four (24) hours' written notice"
# A party's own word before what it gives: "with the Landlord's prior written consent",
# "with the other party's consent".
_OWNED = lazy_pattern(r"[^\W\d_]+['’]s?")


# What states a thing as given, against a "without": "with notice", "upon 24 hours'
# notice".
_WITH = frozenset(("with", "upon"))


# Words a "for" states as a "with" would, against a "without": "terminated for cause" /
# "terminated without cause".
_FOR_STATED = frozenset((stem("cause"),))


# The figures a legal count repeats between its words: "thirty (30) days' notice".
_COUNT_GAP = lazy_pattern(r"\s*\(\d+\)\s*")


def _with_before(text: str, toks: list[Tok], i: int) -> int | None:
    """The "with" or "upon" a few qualifying words before token ``i`` ("with 24 hours'
    notice", "upon prior written notice"), which states the word as present against a
    "without" on the other side."""
    for j in range(i - 1, max(-1, i - 7), -1):
        if _gap_has_punct(text, toks[j].end, toks[j + 1].start) and not _COUNT_GAP.fullmatch(
            text, toks[j].end, toks[j + 1].start
        ):
            return None
        w = toks[j].lower
        if w == "upon" and (not j or _gap_has_punct(text, toks[j - 1].end, toks[j].start)):
            return None  # "Upon prior written notice, the Distributor will": the clause's,
            # not the word's
        if w in _WITH:
            return j
        owned = _OWNED.fullmatch(w) is not None
        if w not in _WITH_QUALIFIERS and not w.isdigit() and not _number_word(w) and not owned:
            return None  # "upon thirty (30) days' written notice" reads past "thirty"
    return None


def _number_word(word: str) -> bool:
    """A number written in words, hyphenated ones too ("twenty-four")."""
    return word in NUM_WORDS or ("-" in word and all(p in NUM_WORDS for p in word.split("-")))


def _evidence_words(toks: list[Tok], names: Sequence[tuple[Fact, Payload]]) -> frozenset[str]:
    """The folded words a text offers as evidence of names: each token's, each part
    of a hyphenated one, and the acronyms of the text's own names ("UN" is backed by
    "United Nations")."""
    words = {t.bare for t in toks}
    words.update([part for w in words if "-" in w for part in w.split("-") if part])
    for _f, p in names:
        if isinstance(p, NameKey) and len(p.words) > 1:
            words.update(initialisms(p.words))
    return frozenset(words)


def numeric_indexes(
    toks: list[Tok], payloads: Sequence[Payload]
) -> tuple[dict[str, frozenset[str | None]], frozenset[tuple[str, str]], frozenset]:
    """What numbers, durations and dates a text states: the indexes ``present``
    reads for every kind but names and negations. Only the numeric payloads count
    (names and negations add nothing here), so a numeric scan alone gives them."""
    quantities: dict[str, set[str | None]] = {}
    times: set[tuple[str, str]] = set()
    for p in payloads:
        if isinstance(p, Quantity):
            quantities.setdefault(p.key, set()).add(p.unit)
            if p.time:
                times.add(p.time)
    dates = _date_index(payloads, quantities)
    for t in toks:
        # every ordinal word backs its number, even where it is no fact of its own
        # ("first opened" backs "its first store")
        if t.lower in ORD_WORDS:
            quantities.setdefault(str(ORD_WORDS[t.lower]), set()).add(None)
    return {k: frozenset(v) for k, v in quantities.items()}, frozenset(times), frozenset(dates)


@lru_cache(maxsize=4096)
def analyse(text: str) -> Analysis:
    """Memoised: evidence passages recur across claims and candidate windows.

    An entry is ~15 kB for a 100-word passage, so the bound keeps the cache under
    ~60 MB while still covering every passage one answer's candidates touch."""
    return analyse_uncached(text)


def _quantity_present(q: Quantity, kind: str, ev: Analysis) -> bool:
    units = ev.quantities.get(q.key, frozenset())
    if kind == "amount":
        # same value as a plain number, or the same currency; another currency contradicts
        return any(u not in CURRENCIES or u == q.unit for u in units)
    if kind == "percent":
        return "%" in units or None in units
    if q.time is not None and q.time in ev.times:
        return True
    if not units:
        return False
    # a unit mismatch counts only when every mention of the number on both sides has a
    # unit and none agrees ("30 days" vs "30 months"); a bare "30" backs "30 days"
    return q.unit is None or None in units or q.unit in units


def _date_present(d: DateKeys, ev: Analysis) -> bool:
    """A claim's date is backed by the same date, or by its day and month where the
    evidence states its year elsewhere or names no year at all: "As of 26 April, 1,998
    cases" backs "by April 26, 2020" when the year is left to the page's context; an
    evidence that names another year does not."""
    for alt in d.alts:
        if alt in ev.dates or (alt[0] == "y" and str(alt[1]) in ev.quantities):
            return True
        if (
            alt[0] == "ymd"
            and ("md", alt[2], alt[3]) in ev.dates
            and (("y", alt[1]) in ev.dates or _names_no_year(ev))
        ):
            return True
        if (
            alt[0] == "ym"
            and alt[2]
            and any(e[0] == "md" and e[1] == alt[2] for e in ev.dates)
            and _names_no_year(ev)
        ):
            return True
    return False


def _names_no_year(ev: Analysis) -> bool:
    return not any(alt[0] in YEAR_READINGS for alt in ev.dates)


# A release from a duty leaves the act to the subject's discretion as "may" does: "The
# employee may, but is not required to, arbitrate claims", "need not arbitrate".
RELEASE_HINT = "not"
RELEASE = lazy_pattern(
    r"\b(?:(?:may|can)\s*,?\s*but\s+)?(?:(?:is|are)\s+not\s+(?:required|obligated|obliged)"
    r"\s+to|need\s+not)\s*,?\s+(?:be\s+)?(?P<verb>[^\W\d_]+)",
    re.IGNORECASE,
)


def present(fact: Fact, payload: Payload, ev: Analysis) -> bool:
    """Whether ``ev`` backs the claim's fact (memoised on ``ev``, see ``Analysis.backs``)."""
    key = (fact.kind, payload)
    found = ev.backs.get(key)
    if found is None:
        found = ev.backs[key] = _present_uncached(fact.kind, payload, ev)
    return found


def _present_uncached(kind: str, payload: Payload, ev: Analysis) -> bool:
    if isinstance(payload, Quantity | DateKeys) and payload.bound is not None:
        # "less than 77" is not backed by a "77": the evidence must state the figure
        # inside the claim's bound; a figure of its own inside it is read against the
        # claim's words (``intervals.backed``). An estimate's own figure backs it as
        # the figure itself would ("about 30 percent" / "30 agreed").
        if stated_inside(kind, payload, ev.facts, ev.payloads):
            return True
        if payload.bound.side != "about":
            return False
    if isinstance(payload, Quantity):
        return _quantity_present(payload, kind, ev)
    if isinstance(payload, DateKeys):
        return _date_present(payload, ev)
    if isinstance(payload, NameKey):
        return name_present(payload, ev.words, ev.payloads)
    return True


@lru_cache(maxsize=64)
def numeric_view(text: str) -> Analysis:
    """What a whole source states of numbers, amounts, percents and dates: the
    numeric scan alone (its facts kept, for a claim's bound to be read against), about
    half of a full analysis. Every missing fact of these
    kinds is looked up in every source (the scorer weighs one stated nowhere apart),
    so a first call reads each source this way once. In ASCII text only the words
    the scan reads are tokenized (:func:`numeric_words`); the result is the same."""
    toks = numeric_words(text) if text.isascii() else word_tokens(text)
    numeric, _ = scan_numeric(text, toks)
    quantities, times, dates = numeric_indexes(toks, [p for _, p in numeric])
    return Analysis(
        facts=tuple(f for f, _ in numeric),
        payloads=tuple(p for _, p in numeric),
        negations=(),
        quantities=quantities,
        times=times,
        dates=dates,
    )


@lru_cache(maxsize=64)
def names_view(text: str) -> Analysis:
    """The folded words a whole source offers as evidence of names, with the acronyms
    of its own names ("UN" is backed by "United Nations"): the ``words`` of the full
    analysis, without the negation scan and assertions a name test never reads (the
    name scan skips what the numeric scan consumed, so that runs too)."""
    toks = word_tokens(text)
    _, spans = scan_numeric(text, toks)
    words = _evidence_words(toks, scan_names(text, toks, spans))
    return Analysis(facts=(), payloads=(), negations=(), words=words)


@lru_cache(maxsize=64)
def polarity_view(text: str) -> Analysis:
    """The stems a whole source negates and states positively (``neg_all`` and
    ``positive`` of the full analysis), for the look-up of a claim's negation."""
    toks = word_tokens(text)
    scoped = {j for n in scan_negations(text, toks) for j in n.scope} | unless_scopes(text, toks)
    positive = {stem(t.lower) for i, t in enumerate(toks) if t.content and i not in scoped}
    return Analysis(
        facts=(),
        payloads=(),
        negations=(),
        neg_all=frozenset(stem(toks[j].lower) for j in scoped),
        positive=frozenset(positive),
    )


def facts_of(text: str) -> tuple[tuple[Fact, ...], tuple[Payload, ...]]:
    got = analyse(text)
    return got.facts, got.payloads
