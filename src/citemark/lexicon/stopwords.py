"""Stopwords: the words that say nothing of what a text is about.

Two lists, because two different questions are asked of a word:

* ``CONTENT_STOPWORDS``: what the support stage leaves out of a text's content units
  (:func:`citemark.words.unit`), so that two texts are compared on what they say.
  The negations are kept out of it: "not" changes what a sentence claims. The pieces
  the tokenizer splits off a contraction or an abbreviation ("s", "ll", "eg") are in.
* ``STOPWORDS``: what a conflict rule reads past when it asks what a phrase is about
  (the thing a limit names, the act after "shall"). The negation cues are in it: the
  rules find negation through the cues (:mod:`citemark.lexicon.negation`), and a
  phrase is about the same thing with or without one.
"""

from __future__ import annotations

from .negation import NEGATIONS

_CONTENT_STOPLIST = frozenset(
    """
a about above after again against all also am an and any are aren't as at be because been
before being below between both but by can could did do does doing down during each few for
from further had has have having he her here hers herself him himself his how i if in into is
it its itself just me more most my myself nor of off on once only or other our ours ourselves
out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up upon very was we were what when where which
while who whom why will with would you your yours yourself yourselves s t d ll m re ve y
its one ones may might must shall also however thus therefore although though yet still even
etc e g ie eg via per within without among amongst whether either neither like well much many
""".split()
)
# Negations are kept: "not" changes what a sentence claims.
CONTENT_STOPWORDS = _CONTENT_STOPLIST - NEGATIONS
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
