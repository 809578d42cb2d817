"""Units of measure and currencies, as a number's unit is read and normalised."""

from __future__ import annotations

# Unit words after a number, normalised to a singular canonical name.
UNIT_CANON: dict[str, str] = {
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
UNIT_WORDS = (
    r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?|"
    r"decades?|century|centuries|km|kilomet(?:er|re)s?|met(?:er|re)s?|cm|centimet(?:er|re)s?|"
    r"mm|millimet(?:er|re)s?|miles?|feet|foot|ft|inch(?:es)?|kg|kilograms?|grams?|mg|"
    r"pounds?|lbs?|tons?|tonnes?|lit(?:er|re)s?|ml|gallons?|acres?|hectares?|mph|times|"
    r"degrees?|calories|gb|mb|tb"
)
# Time units convert within a system, so "two weeks" backs "14 days".
TIME_SYSTEM: dict[str, tuple[str, float]] = {
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

CUR_SYMBOL = {
    "$": "usd",
    "us$": "usd",
    "c$": "cad",
    "a$": "aud",
    "€": "eur",
    "£": "gbp",
    "¥": "jpy",
    "₹": "inr",
}
CUR_WORD = {
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
CURRENCIES = frozenset(v for v in CUR_WORD.values() if "/" not in v)
