"""ASGI middleware: the request size limit and the review page's security headers.

Both are plain ASGI wrappers rather than Starlette's ``BaseHTTPMiddleware``,
because the streaming endpoint reads its body while it responds, and a wrapper
that buffered the body (or the response) would undo the streaming.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(Exception):
    """The request body went past the configured limit while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"request body is larger than the limit of {limit:,} bytes")
        self.limit = limit


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 and a JSON error.

    A declared ``Content-Length`` over the limit is refused before anything is
    read. A chunked body (no length) is counted as it arrives: the moment it
    passes the limit, reading raises :class:`BodyTooLarge`, whatever the app
    answered instead is dropped, and the client gets the 413. If the app had
    already started responding (a stream), the app's own handler reports it.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

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
            await send_json(send, 413, {"error": str(BodyTooLarge(self.limit))})


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
        path = scope.get("path", "")
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
