"""Word tokens with character offsets, shared by the verbatim and support stages.

Words are runs of letters, digits and underscores; in scripts written without
spaces (Chinese, Japanese) every character is its own token, so that a Japanese
answer can share a run of "tokens" with its source just as an English one does.
Keys are case-folded so that matching is case-insensitive.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from .fold import fold
from .types import Span

# Han, Hiragana, Katakana (with the prolonged sound mark), CJK compatibility and
# half-width Katakana: scripts without spaces between words.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")
_CJK_CHAR = re.compile(rf"[{_CJK}]")


@dataclass(frozen=True)
class Tokens:
    """The tokens of one text: parallel tuples of start, end and folded key."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    keys: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.keys)


def tokenize(text: str) -> Tokens:
    """Split ``text`` into word tokens (character tokens in CJK scripts)."""
    found = list(_TOKEN.finditer(text))
    return Tokens(
        tuple(m.start() for m in found),
        tuple(m.end() for m in found),
        tuple(_key(m.group()) for m in found),
    )


@lru_cache(maxsize=65536)
def _key(word: str) -> str:
    return fold(word)


def is_cjk(text: str, share: float = 0.3) -> bool:
    """Whether enough of ``text``'s letters are CJK that words cannot be told by spaces."""
    if share > 0 and _CJK_CHAR.search(text) is None:
        return False  # no CJK at all: skip counting the letters one by one
    letters = sum(1 for ch in text if ch.isalpha())
    return bool(letters) and len(_CJK_CHAR.findall(text)) / letters >= share


def slice_tokens(tokens: Tokens, span: Span) -> Tokens:
    """The tokens lying inside ``span`` of the text they came from."""
    i = bisect_left(tokens.starts, span.start)
    j = bisect_left(tokens.starts, span.end, lo=i)
    return Tokens(tokens.starts[i:j], tokens.ends[i:j], tokens.keys[i:j])
