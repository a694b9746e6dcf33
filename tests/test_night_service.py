"""The night service: the one owner of a night's file, every change against the version seen.

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5), at stake 10:
the winner +60, the others −20 each; a draw pays nothing (R9).
"""

from __future__ import annotations

import datetime
import hashlib
import os

import pytest

from meizhou_score.night.errors import Refused, Stale
from meizhou_score.night.service import NO_FILE, NightFile, read_whole

TABLE = {"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10, "date": "2026-11-19"}
MEI = {
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}
NOT_A_WIN = {
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 56s", "winning_tile": "4s"},
}


def started(tmp_path):
    night = NightFile(str(tmp_path / "night.yaml"))
    written = night.add({"dealer": "Ah Fook", **MEI}, NO_FILE, TABLE)
    return night, written


def test_the_version_is_the_files_bytes_and_0_before_it_exists(tmp_path):
    night = NightFile(str(tmp_path / "night.yaml"))
    assert night.read().version == NO_FILE == night.version()
    written = started(tmp_path)[1]
    raw = (tmp_path / "night.yaml").read_bytes()
    assert written.version == hashlib.sha256(raw).hexdigest()[:16] == night.version()
    assert {k: int(v) for k, v in written.night.totals.items()} == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }


def test_a_write_against_another_version_says_what_changed_and_writes_nothing(tmp_path):
    night, first = started(tmp_path)
    phone = NightFile(night.path)  # a second phone's server... the same file
    seen = phone.read().version
    night.add({"draw": True}, first.version)
    before = (tmp_path / "night.yaml").read_bytes()
    with pytest.raises(Stale) as stale:
        phone.add({"draw": True}, seen)
    assert stale.value.change == ("recorded", 2) and len(stale.value.now.night.hands) == 2
    assert (tmp_path / "night.yaml").read_bytes() == before
    two = night.read().version
    night.take_back(two)
    with pytest.raises(Stale) as stale:
        night.take_back(two)  # a second take-back from a screen that had not seen the first
    assert stale.value.change == ("taken_back", 2) and len(stale.value.now.night.hands) == 1
    one = night.read().version
    night.amend(1, {"dealer": "Ah Fook", **MEI, "winner": "Jun"}, one)
    with pytest.raises(Stale) as stale:
        night.amend(1, {"dealer": "Ah Fook", **MEI}, one)
    assert stale.value.change == ("amended", 1)
    with pytest.raises(Stale) as stale:
        night.add({"dealer": "Ah Fook", **MEI}, NO_FILE, TABLE)  # set up twice
    assert stale.value.change == ("created", None)


def test_a_second_setup_with_the_current_version_is_refused_as_created(tmp_path):
    night, first = started(tmp_path)
    with pytest.raises(Stale) as stale:
        night.add({"dealer": "Ah Fook", **MEI}, first.version, TABLE)
    assert stale.value.change.kind == "created"


def test_a_hand_the_table_cannot_accept_is_refused_by_the_one_judge(tmp_path):
    night, first = started(tmp_path)
    before = (tmp_path / "night.yaml").read_bytes()
    with pytest.raises(Refused) as refused:
        night.add(NOT_A_WIN, first.version)
    assert refused.value.number == 2 and "not recorded" in str(refused.value)
    assert (tmp_path / "night.yaml").read_bytes() == before
    accepted = night.add(NOT_A_WIN, first.version, allow_dispute=True)
    assert accepted.night.last.disputed and accepted.number == 2


def test_record_follows_a_hand_written_meanwhile(tmp_path):
    night, first = started(tmp_path)
    night.add({"draw": True}, first.version)
    followed = night.add({"draw": True}, first.version, follow=True)  # as record does
    assert followed.number == 3


def test_the_amend_preview_names_the_later_hand_it_upsets(tmp_path):
    # hand 2 names Mei as its dealer; amending hand 1 so that Jun wins moves the deal to Jun (R10)
    night, first = started(tmp_path)
    night.add({"dealer": "Mei", **MEI}, first.version)
    amended = {"dealer": "Ah Fook", **MEI, "winner": "Jun"}
    result, upset, amendment = night.preview(amended, amend=1)
    assert upset[0] == 2 and upset[1].dealer_expected == "Jun" and amendment.number == 1


def test_taking_back_every_hand_keeps_the_table(tmp_path):
    night, first = started(tmp_path)
    plan = night.take_back(first.version)
    assert plan.number == 1 and plan.after is None and "Mei" in plan.text
    seen = night.read()
    assert seen.night is None and seen.table["players"] == TABLE["players"]
    again = night.add(MEI | {"dealer": "Ah Fook"}, seen.version)
    assert again.number == 1


def test_a_last_hand_that_does_not_settle_can_still_be_taken_back(tmp_path):
    # a hand written by hand that names nobody at the table: undo takes it back, as it always did
    import subprocess
    import sys

    from conftest import ROOT

    night, first = started(tmp_path)
    path = tmp_path / "night.yaml"
    path.write_text(path.read_text() + "  - winner: Nobody\n    win_type: self_draw\n")
    undone = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "undo", str(path), "--yes"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert undone.returncode == 0, undone.stderr
    assert NightFile(str(path)).read().version == first.version  # the file as hand 1 left it


def test_the_night_seen_settles_a_hand_added_or_replaced_and_touches_no_file(tmp_path):
    # record asks its questions against the night it read, settled as the write would settle it
    night, _ = started(tmp_path)
    raw = (tmp_path / "night.yaml").read_bytes()
    seen = night.read()
    assert seen.before(1) is None
    assert seen.before(2).next_dealer == "Mei"  # whoever wins, deals (R10)
    drawn = seen.with_hand({"draw": True})  # a draw pays nothing (R9): the totals stay
    assert [h.record.dealer for h in drawn.hands] == ["Ah Fook", "Mei"]
    assert {k: int(v) for k, v in drawn.totals.items()} == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }
    jun = seen.with_hand({"dealer": "Ah Fook", **MEI, "winner": "Jun"}, 1)  # hand 1 replaced
    assert len(jun.hands) == 1
    assert {k: int(v) for k, v in jun.totals.items()} == {
        "Ah Fook": -20,
        "Mei": -20,
        "Jun": 60,
        "Lan": -20,
    }
    assert (tmp_path / "night.yaml").read_bytes() == raw
    new = NightFile(str(tmp_path / "new.yaml")).read()
    first = new.with_hand({"dealer": "Ah Fook", **MEI}, head=TABLE)
    assert int(first.totals["Mei"]) == 60 and not (tmp_path / "new.yaml").exists()


def test_the_ledger_reads_a_night_whole_with_the_day_its_file_last_changed(tmp_path):
    night, _ = started(tmp_path)
    noon = datetime.datetime(2026, 11, 12, 12, 0).timestamp()  # local noon: that day anywhere
    os.utime(night.path, (noon, noon))
    whole = read_whole(night.path)
    assert whole.day == "2026-11-12" and whole.data["players"] == TABLE["players"]
    assert [h["winner"] for h in whole.data["hands"]] == ["Mei"]
    one = tmp_path / "hand.yaml"  # one hand's record, not a session: the ledger takes it too
    one.write_text("players: [A, B, C, D]\ndealer: A\ndraw: true\n", encoding="utf-8")
    os.utime(one, (noon, noon))
    assert read_whole(str(one)) == (
        {"players": ["A", "B", "C", "D"], "dealer": "A", "draw": True},
        "2026-11-12",
    )
