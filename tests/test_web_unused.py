"""Refuse what would be ignored (issue 44 §6): every key a write does not use is refused, 422 at
that key in the player's language, for PUT as for POST; a new night's ``date`` is a date or
absent; a night the server cannot read says so, not that the disk refused a write.

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10:
Mei +60, the others −20 each.
"""

from __future__ import annotations

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from test_web_api import SELF_DRAW, TABLE, client, first_hand, seen

UNUSED = "this request does not take this key; nothing was written"


def test_an_amendment_carrying_a_table_is_refused_at_table(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    body = {"dealer": "Ah Fook", "draw": True, "table": {"players": ["A", "B", "C", "D"]}}
    r = c.put("/api/hands/1", json=body, headers=seen(c))
    assert r.status_code == 422 and r.json() == {"error": UNUSED, "where": "table"}
    chinese = c.put("/api/hands/1", json=body, headers={**seen(c), "X-Lang": "zh-Hans"}).json()
    assert chinese["where"] == "table" and chinese["error"] != UNUSED
    assert "这" in chinese["error"]  # Simplified, not Traditional's 這
    assert night.read_bytes() == before


@pytest.mark.parametrize(
    ("table", "where"),
    [
        ("x", "table"),
        (["Ah Fook", "Mei", "Jun", "Lan"], "table"),
        (None, "table"),
        ({**TABLE, "seats": "East first"}, "table.seats"),
    ],
)
def test_a_table_that_is_not_a_nights_table_is_refused(tmp_path, table, where):
    """A table a setup cannot use: refused at it, no night made; and with a night already there
    (a draw, the table ignored), refused too."""
    night = tmp_path / "night.yaml"
    c = client(night)
    r = c.post(
        "/api/hands", json={"table": table, "dealer": "Ah Fook", **SELF_DRAW}, headers=seen(c)
    )
    assert r.status_code == 422 and r.json()["where"] == where
    assert not night.exists()
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    r = c.post("/api/hands", json={"table": table, "draw": True}, headers=seen(c))
    assert r.status_code == 422 and r.json()["where"] == where
    assert night.read_bytes() == before


@pytest.mark.parametrize("date", [False, 0, [], {}, "", "2026-13-01", "14 March", 20260314])
def test_a_new_nights_date_is_a_date_or_absent(tmp_path, date):
    night = tmp_path / "night.yaml"
    c = client(night)
    setup = {"table": {**TABLE, "date": date}, "dealer": "Ah Fook", **SELF_DRAW}
    for path in ("/api/preview", "/api/hands"):
        r = c.post(path, json=setup, headers=seen(c))
        assert r.status_code == 422 and r.json()["where"] == "table.date", (path, r.json())
    assert not night.exists()


def test_a_new_nights_date_given_is_the_nights(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    setup = {"table": {**TABLE, "date": "2026-03-14"}, "dealer": "Ah Fook", **SELF_DRAW}
    r = c.post("/api/hands", json=setup, headers=seen(c))
    assert r.status_code == 201 and r.json()["table"]["date"] == "2026-03-14"
    assert r.json()["totals"] == {"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}


@pytest.mark.parametrize("allow", ["yes", 1, None])
def test_allow_dispute_is_true_or_false(tmp_path, allow):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    before = night.read_bytes()
    for method, path in (("POST", "/api/hands"), ("PUT", "/api/hands/1")):
        body = {"dealer": "Ah Fook", "draw": True, "allow_dispute": allow}
        r = c.request(method, path, json=body, headers=seen(c))
        assert r.status_code == 422 and r.json()["where"] == "allow_dispute", (method, r.json())
    assert night.read_bytes() == before


def test_a_night_that_became_a_folder_is_said_unreadable_not_a_refused_write(tmp_path):
    night = tmp_path / "night.yaml"
    c = client(night)
    assert first_hand(c).status_code == 201
    night.unlink()
    night.mkdir()
    for path in ("/api/night", "/api/settle-up", "/api/chart.svg"):
        r = c.get(path)
        assert r.status_code == 503, path
        assert r.json()["error"].startswith("The night's file could not be read (")
        assert "write" not in r.json()["error"]
