"""Fuzzing: mutated records either settle or raise the package's own errors, never anything else.

The normal run does a few hundred mutations. For the long run:

    FUZZ_MUTATIONS=100000 python -m pytest tests/test_records_fuzz.py -q
"""

import copy
import os
import random
from decimal import Decimal, localcontext

from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from records import make_record

from meizhou_score import MeizhouError, settle
from meizhou_score.cli.app import cli

MUTATIONS = int(os.environ.get("FUZZ_MUTATIONS", 400))

ODD_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**70,
    1.5,
    Decimal("NaN"),
    "",
    " ",
    "5z",
    "123m",
    "8z",
    "Mei",
    "Bob",
    "draw",
    "self_draw",
    "robbed_kong",
    "exposed",
    [],
    [1, 2],
    ["Mei"],
    {},
    {"a": 1},
    {"player": "Mei"},
    "\x00",
    "🀄",
    "東南西北",
    "x" * 500,
    # hostile input: huge and tiny numbers, control and invisible characters, another spelling
    10**40,
    -(10**40),
    Decimal("1E+999999"),
    Decimal("1E-999999"),
    Decimal("0.3333333333333333333333333333"),
    Decimal("1.0000000000000000000000000001"),
    "Mei\x1b[2J",
    "Me\u200bi",
    "Me\u0301i",
    "Mei ",
    "Mei\n",
    "\ud800",
]


def paths(node, prefix=()):
    """Every (path, value) inside a record."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from paths(value, prefix + (n,))


def parent_of(rec, path):
    node = rec
    for key in path[:-1]:
        node = node[key]
    return node


def mutate(rec, rng: random.Random):
    """One random mutation: drop, retype, duplicate, swap keys and values, perturb tiles."""
    rec = copy.deepcopy(rec)
    places = [p for p, _ in paths(rec) if p]
    path = rng.choice(places)
    parent, key = parent_of(rec, path), path[-1]
    kind = rng.randrange(6)
    if kind == 0:  # drop
        del parent[key]
    elif kind == 1:  # retype
        parent[key] = rng.choice(ODD_VALUES)
    elif kind == 2:  # duplicate into another place
        other = rng.choice(places)
        try:
            parent_of(rec, other)[other[-1]] = copy.deepcopy(parent[key])
        except (KeyError, IndexError, TypeError):
            pass
    elif kind == 3 and isinstance(parent, dict):  # swap key and value
        value = parent.pop(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            parent[value] = key
    elif kind == 4 and isinstance(parent[key], str):  # perturb tiles and names
        text = parent[key]
        pos = rng.randrange(len(text) + 1)
        parent[key] = text[:pos] + rng.choice("0123456789mpszESWN東萬 x*&!") + text[pos + 1 :]
    else:  # rename a key
        if isinstance(parent, dict):
            parent[str(key) + rng.choice(["", "s", "_"])] = parent.pop(key)
    return rec


def check(rec):
    try:
        out = settle(rec)
    except MeizhouError:
        return "error"
    with localcontext() as exact:  # the test's own sum must not round: a stake may hold 30 digits
        exact.prec = 200
        assert sum(out["balances"].values()) == 0
    return "settled"


@settings(max_examples=MUTATIONS, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_mutations_raise_only_our_errors(seed, rounds):
    rng = random.Random(seed)
    rec = make_record(rng)
    for _ in range(rounds):
        if not isinstance(rec, dict) or not rec:
            break
        rec = mutate(rec, rng)
    event(check(rec))


def test_mutated_files_never_show_a_traceback(tmp_path):
    import yaml

    rng = random.Random(2026)
    runner = CliRunner()
    for n in range(60):
        rec = mutate(make_record(rng), rng)
        path = tmp_path / f"m{n}.yaml"
        path.write_text(yaml.safe_dump(_plain(rec), allow_unicode=True), encoding="utf-8")
        result = runner.invoke(cli, ["settle", str(path)])
        assert result.exit_code in (0, 1, 2)
        assert "Traceback" not in result.output + result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            result.exception
        )


def _plain(node):
    if isinstance(node, Decimal):
        return str(node)
    if isinstance(node, dict):
        return {_plain(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def _bulk_line(rec, rng: random.Random) -> bytes:
    """A record as one JSON line, sometimes with a key written twice or a byte that is not UTF-8."""
    import json

    text = json.dumps(_plain(rec), ensure_ascii=False)
    kind = rng.randrange(4)
    if (
        kind == 0 and text.startswith("{") and len(text) > 2
    ):  # a key written twice, the second one winning
        text = text[:-1] + ', "dealer": "Mei"}'
    data = text.encode("utf-8", "surrogatepass")
    if kind == 1:  # a byte that is not UTF-8, somewhere in the line
        pos = rng.randrange(len(data))
        data = data[:pos] + b"\xff" + data[pos:]
    return data


def test_bulk_mode_answers_every_mutated_line():
    """Mutations, repeated keys and invalid bytes, a line each: every line gets its answer, in order."""
    import io
    import json

    from meizhou_score.bulk.lines import run

    rng = random.Random(77)
    lines = []
    for _ in range(300):
        rec = make_record(rng)
        for _ in range(rng.randrange(3)):
            if isinstance(rec, dict) and rec:
                rec = mutate(rec, rng)
        lines.append(_bulk_line(rec, rng) + b"\n")
    out = io.BytesIO()
    summary = run(lines, out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["line"] for r in results] == list(range(1, 301))
    assert summary.failed == 0 and summary.settled + summary.disputed + summary.refused == 300
    for line, result in zip(lines, results, strict=True):
        if b'"dealer": "Mei"}\n' in line and line.count(b'"dealer"') > 1:
            assert not result["valid"]  # the repeated key never silently wins
