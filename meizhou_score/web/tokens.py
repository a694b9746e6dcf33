"""One link per night (連結): the secret of ``serve --lan`` kept in the user's state folder.

``$XDG_STATE_HOME/meizhou-score/links.json`` (``~/.local/state`` when unset) maps each night's
real path to its token, so ``serve`` again prints the same link and the phones' cookies keep
working; ``--new-link`` makes a new one and the old stops working. The file is the user's alone
(mode 0600, its folder 0700) and is replaced atomically.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile


def state_folder() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return os.path.join(base, "meizhou-score")


def link_token(night_path: str, new: bool = False) -> str:
    """The night's token: the one kept for its real path, or a new one (192 bits) kept from now."""
    folder = state_folder()
    store = os.path.join(folder, "links.json")
    key = os.path.realpath(night_path)
    try:
        with open(store, encoding="utf-8") as handle:
            kept = json.load(handle)
        if not isinstance(kept, dict):
            kept = {}
    except (OSError, ValueError):
        kept = {}
    token = kept.get(key)
    if isinstance(token, str) and len(token) >= 22 and token.isascii() and not new:
        return token
    kept[key] = token = secrets.token_urlsafe(24)
    os.makedirs(folder, mode=0o700, exist_ok=True)
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
    return token
