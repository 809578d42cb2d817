"""Weights of the unsupported-words model (both logistic passes of
``spans.find_unsupported``), written by ``benchmarks/fit_spans.py --write``
from the upstream ``train`` half of wice_spans.jsonl (374 sentences,
aligned with the 'default' preset); do not edit by hand.

Cross-validated train token F1 (5 folds by claim), as the report gives it:
first pass alone 0.603, both passes 0.639
(spans on every sentence whatever its status: 0.677);
regularisation C=30.0 chosen on the same folds.
"""

# First pass: one weight per name of spans.FEATURES.
WORD_WEIGHTS = (
    1.0645,  # missing_cited
    1.7778,  # glued_to_missing
    1.2974,  # missing_fact
    1.4534,  # present_fact
    0.4227,  # missing_nearby
    1.3437,  # missing_sources
    -0.5339,  # capitalised
    1.9113,  # rarity
    -2.0682,  # missing_share
    0.4108,  # judged_supported
    -1.0868,  # past_tense
    -0.4606,  # length
    -0.2621,  # word_missing_cited
    0.8195,  # word_missing_in_missing_fact
    0.4779,  # word_present_in_missing_fact
    -0.8507,  # missing_wider
    -0.003,  # digits
    -0.7348,  # citations
    1.1074,  # position
    0.0573,  # first_word
    -0.0422,  # last_word
    0.9175,  # missing_best_sentence
    -0.7247,  # colocated
    0.0579,  # pair_apart
    0.421,  # after_preposition
)
WORD_BIAS = -2.9496
# Second pass: spans.FEATURES, then spans.STACK_FEATURES.
STACK_WEIGHTS = (
    0.199,  # missing_cited
    5.4258,  # glued_to_missing
    5.8029,  # missing_fact
    5.315,  # present_fact
    1.595,  # missing_nearby
    5.5699,  # missing_sources
    -1.9706,  # capitalised
    7.021,  # rarity
    -7.3897,  # missing_share
    1.3013,  # judged_supported
    -4.1884,  # past_tense
    -1.7451,  # length
    2.0181,  # word_missing_cited
    2.0703,  # word_missing_in_missing_fact
    3.7326,  # word_present_in_missing_fact
    -3.5522,  # missing_wider
    0.0874,  # digits
    -2.547,  # citations
    3.6601,  # position
    0.2508,  # first_word
    0.0039,  # last_word
    3.5347,  # missing_best_sentence
    -3.2677,  # colocated
    0.0641,  # pair_apart
    1.5547,  # after_preposition
    -2.6418,  # first_pass_logit
    0.3841,  # left_probability
    0.3554,  # right_probability
    0.4448,  # glued_left_probability
    0.3945,  # glued_right_probability
    0.3036,  # neighbour_probability
    -4.1289,  # sentence_max_probability
    -3.0961,  # sentence_mean_probability
    2.7935,  # compound_max_probability
    -0.6376,  # compound_size
    -1.0111,  # relative_probability
    0.5414,  # sentence_rank
)
STACK_BIAS = -7.294
# Second-pass probability at which a word is flagged (SpanSettings.threshold).
THRESHOLD = 0.3
