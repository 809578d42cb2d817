"""Numbers, amounts, percents, ordinals and dates: read out of a text as payloads.

Every spelling of a value ("5,000", "5k", "five thousand") is normalised to one
key, amounts keep their currency, and a date keeps each reading it admits, so
the comparison tests equality without parsing again. The scan also reports
every span it consumed, so that name detection does not read the "May" of a
date as a name.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

import ahocorasick_rs

from ..lazy import lazy_pattern
from ..lexicon import (
    ABBR_SCALE,
    CONTRACT_PARTIES,
    CUR_SYMBOL,
    CUR_WORD,
    FUNCTION_WORDS,
    LITIGANTS,
    MONTHS,
    MULTIPLIERS,
    NON_NAMES,
    NUM_WORDS,
    OPPOSED_PARTIES,
    ORD_WORDS,
    ORDINAL_COMPOUNDS,
    ROLES,
    SCALES,
    STOPWORDS,
    TENS,
    TIME_SYSTEM,
    TITLES,
    UNIT_CANON,
)
from ..lexicon.bounds import DATE_BOUNDS, LEAD_BOUNDS
from ..tokens import UNSPACED_CHAR
from .intervals import read_bounds
from .model import DateKeys, Fact, Payload, Quantity
from .patterns import (
    A_PERIOD,
    A_PERIOD_OWNS,
    A_SCALES,
    ALT_RES,
    AND_A_HALF,
    LABEL_LEAD,
    LIST_MARK,
    MARKER_LEAD,
    MASTERS,
    PERIOD_LEAD,
    SECTION_LABEL,
    SPELLED_SPLIT,
    TALLY,
    TRIGGER_CHARS,
    TRIGGER_WORDS,
    YEAR_ONLY,
)
from .text import Tok, phrase_alternation, word_tokens, word_tokens_at


def _fmt(x: float) -> str:
    """One spelling per number, so "5,000", "5k" and "five thousand" compare equal."""
    if not math.isfinite(x) or abs(x) >= 1e15:
        return f"{x:.6e}"
    r = round(x)
    if abs(x - r) <= 1e-9 * max(1.0, abs(x)):
        return str(int(r))
    return f"{x:.6f}".rstrip("0").rstrip(".")


def _digits(s: str) -> float:
    return float(s.replace(",", ""))


def _spelled_value(s: str) -> float:
    """Value of "two hundred and five", "a dozen", "twenty-one", "one and a half"."""
    half = AND_A_HALF.search(s)
    if half is not None:
        scale = s[half.end() :].strip().lower()
        return (_spelled_value(s[: half.start()]) + 0.5) * SCALES.get(scale, 1)
    total = 0.0
    current = 0.0
    for w in SPELLED_SPLIT.split(s.lower()):
        if w in ("a", "and", ""):
            if w == "a":
                current = max(current, 1.0)
            continue
        v = NUM_WORDS.get(w)
        if v is None:
            continue
        if w == "dozen":
            current = max(current, 1.0) * 12
        elif w == "hundred":
            current = max(current, 1.0) * 100
        elif w in SCALES:
            total += max(current, 1.0) * v
            current = 0.0
        else:
            current += v
    return total + current


def _unit(raw: str | None) -> str | None:
    if not raw:
        return None
    u = raw.lower()
    if u in UNIT_CANON:
        return UNIT_CANON[u]
    if u.endswith("s") and u[:-1] in UNIT_CANON:
        return UNIT_CANON[u[:-1]]
    return u


def _unit_of(groups: dict[str, str | None]) -> str | None:
    """The unit of a matched number; business (working) days are a unit of their own:
    "10 business days" is two weeks, "10 calendar days" ten days, so neither backs the
    other (a plain "10 days" backs neither, as "10 months" would not)."""
    unit = _unit(groups.get("unit"))
    qualifier = (groups.get("qual") or "").lower()
    if unit == "day" and qualifier in ("business", "working"):
        return "business day"
    return unit


def _currency(raw: str) -> str:
    key = " ".join(raw.lower().split())
    if key in CUR_SYMBOL:
        return CUR_SYMBOL[key]
    if key in CUR_WORD:
        return CUR_WORD[key]
    if key.endswith("s") and key[:-1] in CUR_WORD:
        return CUR_WORD[key[:-1]]
    return key


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _ordinal_word_value(s: str) -> int:
    parts = SPELLED_SPLIT.split(s.lower())
    tens = TENS.get(parts[0], 0) if len(parts) > 1 else 0
    return tens + ORD_WORDS.get(parts[-1], 0)


def _quantity(value: float, unit: str | None) -> Quantity:
    key = _fmt(value)
    time = None
    if unit in TIME_SYSTEM:
        system, factor = TIME_SYSTEM[unit]
        time = (system, _fmt(value * factor))
    return Quantity(key, unit, time)


def _valid_month_day(m: int, d: int) -> bool:
    return 1 <= m <= 12 and 1 <= d <= 31


def _date_fact(m: re.Match[str], text: str, kind: str) -> tuple[str, DateKeys] | None:
    g = m.groupdict()
    if kind == "date_num":
        a, b, yr = int(g["a"]), int(g["b"]), g["year"]
        sep1 = text[m.end("a") : m.start("b")].strip()
        sep2 = text[m.end("b") : m.start("year")].strip()
        if sep1 != sep2:
            return None
        y = int(yr) if len(yr) == 4 else (2000 + int(yr) if int(yr) < 50 else 1900 + int(yr))
        # month first (US) when it can be; day first as the other reading
        readings = [(y, a, b)] if _valid_month_day(a, b) else []
        if a != b and _valid_month_day(b, a):
            readings.append((y, b, a))
        if not readings:
            return None
        alts = tuple(("ymd", *r) for r in readings)
        y0, m0, d0 = readings[0]
        return f"{y0:04d}-{m0:02d}-{d0:02d}", DateKeys(alts)
    if kind == "date_range":
        return _range_fact(int(g["year"]), g["y2"])
    month = MONTHS[g["mon"][:3].lower()] if g.get("mon") else int(g.get("mo") or 0)
    day = int(g["day"]) if g.get("day") else 0
    if g.get("dayw"):
        day = _ordinal_word_value(g["dayw"])
        if not 1 <= day <= 31:
            return None
    year = int(g["year"]) if g.get("year") else 0
    if year and day:
        return f"{year:04d}-{month:02d}-{day:02d}", DateKeys((("ymd", year, month, day),))
    if year:
        return f"{year:04d}-{month:02d}", DateKeys((("ym", year, month),))
    return f"xxxx-{month:02d}-{day:02d}", DateKeys((("md", month, day),))


def _range_fact(y1: int, raw: str) -> tuple[str, DateKeys] | None:
    """ "2018-19" / "1999–2001" name both years; "2020-01" is a month."""
    y2 = int(raw) if len(raw) == 4 else y1 - y1 % 100 + int(raw)
    if y1 < y2 <= y1 + 100:
        return f"{y1}-{y2}", DateKeys((("y", y1), ("y", y2)))
    if len(raw) == 2 and 1 <= int(raw) <= 12:
        return f"{y1:04d}-{int(raw):02d}", DateKeys((("ym", y1, int(raw)),))
    return None


_DETERMINER_BEFORE = lazy_pattern(
    r"(?i:\b(?:the|a|an|its|his|her|their|our|my|your|this|that|every|each|whose)\s+)$"
)


_ANOTHER_BEFORE = lazy_pattern(r"(?i:\ban?\s+)$")
_THE_BEFORE = lazy_pattern(r"(?i:\bthe\s+)$")
_ITEM_AFTER = lazy_pattern(r"\s+(?:is|was|one|reason|theory|way|step|point|factor|option)\b|,")


# Idioms built on an ordinal that count nothing: "harder to fall asleep in the first
# place", "on second thought".
_IDIOM_AFTER = {
    "first": (re.compile(r"(?i:\bin\s+the\s+)$"), (" place",)),
    "second": (re.compile(r"(?i:\bon\s+)$"), (" thought",)),
}


def _is_enumerator(text: str, m: re.Match[str]) -> bool:
    """ "First, ..." / "at first" are discourse, not a count; "first" with no
    determiner before it is the adverb ("when the planets first formed")."""
    word = m.group().lower()
    after = text[m.end() : m.end() + 14].lower()
    if after.startswith(",") or after.startswith((" of all", " and foremost")):
        return True
    noun = _NEXT_WORD.match(after)
    if noun is not None and noun.group(1) in ORDINAL_COMPOUNDS.get(word, ()):
        return True  # "first name", "any third party": part of a noun
    before = text[max(0, m.start() - 8) : m.start()]
    idiom = _IDIOM_AFTER.get(word)
    if idiom is not None and idiom[0].search(before) and after.startswith(idiom[1]):
        return True
    if _ANOTHER_BEFORE.search(before) or (
        _THE_BEFORE.search(before) and _ITEM_AFTER.match(text, m.end())
    ):
        return True  # "a second theory" (another one), "the second is that ..."
    if word != "first":
        return False
    return not _DETERMINER_BEFORE.search(before)


_NEXT_WORD = lazy_pattern(r"[\s-]+([a-z]+)")
_COUNTED = lazy_pattern(r"-[a-z]+\b|\s+([a-z]+s)\b")


# "§ 1983", "Section 2010", "Rule 1001": a section or rule number, never a year.
_SECTION_BEFORE = lazy_pattern(
    r"(?:(?P<sign>§§?)|(?<![A-Za-z])(?P<word>(?i:sections?|secs?\.|articles?|arts?\.|rules?"
    r"|nos?\.|pages?|exhibits?|schedules?|annex(?:es)?|appendix|appendices"
    r"|attachments?|paragraphs?|paras?\.|clauses?|suites?|ste\.|box|room)))\s*$"
)
# The part a designator word names, by its first three letters ("App." is "appendix").
_PART_NAMES = {
    name[:3]: name
    for name in (
        "section article rule page exhibit schedule annex appendix attachment suite box room"
    ).split()
}
_PART_NAMES.update({"par": "paragraph", "cla": "clause", "ste": "suite"})
# A U.S. ZIP code: five digits after a state's postal code ("New York, NY 10036",
# "Washington, D.C. 20004"). The notice clauses of one contract give each party's address
# in one phrasing, so, like a section number, another ZIP code is no contradiction.
_STATE_CODES = (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR"
)
_ZIP_BEFORE = lazy_pattern(rf"(?<![A-Za-z.])(?:{'|'.join(_STATE_CODES.split())}|D\.C\.),?\s+$")
_ZIP = lazy_pattern(r"[0-9]{5}(?![0-9]|[,.][0-9])")
# The four digits of a ZIP+4 code ("72702-1288").
_ZIP_PLUS = lazy_pattern(r"(?<![0-9])[0-9]{5}-$")
_FOUR = lazy_pattern(r"[0-9]{4}(?![0-9])")
# A street address's number: capitalised words and a street word after it ("1083 Sain
# Street", "1299 Pennsylvania Avenue", "1151 SW 30th St.").
_STREET_AFTER = lazy_pattern(
    r"[ \t]+(?:(?:[A-Z][\w.'&-]*|[0-9]+(?:st|nd|rd|th))[ \t]+){1,3}(?:Street|St\.|Avenue|Ave\.?"
    r"|Road|Rd\.|Drive|Dr\.|Boulevard|Blvd\.?|Lane|Parkway|Pkwy\.?|Highway|Hwy\.?|Plaza"
    r"|Centre|Center|Expressway|Terrace)(?![\w-])"
)
# A code's digits: after a prefix in capitals and a hyphen ("PWM-5700", "Form S-1",
# "COVID-19"), or three or more led by a zero ("00431", "01915"), which no count is
# written with (two, "05 May 2004", are a day or a month).
_CODE_BEFORE = lazy_pattern(r"(?<![A-Za-z])[A-Z]{1,5}-$")
_LEADING_ZERO = lazy_pattern(r"0[0-9]{2}")


def _designator(text: str, start: int) -> str | None:
    """What a number at ``start`` numbers, when a section sign or word stands before it:
    "section" ("§ 1983", "Sec. 4"), "article", "rule", "no", or a part of the document
    ("page", "exhibit", "schedule", "annex", "appendix", "attachment", "paragraph",
    "clause"), a place in an address ("suite", "box", "room", "zip"), or a code's digits ("code").
    As its unit, it keeps "§ 1983" from reading as a year and from being
    backed by "1983 cases", and another designated number is no conflict ("Page 28" /
    "Page 2" of one contract's footers)."""
    found = _SECTION_BEFORE.search(text, max(0, start - 14), start)
    if found is None:
        if _ZIP.match(text, start) and _ZIP_BEFORE.search(text, max(0, start - 7), start):
            return "zip"
        if _FOUR.match(text, start) and _ZIP_PLUS.search(text, max(0, start - 6), start):
            return "zip"
        if _LEADING_ZERO.match(text, start) or _CODE_BEFORE.search(text, max(0, start - 6), start):
            return "code"
        return None
    if found["sign"]:
        return "section"
    word = found["word"].lower()
    if word.startswith("no"):
        return "no"
    return _PART_NAMES.get(word[:3], "no")


def _street_number(text: str, start: int, end: int) -> str | None:
    """ "street" when the number at ``start:end`` opens a street address; not after a
    year's preposition ("In 2019 Main Street grew")."""
    if not _STREET_AFTER.match(text, end) or _YEAR_PREP.search(text[max(0, start - 8) : start]):
        return None
    return "street"


_YEAR_PREP = lazy_pattern(r"(?i:\b(?:in|by|since|until|till|from|during|before|after)\s+)$")


# The word a name's number follows: capitalised (or an inner capital, "iPhone") and right
# before it, after a space ("Fallout 76", "PlayStation 4", "Apollo 11", "Boeing 747") or
# glued by a hyphen ("Covid-19", "F-16"); not an owner's ("Apple's 10 stores").
_NAME_BEFORE = lazy_pattern(
    r"(?<![\w'’.\-])(?P<word>[A-Z][A-Za-z]*|[a-z]+[A-Z][A-Za-z]*)(?P<gap> |-)$"
)
# Capitalised words after which a number is still a count or a value: function words and
# the words that bound a figure ("Over 128,000", "Nearly 40", "Some 500" opening a
# sentence), titles and job titles, month names, and the parties a contract gives things
# to ("provide Licensee 5 copies").
_NOT_A_NAME = (
    STOPWORDS
    | FUNCTION_WORDS
    | NON_NAMES
    | TITLES
    | ROLES
    | frozenset(w for phrase in (*LEAD_BOUNDS, *DATE_BOUNDS) for w in phrase.split())
    | frozenset(CONTRACT_PARTIES)
    | frozenset(LITIGANTS)
    | frozenset(w for pair in OPPOSED_PARTIES for w in pair.split())
    | frozenset(NUM_WORDS)
    | frozenset(("exactly", "only", "just", "total", "nearly", "almost", "top"))
)


def _in_name(text: str, start: int, raw: str) -> bool:
    """Whether the whole number ``raw`` at ``start`` is part of a name rather than a
    quantity: right after a capitalised word of a name or glued to one by a hyphen
    ("Fallout 76", "PlayStation 4", "Windows 10", "Apollo 11", "Boeing 747",
    "Covid-19"). Read as a count, such a number was missing from every passage that
    names the thing otherwise ("the coronavirus"), and rivalled the counts beside it.
    A year stays a year ("Euro 2016" is dated by it); a word that opens a sentence
    only by its capital is no name ("Over 128,000", "About 500"), nor a party a
    contract gives a number of things to ("provide Licensee 5 copies"), nor a single
    letter apart from a hyphen ("Class A 5")."""
    if not raw.isdigit() or YEAR_ONLY.fullmatch(raw):
        return False
    found = _NAME_BEFORE.search(text, max(0, start - 24), start)
    if found is None:
        return False
    word = found["word"]
    if found["gap"] == " " and len(word) < 2:
        return False
    low = word.lower()
    return low not in _NOT_A_NAME and not (low.endswith("ly") and word[1:].islower())


def names_a_thing(text: str, fact: Fact, payload: Payload) -> bool:
    """Whether a code's digits are glued to a capitalised prefix ("COVID-19", "PWM-5700",
    "Form S-1"): part of a name, which a passage may name otherwise ("the coronavirus"),
    so never a missing number (the code stays a fact, read as ``code`` and no rival);
    digits a zero leads ("00431") are a code's own and stay missing where absent."""
    return (
        isinstance(payload, Quantity)
        and payload.unit == "code"
        and _CODE_BEFORE.search(text, max(0, fact.start - 6), fact.start) is not None
    )


# A comparison of amounts right before a year-like number makes it a count: "more than
# 1530 confirmed cases", "under 1050 Covid-19 occurrences". A year is bounded by the
# date words ("before 2014", "after 1990"), never "more than"; "up to" and "within" are
# said of years too ("up to 2020"), and a hedge ("about 1540") dates as often as it counts.
_COUNT_LEAD = lazy_pattern(
    r"(?i:(?<![\w.\-])(?:"
    + phrase_alternation(
        p for p, side in LEAD_BOUNDS.items() if side != "about" and p not in ("up to", "within")
    )
    + r")\s+)$"
)
_COUNT_REACH = 24  # characters before a number the longest comparison phrase may take


def _counts_things(text: str, start: int, end: int) -> bool:
    """ "1024 bits", "a 2000-page report", "more than 1530 cases": a year-like number
    that counts something ("in 2019 films were..." still names a year)."""
    if _COUNT_LEAD.search(text, max(0, start - _COUNT_REACH), start) is not None:
        return True
    m = _COUNTED.match(text, end)
    if m is None or (m.group(1) is not None and m.group(1) in STOPWORDS):
        return False
    return not _YEAR_PREP.search(text[max(0, start - 8) : start])


# A payment term: "net 30" is due thirty days after the invoice ("2/10 net 30" too).
_NET = lazy_pattern(r"(?i:\bnet)\s*$")
_NET_DAYS = 180


def _number_fact(m: re.Match[str], text: str) -> tuple[str, str, Payload] | None:
    g = m.groupdict()
    unit = _unit_of(g)
    designated = None
    if g.get("num"):
        raw = g["num"]
        value = _digits(raw)
        if unit is None:
            designated = _designator(text, m.start()) or _street_number(text, m.start(), m.end())
            if designated is None and not g.get("scale") and _in_name(text, m.start(), raw):
                return None  # "Fallout 76", "Windows 10": a name's part, no quantity
        if g.get("scale"):
            value *= SCALES[g["scale"].lower()]
        elif (
            unit is None
            and YEAR_ONLY.fullmatch(raw)
            and not _counts_things(text, m.start(), m.end())
            and designated is None
        ):
            return "date", raw, DateKeys((("y", int(raw)),))
    elif g.get("num2"):
        value = _digits(g["num2"])
    else:
        words = g["words"]
        if words.lower() == "one" and unit is None:
            return None  # "one of", "one can": a pronoun far more often than a count
        value = _spelled_value(words)
    if unit is None:
        unit = designated
    if unit is None and value <= _NET_DAYS and _NET.search(text, max(0, m.start() - 5), m.start()):
        unit = "day"  # "payable net 30": thirty days
    q = _quantity(value, unit)
    return "number", f"{q.key} {unit}" if unit else q.key, q


def _amount_fact(m: re.Match[str], kind: str) -> tuple[str, str, Payload]:
    g = m.groupdict()
    if g.get("num2"):
        value = _digits(g["num2"])
        if g.get("scale2"):
            value *= SCALES[g["scale2"].lower()]
    elif g.get("num"):
        value = _digits(g["num"])
        if g.get("scale"):
            value *= SCALES[g["scale"].lower()]
        elif g.get("abbr"):
            value *= ABBR_SCALE[g["abbr"].lower()]
    else:
        value = _spelled_value(g["words"])
        cents = g.get("cents")
        if cents and cents.isdigit():
            value += int(cents) / 100
    cur = _currency(g["cur"] if kind == "amount_pre" else g.get("cur2") or g["curw"])
    if cur.endswith("/100"):
        cur = cur[:-4]
        value /= 100
    q = _quantity(value, cur)
    return "amount", f"{q.key} {cur}", q


def _percent_fact(m: re.Match[str]) -> tuple[str, str, Payload]:
    g = m.groupdict()
    raw = g.get("num2") or g.get("num")
    value = _digits(raw) if raw else _spelled_value(g["words"])
    q = _quantity(value, "%")
    return "percent", f"{q.key} %", q


def _legal_fact(m: re.Match[str]) -> tuple[str, str, Payload]:
    g = m.groupdict()
    value = _digits(g["num"])
    if g.get("pct") or g.get("pctw"):
        q = _quantity(value, "%")
        return "percent", f"{q.key} %", q
    if g.get("cur") or g.get("curw"):
        cur = _currency(g.get("cur") or g["curw"])
        q = _quantity(value, cur)
        return "amount", f"{q.key} {cur}", q
    unit = _unit_of(g)
    q = _quantity(value, unit)
    return "number", f"{q.key} {unit}" if unit else q.key, q


def _ordinal_fact(m: re.Match[str], text: str) -> tuple[str, str, Payload] | None:
    g = m.groupdict()
    if g.get("num"):
        n = int(g["num"]) if len(g["num"]) < 16 else 0
    else:
        if _is_enumerator(text, m):
            return None
        n = _ordinal_word_value(g["words"])
    if n <= 0:
        return None
    return "number", f"{n}{_ordinal_suffix(n)}", Quantity(str(n))


def _numeric_fact(name: str, m: re.Match[str], text: str) -> tuple[str, str, Payload] | None:
    """Dispatch one master-regex match to its reader; ``None`` means no fact."""
    if name.startswith("skip_"):
        return None
    if name.startswith("date_"):
        if name in ("date_dmy", "date_dm") and _designator(text, m.start()) is not None:
            return None  # "Page 15 May 2004": a page footer's number before its date
        got = _date_fact(m, text, name)
        return None if got is None else ("date", got[0], got[1])
    if name == "decade":
        dec = int(m.group("dec"))
        return "date", f"{dec}s", DateKeys((("dec", dec),))
    if name == "legal":
        return _legal_fact(m)
    if name.startswith("amount_"):
        return _amount_fact(m, name)
    if name == "percent":
        return _percent_fact(m)
    if name == "ordinal":
        return _ordinal_fact(m, text)
    if name == "multiplier":
        return _multiplier_fact(m)
    if name == "a_period":
        unit = m.group("unit").lower()
        q = _quantity(1.0, unit)
        return "number", f"{q.key} {unit}", q
    return _number_fact(m, text)


def _multiplier_fact(m: re.Match[str]) -> tuple[str, str, Payload]:
    """ "twice" reads as "two times", so the two agree and "three times" conflicts."""
    q = _quantity(MULTIPLIERS[m.group().lower()], "time")
    return "number", f"{q.key} time", q


# The words whose tokens the numeric scan reads (``_triggers``: number and month words,
# currency codes, a hyphenated word led by one; the ordinal index: ordinal words),
# found at once in a whole source so that only they are tokenized (``text.word_tokens_at``).
_WORD_FINDER = ahocorasick_rs.AhoCorasick(
    sorted({*TRIGGER_WORDS, *ORD_WORDS}), matchkind=ahocorasick_rs.MATCHKIND_LEFTMOST_LONGEST
)
_LONE_A = lazy_pattern(r"(?<![A-Za-z])[Aa](?![A-Za-z])")  # "a" before a scale: "a million"


def numeric_words(text: str) -> list[Tok]:
    """The tokens of ASCII ``text`` the numeric scan reads (and each one's next token):
    for :func:`scan_numeric` and the ordinal index, the same facts as every token."""
    low = text.lower()
    size = len(low)
    starts = [
        s
        for _, s, e in _WORD_FINDER.find_matches_as_indexes(low)
        if (s == 0 or not low[s - 1].isalpha()) and (e == size or not low[e].isalpha())
    ]
    starts.extend(m.start() for m in _LONE_A.finditer(text))
    starts.sort()
    return word_tokens_at(text, starts)


def _triggers(text: str, toks: list[Tok]) -> list[tuple[int, str]]:
    """Where a numeric fact can start, and what starts there (see ``patterns._TRIGGER_ALTS``).

    Trying the alternatives only at digits, currency signs and number/month words,
    instead of at every character, is what keeps the scan cheap.
    """
    out: list[tuple[int, str]] = []
    for m in TRIGGER_CHARS.finditer(text):
        p = m.start()
        if text[p].isdigit():
            out.append((p, "digit"))
        elif text[p] == "$" and p > 0 and text[p - 1] in "SCA":
            out.append((p - 2 if text[max(0, p - 2) : p] == "US" else p - 1, "currency"))
        else:
            out.append((p, "currency"))
    for i, t in enumerate(toks):
        w = t.lower
        kind = TRIGGER_WORDS.get(w)
        if kind is None and "-" in w:
            kind = TRIGGER_WORDS.get(w.split("-", 1)[0])
        if kind is None and w == "a":
            if i + 1 < len(toks) and toks[i + 1].lower in A_SCALES:
                kind = "word"
            elif A_PERIOD.match(text, t.start) and (
                PERIOD_LEAD.search(text, max(0, t.start - 12), t.start)
                or A_PERIOD_OWNS.match(text, t.start)
            ):
                kind = "period"
        if kind is not None:
            out.append((t.start, kind))
    out.sort()
    return out


def _tally(text: str, p: int) -> tuple[Fact, Payload] | None:
    """A vote or a score at ``p`` ("5-4", "7–2"), its counts kept together so that "6-3"
    contradicts "5-4" where two loose numbers would only be missing."""
    m = TALLY.match(text, p)
    if m is None or int(m["t1"]) < int(m["t2"]):
        return None
    if _designator(text, p) is not None:
        return None  # "§ 12-3" is a section
    value = f"{int(m['t1'])}-{int(m['t2'])}"
    return Fact("number", m.group(), f"{value} tally", m.start(), m.end()), Quantity(value, "tally")


def _list_marker(text: str, p: int) -> int:
    """End of a "1." / "2)" list marker at ``p`` (first thing on its line), else -1."""
    m = LIST_MARK.match(text, p)
    if m is None:
        return -1
    line_start = text.rfind("\n", 0, p) + 1
    return (
        m.end()
        if MARKER_LEAD.search(text[max(line_start, p - 40) : p].rstrip(" \t") + " ")
        or text[line_start:p].strip(" \t") == ""
        else -1
    )


def _section_label(text: str, p: int) -> int:
    """End of a clause number heading a clause at ``p`` ("3.2 Distributor shall"), else -1.

    It names the clause, not a quantity: read as a number, "8.4" in one clause of a
    contract "conflicted" with "8.3" in the next (241 of the 1,642 conflicts between
    true CUAD sentences). "Section 3.2", "1.5 million", "2.5 percent" are not labels:
    a section word before it, or no capital after it.
    """
    m = SECTION_LABEL.match(text, p)
    if m is None or (p > 0 and not text[p - 1].isspace()):
        return -1
    line_start = text.rfind("\n", 0, p) + 1
    lead = text[max(line_start, p - 40) : p]
    if lead.strip(" \t") and not LABEL_LEAD.search(lead):
        return -1
    return m.end() if _designator(text, p) is None else -1


def scan_numeric(
    text: str, toks: list[Tok]
) -> tuple[list[tuple[Fact, Payload]], list[tuple[int, int]]]:
    """All numeric facts, and every span the numeric scan consumed (names skip those).

    Chinese, Japanese and Thai write a number against the words around it ("月租金为3000
    美元", "2025年3月1日"), and the patterns' word edges, which count those letters as word
    characters, found none of it: "3000" against "2400" was `supported`. Such
    letters are read as spaces here (the same length, so every offset holds), and each
    fact keeps its surface from the text itself.
    """
    if not text.isascii():
        masked = UNSPACED_CHAR.sub(" ", text)
        if masked != text:
            facts, spans = _scan_numeric(masked, word_tokens(masked))
            return [(replace(f, text=text[f.start : f.end]), p) for f, p in facts], spans
    return _scan_numeric(text, toks)


def _scan_numeric(
    text: str, toks: list[Tok]
) -> tuple[list[tuple[Fact, Payload]], list[tuple[int, int]]]:
    out: list[tuple[Fact, Payload]] = []
    spans: list[tuple[int, int]] = []
    done = 0
    for p, kind in _triggers(text, toks):
        if p < done:
            continue
        marker_end = _list_marker(text, p)
        if marker_end < 0 and kind == "digit":
            marker_end = _section_label(text, p)
        if marker_end >= 0:
            spans.append((p, marker_end))
            done = marker_end
            continue
        if kind == "digit":
            tally = _tally(text, p)
            if tally is not None:
                fact, payload = tally
                out.append(tally)
                spans.append((fact.start, fact.end))
                done = fact.end
                continue
        mm = MASTERS[kind].match(text, p)
        if mm is None:
            continue
        name = mm.lastgroup or "number"
        m = ALT_RES[name].match(text, p)
        if m is None or m.end() <= m.start():  # pragma: no cover - same pattern
            continue
        spans.append((m.start(), m.end()))
        done = m.end()
        got = _numeric_fact(name, m, text)
        if got is not None:
            kind, value, payload = got
            out.append((Fact(kind, m.group(), value, m.start(), m.end()), payload))
    if " and " in text:
        out = _compound_periods(text, out)
    return read_bounds(text, out), spans


# "one year and six months", "2 years, and 3 months"; "a year and a half".
_AND = lazy_pattern(r"\s*,?\s+and\s+")
_AND_A_HALF_AFTER = lazy_pattern(r"\s+and\s+(?:a|one)(?:\s+|\s*-\s*)half\b", re.IGNORECASE)


def _compound_periods(text: str, facts: list[tuple[Fact, Payload]]) -> list[tuple[Fact, Payload]]:
    """Periods said in two parts read as one: "one year and six months" is eighteen
    months, as "a year and a half" is; read apart, each part contradicts "eighteen (18)
    months"."""
    out: list[tuple[Fact, Payload]] = []
    for fact, payload in facts:
        if out and _joins(text, out[-1], (fact, payload)):
            first, head = out[-1]
            assert isinstance(head, Quantity) and isinstance(payload, Quantity)
            big, small = TIME_SYSTEM[str(head.unit)][1], TIME_SYSTEM[str(payload.unit)][1]
            total = float(head.key) * big + float(payload.key) * small
            out[-1] = _period_fact(text, first.start, fact.end, total / small, payload.unit)
            continue
        out.append((fact, payload))
    for n, (fact, payload) in enumerate(out):
        if _period(payload) and (half := _AND_A_HALF_AFTER.match(text, fact.end)):
            assert isinstance(payload, Quantity)
            out[n] = _period_fact(
                text, fact.start, half.end(), float(payload.key) * 1.5, payload.unit
            )
    return out


def _period(payload: Payload) -> bool:
    return (
        isinstance(payload, Quantity) and payload.time is not None and payload.unit in TIME_SYSTEM
    )


def _joins(text: str, a: tuple[Fact, Payload], b: tuple[Fact, Payload]) -> bool:
    """Whether two periods are one said in two parts: a larger unit, "and", a smaller one
    of the same time system."""
    (fa, pa), (fb, pb) = a, b
    if not (_period(pa) and _period(pb)) or _AND.fullmatch(text, fa.end, fb.start) is None:
        return False
    assert isinstance(pa, Quantity) and isinstance(pb, Quantity)
    sa, fa_ = TIME_SYSTEM[str(pa.unit)]
    sb, fb_ = TIME_SYSTEM[str(pb.unit)]
    return sa == sb and fa_ > fb_


def _period_fact(
    text: str, start: int, end: int, value: float, unit: str | None
) -> tuple[Fact, Payload]:
    q = _quantity(value, unit)
    return Fact("number", text[start:end], f"{q.key} {unit}", start, end), q
