"""The command line and the ledger on files that are not plain files (devices, FIFOs, links, a full
disk), on names and notes a YAML reader or a terminal could misread, and on Ctrl-C (docs/formats.md).
Real processes throughout (`python -m meizhou_score`)."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import stat
import subprocess
import sys
import threading
import xml.dom.minidom
from pathlib import Path

import pytest
from conftest import npm_modules, read_until

ROOT = Path(__file__).resolve().parent.parent
NIGHT = """players: [Ah Fook, Mei, Jun, Lan]
stake: 10
date: '2026-11-19'
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
  - draw: true
"""
TABLE = [
    "--players",
    "Ah Fook,Mei,Jun,Lan",
    "--stake",
    "10",
    "--dealer",
    "Ah Fook",
    "--date",
    "2026-11-19",
]
WIN = [
    "--winner",
    "Mei",
    "--self-draw",
    "--hand",
    "123m 456m 789p 234s 55s",
    "--winning-tile",
    "4s",
    "--yes",
]
is_root = pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")


def run(*args, cwd=None, env=None, timeout=60, **kw):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", **(env or {})},
        timeout=timeout,
        **kw,
    )


def char_device(path: Path) -> Path:
    """A copy of /dev/null (character device 1,3) at ``path``."""
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


# --- 1. record replaces a character device with a regular file ------------------------------


@is_root
def test_record_on_a_character_device_never_replaces_the_node(tmp_path):
    # `meizhou-score record /dev/null --players … --yes` as root would replace the system's
    # /dev/null.
    node = char_device(tmp_path / "null")
    done = run("record", node, *TABLE, *WIN)
    assert stat.S_ISCHR(node.lstat().st_mode), (
        f"the device node was replaced by a regular file (exit {done.returncode})"
    )
    assert done.returncode == 2, done.stderr.decode()


# --- 2. record on a FIFO hangs after reading it ---------------------------------------------


def test_record_on_a_fifo_refuses_or_finishes_instead_of_hanging(tmp_path):
    fifo = tmp_path / "night.yaml"
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "w") as f:  # one writer, as `record <(cat night.yaml)` would give
            f.write(NIGHT)

    threading.Thread(target=feed, daemon=True).start()
    try:
        done = run("record", fifo, "--draw", "--yes", timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("record on a FIFO read the night, printed 'Hand 3', then hung for 30 s")
    assert done.returncode == 2, done.stderr.decode()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


# --- 3. ledger --db on a device leaves DB-journal behind ------------------------------------


@is_root
@pytest.mark.parametrize("command", [["totals"], ["nights"], ["pay", "Mei", "Jun", "5"]])
def test_ledger_db_on_a_character_device_leaves_no_journal_file(tmp_path, command):
    # As root `ledger --db /dev/null totals` creates /dev/null-journal.
    node = char_device(tmp_path / "null")
    done = run("ledger", "--db", node, *command)
    assert done.returncode == 2
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["null"], f"left behind: {left}; said {done.stderr.decode()!r}"


# --- 4. the night's file name goes to the terminal raw --------------------------------------

EVIL = "evil\x1b]0;pwned\x07\rX\u202e\x1b[2J.yaml"
RAW = ("\x1b", "\x07", "\r", "\u202e")


@pytest.mark.parametrize(
    "command",
    [
        ["ledger", "--db", "l.db", "add", EVIL],
        ["ledger", "--db", "l.db", "nights"],
        ["record", EVIL, "--draw", "--yes"],
    ],
)
def test_a_file_name_with_escapes_is_not_printed_raw(tmp_path, command):
    (tmp_path / EVIL).write_text(NIGHT, encoding="utf-8")
    if command[3] == "nights":
        assert run("ledger", "--db", "l.db", "add", EVIL, cwd=tmp_path).returncode == 0
    done = run(*command, cwd=tmp_path)
    shown = (done.stdout + done.stderr).decode("utf-8", "replace").replace("\r\n", "\n")
    assert not [c for c in RAW if c in shown], (
        f"raw control characters reach the terminal: {shown!r}"
    )


# --- 5. a noncharacter in a name makes every SVG chart unreadable ---------------------------


@pytest.mark.parametrize("name", ["\ufffe", "A\uffff"])
def test_a_name_with_a_noncharacter_is_refused_or_the_svg_stays_well_formed(tmp_path, name):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT.replace("Ah Fook", json.dumps(name)), encoding="utf-8")
    settled = run("settle", night, "--chart", tmp_path / "s.svg")
    if settled.returncode == 2:
        return  # refused as a name a record may not hold: fine
    xml.dom.minidom.parse(
        str(tmp_path / "s.svg")
    )  # Chromium: "invalid character in attribute value"
    assert run("ledger", "--db", tmp_path / "l.db", "add", night).returncode == 0
    assert (
        run(
            "ledger", "--db", tmp_path / "l.db", "history", "--chart", tmp_path / "h.svg"
        ).returncode
        == 0
    )
    xml.dom.minidom.parse(str(tmp_path / "h.svg"))


# --- 6. names record writes unquoted that YAML 1.2 readers (js-yaml, editors) read as numbers


YAML12_NUMBER = re.compile(
    r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"
)


@pytest.mark.parametrize("name", ["1e3", "1E3", "0o17", "12e03", "1e+3"])
def test_record_quotes_a_name_yaml_1_2_reads_as_a_number(tmp_path, name):
    night = tmp_path / "n.yaml"
    players = f"{name},Mei,Jun,Lan"
    done = run(
        "record",
        night,
        "--players",
        players,
        "--stake",
        "10",
        "--dealer",
        "Mei",
        "--date",
        "2026-11-19",
        "--draw",
        "--yes",
    )
    assert done.returncode == 0, done.stderr.decode()
    line = next(
        row for row in night.read_text(encoding="utf-8").splitlines() if row.startswith("players:")
    )
    written = [p.strip() for p in line.split("[", 1)[1].rstrip("]").split(",")]
    # js-yaml 4 reads `players: [1e3, 0o17, …]` as [1000, 15, …]: not the names, not strings.
    assert not YAML12_NUMBER.fullmatch(written[0]), f"written unquoted: {line}"


def _js_yaml() -> Path:
    """MEIZHOU_JS_YAML's node_modules, or the suite's npm tools (installed on first use: tests/node_tools.py)."""
    given = os.environ.get("MEIZHOU_JS_YAML")
    return Path(given) if given else npm_modules()


def test_js_yaml_reads_every_name_record_writes_as_the_text_typed(tmp_path):
    from click.testing import CliRunner

    from meizhou_score.cli.app import cli

    firsts = ["1e3", "0o17", "-.5", "12e03", "1E3", "1e+3", "0x1F", ".inf"]
    nights = []
    for n, first in enumerate(firsts):  # in this process: what record writes is the point
        nights.append(str(tmp_path / f"n{n}.yaml"))
        done = CliRunner().invoke(
            cli,
            ["record", nights[-1], "--players", f"{first},Mei,Jun,Lan", "--stake", "10"]
            + ["--dealer", "Mei", "--date", "2026-11-19", "--draw", "--yes"],
        )
        assert done.exit_code == 0, done.output
    script = (  # one node for the eight files
        'const y = require("js-yaml"); const fs = require("fs");'
        "process.stdout.write(JSON.stringify(process.argv.slice(1).map("
        '(f) => y.load(fs.readFileSync(f, "utf8")).players)));'
    )
    read = subprocess.run(
        ["node", "-e", script, *nights],
        capture_output=True,
        text=True,
        env={**os.environ, "NODE_PATH": str(_js_yaml())},
    )
    assert read.returncode == 0, read.stderr
    # strings, as typed: not 1000, 15, -0.5
    assert json.loads(read.stdout) == [[first, "Mei", "Jun", "Lan"] for first in firsts]


# --- 7. a full disk during record is exit 2, not 4 ------------------------------------------


def test_record_on_a_full_disk_exits_4_and_leaves_the_file(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    before = night.read_bytes()
    limit = len(before) + 40  # the night fits; the night with one more hand does not

    def full():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = run(
        "record",
        night,
        "--winner",
        "Jun",
        "--self-draw",
        "--hand",
        "123m456p789s111z55s",
        "--winning-tile",
        "5s",
        "--yes",
        preexec_fn=full,
    )
    assert night.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.yaml"]
    assert done.returncode == 4, f"exit {done.returncode}: {done.stderr.decode()}"


def test_a_ledger_on_a_full_disk_exits_4_as_any_output_unwritten(tmp_path):
    """`ledger add` when SQLite cannot write (RLIMIT_FSIZE of 8 KiB, as a full disk): exit 4,
    docs/formats.md's "the output could not be written", and no ledger with half a night; it exited
    2, the code of bad input, though the night was good."""
    db = tmp_path / "club.sqlite3"

    def full():
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    done = run("ledger", "--db", db, "add", ROOT / "examples" / "session.yaml", preexec_fn=full)
    assert done.returncode == 4, f"exit {done.returncode}: {done.stderr.decode()}"
    assert b"Traceback" not in done.stderr and b"cannot use the ledger" in done.stderr
    totals = run("ledger", "--db", db, "totals", "--format", "json")
    assert totals.returncode == 0 and json.loads(totals.stdout) == []  # nothing half added


# --- 8. Ctrl-C while the program starts: a traceback, killed by SIGINT ----------------------


# The moments of a `record` to press Ctrl-C at, each a line it prints: on stderr, a module's line
# of `python -X importtime` (printed once the module is imported), every one after `__main__` put
# its quiet handler in (the first, the errors the command line reads, is imported by `cli.app`):
# the command line read, the night's command found, the file about to be read, the night settled,
# the settlement drawn, the answer about to be written; on stdout, the hand shown (the night just
# written) and the last line (the work done).
MOMENTS = [
    ("stderr", b"meizhou_score.errors"),
    ("stderr", b"| meizhou_score.cli.app"),
    ("stderr", b"meizhou_score.cli.record.night"),
    ("stderr", b"meizhou_score.records.sessionfile"),
    ("stderr", b"meizhou_score.night.service"),
    ("stderr", b"meizhou_score.render.session"),
    ("stderr", b"meizhou_score.cli.shared.answers"),
    ("stdout", b"Hand 3 "),
    ("stdout", b"Recorded hand 3"),
]


@pytest.mark.parametrize("where, moment", MOMENTS, ids=[m.decode().strip("| ") for _, m in MOMENTS])
def test_ctrl_c_at_any_moment_exits_130_without_a_traceback(tmp_path, where, moment):
    # A Ctrl-C that lands inside CPython's own start-up (before `__main__`'s handler) comes before
    # any program code runs, and no program can handle it; from the command line's first import
    # on, it must be a quiet 130 (or 0, when it came after the work was done), the night whole.
    # Each Ctrl-C waits for its moment to be seen (the line printed), not for a guessed time.
    night, whole = tmp_path / "n.yaml", tmp_path / "whole" / "n.yaml"
    whole.parent.mkdir()
    for path in (night, whole):
        path.write_text(NIGHT, encoding="utf-8")
    old = night.read_bytes()
    assert run("record", whole, "--draw", "--yes").returncode == 0
    new = whole.read_bytes()  # the night as an uninterrupted record leaves it
    p = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "meizhou_score", "record", night, "--draw"]
        + ["--yes"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
    )
    try:
        said = read_until(p, getattr(p, where), moment)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    err, out = (said + err, out) if where == "stderr" else (err, said + out)
    # the night as it was, or with its hand (a Ctrl-C after the write is a 130 with the new night)
    now = night.read_bytes()
    assert now in (old, new) and (now == new or p.returncode == 130), (p.returncode, now)
    # A Ctrl-C once the work is done and said may find the interpreter exiting, where CPython has
    # put Ctrl-C's default back: killed by SIGINT (a shell's $? is 130 all the same), as quietly.
    done = now == new and b"Recorded hand 3 in" in out
    stopped = (0, 130, -signal.SIGINT) if done else (0, 130)
    assert p.returncode in stopped and b"Traceback" not in err, (p.returncode, err.decode())
    assert sorted(f.name for f in night.parent.iterdir()) == ["n.yaml", "whole"]  # no temporary


# --- 9. output paths that are neither file nor folder: work done, then exit 4 ---------------


def test_a_chart_path_that_is_a_symlink_loop_is_refused_before_any_work(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    os.symlink("loop2", tmp_path / "loop1")
    os.symlink("loop1", tmp_path / "loop2")
    done = run("settle", night, "--chart", tmp_path / "loop1")
    assert done.returncode == 2 and done.stdout == b"", (done.returncode, done.stderr.decode())


def test_a_chart_path_through_a_dangling_link_into_a_missing_folder_is_refused_before_work(
    tmp_path,
):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    os.symlink("nodir/x.svg", tmp_path / "c.svg")
    done = run("settle", night, "--chart", tmp_path / "c.svg")
    # `--chart nodir/x.svg` itself is refused (exit 2, "no such folder") before the settlement
    # is printed
    assert done.returncode == 2 and done.stdout == b"", (done.returncode, done.stderr.decode())


def test_an_empty_chart_path_is_not_a_silent_success(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    done = run("settle", night, "--chart", "", cwd=tmp_path)
    assert done.returncode == 2, "exit 0 and no chart written anywhere"


@is_root
def test_record_o_writes_through_a_character_device(tmp_path):
    # issue 30 §2: every output path writes through a FIFO or a device; `record -o` says "the
    # file exists"
    node = char_device(tmp_path / "null")
    done = run("record", *TABLE, *WIN, "-o", node)
    assert done.returncode == 0, done.stderr.decode()
    assert stat.S_ISCHR(node.lstat().st_mode)


# --- 10. a line separator (U+2028) passes as a name and a note ------------------------------


def test_a_name_holding_a_line_separator_is_refused(tmp_path):
    night = tmp_path / "n.yaml"
    done = run(
        "record",
        night,
        "--players",
        "x\u2028y,Mei,Jun,Lan",
        "--dealer",
        "Mei",
        "--date",
        "2026-11-19",
        "--draw",
        "--yes",
    )
    # accepted today; PyYAML reads 'x\u2028y', js-yaml 'x     y', and `settle --format json`
    # shows "x y"
    assert done.returncode == 2, done.stderr.decode()


def test_a_note_holding_a_line_separator_is_refused(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    db = tmp_path / "l.db"
    assert run("ledger", "--db", db, "add", night).returncode == 0
    done = run("ledger", "--db", db, "pay", "Mei", "Jun", "5", "--note", "a\u2028b\u2029c")
    assert done.returncode == 2, done.stdout.decode()


# --- 11. small things a careful user meets ---------------------------------------------------


def test_pay_confirms_the_amount_recorded_not_the_text_typed(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    db = tmp_path / "l.db"
    assert run("ledger", "--db", db, "add", night).returncode == 0
    done = run("ledger", "--db", db, "pay", "Mei", "Jun", " 1_000 ")
    # today: exit 0, "Payment 1: Mei paid Jun  1_000 ." (stored and listed as 1000)
    assert done.returncode == 2 or b"paid Jun 1000." in done.stdout, done.stdout.decode()


def test_a_stray_byte_is_not_called_utf_16(tmp_path):
    bad = tmp_path / "n.yaml"
    bad.write_bytes(b"players: [A\xff, B, C, D]\ndealer: A\ndraw: true\n")
    done = run("settle", bad)
    assert done.returncode == 2
    assert b"UTF-16" not in done.stderr, done.stderr.decode()
    # "players: [A" is 11 characters: the stray byte is the 12th, on line 1
    assert b"not UTF-8 text (line 1, column 12: byte 12 is 0xff)" in done.stderr, done.stderr


def test_simplified_chart_refusal_uses_mainland_words_and_no_english(tmp_path):
    night = tmp_path / "n.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    refused = run("settle", night, "--chart", night, "--lang", "zh-Hans").stderr.decode()
    assert "档" not in refused and "指令" not in refused, (
        refused
    )  # 输入档 / 这个指令: Taiwan's words
    os.symlink("loop2", tmp_path / "loop1")
    os.symlink("loop1", tmp_path / "loop2")
    loop = run("settle", night, "--chart", tmp_path / "loop1", "--lang", "zh-Hans").stderr.decode()
    assert "Too many levels" not in loop, loop
