"""The exit codes: what a command returns and ``main`` exits with (docs/formats.md).

A module of its own, below every command and the error map, so that a command that says how it
ended imports nothing above it (as httpie's ``status.py``)."""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    """The exit codes (docs/formats.md): 1 is a dispute and nothing else."""

    OK = 0  # settled, and every claim and dealer agrees
    DISPUTE = 1  # not a win, claims or the dealer differ
    BAD = 2  # bad input or bad usage
    BUG = 3  # a fault of the program's own: the message says how to report it
    OUTPUT = 4  # the output could not be written (a full disk, a closed stdout)
    STOPPED = 130  # Ctrl-C
    TERMINATED = 143  # SIGTERM, where audit cleans up first (as a shell reports it otherwise)
    PIPE = 141  # the reader closed the pipe (| head), as a shell reports SIGPIPE
