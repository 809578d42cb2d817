"""citemark: mark which parts of a generated answer came from which sources.

The public face is small: :func:`align` for per-sentence support with verbatim and
paraphrase citations (:class:`SourceIndex` to prepare sources once), :func:`tag`
(and its HTML and span forms) for exact citations, :func:`parse_tagged` to read
tagged text back, the :class:`Match`/:class:`Block`
records behind them, and the matchers to prepare once and reuse.
"""

from .caches import clear_caches
from .config import Config, load_config, preset_names
from .deadline import Deadline, DeadlineExceeded
from .errors import CitemarkError, ConfigError, InputError
from .facts.model import Fact
from .index import SourceIndex
from .pipeline import align
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
]
