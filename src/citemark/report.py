"""The report: per-sentence results and the answer's citations in every output form."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, get_args

from .errors import InputError
from .fold import is_word_char
from .graphemes import is_boundary
from .labels import label_length
from .render import (
    Mark,
    Note,
    SpanDict,
    marks_from_blocks,
    render_html,
    render_spans,
    render_tagged,
)
from .tokens import tokenize
from .types import STATUSES, Block, Span, Status, coverage_of, overlapping, uncovered
from .words import content_units

if TYPE_CHECKING:
    from .facts.model import Fact
    from .notebook import DataFrame

CitationKind = Literal["verbatim", "paraphrase"]
FailReason = Literal["unsupported", "conflict", "partial", "unsourced", "miscited", "uncited"]
FAIL_REASONS: tuple[FailReason, ...] = get_args(FailReason)
# What fails a check unless the caller says otherwise: a claim no source supports,
# or one its source contradicts. "partial" is for a strict reviewer to add.
DEFAULT_FAIL_ON: frozenset[FailReason] = frozenset({"unsupported", "conflict"})


@dataclass(frozen=True)
class Citation:
    """One piece of source evidence for one answer sentence.

    ``kind`` keeps quotes and paraphrase support apart: a ``verbatim`` citation is
    text the answer shares word for word, a ``paraphrase`` citation is the passage
    that best supports a reworded claim. Offsets refer to the parent document;
    ``source_index`` is the source's place in the list as given (for chunks of one
    document, which are read joined, the first chunk holding all of the evidence,
    else the one it starts in: ``citemark.chunks``).
    """

    source_id: str
    source_index: int
    kind: CitationKind
    source_start: int
    source_end: int
    evidence: str
    score: float


@dataclass(frozen=True)
class Conflict:
    """A key fact of the sentence that its evidence states differently.

    ``start``/``end`` locate the fact in the answer; ``source_start``/``source_end``
    locate the other value in the source (parent-document offsets), and
    ``evidence`` is that source text. ``rule`` names the conflict rule that found it
    (``citemark.facts.RULES``; ``docs/conflict-rules.md``).
    """

    kind: str
    text: str
    start: int
    end: int
    evidence: str
    source_id: str
    source_index: int
    source_start: int
    source_end: int
    rule: str = ""


# How one cited source stands to the sentence that cites it, judged on that source alone.
Verdict = Literal["supports", "partial", "does_not_support"]
# How the sentence's own citations stand to what the given sources support:
# ``correct`` (the cited sources support it about as well as the best given ones do),
# ``miscited`` (they do not, while other given sources do), ``uncited`` (supported or
# partial, with no citation), ``unsupported`` (no given source supports it).
CitationStatus = Literal["correct", "miscited", "uncited", "unsupported"]
CITATION_STATUSES: tuple[CitationStatus, ...] = get_args(CitationStatus)


@dataclass(frozen=True)
class CitedSource:
    """One source the answer itself cites for one sentence, and whether it holds the claim.

    ``start``/``end`` index what cites it in the answer: an inline marker (``"[2]"``,
    which names one or more sources: one record each) or the span a structured citation
    covers. ``verdict`` judges the sentence against this source alone; ``evidence`` is
    the source's best passage for it (``None`` where it has none). ``known`` is false
    for a label that names no given source (``[7]`` of three sources): it supports
    nothing. ``form`` says how the citation was written: ``numeric`` (``[2]``), ``id``
    (``[S2]``), ``caret`` (``^2``), ``lenticular`` (``【2】``), or the API that returned
    it (``cohere``, ``anthropic``, ``openai``). ``cited_text_matches`` is false for an
    Anthropic citation whose ``cited_text`` the named source does not hold where it
    says (``None`` where a citation quotes nothing).
    """

    source_id: str
    start: int
    end: int
    verdict: Verdict
    score: float
    evidence: Citation | None = None
    known: bool = True
    form: str = "numeric"
    cited_text_matches: bool | None = None

    @property
    def is_marker(self) -> bool:
        """Whether ``start:end`` is a marker written in the answer (not a cited span)."""
        return self.form in MARKER_FORMS


MARKER_FORMS = frozenset({"numeric", "id", "caret", "lenticular"})


def _miscited_markers(sentence: SentenceResult) -> list[Note]:
    """A note on each marker of a miscited sentence that names a source not holding it,
    titled with the sources that do ("source S3 does not support this sentence; source
    S2 does")."""
    if sentence.citation_status != "miscited":
        return []
    found = sentence.suggested
    instead = f"; source {', '.join(found)} {'does' if len(found) == 1 else 'do'}" if found else ""
    notes = []
    for cited in sentence.cited:
        if not cited.is_marker or (cited.known and cited.verdict == "supports"):
            continue
        if cited.known:
            title = f"source {cited.source_id} does not support this sentence{instead}"
        else:
            title = f"{cited.source_id} names no given source{instead}"
        notes.append(Note(cited.start, cited.end, "miscited", title))
    return notes


@dataclass(frozen=True)
class SentenceResult:
    """The verdict on one answer sentence and the citations behind it."""

    start: int
    end: int
    text: str
    status: Status
    score: float
    components: dict[str, float]
    features: dict[str, float]
    citations: tuple[Citation, ...]
    missing_facts: tuple[Fact, ...]
    # Facts the cited evidence contradicts: such a sentence is "unsupported".
    conflicts: tuple[Conflict, ...] = ()
    # Answer offsets of the words no citation supports (empty when supported).
    unsupported_spans: tuple[Span, ...] = ()
    # The missing facts that no source states in any form, values the answer
    # brought itself; for the kinds the preset's ``cap_facts`` names, these cap
    # the status at "partial". A missing fact not listed here is in some source,
    # just not in the cited passages.
    unsourced_facts: tuple[Fact, ...] = ()
    # The sources the answer itself cites for this sentence (its markers, or the
    # structured citations given with it), each judged alone.
    cited: tuple[CitedSource, ...] = ()
    # None for a sentence that claims nothing.
    citation_status: CitationStatus | None = None
    # For a miscited or uncited sentence: the given sources that support it, best first.
    suggested: tuple[str, ...] = ()
    # The known cited sources judged together: their verdict and score (None where the
    # sentence cites no given source).
    cited_verdict: Verdict | None = None
    cited_score: float | None = None

    @property
    def has_citations(self) -> bool:
        """Whether citemark found evidence to cite (``citations``), whatever the answer cites."""
        return bool(self.citations)

    @property
    def is_claim(self) -> bool:
        """False for a lead-in, heading or courtesy line: nothing there to check."""
        return self.status != "no_claim"

    def reasons(self) -> tuple[FailReason, ...]:
        """Why a reviewer would look at this sentence: its conflicts, then its status."""
        found: list[FailReason] = ["conflict"] if self.conflicts else []
        if self.status in ("unsupported", "partial"):
            found.append(self.status)
        if self.unsourced_facts and self.status != "no_claim":
            # a value the answer brought itself ("a late fee of $500" that no source
            # states): partial by the cap, so the default gate passed it
            found.append("unsourced")
        if self.citation_status in ("miscited", "uncited"):
            found.append(self.citation_status)
        return tuple(found)


@dataclass(frozen=True)
class Failure:
    """One sentence that fails a check, numbered from 1 as the CLI prints it."""

    number: int
    start: int
    end: int
    text: str
    status: Status
    reasons: tuple[FailReason, ...]
    conflicts: tuple[Conflict, ...] = ()
    # the facts no source states, where "unsourced" is a reason
    unsourced: tuple[Fact, ...] = ()
    # where "miscited" is a reason: the cited sources that do not support the sentence;
    # where "miscited" or "uncited" is: the sources that do, best first
    cited_wrongly: tuple[str, ...] = ()
    suggested: tuple[str, ...] = ()

    def describe(self) -> str:
        """``sentence 2 (conflict: 'two years' vs source S3 'one year')``."""
        details = [
            f"conflict: {c.text!r} vs source {c.source_id} {c.evidence!r}" for c in self.conflicts
        ]
        details += [r for r in self.reasons if r not in _DESCRIBED]
        details += [f"in no source: {f.kind} {f.text!r}" for f in self.unsourced]
        if "miscited" in self.reasons:
            cites = ", ".join(self.cited_wrongly) or "no given source"
            details.append(f"miscited: cites {cites}, which does not hold it{self._instead()}")
        if "uncited" in self.reasons:
            details.append(f"uncited{self._instead(': the evidence is in ')}")
        return f"sentence {self.number} ({'; '.join(details)})"

    def _instead(self, lead: str = "; the evidence is in ") -> str:
        return f"{lead}{', '.join(self.suggested)}" if self.suggested else ""


_DESCRIBED = frozenset({"conflict", "unsourced", "miscited", "uncited"})


@dataclass(frozen=True)
class CitationMetrics:
    """Citation recall and precision of an answer, as ALCE (Gao et al. 2023) defines them.

    ``recall``: the share of claim sentences whose cited sources, together, support
    them in full. ``precision``: the share of citations whose source supports its
    sentence alone, at least in part. ALCE also counts a citation that the cited set
    needs although it supports nothing alone; judged by sources, not by a learned
    entailment model, a citation that shares nothing of the claim is taken to add
    nothing. ``None`` where there is nothing to divide by (no claim, no citation).
    Citations to labels naming no given source count against precision.
    """

    claims: int
    cited_claims: int
    citations: int
    recall: float | None
    precision: float | None
    correct: int
    miscited: int
    uncited: int
    unsupported: int
    unknown_sources: int

    @classmethod
    def of(cls, sentences: Iterable[SentenceResult]) -> CitationMetrics:
        claims = [s for s in sentences if s.is_claim]
        cites = [c for s in claims for c in s.cited]
        recalled = sum(s.cited_verdict == "supports" for s in claims)
        precise = sum(c.known and c.verdict != "does_not_support" for c in cites)
        counts = Counter(s.citation_status for s in claims)
        return cls(
            claims=len(claims),
            cited_claims=sum(bool(s.cited) for s in claims),
            citations=len(cites),
            recall=round(recalled / len(claims), 4) if claims else None,
            precision=round(precise / len(cites), 4) if cites else None,
            correct=counts.get("correct", 0),
            miscited=counts.get("miscited", 0),
            uncited=counts.get("uncited", 0),
            unsupported=counts.get("unsupported", 0),
            unknown_sources=sum(not c.known for c in cites),
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# What a partial sentence counts for in :attr:`Faithfulness.score`: some of it is
# backed, some not, as WiCE's annotators grade "partially supported" between the two.
PARTIAL_CREDIT = 0.5


@dataclass(frozen=True)
class Faithfulness:
    """An answer's groundedness in one number, with the reasons behind it.

    ``score`` is (supported + ``PARTIAL_CREDIT`` x partial) / claim sentences: the share
    of what the answer claims that its sources back; 1.0 for an answer that claims
    nothing. ``passed`` applies :meth:`Report.failures` with ``fail_on`` (by default,
    no unsupported or contradicted sentence), and ``reasons`` has one line per failing
    sentence, as the CLI's ``check`` prints them. The adapters for ragas, DeepEval,
    LlamaIndex and LangChain, and ``citemark.testing``, all report this.
    """

    score: float
    passed: bool
    claims: int
    supported: int
    partial: int
    unsupported: int
    reasons: tuple[str, ...]

    @classmethod
    def of(cls, report: Report, fail_on: Iterable[FailReason] | str | None = None) -> Faithfulness:
        claims = [s for s in report.sentences if s.is_claim]
        counts = Counter(s.status for s in claims)
        backed = counts["supported"] + PARTIAL_CREDIT * counts["partial"]
        failures = report.failures(fail_on)
        return cls(
            score=round(backed / len(claims), 6) if claims else 1.0,
            passed=not failures,
            claims=len(claims),
            supported=counts["supported"],
            partial=counts["partial"],
            unsupported=counts["unsupported"],
            reasons=tuple(f"{f.describe()}: {f.text.strip()}" for f in failures),
        )

    @property
    def reason(self) -> str:
        """The reasons as one text (what a metric's ``reason`` or ``feedback`` holds)."""
        if not self.reasons:
            return (
                f"{self.supported} of {self.claims} claim sentences supported, "
                f"{self.partial} partial; none fails the check"
            )
        return "\n".join(self.reasons)


def check_fail_on(fail_on: Iterable[str] | None) -> frozenset[FailReason]:
    """The set of fail conditions, or an :class:`InputError` naming an unknown one."""
    if fail_on is None:
        return DEFAULT_FAIL_ON
    if isinstance(fail_on, str):
        fail_on = [part.strip() for part in fail_on.split(",") if part.strip()]
    elif isinstance(fail_on, bytes | Mapping) or not isinstance(fail_on, Iterable):
        raise InputError(
            "fail_on must be a list of conditions or a comma-separated string, "
            f"got {type(fail_on).__name__}"
        )
    else:
        fail_on = list(fail_on)
        if not all(isinstance(reason, str) for reason in fail_on):
            raise InputError(f"fail_on: conditions are strings, got {fail_on!r}")
    if [reason.lower() for reason in fail_on] == ["none"]:
        return frozenset()
    if not fail_on:
        # "" or [] (an unset variable in a CI script) must not turn the gate off unseen
        raise InputError(
            f"fail_on: no condition given; choose from {', '.join(FAIL_REASONS)}, "
            "or 'none' to fail on no sentence"
        )
    chosen = frozenset(fail_on)
    unknown = sorted(str(r) for r in chosen - set(FAIL_REASONS))
    if unknown:
        raise InputError(
            f"fail_on: unknown condition {', '.join(map(repr, unknown))}; "
            f"choose from {', '.join(FAIL_REASONS)}"
        )
    return chosen  # type: ignore[return-value]


@dataclass(frozen=True)
class Report:
    """Everything :func:`citemark.align` found, and the answer rendered with it."""

    answer: str
    sentences: tuple[SentenceResult, ...]
    blocks: tuple[Block, ...]
    mode: str
    config: str
    notes: tuple[str, ...] = field(default=())
    # :attr:`Config.digest` of the config used: ``config`` is only its preset's name
    config_digest: str = ""

    @property
    def coverage(self) -> float:
        """Share of the answer's characters inside verbatim blocks."""
        return coverage_of(self.answer, self.blocks)

    def summary(self) -> dict[str, Any]:
        """Counts per status, coverage, and the sentences a reviewer must look at."""
        counts = Counter(s.status for s in self.sentences)
        return {
            "sentences": len(self.sentences),
            **{status: counts.get(status, 0) for status in STATUSES},
            # Lead-ins, headings and courtesies: counted apart, never flagged.
            "no_claim": counts.get("no_claim", 0),
            "conflicts": sum(bool(s.conflicts) for s in self.sentences),
            "coverage": round(self.coverage, 4),
            # The unsupported sentences: claims no source supports (one may still
            # cite, a conflict the passage it contradicts). Not "uncited", which names
            # a supported claim that cites nothing (``citation_status``).
            "unsupported_claims": [
                {"start": s.start, "end": s.end, "text": s.text}
                for s in self.sentences
                if s.status == "unsupported"
            ],
        }

    @property
    def carries_citations(self) -> bool:
        """Whether the answer cites anything (markers, or structured citations given)."""
        return any(s.cited for s in self.sentences)

    def citation_metrics(self) -> CitationMetrics:
        """How well the answer's own citations hold up (see :class:`CitationMetrics`)."""
        return CitationMetrics.of(self.sentences)

    def faithfulness(self, fail_on: Iterable[FailReason] | str | None = None) -> Faithfulness:
        """One score and one verdict for the whole answer, as the evaluation libraries'
        faithfulness metrics give them (see :class:`Faithfulness`)."""
        return Faithfulness.of(self, fail_on)

    def marks(self) -> list[Mark]:
        """Verbatim blocks, plus paraphrase marks over supported text no block covers."""
        return list(self._marks)

    @cached_property
    def _marks(self) -> tuple[Mark, ...]:
        """:meth:`marks`, worked out once per report: the tagged text, the page and the
        spans each drew on them (three times over for one /v1/tag request)."""
        marks = marks_from_blocks(self.blocks)
        # Each sentence looks at its own blocks only: one sorted sweep, not
        # sentences x blocks (11,500 sentences of a 1 MB answer: 17 s, now 0.7 s).
        near = overlapping(self.sentences, self.blocks)
        for sentence, blocks in zip(self.sentences, near, strict=True):
            ids = _paraphrase_ids(sentence)
            # An unsupported, contradicted or empty sentence is never drawn as support.
            drawn = sentence.status in ("supported", "partial") and not sentence.conflicts
            if ids and drawn:
                # Words no citation supports are not drawn as paraphrase support either.
                cuts = [(b.start, b.end) for b in blocks]
                cuts += [(u.start, u.end) for u in sentence.unsupported_spans]
                # nor are the answer's own markers ("[2]"), which name sources, not claims
                cuts += [(c.start, c.end) for c in sentence.cited if c.is_marker]
                # nor is the label that numbers it ("2. ", "(b) ")
                label = label_length(sentence.text)
                if label:
                    cuts.append((sentence.start, sentence.start + label))
                gaps = _gaps(self.answer, sentence, sorted(cuts), ids)
                if len(ids) > 1 and gaps:
                    evidence = _paraphrase_words(sentence)  # once per sentence
                    gaps = [_backed(self.answer, gap, evidence) for gap in gaps]
                marks.extend(gaps)
        return tuple(sorted(marks))

    def annotations(self) -> list[Note]:
        """Conflicting values, the answer's own markers that cite a source not holding
        the sentence, and the unsupported words of sentences not supported."""
        notes: list[Note] = []
        for sentence in self.sentences:
            for c in sentence.conflicts:
                # the value as the source writes it (its repr showed a line break as
                # "\n" and varied its quotes), spaces for line breaks
                title = f"source {c.source_id} says “{' '.join(c.evidence.split())}”"
                notes.append(Note(c.start, c.end, "conflict", title))
            notes.extend(_miscited_markers(sentence))
            if sentence.status in ("partial", "unsupported"):
                notes.extend(
                    Note(s.start, s.end, "unsupported") for s in sentence.unsupported_spans
                )
        return notes

    def failures(self, fail_on: Iterable[FailReason] | str | None = None) -> tuple[Failure, ...]:
        """The sentences that fail a check, by default the unsupported and contradicted ones.

        ``fail_on`` is a set of ``unsupported``, ``conflict`` and ``partial``; the
        CLI's ``check`` and the API's ``passed`` use this same rule.
        """
        return self._failing(check_fail_on(fail_on))

    def _failing(self, chosen: frozenset[FailReason]) -> tuple[Failure, ...]:
        """:meth:`failures` for conditions already checked (an empty set: none)."""
        found = []
        for number, sentence in enumerate(self.sentences, 1):
            reasons = tuple(r for r in sentence.reasons() if r in chosen)
            if reasons:
                found.append(
                    Failure(
                        number,
                        sentence.start,
                        sentence.end,
                        sentence.text,
                        sentence.status,
                        reasons,
                        sentence.conflicts if "conflict" in reasons else (),
                        sentence.unsourced_facts if "unsourced" in reasons else (),
                        tuple(
                            dict.fromkeys(
                                c.source_id
                                for c in sentence.cited
                                if c.verdict == "does_not_support"
                            )
                        )
                        if "miscited" in reasons
                        else (),
                        sentence.suggested if "miscited" in reasons or "uncited" in reasons else (),
                    )
                )
        return tuple(found)

    def tagged(self) -> str:
        """The answer with ``<cite ids="…">`` quotes and ``kind="paraphrase"`` support."""
        return render_tagged(self.answer, self.marks())

    def html(self) -> str:
        """:meth:`tagged` as escaped HTML, with conflicting values and unsupported words marked.

        A conflict's value is a ``<mark class="cm-conflict">`` titled with what the
        source says; the unsupported words of a partial or unsupported sentence
        are a ``<span class="cm-unsupported-words">``.
        """
        return render_html(self.answer, self.marks(), self.annotations())

    def spans(self) -> list[SpanDict]:
        """The marks as JSON spans."""
        return render_spans(self.marks())

    def _repr_html_(self) -> str:
        """The report as Jupyter shows it: the summary and faithfulness score, the answer
        marked as on the review page (source ids on hover), and a table of the sentences
        (``citemark.notebook``)."""
        from .notebook import report_html

        return report_html(self)

    def to_pandas(self) -> DataFrame:
        """One row per sentence, in order: offsets, text, status, score, citation status,
        the best citation, conflicts and unsupported words (``citemark.notebook``).

        Needs pandas: ``pip install "citemark[notebook]"``.
        """
        from .notebook import sentence_frame

        return sentence_frame(self)

    def to_dict(self, fail_on: Iterable[FailReason] | str | None = None) -> dict[str, Any]:
        """A JSON-ready form of the whole report.

        ``passed`` and ``failures`` apply :meth:`failures` with ``fail_on``, so the
        API and the CLI say pass or fail by the same rule as the library.
        """
        chosen = check_fail_on(fail_on)
        failures = self._failing(chosen)
        return {
            "mode": self.mode,
            "config": self.config,
            "config_digest": self.config_digest,
            "notes": list(self.notes),
            "summary": self.summary(),
            "passed": not failures,
            "fail_on": sorted(chosen),
            "failures": [failure_dict(f) for f in failures],
            "sentences": [_sentence_dict(s) for s in self.sentences],
            "blocks": [
                {"start": b.start, "end": b.end, "ids": list(b.ids), "counts": dict(b.counts)}
                for b in self.blocks
            ],
            "spans": self.spans(),
            "citation_metrics": self.citation_metrics().to_dict(),
        }


def failure_dict(failure: Failure) -> dict[str, Any]:
    """A failure as JSON, with the one-line description the CLI prints."""
    data = asdict(failure)
    data["reasons"] = list(failure.reasons)
    data["conflicts"] = [asdict(c) for c in failure.conflicts]
    # lists, as JSON reads them back (a tuple here made a stored row unequal)
    data["unsourced"] = [asdict(f) for f in failure.unsourced]
    data["cited_wrongly"] = list(failure.cited_wrongly)
    data["suggested"] = list(failure.suggested)
    data["description"] = failure.describe()
    return data


def _sentence_dict(sentence: SentenceResult) -> dict[str, Any]:
    data = asdict(sentence)
    data["citations"] = [asdict(c) for c in sentence.citations]
    data["missing_facts"] = [asdict(f) for f in sentence.missing_facts]
    data["unsourced_facts"] = [asdict(f) for f in sentence.unsourced_facts]
    data["conflicts"] = [asdict(c) for c in sentence.conflicts]
    data["unsupported_spans"] = [asdict(s) for s in sentence.unsupported_spans]
    data["cited"] = [asdict(c) for c in sentence.cited]
    data["suggested"] = list(sentence.suggested)
    return data


def _paraphrase_ids(sentence: SentenceResult) -> tuple[str, ...]:
    ids: list[str] = []
    for citation in sentence.citations:
        if citation.kind == "paraphrase" and citation.source_id not in ids:
            ids.append(citation.source_id)
    return tuple(ids)


def _paraphrase_words(sentence: SentenceResult) -> list[tuple[str, frozenset[str]]]:
    """Each paraphrase citation's source id and the content words of its evidence."""
    return [
        (c.source_id, frozenset(content_units(tokenize(c.evidence))))
        for c in sentence.citations
        if c.kind == "paraphrase"
    ]


def _backed(answer: str, mark: Mark, evidence: list[tuple[str, frozenset[str]]]) -> Mark:
    """``mark`` with the ids of the paraphrase passages (``evidence``: id and words) that
    share a content word with its words, where some do: every mark carried all of its
    sentence's ids, so "a defendant" was drawn as backed by a rice-cooking passage cited
    for other words. Where none shares a word (a paraphrase in other words),
    all stay."""
    words = set(content_units(tokenize(answer[mark.start : mark.end])))
    sharing = tuple(dict.fromkeys(sid for sid, theirs in evidence if words & theirs))
    return mark if not sharing or sharing == mark.ids else replace(mark, ids=sharing)


def _gaps(
    answer: str, sentence: SentenceResult, cuts: list[tuple[int, int]], ids: tuple[str, ...]
) -> list[Mark]:
    """Stretches of the sentence outside ``cuts`` (sorted) that hold a content word, trimmed.

    The cuts are verbatim blocks and unsupported words, all of the answer's or
    just those overlapping the sentence (in order). "Under the" between two
    quotes says nothing a source could support, so it is left plain rather than
    drawn as paraphrase.
    """
    marks: list[Mark] = []
    for lo, hi in uncovered(sentence.start, sentence.end, cuts):
        gap_start, gap_end = lo, hi
        # Word characters include combining marks: trimming a Thai or Hindi vowel
        # sign off the end would close the mark inside one visible character.
        while gap_start < gap_end and not is_word_char(answer[gap_start]):
            gap_start += 1
        while gap_end > gap_start and not is_word_char(answer[gap_end - 1]):
            gap_end -= 1
        # A number keeps its signs: "a fee of 5%" was drawn "...of 5</cite>%".
        if gap_start < gap_end:
            if gap_end < hi and answer[gap_end] in _SIGNS_AFTER and answer[gap_end - 1].isdigit():
                gap_end += 1
            if (
                lo < gap_start
                and answer[gap_start - 1] in _SIGNS_BEFORE
                and answer[gap_start].isdigit()
            ):
                gap_start -= 1
            gap_start, gap_end = _closed(answer, gap_start, gap_end, lo, hi)
            gap_start, gap_end = _whole_clusters(answer, gap_start, gap_end, hi)
        if gap_start < gap_end and _has_content(answer[gap_start:gap_end]):
            marks.append(Mark(gap_start, gap_end, ids, "paraphrase"))
    return marks


def _closed(answer: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """``start:end`` widened, inside ``lo:hi``, over a bracket it opens or closes: "412
    P.3d 88 (2019)" was drawn "...(2019</cite>)"."""
    for opener, closer in _BRACKETS:
        text = answer[start:end]
        if text.count(opener) > text.count(closer) and end < hi and answer[end] == closer:
            end += 1
        elif text.count(closer) > text.count(opener) and lo < start and answer[start - 1] == opener:
            start -= 1
    return start, end


_BRACKETS = (("(", ")"), ("[", "]"))


def _whole_clusters(answer: str, start: int, end: int, hi: int) -> tuple[int, int]:
    """``start:end`` on grapheme-cluster edges: a start inside a cluster moves past it
    (its base, an emoji, was trimmed as no word, and the variation selector or joiner
    after it counts as one: "❤<cite>️ partying" was drawn), to the next word
    character; an end inside one moves to the cluster's end, or back to its start where
    that would pass ``hi``."""
    while start < end and not (is_boundary(answer, start) and is_word_char(answer[start])):
        start += 1
    if start < end and not is_boundary(answer, end):
        forward = end
        while forward < hi and not is_boundary(answer, forward):
            forward += 1
        if is_boundary(answer, forward):
            return start, forward
        while end > start and not is_boundary(answer, end):
            end -= 1
    return start, end


# Signs written against a number, which a mark must not cut off it.
_SIGNS_AFTER = frozenset("%‰‱")
_SIGNS_BEFORE = frozenset("$€£¥₹")


def _has_content(text: str) -> bool:
    return bool(content_units(tokenize(text)))
