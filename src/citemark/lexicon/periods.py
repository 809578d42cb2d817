"""How often: the adverbs of a recurring period, and what each says in numbers."""

from __future__ import annotations

# How often a thing recurs, as lower-case words (Snowball makes "monthly" the noun
# "month"): "payable monthly" is not "payable annually".
FREQUENCY_ADVERBS = frozenset(
    """daily weekly biweekly bi-weekly fortnightly monthly semimonthly semi-monthly
    bimonthly bi-monthly quarterly semiannually semi-annually annually yearly""".split()
)
# How many times a year each recurs, to read a frequency against a limit.
TIMES_A_YEAR = {
    "daily": 365,
    "weekly": 52,
    "biweekly": 26,
    "monthly": 12,
    "quarterly": 4,
    "semiannually": 2,
    "annually": 1,
}
# The period a rate's adverb (or Latin "per annum") names: "5% annually" is 5% a year.
PERIOD_OF = {
    "annum": "year",
    "annually": "year",
    "yearly": "year",
    "monthly": "month",
    "quarterly": "quarter",
    "weekly": "week",
    "daily": "day",
}

# What an ordinal ranks in time ("the 19th century", "the 57th minute", "the third
# round"): such an ordinal takes the bounds a date takes ("before the 19th century").
# Not a court or a place in a list: "argued before the Fourth Circuit".
TIMED_ORDINALS = frozenset(
    """century centuries millennium minute minutes hour day week month year season
    lap round inning innings quarter half period anniversary birthday episode game match
    stage leg week's day's""".split()
)
