"""One night, one answer: serve's API and the ledger show every night the money the rules give it.

Issue 44's cross-view differential, its second part (tests/test_night_views.py has `settle` and
bulk mode; the nights and the settler are the same). Two real servers on 127.0.0.1 serve the
nights in turn, each written whole over the file one of them serves: `GET /api/night` (each
hand, the totals, the disputes and the page's score sheet: each row's changes and running
totals), `GET /api/settle-up`, and `POST /api/ledger` of each night into the servers' ledger
(a disputed night refused, as `ledger add` refuses it). A second ledger holds every night from
one `ledger add --accept-disputes`. Each ledger is then read as a user reads it: `show N`,
`totals` (all nights, and a range), `stats`, `history` (by night, week and month), `settle-up`
(the payments square the balances, in the fewest payments) as JSON and CSV, and `export` as CSV
and JSON lines; the ledger knows a player written two ways as one person, and so do the
comparisons. A failure names the night, its file, the view, the player, expected and found.
"""

from __future__ import annotations

import datetime
import json
import os
import signal
import subprocess
import urllib.error
import urllib.request
from decimal import Decimal, localcontext

import pytest
from click.testing import CliRunner
from conftest import start_serve
from night_money import EXACT
from night_views import COUNT, Table, a_night, agreed, compare, exact, meizhou, rows, squared


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return Table(tmp_path_factory.mktemp("nights"))


@pytest.fixture(autouse=True)
def _exact():
    """Every sum and difference of money in these tests exact, or an error."""
    with localcontext(EXACT):
        yield


def _ask(url: str, method: str = "GET", version: str | None = None):
    """(status, JSON answer) of a request as the page sends it."""
    headers = {"Content-Type": "application/json", "Origin": url.split("/api")[0]}
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    data = b"{}" if method == "POST" else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, exact(answer.read().decode())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"{}")


class Served:
    """What the servers answered for each night, and the ledger they added the nights to."""

    def __init__(self, table: Table, folder):
        self.db = folder / "phones.sqlite3"
        self.night, self.settle_up, self.added = [], [], []
        servers = []
        try:
            for k in range(2):
                night = folder / f"table-{k}" / "night.yaml"
                night.parent.mkdir()
                base, proc = start_serve(night, "--db", str(self.db), stdout=subprocess.DEVNULL)
                servers.append((night, base, proc))
            for n, path in enumerate(table.files):
                night, base, _ = servers[n % 2]
                fresh = night.with_name(".next.yaml")
                fresh.write_bytes(path.read_bytes())
                os.replace(fresh, night)  # the night's file written whole, as an editor saves it
                self.night.append(_ask(base + "/api/night")[1])
                self.settle_up.append(_ask(base + "/api/settle-up")[1])
                version = self.night[-1]["version"]
                self.added.append(_ask(base + "/api/ledger", "POST", version))
        finally:
            for _, _, proc in servers:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=30)


@pytest.fixture(scope="module")
def served(table, tmp_path_factory):
    return Served(table, tmp_path_factory.mktemp("served"))


# ---------------------------------------------------------------- serve's API


def test_the_api_shows_every_night_the_rules_money(table, served):
    out: list[str] = []
    versions = set()
    for n, (found, money) in enumerate(zip(served.night, table.alone, strict=True)):
        where = table.where(n)
        a_night("GET /api/night", table.nights[n], money, found, where, out)
        versions.add(found["version"])
        squared("GET /api/settle-up", money["totals"], served.settle_up[n]["payments"], where, out)
    assert len(versions) == COUNT, "each night written over the file has a version of its own"
    agreed(out)


def test_the_pages_score_sheet_shows_every_hand_the_rules_money(table, served):
    out: list[str] = []
    for n, (found, money) in enumerate(zip(served.night, table.alone, strict=True)):
        running: dict = {}
        for k, (hand, row) in enumerate(zip(money["hands"], found["sheet"], strict=True)):
            running = {p: running.get(p, Decimal(0)) + v for p, v in hand.items()}
            compare(f"the sheet's hand {k + 1} changes", hand, row["changes"], table.where(n), out)
            compare(
                f"the sheet's hand {k + 1} running", running, row["running"], table.where(n), out
            )
    agreed(out)


def test_post_api_ledger_adds_each_night_the_table_agreed_on(table, served):
    out: list[str] = []
    for n, (status, answer) in enumerate(served.added):
        agreed_on = not table.alone[n]["disputed"]
        if agreed_on and (status, answer.get("outcome")) != (200, "new"):
            out.append(f"{table.where(n)}, POST /api/ledger: {status} {answer}")
        if not agreed_on and status == 200:
            out.append(f"{table.where(n)}, POST /api/ledger: a disputed night added: {answer}")
    agreed(out)


# ---------------------------------------------------------------- the ledger's views


class Ledger:
    """A ledger file, and which night each of its numbers is."""

    def __init__(self, db, numbers: dict[int, int], how: str, money: list[dict]):
        self.db, self.numbers, self.how, self.money = db, numbers, how, money
        self.stored = sorted(numbers.values())

    def sum(self, nights) -> dict:
        totals: dict = {}
        for n in nights:
            for player, amount in self.money[n]["totals"].items():
                totals[player] = totals.get(player, Decimal(0)) + amount
        return totals

    def run(self, *args: str):
        return meizhou("ledger", "--db", str(self.db), *args, ok=(0,))


@pytest.fixture(scope="module", params=["ledger add", "POST /api/ledger"])
def ledger(request, table):
    if request.param == "ledger add":  # each night under its rules file, if any (--rules)
        db, money = table.folder / "club.sqlite3", table.money
        for options, nights in table.groups():
            files = [str(table.files[n]) for n in nights]
            meizhou(
                "ledger", "--db", str(db), "add", *files, *options, "--accept-disputes", ok=(0,)
            )
        meant = list(range(COUNT))
    else:  # the file alone, as serve reads it
        db, money = request.getfixturevalue("served").db, table.alone
        meant = [n for n in range(COUNT) if not money[n]["disputed"]]
    listed = exact(meizhou("ledger", "--db", str(db), "nights", "--format", "json", ok=(0,)))
    by_date = {night["date"]: n for n, night in enumerate(table.nights)}
    numbers = {row["id"]: by_date[row["date"]] for row in listed}
    assert sorted(numbers.values()) == meant, "every night stored once"
    return Ledger(db, numbers, request.param, money)


def test_ledger_show_shows_every_night_the_rules_money(table, ledger):
    from meizhou_score.cli.app import cli

    runner = CliRunner()
    out: list[str] = []
    for number, n in sorted(ledger.numbers.items()):
        args = ["ledger", "--db", str(ledger.db), "show", str(number), "--format", "json"]
        shown = runner.invoke(cli, args)
        assert shown.exit_code in (0, 1), shown.output
        view = f"ledger show {number} ({ledger.how})"
        night, money = table.nights[n], ledger.money[n]
        a_night(view, night, money, exact(shown.stdout), table.where(n), out, by_person=True)
    agreed(out)


@pytest.mark.parametrize("form", ["json", "csv"])
def test_ledger_totals_are_the_sum_of_the_nights(table, ledger, form):
    out: list[str] = []
    found = {
        row["player"]: row["total"] for row in rows(ledger.run("totals", "--format", form), form)
    }
    where = f"all {len(ledger.stored)} nights ({ledger.how})"
    compare(f"ledger totals --format {form}", ledger.sum(ledger.stored), found, where, out, True)
    half = ledger.stored[: len(ledger.stored) // 2]  # the first half, by --since and --until
    since, until = table.nights[half[0]]["date"], table.nights[half[-1]]["date"]
    some = ledger.run("totals", "--since", since, "--until", until, "--format", form)
    found = {row["player"]: row["total"] for row in rows(some, form)}
    where = f"{since}…{until} ({ledger.how})"
    compare("ledger totals --since --until", ledger.sum(half), found, where, out, True)
    agreed(out)


@pytest.mark.parametrize("form", ["json", "csv"])
def test_ledger_stats_nets_are_the_sum_of_the_nights(table, ledger, form):
    out: list[str] = []
    found = {row["player"]: row["net"] for row in rows(ledger.run("stats", "--format", form), form)}
    where = f"all {len(ledger.stored)} nights ({ledger.how})"
    compare(f"ledger stats --format {form} net", ledger.sum(ledger.stored), found, where, out, True)
    agreed(out)


def _period(day: str, by: str):
    date = datetime.date.fromisoformat(day)
    return {"night": date, "week": date.isocalendar()[:2], "month": (date.year, date.month)}[by]


def _label(when: str, by: str):
    if by == "night":
        return datetime.date.fromisoformat(when.split()[0])
    year, number = when.replace("W", "").rsplit("-", 1)
    return int(year), int(number)


@pytest.mark.parametrize("by", ["night", "week", "month"])
def test_ledger_history_runs_through_each_nights_money(table, ledger, by):
    found = rows(ledger.run("history", "--by", by, "--format", "json"), "json")
    expected: dict = {}  # each period's running balances, the nights in date order
    running: dict = {}
    for n in sorted(ledger.stored, key=lambda n: table.nights[n]["date"]):
        for player, amount in ledger.money[n]["totals"].items():
            running[player] = running.get(player, Decimal(0)) + amount
        expected[_period(table.nights[n]["date"], by)] = dict(running)
    out: list[str] = []
    assert len(found) == len(expected), [row["when"] for row in found][:5]
    for row in found:
        when = row.pop("when")
        where = f"{when} ({ledger.how})"
        compare(f"ledger history --by {by}", expected[_label(when, by)], row, where, out, True)
    agreed(out)


@pytest.mark.parametrize("form", ["json", "csv"])
def test_ledger_settle_up_squares_the_nights_in_the_fewest_payments(table, ledger, form):
    payments = rows(ledger.run("settle-up", "--format", form), form)
    out: list[str] = []
    where = f"all {len(ledger.stored)} nights ({ledger.how})"
    squared(f"ledger settle-up --format {form}", ledger.sum(ledger.stored), payments, where, out)
    agreed(out)


@pytest.mark.parametrize("form", ["csv", "jsonl"])
def test_ledger_export_pays_each_night_the_rules_money(table, ledger, form):
    text = ledger.run("export", "--format", form)
    if form == "csv":
        payments = [row for row in rows(text, "csv") if "from" in row]
    else:
        payments = [
            {"night": hand["night"], **pay}
            for hand in map(exact, text.splitlines())
            for pay in hand["transfers"]
        ]
    found: dict[int, dict] = {n: {} for n in ledger.stored}
    for pay in payments:
        money, amount = found[ledger.numbers[int(pay["night"])]], Decimal(pay["amount"])
        money[pay["from"]] = money.get(pay["from"], Decimal(0)) - amount
        money[pay["to"]] = money.get(pay["to"], Decimal(0)) + amount
    out: list[str] = []
    view = f"ledger export --format {form} ({ledger.how})"
    for n, money in sorted(found.items()):
        compare(view, ledger.money[n]["totals"], money, table.where(n), out, by_person=True)
    agreed(out)
