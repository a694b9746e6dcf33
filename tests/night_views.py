"""What the cross-view tests share: the nights and their files, a command run as a user runs it,
and the comparisons that name the night, the view, the player, expected and found."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import unicodedata
from decimal import Decimal

from conftest import ROOT
from night_maker import RULES_FILE, make_night, yaml_text
from night_money import night_money

COUNT = int(os.environ.get("NIGHT_VIEWS", 200))
SEED = int(os.environ.get("NIGHT_VIEWS_SEED", 44))
SHOWN = 40  # disagreements printed in full; the rest counted


class Table:
    """The nights, their files and the money the rules give each.

    Every fourth night is played under a house-rules file (RULES_FILE, ``--rules`` to `settle`
    and `ledger add`): ``money`` is what the rules give a night as a command is told to settle it,
    ``alone`` what they give its file alone (as `serve`, which takes no rules file, reads it)."""

    def __init__(self, folder):
        rng = random.Random(SEED)
        self.folder = folder
        self.rules_file = folder / "house-rules.yaml"
        self.rules_file.write_text(yaml_text(RULES_FILE), encoding="utf-8")
        self.base = [RULES_FILE if n % 4 == 3 else None for n in range(COUNT)]
        self.nights = [make_night(rng, n, self.base[n]) for n in range(COUNT)]
        self.money = [
            night_money(night, base) for night, base in zip(self.nights, self.base, strict=True)
        ]
        self.alone = [night_money(night) for night in self.nights]
        self.files = []
        for n, night in enumerate(self.nights):
            path = folder / f"night-{n + 1:03d}.yaml"
            path.write_text(yaml_text(night), encoding="utf-8")
            self.files.append(path)

    def groups(self):
        """(the options a command is given, the nights it is given them for): the nights without
        a rules file, and those under one."""
        yield (), [n for n in range(COUNT) if self.base[n] is None]
        yield ("--rules", str(self.rules_file)), [n for n in range(COUNT) if self.base[n]]

    def where(self, n: int) -> str:
        return f"night {n + 1} ({self.files[n].name}, {self.nights[n]['date']})"


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


def rows(text: str, form: str) -> list[dict]:
    """A ledger report's rows, from its JSON or its CSV (the same keys; an empty cell left out)."""
    import csv
    import io

    if form == "json":
        return exact(text)
    read = csv.DictReader(io.StringIO(text, newline=""))
    return [{k: v for k, v in row.items() if v != ""} for row in read]
