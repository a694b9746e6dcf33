"""The command line on what a user should not have typed and on damaged ledgers.

Each runs the real ``meizhou-score`` in its own process on files in a tmp folder; expectations
are docs/formats.md's and docs/auditing.md's: exit 2 (never 3) for what a user typed or a
damaged ledger, nothing replaced that is an input, nothing raw on a terminal.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SESSION = ROOT / "examples" / "session.yaml"  # four hands; totals Ah Fook -140, Mei 0, Jun +160,
HANDS = ROOT / "examples" / "hands.jsonl"  # Lan -20


def run(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env.pop("MEIZHOU_LEDGER", None)
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        errors="replace",
        env=env,
        timeout=120,
    )


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def _made_ledger(tmp_path_factory) -> Path:
    """The example night and one payment, stored once for the module by the real commands."""
    folder = tmp_path_factory.mktemp("ledger")
    db = folder / "club.sqlite3"
    assert run("ledger", "--db", str(db), "add", str(SESSION), cwd=folder).returncode == 0
    assert run("ledger", "--db", str(db), "pay", "Lan", "Jun", "5", cwd=folder).returncode == 0
    return db


@pytest.fixture
def ledger_with_a_payment(_made_ledger, tmp_path) -> Path:
    """A copy of the module's ledger in the test's own folder (with SQLite's files beside it, when
    any are left), for the test to change."""
    for end in ("", "-wal", "-shm"):
        made = Path(str(_made_ledger) + end)
        if made.exists():
            shutil.copyfile(made, tmp_path / (made.name))
    return tmp_path / _made_ledger.name


# --- output paths: the ledger's own -wal, named through a link to the ledger -------------------


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("command", [["history", "--chart"], ["export", "-o"]])
def test_the_ledgers_wal_is_refused_when_the_ledger_is_named_by_a_link(
    tmp_path, ledger_with_a_payment, suffix, command
):
    """docs/formats.md, output paths: one of the command's own inputs — "the ledger and its
    -wal/-shm files, also through a link" — is refused (exit 2, nothing touched). With
    --db LINK (a symbolic link to club.sqlite3) SQLite keeps its -wal and -shm beside the real
    file, club.sqlite3-wal; today the chart is "Written to club.sqlite3-wal" — over SQLite's own
    journal while the ledger is open — and SQLite then deletes it: exit 0, no file."""
    db = ledger_with_a_payment
    link = tmp_path / "link.sqlite3"
    link.symlink_to(db.name)
    target = tmp_path / (db.name + suffix)
    result = run("ledger", "--db", str(link), *command, str(target), cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "input" in result.stderr
    assert not target.exists()


# --- a ledger changed by sqlite3: the reports say where, exit 2 ---------------------------------


STORED = ["abc", "", "NaN", "Infinity", "1e400", "1e-400"]


def changed_payment(db: Path, stored: str) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE payments SET amount = ? WHERE id = 1", (stored,))
    connection.close()


@pytest.mark.parametrize("stored", STORED)
def test_ledger_check_names_a_payment_it_cannot_read(tmp_path, ledger_with_a_payment, stored):
    """Payment 1 changed with sqlite3 to an amount no `ledger pay` would store: `ledger check`
    names it (exit 2)."""
    changed_payment(ledger_with_a_payment, stored)
    check = run("ledger", "--db", str(ledger_with_a_payment), "check", cwd=tmp_path)
    assert check.returncode == 2 and "payment 1" in check.stderr


@pytest.mark.parametrize("stored", STORED)
@pytest.mark.parametrize("report", ["totals", "settle-up", "history"])
def test_a_payment_the_reports_cannot_read_is_named_not_an_internal_error(
    tmp_path, ledger_with_a_payment, stored, report
):
    """Payment 1 changed as above (`ledger check` names it). The reports said "internal error
    ... This is a bug" (exit 3, the program's own fault). The ledger is damaged, not the program:
    exit 2, naming payment 1, as formats.md says of a damaged ledger."""
    changed_payment(ledger_with_a_payment, stored)
    result = run("ledger", "--db", str(ledger_with_a_payment), report, cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "payment 1" in result.stderr
    assert "internal error" not in result.stderr


# --- audit --scheduler ---------------------------------------------------------------------------


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:", "127.0.0.1:", "[::1]:"])
def test_a_scheduler_port_of_5000_digits_is_refused_with_exit_2(tmp_path, address):
    """docs/auditing.md: a port that is not 1–65535 is refused with exit 2 before any connection.
    A port of 5,000 digits passes isdigit() and breaks int() (over 4,300 digits): today
    "internal error (ValueError ...)", exit 3."""
    result = run(
        "audit", str(HANDS), "--out", "out", "--scheduler", address + "7" * 5000, cwd=tmp_path
    )
    assert result.returncode == 2, result.stderr[-300:]
    assert "1 to 65535" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_scheduler_with_an_escape_sequence_is_not_echoed_raw(tmp_path):
    """What a player typed reaches the terminal escaped, as file names do (formats.md:
    `evil\\x1b]0;….yaml`). Today the refusal of --scheduler prints ESC ]0; … BEL raw: it sets the
    terminal's title (or worse) instead of showing the mistake."""
    given = "tcp://a\x1b]0;pwned\x07:1"
    result = run("audit", str(HANDS), "--out", "out", "--scheduler", given, cwd=tmp_path)
    assert result.returncode == 2
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr, repr(result.stderr)
    assert "\\x1b" in result.stderr


# --- serve prints the night's name escaped -------------------------------------------------------


def test_serve_shows_a_night_name_with_an_escape_sequence_escaped(tmp_path):
    """formats.md: a file name shown in a message has its control characters escaped. `serve`
    printed "Serving <ESC>]0;pwned<BEL>.yaml at http://…" raw."""
    name = "n\x1b]0;pwned\x07.yaml"
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "serve", name, "--port", str(_free_port())],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        first = proc.stdout.readline()
    finally:
        proc.kill()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()
    assert b"pwned" in first, first
    assert b"\x1b" not in first and b"\x07" not in first, first


# --- record --amend 0 and -1 ----------------------------------------------------------------------


def test_amend_zero_is_refused_in_chinese(tmp_path):
    """The same refusal in Simplified Chinese has no English sentence in it (it was click's "0 is
    not in the range x>=1."): hands are numbered from 1."""
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    result = run(
        "record", "night.yaml", "--amend", "0", "--draw", "--yes", "--lang", "zh-Hans", cwd=tmp_path
    )
    assert result.returncode == 2
    assert "is not in the range" not in result.stderr, result.stderr
    assert "“--amend”的值不对：0 太小：最小是 1" in result.stderr, result.stderr


# --- record -o: a new file only, also when several write it at once ------------------------------


def test_record_o_at_once_one_file_one_writer(tmp_path):
    """formats.md: `record -o FILE` writes a new file only; an existing regular file is refused.
    Six `record -o hand.yaml` at once, each with its own stake (1 to 6): exactly one may say
    "Written to hand.yaml" and the file must hold its stake; the others are refused (exit 2).
    Today the check comes before a rename over the name: 4 of 6 said "Written" in one round,
    and the file held one stake — three hands announced as written were lost."""
    for round_ in range(4):
        out = tmp_path / f"round{round_}"
        out.mkdir()
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "meizhou_score", "record", "--players", "A,B,C,D"]
                + ["--dealer", "A", "--stake", str(stake), "--draw", "--yes", "-o", "hand.yaml"],
                cwd=out,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for stake in range(1, 7)
        ]
        results = [
            (stake, *p.communicate(timeout=120), p.returncode)
            for stake, p in zip(range(1, 7), procs, strict=True)
        ]
        written = [
            stake for stake, out_, err, rc in results if "Written to hand.yaml" in err + out_
        ]
        assert len(written) == 1, results
        assert f"stake: {written[0]}\n" in (out / "hand.yaml").read_text()
        assert sorted(rc for *_, rc in results) == [0, 2, 2, 2, 2, 2], results
        assert [p.name for p in out.iterdir()] == ["hand.yaml"]  # no temporary file left


# --- numbers of 5,000 digits where a number is read ----------------------------------------------


@pytest.mark.parametrize("name", ["MEIZHOU_MAX_RECORD_BYTES", "COLUMNS"])
def test_an_environment_number_of_5000_digits_is_no_internal_error(tmp_path, name):
    """A variable of 5,000 digits passed isdigit() and broke int() (Python reads 4,300 at most):
    "internal error", exit 3. The limit is refused as any number outside its range (exit 2); a
    COLUMNS no screen has is ignored, as one under 20 is (exit 0, the sheet printed)."""
    env = {**os.environ, name: "9" * 5000}
    result = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", str(SESSION)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "internal error" not in result.stderr, result.stderr[-300:]
    assert result.returncode == (2 if name.startswith("MEIZHOU") else 0)


def test_a_player_typed_as_5000_digits_is_asked_again(tmp_path):
    """`record --ask` reading its answers from a pipe (a terminal cuts a line at 4,095 bytes),
    who won? answered with 5,000 digits: refused and asked again (a number is a player's place,
    1 to 4), not "internal error" (int() of 5,000 digits), exit 3. The input then ends: exit 2,
    nothing written."""
    night = tmp_path / "night.yaml"
    shutil.copy(SESSION, night)
    result = run("record", "night.yaml", "--ask", cwd=tmp_path, stdin="7" * 5000 + "\n")
    assert "internal error" not in result.stderr + result.stdout, result.stderr[-300:]
    assert result.returncode == 2
    assert result.stdout.count("Who won?") == 2, result.stdout[-300:]
    assert night.read_bytes() == SESSION.read_bytes()


def test_bulk_refuses_numbers_python_cannot_read_at_their_key(tmp_path):
    """settle --jsonl, a stake of 5,000 digits and one of 1e999…9 (52 characters): the second
    was counted as "1 failed (a bug)" (Decimal() raised InvalidOperation). formats.md: a number
    past the limits is refused, in bulk as anywhere: 2 refused, exit 2. (The first stays "not
    JSON", as test_cli_hostile pins, in Python's own words.)"""
    head = '{"players":["A","B","C","D"],"dealer":"A","draw":true,"stake":'
    log = tmp_path / "hands.jsonl"
    log.write_text(head + "1" * 5000 + "}\n" + head + "1e" + "9" * 50 + "}\n")
    result = run("settle", "--jsonl", str(log), cwd=tmp_path)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["valid"] for line in lines] == [False, False]
    assert "stake: expected an amount" in lines[1]["error"], lines
    assert "0 settled, 0 disputed, 2 refused" in result.stderr, result.stderr
    assert result.returncode == 2
