"""Every write against the version the phone saw (issue 30 §1), on a real uvicorn on 127.0.0.1.

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10:
the winner +60, the others −20 each; a draw pays nothing (R9).
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import threading
import urllib.error
import urllib.request

import pytest
from conftest import start_serve
from test_web_api import SELF_DRAW, TABLE


@pytest.fixture
def server(tmp_path):
    night = tmp_path / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    yield base, night
    proc.send_signal(signal.SIGINT)
    assert b"Traceback" not in proc.communicate(timeout=20)[1]


def call(base, path, body=None, method="POST", headers=None):
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json", "Origin": base, **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null"), exc.headers


def night_now(base):
    status, body, headers = call(base, "/api/night", method="GET")
    assert status == 200 and headers["ETag"] == f'"{body["version"]}"'
    return body


def test_two_phones_recording_the_same_hand_on_the_same_version(server):
    base, night = server
    assert (
        call(
            base,
            "/api/hands",
            {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
            headers={"If-Match": '"0"'},
        )[0]
        == 201
    )
    version = night_now(base)["version"]
    start, answers = threading.Barrier(2), []

    def phone():
        start.wait()
        answers.append(
            call(base, "/api/hands", {"draw": True}, headers={"If-Match": f'"{version}"'})
        )

    phones = [threading.Thread(target=phone) for _ in range(2)]
    for p in phones:
        p.start()
    for p in phones:
        p.join()
    assert sorted(a[0] for a in answers) == [201, 412]
    stale = next(a[1] for a in answers if a[0] == 412)
    assert stale["changed"] == {"kind": "recorded", "hand": 2}
    assert stale["error"] == "Hand 2 was recorded elsewhere (another phone or the laptop)."
    assert stale["night"] == night_now(base)  # exactly what GET gives now
    assert len(stale["night"]["hands"]) == 2


def test_a_second_take_back_from_a_stale_screen_removes_nothing(server):
    base, night = server
    first = {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}
    assert call(base, "/api/hands", first, headers=if_match("0"))[0] == 201
    assert (
        call(base, "/api/hands", {"draw": True}, headers=if_match(night_now(base)["version"]))[0]
        == 201
    )
    old = night_now(base)["version"]
    status, body, _ = call(
        base, "/api/hands/last", method="DELETE", headers={"If-Match": f'"{old}"'}
    )
    # hand 2, the draw, taken back: it paid nothing (R9)
    assert status == 200 and body["taken_back"]["hand"] == 2 and body["hand"] == 2
    assert body["taken_back"]["changes"] == {"Ah Fook": 0, "Mei": 0, "Jun": 0, "Lan": 0}
    assert body["taken_back"]["what"] and len(body["hands"]) == 1
    written = night.read_bytes()
    status, body, _ = call(base, f"/api/hands/last?version={old}", method="DELETE")
    assert status == 412 and body["changed"] == {"kind": "taken_back", "hand": 2}
    assert night.read_bytes() == written and len(body["night"]["hands"]) == 1


def test_a_take_back_names_the_hand_it_asked_about(server):
    base, night = server
    first = {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}
    assert call(base, "/api/hands", first, headers=if_match("0"))[0] == 201
    asked_on = night_now(base)["version"]  # the question "take back hand 1?" is asked here
    assert call(base, "/api/hands", {"draw": True}, headers=if_match(asked_on))[0] == 201
    written = night.read_bytes()
    # the answer names the question's version and hand: hand 2 came since, nothing taken back
    path = "/api/hands/last?hand=1"
    status, body, _ = call(base, path, method="DELETE", headers=if_match(asked_on))
    assert status == 412 and body["changed"] == {"kind": "recorded", "hand": 2}
    assert night.read_bytes() == written
    # at the version as it stands, a hand that is not the last is no question that was asked
    now = night_now(base)["version"]
    status, body, _ = call(base, path, method="DELETE", headers=if_match(now))
    assert status == 422 and body["where"] == "hand"
    assert body["error"] == (
        "hand 1 is not the last hand of the night you saw (the last is hand 2);"
        " nothing was taken back"
    )
    for wrong in ("0", "x", "-1", "1" * 10):
        status, body, _ = call(
            base, f"/api/hands/last?hand={wrong}", method="DELETE", headers=if_match(now)
        )
        assert status == 422 and body["where"] == "hand", wrong
    assert night.read_bytes() == written
    status, body, _ = call(base, "/api/hands/last?hand=2", method="DELETE", headers=if_match(now))
    assert status == 200 and body["taken_back"]["hand"] == 2 and len(body["hands"]) == 1


def if_match(version):
    return {"If-Match": f'"{version}"'}


@pytest.mark.parametrize(
    "method, path, body",
    [
        ("POST", "/api/hands", {"draw": True}),
        ("PUT", "/api/hands/1", {"dealer": "Ah Fook", **SELF_DRAW}),
        ("DELETE", "/api/hands/last", None),
    ],
)
def test_a_write_without_a_version_is_refused_428(server, method, path, body):
    base, night = server
    call(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW, "version": "0"})
    written = night.read_bytes()
    status, answer, _ = call(base, path, body, method)
    assert status == 428 and "version" in answer["error"]
    assert night.read_bytes() == written


def test_the_version_in_the_body_and_304_while_nothing_changed(server):
    base, night = server
    status, made, headers = call(
        base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW, "version": "0"}
    )
    assert status == 201 and made["hand"] == 1 and headers["ETag"] == f'"{made["version"]}"'
    assert made["totals"] == {"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}
    request = urllib.request.Request(
        base + "/api/night", headers={"If-None-Match": f'"{made["version"]}"'}
    )
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        urllib.request.urlopen(request, timeout=30)
    assert unchanged.value.code == 304
    amended = {"dealer": "Ah Fook", **SELF_DRAW, "winner": "Jun", "version": made["version"]}
    status, body, _ = call(base, "/api/hands/1", amended, "PUT")
    assert status == 200 and body["totals"] == {"Ah Fook": -20, "Mei": -20, "Jun": 60, "Lan": -20}
    status, body, _ = call(base, "/api/hands/1", {**amended, "winner": "Lan"}, "PUT")
    assert status == 412 and body["changed"] == {"kind": "amended", "hand": 1}


def raw_write(base: str, method: str, path: str, lines: list[str], body: dict | None = None):
    """A write with header lines as given (two If-Match lines: no client library sends them):
    (status, the JSON answer)."""
    data = json.dumps(body).encode() if body is not None else b""
    head = [
        f"{method} {path} HTTP/1.1",
        f"Host: {base.removeprefix('http://')}",
        f"Origin: {base}",
        "Content-Type: application/json",
        f"Content-Length: {len(data)}",
        "Connection: close",
        *lines,
    ]
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall("\r\n".join(head).encode() + b"\r\n\r\n" + data)
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    top, _, answer = got.partition(b"\r\n\r\n")
    return int(top.split()[1]), json.loads(answer)


@pytest.mark.parametrize("order", ["current first", "stale first"])
def test_if_match_on_two_lines_is_one_list_a_stale_tag_refuses_the_write(server, order):
    """RFC 9110: a field's lines are one list. If-Match naming the current version on one line
    and a stale one on another names two versions: 400, nothing written (as one line
    `"current", "stale"` is), whichever line comes first."""
    base, night = server
    status, made, _ = call(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
                           headers={"If-Match": '"0"'})  # fmt: skip
    assert status == 201
    before = night.read_bytes()
    lines = [f'If-Match: "{made["version"]}"', 'If-Match: "0123456789abcdef"']
    if order == "stale first":
        lines.reverse()
    for method, path, body in (
        ("POST", "/api/hands", {"draw": True}),
        ("PUT", "/api/hands/1", {"draw": True}),
        ("DELETE", "/api/hands/last", None),
    ):
        status, answer = raw_write(base, method, path, lines, body)
        assert status == 400 and answer["where"] == "version", (method, answer)
        assert night.read_bytes() == before


def test_if_match_on_two_lines_naming_the_same_version_is_written(server):
    base, night = server
    status, made, _ = call(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
                           headers={"If-Match": '"0"'})  # fmt: skip
    tag = f'If-Match: "{made["version"]}"'
    status, answer = raw_write(base, "POST", "/api/hands", [tag, tag], {"draw": True})
    assert status == 201 and answer["hand"] == 2 and len(answer["hands"]) == 2


def test_if_match_star_beside_a_tag_is_refused_400(server):
    """`*` stands alone in If-Match (RFC 9110 §13.1.1): beside a tag, on its line or another,
    it is not an If-Match the server can read: 400, nothing written."""
    base, night = server
    status, made, _ = call(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
                           headers={"If-Match": '"0"'})  # fmt: skip
    before = night.read_bytes()
    tag = f'"{made["version"]}"'
    for lines in ([f"If-Match: *, {tag}"], [f"If-Match: {tag}", "If-Match: *"]):
        status, answer = raw_write(base, "POST", "/api/hands", lines, {"draw": True})
        assert status == 400 and answer["where"] == "version", lines
    assert night.read_bytes() == before
