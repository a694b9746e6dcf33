"""A night's money in the ledger is the money it was settled with: `ledger show`, `totals`,
`history`, `stats`, `settle-up` and `export` (CSV and JSON lines) give what `settle` gives under
the same house rules, to the unit — also where a rule follows another (robbed_kong_share unset:
3 × self_draw_share, docs/rules.md R7) and the night sets its own self_draw_share.

Figures, by hand. Stake 5. Hand 1: Mei robs Jun's kong with an ordinary hand (ratio 1): Jun alone
pays robbed_kong_share × ratio units (R7). Hand 2 (Jun deals: the robbed player deals next,
R10): Lan self-draws an ordinary hand: each other player pays self_draw_share × ratio units
(R5).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest
from click.testing import CliRunner
from records import A, B, C, D, hand_record, session_record

from meizhou_score.cli.app import cli
from meizhou_score.records.rules import DEFAULT_RULES

ROBBED = hand_record(B, "robbed_kong", robbed=C, dealer=A)
LAN_DRAWS = {k: v for k, v in hand_record(D).items() if k != "dealer"}


def night(**rules) -> dict:
    return session_record(ROBBED, LAN_DRAWS, stake=5, date="2026-11-19", rules=rules)


def totals(share: int, robbed: int) -> dict:
    """Hand 1: Jun pays Mei robbed × 1 × 5; hand 2: Ah Fook, Mei and Jun pay Lan share × 1 × 5."""
    each = share * 5
    return {A: -each, B: robbed * 5 - each, C: -robbed * 5 - each, D: 3 * each}


# the night sets self_draw_share 3 and leaves the robbed kong to follow it: 3 × 3 = 9 per ratio:
# A −15, Mei +45 − 15 = +30, Jun −45 − 15 = −60, Lan +45 (the 45, shown as 30 before)
OWN_SHARE = totals(3, 9)
assert OWN_SHARE == {A: -15, B: 30, C: -60, D: 45}
# the base rules (a rules file) set self_draw_share 3, the night 2: it follows the night's, 3 × 2
# = 6: A −10, Mei +30 − 10 = +20, Jun −30 − 10 = −40, Lan +30 (shown with 9 per ratio before)
BASE_SHARE = totals(2, 6)
assert BASE_SHARE == {A: -10, B: 20, C: -40, D: 30}
# the base rules set robbed_kong_share 6 themselves (and self_draw_share 2), the night sets
# self_draw_share 3: the robbed kong stays 6, the self-draw 3: A −15, Mei +30 − 15 = +15,
# Jun −30 − 15 = −45, Lan +45
SET_SIX = totals(3, 6)
assert SET_SIX == {A: -15, B: 15, C: -45, D: 45}


def cli_run(*args) -> str:
    result = CliRunner().invoke(cli, [*map(str, args)])
    assert result.exit_code == 0, result.output
    return result.stdout


def every_view(db, path, rules_file=None) -> dict[str, dict]:
    """Each player's money for the ledger's one night, as each view gives it."""
    led = ("ledger", "--db", db)
    given = ("--rules", rules_file) if rules_file else ()
    views = {
        "settle": json.loads(cli_run("settle", path, *given, "--format", "json"))["totals"],
        "show": json.loads(cli_run(*led, "show", 1, "--format", "json"))["totals"],
        "totals": {
            r["player"]: r["total"] for r in json.loads(cli_run(*led, "totals", "--format", "json"))
        },
        "history": {
            k: v
            for k, v in json.loads(cli_run(*led, "history", "--format", "json"))[-1].items()
            if k != "when"
        },
        "stats": {
            r["player"]: r["net"] for r in json.loads(cli_run(*led, "stats", "--format", "json"))
        },
    }
    paid = {name: 0 for name in (A, B, C, D)}
    for p in json.loads(cli_run(*led, "settle-up", "--format", "json")):
        paid[p["from"]] -= p["amount"]  # what settle-up asks each loser to pay squares them
        paid[p["to"]] += p["amount"]
    views["settle-up"] = paid
    money = {name: 0 for name in (A, B, C, D)}
    for row in csv.DictReader(io.StringIO(cli_run(*led, "export"))):
        money[row["from"]] -= int(row["amount"])
        money[row["to"]] += int(row["amount"])
    views["export csv"] = money
    money = {name: 0 for name in (A, B, C, D)}
    for line in cli_run(*led, "export", "--format", "jsonl").splitlines():
        for t in json.loads(line)["transfers"]:
            money[t["from"]] -= t["amount"]
            money[t["to"]] += t["amount"]
    views["export jsonl"] = money
    return views


def write(path, data) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "base, own, expected",
    [
        pytest.param(None, {"self_draw_share": 3}, OWN_SHARE, id="the night's own self_draw_share"),
        pytest.param(
            {"self_draw_share": 3}, {"self_draw_share": 2}, BASE_SHARE, id="a rules file's"
        ),
        pytest.param(
            {"self_draw_share": 2, "robbed_kong_share": 6},
            {"self_draw_share": 3},
            SET_SIX,
            id="robbed_kong_share set in the rules file",
        ),
    ],
)
def test_every_view_of_a_night_gives_the_money_settle_gives(tmp_path, base, own, expected):
    db, path = tmp_path / "club.sqlite3", write(tmp_path / "night.yaml", night(**own))
    rules_file = write(tmp_path / "house.yaml", base) if base else None
    cli_run("ledger", "--db", db, "add", path, *(("--rules", rules_file) if rules_file else ()))
    views = every_view(db, path, rules_file)
    assert views == dict.fromkeys(views, expected)


def _as_version_five_stored_it(db, version_one: bool = False) -> None:
    """The ledger as the program before schema version 6 left it: each night's base rules written
    out with a following rule as the figure it came to (Rules.as_dict: robbed_kong_share 3 ×
    self_draw_share) — or, ``version_one``, as 6 whatever the share, as version 1 wrote it — and
    the schema at version 5."""
    conn = sqlite3.connect(db)
    for night_id, text in conn.execute("SELECT id, rules FROM nights").fetchall():
        rules = DEFAULT_RULES.override(
            {k: v for k, v in json.loads(text).items() if v is not None}, ""
        ).as_dict()
        if version_one:
            rules["robbed_kong_share"] = 6
        conn.execute("UPDATE nights SET rules = ? WHERE id = ?", (json.dumps(rules), night_id))
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "base, own, version_one, expected",
    [
        # stored 6 with self_draw_share 2: 6 set or following; the money held (+30 for Mei) is
        # what following pays, so it is read as following
        pytest.param(None, {"self_draw_share": 3}, False, OWN_SHARE, id="stored 6 that followed"),
        # the same stored figures, and the money held is what 6 as set pays: kept as set
        pytest.param(
            {"self_draw_share": 2, "robbed_kong_share": 6},
            {"self_draw_share": 3},
            False,
            SET_SIX,
            id="stored 6 that was set",
        ),
        # stored 9 with self_draw_share 3: the rules file's following figure
        pytest.param(
            {"self_draw_share": 3}, {"self_draw_share": 2}, False, BASE_SHARE, id="stored 9"
        ),
        # stored 6 with self_draw_share 3, the night's rules silent: set to 6 (it pays 6 × 5 =
        # 30 for the robbed kong, 3 × 5 each for the self-draw: SET_SIX), as the money held says
        pytest.param(
            {"self_draw_share": 3, "robbed_kong_share": 6},
            {},
            False,
            SET_SIX,
            id="stored 6 set under share 3",
        ),
        # version 1's 6 for a rule it never set: the money held is following's 9 × 5 (OWN_SHARE's
        # figures: the base rules give the share 3 here, not the night's)
        pytest.param({"self_draw_share": 3}, {}, True, OWN_SHARE, id="version 1's 6 that followed"),
    ],
)
def test_a_ledger_written_before_version_6_shows_its_nights_as_they_were_settled(
    tmp_path, base, own, version_one, expected
):
    db, path = tmp_path / "club.sqlite3", write(tmp_path / "night.yaml", night(**own))
    rules_file = write(tmp_path / "house.yaml", base) if base else None
    cli_run("ledger", "--db", db, "add", path, *(("--rules", rules_file) if rules_file else ()))
    _as_version_five_stored_it(db, version_one)
    views = every_view(db, path, rules_file)  # the first command migrates the ledger
    assert views == dict.fromkeys(views, expected)
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 6


def test_a_night_that_no_longer_settles_to_the_money_held_is_not_shown(tmp_path):
    db, path = tmp_path / "club.sqlite3", write(tmp_path / "night.yaml", night(self_draw_share=3))
    cli_run("ledger", "--db", db, "add", path)
    conn = sqlite3.connect(db)  # hand 2 held as another program settled it: Lan +30, not +45
    conn.execute(
        "UPDATE balances SET units = units * 2 / 3 WHERE hand_id = (SELECT id FROM hands WHERE "
        "number = 2)"
    )
    conn.commit()
    conn.close()
    shown = CliRunner().invoke(cli, ["ledger", "--db", str(db), "show", "1"])
    assert shown.exit_code == 2, shown.output
    assert "night 1, hand 2: settled again, it does not pay what the ledger holds" in shown.output
    assert "ledger add FILE --replace 1" in shown.output


@pytest.mark.parametrize("before_six", [False, True], ids=["this version", "before version 6"])
def test_a_night_added_again_under_rules_that_pay_otherwise_is_not_the_same_night(
    tmp_path, before_six
):
    # A rules file that sets robbed_kong_share 6 is the default under the default share (both
    # pay 6 × ratio), but not for a night whose own rules say self_draw_share 3: following pays
    # 9 × ratio there. Adding the night under the other rules settles it under them.
    db, path = tmp_path / "club.sqlite3", write(tmp_path / "night.yaml", night(self_draw_share=3))
    six = write(tmp_path / "six.yaml", {"robbed_kong_share": 6})
    first, then = ((), ("--rules", six)) if not before_six else (("--rules", six), ())
    cli_run("ledger", "--db", db, "add", path, *first)
    if before_six:
        _as_version_five_stored_it(db)  # and the identity as version 5 worked it out (no mark)
        conn = sqlite3.connect(db)
        from meizhou_score.club.identity import night_identity
        from meizhou_score.records.loader import load_record

        old = night_identity(load_record(path), DEFAULT_RULES)  # the default's: as 6 hashed then
        conn.execute("UPDATE nights SET hash = ?", (old,))
        conn.commit()
        conn.close()
    again = cli_run("ledger", "--db", db, "add", path, *then)
    assert "already in the ledger" not in again, again
    views = every_view(db, path, six if then else None)
    expected = SET_SIX if then else OWN_SHARE
    assert views == dict.fromkeys(views, expected)
