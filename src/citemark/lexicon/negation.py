"""Negation cues and the words a cue reaches over to find what it governs."""

from __future__ import annotations

# The words that say a sentence is negated, which a comparison of content words keeps.
NEGATIONS = frozenset({"not", "no", "nor", "without"})
NEG_CUES = frozenset(
    "not no never none nor neither without cannot prohibited forbidden prohibits forbids".split()
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
