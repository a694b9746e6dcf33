"""The server never answers 500 with a traceback (issue 30 §5): every refusal is the API's JSON.

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from conftest import ROOT, start_serve
from test_web_api import SELF_DRAW, TABLE, client, seen


def started(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    made = c.post(
        "/api/hands", json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}, headers=seen(c)
    )
    assert made.status_code == 201
    return night, c


@pytest.mark.parametrize("depth", [9, 30_000])
def test_json_nested_deeper_than_8_is_refused_400(tmp_path, depth):
    night, c = started(tmp_path)
    before = night.read_bytes()
    deep = b"[" * depth + b"]" * depth
    for path in ("/api/hands", "/api/preview"):
        refused = c.post(
            path, content=deep, headers={**seen(c), "Content-Type": "application/json"}
        )
        assert refused.status_code == 400
        assert refused.json()["error"] == "nested more than 8 deep; no hand record or session is"
    assert night.read_bytes() == before


def test_a_hand_nested_as_deep_as_a_hand_needs_is_taken(tmp_path):
    night, c = started(tmp_path)  # body → hand → ... a kong list of objects: 3 deep
    hand = {"draw": True, "kongs": [{"player": "Mei", "type": "concealed", "tile": "1z"}]}
    assert c.post("/api/hands", json=hand, headers=seen(c)).status_code == 201


@pytest.mark.parametrize(
    "body, where",
    [
        (b'{"winner": "\\ud800", "win_type": "self_draw"}', "winner"),
        (b'{"draw": true, "kongs": [{"player": "\\udc00x"}]}', "kongs[0].player"),
        (b'{"\\ud83d": 1}', "\\ud83d"),
    ],
)
def test_a_lone_surrogate_is_refused_422_naming_the_key(tmp_path, body, where):
    night, c = started(tmp_path)
    before = night.read_bytes()
    refused = c.post(
        "/api/hands", content=body, headers={**seen(c), "Content-Type": "application/json"}
    )
    assert refused.status_code == 422 and refused.json()["where"] == where
    assert night.read_bytes() == before


def test_unknown_paths_and_methods_answer_json(tmp_path):
    night, c = started(tmp_path)
    for answer, status in (
        (c.get("/api/nothing"), 404),
        (c.get("/api/hands"), 405),
        (c.get("/static/nothing.js"), 404),
    ):
        assert answer.status_code == status and answer.json()["error"]


def raw_request(port: int, lines: list[bytes], host: str = "127.0.0.1") -> tuple[int, bytes]:
    """An HTTP request written by hand (bytes no client library would send): (status, body)."""
    with socket.create_connection((host, port), timeout=30) as s:
        s.sendall(b"\r\n".join(lines) + b"\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def serve_lan(tmp_path, *extra, env=None, preexec_fn=None):
    """A real `serve --lan` on a free port, answering (conftest's start_serve): (port, its
    process, its token)."""
    # the address it listens on: --host's (waiting on 127.0.0.1 for a server on another address
    # would wait out the whole deadline)
    host = extra[extra.index("--host") + 1] if "--host" in extra else "127.0.0.1"
    base, proc = start_serve(
        tmp_path / "night.yaml",
        "--lan",
        *extra,
        host=host,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), **(env or {})},
        preexec_fn=preexec_fn,
    )
    line = proc.stdout.readline()  # "Serving … at http://…/?token=…"
    proc.serving = line  # for a test of the link it prints
    token = line.rsplit("token=", 1)[1].strip().rstrip("/")
    return int(base.rsplit(":", 1)[1]), proc, token


def stop(proc):
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert "Traceback" not in err, err
    return out


def test_a_cookie_or_token_that_is_not_ascii_is_refused_401(tmp_path):
    port, proc, token = serve_lan(tmp_path)
    try:
        host = f"Host: 127.0.0.1:{port}".encode()
        for extra in (
            b"Cookie: meizhou_token=\xe9\xe9\xe9",
            b"Cookie: meizhou_token=" + "符".encode(),
        ):
            status, body = raw_request(
                port, [b"GET /api/night HTTP/1.1", host, extra, b"Connection: close"]
            )
            assert status == 401 and "error" in json.loads(body)
        status, body = raw_request(
            port, [b"GET /api/night?token=%E9%E9 HTTP/1.1", host, b"Connection: close"]
        )
        assert status == 401 and "error" in json.loads(body)
        good = f"Cookie: meizhou_token={token}".encode()
        status, body = raw_request(
            port, [b"GET /api/night HTTP/1.1", host, good, b"Connection: close"]
        )
        assert status == 200
    finally:
        stop(proc)


def test_a_disk_that_refuses_the_write_answers_507_and_keeps_the_file(tmp_path):
    import http.client
    import resource

    night, _ = started(tmp_path)
    before = night.read_bytes()
    limit = len(before) + 4  # the file may not grow: a hand, even "- draw: true", is longer

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    port, proc, token = serve_lan(tmp_path, preexec_fn=small_files)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        cookie = {"Cookie": f"meizhou_token={token}"}
        conn.request("GET", "/api/night", headers=cookie)
        version = json.loads(conn.getresponse().read())["version"]
        conn.request(
            "POST",
            "/api/hands?lang=zh-Hant",
            body=json.dumps({"draw": True}),
            headers={
                **cookie,
                "Origin": f"http://127.0.0.1:{port}",
                "If-Match": f'"{version}"',
                "Content-Type": "application/json",
            },
        )
        answer = conn.getresponse()
        status, said = answer.status, json.loads(answer.read())
        assert status == 507 and "磁盤拒絕寫入" in said["error"]
        assert night.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    finally:
        stop(proc)


def test_a_night_in_a_missing_folder_is_refused_at_start(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "serve", str(tmp_path / "nodir" / "night.yaml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "make it first" in done.stderr
    assert "Traceback" not in done.stderr
