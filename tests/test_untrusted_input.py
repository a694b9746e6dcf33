"""One reader of untrusted input (records/untrusted.py) at its three doors: a file (YAML), a line
of ``settle --jsonl`` and a body the page POSTs. Each refuses a key written twice, input nested
deeper than 8, and a lone surrogate, in the same catalog words; each takes the deepest session a
player writes (a hand's kong: the session, its hands, a hand, its kongs, a kong: 5 deep).

Figures: a draw pays nothing, kongs included (R9): every total 0.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("httpx", reason="the page's door needs httpx: pip install -e '.[test]'")
from starlette.testclient import TestClient

from meizhou_score.web.app import create_app

HOST = "127.0.0.1:8765"
ORIGIN = {"Origin": f"http://{HOST}"}
PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
KONG = {"player": "Jun", "type": "concealed", "tile": "5z"}
DRAW = {"dealer": "Ah Fook", "draw": True, "kongs": [KONG]}
NESTED = "nested more than 8 deep; no hand record or session is"


def deep(levels: int) -> str:
    """JSON (and YAML flow) text of lists nested ``levels`` deep."""
    return "[" * levels + "]" * levels


def settle_file(tmp_path, text: str) -> subprocess.CompletedProcess:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", str(path)],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )


def settle_line(text: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", "-"],
        input=text + "\n",
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )
    return json.loads(done.stdout)


def post(tmp_path, text: str, lang: str = "en"):
    c = TestClient(
        create_app(str(tmp_path / "night.yaml"), hosts=(HOST,)), base_url=f"http://{HOST}"
    )
    version = c.get("/api/night").json()["version"]
    headers = {**ORIGIN, "If-Match": f'"{version}"', "Content-Type": "application/json"}
    return c.post(f"/api/hands?lang={lang}", content=text.encode("utf-8"), headers=headers)


HEAD = '{"table": {"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10}, "dealer": "Ah Fook"'
LINE = '{"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10, "dealer": "Ah Fook"'
YAML = "players: [Ah Fook, Mei, Jun, Lan]\nstake: 10\ndealer: Ah Fook\n"


def test_a_key_written_twice_is_refused_at_every_door_in_the_same_words(tmp_path):
    twice = "the key 'draw' appears twice"
    file = settle_file(tmp_path, YAML + "draw: true\ndraw: false\n")
    assert file.returncode == 2
    assert file.stderr.startswith(
        f"meizhou-score: error: {tmp_path / 'hand.yaml'}: line 5, column 1"
    )
    assert file.stderr.splitlines()[0].endswith(f"YAML error: {twice}")
    line = settle_line(LINE + ', "draw": true, "draw": false}')
    assert line == {"line": 1, "valid": False, "error": f"line 1: {twice}"}
    page = post(tmp_path, HEAD + ', "draw": true, "draw": false}')
    assert page.status_code == 400 and page.json() == {"error": twice, "where": ""}


def test_the_page_refuses_a_key_written_twice_in_the_players_language(tmp_path):
    # a hand POSTed with "winner" twice was recorded, the last one winning
    body = HEAD + ', "winner": "Mei", "winner": "Jun", "win_type": "self_draw", "hand": '
    body += '{"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}}'
    page = post(tmp_path, body, "zh-Hant")
    assert page.status_code == 400
    assert page.json() == {"error": "鍵「winner」出現了兩次", "where": ""}
    assert not (tmp_path / "night.yaml").exists()  # nothing recorded


def test_one_level_beyond_the_depth_is_refused_at_every_door(tmp_path):
    # the top mapping is level 1, "kongs" level 2, then seven lists: 9 levels
    file = settle_file(tmp_path, YAML + f"draw: true\nkongs: {deep(8)}\n")
    assert file.returncode == 2 and file.stderr.splitlines()[0].endswith(f"hand.yaml: {NESTED}")
    line = settle_line(LINE + f', "draw": true, "kongs": {deep(8)}}}')
    assert line == {"line": 1, "valid": False, "error": f"line 1: {NESTED}"}
    page = post(tmp_path, HEAD + f', "draw": true, "kongs": {deep(8)}}}')
    assert page.status_code == 400 and page.json() == {"error": NESTED, "where": ""}


def test_the_depth_itself_is_read_at_every_door(tmp_path):
    # 8 levels pass the reader: what is refused is the kong that is not a mapping
    wrong = "kongs[0]: expected a mapping; got a list"
    file = settle_file(tmp_path, YAML + f"draw: true\nkongs: {deep(7)}\n")
    assert file.returncode == 2 and file.stderr.splitlines()[0].endswith(f"hand.yaml: {wrong}")
    line = settle_line(LINE + f', "draw": true, "kongs": {deep(7)}}}')
    assert line == {"line": 1, "valid": False, "error": f"line 1: {wrong}"}
    page = post(tmp_path, HEAD + f', "draw": true, "kongs": {deep(7)}}}')
    assert page.status_code == 422 and NESTED not in page.json()["error"]


def test_the_deepest_session_a_player_writes_is_settled_at_every_door(tmp_path):
    session = {"players": PLAYERS, "stake": 10, "hands": [DRAW]}
    file = settle_file(tmp_path, json.dumps(session))  # JSON is YAML
    assert file.returncode == 0, file.stderr
    line = settle_line(json.dumps(session))
    assert line["valid"] is True
    assert line["totals"] == {"Ah Fook": 0, "Mei": 0, "Jun": 0, "Lan": 0}
    assert line["next_dealer"] == "Mei"  # after a draw the dealer's next player deals (R10)
    page = post(tmp_path, json.dumps({"table": {"players": PLAYERS, "stake": 10}, **DRAW}))
    assert page.status_code in (200, 201), page.text
    assert (tmp_path / "night.yaml").exists()


def test_a_lone_surrogate_is_refused_at_every_door_in_the_same_words(tmp_path):
    lone = "not text: a lone surrogate (\\ud800)"
    file = settle_file(tmp_path, 'players: ["\\ud800", Mei, Jun, Lan]\ndealer: Mei\ndraw: true\n')
    assert file.returncode == 2
    assert file.stderr.splitlines()[0].endswith(f"line 1, column 14: YAML error: {lone}")
    line = settle_line(
        '{"players": ["\\ud800", "Mei", "Jun", "Lan"], "dealer": "Mei", "draw": true}'
    )
    assert line == {"line": 1, "valid": False, "error": f"line 1: players[0]: {lone}"}
    page = post(tmp_path, HEAD + ', "draw": true, "note": "\\ud800"}')
    assert page.status_code == 422 and page.json() == {"error": lone, "where": "note"}
