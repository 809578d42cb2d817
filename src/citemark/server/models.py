"""Request and response models of the HTTP API, with the descriptions /docs shows.

Requests are validated here for shape (types, required fields, preset names);
what only the library can judge (ids with control characters, overlapping
chunks, size limits) is left to it and comes back as a 400 with its message.

Response models list the fields clients rely on and allow extra ones, so that a
field the report gains later is passed through rather than silently dropped.
"""

# No `from __future__ import annotations`: FastAPI and pydantic read these
# annotations at runtime.

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

PRESET_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"

_EXAMPLE_SOURCES = [
    {
        "id": "lease",
        "text": "The Tenant shall pay the monthly rent of $2,400 on the first day of each month.",
    },
    {
        "id": "addendum",
        "text": "Either party may terminate this Lease by giving not less than sixty (60) "
        "days' written notice.",
    },
]
_EXAMPLE_ANSWER = (
    "The tenant shall pay the monthly rent of $2,400 on the first day of each month. "
    "Either party may end the lease on sixty days' notice. Disputes go to arbitration."
)


class Document(BaseModel):
    """One source document, or one chunk of a parent document."""

    id: str = Field(min_length=1, description="Source id, shown in citations.", examples=["lease"])
    text: str = Field(description="The document's text (or the chunk's).")
    offset: int = Field(
        0,
        ge=0,
        description="Where this chunk starts in its parent document (0 for a whole document); "
        "evidence offsets then refer to the parent.",
    )


class ConfigChoice(BaseModel):
    """The preset and mode a request runs with; both default to the server's.

    Requests refuse fields they do not know: ``{"confg": "legal-strict"}`` would
    otherwise run silently with the server's preset. (Documents stay lenient, since
    RAG pipelines send them with titles, metadata and the like.)
    """

    model_config = ConfigDict(extra="forbid")

    config: str | None = Field(
        None,
        pattern=PRESET_PATTERN,
        description="Preset name, e.g. 'default' or 'legal-strict' (GET /v1/presets lists "
        "them). Omit to use the server's configuration.",
        examples=["legal-strict"],
    )
    mode: Literal["hybrid", "lexical"] | None = Field(
        None,
        description="Override the preset's mode: 'hybrid' uses the embedding model for "
        "paraphrase support, 'lexical' does without it (faster, weaker on paraphrase).",
    )


def _not_blank(answer: str) -> str:
    if not answer.strip():
        raise ValueError("answer is empty: there is nothing to check")
    return answer


FailReason = Literal["unsupported", "conflict", "partial"]


class AlignRequest(ConfigChoice):
    """An answer and the sources it should be supported by."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"answer": _EXAMPLE_ANSWER, "sources": _EXAMPLE_SOURCES}]}
    )

    answer: str = Field(description="The generated answer to check (plain text).")
    sources: list[Document] = Field(description="The documents the answer should rest on.")
    fail_on: list[FailReason] | None = Field(
        None,
        description="What makes `passed` false: any of 'unsupported', 'conflict', 'partial' "
        "(default: unsupported and conflict, as `citemark check`).",
        examples=[["unsupported", "conflict", "partial"]],
    )

    _answer_not_blank = field_validator("answer")(_not_blank)


class TagRequest(ConfigChoice):
    """An answer and either a phrase map (phrase mode) or documents (document mode)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "answer": _EXAMPLE_ANSWER,
                    "sources": {"lease": ["monthly rent of $2,400"], "addendum": ["sixty (60)"]},
                },
                {"answer": _EXAMPLE_ANSWER, "sources": _EXAMPLE_SOURCES},
            ]
        }
    )

    answer: str = Field(description="The text to tag.")
    sources: list[Document] | dict[str, list[str]] = Field(
        description="A map of source id to quoted phrases (phrase mode: exact phrases only), "
        "or a list of documents (document mode: quotes and paraphrase support)."
    )
    word_level: bool = Field(
        True, description="Phrase mode only: match whole words only (false: any substring)."
    )

    _answer_not_blank = field_validator("answer")(_not_blank)


class StreamHeader(ConfigChoice):
    """The first line of a /v1/stream body: what the streamed answer is checked against."""

    sources: list[Document]


class StreamChunk(BaseModel):
    """Every later line of a /v1/stream body: the next piece of the answer."""

    model_config = ConfigDict(extra="forbid")

    text: str


# --------------------------------------------------------------------------- responses


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class CitationOut(_Open):
    source_id: str
    source_index: int
    kind: Literal["verbatim", "paraphrase"] = Field(
        description="'verbatim': text the answer shares word for word; 'paraphrase': the "
        "passage that best supports a reworded claim."
    )
    source_start: int = Field(description="Evidence start in the (parent) source document.")
    source_end: int
    evidence: str
    score: float


class FactOut(_Open):
    kind: str = Field(description="number, date, amount, percent, negation or name.")
    text: str
    value: str
    start: int = Field(description="Offset of the fact in the answer.")
    end: int


class ConflictOut(_Open):
    kind: str = Field(
        description="number, date, amount, percent, negation, name, or opposite (an outcome "
        "word against its opposite: 'reversed' / 'affirmed', 'Licensee' / 'Licensor'; a "
        "legal standard against another of its family: 'de novo' / 'abuse of discretion'; "
        "'all employees' against 'only employees with ...'; 'covers parts and labor' "
        "against 'excludes labor'; 'immediately' against 'within thirty (30) days'; 'a "
        "full refund' against 'store credit, not a full refund')."
    )
    text: str = Field(description="The value as the answer states it.")
    start: int = Field(description="Where that value is in the answer (characters).")
    end: int
    evidence: str = Field(description="The value as the source states it.")
    source_id: str
    source_index: int
    source_start: int = Field(description="Where the source's value is (parent document).")
    source_end: int


class RangeOut(_Open):
    start: int
    end: int


class SentenceOut(_Open):
    start: int = Field(description="Offset of the sentence in the answer (characters).")
    end: int
    text: str
    status: Literal["supported", "partial", "unsupported", "no_claim"] = Field(
        description="'no_claim': a lead-in, heading or courtesy line that asserts nothing "
        "checkable; never flagged and not counted as supported or unsupported."
    )
    score: float = Field(description="Support probability from the preset's scorer.")
    components: dict[str, float]
    features: dict[str, float]
    citations: list[CitationOut]
    missing_facts: list[FactOut] = Field(
        description="Facts of the sentence (numbers, dates, names...) the evidence lacks."
    )
    unsourced_facts: list[FactOut] = Field(
        default_factory=list,
        description="The missing facts that no source states in any form; for the kinds "
        "the preset's cap_facts names, these keep the sentence from 'supported'.",
    )
    conflicts: list[ConflictOut] = Field(
        default_factory=list,
        description="Values of the sentence its source states differently; any makes the "
        "sentence unsupported.",
    )
    unsupported_spans: list[RangeOut] = Field(
        default_factory=list,
        description="Answer offsets of the words no citation supports.",
    )


class SpanOut(_Open):
    start: int
    end: int
    ids: list[str]
    kind: Literal["verbatim", "paraphrase"]


class SummaryOut(_Open):
    sentences: int
    supported: int
    partial: int
    unsupported: int
    no_claim: int = Field(0, description="Sentences that assert nothing checkable.")
    conflicts: int = Field(0, description="Sentences with a value the source contradicts.")
    coverage: float = Field(description="Share of the answer's characters quoted verbatim.")
    uncited: list[dict[str, Any]]


class FailureOut(_Open):
    number: int = Field(description="The sentence's number, from 1.")
    start: int
    end: int
    text: str
    status: str
    reasons: list[FailReason]
    conflicts: list[ConflictOut]
    description: str = Field(description="One line, as `citemark check` prints it.")


class AlignResponse(_Open):
    """The report: one verdict per sentence, with citations and missing facts."""

    mode: str
    config: str
    notes: list[str]
    summary: SummaryOut
    passed: bool = Field(
        description="False when a sentence meets a `fail_on` condition (the same rule as "
        "`citemark check`)."
    )
    fail_on: list[FailReason]
    failures: list[FailureOut] = Field(description="The sentences that fail, and why.")
    sentences: list[SentenceOut]
    blocks: list[dict[str, Any]]
    spans: list[SpanOut]


class TagResponse(BaseModel):
    """The answer tagged with its citations, as text, HTML and spans."""

    mode: Literal["phrase", "document"]
    tagged: str = Field(description='The answer with <cite ids="..."> tags.')
    html: str = Field(description="The same, HTML-escaped, safe to put into a page.")
    spans: list[SpanOut]
    coverage: float


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    version: str
    config: str
    mode: str
    model: Literal["not used", "loading", "ready", "failed"]


class Presets(BaseModel):
    default: str = Field(description="The preset the server uses when a request names none.")
    presets: list[str]


class Example(BaseModel):
    answer: str
    sources: list[Document]
    phrases: dict[str, list[str]]


class ErrorOut(BaseModel):
    error: str = Field(description="What is wrong, in one line.")


def describe(errors: Sequence[Mapping[str, Any]], limit: int = 3) -> str:
    """One line naming what pydantic found wrong: ``sources.0.text: Field required``."""
    parts = []
    for error in errors[:limit]:
        if error.get("type") == "json_invalid":
            detail = (error.get("ctx") or {}).get("error", "")
            parts.append(f"the body is not valid JSON: {detail}".rstrip(": "))
            continue
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    more = len(errors) - limit
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")
