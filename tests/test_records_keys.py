"""A night's head keys, a hand's keys, the seat winds and the running totals: one home each
(records/model.py, settling/night.py), and what reads them agrees with it — the schema, the
validator, the page's new-night table, the score sheet.

Figures (stake 10, RULES.md): an ordinary hand (平胡, ratio 1) won by self-draw is paid 2 units by
each other player (R5): the winner +60, the others −20 each; the winner deals next (R10).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from meizhou_score.records import schema
from meizhou_score.records.model import HAND_KEYS, HEAD_KEYS, SEATS, Record
from meizhou_score.render.sheet import sheet
from meizhou_score.settling.dealing import seats
from meizhou_score.settling.night import Night, settle_data

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from test_web_api import ORIGIN, client

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
TILES = {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}


def test_the_schema_names_the_same_head_and_hand_keys():
    # (held: the gold each player holds at the end, for reconcile; not a head key the page sets)
    assert list(schema.SESSION["properties"]) == [
        "date",
        "players",
        "stake",
        "rules",
        "held",
        "hands",
    ]
    assert set(schema.SESSION["properties"]) == {*HEAD_KEYS, "held", "hands"}
    assert set(schema.RECORD["properties"]) == {*HEAD_KEYS, *HAND_KEYS}
    hand = schema.SESSION["properties"]["hands"]["items"]["properties"]
    assert list(hand) == list(HAND_KEYS)


def test_a_record_is_its_tables_players_and_rules_and_the_hands_keys():
    assert Record._fields == ("players", *HAND_KEYS, "rules")


@pytest.mark.parametrize("key", ["hands", "dealer", "winner"])
def test_a_new_nights_table_on_the_page_takes_the_head_keys_alone(tmp_path, key):
    c = client(tmp_path / "night.yaml")
    table = {"players": PLAYERS, "stake": 10, "rules": "standard", "date": "2026-11-19"}
    hand = {"dealer": "Ah Fook", "winner": "Mei", "win_type": "self_draw", "hand": TILES}
    taken = c.post("/api/preview", json={"table": table, **hand}, headers=ORIGIN)
    assert taken.status_code == 200, taken.json()
    assert taken.json()["row"]["changes"] == {"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}
    refused = c.post("/api/preview", json={"table": {**table, key: "Mei"}, **hand}, headers=ORIGIN)
    assert refused.status_code == 422 and refused.json()["where"] == f"table.{key}"


def test_the_seats_are_named_by_the_seat_winds():
    # a throw of 5 by Ah Fook: Ah Fook 1, Mei 2, Jun 3, Lan 4, Ah Fook 5 — he sits East
    assert seats(5, tuple(PLAYERS)) == dict(zip(SEATS, PLAYERS, strict=True))
    assert SEATS == ("East", "South", "West", "North")


def test_the_totals_are_the_sheets_last_running_totals():
    first = {"dealer": "Ah Fook", "winner": "Mei", "win_type": "self_draw", "hand": TILES}
    second = {"dealer": "Mei", "winner": "Jun", "win_type": "self_draw", "hand": TILES}
    night = settle_data({"players": PLAYERS, "stake": 10, "hands": [first, second]})
    # hand 1: Mei +60, the others −20; hand 2: Jun +60, the others −20
    after_one = {"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}
    after_two = {"Ah Fook": -40, "Mei": 40, "Jun": 40, "Lan": -40}
    assert [row["running"] for row in sheet(night)] == [after_one, after_two]
    assert [row["running"] for row in sheet(night, start=1)] == [after_two]
    assert night.totals == after_two and list(night.totals) == PLAYERS
    assert sum(night.totals.values()) == 0
    # every hand taken back: nobody has won or lost anything
    assert Night(tuple(PLAYERS), [], True).totals == dict.fromkeys(PLAYERS, Decimal(0))


def test_a_key_a_night_has_not_is_refused_not_dropped_when_its_first_hand_comes_again(tmp_path):
    # every hand taken back (hands: []) under a head holding a key no night has: the next first
    # hand is refused at that key, and the file the user wrote is left as it was
    night = tmp_path / "night.yaml"
    night.write_text(
        "players: [Ah Fook, Mei, Jun, Lan]\nstake: 10\nvenue: x\nhands: []\n", encoding="utf-8"
    )
    before = night.read_bytes()
    c = client(night)
    version = {**ORIGIN, "If-Match": f'"{c.get("/api/night").json()["version"]}"'}
    hand = {"dealer": "Ah Fook", "winner": "Mei", "win_type": "self_draw", "hand": TILES}
    refused = c.post("/api/hands", json=hand, headers=version)
    assert refused.status_code == 422 and refused.json()["where"] == "venue"
    assert night.read_bytes() == before
