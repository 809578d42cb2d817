"""citemark: mark which parts of a generated answer came from which sources.

The public face is small: :func:`align` for per-sentence support with verbatim and
paraphrase citations (:class:`SourceIndex` to prepare sources once), :func:`tag`
(and its HTML and span forms) for exact citations, :func:`parse_tagged` to read
tagged text back, the :class:`Match`/:class:`Block`
records behind them, and the matchers to prepare once and reuse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

# Where each public name is defined. A name's module is imported when the name is
# first read, so ``import citemark`` loads no stage, no numpy and no regex; the type
# checker reads the imports below instead.
_NAMES = {
    "clear_caches": ".caches",
    "Config": ".config",
    "load_config": ".config",
    "preset_names": ".config",
    "Deadline": ".deadline",
    "DeadlineExceeded": ".deadline",
    "CitemarkError": ".errors",
    "ConfigError": ".errors",
    "InputError": ".errors",
    "Fact": ".facts.model",
    "SourceIndex": ".index",
    "align": ".pipeline",
    "warm_up": ".pipeline",
    "Mark": ".render",
    "SpanDict": ".render",
    "Tagged": ".render",
    "parse_tagged": ".render",
    "Citation": ".report",
    "Conflict": ".report",
    "Failure": ".report",
    "Report": ".report",
    "SentenceResult": ".report",
    "Streamer": ".stream",
    "coverage": ".tagging",
    "find_blocks": ".tagging",
    "find_matches": ".tagging",
    "tag": ".tagging",
    "tag_html": ".tagging",
    "tag_spans": ".tagging",
    "Block": ".types",
    "Match": ".types",
    "Source": ".types",
    "Span": ".types",
    "DocumentMatcher": ".verbatim",
    "PhraseMatcher": ".verbatim",
    "merge": ".verbatim",
}
__getattr__, __dir__ = lazy_names(__name__, _NAMES)

if TYPE_CHECKING:
    from .caches import clear_caches
    from .config import Config, load_config, preset_names
    from .deadline import Deadline, DeadlineExceeded
    from .errors import CitemarkError, ConfigError, InputError
    from .facts.model import Fact
    from .index import SourceIndex
    from .pipeline import align, warm_up
    from .render import Mark, SpanDict, Tagged, parse_tagged
    from .report import Citation, Conflict, Failure, Report, SentenceResult
    from .stream import Streamer
    from .tagging import coverage, find_blocks, find_matches, tag, tag_html, tag_spans
    from .types import Block, Match, Source, Span
    from .verbatim import DocumentMatcher, PhraseMatcher, merge

__version__ = "0.1.0"

__all__ = [
    "Block",
    "Citation",
    "CitemarkError",
    "Config",
    "ConfigError",
    "Conflict",
    "Deadline",
    "DeadlineExceeded",
    "DocumentMatcher",
    "Fact",
    "Failure",
    "InputError",
    "Mark",
    "Match",
    "PhraseMatcher",
    "Report",
    "SentenceResult",
    "Source",
    "SourceIndex",
    "Span",
    "SpanDict",
    "Streamer",
    "Tagged",
    "__version__",
    "align",
    "clear_caches",
    "coverage",
    "find_blocks",
    "find_matches",
    "load_config",
    "merge",
    "parse_tagged",
    "preset_names",
    "tag",
    "tag_html",
    "tag_spans",
    "warm_up",
]
