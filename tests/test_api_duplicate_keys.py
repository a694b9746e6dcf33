"""A write's JSON body that gives one key twice.

docs/web.md: a write that names the version more than once must name the same one each time
(400, nothing written). Issue 44 (6): nothing a write would ignore is taken. A record file and
a bulk line with a key twice are refused ("the key 'winner' appears twice"); the API must not
silently keep the last one — a stale version hidden behind a current one, or the first
`winner` thrown away.
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
    draw: true
"""
STALE = "0000000000000000"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(port: int, method: str, path: str, raw: bytes | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if raw is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=raw, headers=headers)
    resp = conn.getresponse()
    out = json.loads(resp.read() or b"{}")
    conn.close()
    return resp.status, out


@pytest.fixture
def served(tmp_path: Path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    proc = subprocess.Popen(
        [MEIZHOU, "serve", str(night), "--port", str(port)],
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
    yield port, night
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_body_naming_a_stale_and_the_current_version_is_refused(served) -> None:
    port, night = served
    version = _call(port, "GET", "/api/night")[1]["version"]
    raw = f'{{"draw": true, "version": "{STALE}", "version": "{version}"}}'.encode()
    status, body = _call(port, "POST", "/api/hands", raw)
    assert status == 400, (status, body)
    assert night.read_text() == NIGHT


def test_body_naming_two_winners_is_refused(served) -> None:
    port, night = served
    version = _call(port, "GET", "/api/night")[1]["version"]
    raw = (
        '{"winner": "Bo", "win_type": "self_draw", "winner": "Di", "hand": '
        '{"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}, '
        f'"version": "{version}"}}'
    ).encode()
    status, body = _call(port, "POST", "/api/hands", raw)
    assert status in (400, 422), (status, body)
    assert night.read_text() == NIGHT
