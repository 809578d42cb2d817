"""Legal standards: the claim names one standard where the evidence names another.

"The plaintiff must prove damages by clear and convincing evidence" against "The
plaintiff bears the burden of proving damages by a preponderance of the evidence"
shares every content word but the standard, and no number, negation or single
outcome word tells the two apart. A standard of proof, of suspicion, of review or of
scrutiny, and the gravest sentences (life imprisonment, death), are terms of art: a
passage that names another of the same family, and not the claim's own, states a
different rule. A standard the claim mentions only to set aside ("not beyond a
reasonable doubt", "rather than de novo") asserts nothing.

Two families of contract terms are read more narrowly, since one contract uses several
of each: how hard a party must try ("best efforts" / "commercially reasonable
efforts") is compared only for the same act, and where the risk in the goods passes
("FOB destination" / "EXW") only for the same kind of goods, in a sentence about
delivering them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from .model import Fact, FactConflict
from .roles import words_after
from .text import LETTERS, stem

# Families of standards, each a tuple of (name, pattern). Patterns are matched
# case-insensitively at word boundaries, any run of spaces between words.
_FAMILIES: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ("preponderance", r"preponderance of (?:the )?evidence|more likely than not"),
        ("clear and convincing", r"clear and convincing"),
        ("beyond a reasonable doubt", r"beyond (?:a |any )?reasonable doubt"),
    ),
    (
        ("probable cause", r"probable cause"),
        ("reasonable suspicion", r"reasonable(?:,)? articulable suspicion|reasonable suspicion"),
    ),
    (
        ("de novo", r"de novo"),
        ("abuse of discretion", r"abuse of (?:its |the court's )?discretion"),
        ("clear error", r"clear error|clearly erroneous"),
        ("substantial evidence", r"substantial evidence"),
        ("arbitrary and capricious", r"arbitrary(?:,)? (?:and|or) capricious"),
    ),
    (
        ("life imprisonment", r"life (?:in prison|imprisonment|sentence)|sentenced to life"),
        ("death", r"death (?:penalty|sentence)|sentenced to death|capital punishment"),
    ),
    (
        # on what grounds a contract or employment may end: "at will" (for any reason,
        # without cause) against "only for cause" ("for cause" alone does not exclude
        # ending it at will)
        (
            "at will",
            r"at[- ]will|(?:with or )?without (?:good |just )?cause"
            r"|for any reason or (?:for )?no reason|for convenience",
        ),
        (
            "only for cause",
            r"(?:only|solely|exclusively) (?:for|with|upon) (?:good |just )?cause"
            r"|for (?:good |just )?cause only",
        ),
    ),
    (
        # a sentence served in custody against one served in the community
        (
            "imprisonment",
            r"(?:in|to) (?:prison|jail)|(?:of|to) (?:imprisonment|incarceration)|prison term",
        ),
        ("probation", r"(?:of|to) probation|probationary sentence"),
    ),
    (
        # "jointly liable" says at least what "jointly and severally" says of sharing
        ("jointly and severally", r"joint(?:ly)?,? and several(?:ly)?|jointly liable"),
        (
            "severally, not jointly",
            r"several(?:ly)?,? (?:but |and )?not joint(?:ly)?|several(?:ly)? (?:liable )?only",
        ),
    ),
    (
        # how hard a party must try: terms of art a court holds apart ("best efforts" asks
        # more than "commercially reasonable efforts"); compared only for one act (below).
        # The longer names need no guard: a match is taken from its leftmost start, so
        # "commercially reasonable efforts" is never read as "reasonable efforts"
        ("best efforts", r"best (?:efforts|endeavou?rs)"),
        ("reasonable best efforts", r"reasonable best (?:efforts|endeavou?rs)"),
        ("commercially reasonable efforts", r"commercially reasonable (?:efforts|endeavou?rs)"),
        ("reasonable efforts", r"reasonable (?:efforts|endeavou?rs)"),
        ("good faith efforts", r"good[- ]faith (?:efforts|endeavou?rs)"),
    ),
    (
        # where the risk in the goods passes to the buyer: at the seller's end (the UCC's
        # FOB origin, the Incoterms rules that hand the goods over there) or at the
        # buyer's (FOB destination, the "delivered" rules). Terms within one group differ
        # in who pays what, not in where the goods pass, and contracts mix them ("FOB/FCA
        # (Incoterms 2000) NTC's facilities" / "All sales are FOB Seller's premises").
        # Codes in capitals only ("CIP" or "dap" may stand for other things), and not
        # between a title's number and a section's ("21 CFR 803" is a regulation).
        (
            "delivery at origin",
            r"F\.?O\.?B\.?,? (?:the )?(?:origin|shipping point|point of (?:origin|shipment)"
            r"|(?:Seller|Supplier|Vendor|Manufacturer)['’]s (?:facility|facilities|plant"
            r"|warehouse|dock|premises))"
            r"|(?-i:(?<![0-9]\x20)(?:EXW|FCA|FAS|CPT|CIP|CFR|CIF)(?!\x20?[0-9§]))|ex[- ]works"
            r"|free carrier|carriage paid to"
            r"|carriage and insurance paid to|cost,? insurance,? and freight",
        ),
        (
            "delivery at destination",
            r"F\.?O\.?B\.?,? (?:the )?(?:point of )?destination|(?-i:DAP|DPU|DDP)"
            r"|delivered at place(?: unloaded)?|delivered duty paid",
        ),
    ),
    (
        ("strict scrutiny", r"strict scrutiny"),
        ("intermediate scrutiny", r"intermediate scrutiny|heightened scrutiny"),
        ("rational basis", r"rational[- ]basis"),
    ),
)


def _pattern(words: str) -> str:
    """A standard's words, any run of spaces between them, ending at a word boundary.
    The group holds a pattern's alternatives, so that the boundary binds each of them:
    ungrouped, "CIF" was read inside "SPECIFICATIONS" and "reasonable suspicion" inside
    "unreasonable suspicion"."""
    return "(?:" + words.replace(" ", r"\s+") + r")\b"


# One word boundary before all the alternatives: the engine tries them only where a
# word starts, not each of forty at every character (4x faster on contract text).
_STANDARD = lazy_pattern(
    r"\b(?:"
    + "|".join(
        f"(?P<s{f}_{k}>{_pattern(pattern)})"
        for f, family in enumerate(_FAMILIES)
        for k, (_, pattern) in enumerate(family)
    )
    + ")",
    re.IGNORECASE,
)
# Words that set a standard aside rather than state it: "not", "rather than", "instead
# of", "than" ("a higher standard than probable cause"), "nor", "or", "no longer".
_SET_ASIDE = lazy_pattern(
    r"\b(?:not|nor|or|than|instead of|rather than|no longer|never)\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def standards(text: str) -> tuple[tuple[tuple[int, int], int, int], ...]:
    """Each standard ``text`` states: ((family, member), start, end); those set aside
    are left out."""
    out: list[tuple[tuple[int, int], int, int]] = []
    for m in _STANDARD.finditer(text):
        if _SET_ASIDE.search(text, max(0, m.start() - 40), m.start()):
            continue
        name = m.lastgroup or ""
        family, member = map(int, name[1:].split("_"))
        if family == _DELIVERY and not _OF_DELIVERY.search(text):
            continue  # "The CIP program": a code that names no delivery here
        out.append(((family, member), m.start(), m.end()))
    return tuple(out)


_DELIVERY = next(f for f, family in enumerate(_FAMILIES) if family[0][0] == "delivery at origin")
# Words of a sentence that speaks of delivering goods, where a delivery term is one.
_OF_DELIVERY = lazy_pattern(
    r"\b(?:deliver\w*|ship\w*|sold|sales?|prices?|quoted|incoterms?|freight|title|risk"
    r"|goods|products?)\b",
    re.IGNORECASE,
)


def standard_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's standards a passage replaces with another of the same family."""
    said = standards(claim)
    if not said or not passages:
        return ()
    out: list[FactConflict] = []
    named = frozenset(k for k, _, _ in said)
    for key, start, end in said:
        act = _act_after(claim, end) if _name(key) in _EFFORTS else None
        goods = _goods(claim) if key[0] == _DELIVERY else frozenset()
        found = _rival(key, named, passages, act, goods)
        if found is not None:
            index, other, ev_start, ev_end = found
            out.append(
                FactConflict(
                    "opposite",
                    Fact("opposite", claim[start:end], _name(key), start, end),
                    Fact(
                        "opposite",
                        passages[index][ev_start:ev_end],
                        _name(other),
                        ev_start,
                        ev_end,
                    ),
                    index,
                )
            )
    return tuple(out)


def _name(key: tuple[int, int]) -> str:
    return _FAMILIES[key[0]][key[1]][0]


def _rival(
    key: tuple[int, int],
    named: frozenset[tuple[int, int]],
    passages: Sequence[str],
    act: tuple[str, ...] | None,
    goods: frozenset[str],
) -> tuple[int, tuple[int, int], int, int] | None:
    """The first passage that names another standard of the family and not this one;
    one the claim names too is no rival ("rejected the death penalty and imposed life
    imprisonment" weighs the two). An effort is a rival only for the claim's act
    (``act``): a contract asks "best efforts to promote" and "commercially reasonable
    efforts to deliver" of one party; a delivery term only for the claim's ``goods``,
    where both name theirs (a contract delivers its products one way and takes the
    customer's materials another)."""
    efforts = _name(key) in _EFFORTS
    delivery = key[0] == _DELIVERY
    if efforts and any(
        k == key and _same_act(_act_after(text, end), act)
        for text in passages
        for k, _, end in standards(text)
    ):
        return None  # a cited passage asks the claim's effort for its act
    for index, text in enumerate(passages):
        stated = standards(text)
        if any(k == key for k, _, _ in stated):
            continue
        for k, start, end in stated:
            if k[0] != key[0] or k in named:
                continue
            if efforts and not _same_act(_act_after(text, end), act):
                continue
            if delivery and not _same_goods(goods, _goods(text)):
                continue
            return index, k, start, end
    return None


_EFFORTS = frozenset(
    name for family in _FAMILIES for name, _ in family if name.endswith(" efforts")
)
# The act an effort is for: "efforts to promote the Products", "efforts in promoting".
_ACT = lazy_pattern(r"\s+(?:to|in)\s+(?:\w+ly\s+)?(?=[^\W\d_])", re.IGNORECASE)
# Words of the act compared: its verb and the first two content words of what it is done
# to ("to comply with all applicable requirements under the MGCL" is not "to comply with
# all applicable provisions of the Sarbanes-Oxley Act").
_ACT_WORDS = 3


def _act_after(text: str, end: int) -> tuple[str, ...] | None:
    """The stems of the act an effort ending at ``end`` is for."""
    m = _ACT.match(text, end)
    if m is None:
        return None
    verb = LETTERS.match(text, m.end())
    assert verb is not None  # the lookahead saw a letter
    rest = words_after(text, verb.end(), _ACT_WORDS - 1, breaks=True)
    return (stem(verb.group().lower()), *rest)


# What goods a delivery term is of, as one word per kind ("goods" and "products" are
# one): a sentence that names none is about whatever the contract delivers.
_GOODS = lazy_pattern(
    r"\b(?P<products>goods|products?|merchandise)\b|\b(?P<materials>materials?|supplies)\b"
    r"|\b(?P<equipment>equipment|hardware|devices?|systems?)\b"
    r"|\b(?P<parts>components?|parts|spare parts)\b|\b(?P<samples>samples?)\b",
    re.IGNORECASE,
)


def _goods(text: str) -> frozenset[str]:
    return frozenset(m.lastgroup or "" for m in _GOODS.finditer(text))


def _same_goods(a: frozenset[str], b: frozenset[str]) -> bool:
    return not a or not b or not a.isdisjoint(b)


def _same_act(a: tuple[str, ...] | None, b: tuple[str, ...] | None) -> bool:
    """Whether two efforts are for one act: the verb and at least one word of what it is
    done to, as far as both are read ("to promote the Products." / "to promote the
    Products in the Territory"). A verb alone ("to ensure that ...", "to market and
    sell") tells too little."""
    if a is None or b is None:
        return False
    n = min(len(a), len(b))
    return n >= 2 and a[:n] == b[:n]
