"""The accuracy bar of the product, measured on the dev data's holdout half (the half
``make calibrate`` never fits on).

These figures are what the README reports; the test keeps a change from quietly losing
them. Cite-Right's figures on the same data (../shared/reference/README.md) are 0.665
(LFQA) and 0.520 (WiCE) balanced accuracy and 0.708 WiCE hit@1.

The default preset reads LFQA 0.858 / 0.583 and WiCE 0.727 / 0.594 (balanced accuracy /
3-way macro-F1); precise reads WiCE 0.781. The LFQA bars and WiCE's macro-F1 bar sit 0.01
under what the default has reached, the noise of a recalibration: three changed WiCE rows
in the fit half move the chosen thresholds by 0.01-0.02 (WiCE's holdout is 174 sentences,
27 of them unsupported, so one of those alone moves balanced accuracy by 0.019). The other
WiCE bars are the floors set for the default preset: evidence found first (hit@1 0.83) and
balanced accuracy no lower than 0.697.
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
    assert m.macro_f1_3way >= 0.59, m
    assert m.hit_at_1 is not None and m.hit_at_1 >= 0.83, m


def test_lexical_mode_also_clears_the_bar_on_wice() -> None:
    m = metrics(_holdout("wice.jsonl", config=str(_lexical_preset())))
    assert m.balanced_accuracy >= 0.71, m
    assert m.macro_f1_3way >= 0.575, m


def _lexical_preset() -> Path:
    return Path(__file__).resolve().parents[1] / "configs" / "lexical.toml"
