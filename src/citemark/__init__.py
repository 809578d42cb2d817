"""citemark: mark which parts of a generated answer came from which sources.

The public face is small: :func:`tag` (and its HTML and span forms) for exact
citations, the :class:`Match`/:class:`Block` records behind them, and the
matchers to prepare once and reuse.
"""

from .errors import CitemarkError, ConfigError, InputError
from .render import Mark
from .tagging import coverage, find_blocks, find_matches, tag, tag_html, tag_spans
from .types import Block, Match, Source, Span
from .verbatim import DocumentMatcher, PhraseMatcher, merge

__version__ = "0.1.0"

__all__ = [
    "Block",
    "CitemarkError",
    "ConfigError",
    "DocumentMatcher",
    "InputError",
    "Mark",
    "Match",
    "PhraseMatcher",
    "Source",
    "Span",
    "__version__",
    "coverage",
    "find_blocks",
    "find_matches",
    "merge",
    "tag",
    "tag_html",
    "tag_spans",
]
