"""records/names.py: one identity for a player, used alike by settle, record, the prompts and the ledger."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli
from meizhou_score.records.names import identity, same_person

NIGHT = {
    "players": None,
    "stake": 10,
    "hands": [
        {
            "dealer": None,
            "winner": "Jun",
            "win_type": "self_draw",
            "hand": {"concealed": "123m 456m 789m 123p 55p", "winning_tile": "5p"},
        }
    ],
}


@pytest.mark.parametrize(
    "a, b",
    [
        ("Mei", "MEI"),
        ("Ah Fook", "Ah  Fook"),
        ("Ah Fook", " ah fook "),
        ("Ｅ", "Ｅ"),
        ("Cafe\u0301", "Café"),
    ],
)
def test_one_person_two_spellings(a, b):
    assert identity(a) == identity(b)


@pytest.mark.parametrize("a, b", [("Mei", "Mel"), ("Ah Fook", "AhFook"), ("阿福", "阿富")])
def test_two_people(a, b):
    assert identity(a) != identity(b)


def test_same_person_names_the_first_two_spellings():
    assert same_person(["Mei", "Jun", "MEI", "Lan"]) == ("Mei", "MEI")
    assert same_person(["Mei", "Jun", "Ah", "Lan"]) is None


@pytest.mark.parametrize(
    "players", [["Mei", "MEI", "Jun", "Lan"], ["Ah Fook", "Ah  Fook", "Jun", "Lan"]]
)
def test_settle_record_and_ledger_refuse_one_person_seated_twice(tmp_path, players):
    night = tmp_path / "night.yaml"
    data = {**NIGHT, "players": players}
    data["hands"] = [{**data["hands"][0], "dealer": players[0]}]
    night.write_text(json.dumps(data), encoding="utf-8")
    before = night.read_bytes()
    runner = CliRunner()

    settled = runner.invoke(cli, ["settle", str(night)])
    assert settled.exit_code == 2
    assert f"{players[0]!r} and {players[1]!r} are one player written two ways" in settled.output

    added = runner.invoke(
        cli, ["ledger", "--db", str(tmp_path / "club.sqlite3"), "add", str(night)]
    )
    assert added.exit_code == 2, added.output
    assert "one player written two ways" in added.output
    assert "internal error" not in added.output

    recorded = runner.invoke(
        cli,
        [
            "record",
            str(tmp_path / "new.yaml"),
            "--players",
            ",".join(players),
            "--dealer",
            "Jun",
            "--draw",
            "--yes",
            "--no-ask",
        ],
    )
    assert recorded.exit_code == 2
    assert "one player written two ways" in recorded.output
    assert not (tmp_path / "new.yaml").exists()
    assert night.read_bytes() == before


def test_a_prefix_typed_at_a_prompt_matches_by_identity():
    from meizhou_score.cli.shared.answers import player

    table = ("Ah Fook", "Mei", "Jun", "Lan")
    assert player("ah  f", table) == "Ah Fook"
    assert player("AH FOOK", table) == "Ah Fook"
