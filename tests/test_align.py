"""The aligner end to end: legal claims flagged, quotes and paraphrases supported.

Most tests run in lexical mode (no model) to stay fast; the ones marked ``slow``
load the real MiniLM model from its PyPI package, as users run it.
"""

from __future__ import annotations

import gc
import json
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import citemark
from citemark import (
    ConfigError,
    InputError,
    Source,
    SourceIndex,
    align,
    load_config,
)
from citemark.embed import default_embedder
from citemark.words import unit

LEASE = (
    "RESIDENTIAL LEASE. The term of this Lease is one (1) year, beginning on March 1, 2024. "
    "The Tenant shall pay the monthly rent of $2,400 on the first day of each month. "
    "The Tenant shall not sublet the Premises without the prior written consent of the "
    "Landlord. The Landlord shall return the security deposit within thirty (30) days after "
    "the termination of this Lease."
)
STATUTE = (
    "A landlord may not retain any portion of a security deposit for ordinary wear and tear. "
    "The landlord must provide an itemized statement of deductions."
)
SOURCES = [{"id": "lease", "text": LEASE}, {"id": "statute", "text": STATUTE}]

SUPPORTED = {
    "verbatim": "The Tenant shall pay the monthly rent of $2,400 on the first day of each month.",
    "paraphrase": (
        "Without the landlord's prior written approval, the tenant may not sublet the premises."
    ),
    "paraphrase with a number in another form": (
        "The landlord must return the deposit within 30 days after the lease ends."
    ),
}
NOT_SUPPORTED = {
    "changed number": "The term of the lease is two years.",
    "changed amount": "The landlord must return the deposit within 60 days after the lease ends.",
    "negated": (
        "The Tenant may sublet the Premises without the prior written consent of the Landlord."
    ),
    "invented": "The Tenant must maintain renter's insurance with coverage of at least $100,000.",
}
# every conflict rule on: the plain-denial rule is off in the presets (its measured
# precision, benchmarks/rule_precision.py), and these tests are about what it finds
LEXICAL = load_config("default").with_(mode="lexical", rules_off=())


def _one(sentence: str, mode_config: object = LEXICAL):  # type: ignore[no-untyped-def]
    report = align(sentence, SOURCES, config=mode_config)  # type: ignore[arg-type]
    assert len(report.sentences) == 1
    return report.sentences[0]


@pytest.mark.parametrize("name", sorted(SUPPORTED))
def test_quoted_and_paraphrased_claims_are_supported(name: str) -> None:
    result = _one(SUPPORTED[name])
    assert result.status == "supported", result
    assert result.citations and result.citations[0].source_id == "lease"


@pytest.mark.parametrize("name", sorted(NOT_SUPPORTED))
def test_uncited_legal_claims_are_flagged(name: str) -> None:
    assert _one(NOT_SUPPORTED[name]).status != "supported"


def test_missing_facts_name_what_the_evidence_lacks() -> None:
    invented = _one(NOT_SUPPORTED["invented"])
    assert [f.text for f in invented.missing_facts] == ["$100,000"]


def test_conflicts_name_what_the_evidence_states_instead() -> None:
    # The lease says "one (1) year": a changed value is a conflict, not a missing fact.
    changed = _one(NOT_SUPPORTED["changed number"])
    assert [(c.text, c.evidence) for c in changed.conflicts] == [("two years", "one (1) year")]
    assert changed.missing_facts == () and changed.status == "unsupported"
    negated = _one(NOT_SUPPORTED["negated"])
    assert [(c.kind, c.evidence) for c in negated.conflicts] == [("negation", "shall not sublet")]


def test_an_invented_claim_is_unsupported_and_listed_in_the_summary() -> None:
    answer = f"{SUPPORTED['verbatim']} {NOT_SUPPORTED['invented']}"
    report = align(answer, SOURCES, config=LEXICAL)
    assert [s.status for s in report.sentences] == ["supported", "unsupported"]
    assert report.summary()["unsupported_claims"] == [
        {
            "start": report.sentences[1].start,
            "end": report.sentences[1].end,
            "text": NOT_SUPPORTED["invented"],
        }
    ]


def test_an_invented_lowercase_sentence_is_not_hidden_in_a_supported_one() -> None:
    """A sentence after a plain period is its own claim even when it starts in lower case;
    merged into the supported rent sentence it would pass unflagged."""
    invented = "the landlord must also pay the tenant's electricity bills."
    answer = "The tenant pays rent monthly on the first day of each month. " + invented
    report = align(answer, SOURCES, config=LEXICAL)
    texts = [answer[s.start : s.end] for s in report.sentences]
    assert texts == ["The tenant pays rent monthly on the first day of each month.", invented]
    assert report.sentences[0].status != "unsupported"
    assert report.sentences[1].status != "supported"


def test_verbatim_and_paraphrase_citations_are_kept_apart() -> None:
    answer = f"{SUPPORTED['verbatim']} {SUPPORTED['paraphrase']}"
    report = align(answer, SOURCES, config=LEXICAL)
    quote, para = report.sentences
    assert quote.citations[0].kind == "verbatim"
    assert quote.citations[0].evidence == (
        "The Tenant shall pay the monthly rent of $2,400 on the first day of each month"
    )
    # A short quote inside a reworded sentence is cited as what it is; the passage
    # that supports the whole sentence comes first, as a paraphrase.
    assert para.citations[0].kind == "paraphrase"
    assert "verbatim" in {c.kind for c in para.citations}
    tagged = report.tagged()
    assert '<cite ids="lease">The Tenant shall pay' in tagged
    assert '<cite ids="lease" kind="paraphrase">Without the landlord' in tagged
    assert '<cite ids="lease">not sublet the premises</cite>' in tagged


def test_citation_offsets_point_at_the_evidence() -> None:
    report = align(" ".join(SUPPORTED.values()), SOURCES, config=LEXICAL)
    texts = {"lease": LEASE, "statute": STATUTE}
    for sentence in report.sentences:
        for c in sentence.citations:
            assert texts[c.source_id][c.source_start : c.source_end] == c.evidence
            assert c.source_index in (0, 1)


def test_chunk_offsets_refer_to_the_parent_document() -> None:
    cut = LEASE.index("The Tenant shall not")
    chunks = [Source("lease", LEASE[:cut], 0), Source("lease", LEASE[cut:], cut)]
    result = align(SUPPORTED["paraphrase"], chunks, config=LEXICAL).sentences[0]
    citation = result.citations[0]
    assert citation.source_start >= cut
    assert LEASE[citation.source_start : citation.source_end] == citation.evidence


def test_langchain_and_llamaindex_shaped_documents_are_read_by_duck_typing() -> None:
    @dataclass
    class LangChainDoc:
        page_content: str
        metadata: dict[str, object]

    @dataclass
    class LlamaNode:
        text: str
        id_: str
        metadata: dict[str, object]

    sources = [
        LangChainDoc(LEASE, {"source": "lease"}),
        LlamaNode(STATUTE, "statute", {}),
    ]
    report = align(SUPPORTED["verbatim"], sources, config=LEXICAL)
    assert report.sentences[0].citations[0].source_id == "lease"


def test_output_is_deterministic() -> None:
    answer = " ".join([*SUPPORTED.values(), *NOT_SUPPORTED.values()])
    first = json.dumps(align(answer, SOURCES, config=LEXICAL).to_dict(), sort_keys=True)
    for _ in range(3):
        again = json.dumps(align(answer, list(SOURCES), config=LEXICAL).to_dict(), sort_keys=True)
        assert again == first


def test_a_prepared_index_gives_the_same_report() -> None:
    answer = " ".join(SUPPORTED.values())
    index = SourceIndex(SOURCES, LEXICAL)
    assert (
        align(answer, None, index=index).to_dict()
        == align(answer, SOURCES, config=LEXICAL).to_dict()
    )


def test_gold_sentence_boundaries_replace_the_segmenter() -> None:
    answer = "Rent is $2,400 per month. Pets are welcome."
    report = align(answer, SOURCES, config=LEXICAL, sentences=[(0, 25), (26, 43)])
    assert [s.text for s in report.sentences] == ["Rent is $2,400 per month.", "Pets are welcome."]
    with pytest.raises(InputError, match="must lie inside the answer"):
        align(answer, SOURCES, config=LEXICAL, sentences=[(0, 99)])
    with pytest.raises(InputError, match="in order and without overlap"):
        align(answer, SOURCES, config=LEXICAL, sentences=[(5, 10), (8, 12)])


def test_lexical_mode_says_so_in_the_report() -> None:
    report = align(SUPPORTED["verbatim"], SOURCES, config=LEXICAL)
    assert report.mode == "lexical" and "cosine" not in report.sentences[0].features
    assert any("lexical" in note for note in report.notes)


def test_score_components_are_the_named_parts_of_the_score() -> None:
    result = _one(SUPPORTED["paraphrase"])
    weights, _ = LEXICAL.weights()
    assert set(result.components) == set(weights)
    for name, contribution in result.components.items():
        assert contribution == pytest.approx(weights[name] * result.features[name], abs=1e-5)


def test_japanese_answer_gets_verbatim_and_paraphrase_citations() -> None:
    source = (
        "本契約の期間は一年とする。賃借人は毎月末日までに家賃を貸主に支払わなければならない。"
        "賃借人は貸主の書面による同意なしに転貸してはならない。"
    )
    answer = (
        "賃借人は毎月末日までに家賃を貸主に支払わなければならない。"
        "転貸には貸主の書面による同意が必要である。"
    )
    report = align(answer, [{"id": "J", "text": source}], config=LEXICAL)
    assert len(report.sentences) == 2
    quote, para = report.sentences
    assert quote.status == "supported" and quote.citations[0].kind == "verbatim"
    assert para.citations and para.citations[0].source_id == "J"
    assert "転貸" in para.citations[0].evidence


def test_bad_input_gets_a_clear_error() -> None:
    with pytest.raises(InputError, match="answer must be str"):
        align(None, SOURCES, config=LEXICAL)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="source 0: 'text' is missing;"):
        align("x", [{"id": "a"}], config=LEXICAL)
    with pytest.raises(InputError, match=r"'text' is missing \('txt' given: a misspelling"):
        align("x", [{"id": "a", "txt": "abc"}], config=LEXICAL)
    with pytest.raises(InputError, match="mapping is read as phrase sources"):
        align("x", {"a": "text"}, config=LEXICAL)
    with pytest.raises(ConfigError, match="unknown preset 'nope'"):
        align("x", SOURCES, config="nope")
    with pytest.raises(ConfigError, match="unknown config key"):
        LEXICAL.with_(treshold=0.5)
    with pytest.raises(ConfigError, match="supported_lexical must be between"):
        LEXICAL.with_(supported_lexical=1.5)
    # Without a claim model both thresholds are on one probability, so they must be
    # ordered (with one, partial applies to the claim probability and may be higher).
    no_claim_model = LEXICAL.with_(claim_weights_hybrid={}, claim_weights_lexical={})
    with pytest.raises(ConfigError, match=r"partial threshold 0\.9 is above"):
        no_claim_model.with_(partial_hybrid=0.9)


@pytest.mark.slow
def test_hybrid_mode_with_the_real_model() -> None:
    answer = " ".join([*SUPPORTED.values(), *NOT_SUPPORTED.values()])
    report = align(answer, SOURCES)
    assert report.mode == "hybrid" and report.notes == ()
    statuses = [s.status for s in report.sentences]
    assert statuses[: len(SUPPORTED)] == ["supported"] * len(SUPPORTED)
    assert "supported" not in statuses[len(SUPPORTED) :]
    cosines = [s.features["cosine"] for s in report.sentences]
    assert all(0.0 <= c <= 1.0 for c in cosines)
    # A paraphrase is semantically close to its evidence; an invented claim is not.
    assert cosines[1] > cosines[-1] + 0.2


def test_reports_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    """Set order follows the per-process hash seed; no result may follow it too."""
    script = tmp_path / "run.py"
    script.write_text(
        "import json, sys\n"
        "from citemark import align, load_config\n"
        "cases = json.load(open(sys.argv[1]))\n"
        "cfg = load_config('lexical')\n"
        "print(json.dumps([align(c['answer'], c['sources'], config=cfg).to_dict() "
        "for c in cases], sort_keys=True))\n"
    )
    cases = [
        {"answer": " ".join([*SUPPORTED.values(), *NOT_SUPPORTED.values()]), "sources": SOURCES}
    ]
    data = Path(__file__).resolve().parents[2] / "shared" / "data" / "lfqa.jsonl"
    if data.is_file():  # real answers with near-tied passages, when the dev data is there
        with data.open(encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle]
        cases += [{"answer": r["answer"], "sources": r["sources"]} for r in records]
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, str(script), str(path)], env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        outputs.add(run.stdout)
    assert len(outputs) == 1


# --- scripts with combining marks and without spaces ------------------------------------

HINDI_SOURCE = "किरायेदार को हर महीने की पहली तारीख को किराया देना होगा।"
# Every vowel sign swapped for another: different words over the same consonants.
HINDI_VOWELS_SWAPPED = "कुरैयोदैर के हर महूनो कू पहलू तैरूख के कुरैयै दोनै हेगै।"


def _cluster_edges(text: str) -> set[int]:
    import regex

    return {0, *(m.end() for m in regex.finditer(r"\X", text))}


def _tag_edges(tagged: str) -> list[int]:
    import re

    edges, removed = [], 0
    for m in re.finditer(r"<cite[^>]*>|</cite>", tagged):
        edges.append(m.start() - removed)
        removed += m.end() - m.start()
    return edges


def test_hindi_with_every_vowel_sign_swapped_is_not_a_supported_quote() -> None:
    # Before: a verbatim quote, supported 0.96 (tokens were the consonant runs).
    report = align(HINDI_VOWELS_SWAPPED, [{"id": "H", "text": HINDI_SOURCE}], config=LEXICAL)
    (sentence,) = report.sentences
    assert not report.blocks
    assert all(c.kind != "verbatim" for c in sentence.citations)
    assert sentence.status != "supported"


def test_hindi_quote_is_supported_and_tagged_on_cluster_edges() -> None:
    answer = "अनुबंध के अनुसार किरायेदार को हर महीने की पहली तारीख को किराया देना होगा।"
    report = align(answer, [{"id": "H", "text": HINDI_SOURCE}], config=LEXICAL)
    (sentence,) = report.sentences
    assert sentence.status == "supported" and sentence.citations[0].kind == "verbatim"
    tagged = report.tagged()
    assert "किराया देना होगा</cite>" in tagged  # before: "...होग</cite>ा।"
    assert all(e in _cluster_edges(answer) for e in _tag_edges(tagged))


def test_vocalised_arabic_answer_quotes_an_unvocalised_source() -> None:
    source = "ذهب الطالب إلى المدرسة صباحا مع أخيه الصغير."
    answer = "ذَهَبَ الطَّالِبُ إِلَى الْمَدْرَسَةِ صَبَاحًا مَعَ أَخِيهِ الصَّغِيرِ."
    report = align(answer, [{"id": "A", "text": source}], config=LEXICAL)
    (sentence,) = report.sentences
    assert sentence.status == "supported"
    (citation,) = [c for c in sentence.citations if c.kind == "verbatim"]
    assert citation.evidence == source[:-1]
    assert all(e in _cluster_edges(answer) for e in _tag_edges(report.tagged()))


def test_thai_answer_is_matched_by_grapheme_cluster() -> None:
    source = "ผู้เช่าต้องชำระค่าเช่าภายในวันที่ห้าของทุกเดือน และคืนเงินมัดจำภายใน30วัน"
    answer = "ผู้ให้เช่าต้องคืนเงินมัดจำภายใน30วัน"
    report = align(answer, [{"id": "T", "text": source}], config=LEXICAL)
    (sentence,) = report.sentences
    assert sentence.status == "supported"
    quotes = [c.evidence for c in sentence.citations if c.kind == "verbatim"]
    assert "คืนเงินมัดจำภายใน30วัน" in quotes  # before: "นเงินมัดจำภายใน30วัน"
    assert all(e in _cluster_edges(answer) for e in _tag_edges(report.tagged()))


def test_thai_sources_switch_the_index_to_character_mode() -> None:
    index = SourceIndex([{"id": "T", "text": "ผู้เช่าต้องชำระค่าเช่าภายในวันที่ห้าของทุกเดือน"}])
    assert index.char_level
    assert not SourceIndex([{"id": "H", "text": HINDI_SOURCE}]).char_level


@pytest.mark.parametrize("enabled", [True, False])
def test_align_pauses_the_collector_only_while_it_runs(enabled: bool) -> None:
    """align pauses the cyclic collector for its allocations and puts it back as it
    found it, after a refused input too."""
    seen: list[bool] = []

    class Probe:
        """A document whose text is read inside align, while the collector is paused."""

        id_ = "probe"

        @property
        def text(self) -> str:
            seen.append(gc.isenabled())
            return "The tenant pays rent monthly."

    (gc.enable if enabled else gc.disable)()
    try:
        align("The tenant pays rent monthly.", [Probe()], config="lexical")
        assert gc.isenabled() is enabled and seen and not any(seen)
        with pytest.raises(InputError):
            align("An answer.", [{"id": "a", "text": "x"}], config="lexical", index="x")
        assert gc.isenabled() is enabled
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The term is three years.", "The term is 36 months."),
        ("The rent is $5,000 per month.", "The rent is five thousand dollars per month."),
        ("Rent increases by three percent each year.", "Rent increases by 3% each year."),
    ],
)
def test_a_fact_restated_in_other_words_counts_as_shared(answer: str, source: str) -> None:
    (restated,) = citemark.align(answer, [{"id": "S1", "text": source}]).sentences
    (copied,) = citemark.align(answer, [{"id": "S1", "text": answer}]).sentences
    # the words of an equal fact weigh as if they were the same words
    for name in ("recall", "recall_idf", "cover_idf", "global_recall_idf"):
        assert restated.features[name] == pytest.approx(copied.features[name])
    assert restated.status == "supported"
    # a different value is no restatement: its words stay unshared
    other = answer.replace("three", "four").replace("5,000", "6,000")
    (changed,) = citemark.align(other, [{"id": "S1", "text": source}]).sentences
    assert changed.features["recall"] < restated.features["recall"]
    assert changed.status != "supported"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The interest rate is 5% per annum.",
            "The loan bears interest at a fixed rate of five percent (5%) per year.",
        ),
        (
            "Interest on late payments is capped at 18% a year.",
            "Late payments shall bear interest at a rate not to exceed eighteen percent (18%) "
            "per annum.",
        ),
    ],
)
def test_a_period_said_in_latin_is_the_period_in_english(claim: str, passage: str) -> None:
    from citemark.tokens import tokenize
    from citemark.words import content_units

    assert "year" in content_units(tokenize("18% per annum"))
    assert "day" in content_units(tokenize("a per diem paid daily"))
    report = citemark.align(claim, [{"id": "note", "text": passage}])
    assert report.sentences[0].status == "supported"


# The lexical preset itself; LEXICAL above is the default preset read without the model.
LEXICAL_PRESET = load_config("lexical")


# --- citations of a contradicting passage -------------------------------------------------


def test_a_contradicted_passage_is_cited_whatever_its_score() -> None:
    """In lexical mode too, the passage that contradicts the claim is cited whatever its
    score, so the reviewer can open the evidence, and only "$3,000" is unsupported."""
    source = (
        "The term of this Lease is one (1) year. Monthly rent is $2,400, due on the first "
        "day of each month."
    )
    result = align("Rent is $3,000.", [{"id": "lease", "text": source}], config=LEXICAL_PRESET)
    sentence = result.sentences[0]
    assert [(c.text, c.evidence) for c in sentence.conflicts] == [("$3,000", "$2,400")]
    assert [c.evidence for c in sentence.citations] == [
        "Monthly rent is $2,400, due on the first day of each month."
    ]
    assert [result.answer[s.start : s.end] for s in sentence.unsupported_spans] == ["$3,000"]


# --- an index in a process pool, and the memo tables --------------------------------------


def test_a_used_hybrid_index_pickles(example: dict[str, Any]) -> None:
    """Once used, an index of the default preset pickles for a process pool, as a lexical
    one does, though it holds an embedder (and its lock)."""
    index = SourceIndex(example["sources"], "default")
    before = align(example["answer"], None, index=index).to_dict()
    again = pickle.loads(pickle.dumps(index))
    assert align(example["answer"], None, index=again).to_dict() == before


def test_clear_caches_empties_the_memo_tables_and_changes_nothing(
    example: dict[str, Any],
) -> None:
    """A worker aligning new texts grows about 20 KB a call up to the tables' bounds;
    ``clear_caches`` empties them, and the next report is the same."""
    before = align(example["answer"], example["sources"]).to_dict()
    assert unit.cache_info().currsize > 0
    assert default_embedder("static")._cache
    assert citemark.clear_caches() > 10
    assert unit.cache_info().currsize == 0
    assert not default_embedder("static")._cache
    assert align(example["answer"], example["sources"]).to_dict() == before
