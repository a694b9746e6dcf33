"""What a Dask worker does for ``audit``: read its own byte range of a log, count, settle.

A block is a byte range ``[offset, offset + length)`` of one input. Its lines are
those that *start* inside the range (fsspec's ``read_block`` with a newline
delimiter; a local file is cut the same way with plain ``open``), so consecutive
blocks share no line and miss none, whatever their
size. A worker counts a block's lines first (a cheap pass the client sums into
each block's first line number), then settles it with the code of ``settle
--jsonl`` and writes the results to a part file beside ``--out``; only the
figures go back to the client. A worker that cannot see the parts' folder (a
cluster on other machines without a shared file system) sends the results back
instead, and the client writes them.
"""

from __future__ import annotations

import os
import threading
from typing import IO, TYPE_CHECKING, Any

from .errors import Unreadable
from .parallel import settle_block

if TYPE_CHECKING:
    from ..records.rules import Rules


def read_range(path: str, offset: int, length: int) -> bytes:
    """The whole lines of a block of ``path`` (a file or a URL): from just after the first newline
    at or after ``offset`` (from the start when ``offset`` is 0) to just after the first newline at
    or after ``offset + length`` (or the end), as fsspec's ``read_block`` with a newline delimiter
    cuts it. A local file is read with plain ``open``: fsspec's import cost each worker 75 ms."""
    try:
        if "://" not in path:
            with open(path, "rb") as file:
                return _read_block(file, offset, length)
        import fsspec
        from fsspec.utils import read_block

        with fsspec.open(path, "rb").open() as file:
            block: bytes = read_block(file, offset, length, delimiter=b"\n")  # fsspec: no types
            return block
    except OSError as exc:
        raise Unreadable(path, exc.errno or 0, exc.strerror or str(exc)) from None


def _read_block(file: IO[bytes], offset: int, length: int) -> bytes:
    """``read_block(file, offset, length, delimiter=b"\\n")`` of a local file, to the byte."""
    start = _past_newline(file, offset) if offset else 0
    end = _past_newline(file, offset + length)
    file.seek(start)
    return file.read(max(0, end - start))


def _past_newline(file: IO[bytes], at: int) -> int:
    """Where the line after the first newline at or after ``at`` starts, else the end of the file
    (or ``at``, when it lies past the end: reading from there gives nothing)."""
    file.seek(at)
    while True:
        chunk = file.read(1 << 16)
        found = chunk.find(b"\n")
        if found >= 0:
            return at + found + 1
        at += len(chunk)
        if len(chunk) < 1 << 16:
            return at


def count_lines(path: str, offset: int, length: int) -> int:
    """How many lines a block holds, a last one without its newline included."""
    block = read_range(path, offset, length)
    return block.count(b"\n") + (1 if block and not block.endswith(b"\n") else 0)


# each worker's house rules, built once from the plain data sent with each block
_RULES: dict[str, Rules] = {}


def worker_rules(rules_data: dict[str, Any] | None) -> Rules:
    """The house rules a worker settles with, built once a worker from the plain data each block
    carries (the tables of readings loaded the first time)."""
    key = repr(rules_data)
    if key not in _RULES:
        from ..engine.tables import preload_readings
        from ..records.rules import DEFAULT_RULES

        preload_readings()
        _RULES[key] = DEFAULT_RULES.override(rules_data, "") if rules_data else DEFAULT_RULES
    return _RULES[key]


def settle_range(
    path: str,
    offset: int,
    length: int,
    first: int,
    rules_data: dict[str, Any] | None,
    max_bytes: int,
    part: str,
) -> tuple[dict[str, int], bytes | None]:
    """Settle a block whose first line is line ``first``: its figures, and ``None`` when its
    results are written to ``part`` (else the results themselves, for the client to write).

    The part is written under a name of this attempt's own and renamed into place: a worker killed
    halfway leaves no part that could be taken for a whole one, and Dask's second attempt writes it
    whole.
    """
    block = read_range(path, offset, length)
    text, counts = settle_block(first, block, worker_rules(rules_data), max_bytes)
    if not os.path.isdir(os.path.dirname(part)):
        return counts, text  # no shared file system with the client
    attempt = f"{part}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(attempt, "wb") as out:
            out.write(text)
        os.replace(attempt, part)
    except BaseException:
        try:
            os.unlink(attempt)
        except OSError:
            pass
        raise
    return counts, None


def dask_setup(worker: object) -> None:  # Dask's worker, not used
    """A local cluster's worker leaves Ctrl-C to the client, which stops the cluster and cleans up
    (run by Dask as the worker starts: ``distributed.worker.preload``)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
