"""The server on requests it cannot take: huge numbers, unreadable HTTP, a phone gone mid-upload,
a refusing disk, IPv6 on the LAN.

Each test runs a real ``meizhou-score serve`` on 127.0.0.1 (a real uvicorn in its own process)
and talks to it with httpx or a raw socket. The contract is docs/web.md: "The server never
answers 500 with a traceback", "every error body is the API's JSON ... in the player's language".
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
from pathlib import Path

import httpx
import pytest
from conftest import start_serve

ROOT = Path(__file__).resolve().parent.parent
SESSION = ROOT / "examples" / "session.yaml"  # four hands: Ah Fook, Mei, Jun, Lan
HAND = {
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}
CJK = re.compile(r"[\u4e00-\u9fff]")


def _limit(size: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


class Server:
    """A real ``serve NIGHT --port P`` in its own process, its stderr kept in a file."""

    def __init__(self, night: Path, tmp: Path, file_size: int | None = None, extra=()):
        self.err = tmp / "serve.err"
        self.since = 0  # where what a test made it say begins in self.err (`said`)
        env = {**os.environ, "XDG_STATE_HOME": str(tmp / "state")}
        with open(self.err, "wb") as err:  # conftest's start_serve: a free port, answering
            self.base, self.proc = start_serve(
                night,
                *extra,
                stdout=subprocess.PIPE,
                stderr=err,
                env=env,
                preexec_fn=(lambda: _limit(file_size)) if file_size else None,
            )
        self.port = int(self.base.rsplit(":", 1)[1])

    def version(self) -> str:
        return httpx.get(self.base + "/api/night", timeout=10).headers["etag"]

    def said(self) -> str:
        """What the server wrote on stderr from byte ``since`` on, once a later request has been
        answered: uvicorn's one event loop has then finished what the earlier requests left to
        do (a traceback is logged as the failed request's task ends, before the loop moves on)."""
        httpx.get(self.base + "/api/night", timeout=10)
        with open(self.err, "rb") as err:
            err.seek(self.since)
            return err.read().decode(errors="replace")

    def stop(self) -> str:
        """Ctrl-C the server, wait for it to end, and give back everything it wrote on stderr."""
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=30)
        self.proc.stdout.close()
        return self.err.read_text(errors="replace")


@pytest.fixture
def server(tmp_path):
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    srv = Server(night, tmp_path)
    yield srv
    if srv.proc.poll() is None:
        srv.stop()


@pytest.fixture(scope="module")
def _one_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("read")
    night = tmp / "night.yaml"
    shutil.copy(SESSION, night)
    srv = Server(night, tmp)
    yield srv
    err = srv.stop()
    assert "Traceback" not in err, err
    assert night.read_bytes() == SESSION.read_bytes()  # its tests only read


@pytest.fixture
def reader(_one_server):
    """One server for the module's tests that change nothing (a server each cost a second or
    more); `said()` gives what it wrote on stderr during this test alone."""
    _one_server.since = _one_server.err.stat().st_size
    yield _one_server
    assert _one_server.proc.poll() is None, "the server died during the test"


def test_put_a_hand_number_of_5000_digits_is_a_4xx_not_a_500(server):
    """``PUT /api/hands/111…1`` (5,000 digits): Python's int() refuses over 4,300 digits inside
    the router; today a 500 and a traceback on the laptop's screen. No such hand: 404 or 422."""
    night_before = httpx.get(server.base + "/api/night", timeout=10).json()
    response = httpx.put(
        server.base + "/api/hands/" + "1" * 5000,
        json=HAND,
        headers={"Origin": server.base, "If-Match": server.version()},
        timeout=20,
    )
    assert response.status_code in (404, 422), response.text
    assert response.headers["content-type"] == "application/json"
    assert set(response.json()) >= {"error", "where"}
    assert httpx.get(server.base + "/api/night", timeout=10).json() == night_before
    assert "Traceback" not in server.stop()


def test_a_phone_gone_mid_upload_prints_no_traceback(server):
    """A phone that loses the Wi-Fi half way through sending a hand: 100 bytes announced, 2 sent,
    the connection closed. Today uvicorn prints "Exception in ASGI application" and a
    ClientDisconnect traceback on the laptop's screen; the server keeps serving, and a
    disconnection is no fault of the program."""
    head = (
        f"POST /api/hands HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Origin: {server.base}\r\nIf-Match: {server.version()}\r\n"
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{}"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(head.encode())
    # the server still answers, and the night has its four hands
    assert len(httpx.get(server.base + "/api/night", timeout=10).json()["hands"]) == 4
    err = server.stop()
    assert "Traceback" not in err and "Exception in ASGI application" not in err, err


@pytest.mark.parametrize(
    "method, path",
    [("GET", "/api/nope"), ("PATCH", "/api/hands/1"), ("GET", "/static/nope.js")],
)
def test_404_and_405_are_in_the_players_language(reader, method, path):
    """docs/web.md: a refused request answers {"error", "where"} in the page's language
    (?lang= or X-Lang). An unknown path or method said "Not Found" / "Method Not Allowed" in
    English to a phone in Traditional Chinese."""
    response = httpx.request(
        method,
        reader.base + path + "?lang=zh-Hant",
        headers={"X-Lang": "zh-Hant", "Origin": reader.base},
        content=b"{}" if method != "GET" else None,
        timeout=10,
    )
    assert response.status_code in (404, 405)
    error = response.json()["error"]
    assert CJK.search(error), error
    assert not re.search(r"[A-Za-z]{3,}", error), error  # no English word in a Chinese answer


def test_a_disk_that_refuses_says_why_in_the_players_language(tmp_path):
    """serve under RLIMIT_FSIZE a little over the night's size: the next hand cannot be
    written. docs/web.md: 507, "the reason in the player's language"; today the reason is the
    system's English ("File too large") inside the Chinese sentence."""
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    before = night.read_bytes()
    server = Server(night, tmp_path, file_size=len(before) + 20)
    try:
        response = httpx.post(
            server.base + "/api/hands?lang=zh-Hans",
            json=HAND,
            headers={"Origin": server.base, "If-Match": server.version(), "X-Lang": "zh-Hans"},
            timeout=20,
        )
        assert response.status_code == 507, response.text
        error = response.json()["error"]
        assert CJK.search(error), error
        assert not re.search(r"[A-Za-z]{3,}", error), error
        assert night.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    finally:
        server.stop()


def test_lan_on_every_ipv6_address_answers_at_the_link_it_prints(tmp_path):
    """`serve --lan --host ::` prints (and puts in the QR code) this machine's IPv4 address,
    http://192.0.2.2:PORT/?token=…, but listened on IPv6 alone (IPV6_V6ONLY): the phones that
    scan the code find nothing there. The link printed must answer."""
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 on this machine")
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    # the server is up once it answers on IPv6 (the address it was asked for)
    _, proc = start_serve(
        night,
        "--lan",
        "--host",
        "::",
        host="::1",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        link = line.split(" at ", 1)[1].strip()
        assert "token=" in link, line
        response = httpx.get(link.replace("/?token=", "/api/night?token="), timeout=10)
        assert response.status_code == 200
        assert len(response.json()["hands"]) == 4
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize(
    "head",
    [
        "GET /api/night HTTP/1.1\r\nHost: {host}\r\nHost: evil.example\r\n",  # two Hosts
        "GET /api/night HTTP/1.1\r\n",  # no Host at all
        "POST /api/hands HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
        "Content-Length: 99999999999999999999\r\n",
        "GET /api/night?lang=\xff HTTP/1.1\r\nHost: {host}\r\n",  # not ASCII in the target
    ],
)
def test_a_request_http_cannot_read_is_answered_with_the_apis_json(reader, head):
    """docs/web.md: "Errors: always the API's JSON". A request the HTTP parser refuses (two Host
    headers, none, a Content-Length past any number, a byte that is not ASCII in the path) got
    uvicorn's plain text "Invalid HTTP request received."."""
    request = head.format(host=f"127.0.0.1:{reader.port}") + "Connection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", reader.port), timeout=10) as s:
        s.sendall(request.encode("latin-1"))
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    status, _, rest = answer.partition(b"\r\n")
    headers, _, body = rest.partition(b"\r\n\r\n")
    assert re.match(rb"HTTP/1.1 4\d\d ", status), answer  # 400; 413 once the length is read
    assert b"content-type: application/json" in headers.lower(), answer
    assert set(json.loads(body)) == {"error", "where"}, body
    assert "Traceback" not in reader.said()


@pytest.mark.parametrize(
    "query",
    [
        "dealer_dice={n}&breaker_dice=5",
        "dealer_dice=7&breaker_dice={n}",
        "seats={n}&players=A,B,C,D",
    ],
)
def test_dice_of_5000_digits_are_a_422_not_a_500(reader, query):
    """docs/web.md: GET /api/deal, "a sum outside 2–12: 422 naming the parameter". A sum of
    5,000 digits passed isdigit() and broke int() (over 4,300 digits): 500 and a traceback."""
    response = httpx.get(reader.base + "/api/deal?" + query.format(n="7" * 5000), timeout=10)
    assert response.status_code == 422, response.text
    named = next(part.split("=")[0] for part in query.split("&") if "{n}" in part)
    assert response.json()["where"] == named
    assert "Traceback" not in reader.said()


@pytest.mark.parametrize("number", ["1e" + "9" * 50, "-2.5E-" + "9" * 50])
def test_an_exponent_decimal_cannot_hold_is_a_422_at_its_key(reader, number):
    """A JSON number of 52 characters, 1e999…9: Decimal() itself raised InvalidOperation while
    the body was parsed (500 and a traceback). docs/web.md: a number the loader refuses is a 422
    at its key; here the stake."""
    body = '{"draw": true, "stake": ' + number + "}"
    response = httpx.post(
        reader.base + "/api/preview",
        content=body.encode(),
        headers={"Origin": reader.base, "Content-Type": "application/json"},
        timeout=10,
    )
    assert response.status_code == 422, response.text
    assert response.json()["where"] == "stake"
    assert "Traceback" not in reader.said()


def test_a_ledger_whose_disk_refuses_is_a_507_in_the_players_language(tmp_path):
    """serve --db under RLIMIT_FSIZE of 8 KiB: SQLite cannot write the new ledger ("disk I/O
    error"). docs/web.md: the disk refused the write -> 507, in the player's language; today a
    422 with SQLite's English words ("無法使用帳本：disk I/O error")."""
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    db = tmp_path / "club.sqlite3"
    server = Server(night, tmp_path, file_size=8192, extra=("--db", str(db)))
    try:
        response = httpx.post(
            server.base + "/api/ledger?lang=zh-Hant",
            json={},
            headers={"Origin": server.base, "If-Match": server.version()},
            timeout=30,
        )
        assert response.status_code == 507, response.text
        error = response.json()["error"]
        assert CJK.search(error) and not re.search(r"[A-Za-z]{3,}", error), error
    finally:
        assert "Traceback" not in server.stop()


@pytest.mark.parametrize(
    "query, where",
    [
        ("dealer_dice=7&breaker_dice=5&players=A,B,C", "players"),
        ("seats=7&players=A,B,C,D,E", "players"),
        ("seats=7&players=A,B,A,D", "players"),  # the same player twice, as `deal` refuses it
        ("dealer_dice=7&breaker_dice=5&players=A,B,C,%20B", "players"),  # spaces trimmed
        ("dealer_dice=7&breaker_dice=5&players=A,B,C,D&dealer=Z", "dealer"),
    ],
)
def test_deal_says_what_is_wrong_with_the_players(reader, query, where):
    """GET /api/deal with three players, five, one twice, or a dealer who is not one of them: a
    422 at the parameter, as docs/web.md says; the sentence said "expected a whole number from 2
    to 12" of names, which no player can act on. A player named twice was dealt seats."""
    response = httpx.get(reader.base + "/api/deal?" + query, timeout=10)
    assert response.status_code == 422
    assert response.json()["where"] == where
    assert "whole number" not in response.json()["error"], response.json()
