"""Bulk mode (settle --jsonl): the fast JSON decoder must read every line as json would."""

import json
from decimal import Decimal

import pytest

from meizhou_score.bulk import lines as bulk
from meizhou_score.records.untrusted import keys_within_depth

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
    fast = bulk.line_decoder()
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
        # json reads a lone surrogate, refused as a file and the page refuse it; a control
        # character in a name is refused by the names' rule
        (
            '{"players": ["\\ud800", "B", "C", "D"], "dealer": "B", "draw": true}',
            "line 4: players[0]: not text: a lone surrogate (\\ud800)",
        ),
        (
            '{"players": ["A\\u001b[2J", "B", "C", "D"], "dealer": "B", "draw": true}',
            "control characters",
        ),
        (HAND.replace("STAKE", "NaN"), "stake: expected a finite number"),
        ("[" * 5000 + "]" * 5000, "nested more than 8 deep; no hand record or session is"),
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
    assert sizes["record.names"][0] > 0  # the test did fill the memo of names


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


DRAW = b'{"players": ["A\xff", "B", "C", "D"], "dealer": "B", "draw": true}'


@pytest.mark.parametrize(
    "raw, error",
    [
        # bytes msgspec refuses are decoded as text first, which says which byte is wrong (from 1)
        (DRAW, "line 4: not UTF-8 text (byte 16 is 0xff)"),
        (DRAW.replace(b"\xff", b"\xed\xa0\x80"), "line 4: not UTF-8 text (byte 16 is 0xed)"),
        (DRAW.replace(b"\xff", b"\xc0\x80"), "line 4: not UTF-8 text (byte 16 is 0xc0)"),
        # a key written twice in bytes msgspec reads: json reads the line again and says so
        (
            DRAW.replace(b"\xff", b"").replace(b"}", b', "draw": false}'),
            "line 4: the key 'draw' appears twice",
        ),
    ],
)
def test_a_line_read_from_its_bytes_is_refused_as_text_would_be(raw, error):
    line, outcome = bulk.settle_line(raw, 4)
    assert outcome == "refused"
    assert json.loads(line) == {"line": 4, "valid": False, "error": error}


def test_an_escaped_colon_in_bytes_is_no_repeated_key():
    # "A\u003aB" is the name A:B; an exhaustive draw (R9) pays nothing, and the dealer deals again
    raw = DRAW.replace(b"\xff", b"\\u003aB")
    out = json.loads(bulk.settle_line(raw, 1)[0])
    assert out["balances"] == {"A:B": 0, "B": 0, "C": 0, "D": 0}


def test_bytes_and_text_of_a_line_settle_alike():
    import random
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from records import club_log, fresh_seating_log

    for log in (club_log, fresh_seating_log):
        for n, record in enumerate(log(random.Random(5), 300), start=1):
            text = json.dumps(record, ensure_ascii=n % 2 == 0)  # \u escapes on every other line
            assert bulk.settle_line(text.encode(), n) == bulk.settle_line(text, n)


def test_a_line_is_the_json_object_of_its_night_with_its_number_first():
    # bulk mode writes each transfer from a msgspec struct and splices "line" into the object's
    # encoding; the bytes must be those of the plain objects the API returns, with "line" first
    import random
    import sys
    from pathlib import Path

    from meizhou_score.render.jsonout import encode, night_json
    from meizhou_score.settling.night import settle_data

    sys.path.insert(0, str(Path(__file__).parent))
    from records import club_log

    session = {
        "players": ["A", "B", "C", "D"],
        "stake": 2.5,
        "hands": [
            {"dealer": "A", "draw": True},
            {
                "winner": "C",
                "win_type": "self_draw",
                "hand": json.loads(HAND.replace("STAKE", "1"))["hand"],
            },
        ],
    }
    records = [session, *club_log(random.Random(11), 400)]
    stakes = set()
    for n, record in enumerate(records, start=1):
        line, outcome = bulk.settle_line(json.dumps(record), n)
        if outcome == "refused":
            continue  # a broken line (2% of a club's log): its error object, tested elsewhere
        night = settle_data(json.loads(json.dumps(record), parse_float=Decimal))
        assert line == encode({"line": n, **night_json(night)})
        stakes.add(str(record.get("stake", 1)))
    assert {"2.5", "0.5", "1"} <= stakes  # decimal amounts among them


def test_no_depth_of_nesting_is_taken_for_a_bug():
    # found while counting keys: a line nested just short of what msgspec reads was decoded, then
    # checked for a repeated key deeper than Python recurses, and came out "could not be settled
    # (RecursionError...); this is a bug" instead of refused as nested too deeply
    import io

    lines = []
    for depth in range(900, 1001, 4):
        lines.append("[" * depth + "]" * depth)
        lines.append('{"a":' * depth + "1" + "}" * depth)
        lines.append('{"players": 1, "rules": ' + '{"x":' * depth + "1" + "}" * depth + "}")
    out = io.BytesIO()
    summary = bulk.run([line.encode() for line in lines], out)
    assert summary.failed == 0 and summary.refused == len(lines)
    errors = [json.loads(line)["error"] for line in out.getvalue().splitlines()]
    assert all("nested more than 8 deep; no hand record or session is" in e for e in errors)
    assert not any("bug" in error for error in errors)


@pytest.mark.parametrize(
    "text",
    [
        # a repeated key with a colon inside a string: the colons of the text outnumber the keys
        # read either way, and json names the repeat
        '{"players": ["A:B", "B", "C", "D"], "dealer": "B", "draw": true, "draw": false}',
        '{"players": ["A", "B", "C", "D"], "dealer": "x:y", "dealer": "B", "draw": true}',
        '{"players": ["A", "B", "C", "D"], "dealer": "B", "draw": true, "draw": true}',
        '{"players": ["A", "B", "C", "D"], "dealer": "B", "kongs": [{"player": "A", "player": "B"}]}',
    ],
)
def test_a_key_written_twice_is_refused_whatever_colons_the_line_holds(text):
    for written in (text, text.encode()):
        line, outcome = bulk.settle_line(written, 2)
        assert outcome == "refused" and "appears twice" in json.loads(line)["error"]


# every part of a hand record that is a mapping: the record, its hand, a kong, the claims, the
# house rules and a mapping of counts within them. Settled, this one is disputed (the claims are
# partial), never refused
WHOLE = (
    '{"players": ["A", "B", "C", "D"], "dealer": "A", "winner": "B", "win_type": "self_draw", '
    '"hand": {"concealed": "123m 456m 789m 11p", "winning_tile": "1p", "pungs": ["555s"]}, '
    '"kongs": [{"player": "C", "type": "concealed", "tile": "9s"}], '
    '"claimed": {"A": -2, "B": 6}, "rules": {"combine": "add", "patterns": {"ordinary": 2}}}'
)


@pytest.mark.parametrize(
    "written, twice",
    [
        # each key written again with a value the record would accept, so that reading the last one
        # settles a good record: the repeat alone must refuse it
        ('"dealer": "A"', '"dealer": "C", "dealer": "A"'),
        ('"winning_tile": "1p"', '"winning_tile": "2p", "winning_tile": "1p"'),
        ('"tile": "9s"', '"tile": "8s", "tile": "9s"'),
        ('"B": 6}', '"B": 7, "B": 6}'),
        ('"combine": "add"', '"combine": "highest", "combine": "add"'),
        ('"ordinary": 2}', '"ordinary": 3, "ordinary": 2}'),
    ],
)
def test_a_key_written_twice_in_any_part_of_a_good_record_is_refused(written, twice):
    # bulk mode settles a line msgspec read, then counts the keys of the record it accepted
    # (records.record.written_keys) against the line's colons: a key written twice anywhere in it
    # leaves one key fewer than colons, and json reads the line again and names the repeat
    assert bulk.settle_line(WHOLE, 1)[1] == "disputed"
    text = WHOLE.replace(written, twice, 1)
    assert text != WHOLE
    for line in (text, text.encode()):
        result, outcome = bulk.settle_line(line, 3)
        assert outcome == "refused", result
        assert "appears twice" in json.loads(result)["error"]


def test_the_keys_of_an_accepted_record_are_counted_as_walking_it_counts_them():
    # written_keys knows where an accepted record holds mappings; walking the data finds every
    # one: on every record of a club's log that settles (house rules, claims, kongs, draws, broken
    # lines that still read), and on the parts a record may leave empty or null
    import random

    from records import club_log

    from meizhou_score.errors import MeizhouError
    from meizhou_score.records.record import parse_record, written_keys

    accepted = 0
    extra = [
        {"kongs": []},
        {"kongs": {}},
        {"kongs": None},
        {"claimed": {}},
        {"rules": {}},
        {"rules": None},
    ]
    records = list(club_log(random.Random(3), 3000))
    records += [{**json.loads(WHOLE), **part} for part in extra]
    for record in records:
        data = json.loads(json.dumps(record, default=str), parse_float=Decimal)
        try:
            parse_record(data)
        except MeizhouError:
            continue
        accepted += 1
        assert written_keys(data) == keys_within_depth(data), data
    assert accepted > 2800


def test_a_line_that_fails_to_be_written_leaves_only_its_error(monkeypatch):
    # a result that cannot be encoded (a bug) must not leave half its bytes in the batch: the
    # line is replaced whole by its error object and the next line is written as usual. The
    # encoder is swapped where the writer finds it (a module global, in both builds): its first
    # write leaves a fragment and fails, as an encoder failing halfway would
    import io

    from meizhou_score.render import jsonout

    real = jsonout._encoder()

    class Halfway:
        calls = 0

        def encode_into(self, obj, buffer, offset):
            Halfway.calls += 1
            if Halfway.calls == 1:
                buffer[offset:] = b'{"valid":tr'
                raise TypeError("cannot encode")
            real.encode_into(obj, buffer, offset)

    monkeypatch.setattr(jsonout, "_ENCODER", Halfway())
    first = HAND.replace("STAKE", "1")
    second = first.replace('"dealer": "Mei"', '"dealer": "Lan"')
    out = io.BytesIO()
    summary = bulk.run([first.encode(), second.encode()], out)
    one, two = (json.loads(line) for line in out.getvalue().splitlines())
    assert summary.failed == 1 and summary.settled == 1
    assert one["line"] == 1 and one["valid"] is False and "this is a bug" in one["error"]
    # R5: a self-draw pays 2 units from each of the three others; Jun wins 6, the stake is 1
    assert two["line"] == 2 and two["balances"] == {"Ah Fook": -2, "Mei": -2, "Jun": 6, "Lan": -2}


@pytest.mark.parametrize(
    "raw, error",
    [
        # json counted the line's own newline as a line 2, and a record cut
        # short read "Expecting ',' delimiter: line 2 column 1 (char 161)"
        (
            b'{"players": ["A", "B", "C", "D"], "dealer": "A", "draw": true\n',
            'not JSON: the line ends before its record does (a closing ", } or ] missing?)',
        ),
        (
            b'{"a": "abc\n',
            'not JSON: the line ends before its record does (a closing ", } or ] missing?)',
        ),
        (b'{"a": 1} x\n', "not JSON: Extra data at column 10"),
        (
            b'{"a": 1,, }\r\n',
            "not JSON: Expecting property name enclosed in double quotes at column 9",
        ),
        # two files joined: the second one's byte-order mark stands at the start of a line
        (
            b'\xef\xbb\xbf{"a": 1}\n',
            "not JSON: the line starts with a byte-order mark (U+FEFF), which only a file's first "
            "line may have (two files joined into one?)",
        ),
    ],
)
def test_a_line_that_is_not_json_says_where_in_the_line(raw, error):
    line, outcome = bulk.settle_line(raw, 7)
    assert outcome == "refused"
    assert json.loads(line) == {"line": 7, "valid": False, "error": f"line 7: {error}"}


@pytest.mark.parametrize("depth", [9, 10, 40, 969, 975, 984, 990, 1200])
@pytest.mark.parametrize(
    "where",
    [
        '{"players": ["A", "B", "C", "D"], "dealer": "A", "stake": NEST}',
        '{"players": ["A", "B", "C", "D"], "dealer": "A", "draw": true, "rules": {"x": NEST}}',
        "NEST",
    ],
)
def test_how_deep_a_line_may_nest_is_the_files_limit_in_every_process(where, depth):
    # a line nested 969-984 deep was refused in one process for its stake,
    # in --jobs workers and on Dask as "nested too deeply" (where the stack ran out differs): a
    # line now nests at most 8 deep, as a file does, and the words never depend on the stack
    nest = "[" * depth + "]" * depth
    text = where.replace("NEST", nest)
    inside = text.count("[") - nest.count("[") + text.count("{")  # containers around the nest
    line, outcome = bulk.settle_line(text, 3)
    assert outcome == "refused" and depth + inside > 8
    assert json.loads(line)["error"] == (
        "line 3: nested more than 8 deep; no hand record or session is"
    )


def test_a_record_within_the_depth_nests_as_deep_as_a_session_does():
    # a session nests 5 deep (the session, hands, a hand, its kongs, a kong): settled, not refused
    session = {
        "players": ["A", "B", "C", "D"],
        "hands": [
            {
                "dealer": "A",
                "draw": True,
                "kongs": [{"player": "B", "type": "concealed", "tile": "5z"}],
            }
        ],
    }
    line, outcome = bulk.settle_line(json.dumps(session), 1)
    assert outcome == "settled", line
