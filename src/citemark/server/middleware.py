"""ASGI middleware: the request size limit and the review page's security headers.

Both are plain ASGI wrappers rather than Starlette's ``BaseHTTPMiddleware``,
because the streaming endpoint reads its body while it responds, and a wrapper
that buffered the body (or the response) would undo the streaming.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(Exception):
    """The request body went past the configured limit while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"request body is larger than the limit of {limit:,} bytes")
        self.limit = limit


# A refused body is read and dropped up to this many bytes (and for at most
# DISCARD_SECONDS) before the 413 goes out. Most clients (urllib, requests, httpx)
# write the whole body before they read the answer; a server that answers and
# closes with unread bytes in its socket makes the kernel send a reset, and the
# client sees "connection reset" instead of the 413. Past these bounds the
# server stops reading and closes anyway: discarding must not become a way to
# keep a worker busy.
DISCARD_BYTES = 64 * 1024 * 1024
DISCARD_SECONDS = 30.0


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 and a JSON error.

    A declared ``Content-Length`` over the limit is refused before the app sees
    anything. A chunked body (no length) is counted as it arrives: the moment it
    passes the limit, reading raises :class:`BodyTooLarge`, whatever the app
    answered instead is dropped, and the client gets the 413. If the app had
    already started responding (a stream), the app's own handler reports it.

    Before answering 413 the rest of the body is read and discarded (up to
    ``discard_bytes`` and ``discard_seconds``), so that a client that sends its
    whole body before reading (most do) reads the 413 instead of a reset. A
    client that sent ``Expect: 100-continue`` is answered at once: it has not sent
    the body and will not.
    """

    def __init__(
        self,
        app: ASGIApp,
        limit: int,
        discard_bytes: int = DISCARD_BYTES,
        discard_seconds: float = DISCARD_SECONDS,
    ) -> None:
        self.app = app
        self.limit = limit
        self.discard_bytes = discard_bytes
        self.discard_seconds = discard_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None:
            if not declared.isdigit():
                await send_json(send, 400, {"error": "invalid Content-Length header"})
                return
            if int(declared) > self.limit:
                if int(declared) <= self.discard_bytes and not _expects_continue(scope):
                    await self._discard(receive)
                await send_json(send, 413, {"error": str(BodyTooLarge(self.limit))})
                return
        received = 0
        over = False
        started = False

        async def counting_receive() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    over = True
                    raise BodyTooLarge(self.limit)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if over and not started:
                return  # the app's answer to the failed read; the 413 below replaces it
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if started:
                raise
        if over and not started:
            await self._discard(receive, received)
            await send_json(send, 413, {"error": str(BodyTooLarge(self.limit))})

    async def _discard(self, receive: Receive, already: int = 0) -> bool:
        """Read and drop the rest of the request body, within the discard bounds.

        True when the whole body was read (the connection then closes cleanly).
        """
        read = already
        give_up = time.monotonic() + self.discard_seconds
        while read <= self.discard_bytes:
            left = give_up - time.monotonic()
            if left <= 0:
                return False
            try:
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                return False
            if message["type"] != "http.request":
                return False  # the client went away
            read += len(message.get("body", b""))
            if not message.get("more_body", False):
                return True
        return False


class SecurityHeaders:
    """Add ``headers`` to responses for the ``paths`` given, or for paths under ``prefixes``.

    The review page shows untrusted text (model output, source documents); its
    Content-Security-Policy allows no inline script and nothing from elsewhere,
    so even a rendering bug could not run injected markup.
    """

    def __init__(
        self,
        app: ASGIApp,
        headers: dict[str, str],
        paths: Iterable[str] = ("/",),
        prefixes: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
        self.paths = frozenset(paths)
        self.prefixes = tuple(prefixes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = route_path(scope)
        if scope["type"] != "http" or not (path in self.paths or path.startswith(self.prefixes)):
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def route_path(scope: Scope) -> str:
    """The path the app routes by: ``scope["path"]`` less the root path (``serve
    --root-path``), which uvicorn puts in front of it. Matched on the path as sent, the
    key check and the page's headers missed every request under a root path."""
    path: str = scope.get("path", "")
    root: str = scope.get("root_path", "")
    if not root or not path.startswith(root):
        return path
    rest = path[len(root) :]
    if not rest:
        return "/"
    # "/citemarkx/v1" is no path under "/citemark"
    return rest if rest.startswith("/") else path


def _expects_continue(scope: Scope) -> bool:
    return (_header(scope, b"expect") or "").lower() == "100-continue"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1").strip()
    return None


async def send_json(
    send: Send,
    status: int,
    body: dict[str, Any],
    headers: Iterable[tuple[bytes, bytes]] = (),
) -> None:
    """Answer with a small JSON body and close the connection (its body may be unread)."""
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
