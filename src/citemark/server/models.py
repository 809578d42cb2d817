"""Request and response models of the HTTP API, with the descriptions /docs shows.

Requests are validated here for shape (types, required fields, preset names);
what only the library can judge (ids with control characters, chunks of one
document that disagree where they overlap, size limits) is left to it and comes
back as a 400 with its message.

Response models list the fields clients rely on and allow extra ones, so that a
field the report gains later is passed through rather than silently dropped.
"""

# No `from __future__ import annotations`: FastAPI and pydantic read these
# annotations at runtime.

import difflib
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictStr,
    Tag,
    field_validator,
    model_validator,
)
from pydantic.config import JsonValue

# The fail conditions, verdicts and citation statuses are the library's own types, so
# that a reason it gains is taken by the API and listed in /docs without a second list.
from ..report import CitationStatus, FailReason, Verdict

# The keys the library reads from a document dict: the API reads the same ones.
from ..sources import FRAMEWORK_KEYS, ID_KEYS, MAX_OFFSET, id_like, shows_nothing

PRESET_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"

# Typed as the JSON values an OpenAPI example holds (pydantic's ``json_schema_extra``).
_EXAMPLE_SOURCES: list[JsonValue] = [
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


# A chunk's place in its parent: a JSON integer, never ``true``, ``"3"`` or ``3.0``, which
# the library refuses too (a lax int would turn ``true`` into offset 1).
ChunkOffset = Annotated[int, Field(strict=True, ge=0, le=MAX_OFFSET)]


def _source_id(value: object) -> object:
    """A string or an integer (``1`` and ``"1"`` are the same id, as in the library);
    anything else is refused here with its type, in one message rather than one per
    member of a union."""
    if value is None or id_like(value):
        return value
    raise ValueError(f"a source id must be a string or an integer, got {_json_type(value)}")


def _json_type(value: object) -> str:
    names = {bool: "boolean", float: "number", list: "array", dict: "object"}
    return names.get(type(value), type(value).__name__)


class Document(BaseModel):
    """One source document, or one chunk of a parent document.

    Exactly the keys the library reads from a dict (:func:`citemark.align`), so that
    the API places every chunk where the library does: ``{"id", "text", "offset"}``,
    or a LangChain-shaped ``{"page_content", "metadata": {"source", "start_index"}}``.
    Any other key is refused: a misspelt ``offest`` would otherwise be dropped and
    every citation would point into the chunk instead of its parent. A document's
    own extras (a title, a URL) go in ``metadata``. LangChain's ``Document.model_dump()``
    and LlamaIndex's ``TextNode.dict()`` are taken as they are: their own keys that
    say nothing of the text (``type``, ``embedding``, ``relationships``, ...) are read
    past, as the library reads past them.
    """

    model_config = ConfigDict(extra="forbid")

    id: str | int | None = Field(
        None,
        description='Source id, shown in citations; 1 and "1" are the same id. '
        "Or give it as source_id, doc_id, source or id_, here or in metadata.",
        examples=["lease"],
    )
    text: StrictStr | None = Field(
        None, description="The document's text (or the chunk's); or give it as page_content."
    )
    offset: ChunkOffset | None = Field(
        0,
        description="Where this chunk starts in its parent document (0 for a whole document); "
        "evidence offsets then refer to the parent. Also read as start, start_index, "
        "start_char_idx or doc_char_start.",
    )
    page_content: StrictStr | None = Field(None, description="The text, as LangChain names it.")
    source_id: str | int | None = Field(None, description="The id, under another name.")
    doc_id: str | int | None = Field(None, description="The id, under another name.")
    source: str | int | None = Field(None, description="The id, under another name.")
    id_: str | int | None = Field(
        None, description="The id, as a LlamaIndex node names its own (read last)."
    )
    start: ChunkOffset | None = Field(None, description="The offset, under another name.")
    start_index: ChunkOffset | None = Field(
        None, description="The offset, as LangChain's text splitters name it."
    )
    start_char_idx: ChunkOffset | None = Field(
        None, description="The offset, as LlamaIndex names it."
    )
    doc_char_start: ChunkOffset | None = Field(None, description="The offset, under another name.")
    metadata: dict[str, Any] | None = Field(
        None,
        description="Anything else about the document. Of its keys, only an id (id, "
        "source_id, doc_id, source, id_, where none is given above) and the offsets text "
        "splitters write (start_index, start_char_idx, doc_char_start) are read.",
    )

    _id_type = field_validator("id", "source_id", "doc_id", "source", "id_", mode="before")(
        _source_id
    )

    @model_validator(mode="before")
    @classmethod
    def _without_framework_keys(cls, data: Any) -> Any:
        """A LangChain or LlamaIndex dump's own keys (``type``, ``embedding``, ...),
        which the library reads past, are dropped here rather than refused."""
        if isinstance(data, dict) and any(k in data for k in FRAMEWORK_KEYS):
            return {k: v for k, v in data.items() if k not in FRAMEWORK_KEYS}
        return data

    @field_validator("id", "source_id", "doc_id", "source", "id_")
    @classmethod
    def _id_not_empty(cls, value: str | int | None) -> str | int | None:
        """An empty id is a shape error (422); a blank one the library refuses (400)."""
        if value == "":
            raise ValueError("a source id must not be empty")
        return value

    @model_validator(mode="after")
    def _has_text_and_id(self) -> "Document":
        """Text and an id under one of their names, found by the library's own rule."""
        given = self.given()
        metadata = self.metadata or {}
        if given.get("text", given.get("page_content")) is None:
            raise ValueError("a document needs its text (text, or page_content)")
        if all(given.get(k) is None and metadata.get(k) is None for k in ID_KEYS):
            raise ValueError(f"a document needs an id ({', '.join(ID_KEYS)}, or one in metadata)")
        return self

    def given(self) -> dict[str, Any]:
        """The keys the client sent, and only those, for the library to read.

        A default ``offset: 0`` must not reach it: the library takes the first
        offset key it finds, and 0 would hide a ``metadata.start_index``.
        """
        return self.model_dump(exclude_unset=True)


class ConfigChoice(BaseModel):
    """The preset and mode a request runs with; both default to the server's.

    Requests refuse fields they do not know: ``{"confg": "legal-strict"}`` would
    otherwise run silently with the server's preset. Documents refuse them too (see
    :class:`Document`); their extras belong in ``metadata``.
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
    if shows_nothing(answer):
        raise ValueError("answer is empty: there is nothing to check")
    return answer


# What ``citations`` takes, as /docs shows it, and one example of each vendor's shape.
_CITATIONS_DESCRIPTION = (
    "The structured citations an LLM API returned with the answer, read beside any "
    "markers written in it ([1], [S2], ^1, 【1】). Any of: Cohere's list of "
    "{start, end, text?, sources: [{id}] | document_ids} (or the message holding it); "
    "Anthropic's content blocks ({type: 'text', text, citations: [{type: "
    "'char_location', document_index, start_char_index, end_char_index, cited_text}]}, "
    "whose texts joined are the answer; or the message holding them); OpenAI's "
    "annotations ({type: 'url_citation' | 'file_citation', start_index, end_index, "
    "url | file_id | filename}, or the message or output_text parts holding them). "
    "Offsets count characters of the answer. A value of another shape is refused (400) "
    "with the path of what is wrong, e.g. 'citations[0].end'."
)
_CITATION_EXAMPLES: list[JsonValue] = [
    [{"start": 0, "end": 79, "sources": [{"id": "lease"}]}],
    # (a citation covers its whole block: the first sentence is a block of its own)
    [
        {
            "type": "text",
            "text": _EXAMPLE_ANSWER[:80],
            "citations": [
                {
                    "type": "char_location",
                    "document_index": 0,
                    "start_char_index": 4,
                    "end_char_index": 47,
                    "cited_text": "Tenant shall pay the monthly rent of $2,400",
                }
            ],
        },
        {"type": "text", "text": _EXAMPLE_ANSWER[80:]},
    ],
    [{"type": "url_citation", "start_index": 0, "end_index": 79, "url": "lease"}],
]


class AlignRequest(ConfigChoice):
    """An answer and the sources it should be supported by."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"answer": _EXAMPLE_ANSWER, "sources": _EXAMPLE_SOURCES}]}
    )

    answer: str = Field(description="The generated answer to check (plain text).")
    sources: list[Document] = Field(description="The documents the answer should rest on.")
    fail_on: list[FailReason] | None = Field(
        None,
        min_length=1,
        description="What makes `passed` false: any of 'unsupported', 'conflict', 'partial', "
        "'unsourced' (a sentence states an amount, percent or negation no source states), "
        "'miscited' (the sources a sentence cites do not support it, while others do), "
        "'uncited' (a sentence the sources support, at least in part, cites nothing: every "
        "such sentence of an answer without citations) (default: unsupported and conflict, "
        "as `citemark check`). An empty list is refused (an unset variable must not turn "
        "the gate off unseen); leave the field out for the default.",
        examples=[["unsupported", "conflict", "partial"], ["unsupported", "miscited"]],
    )
    citations: Any = Field(None, description=_CITATIONS_DESCRIPTION, examples=_CITATION_EXAMPLES)

    _answer_not_blank = field_validator("answer")(_not_blank)


def _sources_kind(value: object) -> str:
    """A JSON object is a phrase map, anything else is read as a list of documents.

    Choosing by type, rather than trying both, names only the problem of the kind
    sent: ``sources.0.offest``, not that and "Input should be a valid dictionary".
    """
    return PHRASE_MAP if isinstance(value, Mapping) else DOCUMENTS


# Union tags, which pydantic puts in an error's location; describe() leaves them out.
PHRASE_MAP = "phrase map"
DOCUMENTS = "documents"

TagSources = Annotated[
    Annotated[list[Document], Tag(DOCUMENTS)] | Annotated[dict[str, list[str]], Tag(PHRASE_MAP)],
    Discriminator(_sources_kind),
]


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
    sources: TagSources = Field(
        description="A map of source id to quoted phrases (phrase mode: exact phrases only), "
        "or a list of documents (document mode: quotes and paraphrase support)."
    )
    word_level: StrictBool = Field(
        True, description="Phrase mode only: match whole words only (false: any substring)."
    )
    citations: Any = Field(
        None,
        description="Document mode only, as in /v1/align: " + _CITATIONS_DESCRIPTION,
        examples=_CITATION_EXAMPLES,
    )

    _answer_not_blank = field_validator("answer")(_not_blank)

    @model_validator(mode="after")
    def _citations_need_documents(self) -> "TagRequest":
        """A phrase map has no documents for a citation to name: refused by name rather
        than dropped, which would tag as if the citations had been read."""
        if self.citations is not None and isinstance(self.sources, Mapping):
            raise ValueError(
                "citations: read in document mode only (sources as a list of documents, "
                "not a phrase map)"
            )
        return self


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
    source_index: int = Field(
        description="The cited source's place in the request's list; for chunks of one "
        "document (read joined), the first chunk holding the whole evidence, else the one "
        "it starts in."
    )
    kind: Literal["verbatim", "paraphrase"] = Field(
        description="'verbatim': text the answer shares word for word; 'paraphrase': the "
        "passage that best supports a reworded claim."
    )
    source_start: int = Field(
        description="Evidence start in the (parent) source document. Every offset counts "
        "Unicode code points, as Python indexes a str (an emoji is one; a JavaScript client "
        "converts to UTF-16 units before slicing)."
    )
    source_end: int
    evidence: str
    score: float


class FactOut(_Open):
    kind: str = Field(
        description="number, date, amount, percent, negation, name, or quotation (five or "
        "more quoted words that no source holds word for word)."
    )
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
    rule: str = Field(
        "",
        description="The conflict rule that found it ('value', 'negation', 'opposite', ...; "
        "see docs/conflict-rules.md); a preset's rules_off turns rules off by name.",
        examples=["value"],
    )


class CitedSourceOut(_Open):
    """One source the answer itself cites for one sentence, judged alone against it."""

    source_id: str = Field(
        description="The cited source's id; where the citation names no given source "
        "('[7]' of three sources), the label it used (and `known` is false)."
    )
    start: int = Field(
        description="Where the citation is in the answer: answer[start:end] is the marker "
        "('[2]', which names one or more sources: one record each) or, for a structured "
        "citation given in the request, the stretch of the answer it covers."
    )
    end: int
    verdict: Verdict = Field(
        description="The sentence judged against this source alone: 'supports', 'partial' "
        "or 'does_not_support'."
    )
    score: float = Field(description="Support probability against this source alone.")
    evidence: CitationOut | None = Field(
        None, description="This source's best passage for the sentence (null where none)."
    )
    known: bool = Field(
        True, description="False for a label that names no given source: it supports nothing."
    )
    form: str = Field(
        "numeric",
        description="How the citation was written: 'numeric' ([2]), 'id' ([S2]), 'caret' "
        "(^2), 'lenticular' (【2】), or the API that returned it ('cohere', 'anthropic', "
        "'openai').",
    )
    cited_text_matches: bool | None = Field(
        None,
        description="False for an Anthropic citation whose cited_text the named source "
        "does not hold where it says; null where a citation quotes nothing.",
    )


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
    cited: list[CitedSourceOut] = Field(
        default_factory=list,
        description="The sources the answer itself cites for this sentence (its markers, or "
        "the request's `citations`), each judged alone.",
    )
    citation_status: CitationStatus | None = Field(
        None,
        description="How the sentence's own citations stand: 'correct' (the cited sources "
        "support it about as well as the best given ones), 'miscited' (they do not, while "
        "other given sources do), 'uncited' (the sources support it, at least in part, and "
        "it cites nothing), 'unsupported' (no given source supports it); null for no_claim.",
    )
    suggested: list[str] = Field(
        default_factory=list,
        description="For a miscited or uncited sentence: the ids of the given sources that "
        "support it, best first.",
    )
    cited_verdict: Verdict | None = Field(
        None,
        description="The known cited sources judged together (null where the sentence cites "
        "no given source).",
    )
    cited_score: float | None = Field(
        None, description="Their support probability together (null as for cited_verdict)."
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
    unsupported_claims: list[dict[str, Any]] = Field(
        description="The unsupported sentences ({start, end, text}): claims no source "
        "supports. One may still carry citations: a sentence in conflict cites the passage "
        "it contradicts, and weak evidence is shown."
    )


class FailureOut(_Open):
    number: int = Field(description="The sentence's number, from 1.")
    start: int
    end: int
    text: str
    status: str
    reasons: list[FailReason]
    conflicts: list[ConflictOut]
    cited_wrongly: list[str] = Field(
        default_factory=list,
        description="Where 'miscited' is a reason: the cited sources that do not support the "
        "sentence.",
    )
    suggested: list[str] = Field(
        default_factory=list,
        description="Where 'miscited' or 'uncited' is a reason: the sources that support it, "
        "best first.",
    )
    description: str = Field(description="One line, as `citemark check` prints it.")


class CitationMetricsOut(_Open):
    """How well the answer's own citations hold up (ALCE's citation recall and precision)."""

    claims: int = Field(description="Sentences that claim something (all but no_claim).")
    cited_claims: int = Field(description="Claims that cite at least one source.")
    citations: int = Field(description="Citations of claims: one per source a marker names.")
    recall: float | None = Field(
        description="Share of claims whose cited sources, together, support them in full "
        "(null without a claim)."
    )
    precision: float | None = Field(
        description="Share of citations whose source supports its sentence alone, at least "
        "in part (null without a citation); a label naming no given source counts against it."
    )
    correct: int = Field(description="Claims with citation_status 'correct'.")
    miscited: int
    uncited: int
    unsupported: int
    unknown_sources: int = Field(description="Citations of labels that name no given source.")


class AlignResponse(_Open):
    """The report: one verdict per sentence, with citations and missing facts."""

    mode: str
    config: str = Field(description="The name of the preset the config was made from.")
    config_digest: str = Field(
        description="A hash of every setting of the config used (two reports with equal "
        "digests were made under the same settings)."
    )
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
    citation_metrics: CitationMetricsOut = Field(
        description="How well the answer's own citations hold up, counted over its claims."
    )


class TagResponse(BaseModel):
    """The answer tagged with its citations, as text, HTML and spans."""

    mode: Literal["phrase", "document"]
    tagged: str = Field(description='The answer with <cite ids="..."> tags.')
    html: str = Field(description="The same, HTML-escaped, safe to put into a page.")
    spans: list[SpanOut]
    coverage: float


# Whether the embedding model is loaded, being loaded, failed to load, or unused.
ModelState = Literal["not used", "loading", "ready", "failed"]


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    version: str
    config: str
    mode: str
    model: ModelState


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
        loc = _location(error.get("loc", ()))
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        if error.get("type") == "extra_forbidden" and _in_document(loc):
            message = UNKNOWN_DOCUMENT_KEY
        elif error.get("type") == "extra_forbidden" and len(loc) == 1:
            message = _unknown_request_field(str(loc[0]))
        where = ".".join(str(p) for p in loc)
        parts.append(f"{where}: {message}" if where else message)
    more = len(errors) - limit
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def _unknown_request_field(name: str) -> str:
    """What to say of an unknown top-level field: the one meant, where it is plain
    ("preset" is the ``config`` field)."""
    elsewhere = _TAKEN_BY.get(name)
    if elsewhere:
        # a field of another request: "did you mean 'fail_on'?" of "fail_on" told
        # nothing
        return f"unknown field here (it is read by {elsewhere} only)"
    meant = _MEANT.get(name.lower()) or next(
        iter(difflib.get_close_matches(name.lower(), REQUEST_FIELDS, n=1, cutoff=0.75)), None
    )
    return f"unknown field (did you mean {meant!r}?)" if meant else "unknown field"


# Every field of a request, and which requests take it (each is refused by some other).
_TAKEN_BY = {
    "answer": "/v1/align and /v1/tag",
    "fail_on": "/v1/align",
    "citations": "/v1/align and /v1/tag",
    "word_level": "/v1/tag",
    "text": "the lines of /v1/stream after its first",
    "sources": "/v1/align, /v1/tag and the first line of /v1/stream",
    "config": "/v1/align, /v1/tag and the first line of /v1/stream",
    "mode": "/v1/align, /v1/tag and the first line of /v1/stream",
}
REQUEST_FIELDS = tuple(_TAKEN_BY)
_MEANT = {"preset": "config", "presets": "config", "documents": "sources", "docs": "sources"}

UNKNOWN_DOCUMENT_KEY = (
    "unknown field in a document (it takes id, text, offset and metadata, or the other "
    "names /docs lists; put anything else in metadata)"
)


def _location(loc: Sequence[Any]) -> list[Any]:
    """An error's location without "body" and without the union tag after "sources"."""
    return [
        p
        for n, p in enumerate(loc)
        if p != "body" and not (n and loc[n - 1] == "sources" and p in (DOCUMENTS, PHRASE_MAP))
    ]


def _in_document(loc: Sequence[Any]) -> bool:
    """Whether ``loc`` is a key of a document: ``sources.<n>.<key>``."""
    return len(loc) == 3 and loc[0] == "sources" and isinstance(loc[1], int)
