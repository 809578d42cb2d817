"""Words that state a value as a bound or a rounding: "at least 30", "under 255", "about 500".

Each phrase maps to the side of the value it leaves open (``citemark.facts.intervals``
turns a value and its side into an interval):

- ``ge``: the value or more ("at least", "no less than", "45 or more");
- ``gt``: more than the value ("more than", "over", "exceeds");
- ``le``: the value or less ("at most", "up to", "within 5%", "three or fewer"; not
  "within thirty (30) days", the window a thing must happen in, whose length is the
  term);
- ``lt``: less than the value ("less than", "under", "below");
- ``about``: near the value either way ("about", "approximately", "some"; "averaged
  over four reviewers" says what the average spans, no bound);
- ``below``: near the value and not above it ("nearly", "almost": a figure not quite
  reached).

A *limit* phrase states the limit a rule sets ("at least thirty (30) days' notice",
"shall not exceed $10,000"): two limits of one side with different ends are two
different terms, whereas "more than 400 employees" and "more than 500 employees"
describe one count and can both be true.
"""

from __future__ import annotations

# The phrases that set a minimum or a maximum as a rule does (:data:`LIMIT_PHRASES`).
_MINIMUMS = (
    "at least",
    "no less than",
    "not less than",
    "no fewer than",
    "not fewer than",
    "minimum of",
    "a minimum of",
)
_MAXIMUMS = (
    "at most",
    "no more than",
    "not more than",
    "up to",
    "maximum of",
    "a maximum of",
    "not exceed",
    "not to exceed",
    "not exceeding",
    "never exceed",
    "within",
    "capped at",
    "limited to",
    "no longer than",
    "not longer than",
    "no greater than",
    "not greater than",
)

# Before a number, an amount, a percent or a period, longest phrases first where one
# holds another ("no more than" / "more than").
LEAD_BOUNDS: dict[str, str] = {
    **dict.fromkeys(
        (
            *_MINIMUMS,
            "not below",
            "no lower than",
            "not lower than",
            "upwards of",
            "upward of",
        ),
        "ge",
    ),
    **dict.fromkeys(
        (
            "more than",
            "over",
            "above",
            "greater than",
            "higher than",
            "larger than",
            "longer than",
            "older than",
            "in excess of",
            "exceeds",
            "exceeded",
            "exceeding",
            "surpassed",
            "surpasses",
            "surpassing",
            "just over",
            "well over",
            "well above",
        ),
        "gt",
    ),
    **dict.fromkeys(
        (
            *_MAXIMUMS,
            "no higher than",
            "not higher than",
            "as high as",
            "as much as",
            "as many as",
            "as long as",
        ),
        "le",
    ),
    **dict.fromkeys(
        (
            "less than",
            "fewer than",
            "under",
            "below",
            "lower than",
            "shorter than",
            "smaller than",
            "younger than",
            "just under",
            "well under",
            "well below",
        ),
        "lt",
    ),
    **dict.fromkeys(
        (
            "about",
            "approximately",
            "approx.",
            "approx",
            "around",
            "roughly",
            "some",
            "circa",
            "estimated",
            "an estimated",
            "close to",
            "just about",
            "more or less",
            "averaged over",
        ),
        "about",
    ),
    **dict.fromkeys(("nearly", "almost", "just shy of"), "below"),
}

# The phrases of :data:`LEAD_BOUNDS` that state a limit a rule sets ("at least thirty
# (30) days", "shall not exceed"), as opposed to a comparison that describes a value
# ("more than 400 employees"). The "as ... as" phrases are limits too ("Fines can be as
# high as 2%"), but news prose uses them for estimates ("as many as 29 people died"
# beside "at least 29"), so they are never read as the other side's opposite.
ESTIMATE_LIMITS = frozenset(("as high as", "as much as", "as many as", "as long as"))
LIMIT_PHRASES = frozenset((*_MINIMUMS, *_MAXIMUMS, *ESTIMATE_LIMITS))

# After a value: "45 or more", "three or fewer", "18 and over". A limit each.
TAIL_BOUNDS: dict[str, str] = {
    **dict.fromkeys(
        ("more", "greater", "higher", "longer", "older", "above", "over", "up", "later"), "ge"
    ),
    **dict.fromkeys(
        ("fewer", "less", "lower", "shorter", "younger", "below", "under", "earlier"), "le"
    ),
}

# Before a date: which side of it the text means. "Until", "till", "since" and "from"
# name the end or start of a span ("played until 2014", "has lived there since 2011"),
# a point, not a bound on when something happened, so they are not here; nor "about"
# and "around", far more often a preposition before a year ("asked him about 2018")
# than an estimate of one.
DATE_BOUNDS: dict[str, str] = {
    **dict.fromkeys(("before", "prior to", "preceding", "earlier than", "sooner than"), "lt"),
    **dict.fromkeys(
        ("by", "no later than", "not later than", "on or before", "at the latest by"), "le"
    ),
    **dict.fromkeys(("after", "following", "later than", "subsequent to"), "gt"),
    **dict.fromkeys(("on or after", "no earlier than", "not earlier than"), "ge"),
}
# The phrases of :data:`DATE_BOUNDS` that set a deadline ("must be exercised by June 30",
# "no later than"): two deadlines of one side with different dates are two terms.
# "Before" and "after" say when something happened ("released before October 2014"),
# which an earlier date backs.
DATE_LIMITS = frozenset(
    (
        "by",
        "no later than",
        "not later than",
        "on or before",
        "at the latest by",
        "on or after",
        "no earlier than",
        "not earlier than",
    )
)

# The phrases that fix the time a figure is stated for ("as of 9 April 2020, 878
# cases", "had sold 16.11 million copies by March 31, 2017"): a figure said for one time
# is no rival of one said for another (``facts.anchors``).
TIME_ANCHORS = (
    "as of",
    "as at",
    "as on",
    "by",
    "until",
    "till",
    "through",
    "before",
    "after",
    "since",
    "at the end of",
    "by the end of",
)
