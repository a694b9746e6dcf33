"""Files a command writes besides the night (records/outputs.py): never its inputs, never anything
but a regular file it replaces whole, and a pipe or a device written through as `cat > x` would.

Real programs, a real FIFO with a reader thread, a real character device (a copy of /dev/null's
numbers made with mknod, as root), and RLIMIT_FSIZE for a disk that refuses the write.
"""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli

PROGRAM = str(Path(sys.executable).parent / "meizhou-score")
NIGHT = EXAMPLES / "session.yaml"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def program(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PROGRAM, *map(str, args)], capture_output=True, text=True, timeout=60, **kwargs
    )


@pytest.fixture
def ledger(tmp_path) -> Path:
    db = tmp_path / "club.sqlite3"
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT.read_text(encoding="utf-8") + "date: 2026-11-19\n", encoding="utf-8")
    assert run("ledger", "--db", db, "add", night).exit_code == 0
    return db


# The commands with an output path, each as (arguments before the path, the option).
WRITERS = {
    "settle --chart": lambda db: ["settle", NIGHT, "--chart"],
    "ledger history --chart": lambda db: ["ledger", "--db", db, "history", "--chart"],
    "ledger export --output": lambda db: ["ledger", "--db", db, "export", "--output"],
}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or ".part" in p.name)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fifo_is_written_through_and_stays_a_fifo(tmp_path, ledger, writer):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()  # blocks in open() until the program opens the other end, as `cat` would
    done = program(*WRITERS[writer](ledger), fifo)
    reader.join(timeout=30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    text = got[0].decode("utf-8")
    assert "<svg" in text if "chart" in writer else text.startswith("night,date,hand")
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node (mknod) needs root")
@pytest.mark.parametrize("writer", WRITERS)
def test_a_character_device_is_written_through_and_stays_a_device(tmp_path, ledger, writer):
    null = tmp_path / "null"
    numbers = os.stat("/dev/null").st_rdev
    os.mknod(null, 0o666 | stat.S_IFCHR, numbers)  # a second /dev/null, in a tmp folder
    done = program(*WRITERS[writer](ledger), null)
    assert done.returncode == 0, done.stderr
    after = os.stat(null)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == numbers
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_folder_is_refused_and_nothing_touched(tmp_path, ledger, writer):
    folder = tmp_path / "charts"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine", encoding="utf-8")
    refused = run(*WRITERS[writer](ledger), folder)
    assert refused.exit_code == 2, refused.output
    assert "Is a directory" in refused.output and str(folder) in refused.output
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]
    assert leftovers(tmp_path) == []


def test_the_night_read_is_never_the_chart_written(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_bytes(NIGHT.read_bytes())
    link = tmp_path / "link.svg"
    link.symlink_to(night)
    rules = tmp_path / "rules.yaml"
    rules.write_text("exposed_kong_payer: discarder\n", encoding="utf-8")
    for target in (night, link, rules):
        before = (night.read_bytes(), rules.read_bytes())
        refused = run("settle", night, "--rules", rules, "--chart", target)
        assert refused.exit_code == 2, refused.output
        assert "an input of the command" in refused.output
        assert (night.read_bytes(), rules.read_bytes()) == before
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", ["ledger history --chart", "ledger export --output"])
def test_the_ledger_is_never_the_file_written(tmp_path, ledger, writer):
    before = ledger.read_bytes()
    refused = run(*WRITERS[writer](ledger), ledger)
    assert refused.exit_code == 2 and "an input of the command" in refused.output
    assert ledger.read_bytes() == before
    assert run("ledger", "--db", ledger, "check").exit_code == 0


def test_export_to_a_file_is_what_it_prints(tmp_path, ledger):
    out = tmp_path / "club.csv"
    out.write_text("an older export\n", encoding="utf-8")
    assert run("ledger", "--db", ledger, "export", "--output", out, "--bom").exit_code == 0
    printed = run("ledger", "--db", ledger, "export", "--bom")
    assert out.read_bytes() == printed.stdout_bytes and out.read_bytes().startswith(b"\xef\xbb\xbf")
    dash = run("ledger", "--db", ledger, "export", "--output", "-", "--bom")
    assert dash.stdout_bytes == printed.stdout_bytes


def test_ctrl_c_while_writing_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    from meizhou_score.records import filewrite

    chart = tmp_path / "night.svg"
    chart.write_text("the chart of last week", encoding="utf-8")

    def interrupted(fd):
        raise KeyboardInterrupt  # Ctrl-C in the middle of the write

    monkeypatch.setattr(filewrite.os, "fsync", interrupted)
    stopped = run("settle", NIGHT, "--chart", chart)
    assert stopped.exit_code == 130, stopped.output
    assert chart.read_text(encoding="utf-8") == "the chart of last week"
    assert leftovers(tmp_path) == []


def test_a_full_disk_is_exit_4_the_old_file_whole_and_no_temporary_file(tmp_path):
    # RLIMIT_FSIZE: the kernel refuses a write past 200 bytes (EFBIG; Python ignores SIGXFSZ), as
    # a full disk refuses one (ENOSPC); the app maps both to exit 4, "could not be written"
    def small_disk():
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    out = tmp_path / "night.svg"
    out.write_text("the last good one", encoding="utf-8")
    done = program("settle", NIGHT, "--chart", out, preexec_fn=small_disk)
    assert done.returncode == 4, done.stderr
    assert "could not be written" in done.stderr and "Traceback" not in done.stderr
    assert out.read_text(encoding="utf-8") == "the last good one"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", ["ledger history --chart", "ledger export --output"])
def test_a_full_disk_under_a_ledger_command_is_exit_4_too(tmp_path, ledger, writer, monkeypatch):
    # the ledger itself needs room to be opened (SQLite's shared-memory file), so the disk fills up
    # here at the output's own write, in-process: the same helper, the same cleaning up
    import errno

    from meizhou_score.records import filewrite

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(filewrite.os, "fsync", full)
    out = tmp_path / "out.file"
    out.write_text("the last good one", encoding="utf-8")
    done = run(*WRITERS[writer](ledger), out)
    assert done.exit_code == 4, done.output
    assert "No space left on device" in done.output
    assert out.read_text(encoding="utf-8") == "the last good one"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_file_written_is_named_on_standard_error(tmp_path, ledger, writer):
    # a chart and an export were written and nothing said so: each says where it wrote, in the
    # player's language, on standard error (standard output stays what the command prints)
    out = tmp_path / "out.file"
    done = run(*WRITERS[writer](ledger), out)
    assert done.exit_code == 0 and done.stderr == f"Written to {out}.\n"
    chinese = run(*WRITERS[writer](ledger), out, "--lang", "zh-Hans")
    assert chinese.exit_code == 0 and chinese.stderr == f"已写入 {out}。\n"
