"""A table's four players: one rule (records/names.py) for `deal --players`, `record --players`,
`GET /api/deal` and the page's new-night form (`GET /api/players`).

Figures: a throw of 7 by the first name counts off in play order from the thrower as 1 — A1 B2 C3
D4 A5 B6 C7 — so the third name, C, sits East and deals first; South, West and North follow it.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from test_page_table import phone, serve, stop
from test_web_api import ORIGIN, client
from test_web_page import poll

SEVEN = {"East": "C", "South": "D", "West": "A", "North": "B"}  # a throw of 7 by A
# (the typed table, the seats a throw of 7 gives it: None where it is refused)
TABLES = [
    ("A,B,C,D", SEVEN),
    ("A，B，C，D", SEVEN),  # the full-width comma a Chinese input method types
    ("A、B、C、D", SEVEN),  # and the enumeration comma
    (" A , B,C ,D ", SEVEN),  # spaces at the ends of a name dropped
    ("Mei,mei,Jun,Lan", None),  # one player written two ways (case)
    ("Ah Fook,Ah  Fook,Jun,Lan", None),  # and spacing
    ("Mei,Mei,Jun,Lan", None),  # one name twice
    ("A,,B,C,D", None),  # a blank name: five names, not four
    ("A,B,C", None),  # three
    ("A,B,C,D,E", None),  # five
    ("A,B\x1b[31m,C,D", None),  # a control character in a name
]


def _cli(typed: str) -> tuple[int, dict | None]:
    out = CliRunner().invoke(cli, ["deal", "--seats", "7", "--players", typed, "--format", "json"])
    return out.exit_code, json.loads(out.stdout)["seats"] if out.exit_code == 0 else None


@pytest.mark.parametrize(("typed", "seats"), TABLES)
def test_deal_and_the_api_read_a_typed_table_alike(tmp_path, typed, seats):
    code, cli_seats = _cli(typed)
    answer = client(tmp_path / "night.yaml").get("/api/deal", params={"seats": 7, "players": typed})
    if seats is None:
        assert code == 2
        assert answer.status_code == 422 and answer.json()["where"].startswith("players")
    else:
        assert code == 0 and cli_seats == seats
        assert answer.status_code == 200 and answer.json()["seats"] == seats
        assert answer.json()["dealer"] == "C"


def test_the_api_refuses_one_player_written_two_ways_in_the_players_language(tmp_path):
    c = client(tmp_path / "night.yaml")
    english = c.get("/api/deal", params={"seats": 7, "players": "Mei,mei,Jun,Lan"}).json()
    assert "'Mei' and 'mei' are one player written two ways" in english["error"]
    chinese = c.get("/api/deal", params={"seats": 7, "players": "Mei,mei,Jun,Lan", "lang": "zh"})
    assert "「Mei」和「mei」是同一位玩家" in chinese.json()["error"]


@pytest.mark.parametrize(
    ("names", "where"),
    [
        (["Bee", "bee", "Jun", "Lan"], "players[1]"),  # one player written two ways
        (["Bee", "Mei", "Bee", "Lan"], "players[2]"),
        (["Bee", "", "Jun", "Lan"], "players[1]"),  # a seat left empty
        (["Bee", "Mei", "Jun"], "players"),  # three seats
    ],
)
def test_the_new_night_form_is_refused_as_the_file_would_be(tmp_path, names, where):
    c = client(tmp_path / "night.yaml")
    answer = c.get("/api/players", params={"player": names})
    assert answer.status_code == 422 and answer.json()["where"] == where
    # the same four, sent with the first hand, are refused at the same seat of the table
    hand = {"table": {"players": names, "stake": 10}, "dealer": "Bee", "draw": True}
    written = c.post("/api/preview", json=hand, headers=ORIGIN)
    assert written.status_code == 422 and written.json()["where"] == f"table.{where}"


def test_the_new_night_form_takes_four_people_as_the_file_will_hold_them(tmp_path):
    c = client(tmp_path / "night.yaml")
    answer = c.get("/api/players", params={"player": [" Ah Fook ", "Mei", "Jun", "Lan"]})
    assert answer.status_code == 200
    assert answer.json() == {"players": ["Ah Fook", "Mei", "Jun", "Lan"]}


def test_the_page_refuses_bee_and_bee_before_the_first_hand(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        page = phone(chromium)
        page.goto(base + "/")
        page.wait_for_selector("#player0")
        for n, name in enumerate(["Bee", "bee", "Jun", "Lan"]):
            page.fill(f"#player{n}", name)
        page.click("#start")
        poll(page, "$('message').textContent.includes('one player written two ways')")
        assert page.is_visible("#player0")  # still the setup form: no hand is being entered
        assert page.locator("[data-dealer]").count() == 0
        page.fill("#player1", "Mei")
        page.click("#start")
        page.wait_for_selector("[data-dealer='Bee']")
        assert not night.exists()
        # the one refusal, GET /api/players' 422, is the browser's only complaint
        assert page.errors == [
            "Failed to load resource: the server responded with a status of 422 "
            "(Unprocessable Entity)"
        ]
    finally:
        stop(proc)
