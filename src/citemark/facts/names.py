"""Capitalised names: finding them in a text, and deciding whether evidence backs one.

A name is a run of capitalised words ("Bank of the West", "John F. Kennedy"),
less the words capitalised only by their position in a sentence, titles and
roles. Matching is lenient about form (plurals, demonyms, initialisms, a generic
head such as "Corp" left out) but not about identity: "Acme Corp" is not backed
by "Beta Corp".
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..lazy import lazy_pattern
from ..lexicon import (
    CASE_LINKS,
    COMPASS,
    CONNECTORS,
    DEMONYM_SUFFIXES,
    FUNCTION_WORDS,
    GENERIC_HEADS,
    JURISDICTIONS,
    LINKERS,
    NON_NAMES,
    ROLES,
    SIGNALS,
    TITLES,
)
from ..lexicon.abbreviations import LEGAL_NAME_PARTS, NEVER_ENDS, STARTER
from .model import Fact, NameKey, Payload
from .text import Tok

# Abbreviations a name runs on through ("Civ. Code", "Cal. Civ. Proc. Code"): the words
# of legal names, and the longer capitalised ones that rarely end a sentence (states,
# places; not initials, which ``_joins`` handles). Titles ("Gov.") join as before.
_RUN_ON = frozenset(w[:-1] for w in LEGAL_NAME_PARTS) | frozenset(
    w[:-1] for w in STARTER if w[0].isupper() and w.count(".") == 1 and len(w) > 3
)
# Abbreviations whose full stop never ends a sentence ("v" in "Smith v. Jones").
_NEVER_STEMS = frozenset(w[:-1] for w in NEVER_ENDS)


def _letter_markers(text: str, toks: list[Tok], caps: set[int]) -> set[int]:
    """Letters that mark a list item ("B. You shall pay ...", "D. All merchandise ..."):
    a capital and a full stop opening a sentence or line, with a function word after it.
    Read as an initial, they made "B. You" and "D. You" two rival names (ten of the
    true-text audit's name conflicts). "J. Smith" keeps its initial: a name follows."""
    out: set[int] = set()
    for i in caps:
        t = toks[i]
        if (
            len(t.surface) == 1
            and text.startswith(". ", t.end)
            and i + 1 < len(toks)
            and toks[i + 1].lower in FUNCTION_WORDS
            and _sentence_initial(text, t.start)
        ):
            out.add(i)
    return out


def _sentence_initial(text: str, start: int) -> bool:
    """Whether a word opens a sentence, line, quotation or bullet."""
    j = start - 1
    while j >= 0 and (text[j].isspace() or text[j] in "\"'“‘([*•–—-#>"):
        if text[j] == "\n":
            return True
        j -= 1
    if j >= 0 and text[j] == "." and _abbreviation_before(text, j) in _NEVER_STEMS:
        return False  # "Smith v. Jones": the stop is the abbreviation's
    return j < 0 or text[j] in ".!?:;"


def _abbreviation_before(text: str, stop: int) -> str:
    """The word a full stop at ``stop`` ends ("v" in "Smith v. Jones")."""
    i = stop
    while i > 0 and (text[i - 1].isalpha() or text[i - 1] == "."):
        i -= 1
    return text[i:stop]


def _shouting(text: str, toks: list[Tok], caps: set[int]) -> set[int]:
    """Indices of all-caps runs longer than four words (headings, boilerplate), less a
    court's district that a caption writes in capitals ("UNITED STATES DISTRICT COURT FOR
    THE NORTHERN DISTRICT OF CALIFORNIA"): the district is the caption's one name."""
    out: set[int] = set()
    run: list[int] = []
    for i in [*sorted(i for i in caps if toks[i].surface.isupper()), -2]:
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if len(run) > 4:
            out.update(run)
        run = [i]
    if out and "DISTRICT OF" in text:
        for m in _CAPS_DISTRICT.finditer(text):
            out -= {i for i in out if m.start() <= toks[i].start < m.end()}
    return out


# A district in capitals: its quarter, "DISTRICT OF", and one or two words of its state.
_CAPS_DISTRICT = lazy_pattern(
    r"\b(?:NORTHERN|SOUTHERN|EASTERN|WESTERN|CENTRAL|MIDDLE)\s+DISTRICT\s+OF\s+"
    r"(?:NEW\s+|NORTH\s+|SOUTH\s+|WEST\s+|RHODE\s+)?[A-Z]{3,}\b"
)


def _inside(spans: list[tuple[int, int]], starts: list[int], a: int, b: int) -> bool:
    if not spans:
        return False
    i = bisect_right(starts, a) - 1
    return any(0 <= j < len(spans) and spans[j][0] < b and a < spans[j][1] for j in (i, i + 1))


def _name_sequences(text: str, toks: list[Tok], caps: set[int]) -> list[list[int]]:
    """Runs of capitalised tokens, joined by spaces, "&", "F." or "of (the)"."""
    seqs: list[list[int]] = []
    cur: list[int] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if i in caps:
            if cur and not _joins(text[toks[cur[-1]].end : t.start], toks[cur[-1]], t):
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


def _bridge(text: str, toks: list[Tok], caps: set[int], i: int) -> int:
    """How many lowercase linkers at ``i`` join two capitalised words ("Bank of the West",
    "Smith v. Jones": a case is written "v.", where "USA v Bermuda" or "Red vs. Blue"
    are two names)."""
    if (
        toks[i].lower in CASE_LINKS
        and i + 1 in caps
        and text[toks[i - 1].end : toks[i].start] == " "
        and text[toks[i].end : toks[i + 1].start] == ". "
    ):
        return 1
    k = i
    while k < len(toks) and k - i < 2:
        w = toks[k].lower
        if not (w in CONNECTORS or (k > i and w == "the")):
            break
        if text[toks[k - 1].end : toks[k].start] != " ":
            return 0
        k += 1
    if k == i or k not in caps:
        return 0
    return k - i if text[toks[k - 1].end : toks[k].start] == " " else 0


def _joins(gap: str, prev: Tok, nxt: Tok) -> bool:
    """Whether two capitalised words are one name: "Acme Corp", "John F. Kennedy",
    "Civ. Code" (an abbreviation that does not end the sentence)."""
    if gap in (" ", "\u00a0", " & "):
        return True
    if gap != ". ":
        return False
    if len(prev.surface) == 1 or prev.lower in TITLES:
        return True
    return prev.surface in _RUN_ON and nxt.lower not in FUNCTION_WORDS


def scan_names(
    text: str, toks: list[Tok], spans: list[tuple[int, int]]
) -> list[tuple[Fact, Payload]]:
    """Capitalised sequences, minus words inside numeric/date spans ("May" in a date)."""
    starts = [s for s, _ in spans]
    caps = {i for i, t in enumerate(toks) if t.cap}
    if not caps:
        return []
    caps -= _shouting(text, toks, caps)
    caps -= _letter_markers(text, toks, caps)
    caps = {i for i in caps if not _inside(spans, starts, toks[i].start, toks[i].end)}
    initial = {i for i in caps if _sentence_initial(text, toks[i].start)}
    mid_caps = {toks[i].lower for i in caps if i not in initial}
    out: list[tuple[Fact, Payload]] = []
    for seq in _name_sequences(text, toks, caps):
        got = _name_from_sequence(text, toks, seq, initial, mid_caps)
        if got is not None:
            out.append(got)
    return out


def _name_from_sequence(
    text: str,
    toks: list[Tok],
    seq: list[int],
    initial: set[int],
    mid_caps: set[str],
) -> tuple[Fact, Payload] | None:
    first_is_initial = seq[0] in initial
    while seq and (
        toks[seq[0]].lower in FUNCTION_WORDS
        or toks[seq[0]].lower in TITLES
        or toks[seq[0]].lower in SIGNALS
    ):
        seq = seq[1:]
    while seq and toks[seq[-1]].lower in CONNECTORS:
        seq = seq[:-1]
    if not seq:
        return None
    first = toks[seq[0]]
    starts_sentence = first_is_initial and seq[0] in initial
    if len(seq) == 1:
        if first.lower in NON_NAMES or first.lower in ROLES or len(first.surface) < 2:
            return None
        if starts_sentence and first.lower not in mid_caps and first.bare not in JURISDICTIONS:
            return None  # "Tenants may..." - an ordinary word, capitalised by position
    # A hyphenated word is its parts, as evidence words are (``_evidence_words``):
    # "African-Americans" is the name "African Americans" written with a hyphen, not
    # a rival of it.
    words = tuple(part for i in seq for part in toks[i].bare.split("-") if part)
    if not any(w and w not in LINKERS for w in words):
        return None
    start, end = first.start, toks[seq[-1]].end
    fact = Fact("name", text[start:end], " ".join(words), start, end)
    return fact, NameKey(words, starts_sentence and len(seq) > 1)


def initialisms(name: tuple[str, ...]) -> set[str]:
    """Acronyms a name may be cited by: "United States Supreme Court" gives "ussc",
    "us", "sc", ...; "Bank of America" gives "boa" and "ba"."""
    core = [w for w in name if w not in LINKERS]
    out = {"".join(w[:1] for w in name if w)}
    for i in range(len(core)):
        for j in range(i + 2, min(len(core), i + 5) + 1):
            out.add("".join(w[:1] for w in core[i:j]))
    return out


def _has_word(w: str, words: frozenset[str]) -> bool:
    """Present as is, as a plural either way round ("Smiths"/"Smith"), or as a country."""
    if w in words or w + "s" in words or w + "es" in words:
        return True
    if len(w) > 3 and w.endswith("s") and (w[:-1] in words or w[:-2] in words):
        return True
    return _demonym_of(w, words)


def _demonym_of(w: str, words: frozenset[str]) -> bool:
    """ "Canadian" is backed by "Canada", "Jordanians" by "Jordan", "Chinese" by "China"."""
    for suffix in DEMONYM_SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            base = w[: -len(suffix)]
            if base in words or any(base + v in words for v in ("a", "e", "o", "y", "ia")):
                return True
    return False


def name_present(n: NameKey, ev_words: frozenset[str], ev_payloads: Sequence[Payload] = ()) -> bool:
    """Whether the evidence names ``n``: every distinctive word of it, or its last word
    alone ("Roberts" for "John Roberts"), or its initials.

    ``ev_payloads`` hold the evidence's own names. The last word alone is not enough when
    every evidence name that ends with it has other, different words in front: "Asian
    Americans" is not "African Americans", nor "Jane Smith" "John Smith"."""
    words = [w for w in n.words if w and w not in LINKERS]
    # The first word of a sentence may be capitalised by its place alone, so it is not
    # required; but where the evidence names only others of that last word ("Jane
    # Roe" for the sentence-opening "John Roe"), it is someone else after all.
    soft = n.soft_first and len(words) > 1
    full, words = words, words[1:] if soft else words
    if not words:
        return True
    # What identifies the name: its words less the generic heads and titles ("Acme" of
    # "Acme Corp"); where the soft first word was the only such word ("Acme Corp. sued"
    # opens a sentence), it is that word, not "Corp", which "Acme Corporation" lacks.
    core = list(telling_words(words) or (telling_words(full[:1]) if soft else ()) or words)
    if all(_has_word(w, ev_words) for w in core):
        # (a title in front, "Judge Smith", names no one else: only a first name does)
        return not (soft and front_words(tuple(full)) and _only_other_bearers(full, ev_payloads))
    last = words[-1]
    if len(core) > 1 and last not in GENERIC_HEADS and _has_word(last, ev_words):
        if any(isinstance(e, NameKey) and other_quarter(n.words, e.words) for e in ev_payloads):
            return False  # "the Eastern District of New York" names no "Southern District"
        return not _only_other_bearers(words, ev_payloads)
    initials = "".join(w[:1] for w in words)
    return len(words) > 1 and initials in ev_words


def telling_words(name: Sequence[str]) -> tuple[str, ...]:
    """A name's words less linkers, roles and generic heads: what tells it apart ("State
    of New York" from "New Jersey" by "York", "Acme Corp" from "Beta Corp" by "Acme")."""
    return tuple(w for w in name if w not in LINKERS and w not in ROLES and w not in GENERIC_HEADS)


def other_quarter(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two names differ only by their quarter: each holds one, they differ, and
    their other words (less linkers) are the same."""
    qa, qb = COMPASS.intersection(a), COMPASS.intersection(b)
    if not qa or not qb or qa == qb:
        return False
    rest_a = [w for w in a if w not in COMPASS and w not in LINKERS]
    rest_b = [w for w in b if w not in COMPASS and w not in LINKERS]
    return bool(rest_a) and rest_a == rest_b


def _only_other_bearers(words: list[str], ev_payloads: Sequence[Payload]) -> bool:
    """Whether each evidence name that ends with the claim name's last word is someone
    else: it has words of its own in front, none of them the claim's (nor an initial or a
    shortening of one: ``fronts_differ``). A bare "Smith",
    or "Justice Smith" (a role, not a name), leaves the claim's "John Smith" standing."""
    last = words[-1]
    # Filtered here, not by the caller: only the last-word rule needs the names.
    bearers = [
        e.words for e in ev_payloads if isinstance(e, NameKey) and e.words and e.words[-1] == last
    ]
    if not bearers:
        return False
    own = front_words(tuple(words))
    for ew in bearers:
        front = front_words(ew)
        if not front or not fronts_differ(front, own):
            return False
    return True


def fronts_differ(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two names' front words share nothing, an initial or a shortening aside:
    "S. Korean" is "South Korean", "President Vlad" "President Vladimir Putin"."""
    for x in a:
        for y in b:
            short, long = (x, y) if len(x) <= len(y) else (y, x)
            if x == y or (long.startswith(short) and (len(short) == 1 or len(short) >= 3)):
                return False
    return True


def front_words(name: tuple[str, ...]) -> frozenset[str]:
    """The words before a name's last that tell its bearer apart: linkers ("of"), roles
    or titles ("Justice") and places ("India's Modi", "Bangladesh Islamists") are no
    part of who it is."""
    return frozenset(
        w for w in name[:-1] if w and w not in LINKERS and w not in ROLES and w not in JURISDICTIONS
    )
