"""``undo`` and ``reconcile --apply`` answer a refused write to the night alike (issue 45: one home,
``cli/shared/night_writes.py``): a night whose link was re-pointed after it was read, and a night
changed by another writer meanwhile, each said at the file with exit 2 and nothing written.

Real files and real processes: ``night.yaml`` a link to ``friday.yaml``; this test holds the
folder's lock (the night service's) while the command, having read the night, waits for it to
write, and re-points the link or changes the file then. The night is examples/night-with-a-mistake
.yaml (six hands: ``undo`` takes hand 6 back, ``reconcile --apply 1`` corrects hand 3).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys

import pytest
from conftest import EXAMPLES
from test_night_links import waiting_for_lock

COMMANDS = {
    "undo": ["undo", "night.yaml", "--yes"],
    "reconcile": ["reconcile", "night.yaml", "--apply", "1"],
}
NIGHT = (EXAMPLES / "night-with-a-mistake.yaml").read_text()
MOVED = (
    "meizhou-score: error: night.yaml was pointed at another file ({saturday}) after the night was read from "
    "{friday}; nothing was written (run it again to write to the night it names now)"
)
STALE = {  # the file named as it was given; what the command left undone
    "undo": "meizhou-score: error: night.yaml: the file changed meanwhile; nothing was removed",
    "reconcile": "meizhou-score: error: night.yaml: the file changed meanwhile; nothing was corrected",
}


@pytest.fixture
def nights(tmp_path):
    """friday.yaml the night, saturday.yaml a byte-for-byte copy, night.yaml a link to friday."""
    (tmp_path / "friday.yaml").write_text(NIGHT)
    shutil.copy(tmp_path / "friday.yaml", tmp_path / "saturday.yaml")
    (tmp_path / "night.yaml").symlink_to("friday.yaml")
    return tmp_path


def refused(folder, command, meanwhile) -> tuple[int, str]:
    """(exit status, stderr) of ``command`` in ``folder`` when ``meanwhile`` is done to the folder
    after the command read the night and before it could write it."""
    lock = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the night's lock: the command reads, then waits
        proc = subprocess.Popen(
            [sys.executable, "-m", "meizhou_score", *COMMANDS[command]],
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        waiting_for_lock(proc.pid, folder)
        meanwhile(folder)
    finally:
        os.close(lock)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, " ".join(err.decode().split())


def repointed(folder):
    os.symlink("saturday.yaml", folder / "night.new")
    os.replace(folder / "night.new", folder / "night.yaml")


def another_hand(folder):
    with open(folder / "friday.yaml", "a") as night:
        night.write("  - draw: true\n")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_night_re_pointed_meanwhile_is_refused_alike(nights, command):
    status, said = refused(nights, command, repointed)
    friday, saturday = nights / "friday.yaml", nights / "saturday.yaml"
    assert (status, said) == (2, MOVED.format(friday=friday, saturday=saturday))
    assert friday.read_text() == NIGHT and saturday.read_text() == NIGHT


@pytest.mark.parametrize("command", COMMANDS)
def test_a_night_changed_meanwhile_is_refused_alike(nights, command):
    status, said = refused(nights, command, another_hand)
    assert (status, said) == (2, STALE[command])
    assert (nights / "friday.yaml").read_text() == NIGHT + "  - draw: true\n"
    assert (nights / "saturday.yaml").read_text() == NIGHT
