"""The ``citemark`` command line.

Every command turns citemark's validation errors, unreadable files and bad JSON
into one line on standard error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import click

from .errors import CitemarkError

F = TypeVar("F", bound=Callable[..., Any])
EXIT_ERROR = 2


def _friendly(func: F) -> F:
    """Run a command, reporting expected failures as one line (exit 2)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CitemarkError as exc:
            raise click.ClickException(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise click.ClickException(f"invalid JSON: {exc}") from None
        except UnicodeDecodeError as exc:
            raise click.ClickException(f"input is not valid UTF-8: {exc}") from None
        except OSError as exc:
            raise click.ClickException(
                f"{exc.strerror or exc}: {exc.filename or ''}".strip()
            ) from None

    return wrapper  # type: ignore[return-value]


click.ClickException.exit_code = EXIT_ERROR


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="citemark")
def main() -> None:
    """Mark which parts of an answer came from which sources, and flag uncited claims."""


def _example() -> dict[str, Any]:
    text = resources.files("citemark").joinpath("examples/lease.json").read_text("utf-8")
    return json.loads(text)


@main.command()
@click.option(
    "--config", "config", default="default", show_default=True, help="Preset name or TOML file."
)
@_friendly
def demo(config: str) -> None:
    """Align the bundled lease example and print the tagged answer and the report.

    \b
    Example:
      citemark demo --config legal-strict
    """
    from . import tag
    from .pipeline import align

    example = _example()
    click.echo("== Phrase mode (tag): quoted phrases per source ==")
    click.echo(tag(example["answer"], example["phrases"]))
    report = align(example["answer"], example["sources"], config=config)
    click.echo("\n== Document mode (align): tagged answer ==")
    click.echo(report.tagged())
    click.echo("\n== Report ==")
    click.echo(format_report(report))


def format_report(report: Any) -> str:
    """A reviewer's plain-text view of a report: one block per sentence."""
    lines = []
    for n, s in enumerate(report.sentences, 1):
        lines.append(f"[{n}] {s.status.upper():<11} score={s.score:.2f}  {s.text}")
        for c in s.citations:
            evidence = " ".join(c.evidence.split())
            evidence = evidence if len(evidence) <= 90 else evidence[:87] + "..."
            lines.append(
                f"      {c.kind:<10} {c.source_id}[{c.source_start}:{c.source_end}] "
                f'{c.score:.2f}  "{evidence}"'
            )
        if s.missing_facts:
            facts = ", ".join(f"{f.kind}: {f.text}" for f in s.missing_facts)
            lines.append(f"      missing facts: {facts}")
    summary = report.summary()
    lines.append(
        f"\n{summary['sentences']} sentences: {summary['supported']} supported, "
        f"{summary['partial']} partial, {summary['unsupported']} unsupported; "
        f"verbatim coverage {summary['coverage']:.0%}; mode {report.mode}, preset {report.config}"
    )
    return "\n".join(lines)


@main.command("eval")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--config", "config", default="default", show_default=True, help="Preset name or TOML file."
)
@click.option(
    "--split",
    type=click.Choice(["all", "fit", "holdout"]),
    default="all",
    show_default=True,
    help="Records to score: 'holdout' is the half of the dev data calibration never saw.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option(
    "--plot", type=click.Path(dir_okay=False), help="Write a PR curve and score histogram PNG."
)
@_friendly
def eval_command(
    files: tuple[str, ...], config: str, split: str, as_json: bool, plot: str | None
) -> None:
    """Score citemark against labelled data in the evalset v1 JSONL format.

    \b
    Example:
      citemark eval ../shared/data/lfqa.jsonl ../shared/data/wice.jsonl --split holdout
    """
    from .evaluate import format_table, predict, read_records, summarize
    from .evaluate import plot as draw

    predictions = []
    for file in files:
        predictions.extend(predict(read_records(file), config=config, split=split))
    if not predictions:
        raise click.ClickException("no labelled sentences in the selected records")
    summary = summarize(predictions)
    if as_json:
        click.echo(json.dumps({"config": config, "split": split, "results": summary}, indent=2))
    else:
        click.echo(f"preset {config}, split {split}\n")
        click.echo(format_table(summary))
    if plot:
        draw(predictions, plot)
        click.echo(f"plot written to {Path(plot)}", err=True)


@main.command("tag")
@click.option(
    "--sources",
    "sources_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="JSON sources file.",
)
@click.argument("answer_file", required=False, type=click.Path(dir_okay=False))
@click.option("--word-level/--substring", default=True, show_default=True)
@_friendly
def tag_command(sources_path: str, answer_file: str | None, word_level: bool) -> None:
    """Wrap every quoted region of the answer in <cite ids="...">.

    \b
    Example:
      citemark tag --sources phrases.json answer.txt
    """
    from . import tag

    answer = Path(answer_file).read_text("utf-8") if answer_file else sys.stdin.read()
    sources = json.loads(Path(sources_path).read_text("utf-8"))
    click.echo(tag(answer, sources, word_level=word_level), nl=False)
