"""`POST /api/ledger`: a key the write does not use.

Issue 44 (6), "Refuse what would be ignored": every key a write does not use is refused (422
naming it). docs/web.md lists `POST /api/ledger` among the writes; its body carries the version
and nothing else the server reads. A `date` (or any other key) sent with it must be refused,
not ignored while the night is added.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(port: int, method: str, path: str, body: object = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    resp = conn.getresponse()
    out = json.loads(resp.read() or b"{}")
    conn.close()
    return resp.status, out


@pytest.fixture
def server(tmp_path: Path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    db = tmp_path / "club.sqlite3"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    proc = subprocess.Popen(
        [MEIZHOU, "serve", str(night), "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail("serve did not start")
            time.sleep(0.05)
    yield port, db
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.mark.parametrize("key, value", [("date", "2026-01-01"), ("zz", 1), ("replace", 1)])
def test_ledger_write_refuses_a_key_it_does_not_use(server, key: str, value: object) -> None:
    port, db = server
    version = _call(port, "GET", "/api/night")[1]["version"]
    status, body = _call(port, "POST", "/api/ledger", {"version": version, key: value})
    assert status == 422, (status, body)
    assert body.get("where") == key, body
    assert (
        not db.exists()
        or "2026-11-20"
        not in subprocess.run(
            [MEIZHOU, "ledger", "--db", str(db), "nights"], capture_output=True, text=True
        ).stdout
    )
