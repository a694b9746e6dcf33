"""`POST /api/ledger`: a key the write does not use.

Issue 44 (6), "Refuse what would be ignored": every key a write does not use is refused (422
naming it). docs/web.md lists `POST /api/ledger` among the writes; its body carries the version
and nothing else the server reads. A `date` (or any other key) sent with it must be refused,
not ignored while the night is added.
"""

from __future__ import annotations

import subprocess
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
    winner: Bo
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
"""


@pytest.fixture
def server(tmp_path: Path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    db = tmp_path / "club.sqlite3"
    with serving(night, "--db", str(db), state=tmp_path / "state") as port:
        yield port, db


@pytest.mark.parametrize("key, value", [("date", "2026-01-01"), ("zz", 1), ("replace", 1)])
def test_ledger_write_refuses_a_key_it_does_not_use(server, key: str, value: object) -> None:
    port, db = server
    version = api_call(port, "GET", "/api/night")[1]["version"]
    status, body = api_call(port, "POST", "/api/ledger", {"version": version, key: value})
    assert status == 422, (status, body)
    assert body.get("where") == key, body
    assert (
        not db.exists()
        or "2026-11-20"
        not in subprocess.run(
            [MEIZHOU, "ledger", "--db", str(db), "nights"], capture_output=True, text=True
        ).stdout
    )
