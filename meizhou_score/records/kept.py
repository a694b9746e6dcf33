"""A file the program keeps and changes (the night, the ledger) is a regular file (一般文件).

A night is read, then replaced by a rename; a ledger is opened by SQLite, which puts its journal
beside it. Given a device (``/dev/null``), a pipe or a socket instead, the first would replace the
node with a regular file (as root, the system's ``/dev/null``) or wait for ever on the pipe, and the
second would leave ``<node>-journal`` behind. So such a path is refused before anything is opened,
and the night is read through a descriptor that is checked again once open (a node swapped in
meanwhile is refused too, and opening a pipe never waits).
"""

from __future__ import annotations

import os
import stat

from ..errors import RecordError, SessionFileError
from ..i18n.messages import at, msg


def refuse_unless_regular(path: str, error: type[Exception] = SessionFileError) -> None:
    """Raise ``error`` when ``path`` is there (through any link) and is not a regular file or a
    folder (a folder is refused by whoever opens it, in its own words). A path not there passes."""
    try:
        found = os.stat(path)
    except OSError:  # missing, a dangling link, a loop: the caller's own open says so
        return
    _refuse(path, found.st_mode, error)


def read_regular(path: str, limit: int, error: type[Exception] = SessionFileError) -> bytes | None:
    """At most ``limit`` bytes of the regular file ``path``, never waiting on a pipe; None when
    there is no file. Any other kind of node is refused (``error``) without a byte read; other
    errors are ``OSError``. The one reader of a kept file: the night's service, ``record``,
    ``undo`` and ``audit`` all refuse a pipe in the same words."""
    refuse_unless_regular(path, error)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    with open(fd, "rb") as handle:
        _refuse(path, os.fstat(fd).st_mode, error)
        return handle.read(limit)


NOT_REGULAR = msg(
    "not a regular file (a device, a pipe or a socket): the program keeps its "
    "files as regular files only, so nothing was read or written"
)


def not_regular(path: str, error: type[Exception] = SessionFileError) -> Exception:
    """The one refusal of a node that is not a regular file, as ``error`` (a
    :class:`RecordError` is given the path as its source, any other the path in its words)."""
    if issubclass(error, RecordError):
        return error("", NOT_REGULAR, path)
    return error(at(path, NOT_REGULAR))


def _refuse(path: str, mode: int, error: type[Exception]) -> None:
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return
    raise not_regular(path, error)
