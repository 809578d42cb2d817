"""The accuracy bar of the product, measured on the dev data's holdout half.

These figures are what the README reports; the test keeps a change from quietly
losing them. Cite-Right's figures on the same data (../shared/reference/README.md)
are 0.665 (LFQA) and 0.520 (WiCE) balanced accuracy and 0.708 WiCE hit@1. The
status goals (issue 10) are WiCE balanced accuracy 0.75, 3-way macro-F1 0.62 on
both files, and LFQA balanced accuracy no lower than before them (0.858); the
semantic-speed goal (issue 9) is WiCE hit@1 0.83 for the default and WiCE balanced
accuracy no lower than 0.697. Reached before the last recalibration (default: LFQA
0.857 / 0.584, WiCE 0.744 / 0.629 balanced accuracy / macro-F1, hit@1 0.839; lexical
WiCE 0.731 / 0.588): the
bars sit under that, above the figures before the claim model (macro-F1 0.544 /
0.547), with about 0.01 left for a re-calibration's noise (WiCE's holdout is 174
sentences, 27 of them unsupported: one of those moves balanced accuracy 0.019). The
last recalibration (numbers and dates weighed by whether any source states them,
chosen on the fit half) moved these by 0.01-0.03 within that noise, and the bars
were set again from its figures. The recalibration after fact-backed word overlap
(a number, date, amount or percent the passages restate in other words counts as
shared; chosen on nested cross-validation of the fit half, where it gained on both
files) read LFQA 0.851 and WiCE 0.727 for the default (against 0.856 / 0.744 for the
code before it, recalibrated the same way; a paired bootstrap over records puts both
differences inside their noise, -0.014 to +0.005 and -0.057 to +0.022), lexical WiCE
0.748 (0.714) and precise WiCE 0.773 (0.765). The LFQA bar is issue 9's floor, today's
0.858 less 0.01. Stop 27's recalibration (the supported model fitted without the
cosine where the fit half's out-of-fold objective is higher so) read default LFQA 0.857 /
0.584 and WiCE 0.731 / 0.617, precise WiCE 0.731; stop 30's (the claim model likewise)
default LFQA 0.857 / 0.593 and WiCE 0.731 / 0.603. The holdout half is the one ``make
calibrate`` never fits on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citemark.evaluate import metrics, predict, read_records

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def _holdout(name: str, config: str = "default") -> list:  # type: ignore[type-arg]
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is absent: the dev data lives in ../shared/data beside the repo")
    return list(predict(read_records(path), config=config, split="holdout"))


@pytest.mark.slow
def test_lfqa_flag_and_status_hold_their_bar() -> None:
    m = metrics(_holdout("lfqa.jsonl"))
    assert m.balanced_accuracy >= 0.848, m
    assert m.macro_f1_3way >= 0.57, m
    assert m.auroc is not None and m.auroc >= 0.9, m


@pytest.mark.slow
def test_wice_flag_status_and_evidence_hold_their_bar() -> None:
    m = metrics(_holdout("wice.jsonl"))
    assert m.balanced_accuracy >= 0.697, m
    assert m.macro_f1_3way >= 0.60, m
    assert m.hit_at_1 is not None and m.hit_at_1 >= 0.83, m


def test_lexical_mode_also_clears_the_bar_on_wice() -> None:
    m = metrics(_holdout("wice.jsonl", config=str(_lexical_preset())))
    assert m.balanced_accuracy >= 0.71, m
    assert m.macro_f1_3way >= 0.575, m


def _lexical_preset() -> Path:
    return Path(__file__).resolve().parents[1] / "configs" / "lexical.toml"
