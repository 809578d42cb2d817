"""Weights of the unsupported-words model (both logistic passes of
``spans.find_unsupported``), written by ``benchmarks/fit_spans.py --write``
from the upstream ``train`` half of wice_spans.jsonl (374 sentences,
aligned with the 'default' preset); do not edit by hand.

Cross-validated train token F1 (5 folds by claim), as the report gives it:
first pass alone 0.608, both passes 0.626
(spans on every sentence whatever its status: 0.659).
"""

# First pass: one weight per name of spans.FEATURES.
WORD_WEIGHTS = (
    0.9662,  # missing_cited
    1.6324,  # glued_to_missing
    1.2921,  # missing_fact
    1.4371,  # present_fact
    0.7493,  # missing_nearby
    1.0154,  # missing_sources
    -0.4862,  # capitalised
    1.7731,  # rarity
    -1.8215,  # missing_share
    0.2624,  # judged_supported
    -1.0602,  # past_tense
    -0.4366,  # length
    0.4468,  # word_missing_cited
    0.7997,  # word_missing_in_missing_fact
    0.4924,  # word_present_in_missing_fact
    -0.6281,  # missing_wider
    0.1004,  # digits
    -0.2722,  # citations
    0.9508,  # position
    0.0626,  # first_word
    0.0483,  # last_word
)
WORD_BIAS = -2.9076
# Second pass: spans.FEATURES, then spans.STACK_FEATURES.
STACK_WEIGHTS = (
    0.8932,  # missing_cited
    1.0561,  # glued_to_missing
    1.2764,  # missing_fact
    1.2858,  # present_fact
    0.7671,  # missing_nearby
    1.0951,  # missing_sources
    -0.5204,  # capitalised
    1.7541,  # rarity
    -1.6395,  # missing_share
    0.0406,  # judged_supported
    -1.1522,  # past_tense
    -0.4493,  # length
    0.2888,  # word_missing_cited
    1.0006,  # word_missing_in_missing_fact
    0.2758,  # word_present_in_missing_fact
    -0.4989,  # missing_wider
    0.3128,  # digits
    -0.0513,  # citations
    0.7703,  # position
    0.2274,  # first_word
    0.3507,  # last_word
    -0.0718,  # first_pass_logit
    0.2073,  # left_probability
    0.0448,  # right_probability
    0.6662,  # glued_left_probability
    0.9834,  # glued_right_probability
    0.8887,  # neighbour_probability
    -2.3933,  # sentence_max_probability
    -1.8423,  # sentence_mean_probability
)
STACK_BIAS = -1.2561
# Second-pass probability at which a word is flagged (SpanSettings.threshold).
THRESHOLD = 0.4
