"""The English word tables: every closed list of words citemark reads, in one place.

Plain data, one module per topic (the way spaCy keeps ``lang/en``), kept apart from
the code so that a table is read and extended in one place; the code that reads a
table imports it from here, and the regexes built from a table live beside the rule
that runs them.

- ``numbers``: cardinal, ordinal, scale and multiplier words; designators ("Rule 12")
- ``dates``: month and weekday names
- ``units``: units of measure and currencies
- ``negation``: negation cues and what a cue reaches over
- ``grammar``: auxiliaries, forms of "be", adverbs, clause breaks, function words
- ``stopwords``: the stopwords of content units and of the rules (and why they differ)
- ``names``: titles, connectors, job titles and generic heads around a name
- ``places``: states, provinces, nations and countries
- ``parties``: the role words of the parties to a contract or a case
- ``abbreviations``: abbreviations by how likely each is to end a sentence
- ``periods``: how often: frequency adverbs and the periods they name
"""

from __future__ import annotations

from .dates import MONTH_ABBR, MONTH_NAMES, MONTHS, WEEKDAYS
from .grammar import (
    ADVERBS,
    ASSERT_PREV,
    AUX,
    BE_FORMS,
    CLAUSE_BREAK,
    COMPARATIVES,
    DETERMINERS,
    FUNCTION_WORDS,
    MODALS,
    PREPOSITIONS,
)
from .names import (
    CASE_LINKS,
    CONNECTORS,
    DEMONYM_SUFFIXES,
    GENERIC_HEADS,
    LINKERS,
    NON_NAMES,
    ROLES,
    SIGNALS,
    TITLES,
)
from .negation import BARE_CONTRACTIONS, NEG_CUES, NEG_SKIP, NEG_SKIP_WIDE, NEGATIONS
from .numbers import (
    ABBR_SCALE,
    DESIGNATORS,
    MULTIPLIERS,
    NUM_WORDS,
    ORD_BIG,
    ORD_SMALL,
    ORD_TENS,
    ORD_WORDS,
    ORDINAL_COMPOUNDS,
    SCALES,
    TENS,
)
from .parties import CONTRACT_PARTIES, LITIGANTS, OPPOSED_PARTIES
from .periods import FREQUENCY_ADVERBS, PERIOD_OF, TIMED_ORDINALS, TIMES_A_YEAR
from .places import (
    AUSTRALIAN_STATES,
    CANADIAN_PROVINCES,
    COMPASS,
    COUNTRIES,
    JURISDICTIONS,
    PARTS_OF,
    UK_NATIONS,
    US_STATES,
)
from .stopwords import CONTENT_STOPWORDS, STOPWORDS
from .units import CUR_SYMBOL, CUR_WORD, CURRENCIES, TIME_SYSTEM, UNIT_CANON, UNIT_WORDS

__all__ = [
    "ABBR_SCALE",
    "ADVERBS",
    "ASSERT_PREV",
    "AUSTRALIAN_STATES",
    "AUX",
    "BARE_CONTRACTIONS",
    "BE_FORMS",
    "CANADIAN_PROVINCES",
    "CASE_LINKS",
    "CLAUSE_BREAK",
    "COMPARATIVES",
    "COMPASS",
    "CONNECTORS",
    "CONTENT_STOPWORDS",
    "CONTRACT_PARTIES",
    "COUNTRIES",
    "CURRENCIES",
    "CUR_SYMBOL",
    "CUR_WORD",
    "DEMONYM_SUFFIXES",
    "DESIGNATORS",
    "DETERMINERS",
    "FREQUENCY_ADVERBS",
    "FUNCTION_WORDS",
    "GENERIC_HEADS",
    "JURISDICTIONS",
    "LINKERS",
    "LITIGANTS",
    "MODALS",
    "MONTHS",
    "MONTH_ABBR",
    "MONTH_NAMES",
    "MULTIPLIERS",
    "NEGATIONS",
    "NEG_CUES",
    "NEG_SKIP",
    "NEG_SKIP_WIDE",
    "NON_NAMES",
    "NUM_WORDS",
    "OPPOSED_PARTIES",
    "ORDINAL_COMPOUNDS",
    "ORD_BIG",
    "ORD_SMALL",
    "ORD_TENS",
    "ORD_WORDS",
    "PARTS_OF",
    "PERIOD_OF",
    "PREPOSITIONS",
    "ROLES",
    "SCALES",
    "SIGNALS",
    "STOPWORDS",
    "TENS",
    "TIMED_ORDINALS",
    "TIMES_A_YEAR",
    "TIME_SYSTEM",
    "TITLES",
    "UK_NATIONS",
    "UNIT_CANON",
    "UNIT_WORDS",
    "US_STATES",
    "WEEKDAYS",
]
