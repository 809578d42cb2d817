"""What every embedder shares: the :class:`Embedder` interface, its vector cache and
the names of the embedders and devices a config may ask for.

The embedders themselves (:mod:`citemark.embed.static`, :mod:`citemark.embed.minilm`)
build on this module and nothing else of the package, so that neither imports the
other or the package's face (:mod:`citemark.embed`).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

EMBEDDERS = ("static", "minilm")
DEVICES = ("auto", "cpu", "cuda")


class Embedder:
    """Unit-length sentence vectors with an LRU cache keyed by the text's hash.

    Subclasses say how to load their model (:meth:`_load`) and how to embed texts
    with it (:meth:`_embed`); caching and thread safety live here, once.
    """

    name = "embedder"

    def __init__(self, cache_size: int = 200_000) -> None:
        self._model: Any = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    def clear_cache(self) -> None:
        """Forget the vectors of texts seen (see :func:`citemark.clear_caches`)."""
        with self._cache_lock:
            self._cache.clear()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def model(self) -> Any:
        """The underlying model, loaded on first call."""
        with self._lock:
            if self._model is None:
                self._model = self._load()
            return self._model

    @property
    def dim(self) -> int:
        """The length of every vector this embedder returns."""
        raise NotImplementedError

    def _load(self) -> Any:
        raise NotImplementedError

    def _embed(self, model: Any, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Normalised float32 vectors for ``texts`` (rows), embedding only those not cached.

        Safe to call from several threads (the HTTP service does): the cache is
        only touched under its lock, and the model runs outside it.
        """
        keys = [hashlib.blake2b(t.encode("utf-8"), digest_size=16).digest() for t in texts]
        with self._cache_lock:
            found = {k: self._cache[k] for k in keys if k in self._cache}
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in found}.items())
        if missing:
            vectors = self._embed(self.model(), [t for _, t in missing])
            with self._cache_lock:
                for (key, _), vector in zip(missing, vectors, strict=True):
                    found[key] = np.asarray(vector, dtype=np.float32)
                    self._remember(key, found[key])
        with self._cache_lock:
            for key in keys:
                if key in self._cache:
                    self._cache.move_to_end(key)
        rows = [found[k] for k in keys]
        return np.vstack(rows) if rows else np.zeros((0, self.dim), dtype=np.float32)

    def encode_uncached(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors computed afresh, neither read from nor written to the cache.

        For benchmarks that price what a text the process has never seen costs.
        """
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.asarray(self._embed(self.model(), list(texts)), dtype=np.float32)

    def _remember(self, key: bytes, vector: np.ndarray) -> None:
        self._cache[key] = vector
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
