"""The citation check: are the sources an answer cites the ones that support it?

An answer that cites (``[2]`` markers, or the structured citations an LLM API returns)
claims, for each sentence, where it came from. The other stages judge a sentence
against every given source; this one judges it again against the sources it cites,
each alone and all of them together, and sets the two judgements side by side:

- ``correct``: the cited sources support the sentence about as well as the best given
  sources do: no uncited source holds clearly better evidence for it;
- ``miscited``: they do not, while other given sources do (a marker naming no given
  source cites nothing);
- ``uncited``: the given sources support it, at least in part, and it cites nothing;
- ``unsupported``: no given source supports it, cited or not.

The judgement against a subset of the sources is the whole pipeline's, run on an index
of that subset (``judge``, supplied by the pipeline, which sits above this stage), so
that "supports" means the same here as in the sentence's status. An index is made
once per subset and kept on the full index (:meth:`SourceIndex.subset`): a prepared
index checks the citations of many answers for the price of one build per subset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .index import SourceIndex
from .markers import CitedSpan, Marker
from .report import (
    Citation,
    CitationStatus,
    CitedSource,
    SentenceResult,
    Verdict,
)
from .types import Span

_RANK = {"unsupported": 0, "partial": 1, "supported": 2}
_VERDICT: dict[str, Verdict] = {
    "supported": "supports",
    "partial": "partial",
    "unsupported": "does_not_support",
    "no_claim": "does_not_support",
}
# How many of the sources that back a miscited or uncited sentence are suggested (and,
# for a cited sentence, judged alone against the sources it cites).
MAX_SUGGESTED = 3
# An uncited source's evidence must beat the cited sources' by more than this for the
# citation to be wrong: scores judged on different sources differ a little by chance
# (each subset weighs words by its own idf). Chosen by grouped cross-validation on
# the citation benchmark (``benchmarks/citations.py``).
EVIDENCE_MARGIN = 0.025

# Judges the sentences at ``spans`` against the given sources at ``positions``
# (places in the list as given) alone: one result per span.
Judge = Callable[[tuple[int, ...], Sequence[Span]], list[SentenceResult]]


@dataclass(frozen=True)
class Cite:
    """One source cited for one sentence, before it is judged."""

    source_id: str
    start: int
    end: int
    known: bool
    form: str
    cited_text_matches: bool | None = None


def from_markers(per_sentence: Sequence[Sequence[Marker]]) -> list[list[Cite]]:
    """Each sentence's markers as one :class:`Cite` per source they name, in order;
    a label naming no given source is a cite that is not ``known``."""
    out: list[list[Cite]] = []
    for markers in per_sentence:
        cites: list[Cite] = []
        for m in markers:
            cites += [Cite(sid, m.start, m.end, True, m.style) for sid in m.source_ids]
            cites += [Cite(label, m.start, m.end, False, m.style) for label in m.unknown]
        out.append(cites)
    return out


def from_spans(spans: Sequence[CitedSpan], sentences: Sequence[Span]) -> list[list[Cite]]:
    """Each structured citation as a cite of every sentence its answer span overlaps (an
    Anthropic citation covers its whole text block, which may hold several sentences).
    A citation of a point (an OpenAI file citation's ``index``) cites the last sentence
    that begins before it: the one it falls in, or the one it follows, as a marker after
    a full stop does."""
    out: list[list[Cite]] = [[] for _ in sentences]
    for cited in sorted(spans, key=lambda c: (c.start, c.end)):
        point = _point_sentence(cited.start, sentences) if cited.start == cited.end else None
        for n, sentence in enumerate(sentences):
            if (cited.start < sentence.end and sentence.start < cited.end) or n == point:
                out[n].append(
                    Cite(
                        cited.source_id,
                        cited.start,
                        cited.end,
                        cited.known,
                        cited.shape,
                        cited.cited_text_matches,
                    )
                )
    return out


def _point_sentence(point: int, sentences: Sequence[Span]) -> int | None:
    """The sentence a citation point cites: the last that begins before it (the first,
    for a point at the answer's start)."""
    before = [n for n, s in enumerate(sentences) if s.start < point]
    if before:
        return before[-1]
    return 0 if sentences else None


def check_citations(
    index: SourceIndex,
    results: Sequence[SentenceResult],
    cites: Sequence[Sequence[Cite]],
    judge: Judge,
    min_evidence: float,
) -> list[SentenceResult]:
    """``results`` with each sentence's cited sources judged, its citation status and,
    where it is miscited or uncited, the sources to cite instead.

    ``min_evidence`` is the score a passage needs to be shown as evidence (the preset's
    ``min_citation_score``): a source holding such a passage for a sentence backs it.
    """
    positions = _positions(index)
    # What to judge alone: each cited source, each cited set of two or more together,
    # and the best sources the sentence did not cite (the rivals its citations are
    # measured against); every sentence asking for one subset in one call.
    wanted: dict[tuple[int, ...], list[int]] = {}
    for n, (result, found) in enumerate(zip(results, cites, strict=True)):
        if result.status == "no_claim" or not found:
            continue
        ids = _known_ids(found)
        for sid in [*ids, *_rivals(result, ids)]:
            wanted.setdefault(positions[sid], []).append(n)
        if len(ids) > 1:
            wanted.setdefault(_together(ids, positions), []).append(n)
    judged: dict[tuple[tuple[int, ...], int], SentenceResult] = {}
    for subset, numbers in wanted.items():
        numbers = sorted(set(numbers))
        spans = [Span(results[n].start, results[n].end) for n in numbers]
        for n, alone in zip(numbers, judge(subset, spans), strict=True):
            judged[(subset, n)] = alone
    out = []
    for n, (result, found) in enumerate(zip(results, cites, strict=True)):
        records = tuple(_record(c, judged.get((positions.get(c.source_id, ()), n))) for c in found)
        if result.status == "no_claim":
            out.append(replace(result, cited=records))
            continue
        if not found:
            backed = _backed(result, min_evidence)
            status: CitationStatus = "uncited" if backed else "unsupported"
            suggested = _ranked(result) if backed else ()
            out.append(replace(result, citation_status=status, suggested=suggested))
            continue
        ids = _known_ids(found)
        together = judged[(_together(ids, positions), n)] if ids else None
        rivals = {sid: judged[(positions[sid], n)] for sid in _rivals(result, ids)}
        status = citation_status(result, records, together, rivals, min_evidence)
        suggested = ()
        if status == "miscited":
            suggested = _suggested(rivals, result, min_evidence)
        out.append(
            replace(
                result,
                cited=records,
                citation_status=status,
                suggested=suggested,
                cited_verdict=_VERDICT[together.status] if together is not None else None,
                cited_score=together.score if together is not None else None,
            )
        )
    return out


def citation_status(
    result: SentenceResult,
    cited: Sequence[CitedSource],
    together: SentenceResult | None,
    rivals: Mapping[str, SentenceResult],
    min_evidence: float,
) -> CitationStatus:
    """How a claim's citations stand.

    ``result`` judges it against every source, ``cited`` against each cited source
    alone, ``together`` against its known cited sources together (``None`` where it
    cites none that was given), ``rivals`` against each of the best sources it does not
    cite, alone. Alone, every source is judged on the same terms, so their evidence
    scores compare: the citation is wrong when an uncited source holds evidence
    (at least ``min_evidence``) that the cited ones fall short of by more than
    :data:`EVIDENCE_MARGIN`. Otherwise it is right when the cited sources together
    support the claim as well as every source does (supported, or partial where that
    is the best), or hold evidence themselves; wrong when only uncited sources support
    it; and ``unsupported`` when nothing given backs it.
    """
    mine = max((c.evidence.score for c in cited if c.evidence is not None), default=0.0)
    theirs = max((_evidence(r) for r in rivals.values()), default=0.0)
    if theirs >= min_evidence and mine < theirs - EVIDENCE_MARGIN:
        return "miscited"
    if together is not None and _RANK[together.status] >= max(_RANK[result.status], 1):
        return "correct"
    if mine >= min_evidence:
        return "correct"
    return "miscited" if result.status in ("supported", "partial") else "unsupported"


def _record(cite: Cite, alone: SentenceResult | None) -> CitedSource:
    """A cite with its verdict: an unknown source, or one not judged, supports nothing."""
    evidence: Citation | None = None
    if alone is None:
        verdict: Verdict = "does_not_support"
        score = 0.0
    else:
        verdict = _VERDICT[alone.status]
        score = alone.score
        evidence = alone.citations[0] if alone.citations else None
    return CitedSource(
        cite.source_id,
        cite.start,
        cite.end,
        verdict,
        score,
        evidence,
        cite.known,
        cite.form,
        cite.cited_text_matches,
    )


def _known_ids(cites: Sequence[Cite]) -> list[str]:
    return list(dict.fromkeys(c.source_id for c in cites if c.known))


def _positions(index: SourceIndex) -> dict[str, tuple[int, ...]]:
    """Each given id's places in the list as given (the chunks of one document share it)."""
    places: dict[str, list[int]] = {}
    for n, source in enumerate(index.sources):
        places.setdefault(source.id, []).append(n)
    return {sid: tuple(found) for sid, found in places.items()}


def _ranked(result: SentenceResult) -> tuple[str, ...]:
    """The sources of the sentence's own citations (the evidence citemark found), best first."""
    return tuple(dict.fromkeys(c.source_id for c in result.citations))[:MAX_SUGGESTED]


def _rivals(result: SentenceResult, cited: Sequence[str]) -> list[str]:
    """The sources the cited ones are measured against: those citemark ranks above
    every cited source among the sentence's own citations (all of its best, where it
    cites none of them). A source ranked below a cited one holds no better evidence."""
    rivals = []
    for sid in _ranked(result):
        if sid in cited:
            break
        rivals.append(sid)
    return rivals


def _together(ids: Sequence[str], positions: Mapping[str, tuple[int, ...]]) -> tuple[int, ...]:
    return tuple(sorted(p for sid in ids for p in positions[sid]))


def _evidence(alone: SentenceResult) -> float:
    """The score of a source's best passage for the sentence, judged alone."""
    return alone.citations[0].score if alone.citations else 0.0


def _backed(result: SentenceResult, min_evidence: float) -> bool:
    """Whether some given source backs the sentence: it is (partly) supported, or a
    passage scores high enough to be shown as its evidence."""
    if result.status in ("supported", "partial"):
        return True
    return any(c.score >= min_evidence for c in result.citations)


def _suggested(
    rivals: Mapping[str, SentenceResult], result: SentenceResult, min_evidence: float
) -> tuple[str, ...]:
    """The uncited sources that back the sentence alone, best evidence first (ties in
    the order citemark ranked them)."""
    order = {sid: n for n, sid in enumerate(_ranked(result))}
    backing = [sid for sid, alone in rivals.items() if _evidence(alone) >= min_evidence]
    return tuple(sorted(backing, key=lambda sid: (-_evidence(rivals[sid]), order[sid])))
