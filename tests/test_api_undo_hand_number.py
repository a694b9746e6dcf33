"""`DELETE /api/hands/last?hand=N`: the hand the player was asked about, in digits.

docs/web.md: `?hand=N` names the hand asked about, refused with 422 at `hand` when it is not
the last. The server refuses `+1`, `1.0` and `-1` ("expected a hand number from 1"); the
project reads numbers in ASCII digits only (docs/formats.md: `٣` and `１２` are refused), so a
fullwidth or Arabic-Indic digit names no hand: 422 at `hand`, nothing taken back — not read as
hand 1 and the hand taken back.
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


@pytest.mark.parametrize("digit", ["%EF%BC%91", "%D9%A1"], ids=["fullwidth-1", "arabic-indic-1"])
def test_undo_hand_in_non_ascii_digits_is_refused(served, digit: str) -> None:
    port, night = served
    version = _call(port, "GET", "/api/night")[1]["version"]
    status, body = _call(port, "DELETE", f"/api/hands/last?hand={digit}&version={version}")
    assert status == 422, (status, body)
    assert body.get("where") == "hand", body
    assert night.read_text() == NIGHT
