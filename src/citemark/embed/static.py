"""The static embedder: MiniLM distilled into one vector per token (model2vec).

A sentence's vector is the mean of its tokens' vectors, unit-normalised: what
``model2vec.StaticModel.encode`` computes, done here with numpy, safetensors and
tokenizers so that the default path never imports torch, transformers or a hub
client. The model files are ``models/minilm-static-128`` in a source checkout and
``<prefix>/share/citemark/models/minilm-static-128`` in an installed wheel;
``models/README.md`` says how they were made.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from itertools import chain, pairwise
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ConfigError
from ..lazy import lazy_pattern
from ..tokens import is_spaced_word_char
from .base import Embedder

MODEL_NAME = "minilm-static-128"
# What BERT's pre-tokenizer makes of lower-cased printable ASCII: runs of letters and
# digits, and every other character alone.
_ASCII_WORDS = lazy_pattern(r"[a-z0-9]+|[^a-z0-9]")
# Distinct chunks whose token ids are remembered (~200 bytes each: ~40 MB when full,
# beside the embedder's 100 MB of cached vectors); past it the table starts afresh.
_CHUNK_CACHE_SIZE = 200_000
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
    dirs.append(Path(__file__).resolve().parents[3] / "models" / MODEL_NAME)
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


class ChunkIds:
    """Token ids of texts, each space-separated chunk tokenized once per process.

    The tokenizer (BERT's normalizer and pre-tokenizer) always splits at a space and
    treats the text on either side alone, so a text's ids are the concatenation of
    its chunks' ids, cut to the tokenizer's ``max_length`` as it would cut them.
    Sources repeat their words ("the", "Agreement", "Party's") many times over, so
    tokenizing each distinct chunk once, all of them in one call, costs a fraction
    of tokenizing every text (W2's 1,260 source sentences hold 38,242 chunks, 6,319
    distinct ones). A tokenizer whose truncation keeps anything but the first
    tokens is simply called on the whole texts.
    """

    def __init__(self, tokenizer: Any, limit: int = _CHUNK_CACHE_SIZE) -> None:
        self._tokenizer = tokenizer
        self._limit = limit
        self._ids: dict[str, list[int]] = {}
        serialized = tokenizer.to_str()
        spec = json.loads(serialized)
        truncation = tokenizer.truncation
        self._chunked = _splits_at_spaces(spec) and (
            truncation is None or truncation.get("direction") == "right"
        )
        self._max_length = truncation["max_length"] if truncation else None
        # A copy that never truncates, for the new chunks joined into one text.
        self._joined = type(tokenizer).from_str(serialized)
        self._joined.no_truncation()
        self._joined.no_padding()
        self._vocab: dict[str, int] = spec["model"]["vocab"] if _lowercase_wordpiece(spec) else {}

    def clear(self) -> None:
        """Forget the chunks seen (replaced, not cleared, as when the table is full)."""
        self._ids = {}

    def __call__(self, texts: list[str]) -> list[list[int]]:
        if not self._chunked:
            encodings = self._tokenizer.encode_batch(texts, add_special_tokens=False)
            return [e.ids for e in encodings]
        # Replaced, never cleared, when full: a thread holding the old table still
        # finds every chunk it has looked up.
        table = self._ids if len(self._ids) <= self._limit else {}
        self._ids = table
        chunked = [list(filter(None, text.split(" "))) for text in texts]
        new = [c for c in dict.fromkeys(chain.from_iterable(chunked)) if c not in table]
        if new:
            table.update(zip(new, self._encode_chunks(new), strict=True))
        ids_of, limit = table.__getitem__, self._max_length
        # Each text's chunks' ids chained in C, not added list by list in Python.
        result = [list(chain.from_iterable(map(ids_of, chunks))) for chunks in chunked]
        if limit is not None:
            result = [ids if len(ids) <= limit else ids[:limit] for ids in result]
        return result

    def _encode_chunks(self, chunks: list[str]) -> list[list[int]]:
        """Each chunk's ids: looked up when its words are in the vocabulary, else
        from the tokenizer (see :meth:`_tokenize_chunks`)."""
        found = [self._look_up(chunk) for chunk in chunks]
        rest = [chunk for chunk, ids in zip(chunks, found, strict=True) if ids is None]
        tokenized = iter(self._tokenize_chunks(rest) if rest else [])
        return [ids if ids is not None else next(tokenized) for ids in found]

    def _look_up(self, chunk: str) -> list[int] | None:
        """The ids of a printable ASCII chunk whose words and marks are all in the
        vocabulary, else ``None``.

        For such a chunk BERT's normalizer only lower-cases, its pre-tokenizer
        makes each run of letters and digits and each other character a word, and
        WordPiece's longest match for a word in the vocabulary is the word itself.
        ``[`` is left to the tokenizer, which would read ``[UNK]`` as its token.
        """
        if not (self._vocab and chunk.isascii() and chunk.isprintable()) or "[" in chunk:
            return None
        low = chunk.lower()
        if low.isalnum():  # one run of letters and digits: one word (most chunks)
            found = self._vocab.get(low)
            return None if found is None else [found]
        ids = []
        for word in _ASCII_WORDS.findall(low):
            found = self._vocab.get(word)
            if found is None:
                return None
            ids.append(found)
        return ids

    def _tokenize_chunks(self, chunks: list[str]) -> list[list[int]]:
        """Each chunk's ids, from one call on the chunks joined by spaces.

        One long text costs the tokenizer about half of what as many short texts
        do; each token's start offset says which chunk it came from (a token never
        spans a space).
        """
        starts = np.cumsum([0] + [len(c) + 1 for c in chunks[:-1]])
        encoding = self._joined.encode(" ".join(chunks), add_special_tokens=False)
        ids = encoding.ids
        offsets = np.fromiter((o[0] for o in encoding.offsets), dtype=np.int64, count=len(ids))
        owner = np.searchsorted(starts, offsets, side="right") - 1
        bounds = np.searchsorted(owner, np.arange(len(chunks) + 1)).tolist()
        return [ids[a:b] for a, b in pairwise(bounds)]


def _splits_at_spaces(spec: dict[str, Any]) -> bool:
    """Whether a tokenizer (its JSON) treats the text on either side of a space alone:
    BERT's normalizer and pre-tokenizer, and nothing added after them."""
    normalizer, pre = spec.get("normalizer") or {}, spec.get("pre_tokenizer") or {}
    return (
        normalizer.get("type") == "BertNormalizer"
        and pre.get("type") == "BertPreTokenizer"
        and spec.get("post_processor") is None
    )


def _lowercase_wordpiece(spec: dict[str, Any]) -> bool:
    """Whether ASCII words map to ids by lower-casing and a vocabulary look-up
    (WordPiece reads a word longer than ``max_input_chars_per_word`` as [UNK])."""
    normalizer, model = spec.get("normalizer") or {}, spec.get("model") or {}
    vocab = model.get("vocab") or {}
    return (
        _splits_at_spaces(spec)
        and normalizer.get("lowercase") is True
        and model.get("type") == "WordPiece"
        and int(model.get("max_input_chars_per_word", 0)) >= max(map(len, vocab), default=0)
        and all("[" in token["content"] for token in spec.get("added_tokens") or [])
    )


class StaticEmbedder(Embedder):
    """Sentence vectors from the committed static model; thousands of sentences a second."""

    name = "static"

    def __init__(self, path: Path | None = None, cache_size: int = 200_000) -> None:
        super().__init__(cache_size)
        self._path = path
        self._chunk_ids: ChunkIds | None = None
        # Per token id, what spelled_out counts it as (0, 1 or _SINGLE_LETTER), worked
        # out for the ids met: the whole vocabulary once cost 40-100 ms.
        self._kind_of: dict[int, int] = {}

    @property
    def dim(self) -> int:
        return int(self.model().vectors.shape[1])

    def _load(self) -> StaticModel:
        return load_static(self._path)

    def clear_cache(self) -> None:
        super().clear_cache()
        if self._chunk_ids is not None:
            self._chunk_ids.clear()

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        """What ``tokenizer.encode_batch(texts)`` gives as ids, through :class:`ChunkIds`."""
        if self._chunk_ids is None:
            self._chunk_ids = ChunkIds(self.model().tokenizer)
        return self._chunk_ids(texts)

    def spelled_out(self, texts: list[str]) -> list[bool]:
        """Whether the model reads each text letter by letter.

        The vocabulary is English WordPiece: Cyrillic, Greek, Arabic, Hebrew, Devanagari
        and Hangul words fall apart into one-letter pieces, and any two sentences of
        such a script average to nearly the same vector (unrelated Russian, Arabic or
        Hindi pairs scored cosine 0.92-0.98, English ones 0.08), so a cosine
        there says nothing. A text is spelled out when over half of its pieces that
        hold a letter are single letters of a spaced script, out of at least
        :data:`SPELLED_MIN_PIECES` (on the English dev sentences the share reaches
        0.29; Polish and Turkish read 0.4, Russian 0.96, Arabic 1.0).
        """
        out = [False] * len(texts)
        # ASCII text is English-like to this vocabulary (the English dev sentences' share
        # tops out at 0.29): only the others are tokenized for the test.
        asked = [n for n, text in enumerate(texts) if not text.isascii()]
        if not asked:
            return out
        kind_of = self._kind_of
        tokenizer = self.model().tokenizer
        for n, ids in zip(asked, self.token_ids([texts[n] for n in asked]), strict=True):
            letters = single = 0
            for i in ids:
                kind = kind_of.get(i)
                if kind is None:
                    token = tokenizer.id_to_token(i)
                    kind = kind_of[i] = _piece_kind(token or "")
                letters += kind > 0
                single += kind == _SINGLE_LETTER
            out[n] = letters >= SPELLED_MIN_PIECES and single > SPELLED_SHARE * letters
        return out

    def _embed(self, model: StaticModel, texts: list[str]) -> np.ndarray:
        found = self.token_ids(texts)
        counts = np.fromiter(map(len, found), dtype=np.int64, count=len(found))
        flat = np.fromiter(chain.from_iterable(found), dtype=np.int64, count=int(counts.sum()))
        if model.unk_id is not None:
            # [UNK] carries no meaning of the text's own: its tokens are left out.
            known = flat != model.unk_id
            if not known.all():
                owner = np.repeat(np.arange(len(found)), counts)
                counts = np.bincount(owner[known], minlength=len(found))
                flat = flat[known]
        out = np.zeros((len(texts), model.vectors.shape[1]), dtype=np.float32)
        rows = np.flatnonzero(counts)
        if len(rows):
            lengths = counts[rows]
            # Both give the same floats; spreading the work across texts pays only
            # from a few hundred texts on (it has a fixed cost per block count).
            sum_of = token_sums if len(lengths) >= _ACROSS_TEXTS else _token_sums
            sums = sum_of(model.vectors, flat, lengths)
            out[rows] = sums / lengths.astype(np.float32)[:, None]
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        # A text with no known token (empty, symbols only) keeps the zero vector:
        # its cosine with anything is 0, which is what it shares with any source.
        return np.divide(out, norms, out=out, where=norms > 0)


# See StaticEmbedder.spelled_out.
SPELLED_MIN_PIECES = 4
SPELLED_SHARE = 0.5
_SINGLE_LETTER = 2


def _piece_kind(token: str) -> int:
    """What :meth:`StaticEmbedder.spelled_out` counts a vocabulary entry as: 0 (no letter,
    or a special token), 1 (a piece holding letters) or :data:`_SINGLE_LETTER`."""
    piece = token[2:] if token.startswith("##") else token
    if len(piece) == 1:
        return _SINGLE_LETTER if piece.isalpha() and is_spaced_word_char(piece) else 0
    if token.startswith("[") and token.endswith("]"):
        return 0
    return 1 if any(c.isalpha() for c in piece) else 0


# Texts whose token vectors are gathered and summed at a time: a few MB of gathered
# rows stay in the CPU cache, where one gather for a whole batch of sources did not.
_SUM_ROWS = 256
# From this many texts on, token_sums beats _token_sums (0.5x at 64 texts of source
# sentences, 1.4x at 256, 2.0x at 1,260: the W2 sources).
_ACROSS_TEXTS = 256


def _token_sums(vectors: np.ndarray, flat: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Per text, the sum of its tokens' vectors (``flat`` holds the texts' ids in turn).

    The plain way, kept as the reference :func:`token_sums` is held to (and for the
    texts too long for it): ``reduceat`` sums each text on its own, so summing a
    block of whole texts at a time gives the very same floats as one call over all.
    """
    starts = np.concatenate([[0], np.cumsum(lengths)])
    sums = np.empty((len(lengths), vectors.shape[1]), dtype=vectors.dtype)
    for first in range(0, len(lengths), _SUM_ROWS):
        last = min(first + _SUM_ROWS, len(lengths))
        lo, hi = starts[first], starts[last]
        sums[first:last] = np.add.reduceat(vectors[flat[lo:hi]], starts[first:last] - lo, axis=0)
    return sums


# Past this many rows a text's sum is left to ``reduceat`` itself: numpy's pairwise
# summation splits such a run in halves, which :func:`token_sums` does not copy.
_PAIRWISE_BLOCK = 128


def token_sums(vectors: np.ndarray, flat: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """:func:`_token_sums` to the last bit, with the work spread across texts.

    ``reduceat`` sums one text at a time: its first row, plus numpy's pairwise sum
    of the others (fewer than 8 added in turn from zero; else eight running sums
    over blocks of 8, combined as ``((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7))``, then the
    last ``m % 8`` added in turn). Texts with the same number of blocks take the
    same steps, so here each step is one array operation over all of them: the
    same additions in the same order, so the same floats (a test holds the two
    equal), in about half the time on source sentences.
    """
    count, dim = len(lengths), vectors.shape[1]
    starts = np.zeros(count, dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    out = vectors[flat[starts]]  # every text's first row (a fresh array)
    rest = lengths - 1  # the rows pairwise-summed onto it
    for t in np.flatnonzero(rest > _PAIRWISE_BLOCK).tolist():
        first = starts[t]
        out[t] = np.add.reduceat(vectors[flat[first : first + lengths[t]]], [0], axis=0)[0]
    summed = (rest >= 1) & (rest <= _PAIRWISE_BLOCK)
    blocks = np.where(rest >= 8, rest // 8, 0)
    for b in np.unique(blocks[summed]).tolist():
        group = np.flatnonzero(summed & (blocks == b))
        after = starts[group] + 1
        if b:
            at = after[:, None, None] + (np.arange(b)[:, None] * 8 + np.arange(8))[None]
            rows = vectors[flat[at]]  # (texts, blocks, 8, dim)
            r = rows[:, 0]
            for k in range(1, b):
                r = r + rows[:, k]
            res = ((r[:, 0] + r[:, 1]) + (r[:, 2] + r[:, 3])) + (
                (r[:, 4] + r[:, 5]) + (r[:, 6] + r[:, 7])
            )
        else:
            res = np.zeros((len(group), dim), dtype=vectors.dtype)
        left = rest[group] - 8 * b  # 0-7 rows added in turn
        tail = after + 8 * b
        for i in range(int(left.max())):
            some = np.flatnonzero(left > i)
            res[some] = res[some] + vectors[flat[tail[some] + i]]
        out[group] = out[group] + res
    return out
