"""Who holds a contract's named role: "Acme Corp. is the supplier" against a passage that
makes another party the Supplier.

A contract names its parties once, with the role each plays: 'Beacon Industries, Inc., a
Delaware corporation ("Supplier"), and Acme Corp. ("Purchaser")', 'Wells Fargo Bank,
National Association, as Administrative Agent', 'appoint U.S. Bank National Association as
escrow agent'. A summary that gives the role to the wrong party shares every name and
role word with that clause, so the word overlap reads it as supported and no value check
reads the pairing. A conflict needs all of these:

- the claim gives one role to one named party with "the" ("The escrow agent is
  Citibank", "Acme Corp. is the supplier", "Citibank acts as the escrow agent");
- a passage binds that very role (the same words) to a named party that shares no
  telling word with the claim's ("Bank", "Inc." and the like tell nothing);
- no passage binds the role to the claim's party as well.

Or the passage puts the claim's party on the other side of a suit: "The plaintiff, Acme
Robotics Corp., moved to dismiss" against "Defendant Acme Robotics Corp.'s motion".

A party is a capitalised name that opens its clause or follows "between", "among",
"and", "by" or "appoint": 'the customer identified on the Order Form ("Licensee")' binds
no name, and a role given to several parties at once ("each a "Seller"") binds none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..lazy import lazy_pattern
from ..lexicon import GENERIC_HEADS
from .model import Fact, FactConflict
from .opposites import PARTY_OPPOSITES
from .text import bare_word

# A party's name: capitalised words (initials, "&", an inner "of" or "and"), commas
# before a legal suffix ("Beacon Industries, Inc.", "Wells Fargo Bank, N.A.").
_SUFFIX = r"(?:Inc|Corp|Co|Ltd|LLC|L\.L\.C|LLP|LP|L\.P|N\.A|plc|PLC|GmbH|AG|S\.A|B\.V)\.?"
_WORD = r"(?:[A-Z][\w'’&.-]*|&)"
# A name's words after its first, at most: a bound that keeps each match attempt short
# (a run of thousands of capitalised words would otherwise be read again from each word).
_NAME_WORDS = 8
# A name's legal suffixes, at most ("Acme Co. Ltd.", "Wells Fargo Bank, National
# Association"): unbounded, a run of "Corp Corp Corp ..." could be split between words
# and suffixes in ever more ways, 17 s for 20,000 characters.
_SUFFIXES = 3
_NAME = (
    rf"{_WORD}(?:\s+(?:(?:of|and|the|de|du|von|van)\s+)?{_WORD}){{0,{_NAME_WORDS}}}?"
    rf"(?:,?\s+{_SUFFIX}|,\s+National\s+Association){{0,{_SUFFIXES}}}"
)
# A role: one to three words ("Supplier", "Administrative Agent", "escrow agent").
_ROLE = r"[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}"
_BE = r"(?:is|was|will\s+be|shall\s+be|acts\s+as|serves\s+as|will\s+act\s+as|will\s+serve\s+as)"
_TAIL = r"(?=\s*(?:[.;,]|$|\s+(?:under|in|of|for|to|pursuant|and)\b))"

# "The escrow agent (under the agreement) is Citibank."
_CLAIM_ROLE_FIRST = lazy_pattern(
    rf"(?:^|(?<=[.;:]\s))[Tt]he\s+(?P<role>{_ROLE}?)(?:\s+(?:under|in|of|for)\s+[^,.;]{{1,60}}?)?"
    rf"\s+{_BE}\s+(?P<name>{_NAME}){_TAIL}"
)
# A cheap test that spares most claims the patterns below: a verb of being before "the"
# or a capital, or "The" and a word or two before a comma and a capital.
_CLAIM_HINT = lazy_pattern(
    r"\b(?:is|was|be|as)\s+(?:the\s|[A-Z])|(?:^|[.;:]\s)[Tt]he\s+\w+(?:\s+\w+){0,2},\s+[A-Z]"
)
# "The plaintiff, Acme Robotics Corp., moved to dismiss."
_CLAIM_APPOSITION = lazy_pattern(
    rf"(?:^|(?<=[.;:]\s))[Tt]he\s+(?P<role>{_ROLE}?),\s+(?P<name>{_NAME}),"
)
# "Acme Corp. is the supplier (under the agreement)."
_CLAIM_NAME_FIRST = lazy_pattern(
    rf"(?:^|(?<=[.;:]\s))(?P<name>{_NAME})\s+{_BE}\s+the\s+(?P<role>{_ROLE}?){_TAIL}"
)

# 'Beacon Industries, Inc., a Delaware corporation ("Supplier")': a name, a description
# of it, then the defined role in quotes.
_DEFINED = lazy_pattern(
    rf"(?P<name>{_NAME})(?:,\s+an?\s+[^,()\"“”]{{1,80}}?)?,?\s*\(\s*"
    rf"(?:(?:the|hereinafter(?:\s+the)?|herein)\s+)?[\"“](?P<role>{_ROLE})[\"”]\s*\)"
)
# 'Wells Fargo Bank, National Association, as Administrative Agent', 'appoint U.S. Bank
# National Association as escrow agent'.
_SERVES = (
    r"(?:(?:shall|will|to|does|is\s+to)\s+(?:serve|act)\s+as|acting\s+as"
    r"|in\s+its\s+capacity\s+as|as)"
)
_AS = lazy_pattern(
    rf"(?P<name>{_NAME}),?\s+{_SERVES}\s+(?:the\s+)?(?P<role>{_ROLE}?){_TAIL}"
    rf"|(?P<name2>{_NAME}),?\s+{_SERVES}\s+(?:the\s+)?(?P<role2>{_ROLE}?)(?=\s*\()"
)
# A party named with its side in a suit: "Defendant Acme Robotics Corp.'s motion".
_TITLED = lazy_pattern(
    rf"\b(?P<role>(?:Plaintiff|Defendant|Appellant|Appellee|Petitioner|Respondent)s?)\s+"
    rf"(?P<name>{_WORD}(?:\s+(?:(?:of|and|the)\s+)?{_WORD}){{0,{_NAME_WORDS}}})"
)
_SIDE_TITLES = ("Plaintiff", "Defendant", "Appell", "Petitioner", "Respondent")
# The two sides of a suit, singular and plural.
_SIDES = {
    f"{a}{n}": frozenset((b, b + "s"))
    for x, y in (
        ("plaintiff", "defendant"),
        ("appellant", "appellee"),
        ("petitioner", "respondent"),
    )
    for a, b in ((x, y), (y, x))
    for n in ("", "s")
}
# What may stand just before a party's name, besides the start of the text or a "(",
# ";", ":" or ",": the words that introduce a party.
_INTRODUCERS = frozenset(
    "between among amongst and by appoint appoints appointed hereby with".split()
)
# Words that make a role in quotes a shared one ("each a "Seller"", "collectively, the
# "Sellers"").
_SHARED = lazy_pattern(r"\b(?:each|collectively|together|individually|jointly)\b", re.IGNORECASE)
# Words that tell no party from another.
_PLAIN = GENERIC_HEADS | frozenset(
    "the of and national association na n.a l.p lp llc inc corp co ltd plc gmbh ag sa bv".split()
)
_TOKEN = lazy_pattern(r"[\w'’&.-]+")
# Words that open a name but make it no party ("The", a weekday, a pronoun).
_NOT_PARTY = frozenset("the this that it he she they such each any all no".split())


def appointment_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's party for a role against another party a passage gives that role, or
    against the other side a passage puts the claim's party on."""
    said = _claimed(claim)
    if said is None:
        return ()
    name, role = said
    bound = [(index, found) for index, text in enumerate(passages) for found in _bindings(text)]
    holders = [(index, m, n) for index, (m, r, n) in bound if r == role[2]]
    if any(_same_party(name[2], n) for _, _, n in holders):
        return ()
    if holders:
        index, (other, start), _ = holders[0]
        claim_fact = Fact(
            "name", name[0], " ".join(sorted(name[2])), name[1], name[1] + len(name[0])
        )
        evidence_fact = Fact("name", other, "another " + role[2], start, start + len(other))
        return (FactConflict("name", claim_fact, evidence_fact, index),)
    # the claim's party on the other side: "The plaintiff, Acme, ..." against
    # "Defendant Acme ...": the two sides are the values
    rivals = _SIDES.get(role[2]) or PARTY_OPPOSITES.get(role[2], frozenset())
    for index, ((_, start), r, n) in bound:
        if r in rivals and _same_party(name[2], n):
            side = _side_before(passages[index], start, r)
            if side is not None:
                claim_fact = Fact("opposite", role[0], role[2], role[1], role[1] + len(role[0]))
                evidence_fact = Fact("opposite", side[0], r, side[1], side[1] + len(side[0]))
                return (FactConflict("opposite", claim_fact, evidence_fact, index),)
    return ()


def _side_before(text: str, start: int, role: str) -> tuple[str, int] | None:
    """The role word just before the name at ``start`` ("Defendant" of "Defendant Acme"),
    with its offset."""
    found = None
    for m in re.finditer(re.escape(role), text[max(0, start - 40) : start], re.IGNORECASE):
        found = m
    if found is None:
        return None
    at = max(0, start - 40) + found.start()
    return text[at : at + len(found.group())], at


_Said = tuple[str, int, frozenset[str]]


def _claimed(claim: str) -> tuple[_Said, tuple[str, int, str]] | None:
    """The (name, role) the claim gives, each as (text, start, key), if it plainly gives one."""
    if _CLAIM_HINT.search(claim) is None:
        return None
    for pattern in (_CLAIM_ROLE_FIRST, _CLAIM_NAME_FIRST, _CLAIM_APPOSITION):
        m = pattern.search(claim)
        if m is None:
            continue
        name = _unstopped(m.group("name"))
        words = _telling(name)
        if not words or name.split()[0].lower() in _NOT_PARTY:
            continue
        role = m.group("role")
        return (name, m.start("name"), words), (role, m.start("role"), _role_key(role))
    return None


@lru_cache(maxsize=2048)
def _bindings(text: str) -> tuple[tuple[tuple[str, int], str, frozenset[str]], ...]:
    """Each ((name, start), role key, telling words) a passage binds, in text order."""
    titled = any(w in text for w in _SIDE_TITLES)
    if "(" not in text and " as " not in text and not titled:
        return ()
    out = []
    for m in _DEFINED.finditer(text):
        if _SHARED.search(m.group(0)[len(m.group("name")) :]):
            continue
        got = _party(text, m.group("name"), m.start("name"))
        if got is not None:
            out.append((got[0], _role_key(m.group("role")), got[1]))
    for m in _AS.finditer(text):
        key = "name" if m.group("name") is not None else "name2"
        role = m.group("role") if key == "name" else m.group("role2")
        got = _party(text, m.group(key), m.start(key))
        if got is not None:
            out.append((got[0], _role_key(role), got[1]))
    if titled:
        for m in _TITLED.finditer(text):
            name = _unstopped(_unowned(m.group("name")))
            words = _telling(name)
            if words:
                out.append(((name, m.start("name")), _role_key(m.group("role")), words))
    return tuple(sorted(out, key=lambda b: b[0][1]))


def _unowned(name: str) -> str:
    """A name without the owner's mark it ends with ("Acme Robotics Corp.'s")."""
    for mark in ("'s", "’s"):
        if name.endswith(mark):
            return name[: -len(mark)]
    return name


def _party(text: str, name: str, start: int) -> tuple[tuple[str, int], frozenset[str]] | None:
    """The party ``name`` at ``start`` names, with its telling words, if it is introduced
    as one (not "the Order Form" of 'the customer identified on the Order Form')."""
    # Names the pattern joined with "and" ("Smith LLC and Brown LLC"): the party is the
    # last (no other lower-case word but a linker stands inside a name).
    for joined in re.finditer(r"\band\s+", name):
        if name[joined.end() :][:1].isupper():
            name, start = name[joined.end() :], start + joined.end()
    if not _introduced(text, start):
        return None
    if name.split()[0].lower() in _NOT_PARTY:
        return None
    words = _telling(name)
    return ((name, start), words) if words else None


# Name endings whose full stop is their own.
_ABBREVIATED = lazy_pattern(r"\b(?:Inc|Corp|Co|Ltd|Bros|Jr|Sr|[A-Z])\.$")


def _unstopped(name: str) -> str:
    """``name`` without the sentence's full stop ("Apex Holdings LLC."), keeping an
    abbreviation's ("Acme Corp.", "U.S. Bank, N.A.")."""
    if not name.endswith(".") or _ABBREVIATED.search(name):
        return name
    return name[:-1]


def _introduced(text: str, start: int) -> bool:
    """Whether the name at ``start`` opens its clause or follows a word introducing a party."""
    before = text[max(0, start - 40) : start].rstrip()
    if not before:
        return start <= 40
    if before[-1] in "(;:,":
        return True
    return before.rsplit(None, 1)[-1].lower() in _INTRODUCERS


def _telling(name: str) -> frozenset[str]:
    """The folded words of a name that tell one party from another."""
    return frozenset(w for w in map(bare_word, _TOKEN.findall(name)) if w and w not in _PLAIN)


def _role_key(role: str) -> str:
    """A role as compared: folded, single spaces, no "the"."""
    return " ".join(w for w in role.casefold().split() if w != "the")


def _same_party(words: frozenset[str], other: frozenset[str]) -> bool:
    return not words.isdisjoint(other)
