"""The club ledger's words, on real SQLite files: a payment
confirmed with the names as the ledger knows them, an amount refused quoting what was typed, the
history's one heading, and a changed night's refusal in good grammar (hand 2 is; hands 2 and 3
are) in English, 繁體 and 简体.

The night (stake 5, worked from RULES.md): hand 1, Ah Fook deals and Jun self-draws pure one suit
(ratio 4, R4): 2 × 4 = 8 units from each of the three (R5), × 5 = 40: Jun +120, the others −40;
Jun deals hand 2 (R10: the winner deals), a draw (R9: nobody pays); Lan, the next after Jun,
deals hand 3, another draw.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from records import C, hand_record, session_record

from meizhou_score.cli.app import cli

PURE = hand_record(C, concealed="123p 456p 789p 111p 55p", winning="5p")
NIGHT = session_record(
    PURE, {"dealer": "Jun", "draw": True}, {"dealer": "Lan", "draw": True}, stake=5
)
NIGHT["date"] = "2026-12-01"


def run(db, *args):
    return CliRunner().invoke(cli, ["ledger", "--db", str(db), *map(str, args)])


@pytest.fixture
def ledger(tmp_path):
    """(the ledger, the night's file) with the night in it as night 1."""
    db, night = tmp_path / "club.sqlite3", tmp_path / "night.yaml"
    night.write_text(json.dumps(NIGHT), encoding="utf-8")  # JSON is YAML
    assert run(db, "add", night).exit_code == 0
    return db, night


def test_a_payment_is_confirmed_with_the_names_the_ledger_knows(ledger):
    db, _ = ledger
    done = run(db, "pay", "ah  fook", "JUN", "40")
    assert done.exit_code == 0
    assert done.stdout == "Payment 1: Ah Fook paid Jun 40.\n"  # as `ledger payments` shows them
    listed = json.loads(run(db, "payments", "--format", "json").stdout)
    assert [(p["from"], p["to"], p["amount"]) for p in listed] == [("Ah Fook", "Jun", 40)]


@pytest.mark.parametrize("typed", ["1e400", "1E400", "0.0000000000000000000000000000001"])
def test_an_amount_past_the_limits_is_refused_quoting_what_was_typed(ledger, typed):
    db, _ = ledger
    done = run(db, "pay", "Ah Fook", "Jun", typed)
    assert done.exit_code == 2 and "Traceback" not in done.output
    assert f"got '{typed}'" in done.stderr and "E+400" not in done.stderr, done.stderr
    assert json.loads(run(db, "payments", "--format", "json").stdout) == []


@pytest.mark.parametrize("extra", [[], ["--by", "night"], ["--by", "month"], ["--chart", "-"]])
def test_the_history_has_one_heading_however_it_is_asked(ledger, tmp_path, extra):
    db, _ = ledger
    if extra[:1] == ["--chart"]:
        extra = ["--chart", tmp_path / "h.svg"]
    done = run(db, "history", *extra)
    assert done.exit_code == 0
    assert done.stdout.splitlines()[0].split() == ["when", "Ah", "Fook", "Jun", "Lan", "Mei"]


def changed(night, **change):
    """The night's file as a player left it after the ledger took it."""
    data = json.loads(json.dumps(NIGHT))
    data.update(change.pop("top", {}))
    if "hands" in change:
        data["hands"] = change["hands"]
    night.write_text(json.dumps(data), encoding="utf-8")


# hand 1 written again as another pure one suit (111p for 222p): still Jun +120, but not the same
OTHER = {
    **NIGHT["hands"][0],
    "hand": {"concealed": "123p 456p 789p 222p 55p", "winning_tile": "5p"},
}


@pytest.mark.parametrize(
    "lang, one, two, three, stake",
    [
        (
            "en",
            "night 1 came from this file, and its hand 1 is not what the ledger holds; nothing "
            "was added (to replace night 1 with the file as it is now: ledger add --replace 1)",
            "and its hands 1 and 3 are not what the ledger holds;",
            "and its hands 1, 2 and 3 are not what the ledger holds;",
            "and its stake or house rules are not what the ledger holds;",
        ),
        (
            "zh-Hant",
            "第 1 場來自這個文件，但其中第 1 局與帳本所存的不同；沒有加入任何東西"
            "（要以文件現況取代第 1 場：ledger add --replace 1）",
            "但其中第 1、3 局與帳本所存的不同；",
            "但其中第 1、2、3 局與帳本所存的不同；",
            "但它的底分或規則與帳本所存的不同；",
        ),
        (
            "zh-Hans",
            "第 1 场来自这个文件，但其中第 1 局与账本所存的不同；没有加入任何东西"
            "（要用文件现在的内容替换第 1 场：ledger add --replace 1）",
            "但其中第 1、3 局与账本所存的不同；",
            "但其中第 1、2、3 局与账本所存的不同；",
            "但它的底分或规则与账本所存的不同；",
        ),
    ],
    ids=["en", "zh-Hant", "zh-Hans"],
)
def test_a_changed_night_is_refused_in_good_grammar(ledger, lang, one, two, three, stake):
    db, night = ledger
    draws = NIGHT["hands"][1:]
    cases = [
        ({"hands": [OTHER, *draws]}, one),  # hand 1 changed, hands 2 and 3 as they were
        ({"hands": [OTHER, draws[0]]}, two),  # hand 1 changed, hand 3 gone
        ({"hands": [OTHER]}, three),  # hand 1 changed, hands 2 and 3 gone
        ({"top": {"stake": 10}}, stake),  # the same hands at another stake
    ]
    for change, said in cases:
        changed(night, **change)
        done = run(db, "add", night, "--lang", lang)
        assert done.exit_code == 2 and said in done.stderr, done.stderr
    assert len(json.loads(run(db, "nights", "--format", "json").stdout)) == 1  # nothing added
