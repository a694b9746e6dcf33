"""`GET /api/night` of a big night in a second language.

Issue 44 (5): a big night within the file limits answers `GET /api/night` within 1 s (settle
once per version, keep it). docs/web.md: a page that changes its language asks again without
`If-None-Match`. So a phone switching to 繁體 on a 12,000-hand night, once the night is
settled for the English phones, must not wait for the whole night to be settled again.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from conftest import first_answer

MEIZHOU = str(Path(sys.executable).with_name("meizhou-score"))
NAMES = ["Ana", "Bo", "Cy", "Di"]
HANDS = 12_000


def _night(path: Path) -> None:
    lines = ["players: [Ana, Bo, Cy, Di]", "stake: 2.5", "date: 2026-11-20", "hands:"]
    for i in range(HANDS):
        lines.append("  - dealer: Ana" if i == 0 else f"  - winner: {NAMES[i % 4]}")
        if i == 0:
            lines.append("    winner: Ana")
        lines.append("    win_type: self_draw")
        lines.append("    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}")
    path.write_text("\n".join(lines) + "\n")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(port: int, path: str) -> tuple[int, float]:
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path)
    resp = conn.getresponse()
    resp.read()
    conn.close()
    return resp.status, time.monotonic() - start


def test_big_night_in_another_language_is_not_settled_again(tmp_path: Path) -> None:
    night = tmp_path / "night.yaml"
    _night(night)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    start = time.monotonic()
    subprocess.run([MEIZHOU, "settle", str(night)], env=env, capture_output=True, check=True)
    settle_s = time.monotonic() - start
    port = _free_port()
    proc = subprocess.Popen(
        [MEIZHOU, "serve", str(night), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    try:
        # listening (the icon: asking the night would settle it before the cold request)
        assert first_answer(proc, f"http://127.0.0.1:{port}/static/icon.svg", 30), "serve exited"
        assert _get(port, "/api/night?lang=en")[0] == 200  # cold: the night settled once
        status, english_again = _get(port, "/api/night?lang=en")
        assert status == 200
        status, chinese = _get(port, "/api/night?lang=zh-Hant")
        assert status == 200
        bound = max(1.0, 0.5 * settle_s)
        assert chinese <= bound, (
            f"GET /api/night?lang=zh-Hant took {chinese:.2f} s on a night already settled "
            f"(English again: {english_again:.2f} s; settle: {settle_s:.2f} s)"
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
