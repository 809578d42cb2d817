"""Configuration: named presets in TOML files, validated into one frozen dataclass.

Presets live in ``configs/`` at the top of the repository (installed copies go to
``<prefix>/share/citemark/configs``); ``load_config("legal-strict")`` reads one,
``load_config("path/to/file.toml")`` reads any file. Weights and thresholds in
the presets are written by ``make calibrate``; everything else is set by hand.
Unknown keys and out-of-range values are refused with a message that names them,
so a typo never silently falls back to a default.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .facts.model import FACT_KINDS
from .lazy import lazy_pattern
from .sources import Limits

FEATURES_LEXICAL = (
    "recall",
    "recall_idf",
    "cover_idf",
    "global_recall_idf",
    "bigram_recall",
    "fuzz",
    "verbatim",
    "missing_facts",
    "missing_names",
    "unsourced_facts",
    "negation",
    "length",
)
FEATURES_HYBRID = (*FEATURES_LEXICAL, "cosine")
THRESHOLDS = ("supported_hybrid", "partial_hybrid", "supported_lexical", "partial_lexical")
# Kinds of key fact that cap a sentence at "partial" when the answer states one that
# no source states in any form (``strict_facts`` caps every kind, names too, and on
# any fact the cited evidence lacks). The rule, on the fit half of every dev file
# (``evaluate.earns_cap``): a kind the cap would change sentences for must earn it
# there, with at least 5 such sentences and a share not supported at least 0.15 above
# the file's base rate; a kind the cap changes nothing for is untested and keeps the
# legal default. Numbers (LFQA 2 sentences, both right, too few to show it), dates
# (WiCE 4, 0.75 against a base rate of 0.68) and names (WiCE 1, wrong) act and do
# not earn it, so they do not cap by default; amounts, percents and negations never
# reach the cap on the dev data and keep it (an invented fee or rate is the error a
# legal reviewer must not miss). Facts that do not cap still count as missing facts,
# lower the score and are reported (``missing_facts``, ``unsourced_facts``); a preset
# can name its own list, and ``citemark eval`` prints the per-kind table that tells
# whether a kind earns its cap on a user's own data.
DEFAULT_CAP_FACTS: tuple[str, ...] = ("amount", "percent", "negation")
LIMIT_KEYS = ("max_answer_chars", "max_source_chars", "max_sources", "max_phrases", "max_matches")
_TABLES = ("weights", "bias", "thresholds", "claim_weights", "claim_bias")


@dataclass(frozen=True)
class Config:
    """Everything that changes what :func:`citemark.align` decides.

    ``weights`` and ``bias`` form a logistic model over the named support features
    (one set for hybrid mode, one for lexical mode, since the embedding feature is
    absent in the latter); ``supported`` and ``partial`` are thresholds on its
    probability, also one pair per mode.
    """

    name: str = "default"
    mode: str = "hybrid"
    # Hybrid mode's embedding model: "static" (committed, numpy only) or "minilm"
    # (sentence-transformers, the precise extra); device applies to minilm only.
    embedder: str = "static"
    device: str = "auto"
    tokenization: str = "auto"
    min_tokens: int = 4
    min_tokens_cjk: int = 6
    candidates: int = 8
    # Source sentences found by embedding nearest-neighbour search, added to the
    # lexical candidates in hybrid mode (0: lexical retrieval only).
    dense_candidates: int = 4
    window: int = 2
    max_citations: int = 3
    min_citation_score: float = 0.3
    supported_hybrid: float = 0.5
    partial_hybrid: float = 0.25
    supported_lexical: float = 0.5
    partial_lexical: float = 0.25
    strict_facts: bool = False
    cap_facts: tuple[str, ...] = DEFAULT_CAP_FACTS
    # Which unsourced facts a report lists (``unsourced_facts``): "capped", only the
    # kinds in ``cap_facts`` (all a status needs), or "all"; ``citemark eval`` and
    # calibration ask for "all", since their per-kind cap table needs every kind.
    # Every missing number, date, amount and percent is looked up in the sources
    # either way (the scorer's ``unsourced_facts`` feature needs them); names and
    # negations only for the kinds listed. The look-up reads each source's numbers
    # once; names, a name scan of each source.
    unsourced_kinds: str = "capped"
    # Conflict rules not run, by name (``citemark.facts.RULES``; the catalogue in
    # docs/conflict-rules.md): a preset for texts where a rule misfires turns it off.
    rules_off: tuple[str, ...] = ()
    weights_hybrid: dict[str, float] = field(default_factory=dict)
    bias_hybrid: float = 0.0
    weights_lexical: dict[str, float] = field(default_factory=dict)
    bias_lexical: float = 0.0
    # The optional claim model (at least partly supported vs unsupported); when a
    # mode has no claim weights, its partial threshold applies to the supported score.
    claim_weights_hybrid: dict[str, float] = field(default_factory=dict)
    claim_bias_hybrid: float = 0.0
    claim_weights_lexical: dict[str, float] = field(default_factory=dict)
    claim_bias_lexical: float = 0.0
    max_answer_chars: int = 1_000_000
    max_source_chars: int = 20_000_000
    max_sources: int = 10_000
    max_phrases: int = 200_000
    max_matches: int = 1_000_000

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ConfigError(f"name must be a non-empty string, got {self.name!r}")
        _check_choice("mode", self.mode, ("hybrid", "lexical"))
        _check_choice("tokenization", self.tokenization, ("auto", "word", "char"))
        _check_choice("embedder", self.embedder, ("static", "minilm"))
        _check_choice("device", self.device, ("auto", "cpu", "cuda"))
        _check_range("dense_candidates", self.dense_candidates, 0, 10_000, integer=True)
        if not isinstance(self.strict_facts, bool):
            raise ConfigError(
                f"strict_facts must be true or false, got {type(self.strict_facts).__name__}"
            )
        _check_names(self, "cap_facts", "fact kinds", "fact kind", lambda: FACT_KINDS)
        _check_names(self, "rules_off", "conflict rule names", "conflict rule", _rule_names)
        _check_choice("unsourced_kinds", self.unsourced_kinds, ("capped", "all"))
        # Counts must be whole numbers: min_tokens = 2.5 would fail deep inside matching.
        for name in ("min_tokens", "min_tokens_cjk", "candidates", "max_citations"):
            _check_range(name, getattr(self, name), 1, 10_000, integer=True)
        _check_range("window", self.window, 1, 5, integer=True)
        for name in ("min_citation_score", *THRESHOLDS):
            _check_range(name, getattr(self, name), 0.0, 1.0)
        for mode in ("hybrid", "lexical"):
            supported, partial = self.thresholds(mode)
            # With a claim model the two thresholds apply to different probabilities.
            if partial > supported and not self.claim_model(mode):
                raise ConfigError(
                    f"{mode}: partial threshold {partial} is above supported threshold {supported}"
                )
        for name in LIMIT_KEYS:
            _check_range(name, getattr(self, name), 1, 10**10, integer=True)
        _check_weights("weights_hybrid", self.weights_hybrid, FEATURES_HYBRID)
        _check_weights("weights_lexical", self.weights_lexical, FEATURES_LEXICAL)
        _check_weights("claim_weights_hybrid", self.claim_weights_hybrid, FEATURES_HYBRID)
        _check_weights("claim_weights_lexical", self.claim_weights_lexical, FEATURES_LEXICAL)
        for name in ("bias_hybrid", "bias_lexical", "claim_bias_hybrid", "claim_bias_lexical"):
            _check_range(name, getattr(self, name), -1000.0, 1000.0)

    @property
    def supported(self) -> float:
        """The probability at or above which a sentence is supported, in this mode."""
        return self.thresholds()[0]

    @property
    def partial(self) -> float:
        """The probability at or above which a sentence is at least partial, in this mode."""
        return self.thresholds()[1]

    def thresholds(self, mode: str | None = None) -> tuple[float, float]:
        """``(supported, partial)`` thresholds for ``mode`` (the configured one by default).

        Each mode has its own, since the two modes' scores come from different models.
        """
        if (mode or self.mode) == "hybrid":
            return self.supported_hybrid, self.partial_hybrid
        return self.supported_lexical, self.partial_lexical

    def weights(self, mode: str | None = None) -> tuple[dict[str, float], float]:
        """The logistic weights and bias for ``mode`` (the configured one by default)."""
        if (mode or self.mode) == "hybrid":
            return self.weights_hybrid, self.bias_hybrid
        return self.weights_lexical, self.bias_lexical

    def claim_model(self, mode: str | None = None) -> tuple[dict[str, float], float] | None:
        """The claim model's weights and bias for ``mode``, or ``None`` when it has none."""
        if (mode or self.mode) == "hybrid":
            weights, bias = self.claim_weights_hybrid, self.claim_bias_hybrid
        else:
            weights, bias = self.claim_weights_lexical, self.claim_bias_lexical
        return (weights, bias) if weights else None

    def __hash__(self) -> int:
        """A hash agreeing with ``==``, so that a config can key a cache (of prepared
        sources, say): the generated one failed on the weight tables, which are dicts.
        The tables are read in key order; changing one in place is not
        supported (use :meth:`with_`)."""
        return hash(
            tuple(
                tuple(sorted(value.items())) if isinstance(value, dict) else value
                for value in (getattr(self, f.name) for f in fields(self))
            )
        )

    @cached_property
    def settings_json(self) -> bytes:
        """Every setting (the name included) as canonical JSON: what :attr:`digest` and a
        batch's ``input_digest`` hash. ``rules_off`` is left out while it is empty, so
        that a config that turns no rule off keeps the digest it had before the
        setting existed (stored reports and batch outputs carry it)."""
        settings = asdict(self)
        if not self.rules_off:
            del settings["rules_off"]
        return json.dumps(settings, sort_keys=True, ensure_ascii=False).encode("utf-8")

    @cached_property
    def digest(self) -> str:
        """A hash of every setting, which a stored report carries: a report's ``config``
        names the preset a config was made from, and a ``with_`` copy keeps that name."""
        return hashlib.blake2b(self.settings_json, digest_size=16).hexdigest()

    def limits(self) -> Limits:
        """The size limits this config sets, in the form input validation takes."""
        return Limits(**{name: getattr(self, name) for name in LIMIT_KEYS})

    def with_(self, **changes: Any) -> Config:
        """A copy with some values changed, validated like any other config."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ConfigError(f"unknown config key(s): {', '.join(unknown)}")
        return replace(self, **changes)


def _check_names(
    config: Config, name: str, listed: str, each: str, known: Callable[[], Sequence[str]]
) -> None:
    """A list of names each of which ``known()`` holds (TOML gives a list; kept as a
    tuple, repeats dropped): ``cap_facts`` (fact kinds), ``rules_off`` (conflict rules).

    ``known`` is called only for a list that names something, which keeps every
    conflict rule's module out of a plain config load."""
    value = getattr(config, name)
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ConfigError(f"{name} must be a list of {listed}, got {value!r}")
    if value:
        names = known()
        unknown = [k for k in value if k not in names]
        if unknown:
            raise ConfigError(
                f"{name}: unknown {each}(s) {', '.join(map(repr, unknown))} "
                f"(known: {', '.join(names)})"
            )
    object.__setattr__(config, name, tuple(dict.fromkeys(value)))


def _rule_names() -> Sequence[str]:
    from .facts.rules import RULE_NAMES

    return RULE_NAMES


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def _check_range(
    name: str, value: object, low: float, high: float, *, integer: bool = False
) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{name} must be a number, got {type(value).__name__}")
    if integer and not isinstance(value, int):
        raise ConfigError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high}; got {value}")


def _check_weights(name: str, weights: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(weights, dict):
        raise ConfigError(f"{name} must be a table of feature = weight")
    unknown = sorted(set(weights) - set(allowed))
    if unknown:
        raise ConfigError(f"{name}: unknown feature(s) {', '.join(unknown)}")
    for key, value in weights.items():
        _check_range(f"{name}.{key}", value, -1000.0, 1000.0)


def config_dirs() -> list[Path]:
    """Where presets are looked for, first match wins."""
    dirs = []
    if env := os.environ.get("CITEMARK_CONFIG_DIR"):
        dirs.append(Path(env))
    dirs.append(Path(__file__).resolve().parents[2] / "configs")
    dirs.append(Path(sys.prefix) / "share" / "citemark" / "configs")
    return dirs


def preset_names() -> list[str]:
    """The names of all presets that can be found."""
    names = {p.stem for d in config_dirs() if d.is_dir() for p in d.glob("*.toml")}
    return sorted(names)


def load_config(name_or_path: str | os.PathLike[str] | Config | None = None) -> Config:
    """A validated config from a preset name, a TOML file, or an existing config.

    A file given by path is layered over a preset (its ``base`` key, ``"default"``
    when it has none): a file that sets two keys must not start from the dataclass
    defaults, whose empty weights score every sentence 0.5 and so call every
    sentence without a conflict supported. A preset named by its name stands alone
    (every preset is complete), unless it names a ``base`` itself."""
    if isinstance(name_or_path, Config):
        return name_or_path
    if name_or_path is not None and not isinstance(name_or_path, str | os.PathLike):
        hint = (
            " (for settings in a mapping, use load_config().with_(**settings))"
            if isinstance(name_or_path, Mapping)
            else ""
        )
        raise ConfigError(
            "config must be a preset name, a path to a .toml file or a Config, "
            f"got {type(name_or_path).__name__}{hint}"
        )
    target = str(name_or_path or "default")
    by_path = Path(target).suffix == ".toml"
    path = Path(target) if by_path else _preset_path(target)
    seen = [] if by_path else [target]
    try:
        data = _layered(_read_toml(path), "default" if by_path else None, seen)
        return config_from_dict(data, default_name=path.stem)
    except ConfigError as exc:
        if not by_path or str(path) in str(exc):
            raise
        # which file of several layered ones holds the bad value
        raise ConfigError(f"{path}: {exc}") from None


def _preset_path(name: str) -> Path:
    found = [d / f"{name}.toml" for d in config_dirs() if (d / f"{name}.toml").is_file()]
    if not found:
        known = ", ".join(preset_names()) or "none found"
        raise ConfigError(f"unknown preset {name!r} (known presets: {known})")
    return found[0]


def _read_toml(path: Path) -> dict[str, Any]:
    """The file's settings, parsed once per version of the file: ``align`` without a
    config loads the default preset on every call, and parsing its TOML was about
    0.5 ms of a short answer's call. Keyed by the file's modification time and size,
    so an edited preset is read again; a copy, since layering consumes what it reads."""
    try:
        stat = path.stat()
    except OSError:
        raise ConfigError(f"config file not found: {path}") from None
    if not path.is_file():
        raise ConfigError(f"config file not found: {path}")
    return _copied(_parsed(str(path), stat.st_mtime_ns, stat.st_size))


def _copied(value: Any) -> Any:
    """A copy of parsed TOML (tables, arrays, scalars), at every depth."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


@lru_cache(maxsize=32)
def _parsed(path: str, mtime_ns: int, size: int) -> dict[str, Any]:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


def _layered(data: dict[str, Any], implied_base: str | None, seen: list[str]) -> dict[str, Any]:
    """``data`` over its base preset's settings, tables merged key by key; the base's
    name is not inherited (the layered file is named after itself)."""
    base = data.pop("base", implied_base)
    if base is None:
        return data
    if not isinstance(base, str) or not base or base.endswith(".toml"):
        raise ConfigError(f"base must be the name of a preset, got {base!r}")
    if base in seen:
        raise ConfigError(f"base presets form a loop: {' -> '.join([*seen, base])}")
    below = _layered(_read_toml(_preset_path(base)), None, [*seen, base])
    below.pop("name", None)
    return _merged(below, data)


def _merged(below: dict[str, Any], above: dict[str, Any]) -> dict[str, Any]:
    out = dict(below)
    for key, value in above.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        else:
            out[key] = value
    return out


def config_from_dict(data: dict[str, Any], default_name: str = "custom") -> Config:
    """A config from the nested TOML layout (``[weights.hybrid]`` and so on)."""
    if not isinstance(data, dict):
        raise ConfigError(f"a config must be a table of settings, got {type(data).__name__}")
    flat: dict[str, Any] = {"name": default_name}
    for key, value in data.items():
        if key == "thresholds" and isinstance(value, dict):
            for mode, inner in value.items():
                if not isinstance(inner, dict):
                    raise ConfigError(f"[thresholds.{mode}] must be a table")
                for name, number in inner.items():
                    flat[f"{name}_{mode}"] = number
        elif key in _TABLES and isinstance(value, dict):
            for mode, inner in value.items():
                flat[f"{key}_{mode}"] = inner
        elif key == "calibration":
            continue
        else:
            flat[key] = value
    known = {f.name for f in fields(Config)}
    unknown = sorted(set(flat) - known)
    if unknown:
        names = ", ".join(_as_written(name) for name in unknown)
        raise ConfigError(f"unknown config key(s): {names}")
    try:
        return Config(**flat)
    except TypeError as exc:
        raise ConfigError(f"invalid config: {exc}") from None
    except ConfigError as exc:
        # name the setting as the file writes it, not as the dataclass field it fills
        raise ConfigError(_FLAT_NAME.sub(lambda m: _as_written(m.group()), str(exc))) from None


# A field that a table of the file fills: "supported_lexical" is [thresholds.lexical]
# supported, "weights_hybrid" is [weights.hybrid].
_FLAT_NAME = lazy_pattern(r"\b(?:[a-z]+_)*[a-z]+_(?:hybrid|lexical)\b")


def _as_written(name: str) -> str:
    """``name`` as a TOML file writes it (see ``_FLAT_NAME``); others as they are."""
    stem, _, mode = name.rpartition("_")
    if mode not in ("hybrid", "lexical") or not stem:
        return name
    if stem in _TABLES:
        return f"{stem}.{mode}"
    return f"thresholds.{mode}.{stem}"
