"""A dropped restriction: the claim says "all employees" where the evidence says "only
employees with at least two years of service".

Summaries lose conditions more often than they invent values, and a lost condition
leaves every remaining word supported: "All employees are eligible for the bonus"
shares each content word with "Only employees with at least two years of service are
eligible for the bonus". When the claim speaks of every member of a class (all, every,
any, each) and a passage limits the same class with "only" and a qualifier (who,
that, with, whose, of, in ...), the two disagree on whom the rule reaches. A claim
that qualifies the class itself ("all employees with two years of service") is
another statement and is left to the other checks. Likewise of who may act: "Either
party may terminate" against "may be terminated only by the Landlord"; and of where:
"The non-compete applies worldwide" against "applies only within the United States";
and of when and what for: "The option is exercisable at any time" against "only after
the third anniversary", "may use the information for any purpose" against "solely for
the Purpose".

The same holds of what a rule covers: "The warranty covers parts and labor" shares
every word with "The warranty covers parts but excludes labor". A thing the claim
lists as covered (or included) that a passage lists as excluded (or excepted), or the
other way round, is a conflict; an excluded class the passage narrows ("excludes
information that is publicly available") is another thing than the claim's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .roles import subject_before
from .text import LETTERS, content_stems, same_verb, stem

_QUALIFIERS = r"who|whom|that|which|with|whose|of|in|at|on|from|under|over|having|holding"
_EVERY = lazy_pattern(
    rf"\b(?:all|every|any|each)\s+(?P<noun>[^\W\d_]{{3,}})\b(?!\s+(?:{_QUALIFIERS})\b)",
    re.IGNORECASE,
)
_ONLY = lazy_pattern(
    rf"(?<!not )\bonly\s+(?:the\s+|those\s+|such\s+)?(?P<noun>[^\W\d_]{{3,}})"
    rf"\s+(?:{_QUALIFIERS})\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _classes(pattern: re.Pattern[str], text: str) -> dict[str, tuple[int, int]]:
    """The classes ``pattern`` finds ``text`` speaking of ("only employees with", "all
    employees"), by the stem of their noun, to where the first is said."""
    out: dict[str, tuple[int, int]] = {}
    for m in pattern.finditer(text):
        out.setdefault(stem(m.group("noun").lower()), (m.start(), m.end()))
    return out


def _limited(text: str) -> dict[str, tuple[int, int]]:
    """The classes ``text`` limits with "only", by stem, to where the limit is said."""
    return _classes(_ONLY, text)


def _limit_of(noun: str, text: str) -> tuple[int, int] | None:
    """Where ``text`` limits the class ``noun`` (a stem) with "only", if it does."""
    return _limited(text).get(noun)


def restriction_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "all X" that a passage limits to "only X who/with ..."."""
    if not passages:
        return ()
    out: list[FactConflict] = []
    for m in _EVERY.finditer(claim):
        noun = stem(m.group("noun").lower())
        said = Fact("opposite", m.group(), "every:" + noun, m.start(), m.end())
        found = first_limit(said, passages, partial(_limit_of, noun), "only:" + noun)
        if found is not None:
            out.append(found)
    # the other way round: "Only employees with at least two years of service are
    # eligible" / "All employees are eligible"
    for noun, (start, end) in _limited(claim).items():
        said = Fact("opposite", claim[start:end], "only:" + noun, start, end)
        found = first_limit(said, passages, partial(_every, noun=noun), "every:" + noun)
        if found is not None:
            out.append(found)
    return tuple(out)


def _every(text: str, noun: str) -> tuple[int, int] | None:
    """Where ``text`` speaks of every member of the class ``noun`` (a stem), unqualified."""
    return _classes(_EVERY, text).get(noun)


def first_limit(
    said: Fact,
    passages: Sequence[str],
    limit: Callable[[str], tuple[int, int] | None],
    value: str,
) -> FactConflict | None:
    """``said`` against the first passage in which ``limit`` finds the words that
    limit it (their start and end), as a conflict whose evidence value is ``value``."""
    for index, text in enumerate(passages):
        found = limit(text)
        if found is not None:
            start, end = found
            evidence = Fact("opposite", text[start:end], value, start, end)
            return FactConflict("opposite", said, evidence, index)
    return None


# A right the claim gives to both sides of a contract, and the act: "Either party may
# terminate", "Each Party shall have the right to assign".
_BOTH_SIDES = lazy_pattern(
    r"\b(?P<who>(?:either|each|both|any)\s+part(?:y|ies))\s+"
    r"(?:may|can|shall|will|is\s+entitled\s+to|(?:shall\s+)?ha(?:s|ve)\s+the\s+right\s+to)"
    r"\s+(?:at\s+any\s+time\s+)?(?P<verb>[^\W\d_]{3,})"
    # "The lease may be terminated by either party"
    r"|\b(?:may|can|shall)\s+be\s+(?P<done>[^\W\d_]{3,})\s+by\s+"
    r"(?P<doer>(?:either|each|both|any)\s+part(?:y|ies))\b",
    re.IGNORECASE,
)
# One named side that alone may do it: "may be terminated only by the Landlord", "Only
# Licensor may terminate"; "only" before a party, not before "a Party" or "the parties".
_ONE_SIDE = lazy_pattern(
    r"\b[Oo]nly\s+(?:by\s+)?(?:the\s+)?(?P<who>[A-Z][^\W\d_]{2,})\b(?!\s*\d)",
)
_SIDE_REACH = 60  # characters between the act and its "only" in one clause
_NO_SIDE = frozenset(("party", "parties", "if", "in", "when", "upon", "after", "as", "to"))


@lru_cache(maxsize=4096)
def _one_side(text: str) -> tuple[tuple[str, int, int], ...]:
    """The acts ``text`` leaves to one named side alone, as (the verb's word, lower-case,
    and the start and end of the "only ..." words), less those an "either party" of
    ``text`` is given too."""
    out: list[tuple[str, int, int]] = []
    both = {_act(m)[1] for m in _BOTH_SIDES.finditer(text)}
    for m in _ONE_SIDE.finditer(text):
        if m.group("who").lower() in _NO_SIDE:
            continue
        low, high = max(0, m.start() - _SIDE_REACH), min(len(text), m.end() + _SIDE_REACH)
        for w in LETTERS.finditer(text, low, high):
            between = text[min(w.end(), m.end()) : max(w.start(), m.start())]
            if not _CLAUSE_CUT.search(between) and not any(same_verb(w.group(), b) for b in both):
                out.append((w.group().lower(), m.start(), m.end()))
    return tuple(out)


def _act(m: re.Match[str]) -> tuple[str, str]:
    """The group naming who of a ``_BOTH_SIDES`` match, and the act's verb."""
    return ("who", m.group("verb")) if m.group("verb") else ("doer", m.group("done"))


_CLAUSE_CUT = lazy_pattern(r"[.;:!?\n]|,\s+(?:and|but|or)\b")


def side_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "Either party may terminate" that a passage leaves to one side alone
    ("may be terminated only by the Landlord"), or the other way round ("Only Customer
    may terminate" / "Either party may terminate"): the two disagree on who may act."""
    out: list[FactConflict] = list(_alone_against_both(claim, passages))
    for m in _BOTH_SIDES.finditer(claim):
        who, verb = _act(m)
        said = Fact("opposite", m.group(who), "both:" + verb.lower(), *m.span(who))
        found = first_limit(said, passages, partial(_alone, verb=verb), "one:" + verb.lower())
        if found is not None:
            out.append(found)
    return tuple(out)


def _alone_against_both(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's act left to one side alone that a passage gives either party."""
    if "only" not in claim.lower():
        return ()
    alone = _one_side(claim)
    if not alone:
        return ()
    for index, text in enumerate(passages):
        for m in _BOTH_SIDES.finditer(text):
            who, verb = _act(m)
            for word, start, end in alone:
                if same_verb(word, verb):
                    said = Fact("opposite", claim[start:end], "one:" + verb.lower(), start, end)
                    other = Fact("opposite", m.group(who), "both:" + verb.lower(), *m.span(who))
                    return (FactConflict("opposite", said, other, index),)
    return ()


def _alone(text: str, verb: str) -> tuple[int, int] | None:
    """Where ``text`` leaves ``verb`` to one side alone (see :func:`_one_side`)."""
    return next(((a, b) for w, a, b in _one_side(text) if same_verb(w, verb)), None)


# Where a right or a rule reaches: everywhere, against one named place alone ("The
# non-compete applies worldwide" / "applies only within the United States").
_EVERYWHERE = lazy_pattern(
    r"\b(?:worldwide|world-wide|throughout\s+the\s+world|anywhere\s+in\s+the\s+world"
    r"|in\s+(?:all|every)\s+countr(?:y|ies))\b",
    re.IGNORECASE,
)
_ONE_PLACE = lazy_pattern(
    r"\b(?:only|solely|exclusively)\s+(?:with)?in\s+(?:the\s+)?[A-Z][^\W\d_]+"
    r"(?:\s+(?:of\s+)?[A-Z][^\W\d_]+)*"
)
_PLACE_REACH = 2  # content words each side of "worldwide" that say what reaches


def place_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "worldwide" that a passage limits to one named place, said of the same
    thing (a content word beside "worldwide" stands in the clause before the limit)."""
    out: list[FactConflict] = []
    for m in _EVERYWHERE.finditer(claim):
        near = _near_stems(claim, m.start(), m.end())
        said = Fact("opposite", m.group(), "everywhere", m.start(), m.end())
        found = first_limit(said, passages, partial(_one_place, near=near), "one place")
        if found is not None:
            out.append(found)
    return tuple(out)


def _near_stems(text: str, start: int, end: int) -> frozenset[str]:
    """Stems of the few content words either side of ``text[start:end]``."""
    before = [
        w for w in LETTERS.findall(text[max(0, start - 60) : start]) if w.lower() not in STOPWORDS
    ]
    after = [w for w in LETTERS.findall(text[end : end + 60]) if w.lower() not in STOPWORDS]
    words = before[-_PLACE_REACH:] + after[:_PLACE_REACH]
    return frozenset(stem(w.lower()) for w in words)


def _one_place(text: str, near: frozenset[str]) -> tuple[int, int] | None:
    """Where ``text`` limits what ``near`` names to one place, unless it says
    "worldwide" too."""
    if _EVERYWHERE.search(text):
        return None
    return _limit_in_clause(text, _ONE_PLACE, lambda stems: not near.isdisjoint(stems))


def _limit_in_clause(
    text: str, limit: re.Pattern[str], test: Callable[[frozenset[str]], bool]
) -> tuple[int, int] | None:
    """The first words of ``limit`` in ``text`` whose clause, before them, passes
    ``test`` (on its content stems): a limit on what the claim's words name, not on
    something else."""
    for m in limit.finditer(text):
        if test(content_stems(clause_before(text, m.start()))):
            return m.start(), m.end()
    return None


def clause_before(text: str, at: int) -> str:
    """The text of ``at``'s clause before it."""
    opened = [c.end() for c in _CLAUSE_CUT.finditer(text, 0, at)]
    return text[opened[-1] if opened else 0 : at]


# When and what for a right may be used: at any time or for any purpose, against a
# passage that allows it only after, during, within or before something, or only for
# one purpose ("The option is exercisable at any time" / "exercisable only after the
# third anniversary"; "may use the information for any purpose" / "shall use the
# information solely for the Purpose"). A claim that limits its own "at any time" ("at
# any time after the Closing", "at any time, subject to ...") or "for any purpose"
# ("for any purpose other than ...") states a limit of its own and is left alone.
_ANY_TIME = lazy_pattern(
    r"\b(?:at\s+any\s+time|at\s+all\s+times|anytime)\b"
    r"(?!\s*,?\s*(?:after|before|prior|during|within|following|between|from|until|till|on\s+or"
    r"|once|when|while|if|unless|provided|subject|except|upon|on|with|by|in|that|which)\b)",
    re.IGNORECASE,
)
_ONE_TIME = lazy_pattern(
    r"\b(?:only|solely)\s+(?:(?:on\s+or\s+)?after|following|during|within|between|before"
    r"|prior\s+to|until|once)\b|\bno\s+earlier\s+than\b",
    re.IGNORECASE,
)
_ANY_PURPOSE = lazy_pattern(
    r"\bfor\s+(?:any|all)\s+purposes?\b(?!\s*,?\s*(?:other|except|unless|related|relating"
    r"|permitted|set|described|stated|provided|that|which|not|in|under|of)\b)",
    re.IGNORECASE,
)
_ONE_PURPOSE = lazy_pattern(
    r"\b(?:only|solely|exclusively)\s+(?:for|in\s+connection\s+with)\b", re.IGNORECASE
)
# (what leaves a right open, what limits it in a passage, the values they are recorded by)
_OPEN_AND_LIMITED = (
    (_ANY_TIME, _ONE_TIME, ("any time", "one time")),
    (_ANY_PURPOSE, _ONE_PURPOSE, ("any purpose", "one purpose")),
)


def any_time_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's "at any time" or "for any purpose" that a passage limits ("only after
    ...", "solely for ..."), said of the same act: the content words before the claim's
    words in its clause (up to three: the verb and what it is done to) all stand in the
    clause before the limit. "may use the information for any purpose" is not limited by
    "may disclose the information only in connection with the Purpose"."""
    lower = claim.lower()
    if not (("any" in lower or "all" in lower) and ("time" in lower or "purpose" in lower)):
        return ()  # every open form holds both words: most claims stop here
    out: list[FactConflict] = []
    for open_, limited, (value, limit_value) in _OPEN_AND_LIMITED:
        for m in open_.finditer(claim):
            act = act_before(claim, m.start())
            if not act:
                continue
            said = Fact("opposite", m.group(), value, m.start(), m.end())
            limit = partial(_limited_to, open_=open_, limited=limited, act=act)
            found = first_limit(said, passages, limit, limit_value)
            if found is not None:
                out.append(found)
    return tuple(out)


_ACT_WORDS = 3  # content words before "at any time" that name the act


def act_before(text: str, at: int) -> frozenset[str]:
    """Stems of the last few content words before ``at`` in its clause."""
    words = LETTERS.findall(clause_before(text, at))
    content = [w for w in words if w.lower() not in STOPWORDS]
    return frozenset(stem(w.lower()) for w in content[-_ACT_WORDS:])


def _limited_to(
    text: str, open_: re.Pattern[str], limited: re.Pattern[str], act: frozenset[str]
) -> tuple[int, int] | None:
    """Where ``text`` limits the act ``act`` names (``limited``: each of its words in the
    clause before the limit), unless it leaves it open (``open_``) too."""
    if open_.search(text):
        return None
    return _limit_in_clause(text, limited, act.issubset)


_LIST = r"(?P<list>[^.;:()\n]{1,120})"
_COVERS = lazy_pattern(rf"\b(?:cover(?:s|ed|ing)?|includ(?:e|es|ed|ing))\s+{_LIST}", re.IGNORECASE)
_EXCLUDES = lazy_pattern(
    r"\b(?:exclud(?:e|es|ed|ing)|except(?:\s+for)?|other\s+than"
    r"|but\s+not(?!\s+(?:be\s+)?limited)|save\s+for"
    rf"|with\s+the\s+exception\s+of)\s+{_LIST}",
    re.IGNORECASE,
)
# Where a list of covered or excluded things ends: the next clause or a turn ("but",
# "except"), or a qualifier that narrows its last item (which then is left out).
_TURN = r"but|except|excluding|excludes?|not|other|save|provided|if|when|where|while"
_NARROWS = rf"{_QUALIFIERS}|by|for|during|after|before|within|outside|unless"
_LIST_END = lazy_pattern(rf"\b(?:(?P<turn>{_TURN})|(?P<qualifier>{_NARROWS}))\b", re.IGNORECASE)
# "including, but not limited to," "including without limitation": no limit on the list.
_OPEN_LIST = lazy_pattern(
    r"\W*(?:but\s+not\s+(?:be\s+)?limited\s+to|without\s+limitation)\W*", re.IGNORECASE
)
# A verb denied ("do not include", "does not cover"): its list is left to the negation check.
_DENIED = lazy_pattern(r"\b(?:not|never|no)\s+(?:\w+\s+)?$", re.IGNORECASE)
_ITEM_CUT = lazy_pattern(r",|\b(?:and|or|nor)\b", re.IGNORECASE)
_FINITE = lazy_pattern(r"(?:cover|includ|exclud)(?:e|es|ed|s)?\b", re.IGNORECASE)
_VAGUE = frozenset("all any other such certain following".split())


class _Item(NamedTuple):
    """One thing of a list: its content words (stems) and its span, and where the verb
    that lists it starts."""

    stems: tuple[str, ...]
    start: int
    end: int
    verb: int
    # listed by a verb with a subject of its own ("covers", "excludes"), not by a
    # preposition or participle ("including", "except", "but not")
    finite: bool


def _items(pattern: re.Pattern[str], text: str) -> tuple[_Item, ...]:
    """The things ``text`` lists after each match of ``pattern``."""
    out: list[_Item] = []
    for m in pattern.finditer(text):
        if _DENIED.search(text, max(0, m.start() - 20), m.start()):
            continue
        start, end = m.span("list")
        finite = _FINITE.match(m.group()) is not None
        opened = _OPEN_LIST.match(text, start, end)
        if opened is not None:
            start = opened.end()
        stop = _LIST_END.search(text, start, end)
        narrowed = stop is not None and stop.group("qualifier") is not None
        if stop is not None:
            end = stop.start()
        found: list[_Item] = []
        at = start
        for cut in [*_ITEM_CUT.finditer(text, start, end), None]:
            piece_end = end if cut is None else cut.start()
            words = [
                (w.group().lower(), w.start(), w.end())
                for w in LETTERS.finditer(text, at, piece_end)
            ]
            kept = [(w, a, b) for w, a, b in words if w not in STOPWORDS and w not in _VAGUE]
            if kept:
                stems = tuple(stem(w) for w, _, _ in kept)
                found.append(_Item(stems, kept[0][1], kept[-1][2], m.start(), finite))
            if cut is not None:
                at = cut.end()
        if narrowed and found:
            found.pop()
        out.extend(found)
    return tuple(out)


@lru_cache(maxsize=4096)
def _covered(text: str) -> tuple[tuple[_Item, ...], tuple[_Item, ...]]:
    """What ``text`` lists as covered or included, and as excluded or excepted."""
    return _items(_COVERS, text), _items(_EXCLUDES, text)


def exclusion_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The things the claim lists as covered that a passage excludes, and the other way
    round; a passage that says both of a thing decides nothing."""
    if not passages:
        return ()
    covers, excludes = _covered(claim)
    if not covers and not excludes:
        return ()
    out: list[FactConflict] = []
    for own, rival_side, said, other in (
        (covers, 1, "covered", "excluded"),
        (excludes, 0, "excluded", "covered"),
    ):
        for item in own:
            if any(i.stems == item.stems for i in (excludes if rival_side else covers)):
                continue  # the claim says both of it
            for index, text in enumerate(passages):
                lists = _covered(text)
                if any(i.stems == item.stems for i in lists[1 - rival_side]):
                    continue
                rival = next((i for i in lists[rival_side] if i.stems == item.stems), None)
                if rival is None or not _same_subject(claim, item, text, rival):
                    continue
                value = "+".join(item.stems)
                out.append(
                    FactConflict(
                        "opposite",
                        Fact(
                            "opposite",
                            claim[item.verb : item.end],
                            f"{said}:{value}",
                            item.verb,
                            item.end,
                        ),
                        Fact(
                            "opposite",
                            text[rival.verb : rival.end],
                            f"{other}:{value}",
                            rival.verb,
                            rival.end,
                        ),
                        index,
                    )
                )
                break
    out.sort(key=lambda c: c.claim.start)
    return tuple(out)


def _same_subject(a_text: str, a: _Item, b_text: str, b: _Item) -> bool:
    """No two different subjects of the two verbs ("The warranty covers" is not "The
    policy excludes"); a verb with none right before it ("but excludes labor") is said of
    its sentence's first word ("The warranty covers parts but excludes labor"), so that
    two definitions ('"MAA" means ... excluding', '"Product Approval" means ...
    include') are two statements."""
    one, other = _subject_of(a_text, a), _subject_of(b_text, b)
    return one is None or other is None or one == other


_SENTENCE_END = lazy_pattern(r"[.!?;:]\s+(?=\S)")


def _subject_of(text: str, item: _Item) -> str | None:
    """The stem of the word before the verb that lists ``item``, else (or where a
    preposition lists it: "covers trade but not fishing rights") of its sentence's first
    content word."""
    at = item.verb
    found = subject_before(text, at) if item.finite else None
    if found is not None:
        return found
    start = 0
    for end in _SENTENCE_END.finditer(text, 0, at):
        start = end.end()
    # the first word past the sentence's number ("1.48", "(3)") and quotes
    for word in LETTERS.finditer(text, start, at):
        low = word.group().lower()
        if low not in STOPWORDS:
            return stem(low)
    return None
