"""`record --amend`, `undo` and a hand given by flags: Enter
says what it does, defaults in the player's words, the hand taken back shown as a hand, the robbed
kong explained where it is mistyped, the amended hand's row on the sheet, and no kong assumed.

Every balance is worked out by hand from RULES.md in the comments (stake 10: a unit is 10).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli

TABLE = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook"]
MEI = ["--winner", "mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s", "--winning-tile"]
JUN = ["--winner", "jun", "--self-draw", "--hand", "123m 456p 789s 55s", "--winning-tile", "5s"]
KONGS = ["--kong", "jun:concealed:1z", "--kong", "mei:added:9m"]


def run(*args, stdin=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin, prog_name="meizhou-score")


def night(tmp_path, hands=5):
    """Hand 1 (Ah Fook deals): Mei self-draws, +60, the others -20.
    Hand 2 (Mei deals): Jun self-draws (+60) with a concealed kong of East (2 from each: +60) while
    Mei holds an added kong of 9m (1 from each): Jun +110, Mei -10, Ah Fook and Lan -50.
    Hand 3 (Jun deals): a draw, nobody pays. Hand 4 (Lan deals, the next after a draw): Lan
    self-draws, +60. Hand 5 (Lan keeps the deal): Mei self-draws, +60."""
    path = tmp_path / "night.yaml"
    quiet = ["--yes", "--no-ask"]
    plays = [
        [*TABLE, *MEI, "4s"],
        [*JUN, *KONGS],
        ["--draw"],
        ["--winner", "lan", *MEI[2:], "4s"],
        [*MEI, "4s"],
    ]
    for hand in plays[:hands]:
        result = run("record", path, *hand, *quiet)
        assert result.exit_code == 0, result.output
    return path


def totals(path):
    return json.loads(run("settle", path, "--format", "json").stdout)["totals"]


KEPT = {
    "en": (
        "(Enter keeps it; -: no kong after all) [concealed]",
        "Tile?  (Enter keeps it; -: no kong after all) [1z]",
        "[self-draw]",
    ),
    "zh-Hant": (
        "（按 Enter 保留；輸入 -：取消這副槓） [暗槓]",
        "哪張牌？（按 Enter 保留；輸入 -：取消這副槓） [1z]",
        "[自摸]",
    ),
    "zh-Hans": (
        "（按 Enter 保留；输入 -：取消这副杠） [暗杠]",
        "哪张牌？（按 Enter 保留；输入 -：取消这副杠） [1z]",
        "[自摸]",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_amending_says_enter_keeps_and_dash_drops_a_kong(tmp_path, lang):
    path = night(tmp_path, hands=2)
    # winner, how, tiles, winning tile, pungs: Enter; kong 1 (Jun's 1z) kept; kong 2: Enter at
    # whose (Mei), then - at its type drops it; kong 2 offered again: - (no more); then yes
    answers = "\n" * 5 + "\n\n\n" + "\n-\n" + "-\n" + "y\n"
    result = run("record", path, "--amend", "2", "--ask", "--lang", lang, stdin=answers)
    assert result.exit_code == 0, result.output
    for words in KEPT[lang]:
        assert words in result.output, words
    assert "no kong after all) [" not in result.output.replace("keeps it; -: no kong", "")
    # hand 2 is now Jun's self-draw (+60) and concealed kong (+60) alone: Jun +120, others -40;
    # with hand 1: Ah Fook -60, Mei +20, Jun +100, Lan -60
    assert totals(path) == {"Ah Fook": -60, "Mei": 20, "Jun": 100, "Lan": -60}


def _rows(output):
    sheet = output[output.index("  #  Dealer") :].split("\n\n")[0].splitlines()[2:]
    return [int(line.split()[0]) for line in sheet], sheet


def test_after_amend_the_sheet_shows_the_amended_row_and_the_later_rows_it_changed(tmp_path):
    path = night(tmp_path)
    same = run("record", path, "--amend", "2", *JUN, *KONGS, "--yes", "--no-ask")
    assert same.exit_code == 0, same.output
    assert _rows(same.output)[0] == [2]  # nothing changed after it: only its own row
    changed = run("record", path, "--amend", "2", *JUN, *KONGS[:2], "--yes", "--no-ask")
    assert changed.exit_code == 0, changed.output
    numbers, sheet = _rows(changed.output)
    # hand 2 without Mei's kong: Jun +120, the others -40, so every later running total moves;
    # after hand 5: Ah Fook -20 -40 -20 -20 = -100, Mei +60 -40 -20 +60 = +60,
    # Jun -20 +120 -20 -20 = +60, Lan -20 -40 +60 -20 = -20
    assert numbers == [2, 3, 4, 5]
    assert sheet[0].split()[-8:] == [
        "-40",
        "(-60)",
        "-40",
        "(+20)",
        "+120",
        "(+100)",
        "-40",
        "(-60)",
    ]
    assert sheet[-1].split()[-8:] == [
        "-20",
        "(-100)",
        "+60",
        "(+60)",
        "-20",
        "(+60)",
        "-20",
        "(-20)",
    ]


@pytest.mark.parametrize(
    ("lang", "heading", "what"),
    [
        ("en", "Hand 5 — dealer Lan", "Mei wins by self-draw (自摸) — ordinary hand 平胡, ratio 1"),
        ("zh-Hant", "第 5 局——莊家 Lan", "Mei 自摸胡牌——平胡，倍數 1；底分 10"),
        ("zh-Hans", "第 5 局——庄家 Lan", "Mei 自摸胡牌——鸡胡，倍数 1；底分 10"),
    ],
)
def test_undo_shows_the_hand_as_record_does_not_its_yaml(tmp_path, lang, heading, what):
    path = night(tmp_path)
    result = run("undo", path, "--yes", "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == heading and lines[2].startswith(what)
    assert "win_type" not in result.output and "- winner" not in result.output
    # Mei's +60 at hand 5 and the others' -20 are shown in the hand's table
    assert any(line.split()[-1:] == ["+60"] and "Mei" in line for line in lines[:12])


ROBBED = ["--winner", "mei", "--robbed-kong", "jun", "--hand", "123m 456m 789p 234s 55s"]


@pytest.mark.parametrize(
    ("lang", "note", "refused"),
    [
        (
            "en",
            "(The kong Mei robbed is not entered here: Jun's 4s was never completed, "
            "and robbed kong 搶槓 already pays for it.)",
            "✗ a kong of 4s, the robbed tile: the robbed kong was never completed, so it is not "
            "entered as a kong (robbed kong, 搶槓, already pays for it). Try again.",
        ),
        (
            "zh-Hant",
            "（Mei 搶的槓不在這裡輸入：Jun 的 4s 沒有槓成，搶槓已經算了它。）",
            "✗ 4s 是被搶的那張：被搶的槓沒有槓成，不要當成槓輸入（搶槓已經算了它）。請再輸入一次。",
        ),
        (
            "zh-Hans",
            "（Mei 抢的杠不在这里输入：Jun 的 4s 没有杠成，抢杠已经算了它。）",
            "✗ 4s 是被抢的那张：被抢的杠没有杠成，不要当成杠输入（抢杠已经算了它）。请再输入一次。",
        ),
    ],
)
def test_a_robbed_kong_is_explained_at_the_kong_questions(tmp_path, lang, note, refused):
    path = night(tmp_path, hands=1)
    # kong 1: Jun's added 4s (the robbed kong itself) is refused; Enter at the tile drops it;
    # Enter at whose: no more kongs; yes
    answers = "jun\n2\n4s\n\n\ny\n"
    result = run(
        "record", path, *ROBBED, "--winning-tile", "4s", "--ask", "--lang", lang, stdin=answers
    )
    assert result.exit_code == 0, result.output
    assert note in result.output and refused in result.output
    # the robbed player alone pays 6 × ratio 1 (R7): Mei +60 and Jun -60 at hand 2;
    # with hand 1: Ah Fook -20, Mei +120, Jun -80, Lan -20
    assert totals(path) == {"Ah Fook": -20, "Mei": 120, "Jun": -80, "Lan": -20}


def test_a_robbed_kong_given_as_a_kong_flag_is_refused_with_why(tmp_path):
    path = night(tmp_path, hands=1)
    flags = [*ROBBED, "--winning-tile", "4s", "--kong", "jun:added:4s", "--yes", "--no-ask"]
    result = run("record", path, *flags, "--lang", "zh-Hans")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (  # named as formats.md names a hand: hand 2
        "meizhou-score：错误：第 2 局：4s 是被抢的那张：被抢的杠没有杠成，不要当成杠输入（抢杠已经算了它）"
    )


def test_a_kong_of_the_winning_tile_in_a_self_draw_asks_whether_it_was_robbed(tmp_path):
    path = night(tmp_path, hands=1)
    answers = "jun\n2\n4s\n\n\ny\n"
    result = run("record", path, *MEI, "4s", "--ask", stdin=answers)
    assert result.exit_code == 0, result.output
    # 4444s beside the hand's own 4s is a fifth copy (R1); the hint says how a robbed kong is given
    assert (
        "✗ that makes 5 copies of 4s in this hand; there are only four of each tile (R1); if a kong "
        "of 4s was robbed for the win, the win type is robbed kong (搶槓) and that kong is not "
        "entered. Try again."
    ) in result.output


def test_a_hand_given_by_flags_is_asked_for_its_kongs_in_a_terminal(tmp_path):
    path = night(tmp_path, hands=1)
    answers = "\n3\nconcealed\n1z\n\ny\n"  # no pungs; Jun's concealed kong of East; no more
    asked = run("record", path, *JUN, "--ask", stdin=answers)
    assert asked.exit_code == 0, asked.output
    assert "Kong 1: whose?" in asked.output and "Kong 2: whose?" in asked.output
    # Jun's self-draw +60 (R5) and concealed kong 2 from each of three, +60 (R8): Jun +120, the
    # others -40; with hand 1: Ah Fook -60, Mei +20, Jun +100, Lan -60
    assert totals(path) == {"Ah Fook": -60, "Mei": 20, "Jun": 100, "Lan": -60}
    quick = run("record", path, "--draw", "--ask", "--yes")  # a draw: its kongs pay nothing (R9)
    assert quick.exit_code == 0 and "Kong 1" not in quick.output
    flags = run("record", path, *MEI, "4s", "--ask", "--yes")  # --yes: written as given
    assert flags.exit_code == 0 and "Kong 1" not in flags.output
    script = run("record", path, *MEI, "4s", "--no-ask", "--yes")
    assert script.exit_code == 0 and "Kong 1" not in script.output
