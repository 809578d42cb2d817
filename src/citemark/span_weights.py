"""Weights of the unsupported-words model (both logistic passes of
``spans.find_unsupported``), written by ``benchmarks/fit_spans.py --write``
from the upstream ``train`` half of wice_spans.jsonl (374 sentences,
aligned with the 'default' preset); do not edit by hand.

Cross-validated train token F1 (5 folds by claim), as the report gives it:
first pass alone 0.608, both passes 0.631
(spans on every sentence whatever its status: 0.666);
regularisation C=3.0 chosen on the same folds.
"""

# First pass: one weight per name of spans.FEATURES.
WORD_WEIGHTS = (
    1.0294,  # missing_cited
    1.7417,  # glued_to_missing
    1.3258,  # missing_fact
    1.535,  # present_fact
    0.7845,  # missing_nearby
    1.1175,  # missing_sources
    -0.5028,  # capitalised
    1.9456,  # rarity
    -1.9825,  # missing_share
    0.2457,  # judged_supported
    -1.1049,  # past_tense
    -0.4507,  # length
    0.4496,  # word_missing_cited
    0.8074,  # word_missing_in_missing_fact
    0.5183,  # word_present_in_missing_fact
    -0.8006,  # missing_wider
    0.0486,  # digits
    -0.3718,  # citations
    1.0006,  # position
    0.0908,  # first_word
    0.029,  # last_word
)
WORD_BIAS = -2.9787
# Second pass: spans.FEATURES, then spans.STACK_FEATURES.
STACK_WEIGHTS = (
    1.8071,  # missing_cited
    2.7055,  # glued_to_missing
    2.5687,  # missing_fact
    2.8387,  # present_fact
    1.5222,  # missing_nearby
    2.3307,  # missing_sources
    -0.9858,  # capitalised
    3.7151,  # rarity
    -3.5402,  # missing_share
    0.2315,  # judged_supported
    -2.2627,  # past_tense
    -0.9009,  # length
    0.7744,  # word_missing_cited
    1.7609,  # word_missing_in_missing_fact
    0.8079,  # word_present_in_missing_fact
    -1.4536,  # missing_wider
    0.3114,  # digits
    -0.4532,  # citations
    1.7012,  # position
    0.3405,  # first_word
    0.3915,  # last_word
    -1.0048,  # first_pass_logit
    0.1954,  # left_probability
    0.0477,  # right_probability
    0.6808,  # glued_left_probability
    0.9834,  # glued_right_probability
    0.9465,  # neighbour_probability
    -2.4598,  # sentence_max_probability
    -2.3394,  # sentence_mean_probability
)
STACK_BIAS = -3.9065
# Second-pass probability at which a word is flagged (SpanSettings.threshold).
THRESHOLD = 0.4
