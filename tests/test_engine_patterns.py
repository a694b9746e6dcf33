"""Patterns and ratios (R4 and the pattern table). Every figure is read off RULES.md's table by hand."""

import pytest

from meizhou_score import analyse

ORDINARY = "123m 456m 789p 234s 55s"


def score(tiles, rules=None, **melds):
    out = analyse(tiles, melds.get("pungs", ()), melds.get("kongs", ()), rules)
    return out["patterns"], out["ratio"]


def check(tiles, rules=None, pungs=(), kongs=(), concealed_kongs=()):
    from meizhou_score.records.rules import DEFAULT_RULES
    from meizhou_score.settling.analysis import analyse as full

    r = DEFAULT_RULES.override(rules) if rules else DEFAULT_RULES
    out = full(tiles, tuple(pungs), tuple(kongs), r, tuple(concealed_kongs))
    return out["patterns"], out["ratio"]


@pytest.mark.parametrize(
    "tiles, melds, patterns, ratio",
    [
        pytest.param(ORDINARY, {}, ["ordinary"], 1, id="ordinary"),
        pytest.param("111m 999p 555s 22s", {"pungs": ["777z"]}, ["all_pungs"], 2, id="all-pungs"),
        pytest.param("123m 456m 789m 222z 11z", {}, ["mixed_one_suit"], 2, id="mixed-one-suit"),
        pytest.param("11m 33m 55p 77p 99s 22s 11z", {}, ["seven_pairs"], 3, id="seven-pairs"),
        pytest.param("123s 456s 789s 234s 55s", {}, ["pure_one_suit"], 4, id="pure-one-suit"),
        pytest.param(
            "999p 111s 11z",
            {"pungs": ["111m", "999s"]},
            ["mixed_terminals", "all_pungs"],
            5,
            id="mixed-terminals",
        ),
        pytest.param("1111m 33m 55p 77p 99s 22s", {}, ["luxury_seven_pairs"], 6, id="luxury"),
        pytest.param(
            "111m 999p 111s 999s 11z",
            {},
            ["concealed_pungs", "mixed_terminals", "all_pungs"],
            10,
            id="concealed-pungs",
        ),
        pytest.param(
            "111m 999m 111p 999p 11s",
            {},
            ["concealed_pungs", "all_terminals", "all_pungs"],
            10,
            id="all-terminals-equal-ratios-in-table-order",
        ),
        pytest.param(
            "11z 22z 33z 44z 55z 66z 77z", {}, ["all_honours", "seven_pairs"], 10, id="all-honours"
        ),
        pytest.param(
            "19m19p19s1234567z 1z",
            {},
            ["thirteen_orphans", "mixed_terminals"],
            10,
            id="thirteen-orphans",
        ),
        pytest.param(
            "1111m 3333m 55p 77p 99s", {}, ["double_luxury_seven_pairs"], 12, id="double-luxury"
        ),
        pytest.param(
            "1111m 3333m 5555p 77p", {}, ["triple_luxury_seven_pairs"], 18, id="triple-luxury"
        ),
        pytest.param(
            "22m",
            {"kongs": ["1z", "5m", "7p", "9s"]},
            ["four_kongs", "all_pungs"],
            18,
            id="four-kongs",
        ),
        pytest.param(
            "11122233388899m",
            {},
            ["concealed_pungs", "pure_one_suit", "all_pungs"],
            10,
            id="spec-best-reading",
        ),
        pytest.param(
            "11223344556677m", {}, ["pure_one_suit", "seven_pairs"], 4, id="tie-more-patterns-wins"
        ),
    ],
)
def test_highest(tiles, melds, patterns, ratio):
    assert score(tiles, **melds) == (patterns, ratio)


@pytest.mark.parametrize(
    "tiles, melds, add, multiply",
    [
        # 10 + 5 (all_pungs superseded by concealed_pungs)   /   10 × 5
        pytest.param("111m 999p 111s 999s 11z", {}, 15, 50, id="concealed-plus-terminals"),
        # 5 + 2 (nothing superseded)   /   5 × 2
        pytest.param(
            "999p 111s 11z", {"pungs": ["111m", "999s"]}, 7, 10, id="terminals-plus-pungs"
        ),
        # thirteen orphans supersedes mixed terminals: 10 alone
        pytest.param("19m19p19s1234567z 1z", {}, 10, 10, id="orphans"),
        # 10 + 3 / 10 × 3
        pytest.param("11z 22z 33z 44z 55z 66z 77z", {}, 13, 30, id="honours-seven-pairs"),
        # 10 + 10 (all terminals and concealed pungs; all pungs superseded)
        pytest.param("111m 999m 111p 999p 11s", {}, 20, 100, id="two-tens"),
    ],
)
def test_add_and_multiply(tiles, melds, add, multiply):
    assert score(tiles, {"combine": "add"}, **melds)[1] == add
    assert score(tiles, {"combine": "multiply"}, **melds)[1] == multiply


def test_four_concealed_kongs_add_both_supersessors():
    # RULES.md: four_kongs + concealed_pungs, both superseding all_pungs: 18 + 10.
    patterns, ratio = check("22m", {"combine": "add"}, concealed_kongs=["1z", "5m", "7p", "9s"])
    assert patterns == ["four_kongs", "concealed_pungs", "all_pungs"]
    assert ratio == 28
    assert check("22m", {"combine": "multiply"}, concealed_kongs=["1z", "5m", "7p", "9s"])[1] == 180


def test_luxury_off_scores_as_seven_pairs():
    assert score("1111m 33m 55p 77p 99s 22s", {"patterns": {"luxury_seven_pairs": 0}}) == (
        ["seven_pairs"],
        3,
    )


def test_double_luxury_off_falls_back_one_row():
    # our reading: the hand still holds one four-of-a-kind, so it is a luxury seven pairs (6)
    rules = {"patterns": {"double_luxury_seven_pairs": 0}}
    assert score("1111m 3333m 55p 77p 99s", rules) == (["luxury_seven_pairs"], 6)


def test_seven_pairs_off_removes_the_shape():
    assert score("11m 33m 55p 77p 99s 22s 11z", {"patterns": {"seven_pairs": 0}}) == ([], 0)
    # 11223344556677m still reads as a standard pure one suit
    assert score("11223344556677m", {"patterns": {"seven_pairs": 0}}) == (["pure_one_suit"], 4)


def test_thirteen_orphans_off_removes_the_shape():
    assert score("19m19p19s1234567z 1z", {"patterns": {"thirteen_orphans": 0}}) == ([], 0)


def test_pattern_off_falls_back_to_ordinary():
    assert score("111m 999p 555s 22s", {"patterns": {"all_pungs": 0}}, pungs=["777z"]) == (
        ["ordinary"],
        1,
    )


def test_ordinary_off_is_not_a_win():
    assert score(ORDINARY, {"patterns": {"ordinary": 0}}) == ([], 0)
    assert analyse(ORDINARY, rules={"patterns": {"ordinary": 0}})["win"] is False
