"""serve stops when told, and its night is a regular file it keeps tidy (docs/web.md; issue 30 §2,
§5): SIGTERM as Ctrl-C (exit 130), even while a request hangs; a night made a FIFO after the
start answers at once; a killed writer's temporary files removed, nobody else's."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import httpx
from conftest import ROOT, start_serve

from meizhou_score.night.files import tidy
from meizhou_score.night.service import NightFile

TABLE = {"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10}


def test_sigterm_stops_the_server_as_ctrl_c_does(tmp_path):
    base, proc = start_serve(
        tmp_path / "night.yaml", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert httpx.get(base + "/api/night").status_code == 200
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert "The server stopped" in err


def test_ctrl_c_stops_the_server_while_a_request_hangs(tmp_path):
    base, proc = start_serve(tmp_path / "night.yaml", stdout=subprocess.DEVNULL)
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as hung:
        # a body promised and never sent: the handler waits for it
        hung.sendall(
            f"POST /api/preview HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {base}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode()
        )
        assert httpx.get(base + "/api/night").status_code == 200  # it is being served
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 130


def test_a_night_that_becomes_a_fifo_is_refused_not_waited_on(tmp_path):
    night = tmp_path / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.DEVNULL)
    try:
        os.mkfifo(night)
        r = httpx.get(base + "/api/night", timeout=10)
        assert r.status_code == 422 and "not a regular file" in r.json()["error"]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_serve_refuses_a_fifo_at_the_start(tmp_path):
    os.mkfifo(tmp_path / "night.yaml")
    r = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "serve", str(tmp_path / "night.yaml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert r.returncode == 2 and "not a regular file" in " ".join(r.stderr.split()), r.stderr


def test_a_write_removes_its_writers_stale_temporaries_and_nothing_else(tmp_path):
    night = tmp_path / "night.yaml"
    mine = [".night.yaml.k1ll3d_x.tmp", ".night.yaml.abcd1234.tmp"]
    others = [".night.yaml.short.tmp", ".other.yaml.abcd1234.tmp", "night.yaml.abcd1234.tmp"]
    for name in mine + others:
        (tmp_path / name).write_text("half a night")
    NightFile(str(night)).add({"dealer": "Ah Fook", "draw": True}, "0", TABLE)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([*others, "night.yaml"])
    assert tidy(str(night)) == []


def test_serve_removes_them_when_it_starts(tmp_path):
    night = tmp_path / "night.yaml"
    (tmp_path / ".night.yaml.zz9_0abc.tmp").write_text("half")
    base, proc = start_serve(night, stdout=subprocess.DEVNULL)
    try:
        assert httpx.get(base + "/api/night").status_code == 200
        assert not (tmp_path / ".night.yaml.zz9_0abc.tmp").exists()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_a_new_nights_table_is_refused_at_its_key(tmp_path):
    night = tmp_path / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.DEVNULL)
    try:
        r = httpx.post(
            base + "/api/hands",
            json={"table": {"players": ["A", "B"]}, "dealer": "A", "draw": True},
            headers={"Origin": base, "If-Match": '"0"'},
        )
        assert r.status_code == 422 and r.json()["where"] == "table.players"
        assert not night.exists()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_ctrl_c_while_the_server_starts_is_a_quiet_stop(tmp_path):
    # Ctrl-C while uvicorn's event loop is being made (before uvicorn listens for signals): the
    # server does not start, says it stopped, exit 130; never "could not listen" nor the
    # half-made loop's traceback. The Ctrl-C is sent from inside the loop's making.
    program = (
        "import os, signal, sys, uvicorn\n"
        "made = uvicorn.Config.get_loop_factory\n"
        "def factory(self):\n"
        "    inner = made(self)\n"
        "    def loop():\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "        return inner()\n"
        "    return loop\n"
        "uvicorn.Config.get_loop_factory = factory\n"
        "from meizhou_score.__main__ import main\n"
        f"sys.argv = ['meizhou-score', 'serve', {str(tmp_path / 'night.yaml')!r}, '--port', '1']\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 130, done.stderr
    assert "The server stopped" in done.stderr
    assert "Traceback" not in done.stderr and "could not listen" not in done.stderr
