"""The numeric scan's regular expressions, each compiled the first time it is used.

Each alternative reads one kind of numeric fact (a date, an amount, a percent,
an ordinal, a plain number) or consumes text whose digits are not a fact (a URL,
a clock time). The scan tries them only where a trigger starts (a digit, a
currency sign, a number or month word), through one master alternation per
trigger kind, so a long passage costs little more than its triggers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..lazy import lazy_pattern
from ..lexicon import (
    MONTH_ABBR,
    MONTH_NAMES,
    MULTIPLIERS,
    NUM_WORDS,
    ORD_BIG,
    ORD_SMALL,
    ORD_TENS,
    ORD_WORDS,
    SCALES,
    TENS,
    UNIT_WORDS,
)


def _alt(words: Iterable[str]) -> str:
    """Alternation, longest first, so "seventeen" is never read as "seven"."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


_SCALE = r"(?i:hundred|thousand|million|billion|trillion)\b"
_SCALE_SEP = r"(?:\s+|\s?-\s?)"
_NUM_WORD = rf"(?:{_alt(NUM_WORDS)})\b"
_NUM_SEP = (
    r"(?:\s*-\s*|\s+|(?<=hundred)\s+and\s+|(?<=thousand)\s+and\s+"
    r"|(?<=million)\s+and\s+|(?<=billion)\s+and\s+)"
)
# "one and a half", "two and one-half", "one and a half million": a spelled number and a
# half, of the scale after it if one follows.
_AND_A_HALF = r"(?:\s+and\s+(?:a|one)(?:\s+|\s*-\s*)half\b)"
_SPELLED = (
    rf"(?i:\b(?:a\s+(?=(?:dozen|hundred|thousand|million|billion|trillion)\b))?"
    rf"{_NUM_WORD}(?:{_NUM_SEP}{_NUM_WORD})*(?:{_AND_A_HALF}(?:\s+{_SCALE})?)?)"
)
AND_A_HALF = lazy_pattern(rf"(?i:{_AND_A_HALF})")
_DIGIT = r"(?<![\w.,:/])(?:[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\.[0-9]+)?"
_DNUM = rf"{_DIGIT}(?![^\W_])"
# "30 business days" is its own unit (``quantities._unit_of``); "calendar", "full" and the
# rest leave the unit as it is. "Second" before a capitalised word is the ordinal of a
# name ("900 Second Avenue", "Second Floor"), not a unit of time.
_UNIT_TAIL = (
    r"(?:\s*-\s*|\s+)(?:(?P<qual>(?i:business|calendar|working|consecutive|full|additional"
    rf"|more|further))\s+)?(?P<unit>(?i:{UNIT_WORDS}))\b(?!(?<=Second)\s+[A-Z])"
)
_PCT_WORDS = r"(?:%|(?i:percent|per\s*cent|percentage\s+points?|pct)\b)"
# A score out of a hundred is a percent: "a score of 60 out of 100" says what "60%" does
# ("more than 58%" of Metacritic's "60 out of 100", "81/100").
_OF_HUNDRED = (
    r"(?:/\s*100|out\s+of\s+(?:a\s+(?:possible\s+)?)?(?:100|(?i:a\s+)?hundred))"
    r"(?![\w.,/-]?[0-9])"
)
_PCT_TAIL = rf"(?P<pct>{_PCT_WORDS}|{_OF_HUNDRED})"
_CUR_SYM = r"(?:US\$|C\$|A\$|\$|€|£|¥|₹|(?:USD|EUR|GBP|JPY|INR|CHF|CAD|AUD)(?![A-Za-z]))"
_CUR_WORDS = (
    r"(?i:dollars?|usd|euros?|eur|pounds\s+sterling|gbp|yen|jpy|rupees?|inr|yuan|renminbi"
    r"|rmb|francs?|chf|cad|aud|cents?|pence)\b"
)
_WORD_ECHO = rf"(?:\s*\(\s*{_SPELLED}(?:\s+(?:(?i:US)\s+)?{_CUR_WORDS}|\s*{_PCT_WORDS})?\s*\))?"

# The units of a period said with "a" ("within a week", "a month's notice").
_A_PERIOD_UNITS = "day|week|month|year"
_MONTH_WORDS = MONTH_NAMES + MONTH_ABBR
# Lowercase "may", "march" and "mar" are far more often a verb than a month, so they
# count as a month only beside a day and a year ("may 5, 2019"), never on their own.
_VERB_MONTHS = ("may", "march", "mar")
_MONTH = rf"(?P<mon>(?i:{_alt(_MONTH_WORDS)})\b\.?)"
_MONTH_STRICT = (
    rf"(?P<mon>(?:{_alt([*_MONTH_WORDS, *(m.upper() for m in _MONTH_WORDS)])}"
    rf"|{_alt(m.lower() for m in _MONTH_WORDS if m.lower() not in _VERB_MONTHS)})\b\.?)"
)
# Between day and year: a comma, with stray spaces around it ("November 28 , 1972"), or spaces.
_DY_SEP = r"(?:\s*,\s*|\s+)"
_DAY_ORDINALS = [w for w, n in ORD_SMALL.items() if n < 20]
_DAY = r"(?P<day>[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![0-9])"
_YEAR = r"(?P<year>1[0-9]{3}|20[0-9]{2})(?![0-9])"
# The deed's form: "the 1st day of March, 2024" (only after an ordinal's suffix).
_DAY_OF = r"(?:(?<=st|nd|rd|th)\s+(?i:day))?"

_ALTERNATIVES: dict[str, str] = {
    # Consumed without producing a fact, so their digits are not misread.
    "skip_url": r"(?i:https?://|www\.)\S+",
    "skip_time": (
        r"(?<![\w.:])[0-9]{1,2}(?::[0-9]{2}(?::[0-9]{2})?(?:\s*(?i:[ap]\.?m\b\.?))?"
        r"|\s*(?i:[ap]\.m\.|[ap]m\b))"
    ),
    "date_mdy": rf"\b{_MONTH}\s+{_DAY}{_DY_SEP}{_YEAR}",
    "date_dmy": rf"(?<![\w.,]){_DAY}{_DAY_OF}\s+(?:of\s+)?{_MONTH}{_DY_SEP}{_YEAR}",
    "date_wdm": (
        rf"\b(?P<dayw>(?i:(?:(?:twenty|thirty)[\s-])?(?:{_alt(_DAY_ORDINALS)})|twentieth|thirtieth))"
        rf"(?:\s+(?i:day))?\s+(?:of\s+)?{_MONTH_STRICT}(?:{_DY_SEP}{_YEAR})?"
    ),
    "date_iso": (
        r"(?<![\w.,/-])(?P<year>1[0-9]{3}|20[0-9]{2})[-/](?P<mo>0?[1-9]|1[0-2])[-/]"
        r"(?P<day>0?[1-9]|[12][0-9]|3[01])(?![0-9])"
    ),
    "date_num": (
        r"(?<![\w.,/:-])(?P<a>[0-9]{1,2})(?:\s*/\s*|[.-])(?P<b>[0-9]{1,2})(?:\s*/\s*|[.-])"
        r"(?P<year>[0-9]{4}|[0-9]{2})(?![0-9])"
    ),
    "date_range": (
        r"(?<![\w.,/-])(?P<year>1[0-9]{3}|20[0-9]{2})\s?[-–—/]\s?(?P<y2>[0-9]{4}|[0-9]{2})(?![0-9])"
    ),
    "date_my": rf"\b{_MONTH_STRICT}{_DY_SEP}(?:of\s+)?{_YEAR}",
    "date_md": rf"\b{_MONTH_STRICT}\s+{_DAY}(?!\s*[,:]?\s*[0-9])",
    "date_dm": rf"(?<![\w.,]){_DAY}{_DAY_OF}\s+(?:of\s+)?{_MONTH_STRICT}",
    "decade": r"(?<![\w.,])(?P<dec>1[0-9]{2}0|20[0-9]0)['’]?s\b",
    "legal": (
        rf"(?:{_SPELLED})\s*\(\s*(?P<cur>{_CUR_SYM})?\s*(?P<num>{_DIGIT})\s*(?P<pct>%)?\s*\)"
        rf"(?:\s*(?P<pctw>%|(?i:percent|per\s*cent)\b)|\s+(?P<curw>{_CUR_WORDS})|{_UNIT_TAIL})?"
    ),
    "amount_pre": (
        rf"(?<![\w$])(?P<cur>{_CUR_SYM})\s?(?P<num>{_DIGIT})"
        rf"(?:{_SCALE_SEP}(?P<scale>{_SCALE})|\s?(?P<abbr>(?i:k|mn|mm|bn|m|b))\b)?{_WORD_ECHO}"
    ),
    # "Two Thousand and No/100 Dollars", "Fifty and 50/100 Dollars": the cents a deed
    # writes as a fraction belong to the sum
    "amount_suf": (
        rf"(?:(?P<num>{_DNUM})(?:{_SCALE_SEP}(?P<scale>{_SCALE}))?|(?P<words>{_SPELLED})"
        rf"(?:\s+and\s+(?P<cents>(?i:no)|[0-9]{{2}})\s*/\s*100)?)"
        rf"\s+(?:(?:US|U\.S\.)\s+)?(?P<curw>{_CUR_WORDS})"
        rf"(?:\s*\(\s*(?P<cur2>{_CUR_SYM})?\s*(?P<num2>{_DIGIT})"
        rf"(?:\s+(?P<scale2>{_SCALE}))?\s*\))?"
    ),
    "percent": (
        rf"(?:(?P<num>{_DIGIT})|(?P<words>{_SPELLED}))\s*{_PCT_TAIL}"
        rf"(?:\s*\(\s*(?P<num2>{_DIGIT})\s*%\s*\)|{_WORD_ECHO})?"
    ),
    "ordinal": (
        r"(?<![\w.,])(?P<num>[0-9]+)(?P<suf>st|nd|rd|th)\b"
        rf"|\b(?P<words>(?i:(?:(?:{_alt(TENS)})[\s-])?(?:{_alt(ORD_SMALL)})|{_alt(ORD_TENS)}"
        rf"|{_alt(ORD_BIG)}))\b"
        # "the tenth (10th) anniversary": the figure a legal text repeats is the same
        # fact, so the noun after it is the ordinal's own ("anniversary")
        r"(?:\s*\(\s*[0-9]+(?:st|nd|rd|th)\s*\))?"
    ),
    # "twice", "treble damages": a multiplier, the same fact as "two times" / "three times".
    # "double" and its kin only before what they multiply ("double the rent"), since
    # "a double room" or "a triple jump" multiplies nothing.
    # "once" only as a count of a period ("once per year", "once each calendar quarter"),
    # not "once the Agreement terminates" nor "at once".
    "multiplier": (
        r"\b(?P<mult>(?i:twice|thrice)|(?<![Aa]t )(?i:once)(?=\s+(?i:per|each|every)\b"
        r"|\s+(?i:an?)\s+(?i:year|month|week|day|quarter|calendar|fiscal|contract)))\b"
        r"|\b(?P<multadj>(?i:double|triple|treble|quadruple))"
        r"(?=\s+(?i:the|damages|its|their|his|her|that|what|any)\b)"
    ),
    # "within a week", "for a year", "more than a month": one period, read only after a
    # word that makes a period of it (see ``quantities._triggers``), not in "$100 a month"
    # nor "once a year".
    "a_period": rf"(?i:a)\s+(?P<unit>(?i:{_A_PERIOD_UNITS}))\b",
    "number": (
        rf"(?:(?P<num>{_DNUM})(?:{_SCALE_SEP}(?P<scale>{_SCALE}))?(?:\s*\(\s*{_SPELLED}\s*\))?"
        rf"|(?P<words>{_SPELLED})(?:\s*\(\s*(?P<num2>{_DIGIT})\s*\))?)(?:{_UNIT_TAIL})?"
    ),
}
ALT_RES = {name: lazy_pattern(p) for name, p in _ALTERNATIVES.items()}
_NAMED_GROUP = re.compile(r"\(\?P<\w+>")
# Which alternatives can start at each kind of trigger, in priority order.
_TRIGGER_ALTS = {
    "digit": (
        "skip_time date_dmy date_iso date_num date_range date_dm decade amount_suf percent "
        "ordinal number"
    ),
    "currency": "amount_pre",
    "month": "date_mdy date_my date_md",
    "word": "date_wdm legal amount_suf percent ordinal number",
    "url": "skip_url",
    "mult": "multiplier",
    "period": "a_period",
}
# One alternation per trigger kind: the match names the alternative that won, and the
# alternative's own regex is then re-run at that spot to read its groups.
MASTERS = {
    kind: lazy_pattern(
        "|".join(f"(?P<{n}>{_NAMED_GROUP.sub('(?:', _ALTERNATIVES[n])})" for n in names.split())
    )
    for kind, names in _TRIGGER_ALTS.items()
}
YEAR_ONLY = lazy_pattern(r"1[0-9]{3}|20[0-9]{2}")
# "a 5-4 decision", "won 3-1": a vote or a score, read as one fact when the first count is
# not below the second (a range, "ages 5-12", rises); not part of a date or a phone number.
TALLY = lazy_pattern(
    r"(?<![\w.,/:–—-])(?P<t1>[0-9]{1,2})\s?[-–—]\s?(?P<t2>[0-9]{1,2})(?![\w/:%–—-]|[.,][0-9]|\s?[-–—/][0-9])"
)
TRIGGER_CHARS = lazy_pattern(r"[0-9]+|[$€£¥₹]")
LIST_MARK = lazy_pattern(r"[0-9]{1,2}[.)](?=\s|$)")
# A clause number heading a clause: "3.2 Distributor shall", "10.2.1 (a) The", "8.1. Term".
# Two to seven dotted parts and a capital (or an opening bracket) after it; where it may
# stand is decided in quantities._section_label. The bound keeps a failed match short:
# unbounded, each digit of a long "1.1.1.1..." run scanned the rest of it (quadratic).
SECTION_LABEL = lazy_pattern(r"[0-9]{1,2}(?:\.[0-9]{1,3}){1,6}\.?(?=[ \t]+[A-Z(])")
# What may stand before such a label: nothing on its line, the end of a sentence, or a
# heading written in capitals ("GRANT OF LICENSE 3.1 Arizona Grant"). Not a capitalised
# word: "Version 2.1 Software" and "Exhibit 10.1 Agreement" are numbers that matter.
LABEL_LEAD = lazy_pattern(r"(?:^|[.!?:;\"”’)]|\b[A-Z][A-Z]+)\s+$")
# What may stand before a list marker on its line: nothing, or the end of the previous
# item's sentence ("... qu0tes.   2.").
MARKER_LEAD = lazy_pattern(r"(?:^|[.!?:;\"”’)]\s+)$")
A_SCALES = frozenset(("dozen", *SCALES))
# Where "a" before a unit of time is one period: after these words ("within a week"), or
# as a possessive ("a month's notice", "a year's salary").
A_PERIOD = ALT_RES["a_period"]
PERIOD_LEAD = lazy_pattern(r"(?i:\b(?:within|for|after|over|during|than)\s+)$")
A_PERIOD_OWNS = lazy_pattern(rf"(?i:a\s+(?:{_A_PERIOD_UNITS})['’]s)\b")
TRIGGER_WORDS: dict[str, str] = {
    **dict.fromkeys([*NUM_WORDS, *ORD_WORDS], "word"),
    **dict.fromkeys((m.lower() for m in MONTH_NAMES + MONTH_ABBR), "month"),
    **dict.fromkeys("usd eur gbp jpy inr chf cad aud".split(), "currency"),
    **dict.fromkeys("http https www".split(), "url"),
    **dict.fromkeys(MULTIPLIERS, "mult"),
}
SPELLED_SPLIT = lazy_pattern(r"[\s-]+")
