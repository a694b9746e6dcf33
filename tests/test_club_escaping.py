"""What players wrote, made safe for where it goes: notes that cannot take over a terminal, CSV cells a
spreadsheet does not run.

The ledger is test_club_payments' month: owed now Ah Fook −80, Mei −40, Jun +120, Lan 0 (worked there).
"""

from __future__ import annotations

import csv
import io

import pytest
import test_club_payments
from test_club_payments import rows, run

month = test_club_payments.month  # the fixture

NOTES = [
    "paid\x1b[2Kall",  # ESC: erases the line on a terminal
    "cash\rjunk",  # CR: back to the line's start, overwriting it
    "ding\x07",  # BEL
    "\x85next",  # C1: next line
    "evil\u202edesrever",  # right-to-left override: shown in another order than stored
    "isolated\u2067x\u2069",  # right-to-left isolate
    "broken\ud800",  # a lone surrogate
]


@pytest.mark.parametrize("note", NOTES, ids=[repr(n) for n in NOTES])
def test_a_note_with_control_characters_is_refused_and_nothing_written(month, note):
    refused = run(month, "pay", "Mei", "Jun", "40", "--note", note)
    assert refused.exit_code == 2, refused.output
    assert "a note may not hold control characters" in refused.output
    assert len(rows(month, "payments")) == 2


def test_a_plain_note_in_any_script_is_kept(month):
    assert run(month, "pay", "Mei", "Jun", "40", "--note", "還錢 — cash, 40").exit_code == 0
    assert rows(month, "payments")[-1]["note"] == "還錢 — cash, 40"


def _csv(db, *args) -> list[list[str]]:
    out = run(db, *args)
    assert out.exit_code == 0, out.output
    return list(csv.reader(io.StringIO(out.stdout, newline="")))


def test_csv_cells_a_spreadsheet_would_run_are_quoted_but_numbers_stay(month):
    # OWASP's CSV injection advice: a cell beginning with = + - @ (or tab, CR) is a formula to Excel,
    # LibreOffice and Sheets; a leading ' makes it text. Amounts the tool worked out stay numbers.
    assert run(month, "rename", "Mei", "=HYPERLINK(1)").exit_code == 0
    assert run(month, "pay", "Ah Fook", "Jun", "5", "--note", "@SUM(A1)").exit_code == 0
    assert run(month, "pay", "Ah Fook", "Jun", "5", "--note", "-2+3").exit_code == 0
    assert run(month, "pay", "Ah Fook", "Jun", "5", "--note", "+1 x").exit_code == 0
    paid = _csv(month, "export", "--what", "payments")
    assert [row[5] for row in paid[-3:]] == ["'@SUM(A1)", "'-2+3", "'+1 x"]
    totals = {row[0]: row[-1] for row in _csv(month, "totals", "--format", "csv")[1:]}
    # owed now, the docstring's figures, Ah Fook having paid 15 more: −80 + 15 = −65
    assert totals == {"'=HYPERLINK(1)": "-40", "Ah Fook": "-65", "Jun": "105", "Lan": "0"}
    hands = _csv(month, "export")
    names = {row[13] for row in hands[1:]} | {row[12] for row in hands[1:]}
    assert "'=HYPERLINK(1)" in names and "=HYPERLINK(1)" not in names
    assert all(not cell.startswith(("=", "+", "@")) for row in hands for cell in row)
