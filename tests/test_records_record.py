"""Bad records (exit 2): each message names the key path and what was expected."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from records import draw_record, hand_record, session_record

from meizhou_score import RecordError, RulesError, settle
from meizhou_score.records.loader import load_yaml

BASE = hand_record()  # Mei self-draws an ordinary hand; Ah Fook dealt


def edit(**changes):
    rec = copy.deepcopy(BASE)
    for key, value in changes.items():
        target = rec
        *parents, last = key.split("__")
        for p in parents:
            target = target[p]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value
    return rec


DELETE = object()


@pytest.mark.parametrize(
    "rec, path, fragment",
    [
        pytest.param(
            edit(players=["A", "B", "C"]), "players", "exactly 4 players", id="three-players"
        ),
        pytest.param(
            edit(players=["A", "B", "C", "D", "E"]), "players", "got 5", id="five-players"
        ),
        pytest.param(
            edit(players=["A", "A", "C", "D"]),
            "players[1]",
            "already seated",
            id="duplicate-player",
        ),
        pytest.param(edit(dealer="Bob"), "dealer", "one of the players", id="dealer-not-seated"),
        pytest.param(edit(winner="Bob"), "winner", "one of the players", id="winner-not-seated"),
        pytest.param(
            edit(win_type="discard"),
            "win_type",
            "one of self_draw, kong_bloom, robbed_kong",
            id="discard-win-is-not-a-win-type",
        ),
        pytest.param(edit(stake=0), "stake", "a positive number", id="zero-stake"),
        pytest.param(edit(stake=-5), "stake", "a positive number", id="negative-stake"),
        pytest.param(edit(stake="ten"), "stake", "a positive number", id="text-stake"),
        pytest.param(edit(winer="Mei"), "winer", "did you mean 'winner'", id="typo"),
        pytest.param(
            edit(hand__concealed="123m 456m 789p 234s 5x"),
            "hand.concealed",
            "unexpected 'x'",
            id="bad-tile",
        ),
        pytest.param(
            edit(hand__concealed="123m 456m 789p 234s"),
            "hand",
            "expected 14 tiles",
            id="count-rule",
        ),
        pytest.param(
            edit(hand__winning_tile="9s"),
            "hand.winning_tile",
            "not among the concealed tiles",
            id="winning-tile-not-held",
        ),
        pytest.param(
            edit(hand__pungs=["123m"], hand__concealed="456m 789p 234s 55s"),
            "hand.pungs[0]",
            "there is no chow",
            id="chow-under-pungs",
        ),
        pytest.param(
            edit(robbed="Jun"),
            "robbed",
            "only allowed when win_type is robbed_kong",
            id="robbed-without-robbed-kong",
        ),
        pytest.param(
            edit(win_type="robbed_kong"), "robbed", "missing", id="robbed-kong-without-robbed"
        ),
        pytest.param(
            edit(win_type="robbed_kong", robbed="Mei"),
            "robbed",
            "cannot be the winner",
            id="robbed-is-winner",
        ),
        pytest.param(
            edit(draw=True), "winner", "not allowed in an exhaustive draw", id="draw-with-winner"
        ),
        pytest.param(edit(winner=DELETE), "winner", "missing", id="no-winner-no-draw"),
        pytest.param(
            edit(kongs=[{"player": "Jun", "type": "dark", "tile": "5z"}]),
            "kongs[0].type",
            "one of concealed, added, exposed (or 暗槓, 加槓, 明槓); got 'dark'",
            id="kong-type",
        ),
        pytest.param(
            edit(kongs=[{"player": "Jun", "type": "exposed", "tile": "5z"}]),
            "kongs[0].from",
            "missing",
            id="exposed-without-from",
        ),
        pytest.param(
            edit(kongs=[{"player": "Jun", "type": "exposed", "tile": "5z", "from": "Jun"}]),
            "kongs[0].from",
            "another player",
            id="exposed-from-itself",
        ),
        pytest.param(
            edit(kongs=[{"player": "Jun", "type": "added", "tile": "5z", "from": "Lan"}]),
            "kongs[0].from",
            "only allowed for an exposed kong",
            id="from-on-added",
        ),
        pytest.param(
            edit(
                kongs=[
                    {"player": "Jun", "type": "concealed", "tile": "4s"},
                    {"player": "Lan", "type": "concealed", "tile": "5z"},
                ]
            ),
            "hand",
            "5 copies of 4s",
            id="five-copies-across-hand-and-kongs",
        ),
        pytest.param(
            edit(claimed={"Bob": 3}), "claimed.Bob", "one of the players", id="claim-not-seated"
        ),
        pytest.param(
            edit(rules={"combine": "sum"}),
            "rules.combine",
            "one of highest, add, multiply",
            id="rules-choice",
        ),
        pytest.param(
            edit(rules={"patterns": {"big_hand": 3}}),
            "rules.patterns.big_hand",
            "unknown pattern id",
            id="rules-pattern-id",
        ),
        pytest.param(
            edit(rules={"self_draw_share": -1}),
            "rules.self_draw_share",
            "whole number from 0 to 1,000,000",
            id="rules-range",
        ),
        pytest.param(["not", "a", "mapping"], "", "expected a mapping", id="top-level-list"),
    ],
)
def test_bad_record(rec, path, fragment):
    with pytest.raises(RecordError) as err:
        settle(rec)
    assert err.value.path == path
    assert fragment in str(err.value)


def test_robbed_seven_pairs_breaks_conservation():
    # R7: the robbed pung holds three copies; a seven-pairs hand needs two more
    rec = edit(
        win_type="robbed_kong",
        robbed="Jun",
        hand={"concealed": "11m 33m 55p 77p 99s 22s 11z", "winning_tile": "9s"},
    )
    with pytest.raises(RecordError, match="5 copies of 9s"):
        settle(rec)


def test_robbed_all_pungs_breaks_conservation():
    rec = edit(
        win_type="robbed_kong",
        robbed="Jun",
        hand={"concealed": "111m 999p 555s 22s 777z", "winning_tile": "5s"},
    )
    with pytest.raises(RecordError, match="6 copies of 5s"):
        settle(rec)


def test_rules_error_is_a_record_error():
    with pytest.raises(RulesError):
        settle(edit(rules={"kong_units": {"dark": 1}}))


def test_the_input_mapping_is_not_modified():
    rec = edit(kongs=[{"player": "Jun", "type": "added", "tile": "7z"}], rules={"combine": "add"})
    before = copy.deepcopy(rec)
    settle(rec)
    assert rec == before


@pytest.mark.parametrize(
    "text, fragment",
    [
        pytest.param("players: [a, b\n", "line 2", id="unclosed-list"),
        pytest.param("a: 1\na: 2\n", "appears twice", id="duplicate-key"),
        pytest.param("!!python/object/apply:os.system ['echo hi']\n", "YAML", id="python-tag"),
    ],
)
def test_yaml_errors(text, fragment):
    with pytest.raises(RecordError) as err:
        load_yaml(text, "hand.yaml")
    assert fragment in str(err.value)
    assert "hand.yaml" in str(err.value)


def test_yaml_decimals_are_exact():
    from decimal import Decimal

    assert load_yaml("stake: 0.1\n") == {"stake": Decimal("0.1")}


def test_without_libyaml_deep_nesting_is_still_refused(monkeypatch):
    # the pure-Python SafeLoader recurses; a RecursionError must become a clear error
    import yaml

    from meizhou_score.records import yamlin

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    monkeypatch.setattr(yamlin, "_LOADER", None)
    with pytest.raises(RecordError, match="nested more than 8 deep"):
        load_yaml("players: " + "[" * 5000 + "]" * 5000 + "\n", "deep.yaml")
    assert load_yaml("stake: 0.5\n") == {"stake": __import__("decimal").Decimal("0.5")}
    monkeypatch.setattr(yamlin, "_LOADER", None)  # the next test gets the C loader back


@pytest.mark.parametrize(
    "key, value", [("players", ["A", "B", "C", "D"]), ("rules", {"combine": "add"})]
)
def test_a_session_hand_may_not_change_players_or_rules(key, value):
    session = session_record(draw_record("A"), players=["A", "B", "C", "D"])
    session["hands"][0][key] = value
    with pytest.raises(RecordError, match=rf"hands\[0\]\.{key}: not allowed in a session's hand"):
        settle(session)


def test_a_session_hand_may_have_its_own_stake():
    session = session_record(
        hand_record("B", dealer="A", stake=1), players=["A", "B", "C", "D"], stake=10
    )
    assert settle(session)["totals"] == {"A": -2, "B": 6, "C": -2, "D": -2}  # 2 units × 1, not × 10


def test_a_remembered_kong_is_still_checked_in_every_other_form():
    # the record loader remembers kongs it has found good; a kong that differs in any way is checked again
    kong = {"player": "Lan", "type": "concealed", "tile": "1z"}
    good = edit(kongs=[kong])
    assert settle(good)["valid"]
    cases = [
        (edit(kongs=[dict(kong, colour="red")]), "kongs[0].colour", "unknown key"),
        (
            edit(kongs=[dict(kong, **{"from": "Jun"})]),
            "kongs[0].from",
            "only allowed for an exposed kong",
        ),
        (edit(kongs=[dict(kong, type="exposed")]), "kongs[0].from", "missing"),
        (
            edit(kongs=[dict(kong, **{"from": None})]),
            "kongs[0].from",
            "only allowed for an exposed kong",
        ),
        (edit(kongs=[dict(kong, tile=["1z"])]), "kongs[0].tile", "tiles as text"),
        (
            edit(players=["Ah Fook", "Mei", "Jun", "Lana"], kongs=[kong]),
            "kongs[0].player",
            "one of the players",
        ),
    ]
    for rec, path, fragment in cases:
        with pytest.raises(RecordError) as info:
            settle(rec)
        assert info.value.path == path and fragment in str(info.value), (path, str(info.value))


def test_a_remembered_kong_does_not_admit_a_boolean_for_a_name():
    # names 1-4 are allowed (as text); True equals 1 in Python but is not a name
    numbered = edit(
        players=[1, 2, 3, 4],
        dealer=1,
        winner=2,
        kongs=[{"player": 1, "type": "added", "tile": "1z"}],
    )
    assert settle(numbered)["balances"] == {
        "1": 3 - 2,
        "2": 6 - 1,
        "3": -2 - 1,
        "4": -2 - 1,
    }  # R5 + R8
    assert settle(numbered)["valid"]
    flagged = edit(
        players=[1, 2, 3, 4],
        dealer=1,
        winner=2,
        kongs=[{"player": True, "type": "added", "tile": "1z"}],
    )
    assert settle(flagged.copy() | {"kongs": [{"player": "1", "type": "added", "tile": "1z"}]})[
        "valid"
    ]
    with pytest.raises(RecordError) as info:
        settle(flagged)
    assert info.value.path == "kongs[0].player"


def test_house_rules_are_checked_and_keep_their_base():
    from meizhou_score.records.rules import DEFAULT_RULES

    once = DEFAULT_RULES.override({"self_draw_share": 1, "combine": "add"})
    assert (once.self_draw_share, once.combine) == (1, "add")
    with pytest.raises(
        RulesError,
        match=r"self_draw_share: expected a whole number from 0 to 1,000,000; got true \(a yes-or-no",
    ):
        DEFAULT_RULES.override(
            {"self_draw_share": True, "combine": "add"}
        )  # True == 1, but is no share
    other = DEFAULT_RULES.override({"combine": "multiply"})
    assert other.override({"self_draw_share": 1, "combine": "add"}).combine == "add"
    assert other.override({"self_draw_share": 1}).combine == "multiply"  # built on its own base
    nested = {"patterns": {"ordinary": 3}}
    assert DEFAULT_RULES.override(nested).patterns["ordinary"] == 3
    assert DEFAULT_RULES.patterns["ordinary"] == 1


@pytest.mark.parametrize(
    "win_type, expected",
    [
        ("自摸", "self_draw"),
        ("self-draw", "self_draw"),
        ("槓上開花", "kong_bloom"),
        ("搶槓", "robbed_kong"),
    ],
)
def test_win_types_in_the_players_words(win_type, expected):
    rec = edit(win_type=win_type)
    if expected == "kong_bloom":
        rec["kongs"] = [{"player": "Mei", "type": "暗槓", "tile": "1z"}]
        rec["hand"] = {"concealed": "123m 456p 789s 55s", "winning_tile": "5s"}
    if expected == "robbed_kong":
        rec["robbed"] = "Jun"
    out = settle(rec)
    assert out["win_type"] == expected and out["valid"]


@pytest.mark.parametrize(
    "written, expected",
    [("暗槓", "concealed_kong"), ("加槓", "added_kong"), ("明槓", "exposed_kong")],
)
def test_kong_types_in_chinese(written, expected):
    kong = {"player": "Jun", "type": written, "tile": "1z"}
    if expected == "exposed_kong":
        kong["from"] = "Lan"
    out = settle(edit(kongs=[kong]))
    assert {t["reason"] for t in out["transfers"]} == {"self_draw", expected}


@settings(max_examples=400, deadline=None)
@given(
    concealed=st.lists(st.integers(0, 33), max_size=14),
    pungs=st.lists(st.integers(0, 33), max_size=4),
    kongs=st.lists(st.integers(0, 33), max_size=4),
    robbed=st.booleans(),
    draw=st.booleans(),
)
def test_the_quick_conservation_check_agrees_with_the_whole_tally(
    concealed, pungs, kongs, robbed, draw
):
    # R1: at most four of each tile kind in the whole record. The check first looks only at the
    # tiles of pungs and kongs (the usual record passes there); it must say "no fifth copy"
    # exactly when the full 34-count tally does
    from meizhou_score.records.conservation import _within_four
    from meizhou_score.records.model import Kong, Record, WinningHand
    from meizhou_score.records.tally import fifth_copy, tally

    counts = bytes(min(concealed.count(i), 255) for i in range(34))
    players = ("A", "B", "C", "D")
    hand = (
        None
        if draw or not concealed
        else WinningHand(tuple(concealed), tuple(pungs), concealed[0], counts)
    )
    record = Record(
        players,
        "A",
        draw=hand is None,
        winner=None if hand is None else "B",
        robbed="C" if robbed and hand is not None else None,
        hand=hand,
        kongs=tuple(Kong("D", "concealed", tile) for tile in kongs),
    )
    whole = tally(
        counts if hand is not None else bytes(34),
        pungs if hand is not None else (),
        kongs,
        concealed[0] if record.robbed is not None else None,
    )
    assert _within_four(record) == (fifth_copy(whole) is None)
