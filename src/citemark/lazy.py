"""Things made on first use: compiled patterns and a package's public names.

``import citemark`` should cost a program that only wants one function little more
than a bare interpreter. Two things made it slow: a few hundred regular expressions
compiled at import, most of which a given answer never reaches (a rule's pattern runs
only when its trigger words occur), and package ``__init__`` modules that imported
every stage to offer its names. :func:`lazy_pattern` defers the first and
:func:`lazy_names` the second; neither changes what the code computes.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from typing import Any, cast

# The methods of a compiled pattern that the code calls. Each is a slot, empty until the
# first call of any of them compiles the pattern and fills them all with the compiled
# pattern's own bound methods: a call then costs what it costs on a pattern compiled at
# import.
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


# Every lazy pattern made so far (they are module constants, made once each), so
# that a long-lived process can compile them all before its first request
# (:func:`compile_all`).
_MADE: list[LazyPattern] = []


def compile_all() -> int:
    """Compile every lazy pattern of the modules imported so far; how many there are.

    A command-line call wants the few patterns its answer reaches and no others; a
    server or a batch worker wants none of that cost in its first request, and pays
    it here, at start (see :func:`citemark.warm_up`).
    """
    for pattern in _MADE:
        pattern.compiled()
    return len(_MADE)


class LazyPattern:
    """A regular expression compiled the first time one of its methods is called.

    ``pattern`` and ``flags`` are readable without compiling, so a larger pattern can
    be written from a smaller one's source.
    """

    __slots__ = ("_compile", "_compiled", "flags", "pattern", *_METHODS)

    search: Callable[..., Any]
    match: Callable[..., Any]
    fullmatch: Callable[..., Any]
    finditer: Callable[..., Any]
    findall: Callable[..., Any]
    sub: Callable[..., Any]
    subn: Callable[..., Any]
    split: Callable[..., Any]

    def __init__(
        self, pattern: str, flags: int = 0, compile: Callable[[str, int], Any] = re.compile
    ) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compile = compile
        self._compiled: Any = None
        _MADE.append(self)

    def __getattr__(self, name: str) -> Any:
        """A method's slot still empty: the pattern is not compiled yet."""
        if name in _METHODS:
            return getattr(self.compiled(), name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def compiled(self) -> Any:
        """The compiled pattern (compiled now if it was not yet)."""
        if self._compiled is None:
            compiled = self._compile(self.pattern, self.flags)
            for name in _METHODS:
                setattr(self, name, getattr(compiled, name))
            self._compiled = compiled
        return self._compiled

    @property
    def groups(self) -> int:
        return int(self.compiled().groups)

    @property
    def groupindex(self) -> Mapping[str, int]:
        return cast(Mapping[str, int], self.compiled().groupindex)

    def __repr__(self) -> str:
        return f"lazy_pattern({self.pattern!r}, {self.flags!r})"


def lazy_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used.

    Typed as the pattern it stands for: it answers every method the code calls on
    one (``search``, ``match``, ``fullmatch``, ``finditer``, ``findall``, ``sub``,
    ``subn``, ``split``) and ``pattern``, ``flags``, ``groups`` and ``groupindex``.
    """
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))


def lazy_regex(pattern: str, flags: int = 0) -> Any:
    """:func:`lazy_pattern` for the third-party ``regex`` engine (``regex.compile``).

    ``regex`` itself is imported on first use too: plain text never needs it.
    """

    def compile(source: str, flags: int) -> Any:
        import regex

        return regex.compile(source, flags=flags)

    return LazyPattern(pattern, flags, compile)


def lazy_names(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` (PEP 562) that import the module
    named in ``names`` (relative to ``package``) when one of its names is first read.

    The name is then set on the package, so the import runs once.
    """
    package_module = importlib.import_module(package)

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(package_module, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(package_module), *names})

    return __getattr__, __dir__
