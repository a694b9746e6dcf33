"""``serve`` holds under idle connections (issue 44 §5): a header timeout and caps on the
connections it keeps, so sockets that never finish a request (no token needed) cannot lock the
table out, and the log holds no traceback. A real server, its open-files limit lowered."""

from __future__ import annotations

import json
import os
import resource
import select
import shutil
import socket
import subprocess
import time
import urllib.request

import pytest
from conftest import ROOT, start_serve

from meizhou_score.web.door import HEADER_TIMEOUT, PER_CLIENT

LIMIT = 256  # the server's open files: 1,100 idle sockets are four times what it may open
IDLE = 1_100


def low_limit():
    """In the child before it runs: the open-files limit of a small machine."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


@pytest.fixture
def server(tmp_path):
    night = tmp_path / "night.yaml"
    shutil.copyfile(ROOT / "examples" / "session.yaml", night)
    base, proc = start_serve(
        night, preexec_fn=low_limit, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    yield int(base.rsplit(":", 1)[1]), proc
    if proc.poll() is None:
        proc.kill()
        proc.communicate(timeout=20)


def stopped(proc) -> str:
    """Stop the server as Ctrl-C does: what it logged."""
    proc.send_signal(2)
    _, err = proc.communicate(timeout=30)
    return err


def idle_sockets(port: int, sources: list[str], each: int) -> list[socket.socket]:
    """``each`` connections from every source address that send the first byte of a request and
    nothing more: connected (or closed by the server) before this returns."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = len(sources) * each + 256
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, wanted), hard))
    opened = []
    for source in sources:
        for _ in range(each):
            s = socket.socket()
            s.bind((source, 0))
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            opened.append(s)
    poll = select.poll()
    for s in opened:
        poll.register(s, select.POLLOUT)
    pending = {s.fileno(): s for s in opened}
    deadline = time.monotonic() + 120
    while pending and time.monotonic() < deadline:
        for fd, _ in poll.poll(1000):
            poll.unregister(fd)
            try:
                pending.pop(fd).send(b"G")
            except OSError:  # refused, or put out already
                pass
    assert not pending, f"{len(pending)} connections neither made nor refused in 120 s"
    return opened


def phone(port: int) -> tuple[float, dict]:
    """A phone's GET /api/night: (seconds it took, the night)."""
    began = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/night", timeout=30) as answer:
        night = json.loads(answer.read())
    return time.monotonic() - began, night


def test_idle_connections_from_many_clients_cannot_lock_the_phones_out(server):
    """1,100 sockets from 25 addresses (44 each: under the cap per client), a limit of 256 open
    files: the server puts out the oldest idle ones of the busiest client, a phone is answered."""
    port, proc = server
    sources = [f"127.0.0.{n}" for n in range(2, 27)]
    flood = idle_sockets(port, sources, IDLE // len(sources))
    try:
        took, night = phone(port)
        assert night["exists"] and len(night["hands"]) == 4  # examples/session.yaml's four
        assert took < 5, f"the phone waited {took:.1f} s"
    finally:
        for s in flood:
            s.close()
    assert "Traceback" not in stopped(proc)


def test_idle_connections_from_the_phones_own_address_are_capped(server):
    """1,100 idle sockets from 127.0.0.1, the address the phone's request comes from: that client
    keeps its newest 48 waiting, so the phone's own new connection is answered, and the server's
    open files stay well under its limit."""
    port, proc = server
    flood = idle_sockets(port, ["127.0.0.1"], IDLE)
    try:
        took, night = phone(port)
        assert night["exists"] and took < 5, f"the phone waited {took:.1f} s"
        assert len(os.listdir(f"/proc/{proc.pid}/fd")) < LIMIT - PER_CLIENT
    finally:
        for s in flood:
            s.close()
    assert "Traceback" not in stopped(proc)


def awaited_close(s: socket.socket, within: float) -> float:
    """Seconds until the server closes ``s`` (it sends nothing more); fails after ``within``."""
    began = time.monotonic()
    s.settimeout(within)
    try:
        while s.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        pytest.fail(f"the server held a connection with an unfinished request {within} s")
    return time.monotonic() - began


def test_a_request_head_never_finished_is_closed_after_the_header_timeout(server):
    """A connection that sends half a request's head, and one that sends half of its second
    request after a first answer (uvicorn's keep-alive timeout, cancelled by any byte, would hold
    it for ever): both closed once the header timeout has passed."""
    port, proc = server
    fresh = socket.create_connection(("127.0.0.1", port))
    fresh.sendall(b"GET /api/night HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    kept = socket.create_connection(("127.0.0.1", port))
    kept.sendall(f"GET /api/night HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    answered = b""
    while b"\r\n\r\n" not in answered:
        answered += kept.recv(65536)
    head, _, body = answered.partition(b"\r\n\r\n")
    length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
    while len(body) < length:
        body += kept.recv(65536)
    assert head.startswith(b"HTTP/1.1 200")
    kept.sendall(b"GET /api/night HTTP/1.1\r\nHo")
    with fresh, kept:
        assert awaited_close(fresh, HEADER_TIMEOUT + 20) >= 0
        assert awaited_close(kept, HEADER_TIMEOUT + 20) >= 0
    assert "Traceback" not in stopped(proc)
