"""settling/money.py: amounts exact, and written with every digit they hold wherever they are shown."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli
from meizhou_score.settling.money import exact, gold, signed, text

STAKE = "0." + "3" * 29  # 29 significant digits: past Decimal's default precision of 28
# Jun self-draws a plain hand (ratio 1, R5: each other player pays 2 units): Jun +6 units, the others -2 each.
JUN = "1." + "9" * 28 + "8"  # 6 × 0.333…3 (29 threes) = 1.999…98: 30 significant digits
EACH = "-0." + "6" * 29  # -2 × 0.333…3


@pytest.mark.parametrize(
    "value, written",
    [
        (20, "20"),
        (Decimal("2.50"), "2.5"),
        (Decimal("20.00"), "20"),
        (Decimal("1E+2"), "100"),
        (Decimal(JUN), JUN),
        (Decimal("-0.5"), "-0.5"),
    ],
)
def test_text_writes_every_digit_and_no_more(value, written):
    assert text(value) == written


def test_signed_and_exact():
    assert signed(Decimal("60.0")) == "+60" and signed(-20) == "-20" and signed(0) == "0"
    assert exact(Decimal("20.000")) == 20 and type(exact(Decimal("20.000"))) is int
    assert gold(6, Decimal(STAKE)) == Decimal(JUN)


def test_tables_json_csv_and_ledger_agree_to_the_last_digit(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(
        f"""players: [Ah Fook, Mei, Jun, Lan]
stake: {STAKE}
hands:
  - dealer: Ah Fook
    winner: Jun
    win_type: self_draw
    hand: {{concealed: 123m 456m 789m 123p 55p, winning_tile: 5p}}
""",
        encoding="utf-8",
    )
    run = CliRunner().invoke
    assert JUN in run(cli, ["settle", str(night)]).output
    assert json.loads(
        run(cli, ["settle", str(night), "--format", "json"]).output, parse_float=Decimal
    )["totals"]["Jun"] == Decimal(JUN)
    db = str(tmp_path / "club.sqlite3")
    assert run(cli, ["ledger", "--db", db, "add", str(night)]).exit_code == 0
    table = run(cli, ["ledger", "--db", db, "totals"]).output
    assert JUN in table and EACH in table
    assert JUN in run(cli, ["ledger", "--db", db, "totals", "--format", "csv"]).output
    assert JUN in run(cli, ["ledger", "--db", db, "stats"]).output
