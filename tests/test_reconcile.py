"""`reconcile`: which hand is wrong? A night checked against the gold each player holds.

Every gap and total below is worked out by hand from RULES.md (R4–R10) in the comments; the night
written wrong is the true night with one mistake planted, and the explanation expected is that
mistake.
"""

import copy
import json
import os
import shutil
import subprocess
import sys
from decimal import Decimal

import pytest
from conftest import EXAMPLES

from meizhou_score.records.rules import DEFAULT_RULES
from meizhou_score.settling.night import settle_data
from meizhou_score.settling.reconcile import reconcile

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
ORDINARY = {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}
PURE = {"concealed": "123s 456s 789s 234s 55s", "winning_tile": "7s"}
# A night at stake 1, default rules:
# 1. Mei self-draw, ordinary (ratio 1): Mei +6, each other −2 (R5); Jun's exposed kong from Lan,
#    paid 1 by each other player (R8, 不包槓): Jun +3, each other −1 → AF −3, Mei +5, Jun +1, Lan −3
# 2. a draw: nothing (R9)
# 3. Lan self-draw, pure one suit (ratio 4): Lan +24, each other −8
# 4. Ah Fook robs Jun's kong, ordinary: Jun alone pays 3 × 2 × 1 = 6 (R7)
# Totals: AF −3 −8 +6 = −5; Mei +5 −8 = −3; Jun +1 −8 −6 = −13; Lan −3 +24 = +21 (sum 0)
NIGHT = {
    "players": PLAYERS,
    "hands": [
        {
            "dealer": "Ah Fook",
            "winner": "Mei",
            "win_type": "self_draw",
            "hand": ORDINARY,
            "kongs": [{"player": "Jun", "type": "exposed", "tile": "7z", "from": "Lan"}],
        },
        {"draw": True},
        {"winner": "Lan", "win_type": "self_draw", "hand": PURE},
        {"winner": "Ah Fook", "win_type": "robbed_kong", "robbed": "Jun", "hand": ORDINARY},
    ],
}
HELD = {"Ah Fook": -5, "Mei": -3, "Jun": -13, "Lan": 21}


def explain(night, held=HELD):
    return reconcile(night, settle_data(night), held, DEFAULT_RULES)


def planted(hand_number, **changes):
    night = copy.deepcopy(NIGHT)
    hand = night["hands"][hand_number - 1]
    for key, value in changes.items():
        if value is None:
            hand.pop(key, None)
        else:
            hand[key] = value
    return night


def kinds(explanation):
    return [(edit.hand, edit.kind) for edit in explanation.edits]


def test_the_night_written_right_matches_the_gold_held():
    result = explain(NIGHT)
    assert result.matches and result.sum_zero and result.explanations == ()
    assert result.settled == HELD


def test_the_wrong_winner_is_found():
    # hand 3 written as Jun's win: Jun +24, each other −8; the truth gives it to Lan, so the gap
    # (held − recorded) is Jun −32, Lan +32
    result = explain(planted(3, winner="Jun"))
    assert result.gaps == {"Ah Fook": 0, "Mei": 0, "Jun": -32, "Lan": 32}
    first = result.explanations[0]
    assert kinds(first) == [(3, "winner")]
    assert (first.edits[0].was, first.edits[0].now) == ("Jun", "Lan")
    assert first.totals == HELD


def test_a_kong_of_the_wrong_type_is_found():
    # hand 1's kong written concealed: Jun +6, each other −2 (R8) instead of +3 / −1; the gap is
    # Jun −3, each other +1. An added kong all three pay gives the gold an exposed one gives.
    result = explain(planted(1, kongs=[{"player": "Jun", "type": "concealed", "tile": "7z"}]))
    assert result.gaps == {"Ah Fook": 1, "Mei": 1, "Jun": -3, "Lan": 1}
    first = result.explanations[0]
    assert kinds(first) == [(1, "kong_type")]
    assert first.edits[0].now["type"] in ("added", "exposed")


def test_a_kong_missing_is_found_in_the_hands_it_could_be():
    # hand 1 written without Jun's kong: the gap is the kong, Jun +3, each other −1; the same kong
    # missing from hand 3 or 4 gives the same gold (hand 2 is a draw: no kong is paid, R9)
    result = explain(planted(1, kongs=None))
    assert result.gaps == {"Ah Fook": -1, "Mei": -1, "Jun": 3, "Lan": -1}
    missing = [e for e in result.explanations if kinds(e)[0][1] == "kong_missing"]
    assert missing, [kinds(e) for e in result.explanations]
    edit = missing[0].edits[0]
    assert edit.now["player"] == "Jun"
    assert sorted((edit.hand, *edit.also)) == [1, 3, 4]


def test_the_same_kong_written_in_two_hands_that_had_none_is_found_in_both():
    # Mei's concealed kong of 7z written in hands 3 and 4, where nobody declared one: each pays
    # Mei 2 units from each other player (R8): Mei +6, each other −2, twice. The gap (held −
    # recorded) is Mei −12, each other +4: the same mistake, made in two hands.
    extra = [{"player": "Mei", "type": "concealed", "tile": "7z"}]
    night = copy.deepcopy(NIGHT)
    night["hands"][2]["kongs"] = extra
    night["hands"][3]["kongs"] = copy.deepcopy(extra)
    result = explain(night)
    assert result.gaps == {"Ah Fook": 4, "Mei": -12, "Jun": 4, "Lan": 4}
    both = [
        e for e in result.explanations[:3] if kinds(e) == [(3, "kong_extra"), (4, "kong_extra")]
    ]
    assert both, [kinds(e) for e in result.explanations]
    assert both[0].totals == HELD


def test_a_win_written_as_a_draw_is_found_when_the_draws_kong_holds_the_tiles_of_the_example():
    # hand 2 was Lan's self-draw, ordinary (Lan +6, each other −2, R5), with Jun's concealed kong
    # of 2m (Jun +6, each other −2, R8); written as a draw with the kong (nothing paid, R9). The
    # gap is Ah Fook −4, Mei −4, Jun +4, Lan +4. The ordinary hand put in its place must hold no
    # 2m: the kong holds all four.
    night = copy.deepcopy(NIGHT)
    night["hands"][1]["kongs"] = [{"player": "Jun", "type": "concealed", "tile": "2m"}]
    held = {"Ah Fook": -5 - 4, "Mei": -3 - 4, "Jun": -13 + 4, "Lan": 21 + 4}
    result = explain(night, held)
    assert result.gaps == {"Ah Fook": -4, "Mei": -4, "Jun": 4, "Lan": 4}
    found = [e for e in result.explanations[:3] if kinds(e) == [(2, "draw_as_win")]]
    assert found, [kinds(e) for e in result.explanations]
    assert found[0].edits[0].now["winner"] == "Lan" and found[0].totals == held


def test_a_hand_written_twice_is_found_first_and_said_ambiguous():
    # hand 3 written twice: the copy pays Lan +24, each other −8 once more; taking it out is the
    # explanation, ahead of "hand 4 was a draw" (the same gold: the tool says it is ambiguous)
    night = copy.deepcopy(NIGHT)
    night["hands"].insert(3, copy.deepcopy(night["hands"][2]))
    result = explain(night)
    assert result.gaps == {"Ah Fook": 8, "Mei": 8, "Jun": 8, "Lan": -24}
    assert kinds(result.explanations[0]) == [(4, "hand_twice")]
    assert result.ambiguous


def test_a_robbed_kong_written_as_a_self_draw_is_found():
    # hand 4 written as Ah Fook's self-draw: each other pays 2 (AF +6, Mei −2, Jun −2, Lan −2);
    # the truth, Jun robbed, pays AF +6 from Jun alone: the gap is Mei +2, Jun −4, Lan +2
    result = explain(planted(4, win_type="self_draw", robbed=None))
    assert result.gaps == {"Ah Fook": 0, "Mei": 2, "Jun": -4, "Lan": 2}
    assert kinds(result.explanations[0]) == [(4, "win_type")]
    assert result.explanations[0].edits[0].now == ["robbed_kong", "Jun"]


def test_a_pattern_missed_is_found():
    # hand 3's tiles entered as an ordinary hand (ratio 1): Lan +6, each other −2, where pure one
    # suit (ratio 4) pays Lan +24, each other −8: the gap is Lan +18, each other −6
    result = explain(planted(3, hand=ORDINARY))
    assert result.gaps == {"Ah Fook": -6, "Mei": -6, "Jun": -6, "Lan": 18}
    patterns = [e for e in result.explanations if kinds(e) == [(3, "pattern")]]
    assert patterns and patterns[0].edits[0].now == "pure_one_suit"


def test_a_stake_written_wrong_is_found():
    # hand 3 written at stake 2: Lan +48, each other −16; the gap is Lan −24, each other +8
    result = explain(planted(3, stake=2))
    assert result.gaps == {"Ah Fook": 8, "Mei": 8, "Jun": 8, "Lan": -24}
    stakes = [e for e in result.explanations if kinds(e) == [(3, "stake")]]
    assert stakes and (stakes[0].edits[0].was, stakes[0].edits[0].now) == (2, 1)


def test_a_win_written_as_a_draw_is_found():
    # hand 3 written as a draw: the gap is the whole of Lan's win, Lan +24, each other −8
    night = copy.deepcopy(NIGHT)
    night["hands"][2] = {"draw": True}
    result = explain(night)
    wins = [e for e in result.explanations if kinds(e)[0][1] == "draw_as_win"]
    assert wins, [kinds(e) for e in result.explanations]
    now = wins[0].edits[0].now
    assert (now["winner"], now["win_type"], now["pattern"]) == ("Lan", "self_draw", "pure_one_suit")
    assert 3 in (wins[0].edits[0].hand, *wins[0].edits[0].also)


def test_two_mistakes_are_found_together():
    # hand 3 written as Jun's (gap Jun −32, Lan +32) and hand 1's kong as concealed (gap Jun −3,
    # each other +1): the gaps add up, AF +1, Mei +1, Jun −35, Lan +33
    night = planted(3, winner="Jun")
    night["hands"][0]["kongs"] = [{"player": "Jun", "type": "concealed", "tile": "7z"}]
    result = explain(night)
    assert result.gaps == {"Ah Fook": 1, "Mei": 1, "Jun": -35, "Lan": 33}
    assert [(1, "kong_type"), (3, "winner")] in [kinds(e) for e in result.explanations[:3]]


def test_held_gold_that_does_not_sum_to_zero_is_said_first_and_the_rest_explained():
    # the table holds Lan +22 where the record (hand 3 as Jun's) says −11: the held amounts sum to
    # 1, so one count is off; with Lan's counted 1 too many, the rest is hand 3's winner
    held = {**HELD, "Lan": 22}
    result = explain(planted(3, winner="Jun"), held)
    assert not result.sum_zero
    first = result.explanations[0]
    assert kinds(first) == [(3, "winner")] and first.off == {"Lan": 1}


def test_gold_no_edit_can_explain_gives_the_nearest():
    # a gap of 1000 gold: no mistake of one or two hands comes near it exactly
    held = {"Ah Fook": -1005, "Mei": -3, "Jun": -13, "Lan": 1021}
    result = explain(NIGHT, held)
    assert not result.exact


def test_a_night_of_500_hands_is_reconciled():
    night = copy.deepcopy(NIGHT)
    night["hands"] = [copy.deepcopy(NIGHT["hands"][i % 4]) for i in range(500)]
    night["hands"][0] = copy.deepcopy(NIGHT["hands"][0])
    # 125 rounds of the four hands: each total 125 × the night's
    held = {name: 125 * amount for name, amount in HELD.items()}
    wrong = copy.deepcopy(night)
    wrong["hands"][402]["winner"] = "Jun"  # hand 403 is a hand 3: the gap Jun −32, Lan +32
    result = explain(wrong, held)
    assert result.gaps == {"Ah Fook": 0, "Mei": 0, "Jun": -32, "Lan": 32}
    edit = result.explanations[0].edits[0]
    assert edit.kind == "winner" and 403 in (edit.hand, *edit.also)


# ------------------------------------------------------------------ the command


def run(*args, cwd=None):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        capture_output=True,
        text=True,
        env={**env, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
        cwd=cwd,
        timeout=60,
    )


@pytest.fixture
def night_file(tmp_path):
    path = tmp_path / "night.yaml"
    shutil.copy(os.path.join(EXAMPLES, "night-with-a-mistake.yaml"), path)
    return path


def test_reconcile_names_the_hand_written_wrong_and_exits_1(night_file):
    # examples/night-with-a-mistake.yaml: hand 3 (Jun's seven pairs, ratio 3: 6 units from each
    # other player at 10 gold) was Lan's. Recorded Jun +160, Lan −100; held Jun −80, Lan +140.
    done = run("reconcile", str(night_file), cwd=night_file.parent)
    assert done.returncode == 1, done.stderr
    assert "Jun          -80        +160   -240" in done.stdout
    assert " 1. hand 3: Lan won, not Jun" in done.stdout


def test_reconcile_json_and_apply_correct_the_night(night_file):
    done = run("reconcile", str(night_file), "--format", "json")
    assert done.returncode == 1, done.stderr
    found = json.loads(done.stdout)
    assert found["gaps"] == {"Ah Fook": 0, "Mei": 0, "Jun": -240, "Lan": 240}
    assert found["sum_zero"] is True
    first = found["explanations"][0]
    assert first["rank"] == 1 and first["totals"] == found["held"]
    edit = first["edits"][0]
    assert (edit["hand"], edit["kind"], edit["was"], edit["now"]) == (3, "winner", "Jun", "Lan")
    assert edit["amend"]["winner"] == "Lan"
    before = night_file.read_text(encoding="utf-8")
    done = run("reconcile", str(night_file), "--apply", "1")
    assert done.returncode == 0, done.stderr
    after = night_file.read_text(encoding="utf-8")
    # only hand 3's winner changed: every other line as written
    changed = [
        (a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b
    ]
    assert changed == [("  - winner: Jun", "  - winner: Lan")]
    done = run("reconcile", str(night_file))
    assert done.returncode == 0 and "The record matches the gold held" in done.stdout


def test_reconcile_reads_held_from_the_command_line_with_prefixes_and_commas(night_file):
    done = run(
        "reconcile",
        str(night_file),
        "--held",
        "ah=0,mei=-60",
        "--held",
        "Jun=-80",
        "--held",
        "Lan=140",
    )
    assert done.returncode == 1, done.stderr
    assert "hand 3: Lan won, not Jun" in done.stdout


@pytest.mark.parametrize(
    "held, said",
    [
        (["Mei=-60"], "every player's gold is needed"),
        (["Mei"], "expected NAME=AMOUNT"),
        (["Mei=x,Ah=0,Jun=0,Lan=0"], "expected a number"),
        (["Mei=1", "mei=2"], "twice"),
        (["Bob=1,Ah=0,Jun=0,Lan=0"], "is not at the table"),
    ],
)
def test_reconcile_refuses_bad_held_amounts_with_exit_2(night_file, held, said):
    done = run("reconcile", str(night_file), *[f"--held={h}" for h in held])
    assert done.returncode == 2, done.stdout
    assert said in done.stderr and "Traceback" not in done.stderr


def test_reconcile_in_chinese_says_the_hand(night_file):
    done = run("reconcile", str(night_file), "--lang", "zh-Hans")
    assert " 1. 第 3 局：胡牌的是 Lan，不是 Jun" in done.stdout
    assert "解釋" not in done.stdout  # (a Traditional character left in Simplified)


def test_apply_refuses_an_explanation_that_is_not_there(night_file):
    done = run("reconcile", str(night_file), "--apply", "9")
    assert done.returncode == 2 and "no exact explanation 9" in done.stderr


def test_decimal_held_amounts_are_exact(tmp_path):
    night = {**copy.deepcopy(NIGHT), "stake": "0.25"}
    del night["stake"]
    night["stake"] = Decimal("0.25")
    settled = settle_data(night).totals
    # at 0.25 a unit: AF −1.25, Mei −0.75, Jun −3.25, Lan +5.25
    assert settled == {
        "Ah Fook": Decimal("-1.25"),
        "Mei": Decimal("-0.75"),
        "Jun": Decimal("-3.25"),
        "Lan": Decimal("5.25"),
    }
