"""Reading sources in the shapes users hand them over, and refusing bad ones clearly.

Documents arrive as ``{"id", "text"}`` dicts, :class:`~citemark.types.Source`
objects, chunks with an offset into their parent, plain strings, or objects shaped
like LangChain (``page_content`` + ``metadata``) or LlamaIndex (``text`` +
``metadata`` + ``id_``) documents, read by duck typing so that citemark depends
on neither. Phrase sources arrive as a map from source id to quoted phrases.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import regex

from .errors import InputError
from .lazy import lazy_pattern
from .types import Source

# Control characters (C0, DEL, C1) and the line and paragraph separators, which no page
# or log line shows as such (a separator breaks the line), and lone
# surrogates, which no UTF-8 output can carry. Anything else is a legal id: ids
# are escaped wherever they are written ("Smith v. Jones, 412 P.3d 88 (2019)").
_BAD_ID = lazy_pattern("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
# A str may hold lone surrogates (from ``errors="surrogateescape"`` decoding, or JSON
# ``"\ud800"`` escapes read by a lenient parser); they are not text and cannot be
# written out as UTF-8, so they are refused where they enter, not where output fails.
_SURROGATE = lazy_pattern("[\ud800-\udfff]")
# Characters that show as nothing: Unicode's default-ignorable code points (format
# characters, joiners, variation selectors, the Hangul fillers, tags), which hold every
# character the segmenter reads as a space, and the blank Braille cell.
_UNSEEN = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")
# The keys a document dict names its id and its offset by (the HTTP API reads the same).
# ``id_`` is a LlamaIndex node's own id, read last: a node's ``metadata["source"]``,
# where it has one, names its document (so that the chunks of one document join).
ID_KEYS = ("id", "source_id", "doc_id", "source", "id_")
OFFSET_KEYS = ("offset", "start", "doc_char_start", "start_index", "start_char_idx")
# In a document's metadata only the keys text splitters write name the chunk's offset: a
# plain "start" (or "offset") there may be anything ("start": "2024-01-01", a lease's).
_METADATA_OFFSET_KEYS = ("doc_char_start", "start_index", "start_char_idx")
# Keys of LangChain's ``Document.model_dump()`` and LlamaIndex's ``TextNode.dict()`` that
# say nothing of the text or where it sits: the library reads past them as it reads past
# any key, and the HTTP API, which refuses unknown keys, accepts these, so that a
# framework's dump is read alike by every face.
FRAMEWORK_KEYS = (
    "type",
    "class_name",
    "embedding",
    "excluded_embed_metadata_keys",
    "excluded_llm_metadata_keys",
    "relationships",
    "mimetype",
    "end_char_idx",
    "text_template",
    "metadata_template",
    "metadata_seperator",
    "metadata_separator",
)


@dataclass(frozen=True)
class Limits:
    """Size limits that keep one request from taking the process down.

    ``max_matches`` bounds the verbatim matches one call may produce (each costs
    a few hundred bytes); text that repeats what the sources repeat can otherwise
    yield matches quadratic in its length. :meth:`citemark.Config.limits` gives
    a preset's limits; these defaults equal the ``Config`` defaults.
    """

    max_answer_chars: int = 1_000_000
    max_source_chars: int = 20_000_000
    max_sources: int = 10_000
    max_phrases: int = 200_000
    max_matches: int = 1_000_000


DEFAULT_LIMITS = Limits()


def check_text(
    text: object, what: str = "answer", limit: int | None = None, setting: str = "max_answer_chars"
) -> str:
    """``text`` itself if it is a usable string, else an :class:`InputError` naming it.

    ``limit`` is the most characters allowed, ``setting`` the config key that sets it
    (named in the message, so that the reader knows what to raise).
    """
    if isinstance(text, bytes | bytearray):
        raise InputError(f"{what} must be str, got bytes (decode it as UTF-8 first)")
    if not isinstance(text, str):
        raise InputError(f"{what} must be str, got {type(text).__name__}")
    if limit is not None and len(text) > limit:
        raise InputError(
            f"{what} has {len(text):,} characters, over the limit of {limit:,} ({setting})"
        )
    if has_surrogate(text) and (bad := _SURROGATE.search(text)):
        raise InputError(
            f"{what} contains a lone surrogate (U+{ord(bad.group()):04X}) at offset "
            f"{bad.start()}: not valid Unicode text (decode bytes with errors='replace')"
        )
    return text


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a surrogate code point: what strict UTF-8 encoding refuses.

    Encoding, in C, reads text about three times as fast as a regex search; the
    search runs only to name the offending character.
    """
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def id_like(value: object) -> bool:
    """Whether ``value`` may be given as an id: a string or an integer, never a boolean
    (to Python a bool is an int, to a user of JSON it is no id)."""
    return isinstance(value, str | int) and not isinstance(value, bool)


def shows_nothing(text: str) -> bool:
    """Whether ``text`` holds no visible character: blank, or only characters that show
    as nothing (``_UNSEEN``). An answer of direction marks alone passed every gate as an
    answer of no sentences, where a blank one is refused."""
    if not text.strip():
        return True
    return _UNSEEN.search(text) is not None and not _UNSEEN.sub("", text).strip()


def check_id(source_id: object, where: str) -> str:
    """A source id: any non-blank text without control characters or lone surrogates."""
    if not id_like(source_id):
        raise InputError(f"{where}: source id must be a string, got {type(source_id).__name__}")
    text = str(source_id)
    if not text.strip():
        raise InputError(f"{where}: source id is empty")
    unseen = _UNSEEN.search(text)
    if unseen:
        if shows_nothing(text):
            # "\u200b" or "\u2800" alone shows as nothing wherever it is written
            raise InputError(f"{where}: source id {text!r} is empty: it has no visible character")
        # "lease\u200b" reads as "lease", and an override turns "\u202eesael" into "lease"
        # and the line after it backwards: an id must read as what it is
        raise InputError(
            f"{where}: source id {text!r} contains the invisible character "
            f"U+{ord(unseen.group()):04X} at offset {unseen.start()}"
        )
    bad = _BAD_ID.search(text)
    if bad:
        raise InputError(
            f"{where}: source id {text!r} contains {bad.group()!r} at offset {bad.start()}; "
            "ids may not contain control characters, line separators or lone surrogates"
        )
    return text


def coerce_phrases(sources: object, limits: Limits = DEFAULT_LIMITS) -> dict[str, list[str]]:
    """A validated copy of a phrase map ``{source_id: [phrase, ...]}``."""
    if not isinstance(sources, Mapping):
        raise InputError(
            f"phrase sources must be a mapping of id to phrases, got {type(sources).__name__}"
        )
    if len(sources) > limits.max_sources:
        raise InputError(
            f"{len(sources):,} phrase sources, over the limit of {limits.max_sources:,} "
            "(max_sources)"
        )
    result: dict[str, list[str]] = {}
    total = chars = 0
    for key, phrases in sources.items():
        source_id = check_id(key, "phrase sources")
        if source_id in result:
            # {1: [...], "1": [...]}: one would silently replace the other.
            raise InputError(f"phrase sources: two keys name the same source id {source_id!r}")
        if type(phrases) is list or type(phrases) is tuple:  # the usual case, checked fast
            checked, size = _checked_phrases(phrases, source_id)
            total += len(checked)
            chars += size
            _check_phrase_totals(total, chars, limits)
            result[source_id] = checked
            continue
        if isinstance(phrases, str):
            raise InputError(
                f"sources[{source_id!r}] must be a list of phrases, got one string "
                "(pass whole documents as a list of {'id': ..., 'text': ...})"
            )
        if isinstance(phrases, Mapping) or not isinstance(phrases, Iterable):
            raise InputError(
                f"sources[{source_id!r}] must be a list of phrases, got {type(phrases).__name__}"
            )
        checked, total, chars = _read_phrases(phrases, source_id, total, chars, limits)
        result[source_id] = checked
    return result


def _checked_phrases(
    phrases: list[object] | tuple[object, ...], source_id: str
) -> tuple[list[str], int]:
    """A list of phrases already in memory, checked at C speed, and their characters.

    Joining them fails on anything but strings, and a lone surrogate in any of
    them is one in the join; only then are they checked one by one, for the
    message. (One check_text call per phrase was a quarter of a small ``tag()``.)
    """
    try:
        joined = "".join(phrases)  # type: ignore[arg-type]
    except TypeError:
        joined = None
    if joined is None or has_surrogate(joined):
        for n, phrase in enumerate(phrases):
            check_text(phrase, f"phrase {n} of source {source_id!r}")
    return list(phrases), len(joined or "")  # type: ignore[arg-type]


def _read_phrases(
    phrases: Iterable[object], source_id: str, total: int, chars: int, limits: Limits
) -> tuple[list[str], int, int]:
    """Phrases from any iterable, counted as they are read, so that a huge generator
    fails early."""
    checked: list[str] = []
    for phrase in phrases:
        checked.append(check_text(phrase, f"phrase {len(checked)} of source {source_id!r}"))
        chars += len(phrase)  # type: ignore[arg-type]
        total += 1
        _check_phrase_totals(total, chars, limits)
    return checked, total, chars


def _check_phrase_totals(total: int, chars: int, limits: Limits) -> None:
    if total > limits.max_phrases:
        raise InputError(f"more than {limits.max_phrases:,} phrases, over the limit (max_phrases)")
    if chars > limits.max_source_chars:
        raise InputError(
            f"phrases have more than {limits.max_source_chars:,} characters in all, "
            "over the limit (max_source_chars)"
        )


def coerce_sources(sources: object, limits: Limits = DEFAULT_LIMITS) -> list[Source]:
    """Validated :class:`Source` records from any of the accepted document shapes."""
    if isinstance(sources, str | bytes) or not isinstance(sources, Iterable):
        raise InputError(
            f"sources must be a list of documents ({{'id', 'text'}} dicts or Source objects), "
            f"got {type(sources).__name__}"
        )
    if isinstance(sources, Mapping):
        raise InputError(
            "document sources must be a list; a mapping is read as phrase sources "
            "({id: [phrase, ...]}), and a mapping of id to one text is ambiguous"
        )
    result: list[Source] = []
    plain: list[int] = []  # the places of plain-string sources
    total = 0
    for n, item in enumerate(sources):
        # Counted as they are read, so that a huge generator fails early.
        if n >= limits.max_sources:
            raise InputError(
                f"more than {limits.max_sources:,} sources, over the limit (max_sources)"
            )
        source = _coerce_one(item, n)
        if isinstance(item, str):
            plain.append(n)
        total += len(source.text)
        if total > limits.max_source_chars:
            raise InputError(
                f"sources have more than {limits.max_source_chars:,} characters in all, "
                "over the limit (max_source_chars)"
            )
        result.append(source)
    _check_given_ids_free(plain, result)
    # Chunks of one document that overlap are joined where they are read (and refused
    # there when their texts disagree): ``citemark.chunks``.
    return result


def _check_given_ids_free(plain: list[int], sources: list[Source]) -> None:
    """A plain-string source (its place in ``plain``) takes the id ``S<n>``; one that
    another source already has would read as two overlapping chunks of one document,
    a message about chunks for a list that has none."""
    if not plain or len(plain) == len(sources):
        return
    strings = set(plain)
    named = {s.id: n for n, s in enumerate(sources) if n not in strings}
    for n in plain:
        other = named.get(sources[n].id)
        if other is not None:
            raise InputError(
                f"source {n} is a plain string and so takes the id {sources[n].id!r}, which "
                f"source {other} has too; give it an id of its own ({{'id': ..., 'text': ...}})"
            )


def _coerce_one(item: Any, n: int) -> Source:
    where = f"source {n}"
    if isinstance(item, Source):
        check_id(item.id, where)
        check_text(item.text, f"{where} text")
        _check_offset(item.offset, where)
        return item
    if isinstance(item, str):
        return Source(f"S{n + 1}", item)
    if isinstance(item, Mapping):
        fields = dict(item)
        _check_keys(fields, where)
        return _from_fields(fields, _metadata(item.get("metadata"), where), where)
    fields = {
        "text": getattr(item, "page_content", None) or getattr(item, "text", None),
        "id": getattr(item, "id_", None) or getattr(item, "id", None),
        "start_char_idx": getattr(item, "start_char_idx", None),
    }
    metadata = getattr(item, "metadata", None)
    if fields["text"] is None:
        raise InputError(
            f"{where}: expected a {{'id', 'text'}} dict, a Source, or a document with "
            f"page_content/text, got {type(item).__name__}"
        )
    return _from_fields(fields, _metadata(metadata, where), where)


# Every key a document dict is read by.
_KNOWN_KEYS = ("text", "page_content", "metadata", *ID_KEYS, *OFFSET_KEYS)
# The keys whose misspelling would go unnoticed: a chunk read as starting at 0 cites
# wrong parent offsets without a word. (A misspelt text or id is missing, and says so.)
_SILENT_KEYS = ("metadata", *OFFSET_KEYS)


def _check_keys(fields: dict[Any, Any], where: str) -> None:
    """Refuse what would silently give a wrong reading: a key that is a misspelling of
    one that places a chunk (``offest``: the chunk was read as starting at 0, and every
    parent offset was wrong), and two keys that name one thing with different values.

    Any other key is left alone (a RAG pipeline's dicts carry a url, a title, a
    score); the HTTP API, whose clients send exactly what they mean, refuses those too.
    """
    for key in fields:
        if not isinstance(key, str) or key in _KNOWN_KEYS:
            continue
        near = difflib.get_close_matches(key.lower(), _SILENT_KEYS, n=1, cutoff=0.8)
        if near:
            raise InputError(f"{where}: unknown key {key!r} (did you mean {near[0]!r}?)")
    # Two texts or two offsets of one chunk cannot both be right. Two ids can: a chunk's
    # "id" beside its document's "doc_id", or a "source" naming where it came from, so
    # the first of ID_KEYS is read, as documented.
    for keys in (("text", "page_content"), OFFSET_KEYS):
        given = {k: fields[k] for k in keys if fields.get(k) is not None}
        values = list(given.values())
        if any(value != values[0] for value in values[1:]):
            named = " and ".join(f"{k!r} ({_short(v)})" for k, v in given.items())
            raise InputError(f"{where}: {named} disagree; give one of them")


def _short(value: object, most: int = 40) -> str:
    """``repr(value)``, cut to ``most`` characters (a text may be a whole document)."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _metadata(metadata: object, where: str) -> dict[str, Any]:
    """A document's metadata as a dict; anything but a mapping (or nothing) is refused."""
    if not metadata:  # None, or an empty value of any type: nothing to read
        return {}
    if not isinstance(metadata, Mapping):
        raise InputError(f"{where}: metadata must be a mapping, got {type(metadata).__name__}")
    return dict(metadata)


def _from_fields(fields: dict[str, Any], metadata: dict[str, Any], where: str) -> Source:
    key = "text" if "text" in fields or "page_content" not in fields else "page_content"
    text = fields.get(key)
    if text is None:
        given = "is None" if key in fields else "is missing"
        near = [k for k in fields if isinstance(k, str) and difflib.get_close_matches(k, [key])]
        hint = f" ({near[0]!r} given: a misspelling of it?)" if near and key not in fields else ""
        raise InputError(f"{where}: {key!r} {given}{hint}; a source needs its text as a string")
    check_text(text, f"{where} text")
    raw_id = _first(fields, metadata, ID_KEYS)
    if raw_id is None:
        others = ", ".join(repr(k) for k in ID_KEYS[1:])
        raise InputError(f"{where}: missing 'id' (or one of {others}, here or in metadata)")
    offset = _first(fields, {}, OFFSET_KEYS)
    if offset is None:
        offset = _first({}, metadata, _METADATA_OFFSET_KEYS)
    offset = 0 if offset is None else offset
    _check_offset(offset, where)
    return Source(check_id(raw_id, where), text, int(offset), metadata)


def _first(fields: Mapping[str, Any], metadata: Mapping[str, Any], keys: Iterable[str]) -> Any:
    for key in keys:
        for table in (fields, metadata):
            value = table.get(key)
            if value is not None:
                return value
    return None


def _check_offset(offset: object, where: str) -> None:
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InputError(f"{where}: chunk offset must be a non-negative integer, got {offset!r}")
    if offset > MAX_OFFSET:
        # echoed in every citation: past 2**53 a JSON reader in JavaScript rounds it
        raise InputError(f"{where}: chunk offset {offset} is over {MAX_OFFSET:,} (2**53 - 1)")


MAX_OFFSET = 2**53 - 1
