"""The errors citemark raises on bad input.

Every check of user input raises a subclass of :class:`CitemarkError` (itself a
``ValueError``) with a message that names what is wrong, so the CLI and the HTTP
service can turn it into one clear line or a 4xx body instead of a traceback.
"""

from __future__ import annotations


class CitemarkError(ValueError):
    """Base class of every validation error citemark raises on purpose."""


class InputError(CitemarkError):
    """The answer or the sources are not what citemark accepts."""


class ConfigError(CitemarkError):
    """A preset or configuration value is unknown or out of range."""
