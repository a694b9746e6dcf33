"""A bulk run's exit code from its counts (bulk/report.py): ``settle --jsonl`` and ``audit`` give
the same code for the same lines — 2 when a line is refused (whatever else), 1 when a line is
disputed and none refused, 0 when every line settled."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT

from meizhou_score.bulk.report import return_code

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
SETTLED = {  # 123m 456m 789p 234s 55s, self-drawn on 4s: a win, no claim to disagree with
    "players": PLAYERS,
    "dealer": "Ah Fook",
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}
# 235s is no chow: not a win, so a dispute (exit 1), not bad input
DISPUTED = {**SETTLED, "hand": {"concealed": "123m 456m 789p 235s 55s", "winning_tile": "5s"}}
REFUSED = {"players": PLAYERS}  # no dealer, no winner: a record that breaks the format


def run(*args: str) -> int:
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    ).returncode


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        ([SETTLED, SETTLED], 0),
        ([SETTLED, DISPUTED], 1),
        ([DISPUTED, REFUSED, SETTLED], 2),
    ],
    ids=["all-settled", "one-disputed", "disputed-and-refused"],
)
def test_settle_jsonl_and_audit_end_with_the_same_code(tmp_path, lines, code):
    day = tmp_path / "day.jsonl"
    day.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert run("settle", "--jsonl", str(day)) == code
    assert run("audit", str(day), "--out", str(tmp_path / "out")) == code


def test_a_failed_line_outranks_every_other_count():
    assert return_code({"settled": 5, "disputed": 1, "refused": 1, "failed": 1}) == 3
    assert return_code({"settled": 0, "disputed": 1, "refused": 1, "failed": 0}) == 2
    assert return_code({"settled": 9, "disputed": 0, "refused": 0}) == 0
