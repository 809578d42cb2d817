"""Opposite words: the claim says one of a pair where the evidence says the other.

"The Court of Appeals reversed the judgment" against "The Court of Appeals affirmed
the judgment" shares every word but the one that matters, and has no negation to
flip: the outcome of a case, a motion, a vote or a clause ("granted" / "denied",
"exclusive" / "non-exclusive") is said with a word of its own. Such a pair is a
conflict only when both words make one statement: the same subject right before
them (auxiliaries passed over: "the motion was denied") and the same first content
word after them, or, where either is passive, the same thing done to ("The Court
affirmed the judgment" / "The judgments of the Supreme Court of Arizona were
reversed"); and the passage must not also say the claim's word of it ("denied the
motion to dismiss but granted the motion for summary judgment" backs neither).

The two sides of a contract are such a pair too ("The Tenant shall pay" / "The Landlord
shall pay"), said in either voice: "All shipping costs shall be borne by Seller" and
"All improvements shall be the sole property of Licensor" make the statements "Seller
pays the shipping costs" and "Licensor owns the improvements" would, and clash with
another party's act only over the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import BE_FORMS, CLAUSE_BREAK, FREQUENCY_ADVERBS, OPPOSED_PARTIES, STOPWORDS
from ..lexicon.abbreviations import NEVER_ENDS
from .model import Fact, FactConflict
from .negation import denied_words
from .roles import PASSED_OVER, layout, passed_adverb, word_after, words_after
from .text import CLAUSE_END, OWNER, Tok, content_stems, owner, stem

# Stems (Snowball, as ``stem`` gives them) of words whose pair says the other outcome.
_PAIRS = (
    ("affirm", "revers vacat overturn remand"),
    ("uphold upheld", "revers vacat overturn"),
    ("grant", "deni"),
    ("admit", "deni"),
    ("accept adopt", "reject"),
    ("approv", "reject veto"),
    ("acquit", "convict"),
    ("sustain", "overrul"),
    ("win won", "lose lost"),
    ("pass", "fail"),
    ("increas", "decreas"),
    ("rise rose", "fall fell"),
    ("allow permit", "prohibit forbid forbidden forbad"),
    ("maximum", "minimum"),
    ("guilti", "innoc"),
    # comparisons: "whichever is higher" / "whichever is lower"
    ("higher highest", "lower lowest"),
    ("greater larger", "lesser smaller"),
    ("longer", "shorter"),
    # the order of two events: "inspect the goods before payment" / "after payment"
    ("befor", "after"),
    # when a rule applies: "applies retroactively" / "applies only prospectively"
    ("retroact", "prospect"),
    # what a contract or a clause is: "The contract is void" / "is valid and enforceable"
    ("void null", "valid"),
    # how long a grant lasts: "a perpetual license" / "a temporary license" (and so the
    # first word of "perpetual and irrevocable", read as a chain)
    ("perpetu", "temporari"),
    # whether a payment is owed: "a guaranteed bonus" / "a discretionary bonus"
    ("guarante", "discretionari"),
    # an appeal's or a claim's fate: "The appeal was dismissed" / "allowed", "upheld"
    ("dismiss", "allow uphold upheld"),
    ("older", "younger"),
    # a price against a reference: "sold at a premium" / "at a discount"
    ("premium", "discount"),
    # general antonyms that encyclopaedic answers swap ("the largest lake" / "the
    # smallest", "a commercial success" / "failure"). Not the points of the compass nor
    # "positive" / "negative": answers about migration and optics use both in one breath
    # ("migrate from the southern to the northern hemisphere", "a negative diopter, while
    # ... a positive diopter"), and on LFQA they made 7 conflicts, 3 of them right.
    ("largest biggest", "smallest"),
    ("tallest", "shortest"),
    ("success", "failur unsuccess"),
    ("grew grow", "shrank shrink"),
    ("repeal", "enact"),
    ("cancel", "renew"),
    ("support", "oppos"),
)


# The event a period runs from or a risk passes on: "from delivery" is not "from
# installation", "on shipment" not "on delivery" (only after a preposition: see
# ``_event_slot``), as stems.
_EVENT_KINDS = "shipment deliveri instal"
_EVENTS = frozenset(_EVENT_KINDS.split())

# Kinds of one thing, each excluding the others ("compensatory damages" are not
# "punitive damages"; a "civil" case is not a "criminal" one; a "fixed" rate is not a
# "variable" one), as stems.
_KINDS = (
    "compensatori punit nomin statutori",
    "civil crimin",
    "misdemeanor feloni",
    # "written" and "writing" (stem "write") are one kind: each is only the other of oral
    "oral written",
    "oral write",
    "express impli",
    "plaintiff defend",
    "fix variabl",
    "primari secondari",
    "temporari perman",
    "partial full",
    "void voidabl",
    "mandatori option",
    "exclus concurr",
    "dollar euro yen",
    "net gross",
    # when a fee falls due against the period it pays for: "payable in advance" / "in arrears"
    "advanc arrear",
    # who decides the facts: "a bench trial" / "a jury trial". Not "arbitration" /
    # "litigation": contracts name both in clauses on fees ("the prevailing party in
    # such arbitration" / "in the event that litigation is instituted"), 2 false
    # conflicts between true CUAD sentences
    "bench juri",
    # how interest grows: "simple interest" / "interest compounded monthly"
    "simpl compound",
    # how a fee is set: "an hourly fee" / "a fixed fee", "a flat fee" (fixed and flat
    # are one kind: each is only the other of hourly)
    "hour fix",
    "hour flat",
    # how long an order binds: "a preliminary injunction" / "a permanent injunction"
    "preliminari perman",
    "son daughter",
    "male femal",
    "husband wife",
    _EVENT_KINDS,
)
# What may stand before an event said as a point in time ("on delivery", "from the date
# of installation"); "delivery of Products" and "Shipments of Products" are two acts,
# both done, not one point told two ways.
_EVENT_PREPOSITIONS = frozenset("on upon from at after before until following of since".split())


def _event_slot(toks: Sequence[Tok], i: int) -> bool:
    """Whether the event word at ``i`` follows a preposition (past a determiner)."""
    for j in range(i - 1, max(-1, i - 3), -1):
        if toks[j].lower in ("the", "its", "such"):
            continue
        return toks[j].lower in _EVENT_PREPOSITIONS
    return False


def _party_opposites() -> dict[str, frozenset[str]]:
    """Each side of a contract (and its plural) to the other side's forms."""
    out: dict[str, set[str]] = {}
    for pair in OPPOSED_PARTIES:
        a, b = pair.split()
        for x, y in ((a, b), (b, a)):
            for form in (x, x + "s"):
                out.setdefault(form, set()).update((y, y + "s"))
    return {k: frozenset(v) for k, v in out.items()}


PARTY_OPPOSITES = _party_opposites()
PARTY_STEMS = frozenset(map(stem, PARTY_OPPOSITES))
# "payable monthly" is not "payable annually".
FREQUENCY_OPPOSITES = {w: FREQUENCY_ADVERBS - {w} for w in FREQUENCY_ADVERBS}
# What outlives an agreement and what ends with it, as verb forms only: "The
# confidentiality obligations survive termination" / "terminate upon termination of this
# Agreement"; the noun ("survive termination") is what both say of, not a rival. Active
# forms only: "may be terminated" and "if ... is terminated" state a case, not an end.
# "end" as a noun ("at the end of the Term") has no subject before it, so no statement;
# "ends" is the closing of a period against its beginning (``BOUND_OPPOSITES``).
_SURVIVING = frozenset("survive survives survived".split())
_ENDING = frozenset("terminate terminates expire expires cease ceases end".split())
LASTING_OPPOSITES = {
    **dict.fromkeys(_SURVIVING, _ENDING),
    **dict.fromkeys(_ENDING, _SURVIVING),
}
# Which end of a period a date marks: "The lease begins on January 1" / "ends on January
# 1". Finite verbs only: "at the end of each Calendar Quarter", "commencing on October
# 1" and "the beginning of" name a point, not what a period does there.
_BEGINNING = frozenset("begins began commences commenced".split())
_CLOSING = frozenset("ends ended".split())
BOUND_OPPOSITES = {**dict.fromkeys(_BEGINNING, _CLOSING), **dict.fromkeys(_CLOSING, _BEGINNING)}
# The two ends of a period that name a day of it: "Rent is due on the first day of each
# month" / "on the last day of each month". Only in that slot (see ``_day_end``): "the
# first to file", "the last known address" and "First, ..." name no day.
END_OPPOSITES = {"first": frozenset(("last",)), "last": frozenset(("first",))}
_DAY_END = lazy_pattern(
    r"\s+(?:(?:business|calendar|working)\s+)?day\s+of\s+(?:the|each|every|such)\s+"
    r"(?:(?:calendar|fiscal)\s+)?(?P<period>[^\W\d_]+)"
)
# Every pair matched by its lower-case word rather than its stem.
_WORD_OPPOSITES: dict[str, frozenset[str]] = {
    **PARTY_OPPOSITES,
    **FREQUENCY_OPPOSITES,
    **LASTING_OPPOSITES,
    **BOUND_OPPOSITES,
    **END_OPPOSITES,
}


def _opposites() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for left, right in _PAIRS:
        for a in left.split():
            out.setdefault(a, set()).update(right.split())
        for b in right.split():
            out.setdefault(b, set()).update(left.split())
    for group in _KINDS:
        words = group.split()
        for a in words:
            out.setdefault(a, set()).update(w for w in words if w != a)
    return {k: frozenset(v) for k, v in out.items()}


OPPOSITES = _opposites()
# Adjectives whose un-, in-, ir-, il- or im- form is their opposite ("lawful" /
# "unlawful"); "non-" makes any word its opposite ("exclusive" / "non-exclusive").
_NEGATABLE = frozenset(
    """lawful enforceable constitutional valid legal revocable conditional limited
    restricted qualified secured paid regulated reasonable authorized authorised licensed
    insured certified transferable assignable refundable binding exclusive cancellable
    cancelable terminable voluntary direct timely material admissible accurate complete
    sufficient effective relevant applicable solvent competent""".split()
)
_PREFIXES = ("un", "in", "ir", "il", "im")
_REACH = 4  # words looked back over for the subject


# Endings of the words "non" makes an opposite of: what a thing is ("non-voting
# shares", "non-exclusive", "non-public"), not a thing, which "non" names another kind
# of ("non-television media", "nonperformance" of an obligation beside its performance).
_QUALITY_ENDINGS = tuple("ing ive able ible al ed ic ous ary ory ent ant".split())


def _negated(word: str, other: str) -> bool:
    """Whether ``other`` is ``word`` with a prefix that makes it the opposite."""
    if other in ("non-" + word, "non" + word):
        return word.endswith(_QUALITY_ENDINGS) or word in _NEGATABLE
    return word in _NEGATABLE and any(other == p + word for p in _PREFIXES)


def _worded(t: Tok) -> bool:
    """A content word, a negation cue that is one of a pair ("prohibited"), or "before"
    and "after"."""
    return t.content or t.lower in _ORDER or (t.cue is not None and stem(t.lower) in OPPOSITES)


# Words of order between events; dates and periods are the fact check's ("before March
# 1" / "after March 1" are turned dates), so these are read only before a common word.
# Not "above" / "below": in contracts they mostly place things on a page or a logo, in
# conditions ("if used below the logo"), and read as conflicts between true sentences.
_ORDER = frozenset(("before", "after"))


def _of_events(toks: Sequence[Tok], i: int) -> bool:
    """Whether "before" or "after" at ``i`` orders an event ("before payment", "after the
    closing"), not a date, a number or a name."""
    for t in toks[i + 1 : i + 3]:
        if t.lower in ("the", "a", "an", "its", "their", "such"):
            continue
        return t.content and t.surface[:1].islower()
    return False


def _base(word: str) -> str:
    """A word without its owner's mark: "buyer's" is "buyer"."""
    return word[:-2] if word.endswith(("'s", "’s")) else word


def _opposed(a: Tok, b: Tok) -> bool:
    if _negated(a.lower, b.lower) or _negated(b.lower, a.lower):
        return True
    if _base(b.lower) in _WORD_OPPOSITES.get(_base(a.lower), ()):
        return True
    return stem(b.lower) in OPPOSITES.get(stem(a.lower), ())


@lru_cache(maxsize=65536)
def _could_oppose(w: str) -> bool:
    """Whether a word (lower-cased) could have an opposite: a pair word, a prefixable
    one, one with a prefix ("unenforceable") or "non". Memoised: asked of every word of
    every claim, and a text's words are mostly ones asked before."""
    return (
        stem(w) in OPPOSITES
        or _base(w) in _WORD_OPPOSITES
        or w in _NEGATABLE
        or w.startswith("non")
        or (w[:2] in _PREFIXES and w[2:] in _NEGATABLE)
    )


# Adverbs that narrow a word without naming what it is said of: "may inspect the goods
# only after payment" says "after" of the goods as "before payment" does.
_RESTRICTIVE = frozenset(("only", "solely", "exclusively"))


def _subject(toks: Sequence[Tok], i: int, text: str | None = None) -> str | None:
    """The content word before token ``i``, past auxiliaries and a few adverbs, as a
    stem; ``None`` when a negation, another stopword or the text's start comes first,
    or (given the ``text``) the clause's punctuation: "Under the lease, Tenant shall"
    says nothing of a "lease" doing it."""
    for j in range(i - 1, max(-1, i - 1 - _REACH), -1):
        t = toks[j]
        if text is not None and _boundary(text, t, toks[j + 1]):
            return None
        if t.cue is not None:
            return None
        if t.lower in PASSED_OVER or t.lower in _RESTRICTIVE or (j == i - 1 and t.lower == "as"):
            continue  # "upheld the statute as constitutional": said of the statute
        if t.lower == "we":
            return _COURT  # an opinion's "we affirm" is the court's
        if t.lower in STOPWORDS:
            return None
        head = _head_before_of(toks, j)
        return stem((head or t).lower)
    return None


def _head_before_of(toks: Sequence[Tok], j: int) -> Tok | None:
    """The head of "X of (the) Y" ending at token ``j``: "Court" in "the Court of
    Appeals", "Board" in "the Board of Directors", "value" in "the value of the shares"."""
    k = j - 1
    if k >= 0 and toks[k].lower == "the":
        k -= 1
    if k < 1 or toks[k].lower != "of":
        return None
    head = toks[k - 1]
    return head if head.content and head.lower not in STOPWORDS else None


_COURT = stem("court")
_PARTY = stem("party")


class _Statement(NamedTuple):
    """Who does it, the first content word after it, and what it is done to: the object
    of an active verb, the clause's head of a passive one ("The judgments of the Supreme
    Court of Arizona were reversed": "judgment")."""

    subject: str | None
    complement: str | None
    patient: str | None
    passive: bool
    # after a list of modifiers ("a non-exclusive, worldwide, royalty-free license"): the
    # words the list runs on to, any of which may be what the word is said of
    listed: frozenset[str] = frozenset()
    # for a party ("The Tenant must repair the roof"): the second content word after it,
    # what its verb is done to, and whether a negation follows it ("may not keep")
    then: str | None = None
    negative: bool = False
    # "duty" (must, shall), "leave" (may, can), "owner" (the party's own thing) or ""
    modal: str = ""
    # a second verb of one subject ("granted the motion for summary judgment and denied
    # the motion to dismiss"): no subject stands before it, but it has the first verb's
    elided: bool = False
    # a party's act read with more guessing (said in the passive, "costs shall be borne
    # by Seller", or a cost "borne" read as paid): it clashes with another party's only
    # over the same thing (``then``)
    strict: bool = False
    # the word after the complement when the two make one noun ("a fixed interest rate"):
    # either side's complement may be the other's compound's last word ("a variable rate")
    compound: str | None = None
    # a list of modifiers after "a" or "an" ("grants a non-exclusive, worldwide license"):
    # what is granted, as "The license is exclusive" says of its subject; not "to be
    # valid, enforceable provisions", a hope of a severability clause
    articled: bool = False
    # for a party: the content words after its verb, to its sentence's end (what it is
    # done to: "all real property taxes")
    things: frozenset[str] = frozenset()
    # the word ends its sentence with nothing done to ("..., and the Court of Appeals
    # affirmed."): an outcome said of whatever was before the court
    closed: bool = False


def _statement(text: str, toks: Sequence[Tok], i: int) -> _Statement | None:
    """What the word at ``i`` is said of; ``None`` where it states no outcome of its
    own: a defined term in quotes ('the "Non-binding Forecast"'), a party that is no
    subject ("provided to Licensee")."""
    if _quoted(text, toks[i].start):
        return None
    if _base(toks[i].lower) in PARTY_OPPOSITES and owner(text, toks[i]):
        return _owner_statement(text, toks[i])
    if toks[i].lower in PARTY_OPPOSITES:
        said = _passive_party_statement(text, toks, i) or _property_statement(text, toks, i)
        if said is None and _leads(text, toks, i):
            return _party_statement(text, toks, i)
        return said
    if toks[i].lower in FREQUENCY_OPPOSITES:
        # how often is said of the verb before it ("payable monthly" / "payable annually
        # in advance"), whatever follows
        return _Statement(_subject(toks, i), None, None, False)
    if toks[i].lower in END_OPPOSITES:
        return _day_end(text, toks, i)
    if toks[i].lower in LASTING_OPPOSITES:
        # what survives or ends is its subject; what follows is what it survives ("survive
        # this Agreement") or when it ends, not a thing done to. A capitalised one is part
        # of a name ("Customers' End User License Agreements")
        if toks[i].surface != toks[i].lower:
            return None
        return _Statement(_subject(toks, i), None, None, False)
    if toks[i].lower == "writing" and i > 0 and toks[i - 1].lower == "in":
        # "amended only in writing": how the verb before it is done, as "orally" says
        return _Statement(_governor(text, toks, i), None, None, False)
    start = _chain_start(text, toks, i)
    if start != i and (_before_its_noun(text, toks, i) or _after_copula(toks, start)):
        # a later word of a chain of modifiers before their noun ("a non-exclusive,
        # irrevocable license") or after "is" ("is non-exclusive and non-transferable"):
        # said of what the chain's first word is said of, with what follows the chain
        first = _statement(text, toks, start)
        return None if first is None else first._replace(complement=_complement(text, toks[i].end))
    # "approved the amended complaint" is said of the complaint, not of "amended"
    participle = _participle_noun(text, toks, i)
    complement = participle or _complement(text, toks[i].end)
    if complement == _PARTY and i + 1 < len(toks) and stem(toks[i + 1].lower) == _PARTY:
        # "the non-breaching Party may terminate": a party named by its role, whose
        # statement is what the party does
        return _party_statement(text, toks, i + 1)._replace(subject=_subject(toks, i))
    if complement is None and text.startswith(",", toks[i].end):
        listed = _list_words(text, toks, i)
        articled = i > 0 and toks[i - 1].lower in ("a", "an")
        return _Statement(_subject(toks, i), None, None, False, listed, articled=articled)
    passive = i > 0 and toks[i - 1].lower in BE_FORMS
    subject = _subject(toks, i)
    if passive:
        patient = _clause_head(text, toks, i)
    elif subject is None and complement is None:
        # a word that ends its clause after a preposition ("charged with a felony"):
        # what it is said of is the word that governs it
        patient = _governor(text, toks, i)
    else:
        # the thing done to, as a passive clause's head names it ("the motion")
        patient = participle or word_after(text, toks[i].end, breaks=True)
    elided = subject is None and i > 0 and toks[i - 1].lower in _VERB_JOINS
    compound = _compound_after(text, toks, i) if complement is not None else None
    closed = complement is None and _ENDS_HERE.match(text, toks[i].end) is not None
    return _Statement(
        subject, complement, patient, passive, elided=elided, compound=compound, closed=closed
    )


_ENDS_HERE = lazy_pattern(r"[ \t]*(?:[.;!?]|$)")


def _participle_noun(text: str, toks: Sequence[Tok], i: int) -> str | None:
    """The noun after a participle that opens the object of the verb at ``i``, as a stem:
    "rejected the proposed settlement" is done to the settlement, as "The settlement was
    approved" says; ``None`` where no such participle follows."""
    j = i + 1
    if j < len(toks) and toks[j].lower in ("the", "a", "an", "its", "their"):
        j += 1
    if j + 1 >= len(toks) or not toks[j].lower.endswith("ed") or not toks[j].content:
        return None
    noun = toks[j + 1]
    if text[toks[j].end : noun.start] != " " or not noun.content or noun.lower in STOPWORDS:
        return None
    return stem(noun.lower)


def _compound_after(text: str, toks: Sequence[Tok], i: int) -> str | None:
    """The second of two content words right after token ``i``, written as one noun
    ("fixed interest rate": "rate"), as a stem; ``None`` otherwise."""
    if i + 2 >= len(toks):
        return None
    first, second = toks[i + 1], toks[i + 2]
    if text[toks[i].end : first.start] != " " or text[first.end : second.start] != " ":
        return None
    if not (first.content and second.content) or second.lower in STOPWORDS:
        return None
    return stem(second.lower)


def _day_end(text: str, toks: Sequence[Tok], i: int) -> _Statement | None:
    """The day "first" or "last" at ``i`` names: said of the clause's head (what falls
    due there) and the period it ends; ``None`` outside the slot, or with no head to tell
    "Rent is due on the first day" from "Reports are due on the last day" by."""
    slot = _DAY_END.match(text, toks[i].end)
    if slot is None:
        return None
    head = _clause_head(text, toks, i)
    if head is None:
        return None
    return _Statement(head, stem(slot["period"].lower()), None, False)


_CHAIN_REACH = 4  # modifiers looked back over for the chain's first


def _chain_start(text: str, toks: Sequence[Tok], i: int) -> int:
    """The first word of the chain of modifiers that token ``i`` ends or continues: words
    joined by commas, "and" or "or" ("non-exclusive, non-transferable and royalty-free");
    ``i`` itself when nothing joins it to a word before."""
    first = i
    for _ in range(_CHAIN_REACH):
        before = _chained_before(text, toks, first)
        if before is None:
            break
        first = before
    return first


def _before_its_noun(text: str, toks: Sequence[Tok], i: int) -> bool:
    """Whether token ``i`` stands in a list of modifiers right before a content word, as
    a modifier before its noun does ("non-exclusive, irrevocable license"). A chain after
    another verb than "is" ("held to be invalid or unenforceable", "shall remain valid
    and enforceable": the severability clause of nearly every contract) is a case or a
    hope, and read as its words alone."""
    j = i
    for _ in range(_CHAIN_REACH + 1):
        if j + 1 >= len(toks):
            return False
        gap, nxt = text[toks[j].end : toks[j + 1].start], toks[j + 1]
        if gap == " " and nxt.lower in ("and", "or") and j + 2 < len(toks):
            j += 2  # "non-exclusive and royalty-free license"
            continue
        if gap not in (" ", ", ") or not nxt.content or nxt.lower in STOPWORDS:
            return False
        if gap == " ":
            return True
        j += 1  # the next modifier of the list
    return False


# What states a chain of modifiers of its subject: "The license is non-exclusive and
# non-transferable". Not "be": "is held to be invalid or unenforceable", the severability
# clause of nearly every contract, supposes a case.
_COPULAS = frozenset("is are was were".split())


def _after_copula(toks: Sequence[Tok], start: int) -> bool:
    """Whether the chain starting at token ``start`` follows "is", "are", "was", "were"."""
    return start > 0 and toks[start - 1].lower in _COPULAS


def _chained_before(text: str, toks: Sequence[Tok], j: int) -> int | None:
    """The modifier right before token ``j`` in one chain with it, if any."""
    if j < 1:
        return None
    gap = text[toks[j - 1].end : toks[j].start]
    k = j - 1
    if gap == " " and toks[k].lower in ("and", "or") and k >= 1:
        gap, k = text[toks[k - 1].end : toks[k].start], k - 1
        if gap not in (" ", ", "):
            return None
    elif gap != ", ":
        return None
    t = toks[k]
    return k if t.content and t.lower not in STOPWORDS and _could_oppose(t.lower) else None


# What joins a second verb to the first one's subject: "granted ... and denied".
_VERB_JOINS = frozenset(("and", "but", "then"))


def _complement(text: str, at: int) -> str | None:
    """The first content word after ``at`` in its clause, past a verb of bearing and a
    motion's own word: "denied the defendant's motion for summary judgment" is said of
    summary judgment, as "granted summary judgment" is."""
    first = word_after(text, at, breaks=True)
    if first not in _BEARING and _MOTION.match(text, at) is None:
        return first
    rest = words_after(text, at, 2, breaks=True)
    return rest[1] if len(rest) > 1 else None


# "the motion for", "Defendant's motion to", "a petition for": what is asked follows.
_MOTION = lazy_pattern(
    r"\s+(?:(?:the|a|an|its|his|her|their)\s+)?(?:[^\W\d_]+['’]s?\s+)?"
    r"(?:motion|request|application|petition)s?\s+(?:for|to)\s",
    re.IGNORECASE,
)


def _quoted(text: str, at: int) -> bool:
    """Whether ``at`` lies inside double quotes opened earlier in its line."""
    line = text[text.rfind("\n", 0, at) + 1 : at]
    return line.count('"') % 2 == 1 or line.rfind("“") > line.rfind("”")


# What may stand before a party that is its clause's subject: "The Licensee shall",
# "Each Licensee", "such Tenant"; a preposition ("to Licensee", "by Licensor") makes it
# the object of another's act.
_LEADS = frozenset("the a an each such said any either every".split())


def _leads(text: str, toks: Sequence[Tok], i: int) -> bool:
    return i == 0 or toks[i - 1].lower in _LEADS or _boundary(text, toks[i - 1], toks[i])


def _owner_statement(text: str, t: Tok) -> _Statement:
    """Whose a thing is ("requires the Buyer's consent"): said of the thing owned, and
    told apart from what a party does by its ``modal``."""
    mark = OWNER.match(text, t.end)
    owned = word_after(text, mark.end() if mark is not None else t.end, breaks=True)
    return _Statement(None, owned, owned, False, modal="owner")


def _party_statement(text: str, toks: Sequence[Tok], i: int) -> _Statement:
    """What a party is said to do: its verb and that verb's object, and the polarity.

    The verb is read past an aside that sets the other party aside ("The Tenant, not
    the Landlord, shall repair"), and only within the party's clause ("The Tenant pays
    rent, and the Landlord may not" puts no negation on the tenant)."""
    aside = _ASIDE.match(text, toks[i].end)
    at = aside.end() if aside is not None else toks[i].end
    after = words_after(text, at, 2, breaks=True, adverbs=False)
    first = next((j for j in range(i + 1, len(toks)) if toks[j].start >= at), len(toks))
    near: list[Tok] = []
    for j in range(first, min(len(toks), first + _REACH)):
        if j > first and _boundary(text, toks[j - 1], toks[j]):
            break
        near.append(toks[j])
    negative = any(t.cue is not None for t in near)
    modal = next((_MODALS[t.lower] for t in near if t.lower in _MODALS), "")
    borne = False
    if _OWN_VERB.match(text, at):
        after = (_OWN, *after[:1])  # "own" is a stopword ("its own"), not here
    elif after and after[0] in _BEARING:
        later = words_after(text, at, 4, breaks=True)
        borne = after[0] == _BEAR and not _COSTS.isdisjoint(later[1:])
        # "bears all shipping costs" pays them; "bears the burden of proof" is the burden
        after = (_PAY, *after[1:]) if borne else (*after[1:], *later[2:3])
    complement = after[0] if after else None
    then = after[1] if len(after) > 1 else None
    things = _things(text, at, complement)
    return _Statement(
        _subject(toks, i, text),
        complement,
        complement,
        False,
        frozenset(),
        then,
        negative,
        modal,
        strict=borne,
        things=things,
    )


_THINGS_REACH = 200  # characters after a party read for what its verb is done to


def _things(text: str, at: int, verb: str | None) -> frozenset[str]:
    """The content words after a party's verb to its sentence's end: what the act is done
    to, read across lists and asides ("all maintenance and repairs to the heating ...",
    "obtain and maintain, at its own expense, all permits")."""
    stop = CLAUSE_END.search(text, at, at + _THINGS_REACH)
    found = content_stems(text[at : stop.start() if stop else at + _THINGS_REACH])
    return found - {verb} if verb else found


def _things_meet(a: _Statement, b: _Statement) -> bool:
    """Two parties' acts are done to one thing, or either names none: "The landlord pays
    for water" is no rival of "The Tenant shall pay rent", "The tenant pays the property
    taxes" is of "Landlord shall pay all real property taxes"."""
    return not a.things or not b.things or not a.things.isdisjoint(b.things)


# Past participles whose verb Snowball does not give back ("paid" is not "pay"), as the
# stem the active verb has; the bearing verbs map to themselves and are passed over as
# ``_party_statement`` passes them.
_PARTICIPLES = {
    "paid": "pay",
    "borne": "bear",
    "born": "bear",
    "held": "hold",
    "made": "make",
    "kept": "keep",
    "given": "give",
    "sold": "sell",
    "bought": "buy",
    "done": "do",
    "written": "write",
}
_BY_LEADS = frozenset("the a each such said".split())


def _before_leads(toks: Sequence[Tok], i: int) -> int:
    """The token before party ``i`` and its determiners ("by the Seller": "by")."""
    j = i - 1
    while j > 0 and toks[j].lower in _BY_LEADS:
        j -= 1
    return j


def _property_statement(text: str, toks: Sequence[Tok], i: int) -> _Statement | None:
    """Whose a thing is, said as "X shall be the (sole) property of the Client": the
    statement "the Client owns X" would make."""
    j = _before_leads(toks, i)
    if j < 2 or toks[j].lower != "of" or toks[j - 1].lower != "property":
        return None
    be = j - 2
    while be > 0 and toks[be].lower in _PROPERTY_GLUE:
        be -= 1
    if toks[be].lower not in BE_FORMS or _boundary(text, toks[be], toks[i]):
        return None
    head, negative, modal = _passive_head(text, toks, be)
    if not head:
        return None
    return _Statement(None, _OWN, _OWN, False, frozenset(), head[0], negative, modal, strict=True)


# Words between "be" and "property of": "shall be the sole and exclusive property of".
_PROPERTY_GLUE = frozenset("the sole and exclusive absolute".split())


def _passive_party_statement(text: str, toks: Sequence[Tok], i: int) -> _Statement | None:
    """What a party does, said in the passive ("All shipping costs shall be borne by
    Seller", "All improvements shall be owned by Licensor"): the statement its active
    form would make ("Seller shall bear all shipping costs"), so that the two voices
    compare. Only a passive clause with its "be" counts: "costs incurred by Seller" or
    "notice given by Buyer" says what the party did to a thing, not who does the act."""
    j = _before_leads(toks, i)
    if j < 2 or toks[j].lower != "by" or _boundary(text, toks[j], toks[i]):
        return None
    if j > 2 and passed_adverb(toks[j - 1].lower):
        j -= 1  # "shall be owned exclusively by Licensor"
    participle = toks[j - 1].lower
    verb = _participle_verb(participle)
    be = j - 2
    if verb is None or toks[be].lower not in BE_FORMS or _boundary(text, toks[be], toks[j]):
        return None
    head, negative, modal = _passive_head(text, toks, be)
    if not head:
        return None
    if verb == _BEAR and not _COSTS.isdisjoint(head):
        verb = _PAY  # "costs shall be borne by Seller": Seller pays them
    words = head[:2] if verb in _BEARING else [verb, head[0]]
    then = words[1] if len(words) > 1 else None
    return _Statement(
        None, words[0], words[0], False, frozenset(), then, negative, modal, strict=True
    )


# Words of a passive clause's subject that are no content of it: "All shipping costs",
# "The cost of the audit", "such a plan", "All improvements to the Licensed Technology",
# "All rights in the Software".
_HEAD_GLUE = frozenset("the a an all any each such of to in".split())


def _participle_verb(word: str) -> str | None:
    """The active verb's stem of a past participle ("paid": "pay", "owned": "own")."""
    return _PARTICIPLES.get(word) or (stem(word) if word.endswith("ed") else None)


def _agent_at(toks: Sequence[Tok], k: int) -> bool:
    """Whether token ``k`` is the "by" of a participle's agent ("made by Licensee")."""
    return toks[k].lower == "by" and k > 0 and _participle_verb(toks[k - 1].lower) is not None


def _passive_head(text: str, toks: Sequence[Tok], be: int) -> tuple[list[str], bool, str]:
    """The content words (stems) of the subject right before the "be" at ``be`` and its
    auxiliaries ("All shipping costs shall not be"), whether a negation stands there, and
    the modal's mode. The subject ends at any other word: "to be used by Licensee" or
    "the Documentation to be used" has none, being no statement of its own."""
    k = be - 1
    negative = False
    modal = ""
    while k >= 0 and (toks[k].lower in PASSED_OVER or toks[k].cue is not None):
        negative = negative or toks[k].cue is not None
        modal = modal or _MODALS.get(toks[k].lower, "")
        if _boundary(text, toks[k], toks[k + 1]):
            return [], negative, modal
        k -= 1
    head: list[str] = []
    while k >= 0 and (toks[k].content or toks[k].lower in _HEAD_GLUE or _agent_at(toks, k)):
        t = toks[k]
        if _agent_at(toks, k):
            # "All improvements made by Licensee shall be owned": what was read is the
            # maker, and the subject lies before its participle
            head.clear()
            k -= 2
            continue
        if t.content and t.lower not in STOPWORDS and not owner(text, t):
            head.insert(0, stem(t.lower))
        if k and _boundary(text, toks[k - 1], t):
            break
        k -= 1
    return head, negative, modal


# ", not the Landlord," or ", and not the Landlord,": who does not do it, between a party
# and its verb; ", at its sole cost and expense,", ", in its discretion,": how it does it.
_ASIDE = lazy_pattern(
    r"\s*,\s*(?:(?:and\s+)?not|at|in|by|for|upon|on|with|within)\s+[^,;:.()\n]{1,40},"
)


# Verbs that only say whose a thing is ("has", "bears", "carries", "holds" the burden of
# proof), passed over so that what is borne is the statement (stems).
_BEARING = frozenset(("bear", "carri", "hold"))


# What a party pays when it "bears" it ("Buyer shall bear all shipping costs"), as
# stems: bearing a cost is paying it, where bearing a burden of proof is not.
_COSTS = frozenset(map(stem, "cost expense fee charge tax".split()))
_BEAR = stem("bear")
_OWN = stem("own")
# "own" as a party's verb: "Licensor shall own all improvements".
_OWN_VERB = lazy_pattern(
    r"\s+(?:(?:shall|will|must|may|should|would|does|did)\s+(?:not\s+)?)?own\b", re.IGNORECASE
)
_PAY = stem("pay")


# A duty and a leave are two statements: "The tenant must pay rent" says nothing against
# "The landlord may pay rent".
_MODALS = {
    **dict.fromkeys(("must", "shall"), "duty"),
    **dict.fromkeys(("may", "can", "could", "might"), "leave"),
}


def _modes_agree(a: str, b: str) -> bool:
    """Whether two parties' acts are said in one mode: a plain verb states a duty as
    "shall" does ("The landlord pays property taxes" / "The tenant shall pay all property
    taxes"), a discretion ("may pay") is another statement."""
    return a == b or {a, b} == {"", "duty"}


def _one_statement(a: _Statement, b: _Statement) -> bool:
    """The same subject and complement; or, where either side is passive or neither has
    either, the same thing done to ("The Court affirmed the judgment" / "The judgment
    was reversed", "charged with a felony" / "charged with a misdemeanor")."""
    if a.listed or b.listed:
        # "an exclusive license" / "a non-exclusive, worldwide license"; "The license is
        # exclusive" says it of its subject, as a passive does
        if a.subject == b.subject and (a.complement in b.listed or b.complement in a.listed):
            return True
        return (a.passive and b.articled and a.patient in b.listed) or (
            b.passive and a.articled and b.patient in a.listed
        )
    anchored = a.subject is not None or a.complement is not None
    if anchored and (a.subject, a.complement) == (b.subject, b.complement):
        return True
    if a.subject is not None and a.subject == b.subject and (a.closed or b.closed):
        # "the Court of Appeals affirmed." / "The Court of Appeals reversed the trial
        # court": one side names no thing, so it rules on what the other names
        return True
    if a.subject == b.subject and _compound_meets(a, b):
        return True
    if (a.elided or b.elided) and a.complement is not None and a.complement == b.complement:
        return True  # the subject a second verb shares, with the same complement
    loose = a.passive or b.passive or not anchored
    return loose and a.patient is not None and a.patient == b.patient


def _reciprocal(a: _Statement, b: _Statement) -> bool:
    """Whether each side's act is done to a party, and to another one: "Licensee shall
    notify Licensor" and "Licensor will promptly notify Licensee" are two duties, not
    one duty given to either."""
    return a.then != b.then and a.then in PARTY_STEMS and b.then in PARTY_STEMS


def _compound_meets(a: _Statement, b: _Statement) -> bool:
    """One side's complement is the last word of the other's compound: "a fixed interest
    rate" / "a variable rate"."""
    return (a.compound is not None and a.compound == b.complement) or (
        b.compound is not None and b.compound == a.complement
    )


_LIST_REACH = 5  # words a list of modifiers is read over


def _list_words(text: str, toks: Sequence[Tok], i: int) -> frozenset[str]:
    """Content words of the next few tokens, through commas and "and", to the clause's end."""
    out: set[str] = set()
    for j in range(i + 1, min(len(toks), i + 1 + _LIST_REACH)):
        gap = text[toks[j - 1].end : toks[j].start]
        if not _LIST_GAP.isdisjoint(gap):
            break
        t = toks[j]
        if t.content and t.lower not in STOPWORDS:
            out.add(stem(t.lower))
    return frozenset(out)


_LIST_GAP = frozenset(".;:!?()\n")
_GOVERNOR_REACH = 3  # words looked back over for the word that governs a clause's last


def _governor(text: str, toks: Sequence[Tok], i: int) -> str | None:
    """The content word before token ``i`` past stopwords, within its clause."""
    for j in range(i - 1, max(-1, i - 1 - _GOVERNOR_REACH), -1):
        if _boundary(text, toks[j], toks[j + 1]):
            return None
        t = toks[j]
        if t.content and t.lower not in STOPWORDS and t.lower not in PASSED_OVER:
            return stem(t.lower)
    return None


_CLAUSE_PUNCT = frozenset(",;:!?()\n")
_HEAD_REACH = 12  # words looked back over for a passive clause's head


def _clause_head(text: str, toks: Sequence[Tok], i: int) -> str | None:
    """The first content word of the clause that ends before token ``i``; an owner is
    no head ("Defendant's motion to dismiss is denied": "motion"). A short aside in
    brackets is passed over ("Motion to Dismiss (ECF No. 14) is DENIED")."""
    first: str | None = None
    j, read = i - 1, 0
    while j >= 0 and read < _HEAD_REACH:
        t = toks[j]
        if t.lower in CLAUSE_BREAK:
            break
        if (
            t.content
            and t.lower not in STOPWORDS
            and t.lower not in PASSED_OVER
            and not owner(text, t)
        ):
            first = stem(t.lower)
        if not j:
            break
        aside = _aside_before(text, toks, j)
        if aside is not None:
            j = aside - 1
            read += 1
            continue
        if _boundary(text, toks[j - 1], t):
            break
        j -= 1
        read += 1
    return first


_ASIDE_REACH = 40  # characters a bracketed aside is read back over


def _aside_before(text: str, toks: Sequence[Tok], j: int) -> int | None:
    """The index of the first token of the bracketed aside that ends right before token
    ``j`` ("(ECF No. 14)"), if one does, so that reading back goes on before it."""
    if j < 2 or not text[toks[j - 1].end : toks[j].start].rstrip().endswith(")"):
        return None
    opened = text.rfind("(", max(0, toks[j].start - _ASIDE_REACH), toks[j].start)
    if opened < 0 or text.find(")", opened, toks[j].start) < toks[j - 1].end:
        return None
    k = j - 1
    while k > 0 and toks[k - 1].start >= opened:
        k -= 1
    if toks[k].start < opened or k < 1:
        return None
    return k


def _boundary(text: str, prev: Tok, nxt: Tok) -> bool:
    """Clause punctuation between two words, or a full stop before a capital that is
    not an abbreviation's ("No. 759 were" runs on)."""
    gap = text[prev.end : nxt.start]
    if not _CLAUSE_PUNCT.isdisjoint(gap):
        return True
    return "." in gap and nxt.surface[:1].isupper() and prev.surface + "." not in NEVER_ENDS


def _unnegated(text: str, toks: Sequence[Tok], i: int) -> bool:
    """No negation cue among the few words before ("did not reverse"), nor in the word;
    "No." is a number's designator ("in No. 759 were reversed"), not a negation."""
    for j in range(max(0, i - _REACH), i):
        t = toks[j]
        if t.cue is not None and not (t.lower == "no" and text.startswith(".", t.end)):
            return False
    return toks[i].cue is None or stem(toks[i].lower) in OPPOSITES


def may_oppose(text: str, words: frozenset[str], denied: frozenset[str] = frozenset()) -> bool:
    """A cheap test that spares most claims the token-by-token look: whether a word of
    ``text`` (``words``: its folded words) is a pair word, a prefixable one, one with
    "non", or one of ``denied`` (a passage's "non-" words, see :func:`non_words`)."""
    return "non" in text.lower() or any(map(_could_oppose, words)) or not words.isdisjoint(denied)


# A word made its opposite by "non" ("non-voting", "nonrefundable"), as written after it,
# with the rest of a hyphenated compound ("non-interest-bearing": "interest-bearing").
_NON_WORD = lazy_pattern(r"(?i)\bnon-?(([^\W\d_]+)(?:-[^\W\d_]+)*)")


@lru_cache(maxsize=4096)
def _non_words_of(text: str) -> frozenset[str]:
    """Both the first word after "non" and the whole compound: a claim writes "voting"
    against "non-voting-share" as readily as "interest-bearing" against
    "non-interest-bearing"."""
    return frozenset(w.lower() for m in _NON_WORD.finditer(text) for w in m.group(1, 2))


def non_words(passages: Sequence[str]) -> frozenset[str]:
    """The words the passages write after "non": a claim's plain "voting shares" may
    meet "non-voting shares" though "voting" is no pair word (``_negated`` decides
    which such words are opposites). The claim's own "non-" words are its pair words."""
    return frozenset().union(*map(_non_words_of, passages))


def opposite_conflicts(
    claim: str, passages: Sequence[str], words: frozenset[str] | None = None
) -> tuple[FactConflict, ...]:
    """The claim's outcome words a passage states as their opposite, in one statement.

    ``words``, the claim's folded words where the caller has them, allow the quick
    test (:func:`may_oppose`) first."""
    if not passages:
        return ()
    negated_there = non_words(passages)
    if words is not None and not may_oppose(claim, words, negated_there):
        return ()
    claim_toks = layout(claim).toks
    out: list[FactConflict] = []
    # One answer per word and statement: a sentence that repeats one ("granted the
    # motion ... granted the motion") asks once, so the work stays linear in its length.
    asked: dict[tuple[str, _Statement], tuple[int, Tok] | None] = {}
    denied: frozenset[int] | None = None
    for i, t in enumerate(claim_toks):
        if (
            not (_could_oppose(t.lower) or t.lower in negated_there)
            or not _worded(t)
            or not _unnegated(claim, claim_toks, i)
        ):
            continue
        if denied is None:
            denied = denied_words(claim, list(claim_toks))
        if i in denied:
            continue  # "In no event is the Supplier liable for direct damages" states none
        if t.lower in _ORDER and not _of_events(claim_toks, i):
            continue
        if stem(t.lower) in _EVENTS and not _event_slot(claim_toks, i):
            continue
        if _coordinated(claim, claim_toks, i, partial(_opposed, t)):
            continue  # "the tenant and the landlord signed": both, neither against the other
        said = _statement(claim, claim_toks, i)
        if said is None or said == _Statement(None, None, None, False):
            continue  # no outcome of its own, or nothing to tell the statement by
        key = (t.lower, said)
        if key not in asked:
            asked[key] = _rival(t, said, passages)
        got = asked[key]
        if got is not None:
            index, u = got
            out.append(
                FactConflict(
                    "opposite",
                    Fact("opposite", t.surface, t.lower, t.start, t.end),
                    Fact("opposite", u.surface, u.lower, u.start, u.end),
                    index,
                )
            )
    return tuple(out)


_COORDINATION = frozenset("and or nor the a an its their".split())
_COORDINATION_REACH = 3


def _same_or_opposed(own: str, u: Tok, v: Tok) -> bool:
    """Whether ``v`` is the word of stem ``own`` or the opposite of ``u``."""
    return stem(v.lower) == own or _opposed(u, v)


def _coordinated(text: str, toks: Sequence[Tok], i: int, joined: Callable[[Tok], bool]) -> bool:
    """Whether token ``i`` is joined by "and", "or" or a comma to a word ``joined``
    accepts ("the Landlord and the Tenant", "civil or criminal"): the two are said
    together, not one instead of the other."""
    for step in (1, -1):
        linked = False
        j = i
        for _ in range(_COORDINATION_REACH):
            k = j + step
            if not 0 <= k < len(toks):
                break
            gap = text[toks[min(j, k)].end : toks[max(j, k)].start]
            if gap.strip(" ,") or "\n" in gap:
                break
            linked = linked or "," in gap
            if toks[k].lower in _COORDINATION:
                linked = linked or toks[k].lower in ("and", "or", "nor")
                j = k
                continue
            if linked and joined(toks[k]):
                return True
            break
    return False


class _Words:
    """A passage's pair words by stem and by lower form, and their statements, made
    once per passage text: a claim word is tested against the few that could answer
    it, not against every word of the passage."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = layout(text).toks
        self.by_stem: dict[str, list[int]] = {}
        self.by_lower: dict[str, list[int]] = {}
        for j, u in enumerate(self.toks):
            if _worded(u):
                self.by_stem.setdefault(stem(u.lower), []).append(j)
                self.by_lower.setdefault(_base(u.lower), []).append(j)
        self._statements: dict[int, _Statement | None] = {}
        self._denied: frozenset[int] | None = None

    def denied(self, j: int) -> bool:
        """Whether word ``j`` lies in a denial's scope ("In no event shall either party be
        liable for any indirect ... damages" denies "indirect"): the passage states no
        outcome there, so its word contradicts nothing ("liable for direct damages")."""
        if self._denied is None:
            self._denied = denied_words(self.text, list(self.toks))
        return j in self._denied

    def statement(self, j: int) -> _Statement | None:
        if j not in self._statements:
            self._statements[j] = _statement(self.text, self.toks, j)
        return self._statements[j]

    def answering(self, t: Tok) -> list[int]:
        """Indices of the words that are ``t``'s own or could be its opposite."""
        own = stem(t.lower)
        found = set(self.by_stem.get(own, ()))
        for other in OPPOSITES.get(own, ()):
            found.update(self.by_stem.get(other, ()))
        for form in (*_prefixed_forms(t.lower), *_WORD_OPPOSITES.get(_base(t.lower), ())):
            found.update(self.by_lower.get(form, ()))
        return sorted(found)


def _same_object(a: _Statement, b: _Statement) -> bool:
    """A party does the same to the same thing: "The Employer pays the premiums" does not
    back "The employer pays the deductible" (only parties' statements have objects)."""
    return a.then is None or b.then is None or a.then == b.then


def _same_thing(a: _Statement, b: _Statement) -> bool:
    """Two parties' acts are done to one named thing: stricter than ``_same_object``,
    which lets a statement with no thing pass."""
    return a.then is not None and a.then == b.then


def _prefixed_forms(word: str) -> list[str]:
    """The words ``_negated`` relates to ``word``, either way round."""
    forms = ["non-" + word, "non" + word]
    if word in _NEGATABLE:
        forms += [p + word for p in _PREFIXES]
    for head in ("non-", "non", *_PREFIXES):
        if word.startswith(head):
            forms.append(word[len(head) :])
    return forms


@lru_cache(maxsize=4096)
def _words(text: str) -> _Words:
    return _Words(text)


def _rival(t: Tok, said: _Statement, passages: Sequence[str]) -> tuple[int, Tok] | None:
    own = stem(t.lower)
    for index, text in enumerate(passages):
        words = _words(text)
        found: Tok | None = None
        for j in words.answering(t):
            u = words.toks[j]
            opposed = _opposed(t, u)
            # Snowball gives a pair of parties one stem ("employer", "employee"); a word
            # of lasting is stated only as a verb: the noun in "survive termination" is
            # what is survived, not the claim's "terminate" said again
            same = (
                stem(u.lower) == own
                and not opposed
                and (t.lower not in LASTING_OPPOSITES or u.lower in LASTING_OPPOSITES)
            )
            if not same and not opposed:
                continue
            if not same and stem(u.lower) in _EVENTS and not _event_slot(words.toks, j):
                continue
            stated = words.statement(j)
            if stated is None:
                continue
            if (
                same
                and (stated.complement == said.complement or _one_statement(stated, said))
                and _same_object(stated, said)
            ):
                found = None  # the passage says the claim's word of it too
                break
            if (
                not same
                and found is None
                and _one_statement(stated, said)
                and (not (stated.strict or said.strict) or _same_thing(stated, said))
                # another party doing the same to another thing is no rival
                and _things_meet(stated, said)
                and stated.negative == said.negative
                and _modes_agree(stated.modal, said.modal)
                and not _reciprocal(stated, said)
                and _unnegated(text, words.toks, j)
                and not words.denied(j)
                # "the same word or its opposite" joined to it: "whether to accept or
                # reject" states neither
                and not _coordinated(text, words.toks, j, partial(_same_or_opposed, own, u))
            ):
                found = u
        if found is not None:
            return index, found
    return None
