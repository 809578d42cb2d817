"""Scoped negation: the word each negation cue governs, and the words it covers.

A polarity clash is reported only on a word both sides use ("may not sublet"
against "must sublet"), so each cue is tied to the content word it governs;
idioms ("not only", "no matter", "no more than") are skipped, and the words of
a negated or "unless" clause are kept from counting as stated positively.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import (
    ADVERBS,
    AUX,
    CLAUSE_BREAK,
    COMPARATIVES,
    MODALS,
    NEG_SKIP,
    NEG_SKIP_WIDE,
    STOPWORDS,
)
from .model import Fact
from .text import Tok, owner, stem

_GAP_PUNCT = frozenset(',;:.!?()[]{}"“”\n')  # a newline separates joined passages


def _gap_has_punct(text: str, a: int, b: int) -> bool:
    """Punctuation (or a line break) between two words ends a negation's reach."""
    if b - a > _LONG_GAP:
        # Between two words may stand a long run of what is no word (3,300 amounts of
        # "$1"), read again for each fact in it: quadratic. A long gap is
        # looked up among the text's punctuation, found once per text.
        marks = _punct_marks(text)
        i = bisect_left(marks, a)
        return i < len(marks) and marks[i] < b
    gap = text[a:b]
    return gap != " " and not _GAP_PUNCT.isdisjoint(gap)


_LONG_GAP = 64
_GAP_PUNCT_RE = lazy_pattern("[" + re.escape("".join(sorted(_GAP_PUNCT))) + "]")


@lru_cache(maxsize=256)
def _punct_marks(text: str) -> list[int]:
    """Where ``text`` has a character of ``_GAP_PUNCT``, in order."""
    return [m.start() for m in _GAP_PUNCT_RE.finditer(text)]


def _gap_ends_reach(text: str, a: int, b: int) -> bool:
    """:func:`_gap_has_punct`, where a quotation mark around a term is no break: 'is not
    "surface water" within the meaning of the exclusion' denies "surface water" (read
    as a break, the quotes hid the denial, and "is surface water" was supported)."""
    if not _gap_has_punct(text, a, b):
        return False
    return text[a:b].strip(" ") not in _QUOTE_MARKS


_QUOTE_MARKS = frozenset('"“”')


@dataclass(frozen=True)
class Negation:
    fact: Fact
    head: str
    cue: str
    scope: tuple[int, ...]
    soft: bool = False
    # "In no event shall the Supplier be liable": the cue stands before the subject
    inverted: bool = False


def _idiom(text: str, toks: list[Tok], i: int, cue: str) -> str | None:
    """How a cue is used, when not as a plain negation.

    "skip": no polarity claim at all ("not only", "no matter", "no more than", "or not",
    "with or without", "forbidden fruit"). "soft": a real negation whose meaning a
    paraphrase often carries without one ("not yet" ~ "later", "not X but Y" is about a
    reason): it still shields its clause from counting as positive, but is never
    reported.
    """
    nxt = toks[i + 1].lower if i + 1 < len(toks) else ""
    nxt2 = toks[i + 2].lower if i + 2 < len(toks) else ""
    prev = toks[i - 1].lower if i > 0 else ""
    if cue in ("prohibited", "forbidden") and nxt not in ("from", "to"):
        return "skip"
    if cue == "not" and (nxt in ("only", "just", "merely") or prev == "or"):
        return "skip"
    if cue == "without" and prev == "or":
        return "skip"  # "with or without cause" states neither
    if cue == "no" and text.startswith("/", toks[i].end):
        return "skip"  # "Two Thousand and No/100 Dollars": no cents, not a denial
    if _not_limiting(toks, i, cue):
        return "skip"
    if (cue == "no" and nxt in ("matter", "doubt")) or (nxt in COMPARATIVES and nxt2 == "than"):
        return "skip"
    if cue == "not" and (nxt == "yet" or _contrastive(text, toks, i)):
        return "soft"
    return None


# "including, but not limited to, lost profits", "include, but shall not be limited to",
# "including without limitation": a list left open, no statement that a thing is not
# limited ("Liability is not limited to direct damages" still is one).
_OPEN_LIST_CUES = frozenset(("but", "including", "include", "includes"))


def _not_limiting(toks: list[Tok], i: int, cue: str) -> bool:
    """Whether the cue at ``i`` opens "but not limited to" or "without limitation"."""
    after = [t.lower for t in toks[i + 1 : i + 4]]
    if cue == "without":
        return after[:1] == ["limitation"] or after[:1] == ["limiting"]
    if cue != "not" or not after:
        return False
    rest = after[1:] if after[0] == "be" else after
    return rest[:2] == ["limited", "to"] and any(
        t.lower in _OPEN_LIST_CUES for t in toks[max(0, i - 3) : i]
    )


def _contrastive(text: str, toks: list[Tok], i: int) -> bool:
    """ "not for who she is but for what she did": a "but" in the same clause."""
    for j in range(i + 1, min(len(toks), i + 10)):
        if _gap_has_punct(text, toks[j - 1].end, toks[j].start):
            return False
        if toks[j].lower == "but":
            return True
    return False


# Verbs that deny the verb of their infinitive: "The court declined to award punitive
# damages" says it did not award them. Past tense only: a contract's "If the Tenant
# fails to pay rent" is a condition, not a statement that rent goes unpaid.
_IMPLICIT_NEGATIVES = frozenset("declined refused failed neglected omitted".split())
# Nouns whose denial with an infinitive denies the infinitive's verb: "shall have no
# right to sublicense" is "may not sublicense". Not "obligation" or "duty": "no
# obligation to renew" leaves renewing open.
_LEAVE_NOUNS = frozenset("right authority power permission".split())


# Verbs that deny the thing they take: "The court lacks jurisdiction" says it has none.
# Not the noun ("for lack of jurisdiction"), which states a reason.
_LACKING = frozenset("lack lacks lacked".split())


def _cue(text: str, toks: list[Tok], i: int) -> str | None:
    """The negation cue at ``i``: a cue word, a denying verb right before "to", a verb
    of lacking before what is lacked, or "Nothing" as a clause's subject."""
    tok = toks[i]
    if tok.cue is not None:
        return tok.cue
    if tok.lower == "nothing" and _opens_clause(text, toks, i):
        return "nothing"
    if (
        tok.lower in _LACKING
        and i + 1 < len(toks)
        and toks[i + 1].lower != "of"
        and not _subordinate(text, toks, i)
    ):
        return tok.lower
    if (
        tok.lower in _IMPLICIT_NEGATIVES
        and i + 1 < len(toks)
        and toks[i + 1].lower == "to"
        and text[tok.end : toks[i + 1].start] == " "
        and not _subordinate(text, toks, i)
    ):
        return tok.lower
    return None


# Words that open a clause stating no fact: "the ways in which the batch failed to meet
# Specifications", "if Supplier has failed to meet" (CUAD) describe a case, not an event.
_SUBORDINATORS = frozenset("if unless when whenever where which that whether event who".split())


def _subordinate(text: str, toks: list[Tok], i: int) -> bool:
    """A subordinating word earlier in the clause of the word at ``i``."""
    for j in range(i - 1, max(-1, i - 12), -1):
        if toks[j].lower in _SUBORDINATORS:
            return True
        if _gap_has_punct(text, toks[j].end, toks[j + 1].start):
            return False
    return False


def _joined_head(text: str, toks: list[Tok], head: int) -> int | None:
    """The word joined by "or" or "nor" to a noun "no" denies, which the denial covers
    too: "makes no representation or warranty" denies a warranty. (Verbs are left
    alone: "will not modify or terminate any coverage" says nothing of terminating the
    agreement, and their statements are told apart by less than a noun's.)"""
    if head + 2 >= len(toks) or toks[head + 1].lower not in ("or", "nor"):
        return None
    joined = toks[head + 2]
    if not joined.content or joined.cue is not None:
        return None
    if _gap_has_punct(text, toks[head].end, joined.start):
        return None
    return head + 2


def _opens_clause(text: str, toks: list[Tok], i: int) -> bool:
    """Whether the word at ``i`` begins its clause (the text's start or punctuation
    before it): there "Nothing" is the subject ("Nothing in this Agreement grants"),
    not an object ("there is nothing to indicate"). A clause "that" opens counts:
    "It is agreed that nothing in this Agreement shall prevent"."""
    return (
        i == 0
        or _gap_has_punct(text, toks[i - 1].end, toks[i].start)
        or toks[i - 1].lower == "that"
    )


# What "Nothing" may carry before its verb: "Nothing in this Agreement", "Nothing
# contained herein", "Nothing in Section 5 of this Agreement" (numbers are no tokens).
_NOTHING_TAIL = frozenset(
    """in of this the agreement contract lease license section article herein hereunder
    hereof contained set forth stated""".split()
)
# A frame between the auxiliary and the verb it denies: "Nothing herein shall be
# construed as granting any license" denies "granting".
_FRAME = frozenset("be been construed deemed interpreted as to".split())
_NOTHING_REACH = 10


def _after_nothing(text: str, toks: list[Tok], i: int) -> int | None:
    """The verb a subject "Nothing" at ``i`` denies: past what it carries, the first
    other word, or after an auxiliary and a frame the word it leads to."""
    j = i + 1
    while j < min(len(toks), i + _NOTHING_REACH) and toks[j].lower in _NOTHING_TAIL:
        j += 1
    if j >= len(toks) or _gap_has_punct(text, toks[j - 1].end, toks[j].start):
        return None
    if toks[j].lower not in AUX:
        return j if toks[j].content and toks[j].surface.islower() else None
    j += 1
    while j < len(toks) and toks[j].lower in _FRAME:
        j += 1
    if j >= len(toks) or not toks[j].content or _gap_has_punct(text, toks[i].end, toks[j].start):
        return None
    return j


def _denied_infinitive(text: str, toks: list[Tok], head: int) -> int | None:
    """The verb after "no right to" (index), which the denial of "right" denies too."""
    if toks[head].lower not in _LEAVE_NOUNS or head + 2 >= len(toks):
        return None
    if toks[head + 1].lower != "to" or not toks[head + 2].content:
        return None
    if _gap_has_punct(text, toks[head].end, toks[head + 2].start):
        return None
    return head + 2


def scan_negations(text: str, toks: list[Tok]) -> list[Negation]:
    out: list[Negation] = []
    for i, tok in enumerate(toks):
        cue = _cue(text, toks, i)
        if cue is None:
            continue
        idiom = _idiom(text, toks, i, cue)
        if idiom == "skip":
            continue
        inverted = _no_event(toks, i)
        if inverted:
            head = _inverted(text, toks, i)
        elif cue == "nothing":
            head = _after_nothing(text, toks, i)
        else:
            head = _governed(text, toks, i, cue)
        if head is None:
            continue
        start = tok.start
        if i > 0 and toks[i - 1].lower in AUX and text[toks[i - 1].end : tok.start] == " ":
            start = toks[i - 1].start
        soft = idiom == "soft"
        joined = _joined_head(text, toks, head) if cue == "no" else None
        for word in (head, _denied_infinitive(text, toks, head), joined):
            if word is None:
                continue
            end = toks[word].end
            fact = Fact("negation", text[start:end], "not:" + toks[word].lower, start, end)
            scope = (word, *_clause_after(text, toks, word))
            out.append(Negation(fact, stem(toks[word].lower), cue, scope, soft, inverted))
    return out


def denied_words(text: str, toks: list[Tok]) -> frozenset[int]:
    """Indices of the words some plain (not soft) negation of ``text`` denies."""
    return frozenset(j for n in scan_negations(text, toks) if not n.soft for j in n.scope)


# "In no event shall", "Under no circumstances will": the whole clause after is denied.
_NO_EVENT = frozenset(("event", "circumstances", "case", "circumstance"))
_INVERSION_REACH = 8


def _no_event(toks: list[Tok], i: int) -> bool:
    return (
        toks[i].lower == "no"
        and 0 < i < len(toks) - 1
        and toks[i - 1].lower in ("in", "under")
        and toks[i + 1].lower in _NO_EVENT
    )


def _inverted(text: str, toks: list[Tok], i: int) -> int | None:
    """The word an inverted denial governs: after "be" ("In no event shall the Supplier
    be liable": "liable"), else the verb after the subject ("In no event will Licensee
    disclose": "disclose")."""
    aux = next((j for j in range(i + 2, min(len(toks), i + 4)) if toks[j].lower in AUX), None)
    if aux is None:
        return None
    subject = None
    for j in range(aux + 1, min(len(toks), aux + _INVERSION_REACH)):
        w = toks[j].lower
        if w in STOPWORDS or not toks[j].content:
            # before the subject: its article; after it, only the verb's "be" or "have"
            if subject is not None and w not in ("be", "have", "been"):
                return None
            continue
        if subject is None or owner(text, toks[subject]):
            subject = j  # "either Party's liability": the owned word is the subject
            continue
        return j
    return None


def _governed(text: str, toks: list[Tok], i: int, cue: str) -> int | None:
    """Index of the content word a cue at ``i`` governs, skipping auxiliaries etc."""
    wide = cue in ("none", "neither", "prohibited", "forbidden") or cue in _IMPLICIT_NEGATIVES
    skip = NEG_SKIP_WIDE if wide else NEG_SKIP
    skipped = 0
    for j in range(i + 1, min(len(toks), i + 7)):
        if _gap_ends_reach(text, toks[j - 1].end, toks[j].start):
            return None
        w = toks[j].lower
        if toks[j].cue is not None:
            return None
        if w in skip or (w.endswith("ly") and len(w) > 4):
            skipped += 1
            if skipped > 4:
                return None
            continue
        if w in STOPWORDS or len(w) < 2:
            return None
        return _owned(text, toks, j)
    return None


def _owned(text: str, toks: list[Tok], j: int) -> int:
    """The word a possessive at ``j`` owns, where it is a content word right after it:
    "without the landlord's consent" denies consent, not the landlord; else ``j``."""
    if not toks[j].lower.endswith(_POSSESSIVE) or j + 1 >= len(toks):
        return j
    after = toks[j + 1]
    if text[toks[j].end : after.start] != " " or not after.content or after.cue is not None:
        return j
    return j + 1


_POSSESSIVE = ("'s", "’s", "s'", "s’")


def _clause_after(text: str, toks: list[Tok], i: int, limit: int = 6) -> list[int]:
    """Content words after ``i`` up to the clause's end: a negation or an "unless" still
    covers them ("not liable for damages"), so they must not count as stated positively.
    Only ever used to *suppress* reports, so erring wide is safe."""
    out: list[int] = []
    for j in range(i + 1, min(len(toks), i + 1 + limit)):
        if _gap_ends_reach(text, toks[j - 1].end, toks[j].start):
            break
        w = toks[j].lower
        if w in CLAUSE_BREAK or toks[j].cue is not None:
            break
        if w not in STOPWORDS and len(w) > 1:
            out.append(j)
    return out


def unless_scopes(text: str, toks: list[Tok]) -> set[int]:
    """Words in an "unless" clause: "unless X is repealed" means "if X is not repealed"."""
    out: set[int] = set()
    for i, t in enumerate(toks):
        if t.lower == "unless":
            out.update(_clause_after(text, toks, i, limit=10))
    return out


def asserter(text: str, toks: list[Tok], i: int) -> tuple[str, int] | None:
    """What makes word ``i`` a positive statement: "must sublet" (aux) or "with consent"."""
    skipped = 0
    for j in range(i - 1, max(-1, i - 4), -1):
        if _gap_has_punct(text, toks[j].end, toks[j + 1].start):
            return None
        w = toks[j].lower
        if w in AUX:
            # a passive's modal: "must be marked" is a duty as "must mark" is
            modal = j > 0 and w in ("be", "been") and toks[j - 1].lower in MODALS
            if modal and not _gap_has_punct(text, toks[j - 1].end, toks[j].start):
                return "aux", j - 1
            return "aux", j
        if w == "with":
            return "with", j
        if w in ("a", "an", "the") or w in ADVERBS or (w.endswith("ly") and len(w) > 4):
            skipped += 1
            if skipped > 2:
                return None
            continue
        return None
    return None
