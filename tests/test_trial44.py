"""What the eighth trial (a platform engineer deploying ``citemark serve``) found.

Each test fails on the code before its fix unless it says it is a guard.
"""

from __future__ import annotations

import math
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import citemark.segment as segment_module
from citemark import ConfigError, align, load_config
from citemark.deadline import Deadline, DeadlineExceeded
from citemark.render import Note, _checked_notes, _noted
from citemark.server import Settings, create_app
from citemark.server.engine import Engine
from citemark.tokens import shift, slice_tokens, span_tokens, tokenize
from citemark.types import Span, uncovered

LEXICAL = load_config("lexical")
RENT = [{"id": "lease", "text": "Rent is due on the first day of each month."}]


# --------------------------------------------------------------------------- a word cut in two


@pytest.mark.parametrize("answer", ["x" * 150_000, "ab" * 20_000 + " and more " + "ab" * 60_000])
def test_the_tail_of_a_word_cut_at_the_piece_limit_is_unsupported(answer: str) -> None:
    """A sentence longer than the segmenter's piece is cut inside its word; the second
    side had no words of its own and was judged supported, with no citation."""
    report = align(answer, RENT, config=LEXICAL)
    assert len(report.sentences) == 2
    assert [s.status for s in report.sentences] == ["unsupported", "unsupported"]


_PLAIN = st.text(alphabet="ab .,'-\n7", max_size=60)


@given(_PLAIN, st.integers(0, 60), st.integers(0, 60))
def test_span_tokens_are_the_tokens_of_the_span_s_own_text(text: str, a: int, b: int) -> None:
    """Guard (holds before and after): on plain text, the words a sentence is read by
    are those of its own text, whether or not a word crosses its edges; where none
    does, they are the whole text's, sliced."""
    start, end = sorted((min(a, len(text)), min(b, len(text))))
    span = Span(start, end)
    whole = tokenize(text)
    assert span_tokens(text, whole, span) == shift(tokenize(text[start:end]), start)
    pairs = zip(whole.starts, whole.ends, strict=True)
    if not any(s < start < e or s < end < e for s, e in pairs):
        assert span_tokens(text, whole, span) == slice_tokens(whole, span)


# --------------------------------------------------------------------------- notes in linear time


def _reference_checked_notes(notes: Sequence[Note]) -> list[Note]:
    """The plain sweep the page used: each note cut against every note kept so far."""
    kept: list[Note] = []
    for note in sorted(notes, key=lambda n: (n.kind != "conflict", n.start, n.end)):
        pieces = uncovered(note.start, note.end, [(k.start, k.end) for k in kept])
        if note.kind == "conflict":
            kept.extend([note] if pieces == [(note.start, note.end)] else [])
        else:
            kept.extend(Note(a, b, note.kind, note.title) for a, b in pieces)
    return sorted(kept)


_NOTE = st.builds(
    lambda a, n, kind, title: Note(a, a + n, kind, title),
    st.integers(0, 40),
    st.integers(0, 8),
    st.sampled_from(["unsupported", "conflict"]),
    st.sampled_from(["", "source S1 says “2”"]),
)


@given(st.lists(_NOTE, max_size=25), st.integers(0, 48), st.integers(0, 48))
def test_notes_are_kept_and_drawn_as_the_plain_sweep_does(
    notes: list[Note], a: int, b: int
) -> None:
    """Guard (holds before and after): the bisecting note code equals the plain sweep
    (which made a long answer's page quadratic: 9 s for 6,500 notes)."""
    kept = _checked_notes(notes)
    assert kept == _reference_checked_notes(notes)
    text = "The tenant  pays 2 dollars on the 5th;\nthe landlord pays\u00a0all. "
    start, end = sorted((a, b))
    ends = [n.end for n in kept]
    # with every end out of reach, the bisection starts at the first note: every note
    # is visited, as the plain rendering visited them
    every = [math.inf] * len(kept)
    assert _noted(text, start, end, kept, ends) == _noted(text, start, end, kept, every)


_STAGES: list[str] = []


class _RecordingDeadline(Deadline):
    """A deadline far away that notes where the clock was read."""

    def check(self, stage: str) -> None:
        _STAGES.append(stage)
        super().check(stage)


def test_tag_reads_the_clock_after_rendering() -> None:
    """/v1/tag answered 200 six seconds past --max-seconds: the page was drawn after the
    last look at the clock."""
    _STAGES.clear()
    engine = Engine(Settings(config="lexical", warm_up=False))
    deadline = _RecordingDeadline(time.monotonic() + 600, 600)
    engine.tag("Rent is due on the first day.", RENT, LEXICAL, deadline=deadline)
    assert "rendering the HTML" in _STAGES
    assert _STAGES[-1] == "rendering the HTML"


# --------------------------------------------------------------------------- a bounded vocabulary


def test_the_segmenter_s_vocabulary_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """spaCy's vocabulary kept every new word (case numbers, amounts): a server's memory
    grew without end. Past the limit the pipeline is built afresh, spans unchanged."""
    texts = [f"See Smith{n} v. Jones{n}, No. {n * 7919}x. Inv. {n}q was paid." for n in range(300)]
    reference = segment_module.Segmenter()
    base = len(reference._nlp.vocab.strings)
    expected = [reference(t) for t in texts]
    assert len(reference._nlp.vocab.strings) > base + 400  # it grows, left alone
    monkeypatch.setattr(segment_module, "VOCAB_LIMIT", base + 100)
    segmenter = segment_module.Segmenter()
    sizes = []
    for text, spans in zip(texts, expected, strict=True):
        assert segmenter(text) == spans
        sizes.append(len(segmenter._nlp.vocab.strings))
    assert max(sizes) <= base + 100


# --------------------------------------------------------------------------- the service


def test_a_key_that_headers_cannot_carry_is_refused() -> None:
    """A key such as "clé-123" was accepted, then matched only latin-1 clients."""
    for key in ("clé-123", "two words", "tab\tkey", ""):
        with pytest.raises(ConfigError, match="printable ASCII"):
            Settings(api_key=key)
    assert Settings(api_key="s3cret-Key_1!").api_key == "s3cret-Key_1!"  # guard


def test_serve_refuses_a_non_ascii_key_in_one_line(cli: Any) -> None:
    result = cli("serve", "--port", "0", "--api-key", "clé-123", timeout=60)
    assert result.returncode == 2
    assert "printable ASCII" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def lexical_client() -> Any:
    from fastapi.testclient import TestClient

    with TestClient(create_app(Settings(config="lexical"))) as client:
        yield client


def test_health_answers_head_and_readiness_is_its_own_route(lexical_client: Any) -> None:
    """Probes sent with HEAD got 405; /healthz said 200 while the model was loading."""
    assert lexical_client.head("/healthz").status_code == 200
    assert lexical_client.head("/readyz").status_code == 200
    ready = lexical_client.get("/readyz")
    # "ready" where an earlier test of this process loaded the model: the state is the
    # process's, and a lexical preset is ready either way
    assert ready.status_code == 200 and ready.json()["model"] in ("not used", "ready")
    spec = lexical_client.get("/openapi.json").json()
    assert "503" in spec["paths"]["/readyz"]["get"]["responses"]


def test_readyz_is_503_until_the_model_is_loaded() -> None:
    """In a fresh process (the model is loaded once per process): a server made without
    warm-up is live but not ready, and ready once a request has loaded the model."""
    script = (
        "from fastapi.testclient import TestClient\n"
        "from citemark.server import Settings, create_app\n"
        "c = TestClient(create_app(Settings(warm_up=False)))\n"
        "print(c.get('/healthz').status_code, c.get('/readyz').status_code,"
        " c.get('/readyz').json()['model'])\n"
        "c.post('/v1/align', json={'answer': 'Rent is due.', 'sources': "
        "[{'id': 'a', 'text': 'Rent is due.'}]})\n"
        "print(c.get('/readyz').status_code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["200", "503", "loading", "200"]


def test_a_field_of_another_request_is_named_as_such(lexical_client: Any) -> None:
    """ "fail_on: unknown field (did you mean 'fail_on'?)" told nothing."""
    body = {"answer": "Rent.", "sources": {"S1": ["rent"]}, "fail_on": ["unsupported"]}
    error = lexical_client.post("/v1/tag", json=body).json()["error"]
    assert error == "fail_on: unknown field here (it is read by /v1/align only)"
    typo = lexical_client.post("/v1/tag", json={**body, "fail_on": None, "anwser": "x"})
    assert "did you mean 'answer'?" in typo.json()["error"]  # guard: a typo still gets one


def test_the_stream_promises_no_415_it_never_sends(lexical_client: Any) -> None:
    """The schema listed 415 for /v1/stream, which reads any body whatever its label."""
    responses = lexical_client.get("/openapi.json").json()["paths"]["/v1/stream"]["post"]
    assert "415" not in responses["responses"]
    assert (
        "415"
        in lexical_client.get("/openapi.json").json()["paths"]["/v1/align"]["post"]["responses"]
    )  # guard


def test_sigterm_ends_the_server_though_a_stream_client_is_idle(
    start_server: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    """With a stream client that sent its first lines and went quiet, the server stopped
    listening on SIGTERM but never exited."""
    args = ["--config", str(lexical_preset), "--shutdown-seconds", "2"]
    with start_server(tmp_path, args) as server:
        host, port = server.url.removeprefix("http://").split(":")
        client = socket.create_connection((host, int(port)), timeout=10)
        try:
            lines = b'{"sources": [{"id": "a", "text": "Rent is due."}]}\n{"text": "Rent "}\n'
            client.sendall(
                b"POST /v1/stream HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                b"Content-Type: application/x-ndjson\r\n\r\n"
                + f"{len(lines):x}\r\n".encode()
                + lines
                + b"\r\n"
            )
            time.sleep(1.0)
            assert httpx.get(f"{server.url}/healthz", timeout=5).status_code == 200
            server.process.send_signal(signal.SIGTERM)
            started = time.monotonic()
            server.process.wait(timeout=30)
            assert time.monotonic() - started < 20
        finally:
            client.close()


def test_a_request_waits_for_a_free_worker_within_its_budget() -> None:
    """A burst of twelve heavy requests shared the interpreter twelve ways and all twelve
    ran out of time; now at most ``max_concurrent`` align at once, and one that cannot
    start within its budget is refused without doing any work."""
    engine = Engine(Settings(config="lexical", warm_up=False, max_concurrent=1))
    with engine._worker(None):  # the one place, taken (as by a request in flight)
        started = time.monotonic()
        with pytest.raises(DeadlineExceeded, match="waiting for a free worker"):
            engine.align("Rent is due.", RENT, LEXICAL, deadline=Deadline.after(0.3))
        assert time.monotonic() - started < 10
    report = engine.align("Rent is due.", RENT, LEXICAL, deadline=Deadline.after(60))
    assert report.sentences[0].status == "supported"  # the place is free again
    with pytest.raises(ConfigError, match="max_concurrent"):
        Settings(max_concurrent=0)


STATIC = Path(__file__).parents[1] / "src" / "citemark" / "server" / "static"


def test_the_review_page_links_relatively() -> None:
    """The page's /static/... and /v1/... links broke under a gateway's path prefix."""
    for name in ("index.html", "review.js"):
        text = (STATIC / name).read_text("utf-8")
        assert not re.search(r"""["'`]/(?:static|v1)/""", text), name
    assert 'api("v1/align"' in (STATIC / "review.js").read_text("utf-8")  # guard


def test_serve_under_a_root_path(start_server: Any, tmp_path: Path, lexical_preset: Path) -> None:
    """``--root-path`` puts the gateway's prefix in the API's document; the routes stay
    where a prefix-stripping gateway sends them."""
    args = ["--config", str(lexical_preset), "--root-path", "/citemark/"]
    with start_server(tmp_path, args) as server:
        spec = httpx.get(f"{server.url}/openapi.json", timeout=10).json()
        assert spec["servers"] == [{"url": "/citemark"}]
        assert httpx.get(f"{server.url}/v1/presets", timeout=10).status_code == 200


def test_a_root_path_that_is_no_path_is_refused(cli: Any) -> None:
    result = cli("serve", "--port", "0", "--root-path", "citemark", timeout=60)
    assert result.returncode == 2
    assert "--root-path" in result.stderr and "Traceback" not in result.stderr
