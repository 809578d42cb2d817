"""The role a fact plays in its sentence: the words around it and the noun it counts.

A conflict needs more than two different values of one kind: "two years" only
contradicts "one year" when both say how long the same thing lasts. What a fact
is about is approximated by the content words of its clause (the ``context``)
and, for a bare count, by the nouns right after it (the ``head``: "two *films*").
Both are computed once per text and memoised, and only for texts that take part
in a possible conflict.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import BE_FORMS, CLAUSE_BREAK, STOPWORDS
from ..lexicon.bounds import TAIL_BOUNDS
from .negation import _gap_has_punct
from .text import OWNER, WORD_OR_MARK, Tok, stem, word_tokens

# The words that bound a value after it ("15 or more employees"): the noun the value
# counts comes after them. What a bound means, ``intervals`` reads.
_TAIL_WORDS = frozenset(TAIL_BOUNDS)
_CONTEXT_REACH = 6  # content words each way, within the clause


@dataclass(frozen=True)
class Role:
    """What a fact at a span of its text is about."""

    context: frozenset[str]
    head: frozenset[str]
    # the word that leads the fact ("within" 30 days, "for" a period of one year)
    lead: str = ""
    # its clause reports what happened ("The customer paid the invoice within 12 days"),
    # in the past and with no modal, rather than setting a rule ("shall pay within")
    reported: bool = False
    # what a period is of, where the text says it with a possessive: "sixty days' notice"
    # is a notice period, not "thirty (30) days after the termination"
    owned: str = ""


@dataclass(frozen=True)
class _Layout:
    toks: tuple[Tok, ...]
    starts: tuple[int, ...]


@lru_cache(maxsize=4096)
def layout(text: str) -> _Layout:
    toks = tuple(word_tokens(text))
    return _Layout(toks, tuple(t.start for t in toks))


def _content(t: Tok) -> str | None:
    return stem(t.lower) if t.content and t.lower not in STOPWORDS else None


def _left(text: str, toks: tuple[Tok, ...], i: int, at: int, skip: frozenset[int]) -> list[str]:
    """Content words before the fact (which starts at ``at``), back to the clause start."""
    out: list[str] = []
    bound = at
    j = i - 1
    while j >= 0:
        if _gap_has_punct(text, toks[j].end, bound) or _breaks(toks, j):
            aside = _aside_start(text, toks, j, bound) if not out else None
            if aside is None:
                break
            # "shall return the deposit, less lawful deductions, within twenty-one (21)
            # days": the clause goes on before the aside
            bound, j = toks[aside - 1].end, aside - 1
            continue
        bound = toks[j].start
        word = None if j in skip else _content(toks[j])
        if word:
            out.append(word)
            if len(out) >= _CONTEXT_REACH:
                break
        j -= 1
    return out


_ASIDE_WORDS = 4


def _aside_start(text: str, toks: tuple[Tok, ...], j: int, bound: int) -> int | None:
    """The first token of an aside set off by commas that ends at token ``j`` just
    before the fact's lead (", less lawful deductions,"), if one does."""
    if text[toks[j].end : bound].strip() != ",":
        return None
    for k in range(j, max(-1, j - _ASIDE_WORDS), -1):
        if k == 0:
            return None
        gap = text[toks[k - 1].end : toks[k].start]
        if gap.strip() == ",":
            return k if toks[k].lower in _ASIDE_OPENERS else None
        if gap != " " or _breaks(toks, k):
            return None
    return None


# What opens an aside that leaves the clause's role as it is: a deduction, a cost, a
# proviso of course ("less lawful deductions", "at its sole cost", "if any"); not one
# that narrows the act (", without cause,", ", for convenience,").
_ASIDE_OPENERS = frozenset("less minus net plus if at including together".split())


def _breaks(toks: tuple[Tok, ...], j: int) -> bool:
    """Whether token ``j`` opens a clause: "as" does, but "as of" and "as at" only open a
    date ("effective as of January 15, 2023"). "and" opens one even between two common
    words ("materials and workmanship"): joining them would tie a contract's values
    across its clauses (on true text against true text, CUAD: 8 false conflicts more in
    4,765 sentences)."""
    w = toks[j].lower
    if w not in CLAUSE_BREAK:
        return False
    return not (w == "as" and j + 1 < len(toks) and toks[j + 1].lower in ("of", "at"))


def _right(text: str, toks: tuple[Tok, ...], i: int, at: int, skip: frozenset[int]) -> list[str]:
    """Content words after the fact (which ends at ``at``), up to the clause end."""
    out: list[str] = []
    bound = at
    for j in range(i, len(toks)):
        if _gap_has_punct(text, bound, toks[j].start) or _breaks(toks, j):
            break
        bound = toks[j].end
        word = None if j in skip else _content(toks[j])
        if word:
            out.append(word)
            if len(out) >= _CONTEXT_REACH:
                break
    return out


def _head(text: str, toks: tuple[Tok, ...], i: int, end: int) -> frozenset[str]:
    """The content words right after a count ("two feature films" -> feature, film)."""
    out: set[str] = set()
    prev_end = end
    for j in range(i, min(len(toks), i + 3)):
        gap = text[prev_end : toks[j].start]
        if gap.strip(" -") or len(gap) > 2:
            break
        word = _content(toks[j])
        if word is None:
            break
        out.add(word)
        prev_end = toks[j].end
    return frozenset(out)


# An ordinal day of a recurring period: "on the first of the month", "the 15th day of
# each month": the period is its head, as "quarter" is of "the first quarter".
_DAY_OF = lazy_pattern(
    r"(?:\s+day)?\s+of\s+(?:the|each|every)\s+"
    r"(?P<period>month|week|year|quarter|calendar\s+(?:month|quarter|year))\b",
    re.IGNORECASE,
)
# An ordinal's end, with the figure a legal text repeats: "fifth", "1st", "first (1st)".
_ORDINAL_END = lazy_pattern(r"(?:st|nd|rd|th)\)?$", re.IGNORECASE)


def _day_of(text: str, start: int, end: int) -> frozenset[str]:
    """The recurring period an ordinal at ``text[start:end]`` is a day of, as a stem."""
    if _ORDINAL_END.search(text, max(start, end - 3), end) is None:
        return frozenset()
    found = _DAY_OF.match(text, end)
    if found is None:
        return frozenset()
    return frozenset((stem(found.group("period").split()[-1].lower()),))


def role_of(text: str, start: int, end: int, others: tuple[tuple[int, int], ...]) -> Role:
    """The role of the fact at ``text[start:end]``; ``others`` are spans of the text's other
    numeric facts, whose words say nothing about this fact's role."""
    return _role(text, start, end, others)


# A clock time is no part of a clause's words, nor its punctuation a clause's end: "by
# 5:00 p.m. on June 30" says what "by June 30" says.
_CLOCK = lazy_pattern(r"\b[0-9]{1,2}:[0-9]{2}(?:\s*(?:[AaPp]\.?[Mm]\b\.?))?")


@lru_cache(maxsize=4096)
def _unclocked(text: str) -> str:
    """``text`` with its clock times blanked out (offsets kept)."""
    return _CLOCK.sub(lambda m: " " * len(m.group()), text) if ":" in text else text


@lru_cache(maxsize=256)
def _covered(
    text: str, spans: tuple[tuple[int, int], ...]
) -> tuple[frozenset[int], dict[int, frozenset[int]]]:
    """The tokens of ``text`` that start inside one of ``spans``, and for each span start
    the tokens no span starting elsewhere covers. Worked out once per text: testing every
    token against every span for each fact was cubic in a table of numbers (a sentence
    of 750 of them took three minutes)."""
    starts = layout(_unclocked(text)).starts
    owners: dict[int, set[int]] = {}
    for a, b in spans:
        for j in range(bisect_left(starts, a), bisect_left(starts, b)):
            owners.setdefault(j, set()).add(a)
    own: dict[int, set[int]] = {}
    for j, found in owners.items():
        if len(found) == 1:
            own.setdefault(next(iter(found)), set()).add(j)
    return frozenset(owners), {a: frozenset(js) for a, js in own.items()}


@lru_cache(maxsize=16384)
def _role(text: str, start: int, end: int, others: tuple[tuple[int, int], ...]) -> Role:
    text = _unclocked(text)
    lay = layout(text)
    toks = lay.toks
    first = bisect_left(lay.starts, start)  # first token at or after the fact
    after = bisect_left(lay.starts, end)  # first token after the fact
    covered, by_span = _covered(text, others)
    # the tokens of the other facts (a token of this fact's own span only is not one)
    skip = covered - by_span.get(start, frozenset())
    # "15 or more employees": the bound is said after the value, and the noun after it
    tail_bound = (
        after + 1 < len(toks) and toks[after].lower == "or" and toks[after + 1].lower in _TAIL_WORDS
    )
    counted = after + 2 if tail_bound else after
    context = set(_left(text, toks, first, start, skip)) | set(_right(text, toks, after, end, skip))
    if not _SUING.isdisjoint(context) and not _SUITS.isdisjoint(context):
        context = {_LITIGATION.get(w, w) for w in context}
    head = _head(text, toks, counted, toks[counted - 1].end if tail_bound else end)
    head = _day_of(text, start, end) or head
    reported = _reported(text, toks, first)
    owned = _owned(text, end)
    return Role(frozenset(context), head, _lead(toks, first), reported, owned)


# A period's possessive and the noun it owns, a few words of manner between: "days'
# notice", "days’ prior written notice", "months' rent", "years' service".
_OWNED = lazy_pattern(
    r"['’]\s+(?:(?:prior|advance|written|additional|consecutive|paid|unpaid|full)\s+){0,3}"
    r"(?P<noun>[^\W\d_]+)"
)


def _owned(text: str, end: int) -> str:
    """The stem of the noun a period ending at ``end`` owns ("days' notice"), or ""."""
    found = _OWNED.match(text, end)
    if found is None or text[end - 1 : end].lower() != "s":
        return ""
    return stem(found.group("noun").lower())


# Past forms that do not end in "-ed", and "-ed" words that are no past forms.
_IRREGULAR_PAST = frozenset(
    """paid gave made sent took held sold bought won got was were had came began brought
    kept met told said went did found chose spent lost rose fell left wrote""".split()
)
_NOT_PAST = frozenset("need needed seed feed speed hundred red bed proceed exceed".split())
_RULE_WORDS = frozenset("shall must may will would should can could might".split())
_REPORT_REACH = 10  # words looked back over for the clause's verb


def _reported(text: str, toks: tuple[Tok, ...], first: int) -> bool:
    """Whether the clause before token ``first`` reports a past event: a past form of a
    verb, and no modal, before its start ("The insurer paid the claim 40 days after",
    not "The Company will pay ... within sixty (60) days")."""
    past = False
    bound = toks[first].start if first < len(toks) else len(text)
    for j in range(first - 1, max(-1, first - 1 - _REPORT_REACH), -1):
        if _gap_has_punct(text, toks[j].end, bound) and j < first - 1:
            break
        bound = toks[j].start
        w = toks[j].lower
        if w in _RULE_WORDS:
            return False
        if w in _IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4 and w not in _NOT_PAST):
            past = True
    return past


# Words of bringing a lawsuit, as one word each, where a clause says both what is
# brought and the bringing: "a claim must be brought within four years" and "any action
# must be commenced within two (2) years" state one limitation period; "shall notify ...
# of any such claim within ten calendar days" says nothing of one.
_SUITS = frozenset(map(stem, "action claim suit lawsuit".split()))
_SUING = frozenset(map(stem, "bring brought commence commenced file filed".split()))
_LITIGATION = {**dict.fromkeys(_SUITS, "action"), **dict.fromkeys(_SUING, "bring")}


# Words a period's lead passes over: "for a period of one (1) year" is led by "for".
_PERIOD_FRAME = frozenset("a an the period term of".split())


def _lead(toks: tuple[Tok, ...], first: int) -> str:
    """The word before a fact, past "a period of" and the like ("" at the start). A form
    of "be" leads a period as any other does: "The warranty period is one year" and "The
    warranty period shall be ninety (90) days" state one period."""
    for j in range(first - 1, max(-1, first - 5), -1):
        if toks[j].lower not in _PERIOD_FRAME:
            return "be" if toks[j].lower in BE_FORMS else toks[j].lower
    return ""


# Words that say where a thing happens, as one slot: "takes place in London" and "shall
# be held in Singapore" name the place of one thing.
_VENUE = frozenset(map(stem, "held place conducted".split()))


def slot_of(text: str, start: int) -> tuple[str, ...]:
    """The two words right before ``start`` when they hold a content word ("signed by"),
    else ``()``: the slot a name fills."""
    lay = layout(text)
    i = bisect_left(lay.starts, start)
    if i < 2:
        return ()
    a, b = lay.toks[i - 2], lay.toks[i - 1]
    if _gap_has_punct(text, a.end, b.start) or _gap_has_punct(text, b.end, start):
        return ()
    if _content(a) is None and _content(b) is None:
        return ()
    first = stem(a.lower)
    return ("held" if first in _VENUE else first, stem(b.lower))


# The words after an offset up to the clause's end, for a verb's complement.
_NEXT_WORDS = lazy_pattern(r"[^\W\d_]+|[,.;:!?()\n]")


def word_after(text: str, at: int, breaks: bool = False) -> str | None:
    """The first content word after ``at`` in its clause ("deposit" in "accrue on the
    deposit"), as a stem; ``None`` where the clause ends first, at punctuation or, with
    ``breaks``, at a word that opens a clause ("reversed because the plaintiff ...").
    An owner is passed over ("denied Defendant's motion": "motion")."""
    found = words_after(text, at, 1, breaks)
    return found[0] if found else None


def words_after(
    text: str, at: int, count: int, breaks: bool = False, adverbs: bool = True
) -> tuple[str, ...]:
    """The first ``count`` content words after ``at`` in its clause, as stems (see
    :func:`word_after`); without ``adverbs``, an adverb in "-ly" is passed over ("shall
    be solely responsible" is said as "shall be responsible" is)."""
    out: list[str] = []
    owned = -1
    for found in _NEXT_WORDS.finditer(text, at, min(len(text), at + 80 * count)):
        word = found.group().lower()
        if not word[0].isalpha() or (breaks and word in CLAUSE_BREAK):
            break
        if found.start() == owned:
            continue  # the "s" of "'s"
        if OWNER.match(text, found.end()):
            owned = found.end() + 1
            continue
        if not adverbs and passed_adverb(word):
            continue
        if word not in STOPWORDS:
            out.append(stem(word))
            if len(out) == count:
                break
    return tuple(out)


# Words in "-ly" that are no adverbs of manner (what ``manner_adverb`` passes over).
_LY_NOUNS_AND_VERBS = frozenset(
    "supply family comply assembly monopoly anomaly multiply homily".split()
)
# How often a thing recurs: an adverb, but one that says what is said ("paid monthly").
_RECURRING = frozenset(
    "daily weekly biweekly monthly quarterly yearly annually semiannually hourly".split()
)


def manner_adverb(word: str) -> bool:
    """ "automatically", "promptly", "expressly": a lower-case word in "-ly" of six
    letters or more ("only", "early", "daily", "apply" are shorter)."""
    return len(word) > 5 and word.endswith("ly") and word not in _LY_NOUNS_AND_VERBS


def passed_adverb(word: str) -> bool:
    """An adverb of manner that a party's act is read past ("shall be solely
    responsible", "owned exclusively by"), not one of how often it recurs."""
    return manner_adverb(word) and word not in _RECURRING


# Words between a subject and its verb that are no part of what the statement is about
# ("remains" and "becomes" link as "is" does: "The warranty is void" / "The warranty
# remains valid").
PASSED_OVER = frozenset(
    """is are was were be been being has have had will shall would should may might must
    can could do does did also then later subsequently ultimately thereafter unanimously
    again both remain remains remained become becomes became""".split()
)


def subject_before(text: str, at: int, reach: int = 4) -> str | None:
    """The content word before ``at``, past auxiliaries and a few adverbs ("tenant" in
    "The tenant is allowed to"), as a stem; ``None`` where a stopword, punctuation or
    the text's start comes first: then no subject can be told."""
    words = WORD_OR_MARK.findall(text, max(0, at - 80), at)
    for word in reversed(words[-reach:]):
        low = word.lower()
        if not low[0].isalpha():
            return None
        if low in PASSED_OVER:
            continue
        return None if low in STOPWORDS else stem(low)
    return None
