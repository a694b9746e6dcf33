"""`record`'s questions as a player at a terminal answers them (pexpect, as tmux runs it): a win on
a discard refused with its ruling (R11: only a self-draw, a kong bloom or a robbed kong wins; the
refusal names `rules --explain R11`), at the question and as a flag; `<` at "Record hand N?"
goes back to the hand's last question, as at every question of the hand (docs/formats.md).

The night (stake 10, from RULES.md): hand 1, Ah Fook deals, a draw (荒莊, R9: nobody pays); Mei
deals hand 2 (R10: after a draw the dealer's next player). Hand 2, Mei self-draws an ordinary
hand (R5): each of the three pays 2 units of 10, Mei +60.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import dialogue

from meizhou_score.cli.app import cli

TABLE = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook"]
LANGS = ["en", "zh-Hant", "zh-Hans"]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="meizhou-score")


def night(tmp_path):
    """Hand 1, a draw: nobody pays (R9)."""
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, "--draw", "--yes", "--no-ask").exit_code == 0
    return path


def terminal(args, steps, lang):
    code, screen = dialogue(["record", *args], steps, lang)
    return code, screen.replace("\r\n", "\n")


NOT_BY_DISCARD = {
    "en": "a win on another player's discard is not scored in Meizhou mahjong: only a self-draw, "
    "a kong bloom or a robbed kong wins (R11: meizhou-score rules --explain R11)",
    "zh-Hant": "梅州麻將不計胡別人打出的牌：只有自摸、槓上開花、搶槓才算胡牌"
    "（R11：meizhou-score rules --explain R11）",
    "zh-Hans": "梅州麻将不算点炮胡（胡别人打出的牌）：只有自摸、杠上开花、抢杠才算胡牌"
    "（R11：meizhou-score rules --explain R11）",
}
HOW = {"en": "How did Mei win?", "zh-Hant": "Mei 怎樣胡牌？", "zh-Hans": "Mei 怎样胡牌？"}
DISCARD_SAID = {"en": "discard", "zh-Hant": "放槍", "zh-Hans": "点炮"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_win_on_a_discard_typed_at_how_is_refused_with_its_ruling(tmp_path, lang):
    path = night(tmp_path)
    before = path.read_bytes()
    code, screen = terminal(
        [path, "--winner", "mei"],
        [(HOW[lang], DISCARD_SAID[lang]), (NOT_BY_DISCARD[lang], None), (HOW[lang], "^C")],
        lang,
    )
    assert code == 130 and path.read_bytes() == before, screen
    assert screen.count(HOW[lang]) == 2, screen  # asked again, the ruling said between


@pytest.mark.parametrize("lang", LANGS)
def test_the_discard_flag_is_refused_with_its_ruling(tmp_path, lang):
    path = night(tmp_path)
    before = path.read_bytes()
    result = run("record", path, "--winner", "mei", "--discard", "--lang", lang)
    assert result.exit_code == 2 and path.read_bytes() == before, result.output
    assert NOT_BY_DISCARD[lang] in result.output
    assert "No such option" not in result.output


def test_the_ruling_the_refusal_points_to_is_there():
    result = run("rules", "--explain", "R11")
    assert result.exit_code == 0
    assert result.output.startswith("R11: Only self-draws, kong blooms and robbed kongs are wins")


BACK_AT_RECORD = {  # the winning tile, the kongs, "Record hand 2?", back, no
    "en": ("Winning tile", "Kong 1: whose?", "Record hand 2?", "back to the question before", "n"),
    "zh-Hant": ("胡的那張牌", "第 1 個槓：誰的？", "記下第 2 局？", "回到上一題", "否"),
    "zh-Hans": ("胡的那张牌", "第 1 个杠：谁的？", "记下第 2 局？", "回到上一题", "否"),
}
MEI = ["--winner", "mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s"]


@pytest.mark.parametrize("lang", LANGS)
def test_back_at_record_hand_goes_back_to_the_last_question(tmp_path, lang):
    path = night(tmp_path)
    before = path.read_bytes()
    tile, kongs, record, back, no = BACK_AT_RECORD[lang]
    code, screen = terminal(
        [path, *MEI],
        [
            (tile, "4s"),
            (kongs, ""),  # none
            (record, "<"),
            (back, None),
            (kongs, ""),  # asked again: the hand's last question
            (record, no),
        ],
        lang,
    )
    assert code == 0 and path.read_bytes() == before, screen
    assert screen.count(kongs) == 2 and screen.count(record) == 2, screen
    assert "answer y or n" not in screen and "請回答" not in screen and "请回答" not in screen
    assert screen.count(tile) == 1  # the winning tile kept, not asked again
