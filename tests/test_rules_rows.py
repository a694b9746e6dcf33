"""A house rule is one row (records/rules.py): its defaults, words, choices, the schema, the
``rules`` command's output and docs/rules.md's table are all made from the rows, and a new row
changes no night already stored in a ledger."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from test_rules_identity import STORED, STORED_UNDER_HOUSE_RULES

from meizhou_score.cli.app import cli
from meizhou_score.club.identity import VERSION_ONE, identify_again, night_identity
from meizhou_score.engine.patterns import COMBINE_MODES, PATTERNS
from meizhou_score.records import rules as house
from meizhou_score.records import schema
from meizhou_score.records.kinds import KONG_TYPES
from meizhou_score.records.loader import load_record
from meizhou_score.render.rules import rules_markdown


def run(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_docs_table_is_the_rows():
    assert rules_markdown() in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rules_markdown().count("\n| `") == len(house.ROWS)


def test_the_rules_fields_are_the_rows():
    assert [f for f in house.Rules._fields if f != "more"] == [r.key for r in house.ROWS]
    assert {k: house.DEFAULT_RULES.value(k) for k in house.DEFAULTS} == house.defaults()
    assert list(house.DEFAULT_RULES.as_dict()) == [r.key for r in house.ROWS]


def test_the_choices_are_the_engines():
    assert [c.id for c in house.row("combine").choices] == list(COMBINE_MODES)
    assert [c.id for c in house.row("patterns").choices] == [p.id for p in PATTERNS]
    assert [c.id for c in house.row("kong_units").choices] == list(KONG_TYPES)


def test_the_schema_is_the_rows():
    properties = schema.house_rules_schema()["properties"]
    assert list(properties) == [r.key for r in house.ROWS]
    # the ids first, then the words a file may write for them (打出者包付, 包槓, 包杠, …)
    assert properties["exposed_kong_payer"]["enum"][:2] == ["all", "discarder"]
    assert {"包槓", "包杠", "不包杠"} <= set(properties["exposed_kong_payer"]["enum"])
    kong_keys = list(properties["kong_units"]["properties"])
    assert kong_keys[:3] == ["concealed", "added", "exposed"]
    assert {"补杠", "点杠", "明杠"} <= set(kong_keys)
    assert properties["robbed_kong_paid"]["type"] == "boolean"
    assert properties["self_draw_share"]["maximum"] == 1_000_000
    assert schema.schema()["$defs"]["houseRules"] == schema.house_rules()


NEW = house.Row(
    "dealer_bonus",
    "count",
    0,
    "R10",
    "units each other player pays a dealer who wins",
    "莊家胡牌時其餘每家多付幾分",
)


@pytest.fixture
def new_row(monkeypatch):
    """The rows with one more option, added in one row and nowhere else."""
    monkeypatch.setattr(house, "ROWS", (*house.ROWS, NEW))


def test_a_new_option_is_one_row(new_row):
    assert house.defaults()["dealer_bonus"] == 0
    properties = json.loads(run("schema", "--house-rules"))["properties"]
    assert properties["dealer_bonus"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 1_000_000,
        "description": "units each other player pays a dealer who wins",
    }
    assert "dealer_bonus" in json.loads(run("schema"))["$defs"]["houseRules"]["properties"]
    assert json.loads(run("rules", "--format", "json"))["dealer_bonus"] == 0
    assert re.search(r"dealer_bonus +0 +R10 +units each other", run("rules"))
    assert "莊家胡牌時其餘每家多付幾分" in run("rules", "--lang", "zh-Hant")
    assert "庄家胡牌时其余每家多付几分" in run("rules", "--lang", "zh-Hans")
    # a rules file may set it, checked as the row says
    assert house.DEFAULT_RULES.override({"dealer_bonus": 2}).value("dealer_bonus") == 2
    refused = CliRunner().invoke(cli, ["rules", "--rules", "-"], input="dealer_bonus: -1\n")
    assert refused.exit_code == 2 and "dealer_bonus" in refused.output


def test_a_new_option_at_its_default_changes_no_stored_identity(new_row):
    for name, stored in STORED.items():
        assert night_identity(load_record(str(EXAMPLES / name)), house.DEFAULT_RULES) == stored
    # set to something else, it is other rules: another identity
    data = load_record(str(EXAMPLES / "session.yaml"))
    other = house.DEFAULT_RULES.override({"dealer_bonus": 1})
    assert night_identity(data, other) != STORED["session.yaml"]


def test_a_robbed_share_set_to_six_is_not_the_share_followed():
    # under self_draw_share 3, unset pays 9 and a 6 set explicitly pays 6: two nights, not one
    data = load_record(str(EXAMPLES / "robbed-kong.yaml"))
    follows = house.DEFAULT_RULES.override({"self_draw_share": 3})
    fixed = house.DEFAULT_RULES.override({"self_draw_share": 3, "robbed_kong_share": 6})
    assert night_identity(data, follows) != night_identity(data, fixed)
    # under the default share both pay 6: the same rules, the identity stored since version 1
    same = house.DEFAULT_RULES.override({"robbed_kong_share": 6})
    assert night_identity(data, same) == STORED["robbed-kong.yaml"]


def test_migration_two_keeps_an_unset_robbed_share_unset():
    # version 1 stored every rule, the robbed kong's 6 included, for a night that never set it
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE nights (id INTEGER, data TEXT, rules TEXT, hash TEXT)")
    stored = {**VERSION_ONE, "self_draw_share": 3, "combine": "add", "dealer_after_draw": "same"}
    stored["patterns"] = {**VERSION_ONE["patterns"], "thirteen_orphans": 0, "all_pungs": 3}
    stored["kong_units"] = {**VERSION_ONE["kong_units"], "concealed": 3}
    path = EXAMPLES / "house-rules-hand.yaml"
    data = json.dumps(load_record(str(path)), default=str)
    conn.execute("INSERT INTO nights VALUES (1, ?, ?, '')", (data, json.dumps(stored)))
    identify_again(conn)
    found = conn.execute("SELECT hash FROM nights").fetchone()[0]
    assert found == STORED_UNDER_HOUSE_RULES["house-rules-hand.yaml"]


# an R-id, a tile code or a rule's or pattern's id (the last column of the wide tables)
IDS = re.compile(
    r"\bR\d+\b|\b("
    + "|".join(r.key for r in house.ROWS)
    + "|"
    + "|".join(p.id for p in PATTERNS)
    + r")\s*$",
    re.M,
)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("width", [None, "50"])
def test_rules_in_chinese_is_chinese(lang, width):
    env = {"COLUMNS": width} if width else {}
    house_rules = str(EXAMPLES / "house-rules.yaml")
    for args in ([], ["--rules", house_rules]):
        result = CliRunner(env=env).invoke(cli, ["rules", "--lang", lang, *args])
        assert result.exit_code == 0
        left = IDS.sub("", result.stdout)
        assert not re.search(r"[A-Za-z]", left), left
        if width:  # narrow: no ids at all, only the rulings
            assert not re.search(r"[A-Za-z]", re.sub(r"\bR\d+\b", "", result.stdout))


def test_rules_in_chinese_says_values_and_lists_in_chinese():
    hant = run("rules", "--lang", "zh-Hant")
    assert re.search(r"暗槓 2、加槓 1、 .*\n +點槓 1\n", hant)  # wrapped between items
    assert "七小對、豪華七小對" in hant  # what 雙豪華七小對 supersedes
    assert "取最高" in hant and "三家各付" in hant and "下家坐莊" in hant
    hans = run("rules", "--lang", "zh-Hans", "--rules", str(EXAMPLES / "house-rules.yaml"))
    assert (
        re.search(r"暗杠 3、补杠 1、 .*\n +点杠 1\n", hans)
        and "相加" in hans
        and "庄家连庄" in hans
    )
    narrow = CliRunner(env={"COLUMNS": "50"}).invoke(cli, ["rules", "--lang", "zh-Hant"]).stdout
    assert "（取代七小對、豪華七小對）" in narrow
    assert "現行：暗槓 2、加槓 1、點槓 1（R8）" in narrow
