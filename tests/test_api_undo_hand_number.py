"""`DELETE /api/hands/last?hand=N`: the hand the player was asked about, in digits.

docs/web.md: `?hand=N` names the hand asked about, refused with 422 at `hand` when it is not
the last. The server refuses `+1`, `1.0` and `-1` ("expected a hand number from 1"); the
project reads numbers in ASCII digits only (docs/formats.md: `٣` and `１２` are refused), so a
fullwidth or Arabic-Indic digit names no hand: 422 at `hand`, nothing taken back — not read as
hand 1 and the hand taken back.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import api_call, serving

MEIZHOU = str(Path(sys.executable).with_name("meizhou-score"))
NIGHT = """players: [Ana, Bo, Cy, Di]
stake: 1
date: 2026-11-20
hands:
  - dealer: Ana
    draw: true
"""


@pytest.fixture
def served(tmp_path: Path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    with serving(night, state=tmp_path / "state") as port:
        yield port, night


@pytest.mark.parametrize("digit", ["%EF%BC%91", "%D9%A1"], ids=["fullwidth-1", "arabic-indic-1"])
def test_undo_hand_in_non_ascii_digits_is_refused(served, digit: str) -> None:
    port, night = served
    version = api_call(port, "GET", "/api/night")[1]["version"]
    status, body = api_call(port, "DELETE", f"/api/hands/last?hand={digit}&version={version}")
    assert status == 422, (status, body)
    assert body.get("where") == "hand", body
    assert night.read_text() == NIGHT
