"""The JSON API of serve (docs/web.md), through Starlette's TestClient and a real uvicorn.

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10:
+60 / −20 each; a draw pays nothing (R9).
"""

from __future__ import annotations

import datetime
import json
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from conftest import ROOT, first_answer, start_serve
from starlette.testclient import TestClient

from meizhou_score.web.app import MAX_BODY, create_app

TABLE = {"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10}
SELF_DRAW = {
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}
HOST = "127.0.0.1:8765"
ORIGIN = {"Origin": f"http://{HOST}"}


def client(night, **kwargs) -> TestClient:
    hosts = kwargs.pop("hosts", (HOST,))
    return TestClient(create_app(str(night), hosts=hosts, **kwargs), base_url=f"http://{HOST}")


def seen(c: TestClient) -> dict:
    """The headers of a write from the page: its Origin, and the version of the night it saw."""
    return {**ORIGIN, "If-Match": f'"{c.get("/api/night").json()["version"]}"'}


def first_hand(c: TestClient):
    return c.post(
        "/api/hands", json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}, headers=seen(c)
    )


def test_a_night_is_made_on_the_page_and_read_back_as_settle_reads_it(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert c.get("/api/night").json() == {
        "file": str(night),
        "version": c.get("/api/night").json()["version"],
        "exists": False,
        "ledger": False,
    }
    made = first_hand(c)
    assert made.status_code == 201 and made.json()["hand"] == 1
    state = c.get("/api/night").json()
    settled = json.loads(
        subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", str(night), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        ).stdout
    )
    assert {
        k: v for k, v in state.items() if k in settled
    } == settled  # settle's JSON, and more beside it
    assert state["totals"] == {"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}
    row = state["sheet"][0]
    assert row["changes"] == row["running"] == state["totals"] and row["dealer"] == "Ah Fook"
    assert any("R5" in p for p in row["payments"])


def test_hands_are_added_amended_and_taken_back(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    assert c.post("/api/hands", json={"draw": True}, headers=seen(c)).status_code == 201
    # hand 1 amended: Jun self-draws instead (Ah Fook dealt): Jun +60, the others −20
    amended = c.put(
        "/api/hands/1",
        json={
            "dealer": "Ah Fook",
            "winner": "Jun",
            "win_type": "self_draw",
            "hand": SELF_DRAW["hand"],
        },
        headers=seen(c),
    )
    assert amended.status_code == 200, amended.json()
    assert amended.json()["totals"] == {"Ah Fook": -20, "Mei": -20, "Jun": 60, "Lan": -20}
    undone = c.delete("/api/hands/last", headers=seen(c))
    assert undone.status_code == 200 and len(undone.json()["hands"]) == 1
    assert c.get("/api/settle-up").json()["payments"] == [
        {"from": "Ah Fook", "to": "Jun", "amount": 20},
        {"from": "Mei", "to": "Jun", "amount": 20},
        {"from": "Lan", "to": "Jun", "amount": 20},
    ]
    emptied = c.delete(
        "/api/hands/last", headers=seen(c)
    )  # the only hand: the night is empty, its table kept
    assert emptied.status_code == 200 and emptied.json()["exists"] is True  # the file is there
    assert "sheet" not in emptied.json() and emptied.json()["table"]["stake"] == 10
    again = c.post("/api/hands", json={"dealer": "Ah Fook", **SELF_DRAW}, headers=seen(c))
    assert again.status_code == 201 and again.json()["totals"] == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }


def test_the_preview_settles_without_writing(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    preview = c.post(
        "/api/preview", json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}, headers=ORIGIN
    )
    assert preview.status_code == 200 and preview.json()["row"]["changes"]["Mei"] == 60
    assert not night.exists()


@pytest.mark.parametrize(
    "body, status, where",
    [
        (
            {
                "winner": "Mei",
                "win_type": "self_draw",
                "hand": {"concealed": "123m 456m 789p 234s 56s", "winning_tile": "4s"},
            },
            422,
            "",
        ),  # not a win: a dispute
        (
            {"winner": "Mei", "win_type": "dark", "hand": SELF_DRAW["hand"]},
            422,
            "win_type",
        ),
        (
            {"winner": "Nobody", "win_type": "self_draw", "hand": SELF_DRAW["hand"]},
            422,
            "winner",
        ),
        (
            {"draw": True, "kongs": [{"player": "Mei", "type": "concealed", "tile": "9z"}]},
            422,
            "kongs[0].tile",
        ),
        ([1, 2], 400, ""),
    ],
)
def test_a_hand_the_cli_would_refuse_is_refused_and_nothing_written(tmp_path, body, status, where):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    refused = c.post("/api/hands", json=body, headers=seen(c))
    assert refused.status_code == status
    assert refused.json()["error"] and refused.json()["where"] == where
    assert night.read_bytes() == before


def test_a_refusal_speaks_the_pages_language(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    refused = c.post(
        "/api/hands?lang=zh",
        json={"winner": "Mei", "win_type": "dark", "hand": SELF_DRAW["hand"]},
        headers=seen(c),
    )
    assert refused.status_code == 422 and "這裡要寫" in refused.json()["error"]
    refused = c.post(
        "/api/hands?lang=zh-Hans",
        json={"winner": "Mei", "win_type": "dark", "hand": SELF_DRAW["hand"]},
        headers=seen(c),
    )
    assert (
        refused.status_code == 422
        and "这里要写" in refused.json()["error"]
        and "這" not in refused.json()["error"]
    )
    sheet = c.get("/api/night?lang=zh-Hans").json()["sheet"][0]["what"]
    assert sheet.startswith("Mei 自摸胡牌") and "倍数" in sheet


def test_the_pages_words_in_three_languages(tmp_path):
    words = client(tmp_path / "night.yaml").get("/static/words.json").json()
    assert sorted(words) == ["en", "zh-Hans", "zh-Hant"]
    assert sorted(words["zh-Hans"]) == sorted(words["zh-Hant"])
    assert words["zh-Hant"]["title"] == "梅州麻將" and words["zh-Hans"]["title"] == "梅州麻将"
    assert (
        words["zh-Hans"]["m"] == "万"
        and words["zh-Hans"]["s"] == "条"
        and words["zh-Hans"]["honours"] == "东南西北白发中"
    )
    assert words["zh-Hans"]["kong"] == "＋ 杠"


def test_bad_json_and_big_bodies_are_refused(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    bad = c.post(
        "/api/hands", content=b"{not json", headers={**ORIGIN, "Content-Type": "application/json"}
    )
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    big = c.post("/api/hands", content=b"{" + b" " * MAX_BODY + b"}", headers=ORIGIN)
    assert big.status_code == 413
    assert night.read_bytes() == before


def test_only_the_table_gets_in(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night, token="s3cret", hosts=())
    assert c.get("/api/night").status_code == 401
    assert c.get("/").status_code == 401
    assert c.post("/api/hands", json={"draw": True}, headers=ORIGIN).status_code == 401
    opened = c.get("/?token=s3cret")
    assert opened.status_code == 200
    cookie = opened.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert c.get("/api/night").status_code == 200  # the cookie the first visit left
    assert c.get("/api/night", cookies={"meizhou_token": "wrong"}).status_code == 401
    assert not night.exists()


def test_writes_come_from_the_page_only(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    assert c.post("/api/hands", json={"draw": True}).status_code == 403  # no Origin
    assert (
        c.post(
            "/api/hands", json={"draw": True}, headers={"Origin": "http://evil.example"}
        ).status_code
        == 403
    )
    assert c.delete("/api/hands/last", headers={"Origin": "http://evil.example"}).status_code == 403
    other = TestClient(create_app(str(night), hosts=(HOST,)), base_url="http://evil.example:8765")
    assert other.get("/api/night").status_code == 403  # a name the server was not started under
    assert night.read_bytes() == before


def test_only_the_packages_own_files_are_served_with_a_strict_policy(tmp_path):
    c = client(tmp_path / "night.yaml")
    page = c.get("/")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert '<script src="/static/page.js"' in page.text and "<script>" not in page.text
    assert c.get("/static/page.js").status_code == 200
    for name in (
        "../app.py",
        "..%2Fapp.py",
        "%2e%2e/%2e%2e/pyproject.toml",
        "index.html",
        "page.js.map",
    ):
        assert c.get(f"/static/{name}").status_code == 404


def test_the_ledger_is_added_to_as_ledger_add_does(tmp_path):
    night, db = tmp_path / "night.yaml", tmp_path / "club.sqlite3"
    c = client(night, db=str(db))
    assert first_hand(c).status_code == 201
    stale = seen(c)
    added = c.post("/api/ledger", headers=stale)
    assert added.status_code == 200 and added.json()["night"] == 1
    assert c.post("/api/ledger", headers=ORIGIN).status_code == 428  # no version: nothing added
    today = datetime.date.today().isoformat()  # the night's file names no date
    assert added.json() == {"night": 1, "outcome": "new", "hands": 1, "date": today, "was": 0}
    assert c.post("/api/ledger", headers=seen(c)).json()["outcome"] == "same"
    assert c.post("/api/hands", json={"draw": True}, headers=seen(c)).status_code == 201
    later = c.post("/api/ledger", headers=stale)  # the night grew since this phone looked
    assert later.status_code == 412 and later.json()["changed"] == {"kind": "recorded", "hand": 2}
    grown = c.post("/api/ledger", headers=seen(c)).json()
    assert grown == {"night": 1, "outcome": "grown", "hands": 2, "date": today, "was": 1}
    totals = subprocess.run(
        [
            sys.executable,
            "-m",
            "meizhou_score",
            "ledger",
            "--db",
            str(db),
            "totals",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    assert {row["player"]: row["total"] for row in json.loads(totals)}["Mei"] == 60


# ---------------------------------------------------------------- a real server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    """A real `meizhou-score serve` on 127.0.0.1, stopped (Ctrl-C) when the test ends."""
    import signal

    night = tmp_path / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    yield base, night, proc
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def post(base, path, body, method="POST", version=None):
    """A write as the page sends it: the version seen (read first unless given) in If-Match."""
    if version is None:
        version = json.loads(urllib.request.urlopen(base + "/api/night").read())["version"]
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method=method,
        headers={
            "Content-Type": "application/json",
            "Origin": base,
            "If-Match": f'"{version}"',
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_thirty_phones_recording_at_once_lose_nothing(server):
    base, night, _ = server
    assert post(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW})[0] == 201
    results = []

    def phone():  # as the page does: on 412 it reads the night it was given, and records after it
        status, answer = post(base, "/api/hands", {"draw": True})
        while status == 412:
            version = answer["night"]["version"]
            status, answer = post(base, "/api/hands", {"draw": True}, version=version)
        results.append(status)

    threads = [threading.Thread(target=phone) for _ in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [201] * 30
    settled = json.loads(
        subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", str(night), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        ).stdout
    )
    assert len(settled["hands"]) == 31 and settled["totals"] == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }


def test_the_command_line_and_the_page_write_one_file_at_once(server):
    base, night, _ = server
    assert post(base, "/api/hands", {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW})[0] == 201
    record = [
        sys.executable,
        "-m",
        "meizhou_score",
        "record",
        str(night),
        "--draw",
        "--yes",
        "--no-ask",
    ]
    procs = [
        subprocess.Popen(record, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(5)
    ]
    codes = []
    for _ in range(5):
        status, answer = post(base, "/api/hands", {"draw": True})
        while status == 412:  # a record came first: the page records after it
            status, answer = post(base, "/api/hands", {"draw": True}, answer["night"]["version"])
        codes.append(status)
    assert [p.wait(timeout=60) for p in procs] == [0] * 5 and codes == [201] * 5
    state = json.loads(urllib.request.urlopen(base + "/api/night").read())
    assert len(state["hands"]) == 11


def test_ctrl_c_stops_the_server_cleanly(server):
    import signal

    base, night, proc = server
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and "Traceback" not in err
    assert f"{base}/" in out


def test_lan_prints_a_secret_link_and_its_qr_code(tmp_path):
    import re
    import signal

    base, proc = start_serve(
        tmp_path / "night.yaml",
        "--lan",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # listening, and nothing without the token (conftest's start_serve awaited the answer)
        refused, _ = first_answer(proc, f"{base}/api/night")
        assert refused == 401, refused
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    token = re.search(r"\?token=([A-Za-z0-9_-]+)", out).group(1)
    assert len(token) >= 22  # at least 128 bits from secrets
    assert "█" in out or "▀" in out or "▄" in out  # the QR code, drawn in the terminal
    assert proc.returncode == 130 and "Traceback" not in err


@pytest.mark.parametrize(
    "lang, first",
    [
        ("en", "# A night of Meizhou mahjong, written by `meizhou-score record`."),
        ("zh-Hans", "# 梅州麻将的一场，由 `meizhou-score record` 记下。"),
    ],
)
def test_a_night_set_up_on_the_page_has_its_comment_in_the_phones_language(tmp_path, lang, first):
    """The file a phone starts begins as record's does, in the phone's language (the
    page's nights were always commented in English)."""
    night = tmp_path / "night.yaml"
    c = client(night)
    made = c.post(
        f"/api/hands?lang={lang}",
        json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
        headers=seen(c),
    )
    assert made.status_code == 201, made.text
    assert night.read_text(encoding="utf-8").splitlines()[0] == first


def test_the_api_reads_the_tables_words(tmp_path):
    # a night set up with its rules in the table's words (包杠, 连庄), and a hand whose kinds are
    # the table's words too (杠上花, 补杠, 点杠), read as their ids. At stake 10: Mei's kong bloom
    # 3 × 2 × 10 = +60; her added kong of 1z 1 × 10 from each (+30); Jun's exposed kong of 2z from
    # Lan's discard, 包杠: Lan pays 3 × 10 alone. Mei +90; Jun −20 −10 +30 = 0; Lan −20 −10 −30 =
    # −60; Ah Fook −20 −10 = −30
    c = client(tmp_path / "night.yaml")
    table = {**TABLE, "rules": {"exposed_kong_payer": "包杠", "dealer_after_draw": "连庄"}}
    hand = {
        "dealer": "Ah Fook",
        "winner": "Mei",
        "win_type": "杠上花",
        "hand": {"concealed": "123m 456p 789s 55s", "winning_tile": "5s"},
        "kongs": [
            {"player": "Mei", "type": "补杠", "tile": "1z"},
            {"player": "Jun", "type": "点杠", "tile": "2z", "from": "Lan"},
        ],
    }
    made = c.post("/api/hands", json={"table": table, **hand}, headers=seen(c))
    assert made.status_code == 201, made.json()
    assert made.json()["totals"] == {"Ah Fook": -30, "Mei": 90, "Jun": 0, "Lan": -60}
    drawn = c.post("/api/hands", json={"draw": True}, headers=seen(c))
    assert drawn.status_code == 201  # 连庄: Mei dealt the draw and deals again
    assert drawn.json()["hands"][-1]["next_dealer"] == "Mei"
    # the hand opens in the editor with its choices by id, the buttons' (the file keeps its words)
    opened = c.get("/api/night").json()["sheet"][0]["record"]
    assert opened["win_type"] == "kong_bloom"
    assert [k["type"] for k in opened["kongs"]] == ["added", "exposed"]
    assert "杠上花" in (tmp_path / "night.yaml").read_text(encoding="utf-8")
