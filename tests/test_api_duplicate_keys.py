"""A write's JSON body that gives one key twice.

docs/web.md: a write that names the version more than once must name the same one each time
(400, nothing written). Issue 44 (6): nothing a write would ignore is taken. A record file and
a bulk line with a key twice are refused ("the key 'winner' appears twice"); the API must not
silently keep the last one — a stale version hidden behind a current one, or the first
`winner` thrown away.
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
STALE = "0000000000000000"


@pytest.fixture
def served(tmp_path: Path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    with serving(night, state=tmp_path / "state") as port:
        yield port, night


def test_body_naming_a_stale_and_the_current_version_is_refused(served) -> None:
    port, night = served
    version = api_call(port, "GET", "/api/night")[1]["version"]
    raw = f'{{"draw": true, "version": "{STALE}", "version": "{version}"}}'.encode()
    status, body = api_call(port, "POST", "/api/hands", raw)
    assert status == 400, (status, body)
    assert night.read_text() == NIGHT


def test_body_naming_two_winners_is_refused(served) -> None:
    port, night = served
    version = api_call(port, "GET", "/api/night")[1]["version"]
    raw = (
        '{"winner": "Bo", "win_type": "self_draw", "winner": "Di", "hand": '
        '{"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}, '
        f'"version": "{version}"}}'
    ).encode()
    status, body = api_call(port, "POST", "/api/hands", raw)
    assert status in (400, 422), (status, body)
    assert night.read_text() == NIGHT
