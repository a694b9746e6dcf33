"""Golden outputs of every command on every example, in each language: what a refactor must not change.

Each command's whole output (standard output, then standard error, then the exit code) is kept in
tests/golden/. A change that means to alter an output regenerates them with UPDATE_GOLDEN=1 and
the diff is read before it is committed; a change that means to alter nothing leaves them equal.
"""

import datetime
import os
import re
import shutil

import click
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from meizhou_score.cli.app import cli

GOLDEN = ROOT / "tests" / "golden"
LANGS = ("en", "zh-Hant", "zh-Hans")
RECORDS = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def _commands() -> list[tuple[str, list[str]]]:
    runs: list[tuple[str, list[str]]] = []
    for name in RECORDS:
        stem = name.removesuffix(".yaml")
        extra = ["--rules", "examples/house-rules.yaml"] if stem == "house-rules-hand" else []
        runs.append((f"settle-{stem}", ["settle", f"examples/{name}", *extra]))
        runs.append((f"settle-{stem}-explain", ["settle", f"examples/{name}", "--explain", *extra]))
        runs.append(
            (f"settle-{stem}-json", ["settle", f"examples/{name}", "--format", "json", *extra])
        )
    runs += [
        ("settle-session-hands", ["settle", "examples/session.yaml", "--hands"]),
        ("check-win", ["check", "11122233388899m"]),
        ("check-waits", ["check", "1112345678999m"]),
        ("check-melds", ["check", "123m 456p 11z", "--pung", "777z", "--kong", "5555s"]),
        ("check-json", ["check", "1112345678999m", "--format", "json"]),
        ("rules", ["rules"]),
        ("rules-house", ["rules", "--rules", "examples/house-rules.yaml"]),
        ("rules-json", ["rules", "--format", "json"]),
        ("deal", ["deal", "10", "5"]),
        ("deal-named", ["deal", "10", "5", "--players", "Ah Fook,Mei,Jun,Lan", "--dealer", "Mei"]),
        ("deal-seats", ["deal", "--seats", "7", "--players", "Ah Fook,Mei,Jun,Lan"]),
        (
            "seat-8x3",
            ["seat", "Ah", "Mei", "Jun", "Lan", "Fook", "Ying", "Wai", "Kit", "--rounds", "3"],
        ),
        (
            "seat-7x2-json",
            ["seat", "A", "B", "C", "D", "E", "F", "G", "--rounds", "2", "--format", "json"],
        ),
    ]
    runs += [(f"rules-explain-R{n}", ["rules", "--explain", f"R{n}"]) for n in range(1, 12)]
    runs += [(f"help-{'-'.join(c) or 'main'}", [*c, "--help"]) for c in _every_command()]
    return runs


def _every_command() -> list[tuple[str, ...]]:
    """Every command and subcommand, by name: (), ("settle",), ("ledger", "add"), ..."""
    found: list[tuple[str, ...]] = []

    def walk(command, path: tuple[str, ...]) -> None:
        found.append(path)
        if isinstance(command, click.Group):
            with click.Context(command) as ctx:
                for name in command.list_commands(ctx):
                    walk(command.get_command(ctx, name), (*path, name))

    walk(cli, ())
    return found


def _ledger_commands() -> list[tuple[str, list[str]]]:
    return [
        ("ledger-add", ["ledger", "add", "examples/session.yaml", "examples/self-draw.yaml"]),
        ("ledger-nights", ["ledger", "nights"]),
        ("ledger-totals", ["ledger", "totals"]),
        ("ledger-settle-up", ["ledger", "settle-up"]),
        ("ledger-stats", ["ledger", "stats"]),
        ("ledger-history", ["ledger", "history"]),
        ("ledger-pay", ["ledger", "pay", "Mei", "Jun", "20", "--note", "cash"]),
        ("ledger-payments", ["ledger", "payments"]),
        ("ledger-totals-after", ["ledger", "totals", "--format", "csv"]),
        ("ledger-check", ["ledger", "check"]),
    ]


def _run(args: list[str], lang: str, env: dict[str, str]) -> str:
    result = CliRunner().invoke(cli, [*args, "--lang", lang], env=env, catch_exceptions=False)
    return f"{result.stdout}\n--- stderr\n{result.stderr}\n--- exit {result.exit_code}\n"


def _examples_changed() -> set[str]:
    return {
        datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()
        for path in (ROOT / "examples").glob("*.yaml")
    }


def _check(name: str, text: str) -> None:
    text = re.sub(r"/tmp/[^\s'\"]*", "<tmp>", text)
    # a night without a date is the day its file last changed (a checkout's day, which need not be
    # today when the tests run past midnight), else today
    for day in {datetime.date.today().isoformat(), *_examples_changed()}:
        text = text.replace(day, "<today>")
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name}: output changed (see {path})"


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_on_every_example_as_before(lang, monkeypatch):
    monkeypatch.chdir(ROOT)
    env = {"COLUMNS": "100", "LC_ALL": "C.UTF-8"}
    for name, args in _commands():
        _check(f"{lang}/{name}", _run(args, lang, env))


@pytest.mark.parametrize("lang", LANGS)
def test_every_ledger_report_as_before(lang, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    env = {"COLUMNS": "100", "LC_ALL": "C.UTF-8", "MEIZHOU_LEDGER": str(tmp_path / "club.sqlite3")}
    for name, args in _ledger_commands():
        _check(f"{lang}/{name}", _run(args, lang, env))


def test_the_golden_files_are_all_in_use():
    expected = {
        f"{lang}/{name}.txt" for lang in LANGS for name, _ in _commands() + _ledger_commands()
    }
    found = {str(p.relative_to(GOLDEN)) for p in GOLDEN.rglob("*.txt")}
    if os.environ.get("UPDATE_GOLDEN") == "1":
        for stale in found - expected:
            (GOLDEN / stale).unlink()
        return
    assert found == expected


@pytest.fixture(autouse=True, scope="module")
def _folders():
    if os.environ.get("UPDATE_GOLDEN") == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for lang in LANGS:
            (GOLDEN / lang).mkdir(parents=True)
