"""Load test of the HTTP service: many concurrent clients against ``citemark serve``.

The script starts its own server on 127.0.0.1 (a free port, ``python -m citemark
serve``, the ``default`` hybrid preset, an API key), waits until the embedding
model is loaded, then runs ``--clients`` concurrent clients (asyncio +
``httpx.AsyncClient``) for ``--seconds`` seconds, or until ``--max-requests``
requests have been sent. Each client loops over a seeded mix of requests:

- ``POST /v1/align`` (50%): the bundled lease example (``examples/lease.json``) and
  variants of realistic size: sentences reordered, the first three sentences
  only, the answer with two invented claims added, and the lease sent as three
  chunks of one document (offsets into the parent), so that the service's index
  cache holds several source sets. Every align request also carries one new
  sentence with random figures, so that each one runs the embedding model (the
  service caches sentence vectors by text; a repeated answer would measure only
  that cache);
- ``POST /v1/tag`` (35%): phrase mode with the example's phrase map (25%) and
  document mode with the lease (10%);
- ``GET /healthz`` (15%).

A request counts as an error if it fails to connect, times out, answers with
anything but 200, or answers with a body that lacks what the endpoint promises.
The goal is zero errors. Results (throughput, p50/p90/p99/max latency, errors
per endpoint) print as a Markdown table, with the server log's tail on failure.

Client and server share the machine's cores, so throughput is a floor for what a
server with the machine to itself would do. Only loopback traffic is sent.

Run from the repository root::

    python benchmarks/load.py                            # 50 clients for 60 s
    python benchmarks/load.py --clients 10 --seconds 10  # a quick run
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
from _common import environment_header, markdown_table

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Call:
    """One kind of request: its label, method, path, body, and what a good answer holds.

    ``fresh`` appends a sentence with random figures to the answer of each request,
    as real traffic has new answers: the service caches sentence embeddings by
    text, and the same answer again would measure only the cache.
    """

    label: str
    method: str
    path: str
    body: dict[str, Any] | None
    check: Callable[[dict[str, Any]], bool]
    fresh: bool = False

    def payload(self, rng: random.Random) -> dict[str, Any] | None:
        if not self.fresh or self.body is None:
            return self.body
        claim = (
            f" The rent rises by {rng.randint(2, 9)} percent after year {rng.randint(2, 30)},"
            f" with notice of {rng.randint(10, 99)} days."
        )
        return {**self.body, "answer": self.body["answer"] + claim}


@dataclass
class Tally:
    """Latencies and errors of one kind of request."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    reasons: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def example() -> dict[str, Any]:
    text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
    return json.loads(text)


def request_mix(seed: int = 0) -> list[tuple[Call, float]]:
    """The requests the clients choose from, each with its weight."""
    data = example()
    answer, sources, phrases = data["answer"], data["sources"], data["phrases"]
    rng = random.Random(seed)
    sentences = [s.strip() + "." for s in answer.split(". ") if s.strip()]
    shuffled = sentences[:]
    rng.shuffle(shuffled)
    invented = (
        " The landlord must repaint the premises every six months."
        " Late rent accrues interest at 25 percent per day."
    )
    lease = next(s for s in sources if s["id"] == "lease")
    cuts = [0, len(lease["text"]) // 3, 2 * len(lease["text"]) // 3, len(lease["text"])]
    chunked = [s for s in sources if s["id"] != "lease"] + [
        {"id": "lease", "text": lease["text"][a:b], "offset": a} for a, b in pairwise(cuts)
    ]

    def report(body: dict[str, Any]) -> bool:
        return bool(body.get("sentences")) and "summary" in body

    def tagged(body: dict[str, Any]) -> bool:
        return "<cite" in body.get("tagged", "") and isinstance(body.get("spans"), list)

    def healthy(body: dict[str, Any]) -> bool:
        return body.get("status") == "ok"

    def align(label: str, text: str, docs: list[dict[str, Any]]) -> Call:
        body = {"answer": text, "sources": docs}
        return Call(label, "POST", "/v1/align", body, report, fresh=True)

    return [
        (align("align: lease example", answer, sources), 0.20),
        (align("align: reordered", " ".join(shuffled), sources), 0.08),
        (align("align: first 3 sentences", " ".join(sentences[:3]), sources), 0.08),
        (align("align: 2 invented claims", answer + invented, sources), 0.07),
        (align("align: lease in 3 chunks", answer, chunked), 0.07),
        (
            Call("tag: phrases", "POST", "/v1/tag", {"answer": answer, "sources": phrases}, tagged),
            0.25,
        ),
        (
            Call(
                "tag: documents", "POST", "/v1/tag", {"answer": answer, "sources": sources}, tagged
            ),
            0.10,
        ),
        (Call("healthz", "GET", "/healthz", None, healthy), 0.15),
    ]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_server(port: int, key: str, config: str, log: Path) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "citemark", "serve", "--host", HOST, "--port", str(port),
        "--config", config,
    ]  # fmt: skip
    env = {**os.environ, "CITEMARK_API_KEY": key, "PYTHONUNBUFFERED": "1"}
    handle = log.open("wb")
    return subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, env=env)


def wait_until_ready(url: str, process: subprocess.Popen[bytes], timeout: float) -> float:
    """Seconds until /healthz says the model is loaded (or not used)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if process.poll() is not None:
            raise SystemExit(f"citemark serve exited with {process.returncode}")
        try:
            state = httpx.get(f"{url}/healthz", timeout=2).json()
            if state["model"] in ("ready", "not used"):
                return time.monotonic() - started
            if state["model"] == "failed":
                raise SystemExit("the server could not load the embedding model")
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise SystemExit(f"the server was not ready after {timeout:.0f} s")


async def client_loop(
    client: httpx.AsyncClient,
    mix: list[tuple[Call, float]],
    seed: int,
    deadline: float,
    budget: list[int],
    tallies: dict[str, Tally],
) -> None:
    """One client: weighted random requests, one at a time, until time or count runs out."""
    rng = random.Random(seed)
    calls = [c for c, _ in mix]
    weights = [w for _, w in mix]
    while time.monotonic() < deadline and budget[0] > 0:
        budget[0] -= 1
        call = rng.choices(calls, weights)[0]
        tally = tallies[call.label]
        started = time.perf_counter()
        try:
            response = await client.request(call.method, call.path, json=call.payload(rng))
            elapsed = time.perf_counter() - started
            if response.status_code != 200:
                reason = f"HTTP {response.status_code}"
            elif not call.check(response.json()):
                reason = "unexpected body"
            else:
                reason = ""
        except (httpx.HTTPError, ValueError) as exc:
            elapsed = time.perf_counter() - started
            reason = type(exc).__name__
        tally.latencies.append(elapsed)
        if reason:
            tally.errors += 1
            tally.reasons[reason] += 1


async def run_load(
    url: str, key: str, clients: int, seconds: float, max_requests: int, seed: int
) -> tuple[dict[str, Tally], float]:
    mix = request_mix(seed)
    tallies: dict[str, Tally] = {call.label: Tally() for call, _ in mix}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    budget = [max_requests]
    async with httpx.AsyncClient(
        base_url=url, headers={"X-API-Key": key}, timeout=120, limits=limits
    ) as client:
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.gather(
            *(client_loop(client, mix, seed + n, deadline, budget, tallies) for n in range(clients))
        )
        wall = time.monotonic() - started
    return tallies, wall


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def table(tallies: dict[str, Tally], wall: float) -> str:
    header = ["request", "count", "errors", "req/s", "p50", "p90", "p99", "max"]
    rows = []
    everything: list[float] = []
    errors = 0
    for label, tally in tallies.items():
        if not tally.latencies:
            continue
        everything += tally.latencies
        errors += tally.errors
        rows.append(_row(label, tally.latencies, tally.errors, wall))
    rows.append(_row("**all**", everything, errors, wall))
    return markdown_table(header, rows)


def _row(label: str, latencies: list[float], errors: int, wall: float) -> list[str]:
    return [
        label,
        f"{len(latencies):,}",
        str(errors),
        f"{len(latencies) / wall:.1f}",
        ms(statistics.median(latencies)),
        ms(percentile(latencies, 0.90)),
        ms(percentile(latencies, 0.99)),
        ms(max(latencies)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="test duration (60)")
    parser.add_argument(
        "--max-requests", type=int, default=1_000_000, help="stop after this many requests"
    )
    parser.add_argument("--config", default="default", help="server preset (default: hybrid)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the request mix")
    parser.add_argument(
        "--ready-timeout", type=float, default=300.0, help="seconds to wait for the model"
    )
    args = parser.parse_args(argv)
    if args.clients < 1 or args.seconds <= 0 or args.max_requests < 1:
        parser.error("--clients, --seconds and --max-requests must be positive")

    key = secrets.token_urlsafe(16)
    port = free_port()
    url = f"http://{HOST}:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        server = start_server(port, key, args.config, log)
        try:
            ready = wait_until_ready(url, server, args.ready_timeout)
            tallies, wall = asyncio.run(
                run_load(url, key, args.clients, args.seconds, args.max_requests, args.seed)
            )
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        output = log.read_text("utf-8", errors="replace")

    total = sum(len(t.latencies) for t in tallies.values())
    errors = sum(t.errors for t in tallies.values())
    print("## citemark serve under load\n")
    print(environment_header(("citemark", "fastapi", "uvicorn", "httpx", "torch")))
    print(
        f"- Server: `citemark serve --config {args.config}` on {HOST}:{port} (API key on), "
        f"ready (model loaded) after {ready:.1f} s"
    )
    print(
        f"- Load: {args.clients} concurrent clients for {wall:.1f} s: {total:,} requests, "
        f"{total / wall:.1f} requests/s, {errors} errors\n"
    )
    print(table(tallies, wall))
    reasons = {f"{label}: {r}": n for label, t in tallies.items() for r, n in t.reasons.items()}
    if reasons:
        print("\nErrors: " + "; ".join(f"{k} x{n}" for k, n in reasons.items()))
        print("\nServer log (last lines):\n" + "\n".join(output.splitlines()[-20:]))
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
