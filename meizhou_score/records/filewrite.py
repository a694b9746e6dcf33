"""A file the user keeps, written whole (原子寫入): a temporary file in the same folder, flushed
and synced, renamed over the old one, the folder synced; and the lock that keeps two writers of one
night apart. A crash at any moment leaves the old file or the new one, never half of either."""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import SessionFileError
from ..i18n.messages import at, msg
from .kept import refuse_unless_regular

_BOM = b"\xef\xbb\xbf"


READ_ONLY = msg("the file is read-only; nothing was written (make it writable to record in it)")


def refuse_read_only(path: str) -> None:
    """Refuse, before any question is asked, a file there that no one may write (its mode has no
    write bit), as the write itself would."""
    try:
        mode = os.stat(os.path.realpath(path)).st_mode
    except OSError:
        return
    if not mode & 0o222:
        raise SessionFileError(at(path, READ_ONLY))


def write(
    path: str, text: str, bom: bool = False, limit: int | None = None, follow: bool = True
) -> bytes:
    """Replace ``path`` with ``text`` atomically: temporary file, flush, fsync, rename,
    fsync the folder.

    A link is followed: its target is replaced and the link kept. With ``follow`` false, ``path``
    is already the file the caller resolved and read (the night service's): it is replaced where
    it stands, never a file a link there was re-pointed to meanwhile. A read-only file is refused,
    and so is a text over ``limit`` bytes (a session past the size limit could not be read again).
    A new file gets the mode the umask gives; a replaced one keeps its own. Returns the bytes
    written.
    """
    data = (_BOM if bom else b"") + text.encode("utf-8")
    if limit is not None and len(data) > limit:
        raise SessionFileError(
            at(
                path,
                msg(
                    "this hand would take the session to {size:,} bytes, past the limit of "
                    "{limit:,} (MEIZHOU_MAX_SESSION_BYTES); nothing was written: start a new night "
                    "in a new file (record NEW.yaml --players …)",
                    size=len(data),
                    limit=limit,
                ),
            )
        )
    refuse_unless_regular(path)  # a device or a pipe is never replaced by a regular file
    target = os.path.realpath(path) if follow else path
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = new_file_mode()
    if os.path.exists(target) and not mode & 0o222:
        raise SessionFileError(at(path, READ_ONLY))
    folder = os.path.dirname(target)
    temporary = None
    try:
        # a Ctrl-C is let through only once the file is named here, so that it is removed below
        with ctrl_c_held():
            fd, temporary = tempfile.mkstemp(
                prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder
            )
            handle = os.fdopen(fd, "wb")
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
        raise
    _sync_folder(folder)
    return data


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back, blocked but not lost, while the block runs: Python raises
    KeyboardInterrupt once it is let through, where the caller can undo what it began (a write's
    temporary file removed; bulk mode's workers, every one started, stopped by their pool)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def new_file_mode() -> int:
    """0666 less the umask, as any program that creates a file gives it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _sync_folder(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a folder that cannot be opened (Windows)
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems that cannot sync a folder
        pass
    finally:
        os.close(fd)


@contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock on the file's folder while it is read again and replaced.

    The lock is on the folder, not the file: the file is replaced by a rename,
    so a lock on it would be a lock on the old file. Where ``fcntl`` is missing
    (Windows) there is no lock.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        yield
        return
    fd = os.open(os.path.dirname(os.path.realpath(path)), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
