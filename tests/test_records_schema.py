"""The JSON Schemas and the loader agree: what the loader accepts, the schema accepts; what the schema
refuses, the loader refuses; and the conditions between keys are refused by both.

The schema says shapes only: a file that breaks a tile rule (the count rule, five copies, a pung that is not
three identical tiles) passes the schema and is refused by ``settle``. That is the one direction in which
they may differ, and the tests below allow exactly that.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

jsonschema = pytest.importorskip("jsonschema")

from conftest import EXAMPLES, npm_modules
from records import club_log, draw_record, hand_record, make_record, session_record
from test_records_fuzz import mutate

from meizhou_score.cli.app import cli
from meizhou_score.errors import MeizhouError
from meizhou_score.records.loader import load_record
from meizhou_score.records.rules import DEFAULT_RULES
from meizhou_score.records.schema import HOUSE_RULES_SCHEMA, SCHEMA
from meizhou_score.settling.night import settle_data

RECORDS = jsonschema.Draft202012Validator(SCHEMA)
HOUSE_RULES = jsonschema.Draft202012Validator(HOUSE_RULES_SCHEMA)


def as_json(node):
    """What an editor's schema check sees: a YAML date is text."""
    if isinstance(node, (datetime.date, datetime.datetime)):
        return node.isoformat()
    if isinstance(node, dict):
        return {k: as_json(v) for k, v in node.items()}
    if isinstance(node, list):
        return [as_json(v) for v in node]
    return node


def schema_accepts(data) -> bool:
    return RECORDS.is_valid(as_json(data))


def loader_accepts(data) -> bool:
    try:
        settle_data(data)
    except MeizhouError:
        return False
    return True


def house_rules_loader_accepts(data) -> bool:
    try:
        DEFAULT_RULES.override(data, "")
    except MeizhouError:
        return False
    return True


# ---------------------------------------------------------------- the schemas themselves


def test_the_schemas_are_valid_draft_2020_12_with_an_id():
    for schema in (SCHEMA, HOUSE_RULES_SCHEMA):
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].startswith("urn:meizhou-score:schema:")
    assert SCHEMA["$id"] != HOUSE_RULES_SCHEMA["$id"]


def test_the_command_prints_both():
    assert json.loads(CliRunner().invoke(cli, ["schema"]).stdout) == SCHEMA
    assert (
        json.loads(CliRunner().invoke(cli, ["schema", "--house-rules"]).stdout)
        == HOUSE_RULES_SCHEMA
    )


# ---------------------------------------------------------------- every example

EXAMPLE_FILES = sorted(p for p in EXAMPLES.glob("*.yaml") if p.name != "house-rules.yaml")


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_every_example_the_loader_accepts_is_valid(path):
    data = load_record(str(path))
    if loader_accepts(data):
        RECORDS.validate(as_json(data))
    else:  # a bad-* example: a misspelt key is a shape the schema refuses too; tile rules are not
        assert path.name.startswith("bad-")
        assert schema_accepts(data) == (path.name != "bad-key-typo.yaml")


def test_the_house_rules_example_is_valid_house_rules_and_not_a_record():
    data = load_record(str(EXAMPLES / "house-rules.yaml"))
    HOUSE_RULES.validate(data)
    assert not schema_accepts(data)


# ---------------------------------------------------------------- good and bad corpora

ROBBED = dict(win_type="robbed_kong", concealed="11s 123s 456s 789s 789s", winning="5s")
GOOD = {
    "ordinary": hand_record(),
    "chinese win type": hand_record(win_type="自摸"),
    "hyphenated win type": hand_record(win_type="self-draw"),
    "robbed kong": hand_record(robbed="Jun", **ROBBED),
    "robbed kong in Chinese": hand_record(robbed="Jun", **{**ROBBED, "win_type": "搶槓"}),
    "exposed kong with from": hand_record(
        kongs=[{"player": "Jun", "type": "exposed", "tile": "1z", "from": "Lan"}]
    ),
    "明槓 with from": hand_record(
        kongs=[{"player": "Jun", "type": "明槓", "tile": "1z", "from": "Lan"}]
    ),
    # 明槓 names both open kongs: without from it is the added one (the document's 摸明杠), under the defaults
    "明槓 without from": hand_record(kongs=[{"player": "Jun", "type": "明槓", "tile": "1z"}]),
    "kongs null": hand_record(kongs=None),
    "one pung as text": hand_record(concealed="123m 456m 234s 55s", hand_pungs="777z"),
    "draw": draw_record(),
    "draw: false with a winner": hand_record(draw=False),
    "date": hand_record(date="2026-11-30"),
    "session": session_record(hand_record(), draw_record(dealer="Mei"), hand_record(winner="Jun")),
    "rules inside": hand_record(rules={"combine": "add", "patterns": {"all_pungs": 3}}),
    "the table's kong words": hand_record(
        kongs=[
            {"player": "Jun", "type": "补杠", "tile": "1z"},
            {"player": "Lan", "type": "点杠", "tile": "2z", "from": "Jun"},
        ]
    ),
    "抢杠胡": hand_record(robbed="Jun", **{**ROBBED, "win_type": "抢杠胡"}),
    "a robbed kong from a discard": hand_record(
        robbed="Jun", robbed_from="Lan", rules={"robbable_kongs": "open"}, **ROBBED
    ),
}
BAD = {
    "robbed on a self-draw": hand_record(robbed="Jun"),
    "robbed kong without robbed": hand_record(**ROBBED),
    "搶槓 without robbed": hand_record(**{**ROBBED, "win_type": "搶槓"}),
    "from on a concealed kong": hand_record(
        kongs=[{"player": "Jun", "type": "concealed", "tile": "1z", "from": "Lan"}]
    ),
    "exposed kong without from": hand_record(
        kongs=[{"player": "Jun", "type": "exposed", "tile": "1z"}]
    ),
    "a draw with a winner": draw_record(winner="Mei"),
    "a draw with a hand": draw_record(hand={"concealed": "123m", "winning_tile": "1m"}),
    "a winner without win_type": {k: v for k, v in hand_record().items() if k != "win_type"},
    "a win type without winner": {k: v for k, v in hand_record().items() if k != "winner"},
    "a winner without a hand": {k: v for k, v in hand_record().items() if k != "hand"},
    "an unknown key": hand_record(winnr="Mei"),
    "three players": {**hand_record(), "players": ["Ah Fook", "Mei", "Jun"]},
    "a stake in quotes": hand_record(stake="0.5"),
    "a stake of 0": hand_record(stake=0),
    "a kong type that is not one": hand_record(
        kongs=[{"player": "Jun", "type": "dark", "tile": "1z"}]
    ),
    "a misspelt win type": hand_record(win_type="self_drawn"),
    "a session with no hands": session_record(),
    "a session hand with its own players": {
        "players": hand_record()["players"],
        "hands": [hand_record()],
    },
    "rules with an unknown pattern": hand_record(rules={"patterns": {"thirteen_orphan": 0}}),
    "rules with a count too large": hand_record(rules={"self_draw_share": 1_000_001}),
    "a date that is not one": hand_record(date="30/11/2026"),
    "robbed_from on a self-draw": hand_record(robbed_from="Lan"),
    "放杠 without from": hand_record(kongs=[{"player": "Jun", "type": "放杠", "tile": "1z"}]),
}


def _fix(rec: dict) -> dict:
    """``hand_pungs`` in the table above is the winner's pungs key (hand_record has no argument for it)."""
    if "hand_pungs" in rec:
        pungs = rec.pop("hand_pungs")
        rec = {**rec, "hand": {**rec["hand"], "pungs": pungs}}
    return rec


@pytest.mark.parametrize("name", GOOD)
def test_good_records_pass_both(name):
    rec = _fix(dict(GOOD[name]))
    assert loader_accepts(rec)
    RECORDS.validate(as_json(rec))


def test_what_only_the_loader_can_say():
    # a session's first hand must name its dealer: a schema could say so only with an open tuple (prefixItems
    # beside items), which Ajv's strict mode refuses, so settle alone refuses it
    rec = session_record({k: v for k, v in hand_record().items() if k != "dealer"})
    assert not loader_accepts(rec) and schema_accepts(rec)


@pytest.mark.parametrize("name", BAD)
def test_bad_records_fail_both(name):
    rec = BAD[name]
    assert not loader_accepts(rec)
    assert not schema_accepts(rec)


@pytest.mark.parametrize(
    "rules, good",
    [
        ({"combine": "add"}, True),
        ({"patterns": {"thirteen_orphans": 0}}, True),
        ({"kong_units": {"added": 2}}, True),
        ({"combine": "sum"}, False),
        ({"patterns": {"thirteen_orphan": 0}}, False),
        ({"self_draw_share": -1}, False),
        ({"kong_units": {"hidden": 2}}, False),
        ({"robbed_kong_share": 1.5}, False),
        ({"dealer": "Mei"}, False),
        ({"exposed_kong_payer": "包杠", "dealer_after_draw": "连庄"}, True),
        ({"kong_units": {"补杠": 2, "明杠": 1}, "patterns": {"鸡胡": 2}}, True),
        ({"robbed_kong_paid": True, "robbable_kongs": "open"}, True),
        ({"robbed_kong_paid": "true"}, False),
        ({"robbable_kongs": "暗杠"}, False),
    ],
)
def test_house_rules_files_agree(rules, good):
    assert house_rules_loader_accepts(rules) is good
    assert HOUSE_RULES.is_valid(rules) is good


def test_generated_records_and_a_clubs_sessions_pass_both():
    rng = random.Random(30)
    records = [make_record(rng) for _ in range(300)]
    sessions = [session_record(*list(club_log(rng, 12, tables=1))[:6]) for _ in range(20)]
    for rec in records + sessions:
        if loader_accepts(rec):  # club_log breaks about 2% of its lines on purpose
            assert schema_accepts(rec), rec


def test_mutated_records_the_loader_accepts_the_schema_accepts():
    """1,500 random mutations of good records: never does the schema refuse what the loader accepts."""
    rng = random.Random(2026)
    refused_by_schema = accepted = 0
    for _ in range(1500):
        rec = make_record(rng)
        for _ in range(rng.randrange(1, 3)):
            if isinstance(rec, dict) and rec:
                rec = mutate(rec, rng)
        by_loader = loader_accepts(rec)
        by_schema = schema_accepts(rec)
        assert by_schema or not by_loader, rec
        accepted += by_loader
        refused_by_schema += not by_schema
    assert accepted > 150 and refused_by_schema > 300  # both kinds were met, many times


# ---------------------------------------------------------------- as editors and other validators read it


def _schema_files(tmp_path):
    from meizhou_score.records.schema import HOUSE_RULES_SCHEMA, SCHEMA

    record, rules = tmp_path / "record.schema.json", tmp_path / "house-rules.schema.json"
    record.write_text(json.dumps(SCHEMA), encoding="utf-8")
    rules.write_text(json.dumps(HOUSE_RULES_SCHEMA), encoding="utf-8")
    return record, rules


def test_a_forbidden_key_is_named_where_it_stands():
    # a draw with a winner: the error stands at the winner key itself, not at "a schema that is not allowed"
    from jsonschema import Draft202012Validator

    from meizhou_score.records.schema import SCHEMA

    rec = {"players": ["A", "B", "C", "D"], "dealer": "A", "draw": True, "winner": "B"}
    errors = list(Draft202012Validator(SCHEMA).iter_errors(rec))
    paths = {tuple(e.path) for err in errors for e in ([err] + list(err.context or []))}
    assert ("winner",) in paths


def test_check_jsonschema_reads_the_examples_as_settle_does(tmp_path):
    record, rules = _schema_files(tmp_path)
    good = [
        p
        for p in sorted(EXAMPLES.glob("*.yaml"))
        if not p.name.startswith("bad-") and p.name != "house-rules.yaml"
    ]
    done = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--schemafile", str(record), *map(str, good)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--schemafile",
            str(rules),
            str(EXAMPLES / "house-rules.yaml"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "draw-with-a-winner.yaml"
    bad.write_text("players: [A, B, C, D]\ndealer: A\ndraw: true\nwinner: B\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--schemafile", str(record), str(bad)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "winner" in done.stdout


def _ajv() -> Path:
    """MEIZHOU_AJV's node_modules, or the suite's npm tools (installed on first use: tests/node_tools.py)."""
    given = os.environ.get("MEIZHOU_AJV")
    return Path(given) if given else npm_modules()


def test_both_schemas_compile_under_ajvs_strict_mode(tmp_path):
    record, rules = _schema_files(tmp_path)
    script = (
        'const Ajv = require("ajv/dist/2020"); const formats = require("ajv-formats");'
        "for (const f of process.argv.slice(1)) { const ajv = new Ajv({strict: true}); formats(ajv);"
        ' ajv.compile(JSON.parse(require("fs").readFileSync(f, "utf8"))); }'
    )
    done = subprocess.run(
        ["node", "-e", script, str(record), str(rules)],
        capture_output=True,
        text=True,
        env={**os.environ, "NODE_PATH": str(_ajv())},
    )
    assert done.returncode == 0, done.stderr
