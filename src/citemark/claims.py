"""Which answer sentences assert nothing checkable: lead-ins, headings, labels, courtesies,
a legal answer's standard disclaimers.

"Here are the main points:" or "Sure!" states no fact a source could support or
contradict. Judged like a claim, such a sentence is flagged "unsupported" (noise
a reviewer learns to ignore) or, worse, scores "supported" on a few shared
words without citing anything. :func:`is_no_claim` picks them out so that the
pipeline can give them the status ``no_claim``: never flagged, never counted.

The detector is conservative by design: a sentence that states a fact is a
claim however it starts ("In summary, the tenant owes $2,400." is judged like
any other sentence). Each rule needs the *whole* sentence to be empty of
checkable content: no content word at all, only courtesy, only words about the
answer itself ("summary", "points", "passage"), or a short label with no fact.
"""

from __future__ import annotations

import re

from .claim_view import ClaimView
from .lazy import lazy_pattern
from .lexicon import CONTENT_STOPWORDS, NEGATIONS
from .tokens import tokenize
from .words import content_units, unit

# Sentences that are only courtesy: the whole sentence must match.
_COURTESY = lazy_pattern(
    r"""^\W*(?:
        sure|certainly|of\ course|absolutely|okay|ok|great|gladly|thanks|thank\ you
        |great\ question|good\ question|happy\ to\ help|glad\ to\ help|you(?:'|’)re\ welcome
        |i\ hope\ (?:this|that)\ helps|hope\ (?:this|that)\ helps
        |(?:please\ )?(?:let\ me\ know|feel\ free\ to\ ask)\b[^.!?]*
        |i(?:'|’)d\ be\ happy\ to\ help[^.!?]*
        |gerne|natürlich|ich\ hoffe,?\ (?:das|dies)\ hilft(?:\ (?:ihnen|dir))?
        |avec\ plaisir|bien\ sûr|j(?:'|’)espère\ que\ (?:cela|ça)\ (?:vous\ |t(?:'|’))?aide
        |claro|por\ supuesto|con\ gusto|espero\ que\ (?:esto|esta\ información)
          \ (?:te|le|les)\ (?:ayude|sirva)
        )\W*$""",
    re.IGNORECASE | re.VERBOSE,
)

# The standard disclaimers of a legal answer, whole sentences: they assert nothing a
# source could back, and flagged "unsupported" they failed `check` for every answer that
# carries one. Conservative: the advice must be a lawyer's, and what may follow
# the lawyer is a short phrase without a figure ("for advice specific to your situation").
_DISCLAIMER = lazy_pattern(
    r"""^\W*(?:
        (?:this|that|the\ above|this\ (?:answer|response|information|summary)
          |the\ information\ (?:above|provided|here))
          \ (?:is|does)\ not\ (?:constitute\ )?(?:formal\ )?legal\ advice
        |(?:i(?:'|’)m|i\ am)\ not\ (?:a|your)\ (?:lawyer|attorney)
        |(?:please\ |you\ (?:should|may\ want\ to|might\ want\ to)\ )?
          (?:consult|speak\ (?:with|to)|talk\ to|contact|seek\ advice\ from)
          \ (?:with\ )?(?:a|an|your)\ (?:qualified\ |licensed\ |local\ )?
          (?:attorney|lawyer|legal\ professional|legal\ counsel)
          (?:\ (?:for|about|in|regarding|before|who)\b[^.!?\d]{0,60})?
        )\W*$""",
    re.IGNORECASE | re.VERBOSE,
)

# A short-form citation standing alone ("Id.", "See id. at 460.", "Ibid."): it points
# back at the authority the sentence before cites and states nothing itself. Flagged
# "unsupported", it failed `check` for every memo that uses one.
_BACK_REFERENCE = lazy_pattern(
    r"""^\W*(?:(?:see(?:\s+also)?|cf\.?|accord|but\s+see|compare)\s+)?(?:id|ibid|ibidem)\.?
        (?:,?\s+(?:at\s+)?(?:[¶§]+\s*)?\d{1,5}(?:[-–]\d{1,5})?(?:\s*n\.\s*\d{1,3})?)?\W*$""",
    re.IGNORECASE | re.VERBOSE,
)

# Words that talk about the answer rather than the world (and the German, French and
# Spanish function words of a lead-in, which the English stopwords lack): a sentence made of
# these and function words ("Here is a concise summary of the passage:") is a lead-in.
# Compared as stems, so no word whose stem a content word shares ("important" and
# "imports" are both "import").
_META = frozenset(
    unit(word) or word
    for word in """
    summary summaries summarize summarized summarizing concise brief short overview key main
    point points include includes including following below passage passages highlight
    highlights takeaway takeaways breakdown outline recap here sure quick
    zusammenfassung überblick wichtigsten punkte kurze résumé résumés aperçu principaux
    resumen breve principales puntos clave
    hier ist sind eine ein einer eines des der die das den dem voici voilà un une du de
    le la les aquí tienes tiene está están hay una del el los las
    """.split()
)
# "Based on the provided passage, ..." says where the answer comes from, nothing more.
_SOURCE_PHRASE = lazy_pattern(
    r"^\W*(?:based\s+on|according\s+to|from)\s+the\s+(?:provided\s+|given\s+|above\s+)?"
    r"(?:text|passage|document|article|context|information|source)s?\b,?",
    re.IGNORECASE,
)
# After a lead-in's opening ("Here is what the sources say.", "Here's what I found."),
# words that speak of the sources and of finding: the sentence points at what follows.
# Alone, without the opening, they can state a fact ("The documents were provided.").
_SAYING = frozenset(
    unit(word) or word
    for word in """source sources document documents text texts context say says show
    shows state states tell tells found find""".split()
)
# A lead-in ending in a colon may name what follows in a few words ("Here are the
# key terms of the lease:"); more than this many is a claim ("In summary, the
# tenant breached the lease:").
_LEAD_IN_OTHER_WORDS = 2

# How a lead-in may begin; with a closing colon, the sentence introduces a list.
_LEAD_IN = lazy_pattern(
    r"^\W*(?:here(?:\s+(?:is|are)|\s*['’]s)|below\s+(?:is|are)|the\s+following|following\s+(?:is|are)"
    r"|key\s+(?:points|takeaways|findings|terms)|main\s+(?:points|takeaways|findings)"
    r"|in\s+summary|to\s+summarize|in\s+short|in\s+conclusion|overall|summary"
    # German, French and Spanish: "Hier ist eine Zusammenfassung", "Voici un résumé",
    # "Aquí tienes un resumen"
    r"|hier\s+(?:ist|sind)|voici|voilà|aquí\s+(?:tienes|tiene|está|están|hay))\b",
    re.IGNORECASE,
)
# A list label standing alone: "1.", "(a)", "iv)".
_LIST_LABEL = lazy_pattern(r"^\s*[(\[]?(?:\d{1,3}|[A-Za-z]|[ivxlcIVXLC]{1,6})[.):\]]\s*$")
_HEADING_MARK = lazy_pattern(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*\s*:?\s*$|__[^_]+__\s*:?\s*$)")
_TERMINAL = lazy_pattern(r"[.!?…。！？]['\"”’)\]]*\s*$")
_LABEL_WORDS = 3
_HEADING_WORDS = 8


def is_no_claim(
    sentence: str, *, alone_on_line: bool = False, view: ClaimView | None = None
) -> bool:
    """Whether ``sentence`` asserts nothing a source could support or contradict.

    ``alone_on_line`` says the sentence is a whole line of the answer, the only
    place a heading without a full stop can stand. ``view``, when given, must be the
    sentence's :class:`~citemark.claim_view.ClaimView` (the pipeline's, whose tokens,
    units and facts are read instead of found again).
    """
    if _BACK_REFERENCE.match(sentence):
        return True
    if view is None:
        view = ClaimView.of(sentence)
    tokens, units = view.tokens, view.units
    # Negations are content words for matching, but "They did not." alone still
    # asserts nothing a source could be checked against.
    if not set(units) - NEGATIONS:
        return True
    if _COURTESY.match(sentence) or _LIST_LABEL.match(sentence) or _DISCLAIMER.match(sentence):
        return True
    kinds = {fact.kind for fact in view.facts}
    text = sentence.strip()
    if alone_on_line and kinds <= {"name"} and _is_heading(text, len(tokens)):
        # A title-cased heading reads as a name to the fact extractor.
        return True
    if kinds:
        return False
    rest = _SOURCE_PHRASE.sub("", text)
    rest_tokens = tokens if rest == sentence else tokenize(rest)
    other = [u for u in content_units(rest_tokens) if u not in _META]
    if not other:
        return True
    lead_in = _LEAD_IN.match(rest) is not None
    if lead_in and all(u in _SAYING for u in other):
        return True
    if text.endswith(":"):
        if lead_in:
            return len(other) <= _LEAD_IN_OTHER_WORDS
        return len(tokens) <= _LABEL_WORDS
    return False


def _is_heading(text: str, words: int) -> bool:
    """A short line without a full stop that is marked up, or title-cased throughout."""
    if _TERMINAL.search(text) or words > _HEADING_WORDS:
        return False
    if _HEADING_MARK.match(text):
        return True
    capitals = [w for w in re.findall(r"[^\W\d_]+", text) if w.lower() not in CONTENT_STOPWORDS]
    return bool(capitals) and all(w[0].isupper() for w in capitals)


def alone_on_line(answer: str, start: int, end: int) -> bool:
    """Whether ``answer[start:end]`` fills its line (only blanks around it).

    Found by searching for the line's ends, not by splitting copies of the text
    before and after: that made each sentence cost as much as the whole answer.
    """
    line_start = answer.rfind("\n", 0, start) + 1
    line_end = answer.find("\n", end)
    before = answer[line_start:start]
    after = answer[end : line_end if line_end >= 0 else len(answer)]
    return not before.strip() and not after.strip()
