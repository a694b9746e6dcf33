"""Disputes explained: each claim's gap, the part of the hand it matches, the payments that put it right.

Every figure worked by hand from the rules (R5: a self-draw pays 2 units × ratio from each; R8: a concealed
kong 2 units from each, an added kong 1).
"""

import json

import yaml
from click.testing import CliRunner
from records import A, B, C, D, hand_record

from meizhou_score.cli import cli
from meizhou_score.records.record import parse_record
from meizhou_score.settling.claims import corrections, gaps
from meizhou_score.settling.settlement import settle_record

# Mei self-draws an ordinary hand (ratio 1) at stake 5: 2 units × 5 = 10 from each (R5), +30.
# Lan holds a concealed kong of East (1z): 2 units × 5 = 10 from each (R8), +30.
# Settles: Mei +30 − 10 = +20; Lan +30 − 10 = +20; Ah Fook and Jun −10 − 10 = −20.
# The table forgot Lan's kong: each claimed only the win — Mei +30, Ah Fook −10, Jun −10, Lan −10.
FORGOT_THE_KONG = hand_record(
    stake=5,
    kongs=[{"player": D, "type": "concealed", "tile": "1z"}],
    claimed={A: -10, B: 30, C: -10, D: -10},
)


def settled(record):
    return settle_record(parse_record(record))


def test_each_gap_names_the_part_it_matches():
    found = {g.player: g for g in gaps(settled(FORGOT_THE_KONG))}
    assert {name: (g.claimed, g.settles, g.gap) for name, g in found.items()} == {
        A: (-10, -20, -10),
        B: (30, 20, -10),
        C: (-10, -20, -10),
        D: (-10, 20, 30),
    }
    lan = found[D].parts
    assert [(p.kind, p.owner, p.amount, p.rule) for p in lan] == [("concealed_kong", D, 30, "R8")]
    # Ah Fook's −10 is the kong he paid Lan, or the win he paid Mei: both are −10, so which cannot be told
    assert found[A].parts == found[C].parts == ()
    # Mei's −10 can only be Lan's kong (her win is +30)
    assert [(p.kind, p.owner, p.amount) for p in found[B].parts] == [("concealed_kong", D, -10)]


def test_the_fewest_payments_turn_what_was_paid_into_what_is_owed():
    # Lan is owed 30 more; Mei, Ah Fook and Jun each paid 10 too little (or received 10 too much): three payments
    fixes = corrections(settled(FORGOT_THE_KONG))
    assert sorted((p.payer, p.payee, p.amount) for p in fixes) == sorted(
        [(A, D, 10), (B, D, 10), (C, D, 10)]
    )


def test_a_gap_no_single_part_explains_says_only_the_gap():
    # Jun claims −25 instead of −20 and Ah Fook −15: gaps +5 and −5, which no part of the hand is
    record = {**FORGOT_THE_KONG, "claimed": {A: -15, B: 20, C: -25, D: 20}}
    found = {g.player: g for g in gaps(settled(record))}
    assert {name: (g.gap, g.parts) for name, g in found.items()} == {A: (-5, ()), C: (5, ())}
    assert [(p.payer, p.payee, p.amount) for p in corrections(settled(record))] == [(A, C, 5)]


def test_claims_that_cannot_be_squared_have_no_corrections():
    partial = {**FORGOT_THE_KONG, "claimed": {D: -10}}  # only Lan claimed
    assert corrections(settled(partial)) is None
    unbalanced = {**FORGOT_THE_KONG, "claimed": {A: -20, B: 20, C: -20, D: 0}}  # sums to −20
    assert corrections(settled(unbalanced)) is None


def test_the_cli_says_it_in_words_and_in_json():
    text = yaml.safe_dump(FORGOT_THE_KONG, allow_unicode=True)
    said = CliRunner().invoke(cli, ["settle", "-"], input=text)
    assert said.exit_code == 1
    assert (
        "  Lan: claimed -10, settles 20: 30 short — the concealed kong (暗槓) of Lan, 1z 東: +30 for them (R8)"
        in said.stdout
    )
    assert "To put it right, in the fewest payments:" in said.stdout
    assert {"  Ah Fook pays Lan 10", "  Mei pays Lan 10", "  Jun pays Lan 10"} <= set(
        said.stdout.splitlines()
    )
    out = json.loads(
        CliRunner().invoke(cli, ["settle", "-", "--format", "json"], input=text).stdout
    )["claims"]
    lan = next(g for g in out["gaps"] if g["player"] == D)
    assert lan == {
        "player": D,
        "claimed": -10,
        "settles": 20,
        "gap": 30,
        "parts": [{"part": "concealed_kong", "owner": D, "tile": "1z", "amount": 30, "rule": "R8"}],
    }
    assert sorted((c["from"], c["to"], c["amount"]) for c in out["corrections"]) == sorted(
        [(A, D, 10), (B, D, 10), (C, D, 10)]
    )
    chinese = CliRunner().invoke(cli, ["settle", "-", "--lang", "zh-Hans"], input=text).stdout
    assert "  Lan：申报 -10，算出来是 20：少了 30——Lan 的暗杠 1z 东：+30（R8）" in chinese


def test_a_claim_of_thirty_digits_keeps_every_digit_in_its_gap():
    # at the docs' stake 0.3333333333333333333333333333 (28 decimals), a
    # claim of 1.6666666666666666666666666665 (29 digits) was negated in Python's 28-digit context,
    # the gaps summed to 5E-28 and the line came out "could not be settled ...; this is a bug".
    # R5: B self-draws an ordinary hand (ratio 1): each of the three pays 2 units, 2 x s =
    # 0.6666666666666666666666666666, and B gets 6 x s = 1.9999999999999999999999999998. A and B
    # each claimed one unit (s) too little: A's gap -s, B's +s, and A pays B s to square it.
    from decimal import Decimal

    s = "0.3333333333333333333333333333"
    record = {
        "players": ["A", "B", "C", "D"],
        "dealer": "A",
        "stake": Decimal(s),
        "winner": "B",
        "win_type": "self_draw",
        "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
        "claimed": {
            "A": Decimal("-" + s),
            "B": Decimal("1.6666666666666666666666666665"),
            "C": Decimal("-0.6666666666666666666666666666"),
            "D": Decimal("-0.6666666666666666666666666666"),
        },
    }
    settled = settle_record(parse_record(record))
    found = {g.player: g.gap for g in gaps(settled)}
    assert found == {"A": Decimal("-" + s), "B": Decimal(s)}
    [fix] = corrections(settled)
    assert (fix.payer, fix.payee, fix.amount) == ("A", "B", Decimal(s))
    text = (
        '{"players": ["A", "B", "C", "D"], "dealer": "A", "stake": S, "winner": "B", '
        '"win_type": "self_draw", "hand": {"concealed": "123m 456m 789p 234s 55s", '
        '"winning_tile": "4s"}, "claimed": {"A": -S, "B": 1.6666666666666666666666666665, '
        '"C": -0.6666666666666666666666666666, "D": -0.6666666666666666666666666666}}'
    ).replace("S", s)
    written = CliRunner().invoke(cli, ["settle", "-"], input=text)
    assert written.exit_code == 1 and s in written.stdout  # the gap shown with all its digits
