"""Bulk mode (settle --jsonl): the fast JSON decoder must read every line as json would."""

import json
from decimal import Decimal

import pytest

from meizhou_score.bulk import lines as bulk

HAND = (
    '{"players": ["Ah Fook", "Mei", "Jun", "Lan"], "dealer": "Mei", "stake": STAKE, "winner": "Jun", '
    '"win_type": "self_draw", "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}}'
)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 0.1, "b": 0.30000000000000001, "c": 1e400, "d": 1E3, "e": -0.0, "f": 2.50}',
        '{"n": 123456789012345678901234567890, "m": -9223372036854775809}',
        '{"name": "陳 \\u00e9 \\" \\\\ \\n", "dup": 1, "dup": 2}',
        '[true, false, null, [], {}, ""]',
    ],
)
def test_the_fast_decoder_reads_as_json_does(text):
    exact = json.JSONDecoder(parse_float=Decimal).decode(text)
    fast = bulk._decoder()
    assert fast(text) == exact or "dup" in text
    assert (
        repr(fast(text)) == repr(exact) or "dup" in text
    )  # Decimal('2.50') stays 2.50, ints stay ints


@pytest.mark.parametrize(
    "stake, gold",
    [
        ("2.5", "5"),
        ("0.30000000000000001", "0.60000000000000002"),
        ("12345678901234567890", "24691357802469135780"),
        ("1e1", "20"),
    ],
)
def test_stakes_stay_exact_through_bulk_mode(stake, gold):
    # R5: a self-draw of ratio 1 (平胡) takes 2 units from each player; a unit is worth the stake
    line, outcome = bulk.settle_line(HAND.replace("STAKE", stake), 1)
    out = json.loads(line, parse_float=Decimal)
    assert outcome == "settled"
    assert out["balances"]["Mei"] == -Decimal(gold)
    assert out["balances"]["Jun"] == 3 * Decimal(gold)


@pytest.mark.parametrize(
    "text, fragment",
    [
        # json reads a lone surrogate; a name holding one is refused, as is any control character
        ('{"players": ["\\ud800", "B", "C", "D"], "dealer": "B", "draw": true}', "broken Unicode"),
        (
            '{"players": ["A\\u001b[2J", "B", "C", "D"], "dealer": "B", "draw": true}',
            "control characters",
        ),
        (HAND.replace("STAKE", "NaN"), "stake: expected a finite number"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ("{not json", "not JSON: Expecting property name"),
        ('\ufeff{"a": 1}', "not JSON"),
    ],
)
def test_what_the_fast_decoder_refuses_json_decides(text, fragment):
    line, outcome = bulk.settle_line(text, 4)
    out = json.loads(line)
    if fragment is None:
        assert outcome == "settled" and out["valid"] is True
    else:
        assert outcome == "refused" and out["line"] == 4 and fragment in out["error"], out


def test_memos_stay_within_their_bounds_when_every_table_is_new():
    # the worst case for memory: 20,000 hands at 20,000 different tables; every memo stops at its bound
    import io
    import random

    from records import make_record

    from meizhou_score.engine import memo

    rng = random.Random(5)
    lines = []
    for n in range(20_000):
        rec = make_record(rng)
        text = json.dumps(rec)
        for old in rec["players"]:
            text = text.replace(f'"{old}"', f'"{old} {n}"')
        lines.append(text + "\n")
    out = io.BytesIO()
    summary = bulk.run(lines, out)
    assert summary.refused == 0 and summary.settled + summary.disputed == 20_000
    assert len(out.getvalue().splitlines()) == 20_000
    sizes = memo.sizes()
    assert all(entries <= limit for entries, limit in sizes.values()), sizes
    assert sizes["record.seated"][0] > 0  # the test did fill a table-keyed memo


def test_any_writer_will_do():
    class Writer:
        def __init__(self):
            self.parts = []

        def write(self, text):
            self.parts.append(text)

    out = Writer()
    draw = '{"players": ["A", "B", "C", "D"], "dealer": "B", "draw": true}\n'
    assert bulk.run([draw, draw], out) == (2, 0, 0, 0)
    lines = b"".join(out.parts).splitlines()
    assert [json.loads(line)["next_dealer"] for line in lines] == [
        "C",
        "C",
    ]  # R10: after a draw, the next seat
