"""The robbed kong follows the self-draw share (R7): the robbed player alone pays what the three
other players would have paid on a self-draw — the document's 「被搶杠者一個人承擔 3 家的分數」 —
unless the house rules set robbed_kong_share themselves. Every figure worked by hand."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from records import hand_record

from meizhou_score.cli.app import cli
from meizhou_score.records.rules import DEFAULT_RULES
from meizhou_score.settling.night import settle_data

# Mei robs Jun's added kong of 3p with an ordinary hand (ratio 1): 123m 456m 234p 678s 99s + 3p
# completes the run 23(4)p; Jun's pung of 3p holds the other three copies.
ORDINARY = {"concealed": "123m 456m 234p 678s 99s", "winning": "3p"}
# the same rob with a pure one suit hand (清一色, ratio 4): 111p 2(3)4p 456p 789p 99p
PURE = {"concealed": "111p 234p 456p 789p 99p", "winning": "3p"}


def robbed(hand: dict, rules: dict | None = None) -> dict:
    extra = {"robbed": "Jun", **({"rules": rules} if rules is not None else {})}
    return hand_record("Mei", "robbed_kong", hand["concealed"], hand["winning"], **extra)


def totals(record: dict) -> dict:
    return dict(settle_data(record).last.amounts)


@pytest.mark.parametrize(
    "share, ordinary, pure",
    [
        # share 1: the three would pay 1 each per ratio, 3 × 1 = 3 per ratio;
        #   ordinary 3 × 1 = 3, pure one suit 3 × 4 = 12
        (1, 3, 12),
        # share 2 (the default): 3 × 2 = 6 per ratio, the document's own figures;
        #   ordinary 6 × 1 = 6 (被搶杠玩家需要出 6 分), pure one suit 6 × 4 = 24 (承擔 24 倍)
        (2, 6, 24),
        # share 3 (examples/house-rules.yaml): 3 × 3 = 9 per ratio; ordinary 9, pure 9 × 4 = 36
        (3, 9, 36),
    ],
)
def test_the_robbed_player_pays_the_three_shares(share, ordinary, pure):
    rules = {"self_draw_share": share}
    assert totals(robbed(ORDINARY, rules)) == {
        "Ah Fook": 0,
        "Mei": ordinary,
        "Jun": -ordinary,
        "Lan": 0,
    }
    assert totals(robbed(PURE, rules)) == {"Ah Fook": 0, "Mei": pure, "Jun": -pure, "Lan": 0}


def test_the_default_rules_are_unchanged():
    # no rules at all: 3 × 2 × 1 = 6, as before
    assert totals(robbed(ORDINARY)) == {"Ah Fook": 0, "Mei": 6, "Jun": -6, "Lan": 0}
    assert DEFAULT_RULES.robbed_share == 6


def test_a_share_set_explicitly_wins():
    # robbed_kong_share 5 with self_draw_share 3: 5 × 1 = 5 (not 9); pure one suit 5 × 4 = 20
    rules = {"self_draw_share": 3, "robbed_kong_share": 5}
    assert totals(robbed(ORDINARY, rules)) == {"Ah Fook": 0, "Mei": 5, "Jun": -5, "Lan": 0}
    assert totals(robbed(PURE, rules)) == {"Ah Fook": 0, "Mei": 20, "Jun": -20, "Lan": 0}
    # set to the old default 6 under share 3: 6, not 9
    rules = {"self_draw_share": 3, "robbed_kong_share": 6}
    assert totals(robbed(ORDINARY, rules))["Jun"] == -6


def test_the_explanation_shows_the_share_it_used():
    # share 3: the payment's basis is ratio 1 × 9, what --explain prints
    win = settle_data(robbed(ORDINARY, {"self_draw_share": 3})).last.transfers[0]
    assert (win.units, win.basis.ratio, win.basis.share, win.basis.multiplier) == (9, 1, 9, 1)


def test_the_house_rules_example_charges_nine(tmp_path):
    # examples/house-rules.yaml sets self_draw_share 3 and combine add; an ordinary robbed kong
    # matches only `ordinary` (1): Jun pays 3 × 3 × 1 = 9 × stake 1
    path = tmp_path / "robbed.json"
    path.write_text(json.dumps(robbed(ORDINARY)), encoding="utf-8")
    rules = str(EXAMPLES / "house-rules.yaml")
    out = CliRunner().invoke(cli, ["settle", str(path), "--rules", rules, "--format", "json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["balances"] == {"Ah Fook": 0, "Mei": 9, "Jun": -9, "Lan": 0}
    shown = CliRunner().invoke(cli, ["rules", "--rules", rules, "--format", "json"])
    assert json.loads(shown.stdout)["robbed_kong_share"] == 9  # 3 × 3, the figure in force
