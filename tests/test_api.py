"""The library API (meizhou_score/__init__.py): the engine called directly, with or without house rules."""

from __future__ import annotations

import time

import pytest

from meizhou_score import is_win, waits

NO_SEVEN_PAIRS = {
    "patterns": {
        "seven_pairs": 0,
        "luxury_seven_pairs": 0,
        "double_luxury_seven_pairs": 0,
        "triple_luxury_seven_pairs": 0,
    }
}


@pytest.mark.parametrize(
    "tiles, rules, wins",
    [
        ("123m456m789m123p55s", None, True),  # pair + four sets (R2)
        ("123m456m789m123p55s", {}, True),
        ("11m22m33m44m55m66p77p", None, True),  # seven pairs (七小對)
        ("11m22m33m44m55m66p77p", NO_SEVEN_PAIRS, False),  # a table that does not play seven pairs
        ("19m19p19s1234567z1z", {"patterns": {"thirteen_orphans": 0}}, False),
        ("123m456m789m123p56s", {}, False),
    ],
)
def test_is_win_under_house_rules(tiles, rules, wins):
    assert is_win(tiles, rules=rules) is wins


def test_waits_under_house_rules():
    # 11m 33m 55p 77p 99s 11z and a lone 3z: only seven pairs can use it, so 3z is the one wait (R2)
    assert waits("1133m5577p99s113z") == ["3z"]
    assert waits("1133m5577p99s113z", rules={}) == ["3z"]
    assert waits("1133m5577p99s113z", rules=NO_SEVEN_PAIRS) == []
    # thirteen orphans waiting on all thirteen; a table that does not play 十三幺 waits on none
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert waits("19m19p19s1234567z") == orphans
    assert waits("19m19p19s1234567z", rules={"patterns": {"thirteen_orphans": 0}}) == []
    assert waits("1112345678999m", rules={}) == [
        f"{n}m" for n in range(1, 10)
    ]  # 九蓮寶燈 waits on all nine


def test_house_rules_cost_what_no_rules_cost():
    # the figure was 6.9 ms a call through check's JSON against ~0.1 ms without rules; a
    # ratio against the call without rules, measured alternately in the same run (no clock limit
    # that a loaded machine could break), the best of five rounds each
    hands = ["123m456m789m123p56s", "11223344556677z", "19m19p19s123456z7s", "1357m2468p1357s77z"]
    rules = {"combine": "add"}
    is_win(hands[0], rules=rules)  # first call: tables and memos warm
    is_win(hands[0])

    def round_of(given) -> float:
        start = time.process_time()
        for _ in range(50):
            for tiles in hands:
                is_win(tiles, rules=given)
        return time.process_time() - start

    with_rules, without = [], []
    for _ in range(5):
        with_rules.append(round_of(rules))
        without.append(round_of(None))
    # scoring the patterns is itself a few times the plain check (CI measured 5x while the
    # machine was busy): the bound is well above that and far below the 69x
    assert min(with_rules) < 12 * min(without) + 2e-3, (with_rules, without)
