"""The words a player reads in help and errors, in their own language: the night
file's comment, the tile notation in a bad tile's error, the system's reasons, click's placeholders
and the --kong help, in the player's language, in both scripts (and English where it applies).

Every expected figure is worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

import errno
import json
import shlex

import pytest
import yaml
from click.testing import CliRunner

from meizhou_score.cli.app import cli
from meizhou_score.i18n.messages import reason

HAND = [
    "--players",
    "阿福,阿梅,阿君,阿蘭",
    "--stake",
    "10",
    "--dealer",
    "阿福",
    "--date",
    "2026-11-19",
    "--winner",
    "阿梅",
    "--self-draw",
    "--hand",
    "123m 456m 789p 234s 55s",
    "--winning-tile",
    "4s",
    "--yes",
    "--no-ask",
]

NIGHT_COMMENTS = {
    "en": [
        "# A night of Meizhou mahjong, written by `meizhou-score record`.",
        "# Hands are appended below; comments and edits you make are kept.",
    ],
    "zh-Hant": [
        "# 梅州麻將的一場，由 `meizhou-score record` 記下。",
        "# 各局依次加在下面；你寫的註解和修改都會保留。",
    ],
    "zh-Hans": [
        "# 梅州麻将的一场，由 `meizhou-score record` 记下。",
        "# 各局依次加在下面；你写的注释和修改都会保留。",
    ],
}
HAND_COMMENT = {
    "en": "# One hand of Meizhou mahjong, written by `meizhou-score record`.",
    "zh-Hant": "# 梅州麻將的一局，由 `meizhou-score record` 記下。",
    "zh-Hans": "# 梅州麻将的一局，由 `meizhou-score record` 记下。",
}


def run(*args, stdin=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin, prog_name="meizhou-score")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_night_file_begins_with_a_comment_in_the_players_language(tmp_path, lang):
    night = tmp_path / "night.yaml"
    result = run("record", night, *HAND, "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = night.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == NIGHT_COMMENTS[lang]
    data = yaml.safe_load(night.read_text(encoding="utf-8"))  # only comments changed
    assert data["players"] == ["阿福", "阿梅", "阿君", "阿蘭"] and len(data["hands"]) == 1
    # Mei self-draws an ordinary hand (ratio 1) at stake 10: 2 units from each of three (R5)
    settled = run("settle", night, "--format", "json")
    assert settled.exit_code == 0, settled.output
    assert json.loads(settled.stdout)["totals"] == {
        "阿福": -20,
        "阿梅": 60,
        "阿君": -20,
        "阿蘭": -20,
    }


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_single_hand_record_begins_with_a_comment_in_the_players_language(lang):
    result = run("record", *HAND, "--lang", lang, "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == HAND_COMMENT[lang]


def test_the_comment_is_kept_when_the_only_hand_is_taken_back_and_recorded_again(tmp_path):
    night = tmp_path / "night.yaml"
    assert run("record", night, *HAND, "--lang", "zh-Hans").exit_code == 0
    assert run("undo", night, "--yes", "--lang", "en").exit_code == 0  # the file is emptied
    assert night.read_text(encoding="utf-8").splitlines()[:2] == NIGHT_COMMENTS["zh-Hans"]
    again = run("record", night, *HAND[4:6], *HAND[8:], "--lang", "en")  # hand 1 again
    assert again.exit_code == 0, again.output
    assert night.read_text(encoding="utf-8").splitlines()[:2] == NIGHT_COMMENTS["zh-Hans"]


NOTATION = {
    "en": "a tile is a number and a suit: 1m–9m (萬), 1p–9p (筒), 1s–9s (條), 1z–7z (字: 東南西北白發中)",
    "zh-Hant": "牌寫成數字加花色：1m–9m（萬）、1p–9p（筒）、1s–9s（條）、1z–7z（字：東南西北白發中）",
    "zh-Hans": "牌写成数字加花色：1m–9m（万）、1p–9p（筒）、1s–9s（条）、1z–7z（字：东南西北白发中）",
}


@pytest.mark.parametrize(
    ("lang", "tiles", "error"),
    [
        ("en", "123m 456m 789p 234s 8z", "no such tile '8z' in '123m 456m 789p 234s 8z'; "),
        ("zh-Hant", "123m 456m 789p 234s 8z", "「123m 456m 789p 234s 8z」中沒有「8z」這種牌；"),
        ("zh-Hans", "123m 456m 789p 234s 8z", "“123m 456m 789p 234s 8z”中没有“8z”这种牌；"),
        ("en", "123m 5x", "unexpected 'x' at column 7 in '123m 5x'; "),
        ("zh-Hant", "123m 5x", "「123m 5x」第 7 欄的「x」不對；"),
        ("zh-Hans", "123m 5x", "“123m 5x”第 7 列的“x”不对；"),
        ("zh-Hans", "123m 5", "“123m 5”第 6 列的“5”不对：数字后面没有花色；"),
        ("zh-Hant", "m123", "「m123」第 1 欄的「m」不對：花色前沒有數字；"),
    ],
)
def test_a_bad_tile_says_how_tiles_are_written(lang, tiles, error):
    result = run("check", *tiles.split(), "--lang", lang)
    assert result.exit_code == 2
    colon = ": error: " if lang == "en" else "：錯誤：" if lang == "zh-Hant" else "：错误："
    assert result.stderr == "meizhou-score" + colon + error + NOTATION[lang] + "\n"


def test_a_bad_tile_in_a_file_and_at_a_flag_says_it_too(tmp_path):
    bad = tmp_path / "hand.yaml"
    bad.write_text(
        "players: [A, B, C, D]\ndealer: A\nwinner: B\nwin_type: self_draw\n"
        "hand: {concealed: 123m 456m 789p 234s 5x, winning_tile: 5s}\n",
        encoding="utf-8",
    )
    said = run("settle", bad, "--lang", "zh-Hans")
    assert said.exit_code == 2 and said.stderr.rstrip("\n").endswith(NOTATION["zh-Hans"])
    flag = run("record", *HAND[:12], "123m 456m 789p 234s 5Q", *HAND[13:], "-o", "-")
    assert flag.exit_code == 2 and NOTATION["en"] in flag.stderr


# errno: (English, as glibc words it), Traditional, Simplified, written by the reviewer
OS_WORDS = {
    errno.ENOENT: ("No such file or directory", "沒有這個文件或文件夾", "没有这个文件或文件夹"),
    errno.EACCES: ("Permission denied", "沒有權限", "没有权限"),
    errno.EISDIR: ("Is a directory", "這是文件夾，不是文件", "这是文件夹，不是文件"),
    errno.ENOTDIR: ("Not a directory", "路徑中有一段不是文件夾", "路径中有一段不是文件夹"),
    errno.EEXIST: ("File exists", "文件已經存在", "文件已经存在"),
    errno.ENOSPC: ("No space left on device", "磁盤空間不足", "磁盘空间不足"),
    errno.EROFS: ("Read-only file system", "只讀的文件系統", "只读的文件系统"),
    errno.ELOOP: (
        "Too many levels of symbolic links",
        "符號連結層數過多（連結繞成了圈）",
        "符号链接层数过多（链接绕成了圈）",
    ),
    errno.EPERM: ("Operation not permitted", "不允許這項操作", "不允许这项操作"),
}


@pytest.mark.parametrize("number", list(OS_WORDS), ids=lambda n: errno.errorcode[n])
def test_the_systems_common_reasons_are_said_by_errno_in_each_language(number):
    # another system's own words (macOS, Windows, a translated libc) do not change what is said
    refused = OSError(number, "words of another system", "night.yaml")
    for lang, words in zip(("en", "zh-Hant", "zh-Hans"), OS_WORDS[number], strict=True):
        assert reason(refused).say(lang) == words


def test_an_uncommon_reason_is_said_in_the_systems_own_words():
    refused = OSError(errno.EIO, "Input/output error", "night.yaml")
    assert reason(refused).say("zh-Hant") == "Input/output error"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "meizhou-score: error: {p}: cannot read the file: {why}"),
        ("zh-Hant", "meizhou-score：錯誤：{p}：無法讀取文件：{why}"),
        ("zh-Hans", "meizhou-score：错误：{p}：无法读取文件：{why}"),
    ],
)
def test_a_file_refused_by_the_system_is_said_in_the_players_language(tmp_path, lang, said):
    column = ("en", "zh-Hant", "zh-Hans").index(lang)
    words = [said_by_errno[column] for said_by_errno in OS_WORDS.values()]
    (tmp_path / "plain.yaml").write_text("players: []\n", encoding="utf-8")
    missing, folder, under = tmp_path / "none.yaml", tmp_path, tmp_path / "plain.yaml" / "x.yaml"
    for path, why in ((missing, words[0]), (folder, words[2]), (under, words[3])):
        result = run("settle", path, "--lang", lang)
        assert result.exit_code == 2
        assert result.stderr == said.format(p=path, why=why) + "\n"


@pytest.mark.parametrize(
    ("command", "hant", "hans"),
    [
        (["settle"], "缺少參數「文件」", "缺少参数“文件”"),
        (["undo"], "缺少參數「場次文件.yaml」", "缺少参数“场次文件.yaml”"),
        (["serve"], "缺少參數「場次文件.yaml」", "缺少参数“场次文件.yaml”"),
        (["check"], "缺少參數「牌」", "缺少参数“牌”"),
        (["ledger", "add"], "缺少參數「文件」", "缺少参数“文件”"),
        (["ledger", "rename"], "缺少參數「舊名」", "缺少参数“旧名”"),
        (["ledger", "show"], "缺少參數「場次」", "缺少参数“场次”"),
        (["ledger", "pay"], "缺少參數「付款者」", "缺少参数“付款者”"),
        (
            ["record"],
            "缺少場次文件.yaml（或用 -o 文件寫出單局記錄）",
            "缺少场次文件.yaml（或用 -o 文件写出单局记录）",
        ),
    ],
)
def test_a_missing_argument_is_named_in_chinese(command, hant, hans):
    for lang, words, error in (("zh-Hant", hant, "錯誤："), ("zh-Hans", hans, "错误：")):
        result = run(*command, "--lang", lang)
        assert result.exit_code == 2
        assert result.stderr.splitlines()[-1] == error + words


def test_an_argument_without_a_placeholder_of_its_own_is_named_in_the_usage_line():
    said = run("ledger", "rename", "--lang", "zh-Hans").stderr.splitlines()[0]
    assert said == "用法：meizhou-score ledger rename [选项] 旧名 新名"
    english = run("ledger", "rename", "--lang", "en").stderr.splitlines()[0]
    assert english == "Usage: meizhou-score ledger rename [OPTIONS] OLD NEW"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "zh-Hant",
            ["玩家:種類:牌[:打出者]", "暗槓、加槓或點槓", "阿君:暗槓:1z", "阿梅:點槓:5m:阿福"],
        ),
        (
            "zh-Hans",
            ["玩家:种类:牌[:打出者]", "暗杠、补杠或点杠", "阿君:暗杠:1z", "阿梅:点杠:5m:阿福"],
        ),
    ],
)
def test_the_kong_flags_help_says_its_values_in_chinese(lang, words):
    shown = run("record", "--help", "--lang", lang).stdout
    option = shown[shown.index("--kong 玩家") :]
    option = option[: option.index("--claimed")]
    flat = "".join(line.strip() for line in option.splitlines())
    for word in words:
        assert word in flat, word
    for english in ("concealed", "added", "exposed", "TYPE", "FROM"):
        assert english not in shown  # nor in the examples: a Chinese table types 暗槓


def test_the_kong_help_s_example_records_as_it_says(tmp_path):
    # 阿君 self-draws holding a concealed kong of East; 阿梅 has an exposed kong of 5m from 阿福.
    # Win (R5): 2 from each = +60 for 阿君. Kongs (R8): concealed 2 from each of three = +60 for
    # 阿君; exposed 1 from each of three = +30 for 阿梅. 阿福: -20 -20 -10 = -50; 阿梅: -20 -20 +30
    # = -10; 阿君: +60 +60 -10 = +110; 阿蘭: -20 -20 -10 = -50 (sum 0).
    hand = ["--winner", "阿君", "--hand", "123m 456p 789s 55s", "--winning-tile", "5s"]
    kongs = ["--kong", "阿君:暗杠:1z", "--kong", "阿梅:直槓:5m:阿福"]
    result = run("record", *HAND[:6], "--self-draw", *hand, *kongs, "-o", "-", "--no-ask")
    assert result.exit_code == 0, result.output
    settled = run("settle", "-", "--format", "json", stdin=result.stdout)
    totals = json.loads(settled.stdout)["balances"]
    assert totals == {"阿福": -50, "阿梅": -10, "阿君": 110, "阿蘭": -50}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_chinese_examples_of_record_run_as_written(tmp_path, monkeypatch, lang):
    monkeypatch.chdir(tmp_path)
    shown = run("record", "--help", "--lang", lang).stdout
    block = shown[shown.index("：\n") + 2 : shown.index("\n\n", shown.index("：\n"))]
    commands = [shlex.split(line) for line in block.replace("\\\n", " ").splitlines()]
    assert len(commands) == 5
    assert all(command[:3] == ["meizhou-score", "record", "今晚.yaml"] for command in commands[:4])
    first = commands[0] + commands[1][3:]  # the table's flags, then its first hand's
    for command in (first, commands[2], commands[3]):
        result = run(*command[1:], "--yes", "--no-ask")
        assert result.exit_code == 0, result.output
    # hand 1: 阿梅 self-draws (+60, the others -20); hand 2: a draw; hand 3: 阿君 self-draws with
    # a concealed kong of East: +60 for the win and +60 for the kong, the others -20 -20 each
    night = "今晚.yaml"
    totals = json.loads(run("settle", night, "--format", "json").stdout)["totals"]
    names = ["阿福", "阿梅", "阿君", "阿蘭" if lang == "zh-Hant" else "阿兰"]
    assert totals == dict(zip(names, [-60, 20, 100, -60], strict=True))


@pytest.mark.parametrize("width", [60, 72, 76, 78, 79, 80, 100])
def test_a_typed_value_in_chinese_help_is_never_broken_across_lines(width):
    shown = (
        CliRunner()
        .invoke(cli, ["record", "--help", "--lang", "zh-Hant"], terminal_width=width)
        .stdout
    )
    for value in ("阿君:暗槓:1z", "阿梅:點槓:5m:阿福"):
        assert any(value in line for line in shown.splitlines()), (width, value)
