"""The embedding stage: unit-length sentence vectors, cached by text hash.

Two embedders share one cache and one interface (:class:`Embedder`):

- ``static`` (the default): a static model distilled from MiniLM with model2vec and
  committed in ``models/`` (see ``models/README.md``). A sentence vector is the mean
  of its tokens' vectors, so it needs numpy, safetensors and tokenizers only, loads
  in well under a second and never imports torch (:mod:`citemark.embed.static`).
- ``minilm`` (the ``precise`` preset, the ``precise`` install extra): the full MiniLM
  through sentence-transformers, ~10 s to import and tens of ms per sentence on a
  CPU, on the GPU when torch sees one (:mod:`citemark.embed.minilm`).

Neither fetches anything from a model hub. Vectors are cached by a BLAKE2b hash of
the text, so sources shared by many answers are embedded once.
"""

from __future__ import annotations

import threading

from ..errors import ConfigError
from .base import DEVICES, EMBEDDERS, Embedder
from .static import StaticEmbedder

__all__ = [
    "DEVICES",
    "EMBEDDERS",
    "Embedder",
    "StaticEmbedder",
    "default_embedder",
    "loaded_embedders",
    "make_embedder",
]


def make_embedder(kind: str = "static", device: str = "auto") -> Embedder:
    """A new embedder of ``kind``; the model itself loads on first use."""
    if kind == "static":
        return StaticEmbedder()
    if kind == "minilm":
        # imported on first use: its module is small, but it is the door to torch
        from .minilm import MiniLMEmbedder

        return MiniLMEmbedder(device=device)
    raise ConfigError(f"embedder must be one of {', '.join(EMBEDDERS)}; got {kind!r}")


_DEFAULTS: dict[tuple[str, str], Embedder] = {}
_DEFAULT_LOCK = threading.Lock()


def default_embedder(kind: str = "static", device: str = "auto") -> Embedder:
    """The process-wide embedder of ``kind``, so each model loads once per process (or worker)."""
    key = (kind, device if kind == "minilm" else "cpu")
    with _DEFAULT_LOCK:
        if key not in _DEFAULTS:
            _DEFAULTS[key] = make_embedder(kind, device)
        return _DEFAULTS[key]


def loaded_embedders() -> list[Embedder]:
    """The process-wide embedders made so far."""
    with _DEFAULT_LOCK:
        return list(_DEFAULTS.values())
