"""Jurisdictions: states, provinces, nations and countries."""

from __future__ import annotations

# Places a governing-law, venue or jurisdiction clause names: two of them in one clause
# are rivals ("governed by California law" / "the laws of the State of Delaware"), and
# one that opens a sentence is a name, not a word capitalised by its place ("Delaware
# law governs"). A country is no rival of its own states ("smuggled into the United
# States" / "into Washington state").

# The quarter a name may differ by alone: "the Southern District of New York" and "the
# Eastern District of New York" are two courts, "North Carolina" and "South Carolina" two
# states.
COMPASS = frozenset(
    "north south east west northern southern eastern western central middle".split()
)


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
