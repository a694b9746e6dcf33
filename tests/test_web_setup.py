"""Setting a night up on the page, the rows it reads back, and the amend preview (docs/web.md).

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10:
the winner +60, the others −20 each. The winner deals the next hand (R10).
"""

from __future__ import annotations

import pytest
import yaml

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from conftest import ROOT
from test_web_api import ORIGIN, SELF_DRAW, TABLE, client, seen


def test_the_rules_offer_the_presets_and_every_key(tmp_path):
    rules = client(tmp_path / "night.yaml").get("/api/rules").json()
    presets = {p["id"]: p for p in rules["presets"]}
    assert list(presets) == ["standard", "bao_kong", "dealer_keeps", "house_rules"]
    assert presets["standard"]["rules"] == {}
    assert presets["bao_kong"]["rules"] == {"exposed_kong_payer": "discarder"}
    assert presets["bao_kong"]["effective"]["exposed_kong_payer"] == "discarder"
    assert presets["dealer_keeps"]["rules"] == {"dealer_after_draw": "same"}
    shipped = yaml.safe_load((ROOT / "examples" / "house-rules.yaml").read_text(encoding="utf-8"))
    assert presets["house_rules"]["rules"] == shipped
    keys = {k["key"]: k for k in rules["keys"]}
    assert keys["dealer_after_draw"]["default"] == "next"
    assert keys["dealer_after_draw"]["choices"] == ["next", "same"]
    chinese = client(tmp_path / "night.yaml").get("/api/rules?lang=zh-Hans").json()
    assert chinese["presets"][1]["name"].startswith("包杠")


def test_the_dice_answer_as_deal_does(tmp_path):
    c = client(tmp_path / "night.yaml")
    dealt = c.get("/api/deal?dealer_dice=7&breaker_dice=5&players=A,B,C,D").json()
    # 7 counts the dealer as 1: 1 A, 2 B, 3 C — the player opposite (C) breaks; 7 + 5 = 12 stacks
    assert dealt["breaker"] == "C" and dealt["wall"] == "C" and dealt["after_stack"] == 12
    assert dealt["dealing"][0] == {"player": "A", "takes": 4, "holds": 4}
    # a throw of 7 by A: A1 B2 C3 D4 A5 B6 C7 — C sits East and deals first
    seats = c.get("/api/deal?seats=7&players=A,B,C,D").json()
    assert seats["seats"] == {"East": "C", "South": "D", "West": "A", "North": "B"}
    assert seats["dealer"] == "C" and seats["thrower"] == "A"
    bad = c.get("/api/deal?dealer_dice=13&breaker_dice=5")
    assert bad.status_code == 422 and bad.json()["where"] == "dealer_dice"


def test_a_night_set_up_with_a_date_and_a_preset(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    table = {**TABLE, "date": "2026-11-19", "rules": "bao_kong"}
    made = c.post(
        "/api/hands", json={"table": table, "dealer": "Ah Fook", **SELF_DRAW}, headers=seen(c)
    )
    assert made.status_code == 201, made.json()
    written = yaml.safe_load(night.read_text(encoding="utf-8"))
    assert written["rules"] == {"exposed_kong_payer": "discarder"}
    assert str(written["date"]) == "2026-11-19"
    assert made.json()["table"]["players"] == TABLE["players"]
    unknown = c.post(
        "/api/preview", json={"table": {**TABLE, "rules": "nonsense"}, **SELF_DRAW}, headers=ORIGIN
    )
    assert unknown.status_code == 422 and unknown.json()["where"] == "table.rules"


def test_a_second_setup_is_told_the_night_exists(tmp_path):
    night = tmp_path / "night.yaml"
    phone, other = client(night), client(night)
    before = seen(other)  # both phones saw no night: version "0"
    assert before["If-Match"] == '"0"'
    assert (
        phone.post(
            "/api/hands",
            json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
            headers=seen(phone),
        ).status_code
        == 201
    )
    written = night.read_bytes()
    second = other.post(
        "/api/hands",
        json={"table": {**TABLE, "players": ["W", "X", "Y", "Z"]}, "dealer": "W", "draw": True},
        headers=before,
    )
    assert second.status_code == 412 and second.json()["changed"] == {
        "kind": "created",
        "hand": None,
    }
    assert second.json()["night"]["players"] == TABLE["players"]
    assert night.read_bytes() == written


def test_every_row_carries_the_hand_as_written(tmp_path):
    c = client(tmp_path / "night.yaml")
    kong = {"player": "Jun", "type": "concealed", "tile": "1z"}
    hand = {"dealer": "Ah Fook", **SELF_DRAW, "kongs": [kong]}
    assert c.post("/api/hands", json={"table": TABLE, **hand}, headers=seen(c)).status_code == 201
    assert c.post("/api/hands", json={"draw": True}, headers=seen(c)).status_code == 201
    rows = c.get("/api/night").json()["sheet"]
    assert rows[0]["record"] == hand and rows[1]["record"] == {"draw": True}


def test_the_amend_preview_says_why_in_the_players_language(tmp_path):
    c = client(tmp_path / "night.yaml")
    first = {"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW}
    assert c.post("/api/hands", json=first, headers=seen(c)).status_code == 201
    # hand 2 names Mei, who won hand 1, as its dealer (R10)
    second = {"dealer": "Mei", **SELF_DRAW}
    assert c.post("/api/hands", json=second, headers=seen(c)).status_code == 201
    amended = {"dealer": "Ah Fook", **SELF_DRAW, "winner": "Jun", "amend": 1}
    preview = c.post("/api/preview", json=amended, headers=ORIGIN).json()
    # Jun would win hand 1 (+60) and deal hand 2, which names Mei: hand 2 is upset
    assert preview["row"]["hand"] == 1 and preview["row"]["changes"]["Jun"] == 60
    assert preview["disputed"] is True
    assert preview["why"] == ["hand 2's dealer would then be Jun, not Mei"]
    chinese = c.post("/api/preview?lang=zh-Hans", json=amended, headers=ORIGIN).json()
    assert chinese["why"] == ["第 2 局的庄家将是 Jun，而不是 Mei"]
    # the same hand again, a kong added: accepted, nothing upset; as a new hand it would be hand 3
    kong = {"player": "Lan", "type": "concealed", "tile": "1z"}
    same = {"dealer": "Ah Fook", **SELF_DRAW, "kongs": [kong], "amend": 1}
    fine = c.post("/api/preview", json=same, headers=ORIGIN).json()
    # Lan's concealed kong: 2 units from each other player × 10 (R7) → Lan +60, Mei 60 − 20 = +40
    assert fine["disputed"] is False and fine["why"] == []
    assert fine["row"]["changes"] == {"Ah Fook": -40, "Mei": 40, "Jun": -40, "Lan": 40}
    bad = c.post("/api/preview", json={**same, "amend": 9}, headers=ORIGIN)
    assert bad.status_code == 422
