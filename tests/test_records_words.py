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
        and "點槓" in str(refused.value)
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
    assert refused.exit_code == 2 and "點槓" in refused.output and not night.exists()
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


# The words a Guangdong table says (issue 46), in both scripts: each reads as the id it names,
# wherever a word is typed. Figures from RULES.md: an added or exposed kong is 1 unit from each
# of the other three (R8); a self-draw of an ordinary hand 2 from each (R5).
TABLE_WORDS = {
    "added": ["補槓", "补杠", "面下槓", "面下杠", "彎槓", "弯杠"],
    "exposed": ["點槓", "点杠", "放槓", "放杠"],
}
TABLE_WIN_WORDS = {
    "kong_bloom": ["槓上花", "杠上花"],
    "robbed_kong": ["搶槓胡", "抢杠胡"],
}


@pytest.mark.parametrize(
    "written, meant", [(w, m) for m, words in TABLE_WORDS.items() for w in words]
)
def test_the_tables_kong_words_in_a_record(written, meant):
    kong = {"player": "Jun", "type": written, "tile": "1z"}
    if meant == "exposed":
        kong["from"] = "Lan"
    out = settle(hand_record(kongs=[kong]))
    # Mei's self-draw: +6, the others −2 each; Jun's kong: +3, the others −1 each
    assert {t["reason"] for t in out["transfers"] if t["to"] == "Jun"} == {f"{meant}_kong"}
    assert out["balances"] == {"Ah Fook": -3, "Mei": 5, "Jun": 1, "Lan": -3}


@pytest.mark.parametrize(
    "written, meant", [(w, m) for m, words in TABLE_WIN_WORDS.items() for w in words]
)
def test_the_tables_win_words_in_a_record(written, meant):
    assert WIN_TYPE_NAMES[written] == meant
    extra = {"robbed": "Jun", "concealed": "123m 456m 567p 789s 22s", "winning": "6p"}
    if meant == "kong_bloom":
        extra = {
            "kongs": [{"player": "Mei", "type": "暗杠", "tile": "1z"}],
            "concealed": "123m 456p 789s 55s",
            "winning": "5s",
        }
    out = settle(hand_record(win_type=written, **extra))
    assert out["valid"] and out["win_type"] == meant


def _record(tmp_path, *more, rules: str | None = None, lang: str = "en", answers=None):
    night = tmp_path / "night.yaml"
    table = ["--players", "Ah Fook,Mei,Jun,Lan", "--dealer", "Ah Fook"]
    if rules is not None:
        path = tmp_path / "rules.yaml"
        path.write_text(rules, encoding="utf-8")
        table += ["--rules", str(path)]
    result = CliRunner().invoke(cli, ["record", str(night), *table, *more], input=answers)
    assert result.exit_code == 0, result.output
    out = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)
    return out["hands"][0]


SELF_DRAWN = ["--winner", "mei", "--hand", "123m 456m 789p 234s 55s", "--winning-tile", "4s"]


@pytest.mark.parametrize(
    "kong, reason",
    [
        ("jun:补杠:1z", "added_kong"),
        ("jun:点杠:1z:lan", "exposed_kong"),
        ("jun:放槓:1z:lan", "exposed_kong"),
        ("jun:彎槓:1z", "added_kong"),
    ],
)
def test_the_tables_kong_words_in_the_kong_flag(tmp_path, kong, reason):
    hand = _record(tmp_path, *SELF_DRAWN, "--self-draw", "--kong", kong, "--no-ask", "--yes")
    assert {t["reason"] for t in hand["transfers"] if t["to"] == "Jun"} == {reason}


def test_the_tables_words_at_records_questions(tmp_path):
    # asked in Simplified: how (杠上花), the tiles, the winning tile, no pungs; a kong: Mei's (2),
    # 补杠, 1z; no more kongs; yes. Mei's kong bloom: 3 × 2 = +6 and her added kong +3 (R6, R8)
    said = ["杠上花", "123m 456p 789s 55s", "5s", "", "2", "补杠", "1z", "", "是"]
    answers = "\n".join(said) + "\n"
    flags = ["--stake", "1", "--winner", "mei", "--ask", "--lang", "zh-Hans"]
    hand = _record(tmp_path, *flags, answers=answers)
    assert hand["win_type"] == "kong_bloom"
    assert {t["reason"] for t in hand["transfers"]} == {"kong_bloom", "added_kong"}
    assert hand["balances"] == {"Ah Fook": -3, "Mei": 9, "Jun": -3, "Lan": -3}


@pytest.mark.parametrize(
    "rules, reason, payers",
    [
        # 包杠 (the discarder pays the exposed kong's three shares alone): Lan pays Jun 3
        ("exposed_kong_payer: 包杠\n", "exposed_kong", ["Lan"]),
        ("exposed_kong_payer: 包槓\n", "exposed_kong", ["Lan"]),
        ("exposed_kong_payer: 打出者包付\n", "exposed_kong", ["Lan"]),
        ("exposed_kong_payer: 不包杠\n", "exposed_kong", ["Ah Fook", "Mei", "Lan"]),
    ],
)
def test_a_rules_file_in_the_tables_words(tmp_path, rules, reason, payers):
    hand = _record(
        tmp_path,
        *SELF_DRAWN,
        "--self-draw",
        "--kong",
        "jun:点杠:1z:lan",
        "--no-ask",
        "--yes",
        rules=rules,
    )
    assert sorted(t["from"] for t in hand["transfers"] if t["reason"] == reason) == sorted(payers)


def test_every_choice_as_rules_shows_it_is_read_back():
    # every choice's words as `rules` shows them, in both scripts, read back as its id
    from meizhou_score.i18n.words import WORDS
    from meizhou_score.records import rules as house

    for r in house.ROWS:
        if r.kind != "choice":
            continue
        for c in r.choices:
            for lang in ("zh-Hant", "zh-Hans"):
                said = WORDS[lang][f"choice_{r.key}_{c.id}"]
                assert house.DEFAULT_RULES.override({r.key: said}).value(r.key) == c.id, said
    # 连庄 (the dealer keeps the deal after a draw) as a player says it, not only 庄家连庄
    assert house.DEFAULT_RULES.override({"dealer_after_draw": "连庄"}).dealer_after_draw == "same"


def test_the_counts_by_the_tables_words():
    from meizhou_score.records.rules import DEFAULT_RULES

    rules = DEFAULT_RULES.override({"kong_units": {"补杠": 2, "点杠": 3}, "patterns": {"鸡胡": 5}})
    assert dict(rules.kong_units) == {"concealed": 2, "added": 2, "exposed": 3}
    assert rules.patterns["ordinary"] == 5
    # 明杠 names both open kongs: a price for it is the price of each
    both = DEFAULT_RULES.override({"kong_units": {"明杠": 4}})
    assert dict(both.kong_units) == {"concealed": 2, "added": 4, "exposed": 4}
    # a pattern by any of its names, in either script
    assert (
        DEFAULT_RULES.override({"patterns": {"清一色": 6, "七小对": 0}}).patterns["pure_one_suit"]
        == 6
    )


def test_a_session_in_the_tables_words_settles_as_by_ids(tmp_path):
    # a night written the way the table talks: the same money as the same night by ids
    words = {
        "players": ["Ah Fook", "Mei", "Jun", "Lan"],
        "rules": {"exposed_kong_payer": "包杠", "dealer_after_draw": "连庄"},
        "hands": [
            {
                "dealer": "Ah Fook",
                "winner": "Mei",
                "win_type": "杠上花",
                "hand": {"concealed": "123m 456p 789s 55s", "winning_tile": "5s"},
                "kongs": [
                    {"player": "Mei", "type": "补杠", "tile": "1z"},
                    {"player": "Jun", "type": "点杠", "tile": "2z", "from": "Lan"},
                ],
            },
            {"draw": True},
        ],
    }
    ids = json.loads(
        json.dumps(words)
        .replace("包杠", "discarder")
        .replace("连庄", "same")
        .replace("杠上花", "kong_bloom")
        .replace("补杠", "added")
        .replace("点杠", "exposed")
    )
    from meizhou_score.settling.night import settle_data

    said, meant = settle_data(words), settle_data(ids)
    # Mei: kong bloom 3 × 2 = +6, her added kong +3, Jun's exposed kong paid by Lan alone (包杠)
    # Mei +9 − 0, Jun +3 − 2 − 1 = 0, Lan −2 − 1 − 3 = −6, Ah Fook −2 − 1 = −3
    assert said.totals == meant.totals == {"Ah Fook": -3, "Mei": 9, "Jun": 0, "Lan": -6}
    assert said.hands[1].next_dealer == "Mei"  # 连庄: the dealer of the draw deals again
