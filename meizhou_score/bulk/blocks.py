"""What a Dask worker does for ``audit``: read its own byte range of a log, count, settle.

A block is a byte range ``[offset, offset + length)`` of one input. Its lines are
those that *start* inside the range (fsspec's ``read_block`` with a newline
delimiter), so consecutive blocks share no line and miss none, whatever their
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

from .parallel import settle_block


class Unreadable(Exception):
    """An input a worker could not read: (path, errno, the system's words), said as a read error."""


def read_range(path: str, offset: int, length: int) -> bytes:
    """The whole lines that start in ``[offset, offset + length)`` of ``path`` (a file or a URL)."""
    from fsspec.utils import read_block

    try:
        if "://" in path:
            import fsspec

            opened = fsspec.open(path, "rb").open()
        else:
            opened = open(path, "rb")
        with opened as file:
            return read_block(file, offset, length, delimiter=b"\n")
    except OSError as exc:
        raise Unreadable(path, exc.errno or 0, exc.strerror or str(exc)) from None


def count_lines(path: str, offset: int, length: int) -> int:
    """How many lines a block holds, a last one without its newline included."""
    block = read_range(path, offset, length)
    return block.count(b"\n") + (1 if block and not block.endswith(b"\n") else 0)


_RULES: dict = {}  # each worker's house rules, built once from the plain data sent with each block


def _rules(rules_data: dict | None):
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
    rules_data: dict | None,
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
    text, counts = settle_block(first, block, _rules(rules_data), max_bytes)
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


def dask_setup(worker) -> None:
    """A local cluster's worker leaves Ctrl-C to the client, which stops the cluster and cleans up
    (run by Dask as the worker starts: ``distributed.worker.preload``)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
