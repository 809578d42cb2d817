"""Number words: cardinals, ordinals, scales and multipliers, and the words that make a
number a designation ("Rule 12") rather than a count.

The numeric scan (``citemark.facts.patterns``) builds its alternations from these.
"""

from __future__ import annotations

_SMALL = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
TENS = {
    w: 10 * (i + 2)
    for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())
}
SCALES = {
    "hundred": 100.0,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
}
NUM_WORDS: dict[str, float] = {**_SMALL, **TENS, "dozen": 12, **SCALES}
# Units of a number that designates rather than counts ("§ 1983", "Rule 12", "No. 17"):
# such a number is never a year, and another one in the passage is no rival of it.
DESIGNATORS = frozenset(
    """section article rule no page exhibit schedule annex appendix attachment paragraph
    clause suite box room zip code street""".split()
)
# How many times a multiplier word says: "twice" is "two times", "treble damages" three.
MULTIPLIERS: dict[str, float] = {
    "once": 1,  # a count only before its period: "once per year" (see patterns.py)
    "twice": 2,
    "thrice": 3,
    "double": 2,
    "triple": 3,
    "treble": 3,
    "quadruple": 4,
}

ORD_SMALL = {
    w: i + 1
    for i, w in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
    )
}
ORD_TENS = {
    w: 10 * (i + 2)
    for i, w in enumerate(
        "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split()
    )
}
ORD_BIG = {"hundredth": 100, "thousandth": 1000, "millionth": 1_000_000}
ORD_WORDS: dict[str, int] = {**ORD_SMALL, **ORD_TENS, **ORD_BIG}
ABBR_SCALE = {"k": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "b": 1e9, "bn": 1e9}
# Compounds whose first word is an ordinal that ranks nothing: "a first name", "any
# third party", "first aid". The ordinal is part of the noun; "his first goal" counts.
ORDINAL_COMPOUNDS: dict[str, frozenset[str]] = {
    "first": frozenset(("name", "names", "aid", "lady", "hand", "person")),
    "second": frozenset(("hand", "person")),
    "third": frozenset(("party", "parties", "person")),
}
