"""The currency a sum is paid in: "All payments are made in euros" against "All payments
shall be made in U.S. dollars".

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

from .lexicon import STOPWORDS
from .model import Fact, FactConflict
from .text import stem

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
)
_DOLLARS = frozenset(("usd", "cad", "aud", "dollar"))
_CURRENCY = re.compile(
    "|".join(rf"(?P<c{k}_{code}>\b(?:{pattern})\b)" for k, (code, pattern) in enumerate(_NAMES))
)
# What a sum is paid in: "in U.S. dollars", "in lawful money of the United States", "in
# immediately available funds in euros".
_IN = re.compile(
    r"\bin\s+(?:(?:the|lawful|immediately\s+available|freely\s+transferable|funds\s+in)\s+)*$",
    re.IGNORECASE,
)
# Words of paying, one of which must stand in the currency's clause before it.
_PAYING = re.compile(
    r"\b(?:pa(?:y|id|yable|yments?)|made|denominated|invoiced|remitted|settled|priced)\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[^.;:!?\n]*$")
_WORD = re.compile(r"[^\W\d_]+")
# The words of paying, as one stem: "payments" and "payable" name the same thing paid.
_PAY_STEMS = {stem(w): "pay" for w in "pay paid payable payment payments".split()}


def _code(m: re.Match[str]) -> str:
    return (m.lastgroup or "").split("_", 1)[1]


# Text every currency name holds, lower-cased, and the codes as written: a test that
# spares nearly every text the alternation (which tries each name at every word).
_HINTS = ("dollar", "euro", "sterling", "pound", "yen", "franc", "renminbi", "yuan", "rupee")
_HINT_CODES = ("USD", "CAD", "AUD", "EUR", "GBP", "JPY", "CHF", "RMB", "CNY", "INR")
_HINT_WORDS = ("funds", "currency", "money")


def _may_name(text: str) -> bool:
    lower = text.lower()
    return (
        any(h in lower for h in _HINTS)
        or any(h in lower for h in _HINT_WORDS)
        or any(c in text for c in _HINT_CODES)
    )


def _paid_in(text: str) -> list[tuple[str, re.Match[str], frozenset[str]]]:
    """Each currency ``text`` says a sum is paid in: (code, match, the content stems of
    its clause before it)."""
    if not _may_name(text):
        return []
    out = []
    for m in _CURRENCY.finditer(text):
        clause = _CLAUSE.search(text, max(0, m.start() - 160), m.start())
        before = text[clause.start() : m.start()] if clause is not None else ""
        if not _IN.search(before) or not _PAYING.search(before):
            continue
        words = frozenset(
            _PAY_STEMS.get(s, s)
            for w in _WORD.findall(before)
            if (low := w.lower()) not in STOPWORDS and len(low) > 2
            for s in (stem(low),)
        )
        out.append((_code(m), m, words))
    return out


def _differ(a: str, b: str) -> bool:
    """Two currencies, a bare "dollars" being any dollar."""
    if a == b:
        return False
    return not ("dollar" in (a, b) and a in _DOLLARS and b in _DOLLARS)


def currency_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's currency of payment against another a passage pays the same thing in."""
    said = _paid_in(claim)
    if not said or len({_code(m) for m in _CURRENCY.finditer(claim)}) > 1:
        return ()  # none paid in, or a choice ("in euros or U.S. dollars")
    code, found, words = said[0]
    for index, text in enumerate(passages):
        if not _may_name(text):
            continue
        named = {_code(m) for m in _CURRENCY.finditer(text)}
        if any(not _differ(code, other) for other in named):
            continue  # the passage names the claim's currency too
        for other, m, other_words in _paid_in(text):
            if _differ(code, other) and words & other_words:
                return (
                    FactConflict(
                        "opposite",
                        Fact("opposite", found.group(), code, found.start(), found.end()),
                        Fact("opposite", m.group(), other, m.start(), m.end()),
                        index,
                    ),
                )
    return ()
