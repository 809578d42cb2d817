"""The fast paths of a first call give exactly what the plain ones give, on all dev text.

Two shortcuts keep a call without a prepared index cheap, and both must change no
output:

- segmentation: lines are cut at plain stops and spaCy sees only windows around
  the remaining terminators (``Segmenter()``), against spaCy and the repair
  component on every whole line (``Segmenter(plain_stops=False, windows=False)``);
- the static embedder's token ids: each space-separated chunk tokenized once
  (``ChunkIds``), against the tokenizer on whole texts (every line of every text,
  and every text cut into 300-character pieces, so that chunks are cut too);
- a whole source's numeric look-up: in ASCII text only the words the numeric scan
  reads are tokenized (``numeric_words``), against every token: the same numeric
  facts and indexes.

Texts: every answer and source of ``lfqa.jsonl`` and ``wice.jsonl`` and every CUAD
contract (``CITEMARK_DATA`` or ``../shared/data``). Prints a Markdown table; exits
1 if anything differs. Run::

    python benchmarks/exactness.py
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from _common import DATA_DIR, cuad_contracts, markdown_table

from citemark.embed.static import ChunkIds, load_static
from citemark.facts.analysis import numeric_indexes
from citemark.facts.quantities import numeric_words, scan_numeric
from citemark.facts.text import Tok, word_tokens
from citemark.segment import Segmenter

_BATCH = 2_000
_PIECE = 300


def dev_texts() -> list[str]:
    """Every answer and source text of the dev records, then every CUAD contract."""
    texts = []
    for name in ("lfqa", "wice"):
        with (DATA_DIR / f"{name}.jsonl").open(encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                texts.append(record["answer"])
                texts.extend(source["text"] for source in record["sources"])
    texts.extend(text for _, text in cuad_contracts())
    return texts


def compare_segmentation(texts: Sequence[str]) -> tuple[int, float, float]:
    """Texts segmented differently, and the seconds each segmenter took."""
    fast, whole = Segmenter(), Segmenter(plain_stops=False, windows=False)
    differ, fast_s, whole_s = 0, 0.0, 0.0
    for text in texts:
        fast_t, got = _timed(lambda t=text: fast(t))
        whole_t, expected = _timed(lambda t=text: whole(t))
        fast_s, whole_s = fast_s + fast_t, whole_s + whole_t
        differ += got != expected
    return differ, fast_s, whole_s


def pieces(texts: Sequence[str]) -> Iterator[str]:
    for text in texts:
        yield from text.splitlines()
        yield from (text[i : i + _PIECE] for i in range(0, len(text), _PIECE))


def compare_token_ids(texts: Sequence[str]) -> tuple[int, int, float, float]:
    """Pieces whose ids differ, pieces compared, and the seconds each way took."""
    tokenizer = load_static().tokenizer
    chunk_ids = ChunkIds(tokenizer)
    all_pieces = list(pieces(texts))
    differ, fast_s, whole_s = 0, 0.0, 0.0
    for first in range(0, len(all_pieces), _BATCH):
        batch = all_pieces[first : first + _BATCH]
        fast_t, got = _timed(lambda b=batch: chunk_ids(b))
        whole_t, encodings = _timed(
            lambda b=batch: tokenizer.encode_batch(b, add_special_tokens=False)
        )
        fast_s, whole_s = fast_s + fast_t, whole_s + whole_t
        differ += sum(g != e.ids for g, e in zip(got, encodings, strict=True))
    return differ, len(all_pieces), fast_s, whole_s


def compare_numeric_words(texts: Sequence[str]) -> tuple[int, int, float, float]:
    """ASCII texts whose numeric facts or indexes differ, texts compared, seconds each."""
    ascii_texts = [t for t in dict.fromkeys(texts) if t.isascii()]
    differ, fast_s, whole_s = 0, 0.0, 0.0
    for text in ascii_texts:
        fast_t, got = _timed(lambda t=text: _numeric_scan(t, numeric_words(t)))
        whole_t, expected = _timed(lambda t=text: _numeric_scan(t, word_tokens(t)))
        fast_s, whole_s = fast_s + fast_t, whole_s + whole_t
        differ += got != expected
    return differ, len(ascii_texts), fast_s, whole_s


def _numeric_scan(text: str, toks: list[Tok]) -> tuple[object, object]:
    found, _ = scan_numeric(text, toks)
    return found, numeric_indexes(toks, [p for _, p in found])


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    texts = dev_texts()
    chars = sum(map(len, texts))
    seg_differ, seg_fast, seg_whole = compare_segmentation(texts)
    ids_differ, ids_n, ids_fast, ids_whole = compare_token_ids(texts)
    num_differ, num_n, num_fast, num_whole = compare_numeric_words(texts)
    rows = [
        [
            "segmentation",
            f"{len(texts):,} texts ({chars / 1e6:.1f} M chars)",
            seg_differ,
            f"{seg_fast:.1f} s",
            f"{seg_whole:.1f} s",
        ],
        [
            "static token ids",
            f"{ids_n:,} lines and {_PIECE}-char pieces",
            ids_differ,
            f"{ids_fast:.1f} s",
            f"{ids_whole:.1f} s",
        ],
        [
            "numeric words of a source",
            f"{num_n:,} distinct ASCII texts",
            num_differ,
            f"{num_fast:.1f} s",
            f"{num_whole:.1f} s",
        ],
    ]
    header = ["shortcut", "compared", "differ", "fast path (CPU)", "plain path (CPU)"]
    print(markdown_table(header, rows))
    return 1 if seg_differ or ids_differ or num_differ else 0


if __name__ == "__main__":
    sys.exit(main())
