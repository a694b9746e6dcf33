"""`serve` stopped (Ctrl-C / SIGTERM) while a phone is still sending a write's body.

docs/web.md: Ctrl-C (or SIGTERM) stops the server (exit 130), within a few seconds even while
a request hangs; issue 44: no traceback in the log.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import first_answer

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


def _serve(tmp_path: Path, port: int) -> tuple[subprocess.Popen[bytes], Path]:
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    log = tmp_path / "serve.log"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [MEIZHOU, "serve", str(night), "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    if first_answer(proc, f"http://127.0.0.1:{port}/static/icon.svg", 20) is None:
        pytest.fail("serve did not start")
    return proc, log


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stop_while_a_body_is_half_sent_logs_no_traceback(tmp_path: Path, sig: int) -> None:
    port = _free_port()
    proc, log = _serve(tmp_path, port)
    phone = socket.create_connection(("127.0.0.1", port))
    try:
        head = (
            f"POST /api/hands HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            "Content-Length: 100\r\n\r\n{"
        )
        phone.sendall(head.encode())
        time.sleep(1)  # the request is being read by the server; its body never completes
        proc.send_signal(sig)
        rc = proc.wait(timeout=15)
    finally:
        phone.close()
        if proc.poll() is None:
            proc.kill()
    text = log.read_text(errors="replace")
    assert rc == 130
    assert "Traceback" not in text, text
    assert "CancelledError" not in text, text
    assert "ERROR" not in text, text  # not cancelled after the graceful wait: not waited on
    shutil.rmtree(tmp_path / "state", ignore_errors=True)
