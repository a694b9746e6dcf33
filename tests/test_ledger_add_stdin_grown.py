"""`ledger add -`: a night read from standard input, added again after it grew.

docs/formats.md (The ledger): a night is known by its file, the `date:` it writes and its
players; adding it again after more hands were recorded grows it — nothing is counted twice.
From standard input the night is dated the day it is added. The same bytes piped twice are
recognised as the night already there; the same night piped again with one more hand must grow
it, not be a second night that counts the first hands twice.

Money worked out from the rules (docs/rules.md, R5 R7 R8), stake 2.5, `self_draw_share: 3`:
hand 1 Bo robs Cy's kong, ratio 1: Cy pays 3 × 3 × 1 = 9 units = 22.5; Di's concealed kong of
East: each of the other three pays 2 units = 5. Ana -5, Bo +17.5, Cy -27.5, Di +15.
hand 2 Ana self-draws, ratio 1: each other pays 3 units = 7.5. Ana +22.5, the others -7.5.
hand 3 and hand 4 draws. Totals: Ana +17.5, Bo +10, Cy -35, Di +7.5.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

MEIZHOU = str(Path(sys.executable).with_name("meizhou-score"))
HEAD = """players: [Ana, Bo, Cy, Di]
stake: 2.5
{date}rules: {{self_draw_share: 3}}
hands:
  - dealer: Ana
    winner: Bo
    win_type: robbed_kong
    robbed: Cy
    hand: {{concealed: 123m 456m 567p 789s 22s, winning_tile: 6p}}
    kongs:
      - {{player: Di, type: concealed, tile: 1z}}
  - winner: Ana
    win_type: self_draw
    hand: {{concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}}
  - draw: true
"""
EXPECTED = {"Ana": Decimal("17.5"), "Bo": Decimal("10"), "Cy": Decimal("-35"), "Di": Decimal("7.5")}


def _ledger(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [MEIZHOU, "ledger", "--db", str(db), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize("date", ["date: 2026-11-20\n", ""], ids=["with-date", "without-date"])
def test_night_from_stdin_grown_is_grown_not_doubled(tmp_path: Path, date: str) -> None:
    db = tmp_path / "club.sqlite3"
    night = HEAD.format(date=date)
    first = _ledger(db, "add", "-", stdin=night)
    assert first.returncode == 0, first.stderr
    grown = _ledger(db, "add", "-", stdin=night + "  - draw: true\n")
    assert grown.returncode == 0, grown.stderr
    nights = _ledger(db, "nights")
    assert "Added night 2" not in grown.stdout, nights.stdout
    totals = _ledger(db, "totals", "--format", "json")
    got = {row["player"]: Decimal(str(row["total"])) for row in json.loads(totals.stdout)}
    assert got == EXPECTED, nights.stdout
