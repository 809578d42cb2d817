"""A thing the evidence names only to set it aside: "store credit, not a full refund".

"The buyer is entitled to a full refund" shares every word with "The buyer is entitled
to store credit, not a full refund", and the passage says the buyer is *not* entitled
to it: a contrast (", not", "rather than", "instead of", "as opposed to") gives one
thing and denies another in the same slot. The claim is in conflict when it states the
denied thing positively, said of the same word (the content word before each thing:
"entitled" for both, "covers" in "covers repair, not replacement"), and does not name
the thing the passage gives instead ("store credit or a full refund" says both).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..lazy import lazy_pattern
from ..lexicon import STOPWORDS
from .model import Fact, FactConflict
from .text import stem

# A cue that opens with white space starts only where a run of it starts: tried from
# every space of a long run, each try read the run to its end (13 s for 20,000
# spaces). The leftmost match is the same.
_CUE = lazy_pattern(
    r",\s*(?:and\s+|but\s+)?not\s+|(?<!\s)\s+rather\s+than\s+|(?<!\s)\s+instead\s+of\s+"
    r"|(?:,|(?<![\s,]))\s+as\s+opposed\s+to\s+",
    re.IGNORECASE,
)
# What may stand between a cue and the thing it denies.
_DETERMINERS = frozenset("a an the any its their his her our your such".split())
# Words after "not" that make it a limit or a degree, not a contrast: ", not less than 30
# days", ", not to exceed $500", ", not only ... but also".
_NO_CONTRAST = frozenset(
    """less more fewer greater later earlier sooner exceeding exceed to only just merely
    even necessarily limited including all every always yet so too unless until""".split()
)
_WORD = lazy_pattern(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_CLAUSE_PUNCT = frozenset(',;:.!?()[]{}"“”\n')
_RUN = 4  # content words a contrasted thing is read over
_REACH = 3  # stopwords passed over back to the word a thing is said of


class _Word(NamedTuple):
    lower: str
    stem: str
    start: int
    end: int
    stop: bool


def _words(text: str) -> list[_Word]:
    out = []
    for m in _WORD.finditer(text):
        low = m.group().lower()
        out.append(_Word(low, stem(low), m.start(), m.end(), low in STOPWORDS))
    return out


def _joined(text: str, a: _Word, b: _Word) -> bool:
    """No clause punctuation between two neighbouring words."""
    return _CLAUSE_PUNCT.isdisjoint(text[a.end : b.start])


# What may stand between a thing and the word it is said of: a determiner or a
# preposition ("entitled to a full refund", "resolved by arbitration"), not a verb,
# past which the word found would be the subject ("Vendor shall have the discretion").
_PASSED = _DETERMINERS | frozenset("to for of by with from in on at into as".split())


def _governor(text: str, words: list[_Word], i: int) -> str | None:
    """The content word before word ``i`` within its clause, past determiners and
    prepositions ("entitled" in "entitled to a full refund"); ``None`` where another
    word, punctuation or an owner ("Vendor's obligations") comes first."""
    for j in range(i - 1, max(-1, i - 2 - _REACH), -1):
        if not _joined(text, words[j], words[j + 1]):
            return None
        if not words[j].stop:
            return None if words[j].lower.endswith(("'s", "’s")) else words[j].stem
        if words[j].lower not in _PASSED:
            return None
    return None


class _Contrast(NamedTuple):
    """What a passage gives (its stems), what it denies, the word both are said of,
    and where the denial is written (cue and denied thing)."""

    given: tuple[str, ...]
    denied: tuple[str, ...]
    governor: str
    start: int
    end: int


@lru_cache(maxsize=4096)
def _contrasts(text: str) -> tuple[_Contrast, ...]:
    if _CUE.search(text) is None:
        return ()
    words = _words(text)
    out: list[_Contrast] = []
    for m in _CUE.finditer(text):
        after = next((k for k, w in enumerate(words) if w.start >= m.end()), None)
        before = next((k for k in range(len(words) - 1, -1, -1) if words[k].end <= m.start()), None)
        if after is None or before is None:
            continue
        k = after + (words[after].lower in _DETERMINERS)
        if k >= len(words) or words[k].stop or words[k].lower in _NO_CONTRAST:
            continue
        denied = _run_forward(text, words, k)
        given_start = _run_back(text, words, before, len(denied))
        if not denied or given_start is None:
            continue
        governor = _governor(text, words, given_start)
        if governor is None:
            continue
        given = tuple(w.stem for w in words[given_start : before + 1])
        last = words[k + len(denied) - 1]
        out.append(_Contrast(given, denied, governor, m.start() + _lead(m.group()), last.end))
    return tuple(out)


def _lead(cue: str) -> int:
    """Where a cue's words begin within its match (past a comma and spaces)."""
    return len(cue) - len(cue.lstrip(", \t"))


def _run_forward(text: str, words: list[_Word], k: int) -> tuple[str, ...]:
    out = []
    for j in range(k, min(len(words), k + _RUN)):
        if words[j].stop or (j > k and not _joined(text, words[j - 1], words[j])):
            break
        out.append(words[j].stem)
    return tuple(out)


def _run_back(text: str, words: list[_Word], k: int, most: int) -> int | None:
    """The first word of the content-word run that ends at word ``k``, at most ``most``
    words long: the thing given is read as long as the thing denied, so that the verb
    before it ("covers repair, not replacement") is what both are said of."""
    if words[k].stop:
        return None
    first = k
    while first > 0 and k - first + 1 < most:
        prev = words[first - 1]
        if prev.stop or not _joined(text, prev, words[first]):
            break
        first -= 1
    return first


def _runs(text: str, words: list[_Word]) -> list[tuple[int, int]]:
    """Maximal runs of joined content words, as word index ranges."""
    out = []
    start = None
    for j, w in enumerate(words):
        if start is not None and (w.stop or not _joined(text, words[j - 1], w)):
            out.append((start, j))
            start = None
        if start is None and not w.stop:
            start = j
    if start is not None:
        out.append((start, len(words)))
    return out


def _find(stems: tuple[str, ...], run: tuple[str, ...]) -> int:
    """Where ``stems`` stand together inside ``run``, or -1."""
    n = len(stems)
    return next((i for i in range(len(run) - n + 1) if run[i : i + n] == stems), -1)


_NEGATED = lazy_pattern(r"\b(?:not|no|never|nor|without|neither)\b|n['’]t\b", re.IGNORECASE)


def contrast_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The things the claim states that a passage denies in a contrast, in the same slot,
    and the things the claim denies in a contrast that a passage states there."""
    if not passages:
        return ()
    found = [(i, c) for i, text in enumerate(passages) for c in _contrasts(text)]
    out: list[FactConflict] = []
    if found:
        read = _read(claim)
        for index, c in found:
            at = _stated(claim, read, c)
            if at is not None:
                out.append(_conflict(claim, at, passages[index], (c.start, c.end), c, index))
    # the other way round: "The warranty covers repair, not replacement" / "The warranty
    # covers replacement"
    for c in _contrasts(claim):
        for index, text in enumerate(passages):
            at = _stated(text, _read(text), c)
            if at is not None:
                conflict = _conflict(text, at, claim, (c.start, c.end), c, index)
                out.append(FactConflict("opposite", conflict.evidence, conflict.claim, index))
                break
    return tuple(out)


def _read(text: str) -> tuple[list[_Word], list[tuple[int, tuple[str, ...]]]]:
    """A text's words, and its runs of content words (first word, stems)."""
    words = _words(text)
    return words, [(a, tuple(w.stem for w in words[a:b])) for a, b in _runs(text, words)]


def _stated(
    text: str, read: tuple[list[_Word], list[tuple[int, tuple[str, ...]]]], c: _Contrast
) -> tuple[int, int] | None:
    """Where ``text`` states what the contrast ``c`` denies, said of the same word and
    not denied, unless it names what ``c`` gives too ("store credit or a full refund")."""
    words, runs = read
    if any(_find(c.given, run) >= 0 for _, run in runs):
        return None  # the text names what the contrast gives too
    for a, run in runs:
        at = _find(c.denied, run)
        if at < 0:
            continue
        first = a + at
        if at == 0 and _governor(text, words, first) != c.governor:
            continue
        if at > 0 and (
            words[first - 1].stem != c.governor or words[first - 1].lower.endswith(("'s", "’s"))
        ):
            continue
        clause = text[max(0, words[first].start - 40) : words[first].start]
        if _NEGATED.search(clause.split(",")[-1]) is not None:
            continue  # the text denies it too
        return words[first].start, words[first + len(c.denied) - 1].end
    return None


def _conflict(
    stating: str,
    at: tuple[int, int],
    denying: str,
    cue: tuple[int, int],
    c: _Contrast,
    index: int,
) -> FactConflict:
    """The thing stated (in ``stating`` at ``at``) against its denial (in ``denying``)."""
    value = "+".join(c.denied)
    stated = Fact("opposite", stating[at[0] : at[1]], "stated:" + value, *at)
    denied = Fact("opposite", denying[cue[0] : cue[1]], "denied:" + value, *cue)
    return FactConflict("opposite", stated, denied, index)


# Joint liability, the law's own contrast: "jointly and severally liable" (each may be
# made to pay the whole) against "severally liable, and not jointly liable" (each pays
# its share). The denial may stand after a repeated word ("severally liable, and not
# jointly liable"), where the slot rule above reads "liable" as the thing given. "Not
# jointly or severally liable" denies any liability, which is the negation check's.
_JOINT = lazy_pattern(r"\b(?:jointly\s+and\s+severally|joint\s+and\s+several)\b", re.IGNORECASE)
_NOT_JOINT = lazy_pattern(
    r"\b(?:not|nor)\s+(?:be\s+|are\s+|is\s+)?(?:jointly|joint)\b(?!\s+(?:and|or|nor)\s+several)",
    re.IGNORECASE,
)


def _joint(text: str) -> re.Match[str] | None:
    """Joint and several liability stated, not denied ("are not jointly and severally
    liable" denies both, which the negation check reads)."""
    for m in _JOINT.finditer(text):
        if _NEGATED.search(text[max(0, m.start() - 12) : m.start()]) is None:
            return m
    return None


def joint_conflicts(claim: str, passages: Sequence[str]) -> tuple[FactConflict, ...]:
    """The claim's joint and several liability that a passage denies ("not jointly"),
    or the claim's denial of it that a passage states; a passage that says both (of two
    obligations) decides nothing."""
    if "joint" not in claim.lower():
        return ()  # both of its forms hold the word: most claims stop here
    for index, text in enumerate(passages):
        for said_of, other_of in ((_joint, _NOT_JOINT.search), (_NOT_JOINT.search, _joint)):
            said = said_of(claim)
            other = other_of(text)
            if said is None or other is None or said_of(text) is not None:
                continue
            return (
                FactConflict(
                    "opposite",
                    Fact("opposite", said.group(), "joint", said.start(), said.end()),
                    Fact("opposite", other.group(), "not joint", other.start(), other.end()),
                    index,
                ),
            )
    return ()
