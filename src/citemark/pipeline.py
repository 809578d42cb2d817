"""The pipeline: segment, verbatim, support, score, in that order.

:func:`align` is the one call most users need; :class:`SourceIndex` lets a
caller prepare sources once and align many answers against them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from .citing import check_citations, from_markers, from_spans
from .claim_view import ClaimView, claim_views
from .claims import alone_on_line, is_no_claim
from .config import Config, load_config
from .deadline import Deadline, as_deadline, check
from .edits import edited_words
from .embed import Embedder, default_embedder
from .errors import InputError
from .facts import Fact
from .index import SourceIndex
from .labels import label_length
from .lazy import compile_all
from .markers import (
    CitedSpan,
    assign_markers,
    claim_text_mask,
    read_markers,
    read_structured,
    split_after_markers,
)
from .report import Citation, Conflict, Report, SentenceResult
from .score import Judge, LogisticJudge, cap_candidates, status_of
from .segment import segment
from .sources import check_text
from .spans import context_from_index, outside_cited_ids, sentence_evidence, unsupported_spans
from .support import QUOTED, Support, find_support
from .tokens import Tokens, span_tokens, tokenize
from .types import Match, Span, overlapping, uncovered
from .verbatim import gc_paused, merge


def align(
    answer: str,
    sources: object,
    *,
    config: Config | str | None = None,
    sentences: Sequence[tuple[int, int]] | None = None,
    index: SourceIndex | None = None,
    embedder: Embedder | None = None,
    judge: Judge | None = None,
    deadline: Deadline | float | None = None,
    citations: object = None,
) -> Report:
    """Say for every sentence of ``answer`` whether ``sources`` support it, and where.

    ``sources`` may be documents in any accepted shape, or ``None`` when a prepared
    ``index`` is given. ``sentences`` replaces the segmenter with given
    ``(start, end)`` offsets (for evaluation against gold sentence boundaries).
    ``deadline`` (seconds from now, or a :class:`~citemark.Deadline`) bounds the
    call's time: past it, :class:`~citemark.DeadlineExceeded` is raised.

    The citations the answer carries are checked against what the sources support
    (``SentenceResult.cited``, ``citation_status``, ``suggested``): the markers written
    in it (``[1]``, ``[1, 3]``, ``[S2]``, ``^1``, ``【1】``), or, given as ``citations``,
    the structured citations an LLM API returned with it (Cohere, Anthropic, OpenAI
    shapes: :func:`citemark.markers.read_structured`), with any markers left in its text.
    """
    # The cyclic collector is paused for the call: a call allocates thousands of
    # short-lived tuples and sets (freed by reference counting, none in a cycle),
    # and each burst of them set off collections that walk every live object of
    # the prepared index and the model, which cost more than the call's own work
    # on large sources. It is restored (only if it was on) when the call ends.
    with gc_paused():
        return _align(
            answer, sources, config, sentences, index, embedder, judge, deadline, citations
        )


def warm_up(config: Config | str | None = None) -> None:
    """Pay a process's one-time costs now, before its first real call.

    Builds the segmenter, loads the preset's model (hybrid mode), imports every
    conflict rule and compiles every pattern of the stages. ``import citemark`` does
    none of this, so that a one-off command pays only for what its answer reaches; a
    server, a batch worker or a benchmark of per-call cost calls this once at start.
    """
    cfg = config if isinstance(config, Config) else load_config(config)
    importlib.import_module(".facts.rules", __package__)
    align("Warm up. The service starts.", [{"id": "warm-up", "text": "Warm up."}], config=cfg)
    compile_all()


def _align(
    answer: str,
    sources: object,
    config: Config | str | None,
    sentences: Sequence[tuple[int, int]] | None,
    index: SourceIndex | None,
    embedder: Embedder | None,
    judge: Judge | None,
    deadline: Deadline | float | None,
    citations: object = None,
) -> Report:
    limit = as_deadline(deadline)
    if index is not None and not isinstance(index, SourceIndex):
        raise InputError(f"index must be a SourceIndex, got {type(index).__name__}")
    cfg = load_config(config) if config is not None or index is None else index.config
    # The answer is checked first: a refused answer should not cost an index build.
    check_text(answer, "answer", cfg.max_answer_chars)
    if index is None:
        index = SourceIndex(sources, cfg, deadline=limit)
    elif sources is not None:
        raise InputError("pass either sources or a prepared index, not both")
    # The citations the answer carries: given beside it, and written in it as markers,
    # whose text is no word of the claim (blanked, the same length, so every offset
    # still indexes the answer).
    structured: tuple[CitedSpan, ...] = ()
    if citations is not None:
        structured = read_structured(citations, answer, [(s.id, s.text) for s in index.sources])
    markers = read_markers(answer, [s.id for s in index.sources])
    claimed = claim_text_mask(answer, markers)
    spans = _spans(answer, sentences)
    if markers and sentences is None:
        pairs = [(s.start, s.end) for s in spans]
        spans = _trimmed(claimed, split_after_markers(pairs, markers, answer))
    check(limit, "segmenting the answer")
    if cfg.mode == "hybrid" and embedder is None:
        embedder = default_embedder(cfg.embedder, cfg.device)
    judge = judge or LogisticJudge(cfg, cfg.mode)
    tokens = tokenize(claimed)
    results, matches, notes = _judged(
        claimed, spans, index, cfg, embedder, judge, limit, tokens=tokens
    )
    if claimed is not answer:
        results = [replace(r, text=answer[r.start : r.end]) for r in results]

    def alone(positions: tuple[int, ...], at: Sequence[Span]) -> list[SentenceResult]:
        subset = index.subset(positions, limit)
        found, _, _ = _judged(
            claimed, at, subset, cfg, embedder, judge, limit, words=False, tokens=tokens
        )
        return [_in_full(r, positions) for r in found]

    # Both kinds, where an answer has both: the API's records and markers left in its text.
    cites = from_spans(structured, spans)
    if markers:
        written = from_markers(assign_markers(markers, [(s.start, s.end) for s in spans], answer))
        cites = [[*given, *more] for given, more in zip(cites, written, strict=True)]
    results = check_citations(index, results, cites, alone, cfg.min_citation_score)
    blocks = merge(matches)
    if any(index.joined.pieces):
        # the report's matches name chunks as given, as find_matches' do (the pipeline's
        # own name the joined documents)
        blocks = merge(index.joined.as_given(matches))
    return Report(answer, tuple(results), tuple(blocks), cfg.mode, cfg.name, notes, cfg.digest)


def _judged(
    answer: str,
    spans: Sequence[Span],
    index: SourceIndex,
    cfg: Config,
    embedder: Embedder | None,
    judge: Judge,
    limit: Deadline | None,
    words: bool = True,
    tokens: Tokens | None = None,
) -> tuple[list[SentenceResult], list[Match], tuple[str, ...]]:
    """Every sentence at ``spans`` judged against ``index``: the results, the quotes
    found and the report's notes. ``answer`` is the text to judge (markers blanked);
    ``words`` false leaves out the unsupported words, which a judgement against some
    of the sources (the citation check's) never shows. ``tokens`` are ``answer``'s, where
    a judgement of the same answer made them already."""
    tokens = tokens if tokens is not None else tokenize(answer)
    matches = _quotes(index, answer, spans, tokens, limit)
    blocks = merge(matches)
    hybrid = cfg.mode == "hybrid"
    # What the sentences claim: the answer with their list labels blanked ("2. The
    # deposit ..."), the same length, so that every offset holds.
    claimed = _unlabelled(answer, spans)
    claim_tokens = tokens if claimed is answer else tokenize(claimed)
    # Each sentence's tokens, content units and facts, made once for every stage.
    views = claim_views(claimed, spans, claim_tokens, limit)
    model = embedder if hybrid else None
    supports = find_support(index, views, blocks, cfg, model, deadline=limit)
    words_judged = _words_judged(cfg, judge) if any(s.words_only for s in supports) else None
    near = overlapping(spans, matches)
    # Word vectors for the swapped-word test of an edited quote: the static model's,
    # whatever model scored the sentences (a word alone is what a static model encodes).
    words_model = default_embedder("static") if hybrid else None
    results = []
    for n, (view, support, found) in enumerate(zip(views, supports, near, strict=True)):
        if n % CHECK_EVERY == 0:
            check(limit, "scoring")
        if words_judged is not None and support.words_only:
            words_cfg, words_judge = words_judged
            result = _result(
                index, answer, claimed, view, support, found, words_cfg, words_judge, None, words
            )
        else:
            result = _result(
                index, answer, claimed, view, support, found, cfg, judge, words_model, words
            )
        results.append(result)
    return results, matches, _notes(hybrid, sum(s.words_only for s in supports))


def _trimmed(text: str, spans: Sequence[tuple[int, int]]) -> list[Span]:
    """``spans`` without the spaces at their ends in ``text`` (the answer with its markers
    blanked), and without those left empty: a marker the segmenter kept as a sentence of
    its own, or at the end of one ("... ends. [1]"), is no part of a claim."""
    out = []
    for start, end in spans:
        piece = text[start:end]
        head = len(piece) - len(piece.lstrip())
        tail = len(piece) - len(piece.rstrip())
        if head < end - start:
            out.append(Span(start + head, end - tail))
    return out


def _in_full(result: SentenceResult, positions: tuple[int, ...]) -> SentenceResult:
    """A result judged against a subset index, its sources' places (``source_index``)
    turned from places in the subset to places in the list as given."""
    return replace(
        result,
        citations=tuple(
            replace(c, source_index=positions[c.source_index]) for c in result.citations
        ),
        conflicts=tuple(
            replace(c, source_index=positions[c.source_index]) for c in result.conflicts
        ),
    )


def _words_judged(cfg: Config, judge: Judge | None) -> tuple[Config, Judge]:
    """How a sentence judged on its words alone (``Support.words_only``) is judged:
    with lexical mode's thresholds, and its model unless the caller gave a judge.
    Made only for an answer that has such a sentence (a config copy costs ~50 µs)."""
    words_cfg = cfg.with_(mode="lexical")
    return words_cfg, judge or LogisticJudge(words_cfg, "lexical")


def _notes(hybrid: bool, words_only: int) -> tuple[str, ...]:
    """What a reader of the report should know about how it was made."""
    if not hybrid:
        return ("lexical mode: the embedding model was not used",)
    if words_only:
        return (
            f"{words_only} sentence(s) judged on their words alone, as lexical mode judges: "
            "the embedding model reads their script letter by letter (its vocabulary is "
            "English), so it cannot tell a paraphrase there from an unrelated sentence",
        )
    return ()


# Sentences handled between two looks at the clock: a look costs ~50 ns, a
# sentence tens of microseconds, so this keeps both overrun and cost small.
CHECK_EVERY = 64


def _quotes(
    index: SourceIndex,
    answer: str,
    spans: Sequence[Span],
    tokens: Tokens,
    deadline: Deadline | None,
) -> list[Match]:
    """Quotes found sentence by sentence, sorted.

    Sentence by sentence, so that a sentence's result depends on that sentence
    alone: the streaming tagger then gives exactly what align gives.
    """
    found: list[Match] = []
    index.matcher.expect(tokens.keys)
    for n, span in enumerate(spans):
        if n % CHECK_EVERY == 0:
            check(deadline, "finding quotes")
        found.extend(index.matcher.find(answer, span_tokens(answer, tokens, span)))
    found.sort()
    return found


def _spans(answer: str, sentences: Sequence[tuple[int, int]] | None) -> list[Span]:
    if sentences is None:
        return segment(answer)
    if isinstance(sentences, str | bytes) or not isinstance(sentences, Iterable):
        raise InputError(
            f"sentences must be a list of (start, end) pairs, got {type(sentences).__name__}"
        )
    spans: list[Span] = []
    previous_end = 0
    for n, pair in enumerate(sentences):
        try:
            start, end = (int(v) for v in pair)
        except (TypeError, ValueError):
            raise InputError(f"sentences[{n}] must be a (start, end) pair, got {pair!r}") from None
        if not previous_end <= start < end <= len(answer):
            raise InputError(
                f"sentences[{n}] = ({start}, {end}) must lie inside the answer "
                f"(length {len(answer)}), in order and without overlap"
            )
        spans.append(Span(start, end))
        previous_end = end
    return spans


def _result(
    index: SourceIndex,
    answer: str,
    claimed: str,
    view: ClaimView,
    support: Support,
    matches: Sequence[Match],
    config: Config,
    judge: Judge,
    words_model: Embedder | None = None,
    words: bool = True,
) -> SentenceResult:
    """The verdict on one sentence. ``claimed`` is the answer with list labels blanked
    and ``view`` the sentence's claim in it; ``words_model`` gives word vectors to the
    edited-quote test (none in lexical mode)."""
    span = support.span
    text = answer[span.start : span.end]
    judgement = judge(text, support.evidence, support.features)
    capping = cap_candidates(support.missing, support.unsourced, config)
    conflicts = _conflicts(index, span, support)
    # Asked only where no conflict decides the status first.
    no_claim = not conflicts and is_no_claim(
        view.text, alone_on_line=alone_on_line(answer, span.start, span.end), view=view
    )
    edited: tuple[Span, ...] = ()

    def edited_quote() -> bool:
        """Whether a quote of the sentence has a word swapped or a clause added (the
        decision asks only of a sentence it would otherwise call supported)."""
        nonlocal edited
        if matches:
            edited = edited_words(index, claimed, view, matches, words_model)
        return bool(edited)

    status = status_of(
        judgement.score,
        capping,
        config,
        claim=judgement.claim,
        conflicts=len(conflicts),
        no_claim=no_claim,
        edited=edited_quote,
    )
    # (an edited quote's citations are those of a supported sentence: supported and
    # partial cite alike)
    citations = _citations(index, span, support, matches, config, status)
    # Where a reviewer should look: the words none of the sentence's citations back
    # (nothing to look for in a supported sentence or one that claims nothing).
    unsupported: tuple[Span, ...] = ()
    if words and status in ("partial", "unsupported"):
        placed = view.placed
        found = unsupported_spans(
            claimed,
            span,
            sentence_evidence(citations),
            view=view,
            context=context_from_index(
                index,
                claimed,
                span,
                judged_supported=False,
                view=view,
                # the support stage's retrieval used these very units
                retrieved=(support.retrieved, support.retrieved_limit)
                if view.retrieval_units == view.units
                else None,
            ),
        )
        # A span that writes out a cited source's id names that source, not a claim.
        ids = sorted({c.source_id for c in citations})
        unsupported = outside_cited_ids(claimed, span, found, placed, ids, facts=view.facts)
        if unsupported and citations:
            unsupported = _unquoted(claimed, unsupported, span, matches)
        if edited:
            unsupported = _joined(claimed, (*unsupported, *edited))
    return SentenceResult(
        span.start,
        span.end,
        text,
        status,
        round(judgement.score, 6),
        judgement.components,
        {k: round(v, 6) for k, v in support.features.items()},
        citations,
        _placed(support.missing, span.start),
        conflicts,
        unsupported,
        _placed(support.unsourced, span.start),
    )


def _unlabelled(answer: str, spans: Sequence[Span]) -> str:
    """``answer`` with the list label that opens each sentence blanked ("2. ", "(b) "),
    or ``answer`` itself when no sentence has one."""
    labels = [(s.start, label_length(answer[s.start : s.end])) for s in spans]
    labels = [(start, n) for start, n in labels if n]
    if not labels:
        return answer
    parts, at = [], 0
    for start, n in labels:
        parts += [answer[at:start], " " * n]
        at = start + n
    parts.append(answer[at:])
    return "".join(parts)


def _unquoted(
    answer: str, spans: tuple[Span, ...], sentence: Span, matches: Sequence[Match]
) -> tuple[Span, ...]:
    """``spans`` less the words the sentence quotes: a reviewer shown a quote of the
    source with its words underlined as unsupported is told two things at once ("The
    Tenant shall maintain the roof" against "Landlord shall maintain the roof": the
    conflict is "Tenant", the rest is the source's own words)."""
    quoted = [
        (m.start, m.end) for m in matches if m.start < sentence.end and sentence.start < m.end
    ]
    out: list[Span] = []
    for found in spans:
        for a, b in uncovered(found.start, found.end, quoted):
            words = _words_of(answer, Span(a, b))
            if words is not None:
                out.append(words)
    return tuple(out)


def _joined(answer: str, spans: Sequence[Span]) -> tuple[Span, ...]:
    """``spans`` in order, those that overlap or stand apart by spaces alone joined (an
    edited quote's words beside the unsupported-word model's)."""
    out: list[Span] = []
    for found in sorted(spans):
        if out and (found.start <= out[-1].end or not answer[out[-1].end : found.start].strip()):
            out[-1] = Span(out[-1].start, max(out[-1].end, found.end))
        else:
            out.append(found)
    return tuple(out)


def _words_of(answer: str, span: Span) -> Span | None:
    """``span`` without the spaces and stops at its ends, if a word is left (a
    currency or percent sign, a bracket, stay with their number)."""
    a, b = span.start, span.end
    while a < b and (answer[a].isspace() or answer[a] in _STOPS):
        a += 1
    while b > a and (answer[b - 1].isspace() or answer[b - 1] in _STOPS):
        b -= 1
    return Span(a, b) if any(c.isalnum() for c in answer[a:b]) else None


_STOPS = frozenset(",;:.!?\"'“”‘’")


def _placed(facts: tuple[Fact, ...], offset: int) -> tuple[Fact, ...]:
    """Facts the support stage found in a sentence, in answer offsets like every other
    span of the report (a reviewer's highlight reads ``answer[start:end]``)."""
    if not offset:
        return facts
    return tuple(replace(f, start=f.start + offset, end=f.end + offset) for f in facts)


def _conflicts(index: SourceIndex, span: Span, support: Support) -> tuple[Conflict, ...]:
    """The support stage's fact conflicts in answer and parent-document offsets."""
    out = []
    for found in support.conflicts:
        passage = support.passages[found.passage]
        source = index.documents[passage.source_index]
        base = source.offset + passage.start
        out.append(
            Conflict(
                found.kind,
                found.claim.text,
                span.start + found.claim.start,
                span.start + found.claim.end,
                found.evidence.text,
                source.id,
                index.joined.input_position(
                    passage.source_index, base + found.evidence.start, base + found.evidence.end
                ),
                base + found.evidence.start,
                base + found.evidence.end,
                found.rule,
            )
        )
    return tuple(out)


def _outermost(
    quotes: list[Citation],
    matches: Sequence[Match],
    span: Span,
    per_quote: int,
    rank: Mapping[str, int],
) -> list[Citation]:
    """Quotes whose answer text is not inside a longer quote (the rest repeat it), and
    of the places one answer text is quoted from, ``per_quote`` of them.

    A templated contract repeats its clauses, and a sentence quoting one drew a
    citation of every repetition (hundreds), which buries the evidence a reviewer
    should open; the report's blocks still hold every occurrence. The places kept
    are spread over the sources: each source's first, then each one's second, ...
    """
    # Keyed by id and parent offsets, as a citation names them (its source_index is
    # a place in the list as given, a match's one in the joined documents).
    reach = {}
    for m in matches:
        if m.source_index is not None and m.start < span.end and m.end > span.start:
            reach[(m.source_id, m.source_start, m.source_end)] = (m.start, m.end)
    inside = _inside_another(set(reach.values()))
    by_text: dict[tuple[int, int], list[Citation]] = {}
    for quote in quotes:
        answer_range = reach[(quote.source_id, quote.source_start, quote.source_end)]
        if answer_range not in inside:
            by_text.setdefault(answer_range, []).append(quote)
    return [quote for places in by_text.values() for quote in _spread(places, rank)[:per_quote]]


def _spread(places: list[Citation], rank: Mapping[str, int]) -> list[Citation]:
    """``places`` in turns over their documents: every document's first place in the
    documents' order (``rank``), then every document's second, and so on. By document,
    not by chunk as given: the chunks of one document, cut and ordered however a
    retriever did, cite what the whole document cites."""
    places = sorted(places, key=lambda c: (rank[c.source_id], c.source_start, c.source_end))
    turn: dict[str, int] = {}
    ranked = []
    for place in places:
        turn[place.source_id] = turn.get(place.source_id, -1) + 1
        ranked.append((turn[place.source_id], rank[place.source_id], place.source_start, place))
    return [place for *_, place in sorted(ranked, key=lambda r: r[:3])]


def _inside_another(ranges: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The ranges another of them contains (so it is longer: they are distinct).

    Sorted by start, then longest first, a range lies inside another exactly when one
    before it reaches as far: one sweep, where testing each against all was quadratic in
    the quotes of a sentence (a sentence quoted from 700 places took a minute)."""
    inside = set()
    furthest = -1
    for start, end in sorted(ranges, key=lambda r: (r[0], -r[1])):
        if end <= furthest:
            inside.add((start, end))
        furthest = max(furthest, end)
    return inside


def _citations(
    index: SourceIndex,
    span: Span,
    support: Support,
    matches: Sequence[Match],
    config: Config,
    status: str = "supported",
) -> tuple[Citation, ...]:
    """Verbatim citations for quotes inside the sentence, paraphrase ones for the rest.

    When quotes make up nearly all of the sentence, a passage that merely
    contains one of them is not repeated as a paraphrase: the quote says more.
    Ranking: score, then source order, then earlier position, then longer evidence.
    """
    length = max(span.end - span.start, 1)
    citations: dict[tuple[str, int, int, int], Citation] = {}
    for m in matches:
        start, end = max(m.start, span.start), min(m.end, span.end)
        if start >= end or m.source_index is None or m.source_start is None:
            continue
        assert m.source_end is not None
        source = index.documents[m.source_index]
        key = ("verbatim", m.source_index, m.source_start, m.source_end)
        score = round((end - start) / length, 6)
        previous = citations.get(key)
        if previous is None or previous.score < score:
            citations[key] = Citation(
                source.id,
                index.joined.input_position(m.source_index, m.source_start, m.source_end),
                "verbatim",
                m.source_start,
                m.source_end,
                source.text[m.source_start - source.offset : m.source_end - source.offset],
                score,
            )
    rank = index.document_ranks
    quoted = _outermost(list(citations.values()), matches, span, config.max_citations, rank)
    fully_quoted = support.features["verbatim"] >= QUOTED
    # A sentence judged (partly) supported shows what supports it: when no passage
    # alone reaches min_citation_score, the cover passages, which together do.
    together = status in ("supported", "partial") and not any(
        p.score >= config.min_citation_score for p in support.passages
    )
    # A passage the sentence contradicts is cited whatever its score, so that the
    # reviewer sees the evidence (in lexical mode "Rent is $3,000." against "Monthly rent
    # is $2,400" had the conflict and no citation).
    contradicted = {found.passage for found in support.conflicts}
    for n, passage in enumerate(support.passages):
        if status == "no_claim":
            break  # nothing claimed, so nothing to support: quotes only
        low = passage.score < config.min_citation_score
        if low and not together and n not in contradicted:
            continue
        source = index.documents[passage.source_index]
        start, end = source.offset + passage.start, source.offset + passage.end
        if fully_quoted and any(
            q.source_id == source.id and start <= q.source_start and q.source_end <= end
            for q in quoted
        ):
            continue
        key = ("paraphrase", passage.source_index, start, end)
        citations[key] = Citation(
            source.id,
            index.joined.input_position(passage.source_index, start, end),
            "paraphrase",
            start,
            end,
            source.text[passage.start : passage.end],
            round(passage.score, 6),
        )
    # By identity: quoted holds citations' own objects, and no two of those are equal
    # (each has its own key), so this is ``c in quoted`` without comparing fields.
    outermost = {id(c) for c in quoted}
    kept = [c for c in citations.values() if c.kind == "paraphrase" or id(c) in outermost]
    # ties in the documents' order, then by place (for a list without repeated ids, the
    # sources' order as given)
    ranked = sorted(
        kept,
        key=lambda c: (
            -c.score,
            rank[c.source_id],
            c.source_start,
            -(c.source_end - c.source_start),
        ),
    )
    top = ranked[: max(config.max_citations, len(quoted))]
    # Every quote drawn in the sentence keeps a citation, after the best ones: "There are
    # several ways" was drawn as a quote while three paraphrase passages outranked its
    # citation, so the reviewer had no place to open for it.
    shown = {id(c) for c in top}
    return tuple([*top, *(c for c in ranked if id(c) in outermost and id(c) not in shown)])
