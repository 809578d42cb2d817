"""The repository describes the product, and a newcomer can find their way in it.

The README is a product page (at most 15,000 bytes) and the CHANGELOG a summary by version
(at most 10 KB); the detail lives in ``docs/``, reached by links that resolve. No text
names the events of the repository's own making (a numbered stop, trial or round), and no
test file is named after one: a test file is named for the behaviour it checks.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README_LIMIT = 15_000
CHANGELOG_LIMIT = 10_240
SCANNED = ("src", "tests", "docs", "benchmarks", "README.md", "CHANGELOG.md")

# Built from parts so that this file, which spells the pattern, does not match it.
_EVENT_WORDS = "|".join(("st" + "op", "tri" + "al", "rou" + "nd"))
EVENT = re.compile(rf"\b({_EVENT_WORDS})s? ?#?[0-9]+\b", re.IGNORECASE)
EVENT_FILE_NAME = re.compile(_EVENT_WORDS, re.IGNORECASE)

# An inline link or image, ``[text](target "title")``, and a reference definition,
# ``[label]: target``.
_INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'(][^)]*)?\)")
_REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _repository_files() -> list[Path]:
    """The files under :data:`SCANNED`: those git tracks or would track (untracked but
    not ignored), or every file there where the tree is no git checkout."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", *SCANNED],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        names = sorted({name for name in listed.split("\0") if name})
        return [ROOT / name for name in names if (ROOT / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        found: list[Path] = []
        for entry in SCANNED:
            path = ROOT / entry
            found += [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        return [p for p in found if "__pycache__" not in p.parts]


def _text(path: Path) -> str | None:
    """The file's text, or None for a binary file (one that is not UTF-8 or holds NUL)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _relative_links(markdown: str) -> Iterator[str]:
    """The link targets of a markdown text that name a file of the repository: no URL, no
    anchor of the page itself, nothing inside code."""
    prose = _CODE_SPAN.sub("", _FENCE.sub("", markdown))
    targets = [m.group(1) for m in _INLINE_LINK.finditer(prose)]
    targets += [m.group(1) for m in _REFERENCE_LINK.finditer(prose)]
    for target in targets:
        if target.startswith(("#", "/")) or _SCHEME.match(target):
            continue
        yield target.split("#", 1)[0].split("?", 1)[0]


def test_the_readme_is_a_product_page_of_at_most_15000_bytes() -> None:
    size = (ROOT / "README.md").stat().st_size
    assert size <= README_LIMIT, f"README.md is {size:,} bytes, over {README_LIMIT:,}"


def test_the_changelog_is_a_summary_of_at_most_10_kib() -> None:
    path = ROOT / "CHANGELOG.md"
    assert path.is_file(), "CHANGELOG.md is missing"
    size = path.stat().st_size
    assert size <= CHANGELOG_LIMIT, f"CHANGELOG.md is {size:,} bytes, over {CHANGELOG_LIMIT:,}"


def test_the_event_pattern_finds_what_it_is_meant_to() -> None:
    """The scan below is only as good as its pattern: it finds each event word with its
    number, and leaves the same words in ordinary prose alone."""
    for hit in ("st" + "op 43", "Tri" + "al 47", "rou" + "nds 3", "st" + "op #12", "tri" + "al41"):
        assert EVENT.search(f"as seen at {hit}, the rule"), hit
    for prose in ("a full stop. 3 days", "the trial court", "round to 2 places", "stop words"):
        assert not EVENT.search(prose), prose


def test_no_text_names_the_events_of_its_own_making() -> None:
    files = _repository_files()
    assert any(p.name == "README.md" for p in files) and any(p.suffix == ".py" for p in files)
    found = []
    for path in files:
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if EVENT.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not found, "text names development events:\n" + "\n".join(found)


def test_no_test_file_is_named_after_an_event() -> None:
    names = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("*.py"))
    assert "tests/test_repository_hygiene.py" in names
    assert [n for n in names if EVENT_FILE_NAME.search(Path(n).name)] == []


@pytest.mark.parametrize(
    "page",
    ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))],
)
def test_every_relative_link_in_the_documentation_resolves(page: str) -> None:
    path = ROOT / page
    broken = [
        target
        for target in _relative_links(path.read_text("utf-8"))
        if target and not (path.parent / target).exists()
    ]
    assert broken == [], f"{page} links to files that do not exist: {broken}"


def test_the_link_reader_finds_links_and_skips_code_and_urls() -> None:
    text = (
        'See [usage](docs/usage.md#cli), ![chart](img/speed.png "speed") and\n'
        "[the site](https://example.com), [top](#install).\n"
        "```\n[not a link](missing.md)\n```\n"
        "Inline `[code](nowhere.md)` too.\n"
        "[ref]: docs/conflict-rules.md\n"
    )
    assert list(_relative_links(text)) == [
        "docs/usage.md",
        "img/speed.png",
        "docs/conflict-rules.md",
    ]
