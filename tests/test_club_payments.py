"""Debts paid and the history of a balance, on real SQLite files; every figure worked by hand.

Night 1 (2026-11-05) is examples/session.yaml: Ah Fook −140, Mei 0, Jun +160, Lan −20 (tests/test_cli_examples.py).
Night 2 (2026-11-12), stake 5: Jun self-draws pure one suit (ratio 4, R4): 2 × 4 = 8 units from each (R5), × 5 =
40: Jun +120, the others −40; then a draw (R9). The nights: Ah Fook −180, Mei −40, Jun +280, Lan −60.
Paid: 2026-11-13 Ah Fook → Jun 100; 2026-11-14 Lan → Jun 60.
Owed now = nights + paid − received: Ah Fook −180 + 100 = −80; Mei −40; Jun 280 − 160 = +120; Lan −60 + 60 = 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from records import C, hand_record, session_record

from meizhou_score.cli.app import cli

NIGHT_TWO = session_record(
    hand_record(C, concealed="123p 456p 789p 111p 55p", winning="5p"), {"draw": True}, stake=5
)


def run(db, *args, input=None):
    return CliRunner().invoke(cli, ["ledger", "--db", str(db), *map(str, args)], input=input)


def rows(db, *args) -> list:
    out = run(db, *args, "--format", "json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


@pytest.fixture
def month(tmp_path):
    db = tmp_path / "club.sqlite3"
    one = tmp_path / "one.yaml"
    one.write_text(
        (EXAMPLES / "session.yaml").read_text(encoding="utf-8") + "date: 2026-11-05\n",
        encoding="utf-8",
    )
    two = tmp_path / "two.yaml"
    two.write_text(json.dumps({**NIGHT_TWO, "date": "2026-11-12"}), encoding="utf-8")
    assert run(db, "add", one).exit_code == 0 and run(db, "add", two).exit_code == 0
    assert run(db, "pay", "Ah Fook", "Jun", "100", "--date", "2026-11-13").exit_code == 0
    assert (
        run(db, "pay", "lan", "JUN", "60", "--date", "2026-11-14", "--note", "cash").exit_code == 0
    )
    return db


def test_totals_show_what_is_owed_now(month):
    found = {r["player"]: r for r in rows(month, "totals")}
    assert {p: (r["nights"], r["paid"], r["received"], r["total"]) for p, r in found.items()} == {
        "Ah Fook": (-180, 100, 0, -80),
        "Mei": (-40, 0, 0, -40),
        "Jun": (280, 0, 160, 120),
        "Lan": (-60, 60, 0, 0),
    }
    table = run(month, "totals").stdout
    assert "received" in table and "Jun" in table


def test_a_payment_is_not_a_hand(month):
    stats = {r["player"]: r for r in rows(month, "stats")}
    assert stats["Jun"]["net"] == 280 and stats["Jun"]["hands"] == 6  # the nights alone
    assert [n["hands"] for n in rows(month, "nights")] == [4, 2]


def test_settle_up_squares_what_is_owed_now_and_records_it(month):
    assert rows(month, "settle-up") == [
        {"from": "Ah Fook", "to": "Jun", "amount": 80},
        {"from": "Mei", "to": "Jun", "amount": 40},
    ]
    recorded = run(month, "settle-up", "--record", "--yes")
    assert recorded.exit_code == 0 and "Recorded 2 payments" in recorded.output
    assert "nobody owes anybody" in run(month, "settle-up").stdout
    assert {r["player"]: r["total"] for r in rows(month, "totals")} == {
        "Ah Fook": 0,
        "Mei": 0,
        "Jun": 0,
        "Lan": 0,
    }
    # taking the 80 back restores that debt
    number = [p["payment"] for p in rows(month, "payments") if p["amount"] == 80][0]
    assert run(month, "remove-payment", number, "--yes").exit_code == 0
    assert rows(month, "settle-up") == [{"from": "Ah Fook", "to": "Jun", "amount": 80}]


def test_a_payment_in_a_range_counts_by_its_date(month):
    # up to the 12th no money had changed hands: the nights' totals, as a ledger without payments reads
    assert rows(month, "totals", "--until", "2026-11-12") == [
        {"player": "Jun", "total": 280},
        {"player": "Mei", "total": -40},
        {"player": "Lan", "total": -60},
        {"player": "Ah Fook", "total": -180},
    ]
    assert {r["player"]: r["total"] for r in rows(month, "totals", "--until", "2026-11-13")}[
        "Ah Fook"
    ] == -80


@pytest.mark.parametrize(
    "args",
    [
        ("Ah Fook", "Jun", "0"),
        ("Ah Fook", "Jun", "-5"),
        ("Ah Fook", "Jun", "abc"),
        ("Jun", "JUN", "10"),
        ("Ah Fook", "Nobody", "10"),
        ("Ah Fook", "Jun", "NaN"),
    ],
)
def test_a_payment_that_cannot_be_is_refused_and_nothing_written(month, args):
    before = rows(month, "payments")
    refused = run(month, "pay", *args)
    assert refused.exit_code == 2 and "internal error" not in refused.output
    assert rows(month, "payments") == before


def test_export_includes_the_payments(month):
    csv = run(month, "export", "--what", "payments").stdout.splitlines()
    assert csv[0] == "payment,date,from,to,amount,note" and csv[2] == "2,2026-11-14,Lan,Jun,60,cash"
    kinds = [
        json.loads(line)["kind"]
        for line in run(month, "export", "--what", "all", "--format", "jsonl").stdout.splitlines()
    ]
    assert kinds.count("hand") == 6 and kinds.count("payment") == 2
    assert "payment" not in run(month, "export").stdout  # hands alone, as before


def test_export_all_gives_a_payments_note_a_column_of_its_own(month):
    """A payment's note went into the `rule` column: `note` is the last
    column of `--what all`, empty for a hand; a payment has no rule. `--what hands` is as it was."""
    import csv

    lines = run(month, "export", "--what", "all").stdout.splitlines()
    assert lines[0].endswith(",reason,rule,note")
    found = list(csv.DictReader(lines))
    paid = [r for r in found if r["reason"] == "payment"]
    assert [(r["date"], r["from"], r["to"], r["amount"], r["rule"], r["note"]) for r in paid] == [
        ("2026-11-13", "Ah Fook", "Jun", "100", "", ""),
        ("2026-11-14", "Lan", "Jun", "60", "", "cash"),
    ]
    hands = [r for r in found if r["reason"] != "payment"]
    assert hands and {r["note"] for r in hands} == {""}
    assert {r["rule"] for r in hands if r["from"]} >= {"R5"}  # a hand's payments keep their rule
    assert run(month, "export").stdout.splitlines()[0].endswith(",reason,rule")


def test_the_history_as_a_table_and_a_chart(month, tmp_path):
    found = rows(month, "history", "--by", "night")
    # after night 1, night 2, then each payment
    assert [r["Jun"] for r in found] == [160, 280, 180, 120]
    assert [r["Ah Fook"] for r in found] == [-140, -180, -80, -80]
    chart = tmp_path / "month.svg"
    assert run(month, "history", "--chart", str(chart)).exit_code == 0
    svg = ET.parse(chart).getroot()
    paths = {
        p.get("data-player"): p.get("data-last")
        for p in svg.iter("{http://www.w3.org/2000/svg}path")
        if p.get("data-player")
    }
    assert paths == {
        "Ah Fook": "-80",
        "Jun": "120",
        "Lan": "0",
        "Mei": "-40",
    }  # each line ends at what is owed now
    assert svg.find("{http://www.w3.org/2000/svg}script") is None
    monthly = rows(month, "history", "Jun", "Mei", "--by", "month")
    assert monthly == [{"when": "2026-11", "Jun": 120, "Mei": -40}]


def test_a_nights_chart_ends_at_its_totals(tmp_path):
    out = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "session.yaml"), "--chart", "-"])
    svg = ET.fromstring(out.stdout)
    ends = {
        p.get("data-player"): p.get("data-last")
        for p in svg.iter("{http://www.w3.org/2000/svg}path")
        if p.get("data-player")
    }
    assert ends == {"Ah Fook": "-140", "Mei": "0", "Jun": "160", "Lan": "-20"}


def test_four_settle_ups_at_once_record_the_payments_once(month, tmp_path):
    # Owed now (the docstring): Ah Fook −80, Mei −40, Jun +120, Lan 0: two payments square it,
    # Ah Fook → Jun 80 and Mei → Jun 40. Four real programs wait for one file to appear, then all
    # record at once: one records the two payments, the other three find nobody owing anybody.
    go = tmp_path / "go"
    code = (
        "import os, sys, time\n"
        "while not os.path.exists(sys.argv[1]): time.sleep(0.001)\n"
        "from meizhou_score.cli.app import main\n"
        "sys.argv = ['meizhou-score'] + sys.argv[2:]\n"
        "main()\n"
    )
    args = ["ledger", "--db", str(month), "settle-up", "--record", "--yes"]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(go), *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    go.touch()
    results = [(p.wait(timeout=120), p.stdout.read() + p.stderr.read()) for p in procs]
    assert [code for code, _ in results] == [0, 0, 0, 0], results
    assert sum("Recorded 2 payments" in out for _, out in results) == 1, results
    assert sum("nobody owes anybody" in out for _, out in results) == 3, results
    settled = [(p["from"], p["to"], p["amount"], p["note"]) for p in rows(month, "payments")][2:]
    assert sorted(settled) == [("Ah Fook", "Jun", 80, "settle-up"), ("Mei", "Jun", 40, "settle-up")]
    assert {r["player"]: r["total"] for r in rows(month, "totals")} == dict.fromkeys(
        ["Ah Fook", "Mei", "Jun", "Lan"], 0
    )


def test_a_settle_up_agreed_to_after_another_recorded_it_records_nothing(month, monkeypatch):
    # asked; while the person reads the question, another program squares everyone: no doubling
    from meizhou_score.cli.shared import options

    def meanwhile(*_args, **_kwargs):
        assert run(month, "settle-up", "--record", "--yes").exit_code == 0
        return True

    monkeypatch.setattr(options, "someone_can_answer", lambda: True)
    monkeypatch.setattr(options, "confirm", meanwhile)
    late = run(month, "settle-up", "--record")
    assert late.exit_code == 0 and "already square" in late.output, late.output
    assert len(rows(month, "payments")) == 4  # the two paid before, and the other program's two


@pytest.mark.parametrize(
    "amount, said",
    [
        ("1e400", "below 10^30"),
        ("1e-400", "at most 30 after the point"),
        ("1" * 31, "at most 30 digits"),
        ("0." + "1" * 31, "at most 30 digits"),
    ],
)
def test_a_payment_past_the_loaders_limits_is_refused(month, amount, said):
    # the loader's limits for any amount (validators.amount): 30 digits, 30 decimals, below 10^30
    refused = run(month, "pay", "Ah Fook", "Jun", amount)
    assert refused.exit_code == 2, refused.output
    assert said in refused.output and "AMOUNT" in refused.output
    assert len(rows(month, "payments")) == 2
    assert run(month, "pay", "Ah Fook", "Jun", "9" * 30).exit_code == 0  # the largest kept


def test_check_reports_a_stored_amount_the_reports_cannot_read(month):
    import sqlite3

    assert run(month, "check").exit_code == 0
    conn = sqlite3.connect(month)
    with conn:  # as an older program (or a hand at the sqlite3 prompt) could have written it
        conn.execute("UPDATE payments SET amount = '1e400' WHERE id = 1")
        conn.execute("UPDATE payments SET amount = 'lots' WHERE id = 2")
    conn.close()
    checked = run(month, "check")
    assert checked.exit_code == 2, checked.output
    assert "payment 1: an amount the reports cannot read" in checked.output
    assert "below 10^30" in checked.output
    assert "payment 2: an amount the reports cannot read" in checked.output
    assert "'lots'" in checked.output and "2 problems" in checked.output


def test_export_writes_a_tiny_payment_out_as_the_payments_table_does(month):
    """A payment of 10^-30 (the smallest a ledger keeps) was exported as `1E-30`, which a
    spreadsheet reads as a number in scientific notation and a person misreads; `ledger payments`
    writes it out. Both CSV exports now write the 30 places."""
    tiny = "0." + "0" * 29 + "1"
    assert run(month, "pay", "Jun", "Mei", tiny, "--date", "2026-11-15").exit_code == 0
    payments = run(month, "export", "--what", "payments").stdout.splitlines()
    assert payments[3] == f"3,2026-11-15,Jun,Mei,{tiny},"
    everything = run(month, "export", "--what", "all").stdout.splitlines()
    assert everything[-1] == f",2026-11-15,,,,,,,,,,,Jun,Mei,,{tiny},payment,,"
    assert "E-" not in run(month, "export", "--what", "all").stdout
