"""The document's two readings of the robbed kong, each a house rule (docs/rules.md, "Two readings
of the robbed kong"): ``robbed_kong_paid`` (「但杠牌需要與其他玩家進行計算」: the robbed player's
kong still settled with the others) and ``robbable_kongs`` (「明杠時，如有人胡被杠牌」: either open
kong may be robbed). Every figure is worked by hand from RULES.md in the comment beside it.

The hand throughout: Mei robs Jun's kong of 3p with an ordinary hand, ratio 1 (R4):
123m 456m 234p 678s 99s, the 3p completing 2(3)4p; Jun held the other three 3p (R7). Ah Fook
dealt; Lan and Ah Fook are the other two. The win is 3 × self_draw_share × ratio = 3 × 2 × 1 = 6
units, all from Jun (R7); an added or exposed kong is 1 unit from each payer (R8).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from night_money import night_money
from records import hand_record

from meizhou_score.cli.app import cli
from meizhou_score.errors import RecordError, RulesError
from meizhou_score.records.loader import load_record
from meizhou_score.records.rules import DEFAULT_RULES
from meizhou_score.settling.judge import refused
from meizhou_score.settling.night import settle_data

ROB = {"concealed": "123m 456m 234p 678s 99s", "winning": "3p", "robbed": "Jun"}


def robbed(rules: dict | None = None, **extra) -> dict:
    more = {"rules": rules} if rules is not None else {}
    return hand_record("Mei", "robbed_kong", **ROB, **more, **extra)


def totals(record: dict) -> dict:
    return dict(settle_data(record).last.amounts)


def reference(record: dict) -> dict:
    """The same hand settled by the tests' own settler (tests/night_money.py), from the rules."""
    head = {"players": record["players"], "rules": record.get("rules") or {}}
    hand = {k: v for k, v in record.items() if k not in ("players", "rules")}
    return {p: int(v) for p, v in night_money({**head, "hands": [hand]})["totals"].items()}


@pytest.mark.parametrize(
    "rules, expected",
    [
        # the default (false): the robbed kong was never completed, only the win is paid:
        #   Jun −6, Mei +6, Ah Fook and Lan 0
        (None, {"Ah Fook": 0, "Mei": 6, "Jun": -6, "Lan": 0}),
        ({"robbed_kong_paid": False}, {"Ah Fook": 0, "Mei": 6, "Jun": -6, "Lan": 0}),
        # true: Jun's kong is paid as the added kong it was becoming, 1 from each of the three:
        #   Jun −6 + 3 × 1 = −3; Mei +6 − 1 = +5; Ah Fook −1; Lan −1 (sum 0)
        ({"robbed_kong_paid": True}, {"Ah Fook": -1, "Mei": 5, "Jun": -3, "Lan": -1}),
        # true with kong_units.added 2: Jun −6 + 3 × 2 = 0; Mei +6 − 2 = +4; Ah Fook −2; Lan −2
        (
            {"robbed_kong_paid": True, "kong_units": {"added": 2}},
            {"Ah Fook": -2, "Mei": 4, "Jun": 0, "Lan": -2},
        ),
    ],
)
def test_robbed_kong_paid(rules, expected):
    record = robbed(rules)
    assert totals(record) == expected
    assert reference(record) == expected
    assert sum(expected.values()) == 0


def test_robbed_kong_paid_beside_a_kong_that_stands():
    # Ah Fook's concealed kong of 1z stands: 2 from each other player (R8): Ah Fook +6, the
    # others −2. With the robbed kong paid too: Jun −6 + 3 − 2 = −5; Mei +6 − 1 − 2 = +3;
    # Ah Fook +6 − 1 = +5; Lan −1 − 2 = −3 (sum 0). Without it: Jun −8, Mei +4, Ah Fook +6, Lan −2.
    kong = [{"player": "Ah Fook", "type": "concealed", "tile": "1z"}]
    paid = robbed({"robbed_kong_paid": True}, kongs=kong)
    assert totals(paid) == {"Ah Fook": 5, "Mei": 3, "Jun": -5, "Lan": -3} == reference(paid)
    unpaid = robbed(kongs=kong)
    assert totals(unpaid) == {"Ah Fook": 6, "Mei": 4, "Jun": -8, "Lan": -2} == reference(unpaid)


def test_the_robbed_kong_paid_is_its_own_payment_and_the_robbed_player_still_deals():
    out = settle_data(robbed({"robbed_kong_paid": True})).last
    kong = [(t.payer, t.payee, t.units, t.reason) for t in out.transfers if t.payee == "Jun"]
    assert kong == [
        ("Ah Fook", "Jun", 1, "added_kong"),
        ("Mei", "Jun", 1, "added_kong"),
        ("Lan", "Jun", 1, "added_kong"),
    ]
    assert out.next_dealer == "Jun"  # R10: the robbed player deals next, whichever reading


@pytest.mark.parametrize(
    "rules, expected",
    [
        # open: Jun was making an exposed kong of Lan's discarded 3p; the rob pays as any rob:
        #   Jun −6, Mei +6
        ({"robbable_kongs": "open"}, {"Ah Fook": 0, "Mei": 6, "Jun": -6, "Lan": 0}),
        # open, and the kong paid: an exposed kong, 1 from each of the three (不包槓):
        #   Jun −6 + 3 = −3; Mei +6 − 1 = +5; Ah Fook −1; Lan −1
        (
            {"robbable_kongs": "open", "robbed_kong_paid": True},
            {"Ah Fook": -1, "Mei": 5, "Jun": -3, "Lan": -1},
        ),
        # open, paid, and 包槓: Lan, the discarder, pays the exposed kong's three shares alone:
        #   Jun −6 + 3 = −3; Mei +6; Lan −3; Ah Fook 0
        (
            {"robbable_kongs": "open", "robbed_kong_paid": True, "exposed_kong_payer": "discarder"},
            {"Ah Fook": 0, "Mei": 6, "Jun": -3, "Lan": -3},
        ),
        # open and 包槓, the kong not paid: the discarder pays nothing, Jun −6, Mei +6
        (
            {"robbable_kongs": "open", "exposed_kong_payer": "discarder"},
            {"Ah Fook": 0, "Mei": 6, "Jun": -6, "Lan": 0},
        ),
    ],
)
def test_robbable_kongs_open_lets_a_kong_from_a_discard_be_robbed(rules, expected):
    record = robbed(rules, robbed_from="Lan")
    assert totals(record) == expected
    assert reference(record) == expected


def test_robbable_kongs_added_refuses_a_kong_from_a_discard_robbed():
    # the default: a kong from a discard cannot be robbed; the hand is not a legal win here (a
    # dispute, nothing paid), and the judge keeps it out of the night
    for rules in (None, {"robbable_kongs": "added"}):
        night = settle_data(robbed(rules, robbed_from="Lan"))
        last = night.last
        assert not last.valid and last.amounts == {"Ah Fook": 0, "Mei": 0, "Jun": 0, "Lan": 0}
        assert "robbable_kongs" in str(last.errors[0]) and "Lan" in str(last.errors[0])
        assert refused(night) == (1, last)
        assert reference(robbed(rules, robbed_from="Lan")) == dict.fromkeys(last.amounts, 0)
    # the added kong robbed is a legal win under both values: Jun −6, Mei +6
    for value in ("added", "open"):
        assert totals(robbed({"robbable_kongs": value}))["Jun"] == -6


@pytest.mark.parametrize(
    "extra, where",
    [
        ({"robbed_from": "Jun"}, "robbed_from"),  # the robbed player did not discard to himself
        ({"robbed_from": "Mei"}, "robbed_from"),  # nor the winner (that is a win on a discard)
        ({"robbed_from": "Nobody"}, "robbed_from"),
    ],
)
def test_robbed_from_names_a_third_player(extra, where):
    with pytest.raises(RecordError) as error:
        settle_data(robbed({"robbable_kongs": "open"}, **extra))
    assert error.value.path == where


def test_robbed_from_only_with_a_robbed_kong():
    with pytest.raises(RecordError) as error:
        settle_data(hand_record(robbed_from="Lan"))
    assert error.value.path == "robbed_from"


def test_the_defaults_give_todays_money_on_every_example():
    # the two rules written at their defaults change nothing, hand by hand, on every example
    # that settles, and the worked figure of RULES.md stays: A self-draws an ordinary hand with a
    # concealed kong, B holds an added kong: A +6 +6 −1 = +11, B −2 −2 +3 = −1, C and D −5 each
    defaults = {"robbed_kong_paid": False, "robbable_kongs": "added"}
    settled = 0
    for path in sorted(EXAMPLES.glob("*.yaml")):
        try:
            data = load_record(str(path))
            before = settle_data(data)
        except (RecordError, RulesError):
            continue  # an example of a refusal, or a rules file
        rules = dict(data.get("rules") or {}, **defaults)
        after = settle_data({**data, "rules": rules})
        assert [h.amounts for h in after.hands] == [h.amounts for h in before.hands], path.name
        settled += 1
    assert settled >= 5
    worked = hand_record(
        "Ah Fook",
        concealed="123m 456m 789p 55s",
        winning="5s",
        kongs=[
            {"player": "Ah Fook", "type": "concealed", "tile": "1z"},
            {"player": "Mei", "type": "added", "tile": "2z"},
        ],
    )
    for rules in (None, defaults):
        record = {**worked, **({"rules": rules} if rules else {})}
        assert totals(record) == {"Ah Fook": 11, "Mei": -1, "Jun": -5, "Lan": -5}
    assert DEFAULT_RULES.robbed_kong_paid is False and DEFAULT_RULES.robbable_kongs == "added"


@pytest.mark.parametrize(
    "written, meant",
    [
        ({"robbed_kong_paid": True}, (True, "added")),
        ({"robbable_kongs": "open"}, (False, "open")),
        ({"robbable_kongs": "明杠"}, (False, "open")),  # the document's word for both open kongs
        ({"robbable_kongs": "兩種明槓都可搶"}, (False, "open")),  # as rules shows it
        ({"robbable_kongs": "只可抢加杠"}, (False, "added")),
    ],
)
def test_the_two_rules_in_a_rules_file(written, meant):
    rules = DEFAULT_RULES.override(written)
    assert (rules.robbed_kong_paid, rules.robbable_kongs) == meant


@pytest.mark.parametrize(
    "written", [{"robbed_kong_paid": "yes"}, {"robbed_kong_paid": 1}, {"robbable_kongs": "all"}]
)
def test_the_two_rules_refuse_other_values(written):
    with pytest.raises(RulesError) as error:
        DEFAULT_RULES.override(written)
    assert error.value.path == f"rules.{next(iter(written))}"


def test_rules_shows_the_two_rules_in_each_language():
    english = CliRunner().invoke(cli, ["rules", "--lang", "en"]).stdout
    assert "robbed_kong_paid" in english and "robbable_kongs" in english
    simplified = CliRunner().invoke(cli, ["rules", "--lang", "zh-Hans"]).stdout
    assert "只可抢补杠" in simplified and "被抢的杠照样当杠" in simplified
    traditional = CliRunner().invoke(cli, ["rules", "--lang", "zh-Hant"]).stdout
    assert "只可搶加槓" in traditional
