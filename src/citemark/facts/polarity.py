"""The negation and duty rule: a claim and a passage that say one thing with opposite polarity.

"The tenant may not sublet" against "The tenant may sublet with consent", "must
return the deposit" against "may return the deposit", "Neither party may assign"
against "Either party may assign": a polarity clash on a word both sides use, in
one statement (the same subject, the same thing done to, the same voice), and not
where an exception, a condition or an "only" makes the two agree. The clashes
make a claim's negation facts missing (:func:`citemark.facts.missing_facts`);
the first passage that clashes on one is its rival in a conflict.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import (
    AUX,
    CONTRACT_PARTIES,
    MODALS,
    STOPWORDS,
)
from .analysis import RELEASE_HINT, Analysis, analyse
from .exceptions import EXCEPTION, states_exception
from .model import Fact
from .negation import Negation
from .opposites import PARTY_OPPOSITES
from .roles import layout, manner_adverb, subject_before, word_after, words_after
from .text import CLAUSE_END, Tok, content_stems, sentence_around, stem


def negation_clashes(
    claim_text: str, cl: Analysis, ev_text: str, ev: Analysis
) -> list[tuple[Fact, Fact]]:
    """Polarity clashes on a word both sides use, each as (claim fact, evidence fact);
    unrelated negations never count."""
    out: list[tuple[Fact, Fact]] = []
    for n in cl.negations:
        if n.soft or _double_negated(claim_text, n, cl.negations):
            continue
        if n.head in ev.neg_all and _denied_alike(claim_text, n, ev_text, ev):
            continue
        said = _said(claim_text, n, cl, ev_text, ev)
        if said is not None:
            out.append((n.fact, said))
    for n in ev.negations:
        if n.soft or n.head in ev.positive or n.head in cl.neg_all:
            continue
        if _double_negated(ev_text, n, ev.negations):
            continue
        said = _said(ev_text, n, ev, claim_text, cl)
        if said is not None:
            out.append((said, n.fact))
    out.extend(_duty_clashes(claim_text, cl, ev_text, ev))
    return out


_MODAL_WORDS = MODALS | {"cannot"}
_ACT_REACH = 10  # words read back from a negation for the act a modal states


def _denied_alike(claim_text: str, n: Negation, ev_text: str, ev: Analysis) -> bool:
    """Whether the evidence's own denial of ``n``'s word denies it of the same act, so
    that the evidence says what the claim says. It does unless every denial of the word
    there is said of another act a modal states: "The Tenant shall not assign this
    Lease without the Landlord's consent" says nothing of subletting without it, and
    so hid "may sublet the premises only with the prior written consent of Landlord"
    from "may sublet the premises without the landlord's consent"."""
    mine = _act_before(claim_text, n.fact.start)
    if mine is None:
        return True
    toks = layout(ev_text).toks
    covering = [
        m
        for m in ev.negations
        if m.head == n.head or any(stem(toks[j].lower) == n.head for j in m.scope)
    ]
    if not covering:
        return True  # denied by an "unless" clause, or otherwise: as before
    return any(_act_before(ev_text, m.fact.start) in (None, mine) for m in covering)


def _act_before(text: str, at: int) -> str | None:
    """The stem of the verb a modal states in the clause before ``at`` ("may sublet the
    premises without ...": "sublet"), or ``None``."""
    shape = layout(text)
    i = bisect_left(shape.starts, at)
    toks = shape.toks
    for j in range(i - 1, max(-1, i - 1 - _ACT_REACH), -1):
        if CLAUSE_END.search(text, toks[j].end, toks[j + 1].start if j + 1 < i else at):
            return None
        if toks[j].lower in _MODAL_WORDS:
            for k in range(j + 1, i):
                if toks[k].content and toks[k].lower not in AUX:
                    return stem(toks[k].lower)
            return None
    return None


def _double_negated(text: str, n: Negation, negations: Sequence[Negation]) -> bool:
    """Whether ``n`` is the "without" of a denial in its clause: "shall not enter the
    Premises without 24 hours' notice" says to enter only with notice, so "with 24
    hours' notice" states what it allows; the denial itself is still read."""
    if n.cue != "without":
        return False
    return any(
        m is not n
        and not m.soft
        and m.fact.end <= n.fact.start
        and not CLAUSE_END.search(text, m.fact.end, n.fact.start)
        for m in negations
    )


# A duty against a discretion: "must return" is not backed by "may return". The other
# way round is no clash (what one must do, one may do), and "will" is left out (future
# as often as duty).
_DUTY = frozenset(("must", "shall"))
_LEAVE = frozenset(("may", "can", "could", "might"))


def _modal(text: str, start: int) -> str:
    """The auxiliary an assertion starts with ("must" in "must return")."""
    return text[start : start + 8].split(None, 1)[0].lower() if text[start:] else ""


def _duty_clashes(
    claim_text: str, cl: Analysis, ev_text: str, ev: Analysis
) -> list[tuple[Fact, Fact]]:
    """Where the claim puts a duty on what the evidence leaves to the same subject's
    discretion ("The landlord must return the deposit" / "The Landlord may return the
    deposit"), or releases the subject from what the evidence makes a duty ("need not
    notify" / "shall notify"; a claim's plain "may notify" is no clash, since what one
    must do one may do), as (claim fact, evidence fact) polarity clashes."""
    out = _duties_left(claim_text, cl, ev_text, ev, releases_only=False)
    if RELEASE_HINT in claim_text:  # every release is said with "not"
        out.extend((free, duty) for duty, free in _duties_left(ev_text, ev, claim_text, cl, True))
    return out


def _duties_left(
    duty_text: str, duty_side: Analysis, free_text: str, free_side: Analysis, releases_only: bool
) -> list[tuple[Fact, Fact]]:
    """The duties of ``duty_text`` that ``free_text`` leaves to the same subject (with
    ``releases_only``, only by a release: "need not", "is not required to"), as (duty
    fact, free fact)."""
    out: list[tuple[Fact, Fact]] = []
    # the roots both state, in the order of the smaller side (a claim's few against a
    # passage's many; either order is deterministic)
    small, large = sorted((duty_side.asserted, free_side.asserted), key=len)
    for root in [r for r in small if r in large]:
        said = free_side.asserted[root]
        if any(k == "aux" and _modal(free_text, s) in _DUTY for k, s, _, _ in said):
            continue
        for kind, start, end, surface in duty_side.asserted[root]:
            if kind != "aux" or _modal(duty_text, start) not in _DUTY:
                continue
            subject = _word_before(duty_text, start)
            if subject is None:
                continue
            duty = Fact("negation", duty_text[start:end], "must:" + surface, start, end)
            passive = _passive(duty.text)
            for fk, fs, fe, fsurface in said:
                left = fk == "leave" or (
                    not releases_only and fk == "aux" and _modal(free_text, fs) in _LEAVE
                )
                if (
                    left
                    and _word_before(free_text, fs) == subject
                    and _passive(free_text[fs:fe]) == passive
                    and _same_statement(
                        duty_text, duty, duty_side, free_text, fe, fsurface, free_side
                    )
                    and _same_object(duty_text, end, free_text, fe)
                ):
                    out.append(
                        (duty, Fact("negation", free_text[fs:fe], "may:" + fsurface, fs, fe))
                    )
                    break
    return out


_BE = lazy_pattern(r"\b(?:be|been|being)\b", re.IGNORECASE)


# "is paid", "are not borne", "was not shipped": a finite "be" before a past participle.
_FINITE_PASSIVE = lazy_pattern(
    r"\b(?:is|are|was|were)\s+(?:not\s+|never\s+|no\s+longer\s+)?"
    r"(?:[^\W\d_]+ed|paid|borne|made|held|kept|sold|given|done|written|shown|known)\b"
    r"(?!\s+to\b)",  # "is not required to pay" states the act after it, as a modal does
    re.IGNORECASE,
)


def _passive(said: str) -> bool:
    """Whether an assertion ("shall be paid", "must pay") is passive: its subject is
    what is done to, so "The Agreement shall terminate" and "This Agreement may be
    terminated" make two statements, not a duty and a discretion of one."""
    return _BE.search(said) is not None


def _voice(said: str) -> str:
    """ "be" for a passive with "be" ("shall be borne"), "finite" for one with a finite
    "be" ("are not borne", "is paid": a participle or an adjective, which the words
    cannot tell apart), "active" for the rest."""
    if _passive(said):
        return "be"
    return "finite" if _FINITE_PASSIVE.search(said) is not None else "active"


def _same_voice(a: str, b: str) -> bool:
    """Whether two assertions' voices are read alike: a finite passive is passive beside
    a "be" passive ("are not borne by the Buyer" / "shall be borne by Seller": what
    follows is compared), and as before beside an active verb ("is controlled" / "has no
    control")."""
    return a == b or "finite" in (a, b)


# A denial whose verb an exception follows ("may not be amended except by a written
# instrument"): what follows is what it lets through, not what it denies.
_EXCEPTED_AFTER = lazy_pattern(
    r"\s*,?\s*(?:except|unless|other\s+than|save|without|until|absent)\b", re.IGNORECASE
)
_OBJECT_WORDS = 6  # content words after a verb, in its clause, read for what it is done to


def _objects_meet(a_text: str, a_end: int, b_text: str, b_end: int) -> bool:
    """Whether two verbs may be done to the same thing: either says nothing after it in
    its clause, or the first content word after either is among the other's first few,
    a list read whole ("liable for consequential damages" / "liable for any indirect,
    incidental or consequential damages"); "shall provide the Services" says nothing
    against "shall not provide any warranty"."""
    a, b = _words_in_clause(a_text, a_end), _words_in_clause(b_text, b_end)
    return not a or not b or _first_in_other(a, b)


# Phrases that stress a statement without naming what it is about: "may enter without
# notice at any time" denies notice, not time, and says when, not whose notice.
_EMPHASIS_PHRASES = (
    r"at\s+any\s+time|at\s+all\s+times|whatsoever|of\s+any\s+kind|for\s+any\s+reason"
)
_EMPHASIS = lazy_pattern(rf"\b(?:{_EMPHASIS_PHRASES})\b", re.IGNORECASE)
# Words that open a condition right after a verb, not what it is done to: "may sublet
# with consent" says nothing of what is sublet ("with respect to" names the thing); nor
# does an emphasis.
_CONDITION_OPENS = lazy_pattern(
    r"\s+(?:with(?!\s+(?:respect|regard|reference)\b)|without|upon|unless|except"
    rf"|subject\s+to|{_EMPHASIS_PHRASES})\b",
    re.IGNORECASE,
)


def _first_in_other(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether either's first word is among the other's (both non-empty)."""
    return a[0] in b or b[0] in a


_IN_CLAUSE = lazy_pattern(r"[^\W\d_]+|[.;:!?\n]")


def _words_in_clause(text: str, at: int) -> tuple[str, ...]:
    """Stems of the first few content words after ``at``, up to its clause's end (commas
    and brackets do not end it: a list is read whole); none where a condition follows
    the verb at once ("sublet with consent")."""
    if _CONDITION_OPENS.match(text, at):
        return ()
    out: list[str] = []
    for found in _IN_CLAUSE.finditer(text, at, min(len(text), at + 60 * _OBJECT_WORDS)):
        word = found.group().lower()
        if not word[0].isalpha():
            break
        if word not in STOPWORDS:
            out.append(stem(word))
            if len(out) == _OBJECT_WORDS:
                break
    return tuple(out)


def _same_object(a_text: str, a_end: int, b_text: str, b_end: int) -> bool:
    """Whether two verbs are done to the same thing: either says nothing after it, or
    the first content word after either is among the other's first few ("is not
    obligated to provide access" is no release from "shall provide reasonable
    assistance")."""
    a = words_after(a_text, a_end, _COMPLEMENT_REACH)
    b = words_after(b_text, b_end, _COMPLEMENT_REACH)
    return not a or not b or _complements_meet(a, b)


def _said(
    negated_text: str, n: Negation, negated: Analysis, said_text: str, said: Analysis
) -> Fact | None:
    """Where ``said_text`` states positively what negation ``n`` denies (see
    :func:`_said_plainly`), unless an "only" there makes the two agree."""
    found = _said_plainly(negated_text, n, negated, said_text, said)
    if found is None:
        return None
    if (
        n.cue not in _DETERMINER_CUES
        and not _without_between(said_text, found.end, _clause_end(said_text, found.end))
        and states_exception(
            negated_text, n.fact.end, said_text, _clause_end(negated_text, n.fact.end)
        )
    ):
        # "may sublet with consent" / "may not sublet without the Landlord's consent"; a
        # statement that says "without" itself claims the denied case
        return None
    said_end = sentence_around(said_text, found.start, found.end)[1]
    if _EXCEPT.search(said_text, found.end, said_end) and states_exception(
        said_text, found.end, negated_text, said_end
    ):
        # the other way round: "In an emergency, the landlord may enter without notice"
        # against "only upon 48 hours' notice, except in an emergency" claims the case
        # the statement leaves out
        return None
    if _only_near(said_text, found.start) and _agrees_with_only(negated_text, n, said_text):
        return None
    if _conditional(negated_text, n.fact.start) != _conditional(said_text, found.start):
        return None  # a case one side supposes is no statement against the other's
    return found


# What opens a condition: the clause after it supposes, it states nothing ("If Consultant
# is required by judicial process to disclose ..." says nothing against "Consultant is
# not required to notify"). Two conditions still clash: "If the tenant pays rent, ..." /
# "If the tenant does not pay rent, ...".
_CONDITION = lazy_pattern(
    r"\b(?:if|in\s+the\s+event|in\s+case|provided\s+that|whenever)\b", re.IGNORECASE
)
_CLAUSE_START = lazy_pattern(r"[,;:.!?\n]")


def _conditional(text: str, at: int) -> bool:
    """Whether position ``at`` lies in a condition: after "if", "in the event" etc. with
    no clause break between."""
    begin = max(0, at - 160)
    breaks = [m.end() for m in _CLAUSE_START.finditer(text, begin, at)]
    return _CONDITION.search(text, breaks[-1] if breaks else begin, at) is not None


_WITHOUT = lazy_pattern(r"\bwithout\b", re.IGNORECASE)
# "only in writing" restricts what it follows as "not ... except in writing" does.
_ONLY = lazy_pattern(r"\b(?:only|solely|exclusively)\b", re.IGNORECASE)
_RESTRICTION_REACH = 60  # characters after the positive statement read for its "only"


# An exception a statement makes ("except in an emergency"); not its own "without".
_EXCEPT = lazy_pattern(r"\b(?:except|unless|other\s+than|save)\b", re.IGNORECASE)


def _clause_end(text: str, at: int) -> int:
    """Where the clause holding ``at`` ends: the next clause mark, or the text's end."""
    marks = _positions(CLAUSE_END, text)
    i = bisect_left(marks, at)
    return marks[i] if i < len(marks) else len(text)


def _without_between(text: str, start: int, stop: int) -> bool:
    """Whether a "without" stands in ``text[start:stop]`` (``stop`` a clause's end)."""
    withouts = _positions(_WITHOUT, text)
    i = bisect_left(withouts, start)
    return i < len(withouts) and withouts[i] + len("without") <= stop


@lru_cache(maxsize=1024)
def _positions(pattern: re.Pattern[str], text: str) -> tuple[int, ...]:
    """Where ``pattern`` matches in ``text``, once per text: the clause of a word is
    asked for every word of a sentence, and reading on to the clause's end each time
    made a sentence of one long clause quadratic."""
    return tuple(m.start() for m in pattern.finditer(text))


def _only_near(said_text: str, at: int) -> bool:
    """Whether an "only" restricts the positive statement at ``at``, in its clause."""
    end = min(at + _RESTRICTION_REACH, _clause_end(said_text, at))
    return _ONLY.search(said_text, max(0, at - 20), end) is not None


def _agrees_with_only(negated_text: str, n: Negation, said_text: str) -> bool:
    """Whether denial ``n`` agrees with a positive statement an "only" restricts.

    It does where it excepts what the statement restricts to: "The agreement can be
    amended only in writing" states what "This Agreement may not be amended except by a
    written instrument" does, and "may enter only with notice" what "shall not enter
    without notice" does. It does too where it denies something the statement does not
    name: "The supplier is liable for direct damages only" says, as "The supplier is not
    liable for indirect damages" does, that there is no liability for indirect ones;
    against "not liable for direct damages" it still clashes, since it names what is
    denied."""
    end = _clause_end(negated_text, n.fact.end)
    if EXCEPTION.search(negated_text, n.fact.end, end):
        return True
    rest = _EMPHASIS.sub(" ", negated_text[n.fact.end : end])
    return bool(content_stems(rest) - content_stems(said_text))


def _said_plainly(
    negated_text: str, n: Negation, negated: Analysis, said_text: str, said: Analysis
) -> Fact | None:
    """Where ``said_text`` states positively what negation ``n`` denies: after an
    auxiliary ("must sublet" / "may not sublet"), with "with" against "without", or as a
    plain verb between the subject and the complement the negation has too ("Interest
    accrues on the deposit" / "Interest shall not accrue on the deposit"; not "Interest
    accrues monthly" / "Interest does not accrue during the grace period", nor "The tenant
    pays utilities" / "The tenant does not pay the water bill")."""
    if n.cue == "nothing":
        # denied of every subject: there is none to match
        return _said_of_anything(negated_text, n, negated, said_text, said)
    # an inverted denial's subject stands before its head word, not before its cue
    head_start = n.fact.end - len(n.fact.value.partition(":")[2])
    subject_at = head_start if n.inverted else n.fact.start
    for kind, start, end, surface in said.asserted.get(n.head, ()):
        if (
            (kind == "aux" or (n.cue == "without" and kind == "with"))
            and (
                _same_subject(negated_text, subject_at, said_text, start)
                or (n.inverted and subject_before(negated_text, subject_at) == _PARTY_HEAD)
            )
            and _same_statement(negated_text, n.fact, negated, said_text, end, surface, said)
            and (not n.inverted or _denial_reaches(negated_text, n.fact.end, said_text, end))
        ):
            return Fact("negation", said_text[start:end], "pos:" + surface, start, end)
    denied = _denied_of_subject(negated_text, n, said_text, said)
    if denied is not None:
        return denied
    if n.head not in said.positive:
        return None
    subject = _word_before(negated_text, n.fact.start)
    if subject is None:
        return None
    complement = word_after(negated_text, n.fact.end)
    # a denial that ends its sentence ("The term does not renew.") denies the act
    # whatever it is said of: "renews for one-year periods" is said against it
    whole = complement is None and _SENTENCE_END.match(negated_text, n.fact.end) is not None
    return _head_said(
        negated_text,
        n,
        negated,
        said_text,
        said,
        lambda t: (
            _word_before(said_text, t.start) == subject
            and (
                whole
                or word_after(said_text, t.end) == complement
                or (complement is not None and _adverb_before(said_text, t.start) == complement)
                or _lists_meet(negated_text, n.fact.end, said_text, t.end)
            )
        ),
    )


def _lists_meet(a_text: str, a_end: int, b_text: str, b_end: int) -> bool:
    """Whether both verbs are done to something and the first thing after either is
    among the other's ("includes publicly available information" / "does not include
    information that is publicly available"; not "accrues monthly" / "does not accrue
    during the grace period")."""
    a, b = _words_in_clause(a_text, a_end), _words_in_clause(b_text, b_end)
    return bool(a and b) and _first_in_other(a, b)


def _head_said(
    negated_text: str,
    n: Negation,
    negated: Analysis,
    said_text: str,
    said: Analysis,
    fits: Callable[[Tok], bool],
) -> Fact | None:
    """The first word of ``said_text`` that says ``n``'s head positively, where ``fits``
    (the statement's own test: its subject, what follows) holds and the two make one
    statement."""
    for t in layout(said_text).toks:  # cached per text: one tokenizing for every negation
        if (
            stem(t.lower) == n.head
            and fits(t)
            and _same_statement(negated_text, n.fact, negated, said_text, t.end, t.lower, said)
        ):
            return Fact("negation", said_text[t.start : t.end], "pos:" + t.lower, t.start, t.end)
    return None


_NOTHING_OBJECT = 2  # words after a verb "Nothing" denies that the other side must share


def _said_of_anything(
    negated_text: str, n: Negation, negated: Analysis, said_text: str, said: Analysis
) -> Fact | None:
    """Where ``said_text`` does what "Nothing in this Agreement grants a license" denies
    of every subject: the same verb, its first two words after the same ("The Agreement
    grants a license to the Software"). With no subject to match, those words must
    agree, not only meet: "Nothing herein shall be deemed to constitute either Party an
    agent" says nothing of counterparts that "shall constitute an original", nor
    "Nothing can travel faster than light" of light that "travels faster than sound"."""
    denied = words_after(negated_text, n.fact.end, _NOTHING_OBJECT)
    if not denied or n.head not in said.positive:
        return None
    return _head_said(
        negated_text,
        n,
        negated,
        said_text,
        said,
        lambda t: (
            words_after(said_text, t.end, _NOTHING_OBJECT) == denied
            and _NOTHING_BEFORE.search(said_text, max(0, t.start - _NOTHING_LOOK), t.start) is None
        ),
    )


# "Nothing" (or "[n]othing", as a quotation alters it) a few words before the word in
# its own clause: "The court found nothing in the record suggesting ..." says what
# "Nothing in the record suggests ..." says, with "nothing" as an object.
_NOTHING_BEFORE = lazy_pattern(r"(?i)(?<![\w\]])\[?n\]?othing\b[^.;:!?]*\Z")
_NOTHING_LOOK = 40


# "Neither party may assign": a subject negated by its determiner, then what it may not do.
_DETERMINER_CUES = frozenset(("no", "neither"))
_MODAL_VERB = lazy_pattern(
    r"[ \t]+(?:may|shall|must|can|could|will|should|is|are)[ \t]+(?:be[ \t]+)?([^\W\d_]+)"
)


def _denied_of_subject(
    negated_text: str, n: Negation, said_text: str, said: Analysis
) -> Fact | None:
    """Where ``said_text`` lets the subject do what "No tenant may" or "Neither party
    shall" denies it: "Either party may assign the Agreement" against "Neither party may
    assign the Agreement" (the same subject, verb and complement)."""
    if n.cue not in _DETERMINER_CUES:
        return None
    found = _MODAL_VERB.match(negated_text, n.fact.end)
    if found is None:
        return None
    verb = found.group(1).lower()
    # what is denied: the words after the verb, either side's first among the other's
    # first few ("may terminate for convenience" / "may terminate this Agreement for
    # convenience")
    denied = words_after(negated_text, found.end(), _COMPLEMENT_REACH)
    if states_exception(negated_text, found.end(), said_text):
        return None
    for kind, start, end, surface in said.asserted.get(stem(verb), ()):
        if kind == "aux" and (
            _done_to_denied(said_text, start, end, denied)
            or (
                _denied_subject(n.head, subject_before(said_text, start))
                and _complements_meet(denied, words_after(said_text, end, _COMPLEMENT_REACH))
            )
        ):
            # shown from the subject on ("party may assign"): what the claim denies
            subject = _SUBJECT.search(said_text, max(0, start - 40), start)
            begin = subject.start() if subject is not None else start
            return Fact("negation", said_text[begin:end], "pos:" + surface, begin, end)
    return None


def _done_to_denied(said_text: str, start: int, end: int, denied: tuple[str, ...]) -> bool:
    """Whether a passive statement is done to what the denial's verb is ("This Agreement
    may be assigned" / "Neither party may assign this Agreement"): its subject is the
    denied act's first content word after the verb."""
    return (
        bool(denied)
        and _passive(said_text[start:end])
        and subject_before(said_text, start) == denied[0]
    )


_COMPLEMENT_REACH = 3
# "Neither party may assign" denies it to each side of the contract by name: "The Seller
# may assign" is the same statement of one of them.
_PARTY_HEAD = stem("party")
# The sides a contract names, paired (``PARTY_OPPOSITES``) or not ("The Supplier").
_PARTY_STEMS = frozenset(map(stem, (*PARTY_OPPOSITES, *CONTRACT_PARTIES)))


def _denied_subject(head: str, subject: str | None) -> bool:
    """Whether ``subject`` (a stem) is one the negated ``head`` ("tenant" of "No tenant
    may", "party" of "Neither party may") speaks of."""
    return subject == head or (head == _PARTY_HEAD and subject in _PARTY_STEMS)


def _complements_meet(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Both say nothing after the verb, or either's first word is among the other's."""
    if not a or not b:
        return a == b
    return a[0] in b or b[0] in a


_DENIAL_REACH = 12  # words of an inverted denial's clause read for what it denies
_DENIED_WORDS = lazy_pattern(r"[^\W\d_]+|[.;:!?]")


def _denial_reaches(negated_text: str, negated_end: int, said_text: str, said_end: int) -> bool:
    """Whether what a word is said of (its first two content words after) lies within
    what an inverted denial denies of it, up to the denial's exception: "In no event
    shall the Supplier be liable for any indirect, incidental or consequential damages"
    denies "liable for consequential damages", not "liable for direct damages" nor
    "liable" alone."""
    said = words_after(said_text, said_end, 2)
    denied: set[str] = set()
    for found in _DENIED_WORDS.finditer(negated_text, negated_end):
        word = found.group().lower()
        if not word[0].isalpha() or len(denied) >= _DENIAL_REACH or word in _EXCEPTIONS:
            break
        if word not in STOPWORDS:
            denied.add(stem(word))
    return bool(said) and denied.issuperset(said)


# Where what a denial denies ends: "In no event shall the Supplier be liable for
# consequential damages, except for damages caused by its gross negligence".
_EXCEPTIONS = frozenset("except unless provided save excluding but other".split())


def _same_subject(a_text: str, a_at: int, b_text: str, b_at: int) -> bool:
    """No two different subjects: "The landlord may keep pets" says nothing against "The
    tenant may not keep pets". Where either side's subject cannot be told ("It may not"),
    the statements are taken as one."""
    a, b = subject_before(a_text, a_at), subject_before(b_text, b_at)
    return a is None or b is None or a == b


# The word right before an offset, with only spaces between: a verb's subject.
_SUBJECT = lazy_pattern(r"([^\W\d_]+) +$")
# The end of a sentence right after a word: a full stop, "!" or "?", or the text's end.
_SENTENCE_END = lazy_pattern(r"\s*(?:[.!?][\"'”’)]*\s*$|[.!?]\s+|$)")


def _last_word(text: str, at: int) -> re.Match[str] | None:
    """The word that ends right before ``at`` (spaces between), if any."""
    return _SUBJECT.search(text, max(0, at - 40), at)


def _word_before(text: str, at: int) -> str | None:
    """The content word right before ``at`` ("Interest" in "Interest shall not ..."),
    past an adverb of manner ("The term automatically renews"), as a stem; ``None`` for
    a stopword, punctuation or nothing."""
    found = _last_word(text, at)
    if found is None:
        return None
    word = found.group(1).lower()
    if manner_adverb(word):
        found = _last_word(text, found.start())
        if found is None:
            return None
        word = found.group(1).lower()
    return None if word in STOPWORDS else stem(word)


def _adverb_before(text: str, at: int) -> str | None:
    """The adverb of manner right before ``at``, as a stem: "The term automatically
    renews" says of "renews" what "shall not renew automatically" denies of "renew"."""
    found = _last_word(text, at)
    if found is None or not manner_adverb(word := found.group(1).lower()):
        return None
    return stem(word)


# "not possible to go", "permitted to sublet": the word a head's infinitive names.
_INFINITIVE = lazy_pattern(r"[ \t]+to[ \t]+([^\W\d_]+)")


# Verbs whose statement is what they class a thing as: "shall not be deemed a waiver"
# says nothing against "shall be deemed an original", so the two must class it alike.
_CLASSIFYING = frozenset(
    map(stem, "deemed construed considered interpreted treated regarded".split())
)


def _same_statement(
    negated_text: str,
    negated: Fact,
    negated_side: Analysis,
    said_text: str,
    said_end: int,
    said: str,
    said_side: Analysis,
) -> bool:
    """Whether a negated word and the same word said positively make one statement
    with opposite polarity, not two statements that share a stem:

    - an adverb is not its adjective: "the volume is not that high" is not denied by
      "responses are highly individual";
    - a word with an infinitive is about what the infinitive names: "it is not
      possible to go below zero" says nothing of "negative temperatures are
      possible", and "not permitted to sublet" nothing of "permitted to assign"; so
      the other side must name that verb too (any stopword verb aside);
    - a verb that classes a thing ("deemed", "construed") is about what it classes it
      as: both sides must class it alike;
    - a verb is about what it is done to: where both sides are active or both passive,
      the first content word after either, in its clause, must be among the other's
      ("shall provide the Services" / "shall not provide any warranty" is none), unless
      an exception follows the denial ("may not be amended except by ...").
    """
    word = negated.value.partition(":")[2]
    if word.endswith("ly") != said.endswith("ly"):
        return False
    if stem(said) in _CLASSIFYING and not _complements_meet(
        words_after(negated_text, negated.end, _COMPLEMENT_REACH),
        words_after(said_text, said_end, _COMPLEMENT_REACH),
    ):
        return False
    # one side passive: what it is done to stands before it, not after
    voices = (
        _voice(negated.text),
        _voice(said_text[max(0, said_end - len(said) - 8) : said_end]),
    )
    if (
        _same_voice(*voices)
        and not _EXCEPTED_AFTER.match(negated_text, negated.end)
        and not _objects_meet(negated_text, negated.end, said_text, said_end)
    ):
        return False
    for text, end, other in (
        (negated_text, negated.end, said_side),
        (said_text, said_end, negated_side),
    ):
        found = _INFINITIVE.match(text, end)
        if found is None:
            continue
        verb = found.group(1)
        if verb[0].isupper() and not verb.isupper():
            continue  # "written notice to Tenant": a party, no verb
        verb = verb.lower()
        if verb in STOPWORDS:
            continue
        root = stem(verb)
        if root not in other.positive and root not in other.neg_all:
            return False
    return True


def negation_rival(
    claim: str, cl: Analysis, fact: Fact, passages: Sequence[str]
) -> tuple[int, Fact] | None:
    """The first passage whose own polarity clashes with the claim's on this word."""
    for index, text in enumerate(passages):
        for said, other in negation_clashes(claim, cl, text, analyse(text)):
            if said == fact:
                return index, other
    return None
