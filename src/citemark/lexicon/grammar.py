"""Closed classes of English function words that the rules read a clause by: forms of
"be", auxiliaries, adverbs, clause breaks and comparatives, and the function words that
are never a name."""

from __future__ import annotations

COMPARATIVES = frozenset("more less fewer later earlier greater sooner longer".split())
# The modal verbs: what a duty, a leave or a prediction is said with.
MODALS = frozenset("must shall may can could will would should might".split())
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
# Words a noun follows: a swapped word after one of these names another thing.
DETERMINERS = frozenset(
    """the a an all any each every its their his her our your no such these those
    some""".split()
)
# Prepositions that open the argument a word belongs to ("in Los Angeles", "for 4
# years", "during the 2016 election"): annotators flag such arguments far more
# often than the subject or the verb of a claim.
PREPOSITIONS = frozenset(
    """in on at for during from until by since with to into over after before between
    among against under through throughout atop across""".split()
)
