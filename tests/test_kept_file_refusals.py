"""A file the program keeps, given as a pipe: every command refuses it in the same words, exit 2,
never waiting on it (records/kept.py is the one reader of a kept file)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

from meizhou_score.errors import RecordError
from meizhou_score.night.service import NightFile

SAID = (
    "pipe.yaml: not a regular file (a device, a pipe or a socket): the program keeps its files as "
    "regular files only, so nothing was read or written"
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "command",
    [("undo", "--yes"), ("serve",), ("audit", "--out", "OUT")],
    ids=["undo", "serve", "audit"],
)
def test_a_pipe_is_refused_in_one_sentence_by_every_command(tmp_path, command):
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    args = [str(tmp_path / "out") if a == "OUT" else a for a in command]
    done = run(args[0], str(pipe), *args[1:])
    assert done.returncode == 2, done.stderr
    assert SAID in " ".join(done.stderr.split()), done.stderr


def test_the_night_service_refuses_a_pipe_as_one_error_both_times_it_reads(tmp_path):
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    night = NightFile(str(pipe))
    for read in (night.version, night.read):
        with pytest.raises(RecordError) as found:
            read()
        assert str(found.value) == f"{tmp_path}/{SAID}"
