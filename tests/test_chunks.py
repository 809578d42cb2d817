"""Chunks of one parent document, as a RAG retriever returns them, read as the parent.

Chunks that touch (``chunk_overlap=0``) or overlap (LangChain's and LlamaIndex's
default) are joined into the run of the parent they cover (``citemark.chunks``): a
sentence across a cut is cited once, with the parent's offsets, as if the whole
document had been given; a citation's ``source_index`` names a chunk that holds its
evidence (its start, where no one chunk holds all of it). Touching chunks matched apart
would cut evidence inside a word and leave a quoted sentence `partial`.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citemark import InputError, Report, Source, SourceIndex, align, find_matches, tag
from citemark.chunks import join_chunks
from citemark.config import load_config

LEXICAL = load_config("lexical")
EXAMPLE = json.loads(resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8"))
ANSWER: str = EXAMPLE["answer"]
SOURCES: list[dict[str, str]] = EXAMPLE["sources"]
LEASE: str = SOURCES[0]["text"]


def _seen(report: Report) -> list[Any]:
    """Everything a report says but which input chunk a citation names."""
    out = []
    for s in report.sentences:
        out.append(
            (
                s.start,
                s.end,
                s.status,
                s.score,
                [
                    (c.source_id, c.kind, c.source_start, c.source_end, c.evidence, c.score)
                    for c in s.citations
                ],
                [(c.kind, c.start, c.end, c.source_start, c.source_end) for c in s.conflicts],
                [(u.start, u.end) for u in s.unsupported_spans],
            )
        )
    return out


def _chunked(text: str, cuts: list[int], overlap: int, doc_id: str = "lease") -> list[Any]:
    """LangChain-shaped chunks of ``text`` cut at ``cuts``, each reaching ``overlap``
    characters back into the one before it."""
    bounds = [0, *cuts, len(text)]
    out = []
    for a, b in pairwise(bounds):
        start = max(a - overlap, 0)
        out.append(
            {"page_content": text[start:b], "metadata": {"source": doc_id, "start_index": start}}
        )
    return out


def _holds(chunk: Any, start: int) -> bool:
    offset = chunk["metadata"]["start_index"] if "metadata" in chunk else chunk.get("offset", 0)
    text = chunk.get("page_content") or chunk["text"]
    return offset <= start < offset + len(text)


def test_a_sentence_across_a_cut_is_cited_as_in_the_whole_document() -> None:
    """The cut inside "Central": the citation is one piece, never two with one starting
    'tral opened'."""
    parent = "Intro. The Café Central opened in 1998 and serves espresso every morning. It closed."
    answer = "The Café Central opened in 1998 and serves espresso every morning."
    cut = parent.index("Central") + 3
    chunks = [
        {"id": "P", "text": parent[:cut], "offset": 0},
        {"id": "P", "text": parent[cut:], "offset": cut},
    ]
    for config in (LEXICAL, "default"):
        whole = align(answer, [{"id": "P", "text": parent}], config=config)
        cut_up = align(answer, chunks, config=config)
        assert _seen(cut_up) == _seen(whole)
        (citation,) = cut_up.sentences[0].citations
        assert citation.evidence == parent[citation.source_start : citation.source_end]
        assert citation.evidence.startswith("The Café Central")
        assert citation.source_index == 0  # the chunk its evidence starts in
        assert cut_up.sentences[0].status == "supported"


def test_overlapping_splitter_chunks_in_any_order_read_as_the_parent() -> None:
    """LangChain's RecursiveCharacterTextSplitter keeps ``chunk_overlap`` characters of
    each chunk in the next and writes ``start_index``; a retriever returns them in its
    own order, beside other documents."""
    chunks = _chunked(LEASE, [150, 330, 500, 640], overlap=60)
    given = [SOURCES[2], *reversed(chunks), SOURCES[1]]
    whole = align(ANSWER, [SOURCES[2], SOURCES[0], SOURCES[1]], config=LEXICAL)
    report = align(ANSWER, given, config=LEXICAL)
    assert _seen(report) == _seen(whole)
    cited = [c for s in report.sentences for c in s.citations]
    assert {c.source_id for c in cited} >= {"lease"}
    for c in cited:
        assert _holds(given[c.source_index], c.source_start), c
        holder = given[c.source_index]
        if c.source_id == "lease" and any(
            _holds(g, c.source_start) and _holds(g, c.source_end - 1) for g in chunks
        ):
            assert _holds(holder, c.source_end - 1), c  # a chunk holding all of it
    assert tag(ANSWER, given) == tag(ANSWER, SOURCES)


@settings(max_examples=40, deadline=None)
@given(
    cuts=st.lists(st.integers(1, len(LEASE) - 1), max_size=6, unique=True),
    overlap=st.integers(0, 40),
    seed=st.integers(0, 2**16),
)
def test_any_chunking_of_the_parent_gives_the_parent_s_report(
    cuts: list[int], overlap: int, seed: int
) -> None:
    chunks = _chunked(LEASE, sorted(cuts), overlap)
    random.Random(seed).shuffle(chunks)
    given = [*chunks, *SOURCES[1:]]
    report = align(ANSWER, given, config=LEXICAL)
    assert _seen(report) == _seen(align(ANSWER, SOURCES, config=LEXICAL))
    for s in report.sentences:
        for c in s.citations:
            assert _holds(given[c.source_index], c.source_start)
    matches = find_matches(ANSWER, given)
    whole = find_matches(ANSWER, SOURCES)
    assert [m._replace(source_index=None) for m in matches] == [
        m._replace(source_index=None) for m in whole
    ]
    assert all(_holds(given[m.source_index], m.source_start) for m in matches)


def test_chunks_with_a_gap_stay_apart() -> None:
    """What a gap held is not known (a splitter strips the whitespace it cut at), so the
    chunks on either side are not joined: no evidence runs across it."""
    cut = LEASE.index("The Tenant shall pay")
    chunks = [
        {"id": "lease", "text": LEASE[: cut - 1], "offset": 0},
        {"id": "lease", "text": LEASE[cut:], "offset": cut},
    ]
    joined = join_chunks([Source(c["id"], c["text"], c["offset"]) for c in chunks])
    assert [d.offset for d in joined.documents] == [0, cut]
    report = align(ANSWER, chunks, config=LEXICAL)
    for s in report.sentences:
        for c in s.citations:
            assert not (c.source_start < cut - 1 and c.source_end > cut - 1)
            assert LEASE[c.source_start : c.source_end] == c.evidence


def test_chunks_that_disagree_where_they_overlap_are_refused() -> None:
    """Two texts claiming one place of a document are two documents under one id."""
    with pytest.raises(InputError) as refused:
        align(
            "Rent.",
            [
                {"id": "x", "text": "hello world", "offset": 0},
                {"id": "x", "text": "worms peace", "offset": 6},
            ],
            config=LEXICAL,
        )
    message = str(refused.value)
    assert "duplicate source id 'x'" in message
    assert "sources 0 and 1" in message and "characters 0-11 and 6-17" in message
    assert "differ" in message
    with pytest.raises(InputError, match=r"duplicate source id 'lease'.*differ.*distinct ids"):
        tag("Rent.", [{"id": "lease", "text": LEASE}, {"id": "lease", "text": "another"}])


def test_the_same_chunk_twice_is_one_document() -> None:
    twice = align(ANSWER, [SOURCES[0], SOURCES[0]], config=LEXICAL)
    assert _seen(twice) == _seen(align(ANSWER, SOURCES[:1], config=LEXICAL))
    assert all(c.source_index == 0 for s in twice.sentences for c in s.citations)


def test_a_list_without_repeated_ids_is_read_as_given() -> None:
    sources = [Source(s["id"], s["text"]) for s in SOURCES]
    joined = join_chunks(sources)
    assert list(joined.documents) == sources
    assert all(d is s for d, s in zip(joined.documents, sources, strict=True))
    index = SourceIndex(SOURCES, LEXICAL)
    assert index.documents == tuple(index.sources)


def test_an_index_keeps_the_chunks_as_given() -> None:
    """``SourceIndex.sources`` is the list as given (what ``source_index`` counts in);
    ``documents`` is what matching reads."""
    chunks = _chunked(LEASE, [300], overlap=25)
    index = SourceIndex(chunks, LEXICAL)
    assert [s.offset for s in index.sources] == [0, 275]
    assert [(d.id, d.offset, d.text) for d in index.documents] == [("lease", 0, LEASE)]
    again = align(ANSWER, None, index=index)
    assert _seen(again) == _seen(align(ANSWER, chunks, config=LEXICAL))


def _plainly(joined: Any, document: int, start: int, end: int) -> int:
    """The rule of ``Joined.input_position`` read off every piece."""
    pieces = joined.pieces[document]
    if not pieces:
        return joined.positions[document]
    holding = [p.position for p in pieces if p.start <= start and end <= p.end]
    opening = [p.position for p in pieces if p.start <= start < p.end]
    return min(holding or opening or [pieces[0].position])


@settings(max_examples=300, deadline=None)
@given(
    ranges=st.lists(st.tuples(st.integers(0, 60), st.integers(1, 30)), min_size=1, max_size=12),
    places=st.lists(st.tuples(st.integers(0, 90), st.integers(1, 20)), min_size=1, max_size=10),
)
def test_naming_a_chunk_reads_as_its_rule(
    ranges: list[tuple[int, int]], places: list[tuple[int, int]]
) -> None:
    parent = "".join(chr(ord("a") + k % 26) for k in range(100))
    chunks = [Source("d", parent[a : a + n], a) for a, n in ranges]
    joined = join_chunks(chunks)
    for document, doc in enumerate(joined.documents):
        assert doc.text == parent[doc.offset : doc.offset + len(doc.text)]
        for start, n in places:
            if doc.offset <= start < doc.offset + len(doc.text):
                end = min(start + n, doc.offset + len(doc.text))
                fast = joined.input_position(document, start, end)
                assert fast == _plainly(joined, document, start, end)
                assert chunks[fast].offset <= start < chunks[fast].offset + len(chunks[fast].text)


def test_a_quote_repeated_in_the_parent_cites_the_same_places_however_chunked() -> None:
    """Places of a repeated quote are spread over documents, in the parent's order, not
    over the chunks as given (where the whole parent would cite its first three and the
    chunks, in order or reversed, others)."""
    clause = "The Supplier shall deliver the Goods to the Buyer at the agreed place."
    parent = " ".join(f"Section {k}. {clause}" for k in range(1, 7))
    answer = clause
    cuts = [parent.index("Section 3"), parent.index("Section 5")]
    chunks = _chunked(parent, cuts, overlap=0, doc_id="supply")
    whole = align(answer, [{"id": "supply", "text": parent}], config=LEXICAL)
    places = [(c.source_start, c.source_end) for c in whole.sentences[0].citations]
    assert len(places) == 3
    for order in (chunks, chunks[::-1], [chunks[2], chunks[0], chunks[1]]):
        report = align(answer, order, config=LEXICAL)
        assert [(c.source_start, c.source_end) for c in report.sentences[0].citations] == places
