"""A report in a Jupyter notebook: an inline HTML view, and its sentences as a DataFrame.

The view (:func:`report_html`, behind ``Report._repr_html_``) is one self-contained
fragment: a notebook output cell runs no script and loads no stylesheet, so its
styles are inline, and every rule is scoped to the ``cm-report`` wrapper, so that
displaying a report restyles nothing else in the notebook. The answer is drawn by
:meth:`Report.html`, the marks the review page draws, so the two never disagree.

pandas is optional (the ``notebook`` extra) and imported only when a frame is asked
for: ``import citemark`` never loads it.

Only the type checker reads :mod:`citemark.report` here; at run time the report is
read through its methods, since ``report`` imports this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .graphemes import is_boundary
from .render import text_html, with_cite_titles

if TYPE_CHECKING:
    # pandas ships no types (pandas-stubs is a package of its own): the frames are
    # typed by name for the reader, as Any for the checker
    from pandas import DataFrame  # type: ignore[import-untyped,unused-ignore]

    from .report import Citation, Conflict, Report, SentenceResult
    from .types import Span

INSTALL_HINT = 'pip install "citemark[notebook]"'
# Evidence longer than this is cut in the sentence table: the passage is there to
# recognise, the full text is in the report (``to_dict``, ``to_pandas``).
EVIDENCE_CHARS = 160


def require_pandas(what: str) -> ModuleType:
    """pandas, or an ImportError that says which extra installs it."""
    try:
        import pandas
    except ImportError as exc:
        raise ImportError(
            f"{what} needs pandas, which is not installed: {INSTALL_HINT}", name="pandas"
        ) from exc
    return pandas


# --------------------------------------------------------------------------- the HTML view

# The review page's colours and marks (server/static/review.css), each rule under the
# wrapper. The wrapper sets its own ink and paper, so that a dark notebook theme does
# not leave dark text on it; ``cite`` loses the browser's italics, as on the page.
_STYLE = """
.cm-report{font-family:system-ui,-apple-system,"Segoe UI","Liberation Sans","DejaVu Sans",
sans-serif;color:#1d2430;background:#fff;font-size:14px;line-height:1.45;padding:10px 14px;
border:1px solid #dde2ea;border-radius:8px;text-align:left}
.cm-report .cm-summary{display:flex;flex-wrap:wrap;gap:6px 8px;align-items:center;margin:0 0 8px}
.cm-report .cm-count{font-weight:650;padding:2px 10px;border-radius:999px;background:#eef1f6}
.cm-report .cm-count-supported{background:#dcf5e6;color:#17723f}
.cm-report .cm-count-partial{background:#fff4d6;color:#a15c07}
.cm-report .cm-count-unsupported{background:#b42318;color:#fff}
.cm-report .cm-count-conflict{background:#fff;color:#b42318;border:1px solid #b42318}
.cm-report .cm-count-no_claim{color:#5b6677}
.cm-report .cm-metric{margin-left:4px}
.cm-report .cm-passed{color:#17723f;font-weight:700}
.cm-report .cm-failed{color:#b42318;font-weight:700}
.cm-report .cm-note{font-size:12.5px;color:#5b6677;background:#f3f5f8;padding:2px 8px;
border-radius:4px}
.cm-report .cm-legend{display:flex;flex-wrap:wrap;gap:4px 18px;font-size:12.5px;color:#5b6677;
margin:4px 0}
.cm-report .cm-answer{font-family:Georgia,"Liberation Serif","DejaVu Serif","Times New Roman",serif;
font-size:16px;line-height:1.95;white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0 12px}
.cm-report cite{font-style:normal;color:inherit;border-radius:2px;
-webkit-box-decoration-break:clone;box-decoration-break:clone}
.cm-report cite.cm-verbatim{background:#dbe7ff;border-bottom:2px solid #1d4ed8;padding:1px 1px 0}
.cm-report cite.cm-paraphrase{background:#f3edff;border-bottom:2px dashed #7c3aed;padding:1px 1px 0}
.cm-report mark.cm-conflict{background:#fff;color:#b42318;font-weight:700;
border:1.5px solid #b42318;border-radius:3px;padding:0 2px}
.cm-report mark.cm-miscited{background:#fff4e5;color:#9a3412;font-weight:700;
border:1.5px dashed #c2410c;border-radius:3px;padding:0 2px}
.cm-report .cm-unsupported-words{text-decoration-line:underline;text-decoration-style:wavy;
text-decoration-color:#b42318;text-decoration-thickness:1.5px;text-underline-offset:3px}
.cm-report table.cm-sentences{border-collapse:collapse;width:100%;font-size:13px;margin:0}
.cm-report table.cm-sentences th,.cm-report table.cm-sentences td{text-align:left;
vertical-align:top;padding:4px 8px;border-top:1px solid #dde2ea;unicode-bidi:isolate;
white-space:normal;overflow-wrap:break-word}
.cm-report table.cm-sentences th{font-weight:650;color:#5b6677;background:#f7f9fd;
white-space:nowrap}
.cm-report table.cm-sentences td.cm-text{overflow-wrap:anywhere;min-width:12em}
.cm-report table.cm-sentences td.cm-num{color:#5b6677;font-variant-numeric:tabular-nums}
.cm-report table.cm-sentences td.cm-score{font-variant-numeric:tabular-nums}
.cm-report table.cm-sentences td.cm-tight{white-space:nowrap}
.cm-report .cm-status{font-size:11.5px;font-weight:700;text-transform:uppercase;
letter-spacing:.03em;padding:1px 6px;border-radius:4px;white-space:nowrap}
.cm-report .cm-status-supported{background:#dcf5e6;color:#17723f}
.cm-report .cm-status-partial{background:#a15c07;color:#fff}
.cm-report .cm-status-unsupported{background:#b42318;color:#fff}
.cm-report .cm-status-no_claim{background:#eef1f6;color:#5b6677}
.cm-report .cm-citation-miscited{color:#b42318;font-weight:700}
.cm-report .cm-citation-uncited{color:#a15c07;font-weight:700}
.cm-report .cm-source{font-weight:650}
.cm-report .cm-evidence{font-family:Georgia,"Liberation Serif","DejaVu Serif",serif}
.cm-report .cm-conflict-line{color:#b42318;display:block}
"""


def report_html(report: Report) -> str:
    """The report as one HTML fragment: summary, the marked answer, a table per sentence.

    Every piece of text (the answer, source ids, evidence, notes) is escaped, and the
    output is a function of the report alone (no generated ids, no clock), so that a
    re-run cell shows the same bytes.
    """
    return "".join(
        (
            '<div class="cm-report">',
            f"<style>{_STYLE}</style>",
            _summary(report),
            _LEGEND,
            f'<div class="cm-answer">{with_cite_titles(report.html())}</div>',
            _table(report),
            "</div>",
        )
    )


_LEGEND = (
    '<div class="cm-legend">'
    '<span><cite class="cm-verbatim">quote</cite> verbatim from a source</span>'
    '<span><cite class="cm-paraphrase">paraphrase</cite> supported in other words</span>'
    '<span><mark class="cm-conflict">value</mark> the source says otherwise</span>'
    '<span><span class="cm-unsupported-words">words</span> no source supports</span>'
    '<span><mark class="cm-miscited">[n]</mark> cites a source that does not hold it</span>'
    "<span>(hover for the sources)</span>"
    "</div>"
)


def _summary(report: Report) -> str:
    summary = report.summary()
    faith = report.faithfulness()
    sentences = summary["sentences"]
    chips = [f'<span class="cm-count">{sentences} sentence{"" if sentences == 1 else "s"}</span>']
    for status in ("supported", "partial", "unsupported"):
        chips.append(f'<span class="cm-count cm-count-{status}">{summary[status]} {status}</span>')
    if summary["no_claim"]:
        chips.append(
            f'<span class="cm-count cm-count-no_claim">{summary["no_claim"]} no claim</span>'
        )
    if summary["conflicts"]:
        n = summary["conflicts"]
        chips.append(
            f'<span class="cm-count cm-count-conflict">{n} conflict{"" if n == 1 else "s"}</span>'
        )
    verdict = (
        '<span class="cm-passed">passes</span>'
        if faith.passed
        else '<span class="cm-failed">fails</span>'
    )
    chips.append(
        f'<span class="cm-metric">faithfulness <b>{faith.score:.2f}</b> '
        f"({verdict} the check)</span>"
    )
    chips.append(f'<span class="cm-metric">coverage {summary["coverage"]:.0%}</span>')
    if report.carries_citations:
        metrics = report.citation_metrics()
        chips.append(
            f'<span class="cm-metric">citation recall {_ratio(metrics.recall)}, '
            f"precision {_ratio(metrics.precision)}, {metrics.miscited} miscited, "
            f"{metrics.uncited} uncited</span>"
        )
    chips += [f'<span class="cm-note">{text_html(note)}</span>' for note in report.notes]
    return f'<div class="cm-summary">{"".join(chips)}</div>'


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _table(report: Report) -> str:
    """One row per sentence; the citation column only where the answer cites something
    (an answer that cites nothing would read "uncited" on every supported line)."""
    cites = report.carries_citations
    head = ["#", "status", "score", *(["citation"] if cites else []), "sentence", "evidence"]
    rows = [
        "<tr>" + "".join(f"<th>{name}</th>" for name in head) + "</tr>",
        *(_row(number, s, cites) for number, s in enumerate(report.sentences, 1)),
    ]
    return f'<table class="cm-sentences">{"".join(rows)}</table>'


def _row(number: int, sentence: SentenceResult, cites: bool) -> str:
    status = sentence.status
    cells = [
        f'<td class="cm-num cm-tight">{number}</td>',
        f'<td class="cm-tight"><span class="cm-status cm-status-{status}">'
        f"{status.replace('_', ' ')}</span></td>",
        f'<td class="cm-score cm-tight">{sentence.score:.2f}</td>',
    ]
    if cites:
        cells.append(f"<td>{_citation_cell(sentence)}</td>")
    cells.append(f'<td class="cm-text">{text_html(sentence.text.strip())}</td>')
    cells.append(f'<td class="cm-text">{_evidence_cell(sentence)}</td>')
    return f"<tr>{''.join(cells)}</tr>"


def _citation_cell(sentence: SentenceResult) -> str:
    status = sentence.citation_status
    if status is None:
        return ""
    parts = [f'<span class="cm-citation-{status}">{status}</span>']
    cited = _ids(c.source_id for c in sentence.cited)
    if cited:
        parts.append(f"cites {text_html(cited)}")
    if sentence.suggested:
        parts.append(f"evidence in {text_html(_ids(sentence.suggested))}")
    return "<br>".join(parts)


def _evidence_cell(sentence: SentenceResult) -> str:
    parts = [_conflict_line(c) for c in sentence.conflicts]
    best = top_citation(sentence)
    if best is not None:
        parts.append(
            f'<span class="cm-source">{text_html(best.source_id)}</span> ({best.kind}) '
            f'<q class="cm-evidence">{text_html(shorten(best.evidence))}</q>'
        )
    return "".join(parts)


def _conflict_line(conflict: Conflict) -> str:
    said = " ".join(conflict.evidence.split())
    return (
        f'<span class="cm-conflict-line">conflict: “{text_html(conflict.text)}” vs '
        f"source {text_html(conflict.source_id)} “{text_html(said)}”</span>"
    )


def _ids(ids: Iterable[str]) -> str:
    return ", ".join(dict.fromkeys(ids))


def top_citation(sentence: SentenceResult) -> Citation | None:
    """The sentence's best-scored citation (the first of equals), ``None`` where it has none."""
    return max(sentence.citations, key=lambda c: c.score, default=None)


def shorten(text: str, most: int = EVIDENCE_CHARS) -> str:
    """``text`` on one line, cut to about ``most`` characters at a space where there is
    one, else at a character's edge (never inside an emoji or an accented letter)."""
    flat = " ".join(text.split())
    if len(flat) <= most:
        return flat
    cut = flat.rfind(" ", most // 2, most)
    if cut < 0:
        cut = most
        while cut > 0 and not is_boundary(flat, cut):
            cut -= 1
    return flat[:cut].rstrip() + " …"


# --------------------------------------------------------------------------- the frame

# One column per field, in this order; the frame has them even with no sentence.
SENTENCE_COLUMNS = (
    "start",
    "end",
    "text",
    "status",
    "score",
    "citation_status",
    "cited",
    "suggested",
    "source_id",
    "citation_kind",
    "evidence",
    "source_start",
    "source_end",
    "conflicts",
    "unsupported_words",
)


def sentence_frame(report: Report) -> DataFrame:
    """One row per sentence of ``report``, in order (row ``n`` is ``report.sentences[n]``).

    ``cited`` and ``suggested`` are lists of source ids (an id may hold a comma);
    ``source_id`` … ``source_end`` are the sentence's best-scored citation, empty where
    it has none; ``conflicts`` reads as :meth:`Failure.describe` writes one
    (``'two years' vs source S3 'one year'``, ``; `` between two), and
    ``unsupported_words`` is the answer's text of each unsupported stretch, `` … ``
    between two.
    """
    pd = require_pandas("Report.to_pandas()")
    rows = [_sentence_row(report.answer, s) for s in report.sentences]
    frame = pd.DataFrame(rows, columns=list(SENTENCE_COLUMNS))
    return frame.astype(_SENTENCE_DTYPES)


# Nullable integers and strings: a sentence without a citation has no offsets and no
# evidence, and the others' offsets must not turn into floats because of it (nor an
# empty cell read None under one pandas and NaN under another).
_SENTENCE_DTYPES = {
    **{name: "string" for name in SENTENCE_COLUMNS},
    "start": "int64",
    "end": "int64",
    "score": "float64",
    "cited": "object",
    "suggested": "object",
    "source_start": "Int64",
    "source_end": "Int64",
}


def _sentence_row(answer: str, sentence: SentenceResult) -> dict[str, Any]:
    best = top_citation(sentence)
    return {
        "start": sentence.start,
        "end": sentence.end,
        "text": sentence.text,
        "status": sentence.status,
        "score": sentence.score,
        "citation_status": sentence.citation_status,
        "cited": list(dict.fromkeys(c.source_id for c in sentence.cited)),
        "suggested": list(sentence.suggested),
        "source_id": None if best is None else best.source_id,
        "citation_kind": None if best is None else best.kind,
        "evidence": None if best is None else best.evidence,
        "source_start": None if best is None else best.source_start,
        "source_end": None if best is None else best.source_end,
        "conflicts": "; ".join(
            f"{c.text!r} vs source {c.source_id} {c.evidence!r}" for c in sentence.conflicts
        ),
        "unsupported_words": _joined(answer, sentence.unsupported_spans),
    }


def _joined(answer: str, spans: Sequence[Span]) -> str:
    return " … ".join(answer[s.start : s.end] for s in spans)
