"""A night is one night: which night of the ledger a file is never depends on the day it is added
or on the file's modification time. A file that writes no ``date:`` is added, grows, and is added
again on a later day, or after midnight, from the command line or from the page: it grows the
night it made, which keeps the date it was first given (docs/formats.md, "The ledger").

Figures, by hand (stake 10, docs/rules.md): a self-draw of an ordinary hand (ratio 1) takes
2 × 1 units from each other player (R5), 20 gold each: the winner +60, the others −20; a draw
pays nothing (R9).
"""

from __future__ import annotations

import datetime
import json
import os

import pytest
import yaml
from click.testing import CliRunner
from records import A, B, C, D, draw_record, hand_record, session_record

from meizhou_score.cli.app import cli

MEI_DRAWS = hand_record(B, dealer=A)
A_DRAW = {k: v for k, v in draw_record().items() if k != "dealer"}
LAN_DRAWS = {k: v for k, v in hand_record(D).items() if k != "dealer"}
JUN_DRAWS = {k: v for k, v in hand_record(C).items() if k != "dealer"}
# Mei's self-draw and a draw: Mei +60, the others −20
FIRST_TWO = {A: -20, B: 60, C: -20, D: -20}
# then Lan's self-draw: Lan +60, the others −20 more: Ah Fook −40, Mei +40, Jun −40, Lan +40
WITH_LANS = {A: -40, B: 40, C: -40, D: 40}
# then Jun's: Jun +60, the others −20 more: Ah Fook −60, Mei +20, Jun +20, Lan +20
WITH_JUNS = {A: -60, B: 20, C: 20, D: 20}


def run(db, *args):
    return CliRunner().invoke(cli, ["ledger", "--db", str(db), *map(str, args)])


def ok(db, *args) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    return result.output


def dateless(path, *hands, when: datetime.datetime):
    """The night file with ``hands``, no ``date:``, last changed at ``when`` (local time)."""
    night = session_record(*hands, stake=10)  # written as record writes a night: a hand an item
    path.write_text(yaml.safe_dump(night, sort_keys=False, allow_unicode=True), encoding="utf-8")
    stamp = when.timestamp()
    os.utime(path, (stamp, stamp))


def ledger_of(db) -> tuple[list[tuple[int, str, int]], dict]:
    nights = [
        (n["id"], n["date"], n["hands"]) for n in json.loads(ok(db, "nights", "--format", "json"))
    ]
    totals = {r["player"]: r["total"] for r in json.loads(ok(db, "totals", "--format", "json"))}
    return nights, totals


def test_a_dateless_night_grown_past_midnight_and_on_a_later_day_is_one_night(tmp_path):
    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    dateless(night, MEI_DRAWS, A_DRAW, when=datetime.datetime(2026, 11, 19, 23, 50))
    assert "Added night 1 (2026-11-19, 2 hands)" in ok(db, "add", night)
    # recorded on after midnight: the file now last changed on the 20th
    dateless(night, MEI_DRAWS, A_DRAW, LAN_DRAWS, when=datetime.datetime(2026, 11, 20, 0, 10))
    assert "Night 1 now has 3 hands, was 2" in ok(db, "add", night)
    assert ledger_of(db) == ([(1, "2026-11-19", 3)], WITH_LANS)  # the first two hands once
    # and a week later, one more hand: still night 1 of the 19th
    dateless(
        night, MEI_DRAWS, A_DRAW, LAN_DRAWS, JUN_DRAWS, when=datetime.datetime(2026, 11, 27, 21)
    )
    assert "Night 1 now has 4 hands, was 3" in ok(db, "add", night)
    assert ledger_of(db) == ([(1, "2026-11-19", 4)], WITH_JUNS)
    # the very same file again, on whatever day: nothing changes
    os.utime(night, (datetime.datetime(2026, 12, 1).timestamp(),) * 2)
    assert "already in the ledger as night 1" in ok(db, "add", night)
    assert ledger_of(db) == ([(1, "2026-11-19", 4)], WITH_JUNS)


def test_a_date_named_when_first_added_is_kept_as_the_night_grows(tmp_path):
    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    dateless(night, MEI_DRAWS, A_DRAW, when=datetime.datetime(2026, 11, 20, 1, 0))
    assert "Added night 1 (2026-11-19, 2 hands)" in ok(db, "add", night, "--date", "2026-11-19")
    dateless(night, MEI_DRAWS, A_DRAW, LAN_DRAWS, when=datetime.datetime(2026, 11, 21, 9, 0))
    assert "Night 1 now has 3 hands, was 2" in ok(db, "add", night)
    assert ledger_of(db) == ([(1, "2026-11-19", 3)], WITH_LANS)


def test_a_dateless_file_whose_hands_changed_is_refused_not_counted_twice(tmp_path):
    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    dateless(night, MEI_DRAWS, A_DRAW, when=datetime.datetime(2026, 11, 19, 22, 0))
    ok(db, "add", night)
    # on another day the file holds other hands (hand 2 is Lan's self-draw now, not a draw)
    dateless(night, MEI_DRAWS, LAN_DRAWS, when=datetime.datetime(2026, 11, 26, 22, 0))
    refused = run(db, "add", night)
    assert refused.exit_code == 2
    assert "night 1 came from this file, and its hand 2 is not what the ledger holds" in (
        refused.output
    )
    # and it says how to add the file as another night without replacing the first
    assert "to add the file as another night, write that night's date: in it" in refused.output
    assert ledger_of(db) == ([(1, "2026-11-19", 2)], FIRST_TWO)
    # replaced on purpose, it keeps the date it was first given: Mei's and Lan's self-draws
    ok(db, "add", night, "--replace", 1)
    assert ledger_of(db) == ([(1, "2026-11-19", 2)], WITH_LANS)


def test_a_file_that_writes_its_date_is_another_night_on_another_date(tmp_path):
    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    night.write_text(json.dumps(session_record(MEI_DRAWS, A_DRAW, stake=10, date="2026-11-19")))
    ok(db, "add", night)
    night.write_text(json.dumps(session_record(MEI_DRAWS, A_DRAW, stake=10, date="2026-11-26")))
    assert "Added night 2 (2026-11-26, 2 hands)" in ok(db, "add", night)
    twice = {name: 2 * units for name, units in FIRST_TWO.items()}  # two nights, each its own
    assert ledger_of(db) == ([(1, "2026-11-19", 2), (2, "2026-11-26", 2)], twice)


def test_the_page_grows_the_night_ledger_add_made_on_an_earlier_day(tmp_path):
    pytest.importorskip("httpx", reason="the page's API needs httpx: pip install -e '.[test]'")
    from starlette.testclient import TestClient

    from meizhou_score.web.app import create_app

    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    two_days_ago = datetime.datetime.now() - datetime.timedelta(days=2)
    dateless(night, MEI_DRAWS, A_DRAW, when=two_days_ago)
    day = two_days_ago.date().isoformat()
    assert f"Added night 1 ({day}, 2 hands)" in ok(db, "add", night)
    host = "127.0.0.1:8765"
    page = TestClient(create_app(str(night), hosts=(host,), db=str(db)), base_url=f"http://{host}")

    def seen() -> dict:
        return {
            "Origin": f"http://{host}",
            "If-Match": f'"{page.get("/api/night").json()["version"]}"',
        }

    # Lan's self-draw recorded on the page today, then the night added from the page
    recorded = page.post(
        "/api/hands",
        json={"winner": D, "win_type": "self_draw", "hand": LAN_DRAWS["hand"]},
        headers=seen(),
    )
    assert recorded.status_code == 201, recorded.text
    added = page.post("/api/ledger", headers=seen())
    assert added.json() == {"night": 1, "outcome": "grown", "hands": 3, "date": day, "was": 2}
    assert ledger_of(db) == ([(1, day, 3)], WITH_LANS)
