"""The document's own words: every spelling it uses settles or checks as the document means it.

The rules document mixes traditional and simplified characters (杠上開花, 搶杠, 明杠 …), says 明杠 for both
open kongs — "①…其他玩家所棄之牌…" (from a discard) and "②玩家在碰牌後，摸到所碰相同的牌時" (added to one's
own pung) — and players name tiles as they say them (紅中, 發財, 白板, 東風).
Figures from RULES.md: a self-draw of an ordinary hand pays 2 units from each (R5); an added or exposed kong
1 unit from each, a concealed one 2 (R8); under 包槓 the discarder pays the exposed kong's 3 shares alone.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from records import hand_record

from meizhou_score import settle
from meizhou_score.cli.app import cli
from meizhou_score.errors import RecordError
from meizhou_score.records.model import KONG_TYPE_NAMES, WIN_TYPE_NAMES

MIXES = {
    "kong_bloom": ["槓上開花", "杠上開花", "槓上开花", "杠上开花", "槓爆", "杠爆"],
    "robbed_kong": ["搶槓", "搶杠", "抢槓", "抢杠"],
    "self_draw": ["自摸"],
}


@pytest.mark.parametrize("written, meant", [(w, m) for m, words in MIXES.items() for w in words])
def test_every_spelling_of_a_win_type_the_document_uses(written, meant):
    assert WIN_TYPE_NAMES[written] == meant
    extra = {}
    if meant == "kong_bloom":
        extra = {
            "kongs": [{"player": "Mei", "type": "暗杠", "tile": "1z"}],
            "concealed": "123m 456p 789s 55s",
            "winning": "5s",
        }
    if meant == "robbed_kong":
        extra = {"robbed": "Jun", "concealed": "123m 456m 567p 789s 22s", "winning": "6p"}
    out = settle(hand_record(win_type=written, **extra))
    assert out["valid"] and out["win_type"] == meant


@pytest.mark.parametrize(
    "written, meant",
    [
        ("暗槓", "concealed"),
        ("暗杠", "concealed"),
        ("加槓", "added"),
        ("加杠", "added"),
        ("摸明槓", "added"),
        ("摸明杠", "added"),
        ("直槓", "exposed"),
        ("直杠", "exposed"),
    ],
)
def test_every_spelling_of_a_kong_type(written, meant):
    assert KONG_TYPE_NAMES[written] == meant


@pytest.mark.parametrize("written", ["明槓", "明杠", "open"])
def test_an_open_kong_is_from_a_discard_with_from_and_added_without(written):
    # with from: Lan discarded Jun's fourth 1z — an exposed kong, each of the other three pays Jun 1 (R8)
    out = settle(
        hand_record(kongs=[{"player": "Jun", "type": written, "tile": "1z", "from": "Lan"}])
    )
    assert {t["reason"] for t in out["transfers"] if t["to"] == "Jun"} == {"exposed_kong"}
    # without: Jun added it to his own pung (摸明杠) — an added kong, each pays 1
    out = settle(hand_record(kongs=[{"player": "Jun", "type": written, "tile": "1z"}]))
    assert {t["reason"] for t in out["transfers"] if t["to"] == "Jun"} == {"added_kong"}


def test_under_bao_kong_an_open_kong_says_whether_it_came_from_a_discard():
    rules = {
        "exposed_kong_payer": "discarder"
    }  # 包槓: the discarder alone pays an exposed kong's 3 shares
    with pytest.raises(RecordError) as refused:
        settle(hand_record(kongs=[{"player": "Jun", "type": "明杠", "tile": "1z"}], rules=rules))
    assert (
        refused.value.path == "kongs[0].type"
        and "直槓" in str(refused.value)
        and "加槓" in str(refused.value)
    )
    # told where it came from: Lan pays the 3 units alone (was: each paid 1, or the other way round)
    out = settle(
        hand_record(
            kongs=[{"player": "Jun", "type": "明杠", "tile": "1z", "from": "Lan"}], rules=rules
        )
    )
    kong = [t for t in out["transfers"] if t["reason"] == "exposed_kong"]
    assert [(t["from"], t["units"]) for t in kong] == [("Lan", 3)]
    # written as the added kong it was: each pays 1
    out = settle(hand_record(kongs=[{"player": "Jun", "type": "加槓", "tile": "1z"}], rules=rules))
    assert sorted(t["from"] for t in out["transfers"] if t["reason"] == "added_kong") == [
        "Ah Fook",
        "Lan",
        "Mei",
    ]


def test_when_kong_units_differ_an_open_kong_must_say_which():
    rules = {"kong_units": {"added": 1, "exposed": 2}}
    with pytest.raises(RecordError):
        settle(hand_record(kongs=[{"player": "Jun", "type": "明槓", "tile": "1z"}], rules=rules))
    out = settle(
        hand_record(
            kongs=[{"player": "Jun", "type": "明槓", "tile": "1z", "from": "Lan"}], rules=rules
        )
    )
    assert {t["units"] for t in out["transfers"] if t["reason"] == "exposed_kong"} == {2}


def test_record_refuses_an_open_kong_flag_the_rules_cannot_place_and_asks_at_a_prompt(tmp_path):
    rules = tmp_path / "bao.yaml"
    rules.write_text("exposed_kong_payer: discarder\n", encoding="utf-8")
    night = tmp_path / "night.yaml"
    table = [
        "--players",
        "Ah Fook,Mei,Jun,Lan",
        "--stake",
        "10",
        "--dealer",
        "Ah Fook",
        "--rules",
        str(rules),
    ]
    hand = [
        "--winner",
        "mei",
        "--self-draw",
        "--hand",
        "123m 456m 789p 234s 55s",
        "--winning-tile",
        "4s",
    ]
    refused = CliRunner().invoke(
        cli, ["record", str(night), *table, *hand, "--kong", "jun:明槓:1z", "--no-ask", "--yes"]
    )
    assert refused.exit_code == 2 and "直槓" in refused.output and not night.exists()
    # at a prompt, 明槓 asks who discarded the tile: Enter means it was added to a pung
    # the tiles, the winning tile; a kong: Jun's, 明槓, East, nobody discarded it (added); no more; yes
    answers = "\n".join(["123m 456m 789p 234s 55s", "4s", "3", "明槓", "1z", "", "", "是"]) + "\n"
    asked = CliRunner().invoke(
        cli,
        ["record", str(night), *table, "--winner", "mei", "--self-draw", "--ask", "--lang", "zh"],
        input=answers,
    )
    assert asked.exit_code == 0, asked.output
    assert "誰打出的那張" in asked.output
    out = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)
    assert {t["reason"] for t in out["hands"][0]["transfers"]} == {"self_draw", "added_kong"}


@pytest.mark.parametrize(
    "said, notation",
    [
        ("紅中紅中紅中", "777z"),
        ("红中 红中 红中", "777z"),
        ("發財 发财 發 发", "6666z"),
        ("白板 白 白板", "555z"),
        ("東風 东风 南風", "112z"),
        ("一萬 一万 二萬", "112m"),
    ],
)
def test_tiles_as_players_say_them(said, notation):
    from meizhou_score.engine.tiles import parse_counted

    assert parse_counted(said)[1] == parse_counted(notation)[1]


def test_tiles_said_in_words_in_check_and_in_a_file():
    result = CliRunner().invoke(
        cli, ["check", "一萬二萬三萬 四萬五萬六萬 七筒八筒九筒 二條三條四條 红中红中"]
    )
    assert result.exit_code == 0 and "123456m789p234s77z" in result.stdout.replace(" ", "")
    out = settle(hand_record(concealed="一萬 二萬 三萬 456m 789p 234s 白板 白板", winning="白板"))
    assert out["valid"]


def test_the_commas_a_chinese_input_method_types(tmp_path):
    night = tmp_path / "night.yaml"
    result = CliRunner().invoke(
        cli,
        [
            "record",
            str(night),
            "--players",
            "阿福，美美、阿俊,阿蘭",
            "--dealer",
            "阿福",
            "--draw",
            "--yes",
            "--no-ask",
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)
    assert list(out["totals"]) == ["阿福", "美美", "阿俊", "阿蘭"]
    assert CliRunner().invoke(cli, ["check", "123m，456p、789s 11z 23s"]).exit_code == 0


@pytest.mark.parametrize(
    "answer, removed", [("是", True), ("對", True), ("对", True), ("否", False), ("不", False)]
)
def test_yes_and_no_in_chinese(tmp_path, answer, removed, monkeypatch):
    night = tmp_path / "night.yaml"
    assert (
        CliRunner()
        .invoke(
            cli,
            [
                "record",
                str(night),
                "--players",
                "A,B,C,D",
                "--dealer",
                "A",
                "--draw",
                "--yes",
                "--no-ask",
            ],
        )
        .exit_code
        == 0
    )
    assert (
        CliRunner().invoke(cli, ["record", str(night), "--draw", "--yes", "--no-ask"]).exit_code
        == 0
    )
    monkeypatch.setattr("meizhou_score.cli.record.undo.someone_can_answer", lambda: True)
    result = CliRunner().invoke(
        cli, ["undo", str(night), "--lang", "zh"], input=f"好像\n{answer}\n"
    )
    assert result.exit_code == 0, result.output
    assert "請回答是或否" in result.output  # 好像 is not an answer: asked again, in Chinese
    hands = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)[
        "hands"
    ]
    assert len(hands) == (1 if removed else 2)
