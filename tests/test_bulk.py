"""Bulk mode (settle --jsonl): the fast JSON decoder must read every line as json would."""

import json
from decimal import Decimal

import pytest

from meizhou_score import bulk

HAND = ('{"players": ["Ah Fook", "Mei", "Jun", "Lan"], "dealer": "Mei", "stake": STAKE, "winner": "Jun", '
        '"win_type": "self_draw", "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}}')


@pytest.mark.parametrize("text", [
    '{"a": 0.1, "b": 0.30000000000000001, "c": 1e400, "d": 1E3, "e": -0.0, "f": 2.50}',
    '{"n": 123456789012345678901234567890, "m": -9223372036854775809}',
    '{"name": "陳 \\u00e9 \\" \\\\ \\n", "dup": 1, "dup": 2}',
    '[true, false, null, [], {}, ""]',
])
def test_the_fast_decoder_reads_as_json_does(text):
    exact = json.JSONDecoder(parse_float=Decimal).decode(text)
    assert bulk._decode_fast(text) == exact
    assert repr(bulk._decode_fast(text)) == repr(exact)  # Decimal('2.50') stays 2.50, ints stay ints


@pytest.mark.parametrize("stake, gold", [("2.5", "5"), ("0.30000000000000001", "0.60000000000000002"),
                                         ("12345678901234567890", "24691357802469135780"), ("1e1", "20")])
def test_stakes_stay_exact_through_bulk_mode(stake, gold):
    # R5: a self-draw of ratio 1 (平胡) takes 2 units from each player; a unit is worth the stake
    line, code = bulk.settle_line(HAND.replace("STAKE", stake), 1)
    out = json.loads(line, parse_float=Decimal)
    assert code == 0
    assert out["balances"]["Mei"] == -Decimal(gold)
    assert out["balances"]["Jun"] == 3 * Decimal(gold)


@pytest.mark.parametrize("text, fragment", [
    ('{"players": ["\\ud800", "B", "C", "D"], "dealer": "B", "draw": true}', None),  # json accepts lone surrogates
    (HAND.replace("STAKE", "NaN"), "stake: expected a finite number"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ("{not json", "not JSON: Expecting property name"),
    ('\ufeff{"a": 1}', "not JSON"),
])
def test_what_the_fast_decoder_refuses_json_decides(text, fragment):
    line, code = bulk.settle_line(text, 4)
    out = json.loads(line)
    if fragment is None:
        assert code == 0 and out["valid"] is True
    else:
        assert code == 2 and out["line"] == 4 and fragment in out["error"], out


def test_memos_stay_within_their_bounds_when_every_table_is_new():
    # the worst case for memory: 20,000 hands at 20,000 different tables; the memos keyed
    # by a table (names, payments, balances, kongs) must stop at their bounds
    import io
    import random

    from records import make_record

    from meizhou_score import record, render, settlement

    rng = random.Random(5)
    lines = []
    for n in range(20_000):
        rec = make_record(rng)
        names = [f"{name} {n}" for name in rec["players"]]
        text = json.dumps(rec)
        for old, new in zip(rec["players"], names):
            text = text.replace(f'"{old}"', f'"{new}"')
        lines.append(text + "\n")
    out = io.StringIO()
    assert bulk.run(lines, out) in (0, 1)
    assert len(out.getvalue().splitlines()) == 20_000
    bounds = {"record._SEATED": (record._SEATED, 1024), "record._KONGS": (record._KONGS, 8192),
              "settlement._WIN_PAID": (settlement._WIN_PAID, 8192),
              "settlement._KONG_PAID": (settlement._KONG_PAID, 8192),
              "render._NAMES": (render._NAMES, 1024), "render._PAID": (render._PAID, 16384),
              "render._BALANCES": (render._BALANCES, 16384), "render._QUOTED": (render._QUOTED, 4096)}
    for name, (memo, bound) in bounds.items():
        assert len(memo) <= bound, name
    assert len(render._BALANCES) == 16384  # filled: the test did reach the bound


def test_any_writer_will_do():
    class Writer:
        def __init__(self):
            self.parts = []

        def write(self, text):
            self.parts.append(text)

    out = Writer()
    draw = '{"players": ["A", "B", "C", "D"], "dealer": "B", "draw": true}\n'
    assert bulk.run([draw, draw], out) == 0
    lines = "".join(out.parts).splitlines()
    assert [json.loads(line)["next_dealer"] for line in lines] == ["C", "C"]  # R10: after a draw, the next seat
