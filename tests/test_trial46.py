"""What the tenth trial (a security reviewer) found.

Each test fails on the code before its fix unless it says it is a guard. The browser
checks of the bidi fix are in ``tests/test_browser.py``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import citemark.facts.appointments as appointments
from citemark import InputError, align, load_config
from citemark.facts.negation import _gap_has_punct
from citemark.server.middleware import route_path
from citemark.spans import _Verdicts

LEXICAL = load_config("lexical")
KEY = "k3y-for-the-root-path"


# --------------------------------------------------------------------------- the root path


def test_the_key_and_the_page_headers_hold_under_a_root_path(
    start_server: Any, tmp_path: Path, lexical_preset: Path
) -> None:
    """Under ``--root-path`` uvicorn puts the prefix in front of the path, and the key
    check and the page's headers, matching "/v1/" and "/", let everything through."""
    args = ["--config", str(lexical_preset), "--root-path", "/citemark", "--api-key", KEY]
    body = {"answer": "The tax is due.", "sources": {"S1": ["tax"]}}
    with start_server(tmp_path, args) as server:
        refused = httpx.post(f"{server.url}/v1/tag", json=body, timeout=30)
        assert refused.status_code == 401
        taken = httpx.post(f"{server.url}/v1/tag", json=body, headers={"X-API-Key": KEY})
        assert taken.status_code == 200
        assert taken.headers["cache-control"] == "no-store"
        page = httpx.get(f"{server.url}/", timeout=30)
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert httpx.get(f"{server.url}/docs", timeout=30).headers["x-frame-options"] == "DENY"


def test_route_path() -> None:
    assert route_path({"path": "/citemark/v1/tag", "root_path": "/citemark"}) == "/v1/tag"
    assert route_path({"path": "/citemark", "root_path": "/citemark"}) == "/"
    assert route_path({"path": "/v1/tag", "root_path": "/citemark"}) == "/v1/tag"
    assert route_path({"path": "/citemarkx/v1", "root_path": "/citemark"}) == "/citemarkx/v1"
    assert route_path({"path": "/v1/tag", "root_path": ""}) == "/v1/tag"  # guard


# --------------------------------------------------------------------------- direction controls


def test_each_direction_control_is_fenced_off_in_the_html() -> None:
    """A quote of "500 ... 900" showed as "900 ... 500" (measured in Chromium in
    tests/test_browser.py); the page's text stays the answer."""
    source = "The monthly rent is 500 dollars and the late fee is 900 dollars."
    answer = (
        "The monthly rent is \u202e\u2066500\u2069\u2066 dollars and the late fee is "
        "\u2069\u2066900\u2069\u202c dollars."
    )
    page = align(answer, [{"id": "lease", "text": source}], config=LEXICAL).html()
    assert page.count("<bdi>") == 8
    assert re.search("<bdi>[^<]{2,}</bdi>|[\u202a-\u202e\u2066-\u2069](?!</bdi>)", page) is None
    assert html.unescape(re.sub(r"<[^>]*>", "", page)) == answer


@pytest.mark.parametrize(
    "bad",
    ["lease\u200b", "\u202eesael", "lease\ufeff", "l\u034fease", "\u2066lease",
     "lease\u2028x", "lease\u2029"],
)  # fmt: skip
def test_an_id_that_reads_as_another_is_refused(bad: str) -> None:
    """With "lease" and "lease\\u200b" the page showed two sources under one name; an
    override in an id turned the evidence line after it backwards."""
    with pytest.raises(InputError, match="source id"):
        align("Rent is due.", [{"id": bad, "text": "Rent is due."}], config=LEXICAL)


def test_ids_as_lawyers_write_them_stay_accepted() -> None:
    """Guard: spaces inside, punctuation, non-Latin letters, and white space at an end,
    which CUAD's file names have ("... Manufacturing Agreement "): refusing it, tried at
    stop 42, refused real data, so that " lease" and "lease" stay two ids."""
    for good in (
        "Smith v. Jones, 412 P.3d 88 (2019)",
        "Vertrag § 3",
        "契約書",
        "a\u00a0b",
        "Amendment #3 to Manufacturing Agreement ",
    ):
        report = align("Rent is due.", [{"id": good, "text": "Rent is due."}], config=LEXICAL)
        assert report.sentences[0].citations[0].source_id == good


# --------------------------------------------------------------------------- small slow inputs


_OTHER = "Rent is due on the first day of each month."


@pytest.mark.timeout(60)  # a hang guard, several times what each case takes (under 3 s)
@pytest.mark.parametrize(
    ("shape", "unit", "size", "same", "expected"),
    [
        ("The Supplier is Beta {}under the agreement.", "Corp ", 40_000, False, ["unsupported"]),
        ("The tenant may not sublet{}except with consent.", " ", 40_000, True, ["supported"]),
        ("Rent is due{}on the first day.", " ", 40_000, False, ["supported"]),
        ("The tenant may not sublet{}except with consent.", "$1 ", 80_000, True, ["supported"]),
        # cut in two at the segmenter's piece limit; the percents are in no source
        ("Rent is due{}on the first day.", "10% ", 160_000, False, ["partial", "partial"]),
    ],
)
def test_a_long_run_of_one_thing_is_read_in_bounded_time(
    shape: str, unit: str, size: int, same: bool, expected: list[str]
) -> None:
    """Runs of "Corp", of spaces, of amounts or percents were read again from each of
    their parts: 13-18 s at 20,000 characters, four times that at twice the size
    (regex backtracking from every space, a tuple of every fact's span hashed for each
    fact, every fact range tested for every word). The times are not asserted (see
    ``tests/test_pathological.py``); the outcome is."""
    answer = shape.format(unit * (size // len(unit)))
    report = align(answer, [{"id": "S", "text": answer if same else _OTHER}], config=LEXICAL)
    assert [s.status for s in report.sentences] == expected


def test_a_name_takes_at_most_three_suffixes() -> None:
    """Guard on what the bound keeps: "Acme Co. Ltd." and "Wells Fargo Bank, National
    Association" are still read whole."""
    found = appointments._DEFINED.search('Acme Co. Ltd. (the "Supplier")')
    assert found is not None and found.group("name") == "Acme Co. Ltd."
    text = 'Wells Fargo Bank, National Association (the "Agent")'
    found = appointments._DEFINED.search(text)
    assert found is not None and found.group("name") == "Wells Fargo Bank, National Association"


_GAPS = st.text(alphabet=" ab,;.\n()$1%“", max_size=300)


@given(_GAPS, st.integers(0, 300), st.integers(0, 300))
def test_a_long_gap_reads_as_a_short_one(text: str, a: int, b: int) -> None:
    """Guard (holds before and after): a long gap is looked up among the text's marks,
    with the answer of reading it."""
    a, b = sorted((min(a, len(text)), min(b, len(text))))
    gap = text[a:b]
    assert _gap_has_punct(text, a, b) == (gap != " " and any(c in ',;:.!?()[]{}"“”\n' for c in gap))


_REASONS = st.sampled_from(["fact", "missing_fact"])
_RANGE = st.tuples(st.integers(0, 60), st.integers(1, 12), _REASONS)


@given(st.lists(_RANGE, max_size=30), st.integers(0, 70), st.integers(1, 8))
def test_verdicts_by_bisection_equal_the_plain_reading(
    ranges: list[tuple[int, int, str]], start: int, length: int
) -> None:
    """Guard (holds before and after): the fact check's verdict on a word, looked up by
    bisection, is what testing every range gives."""
    spans = [(s, s + n, reason) for s, n, reason in ranges]
    end = start + length
    found = [reason for s, e, reason in spans if s < end and start < e]
    plain = "missing_fact" if "missing_fact" in found else ("fact" if found else None)
    assert _Verdicts(spans)(start, end) == plain  # type: ignore[arg-type]
