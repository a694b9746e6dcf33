"""`record`, `--amend` and the kong questions as a player meets them in a terminal, using only the
docs (English and 简体).

Every balance is worked out by hand from RULES.md in the comments (stake 10: a unit is 10 gold).
"""

from __future__ import annotations

import json
import re

import pytest
import yaml
from click.testing import CliRunner
from conftest import ROOT, dialogue

from meizhou_score.cli.app import cli

TABLE = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook"]
MEI = ["--winner", "mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s", "--winning-tile"]
JUN = ["--winner", "jun", "--self-draw", "--hand", "123m 456p 789s 55s", "--winning-tile", "5s"]
QUIET = ["--yes", "--no-ask"]


def run(*args, stdin=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin, prog_name="meizhou-score")


def night(tmp_path, *second):
    """Hand 1 (Ah Fook deals): Mei self-draws, +60, the others -20; Mei deals hand 2, which the
    flags ``second`` give (none: only hand 1)."""
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI, "4s", *QUIET).exit_code == 0
    if second:
        done = run("record", path, *second, *QUIET)
        assert done.exit_code == 0, done.output
    return path


def totals(path):
    return json.loads(run("settle", path, "--format", "json").stdout)["totals"]


def terminal(path, args, steps, lang="en"):
    """``record`` in a pseudo-terminal: each (what the screen must show, what is typed or None);
    (exit status, the whole screen)."""
    return dialogue(["record", path, *args], steps, lang)


# The questions waited for, as each script asks them
ASKED = {
    "en": {
        "how": "How did Mei win?",
        "winning": "Winning tile",
        "pungs": "Exposed pungs",
        "type": "Type?",
        "tile": "Tile?",
        "record": "Record hand 2?",
    },
    "zh-Hant": {
        "how": "Mei 怎樣胡牌？",
        "winning": "胡的那張牌",
        "pungs": "碰出的牌",
        "type": "種類？",
        "tile": "哪張牌？",
        "record": "記下第 2 局？",
    },
    "zh-Hans": {
        "how": "Mei 怎样胡牌？",
        "winning": "胡的那张牌",
        "pungs": "碰出的牌",
        "type": "种类？",
        "tile": "哪张牌？",
        "record": "记下第 2 局？",
    },
}
# What the screen says after a count that does not add up: the hand named in the player's words,
# and that the kongs are asked again, each kept as the default
SAID = {
    "en": (
        "✗ hand 2: hand: expected 14 tiles",
        "(The kongs are asked again: each one given is offered as the default, Enter keeps it.)",
        "(Enter keeps it; -: no more kongs) [Mei]",
    ),
    "zh-Hant": (
        "✗ 第 2 局的手牌：胡牌要 14 張",
        "（槓會再問一次：剛才輸入的每副槓都是默認答案，按 Enter 保留。）",
        "（按 Enter 保留；輸入 -：沒有了） [Mei]",
    ),
    "zh-Hans": (
        "✗ 第 2 局的手牌：胡牌要 14 张",
        "（杠会再问一次：刚才输入的每副杠都是默认答案，按 Enter 保留。）",
        "（按 Enter 保留；输入 -：没有了） [Mei]",
    ),
}
# the players as numbered choices, spaced as each language spaces choices (Chinese: one space)
WHOSES = {
    "en": "[1] Ah Fook  [2] Mei  [3] Jun  [4] Lan",
    "zh-Hant": "[1] Ah Fook [2] Mei [3] Jun [4] Lan",
    "zh-Hans": "[1] Ah Fook [2] Mei [3] Jun [4] Lan",
}
TILES_ASKED = "123m 456p 789s 234s 55z"  # the example in the tiles' question, in every script


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_after_a_tile_count_refusal_the_kongs_are_offered_again_and_it_is_said(tmp_path, lang):
    path = night(tmp_path)
    asked, said, whose = ASKED[lang], SAID[lang], WHOSES[lang]
    code, screen = terminal(
        path,
        [],
        [
            (whose, "2"),  # who won: Mei
            (asked["how"], "1"),  # self-draw
            (TILES_ASKED, "123m 456p 55s"),  # 8 tiles: with Mei's kong 11, three short
            (asked["winning"], "5s"),
            (asked["pungs"], ""),
            (whose, "2"),  # kong 1: Mei's
            (asked["type"], "1"),  # concealed
            (asked["tile"], "1z"),
            (whose, ""),  # no more kongs: 8 + 3 is not 14, refused
            (said[1], None),
            (TILES_ASKED, "123m 456p 789s 55s"),  # 11 tiles + Mei's kong = 14
            (asked["winning"], "5s"),
            (asked["pungs"], ""),
            (said[2], ""),  # kong 1 offered as Mei's: Enter keeps it
            (asked["type"], ""),  # concealed, kept
            (asked["tile"], ""),  # 1z, kept
            (whose, ""),  # no more kongs
            (asked["record"], "y"),
        ],
        lang,
    )
    assert code == 0, screen
    refused = next(line for line in screen.splitlines() if "✗" in line)
    assert said[0] in refused
    if lang != "en":  # no English word, no half-width colon in the Chinese refusal
        assert "hand" not in refused and ": " not in refused
    # hand 2: Mei self-draws an ordinary hand, 2 units from each (R5), and her concealed kong of
    # East 2 from each (R8): Mei +120, the others -40; with hand 1 (Mei +60, the others -20):
    assert totals(path) == {"Ah Fook": -60, "Mei": 180, "Jun": -60, "Lan": -60}


def test_the_pungs_are_not_asked_when_the_kongs_given_make_the_hand_whole(tmp_path):
    path = night(tmp_path)
    # 11 concealed tiles and Jun's concealed kong (3): 14, so no pung can be
    whole = [*JUN, "--kong", "jun:concealed:1z"]
    code, screen = terminal(path, whole, [("Record hand 2?", "y")])
    assert code == 0, screen
    assert "Exposed pungs" not in screen
    # 8 tiles and Jun's kong: 11, a pung short, so the pungs are asked (999m)
    short = ["--winner", "jun", "--self-draw", "--hand", "123m 456p 55s", "--winning-tile", "5s"]
    code, screen = terminal(
        path,
        [*short, "--kong", "jun:concealed:1z"],
        [("Exposed pungs", "999m"), ("Record hand 3?", "y")],
    )
    assert code == 0, screen
    # hand 2 and hand 3 alike: Jun self-draws an ordinary hand, 2 units from each (R5), and his
    # concealed kong 2 from each (R8): Jun +120, the others -40 a hand; with hand 1:
    # Ah Fook -20 -80 = -100, Mei +60 -80 = -20, Jun -20 +240 = +220, Lan -100
    assert totals(path) == {"Ah Fook": -100, "Mei": -20, "Jun": 220, "Lan": -100}


def test_the_robbed_kong_refusal_names_the_hand_as_the_docs_do(tmp_path):
    path = night(tmp_path)
    before = path.read_bytes()
    robbed = ["--winner", "mei", "--robbed-kong", "jun", "--hand", "123m 456m 789p 234s 55s"]
    result = run("record", path, *robbed, "--winning-tile", "4s", "--kong", "jun:added:4s", *QUIET)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].startswith(
        "meizhou-score: error: hand 2: a kong of 4s, the robbed tile:"
    )
    assert "this hand" not in result.output and path.read_bytes() == before


@pytest.mark.parametrize("args", [["--amend", "-1"], ["--amend=-1"], ["--amend", "-3"]])
def test_amend_of_a_negative_hand_is_refused_with_the_range(tmp_path, args):
    path = night(tmp_path)
    before = path.read_bytes()
    refused = run("record", path, *args, "--draw", "--yes")
    number = args[-1].rpartition("=")[2]
    assert refused.exit_code == 2
    assert f"Invalid value for '--amend': {number} is not in the range x>=1." in refused.output
    assert "No such option" not in refused.output and path.read_bytes() == before
    missing = run("record", tmp_path / "none.yaml", *args, "--draw")  # nothing read either
    assert missing.exit_code == 2 and "x>=1" in missing.output
    assert "no such session file" not in missing.output
    said = run("record", path, *args, "--draw", "--lang", "zh-Hans")
    assert said.exit_code == 2 and "“--amend”的值不对" in said.output


def test_an_amendment_by_flags_keeps_what_the_hand_says(tmp_path):
    # hand 2 at its own stake 20: Jun self-draws with a concealed kong of East; Mei an added 9m
    kongs = ["--kong", "jun:concealed:1z", "--kong", "mei:added:9m"]
    path = night(tmp_path, *JUN, *kongs, "--stake", "20")
    kept = run("record", path, "--amend", "2", "--kong", "jun:concealed:1z", *QUIET)
    assert kept.exit_code == 0, kept.output
    hand = yaml.safe_load(path.read_text(encoding="utf-8"))["hands"][1]
    assert hand == {
        "winner": "Jun",
        "win_type": "self_draw",
        "hand": {"concealed": "123m 456p 789s 55s", "winning_tile": "5s"},
        "kongs": [{"player": "Jun", "type": "concealed", "tile": "1z"}],
        "stake": 20,
    }
    # at 20 a unit: Jun's self-draw 2 from each (R5), 40 × 3 = +120; his concealed kong 2 from
    # each (R8), +120; the others -80; with hand 1 (Mei +60, the others -20):
    assert totals(path) == {"Ah Fook": -100, "Mei": -20, "Jun": 220, "Lan": -100}
    # --kong -: no kongs; a new --hand of 14 tiles keeps the winning tile 5s it holds
    whole = ["--hand", "123m 456p 789s 234s 55s", "--kong", "-"]
    none = run("record", path, "--amend", "2", *whole, *QUIET)
    assert none.exit_code == 0, none.output
    # Jun +120, the others -40 (R5 at 20 a unit); with hand 1:
    assert totals(path) == {"Ah Fook": -60, "Mei": 20, "Jun": 100, "Lan": -60}
    before = path.read_bytes()
    lacking = run("record", path, "--amend", "2", "--hand", "123m 456p 789s 234s 66s", *QUIET)
    assert lacking.exit_code == 2  # the kept winning tile 5s is not in the new hand
    assert "--winning-tile: 5s is not among the concealed tiles" in lacking.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "shown", "deals"),
    [
        ("en", "Hand 2 as it stands", "Hand 2: Mei deals."),
        ("zh-Hans", "第 2 局目前的记录", "第 2 局：Mei 坐庄。"),
    ],
)
def test_amending_shows_the_hand_before_who_deals_it(tmp_path, lang, shown, deals):
    path = night(tmp_path, *JUN, "--kong", "jun:concealed:1z")
    before = path.read_bytes()
    code, screen = terminal(path, ["--amend", "2"], [(WHOSES[lang], "^D")], lang)
    assert code == 2 and path.read_bytes() == before  # the input ended at the first question
    assert 0 <= screen.index(shown) < screen.index(deals) < screen.index(WHOSES[lang])


def _recording_section() -> str:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    return text[text.index("## Recording a hand") : text.index("## The ledger")]


def test_every_kong_type_the_question_offers_is_in_the_docs():
    from meizhou_score.i18n.words import phrase

    offered = re.findall(r"\[\d\] (\w+) \((\w+)", phrase("record_kong_type", "en"))
    assert [word for word, _ in offered] == ["concealed", "added", "exposed", "open"]
    section = _recording_section()
    for word, chinese in offered:
        assert f"`{word}`" in section and chinese in section, word
    assert "[4] open (明槓)" in section  # what the menu shows, and what it means beside it


def test_an_open_kong_is_what_the_docs_say_it_is(tmp_path):
    """明槓 (open): named with its discarder it is exposed, without one added; as a flag with no
    discarder, refused where the house rules pay the two differently (R8, 包槓)."""
    rules = tmp_path / "bao.yaml"
    rules.write_text("exposed_kong_payer: discarder\n", encoding="utf-8")
    path = tmp_path / "night.yaml"
    first = run("record", path, *TABLE, "--rules", rules, *MEI, "4s", *QUIET)
    assert first.exit_code == 0, first.output
    before = path.read_bytes()
    flags = run("record", path, *JUN, "--kong", "jun:concealed:1z", "--kong", "mei:open:9m", *QUIET)
    assert flags.exit_code == 2 and "明槓 with no from" in flags.stderr
    assert path.read_bytes() == before
    # asked: no pungs; Jun's concealed 1z; Mei's 明槓 of 9m, nobody discarded it: added; no more
    answers = "\n3\n1\n1z\n2\n4\n9m\n\n\ny\n"
    asked = run("record", path, *JUN, "--ask", stdin=answers)
    assert asked.exit_code == 0, asked.output
    hand = yaml.safe_load(path.read_text(encoding="utf-8"))["hands"][1]
    assert hand["kongs"][1] == {"player": "Mei", "type": "added", "tile": "9m"}
    # hand 2: Jun's self-draw 2 from each (R5) and concealed kong 2 from each (R8): +120; Mei's
    # added kong 1 from each of the three (R8; 包槓 is for exposed kongs only): Jun +110,
    # Mei -20 -20 +30 = -10, Ah Fook and Lan -50; with hand 1 (Mei +60, the others -20):
    assert totals(path) == {"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}
