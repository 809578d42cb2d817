"""Validation at every face (library, CLI, API), security of the service, batch resume.

Every kind of bad input gets a clear refusal that names the problem: an
``InputError``/``ConfigError`` from the library, one line and exit 2 from the CLI,
a 4xx with a JSON ``{"error"}`` body from the API; nothing crashes with a
traceback, and nothing is silently wrong. What is accepted on purpose is pinned
down too: control characters (kept at their offsets, escaped in HTML), an empty
answer in the library (an empty report), repeated ids for disjoint chunks of one
document.
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import citemark
from citemark import (
    ConfigError,
    InputError,
    SourceIndex,
    Streamer,
    align,
    load_config,
    tag,
    tag_html,
    tag_spans,
)
from citemark.batch import align_record
from citemark.cli import main
from citemark.config import config_from_dict
from citemark.server.app import create_app
from citemark.server.engine import Settings

LEXICAL = load_config("default").with_(mode="lexical")
SOURCES = [
    {"id": "lease", "text": "The Tenant shall pay the monthly rent of $2,400 on the first day."},
    {"id": "rules", "text": "No pets are allowed in the building without written consent."},
]
ANSWER = "The tenant shall pay the monthly rent of $2,400 on the first day. Pets need consent."
KEY = "hardening-key-42"
BODY_LIMIT = 100_000
# The service under test runs a preset with small limits, so that refusing
# oversized input costs nothing.
LIMITS = {
    "max_answer_chars": 3_000,
    "max_sources": 5,
    "max_source_chars": 20_000,
    "max_phrases": 50,
    "max_matches": 500,
}


# --------------------------------------------------------------------------- library


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: align(None, SOURCES, config=LEXICAL), InputError, "answer must be str, got None"),
        (lambda: align(b"Rent.", SOURCES, config=LEXICAL), InputError, "decode it as UTF-8"),
        (lambda: align("Rent.", "lease", config=LEXICAL), InputError, "sources must be a list"),
        (lambda: align("Rent.", [42], config=LEXICAL), InputError, "source 0: expected a"),
        (lambda: align("Rent.", [{"id": "a", "text": 5}], config=LEXICAL), InputError,
         "source 0 text must be str, got int"),
        (lambda: align("Rent.", [{"id": "", "text": "x"}], config=LEXICAL), InputError,
         "source id is empty"),
        (lambda: align("Rent.", [{"id": "  ", "text": "x"}], config=LEXICAL), InputError,
         "source id is empty"),
        # Quotes, commas and markup are legal in ids (they are escaped where written:
        # "Smith v. Jones, 412 P.3d 88"); control characters, C1 included, are not.
        (lambda: align("Rent.", [{"id": "a\x1fb", "text": "x"}], config=LEXICAL), InputError,
         "contains '\\\\x1f'"),
        (lambda: align("Rent.", [{"id": "a\x85b", "text": "x"}], config=LEXICAL), InputError,
         "contains '\\\\x85'"),
        (lambda: align("Rent.", [{"id": "a\nb", "text": "x"}], config=LEXICAL), InputError,
         "control characters"),
        (lambda: align("Rent.", [{"id": True, "text": "x"}], config=LEXICAL), InputError,
         "must be a string, got bool"),
        (lambda: align("Rent.", [{"id": "a", "text": "x", "offset": -1}], config=LEXICAL),
         InputError, "non-negative integer"),
        (lambda: align("Rent.", [{"id": "a", "text": "x", "metadata": 7}], config=LEXICAL),
         InputError, "metadata must be a mapping"),
        (lambda: align("Rent \ud800.", SOURCES, config=LEXICAL), InputError,
         r"lone surrogate \(U\+D800\) at offset 5"),
        (lambda: align("Rent.", [{"id": "a", "text": "\udcff"}], config=LEXICAL), InputError,
         "source 0 text contains a lone surrogate"),
        (lambda: align("Rent.", None, index="prepared", config=LEXICAL), InputError,
         "index must be a SourceIndex"),
        (lambda: align("Rent.", SOURCES, config=LEXICAL, sentences=3), InputError,
         "sentences must be a list"),
        (lambda: align("Rent.", SOURCES, config=LEXICAL, sentences=[(0, 99)]), InputError,
         "must lie inside the answer"),
        (lambda: tag(42, {"S1": ["x"]}), InputError, "text must be str, got int"),
        (lambda: tag("x", {"S1": "x"}), InputError, "got one string"),
        (lambda: tag("x", {"S1": {"x": 1}}), InputError, "list of phrases, got dict"),
        (lambda: tag("x", {"S1": [None]}), InputError, "phrase 0 of source 'S1' must be str"),
        (lambda: tag("x", {1: ["x"], "1": ["y"]}), InputError, "same source id '1'"),
        (lambda: tag("x", {"a\tb": ["x"]}), InputError, "contains '\\\\t'"),
        (lambda: tag("x", ["not", "documents"], min_tokens=0), InputError, "min_tokens"),
        (lambda: tag("x", SOURCES, min_tokens="4"), InputError, "min_tokens"),
        (lambda: tag("x", {"S1": ["x"]}, config="no-such-preset"), ConfigError, "unknown preset"),
        (lambda: LEXICAL.with_(treshold=0.5), ConfigError, "unknown config key"),
        (lambda: LEXICAL.with_(supported_lexical=1.5), ConfigError, "between"),
        (lambda: LEXICAL.with_(partial_lexical=float("nan")), ConfigError, "between"),
        (lambda: LEXICAL.with_(min_tokens=2.5), ConfigError, "min_tokens must be a whole number"),
        (lambda: LEXICAL.with_(max_answer_chars=0), ConfigError, "max_answer_chars"),
        (lambda: LEXICAL.with_(max_matches=1e6), ConfigError, "max_matches must be a whole"),
        (lambda: LEXICAL.with_(strict_facts="yes"), ConfigError, "strict_facts must be true"),
        (lambda: LEXICAL.with_(mode="fast"), ConfigError, "mode must be one of"),
        (lambda: LEXICAL.with_(name=""), ConfigError, "name must be a non-empty string"),
        (lambda: LEXICAL.with_(weights_lexical={"recal": 1.0}), ConfigError, "unknown feature"),
        (lambda: config_from_dict([1, 2]), ConfigError, "must be a table"),  # type: ignore[arg-type]
        (lambda: config_from_dict({"thresholds": {"lexical": 0.5}}), ConfigError, "a table"),
        (lambda: config_from_dict({"max_answer_chars": 10, "colour": "red"}), ConfigError,
         "unknown config key.*colour"),
    ],
    ids=lambda value: None if callable(value) else str(value)[:40],
)  # fmt: skip
def test_library_refuses_bad_input_with_a_named_error(
    call: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        call()
    assert isinstance(caught.value, citemark.CitemarkError) and isinstance(caught.value, ValueError)


def test_a_config_file_with_an_unknown_key_or_bad_value_is_refused(tmp_path: Path) -> None:
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('mode = "lexical"\nmax_anwser_chars = 10\n', "utf-8")
    with pytest.raises(ConfigError, match=r"unknown config key.*max_anwser_chars"):
        load_config(unknown)
    bad = tmp_path / "bad.toml"
    bad.write_text('mode = "lexical"\n[thresholds.lexical]\nsupported = 2\n', "utf-8")
    with pytest.raises(ConfigError, match=r"thresholds\.lexical\.supported must be between"):
        load_config(bad)
    broken = tmp_path / "broken.toml"
    broken.write_bytes(b"mode = \xff\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(broken)


def test_an_empty_answer_is_an_empty_report_in_the_library() -> None:
    """Nothing to check is not an error here (a pipeline may produce it); the CLI and
    the API, where it is a user's mistake, refuse it (tested below)."""
    for answer in ("", "   \n"):
        report = align(answer, SOURCES, config=LEXICAL)
        assert report.sentences == () and report.blocks == () and report.coverage == 0.0
        assert report.tagged() == answer and report.spans() == []
        assert tag(answer, {"S1": ["rent"]}) == answer


def test_control_characters_are_kept_at_their_offsets_and_escaped_in_html() -> None:
    """Accepted, not refused: PDF and DOCX extractions carry NUL, form feeds and the
    like, and refusing a 300-page contract over one stray byte helps nobody. They
    never match a word, keep every offset, and HTML writes them as references."""
    answer = "The Tenant shall pay\x00 the monthly rent\x1b[0m of $2,400 on the first day.\x0c"
    sources = [{"id": "lease", "text": "\x00" + SOURCES[0]["text"] + "\x7f"}]
    report = align(answer, sources, config=LEXICAL)
    assert report.tagged().replace('<cite ids="lease">', "").replace("</cite>", "") == answer
    for sentence in report.sentences:
        assert sentence.text == answer[sentence.start : sentence.end]
        for c in sentence.citations:
            assert c.evidence == sources[0]["text"][c.source_start : c.source_end]
    page = report.html()
    assert "\x00" not in page and "\x1b" not in page and "&#x0;" in page and "&#x1B;" in page
    assert "\x0c" in page  # form feed is white space to HTML, and stays
    phrase_page = tag_html("a\x00<b>rent</b>\x7f", {"S1": ["rent"]})
    assert phrase_page == (
        'a&#x0;&lt;b&gt;<cite class="cm-verbatim" data-ids="S1">rent</cite>&lt;/b&gt;&#x7F;'
    )


def test_html_output_never_carries_markup_from_the_input() -> None:
    answer = '<script>alert("x")</script> The Tenant shall pay the monthly rent of $2,400.'
    sources = [{"id": "it's a \u00a0doc", "text": SOURCES[0]["text"]}]
    for page in (align(answer, sources, config=LEXICAL).html(), tag_html(answer, sources)):
        assert "<script" not in page
        assert set(re.findall(r"<(/?\w+)", page)) == {"cite", "/cite"}
        assert html.unescape(re.sub(r"<[^>]*>", "", page)) == answer
        assert 'data-ids="it&#x27;s a \u00a0doc"' in page


def test_repeated_ids_are_chunks_of_one_document() -> None:
    parent = SOURCES[0]["text"]
    cut = parent.index("monthly")
    chunks = [
        {"id": "lease", "text": parent[:cut]},
        {"id": "lease", "text": parent[cut:], "offset": cut},
    ]
    report = align("It is the monthly rent of $2,400 on the first day.", chunks, config=LEXICAL)
    cited = [c for s in report.sentences for c in s.citations]
    assert cited and all(c.source_id == "lease" for c in cited)
    assert all(parent[c.source_start : c.source_end] == c.evidence for c in cited)
    touching = [dict(chunks[0]), {**chunks[1], "offset": cut}]
    assert SourceIndex(touching, LEXICAL).sources[1].offset == cut
    for overlapping in (
        [chunks[0], {**chunks[1], "offset": cut - 1}],
        [{"id": "lease", "text": parent}, {"id": "lease", "text": "another document"}],
    ):
        with pytest.raises(InputError, match=r"duplicate source id 'lease'.*differ"):
            align("Rent.", overlapping, config=LEXICAL)


def test_overlapping_splitter_chunks_are_joined() -> None:
    """A text splitter's overlapping chunks (LangChain's ``chunk_overlap``) carry their
    offsets, so they are read as the run of the parent they cover (they were refused
    before; ``tests/test_chunks.py`` has the rest)."""
    parent = " ".join((SOURCES[0]["text"], SOURCES[1]["text"]))
    cut = parent.index("No pets")
    chunks = [
        {"page_content": parent[: cut + 20], "metadata": {"source": "lease", "start_index": 0}},
        {"page_content": parent[cut:], "metadata": {"source": "lease", "start_index": cut}},
    ]
    index = SourceIndex(chunks, LEXICAL)
    assert [(d.id, d.offset, d.text) for d in index.documents] == [("lease", 0, parent)]
    answer = "No pets are allowed on the premises."
    report = align(answer, None, index=index)
    whole = align(answer, [{"id": "lease", "text": parent}], config=LEXICAL)
    assert [(c.source_start, c.source_end, c.evidence) for c in report.sentences[0].citations] == [
        (c.source_start, c.source_end, c.evidence) for c in whole.sentences[0].citations
    ]


def test_a_start_in_metadata_is_no_chunk_offset() -> None:
    """Metadata is the user's ("start": a lease's start date, a page's start): only the
    keys text splitters write there ("start_index", "start_char_idx") place a chunk."""
    text = SOURCES[0]["text"]
    for metadata in ({"source": "lease", "start": 3}, {"source": "lease", "start": "2024-01-01"}):
        index = SourceIndex([{"page_content": text, "metadata": metadata}], LEXICAL)
        assert index.sources[0].offset == 0
    placed = SourceIndex(
        [{"page_content": text, "metadata": {"source": "lease", "start_index": 7}}], LEXICAL
    )
    assert placed.sources[0].offset == 7
    assert SourceIndex([{"id": "lease", "text": text, "start": 5}], LEXICAL).sources[0].offset == 5


def test_config_limits_reach_align_tag_index_and_streamer() -> None:
    small = LEXICAL.with_(max_answer_chars=40, max_sources=1, max_source_chars=100)
    long_answer = "The rent is due on the first day of each month."
    with pytest.raises(InputError, match=r"answer has 47 characters.*40 \(max_answer_chars\)"):
        align(long_answer, SOURCES[:1], config=small)
    with pytest.raises(InputError, match=r"text has 47 characters.*max_answer_chars"):
        tag(long_answer, {"S1": ["rent"]}, config=small)
    with pytest.raises(InputError, match="max_sources"):
        SourceIndex(SOURCES, small)
    with pytest.raises(InputError, match="max_sources"):
        tag("rent", {"S1": ["rent"], "S2": ["due"]}, config=small)
    with pytest.raises(InputError, match="max_source_chars"):
        tag_spans("rent", [{"id": "a", "text": "rent " * 30}], config=small)
    streamer = Streamer(SOURCES[:1], config=small)
    streamer.feed("The rent is due. ")
    with pytest.raises(InputError, match="max_answer_chars"):
        streamer.feed("It is due on the first day.")
    # The defaults of the library equal those of Config.
    assert load_config("default").limits() == citemark.sources.DEFAULT_LIMITS


# --------------------------------------------------------------------------- CLI


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """What a failed command printed: exit 2, exactly one line, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def small_preset(lexical_preset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lexical preset with small size limits (top-level keys go before tables)."""
    limits = "".join(f"{key} = {value}\n" for key, value in LIMITS.items())
    path = tmp_path_factory.mktemp("small") / "small-limits.toml"
    text = lexical_preset.read_text("utf-8").replace('name = "lexical-test"', 'name = "small"')
    path.write_text(limits + text, "utf-8")
    assert load_config(path).max_answer_chars == LIMITS["max_answer_chars"]
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hardening-cli")
    contents: dict[str, bytes] = {
        "documents": json.dumps(SOURCES).encode(),
        "phrases": json.dumps({"lease": ["monthly rent of $2,400"]}).encode(),
        "bom_phrases": b"\xef\xbb\xbf" + json.dumps({"lease": ["monthly rent"]}).encode(),
        "quoted_ids": json.dumps({"le\u0007ase": ["rent"]}).encode(),
        "bracket_ids": json.dumps([{"id": "<lease>\u009b", "text": "rent"}]).encode(),
        "overlapping": json.dumps(
            [{"id": "lease", "text": "rent is due"}, {"id": "lease", "text": "on time"}]
        ).encode(),
        "deep": b"[" * 100_000,
        "bad_utf8_sources": b'{"lease": ["rent \xff"]}',
        "answer": ANSWER.encode(),
        "bad_utf8_answer": b"The monthly rent \xff is due.",
        "control_answer": b"The monthly rent of $2,400\x00 <b>is due</b>.\x1b[31m",
        "crlf_answer": b"The monthly rent of $2,400\r\nis due.\r\n",
        "long_answer": ("The monthly rent is due. " * 200).encode(),
        "huge_answer": b"x" * (4 * LIMITS["max_answer_chars"] + 100),
        "empty_answer": b" \n\t",
        "unknown_key": b'mode = "lexical"\ncolour = "red"\n',
        "bad_threshold": b'mode = "lexical"\n[thresholds.lexical]\nsupported = 1.5\n',
    }
    paths = {}
    for name, data in contents.items():
        suffix = ".toml" if name in ("unknown_key", "bad_threshold") else ".json"
        suffix = ".txt" if "answer" in name else suffix
        paths[name] = root / f"{name}{suffix}"
        paths[name].write_bytes(data)
    return paths


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["tag", "--sources", "{phrases}", "{bad_utf8_answer}"], None,
         r"bad_utf8_answer.txt: not valid UTF-8 \(byte 0xff at byte offset 17\)"),
        (["tag", "--sources", "{phrases}"], b"rent \xff\xfe", "standard input: not valid UTF-8"),
        (["tag", "--sources", "{bad_utf8_sources}", "{answer}"], None,
         "bad_utf8_sources.json: not valid UTF-8"),
        (["tag", "--sources", "{deep}", "{answer}"], None, "nested too deeply"),
        (["tag", "--sources", "{quoted_ids}", "{answer}"], None, "contains '\\\\x07'"),
        (["tag", "--sources", "{bracket_ids}", "{answer}"], None, "contains '\\\\x9b'"),
        (["check", "--sources", "{overlapping}", "{answer}"], None,
         "duplicate source id 'lease'"),
        (["tag", "--sources", "{phrases}", "{empty_answer}"], None, "answer is empty"),
        (["tag", "--sources", "{phrases}", "--config", "{small}", "{long_answer}"], None,
         r"over 3,000 characters, the limit \(max_answer_chars\)"),
        (["tag", "--sources", "{phrases}", "--config", "{small}", "{huge_answer}"], None,
         "max_answer_chars"),
        (["tag", "--sources", "{phrases}", "--config", "{small}"], b"x" * 3_001,
         "standard input: the answer is over 3,000 characters"),
        (["tag", "--sources", "{phrases}", "--config", "{unknown_key}", "{answer}"], None,
         "unknown config key.*colour"),
        (["check", "--sources", "{documents}", "--config", "{bad_threshold}", "{answer}"], None,
         "thresholds.lexical.supported must be between"),
        (["serve", "--config", "{unknown_key}", "--port", "0"], None, "unknown config key"),
    ],
    ids=["utf8 file", "utf8 stdin", "utf8 sources", "deep json", "quote id", "bracket id",
         "overlap", "empty", "limit", "huge file", "limit stdin", "config key", "config range",
         "serve config"],
)  # fmt: skip
def test_cli_refuses_with_one_line_and_exit_2(
    cli: Any,
    files: dict[str, Path],
    small_preset: Path,
    args: list[str],
    stdin: bytes | None,
    message: str,
) -> None:
    names = {k: str(v) for k, v in files.items()} | {"small": str(small_preset)}
    command = [sys.executable, "-m", "citemark", *[a.format(**names) for a in args]]
    result = subprocess.run(command, input=stdin or b"", capture_output=True, timeout=120)
    text = subprocess.CompletedProcess(
        result.args, result.returncode, result.stdout.decode(), result.stderr.decode()
    )
    assert re.search(message, one_line_error(text)), text.stderr


def test_cli_accepts_control_characters_a_bom_and_crlf(
    cli: Any, files: dict[str, Path], small_preset: Path
) -> None:
    html_out = cli(
        "tag", "--sources", str(files["phrases"]), "--format", "html", str(files["control_answer"])
    )
    assert html_out.returncode == 0, html_out.stderr
    assert html_out.stdout.rstrip("\n") == (
        'The <cite class="cm-verbatim" data-ids="lease">monthly rent of $2,400</cite>&#x0; '
        "&lt;b&gt;is due&lt;/b&gt;.&#x1B;[31m"
    )
    spans = cli("tag", "--sources", str(files["bom_phrases"]), "--format", "json",
                "--config", str(small_preset), str(files["crlf_answer"]))  # fmt: skip
    assert spans.returncode == 0, spans.stderr
    data = json.loads(spans.stdout)
    # taken as it comes, as standard input is, so offsets index the file
    assert data["tagged"] == 'The <cite ids="lease">monthly rent</cite> of $2,400\r\nis due.\r\n'
    crlf = files["crlf_answer"].read_bytes().decode()
    piped = cli("tag", "--sources", str(files["bom_phrases"]), "--format", "json",
                "--config", str(small_preset), input=crlf)  # fmt: skip
    assert json.loads(piped.stdout) == data


# --------------------------------------------------------------------------- API


@pytest.fixture(scope="module")
def server(start_server: Any, small_preset: Path, tmp_path_factory: pytest.TempPathFactory):
    args = ["--config", str(small_preset), "--max-request-bytes", str(BODY_LIMIT)]
    env = {"CITEMARK_API_KEY": KEY}
    with start_server(tmp_path_factory.mktemp("hardening-api"), args, env=env) as running:
        yield running


@pytest.fixture(scope="module")
def client(server: Any) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


def _body(answer: object = "Rent.", sources: object = SOURCES, **extra: object) -> dict[str, Any]:
    return {"answer": answer, "sources": sources, **extra}


def assert_json_error(response: httpx.Response, status: int, message: str = "") -> str:
    """A refusal: the status, a JSON body with one "error" line, never sniffable as HTML."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers.get("x-content-type-options") == "nosniff"
    error = response.json()["error"]
    assert isinstance(error, str) and "\n" not in error and re.search(message, error), error
    return error


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/v1/align", _body(answer=5), 422, "answer: Input should be a valid string"),
        ("/v1/align", _body(sources="lease"), 422, "sources"),
        ("/v1/align", _body(sources=[{"id": [3], "text": "x"}]), 422, "sources.0.id"),
        ("/v1/align", _body(answer=""), 422, "answer is empty"),
        ("/v1/align", _body(confg="legal-strict"), 422,
         r"confg: unknown field \(did you mean 'config'\?\)"),
        ("/v1/align", _body(preset="legal-strict"), 422,
         r"preset: unknown field \(did you mean 'config'\?\)"),
        ("/v1/tag", _body(sources={"S1": ["rent"]}, wordlevel=False), 422, "wordlevel"),
        ("/v1/align", _body(sources=[{"id": "", "text": "x"}]), 422, "sources.0.id"),
        ("/v1/align", _body(sources=[{"id": " ", "text": "x"}]), 400, "id is empty"),
        ("/v1/align", _body(sources=[{"id": "a\x00b", "text": "x"}]), 400, "control characters"),
        ("/v1/tag", _body(sources={"<script>\x1b": ["rent"]}), 400, "contains '\\\\x1b'"),
        ("/v1/align", _body(sources=[{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]), 400,
         "duplicate source id"),
        ("/v1/align", _body(answer="Rent. " * 600), 400,
         r"over the limit of 3,000 \(max_answer_chars\)"),
        ("/v1/tag", _body(answer="Rent. " * 600, sources={"S1": ["rent"]}), 400, "max_answer"),
        ("/v1/align", _body(sources=[{"id": f"d{n}", "text": "x"} for n in range(6)]), 400,
         "max_sources"),
        ("/v1/tag", _body(sources={"S1": ["rent"] * 51}), 400, "max_phrases"),
        ("/v1/tag", _body(answer="rent " * 501, sources={"S1": ["rent"]}), 400, "max_matches"),
        ("/v1/align", _body(sources=[{"id": "a", "text": "x" * 20_001}]), 400, "max_source_chars"),
        ("/v1/align", _body(config="<b>x</b>"), 422, "config"),
    ],
    ids=["answer type", "sources type", "id type", "empty", "unknown field", "preset field",
         "unknown tag field", "empty id", "blank id", "quote id", "bracket id", "overlap",
         "answer limit", "tag answer limit", "sources limit", "phrases limit", "matches limit",
         "chars limit", "preset markup"],
)  # fmt: skip
def test_api_refuses_bad_input_with_a_json_error(
    client: httpx.Client, path: str, body: dict[str, Any], status: int, message: str
) -> None:
    assert_json_error(client.post(path, json=body), status, message)


def test_api_refuses_raw_bodies_it_cannot_read(client: httpx.Client) -> None:
    surrogate = b'{"answer": "Rent \\ud800.", "sources": []}'
    headers = {"Content-Type": "application/json"}
    response = client.post("/v1/align", content=surrogate, headers=headers)
    assert_json_error(response, 400, r"answer contains a lone surrogate \(U\+D800\)")
    deep = b'{"answer": "x", "sources": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
    assert_json_error(client.post("/v1/align", content=deep, headers=headers), 400, "deeply")
    bad_utf8 = b'{"answer": "Rent \xff.", "sources": []}'
    response = client.post("/v1/align", content=bad_utf8, headers=headers)
    assert_json_error(response, 400, r"not valid UTF-8 \(byte 0xff at byte offset 17\)")


def test_malformed_http_is_refused_without_echoing_it(server: Any) -> None:
    """Below the app: uvicorn answers a broken request line or length itself, in plain text
    that repeats nothing of the request."""
    host, port = server.url.removeprefix("http://").split(":")
    for request in (
        b"POST /v1/align HTTP/1.1\r\nHost: x\r\nContent-Length: <b>abc</b>\r\n"
        b"Connection: close\r\n\r\n{}",
        b"GET /<script>alert(1)</script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ):
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(request)
            reply = b""
            while chunk := sock.recv(65_536):  # the server closes the connection
                reply += chunk
        head, _, body = reply.partition(b"\r\n\r\n")
        assert head.split(b" ")[1][:1] == b"4", head
        assert b"text/html" not in head.lower()
        assert b"<b>" not in body and b"<script" not in body


def test_api_accepts_control_characters_and_escapes_them(client: httpx.Client) -> None:
    answer = "The Tenant shall pay\x00 the monthly rent of $2,400 <b>on the first day</b>."
    response = client.post("/v1/tag", json={"answer": answer, "sources": SOURCES})
    assert response.status_code == 200, response.text
    data = response.json()
    assert "&#x0;" in data["html"] and "\x00" not in data["html"]
    assert "&lt;b&gt;" in data["html"] and "<b>" not in data["html"]
    for span in data["spans"]:
        assert 0 <= span["start"] < span["end"] <= len(answer)
    aligned = client.post("/v1/align", json={"answer": answer, "sources": SOURCES}).json()
    assert [s["text"] for s in aligned["sentences"]] == [
        answer[s["start"] : s["end"]] for s in aligned["sentences"]
    ]


def test_api_reads_framework_dumps_as_the_library_does(client: httpx.Client) -> None:
    """LangChain's ``Document.model_dump()`` and LlamaIndex's ``TextNode.dict()`` as they
    are: the API reads them as the library does, including LlamaIndex's ``id_`` and
    their own keys (``type``), with no "missing 'id'" and no 422."""
    parent = "RESIDENTIAL LEASE\n\n1. Term. The term of this Lease is one (1) year, from March 1."
    start = parent.index("1. Term")
    langchain = {
        "id": None,
        "metadata": {"source": "lease.pdf", "start_index": start},
        "page_content": parent[start:],
        "type": "Document",
    }
    llamaindex = {
        "id_": "9f2c",
        "embedding": None,
        "metadata": {"file_name": "lease.pdf"},
        "excluded_embed_metadata_keys": [],
        "excluded_llm_metadata_keys": [],
        "relationships": {},
        "text": parent[start:],
        "mimetype": "text/plain",
        "start_char_idx": start,
        "end_char_idx": len(parent),
        "text_template": "{metadata_str}\n\n{content}",
        "metadata_template": "{key}: {value}",
        "metadata_seperator": "\n",
        "class_name": "TextNode",
    }
    answer = "The term of this Lease is one (1) year."
    for document, source_id in ((langchain, "lease.pdf"), (llamaindex, "9f2c")):
        report = align(answer, [document], config=LEXICAL).to_dict()
        response = client.post(
            "/v1/align", json={"answer": answer, "sources": [document], "config": "lexical"}
        )
        assert response.status_code == 200, response.text
        cited = [
            (c["source_id"], c["source_start"], c["source_end"], c["evidence"])
            for s in response.json()["sentences"]
            for c in s["citations"]
        ]
        assert cited == [
            (c["source_id"], c["source_start"], c["source_end"], c["evidence"])
            for s in report["sentences"]
            for c in s["citations"]
        ]
        assert cited and all(sid == source_id and parent[a:b] == text for sid, a, b, text in cited)
    with pytest.raises(InputError, match=r"missing 'id' \(or one of 'source_id', .*'id_'"):
        align(answer, [{"page_content": parent}], config=LEXICAL)


def test_api_disjoint_chunks_of_one_id_are_accepted(client: httpx.Client) -> None:
    parent = SOURCES[0]["text"]
    cut = parent.index("monthly")
    chunks = [
        {"id": "lease", "text": parent[:cut]},
        {"id": "lease", "text": parent[cut:], "offset": cut},
    ]
    body = {"answer": "It is the monthly rent of $2,400 on the first day.", "sources": chunks}
    report = client.post("/v1/align", json=body).json()
    cited = [c for s in report["sentences"] for c in s["citations"]]
    assert cited and all(
        parent[c["source_start"] : c["source_end"]] == c["evidence"] for c in cited
    )


def test_stream_refuses_bad_ids_and_unknown_fields(client: httpx.Client) -> None:
    header = json.dumps({"sources": [{"id": "<x>\x7f", "text": "rent"}]}).encode() + b"\n"
    assert_json_error(client.post("/v1/stream", content=header), 400, "contains '\\\\x7f'")
    header = json.dumps({"sources": SOURCES, "mdoe": "lexical"}).encode() + b"\n"
    # an unknown field is the wrong shape: 422, as /v1/align answers it
    assert_json_error(client.post("/v1/stream", content=header), 422, "line 1: mdoe")
    body = json.dumps({"sources": SOURCES}).encode() + b"\n" + b'{"text": "Rent.", "x": 1}\n'
    with client.stream("POST", "/v1/stream", content=body) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["x-content-type-options"] == "nosniff"
        raw = response.read().decode()
    assert raw.startswith("event: error\ndata: ") and "line 2: x" in raw


# --------------------------------------------------------------------------- security


def test_the_key_guards_every_v1_route_and_only_those(server: Any) -> None:
    for method, path in [
        ("POST", "/v1/stream"),
        ("GET", "/v1/presets"),
        ("GET", f"/v1/example?api_key={KEY}"),  # never taken from the URL (logs keep URLs)
        ("POST", "/v1/tag"),
    ]:
        response = httpx.request(method, f"{server.url}{path}", content=b"{}")
        assert_json_error(response, 401, "API key")
        assert response.headers["www-authenticate"] == "Bearer"
    # Checked before the size: an unauthenticated client cannot make the server read.
    big = httpx.post(f"{server.url}/v1/align", content=b"x" * (BODY_LIMIT + 1))
    assert_json_error(big, 401)
    for path in ("/healthz", "/", "/static/review.js", "/openapi.json"):
        assert httpx.get(f"{server.url}{path}").status_code == 200, path


def test_error_bodies_are_json_never_html(client: httpx.Client) -> None:
    markup = "<script>alert(1)</script>"
    cases = [
        client.get(f"/v1/{markup}"),
        client.get(f"/{markup}"),
        client.delete("/v1/align"),
        # An id may hold markup now (it is escaped where written); a control character
        # still makes it a 400 whose message echoes the markup.
        client.post(
            "/v1/align", json={"answer": markup, "sources": [{"id": markup + "\x01", "text": "x"}]}
        ),
        client.post("/v1/tag", json={"answer": markup, "sources": {"S1": [markup]}, markup: 1}),
        client.post("/v1/align", content=b"x" * (BODY_LIMIT + 1)),
    ]
    for response in cases:
        assert 400 <= response.status_code < 500, response.status_code
        assert response.headers["content-type"].startswith("application/json"), response.headers
        assert response.headers.get("x-content-type-options") == "nosniff"
        assert "error" in response.json()


def test_no_cors_on_any_route(client: httpx.Client) -> None:
    origin = {"Origin": "https://elsewhere.example"}
    for path in ("/v1/tag", "/v1/stream", "/healthz"):
        preflight = client.options(
            path, headers={**origin, "Access-Control-Request-Method": "POST"}
        )
        assert not any(k.lower().startswith("access-control-") for k in preflight.headers)
    response = client.post("/v1/tag", json={"answer": "Rent.", "sources": {"S1": ["rent"]}})
    assert response.status_code == 200
    assert not any(k.lower().startswith("access-control-") for k in response.headers)


def test_review_page_inserts_untrusted_text_as_text_only() -> None:
    """The page shows model output and sources: no API that parses a string as HTML."""
    static = Path(citemark.__file__).parent / "server" / "static"
    script = (static / "review.js").read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "new Function", "srcdoc"):  # fmt: skip
        assert sink not in script, sink
    page = (static / "index.html").read_text("utf-8")
    assert "<script>" not in page and "onclick" not in page.lower()


# --------------------------------------------------------------------------- batch


def _records(count: int, seed: int = 5) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    vocabulary = [f"{a}{b}" for a in ("ka", "lo", "mi", "ren", "sto") for b in ("va", "dur", "x")]
    records = []
    for n in range(count):
        sentences = [
            " ".join(rng.choice(vocabulary) for _ in range(rng.randint(8, 14))).capitalize() + "."
            for _ in range(30)
        ]
        docs = [
            {"id": f"r{n}-d{k}", "text": " ".join(sentences[k * 10 : k * 10 + 10])}
            for k in (0, 1, 2)
        ]
        answer = " ".join(rng.choice(sentences) for _ in range(6))
        records.append({"id": f"r{n}", "answer": answer, "sources": docs})
    return records


def _batch(in_path: Path, out_path: Path) -> subprocess.Popen[bytes]:
    code = (
        "from citemark.batch import run_batch; from citemark.config import load_config; "
        f"run_batch({str(in_path)!r}, {str(out_path)!r}, "
        "config=load_config('default').with_(mode='lexical'), progress=False)"
    )
    # A pinned hash seed: exact ties between passages break the same way in every run.
    env = {**os.environ, "PYTHONHASHSEED": "6640"}
    return subprocess.Popen([sys.executable, "-c", code], env=env, stderr=subprocess.PIPE)


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.mark.timeout(240)
def test_batch_killed_at_random_points_resumes_to_a_clean_run(tmp_path: Path) -> None:
    """kill -9 at seeded random moments (before the first line, between lines, in a
    write), resume each time: every record's result appears once, as a clean run has it."""
    total = 40
    rng = random.Random(20240601)
    in_path = tmp_path / "in.jsonl"
    in_path.write_text("".join(json.dumps(r) + "\n" for r in _records(total)), "utf-8")
    clean_path, out_path = tmp_path / "clean.jsonl", tmp_path / "out.jsonl"
    clean = _batch(in_path, clean_path)
    kills = 0
    for round_number in range(12):
        before = _lines(out_path)
        victim = _batch(in_path, out_path)
        if round_number == 0:
            target = 0  # killed while starting up, before writing anything
        elif round_number < 7:
            target = min(total, before + rng.randint(1, 6))
        else:
            target = total + 1  # let it finish
        deadline = time.monotonic() + 120
        while victim.poll() is None and _lines(out_path) < target:
            assert time.monotonic() < deadline, "the batch made no progress"
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.5) if target == 0 else rng.uniform(0, 0.02))
        if victim.poll() is None:
            victim.send_signal(signal.SIGKILL)
            kills += 1
        code = victim.wait(timeout=60)
        if code == 0:
            break
        assert code == -signal.SIGKILL, victim.stderr.read().decode() if victim.stderr else ""
    assert kills >= 5, f"only {kills} kills landed; the test proves too little"
    assert clean.wait(timeout=120) == 0
    lines = [json.loads(line) for line in out_path.read_text("utf-8").splitlines()]
    assert [line["index"] for line in lines] == list(range(total))
    assert all("report" in line for line in lines)
    assert out_path.read_bytes() == clean_path.read_bytes()


# The lexical preset itself; LEXICAL above is the default preset read without the model.
LEXICAL_PRESET = load_config("lexical")


# --- what align is given: sources, options, offsets ---------------------------------------


def test_a_plain_string_source_whose_id_is_taken_is_named_as_such() -> None:
    """A plain string takes the id S<n>; where a dict source already has it, the message
    says so, not that the list holds overlapping chunks of one document."""
    with pytest.raises(InputError, match=r"source 0 is a plain string .* 'S1', which source 1"):
        align("Rent is due.", ["Rent is due.", {"id": "S1", "text": "Pets are allowed."}])
    # Plain strings beside ids of another shape, or alone, are fine.
    assert align("Rent is due.", ["Rent is due.", {"id": "S3", "text": "x"}], config=LEXICAL_PRESET)
    assert align("Rent is due.", ["Rent is due.", "Pets are allowed."], config=LEXICAL_PRESET)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ({"id": "S1", "text": None}, "'text' is None"),
        ({"id": "S1"}, "'text' is missing"),
        ({"id": "S1", "page_content": None}, "'page_content' is None"),
    ],
)
def test_a_text_of_none_is_not_called_missing(source: dict[str, Any], message: str) -> None:
    """``text: None`` is reported as None, not as "missing 'text'", which would send the
    reader to look for a key that is there."""
    with pytest.raises(InputError, match=f"source 0: {message}"):
        align("Rent is due.", [source])


def test_library_refuses_a_misspelt_or_disagreeing_document_key() -> None:
    """{"offest": 20} is refused, as the API refuses it (ignored, the chunk would start at
    0 and every parent offset be wrong); two offsets or two texts that disagree are not
    resolved silently."""
    with pytest.raises(InputError, match=r"unknown key 'offest' \(did you mean 'offset'\?\)"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offest": 20}])
    with pytest.raises(InputError, match=r"'offset' \(5\) and 'start_index' \(9\) disagree"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 5, "start_index": 9}])
    with pytest.raises(InputError, match=r"'text' .* and 'page_content' .* disagree"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "page_content": "Other."}])
    # A pipeline's own fields are left alone, even ones close to a key that does
    # not place a chunk ("sources", LlamaIndex's "id_"), and agreeing duplicates are fine.
    extra = {"id": "P", "text": "Rent is due.", "url": "u", "title": "t", "score": 0.5}
    extra |= {"sources": ["https://example.com"], "id_": "node-1"}
    assert align("Rent is due.", [extra], config=LEXICAL_PRESET).sentences[0].citations
    same = {"id": "P", "text": "Rent is due.", "offset": 3, "start_index": 3}
    assert (
        align("Rent is due.", [same], config=LEXICAL_PRESET).sentences[0].citations[0].source_start
        == 3
    )


def test_word_level_must_be_a_bool() -> None:
    """ "no" is truthy: taken as it is, it would turn word-level matching on."""
    from citemark import tag

    with pytest.raises(InputError, match="word_level must be True or False, got 'no'"):
        tag("We concatenate the cat.", {"a": ["cat"]}, word_level="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("fail_on", [[], set(), (), ""])
def test_an_empty_fail_on_is_refused_in_every_shape(fail_on: Any) -> None:
    """[], set() and () are refused as "" is: an empty list of conditions passes every
    answer."""
    report = align(
        "Pets are allowed.", [{"id": "a", "text": "Rent is due."}], config=LEXICAL_PRESET
    )
    with pytest.raises(InputError, match="no condition given"):
        report.failures(fail_on=fail_on)


def test_fail_on_none_in_a_list_and_a_wrong_type() -> None:
    report = align(
        "Pets are allowed.", [{"id": "a", "text": "Rent is due."}], config=LEXICAL_PRESET
    )
    assert report.failures(fail_on=["none"]) == () and report.failures(fail_on=["unsupported"])
    with pytest.raises(InputError, match=r"fail_on must be a list .* got int"):
        report.failures(fail_on=5)  # type: ignore[arg-type]


def test_an_offset_past_what_json_readers_hold_exactly_is_refused() -> None:
    """An offset past 2**53 (10**32) is refused: echoed in every citation, it would be
    rounded by a JavaScript client."""
    with pytest.raises(InputError, match="over 9,007,199,254,740,991"):
        align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 10**32}])
    assert align("Rent is due.", [{"id": "P", "text": "Rent is due.", "offset": 2**53 - 20}])


# --- ids that show as nothing or as another id --------------------------------------------


@pytest.mark.parametrize(
    "unseen",
    [
        "\u200b",
        "\ufeff",
        "\u2060",
        "\u2800",
        "\u180e",
        " \u200b ",
        "\u2066",
        "\u3164",
        "\ufe0f",
        "\u034f",
    ],
)
def test_an_id_that_shows_as_nothing_is_refused(unseen: str) -> None:
    """Such an id reads as blank wherever it is written. One hidden inside a visible id
    ("lease\\u200b") is refused too: test_an_id_that_reads_as_another_is_refused."""
    with pytest.raises(InputError, match="has no visible character"):
        align("Rent is due.", [{"id": unseen, "text": "Rent is due."}], config=LEXICAL_PRESET)


@pytest.mark.parametrize(
    "bad",
    ["lease\u200b", "\u202eesael", "lease\ufeff", "l\u034fease", "\u2066lease",
     "lease\u2028x", "lease\u2029"],
)  # fmt: skip
def test_an_id_that_reads_as_another_is_refused(bad: str) -> None:
    """With "lease" and "lease\\u200b" the page would show two sources under one name; an
    override in an id would turn the evidence line after it backwards."""
    with pytest.raises(InputError, match="source id"):
        align("Rent is due.", [{"id": bad, "text": "Rent is due."}], config=LEXICAL_PRESET)


def test_ids_as_lawyers_write_them_stay_accepted() -> None:
    """Spaces inside, punctuation, non-Latin letters, and white space at an end, which
    CUAD's file names have ("... Manufacturing Agreement "), are accepted: refusing them
    refuses real data, so " lease" and "lease" stay two ids."""
    for good in (
        "Smith v. Jones, 412 P.3d 88 (2019)",
        "Vertrag § 3",
        "契約書",
        "a\u00a0b",
        "Amendment #3 to Manufacturing Agreement ",
    ):
        report = align(
            "Rent is due.", [{"id": good, "text": "Rent is due."}], config=LEXICAL_PRESET
        )
        assert report.sentences[0].citations[0].source_id == good


# --- an answer of invisible characters ----------------------------------------------------


INVISIBLE = "\u200f\u200e\u2066"


def test_an_answer_of_invisible_characters_is_refused_everywhere(tmp_path: Path) -> None:
    """An answer of direction marks only is refused as a blank one is ("answer is empty"),
    by the CLI, the batch and the API, never a report of 0 sentences that passes."""
    sources = tmp_path / "s.json"
    sources.write_text(json.dumps([{"id": "S", "text": "The rent is due."}]), encoding="utf-8")
    answer = tmp_path / "a.txt"
    answer.write_text(INVISIBLE, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--sources", str(sources), str(answer)])
    assert result.exit_code == 2
    assert "the answer is empty" in result.output

    record = {"id": 1, "answer": INVISIBLE, "sources": [{"id": "S", "text": "x y"}]}
    line = json.loads(align_record(record, 0, LEXICAL_PRESET))
    assert "answer is empty" in line["error"]

    with TestClient(create_app(Settings(config="lexical", warm_up=False))) as client:
        got = client.post(
            "/v1/align", json={"answer": INVISIBLE, "sources": [{"id": "S", "text": "x"}]}
        )
        assert got.status_code == 422
        assert "answer is empty" in got.text


def test_an_answer_with_a_visible_character_is_taken() -> None:
    """Marks around a word leave an answer to check."""
    report = align(f"{INVISIBLE}The rent is due.", [{"id": "S", "text": "The rent is due."}])
    assert [s.status for s in report.sentences] == ["supported"]
