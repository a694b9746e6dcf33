"""The night's session file on disk: grown a hand at a time, never left half-written.

``record`` appends a hand as text and ``undo`` cuts the last one out, so the
hands before it, the comments and the formatting stay byte for byte as the
user wrote them. Every change is checked by reading the new text back (the
hands before it must be exactly the old ones), written to a temporary file
in the same folder, flushed to disk and renamed over the original: a crash
at any moment leaves the old file or the new one. A lock on the folder keeps
two ``record`` runs from writing at once.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from typing import Any, Iterator, NamedTuple

from ..i18n.messages import at, cannot_read, msg
from ..errors import RecordError, SessionFileError
from .loader import DEFAULT_LIMITS, Limits, load_yaml, read_text

_BOM = b"\xef\xbb\xbf"


class SessionFile(NamedTuple):
    """A session file as read: its text (without a byte-order mark) and the data in it."""

    path: str
    text: str
    data: Any
    bom: bool
    newline: str  # "\n", or "\r\n" when the file was written so


def read(path: str, limits: Limits = DEFAULT_LIMITS) -> SessionFile | None:
    """The session file at ``path``, or None when there is none yet."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limits.session_bytes + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RecordError("", cannot_read(exc), path) from None
    if len(raw) > limits.session_bytes:
        raise RecordError("", msg("the file is larger than the limit for a session (MEIZHOU_MAX_SESSION_BYTES)"),
                          path)
    text = read_text(path, raw)  # the BOM, if any, is dropped here and put back on writing
    data = load_yaml(text, path)
    if not isinstance(data, dict) or "hands" not in data:
        raise RecordError("", msg("not a session: a session file has players and a list of hands (this looks like "
                                  "a single hand record; record appends to sessions only)"), path)
    newline = "\r\n" if "\r\n" in text else "\n"
    return SessionFile(path, text, data, raw.startswith(_BOM), newline)


def _hands_node(text: str, path: str):
    """The YAML node of the top-level ``hands`` list, and whether it is the file's last key."""
    import yaml

    root = yaml.compose(text, Loader=yaml.SafeLoader)  # marks only: the data came from the record loader
    keys = [key.value for key, _ in root.value]
    node = root.value[keys.index("hands")][1]
    if not isinstance(node, yaml.SequenceNode) or node.flow_style:
        raise SessionFileError(at(path, msg(
            "hands: written as [...] on one line; record and undo change only a list written one '- ' item per hand")))
    return node, keys[-1] == "hands"


def with_hand(session: SessionFile, item: Any) -> str:
    """The file's text with one more hand appended at the end: ``item(indent, newline)`` writes it."""
    node, last = _hands_node(session.text, session.path)
    if not last:
        raise SessionFileError(at(session.path, msg(
            "hands: is not the last key of the file, so a hand appended at the end would not belong to it; move "
            "hands: to the end")))
    text = session.text
    if text and not text.endswith("\n"):
        text += session.newline
    new = text + item(node.start_mark.column, session.newline)
    _check(session, new, session.data["hands"], extra=1)
    return new


def without_last(session: SessionFile) -> tuple[str, str]:
    """(the file's text without its last hand, that hand's text as written)."""
    node, last = _hands_node(session.text, session.path)
    if len(node.value) < 2:
        raise SessionFileError(at(session.path, msg(
            "the session has one hand only and a session needs at least one; use record --amend to replace it, or "
            "delete the file to start again")))
    start, end = _last_item(session.text, node, last)
    new = session.text[:start] + session.text[end:]
    _check(session, new, session.data["hands"][:-1], extra=0)
    return new, session.text[start:end]


def with_last_replaced(session: SessionFile, item: Any) -> str:
    """The file's text with its last hand replaced by ``item(indent, newline)`` (``record --amend``)."""
    node, last = _hands_node(session.text, session.path)
    if not last:
        raise SessionFileError(at(session.path, msg("hands: is not the last key of the file; move hands: to the end")))
    start, _ = _last_item(session.text, node, last)
    text = session.text[:start]
    new = text + item(node.start_mark.column, session.newline)
    _check(session, new, session.data["hands"][:-1], extra=1)
    return new


def _last_item(text: str, node, last: bool) -> tuple[int, int]:
    """Where the last hand's text starts (its dash's line) and ends (the file's end when hands: is last)."""
    item = node.value[-1]
    dash = text.rindex("-", 0, item.start_mark.index)
    start = text.rfind("\n", 0, dash) + 1  # the whole line the dash stands on
    if text[start:dash].strip():
        start = dash
    return start, (len(text) if last else item.end_mark.index)


def _check(session: SessionFile, new: str, hands_before: list, extra: int) -> None:
    """The new text must read back as the same session with ``extra`` hands more after ``hands_before``."""
    try:
        data = load_yaml(new, session.path)
    except RecordError as exc:
        raise SessionFileError(at(session.path, msg(
            "the file could not be changed safely ({why}); nothing was written", why=exc.message))) from None
    same = (isinstance(data, dict) and isinstance(data.get("hands"), list)
            and len(data["hands"]) == len(hands_before) + extra
            and data["hands"][:len(hands_before)] == hands_before
            and {k: v for k, v in data.items() if k != "hands"} == {k: v for k, v in session.data.items()
                                                                 if k != "hands"})
    if not same:
        raise SessionFileError(at(session.path, msg(
            "the file could not be changed safely (its layout is unusual); nothing was written")))


def write(path: str, text: str, bom: bool = False) -> None:
    """Replace ``path`` with ``text`` atomically: temporary file, flush, fsync, rename, fsync the folder."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write((_BOM if bom else b"") + text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(temporary, os.stat(path).st_mode & 0o7777)
        except FileNotFoundError:
            pass
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)


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
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
