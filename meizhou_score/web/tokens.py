"""One link per night (連結): the secret of ``serve --lan`` kept in the user's state folder.

``$XDG_STATE_HOME/meizhou-score/links.json`` (``~/.local/state`` when unset, or when it is not an
absolute path: the XDG spec says a relative one is invalid and ignored) maps each night's real
path to its token, so ``serve`` again prints the same link and the phones' cookies keep working;
``--new-link`` makes a new one and the old stops working. The file is the user's alone (mode
0600, its folder 0700); it is read and rewritten under a lock (``links.lock`` beside it, flock)
and replaced atomically, so servers started at once keep every night's token.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import tempfile
from collections.abc import Iterator


def state_folder() -> str:
    base = os.environ.get("XDG_STATE_HOME") or ""
    if not os.path.isabs(base):  # unset, empty or relative: the spec's default
        base = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "meizhou-score")


def link_token(night_path: str, new: bool = False) -> str:
    """The night's token: the one kept for its real path, or a new one (192 bits) kept from now."""
    key = os.path.realpath(night_path)
    with _kept() as kept:
        token = kept.get(key)
        if isinstance(token, str) and len(token) >= 22 and token.isascii() and not new:
            return token
        kept[key] = token = secrets.token_urlsafe(24)
    return token


def revoke(night_path: str) -> bool:
    """Forget the night's token: its link stops working (the next ``--lan`` makes a new one).
    Whether there was one."""
    with _kept() as kept:
        return kept.pop(os.path.realpath(night_path), None) is not None


@contextlib.contextmanager
def _kept() -> Iterator[dict[str, object]]:
    """links.json's mapping (a night's real path → its token; whatever else the file holds is
    JSON read back and judged where it is used), under the lock; written back (atomically) when
    it changed."""
    folder = state_folder()
    os.makedirs(folder, mode=0o700, exist_ok=True)
    store = os.path.join(folder, "links.json")
    lock = os.open(os.path.join(folder, "links.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with open(store, encoding="utf-8") as handle:
                kept = json.load(handle)
            if not isinstance(kept, dict):
                kept = {}
        except (OSError, ValueError):
            kept = {}
        before = dict(kept)
        yield kept
        if kept != before:
            _write(folder, store, kept)
    finally:
        os.close(lock)  # the lock goes with it


def _write(folder: str, store: str, kept: dict[str, object]) -> None:
    fd, temporary = tempfile.mkstemp(prefix=".links.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(kept, handle, indent=1, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, store)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
