"""One name per thing in every format the ledger writes: a payment is ``payment``, ``from``,
``to`` in CSV, JSON lines and ``ledger payments``; a week is ISO 8601's ``YYYY-Www`` with four
digits of year, so that the labels sort as the weeks fall.

Figures: examples/session.yaml settles Ah Fook −140, Mei 0, Jun +160, Lan −20
(tests/test_cli_examples.py works it out).
"""

from __future__ import annotations

import csv
import io
import json

import yaml
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli

SESSION = yaml.safe_load((EXAMPLES / "session.yaml").read_text(encoding="utf-8"))


def run(db, *args):
    result = CliRunner().invoke(cli, ["ledger", "--db", str(db), *map(str, args)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_payment_has_the_same_names_in_csv_json_lines_and_the_payments_list(tmp_path):
    db = tmp_path / "club.sqlite3"
    run(db, "add", EXAMPLES / "session.yaml", "--date", "2026-11-12")
    run(db, "pay", "Lan", "Jun", "20", "--date", "2026-11-13", "--note", "cash")
    expected = {"payment": 1, "date": "2026-11-13", "from": "Lan", "to": "Jun", "note": "cash"}

    assert json.loads(run(db, "payments", "--format", "json")) == [{**expected, "amount": 20}]
    lines = run(db, "export", "--what", "payments", "--format", "jsonl").splitlines()
    assert [json.loads(line) for line in lines] == [{"kind": "payment", **expected, "amount": 20}]
    rows = list(csv.DictReader(io.StringIO(run(db, "export", "--what", "payments"))))
    assert rows == [{**expected, "payment": "1", "amount": "20"}]
    # --what all: the hands' lines first, the payment last, under the same names
    last = json.loads(run(db, "export", "--what", "all", "--format", "jsonl").splitlines()[-1])
    assert last == {"kind": "payment", **expected, "amount": 20}


def test_week_labels_are_iso_8601_with_four_digits_and_sort_as_the_weeks_fall(tmp_path):
    db = tmp_path / "club.sqlite3"
    # 0001-01-01 is a Monday (the proleptic Gregorian calendar's first day): week 0001-W01.
    # 2026-01-01 is a Thursday, so ISO week 1 of 2026 holds it; 2026-11-19, day 323 of the year
    # and a Thursday, falls in week (323 − 4 + 10) // 7 = 47: 2026-W47.
    # 0999-06-15 is mid-June, far from a year's edge: a week of year 0999.
    for n, date in enumerate(("2026-11-19", "0001-01-01", "0999-06-15")):
        path = tmp_path / f"night{n}.yaml"
        path.write_text(json.dumps({**SESSION, "date": date}), encoding="utf-8")
        run(db, "add", path)
    weeks = [
        row["when"] for row in json.loads(run(db, "history", "--by", "week", "--format", "json"))
    ]
    assert weeks[0] == "0001-W01" and weeks[2] == "2026-W47"
    assert weeks[1].startswith("0999-W") and len(weeks[1]) == len("0999-W24")
    assert weeks == sorted(weeks)  # text order is the calendar's
    # each week's running balance: examples/session.yaml once, twice, three times
    assert [
        row["Jun"] for row in json.loads(run(db, "history", "--by", "week", "--format", "json"))
    ] == [160, 320, 480]
