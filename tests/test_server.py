"""The HTTP API against a real ``citemark serve`` process on a local port.

One server for the module: a lexical copy of the default preset (no model to
wait for), an API key from the environment, and a small body limit so that the
413 tests stay cheap. The one test that needs the real model asks for the
``default`` preset per request.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import h11
import httpx
import pytest

from citemark import ConfigError, align, load_config
from citemark.deadline import Deadline, DeadlineExceeded
from citemark.server import Settings, create_app
from citemark.server.engine import Engine
from citemark.server.middleware import route_path

KEY = "test-key-0123456789"
LIMIT = 200_000


@pytest.fixture(scope="module")
def server(start_server: Any, lexical_preset: Path, tmp_path_factory: pytest.TempPathFactory):
    args = ["--config", str(lexical_preset), "--max-request-bytes", str(LIMIT)]
    with start_server(
        tmp_path_factory.mktemp("api"), args, env={"CITEMARK_API_KEY": KEY}
    ) as running:
        yield running


@pytest.fixture(scope="module")
def client(server: Any) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


@pytest.fixture(scope="module")
def aligned(client: httpx.Client, example: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/v1/align", json={"answer": example["answer"], "sources": example["sources"]}
    )
    assert response.status_code == 200, response.text
    return response.json()


# --------------------------------------------------------------------------- service


def test_healthz_needs_no_key_and_says_what_runs(server: Any) -> None:
    response = httpx.get(f"{server.url}/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "version": response.json()["version"],
        "config": "lexical-test",
        "mode": "lexical",
        "model": "not used",
    }


def test_openapi_documents_every_endpoint_with_examples(server: Any) -> None:
    spec = httpx.get(f"{server.url}/openapi.json").json()
    assert {"/v1/align", "/v1/tag", "/v1/stream", "/healthz", "/v1/example"} <= set(spec["paths"])
    request = spec["components"]["schemas"]["AlignRequest"]
    assert request["examples"] and request["properties"]["answer"]["description"]
    stream = spec["paths"]["/v1/stream"]["post"]
    assert "application/x-ndjson" in stream["requestBody"]["content"]
    # only that: the schema promises no application/json 200, which it never sends
    assert list(stream["responses"]["200"]["content"]) == ["text/event-stream"]
    assert spec["paths"]["/v1/align"]["post"]["security"]
    assert httpx.get(f"{server.url}/docs").status_code == 200


def test_example_and_presets(client: httpx.Client, example: dict[str, Any]) -> None:
    assert client.get("/v1/example").json()["answer"] == example["answer"]
    presets = client.get("/v1/presets").json()
    assert presets["default"] == "lexical-test"
    assert {"default", "legal-strict"} <= set(presets["presets"])


# --------------------------------------------------------------------------- auth, limits


@pytest.mark.parametrize(
    "headers",
    [{}, {"X-API-Key": "wrong"}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY}],
    ids=["none", "wrong key", "wrong bearer", "no scheme"],
)
def test_v1_without_the_key_is_401(
    server: Any, example: dict[str, Any], headers: dict[str, str]
) -> None:
    for method, path in [("POST", "/v1/align"), ("POST", "/v1/tag"), ("GET", "/v1/example")]:
        body = {"answer": example["answer"], "sources": example["sources"]}
        response = httpx.request(method, f"{server.url}{path}", headers=headers, json=body)
        assert response.status_code == 401, (path, response.text)
        assert "API key" in response.json()["error"]
    # The key is checked before the body is even parsed.
    response = httpx.post(f"{server.url}/v1/align", content=b"{not json", headers=headers)
    assert response.status_code == 401


def test_v1_with_the_key_as_header_or_bearer(server: Any, example: dict[str, Any]) -> None:
    body = {"answer": "Rent is $2,400.", "sources": example["sources"]}
    for headers in ({"X-API-Key": KEY}, {"Authorization": f"Bearer {KEY}"}):
        # The first align may wait for the warm-up on a loaded machine: more than
        # httpx's default 5 s.
        response = httpx.post(f"{server.url}/v1/align", json=body, headers=headers, timeout=60)
        assert response.status_code == 200, response.text


def test_body_over_the_limit_is_413(client: httpx.Client) -> None:
    big = {"answer": "The rent is due. " * (LIMIT // 10), "sources": []}
    response = client.post("/v1/align", json=big)
    assert response.status_code == 413
    assert "limit" in response.json()["error"]

    def chunked() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        payload = json.dumps(big).encode()
        for i in range(0, len(payload), 16_384):
            yield payload[i : i + 16_384]

    response = client.post(
        "/v1/align", content=chunked(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413
    assert "limit" in response.json()["error"]


# A body far past the limit and past what the socket buffers hold, so that a server
# that answered without reading it would reset the connection under the client.
OVERSIZED = 16_000_000


def _oversized_body() -> bytes:
    answer = "The rent is due. " * (OVERSIZED // 17)
    return json.dumps({"answer": answer, "sources": []}).encode()


def _urllib_post(url: str, data: bytes | Iterator[bytes], headers: dict[str, str]) -> Any:
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _pieces(payload: bytes, size: int = 65_536) -> Iterator[bytes]:
    for i in range(0, len(payload), size):
        yield payload[i : i + size]


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_oversized_body_is_a_readable_413_for_urllib(server: Any, chunked: bool) -> None:
    """urllib writes the whole body before it reads: it must read a 413, not a reset."""
    payload = _oversized_body()
    headers = {"Content-Type": "application/json", "X-API-Key": KEY}
    data: bytes | Iterator[bytes] = _pieces(payload) if chunked else payload
    if chunked:
        headers["Transfer-Encoding"] = "chunked"
    status, body = _urllib_post(f"{server.url}/v1/align", data, headers)
    assert status == 413
    assert "limit" in json.loads(body)["error"]
    # The server is fine afterwards.
    assert httpx.get(f"{server.url}/healthz", timeout=5).status_code == 200


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_oversized_body_is_a_readable_413_for_httpx(client: httpx.Client, chunked: bool) -> None:
    payload = _oversized_body()
    content: bytes | Iterator[bytes] = _pieces(payload) if chunked else payload
    response = client.post(
        "/v1/align", content=content, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413
    assert "limit" in response.json()["error"]


def test_oversized_body_with_expect_continue_is_refused_unread(server: Any) -> None:
    """A client that waits for 100 Continue gets the 413 without sending its body."""
    with socket.create_connection(("127.0.0.1", int(server.url.rsplit(":", 1)[1]))) as sock:
        sock.sendall(
            b"POST /v1/align HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"X-API-Key: " + KEY.encode() + b"\r\nExpect: 100-continue\r\n"
            b"Content-Length: " + str(OVERSIZED).encode() + b"\r\n\r\n"
        )
        sock.settimeout(10)
        answer = sock.recv(65_536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_no_cors_headers_by_default(client: httpx.Client, example: dict[str, Any]) -> None:
    origin = {"Origin": "https://elsewhere.example"}
    body = {"answer": "Rent is $2,400.", "sources": example["sources"]}
    response = client.post("/v1/align", json=body, headers=origin)
    assert response.status_code == 200
    assert not any(k.lower().startswith("access-control-") for k in response.headers)
    preflight = client.options(
        "/v1/align", headers={**origin, "Access-Control-Request-Method": "POST"}
    )
    assert "access-control-allow-origin" not in preflight.headers


# --------------------------------------------------------------------------- align, tag


def test_align_returns_the_report(
    aligned: dict[str, Any], example: dict[str, Any], lexical_preset: Path
) -> None:
    expected = align(example["answer"], example["sources"], config=load_config(lexical_preset))
    assert aligned == json.loads(json.dumps(expected.to_dict()))
    statuses = [s["status"] for s in aligned["sentences"]]
    assert statuses[0] == "supported" and statuses[-1] == "unsupported"
    kinds = {(c["kind"], c["source_id"]) for c in aligned["sentences"][0]["citations"]}
    assert ("verbatim", "lease") in kinds
    for sentence in aligned["sentences"]:
        for c in sentence["citations"]:
            source = example["sources"][c["source_index"]]
            assert source["id"] == c["source_id"]
            assert source["text"][c["source_start"] : c["source_end"]] == c["evidence"]
    last = aligned["sentences"][-1]
    assert last["citations"] == [] and last["missing_facts"][0]["text"] == "Delaware"


def test_align_with_a_named_preset(client: httpx.Client, example: dict[str, Any]) -> None:
    body = {"answer": example["answer"], "sources": example["sources"], "config": "legal-strict"}
    body["mode"] = "lexical"
    report = client.post("/v1/align", json=body).json()
    assert report["config"] == "legal-strict" and report["mode"] == "lexical"


def test_tag_phrase_mode(client: httpx.Client, example: dict[str, Any]) -> None:
    response = client.post(
        "/v1/tag", json={"answer": example["answer"], "sources": example["phrases"]}
    )
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["mode"] == "phrase"
    assert '<cite ids="lease">monthly rent of $2,400</cite>' in data["tagged"]
    assert all(s["kind"] == "verbatim" for s in data["spans"])
    answer = example["answer"]
    first = data["spans"][0]
    assert answer[first["start"] : first["end"]] == "monthly rent of $2,400"
    assert 0 < data["coverage"] < 1


def test_tag_document_mode(
    client: httpx.Client, example: dict[str, Any], aligned: dict[str, Any]
) -> None:
    answer = example["answer"] + " <b>bold</b>"
    response = client.post("/v1/tag", json={"answer": answer, "sources": example["sources"]})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["mode"] == "document"
    assert '<cite ids="lease">' in data["tagged"] and 'kind="paraphrase"' in data["tagged"]
    # Escaped, even where the unsupported-words mark cuts the text into pieces.
    assert "&lt;b&gt;" in data["html"] and "&lt;/b&gt;" in data["html"]
    assert "<b>" not in data["html"]
    assert data["spans"][: len(aligned["spans"])] == aligned["spans"]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (b"{not json", 422, "not valid JSON"),
        ({"answer": "Rent."}, 422, "sources"),
        ({"answer": "   \n", "sources": []}, 422, "answer is empty"),
        ({"answer": "Rent.", "sources": [{"id": "a", "txt": "x"}]}, 422, "sources.0.txt"),
        # Commas are legal in ids; a control character is not.
        ({"answer": "Rent.", "sources": [{"id": "a,\tb", "text": "x"}]}, 400, "control char"),
        ({"answer": "Rent.", "sources": [], "config": "no-such-preset"}, 400, "unknown preset"),
        ({"answer": "Rent.", "sources": [], "config": "../configs/default"}, 422, "config"),
        ({"answer": "Rent.", "sources": {"lease": "one string"}}, 422, "sources"),
    ],
    ids=["json", "missing", "empty", "field", "id", "preset", "path", "shape"],
)
def test_bad_input_is_a_json_error_naming_the_problem(
    client: httpx.Client, body: Any, status: int, message: str
) -> None:
    if isinstance(body, bytes):
        response = client.post(
            "/v1/align", content=body, headers={"Content-Type": "application/json"}
        )
    else:
        response = client.post("/v1/align", json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert message in response.json()["error"]


def test_healthz_answers_while_an_alignment_runs(
    server: Any, client: httpx.Client, example: dict[str, Any]
) -> None:
    # Every sentence made different (repeats are memoised): a few seconds of work.
    answer = _slow_answer(example, count=2_000, word="point")  # 160 KB, under LIMIT
    finished: list[float] = []

    def long_request() -> None:
        response = client.post("/v1/align", json={"answer": answer, "sources": example["sources"]})
        assert response.status_code == 200
        finished.append(time.monotonic())

    worker = threading.Thread(target=long_request)
    worker.start()
    time.sleep(0.3)
    started = time.monotonic()
    assert httpx.get(f"{server.url}/healthz", timeout=5).status_code == 200
    answered = time.monotonic()
    worker.join(timeout=120)
    assert finished, "the long alignment failed"
    assert answered < finished[0], "the alignment ended first: the test proves nothing"
    assert answered - started < 0.5


def test_concurrent_requests_agree(
    client: httpx.Client, example: dict[str, Any], aligned: dict[str, Any]
) -> None:
    """Requests share the cached index and run in the threadpool side by side."""
    short = {"answer": "Rent is $2,400 each month.", "sources": example["sources"]}
    full = {"answer": example["answer"], "sources": example["sources"]}
    with ThreadPoolExecutor(max_workers=6) as pool:
        responses = list(
            pool.map(lambda body: client.post("/v1/align", json=body), [full, short] * 4)
        )
    assert all(r.status_code == 200 for r in responses)
    assert all(r.json() == aligned for r in responses[::2])
    assert len({r.text for r in responses[1::2]}) == 1


# --------------------------------------------------------------------------- streaming


def ndjson(example: dict[str, Any], size: int = 9) -> Iterator[bytes]:
    yield (json.dumps({"sources": example["sources"]}) + "\n").encode()
    answer = example["answer"]
    for i in range(0, len(answer), size):
        yield (json.dumps({"text": answer[i : i + size]}) + "\n").encode()


def parse_events(raw: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for block in raw.strip().split("\n\n"):
        name, data = "message", None
        for line in block.split("\n"):
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
        events.append((name, data))
    return events


def test_stream_events_equal_align(
    client: httpx.Client, example: dict[str, Any], aligned: dict[str, Any]
) -> None:
    with client.stream("POST", "/v1/stream", content=ndjson(example)) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events = parse_events(response.read().decode())
    assert [name for name, _ in events] == ["message"] * len(aligned["sentences"]) + ["done"]
    assert [data for _, data in events[:-1]] == aligned["sentences"]
    done = events[-1][1]
    assert done["summary"] == aligned["summary"] and done["spans"] == aligned["spans"]


def test_first_event_arrives_before_the_body_is_finished(
    server: Any, example: dict[str, Any], aligned: dict[str, Any]
) -> None:
    """A raw HTTP/1.1 client that reads while it still writes (httpx writes the whole
    request body before it reads the response)."""
    chunks = list(ndjson(example))
    host, port = server.url.removeprefix("http://").split(":")
    connection = h11.Connection(h11.CLIENT)
    events: list[h11.Event] = []
    with socket.create_connection((host, int(port)), timeout=30) as sock:

        def send(event: h11.Event) -> None:
            sock.sendall(connection.send(event) or b"")

        def read_until(predicate: Any, timeout: float = 30) -> None:
            sock.settimeout(timeout)
            while not predicate():
                event = connection.next_event()
                if event is h11.NEED_DATA:
                    connection.receive_data(sock.recv(65_536))
                    continue
                events.append(event)

        def sentence_events() -> int:
            body = b"".join(bytes(e.data) for e in events if isinstance(e, h11.Data))
            return body.count(b"data: ")

        send(
            h11.Request(
                method="POST",
                target="/v1/stream",
                headers=[
                    ("Host", host),
                    ("X-API-Key", KEY),
                    ("Content-Type", "application/x-ndjson"),
                    ("Transfer-Encoding", "chunked"),
                ],
            )
        )
        first_sentence_end = example["answer"].index(". ") + 1
        sent = 0
        for chunk in chunks:  # the header and the answer up to well into sentence two
            send(h11.Data(data=chunk))
            if chunk.startswith(b'{"text"'):
                sent += len(json.loads(chunk)["text"])
            if sent > first_sentence_end + 20:
                break
        remaining = chunks[chunks.index(chunk) + 1 :]
        assert remaining, "the test must hold back part of the body"
        read_until(lambda: sentence_events() >= 1)
        first = json.loads(
            b"".join(bytes(e.data) for e in events if isinstance(e, h11.Data))
            .split(b"data: ")[1]
            .split(b"\n")[0]
        )
        assert first == aligned["sentences"][0]
        for chunk in remaining:
            send(h11.Data(data=chunk))
        send(h11.EndOfMessage())
        read_until(lambda: any(isinstance(e, h11.EndOfMessage) for e in events))
    status = next(e for e in events if isinstance(e, h11.Response)).status_code
    assert status == 200
    body = b"".join(bytes(e.data) for e in events if isinstance(e, h11.Data)).decode()
    streamed = parse_events(body)
    assert [data for name, data in streamed if name == "message"] == aligned["sentences"]


def test_stream_input_errors(client: httpx.Client, example: dict[str, Any]) -> None:
    response = client.post("/v1/stream", content=b"")
    assert response.status_code == 422 and "first line" in response.json()["error"]
    response = client.post("/v1/stream", content=b'{"sources": "nope"}\n')
    assert response.status_code == 422 and "line 1" in response.json()["error"]

    def bad_second_line() -> Iterator[bytes]:
        yield (json.dumps({"sources": example["sources"]}) + "\n").encode()
        yield b'{"txt": "oops"}\n'

    with client.stream("POST", "/v1/stream", content=bad_second_line()) as response:
        events = parse_events(response.read().decode())
    assert events == [("error", {"error": events[0][1]["error"]})]
    assert "line 2" in events[0][1]["error"]


@pytest.mark.parametrize("lines", [[], ['{"text": "   "}', '{"text": "\\n  "}']])
def test_a_stream_of_no_answer_ends_with_an_error_not_a_pass(
    client: httpx.Client, example: dict[str, Any], lines: list[str]
) -> None:
    """A blank or missing answer ends the stream with an error, as /v1/align refuses it,
    never with 'done' and passed: true."""
    body = "\n".join([json.dumps({"sources": example["sources"]}), *lines]) + "\n"
    with client.stream("POST", "/v1/stream", content=body.encode()) as response:
        events = parse_events(response.read().decode())
    assert events == [("error", {"error": "answer is empty: there is nothing to check"})]


def test_stream_first_line_of_the_wrong_shape_is_422_as_in_align(
    client: httpx.Client, example: dict[str, Any]
) -> None:
    """The README keeps 422 for the wrong shape and 400 for what the library refuses;
    line 1 of a stream is the same request as /v1/align's body and answers the same."""
    wrong = {"text": "The Tenant"}  # the text line sent first: no sources
    streamed = client.post("/v1/stream", content=(json.dumps(wrong) + "\n").encode())
    aligned = client.post("/v1/align", json={"answer": "The Tenant", **wrong})
    assert streamed.status_code == aligned.status_code == 422, streamed.text
    assert streamed.json()["error"].startswith("line 1: sources: Field required")
    misspelt = {"sources": [{"id": "lease", "text": "Rent.", "offest": 3}]}
    streamed = client.post("/v1/stream", content=(json.dumps(misspelt) + "\n").encode())
    assert streamed.status_code == 422 and "line 1: sources.0.offest" in streamed.json()["error"]
    # What the library refuses stays a 400.
    refused = {"sources": [{"id": "a\x01b", "text": "Rent."}]}
    streamed = client.post("/v1/stream", content=(json.dumps(refused) + "\n").encode())
    assert streamed.status_code == 400 and "control characters" in streamed.json()["error"]


def test_stream_over_the_size_limit_ends_with_an_error_event(
    client: httpx.Client, example: dict[str, Any]
) -> None:
    def endless() -> Iterator[bytes]:
        yield (json.dumps({"sources": example["sources"]}) + "\n").encode()
        line = (json.dumps({"text": "The rent is due monthly. " * 40}) + "\n").encode()
        yield line
        # Let the server read the first piece before the rest floods its buffer: on a
        # loaded machine it could otherwise receive the whole body, over the limit, in
        # one chunk before it had read a line (the stream then holds the error alone).
        time.sleep(0.5)
        for _ in range(LIMIT // len(line) + 10):
            yield line

    with client.stream("POST", "/v1/stream", content=endless()) as response:
        assert response.status_code == 200  # the stream had begun when the limit was hit
        events = parse_events(response.read().decode())
    assert events[0][0] == "message"
    assert events[-1][0] == "error" and "limit" in events[-1][1]["error"]


# --------------------------------------------------------------------------- the real model


@pytest.mark.slow
def test_align_with_the_real_model(client: httpx.Client, example: dict[str, Any]) -> None:
    body = {"answer": example["answer"], "sources": example["sources"], "config": "default"}
    response = client.post("/v1/align", json=body, timeout=300)
    assert response.status_code == 200, response.text
    report = response.json()
    assert report["mode"] == "hybrid" and report["notes"] == []
    by_text = {s["text"]: s for s in report["sentences"]}
    sublet = by_text[
        "The tenant may not sublet the premises without the landlord's written consent."
    ]
    assert sublet["status"] == "supported"
    assert sublet["citations"][0]["kind"] == "paraphrase"
    assert "cosine" in sublet["features"]
    assert (
        by_text["Disputes will be resolved by arbitration in Delaware."]["status"] == "unsupported"
    )


# --------------------------------------------------------------------------- time budget

BUDGET = 1.5


@pytest.fixture(scope="module")
def budgeted(start_server: Any, lexical_preset: Path, tmp_path_factory: pytest.TempPathFactory):
    """A server whose requests may work for 1.5 s each."""
    args = ["--config", str(lexical_preset), "--max-seconds", str(BUDGET)]
    with start_server(tmp_path_factory.mktemp("budget"), args) as running:
        yield running


def _slow_answer(example: dict[str, Any], count: int = 4_000, word: str = "item") -> str:
    """About 80 characters a sentence of lease sentences, each made different: over
    3 s of CPU in lexical mode on this machine at 4,000 sentences, past the budget.
    Memoised evidence checks make a second run of the same or a similar answer about
    half as costly, so a test that follows another one asks for more and other words."""
    sentences = example["answer"].split(". ")
    return " ".join(f"{sentences[n % len(sentences)]}, {word} {n}." for n in range(count))


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.timeout(180)
def test_a_request_past_the_time_budget_is_stopped_with_503(
    budgeted: Any, example: dict[str, Any]
) -> None:
    body = {"answer": _slow_answer(example), "sources": example["sources"]}
    outcome: dict[str, Any] = {}

    def slow_request() -> None:
        outcome["response"] = httpx.post(f"{budgeted.url}/v1/align", json=body, timeout=120)

    worker = threading.Thread(target=slow_request)
    worker.start()
    time.sleep(0.5)
    health = httpx.get(f"{budgeted.url}/healthz", timeout=5)
    answered_while_running = "response" not in outcome
    worker.join(timeout=120)
    assert health.status_code == 200 and answered_while_running

    response = outcome["response"]
    assert response.status_code == 503, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    error = response.json()["error"]
    assert "time budget of 1.5 s" in error and "--max-seconds" in error

    # The worker is free again: the process goes idle instead of finishing the work.
    before = _cpu_seconds(budgeted.process.pid)
    time.sleep(2)
    assert _cpu_seconds(budgeted.process.pid) - before < 0.5

    # Later requests are unaffected.
    small = {"answer": example["answer"], "sources": example["sources"]}
    ok = httpx.post(f"{budgeted.url}/v1/align", json=small, timeout=60)
    assert ok.status_code == 200
    assert len(ok.json()["sentences"]) > 3


@pytest.mark.timeout(180)
def test_tag_in_document_mode_has_the_same_budget(budgeted: Any, example: dict[str, Any]) -> None:
    answer = _slow_answer(example, count=10_000, word="clause")
    body = {"answer": answer, "sources": example["sources"]}
    response = httpx.post(f"{budgeted.url}/v1/tag", json=body, timeout=120)
    assert response.status_code == 503
    assert "time budget" in response.json()["error"]


def test_serve_refuses_a_negative_budget(cli: Any) -> None:
    result = cli("serve", "--max-seconds", "-1")
    assert result.returncode == 2
    assert "--max-seconds" in result.stderr


def test_stemming_is_safe_from_many_threads() -> None:
    """Requests align in a threadpool; a shared Snowball stemmer crashed
    (IndexError) or mixed up words when two threads stemmed at once."""
    import random

    import snowballstemmer

    from citemark.words import unit

    rng = random.Random(1)
    vocabulary = [
        "".join(rng.choice("abcdefghiklmnoprstuy") for _ in range(rng.randint(4, 12)))
        + rng.choice(["ing", "ed", "ness", "ation", "ly", "s"])
        for _ in range(20_000)
    ]
    expected = [snowballstemmer.stemmer("english").stemWord(w) for w in vocabulary]
    stem = unit.__wrapped__  # past the cache, so every call stems

    def part(k: int) -> list[str | None]:
        return [stem(w) for w in vocabulary[k::4]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        parts = list(pool.map(part, range(4)))
    for k, got in enumerate(parts):
        assert got == expected[k::4]


# --------------------------------------------------------------------------- faces


def test_align_says_passed_by_the_check_rule(client: httpx.Client, example: dict[str, Any]) -> None:
    body = {"answer": example["answer"], "sources": example["sources"]}
    report = client.post("/v1/align", json=body).json()
    assert report["passed"] is False
    assert report["fail_on"] == ["conflict", "unsupported"]
    unsupported = [n for n, s in enumerate(report["sentences"], 1) if s["status"] == "unsupported"]
    assert [f["number"] for f in report["failures"]] == unsupported
    assert all(f["description"].endswith("unsupported)") for f in report["failures"])
    strict = client.post("/v1/align", json={**body, "fail_on": ["partial"]}).json()
    partial = [n for n, s in enumerate(strict["sentences"], 1) if s["status"] == "partial"]
    assert [f["number"] for f in strict["failures"]] == partial
    bad = client.post("/v1/align", json={**body, "fail_on": ["partiall"]})
    assert bad.status_code == 422 and "fail_on" in bad.json()["error"]
    # an empty list (an unset variable) would pass every answer: refused
    empty = client.post("/v1/align", json={**body, "fail_on": []})
    assert empty.status_code == 422 and "fail_on" in empty.json()["error"]


def test_align_gives_lead_ins_no_claim(client: httpx.Client, example: dict[str, Any]) -> None:
    answer = (
        "Here are the main points:\nThe tenant shall pay the monthly rent of $2,400.\n"
        "In summary, the tenant owes $9,900 in damages."
    )
    report = client.post("/v1/align", json={"answer": answer, "sources": example["sources"]})
    assert report.status_code == 200, report.text
    data = report.json()
    # The last sentence begins like a lead-in but states a fact: it is judged.
    assert [s["status"] for s in data["sentences"]] == ["no_claim", "supported", "unsupported"]
    assert data["sentences"][0]["citations"] == []
    assert data["summary"]["no_claim"] == 1 and data["summary"]["unsupported"] == 1
    assert [f["number"] for f in data["failures"]] == [3]
    assert data["sentences"][0]["conflicts"] == [] and "unsupported_spans" in data["sentences"][0]


def test_ids_as_lawyers_write_them_round_trip_without_markup(client: httpx.Client) -> None:
    from citemark.render import parse_tagged

    lawyer = 'Smith v. Jones, 412 P.3d 88 (2019) "<b>x</b>"'
    sources = [{"id": lawyer, "text": "The Tenant shall pay the monthly rent of $2,400."}]
    answer = "The tenant shall pay the monthly rent of $2,400."
    aligned = client.post("/v1/align", json={"answer": answer, "sources": sources})
    assert aligned.status_code == 200, aligned.text
    assert aligned.json()["sentences"][0]["citations"][0]["source_id"] == lawyer
    tagged = client.post("/v1/tag", json={"answer": answer, "sources": sources}).json()
    assert "<b>" not in tagged["tagged"] and "<b>" not in tagged["html"]
    assert all(m.ids == (lawyer,) for m in parse_tagged(tagged["tagged"]).marks)
    assert tagged["spans"][0]["ids"] == [lawyer]
    phrases = client.post("/v1/tag", json={"answer": answer, "sources": {lawyer: ["monthly rent"]}})
    assert phrases.status_code == 200 and phrases.json()["spans"][0]["ids"] == [lawyer]


def test_align_reports_a_conflict_and_fails_on_it(client: httpx.Client) -> None:
    source = "A tenant must bring an action within one year of the end of the tenancy."
    body = {"answer": "The tenant has two years to sue.", "sources": [{"id": "S3", "text": source}]}
    data = client.post("/v1/align", json=body).json()
    (sentence,) = data["sentences"]
    assert sentence["status"] == "unsupported"
    (conflict,) = sentence["conflicts"]
    assert (conflict["text"], conflict["evidence"], conflict["source_id"]) == (
        "two years", "one year", "S3"
    )  # fmt: skip
    assert source[conflict["source_start"] : conflict["source_end"]] == "one year"
    assert conflict["rule"] == "value"  # the conflict rule that found it
    assert data["passed"] is False
    assert data["failures"][0]["reasons"] == ["conflict", "unsupported"]
    assert data["summary"]["conflicts"] == 1
    only_partial = client.post("/v1/align", json={**body, "fail_on": ["partial"]}).json()
    assert only_partial["passed"] is True


# --------------------------------------------------------------------------- documents


CHUNK_PARENT = "PREAMBLE. " * 10 + "The Tenant shall pay rent of $2,400 per month."
CHUNK = CHUNK_PARENT[100:]
CHUNK_ANSWER = "The Tenant shall pay rent of $2,400 per month."


@pytest.mark.parametrize(
    ("document", "start"),
    [
        ({"id": "lease", "text": CHUNK, "offset": 100}, 100),
        ({"id": "lease", "text": CHUNK, "metadata": {"start_index": 100}}, 100),
        ({"page_content": CHUNK, "metadata": {"source": "lease", "start_index": 100}}, 100),
        ({"id": "lease", "text": CHUNK, "start_char_idx": 100, "metadata": {"start": "x"}}, 100),
        ({"doc_id": "lease", "text": CHUNK, "start": 100, "offset": None}, 100),
        ({"id": 1, "text": CHUNK}, 0),
    ],
    ids=["offset", "langchain metadata", "langchain", "llamaindex", "other names", "number id"],
)
def test_documents_are_placed_where_the_library_places_them(
    client: httpx.Client, lexical_preset: Path, document: dict[str, Any], start: int
) -> None:
    """The same dict gives the same citation (id and offsets) from the API and the
    library: ``metadata.start_index`` was dropped by the API and every offset pointed
    into the chunk, not its parent; ``1`` and ``"1"`` are the same id (README)."""
    response = client.post("/v1/align", json={"answer": CHUNK_ANSWER, "sources": [document]})
    assert response.status_code == 200, response.text
    (got,) = response.json()["sentences"][0]["citations"]
    report = align(CHUNK_ANSWER, [document], config=load_config(lexical_preset))
    (expected,) = report.sentences[0].citations
    assert (got["source_id"], got["source_start"], got["source_end"]) == (
        expected.source_id, expected.source_start, expected.source_end
    )  # fmt: skip
    assert got["source_start"] == start
    document_text = CHUNK_PARENT if start else CHUNK  # offsets into the parent, when placed
    assert document_text[got["source_start"] : got["source_end"]] == got["evidence"]


@pytest.mark.parametrize("path", ["/v1/align", "/v1/tag"])
@pytest.mark.parametrize(
    ("document", "field"),
    [
        ({"id": "lease", "text": CHUNK, "offest": 100}, "sources.0.offest"),
        ({"id": "lease", "text": CHUNK, "title": "Lease"}, "sources.0.title"),
    ],
    ids=["misspelt", "unknown"],
)
def test_unknown_document_fields_are_refused_by_name(
    client: httpx.Client, path: str, document: dict[str, Any], field: str
) -> None:
    """A misspelt ``offest`` was dropped silently and the offsets pointed into the chunk."""
    response = client.post(path, json={"answer": CHUNK_ANSWER, "sources": [document]})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error.startswith(f"{field}: unknown field in a document") and "metadata" in error
    assert "dictionary" not in error  # nothing about the phrase-map shape /v1/tag also takes


def _document(**fields: Any) -> dict[str, Any]:
    return {"sources": [{"id": "a", "text": CHUNK, **fields}]}


PHRASES = {"sources": {"a": ["rent"]}}
NOT_BOOLEAN = "word_level: Input should be a valid boolean"


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/v1/align", _document(offset=True), "sources.0.offset: Input should be a valid integer"),
        ("/v1/align", _document(offset="3"), "sources.0.offset: Input should be a valid integer"),
        ("/v1/align", _document(offset=3.0), "sources.0.offset: Input should be a valid integer"),
        ("/v1/align", _document(metadata=[]), "sources.0.metadata"),
        ("/v1/align", _document(id=True), "sources.0.id: a source id must be a string or an "
         "integer, got boolean"),
        ("/v1/tag", {**PHRASES, "word_level": "yes"}, NOT_BOOLEAN),
        ("/v1/tag", {**PHRASES, "word_level": 1}, NOT_BOOLEAN),
    ],
    ids=["offset true", "offset string", "offset float", "metadata list", "id bool",
         "word_level string", "word_level number"],
)  # fmt: skip
def test_values_of_the_wrong_type_are_422_as_the_library_refuses_them(
    client: httpx.Client, path: str, body: dict[str, Any], message: str
) -> None:
    """Lax parsing turned ``offset: true`` into 1 and ``"yes"`` into true."""
    response = client.post(path, json={"answer": CHUNK_ANSWER, **body})
    assert response.status_code == 422, response.text
    assert response.json()["error"].startswith(message)


def test_the_api_reads_every_document_key_the_library_reads() -> None:
    """The two faces take the same shapes: a key the library learns must reach the API."""
    from citemark import sources
    from citemark.server.models import Document

    read = {*sources.ID_KEYS, *sources.OFFSET_KEYS, "text", "page_content", "metadata"}
    assert set(Document.model_fields) == read


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "text/plain", None])
@pytest.mark.parametrize("path", ["/v1/align", "/v1/tag"])
def test_a_body_not_sent_as_json_is_415_naming_the_content_type(
    server: Any, path: str, content_type: str | None
) -> None:
    """``curl -d`` sends a form; the answer was "Input should be a valid dictionary"."""
    body = json.dumps({"answer": CHUNK_ANSWER, "sources": [{"id": "a", "text": CHUNK}]})
    headers = {"X-API-Key": KEY} | ({"Content-Type": content_type} if content_type else {})
    response = httpx.post(f"{server.url}{path}", content=body, headers=headers, timeout=60)
    assert response.status_code == 415, response.text
    error = response.json()["error"]
    assert "Content-Type: application/json" in error
    assert (content_type or "none was sent") in error
    headers["Content-Type"] = "application/json; charset=utf-8"
    response = httpx.post(f"{server.url}{path}", content=body, headers=headers, timeout=60)
    assert response.status_code == 200, response.text


FREEZE_PROBE = """
import gc, json, sys
from citemark.server.engine import Engine, Settings
engine = Engine(Settings(freeze_after_warm_up=sys.argv[1] == "yes"))
engine.warm_up()
frozen = gc.get_freeze_count()
report = engine.align(
    "The tenant pays rent monthly.",
    [{"id": "lease", "text": "The tenant pays rent monthly."}],
    engine.default_config,
)
print(json.dumps({"frozen": frozen, "status": report.sentences[0].status}))
"""


@pytest.mark.parametrize("freeze", [True, False])
def test_the_service_freezes_what_warm_up_loaded_only_when_asked(freeze: bool) -> None:
    """``citemark serve`` asks (its own process); an app embedding the API does not."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", FREEZE_PROBE, "yes" if freeze else "no"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["status"] == "supported"
    # spaCy and the static model hold well over 100,000 objects once loaded
    assert (got["frozen"] > 100_000) if freeze else (got["frozen"] == 0)


LEXICAL = load_config("lexical")
RENT = [{"id": "lease", "text": "Rent is due on the first day of each month."}]


# --- the clock, the key, and readiness ----------------------------------------------------


_STAGES: list[str] = []


class _RecordingDeadline(Deadline):
    """A deadline far away that notes where the clock was read."""

    def check(self, stage: str) -> None:
        _STAGES.append(stage)
        super().check(stage)


def test_tag_reads_the_clock_after_rendering() -> None:
    """/v1/tag reads the clock after the page is drawn, so an answer is never sent past
    --max-seconds (drawing can take seconds)."""
    _STAGES.clear()
    engine = Engine(Settings(config="lexical", warm_up=False))
    deadline = _RecordingDeadline(time.monotonic() + 600, 600)
    engine.tag("Rent is due on the first day.", RENT, LEXICAL, deadline=deadline)
    assert "rendering the HTML" in _STAGES
    assert _STAGES[-1] == "rendering the HTML"


def test_a_key_that_headers_cannot_carry_is_refused() -> None:
    """A key such as "clé-123" is refused: taken, it would match only latin-1 clients."""
    for key in ("clé-123", "two words", "tab\tkey", ""):
        with pytest.raises(ConfigError, match="printable ASCII"):
            Settings(api_key=key)
    assert Settings(api_key="s3cret-Key_1!").api_key == "s3cret-Key_1!"  # a printable key is taken


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
    """Probes may send HEAD; readiness (/readyz) is its own route, since /healthz answers
    200 while the model is loading."""
    assert lexical_client.head("/healthz").status_code == 200
    assert lexical_client.head("/readyz").status_code == 200
    ready = lexical_client.get("/readyz")
    # "ready" where another test of this process loaded the model: the state is the
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
    """A field that another route reads is named as such, not "fail_on: unknown field
    (did you mean 'fail_on'?)"."""
    body = {"answer": "Rent.", "sources": {"S1": ["rent"]}, "fail_on": ["unsupported"]}
    error = lexical_client.post("/v1/tag", json=body).json()["error"]
    assert error == "fail_on: unknown field here (it is read by /v1/align only)"
    typo = lexical_client.post("/v1/tag", json={**body, "fail_on": None, "anwser": "x"})
    assert "did you mean 'answer'?" in typo.json()["error"]  # a typo still gets one


def test_the_stream_promises_no_415_it_never_sends(lexical_client: Any) -> None:
    """/v1/stream reads any body whatever its label, so its schema lists no 415."""
    responses = lexical_client.get("/openapi.json").json()["paths"]["/v1/stream"]["post"]
    assert "415" not in responses["responses"]
    assert (
        "415"
        in lexical_client.get("/openapi.json").json()["paths"]["/v1/align"]["post"]["responses"]
    )  # /v1/align does send it


# --- shutdown and concurrency -------------------------------------------------------------


def test_sigterm_ends_the_server_though_a_stream_client_is_idle(
    start_server: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    """With a stream client that sent its first lines and went quiet, SIGTERM still ends
    the server within its shutdown time, not only its listening."""
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
    """At most ``max_concurrent`` requests align at once, and one that cannot start within
    its budget is refused without doing any work: a burst of twelve heavy requests sharing
    the interpreter twelve ways would all run out of time."""
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


# --- behind a gateway: a root path --------------------------------------------------------


STATIC = Path(__file__).parents[1] / "src" / "citemark" / "server" / "static"


def test_the_review_page_links_relatively() -> None:
    """The page links relatively: /static/... and /v1/... links break under a gateway's
    path prefix."""
    for name in ("index.html", "review.js"):
        text = (STATIC / name).read_text("utf-8")
        assert not re.search(r"""["'`]/(?:static|v1)/""", text), name
    assert 'api("v1/align"' in (STATIC / "review.js").read_text("utf-8")  # its own calls too


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


ROOT_PATH_KEY = "k3y-for-the-root-path"


def test_the_key_and_the_page_headers_hold_under_a_root_path(
    start_server: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    """Under ``--root-path`` uvicorn puts the prefix in front of the path; the key check
    and the page's headers, matching "/v1/" and "/", still hold there."""
    args = ["--config", str(lexical_preset), "--root-path", "/citemark", "--api-key", ROOT_PATH_KEY]
    body = {"answer": "The tax is due.", "sources": {"S1": ["tax"]}}
    with start_server(tmp_path, args) as server:
        refused = httpx.post(f"{server.url}/v1/tag", json=body, timeout=30)
        assert refused.status_code == 401
        taken = httpx.post(f"{server.url}/v1/tag", json=body, headers={"X-API-Key": ROOT_PATH_KEY})
        assert taken.status_code == 200
        assert taken.headers["cache-control"] == "no-store"
        page = httpx.get(f"{server.url}/", timeout=30)
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert httpx.get(f"{server.url}/docs", timeout=30).headers["x-frame-options"] == "DENY"


def test_route_path_is_the_path_under_the_root_path() -> None:
    assert route_path({"path": "/citemark/v1/tag", "root_path": "/citemark"}) == "/v1/tag"
    assert route_path({"path": "/citemark", "root_path": "/citemark"}) == "/"
    assert route_path({"path": "/v1/tag", "root_path": "/citemark"}) == "/v1/tag"
    assert route_path({"path": "/citemarkx/v1", "root_path": "/citemark"}) == "/citemarkx/v1"
    assert route_path({"path": "/v1/tag", "root_path": ""}) == "/v1/tag"  # no root path, no change
