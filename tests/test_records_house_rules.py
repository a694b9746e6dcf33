"""The house's one way through: one pipeline, one writer, rulings in one place, memos that change nothing."""

import json
import marshal
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from records import hand_record, session_record

from meizhou_score import settle
from meizhou_score.cli.app import cli

# RULES.md Part B, by hand: the ruling behind each kind of payment
RULING_OF_REASON = {
    "self_draw": "R5",
    "kong_bloom": "R6",
    "robbed_kong": "R7",
    "concealed_kong": "R8",
    "added_kong": "R8",
    "exposed_kong": "R8",
}


def test_the_shipped_tables_file_is_there_and_current():
    # the runtime would quietly rebuild a missing or stale file; the package must ship a valid one
    from meizhou_score.engine.tables import TABLE_FILE, TABLE_VERSION, build_tables

    with open(TABLE_FILE, "rb") as handle:
        version, suit, honour = marshal.loads(handle.read())
    assert version == TABLE_VERSION
    assert (suit, honour) == build_tables()
    assert len(suit) == 21_743  # every suit group of up to four sets and at most one pair


def test_the_shipped_readings_file_is_there_and_current():
    from meizhou_score.engine.tables import READINGS_FILE, TABLE_VERSION, build_readings

    with open(READINGS_FILE, "rb") as handle:
        version, suit, honour = marshal.loads(handle.read())
    assert version == TABLE_VERSION
    assert (suit, honour) == build_readings()


def test_shipped_readings_read_as_the_search_does():
    # first sight with the shipped readings and first sight without them: the same readings
    import random

    from records import complete_counts

    from meizhou_score.engine import hand, memo, tables

    rng = random.Random(9)
    hands = [bytes(complete_counts(rng)) for _ in range(3000)]
    memo.clear()
    saved, tables._SHIPPED = tables._SHIPPED, None
    try:
        searched = [hand.readings(c) for c in hands]
        memo.clear()
        tables.preload_readings()
        assert tables.shipped_readings() is not None
        assert [hand.readings(c) for c in hands] == searched
    finally:
        tables._SHIPPED = saved


def test_a_tile_repr_reads_back_as_the_tile():
    from meizhou_score.engine.tiles import TILES, Tile

    for tile in TILES:
        assert eval(repr(tile), {"Tile": Tile}) == tile


@pytest.mark.parametrize(
    "name", ["robbed-kong", "kongs-every-type", "kong-bloom", "bao-kong", "session"]
)
def test_every_json_transfer_names_its_ruling(name):
    result = CliRunner().invoke(cli, ["settle", str(EXAMPLES / f"{name}.yaml"), "--format", "json"])
    out = json.loads(result.stdout)
    hands = out["hands"] if "hands" in out else [out]
    transfers = [t for h in hands for t in h["transfers"]]
    assert transfers
    for t in transfers:
        assert t["rule"] == RULING_OF_REASON[t["reason"]]


def test_the_explanation_reads_the_payment_and_never_works_it_out_again():
    # a kong bloom under kong_bloom_multiplier 2: each pays 1 (ratio) × 2 (share) × 2 = 4 units (R6)
    from meizhou_score.records.rules import DEFAULT_RULES
    from meizhou_score.render.text import explain_transfer
    from meizhou_score.settling.night import settle_data

    rec = hand_record(
        "Jun",
        "kong_bloom",
        "123m 456p 789s 55s",
        "5s",
        rules={"kong_bloom_multiplier": 2},
        kongs=[{"player": "Jun", "type": "concealed", "tile": "7z"}],
    )
    settled = settle_data(rec).last
    win = settled.transfers[0]
    assert (win.units, win.basis.ratio, win.basis.share, win.basis.multiplier) == (4, 1, 2, 2)
    # the rules changed after the fact must not change what the payment says it was
    changed = settled._replace(record=settled.record._replace(rules=DEFAULT_RULES))
    assert "ratio 1 × 2 × 2 — R6" in explain_transfer(win, changed)
    assert "4 (4 × 1)" in explain_transfer(win, changed)


def test_a_session_reads_the_same_through_the_api_the_cli_and_bulk_mode(tmp_path):
    from meizhou_score.bulk.lines import settle_line

    session = session_record(
        hand_record(),
        {"draw": True},
        hand_record("Jun", concealed="11m 33m 55p 77p 99s 22s 11z", winning="1z", dealer="Jun"),
    )
    api = json.loads(json.dumps(settle(session)))
    path = tmp_path / "night.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    cli_out = json.loads(CliRunner().invoke(cli, ["settle", str(path), "--format", "json"]).stdout)
    line, outcome = settle_line(json.dumps(session), 9)
    bulk_out = json.loads(line)
    assert outcome == "settled"
    assert api == cli_out == {k: v for k, v in bulk_out.items() if k != "line"}
    # Mei +6 −6, Jun: the draw, then seven pairs 6 from each: −2 + 18 (R5 × ratio 3)
    assert api["totals"] == {"Ah Fook": -8, "Mei": 0, "Jun": 16, "Lan": -8}


def test_every_memo_is_bounded_and_registered():
    import meizhou_score.bulk.lines  # noqa: F401 - every module with a memo
    import meizhou_score.settling.analysis  # noqa: F401 - check's memos are made on import too
    from meizhou_score.engine import memo

    sizes = memo.sizes()
    assert {"tiles.words", "readings.m", "record.names"} <= set(sizes)
    assert all(limit > 0 for _, limit in sizes.values())


def test_switching_every_memo_off_changes_no_output(tmp_path):
    # the speed layer is only speed: the same log settled with and without any memo, byte for byte
    import random

    from records import club_log

    path = tmp_path / "log.jsonl"
    rng = random.Random(12)
    path.write_text(
        "".join(json.dumps(rec, ensure_ascii=False) + "\n" for rec in club_log(rng, 1500)),
        encoding="utf-8",
    )

    def run(off):
        env = {**os.environ, "MEIZHOU_MEMOS_OFF": off}
        return subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
            cwd=ROOT,
            env=env,
            capture_output=True,
        ).stdout

    with_memos, without = run(""), run("all")
    assert with_memos.count(b"\n") == 1500
    assert with_memos == without


def test_every_ruling_printed_is_explained_in_the_docs():
    # docs/rules.md's table and `rules --explain` say the same, for every ruling the tool can cite
    import re

    from meizhou_score.i18n import rulings
    from meizhou_score.records.rules import ROWS

    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = {
        r: (what, why)
        for r, what, why in re.findall(r"^\| (R\d+) \| (.*?) \| (.*?) \|$", doc, re.M)
    }
    assert table == rulings.EXPLAINED
    cited = {
        *rulings.REASONS.values(),
        *rulings.NEXT_DEALER.values(),
        *(row.ruling for row in ROWS),
        *rulings.FINDINGS.values(),
    }
    assert cited <= set(table)
    out = CliRunner().invoke(cli, ["rules", "--explain", "r7"])
    assert (
        out.exit_code == 0
        and out.stdout.startswith("R7: Robbed kong")
        and "docs/rules.md" in out.stdout
    )
    assert CliRunner().invoke(cli, ["rules", "--explain", "R12"]).exit_code == 2


def test_nothing_the_user_reads_points_outside_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme and "RULES.md" not in readme and "SPEC" not in readme
    for command in ("settle", "check", "rules", "deal", "schema", "record", "undo", "ledger"):
        text = CliRunner().invoke(cli, [command, "--help"]).stdout
        assert "RULES.md" not in text and "SPEC" not in text, command
