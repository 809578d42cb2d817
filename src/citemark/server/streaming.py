"""POST /v1/stream: a JSON-lines request body in, server-sent events out.

The answer arrives while an LLM writes it, so the body is read line by line as
it comes (chunked transfer encoding):

* line 1: ``{"sources": [{"id": ..., "text": ...}], "config": "legal-strict"}``
  (``config`` and ``mode`` are optional, as in /v1/align);
* every later line: ``{"text": "the next piece of the answer"}``.

Putting the sources in the body (not in headers or the query) keeps one JSON
format for everything a client sends and no size limits but the body's. The
response is ``text/event-stream``: a ``data:`` event per finished sentence (the
same object as an item of /v1/align's ``sentences``) as soon as the sentence is
final, then ``event: done`` with the rest of the report, or ``event: error``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import asdict
from typing import Any

from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..errors import CitemarkError, InputError
from ..sources import shows_nothing
from ..stream import Streamer
from .middleware import BodyTooLarge
from .models import StreamChunk, StreamHeader, describe


async def lines_of(chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """The non-blank lines of a body, each yielded as soon as its newline arrives."""
    buffer = b""
    async for chunk in chunks:
        buffer += chunk
        *complete, buffer = buffer.split(b"\n")
        for line in complete:
            if line.strip():
                yield line
    if buffer.strip():
        yield buffer


async def read_header(lines: AsyncIterator[bytes]) -> StreamHeader:
    """Line 1 of the body; a problem here is a plain error answer, before any event.

    A line 1 of the wrong shape (or none) is a 422, as the same mistake is in
    /v1/align's body; what the library refuses in its sources is a 400 from the
    caller, when it prepares them.
    """
    try:
        first = await anext(lines)
    except StopAsyncIteration:
        raise HTTPException(
            422, 'empty body: the first line must be {"sources": [...]}, then {"text": ...} lines'
        ) from None
    try:
        return StreamHeader.model_validate_json(first)
    except ValidationError as exc:
        raise HTTPException(422, f"line 1: {describe(exc.errors())}") from None


async def sentence_events(lines: AsyncIterator[bytes], streamer: Streamer) -> AsyncIterator[bytes]:
    """Feed each text line to ``streamer``; an event per released sentence, then done."""
    number = 1
    try:
        async for line in lines:
            number += 1
            chunk = _chunk(line, number)
            for result in await run_in_threadpool(streamer.feed, chunk.text):
                yield event(asdict(result))
        if shows_nothing(streamer.text):
            # as /v1/align refuses it: a guard reading "passed" must not pass no answer
            raise InputError("answer is empty: there is nothing to check")
        for result in await run_in_threadpool(streamer.close):
            yield event(asdict(result))
        report = (await run_in_threadpool(streamer.report)).to_dict()
        del report["sentences"]
        yield event(report, "done")
    except (CitemarkError, BodyTooLarge) as exc:
        yield event({"error": str(exc)}, "error")
    except ClientDisconnect:
        return


def _chunk(line: bytes, number: int) -> StreamChunk:
    """A text line of the stream, or an :class:`InputError` naming what is wrong with it.

    pydantic's JSON reader refuses an escaped lone surrogate ("\\ud83d") as "unexpected
    end of hex escape"; the standard reader takes it, so that the text check can name
    it as /v1/align does ("contains a lone surrogate (U+D83D) at offset ...").
    """
    try:
        return StreamChunk.model_validate_json(line)
    except ValidationError as exc:
        errors = exc.errors()
    if any(error.get("type") == "json_invalid" for error in errors):
        try:
            return StreamChunk.model_validate(json.loads(line))
        except (ValueError, RecursionError, ValidationError):
            pass
    raise InputError(f"line {number}: {describe(errors)}")


def event(data: dict[str, Any], name: str | None = None) -> bytes:
    """One server-sent event; JSON never contains a raw newline, so one data line."""
    head = f"event: {name}\n" if name else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


class EventStream(Response):
    """A ``text/event-stream`` response that sends each event as soon as it exists.

    Starlette's ``StreamingResponse`` reads the request concurrently to notice a
    disconnect, which would steal the body this endpoint is still reading; this
    one leaves ``receive`` to the event source.
    """

    media_type = "text/event-stream"

    def __init__(self, events: AsyncIterator[bytes]) -> None:
        self.events = events
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        async for chunk in self.events:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
