"""``import citemark`` is cheap: public names and regexes are made when first used.

Each import test runs a fresh interpreter, since what a process has imported is a
property of the whole process.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import citemark
from citemark.lazy import LazyPattern, lazy_pattern


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport json, sys; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_import_citemark_loads_no_stage_numpy_or_regex() -> None:
    modules = _modules_after("import citemark")
    ours = {m for m in modules if m.startswith("citemark")}
    assert ours == {"citemark", "citemark.lazy"}, ours
    assert not {"numpy", "regex", "spacy", "click"} & modules


def test_the_fact_records_do_not_load_the_rules() -> None:
    modules = _modules_after("import citemark.config, citemark.facts.model")
    assert "citemark.facts.compare" not in modules
    assert not any(m.startswith("citemark.facts.rules") for m in modules)


def test_a_public_name_is_imported_when_first_read() -> None:
    modules = _modules_after("from citemark import align")
    assert "citemark.pipeline" in modules


@pytest.mark.parametrize("name", citemark.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(citemark, name) is not None
    assert name in dir(citemark)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = citemark.no_such_thing


def test_the_facts_package_offers_the_comparison_on_demand() -> None:
    from citemark import facts
    from citemark.facts.compare import check_facts

    assert facts.check_facts is check_facts


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source, text = r"(?P<word>[a-z]+)(?P<digits>\d*)", "abc12 de f3, GH"
    lazy, eager = lazy_pattern(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert lazy.pattern == eager.pattern and lazy.flags == re.IGNORECASE
    assert lazy.search(text, 3).span() == eager.search(text, 3).span()  # type: ignore[union-attr]
    assert lazy.match(text).group("digits") == "12"  # type: ignore[union-attr]
    assert lazy.fullmatch("xy9") is not None
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert lazy.findall(text) == eager.findall(text)
    assert lazy.sub("-", text) == eager.sub("-", text)
    assert lazy.subn("-", text, 2) == eager.subn("-", text, 2)
    assert lazy.split(text) == eager.split(text)
    assert lazy.groups == 2 and dict(lazy.groupindex) == {"word": 1, "digits": 2}


def test_a_lazy_pattern_compiles_only_when_used() -> None:
    pattern = LazyPattern(r"[a-z]+")
    bigger = LazyPattern(f"({pattern.pattern})+")  # a source read off another: no compiling
    assert pattern._compiled is None and bigger._compiled is None
    assert pattern.search("123 abc") is not None
    assert pattern._compiled is not None
    assert pattern.search == pattern.compiled().search  # the compiled pattern's own method
    assert bigger._compiled is None


def test_warm_up_compiles_every_pattern_of_the_stages() -> None:
    code = (
        "import citemark\n"
        "from citemark import lazy\n"
        "citemark.warm_up('lexical')\n"
        "left = [p.pattern for p in lazy._MADE if p._compiled is None]\n"
        "print(len(lazy._MADE), left)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    made, left = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert int(made) > 200, "the conflict rules' patterns were not imported"
    assert left == "[]"
