"""The currency a sum is paid in: "All payments are made in euros" against "All payments
shall be made in U.S. dollars"; and its form: "payable in cash" against "paid in shares".

No figure stands in either sentence, so the amount check (which compares figures and
their currencies) has nothing to read, and every other word agrees. The currency is a
conflict only where each side pays something in one named currency ("paid in", "payable
in", "denominated in"), the two clauses share what is paid (a content word before the
currency: "payments", "fees"), and the passage names the claim's currency nowhere ("in
U.S. dollars or the equivalent in euros" backs either). A bare "dollars" is any dollar:
it clashes with euros, not with Canadian dollars.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .text import LETTERS, stem

# Each currency's names, as ISO codes; codes in capitals only, names in any case.
_NAMES: tuple[tuple[str, str], ...] = (
    ("usd", r"(?i:(?:U\.?S\.?|United\s+States)\s+(?:dollars?|funds|currency))"),
    ("usd", r"(?i:lawful\s+money\s+of\s+the\s+United\s+States)|USD"),
    ("cad", r"(?i:Canadian\s+(?:dollars?|funds|currency))|CAD"),
    ("aud", r"(?i:Australian\s+(?:dollars?|funds|currency))|AUD"),
    ("eur", r"(?i:euros?)|EUR"),
    ("gbp", r"(?i:(?:pounds?\s+)?sterling|British\s+pounds)|GBP"),
    ("jpy", r"(?i:(?:Japanese\s+)?yen)|JPY"),
    ("chf", r"(?i:Swiss\s+francs?)|CHF"),
    ("cny", r"(?i:renminbi|(?:Chinese\s+)?yuan)|RMB|CNY"),
    ("inr", r"(?i:(?:Indian\s+)?rupees?)|INR"),
    ("dollar", r"(?i:dollars)"),
    # the form a sum is paid in: money against shares ("payable in cash" / "paid in shares
    # of the Buyer's common stock"); compared with each other, never with a currency
    ("cash", r"(?i:cash)"),
    ("stock", r"(?i:(?:shares|stock|(?:common|preferred|capital)\s+stock|securities|kind))"),
)
_DOLLARS = frozenset(("usd", "cad", "aud", "dollar"))
_FORMS = frozenset(("cash", "stock"))
_CURRENCY = lazy_pattern(
    "|".join(rf"(?P<c{k}_{code}>\b(?:{pattern})\b)" for k, (code, pattern) in enumerate(_NAMES))
)
# What a sum is paid in: "in U.S. dollars", "in lawful money of the United States", "in
# immediately available funds in euros".
_IN = lazy_pattern(
    r"\bin\s+(?:(?:the|lawful|immediately\s+available|freely\s+transferable|funds\s+in)\s+)*$",
    re.IGNORECASE,
)
# Words of paying, one of which must stand in the currency's clause before it.
_PAYING = lazy_pattern(
    r"\b(?:pa(?:y|id|yable|yments?)|made|denominated|invoiced|remitted|settled|priced)\b",
    re.IGNORECASE,
)
_CLAUSE = lazy_pattern(r"[^.;:!?\n]*$")
# The words of paying, as one stem: "payments" and "payable" name the same thing paid.
_PAY_STEMS = {stem(w): "pay" for w in "pay paid payable payment payments".split()}


# How far before the currency its word of paying may stand ("shall be paid by the Buyer
# in"), with no comma between: "any gift or payment, consideration or benefit in kind"
# pays nothing in kind.
_PAYING_REACH = 40


def _paying_before(before: str) -> bool:
    found = list(_PAYING.finditer(before, max(0, len(before) - _PAYING_REACH)))
    return bool(found) and "," not in before[found[-1].end() :]


def _code(m: re.Match[str]) -> str:
    return (m.lastgroup or "").split("_", 1)[1]


# A word every currency or form name ends in, and every word of paying, lower-cased: a
# text holding none of either is spared the alternation, which tries each name at
# every word (one pass of the word pattern and two set look-ups instead).
_NAME_WORDS = frozenset(
    """dollar dollars euro euros sterling pound pounds yen franc francs renminbi yuan rupee
    rupees funds currency money cash shares stock securities kind usd cad aud eur gbp jpy
    chf rmb cny inr""".split()
)
_PAYING_WORDS = frozenset(
    "pay paid payable payment payments made denominated invoiced remitted settled priced".split()
)


@lru_cache(maxsize=4096)
def _may_name(text: str) -> bool:
    words = {w.lower() for w in LETTERS.findall(text)}
    return not words.isdisjoint(_NAME_WORDS) and not words.isdisjoint(_PAYING_WORDS)


@lru_cache(maxsize=4096)
def _named(text: str) -> tuple[re.Match[str], ...]:
    """Every currency or form ``text`` names (none where it holds no currency word and
    no word of paying): read once per text, for what it pays in and what it names."""
    return tuple(_CURRENCY.finditer(text)) if _may_name(text) else ()


def _paid_in(text: str) -> list[tuple[str, re.Match[str], frozenset[str]]]:
    """Each currency ``text`` says a sum is paid in: (code, match, the content stems of
    its clause before it)."""
    out = []
    for m in _named(text):
        clause = _CLAUSE.search(text, max(0, m.start() - 160), m.start())
        before = text[clause.start() : m.start()] if clause is not None else ""
        if not _IN.search(before) or not _paying_before(before):
            continue
        words = frozenset(
            _PAY_STEMS.get(s, s)
            for w in LETTERS.findall(before)
            if (low := w.lower()) not in STOPWORDS and len(low) > 2
            for s in (stem(low),)
        )
        out.append((_code(m), m, words))
    return out


def _comparable(a: str, b: str) -> bool:
    """Two currencies, or two forms of payment: a sum in cash may be in any currency."""
    return (a in _FORMS) == (b in _FORMS)


def _differ(a: str, b: str) -> bool:
    """Two currencies (or forms) that differ, a bare "dollars" being any dollar."""
    if a == b or not _comparable(a, b):
        return False
    return not ("dollar" in (a, b) and a in _DOLLARS and b in _DOLLARS)


def currency_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's currency (or form) of payment against another a passage pays the same
    thing in; one conflict each for the currency and the form."""
    out: list[FactConflict] = []
    said = _paid_in(claim)
    named_in_claim = {_code(m) for m in _named(claim)}
    for code, found, words in said:
        if sum(_comparable(code, c) for c in named_in_claim) > 1:
            continue  # a choice ("in euros or U.S. dollars", "in cash or shares")
        if any(_comparable(code, c.claim.value) for c in out):
            continue
        got = _rival(code, words, passages)
        if got is not None:
            index, m, other = got
            out.append(
                FactConflict(
                    "opposite",
                    Fact("opposite", found.group(), code, found.start(), found.end()),
                    Fact("opposite", m.group(), other, m.start(), m.end()),
                    index,
                )
            )
    return tuple(out)


def _rival(
    code: str, words: frozenset[str], passages: Sequence[str]
) -> tuple[int, re.Match[str], str] | None:
    """The first passage that pays what the claim pays (a shared word) in another
    currency or form, and names the claim's nowhere."""
    for index, text in enumerate(passages):
        named = [_code(m) for m in _named(text)]
        if any(_comparable(code, c) and not _differ(code, c) for c in named):
            continue  # the passage names the claim's currency too
        for other, m, other_words in _paid_in(text):
            if _differ(code, other) and words & other_words:
                return index, m, other
    return None
