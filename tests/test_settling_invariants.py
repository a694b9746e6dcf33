"""Invariants over 10,000 random legal records a run (tests/records.py makes them).

The seed changes every run and is printed on failure; set INVARIANT_SEED to replay.
"""

import json
import os
import random
from decimal import Decimal

import pytest
import yaml
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from records import PLAYERS, make_record

from meizhou_score import settle
from meizhou_score.cli.app import cli
from meizhou_score.render.jsonout import dumps

COUNT = int(os.environ.get("INVARIANT_RECORDS", 10_000))
SEED = int(os.environ.get("INVARIANT_SEED", random.SystemRandom().randrange(1 << 30)))


@pytest.fixture(scope="module")
def records():
    rng = random.Random(SEED)
    out = []
    for _ in range(COUNT):
        rec = make_record(rng)
        if "stake" in rec:
            rec["stake"] = Decimal(str(rec["stake"]))
        out.append(rec)
    return out


@pytest.fixture(scope="module")
def results(records):
    return [settle(rec) for rec in records]


def _payers_allowed(rec, t):
    """Who may pay whom for this transfer, by RULES.md R5–R8."""
    reason = t["reason"]
    if reason in ("self_draw", "kong_bloom"):
        return t["to"] == rec["winner"] and t["from"] != rec["winner"]
    if reason == "robbed_kong":
        return t["to"] == rec["winner"] and t["from"] == rec["robbed"]
    kong = [
        k for k in rec.get("kongs", []) if f"{k['type']}_kong" == reason and k["player"] == t["to"]
    ]
    if not kong:
        return False
    discarder = (rec.get("rules") or {}).get("exposed_kong_payer") == "discarder"
    if reason == "exposed_kong" and discarder:
        return any(t["from"] == k["from"] for k in kong)
    return t["from"] != t["to"]


def test_balances_sum_to_zero_and_only_the_named_payers_pay(records, results):
    for rec, out in zip(records, results, strict=True):
        where = f"INVARIANT_SEED={SEED} record {rec}"
        assert sum(out["balances"].values()) == 0, where
        assert list(out["balances"]) == rec["players"], where
        for t in out["transfers"]:
            assert _payers_allowed(rec, t), where
            assert t["units"] > 0, where
        if rec.get("draw"):
            assert out["transfers"] == [] and set(out["balances"].values()) == {0}, where


def test_rotating_the_seats_rotates_the_balances(records, results):
    for rec, out in zip(records[:3000], results, strict=False):
        turned = dict(rec, players=rec["players"][1:] + rec["players"][:1])
        again = settle(turned)
        assert again["balances"] == out["balances"], f"INVARIANT_SEED={SEED} {rec}"
        assert list(again["balances"]) == turned["players"]
        assert again["next_dealer"] == out["next_dealer"]


def test_scaling_the_stake_scales_every_amount(records, results):
    for rec, out in zip(records[:3000], results, strict=False):
        stake = Decimal(str(rec.get("stake", 1)))
        scaled = settle(dict(rec, stake=stake * 7))
        assert [t["amount"] for t in scaled["transfers"]] == [
            t["amount"] * 7 for t in out["transfers"]
        ]
        assert scaled["balances"] == {k: v * 7 for k, v in out["balances"].items()}


def test_json_reparses_to_the_same_numbers_and_settling_twice_is_identical(records, results):
    for rec, out in zip(records[:3000], results, strict=False):
        text = dumps(out, indent=None)
        back = json.loads(text, parse_float=Decimal)
        assert back["balances"] == out["balances"]
        assert [t["amount"] for t in back["transfers"]] == [t["amount"] for t in out["transfers"]]
        assert dumps(settle(rec), indent=None) == text


def test_the_input_file_is_unchanged(records, tmp_path):
    runner = CliRunner()
    for n, rec in enumerate(records[:200]):
        path = tmp_path / f"hand{n}.yaml"
        data = dict(rec)
        if "stake" in data:
            data["stake"] = float(data["stake"])
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        before = path.read_bytes()
        result = runner.invoke(cli, ["settle", str(path), "--format", "json"])
        assert result.exit_code in (0, 1), result.output
        assert path.read_bytes() == before


def _bulk(rec, number=1):
    """One record through bulk mode, its line parsed back with exact decimals."""
    from meizhou_score.bulk.lines import settle_line

    line, outcome = settle_line(json.dumps(rec, default=str), number)
    return json.loads(line, parse_float=Decimal), outcome


def _stake_as_number(rec):
    # a Decimal stake goes into the JSON line as a number (default=str would quote it)
    if "stake" in rec:
        rec = dict(rec, stake=float(rec["stake"]))
    return rec


def test_bulk_mode_writes_the_same_object_as_the_api(records):
    # one pipeline, one writer: a bulk line is {"line": N} followed by exactly settle()'s object
    for n, rec in enumerate(records[:3000], start=1):
        rec = _stake_as_number(rec)
        out, outcome = _bulk(rec, n)
        assert outcome in ("settled", "disputed")
        assert out == {"line": n, **json.loads(dumps(settle(rec)), parse_float=Decimal)}, (
            f"INVARIANT_SEED={SEED}"
        )


@pytest.mark.parametrize("stake, kong_gold", [(1, 2), (5, 10), (0.5, 1)])
def test_a_share_of_zero_pays_nothing(stake, kong_gold):
    # self_draw_share 0: the win pays nothing (no transfer, README), the concealed kong still
    # pays 2 units from each of the three others (R8): Jun +6 units, the others -2 each.
    rec = {
        "players": ["Ah Fook", "Mei", "Jun", "Lan"],
        "dealer": "Mei",
        "stake": stake,
        "winner": "Jun",
        "win_type": "self_draw",
        "rules": {"self_draw_share": 0},
        "hand": {"concealed": "123m 456m 789p 55s", "winning_tile": "5s"},
        "kongs": [{"player": "Jun", "type": "concealed", "tile": "1z"}],
    }
    out, _ = _bulk(rec, 3)
    assert [(t["from"], t["amount"], t["rule"]) for t in out["transfers"]] == [
        ("Ah Fook", kong_gold, "R8"),
        ("Mei", kong_gold, "R8"),
        ("Lan", kong_gold, "R8"),
    ]
    assert out["balances"] == {
        "Ah Fook": -kong_gold,
        "Mei": -kong_gold,
        "Jun": 3 * kong_gold,
        "Lan": -kong_gold,
    }


def test_every_seating_settles_by_its_own_seat_order(records):
    # the same four names seated in other orders: R7's single payer is the sharp case
    seatings = [PLAYERS[k:] + PLAYERS[:k] for k in range(4)] + [PLAYERS[::-1]]
    for n, rec in enumerate(records[:500], start=1):
        rec = _stake_as_number(rec)
        for players in seatings:
            seated = dict(rec, players=players)
            out, _ = _bulk(seated, n)
            assert out == {"line": n, **json.loads(dumps(settle(seated)), parse_float=Decimal)}, (
                f"{players} {rec}"
            )
            assert list(out["balances"]) == players


def test_remembering_never_changes_a_result(records):
    # every memo is keyed by all that its answer depends on: a record settled among thousands of
    # others (other seatings, names, rules, stakes) reads exactly as when settled alone
    from meizhou_score.bulk.lines import settle_line
    from meizhou_score.engine import memo

    rng = random.Random(SEED)
    lines = []
    for rec in records[:1500]:
        rec = dict(
            rec, players=rng.sample(PLAYERS, 4)
        )  # the same four at the table, seated otherwise
        text = json.dumps(rec, default=float)  # a Decimal stake: its shortest text, read back exact
        if rng.random() < 0.3:  # or other people
            for k, name in enumerate(PLAYERS):
                text = text.replace(f'"{name}"', f'"@{k}"')
            for k, name in enumerate(PLAYERS):
                text = text.replace(f'"@{k}"', f'"{name} {rng.randrange(3)}"')
        lines.append(text)
    together = [settle_line(text, n) for n, text in enumerate(lines)]
    assert sum(outcome == "refused" for _, outcome in together) == 0  # every line a good record
    alone = []
    for n, text in enumerate(lines):
        memo.clear()
        alone.append(settle_line(text, n))
    assert together == alone, f"INVARIANT_SEED={SEED}"


def test_a_value_is_made_only_by_calling_its_class_so_its_defaults_hold():
    # engine/value.py: one way to make a value, its class called with its fields. tuple.__new__
    # (the hot path's former shortcut, memo.new_tuple) skipped a NamedTuple's own __new__ and with
    # it every field default: a field added with a default and not passed there left the value
    # short, its attribute read failing far from where it was made
    package = ROOT / "meizhou_score"
    shortcuts = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted(package.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "tuple.__new__" in line or "new_tuple" in line
    ]
    assert shortcuts == []
    from meizhou_score.settling.payment import Basis, Collection

    basis = Basis(2, 1)  # a win's share without kong bloom: the multiplier's default, 1
    paid = Collection(("Jun", "Lan", "Bo"), "Mei", 2, "self_draw", "R5", basis)
    assert (basis.multiplier, paid.tile) == (1, None)


def test_every_value_has_all_its_fields(records):
    # a Value (engine.value: a record, a kong, a winning hand, a settlement, a payment and its
    # basis, the score, its reading, the winner's shape) must have every field set by __init__
    from meizhou_score.engine.value import Value

    def whole(value):
        assert isinstance(value, Value), f"{type(value).__name__} {value!r}"
        for name in type(value)._fields:
            getattr(value, name)  # AttributeError where __init__ forgot one
        slots = getattr(type(value), "__slots__", None)  # a compiled native class has none
        assert slots is None or set(slots) == set(type(value)._fields)

    from meizhou_score.settling.night import settle_data

    seen = set()
    for s in (settle_data(r).last for r in records[:2000]):
        if not s.valid:
            continue
        r = s.record
        for value in (s, r, *r.kongs, *s.payments, *(c.basis for c in s.payments)):
            whole(value)
            seen.add(type(value).__name__)
        if r.hand is not None:
            whole(r.hand)
            whole(s.score)
            whole(s.score.reading)
            seen.update(("WinningHand", "Score", "Reading"))
    from meizhou_score.engine.hand import shape

    whole(shape(bytes(34)))
    seen.add("Shape")
    assert seen >= {
        "Settlement",
        "Record",
        "Kong",
        "Collection",
        "Basis",
        "WinningHand",
        "Score",
        "Reading",
        "Shape",
    }


def test_a_value_pickles_copies_compares_and_replaces_as_the_namedtuple_did():
    # a native class of the compiled build could not be
    # pickled or copied, and pure Python's slots refused pickle protocols 0 and 1
    import copy
    import pickle

    from meizhou_score.engine.hand import Block, Reading, shape
    from meizhou_score.engine.patterns import Score
    from meizhou_score.records.model import Kong, Record, WinningHand
    from meizhou_score.settling.payment import Basis, Collection

    kong = Kong("Mei", "exposed", 4, "Jun")
    hand = WinningHand((0, 1, 2), (33,), 2, bytes(34))
    record = Record(("Mei", "Jun", "Lan", "Bo"), "Jun", kongs=(kong,), hand=hand, winner="Mei")
    basis = Basis(None, 1, 3)
    paid = Collection(("Jun",), "Mei", 3, "exposed_kong", "R8", basis, 4)
    reading = Reading("seven_pairs", tuple(Block("pair", t) for t in range(7)))
    scored = Score(reading, ("seven_pairs",), 4)
    melded = shape(bytes(34), (Block("pung", 27, False),))
    values = (kong, hand, record, basis, paid, reading, scored, melded)
    for value in values:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(value, protocol)) == value
        assert copy.deepcopy(value) == value
    for value in values:
        assert copy.copy(value) == value
    assert kong == Kong("Mei", "exposed", 4, "Jun") and hash(kong) == hash(copy.copy(kong))
    assert kong != Kong("Mei", "exposed", 5, "Jun") and len({kong, copy.copy(kong)}) == 1
    assert repr(kong) == "Kong(player='Mei', type='exposed', tile=4, discarder='Jun')"
    moved = record._replace(dealer="Lan")
    assert (moved.dealer, moved.kongs, record.dealer) == ("Lan", (kong,), "Jun")
    with pytest.raises(ValueError, match="no field named nosuch"):
        kong._replace(nosuch=1)


def test_a_record_and_its_settlement_under_house_rules_pickle_and_copy_whole():
    # engine/value.py says a value pickles and copies; a Record's Rules (a NamedTuple holding
    # read-only mappingproxy views) refused pickle at every protocol and deepcopy, in both builds
    import copy
    import pickle

    from meizhou_score import load_rules
    from meizhou_score.settling.night import settle_data
    from meizhou_score.settling.settlement import settle_record

    house = load_rules(str(EXAMPLES / "house-rules.yaml"))
    data = yaml.safe_load((EXAMPLES / "robbed-kong.yaml").read_text(encoding="utf-8"))
    settled = settle_data(data, house).hands[0]
    record = settled.record
    copies = [pickle.loads(pickle.dumps(settled, p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    copies += [copy.copy(settled), copy.deepcopy(settled)]
    for again in copies:
        assert again == settled and again.record == record
        rules = again.record.rules
        # the house rules as examples/house-rules.yaml sets them: self-draw 3 units from each,
        # so a robbed kong's 3 shares are 9; 十三幺 off; a concealed kong 3 units
        assert (rules.self_draw_share, rules.robbed_share, rules.combine) == (3, 9, "add")
        assert rules.patterns["thirteen_orphans"] == 0 and not rules.thirteen_orphans
        assert rules.kong_units["concealed"] == 3
        with pytest.raises(TypeError):  # still a read-only view, as the original
            rules.patterns["all_pungs"] = 9  # type: ignore[index]  # a read-only view refuses the write
        assert settle_record(again.record).amounts == settled.amounts
    assert copy.deepcopy(record) == record and pickle.loads(pickle.dumps(record, 0)) == record


def test_settling_the_next_hand_alone_gives_what_the_whole_night_gives():
    # record settles only the hand it adds (settle_next); the night must read exactly as if settled whole
    import random

    from records import make_record

    from meizhou_score.errors import MeizhouError
    from meizhou_score.render.jsonout import night_json
    from meizhou_score.settling.night import settle_data, settle_next

    rng = random.Random(11)
    compared = 0
    for _ in range(400):
        hands = []
        for n in range(rng.randint(2, 6)):
            hand = {
                k: v for k, v in make_record(rng).items() if k not in ("players", "rules", "date")
            }
            if n and rng.random() < 0.7:
                hand.pop(
                    "dealer"
                )  # most hands follow the rotation; some name a dealer, right or wrong
            hands.append(hand)
        night = {"players": PLAYERS, "stake": rng.choice([1, 10, 2.5]), "hands": hands}
        try:
            before = settle_data({**night, "hands": hands[:-1]})
        except MeizhouError:
            continue
        try:
            whole = night_json(settle_data(night))
        except MeizhouError as exc:
            with pytest.raises(MeizhouError) as again:
                settle_next(before, {**night, "hands": hands[:-1]}, hands[-1])
            assert str(again.value) == str(exc)
            continue
        assert night_json(settle_next(before, {**night, "hands": hands[:-1]}, hands[-1])) == whole
        compared += 1
    assert compared > 150
