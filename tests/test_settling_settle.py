"""Settlement (R5–R10). Every expected figure is RULES.md worked by hand, in the comments."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from records import A, B, C, D, draw_record, hand_record, session_record

from meizhou_score import settle

hand = hand_record


@pytest.mark.parametrize(
    "concealed, winning, loser, winner",
    [
        # R5: self-draw pays 2 × ratio from each of the three: 2×1, 2×3, 2×4
        pytest.param("123m 456m 789p 234s 55s", "4s", -2, 6, id="ordinary-6"),
        pytest.param("11m 33m 55p 77p 99s 22s 11z", "1z", -6, 18, id="seven-pairs-18"),
        pytest.param("123s 456s 789s 234s 55s", "7s", -8, 24, id="pure-one-suit-24"),
    ],
)
def test_self_draw_worked_figures(concealed, winning, loser, winner):
    out = settle(hand(concealed=concealed, winning=winning))
    assert out["balances"] == {A: loser, B: winner, C: loser, D: loser}


@pytest.mark.parametrize(
    "concealed, winning, robbed",
    [
        # R7: the robbed player alone pays 6 × ratio: ordinary 6, pure one suit 24
        pytest.param("123m 456m 234p 678s 99s", "3p", -6, id="ordinary-6"),
        pytest.param("11s 123s 456s 789s 789s", "5s", -24, id="pure-one-suit-24"),
    ],
)
def test_robbed_kong_worked_figures(concealed, winning, robbed):
    out = settle(hand(win_type="robbed_kong", robbed=C, concealed=concealed, winning=winning))
    assert out["balances"] == {A: 0, B: -robbed, C: robbed, D: 0}
    assert [t["from"] for t in out["transfers"]] == [C]
    assert out["next_dealer"] == C  # R10: the robbed player deals


def test_kong_worked_example():
    # RULES.md: A self-draws ordinary with a concealed kong; B holds an added kong.
    # A +6 +6 −1 = +11; B −2 −2 +3 = −1; C, D −2 −2 −1 = −5.
    rec = hand(
        winner=A,
        concealed="123m 456p 789s 55m",
        winning="5m",
        kongs=[
            {"player": A, "type": "concealed", "tile": "1z"},
            {"player": B, "type": "added", "tile": "9m"},
        ],
    )
    assert settle(rec)["balances"] == {A: 11, B: -1, C: -5, D: -5}


def test_exposed_kong_all_pay_by_default():
    # R8 不包槓: each of the three pays 1 to Lan
    rec = hand(
        kongs=[{"player": D, "type": "exposed", "tile": "6z", "from": C}],
        concealed="234m 567p 345s 678s 11m",
        winning="1m",
    )
    out = settle(rec)
    kong = [t for t in out["transfers"] if t["reason"] == "exposed_kong"]
    assert [(t["from"], t["units"]) for t in kong] == [(A, 1), (B, 1), (C, 1)]
    # win: B +6, others −2; kong: D +3, A B C −1
    assert out["balances"] == {A: -3, B: 5, C: -3, D: 1}


def test_exposed_kong_discarder_pays_all():
    # R8 包槓: Jun alone pays 3 × 1
    rec = hand(
        kongs=[{"player": D, "type": "exposed", "tile": "6z", "from": C}],
        concealed="234m 567p 345s 678s 11m",
        winning="1m",
        rules={"exposed_kong_payer": "discarder"},
    )
    out = settle(rec)
    kong = [t for t in out["transfers"] if t["reason"] == "exposed_kong"]
    assert [(t["from"], t["to"], t["units"]) for t in kong] == [(C, D, 3)]
    assert out["balances"] == {A: -2, B: 6, C: -5, D: 1}


def test_kong_bloom_pays_as_self_draw():
    # R6: 2 each for the win, 2 each for the concealed kong: Jun +12, others −4
    rec = hand(
        winner=C,
        win_type="kong_bloom",
        concealed="123m 456m 789p 55s",
        winning="5s",
        kongs=[{"player": C, "type": "concealed", "tile": "7z"}],
    )
    assert settle(rec)["balances"] == {A: -4, B: -4, C: 12, D: -4}
    # with kong_bloom_multiplier 2 the win is 4 each: Jun +12 + 6 = +18, others −6
    rec["rules"] = {"kong_bloom_multiplier": 2}
    assert settle(rec)["balances"] == {A: -6, B: -6, C: 18, D: -6}


def test_kong_bloom_without_kong_is_a_dispute():
    out = settle(hand(win_type="kong_bloom"))
    assert out["valid"] is False and out["transfers"] == []
    assert "owns no kong" in out["errors"][0]


def test_kong_bloom_with_another_players_kong_only_is_a_dispute():
    rec = hand(win_type="kong_bloom", kongs=[{"player": C, "type": "concealed", "tile": "7z"}])
    assert settle(rec)["valid"] is False


def test_draw_pays_nothing_not_even_kongs():
    rec = draw_record(B, kongs=[{"player": C, "type": "concealed", "tile": "5z"}])
    out = settle(rec)
    assert out["transfers"] == [] and out["balances"] == {A: 0, B: 0, C: 0, D: 0}
    assert out["next_dealer"] == C  # R10: Mei's next player
    rec["rules"] = {"dealer_after_draw": "same"}
    assert settle(rec)["next_dealer"] == B


def test_draw_next_dealer_wraps_from_north_to_east():
    rec = draw_record(D)
    assert settle(rec)["next_dealer"] == A


@pytest.mark.parametrize(
    "dealer, winner, expected",
    [
        pytest.param(A, A, A, id="dealer-wins-deals-again"),
        pytest.param(A, C, C, id="winner-deals"),
    ],
)
def test_next_dealer_after_a_win(dealer, winner, expected):
    rec = hand(winner=winner)
    rec["dealer"] = dealer
    assert settle(rec)["next_dealer"] == expected


def test_not_a_win_pays_nothing():
    out = settle(hand(concealed="123m 456m 789p 235s 55s", winning="5s"))
    assert out["valid"] is False and out["transfers"] == [] and out["next_dealer"] is None
    assert set(out["balances"].values()) == {0}


def test_stake_is_exact_decimal():
    # 2 units × 0.1 gold: exactly 0.2, never 0.20000000000000001
    out = settle(hand(stake=Decimal("0.1")))
    assert out["balances"] == {
        A: Decimal("-0.2"),
        B: Decimal("0.6"),
        C: Decimal("-0.2"),
        D: Decimal("-0.2"),
    }
    out = settle(hand(stake=0.1))  # a float from JSON is read through its text
    assert out["balances"][B] == Decimal("0.6")


def test_claims_are_compared():
    # only two of the four claimed: compared, and flagged as partial
    out = settle(hand(claimed={A: -2, B: 6}))
    assert out["claims"] == {"agree": True, "differences": {}, "notes": ["partial"]}
    out = settle(hand(claimed={A: -2, B: 8}))
    # Mei settles +6 (2 from each, R5): her claim of 8 is 2 over, which no part of the hand is (her win is +6);
    # only two claimed, so no payments can square it
    assert out["claims"] == {
        "agree": False,
        "differences": {B: {"claimed": 8, "computed": 6}},
        "notes": ["partial"],
        "gaps": [{"player": B, "claimed": 8, "settles": 6, "gap": -2, "parts": []}],
        "corrections": None,
    }


def test_units_zero_means_no_transfer():
    rec = hand(
        kongs=[{"player": C, "type": "added", "tile": "7z"}], rules={"kong_units": {"added": 0}}
    )
    assert [t["reason"] for t in settle(rec)["transfers"]] == ["self_draw"] * 3


def test_session_rotation_and_totals():
    # hand 1: Mei self-draws ordinary (A, C, D −2; B +6) → Mei deals
    # hand 2: draw → Jun deals;  hand 3: Jun self-draws seven pairs (+18, others −6) → Jun again
    # hand 4: Lan robs Ah Fook's kong, ordinary (A −6, D +6) → Ah Fook deals
    # totals ×10: A −140, B 0, C +160, D −20
    from conftest import EXAMPLES

    from meizhou_score import load_record

    out = settle(load_record(str(EXAMPLES / "session.yaml")))
    assert [h["dealer"] for h in out["hands"]] == [A, B, C, C]
    assert out["totals"] == {A: -140, B: 0, C: 160, D: -20}
    assert out["next_dealer"] == A


def test_session_wrong_dealer_is_reported():
    session = session_record(
        hand(),
        draw_record(C),  # the rotation gives Mei
        {"draw": True},  # follows from the named dealer Jun: Lan deals
    )
    out = settle(session)
    assert out["hands"][1]["dealer_check"] == {"named": C, "expected": B}
    assert out["hands"][2]["dealer"] == D


def test_session_after_an_invalid_hand_must_name_the_dealer():
    from meizhou_score import RecordError

    session = session_record(
        hand(concealed="123m 456m 789p 235s 55s", winning="5s"), {"draw": True}
    )
    with pytest.raises(RecordError, match=r"hands\[1\]\.dealer"):
        settle(session)


# ---------------------------------------------------------------- properties

WINNING_HANDS = [
    ("123m 456m 789p 234s 55s", "4s"),
    ("11m 33m 55p 77p 99s 22s 11z", "1z"),
    ("123s 456s 789s 234s 55s", "7s"),
    ("19m19p19s1234567z 7z", "7z"),
    ("1111m 33m 55p 77p 99s 22s", "3m"),
]


@st.composite
def valid_records(draw):
    concealed, winning = draw(st.sampled_from(WINNING_HANDS))
    players = [A, B, C, D]
    winner = draw(st.sampled_from(players))
    win_type = draw(st.sampled_from(["self_draw", "kong_bloom"]))
    # kongs on tiles the hand does not use: 8m-ish tiles differ per hand, use honours not in it
    from meizhou_score.engine.tiles import TILES, parse_indices

    used = set(parse_indices(concealed))
    free = [str(TILES[i]) for i in range(34) if i not in used]
    kongs = []
    for tile in draw(st.lists(st.sampled_from(free), max_size=3, unique=True)):
        owner = draw(st.sampled_from([p for p in players if p != winner]))
        kind = draw(st.sampled_from(["concealed", "added", "exposed"]))
        k = {"player": owner, "type": kind, "tile": tile}
        if kind == "exposed":
            k["from"] = draw(st.sampled_from([p for p in players if p != owner]))
        kongs.append(k)
    rules = {
        "exposed_kong_payer": draw(st.sampled_from(["all", "discarder"])),
        "combine": draw(st.sampled_from(["highest", "add", "multiply"])),
    }
    stake = draw(st.sampled_from([1, 10, Decimal("0.5"), Decimal("2.25")]))
    return {
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "winner": winner,
        "win_type": win_type,
        "hand": {"concealed": concealed, "winning_tile": winning},
        "kongs": kongs,
        "rules": rules,
        "stake": stake,
    }


@settings(max_examples=300)
@given(valid_records())
def test_balances_sum_to_zero(rec):
    out = settle(rec)
    assert sum(out["balances"].values()) == 0
    assert list(out["balances"]) == rec["players"]
    for t in out["transfers"]:
        assert t["amount"] == t["units"] * rec["stake"]


def test_api_names_survive_submodule_imports():
    # importing every module of every room must not shadow the public functions (a room named
    # like a function, say ``settle/``, would replace ``meizhou_score.settle`` once imported)
    import importlib
    import pkgutil

    import meizhou_score

    for found in pkgutil.walk_packages(meizhou_score.__path__, "meizhou_score."):
        if found.name != "meizhou_score.__main__":
            importlib.import_module(found.name)
    for name in meizhou_score.__all__:
        assert not isinstance(getattr(meizhou_score, name), type(meizhou_score)), name
    assert callable(meizhou_score.settle) and callable(meizhou_score.load_record)


def test_thirteen_orphans_may_rob_a_kong():
    # our reading of R7 (README): the robbed 1m is the winner's only copy, as conservation requires;
    # the robbed player alone pays 6 × 10 = 60
    rec = hand(win_type="robbed_kong", robbed=C, concealed="19m19p19s1234567z 7z", winning="1m")
    out = settle(rec)
    assert out["valid"] and out["patterns"] == ["thirteen_orphans", "mixed_terminals"]
    assert out["balances"] == {A: 0, B: 60, C: -60, D: 0}


def test_a_session_hand_with_a_wrong_dealer_is_a_dispute_in_the_cli(tmp_path):
    from click.testing import CliRunner

    from meizhou_score.cli.app import cli

    path = tmp_path / "session.yaml"
    path.write_text(
        "players: [A, B, C, D]\nhands:\n  - {dealer: A, draw: true}\n  - {dealer: C, draw: true}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["settle", str(path)])
    assert result.exit_code == 1
    assert "names C as dealer; the rotation gives B" in result.stdout


def test_a_session_ends_with_every_dispute():
    # hand 1: Mei wins 6 (R5), the table claimed 5; hand 2 names Jun, but Mei won hand 1 and deals (R10);
    # hand 3 names Jun again, but after Jun's draw Lan deals, and 123m 456m 789p 234s 56s is not a win (R2)
    session = session_record(
        hand_record(claimed={B: 5}),
        draw_record(C),
        hand_record(C, concealed="123m 456m 789p 234s 56s", winning="6s", dealer=C),
    )
    out = settle(session)
    assert out["disputes"] == [
        {"hand": 1, "kind": "claims"},
        {"hand": 2, "kind": "dealer"},
        {"hand": 3, "kind": "not_a_win"},
        {"hand": 3, "kind": "dealer"},
    ]
    assert out["hands"][0]["claims"]["notes"] == ["partial"]  # only Mei was claimed


def test_claims_that_do_not_sum_to_zero_are_flagged():
    out = settle(hand_record(claimed={A: -2, B: 6, C: -2, D: -1}))  # Lan paid 2, not 1: sums to 1
    assert out["claims"]["notes"] == ["unbalanced"]
    assert settle(hand_record(claimed={A: -2, B: 6, C: -2, D: -2}))["claims"] == {
        "agree": True,
        "differences": {},
    }
