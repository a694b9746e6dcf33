"""One night, one answer: every view of a night shows the money the rules give it (issue 44).

A few hundred random nights (tests/night_maker.py: house rules, robbed kongs, every kong type,
decimal stakes, claims right and wrong) are settled by the test itself from the rules
(tests/night_money.py, which never calls the package), and every view is read as a user reads
it and compared, player by player, to the unit: `settle --format json` (all the nights in one
run), `settle --jsonl`, `serve`'s `GET /api/night` and `GET /api/settle-up` (two real servers,
each night written over the file they serve), and the ledger after one `ledger add
--accept-disputes` of every night: `show N`, `totals`, `history --by night`, `stats`,
`settle-up` (its payments must square the balances, in the fewest payments) and `export` as
CSV and JSON lines. A failure names the night, its file, the view, the player, expected and
found. NIGHT_VIEWS sets how many nights, NIGHT_VIEWS_SEED the seed.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import unicodedata
import urllib.request
from decimal import Decimal, localcontext

import pytest
from click.testing import CliRunner
from conftest import ROOT, start_serve
from night_maker import json_line, make_night, yaml_text
from night_money import EXACT, night_money

COUNT = int(os.environ.get("NIGHT_VIEWS", 200))
SEED = int(os.environ.get("NIGHT_VIEWS_SEED", 44))
SHOWN = 40  # disagreements printed in full; the rest counted


class Table:
    """The nights, their files and the money the rules give each."""

    def __init__(self, folder):
        import random

        rng = random.Random(SEED)
        self.folder = folder
        self.nights = [make_night(rng, n) for n in range(COUNT)]
        self.money = [night_money(night) for night in self.nights]
        self.files = []
        for n, night in enumerate(self.nights):
            path = folder / f"night-{n + 1:03d}.yaml"
            path.write_text(yaml_text(night), encoding="utf-8")
            self.files.append(path)

    def where(self, n: int) -> str:
        return f"night {n + 1} ({self.files[n].name}, {self.nights[n]['date']})"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return Table(tmp_path_factory.mktemp("nights"))


@pytest.fixture(autouse=True)
def _exact():
    """Every sum and difference of money in these tests exact, or an error."""
    with localcontext(EXACT):
        yield


def meizhou(*args: str, ok=(0, 1)) -> str:
    """The command run as a user runs it; its standard output."""
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in ok, f"meizhou-score {' '.join(args[:3])}…: {done.stderr[-2000:]}"
    return done.stdout


def exact(text: str):
    return json.loads(text, parse_float=Decimal)


def person(name: str) -> str:
    """Who a name is to the ledger (docs/formats.md): NFC, spaces collapsed, case folded."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def people(money: dict) -> dict:
    folded: dict = {}
    for name, amount in money.items():
        folded[person(name)] = folded.get(person(name), Decimal(0)) + Decimal(amount)
    return folded


def compare(view, expected: dict, found: dict, where: str, out: list[str], by_person=False):
    """Each player's money in ``found`` against ``expected`` (a player missing counts as 0); the
    ledger's views compare people, however each night spelt their names."""
    if by_person:
        expected, found = people(expected), people(found)
    for player in sorted(set(expected) | set(found)):
        e = Decimal(expected.get(player, 0))
        f = Decimal(found.get(player, 0))
        if e != f:
            out.append(f"{where}, {view}: {player} expected {e}, found {f}")


def agreed(out: list[str]) -> None:
    shown = "\n".join(out[:SHOWN]) + (
        f"\n… and {len(out) - SHOWN} more" if len(out) > SHOWN else ""
    )
    assert not out, (
        f"{len(out)} disagreements (NIGHT_VIEWS_SEED={SEED}, NIGHT_VIEWS={COUNT}):\n{shown}"
    )


def fewest_payments(balances: dict) -> int:
    """The fewest payments that square ``balances``: the players owing or owed, less the most
    groups they split into that each sum to 0 (every group squares within itself, one payment
    fewer than its players)."""
    owed = [Decimal(v) for v in balances.values() if Decimal(v)]
    full = (1 << len(owed)) - 1
    total = [
        sum((owed[i] for i in range(len(owed)) if m >> i & 1), Decimal(0)) for m in range(full + 1)
    ]
    groups = [0] * (full + 1)
    for m in range(1, full + 1):
        groups[m] = max(groups[m & ~(1 << i)] for i in range(len(owed)) if m >> i & 1)
        groups[m] += total[m] == 0
    return len(owed) - groups[full]


def squared(view: str, balances: dict, payments: list[dict], where: str, out: list[str]) -> None:
    """``payments`` ({from, to, amount}) square ``balances`` exactly, and are the fewest that do."""
    balances = people(balances)
    left = dict(balances)
    for pay in payments:
        payer, payee, amount = person(pay["from"]), person(pay["to"]), Decimal(pay["amount"])
        left[payer] = left.get(payer, Decimal(0)) + amount
        left[payee] = left.get(payee, Decimal(0)) - amount
    compare(f"{view} (what is left after its payments)", {}, left, where, out)
    if len(payments) != fewest_payments(balances):
        out.append(
            f"{where}, {view}: {len(payments)} payments where {fewest_payments(balances)} square it"
        )


def a_night(
    view, night: dict, money: dict, found: dict, where: str, out: list[str], by_person=False
):
    """A night's JSON (settle's, bulk mode's, the API's, ledger show's): totals, each hand, disputes."""
    if "totals" not in found:
        out.append(f"{where}, {view}: no totals: {str(found)[:300]}")
        return
    compare(f"{view} totals", money["totals"], found["totals"], where, out, by_person)
    for k, (hand, shown) in enumerate(zip(money["hands"], found["hands"], strict=False)):
        compare(f"{view} hand {k + 1}", hand, shown["balances"], where, out, by_person)
    if len(found["hands"]) != len(night["hands"]):
        out.append(f"{where}, {view}: {len(found['hands'])} hands, not {len(night['hands'])}")
    if bool(found["disputes"]) != money["disputed"]:
        out.append(f"{where}, {view}: disputed {bool(found['disputes'])}, not {money['disputed']}")


# ---------------------------------------------------------------- settle, bulk mode, serve


def test_settle_json_shows_every_night_the_rules_money(table):
    found = exact(meizhou("settle", *map(str, table.files), "--format", "json"))
    out: list[str] = []
    for n, shown in enumerate(found):
        assert shown["file"] == str(table.files[n])
        a_night("settle", table.nights[n], table.money[n], shown, table.where(n), out)
    agreed(out)


def test_settle_jsonl_shows_every_night_the_rules_money(table):
    lines = table.folder / "nights.jsonl"
    lines.write_text("".join(json_line(night) + "\n" for night in table.nights), encoding="utf-8")
    found = [exact(line) for line in meizhou("settle", "--jsonl", str(lines)).splitlines()]
    assert [shown["line"] for shown in found] == list(range(1, COUNT + 1))
    out: list[str] = []
    for n, shown in enumerate(found):
        a_night("settle --jsonl", table.nights[n], table.money[n], shown, table.where(n), out)
    agreed(out)


def _get(url: str):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return exact(answer.read().decode())


def test_the_api_shows_every_night_the_rules_money(table, tmp_path):
    # two servers, each night written (whole, renamed into place) over the file one of them serves
    servers = []
    try:
        for k in range(2):
            night = tmp_path / f"table-{k}" / "night.yaml"
            night.parent.mkdir()
            servers.append((night, *start_serve(night, stdout=subprocess.DEVNULL)))
        out: list[str] = []
        versions = [None, None]
        for n, (path, money) in enumerate(zip(table.files, table.money, strict=True)):
            night, base, _ = servers[n % 2]
            fresh = night.with_name(".next.yaml")
            fresh.write_bytes(path.read_bytes())
            os.replace(fresh, night)
            found = _get(base + "/api/night")
            if found["version"] == versions[n % 2]:
                out.append(f"{table.where(n)}, GET /api/night: the version of the night before")
            versions[n % 2] = found["version"]
            a_night("GET /api/night", table.nights[n], money, found, table.where(n), out)
            payments = _get(base + "/api/settle-up")["payments"]
            squared("GET /api/settle-up", money["totals"], payments, table.where(n), out)
        agreed(out)
    finally:
        for _, _, proc in servers:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=30)


# ---------------------------------------------------------------- the ledger


@pytest.fixture(scope="module")
def ledger(table):
    """One ledger holding every night, added in one run with --accept-disputes: (its path,
    night number → the night's index)."""
    db = table.folder / "club.sqlite3"
    meizhou("ledger", "--db", str(db), "add", *map(str, table.files), "--accept-disputes", ok=(0,))
    listed = exact(meizhou("ledger", "--db", str(db), "nights", "--format", "json", ok=(0,)))
    by_date = {night["date"]: n for n, night in enumerate(table.nights)}
    numbers = {row["id"]: by_date[row["date"]] for row in listed}
    assert sorted(numbers.values()) == list(range(COUNT)), "every night stored once"
    return db, numbers


def _sum(table, nights) -> dict:
    totals: dict = {}
    for n in nights:
        for player, amount in table.money[n]["totals"].items():
            totals[player] = totals.get(player, Decimal(0)) + amount
    return totals


def test_ledger_show_shows_every_night_the_rules_money(table, ledger):
    from meizhou_score.cli.app import cli

    db, numbers = ledger
    runner = CliRunner()
    out: list[str] = []
    for number, n in sorted(numbers.items()):
        shown = runner.invoke(
            cli, ["ledger", "--db", str(db), "show", str(number), "--format", "json"]
        )
        assert shown.exit_code in (0, 1), shown.output
        view = f"ledger show {number}"
        night, money = table.nights[n], table.money[n]
        a_night(view, night, money, exact(shown.stdout), table.where(n), out, by_person=True)
    agreed(out)


def test_ledger_totals_are_the_sum_of_the_nights(table, ledger):
    db, _ = ledger
    out: list[str] = []
    everything = exact(meizhou("ledger", "--db", str(db), "totals", "--format", "json", ok=(0,)))
    compare(
        "ledger totals",
        _sum(table, range(COUNT)),
        {row["player"]: row["total"] for row in everything},
        f"all {COUNT} nights",
        out,
        by_person=True,
    )
    half = range(COUNT // 2)  # the first half, by --since/--until on the nights' dates
    since, until = table.nights[0]["date"], table.nights[half[-1]]["date"]
    args = ("totals", "--since", since, "--until", until, "--format", "json")
    some = exact(meizhou("ledger", "--db", str(db), *args, ok=(0,)))
    found = {row["player"]: row["total"] for row in some}
    where = f"{since}…{until}"
    compare("ledger totals --since --until", _sum(table, half), found, where, out, by_person=True)
    agreed(out)


def test_ledger_stats_nets_are_the_sum_of_the_nights(table, ledger):
    db, _ = ledger
    rows = exact(meizhou("ledger", "--db", str(db), "stats", "--format", "json", ok=(0,)))
    out: list[str] = []
    found = {row["player"]: row["net"] for row in rows}
    where = f"all {COUNT} nights"
    compare("ledger stats net", _sum(table, range(COUNT)), found, where, out, by_person=True)
    agreed(out)


def test_ledger_history_moves_by_each_nights_money(table, ledger):
    db, numbers = ledger
    args = ("history", "--by", "night", "--format", "json")
    rows = exact(meizhou("ledger", "--db", str(db), *args, ok=(0,)))
    assert len(rows) == COUNT
    by_date = {night["date"]: n for n, night in enumerate(table.nights)}
    out: list[str] = []
    before: dict = {}
    for row in rows:
        n = by_date[row.pop("when").split()[0]]
        moved = {p: Decimal(v) - before.get(p, Decimal(0)) for p, v in row.items()}
        view, expected = "ledger history --by night", table.money[n]["totals"]
        compare(view, expected, moved, table.where(n), out, by_person=True)
        before = {p: Decimal(v) for p, v in row.items()}
    agreed(out)


def test_ledger_settle_up_squares_the_nights_in_the_fewest_payments(table, ledger):
    db, _ = ledger
    payments = exact(meizhou("ledger", "--db", str(db), "settle-up", "--format", "json", ok=(0,)))
    out: list[str] = []
    squared("ledger settle-up", _sum(table, range(COUNT)), payments, f"all {COUNT} nights", out)
    agreed(out)


def _exported(table, numbers, rows) -> list[str]:
    """Each night's money from an export's payments (dicts with night, from, to, amount)."""
    found: dict[int, dict] = {n: {} for n in numbers.values()}
    for row in rows:
        money = found[numbers[int(row["night"])]]
        if row["from"]:
            amount = Decimal(row["amount"])
            money[row["from"]] = money.get(row["from"], Decimal(0)) - amount
            money[row["to"]] = money.get(row["to"], Decimal(0)) + amount
    out: list[str] = []
    for n, money in sorted(found.items()):
        view, expected = "the export's payments", table.money[n]["totals"]
        compare(view, expected, money, table.where(n), out, by_person=True)
    return out


def test_ledger_export_csv_pays_each_night_the_rules_money(table, ledger):
    db, numbers = ledger
    text = meizhou("ledger", "--db", str(db), "export", "--format", "csv", ok=(0,))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    agreed(_exported(table, numbers, rows))


def test_ledger_export_jsonl_pays_each_night_the_rules_money(table, ledger):
    db, numbers = ledger
    text = meizhou("ledger", "--db", str(db), "export", "--format", "jsonl", ok=(0,))
    rows = [
        {"night": hand["night"], **payment}
        for hand in map(exact, text.splitlines())
        for payment in hand["transfers"]
    ]
    agreed(_exported(table, numbers, rows))
