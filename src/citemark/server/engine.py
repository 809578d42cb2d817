"""What the HTTP service keeps between requests: configs, prepared sources, the model.

A RAG pipeline sends many answers against the same few sources, so a prepared
:class:`~citemark.index.SourceIndex` is kept in a small LRU keyed by a hash of
the sources and the config; the embedding model and the segmenter are loaded
once per process (see :mod:`citemark.embed`) and warmed up at start-up, so that
the first request does not pay ten seconds for imports.
"""

from __future__ import annotations

import gc
import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..config import Config, load_config, preset_names
from ..deadline import Deadline, DeadlineExceeded, check
from ..errors import ConfigError, InputError
from ..index import SourceIndex
from ..pipeline import align, warm_up
from ..render import SpanDict, marks_from_blocks, render_html, render_spans, render_tagged
from ..report import Report
from ..tagging import find_blocks
from ..types import coverage_of

if TYPE_CHECKING:
    from .models import ModelState

log = logging.getLogger("citemark.server")

DEFAULT_MAX_REQUEST_BYTES = 5_000_000
# The time budget of one request. The bundled example takes ~0.1 s, a 50,000-char
# answer against 50 contracts ~10 s in hybrid mode on one busy core; a 1 MB
# answer takes minutes, which is what this stops.
DEFAULT_MAX_SECONDS = 60.0


@dataclass(frozen=True)
class Settings:
    """How the service runs: its default config, its key, and its limits."""

    config: str = "default"
    api_key: str | None = None
    max_request_bytes: int = DEFAULT_MAX_REQUEST_BYTES
    # Seconds of work per request before it is stopped and answered 503; None: no limit.
    max_seconds: float | None = DEFAULT_MAX_SECONDS
    index_cache_size: int = 16
    warm_up: bool = True
    # Freeze what warm-up loaded out of the garbage collector's reach (``gc.freeze``):
    # process-wide, so only the service's own process (``citemark serve``) asks for it,
    # never an app that embeds the API in a process of its own.
    freeze_after_warm_up: bool = False
    # Requests aligning at once (None: no limit); the rest wait their turn, the wait
    # counted against their budget. Python threads share one interpreter lock, so a
    # burst of twelve heavy requests each got a twelfth of it and all twelve ran out of
    # time together; in turns, those that fit finish and the rest are refused
    # without spending any work. Off by default: a small request then waits behind the
    # heavy ones (in that burst, with one place: 4.8 s against 1.2 s without a limit).
    max_concurrent: int | None = None

    def __post_init__(self) -> None:
        if self.max_concurrent is not None and (
            isinstance(self.max_concurrent, bool)
            or not (isinstance(self.max_concurrent, int) and self.max_concurrent >= 1)
        ):
            got = self.max_concurrent
            raise ConfigError(f"max_concurrent must be an integer >= 1, got {got!r}")
        key = self.api_key
        if key is not None and not (key and all("!" <= c <= "~" for c in key)):
            # Headers travel as latin-1 bytes, so a key such as "clé-123" matched only
            # clients that sent it in latin-1; curl (UTF-8) was always refused.
            raise ConfigError(
                "the API key must be printable ASCII without spaces "
                "(letters, digits and punctuation): HTTP headers carry nothing else safely"
            )


@dataclass(frozen=True)
class Tagged:
    """The answer of /v1/tag, in both modes."""

    mode: str
    tagged: str
    html: str
    spans: list[SpanDict]
    coverage: float


class Engine:
    """Aligns and tags with shared, bounded caches; safe to call from many threads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.default_config = load_config(settings.config)
        self._indexes: OrderedDict[bytes, SourceIndex] = OrderedDict()
        self._lock = threading.Lock()
        places = settings.max_concurrent
        self._slots = threading.BoundedSemaphore(places) if places is not None else None
        self._warm_up_failed = False

    @property
    def model_state(self) -> ModelState:
        """For /healthz: whether the embedding model is loaded, being loaded, or unused."""
        from ..embed import default_embedder

        cfg = self.default_config
        if default_embedder(cfg.embedder, cfg.device).loaded:
            return "ready"
        if self.default_config.mode == "lexical":
            return "not used"
        return "failed" if self._warm_up_failed else "loading"

    # ------------------------------------------------------------------ configs

    def config_for(self, name: str | None = None, mode: str | None = None) -> Config:
        """The server's config, or a named preset; with ``mode`` overriding its mode.

        Requests may name presets only, never paths: a client must not make the
        server read files of its choosing.
        """
        config = self.default_config if name is None else _preset(name)
        if mode is not None and mode != config.mode:
            config = config.with_(mode=mode)
        return config

    # ------------------------------------------------------------------ sources

    def deadline(self) -> Deadline | None:
        """A new request's deadline: ``max_seconds`` from now (None without a limit)."""
        seconds = self.settings.max_seconds
        return Deadline.after(seconds) if seconds else None

    def index_for(
        self,
        sources: Sequence[Mapping[str, Any]],
        config: Config,
        deadline: Deadline | None = None,
    ) -> SourceIndex:
        """A prepared index of ``sources`` under ``config``, reused while it is cached."""
        key = _key(sources, config)
        with self._lock:
            index = self._indexes.get(key)
            if index is not None:
                self._indexes.move_to_end(key)
                return index
        index = SourceIndex([dict(s) for s in sources], config, deadline=deadline)
        with self._lock:
            self._indexes[key] = index
            while len(self._indexes) > self.settings.index_cache_size:
                self._indexes.popitem(last=False)
        return index

    # ------------------------------------------------------------------ work

    def align(
        self,
        answer: str,
        sources: Sequence[Mapping[str, Any]],
        config: Config,
        deadline: Deadline | None = None,
        citations: object = None,
    ) -> Report:
        """:func:`~citemark.align` on cached sources; ``DeadlineExceeded`` past ``deadline``.

        ``citations`` are the structured citations given with the answer (``None``: the
        markers written in it are read), passed to ``align`` as they came.
        """
        with self._worker(deadline):
            index = self.index_for(sources, config, deadline)
            return align(
                answer, None, index=index, config=config, deadline=deadline, citations=citations
            )

    @contextmanager
    def _worker(self, deadline: Deadline | None) -> Iterator[None]:
        """One of the ``max_concurrent`` places to work, waited for within ``deadline``."""
        slots = self._slots
        if slots is None:
            yield
            return
        if deadline is None:
            slots.acquire()
        elif not slots.acquire(timeout=max(deadline.remaining, 0)):
            raise DeadlineExceeded(deadline.seconds, "waiting for a free worker")
        try:
            yield
        finally:
            slots.release()

    def tag(
        self,
        answer: str,
        sources: Sequence[Mapping[str, Any]] | Mapping[str, list[str]],
        config: Config,
        word_level: bool = True,
        deadline: Deadline | None = None,
        citations: object = None,
    ) -> Tagged:
        """Phrase mode (exact phrases, no model) for a map, document mode for a list.

        Phrases are matched once and rendered in every form, under ``config``'s
        size limits. Phrase mode reads the clock after matching only: matching is
        bounded by the size limits (about a second at worst, see the README).
        """
        if isinstance(sources, Mapping):
            with self._worker(deadline):
                blocks = find_blocks(answer, sources, word_level=word_level, config=config)
            check(deadline, "matching phrases")
            marks = marks_from_blocks(blocks)
            return Tagged(
                "phrase",
                render_tagged(answer, marks),
                render_html(answer, marks),
                render_spans(marks),
                round(coverage_of(answer, blocks), 4),
            )
        report = self.align(answer, sources, config, deadline, citations)
        # Rendering is linear in the answer's marks and notes, but it is work of the
        # request all the same: its clock is read after each form (/v1/tag answered 200
        # six seconds past --max-seconds while the page was quadratic in its notes).
        tagged = report.tagged()
        check(deadline, "rendering the tagged answer")
        page = report.html()
        check(deadline, "rendering the HTML")
        return Tagged("document", tagged, page, report.spans(), round(report.coverage, 4))

    def warm_up(self) -> None:
        """Build the segmenter, compile the stages' patterns and, in hybrid mode, load
        the model, before any request."""
        try:
            warm_up(self.default_config.with_(mode="lexical"))
            if self.default_config.mode == "hybrid":
                from ..embed import default_embedder

                cfg = self.default_config
                default_embedder(cfg.embedder, cfg.device).encode(["warm up"])
        except Exception:  # the first real request reports the problem to its client
            log.exception("warm-up failed")
            self._warm_up_failed = True
            return
        if self.settings.freeze_after_warm_up:
            # spaCy's tables and the model's vocabulary live as long as the service; a full
            # collection walked them all (~70 ms, between requests but at no chosen time).
            # Frozen, the collector's passes skip them.
            gc.collect()
            gc.freeze()

    def start_warm_up(self) -> threading.Thread | None:
        if not self.settings.warm_up:
            return None
        thread = threading.Thread(target=self.warm_up, name="citemark-warm-up", daemon=True)
        thread.start()
        return thread


@lru_cache(maxsize=32)
def _preset(name: str) -> Config:
    if name not in preset_names():
        known = ", ".join(preset_names())
        raise ConfigError(f"unknown preset {name!r} (known presets: {known})")
    return load_config(name)


def _key(sources: Sequence[Mapping[str, Any]], config: Config) -> bytes:
    """A digest of the sources and every config value that shapes the index."""
    try:
        payload = json.dumps(sources, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InputError(f"sources are not plain JSON data: {exc}") from None
    digest = hashlib.blake2b(digest_size=20)
    digest.update(payload.encode("utf-8", "surrogatepass"))
    digest.update(b"\0" + repr(config).encode())
    return digest.digest()
