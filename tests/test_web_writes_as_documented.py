"""Writes answered as docs/web.md says, on a real uvicorn on 127.0.0.1.

- `If-Match: ""`: the empty tag is a well-formed entity tag (RFC 9110: zero or more etagc between
  the quotes) naming no night's version, so the write is stale: 412, nothing written (a tag
  without its quotes is the malformed one, 400).
- A night that became a folder: every write answers 503 ("The night's file could not be read"),
  as `GET /api/night` does, nothing written.
- A hand's own `stake` is one of the keys `POST /api/hands` takes (docs/web.md names it).

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5). At the night's
stake 10: Mei +60, the others -20. The second hand at its own stake 5: Mei +30, the others -10;
after both: Mei +90, the others -30.
"""

from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import pytest
from conftest import start_serve
from test_web_api import SELF_DRAW, TABLE
from test_web_conditional import call, night_now

WEB = Path(__file__).resolve().parents[1] / "docs" / "web.md"


@pytest.fixture
def night(tmp_path):
    path = tmp_path / "night.yaml"
    base, proc = start_serve(path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    status, _, _ = call(
        base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW, "version": "0"}
    )
    assert status == 201
    yield base, path
    proc.send_signal(signal.SIGINT)
    assert b"Traceback" not in proc.communicate(timeout=20)[1]


def test_an_empty_if_match_tag_is_stale_not_malformed(night):
    base, path = night
    before = path.read_bytes()
    status, body, _ = call(base, "/api/hands", SELF_DRAW, headers={"If-Match": '""'})
    assert status == 412, body
    assert body["changed"]["kind"] == "changed"
    assert path.read_bytes() == before
    status, _, _ = call(base, "/api/hands", SELF_DRAW, headers={"If-Match": "abc"})
    assert status == 400  # no quotes: not an entity tag


def test_every_write_to_a_night_that_became_a_folder_is_503(night):
    base, path = night
    version = night_now(base)["version"]
    path.unlink()
    path.mkdir()
    writes = [
        ("/api/hands", "POST", {**SELF_DRAW, "version": version}),
        ("/api/hands/1", "PUT", {**SELF_DRAW, "version": version}),
        (f"/api/hands/last?version={version}", "DELETE", None),
    ]
    for where, method, body in writes:
        status, answer, _ = call(base, where, body, method=method)
        assert status == 503, (method, answer)
        assert answer["error"].startswith("The night's file could not be read"), answer
    assert list(path.iterdir()) == []


def test_a_hands_own_stake_is_taken_and_documented(night):
    base, _ = night
    version = night_now(base)["version"]
    status, body, _ = call(base, "/api/hands", {**SELF_DRAW, "stake": 5, "version": version})
    assert status == 201, body
    assert body["totals"] == {"Ah Fook": -30, "Mei": 90, "Jun": -30, "Lan": -30}
    row = next(
        line for line in WEB.read_text().splitlines() if line.startswith("| `POST /api/hands`")
    )
    assert re.search(r"`stake` \(the hand's own", row), row
