"""A plain install pulls no evaluation library: each adapter is its own extra."""

from __future__ import annotations

import re
from importlib import metadata

import pytest

ADAPTER_LIBRARIES = {
    "ragas": "ragas",
    "deepeval": "deepeval",
    "llama-index-core": "llamaindex",
    "langsmith": "langchain",
    "langchain-core": "langchain",
    "pandas": "notebook",
}


def _requirements() -> list[str]:
    return metadata.requires("citemark") or []


@pytest.mark.parametrize(("library", "extra"), sorted(ADAPTER_LIBRARIES.items()))
def test_each_evaluation_library_comes_only_with_its_own_extra(library: str, extra: str) -> None:
    found = [r for r in _requirements() if re.match(rf"{re.escape(library)}\b", r)]
    assert found, f"{library} is not declared"
    for requirement in found:
        assert f'extra == "{extra}"' in requirement, requirement


def test_the_integrations_extra_names_every_adapter_extra() -> None:
    together = [r for r in _requirements() if 'extra == "integrations"' in r]
    (requirement,) = together
    for extra in set(ADAPTER_LIBRARIES.values()):
        assert extra in requirement
