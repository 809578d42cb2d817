"""Unsupported spans: which words of a sentence none of its citations back.

The pipeline tests run the real ``align`` on the bundled lease in lexical mode
(no model to wait for); the metric tests score a small handmade record through
the real ``citemark eval`` path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citemark import align, span_weights
from citemark.evaluate import predict, read_records, span_metrics, span_prf, token_flags
from citemark.index import SourceIndex
from citemark.spans import (
    FEATURES,
    STACK_FEATURES,
    SpanSettings,
    _after_preposition,
    _compounds,
    _sentence_features,
    context_from_index,
    find_unsupported,
    sentence_evidence,
    stack_features,
    unsupported_spans,
)
from citemark.tokens import tokenize
from citemark.types import Span
from citemark.words import unit

LEASE_CLAIM = (
    "Tenants may also apply the deposit to their final month's rent without the landlord's consent."
)


def _texts(answer: str, spans: tuple[Span, ...]) -> list[str]:
    return [answer[s.start : s.end] for s in spans]


def test_lease_claim_flags_what_the_lease_lacks(
    example: dict[str, Any], lexical_preset: Path
) -> None:
    report = align(LEASE_CLAIM, example["sources"], config=lexical_preset)
    (sentence,) = report.sentences
    assert sentence.status != "supported"
    flagged = " ".join(_texts(LEASE_CLAIM, sentence.unsupported_spans))
    assert "apply" in flagged and "final" in flagged
    # What the cited clauses do say is not flagged.
    for word in ("landlord", "consent", "deposit", "Tenants"):
        assert word not in flagged
    # "month" and "rent" are both in the cited rent clause, yet the compound is
    # flagged whole: the second pass reads the highest first-pass probability in
    # the compound ("final", which nothing backs), as annotators flag compounds.
    assert "final month's rent" in flagged
    # Regrowing into glued words (off by default: -0.02 F1 on WiCE train) agrees.
    index = SourceIndex(example["sources"], lexical_preset)
    span = Span(0, len(LEASE_CLAIM))
    context = context_from_index(index, LEASE_CLAIM, span, judged_supported=False)
    evidence = sentence_evidence(sentence.citations)
    regrown = unsupported_spans(
        LEASE_CLAIM, span, evidence, context=context, settings=SpanSettings(regrow=True)
    )
    assert "final month's rent" in " ".join(_texts(LEASE_CLAIM, regrown))
    assert unsupported_spans(LEASE_CLAIM, span, evidence, context=context) == (
        sentence.unsupported_spans
    )


def test_offsets_are_answer_coordinates(example: dict[str, Any], lexical_preset: Path) -> None:
    answer = "The lease term is two years. " + LEASE_CLAIM
    report = align(answer, example["sources"], config=lexical_preset)
    spans = [s for sentence in report.sentences for s in sentence.unsupported_spans]
    assert spans
    for sentence in report.sentences:
        for span in sentence.unsupported_spans:
            assert sentence.start <= span.start < span.end <= sentence.end
    assert "final" in " ".join(_texts(answer, tuple(spans)))
    second = report.sentences[1]
    dumped = report.to_dict()["sentences"][1]["unsupported_spans"]
    assert [answer[d["start"] : d["end"]] for d in dumped] == _texts(
        answer, second.unsupported_spans
    )


def test_supported_sentences_have_no_spans(example: dict[str, Any], lexical_preset: Path) -> None:
    report = align(example["answer"], example["sources"], config=lexical_preset)
    supported = [s for s in report.sentences if s.status == "supported"]
    assert supported
    assert all(s.unsupported_spans == () for s in supported)
    assert any(s.unsupported_spans for s in report.sentences if s.status != "supported")


def test_an_uncited_sentence_has_every_content_word_flagged(
    example: dict[str, Any], lexical_preset: Path
) -> None:
    """Nothing backs a sentence without citations: the word model does not thin it out."""
    answer = "Disputes will be resolved by arbitration in Delaware."
    sentence = align(answer, example["sources"], config=lexical_preset).sentences[0]
    assert sentence.citations == ()
    flagged = " ".join(_texts(answer, sentence.unsupported_spans))
    for word in ("Disputes", "resolved", "arbitration", "Delaware"):
        assert word in flagged
    # A cited sentence still goes through the word model, which keeps its gaps only.
    cited = align(LEASE_CLAIM, example["sources"], config=lexical_preset).sentences[0]
    assert cited.citations
    assert "deposit" not in " ".join(_texts(LEASE_CLAIM, cited.unsupported_spans))


def test_deterministic(example: dict[str, Any], lexical_preset: Path) -> None:
    first = align(LEASE_CLAIM, example["sources"], config=lexical_preset).to_dict()
    second = align(LEASE_CLAIM, example["sources"], config=lexical_preset).to_dict()
    assert first["sentences"][0]["unsupported_spans"] == second["sentences"][0]["unsupported_spans"]


def test_adjacent_words_merge_across_function_words_only() -> None:
    answer = "The court fined the bank heavily, and the bank appealed."
    evidence = ["The bank appealed the ruling of the court."]
    spans = unsupported_spans(answer, Span(0, len(answer)), evidence)
    # "fined" and "heavily" are absent; "the bank" between them is backed, so two spans.
    assert _texts(answer, spans) == ["fined", "heavily"]
    answer = "The lessee owes a hefty penalty fee."
    spans = unsupported_spans(answer, Span(0, len(answer)), ["The lessee owes rent."])
    # One leading function word joins the span (measured: annotators mark "a", "for").
    assert _texts(answer, spans) == ["a hefty penalty fee"]
    answer = "He paid a fine of the utmost severity."
    spans = unsupported_spans(answer, Span(0, len(answer)), ["He paid."])
    assert _texts(answer, spans) == ["a fine of the utmost severity"]


def test_phrase_punctuation_stops_a_bridge_when_asked() -> None:
    answer = "Bob bought apples, pears and plums."
    evidence = ["Bob bought fruit."]
    strict = SpanSettings(hard_breaks=True, lead=0)
    spans = unsupported_spans(answer, Span(0, len(answer)), evidence, settings=strict)
    assert _texts(answer, spans) == ["apples", "pears and plums"]
    spans = unsupported_spans(answer, Span(0, len(answer)), evidence)
    assert _texts(answer, spans) == ["apples, pears and plums"]


def test_spans_hold_no_bare_stopword_or_punctuation() -> None:
    answer = "The tenant, in fact, must pay the whole of the costs of the repairs!"
    spans = unsupported_spans(answer, Span(0, len(answer)), ["The tenant pays."])
    assert spans
    for text in _texts(answer, spans):
        assert text == text.strip(" ,.!")
        # Every span holds a content word and ends on one; at most one function
        # word leads it.
        words = text.replace(",", " ").split()
        assert unit(words[-1].casefold()) is not None
        assert any(unit(w.casefold()) is not None for w in words[:2])
    lone = unsupported_spans("The of.", Span(0, 7), ["Nothing here."])
    assert lone == ()


def test_inflections_variants_and_values_count_as_backed() -> None:
    answer = "The organisation pays 14 days late."
    evidence = ["The organization is paying two weeks late."]
    finding = find_unsupported(answer, Span(0, len(answer)), evidence)
    assert finding.spans == ()
    reasons = {w.text: w.reason for w in finding.words}
    assert reasons["organisation"] in {"prefix", "fuzzy"}
    assert reasons["pays"] == "stem"
    assert reasons["14"] == "fact"


def test_missing_amount_is_flagged_by_the_fact_check() -> None:
    answer = "The fee is $500 per month."
    finding = find_unsupported(answer, Span(0, len(answer)), ["The fee is $400 per month."])
    assert _texts(answer, finding.spans) == ["$500"]  # the sign with its figure
    assert {w.text: w.reason for w in finding.words}["500"] == "missing_fact"


def test_sentence_span_inside_longer_answer() -> None:
    answer = "Rent is due monthly. Pets are forbidden."
    span = Span(21, len(answer))
    spans = unsupported_spans(answer, span, ["Rent is due monthly."])
    assert _texts(answer, spans) == ["Pets are forbidden"]
    assert all(s.start >= span.start for s in spans)


def test_optional_embedder_backs_close_words() -> None:
    import numpy as np

    class Toy:
        """Vectors where 'car' and 'automobile' coincide and all else is orthogonal."""

        def encode(self, texts: list[str]) -> np.ndarray:
            vocab = {"car": 0, "automobile": 0}
            rows = np.zeros((len(texts), 64), dtype=np.float32)
            for n, t in enumerate(texts):
                rows[n, vocab.get(t, 1 + sum(map(ord, t)) % 63)] = 1.0
            return rows

    answer = "She sold the car yesterday."
    evidence = ["She sold the automobile."]
    lexical = unsupported_spans(answer, Span(0, len(answer)), evidence)
    assert _texts(answer, lexical) == ["the car yesterday"]
    semantic = unsupported_spans(answer, Span(0, len(answer)), evidence, embedder=Toy())
    assert _texts(answer, semantic) == ["yesterday"]


def test_word_model_flags_the_part_of_a_date_the_evidence_lacks() -> None:
    # The fact check finds "June 13, 2014" missing as a whole; the word model looks
    # at each word of it: the evidence has "June" and "2014", not the day.
    source = (
        "The senate confirmed him in June 2014. He was nominated by the president in "
        "June 2014 after a long search. The court sits in Boston."
    )
    index = SourceIndex([{"id": "s", "text": source}], "lexical")
    answer = "On June 13, 2014 he was nominated by President Barack Obama."
    span = Span(0, len(answer))
    evidence = ["He was nominated by the president in June 2014 after a long search."]
    context = context_from_index(index, answer, span, judged_supported=False)
    found = find_unsupported(answer, span, evidence, context=context)
    # "President" is in the evidence, but the name it heads is not: the compound is
    # flagged whole, with the preposition before it.
    assert _texts(answer, found.spans) == ["13", "by President Barack Obama"]
    words = {w.text: w for w in found.words}
    assert words["June"].reason == words["2014"].reason == "missing_fact"
    probability = {text: w.probability or 0.0 for text, w in words.items()}
    assert probability["13"] > 2 * max(probability["June"], probability["2014"])
    # Without a context the fact check alone decides: the whole date is flagged.
    alone = unsupported_spans(answer, span, evidence)
    assert "June 13, 2014" in " ".join(_texts(answer, alone))


def test_word_model_weights_match_its_features() -> None:
    # A feature added without refitting (benchmarks/fit_spans.py --write) fails here,
    # not as a silently misweighted model.
    assert len(span_weights.WORD_WEIGHTS) == len(FEATURES)
    assert len(span_weights.STACK_WEIGHTS) == len(FEATURES) + len(STACK_FEATURES)
    assert 0.0 < span_weights.THRESHOLD < 1.0
    assert SpanSettings().threshold == span_weights.THRESHOLD


def test_sentence_features_read_the_best_aligned_evidence_sentence() -> None:
    # The first evidence sentence has three of the claim's four words, the second
    # only "Boston": that word is missing from the best sentence, stands beside no
    # other claim word, and is apart from its neighbour "title" though both occur.
    evidence = ["The Lakers won the title. Boston lost in March."]
    rows = _sentence_features(["lakers", "won", "title", "boston"], evidence)
    missing_best = [r[0] for r in rows]
    colocated = [r[1] for r in rows]
    apart = [r[2] for r in rows]
    assert missing_best == [0.0, 0.0, 0.0, 1.0]
    assert colocated == pytest.approx([2 / 3, 2 / 3, 2 / 3, 0.0])
    assert apart == [0.0, 0.0, 1.0, 1.0]
    # A word the evidence lacks as a whole (None) is in no sentence; no evidence at all
    # leaves every word missing from the (absent) best sentence.
    assert _sentence_features(["lakers", None], evidence)[1] == (1.0, 0.0, 0.0)
    assert _sentence_features(["lakers"], []) == [(1.0, 0.0, 0.0)]


def test_after_preposition_looks_through_function_words_only() -> None:
    words = tokenize("He lived for the rest of his life in Montana")
    at = {key: n for n, key in enumerate(words.keys)}
    assert _after_preposition(words, at["rest"])  # "for the"
    assert _after_preposition(words, at["montana"])  # "in"
    assert not _after_preposition(words, at["lived"])  # "He" is no preposition
    # "of" ties a noun to its complement, not an argument to the claim: not counted.
    assert not _after_preposition(words, at["life"])


def test_second_pass_reads_the_compound_and_the_sentence_rank() -> None:
    assert _compounds([True, False], [0.1, 0.8, 0.3]) == [(0.8, 0.5), (0.8, 0.5), (0.3, 0.25)]
    answer = "The New York-based artist painted murals"
    words = tokenize(answer)
    positions = [n for n, key in enumerate(words.keys) if unit(key) is not None]
    first = [0.2, 0.1, 0.9, 0.3, 0.6, 0.4]  # new york based artist painted murals
    rows = stack_features(answer, words, positions, first)
    assert all(len(r) == len(STACK_FEATURES) for r in rows)
    column = {name: [r[i] for r in rows] for i, name in enumerate(STACK_FEATURES)}
    # Only spaces and a hyphen stand between these words: one compound (the glue
    # test knows no parts of speech), so all share its highest probability.
    assert column["compound_max_probability"] == [0.9] * 6
    assert column["relative_probability"] == pytest.approx([p / 0.9 for p in first])
    assert column["sentence_rank"] == pytest.approx([4 / 5, 5 / 5, 0.0, 3 / 5, 1 / 5, 2 / 5])


def test_bridge_setting_limits_merging() -> None:
    answer = "He paid a fine of the utmost severity."
    settings = SpanSettings(bridge=0, lead=0)
    spans = unsupported_spans(answer, Span(0, len(answer)), ["He paid."], settings=settings)
    assert _texts(answer, spans) == ["fine", "utmost severity"]


# ----------------------------------------------------------------------------- metrics


def test_token_flags_and_prf() -> None:
    tokens = [(0, 3), (4, 9), (10, 12)]
    assert token_flags(tokens, [Span(5, 6)]) == (False, True, False)
    assert token_flags(tokens, [Span(3, 4)]) == (False, False, False)
    p, r, f = span_prf([((True, True, False, False), (True, False, True, False))])
    assert (p, r) == (0.5, 0.5) and f == pytest.approx(0.5)
    with pytest.raises(ValueError):
        span_prf([((True,), (True, False))])


def test_eval_scores_handmade_fixture(
    example: dict[str, Any], lexical_preset: Path, tmp_path: Path
) -> None:
    answer = LEASE_CLAIM
    words = [(m.start(), m.end()) for m in __import__("re").finditer(r"\w+|[^\w\s]", answer)]
    gold_span = (answer.index("final"), answer.index("rent") + 4)
    flags = [gold_span[0] <= a and b <= gold_span[1] for a, b in words]
    record = {
        "id": "handmade-1",
        "dataset": "spans_fixture",
        "answer": answer,
        "sources": example["sources"],
        "sentences": [
            {
                "start": 0,
                "end": len(answer),
                "label": "partial",
                "unsupported_spans": [{"start": gold_span[0], "end": gold_span[1]}],
            }
        ],
        "meta": {
            "claim_tokens": [answer[a:b] for a, b in words],
            "token_char_offsets": [list(w) for w in words],
            "non_supported_tokens": flags,
            "upstream_split": "dev",
        },
    }
    path = tmp_path / "fixture.jsonl"
    path.write_text(json.dumps(record) + "\n", "utf-8")
    predictions = list(predict(read_records(path), config=str(lexical_preset)))
    (p,) = predictions
    assert p.spans is not None and p.spans.gold == tuple(flags)
    assert p.spans.every_token == (True,) * len(words)
    rows = {(m.method, m.part): m for m in span_metrics(predictions)}
    assert set(rows) == {
        (method, part)
        for method in ("citemark", "citemark_ungated", "every_token", "absent_words")
        for part in ("all", "dev")
    }
    every = rows[("every_token", "all")]
    assert every.recall == 1.0 and every.precision == round(sum(flags) / len(flags), 4)
    mine = rows[("citemark", "dev")]
    assert mine.recall == 1.0  # "final month ' s rent" is flagged whole
    predicted = p.spans.predicted
    tp = sum(g and q for g, q in zip(flags, predicted, strict=True))
    assert mine.precision == round(tp / sum(predicted), 4)


# ----------------------------------------------------------------------------- floor

WICE_SPANS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "wice_spans.jsonl"


@pytest.mark.slow
def test_span_f1_holds_its_floor_on_held_out_dev() -> None:
    # The word model is fitted on the upstream train half only; dev is held out.
    # Measured (default preset): dev 0.550 as the report gives it, 0.608 on
    # every sentence (0.545 / 0.599 before a value the evidence states was kept from
    # being underlined); the floors leave about 0.01 for a refit's noise (124 dev claims).
    if not WICE_SPANS.is_file():
        pytest.skip(f"{WICE_SPANS} is absent: the dev data lives in ../shared/data")
    rows = {
        (m.method, m.part): m
        for m in span_metrics(list(predict(read_records(WICE_SPANS), config="default")))
    }
    dev = rows[("citemark", "dev")]
    assert dev.f1 >= 0.535, dev
    assert rows[("citemark_ungated", "dev")].f1 >= 0.585, rows[("citemark_ungated", "dev")]
    # Both baselines are beaten on both halves.
    for part in ("dev", "train"):
        mine = rows[("citemark", part)].f1
        assert mine > rows[("every_token", part)].f1 and mine > rows[("absent_words", part)].f1


@pytest.mark.parametrize(
    ("answer", "source", "value"),
    [
        (
            "Late payments bear interest at 2.5% per month.",
            "Late payments bear interest at 1.5% per month.",
            "2.5%",
        ),
        ("The rent is $2,400 a month.", "The rent is $2,000 a month.", "$2,400"),
    ],
)
def test_a_flagged_number_is_shown_whole(answer: str, source: str, value: str) -> None:
    """The word tokens of "2.5%" are "2" and "5": a span must neither start inside it
    nor leave its signs out."""
    report = align(answer, [{"id": "S", "text": source}])
    shown = [answer[u.start : u.end] for u in report.sentences[0].unsupported_spans]
    assert any(value in s for s in shown)
    assert not any(s.startswith(("5%", ".5", "400")) or s.endswith(".5") for s in shown)


@pytest.mark.parametrize(
    ("answer", "source", "backed"),
    [
        (
            "Late payments bear interest at 1.5% per month.",
            "Late payments bear interest at 1.5% per annum.",
            "1.5%",
        ),
        (
            "The warranty lasts 90 days.",
            "Seller warrants the Products for a period of ninety (90) days from delivery.",
            "90 days",
        ),
    ],
)
def test_a_value_the_evidence_states_is_never_underlined(
    answer: str, source: str, backed: str
) -> None:
    """The word model may flag the words around a value, but not a value the fact check
    finds in the cited evidence: a reviewer would see "90 days" marked against "ninety
    (90) days"."""
    (sentence,) = align(answer, [{"id": "S", "text": source}]).sentences
    assert sentence.status != "supported"
    shown = [answer[u.start : u.end] for u in sentence.unsupported_spans]
    assert shown
    assert not any(backed in s for s in shown)
