"""Audit (審計) on a Dask cluster: JSONL logs too big for one machine, settled by the bulk code.

The client never reads the logs. It splits each input into byte ranges by its
size alone — several per worker, so that a slow worker does not hold the end —
and the workers read their own ranges (local paths or any fsspec URL; see
:mod:`.blocks`). A first, cheap pass counts each range's lines; a prefix sum of
those counts gives each range its first line number. The second pass settles
each range with :func:`.parallel.settle_block` — the code of ``settle --jsonl``
— and the worker writes the results as a part file in a folder beside the
outputs; the client joins the parts of each input in order, as they come, by a
rename (the first) and kernel-side copies (the rest), so results never pass
through it. A worker lost mid-run costs nothing: Dask runs its ranges again
elsewhere, a part appears whole or not at all, and each is taken once, by its
place. Outputs are byte for byte what ``settle --jsonl FILE`` writes.

An input smaller than one range is not worth a cluster: :func:`audit_here`
settles it in this process with ``settle --jsonl``'s own loop.

Dask and distributed are an optional extra (``pip install 'meizhou-score[dask]'``),
imported only when a cluster is used.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, NamedTuple, TypeVar

from .blocks import count_lines, settle_range
from .errors import Missing, NotDask, Unreadable
from .lines import DISPUTED, FAILED, REFUSED, SETTLED, TooLong

if TYPE_CHECKING:
    from distributed import Client, Future

_Made = TypeVar("_Made")

SMALL = (
    4 << 20
)  # bytes in all under which the inputs are settled in this process, without a cluster
BLOCK_MIN, BLOCK_MAX = 1 << 20, 32 << 20  # the bounds of a block: a fraction of a second to seconds
PER_WORKER = 8  # blocks a worker gets in all: the last ones to finish are small


class FileAudit(NamedTuple):
    """One input's figures: its lines (blank ones included), and how many were settled, disputed,
    refused, failed."""

    input: str
    output: str
    lines: int
    settled: int
    disputed: int
    refused: int
    failed: int


def sizes(paths: list[str]) -> list[int]:
    """Each input's length in bytes, asked of its file system (no byte of it is read)."""
    found = []
    for path in paths:
        try:
            if "://" in path:
                import fsspec

                fs, inner = fsspec.core.url_to_fs(path)
                found.append(int(fs.size(inner)))
            else:
                found.append(os.path.getsize(path))
        except OSError as exc:
            raise Unreadable(path, exc.errno or 0, exc.strerror or str(exc)) from None
    return found


def block_size(total: int, workers: int) -> int:
    """A block for ``workers`` workers: ``PER_WORKER`` blocks each, within the bounds."""
    return max(BLOCK_MIN, min(BLOCK_MAX, -(-total // (workers * PER_WORKER))))


def connect(scheduler: str | None, scheduler_file: str | None, workers: int) -> Client:
    """A Dask client: of the cluster at ``scheduler`` (an address, ``tcp://HOST:PORT``) or named in
    ``scheduler_file``, else of a local cluster of ``workers`` processes, one thread each.

    The local cluster forks its workers where the system allows (Linux): a worker then starts with
    this process's modules already imported, in a fraction of a fresh interpreter's time, and
    serves every block of the run (``DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD`` still
    decides when it is set)."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise Missing(str(exc)) from None
    if scheduler or scheduler_file:
        return _within(
            lambda: Client(scheduler, scheduler_file=scheduler_file, timeout="20s"), HANDSHAKE
        )
    import logging
    import warnings

    quiet = {key: value for key, value in QUIET.items() if not _set_in_environment(key)}
    if sys.platform.startswith("linux") and not _set_in_environment(FORK):
        quiet[FORK] = "fork"
    quiet["distributed.worker.preload"] = ["meizhou_score.bulk.blocks"]  # Ctrl-C is the client's
    dask.config.set(quiet)
    from ..engine.tables import preload_readings

    preload_readings()  # forked workers inherit the tables
    with warnings.catch_warnings():  # "port 8787 is in use": a second cluster, on a port of its own
        warnings.simplefilter("ignore", UserWarning)
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.CRITICAL,  # a worker stopped by Ctrl-C is no error
        )
    return Client(cluster)


HANDSHAKE = 30  # seconds: Dask's own 20 s bound the connection, not an answer that never comes


def _within(connect: Callable[[], _Made], seconds: float) -> _Made:
    """``connect()``'s client, or :class:`NotDask` when it has none after ``seconds`` or fails on
    what answered (a web server read as Dask's handshake hung for ever, or asked for a buffer of
    its text's size: MemoryError). Dask's own refusals (nothing listening) pass as they are."""
    import threading

    made: list[_Made] = []
    failed: list[BaseException] = []

    def attempt() -> None:
        try:
            made.append(connect())
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=attempt, name="audit-connect", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise NotDask(f"no answer in Dask's protocol within {seconds} s")
    error = failed[0] if failed else None
    if isinstance(error, OSError):
        raise error
    if isinstance(error, BaseException):
        raise NotDask(f"{type(error).__name__}: {error}".rstrip(": ")) from None
    return made[0]


FORK = "distributed.worker.multiprocessing-method"
# A worker's own chores, which a local cluster of short runs can do less often: they took 15-25%
# of a core beside each block's thread (13.3 s of process time for 10.5 s of settling); now 4%.
QUIET = {
    "distributed.worker.profile.enabled": False,  # a look at the block's stack every 10 ms
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.system-monitor.interval": "5s",  # 500 ms
    "distributed.admin.tick.interval": "1s",  # 20 ms: the event loop's health check
    "distributed.worker.memory.monitor-interval": "1s",  # 100 ms
}


def _set_in_environment(key: str) -> bool:
    """Whether the user set a Dask setting in the environment (``DASK_A__B_C`` for ``a.b-c``)."""
    name = "DASK_" + key.upper().replace(".", "__").replace("-", "_")
    return name in os.environ


def close(client: Client) -> None:
    """Close a client, and stop its local cluster's workers (a remote cluster keeps running)."""
    cluster = getattr(client, "cluster", None)
    try:
        client.close()
    finally:
        if cluster is not None:
            cluster.close()


def workers_of(client: Client) -> int:
    """The threads a cluster's workers have in all: how many blocks it settles at once."""
    info = client.scheduler_info()  # a dict of Dask's, its values untyped
    threads: int = sum(worker.get("nthreads", 1) for worker in info.get("workers", {}).values())
    return max(1, threads)


def audit(
    client: Client,
    paths: list[str],
    outputs: list[str],
    rules_data: dict[str, Any] | None,  # a house-rules document, as read
    max_bytes: int,
    into: str,
    blocksize: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[FileAudit]:
    """Settle every line of each of ``paths`` on the cluster and write ``outputs`` (one each,
    renamed into place whole). ``into`` is an empty folder on the outputs' file system for the
    parts, where workers write when they can see it; ``progress(done, total)`` hears of each block
    joined."""
    lengths = sizes(paths)
    size = blocksize or block_size(sum(lengths), workers_of(client))
    ranges = [
        (n, path, offset, min(size, length - offset))
        for n, (path, length) in enumerate(zip(paths, lengths, strict=True))
        for offset in range(0, length, size)
    ]
    counted = [
        client.submit(count_lines, path, offset, length, pure=False, priority=1)
        for _, path, offset, length in ranges
    ]
    counts = client.gather(counted)
    del counted
    pending: list[list[tuple[Future[tuple[dict[str, int], bytes | None]], str]]] = [
        [] for _ in paths
    ]
    lines = [0] * len(paths)
    for (n, path, offset, length), count in zip(ranges, counts, strict=True):
        part = os.path.join(into, f"{n}.{len(pending[n])}.part")
        future = client.submit(
            settle_range,
            path,
            offset,
            length,
            lines[n] + 1,
            rules_data,
            max_bytes,
            part,
            pure=False,
        )
        pending[n].append((future, part))
        lines[n] += count
    found, done = [], 0
    for n, (path, output) in enumerate(zip(paths, outputs, strict=True)):
        tally = {SETTLED: 0, DISPUTED: 0, REFUSED: 0, FAILED: 0}
        joined = os.path.join(into, f"{n}.out")
        out = None
        try:
            for future, part in pending[n]:  # in order: each block's result once, in its place
                figures, text = future.result()
                future.release()
                out = _append(out, joined, part, text)
                for key, value in figures.items():
                    tally[key] += value
                done += 1
                if progress:
                    progress(done, len(ranges))
            out = out or open(joined, "wb")  # an empty input: an empty output
            out.flush()
            os.fsync(out.fileno())
        finally:
            if out:
                out.close()
        os.replace(joined, output)
        found.append(FileAudit(path, output, lines[n], *(tally[key] for key in _OUTCOMES)))
    return found


_OUTCOMES = (SETTLED, DISPUTED, REFUSED, FAILED)


def _append(out: IO[bytes] | None, joined: str, part: str, text: bytes | None) -> IO[bytes]:
    """The output so far with one more block: the first block's part becomes the output by a rename,
    the others are copied onto its end by the kernel; results a worker sent back are written."""
    if out is None:
        if text is None:
            os.replace(part, joined)
            out = open(joined, "r+b")  # not "ab": the kernel copies onto no file opened to append
            out.seek(0, os.SEEK_END)
            return out
        out = open(joined, "wb")
    if text is not None:
        out.write(text)
        return out
    out.flush()
    with open(part, "rb") as source:
        _copy(source, out)
    os.unlink(part)
    return out


def _copy(source: IO[bytes], out: IO[bytes]) -> None:
    """All of ``source`` onto the end of ``out``: in the kernel where it can, else in Python."""
    copy = getattr(os, "copy_file_range", None)
    if copy is not None:
        start = os.lseek(source.fileno(), 0, os.SEEK_CUR)
        try:
            while copy(source.fileno(), out.fileno(), 1 << 30):
                pass
            out.seek(0, os.SEEK_END)
            return
        except OSError as exc:  # a file system that cannot: copied in Python, from the start
            if (
                exc.errno not in _NO_KERNEL_COPY
                or os.lseek(source.fileno(), 0, os.SEEK_CUR) != start
            ):
                raise
    shutil.copyfileobj(source, out, 1 << 20)


_NO_KERNEL_COPY = {errno.EXDEV, errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EBADF}


def audit_here(
    paths: list[str],
    outputs: list[str],
    rules_data: dict[str, Any] | None,
    max_bytes: int,
    into: str,
) -> list[FileAudit]:
    """The same audit in this process, with ``settle --jsonl``'s own loop (inputs under a block)."""
    from .blocks import worker_rules
    from .lines import lines_of, run

    rules = worker_rules(rules_data)
    found = []
    for n, (path, output) in enumerate(zip(paths, outputs, strict=True)):
        joined = os.path.join(into, f"{n}.out")
        lines = [0]

        def numbered(source: IO[bytes], lines: list[int] = lines) -> Iterator[bytes | TooLong]:
            for line in lines_of(source, max_bytes):
                lines[0] += 1
                yield line

        with _open_input(path) as source, open(joined, "wb") as out:
            summary = run(numbered(source), out, rules, max_bytes)
            out.flush()
            os.fsync(out.fileno())
        os.replace(joined, output)
        found.append(FileAudit(path, output, lines[0], *summary))
    return found


def _open_input(path: str) -> IO[bytes]:
    try:
        if "://" in path:
            import fsspec

            opened: IO[bytes] = fsspec.open(path, "rb").open()  # fsspec ships no types
            return opened
        return open(path, "rb")
    except OSError as exc:
        raise Unreadable(path, exc.errno or 0, exc.strerror or str(exc)) from None
