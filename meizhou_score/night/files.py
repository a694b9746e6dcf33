"""The night's file on disk (文件): its bytes read without ever blocking, and the temporary files
a killed writer left behind.

A night is a regular file: a FIFO or a device is refused (opening a FIFO to read it would wait for
a writer forever). The writer (:mod:`~meizhou_score.records.filewrite`) writes
``.NAME.XXXXXXXX.tmp`` beside the file and renames it over the file; a writer killed between the
two leaves it behind, and the next writer, under the file's lock, removes it.
"""

from __future__ import annotations

import os
import re
import stat

from ..errors import RecordError
from ..i18n.messages import cannot_read
from ..records import kept
from ..records.filewrite import locked
from ..records.kept import NOT_REGULAR as NOT_REGULAR


def read_bytes(path: str, most: int) -> bytes | None:
    """At most ``most`` bytes of the file at ``path`` (None when there is none), never waiting on
    a FIFO: read by :func:`~meizhou_score.records.kept.read_regular`, the one reader of a kept
    file, a node that is not a regular file refused as a :class:`RecordError`."""
    try:
        return kept.read_regular(path, most, RecordError)
    except (RecordError, IsADirectoryError):  # a folder: the system will not give it (a 503)
        raise
    except OSError as exc:
        raise RecordError("", cannot_read(exc), path) from None


def resolve(path: str) -> str:
    """The file ``path`` names, every link followed: where the night is read and written, once a
    change has resolved it (a link re-pointed later does not move the change)."""
    return os.path.realpath(path)


def refuse_irregular(path: str, name: str | None = None) -> None:
    """Refuse a ``path`` that is there but not a regular file (missing or unreadable: the reader
    says which); ``name``: what the message calls it, in the words of
    :mod:`~meizhou_score.records.kept`."""
    try:
        found = os.stat(path)
    except OSError:
        return
    if not (
        stat.S_ISREG(found.st_mode) or stat.S_ISDIR(found.st_mode)
    ):  # a folder: its reader says
        raise kept.not_regular(path if name is None else name, RecordError)


def tidy(path: str) -> list[str]:
    """Remove the temporary files the writer of ``path`` left (its own name pattern, regular files
    only); call it under the file's lock, when no writer is at work. The names removed."""
    folder, name = os.path.split(os.path.realpath(path))
    left = re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]{{8}}\.tmp")
    try:
        names = [n for n in os.listdir(folder) if left.fullmatch(n)]
    except OSError:
        return []
    removed = []
    for n in names:
        try:
            if stat.S_ISREG(os.lstat(os.path.join(folder, n)).st_mode):
                os.unlink(os.path.join(folder, n))
                removed.append(n)
        except OSError:
            pass
    return removed


def tidy_up(path: str) -> list[str]:
    """:func:`tidy` under the file's lock (a folder that cannot be locked: nothing done)."""
    try:
        with locked(path):
            return tidy(path)
    except OSError:
        return []
