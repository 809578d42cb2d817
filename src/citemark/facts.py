"""Key-fact agreement between a claim and the evidence it was matched to.

A paraphrase can score well on word overlap and embeddings and still change the
one detail a legal reader relies on: a number, a date, an amount, who is named,
or whether something is or is not allowed. This module pulls those details out
of a claim and reports the ones the evidence does not back.

It runs on every candidate passage, so it is plain ``re`` and set lookups, every
regex is compiled at import, and the analysis of a text is memoised: the same
evidence passage is checked against many claims. Every rule leans towards *not*
reporting when unsure, because a false "unsupported fact" costs the reader more
than a missed one (the overlap and embedding scores still see the text).
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["FACT_KINDS", "Fact", "extract_facts", "missing_facts"]

FACT_KINDS: tuple[str, ...] = ("number", "date", "amount", "percent", "negation", "name")


@dataclass(frozen=True)
class Fact:
    """One checkable detail of a text.

    ``text`` is the surface form (``text[start:end]`` of the analysed string);
    ``value`` is the normalised form that comparisons and de-duplication use.
    """

    kind: str
    text: str
    value: str
    start: int
    end: int


# ---------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------

_SMALL = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {
    w: 10 * (i + 2)
    for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())
}
_SCALES = {
    "hundred": 100.0,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
}
_NUM_WORDS: dict[str, float] = {**_SMALL, **_TENS, "dozen": 12, **_SCALES}

_ORD_SMALL = {
    w: i + 1
    for i, w in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
    )
}
_ORD_TENS = {
    w: 10 * (i + 2)
    for i, w in enumerate(
        "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split()
    )
}
_ORD_BIG = {"hundredth": 100, "thousandth": 1000, "millionth": 1_000_000}
_ORD_WORDS: dict[str, int] = {**_ORD_SMALL, **_ORD_TENS, **_ORD_BIG}

_MONTHS = {
    m[:3].lower(): i + 1
    for i, m in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
_MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
_MONTH_ABBR = "Jan Feb Mar Apr Jun Jul Aug Sept Sep Oct Nov Dec".split()
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()

# Unit words after a number, normalised to a singular canonical name.
_UNIT_CANON: dict[str, str] = {
    "second": "second",
    "sec": "second",
    "minute": "minute",
    "min": "minute",
    "hour": "hour",
    "hr": "hour",
    "day": "day",
    "week": "week",
    "wk": "week",
    "month": "month",
    "year": "year",
    "yr": "year",
    "decade": "decade",
    "century": "century",
    "centurie": "century",
    "km": "kilometer",
    "kilometer": "kilometer",
    "kilometre": "kilometer",
    "meter": "meter",
    "metre": "meter",
    "cm": "centimeter",
    "centimeter": "centimeter",
    "centimetre": "centimeter",
    "mm": "millimeter",
    "millimeter": "millimeter",
    "millimetre": "millimeter",
    "mile": "mile",
    "feet": "foot",
    "foot": "foot",
    "ft": "foot",
    "inche": "inch",
    "inch": "inch",
    "kg": "kilogram",
    "kilogram": "kilogram",
    "gram": "gram",
    "mg": "milligram",
    "pound": "pound",
    "lb": "pound",
    "ton": "ton",
    "tonne": "tonne",
    "liter": "liter",
    "litre": "liter",
    "ml": "milliliter",
    "gallon": "gallon",
    "acre": "acre",
    "hectare": "hectare",
    "mph": "mph",
    "time": "time",
    "degree": "degree",
    "calorie": "calorie",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
}
_UNIT_WORDS = (
    r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?|"
    r"decades?|century|centuries|km|kilomet(?:er|re)s?|met(?:er|re)s?|cm|centimet(?:er|re)s?|"
    r"mm|millimet(?:er|re)s?|miles?|feet|foot|ft|inch(?:es)?|kg|kilograms?|grams?|mg|"
    r"pounds?|lbs?|tons?|tonnes?|lit(?:er|re)s?|ml|gallons?|acres?|hectares?|mph|times|"
    r"degrees?|calories|gb|mb|tb"
)
# Time units convert within a system, so "two weeks" backs "14 days".
_TIME_SYSTEM: dict[str, tuple[str, float]] = {
    "second": ("s", 1.0),
    "minute": ("s", 60.0),
    "hour": ("s", 3600.0),
    "day": ("s", 86400.0),
    "week": ("s", 604800.0),
    "month": ("m", 1.0),
    "year": ("m", 12.0),
    "decade": ("m", 120.0),
    "century": ("m", 1200.0),
}

_CUR_SYMBOL = {
    "$": "usd",
    "us$": "usd",
    "c$": "cad",
    "a$": "aud",
    "€": "eur",
    "£": "gbp",
    "¥": "jpy",
    "₹": "inr",
}
_CUR_WORD = {
    "dollar": "usd",
    "usd": "usd",
    "euro": "eur",
    "eur": "eur",
    "pounds sterling": "gbp",
    "gbp": "gbp",
    "yen": "jpy",
    "jpy": "jpy",
    "rupee": "inr",
    "inr": "inr",
    "yuan": "cny",
    "renminbi": "cny",
    "rmb": "cny",
    "franc": "chf",
    "chf": "chf",
    "cad": "cad",
    "aud": "aud",
    "cent": "usd/100",
    "pence": "gbp/100",
}
_CURRENCIES = frozenset(v for v in _CUR_WORD.values() if "/" not in v)
_ABBR_SCALE = {"k": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "b": 1e9, "bn": 1e9}

_STOPWORDS = frozenset(
    """a about above after again against all also although am an and any are as at be
    because been before being below between both but by can could did do does doing down
    during each either else ever every few for from further had has have having he her
    here hers herself him himself his how i if in into is it its itself just least less
    let like may me might more most must my myself neither no nor not now of off often on
    once one only or other others otherwise our ours ourselves out over own per quite
    rather same shall she should so some such than that the their theirs them themselves
    then there these they this those though through thus to too under until up upon us
    very via was we were what whatever when where whether which while who whom whose why
    will with within without would yet you your yours yourself yourselves""".split()
)
# Words a negation cue reaches over to find what it governs.
_NEG_SKIP = frozenset(
    """a an the any all be been being is are was were am do does did have has had will
    would shall should may might must can could to one ever always yet necessarily really
    even also still currently generally usually entirely fully quite very too so longer
    his her their its our your my this that these those such""".split()
)
_NEG_SKIP_WIDE = _NEG_SKIP | {"of", "from", "to", "them", "us"}
_BARE_CONTRACTIONS = frozenset(
    """dont doesnt didnt isnt arent wasnt werent havent hasnt hadnt wont wouldnt shouldnt
    couldnt cant mustnt neednt""".split()
)
_COMPARATIVES = frozenset("more less fewer later earlier greater sooner longer".split())
_AUX = frozenset(
    """is are was were be been being am may might must shall should can could will would
    does do did has have had""".split()
)
_ADVERBS = frozenset(
    """also always still already often usually generally typically only just even then
    now currently indeed never ever""".split()
)
# A word right after one of these may be a positive statement ("must sublet").
_ASSERT_PREV = _AUX | _ADVERBS | {"with", "a", "an", "the"}
_CLAUSE_BREAK = frozenset(
    """and or but because which that who whom if unless when while so as although though
    whereas since nor""".split()
)
_NEG_CUES = frozenset(
    "not no never none nor neither without cannot prohibited forbidden prohibits forbids".split()
)
_FUNCTION_WORDS = frozenset(
    """a an the this that these those there here it its he she they we i you me him her
    them us our ours your yours their theirs his hers my mine who whom whose which what
    when where why how if then than but and or nor so yet for of in on at by to from with
    without within into onto upon about above below under over after before during since
    until while as because although though unless whether however therefore thus hence
    moreover furthermore additionally also finally first firstly second secondly third
    lastly next meanwhile otherwise instead indeed still nevertheless nonetheless
    accordingly consequently similarly likewise overall generally typically usually often
    sometimes always never not no yes both each every either neither all any some many
    most much more few several such other another one none nothing something anything
    everything someone anyone everyone is are was were be been being am do does did have
    has had will would shall should may might must can could let please note according
    regarding including like unlike per via vs ok okay sure well across along among amid
    around against beyond behind beside besides between through throughout toward towards
    despite inside outside near past except given today yesterday tomorrow once later
    earlier now recently currently""".split()
)
_TITLES = frozenset("mr mrs ms dr prof sir st jr sr messrs hon rev".split())
_CONNECTORS = frozenset("of de da di del della der van von la le du bin al y".split())
_LINKERS = _CONNECTORS | {"the"}
# Capitalised job titles: part of a name's surface, never what identifies it.
_ROLES = frozenset(
    """president vice chairman chairwoman chair chief executive officer senator governor
    judge justice prime minister secretary director king queen prince princess lord lady
    duke duchess general captain professor mayor spokesman spokeswoman representative
    commissioner attorney ambassador sheriff pope bishop""".split()
)
_DEMONYM_SUFFIXES = ("ians", "ian", "ans", "an", "ns", "n", "ese", "ish", "is", "i")
# Heads of organisation and place names: "Acme Corp" is not backed by "Beta Corp".
_GENERIC_HEADS = frozenset(
    """corp corporation inc incorporated co company ltd limited llc llp plc lp group
    holdings bank court courts university college school institute act acts law code
    section article state states city county river lake mountain mountains island islands
    department agency association society party church hospital center centre foundation
    council commission committee board office ministry house street road avenue park award
    prize war museum league club team airport station republic kingdom empire union
    federation organization organisation service services system trust fund tribunal
    circuit district amendment clause rule rules regulation regulations""".split()
)
_NON_NAMES = (
    _FUNCTION_WORDS
    | frozenset(_MONTHS)
    | frozenset(m.lower() for m in _MONTH_NAMES)
    | frozenset(a.lower() for a in _MONTH_ABBR)
    | frozenset(_WEEKDAYS)
)


# ---------------------------------------------------------------------------
# Regexes
# ---------------------------------------------------------------------------


def _alt(words: Iterable[str]) -> str:
    """Alternation, longest first, so "seventeen" is never read as "seven"."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


_SCALE = r"(?i:hundred|thousand|million|billion|trillion)\b"
_SCALE_SEP = r"(?:\s+|\s?-\s?)"
_NUM_WORD = rf"(?:{_alt(_NUM_WORDS)})\b"
_NUM_SEP = (
    r"(?:\s*-\s*|\s+|(?<=hundred)\s+and\s+|(?<=thousand)\s+and\s+"
    r"|(?<=million)\s+and\s+|(?<=billion)\s+and\s+)"
)
_SPELLED = (
    rf"(?i:\b(?:a\s+(?=(?:dozen|hundred|thousand|million|billion|trillion)\b))?"
    rf"{_NUM_WORD}(?:{_NUM_SEP}{_NUM_WORD})*)"
)
_DIGIT = r"(?<![\w.,:/])(?:[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\.[0-9]+)?"
_DNUM = rf"{_DIGIT}(?![^\W_])"
_UNIT_TAIL = (
    r"(?:\s*-\s*|\s+)(?:(?i:business|calendar|working|consecutive|full|additional|more"
    rf"|further)\s+)?(?P<unit>(?i:{_UNIT_WORDS}))\b"
)
_PCT_WORDS = r"(?:%|(?i:percent|per\s*cent|percentage\s+points?|pct)\b)"
_PCT_TAIL = rf"(?P<pct>{_PCT_WORDS})"
_CUR_SYM = r"(?:US\$|C\$|A\$|\$|€|£|¥|₹|(?:USD|EUR|GBP|JPY|INR|CHF|CAD|AUD)(?![A-Za-z]))"
_CUR_WORDS = (
    r"(?i:dollars?|usd|euros?|eur|pounds\s+sterling|gbp|yen|jpy|rupees?|inr|yuan|renminbi"
    r"|rmb|francs?|chf|cad|aud|cents?|pence)\b"
)
_WORD_ECHO = rf"(?:\s*\(\s*{_SPELLED}(?:\s+(?:(?i:US)\s+)?{_CUR_WORDS}|\s*{_PCT_WORDS})?\s*\))?"

_MONTH = (
    rf"(?P<mon>(?:{_alt(_MONTH_NAMES + [m.upper() for m in _MONTH_NAMES] + _MONTH_ABBR)})\b\.?)"
)
_DAY = r"(?P<day>[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![0-9])"
_YEAR = r"(?P<year>1[0-9]{3}|20[0-9]{2})(?![0-9])"

_ALTERNATIVES: dict[str, str] = {
    # Consumed without producing a fact, so their digits are not misread.
    "skip_url": r"(?i:https?://|www\.)\S+",
    "skip_time": (
        r"(?<![\w.:])[0-9]{1,2}(?::[0-9]{2}(?::[0-9]{2})?(?:\s*(?i:[ap]\.?m\b\.?))?"
        r"|\s*(?i:[ap]\.m\.|[ap]m\b))"
    ),
    "date_mdy": rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}",
    "date_dmy": rf"(?<![\w.,]){_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}",
    "date_iso": (
        r"(?<![\w.,/-])(?P<year>1[0-9]{3}|20[0-9]{2})[-/](?P<mo>0?[1-9]|1[0-2])[-/]"
        r"(?P<day>0?[1-9]|[12][0-9]|3[01])(?![0-9])"
    ),
    "date_num": (
        r"(?<![\w.,/:-])(?P<a>[0-9]{1,2})[/.-](?P<b>[0-9]{1,2})[/.-]"
        r"(?P<year>[0-9]{4}|[0-9]{2})(?![0-9])"
    ),
    "date_range": (
        r"(?<![\w.,/-])(?P<year>1[0-9]{3}|20[0-9]{2})\s?[-–—/]\s?(?P<y2>[0-9]{4}|[0-9]{2})(?![0-9])"
    ),
    "date_my": rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}",
    "date_md": rf"\b{_MONTH}\s+{_DAY}(?!\s*[,:]?\s*[0-9])",
    "date_dm": rf"(?<![\w.,]){_DAY}\s+(?:of\s+)?{_MONTH}",
    "decade": r"(?<![\w.,])(?P<dec>1[0-9]{2}0|20[0-9]0)['’]?s\b",
    "legal": (
        rf"(?:{_SPELLED})\s*\(\s*(?P<cur>{_CUR_SYM})?\s*(?P<num>{_DIGIT})\s*(?P<pct>%)?\s*\)"
        rf"(?:\s*(?P<pctw>%|(?i:percent|per\s*cent)\b)|\s+(?P<curw>{_CUR_WORDS})|{_UNIT_TAIL})?"
    ),
    "amount_pre": (
        rf"(?<![\w$])(?P<cur>{_CUR_SYM})\s?(?P<num>{_DIGIT})"
        rf"(?:{_SCALE_SEP}(?P<scale>{_SCALE})|\s?(?P<abbr>(?i:k|mn|mm|bn|m|b))\b)?{_WORD_ECHO}"
    ),
    "amount_suf": (
        rf"(?:(?P<num>{_DNUM})(?:{_SCALE_SEP}(?P<scale>{_SCALE}))?|(?P<words>{_SPELLED}))"
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
        rf"|\b(?P<words>(?i:(?:(?:{_alt(_TENS)})[\s-])?(?:{_alt(_ORD_SMALL)})|{_alt(_ORD_TENS)}"
        rf"|{_alt(_ORD_BIG)}))\b"
    ),
    "number": (
        rf"(?:(?P<num>{_DNUM})(?:{_SCALE_SEP}(?P<scale>{_SCALE}))?(?:\s*\(\s*{_SPELLED}\s*\))?"
        rf"|(?P<words>{_SPELLED})(?:\s*\(\s*(?P<num2>{_DIGIT})\s*\))?)(?:{_UNIT_TAIL})?"
    ),
}
_ALT_RES = {name: re.compile(p) for name, p in _ALTERNATIVES.items()}
_NAMED_GROUP = re.compile(r"\(\?P<\w+>")
# Which alternatives can start at each kind of trigger, in priority order.
_TRIGGER_ALTS = {
    "digit": (
        "skip_time date_dmy date_iso date_num date_range date_dm decade amount_suf percent "
        "ordinal number"
    ),
    "currency": "amount_pre",
    "month": "date_mdy date_my date_md",
    "word": "legal amount_suf percent ordinal number",
    "url": "skip_url",
}
# One alternation per trigger kind: the match names the alternative that won, and the
# alternative's own regex is then re-run at that spot to read its groups.
_MASTERS = {
    kind: re.compile(
        "|".join(f"(?P<{n}>{_NAMED_GROUP.sub('(?:', _ALTERNATIVES[n])})" for n in names.split())
    )
    for kind, names in _TRIGGER_ALTS.items()
}
_YEAR_ONLY = re.compile(r"1[0-9]{3}|20[0-9]{2}")
_TRIGGER_CHARS = re.compile(r"[0-9]+|[$€£¥₹]")
_LIST_MARK = re.compile(r"[0-9]{1,2}[.)](?=\s)")
_A_SCALES = frozenset(("dozen", *_SCALES))
_TRIGGER_WORDS: dict[str, str] = {
    **dict.fromkeys([*_NUM_WORDS, *_ORD_WORDS], "word"),
    **dict.fromkeys((m.lower() for m in _MONTH_NAMES + _MONTH_ABBR), "month"),
    **dict.fromkeys("usd eur gbp jpy inr chf cad aud".split(), "currency"),
    **dict.fromkeys("http https www".split(), "url"),
}
_SPELLED_SPLIT = re.compile(r"[\s-]+")
_TOKEN = re.compile(r"(?:[A-Z]\.){2,}|[^\W\d_]+(?:['’-][^\W\d_]+)*")
_GAP_PUNCT = frozenset(',;:.!?()[]{}"“”\n')  # a newline separates joined passages


# ---------------------------------------------------------------------------
# Numeric extraction
# ---------------------------------------------------------------------------


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
    """Value of "two hundred and five", "a dozen", "twenty-one"."""
    total = 0.0
    current = 0.0
    for w in _SPELLED_SPLIT.split(s.lower()):
        if w in ("a", "and", ""):
            if w == "a":
                current = max(current, 1.0)
            continue
        v = _NUM_WORDS.get(w)
        if v is None:
            continue
        if w == "dozen":
            current = max(current, 1.0) * 12
        elif w == "hundred":
            current = max(current, 1.0) * 100
        elif w in _SCALES:
            total += max(current, 1.0) * v
            current = 0.0
        else:
            current += v
    return total + current


def _unit(raw: str | None) -> str | None:
    if not raw:
        return None
    u = raw.lower()
    if u in _UNIT_CANON:
        return _UNIT_CANON[u]
    if u.endswith("s") and u[:-1] in _UNIT_CANON:
        return _UNIT_CANON[u[:-1]]
    return u


def _currency(raw: str) -> str:
    key = " ".join(raw.lower().split())
    if key in _CUR_SYMBOL:
        return _CUR_SYMBOL[key]
    if key in _CUR_WORD:
        return _CUR_WORD[key]
    if key.endswith("s") and key[:-1] in _CUR_WORD:
        return _CUR_WORD[key[:-1]]
    return key


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _ordinal_word_value(s: str) -> int:
    parts = _SPELLED_SPLIT.split(s.lower())
    tens = _TENS.get(parts[0], 0) if len(parts) > 1 else 0
    return tens + _ORD_WORDS.get(parts[-1], 0)


@dataclass(frozen=True)
class _Quantity:
    """Comparison payload of a number, amount or percent."""

    key: str
    unit: str | None = None
    time: tuple[str, str] | None = None


@dataclass(frozen=True)
class _DateKeys:
    """Each reading of a date ("01/05/2020" has two) as comparable tuples."""

    alts: tuple[tuple[int | str, ...], ...]


@dataclass(frozen=True)
class _NameKey:
    words: tuple[str, ...]
    soft_first: bool


@dataclass(frozen=True)
class _NegKey:
    head: str
    cue: str


_Payload = _Quantity | _DateKeys | _NameKey | _NegKey


def _quantity(value: float, unit: str | None) -> _Quantity:
    key = _fmt(value)
    time = None
    if unit in _TIME_SYSTEM:
        system, factor = _TIME_SYSTEM[unit]
        time = (system, _fmt(value * factor))
    return _Quantity(key, unit, time)


def _valid_month_day(m: int, d: int) -> bool:
    return 1 <= m <= 12 and 1 <= d <= 31


def _date_fact(m: re.Match[str], text: str, kind: str) -> tuple[str, _DateKeys] | None:
    g = m.groupdict()
    if kind == "date_num":
        a, b, yr = int(g["a"]), int(g["b"]), g["year"]
        sep1, sep2 = text[m.end("a")], text[m.start("b") + len(g["b"])]
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
        return f"{y0:04d}-{m0:02d}-{d0:02d}", _DateKeys(alts)
    if kind == "date_range":
        return _range_fact(int(g["year"]), g["y2"])
    month = _MONTHS[g["mon"][:3].lower()] if g.get("mon") else int(g.get("mo") or 0)
    day = int(g["day"]) if g.get("day") else 0
    year = int(g["year"]) if g.get("year") else 0
    if year and day:
        return f"{year:04d}-{month:02d}-{day:02d}", _DateKeys((("ymd", year, month, day),))
    if year:
        return f"{year:04d}-{month:02d}", _DateKeys((("ym", year, month),))
    return f"xxxx-{month:02d}-{day:02d}", _DateKeys((("md", month, day),))


def _range_fact(y1: int, raw: str) -> tuple[str, _DateKeys] | None:
    """ "2018-19" / "1999–2001" name both years; "2020-01" is a month."""
    y2 = int(raw) if len(raw) == 4 else y1 - y1 % 100 + int(raw)
    if y1 < y2 <= y1 + 100:
        return f"{y1}-{y2}", _DateKeys((("y", y1), ("y", y2)))
    if len(raw) == 2 and 1 <= int(raw) <= 12:
        return f"{y1:04d}-{int(raw):02d}", _DateKeys((("ym", y1, int(raw)),))
    return None


def _is_enumerator(text: str, m: re.Match[str]) -> bool:
    """ "First, ..." / "at first" are discourse, not a count."""
    word = m.group().lower()
    after = text[m.end() : m.end() + 14].lower()
    if after.startswith(",") or after.startswith((" of all", " and foremost")):
        return True
    return word == "first" and text[max(0, m.start() - 3) : m.start()].lower() == "at "


def _number_fact(m: re.Match[str], text: str) -> tuple[str, str, _Payload] | None:
    g = m.groupdict()
    unit = _unit(g.get("unit"))
    if g.get("num"):
        raw = g["num"]
        value = _digits(raw)
        if g.get("scale"):
            value *= _SCALES[g["scale"].lower()]
        elif unit is None and _YEAR_ONLY.fullmatch(raw):
            return "date", raw, _DateKeys((("y", int(raw)),))
    elif g.get("num2"):
        value = _digits(g["num2"])
    else:
        words = g["words"]
        if words.lower() == "one" and unit is None:
            return None  # "one of", "one can": a pronoun far more often than a count
        value = _spelled_value(words)
    q = _quantity(value, unit)
    return "number", f"{q.key} {unit}" if unit else q.key, q


def _amount_fact(m: re.Match[str], kind: str) -> tuple[str, str, _Payload]:
    g = m.groupdict()
    if g.get("num2"):
        value = _digits(g["num2"])
        if g.get("scale2"):
            value *= _SCALES[g["scale2"].lower()]
    elif g.get("num"):
        value = _digits(g["num"])
        if g.get("scale"):
            value *= _SCALES[g["scale"].lower()]
        elif g.get("abbr"):
            value *= _ABBR_SCALE[g["abbr"].lower()]
    else:
        value = _spelled_value(g["words"])
    cur = _currency(g["cur"] if kind == "amount_pre" else g.get("cur2") or g["curw"])
    if cur.endswith("/100"):
        cur = cur[:-4]
        value /= 100
    q = _quantity(value, cur)
    return "amount", f"{q.key} {cur}", q


def _percent_fact(m: re.Match[str]) -> tuple[str, str, _Payload]:
    g = m.groupdict()
    raw = g.get("num2") or g.get("num")
    value = _digits(raw) if raw else _spelled_value(g["words"])
    q = _quantity(value, "%")
    return "percent", f"{q.key} %", q


def _legal_fact(m: re.Match[str]) -> tuple[str, str, _Payload]:
    g = m.groupdict()
    value = _digits(g["num"])
    if g.get("pct") or g.get("pctw"):
        q = _quantity(value, "%")
        return "percent", f"{q.key} %", q
    if g.get("cur") or g.get("curw"):
        cur = _currency(g.get("cur") or g["curw"])
        q = _quantity(value, cur)
        return "amount", f"{q.key} {cur}", q
    unit = _unit(g.get("unit"))
    q = _quantity(value, unit)
    return "number", f"{q.key} {unit}" if unit else q.key, q


def _ordinal_fact(m: re.Match[str], text: str) -> tuple[str, str, _Payload] | None:
    g = m.groupdict()
    if g.get("num"):
        n = int(g["num"]) if len(g["num"]) < 16 else 0
    else:
        if _is_enumerator(text, m):
            return None
        n = _ordinal_word_value(g["words"])
    if n <= 0:
        return None
    return "number", f"{n}{_ordinal_suffix(n)}", _Quantity(str(n))


def _numeric_fact(name: str, m: re.Match[str], text: str) -> tuple[str, str, _Payload] | None:
    """Dispatch one master-regex match to its reader; ``None`` means no fact."""
    if name.startswith("skip_"):
        return None
    if name.startswith("date_"):
        got = _date_fact(m, text, name)
        return None if got is None else ("date", got[0], got[1])
    if name == "decade":
        dec = int(m.group("dec"))
        return "date", f"{dec}s", _DateKeys((("dec", dec),))
    if name == "legal":
        return _legal_fact(m)
    if name.startswith("amount_"):
        return _amount_fact(m, name)
    if name == "percent":
        return _percent_fact(m)
    if name == "ordinal":
        return _ordinal_fact(m, text)
    return _number_fact(m, text)


def _triggers(text: str, toks: list[_Tok]) -> list[tuple[int, str]]:
    """Where a numeric fact can start, and what starts there (see ``_TRIGGER_ALTS``).

    Trying the alternatives only at digits, currency signs and number/month words,
    instead of at every character, is what keeps the scan cheap.
    """
    out: list[tuple[int, str]] = []
    for m in _TRIGGER_CHARS.finditer(text):
        p = m.start()
        if text[p].isdigit():
            out.append((p, "digit"))
        elif text[p] == "$" and p > 0 and text[p - 1] in "SCA":
            out.append((p - 2 if text[max(0, p - 2) : p] == "US" else p - 1, "currency"))
        else:
            out.append((p, "currency"))
    for i, t in enumerate(toks):
        w = t.lower
        kind = _TRIGGER_WORDS.get(w)
        if kind is None and "-" in w:
            kind = _TRIGGER_WORDS.get(w.split("-", 1)[0])
        if kind is None and w == "a" and i + 1 < len(toks) and toks[i + 1].lower in _A_SCALES:
            kind = "word"
        if kind is not None:
            out.append((t.start, kind))
    out.sort()
    return out


def _list_marker(text: str, p: int) -> int:
    """End of a "1." / "2)" list marker at ``p`` (first thing on its line), else -1."""
    m = _LIST_MARK.match(text, p)
    if m is None:
        return -1
    line_start = text.rfind("\n", 0, p) + 1
    return m.end() if text[line_start:p].strip(" \t") == "" else -1


def _scan_numeric(
    text: str, toks: list[_Tok]
) -> tuple[list[tuple[Fact, _Payload]], list[tuple[int, int]]]:
    """All numeric facts, and every span the numeric scan consumed (names skip those)."""
    out: list[tuple[Fact, _Payload]] = []
    spans: list[tuple[int, int]] = []
    done = 0
    for p, kind in _triggers(text, toks):
        if p < done:
            continue
        marker_end = _list_marker(text, p)
        if marker_end >= 0:
            spans.append((p, marker_end))
            done = marker_end
            continue
        mm = _MASTERS[kind].match(text, p)
        if mm is None:
            continue
        name = mm.lastgroup or "number"
        m = _ALT_RES[name].match(text, p)
        if m is None or m.end() <= m.start():  # pragma: no cover - same pattern
            continue
        spans.append((m.start(), m.end()))
        done = m.end()
        got = _numeric_fact(name, m, text)
        if got is not None:
            kind, value, payload = got
            out.append((Fact(kind, m.group(), value, m.start(), m.end()), payload))
    return out, spans


# ---------------------------------------------------------------------------
# Tokens, names, negation
# ---------------------------------------------------------------------------


class _Tok:
    """A word of the analysed text (a slotted class: tokens are made by the hundred)."""

    __slots__ = ("cap", "content", "cue", "end", "lower", "start", "surface")

    def __init__(self, start: int, end: int, surface: str) -> None:
        self.start = start
        self.end = end
        self.surface = surface
        low = surface.lower()
        # "Acme", "ACME", "iPhone"; not "acme"
        self.cap = surface[0].isupper() or (surface[0].islower() and low != surface)
        self.lower = lower = low.replace("’", "'")
        cue = lower if lower in _NEG_CUES else None
        if cue is None and (lower.endswith("n't") or lower in _BARE_CONTRACTIONS):
            cue = "not"
        self.cue = cue
        self.content = cue is None and len(lower) > 1 and lower not in _STOPWORDS


def _tokens(text: str) -> list[_Tok]:
    return [_Tok(*m.span(), m.group()) for m in _TOKEN.finditer(text)]


@lru_cache(maxsize=65536)
def _fold(word: str) -> str:
    """Case- and accent-insensitive form, possessive dropped: "Zürich's" -> "zurich"."""
    w = word.casefold().replace("’", "'")
    if not w.isascii():
        w = "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))
    if w.endswith("'s"):
        w = w[:-2]
    return w.replace(".", "").strip("'")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """Very crude stemmer: enough that "sublets"/"subletting"/"sublet" meet."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 4:
        if w.endswith("ies"):
            w = w[:-3] + "y"
        elif w.endswith("ing") and len(w) > 5:
            w = w[:-3]
        elif (w.endswith("ed") and len(w) > 4) or (w.endswith("ly") and len(w) > 5):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


def _gap_has_punct(text: str, a: int, b: int) -> bool:
    """Punctuation (or a line break) between two words ends a negation's reach."""
    gap = text[a:b]
    return gap != " " and not _GAP_PUNCT.isdisjoint(gap)


def _sentence_initial(text: str, start: int) -> bool:
    """Whether a word opens a sentence, line, quotation or bullet."""
    j = start - 1
    while j >= 0 and (text[j].isspace() or text[j] in "\"'“‘([*•–—-#>"):
        if text[j] == "\n":
            return True
        j -= 1
    return j < 0 or text[j] in ".!?:;"


def _shouting(toks: list[_Tok], caps: set[int]) -> set[int]:
    """Indices of all-caps runs longer than four words (headings, boilerplate)."""
    out: set[int] = set()
    run: list[int] = []
    for i in [*sorted(i for i in caps if toks[i].surface.isupper()), -2]:
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if len(run) > 4:
            out.update(run)
        run = [i]
    return out


def _inside(spans: list[tuple[int, int]], starts: list[int], a: int, b: int) -> bool:
    if not spans:
        return False
    i = bisect_right(starts, a) - 1
    return any(0 <= j < len(spans) and spans[j][0] < b and a < spans[j][1] for j in (i, i + 1))


def _name_sequences(text: str, toks: list[_Tok], caps: set[int]) -> list[list[int]]:
    """Runs of capitalised tokens, joined by spaces, "&", "F." or "of (the)"."""
    seqs: list[list[int]] = []
    cur: list[int] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if i in caps:
            if cur and not _joins(text[toks[cur[-1]].end : t.start], toks[cur[-1]]):
                seqs.append(cur)
                cur = []
            cur.append(i)
            i += 1
            continue
        if cur:
            width = _bridge(text, toks, caps, i)
            if width:
                cur.extend(range(i, i + width))
                i += width
                continue
            seqs.append(cur)
            cur = []
        i += 1
    if cur:
        seqs.append(cur)
    return seqs


def _bridge(text: str, toks: list[_Tok], caps: set[int], i: int) -> int:
    """How many lowercase linkers at ``i`` join two capitalised words ("Bank of the West")."""
    k = i
    while k < len(toks) and k - i < 2:
        w = toks[k].lower
        if not (w in _CONNECTORS or (k > i and w == "the")):
            break
        if text[toks[k - 1].end : toks[k].start] != " ":
            return 0
        k += 1
    if k == i or k not in caps:
        return 0
    return k - i if text[toks[k - 1].end : toks[k].start] == " " else 0


def _joins(gap: str, prev: _Tok) -> bool:
    """Whether two capitalised words are one name: "Acme Corp", "John F. Kennedy"."""
    if gap in (" ", "\u00a0", " & "):
        return True
    initial = len(prev.surface) == 1 or prev.lower in _TITLES
    return initial and gap == ". "


def _names(
    text: str, toks: list[_Tok], spans: list[tuple[int, int]]
) -> list[tuple[Fact, _Payload]]:
    """Capitalised sequences, minus words inside numeric/date spans ("May" in a date)."""
    starts = [s for s, _ in spans]
    caps = {i for i, t in enumerate(toks) if t.cap}
    if not caps:
        return []
    caps -= _shouting(toks, caps)
    caps = {i for i in caps if not _inside(spans, starts, toks[i].start, toks[i].end)}
    initial = {i for i in caps if _sentence_initial(text, toks[i].start)}
    mid_caps = {toks[i].lower for i in caps if i not in initial}
    out: list[tuple[Fact, _Payload]] = []
    for seq in _name_sequences(text, toks, caps):
        got = _name_from_sequence(text, toks, seq, initial, mid_caps)
        if got is not None:
            out.append(got)
    return out


def _name_from_sequence(
    text: str,
    toks: list[_Tok],
    seq: list[int],
    initial: set[int],
    mid_caps: set[str],
) -> tuple[Fact, _Payload] | None:
    first_is_initial = seq[0] in initial
    while seq and (toks[seq[0]].lower in _FUNCTION_WORDS or toks[seq[0]].lower in _TITLES):
        seq = seq[1:]
    while seq and toks[seq[-1]].lower in _CONNECTORS:
        seq = seq[:-1]
    if not seq:
        return None
    first = toks[seq[0]]
    starts_sentence = first_is_initial and seq[0] in initial
    if len(seq) == 1:
        if first.lower in _NON_NAMES or first.lower in _ROLES or len(first.surface) < 2:
            return None
        if starts_sentence and first.lower not in mid_caps:
            return None  # "Tenants may..." - an ordinary word, capitalised by position
    words = tuple(_fold(toks[i].surface) for i in seq)
    if not any(w and w not in _LINKERS for w in words):
        return None
    start, end = first.start, toks[seq[-1]].end
    fact = Fact("name", text[start:end], " ".join(words), start, end)
    return fact, _NameKey(words, starts_sentence and len(seq) > 1)


@dataclass(frozen=True)
class _Negation:
    fact: Fact
    head: str
    cue: str
    scope: tuple[int, ...]
    soft: bool = False


def _idiom(text: str, toks: list[_Tok], i: int, cue: str) -> str | None:
    """How a cue is used, when not as a plain negation.

    "skip": no polarity claim at all ("not only", "no matter", "no more than", "or not",
    "forbidden fruit"). "soft": a real negation whose meaning a paraphrase often carries
    without one ("not yet" ~ "later", "not X but Y" is about a reason): it still shields
    its clause from counting as positive, but is never reported.
    """
    nxt = toks[i + 1].lower if i + 1 < len(toks) else ""
    nxt2 = toks[i + 2].lower if i + 2 < len(toks) else ""
    prev = toks[i - 1].lower if i > 0 else ""
    if cue in ("prohibited", "forbidden") and nxt not in ("from", "to"):
        return "skip"
    if cue == "not" and (nxt in ("only", "just", "merely") or prev == "or"):
        return "skip"
    if (cue == "no" and nxt in ("matter", "doubt")) or (nxt in _COMPARATIVES and nxt2 == "than"):
        return "skip"
    if cue == "not" and (nxt == "yet" or _contrastive(text, toks, i)):
        return "soft"
    return None


def _contrastive(text: str, toks: list[_Tok], i: int) -> bool:
    """ "not for who she is but for what she did": a "but" in the same clause."""
    for j in range(i + 1, min(len(toks), i + 10)):
        if _gap_has_punct(text, toks[j - 1].end, toks[j].start):
            return False
        if toks[j].lower == "but":
            return True
    return False


def _negations(text: str, toks: list[_Tok]) -> list[_Negation]:
    out: list[_Negation] = []
    for i, tok in enumerate(toks):
        cue = tok.cue
        if cue is None:
            continue
        idiom = _idiom(text, toks, i, cue)
        if idiom == "skip":
            continue
        head = _governed(text, toks, i, cue)
        if head is None:
            continue
        scope = (head, *_clause_after(text, toks, head))
        start = tok.start
        if i > 0 and toks[i - 1].lower in _AUX and text[toks[i - 1].end : tok.start] == " ":
            start = toks[i - 1].start
        end = toks[head].end
        value = "not:" + toks[head].lower
        fact = Fact("negation", text[start:end], value, start, end)
        out.append(_Negation(fact, _stem(toks[head].lower), cue, scope, idiom == "soft"))
    return out


def _governed(text: str, toks: list[_Tok], i: int, cue: str) -> int | None:
    """Index of the content word a cue at ``i`` governs, skipping auxiliaries etc."""
    skip = _NEG_SKIP_WIDE if cue in ("none", "neither", "prohibited", "forbidden") else _NEG_SKIP
    skipped = 0
    for j in range(i + 1, min(len(toks), i + 7)):
        if _gap_has_punct(text, toks[j - 1].end, toks[j].start):
            return None
        w = toks[j].lower
        if toks[j].cue is not None:
            return None
        if w in skip or (w.endswith("ly") and len(w) > 4):
            skipped += 1
            if skipped > 4:
                return None
            continue
        if w in _STOPWORDS or len(w) < 2:
            return None
        return j
    return None


def _clause_after(text: str, toks: list[_Tok], i: int, limit: int = 6) -> list[int]:
    """Content words after ``i`` up to the clause's end: a negation or an "unless" still
    covers them ("not liable for damages"), so they must not count as stated positively.
    Only ever used to *suppress* reports, so erring wide is safe."""
    out: list[int] = []
    for j in range(i + 1, min(len(toks), i + 1 + limit)):
        if _gap_has_punct(text, toks[j - 1].end, toks[j].start):
            break
        w = toks[j].lower
        if w in _CLAUSE_BREAK or toks[j].cue is not None:
            break
        if w not in _STOPWORDS and len(w) > 1:
            out.append(j)
    return out


def _unless_scopes(text: str, toks: list[_Tok]) -> set[int]:
    """Words in an "unless" clause: "unless X is repealed" means "if X is not repealed"."""
    out: set[int] = set()
    for i, t in enumerate(toks):
        if t.lower == "unless":
            out.update(_clause_after(text, toks, i, limit=10))
    return out


def _asserter(text: str, toks: list[_Tok], i: int) -> tuple[str, int] | None:
    """What makes word ``i`` a positive statement: "must sublet" (aux) or "with consent"."""
    skipped = 0
    for j in range(i - 1, max(-1, i - 4), -1):
        if _gap_has_punct(text, toks[j].end, toks[j + 1].start):
            return None
        w = toks[j].lower
        if w in _AUX:
            return "aux", j
        if w == "with":
            return "with", j
        if w in ("a", "an", "the") or w in _ADVERBS or (w.endswith("ly") and len(w) > 4):
            skipped += 1
            if skipped > 2:
                return None
            continue
        return None
    return None


# ---------------------------------------------------------------------------
# Analysis (memoised) and comparison
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Analysis:
    """Everything one text contributes, as a claim or as evidence."""

    facts: tuple[Fact, ...]
    payloads: tuple[_Payload, ...]
    negations: tuple[_Negation, ...]
    # evidence-side indexes
    quantities: dict[str, frozenset[str | None]] = field(default_factory=dict)
    times: frozenset[tuple[str, str]] = frozenset()
    dates: frozenset[tuple[int | str, ...]] = frozenset()
    words: frozenset[str] = frozenset()
    neg_all: frozenset[str] = frozenset()
    positive: frozenset[str] = frozenset()
    # stem -> (kind, start, end, surface) of each positive statement of it
    asserted: dict[str, tuple[tuple[str, int, int, str], ...]] = field(default_factory=dict)


def _date_index(payloads: Iterable[_Payload], quantities: dict[str, set[str | None]]) -> set:
    out: set[tuple[int | str, ...]] = set()
    for p in payloads:
        if not isinstance(p, _DateKeys):
            continue
        for alt in p.alts:
            out.add(alt)
            tag = alt[0]
            if tag == "ymd":
                _, y, m, d = alt
                out.update({("ym", y, m), ("y", y), ("md", m, d)})
            elif tag == "ym":
                out.add(("y", alt[1]))
            if tag in ("ymd", "ym", "y"):
                y = int(alt[1])
                out.add(("dec", y - y % 10))
                if tag == "y":
                    quantities.setdefault(str(y), set()).add(None)
    return out


def _analyse_uncached(text: str) -> _Analysis:
    toks = _tokens(text)
    numeric, spans = _scan_numeric(text, toks)
    names = _names(text, toks, spans)
    negs = _negations(text, toks)
    items = sorted(
        [*numeric, *names, *((n.fact, _NegKey(n.head, n.cue)) for n in negs)],
        key=lambda fp: (fp[0].start, fp[0].end, fp[0].kind),
    )
    quantities: dict[str, set[str | None]] = {}
    times: set[tuple[str, str]] = set()
    for _, p in items:
        if isinstance(p, _Quantity):
            quantities.setdefault(p.key, set()).add(p.unit)
            if p.time:
                times.add(p.time)
    dates = _date_index((p for _, p in items), quantities)
    words = {_fold(t.surface) for t in toks}
    words.update([part for w in words if "-" in w for part in w.split("-") if part])
    for _f, p in names:
        if isinstance(p, _NameKey) and len(p.words) > 1:
            words.update(_initialisms(p.words))
    unless = _unless_scopes(text, toks)
    scoped = {j for n in negs for j in n.scope} | unless
    positive: set[str] = set()
    asserted: dict[str, list[tuple[str, int, int, str]]] = {}
    for i, t in enumerate(toks):
        if not t.content or i in scoped:
            continue
        stem = _stem(t.lower)
        positive.add(stem)
        prev = toks[i - 1].lower if i else ""
        if prev not in _ASSERT_PREV and not prev.endswith("ly"):
            continue
        got = _asserter(text, toks, i)
        if got is not None:
            kind, j = got
            asserted.setdefault(stem, []).append((kind, toks[j].start, t.end, t.lower))
    return _Analysis(
        facts=tuple(f for f, _ in items),
        payloads=tuple(p for _, p in items),
        negations=tuple(negs),
        quantities={k: frozenset(v) for k, v in quantities.items()},
        times=frozenset(times),
        dates=frozenset(dates),
        words=frozenset(words),
        neg_all=frozenset(_stem(toks[j].lower) for j in scoped),
        positive=frozenset(positive),
        asserted={k: tuple(v) for k, v in asserted.items()},
    )


def _initialisms(name: tuple[str, ...]) -> set[str]:
    """Acronyms a name may be cited by: "United States Supreme Court" gives "ussc",
    "us", "sc", ...; "Bank of America" gives "boa" and "ba"."""
    core = [w for w in name if w not in _LINKERS]
    out = {"".join(w[:1] for w in name if w)}
    for i in range(len(core)):
        for j in range(i + 2, min(len(core), i + 5) + 1):
            out.add("".join(w[:1] for w in core[i:j]))
    return out


@lru_cache(maxsize=4096)
def _analyse(text: str) -> _Analysis:
    """Memoised: evidence passages recur across claims and candidate windows.

    An entry is ~15 kB for a 100-word passage, so the bound keeps the cache under
    ~60 MB while still covering every passage one answer's candidates touch."""
    return _analyse_uncached(text)


def extract_facts(text: str) -> list[Fact]:
    """Facts of ``text`` in text order (a fresh list; the cache keeps its own copy)."""
    if not text:
        return []
    return list(_analyse(text).facts)


def _quantity_present(q: _Quantity, kind: str, ev: _Analysis) -> bool:
    units = ev.quantities.get(q.key)
    if kind == "amount":
        # same value as a plain number, or the same currency; another currency contradicts
        return bool(units) and any(u not in _CURRENCIES or u == q.unit for u in units)
    if kind == "percent":
        return bool(units) and ("%" in units or None in units)
    if q.time is not None and q.time in ev.times:
        return True
    if not units:
        return False
    # a unit mismatch counts only when every mention of the number on both sides has a
    # unit and none agrees ("30 days" vs "30 months"); a bare "30" backs "30 days"
    return q.unit is None or None in units or q.unit in units


def _date_present(d: _DateKeys, ev: _Analysis) -> bool:
    for alt in d.alts:
        if alt in ev.dates or (alt[0] == "y" and str(alt[1]) in ev.quantities):
            return True
        if alt[0] == "ymd" and ("md", alt[2], alt[3]) in ev.dates and ("y", alt[1]) in ev.dates:
            return True
    return False


def _has_word(w: str, words: frozenset[str]) -> bool:
    """Present as is, as a plural either way round ("Smiths"/"Smith"), or as a country."""
    if w in words or w + "s" in words or w + "es" in words:
        return True
    if len(w) > 3 and w.endswith("s") and (w[:-1] in words or w[:-2] in words):
        return True
    return _demonym_of(w, words)


def _demonym_of(w: str, words: frozenset[str]) -> bool:
    """ "Canadian" is backed by "Canada", "Jordanians" by "Jordan", "Chinese" by "China"."""
    for suffix in _DEMONYM_SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            base = w[: -len(suffix)]
            if base in words or any(base + v in words for v in ("a", "e", "o", "y", "ia")):
                return True
    return False


def _name_present(n: _NameKey, ev: _Analysis) -> bool:
    words = [w for w in n.words if w and w not in _LINKERS]
    if n.soft_first and len(words) > 1:
        words = words[1:]
    if not words:
        return True
    core = [w for w in words if w not in _GENERIC_HEADS and w not in _ROLES] or words
    if all(_has_word(w, ev.words) for w in core):
        return True
    last = words[-1]
    if len(core) > 1 and last not in _GENERIC_HEADS and _has_word(last, ev.words):
        return True
    initials = "".join(w[:1] for w in words)
    return len(words) > 1 and initials in ev.words


def _negation_mismatches(claim_text: str, cl: _Analysis, ev: _Analysis) -> list[Fact]:
    """Polarity clashes on a word both sides use; unrelated negations never count."""
    out: list[Fact] = []
    for n in cl.negations:
        if n.soft or n.head in ev.neg_all:
            continue
        kinds = {k for k, *_ in ev.asserted.get(n.head, ())}
        if "aux" in kinds or (n.cue == "without" and "with" in kinds):
            out.append(n.fact)
    for n in ev.negations:
        if n.soft or n.head in ev.positive or n.head in cl.neg_all:
            continue
        for kind, start, end, surface in cl.asserted.get(n.head, ()):
            if kind == "aux" or n.cue == "without":
                fact = Fact("negation", claim_text[start:end], "pos:" + surface, start, end)
                out.append(fact)
                break
    return out


def _present(fact: Fact, payload: _Payload, ev: _Analysis) -> bool:
    if isinstance(payload, _Quantity):
        return _quantity_present(payload, fact.kind, ev)
    if isinstance(payload, _DateKeys):
        return _date_present(payload, ev)
    if isinstance(payload, _NameKey):
        return _name_present(payload, ev)
    return True


def missing_facts(claim: str, evidence: str) -> list[Fact]:
    """The claim's facts that the evidence lacks or contradicts, in claim order.

    Negation facts have value ``"not:<word>"`` when the claim negates a word the
    evidence states positively, and ``"pos:<word>"`` when the claim states a word
    positively that the evidence negates. Each kind+value is reported once.
    """
    if not claim:
        return []
    cl = _analyse(claim)
    ev = _analyse(evidence or "")
    found = [
        f
        for f, p in zip(cl.facts, cl.payloads, strict=True)
        if f.kind != "negation" and not _present(f, p, ev)
    ]
    found.extend(_negation_mismatches(claim, cl, ev))
    found.sort(key=lambda f: (f.start, f.end, f.kind))
    seen: set[tuple[str, str]] = set()
    out: list[Fact] = []
    for f in found:
        if (f.kind, f.value) not in seen:
            seen.add((f.kind, f.value))
            out.append(f)
    return out
