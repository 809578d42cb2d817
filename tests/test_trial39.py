"""Defects a third new-user trial found (stop 39), each held by a test that fails on the
code before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

import citemark
from citemark.config import load_config
from citemark.errors import ConfigError

LEASE = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. Smoking is not allowed.",
    }
]


def test_a_config_file_of_a_few_keys_keeps_the_presets_weights(tmp_path: Path) -> None:
    path = tmp_path / "override.toml"
    path.write_text("max_citations = 5\n", encoding="utf-8")
    config = load_config(path)
    default = load_config("default")
    assert config.max_citations == 5
    assert config.name == "override"
    assert config.weights_hybrid == default.weights_hybrid
    assert config.thresholds() == default.thresholds()
    # the sentence nothing supports is not waved through by an empty model
    report = citemark.align("The moon is made of cheese.", LEASE, config=config)
    assert report.sentences[0].status == "unsupported"


def test_a_config_file_names_its_base_preset_and_merges_tables(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('base = "lexical"\n[weights.lexical]\nrecall = 9.0\n', encoding="utf-8")
    config = load_config(path)
    lexical = load_config("lexical")
    assert config.mode == "lexical"
    assert config.weights_lexical["recall"] == 9.0
    others = {k: v for k, v in config.weights_lexical.items() if k != "recall"}
    assert others == {k: v for k, v in lexical.weights_lexical.items() if k != "recall"}


def test_every_preset_reads_the_same_by_name_and_by_path() -> None:
    root = Path(__file__).resolve().parents[1] / "configs"
    for name in ("default", "lexical", "precise", "legal-strict"):
        assert load_config(name) == load_config(root / f"{name}.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('base = "nope"\n', "unknown preset 'nope'"),
        ("base = 3\n", "base must be the name of a preset"),
    ],
)
def test_a_bad_base_is_refused_by_name(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_presets_that_name_each_other_as_base_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.toml").write_text('base = "b"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('base = "a"\n', encoding="utf-8")
    monkeypatch.setenv("CITEMARK_CONFIG_DIR", str(tmp_path))
    with pytest.raises(ConfigError, match="loop"):
        load_config("a")


MSA = [
    {
        "id": "msa",
        "text": "Firearms are prohibited on the Premises at all times. Smoking is not allowed in "
        "the Premises. The Supplier shall deliver the Products to the Customer's warehouse in "
        "Ohio. Confidential Information shall be returned within ten (10) days of termination.",
    }
]


@pytest.mark.parametrize(
    ("answer", "swapped"),
    [
        ("Visitors are prohibited on the Premises at all times.", "Visitors"),
        ("Pets are allowed in the Premises.", "Pets"),
        (
            "The Supplier shall deliver the invoices to the Customer's warehouse in Ohio.",
            "invoices",
        ),
        ("All software shall be returned within ten (10) days of termination.", "software"),
    ],
)
def test_a_quote_with_its_noun_swapped_is_not_supported(answer: str, swapped: str) -> None:
    result = citemark.align(answer, MSA).sentences[0]
    assert result.status == "partial"
    assert any(swapped in answer[s.start : s.end] for s in result.unsupported_spans)
    # the quote stays cited: the reviewer sees what the source says in that slot
    assert any(c.kind == "verbatim" for c in result.citations)


@pytest.mark.parametrize(
    "answer",
    [
        # the copy itself, and a word the static model holds close ("goods" / "Products")
        "The Supplier shall deliver the Products to the Customer's warehouse in Ohio.",
        "The Supplier shall deliver the goods to the Customer's warehouse in Ohio.",
        # a swapped word some source states is another of the sources' things, which the
        # fact and name checks weigh
        "Smoking is prohibited on the Premises at all times.",
    ],
)
def test_a_copy_or_a_near_synonym_in_the_slot_stays_supported(answer: str) -> None:
    assert citemark.align(answer, MSA).sentences[0].status == "supported"


CAT = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. The Landlord shall maintain the "
        "roof. Disputes shall be arbitrated in Boston.",
    }
]


@pytest.mark.parametrize(
    ("answer", "added"),
    [
        (
            "The Tenant shall pay rent of $2,400 per month, and the Landlord shall maintain the "
            "roof, and the Tenant may keep a cat.",
            "keep a cat",
        ),
        (
            "The Tenant shall pay rent of $2,400 per month; the Landlord shall maintain the roof; "
            "the Tenant may sublet freely.",
            "sublet freely",
        ),
        (
            "(a) The Tenant shall pay rent of $2,400 per month; (b) the Tenant may keep a cat.",
            "keep a cat",
        ),
    ],
)
@pytest.mark.parametrize("preset", ["default", "lexical"])
def test_a_clause_added_to_quoted_clauses_is_not_supported(
    answer: str, added: str, preset: str
) -> None:
    result = citemark.align(answer, CAT, config=preset).sentences[0]
    assert result.status == "partial"
    shown = [answer[s.start : s.end] for s in result.unsupported_spans]
    assert any(added in words for words in shown), shown
    # never drawn as support in the tagged answer
    tagged = citemark.align(answer, CAT, config=preset).tagged()
    assert f'kind="paraphrase">{added}' not in tagged and f"{added}</cite>" not in tagged


def test_a_clause_of_the_sources_own_words_after_a_quote_stays_supported() -> None:
    answer = (
        "The Tenant shall pay rent of $2,400 per month, and the Landlord shall maintain the roof."
    )
    assert citemark.align(answer, CAT).sentences[0].status == "supported"


DEPOSIT = [
    {
        "id": "lease",
        "text": "The Tenant shall pay rent of $2,400 per month. Smoking is not allowed in the "
        "Premises. The security deposit is two months' rent.",
    }
]


@pytest.mark.parametrize("label", ["2.", "2)", "(2)", "ii.", "(b)", "•", "Step 2:"])
def test_a_list_label_is_neither_support_nor_a_reason_to_cite(label: str) -> None:
    answer = f"{label} The security deposit is two months' rent."
    report = citemark.align(answer, DEPOSIT)
    result = report.sentences[0]
    assert result.status == "supported"
    # the label is plain text, and its "2" draws no citation of "$2,400 per month"
    assert report.tagged().startswith(f"{label} <cite")
    assert all("2,400" not in c.evidence for c in result.citations)


def test_a_list_label_is_never_an_unsupported_word() -> None:
    answer = "1. Tenants pay $2,400 rent each month.\n3) Parking is included."
    report = citemark.align(answer, DEPOSIT)
    last = report.sentences[-1]
    assert last.status == "unsupported"
    shown = [answer[s.start : s.end] for s in last.unsupported_spans]
    assert shown and all("3" not in words for words in shown), shown
    # the sentence itself still holds its label: offsets are the answer's
    assert last.text == "3) Parking is included."


ROOF = "The Tenant shall pay rent of $2,400 per month. The Landlord shall maintain the roof."
TAXES = "The Tenant shall pay rent of $2,400 per month. Landlord shall pay all real property taxes."


@pytest.mark.parametrize(
    ("source", "answer", "conflict"),
    [
        # another party doing the same to another thing is no rival
        (ROOF, "The landlord pays for water.", None),
        # the same thing done by the other party is
        (ROOF, "The landlord pays the rent.", ("landlord", "Tenant")),
        (TAXES, "The tenant pays the property taxes.", ("tenant", "Landlord")),
    ],
)
def test_a_partys_act_conflicts_only_over_the_same_thing(
    source: str, answer: str, conflict: tuple[str, str] | None
) -> None:
    sources = [{"id": "lease", "text": source}]
    found = [(c.text, c.evidence) for c in citemark.align(answer, sources).sentences[0].conflicts]
    assert found == ([conflict] if conflict else [])


@pytest.mark.parametrize(
    ("source", "conflict"),
    [
        (
            "This Agreement is governed by the laws of the State of New York.",
            ("federal", "New York"),
        ),
        # the passage names the nation's law too
        (
            "This Agreement is governed by the laws of the State of New York and applicable "
            "federal law.",
            None,
        ),
    ],
)
def test_federal_law_is_a_governing_law_of_its_own(
    source: str, conflict: tuple[str, str] | None
) -> None:
    answer = "This Agreement is governed by federal law."
    result = citemark.align(answer, [{"id": "L", "text": source}]).sentences[0]
    assert [(c.text, c.evidence) for c in result.conflicts] == ([conflict] if conflict else [])
    assert result.status == ("unsupported" if conflict else "supported")


def test_a_number_another_document_holds_does_not_hide_its_clauses_conflict() -> None:
    """Trial 40: the wrong value, copied from another clause, stood in a second source,
    and the conflict with the claim's own clause vanished."""
    lease = (
        "Tenant shall deposit $3,225.00 as a security deposit. Landlord shall return the "
        "deposit, less any lawful deductions, within twenty-one (21) days after Tenant "
        "vacates the Premises."
    )
    other = "Either party may terminate this Agreement upon thirty (30) days' written notice."
    claim = "The security deposit must be returned within 30 days after the tenant moves out."
    sources = [{"id": "lease", "text": lease}, {"id": "employment", "text": other}]
    result = citemark.align(claim, sources).sentences[0]
    assert result.status == "unsupported"
    assert [(c.text, c.evidence) for c in result.conflicts] == [("30 days", "twenty-one (21) days")]


def test_at_least_a_notice_period_is_notice_against_without_notice() -> None:
    """Trial 40: "upon at least twenty-four (24) hours' written notice" was read as no
    notice at all, so "may enter the premises without notice" was supported."""
    source = (
        "Landlord may enter the Premises only upon at least twenty-four (24) hours' written "
        "notice, except in case of emergency."
    )
    claim = "The landlord may enter the premises without notice."
    result = citemark.align(claim, [{"id": "S", "text": source}]).sentences[0]
    assert result.status == "unsupported"
    assert [c.text for c in result.conflicts] == ["without notice"]
