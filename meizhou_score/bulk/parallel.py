"""Bulk mode on every core (``settle --jsonl --jobs N``): chunks of lines settled by worker
processes.

The main process reads the file a chunk of lines at a time, numbering each
line as it comes, and hands chunks to N workers; results are written back in
input order, so the output is byte for byte that of one process. At most two
chunks per worker are in flight, so memory is bounded by the chunk size, not
the file. Workers ignore Ctrl-C: the main process drops the chunks not yet
started, lets each worker finish the one in hand, and exits 130.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable
from itertools import islice
from typing import IO, TYPE_CHECKING, Any

from ..records.filewrite import ctrl_c_held
from .lines import (
    DISPUTED,
    FAILED,
    REFUSED,
    SETTLED,
    Summary,
    TooLong,
    record_bytes,
    settle_into,
)

if TYPE_CHECKING:
    from concurrent.futures import Future

    from ..records.rules import Rules

# a chunk's results as one process writes them, and its counts by outcome
Settled = tuple[bytes, dict[str, int]]

CHUNK = 2000  # lines a worker settles at a time: large enough that passing them costs little

# each worker's house rules, rebuilt from plain data (Rules holds read-only mappings)
_RULES: Rules | None = None


def _start(rules_data: dict[str, Any] | None) -> None:  # a house-rules document, as read
    import signal

    global _RULES
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    from ..engine.tables import preload_readings
    from ..records.rules import DEFAULT_RULES

    _RULES = DEFAULT_RULES.override(rules_data, "") if rules_data else DEFAULT_RULES
    preload_readings()


def _settle_chunk(chunk: tuple[int, bytes, frozenset[int]], max_bytes: int) -> Settled:
    """Settle one chunk: consecutive raw lines from line ``first``, those in ``too_long`` already
    refused."""
    first, block, too_long = chunk
    assert _RULES is not None, "the worker's initializer sets its rules"
    return settle_block(first, block, _RULES, max_bytes, too_long)


def settle_block(
    first: int, block: bytes, rules: Rules, max_bytes: int, too_long: frozenset[int] = frozenset()
) -> Settled:
    """Consecutive lines of a JSONL file, the first of them line ``first``: their results, as one
    process writes them, and how many were settled, disputed, refused and failed (blank lines count
    in the numbering, and are not answered)."""
    from .lines import line_decoder

    decode = line_decoder()
    counts = {SETTLED: 0, DISPUTED: 0, REFUSED: 0, FAILED: 0}
    out = bytearray()
    lines = block.split(b"\n")  # only \n ends a line, as when reading one process's way
    unended = lines.pop()  # b"" after a final newline, else the last line of a file without one
    lines = [line + b"\n" for line in lines]  # each line with its newline, as one process reads it
    if unended:
        lines.append(unended)
    for number, raw in enumerate(lines, start=first):
        text: bytes | TooLong = raw
        if number in too_long or record_bytes(raw) > max_bytes:
            text = TooLong(max_bytes)  # as lines_of says of it (a range read whole holds it all)
        elif raw.isspace():
            continue  # a blank line is counted, not answered (as with one process)
        counts[settle_into(out, text, number, rules, max_bytes, decode)] += 1
        out += b"\n"
    return bytes(out), counts


def _chunks(lines: Iterable[Any]) -> Iterable[tuple[int, bytes, frozenset[int]]]:
    """Consecutive lines as one block of bytes (cheap to hand over), with the line number it starts
    at."""
    first, parts, too_long = 1, [], set()
    for number, text in enumerate(lines, start=1):
        if isinstance(text, TooLong):
            too_long.add(number)
            text = b"\n"  # its place in the numbering; the worker refuses it
        parts.append(text)  # the last line of a file may lack its newline: it ends the last chunk
        if len(parts) >= CHUNK:
            yield first, b"".join(parts), frozenset(too_long)
            first, parts, too_long = number + 1, [], set()
    if parts:
        yield first, b"".join(parts), frozenset(too_long)


def run_parallel(
    lines: Iterable[Any],
    out: IO[bytes],
    jobs: int,
    rules_data: dict[str, Any] | None,
    max_bytes: int,
) -> Summary:
    """Settle ``lines`` on ``jobs`` worker processes, writing results in input order."""
    from concurrent.futures import ProcessPoolExecutor

    total = {SETTLED: 0, DISPUTED: 0, REFUSED: 0, FAILED: 0}
    chunks = iter(_chunks(lines))
    ahead = list(
        islice(chunks, jobs)
    )  # never more workers than there are chunks: 10 lines need one
    if not ahead:
        return Summary(0, 0, 0, 0)
    jobs = len(ahead)
    waiting: deque[Future[Settled]] = deque()
    pool: ProcessPoolExecutor | None = None
    try:
        # Ctrl-C held while the pool starts its workers: one forked, the pool's own thread not yet
        # running, it left workers no one would tell to stop, and the exit waited for them forever
        # (about one run in twelve when Ctrl-C came as the first worker appeared); held, it comes
        # once every worker has started, and the pool stops them as it does later on
        with ctrl_c_held():  # the first chunks start every worker
            pool = ProcessPoolExecutor(jobs, initializer=_start, initargs=(rules_data,))
            waiting.extend(pool.submit(_settle_chunk, chunk, max_bytes) for chunk in ahead)
        for chunk in chunks:
            waiting.append(pool.submit(_settle_chunk, chunk, max_bytes))
            if len(waiting) >= 2 * jobs:
                _write(waiting.popleft().result(), out, total)
        while waiting:
            _write(waiting.popleft().result(), out, total)
    except BaseException:
        # Chunks not yet started are dropped; the workers finish the chunk in hand (a fraction of a
        # second)
        # and stop. Terminating them instead can cut a result or a chunk off halfway through its
        # pipe, and
        # the pool's own threads then wait for the rest forever: Ctrl-C hung about one time in ten.
        for future in waiting:
            future.cancel()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return Summary(total[SETTLED], total[DISPUTED], total[REFUSED], total[FAILED])


def _write(done: Settled, out: IO[bytes], total: dict[str, int]) -> None:
    text, counts = done
    out.write(text)
    for key, n in counts.items():
        total[key] += n


def cores() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
