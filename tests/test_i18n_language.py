"""Speak the player's language: errors, check, rules and deal in Chinese; how a ratio was reached; how far a
hand is from waiting; hints that point at the right key.

Every figure below is worked by hand from docs/rules.md (R-numbers cited beside it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from records import hand_record

from meizhou_score.cli.app import cli
from meizhou_score.engine import distance
from meizhou_score.engine.patterns import working
from meizhou_score.engine.tiles import parse_counted
from meizhou_score.records.rules import DEFAULT_RULES
from meizhou_score.render.columns import width


def cli_run(*args):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "LANG": "C.UTF-8"},
    )


def run(*args, input=None, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env)


def settle_zh(record: dict):
    return run("settle", "-", "--lang", "zh", input=yaml.safe_dump(record, allow_unicode=True))


# ---------------------------------------------------------------- errors in Chinese (exit 2 and exit 1)


def test_a_quoted_stake_is_told_in_chinese_to_lose_its_quotes():
    result = settle_zh(hand_record(stake="0.5"))
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == "meizhou-score：錯誤：<stdin>：stake：這裡要寫正數，現在寫的是「0.5」；這是文字：請去掉引號"
    )


def test_a_misspelt_player_gets_did_you_mean_in_chinese():
    result = settle_zh(hand_record(winner="mei"))
    assert result.exit_code == 2
    assert (
        "winner：這裡要寫其中一名玩家（Ah Fook、Mei、Jun、Lan），現在寫的是「mei」（是不是「Mei」？）"
        in result.stderr
    )


def test_a_tile_error_names_its_column_in_chinese():
    result = settle_zh(hand_record(concealed="123m 456m 789p 234s 5x"))
    assert result.exit_code == 2
    assert "hand.concealed：「123m 456m 789p 234s 5x」第 22 欄的「x」不對" in result.stderr


def test_a_hand_that_does_not_win_is_a_dispute_explained_in_chinese():
    """R2: 123m 456m 789p 234s 56s + 4s is neither a pair and four sets nor seven pairs: nobody pays, exit 1."""
    result = settle_zh(hand_record(concealed="123m 456m 789p 234s 56s"))
    assert result.exit_code == 1
    assert "不成胡，無人支付：" in result.stdout
    assert (
        "不是胡牌：在現行規則下既不是一對將加四副面子，也不是七小對或十三幺（R2）" in result.stdout
    )
    assert "not a winning hand" not in result.stdout


def test_a_shape_switched_off_by_a_house_rule_says_so_in_chinese():
    rec = hand_record(
        concealed="19m 19p 19s 1234567z 1m",
        winning="1m",
        rules={"patterns": {"thirteen_orphans": 0}},
    )
    result = settle_zh(rec)
    assert result.exit_code == 1
    assert (
        "是十三幺，但規則文件的 `patterns.thirteen_orphans` 是 0，所以這一桌不算胡牌（R2）"
        in result.stdout
    )


def test_usage_errors_from_click_are_said_in_chinese():
    """Through the real entry point (main), which shows click's usage errors."""
    result = cli_run("settle", "--lang", "zh", "--bogus")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "用法：meizhou-score settle [選項] 文件...",
        "用「meizhou-score settle --help」看說明。",
        "",
        "錯誤：沒有這個選項：--bogus（是不是「--jobs」？）",
    ]
    result = cli_run("settle", "--lang", "zh", "--format", "yaml", "x.yaml")
    assert "錯誤：「--format」的值不對：「yaml」不是以下之一：table、json" in result.stderr
    result = cli_run("deal", "13", "1", "--lang", "zh")
    assert "13 不在 2 到 12 之間" in result.stderr
    result = cli_run("settle", "--lang", "zh")
    assert "錯誤：缺少參數「文件」" in result.stderr
    result = cli_run("settle", "--bogus")  # English stays as click words it
    assert "Error: No such option '--bogus'" in result.stderr


def test_a_missing_file_is_said_in_chinese(tmp_path):
    result = run("settle", tmp_path / "nope.yaml", "--lang", "zh")
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("nope.yaml：無法讀取文件：沒有這個文件或文件夾")


def test_the_locale_chooses_chinese_and_the_option_overrides_it(tmp_path):
    env = {"LANG": "zh_TW.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
    result = run("settle", tmp_path / "nope.yaml", env=env)
    assert "無法讀取文件" in result.stderr
    result = run("settle", tmp_path / "nope.yaml", "--lang", "en", env=env)
    assert "cannot read the file" in result.stderr


# ---------------------------------------------------------------- hints that point at the right key


def refused(rec: dict) -> str:
    """What settle says on stderr of a record it refuses (exit 2)."""
    result = run("settle", "-", input=yaml.safe_dump(rec))
    assert result.exit_code == 2
    return result.stderr


def test_a_robbed_kong_listed_under_kongs_is_named_there():
    """R7: Jun's robbed kong of 5s never stood; listing it makes 1 + 3 + 4 = 8 copies of 5s (R1)."""
    rec = hand_record(
        win_type="robbed_kong",
        robbed="Jun",
        concealed="11s 123s 456s 789s 789s",
        winning="5s",
        kongs=[{"player": "Jun", "type": "added", "tile": "5s"}],
    )
    assert (
        "<stdin>: kongs[0]: 8 copies of 5s (1 in hand.concealed; 3 in Jun's robbed pung; 4 in kongs[0]); "
        "there are only four of each tile (R1) — a robbed kong is not listed under kongs: it was never "
        "completed (R7)"
    ) in refused(rec)


def test_a_kong_also_written_in_concealed_is_named():
    """Mei's concealed kong of 5z written twice: 3 + 3 + 3 + 2 + 4 = 15 concealed, + 3 for the kong = 18."""
    rec = hand_record(
        concealed="123m 456m 789p 11s 5555z",
        winning="1s",
        kongs=[{"player": "Mei", "type": "concealed", "tile": "5z"}],
    )
    said = refused(rec)
    assert "hand: expected 14 tiles" in said and "got 18" in said
    assert (
        "— 4 copies of 5z in concealed and a kong of 5z: write the kong once, under kongs, and leave its "
        "tiles out of concealed"
    ) in said


def test_another_players_kong_in_the_winners_concealed_tiles_is_named_too():
    """Jun's kong of 5z and Mei's three 5z: 3 + 4 = 7 copies (R1), with the hint at hand.concealed."""
    rec = hand_record(
        concealed="123m 456m 789p 11s 555z",
        winning="1s",
        kongs=[{"player": "Jun", "type": "concealed", "tile": "5z"}],
    )
    said = refused(rec)
    assert "<stdin>: hand.concealed: 7 copies of 5z" in said
    assert "3 copies of 5z in concealed and a kong of 5z" in said


# ---------------------------------------------------------------- the table in Chinese, full-width


def test_the_headline_in_chinese_is_full_width_and_not_a_sum():
    """examples/all-pungs.yaml: Jun self-draws all pungs, ratio 2 (R4), stake 1."""
    result = run("settle", EXAMPLES / "all-pungs.yaml", "--lang", "zh")
    assert result.stdout.splitlines()[0] == "Jun 自摸胡牌——碰碰胡，倍數 2；底分 1"


def test_a_session_heading_is_underlined_to_its_display_width():
    result = run("settle", EXAMPLES / "session.yaml", "--lang", "zh", "--hands")
    lines = result.stdout.splitlines()
    assert lines[0] == "第 1 局——莊家 Ah Fook"
    assert lines[1] == "=" * 21 == "=" * width(lines[0])


# ---------------------------------------------------------------- how the ratio was reached (R4)


def test_working_adds_without_the_superseded_pattern():
    """10 (坎坎胡) + 4 (清一色) = 14; 碰碰胡 is superseded by 坎坎胡 (the pattern table)."""
    ratios = DEFAULT_RULES.patterns
    found = ["concealed_pungs", "pure_one_suit", "all_pungs"]
    added = working(found, ratios, "add")
    assert added.counted == ("concealed_pungs", "pure_one_suit")
    assert added.superseded == {"all_pungs": "concealed_pungs"}
    assert added.ratio == 14
    assert working(found, ratios, "multiply").ratio == 40
    highest = working(found, ratios, "highest")
    assert (highest.counted, highest.ratio) == (("concealed_pungs",), 10)


def test_explain_shows_the_working_under_add_and_highest():
    result = run(
        "settle",
        EXAMPLES / "house-rules-hand.yaml",
        "--rules",
        EXAMPLES / "house-rules.yaml",
        "--explain",
    )
    assert (
        "Ratio: four concealed pungs 坎坎胡 10 + pure one suit 清一色 4 = 14 (combine: add; all pungs 碰碰胡 "
        "superseded by four concealed pungs 坎坎胡)"
    ) in result.stdout
    result = run("settle", EXAMPLES / "thirteen-orphans.yaml", "--explain", "--lang", "zh")
    assert "倍數 10：取最高——十三幺 10、混幺九 5（合成：取最高）" in result.stdout
    assert " + " not in result.stdout.splitlines()[0]


# ---------------------------------------------------------------- check: waits, shanten, discards


def test_check_in_chinese_lists_waits():
    result = run("check", "1112345678999m", "--lang", "zh")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        "牌：1112345678999m（13 張，每副碰、槓算 3 張）",
        "聽牌，聽 9 張：",  # nine tiles: 1m to 9m
    ]
    assert result.stdout.count("清一色") == 9  # the nine gates wait on every character tile


def test_fourteen_tiles_that_do_not_win_get_the_discards_that_wait():
    """123m 456m 7899p 2345s: let 9p go and 2345s waits on 2s or 5s (3 + 3 copies unseen); let 2s or 5s go and
    7899p waits on 6p (4 unseen) or 9p (2 unseen): 6 each; every one of them leaves the hand waiting."""
    result = run("check", "123m", "456m", "789p", "234s", "5s", "9p", "--format", "json")
    data = json.loads(result.stdout)
    assert data["win"] is False and data["shanten"] == 0
    assert [(d["tile"], d["useful"], d["count"]) for d in data["discards"]] == [
        ("9p", ["2s", "5s"], 6),
        ("2s", ["6p", "9p"], 6),
        ("5s", ["6p", "9p"], 6),
    ]
    text = run("check", "123m 456m 789p 234s 5s 9p").stdout
    assert "Shanten (向聽) 0: one discard below and the hand waits." in text


def test_thirteen_tiles_two_from_waiting_count_what_helps():
    """123m 456m 789p and four loose tiles 9p 2s 5s 1z: two more tiles before waiting. What helps: 6p–9p
    (4 + 3 + 3 + 2 unseen), 1s–7s (4 + 3 + 4 + 4 + 3 + 4 + 4) and 1z (3): 41 copies."""
    data = json.loads(run("check", "123456m7899p25s1z", "--format", "json").stdout)
    assert data["waits"] == [] and data["shanten"] == 2
    assert data["useful"] == [
        "6p",
        "7p",
        "8p",
        "9p",
        "1s",
        "2s",
        "3s",
        "4s",
        "5s",
        "6s",
        "7s",
        "1z",
    ]
    assert data["count_useful"] == 41


@pytest.mark.parametrize(
    "tiles, melds, expected",
    [
        ("123m 456m 789p 234s 55s", 0, -1),  # a win
        ("1112345678999m", 0, 0),  # waiting
        ("1122m 3344p 5566s 7z", 0, 0),  # six pairs: waiting on the seventh
        ("1111m 2233p 4455s 6z", 0, 0),  # a four of a kind is two pairs (R2): waiting on 6z
        (
            "19m 19p 19s 123456z 5s",
            0,
            1,
        ),  # twelve orphans, no pair: two away (7z and a pair), minus one
        ("123m 456p 5s", 2, 0),  # two melds, two sets concealed and a single: waiting
        (
            "147m 258p 369s 1234z",
            0,
            6,
        ),  # no set, no partial (standard 8); orphans 1m 9s 1–4z: 13 − 6 = 7; pairs 0: 6
    ],
)
def test_shanten_by_hand(tiles, melds, expected):
    counts = parse_counted(tiles)[1]
    assert distance.shanten(counts, melds, DEFAULT_RULES) == expected


def test_check_exit_codes_are_zero_for_any_analysis_and_two_for_bad_tiles():
    assert run("check", "123m 456m 789p 234s 5s 9p").exit_code == 0  # not a win, still analysed
    assert run("check", "123m 456m 789p 234s 5x").exit_code == 2
    assert run("check", "11111m").exit_code == 2  # five copies (R1)


# ---------------------------------------------------------------- rules and deal in Chinese


def test_rules_in_chinese_fit_80_columns():
    result = run("rules", "--lang", "zh")
    assert result.exit_code == 0
    assert "牌型" in result.stdout and "自摸時其餘每家每倍付幾分" in result.stdout
    assert max(width(line) for line in result.stdout.splitlines()) <= 80


def test_rules_explain_in_chinese():
    result = run("rules", "--explain", "R7", "--lang", "zh")
    assert result.stdout.startswith(
        "R7：搶槓：由被搶槓的玩家一個人付三家自摸時該付的分，3 × 2 × 倍數 = 6 × 倍數"
    )  # plain text: no `code` marks
    assert result.stdout.rstrip().endswith("（所有裁定：docs/rules.md。）")
    assert max(width(line) for line in result.stdout.splitlines()) <= 78


def test_deal_in_chinese_follows_the_documents_example():
    """§2: the dealer throws 10, counted from the dealer as 1: 10 lands on the dealer's next player (下家), who
    throws 5; 10 + 5 = 15, so drawing starts after the 15th stack of 下家's wall."""
    lines = run("deal", "10", "5", "--lang", "zh").stdout.splitlines()
    assert lines[:4] == [
        "莊家擲出 10：從莊家數起（莊家算 1），依逆時針方向數，要開的是下家門前的牌牆。",
        "下家擲出 5：10 + 5 = 15。",
        # 「依次向下位選手門前的牌順延」: the count runs on into the next player's wall, so counter-
        # clockwise it starts at the wall's end by the player before it, its owner's left hand
        "墩數從下家門前牌牆的左端數起（下家自己看的左手邊，靠上家的一端），"
        "按逆時針方向數，數過了這道牌牆的尾，就接着數下一家門前的牌牆。",
        "莊家從下家牌牆的第 15 墩後面開始起牌，每次四張。",
    ]
    # the document: 「由坐莊者再起兩張牌（上面相鄰的兩張）」
    assert (
        lines[-2]
        == "每人起完三次（12 張）後，莊家再起兩張：接下去兩墩上面相鄰的兩張；其餘三人依順序各起一張。"
    )


def test_seats_in_chinese():
    """A throws 7: counting A as 1 in play order, 7 lands on C (7 − 4 = 3): C sits East, then D, A, B."""
    lines = run("deal", "--seats", "7", "--players", "A,B,C,D", "--lang", "zh").stdout.splitlines()
    assert lines == [
        "A 擲出 7：從 A 自己數起（算 1），依逆時針方向數到 C，C 坐東。",
        "  東：C",
        "  南：D",
        "  西：A",
        "  北：B",
    ]


# ---------------------------------------------------------------- shell completion (README, “Shell completion”)


def complete(words: str, shell: str = "bash") -> list[str]:
    parts = words.split(" ")
    env = {
        **os.environ,
        "_MEIZHOU_SCORE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1),
    }
    result = subprocess.run(
        [sys.executable, "-m", "meizhou_score"], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize(
    "words",
    [
        "meizhou-score settle exa",
        "meizhou-score record nig",
        "meizhou-score undo nig",
        "meizhou-score ledger add nig",
        "meizhou-score settle --rules exa",
    ],
)
def test_file_arguments_complete_as_paths(words):
    assert complete(words) == ["file," + words.split(" ")[-1]]  # bash then lists the files


def test_commands_and_options_complete():
    assert "plain,record" in complete("meizhou-score re")
    assert "plain,--lang" in complete("meizhou-score check --la")


@pytest.mark.parametrize(
    "shell, first",
    [
        ("bash", "_meizhou_score_completion() {"),
        ("zsh", "#compdef meizhou-score"),
        ("fish", "function _meizhou_score_completion;"),
    ],
)
def test_the_completion_scripts_the_readme_sources(shell, first):
    env = {**os.environ, "_MEIZHOU_SCORE_COMPLETE": f"{shell}_source"}
    result = subprocess.run(
        [sys.executable, "-m", "meizhou_score"], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert result.stdout.splitlines()[0] == first
