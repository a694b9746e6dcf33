"""Audit (稽核) on a Dask cluster: JSONL logs too big for one machine, settled by the bulk code on many.

Each input file is read in blocks that end at a newline (Dask's ``read_bytes``,
local paths or any fsspec URL). A first pass counts each block's lines, so that
every block knows the number of its first line; the second settles each block
with :func:`.parallel.settle_block` — the code of ``settle --jsonl`` — and the
results are written in input order, one JSONL file per input, byte for byte what
``settle --jsonl FILE`` writes. A worker lost mid-run costs nothing: Dask runs
its blocks again elsewhere, and each block's result is taken once, by its place.

Dask and distributed are an optional extra (``pip install 'meizhou-score[dask]'``),
imported only here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import NamedTuple

from .lines import DISPUTED, FAILED, REFUSED, SETTLED

BLOCK = 8 << 20  # bytes of a block: a few seconds of one worker's time


class FileAudit(NamedTuple):
    """One input's figures: its lines (blank ones included), and how many were settled, disputed, refused, failed."""

    input: str
    output: str
    lines: int
    settled: int
    disputed: int
    refused: int
    failed: int


class Missing(Exception):
    """Dask is not installed: its one argument is what the import said."""


def connect(scheduler: str | None, workers: int):
    """A Dask client: of the cluster at ``scheduler`` (``tcp://HOST:PORT``), else of a local cluster of
    ``workers`` processes, one thread each, with no dashboard."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise Missing(str(exc)) from None
    if scheduler:
        return Client(scheduler, timeout="20s")
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    return Client(cluster)


def audit(
    client,
    paths: list[str],
    outputs: list[str],
    rules_data: dict | None,
    max_bytes: int,
    blocksize: int = BLOCK,
    progress: Callable[[int, int], None] | None = None,
) -> list[FileAudit]:
    """Settle every line of each of ``paths`` on the cluster, writing ``outputs`` (one each, atomically);
    ``progress(done, total)`` hears of each block settled."""
    from dask import delayed
    from dask.bytes import read_bytes

    _, blocks_of = read_bytes(paths, delimiter=b"\n", blocksize=blocksize, sample=False)
    counted = client.compute(
        [delayed(_count_lines)(block) for blocks in blocks_of for block in blocks]
    )
    counts = client.gather(counted)
    jobs, n = [], 0
    for blocks in blocks_of:
        first, mine = 1, []
        for block in blocks:
            mine.append(delayed(_settle)(block, first, rules_data, max_bytes))
            first += counts[n]
            n += 1
        jobs.append((mine, first - 1))
    futures = [client.compute(mine) for mine, _ in jobs]
    total, done = sum(len(mine) for mine, _ in jobs), 0
    found = []
    for path, output, (pending, lines) in zip(
        paths, outputs, zip(futures, (lines for _, lines in jobs))
    ):
        tally = {SETTLED: 0, DISPUTED: 0, REFUSED: 0, FAILED: 0}
        partial = f"{output}.part"
        with open(partial, "wb") as out:
            for future in pending:  # in order: a block's result is written once, in its place
                text, counts_of = future.result()
                out.write(text)
                for key, value in counts_of.items():
                    tally[key] += value
                future.release()
                done += 1
                if progress:
                    progress(done, total)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, output)
        found.append(
            FileAudit(
                path, output, lines, tally[SETTLED], tally[DISPUTED], tally[REFUSED], tally[FAILED]
            )
        )
    return found


def _count_lines(block: bytes) -> int:
    return block.count(b"\n") + (1 if block and not block.endswith(b"\n") else 0)


_RULES: dict = {}  # each worker's house rules, built once from the plain data sent with each block


def _settle(
    block: bytes, first: int, rules_data: dict | None, max_bytes: int
) -> tuple[bytes, dict[str, int]]:
    from ..engine.tables import preload_readings
    from ..records.rules import DEFAULT_RULES
    from .parallel import settle_block

    key = repr(rules_data)
    if key not in _RULES:
        preload_readings()
        _RULES[key] = DEFAULT_RULES.override(rules_data, "") if rules_data else DEFAULT_RULES
    return settle_block(first, block, _RULES[key], max_bytes)
