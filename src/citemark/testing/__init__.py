"""Grounding checks for test suites: :func:`assert_grounded` and a pytest plugin.

``assert_grounded(answer, sources)`` runs :func:`citemark.align` and fails like an
``assert`` when a sentence of the answer is unsupported or contradicted, with a message
that names each failing sentence, the values in conflict, the words no source holds and
the best evidence found. The plugin (:mod:`citemark.testing.plugin`, registered with
pytest as ``citemark``) adds the ``citemark_sources`` fixture and marker, the preset for
a run (``--citemark-config``) and review pages of the failures (``--citemark-report``).

pytest loads the plugin in every run of every project that has citemark installed, and
the plugin imports this package, so its names are imported when first read, as
``citemark``'s are: loading the plugin costs no stage of the pipeline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

_NAMES = {
    "assert_grounded": ".grounded",
}
__getattr__, __dir__ = lazy_names(__name__, _NAMES)

if TYPE_CHECKING:
    from .grounded import assert_grounded

__all__ = ["assert_grounded"]
