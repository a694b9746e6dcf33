"""The cross-view test's own settler (tests/night_money.py) against the rules' worked figures.

tests/test_night_views.py trusts night_money for the money every view must show; here each
figure is worked out by hand from RULES.md and docs/rules.md (the worked figures, R5–R10, the
house rules), so the reference is pinned to the rules and not to the package.
"""

from decimal import Decimal

from night_money import night_money, ratio

A, B, C, D = PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
ORDINARY = {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}
ROBBED_ORDINARY = {"concealed": "123m 456m 567p 789s 22s", "winning_tile": "6p"}
PURE = {"concealed": "11s 123s 456s 789s 789s", "winning_tile": "5s"}


def money(*hands, **night):
    """Each player's total for a night of ``hands`` (Ah Fook deals the first)."""
    hands = [dict(hands[0], dealer=A), *hands[1:]]
    return night_money({"players": PLAYERS, **night, "hands": list(hands)})


def totals(*hands, **night):
    return list(money(*hands, **night)["totals"].values())


def self_draw(winner=B, hand=ORDINARY, **extra):
    return {"winner": winner, "win_type": "self_draw", "hand": hand, **extra}


def robbed(robbed=A, winner=D, hand=ROBBED_ORDINARY, **extra):
    return {"winner": winner, "win_type": "robbed_kong", "robbed": robbed, "hand": hand, **extra}


def test_a_self_draw_pays_twice_the_ratio_from_each():
    # R5: ordinary −2 each / +6; seven pairs −6 / +18; pure one suit −8 / +24
    assert totals(self_draw()) == [-2, 6, -2, -2]
    pairs = {"concealed": "11m 33m 55p 77p 99s 22s 11z", "winning_tile": "1z"}
    assert totals(self_draw(hand=pairs)) == [-6, 18, -6, -6]
    assert totals(self_draw(hand=PURE)) == [-8, 24, -8, -8]


def test_the_worked_kong_figures():
    # A self-draws an ordinary hand holding a concealed kong, B holds an added kong:
    # A +6 +6 −1 = +11, B −2 −2 +3 = −1, C and D −2 −2 −1 = −5
    hand = {"concealed": "123m 456m 789p 55s", "winning_tile": "5s"}
    kongs = [
        {"player": A, "type": "concealed", "tile": "1z"},
        {"player": B, "type": "added", "tile": "2p"},
    ]
    assert totals(self_draw(winner=A, hand=hand, kongs=kongs)) == [11, -1, -5, -5]


def test_a_robbed_kong_is_paid_by_the_robbed_player_alone():
    # R7: 3 × self_draw_share × ratio: 6 at the default share, 9 under share 3, 3 under share 1
    assert totals(robbed()) == [-6, 0, 0, 6]
    assert totals(robbed(), rules={"self_draw_share": 3}) == [-9, 0, 0, 9]
    assert totals(robbed(), rules={"self_draw_share": 1}) == [-3, 0, 0, 3]
    # pure one suit: 24, and 36 under share 3; a robbed_kong_share set is taken at its word
    assert totals(robbed(hand=PURE, winner=B)) == [-24, 24, 0, 0]
    assert totals(robbed(hand=PURE, winner=B), rules={"self_draw_share": 3}) == [-36, 36, 0, 0]
    rules = {"self_draw_share": 3, "robbed_kong_share": 6}
    assert totals(robbed(), rules=rules) == [-6, 0, 0, 6]


def test_the_reference_example_of_docs_rules():
    # stake 10, 包槓: Jun pays Mei 6 × 4 × 10 = 240; Ah Fook's concealed kong 20 from each;
    # Lan's added kong 10 from each; Lan pays Jun's exposed kong alone, 3 × 10 = 30
    kongs = [
        {"player": A, "type": "concealed", "tile": "5z"},
        {"player": D, "type": "added", "tile": "2p"},
        {"player": C, "type": "exposed", "tile": "8m", "from": D},
    ]
    hand = robbed(robbed=C, winner=B, hand=PURE, kongs=kongs)
    rules = {"exposed_kong_payer": "discarder"}
    assert totals(hand, stake=10, rules=rules) == [50, 210, -240, -20]


def test_kong_units_the_bloom_multiplier_and_a_decimal_stake():
    # a kong bloom on a concealed kong, multiplier 2, concealed kongs 3 units, stake 2.50:
    # each pays 2 × 1 × 2 = 4 for the win and 3 for the kong: 7 × 2.50 = 17.50; the winner 52.50
    hand = {"concealed": "123m 456m 789p 55s", "winning_tile": "5s"}
    bloom = {"winner": C, "win_type": "kong_bloom", "hand": hand}
    bloom["kongs"] = [{"player": C, "type": "concealed", "tile": "7z"}]
    rules = {"kong_bloom_multiplier": 2, "kong_units": {"concealed": 3}}
    found = totals(bloom, stake=Decimal("2.50"), rules=rules)
    assert found == [Decimal("-17.50"), Decimal("-17.50"), Decimal("52.50"), Decimal("-17.50")]


def test_combine_adds_or_multiplies_what_no_other_pattern_supersedes():
    # 111m 999m 222z 11z + pung 555m: all pungs 2 and mixed one suit 2 (both supersede ordinary)
    mixed = {"concealed": "111m 999m 222z 11z", "pungs": ["555m"], "winning_tile": "2z"}
    assert ratio(mixed, [], _rules("highest")) == 2
    assert ratio(mixed, [], _rules("add")) == 4
    # 111m 555m 999m 77m + pung 333m: pure one suit 4 and all pungs 2
    pure = {"concealed": "111m 555m 999m 77m", "pungs": ["333m"], "winning_tile": "7m"}
    assert [ratio(pure, [], _rules(c)) for c in ("highest", "add", "multiply")] == [4, 6, 8]
    # every set concealed: 坎坎胡 (10) takes all pungs' place: add 10 + 4
    hidden = {"concealed": "111m 555m 999m 77m 333m", "winning_tile": "7m"}
    assert ratio(hidden, [], _rules("add")) == 14


def test_a_luxury_row_at_zero_falls_to_the_next_smaller_one():
    luxury = {"concealed": "1111m 33m 55p 77p 99s 11z", "winning_tile": "1z"}
    assert ratio(luxury, [], _rules("highest")) == 6
    assert ratio(luxury, [], _rules("highest", luxury_seven_pairs=0)) == 3


def test_exposed_kong_payers_and_a_draw():
    kong = [{"player": B, "type": "exposed", "tile": "1z", "from": C}]
    # R8: 1 from each other player; 包槓: the discarder pays the three shares
    assert totals(self_draw(winner=A, kongs=kong)) == [5, 1, -3, -3]
    assert totals(self_draw(winner=A, kongs=kong), rules={"exposed_kong_payer": "discarder"}) == [
        6,
        1,
        -5,
        -2,
    ]
    # R9: a draw pays nothing, kongs included
    assert totals({"draw": True, "kongs": kong}) == [0, 0, 0, 0]


def test_claims_that_differ_and_a_bloom_without_a_kong_are_disputes():
    assert not money(self_draw(claimed={B: 6, C: -2}))["disputed"]
    assert money(self_draw(claimed={B: 8}))["disputed"]
    no_kong = {"winner": B, "win_type": "kong_bloom", "hand": ORDINARY}
    night = money(no_kong)
    assert night["disputed"] and totals(no_kong) == [0, 0, 0, 0]


def _rules(combine, **patterns):
    from night_money import RATIOS, house_rules

    rules = house_rules({"rules": {"combine": combine}})
    rules["patterns"] = dict(RATIOS, **patterns)
    return rules
