"""Defects found at stop 41 (a fifth new user's trial, and what the fourth left).

Each test fails on the code before its fix (729471f) unless marked as a guard.
"""

from __future__ import annotations

from typing import Any

import pytest

from citemark import ConfigError, InputError, align, load_config

LEXICAL = load_config("lexical")


def test_a_plain_string_source_whose_id_is_taken_is_named_as_such() -> None:
    """A plain string takes the id S<n>; where a dict source already had it, the
    message spoke of overlapping chunks of one document, which the list has none of."""
    with pytest.raises(InputError, match=r"source 0 is a plain string .* 'S1', which source 1"):
        align("Rent is due.", ["Rent is due.", {"id": "S1", "text": "Pets are allowed."}])
    # Guard: plain strings beside ids of another shape, or alone, are fine.
    assert align("Rent is due.", ["Rent is due.", {"id": "S3", "text": "x"}], config=LEXICAL)
    assert align("Rent is due.", ["Rent is due.", "Pets are allowed."], config=LEXICAL)


@pytest.mark.parametrize("config", [3, 0.5, {"mode": "lexical"}, ["lexical"]])
def test_a_config_of_the_wrong_type_is_named_by_its_type(config: Any) -> None:
    """config=3 was read as a preset called '3' ("unknown preset '3'")."""
    with pytest.raises(ConfigError, match=f"config must be .* got {type(config).__name__}"):
        align("Rent is due.", [{"id": "S1", "text": "Rent is due."}], config=config)


def test_a_mapping_config_is_told_how_to_give_its_settings() -> None:
    with pytest.raises(ConfigError, match=r"with_\(\*\*settings\)"):
        load_config({"mode": "lexical"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ({"id": "S1", "text": None}, "'text' is None"),
        ({"id": "S1"}, "'text' is missing"),
        ({"id": "S1", "page_content": None}, "'page_content' is None"),
    ],
)
def test_a_text_of_none_is_not_called_missing(source: dict[str, Any], message: str) -> None:
    """``text: None`` was reported as "missing 'text'", sending the reader to look for
    a key that is there."""
    with pytest.raises(InputError, match=f"source 0: {message}"):
        align("Rent is due.", [source])


def test_a_quote_of_a_templated_clause_cites_a_few_places_spread_over_the_sources() -> None:
    """A sentence quoting a clause that a templated contract repeats drew a verbatim
    citation of every repetition (hundreds); it now cites ``max_citations`` of them,
    one per source first, while the report's blocks keep every occurrence."""
    clause = "The Company shall indemnify the Distributor against all claims."
    sources = [
        {"id": f"C{n:02d}", "text": f"{clause} Section {n}. Other terms apply. {clause}"}
        for n in range(50)
    ]
    report = align(clause + " Rent is due monthly.", sources, config=LEXICAL)
    sentence = report.sentences[0]
    quotes = [c for c in sentence.citations if c.kind == "verbatim"]
    assert len(quotes) == LEXICAL.max_citations
    assert [c.source_id for c in quotes] == ["C00", "C01", "C02"]  # spread, in source order
    assert all(c.evidence == clause[:-1] and c.source_start == 0 for c in quotes)
    assert sum(len(b.matches) for b in report.blocks) == 100  # every occurrence, still


def test_each_quote_of_a_sentence_keeps_its_places() -> None:
    """Guard: the cap is per quoted text; two quotes from two places each are all kept."""
    sources = [
        {"id": "A", "text": "The tenant shall pay rent monthly. Pets are welcome here."},
        {"id": "B", "text": "Pets are welcome here. The tenant shall pay rent monthly."},
    ]
    answer = "The tenant shall pay rent monthly, and pets are welcome here."
    quotes = [c for c in align(answer, sources, config=LEXICAL).sentences[0].citations]
    assert sorted((c.source_id, c.evidence) for c in quotes if c.kind == "verbatim") == [
        ("A", "Pets are welcome here"),
        ("A", "The tenant shall pay rent monthly"),
        ("B", "Pets are welcome here"),
        ("B", "The tenant shall pay rent monthly"),
    ]


ENTRY = (
    "Landlord may enter the Premises only upon at least twenty-four (24) hours written "
    "notice to Tenant, except in an emergency."
)


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord may enter the premises without notice.",
        "The landlord may enter the premises without notice at any time.",
        "The landlord may enter the premises at any time without notice.",
        "The landlord may enter the premises without notice for any reason.",
    ],
)
def test_entry_without_notice_conflicts_with_notice_to_the_tenant(claim: str) -> None:
    """Trial 40 left "without notice at any time"; and "notice to Tenant" read "to
    Tenant" as an infinitive ("to tenant"), a verb the claim had to name, so even
    "may enter the premises without notice" was supported against this clause."""
    result = align(claim, [{"id": "L", "text": ENTRY}]).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [
        ("without notice", "upon at least twenty-four (24) hours written notice")
    ]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the exception the passage makes is the claim's case
        (
            "In an emergency, the landlord may enter without notice at any time.",
            ENTRY,
        ),
        # an infinitive after the noun still names what the statement is about
        (
            "The tenant may not sublet without consent.",
            "The tenant may sublet with consent to assign the lease.",
        ),
    ],
)
def test_guard_no_notice_conflict_where_the_statements_differ(claim: str, passage: str) -> None:
    """Guard (passes on 729471f too): the emergency exception, and a real infinitive."""
    result = align(claim, [{"id": "L", "text": passage}]).sentences[0]
    assert [c for c in result.conflicts if c.kind == "negation"] == []


OPINION = (
    "Plaintiff Harlan sued Westfield Mutual for breach of contract after Westfield denied "
    "coverage. The trial court granted summary judgment to Westfield, and the Court of "
    'Appeals affirmed. We hold that water from a ruptured main is not "surface water" '
    "within the meaning of the exclusion. Because the exclusion is ambiguous, it must be "
    "construed against the insurer."
)


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        (
            "The trial court granted summary judgment to Harlan.",
            ("granted summary judgment to Harlan", "granted summary judgment to Westfield"),
        ),
        (
            "Because the exclusion was ambiguous, the court construed it in favor of the insurer.",
            ("construed it in favor of the insurer", "construed against the insurer"),
        ),
        ("The Court of Appeals reversed the trial court.", ("reversed", "affirmed")),
        (
            "The court held that water from a ruptured main is surface water.",
            ("is surface", 'is not "surface'),
        ),
    ],
)
def test_who_won_and_a_quoted_term_denied_are_conflicts(
    claim: str, conflict: tuple[str, str]
) -> None:
    """Trial 40 (HIGH 2): each was `supported`. The party a judgment is given to, the side
    an ambiguity is construed for (`facts/prevailing.py`); an appeal court's outcome with
    nothing after it ("the Court of Appeals affirmed."), which rules on what the claim
    names; and a denial of a term in quotation marks, whose quotes ended its reach."""
    result = align(claim, [{"id": "O", "text": OPINION}]).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [conflict]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a split judgment rules the claim's way too
        (
            "The court granted summary judgment to Harlan.",
            "The court granted summary judgment to Westfield on the contract claim and "
            "granted summary judgment to Harlan on the bad-faith claim.",
        ),
        # a role and a name may be one party
        (
            "The court granted summary judgment to the insurer.",
            "Westfield is the insurer. The court granted summary judgment to Westfield.",
        ),
        # the same ruling
        (
            "The court entered judgment in favor of the plaintiff.",
            "Judgment was entered for the plaintiffs; the court entered judgment for the "
            "plaintiff.",
        ),
        # another court's outcome on another thing
        (
            "The Court of Appeals reversed the trial court.",
            "The trial court denied the motion. The Court of Appeals reversed.",
        ),
    ],
)
def test_guard_rulings_that_agree_or_cannot_be_told_apart(claim: str, passage: str) -> None:
    """Guard (passes on 729471f too): no conflict where the passage rules the claim's way,
    or where the two parties may be one."""
    result = align(claim, [{"id": "O", "text": passage}]).sentences[0]
    assert [c for c in result.conflicts if c.kind in ("name", "opposite")] == []


def test_guard_a_party_the_passage_never_names_is_no_rival_of_the_ruling_rule() -> None:
    """ "Acme" may be Westfield under another name: the ruling rule leaves it (the
    name rule still reads a sentence that differs from the passage in its name only)."""
    from citemark.facts.prevailing import prevailing_conflicts

    passage = "Westfield moved for summary judgment, and the court granted judgment to Westfield."
    assert prevailing_conflicts("The court granted judgment to Acme.", [passage]) == ()
    assert prevailing_conflicts("The court granted judgment to Harlan.", [passage]) == ()
    assert prevailing_conflicts(
        "The court granted judgment to Harlan.", [passage + " Harlan appealed."]
    )


LEASE_CONSENT = (
    "Tenant may sublet the Premises only with the prior written consent of Landlord, which "
    "shall not be unreasonably withheld. The Tenant shall not assign this Lease without the "
    "Landlord's prior written consent."
)


def test_subletting_without_the_consent_the_lease_requires_is_a_conflict() -> None:
    """ "without the landlord's consent" denied the landlord (the possessive), not the
    consent; and the lease's own "shall not assign ... without ... consent", a denial
    of another act, was read as saying the claim's "without consent" too."""
    claim = "The tenant may sublet the premises without the landlord's consent."
    result = align(claim, [{"id": "L", "text": LEASE_CONSENT}]).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [
        ("without the landlord's consent", "with the prior written consent")
    ]


def test_guard_a_denial_of_the_same_act_still_agrees() -> None:
    """Guard (passes on 729471f too): the lease denies assigning without consent, so the
    claim that says so has no conflict."""
    claim = "The tenant may not assign the lease without the landlord's consent."
    result = align(claim, [{"id": "L", "text": LEASE_CONSENT}]).sentences[0]
    assert result.conflicts == ()


ZH_LEASE = "本合同租期为一年，自2024年3月1日起。月租金为2400美元，每月一日支付。"


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("月租金为3000美元。", ("3000", "2400")),
        ("租期自2025年3月1日起。", ("2025", "2024")),
    ],
)
def test_a_changed_number_written_against_chinese_is_read(
    claim: str, conflict: tuple[str, str]
) -> None:
    """Trial 41 (HIGH): a number written against Chinese characters, as Chinese writes
    it, was no fact at all (the patterns' word edges count the characters as letters of
    the number's word), so "3000" against "2400" was `supported`, in both presets."""
    for config in (LEXICAL, load_config("default")):
        result = align(claim, [{"id": "zh", "text": ZH_LEASE}], config=config).sentences[0]
        assert result.status == "unsupported"
        assert [(c.text, c.evidence) for c in result.conflicts] == [conflict]


@pytest.mark.parametrize("claim", ["月租金为2400美元。", "租期自2024年3月1日起。"])
def test_guard_the_same_number_against_chinese_is_backed(claim: str) -> None:
    """Guard (passes on 729471f too): the same figures are no conflict."""
    result = align(claim, [{"id": "zh", "text": ZH_LEASE}], config=LEXICAL).sentences[0]
    assert result.conflicts == () and result.missing_facts == ()


def test_facts_of_unspaced_text_keep_their_surface_and_offsets() -> None:
    from citemark.facts import extract_facts

    text = "契約期間は2年間、賃料は月額12万円とする。"
    facts = extract_facts(text)
    assert [f.text for f in facts if f.kind != "name"] == ["2", "12"]
    assert all(text[f.start : f.end] == f.text for f in facts)


def test_library_refuses_a_misspelt_or_disagreeing_document_key() -> None:
    """Trial 41: {"offest": 20} was ignored (the chunk read as starting at 0, every parent
    offset wrong), while the API refused it; two offsets or two texts that disagree were
    resolved silently."""
    with pytest.raises(InputError, match=r"unknown key 'offest' \(did you mean 'offset'\?\)"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offest": 20}])
    with pytest.raises(InputError, match=r"'offset' \(5\) and 'start_index' \(9\) disagree"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 5, "start_index": 9}])
    with pytest.raises(InputError, match=r"'text' .* and 'page_content' .* disagree"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "page_content": "Other."}])
    # Guard: a pipeline's own fields are left alone, even ones close to a key that does
    # not place a chunk ("sources", LlamaIndex's "id_"), and agreeing duplicates are fine.
    extra = {"id": "P", "text": "Rent is due.", "url": "u", "title": "t", "score": 0.5}
    extra |= {"sources": ["https://example.com"], "id_": "node-1"}
    assert align("Rent is due.", [extra], config=LEXICAL).sentences[0].citations
    same = {"id": "P", "text": "Rent is due.", "offset": 3, "start_index": 3}
    assert align("Rent is due.", [same], config=LEXICAL).sentences[0].citations[0].source_start == 3


def test_word_level_must_be_a_bool() -> None:
    """Trial 41: "no" is truthy and turned word-level matching on."""
    from citemark import tag

    with pytest.raises(InputError, match="word_level must be True or False, got 'no'"):
        tag("We concatenate the cat.", {"a": ["cat"]}, word_level="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("fail_on", [[], set(), (), ""])
def test_an_empty_fail_on_is_refused_in_every_shape(fail_on: Any) -> None:
    """Trial 41: "" was refused, but [] and set() passed every answer."""
    report = align("Pets are allowed.", [{"id": "a", "text": "Rent is due."}], config=LEXICAL)
    with pytest.raises(InputError, match="no condition given"):
        report.failures(fail_on=fail_on)


def test_fail_on_none_in_a_list_and_a_wrong_type() -> None:
    report = align("Pets are allowed.", [{"id": "a", "text": "Rent is due."}], config=LEXICAL)
    assert report.failures(fail_on=["none"]) == () and report.failures(fail_on=["unsupported"])
    with pytest.raises(InputError, match=r"fail_on must be a list .* got int"):
        report.failures(fail_on=5)  # type: ignore[arg-type]


def test_check_refuses_a_nan_coverage_gate(tmp_path: Any, cli: Any) -> None:
    """Trial 41: `--min-coverage nan` passed the range check, and the gate never failed."""
    answer = tmp_path / "answer.txt"
    answer.write_text("Pets are allowed in the garden.\n")
    sources = tmp_path / "sources.json"
    sources.write_text('[{"id": "a", "text": "The rent is due monthly."}]')
    run = cli("check", "--sources", str(sources), "--config", "lexical", "--fail-on", "none",
              "--min-coverage", "nan", str(answer))  # fmt: skip
    assert run.returncode == 2 and "--min-coverage" in run.stderr and "nan" in run.stderr


def test_a_paraphrase_mark_keeps_a_number_whole_with_its_sign() -> None:
    """Trial 41: "...a fee of 5</cite>% <cite ...>" (the bundled demo showed it)."""
    source = (
        "If any payment of rent is received after the fifth day of the month, the Tenant "
        "shall pay a late fee equal to five percent (5%) of the overdue amount."
    )
    report = align(
        "Late payment carries a fee of 5% of the overdue amount.",
        [{"id": "L", "text": source}],
        config=LEXICAL,
    )
    assert "5%</cite>" in report.tagged()
    assert all(report.answer[m.end - 1 : m.end] != "5" for m in report.marks())


def test_a_contradicted_passage_is_cited_whatever_its_score() -> None:
    """Trial 41: in lexical mode the conflict was there and no citation, so the reviewer
    could not open the evidence, and "Rent is" was flagged as unsupported."""
    source = (
        "The term of this Lease is one (1) year. Monthly rent is $2,400, due on the first "
        "day of each month."
    )
    result = align("Rent is $3,000.", [{"id": "lease", "text": source}], config=LEXICAL)
    sentence = result.sentences[0]
    assert [(c.text, c.evidence) for c in sentence.conflicts] == [("$3,000", "$2,400")]
    assert [c.evidence for c in sentence.citations] == [
        "Monthly rent is $2,400, due on the first day of each month."
    ]
    assert [result.answer[s.start : s.end] for s in sentence.unsupported_spans] == ["$3,000"]


def test_a_config_file_error_names_the_key_as_the_file_writes_it(tmp_path: Any) -> None:
    """Trial 41: "[thresholds.lexical] supported = -3" was reported as
    "supported_lexical must be ...", a name the file does not have."""
    cases = {
        "[thresholds.lexical]\nsupported = -3\n": "thresholds.lexical.supported must be",
        "[weights.lexical]\nrecall = nan\n": "weights.lexical.recall must be",
        "[thresholds.hybrid]\nsupportd = 0.5\n": "unknown config key.*thresholds.hybrid.supportd",
    }
    for n, (text, message) in enumerate(cases.items()):
        path = tmp_path / f"bad{n}.toml"
        path.write_text(text)
        with pytest.raises(ConfigError, match=message):
            load_config(path)
    # Guard: settings given in Python keep their field names.
    with pytest.raises(ConfigError, match="supported_lexical must be"):
        load_config().with_(supported_lexical=3)


def test_an_offset_past_what_json_readers_hold_exactly_is_refused() -> None:
    """Trial 41: 10**32 was accepted and echoed in every citation, past 2**53, where a
    JavaScript client rounds it."""
    with pytest.raises(InputError, match="over 9,007,199,254,740,991"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 10**32}])
    assert align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 2**53 - 20}])


def test_a_stream_line_with_a_lone_surrogate_is_named_as_align_names_it() -> None:
    """Trial 41: '{"text": "\\ud83d"}' got "the body is not valid JSON: unexpected end of
    hex escape"; it is a lone surrogate, as /v1/align says."""
    from citemark.server.streaming import _chunk
    from citemark.stream import Streamer

    chunk = _chunk(b'{"text": "ok \\ud83d"}', 2)
    with pytest.raises(InputError, match=r"lone surrogate \(U\+D83D\) at offset 3"):
        Streamer([{"id": "a", "text": "x"}], config=LEXICAL).feed(chunk.text)
    with pytest.raises(InputError, match="line 3: text: Input should be a valid string"):
        _chunk(b'{"text": 5}', 3)
