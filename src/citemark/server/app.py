"""The FastAPI application: the /v1 API, /healthz, and the review page at /.

Endpoints that align are plain ``def`` functions, so FastAPI runs them in its
threadpool: a long alignment never blocks the event loop, and /healthz answers
while it runs. Errors always come back as ``{"error": "..."}``: 400 for input
the library refuses, 422 for a body of the wrong shape, 415 for a body not sent
as JSON, 401 without the API key, 413 over the size limit, 503 past the time budget.

Each align or tag request gets a :class:`~citemark.Deadline` of ``max_seconds``;
the pipeline reads the clock between its steps and stops with
:class:`~citemark.DeadlineExceeded`, so the worker thread is free again within
one step (a cooperative stop: Python cannot kill a thread, and a worker process
per request would load the model and prepare the sources again each time).
"""

# No `from __future__ import annotations`: FastAPI reads the annotations at runtime.

import email.message
import hmac
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import __version__
from ..config import preset_names
from ..deadline import DeadlineExceeded
from ..errors import CitemarkError
from ..stream import Streamer
from .engine import Engine, Settings
from .middleware import BodyLimit, SecurityHeaders, route_path, send_json
from .models import (
    AlignRequest,
    AlignResponse,
    Document,
    ErrorOut,
    Example,
    Health,
    Presets,
    StreamHeader,
    TagRequest,
    TagResponse,
    describe,
)
from .streaming import EventStream, lines_of, read_header, sentence_events

log = logging.getLogger("citemark.server")

STATIC = Path(__file__).parent / "static"

# The review page shows untrusted text: nothing inline, nothing from elsewhere.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

# Every response: nothing served here may be read as another content type, nor framed
# (/docs loads its scripts from a CDN).
API_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}
# /v1 responses: reports on private documents, kept by no cache on the way.
V1_HEADERS = {"Cache-Control": "no-store"}

DESCRIPTION = """\
Mark which parts of a generated answer came from which sources — verbatim quotes
and paraphrase support — and flag the sentences no source supports.

* `POST /v1/align`: a verdict per sentence (supported / partial / unsupported,
  or no_claim for a lead-in or heading), ranked citations, the facts the
  evidence lacks or contradicts, and `passed` with the failing sentences. The
  answer's own citations (`[1]` markers, or the Cohere, Anthropic or OpenAI
  citations sent as `citations`) are checked against the sources: correct,
  miscited, uncited or unsupported.
* `POST /v1/tag`: the answer with `<cite>` tags, for a phrase map or documents.
* `POST /v1/stream`: the same verdicts, one server-sent event per sentence, while
  the answer is still being written.

When the server runs with an API key, send it as `X-API-Key: <key>` or
`Authorization: Bearer <key>` on every `/v1` request.
"""

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "Input the library refuses (the message says why)."},
    401: {"model": ErrorOut, "description": "Missing or wrong API key."},
    413: {"model": ErrorOut, "description": "Request body over the size limit."},
    415: {
        "model": ErrorOut,
        "description": "Body not sent as JSON (Content-Type: application/json).",
    },
    422: {"model": ErrorOut, "description": "Body of the wrong shape."},
    503: {
        "model": ErrorOut,
        "description": "The request ran past the server's time budget (--max-seconds) "
        "and was stopped.",
    },
}


class ApiKey:
    """Refuse /v1 requests without the key, before their body is read.

    Checked in front of everything else, so an unauthenticated client cannot
    make the server parse its body; compared in constant time.
    """

    def __init__(self, app: ASGIApp, key: str, prefix: str = "/v1/") -> None:
        self.app = app
        self.key = key.encode()
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and route_path(scope).startswith(self.prefix):
            given = _presented_key(scope)
            if given is None or not hmac.compare_digest(given.encode(), self.key):
                await send_json(
                    send,
                    401,
                    {"error": "missing or wrong API key (send it as X-API-Key: <key>)"},
                    [(b"www-authenticate", b"Bearer")],
                )
                return
        await self.app(scope, receive, send)


def _presented_key(scope: Scope) -> str | None:
    headers = {k.lower(): v for k, v in scope.get("headers", [])}
    if key := headers.get(b"x-api-key"):
        return key.decode("latin-1")
    scheme, _, token = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _json_body(request: Request) -> None:
    """Refuse a body not labelled as JSON with 415, naming the content type.

    FastAPI parses the body only when it is labelled ``application/json`` (or
    ``+json``); ``curl -d`` labels it a form, and the client would read "Input
    should be a valid dictionary" about a body that looks like a good JSON object.
    Runs before the body is validated.
    """
    declared = request.headers.get("content-type")
    if declared:
        message = email.message.Message()
        message["content-type"] = declared
        subtype = message.get_content_subtype()
        if message.get_content_maintype() == "application" and (
            subtype == "json" or subtype.endswith("+json")
        ):
            return
    sent = f"not {declared[:100]!r}" if declared else "none was sent"
    raise HTTPException(
        415,
        f"the body must be JSON sent with Content-Type: application/json ({sent}; "
        "with curl: -H 'Content-Type: application/json')",
    )


JSON_BODY = Depends(_json_body)


def create_app(settings: Settings | None = None) -> FastAPI:
    """A ready application; ``citemark serve`` runs it under uvicorn."""
    settings = settings or Settings()
    engine = Engine(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine.start_warm_up()
        yield

    app = FastAPI(
        title="citemark",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.engine = engine
    _add_routes(app, engine)
    _add_error_handlers(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Added last is outermost: the key is checked first, then the size.
    app.add_middleware(SecurityHeaders, headers=PAGE_HEADERS, paths=("/",), prefixes=("/static/",))
    app.add_middleware(BodyLimit, limit=settings.max_request_bytes)
    if settings.api_key:
        app.add_middleware(ApiKey, key=settings.api_key)
        _document_key(app)
    # Outermost of all, so the 401 and 413 answers get it too: error bodies echo
    # input (a bad source id, say) and are JSON; no browser may sniff them as HTML.
    app.add_middleware(SecurityHeaders, headers=API_HEADERS, paths=(), prefixes=("/",))
    app.add_middleware(SecurityHeaders, headers=V1_HEADERS, paths=(), prefixes=("/v1/",))
    return app


def _add_routes(app: FastAPI, engine: Engine) -> None:
    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    def health() -> Health:
        config = engine.default_config
        return Health(
            version=__version__, config=config.name, mode=config.mode, model=engine.model_state
        )

    @app.get("/healthz", response_model=Health, tags=["service"])
    async def healthz() -> Health:
        """Liveness: 200 as long as the process serves, even while alignments run or the
        model loads (a liveness probe must not restart a server that is starting)."""
        return health()

    @app.get(
        "/readyz",
        response_model=Health,
        tags=["service"],
        responses={503: {"model": Health, "description": "The model is loading or failed."}},
    )
    async def readyz() -> JSONResponse:
        """Readiness: 200 once the default preset's model is loaded (or the preset uses
        none), 503 while it loads or after it failed, so that a gateway routes no
        request to a server that would make it wait for the model."""
        state = health()
        ready = state.model in ("ready", "not used")
        return JSONResponse(state.model_dump(), status_code=200 if ready else 503)

    # HEAD too: load balancers probe with it (a 405 marked the service down).
    for path, probe in (("/healthz", healthz), ("/readyz", readyz)):
        app.add_api_route(path, probe, methods=["HEAD"], include_in_schema=False)

    @app.get("/v1/presets", response_model=Presets, tags=["service"], responses=ERRORS)
    def presets() -> Presets:
        """The preset names a request may pass as ``config``."""
        return Presets(default=engine.default_config.name, presets=preset_names())

    # Unset document keys (all but id and text) left out, as the example has them.
    @app.get(
        "/v1/example",
        response_model=Example,
        response_model_exclude_unset=True,
        tags=["service"],
        responses=ERRORS,
    )
    def example() -> dict[str, Any]:
        """The bundled lease example: an answer, its sources, and a phrase map."""
        text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
        return json.loads(text)

    @app.post(
        "/v1/align",
        response_model=AlignResponse,
        tags=["align"],
        responses=ERRORS,
        dependencies=[JSON_BODY],
    )
    def align(request: AlignRequest) -> dict[str, Any]:
        """Judge every sentence of the answer: supported, partial or unsupported.

        Each sentence comes with ranked citations (``verbatim`` quotes and
        ``paraphrase`` support, with offsets into the source) and the facts its
        evidence lacks. The citations the answer carries (its markers, or the
        structured ``citations`` given with it) are checked too: each cited source is
        judged alone, and each sentence gets a ``citation_status``. Sources are
        prepared once and cached, so sending the same sources again costs only the
        answer.
        """
        deadline = engine.deadline()
        config = engine.config_for(request.config, request.mode)
        sources = _plain(request.sources)
        report = engine.align(request.answer, sources, config, deadline, request.citations)
        return report.to_dict(request.fail_on)

    @app.post(
        "/v1/tag",
        response_model=TagResponse,
        tags=["align"],
        responses=ERRORS,
        dependencies=[JSON_BODY],
    )
    def tag(request: TagRequest) -> dict[str, Any]:
        """The answer with ``<cite ids="...">`` tags around what it takes from the sources.

        A map of id to phrases tags those exact phrases (fast, no model); a list
        of documents tags quotes and marks paraphrase support with
        ``kind="paraphrase"``.
        """
        deadline = engine.deadline()
        config = engine.config_for(request.config, request.mode)
        sources = request.sources if isinstance(request.sources, dict) else _plain(request.sources)
        tagged = engine.tag(
            request.answer, sources, config, request.word_level, deadline, request.citations
        )
        return vars(tagged)

    @app.post(
        "/v1/stream",
        tags=["align"],
        # (without it the schema also promised an application/json 200)
        response_class=EventStream,
        status_code=200,
        # (no 415: a stream's body is read whatever it is labelled, since clients that
        # stream a generator seldom label it; the schema promised a 415 it never sent)
        responses={
            **{status: answer for status, answer in ERRORS.items() if status != 415},
            200: {
                "description": "Server-sent events: a `data:` event per finished sentence "
                "(an item of /v1/align's `sentences`), then `event: done` with the summary, "
                "spans and blocks, or `event: error`.",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            },
        },
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": "JSON lines, sent as they are produced (chunked): first "
                '`{"sources": [...], "config": "..."}`, then `{"text": "..."}` per piece '
                "of the answer.",
                "content": {
                    "application/x-ndjson": {
                        "schema": {"type": "string"},
                        "example": '{"sources": [{"id": "lease", "text": "Rent is due '
                        'monthly."}]}\n{"text": "Rent is due "}\n{"text": "monthly. Pets '
                        'are"}\n{"text": " allowed."}\n',
                    }
                },
            }
        },
    )
    async def stream(request: Request) -> EventStream:
        """Check an answer while it is being generated, one event per finished sentence."""
        lines = lines_of(request.stream())
        header: StreamHeader = await read_header(lines)
        config = engine.config_for(header.config, header.mode)
        index = await run_in_threadpool(engine.index_for, _plain(header.sources), config)
        return EventStream(sentence_events(lines, Streamer(index=index, config=config)))


def _plain(documents: list[Document]) -> list[dict[str, Any]]:
    """The documents as the client sent them, for the library to read as it reads dicts."""
    return [d.given() for d in documents]


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(CitemarkError)
    async def refused(request: Request, exc: CitemarkError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(DeadlineExceeded)
    async def too_slow(request: Request, exc: DeadlineExceeded) -> JSONResponse:
        log.warning("%s stopped: %s", request.url.path, exc)
        return JSONResponse({"error": f"request {exc} (--max-seconds)"}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": describe(exc.errors())}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": _detail(exc)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s", request.url.path)
        return JSONResponse({"error": "internal error; the server log has the details"}, 500)


def _detail(exc: HTTPException) -> Any:
    """The error's detail; for a body FastAPI could not parse, what was wrong with it.

    FastAPI says only "There was an error parsing the body" when the body is not
    UTF-8 or nests too deeply for the JSON parser; the cause it chains says which.
    """
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError) and isinstance(cause.object, bytes):
        byte = cause.object[cause.start]
        return f"the body is not valid UTF-8 (byte 0x{byte:02x} at byte offset {cause.start})"
    if isinstance(cause, RecursionError):
        return "the body is not valid JSON: nested too deeply"
    return exc.detail


def _document_key(app: FastAPI) -> None:
    """Show the key requirement in /openapi.json and the /docs "Authorize" button."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes
            )
            schema.setdefault("components", {})["securitySchemes"] = {
                "ApiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
                "Bearer": {"type": "http", "scheme": "bearer"},
            }
            for path, operations in schema.get("paths", {}).items():
                if path.startswith("/v1/"):
                    for operation in operations.values():
                        operation["security"] = [{"ApiKey": []}, {"Bearer": []}]
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
