"""What name detection reads around a capitalised run: titles, connectors, citation
signals, job titles, demonym endings and the generic heads of organisation names."""

from __future__ import annotations

from .dates import MONTH_ABBR, MONTH_NAMES, MONTHS, WEEKDAYS
from .grammar import FUNCTION_WORDS

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
    | frozenset(WEEKDAYS)
)
