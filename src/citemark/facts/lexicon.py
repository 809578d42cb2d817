"""Word tables of the fact check.

Number, ordinal, month, unit and currency words, and the closed word classes
that scoped negation and name detection lean on (stopwords, auxiliaries,
negation cues, titles, roles, generic name heads). Plain data, kept apart from
the code so that a table is read and extended in one place; ``patterns`` builds
its regexes from these at import.
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

MONTHS = {
    m[:3].lower(): i + 1
    for i, m in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
MONTH_ABBR = "Jan Feb Mar Apr Jun Jul Aug Sept Sep Oct Nov Dec".split()
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()

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
ABBR_SCALE = {"k": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "b": 1e9, "bn": 1e9}

STOPWORDS = frozenset(
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
NEG_SKIP = frozenset(
    """a an the any all be been being is are was were am do does did have has had will
    would shall should may might must can could to one ever always yet necessarily really
    even also still currently generally usually entirely fully quite very too so longer
    his her their its our your my this that these those such""".split()
)
NEG_SKIP_WIDE = NEG_SKIP | {"of", "from", "to", "them", "us"}
BARE_CONTRACTIONS = frozenset(
    """dont doesnt didnt isnt arent wasnt werent havent hasnt hadnt wont wouldnt shouldnt
    couldnt cant mustnt neednt""".split()
)
COMPARATIVES = frozenset("more less fewer later earlier greater sooner longer".split())
# The forms of "be" that make a passive or lead a value ("is paid", "shall be ninety days").
BE_FORMS = frozenset("is are was were be been being".split())
AUX = frozenset(
    """is are was were be been being am may might must shall should can could will would
    does do did has have had""".split()
)
ADVERBS = frozenset(
    """also always still already often usually generally typically only just even then
    now currently indeed never ever therefore thus hence accordingly nonetheless
    nevertheless""".split()
)
# A word right after one of these may be a positive statement ("must sublet").
ASSERT_PREV = AUX | ADVERBS | {"with", "a", "an", "the"}
CLAUSE_BREAK = frozenset(
    """and or but because which that who whom if unless when while so as although though
    whereas since nor""".split()
)
NEG_CUES = frozenset(
    "not no never none nor neither without cannot prohibited forbidden prohibits forbids".split()
)
FUNCTION_WORDS = frozenset(
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
TITLES = frozenset("mr mrs ms dr prof sir st jr sr messrs hon rev".split())
CONNECTORS = frozenset("of de da di del della der van von la le du bin al y".split())
# "Smith v. Jones": the link of a case name, written with a full stop.
CASE_LINKS = frozenset(("v",))
LINKERS = CONNECTORS | CASE_LINKS | {"the"}
# Citation signals that open a capitalised run without being part of the name
# ("See Cal. Civ. Code", "Cf. Smith v. Jones").
SIGNALS = frozenset("see cf accord compare".split())
# Capitalised job titles: part of a name's surface, never what identifies it.
ROLES = frozenset(
    """president vice chairman chairwoman chair chief executive officer senator governor
    judge justice prime minister secretary director king queen prince princess lord lady
    duke duchess general captain professor mayor spokesman spokeswoman representative
    commissioner attorney ambassador sheriff pope bishop""".split()
)
DEMONYM_SUFFIXES = ("ians", "ian", "ans", "an", "ns", "n", "ese", "ish", "is", "i")
# Heads of organisation and place names: "Acme Corp" is not backed by "Beta Corp".
GENERIC_HEADS = frozenset(
    """corp corporation inc incorporated co company ltd limited llc llp plc lp group
    holdings bank court courts university college school institute act acts law code
    section article state states city county river lake mountain mountains island islands
    department agency association society party church hospital center centre foundation
    council commission committee board office ministry house street road avenue park award
    prize war museum league club team airport station republic kingdom empire union
    federation organization organisation service services system trust fund tribunal
    circuit district amendment clause rule rules regulation regulations""".split()
)
NON_NAMES = (
    FUNCTION_WORDS
    | frozenset(MONTHS)
    | frozenset(m.lower() for m in MONTH_NAMES)
    | frozenset(a.lower() for a in MONTH_ABBR)
    | frozenset(_WEEKDAYS)
)
# Places a governing-law, venue or jurisdiction clause names: two of them in one clause
# are rivals ("governed by California law" / "the laws of the State of Delaware"), and
# one that opens a sentence is a name, not a word capitalised by its place ("Delaware
# law governs"). A country is no rival of its own states ("smuggled into the United
# States" / "into Washington state").


def _places(text: str) -> frozenset[str]:
    return frozenset(p.strip() for p in text.split(",") if p.strip())


US_STATES = _places(
    """alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware,
    florida, georgia, hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana,
    maine, maryland, massachusetts, michigan, minnesota, mississippi, missouri, montana,
    nebraska, nevada, new hampshire, new jersey, new mexico, new york, north carolina,
    north dakota, ohio, oklahoma, oregon, pennsylvania, rhode island, south carolina,
    south dakota, tennessee, texas, utah, vermont, virginia, washington, west virginia,
    wisconsin, wyoming, district of columbia, puerto rico, guam"""
)
CANADIAN_PROVINCES = _places(
    """alberta, british columbia, manitoba, new brunswick, newfoundland and labrador,
    nova scotia, ontario, prince edward island, quebec, saskatchewan, yukon"""
)
AUSTRALIAN_STATES = _places(
    """new south wales, queensland, south australia, tasmania, victoria, western australia"""
)
UK_NATIONS = _places("""england, wales, england and wales, scotland, northern ireland""")
COUNTRIES = _places(
    """afghanistan, albania, algeria, andorra, angola, argentina, armenia, australia, austria,
    azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium, belize, benin,
    bermuda, bhutan, bolivia, botswana, brazil, brunei, bulgaria, burundi, cambodia,
    cameroon, canada, chad, chile, china, colombia, costa rica, croatia, cuba, cyprus,
    czech republic, czechia, denmark, djibouti, dominican republic, ecuador, egypt,
    el salvador, estonia, ethiopia, fiji, finland, france, gabon, gambia, germany, ghana,
    gibraltar, greece, guatemala, guinea, guyana, haiti, honduras, hong kong, hungary,
    iceland, india, indonesia, iran, iraq, ireland, israel, italy, jamaica, japan, jordan,
    kazakhstan, kenya, korea, south korea, north korea, kuwait, laos, latvia, lebanon,
    liberia, libya, liechtenstein, lithuania, luxembourg, macau, madagascar, malawi,
    malaysia, maldives, mali, malta, mauritius, mexico, moldova, monaco, mongolia,
    montenegro, morocco, mozambique, myanmar, namibia, nepal, netherlands, new zealand,
    nicaragua, niger, nigeria, norway, oman, pakistan, panama, paraguay, peru, philippines,
    poland, portugal, qatar, romania, russia, rwanda, saudi arabia, senegal, serbia,
    seychelles, sierra leone, singapore, slovakia, slovenia, somalia, south africa, spain,
    sri lanka, sudan, sweden, switzerland, syria, taiwan, tanzania, thailand, togo,
    tunisia, uganda, ukraine, united arab emirates, united kingdom, united states,
    united states of america, uruguay, uzbekistan, venezuela, vietnam, yemen, zambia,
    zimbabwe, cayman islands, british virgin islands, isle of man, guernsey, britain,
    great britain, usa"""
)
JURISDICTIONS = US_STATES | CANADIAN_PROVINCES | AUSTRALIAN_STATES | UK_NATIONS | COUNTRIES
# The parts of a country that are jurisdictions of their own.
PARTS_OF = {
    **dict.fromkeys(("united states", "united states of america", "usa"), US_STATES),
    "canada": CANADIAN_PROVINCES,
    "australia": AUSTRALIAN_STATES,
    **dict.fromkeys(("united kingdom", "britain", "great britain"), UK_NATIONS),
}
