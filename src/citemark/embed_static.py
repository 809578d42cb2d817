"""The static embedder: MiniLM distilled into one vector per token (model2vec).

A sentence's vector is the mean of its tokens' vectors, unit-normalised: what
``model2vec.StaticModel.encode`` computes, done here with numpy, safetensors and
tokenizers so that the default path never imports torch, transformers or a hub
client. The model files are ``models/minilm-static-128`` in a source checkout and
``<prefix>/share/citemark/models/minilm-static-128`` in an installed wheel;
``models/README.md`` says how they were made.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .embed import Embedder
from .errors import ConfigError

MODEL_NAME = "minilm-static-128"
MODEL_FILES = ("config.json", "model.safetensors", "modules.json", "tokenizer.json")


@dataclass(frozen=True)
class StaticModel:
    """A token-vector table and the tokenizer that indexes it."""

    vectors: np.ndarray
    tokenizer: object
    unk_id: int | None


def model_dirs() -> list[Path]:
    """Where the static model is looked for, first match wins (like the presets)."""
    dirs = []
    if env := os.environ.get("CITEMARK_MODEL_DIR"):
        dirs.append(Path(env))
    dirs.append(Path(__file__).resolve().parents[2] / "models" / MODEL_NAME)
    dirs.append(Path(sys.prefix) / "share" / "citemark" / "models" / MODEL_NAME)
    return dirs


def model_dir(candidates: list[Path] | None = None) -> Path:
    """The first folder of ``candidates`` (default :func:`model_dirs`) holding the model."""
    candidates = candidates if candidates is not None else model_dirs()
    for path in candidates:
        if all((path / name).is_file() for name in MODEL_FILES):
            return path
    looked = ", ".join(str(p) for p in candidates)
    raise ConfigError(
        f"the static embedding model {MODEL_NAME!r} was not found (looked in {looked}); "
        "reinstall citemark, run `make models`, or use mode = 'lexical'"
    )


def load_static(path: Path | None = None) -> StaticModel:
    """The token vectors (as float32) and the tokenizer, from ``path`` or :func:`model_dir`."""
    # Tokenizing batches in Rust threads and then forking (batch, Dask) makes the
    # tokenizers library warn and fall back; one thread is plenty for word pieces.
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    folder = model_dir([path] if path is not None else None)
    vectors = load_file(str(folder / "model.safetensors"))["embeddings"].astype(np.float32)
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    unk = getattr(tokenizer.model, "unk_token", None)
    return StaticModel(vectors, tokenizer, tokenizer.token_to_id(unk) if unk else None)


class StaticEmbedder(Embedder):
    """Sentence vectors from the committed static model; thousands of sentences a second."""

    name = "static"

    def __init__(self, path: Path | None = None, cache_size: int = 200_000) -> None:
        super().__init__(cache_size)
        self._path = path

    @property
    def dim(self) -> int:
        return int(self.model().vectors.shape[1])

    def _load(self) -> StaticModel:
        return load_static(self._path)

    def _embed(self, model: StaticModel, texts: list[str]) -> np.ndarray:
        encodings = model.tokenizer.encode_batch(texts, add_special_tokens=False)  # type: ignore[attr-defined]
        ids = [[i for i in e.ids if i != model.unk_id] for e in encodings]
        out = np.zeros((len(texts), model.vectors.shape[1]), dtype=np.float32)
        rows = [n for n, found in enumerate(ids) if found]
        if rows:
            flat = np.fromiter((i for n in rows for i in ids[n]), dtype=np.int64)
            starts = np.cumsum([0] + [len(ids[n]) for n in rows[:-1]])
            sums = np.add.reduceat(model.vectors[flat], starts, axis=0)
            out[rows] = sums / np.array([len(ids[n]) for n in rows], dtype=np.float32)[:, None]
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        # A text with no known token (empty, symbols only) keeps the zero vector:
        # its cosine with anything is 0, which is what it shares with any source.
        return np.divide(out, norms, out=out, where=norms > 0)
