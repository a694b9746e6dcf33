"""A standard output that refuses the write (a full disk: /dev/full): exit 4 and one clear line,
whether stdout is buffered (as in any shell: PYTHONUNBUFFERED unset) or not.

Every command that prints, run as a real program with its stdout on /dev/full. A buffered stdout
keeps what it could not write and Python tries it again at exit: before the error map pointed
stdout at the null device, that said the error twice, then "Exception ignored", and exited 120.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

PROGRAM = str(Path(sys.executable).parent / "meizhou-score")

# every command that prints what it was asked for on stdout, with the arguments it needs: "DB" a
# ledger holding examples/session.yaml, "NIGHT" a copy of that night the test's own, "PORT" a free
# port (audit says what it did on stderr, its results go to files: tests/test_bulk_audit*.py)
PRINTING = {
    "settle": ["settle", EXAMPLES / "session.yaml"],
    "settle --format json": ["settle", EXAMPLES / "self-draw.yaml", "--format", "json"],
    "settle --jsonl": ["settle", "--jsonl", EXAMPLES / "hands.jsonl"],
    "check": ["check", "1112345678999m"],
    "rules": ["rules"],
    "rules --explain": ["rules", "--explain", "R1"],
    "deal": ["deal", "10", "5"],
    "schema": ["schema"],
    "--help": ["--help"],
    "--version": ["--version"],
    "ledger nights": ["ledger", "--db", "DB", "nights"],
    "ledger show": ["ledger", "--db", "DB", "show", "1"],
    "ledger totals": ["ledger", "--db", "DB", "totals"],
    "ledger settle-up": ["ledger", "--db", "DB", "settle-up"],
    "ledger stats": ["ledger", "--db", "DB", "stats"],
    "ledger history": ["ledger", "--db", "DB", "history"],
    "ledger export": ["ledger", "--db", "DB", "export", "--format", "csv"],
    "ledger payments": ["ledger", "--db", "DB", "payments"],
    "ledger check": ["ledger", "--db", "DB", "check"],
    "record": ["record", "NIGHT", "--draw", "--yes"],
    "undo": ["undo", "NIGHT", "--yes"],
    "serve": ["serve", "NIGHT", "--port", "PORT"],  # its link, before it listens
}


FULL = "meizhou-score: error: the output could not be written: No space left on device"


def _environment(buffered: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("ledger") / "club.sqlite3"
    subprocess.run(
        [PROGRAM, "ledger", "--db", str(db), "add", str(EXAMPLES / "session.yaml")],
        check=True,
        capture_output=True,
    )
    return db


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("command", list(PRINTING))
def test_a_full_standard_output_is_exit_4_with_one_line(command, buffered, ledger, tmp_path):
    night = tmp_path / "night.yaml"
    night.write_bytes((EXAMPLES / "session.yaml").read_bytes())
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = str(free.getsockname()[1])
    given = {"DB": str(ledger), "NIGHT": str(night), "PORT": port}
    args = [given.get(str(a), str(a)) for a in PRINTING[command]]
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [PROGRAM, *args],
            stdout=full,
            stderr=subprocess.PIPE,
            env=_environment(buffered),
            timeout=120,
        )
    err = proc.stderr.decode()
    assert proc.returncode == 4, err
    # said once, last (record says whose deal it is first, on stderr), and nothing from Python
    assert err.count("could not be written") == 1, err
    if command == "record":
        # the hand is in the file though its verdict could not be shown: the one line says so
        # (examples/session.yaml holds four hands, so the draw is hand 5)
        said = (
            f"meizhou-score: error: hand 5 is written in {night}; the output could not be written"
        )
        assert err.splitlines()[-1] == said + ": No space left on device", err
    else:
        assert err.splitlines()[-1] == FULL, err
    assert "Exception" not in err and "Traceback" not in err, err


def test_the_suite_runs_its_programs_with_stdout_buffered():
    # users run the program from a shell, where stdout to a file or a pipe is buffered:
    # tests/conftest.py takes PYTHONUNBUFFERED away, whatever the machine running the suite set
    probe = subprocess.run(
        [sys.executable, "-c", "import sys; print(type(sys.stdout.buffer).__name__, end='')"],
        capture_output=True,
        text=True,
    )
    assert "PYTHONUNBUFFERED" not in os.environ
    assert probe.stdout == "BufferedWriter"  # FileIO where PYTHONUNBUFFERED is set
